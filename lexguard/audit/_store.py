"""The audit store protocols, the store error and the settings read from the environment."""

from __future__ import annotations

import os
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Protocol, TypedDict, Unpack, runtime_checkable

from lexguard._errors import ConfigurationError, LexguardError
from lexguard.audit._models import AuditLabel, AuditRecord, AuditStatus, LabelValue

__all__ = [
    "AuditStore",
    "AuditStoreError",
    "LabelledAuditStore",
    "RecordQuery",
    "Redactor",
    "retention_days_from_env",
    "lock_timeout_from_env",
    "RETENTION_ENV",
    "RETENTION_ENV_ALIAS",
    "LOCK_TIMEOUT_ENV",
    "DEFAULT_RETENTION_DAYS",
    "DEFAULT_LOCK_TIMEOUT",
]

class RecordQuery(TypedDict, total=False):
    """The filters of :meth:`AuditStore.query`; every given one must match.

    Attributes:
        session_id: The caller's session (a thread id).
        status: ``PASS``, ``REVIEW`` or ``REJECT``.
        since: Records written at or after this time.
        until: Records written before this time (exclusive).
        limit: At most this many records (the oldest first).
    """

    session_id: str | None
    status: AuditStatus | str | None
    since: datetime | None
    until: datetime | None
    limit: int | None


RETENTION_ENV = "LEXGUARD_AUDIT_RETENTION_DAYS"
RETENTION_ENV_ALIAS = "AUDIT_RETENTION_DAYS"
LOCK_TIMEOUT_ENV = "LEXGUARD_AUDIT_LOCK_TIMEOUT"
DEFAULT_RETENTION_DAYS = 90
DEFAULT_LOCK_TIMEOUT = 2.0

Redactor = Callable[[str], str]
"""``redact(text) -> text``: applied to the query, the answer, sources, claim texts and finding
messages."""


class AuditStoreError(LexguardError, RuntimeError):
    """The audit store cannot be opened, written or read (disk full, locked, down, bad URL, ...)."""


def retention_days_from_env(default: int = DEFAULT_RETENTION_DAYS) -> int:
    """Read ``LEXGUARD_AUDIT_RETENTION_DAYS``, else the design's ``AUDIT_RETENTION_DAYS``.

    Args:
        default: Days when neither variable is set.

    Raises:
        ConfigurationError: If the variable in force is not a positive integer.
    """
    for name in (RETENTION_ENV, RETENTION_ENV_ALIAS):
        raw = os.environ.get(name, "").strip()
        if not raw:
            continue
        try:
            days = int(raw)
        except ValueError:
            days = 0
        if days < 1:
            raise ConfigurationError(
                f"{name}={raw!r} is not a positive number of days; set e.g. {name}=90"
            )
        return days
    return default


def lock_timeout_from_env(default: float = DEFAULT_LOCK_TIMEOUT) -> float:
    """Seconds a write waits for a locked database (or a free connection) before it falls back.

    Reads ``LEXGUARD_AUDIT_LOCK_TIMEOUT``.

    Raises:
        ConfigurationError: If the variable is set but is not a non-negative number.
    """
    raw = os.environ.get(LOCK_TIMEOUT_ENV, "").strip()
    if not raw:
        return default
    try:
        seconds = float(raw)
    except ValueError:
        seconds = -1.0
    if not seconds >= 0:
        raise ConfigurationError(
            f"{LOCK_TIMEOUT_ENV}={raw!r} is not a number of seconds; set e.g. {LOCK_TIMEOUT_ENV}=2"
        )
    return seconds


def epoch(value: datetime) -> float:
    """Seconds since the epoch; a naive ``value`` is taken as UTC."""
    return (value if value.tzinfo else value.replace(tzinfo=UTC)).timestamp()


@runtime_checkable
class AuditStore(Protocol):
    """What an audit store must offer; implement it to log to another database.

    ``write`` may raise anything: :func:`~lexguard.audit.record_report` catches it and writes
    the record to the fallback file. An optional ``redact`` attribute (a :data:`Redactor`) and
    an optional ``fallback_path`` attribute are honoured by ``record_report``.
    """

    def write(self, record: AuditRecord) -> str:
        """Persist ``record`` and return its audit id."""
        ...

    def get(self, audit_id: str) -> AuditRecord | None:
        """Return the record with ``audit_id``, or ``None``."""
        ...

    def query(self, **filters: Unpack[RecordQuery]) -> list[AuditRecord]:
        """Records matching every given filter (:class:`RecordQuery`), oldest first."""
        ...

    def purge(self, *, older_than_days: float | None = None, now: datetime | None = None) -> int:
        """Delete records older than the retention period; return how many were deleted."""
        ...

    def close(self) -> None:
        """Release resources."""
        ...


@runtime_checkable
class LabelledAuditStore(AuditStore, Protocol):
    """An audit store that also keeps people's labels on its records (both built-in stores)."""

    def label(self, audit_id: str, label: LabelValue, *, note: str | None = None) -> AuditLabel:
        """Set (or replace) the label of record ``audit_id``."""
        ...

    def get_label(self, audit_id: str) -> AuditLabel | None:
        """The label of record ``audit_id``, or ``None``."""
        ...

    def labelled(self, *, limit: int | None = None) -> list[tuple[AuditRecord, AuditLabel]]:
        """Every labelled record with its label, oldest record first."""
        ...
