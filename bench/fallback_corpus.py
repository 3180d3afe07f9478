"""A simple synthetic corpus with the paper's length profile, for when ``masketeer_gui.synth`` is absent.

Note lengths follow a log-normal fitted to the paper's section 2.1 (median 21 tokens, mean
34.87, clipped to 1..621); 59% of the notes carry PHI (section 3.1) in salutation, dictionary,
site and phone sentences. All names are made up from a short list; nothing is real.
"""

from __future__ import annotations

import json
import math
import random
from pathlib import Path

from masketeer_gui.engine.stats import count_tokens

MEDIAN_TOKENS, MEAN_TOKENS, MAX_TOKENS = 21.0, 34.87, 621
PHI_SHARE = 0.5914
FIRST = (
    "Anna",
    "Maria",
    "Lukas",
    "Johann",
    "Theresa",
    "Florian",
    "Katharina",
    "Stefan",
    "Elisabeth",
    "Martin",
)
SURNAMES = (
    "Gstrein", "Pölzl", "Haslwanter", "Tschiderer", "Kirchmair", "Neurauter", "Zangerl", "Praxmarer",
    "Hörtnagl", "Margreiter", "Wechselberger", "Schöpf", "Falkner", "Kapferer", "Ennemoser", "Rainer",
)  # fmt: skip
SITES = ("BKH Schwaz", "LKH Hall", "Klinik Innsbruck", "KH Zams", "BKH Lienz")
PHI_SENTENCES = (
    "Telefonat mit Frau {s}.",
    "Rückruf von Dr. {s} erbeten.",
    "Pat. war bei Fr. Dr. {s} im {site} zur Kontrolle.",
    "Hr. {s} berichtet über vermehrte Atemnot beim Stiegensteigen.",
    "Bitte Befund an {f} {s} weiterleiten.",
    "Erreichbar unter 0512 {p3} {p4}.",
    "LG {f}",
    "Überweisung ins {site} geplant.",
)
FILLER = (
    "Gewicht stabil bei {n} kg.", "Keine Ödeme.", "Blutdruck {n}/80 mmHg, Puls {n}.",
    "Medikation unverändert.", "Patient fühlt sich wohl, keine Beschwerden.", "Ja.",
    "Diuretikum wie besprochen reduziert.",
    "Leichte Knöchelödeme beidseits, sonst unauffällig.", "Schlaf gut, Appetit gut.", "Termin vereinbart.",
    "Laborwerte im Normbereich, Kalium {n}.", "Belastbarkeit gebessert, Spaziergang täglich {n} Minuten.",
)  # fmt: skip


def _length(rng: random.Random) -> int:
    sigma = math.sqrt(2 * math.log(MEAN_TOKENS / MEDIAN_TOKENS))
    return max(1, min(MAX_TOKENS, round(rng.lognormvariate(math.log(MEDIAN_TOKENS), sigma))))


def _fill(template: str, rng: random.Random) -> str:
    return template.format(
        s=rng.choice(SURNAMES), f=rng.choice(FIRST), site=rng.choice(SITES), n=rng.randint(40, 140),
        p3=rng.randint(100, 999), p4=rng.randint(1000, 9999),
    )  # fmt: skip


def note_text(rng: random.Random) -> str:
    """One note of a random length; PHI sentences first (as many as the length allows), then filler."""
    target = _length(rng)
    sentences: list[str] = []
    if rng.random() < PHI_SHARE:
        sentences += [_fill(rng.choice(PHI_SENTENCES), rng) for _ in range(1 + int(rng.expovariate(1.0)))]
    tokens = sum(count_tokens(s) for s in sentences)
    while tokens < target:
        sentence = _fill(rng.choice(FILLER), rng)
        sentences.append(sentence)
        tokens += count_tokens(sentence)
    rng.shuffle(sentences)
    return " ".join(sentences)


def write_corpus(path: Path, n: int, seed: int) -> None:
    """``n`` notes as JSONL (``id``, ``text``)."""
    rng = random.Random(seed)
    with path.open("w", encoding="utf-8") as handle:
        for i in range(n):
            handle.write(json.dumps({"id": f"N{i:06d}", "text": note_text(rng)}, ensure_ascii=False) + "\n")
