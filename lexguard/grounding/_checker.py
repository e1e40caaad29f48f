"""The support checker: claims -> evidence -> calibrated support -> findings and citations.

The scoring itself (no I/O) is in :mod:`lexguard.grounding._pipeline`; ``check`` and ``acheck``
only call the claim extractor and the judge, directly or awaited.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Sequence
from typing import Any

import numpy as np

from lexguard._errors import BudgetExceededError, ConfigurationError
from lexguard._models import Claim, Source
from lexguard._text import reading_form
from lexguard.grounding.claims._claims import extract_claims
from lexguard.grounding.claims._worthiness import heard_names, mark_not_facts, talk_names
from lexguard.grounding.claims._meta_split import is_refusal
from lexguard.grounding._config import GroundingConfig
from lexguard.grounding.verify._support_model import load_support_model
from lexguard.grounding.evidence._index import SourceIndex, SourceIndexCache, chunk_sources, sources_key
from lexguard.grounding._polar import read_polar
from lexguard.grounding._pipeline import (
    Scored,
    early_result,
    failed_result,
    judge_from_config,
    judge_kwargs,
    judged_claims,
    judging,
    nli_from_config,
    score_claims,
)
from lexguard.grounding._reading import BUDGET_REASON
from lexguard.grounding._result import SupportResult
from lexguard.grounding._visible import result_back, visible_sources
from lexguard.grounding.claims._dialogue import asked_turn, chat_turns
from lexguard.grounding.signals._answer_slot import asks_for_a_thing
from lexguard.grounding.evidence._retrieval import question_chunks
from lexguard.grounding._scoring import build_result
from lexguard.grounding._findings import unverified_advice_finding
from lexguard.grounding.reflect._confidence import ACCEPT_AT
from lexguard.grounding.reflect._self_rag import apply_self_rag, is_real_question
from lexguard.grounding.verify._stacker import VerifierStack
from lexguard.grounding._threshold import Calibration

__all__ = ["SupportChecker"]


class SupportChecker:
    """Checks, claim by claim, whether an answer is supported by its sources.

    Signals: dense similarity to the best source chunks (FAISS inner product over normalised
    embeddings), lexical evidence (numbers, names, quoted strings found in no source; a number
    that differs from the best chunk's), negation mismatch, combined by a logistic model trained
    on RAGTruth into a calibrated support probability; optionally an NLI verifier and an LLM
    judge. Source chunks and their embeddings are cached per checker by content hash, so
    retries with the same sources never re-embed them.

    Args:
        config: Grounding settings; defaults when ``None``.
        encoder: Sentence encoder; ``lexguard.embeddings.get_encoder(config.embedding_model)`` on
            the backend ``config.embedding_backend`` names (int8 ONNX by default; loaded lazily)
            when ``None``.
        judge: Optional LLM judge with ``aassess(question, answer, claims, sources,
            claim_sources=...)`` (see ``SelfRAGJudge``).
        nli: Optional verifier with ``score(pairs) -> sequence`` of entailment probabilities
            (floats) or of objects/mappings with ``entailment`` and ``contradiction``.
        claim_extractor: Optional extractor with ``extract(text)`` (and ``aextract``), such as
            ``LLMClaimExtractor``; the rule-based :func:`extract_claims` when ``None``.

    Example:
        >>> checker = SupportChecker()  # doctest: +SKIP
        >>> result = checker.check("Paris is the capital of France.", ["Paris is France's capital."])  # doctest: +SKIP
        >>> result.recommendation  # doctest: +SKIP
        'accept'
    """

    def __init__(
        self,
        config: GroundingConfig | None = None,
        *,
        encoder: Any | None = None,
        judge: Any | None = None,
        nli: Any | None = None,
        claim_extractor: Any | None = None,
    ) -> None:
        config = config or GroundingConfig()
        calibration = Calibration.read(config.threshold_file) if config.threshold_file else None
        if calibration is not None and not calibration.strict:
            # the file's false-alarm rate was measured without the threshold-independent rules
            config = config.model_copy(update=Calibration.STRICT_OFF)
        self.config = config
        self._encoder = encoder
        self.judge = judge if judge is not None else judge_from_config(self.config)
        self.nli = nli if nli is not None else nli_from_config(self.config)
        self.claim_extractor = claim_extractor
        self.model = load_support_model(self.config.support_model)
        self.stack = VerifierStack.load(self.config.verifier_path) if self.config.verifier else None
        if self.config.verifier_override is None:  # the levels chosen with the stacker, or off
            override = self.stack.override if self.stack is not None else 1.0
            partial = self.config.verifier_override_partial
            if partial is None and self.stack is not None:
                partial = self.stack.override_partial
            self.config = self.config.model_copy(update={"verifier_override": override,
                                                         "verifier_override_partial": partial})
        default_threshold = self.stack.threshold if self.stack is not None else self.model.threshold
        if calibration is not None and self.config.support_threshold is None:
            default_threshold = calibration.support_threshold
        self.threshold = (
            self.config.support_threshold if self.config.support_threshold is not None else default_threshold
        )
        self._cache = SourceIndexCache(self.config.cache_size)

    @property
    def accepts_everything(self) -> str | None:
        """Why these settings pass every claim whatever the sources say (``None`` when they do not):
        a support threshold of 0 passes every score; the support check then verifies nothing."""
        if self.threshold > 0.0:
            return None
        strict = any((self.config.strict_values, self.config.strict_entities, self.config.strict_polarity))
        rules = "only the strict rules still apply" if strict else "and the strict rules are off"
        return f"support threshold {self.threshold:.2f} passes every claim; {rules}"

    @property
    def encoder(self) -> Any:
        """The sentence encoder (loaded on first use)."""
        if self._encoder is None:
            from lexguard.embeddings import get_encoder
            from lexguard.embeddings._registry import support_backend

            model = self.config.embedding_model
            self._encoder = get_encoder(model, support_backend(model, self.config.embedding_backend))
        return self._encoder

    # ------------------------------------------------------------------ public API

    def check(self, answer: str, sources: Sequence[Any], question: str | None = None) -> SupportResult:
        """Check an answer against its sources.

        Args:
            answer: The answer text.
            sources: Passages (``Source``, strings, LangChain ``Document`` or dicts).
            question: The user question (its names and numbers count as known).

        Returns:
            The :class:`SupportResult`; never raises because a model failed (the result is
            inconclusive then).
        """
        key, started, srcs = reading_form(answer), time.perf_counter(), visible_sources(self._sources(sources))
        answer = key.text
        if (early := early_result(answer, srcs)) is not None:
            return early
        try:
            claims = self._rule_claims(answer, question) if self.claim_extractor is None else self.claim_extractor.extract(answer)
            scored = self._score(answer, claims, srcs, question, started)
        except ConfigurationError:
            raise  # a misconfiguration must be fixed, not reported as an inconclusive check
        except Exception as exc:  # noqa: BLE001 - a broken model means inconclusive, not a crash
            return failed_result(exc)
        assessment = None
        if self.judge is not None and scored.claims:
            with judging(scored):
                if callable(assess := getattr(self.judge, "assess", None)):
                    assessment = assess(question, answer, judged_claims(scored), srcs, **judge_kwargs(scored))
        return result_back(self._finish(answer, question, scored, assessment), key)

    async def acheck(self, answer: str, sources: Sequence[Any], question: str | None = None) -> SupportResult:
        """Async :meth:`check`: CPU work runs in a worker thread, judge calls run concurrently."""
        key, started, srcs = reading_form(answer), time.perf_counter(), visible_sources(self._sources(sources))
        answer = key.text
        if (early := early_result(answer, srcs)) is not None:
            return early
        try:
            extractor = self.claim_extractor
            if extractor is not None and hasattr(extractor, "aextract"):
                claims = await extractor.aextract(answer)
            elif extractor is not None:
                claims = await asyncio.to_thread(extractor.extract, answer)
            else:
                claims = self._rule_claims(answer, question)
            scored = await asyncio.to_thread(self._score, answer, claims, srcs, question, started)
        except ConfigurationError:
            raise  # see check()
        except Exception as exc:  # noqa: BLE001
            return failed_result(exc)
        assessment = None
        if self.judge is not None and scored.claims:
            with judging(scored):
                if callable(aassess := getattr(self.judge, "aassess", None)):
                    assessment = await aassess(question, answer, judged_claims(scored), srcs, **judge_kwargs(scored))
        return result_back(self._finish(answer, question, scored, assessment), key)

    def clear_cache(self) -> None:
        """Forget every cached source index and verifier verdict."""
        self._cache.clear()
        if self.stack is not None:
            self.stack.clear_cache()

    # ------------------------------------------------------------------ steps

    def _rule_claims(self, answer: str, question: str | None) -> list[Claim]:
        """Rule-based claims; an answer too short to yield one ("Edison did.") is one claim; a chat
        reply's closing talk to the reader is a claim of its own."""
        claims = extract_claims(answer, min_words=self.config.min_claim_words, chat=chat_turns(question) is not None)
        if not any(c.status != "not_checked" for c in claims):
            short = [c for c in extract_claims(answer, min_words=1) if c.status != "not_checked"]
            if short:
                claims = sorted(claims + short, key=lambda c: c.span)
                claims = [c.model_copy(update={"index": i}) for i, c in enumerate(claims)]
        return claims

    @staticmethod
    def _sources(sources: Sequence[Any] | None) -> list[Source]:
        return [Source.from_any(s, i) for i, s in enumerate(sources or [])]

    def _index_for(self, sources: list[Source]) -> SourceIndex:
        cfg = self.config
        if cfg.cache_size == 0:
            chunks = chunk_sources(sources, sentences=cfg.chunk_sentences, overlap=cfg.chunk_overlap)
            return SourceIndex(sources, chunks)
        key = sources_key(
            sources,
            sentences=cfg.chunk_sentences,
            overlap=cfg.chunk_overlap,
            model=str(getattr(self.encoder, "name", cfg.embedding_model)),
        )
        return self._cache.get_or_build(key, sources, sentences=cfg.chunk_sentences, overlap=cfg.chunk_overlap)

    def _score(
        self, answer: str, claims: list[Claim], sources: list[Source], question: str | None, started: float
    ) -> Scored:
        """Score ``claims`` against ``sources`` (see :func:`~lexguard.grounding._pipeline.score_claims`).

        Indexing the sources reads the validation's time budget batch by batch; when it runs out
        there (a huge source, a short budget), every claim is returned unread, reported not
        checked (:data:`~lexguard.grounding._reading.BUDGET_REASON`): never accepted unread.
        """
        chat = chat_turns(question) is not None
        asks = chat or any("?" in c.text for c in claims if c.status is None)  # a question back or talk may name them
        heard = heard_names(question, *(s.content for s in sources)) if asks else frozenset()
        picking = chat and asks_for_a_thing(asked_turn(question))  # "Any good war films?": a name only they give is a pick
        talked = talk_names(question, [s.content for s in sources]) if picking else None
        claims = mark_not_facts(claims, heard, chat=chat, talked=talked)  # the one claim-worthiness pass
        timings = {"claims": time.perf_counter() - started}
        if not claims:
            return Scored([], None, [], np.zeros(0), [], timings)
        asked, turns = asked_turn(question), _turns(question)  # a chat is read as its last user turn
        polar = read_polar(claims, asked, lambda statement: self._proposition(statement, sources))
        claims = [c.model_copy(update={"status": None, "reason": None, "kind": "fact"})
                  if c.index in polar and polar[c.index].bare else c for c in claims]  # "No." is an answer
        if all(c.status == "not_checked" for c in claims) and not any(is_refusal(c.text) for c in claims):
            return Scored(claims, None, [], np.zeros(0), [], timings, skipped={c.index: c.reason or "" for c in claims})
        t0 = time.perf_counter()
        try:
            index = self._index_for(sources)
            timings["index"] = time.perf_counter() - t0
            scored = score_claims(claims, index, asked, config=self.config, encoder=self.encoder,
                                  model=self.model, stack=self.stack, nli=self.nli, timings=timings, turns=turns,
                                  chat=chat)
        except BudgetExceededError:  # the budget ran out while the sources were indexed or read
            skipped = {c.index: (c.reason or "not checked") if c.status == "not_checked" else BUDGET_REASON
                       for c in claims}
            scored = Scored(claims, None, [], np.zeros(0), [], timings, skipped=skipped)
        scored.polar = polar
        return scored

    def _proposition(self, statement: str, sources: list[Source]) -> tuple[str, str, float]:
        """Check the statement a yes/no question asks about: ``(status, evidence, support)``.

        Contradicted when any of its claims is, supported when all are, ``not_checked`` when it
        could not be checked (an error, the time budget, nothing to check), else unsupported.
        """
        result = self.check(statement, sources)
        claims = [c for c in result.claims if c.status != "not_checked"]
        if not claims or result.inconclusive:
            return "not_checked", "", 0.0
        evidence = next((f.evidence for f in result.findings if f.evidence), None)
        evidence = evidence or next((c.citations[0].quote for c in claims if c.citations), "")
        support = min((c.support or 0.0 for c in claims), default=0.0)
        if any(c.status == "contradicted" for c in claims):
            return "contradicted", evidence or "", support
        if claims and not result.inconclusive and all(c.supported for c in claims):
            return "supported", evidence or "", support
        return "unsupported", evidence or "", support

    def _finish(self, answer: str, question: str | None, scored: Scored, assessment: Any) -> SupportResult:
        statuses = list(scored.statuses)
        status_of = getattr(assessment, "status", None)
        if callable(status_of):
            statuses.append(status_of("judge"))
        result = build_result(
            answer=answer, question=question, claims=scored.claims, index=scored.index, evidence=scored.evidence,
            support=scored.support, methods=scored.methods, assessment=assessment, config=self.config,
            threshold=self.threshold, timings=scored.timings, verdicts=scored.verdicts,
            verifier_evidence=scored.verifier_evidence, verifier_read_all=scored.verifier_read_all,
            skipped=scored.skipped or {},
            refuted=scored.refuted, polar=scored.polar, doubted=scored.doubted,
        ).model_copy(update={"verifiers": tuple(statuses)})
        if not self.config.self_rag or result.inconclusive or scored.index is None:
            return result
        t0 = time.perf_counter()
        asked = asked_turn(question)
        asked = asked if is_real_question(asked) else None
        picked = None  # ISREL reads every chunk, or (candidate retrieval) the question's and claims' candidates
        if asked and self.config.retrieval == "candidates":
            picked = question_chunks(scored.index, asked, [e.best_chunks for e in scored.evidence])
        reflected = apply_self_rag(
            result, asked, answer, scored.index.sources, encoder=self.encoder,
            reject_above=self.config.reject_hallucination_rate, relevance_chunks=picked,
        )
        confidence = min(result.confidence, reflected.confidence) if asked else result.confidence
        timings = {**result.timings, "self_rag": time.perf_counter() - t0}
        recommendation, findings = reflected.recommendation, reflected.findings
        if recommendation == "accept" and confidence < ACCEPT_AT:
            # the reflection read facts only; an instruction the support check found unsupported
            # ("Take the tablets with alcohol.") still lowers the confidence reported: never accept below the bar
            recommendation = "regenerate"
            findings = (*findings, *(
                unverified_advice_finding(after, before.support or 0.0)
                for before, after in zip(result.claims, reflected.claims, strict=False)
                if before.supported is False and after.status == "not_checked"
            ))
        return reflected.model_copy(update={"confidence": confidence, "timings": timings,
                                            "recommendation": recommendation, "findings": findings})


def _turns(question: str | None) -> list[str]:
    """What came before the answer, nearest last: a chat's turns, else the question alone."""
    turns = chat_turns(question)
    if turns is not None:
        return [t.text for t in turns]
    return [question] if question else []
