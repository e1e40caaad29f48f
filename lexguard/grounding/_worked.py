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

import regex

from lexguard.grounding.signals._lexical import Mention, content_words, numbers
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
    (:attr:`ClaimEvidence.worked`, no value misplaced; each result a step's, :func:`_stepped`) and
    whose every piece without a number has all its words in the sources (``known``; not "..., and
    that includes a free guidebook"), :data:`WORKED_BAR` is moved onto ``threshold`` (and the rest
    in proportion on either side), so
    the confidence and the score of the answer read it as they read every other claim; any other
    claim's support as it is."""
    if (not evidence.worked or evidence.misplaced or threshold <= WORKED_BAR or not _words_held(claim, known)
            or not all(_stepped(claim, m) for m in evidence.worked)):
        return support
    if support >= WORKED_BAR:
        return threshold + (support - WORKED_BAR) * (1.0 - threshold) / (1.0 - WORKED_BAR)
    return support * threshold / WORKED_BAR


def _words_held(claim: str, known: Collection[str]) -> bool:
    """Whether every piece of ``claim`` that holds no number has all its content words in ``known``."""
    return all(set(content_words(piece)) <= set(known) for piece in claim_pieces(claim) if not numbers(piece))


_STEP = regex.compile(
    r"\b(?:so|which|that(?:'s|\s+is)|comes?|came|coming|adds?\s+up|adding\s+up|makes?|making|totals?|totalling"
    r"|altogether|in\s+all|works?\s+out|working\s+out|sav(?:e|es|ed|ing)|times|half|halved|double|compared"
    r"|cheaper|dearer|difference|leaving|leaves|left|gives?|means?|would|you'd)\b|[=×÷]",
    regex.IGNORECASE,
)
"""Words by which a claim says a number is a step's result ("which comes to £15.50", "so the total is",
"three tickets would cost £33")."""
_PENCE = regex.compile(r"\s*+(?:p|pence|cents?)\b", regex.IGNORECASE)
_PER_ONE = regex.compile(r"\s*+(?:per|each|a\s+head|apiece)\b", regex.IGNORECASE)
_STEP_REACH = 60
"""Characters before a result its step's words may stand at."""
_STEP_AFTER = 40
"""Characters after an operand its step's words may stand at ("Twelve monthly payments of £30 add up to")."""


def _stepped(claim: str, mention: Mention) -> bool:
    """Whether the claim writes ``mention`` as a step's result or operand: a step word in the
    :data:`_STEP_REACH` characters before it or the :data:`_STEP_AFTER` after it, or a price for
    one ("70p per battery"). "Up to 20 hours" after a list of specifications is no step, whatever
    two values sum to 20."""
    start, end = mention.span
    if (_STEP.search(claim, max(0, start - _STEP_REACH), start) is not None
            or _STEP.search(claim, end, end + _STEP_AFTER) is not None):  # "one and a half times the recipe"
        return True
    pence = _PENCE.match(claim, end)
    money = claim[max(0, start - 1):start] in {"£", "$", "€"} or pence is not None
    return money and _PER_ONE.match(claim, pence.end() if pence else end) is not None
