"""Claim extraction: a rule-based extractor and an optional LLM extractor that falls back to it."""

from __future__ import annotations

import logging
from bisect import bisect_right
from typing import Any

import regex
from pydantic import BaseModel, Field

from lexguard._errors import ParseError
from lexguard._models import Claim
from lexguard.grounding.claims._judged_clauses import judged_clause_start
from lexguard.grounding.claims._meta_split import meta_segments
from lexguard.grounding.claims._spliced import splice_start
from lexguard.grounding.claims._sentences import fenced_blocks, split_sentences, table_headers
from lexguard.grounding.claims._worthiness import FILLER_REASON, not_a_fact

__all__ = ["extract_claims", "LLMClaimExtractor"]

logger = logging.getLogger("lexguard.grounding")

_WORD = regex.compile(r"[\p{L}\p{N}]+")
_INTRO_CUE = regex.compile(
    r"\b(?:following|follows|below|include[sd]?|including|here|key|main|points|steps|features|reasons"
    r"|ways|tips|details|facts|summary|list|highlights|options|items|things|examples|ingredients"
    r"|benefits|advantages|disadvantages|aspects|factors|components|changes|findings|information"
    r"|questions|types|kinds|categories|requirements|instructions|answer|guide|differences?"
    r"|overview|explanation|definition|recipe|process|procedure)\b",
    regex.IGNORECASE,
)
"""Words that make a line ending in a colon a list introduction ("The key points are:"); without
one ("Aliens built it in Berlin:") the line is a statement and is checked."""

_INTRO_END = regex.compile(r"\b(?:is|are|was|were|include|includes|follows)\s*:\s*$", regex.IGNORECASE)


def _introduces(piece: str) -> bool:
    """A line ending in a colon introduces what follows when a cue word is among its last three
    words ("... the following features:") or it ends "... is:" / "... are:" after a cue ("the
    answer to the question ... is:"); "The key fact is that aliens built it in Berlin:" states."""
    words = _WORD.findall(piece)
    return _INTRO_CUE.search(" ".join(words[-3:])) is not None or (
        _INTRO_END.search(piece) is not None and _INTRO_CUE.search(piece) is not None
    )


_PROSE = regex.compile(r"^[\p{Lu}\p{N}\"'(][^{};=<>]*\p{L}[^{};=<>]*[.!?]$")
_CODE_REASON = "code inside a fence is not checked against the sources"
_INTRO_REASON = "a meta statement (a list introduction ending with a colon), not a fact to check"
_HEADER_REASON = "a meta statement (column names of a table, the row above its |---| rule), not a fact to check"


def _column_names(piece: str, start: int, end: int, headers: list[tuple[int, int]], min_words: int) -> bool:
    """Whether ``piece`` (at ``start``-``end``) is a table's header row of short column names."""
    at = bisect_right(headers, (start, 1 << 62)) - 1  # the last header row starting at or before it
    if at < 0 or not headers[at][0] <= start <= end <= headers[at][1]:
        return False
    cells = [cell.strip() for cell in piece.split("|")]
    return all(
        len(_WORD.findall(cell)) < min_words and not cell.endswith((".", "!", "?")) and not any(c.isdigit() for c in cell)
        for cell in cells
    )  # a cell with a figure ("Opened 1889") states something: checked


def _claim(index: int, text: str, start: int, end: int, reason: str | None, kind: str) -> Claim:
    """A claim of ``text[start:end]``: to check, or ``not_checked`` with ``reason``."""
    if reason is None:
        return Claim(index=index, text=text[start:end], span=(start, end))
    return Claim(index=index, text=text[start:end], span=(start, end), status="not_checked", reason=reason,
                 kind=kind)  # type: ignore[arg-type]


def _split_meta(
    text: str, pieces: list[tuple[int, int, str | None, str]], chat: bool = False
) -> list[tuple[int, int, str | None, str]]:
    """Each sentence to check cut into its meta phrases (``not_checked`` ``meta``) and its facts:
    a meta phrase removes only itself (:func:`~lexguard.grounding.claims._meta_split.meta_segments`),
    and a closing judgement is a claim of its own (:func:`~lexguard.grounding.claims._judged_clauses.judged_clause_start`),
    as is a statement joined by a comma (:func:`~lexguard.grounding.claims._spliced.splice_start`)."""
    out: list[tuple[int, int, str | None, str]] = []
    for start, end, reason, kind in pieces:
        if reason is not None:
            out.append((start, end, reason, kind))
            continue
        for lo, hi, why in meta_segments(text[start:end]):
            judged = judged_clause_start(text[start + lo : start + hi], chat=chat) if why is None else None
            spliced = splice_start(text[start + lo : start + hi]) if why is None and judged is None else None
            if spliced is not None:  # "Try Paper Rivers by Sami Roth, | it's folk.": the comma in neither
                head = len(text[start + lo : start + lo + spliced].rstrip(", "))
                out += [(start + lo, start + lo + head, None, "fact"), (start + lo + spliced, start + hi, None, "fact")]
                continue
            if judged is not None:  # "It's a drama, | and a really quietly devastating one at that."
                out += [(start + lo, start + lo + judged, None, "fact"), (start + lo + judged, start + hi, None, "fact")]
                continue
            out.append((start + lo, start + hi, why, "fact" if why is None else "meta"))
    return out


def extract_claims(text: str, *, min_words: int = 3, chat: bool = False) -> list[Claim]:
    """Cut an answer into checkable claims, with character spans into ``text``.

    Claims are sentences (and semicolon-separated parts) of paragraphs, headings, list items,
    table rows and prose inside code fences. No text with a word in it is dropped silently:

    * every sentence is checked, however short ("Aliens helped." can be false);
    * fillers ("Sure!", "Hope this helps!"), meta statements ("The passages do not say when it
      opened."; both from :func:`~lexguard.grounding.claims._worthiness.not_a_fact`), short list
      introductions without a number
      ("Here are the key facts:") and a table's header row of short column names are
      ``not_checked`` ``meta`` claims with the reason;
    * code inside a fence is a ``not_checked`` ``code`` claim with the reason (which makes the
      support check inconclusive).

    Only markup without a word (``---``, fence lines, a table's rule) is left out.
    ``claim.text == text[slice(*claim.span)]`` always holds.

    Args:
        text: The answer.
        min_words: Fewest words of a line inside a code fence for it to be read as prose (and
            checked) rather than as code; table column names shorter than this are not facts.
        chat: Whether ``text`` is a chat reply: its closing talk to the reader is a claim of its
            own (:func:`~lexguard.grounding.claims._judged_clauses.judged_clause_start`).

    Returns:
        The claims, in order, indexed from 0.
    """
    pieces: list[tuple[int, int, str | None, str]] = [(s, e, None, "fact") for s, e in split_sentences(text)]
    for lo, hi in fenced_blocks(text):
        inner = text[lo:hi]
        code: list[tuple[int, int]] = []  # the current run of code lines (prose between two runs splits them)
        for s, e in split_sentences(inner, hard_newlines=True, fences=False):
            sentence = inner[s:e].strip()
            if _PROSE.match(sentence) and len(_WORD.findall(sentence)) >= min_words:
                pieces.append((lo + s, lo + e, None, "fact"))
                if code:
                    pieces.append((code[0][0], code[-1][1], _CODE_REASON, "code"))
                code = []
            else:
                code.append((lo + s, lo + e))
        if code:
            pieces.append((code[0][0], code[-1][1], _CODE_REASON, "code"))
    headers = table_headers(text)
    claims: list[Claim] = []
    for start, end, reason, kind in _split_meta(text, sorted(pieces), chat):
        piece = text[start:end]
        if reason is None:
            words = _WORD.findall(piece)
            if not words:
                continue  # punctuation or markup only: nothing a reader could take as a fact
            why = not_a_fact(piece)
            if why == FILLER_REASON:
                reason, kind = why, "meta"
            elif (
                piece.rstrip().endswith(":") and len(words) <= 12 and not any(ch.isdigit() for ch in piece)
                and _introduces(piece)
            ):
                reason, kind = _INTRO_REASON, "meta"
            elif headers and _column_names(piece, start, end, headers, min_words):
                reason, kind = _HEADER_REASON, "meta"
            elif why is not None:
                reason, kind = why, "meta"
        claims.append(_claim(len(claims), text, start, end, reason, kind))
    return claims


class _ExtractedClaims(BaseModel):
    """Atomic factual claims quoted verbatim from the answer."""

    claims: list[str] = Field(
        description="Each factual claim of the answer, copied VERBATIM as a contiguous substring "
        "of the answer (no paraphrase). Skip greetings and filler."
    )


_PROMPT = (
    "Split the answer below into its atomic factual claims. Copy every claim verbatim from the "
    "answer as a contiguous substring; do not rephrase, merge or invent.\n\nAnswer:\n{answer}"
)


class LLMClaimExtractor:
    """Extract claims with any LangChain ``BaseChatModel`` through structured output.

    Each claim the model returns is located in the answer (exactly, else case-insensitively);
    claims that cannot be located are dropped. When the model fails, returns malformed output or
    nothing that can be located, the rule-based :func:`extract_claims` is used instead.

    Args:
        llm: A chat model supporting ``with_structured_output``.
        min_words: Passed to the rule-based fallback.
    """

    def __init__(self, llm: Any, *, min_words: int = 3) -> None:
        self.llm = llm
        self.min_words = min_words

    def _locate(self, text: str, pieces: list[str]) -> list[Claim]:
        claims: list[Claim] = []
        cursor = 0
        lowered = text.lower()
        for piece in pieces:
            piece = piece.strip()
            if not piece:
                continue
            pos = text.find(piece, cursor)
            if pos < 0:
                pos = text.find(piece)
            if pos < 0:
                pos = lowered.find(piece.lower())
            if pos < 0:
                logger.debug("LLM claim not found verbatim in the answer: %r", piece)
                continue
            span = (pos, pos + len(piece))
            claims.append(Claim(index=len(claims), text=text[span[0]:span[1]], span=span))
            cursor = span[1]
        return claims

    def _parse(self, text: str, result: Any) -> list[Claim]:
        if isinstance(result, _ExtractedClaims):
            pieces = result.claims
        elif isinstance(result, dict) and isinstance(result.get("claims"), list):
            pieces = [str(p) for p in result["claims"]]
        else:
            raise ParseError(f"the claim extractor's model returned a {type(result).__name__}, not a list of "
                             "claims; use a chat model that supports with_structured_output")
        claims = self._locate(text, pieces)
        if not claims:
            raise ParseError("none of the extracted claims is a verbatim span of the answer; the model must "
                             "copy each claim from the answer word for word (the rule-based extractor is used)")
        return claims

    def extract(self, text: str) -> list[Claim]:
        """Extract claims synchronously (falls back to rules on any failure)."""
        try:
            runnable = self.llm.with_structured_output(_ExtractedClaims)
            return self._parse(text, runnable.invoke(_PROMPT.format(answer=text)))
        except Exception as exc:  # noqa: BLE001 - any model failure means: use the rules
            logger.warning("LLM claim extraction failed (%s); using the rule-based extractor", exc)
            return extract_claims(text, min_words=self.min_words)

    async def aextract(self, text: str) -> list[Claim]:
        """Extract claims asynchronously (falls back to rules on any failure)."""
        try:
            runnable = self.llm.with_structured_output(_ExtractedClaims)
            return self._parse(text, await runnable.ainvoke(_PROMPT.format(answer=text)))
        except Exception as exc:  # noqa: BLE001
            logger.warning("LLM claim extraction failed (%s); using the rule-based extractor", exc)
            return extract_claims(text, min_words=self.min_words)
