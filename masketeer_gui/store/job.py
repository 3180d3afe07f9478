"""One run's analysis loop: read a chunk of notes, analyse it (here or in worker processes), save its spans.

No write lock is held while the engine works: each chunk's spans are saved in their own short
transaction (one executemany). With ``workers > 1`` on Linux, the analyzer and the run's feedback
are built once here and inherited by the workers of the batch runner (``batch.py``: spans come
back in order, workers die with this process and never hold the project lock); elsewhere the
run stays in this process. Forking a process that runs other threads is only safe when those
threads hold no locks the workers need, so the store defaults to one worker and the CLI asks for more.
With the engine's name evidence (``analyze_typed``), the run then settles each person's type across
the project (``type_settling``), as ``masketeer deidentify`` settles its run.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from sqlalchemy import select

from masketeer_gui.batch import Workload, run_ordered
from masketeer_gui.engine.pseudonyms import PseudonymIssuer
from masketeer_gui.engine.span import Entity
from masketeer_gui.store import settings
from masketeer_gui.store.analyzers import Analyzer
from masketeer_gui.store.db import Database
from masketeer_gui.store.feedback import Feedback
from masketeer_gui.store.models import Note, NoteText
from masketeer_gui.store.notes import parse_counts
from masketeer_gui.store.rows import AnalyzedNote
from masketeer_gui.store.type_settling import INSERT_NAMES, INSERT_SPANS, ProjectSettler, PulledNote, names_blob

CHUNK = 250
WRITE_EVERY = 20_000  # spans buffered before a write transaction
Progress = Callable[[int, int, Sequence[AnalyzedNote]], None]  # notes done, total, the chunk just done
NoteInput = tuple[int, str, str, str | None, str]  # id, text, external id, patient id, text hash
SpanTuple = tuple[int, int, str, str, str, str, str]  # start, end, entity, masker, reason, flags, ref
Analysed = tuple[list[SpanTuple], str | None]  # a note's spans and its name evidence (``names_blob``)


class RunCancelled(Exception):
    """Raised inside a run when ``cancel()`` says so; the run is then recorded as cancelled."""


@dataclass(frozen=True, slots=True)
class NoteResult:
    """What a run learned about one note: the text hash it analysed and its span counts."""

    text_hash: str
    spans: int
    flagged: int
    counts: str


def _analyse_chunk(state: tuple[Analyzer, Feedback], chunk: list[NoteInput]) -> list[Analysed]:
    analyzer, feedback = state
    return _analyse_here(analyzer, feedback, chunk)


class Job:
    """Analyse notes for run ``run_id`` and save their spans; returns note id -> ``NoteResult``."""

    def __init__(
        self,
        db: Database,
        run_id: int,
        analyzer: Analyzer,
        feedback: Feedback,
        *,
        pseudonyms: bool,
        progress: Progress | None,
        cancel: Callable[[], bool] | None,
    ) -> None:
        self.db, self.run_id, self.analyzer, self.feedback = db, run_id, analyzer, feedback
        self.progress, self.cancel = progress, cancel
        self.issuer: PseudonymIssuer | None = None
        if pseudonyms:
            with db.write() as session:
                self.issuer = PseudonymIssuer(settings.pseudonym_key(session))
        self.results: dict[int, NoteResult] = {}
        self.total = 0
        self._pending: list[tuple[object, ...]] = []
        self._pending_names: list[tuple[int, int, str]] = []
        self.settler = ProjectSettler(db, run_id, self.issuer)

    def run(self, targets: Sequence[int], workers: int = 1) -> dict[int, NoteResult]:
        self.total = len(targets)
        processes = workers if len(targets) > CHUNK else 1
        prepare = getattr(self.analyzer, "prepare", None)
        if processes > 1 and callable(prepare):
            prepare()  # every index the engine reads lazily, read here once: the forked workers inherit them
        workload = Workload(_analyse_chunk, (self.analyzer, self.feedback))  # forked workers inherit it
        items = ((chunk, chunk) for chunk in self._chunks(targets))
        for chunk, found in run_ordered(workload, items, processes):
            self._save(chunk, found)
        self.flush()
        self._settle()
        return self.results

    def _settle(self) -> None:
        """One type per person across the project: retype this run's names, take in the notes it retypes.
        A run that analysed no note changed no evidence: the project is settled as it was."""
        if not self.results:
            return
        moved, pulled = self.settler.settle(self.results)
        for note_id, changes in moved.items():
            result = self.results[note_id]
            counts = {str(entity): n for entity, n in parse_counts(result.counts).items()}
            for old, new in changes:
                counts[old] -= 1
                counts[new] = counts.get(new, 0) + 1
            self.results[note_id] = NoteResult(result.text_hash, result.spans, result.flagged, _counts(counts))
        for note_id, note in pulled.items():
            self.results[note_id] = _pulled_result(note)

    def _chunks(self, targets: Sequence[int]) -> Iterator[list[NoteInput]]:
        for i in range(0, len(targets), CHUNK):
            if self.cancel is not None and self.cancel():
                raise RunCancelled
            with self.db.read() as session:
                rows = session.execute(
                    select(Note.id, NoteText.text, Note.external_id, Note.patient_id, Note.text_hash)
                    .join(NoteText, NoteText.note_id == Note.id)
                    .where(Note.id.in_(targets[i : i + CHUNK]))
                ).all()
            yield [(nid, text, ext, patient, digest) for nid, text, ext, patient, digest in rows]

    def _save(self, chunk: list[NoteInput], found: list[Analysed]) -> None:
        analyzed: list[AnalyzedNote] = []
        for (note_id, text, _, _, digest), (spans, names) in zip(chunk, found, strict=True):
            self._pending.extend(self._rows(note_id, text, spans))
            if names is not None:
                self._pending_names.append((self.run_id, note_id, names))
                self.settler.add(note_id, names)
            counts: dict[str, int] = {}
            for span in spans:
                counts[span[2]] = counts.get(span[2], 0) + 1
            stored = _counts(counts)
            result = self.results[note_id] = NoteResult(digest, len(spans), sum(1 for s in spans if s[5]), stored)
            analyzed.append(AnalyzedNote(note_id, result.spans, result.flagged, parse_counts(stored)))
        if len(self._pending) >= WRITE_EVERY:
            self.flush()
        if self.progress is not None:
            self.progress(len(self.results), self.total, analyzed)

    def flush(self) -> None:
        """Write the buffered spans in one short transaction."""
        if self._pending or self._pending_names:
            with self.db.write() as session:
                if self._pending:
                    session.connection().exec_driver_sql(INSERT_SPANS, self._pending)
                if self._pending_names:
                    session.connection().exec_driver_sql(INSERT_NAMES, self._pending_names)
            self._pending, self._pending_names = [], []

    def _rows(self, note_id: int, text: str, spans: list[SpanTuple]) -> Iterator[tuple[object, ...]]:
        issuer = self.issuer
        for start, end, entity, masker, reason, flags, ref in spans:
            tag = issuer.tag(Entity(entity), ref or text[start:end]) if issuer else None
            yield (self.run_id, note_id, start, end, entity, masker, reason, flags, ref, tag)


def _analyse_here(analyzer: Analyzer, feedback: Feedback, chunk: list[NoteInput]) -> list[Analysed]:
    """Spans as plain tuples (cheap to send back from a worker and to write), and the name evidence
    when the engine gives it (``analyze_typed``; a stand-in analyzer may not)."""
    typed = getattr(analyzer, "analyze_typed", None)
    out: list[Analysed] = []
    for nid, text, ext, patient, _ in chunk:
        context = feedback.context(nid, ext, patient)
        names = None
        if typed is None:
            spans = analyzer.analyze(text, context)
        else:
            note = typed(text, context)
            spans, names = note.spans, names_blob(text, note.spans, note.evidence, note.patient_id)
        rows = [(s.start, s.end, s.entity.value, s.masker, s.reason, ",".join(s.flags), s.ref) for s in spans]
        out.append((rows, names))
    return out


def _counts(counts: dict[str, int]) -> str:
    """The note list's summary of a result: "HCP:1,PER:2" (types with no span left out)."""
    return ",".join(f"{name}:{counts[name]}" for name in sorted(counts) if counts[name])


def _pulled_result(note: PulledNote) -> NoteResult:
    counts: dict[str, int] = {}
    for span in note.spans:
        counts[span[2]] = counts.get(span[2], 0) + 1
    return NoteResult(note.text_hash, len(note.spans), sum(1 for s in note.spans if s[5]), _counts(counts))
