"""A claim that something is free beside a source that charges for it.

"Dogs are welcome in the lodge's ground-floor rooms at no extra charge" beside "Brackenfield
Lodge welcomes dogs in its ground-floor rooms for a charge of £15 per night" was read as
supported (0.96): every word of the claim but "no extra" is in the sentence, and the verifier does
not weigh a price against "free". :func:`charged_for` finds the source statement that says what
the claim's free clause says (most of its words, two at least) and names a price or a charge,
where no source statement says it is free.
"""

from __future__ import annotations

from typing import Any

import regex

from lexguard.grounding.signals._clauses import clauses
from lexguard.grounding.signals._lexical import content_words
from lexguard.grounding.signals._statements import sentence_facts
from lexguard.grounding.signals._words import stem

__all__ = ["charged_for"]

_FREE = regex.compile(
    r"\b(?:free\s+of\s+charge|for\s+free|at\s+no\s+(?:extra\s+|additional\s+)?(?:cost|charge)"
    r"|(?:with\s+)?no\s+(?:extra\s+|additional\s+)?(?:charge|fee|cost)|without\s+(?:charge|paying|cost)"
    r"|complimentary|cost(?:s|ing)?\s+nothing)\b"
    r"|(?<![-\w]|feel\s)free(?![-\w]|\s+(?:time|range|from|will|speech|trade|market|agent|zone|standing|flow|hand|style"
    r"|throws?|rein|spirit|to\s+(?:choose|decide|leave|go|ask|contact|move|use\s+their)))",
    regex.IGNORECASE,
)
"""Words by which a claim says something costs nothing ("at no extra charge", "free entry")."""
_CHARGE = regex.compile(
    r"[£$€¥₹]\s*+\d|\d\s*+(?:p|pence|dollars?|euros?|pounds?)\b|\b(?:fees?|priced|payable|costs?\s++(?:[£$€¥₹]|\d)"
    r"|charges?\s++(?:of|for|per|apply)|charged\s++(?:at|for|separately|extra|per)"
    r"|(?:a|an|extra|additional|small|one-off|daily|nightly)\s++charge)\b",
    regex.IGNORECASE,
)
"""A price or a charge in a source statement."""
_LEAST_SHARED = 0.75
"""Share of the free clause's other words the charging statement must hold."""
_FEWEST_WORDS = 2


def _words(text: str) -> set[str]:
    return set(content_words(_FREE.sub(" ", text)))


def _near(part: str) -> tuple[set[str], int]:
    """What is free, and how many of its words a statement must hold: the noun "free" stands
    before ("with free *delivery*": that word), else the content words right around the free
    phrase, :data:`_NEAR` each side ("dogs can stay | free | in the ground-floor rooms"), half of them."""
    match = _FREE.search(part)
    after = content_words(part[match.end() :])
    if match.group().lower() == "free" and after and regex.match(r"\s*+[\p{L}]", part[match.end() :]) and not (
            regex.match(r"\s*+(?:for|to|in|on|at|of|with|from|until|during|and|or|if|when|but)\b", part[match.end() :],
                        regex.IGNORECASE)):
        return {after[0]}, 1
    near = set(content_words(part[: match.start()])[-_NEAR:] + after[:_NEAR])
    return near, (len(near) + 1) // 2


_NEAR = 2


def charged_for(claim: str, index: Any) -> str | None:
    """The source statement that charges for what the claim says is free, if any.

    Args:
        claim: The claim text.
        index: The source index.

    Returns:
        The statement, when a clause of the claim says something is free, a source statement
        holds at least :data:`_LEAST_SHARED` of that clause's other words (two at least), what is free
        among them (:func:`_near`), and names
        a price or a charge, and no source statement that says the same thing says it is free.
    """
    free = [part for part in clauses(claim) or [claim] if _FREE.search(part)]
    if not free or not index.chunks:
        return None
    facts = sentence_facts(index)
    for part in free:
        words = _words(part)
        if len(words) < _FEWEST_WORDS:
            continue
        near, least = _near(part)  # what is free: "with free *delivery*" is not "sells it for £199"
        same = [f.text for f in facts if len(words & (theirs := set(content_words(f.text)))) >= _LEAST_SHARED * len(words)
                and len(near & theirs) >= least]
        charged = _charged_thing(part, [f.text for f in facts])
        if charged is not None:
            return charged
        if any(_FREE.search(text) for text in same):
            continue  # a source says it is free too ("Entry is free for under-5s")
        charging = next((text for text in same if _CHARGE.search(text)), None)
        if charging is not None:
            return charging
    return None


_THING_END = regex.compile(
    r"\b(?:cost|costs|costing|is|are|was|were|must|can|could|will|may|pay|pays|charged|priced|up\s+to|for|at)\b"
    r"|[£$€¥₹\d,;:(\"'\u2018\u201c]",
    regex.IGNORECASE,
)
"""Where the thing a charging clause is about ends: at its verb, its price or an aside
("*Cabin bags* up to 10 kg cost £22", "*The special exhibition* 'Ships ...' costs £6")."""
_MOST_THING_WORDS = 3
_USE = frozenset({"use", "usage", "hire", "rental", "access", "servic"})
"""Words of a charged thing that name its use, not the thing ("*Cloakroom* use costs £1 per item")."""


_BEFORE_FREE = regex.compile(r"[,;:]|" + _CHARGE.pattern, regex.IGNORECASE)
"""What ends the words a free phrase is about, before it: a clause mark or a price."""


def _stems(text: str) -> set[str]:
    """Content words without a plural's "s" ("bags" is "bag")."""
    words = (stem(w) for w in content_words(text))
    return {w[:-1] if len(w) > 3 and w.endswith("s") and not w.endswith("ss") else w for w in words}


def _charged_thing(part: str, statements: list[str]) -> str | None:
    """The source statement whose clause charges for a thing the claim's free clause names beside
    others, where the sources call that thing free nowhere: "both dogs and bicycles travel free"
    beside "dogs travel free, and bicycles cost £5 each way" (the sentence that says "free" is
    about the dogs); "opera glasses and booster seats are both free" beside "Booster seats are
    free ..., but opera glasses must be hired for £2". The thing is the charging clause's words
    before its verb or price, up to :data:`_MOST_THING_WORDS`, each of them in the free clause
    before its free phrase ("Dogs travel free, with bicycles at £3" says no bicycle is free)."""
    free = _FREE.search(part)
    if free is None:
        return None
    # what is free comes first here, in the free phrase's own clause and after any price the claim
    # gives ("adults pay £12 and | anyone under 16 gets in free")
    start = max((m.end() for m in _BEFORE_FREE.finditer(part, 0, free.start())), default=0)
    words = _stems(part[start : free.start()])
    free_words: set[str] = set()
    charging: list[tuple[set[str], str]] = []
    for statement in statements:
        for clause in clauses(statement) or [statement]:
            if _FREE.search(clause):
                free_words |= _stems(clause)
            elif _CHARGE.search(clause):
                end = _THING_END.search(clause)
                thing = _stems(clause[: end.start() if end else len(clause)])
                thing = thing - _USE or thing  # "Cloakroom use costs £1": the cloakroom
                if 0 < len(thing) <= _MOST_THING_WORDS:
                    charging.append((thing, statement))
    return next((statement for thing, statement in charging if thing <= words and not thing & free_words), None)
