"""Read the citations a model produced, in every shape a LangChain model hands them over.

* LangChain's standard content blocks: a text block's ``annotations`` of ``{"type": "citation",
  "url", "title", "cited_text", "start_index", "end_index", "extras"}`` (``id`` is the
  annotation's own id, never a source);
* the providers' native blocks: Anthropic's ``citations`` (``cited_text`` + ``document_index``
  / ``document_title``, ``url`` for web results), OpenAI's ``url_citation`` annotations;
* ``additional_kwargs["citations"]`` and the ``citations`` input: dicts such as
  ``{"source_id", "quote"}`` or ``{"source", "quote", "span_in_answer"}``;
* the answer text: ``"quoted text" [source-id]`` and numbered markers (``... 503 metres [2].``,
  ``[1, 3]``), the sentence before a marker being the cited claim.

Each citation becomes one dict with ``source`` (the reference as the model gave it), the
references it carries (``refs``: ``(kind, value)`` pairs, matched to a source by
:func:`resolve_source`), ``quote`` (when the model quoted the source) and ``span_in_answer``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from lexguard._inputs import coerce_citations
from lexguard._models import Source

__all__ = ["UNREADABLE", "model_citations", "resolve_source"]

UNREADABLE = "unreadable"
"""Key of a collected citation the guard could not read (its value says why)."""

_TEXT_CITATION = re.compile(r"[\"“]([^\"”]{8,}?)[\"”]\s*\[([^\[\]\s]{1,80})\]")
_MARKER = re.compile(r"(?<=[\w.,;:!?)\"”'’%])[ \t]?\[(\d{1,3}(?:\s*,\s*\d{1,3})*)\](?!\()")
_BOUNDARY = re.compile(r"(?:[.!?](?:\[[\d,\s]+\])*[\"”’)]?\s+|\n)")
_ID_KEYS = ("source_id", "document_id", "doc_id", "source")
_URL_KEYS = ("url", "uri", "link")
_TITLE_KEYS = ("document_title", "title")
_QUOTE_KEYS = ("quote", "cited_text", "text", "snippet")


def _entries(value: Any, where: str) -> list[Mapping[str, Any] | str]:
    """The items of a citation list: each a mapping, or (a string) why it is no citation."""
    if value is None or (isinstance(value, list | tuple | str) and not value):
        return []
    if isinstance(value, Mapping):
        return [value]
    if not isinstance(value, list | tuple):
        return [f"{where} is a {type(value).__name__}, not a list of citation dicts"]
    entries: list[Mapping[str, Any] | str] = []
    for index, item in enumerate(value):
        dump = getattr(item, "model_dump", None)
        if not isinstance(item, Mapping) and callable(dump) and not isinstance(item, type):
            item = dump()
        entries.append(item if isinstance(item, Mapping)
                       else f"{where} item {index} is a {type(item).__name__}, not a citation dict")
    return entries


def _refs(note: Mapping[str, Any], *, block: bool) -> list[tuple[str, Any]]:
    """The source references of one citation, most specific first: ids, urls, a document index,
    titles; ``id`` counts only outside a content block (there it is the annotation's own id)."""
    extras = note.get("extras") if isinstance(note.get("extras"), Mapping) else {}
    found: list[tuple[str, Any]] = []
    for kind, keys in (("id", _ID_KEYS if block else (*_ID_KEYS, "id")), ("url", _URL_KEYS),
                       ("index", ("document_index",)), ("title", _TITLE_KEYS)):
        for key in keys:
            for where in (note, extras):
                value = where.get(key)
                if isinstance(value, str | int) and not isinstance(value, bool) and str(value).strip():
                    found.append((kind, value))
    return found


def _reading(note: Mapping[str, Any], *, block: bool, text: str = "") -> dict[str, Any]:
    """One citation dict (see the module docstring) from a model's citation mapping: a given dict
    as it is (``source`` and ``quote`` filled from the other names when missing), a content
    block's annotation with its references in ``refs``."""
    if not block:
        citation = dict(note)
        refs = _refs(note, block=False)
        if citation.get("source") in (None, "") and refs:
            citation["source"] = refs[0][1]
        if not isinstance(citation.get("quote"), str):
            citation["quote"] = next((note[k] for k in _QUOTE_KEYS if isinstance(note.get(k), str) and note[k].strip()),
                                     None)
        return citation
    refs = _refs(note, block=True)
    citation = {"source": refs[0][1] if refs else None, "refs": refs,
                "quote": next((note[k] for k in ("cited_text", "quote") if isinstance(note.get(k), str)
                               and note[k].strip()), None)}
    start, end = note.get("start_index"), note.get("end_index")
    if isinstance(start, int) and isinstance(end, int) and 0 <= start < end <= len(text):
        citation["span_in_answer"] = text[start:end]
    return citation


def _block_citations(message: Any) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = []
    content = getattr(message, "content", None)
    for index, block in enumerate(content if isinstance(content, list) else ()):
        if not isinstance(block, Mapping):
            continue
        text = block.get("text") if isinstance(block.get("text"), str) else ""
        key = "annotations" if block.get("annotations") else "citations"
        for note in _entries(block.get(key), f"content block {index}'s {key}"):
            if isinstance(note, str):
                found.append({UNREADABLE: note})
            elif note.get("type") == "non_standard_annotation" and isinstance(note.get("value"), Mapping):
                found.append(_reading(note["value"], block=True, text=text))
            else:
                found.append(_reading(note, block=True, text=text))
    kwargs = getattr(message, "additional_kwargs", None)
    given = kwargs.get("citations") if isinstance(kwargs, Mapping) else None
    found += [{UNREADABLE: c} if isinstance(c, str) else _reading(c, block=False)
              for c in _entries(given, "additional_kwargs['citations']")]
    return found


def _claim_before(text: str, at: int) -> str:
    """The sentence that ends at ``at`` (a marker's position), without earlier markers."""
    head = text[:at]
    starts = [m.end() for m in _BOUNDARY.finditer(head.rstrip())]
    return head[starts[-1] if starts else 0:].strip()


def _text_citations(text: str) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = []
    taken: list[tuple[int, int]] = []
    for match in _TEXT_CITATION.finditer(text):
        taken.append(match.span())
        found.append({"source": match.group(2), "quote": match.group(1), "span_in_answer": match.group(1)})
    for match in _MARKER.finditer(text):
        if any(a <= match.start(1) < b for a, b in taken):
            continue
        claim = _claim_before(text, match.start())
        numbers = [n.strip() for n in match.group(1).split(",")]
        for number in numbers:
            found.append({"source": f"[{number}]", "refs": [("id", number), ("number", int(number))],
                          "quote": None, "span_in_answer": claim or None, "marker": match.group(0).strip(),
                          "group": numbers})
    return found


def model_citations(raw_answer: Any, text: str, given: Any = ()) -> list[dict[str, Any]]:
    """Collect the citations a model produced for one answer (see the module docstring).

    Args:
        raw_answer: The answer as given (a message keeps its content blocks and kwargs).
        text: The answer text.
        given: Citations passed in the input (read with :func:`~lexguard._inputs.coerce_citations`).

    Returns:
        One dict per citation; one the message holds but the guard cannot read is
        ``{"unreadable": reason}`` (the ``citations`` check makes the answer inconclusive).

    Raises:
        InputError: If ``given`` is not citations (a string, a number, an item that is no dict).
    """
    found = [_reading(c, block=False) for c in coerce_citations(given)]
    found += _block_citations(raw_answer)
    return found + _text_citations(text)


def _meta(source: Source, keys: Sequence[str]) -> set[str]:
    return {str(source.metadata[k]).strip() for k in keys if source.metadata.get(k) not in (None, "")}


def _matches(kind: str, value: Any, sources: Sequence[Source]) -> list[Source]:
    ref = str(value).strip()
    if kind == "id":
        return [s for s in sources if s.id == ref or ref in _meta(s, ("id", "document_id", "doc_id", "source", "url", "link"))]
    if kind == "url":
        return [s for s in sources if ref.rstrip("/") in {u.rstrip("/") for u in _meta(s, ("url", "source", "link"))}]
    if kind == "index":  # Anthropic's document_index: 0-based, in the order the documents were given
        return [sources[int(value)]] if str(value).isdigit() and int(value) < len(sources) else []
    if kind == "number":  # a numbered marker: 1-based
        return [sources[int(value) - 1]] if 1 <= int(value) <= len(sources) else []
    return [s for s in sources if ref in _meta(s, ("title", "document_title", "name"))]


def resolve_source(citation: Mapping[str, Any], sources: Sequence[Source]) -> str | None:
    """The id of the source a citation names, or ``None`` when no reference names one.

    References are tried most specific first (id, url, document index, number, title); a
    reference that names several sources (two sources with one title) picks the one holding the
    quote, and is skipped when none or several do."""
    from lexguard.citations._text import match_quote
    from lexguard.citations._models import QuoteMatch

    quote = citation.get("quote")
    for kind, value in citation.get("refs") or _refs(citation, block=False):
        if value is None:
            continue
        found = _matches(kind, value, sources)
        if len(found) > 1 and isinstance(quote, str) and quote.strip():
            found = [s for s in found if match_quote(quote, s.content)[0] != QuoteMatch.NOT_FOUND]
        if len(found) == 1:
            return found[0].id
    return None
