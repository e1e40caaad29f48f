"""The support checker: claims -> evidence -> calibrated support -> findings and citations."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from lexguard._errors import ConfigurationError
from lexguard._models import Claim, Finding, FindingKind, Severity, Source, VerifierStatus
from lexguard._text import CITATION_MARKER, unconfuse
from lexguard.grounding._judge_models import judge_failure_status
from lexguard.grounding._claims import extract_claims
from lexguard.grounding._config import GroundingConfig
from lexguard.grounding._features import ClaimEvidence, claim_features, load_support_model
from lexguard.grounding._index import SourceIndex, SourceIndexCache, chunk_sources, sources_key
from lexguard.grounding._lexical import LexicalProfile, strip_markdown
from lexguard.grounding._meta import is_meta_statement
from lexguard.grounding._result import SupportResult
from lexguard.grounding._scoring import META_REASON, apply_nli, build_result
from lexguard.grounding._self_rag import apply_self_rag, is_real_question
from lexguard.grounding._stacker import VerifierStack
from lexguard.grounding._threshold import Calibration

__all__ = ["SupportChecker"]

logger = logging.getLogger("lexguard.grounding")

_RERANK_K = 5
"""Chunks retrieved per claim for hybrid re-ranking (``top_k`` of them are cited)."""


@dataclass
class _Scored:
    """Intermediate per-request state between the CPU part and the judge."""

    claims: list[Claim]
    index: SourceIndex | None
    evidence: list[ClaimEvidence]
    support: np.ndarray
    methods: list[str]
    timings: dict[str, float]
    verdicts: np.ndarray | None = None
    """Verifier probabilities (supported, contradicted, baseless) per claim, when it ran."""
    verifier_evidence: list[str] | None = None
    """The evidence passage the verifier read for each claim."""
    skipped: dict[int, str] | None = None
    """Claims not scored as facts, with the reason (meta statements, code)."""
    statuses: list[VerifierStatus] = field(default_factory=list)
    """Status of each model that ran (or failed) on this request."""


def _judge_from_config(config: GroundingConfig) -> Any | None:
    """The LLM judge named by ``config.judge_model`` (``"provider:model"``), if any."""
    if not config.judge_model:
        return None
    try:
        from langchain.chat_models import init_chat_model

        llm = init_chat_model(config.judge_model)
    except Exception as exc:
        raise ConfigurationError(
            f"could not create the judge model {config.judge_model!r}: {exc}. Install `langchain` and the "
            "provider's package, or pass SupportChecker(judge=SelfRAGJudge(your_chat_model))."
        ) from exc
    from lexguard.grounding._judge import SelfRAGJudge

    return SelfRAGJudge.from_config(llm, config.judge)


def _nli_from_config(config: GroundingConfig) -> Any | None:
    """The NLI verifier named by ``config.nli_model``, if any (its model loads on first use)."""
    if not config.nli_model:
        return None
    from lexguard.grounding._nli import NLIVerifier

    return NLIVerifier(
        config.nli_model,
        entailment_label=config.nli_entailment_label,
        contradiction_label=config.nli_contradiction_label,
    )


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
        encoder: Sentence encoder; ``lexguard.embeddings.get_encoder(config.embedding_model)``
            (loaded lazily) when ``None``.
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
        self.config = config or GroundingConfig()
        self._encoder = encoder
        self.judge = judge if judge is not None else _judge_from_config(self.config)
        self.nli = nli if nli is not None else _nli_from_config(self.config)
        self.claim_extractor = claim_extractor
        self.model = load_support_model(self.config.support_model)
        self.stack = VerifierStack.load(self.config.verifier_path) if self.config.verifier else None
        default_threshold = self.stack.threshold if self.stack is not None else self.model.threshold
        if self.config.threshold_file and self.config.support_threshold is None:
            default_threshold = Calibration.read(self.config.threshold_file).support_threshold
        self.threshold = (
            self.config.support_threshold if self.config.support_threshold is not None else default_threshold
        )
        self._cache = SourceIndexCache(self.config.cache_size)

    @property
    def encoder(self) -> Any:
        """The sentence encoder (loaded on first use)."""
        if self._encoder is None:
            from lexguard.embeddings import get_encoder

            self._encoder = get_encoder(self.config.embedding_model)
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
        started = time.perf_counter()
        srcs = self._sources(sources)
        early = self._early_exit(answer, srcs)
        if early is not None:
            return early
        try:
            claims = (
                self.claim_extractor.extract(answer)
                if self.claim_extractor is not None
                else self._rule_claims(answer)
            )
            scored = self._score(answer, claims, srcs, question, started)
        except ConfigurationError:
            raise  # a misconfiguration must be fixed, not reported as an inconclusive check
        except Exception as exc:  # noqa: BLE001 - a broken model means inconclusive, not a crash
            return self._failed(exc)
        assessment = None
        if self.judge is not None and scored.claims:
            t0 = time.perf_counter()
            assess = getattr(self.judge, "assess", None)
            if callable(assess):
                try:
                    assessment = assess(question, answer, scored.claims, srcs, **self._judge_kwargs(scored))
                except Exception as exc:  # noqa: BLE001 - the judge is advisory: reported, not fatal
                    scored.statuses.append(self._judge_failed(exc))
            scored.timings["judge"] = time.perf_counter() - t0
        return self._finish(answer, question, scored, assessment)

    async def acheck(self, answer: str, sources: Sequence[Any], question: str | None = None) -> SupportResult:
        """Async :meth:`check`: CPU work runs in a worker thread, judge calls run concurrently."""
        started = time.perf_counter()
        srcs = self._sources(sources)
        early = self._early_exit(answer, srcs)
        if early is not None:
            return early
        try:
            extractor = self.claim_extractor
            if extractor is not None and hasattr(extractor, "aextract"):
                claims = await extractor.aextract(answer)
            elif extractor is not None:
                claims = await asyncio.to_thread(extractor.extract, answer)
            else:
                claims = self._rule_claims(answer)
            scored = await asyncio.to_thread(self._score, answer, claims, srcs, question, started)
        except ConfigurationError:
            raise  # see check()
        except Exception as exc:  # noqa: BLE001
            return self._failed(exc)
        assessment = None
        if self.judge is not None and scored.claims:
            t0 = time.perf_counter()
            aassess = getattr(self.judge, "aassess", None)
            try:
                if callable(aassess):
                    assessment = await aassess(question, answer, scored.claims, srcs, **self._judge_kwargs(scored))
            except Exception as exc:  # noqa: BLE001 - the judge is advisory: reported, not fatal
                scored.statuses.append(self._judge_failed(exc))
            scored.timings["judge"] = time.perf_counter() - t0
        return self._finish(answer, question, scored, assessment)

    def clear_cache(self) -> None:
        """Forget every cached source index and verifier verdict."""
        self._cache.clear()
        if self.stack is not None:
            self.stack.clear_cache()

    # ------------------------------------------------------------------ steps

    def _rule_claims(self, answer: str) -> list[Claim]:
        """Rule-based claims; an answer too short to yield one ("Edison did.") is one claim."""
        claims = extract_claims(answer, min_words=self.config.min_claim_words)
        if not any(c.status != "not_checked" for c in claims):
            short = [c for c in extract_claims(answer, min_words=1) if c.status != "not_checked"]
            if short:
                claims = sorted(claims + short, key=lambda c: c.span)
                claims = [c.model_copy(update={"index": i}) for i, c in enumerate(claims)]
        return claims

    @staticmethod
    def _sources(sources: Sequence[Any] | None) -> list[Source]:
        return [Source.from_any(s, i) for i, s in enumerate(sources or [])]

    def _early_exit(self, answer: str, sources: list[Source]) -> SupportResult | None:
        if not any(s.content.strip() for s in sources):
            return SupportResult(
                confidence=0.5,
                inconclusive_reason="no sources: nothing to check the answer against",
                findings=(
                    Finding(
                        kind=FindingKind.NO_SOURCES,
                        severity=Severity.SOFT,
                        message="No source passages were given, so the answer's claims could not be "
                        "checked; pass the retrieved documents as sources.",
                        stage="support_check",
                        rule_id="grounding.no_sources",
                    ),
                ),
            )
        if not answer.strip():
            return SupportResult(confidence=0.5, inconclusive_reason="no claims: the answer is empty")
        return None

    @staticmethod
    def _failed(exc: Exception) -> SupportResult:
        logger.warning("support check failed: %s", exc, exc_info=True)
        return SupportResult(
            confidence=0.0,
            inconclusive_reason=f"support model failed: {type(exc).__name__}: {exc}",
            findings=(
                Finding(
                    kind=FindingKind.CHECK_ERROR,
                    severity=Severity.SOFT,
                    message=f"The support check could not run ({exc}); the answer is unverified.",
                    stage="support_check",
                    rule_id="grounding.error",
                ),
            ),
        )

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
    ) -> _Scored:
        timings = {"claims": time.perf_counter() - started}
        if not claims:
            return _Scored([], None, [], np.zeros(0), [], timings)
        if all(c.status == "not_checked" for c in claims):
            return _Scored(claims, None, [], np.zeros(0), [], timings, skipped={c.index: c.reason or "" for c in claims})
        t0 = time.perf_counter()
        index = self._index_for(sources)
        timings["index"] = time.perf_counter() - t0
        t0 = time.perf_counter()
        # Citation markers ("[1]", "[source-0]") are references, not values: blank them out
        # (same length, so mention spans still index the claim).
        # Look-alike letters are read as their Latin twins (one for one).
        plain = [unconfuse(CITATION_MARKER.sub(lambda m: " " * len(m.group()), c.text)) for c in claims]
        claim_texts = [strip_markdown(t) or t for t in plain]
        with index.lock:
            if not index.embedded:
                vectors = self.encoder.encode([c.text for c in index.chunks] + claim_texts)
                index.set_vectors(vectors[: len(index.chunks)])
                claim_vectors = vectors[len(index.chunks):]
            else:
                claim_vectors = self.encoder.encode(claim_texts)
        scores, ids = index.search(claim_vectors, max(self.config.top_k, _RERANK_K))
        timings["embed"] = time.perf_counter() - t0
        t0 = time.perf_counter()
        q_profile = LexicalProfile([question]) if question else None
        n = len(claims)
        evidence = [
            claim_features(
                plain[i],
                index=index,
                scores=scores[i],
                chunk_ids=ids[i],
                question=q_profile,
                position=i / (n - 1) if n > 1 else 0.0,
            )
            for i, c in enumerate(claims)
        ]
        features = np.stack([e.features for e in evidence])
        methods = ["exact" if e.exact else "semantic" for e in evidence]
        skipped = {c.index: c.reason or "not checked" for c in claims if c.status == "not_checked"}
        skipped |= {
            c.index: META_REASON
            for c, text in zip(claims, claim_texts, strict=True)
            if c.index not in skipped and is_meta_statement(text)
        }
        verdicts, ver_evidence = None, None
        statuses: list[VerifierStatus] = []
        if self.stack is not None:
            t1 = time.perf_counter()
            strict = [  # already failed by the strict rules, or not a fact: the verifier need not read them
                (self.config.strict_values and bool(e.unknown_numbers or e.unknown_quotes))
                or (self.config.strict_entities and bool(e.unknown_entities))
                or (self.config.strict_polarity and e.conflict is not None)
                or c.index in skipped
                for c, e in zip(claims, evidence, strict=True)
            ]
            verdicts, ver_evidence = self.stack.verify(claim_texts, index, question, skip=strict)
            statuses.append(VerifierStatus(name="verifier", status="ok", checks=sum(not s for s in strict)))
            tree = self.model.predict(features) if self.stack.uses_tree else None
            support = self.stack.predict(features, verdicts, tree)
            methods = ["verifier"] * n
            timings["verifier"] = time.perf_counter() - t1
        else:
            support = self.model.predict(features)
        timings["score"] = time.perf_counter() - t0
        if self.nli is not None:
            t0 = time.perf_counter()
            support, methods, nli_status = apply_nli(
                self.nli, self.config.nli_weight, claims, index, evidence, support, methods
            )
            statuses.append(nli_status)
            timings["nli"] = time.perf_counter() - t0
        return _Scored(claims, index, evidence, support, methods, timings, verdicts, ver_evidence, skipped, statuses)

    @staticmethod
    def _judge_kwargs(scored: _Scored) -> dict[str, Any]:
        if scored.index is None:
            return {}
        claim_sources: dict[int, list[Source]] = {}
        for claim, ev in zip(scored.claims, scored.evidence, strict=True):
            chunks = [scored.index.chunks[i] for i in ev.best_chunks]
            claim_sources[claim.index] = [
                Source(id=c.id, content=c.text, metadata={**c.metadata, "source_id": c.source_id, "chunk_id": c.id})
                for c in chunks
            ]
        return {"claim_sources": claim_sources}

    @staticmethod
    def _judge_failed(exc: Exception) -> VerifierStatus:
        logger.warning("LLM judge failed (%s); continuing without it (reported in the result)", exc)
        return judge_failure_status(exc)

    def _finish(self, answer: str, question: str | None, scored: _Scored, assessment: Any) -> SupportResult:
        statuses = list(scored.statuses)
        status_of = getattr(assessment, "status", None)
        if callable(status_of):
            statuses.append(status_of("judge"))
        result = self._build(answer, question, scored, assessment).model_copy(update={"verifiers": tuple(statuses)})
        if not self.config.self_rag or result.inconclusive or scored.index is None:
            return result
        t0 = time.perf_counter()
        asked = question if is_real_question(question) else None
        reflected = apply_self_rag(
            result, asked, answer, scored.index.sources, encoder=self.encoder,
            reject_above=self.config.reject_hallucination_rate,
        )
        confidence = min(result.confidence, reflected.confidence) if asked else result.confidence
        timings = {**result.timings, "self_rag": time.perf_counter() - t0}
        return reflected.model_copy(update={"confidence": confidence, "timings": timings})

    def _build(self, answer: str, question: str | None, scored: _Scored, assessment: Any) -> SupportResult:
        return build_result(
            answer=answer,
            question=question,
            claims=scored.claims,
            index=scored.index,
            evidence=scored.evidence,
            support=scored.support,
            methods=scored.methods,
            assessment=assessment,
            config=self.config,
            threshold=self.threshold,
            timings=scored.timings,
            verdicts=scored.verdicts,
            verifier_evidence=scored.verifier_evidence,
            skipped=scored.skipped or {},
        )

