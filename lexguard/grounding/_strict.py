"""The strict rules: lexical evidence that fails a claim whatever the support models say."""

from __future__ import annotations

from lexguard.grounding._config import GroundingConfig
from lexguard.grounding.verify._features import ClaimEvidence

__all__ = ["breaks_a_strict_rule"]


def breaks_a_strict_rule(evidence: ClaimEvidence, config: GroundingConfig) -> bool:
    """True when a strict rule that ``config`` turns on fails the claim: a number or quote the
    sources do not hold, or hold elsewhere than the claim's statement (``strict_values``), an
    unknown or misplaced name (``strict_entities``), or a statement whose polarity or order the
    source flips, or that the source states only with a hedge or a weaker quantifier
    (``strict_polarity``).

    The pipeline spares the verifier such claims and the scoring fails them, by this one test.
    """
    return bool(
        (config.strict_values and (evidence.unknown_numbers or evidence.unknown_quotes))
        or (config.strict_entities and evidence.unknown_entities)
        or (config.strict_polarity and (evidence.conflict is not None or evidence.overstated is not None))
    )
