"""The strict rules: lexical evidence that fails a claim whatever the support models say."""

from __future__ import annotations

import regex

from lexguard.grounding._config import GroundingConfig
from lexguard.grounding.verify._features import ClaimEvidence

__all__ = ["breaks_a_strict_rule"]


_ACRONYM = regex.compile(r"\p{Lu}{2,5}s?")
"""A bare acronym ("TV", "US", "JSON", "LLC", "IQR"): in no source, it is most often world knowledge
or the answer's own short form of words it spells out ("interquartile range (IQR)"), not a name
put in: on RAGTruth dev 5 of the 33 claims the entity rule failed for an acronym alone were
hallucinated. The verifier and the stacker read such a claim (the unknown name still counts in
their features); a misplaced acronym is still a conflict."""


def breaks_a_strict_rule(evidence: ClaimEvidence, config: GroundingConfig) -> bool:
    """True when a strict rule that ``config`` turns on fails the claim: a number or quote the
    sources do not hold, or hold elsewhere than the claim's statement (``strict_values``), an
    unknown or misplaced name (``strict_entities``; a bare acronym alone does not: see
    :data:`_ACRONYM`), or a statement whose polarity or order the
    source flips, or that the source states only with a hedge or a weaker quantifier
    (``strict_polarity``).

    The pipeline spares the verifier such claims and the scoring fails them, by this one test.
    """
    return bool(
        (config.strict_values and (evidence.unknown_numbers or evidence.unknown_quotes))
        or (config.strict_entities and any(_ACRONYM.fullmatch(m.text) is None for m in evidence.unknown_entities))
        or (config.strict_polarity and (evidence.conflict is not None or evidence.overstated is not None))
    )
