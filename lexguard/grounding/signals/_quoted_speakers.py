"""Who said the words a claim quotes: "Rovers manager Gail Simmonds admitted her side had been
"sloppy"" beside an article where the other side's manager says "We were sloppy".

A summary that gives a quote to the wrong person holds only words the sources hold: the quoted
words are in them, and so is the person, elsewhere. :func:`misquoted` finds the source sentences
that hold the claim's quoted words and who says them there (a person named in that sentence, else
in the sentence before it: "..., he said." after "Findlay was blunt."); when every one of them is
said by another person than the claim's speaker, the claim's speaker is misplaced.
"""

from __future__ import annotations

from typing import Any

import regex

from lexguard.grounding.claims._sentences import passage_sentences
from lexguard.grounding.signals._entities import entities, personal
from lexguard.grounding.signals._lexical import Mention, quotes

__all__ = ["misquoted"]

_MIN_QUOTED_CHARS = 4
"""Least characters of a quoted piece for it to tell its speaker ("slow" does; "OK" does not)."""


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
