"""Two names the sources never pair, each paired there with another in the same relation.

"Tomas Brezny is with the Rivergate Falcons" beside "Lena Okafor plays for the Rivergate
Falcons. Tomas Brezny plays for the Highmoor Stags.": both names are in the sources, the claim
has no relation word for the anchor rules to weigh ("is with"), and the verifier, reading both
sentences, called it supported. The sources state one relation ("plays") twice, Tomas Brezny
with the Highmoor Stags and Lena Okafor with the Rivergate Falcons: the claim crossed the two
pairs. :func:`crossed_pair` finds such a statement:

- it names exactly two things, not as a list ("Ines Marlow and Owen Prewitt are both in their
  squad" names two players of one club);
- no source statement names both (else the pair is given, and what the claim says of it is the
  other rules' and the verifier's to read);
- a statement names the first with a third name, another names a fourth with the second, the
  two share a word of what they say ("plays"), and the claim's two names stand on its two sides
  there (one plays, the other is played for): the sources give each its own partner in the same
  relation. Two names on the same side ("Tomas Brezny met Lena Okafor", both players) are no
  crossing of it.

An answer that joins two statements about one thing ("Stephen Curry led the Warriors", beside
"The Warriors beat the Cavaliers" and "Stephen Curry scored 30 points") is no crossing: its two
statements share no relation word. Only short statements are read (:data:`SHORT_STATEMENT`).
"""

from __future__ import annotations

from typing import Any

import regex

from lexguard.grounding.claims._antecedents import Meant
from lexguard.grounding.signals._credit_roles import credits, roles_in, same_role
from lexguard.grounding.signals._dates import month_of
from lexguard.grounding.signals._demonyms import places_of
from lexguard.grounding.signals._entities import entities
from lexguard.grounding.signals._lexical import Mention, content_words
from lexguard.grounding.signals._statement_clauses import clauses_of
from lexguard.grounding.signals._statements import Facts, sentence_facts
from lexguard.grounding.signals._weekdays import days_named
from lexguard.grounding.signals._words import lemmas, word_kinds

__all__ = ["SHORT_STATEMENT", "crossed_pair", "given_to_sibling", "other_relation"]

SHORT_STATEMENT = 12
"""Most words of a source statement these rules read: one relation, as knowledge triples and
records state it ("Tomas Brezny plays for the Highmoor Stags."). On news articles, longer
sentences paired names loosely and the rules refused correct summaries."""

_PERSON = regex.compile(r"(?<![\p{L}'\u2019])(?:he|she|him|her)(?![\p{L}])", regex.IGNORECASE)
_IT = regex.compile(r"(?<![\p{L}'\u2019])(?:it|they|them|(?:that|this)\s+one)(?![\p{L}])", regex.IGNORECASE)
_PRONOUN = regex.compile(r"he|she|him|her|it|they|them|(?:that|this)\s+one", regex.IGNORECASE)

_BY = regex.compile(r"\s+by\b", regex.IGNORECASE)
_COORDINATED = regex.compile(r"[,;]|\b(?:and|but|while|whereas)\b", regex.IGNORECASE)
"""Words between two names that join two relations, not one between them."""
_FROM = regex.compile(r"\b(?:is|are|was|were|comes?|came)\W+from\b", regex.IGNORECASE)
"""Where one is from, as triples say it ("X, is from, Y")."""
_LISTED = regex.compile(r"^\W*(?:and|or|as\s+well\s+as|together\s+with|with)?\W*$", regex.IGNORECASE)
"""What stands between two names of a list ("A and B", "A, B", "Paramount+ and Pluto TV"), not a
relation between them."""


def crossed_pair(claim: str, index: Any, meant: Meant | None = None) -> tuple[Mention, str] | None:
    """The claim's second name and the source statement that pairs the first with another, when
    the claim crosses two pairs the sources give in one relation (see the module), else ``None``.

    ``meant`` is who the claim's "he" or "she" is and what its "it" is, named before the claim
    (:class:`~lexguard.grounding.claims._antecedents.Meant`): "He's with the Rivergate Falcons"
    after "Which team does Tomas Brezny play for?" names him.
    """
    facts = list({f.text: f for f in sentence_facts(index)}.values())
    for clause, offset, first, second in _pairs_named(claim, meant):
        found = _crossing(first, second, facts)
        if found is not None:
            a, b = second.span
            return Mention(second.text, (a + offset, b + offset), second.key, second.alts), found
    return None


def other_relation(claim: str, index: Any, meant: Meant | None = None) -> tuple[Mention, str] | None:
    """The claim's name the sources give another role, and the source statement that gives the claim's relation to
    another, when the sources pair the claim's two names in another relation only: "Ruth Penhale
    wrote The Tin Observatory" beside "The Tin Observatory is starring Ruth Penhale" and "The Tin
    Observatory is written by Corbin Ashgrove". The claim's verb ("wrote", read as "write") is in
    no statement naming both, each of those has a verb of its own ("starring") and no role word of
    the claim's credit ("is the author of" credits as "wrote" does), and a statement gives that verb
    to one of the two with a third name on its other side.

    Where no statement gives the claim's relation to another, a credit the sources give in another
    role only is refused too: "Ruth Penhale directed The Tin Observatory" (she stars in it; no one
    directed it, in the sources), the claim's statement being the one that credits her otherwise
    (:mod:`~lexguard.grounding.signals._credit_roles`). A relation that is no credit ("met",
    "visited") is the verifier's to read.
    """
    facts = list({f.text: f for f in sentence_facts(index)}.values())
    for clause, offset, first, second in _pairs_named(claim, meant):
        both = [f for f in facts if _holds(f, first) >= 0 and _holds(f, second) >= 0]
        verbs = _verbs(clause, (first, second))
        if not verbs:
            continue
        claimed = roles_in(clause, [first.span, second.span])  # "is the author of" credits as "wrote" does
        if not both or any(_verbs(f.text) & verbs or not _verbs(f.text) or not _short(f)
                           or same_role(claimed, roles_in(f.text, [e.span for e in entities(f.text)])) for f in both):
            continue
        for f in facts:
            if f in both or not _short(f):
                continue
            for name, other in ((first, second), (second, first)):
                at = _holds(f, name)
                side = _side(f, at, verbs) if at >= 0 else None
                own = _side_in(clause, name.span[0], verbs)  # "They play at X" is no "Y plays for them"
                if side is not None and side[1] and (own is None or own[0] == side[0]):  # the sources give
                    # the relation to another than ``other``
                    a, b = other.span
                    return Mention(other.text, (a + offset, b + offset), other.key, other.alts), f.text
    two = {(first.span, second.span) for _, _, first, second in _pairs_named(claim, meant)}
    for clause, offset, first, second in _pairs_named(claim, meant, adjacent=True):
        both = [f for f in facts if _holds(f, first) >= 0 and _holds(f, second) >= 0]
        credited, wrong = _other_credit(clause, (first, second), both), first
        if credited is None and not both and (first.span, second.span) in two:  # a clause of two names only
            credited = _credited_to_another(clause, first, second, facts, meant)
            if credited is None:  # "Paper Rivers by Juno Albrecht": the maker is the wrong one
                credited, wrong = _made_by_another(clause, first, second, facts), second
        if credited is not None:
            a, b = wrong.span
            return Mention(wrong.text, (a + offset, b + offset), wrong.key, wrong.alts), credited
    return None


def _credited_to_another(
    clause: str, first: Mention, second: Mention, facts: list[Facts], meant: Meant | None
) -> str | None:
    """The short statement that gives the claim's credit for one of its names to a third name,
    when no statement names the two together: "Aurelio Brandt wrote that one" of The Salt Hours
    beside "Ines Varga-Lowe wrote The Salt Hours". The third name is none the claim names or
    means by a pronoun ("It's a Western directed by Anya Roszak": "it" is the film she directed)."""
    a, b = sorted((first, second), key=lambda m: m.span[0])
    between = clause[a.span[1] : b.span[0]]
    if _COORDINATED.search(between):
        return None  # "It's directed by Sunniva Ekdahl and stars Dorian Pell": two relations of "it"
    claimed = roles_in(clause, [first.span, second.span] + [e.span for e in entities(clause)])
    if not claimed:
        return None
    for name, work in ((first, second), (second, first)):
        for f in facts:
            if not _short(f) or _holds(f, work) < 0 or _holds(f, name) >= 0:
                continue
            said = (meant.person, meant.thing) if meant is not None else ()
            named = entities(clause) + [e for name in said if name for e in entities(name)]
            others = [e for e in entities(f.text) if not _same_name(e, work) and not any(_same_name(e, n) for n in named)]
            if others and same_role(claimed, roles_in(f.text, [e.span for e in entities(f.text)])):
                return f.text
    return None


_MADE_BY = regex.compile(r"^\W*(?:(?:is|was|are|were)\s+)?(?:(?:a|an|the)\s+(?:[\p{L}-]+\s+){1,2})?by\s+$", regex.IGNORECASE)
"""What stands between a work and its maker: "Paper Rivers *by* Sami Roth", "*is an album by*"."""
_MAKES = frozenset("release write direct compose record produce create develop publish paint design sing perform make "
                   "build".split())


def _made_by_another(clause: str, work: Mention, maker: Mention, facts: list[Facts]) -> str | None:
    """The short statement that gives the claim's work ("Paper Rivers by Juno Albrecht") another
    maker, when no statement names the two together: "Sami Roth released Paper Rivers" (a verb of
    making between the maker and the work), "Paper Rivers is written by Sami Roth" (the maker
    after "by"). The verifier, reading the maker's bandmate beside the work, called it supported
    (0.98): a bare "by" names no role for :func:`_credited_to_another` to weigh."""
    if _MADE_BY.match(clause[work.span[1] : maker.span[0]]) is None:
        return None
    for f in facts:
        at = _holds(f, work)
        if at < 0 or not _short(f):
            continue
        for other in entities(f.text):
            if _same_name(other, work) or _same_name(other, maker):
                continue
            between = f.text[other.span[1] : at] if other.span[0] < at else f.text[at : other.span[0]]
            made = {lemma for w in regex.findall(r"\p{L}+", between) for lemma in lemmas(w.lower())} & _MAKES
            if (other.span[0] < at and made) or (other.span[0] > at and regex.search(r"\bby\s+(?:the\s+)?$", between, regex.IGNORECASE)):
                return f.text
    return None


def given_to_sibling(claim: str, index: Any, meant: Meant | None = None) -> tuple[Mention, str] | None:
    """The claim's name the sources give to a sibling of its other name, and the statement that
    does: "Ashes Over Kestrel Bay took the Halden Prize" beside "The Glass Meridian won award
    Halden Prize" where Tomasz Wielgórski wrote both books. No statement names the claim's two
    names together, a short one gives the second to a third name, and that third and the claim's
    first stand in one relation to a fourth ("wrote", "written by": the two are of one kind, the
    author's two books), never to each other. The verifier, reading a prize and a book of the same
    author, called the swap supported (0.92). An author said to have won his book's prize names
    the book's maker, not its sibling, and is left to the verifier.
    """
    facts = [f for f in {f.text: f for f in sentence_facts(index)}.values() if _short(f)]
    for clause, offset, first, second in _pairs_named(claim, meant, adjacent=True):
        if any(_holds(f, first) >= 0 and _holds(f, second) >= 0 for f in facts):
            continue  # the sources pair them: the other rules read what they say of it
        for name, given in ((first, second), (second, first)):
            for f in facts:
                if _holds(f, given) < 0 or _holds(f, name) >= 0:
                    continue
                for holder in entities(f.text):
                    if not _same_name(holder, given) and _siblings(name, holder, facts):
                        a, b = given.span
                        return Mention(given.text, (a + offset, b + offset), given.key, given.alts), f.text
    return None


def _same_name(found: Mention, name: Mention) -> bool:
    return bool(set(found.key.split()) & set(name.key.split()))


def _siblings(name: Mention, other: Mention, facts: list[Facts]) -> bool:
    """Whether ``name`` and ``other`` stand in one relation (a verb of one base form) to a third
    name, and no statement names the two together."""
    with_name = [f for f in facts if _holds(f, name) >= 0]
    if any(_holds(f, other) >= 0 for f in with_name):
        return False
    for f in with_name:
        for g in facts:
            if g is f or _holds(g, other) < 0:
                continue
            shared = [e for e in entities(f.text) if not _same_name(e, name)
                      and any(_same_name(e, x) for x in entities(g.text) if not _same_name(x, other))]
            if shared and _verbs(f.text) & _verbs(g.text):
                return True
    return False


def _other_credit(clause: str, names: tuple[Mention, Mention], both: list[Facts]) -> str | None:
    """The statement that credits the two names in another role only, when every short statement
    naming both names a role and none the claim's ("She directed The Salt Road" beside "Elodie
    Marsh starred in The Salt Road"): :mod:`~lexguard.grounding.signals._credit_roles`."""
    claimed = roles_in(clause, [n.span for n in names] + [e.span for e in entities(clause)])
    if not claimed or not both:
        return None
    if not all(_short(f) for f in both):  # a sentence of several credits: the role each name is given
        return next((f.text for f in both if _credited_otherwise(claimed, names, f.text)), None)
    given = [roles_in(f.text, [e.span for e in entities(f.text)]) for f in both]
    if all(given) and not any(same_role(claimed, roles) for roles in given):
        return both[0].text
    return None


def _credited_otherwise(claimed: frozenset[str], names: tuple[Mention, Mention], text: str) -> bool:
    """Whether a sentence credits one of the two names with another role than ``claimed`` and
    another name with the claimed one ("directed by Paul Ostrander and starring Nadia Ferro" for
    "Nadia Ferro directed it")."""
    given = credits(text, [(e.span, e.key) for e in entities(text)])
    for name in names:
        own = set(name.key.split())
        mine = [roles for key, roles in given.items() if own <= set(key.split())]
        if mine and not any(same_role(claimed, roles) for roles in mine) and any(
                same_role(claimed, roles) for key, roles in given.items() if not own <= set(key.split())):
            return True
    return False


def _pairs_named(claim: str, meant: Meant | None, *, adjacent: bool = False) -> list[tuple[str, int, Mention, Mention]]:
    """Each clause of the claim that names two things (not as a list), with its offset and the two.

    With ``adjacent``, a clause naming three or more also gives each two names next to each other
    with words between them, the clause cut to those words ("She directed The Long Verandah, which
    Anselm Birke wrote": she and The Long Verandah, "directed"; The Long Verandah and Anselm Birke,
    ", which"), and "he" or "she" (or "it") counts as the person (or thing) it stands for beside other names.
    """
    out = []
    for clause in clauses_of(claim):
        offset = claim.find(clause)
        names = [e for e in entities(clause) if not days_named(e.text) and month_of(e.text) is None
                 and not (" " not in e.text and places_of(e.text))]  # "an Irish writer": a people word, no party
        if meant is not None and (len(names) == 1 or adjacent):
            names = _with_meant(clause, names, meant)
        if len(names) == 2 and not _LISTED.match(clause[names[0].span[1] : names[1].span[0]]):
            out.append((clause, offset, names[0], names[1]))
        elif adjacent and len(names) > 2:
            for first, second in zip(names, names[1:]):
                between = clause[first.span[1] : second.span[0]]
                if not _LISTED.match(between) and regex.search(r"\p{L}", between):
                    out.append((" " * first.span[0] + clause[first.span[0] : second.span[1]], offset, first, second))
    return out


def _verbs(text: str, names: tuple[Mention, ...] = ()) -> set[str]:
    """The base forms of the text's verbs (no auxiliary, no word of a name): "write" of "wrote"."""
    spans = [n.span for n in names] + [e.span for e in entities(text)]
    out: set[str] = set()
    for token in regex.finditer(r"\p{L}+", text):
        if any(a <= token.start() < b for a, b in spans):
            continue
        kinds = word_kinds(token.group().lower())
        if "VERB" in kinds and "AUX" not in kinds:
            out.update(lemmas(token.group().lower()))
    return out


def _with_meant(clause: str, names: list[Mention], meant: Meant) -> list[Mention]:
    """The clause's names with the person its first "he" or "she" stands for and the thing its
    first "it" (or "they") stands for, at the pronoun (when no name of the clause is that one)."""
    out = list(names)
    for pattern, name in ((_PERSON, meant.person), (_IT, meant.thing)):
        pronoun = pattern.search(clause) if name else None
        named = entities(name) if name else []
        if pronoun is None or len(named) != 1 or any(set(n.key.split()) & set(named[0].key.split()) for n in names):
            continue
        out.append(Mention(pronoun.group(), pronoun.span(), named[0].key, named[0].alts))
    return sorted(out, key=lambda m: m.span[0])


def _short(facts: Facts) -> bool:
    """Whether a statement is short enough to state one relation (a knowledge triple, a record's
    line): a long sentence of an article names many things in many relations, and two of its
    names that share a word of it need not be one relation's two ends."""
    return len(facts.text.split()) <= SHORT_STATEMENT


def _holds(facts: Facts, name: Mention) -> int:
    """Where the statement names ``name`` (-1: nowhere)."""
    if not facts.profile.has_entity(name.key, name.text if not _PRONOUN.fullmatch(name.text) else None):
        return -1
    found = next((e for e in entities(facts.text) if set(e.key.split()) & set(name.key.split())), None)
    return found.span[0] if found else -1


def _relation(facts: Facts) -> set[str]:
    """The statement's words besides its names, with a "from" that states where one is from
    ("Ressa Lund, is from, Maddox Point": no content word says it)."""
    named = {w for e in entities(facts.text) for w in content_words(e.text)}
    origin = {"from"} if _FROM.search(facts.text) else set()
    return (set(content_words(facts.text)) - named) | origin


def _side(facts: Facts, at: int, words: set[str]) -> tuple[int, bool] | None:
    """Which side of the statement's first word of ``words`` the name at ``at`` stands (``-1``
    the doer's, ``1`` the other's: a passive's "by" turns them), and whether another name stands
    on the other side; ``None`` when the statement holds none of the words."""
    return _side_in(facts.text, at, words)


def _side_in(text: str, at: int, words: set[str]) -> tuple[int, bool] | None:
    for token in regex.finditer(r"[\p{L}\p{N}'\u2019-]+", text):
        if (set(content_words(token.group())) | set(lemmas(token.group().lower())) | {token.group().lower()}) & words:
            side = -1 if at < token.start() else 1
            other = any((e.span[0] > token.end()) if side < 0 else (e.span[1] <= token.start())
                        for e in entities(text))
            passive = _BY.match(text, token.end()) is not None  # "is written by Corbin Ashgrove"
            return -side if passive else side, other
    return None


def _crossing(first: Mention, second: Mention, facts: list[Facts]) -> str | None:
    """The statement pairing ``first`` with another, when another pairs ``second`` with another
    by a word they share, the two on the relation's two sides, and none names both."""
    with_first: list[tuple[Facts, int]] = []
    with_second: list[tuple[Facts, int]] = []
    for f in facts:
        at_first, at_second = _holds(f, first), _holds(f, second)
        if at_first >= 0 and at_second >= 0:
            return None  # the sources pair them
        if at_first >= 0:
            with_first.append((f, at_first))
        elif at_second >= 0:
            with_second.append((f, at_second))
    for fa, at_a in with_first:
        if not _short(fa):
            continue
        said = _relation(fa)
        for fb, at_b in with_second:
            if not _short(fb):
                continue
            shared = said & _relation(fb)
            a, b = _side(fa, at_a, shared), _side(fb, at_b, shared)
            if a is not None and b is not None and a[1] and b[1] and a[0] != b[0]:
                return fa.text
    return None
