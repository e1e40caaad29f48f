"""A span of months stretched past the months the sources give for the same statement.

"Collections pause from November to February" beside "Garden waste collections run fortnightly
from March to November. ... Collections pause in December, January and February.": every month
of the claim is in the sources, and the verifier had called it supported (0.98). The sentence
that states what the claim's span is said of (its words, but one at most: "collections pause") names the
months it holds; a month of the claim's span outside them is taken from another statement.
"""

from __future__ import annotations

from collections.abc import Iterable

from lexguard.grounding.claims._passages import passage_sentences
from lexguard.grounding.signals._calendar_given import MONTH_WORDS
from lexguard.grounding.signals._clauses import statement_at
from lexguard.grounding.signals._dates import month_of, month_spans, months_named
from lexguard.grounding.signals._entities import entities
from lexguard.grounding.signals._lexical import Mention, content_words, has_negation

__all__ = ["stretched_span"]

MIN_WORDS = 2
"""Fewest content words of the span's statement (months aside) a sentence must hold; it may lack one
("The café closes ..." for "The Pier Café closes ...")."""


def stretched_span(claim: str, texts: Iterable[str]) -> list[tuple[Mention, str]]:
    """The months of the claim's spans that the sentence stating the same thing leaves out, each
    with that sentence.

    Args:
        claim: The claim text.
        texts: The claim's best evidence chunks.

    Returns:
        ``(month, sentence)`` for the first end of each span of months in the claim ("from November
        to February") that lies outside the months named by the one evidence sentence holding
        every other content word of the span's statement but one (:data:`MIN_WORDS` at least)
        and more of them than any other sentence that names months, negated as the statement is.
    """
    spans = month_spans(claim)
    if not spans:
        return []
    sentences = [s for s in dict.fromkeys(s for text in texts for s in passage_sentences(text)) if months_named(s)]
    out = []
    for (start, end), months in spans:
        statement = statement_at(claim, start)
        words = set(content_words(statement)) - MONTH_WORDS
        held = sorted(((len(words & set(content_words(s))), s) for s in sentences), key=lambda item: -item[0])
        if (not held or held[0][0] < max(MIN_WORDS, len(words) - 1)
                or (len(held) > 1 and held[1][0] == held[0][0])):
            continue  # no sentence, or more than one, states what the span is said of
        sentence = held[0][1]
        named = months_named(sentence)
        if has_negation(sentence) != has_negation(statement) or months <= named:
            continue
        ends = [e for e in entities(claim[start:end]) if month_of(e.text) is not None]
        outside = [e for e in ends if month_of(e.text) not in named] or ends
        if outside:
            e = outside[0]
            out.append((Mention(e.text, (e.span[0] + start, e.span[1] + start), e.key, e.alts), sentence))
    return out
