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

from lexguard.grounding.signals._credit_roles import roles_in
from lexguard.grounding.signals._words import base_verb, word_kinds

__all__ = ["JUDGEMENT", "JUDGEMENTS", "hides_a_fact", "praises_only"]

JUDGEMENTS = frozenset(
    """
    best worst greatest finest nicest beautiful ugly amazing awesome wonderful terrible awful delicious boring
    fascinating stunning breathtaking overrated underrated lovely impressive disappointing charming magnificent
    pleasant unpleasant excellent horrible perfect fantastic incredible must-see gorgeous
    brilliant superb outstanding lucky catchy hilarious funny gripping talented adorable
    fabulous marvellous marvelous splendid terrific glorious dreadful mediocre
    compelling riveting twisty devastating heartbreaking haunting addictive masterful
    calming soothing absorbing uplifting heartwarming
    """.split()
)
"""Words that judge, lower case (the adjectives of taste and quality; no word of kind or fact: not
"fun" of "having fun drinking beer", "cool", "sweet", "solid"; "great", "good" and "nice" judge
only as :func:`praises_only` reads them: "for her good behaviour", "a great deal of money" are
facts)."""
_ALTERNATIVES = "|".join(sorted(JUDGEMENTS, key=len, reverse=True))
_AMOUNT = (r"(?!\s+(?:deal|many|number|amount|part|majority|extent|portion|variety|selection|range|array|choice"
           r"|news|luck|faith|condition|standing|order|shape|health)\b)")
JUDGEMENT = regex.compile(r"(?:(?<=^[\W_]*+)(?i:" + _ALTERNATIVES + r")|(?<!\w)(?:" + _ALTERNATIVES + r"))(?!\w)" + _AMOUNT)
"""A word of :data:`JUDGEMENTS` in a text: in lower case, or capitalised at its start ("Great
band."); a capital inside is a name's ("Alexander the Great"); before an amount it measures ("a
great deal of money", "a good selection of wines": what there is, a fact to check), nor in "good news",
"in good condition"."""


_PRAISE = regex.compile(
    r"^\W*(?:(?:oh|yes|yeah|yep|and|but|so|honestly|really)\b[,!\s]*)*"
    r"(?:(?:it|that|this|they|these|those|he|she|(?-i:\p{Lu}[\p{L}'\u2019-]*)(?:\s++(?:(?-i:\p{Lu}[\p{L}'\u2019-]*)|of|the|and)){0,5})"
    r"(?:'s|\u2019s|'re|\u2019re|\s+is|\s+was|\s+are|\s+were)\s+"
    r"|(?:(?:it|that|which)\s+)?(?:could|might|would|should|will|may)\s+(?:also\s+)?be\s+)?"
    r"(?:(?:really|so|such|very|pretty|quite|just|also|truly|as|a|an|one\s+of\s+the)\s+)*(?:great|good|nice)(?:\s+next)?"
    r"(?:\s+(?:one|ones|movie|movies|film|films|book|books|read|novel|song|songs|track|album|record|show|series|band|team"
    r"|game|choice|pick|place|spot|story|watch|listen|intro|introduction|start|starting\s+point))?"
    r"(?:\s+(?:too|as\s+well|though|indeed|there|here|in\s+it|in\s+that(?:\s+one)?|at\s+that))*\W*$",
    regex.IGNORECASE,
)


def praises_only(text: str) -> bool:
    """Whether a sentence only praises what it points at: "It's a great movie.", "They are great!",
    "She's really good." (not "She's a great director": a role; not "It's a great crime movie").

    A name may stand for the pronoun ("Crimson Ferry is a good one!"): the claim types read it as a
    fact when the sources do not hold the name.

    Example:
        >>> praises_only("It's a great movie!"), praises_only("She's a great director.")
        (True, False)
        >>> praises_only("Crimson Ferry is a good one!"), praises_only("Crimson Ferry is a good comedy.")
        (True, False)
    """
    return _PRAISE.match(text) is not None


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


_HAS = regex.compile(r"\b(?:has|have|had|features?|includes?|boasts?|contains?|offers?|serves?|provides?|sells?)\b",
                   regex.IGNORECASE)
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
            if verb is _IS and roles_in(clause):  # "She is a great *director*": a role, a fact to check
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
    r";\s*+|\s[\u2014\u2013]\s*+|:\s++|,?\s++(?:and|but|while|whereas|though|although)\s++"
    r"(?=(?:\p{L}+ly\s++)?(?:he|she|it|they|we|i|you|there|this|that|the|its|their|his|her|our|my)\b)",
    regex.IGNORECASE,
)
"""Where a sentence joins a clause of its own ("..., and she's been brilliant for them")."""
_FINITE_VERB = regex.compile(r"\b(?:\p{L}+(?:s|ed)|is|are|was|were|has|have|had|plays?|won|wrote|sang|made|did|does)\b"
                             r"|(?<=\p{L})['\u2019](?:s|re|ve)\b",
                             regex.IGNORECASE)
_NAME_INSIDE = regex.compile(r"(?<=\S\s++)(?-i:\p{Lu}\p{Ll}+)")


def _unjudged_clause(stripped: str) -> bool:
    """Whether a clause of the sentence names something, or says what someone did, with no
    judgement in it: "She plays for the Dunmore Ravens, and she's been brilliant for them" states
    where she plays, "She illustrated it, and honestly the drawings are gorgeous" what she did (facts
    to check, which the judgement of the second clause had hidden)."""
    head = _AFTER_NAMING.split(stripped, maxsplit=1)
    if len(head) > 1 and _NAMED_ONLY.match(head[0]):
        return True  # "Teodor Brask, probably, though ...": an answer that names, before the judgement
    parts = [part for part in _CLAUSE_BREAK.split(stripped) if part.strip()]
    return any(not JUDGEMENT.search(part) and not _SPEAKER_CLAUSE.search(part) and _FINITE_VERB.search(part)
               and (_NAME_INSIDE.search(part) or _did(part)) for part in parts)


_NAMED_ONLY = regex.compile(
    r"^\W*(?-i:\p{Lu}[\p{L}'\u2019-]*)(?:\s+(?-i:\p{Lu}[\p{L}'\u2019-]*))+[\s,]*(?:(?:probably|maybe|perhaps|i\s+think|i\s+believe|i'd\s+say)\W*)?$",
    regex.IGNORECASE)
"""A clause that only names, perhaps with a hedge ("Teodor Brask, probably")."""
_AFTER_NAMING = regex.compile(r"(?:[,;]|\s[\u2014\u2013-])\s*+(?=(?:though|although|but|and|so|while)\b)", regex.IGNORECASE)
_SPEAKER_CLAUSE = regex.compile(r"(?-i:\bI\b)|\b(?:me|my|myself)\b", regex.IGNORECASE)
"""A clause about the speaker ("Personally, I loved it"): a taste, not a fact."""


def _did(clause: str) -> bool:
    """Whether a clause says what someone did or does ("She illustrated it", "He wrote it", "She
    plays for them"): a verb that ends in "ed" and is no adjective ("She was thrilled" judges), a
    past form of its own ("wrote", "won"), or, where the word is also a noun or an adjective
    ("directed", "plays"), one right after its subject."""
    words = _TOKEN.findall(clause)
    for n, word in enumerate(words):
        lower = word.lower().replace("\u2019", "'")
        kinds = word_kinds(lower)
        if "VERB" not in kinds or "AUX" in kinds or lower.endswith("ing") or base_verb(lower):
            continue
        after_subject = n > 0 and (words[n - 1].lower() in _SUBJECTS or words[n - 1][:1].isupper())
        if lower.endswith("ed") and "ADJ" not in kinds:
            return True
        if after_subject or not (kinds & {"NOUN", "ADJ"} or lower.endswith(("s", "ed"))):
            return True
    return False


_TOKEN = regex.compile(r"[\p{L}][\p{L}'\u2019-]*")
_SUBJECTS = frozenset("he she it they who that which i we you".split())
