"""Audit stores: the pluggable :class:`AuditStore` protocol and the default SQLite store."""

from __future__ import annotations

import os
import sqlite3
import threading
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from types import TracebackType
from typing import Any, Protocol, runtime_checkable

from lexguard._errors import ConfigurationError, LexguardError
from lexguard.audit._models import AuditRecord, AuditStatus

__all__ = [
    "AuditStore",
    "AuditStoreError",
    "SQLiteAuditStore",
    "Redactor",
    "retention_days_from_env",
    "RETENTION_ENV",
    "DEFAULT_RETENTION_DAYS",
]

RETENTION_ENV = "LEXGUARD_AUDIT_RETENTION_DAYS"
DEFAULT_RETENTION_DAYS = 90

Redactor = Callable[[str], str]
"""``redact(text) -> text``: applied to the query, the answer, claim texts and finding messages."""

_SCHEMA = """
CREATE TABLE IF NOT EXISTS audit_records (
    audit_id    TEXT PRIMARY KEY,
    ts          REAL NOT NULL,
    session_id  TEXT,
    response_id TEXT,
    status      TEXT NOT NULL,
    record      TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS audit_records_ts ON audit_records (ts);
CREATE INDEX IF NOT EXISTS audit_records_session ON audit_records (session_id);
"""


class AuditStoreError(LexguardError, RuntimeError):
    """The audit store cannot be opened, written or read (disk full, locked, bad path, ...)."""


def retention_days_from_env(default: int = DEFAULT_RETENTION_DAYS) -> int:
    """Read ``LEXGUARD_AUDIT_RETENTION_DAYS`` (a positive integer; ``default`` when unset).

    Raises:
        ConfigurationError: If the variable is set but is not a positive integer.
    """
    raw = os.environ.get(RETENTION_ENV, "").strip()
    if not raw:
        return default
    try:
        days = int(raw)
    except ValueError:
        days = 0
    if days < 1:
        raise ConfigurationError(
            f"{RETENTION_ENV}={raw!r} is not a positive number of days; set e.g. {RETENTION_ENV}=90"
        )
    return days


@runtime_checkable
class AuditStore(Protocol):
    """What an audit store must offer; implement it to log to a server database.

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

    def query(
        self,
        *,
        session_id: str | None = None,
        status: AuditStatus | str | None = None,
        since: datetime | None = None,
        until: datetime | None = None,
        limit: int | None = None,
    ) -> list[AuditRecord]:
        """Records matching every given filter, oldest first."""
        ...

    def purge(self, *, older_than_days: float | None = None, now: datetime | None = None) -> int:
        """Delete records older than the retention period; return how many were deleted."""
        ...

    def close(self) -> None:
        """Release resources."""
        ...


def _epoch(value: datetime) -> float:
    return (value if value.tzinfo else value.replace(tzinfo=UTC)).timestamp()


class SQLiteAuditStore:
    """The default audit store: one SQLite file in WAL mode (stdlib ``sqlite3``).

    Thread-safe (one connection behind a lock); several processes may write the same file
    (SQLite locking, ``timeout`` seconds of busy wait). Every write is its own transaction, so a
    process killed mid-run leaves a readable database holding every committed record. The file
    is opened lazily on first use, so constructing a store never fails; an unavailable file
    surfaces as :class:`AuditStoreError` from the first operation.

    Args:
        path: Database file (parent folders are created), or ``":memory:"``.
        retention_days: Records older than this are purged; defaults to
            ``LEXGUARD_AUDIT_RETENTION_DAYS`` or 90.
        redact: Optional hook applied to query/answer text before records are built.
        fallback_path: Where :func:`~lexguard.audit.record_report` appends records the store
            could not take; defaults to ``<path>.fallback.jsonl``.
        purge_on_open: Purge expired records when the file is first opened.
        synchronous: SQLite ``synchronous`` pragma: ``FULL`` (durable on power loss, default)
            or ``NORMAL`` (faster; still never corrupt).
        timeout: Seconds to wait for another writer's lock.

    Raises:
        ConfigurationError: If ``retention_days`` (or the environment variable) is not positive.
    """

    def __init__(
        self,
        path: str | os.PathLike[str],
        *,
        retention_days: int | None = None,
        redact: Redactor | None = None,
        fallback_path: str | os.PathLike[str] | None = None,
        purge_on_open: bool = True,
        synchronous: str = "FULL",
        timeout: float = 30.0,
    ) -> None:
        if retention_days is not None and retention_days < 1:
            raise ConfigurationError(f"retention_days={retention_days} must be at least 1")
        if synchronous.upper() not in {"FULL", "NORMAL", "EXTRA"}:
            raise ConfigurationError(f"synchronous={synchronous!r}; use FULL, NORMAL or EXTRA")
        self.path = str(path)
        self.retention_days = (
            retention_days if retention_days is not None else retention_days_from_env()
        )
        self.redact = redact
        self.fallback_path = (
            Path(fallback_path)
            if fallback_path is not None
            else Path(
                f"{self.path}.fallback.jsonl"
                if self.path != ":memory:"
                else "lexguard-audit-fallback.jsonl"
            )
        )
        self._purge_on_open = purge_on_open
        self._synchronous = synchronous.upper()
        self._timeout = timeout
        self._lock = threading.RLock()
        self._conn: sqlite3.Connection | None = None

    def __repr__(self) -> str:
        return f"SQLiteAuditStore({self.path!r}, retention_days={self.retention_days})"

    def _connection(self) -> sqlite3.Connection:
        if self._conn is not None:
            return self._conn
        conn: sqlite3.Connection | None = None
        try:
            if self.path != ":memory:":
                Path(self.path).parent.mkdir(parents=True, exist_ok=True)
            conn = sqlite3.connect(
                self.path, timeout=self._timeout, check_same_thread=False, isolation_level=None
            )
            conn.execute("PRAGMA journal_mode=WAL")
            conn.execute(f"PRAGMA synchronous={self._synchronous}")
            conn.executescript(_SCHEMA)
        except (OSError, sqlite3.Error) as exc:
            if conn is not None:
                conn.close()
            raise AuditStoreError(
                f"cannot open the audit database {self.path!r}: {exc}; check that its folder "
                "exists and is writable"
            ) from exc
        self._conn = conn
        if self._purge_on_open:
            self._purge(self.retention_days, None)
        return conn

    def _run(
        self, sql: str, params: tuple[object, ...] = ()
    ) -> tuple[list[tuple[Any, ...]], int]:
        """Execute one statement under the lock; return its rows and rowcount."""
        with self._lock:
            try:
                cursor = self._connection().execute(sql, params)
                return cursor.fetchall(), cursor.rowcount
            except sqlite3.Error as exc:
                raise AuditStoreError(f"audit database {self.path!r}: {exc}") from exc

    def write(self, record: AuditRecord) -> str:
        """Insert ``record`` in its own transaction and return its audit id.

        Raises:
            AuditStoreError: If the database is unavailable or the id already exists.
        """
        self._run(
            "INSERT INTO audit_records (audit_id, ts, session_id, response_id, status, record) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            (
                record.audit_id,
                _epoch(record.timestamp),
                record.session_id,
                record.response_id,
                str(record.status),
                record.model_dump_json(),
            ),
        )
        return record.audit_id

    def get(self, audit_id: str) -> AuditRecord | None:
        """Return the record with ``audit_id``, or ``None``."""
        rows, _ = self._run("SELECT record FROM audit_records WHERE audit_id = ?", (audit_id,))
        return AuditRecord.model_validate_json(rows[0][0]) if rows else None

    def query(
        self,
        *,
        session_id: str | None = None,
        status: AuditStatus | str | None = None,
        since: datetime | None = None,
        until: datetime | None = None,
        limit: int | None = None,
    ) -> list[AuditRecord]:
        """Records matching every given filter, oldest first (``until`` is exclusive)."""
        where: list[str] = []
        params: list[object] = []
        if session_id is not None:
            where.append("session_id = ?")
            params.append(session_id)
        if status is not None:
            where.append("status = ?")
            params.append(str(AuditStatus(status)))
        if since is not None:
            where.append("ts >= ?")
            params.append(_epoch(since))
        if until is not None:
            where.append("ts < ?")
            params.append(_epoch(until))
        sql = "SELECT record FROM audit_records"
        if where:
            sql += " WHERE " + " AND ".join(where)
        sql += " ORDER BY ts, rowid"
        if limit is not None:
            sql += " LIMIT ?"
            params.append(int(limit))
        rows, _ = self._run(sql, tuple(params))
        return [AuditRecord.model_validate_json(r[0]) for r in rows]

    def count(self) -> int:
        """Number of stored records."""
        rows, _ = self._run("SELECT COUNT(*) FROM audit_records")
        return int(rows[0][0])

    def _purge(self, days: float, now: datetime | None) -> int:
        cutoff = (now or datetime.now(UTC)) - timedelta(days=days)
        return self._run("DELETE FROM audit_records WHERE ts < ?", (_epoch(cutoff),))[1]

    def purge(self, *, older_than_days: float | None = None, now: datetime | None = None) -> int:
        """Delete records older than ``older_than_days`` (default: the retention period).

        Args:
            older_than_days: Age limit in days; defaults to ``retention_days``.
            now: The reference time (default: the current UTC time).

        Returns:
            How many records were deleted.
        """
        days = self.retention_days if older_than_days is None else older_than_days
        if days < 0:
            raise ConfigurationError(f"older_than_days={days} must not be negative")
        with self._lock:
            self._connection()
            return self._purge(days, now)

    def integrity_check(self) -> bool:
        """Run SQLite's ``PRAGMA integrity_check``; ``True`` when the file is sound."""
        rows, _ = self._run("PRAGMA integrity_check")
        return bool(rows) and rows[0][0] == "ok"

    def close(self) -> None:
        """Close the connection (a later call reopens it)."""
        with self._lock:
            if self._conn is not None:
                self._conn.close()
                self._conn = None

    def __enter__(self) -> SQLiteAuditStore:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()
