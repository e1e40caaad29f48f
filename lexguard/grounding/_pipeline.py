"""The support checker's scoring pipeline, free of I/O: claims + source index -> support per claim.

``SupportChecker.check`` and ``acheck`` share everything here; they differ only in how they call
the claim extractor and the judge (directly, or awaited / in a worker thread).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from lexguard._errors import ConfigurationError
from lexguard._limits import current_deadline
from lexguard._models import Claim, Finding, FindingKind, Severity, Source, VerifierStatus
from lexguard.grounding._polar import PolarReading
from lexguard.grounding._config import GroundingConfig
from lexguard.grounding.verify._clauses_read import doubted_clauses
from lexguard.grounding.verify._features import ClaimEvidence
from lexguard.grounding._evidence_reading import read_evidence
from lexguard.grounding.verify._stacker import verifier_claim_text
from lexguard.grounding.evidence._index import SourceIndex
from lexguard.grounding.verify._judge_models import judge_failure_status
from lexguard.grounding._reading import BUDGET_REASON, model_texts, not_scored, unreadable_claims, verifier_texts, with_names
from lexguard.grounding._result import SupportResult
from lexguard.grounding.evidence._retrieval import candidate_search
from lexguard.grounding._scoring import apply_nli
from lexguard.grounding._strict import breaks_a_strict_rule

_EMBED_CHUNK = 256  # claims embedded between two looks at the time budget

__all__ = ["FAILED_PREFIX", "Scored", "early_result", "failed_result", "judge_from_config", "judge_kwargs", "judged_claims", "judging",
           "nli_from_config", "score_claims"]
logger = logging.getLogger("lexguard.grounding")


def _read_mask(n: int, unread: set[int]) -> np.ndarray:
    """Which of ``n`` claims were read (the support models score only those)."""
    mask = np.ones(n, dtype=bool)
    mask[list(unread)] = False
    return mask


def _scatter(n: int, read: np.ndarray, values: np.ndarray) -> np.ndarray:
    """``values`` of the read claims in place; 0 support for the rest (reported not checked)."""
    out = np.zeros(n, dtype=np.float64)
    out[read] = values
    return out


def _embed_claims(encoder: Any, index: SourceIndex, texts: list[str]) -> tuple[np.ndarray, list[int]]:
    """The claims' vectors (the sources' too, on first use) and the claims left unread.

    Claims are embedded in chunks under the validation's time budget
    (:func:`lexguard._limits.current_deadline`); once it is spent, the rest get zero vectors and
    are returned as unread, for the caller to report as not checked. The sources are always
    embedded whole (no claim can be read without them).
    """
    deadline = current_deadline()
    with index.lock:
        if not index.embedded:
            head = texts[:_EMBED_CHUNK]
            vectors = encoder.encode([c.text for c in index.chunks] + head)
            index.set_vectors(vectors[: len(index.chunks)])
            parts, done = [vectors[len(index.chunks):]], len(head)
        else:
            parts, done = [], 0
    while done < len(texts) and not (deadline is not None and deadline.expired):
        chunk = texts[done : done + _EMBED_CHUNK]
        vectors = np.asarray(encoder.encode(chunk))
        if vectors.ndim != 2 or len(vectors) != len(chunk):
            raise ConfigurationError(
                f"the encoder returned {vectors.shape} for {len(chunk)} texts; it must return one vector per text"
            )
        parts.append(vectors)
        done += len(chunk)
    dim = index.vectors.shape[1] if index.vectors is not None else parts[0].shape[1]
    if done < len(texts):
        parts.append(np.zeros((len(texts) - done, dim), dtype=np.float32))
    return np.concatenate(parts).astype(np.float32, copy=False), list(range(done, len(texts)))


RERANK_K = 5
"""Chunks retrieved per claim for hybrid re-ranking (``top_k`` of them are cited)."""


@dataclass
class Scored:
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
    refuted: dict[int, str] = field(default_factory=dict)
    """Refusals ("the context does not say X") whose X a source passage gives, with that passage."""
    polar: dict[int, PolarReading] = field(default_factory=dict)
    """The answer word ("Yes," / "No,") of the claim it opens, read with the question (:mod:`._polar`)."""
    verifier_read_all: list[bool] | None = None
    """Per claim, whether the verifier read all in the sources bearing on it (:mod:`._override`)."""
    doubted: dict[int, str] = field(default_factory=dict)
    """Claims (by position) with a relative clause the verifier reads as unsupported (``verify/_clauses_read.py``)."""


def judge_from_config(config: GroundingConfig) -> Any | None:
    """The LLM judge named by ``config.judge_model`` (``"provider:model"``), if any.

    Raises:
        ConfigurationError: If the judge model cannot be created.
    """
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
    from lexguard.grounding.verify._judge import SelfRAGJudge

    return SelfRAGJudge.from_config(llm, config.judge)


def nli_from_config(config: GroundingConfig) -> Any | None:
    """The NLI verifier named by ``config.nli_model``, if any (its model loads on first use)."""
    if not config.nli_model:
        return None
    from lexguard.grounding.verify._nli import NLIVerifier

    return NLIVerifier(
        config.nli_model,
        entailment_label=config.nli_entailment_label,
        contradiction_label=config.nli_contradiction_label,
    )


def early_result(answer: str, sources: list[Source]) -> SupportResult | None:
    """The inconclusive result when there is nothing to check (no sources, an empty answer)."""
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


FAILED_PREFIX = "support model failed: "
"""How the inconclusive reason of a check that broke begins (:func:`failed_result`)."""


def failed_result(exc: Exception) -> SupportResult:
    """The inconclusive result of a check whose model failed (logged, never raised)."""
    logger.warning("support check failed: %s", exc, exc_info=True)
    return SupportResult(
        confidence=0.0,
        inconclusive_reason=f"{FAILED_PREFIX}{type(exc).__name__}: {exc}",
        findings=(Finding(kind=FindingKind.CHECK_ERROR, severity=Severity.SOFT, stage="support_check",
                          message=f"The support check could not run ({exc}); the answer is unverified.",
                          rule_id="grounding.error"),),
    )


@contextmanager
def judging(scored: Scored) -> Iterator[None]:
    """Time the judge's call into ``scored.timings["judge"]``; a judge that raises is advisory:
    its failure is recorded in ``scored.statuses`` and the check goes on without it."""
    t0 = time.perf_counter()
    try:
        yield
    except Exception as exc:  # noqa: BLE001 - the judge is advisory: reported, not fatal
        logger.warning("LLM judge failed (%s); continuing without it (reported in the result)", exc)
        scored.statuses.append(judge_failure_status(exc))
    finally:
        scored.timings["judge"] = time.perf_counter() - t0


def judged_claims(scored: Scored) -> list[Claim]:
    """The claims the judge reads: all but those the time budget left unread (their verdicts
    would be discarded: they are reported not checked)."""
    skipped = scored.skipped or {}
    return [c for c in scored.claims if skipped.get(c.index) != BUDGET_REASON]


def judge_kwargs(scored: Scored) -> dict[str, Any]:
    """The judge's ``claim_sources``: the source chunks each claim was read against."""
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


def score_claims(
    claims: list[Claim],
    index: SourceIndex,
    question: str | None,
    *,
    config: GroundingConfig,
    encoder: Any,
    model: Any,
    stack: Any | None,
    nli: Any | None,
    timings: dict[str, float],
    turns: Sequence[str] = (),
    chat: bool = False,
) -> Scored:
    """Embed the claims, read each against its best chunks and score its support.

    Args:
        claims: The answer's claims (at least one to check).
        index: The sources' chunk index (embedded here on first use).
        question: The user question (read with short claims; never evidence).
        config: Grounding settings.
        encoder: The sentence encoder.
        model: The support model (``load_support_model``).
        stack: The verifier stack, or ``None`` for the support model alone.
        nli: An optional NLI verifier.
        timings: Timings so far; the pipeline's steps are added.
        turns: What came before the answer, nearest last (where a "he" or "she" is named).
        chat: Whether the answer is a chat reply (its facts are verified without its judgements).

    Returns:
        The :class:`Scored` claims, ready for the judge and ``build_result``.
    """
    t0 = time.perf_counter()
    plain, claim_texts, people = model_texts(claims, index, turns, chat=chat)
    # what a claim says with the names its pronouns stand for, a short answer with its question
    named = with_names(claim_texts, people, chat=chat)  # read once: for retrieval here, the verifier below
    searched = [verifier_claim_text(text, question) if question else text for text in named]
    scores, ids, unembedded = _retrieve(searched, index, config, encoder)
    timings["embed"] = time.perf_counter() - t0
    t0 = time.perf_counter()
    n = len(claims)
    unembedded_set = set(unembedded)
    evidence = read_evidence(plain, index, scores, ids, question, unembedded_set, people, searched)
    features = np.stack([e.features for e in evidence])
    methods = ["exact" if e.exact else "semantic" for e in evidence]
    skipped, refuted = not_scored(claims, claim_texts, unembedded, index, question)
    verdicts, ver_evidence, read_all, doubted = None, None, None, {}
    read = _read_mask(n, unembedded_set)  # the claims the support models score
    statuses: list[VerifierStatus] = []
    if stack is not None:
        t1 = time.perf_counter()
        verdicts, ver_evidence, read_all, support, skipped, status, doubted = _verify(
            stack, model, claims, named, evidence, features, read, index, question,
            config, skipped, refuted)
        statuses.append(status)
        methods = ["verifier"] * n
        timings["verifier"] = time.perf_counter() - t1
    else:
        support = _scatter(n, read, model.predict(features[read]))
    timings["score"] = time.perf_counter() - t0
    if nli is not None:
        t0 = time.perf_counter()
        support, methods, nli_status = apply_nli(nli, config.nli_weight, claims, index, evidence, support, methods)
        statuses.append(nli_status)
        timings["nli"] = time.perf_counter() - t0
    return Scored(claims, index, evidence, support, methods, timings, verdicts, ver_evidence, skipped, statuses,
                  refuted, verifier_read_all=read_all, doubted=doubted)


def _retrieve(
    claim_texts: list[str], index: SourceIndex, config: GroundingConfig, encoder: Any
) -> tuple[np.ndarray, np.ndarray, list[int]]:
    """Each claim's best chunks: ``(scores, chunk ids, claims left unread by the time budget)``.

    ``config.retrieval == "dense"`` embeds every chunk (the earlier default, the benchmarks'
    baseline); otherwise only each claim's BM25 candidates are embedded.
    """
    if config.retrieval == "dense":
        claim_vectors, unembedded = _embed_claims(encoder, index, claim_texts)
        scores, ids = index.search(claim_vectors, max(config.top_k, RERANK_K))
        return scores, ids, unembedded
    return candidate_search(
        encoder, index, claim_texts, k=max(config.top_k, RERANK_K), per_claim=config.retrieval_candidates
    )


def _verify(
    stack: Any,
    model: Any,
    claims: list[Claim],
    claim_texts: list[str],
    evidence: list[ClaimEvidence],
    features: np.ndarray,
    read: np.ndarray,
    index: SourceIndex,
    question: str | None,
    config: GroundingConfig,
    skipped: dict[int, str],
    refuted: dict[int, str],
) -> tuple[np.ndarray, list[str], list[bool], np.ndarray, dict[int, str], VerifierStatus, dict[int, str]]:
    """Run the verifier stack on the claims that need it and stack its verdicts into support.

    Claims already failed by the strict rules, skipped or refuted are not read by the verifier;
    those with a word it cannot read, or that the time budget leaves unread, are added to
    ``skipped`` (in place) with :data:`UNREADABLE_REASON` or :data:`BUDGET_REASON`. A claim a source
    sentence restates with a negated opposite may be read as it (:func:`verifier_texts`).

    Returns:
        ``(verdicts, verifier evidence, read all per claim, support, skipped, verifier status,
        claims with a relative clause the verifier reads as unsupported)``.
    """
    strict = [  # already failed by the strict rules, or not a fact: the verifier need not read them
        breaks_a_strict_rule(e, config) or c.index in skipped or c.index in refuted
        for c, e in zip(claims, evidence, strict=True)
    ]
    unreadable = unreadable_claims(stack.verifier, claim_texts, index, strict)  # not read: not checked
    strict = [s or i in unreadable for i, s in enumerate(strict)]
    texts = verifier_texts(claim_texts, evidence)  # "not open on Mondays" for "closed on Mondays"
    verdicts, ver_evidence, unread, read_all = stack.verify(texts, index, question, strict, config.read_novel_parts)
    skipped |= {claims[i].index: why for i, why in (unreadable | dict.fromkeys(unread, BUDGET_REASON)).items()}
    checks = sum(not s for s in strict)
    status = VerifierStatus(name="verifier", status="timed_out" if unread else "ok", checks=checks,
                            reason=f"{len(unread)} claim(s) not read: {BUDGET_REASON}" if unread else None)
    tree = model.predict(features[read]) if stack.uses_tree else None
    support = _scatter(len(claims), read, stack.predict(features[read], verdicts[read], tree))
    return verdicts, ver_evidence, read_all, support, skipped, status, doubted_clauses(stack, texts, index, strict)
