"""A value for its time: a claim that moves the sources' general value to a day, the weekend, a
season or the evening for which they give another.

"On Sundays the ferry leaves Oban at 7am" beside "The ferry leaves Oban at 7am Monday to Saturday.
On Sundays the first sailing is at 9am." holds only words the first sentence holds but its
qualifier, and the verifier read it as supported (0.99). :func:`qualified_elsewhere` finds the
statement for the claim's time that gives a rival; :func:`for_its_time` keeps a value that the
statement for the claim's time holds from being read against the general one.
"""

from __future__ import annotations

from functools import lru_cache

import regex

from lexguard.grounding.signals._lexical import Mention, content_words, numbers
from lexguard.grounding.signals._statements import WEEKDAY, WEEKEND, Facts, fit, number_class

__all__ = ["MIN_ANCHOR", "for_its_time", "qualified_elsewhere", "qualified_ranges", "qualifiers"]

MIN_ANCHOR = 0.6
"""Least share of the rest of the claim (other values and relation words, averaged) its anchor holds."""


def _holds(facts: Facts, mention: Mention) -> bool:
    return f"#{mention.key}" in facts.tokens


@lru_cache(maxsize=64)
def qualifiers(claim: str) -> frozenset[str]:
    """The content words of the times ``claim`` puts its values at (:data:`_QUALIFIER`); once a
    claim, which is asked for each of its values."""
    return frozenset(w for m in _QUALIFIER.finditer(claim) for w in content_words(m.group()))


_PART_OF = {**dict.fromkeys(content_words("Monday Tuesday Wednesday Thursday Friday"), WEEKDAY),
            **dict.fromkeys(content_words("Saturday Sunday"), WEEKEND)}
"""A day and the part of the week it belongs to: a statement of weekends speaks of Saturday."""


def _names_all(facts: Facts, wanted: frozenset[str]) -> bool:
    """Whether a statement names every qualifier in ``wanted``, a day by its part of the week too
    ("At weekends lunch service runs until 4pm" speaks of "On a Saturday")."""
    return all(w in facts.tokens or _PART_OF.get(w) in facts.tokens for w in wanted)


_QUALIFIER = regex.compile(
    r"\b(?:(?:mon|tues|wednes|thurs|fri|satur|sun)days?|weekends?|weekdays?|(?:bank\s+|public\s+|school\s+)?holidays?"
    r"|winter|summer|spring|autumn|off-peak|peak|evenings?|(?<=\b(?:at|by|on)\s+)nights?|overnight)(?![\w-])",
    regex.IGNORECASE,
)
"""A time a value may hold only for: a day, the weekend, a season, the evening, at night ("On Sundays
the first sailing is at 9am" after "The ferry leaves at 7am"; not the "night" of "£95 a night")."""


def _rival_for(claim: str, mention: Mention, anchor: Facts, anchors: list[Facts], claim_keys: set[str]) -> Facts | None:
    """The statement that gives a claim's number otherwise for the time the claim puts it at, if any.

    The anchor holds the value, but only as the general case: it names none of the claim's
    qualifiers (a day, the weekend, a season, the evening), while another evidence statement names
    them all and gives a rival of the same kind, not the claim's value: "On Sundays the ferry
    leaves Oban at 7am" beside "The ferry leaves Oban at 7am. On Sundays the first sailing is at
    9am." The claim moved the general value to the exception.
    """
    wanted = qualifiers(_around(claim, mention))
    if not wanted or wanted & anchor.tokens or _names_all(anchor, wanted):
        return None
    cls = number_class(claim, mention)
    if not cls:
        return None
    for facts in anchors:
        if (facts is not anchor and _names_all(facts, wanted) and not _holds(facts, mention)
                and any(c == cls and key not in claim_keys for key, c in facts.classes.items())):
            return facts
    return None


_BEFORE, _AFTER = 12, 8
"""Words before and after a value that a qualifier of it stands within ("On Sundays the ferry leaves
Oban at 7am"; not "... will close on Saturday after 74 years, with its owner citing bills that have
risen ... since 2021", a time of another statement in a long sentence)."""
_WORDS_BEFORE = regex.compile(rf"(?:\S+\s+){{0,{_BEFORE}}}\S*$")
_WORDS_AFTER = regex.compile(rf"\S*(?:\s+\S+){{0,{_AFTER}}}")


_NEXT_CLAUSE = regex.compile(
    r";|\b(?:and|but|while|whereas)\s++(?:(?:it|they|he|she)\s++)?(?:\p{Ll}+ing|is|are|was|were|has|have|had|will)\b"
)
"""Where a clause of its own begins ("open until 8 p.m. four nights a week *and opening* on Sunday
afternoons"): a qualifier past it is that clause's."""


def _around(claim: str, mention: Mention) -> str:
    """The words of a claim around one of its values (:data:`_BEFORE`, :data:`_AFTER`), within its
    clause (:data:`_NEXT_CLAUSE`)."""
    lead = claim[max(0, mention.span[0] - 200) : mention.span[0]]
    lead = lead[max((m.end() for m in _NEXT_CLAUSE.finditer(lead)), default=0):]
    before = _WORDS_BEFORE.search(lead)
    tail = claim[mention.span[1] :]
    tail = tail[: next((m.start() for m in _NEXT_CLAUSE.finditer(tail)), len(tail))]
    after = _WORDS_AFTER.match(tail)
    return (before.group() if before else "") + mention.text + (after.group() if after else "")


def qualified_elsewhere(
    claim: str, mention: Mention, rest: frozenset[str], relation: frozenset[str], anchors: list[Facts],
    claim_keys: set[str],
) -> Facts | None:
    """The statement that gives a claim's number otherwise for the claim's qualifier
    (:func:`_rival_for`), the general statement being the evidence statement that holds the
    number and best fits the rest of the claim, its qualifiers aside ("Saturdays" names no thing)."""
    wanted = qualifiers(claim)
    if not wanted:
        return None
    # the verb may differ ("closes at 5.30pm" for "open 9am to 5.30pm"): the names and values decide
    scored = [(max(fit(rest - wanted, relation - wanted, f), fit(rest - wanted, frozenset(), f)), f)
              for f in anchors if _holds(f, mention)]
    best, general = max(scored, key=lambda item: item[0], default=(0.0, None))
    if general is None or best < MIN_ANCHOR:
        return None
    return _rival_for(claim, mention, general, anchors, claim_keys)


def for_its_time(claim: str, anchor: Facts, holders: list[Facts]) -> bool:
    """Whether a statement that holds the value names every qualifier of the claim (a day, the
    weekend, a season) that the anchor, the general statement, does not: "On Saturdays the clinic
    is open from 9:00 until 13:00" beside "... open Monday to Friday from 9:00 to 17:30. On
    Saturdays it opens from 9:00 to 13:00." """
    wanted = qualifiers(claim)
    return bool(wanted) and not wanted <= anchor.tokens and any(wanted <= f.tokens for f in holders)


def qualified_ranges(
    claim: str, ends: list[Mention], facts: list[Facts], best_chunks: list[int]
) -> list[tuple[Mention, str]]:
    """The ends of a claim's ranges ("from 8am to 6pm") that an evidence statement gives only as the
    general case, while another gives a rival range for the claim's qualifier ("On Saturdays it
    opens from 9am to 12pm"): :func:`_rival_for`, for the values the anchors leave out."""
    if not ends or not _QUALIFIER.search(claim):
        return []
    anchors = [f for f in facts if f.chunk in set(best_chunks)]
    keys = {k for m in numbers(claim) for k in (m.key, *m.alts)}
    out = []
    for mention in ends:
        general = next((f for f in anchors if _holds(f, mention)), None)
        rival = _rival_for(claim, mention, general, anchors, keys) if general is not None else None
        if rival is not None:
            out.append((mention, rival.text))
    return out
