"""Structured-output schemas and prompts of the Self-RAG judge (ISREL, ISSUP, ISUSE).

The schemas are what the judge model is asked to fill in (through tool calling). They accept the
usual near-misses of real models (``"Fully supported"``, ``"yes"``, ``"4/5"``) so that only truly
malformed output counts as a failure.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import BaseModel, BeforeValidator, Field, field_validator

from lexguard._models import Source

if TYPE_CHECKING:
    from langchain_core.messages import BaseMessage

__all__ = [
    "RelevanceLabel",
    "SupportLabel",
    "RelevanceVerdict",
    "SupportVerdict",
    "UsefulnessVerdict",
    "relevance_messages",
    "support_messages",
    "usefulness_messages",
]

RelevanceLabel = Literal["relevant", "partially_relevant", "irrelevant"]
SupportLabel = Literal["fully_supported", "partially_supported", "not_supported"]

_RELEVANCE_SYNONYMS: dict[str, str] = {
    "yes": "relevant",
    "true": "relevant",
    "partial": "partially_relevant",
    "partially": "partially_relevant",
    "somewhat_relevant": "partially_relevant",
    "no": "irrelevant",
    "false": "irrelevant",
    "not_relevant": "irrelevant",
}
_SUPPORT_SYNONYMS: dict[str, str] = {
    "supported": "fully_supported",
    "full": "fully_supported",
    "fully": "fully_supported",
    "yes": "fully_supported",
    "true": "fully_supported",
    "partial": "partially_supported",
    "partially": "partially_supported",
    "unsupported": "not_supported",
    "no_support": "not_supported",
    "no": "not_supported",
    "false": "not_supported",
    "contradicted": "not_supported",
}


def _normalise_label(value: Any, synonyms: dict[str, str]) -> Any:
    if isinstance(value, bool):
        value = str(value)
    if not isinstance(value, str):
        return value
    key = "_".join(value.strip().lower().replace("-", " ").split())
    return synonyms.get(key, key)


# the labels as the schemas take them: also the synonyms, case and spacing judges write
_Relevance = Annotated[
    RelevanceLabel, BeforeValidator(partial(_normalise_label, synonyms=_RELEVANCE_SYNONYMS))
]
_Support = Annotated[
    SupportLabel, BeforeValidator(partial(_normalise_label, synonyms=_SUPPORT_SYNONYMS))
]


class RelevanceVerdict(BaseModel):
    """ISREL: are the sources relevant to the question?"""

    relevance: _Relevance = Field(
        description="relevant, partially_relevant or irrelevant: can the sources answer the question?"
    )
    relevant_source_ids: list[str] = Field(
        default_factory=list, description="Ids of the sources that are relevant to the question."
    )
    reason: str = Field("", description="One short sentence explaining the verdict.")


class SupportVerdict(BaseModel):
    """ISSUP: is the claim supported by the sources?"""

    support: _Support = Field(
        description=(
            "fully_supported (every detail is stated in a source), partially_supported "
            "(some details are missing or differ) or not_supported (no source states it, "
            "or a source contradicts it)"
        )
    )
    source_id: str | None = Field(None, description="Id of the source that best supports the claim.")
    reason: str = Field("", description="One short sentence explaining the verdict.")


class UsefulnessVerdict(BaseModel):
    """ISUSE: does the answer address the question?"""

    rating: int = Field(
        ge=1,
        le=5,
        description="1 (does not address the question at all) to 5 (fully and directly answers it)",
    )
    reason: str = Field("", description="One short sentence explaining the rating.")

    @field_validator("rating", mode="before")
    @classmethod
    def _rating(cls, value: Any) -> Any:
        if isinstance(value, bool):
            return 5 if value else 1
        if isinstance(value, str):
            text = value.strip().lower()
            if text in {"yes", "true"}:
                return 5
            if text in {"no", "false"}:
                return 1
            head = text.split("/")[0].strip()  # "4/5"
            if head.replace(".", "", 1).isdigit():
                return round(float(head))
        if isinstance(value, float) and value.is_integer():
            return int(value)
        return value


_SYSTEM = (
    "You are a strict fact-checking judge for a retrieval-augmented assistant. Judge only from the "
    "sources given; do not use outside knowledge. Answer by calling the provided tool."
)


def render_sources(sources: Sequence[Source], max_chars: int) -> str:
    """Render sources as ``[id] text`` blocks, each cut to ``max_chars`` characters."""
    blocks = []
    for source in sources:
        text = source.content if len(source.content) <= max_chars else source.content[:max_chars] + " ..."
        blocks.append(f"[{source.id}] {text}")
    return "\n\n".join(blocks)


def relevance_messages(question: str, sources: Sequence[Source], max_chars: int) -> list[BaseMessage]:
    """Messages of the ISREL check."""
    from langchain_core.messages import HumanMessage, SystemMessage

    return [
        SystemMessage(_SYSTEM),
        HumanMessage(
            "Are these sources relevant to the question, i.e. do they contain information needed "
            f"to answer it?\n\nQuestion: {question}\n\nSources:\n{render_sources(sources, max_chars)}"
        ),
    ]


def support_messages(
    question: str | None, claim: str, sources: Sequence[Source], max_chars: int
) -> list[BaseMessage]:
    """Messages of the ISSUP check for one claim."""
    context = f"Question: {question}\n\n" if question else ""
    from langchain_core.messages import HumanMessage, SystemMessage

    return [
        SystemMessage(_SYSTEM),
        HumanMessage(
            "Is the claim supported by the sources? A changed number, date or name, or a detail "
            "no source states, means it is not fully supported.\n\n"
            f"{context}Claim: {claim}\n\nSources:\n{render_sources(sources, max_chars)}"
        ),
    ]


def usefulness_messages(question: str, answer: str) -> list[BaseMessage]:
    """Messages of the ISUSE check."""
    from langchain_core.messages import HumanMessage, SystemMessage

    return [
        SystemMessage(_SYSTEM),
        HumanMessage(
            "Rate from 1 to 5 how well the answer addresses the question (ignore whether it is "
            f"true).\n\nQuestion: {question}\n\nAnswer: {answer}"
        ),
    ]
