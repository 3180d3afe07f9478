"""Leak check after replacement: a name that was masked somewhere but survives elsewhere (partial leak).

"Frau Maria Huber" is masked, yet "Hubers Tochter" two lines later or "Huber" in the patient's next
note was not: the classic partial leak. ``name_forms`` collects the comparison forms of the names a
note's name spans covered (each part of "Huber-Egger", genitive stripped); ``find_leaks`` scans the
output text OUTSIDE its replacements for any word whose form matches (case-, umlaut- and
"ue"/"u"-insensitive, genitive "Hubers"/"Huber's" and hyphen parts included).
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable, Iterable, Mapping
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from typing import Any

from masketeer_gui.engine.lists import NameLists
from masketeer_gui.engine.names import PARTICLES
from masketeer_gui.engine.normalize import fold
from masketeer_gui.engine.render import output_ranges
from masketeer_gui.engine.span import NAME_ENTITIES, Entity

_WORD = re.compile(r"[^\W\d_]+(?:['’][sS])?")
_SPELLED = re.compile(r"(?<=[aou])e")
MIN_LENGTH = 3
WordTest = Callable[[str], bool]
STOP_WORDS = frozenset({"dr", "med", "mag", "frau", "herr", "herrn", "prof", "univ", "dipl", "ing"}) | PARTICLES


@dataclass(frozen=True, slots=True)
class Leak:
    """A surviving name form at ``text[start:end]`` of the OUTPUT; ``source`` note, patient or list."""

    start: int
    end: int
    source: str


def loose(word: str) -> str:
    """The loosest comparison form: folded, umlauts without their e ("Müller" = "Mueller" = "Muller")."""
    return _SPELLED.sub("", fold(word))


def _forms_of(word: str, skip: WordTest | None = None) -> set[str]:
    """Forms of one word of a name: the word, without a genitive "'s"/"s", never stop words or initials
    (nor, with ``skip``, parts that ``skip`` calls ordinary words)."""
    forms = set()
    for part in word.replace("’", "'").split("-"):
        base = part[:-2] if part.lower().endswith("'s") else part
        if skip is not None and skip(fold(base)):
            continue
        for candidate in (base, base[:-1] if base.lower().endswith("s") and len(base) > 4 else ""):
            form = loose(candidate)
            if len(form) >= MIN_LENGTH and fold(candidate) not in STOP_WORDS:
                forms.add(form)
    return forms


def name_forms(text: str, spans: Iterable[Mapping[str, Any]], skip: WordTest | None = None) -> set[str]:
    """Forms of every name a note's person-name spans (``start``, ``end``, ``entity``) covered.

    ``skip`` (e.g. ``Lexicon.is_word``) leaves out names that are ordinary words ("Sommer", "Koch"):
    use it for forms searched in OTHER notes, where the word reading is the likely one."""
    forms: set[str] = set()
    for span in spans:
        if Entity(span["entity"]) in NAME_ENTITIES:
            for word in re.findall(r"[^\W\d_]+(?:[-‐‑'’][^\W\d_]+)*", text[span["start"] : span["end"]]):
                forms |= _forms_of(word.replace("‐", "-").replace("‑", "-"), skip)
    return forms


def listed_forms(names: NameLists, skip: WordTest | None = None) -> set[str]:
    """Forms of the deployment lists' names (patients, HCPs, persons); whitelist words and, with ``skip``,
    ordinary words left out."""
    whitelist = {fold(w) for w in names.whitelist}
    forms: set[str] = set()
    for entry in (*names.patients, *names.hcps, *names.persons):
        for word in entry.replace(",", " ").split():
            forms |= {f for f in _forms_of(word.strip("."), skip) if f not in whitelist}
    return forms


def find_leaks(
    record: Mapping[str, Any],
    note: AbstractSet[str],
    patient: AbstractSet[str] = frozenset(),
    listed: AbstractSet[str] = frozenset(),
    is_word: WordTest | None = None,
) -> list[Leak]:
    """Words of an output ``record`` (``text``, ``spans`` with ``pseudonym``) outside its replacements
    that match a form of this note's names, of the patient's other notes, or of the lists.

    With ``is_word``, a lower-case word that is an ordinary word ("max", "sommer") is no leak."""
    text = record["text"]
    masked = output_ranges(record)
    starts = [start for start, _ in masked]
    leaks: list[Leak] = []
    for match in _WORD.finditer(text):
        k = bisect.bisect_right(starts, match.end() - 1) - 1
        if k >= 0 and masked[k][1] > match.start():
            continue
        word = match.group()
        if is_word is not None and word.islower() and is_word(fold(word)):
            continue
        source = _source(word, note, patient, listed)
        if source:
            leaks.append(Leak(match.start(), match.end(), source))
    return leaks


def _source(word: str, note: AbstractSet[str], patient: AbstractSet[str], listed: AbstractSet[str]) -> str:
    base = word[:-2] if word[-2:].lower() in ("'s", "’s") else word
    forms = {loose(base)}
    if base[-1:] in ("s", "S") and len(base) > 3:
        forms.add(loose(base[:-1]))
    for source, known in (("note", note), ("patient", patient), ("list", listed)):
        if forms & known:
            return source
    return ""
