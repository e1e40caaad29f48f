"""Guard configuration: one pydantic settings object, overridable by ``LEXGUARD_*`` variables.

Nested settings use a double underscore, e.g. ``LEXGUARD_GROUNDING__SUPPORT_THRESHOLD=0.6``.
Unknown settings are refused with a :class:`~lexguard.ConfigurationError` naming the closest
valid key (``GuardConfig(confidence_treshold=0.9)`` says "did you mean confidence_threshold?"),
and so is a ``LEXGUARD_*`` variable close to a valid name (``LEXGUARD_CONFIDENCE_TRESHOLD``). A
nested setting given at the top level (``time_budget_s``, ``support_threshold``) is refused naming
its section: "did you mean limits.time_budget_s=0.1 (GuardConfig(limits={'time_budget_s': 0.1}))?"
(``LEXGUARD_SUPPORT_THRESHOLD``: "did you mean LEXGUARD_GROUNDING__SUPPORT_THRESHOLD?").
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from typing import Any, Literal

from pydantic import Field, ValidationError, field_validator, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict
from pydantic_settings.exceptions import SettingsError

from lexguard._config_errors import closest_key, configuration_error
from lexguard._errors import ConfigurationError
from lexguard._models import FailureAction
from lexguard._limits import LimitsConfig
from lexguard._value import numbers_not_bools
from lexguard.gate._config import GateConfig
from lexguard.grounding._config import GroundingConfig
from lexguard.knowledge._config import KnowledgeConfig
from lexguard.parsing._config import ParserConfig

__all__ = [
    "DEFAULT_CHECKS",
    "DEFAULT_REFUSAL",
    "OTHER_ENVIRONMENT",
    "FallbackStrategy",
    "GuardConfig",
    "InconclusiveStrategy",
    "closest_key",
    "configuration_error",
    "unknown_key_hint",
]

FallbackStrategy = Literal["refuse", "best_attempt", "raise"]
"""What the guard does with an answer it does not accept (the one fallback vocabulary)."""

InconclusiveStrategy = Literal["flag", "fallback"]
"""What the guard does with an answer a check could not check (never ``accept``)."""

DEFAULT_REFUSAL = "I can't give a reliable answer to that from the available sources."

DEFAULT_CHECKS: tuple[str, ...] = ("parse", "rules", "support", "knowledge", "citations")
"""The built-in checks, in run order (see :mod:`lexguard.checks`)."""


OTHER_ENVIRONMENT = frozenset({
    "LEXGUARD_AUDIT_URL", "LEXGUARD_AUDIT_RETENTION_DAYS", "LEXGUARD_AUDIT_LOCK_TIMEOUT",  # lexguard.audit
    "LEXGUARD_AUDIT_FALLBACK",
    "LEXGUARD_ENCODER_BACKEND", "LEXGUARD_ENCODER_THREADS", "LEXGUARD_CACHE_DIR",  # lexguard.embeddings
    "LEXGUARD_CHAT_MODEL",  # the example graphs (graphs/)
})
"""The ``LEXGUARD_*`` variables read outside :class:`GuardConfig`; any other ``LEXGUARD_*``
variable close to a valid name is refused as a misspelling."""


DESIGN_ENVIRONMENT: dict[str, tuple[str, ...]] = {
    "VALIDATION_CONFIDENCE_THRESHOLD": ("confidence_threshold",),
    "SELF_CORRECTION_MAX_RETRIES": ("max_retries",),
    "HALLUCINATION_MAX_RATE": ("grounding", "max_hallucination_rate"),
}
"""The Self-RAG design's variables, read as the setting they name (path in ``GuardConfig``) when
neither the setting is given nor its ``LEXGUARD_*`` variable is set."""


def _design_environment(environ: Mapping[str, str], values: dict[str, Any]) -> dict[str, Any]:
    """``values`` with the settings named by :data:`DESIGN_ENVIRONMENT` variables filled in."""
    out = dict(values)
    for variable, path in DESIGN_ENVIRONMENT.items():
        raw = environ.get(variable, "").strip()
        own = "LEXGUARD_" + "__".join(p.upper() for p in path)
        if not raw or environ.get(own, "").strip() or path[0] in values:
            continue
        try:
            value = float(raw) if "." in raw or "e" in raw.lower() else int(raw)
        except ValueError as exc:
            raise ConfigurationError(f"{variable}={raw!r} is not a number; it sets {own}") from exc
        if len(path) == 1:
            out[path[0]] = value
        else:
            out[path[0]] = {**out.get(path[0], {}), path[1]: value}
    return out


def _check_environment(environ: Mapping[str, str], fields: Iterable[str]) -> None:
    """Refuse a ``LEXGUARD_*`` variable that names no setting but is close to a valid name
    (``LEXGUARD_CONFIDENCE_TRESHOLD``), and a ``LEXGUARD_ENCODER_THREADS`` that is no count.

    Raises:
        ConfigurationError: Naming the variable and the closest valid one.
    """
    settings = {f"LEXGUARD_{name.upper()}" for name in fields}
    valid = sorted(settings | OTHER_ENVIRONMENT)
    for variable in sorted(environ):
        name = variable.upper()
        if not name.startswith("LEXGUARD_") or name.split("__", 1)[0] in settings or name in OTHER_ENVIRONMENT:
            continue
        head = name.split("__", 1)[0].removeprefix("LEXGUARD_")
        sections = _sections_of(head.lower())
        if sections and "__" not in name:
            raise ConfigurationError(
                f"unknown environment variable {variable}; did you mean "
                f"LEXGUARD_{sections[0].upper()}__{head}? Nested settings take their section and '__'."
            )
        near = closest_key(head, [v.removeprefix("LEXGUARD_") for v in valid])
        if near is not None:
            rest = name[len("LEXGUARD_") + len(head):]
            raise ConfigurationError(
                f"unknown environment variable {variable}; did you mean LEXGUARD_{near}{rest}? "
                f"Rename or unset it (valid: {', '.join(valid)}, nested settings with '__')."
            )
    if environ.get("LEXGUARD_ENCODER_THREADS", "").strip():
        from lexguard.embeddings._encoder import encoder_threads

        encoder_threads()


_SECTION_ORDER = ("limits", "grounding", "gate", "parser", "knowledge")
"""The order in which a nested field name's sections are suggested (``time_budget_s`` is in
``limits`` and ``knowledge``: the total budget comes first)."""


def _nested_fields() -> dict[str, tuple[str, ...]]:
    """Each field of a nested section of :class:`GuardConfig` -> the sections that have it."""
    found: dict[str, list[str]] = {}
    sections = sorted(GuardConfig.model_fields, key=lambda n: (_SECTION_ORDER + (n,)).index(n))
    for section in sections:
        nested = getattr(GuardConfig.model_fields[section].annotation, "model_fields", None)
        for name in nested if isinstance(nested, Mapping) else ():
            found.setdefault(name, []).append(section)
    return {name: tuple(where) for name, where in found.items()}


def _sections_of(key: str) -> tuple[str, ...]:
    """The nested sections that have a field ``key`` (exactly), in suggestion order."""
    return _nested_fields().get(key, ()) if key not in GuardConfig.model_fields else ()


def unknown_key_hint(
    key: str, *, owner: str = "GuardConfig", value: Any = ..., valid: Iterable[str] | None = None
) -> str | None:
    """The hint for an unknown top-level setting, or ``None`` when nothing is close.

    A key that is a field of a nested section gets that section ("did you mean
    limits.time_budget_s=0.1 (Guard(limits={'time_budget_s': 0.1}))?"); else the closest valid
    top-level key ("did you mean 'max_retries'?"); else a close field of a nested section.

    Args:
        key: The unknown key.
        owner: What takes the setting (``Guard``, ``GuardConfig``), for the example call.
        value: The value given (shown in the example; ``...`` when not known).
        valid: The valid top-level keys (default: :class:`GuardConfig`'s fields).
    """
    shown = "..." if value is ... else repr(value)

    def nested(section: str, name: str) -> str:
        return f"{section}.{name}={shown} ({owner}({section}={{{name!r}: {shown}}}))"

    fields = _nested_fields()
    sections = _sections_of(key)
    if sections:
        also = f" (also: {', '.join(f'{s}.{key}' for s in sections[1:])})" if len(sections) > 1 else ""
        return f"did you mean {nested(sections[0], key)}?{also}"
    near = closest_key(key, valid if valid is not None else GuardConfig.model_fields)
    if near is not None:
        return f"did you mean {near!r}?"
    near = closest_key(key, fields)
    return f"did you mean {nested(fields[near][0], near)}?" if near is not None else None


def _hint(key: str, owner: str, value: Any, valid: Iterable[str]) -> str | None:
    return unknown_key_hint(key, owner=owner, value=value, valid=valid)


class GuardConfig(BaseSettings):
    """Settings of one guard.

    Attributes:
        confidence_threshold: Accept only when the checks' confidence is at least this and no
            check failed.
        max_retries: How many times the guard may ask for (or make) a corrected answer.
        fallback: What to do once retries are spent or a failure forbids retrying:
            ``refuse`` (return ``refusal_message``), ``best_attempt`` (return the most confident
            attempt, not accepted, with its findings) or ``raise`` (raise
            ``ValidationFailedError``).
        refusal_message: Text returned by the ``refuse`` fallback.
        repair_without_generator: With no generator, a ``reask`` becomes a ``filter``: the
            sentences holding the problems are dropped and the rest is checked again.
        on_inconclusive: What to do with an answer a check could not check (no sources, no
            checkable claim, a check error or timeout, text beyond what a model read): ``flag``
            hands it on unchanged with verdict ``flag`` and status ``inconclusive`` (not
            accepted, logged as a warning), ``fallback`` applies ``fallback``. An inconclusive
            answer is never accepted.
        checks: The checks to run, in order: built-in names (``parse``, ``rules``, ``support``,
            ``knowledge``, ``citations``), ``"package.module:Class"`` paths, dicts
            (``{"use": "support", "on_fail": "filter"}`` or ``{"use": "pkg.mod:Class", **options}``)
            or check objects (see :class:`lexguard.checks.Check`).
        on_fail: Failure action per check name (``{"rules": "refuse"}``); see
            :class:`~lexguard.FailureAction`. Checks not named keep their own default (``reask``).
        parser: Output parser settings (the ``parse`` check).
        gate: Rule settings (the ``rules`` check).
        grounding: Support-check settings (the ``support`` check).
        knowledge: Knowledge-graph check settings, used when the input carries ``knowledge``
            (time budget, fuzzy-linking distances, ``auto_fix_threshold`` for the ``fix`` action).
        limits: Size limits (answer, sources) and the total time budget of one validation.
    """

    model_config = SettingsConfigDict(
        env_prefix="LEXGUARD_", env_nested_delimiter="__", extra="forbid", frozen=True
    )

    confidence_threshold: float = Field(0.7, ge=0.0, le=1.0, allow_inf_nan=False)
    max_retries: int = Field(2, ge=0, le=20)
    fallback: FallbackStrategy = "refuse"
    refusal_message: str = DEFAULT_REFUSAL
    repair_without_generator: bool = True
    on_inconclusive: InconclusiveStrategy = "flag"
    checks: tuple[Any, ...] = DEFAULT_CHECKS
    on_fail: dict[str, FailureAction] = Field(default_factory=dict)
    parser: ParserConfig = Field(default_factory=ParserConfig)
    gate: GateConfig = Field(default_factory=GateConfig)
    grounding: GroundingConfig = Field(default_factory=GroundingConfig)
    knowledge: KnowledgeConfig = Field(default_factory=KnowledgeConfig)
    limits: LimitsConfig = Field(default_factory=LimitsConfig)

    _numbers = model_validator(mode="before")(classmethod(numbers_not_bools))

    def __init__(self, **values: Any) -> None:
        _check_environment(os.environ, type(self).model_fields)
        values = _design_environment(os.environ, values)
        try:
            super().__init__(**values)
        except ValidationError as exc:
            raise configuration_error("GuardConfig", exc, type(self).model_fields, _hint) from exc
        except SettingsError as exc:  # a LEXGUARD_* variable that does not parse
            raise ConfigurationError(
                f"{exc}; list and dict settings in LEXGUARD_* variables are JSON, e.g. "
                """LEXGUARD_CHECKS='["parse", "rules", "support"]'"""
            ) from exc

    @field_validator("on_inconclusive", mode="before")
    @classmethod
    def _no_silent_accept(cls, value: Any) -> Any:
        if value == "accept":
            raise ConfigurationError(
                "'accept' was removed: an answer that could not be checked is never accepted; "
                "use 'flag' (hand it on, not accepted) or 'fallback'"
            )
        return value

    @field_validator("checks", mode="before")
    @classmethod
    def _check_entries(cls, value: Any) -> Any:
        if isinstance(value, str):
            value = [part.strip() for part in value.split(",") if part.strip()]
        if not isinstance(value, list | tuple):
            raise ConfigurationError("checks must be a list of check names, dicts or check objects")
        for entry in value:
            if isinstance(entry, Mapping) and not isinstance(entry.get("use"), str):
                raise ConfigurationError(f"a check entry {dict(entry)!r} needs a 'use' key naming the check")
            if not isinstance(entry, str | Mapping) and not callable(getattr(entry, "check", None)):
                raise ConfigurationError(f"{entry!r} is not a check: give a name, a dict or an object with check()")
        return tuple(value)
