"""A part in a study given to someone the sources say took no part in it: "Dr. Adaeze Obi, the
endocrinologist who led the trial" beside "said Dr. Adaeze Obi, an endocrinologist who was not
involved in the trial".

News of research quotes an outside expert "who was not involved in the study"; a summary that
makes the expert its author keeps every word but the denial, and the verifier called it supported
(0.81). :func:`uninvolved_part` finds a source sentence that names someone and says they were not
involved in (not part of, had no role in) a study, trial or the like, and a claim that names them
with a part in one ("led", "ran", "conducted", "co-authored", "was involved in") and no negation.
"""

from __future__ import annotations

import regex

from lexguard.grounding.claims._passages import passage_sentences
from lexguard.grounding.signals._entities import entities

__all__ = ["uninvolved_part"]

_WORK = r"(?:study|studies|trial|trials|research|report|survey|analysis|paper|project|review|investigation|experiment)"
_NOT_INVOLVED = regex.compile(
    rf"\b(?:(?:who|which)\s+(?:was|were|is|are)\s+not|not|never)\s+(?:directly\s+)?(?:involved\s+(?:in|with)|part\s+of"
    rf"|connected\s+(?:to|with))\s+(?:the|this|that|their|its)\s+(?:new\s+)?{_WORK}\b"
    rf"|\b(?:who|which)\s+(?:had|has)\s+no\s+(?:role|part|involvement)\s+in\s+(?:the|this|that)\s+(?:new\s+)?{_WORK}\b",
    regex.IGNORECASE,
)
_PART = regex.compile(
    rf"\b(?:led|leads|ran|runs|conducted|headed|directed|designed|oversaw|supervised|co-?authored|authored|carried\s+out"
    rf"|(?:was|were|is)\s+(?:involved\s+in|part\s+of)|took\s+part\s+in|(?:lead\s+)?author\s+of|(?:lead|principal|chief)"
    rf"\s+(?:author|investigator|researcher|scientist))\b(?:\s+(?:the|this|that|their|its)\s+(?:new\s+)?{_WORK}\b)?",
    regex.IGNORECASE,
)
_NEGATED = regex.compile(r"\b(?:not|never|no|n't)\b", regex.IGNORECASE)


def uninvolved_part(claim: str, passages: list[str]) -> str | None:
    """The source sentence that says someone the claim gives a part in a study took no part in it.

    Example:
        >>> uninvolved_part("The trial was led by Dr. Mina Hale.",
        ...                 ["The results are encouraging, said Dr. Mina Hale, who was not involved in the trial."])
        'The results are encouraging, said Dr. Mina Hale, who was not involved in the trial.'
    """
    part = _PART.search(claim)
    if part is None or _NEGATED.search(claim) or not regex.search(_WORK, claim, regex.IGNORECASE):
        return None
    surnames = {e.text.split()[-1] for e in entities(claim) if len(e.text.split()) >= 1}
    for passage in passages:
        for sentence in passage_sentences(passage):
            denied = _NOT_INVOLVED.search(sentence)
            if denied is None:
                continue
            named = [e.text.split()[-1] for e in entities(sentence[: denied.start()])]
            if named and named[-1] in surnames:
                return sentence
    return None
