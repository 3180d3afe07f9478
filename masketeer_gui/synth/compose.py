"""Compose one note of a target length: optional greeting, PHI sentences, filler, optional sign-off.

Long notes (care reports) are grouped under headings. Spelling noise, lower-case starts and missing
full stops are applied to plain text only, so gold spans stay exact.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from random import Random

from masketeer_gui.synth import contacts, letters, mentions, phrases, vocab
from masketeer_gui.synth.builder import Piece, Sentence, lit, render, token_count
from masketeer_gui.synth.scene import Scene, weighted
from masketeer_gui.synth.typos import noisy
from masketeer_gui.synth.values import VALUE_SLOTS

MENTIONS_PER_TOKEN = 0.02
P_SIGNOFF, P_GREETING, P_WORD_TYPO = 0.38, 0.18, 0.012
_PHI_TYPES = weighted((k, w * 20) for k, w in phrases.PHI_WEIGHTS.items())
_FILLER_TYPES = weighted(phrases.FILLER_WEIGHTS.items())
_PHI_BY_LENGTH = ((3, 0.3), (10, 0.48), (30, 0.57), (80, 0.68))
_TINY = ("Passt.", "keine Ödeme.", "Werte ok.", "Danke!", "Pat. stabil.", "Gew. {gew} kg.", "RR {rr}.", "ok.")

SLOTS: dict[str, Callable[[Scene], Sentence]] = {
    "PAT": mentions.patient,
    "REL": mentions.relative,
    "DOC": lambda s: mentions.hcp(s, s.colleague(doctor=True)),
    "NURSE": lambda s: mentions.hcp(s, s.colleague(doctor=False)),
    "GP": lambda s: mentions.hcp(s, s.gp()),
    "SIT": contacts.site,
    "PHO": contacts.phone,
    "MAI": contacts.email,
    "WEB": contacts.website,
    "ADD": contacts.address,
    "ZIP": contacts.zip_code,
    "ADDZIP": contacts.full_address,
    "town": lambda s: [Piece(s.pick(vocab.TOWNS_FOR_TRAPS), trap="town")],
}


def _fill(scene: Scene, name: str) -> Sentence:
    if name == "gew":  # the patient's own weight, give or take
        kg = scene.patient.body_kg + scene.rng.gauss(0, 1.2)
        return [Piece(f"{kg:.1f}".replace(".", ","), trap="phone-like")]
    value = VALUE_SLOTS.get(name)
    if value is not None:
        return [Piece(value[0](scene.rng), trap=value[1])]
    return SLOTS[name](scene)


def sentence(scene: Scene, template: str) -> Sentence:
    """Render ``template`` in ``scene`` and add typing noise to its plain text."""
    pieces = render(template, lambda name: _fill(scene, name))
    for i in range(1, len(pieces)):  # "am 04.01." + "." -> one full stop
        if pieces[i].plain and pieces[i].text.startswith(".") and pieces[i - 1].text.endswith("."):
            pieces[i] = Piece(pieces[i].text[1:])
    return _roughen([p for p in pieces if p.text], scene.rng)


def _roughen(pieces: Sentence, rng: Random) -> Sentence:
    first = pieces[0]
    if (
        first.plain
        and len(first.text) > 1
        and first.text[0].isupper()
        and first.text[1].islower()
        and rng.random() < 0.12
    ):
        pieces[0] = Piece(first.text[0].lower() + first.text[1:])
    last = pieces[-1]
    if last.plain and last.text.endswith(".") and rng.random() < 0.15:
        pieces[-1] = Piece(last.text[:-1]) if len(last.text) > 1 else lit("")
    return [Piece(noisy(p.text, rng, P_WORD_TYPO)) if p.plain else p for p in pieces]


def phi_sentence(scene: Scene, short: bool) -> Sentence:
    if short and scene.chance(0.7):
        return sentence(scene, scene.fresh(phrases.SHORT_PHI))
    return sentence(scene, scene.fresh(phrases.PHI[scene.pick(_PHI_TYPES)]))


def filler_sentence(scene: Scene, remaining: int) -> Sentence:
    if remaining <= 3:
        return sentence(scene, scene.fresh(_TINY))
    roll = scene.rng.random()
    for trap, share in phrases.TRAP_WEIGHTS.items():
        if roll < share:
            return sentence(scene, scene.fresh(phrases.TRAPS[trap]))
        roll -= share
    return sentence(scene, scene.fresh(phrases.FILLER[scene.pick(_FILLER_TYPES)]))


def p_phi(target: int) -> float:
    """Chance that a note of ``target`` tokens names anyone (longer notes more often do)."""
    for limit, share in _PHI_BY_LENGTH:
        if target <= limit:
            return share
    return 0.88


def poisson(rng: Random, lam: float) -> int:
    """A Poisson draw (Knuth; normal approximation for large ``lam``)."""
    if lam > 30:
        return max(0, round(rng.gauss(lam, math.sqrt(lam))))
    limit, k, prod = math.exp(-lam), 0, rng.random()
    while prod > limit:
        k += 1
        prod *= rng.random()
    return k


def compose(scene: Scene, target: int) -> list[Piece]:
    """The pieces of one note of about ``target`` white-space tokens."""
    rng = scene.rng
    has_phi = rng.random() < p_phi(target)
    if target <= 3 and not has_phi:
        return sentence(scene, scene.pick(phrases.SHORT))
    lam = target * MENTIONS_PER_TOKEN * (1 + target / 2000)  # care reports name a few more people
    mentions_left = 1 + poisson(rng, lam) if has_phi else 0
    head, tail = _frame(scene, has_phi, mentions_left)
    mentions_left -= bool(head and has_phi) + bool(tail and has_phi)
    body = [phi_sentence(scene, target < 8) for _ in range(max(0, mentions_left))]
    count = token_count(head) + token_count(tail) + sum(token_count(s) for s in body)
    while count < target or not body:
        remaining = target - count
        filler = filler_sentence(scene, remaining)
        body.insert(len(body) if remaining <= 3 else rng.randrange(len(body) + 1), filler)
        count += token_count(filler)
    middle = _report(scene, body) if count >= 90 and rng.random() < 0.8 else _message(rng, body)
    if tail:
        middle.append(lit(rng.choice((" ", "\n", "\n", " - ")) if middle else ""))
    return [p for p in (*head, *middle, *tail) if p.text]


def _frame(scene: Scene, has_phi: bool, mentions_left: int) -> tuple[Sentence, Sentence]:
    """Greeting and sign-off: the author's name and a colleague's, or name-less traps."""
    tail: Sentence = []
    head: Sentence = []
    if has_phi and scene.chance(P_SIGNOFF):
        tail = letters.signoff(scene)
        mentions_left -= 1
    elif not has_phi and scene.chance(0.03):
        tail = letters.signoff_trap(scene)
    if has_phi and mentions_left > 0 and scene.chance(P_GREETING):
        head = letters.greeting(scene, scene.colleague(doctor=scene.author.profession != "doctor"))
    elif not has_phi and scene.chance(0.02):
        head = letters.greeting_trap(scene)
    return head, tail


def _message(rng: Random, body: list[Sentence]) -> Sentence:
    out: Sentence = []
    for i, part in enumerate(body):
        if i:
            out.append(lit(" " if rng.random() < 0.88 else "\n"))
        out.extend(part)
    return out


def _report(scene: Scene, body: list[Sentence]) -> Sentence:
    """A care report: sections of 2–6 sentences, each under a heading, one section per line."""
    out: Sentence = []
    i = 0
    while i < len(body):
        size = scene.rng.randint(2, 6)
        if out:
            out.append(lit(scene.pick(("\n", "\n", "\n\n"))))
        out.append(lit(scene.pick(phrases.HEADINGS) + scene.pick((" ", " ", "\n"))))
        out.extend(_message(scene.rng, body[i : i + size]))
        i += size
    return out
