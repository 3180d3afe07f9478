"""Keeping the form of the original: capitalisation, length, digits, ASCII spelling for addresses on the web.

Small pure helpers the surrogate builders share: "HUBER" -> "GRUBER", "huber" -> "gruber";
digits replaced digit for digit with everything else kept; a fixed length by truncating or padding.
"""

from __future__ import annotations

import re
import unicodedata

_ASCII = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "Ä": "Ae", "Ö": "Oe", "Ü": "Ue", "ß": "ss"})
_NOT_HOST = re.compile(r"[^a-z0-9-]+")
_DIGIT_RUNS = re.compile(r"([0-9]+)")


def match_case(template: str, word: str) -> str:
    """``word`` written like ``template``: all capitals, all lower case, or as the pool writes it."""
    if len(template) > 1 and template.isupper():
        return word.upper()
    if template.islower():
        return word.lower()
    if template[:1].isupper() and word[:1].islower():
        return word[:1].upper() + word[1:]
    return word


def fit_text(text: str, length: int | None, pad: str = " ") -> str:
    """``text`` cut or padded (with ``pad`` repeated) to ``length``; unchanged when ``length`` is None."""
    if length is None or len(text) == length:
        return text
    if len(text) > length:
        return text[:length]
    filler = (pad * (length - len(text)))[: length - len(text)]
    return text + filler


def ascii_word(text: str) -> str:
    """German letters spelled out (ä -> ae, ß -> ss), other accents dropped: for e-mail and host names."""
    spelled = text.translate(_ASCII)
    return unicodedata.normalize("NFKD", spelled).encode("ascii", "ignore").decode("ascii")


def host_label(text: str) -> str:
    """A host-name label from a place or site name: "Lärchenbühel" -> "laerchenbuehel"."""
    return _NOT_HOST.sub("-", ascii_word(text).lower()).strip("-") or "x"


def replace_digits(text: str, digits: str) -> str:
    """``text`` with its digits, in order, replaced by ``digits`` (as many as it has)."""
    source = iter(digits)
    return "".join(next(source) if "0" <= c <= "9" else c for c in text)


def new_digits(text: str, digits: str) -> str:
    """``text`` with its digits replaced by ``digits`` run by run; a run starts with 0 only if the original did."""
    out: list[str] = []
    used = 0
    for run in _DIGIT_RUNS.split(text):
        if run and "0" <= run[0] <= "9":
            drawn = digits[used : used + len(run)]
            used += len(run)
            if run[0] != "0" and drawn[0] == "0":
                drawn = str(1 + int(drawn[-1]) % 9) + drawn[1:]
            out.append(drawn)
        else:
            out.append(run)
    return "".join(out)
