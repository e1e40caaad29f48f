"""Settings of the support check."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from lexguard._errors import ConfigurationError
from lexguard._value import SettingsModel
from lexguard.grounding.verify._judge_models import JudgeConfig

__all__ = ["GroundingConfig"]


class GroundingConfig(SettingsModel):
    """Support-check settings.

    Attributes:
        enabled: Run the support check at all.
        embedding_model: A sentence-transformers model name or path; ``None`` uses the bundled
            all-MiniLM-L6-v2 (offline).
        embedding_backend: The encoder's backend (``auto``, ``torch``, ``onnx``, ``onnx-int8``; see
            :func:`lexguard.embeddings.get_encoder`). ``None`` (default): ``LEXGUARD_ENCODER_BACKEND``
            when set, else ``onnx-int8`` where the model runs on ONNX (the bundled one does: 2.5x
            faster than fp32, with the same detection on RAGTruth dev and the probe suite, see
            docs/speed.md), else ``torch``.
        chunk_sentences: Sentences per source chunk.
        chunk_overlap: Sentences shared by consecutive chunks.
        top_k: Chunks retrieved per claim.
        support_threshold: A claim is supported when its support probability is at least this;
            ``None`` uses the threshold tuned together with the support model.
        max_hallucination_rate: Above this share of unsupported claims, recommend regenerating.
        reject_hallucination_rate: Above this share, recommend rejecting.
        support_model: Path of a support-model JSON written by ``scripts/train_support_model.py``;
            ``None`` uses the shipped model.
        soft_margin: Unsupported claims whose support is within this margin of the threshold
            give ``soft`` findings (warnings) instead of ``hard`` ones.
        strict_values: A number or a quotation of the claim found in no source (nor the
            question) makes the claim unsupported, whatever the support model says.
        strict_entities: Likewise for a name (capitalised phrase) found in no source nor the
            question. On RAGTruth train these rules cost about 1 point of balanced accuracy
            but catch changed and invented names; turn off for recall-insensitive uses.
        strict_polarity: A claim that repeats a source sentence with its sense flipped (one of
            the two negated, or a word replaced by its opposite: "rose" / "fell") is
            contradicted, whatever the support model says.
        read_novel_parts: Also read, on its own, each piece of a claim whose words the sources
            mostly lack ("..., and residents will be compensated for the disruption"), the claim
            taking its weakest reading. Off by default: it refuses appended false pieces the
            verifier reads as supported within their sentence (a hostile trial's wrong answers
            accepted fell from 16 to 11 of 91), but it refuses much of what RAGTruth's annotators
            let pass (RAGTruth dev false alarms 32% -> 43%; ``docs/detection.md``).
        min_claim_words: Lines inside a code fence shorter than this are read as code, and table
            column names shorter than this are meta; sentences of any length are checked.
        nli_weight: Weight of the NLI entailment probability against the support model when an
            NLI verifier is given (0..1).
        judge_weight: Weight of the LLM judge's ISSUP score when a judge is given (0..1).
        cache_size: Source indexes (chunks + embeddings) kept per checker, keyed by content hash.
        judge_model: A chat model for the Self-RAG LLM judge, as ``"provider:model"`` for
            LangChain's ``init_chat_model`` (needs ``langchain`` and the provider package); ``None``
            runs no judge unless one is passed to ``SupportChecker(judge=...)``.
        judge: Judge settings: concurrency, timeout, query type and confidence weights.
        nli_model: Path (or name) of a sentence-transformers ``CrossEncoder`` NLI model for
            entailment checks; ``None`` runs no NLI unless passed to ``SupportChecker(nli=...)``.
        nli_entailment_label / nli_contradiction_label: The NLI model's label names.
        finding_span: Where the findings of an unsupported claim point: ``claim`` (the whole
            claim, plus any unknown value/name/quotation), ``mentions`` (values, names and
            quotations found in no source), ``mentions_runs`` (those plus runs of content words
            absent from the retrieved passages) or ``mentions_else_runs`` (word runs only when no
            such mention exists). The whole claim is used when nothing narrower is found.
            Response-level decisions do not depend on it.
        finding_span_scope: Passages a word must be absent from to join a run: the ``best``
            chunk, the ``top`` retrieved chunks or all ``sources``.
        verifier: Score claims with the shipped learned verifier (a cross-encoder that reads each
            claim with its evidence sentences), stacked with the support model's features.
            ``False`` keeps the earlier default: the support model alone (the ``--baseline-default``
            of ``lexguard eval`` and ``benchmarks/bench_support.py``).
        verifier_path: Folder of another trained verifier (``verifier.onnx``, ``verifier.json``,
            ``stacker.json``); ``None`` uses the shipped one.
        verifier_override: A claim the verifier reads as not supported (contradicted or not in
            the sources, together) with at least this probability is unsupported whatever the
            other signals say (1.0 turns the override off). ``None`` (default): the level chosen
            with the verifier's stacker (``stacker.json``'s ``meta``; 1.0 when it names none), so
            a verifier from ``verifier_path`` brings its own. ``scripts/train_verifier.py stack``
            chooses it with the threshold, jointly, by the mean of two balanced accuracies: on
            RAGTruth held-out train documents and over the NLI sets' tune splits; for the shipped
            verifier 0.7 (docs/detection.md, training the claim verifier; its threshold was chosen
            again, 0.77, once a doubted claim is read twice: ``stacker.json``'s ``meta["read_again"]``). A
            source sentence quoted verbatim, or a claim whose number was worked out from the
            sources, is not overruled by the verifier alone. This level holds where the verifier
            read everything in the sources that bears on the claim: every sentence (a short
            source), or evidence holding every word of the claim that any source holds.
        verifier_override_partial: Where the verifier read only some of the sources' sentences
            (those best matching the claim), a claim it reads as *contradicted* with at least
            this probability is unsupported whatever the other signals say: "not in what it
            read" may be in a sentence it did not read (on RAGTruth held-out train documents
            such overrides were right for one claim in five), while "contradicted by what it
            read" stands. ``None`` (default): the level chosen with the stacker
            (``meta["verifier_override_partial"]``: 0.95 for the shipped one, with
            ``verifier_override`` 0.7 and threshold 0.77) when ``verifier_override`` is left to
            the stacker too; with ``verifier_override`` set (1.0: no override at all), or a
            stacker that names none, ``verifier_override`` holds everywhere on "not supported".
        threshold_file: A threshold file written by ``lexguard calibrate`` (an operating point
            chosen for a false-alarm budget on labelled data); used when ``support_threshold``
            is unset.
        self_rag: Fold the offline Self-RAG reflection into the result (``apply_self_rag``):
            relevance of the sources (ISREL) and usefulness of the answer (ISUSE) to the
            question, claim types (opinions and instructions are not verified), internal
            consistency, the three-way recommendation (a ``reject`` below 0.4 or above 30%
            hallucinated claims is a critical finding: fallback without retry). The answer's
            confidence is the lower of the support confidence and the design's weighted one.
            ISREL / ISUSE are computed only for a real question (a ``?`` or a wh-/yes-no
            opening): a task instruction ("Summarize the following news") has no relevance to
            measure, and scoring against it would refuse correct summaries.
        confidence_bar: The confidence a fully supported answer reaches at the support
            threshold: answer confidence is the weakest checked claim's support mapped so that
            the threshold lands on this value, so an answer with an unsupported claim always
            scores below it (the guard's default ``confidence_threshold`` is 0.7).
        retrieval: How each claim's evidence chunks are found. ``candidates`` (default): the
            claim's ``retrieval_candidates`` best chunks by BM25 are embedded (only those; kept
            per source index), and the claim is ranked against every candidate of the answer;
            the cost follows the answer, not the sources. ``dense``: every chunk of every source
            is embedded before any claim is read (the earlier default, kept as the benchmarks'
            baseline).
        retrieval_candidates: BM25 candidates embedded per claim (``retrieval="candidates"``).
        finding_span_min_words: Shortest word run (content words) reported as a finding.
            The defaults (``mentions_runs``, ``sources``, 2) had the best span F1 of the rules
            compared on a RAGTruth train subset (``scripts/train_support_model.py``).
    """

    enabled: bool = True
    embedding_model: str | None = None
    embedding_backend: Literal["auto", "torch", "onnx", "onnx-int8"] | None = None
    chunk_sentences: int = Field(2, ge=1)
    chunk_overlap: int = Field(1, ge=0)
    top_k: int = Field(3, ge=1)
    support_threshold: float | None = Field(None, ge=0.0, le=1.0)
    max_hallucination_rate: float = Field(0.1, ge=0.0, le=1.0)
    reject_hallucination_rate: float = Field(0.3, ge=0.0, le=1.0)
    support_model: str | None = None
    soft_margin: float = Field(0.05, ge=0.0, le=1.0)
    strict_values: bool = True
    strict_entities: bool = True
    strict_polarity: bool = True
    read_novel_parts: bool = False
    min_claim_words: int = Field(3, ge=1)
    nli_weight: float = Field(0.5, ge=0.0, le=1.0)
    judge_weight: float = Field(0.5, ge=0.0, le=1.0)
    cache_size: int = Field(64, ge=0)
    judge_model: str | None = None
    judge: JudgeConfig = Field(default_factory=JudgeConfig)
    nli_model: str | None = None
    nli_entailment_label: str = "entailment"
    nli_contradiction_label: str | None = "contradiction"
    finding_span: Literal["claim", "mentions", "mentions_runs", "mentions_else_runs"] = "mentions_runs"
    finding_span_scope: Literal["best", "top", "sources"] = "sources"
    finding_span_min_words: int = Field(2, ge=1)
    verifier: bool = True
    verifier_path: str | None = None
    verifier_override: float | None = Field(None, gt=0.0, le=1.0)
    verifier_override_partial: float | None = Field(None, gt=0.0, le=1.0)
    threshold_file: str | None = None
    self_rag: bool = True
    confidence_bar: float = Field(0.7, gt=0.0, lt=1.0)
    retrieval: Literal["candidates", "dense"] = "candidates"
    retrieval_candidates: int = Field(4, ge=1)

    @model_validator(mode="after")
    def _check_rates(self) -> GroundingConfig:
        if self.reject_hallucination_rate < self.max_hallucination_rate:
            raise ConfigurationError(
                f"reject_hallucination_rate ({self.reject_hallucination_rate}) must be >= "
                f"max_hallucination_rate ({self.max_hallucination_rate}); raise it too"
            )
        return self
