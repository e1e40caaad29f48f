"""The default audit store: one SQLite file in WAL mode (stdlib ``sqlite3``)."""

from __future__ import annotations

import os
import sqlite3
import threading
from datetime import UTC, datetime, timedelta
from pathlib import Path
from types import TracebackType
from typing import Any

from lexguard._errors import ConfigurationError
from lexguard.audit._models import AuditLabel, AuditRecord, AuditStatus, LabelValue
from lexguard.audit._store import (
    AuditStoreError,
    Redactor,
    epoch,
    lock_timeout_from_env,
    retention_days_from_env,
)

__all__ = ["SQLiteAuditStore"]

_MIGRATIONS: tuple[str, ...] = (
    # 1: records, indexed by time, session and status
    """
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
    """,
    # 2: status index, human labels
    """
    CREATE INDEX IF NOT EXISTS audit_records_status ON audit_records (status, ts);
    CREATE TABLE IF NOT EXISTS audit_labels (
        audit_id    TEXT PRIMARY KEY REFERENCES audit_records (audit_id) ON DELETE CASCADE,
        label       TEXT NOT NULL CHECK (label IN ('correct', 'hallucinated')),
        note        TEXT,
        labelled_at REAL NOT NULL
    );
    """,
)
SCHEMA_VERSION = len(_MIGRATIONS)


class SQLiteAuditStore:
    """The default audit store: one SQLite file in WAL mode (stdlib ``sqlite3``).

    Thread-safe (one connection behind a lock); several processes may write the same file
    (SQLite locking). Every write is its own transaction, so a process killed mid-run leaves a
    readable database holding every committed record. The file is opened lazily on first use,
    so constructing a store never fails; an unavailable file surfaces as
    :class:`AuditStoreError` from the first operation. The schema version is kept in
    ``PRAGMA user_version`` and forward migrations are applied on open.

    Args:
        path: Database file (parent folders are created), or ``":memory:"``.
        retention_days: Records older than this are purged; defaults to
            ``LEXGUARD_AUDIT_RETENTION_DAYS`` / ``AUDIT_RETENTION_DAYS`` or 90.
        redact: Optional hook applied to query/answer/source text before records are built.
        fallback_path: Where :func:`~lexguard.audit.record_report` appends records the store
            could not take; defaults to ``<path>.fallback.jsonl``.
        purge_on_open: Purge expired records when the file is first opened.
        synchronous: SQLite ``synchronous`` pragma: ``FULL`` (durable on power loss, default)
            or ``NORMAL`` (faster; still never corrupt).
        timeout: Seconds a write waits for another process's lock before it fails (and the
            record goes to the fallback file); defaults to ``LEXGUARD_AUDIT_LOCK_TIMEOUT`` or 2.

    Raises:
        ConfigurationError: If ``retention_days`` (or an environment variable) is invalid.
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
        timeout: float | None = None,
    ) -> None:
        if retention_days is not None and retention_days < 1:
            raise ConfigurationError(f"retention_days={retention_days} must be at least 1")
        if synchronous.upper() not in {"FULL", "NORMAL", "EXTRA"}:
            raise ConfigurationError(f"synchronous={synchronous!r}; use FULL, NORMAL or EXTRA")
        if timeout is not None and not timeout >= 0:
            raise ConfigurationError(f"timeout={timeout} must be a non-negative number of seconds")
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
        self.timeout = timeout if timeout is not None else lock_timeout_from_env()
        self._lock = threading.RLock()
        self._conn: sqlite3.Connection | None = None

    def __repr__(self) -> str:
        return f"SQLiteAuditStore({self.path!r}, retention_days={self.retention_days})"

    def _migrate(self, conn: sqlite3.Connection) -> None:
        version = int(conn.execute("PRAGMA user_version").fetchone()[0])
        if version >= SCHEMA_VERSION:
            return
        conn.execute("BEGIN IMMEDIATE")
        try:
            version = int(conn.execute("PRAGMA user_version").fetchone()[0])
            for number, script in enumerate(_MIGRATIONS[version:], start=version + 1):
                for statement in script.split(";"):
                    if statement.strip():
                        conn.execute(statement)
                conn.execute(f"PRAGMA user_version = {number}")
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise

    def _connection(self) -> sqlite3.Connection:
        if self._conn is not None:
            return self._conn
        conn: sqlite3.Connection | None = None
        try:
            if self.path != ":memory:":
                Path(self.path).parent.mkdir(parents=True, exist_ok=True)
            conn = sqlite3.connect(
                self.path, timeout=self.timeout, check_same_thread=False, isolation_level=None
            )
            conn.execute("PRAGMA journal_mode=WAL")
            conn.execute(f"PRAGMA synchronous={self._synchronous}")
            conn.execute("PRAGMA foreign_keys=ON")
            self._migrate(conn)
        except (OSError, sqlite3.Error) as exc:
            if conn is not None:
                conn.close()
            raise AuditStoreError(
                f"cannot open the audit database {self.path!r}: {exc}; check that its folder "
                "exists and is writable and that no other process holds it locked"
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
            AuditStoreError: If the database is unavailable, stays locked longer than
                ``timeout`` or the id already exists.
        """
        self._run(
            "INSERT INTO audit_records (audit_id, ts, session_id, response_id, status, record) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            (
                record.audit_id,
                epoch(record.timestamp),
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
            params.append(epoch(since))
        if until is not None:
            where.append("ts < ?")
            params.append(epoch(until))
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

    def label(self, audit_id: str, label: LabelValue, *, note: str | None = None) -> AuditLabel:
        """Set (or replace) a person's label on record ``audit_id``.

        Raises:
            AuditStoreError: If there is no such record or the database fails.
        """
        value = AuditLabel(audit_id=audit_id, label=label, note=note)
        with self._lock:
            if self.get(audit_id) is None:
                raise AuditStoreError(
                    f"no audit record {audit_id!r} in {self.path!r}; list ids with "
                    "`lexguard audit list`"
                )
            self._run(
                "INSERT INTO audit_labels (audit_id, label, note, labelled_at) VALUES (?, ?, ?, ?) "
                "ON CONFLICT (audit_id) DO UPDATE SET label = excluded.label, "
                "note = excluded.note, labelled_at = excluded.labelled_at",
                (audit_id, value.label, value.note, epoch(value.labelled_at)),
            )
        return value

    def get_label(self, audit_id: str) -> AuditLabel | None:
        """The label of record ``audit_id``, or ``None``."""
        rows, _ = self._run(
            "SELECT label, note, labelled_at FROM audit_labels WHERE audit_id = ?", (audit_id,)
        )
        return _label(audit_id, rows[0]) if rows else None

    def labelled(self, *, limit: int | None = None) -> list[tuple[AuditRecord, AuditLabel]]:
        """Every labelled record with its label, oldest record first."""
        sql = (
            "SELECT r.audit_id, r.record, l.label, l.note, l.labelled_at FROM audit_records r "
            "JOIN audit_labels l ON l.audit_id = r.audit_id ORDER BY r.ts, r.rowid"
        )
        params: tuple[object, ...] = ()
        if limit is not None:
            sql += " LIMIT ?"
            params = (int(limit),)
        rows, _ = self._run(sql, params)
        return [(AuditRecord.model_validate_json(r[1]), _label(r[0], r[2:])) for r in rows]

    def _purge(self, days: float, now: datetime | None) -> int:
        cutoff = (now or datetime.now(UTC)) - timedelta(days=days)
        return self._run("DELETE FROM audit_records WHERE ts < ?", (epoch(cutoff),))[1]

    def purge(self, *, older_than_days: float | None = None, now: datetime | None = None) -> int:
        """Delete records (and their labels) older than ``older_than_days``.

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


def _label(audit_id: str, row: tuple[Any, ...]) -> AuditLabel:
    label, note, at = row[0], row[1], row[2]
    when = at if isinstance(at, datetime) else datetime.fromtimestamp(float(at), UTC)
    return AuditLabel(audit_id=audit_id, label=label, note=note, labelled_at=when)
