"""Claims that say more than their evidence: a hedge dropped, a quantifier raised, an order reversed.

"Drinking green tea lowers the risk" against "studies suggest drinking green tea *may* lower the
risk"; "*All* of the houses were damaged" against "*Some* of the houses"; "She moved to Boston
*before* she finished medical school" against "*After* finishing medical school, she moved to
Boston". Every content word of such a claim is in its evidence sentence, so word coverage and
similarity call it supported. :func:`overstatement` finds the evidence sentence that states the
claim's content with a hedge or a weaker quantifier the claim drops, or in the other order.
"""

from __future__ import annotations

import regex

from lexguard.grounding.claims._passages import passage_sentences
from lexguard.grounding.signals._clauses import clauses
from lexguard.grounding.signals._excepted import EXCEPTION
from lexguard.grounding.signals._frequencies import EVERY, more_often
from lexguard.grounding.signals._hedge_scopes import dropped_hedge, proved_for_suggested
from lexguard.grounding.signals._lexical import STOPWORDS, _stem, numbers
from lexguard.grounding.signals._shares import share_reading
from lexguard.grounding.signals._words import WORD, adverb_only, base_verb, describes_only, lemmas

__all__ = ["HEDGES", "MIN_BACK_COVERAGE", "MIN_COVERAGE", "QUANTIFIERS", "overstatement"]

MIN_COVERAGE = 0.75
"""Share of the claim's content words (hedges and quantifiers aside) the evidence sentence holds."""

MIN_BACK_COVERAGE = 0.4
"""Share of the evidence sentence's content words the claim holds: the sentence states the
claim's statement, not a paragraph that happens to hold its words (a hedge there may qualify
something else)."""

HEDGES = regex.compile(
    r"\b(?:may|might|could|possibly|probably|perhaps|likely|unlikely|suggests?|suggested|believed?|believes|"
    r"think|thinks|thought|expected|(?<=\b(?:is|are|was|were|been)\s)considering|estimated|estimates?(?=\s+(?:that|it)\b)|(?:appears?|appeared|seems?|seemed)(?=\s+(?:to|that|as\s+if|likely)\b)|"
    r"can(?=\s+(?:cause|trigger|lead\s+to|result\s+in|worsen|damage|harm)\b)|potentially|reportedly|allegedly|(?<!\bas\s+\w+\s+as\s+)(?<!\bnot\s)possible|(?<!\b(?:cancel\w*|scrap\w*|postpone\w*|abandon\w*|shelve\w*|drop\w*|halt\w*|delay\w*|call\w*\s+off)\s+(?:a|an|the|its|their|his|her)\s+)planned|(?<!\b(?:a|an|the|this|that|its|their|our|his|her|cafeteria|pension|health|business)\s+)plans?|intends?)\b",
)
"""Words that make a statement uncertain or not yet done (lower case: "May" is a month; see
:func:`_hedged`); "considering" only after "is" ("the council is considering extending ..."), not
"Considering the cost, ..."; "plan" not after an article or a kind of plan ("a cafeteria plan"), "planned" not after a verb that
stops it ("cancel a planned tour": the cancelling is certain), "possible"
not in "as close as possible"; "can" only before an effect ("can cause mild headaches"). "Appear" and "seem" hedge only before "to", "that" or "as if": "tended to
appear in monster films" says where he acted."""

_CERTAIN = regex.compile(r"\b(?:definitely|certainly|always|proven|proves?|confirmed|will)\b", regex.IGNORECASE)

QUANTIFIERS: dict[str, int] = {
    "none": 0, "no": 0, "nobody": 0,
    "few": 1, "handful": 1, "minority": 1, "some": 1, "several": 1, "part": 1, "fraction": 1, "certain": 1,
    "selected": 1, "participating": 1,
    "many": 2, "numerous": 2, "half": 2,
    "most": 3, "majority": 3, "mostly": 3,
    "all": 4, "every": 4, "each": 4, "whole": 4, "entire": 4, "everyone": 4, "everything": 4, "always": 4,
}  # fmt: skip
"""Quantity words by strength (none < some < many < most < all)."""
_QUANTIFIER = regex.compile(r"\b(?:" + "|".join(QUANTIFIERS) + r")\b", regex.IGNORECASE)
_IGNORED = frozenset(
    {*QUANTIFIERS, "may", "might", "could", "possibly", "probably", "perhaps", "likely", "suggest", "suggested",
     "believe", "believed", "expected", "estimated", "definitely", "certainly", "studies", "stud", "research",
     "researchers", "researcher", "data", "analyst", "analysts", "official", "officials", "team", "possible",
     "only", "original", "part"}
)


_CLAIM_HEDGES = regex.compile(
    r"\b(?:could|can|should|set\s+to|seen\s+as|considered|regarded|viewed|said|says|reported|according|claims?|claimed|"
    r"believing|suggesting|expecting|thinking|accus(?:ed|es|ing)|alleg(?:ed|es|ing|ation|ations)|charged|"
    r"suspect(?:ed|s)?|statements?|stated|states|mention(?:ed|s)?|noted|notes|potential(?:ly)?|speculation|"
    r"hop(?:es?|ed|ing|eful)|explain(?:s|ed)?|felt|feels?|criticis(?:e|es|ed)|criticiz(?:e|es|ed)|predict\w*|forecast\w*|"
    r"rumou?r(?:s|ed)?|expects?|expecting|unclear|uncertain|estimat(?:es?|ed|ing|ions?)|possibilit(?:y|ies)|"
    r"(?:yet|still)\s+to\s+be)\b"
    r"|^\W*\p{L}[\p{L}'\u2019.&-]*+\s+(?:\p{Lu}[\p{L}'\u2019.&-]*+\s+){0,5}to\s+(?!(?:the|a|an|be|this|that)\b)\p{Ll}+"
)
"""A claim that says "could", "should", "is set to", "is seen as", "reportedly", "believing" or "is accused of" keeps the
evidence's uncertainty too ("could" alone is no hedge in a source: it is also the past of "can"), as does one that
reports a statement as someone's ("Slager's statement that Scott took his stun gun", "some have mentioned that
...", "she explains how ...", "they felt ...") or a potential, a hope, a forecast or a rumour; so does one
that says a thing is yet to be done ("dates that have yet to be announced") and a headline's "Council to
switch off 9,000 lights", which states a plan."""

_LEAVE = regex.compile(
    r"\b(?:may|might|could|can)\s+(?:be\s+\w+(?:ed|en)|have\s+to|want\s+to|need\s+to|wish\s+to)\b"
    r"|\byou\s+(?:intend|plan|want|wish)\s+to\b"
)
"""A modal that gives leave or a need ("may be gathered", "you may have to contact"), or the reader's
own intent ("the area you intend to cover"), not a doubt."""
_LEAD = regex.compile(r"^\W*(?:(?:for|if|when|once|to|in|on|after|before|during)\b[^,]{0,80},\s*)?(?P<verb>[\p{L}]+)\s+(?P<next>[\p{L}]+)", regex.IGNORECASE)
_LOOSE_OBJECT = frozenset({"with", "any", "some", "to", "for", "on", "in", "into", "at", "from", "by"})
_OBJECT = frozenset({"the", "a", "an", "your", "our", "this", "these", "those", "its", "their", "them", "it", "if",
                     "whether", "what", "how", "all", "any", "each", "every", "up", "out", "off", "down"})


def _instruction(claim: str, *, loose: bool = False) -> bool:
    """Whether a claim is an instruction ("Determine if the artist has a deal ...", "For other seeds,
    gather them when ..."): a verb's base form opens it (after a leading "For ...," or "If ...,"
    phrase), before an object. A source's "may" beside it gives leave ("seeds may be gathered when
    ..."), not a doubt the instruction drops (:data:`_LEAVE`). ``loose`` also takes a verb before
    a preposition or a quantity ("Coordinate with your vendors", "Contact any company")."""
    match = _LEAD.match(claim)
    return (match is not None and base_verb(match.group("verb").lower())
            and (match.group("next").lower() in _OBJECT or (loose and match.group("next").lower() in _LOOSE_OBJECT)))


_NO_HEDGE_AFTER = regex.compile(r"\s*+(?:not|never)\b|n[\u2019']t\b")
_FIRST_PERSON = regex.compile(r"\b(?:i|we)\s+(?:\w+\s+)?$")
_HEAD = regex.compile(r"[^,;:.!?()]{0,160}")
_VALUE_NEXT = regex.compile(r"\s++(?:at\s++|to\s++be\s++)?(?:[$\u00a3\u20ac]\s*+)?\d")
"""A number after "estimated" ("an estimated 31 days", "estimated at $2 million"): the hedge is the
value's, read by the value rules (:mod:`._bounds`), not the statement's."""
_LIGHT = frozenset({"show", "indicate", "depict", "feature", "involve", "reveal", "represent", "mean", "help"})
"""Verbs that pass a hedge on to what they name ("appeared to show sharks swimming ...", "is thought
to help prevent injuries")."""


def _qualifies(text: str, claim_words: set[str]) -> bool:
    """Whether a hedge of ``text`` qualifies what the claim says: the first content word after it
    (adverbs aside: its head, "may *cause* drowsiness") is one of the claim's words, or no word
    follows it in its clause ("..., officials believe."). "allegedly driven by Hernandez" does not
    hedge a claim about the SUV that never says who drove it, "hoping to leverage all possible
    resources" not "has called for FBI involvement". "could not" is "was unable to", and a
    reviewer's "I thought the decor was pleasing" gives an opinion, not a doubt."""
    text = text[:1].lower() + text[1:]
    for match in HEDGES.finditer(text):
        if _no_doubt(text, match):
            continue
        clause = _HEAD.match(text, match.end()).group()
        words = [w for w in WORD.findall(clause.lower())
                 if w not in STOPWORDS and len(w) > 1 and not adverb_only(w) and not _LIGHT & set(lemmas(w))]
        if not words and text[match.end() + len(clause) : match.end() + len(clause) + 1] == ":":
            continue  # "They may include: a new lump ...": the hedge leads in a list, not an item's words
        if not words or _stem(words[0]) in claim_words or set(lemmas(words[0])) & claim_words:
            return True
    return False


def _no_doubt(text: str, match: regex.Match[str]) -> bool:
    """Whether a hedge word of a source text (first letter in lower case) doubts nothing: "could not"
    is "was unable to", a reviewer's "I thought" gives an opinion, and "an estimated 31 days" makes
    the value an estimate, which the value rules read."""
    if match.group() == "could" and _NO_HEDGE_AFTER.match(text, match.end()):
        return True
    if match.group() in ("think", "thought", "believe", "believed") and _FIRST_PERSON.search(text[: match.start()].lower()):
        return True
    return match.group() == "estimated" and _VALUE_NEXT.match(text, match.end()) is not None


def _no_doubt_or_leave(text: str, match: regex.Match[str]) -> bool:
    """:func:`_no_doubt`, or a modal that gives leave or a need ("you may have to contact ...")."""
    return _no_doubt(text, match) or _LEAVE.match(text, match.start()) is not None


def _certain(text: str) -> bool:
    """Whether a source statement says its content is certain ("confirmed", "will"); a "will" after
    a hedge is in its scope ("The contractor estimates that the repairs will take eight weeks")."""
    lowered = text[:1].lower() + text[1:]
    first_hedge = HEDGES.search(lowered)
    return any(m.group() != "will" or first_hedge is None or m.start() < first_hedge.start()
               for m in _CERTAIN.finditer(text))


def _hedged(text: str, *, claim: bool = False) -> bool:
    """Whether ``text`` holds a hedge (its first word read in lower case)."""
    text = text[:1].lower() + text[1:]
    return HEDGES.search(text) is not None or (claim and _CLAIM_HEDGES.search(text) is not None)


def _words(text: str) -> set[str]:
    """Content words by first lemma ("causes" and "cause" are one word), hedges and quantifiers aside."""
    return {_lemma(w) for w in WORD.findall(text.lower()) if w not in STOPWORDS and len(w) > 1
            and _stem(w) not in _IGNORED and w not in _IGNORED and not HEDGES.fullmatch(w)}


def _lemma(word: str) -> str:
    found = lemmas(word)
    return found[0] if found else _stem(word)


def _lemma_words(text: str) -> set[str]:
    """The lemmas of a text's words ("drove" -> "drive"), to meet a hedge's head written another way."""
    return {lemma for w in WORD.findall(text.lower()) for lemma in lemmas(w)}


_NOT_QUANTITY = regex.compile(
    r"\b(?:each\s+other|one\s+another|(?:each|every)\s+(?:year|month|week|hour|minute|season|term)"
    r"|no\s+(?:more|less|fewer|longer|later|earlier|sooner|greater|larger|smaller|matter|doubt))\b",
    regex.IGNORECASE,
)
"""Words that state no quantity: "each other", a rate ("two paid days each year" is "two a year"), a
bound ("no more than 16 inches apart")."""
_NEXT_WORD = regex.compile(r"\s+([\p{L}]+)")


def _quantity_of(text: str, match: regex.Match[str]) -> int | None:
    """The strength of one quantity word: none for a superlative's "most" ("the most basic", "most
    repressive"), "some" for "not all"."""
    word = match.group().lower()
    if word == "most":
        after = _NEXT_WORD.match(text, match.end())
        if text[: match.start()].lower().endswith("the ") or (after and describes_only(after.group(1).lower())):
            return None
    if QUANTIFIERS[word] == QUANTIFIERS["all"] and text[max(0, match.start() - 4) : match.start()].lower() == "not ":
        return QUANTIFIERS["some"]
    return QUANTIFIERS[word]


_SHARE = regex.compile(r"\b(?P<n>\d{1,3}(?:\.\d+)?)\s*(?:%|per\s?cent\b)(?!\s+(?:more|less|fewer|higher|lower|up|down)\b)",
                       regex.IGNORECASE)


def _share_quantity(match: regex.Match[str]) -> int:
    """A share as a quantity word: "8%" is few, "62%" most, "100%" all."""
    share = float(match.group("n"))
    return 4 if share >= 100 else 3 if share > 50 else 2 if share == 50 else 1 if share > 0 else 0


_PART_OF = regex.compile(r"\b(?P<n>[\w-]+)\s+(?:out\s+)?of\s+(?:the|its|their|his|her)\s+"
                         r"(?:(?:roughly|about|around|some|nearly|almost|approximately)\s+)?(?P<m>[\w-]+)\b", regex.IGNORECASE)
"""A part of a counted whole: "four of the eleven songs", "two of its three factories", "85 of the
roughly 200 spaces"."""


def _part_quantity(match: regex.Match[str]) -> int | None:
    """A part of a whole as a quantity word: "four of the eleven" is few, "all eleven" aside; ``None``
    when either side is no whole number ("one of the oldest")."""
    part, whole = numbers(match.group("n")), numbers(match.group("m"))
    if len(part) != 1 or len(whole) != 1 or not part[0].key.isdigit() or not whole[0].key.isdigit():
        return None
    n, m = int(part[0].key), int(whole[0].key)
    if not 0 < n <= m:
        return None
    return 4 if n == m else 3 if 2 * n > m else 2 if 2 * n == m else 1


def _quantity(text: str) -> int | None:
    """The strongest quantity a text states ("each other" states none; a share of people or things,
    "only 8% said ...", counts as the quantity word it amounts to)."""
    text = _NOT_QUANTITY.sub(" ", text)
    found = [q for m in _QUANTIFIER.finditer(text) if (q := _quantity_of(text, m)) is not None]
    found += [_share_quantity(m) for m in _SHARE.finditer(text)]
    found += [q for m in _PART_OF.finditer(text) if (q := _part_quantity(m)) is not None]
    if not found:
        return None
    # "all flights but one", "every day except Monday": not all
    return 3 if max(found) == 4 and EXCEPTION.search(text) is not None else max(found)


def overstatement(claim: str, passages: list[str]) -> str | None:
    """The evidence sentence a claim overstates (a hedge or a weaker quantifier dropped), if any.

    Args:
        claim: The claim text.
        passages: The claim's best evidence chunks, best first.

    Returns:
        The sentence that holds at least :data:`MIN_COVERAGE` of the claim's content words (and
        whose own content words the claim holds at least :data:`MIN_BACK_COVERAGE` of), and
        states them with a hedge the claim drops ("may lower" / "lowers"), or with a quantifier
        weaker than the claim's ("some" / "all"; "all but one" is not "all"), or less often ("every
        year" for "every two years"); ``None`` otherwise.
    """
    # a claim of several statements overstates when one of them does ("The path collapsed after
    # the rains, so the council fenced it off" beside "... could collapse after the rains"); a
    # claim's clause is read against the sources' clauses: a hedge in another clause of the
    # sentence ("we may have sold 100 units at $4, and these cost us $3 each") is not its own
    own = list(passage_sentences(claim))
    if len(own) > 1:  # a claim of two sentences: each read alone (a hedge of one is not the other's)
        return next(filter(None, (overstatement(sentence, passages) for sentence in own)), None)
    if share_reading(claim, passages) is not None:
        return None  # "won a majority" beside "54% of the vote": a share the percentage reads (:mod:`._shares`)
    sentences = [s for p in passages for s in passage_sentences(p)]
    whole = _overstated(claim, [(_words(s), s, s) for s in sentences])
    if whole is not None:
        return whole
    claim_parts = clauses(claim)
    if not claim_parts:
        return None
    # "Officials believe the fire started in the kitchen, and that it then spread ...": all hedged,
    # but a quantity stays what it is ("The majority noted that ... most of which" for "many of which")
    reported = _hedged(claim_parts[0].strip(), claim=True)
    # each read once; a sentence whole too, after its clauses, for a claim clause that holds more
    # than one of them ("selected branches, including ..., will open on Saturdays")
    parts = [(_words(c), c, s) for s in sentences for c in [*clauses(s), s]]
    found = next(filter(None, (_overstated(part, parts, hedges=not reported) for part in claim_parts)), None)
    if found is not None or reported:
        return found
    if _instruction(claim, loose=True):
        return _less_often(claim, sentences)  # "Drain the fluid: allow it to drain" beside "will likely allow ..."
    return (dropped_hedge(claim, claim_parts, sentences, hedges=HEDGES, hedged=_hedged, skip=_no_doubt_or_leave)
            or proved_for_suggested(claim, sentences) or _less_often(claim, sentences))


_PHRASE = regex.compile(r"[^,;:()\u2013\u2014]+")
_FREQUENCY_WORDS = frozenset({"every", "two", "three", "four", "other", "second", "third", "few"})
MIN_FREQUENCY_SHARED = 2
"""Content words (the frequency's aside) a phrase of the claim shares with the sentence it says more often."""


def _less_often(claim: str, sentences: list[str]) -> str | None:
    """The source sentence that says less often what a phrase of a long claim says "every <unit>":
    "the brown bin, which is collected every week from March to November, ..." beside "collects
    garden waste every two weeks from March to November". The phrase (between commas) shares at
    least :data:`MIN_FREQUENCY_SHARED` content words and half of its own with that sentence, and
    no source sentence that says "every <unit>" plainly shares as many."""
    for phrase in _PHRASE.findall(claim):
        if not any(not m.group("n") for m in EVERY.finditer(phrase)):
            continue
        words = _words(EVERY.sub(" ", phrase)) - _FREQUENCY_WORDS
        fits = [(len(words & _words(s)), s) for s in sentences]
        fits = [(n, s) for n, s in fits if n >= max(MIN_FREQUENCY_SHARED, len(words) / 2)]
        plain = [n for n, s in fits if any(not m.group("n") for m in EVERY.finditer(s))]
        spaced = [(n, s) for n, s in fits if more_often(phrase, s)]
        if spaced and max(n for n, _ in spaced) > max(plain, default=0):
            return max(spaced)[1]
    return None


def _overstated(claim: str, statements: list[tuple[set[str], str, str]], *, hedges: bool = True) -> str | None:
    """The source sentence ``claim`` overstates among ``statements``: (words, text, sentence)
    triples, a sentence or one of its clauses (the text is read, its sentence returned); with
    ``hedges`` false, by its quantity or frequency only (a claim that reports what was said)."""
    words = _words(claim)
    if len(words) < 2:
        return None
    claim_hedged = not hedges or _hedged(claim.strip(), claim=True)
    claim_quantity = _quantity(claim)
    best: tuple[float, str, str] | None = None
    for theirs, text, sentence in statements:
        shared = len(words & theirs)
        held = shared / len(words)
        fits = theirs and held >= MIN_COVERAGE and shared / len(theirs) >= MIN_BACK_COVERAGE
        if fits and (best is None or held > best[0]):
            best = (held, text, sentence)
    if best is None:
        return None
    _, text, sentence = best
    if not claim_hedged and _qualifies(text, _words(claim) | _lemma_words(claim)) and not _certain(text):
        if not (_instruction(claim) and not HEDGES.search(_LEAVE.sub(" ", text[:1].lower() + text[1:]))):
            return sentence
    source_quantity = _quantity(text)
    if claim_quantity is not None and source_quantity is not None and claim_quantity > source_quantity:
        return sentence
    return sentence if more_often(claim, text) else None
