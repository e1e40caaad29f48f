"""A year worked out from a span, given to the other end of it.

"Work on the bridge was finished in 1887" beside "The bridge was completed in 1893 after six
years of construction": 1887 is 1893 - 6, so the rule of worked-out numbers (:mod:`._derived`)
took it for the year work began. But the claim gives it to the *end* of the work, and the
evidence gives the end another year: the claim's year is another value of that statement. A year
is read so only when the claim and an evidence sentence name the same end of an event (its start
or its finish) and no word of the claim says the year was worked out ("six years later").
"""

from __future__ import annotations

from collections.abc import Iterable

import regex

from lexguard.grounding.claims._passages import passage_sentences
from lexguard.grounding.signals._clauses import statement_at
from lexguard.grounding.signals._lexical import Mention
from lexguard.grounding.signals._statements import number_class

__all__ = ["other_end_year"]

_PHASES = {
    "start": regex.compile(
        r"\b(?:beg[ai]n|begun|begins|beginning|start(?:s|ed|ing)?|commenc(?:e|es|ed|ing)|broke\s+ground"
        r"|ground\s+was\s+broken|laid\s+the\s+foundation|foundation\s+stone\s+was\s+laid)\b",
        regex.IGNORECASE,
    ),
    "end": regex.compile(
        r"\b(?:finish(?:es|ed|ing)?|complet(?:e|es|ed|ing|ion)|end(?:s|ed)|conclud(?:e|es|ed)"
        r"|wrapped\s+up|open(?:s|ed)\s+(?:in|on)|opening|inaugurat(?:ed|ion)|done)\b",
        regex.IGNORECASE,
    ),
}
"""Words that name one end of an event: its start ("work began", "broke ground") or its finish
("was completed", "opened in")."""

_WORKED = regex.compile(
    r"\b(?:later|earlier|after|before|ago|since|prior|took|lasted|spent|span(?:ning|ned)?|within)\b",
    regex.IGNORECASE,
)
"""Words of a claim's statement that say its year was counted from another ("six years *later*")."""

_YEAR = regex.compile(r"(?<![\d,.])\b1\d{3}\b|\b20\d\d\b")


def _phase(text: str) -> str | None:
    """The one end of an event a statement names, or ``None`` when it names neither or both."""
    named = [phase for phase, words in _PHASES.items() if words.search(text)]
    return named[0] if len(named) == 1 else None


def other_end_year(claim: str, mention: Mention, texts: Iterable[str]) -> bool:
    """Whether a claim year that a span would give is instead given, by an evidence sentence, to
    the same end of the event as the claim gives it: "was finished in 1887" beside "was completed
    in 1893 after six years of construction".

    Args:
        claim: The claim text.
        mention: A year of the claim that no source states.
        texts: The claim's best evidence chunks.

    Returns:
        ``True`` when the claim's statement names one end of an event (its start or its finish)
        with no word of a worked-out year, and an evidence statement names the same end with
        another year.
    """
    if number_class(claim, mention) != "year":
        return False
    own = statement_at(claim, mention.span[0])
    phase = _phase(own)
    if phase is None or _WORKED.search(own):
        return False
    year = mention.key
    for chunk in texts:
        for sentence in passage_sentences(chunk):
            for found in _YEAR.finditer(sentence):
                if found.group() == year:
                    continue
                statement = statement_at(sentence, found.start())
                if _phase(statement) == phase and _PHASES[phase].search(statement):
                    return True
    return False
