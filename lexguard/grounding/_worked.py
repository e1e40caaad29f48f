"""The bar a claim that shows its working is held to (``WORKED_BAR``).

"Two adult tickets at £14 come to £28 and three child tickets at £9 come to £27, so the total is
£55": the verifier does no arithmetic, and reads the sums it does not see written as not in the
sources (support 0.50 to 0.64 on such claims, against the threshold 0.77). When every number of a
claim the sources do not give is a result of the claim's own written steps, each checked
(:func:`~lexguard.grounding.signals._shown_working.shown_chain`), and no value is misplaced, the
arithmetic is checked and the rest of the claim is held to the stacker's even odds. The strict
rules and the verifier override (which reads a worked-out number as "not in the sources" only at
0.8: :data:`~lexguard.grounding._override.DERIVED_OVERRIDE`) still fail it.
"""

from __future__ import annotations

from collections.abc import Collection

from lexguard.grounding.signals._lexical import content_words, numbers
from lexguard.grounding.verify._features import ClaimEvidence
from lexguard.grounding.verify._novel_parts import claim_pieces

__all__ = ["WORKED_BAR", "worked_support"]

WORKED_BAR = 0.5
"""Least support of a claim whose worked-out numbers are all its own checked steps: the stacker's
even odds (it was fitted on RAGTruth claims, where a number in no source was a sign of a wrong one)."""


def worked_support(
    support: float, threshold: float, evidence: ClaimEvidence, claim: str, known: Collection[str]
) -> float:
    """The claim's support on the scale of ``threshold``: for a claim that shows its working
    (:attr:`ClaimEvidence.worked`, no value misplaced) and whose every piece without a number has
    all its words in the sources (``known``; not "..., and that includes a free guidebook"),
    :data:`WORKED_BAR` is moved onto ``threshold`` (and the rest in proportion on either side), so
    the confidence and the score of the answer read it as they read every other claim; any other
    claim's support as it is."""
    if not evidence.worked or evidence.misplaced or threshold <= WORKED_BAR or not _words_held(claim, known):
        return support
    if support >= WORKED_BAR:
        return threshold + (support - WORKED_BAR) * (1.0 - threshold) / (1.0 - WORKED_BAR)
    return support * threshold / WORKED_BAR


def _words_held(claim: str, known: Collection[str]) -> bool:
    """Whether every piece of ``claim`` that holds no number has all its content words in ``known``."""
    return all(set(content_words(piece)) <= set(known) for piece in claim_pieces(claim) if not numbers(piece))
