"""A condition the claim leaves out: "Delivery is free." beside "Delivery is free on orders over
50 euros; otherwise a flat fee of 4.95 euros applies", "The medicine can be taken during
pregnancy." beside "... only if prescribed by a doctor".

The claim holds only words the source sentence holds, so the verifier read both as supported
(0.997). :func:`dropped_condition` reads a source sentence that states the claim's statement and
then restricts it ("only if", "provided that", "as long as", "unless", "on orders over ..."): the
claim overstates it when it states the statement and none of the condition's words.
"""

from __future__ import annotations

import regex

from lexguard.grounding.claims._passages import passage_sentences
from lexguard.grounding.signals._clauses import clauses
from lexguard.grounding.signals._lexical import content_words
from lexguard.grounding.signals._weekdays import day_spans, days_named

__all__ = ["changed_condition", "days_past_only", "dropped_condition", "moved_restriction", "only_doer", "widened_days"]

_CONDITION = regex.compile(
    r"\b(?:only\s+(?:if|when|for|on|after|before|with|to|while|once|by)"
    r"|provid(?:ed|ing)(?:\s+that)?(?=\s+(?:they|you|he|she|it|we|the|a|an|your|their|his|her|its)\b)|as\s+long\s+as"
    r"|(?<=\b(?:free|eligible|entitled|allowed|welcome|available|open)\s+(?:to|for)\s+(?:[\p{L}-]+\s+){1,4})who\b"
    r"|so\s+long\s+as|unless|subject\s+to|on\s+(?:orders?|purchases?|bookings?|spends?)\s+(?:of\s+)?"
    r"(?:over|above|more\s+than|exceeding|of\s+at\s+least)|for\s+(?:orders?|purchases?)\s+(?:of\s+)?(?:over|above|more\s+than)"
    r"|for\s+the\s+first\s+(?:\d{1,3}|one|two|three|four|five|six|twelve)\s+"
    r"(?:minutes?|hours?|days?|nights?|weeks?|months?|years?|visits?|sessions?|classes?))"
    r"\b[^.;]*",
    regex.IGNORECASE,
)
"""A restriction after a statement: "only if prescribed", "provided (that) ...", "on orders over £40",
"for the first two hours" (free parking that then charges),
and who may have what is offered ("free for borough residents who show a library card")."""

_OWN_CONDITION = regex.compile(r"\b(?:if|when|unless|only|provided|as\s+long\s+as|over|above|except|but)\b", regex.IGNORECASE)
"""Words by which a claim states a condition of its own (it may say it otherwise)."""

_CLAUSE_START = regex.compile(r",\s*(?:while|whereas|but|and|although|though|which|who)\b|[:;]", regex.IGNORECASE)
"""Where the clause a condition restricts begins ("..., while the federal law applies only to ...")."""

MIN_COVERAGE = 0.75
"""Share of the claim's content words the restricted statement must hold."""
MIN_BACK_COVERAGE = 0.6
"""Share of the restricted statement's content words the claim must hold (it states that statement)."""


def dropped_condition(claim: str, passages: list[str]) -> str | None:
    """The source sentence whose condition the claim leaves out, if any.

    Args:
        claim: The claim text.
        passages: The claim's best evidence chunks, best first.

    Returns:
        A sentence that states the claim's statement (at least :data:`MIN_COVERAGE` of the
        claim's content words, and :data:`MIN_BACK_COVERAGE` of its own before the condition)
        and restricts it, where the claim holds no content word of the restriction and states
        no condition itself; ``None`` otherwise.
    """
    if _OWN_CONDITION.search(claim):
        return None
    sentences = [sentence for passage in passages for sentence in passage_sentences(passage)]
    # a statement of a longer claim drops it too ("Students can borrow laptops for three days; |
    # they must return them to the desk" beside "... provided they have completed the induction")
    # (a condition the claim gives in another statement is given: "..., though that depends on funding")
    given = set(content_words(claim))
    # a lead-in before a colon states nothing of its own ("Use a 31-Day Pass: insert the card ...")
    parts = [part for part in clauses(claim) if not claim[claim.find(part) + len(part):].lstrip().startswith(":")]
    return next(filter(None, (_dropped_in(part, sentences, given) for part in [claim, *parts])), None)


def _dropped_in(claim: str, sentences: list[str], given: set[str]) -> str | None:
    """The sentence among ``sentences`` whose condition one claim statement leaves out and no word
    of the whole claim (``given``) gives, if any."""
    words = set(content_words(claim))
    if len(words) < 2:
        return None
    for sentence in sentences:
        condition = _CONDITION.search(sentence)
        if condition is None:
            continue
        before = sentence[: condition.start()]
        clause = max((m.end() for m in _CLAUSE_START.finditer(before)), default=0)  # "..., while the law applies"
        stated = set(content_words(before[clause:]))
        shared = len(words & stated)
        if (stated and shared >= MIN_COVERAGE * len(words) and shared >= MIN_BACK_COVERAGE * len(stated)
                and not given & set(content_words(condition.group()))):
            return sentence
    return None


_EVERY_DAY = regex.compile(
    r"\b(?:(?:any|every|whatever|which(?:ever)?)\s+day(?:\s+of\s+the\s+week)?|seven\s+days\s+a\s+week|7\s+days\s+a\s+week"
    r"|all\s+week(?:\s+long)?|daily|every\s+day)\b",
    regex.IGNORECASE,
)
"""A claim that says something holds on every day ("any day of the week", "seven days a week")."""
_SOME_DAYS = regex.compile(
    r"\b(?:(?:on\s+)?(?:weekdays|weekends|(?:mon|tues|wednes|thurs|fri|satur|sun)days?)\s+only|only\s+(?:on\s+)?"
    r"(?:weekdays|weekends|(?:mon|tues|wednes|thurs|fri|satur|sun)days?)|on\s+weekdays|at\s+weekends|on\s+weekends)\b",
    regex.IGNORECASE,
)
"""A statement given for some days only ("on weekdays only", "only on Saturdays", "on weekdays")."""
_DAY_WORDS = frozenset(content_words(
    "monday tuesday wednesday thursday friday saturday sunday weekday weekend day week daily every any only"
))
MIN_DAY_SHARED = 2
"""Content words (days aside) the claim must share with the statement given for some days."""


def widened_days(claim: str, passages: list[str]) -> str | None:
    """The source sentence that gives for some days only what the claim says of every day, if any:
    "Visitors can play the course for a £40 green fee on any day of the week" beside "The course
    can be played by visitors on weekdays for a green fee of £40"; "15% off servicing any day of
    the week" beside "15% off servicing on weekdays only". The claim shares at least
    :data:`MIN_DAY_SHARED` content words besides the days with that sentence, and names no day of
    its own.
    """
    if _EVERY_DAY.search(claim) is None or _SOME_DAYS.search(_EVERY_DAY.sub(" ", claim)) is not None:
        return None
    words = set(content_words(claim)) - _DAY_WORDS
    for passage in passages:
        before: set[str] = set()
        for sentence in passage_sentences(passage):
            own = set(content_words(sentence)) - _DAY_WORDS
            # "The discount applies on weekdays only." is about the discount the sentence before offers
            held = own | before if _BACK.match(sentence) and len(own) <= _SHORT else own
            if (_SOME_DAYS.search(sentence) is not None and _EVERY_DAY.search(sentence) is None
                    and len(words & held) >= MIN_DAY_SHARED):
                return sentence
            before = own
    return None


_DAYS_ONLY = regex.compile(
    r"\b(?:(?:mon|tues|wednes|thurs|fri|satur|sun)days?|weekdays|weekends)\s+only\b"
    r"|\bonly\s+(?:on\s+|from\s+|between\s+)?(?:(?:mon|tues|wednes|thurs|fri|satur|sun)days?|weekdays|weekends)\b",
    regex.IGNORECASE,
)
"""Days a statement holds for only ("valid Monday to Thursday only", "only on weekdays")."""
_WEEKDAYS = regex.compile(r"\bweekdays\b", regex.IGNORECASE)
_WEEKENDS = regex.compile(r"\bweekends?\b", regex.IGNORECASE)


def days_past_only(claim: str, passages: list[str]) -> str | None:
    """The source sentence that limits to some days only what the claim says of a span reaching
    past them: "you can use them on any screening from Monday through to Saturday" beside "Members
    get 2 free tickets a month, valid Monday to Thursday only". Of the sentences that limit days
    with "only", the one sharing the most content words (days aside, :data:`MIN_DAY_SHARED` at
    least) with the claim."""
    spans = day_spans(claim)
    if not spans:
        return None
    claimed = frozenset().union(*spans)
    words = set(content_words(claim)) - _DAY_WORDS
    best, found = MIN_DAY_SHARED - 1, None
    for sentence in dict.fromkeys(s for passage in passages for s in passage_sentences(passage)):
        if _DAYS_ONLY.search(sentence) is None:
            continue
        shared = len(words & (set(content_words(sentence)) - _DAY_WORDS))
        if shared > best:
            best, found = shared, sentence
    if found is None:
        return None
    days = set(days_named(found)) | ({0, 1, 2, 3, 4} if _WEEKDAYS.search(found) else set()) | (
        {5, 6} if _WEEKENDS.search(found) else set())
    return found if days and not claimed <= days else None


_BACK = regex.compile(r"\W*(?:the|this|that|it|they|these|those)\b", regex.IGNORECASE)
_SHORT = 4
"""Content words (days aside) of a short sentence that refers back ("The discount applies ...")."""



_WHEN = regex.compile(
    r"\b(?:once|as\s+soon\s+as|when|whenever|after|before|until|till)\s+(?=(?:the|a|an|your|their|its|they|you|it|all|any)\b)"
    r"[^,;.!?]*",
    regex.IGNORECASE,
)
"""A time a statement holds from or until ("once the first flowers appear", "after the seedlings
are planted", "until the sauce thickens"): a clause of its own words."""
MIN_MAIN_SHARED = 0.75
"""Share of the claim's main statement (its condition aside) the source statement must hold."""


def changed_condition(claim: str, passages: list[str]) -> str | None:
    """The source sentence whose time condition the claim replaces with another, if any: "Start
    feeding every two weeks as soon as the seedlings are planted" beside "Feed every two weeks once
    the first flowers appear". The sentence holds :data:`MIN_MAIN_SHARED` of the claim's words
    outside its condition (two at least), and the two conditions share no content word: the claim
    moved the statement to another time. A condition said in other words that share one ("after
    flowering" for "once the first flowers appear") is left alone.
    """
    own = _WHEN.search(claim)
    if own is None:
        return None
    theirs_words = set(content_words(own.group()))
    main = set(content_words(claim[: own.start()] + " " + claim[own.end() :]))
    if len(main) < 2 or not theirs_words:
        return None
    for passage in passages:
        for sentence in passage_sentences(passage):
            condition = _WHEN.search(sentence)
            if condition is None:
                continue
            stated = set(content_words(sentence[: condition.start()] + " " + sentence[condition.end() :]))
            given = set(content_words(condition.group()))
            if (len(main & stated) >= max(2, MIN_MAIN_SHARED * len(main)) and given
                    and not given & theirs_words and not given & main and not theirs_words & stated):
                return sentence
    return None


_PREP = r"(?:on|in|at|for|with|to|from)\s++(?:the\s++)?"
_ITEM = r"(?P<item>(?:[\p{L}\p{N}'\u2019-]++\s++){0,3}?[\p{L}\p{N}'\u2019-]++)"
_ITEM_BEFORE = regex.compile(r"\b" + _PREP + _ITEM + r"\s++$", regex.IGNORECASE)
"""The item an "only" after it restricts a statement to: "child seats are available | on hybrid bikes | only"."""
_ITEM_AFTER = regex.compile(
    r"\s++" + _PREP + _ITEM + r"(?=\s*+(?:[.,;:!?()]|$)|\s++(?:and|but|or|for|on|at|in|from|to|with|if|when|unless)\b)",
    regex.IGNORECASE,
)
"""The item an "only" before it restricts a statement to: "Dogs are allowed only | in Bramble Cottage"."""
_ONLY_WORD = regex.compile(r"\bonly\b", regex.IGNORECASE)
_CLAUSE_MARK = regex.compile(r"[.;:,]")
_ONLY_REACH = 120
"""Characters read before an "only" for the statement it restricts."""


def _restricted(sentence: str) -> list[tuple[str, str]]:
    """The statements a sentence restricts to one item, as ``(statement, item)``: "child seats are
    available on hybrid bikes only", "Dogs are allowed only in Bramble Cottage" (each "only" read
    once, in a bounded stretch before and after it: a sentence of thousands of words stays linear)."""
    out = []
    for only in _ONLY_WORD.finditer(sentence):
        before = sentence[max(0, only.start() - _ONLY_REACH) : only.start()]
        found = _ITEM_BEFORE.search(before)
        end = found.start() if found else len(before)
        if found is None:
            found = _ITEM_AFTER.match(sentence, only.end(), only.end() + _ONLY_REACH)
        if found is None:
            continue
        marks = list(_CLAUSE_MARK.finditer(before, 0, end))
        head = before[marks[-1].end() if marks else 0 : end]
        out.append((head, found.group("item")))
    return out


_OWN_LIMIT = regex.compile(r"\b(?:only|not|no|never|isn|aren|can[\u2019']?t|cannot|except)\b", regex.IGNORECASE)


def _split_words(text: str) -> set[str]:
    """Content words, a hyphenated one with its parts too ("e-bikes": "bike"), singular."""
    words = content_words(text) + content_words(_HYPHEN.sub(" ", text))
    return {w[:-1] if len(w) > 3 and w.endswith("s") and not w.endswith("ss") else w for w in words}


_HYPHEN = regex.compile(r"(?<=\p{L})-(?=\p{L})")


def moved_restriction(claim: str, passages: list[str]) -> str | None:
    """The source sentence that restricts to one item what the claim says of another of its kind,
    if any: "child seats are available on e-bikes too" beside "child seats are available on hybrid
    bikes only"; "Willow Cottage ..., and dogs are allowed there too" beside "Dogs are allowed in
    Bramble Cottage only". The claim holds every content word (two at least) of the restricted
    statement, names an item of the same kind (its last word: "bikes", "Cottage") without the words
    that tell the restricted item apart ("hybrid", "Bramble"), and says no "only" or "not" of its own.
    """
    if _OWN_LIMIT.search(claim):
        return None
    words = _split_words(claim)
    for passage in passages:
        for sentence in passage_sentences(passage):
            for statement, named in _restricted(sentence):
                head = _split_words(statement.rsplit(" and ", 1)[-1])
                item = content_words(named)
                if len(head) < 2 or len(item) < 2 or not head <= words:
                    continue
                kind, marks = _split_words(item[-1]), _split_words(" ".join(item[:-1]))
                if kind <= words and not marks & words:
                    return sentence
    return None


_ONLY_DOER = regex.compile(
    r"(?:^|[.;:]\s*|\b(?:and|but)\s+)only\s+(?P<who>(?:the\s+|our\s+|registered\s+|paying\s+)?[\p{L}-]+)\s+"
    r"(?:(?:of|from|in|with|aged|over|under|who\s+\p{L}+)\s+(?:[\p{L}-]+\s+){0,3}?)?"
    r"(?P<does>(?:can|may|could|will|are|is|get|gets|have|has|receive|receives|need|needs)\b[^.;:,]{3,120})",
    regex.IGNORECASE,
)
"""A statement an "only" restricts to who does it: "Only members can book the courts online"."""


def only_doer(claim: str, passages: list[str]) -> str | None:
    """The source sentence that says only some can do what the claim says others (or anyone) do,
    if any: "Guests can book the courts online" or "Anyone can book the courts online" beside
    "Only members can book the courts online; guests must book at reception". The claim holds
    every content word (two at least) of what is done, none of the word that names who may
    do it, and says no "only" or "not" of its own."""
    if _OWN_LIMIT.search(claim):
        return None
    words = _split_words(claim)
    widened = _WIDENED.search(claim) is not None  # "Visitors from outside the county can *also* get ..."
    for passage in passages:
        for sentence in passage_sentences(passage):
            for found in _ONLY_DOER.finditer(sentence):
                does, who = _split_words(found.group("does")), _split_words(found.group("who"))
                held = len(does & words)
                if who and not who & words and held >= 2 and (does <= words or (widened and held >= len(does) / 2)):
                    return sentence
    return None


_WIDENED = regex.compile(r"\b(?:also|too|as\s+well|anyone|anybody|everyone|everybody|all|any)\b", regex.IGNORECASE)
"""Words by which a claim extends what it says to others."""
