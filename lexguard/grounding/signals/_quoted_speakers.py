"""Who said the words a claim quotes or reports: "Rovers manager Gail Simmonds admitted her side had
been "sloppy"" beside an article where the other side's manager says "We were sloppy".

A summary that gives a quote to the wrong person holds only words the sources hold: the quoted
words are in them, and so is the person, elsewhere. :func:`misquoted` finds the source sentences
that hold the claim's quoted words and who says them there (a person named in that sentence, else
in the sentence before it: "..., he said." after "Findlay was blunt."); when every one of them is
said by another person than the claim's speaker (the last person it names before the quote, with
a verb of saying between them), the claim's speaker is misplaced. :func:`misreported` does the
same for reported speech ("Chair Margaret Oduya said the company had struggled with rising costs"
beside an analyst's words): the source sentences of speech that hold most of what the claim
reports, and who says them there.
"""

from __future__ import annotations

from typing import Any

import regex

from lexguard.grounding.claims._conjuncts import statement_cuts
from lexguard.grounding.claims._passages import passage_sentences
from lexguard.grounding.signals._entities import entities, personal
from lexguard.grounding.signals._lexical import Mention, content_words, quotes

__all__ = ["misquoted", "misreported"]

_MIN_QUOTED_CHARS = 4
"""Least characters of a quoted piece for it to tell its speaker ("slow" does; "OK" does not)."""


_SPEECH = regex.compile(
    r"\b(?:sa(?:id|ys?)|told|tells?|admit(?:ted|s)?|call(?:ed|s)?|describ(?:ed|es)|insist(?:ed|s)?|warn(?:ed|s)?"
    r"|add(?:ed|s)|claim(?:ed|s)?|prais(?:ed|es)|criticis(?:ed|es)|criticiz(?:ed|es)|brand(?:ed|s)|label(?:l?ed|s)"
    r"|dismiss(?:ed|es)|stat(?:ed|es)|wr(?:ote|ites)|urg(?:ed|es)|argu(?:ed|es)|explain(?:ed|s)|declar(?:ed|es)"
    r"|announc(?:ed|es)|not(?:ed|es)|remark(?:ed|s)|jok(?:ed|es)|quipp?(?:ed|s)|conced(?:ed|es)|acknowledg(?:ed|es)"
    r"|vow(?:ed|s)|promis(?:ed|es)|predict(?:ed|s)|accus(?:ed|es)|hail(?:ed|s)|slamm?(?:ed|s)|blast(?:ed|s)"
    r"|recall(?:ed|s)|confess(?:ed|es)|complain(?:ed|s)|suggest(?:ed|s)"
    r"|(?:say|tell|admitt|call|describ|insist|warn|add|claim|prais|criticis|criticiz|dismiss|stat|writ|urg|argu"
    r"|explain|declar|announc|not|remark|conced|acknowledg|vow|promis|predict|accus|recall|confess|complain"
    r"|suggest)ing)\b",
    regex.IGNORECASE,
)
"""A verb of saying between the claim's speaker and its quote ("Gail Simmonds *admitted* her side
had been "sloppy"", "with Tom Reilly *saying* the town had ..."): without one, the person named
before a quote need not be the one quoted."""
_LISTED = regex.compile(r"(?-i:\p{Lu})[\p{L}'\u2019-]*+(?:,\s*+(?:and\s++)?|,?\s++(?:and|&)\s++)$")
"""A name and a comma or "and" before the speaker: the last of a list of people, whose quote is the group's."""
_MOST_BETWEEN = 80
"""Most characters between the speaker and the quote."""


def _people(text: str) -> list[Mention]:
    return [e for e in entities(text) if personal(e.text, common_given=True)]


def _said_by(sentences: list[str], at: int) -> set[str]:
    """The name words of the people the sentence at ``at`` names, else the sentence before's."""
    for n in (at, at - 1):
        if n >= 0:
            found = _people(sentences[n])
            if found:
                return {word for person in found for word in person.key.split()}
    return set()


def _norm(text: str) -> str:
    return regex.sub(r"\s+", " ", text.replace("\u2019", "'")).strip().lower()


def misquoted(claim: str, index: Any) -> list[tuple[Mention, str]]:
    """The claim's speaker (a person named before its quote) for each quote its sources give only
    to other people, with the source sentence that does.

    Args:
        claim: The claim text.
        index: The sources' index (its ``sources``).
    """
    quoted = [q for q in quotes(claim) if len(q.text.strip("\"'\u201c\u201d")) >= _MIN_QUOTED_CHARS]
    if not quoted:
        return []
    speakers = [p for p in _people(claim) if p.span[1] <= quoted[0].span[0]]
    if not speakers:
        return []
    speaker = speakers[-1]
    if _LISTED.search(claim[: speaker.span[0]]):
        return []  # "siblings Kerry, Rory and Kathleen ... calling it "dangerous"": said by them all
    between = claim[speaker.span[1] : quoted[0].span[0]]
    if len(between) > _MOST_BETWEEN or not _SPEECH.search(between):
        return []  # "Meghan Markle ..., with some believing she is aiming to become "...": not her words
    own = set(speaker.key.split())
    sentences = [s for source in index.sources for s in passage_sentences(source.content)]
    lowered = [_norm(s) for s in sentences]
    out = []
    for quote in quoted:
        words = _norm(quote.text.strip("\"'\u201c\u201d"))
        holders = [n for n, s in enumerate(lowered) if words in s]
        said = [_said_by(sentences, n) for n in holders]
        if holders and all(people and not people & own for people in said):
            out.append((speaker, sentences[holders[0]]))
            break
    return out


_REPORTED = regex.compile(r"\s*+(?:,[^,]{0,60},\s*+)?(?P<verb>" + _SPEECH.pattern + r")\s*+(?:that\s++)?",
                          regex.IGNORECASE)
"""A verb of saying right after the speaker (an apposition between them allowed), then what is said."""
_REPORT_PARTS = regex.compile(r",?\s++(?:and|but)\s++that\s++|;\s*+")
_MIN_REPORTED_WORDS = 4
"""Fewest content words of a reported statement for it to tell its speaker."""
_MIN_COVER = 0.6
"""Share of the reported statement's content words a source sentence of speech must hold."""
_SPOKEN = regex.compile(r"['\u2018\u2019\"\u201c\u201d]")


def misreported(claim: str, index: Any) -> list[tuple[Mention, str]]:
    """The claim's speaker of reported speech ("Professor Tom Greaves warned that sample sizes were
    small") when the source sentences of speech that hold most of what is reported (three fifths of
    its content words, four at least; a sentence with a verb of saying or a quotation mark) are
    every one said by another person named there or in the sentence before, with that sentence.
    Only the first speaker with a verb of saying is read, up to the next person the claim names
    with one, or the next statement (", and the club has ...": :func:`statement_cuts`)."""
    if quotes(claim):
        return []  # quoted words: :func:`misquoted` reads them
    for speaker in _people(claim):
        said = _REPORTED.match(claim, speaker.span[1])
        if said is None:
            continue
        own = set(speaker.key.split())
        family = regex.compile(rf"(?<!\w){regex.escape(speaker.text.split()[-1])}(?!\w)")
        sentences = [s for source in index.sources for s in passage_sentences(source.content)]
        ends = [p.span[0] for p in _people(claim) if p.span[0] > said.end() and _REPORTED.match(claim, p.span[1])]
        ends += [start for start, _ in statement_cuts(claim) if start > said.end()]
        reported = claim[said.end() : min(ends, default=len(claim))]  # up to the next speaker or statement
        for part in _REPORT_PARTS.split(reported):
            words = set(content_words(part))
            if len(words) < _MIN_REPORTED_WORDS:
                continue
            holders = [n for n, s in enumerate(sentences) if (_SPEECH.search(s) or _SPOKEN.search(s))
                       and len(words & set(content_words(s))) >= _MIN_COVER * len(words)]
            theirs = [n for n in holders if not family.search(sentences[n]) and not (
                n > 0 and not _people(sentences[n]) and family.search(sentences[n - 1]))]  # "..., she said."
            by = [_said_by(sentences, n) for n in theirs]
            if holders and theirs == holders and all(people and not people & own for people in by):
                return [(speaker, sentences[holders[0]])]
        return []
    return []
