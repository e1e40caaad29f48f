"""Two names in a relation turned round, said with another verb: "Kordan United lost to Vestby
Athletic" beside "Kordan United defeated Vestby Athletic", "Expresso Lijn bought Vrienhof Group"
beside "Vrienhof Group acquired Expresso Lijn".

The rule of swapped roles (:mod:`~lexguard.grounding.signals._roles`) needs a word both texts
share to pivot on; these claims say the relation with another verb, or its converse, and the
verifier, which weighs the two names, read them as supported (0.97-0.98). :func:`converse_conflict`
reads a claim's "A <verb> B" of a contest or a purchase as (the one who won or bought, the other),
whichever verb says it ("lost to", "was acquired by" turn it round), and finds the source sentence
that names both and gives the relation the other way.
"""

from __future__ import annotations

import regex

from lexguard.grounding.claims._passages import passage_sentences
from lexguard.grounding.signals._demonyms import places_of
from lexguard.grounding.signals._entities import entities
from lexguard.grounding.signals._lexical import content_words

__all__ = ["converse_conflict", "outcome_conflict", "winner_in"]

_FORWARD = {
    "contest": r"beat|beats|beating|defeated|defeats|defeating|overcame|overcomes|edged|edges|thrashed|thrashes"
               r"|won\s+against|wins\s+against|knocked\s+out|eliminated",
    "purchase": r"bought|buys|buying|acquired|acquires|acquiring|purchased|purchases|took\s+over|takes\s+over",
}
_BACKWARD = {
    "contest": r"lost\s+to|loses\s+to|losing\s+to|fell\s+to|falls\s+to|(?:was|were|is|are)\s+(?:beaten|defeated|"
               r"knocked\s+out|eliminated)\s+by",
    "purchase": r"(?:was|were|is|are|has\s+been|had\s+been)\s+(?:bought|acquired|purchased|taken\s+over)\s+by",
}
_RELATION = regex.compile(
    "|".join(f"(?P<{kind}_f>{pattern})" for kind, pattern in _FORWARD.items())
    + "|" + "|".join(f"(?P<{kind}_b>{pattern})" for kind, pattern in _BACKWARD.items()),
    regex.IGNORECASE,
)
_MOST_BETWEEN = 40
"""Most characters between a name and the relation words next to it."""


def _relation(text: str) -> tuple[str, str, str] | None:
    """``(kind, first party, second party)`` of "A <verb> B" in ``text``, the first party the one
    who won or bought (name keys), else ``None``."""
    names = [e for e in entities(text) if not places_of(e.text.lower())]  # "the Belgian carrier X": X
    for match in _RELATION.finditer(text):
        before = [n for n in names if n.span[1] <= match.start() and match.start() - n.span[1] <= _MOST_BETWEEN]
        after = [n for n in names if n.span[0] >= match.end() and n.span[0] - match.end() <= _MOST_BETWEEN]
        if not before or not after:
            continue
        a, b = before[-1], after[0]
        if regex.search(r"[.;:!?]", text[a.span[1] : match.start()] + text[match.end() : b.span[0]]):
            continue
        kind, way = next((name[:-2], name[-1]) for name, value in match.groupdict().items() if value)
        return (kind, a.key, b.key) if way == "f" else (kind, b.key, a.key)
    return None


def _same(x: str, y: str) -> bool:
    return bool(set(x.split()) & set(y.split()))


def converse_conflict(claim: str, passages: list[str]) -> str | None:
    """The source sentence that gives the claim's contest or purchase between the same two names
    the other way round, if any.

    Example:
        >>> converse_conflict("Kordan United lost to Vestby Athletic in the final.",
        ...                   ["In the final, Kordan United defeated Vestby Athletic 2-1."])
        'In the final, Kordan United defeated Vestby Athletic 2-1.'
        >>> converse_conflict("Vestby Athletic lost to Kordan United.", ["Kordan United defeated Vestby Athletic 2-1."])
    """
    said = _relation(claim)
    if said is None or _same(said[1], said[2]):
        return None
    kind, first, second = said
    for sentence in (s for p in passages for s in passage_sentences(p)):
        given = _relation(sentence)
        if given is not None and given[0] == kind and _same(given[1], second) and _same(given[2], first) and not (
                _same(given[1], first)):
            return sentence
    return None


_OUTCOME = regex.compile(
    r"\b(?P<won>won|wins|has\s+won|had\s+won|went\s+on\s+to\s+win|(?:was|were)\s+(?:re-?)?elected)"
    r"|(?P<lost>(?:lost|loses|has\s+lost|had\s+lost)(?!\s+(?:to|out|his|her|their|its|weight|money|control|interest"
    r"|track|contact)\b)(?=\s+(?:the|a|an|this|that|last|\d{4})\b)|(?:was|were)\s+(?:defeated|beaten|unseated))",
    regex.IGNORECASE,
)
"""One party's outcome of a contest: "Paul Reyes won the 2019 election", "Kordan lost the final"
("lost to" names the other party and is :func:`converse_conflict`'s; "lost his seat" is no contest)."""
_LEAST_EVENT_SHARE = 0.5
"""Share of the content words after the outcome ("the 2019 mayoral election") that the source
sentence of the contest must hold: the same contest, not another one the same party fought."""


_EVENT_WORDS = 4
"""Content words after the outcome read as the contest's ("the 2019 election in Harwick")."""


def _outcome(claim: str) -> tuple[str, bool, frozenset[str]] | None:
    """``(party key, won, the contest's words)`` of a claim "A won / lost the <contest>", else ``None``."""
    match = _OUTCOME.search(claim)
    if match is None:
        return None
    before = [n for n in entities(claim[: match.start()]) if not places_of(n.text.lower())]
    if not before or match.start() - before[-1].span[1] > _MOST_BETWEEN or regex.search(
            r"[.;:!?,]|\b(?:and|but|who|which|that)\b", claim[before[-1].span[1] : match.start()]):
        return None
    event = frozenset(w for w in content_words(claim[match.end() :])[:_EVENT_WORDS])
    return (before[-1].key, match.group("won") is not None, event) if event else None


def winner_in(sentence: str, party: str) -> bool | None:
    """Whether a sentence gives ``party`` as the winner (``True``) or the loser (``False``) of its
    contest: a relation of two names ("A lost to B") or one party's outcome ("A lost the seat to
    the Liberal Democrat candidate"); ``None`` when it gives neither."""
    given = _relation(sentence)
    if given is not None and given[0] == "contest" and not _same(given[1], given[2]):
        winner, loser = _same(given[1], party), _same(given[2], party)
        if winner != loser:
            return winner
    own = _outcome(sentence)
    return own[1] if own is not None and _same(own[0], party) else None


def outcome_conflict(claim: str, passages: list[str]) -> str | None:
    """The source sentence that gives the other outcome of the contest a claim says one party won
    or lost, if any: "Paul Reyes won the 2019 election" beside "In the 2019 election, incumbent
    mayor Paul Reyes lost to challenger Dana Whitfield" (the verifier, which weighs the names and
    the contest, read it as supported, 0.98). No sentence is returned when another one gives the
    claim's outcome of the same contest.

    Example:
        >>> outcome_conflict("Paul Reyes won the 2019 election.",
        ...                  ["In the 2019 election, incumbent mayor Paul Reyes lost to challenger Dana Whitfield."])
        'In the 2019 election, incumbent mayor Paul Reyes lost to challenger Dana Whitfield.'
        >>> outcome_conflict("Dana Whitfield won the 2019 election.",
        ...                  ["In the 2019 election, incumbent mayor Paul Reyes lost to challenger Dana Whitfield."])
    """
    said = _outcome(claim)
    if said is None:
        return None
    party, won, event = said
    found = None
    for sentence in (s for p in passages for s in passage_sentences(p)):
        words = set(content_words(sentence))
        if len(event & words) < _LEAST_EVENT_SHARE * len(event) or any(
                w.isdigit() and w not in words for w in event):
            continue
        winner = winner_in(sentence, party)
        if winner is None:
            continue
        if winner == won:
            return None  # a sentence gives the claim's outcome
        found = found or sentence
    return found
