"""Guard configuration: one pydantic settings object, overridable by ``LEXGUARD_*`` variables.

Nested settings use a double underscore, e.g. ``LEXGUARD_GROUNDING__SUPPORT_THRESHOLD=0.6``.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict

from lexguard._limits import LimitsConfig
from lexguard.gate._config import GateConfig
from lexguard.grounding._config import GroundingConfig
from lexguard.knowledge._config import KnowledgeConfig
from lexguard.parsing._config import ParserConfig

__all__ = ["GuardConfig", "FallbackStrategy"]

FallbackStrategy = Literal["refuse", "best_attempt", "raise"]

DEFAULT_REFUSAL = (
    "I can't give a reliable answer to that from the available sources."
)


class GuardConfig(BaseSettings):
    """Settings of one guard.

    Attributes:
        confidence_threshold: Accept only when confidence is at least this and no finding is
            hard or critical.
        max_retries: How many times the guard may ask for a corrected answer.
        fallback: What to do once retries are spent or a critical finding forbids retry:
            ``refuse`` (return ``refusal_message``), ``best_attempt`` (return the most confident
            attempt, flagged with warnings) or ``raise`` (raise ``ValidationFailedError``).
        refusal_message: Text returned by the ``refuse`` fallback.
        repair_without_generator: With no generator, repair the answer by dropping unsupported
            sentences and validate the repaired text.
        on_inconclusive: What to do with an answer that passed every rule but could not be
            checked for support (no sources, no checkable claims): ``accept`` it with status
            ``inconclusive``, or take the ``fallback``.
        parser: Output parser settings (the ``parse`` node).
        gate: Rule gate settings (the ``gate`` node).
        grounding: Support-check settings (the ``support_check`` node).
        knowledge: Knowledge-graph check settings, used when the state carries ``knowledge``
            (time budget, fuzzy-linking distances, ``auto_fix_threshold`` for ``self_correct``).
        limits: Size limits (answer, sources) and the total time budget of one validation.
    """

    model_config = SettingsConfigDict(
        env_prefix="LEXGUARD_", env_nested_delimiter="__", extra="ignore", frozen=True
    )

    confidence_threshold: float = Field(0.7, ge=0.0, le=1.0)
    max_retries: int = Field(2, ge=0, le=20)
    fallback: FallbackStrategy = "refuse"
    refusal_message: str = DEFAULT_REFUSAL
    repair_without_generator: bool = True
    on_inconclusive: Literal["accept", "fallback"] = "accept"
    parser: ParserConfig = Field(default_factory=ParserConfig)
    gate: GateConfig = Field(default_factory=GateConfig)
    grounding: GroundingConfig = Field(default_factory=GroundingConfig)
    knowledge: KnowledgeConfig = Field(default_factory=lambda: KnowledgeConfig(stage="support_check"))
    limits: LimitsConfig = Field(default_factory=LimitsConfig)
