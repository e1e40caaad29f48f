"""Does the answer give what a measuring question asks for? ("How tall ...?" wants a length.)

The Self-RAG usefulness score (ISUSE) compares the answer's meaning with the question's, so "The
Eiffel Tower was completed in 1889." reads as useful for "How tall is the Eiffel Tower?": same
subject. A question that asks for a quantity of a kind (a length, a mass, a temperature, a count)
is not answered by a text that states no number of that kind; the support check then adds a soft
``unanswered`` finding and keeps its confidence below the threshold, so the answer is retried
(with the finding as feedback) or refused with the reason, never accepted at 1.00.
"""

from __future__ import annotations

import regex

from lexguard._models import CheckResult, Finding, Severity

__all__ = ["unanswered"]

_ASKS = (
    (regex.compile(r"\bhow\s+(tall|high|long|far|deep|wide|thick)\b", regex.IGNORECASE), "length"),
    (regex.compile(r"\bhow\s+(heavy)\b", regex.IGNORECASE), "mass"),
    (regex.compile(r"\bhow\s+(hot|cold|warm)\b", regex.IGNORECASE), "temperature"),
    (regex.compile(r"\bhow\s+(many)\b", regex.IGNORECASE), "count"),
)
_NONE = regex.compile(r"\b(no|none|zero|one|a single|nobody|nothing)\b", regex.IGNORECASE)


def _asked(question: str) -> tuple[str, str] | None:
    """``(the question's words, the kind of quantity)`` it asks for, or ``None``."""
    for pattern, kind in _ASKS:
        if match := pattern.search(question):
            return match.group(0), kind
    return None


def _states(answer: str, kind: str) -> bool:
    from lexguard.grounding.signals._lexical import numbers
    from lexguard.grounding.signals._units import UNITS

    found = numbers(answer)
    if kind == "count":
        return bool(found) or bool(_NONE.search(answer))
    after = regex.compile(r"\s*-?\s*(°\s?[cf]\b|\p{L}+)", regex.IGNORECASE)
    for mention in found:
        unit = after.match(answer, mention.span[1])
        word = unit.group(1).lower().replace(" ", "") if unit else ""
        if UNITS.get(word) == kind:
            return True
    return False


def unanswered(result: CheckResult, question: str | None, answer: str, threshold: float) -> CheckResult:
    """``result`` with a soft ``unanswered`` finding and its confidence below ``threshold`` when
    ``question`` asks for a quantity the answer does not state; else ``result`` unchanged."""
    asked = _asked(question or "")
    if asked is None or not answer.strip() or _states(answer, asked[1]):
        return result
    words, kind = asked
    what = "number" if kind == "count" else f"{kind} (a number with its unit)"
    finding = Finding(kind="unanswered", severity=Severity.SOFT, rule_id="support.unanswered", stage="support_check",
                      message=(f"The question asks {words.lower()!r}, but the answer states no {what}: it does not "
                               "answer the question. Give it from the sources, or say that they do not."))
    confidence = min(result.confidence if result.confidence is not None else threshold, threshold - 0.01)
    return result.model_copy(update={"findings": (*result.findings, finding), "confidence": max(confidence, 0.0)})
