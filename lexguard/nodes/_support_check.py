"""The ``support_check`` node: verify each claim of the answer against the sources."""

from __future__ import annotations

import asyncio
from typing import Any

from langchain_core.runnables import RunnableConfig

from lexguard._models import Finding, FindingKind, Severity
from lexguard._state import GuardState, question_of
from lexguard._config import GuardConfig
from lexguard.grounding import SupportChecker, SupportResult
from lexguard.nodes._base import GuardNode

__all__ = ["SupportCheckNode"]

NO_SOURCES_REASON = "no sources were given, so support was not checked"


class SupportCheckNode(GuardNode):
    """Split the answer into claims, find evidence for each and score the answer's confidence.

    Args:
        config: Guard settings.
        checker: The support checker; one is created from ``config.grounding`` when omitted.
            Share one checker between requests so source embeddings are cached.
    """

    name = "support_check"

    def __init__(self, config: GuardConfig | None = None, *, checker: SupportChecker | None = None) -> None:
        super().__init__(config)
        self.checker = checker or SupportChecker(self.config.grounding)

    def _skip(self, state: GuardState) -> dict[str, Any] | None:
        if not self.config.grounding.enabled:
            return {"confidence": 1.0}
        if not state.get("checked_sources"):
            finding = Finding(
                kind=FindingKind.NO_SOURCES,
                severity=Severity.SOFT,
                message="No sources were given; the answer's support was not checked.",
                rule_id="support.no_sources",
                stage=self.name,
            )
            return {
                "confidence": 1.0,
                "inconclusive_reason": NO_SOURCES_REASON,
                "findings": [*(state.get("findings") or []), finding],
            }
        return None

    def _update(self, state: GuardState, result: SupportResult) -> dict[str, Any]:
        return {
            "claims": list(result.claims),
            "citations": list(result.citations),
            "confidence": result.confidence,
            "inconclusive_reason": result.inconclusive_reason,
            "findings": [*(state.get("findings") or []), *result.findings],
        }

    def _with_knowledge(self, state: GuardState, update: dict[str, Any]) -> dict[str, Any]:
        """Add the knowledge-graph findings when the state carries a ``knowledge`` context."""
        knowledge = state.get("knowledge")
        if not knowledge:
            return update
        from lexguard.knowledge import check_knowledge

        report = check_knowledge(state.get("answer") or "", knowledge, self.config.knowledge)
        findings = list(update.get("findings", state.get("findings") or []))
        if state.get("checked_sources"):
            update["confidence"] = min(float(update.get("confidence", 1.0)), report.score)
        else:  # the knowledge graph is the evidence: no "no sources" warning
            findings = [f for f in findings if f.kind != FindingKind.NO_SOURCES]
            update["confidence"] = report.score
            update["inconclusive_reason"] = report.reason
        update["findings"] = [*findings, *report.findings]
        return update

    def run(self, state: GuardState, config: RunnableConfig | None = None) -> dict[str, Any]:
        skipped = self._skip(state)
        if skipped is not None:
            return self._with_knowledge(state, skipped)
        result = self.checker.check(state.get("answer") or "", state["checked_sources"], question_of(state))
        return self._with_knowledge(state, self._update(state, result))

    async def arun(self, state: GuardState, config: RunnableConfig | None = None) -> dict[str, Any]:
        skipped = self._skip(state)
        if skipped is None:
            result = await self.checker.acheck(state.get("answer") or "", state["checked_sources"], question_of(state))
            update = self._update(state, result)
        else:
            update = skipped
        if not state.get("knowledge"):
            return update
        return await asyncio.to_thread(self._with_knowledge, state, update)
