"""A role, a life or a band the sources say has ended, said to go on: "is the current environment
minister" beside "served as Minister for the Environment from 2014 to 2018", "is a living Danish
architect" beside "Henrik Solberg (1931-2019)", "are currently an active band" beside "the band
broke up in 2014".

Every word of such a claim but its tense is in the sources, and the verifier read them as
supported (0.96-0.98). :func:`ended_conflict` finds, for a claim that says something holds now
("current", "currently", "still", "now", "living", "active"), the source clause holding most of the
claim's other words that gives it an end: a span of years closed ("from 2014 to 2018", "until
1998"), a death ("(1931-2019)", "died in"), a break-up; a clause that says it goes on ("since
2019", "has been", "remains", "reunited") is none.
"""

from __future__ import annotations

import regex

from lexguard.grounding.claims._passages import passage_sentences
from lexguard.grounding.signals._clauses import clauses
from lexguard.grounding.signals._entities import entities
from lexguard.grounding.signals._lexical import content_words

__all__ = ["ended_conflict", "ongoing_conflict"]

_NOW = regex.compile(
    r"\b(?:is|are)\s+(?:the\s+)?(?:current|incumbent)\b|\bcurrently\b|\b(?:is|are)\s+(?:still|now)\b"
    r"|\bstill\s+(?!(?:is|was|has|does|needs|remains)\b)\p{Ll}{3,}(?:s|ing)\b"
    r"|\b(?:is|are)\s+(?:still\s+|currently\s+)?(?:an?\s+)?(?:active|living|alive)\b",
    regex.IGNORECASE,
)
"""A claim that something holds of its subject now ("is the current minister", "are currently an
active band", "is a living architect", "still heads the company"); not "15 others still missing",
said of others."""
_LIFE = regex.compile(r"\b(?:living|alive)\b", regex.IGNORECASE)
_NOW_WORDS = frozenset({"current", "currently", "still", "now", "presently", "living", "alive", "active", "incumbent",
                        "serv"})
"""Words of the claim's tense, not of what it says (content words as ``content_words`` writes them)."""
_DIED = regex.compile(r"\b\d{4}\s*[-\u2013\u2014]\s*\d{4}\b|\b(?:died|dies|death|late)\b", regex.IGNORECASE)
"""A life the sources end: "(1931-2019)", "died in 2019"."""
_ENDED = regex.compile(
    r"\bfrom\s+\d{4}\s+(?:to|until|till)\s+\d{4}\b|\b\d{4}\s*[-\u2013\u2014]\s*\d{4}\b|\b(?:until|till)\s+(?:his\s+|her\s+|their\s+)?"
    r"(?:\w+\s+)?\d{4}\b|\bbetween\s+\d{4}\s+and\s+\d{4}\b|\b(?:former|formerly|broke\s+up|split\s+up"
    r"|disbanded|dissolved|retired|resigned|stepped\s+down|defunct|closed\s+down|ceased)\b",
    regex.IGNORECASE,
)
"""A role, a band or a business the sources end: "from 2014 to 2018", "until 1998", "broke up"."""
_GOES_ON = regex.compile(r"(?<!\b(?:not|never)\s)\b(?:since|has\s+been|have\s+been|remains?|continues?|reunited|still"
                         r"|currently|is\s+now)\b", regex.IGNORECASE)
_DENIED = regex.compile(r"\b(?:no\s+longer|not|never|former|formerly)\b|n['\u2019]t\b", regex.IGNORECASE)
MIN_HELD = 0.6
"""Least share of the claim's other content words the clause must hold."""


def ended_conflict(claim: str, passages: list[str]) -> str | None:
    """The source clause that ends what the claim says holds now, if any.

    Example:
        >>> ended_conflict("Ana Berg is the current culture minister.",
        ...                ["Ana Berg (born 1960) is a politician. She was culture minister from 2010 to 2014."])
        'She was culture minister from 2010 to 2014.'
        >>> ended_conflict("Ana Berg is the current culture minister.",
        ...                ["Ana Berg is a politician. She has been culture minister since 2010."])
    """
    if not _NOW.search(claim) or _DENIED.search(claim):
        return None  # "are no longer active" says it has ended
    best = _best_clause(_NOW.sub(" ", claim), claim, passages)
    if best is None:
        return None
    clause, sentence = best
    ended_by = _DIED if _LIFE.search(claim) else _ENDED
    tail = sentence[sentence.find(clause) + len(clause) :] if clause in sentence else ""
    ended = ended_by.search(clause) or (_UNTIL.match(tail) if ended_by is _ENDED else None)
    return sentence if ended is not None and not _GOES_ON.search(clause) else None


_UNTIL = regex.compile(r"\s*+,?\s*+(?:until|till)\s++(?:\w+\s+)?\d{4}\b", regex.IGNORECASE)
"""An end the clause cut leaves after the clause: "was chief executive of Nordhem | until 2015"."""


_OVER = regex.compile(r"\b(?:is|are|was|were)\s+(?:a|an|the)\s+former\b|\bno\s+longer\b|\bformerly\b|\bused\s+to\b"
                      r"|\b(?:has|have)\s+(?:now\s+)?(?:come\s+to\s+an\s+end|ended|finished|been\s+wound\s+up)\s*+[.;]?$",
                      regex.IGNORECASE)
"""A claim that a role or a state of its subject has ended ("is a former mayor", "no longer heads",
"has come to an end")."""
_ONGOING = regex.compile(r"\b(?:has|have)\s+(?:\w+\s+)?(?:been|\w+ed|led|run|held|taught|kept)\b[^.;]*\bsince\b"
                         r"|\b(?:is|are)\s+(?:the\s+)?(?:current|incumbent|sitting)\b|\b(?:currently|still)\b",
                         regex.IGNORECASE)
"""A source clause that says it goes on ("has served as mayor since 2014", "is the current mayor")."""


def ongoing_conflict(claim: str, passages: list[str]) -> str | None:
    """The source clause that says what the claim says has ended goes on, if any: "is a former
    Mayor of Pune" beside "has served as Mayor of Pune since 2014" (the verifier read it as
    supported, 0.99). A claim that gives a year of its own ("left in 2016") is not read.

    Example:
        >>> ongoing_conflict("Ana Berg is a former culture minister.",
        ...                  ["Ana Berg is a politician. She has been culture minister since 2010."])
        'She has been culture minister since 2010.'
        >>> ongoing_conflict("Ana Berg is a former culture minister.",
        ...                  ["Ana Berg (born 1960) is a politician. She was culture minister from 2010 to 2014."])
    """
    if not _OVER.search(claim) or regex.search(r"\b\d{4}\b", claim) or _ONGOING.search(claim):
        return None  # a year of its own, or what goes on beside what ended ("still listed, but no longer open")
    best = _best_clause(_OVER.sub(" ", claim), claim, passages)
    if best is None:
        return None
    clause, sentence = best
    return sentence if _ONGOING.search(clause) and not _ENDED.search(clause) else None


_ASIDE = regex.compile(r",\s*+(?:which|who|whose)\b[^,]*+,")
"""A relative clause inside the claim ("The survey, which recorded 4,000 wrecks, has come to an end"):
what it adds is not the statement whose tense is read."""


def _best_clause(said: str, claim: str, passages: list[str]) -> tuple[str, str] | None:
    """The source clause (and its sentence) holding most of the claim's words but its tense and its
    relative clauses, at least :data:`MIN_HELD` of them, and every name of the claim."""
    words = set(content_words(_ASIDE.sub(" ", said))) - _NOW_WORDS - {"former", "formerly", "longer", "used"}
    words -= {"come", "end", "ended", "finish", "finished", "progress", "way"}
    names = [set(content_words(e.text)) for e in entities(claim)]
    if not words:
        return None
    best: tuple[float, str, str] | None = None
    for passage in passages:
        opening, *_ = passage_sentences(passage) or [""]
        subject = set(content_words(" ".join(e.text for e in entities(opening))))
        for sentence in passage_sentences(passage):
            for clause in clauses(sentence) or [sentence]:
                held = set(content_words(clause)) | (subject if sentence != opening else set())
                if not all(name <= held | set(content_words(sentence)) for name in names):
                    continue
                share = len(words & held) / len(words)
                if share >= MIN_HELD and (best is None or share > best[0]):
                    best = (share, clause, sentence)
    return None if best is None else (best[1], best[2])
