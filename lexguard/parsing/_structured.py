"""Structured mode: find a JSON value in model output and validate it."""

from __future__ import annotations

import json
import re
from typing import Any

from pydantic import BaseModel, ValidationError

from lexguard._errors import ParseError

__all__ = ["extract_json", "json_prose", "validate_json"]

_FENCE = re.compile(r"```[ \t]*(?:json|JSON|json5)?[ \t]*\n?(.*?)```", re.DOTALL)
_DECODER = json.JSONDecoder()


def extract_json(text: str) -> Any:
    """Extract the first JSON object or array from ``text``.

    Looks, in order, at fenced code blocks (```` ```json ... ``` ```` or plain ```` ``` ````), the
    whole text, and finally the first ``{`` or ``[`` from which a complete JSON value decodes.

    Args:
        text: Raw model output.

    Returns:
        The decoded JSON value (a dict or a list).

    Raises:
        ParseError: If no JSON object or array can be decoded; the message says why.
    """
    last_error = "no '{' or '[' found"
    candidates = [m.group(1).strip() for m in _FENCE.finditer(text)]
    candidates.append(text.strip())
    for candidate in candidates:
        if not candidate:
            continue
        try:
            value = json.loads(candidate)
        except json.JSONDecodeError as exc:
            last_error = f"{exc.msg} at line {exc.lineno} column {exc.colno}"
        else:
            if isinstance(value, dict | list):
                return value
    for match in re.finditer(r"[\[{]", text):
        try:
            value, _ = _DECODER.raw_decode(text, match.start())
        except json.JSONDecodeError as exc:
            last_error = f"{exc.msg} at character {exc.pos}"
            continue
        if isinstance(value, dict | list):
            return value
    raise ParseError(
        f"the output contains no valid JSON object ({last_error}); "
        "answer with one JSON object only, optionally inside a ```json fenced block"
    )


def validate_json(data: Any, model: type[BaseModel]) -> BaseModel:
    """Validate decoded JSON against a pydantic model.

    Args:
        data: The decoded JSON value.
        model: The pydantic model class the output must match.

    Returns:
        The validated model instance.

    Raises:
        ParseError: If validation fails; the message lists each field error, so it can be fed
            back to the generator.
    """
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in err['loc']) or '<root>'}: {err['msg']}"
            for err in exc.errors()
        )
        fields = ", ".join(model.model_fields)
        raise ParseError(
            f"the JSON does not match the {model.__name__} schema ({problems}); "
            f"return an object with the fields: {fields}"
        ) from exc


def json_prose(value: Any) -> str:
    """The prose of a decoded JSON value: its string values, one a line, in document order.

    Keys, numbers, booleans and ``null`` are left out, and so are blank strings; a pydantic
    model is read through its JSON dump. This is what the content checks (support, rules) should
    read of a JSON answer: the values the model asserted, not the syntax around them (a key in
    double quotes would otherwise read as a quotation found in no source).

    Args:
        value: A decoded JSON value (dict, list, str, ...) or a pydantic model instance.

    Returns:
        The string values joined with newlines (``""`` when there are none).
    """
    if isinstance(value, BaseModel):
        value = value.model_dump(mode="json")
    pieces: list[str] = []
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if item.strip():
                pieces.append(item.strip())
        elif isinstance(item, dict):
            stack.extend(reversed(list(item.values())))
        elif isinstance(item, list | tuple):
            stack.extend(reversed(item))
    return "\n".join(pieces)
