"""Values bound to their place: a claim's number, date or name must be the one its evidence gives.

The strict rules ask whether a claim's numbers and names occur *anywhere* in the sources, so a year
of another prize in the same source, or a person from another document, passed them: "Curie won
the Nobel Prize in Chemistry in 1903" against "Curie won the Nobel Prize in Physics in 1903. She
won a second, in Chemistry, in 1911." holds only values the source holds.

:func:`misplaced_values` reads each value of a claim against its *anchor*: the evidence sentence
that best holds the rest of the claim (its other values and its relation words). The value is
misplaced when the anchor does not hold it, no sentence that holds it fits the rest of the claim
as well, and the anchor holds a rival of the same kind that the claim does not give (another
year, another amount of the same unit, another name): the anchor is then the evidence that
contradicts the claim. A value the anchor does not speak about (no rival) is left to the other
rules: an answer may join facts from two sentences.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

import regex

from lexguard.grounding.signals._dates import month_of
from lexguard.grounding.signals._entities import entities
from lexguard.grounding.signals._events_named import claim_verb, states_event, tells_event
from lexguard.grounding.signals._references import names_a_source
from lexguard.grounding.signals._other_source import claim_subject, held_by_another, named_subject, subject_elsewhere
from lexguard.grounding.signals._place_swaps import place_swap
from lexguard.grounding.signals._anchoring import same_words_after, same_words_before
from lexguard.grounding.signals._lexical import Mention, content_words, key_value, numbers
from lexguard.grounding.signals._negation import negated
from lexguard.grounding.signals._qualified import MIN_ANCHOR, for_its_time, qualified_elsewhere, qualified_ranges
from lexguard.grounding.signals._relatives import relative_pieces
from lexguard.grounding.signals._value_neighbours import held_with_its_words, told_with_other_words
from lexguard.grounding.signals._weekdays import days_named
from lexguard.grounding.signals._doers import (
    another_source_fits, described, full_name, given, is_doer, kin, modifier_held, one_word_swap, possessor, speaker_only,
    same_document, same_slot_rival, titled_as_given,
)
from lexguard.grounding.signals._statement_clauses import clauses_of
from lexguard.grounding.signals._statement_values import (
    OtherValues, in_compared_set, in_range, meets_its_bound, names_an_item, placed_with_values, written_lower,
)
from lexguard.grounding.signals._statements import (
    PRONOUN_START,
    Facts,
    coded_words,
    fit,
    number_class,
    relation_words,
    sentence_facts,
)

__all__ = ["MIN_ANCHOR", "Misplaced", "misplaced_values"]


@dataclass(frozen=True, slots=True)
class Misplaced:
    """A claim value its anchor sentence gives otherwise.

    Attributes:
        mention: The claim's number, date or name.
        kind: ``"number"`` or ``"name"``.
        evidence: The anchor sentence (it holds the rest of the claim and a rival value).
    """

    mention: Mention
    kind: str
    evidence: str


def misplaced_values(claim: str, index: Any, best_chunks: list[int], person: str | None = None) -> list[Misplaced]:
    """The claim's numbers and names that their anchor evidence gives otherwise, read statement by
    statement (:func:`_clauses`): in "Seniors get in free on Tuesdays, and children pay $25" the
    $25 is read with "children pay", not with the seniors' statement.

    Args:
        claim: The claim text.
        index: The source index.
        best_chunks: The claim's best chunks (anchors are looked for there), best first.
        person: Who a "he" or "she" opening the claim is, named before it
            (:func:`~lexguard.grounding.claims._antecedents.people_meant`): "She won the
            Brightwater Music Prize" after "Has Ressa Lund won anything?" is read as Ressa Lund's.
    """
    # a consequence after ", so" is a statement of its own ("..., so remember to bring your inhaler")
    parts = [p for part in clauses_of(claim) for p in _CONSEQUENCE.split(part) if p.strip()]
    # a statement is read whole, and each of its relative clauses once more as a statement about
    # the name before it (the values of the rest of the statement no rivals of it)
    relatives = [relative_pieces(part) for part in parts]
    told = _PERSON_LEAD.match(parts[0]) if person else None  # "Yes, she | won the ..." after "Has Ressa Lund ...?"
    if len(parts) < 2 and not relatives[0] and told is None:
        return _misplaced_in(claim, index, best_chunks)
    out: list[Misplaced] = []
    start = 0
    subject = person if told is not None else named_subject(parts[0])
    for n, part in enumerate(parts):
        offset = claim.find(part, start)
        start = offset + len(part)
        # the subject a statement leaves out is the last one named ("..., while FlexFit Studio costs
        # £35 a month | and is open from 6am")
        subject = (named_subject(_CONNECTIVE_LEAD.sub("", part)) or subject) if n else subject
        # a statement that leaves its subject to the first ("Flat 3C has ... and | rents for £1,150"),
        # or names it by a pronoun ("Ledgerly Basic lets you ..., and it | includes payroll")
        pronoun = _PRONOUN_LEAD.match(part) if n and subject else told if not n else None
        if n and pronoun and subject == person:  # "..., and they | won the cup": "they" is not "she"
            pronoun, subject = None, None
        body = part[pronoun.end():] if pronoun else part
        lead = f"{subject} " if (n or pronoun) and subject and (pronoun or _LEFT_OUT.match(part)) else ""
        found = _misplaced_in(lead + body, index, best_chunks)
        out += _placed(found, lead, offset + len(part) - len(body), -1)
        if pronoun:  # the subject given to another by the pronoun that names it ("and | it | includes payroll")
            at = offset + pronoun.start("it")
            out += [replace(item, mention=replace(item.mention, span=(at, at + len(pronoun.group("it")))))
                    for item in found if item.kind == "name" and item.mention.span[1] < len(lead)]
        inner = offset
        for piece, antecedent in relatives[n]:  # "..., who | joined the band in 2018"
            at = claim.find(piece, inner)
            inner = at + len(piece)
            lead = f"{antecedent} "
            named_at = claim.rfind(antecedent, 0, at)
            out += _placed(_misplaced_in(lead + piece, index, best_chunks, part), lead, at, named_at)
    return list(dict.fromkeys(out))


def _placed(found: list[Misplaced], lead: str, offset: int, named_at: int) -> list[Misplaced]:
    """Misplaced values of ``lead + statement`` with their spans in the claim: the statement starts
    at ``offset``; a name of ``lead`` counts only where the lead is the name a relative clause is
    said of (at ``named_at``), read against a statement with a subject of its own (the carried
    subject's values are read with the first statement)."""
    out = []
    for item in found:
        a, b = item.mention.span
        if a >= len(lead):
            a, b = a - len(lead) + offset, b - len(lead) + offset
        elif named_at >= 0 and b < len(lead) and item.kind == "name" and item.evidence[:1].isupper():
            a, b = a + named_at, b + named_at  # not against a clause whose subject is elsewhere ("dating X, ...")
        else:
            continue
        out.append(replace(item, mention=replace(item.mention, span=(a, b))))
    return out


_CONSEQUENCE = regex.compile(
    r",\s++so\s++(?!(?:that|far|much|many|long|as)\b)"
    r"|,\s++as\s++(?!(?:a\s++result|expected|planned|usual|well|such|of|part|many|much|long|soon|far|if|though|follows"
    r"|always|ever|before|opposed|reported|noted|shown|mentioned|described|required|needed|necessary|possible|it|he|she"
    r"|they|we|i|you)\b|an?\s++\p{L}+\s++(?:of|for)\b)(?=\p{L})",
    regex.IGNORECASE,
)
"""Where a statement of its own starts inside a sentence part: a consequence after ", so"
("..., so remember to bring your inhaler"), a cause after ", as" ("Prices are down 2.1 per cent,
the steepest drop since 2012, | as an average mortgage rate of 5.4 per cent squeezes buyers"; not
", as a result", ", as expected", ", as he said" nor ", as a member of ...", which say how the first
statement holds)."""
_CONNECTIVE_LEAD = regex.compile(r"^\s*+(?:(?:and|but|while|whereas|although|though)\s++)?", regex.IGNORECASE)
_PRONOUN_LEAD = regex.compile(r"^\s*+(?:(?:and|but|so)\s++)?(?P<it>it|they)\s++(?=\p{Ll})")
_PERSON_LEAD = regex.compile(
    r"^\s*+(?:(?:yes|yeah|yep|no|nope|well|oh|actually|indeed|sure)\b[,!.]?\s*+)*(?P<it>he|she)(?:['\u2019]s)?\s++(?=\p{Ll})",
    regex.IGNORECASE,
)
"""A "he" or "she" opening a claim, after an answer word ("Yes, she | won ...")."""
_LEFT_OUT = regex.compile(r"^\s*(?:and\s+|but\s+)?(?-i:\p{Ll}+)(?<!\bthe|\ba|\ban|\bits|\btheir|\bthis|\bit|\bthey"
                          r"|\bif|\bwhen|\bunless|\bbecause|\balthough|\bthough|\bwhile|\bwhere|\bonce|\bsince|\buntil"
                          r"|\bas|\bso|\byour|\bour|\bmy)\s")
"""A statement that leaves its subject to the first ("... and | rents for £1,150"); not a clause
with a subject of its own ("if your black bin is collected on Christmas Day, it ...")."""


def _misplaced_in(claim: str, index: Any, best_chunks: list[int], whole: str = "") -> list[Misplaced]:
    """The values of one statement that its anchor evidence gives otherwise.

    Args:
        claim: The claim text.
        index: The source index.
        best_chunks: The claim's best chunks (anchors are looked for there), best first.
        whole: The sentence part the statement was cut from with its relative clauses, whose
            values and names are no rivals of it ("surpassing Governor Reeves, | who has raised
            $5.1 million": $5.1 million is given).
    """
    coded = coded_words(claim)
    # "3C" of "Flat 3C" names the item the statement is about (:func:`coded_words`): no value of
    # its own, but a word every value of the statement is read with; "(Passage 3)" names a source
    every = [m for m in numbers(claim) if not names_an_item(claim, m, coded) and not names_a_source(claim, m)]
    nums = [m for m in every if not in_range(claim, m)]
    names = [e for e in entities(claim) if not in_compared_set(claim, e.span[0]) and not written_lower(claim, e, index)]
    if not every and not names or not best_chunks:
        return []
    facts = sentence_facts(index)
    ends = [m for m in every if in_range(claim, m)]
    ranged = [Misplaced(m, "number", text) for m, text in qualified_ranges(claim, ends, facts, best_chunks)]
    if not nums and not names and not ends:
        return ranged
    claim_names = [set(e.key.split()) for e in [*names, *(entities(whole) if whole else [])]]
    values: list[tuple[Mention, str, frozenset[str]]] = [
        (m, "number", frozenset({f"#{m.key}"})) for m in nums
    ] + [(e, "name", frozenset(content_words(e.text))) for e in names]
    value_tokens = frozenset().union(*(t for _, _, t in values)) | coded
    base_relation = relation_words(claim) - value_tokens - {w for m in nums for w in content_words(m.text)}
    claim_keys = {k for m in [*nums, *(numbers(whole) if whole else [])] for k in (m.key, *m.alts)}
    claim_tokens = relation_words(claim) | value_tokens
    anchors = [f for f in facts if f.chunk in set(best_chunks)]
    subject = claim_subject(claim)  # a named subject ("Castelmoro has ..."): a value another document's subject holds is not its
    out = ranged
    rests = OtherValues(values, coded)
    for mention, kind, own in values:
        if not own:
            continue
        # the claim's other values: not a number's other readings ("20 April" is a date, a day 20 and
        # a month); a name keeps the date it is part of ("April" of "April 8")
        rest = rests.of(mention, kind, own)
        # what an apposition says of a name is no relation of it ("by the mayor, Cllr Dev Sharma")
        relation = base_relation - described(claim, mention) if kind == "name" else base_relation
        if kind == "number":  # "On Sundays it leaves at 7am" beside "On Sundays the first sailing is at 9am"
            qualified = qualified_elsewhere(claim, mention, rest, relation, anchors, claim_keys)
            if qualified is not None:
                out.append(Misplaced(mention, kind, qualified.text))
                continue
        scored = [(fit(rest, relation, f), -f.extra(claim_tokens), f) for f in anchors]
        best, closeness, anchor = max(scored, key=lambda item: item[:2], default=(0.0, 0, None))
        if anchor is None or best < MIN_ANCHOR:
            if anchor is not None and kind == "number" and subject and not _holds(anchor, mention, kind, own) and (
                    held_by_another(index, anchor.chunk, [f.chunk for f in facts if _holds(f, mention, kind, own)],
                                    subject)):
                out.append(Misplaced(mention, kind, anchor.text))  # the value is another document subject's
            elif kind == "number" and (after := _rival_after(claim, mention, anchors, facts, own, claim_keys)):
                out.append(Misplaced(mention, kind, after))  # "25% over budget" beside "20% over budget"
            continue
        if (_holds(anchor, mention, kind, own) or (kind == "name" and _short_form(anchor, mention))) and not (
                speaker_only(anchor.text, mention)):
            if kind == "number" and (told := _told_otherwise(claim, mention, anchor, anchors, rest, relation, claim_keys) or (
                    told_with_other_words(claim, mention, anchor.tokens | anchor.carried, [(f.text, f.tokens, f.classes, f.names) for f in anchors
                                                                         if f is not anchor], number_class(claim, mention), claim_keys))):
                out.append(Misplaced(mention, kind, told))  # "re-elected in 2017" beside "served since 2017"; "in Chemistry in 1903"
            continue
        holders = [f for f in facts if _holds(f, mention, kind, own) and not (f.text == anchor.text and kind == "name")]
        held = max(((fit(rest, relation, f), -f.extra(claim_tokens)) for f in holders), default=None)
        if held is None or held >= (best, closeness) or (
                held[0] >= best and another_source_fits(index, anchor, holders, best, rest, relation)):
            continue  # the value is in no source (the other rules), or a statement holding it fits as well
            # (one of another source as well as the anchor: the sources disagree)
        if kind == "number" and for_its_time(claim, anchor, holders):
            continue  # "On Saturdays ... until 13:00": the statement for Saturdays holds it, the weekday one not
        if kind == "name" and not full_name(mention) and same_document(index, anchor, holders) and not (
                one_word_swap(claim, mention, anchor, index) or place_swap(claim, mention, anchor, claim_names)):
            continue  # a place, a title or part of a name that document gives whole ("in Kenya", "Jill")
        if kind == "name":
            if _name_moved(claim, mention, anchor, holders, claim_names, index) and not placed_with_values(
                    [f.tokens for f in holders], {m.key for m in every}):  # "Threadlines" where its 46 works are
                out.append(Misplaced(mention, kind, anchor.text))
        elif ((_rival(anchor, claim, mention, kind, claim_keys, claim_names, [f.text for f in holders])
               and (states_event(claim, anchor.text, anchor.carried) or _other_value(rest, anchor))) or (  # "since 2018" is no rival of "re-elected in 2022"
                subject and held_by_another(index, anchor.chunk, [f.chunk for f in holders], subject))) and not (
                held_with_its_words(claim, mention, anchor.tokens | anchor.carried, [f.tokens for f in holders])):  # "an original 2020 budget of £323m"
            out.append(Misplaced(mention, kind, anchor.text))
    placed = {item.mention for item in out}
    return out + _held_elsewhere(index, [m for m in every if m not in placed], anchors, facts,
                                 subject or _only_name(claim))


def _told_otherwise(claim: str, mention: Mention, anchor: Facts, anchors: list[Facts], rest: frozenset[str],
                    relation: frozenset[str], claim_keys: set[str]) -> str | None:
    """The statement of the claim's event (:func:`tells_event`; it may hold less of the rest than an
    anchor: "She was re-elected in June 2021") giving another value, where the anchor tells of another."""
    if claim_verb(claim, sure=True) is None or tells_event(claim, anchor.text, anchor.carried):
        return None
    return next((f.text for f in anchors if f is not anchor and tells_event(claim, f.text, f.carried, sure=True)
                 and _about_it(f, rest, relation) and not _holds(f, mention, "number", frozenset({f"#{mention.key}"}))
                 and _rival(f, claim, mention, "number", claim_keys, [])), None)


def _other_value(rest: frozenset[str], anchor: Facts) -> bool:
    """Whether the anchor holds another number or month of the claim ("July" of "version 2.6, released
    in July"): it states the claim's statement, in other words than its verb."""
    return any((token.startswith("#") or month_of(token) is not None) and token in anchor.tokens for token in rest)


def _about_it(facts: Facts, rest: frozenset[str], relation: frozenset[str]) -> bool:
    """Whether a statement of the claim's event is about its subject: it holds half the rest of the
    claim, or names nothing but dates and holds most of its relation ("the outbreak was declared over")."""
    named = [n for n in facts.names if month_of(n) is None and not days_named(n)]
    return fit(rest, relation, facts) >= MIN_ANCHOR - 0.1 or (not named and fit(frozenset(), relation, facts) >= MIN_ANCHOR)


def _held_elsewhere(
    index: Any, mentions: list[Mention], anchors: list[Facts], facts: list[Facts], subject: str
) -> list[Misplaced]:
    """The claim's numbers that only sources about another subject than the claim's named one
    hold, while a source about the claim's subject is among its evidence
    (:func:`~lexguard.grounding.signals._other_source.held_by_another`, read from each evidence
    statement): "Kingsway Pharmacy is open ..., and on Sundays from 10 am to 2 pm" beside a
    document about Kingsway Pharmacy and "For Sunday needs, Parkside Pharmacy ... opens from 10 am
    to 2 pm" (the statement that fits the rest of the claim best was Parkside's)."""
    if not subject or not mentions or not anchors:
        return []
    homes = list(dict.fromkeys(f.chunk for f in anchors))
    out = []
    for mention in mentions:
        own = frozenset({f"#{mention.key}"})
        holders = [f for f in facts if _holds(f, mention, "number", own)]
        if holders and any(held_by_another(index, chunk, [f.chunk for f in holders], subject) for chunk in homes):
            out.append(Misplaced(mention, "number", holders[0].text))
    return out


def _only_name(claim: str) -> str:
    """The one name a statement gives, days and months aside ("'Paper Kites'" of "Evening
    performances of 'Paper Kites' begin at 7:30pm"), else "": what the statement is about when its
    words before the verb name nothing alone; the name must stand before its values."""
    names = [e for e in entities(claim) if not days_named(e.text) and month_of(e.text) is None]
    first = next(iter(numbers(claim)), None)
    # before the statement's values, as its subject ("It starts at 7pm at the lifeboat station,
    # which is on Quay Street" is not about Quay Street)
    return names[0].text if len(names) == 1 and first is not None and names[0].span[1] <= first.span[0] else ""


def _name_moved(
    claim: str, mention: Mention, anchor: Facts, holders: list[Facts], claim_names: list[set[str]], index: Any
) -> bool:
    """Whether a claim name its anchor does not hold is misplaced there: the anchor gives another
    name in its place (:func:`~lexguard.grounding.signals._doers.same_slot_rival`) that the claim
    does not give, or the anchor is about another source's subject and the name does what it says
    (:func:`~lexguard.grounding.signals._other_source.subject_elsewhere`); never in a statement that
    denies what its anchor states (the name is not given the anchor's statement)."""
    if negated(claim) and not negated(anchor.text) or modifier_held(claim, mention, holders):
        return False  # "Kingsway Pharmacy isn't open on Sundays" takes nothing of Parkside's Sunday hours
    # "Head librarian Tom Farrant cut the ribbon": a claim's subject may carry the title a source
    # gives that person ("head librarian Tom Farrant launched ...")
    titled = titled_as_given(claim, mention, holders)
    if same_slot_rival(claim, mention, anchor, claim_names, titled=titled):
        return _rival(anchor, claim, mention, "name", set(), claim_names)
    topic = anchor.carried if PRONOUN_START.match(anchor.text) else frozenset()  # "She is known for ..."
    elsewhere = subject_elsewhere(index, anchor.chunk, anchor.names, topic, mention.text,
                                  [f.chunk for f in holders], claim_names)
    return (is_doer(claim, mention.span[0]) and not possessor(claim, mention) or titled) and elsewhere


def _holds(facts: Facts, mention: Mention, kind: str, own: frozenset[str]) -> bool:
    if kind == "number":
        return own <= facts.tokens
    if facts.profile.has_entity(mention.key, mention.text) or (PRONOUN_START.match(facts.text) and own <= facts.carried):
        return True  # "His tour Small Print ran ..." after "Dev Karnik is a comedian.": his
    bare = mention.text.replace(".", "")  # "US" and "U.S."
    return bool(bare) and regex.search(rf"(?<!\w){regex.escape(bare)}(?!\w)", facts.text.replace(".", "")) is not None


def _short_form(facts: Facts, mention: Mention) -> bool:
    """Whether a statement names a person by the first or the last word of the claim's name alone
    ("Heather decided to move back" for "Heather Stevens"), no other name of it holding that word
    ("Mabel Crump" is another Crump; the claim's own name, carried from before, is none)."""
    words = mention.text.split()
    if len(words) < 2:
        return False
    for word in (words[0], words[-1]):
        if (word[:1].isupper() and regex.search(rf"(?<![\w-]){regex.escape(word)}(?![\w-])", facts.text)
                and not any(word.lower() in name.split() for name in facts.names if name != mention.key and " " in name)):
            return True
    return False


def _rival_after(claim: str, mention: Mention, anchors: list[Facts], facts: list[Facts], own: frozenset[str],
                 claim_keys: set[str]) -> str | None:
    """The evidence statement that gives another value before the words the claim writes after its
    own (:func:`~lexguard.grounding.signals._anchoring.same_words_after`), where no statement fits
    the rest of the claim well enough to anchor it; not a bound the claim's value meets ("more than 900")."""
    holders = [f.text for f in facts if _holds(f, mention, "number", own)]
    return next((f.text for f in anchors if same_words_after(claim, mention, f.text, claim_keys, holders)
                 and not any(meets_its_bound(f.text, key, key_value(mention.key)) for key in f.classes)), None)


def _rival(anchor: Facts, claim: str, mention: Mention, kind: str, claim_keys: set[str], claim_names: list[set[str]],
           holders: Sequence[str] = ()) -> bool:
    """Whether the anchor gives another value of the same kind that the claim does not.

    A name counts as given as :func:`~lexguard.grounding.signals._doers.given` says (not a kin of
    the claim's name: "Mabel Crump" for "Elias Crump"); a number when its key is the claim's and
    it measures the same kind of thing, or stands after the words the claim writes before its own
    value where no statement holding the claim's value writes them so (``holders``).
    """
    if kind == "number":
        wanted = number_class(claim, mention)
        # a bare count of a clause that leaves its noun to the first one ("the west wing has 85"
        # after "... has 120 beds") counts that noun
        elided = wanted.startswith("count ") and wanted[6:] in anchor.carried
        met = {key for key in anchor.classes if meets_its_bound(anchor.text, key, key_value(mention.key))}  # "more than 900"
        return (bool(wanted) and any((cls == wanted or (elided and not cls)) and key not in claim_keys | met
                                     for key, cls in anchor.classes.items())) or (  # is no rival of 934
            not met and same_words_before(claim, mention, anchor.text, claim_keys, holders))
    own = set(mention.key.split())
    return any(not given(set(name.split()), own, claim_names, kin_of=kin(name, mention.key))
               for name in (*anchor.names, *anchor.subject))
