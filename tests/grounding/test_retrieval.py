"""Candidate retrieval: the support check embeds each claim's BM25 candidates, not every source chunk."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from lexguard import Source
from lexguard.grounding import GroundingConfig, SupportChecker
from tests.fakes import CountingEncoder, ManualClock

TOPICS = [
    "glacier", "volcano", "harbor", "orchard", "cathedral", "railway", "lighthouse", "vineyard",
    "observatory", "canal", "monastery", "quarry", "bridge", "library", "stadium", "aqueduct",
]


def long_source(sentences: int, seed: int = 0) -> str:
    """``sentences`` distinct sentences, each naming one topic, a number and a made-up place."""
    rng = np.random.default_rng(seed)
    out = []
    for i in range(sentences):
        topic = TOPICS[i % len(TOPICS)]
        out.append(f"The {topic} of Town{seed}x{i} was restored in {1800 + int(rng.integers(0, 200))} by crew {i}.")
    return " ".join(out)


def chunk_texts(checker: SupportChecker) -> list[str]:
    (index,) = checker._cache._items.values()
    return [c.text for c in index.chunks]


def test_only_the_claims_candidates_are_embedded() -> None:
    """Every chunk of every source was embedded before any claim was read (600 sentences for a
    two-claim answer); now at most ``retrieval_candidates`` chunks per claim are."""
    encoder = CountingEncoder()
    checker = SupportChecker(GroundingConfig(self_rag=False), encoder=encoder)
    source = long_source(600)
    answer = "The glacier of Town0x0 was restored by crew 0. The railway of Town0x5 was restored by crew 5."
    result = checker.check(answer, [Source(id="s", content=source)])
    chunks = chunk_texts(checker)
    per_claim = checker.config.retrieval_candidates
    assert len(chunks) > 500
    assert 0 < encoder.embedded(chunks) <= 2 * per_claim
    assert all(c.status == "supported" for c in result.claims)


def test_the_embedding_count_does_not_grow_with_the_sources() -> None:
    """The same answer against its source and the source with nine times more text around it."""
    answer = "The glacier of Town0x3 was restored by crew 3. The canal of Town0x9 was restored by crew 9."
    counts = []
    for extra in (0, 900):
        encoder = CountingEncoder()
        checker = SupportChecker(GroundingConfig(self_rag=False), encoder=encoder)
        sources = [Source(id="s", content=long_source(100))]
        if extra:
            sources.append(Source(id="pad", content=long_source(extra, seed=1)))
        checker.check(answer, sources)
        counts.append(sum(len(call) for call in encoder.calls))
    assert counts[1] <= counts[0] + 2 * 4  # at most one more candidate set per claim, not 10x


def test_retries_and_claims_share_the_embedded_chunks() -> None:
    """A chunk is embedded once per source index, whichever claim or retry asks for it first."""
    encoder = CountingEncoder()
    checker = SupportChecker(GroundingConfig(self_rag=False), encoder=encoder)
    sources = [Source(id="s", content=long_source(200))]
    for answer in (
        "The glacier of Town0x0 was restored by crew 0.",
        "The glacier of Town0x0 was restored by crew 0. The glacier of Town0x16 was restored by crew 16.",
        "The volcano of Town0x1 was restored by crew 1.",
    ):
        checker.check(answer, sources)
    chunks = chunk_texts(checker)
    assert all(encoder.embedded([c]) <= 1 for c in chunks)


def test_the_question_relevance_reads_candidates_not_every_chunk() -> None:
    """ISREL embedded every chunk of the sources to score the question against them."""
    encoder = CountingEncoder()
    checker = SupportChecker(encoder=encoder)  # Self-RAG on: ISREL for a real question
    sources = [Source(id="a", content=long_source(300)), Source(id="b", content=long_source(300, seed=2))]
    checker.check("The glacier of Town0x0 was restored by crew 0.", sources, "Who restored the glacier of Town0x0?")
    chunks = chunk_texts(checker)
    # the claim's candidates and two chunks per source for the question (the real encoder's
    # cache serves a chunk asked for twice; this one has none)
    assert encoder.distinct(chunks) <= 4 + 2 * 2


def test_the_dense_baseline_still_embeds_every_chunk() -> None:
    encoder = CountingEncoder()
    checker = SupportChecker(GroundingConfig(retrieval="dense", self_rag=False), encoder=encoder)
    checker.check("The glacier of Town0x0 was restored by crew 0.", [Source(id="s", content=long_source(50))])
    chunks = chunk_texts(checker)
    assert encoder.embedded(chunks) == len(chunks)


def test_candidate_and_dense_retrieval_agree_on_a_claim_read_in_both() -> None:
    sources = [Source(id="s", content=long_source(40))]
    answer = "The harbor of Town0x2 was restored by crew 2. The harbor of Town0x2 was restored by crew 7."
    results = [
        SupportChecker(GroundingConfig(retrieval=mode, self_rag=False), encoder=CountingEncoder()).check(answer, sources)
        for mode in ("candidates", "dense")
    ]
    assert [c.status for c in results[0].claims] == [c.status for c in results[1].claims]


class _SlowEncoder(CountingEncoder):
    """Each call takes ``tick`` seconds of the fake clock."""

    def __init__(self, clock: ManualClock, tick: float) -> None:
        super().__init__()
        self.clock, self.tick = clock, tick

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        self.clock.now += self.tick
        return super().encode(texts)


def test_the_budget_stops_the_source_embedding_and_the_unread_claims_are_not_checked(monkeypatch) -> None:
    """The sources were embedded whole in one call that never looked at the deadline (a 200 KB
    source took 17 s against a 5 s budget). Now the chunks are embedded in batches, the deadline
    is read before each, and a claim whose candidates were not embedded is not checked."""
    import lexguard._limits as limits
    from lexguard._limits import Deadline, use_deadline
    from lexguard.checks import CheckContext, SupportCheck
    from lexguard.grounding._pipeline import BUDGET_REASON
    from lexguard.grounding.evidence._retrieval import CHUNK_BATCH

    clock = ManualClock()
    monkeypatch.setattr(limits, "time", clock)
    encoder = _SlowEncoder(clock, tick=1.0)
    checker = SupportChecker(GroundingConfig(self_rag=False, verifier=False), encoder=encoder)
    sources = [Source(id="s", content=long_source(2000))]
    answer = " ".join(f"The {TOPICS[i % 16]} of Town0x{i * 37} was restored by crew {i * 37}." for i in range(40))
    with use_deadline(Deadline(1.5)):  # the claims (1 s), one batch of chunks (1 s), then it is spent
        result = checker.check(answer, sources)
    assert len(encoder.calls) == 2 and len(encoder.calls[1]) <= CHUNK_BATCH
    unread = [c for c in result.claims if c.reason == BUDGET_REASON]
    assert unread and all(c.status == "not_checked" and c.supported is None for c in unread)
    assert len(unread) < len(result.claims)  # those whose candidates were embedded were read
    checker.clear_cache()
    with use_deadline(Deadline(1.5)):
        outcome = SupportCheck(checker=checker).check(answer, CheckContext(sources=sources)).outcome
    assert outcome == "inconclusive"


def test_bm25_prefers_rare_shared_words_and_skips_chunks_sharing_none() -> None:
    from lexguard.grounding.evidence._lexicon import ChunkLexicon

    lexicon = ChunkLexicon(
        [{"tower", "paris"}, {"tower", "eiffel", "iron"}, {"bridge", "river"}, {"tower", "paris"}], ["a", "a", "b", "b"]
    )
    assert lexicon.top(["eiffel", "tower"], 3) == [1, 0, 3]  # the rare word first; ties: the earlier chunk
    assert lexicon.top(["castle"], 3) == []
    assert lexicon.top_per_source(["tower"], 1) == [0, 3]
    scores = lexicon.scores(["tower", "paris"])
    assert scores[2] == 0 and scores[0] == scores[3] > scores[1] > 0


def test_a_retry_with_the_same_sources_pays_only_for_its_new_claims() -> None:
    """The source index (chunks, BM25 statistics, candidate vectors) is kept per checker across
    requests and retries: a retry that adds one sentence embeds that claim and its candidates,
    and no chunk the first attempt embedded (issue 26)."""
    encoder = CountingEncoder()
    checker = SupportChecker(GroundingConfig(self_rag=False), encoder=encoder)
    sources = [Source(id="s", content=long_source(300))]
    first = "The glacier of Town0x0 was restored by crew 0. The railway of Town0x5 was restored by crew 5."
    checker.check(first, sources)
    before = [t for call in encoder.calls for t in call]
    encoder.calls.clear()
    checker.check(first + " The canal of Town0x9 was restored by crew 9.", sources)
    again = [t for call in encoder.calls for t in call]
    chunks = set(chunk_texts(checker))
    assert not set(again) & set(before) & chunks  # no chunk embedded twice
    assert len([t for t in again if t in chunks]) <= checker.config.retrieval_candidates
    assert len([t for t in again if t not in chunks]) <= 3  # the claims (this encoder keeps no cache)


def test_a_sentence_opening_with_a_pronoun_is_read_after_its_own_sources_sentence() -> None:
    from lexguard import Source
    from lexguard.grounding.evidence._evidence import evidence_units

    units = evidence_units([
        Source(id="bridge", content="The Harbour Bridge opened in 1932. Its arch spans 503 metres."),
        Source(id="tower", content="The Kelvin Tower was finished in 1901. It is 120 metres tall."),
    ])
    text = units.text([1, 3])  # "Its arch spans ..." and "It is 120 metres tall."
    assert text == ("The Harbour Bridge opened in 1932. Its arch spans 503 metres. "
                    "The Kelvin Tower was finished in 1901. It is 120 metres tall.")
    assert units.text([0, 3]) == (  # the bridge's sentence is no context for the tower's "It"
        "The Harbour Bridge opened in 1932. The Kelvin Tower was finished in 1901. It is 120 metres tall.")
    assert units.text([2, 3]) == "The Kelvin Tower was finished in 1901. It is 120 metres tall."  # not twice
