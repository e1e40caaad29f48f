"""Confidence weights of the judge checks (relevance, support, usefulness) and the query type
that picks a preset (:func:`classify_query`): the judge settings
(:class:`~lexguard.grounding.verify._judge_models.JudgeConfig`) hold them and the confidence
(:mod:`lexguard.grounding.reflect._confidence`) reads them.
"""

from __future__ import annotations

import re
from typing import ClassVar, Literal

from pydantic import Field, model_validator

from lexguard._errors import ConfigurationError
from lexguard._value import ValueModel

__all__ = ["ConfidenceWeights", "QueryType", "classify_query"]

QueryType = Literal["factual", "conversational"]


class ConfidenceWeights(ValueModel):
    """Weights of relevance, support and usefulness in the judge confidence.

    They need not sum to 1: :func:`judge_confidence` normalises over the checks that gave a
    verdict.

    Attributes:
        relevance: Weight of ISREL (are the sources relevant to the question).
        support: Weight of ISSUP (are the claims supported by the sources).
        usefulness: Weight of ISUSE (does the answer address the question).
    """

    relevance: float = Field(0.3, ge=0.0)
    support: float = Field(0.4, ge=0.0)
    usefulness: float = Field(0.3, ge=0.0)

    FACTUAL: ClassVar[ConfidenceWeights]
    CONVERSATIONAL: ClassVar[ConfidenceWeights]

    @model_validator(mode="after")
    def _check(self) -> ConfidenceWeights:
        if self.relevance + self.support + self.usefulness <= 0:
            raise ConfigurationError(
                "at least one confidence weight must be positive; give relevance, support or "
                "usefulness a weight above 0"
            )
        return self

    @classmethod
    def for_query_type(cls, query_type: QueryType) -> ConfidenceWeights:
        """The preset for ``factual`` (0.3/0.4/0.3) or ``conversational`` (0.2/0.3/0.5) queries."""
        return cls.CONVERSATIONAL if query_type == "conversational" else cls.FACTUAL

    @classmethod
    def for_question(cls, question: str | None) -> ConfidenceWeights:
        """The preset that fits ``question``, classified with :func:`classify_query`."""
        return cls.for_query_type(classify_query(question))


ConfidenceWeights.FACTUAL = ConfidenceWeights(relevance=0.3, support=0.4, usefulness=0.3)
ConfidenceWeights.CONVERSATIONAL = ConfidenceWeights(relevance=0.2, support=0.3, usefulness=0.5)

_GREETING = re.compile(
    r"^\W*(hi|hello|hey|thanks|thank\s+you|good\s+(morning|afternoon|evening)|bye)\b",
    re.IGNORECASE,
)
_CHAT = re.compile(
    r"""
    \bhow\s+are\s+you\b
    | \bwhat\s+do\s+you\s+(think|feel|recommend|suggest)\b
    | \b(your|you)\s+(opinion|view|favou?rite|thoughts)\b
    | \b(do|would)\s+you\s+(like|prefer|enjoy)\b
    | \b(should|shall)\s+i\b
    | \b(tell|write|compose)\s+(me\s+)?(a\s+)?(joke|story|poem|song)\b
    | \b(brainstorm|chat|advice|advise|help\s+me\s+(decide|choose|write))\b
    | \b(can|could)\s+you\s+help\b
    """,
    re.IGNORECASE | re.VERBOSE,
)
_FACT_TERMS = re.compile(
    r"""
    \d
    | \b(according\s+to|define|definition|date|year|amount|price|cost|population|capital)\b
    """,
    re.IGNORECASE | re.VERBOSE,
)
_WH_QUESTION = re.compile(
    r"\b(who|whom|whose|what|when|where|which|why|how\s+(many|much|long|old|far|often|big|does|do|is))\b",
    re.IGNORECASE,
)


def classify_query(question: str | None) -> QueryType:
    """Classify a question as ``factual`` or ``conversational`` with simple rules.

    Greetings, chit-chat, requests for opinions, advice or creative writing are conversational;
    everything else (wh-questions, numbers, definitions, and anything unrecognised, since
    grounded answers are mostly factual) is factual.

    Example:
        >>> classify_query("When was the Eiffel Tower built?")
        'factual'
        >>> classify_query("What do you think about my plan?")
        'conversational'
    """
    if not question or not question.strip() or _FACT_TERMS.search(question):
        return "factual"
    if _CHAT.search(question):
        return "conversational"
    if _GREETING.search(question) and not _WH_QUESTION.search(question):
        return "conversational"
    return "factual"
