"""Person-name surrogates that keep the name's form.

Each name part is keyed on its own folded form, so "Maria Huber" -> "Theresa Gruber" and a later
"Huber" alone -> "Gruber". Per note, ``plan_names`` gives every word of a run of adjacent name spans
a role (first name or surname: by the name lists, else by position: the last word is the surname)
and a gender (the first name's own, else the salutation's: "Frau", "Hr.", "Dr.in"). Hyphenated names
stay hyphenated part by part, initials stay initials, "Hubers"/"Huber's" keep their genitive,
particles ("von") and titles are kept, and capitalisation follows the original.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from masketeer_gui.engine.names import PARTICLES
from masketeer_gui.engine.normalize import fold
from masketeer_gui.engine.span import NAME_ENTITIES, Span
from masketeer_gui.engine.surrogates.forms import fit_text, match_case
from masketeer_gui.engine.surrogates.knowledge import NameKnowledge
from masketeer_gui.engine.surrogates.toolkit import Toolkit

WORD = re.compile(r"[^\W\d_]+(?:[-‐‑'’][^\W\d_]+)*")
_HYPHEN = re.compile(r"([-‐‑])")
_JOINERS = frozenset(" .-\t")
_APOSTROPHE_S = ("'s", "’s", "'S", "’S")


@dataclass(frozen=True, slots=True)
class NameSlot:
    """What one word of a name is: ``role`` first or last (surname), ``gender`` f, m or ''."""

    role: str = "last"
    gender: str = ""


LAST = NameSlot()


def name_runs(text: str, spans: Sequence[Span]) -> list[list[int]]:
    """Indices of runs of adjacent person-name spans ("Maria" "Huber"), one list per person."""
    runs: list[list[int]] = []
    for k, span in enumerate(spans):
        if span.entity not in NAME_ENTITIES:
            continue
        previous = spans[runs[-1][-1]] if runs else None
        gap = text[previous.end : span.start] if previous else "x"
        if previous is not None and len(gap) <= 3 and all(c in _JOINERS for c in gap) and runs[-1][-1] == k - 1:
            runs[-1].append(k)
        else:
            runs.append([k])
    return runs


def plan_names(text: str, spans: Sequence[Span], knowledge: NameKnowledge) -> dict[int, tuple[NameSlot, ...]]:
    """Per name span, one ``NameSlot`` per word of it."""
    plan: dict[int, tuple[NameSlot, ...]] = {}
    for run in name_runs(text, spans):
        words = [(k, m.group()) for k in run for m in WORD.finditer(text, spans[k].start, spans[k].end)]
        names = [i for i, (_, word) in enumerate(words) if _is_name_word(word, knowledge)]
        gender = knowledge.gender_before(text, spans[run[0]].start)
        informal = len(names) == 1 and knowledge.after_informal(text, spans[run[0]].start)
        slots: dict[int, list[NameSlot]] = {k: [] for k in run}
        for i, (k, word) in enumerate(words):
            role = _role(word, bool(names) and i == names[-1] and not informal, knowledge)
            slots[k].append(NameSlot(role, gender if role == "first" else ""))
        plan.update({k: tuple(v) for k, v in slots.items()})
    return plan


def _is_name_word(word: str, knowledge: NameKnowledge) -> bool:
    folded = fold(word)
    return len(word) > 1 and folded not in PARTICLES and not knowledge.is_title(folded)


def _role(word: str, is_last: bool, knowledge: NameKnowledge) -> str:
    """first or last: by the lists when they agree on one, else the last word of a run is the surname
    (``is_last`` is False for a lone name after a greeting: "Lieber Walter")."""
    base, _ = split_genitive(word, knowledge)
    parts = [fold(p) for p in _HYPHEN.split(base)[::2] if p]
    first = all(p in knowledge.first_names for p in parts)
    last = all(p in knowledge.surnames for p in parts)
    if first != last:
        return "first" if first else "last"
    return "last" if is_last else "first"


def split_genitive(word: str, knowledge: NameKnowledge, ref: str = "") -> tuple[str, str]:
    """``("Huber", "s")`` for "Hubers", ``("Huber", "'s")`` for "Huber's", else ``(word, "")``."""
    if word.endswith(_APOSTROPHE_S) and len(word) > 3:
        return word[:-2], word[-2:]
    if len(word) > 3 and word[-1] in "sS":
        folded = fold(word)
        if (ref and folded == ref + "s") or (not _known(folded, knowledge) and _known(folded[:-1], knowledge)):
            return word[:-1], word[-1]
    return word, ""


def _known(folded: str, knowledge: NameKnowledge) -> bool:
    parts = [p for p in _HYPHEN.split(folded)[::2] if p]
    return bool(parts) and all(p in knowledge.first_names or p in knowledge.surnames for p in parts)


def name_surrogate(kit: Toolkit, surface: str, slots: Sequence[NameSlot], scope: str, ref: str = "") -> str:
    """The surrogate of a name span's text, word by word (``slots`` from ``plan_names``)."""
    out: list[str] = []
    position = 0
    matches = list(WORD.finditer(surface))
    for k, match in enumerate(matches):
        slot = slots[k] if k < len(slots) else LAST
        out.append(surface[position : match.start()])
        out.append(word_surrogate(kit, match.group(), slot, scope, ref if len(matches) == 1 else ""))
        position = match.end()
    out.append(surface[position:])
    return "".join(out)


def word_surrogate(kit: Toolkit, word: str, slot: NameSlot, scope: str, ref: str = "") -> str:
    """One word of a name: initial, particle or title kept as such, hyphen parts and genitive kept."""
    folded = fold(word)
    if len(word) > 1 and (folded in PARTICLES or kit.knowledge.is_title(folded)):
        return word
    base, suffix = split_genitive(word, kit.knowledge, ref)
    pieces = _HYPHEN.split(base)
    new = "".join(p if i % 2 else part_surrogate(kit, p, slot, scope) for i, p in enumerate(pieces))
    if suffix[:1] in ("s", "S") and new[-1:].lower() in ("s", "x", "z", "ß"):
        suffix = "'"  # "Fuchs'" rather than "Fuchss"
    return new + suffix


def part_surrogate(kit: Toolkit, part: str, slot: NameSlot, scope: str) -> str:
    """A first name of the same gender, a surname, or an initial for one name part."""
    if not part:
        return part
    ref = fold(part)
    pools = kit.pools
    if len(part) == 1:
        return match_case(part, kit.chooser.choose("INITIAL", ref, pools.initials, scope))
    if slot.role == "first":
        gender = kit.knowledge.gender(ref) or slot.gender
        pool = pools.female if gender == "f" else pools.male if gender == "m" else pools.first
    else:
        pool = pools.surnames
    chosen = kit.chooser.choose("NAME", ref, pool, scope, kit.length(len(part)))
    return match_case(part, fit_text(chosen, kit.length(len(part)), pad=chosen[-1]))
