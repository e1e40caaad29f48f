"""Issue 22: nothing unread, nothing exempt, nothing hidden (the support check's side).

Every example of the issue, tried against the issue's source (the Eiffel Tower is 330 metres
tall, in Paris, built by Gustave Eiffel's company), ends not accepted, with more cases of the
same kinds; the coverage invariant is a property test over generated answers.
"""

from __future__ import annotations

import json

import pytest
import regex
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lexguard import Guard, Verdict
from lexguard.grounding import extract_claims
from lexguard.grounding.claims._meta import is_meta_statement
from lexguard.grounding.claims._meta_split import REFUSAL_REASON, meta_segments, refusal_topic
from lexguard.grounding.verify._verifier import MAX_CLAIM_WINDOW, VERIFIER_DIR, get_verifier

EIFFEL = (
    "The Eiffel Tower is a wrought-iron lattice tower in Paris, France. It is 330 metres tall. "
    "It was built by Gustave Eiffel's company between 1887 and 1889."
)
_WORDCHAR = regex.compile(r"[\p{L}\p{N}]")


@pytest.fixture(scope="module")
def guard() -> Guard:
    return Guard(audit=False)


def _invoke(guard: Guard, answer: str, question: str | None = None):
    payload = {"answer": answer, "sources": [EIFFEL]}
    if question is not None:
        payload["question"] = question
    return guard.invoke(payload)


# -- 2. a meta, hedge, opinion or instruction phrase removes only itself ------------------------

META_LED = [
    # the examples
    "I hope this helps, and the tower is 540 metres tall.",
    "The passages do not mention the paint, but the tower is 540 metres tall.",
    "I cannot say more, except that the tower is located in Berlin.",
    "Let me know if you also knew that the tower was designed by Napoleon Bonaparte.",
    "Sure, here's the thing, the tower is 540 metres tall.",
    # more of the same kinds
    "Hope this helps! The tower was designed by Napoleon Bonaparte.",
    "Certainly! The tower is located in Berlin.",
    "In summary, the tower is 540 metres tall.",
    "The context does not specify the colour; however, the tower is located in Berlin.",
    "There is no information about the lifts, but the tower was built by Napoleon Bonaparte.",
    "The tower is located in Berlin, I hope this helps!",
    "Please note that the tower is 540 metres tall.",
    "Did you know that the tower was designed by Napoleon Bonaparte?",
    "Let me know if you need more details about the tower, which was designed by Napoleon Bonaparte.",
    "However, it's important to note that the tower is located in Berlin.",
    # a sign-off between two facts: the fact after it is read (it had been taken into the sign-off)
    "The tower is in Paris, and I hope this helps, and it was designed by Napoleon Bonaparte.",
    "The tower is in Paris; let me know if you need more, but it is 540 metres tall.",
    # other words for the same hope ("useful", "helpful"): the fact after it is read
    "I hope this is useful, and the tower is 540 metres tall.",
    "Hope that is helpful - the tower was designed by Napoleon Bonaparte.",
    "I hope this helps with your visit to the tower in Berlin!",
]


@pytest.mark.parametrize("answer", META_LED)
def test_a_fact_after_or_inside_a_meta_phrase_is_checked(guard: Guard, answer: str) -> None:
    report = _invoke(guard, answer)
    assert report.verdict != Verdict.ACCEPT, report.reason
    assert "540" not in report.answer and "Berlin" not in report.answer and "Napoleon" not in report.answer


@pytest.mark.parametrize("answer", META_LED)
def test_meta_segments_cut_the_fact_out_and_cover_the_sentence(answer: str) -> None:
    segments = meta_segments(answer)
    assert segments[0][0] == 0 and segments[-1][1] == len(answer)
    assert all(a[1] == b[0] for a, b in zip(segments, segments[1:], strict=False))
    facts = [answer[s:e] for s, e, why in segments if why is None]
    assert any(regex.search(r"540|Berlin|Napoleon", f) for f in facts), segments
    assert not is_meta_statement(answer)


@pytest.mark.parametrize("answer", [
    "Sure! Here is a summary of the passages:",
    "I hope this helps!",
    "I hope this is useful for your shopping trip!",
    "Sure thing!",
    "Let me know if you have any other questions.",
    "The passages do not mention the colour of the paint.",
])
def test_a_meta_statement_alone_stays_meta(answer: str) -> None:
    assert all(c.status == "not_checked" for c in extract_claims(answer)), extract_claims(answer)


def test_a_true_fact_after_a_meta_phrase_is_still_accepted(guard: Guard) -> None:
    report = _invoke(guard, "I hope this helps, and the tower is 330 metres tall.")
    assert report.verdict == Verdict.ACCEPT, report.reason
    assert [c.status for c in report.claims] == ["not_checked", "supported"]


@pytest.mark.parametrize("answer", [
    "I think the tower was designed by Napoleon Bonaparte.",
    "In my opinion, the tower stands in Berlin.",
    "Personally, I believe the tower is made of wood.",
    "You should know that the tower stands in Berlin.",
    "Visit the tower, which was designed by Napoleon Bonaparte.",
])
def test_a_hedge_or_an_instruction_does_not_exempt_the_fact_it_wraps(guard: Guard, answer: str) -> None:
    from lexguard.grounding.claims._claim_types import classify_claim

    facts = [c for c in extract_claims(answer) if c.status is None]
    assert facts and all(classify_claim(c.text) == "fact" for c in facts)
    assert _invoke(guard, answer).verdict != Verdict.ACCEPT


@pytest.mark.parametrize("answer,kind", [
    ("I think the view is beautiful.", "opinion"),
    ("The walk is absolutely worth a visit.", "opinion"),
    ("Book your tickets online to skip the queue.", "instruction"),
])
def test_a_judgement_or_an_instruction_alone_stays_unchecked(answer: str, kind: str) -> None:
    from lexguard.grounding.claims._claim_types import classify_claim

    assert classify_claim(answer) == kind


# -- refusals are checked against the sources --------------------------------------------------


@pytest.mark.parametrize("answer,question", [
    ("I don't know. The provided context does not say.", "How tall is the Eiffel Tower?"),
    ("The passages do not mention who built the tower.", None),
    ("I cannot find when the Eiffel Tower was built in the sources.", None),
    ("There is no information about the company that built the Eiffel Tower.", None),
    ("Unfortunately, the sources do not say where the Eiffel Tower is, but it is a lattice tower.", None),
])
def test_a_refusal_is_unsupported_when_the_sources_do_say_it(guard: Guard, answer: str, question: str | None) -> None:
    report = _invoke(guard, answer, question)
    if report.verdict == Verdict.ACCEPT:  # accepted only with the refusal removed, and the removal reported
        assert "not" not in report.answer and any(f.stage == "removed" for f in report.findings)
    support = next(r for r in report.history[0].checks if r.check == "support")
    assert any(c.status == "unsupported" for c in support.claims), support.claims
    assert any(f.rule_id == "grounding.refusal" for f in support.findings)


def test_a_true_refusal_is_not_reported_unsupported(guard: Guard) -> None:
    report = _invoke(guard, "The tower is 330 metres tall. The passages do not mention the colour of its paint.")
    refusal = report.claims[-1]
    assert refusal.status == "not_checked" and refusal.reason == REFUSAL_REASON
    assert not any(f.rule_id == "grounding.refusal" for f in report.findings)


def test_refusal_topic() -> None:
    assert refusal_topic("The passages do not mention the paint.") == "the paint"
    assert refusal_topic("The provided context does not say.") == ""
    assert refusal_topic("There is no information about the opening hours in the passages.") == "the opening hours"


# -- 3. the question is not evidence -------------------------------------------------------------


@pytest.mark.parametrize("answer,question", [
    ("The tower is 540 metres tall.", "Why is the tower 540 metres tall?"),
    ("The tower was designed by Napoleon Bonaparte.", "Why did Napoleon Bonaparte design the tower?"),
    ("The tower was finished in 1921.", "What happened when the tower was finished in 1921?"),
    ("The tower stands in Berlin.", "How do I get to the tower in Berlin?"),
])
def test_a_false_premise_of_the_question_does_not_support_a_claim(guard: Guard, answer: str, question: str) -> None:
    report = _invoke(guard, answer, question)
    assert report.verdict != Verdict.ACCEPT, report.reason


# -- 1. long claims are read to the end ----------------------------------------------------------

_PADDING = "The Eiffel Tower, which is a wrought-iron lattice tower in Paris, France, and which is 330 metres tall, " * 5


@pytest.mark.parametrize("tail", [
    "was not built by Gustave Eiffel's company.",
    "was built by the company of the Italian state in Rome.",
])
def test_a_false_clause_at_the_end_of_a_long_sentence_is_read(guard: Guard, tail: str) -> None:
    answer = _PADDING + tail
    assert len(answer) > 500
    report = _invoke(guard, answer)
    assert report.verdict != Verdict.ACCEPT, report.reason


def test_a_true_long_sentence_is_still_accepted(guard: Guard) -> None:
    report = _invoke(guard, _PADDING + "was built by Gustave Eiffel's company between 1887 and 1889.")
    assert report.verdict == Verdict.ACCEPT, report.reason


def test_the_claim_budget_comes_from_verifier_json() -> None:
    verifier = get_verifier()
    max_len = json.loads((VERIFIER_DIR / "verifier.json").read_text(encoding="utf-8"))["max_len"]
    assert verifier.max_len == max_len and verifier.claim_budget == min((max_len - 3) // 2, MAX_CLAIM_WINDOW)


_WORDS = st.lists(st.sampled_from(["tower", "Paris", "330", "metres", "built", "by", "Gustave", "Eiffel's",
                                   "company", "in", "1889", "wrought-iron", "lattice,", "and", "the", "it"]),
                  min_size=1, max_size=160).map(" ".join)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_WORDS)
def test_windows_fit_the_verifier_and_read_every_token(claim: str) -> None:
    verifier = get_verifier()
    counter = verifier._counter()
    windows = verifier.claim_windows(claim)
    assert all(len(counter.encode(w, add_special_tokens=False).ids) <= verifier.claim_budget for w in windows)
    cursor = 0
    for window in windows:  # in order, overlapping or adjacent, together the whole claim
        start = claim.find(window, max(0, cursor - len(window)))
        assert 0 <= start <= cursor
        cursor = max(cursor, start + len(window))
    assert cursor == len(claim.rstrip())


# -- the coverage invariant over generated answers -----------------------------------------------

_PIECES = st.sampled_from([
    "The tower is 540 metres tall.", "It is 330 metres tall.", "I hope this helps, and the tower is in Berlin.",
    "Sure!", "Sure, here's the thing, it was built in 1889.", "The passages do not mention the paint, but it is old.",
    "I don't know.", "Let me know if you also knew that Napoleon built it.", "In summary, it is in Paris.",
    "- a list item about Paris", "## History", "```\ncode()\n```", "😀", "Dr. Smith visited it.", "\n\n", "|a|b|\n|---|---|\n|1|2|",
    "Key points:", "The context does not say; the tower is 330 metres tall.", "---",
])
_ANSWERS = st.lists(_PIECES, min_size=1, max_size=8).map(" ".join)


@settings(max_examples=60, deadline=None)
@given(_ANSWERS)
def test_every_word_belongs_to_exactly_one_unit(answer: str) -> None:
    claims = extract_claims(answer)
    owners = [0] * len(answer)
    for claim in claims:
        assert claim.text == answer[claim.span[0]:claim.span[1]]
        assert claim.status in (None, "not_checked")
        assert claim.status is None or claim.reason
        for i in range(*claim.span):
            owners[i] += 1
    assert max(owners, default=0) <= 1, "two units share a character"
    for i, ch in enumerate(answer):
        if _WORDCHAR.match(ch):
            assert owners[i] == 1, f"{answer[i - 10:i + 10]!r} belongs to no unit"


@pytest.fixture(scope="module")
def checker():
    from lexguard.grounding import SupportChecker

    return SupportChecker()


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(_ANSWERS)
def test_every_unit_ends_with_a_status_and_unread_facts_block(checker, answer: str) -> None:
    from lexguard import CheckOutcome, Source
    from lexguard.checks import CheckContext
    from lexguard.checks._builtin import SupportCheck

    result = SupportCheck(checker=checker).check(answer, CheckContext(sources=(Source(id="s", content=EIFFEL),)))
    for claim in result.claims:
        assert claim.status in ("supported", "contradicted", "unsupported", "not_checked")
        if claim.status == "not_checked":
            assert claim.reason and claim.supported is None
        else:
            assert claim.supported is (claim.status == "supported")
    if any(c.unread for c in result.claims):  # a fact or code no model read: never a pass
        assert result.outcome != CheckOutcome.PASSED


def test_a_window_ends_on_a_clause_boundary_when_the_next_reads_the_rest() -> None:
    """A window that stopped mid-clause ("..., and which is 330 metres tall, was built by") was
    read by the verifier as an unfinished, invented claim and failed a true long sentence."""
    verifier = get_verifier(VERIFIER_DIR)
    claim = _PADDING + "was built by Gustave Eiffel's company between 1887 and 1889."
    windows = verifier.claim_windows(claim)
    assert len(windows) > 1
    assert all(w.rstrip().endswith(",") for w in windows[:-1]), windows  # no window ends on "was built by"
    assert windows[-1].endswith("between 1887 and 1889.")
    # (that every word is in some window: test_windows_fit_the_verifier_and_read_every_token)
    assert _invoke(Guard(audit=False), claim).verdict == Verdict.ACCEPT


def test_a_refused_refusal_is_just_below_the_threshold_not_certain() -> None:
    """The word test finds the topic in a passage, not the answer: the refusal fails as a strict
    rule's claim does, just below the threshold, and does not rank as a certain hallucination."""
    from lexguard.grounding import GroundingConfig, SupportChecker
    from lexguard import Source

    checker = SupportChecker(GroundingConfig(verifier=False))
    result = checker.check("I don't know. The provided context does not say.",
                           [Source(id="t", content="The Eiffel Tower is 330 metres tall.")],
                           "How tall is the Eiffel Tower?")
    refusal = next(c for c in result.claims if c.status == "unsupported")
    assert refusal.supported is False and refusal.support == pytest.approx(checker.threshold - 0.01, abs=1e-3)
    assert result.recommendation != "accept" and result.hallucination_score < 1.0


def test_a_sentence_of_many_sign_offs_is_cut_without_end_and_its_rest_read() -> None:
    """Each sign-off between two facts is read by the next clause; a hostile sentence of thousands of
    them had recursed past Python's limit. After eight, the rest is one fact to check."""
    text = "The tower is tall, and I hope this helps, and " * 3000 + "it is in Berlin."
    segments = meta_segments(text)
    assert segments[0][0] == 0 and segments[-1][1] == len(text)
    assert all(a[1] == b[0] for a, b in zip(segments, segments[1:], strict=False))
    assert segments[-1][2] is None and "Berlin" in text[segments[-1][0]:]
