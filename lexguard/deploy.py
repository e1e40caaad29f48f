"""Deployment helpers: a PostgreSQL checkpointer that restores lexguard's types intact.

LangGraph checkpoints state with msgpack; from ``langgraph-checkpoint`` 4 on, a type that is
not on the serializer's allowlist is restored as a plain dict (blocked) under
``LANGGRAPH_STRICT_MSGPACK=true``, and the default is to become strict. A graph that keeps a
:class:`~lexguard.ValidationReport` in its state therefore needs lexguard's types on the
checkpointer's allowlist: :func:`checkpoint_allowlist` lists them, :func:`postgres_checkpointer`
opens a ``PostgresSaver`` with them allowed.

Example:
    >>> from lexguard.deploy import postgres_checkpointer  # doctest: +SKIP
    >>> with postgres_checkpointer("postgresql://app@db/app") as saver:  # doctest: +SKIP
    ...     graph = make_graph().copy(update={"checkpointer": saver})
"""

from __future__ import annotations

import enum
import typing
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from pydantic import BaseModel

from lexguard._optional import require

__all__ = ["checkpoint_allowlist", "postgres_checkpointer"]


def _walk(tp: Any, seen: set[Any], found: set[tuple[str, str]]) -> None:
    if tp in seen or tp is None:
        return
    try:
        seen.add(tp)
    except TypeError:  # unhashable typing constructs
        pass
    for arg in typing.get_args(tp):
        _walk(arg, seen, found)
    if not isinstance(tp, type):
        return
    if tp.__module__.split(".")[0] == "lexguard" and issubclass(tp, BaseModel | enum.Enum):
        found.add((tp.__module__, tp.__qualname__))
    if issubclass(tp, BaseModel):
        for field in tp.model_fields.values():
            _walk(field.annotation, seen, found)
    elif typing.is_typeddict(tp):
        for hint in typing.get_type_hints(tp).values():
            _walk(hint, seen, found)


def checkpoint_allowlist(*extra: type) -> tuple[tuple[str, str], ...]:
    """``(module, name)`` of every lexguard type a guard graph can leave in its state.

    Found by walking the guard state's type hints (reports, findings, claims, citations,
    sources, knowledge context, enums), so it follows the code as it changes.

    Args:
        *extra: Further state types of your own graph to walk.
    """
    from lexguard._models import ValidationReport
    from lexguard._state import GuardState

    roots: list[Any] = [GuardState, ValidationReport]
    try:
        from lexguard.knowledge import KnowledgeContext

        roots.append(KnowledgeContext)
    except ImportError:  # pragma: no cover - the knowledge check moved
        pass
    from lexguard._checkpoint import CHECKPOINT_TYPES

    found: set[tuple[str, str]] = set(CHECKPOINT_TYPES)
    seen: set[Any] = set()
    for root in (*roots, *extra):
        _walk(root, seen, found)
    return tuple(sorted(found))


@contextmanager
def postgres_checkpointer(url: str, *, setup: bool = True, extra: tuple[type, ...] = ()) -> Iterator[Any]:
    """A ``langgraph.checkpoint.postgres.PostgresSaver`` whose serializer allows lexguard's types.

    Args:
        url: ``postgresql://user:password@host:5432/db``.
        setup: Create or migrate the checkpoint tables first (``saver.setup()``).
        extra: Further state types of your own graph to allow.

    Raises:
        MissingDependencyError: If ``langgraph-checkpoint-postgres`` is not installed (a
            ``ConfigurationError``).
    """
    require("langgraph.checkpoint.postgres", hint="the Postgres checkpointer needs langgraph-checkpoint-postgres; "
            "install it with `pip install 'lexguard[postgres]'`")
    from langgraph.checkpoint.postgres import PostgresSaver
    from langgraph.checkpoint.serde.jsonplus import JsonPlusSerializer

    with PostgresSaver.from_conn_string(url) as saver:
        # a fresh serializer: the saver's default allows every type with a warning (``True``), and
        # ``with_msgpack_allowlist`` leaves such a serializer unchanged
        saver.serde = JsonPlusSerializer(allowed_msgpack_modules=checkpoint_allowlist(*extra))
        if setup:
            saver.setup()
        yield saver
