"""Claims that repeat a source sentence with its sense flipped: a negation or an antonym.

"The Eiffel Tower is not in Paris." against "... a lattice tower ... in Paris": every word of
the claim is in the source, so similarity and word coverage call it supported. What differs is
polarity. :func:`polarity_conflict` finds the source sentence that holds (nearly) all the other
words of the claim and reports it when exactly one of the two is negated, or when the claim uses
a word whose opposite the sentence uses instead ("rose" / "fell", "opened" / "closed"), or
when it puts two of the sentence's words on the other sides of the same verb ("Aphids feed on
ladybugs" against "Ladybugs feed on aphids": swapped roles).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

import regex

from lexguard.grounding.signals._lexical import _stem, content_words
from lexguard.grounding.signals._words import lemmas
from lexguard.grounding.signals._anchoring import without_bound_words
from lexguard.grounding.signals._asserted_denials import denial_asserted
from lexguard.grounding.signals._antonyms import ANTONYMS, CONVERSES, antonym_keys
from lexguard.grounding.signals._clauses import clauses
from lexguard.grounding.signals._converse import winner_in
from lexguard.grounding.signals._entities import entities
from lexguard.grounding.signals._excepted import EXCEPTION
from lexguard.grounding.signals._refuted import denial_words
from lexguard.grounding.signals._negation import SCOPE as _SCOPE
from lexguard.grounding.signals._negation import denied_words as _denied_words
from lexguard.grounding.signals._negation import negated as _negated
from lexguard.grounding.signals._negation import raw_content_words as _raw_content_words
from lexguard.grounding.signals._negation import told_not_to
from lexguard.grounding.signals._roles import WORD_RUN, swapped_names
from lexguard.grounding.signals._source_units import Unit as _Unit
from lexguard.grounding.signals._source_units import lemma_of as _lemma_of
from lexguard.grounding.signals._source_units import source_units as _units
from lexguard.grounding.signals._source_units import statement_words
from lexguard.grounding.signals._source_units import statement_words as _words
from lexguard.grounding.signals._weekdays import SCHEDULING, days_named, names_another_day

__all__ = ["ANTONYMS", "MIN_BACK_COVERAGE", "MIN_COVERAGE", "NEAR_COPY", "RESTATED", "polarity_conflict", "statement_words"]

MIN_COVERAGE = 0.75
"""Share of the claim clause's content words that the source clause must hold."""

MIN_BACK_COVERAGE = 0.6
"""Share of the source clause's content words that the claim clause must hold (same statement)."""

_WHEN = frozenset({"every", "each", "morning", "afternoon", "evening", "night", "daily", "weekly"})
"""Words of a statement that say when or how often, not what happens."""

_SHORT_DENIAL = 3
"""Content words of a denied statement short enough to deny the claim whatever it adds ("Dogs are
not allowed", "The flat has no garden")."""

RESTATED = 0.85
"""Share of each other's words (by lemma) a negated text and a plain one hold for the negation to
flip the plain one even when the word it denies first is not in it ("did not bring the Thirty
Years' War to an end" against "ended the Thirty Years' War")."""

MIN_WHOLE_BACK_COVERAGE = 0.4
"""Share of the source clause's content words that the claim clause must hold when the source holds
every other word of the claim, five at least, and the opposite of its one word: "The committee
approved plans for a skate park on Gilmore Green" beside "Ellwood Town Council's planning committee
voted 9-4 on Monday to reject plans for a skate park on Gilmore Green" (the source says more)."""
MIN_WHOLE_WORDS = 5

NEAR_COPY = 0.9
"""Share of each other's content words a claim clause and a source clause hold both ways for any
two of their words (not only names) trading places around a shared word to be read as swapped roles."""

_NEGATIVE_WORD = regex.compile(
    r"\b(?:without|prevent(?:s|ed|ing)?|avoid(?:s|ed|ing)?|against|instead\s+of|rather\s+than|refus(?:e|es|ed|ing|al)|"
    r"fail(?:s|ed|ing|ure)?|lack(?:s|ed|ing)?|unable|absent|free\s+of|stop(?:s|ped|ping)?|ban(?:s|ned)?)\b",
    regex.IGNORECASE,
)
"""Words that say "not" without a negation: "turn it off *without* opening it" states what "don't
open it" does, "*to prevent* it from hanging" what "so that it does not hang" does."""


def _flipped(claim: str, source: str) -> bool:
    """Whether exactly one of the two is negated, of something the other one says (the word a
    negation denies first, its head, is in the other one), and the other does not say "not" of
    the same thing in other words: a :data:`_NEGATIVE_WORD` the negated one
    lacks, a few words before what the negation denies ("without opening it" for "don't open
    it"; "lift the lid without delay" still flips "don't lift the lid")."""
    claim_not, source_not = _negated(claim), _negated(source)
    if claim_not == source_not:
        return False
    plain, negated = (source, claim) if claim_not else (claim, source)
    if told_not_to(negated, plain):
        return False  # "do not go after it" is advice, and "the dog went over the cliff" an event
    denied, heads = _denied_words(negated)
    if not _forms(heads) & _forms(_raw_content_words(plain)) and not _restated(negated, plain, denied):
        return False  # "..., found no violations", "the as yet not titled series" deny nothing the other one says
    if _NONE_OF.match(negated) and _denies_opposite(negated, plain, _pair_between(negated, plain)):
        return False  # "None of the crew died" is "all the crew survived": two flips, one statement
    theirs = {m.group().lower()[:4] for m in _NEGATIVE_WORD.finditer(negated)}
    for match in _NEGATIVE_WORD.finditer(plain):
        if match.group().lower()[:4] not in theirs and denied & set(content_words(plain[match.end():])[:_SCOPE]):
            return False
    return True


def _pair_between(one: str, other: str) -> frozenset[str]:
    """The keys of the words of ``one`` whose opposite (:data:`ANTONYMS`) ``other`` holds ("died"
    beside "survived"), with those opposites."""
    other_keys = {key for w in WORD_RUN.findall(other.lower()) for key in antonym_keys(w)}
    return frozenset(k for w in WORD_RUN.findall(one.lower()) for key in antonym_keys(w)
                     if (opposites := ANTONYMS.get(key, frozenset()) & other_keys) and key not in other_keys
                     for k in (key, *opposites))


def _restated(negated: str, plain: str, denied: set[str]) -> bool:
    """Whether ``negated`` restates ``plain`` in other words but for its negation: near-copies
    (:data:`RESTATED` of each other's words, compared by lemma: "did not bring the war to an
    end" beside "ended the war") whose negation denies at least two of the plain one's words."""
    a, b = _words(negated), _words(plain)
    if not a or not b or len(_forms(denied) & b) < 2:
        return False
    shared = len(a & b)
    return min(shared / len(a), shared / len(b)) >= RESTATED


def _forms(words: Iterable[str]) -> set[str]:
    """Each word's stem and English lemmas ("sent" and "send" share "send", "stopped" and "stop"
    share "stop"; lemminflect's lookup)."""
    out: set[str] = set()
    for word in words:
        out.add(_stem(word))
        out.update(lemmas(word))
    return out



def polarity_conflict(claim: str, passages: list[str]) -> str | None:
    """The source sentence that says the opposite of ``claim`` (or of one of its clauses), if any.

    Args:
        claim: The claim text.
        passages: The claim's best evidence chunks, best first.

    Returns:
        The source sentence one of whose clauses states the same thing as the claim or one of
        its clauses ("..., but their blood isn't blue"): it holds at least :data:`MIN_COVERAGE`
        of the claim clause's content words, the claim clause holds at least
        :data:`MIN_BACK_COVERAGE` of its own, and the two differ in negation, by an antonym or by
        swapped names. ``None`` when there is no such sentence.
    """
    units = _units(passages)
    if not units:
        return None
    asserted = denial_asserted(claim, units)
    if asserted is not None:
        return asserted
    parts_of_claim = clauses(claim)
    # a claim of several clauses is read whole against whole sentences, and clause by clause
    # against clauses: across levels, one side's other clause's negation ("... if your PC does
    # not have an HDMI port") would read as denying the clause the other side states
    whole = [u for u in units if u.whole or u.denied] if parts_of_claim else units
    # a whole sentence states the whole claim only when it holds each of its statements: "The bus
    # runs every 15 minutes" does not state "... and doesn't run after midnight", so the negation
    # there flips nothing of it
    whole = [u for u in whole if all(_held(part, u) for part in parts_of_claim)]
    parts = [u for u in units if u.clause or u.denied]
    for clause, against in [(claim, whole)] + [(part, parts) for part in parts_of_claim]:
        found = _clause_conflict(clause, against)
        if found is not None:
            return found
    # what a closing ", with ..." adds is a statement of its own for an opposite: "Dray Street is
    # being permanently closed from 8 April, | with diversions signposted via Orchard Road"
    head = _WITH_TAIL.split(claim, maxsplit=1)[0] if not parts_of_claim else claim
    if head != claim:
        return _antonym_conflict(head, _words(head), [u for u in units if u.clause and not u.denied])
    return None


_WITH_TAIL = regex.compile(r",\s++with\s++(?!(?:the\s++)?(?:exception|help|support|aim|goal)\b)", regex.IGNORECASE)


def _held(part: str, unit: _Unit) -> bool:
    """Whether ``unit`` holds at least :data:`MIN_COVERAGE` of a claim statement's words, and does
    not name another thing where the statement names its own (:func:`_named_otherwise`)."""
    words = _words(part)
    return not words or (len(words & unit.words) / len(words) >= MIN_COVERAGE and not _named_otherwise(part, unit.text))


def _applicable(units: list[_Unit], clause: str, words: frozenset[str]) -> list[_Unit]:
    """The units a claim clause is read against: one an exception denies only when the clause
    names the thing excepted and makes no exception of its own ("open every day but Monday")."""
    if not any(u.must or u.unless for u in units):
        return units
    own = EXCEPTION.search(clause) is not None
    return [u for u in units if (not u.must or (not own and u.must <= words)) and not (u.unless and u.unless <= words)]


def _clause_conflict(clause: str, units: list[_Unit]) -> str | None:
    words = _words(clause)
    units = _applicable(units, clause, words)
    if len(words) < 2:
        # one content word: only an antonym reads it ("Sales were down." beside "Sales rose.")
        return _antonym_conflict(clause, words, units) if words else None
    matches = [
        u for u in units
        if u.words
        and len(words & u.words) / len(words) >= (1.0 if len(words) == 2 else MIN_COVERAGE)
        and len(words & u.words) / len(u.words) >= MIN_BACK_COVERAGE
    ]
    # the days any statement names, for a span of the claim widened by a day none names
    # (of a statement of the claim's thing: "The pool closes at 8pm on Sundays" names no day of the
    # family sessions)
    named_days = set().union(*(days_named(u.text) for u in units if not u.denied and _of_the_thing(words, u.words))
                             ) if days_named(clause) else set()
    if matches:  # the closest statement: most of the claim's words, then fewest others
        unit = max(
            matches, key=lambda u: (len(words & u.words) / len(words), len(words & u.words) / len(u.words), u.denied)
        )
        reports = not unit.must and bool(denial_words(clause) - denial_words(unit.text))  # not "cleared of asbestos"
        if (unit.denied and not _negated(clause) and not reports
                and next(_opposites(clause, words, [unit]), None) is None):
            # the source mentions the statement to deny it: a claim that does not report the
            # denial, nor state the opposite ("closed on Mondays" for a denied "open Monday"), asserts it
            return unit.sentence
        if not unit.denied and ((_flipped(clause, unit.text) and not _apart_days(clause, unit.text)
                                 and not _named_otherwise(clause, unit.text))
                                or _swapped(clause, unit.text)):
            return unit.sentence
        near_copy = min(len(words & unit.words) / len(words), len(words & unit.words) / len(unit.words)) >= NEAR_COPY
        if not unit.denied and near_copy and _swapped(clause, unit.text, any_word=True):
            return unit.sentence  # "The authentication service sends requests to the frontend service"
        same = (not unit.denied and len(words & unit.words) / len(unit.words) >= MIN_COVERAGE
                and not _days_differ(clause, unit.text, named_days))
        if same and next(_opposites(clause, words, [unit]), None) is None:
            # a source statement says just this: another's opposite ("cut side up") is another
            # step, unless that one holds more of the claim's other words ("the *new* model fell")
            held = len(words & unit.words) / len(words)
            return next((u.sentence for u, same_thing, cover in _opposites(clause, words, units)
                         if not same_thing and cover > held), None)
    # a short sentence the source denies whole ("Bonfires are not allowed.") is asserted by a claim
    # that holds all its words and says where or when ("Bonfires are allowed on the plots"); not a
    # clause, whose subject or condition is elsewhere ("..., and cannot be passed on", "if you do not file")
    for unit in units if not _negated(clause) else ():
        if (unit.whole and not unit.denied and 2 <= len(unit.words) <= _SHORT_DENIAL and unit.words <= words
                and _negated(unit.text) and _flipped(clause, unit.text)):
            return unit.sentence
    # names swapped inside a longer statement ("Corvin owed Baxter £240,000 ... and ordered payment
    # within 30 days"): the claim's words are all there, the statement holds more
    wide = [u for u in units if u.words and not u.denied and len(words & u.words) / len(words) >= MIN_COVERAGE]
    for unit in sorted(wide, key=lambda u: -len(words & u.words)):
        if _swapped(clause, unit.text):
            return unit.sentence
    # another weekday in the same statement ("6 a.m. Tuesday" for "6 a.m. Monday"), its own words
    # aside: "open on Mondays" beside "open Tuesday through Sunday"; "not open on Sundays" beside
    # "open late on Fridays" is another statement
    days = {w for w in words if days_named(w)}
    # what the claim says happens, not when or how often ("collections | taking place every Saturday morning")
    rest = {w for w in words - days if not ({w, *lemmas(w)} & SCHEDULING) and w not in _WHEN}
    # unless a statement of nothing else speaks of the claim's days ("On Saturdays it opens from
    # 9:00 to 13:00"; "Spin classes are on Mondays" speaks of spin classes)
    own_days = days_named(clause)
    spoken_of = bool(own_days) and any(
        not u.denied and own_days <= days_named(u.text)
        and all(w in words or days_named(w) or w[:1].isdigit() for w in u.words) for u in units
    )
    for unit in units if days and rest and not spoken_of else ():
        held = rest & unit.words
        if (not unit.denied and len(held) / len(rest) >= MIN_COVERAGE and _negated(clause) == _negated(unit.text)
                and _days_differ(clause, unit.text, named_days) and not _named_otherwise(clause, unit.text)):
            return unit.sentence
    return _antonym_conflict(clause, words, units)


_THING_SHARED = 2
"""Content words (days aside) a statement shares with the claim to speak of its thing."""


def _of_the_thing(words: frozenset[str], theirs: frozenset[str]) -> bool:
    """Whether a statement shares :data:`_THING_SHARED` content words, days aside, with the claim."""
    return len({w for w in words & theirs if not days_named(w)}) >= _THING_SHARED


def _apart_days(clause: str, text: str) -> bool:
    """Whether the negated side denies its statement of weekdays the other does not name: "isn't
    open on Mondays — it opens Tuesday to Saturday" beside "is open Tuesday to Saturday" speaks of
    another day, and agrees."""
    denied, other = (clause, text) if _negated(clause) else (text, clause)
    ours = days_named(" ".join(_denied_words(denied)[0]))
    theirs = days_named(other)
    return bool(ours) and bool(theirs) and not ours & theirs


def _named_otherwise(clause: str, text: str) -> bool:
    """Whether a statement names a thing of its own where the claim's clause names another ("On
    Saturdays, Holloway Library opens ..." beside "Ferncliffe Library is open Tuesday to Friday";
    "Kingsway Pharmacy isn't open on Sundays" beside "Parkside Pharmacy ... opens" on Sundays):
    each names something, days aside, the other does not."""
    def names(t: str) -> set[str]:
        return {e.key for e in entities(t) if not days_named(e.text)}

    ours, theirs = names(clause), names(text)
    return bool(ours - theirs) and bool(theirs - ours)


def _days_differ(clause: str, text: str, named: set[int]) -> bool:
    """Whether a statement gives its days otherwise than the claim's clause: another weekday
    (:func:`~lexguard.grounding.signals._weekdays.names_another_day`), or a span widened by a day
    no source statement names (``named``: "Tuesday to Sunday" for "Wednesday to Sunday")."""
    if names_another_day(clause, text):
        return True
    ours, theirs = days_named(clause), days_named(text)
    return bool(theirs) and ours > theirs and not (ours - theirs) & named


def _antonym_conflict(clause: str, words: frozenset[str], units: list[_Unit]) -> str | None:
    """The sentence of the unit that says what ``clause`` says with one word's opposite ("rose"
    for "down"), its other words alike; an opposite that one side negates states the same thing
    ("closed on Mondays" beside "not open on Mondays")."""
    return next((unit.sentence for unit, same, _ in _opposites(clause, words, units) if not same), None)


def _opposites(clause: str, words: frozenset[str], units: list[_Unit]) -> Iterator[tuple[_Unit, bool, float]]:
    """The units that say what ``clause`` says with one word's opposite, each with whether one
    side's negation denies that opposite (so that the two state the same thing) and the share of
    the clause's other words it holds."""
    clause = without_bound_words(clause)  # "more than 30" beside "at least 40": bounds, compared by _bounds
    clause_stems = {key for w in WORD_RUN.findall(clause.lower()) for key in antonym_keys(w)}
    for unit in units:
        unit_raw = WORD_RUN.findall(without_bound_words(unit.text).lower())
        unit_stems = {key for w in unit_raw for key in antonym_keys(w)}
        for raw in dict.fromkeys(WORD_RUN.findall(clause.lower())):
            keys = antonym_keys(raw)  # "rises", "winning", "is buying": by stem and by lemma
            opposites = frozenset().union(*(ANTONYMS.get(key, frozenset()) for key in keys))
            if opposites and not keys & unit_stems and opposites & unit_stems and not opposites & clause_stems:
                rest = words - {_lemma_of(raw), *keys}
                back = unit.words - {_lemma_of(w) for w in unit_raw if antonym_keys(w) & opposites} - opposites
                if (
                    rest
                    and back
                    and len(rest & (unit.words | unit.context)) / len(rest) >= MIN_COVERAGE
                    and len(rest & unit.words) / len(back) >= (
                        MIN_WHOLE_BACK_COVERAGE if len(rest) >= MIN_WHOLE_WORDS and rest <= unit.words
                        else MIN_BACK_COVERAGE)
                    # a subject put back into a clause ("The bridge | but closed to cars") makes a
                    # near-copy of another statement: each side's own word keeps them apart ("cyclists")
                    and not (unit.elided and rest - unit.words and back - rest)
                ):
                    # the opposite of what the source denies states what it says ("closed on Monday"
                    # beside "open every day except Monday"), unless the claim negates it
                    party = next(iter(entities(clause)), None) if keys & {"win", "lose"} else None
                    if party is not None and winner_in(unit.text, party.key) is ("win" in keys):
                        continue  # the unit gives the claim's outcome: "B won" beside "A lost to B"
                    same = _denies_opposite(clause, unit.text, keys | opposites) != unit.denied
                    if keys & CONVERSES and _names_swapped(clause, unit.text):  # "north of" for "south of", names swapped
                        same = not same
                    yield unit, same, len(rest & unit.words) / len(rest)


def _swapped(clause: str, unit: str, any_word: bool = False) -> bool:
    """:func:`swapped_names`, unless the claim says it with a converse opposite of the unit's word
    ("Tressick lies north of Wenlow" beside "Wenlow lies south of Tressick": the same fact)."""
    if not swapped_names(clause, unit, any_word=any_word):
        return False
    unit_stems = {key for w in WORD_RUN.findall(unit.lower()) for key in antonym_keys(w)}
    return not any(keys & CONVERSES and not keys & unit_stems
                   and frozenset().union(*(ANTONYMS.get(k, frozenset()) for k in keys)) & unit_stems
                   for keys in map(antonym_keys, WORD_RUN.findall(clause.lower())))


def _names_swapped(clause: str, unit: str) -> bool:
    """Whether the clause's first two names stand in the unit the other way round."""
    names = list(dict.fromkeys(e.text for e in entities(clause)))[:2]
    if len(names) < 2:
        return False
    at = [unit.find(name) for name in names]
    return all(a >= 0 for a in at) and at[1] < at[0]


def _denies_opposite(clause: str, unit: str, pair: frozenset[str]) -> bool:
    """Whether exactly one of the two is negated and its negation denies the antonym itself: "not
    open" is "closed", so the two state the same thing."""
    if _negated(clause) == _negated(unit):
        return False
    negated = unit if _negated(unit) else clause
    _, heads = _denied_words(negated)
    if _NONE_OF.match(negated):  # "None of the crew died": what is denied is the verb, "died"
        heads = [*heads, *WORD_RUN.findall(negated.lower())]
    return bool({key for head in heads for key in antonym_keys(head)} & pair)


_NONE_OF = regex.compile(r"^\W*(?:none|no\s+one|nobody|neither|not\s+one|no)\b", regex.IGNORECASE)
"""A statement whose subject is denied ("None of the 26 crew members died", "No crew members
died"): it denies its verb."""
