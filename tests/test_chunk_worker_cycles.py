"""A worker's chunks leave no reference cycles behind: ``parallel`` runs its pool with ``freeze_leftovers``
(what a chunk leaves alive is frozen, never collected), which is sound only while that holds."""

from __future__ import annotations

import gc

from masketeer_gui.commands.deidentify import default_factory
from masketeer_gui.parallel import ChunkWorker, EngineSpec
from masketeer_gui.synth.generator import generate


def test_chunks_of_notes_make_no_cyclic_garbage() -> None:
    corpus = generate(300, seed=7)
    for mode in ("tags", "surrogates"):
        spec = EngineSpec(default_factory, None, b"k" * 32, mode=mode, settle_types=True, want_stats=True)
        worker = ChunkWorker(spec)
        chunks = [
            [(n["id"], n["text"], n.get("patient_id", "")) for n in corpus.notes[i : i + 50]]
            for i in range(0, len(corpus.notes), 50)
        ]
        worker.process(chunks[0])  # lazily built parts first (a first use may build memos with cycles once)
        was = gc.isenabled()
        gc.collect()
        gc.disable()
        try:
            results = [worker.process(chunk) for chunk in chunks[1:]]
            del results
            assert gc.collect() == 0
        finally:
            if was:
                gc.enable()
