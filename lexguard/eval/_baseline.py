"""Baselines: the plain cosine one (claim = sentence, supported when max cosine to a source
sentence >= 0.8) and the word-overlap one (flag the answer when fewer than half of its content
words occur in the sources)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from lexguard._models import Claim
from lexguard.grounding.claims._sentences import split_sentences
from lexguard.grounding.signals._lexical import LexicalProfile, content_words, strip_markdown

__all__ = ["CosineBaseline", "BaselineResult", "WordOverlapBaseline"]


class BaselineResult:
    """Claims of one answer with their best cosine and verdict.

    Attributes:
        claims: One claim per answer sentence, ``support`` = best cosine.
        hallucination_score: ``1 - min(best cosine)`` over sentences.
    """

    def __init__(self, claims: list[Claim]) -> None:
        self.claims = tuple(claims)
        self.hallucination_score = max((1.0 - (c.support or 0.0) for c in claims), default=0.0)


class CosineBaseline:
    """The method of the seed projects: one cosine threshold, no lexical evidence.

    Args:
        encoder: Sentence encoder; the bundled default when ``None``.
        threshold: Minimum cosine to the best source sentence for a supported sentence.
    """

    def __init__(self, encoder: Any | None = None, threshold: float = 0.8) -> None:
        self._encoder = encoder
        self.threshold = threshold

    @property
    def encoder(self) -> Any:
        """The sentence encoder (loaded on first use)."""
        if self._encoder is None:
            from lexguard.embeddings import get_encoder

            self._encoder = get_encoder()
        return self._encoder

    def check(self, answer: str, sources: Sequence[str], question: str | None = None) -> BaselineResult:
        """Score every sentence of ``answer`` against every sentence of ``sources``."""
        spans = split_sentences(answer, split_semicolons=False)
        if not spans:
            return BaselineResult([])
        source_sentences = [
            s[a:b] for s in sources for a, b in split_sentences(s, hard_newlines=True, split_semicolons=False)
        ]
        claim_texts = [strip_markdown(answer[a:b]) or answer[a:b] for a, b in spans]
        if not source_sentences:
            sims = np.zeros(len(spans))
        else:
            vectors = self.encoder.encode(claim_texts + source_sentences)
            sims = (vectors[: len(spans)] @ vectors[len(spans):].T).max(axis=1)
        claims = [
            Claim(index=i, text=answer[a:b], span=(a, b), support=float(sim), supported=bool(sim >= self.threshold))
            for i, ((a, b), sim) in enumerate(zip(spans, sims, strict=True))
        ]
        return BaselineResult(claims)


class WordOverlapBaseline:
    """Flag the answer when fewer than half of its content words occur in the sources.

    A one-line heuristic that costs a fraction of a millisecond; ``lexguard eval`` prints its
    figures beside lexguard's, so that an operating point is judged against it. The answer is
    one claim; its support is the share of its content words found in the sources.

    Args:
        threshold: Least share of the answer's content words the sources must hold.
    """

    def __init__(self, threshold: float = 0.5) -> None:
        self.threshold = threshold

    def check(self, answer: str, sources: Sequence[Any], question: str | None = None) -> BaselineResult:  # noqa: ARG002
        """Score ``answer`` by the share of its content words found in ``sources``."""
        words = content_words(answer)
        if not words:
            return BaselineResult([])
        texts = [getattr(s, "content", s) for s in sources]
        known = LexicalProfile(texts).words
        share = sum(1 for w in words if w in known) / len(words)
        claim = Claim(index=0, text=answer, span=(0, len(answer)), support=share, supported=share >= self.threshold)
        return BaselineResult([claim])
