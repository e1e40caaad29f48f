"""Values a user's question supposes: the case the user sets up, which an answer may work from.

"How much would a pot that's normally £40 cost in the sale?" beside "all outdoor pots are 25% off":
"A £40 pot would cost £30" repeats the user's £40 and works out £30 from it; neither is in the
sources, and both were refused as contradicted values. A question's values are otherwise never
evidence (a false premise repeated is checked against the sources alone: "Why did the museum
close in 2019?"). :func:`supposed_values` takes the amounts, counts and times of a question that
sets up a case of its own (*would*, *if*, *suppose*, *I have*, *we are*, *for a group of*): an
answer may state them and work from them. Years and dates are never supposed: they are what
a false premise is made of.
"""

from __future__ import annotations

import regex

from lexguard.grounding.signals._lexical import Mention, numbers
from lexguard.grounding.signals._statements import number_class

__all__ = ["supposed_in_claim", "supposed_values"]

_SUPPOSES = regex.compile(
    r"\b(?:would|if|suppose|supposing|assuming|say|what\s+about"
    r"|(?:I|we)(?:[\u2019']m|[\u2019']re|[\u2019']ve|\s+am|\s+are|\s+have|\s+need|\s+want|\s+plan|\s+will)"
    r"|(?:can|could|do|should|must|may)\s+(?:I|we)|my|our"
    r"|(?:group|party|family|team|class)\s+of|of\s+us)\b",
    regex.IGNORECASE,
)
"""Words by which a question sets up the user's own case: "How much *would* 8 people pay", "*If* I
park for 4 hours", "*We're* a group of 12", "*Can I* pay by card for a £3 coffee", "*my* 4-year-old"."""
_NOT_SUPPOSED = ("year", "calendar date", "calendar quarter", "version")


def supposed_values(question: str | None) -> frozenset[str]:
    """The keys of the values a question supposes (amounts, counts, lengths, times of day), none
    where it sets up no case of its own.

    Args:
        question: The user's question, if any.

    Returns:
        Keys (with the other readings of each) of the question's numbers other than years and
        dates, when the question sets up a case (:data:`_SUPPOSES`); else an empty set.
    """
    if not question or not _SUPPOSES.search(question):
        return frozenset()
    return frozenset(key for m in numbers(question) if number_class(question, m) not in _NOT_SUPPOSED
                     for key in (m.key, *m.alts))


_FOR_THE_CASE = regex.compile(r"\b(?:for|with)\s++(?:just\s++|only\s++)?(?:(?:a|an|the|your|each)\s++)?[£$€]?$"
                           r"|\byour\s++$|\b(?:so|since|as|because|and|but)\s++(?:at|aged)\s++$", regex.IGNORECASE)
"""What the user's case stands after: "for a £3 coffee", "for your 4-year-old", "with 8 people",
"so at 33 he isn't eligible"."""
_SUPPOSING_CLAUSE = regex.compile(r"\b(?:if|for|with)\b[^,;.!?]*$", regex.IGNORECASE)
_WOULD_AFTER = regex.compile(r"^[^,;.!?]*?\b(?:would|could)\b", regex.IGNORECASE)


def supposed_in_claim(claim: str, mention: Mention) -> bool:
    """Whether the claim states a supposed value as the user's case, not as the sources' fact: the
    thing the answer is for ("for a £3 coffee", "for your 4-year-old"), the subject of a "would"
    ("A £40 pot would cost £30") or after "if", "for" or "with" in a clause that goes on to "would"
    ("For 8 people it would cost £114"); "you can take two suitcases free" states the user's two as
    a rule of the sources."""
    before = claim[: mention.span[0]]
    after = claim[mention.span[1] :]
    if _FOR_THE_CASE.search(before):
        return True  # "for a £3 coffee", "for your 4-year-old", "for 8 people"
    if not _WOULD_AFTER.match(after):
        return False
    clause_start = max(before.rfind(p) for p in ",;.!?") + 1
    lead = before[clause_start:]
    return "would" not in lead.lower() and "could" not in lead.lower() and (
        _SUPPOSING_CLAUSE.search(lead) is not None or not regex.search(r"\b(?:can|may|must|is|are)\b", lead, regex.I))
