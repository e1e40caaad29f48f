"""The ``parse`` node: coerce the inputs, clean the raw output or reject it."""

from __future__ import annotations

from typing import Any

from langchain_core.runnables import RunnableConfig

from lexguard._errors import InputError
from lexguard._inputs import coerce_answer, coerce_sources, is_truncated
from lexguard._limits import check_limits
from lexguard._models import Finding, FindingKind, Severity
from lexguard._state import GuardState
from lexguard.nodes._base import GuardNode
from lexguard.parsing import ParseResult, parse_output

__all__ = ["ParseNode"]


class ParseNode(GuardNode):
    """Start a new attempt: normalise answer and sources, then run the output parser.

    Writes ``attempt`` (incremented), ``answer`` (cleaned), ``checked_sources`` (``Source`` objects),
    ``findings`` (reset to the parser's), ``parsed`` and, on the first attempt, ``original_answer``.
    """

    name = "parse"

    def run(self, state: GuardState, config: RunnableConfig | None = None) -> dict[str, Any]:
        attempt = int(state.get("attempt") or 0) + 1
        update: dict[str, Any] = {
            "attempt": attempt,
            "claims": [],
            "citations": [],
            "confidence": 0.0,
            "inconclusive_reason": None,
            "parsed": None,
        }
        raw = state.get("answer")
        try:
            text = coerce_answer(raw)
            update["checked_sources"] = coerce_sources(state.get("sources"))
            check_limits(text, update["checked_sources"], self.config.limits)
        except InputError as exc:
            update["checked_sources"] = []
            update["answer"] = raw if isinstance(raw, str) else ""
            update.setdefault("original_answer", state.get("original_answer", update["answer"]))
            update["inconclusive_reason"] = str(exc)
            update["findings"] = [
                Finding(
                    kind=FindingKind.MALFORMED,
                    severity=Severity.CRITICAL,
                    message=f"The input could not be validated: {exc}",
                    rule_id="parse.input",
                    stage=self.name,
                )
            ]
            return update
        if "original_answer" not in state or not state.get("original_answer"):
            update["original_answer"] = text
        truncated = bool(state.get("truncated")) or is_truncated(raw)
        if self.config.parser.enabled:
            result = parse_output(text, self.config.parser, truncated=truncated)
        else:
            result = ParseResult(text=text)
        update["answer"] = result.text
        update["parsed"] = result.data
        update["findings"] = list(result.findings)
        update["parse_ok"] = result.ok
        return update
