"""What the support check makes of one answer beside one source, for the tests of its rules."""

from __future__ import annotations

from lexguard._models import Source
from lexguard.grounding import SupportChecker


def refuses_nothing(checker: SupportChecker, answer: str, source: str) -> bool:
    """Whether the check refuses no claim of ``answer`` beside the one source ``source``."""
    result = checker.check(answer, [Source(id="s", content=source)])
    return all(c.supported is not False for c in result.claims)


def is_refused(checker: SupportChecker, answer: str, sources: list[str], question: str | None = None) -> bool:
    """Whether the check refuses a claim of ``answer`` beside ``sources`` (asked ``question``)."""
    result = checker.check(answer, [Source(id=f"s{i}", content=t) for i, t in enumerate(sources)], question)
    return any(c.supported is False for c in result.claims)
