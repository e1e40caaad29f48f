"""The strict rules: lexical evidence that fails a claim whatever the support models say."""

from __future__ import annotations

from lexguard.grounding._config import GroundingConfig
from lexguard.grounding.signals._entities import ACRONYM
from lexguard.grounding.verify._features import ClaimEvidence

__all__ = ["breaks_a_strict_rule"]


def breaks_a_strict_rule(evidence: ClaimEvidence, config: GroundingConfig) -> bool:
    """True when a strict rule that ``config`` turns on fails the claim: a number or quote the
    sources do not hold, or hold elsewhere than the claim's statement (``strict_values``), an
    unknown or misplaced name (``strict_entities``; a bare acronym alone does not, unless the
    evidence names another one: see :data:`~lexguard.grounding.signals._entities.ACRONYM`), or a statement whose polarity or order the
    source flips, or that the source states only with a hedge or a weaker quantifier
    (``strict_polarity``).

    The pipeline spares the verifier such claims and the scoring fails them, by this one test.
    """
    return bool(
        (config.strict_values and (evidence.unknown_numbers or evidence.unknown_quotes))
        or (config.strict_entities and any(evidence.rival_acronyms or ACRONYM.fullmatch(m.text) is None
                                           for m in evidence.unknown_entities))
        or (config.strict_polarity and (evidence.conflict is not None or evidence.overstated is not None))
    )
