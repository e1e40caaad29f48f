"""A weekday given to another case of its sentence.

"Recycling bins in the Eastmoor ward are emptied on Mondays" beside "general waste bins are
emptied on Mondays and recycling bins on Thursdays": every word and day of the claim is in the
sentence, and the verifier had called it supported. The sentence gives one day per case, each case
told by the words before a head word every part shares ("general waste | bins", "recycling |
bins"). :func:`crossed_day` finds a claim that gives one case's words another case's day.
"""

from __future__ import annotations

from collections.abc import Iterable

import regex

from lexguard.grounding.claims._passages import passage_sentences
from lexguard.grounding.signals._lexical import content_words
from lexguard.grounding.signals._negation import negated
from lexguard.grounding.signals._weekdays import day_mentions

__all__ = ["crossed_day"]

_JOINT = regex.compile(r",\s*+(?:(?:and|but|while|whereas|or)\s++)?|;\s*+|\s++(?:and|but|while|whereas)\s++",
                       regex.IGNORECASE)
"""Where one day's part of a sentence ends and the next one's begins: the last such joint between them."""
_TOKEN = regex.compile(r"[\p{L}\p{N}'\u2019-]+")
MAX_CASES = 6
"""Most days of one sentence read as its cases (a timetable is no sentence of cases)."""
MAX_CASE_WORDS = 3
"""Most words before a head word that tell a case ("general waste bins")."""


def _tokens(text: str) -> list[str]:
    """The text's content words in order (one per word the lexicon keeps)."""
    return [w for token in _TOKEN.findall(text) for w in content_words(token)[:1]]


def _case(words: list[str], heads: set[str]) -> set[str]:
    """The words before the first head word of ``words``, up to :data:`MAX_CASE_WORDS`."""
    at = next((i for i, w in enumerate(words) if w in heads), None)
    return set(words[max(0, at - MAX_CASE_WORDS):at]) if at else set()


def _parts(sentence: str, found: list[tuple[tuple[int, int], frozenset[int]]]) -> list[str] | None:
    """The sentence cut into one part per day mention, at the last joint between two; ``None``
    where two mentions have no joint between them ("Monday to Friday and Saturday" is one span)."""
    cuts = [0]
    spans = [span for span, _ in found]
    for a, b in zip(spans, spans[1:], strict=False):
        joints = list(_JOINT.finditer(sentence, a[1], b[0]))
        if not joints:
            return None
        cuts.append(joints[-1].start())
    cuts.append(len(sentence))
    return [sentence[cuts[i]:cuts[i + 1]] for i in range(len(found))]


def crossed_day(claim: str, passages: Iterable[str]) -> str | None:
    """The source sentence that gives the claim's case another weekday, if any.

    Args:
        claim: The claim text, read by its parts as a source sentence is (each naming one day or
            span of days).
        passages: The claim's best evidence chunks.

    Returns:
        A sentence of two or more parts, none negated, each with its own days, told apart by the
        words before a head word every part holds, where the claim's words before that head word
        are one part's and its days are none of that part's; ``None`` when there is none.
    """
    own = day_mentions(claim)
    pieces = (_parts(claim, own) or []) if len(own) > 1 else [claim] * len(own)
    read = [(piece, days) for piece, (_, days) in zip(pieces, own, strict=False)]
    if not read:
        return None
    for sentence in dict.fromkeys(s for passage in passages for s in passage_sentences(passage)):
        found = day_mentions(sentence)
        if not 2 <= len(found) <= MAX_CASES or len({d for _, d in found}) < len(found) or not (
                parts := _parts(sentence, found)):
            continue
        if any(negated(part) for part in parts):
            continue  # "Although it is not open on Sundays, the shop is open late on Fridays": no cases of one kind
        words = [_tokens(part) for part in parts]
        for statement, days in read:
            claim_words = _tokens(statement)
            heads = set.intersection(*(set(w) for w in words)) & set(claim_words)
            cases = [_case(w, heads) for w in words]
            ours = _case(claim_words, heads)
            if not heads or not ours or any(not c for c in cases):
                continue
            held = [i for i, c in enumerate(cases) if ours & c]
            if len(held) == 1 and not found[held[0]][1] & days and any(days <= d for _, d in found):
                return sentence
    return None
