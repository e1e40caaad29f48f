"""The pieces of sentence-by-sentence streaming: the buffer that cuts streamed text into
complete sentences, the verdict on one sentence, and the steps a stream takes for each input
chunk, and what a stream does when it outgrows the limits or its time budget (see
:mod:`lexguard._streaming`)."""

from __future__ import annotations

import time
from collections.abc import AsyncIterator, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, ConfigDict

from lexguard._errors import InputError
from lexguard._limits import Deadline, check_limits, use_deadline
from lexguard._models import CheckOutcome, CheckResult, Finding, FindingKind, Severity, Span

__all__ = ["END", "HaltStep", "SentenceBuffer", "SentenceStep", "SentenceVerdict", "StreamLimits", "then_end"]


class SentenceVerdict(BaseModel):
    """The check of one streamed sentence (payload of the ``lexguard.sentence`` event).

    Attributes:
        index: Position of the sentence in the stream.
        text: The sentence, with the markup or fenced code before it that was checked with it.
        span: ``(start, end)`` of that text in the streamed text.
        supported: Whether the sources support every claim of the sentence (``None``: not
            checked, e.g. no sources or nothing checkable).
        support: The lowest claim support probability, when checked.
        findings: Findings of the sentence (spans are offsets into the streamed text).
        halted: True when this sentence stopped the stream.
    """

    model_config = ConfigDict(frozen=True)

    index: int
    text: str
    span: Span
    supported: bool | None = None
    support: float | None = None
    findings: tuple[Finding, ...] = ()
    halted: bool = False

    @property
    def severity(self) -> Severity | None:
        """The worst severity among the findings (``None`` without findings)."""
        return max((f.severity for f in self.findings), key=lambda s: s.rank, default=None)

    def event(self) -> dict[str, Any]:
        """The JSON payload of the ``lexguard.sentence`` event."""
        data = self.model_dump(mode="json")
        data["severity"] = self.severity.value if self.severity else None
        return data


class SentenceBuffer:
    """Accumulates streamed text and cuts it into units to check, once the next one has begun.

    The units cover the text: every character passed on belongs to exactly one unit, so text the
    sentence splitter does not take as a sentence (fenced code, markup between sentences) is in
    the unit that is checked before it is passed on, never handed on unchecked. A unit ends after
    a sentence, the rest of its line and the blank space that follows; markup on the lines before
    the next sentence (a heading's ``##``, a code fence) starts the next unit.

    Each unit is ``(start, end, piece_end)``: ``text[start:end]`` is the unit without its edge
    whitespace (the text to check; ``start == end`` when it is whitespace only) and
    ``piece_end`` is where the text to pass on with it ends (the previous unit's ``piece_end``,
    or 0, is where it starts).
    """

    def __init__(self) -> None:
        self.text = ""
        self.done = 0  # start of the text not yet cut into units (the last unit's piece_end)

    def _unit(self, lo: int, hi: int) -> tuple[int, int, int]:
        """``(start, end, hi)`` of ``text[lo:hi]`` without its edge whitespace."""
        piece = self.text[lo:hi]
        start = lo + len(piece) - len(piece.lstrip())
        end = max(start, lo + len(piece.rstrip()))
        return start, end, hi

    def _cuts(self, segments: list[tuple[int, int]], offset: int) -> list[int]:
        """Where each segment's unit ends: the rest of its line and the blank space after it go
        with it; what precedes the next segment on a later line (``## ``, a fence) goes with that
        one. Without a line break in between, the whole gap goes with the segment."""
        from lexguard.grounding.claims._sentences import LINE_BREAKS

        cuts = []
        for (_, end), (next_start, _) in zip(segments, segments[1:], strict=False):
            cut, limit = offset + end, offset + next_start
            while cut < limit and self.text[cut] not in LINE_BREAKS:
                cut += 1
            while cut < limit and self.text[cut].isspace():
                cut += 1
            cuts.append(cut)
        return cuts

    def feed(self, piece: str) -> list[tuple[int, int, int]]:
        """Add text; return ``(start, end, piece_end)`` of each newly completed unit."""
        from lexguard.grounding.claims._sentences import split_sentences

        self.text += piece
        offset = self.done
        segments = split_sentences(self.text[offset:])
        if len(segments) < 2:
            return []
        out, lo = [], offset
        for cut in self._cuts(segments, offset):
            out.append(self._unit(lo, cut))
            lo = cut
        self.done = lo
        return out

    def flush(self) -> list[tuple[int, int, int]]:
        """Return the rest of the text as final units (whitespace only: one empty unit)."""
        from lexguard.grounding.claims._sentences import split_sentences

        offset = self.done
        rest = self.text[offset:]
        out, lo = [], offset
        for cut in self._cuts(split_sentences(rest), offset):
            out.append(self._unit(lo, cut))
            lo = cut
        if lo < len(self.text):
            out.append(self._unit(lo, len(self.text)))
        self.done = len(self.text)
        return out


END = object()
"""Marks the end of a stream's input (after the last chunk)."""


@dataclass
class SentenceStep:
    """A complete sentence (``start``-``end`` of the stream's text) to check; the caller sets
    ``verdict``."""

    start: int
    end: int
    verdict: SentenceVerdict | None = None


@dataclass
class HaltStep:
    """The stream halts: ``payload`` is the ``lexguard.halt`` event's."""

    payload: dict[str, Any]


async def then_end(chunks: AsyncIterator[Any]) -> AsyncIterator[Any]:
    """``chunks``, then :data:`END`."""
    async for chunk in chunks:
        yield chunk
    yield END


class StreamLimits:
    """What :class:`~lexguard._streaming.SentenceStreamer` does when a stream outgrows
    ``GuardConfig.limits`` or spends its time budget (it sets ``guard``, ``verdicts``,
    ``_buffer``, ``_input``, ``_spent`` and ``_refused``)."""

    guard: Any
    verdicts: list[Any]
    _buffer: Any
    _input: Any
    _spent: float
    _refused: CheckResult | None

    def _deadline(self) -> Deadline:
        """The stream's time budget left (``limits.time_budget_s`` less the time spent checking)."""
        budget = self.guard.config.limits.time_budget_s
        deadline = Deadline(max(0.0, budget - self._spent))
        deadline.budget = budget
        return deadline

    def _refuse(self, check: str, rule_id: str, message: str) -> dict[str, Any]:
        """Record why the stream stops unchecked (an ``inconclusive`` result with a critical finding,
        so the policy's reason names it) and return the ``lexguard.halt`` payload."""
        finding = Finding(kind=FindingKind.MALFORMED if check == "input" else FindingKind.NOT_CHECKED,
                          severity=Severity.CRITICAL, message=f"The answer could not be validated: {message}",
                          rule_id=rule_id, stage=check)
        self._refused = CheckResult(check=check, outcome=CheckOutcome.INCONCLUSIVE, findings=(finding,),
                                    reason=message, stop=True)
        return {"index": len(self.verdicts), "reason": finding.message, "fallback": self.guard.config.refusal_message}

    def _over_limits(self) -> dict[str, Any] | None:
        """The halt payload when the text so far or the sources exceed ``GuardConfig.limits``."""
        try:
            check_limits(self._buffer.text, self._input.sources or [], self.guard.config.limits)
        except InputError as exc:
            return self._refuse("input", "input.limits", str(exc))
        return None

    def _out_of_time(self) -> dict[str, Any] | None:
        """The halt payload when the stream's time budget is spent before a sentence is checked."""
        deadline = self._deadline()
        if not deadline.expired:
            return None
        return self._refuse("budget", "budget.spent", f"the stream's checks used up the time budget of "
                            f"{deadline.budget:g}s (limits.time_budget_s); raise it or send less text")

    @contextmanager
    def _budgeted(self) -> Iterator[None]:
        """Run a check under the stream's time budget left, and count the time it took."""
        started = time.perf_counter()
        try:
            with use_deadline(self._deadline()):
                yield
        finally:
            self._spent += time.perf_counter() - started
