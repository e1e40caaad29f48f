"""Words of judgement: what a speaker thinks of a thing, not what the thing is.

"lovely", "amazing", "catchy", "lucky": a sentence made only of these, pronouns and a thing or two
("What a brilliant pair!", "They're lucky to have him!") is an opinion; a sentence that still says what
something has or is once they are taken out ("The hotel has a lovely pool and a spa": it has a
pool and a spa) states a fact to check. Read by the claim types
(:mod:`~lexguard.grounding.claims._claim_types`) and the chat rules
(:mod:`~lexguard.grounding.claims._chat`).
"""

from __future__ import annotations

import regex

from lexguard.grounding.signals._words import word_kinds

__all__ = ["JUDGEMENT", "JUDGEMENTS", "hides_a_fact"]

JUDGEMENTS = frozenset(
    """
    best worst greatest finest nicest beautiful ugly amazing awesome wonderful terrible awful delicious boring
    fascinating stunning breathtaking overrated underrated lovely impressive disappointing charming magnificent
    pleasant unpleasant excellent horrible perfect fantastic incredible must-see gorgeous
    brilliant superb outstanding lucky catchy hilarious funny gripping talented adorable
    fabulous marvellous marvelous splendid terrific glorious dreadful mediocre
    """.split()
)
"""Words that judge, lower case (the adjectives of taste and quality; no word of kind or fact: not
"fun" of "having fun drinking beer", "cool", "sweet", "solid")."""
JUDGEMENT = regex.compile(r"\b(?:" + "|".join(sorted(JUDGEMENTS, key=len, reverse=True)) + r")\b", regex.IGNORECASE)
"""A word of :data:`JUDGEMENTS` in a text."""


def hides_a_fact(text: str, possession: bool = True) -> bool:
    """Whether a sentence with a judgement still states a fact to check: what a thing has or is
    once the judgement is taken out (with ``possession``), or a clause of its own that names
    something or says what someone did, with no judgement in it.

    Example:
        >>> hides_a_fact("The hotel has a lovely pool and a spa.")
        True
        >>> hides_a_fact("She plays for the Dunmore Ravens, and she's been brilliant for them.")
        True
        >>> hides_a_fact("The view is breathtaking.")
        False
        >>> hides_a_fact("It's a fantasy novel, with some lovely world-building.")
        True
    """
    return (possession and _judged_fact(text)) or _unjudged_clause(text)


_HAS = regex.compile(r"\b(?:has|have|had|features?|includes?|boasts?|contains?)\b", regex.IGNORECASE)
_IS = regex.compile(r"\b(?:is|are|was|were)\b|(?<=\b(?:it|he|she|that|they|we|you))['\u2019](?:s|re)\b", regex.IGNORECASE)
_THING_WORD = regex.compile(r"[\p{L}][\p{L}'\u2019-]{2,}")
_NO_THING = frozenset("the and but with its his her hers him them they their theirs our ours your yours you she "
                      "this that these those one ones place spot thing things way lot bit such much many very "
                      "just also really quite too".split())


def _judged_fact(stripped: str) -> bool:
    """A judgement on a statement of what something has or is: "The hotel has a *lovely* pool and a
    spa" (it has a pool and a spa: a fact to check, which the judgement had hidden), "It was a
    *wonderful* museum of Roman coins"; not "The view is breathtaking" nor "It is a beautiful city"
    (what is left names one thing or none)."""
    rest = JUDGEMENT.sub(" ", stripped)
    for verb, least in ((_HAS, 1), (_IS, 2)):
        for found in verb.finditer(rest):
            clause = _CLAUSE_END.split(rest[found.end():], maxsplit=1)[0]  # what the verb says, to its clause's end
            words = _THING_WORD.findall(clause)
            if words and _auxiliary(words[0].lower()):
                continue  # "Reviewers have praised ...", "It is described as ...": no possession, no kind
            nouns = [w.lower() for w in words if w.lower() not in _NO_THING and "NOUN" in word_kinds(w.lower())
                     and not w.lower().endswith("ly")]  # "a *soul singer*": a noun that names a kind counts
            if len(nouns) >= least and (verb is _HAS or any(_only_a_thing(w) for w in nouns)):
                return True
    return False


_CLAUSE_END = regex.compile(r"[,;:.!?]")


def _auxiliary(word: str) -> bool:
    """Whether the word after "has" / "is" makes it an auxiliary: a participle ("praised", "known")."""
    kinds = word_kinds(word)
    return ("VERB" in kinds and not kinds & {"NOUN", "ADJ"}) or (word.endswith(("ed", "en")) and "NOUN" not in kinds)


def _only_a_thing(word: str) -> bool:
    """A word that names a thing and describes nothing ("pool", "spa", "fantasy" of "a fantasy
    novel", a noun that is also a verb; not "moving", "sweet", adjectives)."""
    kinds = word_kinds(word)
    return "NOUN" in kinds and not kinds & {"ADJ", "ADV"} and not word.endswith(("ly", "ing"))


_CLAUSE_BREAK = regex.compile(
    r";\s*+|,?\s++(?:and|but|while|whereas)\s++"
    r"(?=(?:\p{L}+ly\s++)?(?:he|she|it|they|we|i|you|there|this|that|the|its|their|his|her|our|my)\b)",
    regex.IGNORECASE,
)
"""Where a sentence joins a clause of its own ("..., and she's been brilliant for them")."""
_FINITE_VERB = regex.compile(r"\b(?:\p{L}+(?:s|ed)|is|are|was|were|has|have|had|plays?|won|wrote|sang|made|did|does)\b",
                             regex.IGNORECASE)
_NAME_INSIDE = regex.compile(r"(?<=\S\s++)(?-i:\p{Lu}\p{Ll}+)")


def _unjudged_clause(stripped: str) -> bool:
    """Whether a clause of the sentence names something, or says what someone did, with no
    judgement in it: "She plays for the Dunmore Ravens, and she's been brilliant for them" states
    where she plays, "She illustrated it, and honestly the drawings are gorgeous" what she did (facts
    to check, which the judgement of the second clause had hidden)."""
    return any(not JUDGEMENT.search(part) and not _SPEAKER_CLAUSE.search(part) and _FINITE_VERB.search(part)
               and (_NAME_INSIDE.search(part) or _did(part)) for part in _CLAUSE_BREAK.split(stripped) if part.strip())


_SPEAKER_CLAUSE = regex.compile(r"(?-i:\bI\b)|\b(?:me|my|myself)\b", regex.IGNORECASE)
"""A clause about the speaker ("Personally, I loved it"): a taste, not a fact."""


def _did(clause: str) -> bool:
    """Whether a clause says what someone did, in the past ("She illustrated it"): a verb that ends
    in "ed" and is no adjective ("She was thrilled" judges)."""
    return any(w.lower().endswith("ed") and "VERB" in (kinds := word_kinds(w.lower())) and "ADJ" not in kinds
               for w in _THING_WORD.findall(clause))
