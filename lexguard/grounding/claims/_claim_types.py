"""Claim type: ``fact``, ``opinion`` or ``instruction`` (Self-RAG: only facts are verified).

A rule-based classifier. An *instruction* tells the reader what to do (an imperative opening,
"you should / must / need to", "make sure", "remember to"); an *opinion* is a judgement marked
as one ("I think", "in my opinion", "arguably", "probably the best", evaluative adjectives
without a checkable figure) or what the speaker says of its own taste or reading ("it's one of my
favourites", "I haven't read it myself"); everything else is a *fact*. A claim with a number, a date or a
quotation stays a fact whatever its wording, so "I think it opened in 1937" and "Take one 500 mg
tablet every six hours" are still checked (a wrong dose had passed as an unchecked instruction), and
so does a statement a hedge or an instruction wraps ("I think the tower was designed by ...",
"Remember that the tower ...", "Visit the tower, which was built by ...", "Try Paper Rivers by
Sami Roth, it's folk"): a marker removes only itself.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

import regex

from lexguard._models import Claim
from lexguard.grounding.claims._judgements import JUDGEMENT, hides_a_fact, praises_only
from lexguard.grounding.signals._words import word_kinds

__all__ = ["ClaimType", "classify_claim", "classify_claims", "fact_claims", "mark_unverified"]

ClaimType = Literal["fact", "opinion", "instruction"]

_CHECKABLE = regex.compile(r"\d|[\"“”«»]")
_OPINION_MARKERS = regex.compile(
    r"""\b(
        i\s+(think|thought|believe|feel|guess|suppose|reckon|find|love|like|prefer|hope)
      | in\s+my\s+(opinion|view|experience)
      | (to\s+me|for\s+me|personally|arguably|frankly|honestly)
      | it\s+seems\s+to\s+me
      | (we|i)\s+would\s+(say|argue|recommend)
      | (is|are|was|were)\s+(probably|likely|perhaps|maybe)\s+(the\s+)?(best|worst|most|least|better|worse)
      | (well\s+)?worth\s+(a\s+(visit|look|try|watch|listen|read|trip)|visiting|it|seeing|reading
          |the\s+(trip|visit|wait|price|money|hype|effort|journey|drive|detour))
      | (one\s+of\s+)?my\s+(all[- ]time\s+)?favou?rites?
      | i\s+(have\s+|'ve\s+|had\s+|'d\s+)?(not\s+|never\s+|n't\s+)?(also\s+|really\s+|just\s+|actually\s+)?
        (read|seen|watched|heard\s+of|listened\s+to|tried|played|enjoyed|liked|loved)
      | i\s+(haven't|havent|have\s+not|didn't|did\s+not|don't|do\s+not|never)\s+(read|seen|watched|heard|listened|tried|played|been)
    )\b""",
    regex.IGNORECASE | regex.VERBOSE,
)
_NAME_ONLY = regex.compile(r"\W*(?:(?-i:\p{Lu})[\p{L}'\u2019.-]*+[\s,]*+){1,5}[\W]*")
"""A name alone, what is left of a hedged short answer ("Oona Falk, I believe!")."""
_EVALUATIVE = JUDGEMENT
_SUPERLATIVE_FACT = regex.compile(
    r"\b(best[- ]selling|best[- ]known|best\s+picture|best\s+actor|best\s+actress|finest\s+hour"
    r"|(?-i:(?:Best|Worst|Greatest|Finest)\s+\p{Lu}\p{L}*)"  # a named award or title: "Best New Artist"
    r"|(?:award|prize|oscar|grammy|emmy|bafta|tony|golden\s+globe|nomination|nominated|won|wins|winner)\b[^.!?]{0,40}\bbest)\b",
    regex.IGNORECASE,
)
_INSTRUCTION_MARKERS = regex.compile(
    r"""(^|[,;:]\s*)(please\s+)?(
        you\s+(should|must|need\s+to|have\s+to|ought\s+to|can\s+try|may\s+want\s+to)
      | make\s+sure | be\s+sure\s+to | remember\s+to | don'?t\s+forget | do\s+not | don'?t | never\s+\w+
      | always\s+\w+ | try\s+to | consider\s+\w+ing | avoid\s+\w+ing
    )\b""",
    regex.IGNORECASE | regex.VERBOSE,
)
_IMPERATIVE_VERBS = frozenset(
    """add apply ask avoid book bring buy call check choose click close confirm connect consider
    contact copy create delete disable download drink eat enable enter follow go install keep
    leave let look make note open order pay pick place plan press read remember remove replace
    restart run save see select send set start stay stop take tap try turn type update upgrade
    use visit wait wash wear write""".split()
)
_FIRST_WORD = regex.compile(r"^[\s\"'“‘(\-*•\d.)]*(please\s+)?([A-Za-z]+)\b", regex.IGNORECASE)


_EMBEDDED_STATEMENT = regex.compile(
    r"\b(?:that|which|who|whose|where|because|since)\s+(?:[\w'’-]+\s+){0,6}?"
    r"(?:is|are|was|were|has|have|had|will|can|could|did|does|stands?|lies|opened|built|designed|made)\b",
    regex.IGNORECASE,
)
"""A statement inside an instruction or an opinion ("Remember that the tower was designed by
...", "I love the tower, which is made of wood"): a fact to check, whatever wraps it."""
_FINITE = regex.compile(r"\b(?:is|are|was|were|has|have|had|will|stands?|lies|opened|built|designed|made|founded)\b",
                        regex.IGNORECASE)


def _hedged_fact(stripped: str) -> bool:
    """An opinion marker on a statement of fact ("I think the tower was designed by Napoleon"):
    what is left once the markers are removed states something checkable, not a judgement."""
    rest = _OPINION_MARKERS.sub(" ", stripped)
    if _EVALUATIVE.search(rest) and not _SUPERLATIVE_FACT.search(rest):
        return False
    verb = _FINITE.search(rest)
    if verb is None:
        return False
    # something is said after the verb ("... was designed by Napoleon"), not an adverb alone
    # ("The walk is absolutely [worth a visit]")
    said = [w for w in regex.findall(r"[\p{L}\p{N}]{3,}", rest[verb.end():]) if not w.lower().endswith("ly")]
    return len(said) >= 1 and len(regex.findall(r"[\p{L}\p{N}]{3,}", rest[:verb.start()])) >= 1


def classify_claim(text: str, sources: Sequence[str] | None = None) -> ClaimType:
    """Classify one claim as ``fact``, ``opinion`` or ``instruction``.

    Args:
        text: The claim.
        sources: The sources' texts, when known: a judgement said of a name they do not hold ("a
            wonderful museum in Rome") is a fact to check (:func:`_relates`).

    Example:
        >>> classify_claim("The Golden Gate Bridge opened in 1937.")
        'fact'
        >>> classify_claim("In my opinion the view is the best in town.")
        'opinion'
        >>> classify_claim("Book your tickets online to skip the queue.")
        'instruction'
    """
    stripped = text.strip()
    if not stripped:
        return "fact"
    match = _FIRST_WORD.match(stripped)
    first = match.group(2).lower() if match else ""
    embedded = _EMBEDDED_STATEMENT.search(stripped) is not None  # a fact inside the wrapper is checked
    checkable = bool(_CHECKABLE.search(stripped))  # "Take one 500 mg tablet every six hours": a dose to check
    states = embedded or checkable or _instruction_states(stripped, sources)
    if first in _IMPERATIVE_VERBS and not regex.match(rf"^\W*{first}\s+(is|are|was|were|has|have)\b", stripped, regex.I):
        return "fact" if states else "instruction"
    if _INSTRUCTION_MARKERS.search(stripped):
        return "fact" if states else "instruction"
    if _OPINION_MARKERS.search(stripped) and not checkable:
        unmarked = _OPINION_MARKERS.sub(" ", stripped)  # "He translated it, I believe": the statement is read
        judged = (embedded or _hedged_fact(stripped) or hides_a_fact(unmarked, possession=False)
                  or _NAME_ONLY.fullmatch(unmarked) is not None)  # "Oona Falk, I believe!": a hedged answer
        return "fact" if judged or _names_unknown(stripped, sources) else "opinion"
    if _EVALUATIVE.search(stripped) and not checkable and not _SUPERLATIVE_FACT.search(stripped):
        judged = (embedded or _relates(stripped, sources) or _wraps_a_descriptor(stripped) or hides_a_fact(stripped)
                  or _NAMED_CLAUSE.search(stripped) is not None)
        return "fact" if judged or _names_unknown(stripped, sources) else "opinion"
    return "opinion" if praises_only(stripped) and not _names_unknown(stripped, sources) else "fact"


_DEEDS = r"\p{Ll}+ed|wrote|won|made|sang|sings|stars|plays|played"
_DID = rf"(?:also\s+)?(?:{_DEEDS})\b"
_DOES = rf"(?:also\s+)?(?:{_DEEDS}|is|was|are|were|has|had)\b"
_NAMED_CLAUSE = regex.compile(
    rf"(?:[,;:\u2014\u2013]\s*+(?:and\s+|but\s+)?|\s(?:and|but)\s+)"
    rf"(?:(?-i:\p{{Lu}}\p{{Ll}}+)(?:\s+(?-i:\p{{Lu}}\p{{Ll}}+)){{0,3}}\s+{_DID}|(?:he|she|they|it)\s+{_DOES}[^,.;!?]*?\s(?-i:\p{{Lu}}))",
    regex.IGNORECASE)
"""A clause after a judgement that states a fact of a name: "Harrow Lane is lovely, *Milo Dunne
directed it*", "..., and *she also wrote Cold Harbour*" (read as an opinion, a wrong director had
gone unchecked)."""


_INNER_NAME = regex.compile(r"(?<=[\p{L}\p{N},;:)]\s++)(?!I\b)(?-i:\p{Lu}[\p{L}'\u2019-]*)(?:\s+(?-i:\p{Lu}[\p{L}'\u2019-]*))*")


_POSSESSIVE = regex.compile(r"['\u2019]s?$")


_RECOMMENDS = regex.compile(r"^\W*(?:(?:then|so|maybe|definitely)\W+)?(?:try|watch|read|visit|listen\s+to|check\s+out|see)\s+"
                         r"(?-i:\p{Lu})", regex.IGNORECASE)
_LABELLED = regex.compile(r":\s*+[^:.!?]*?\b(?:is|are|was|were|has|have|had|will|can|grows?|contains?)\b", regex.IGNORECASE)
"""A statement after an instruction's label ("Choose the right vegetables: some are easier to grow
...")."""
_CREDIT = regex.compile(r"\bby\s+(?-i:\p{Lu})")
_OWN_CLAUSE = regex.compile(
    r"[,;:\u2014\u2013]\s*(?:and\s+)?(?:it|he|she|they|this|that)(?:['\u2019](?:s|re)|\s+(?:is|are|was|were|has|had|won|wrote|stars))\b",
    regex.IGNORECASE)


def _instruction_states(text: str, sources: Sequence[str] | None) -> bool:
    """Whether an instruction states a fact of what it points at: a credit ("Try Paper Rivers *by
    Sami Roth*"), a clause of its own ("..., *it's folk*"; after a label's colon) or, recommending a
    named thing, a name the sources do not hold ("Try Larkspur Lane"; not "Consider using a lazy
    Susan"): a recommendation that carried a wrong maker or genre had passed unchecked."""
    recommends = _RECOMMENDS.match(text) is not None and _names_unknown(text, sources)
    return bool(_CREDIT.search(text) or _OWN_CLAUSE.search(text) or _LABELLED.search(text)) or recommends


def _names_unknown(text: str, sources: Sequence[str] | None) -> bool:
    """Whether a judgement names someone or something the sources (when known) do not hold:
    "though their keeper *Ansel Crowther* is pretty great too" says who their keeper is, a fact to
    check, where "Elodie Marsh is wonderful in it" judges a name the sources give."""
    if not sources:
        return False
    words = {_POSSESSIVE.sub("", word) for found in _INNER_NAME.finditer(text) for word in found.group().split()}
    # a source word that begins with it holds it ("Bea" of "Beatrix", "Achterberg's" of "Achterberg")
    return any(not any(regex.search(rf"(?<!\w){regex.escape(word)}", source) for source in sources) for word in words if word)


_RELATED = regex.compile(r"\b(?:by|from|in)\s+(?P<name>(?-i:\p{Lu}\p{Ll}+)(?:\s+(?-i:\p{Lu}\p{Ll}+))*)", regex.IGNORECASE)


def _relates(text: str, sources: Sequence[str] | None = None) -> bool:
    """Whether a judgement ("wonderful", "amazing") is said of a statement that relates its
    subject to a place or a maker by name: "The Louvre is a wonderful museum *in Rome*", "The
    Shining is an amazing horror novel *by Dean Koontz*"; a fact to check (it was an opinion, never
    checked), unlike "They are an amazing band" or "The restaurant serves delicious Italian food"
    (a judgement of what the sources describe, where RAGTruth's reviews made more such claims
    flagged than caught). With ``sources`` (their texts), only a name they do not hold counts: "a
    highly regarded business in Santa Barbara" beside a record of a Santa Barbara business stays
    a judgement."""
    names = [m.group("name") for m in _RELATED.finditer(text)]
    if sources is None or not names:
        return bool(names)
    return any(not any(regex.search(rf"(?<!\w){regex.escape(name)}(?!\w)", source, regex.IGNORECASE) for source in sources)
               for name in names)


def classify_claims(claims: Sequence[Claim], sources: Sequence[str] | None = None) -> tuple[ClaimType, ...]:
    """The type of each claim, in order (``sources``: their texts, see :func:`classify_claim`)."""
    return tuple(classify_claim(c.text, sources) for c in claims)


def fact_claims(claims: Sequence[Claim]) -> tuple[Claim, ...]:
    """Only the claims that state facts (the ones the support check should verify)."""
    return tuple(c for c in claims if classify_claim(c.text) == "fact")


def mark_unverified(claims: Sequence[Claim]) -> tuple[Claim, ...]:
    """Clear ``support`` / ``supported`` of opinion and instruction claims (``None``: not
    checked), so they neither count as hallucinations nor lower the confidence."""
    return tuple(
        c if classify_claim(c.text) == "fact" else c.model_copy(update={"support": None, "supported": None})
        for c in claims
    )


_JUDGED_THING = regex.compile(
    r"\b(?:beautiful|amazing|awesome|wonderful|stunning|breathtaking|lovely|impressive|charming|magnificent|gorgeous"
    r"|fantastic|incredible|delicious|fascinating|pleasant|excellent|perfect|ugly|terrible|awful|horrible|boring)\s+"
    r"(?P<descriptor>[\p{L}-]+)\s+(?P<thing>[\p{L}]+)",
    regex.IGNORECASE,
)


def _wraps_a_descriptor(text: str) -> bool:
    """Whether a judgement wraps a word that states a kind ("What a beautiful *cantilever* bridge",
    "a stunning *coastal* railway"): the judgement is an opinion, the kind a fact to check."""
    for found in _JUDGED_THING.finditer(text):
        written = found.group("descriptor")
        descriptor, thing = written.lower(), found.group("thing").lower()
        if _EVALUATIVE.fullmatch(descriptor) or descriptor in ("and", "or", "but", "little", "new", "old", "big", "small"):
            continue
        kinds, thing_kinds = word_kinds(descriptor), word_kinds(thing)
        kind_word = bool(kinds & {"ADJ", "NOUN"}) or (written[0].isupper() and not kinds)  # "coastal", "cantilever", "Italian"
        if kind_word and "NOUN" in thing_kinds and "ADJ" not in thing_kinds:
            return True
    return False
