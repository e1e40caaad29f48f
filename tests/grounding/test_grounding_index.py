"""Source chunking: sentence windows, ids, metadata, JSON-like records, cache bounds."""

from __future__ import annotations

from lexguard import Source
from lexguard.grounding.evidence._index import chunk_sources
from lexguard.grounding.evidence._index import SourceIndex, SourceIndexCache, sources_key
from lexguard.grounding.evidence._records import negative_keys

TEXT = "First sentence here. Second one follows. Third closes it. Fourth is last."


def test_sentence_windows_with_overlap_ids_and_metadata() -> None:
    chunks = chunk_sources([Source(id="doc", content=TEXT, metadata={"page": 3})], sentences=2, overlap=1)
    assert [c.id for c in chunks] == ["doc#0", "doc#1", "doc#2"]
    assert chunks[0].text == "First sentence here. Second one follows."
    assert chunks[1].text == "Second one follows. Third closes it."
    assert all(c.metadata == {"page": 3} and c.source_id == "doc" for c in chunks)
    assert all(TEXT[c.span[0] : c.span[1]] == c.text for c in chunks)


def test_no_overlap_and_single_sentence_windows() -> None:
    chunks = chunk_sources([Source(id="d", content=TEXT)], sentences=1, overlap=0)
    assert len(chunks) == 4 and chunks[3].text == "Fourth is last."


def test_json_like_records_are_flattened_into_facts() -> None:
    record = (
        "{'name': 'Cafe Uno', 'attributes': {'OutdoorSeating': False, 'WiFi': None, "
        "'BusinessParking': \"{'garage': False, 'street': True}\"}, 'stars': 4.5}\nOverview:"
    )
    chunks = chunk_sources([Source(id="r", content=record)], sentences=1, overlap=0)
    assert [c.text for c in chunks] == [
        "name: Cafe Uno",
        "attributes Outdoor Seating: False",
        "attributes Wi Fi: none",
        "attributes Business Parking garage: False",
        "attributes Business Parking street: True",
        "stars: 4.5",
    ]
    assert all(c.span is None for c in chunks)
    index = SourceIndex([Source(id="r", content=record)], chunks)
    assert index.structured
    assert frozenset({"outdoor", "seat"}) in index.negative_keys
    assert negative_keys({"a": {"b": True, "c": "none"}}) == ["c"]


def test_sources_key_depends_on_content_ids_and_settings() -> None:
    a = [Source(id="x", content="Text one.")]
    key = sources_key(a, sentences=2, overlap=1, model="m")
    assert key == sources_key([Source(id="x", content="Text one.")], sentences=2, overlap=1, model="m")
    assert key != sources_key([Source(id="y", content="Text one.")], sentences=2, overlap=1, model="m")
    assert key != sources_key(a, sentences=3, overlap=1, model="m")
    assert key != sources_key(a, sentences=2, overlap=1, model="other")


def test_cache_is_bounded_lru() -> None:
    cache = SourceIndexCache(maxsize=2)
    sources = [Source(id="s", content=TEXT)]
    first = cache.get_or_build("a", sources, sentences=2, overlap=1)
    cache.get_or_build("b", sources, sentences=2, overlap=1)
    assert cache.get_or_build("a", sources, sentences=2, overlap=1) is first
    cache.get_or_build("c", sources, sentences=2, overlap=1)  # evicts "b", the least recent
    assert len(cache) == 2 and cache.get_or_build("a", sources, sentences=2, overlap=1) is first


def test_search_is_exact_top_k_and_faiss_runs_single_threaded() -> None:
    import numpy as np

    rng = np.random.default_rng(7)
    vectors = rng.standard_normal((40, 16)).astype(np.float32)
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
    queries = rng.standard_normal((25, 16)).astype(np.float32)  # >= 20 queries: FAISS's BLAS path
    index = SourceIndex([Source(id="s", content="x")], [])
    index.chunks = [None] * len(vectors)  # type: ignore[list-item]  # only the count matters here
    index.set_vectors(vectors)
    scores, ids = index.search(queries, 5)
    exact = queries @ vectors.T
    assert (ids == np.argsort(-exact, axis=1)[:, :5]).all()
    np.testing.assert_allclose(scores, np.take_along_axis(exact, ids, axis=1), rtol=0, atol=1e-5)
    import faiss

    assert faiss.omp_get_max_threads() == 1  # no OpenMP pool competing with the encoder
    few_scores, few_ids = index.search(queries[:3], 50)  # k is capped at the number of chunks
    assert few_ids.shape == (3, 40) and (few_ids[:, :5] == ids[:3]).all()
    assert sorted(few_ids[0].tolist()) == list(range(40))
