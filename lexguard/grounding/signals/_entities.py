"""Names in a text: runs of capitalised words that are not ordinary words capitalised by place.

A crude but dependency-free name finder (:func:`entities`), used by the strict name rule and the
support features. A sentence-initial word counts as a name only when it is not usually written in
lower case (``data/common_words.txt``); an imperative opening a sentence ("Apply ...") and a field
label ("Opening Hours: ...") are no names.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache
from pathlib import Path

import regex

from lexguard.grounding.signals._currencies import currency_code_before_number
from lexguard.grounding.signals._language import function_words, text_language
from lexguard.grounding.signals._lexical import STOPWORDS, Mention, _at_sentence_start
from lexguard.grounding.signals._names import PARTICIPLE_NEXT, not_a_name
from lexguard.grounding.signals._units import UNITS
from lexguard.grounding.signals._words import base_verb, no_noun, same_word_forms, verb_only, word_kinds
from lexguard.grounding.signals._words import norm as _norm
from lexguard.grounding.signals._words import stem as _stem

__all__ = ["ACRONYM", "entities", "is_common_word", "personal", "rival_acronyms"]

_NAME_WORD = (
    r"(?:\p{Lu}(?:\.\p{L})*\.(?=[ \t]+\p{Lu})"  # initials and acronyms: "J.", "U.S."
    r"|(?<!\p{L})\p{Ll}{0,2}\p{Lu}(?:[\p{L}\p{M}\p{N}'\u2019&-]|\.(?=\p{L}))*)"  # "eBay", "iPhone" whole
)
_ENTITY = regex.compile(_NAME_WORD + r"(?:[ \t]+(?:(?:of|the|de|van|von|la|&)[ \t]+)?" + _NAME_WORD + ")*")
# Capitalised words that are not names even mid-sentence.
_NOT_ENTITIES = frozenset(
    """
    i i'm i've i'd i'll a an the this that these those it its he she they we you my our your his
    her their however overall additionally furthermore moreover also based according in on at for
    to of and or but if while when where what which who how why there here yes no not
    mr mrs ms dr prof nurse st am pm a.m p.m step monday tuesday wednesday thursday friday saturday sunday
    passage passages article summary source sources answer question note celsius fahrenheit kelvin
    since despite although though unlike amid amidst among following former latter meanwhile
    whereas thus hence nevertheless nonetheless instead besides throughout upon until unless via
    because whenever wherever whether yet even considering regarding concerning plus beyond across
    behind beneath toward towards
    """.split()
)



_AFTER_NUMBER = regex.compile(r"\d\s*-?\s*$")
"""A number right before a capitalised word: "1.2 *kW*", "25-*MPH*" (a unit, not a name)."""
ACRONYM = regex.compile(r"\p{Lu}{2,4}s?")
"""A bare acronym ("TV", "US", "HR", "JSON", "IQR"): in no source, it is most often world knowledge
or the answer's own short form of words it spells out ("interquartile range (IQR)"), not a name
put in (on RAGTruth dev 5 of the 33 claims the name rule failed for an acronym alone were
hallucinated), unless the evidence names another one in its place (:func:`rival_acronyms`)."""
_ACRONYM_IN_TEXT = regex.compile(r"(?<![\p{L}\p{N}])\p{Lu}{2,5}s?(?![\p{L}\p{N}])")


def rival_acronyms(claim: str, evidence: list[str]) -> bool:
    """Whether the evidence names, in the place of an acronym of the claim, another one: beside
    the same word before or after it ("The CIA investigated" against "The FBI investigated"; the
    "CI" of "95% CI 10-14" is no rival of "range (IQR) of the scores")."""
    mine = _acronym_places(claim)
    if not mine:
        return False
    names = {name for name, _ in mine}
    around = set().union(*(places for _, places in mine))
    return any(name not in names and places & around for text in evidence for name, places in _acronym_places(text))


_TOKEN = regex.compile(r"[\p{L}\p{N}]+(?:['\u2019][\p{L}]+)?")
_LOOSE = frozenset({"the", "a", "an", "of", "and", "or", "in", "to", "s"})


def _acronym_places(text: str) -> list[tuple[str, set[tuple[int, str]]]]:
    """Each acronym of ``text`` with the words around it: ``(-1, word before)``, ``(1, word after)``."""
    tokens = _TOKEN.findall(text)
    out = []
    for i, token in enumerate(tokens):
        if _ACRONYM_IN_TEXT.fullmatch(token):
            places = {(side, tokens[j].lower()) for side, j in ((-1, i - 1), (1, i + 1))
                      if 0 <= j < len(tokens) and tokens[j].lower() not in _LOOSE}
            out.append((token.rstrip("s"), places))
    return out


def entities(text: str) -> list[Mention]:
    """Capitalised name phrases, excluding sentence-initial function words and common words.

    A crude but dependency-free named-entity finder: runs of capitalised words, where the first
    word of a sentence counts only if it is not a common word. In French, Spanish, ... text the
    language's function words ("Elle", "Cette", "Les") are never names; German capitalises every
    noun, so capitalisation tells no name there and German text has none.
    """
    language = text_language(text)
    if language == "german":
        return []
    foreign = function_words(language) if language != "english" else frozenset()
    out = []
    for match in _ENTITY.finditer(text):
        words = match.group(0).split()
        start = match.start()
        # drop leading common words ("The", "However", "Cette") and trailing connectors
        while words and (words[0].lower().strip(".'\u2019") in _NOT_ENTITIES or words[0].lower() in STOPWORDS
                         or _CONTRACTION.sub("", words[0].lower()) in STOPWORDS  # "That'd be Daria Kovac."
                         or words[0].lower().strip(".'\u2019") in foreign or _imperative(text, start, words)
                         or _unit_after_number(text, start, words)):
            start = text.index(words[0], start) + len(words[0])
            words = words[1:]
        while words and (words[-1].lower() in {"of", "the", "de", "and", "&", "van", "von", "la"}
                         or (words[-1] in ("No", "Nos") and _NUMBER_SIGN.match(text, match.end()))):
            words = words[:-1]  # "the Coastal League's No. 1 seed": "No." is the number's sign
        if not words:
            continue
        if len(words) >= 3 and _role_first(text, text.index(words[0], start), words):
            words = words[1:]  # "Campaigner Hannah Perrault" opening a sentence: her role, capitalised as first
        start = text.index(words[0], start)
        end = text.index(words[-1], start) + len(words[-1])
        surface = _COMPOUND_TAIL.sub("", text[start:end]).rstrip(".'\u2019-")
        end = start + len(surface)
        if len(surface) < 2:
            continue
        if not_a_name(text, start, end, surface):
            continue
        if surface.lower() in UNITS and _AFTER_NUMBER.search(text, max(0, start - 4), start):
            continue  # a unit after a number ("1.2 kW", "25 MPH"): the value rules read it
        if surface.isupper() and currency_code_before_number(text, start, end):
            continue  # an amount's currency ("NOK 4.1 billion"): the value rules read it
        at_sentence_start = _at_sentence_start(text, start)
        if at_sentence_start and len(surface.split()) == 1 and not _looks_like_name(surface, text[end:]):
            continue  # "Customers ...", "Despite ...": capitalised because first, not a name
        if at_sentence_start and text[end : end + 1] == ":" and all(_label_word(w) for w in words):
            continue  # a field label ("Builder: ...", "Opening Hours: ..."), not a name
        if at_sentence_start and len(words) == 1 and _LABEL_AHEAD.match(text, end) and word_kinds(words[0].lower()):
            continue  # a list item's label ("Asymmetry of rights: ...", "Causative virus: ..."), not a name
        out.append(Mention(surface, (start, end), _norm(surface)))
    return out


_NUMBER_SIGN = regex.compile(r"\.?\s*+\d")
_CONTRACTION = regex.compile(r"['\u2019](?:d|ll|ve|re|s|m)$")
_ROLE_SUFFIX = ("er", "or", "ist", "ian", "ant", "ent", "man", "woman", "person")
_OFFICES = frozenset(
    "president senator mayor governor chancellor minister councillor commissioner ambassador inspector premier "
    "congressman congresswoman chairman chairwoman".split()
)
"""Offices a claim gives a person, kept with the name ("President Michelle Obama" is no president's
name in the sources)."""


def _role_first(text: str, start: int, words: list[str]) -> bool:
    """Whether the first of ``words``, opening a sentence, is a role noun before a person's name
    ("Campaigner Hannah Perrault", "Spokeswoman Ada Lin", "Co-founder Derek Ashworth"; not "Hunter
    Biden": one word is no name)."""
    word = regex.sub(r"^(?:co|vice|ex|deputy|former)-", "", words[0].lower())  # "Co-founder Derek Ashworth"
    return (_at_sentence_start(text, start) and word.endswith(_ROLE_SUFFIX) and word not in _OFFICES
            and "NOUN" in word_kinds(word)
            and "PROPN" not in word_kinds(word) and personal(" ".join(words[1:])))


def _unit_after_number(text: str, start: int, words: list[str]) -> bool:
    """Whether the first of ``words`` is a unit after a number: one that ends a sentence ("101.3 F.
    Additionally, ...", "20 C. Then ..."), not an initial of the name after it, or one before a
    name ("16GB of RAM", glued to its number).""" 
    first = words[0]
    at = text.index(first, start)
    if len(words) > 1 and at and text[at - 1].isdigit():
        return True  # glued to its number: "16GB of RAM", "4K TV"
    unit = first.rstrip(".").lower()
    return (len(words) > 1 and (first.endswith(".") or unit in UNITS) and (unit in UNITS or f"\u00b0{unit}" in UNITS)
            and _AFTER_NUMBER.search(text, max(0, start - 4), at) is not None)


def _imperative(text: str, start: int, words: list[str]) -> bool:
    """Whether the first of ``words`` is a verb opening a sentence as an imperative ("Visit the Big
    Buddha"): the base form of a verb, usually written in lower case, followed by a determiner (a
    first name that is also a verb, "Bill Gates", "Mark Twain", stays whole); or its -ing form
    before a name of two words or more ("Restoring Brackwater Pier took three years")."""
    first = words[0]
    if len(words) > 2 and _gerund(first) and (words[1].lower() in _DETERMINERS or (
            words[1][:1].isupper() and words[1].lower() not in _common_words())):  # not "Browning Street Station"
        return _at_sentence_start(text, text.index(first, start))  # "Building the Kelverton Bridge took ...",
        # "Restoring Brackwater Pier took ...": the act, not part of the name ("Reading Festival" stays whole)
    if len(words) >= 2 and first.lower() in _RECOMMENDING:  # "Try Paper Rivers", "Watch Harbor of Glass"
        return _at_sentence_start(text, text.index(first, start))
    return (len(words) > 2 and words[1].lower() in _DETERMINERS and base_verb(first.lower())
            and not _looks_like_name(first) and _at_sentence_start(text, text.index(first, start)))


def _gerund(word: str) -> bool:
    """Whether a word is the -ing form of a verb usually written in lower case ("Building")."""
    lower = word.lower()
    return lower.endswith("ing") and "VERB" in word_kinds(lower) and (lower in _common_words() or _stem(lower) in _common_words())


_RECOMMENDING = frozenset({"try", "watch", "read", "visit", "hear"})
"""Verbs that open a recommendation of a named thing, never a name's first word here."""
_DETERMINERS = frozenset({"the", "a", "an", "your", "our", "this", "these", "those", "its", "their"})


_COMPOUND_TAIL = regex.compile(r"-\p{Ll}+$")  # "Mexican-inspired", "New York-style": not the name's


_LABEL_SUFFIXES = ("er", "or", "ion", "ment", "ity", "ness", "ance", "ence", "ship", "ing", "ure", "age", "ists")


def _label_word(word: str) -> bool:
    """Whether a capitalised word before a colon reads as a field label: a word usually written in
    lower case, or one with a common-noun ending ("Builder", "Location"). "Sauvestre:" and
    "Napoleon:" stay names (a surname with such an ending, "Miller:", is taken for a label)."""
    lower = word.lower().strip(".'’-")
    return not _looks_like_name(word) or lower.endswith(_LABEL_SUFFIXES)


_LABEL_AHEAD = regex.compile(r"(?:\s++\p{Ll}[\p{L}'\u2019-]*+){1,4}\s*+:")
"""Lower-case words up to a colon after a sentence's first word: a label ("Asymmetry of rights:")."""
_PAST_NEXT = regex.compile(r"\s++\p{Ll}{2,}ed\b")
_AUXILIARY_NEXT = regex.compile(r"\s++(?:have|had|are|were|will|would|can|could|say|said|warn(?:ed)?|believe[sd]?)\b")


def _looks_like_name(word: str, after: str = "") -> bool:
    """Whether a sentence-initial capitalised word is a name rather than an ordinary word.

    "Napoleon built ..." opens with a name, "Customers said ..." with an ordinary word that is
    capitalised only because it comes first. A word counts as a name when it is not one that is
    usually written in lower case (``data/common_words.txt``, counted over RAGTruth train
    sources by ``scripts/build_common_words.py``).
    """
    bare = word.strip(".'\u2019-").replace("\u2019", "'")
    if len(bare) < 3 or not bare[0].isupper() or not bare.replace("'", "").replace("-", "").isalpha():
        return False
    if bare.endswith("ing") and PARTICIPLE_NEXT.match(after):
        return False  # "Specializing in ...", "Serving the ...": a participle opening the sentence
    lower = _unaccented(bare.lower())  # "Sauté ...": "saute"
    if lower in STOPWORDS or lower in _NOT_ENTITIES:
        return False
    common = _common_words()
    if lower.endswith("'s"):
        lower = lower[:-2]
    if lower in common or _stem(lower) in common:
        return False
    if lower.endswith("s") and _AUXILIARY_NEXT.match(after) and "NOUN" in word_kinds(lower[:-1]):
        return False  # "Councillors have approved ...": a plural of a common noun before its verb
    if (lower.endswith("s") and lower[:-1].endswith(_ROLE_SUFFIX) and _PAST_NEXT.match(after)
            and "NOUN" in word_kinds(lower[:-1])):
        return False  # "Councillors voted 6-3 ...": people by their role, before what they did
    if "-" in lower and all(part in STOPWORDS or part in common or word_kinds(part) for part in lower.split("-")):
        return False  # "Marking-to-market ...", "Wetter-than-average ...": words joined, not a name
    # a verb ("Introduce ...": "introduced" is common), not a noun ("Mills", "Bill"); a word with
    # no noun reading at all ("Summarize ...", "Optional: ...") is no name
    return not (verb_only(lower) and same_word_forms(lower) & common) and not no_noun(lower)


def is_common_word(word: str) -> bool:
    """Whether a lower-case word (or its stem) is one usually written in lower case ("museum",
    "transport"; not "larkspur"): a word of a name that does not tell it apart."""
    common = _common_words()
    return word in common or _stem(word) in common


def _unaccented(word: str) -> str:
    return "".join(ch for ch in unicodedata.normalize("NFKD", word) if not unicodedata.combining(ch))


@lru_cache(maxsize=1)
def _common_words() -> frozenset[str]:
    path = Path(__file__).parents[1] / "data" / "common_words.txt"
    with path.open(encoding="utf-8") as handle:
        return frozenset(line.strip() for line in handle if line.strip() and not line.startswith("#"))


def personal(name: str, *, common_given: bool = False) -> bool:
    """Whether a name, as written, may be a person's: two or three words, the first no common word
    (a given name), none of them one that names a body, a place or an event ("Carys Penhale", "Owen
    Trellis"; not "Brackenhill Health Centre", "American Airlines" nor "Dunmore Half Marathon").
    With ``common_given``, a given name that is a common word counts too when the family name of
    two words is none ("Grace Mensah", "Mark Ellison")."""
    words = [w.lower().strip(".,'\u2019") for w in name.split()]
    given_ok = not is_common_word(words[0]) if words else False
    if common_given and len(words) == 2:
        given_ok = given_ok or not is_common_word(words[1])
    return (2 <= len(words) <= 3 and given_ok
            and not any(w in _BODIES or w.rstrip("s") in _BODIES for w in words))


_BODIES = frozenset(
    "air airline airway line centre center club school college university academy council hospital clinic surgery "
    "museum gallery library hotel inn company group bank trust society church chapel park street road lane avenue "
    "ltd inc plc corp co llc foundation institute association theatre theater cafe bakery shop store market hall "
    "house court station studio festival choir band orchestra team city town village county united national royal "
    "international systems services partners holdings media press news times post marathon race run show fair "
    "cup games championship championships open prize award awards concert exhibition conference summit week day "
    "half lake loch lough mount mountain river cape bay island isle glen valley hill forest sea ocean port fort "
    "falls bridge tower castle dam canal reservoir beach harbour harbor peak gulf strait desert creek".split()
)
"""Words of a name that make it a body's, a place's or an event's, not a person's ("Lake Ost",
"Mount Ferrin")."""
