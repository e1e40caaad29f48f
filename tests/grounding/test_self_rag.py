"""The Self-RAG design's rules, offline: ISREL, ISUSE, weighted confidence, three-way
recommendation, claim types, provenance, internal consistency and source quality."""

from __future__ import annotations

import pytest

from lexguard import Citation, Claim, GuardConfig, Severity, Source, Verdict, build_guard_graph
from lexguard.grounding import SupportResult, assess_offline
from lexguard.grounding.claims._claim_types import classify_claim, mark_unverified
from lexguard.grounding.evidence._provenance import cite_supporting, format_citation
from lexguard.grounding.reflect._confidence import REJECT_KIND, decide, reject_finding, weighted_confidence
from lexguard.grounding.reflect._consistency import INCONSISTENCY_KIND, find_inconsistencies
from lexguard.grounding.reflect._relevance import answer_usefulness, source_relevance
from lexguard.grounding.reflect._self_rag import apply_self_rag
from lexguard.grounding.reflect._self_rag import is_real_question

QUESTION = "When did the Golden Gate Bridge open?"
GG = Source(id="gg", content="The Golden Gate Bridge opened to traffic on May 27, 1937. "
            "It spans the Golden Gate strait.", score=0.82)
EIFFEL = Source(id="eiffel", content="The Eiffel Tower is a wrought-iron tower in Paris. "
                "It is 330 metres tall.", score=0.18)


def cite(source: str, score: float, index: int = 0) -> Citation:
    return Citation(claim_index=index, claim="", source_id=source, chunk_id=f"{source}#0", score=score)


def claim(index: int, text: str, supported: bool | None, support: float | None = None,
          cites: tuple[Citation, ...] = (), start: int = 0) -> Claim:
    return Claim(index=index, text=text, span=(start, start + len(text)), supported=supported,
                 support=support if support is not None else (0.95 if supported else 0.1),
                 citations=cites)


@pytest.fixture(scope="module")
def encoder():
    from lexguard.embeddings import get_encoder

    return get_encoder()


# ---- ISREL / ISUSE offline ------------------------------------------------------------------


@pytest.mark.slow
def test_offline_isrel_scores_each_source_against_the_question(encoder):
    gg, eiffel = source_relevance(QUESTION, [GG, EIFFEL], encoder=encoder)
    assert gg.source_id == "gg" and gg.relevant and gg.relevance > 0.9
    assert eiffel.source_id == "eiffel" and not eiffel.relevant and eiffel.relevance < 0.3


@pytest.mark.slow
def test_offline_isuse_scores_the_answer_against_the_question(encoder):
    assert answer_usefulness(QUESTION, "The Golden Gate Bridge opened in 1937.", encoder=encoder) > 0.9
    assert answer_usefulness(QUESTION, "Paris has a tall tower.", encoder=encoder) < 0.3
    assert answer_usefulness(None, "Anything.", encoder=encoder) is None


@pytest.mark.slow
def test_supported_answer_about_something_else_is_not_accepted(encoder):
    paris = claim(0, "Paris has a tall tower.", True, 0.99, (cite("eiffel", 0.6),))
    result = assess_offline(QUESTION, paris.text, [paris], [GG, EIFFEL], encoder=encoder)
    assert result.issup == pytest.approx(0.99)
    assert result.isrel < 0.3 and result.isuse < 0.3
    assert result.confidence < 0.7 and result.recommendation != "accept"


@pytest.mark.slow
def test_judge_scores_refine_the_offline_ones(encoder):
    class Judge:
        relevance_score = 0.0
        usefulness_score = 0.0

    good = claim(0, "The Golden Gate Bridge opened in 1937.", True, 0.99, (cite("gg", 0.8),))
    alone = assess_offline(QUESTION, good.text, [good], [GG], encoder=encoder)
    judged = assess_offline(QUESTION, good.text, [good], [GG], encoder=encoder, judge=Judge())
    assert judged.isrel == pytest.approx(alone.isrel / 2) and judged.isuse == pytest.approx(alone.isuse / 2)


# ---- weighted confidence and the three-way recommendation -----------------------------------


def test_confidence_is_the_designs_weighted_mean():
    assert weighted_confidence(1.0, 0.5, 0.0) == pytest.approx(0.3 + 0.2)
    assert weighted_confidence(None, 0.8, None) == pytest.approx(0.8)
    assert weighted_confidence(None, None, None) is None


@pytest.mark.parametrize(
    ("confidence", "supported", "rate", "expected"),
    [(0.7, True, 0.0, "accept"), (0.95, False, 0.2, "regenerate"), (0.69, True, 0.0, "regenerate"),
     (0.4, True, 0.0, "regenerate"), (0.39, True, 0.0, "reject"), (0.9, False, 0.31, "reject")],
)
def test_three_way_recommendation(confidence, supported, rate, expected):
    assert decide(confidence, supported=supported, hallucination_rate=rate) == expected


def test_answer_with_half_of_its_claims_false_is_rejected():
    claims = [claim(0, "The bridge opened in 1937.", True, 0.97, (cite("gg", 0.8),)),
              claim(1, "The bridge is painted blue.", False, 0.05, start=27),
              claim(2, "It spans the harbour.", True, 0.95, (cite("gg", 0.7),), start=55),
              claim(3, "It has nine lanes.", False, 0.05, start=77)]
    result = assess_offline(None, "x" * 100, claims, [GG])
    assert result.hallucination_rate == 0.5 and result.recommendation == "reject"
    assert result.findings[0].kind == REJECT_KIND and result.findings[0].severity == Severity.CRITICAL


def test_a_single_false_claim_is_repaired_not_refused():
    """A reject needs at least two unsupported claims (MIN_REJECTED_CLAIMS): with one false
    sentence in a short answer the guard re-asks, fixes or filters instead of refusing."""
    claims = [claim(0, "The bridge opened in 1937.", True, 0.97, (cite("gg", 0.8),)),
              claim(1, "The bridge is painted blue.", False, 0.05, start=27)]
    result = assess_offline(None, "x" * 60, claims, [GG])
    assert result.hallucination_rate == 0.5 and result.recommendation == "regenerate"
    assert not any(f.kind == REJECT_KIND for f in result.findings)


def test_reject_goes_to_the_fallback_without_a_retry():
    class RejectingChecker:
        def check(self, answer, sources, question=None):
            finding = reject_finding("reject", 0.2, 0.5)
            return SupportResult(claims=(claim(0, answer, False),), findings=(finding,), confidence=0.2,
                                 hallucination_rate=1.0, recommendation="reject")

    from tests.fakes import RecordingGenerator

    fake = RecordingGenerator(["should not be called"])
    graph = build_guard_graph(GuardConfig(), generator=fake.runnable(), checker=RejectingChecker())
    report = graph.invoke({"answer": "The bridge is blue.", "sources": [GG]})["report"]
    assert report.verdict == Verdict.FALLBACK and report.attempts == 1 and fake.inputs == []
    assert reject_finding("regenerate", 0.5, 0.0) is None


# ---- claim type: fact / opinion / instruction ----------------------------------------------

CLAIM_TYPE_CASES = [
    ("The Golden Gate Bridge opened in 1937.", "fact"),
    ("It spans the Golden Gate strait.", "fact"),
    ("The tower was designed by Gustave Eiffel's company.", "fact"),
    ("The museum is closed on Mondays.", "fact"),
    ("It was the best-selling album of 1982.", "fact"),
    ("I think it opened in 1937.", "fact"),  # a checkable figure stays a fact
    ("The bridge is the most photographed in the world.", "fact"),
    ("Sales rose by 12% in 2021.", "fact"),
    ("In my opinion the view is the best in town.", "opinion"),
    ("I think the bridge is beautiful.", "opinion"),
    ("The food there is delicious.", "opinion"),
    ("Arguably, the north tower looks better.", "opinion"),
    ("Personally, I prefer the ferry.", "opinion"),
    ("The walk is absolutely worth a visit.", "opinion"),
    ("Book your tickets online to skip the queue.", "instruction"),
    ("You should arrive early in the morning.", "instruction"),
    ("Make sure to bring a jacket.", "instruction"),
    ("Don't forget your camera.", "instruction"),
    ("Please check the opening hours before you go.", "instruction"),
    ("Use the east sidewalk when cycling.", "instruction"),
    ("Remember to pay the toll online.", "instruction"),
    ("Try the clam chowder at the pier.", "instruction"),
    ("Take one 500 mg tablet every six hours.", "fact"),  # a dose to check, not advice to skip
    ("Make sure to pay the 5 dollar toll online.", "fact"),
    ('Type "net user administrator /enable" and press Enter.', "fact"),
]


@pytest.mark.parametrize(("text", "expected"), CLAIM_TYPE_CASES)
def test_claim_type_on_hand_written_cases(text, expected):
    assert classify_claim(text) == expected


def test_only_fact_claims_are_verified():
    opinion = claim(0, "I think the bridge is beautiful.", False, 0.1)
    fact = claim(1, "The bridge opened in 1937.", True, 0.97, (cite("gg", 0.8),), start=33)
    marked = mark_unverified([opinion, fact])
    assert marked[0].supported is None and marked[0].support is None and marked[1] == fact
    result = assess_offline(None, "x" * 60, [opinion, fact], [GG])
    assert result.claim_types == ("opinion", "fact")
    assert result.hallucination_rate == 0.0 and result.recommendation == "accept"


# ---- provenance -----------------------------------------------------------------------------


def test_retriever_score_is_kept_in_provenance():
    supported = claim(0, "The bridge opened in 1937.", True, 0.97, (cite("gg", 0.8),))
    [kept] = cite_supporting([supported], [GG, EIFFEL])
    assert kept.citations[0].metadata["retriever_score"] == 0.82
    assert "retriever score 0.82" in format_citation(kept.citations[0])


def test_only_chunks_that_support_a_claim_are_cited():
    supported = claim(0, "The bridge opened in 1937.", True, 0.97,
                      (cite("gg", 0.8), cite("gg", 0.72), cite("eiffel", 0.18)))
    unsupported = claim(1, "It was designed by Gustave Eiffel.", False, 0.1, (cite("eiffel", 0.45),), start=27)
    first, second = cite_supporting([supported, unsupported], [GG, EIFFEL])
    assert [c.source_id for c in first.citations] == ["gg", "gg"]  # the Eiffel chunk at 0.18 is gone
    assert second.citations == ()


# ---- internal consistency and source quality ------------------------------------------------


@pytest.mark.slow
def test_two_claims_of_one_answer_contradicting_each_other_are_a_finding(encoder):
    claims = [claim(0, "The bridge opened in 1937.", True), claim(1, "The bridge opened in 1933.", True, start=27),
              claim(2, "The bridge is open to cyclists.", True, start=54),
              claim(3, "The bridge is not open to cyclists.", True, start=86),
              claim(4, "The museum has 3 floors.", True, start=122), claim(5, "The museum has 120 rooms.", True, start=147)]
    findings = find_inconsistencies(claims, encoder=encoder)
    assert [f.span for f in findings] == [claims[1].span, claims[3].span]
    assert all(f.kind == INCONSISTENCY_KIND and f.severity == Severity.SOFT for f in findings)
    assert findings[0].evidence == "The bridge opened in 1937."


def test_internal_consistency_is_not_quadratic_and_gives_one_finding_per_claim():
    """A 3,000-sentence answer spent most of 126 s comparing every pair of claims: pairs now come
    from buckets of shared figures, and a claim contradicting many earlier ones gets one finding."""
    import numpy as np

    class FrameEncoder:  # equal frames -> equal vectors; other frames orthogonal-ish
        def encode(self, texts):
            out = np.zeros((len(texts), 64), dtype=np.float32)
            for n, t in enumerate(texts):
                out[n, hash(t) % 64] = 1.0
            return out

    years = [claim(k, f"The bridge opened in {1800 + k}.", True, start=30 * k) for k in range(1500)]
    other = [claim(1500 + k, f"Station {k} has {k + 3000} platforms and {k + 6000} exits.", True, start=30 * (1500 + k))
             for k in range(1500)]
    findings = find_inconsistencies(years + other, encoder=FrameEncoder())
    # every later "opened in" year contradicts the first one; the stations differ in three figures
    assert len(findings) == 1499
    assert all(f.evidence == "The bridge opened in 1800." for f in findings)
    assert [f.span for f in findings] == [c.span for c in years[1:]]


@pytest.mark.slow
def test_each_source_gets_a_quality_score(encoder):
    good = claim(0, "The Golden Gate Bridge opened in 1937.", True, 0.99, (cite("gg", 0.8),))
    result = assess_offline(QUESTION, good.text, [good], [GG, EIFFEL], encoder=encoder)
    quality = {q.source_id: q for q in result.source_quality}
    assert quality["gg"].support_share == 1.0 and quality["gg"].retriever_score == 0.82
    assert quality["gg"].score > 0.9 > 0.2 > quality["eiffel"].score


def test_apply_self_rag_folds_the_reflection_into_a_support_result():
    opinion = claim(0, "I think the bridge is beautiful.", False, 0.1)
    false = claim(1, "The bridge is painted blue.", False, 0.05, start=33)
    fact = claim(2, "The bridge opened in 1937.", True, 0.97, (cite("gg", 0.8), cite("eiffel", 0.1)), start=61)
    from lexguard import Finding

    findings = (Finding(kind="unsupported", message="opinion", span=opinion.span),
                Finding(kind="unsupported", message="blue", span=false.span))
    result = SupportResult(claims=(opinion, false, fact), findings=findings, confidence=0.4,
                           hallucination_rate=2 / 3, recommendation="reject")
    applied = apply_self_rag(result, None, "x" * 90, [GG, EIFFEL])
    assert [c.supported for c in applied.claims] == [None, False, True]
    assert [f.message for f in applied.findings][:1] == ["blue"]  # the opinion's finding is gone
    assert applied.hallucination_rate == 0.5 and applied.recommendation == "regenerate"  # one false claim
    assert not any(f.kind == REJECT_KIND for f in applied.findings)
    assert [c.source_id for c in applied.citations] == ["gg"]
    assert applied.claims[2].citations[0].metadata["retriever_score"] == 0.82
    untouched = SupportResult(inconclusive_reason="no claims")
    assert apply_self_rag(untouched, None, "", [GG]) is untouched


@pytest.mark.parametrize(
    ("question", "real"),
    [("When did the bridge open?", True), ("Who is Napoleon?", True), ("Summarize the news:", False),
     ("Where is it?", False), ("Who built it?", False), ("Why?", False), ("What did they decide about the merger?", True),
     ("Was it Napoleon?", True)],
)
def test_a_follow_up_that_names_nothing_is_not_compared_for_relevance(question, real):
    # "Paris." to "Where is it?" was refused: the question's relevance to the sources was 0
    assert is_real_question(question) is real


def test_internal_consistency_stops_at_the_time_budget_and_says_so():
    from lexguard._limits import Deadline, use_deadline

    claims = [claim(0, "The bridge opened in 1937.", True), claim(1, "The bridge opened in 1933.", True, start=27)]
    with use_deadline(Deadline(0.0)):
        (finding,) = find_inconsistencies(claims, encoder=object())  # the encoder is never reached
    assert finding.kind == "not_checked" and "time budget" in finding.message


def test_a_claim_with_thousands_of_figures_is_not_bucketed_figure_by_figure():
    # one bucket per figure, each keyed by the other figures, grew with the square of the figures
    readings = " ".join(str(10_000 + n) for n in range(4_000))
    claims = [claim(0, f"The readings were {readings}.", True), claim(1, "The bridge opened in 1937.", True, start=40_000)]
    assert find_inconsistencies(claims, encoder=object()) == ()


def test_the_checker_never_accepts_below_the_confidence_bar() -> None:
    """Found in a hostile trial: an instruction the support check found unsupported lowered the
    reported confidence under 0.7, while the reflection (facts only) recommended ``accept``."""
    from lexguard.grounding import SupportChecker
    from lexguard.grounding.reflect._confidence import ACCEPT_AT

    source = Source(id="s", content="The tablets contain paracetamol and are sold in packs of 16.")
    result = SupportChecker().check("The tablets contain paracetamol. Take the tablets with a glass of wine.", [source])
    assert result.confidence < ACCEPT_AT
    assert result.recommendation != "accept"
    assert [f.rule_id for f in result.findings if f.span == result.claims[-1].span] == ["grounding.unverified_advice"]


def test_a_dose_in_an_instruction_is_checked() -> None:
    """Found in a hostile trial: "Take one 500 mg tablet every two hours" (the source: every six
    hours) was an instruction, not checked, and the answer was accepted as verified."""
    from lexguard.grounding import SupportChecker

    source = Source(id="s", content="Adults should take one 500 mg tablet every six hours. Do not take more than "
                    "four tablets in 24 hours. The tablets contain paracetamol and are sold in packs of 16.")
    answer = "The tablets contain paracetamol and are sold in packs of 16. Take one 500 mg tablet every two hours."
    result = SupportChecker().check(answer, [source])
    assert result.recommendation != "accept"
    assert result.claims[-1].supported is False


def test_a_refusal_of_an_answer_whose_claims_are_all_supported_says_why() -> None:
    """Found in a hostile trial: a bulleted answer to "What do I need to bring?" had every claim
    supported and no finding, yet read ``regenerate`` (its confidence, weighed with the question's
    relevance, was under the bar). A soft finding now says so."""
    from lexguard import Source
    from lexguard.grounding import SupportChecker

    result = SupportChecker().check(
        "You'll need to bring:\n• your passport\n• a recent utility bill\n• your tenancy agreement",
        [Source(id="s0", content="Please bring the following to your appointment: your passport, a recent "
                                 "utility bill and your tenancy agreement.")],
        "What do I need to bring?",
    )
    assert result.recommendation == "regenerate"
    assert all(c.supported for c in result.claims)
    assert [f.rule_id for f in result.findings] == ["grounding.low_confidence"]
    assert result.findings[0].severity == "soft"
