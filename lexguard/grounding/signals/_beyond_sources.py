"""Claims that say more than the sources, read against every source sentence (not only the best
evidence): a question they leave open stated as settled (:mod:`._left_open`), a first they never
state or state as one of several (:mod:`._firsts`), an "every <noun> in <place>" of another noun (:mod:`._scope`), a case taken
to a later step than any source takes it or to a verdict where they give a plea (:mod:`._legal_stages`:
"charged" beside "arrested", "found guilty" beside "pleaded guilty"). Each names
the sentence the claim overstates, reported as the evidence of an overstatement."""

from __future__ import annotations

from lexguard.grounding.signals._firsts import one_of_the_first, unfounded_first
from lexguard.grounding.signals._left_open import left_open
from lexguard.grounding.signals._legal_stages import later_stage, verdict_for_plea
from lexguard.grounding.signals._scope import scope_moved

__all__ = ["said_beyond"]


def said_beyond(claim: str, sources: list[str]) -> str | None:
    """The source sentence ``claim`` says more than, by any of the readings above; ``None`` if none.

    Example:
        >>> said_beyond("It is the first bridge ever to cross the Wend.", ["The bridge crosses the Wend."])
        'The bridge crosses the Wend.'
    """
    return (left_open(claim, sources) or unfounded_first(claim, sources) or one_of_the_first(claim, sources)
            or scope_moved(claim, sources)
            or later_stage(claim, sources) or verdict_for_plea(claim, sources))
