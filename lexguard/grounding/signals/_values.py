"""The numbers and names of a claim that the sources do not give as the claim states them."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import regex

from lexguard.grounding.claims._antecedents import Meant
from lexguard.grounding.claims._meta_split import is_refusal
from lexguard.grounding.signals._ages import age_conflict, said_of_a_person
from lexguard.grounding.signals._binding import Misplaced, misplaced_values
from lexguard.grounding.signals._births import birth_conflict
from lexguard.grounding.signals._anchoring import MIN_RIVAL_ANCHOR, candidates, magnitude, misanchored
from lexguard.grounding.signals._converse import converse_conflict, outcome_conflict
from lexguard.grounding.signals._current_roles import ended_conflict, ongoing_conflict
from lexguard.grounding.signals._nominated import only_nominated
from lexguard.grounding.signals._declined import declined_conflict
from lexguard.grounding.signals._moves import move_conflict
from lexguard.grounding.signals._ranks import rank_within
from lexguard.grounding.signals._year_bounds import year_bound
from lexguard.grounding.signals._elapsed import elapsed_reading, years_between
from lexguard.grounding.signals._lifetimes import life_decade_conflict, read_lifetime
from lexguard.grounding.signals._changes import change_conflict, change_reading
from lexguard.grounding.signals._comparisons import comparison_conflict, named_multiple
from lexguard.grounding.signals._medals import medal_conflict
from lexguard.grounding.signals._shares import share_conflict
from lexguard.grounding.signals._ages_at_events import age_at_event_conflict
from lexguard.grounding.signals._succession import succession_conflict
from lexguard.grounding.signals._multiplied import multiplied_conflict
from lexguard.grounding.signals._multiples import multiple_reading
from lexguard.grounding.signals._vague_counts import read_vague, vague_conflict, vague_counts
from lexguard.grounding.signals._bounds import BoundReading, read_bound
from lexguard.grounding.signals._limits_given import denied_limit, dropped_limit, reversed_limit
from lexguard.grounding.signals._compared_periods import other_period
from lexguard.grounding.signals._coordinated_credits import coordinated_credit
from lexguard.grounding.signals._derived import unknown_numbers
from lexguard.grounding.signals._framed_opposites import framed_opposite
from lexguard.grounding.signals._stated_as_written import rounds_a_stated_value, stated_as_written
from lexguard.grounding.signals._crossed_pairs import crossed_pairs
from lexguard.grounding.signals._days_crossed import crossed_day
from lexguard.grounding.signals._month_spans import stretched_span
from lexguard.grounding.signals._name_segments import moved_person
from lexguard.grounding.signals._pairs import crossed_pair, given_to_sibling, other_relation
from lexguard.grounding.signals._part_shares import share_given
from lexguard.grounding.signals._named_subjects import named_passages
from lexguard.grounding.signals._coded_items import other_item_value
from lexguard.grounding.signals._conditions import (
    changed_condition, days_past_only, dropped_condition, moved_restriction, only_doer, widened_days,
)
from lexguard.grounding.signals._ranges import range_conflicts
from lexguard.grounding.signals._rates import rate_conflicts
from lexguard.grounding.signals._segments import crossed_value
from lexguard.grounding.signals._supposed import supposed_in_claim
from lexguard.grounding.signals._lexical import Mention, numbers
from lexguard.grounding.signals._crossed_modifiers import crossed_modifier
from lexguard.grounding.signals._directions import direction_conflict, step_conflict
from lexguard.grounding.signals._frequencies import changed_frequency, crossed_frequency
from lexguard.grounding.signals._only_listed import narrowed_list
from lexguard.grounding.signals._order import order_conflict
from lexguard.grounding.signals._uninvolved import uninvolved_part
from lexguard.grounding.signals._overstated import overstatement
from lexguard.grounding.signals._ranks import rank_conflict
from lexguard.grounding.signals._polarity import polarity_conflict
from lexguard.grounding.signals._restatement import polarity_restatement
from lexguard.grounding.signals._quoted_speakers import misquoted, misreported
from lexguard.grounding.signals._roles import swapped_ends
from lexguard.grounding.signals._units import converted, index_units, unit_conflicts, units_by_number
from lexguard.grounding.signals._years_compared import dated_names, years_apart, years_order_conflict

__all__ = ["NumberEvidence", "add_misplaced", "number_evidence", "statement_conflicts"]


@dataclass(frozen=True, slots=True)
class NumberEvidence:
    """What the sources say of a claim's numbers.

    Attributes:
        unknown: Numbers found in no source (nor worked out, counted or converted from one),
            given there with another unit, or given as a bound ("more than $200 million") the
            evidence value it is about does not meet.
        contradicted: Those of them while the best chunk holds numbers.
        worked_out: Numbers in no source that one arithmetic step, a count, a span of years, a
            unit conversion or a bound the evidence value meets ("over $100 million") gives from the evidence (the verifier, which does no arithmetic, does
            not judge them alone).
        shown: The worked-out numbers, when every one is one the claim's own written working
            gives ("2 × £14 come to £28"): none a derivation the claim does not write out, a
            conversion or a bound; else empty.
    """

    unknown: list[Mention]
    contradicted: list[Mention]
    worked_out: list[Mention]
    shown: tuple[Mention, ...] = ()


def number_evidence(
    claim: str, index: Any, best_chunks: list[int], supposed: frozenset[str] = frozenset(),
) -> NumberEvidence:
    """Read the claim's numbers against the sources (:class:`NumberEvidence`).

    Args:
        claim: The claim text.
        index: The source index (its profile, chunk numbers, counts and units).
        best_chunks: The claim's best chunks, best first.
        supposed: Keys of the values the user's question supposes (its own case,
            :mod:`~lexguard.grounding.signals._supposed`): operands of the claim's working like
            the evidence's, and stated where the claim works something out, states them as the
            user's case ("for a £3 coffee") or restates the question in a refusal.
    """
    top = best_chunks[:3]
    evidence_numbers = [*sorted(supposed), *(key for ci in top for key in sorted(index.chunk_numbers[ci]))]
    counts = index.record_counts.union(*(index.chunk_counts[ci] for ci in top))
    units = index_units(index)
    mentions = numbers(claim)
    texts = [index.chunks[ci].text for ci in top]
    not_stated, worked_out, written = unknown_numbers(
        mentions, claim, index.profile.numbers | supposed, evidence_numbers, counts, texts, days=len(index.weekdays),
    )
    if supposed and not is_refusal(claim):  # the user's own values are stated only as the user's case,
        # or worked from, or restated by a refusal ("... to calculate the time it would take to fly 370 miles")
        stated = index.profile.numbers
        not_stated += [m for m in mentions if m not in not_stated and not stated & {m.key, *m.alts}
                       and supposed & {m.key, *m.alts} and not worked_out and not supposed_in_claim(claim, m)]
    readings = {m: _bound_reading(claim, m, texts, index) for m in mentions}  # "over $100 million" beside $150 million
    sources = [source.content for source in index.sources]
    conversions = [m for m in not_stated if converted(claim, m, units)  # "0.33 km" for 330 metres
                   or share_given(claim, m, sources)]  # "nearly a third of its shops" for "27 of its 84 shops"
    held, broken_by = _worked(claim, mentions, texts, sources)
    rounded = [m for m in not_stated if rounds_a_stated_value(claim, m, sources)]  # "more than £412,000" for £412,650
    met = [m for m in not_stated if (readings[m].met is True or m in held or m in rounded) and m not in conversions]
    unknown = [m for m in not_stated if m not in conversions and m not in met]
    worked_out = [*worked_out, *conversions, *met]  # the verifier converts no units and compares no bounds
    unknown += [m for m in unit_conflicts(claim, units) if m not in unknown
                and not converted(claim, m, units)]  # "for two days" beside "48 hours" (and "two years")
    unknown += [m for m in rate_conflicts(claim, texts) if m not in unknown]  # "£40 million a month" for "a year"
    unknown += [m for m in range_conflicts(claim, texts, index) if m not in unknown]  # "aged 5 to 10" for "aged 5 to 8"
    unknown += [m for m in mentions if m not in unknown and dropped_limit(claim, m, texts)]  # "30%" for "up to 30%"
    unknown += [m for m in mentions if m not in unknown and reversed_limit(claim, m, texts)]  # "at most" for "at least"
    broken = [m for m in mentions if readings[m].met is False and m not in unknown  # "under 80%" beside 87% (and 80 reviews)
              and readings[m].anchor >= MIN_RIVAL_ANCHOR  # a value the sources give, refused only on a clear anchor
              and m not in held]  # "took more than four years" beside its dates, not "took a further two years"
    broken += [m for m in mentions if m in broken_by and m not in unknown and m not in broken]
    broken = [m for m in broken if not stated_as_written(claim, m, sources)  # "spent eight months cleaning" as written
              and m not in rounded]  # "more than £412,000" for "a total of £412,650", not the other "more than £400,000"
    unknown += broken
    best_numbers = index.chunk_numbers[best_chunks[0]] if best_chunks else set()
    shown = tuple(worked_out) if written and all(m in written for m in worked_out) else ()
    return NumberEvidence(unknown, [m for m in unknown if best_numbers or m in broken], worked_out, shown)


def _worked(
    claim: str, mentions: list[Mention], texts: list[str], every: Sequence[str] = ()
) -> tuple[set[Mention], set[Mention]]:
    """The claim's numbers that a reading of what they stand for meets, and those it breaks: a
    year given as a bound ("before 2012"), a "top N" or "N busiest", a vague count ("a few
    hundred"), a length of time against its dates, a multiple of another value, a change between
    two values. A vague count the evidence says neither of ("several hundred" beside "more than
    300") is met here: the models' to read."""
    readings: list[dict[Mention, bool | None]] = [
        {m: None if (r := year_bound(claim, m, texts)) is None else r.met for m in mentions},  # "before 2012"
        {m: None if (r := rank_within(claim, m, texts)) is None else r.met for m in mentions},  # "ten busiest"
        {m: True if met is None else met for m, met in _vague_readings(claim, mentions, texts).items()},  # "a few hundred"
        {m: elapsed_reading(claim, m, texts) for m in mentions},  # "took less than four years" beside its dates
        {m: years_between(claim, m, every or texts) for m in mentions},  # "six years later, in 2009" beside 2003 and 2009
        {m: None if (r := years_apart(claim, m, every or texts)) is None else r.met for m in mentions},  # "eight years after Y"
        _lifetime_readings(claim, mentions, texts),  # "before she turned 30" beside "(1921-1998)"
        {m: None if (r := multiple_reading(claim, m, texts)) is None else r.met for m in mentions},  # "three times its budget"
        {m: None if (r := named_multiple(claim, m, texts)) is None else r.met for m in mentions},  # "twice as large as Lake Ettel"
    ]
    change = change_reading(claim, texts) if mentions else None  # "grew by more than 1,500 between 2001 and 2011"
    if change is not None and change.amount is not None:
        readings.append({change.amount: change.met})
    held = {m for reading in readings for m, met in reading.items() if met is True}
    broken = {m for reading in readings for m, met in reading.items() if met is False}
    return held, broken


def _lifetime_readings(claim: str, mentions: list[Mention], texts: list[str]) -> dict[Mention, bool | None]:
    """Whether the years the evidence gives meet each age or length of the claim (:mod:`._lifetimes`);
    the year a met length runs to ("By 2020 ... for more than three decades") is read with it."""
    out: dict[Mention, bool | None] = {}
    for mention in mentions:
        reading = read_lifetime(claim, mention, texts)
        if reading is not None:
            out[mention] = reading.met
            out.update({m: True for m in mentions if reading.met and m.span == reading.year})
    return out


def _vague_readings(claim: str, mentions: list[Mention], texts: list[str]) -> dict[Mention, bool | None]:
    """Whether the evidence meets each number word that ends a vague count ("a few *hundred*",
    :mod:`._vague_counts`); ``None`` when the value read
    says neither ("several hundred" beside "more than 300"): the models' to read. A count no
    evidence value anchors is left out: its number word stays a value no source gives."""
    out: dict[Mention, bool | None] = {}
    for count in vague_counts(claim):
        for mention in mentions:
            if count.mention.span[0] <= mention.span[0] and mention.span[1] <= count.mention.span[1]:
                reading = read_vague(claim, count, texts)
                if reading.anchor > 0:  # none anchored: the number word stays a value no source gives
                    out[mention] = reading.met
    return out


_HOLDERS = 3
"""Passages that state a bounded value read again when the claim's evidence does not hold it."""
_OWN_SHARE = 0.5
"""How well, against the rival the claim's evidence anchors, the claim's words must anchor its own
value where the sources state it for the bound to be read there."""


def _bound_reading(claim: str, mention: Mention, texts: list[str], index: Any) -> BoundReading:
    """:func:`read_bound` against the claim's evidence; where that fails the bound and the sources
    state the value itself elsewhere, against the passages that state it ("Around 3,200 people
    evacuated and at least 47 homes destroyed": the evidence chosen held the homes, and a count of
    it read as the rival of 3,200). Whether the value belongs to the claim's statement there is the
    binding rules' question (:func:`add_misplaced`); the claim's words must anchor the value there
    at least half as well as they anchor the rival ("about 150ft below the clifftop" beside "around
    60ft below the clifftop" and "a 150ft cliff" stays refused)."""
    reading = read_bound(claim, mention, texts)
    if reading.met is not False or mention.key not in index.profile.numbers:
        return reading
    holders = [chunk.text for ci, chunk in enumerate(index.chunks) if mention.key in index.chunk_numbers[ci]]
    holders = [text for text in holders if text not in texts][:_HOLDERS]
    if not holders:
        return reading
    own = max((c.score[0] for c in candidates(claim, mention, holders)[0] if c.value == magnitude(claim, mention)),
              default=0.0)
    if own <= 0 or own < _OWN_SHARE * reading.anchor:
        return reading  # "about 150ft below the clifftop" beside "around 60ft below the clifftop": the 150ft is the cliff's
    again = read_bound(claim, mention, holders)
    return again if again.met else reading


_PERSON_PRONOUN = regex.compile(r"\b(?:he|she|him|her|his)\b", regex.IGNORECASE)


def add_misplaced(
    claim: str, index: Any, best_chunks: list[int], unknown: list[Mention], contradicted: list[Mention],
    unknown_names: list[Mention], meant: Meant | None = None,
) -> list[Misplaced]:
    """Add to the unknown (and contradicted) numbers and names those of the claim that are in the
    sources but not where the claim's subject and relation are stated (another prize's year, a
    person from another document: :func:`~lexguard.grounding.signals._binding.misplaced_values`;
    another statement's value in the same sentence: :func:`~lexguard.grounding.signals._anchoring.misanchored`;
    a value of another case's sentence beside one of the claim's own case, "In 2023, 1,840 runners"
    from "In 2022, ... 1,840 finishers": :func:`~lexguard.grounding.signals._crossed_pairs.crossed_pairs`;
    a value given the qualifier of another value of its sentence, "On Sundays ... 9am" beside "9am on
    weekdays and 11am on Sundays": :func:`~lexguard.grounding.signals._segments.crossed_value`; two
    names the sources give other partners in one relation, "Tomas Brezny is with the Rivergate
    Falcons": :func:`~lexguard.grounding.signals._pairs.crossed_pair`).

    Returns:
        The misplaced values, with the statement that gives each otherwise.
    """
    ages = {m for m in numbers(claim) if said_of_a_person(claim, m)}  # "Kerry Dawes, 35,": said of her
    person = meant.person if meant is not None else None  # who "he" or "she" is, named before the claim
    texts = [index.chunks[ci].text for ci in best_chunks[:3]]
    dated = dated_names(claim, [source.content for source in index.sources])  # "four years after X": a time
    misplaced = [item for item in misplaced_values(claim, index, best_chunks[:3], person) if item.mention not in ages
                 and not (item.kind == "name" and item.mention.span[1] in dated)]
    placed = {item.mention for item in misplaced}
    for mention in numbers(claim):  # another statement's value in the same sentence ("41% in the placebo group")
        if mention in ages:
            rival = None if mention in unknown else age_conflict(claim, mention, (s.content for s in index.sources))
        else:
            rival = None if mention in placed or mention in unknown else (
                misanchored(claim, mention, texts) or crossed_value(claim, mention, texts)
                or other_item_value(claim, mention, texts))  # "Route 43 ... at 07:10" from Route 42's sentence
        if rival is not None:
            misplaced.append(Misplaced(mention, "number", rival))
    placed = {item.mention.span for item in misplaced} | {m.span for m in ages}
    # "Tomas Brezny is with the Rivergate Falcons": two pairs crossed; "Ruth Penhale wrote it": another's role
    paired = [found for found in (crossed_pair(claim, index, meant), other_relation(claim, index, meant),
                                  coordinated_credit(claim, index, meant),  # "X wrote and directed it": two credits
                                  given_to_sibling(claim, index, meant)) if found]
    crossed = [(m, case) for m, case in crossed_pairs(claim, texts)  # the claim's "he" is no rival of their team:
               if not (person and person in case and _PERSON_PRONOUN.search(claim)  # "He's a bowler for the X"
                       and not any(n.span == m.span for n in numbers(claim)))]
    for mention, case in [*crossed, *moved_person(claim, texts), *stretched_span(claim, texts),
                          *paired, *misquoted(claim, index), *misreported(claim, index)]:  # "Gail Simmonds admitted ... "sloppy"": another's words  # "In 2023, 1,840 runners"
        # from the 2022 sentence; "Daniel Okafor will be conducting" from "..., with Daniel Okafor at the piano"
        kind = "number" if any(m.span == mention.span for m in numbers(claim)) else "name"
        if (mention.span not in placed and not (kind == "name" and mention.span[1] in dated)  # "four years after X"
                and mention not in unknown and mention not in unknown_names):
            misplaced.append(Misplaced(mention, kind, case))
    # "within a month" beside "within 30 days", "for two days" beside "for 48 hours, the first in two
    # years": the value of the statement given, in another unit, no rival
    misplaced = [item for item in misplaced
                 if not (item.kind == "number" and converted(claim, item.mention, units_by_number([item.evidence])))]
    for item in misplaced:
        if item.kind == "number" and item.mention not in unknown:
            unknown.append(item.mention)
            contradicted.append(item.mention)
        elif item.kind == "name" and item.mention not in unknown_names:
            unknown_names.append(item.mention)
    return misplaced


def statement_conflicts(claim: str, passages: list[str], misplaced: list[Misplaced]) -> dict[str, str | None]:
    """The source sentence the claim's statement conflicts with (``conflict``: a flipped polarity,
    a misplaced value, the other order of events, another rank of a superlative, a change
    given the other way), the one it overstates (``overstated``: a
    dropped hedge, a raised quantifier, a dropped condition) and the one that states it with a negated opposite
    (``restated``: "not open" for "closed"), for :class:`~lexguard.grounding.verify._features.ClaimEvidence`."""
    raw = passages  # the change and rank rules weigh a pronoun's subject themselves ("it had ...": half)
    passages, originals = named_passages(passages)  # "It lies on the east bank" of the town named before
    conflict = (
        polarity_conflict(claim, passages)
        or framed_opposite(claim, passages)  # "eight months earlier than originally planned" for "... later than ..."
        or next((m.evidence for m in misplaced), None)
        or order_conflict(claim, passages)
        or rank_conflict(claim, raw)
        or only_nominated(claim, passages)  # "won the Booker Prize" beside "shortlisted for the Booker Prize"
        or declined_conflict(claim, passages)  # "signed with Juventus" beside "turned down an offer from Juventus"
        or move_conflict(claim, passages)  # "left Peñarol in 2016" beside "left Nacional in 2016 to join Peñarol"
        or ended_conflict(claim, passages)  # "is the current minister" beside "minister from 2014 to 2018"
        or ongoing_conflict(claim, passages)  # "is a former mayor" beside "has served as mayor since 2014"
        or converse_conflict(claim, passages)  # "A lost to B" beside "A defeated B"
        or outcome_conflict(claim, passages)  # "A won the election" beside "A lost to B in the election"
        or vague_conflict(claim, passages)  # "thousands of people" beside "some 300 people"
        or change_conflict(claim, raw)  # "grew between 2005 and 2020" beside 3,200 pairs in 2020 and 4,500 in 2005
        or medal_conflict(claim, passages)  # "won a medal" beside "finished fourth"
        or share_conflict(claim, passages)  # "failed to win a majority" beside "with 54% of the vote"
        or age_at_event_conflict(claim, passages)  # "who was four when she disappeared" beside "when she was two"
        or succession_conflict(claim, passages)  # "A led it before B" beside "A was succeeded by B"
        or comparison_conflict(claim, passages)  # "Lake Esk is smaller than Lake Vorn" beside 35 and 31 km2
        or years_order_conflict(claim, passages)  # "X came out before Y" beside X's 2012 and Y's 2005
        or multiplied_conflict(claim, passages)  # "doubled its capacity" beside "from 12,000 to 18,500"
        or life_decade_conflict(claim, passages)  # "died in her seventies" beside "(1921-1988)"
        or direction_conflict(claim, passages)  # "rose 6%" beside "fell 6% on Wednesday after ..."
        or step_conflict(claim, passages)  # "rose to 5%" beside "rose by 5%"
        or crossed_modifier(claim, passages)  # "his mother was Spanish" for "a Spanish father and an Italian mother"
        or swapped_ends(claim, passages)  # "from A into B" for "from B into A"
        or crossed_frequency(claim, passages)  # "every 30 minutes on Sundays" for "... and every hour on Sundays"
        or changed_frequency(claim, passages)  # "every half hour" for "every hour on the hour"
        or crossed_day(claim, passages)  # "Recycling bins ... on Mondays" for "... and recycling bins on Thursdays"
        or moved_restriction(claim, passages)  # "on e-bikes too" for "on hybrid bikes only"
        or only_doer(claim, passages)  # "Guests can book online" for "Only members can book online"
        or denied_limit(claim, passages)  # "with no daily limit" for "free up to 2,000 pounds per day"
        or narrowed_list(claim, passages)  # "only the white and black versions" for "white, black and brushed-steel"
        or uninvolved_part(claim, passages)  # "who led the trial" for "who was not involved in the trial"
        or birth_conflict(claim, passages)  # "and was born in 2016" (the team's year) for "was born in 1988"
        or other_period(claim, passages)  # "up 6% on the same quarter last year" for "up 6% from the second quarter"
    )
    restated = None if conflict is not None else polarity_restatement(claim, passages)
    overstated = (overstatement(claim, passages) or dropped_condition(claim, passages)  # "free" for "free on orders over £40"
                  or widened_days(claim, passages)  # "any day of the week" for "on weekdays only"
                  or days_past_only(claim, passages)  # "Monday through to Saturday" for "Monday to Thursday only"
                  or changed_condition(claim, passages))  # "as soon as they are planted" for "once they flower"
    return {key: originals.get(found, found) if found else found
            for key, found in (("conflict", conflict), ("overstated", overstated), ("restated", restated))}
