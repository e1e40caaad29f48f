"""When the verifier alone fails a claim, whatever the stacker says (``verifier_override``).

The stacker weighs the verifier's verdict with the words the sources hold; a verdict strong
enough fails the claim by itself. How strong depends on what the verifier read: everything in
the sources that bears on the claim, or only the sentences that best match it.
"""

from __future__ import annotations

import numpy as np

from lexguard.grounding._config import GroundingConfig
from lexguard.grounding.signals._language import text_language
from lexguard.grounding.verify._features import ClaimEvidence

__all__ = ["DERIVED_OVERRIDE", "overruled"]

DERIVED_OVERRIDE = 0.8
"""Least "not in the sources" probability that fails a claim whose number was worked out from the
sources (the verifier does no arithmetic, and reads a number it does not see written as not in
them): a faithful remainder ("so there were four they did not win") read 0.75."""


def overruled(
    config: GroundingConfig, verdict: np.ndarray, ev: ClaimEvidence, text: str, read_all: bool = True
) -> bool:
    """Whether the verifier alone fails the claim, whatever the stacker says.

    Where it read everything in the sources that bears on the claim (``read_all``: every sentence,
    or every sentence holding a word of the claim it did not find), its "not supported"
    probability at ``verifier_override``. Elsewhere, its "contradicted" probability at
    ``verifier_override_partial``: what it read says otherwise, whatever the rest says, while
    "not in what it read" may be in a sentence it did not read (on RAGTruth, such overrides were
    right for one claim in five). With no partial level (a stacker that names none),
    ``verifier_override`` holds everywhere on "not supported".

    Not for a source sentence quoted verbatim (the verifier read near-copies as contradicted), nor
    for one a source sentence states with a negated opposite ("closed" for "not open": the
    verifier read the negation as a contradiction), nor for a claim in another language than
    English (the verifier read only English). A claim whose
    number was worked out from the evidence (a sum, a difference, a span of years) is overruled
    only when the verifier read the whole sources and reads it as not in them, never as
    contradicted: it does no arithmetic.
    """
    if ev.exact or ev.restated is not None or text_language(text) != "english":
        return False
    partial = config.verifier_override_partial
    if not read_all and partial is not None:
        return partial < 1.0 and not ev.derived and float(verdict[1]) >= partial
    level = config.verifier_override
    if level is None or level >= 1.0:
        return False
    if ev.derived:  # it reads the worked-out number as "not in the sources" too: a stronger doubt
        return float(verdict[2]) >= max(level, DERIVED_OVERRIDE)
    return 1.0 - float(verdict[0]) >= level
