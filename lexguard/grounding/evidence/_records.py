"""JSON-like records among the sources: parsed, flattened into "key: value" lines, and read for
what they say is absent (``'OutdoorSeating': False``) and the lengths of their lists. Their
tables of opening hours are read by :mod:`~lexguard.grounding.signals._opening_hours`."""

from __future__ import annotations

import ast
import json
from typing import Any

import regex

__all__ = ["array_lengths", "expanded", "flatten", "negative_keys", "parse_record"]


def parse_record(content: str) -> Any | None:
    """The record a source holds (a dict or list, JSON or a Python literal, trailing prose such as
    "Overview:" dropped), else ``None``."""
    stripped = content.strip()
    if not stripped or stripped[0] not in "{[":
        return None
    closer = "}" if stripped[0] == "{" else "]"
    stripped = stripped[: stripped.rfind(closer) + 1]  # drop trailing prose ("Overview:")
    for loader in (json.loads, ast.literal_eval):
        try:
            value = loader(stripped)
        except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
            continue
        if isinstance(value, dict | list):
            return value
    return None


_FALSY = frozenset({"none", "null", "false", "no", "n/a", ""})


def _key_name(key: Any) -> str:
    return regex.sub(r"(?<=[a-z])(?=[A-Z])|_", " ", str(key)).strip()


def _nested(item: Any) -> Any:
    """Parse string values that hold a dict literal (``"{'garage': False}"``)."""
    if isinstance(item, str) and item.strip().startswith("{"):
        parsed = parse_record(item)
        return parsed if parsed is not None else item
    return item


def negative_keys(value: Any) -> list[str]:
    """Leaf key names of a record whose value is false or empty (``OutdoorSeating: False``)."""
    out: list[str] = []
    if isinstance(value, dict):
        for key, item in value.items():
            item = _nested(item)
            if isinstance(item, dict | list):
                out += negative_keys(item)
            elif item is None or item is False or (isinstance(item, str) and item.strip().lower() in _FALSY):
                out.append(_key_name(key))
    elif isinstance(value, list):
        for item in value:
            out += negative_keys(item)
    return out


def array_lengths(value: Any) -> frozenset[int]:
    """Lengths of the (non-empty) lists inside a JSON-like record."""
    found: set[int] = set()
    stack = [value]
    while stack:
        item = _nested(stack.pop())
        if isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list):
            if item:
                found.add(len(item))
            stack.extend(item)
    return frozenset(found)


def flatten(value: Any, prefix: str = "") -> list[str]:
    """Turn a JSON-like record into readable ``"key: value"`` lines."""
    lines: list[str] = []
    if isinstance(value, dict):
        for key, item in value.items():
            lines += flatten(_nested(item), f"{prefix} {_key_name(key)}".strip())
    elif isinstance(value, list):
        for item in value:
            lines += flatten(item, prefix)
    else:
        text = "none" if value is None else str(value)
        lines.append(f"{prefix}: {text}" if prefix else text)
    return lines


_MAX_DEPTH = 64


def expanded(value: Any, depth: int = 0) -> Any:
    """``value`` with every string that holds a dict literal parsed in place, at any depth
    (``"{'garage': False, 'lot': True}"``), for the readers of a record's tables; nesting deeper
    than 64 levels is left as it is."""
    item = _nested(value)
    if depth >= _MAX_DEPTH:
        return item
    if isinstance(item, dict):
        return {key: expanded(sub, depth + 1) for key, sub in item.items()}
    if isinstance(item, list):
        return [expanded(sub, depth + 1) for sub in item]
    return item
