"""What the support check makes of one answer beside one source, for the tests of its rules."""

from __future__ import annotations

from lexguard._models import Source
from lexguard.grounding import SupportChecker


def refuses_nothing(checker: SupportChecker, answer: str, source: str) -> bool:
    """Whether the check refuses no claim of ``answer`` beside the one source ``source``."""
    result = checker.check(answer, [Source(id="s", content=source)])
    return all(c.supported is not False for c in result.claims)
