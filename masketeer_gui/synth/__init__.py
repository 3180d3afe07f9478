"""Synthetic HerzMobil-like notes with gold PHI spans, and scoring against that gold.

Used for the demo project, tests, benchmarks and the accuracy evaluation (``bench/eval_accuracy.py``).
Everything here is invented; the generator keeps its own name pools, independent of ``dictionaries/``.
"""

from masketeer_gui.evaluation.scoring import Confusion, Offsets, match_note
from masketeer_gui.synth.breakdown import Evaluation, stratified_sample
from masketeer_gui.synth.generator import SynthCorpus, generate
from masketeer_gui.synth.gold import GoldNote, GoldSpan, TrapSpan, read_gold

__all__ = [
    "Confusion",
    "Evaluation",
    "GoldNote",
    "GoldSpan",
    "Offsets",
    "SynthCorpus",
    "TrapSpan",
    "generate",
    "match_note",
    "read_gold",
    "stratified_sample",
]
