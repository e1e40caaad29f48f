"""Source chunking, the per-request source index (embeddings + FAISS) and its bounded cache."""

from __future__ import annotations

import hashlib
import json
import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from lexguard._errors import LexguardError
from lexguard._models import Source
from lexguard.grounding.evidence._budget import INDEX_BATCH, check_budget
from lexguard.grounding.evidence._records import array_lengths, expanded, flatten, negative_keys, parse_record
from lexguard.grounding.signals._derived import list_counts
from lexguard.grounding.evidence._transcript import read_transcript
from lexguard.grounding.signals._opening_hours import HoursTable, hours_tables
from lexguard.grounding.signals._record_attributes import Attribute, record_attributes
from lexguard.grounding.signals._weekdays import open_weekdays
from lexguard.grounding.signals._lexical import LexicalProfile, content_words, numbers
from lexguard.grounding.claims._sentences import split_sentences

__all__ = ["Chunk", "SourceIndex", "SourceIndexCache", "chunk_sources", "sources_key"]

_MAX_CHUNK_CHARS = 700


@dataclass(frozen=True, slots=True)
class Chunk:
    """A window of consecutive sentences of one source.

    Attributes:
        id: ``"<source_id>#<n>"``.
        source_id: Id of the source it comes from.
        index: Position ``n`` among the chunks of that source.
        text: The chunk text.
        span: ``(start, end)`` offsets in the source content (in a chat transcript, in the content
            as read with its speakers' names, :mod:`._transcript`), ``None`` for flattened records.
        metadata: The source's metadata.
    """

    id: str
    source_id: str
    index: int
    text: str
    span: tuple[int, int] | None
    metadata: dict[str, Any] = field(default_factory=dict)


def _windows(spans: list[tuple[int, int]], size: int, overlap: int) -> list[tuple[int, int]]:
    if not spans:
        return []
    step = max(1, size - overlap)
    out = []
    for first in range(0, len(spans), step):
        group = spans[first:first + size]
        out.append((group[0][0], group[-1][1]))
        if first + size >= len(spans):
            break
    return out


def _split_long(text: str, start: int, end: int) -> list[tuple[int, int]]:
    if end - start <= _MAX_CHUNK_CHARS:
        return [(start, end)]
    pieces = []
    while end - start > _MAX_CHUNK_CHARS:
        cut = text.rfind(" ", start, start + _MAX_CHUNK_CHARS)
        cut = cut if cut > start else start + _MAX_CHUNK_CHARS
        pieces.append((start, cut))
        start = cut + 1
    pieces.append((start, end))
    return pieces


def chunk_sources(sources: Sequence[Source], *, sentences: int = 2, overlap: int = 1) -> list[Chunk]:
    """Cut sources into overlapping sentence windows.

    JSON-like records (``{...}`` or ``[...]``, JSON or Python literal) are flattened into
    ``"key: value"`` lines first, one fact a line.

    Args:
        sources: The sources.
        sentences: Sentences per chunk.
        overlap: Sentences shared by consecutive chunks.

    Returns:
        All chunks, source by source, with ids ``"<source_id>#<n>"``.

    Raises:
        BudgetExceededError: If the time budget was spent before a source was split (it is read
            before each source after the first; one source's split is bounded by the size limits).
    """
    chunks: list[Chunk] = []
    for n, source in enumerate(sources):
        if n:
            check_budget("splitting the sources into sentences")
        record = parse_record(source.content)
        text = "\n".join(flatten(record)) if record is not None else source.content
        if record is None:  # "Ben: I'll reserve the room" is read "Ben: Ben will reserve the room"
            text = read_transcript(text) or text
        units: list[tuple[int, int]] = []
        for s, e in split_sentences(text, hard_newlines=record is not None, split_semicolons=False):
            units += _split_long(text, s, e)
        if not units and text.strip():
            units = [(0, len(text))]
        for n, (s, e) in enumerate(_windows(units, sentences, overlap)):
            chunks.append(
                Chunk(
                    id=f"{source.id}#{n}",
                    source_id=source.id,
                    index=n,
                    text=text[s:e],
                    span=None if record is not None else (s, e),
                    metadata=dict(source.metadata),
                )
            )
    return chunks


_FAISS: Any = None


def _faiss() -> Any:
    """Import FAISS on first use (keeps ``import lexguard`` fast) and pin its OpenMP pool to 1 thread.

    A per-request index holds tens of chunks and is searched with a handful of claims: FAISS's
    OpenMP threads only add start-up and spin-wait cost there (about 1 ms per search instead of
    0.05 ms on 2 cores, far more under load) and compete with the encoder's threads. The
    setting is process-wide; results do not depend on it.
    """
    global _FAISS
    if _FAISS is None:
        import faiss

        faiss.omp_set_num_threads(1)
        _FAISS = faiss
    return _FAISS


def sources_key(sources: Sequence[Source], *, sentences: int, overlap: int, model: str) -> str:
    """Content hash of the sources (ids, text, metadata) and the chunking/model settings."""
    digest = hashlib.sha256(f"{model}|{sentences}|{overlap}".encode())
    for source in sources:
        digest.update(b"\x00" + source.id.encode() + b"\x01" + source.content.encode())
        digest.update(json.dumps(source.metadata, sort_keys=True, default=str).encode())
    return digest.hexdigest()


class _PerChunk(Sequence[Any]):
    """A value per chunk, computed on first access and kept (thread-safe enough: the value is
    a pure function of the chunk, so two threads computing it at once store equal values)."""

    def __init__(self, chunks: list[Chunk], compute: Callable[[Chunk], Any]) -> None:
        self._chunks, self._compute = chunks, compute
        self._values: dict[int, Any] = {}

    def __len__(self) -> int:
        return len(self._chunks)

    def __getitem__(self, i: Any) -> Any:
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self)))]
        i = range(len(self))[i]  # negative indices, IndexError
        if i not in self._values:
            self._values[i] = self._compute(self._chunks[i])
        return self._values[i]


class SourceIndex:
    """Chunks of a set of sources, their embeddings and a FAISS inner-product index.

    Embedding is deferred (:meth:`set_vectors`, :meth:`store`) so that only what the claims
    need is embedded. The lexical facts are read :data:`INDEX_BATCH` chunks at a time, the time
    budget looked at before each batch.

    Raises:
        BudgetExceededError: If the time budget was spent while indexing.
    """

    def __init__(self, sources: Sequence[Source], chunks: list[Chunk]) -> None:
        self.sources = list(sources)
        self.chunks = chunks
        self.vectors: np.ndarray | None = None
        self.chunk_profiles: list[LexicalProfile] = []
        for first in range(0, len(chunks), INDEX_BATCH):
            if first:
                check_budget("indexing the sources' words")
            self.chunk_profiles += [LexicalProfile([c.text]) for c in chunks[first : first + INDEX_BATCH]]
        self.profile = LexicalProfile(c.text for c in chunks)
        # per chunk, computed when a claim's evidence first reads the chunk: a long source's
        # chunks are mostly never read (see ``_retrieval``)
        self.chunk_numbers: Sequence[set[str]] = _PerChunk(chunks, lambda c: {m.key for m in numbers(c.text)})
        self.structured = any(c.span is None for c in chunks)
        self.chunk_counts: Sequence[frozenset[int]] = _PerChunk(chunks, lambda c: list_counts(c.text))
        """Items listed by each chunk's series ("A, B and C": 3), for counts an answer derives."""
        self.record_counts: frozenset[int] = frozenset()
        """Lengths of the lists in the sources' JSON records (three reviews: 3)."""
        self.negative_keys: list[frozenset[str]] = []
        self.hours: list[HoursTable] = []
        """The records' tables of opening hours (:mod:`~lexguard.grounding.signals._opening_hours`)."""
        self.record_names: frozenset[str] = frozenset()
        """Content words of the records' ``name`` values ("Yankee Noodle")."""
        self.attributes: list[Attribute] = []
        """The yes-or-no attributes of the one record that has any (none when several do)."""
        owners = 0
        self.weekdays: frozenset[int] = open_weekdays(source.content for source in self.sources)
        """The weekdays the sources name as open (0 is Monday), for "open six days a week"."""
        for source in self.sources:
            record = parse_record(source.content)
            if record is not None:
                self.record_counts |= array_lengths(record)
                tables = expanded(record)
                self.hours += hours_tables(tables)
                attributes = record_attributes(tables)
                if attributes:
                    owners += 1
                    self.attributes = attributes if owners == 1 else []
                if isinstance(record, dict) and isinstance(record.get("name"), str):
                    self.record_names |= frozenset(content_words(record["name"]))
                for name in negative_keys(record):
                    words = frozenset(content_words(name))
                    if words:
                        self.negative_keys.append(words)
        self._faiss: Any = None
        self._lexicon: Any = None
        self.chunk_vectors: dict[int, np.ndarray] = {}
        """Vectors of the chunks embedded so far as some claim's candidates (``retrieval="candidates"``)."""
        self.lock = threading.Lock()
        self.evidence_units: Any = None
        """Sentence units for the claim verifier (built on first use, see ``_stacker``)."""
        if len(chunks) > INDEX_BATCH:
            self._read_long_sources()

    def _read_long_sources(self) -> None:
        """Read the facts of long sources now, batch by batch under the time budget.

        The signals read these on first use (all of the sources' numbers, statements and
        units); for sources of more than one batch that work is done here, while the budget is
        read, and not by the first claim that needs them, after the budget may be spent.
        """
        from lexguard.grounding.signals._statements import sentence_facts
        from lexguard.grounding.signals._units import index_units

        _ = self.profile.text, self.profile.numbers
        sentence_facts(self)
        index_units(self)

    @property
    def embedded(self) -> bool:
        """Whether the chunk vectors are computed."""
        return self.vectors is not None

    def set_vectors(self, vectors: np.ndarray) -> None:
        """Store the chunk vectors and build the FAISS index."""
        vectors = np.ascontiguousarray(vectors, dtype=np.float32)
        index = _faiss().IndexFlatIP(int(vectors.shape[1]))
        if len(vectors):
            index.add(vectors)
        self.vectors, self._faiss = vectors, index

    @property
    def lexicon(self) -> Any:
        """The chunks' BM25 index (:class:`~lexguard.grounding.evidence._lexicon.ChunkLexicon`), built on first use."""
        if self._lexicon is None:
            from lexguard.grounding.evidence._lexicon import ChunkLexicon

            self._lexicon = ChunkLexicon([p.words for p in self.chunk_profiles], [c.source_id for c in self.chunks])
        return self._lexicon

    def unembedded(self, ids: Sequence[int]) -> list[int]:
        """Those of the chunk indices ``ids`` without a vector yet (in the order given, once each)."""
        return [i for i in dict.fromkeys(ids) if i not in self.chunk_vectors and self.vectors is None]

    def store(self, ids: Sequence[int], vectors: np.ndarray) -> None:
        """Keep the vectors of the chunks ``ids`` (candidates embedded for some claim)."""
        for i, vector in zip(ids, np.asarray(vectors, dtype=np.float32), strict=True):
            self.chunk_vectors[int(i)] = vector

    def vectors_of(self, ids: Sequence[int]) -> np.ndarray:
        """The vectors of the chunks ``ids`` (all embedded: see :meth:`unembedded`)."""
        if self.vectors is not None:
            return self.vectors[list(ids)]
        return np.stack([self.chunk_vectors[i] for i in ids]) if ids else np.zeros((0, 0), np.float32)

    def search(self, queries: np.ndarray, k: int) -> tuple[np.ndarray, np.ndarray]:
        """Top-``k`` chunks per query: ``(scores, chunk_indices)``, ``-1`` where fewer exist."""
        if self._faiss is None:
            raise LexguardError(
                "SourceIndex.search called before set_vectors; call set_vectors(vectors) first"
            )
        k = max(1, min(k, len(self.chunks)))
        scores, ids = self._faiss.search(np.ascontiguousarray(queries, dtype=np.float32), k)
        return scores, ids


class SourceIndexCache:
    """A bounded LRU cache of :class:`SourceIndex` objects keyed by content hash."""

    def __init__(self, maxsize: int = 64) -> None:
        self.maxsize = maxsize
        self._items: OrderedDict[str, SourceIndex] = OrderedDict()
        self._lock = threading.Lock()

    def get_or_build(self, key: str, sources: Sequence[Source], *, sentences: int, overlap: int) -> SourceIndex:
        """Return the cached index for ``key`` or chunk the sources into a new one."""
        with self._lock:
            found = self._items.get(key)
            if found is not None:
                self._items.move_to_end(key)
                return found
        built = SourceIndex(sources, chunk_sources(sources, sentences=sentences, overlap=overlap))
        with self._lock:
            found = self._items.setdefault(key, built)
            self._items.move_to_end(key)
            while len(self._items) > self.maxsize:
                self._items.popitem(last=False)
            return found

    def __len__(self) -> int:
        return len(self._items)

    def clear(self) -> None:
        """Drop every cached index."""
        with self._lock:
            self._items.clear()
