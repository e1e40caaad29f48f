"""The statuses a support check gives an answer's claims, for tests that read one answer at a time."""

from __future__ import annotations

from lexguard._models import Source
from lexguard.grounding import SupportChecker

__all__ = ["statuses"]


def statuses(
    checker: SupportChecker, source: str | list[str], answer: str, question: str | None = None, *, checked: bool = False
) -> set[str]:
    """The set of claim statuses of ``answer`` checked against ``source`` (one text or several);
    with ``checked``, the claims not checked (fillers, meta statements) left out."""
    texts = [source] if isinstance(source, str) else source
    claims = checker.check(answer, [Source(id=f"s{i}", content=t) for i, t in enumerate(texts)], question).claims
    return {c.status for c in claims if not (checked and c.status == "not_checked")}
