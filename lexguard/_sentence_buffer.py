"""The pieces of sentence-by-sentence streaming: the buffer that cuts streamed text into
complete sentences, and the verdict on one sentence (see :mod:`lexguard._streaming`)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict

from lexguard._models import Finding, Severity, Span

__all__ = ["SentenceBuffer", "SentenceVerdict"]


class SentenceVerdict(BaseModel):
    """The check of one streamed sentence (payload of the ``lexguard.sentence`` event).

    Attributes:
        index: Position of the sentence in the stream.
        text: The sentence.
        span: ``(start, end)`` of the sentence in the streamed text.
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
    """Accumulates streamed text and cuts off sentences once the next one has begun."""

    def __init__(self) -> None:
        self.text = ""
        self.done = 0  # start of the text not yet passed on

    def feed(self, piece: str) -> list[tuple[int, int, int]]:
        """Add text; return ``(start, end, piece_end)`` of each newly completed sentence."""
        from lexguard.grounding import split_sentences

        self.text += piece
        segments = split_sentences(self.text[self.done:])
        if len(segments) < 2:
            return []
        offset = self.done
        out = []
        for (start, end), (next_start, _) in zip(segments, segments[1:], strict=False):
            out.append((offset + start, offset + end, offset + next_start))
        self.done = offset + segments[-1][0]
        return out

    def flush(self) -> list[tuple[int, int, int]]:
        """Return the rest of the text as final sentences."""
        from lexguard.grounding import split_sentences

        rest = self.text[self.done:]
        segments = split_sentences(rest)
        out = []
        for i, (start, end) in enumerate(segments):
            piece_end = segments[i + 1][0] if i + 1 < len(segments) else len(rest)
            out.append((self.done + start, self.done + end, self.done + piece_end))
        if not segments and rest:
            out.append((self.done, self.done, len(self.text)))  # whitespace only: pass it on
        self.done = len(self.text)
        return out
