"""The base of lexguard's value objects."""

from __future__ import annotations

from typing import Any, get_args

from pydantic import BaseModel, ConfigDict, ValidationError, model_validator

from lexguard._config_errors import configuration_error
from lexguard._errors import ConfigurationError

__all__ = ["SettingsModel", "ValueModel", "numbers_not_bools"]


class ValueModel(BaseModel):
    """A frozen pydantic model that refuses unknown fields.

    Reports, findings, claims, rules, audit records and evaluation rows are values: built once,
    never changed (so they can be shared across threads, cached and checkpointed), and a
    misspelled field is an error rather than silently dropped.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")


def numbers_not_bools(model: type[BaseModel], data: Any) -> Any:
    """Refuse ``True`` / ``False`` for a setting that is a number (a "before" model validator).

    pydantic reads ``True`` as 1.0 in lax mode, so ``verifier_override=True`` switched the
    override off where its writer meant "on". A number setting takes a number.

    Raises:
        ConfigurationError: Naming the setting and what to write instead.
    """

    if not isinstance(data, dict):
        return data
    for name, value in data.items():
        info = model.model_fields.get(name)
        if isinstance(value, bool) and info is not None and _is_number(info.annotation):
            default = info.default
            shown = f" ({default})" if isinstance(default, int | float) and not isinstance(default, bool) else ""
            raise ConfigurationError(f"{name} takes a number, not {value}: write the number itself, or leave it "
                                     f"out for the default{shown}")
    return data


def _is_number(annotation: Any) -> bool:
    args = get_args(annotation)
    return annotation in (float, int) or bool(args) and all(a in (float, int, type(None)) for a in args)


class SettingsModel(ValueModel):
    """A frozen settings section: a :class:`ValueModel` whose number settings refuse ``True`` /
    ``False`` (see :func:`numbers_not_bools`) and whose errors are
    :class:`~lexguard.ConfigurationError` with a "did you mean" for a misspelt key."""

    _numbers = model_validator(mode="before")(classmethod(numbers_not_bools))

    def __init__(self, **values: Any) -> None:
        try:
            super().__init__(**values)
        except ValidationError as exc:
            raise configuration_error(type(self).__name__, exc, type(self).model_fields) from exc
