"""SupportChecker: findings with spans and kinds, citations, caching, inconclusive results."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pytest

from lexguard import FindingKind, Severity, Source
from lexguard.grounding import GroundingConfig, SupportChecker, SupportResult
from tests.fakes import CountingEncoder

SOURCES = [
    Source(
        id="tower",
        content=(
            "The Eiffel Tower was completed in 1889 for the World's Fair. It is 330 metres tall "
            "and stands on the Champ de Mars in Paris. The tower was designed by the engineering "
            "company of Gustave Eiffel."
        ),
        metadata={"title": "Eiffel Tower"},
    ),
    Source(
        id="bridge",
        content=(
            "The Golden Gate Bridge opened in 1937. It spans the strait between San Francisco Bay "
            "and the Pacific Ocean. Its main span is 1,280 metres long."
        ),
    ),
]


def spans_of(answer: str, result: SupportResult, kind: str) -> list[str]:
    return [answer[f.span[0] : f.span[1]] for f in result.findings if f.kind == kind and f.span]


def test_sources_are_embedded_once_across_three_retries() -> None:
    encoder = CountingEncoder()
    checker = SupportChecker(GroundingConfig(retrieval="dense"), encoder=encoder)  # every chunk embedded
    answers = [
        "The Eiffel Tower was completed in 1899.",
        "The Eiffel Tower was completed in 1889.",
        "The Eiffel Tower is 330 metres tall.",
    ]
    for answer in answers:
        checker.check(answer, SOURCES)
    chunk_texts = [c.text for c in checker._cache._items[next(iter(checker._cache._items))].chunks]
    assert chunk_texts and all(encoder.count(t) == 1 for t in chunk_texts)
    assert len(encoder.calls) == 3  # one batched call per check: chunks + claims, then claims only
    assert len(encoder.calls[0]) == len(chunk_texts) + 1
    # changed sources -> a new index
    checker.check(answers[0], [*SOURCES[:1], Source(id="bridge", content="Another text entirely.")])
    assert len(checker._cache) == 2


async def test_async_check_reuses_the_cache() -> None:
    encoder = CountingEncoder()
    checker = SupportChecker(encoder=encoder)
    first = await checker.acheck("The Golden Gate Bridge opened in 1937.", SOURCES)
    second = await checker.acheck("The Golden Gate Bridge opened in 1937.", SOURCES)
    assert first.claims[0].supported and second.claims[0].supported
    assert len(encoder.calls[1]) == 1


def test_changed_number_is_a_contradicted_value() -> None:
    answer = "The Eiffel Tower was completed in 1889. The Eiffel Tower is 310 metres tall."
    result = SupportChecker(encoder=CountingEncoder()).check(answer, SOURCES)
    assert spans_of(answer, result, FindingKind.CONTRADICTED_VALUE) == ["310"]
    finding = next(f for f in result.findings if f.kind == FindingKind.CONTRADICTED_VALUE)
    assert finding.severity == Severity.HARD and finding.source_id == "tower" and finding.stage == "support_check"
    assert "330" in (finding.evidence or "")
    assert [c.supported for c in result.claims] == [True, False]
    assert result.recommendation == "regenerate" and result.hallucination_rate == 0.5  # one false claim: repaired


def test_changed_name_is_an_unknown_entity() -> None:
    answer = "The tower was designed by the engineering company of Gustave Flaubert."
    result = SupportChecker(encoder=CountingEncoder()).check(answer, SOURCES)
    assert spans_of(answer, result, FindingKind.UNKNOWN_ENTITY) == ["Gustave Flaubert"]
    assert result.claims[0].supported is False


def test_invented_entity_is_an_unknown_entity() -> None:
    answer = "The Golden Gate Bridge opened in 1937 with help from Microsoft."
    result = SupportChecker(encoder=CountingEncoder()).check(answer, SOURCES)
    assert spans_of(answer, result, FindingKind.UNKNOWN_ENTITY) == ["Microsoft"]


def test_names_from_the_question_are_not_evidence() -> None:
    """Issue 22: a name the question brings (a false premise) is checked against the sources alone."""
    answer = "The Golden Gate Bridge in California opened in 1937."
    checker = SupportChecker(encoder=CountingEncoder())
    assert spans_of(answer, checker.check(answer, SOURCES), FindingKind.UNKNOWN_ENTITY) == ["California"]
    with_question = checker.check(answer, SOURCES, question="When did the bridge in California open?")
    assert spans_of(answer, with_question, FindingKind.UNKNOWN_ENTITY) == ["California"]


def test_no_sources_and_no_claims_are_inconclusive() -> None:
    checker = SupportChecker(encoder=CountingEncoder())
    none = checker.check("The tower is tall and old.", [])
    assert none.inconclusive_reason and none.findings[0].kind == FindingKind.NO_SOURCES
    assert none.findings[0].severity == Severity.SOFT
    empty = checker.check("Sure!", SOURCES)
    assert empty.inconclusive_reason and "no claims" in empty.inconclusive_reason
    assert empty.recommendation != "accept"  # nothing was checked: never read as verified
    assert none.recommendation != "accept"


def test_encoder_failure_is_inconclusive_not_a_crash() -> None:
    class Broken:
        name = "broken"

        def encode(self, texts: Sequence[str]) -> np.ndarray:
            raise RuntimeError("model file missing")

    result = SupportChecker(encoder=Broken()).check("The tower is 330 metres tall.", SOURCES)
    assert result.inconclusive_reason and "model file missing" in result.inconclusive_reason
    assert result.findings[0].kind == FindingKind.CHECK_ERROR


def test_nli_hook_is_used_and_can_veto() -> None:
    class Contradicting:
        def __init__(self) -> None:
            self.pairs: list[tuple[str, str]] = []

        def score(self, pairs: list[tuple[str, str]]) -> list[dict[str, float]]:
            self.pairs += pairs
            return [{"entailment": 0.02, "contradiction": 0.95} for _ in pairs]

    nli = Contradicting()
    answer = "The Golden Gate Bridge opened in 1937."
    # self_rag off: the reflection keeps citations only for supported claims (tested elsewhere)
    result = SupportChecker(GroundingConfig(self_rag=False), encoder=CountingEncoder(), nli=nli).check(answer, SOURCES)
    assert nli.pairs and nli.pairs[0][1] == answer and "1937" in nli.pairs[0][0]
    assert result.claims[0].supported is False and result.claims[0].support <= 0.05
    assert result.claims[0].citations[0].method == "nli"


def test_strict_values_can_be_turned_off() -> None:
    answer = "The Golden Gate Bridge opened in 1937 with help from Microsoft."
    loose = SupportChecker(GroundingConfig(strict_values=False, strict_entities=False, support_threshold=0.0, verifier_override=1.0), encoder=CountingEncoder())
    assert loose.check(answer, SOURCES).claims[0].supported is True


@pytest.fixture(scope="module")
def real_checker() -> SupportChecker:
    return SupportChecker()


@pytest.mark.slow
def test_paraphrase_is_supported_and_cites_the_right_chunk(real_checker: SupportChecker) -> None:
    answer = "Gustave Eiffel's engineering firm designed the tower."
    result = real_checker.check(answer, SOURCES)
    claim = result.claims[0]
    assert claim.supported is True and not result.findings
    assert claim.citations[0].source_id == "tower"
    assert "designed by the engineering company" in claim.citations[0].quote
    assert claim.citations[0].chunk_id.startswith("tower#")
    assert claim.citations[0].metadata == {"title": "Eiffel Tower"}
    assert result.citations == (claim.citations[0],)
    assert result.recommendation == "accept" and result.confidence > 0.5


@pytest.mark.slow
def test_real_model_flags_number_name_and_entity(real_checker: SupportChecker) -> None:
    answer = (
        "The Golden Gate Bridge opened in 1937. Its main span is 1,450 metres long. "
        "The Eiffel Tower was designed by the company of Gustave Courbet. "
        "It was financed by the Rothschild Bank."
    )
    result = real_checker.check(answer, SOURCES)
    assert [c.supported for c in result.claims] == [True, False, False, False]
    assert spans_of(answer, result, FindingKind.CONTRADICTED_VALUE) == ["1,450"]
    assert spans_of(answer, result, FindingKind.UNKNOWN_ENTITY) == ["Gustave Courbet", "Rothschild Bank"]


def test_source_cache_key_is_stable_once_the_encoder_loads() -> None:
    from lexguard.grounding import SupportChecker as Checker

    checker = Checker()
    checker.check("The tower is 330 metres tall.", ["The tower is 330 metres tall."])
    checker.check("The tower is 330 metres tall.", ["The tower is 330 metres tall."])
    assert len(checker._cache) == 1


def test_judge_and_nli_settings_build_the_verifiers(tmp_path) -> None:
    import pytest

    from lexguard import ConfigurationError
    from lexguard.grounding import GroundingConfig, NLIVerifier
    from lexguard.grounding import SupportChecker as Checker

    checker = Checker(GroundingConfig(nli_model=str(tmp_path / "nli"), nli_entailment_label="ENTAIL"))
    assert isinstance(checker.nli, NLIVerifier)
    with pytest.raises(ConfigurationError, match="judge model"):
        Checker(GroundingConfig(judge_model="no-such-provider:model"))


def test_novel_runs_find_the_words_absent_from_the_evidence() -> None:
    from lexguard.grounding.signals._lexical import content_words
    from lexguard.grounding._findings import novel_runs

    known = set(content_words(SOURCES[1].content))
    text = "The Golden Gate Bridge opened in 1937 after years of heavy protests by local fishermen."
    runs = [text[s:e] for s, e in novel_runs(text, known)]
    assert runs == ["years of heavy protests by local fishermen"]
    assert novel_runs(text, known | set(content_words("years heavy protests local fishermen"))) == []
    short = "Bridge opened with heavy protests."
    assert [short[s:e] for s, e in novel_runs(short, known, min_words=2)] == ["heavy protests"]
    assert novel_runs("Bridge opened with protests.", known, min_words=2) == []


def test_unsupported_claim_findings_point_at_the_novel_words() -> None:
    answer = "The Golden Gate Bridge opened in 1937 amid heavy protests."
    forced = {"support_threshold": 1.0, "strict_values": False, "strict_entities": False, "self_rag": False, "verifier": False}
    narrow = SupportChecker(GroundingConfig(finding_span="mentions_runs", **forced), encoder=CountingEncoder())
    result = narrow.check(answer, SOURCES)
    assert result.claims[0].supported is False
    assert [answer[f.span[0] : f.span[1]] for f in result.findings] == ["amid heavy protests"]
    assert result.findings[0].rule_id == "grounding.unsupported_words"
    whole = SupportChecker(GroundingConfig(finding_span="claim", **forced), encoder=CountingEncoder())
    wide = whole.check(answer, SOURCES)
    assert [f.span for f in wide.findings] == [result.claims[0].span]
    # the span rule never changes which claims are supported
    assert [c.supported for c in wide.claims] == [c.supported for c in result.claims]


def test_a_claim_with_nothing_specific_keeps_its_whole_span() -> None:
    answer = "The Golden Gate Bridge opened in 1937."  # every word is in the source
    forced = {"support_threshold": 1.0, "strict_values": False, "strict_entities": False, "self_rag": False, "verifier": False}
    result = SupportChecker(GroundingConfig(**forced), encoder=CountingEncoder()).check(answer, SOURCES)
    assert [f.span for f in result.findings] == [result.claims[0].span]
    assert result.findings[0].rule_id == "grounding.unsupported"


def test_narrowed_findings_never_repeat_flagged_text(real_checker: SupportChecker) -> None:
    answer = "The Eiffel Tower was designed by Gustave Flaubert 1925 for a royal wedding."
    result = real_checker.check(answer, SOURCES)
    spans = sorted(f.span for f in result.findings if f.span)
    assert spans, "the invented details must be flagged"
    for (_, end), (start, _) in zip(spans, spans[1:]):
        assert end <= start, f"overlapping findings {spans}"
    for start, end in spans:
        assert answer[start:end].strip() == answer[start:end] and answer[start:end]


def test_rates_must_be_ordered() -> None:
    import pytest

    from lexguard import ConfigurationError
    from lexguard.grounding import GroundingConfig

    with pytest.raises(ConfigurationError, match="reject_hallucination_rate"):
        GroundingConfig(max_hallucination_rate=0.5)
    assert GroundingConfig(max_hallucination_rate=0.5, reject_hallucination_rate=0.6).max_hallucination_rate == 0.5
