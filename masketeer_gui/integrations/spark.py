"""De-identify a Spark DataFrame with the CLI's engine: the same pseudonyms, types and tags for one key.

``deidentify_dataframe(df, key=...)`` runs what ``masketeer deidentify`` runs, as Spark stages:

1. every executor builds the engine once (its Python worker keeps it for every later task) and runs
   the CLI's first pass (``parallel.ChunkWorker``) over its partitions with ``mapInPandas``: output
   line, per span ``(tag, digest)``, and the note's name-type evidence. Cached in memory only
   (``MEMORY_ONLY``: a lost partition is recomputed, never spilled to disk);
2. the evidence is tallied per partition and the tallies are added up on the driver (a ``TypeTally``
   merges by addition), resolved there once (one type per person across the whole DataFrame) and
   broadcast;
3. the run's references (as each note typed them, and as the corpus retypes them) are grouped by
   base tag; only the groups of two or more reach the driver, which applies ``engine.collisions``'
   order-free rule and broadcasts the few lengthened tags;
4. each note is settled as the CLI's second pass settles it (``settling``: ``engine.retype``'s
   ``settled_line`` with the lengthened tags and the moved names).

Steps 2 and 3 run when the function is called (two small jobs); step 4 runs when the result is used.
Surrogates mode settles the types too (step 2; only the span's ``entity`` moves, since a surrogate
does not depend on a name's type) and has no tags to collide (no step 3).
pyspark, pandas and pyarrow are imported only here, when called: ``pip install 'masketeer-gui[spark]'``.
"""

from __future__ import annotations

import hashlib
import multiprocessing
import pickle
import sys
import warnings
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from masketeer_gui.engine import fastjson
from masketeer_gui.engine.collisions import collision_tags, retyped_references, settled_retag
from masketeer_gui.engine.lists import NameLists
from masketeer_gui.engine.pseudonyms import DEFAULT_LENGTH
from masketeer_gui.engine.render import Tagger
from masketeer_gui.engine.retype import NoteTyping, Retag, SettledTypes, settled_line
from masketeer_gui.engine.span import Entity
from masketeer_gui.engine.type_resolution import TypeTally, resolve_types

if TYPE_CHECKING:
    import pyarrow as pa
    from pyspark.sql import DataFrame, SparkSession

    from masketeer_gui.parallel import ChunkWorker

SPANS_TYPE = "array<struct<start:int,end:int,entity:string,masker:string,pseudonym:string,flags:array<string>>>"
LINE = "masketeer_line"  # the CONTRACT output line of a note (what ``masketeer deidentify`` writes)
_TAGS = "masketeer_tags"
_TYPING = "masketeer_typing"
_TALLY = "masketeer_tally"  # a chunk's TypeTally, pickled, on the chunk's first row (None on the others)
_Batches = Iterator["pa.RecordBatch"]


@dataclass(frozen=True)
class SparkJob:
    """What every executor needs to build the engine; broadcast once per call."""

    key: bytes
    names: NameLists | None = None
    mode: str = "tags"
    tag_length: int = DEFAULT_LENGTH
    length_preserving: bool = False
    fingerprint: str = field(default="", compare=False)

    def __post_init__(self) -> None:
        if self.mode not in ("tags", "surrogates"):
            raise ValueError(f"mode must be 'tags' or 'surrogates', not {self.mode!r}")
        if len(self.key) < 16:
            raise ValueError("key too short (at least 16 bytes)")
        body = pickle.dumps((self.key, self.names, self.mode, self.tag_length, self.length_preserving))
        object.__setattr__(self, "fingerprint", hashlib.sha256(body).hexdigest())


def deidentify_dataframe(
    df: DataFrame,
    *,
    key: bytes,
    names: NameLists | Mapping[str, Any] | None = None,
    mode: str = "tags",
    text_col: str = "text",
    id_col: str = "id",
    patient_col: str | None = None,
) -> DataFrame:
    """``df``'s notes de-identified: columns ``id_col`` (as text), ``text_col`` (the de-identified text) and
    ``spans`` (start, end, entity, masker, pseudonym, flags; offsets into the ORIGINAL text), and
    ``patient_col`` when given (it scopes surrogates and tells the engine a note's patient).

    ``key``: the pseudonym key (a ``--key-file``'s bytes give the CLI's tags); ``names``: deployment
    lists (a ``NameLists`` or the ``--names`` JSON shape). ``mode``: ``"tags"`` or ``"surrogates"``.
    Each person gets one type across the whole DataFrame, as in ``masketeer deidentify``; other
    columns are not carried (join back on ``id_col``). Row order is not kept (Spark's as usual).
    """
    lists = names if isinstance(names, NameLists) or names is None else NameLists.from_mapping(names)
    lines = deidentified_lines(df, SparkJob(key, lists, mode), text_col, id_col, patient_col)
    keep = [id_col, *([patient_col] if patient_col else [])]
    schema = ", ".join([*(f"`{c}` string" for c in keep), f"`{text_col}` string", f"spans {SPANS_TYPE}"])
    return lines.mapInArrow(lambda batches: _columns(batches, keep, text_col), schema)


def deidentified_lines(
    df: DataFrame,
    job: SparkJob,
    text_col: str = "text",
    id_col: str = "id",
    patient_col: str | None = None,
    keep: Iterable[str] = (),
) -> DataFrame:
    """Columns ``id_col``, ``patient_col``, ``keep`` (passed through, as text) and ``LINE``: each note's
    output line exactly as ``masketeer deidentify`` writes it (bytes, newline included)."""
    from pyspark import StorageLevel

    _quiet()
    spark = df.sparkSession
    carried = list(dict.fromkeys([id_col, *([patient_col] if patient_col else []), *keep]))
    shared = spark.sparkContext.broadcast(job)
    first = f"{', '.join(f'`{c}` string' for c in carried)}, {LINE} binary"
    staged = df.mapInArrow(
        _first_pass(shared, carried, id_col, text_col, patient_col),
        f"{first}, {_TAGS} array<struct<tag:string,digest:string>>, {_TYPING} binary, {_TALLY} binary",
    ).persist(StorageLevel.MEMORY_ONLY)
    resolution = resolve_types(_corpus_tally(staged))
    settled = spark.sparkContext.broadcast(resolution)
    lengthened = _collision_tags(staged, shared, settled, job.tag_length) if job.mode == "tags" else {}
    final = spark.sparkContext.broadcast(lengthened)
    return staged.mapInArrow(_second_pass(shared, settled, final, carried), first)


def local_session(
    master: str = "local[2]", partitions: int | None = None, local_dir: str | None = None
) -> SparkSession:
    """A Spark session on this machine only: no UI, bound to 127.0.0.1, this Python for the workers.

    ``local_dir``: Spark's scratch folder (give an owner-only one: Spark may write note text there).
    """
    import os

    from pyspark.sql import SparkSession

    _quiet()
    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)  # workers import this package from this env
    os.environ.setdefault("PYSPARK_DRIVER_PYTHON", sys.executable)
    cores = partitions or _cores(master)
    builder = (
        SparkSession.builder.master(master)
        .appName("masketeer")
        .config("spark.ui.enabled", "false")
        .config("spark.ui.showConsoleProgress", "false")
        .config("spark.driver.host", "127.0.0.1")
        .config("spark.driver.bindAddress", "127.0.0.1")
        .config("spark.sql.shuffle.partitions", str(cores))
        .config("spark.default.parallelism", str(cores))
        .config("spark.sql.execution.arrow.pyspark.enabled", "true")
    )
    if local_dir:
        builder = builder.config("spark.local.dir", local_dir)
    session = builder.getOrCreate()
    session.sparkContext.setLogLevel("ERROR")
    return session


def _quiet() -> None:
    """PySpark warns on every pandas-based call about pandas 3; this package passes Arrow batches only."""
    warnings.filterwarnings("ignore", "PySpark does not yet fully support pandas", FutureWarning)


def _cores(master: str) -> int:
    inside = master[master.find("[") + 1 : master.find("]")] if "[" in master else "1"
    if inside == "*":
        return multiprocessing.cpu_count()
    return int(inside) if inside.isdigit() else 2


# --- executor side: module-level so workers import them by name; the engine is kept per Python worker

_WORKER: dict[str, ChunkWorker] = {}


def _worker(job: SparkJob) -> ChunkWorker:
    """This Python worker's engine for ``job``, built on its first task and kept for the later ones."""
    worker = _WORKER.get(job.fingerprint)
    if worker is None:
        from masketeer_gui.engine.pipeline import Deidentifier
        from masketeer_gui.parallel import ChunkWorker, EngineSpec

        spec = EngineSpec(
            Deidentifier.default,
            job.names,
            job.key,
            tag_length=job.tag_length,
            mode=job.mode,
            length_preserving=job.length_preserving,
            settle_types=True,
        )
        _WORKER.clear()
        worker = _WORKER[job.fingerprint] = ChunkWorker(spec)
    return worker


def _first_pass(
    shared: Any, carried: list[str], id_col: str, text_col: str, patient_col: str | None
) -> Callable[[_Batches], _Batches]:
    def run(batches: _Batches) -> _Batches:
        job: SparkJob = shared.value
        worker = _worker(job)
        for batch in batches:
            out: dict[str, list[Any]] = {column: [_text(v) for v in _values(batch, column)] for column in carried}
            scopes = out[patient_col] if patient_col else [""] * batch.num_rows
            chunk = list(zip(out[id_col], _texts(_values(batch, text_col), out[id_col]), scopes, strict=True))
            result = worker.process(chunk)
            out[LINE] = result.lines
            tagged = job.mode == "tags"  # surrogates have no digests to collide
            out[_TAGS] = [[{"tag": t, "digest": d.hex()} for t, d in tags] if tagged else [] for tags in result.tags]
            typings = result.typings or [None] * len(chunk)
            out[_TYPING] = [pickle.dumps(t) if t is not None else None for t in typings]
            out[_TALLY] = [None] * len(chunk)
            if chunk and result.tally is not None:  # the whole evidence, as the CLI tallies it
                out[_TALLY][0] = pickle.dumps(result.tally)
            yield _batch(out)

    return run


def _corpus_tally(staged: DataFrame) -> TypeTally:
    """Every partition's evidence tallied where it lies, the tallies added up here."""
    tally = TypeTally()
    for row in staged.select(_TALLY).mapInArrow(_partition_tally, "tally binary").collect():
        tally.merge(pickle.loads(row.tally))
    return tally


def _partition_tally(batches: _Batches) -> _Batches:
    tally = TypeTally()
    for batch in batches:
        for blob in _values(batch, _TALLY):
            if blob is not None:
                tally.merge(pickle.loads(blob))
    yield _batch({"tally": [pickle.dumps(tally)]})


def _collision_tags(staged: DataFrame, shared: Any, settled: Any, length: int) -> dict[bytes, str]:
    """The lengthened tags: only base tags more than one reference carries come to the driver."""
    from pyspark.sql import functions as F

    own = staged.select(F.explode(_TAGS).alias("t")).select("t.tag", "t.digest")
    retyped = staged.select(_TYPING).mapInArrow(_retyped_tags(shared, settled), "tag string, digest string")
    groups = (
        own.unionByName(retyped)
        .groupBy("tag")
        .agg(F.collect_set("digest").alias("digests"))
        .where(F.size("digests") > 1)
        .collect()
    )
    pairs = [(Entity(row.tag[1 : row.tag.index("-")]), bytes.fromhex(d)) for row in groups for d in row.digests]
    return collision_tags(pairs, length)


def _retyped_tags(shared: Any, settled: Any) -> Callable[[_Batches], _Batches]:
    def run(batches: _Batches) -> _Batches:
        job: SparkJob = shared.value
        tagger, types = Tagger(job.key, job.tag_length), SettledTypes(settled.value)
        for batch in batches:
            tags = [
                tagger.tag(entity, reference)
                for typing in _typings(_values(batch, _TYPING))
                if typing is not None
                for entity, reference in retyped_references(typing, types)
            ]
            yield _batch({"tag": [t for t, _ in tags], "digest": [d.hex() for _, d in tags]})

    return run


def _second_pass(shared: Any, settled: Any, final: Any, carried: list[str]) -> Callable[[_Batches], _Batches]:
    def run(batches: _Batches) -> _Batches:
        job: SparkJob = shared.value
        types = SettledTypes(settled.value)
        moved: dict[bytes, str] = final.value
        retag = settled_retag(Tagger(job.key, job.tag_length), moved) if job.mode == "tags" else None
        for batch in batches:
            out: dict[str, list[Any]] = {column: _values(batch, column) for column in carried}
            rows = zip(_values(batch, LINE), _values(batch, _TAGS), _typings(_values(batch, _TYPING)), strict=True)
            out[LINE] = [_settle(line, tags, typing, types, moved, retag) for line, tags, typing in rows]
            yield _batch(out)

    return run


def _settle(
    line: bytes,
    tags: Iterable[Mapping[str, str]],
    typing: NoteTyping | None,
    types: SettledTypes,
    moved: Mapping[bytes, str],
    retag: Retag | None,
) -> bytes:
    """One note as the CLI's second pass writes it (``settling.RunSettler``): lengthened tags where the
    rule says, settled types (and their tags) where the corpus says."""
    lengthened: dict[int, str] = {}
    if moved:
        digests = [bytes.fromhex(tag["digest"]) for tag in tags]
        lengthened = {index: moved[digest] for index, digest in enumerate(digests) if digest in moved}
    return settled_line(line, types.moves(typing) if typing is not None else (), retag, lengthened)


def _columns(batches: _Batches, keep: list[str], text_col: str) -> _Batches:
    for batch in batches:
        records = [fastjson.loads(line) for line in _values(batch, LINE)]
        out: dict[str, list[Any]] = {column: _values(batch, column) for column in keep}
        out[text_col] = [record["text"] for record in records]
        out["spans"] = [[{"flags": [], **span} for span in record["spans"]] for record in records]
        yield _batch(out)


def _values(batch: pa.RecordBatch, column: str) -> list[Any]:
    return batch.column(batch.schema.get_field_index(column)).to_pylist()


def _batch(columns: dict[str, list[Any]]) -> pa.RecordBatch:
    """An Arrow batch of the columns (typed by name, so an empty or all-null column keeps its type)."""
    import pyarrow as pa

    tag = pa.struct([("tag", pa.string()), ("digest", pa.string())])
    span = pa.struct(
        [("start", pa.int32()), ("end", pa.int32()), ("entity", pa.string()), ("masker", pa.string()),
         ("pseudonym", pa.string()), ("flags", pa.list_(pa.string()))]
    )  # fmt: skip
    types = {
        LINE: pa.binary(),
        _TYPING: pa.binary(),
        _TALLY: pa.binary(),
        "tally": pa.binary(),
        _TAGS: pa.list_(tag),
        "spans": pa.list_(span),
    }
    fields = [pa.field(name, types.get(name, pa.string())) for name in columns]
    return pa.RecordBatch.from_pydict(columns, schema=pa.schema(fields))


def _typings(blobs: Iterable[Any]) -> Iterator[NoteTyping | None]:
    for blob in blobs:
        yield pickle.loads(blob) if blob is not None else None


def _text(value: Any) -> str:
    """A cell as text ('' when empty): ids and patient ids."""
    if value is None or value != value:  # None, NaN
        return ""
    return str(value)


def _texts(values: Iterable[Any], ids: list[str]) -> Iterator[str]:
    for value, note_id in zip(values, ids, strict=True):
        if not isinstance(value, str):
            raise ValueError(f"note {note_id!r}: the text column holds no text")
        yield value
