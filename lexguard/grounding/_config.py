"""Settings of the support check."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

__all__ = ["GroundingConfig"]


class GroundingConfig(BaseModel):
    """Support-check settings.

    Attributes:
        enabled: Run the support check at all.
        embedding_model: A sentence-transformers model name or path; ``None`` uses the bundled
            all-MiniLM-L6-v2 (offline).
        chunk_sentences: Sentences per source chunk.
        chunk_overlap: Sentences shared by consecutive chunks.
        top_k: Chunks retrieved per claim.
        support_threshold: A claim is supported when its support probability is at least this.
        max_hallucination_rate: Above this share of unsupported claims, recommend regenerating.
        reject_hallucination_rate: Above this share, recommend rejecting.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    enabled: bool = True
    embedding_model: str | None = None
    chunk_sentences: int = Field(2, ge=1)
    chunk_overlap: int = Field(1, ge=0)
    top_k: int = Field(3, ge=1)
    support_threshold: float = Field(0.5, ge=0.0, le=1.0)
    max_hallucination_rate: float = Field(0.1, ge=0.0, le=1.0)
    reject_hallucination_rate: float = Field(0.3, ge=0.0, le=1.0)
