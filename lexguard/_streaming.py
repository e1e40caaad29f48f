"""Sentence-by-sentence checking of a streamed answer (``Guard.stream`` / ``astream`` / ``transform``).

Text is held back only until the sentence it belongs to is complete; each complete sentence is
checked (rule gate + support check against the sources) and then passed on unchanged, so the
concatenated output equals the input text; markup or fenced code between sentences is checked
with the sentence next to it (``SentenceBuffer``), never passed on unread. Every check emits a
``lexguard.sentence`` custom event. A blocking finding at or above ``halt_on`` (default: hard, so
a sentence the sources do not support is never passed on) stops the stream: the offending
sentence is not passed on, a ``lexguard.halt`` event is emitted and the fallback text (the
guard's ``refusal_message``) is the last chunk.

The latest checked sentence is held back until the next one is checked or the stream ends;
then every configured check but ``parse`` runs on the whole text (as ``invoke`` runs them, with
the input's ``knowledge``, ``mutations`` and ``citations`` and the citations of the chunks and
the text; a value it cannot read is the ``InputError`` ``invoke`` raises), the final
``lexguard.decision`` is emitted **before** the held sentence is passed on, and a blocking
finding at ``halt_on`` replaces that sentence with the fallback text: no sentence reaches the
caller as the last one before its verdict. A stream is never retried: its reason says so.

The guard's limits hold for a stream too: an answer that grows past ``limits.max_answer_chars``,
or sources over the source limits, halt the stream with the reason (an input too large to check
is never passed on as checked), and the checks of one stream share ``limits.time_budget_s``
(time spent checking; waiting for the model is not counted): once it is spent the stream halts
rather than pass on unchecked text.
"""

from __future__ import annotations

import asyncio
import itertools
import time
from collections.abc import AsyncIterator, Iterator
from typing import Any, Protocol

from langchain_core.messages import AIMessageChunk
from langchain_core.runnables import RunnableConfig

from lexguard._coverage import decide_with_coverage
from lexguard._config import GuardConfig
from lexguard._guard_run import GuardRun, ReturnType, StreamInput
from lexguard._sentence_buffer import StreamLimits
from lexguard._models import (CheckOutcome, CheckResult, Claim, FailureAction, Finding, Severity,
                              ValidationReport, Verdict)
from lexguard._policy import describe_problems, refuses
from lexguard._policy_report import build_report
from lexguard._source import Source
from lexguard._sentence_buffer import END, HaltStep, SentenceBuffer, SentenceStep, SentenceVerdict, then_end
from lexguard.checks import CheckContext, arun_check, run_check
from lexguard._events import DECISION_EVENT, HALT_EVENT, SENTENCE_EVENT, aemit_event, emit_event, finding_counts

__all__ = ["SENTENCE_CHECKS", "GuardParts", "SentenceStreamer", "SentenceVerdict"]


class GuardParts(Protocol):
    """What a :class:`SentenceStreamer` reads of its guard (a :class:`~lexguard.Guard` passes
    itself): the streamer depends on these parts, not on the ``Guard`` class."""

    @property
    def config(self) -> GuardConfig: ...

    @property
    def sources(self) -> list[Source]: ...

    @property
    def return_type(self) -> ReturnType: ...

    @property
    def audit(self) -> Any: ...

    @property
    def checker(self) -> Any: ...

    def checks(self) -> tuple[Any, ...]: ...

SENTENCE_CHECKS = frozenset({"parse", "rules", "support"})
"""Checks a stream runs sentence by sentence (rules and support; parsing is the sentence split).
When the stream ends every configured check but ``parse`` runs once on the whole streamed text,
and the stream's decision is taken from those results."""


class SentenceStreamer(StreamLimits):
    """Check a stream of answer chunks sentence by sentence (one instance per stream).

    Args:
        guard: The guard whose config (gate rules, grounding, ``refusal_message``), support
            checker and default sources are used.
        halt_on: The severity at which the stream stops with the fallback text.

    Input chunks may be strings, message chunks, or dicts (e.g. from
    ``{"answer": chain, "sources": retriever} | guard``) carrying answer pieces under
    ``answer`` and the sources / question / ``knowledge`` / ``citations`` / ``mutations`` under
    their usual keys (:class:`~lexguard._guard_run.StreamInput`). Sentences that complete before
    the sources arrive are held until they do (or the input ends).

    Output chunks are strings, or ``AIMessageChunk`` when the guard's ``return_type`` is
    ``"message"``.
    """

    def __init__(self, guard: GuardParts, *, halt_on: Severity | str = Severity.HARD) -> None:
        self.guard = guard
        self.halt_on = Severity(halt_on)
        self.verdicts: list[SentenceVerdict] = []
        self._buffer = SentenceBuffer()
        self._input = StreamInput()
        self._pending: list[tuple[int, int, int]] = []
        self._emitted = 0
        self._held: int | None = None  # end of the checked text held back (the latest sentence)
        self._started = time.perf_counter()
        self._claims: list[Claim] = []
        self._support_findings: list[Finding] = []
        self._whole: list[CheckResult] = []
        self._final = False  # the whole text passed on was checked (the stream ended, not halted)
        self._spent = 0.0  # seconds spent checking (the stream's share of limits.time_budget_s)
        self._refused: CheckResult | None = None  # the input or budget problem that halted the stream

    # -- input ---------------------------------------------------------------------------------

    def _ready(self, final: bool) -> list[tuple[int, int, int]]:
        if self._input.sources is None and (final or not self._input.dict_mode):
            self._input.sources = list(self.guard.sources)
        if self._input.sources is None:
            return []
        ready, self._pending = self._pending, []
        return ready

    # -- checking --------------------------------------------------------------------------------

    def _gate(self, text: str, start: int) -> list[Finding]:
        from lexguard.gate import run_gate

        findings = run_gate(text, self.guard.config.gate)
        return [
            f.model_copy(update={"span": (f.span[0] + start, f.span[1] + start)}) if f.span else f
            for f in findings
        ]

    def _verdict(self, start: int, end: int, gate: list[Finding], result: Any) -> SentenceVerdict:
        text = self._buffer.text[start:end]
        findings = list(gate)
        supported = support = None
        moved: list[Finding] = []
        if result is not None:
            moved = [
                f.model_copy(update={"span": (f.span[0] + start, f.span[1] + start)}) if f.span else f
                for f in result.findings
            ]
            findings += moved
            self._support_findings += moved
            self._claims += [c.model_copy(update={"index": len(self._claims) + i,
                                                  "span": (c.span[0] + start, c.span[1] + start)})
                             for i, c in enumerate(result.claims)]
            checked = [c for c in result.claims if c.supported is not None]
            if checked:
                supported = all(c.supported for c in checked)
                values = [c.support for c in checked if c.support is not None]
                support = min(values) if values else None
        verdict = SentenceVerdict(index=len(self.verdicts), text=text, span=(start, end), supported=supported,
                                  support=support, findings=tuple(findings))
        recorded = {c.name for c in self.guard.checks() if c.on_fail == FailureAction.RECORD}
        halting = [*(gate if "rules" not in recorded else ()), *(moved if "support" not in recorded else ())]
        if any(f.severity.rank >= max(self.halt_on.rank, Severity.HARD.rank) for f in halting):
            verdict = verdict.model_copy(update={"halted": True})
        self.verdicts.append(verdict)
        return verdict

    def _needs_support(self, text: str) -> bool:
        return bool(text.strip()) and bool(self._input.sources) and self.guard.config.grounding.enabled

    def _gate_sentence(self, start: int, end: int) -> tuple[str, list[Finding], bool]:
        """The sentence's text, its rule findings and whether its support is to be checked."""
        text = self._buffer.text[start:end]
        gate = self._gate(text, start) if text.strip() else []
        return text, gate, self._needs_support(text) and not any(refuses(f) for f in gate)

    def _check(self, start: int, end: int) -> SentenceVerdict:
        with self._budgeted():
            text, gate, support = self._gate_sentence(start, end)
            result = self.guard.checker.check(text, self._input.sources, self._input.question) if support else None
            return self._verdict(start, end, gate, result)

    async def _acheck(self, start: int, end: int) -> SentenceVerdict:
        with self._budgeted():
            text, gate, support = self._gate_sentence(start, end)
            result = None
            if support and hasattr(checker := self.guard.checker, "acheck"):
                result = await checker.acheck(text, self._input.sources, self._input.question)
            elif support:
                result = await asyncio.to_thread(checker.check, text, self._input.sources, self._input.question)
            return self._verdict(start, end, gate, result)

    # -- output ----------------------------------------------------------------------------------

    def _out(self, text: str) -> Any:
        return AIMessageChunk(content=text) if self.guard.return_type == "message" else text

    def _piece(self, piece_end: int) -> str:
        piece = self._buffer.text[self._emitted:piece_end]
        self._emitted = piece_end
        return piece

    def results(self) -> list[CheckResult]:
        """The stream's check results, as the decision policy reads them: once the stream has
        ended, every configured check but parse on the whole text passed on; before that, or when
        it halted, ``rules`` (every sentence's rule findings) and ``support`` (claims, findings,
        lowest support; inconclusive without sources, without a checked claim or with a claim not
        checked), or the input or budget problem that halted the stream."""
        if self._refused is not None:
            return [self._refused]
        if self._final:
            return list(self._whole)
        findings = [f for v in self.verdicts for f in v.findings]
        support_stage = {f for v in self.verdicts for f in v.findings if f in self._support_findings}
        rules = [f for f in findings if f not in support_stage]
        support = [f for f in findings if f in support_stage]
        supports = [v.support for v in self.verdicts if v.support is not None]
        out = [CheckResult(check="rules", outcome=CheckOutcome.FAILED if any(
            f.severity.rank >= Severity.HARD.rank for f in rules) else CheckOutcome.PASSED, findings=tuple(rules))]
        if not self.guard.config.grounding.enabled:
            return out
        fields: dict[str, Any] = {"check": "support", "findings": tuple(support), "claims": tuple(self._claims),
                                  "confidence": min(supports) if supports else None}
        blocking = any(f.severity.rank >= Severity.HARD.rank for f in support)
        if not self._input.sources:
            fields.update(outcome=CheckOutcome.INCONCLUSIVE, reason="no sources were given, so support was not checked")
        elif not any(c.supported is not None for c in self._claims) and not blocking:
            fields.update(outcome=CheckOutcome.INCONCLUSIVE, reason="no claims: the answer has no checkable statement")
        elif not blocking and (unread := sum(1 for c in self._claims if c.unread)):
            fields.update(outcome=CheckOutcome.INCONCLUSIVE,
                          reason=f"{unread} of {len(self._claims)} claims could not be checked")
        else:
            fields["outcome"] = CheckOutcome.FAILED if blocking else CheckOutcome.PASSED
        out.append(CheckResult(**fields))
        return [*out, *self._whole]

    def _whole_answer_context(self) -> tuple[list[Any], str, CheckContext]:
        checks = [c for c in self.guard.checks() if c.name != "parse"]
        text = self._buffer.text[: max(self._emitted, self._held or 0)]
        return checks, text, CheckContext(**self._input.context(text))

    def _check_whole(self) -> None:
        """Run every configured check but parse on the whole text passed on, as ``invoke`` runs
        them (rules and support again too: the stream's decision is taken from these results)."""
        checks, text, context = self._whole_answer_context()
        with self._budgeted():
            self._whole = [run_check(check, text, context) for check in checks]
        self._final = True

    async def _acheck_whole(self) -> None:
        """Async :meth:`_check_whole`."""
        checks, text, context = self._whole_answer_context()
        with self._budgeted():
            self._whole = [await arun_check(check, text, context) for check in checks]
        self._final = True

    def _decision_event(self, halted: bool) -> dict[str, Any]:
        report = self.summary(halted=halted)
        return {"attempt": 1, "verdict": report.verdict.value, "reason": report.reason, "confidence": report.confidence,
                "findings": finding_counts(report.findings), "checks": {r.check: r.outcome.value for r in report.checks},
                "streamed": True}

    def summary(self, *, halted: bool) -> ValidationReport:
        """A report of the stream so far, decided by the guard's policy: ``accept`` when every
        check passed, ``fallback`` when the stream was halted, else ``flag`` (the text was passed
        on but is not accepted)."""
        config = self.guard.config
        decision, results = decide_with_coverage(self.results(), config.model_copy(update={"max_retries": 0}),
                                                 n_sources=len(self._input.sources or ()))
        reason = decision.reason or ""
        if reason.endswith("; retries are off (max_retries=0)"):  # the stream's own rule, not the setting
            reason = (f"{describe_problems(results, config)}; a stream is not retried "
                      f"(max_retries={config.max_retries} applies to invoke)")
        if halted:
            verdict, answer = Verdict.FALLBACK, self._buffer.text[: self._emitted] + config.refusal_message
            reason = f"stream halted: {reason}"
        else:
            verdict = Verdict.ACCEPT if decision.verdict == Verdict.ACCEPT else Verdict.FLAG
            answer = self._buffer.text[: max(self._emitted, self._held or 0)]
        return build_report(
            verdict=verdict, answer=answer, results=results, config=config, original_answer=self._buffer.text,
            question=self._input.question, reason=reason, n_sources=len(self._input.sources or ()),
            metadata={"streamed": True, "sentences": len(self.verdicts)},
        )

    def _audit(self, halted: bool, config: RunnableConfig | None) -> None:
        """Write one audit record for the stream when the guard has an audit store (never raises)."""
        if self.guard.audit is not None:
            GuardRun(self.guard.audit, {"question": self._input.question}, config, started=self._started).audited(
                self.summary(halted=halted))

    def _final_halt(self) -> dict[str, Any] | None:
        """The halt payload when the whole-answer checks found a blocking finding at ``halt_on``
        (the held sentence is then replaced by the fallback text), else ``None``."""
        worst = [f for r in self._whole for f in r.blocking if f.severity.rank >= self.halt_on.rank]
        if not worst:
            return None
        return {"index": len(self.verdicts) - 1, "reason": worst[0].message, "stage": worst[0].stage,
                "fallback": self.guard.config.refusal_message}

    def _release(self) -> str:
        """The held text (passed on once its verdict is known)."""
        held, self._held = self._held, None
        return self._piece(held) if held is not None else ""

    def _halt(self, verdict: SentenceVerdict) -> dict[str, Any]:
        worst = next(f for f in verdict.findings if f.severity == verdict.severity)
        return {"index": verdict.index, "reason": worst.message, "fallback": self.guard.config.refusal_message}

    def _steps(self, chunk: Any) -> Iterator[str | SentenceStep | HaltStep]:
        """What to do with one input chunk (or ``END``), free of I/O, for :meth:`transform` and
        :meth:`atransform`: text to pass on, a sentence to check (the caller sets its ``verdict``
        before asking for the next step) or, last, why the stream halts."""
        final = chunk is END
        self._pending += self._buffer.flush() if final else self._buffer.feed(self._input.absorb(chunk))
        if (refusal := self._over_limits()) is not None:
            if piece := self._release():  # checked before the text grew past the limits
                yield piece
            yield HaltStep(refusal)
            return
        for start, end, piece_end in self._ready(final):
            if start != end:  # not only whitespace left
                if (refusal := self._out_of_time()) is not None:
                    if piece := self._release():  # checked before the budget ran out
                        yield piece
                    yield HaltStep(refusal)
                    return
                yield (sentence := SentenceStep(start, end))
                if sentence.verdict is not None and sentence.verdict.halted:
                    if piece := self._release():  # checked, and the stream stops here: no whole-answer verdict to wait for
                        yield piece
                    yield HaltStep(self._halt(sentence.verdict))
                    return
                if piece := self._release():  # the previous sentence: a later one was checked
                    yield piece
            self._held = piece_end

    def transform(self, chunks: Iterator[Any], config: RunnableConfig | None = None) -> Iterator[Any]:
        """Check ``chunks`` sentence by sentence and yield the text that passed."""
        for chunk in itertools.chain(chunks, [END]):
            for step in self._steps(chunk):
                if isinstance(step, SentenceStep):
                    step.verdict = self._check(step.start, step.end)
                    emit_event(SENTENCE_EVENT, step.verdict.event(), config)
                elif isinstance(step, HaltStep):
                    yield from self._halted(step.payload, config)
                    return
                else:
                    yield self._out(step)
        self._check_whole()
        if (payload := self._final_halt()) is not None:
            yield from self._halted(payload, config)
            return
        emit_event(DECISION_EVENT, self._decision_event(False), config)
        self._audit(False, config)
        if last := self._release():
            yield self._out(last)

    def _halted(self, payload: dict[str, Any], config: RunnableConfig | None) -> Iterator[Any]:
        self._held = None  # the held sentence is never passed on
        emit_event(HALT_EVENT, payload, config)
        emit_event(DECISION_EVENT, self._decision_event(True), config)
        self._audit(True, config)
        yield self._out(self.guard.config.refusal_message)

    async def _ahalted(self, payload: dict[str, Any], config: RunnableConfig | None) -> Any:
        self._held = None
        await aemit_event(HALT_EVENT, payload, config)
        await aemit_event(DECISION_EVENT, self._decision_event(True), config)
        await asyncio.to_thread(self._audit, True, config)
        return self._out(self.guard.config.refusal_message)

    async def atransform(self, chunks: AsyncIterator[Any], config: RunnableConfig | None = None) -> AsyncIterator[Any]:
        """Async :meth:`transform`."""
        async for chunk in then_end(chunks):
            for step in self._steps(chunk):
                if isinstance(step, SentenceStep):
                    step.verdict = await self._acheck(step.start, step.end)
                    await aemit_event(SENTENCE_EVENT, step.verdict.event(), config)
                elif isinstance(step, HaltStep):
                    yield await self._ahalted(step.payload, config)
                    return
                else:
                    yield self._out(step)
        await self._acheck_whole()
        if (payload := self._final_halt()) is not None:
            yield await self._ahalted(payload, config)
            return
        await aemit_event(DECISION_EVENT, self._decision_event(False), config)
        await asyncio.to_thread(self._audit, False, config)
        if last := self._release():
            yield self._out(last)
