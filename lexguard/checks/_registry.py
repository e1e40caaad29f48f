"""Turn ``GuardConfig.checks`` into check objects.

An entry is a built-in name (``parse``, ``rules``, ``support``, ``knowledge``, ``citations``), a
``"package.module:Class"`` (or ``"package.module.Class"``) path, a dict ``{"use": <name or path>,
"on_fail": ..., "name": ..., **options}``, or a check object. Classes are built with
``Class(config=<GuardConfig>, **options)`` when their ``__init__`` takes ``config``, else
``Class(**options)``. ``GuardConfig.on_fail`` overrides each check's failure action by name.
"""

from __future__ import annotations

import copy
import importlib
import inspect
from collections.abc import Callable, Mapping
from typing import Any

from lexguard._config import GuardConfig, closest_key
from lexguard._errors import ConfigurationError
from lexguard._models import FailureAction
from lexguard.checks._base import Check, failure_action
from lexguard.checks._builtin import KnowledgeCheck, ParseCheck, RulesCheck, SupportCheck
from lexguard.checks._citations import CitationsCheck

__all__ = ["BUILTIN_CHECKS", "RESERVED_NAMES", "build_checks", "check_name_problem", "register_check"]

BUILTIN_CHECKS: dict[str, type] = {
    "parse": ParseCheck,
    "rules": RulesCheck,
    "support": SupportCheck,
    "knowledge": KnowledgeCheck,
    "citations": CitationsCheck,
}
"""Check classes by the name a config uses."""


RESERVED_NAMES = frozenset({"prepare", "decide", "self_correct", "finalize", "fallback", "__start__", "__end__"})
"""Names a check cannot take: the guard graph's own nodes and LangGraph's start and end."""


def check_name_problem(name: str) -> str | None:
    """Why ``name`` cannot name a check (a node of the guard graph), or ``None`` when it can."""
    if not name.strip():
        return "is empty"
    if name in RESERVED_NAMES:
        return "is taken by the guard's own nodes"
    if name.startswith("__"):
        return "starts with '__', which LangGraph keeps for its own nodes"
    if bad := [c for c in ":|" if c in name]:
        return f"holds {' and '.join(repr(c) for c in bad)}, which LangGraph keeps as namespace separators"
    return None


def register_check(name: str, factory: Callable[..., Check]) -> None:
    """Make ``name`` usable in ``GuardConfig.checks`` (for plug-ins shipped as packages)."""
    BUILTIN_CHECKS[name] = factory  # type: ignore[assignment]


def _import(path: str) -> Any:
    module, _, attr = path.partition(":") if ":" in path else path.rpartition(".")
    if not module or not attr:
        raise ImportError(path)
    return getattr(importlib.import_module(module), attr)


def _factory(use: str) -> Any:
    if use in BUILTIN_CHECKS:
        return BUILTIN_CHECKS[use]
    if "." in use or ":" in use:
        try:
            return _import(use)
        except (ImportError, AttributeError) as exc:
            raise ConfigurationError(
                f"check {use!r} cannot be imported ({type(exc).__name__}: {exc}); give "
                "'package.module:ClassName' of an importable class"
            ) from exc
    near = closest_key(use, BUILTIN_CHECKS)
    hint = f"did you mean {near!r}? " if near else ""
    raise ConfigurationError(
        f"unknown check {use!r}; {hint}built-in checks: {', '.join(BUILTIN_CHECKS)} "
        "(or give 'package.module:ClassName', a dict with 'use', or a check object)"
    )


def _takes(factory: Any, name: str) -> bool:
    """True when ``factory`` names a ``name`` parameter explicitly."""
    try:
        return name in inspect.signature(factory).parameters
    except (TypeError, ValueError):
        return False


def _build(entry: Any, config: GuardConfig, shared: Mapping[str, Any]) -> Check:
    if not isinstance(entry, str | Mapping):
        return entry  # a check object
    options = {"use": entry} if isinstance(entry, str) else dict(entry)
    factory = _factory(str(options.pop("use")))
    if _takes(factory, "config"):
        options.setdefault("config", config)
    for key, value in shared.items():  # e.g. the guard's shared support checker
        if value is not None and key not in options and factory in (BUILTIN_CHECKS.get("support"), BUILTIN_CHECKS.get("citations")) and _takes(factory, key):
            options[key] = value
    try:
        return factory(**options)
    except TypeError as exc:
        raise ConfigurationError(f"check {entry!r} could not be built: {exc}; check its options") from exc


def check_judge_provider(model: str | None) -> None:
    """Check that ``grounding.judge_model`` (``"provider:model"``) names a provider LangChain knows
    whose package is installed, when the guard is built rather than on its first request (the
    model itself is created on first use: no API key is needed here).

    Raises:
        ConfigurationError: For an unknown provider or one whose package is missing.
    """
    if not model:
        return
    try:
        from langchain.chat_models import base
    except ImportError as exc:
        raise ConfigurationError(f"grounding.judge_model={model!r} needs the `langchain` package; install it") from exc
    parse, creator = getattr(base, "_parse_model", None), getattr(base, "_get_chat_model_creator", None)
    if parse is None or creator is None:  # another langchain: the model is checked on first use
        return
    try:
        _, provider = parse(model, None)
        creator(provider)
    except ImportError as exc:
        raise ConfigurationError(f"grounding.judge_model={model!r}: the provider's package is not installed ({exc}); "
                                 "install it, or set judge_model to a provider you have") from exc
    except ValueError as exc:
        raise ConfigurationError(f"grounding.judge_model={model!r}: {exc}") from exc


def build_checks(config: GuardConfig, **shared: Any) -> tuple[Check, ...]:
    """The configured checks, in order, with ``config.on_fail`` applied.

    Args:
        config: Guard settings.
        **shared: Objects handed to the built-in checks that take them (``checker=`` for
            ``support``).

    Raises:
        ConfigurationError: For a ``grounding.judge_model`` whose provider is unknown or not
            installed, for an unknown or unimportable check, a duplicate name or one the
            graph cannot take (see :func:`check_name_problem`), an object that is not a check, an
            ``on_fail`` that is no failure action, or an ``on_fail`` key that names no configured
            check.
    """
    check_judge_provider(config.grounding.judge_model)
    checks: list[Check] = []
    for entry in config.checks:
        check = _build(entry, config, shared)
        if not isinstance(getattr(check, "name", None), str) or not callable(getattr(check, "check", None)):
            raise ConfigurationError(f"{check!r} is not a check: it needs a 'name' and a check(answer, context) method")
        if (problem := check_name_problem(check.name)) is not None:
            raise ConfigurationError(f"check name {check.name!r} {problem}; rename the check (name=...)")
        if not hasattr(check, "on_fail"):
            check.on_fail = FailureAction.REASK  # type: ignore[attr-defined]
        elif not isinstance(check.on_fail, FailureAction):
            action = failure_action(check.on_fail, f"check {check.name!r}")
            check = copy.copy(check)  # never change a check object the caller shares
            check.on_fail = action  # type: ignore[misc]
        checks.append(check)
    names = [c.name for c in checks]
    if duplicates := sorted({n for n in names if names.count(n) > 1}):
        raise ConfigurationError(f"check name(s) {', '.join(duplicates)} used twice; give each check its own name")
    for name, action in config.on_fail.items():
        if name not in names:
            near = closest_key(name, names)
            hint = f"did you mean {near!r}? " if near else ""
            raise ConfigurationError(f"on_fail names {name!r}, which is not a configured check; {hint}checks: {', '.join(names)}")
        index = names.index(name)
        if checks[index].on_fail != FailureAction(action):
            changed = copy.copy(checks[index])  # never change a check object the caller shares
            changed.on_fail = FailureAction(action)  # type: ignore[misc]
            checks[index] = changed
    return tuple(checks)
