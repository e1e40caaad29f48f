"""Indexing the sources reads the time budget batch by batch, like embedding does (issue 26).

The fake clock moves with the work: every call of ``content_words`` (the indexing's unit of
work: one chunk, one sentence, or one batch of joined texts) costs a millisecond of it. No
wall-clock time is read.
"""

from __future__ import annotations

import pytest

import lexguard._limits as limits
from lexguard import Source
from lexguard._limits import Deadline, use_deadline
from lexguard.grounding import GroundingConfig, SupportChecker
from lexguard.grounding.evidence._budget import INDEX_BATCH
from lexguard.grounding.signals import _lexical
from tests.fakes import CountingEncoder, ManualClock
from tests.grounding.test_retrieval import long_source

TICK = 0.001
"""Fake seconds one ``content_words`` call costs."""
BUDGET = 1.0
ANSWER = "The glacier of Town0x0 was restored by crew 0. The railway of Town0x5 was restored by crew 5."


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> ManualClock:
    """A fake clock for the deadlines that advances ``TICK`` per ``content_words`` call."""
    fake = ManualClock()
    monkeypatch.setattr(limits, "time", fake)
    real = _lexical.content_words

    def costly(text: str) -> list[str]:
        fake.now += TICK
        return real(text)

    monkeypatch.setattr(_lexical, "content_words", costly)
    return fake


@pytest.mark.parametrize("verifier", [True, False])
def test_a_huge_source_under_a_short_budget_ends_inconclusive_within_one_batch(clock, verifier) -> None:
    """The sources were indexed whole (sentence split, words, BM25 statistics, numbers) before
    the budget was looked at: a 1 MB source ran for its whole indexing time whatever the budget.
    Now the budget is read before each batch of chunks: the check stops within the budget and
    one batch more, and its claims are reported not checked (never accepted unread)."""
    from lexguard.checks import CheckContext, SupportCheck
    from lexguard.grounding._reading import BUDGET_REASON

    checker = SupportChecker(GroundingConfig(self_rag=False, verifier=verifier), encoder=CountingEncoder())
    sources = [Source(id="s", content=long_source(6000))]  # ~6,000 chunks: ~6 fake seconds to index
    started = clock.now
    with use_deadline(Deadline(BUDGET)):
        result = checker.check(ANSWER, sources)
    assert clock.now - started <= BUDGET + INDEX_BATCH * TICK * 1.5
    assert result.inconclusive
    assert result.claims and all(c.status == "not_checked" and c.reason == BUDGET_REASON for c in result.claims)
    assert not any(c.supported for c in result.claims)
    started = clock.now
    with use_deadline(Deadline(BUDGET)):
        outcome = SupportCheck(checker=checker).check(ANSWER, CheckContext(sources=sources)).outcome
    assert outcome == "inconclusive"
    assert clock.now - started <= BUDGET + INDEX_BATCH * TICK * 1.5


def test_an_index_cut_by_the_budget_is_not_kept(clock) -> None:
    """A partly built index is never cached: the next check, with time enough, reads every claim."""
    checker = SupportChecker(GroundingConfig(self_rag=False), encoder=CountingEncoder())
    sources = [Source(id="s", content=long_source(3000))]
    with use_deadline(Deadline(0.5)):
        assert checker.check(ANSWER, sources).inconclusive
    assert len(checker._cache) == 0
    result = checker.check(ANSWER, sources)
    assert not result.inconclusive
    assert all(c.status == "supported" for c in result.claims)


def test_the_profile_reads_the_same_facts_in_batches() -> None:
    """Words, normalised text and numbers read batch by batch equal those of the joined text."""
    texts = [f"In {1900 + i} the {i}th bridge of Town{i} opened; it cost ${i},000." for i in range(3 * INDEX_BATCH)]
    profile = _lexical.LexicalProfile(texts)
    joined = "\n".join(texts)
    assert profile.words == set(_lexical.content_words(joined))
    assert profile.text == _lexical._norm(joined)
    whole = {k for m in _lexical.numbers(joined) for key in (m.key, *m.alts) for k in _lexical.stated_keys(key)}
    assert profile.numbers == whole
