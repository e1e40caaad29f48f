"""A "Yes" or "No" is read with the question it answers.

"Was the Eiffel Tower completed in 1889?" - "No, it was completed in 1889." states a supported
fact after a false "No". The answer word says something about the question's statement (its
*proposition*, "the Eiffel Tower was completed in 1889"): "Yes" that the sources support it,
"No" that they say otherwise. The proposition is checked like any claim, against the same
sources, and the answer word is right when:

- "Yes" and the proposition is supported;
- "No" and the proposition is contradicted, or the sources do not say it and the statement after
  the "No" is supported ("Is it in Berlin?" - "No, it is in Paris.").

Any other outcome fails the claim that opens with the answer word (contradicted when the sources
say the opposite, unsupported when they say neither or the statement could not be checked); a bare "Yes." / "No." is then a claim of
its own instead of a filler. Questions that are not yes/no questions, a "No" to a negative
question ("Isn't it ...?", whose "No" means different things to different people; its "Yes" says
the positive statement holds) and answers that open with no answer word are left as they are.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import regex

from lexguard._enums import FindingKind, Severity
from lexguard._models import Claim, Finding
from lexguard.grounding.claims._questions import answer_word, polar_proposition, yes_proposition
from lexguard.grounding.claims._worthiness import FILLER_REASON, META_REASON, QUESTION_REASON, SPEAKER_REASON
from lexguard.grounding.claims._passages import passage_sentences
from lexguard.grounding.signals._clauses import clauses
from lexguard.grounding.signals._antonyms import ANTONYMS, antonym_keys
from lexguard.grounding.signals._lexical import _stem, content_words, has_negation
from lexguard.grounding.signals._negation import denied_words
from lexguard.grounding.signals._order import order_conflict
from lexguard.grounding.signals._polarity import polarity_conflict, statement_words
from lexguard.grounding.signals._roles import WORD_RUN

__all__ = ["PolarReading", "decide_polar", "read_polar"]

_RESTRICTS = regex.compile(r"\b(?:only|short\s+of|instead|rather\s+than|except|unlike)\b", regex.IGNORECASE)
"""Words by which the statement after a "No" says what the sources say instead: "only", "short of",
"instead". Not a negation: the verifier reads "cannot be combined" beside "It can be combined"
as supported, and the question's statement is what catches that "No"."""

_COURTESIES = frozenset({FILLER_REASON, META_REASON, QUESTION_REASON, SPEAKER_REASON})
"""Reasons of claims that say nothing of the question: fillers, questions back, remarks about the
speaker and meta statements."""


@dataclass(frozen=True)
class PolarReading:
    """How an answer word fares against the checked proposition.

    Attributes:
        right: Whether the answer word agrees with what the sources say of the proposition.
        status: The proposition's status (supported, contradicted, unsupported, not_checked).
        proposition: The statement the question asks about.
        evidence: The passage the proposition was decided on ("" when none).
        support: How well the answer word is supported, 0..1.
        bare: Whether the claim is the answer word alone ("No.").
        yes: The answer word's sense.
    """

    right: bool
    status: str
    proposition: str
    evidence: str
    support: float
    bare: bool
    yes: bool


def read_polar(
    claims: list[Claim], question: str | None, check: Callable[[str], tuple[str, str, float]]
) -> dict[int, PolarReading]:
    """The reading of the answer word that opens the first claim (after any greeting or
    acknowledgement: "Great question! Yes - ..."), when the question is yes/no.

    Args:
        claims: The answer's claims, in order.
        question: The user question.
        check: Checks one statement against the sources: ``(status, evidence, support)``.

    Returns:
        ``{claim index: reading}``, empty when nothing applies.
    """
    if not claims:
        return {}
    # a greeting or an acknowledgement before the answer word answers nothing ("Great question!
    # Yes - ..."): the answer word opens the first claim after them
    first = next((c for c in claims if c.reason not in _COURTESIES), claims[0])
    word = answer_word(first.text, echo=True)  # "She is!" to "She's in the band, isn't she?"
    # a "Yes" to a negative question says its positive statement holds; a "No" is left alone
    proposition = (yes_proposition if word is not None and word.yes else polar_proposition)(question)
    if word is None or proposition is None:
        return {}
    status, evidence, support = check(proposition)
    opposed = _opposed_in(proposition, evidence) if status == "supported" else None
    if opposed is not None:  # the sources say the opposite by a word the verifier reads poorly
        status, evidence, support = "contradicted", opposed, min(support, 1.0 - support)
    right = status == ("supported" if word.yes else "contradicted")
    agree = support if word.yes else 1.0 - support
    bare = not regex.search(r"[\p{L}\p{N}]", first.text[word.end:])
    return {first.index: PolarReading(right, status, proposition, evidence, round(agree, 4), bare, word.yes)}


def _denied_as_the_sources_deny(text: str, evidence: str) -> bool:
    """Whether the statement after a "No" is a denial that a sentence of the evidence makes too:
    "No, no appointment is needed" beside "No appointment is needed." (the verifier read "I need
    an appointment" as supported by it). A denial the sources do not make ("No, it cannot be
    combined" beside "It can be combined") is left to the proposition."""
    word = answer_word(text)
    statement = text[word.end:] if word is not None else text
    sentences = [(_affirmed_words(s), _heads(s)) for s in passage_sentences(evidence) if has_negation(s)]
    for part in clauses(statement) or [statement]:  # "it's a walk-in clinic, | so no appointment is needed"
        words, heads = _affirmed_words(part), _heads(part)
        # the same denial: "contain no nuts" is not denied by "contain nuts but no eggs"
        if has_negation(part) and len(words) >= 2 and any(len(words & theirs) >= MIN_SHARED * len(words)
                                                           and heads & denied for theirs, denied in sentences):
            return True
    return False


def _heads(text: str) -> set[str]:
    """What the negations of ``text`` deny, each its first word ("no nuts": nuts)."""
    return {head.lower() for head in denied_words(text)[1]}


def _affirmed_words(text: str) -> set[str]:
    """Content words without the negations ("doesn't", "never"): two denials of one thing share
    their words however each writes its "not" ("doesn't include" beside "does not include")."""
    return {w for w in content_words(text) if not has_negation(w)}


MIN_SHARED = 0.75
"""Share of a denial's content words the source sentence that denies it too must hold."""
_CITED = 3
"""The claim's own best passages read for the denial it makes."""


def _states_the_opposite(text: str, proposition: str) -> bool:
    """Whether the statement after the answer word says the opposite of the question's statement
    by the rules' reading: the other order of two events ("Did the vote come before the talk?" -
    "No, members voted after the talk") or an antonym ("No, the shop is closed on Mondays"). The
    statement is supported, so the sources say the opposite too. A negated statement is left to
    :func:`_negates_the_question`, which asks the sources for the same denial."""
    word = answer_word(text)
    statement = text[word.end:] if word is not None else text
    if has_negation(statement):
        return False  # "No, the flapjacks contain no nuts": the verifier reads a denial poorly (:func:`_negates_the_question`)
    if _HEDGED.search(statement):
        return False  # "No, it is closed in lambing season, which is usually in April" says it of some years only
    return order_conflict(proposition, [statement]) is not None or polarity_conflict(proposition, [statement]) is not None


def _opposed_in(proposition: str, evidence: str) -> str | None:
    """The sentence of the evidence that says the opposite of a word of the question's statement
    and holds all its other words (three at least), neither negated, hedged nor holding that word itself:
    "Did Ellwood council approve the skate park?" beside "Ellwood Town Council's planning committee
    voted 9-4 to reject plans for a skate park" (the verifier read "approve" as "reject"). "Is
    the shop open on Mondays?" is not answered by "closed on Sundays"."""
    if has_negation(proposition):
        return None
    asked = statement_words(proposition) - _NEED  # "Do I need to pay ...?" asks whether one pays
    for raw in dict.fromkeys(WORD_RUN.findall(proposition.lower())):
        keys = antonym_keys(raw)
        opposites = frozenset().union(*(ANTONYMS.get(key, frozenset()) for key in keys))
        rest = asked - {_stem(raw), raw} - keys
        if not opposites or len(rest) < _LEAST_OPPOSED_WORDS:
            continue
        for sentence in passage_sentences(evidence):
            stems = {key for w in WORD_RUN.findall(sentence.lower()) for key in antonym_keys(w)}
            if (opposites & stems and not keys & stems and not has_negation(sentence) and not _HEDGED.search(sentence)
                    and rest <= statement_words(sentence)):
                return sentence
    return None


_NEED = frozenset(content_words("need needs required require must have"))
"""Words of a need the question asks about, which a sentence saying the opposite does without
("Do I need to pay to park on a Sunday?" beside "Parking is free on Sundays")."""
_HEDGED = regex.compile(r"\b(?:some|sometimes|usually|often|occasionally|generally|typically|may|might|could|can"
                        r"|parts?\s+of|partly|partially)\b", regex.IGNORECASE)
"""Words by which a sentence says its opposite of some cases only ("Parts of the trail are sometimes
closed ... usually in April" answers neither way whether it is open in April)."""
_LEAST_OPPOSED_WORDS = 3
"""Fewest other words of the question's statement a sentence that says its opposite must hold."""


def _negates_the_question(text: str, proposition: str, evidence: str) -> bool:
    """Whether a statement after the answer word is the question's statement negated: one clause
    holds :data:`MIN_SHARED` of the question's words (two at least) and a negation the question
    lacks ("Can we have a barbecue on the lawn at Elderwick Gardens?" - "No, barbecues aren't
    permitted in Elderwick Gardens"; not "No, it is open on Sundays but not on Mondays"), and a
    sentence of the evidence denies what that clause denies or names ("Dogs, bicycles and barbecues
    are not permitted."; "no equipment needs to be bought" for "you won't need to buy any equipment"): the verifier reads a denial poorly, so a supported "No, the flapjacks contain
    no nuts" beside "This recipe uses ... chopped nuts. It contains no eggs." proves nothing."""
    word = answer_word(text)
    statement = text[word.end:] if word is not None else text
    asked = statement_words(proposition)
    if len(asked) < 2 or has_negation(proposition):
        return False
    denied = set().union(*(_heads(sentence) for sentence in passage_sentences(evidence)))
    # the same thing denied, whichever word each denial hangs on: "you won't need to buy any
    # equipment" beside "no equipment needs to be bought"
    return any(has_negation(part) and len(asked & statement_words(part)) >= MIN_SHARED * len(asked)
               and (_heads(part) | {w.lower() for w in WORD_RUN.findall(part)}) & denied
               for part in clauses(statement) or [statement])


def _restricts(text: str) -> bool:
    """Whether the statement after the answer word of ``text`` says the opposite of the question's."""
    word = answer_word(text)
    return _RESTRICTS.search(text[word.end:] if word is not None else text) is not None


def decide_polar(claim: Claim, reading: PolarReading, threshold: float) -> tuple[Claim, list[Finding]]:
    """``claim`` (already decided on its own words, or bare) with its answer word read.

    A right answer word leaves a decided claim as it is and makes a bare one supported; a wrong
    one makes the claim contradicted (the sources say the opposite) or unsupported, with a hard
    finding that quotes the proposition's evidence.
    """
    # a denial is looked for in the proposition's evidence and in the claim's own ("Are there changing
    # rooms?" - "No, there aren't any changing facilities" beside "There are no changing facilities
    # on site", a sentence the proposition's best passage need not hold)
    denials = " ".join([reading.evidence, *(c.quote for c in claim.citations[:_CITED])])
    if not reading.yes and not reading.bare and claim.status == "supported" and (
        reading.status == "unsupported"
        or (reading.status == "supported" and (_restricts(claim.text)
                                               or _denied_as_the_sources_deny(claim.text, denials)
                                               or _states_the_opposite(claim.text, reading.proposition)
                                               or _negates_the_question(claim.text, reading.proposition, denials)))
    ):
        # "Is it in Berlin?" "No, it is in Paris.": the statement gives the sources' answer; so does
        # one that says what the sources say instead ("No, only assistance dogs may go in", "No,
        # it cut emissions by 18%, short of its 25% target"), read against a proposition in other words
        return claim, []
    if reading.right:
        if not reading.bare:
            return claim, []
        support = max(reading.support, threshold)
        return claim.model_copy(update={"support": round(support, 4), "supported": True, "status": "supported",
                                        "kind": "fact", "reason": None}), []
    said = "Yes" if reading.yes else "No"
    opposite = reading.status == ("contradicted" if reading.yes else "supported")
    status = "contradicted" if opposite else "unsupported"
    done = claim.model_copy(update={"support": min(claim.support or 0.0, reading.support, max(0.0, threshold - 0.01)),
                                    "supported": False, "status": status, "kind": "fact", "reason": None})
    if reading.status == "not_checked":
        message = (f'The answer says "{said}", but whether {reading.proposition} could not be checked against '
                   "the sources. Answer with what the sources state.")
    elif opposite:
        message = (f'The answer says "{said}", but the sources say {"otherwise" if reading.yes else "so"}: '
                   f"\u201c{reading.evidence[:200]}\u201d. Answer the question as the sources do.")
    else:
        message = (f'The answer says "{said}", but the sources do not say whether {reading.proposition}. '
                   "Say that the sources do not tell, or remove the answer word.")
    finding = Finding(
        kind=FindingKind.CONTRADICTED if opposite else FindingKind.UNSUPPORTED,
        severity=Severity.HARD,
        message=message,
        span=claim.span,
        rule_id="grounding.yes_no",
        evidence=reading.evidence[:300] or None,
        confidence=round(1.0 - reading.support, 4),
        stage="support_check",
    )
    return done, [finding]
