"""Shared synthetic corpora for the synth tests (generated once per session)."""

from __future__ import annotations

import pytest

from masketeer_gui.synth.generator import SynthCorpus, generate


@pytest.fixture(scope="session")
def corpus_5000() -> SynthCorpus:
    """The size the brief asks the profile to be checked on (a held-out seed)."""
    return generate(5000, 12345)


@pytest.fixture(scope="session")
def small_corpus() -> SynthCorpus:
    return generate(300, 5)
