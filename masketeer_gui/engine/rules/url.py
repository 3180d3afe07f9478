"""RegexWebsite: web addresses, with or without scheme.

Covers "https://www.tirol-kliniken.at/herzmobil?x=1", "http://herzmobil.at", "www.herzmobil.at",
"WWW.Herzmobil-Tirol.at/kontakt", and bare domains with a known top-level domain
("herzmobil-tirol.at", "gesundheit.gv.at", "ärztekammer.at").

Validation beside the pattern: a bare domain (no scheme, no "www.") needs a lower-case top-level
domain from ``BARE_TLDS`` right after a label of two or more characters that is not a common
abbreviation, so "z.B.", "u.a.", "Pat.Nr", "ca.5", "gut.Das" and "Pat.at" never match. Trailing
sentence punctuation and an unbalanced closing bracket are left out of the span.

Fails on: bare domains with other top-level domains ("praxis.tirol", "klinik.bayern"), domains
glued to the previous sentence without a space ("Termin vereinbart.herzmobil.at" gives the whole
chain), and IP addresses. An e-mail address also contains a domain: ``find_rule_spans`` lets the
e-mail win.
"""

from __future__ import annotations

import re
from typing import Final

from masketeer_gui.engine.deferred import DeferredPattern
from masketeer_gui.engine.normalize import fold
from masketeer_gui.engine.rules.base import span, word_set
from masketeer_gui.engine.span import Entity, Span

BARE_TLDS = ("at", "de", "com", "org", "net", "eu", "info", "ch", "it", "li", "edu", "gov", "health")
_LABEL = r"[^\W_](?:[\w\-]*[^\W_])?"
_PATH = r"(?:[/?#][^\s<>\"'„“”]*)?"
_URL: Final = DeferredPattern(  # compiled when a note first may hold an address of the web
    rf"(?P<scheme>\b(?i:https?|ftp)://[^\W_][^\s<>\"'„“”]*)"
    rf"|(?<![\w.@/\-])(?P<www>[Ww]{{3}}\.{_LABEL}(?:\.{_LABEL})+){_PATH}"
    rf"|(?<![\w.@/\-])(?P<bare>{_LABEL}(?:\.{_LABEL})*\.(?:{'|'.join(BARE_TLDS)}))(?![\w\-@]|\.\w){_PATH}"
)
# Abbreviations that a missing space glues to a word that looks like a top-level domain ("Pat.at").
_ABBREVIATIONS: Final = word_set(
    """
    pat dr bzw evtl ca ggf usw zb inkl exkl lt mind max min tgl std tbl fr hr prof mag dipl ing med univ nr
    tel str vs od ua sog vgl zt allg abt amb stat kons
    """
)
_BARE_TLD: Final = re.compile(r"\.(?:" + "|".join(BARE_TLDS) + r")\b")
_TRAILING: Final = ".,;:!?'\"»«)]}"
_SCHEME: Final = re.compile(r"^(?:https?|ftp)://(?:www\d{0,3}\.)?|^www\d{0,3}\.", re.IGNORECASE)


def _may_hold_address(text: str) -> bool:
    """A quick test before the pattern runs: a scheme, a "www." or a known top-level domain is in the note (a
    one-character search before each longer one it implies: most notes have neither ":" nor "W")."""
    return (
        (":" in text and "://" in text)
        or "ww." in text
        or ("W" in text and "WW." in text)
        or _BARE_TLD.search(text) is not None
    )


def _trim(url: str) -> str:
    """Drop sentence punctuation after the address, keeping a ")" that closes a "(" inside it."""
    while url and url[-1] in _TRAILING:
        if url[-1] == ")" and url.count("(") >= url.count(")"):
            break
        url = url[:-1]
    return url


def normalise(url: str) -> str:
    """The reference form: no scheme, no "www.", folded, no trailing slash."""
    return fold(_SCHEME.sub("", url)).rstrip("/")


def _bare_ok(host: str) -> bool:
    """A bare domain's label before the TLD has two or more characters and is no abbreviation."""
    label = host.split(".")[-2]
    return len(label) >= 2 and label.lower() not in _ABBREVIATIONS


class UrlRule:
    """Web addresses (see the module docstring for what is covered)."""

    name = "RegexWebsite"
    entity = Entity.WEB
    needs_digit = False  # said, not left out: a rule without it costs the merge a failed attribute look-up

    def find(self, text: str) -> list[Span]:
        spans: list[Span] = []
        if not _may_hold_address(text):
            return spans
        for match in _URL.finditer(text):
            bare = match.group("bare")
            if bare is not None and not _bare_ok(bare):
                continue
            url = _trim(match.group())
            if not url:
                continue
            kind = "with scheme" if match.group("scheme") else "www" if match.group("www") else "bare domain"
            start = match.start()
            spans.append(span(self, start, start + len(url), f"web address pattern ({kind})", normalise(url)))
        return spans
