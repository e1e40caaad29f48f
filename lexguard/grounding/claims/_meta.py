"""Claim-worthiness: sentences that talk about the answer or the sources rather than state a fact.

Preambles ("Sure, here is a summary:"), sign-offs ("I hope this helps!") and statements about
the passages ("The passages do not say when it opened.") are not facts to look up in the
sources, so the support check does not score them; they are reported as ``not_checked`` claims
with the reason, never silently dropped. So are bare section titles ("## History", "Pros and
cons:"), made only of common section words. A sentence with a meta *prefix* and a fact after it
("Based on the passages, the bridge opened in 1932.") is a fact and is checked.
"""

from __future__ import annotations

import regex

from lexguard.grounding.claims._meta_split import HOPE, is_refusal, meta_segments

__all__ = ["is_meta_statement"]

_SOURCE_NOUN = r"(?:(?:provided|given|above|retrieved|following|available)\s+)?(?:passages?|text|texts|context|article|documents?|sources?|information|data|excerpts?|news|reviews?|records?|search\s+results)"

_SECTION = (
    r"(?:key\s+|main\s+|quick\s+|short\s+|brief\s+|general\s+|further\s+|additional\s+|other\s+)?"
    r"(?:history|background|overview|summary|introduction|conclusions?|details|facts|points|notes"
    r"|references|sources|context|description|timeline|features|specifications|specs|pros|cons"
    r"|advantages|disadvantages|findings|results|recommendations|next\s+steps|answer|takeaways"
    r"|highlights|location|construction|design|usage|examples?|limitations|caveats|information"
    r"|reviews?|ratings?|amenities|services|contact|hours|prices|pricing|menu)"
)
"""A section title word ("History", "Key facts", "Pros and cons"): a heading, not a fact."""

_META = regex.compile(
    r"""^\W*(?:
        (?:sure|certainly|of\s+course|okay|ok|absolutely|(?:great|good|excellent)\s+question)\b[\s,!.]*(?:here(?:'s|\s+is|\s+are)\b[^:]*:?\s*)?$
      | here(?:'s|\s+is|\s+are)\s+(?:a|an|the|my|some)?\s*(?:\w+\s+){0,3}(?:summary|summaries|answer|overview|response|list|points|information|description|breakdown|rundown)\b[^.!?:]*[.!:]?$
      | """ + HOPE + r"""\b.*
      | (?:please\s+)?(?:let\s+me\s+know|feel\s+free)\b.*
      | (?:unfortunately,?\s+)?(?:the\s+|these\s+|this\s+)?""" + _SOURCE_NOUN + r"""\s+(?:does|do|did)\s*(?:not|n't)\s+(?:mention|provide|say|state|contain|include|specify|give|offer|discuss|address|indicate|describe|cover)\b.*
      | (?:the\s+|its\s+|their\s+)?(?:(?!(?:it|this|that|they|these|but|though|although|while|which|because|so|yet|is|are|was|were)\b)[\w'’-]+\s+){0,8}(?:is|are|was|were)\s+not\s+(?:specified|mentioned|provided|stated|given|included|listed|described|available|indicated)\s+in\s+(?:the\s+)?""" + _SOURCE_NOUN + r"""\s*[.!]?$
      | (?:unfortunately,?\s+)?there\s+(?:is|are)\s+no\s+(?:\w+\s+){0,2}(?:information|mention|details?|data)\s+(?:about|on|regarding|in|of)\b.*
      | (?:unfortunately,?\s+)?i\s+(?:cannot|can't|could\s+not|couldn't|am\s+unable\s+to|was\s+unable\s+to)\s+(?:find|determine|answer|provide|tell|say)\b.*
      | (?:unfortunately,?\s+)?(?:i\s+am\s+|i'm\s+|we\s+are\s+)?(?:unable|not\s+able)\s+to\s+(?:find|determine|answer|provide|tell|say)\b.*
      | (?:in\s+summary|to\s+summarize|in\s+conclusion|overall)[,:]?\s*$
      | (?:the\s+)?(?:answer|summary|overview)\s*:?\s*$
      | """ + _SECTION + r"""(?:\s*(?:,|&|and|\+)\s*""" + _SECTION + r""")*\s*[:.]?\s*$
    )""",
    regex.IGNORECASE | regex.VERBOSE,
)


_RELATIVE_FACT = regex.compile(
    r",\s*(?:which|who|whose|where)\s+(?:[\w'’-]+\s+){0,4}?(?:is|are|was|were|has|have|had)\b", regex.IGNORECASE
)
"""A statement in a relative clause ("..., which was designed by ..."): a sign-off that holds one
states a fact."""


def is_meta_statement(text: str) -> bool:
    """Whether ``text`` is a preamble, sign-off or statement about the sources, not a fact.

    Args:
        text: One claim (sentence).

    Returns:
        ``True`` for meta statements, which the support check reports as ``not_checked``.

    Example:
        >>> is_meta_statement("Sure, here is a summary of the passages:")
        True
        >>> is_meta_statement("Based on the passages, the bridge opened in 1932.")
        False
    """
    text = text.strip()
    if _META.match(text[:400]) is None:
        return False
    if not is_refusal(text) and _RELATIVE_FACT.search(text):
        return False
    # a meta phrase removes only itself: a fact after or inside it ("I hope this helps, and the
    # tower is 540 metres tall.") makes the sentence a fact to check
    return not any(
        reason is None and _META.match(text[lo:hi].strip()[:400]) is None for lo, hi, reason in meta_segments(text)
    )
