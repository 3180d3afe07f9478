"""Evaluation samples as in the paper (2.3.1): N notes stratified by the number of spans per note.

Strata 0, 1, 2, 3, 4, 5, 6-10 and >10 spans (optionally crossed with note-length tertiles);
each stratum gets its proportional share of N, rounded by largest remainder (ties to the
earlier stratum); notes are drawn with ``random.Random(seed)``, so a seed reproduces a sample.
A drawn sample is frozen with the result each note had, and those spans are kept.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from sqlalchemy import and_, func, select
from sqlalchemy.orm import Session

from masketeer_gui.engine.span import Span
from masketeer_gui.store.db import Database
from masketeer_gui.store.errors import InvalidChangeError, NotFoundError, ProjectStateError
from masketeer_gui.store.models import Note, Run, Sample, SampleNote, SpanRecord, utcnow
from masketeer_gui.store.notes import spans_of
from masketeer_gui.store.rows import RunStatus, SampleNoteRow, SampleRow, StratumRow

STRATA = ("0", "1", "2", "3", "4", "5", "6-10", ">10")
TERTILES = ("short", "medium", "long")
DEFAULT_N = 200


def stratum_of(spans: int) -> str:
    """The paper's stratum for a note with ``spans`` pseudonymizations."""
    return str(spans) if spans <= 5 else "6-10" if spans <= 10 else ">10"


def allocate(sizes: Mapping[str, int], n: int) -> dict[str, int]:
    """Proportional allocation of ``n`` over strata of ``sizes``, largest remainder, in ``sizes`` order."""
    total = sum(sizes.values())
    if n >= total:
        return dict(sizes)
    base = {name: n * size // total for name, size in sizes.items()}
    remainders = sorted(sizes, key=lambda name: (-(n * sizes[name] % total), list(sizes).index(name)))
    for name in remainders[: n - sum(base.values())]:
        base[name] += 1
    return base


def length_cuts(lengths: Sequence[int]) -> tuple[int, int]:
    """Lengths at one and two thirds: below the first is short, below the second medium."""
    ordered = sorted(lengths)
    return ordered[len(ordered) // 3], ordered[2 * len(ordered) // 3]


def strata_of(notes: Mapping[int, tuple[int, int]], by_length: bool) -> dict[str, list[int]]:
    """Note ids per stratum (fixed order) from note id -> (span count, length)."""
    cuts = length_cuts([length for _, length in notes.values()]) if by_length and notes else (0, 0)
    names = [f"{s}/{t}" for s in STRATA for t in TERTILES] if by_length else list(STRATA)
    groups: dict[str, list[int]] = {name: [] for name in names}
    for note_id in sorted(notes):
        count, length = notes[note_id]
        name = stratum_of(count)
        if by_length:
            name += "/" + TERTILES[(length >= cuts[0]) + (length >= cuts[1])]
        groups[name].append(note_id)
    return groups


def draw(
    notes: Mapping[int, tuple[int, int]], n: int, seed: int, by_length: bool = False
) -> tuple[list[StratumRow], list[tuple[int, str]]]:
    """Strata with their quotas, and the drawn (note id, stratum) pairs in a seeded random order."""
    if n < 1:
        raise InvalidChangeError("a sample needs at least one note")
    rng = random.Random(seed)
    groups = strata_of(notes, by_length)
    quotas = allocate({name: len(ids) for name, ids in groups.items()}, n)
    picks = [(note_id, name) for name, ids in groups.items() for note_id in rng.sample(ids, quotas[name])]
    rng.shuffle(picks)
    return [StratumRow(name, len(groups[name]), quotas[name]) for name in groups], picks


def _counts(session: Session) -> dict[int, tuple[int, int]]:
    query = (
        select(Note.id, Note.text_length, Note.result_run_id, func.count(SpanRecord.id))
        .outerjoin(SpanRecord, and_(SpanRecord.note_id == Note.id, SpanRecord.run_id == Note.result_run_id))
        .group_by(Note.id)
    )
    out: dict[int, tuple[int, int]] = {}
    for note_id, length, run_id, spans in session.execute(query):
        if run_id is None:
            raise ProjectStateError("some notes have not been analysed yet; run the project first")
        out[note_id] = (spans, length)
    return out


def sample_row(sample: Sample) -> SampleRow:
    strata = tuple(StratumRow(s["name"], s["size"], s["quota"]) for s in sample.strata or [])
    return SampleRow(
        sample.id,
        sample.name,
        sample.created_at,
        sample.who,
        sample.seed,
        sample.n,
        sample.by_length,
        sample.run_id,
        strata,
    )


class Samples:
    """Draw, freeze and read evaluation samples."""

    def __init__(self, db: Database, user: str) -> None:
        self._db = db
        self._user = user

    def plan(self, n: int = DEFAULT_N, seed: int = 0, by_length: bool = False) -> list[StratumRow]:
        """The strata and quotas a draw would use, without saving anything."""
        with self._db.read() as session:
            return draw(_counts(session), n, seed, by_length)[0]

    def draw(
        self,
        n: int = DEFAULT_N,
        seed: int = 0,
        *,
        by_length: bool = False,
        name: str = "",
        who: str | None = None,
    ) -> SampleRow:
        """Draw a stratified sample of the current results and freeze it in the project."""
        with self._db.write() as session:
            counts = _counts(session)
            strata, picks = draw(counts, n, seed, by_length)
            latest = session.scalar(select(func.max(Run.id)).where(Run.status == RunStatus.DONE))
            sample = Sample(
                name=name,
                created_at=utcnow(),
                who=who or self._user,
                seed=seed,
                n=len(picks),
                by_length=by_length,
                run_id=latest,
                strata=[{"name": s.name, "size": s.size, "quota": s.quota} for s in strata],
            )
            session.add(sample)
            session.flush()
            runs = dict(session.execute(select(Note.id, Note.result_run_id)).all())
            session.add_all(
                SampleNote(
                    sample_id=sample.id,
                    note_id=note_id,
                    run_id=runs[note_id],
                    stratum=stratum,
                    position=position,
                )
                for position, (note_id, stratum) in enumerate(picks)
            )
            return sample_row(sample)

    def get(self, sample_id: int) -> SampleRow:
        with self._db.read() as session:
            return sample_row(_get(session, sample_id))

    def notes(self, sample_id: int) -> list[SampleNoteRow]:
        """The sample's notes in their drawn order."""
        with self._db.read() as session:
            _get(session, sample_id)
            rows = session.execute(
                select(SampleNote, Note.external_id)
                .join(Note)
                .where(SampleNote.sample_id == sample_id)
                .order_by(SampleNote.position)
            )
            return [
                SampleNoteRow(sn.sample_id, sn.note_id, ext, sn.stratum, sn.position, sn.run_id) for sn, ext in rows
            ]

    def spans(self, sample_id: int, note_id: int) -> tuple[Span, ...]:
        """The spans the sample judges for one of its notes (as they were when it was drawn)."""
        with self._db.read() as session:
            entry = session.get(SampleNote, (sample_id, note_id))
            if entry is None:
                raise NotFoundError(f"note {note_id} is not in sample {sample_id}")
            return tuple(span for span, _pseudonym in spans_of(session, note_id, entry.run_id))

    def list(self) -> list[SampleRow]:
        with self._db.read() as session:
            return [sample_row(s) for s in session.scalars(select(Sample).order_by(Sample.id))]


def _get(session: Session, sample_id: int) -> Sample:
    sample = session.get(Sample, sample_id)
    if sample is None:
        raise NotFoundError(f"no sample with id {sample_id}")
    return sample
