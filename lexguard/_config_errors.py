"""Settings errors: a pydantic ``ValidationError`` turned into a :class:`ConfigurationError` that
names the key, the closest valid one for a misspelling, and what was wrong. Shared by every
settings model (:class:`~lexguard._value.SettingsModel`, ``GuardConfig``, ``Guard``)."""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterable, Mapping
from typing import Any, get_args

from pydantic import ValidationError

from lexguard._errors import ConfigurationError

__all__ = ["KeyHint", "closest_key", "configuration_error"]

KeyHint = Callable[[str, str, Any, Iterable[str]], "str | None"]
"""A hint for an unknown top-level key: ``(key, owner, value, valid) -> "did you mean ..."``."""


def closest_key(key: str, valid: Iterable[str]) -> str | None:
    """The valid key closest to ``key`` (``difflib``), or ``None`` when none is close."""
    matches = difflib.get_close_matches(key, list(valid), n=1, cutoff=0.6)
    return matches[0] if matches else None


def _fields_at(fields: Mapping[str, Any], path: tuple[Any, ...]) -> Mapping[str, Any]:
    """The fields of the (nested) model reached by ``path`` (empty when it is not a model)."""
    for part in path:
        info = fields.get(str(part))
        annotation = getattr(info, "annotation", None)
        # an optional section (``ConfidenceWeights | None``): its model's fields
        annotation = next((a for a in get_args(annotation) if hasattr(a, "model_fields")), annotation)
        nested = getattr(annotation, "model_fields", None)
        if not isinstance(nested, Mapping):
            return {}
        fields = nested
    return fields


def _unknown_key_message(owner: str, key: str, valid: Iterable[str], value: Any = ...,
                         hint: KeyHint | None = None) -> str:
    valid = sorted(valid)
    if "." not in key and hint is not None:
        said = hint(key, owner, value, valid)
    else:
        near = closest_key(key.rsplit(".", 1)[-1], valid)
        said = f"did you mean {near!r}?" if near else None
    return f"unknown {owner} setting {key!r}; {said + ' ' if said else ''}valid settings: {', '.join(valid)}"


_FIX = "Fix the setting and try again."
_FIX_ALL = "Fix the settings above and try again."


def configuration_error(
    owner: str, exc: ValidationError, fields: Mapping[str, Any], hint: KeyHint | None = None
) -> ConfigurationError:
    """Turn a pydantic ``ValidationError`` into a :class:`ConfigurationError` that names the
    offending key, the closest valid key for a misspelling, and what was wrong.

    A :class:`ConfigurationError` raised inside the validation (a validator's, or a nested
    config's) keeps its own message, without pydantic's wrapping around it.

    Args:
        owner: What was being configured (``GuardConfig``, ``Guard``, ...).
        exc: The validation error.
        fields: The model's fields (``Model.model_fields``), for the suggestions.
        hint: What to suggest for an unknown top-level key (default: the closest valid key).
    """
    lines, several = [], False
    for error in exc.errors():
        loc = ".".join(str(part) for part in error.get("loc", ()))
        cause = (error.get("ctx") or {}).get("error")
        if isinstance(cause, ConfigurationError):
            several = several or str(cause).endswith(_FIX_ALL)
            text = str(cause).removesuffix(_FIX_ALL).removesuffix(_FIX).rstrip(" .")
            lines.append(f"{owner}.{loc}: {text}" if loc else text)
        elif error.get("type") == "extra_forbidden":
            path = tuple(error.get("loc", ()))
            valid = _fields_at(fields, path[:-1])
            lines.append(_unknown_key_message(owner, loc, valid, error.get("input", ...), hint))
        else:
            lines.append(f"{owner}.{loc}: {error.get('msg')} (got {error.get('input')!r})")
    return ConfigurationError("; ".join(lines) + ". " + (_FIX_ALL if several or len(lines) > 1 else _FIX))
