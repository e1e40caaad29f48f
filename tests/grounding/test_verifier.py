"""The learned claim verifier: evidence selection, the ONNX model, the stack, coverage and confidence."""

from __future__ import annotations

import numpy as np
import pytest

from lexguard import FindingKind, Source
from lexguard._errors import ConfigurationError
from lexguard._models import Claim
from lexguard.grounding import GroundingConfig, SupportChecker, extract_claims
from lexguard.grounding.verify._stacker import VerifierStack
from lexguard.grounding.verify._verifier import ClaimVerifier, get_verifier
from lexguard.grounding.evidence._evidence import evidence_units
from lexguard.grounding._scoring import answer_confidence
from lexguard.grounding.verify._stacker import verifier_claim_text
from tests.fakes import ManualClock

ISSUE_EIFFEL = Source(
    id="eiffel",
    content="The Eiffel Tower is a wrought-iron lattice tower in Paris, built 1887-1889 by Gustave Eiffel's company.",
)
"""The passage the issue tried by hand."""
EIFFEL = Source(
    id="eiffel",
    content=(
        "The Eiffel Tower is a wrought-iron lattice tower on the Champ de Mars in Paris, France. "
        "It was built from 1887 to 1889 by the company of the engineer Gustave Eiffel. "
        "It was the entrance arch for the 1889 World's Fair."
    ),
)


def test_evidence_selection_prefers_the_sentences_that_share_rare_words() -> None:
    units = evidence_units(
        [Source(id="a", content="Cats sleep a lot. The bridge opened in 1932 after six years. Dogs bark.")]
    )
    chosen = units.select("When did the bridge open?", k=1)
    assert units.text(chosen) == "The bridge opened in 1932 after six years."


def test_evidence_selection_keeps_source_order_and_handles_records() -> None:
    units = evidence_units([Source(id="r", content='{"name": "Cafe Blue", "stars": 4.5, "parking": false}')])
    text = units.text(units.select("Cafe Blue has 4.5 stars.", k=2))
    assert text.index("name") < text.index("stars")
    assert evidence_units([]).select("anything") == []


def test_short_claims_carry_their_question() -> None:
    """A short answer is read as the statement it makes with its question (tests/grounding/test_short_answers.py)."""
    assert verifier_claim_text("Edison did.", "Who invented the phonograph?") == "Edison invented the phonograph."
    assert verifier_claim_text("Minerals.", "Why is the sea salty?") == "Why is the sea salty? Minerals."
    assert verifier_claim_text("The tower is in Paris.", "Where?") == "The tower is in Paris."


def test_missing_verifier_files_are_a_configuration_error(tmp_path) -> None:
    with pytest.raises(ConfigurationError, match="verifier=False"):
        VerifierStack.load(str(tmp_path))
    with pytest.raises(ConfigurationError, match="verifier_path|verifier=False"):
        SupportChecker(GroundingConfig(verifier_path=str(tmp_path)))


def test_verifier_probabilities_are_a_distribution() -> None:
    probs = ClaimVerifier().predict([("It is in Paris.", EIFFEL.content), ("x", "y")])
    assert probs.shape == (2, 3)
    assert np.allclose(probs.sum(axis=1), 1.0, atol=1e-5)
    assert ClaimVerifier().predict([]).shape == (0, 3)


def _claim(i: int, support: float, supported: bool) -> Claim:
    return Claim(index=i, text="x", span=(i, i + 1), support=support, supported=supported, status="supported")


def test_confidence_puts_the_threshold_on_the_bar_and_follows_the_weakest_claim() -> None:
    assert answer_confidence([_claim(0, 0.5, True)], 0.5, 0.7) == pytest.approx(0.7)
    assert answer_confidence([_claim(0, 1.0, True)], 0.5, 0.7) == pytest.approx(1.0)
    half_false = [_claim(0, 0.99, True), _claim(1, 0.98, True), _claim(2, 0.2, False), _claim(3, 0.1, False)]
    assert answer_confidence(half_false, 0.5, 0.7) < 0.7
    # One unsupported claim among many supported ones still keeps the answer under the bar.
    assert answer_confidence([*(_claim(i, 0.99, True) for i in range(9)), _claim(9, 0.6, False)], 0.5, 0.7) < 0.7
    assert answer_confidence([], 0.5, 0.7) is None


def test_code_in_a_fence_is_reported_not_dropped_and_prose_in_a_fence_is_checked() -> None:
    answer = "The tower opened in 1889.\n```\nIt was built by aliens in 1650.\nx = compute(1, 2)\n```\n"
    claims = extract_claims(answer)
    texts = {c.text: c for c in claims}
    assert "It was built by aliens in 1650." in texts and texts["It was built by aliens in 1650."].status is None
    code = texts["x = compute(1, 2)"]
    assert code.status == "not_checked" and "code" in (code.reason or "")


NOTICE = Source(id="notice", content=(
    "The Carver Street bridge will be closed to cars from 8 p.m. Friday to 6 a.m. Monday for "
    "resurfacing. Pedestrians and cyclists can still cross during the work."))


@pytest.mark.slow
class TestShippedModel:
    """Behaviour of the shipped verifier with the bundled encoder (loads the models)."""

    @pytest.fixture(scope="class")
    @classmethod
    def checker(cls) -> SupportChecker:
        return SupportChecker()

    @pytest.mark.parametrize("source", [ISSUE_EIFFEL, EIFFEL], ids=["issue passage", "longer passage"])
    @pytest.mark.parametrize(
        "answer",
        [
            "The Eiffel Tower was built by aliens.",
            "The Eiffel Tower is made of wood.",
            "The Eiffel Tower is not in Paris.",
            "Napoleon built the Eiffel Tower.",
        ],
    )
    def test_eiffel_hallucinations_are_flagged_with_evidence(
        self, checker: SupportChecker, answer: str, source: Source
    ) -> None:
        """"Built by aliens" beside the longer passage was a known miss of the verifier of
        2026-11-25; the refining pass of 2026-11-26 (contrast pairs, invented clauses) catches it."""
        result = checker.check(answer, [source])
        assert result.claims and result.claims[0].supported is False
        assert result.claims[0].status in ("contradicted", "unsupported")
        assert result.confidence < 0.7
        assert any(f.evidence and "Eiffel" in f.evidence for f in result.findings)

    @pytest.mark.parametrize(
        "answer",
        [
            "The Eiffel Tower is a wrought-iron lattice tower on the Champ de Mars in Paris, France.",
            "Gustave Eiffel's company built the tower between 1887 and 1889.",
        ],
    )
    def test_extractive_and_paraphrased_answers_pass(self, checker: SupportChecker, answer: str) -> None:
        result = checker.check(answer, [EIFFEL])
        assert all(c.supported for c in result.claims), result.claims
        assert result.confidence >= 0.7

    def test_a_source_sentence_quoted_verbatim_is_not_overruled_by_the_verifier(self, checker: SupportChecker) -> None:
        # the verifier reads near-copies as contradicted (its contradiction pairs are minimal edits)
        quoted = checker.check(
            "The Carver Street bridge will be closed to cars from 8 p.m. Friday to 6 a.m. Monday for resurfacing.",
            [NOTICE])
        assert quoted.claims[0].supported is True, quoted.findings

    def test_a_weekday_swapped_in_a_near_copy_is_caught(self, checker: SupportChecker) -> None:
        # the verifier reads it as supported; the polarity rule reads the other day of the same statement
        changed = checker.check(
            "The Carver Street bridge will be closed to cars from 8 p.m. Friday to 6 a.m. Tuesday for resurfacing.",
            [NOTICE])
        assert changed.claims[0].supported is False

    def test_pictographs_do_not_sway_the_verifier(self, checker: SupportChecker) -> None:
        # "\U0001F47D" is an unknown token to the verifier: the false claim around it passed
        false = checker.check("The Eiffel Tower \U0001F47D was built by aliens \U0001F47D.", [ISSUE_EIFFEL])
        assert false.claims[0].supported is False and false.claims[0].span == (0, 41)
        true = checker.check("The Eiffel Tower \U0001F5FC is in Paris.", [ISSUE_EIFFEL])
        assert true.claims[0].supported is True

    def test_a_short_answer_is_checked_not_waved_through(self, checker: SupportChecker) -> None:
        result = checker.check("Napoleon did.", [EIFFEL], "Who built the Eiffel Tower?")
        assert result.claims and result.claims[0].status != "not_checked"
        assert result.confidence < 0.7

    def test_meta_statements_are_not_checked_and_not_flagged(self, checker: SupportChecker) -> None:
        answer = "Sure, here is the answer. The passages do not mention the ticket price."
        result = checker.check(answer, [EIFFEL])
        assert result.claims and all(c.status == "not_checked" for c in result.claims)
        assert all("meta statement" in (c.reason or "") for c in result.claims)
        assert result.inconclusive and result.confidence < 1.0
        assert not [f for f in result.findings if f.kind == FindingKind.UNSUPPORTED]

    def test_every_claim_has_a_status(self, checker: SupportChecker) -> None:
        answer = "The tower is in Paris. ```\nprint(1)\n``` It is made of wood."
        result = checker.check(answer, [EIFFEL])
        assert all(c.status in ("supported", "contradicted", "unsupported", "not_checked") for c in result.claims)
        assert all(c.reason for c in result.claims if c.status == "not_checked")

    def test_the_previous_default_stays_selectable(self) -> None:
        old = SupportChecker(GroundingConfig(verifier=False))
        assert old.stack is None
        result = old.check("The Eiffel Tower is in Paris.", [EIFFEL])
        assert result.claims[0].status in ("supported", "unsupported", "contradicted")


class _BagEncoder:
    """Hashed bag-of-words vectors (deterministic, no model)."""

    name = "bag-fake"

    def encode(self, texts):  # noqa: ANN001, ANN201
        out = np.zeros((len(texts), 64), dtype=np.float32)
        for row, text in enumerate(texts):
            for word in text.lower().split():
                out[row, hash(word) % 64] += 1.0
        return out / np.maximum(np.linalg.norm(out, axis=1, keepdims=True), 1e-9)


class _FailingJudge:
    def assess(self, *args, **kwargs):  # noqa: ANN002, ANN003, ANN201
        raise TimeoutError("the judge model did not answer in 5 s")


class _FailingNLI:
    def score(self, pairs):  # noqa: ANN001, ANN201
        raise RuntimeError("NLI model crashed")


def test_failing_optional_verifiers_are_reported_not_silent() -> None:
    config = GroundingConfig(verifier=False, self_rag=False)
    checker = SupportChecker(config, encoder=_BagEncoder(), judge=_FailingJudge(), nli=_FailingNLI())
    result = checker.check("The Eiffel Tower is in Paris.", [EIFFEL])
    statuses = {v.name: v for v in result.verifiers}
    assert statuses["judge"].status == "timed_out" and "did not answer" in (statuses["judge"].reason or "")
    assert statuses["nli"].status == "failed" and "crashed" in (statuses["nli"].reason or "")


def test_the_guard_report_carries_the_verifier_statuses() -> None:
    from lexguard import Guard, GuardConfig

    config = GroundingConfig(verifier=False, self_rag=False)
    checker = SupportChecker(config, encoder=_BagEncoder(), judge=_FailingJudge())
    report = Guard(config=GuardConfig(grounding=config), checker=checker).invoke(
        {"answer": "The Eiffel Tower is in Paris.", "sources": [EIFFEL.content]}
    )
    assert any(v.name == "judge" and v.status == "timed_out" for v in report.verifiers)


@pytest.mark.slow
@pytest.mark.parametrize(
    "answer",
    [
        "The Eiffel Tower was built from 1887 to 1889 [source-0].",  # a citation marker is not a value
        "It was built from 1887 to 1889 [1].",
        "The \u0415iffel Tower was built from 1887 to 1889.",  # Cyrillic capital Ie as the E
        "The Eiffel\u200b Tower was built from 1887 to 1889.",  # zero-width space
        "The Eiffel Tower was con\u00adstructed from 1887 to 1889.",  # soft hyphen
    ],
)
def test_harmless_text_does_not_fail_a_correct_answer(answer: str) -> None:
    result = SupportChecker().check(answer, [EIFFEL])
    assert all(c.supported for c in result.claims if c.kind == "fact"), result.findings
    assert not [f for f in result.findings if f.kind in ("contradicted_value", "unknown_entity")]


@pytest.mark.slow
def test_the_report_carries_a_quality_score_per_source() -> None:
    from lexguard import Guard

    other = "The Golden Gate Bridge opened in 1937 and spans the Golden Gate strait."
    report = Guard().invoke(
        {"answer": "The Eiffel Tower was built from 1887 to 1889.", "sources": [EIFFEL.content, other],
         "question": "When was the Eiffel Tower built?"}
    )
    quality = {q["source_id"]: q for q in report.metadata["source_quality"]}
    assert quality["source-0"]["supported_claims"] == 1 and quality["source-1"]["supported_claims"] == 0
    assert quality["source-0"]["score"] > quality["source-1"]["score"]


@pytest.mark.parametrize(
    ("text", "meta"),
    [
        ("Sure, here is a summary of the passages:", True),
        ("The provided passages do not specify when the store opens.", True),
        ("Unable to answer based on given passages.", True),
        ("I hope this helps!", True),
        ("Based on the passages, the bridge opened in 1932.", False),
        ("The bridge is unable to carry trucks.", False),
        ("The tower is not in Paris.", False),
        ("The opening hours are not listed in the provided data.", True),
        ("The tower was not built in Berlin.", False),
        ("It was built by aliens, though its cost is not mentioned in the sources.", False),  # a fact beside it
        ("The cost is not mentioned in the sources, but aliens built it in 1889.", False),
        ("Aliens built it and that is not mentioned in the sources.", False),
        ("Sure, here is the answer: aliens built it in 1650.", False),  # the fact after the colon was skipped
        ("## History", True),  # section titles: headings are claims now, and these state nothing
        ("Key facts:", True),
        ("## Location & hours", True),
        ("## History of the tower", False),
        ("## Built by aliens", False),
        ("Aliens built it in Berlin:", False),
    ],
)
def test_meta_statements_are_told_from_facts(text: str, meta: bool) -> None:
    from lexguard.grounding.claims._meta import is_meta_statement

    assert is_meta_statement(text) is meta


def test_the_verifier_stops_at_the_time_budget_and_reports_the_claims_it_did_not_read() -> None:
    """A 200,000-character answer took 190 s against a 60 s budget: the verifier now reads in
    chunks and leaves what the budget does not cover unread (not_checked, so inconclusive)."""
    from types import SimpleNamespace

    from lexguard._limits import Deadline, use_deadline

    stack = VerifierStack.load()
    index = SimpleNamespace(sources=[Source(id="e", content="The tower is 330 metres tall. It opened in 1889.")])
    claims = ["The tower is 330 metres tall.", "The tower is 330 metres tall.", "It opened in 1889."]
    with use_deadline(Deadline(0.0)):
        _, _, unread, _ = stack.verify(claims, index, None)
    assert unread == [0, 1, 2]
    verdicts, _, unread, _ = stack.verify(claims, index, None)
    assert unread == [] and verdicts.shape == (3, 3)


def test_claims_are_embedded_under_the_time_budget_and_the_rest_left_unread() -> None:
    """A 3,000-sentence answer took 126 s against a 2 s budget: claims are now embedded in chunks
    and those the budget does not cover come back unread (the caller reports them not checked)."""
    import numpy as np

    from lexguard._limits import Deadline, use_deadline
    from lexguard.grounding.evidence._index import SourceIndex, chunk_sources
    from lexguard.grounding._pipeline import _EMBED_CHUNK, _embed_claims

    class Encoder:
        calls: list[int] = []

        def encode(self, texts):
            self.calls.append(len(texts))
            return np.ones((len(texts), 4), dtype=np.float32)

    sources = [Source(id="e", content="The tower is 330 metres tall. It opened in 1889.")]
    index = SourceIndex(sources, chunk_sources(sources))
    texts = [f"Claim number {i}." for i in range(_EMBED_CHUNK + 44)]
    encoder = Encoder()
    with use_deadline(Deadline(0.0)):  # spent: only the first request's chunk rides with the sources
        vectors, unread = _embed_claims(encoder, index, texts)
    assert vectors.shape == (len(texts), 4)
    assert unread == list(range(_EMBED_CHUNK, len(texts)))
    assert not vectors[_EMBED_CHUNK:].any() and vectors[:_EMBED_CHUNK].all()
    with use_deadline(Deadline(0.0)):  # sources cached: nothing is read once the budget is spent
        _, unread = _embed_claims(encoder, index, texts)
    assert unread == list(range(len(texts)))
    vectors, unread = _embed_claims(encoder, index, texts)  # no budget: everything, in chunks
    assert unread == [] and vectors.all() and encoder.calls[-2:] == [_EMBED_CHUNK, 44]


def test_the_evidence_size_comes_from_the_model_settings(tmp_path) -> None:
    from lexguard._errors import ConfigurationError
    from lexguard.grounding.verify._verifier import ClaimVerifier

    (tmp_path / "verifier.json").write_text('{"labels": ["supported", "contradicted", "baseless"], "evidence_units": 2}')
    assert ClaimVerifier(tmp_path).evidence_units == 2
    (tmp_path / "verifier.json").write_text('{"labels": ["supported", "contradicted", "baseless"]}')
    assert ClaimVerifier(tmp_path).evidence_units == 3  # a model trained before the setting existed
    (tmp_path / "verifier.json").write_text("{not json")
    with pytest.raises(ConfigurationError, match="verifier=False"):
        ClaimVerifier(tmp_path).evidence_units


class _Ticking:
    """An encoder that takes ``tick`` seconds of the fake clock per call."""

    name = "ticking"

    def __init__(self, inner, clock: ManualClock, tick: float) -> None:  # noqa: ANN001
        self.inner, self.clock, self.tick = inner, clock, tick

    def encode(self, texts):  # noqa: ANN001, ANN201
        self.clock.now += self.tick
        return self.inner.encode(texts)


def _ticking(monkeypatch, inner, tick: float = 0.6) -> _Ticking:  # noqa: ANN001
    import lexguard._limits as limits

    clock = ManualClock()
    monkeypatch.setattr(limits, "time", clock)
    return _Ticking(inner, clock, tick)


def test_claims_left_unread_by_the_budget_are_not_checked_and_the_check_inconclusive(monkeypatch) -> None:
    from lexguard.checks import SupportCheck
    from lexguard._limits import Deadline, use_deadline
    from lexguard.checks import CheckContext
    from lexguard.grounding._pipeline import BUDGET_REASON
    from lexguard.grounding.evidence._retrieval import CLAIM_BATCH

    encoder = _ticking(monkeypatch, _BagEncoder())
    checker = SupportChecker(GroundingConfig(verifier=False, self_rag=False), encoder=encoder)
    answer = " ".join(["The tower is tall."] * (CLAIM_BATCH + 20))
    sources = [Source(id="e", content="The tower is very tall. It stands in Paris.")]
    with use_deadline(Deadline(1.0)):  # spent after two encoder calls: the first claims and their chunks
        result = checker.check(answer, sources)
    unread = [c for c in result.claims if c.status == "not_checked"]
    assert len(unread) == 20 and all(c.reason == BUDGET_REASON for c in unread)
    checker.clear_cache()
    with use_deadline(Deadline(0.0)):  # spent before the check: nothing is read
        result = checker.check(answer, sources)
    assert all(c.status == "not_checked" and c.reason == BUDGET_REASON for c in result.claims)
    checker.clear_cache()
    with use_deadline(Deadline(0.0)):
        outcome = SupportCheck(checker=checker).check(answer, CheckContext(sources=sources)).outcome
    assert outcome == "inconclusive"


def test_claims_left_unread_by_the_budget_get_no_features_and_no_judge(monkeypatch) -> None:
    """The budget's unread claims were still given lexical features and sent to the judge and
    NLI (their results discarded): 1.7 s past a 2 s budget on a 3,000-sentence answer."""
    import lexguard.grounding._evidence_reading as reading
    import lexguard.grounding._pipeline as pipeline
    from lexguard._limits import Deadline, use_deadline

    read: list[str] = []
    real = reading.claim_features
    monkeypatch.setattr(reading, "claim_features", lambda text, **kw: (read.append(text), real(text, **kw))[1])

    class Judge:
        seen: list[int] = []

        def assess(self, question, answer, claims, sources, **kwargs):  # noqa: ANN001, ANN003, ANN201
            self.seen.extend(c.index for c in claims)
            raise TimeoutError("the judge was asked")

    class NLI:
        pairs: list[tuple[str, str]] = []

        def score(self, pairs):  # noqa: ANN001, ANN201
            self.pairs.extend(pairs)
            return [{"entailment": 0.9, "contradiction": 0.0} for _ in pairs]

    judge, nli = Judge(), NLI()
    encoder = _ticking(monkeypatch, _BagEncoder())
    checker = SupportChecker(GroundingConfig(verifier=False, self_rag=False), encoder=encoder, judge=judge, nli=nli)
    answer = " ".join(f"The tower is tall number {i}." for i in range(pipeline._EMBED_CHUNK + 20))
    with use_deadline(Deadline(1.0)):  # spent after two encoder calls: the first claims and their chunks
        result = checker.check(answer, [EIFFEL])
    unread = [c.index for c in result.claims if c.reason == pipeline.BUDGET_REASON]
    assert len(unread) == 20
    assert len(read) == pipeline._EMBED_CHUNK and not set(unread) & set(judge.seen)
    assert len(nli.pairs) == pipeline._EMBED_CHUNK
    assert all(result.claims[i].status == "not_checked" for i in unread)
    stacked = SupportChecker(GroundingConfig(self_rag=False), encoder=_BagEncoder())
    stacked.check("The tower is in Paris.", [EIFFEL])  # the sources' index, cached
    with use_deadline(Deadline(0.0)):  # budget spent: not one claim is read, nothing crashes
        again = stacked.check(answer, [EIFFEL])
    assert all(c.status == "not_checked" and c.reason == pipeline.BUDGET_REASON for c in again.claims)


def test_the_shipped_stacker_was_fitted_on_the_shipped_verifier() -> None:
    """The stacker calibrates the verifier's outputs: one fitted on another model (the float32
    one, say) would ship a threshold for numbers the shipped model never gives."""
    import hashlib
    import json

    from lexguard.grounding.verify._verifier import VERIFIER_DIR

    meta = json.loads((VERIFIER_DIR / "stacker.json").read_text())["meta"]
    shipped = hashlib.sha256((VERIFIER_DIR / "verifier.onnx").read_bytes()).hexdigest()
    assert meta["verifier_sha256"] == shipped, "rerun `scripts/train_verifier.py stack` after an export"
    weights = json.loads((VERIFIER_DIR / "verifier.json").read_text()).get("weights", "float32")
    if weights.startswith("int8"):  # the drift against float32 was measured, and is small
        drift = meta["int8_drift"]
        assert drift["mean_abs_supported"] < 0.05 and drift["claim_auroc_int8"] > drift["claim_auroc_fp32"] - 0.01


def test_the_override_level_comes_with_the_stacker(tmp_path) -> None:
    """The override was a hard-coded 0.85 beside a stacker that chose another level, and a
    verifier from ``verifier_path`` could not bring its own."""
    import json
    import shutil

    from lexguard.grounding.verify._verifier import VERIFIER_DIR

    chosen = json.loads((VERIFIER_DIR / "stacker.json").read_text())["meta"]["verifier_override"]
    assert SupportChecker().config.verifier_override == chosen
    assert SupportChecker(GroundingConfig(verifier_override=0.9)).config.verifier_override == 0.9
    assert SupportChecker(GroundingConfig(verifier=False)).config.verifier_override == 1.0
    for name in ("verifier.onnx", "verifier.json"):
        shutil.copy(VERIFIER_DIR / name, tmp_path / name)
    data = json.loads((VERIFIER_DIR / "stacker.json").read_text())
    data["meta"].pop("verifier_override")  # a stacker that names no level: the override is off
    (tmp_path / "stacker.json").write_text(json.dumps(data))
    assert SupportChecker(GroundingConfig(verifier_path=str(tmp_path))).config.verifier_override == 1.0


@pytest.mark.parametrize(
    ("claim", "text", "exact"),
    [
        ("The tower was built in 1889", "Paris is old. The tower was built in 1889. By Eiffel.", True),
        ("Einstein failed mathematics", "Einstein failed mathematics, according to a popular myth.", False),
        ("The tower was built in 1889", "The tower was built in 1889.", True),
        ("the tower was built by aliens", "No one claims the tower was built by aliens.", False),
        ("The tower was built in 1889", "name: x\nThe tower was built in 1889", True),
    ],
)
def test_a_verbatim_quote_is_a_source_sentence_not_a_clause_inside_one(claim: str, text: str, exact: bool) -> None:
    from lexguard.grounding.verify._features import _opens_a_sentence

    assert _opens_a_sentence(claim, text) is exact


def test_a_verdict_is_its_pair_s_own_whatever_is_read_beside_it() -> None:
    """The shipped int8 model quantizes activations per run: pairs read together shared a scale, and
    a claim's verdict (and decision) hung on the other claims of its answer and on the cache."""
    verifier = get_verifier()
    pairs = [
        ("The bridge opened in 1937.", "The Golden Gate Bridge opened to traffic in May 1937 after four years of work."),
        ("The museum is closed on Mondays.", "The museum opens daily from 9 am to 5 pm, and on Mondays it stays closed."),
        ("A 42-year-old cyclist was hurt.", "leeds -lrb- cnn -rrb- a 42-year-old cyclist has been taken to hospital ."),
        ("Smith won.", "In the final, held in a packed stadium over two rainy evenings, Smith beat the champion."),
    ]
    together = verifier.predict(pairs)
    for n, pair in enumerate(pairs):
        assert np.array_equal(verifier.predict([pair])[0], together[n])
    assert np.array_equal(verifier.predict(pairs[::-1])[::-1], together)
