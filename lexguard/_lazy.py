"""Public names: lazy ``__getattr__`` / ``__dir__`` of a package, and the public ``__module__``.

Classes and functions report the public package that exports them as their ``__module__``
(``lexguard.Guard.__module__ == "lexguard"``, httpx-style), not the private module that defines
them: that is the name users import, and the name pickles and LangGraph checkpoints record.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Mapping
from importlib import import_module
from typing import Any

__all__ = ["is_private", "lazy_exports", "publish", "publish_all"]


def is_private(module: str) -> bool:
    """True when a dotted module path has a private part (``lexguard._models``)."""
    return any(part.startswith("_") for part in module.split("."))


def publish(package: str, *objects: Any) -> None:
    """Report ``package`` as the ``__module__`` of ``objects`` (classes and functions) that are
    still known by a private module; one already published keeps its public home."""
    for obj in objects:
        if (inspect.isclass(obj) or inspect.isfunction(obj)) and is_private(obj.__module__):
            obj.__module__ = package


def publish_all(package: str, namespace: Mapping[str, Any]) -> None:
    """:func:`publish` every name of ``namespace["__all__"]`` (call it last in a package's
    ``__init__``)."""
    publish(package, *(namespace[name] for name in namespace["__all__"]))


def lazy_exports(
    package: str,
    names: Mapping[str, str],
    namespace: dict[str, Any],
    homes: Mapping[str, str] | None = None,
) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """Return ``(__getattr__, __dir__)`` for ``package``: each name is imported from its module
    on first access, published (:func:`publish`, under ``homes[name]`` when a more public
    package exports it too, else ``package``) and cached in ``namespace`` (the package's
    ``globals()``)."""

    def resolve(name: str) -> Any:
        module = names.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(import_module(module), name)
        publish((homes or {}).get(name, package), value)
        namespace[name] = value
        return value

    def __dir__() -> list[str]:
        return sorted(set(namespace) | set(namespace.get("__all__", ())))

    return resolve, __dir__
