"""A PostgreSQL audit store that many processes and machines share (psycopg 3 with a pool)."""

from __future__ import annotations

import asyncio
import os
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from pathlib import Path
from types import TracebackType
from typing import Any

from lexguard._errors import ConfigurationError
from lexguard.audit._models import AuditLabel, AuditRecord, AuditStatus, LabelValue
from lexguard.audit._pg_schema import (
    INSERT,
    LOCK_KEY,
    MIGRATIONS,
    POSTGRES_SCHEMES,
    SCHEMA_VERSION,
    import_psycopg,
    masked,
    row_values,
    select_records,
    utc,
)
from lexguard.audit._store import (
    AuditStoreError,
    Redactor,
    lock_timeout_from_env,
    retention_days_from_env,
)

__all__ = ["PostgresAuditStore", "POSTGRES_SCHEMES", "SCHEMA_VERSION"]

class PostgresAuditStore:
    """An audit store in PostgreSQL, shared by many writers (psycopg 3 with a connection pool).

    Every write is its own committed transaction, so a writer killed at any moment loses
    nothing it was told was written. The schema has a version table
    (``lexguard_audit_schema``) and forward migrations applied on first use, under an advisory
    lock so several processes may open the database at once. Indexes serve the queries by
    time, session and status. Nothing connects until the first operation, so constructing a
    store never fails; a database that is down surfaces as :class:`AuditStoreError` within
    ``timeout`` seconds (and :func:`~lexguard.audit.record_report` then writes the record to
    the fallback file; ``lexguard audit recover`` replays it).

    Sync methods use a ``psycopg_pool.ConnectionPool``; the ``a``-prefixed methods
    (:meth:`awrite`, :meth:`aget`, :meth:`aquery`) use an ``AsyncConnectionPool`` and never
    block the event loop.

    Args:
        url: ``postgresql://user:password@host:port/dbname`` (any libpq connection string).
        retention_days: Records older than this are purged; defaults to
            ``LEXGUARD_AUDIT_RETENTION_DAYS`` / ``AUDIT_RETENTION_DAYS`` or 90.
        redact: Optional hook applied to query/answer/source text before records are built.
        fallback_path: Where records go while the database is unreachable; defaults to
            ``$LEXGUARD_AUDIT_FALLBACK`` or ``./lexguard-audit-fallback.jsonl``.
        purge_on_open: Purge expired records when the schema is first checked.
        pool_size: Most connections this process keeps open.
        timeout: Seconds an operation waits for a connection (or a lock) before it fails;
            defaults to ``LEXGUARD_AUDIT_LOCK_TIMEOUT`` or 2.
        retry_after: After the database could not be reached, operations fail at once (to the
            fallback file, without waiting ``timeout`` each) for this many seconds.

    Raises:
        ConfigurationError: If ``url`` is not a PostgreSQL URL or a setting is invalid.
    """

    def __init__(
        self,
        url: str,
        *,
        retention_days: int | None = None,
        redact: Redactor | None = None,
        fallback_path: str | os.PathLike[str] | None = None,
        purge_on_open: bool = True,
        pool_size: int = 4,
        timeout: float | None = None,
        retry_after: float = 5.0,
    ) -> None:
        if not isinstance(url, str) or not url.startswith(POSTGRES_SCHEMES):
            raise ConfigurationError(
                f"{url!r} is not a PostgreSQL URL; use postgresql://user:password@host:5432/db"
            )
        if retention_days is not None and retention_days < 1:
            raise ConfigurationError(f"retention_days={retention_days} must be at least 1")
        if pool_size < 1:
            raise ConfigurationError(f"pool_size={pool_size} must be at least 1")
        if timeout is not None and not timeout > 0:
            raise ConfigurationError(f"timeout={timeout} must be a positive number of seconds")
        self.url = url
        self.retention_days = (
            retention_days if retention_days is not None else retention_days_from_env()
        )
        self.redact = redact
        self.fallback_path = Path(
            fallback_path
            if fallback_path is not None
            else os.environ.get("LEXGUARD_AUDIT_FALLBACK") or "lexguard-audit-fallback.jsonl"
        )
        self.timeout = timeout if timeout is not None else lock_timeout_from_env()
        self.pool_size = pool_size
        self.retry_after = max(0.0, float(retry_after))
        self._down_until = 0.0
        self._purge_on_open = purge_on_open
        self._lock = threading.Lock()
        self._pool: Any = None
        self._apool: Any = None
        self._apool_loop: asyncio.AbstractEventLoop | None = None
        self._ready = False

    def __repr__(self) -> str:
        return f"PostgresAuditStore({masked(self.url)!r}, retention_days={self.retention_days})"

    # -- connections and schema --------------------------------------------------------------

    def _kwargs(self) -> dict[str, Any]:
        # libpq wants an integer connect_timeout of at least 2 seconds
        return {"autocommit": True, "connect_timeout": max(2, int(self.timeout + 0.999))}

    def _pool_(self) -> Any:
        if self._pool is None:
            with self._lock:
                if self._pool is None:
                    _, psycopg_pool = import_psycopg()
                    pool = psycopg_pool.ConnectionPool(
                        self.url,
                        min_size=1,
                        max_size=self.pool_size,
                        kwargs=self._kwargs(),
                        check=psycopg_pool.ConnectionPool.check_connection,
                        timeout=self.timeout,
                        open=False,
                        name="lexguard-audit",
                    )
                    pool.open(wait=False)
                    self._pool = pool
        return self._pool

    @contextmanager
    def _conn(self) -> Iterator[Any]:
        """A pooled connection with the schema in place; errors become AuditStoreError."""
        psycopg, psycopg_pool = import_psycopg()
        if time.monotonic() < self._down_until:
            raise AuditStoreError(
                f"audit database {masked(self.url)} was unreachable moments ago; retrying in "
                f"{self._down_until - time.monotonic():.1f} s (records go to the fallback file)"
            )
        try:
            with self._pool_().connection(timeout=self.timeout) as conn:
                if not self._ready:
                    self._migrate(conn)
                yield conn
        except (psycopg.Error, psycopg_pool.PoolTimeout, OSError) as exc:
            if isinstance(exc, psycopg_pool.PoolTimeout | psycopg.OperationalError | OSError):
                self._down_until = time.monotonic() + self.retry_after
            raise AuditStoreError(
                f"audit database {masked(self.url)}: {type(exc).__name__}: {exc}; check that "
                "the server is up and reachable (records go to the fallback file meanwhile)"
            ) from exc

    def _migrate(self, conn: Any) -> None:
        with self._lock:
            if self._ready:
                return
            with conn.transaction():
                conn.execute("SELECT pg_advisory_xact_lock(%s)", (LOCK_KEY,))
                conn.execute(
                    "CREATE TABLE IF NOT EXISTS lexguard_audit_schema ("
                    "version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())"
                )
                row = conn.execute("SELECT coalesce(max(version), 0) FROM lexguard_audit_schema")
                current = int(row.fetchone()[0])
                for number, script in enumerate(MIGRATIONS[current:], start=current + 1):
                    conn.execute(script)
                    conn.execute("INSERT INTO lexguard_audit_schema (version) VALUES (%s)", (number,))
            if self._purge_on_open:
                self._purge_with(conn, self.retention_days, None)
            self._ready = True

    def schema_version(self) -> int:
        """The schema version of the database (migrating it first)."""
        with self._conn() as conn:
            return int(conn.execute("SELECT max(version) FROM lexguard_audit_schema").fetchone()[0])

    # -- sync API ---------------------------------------------------------------------------

    def write(self, record: AuditRecord) -> str:
        """Insert ``record`` in its own committed transaction and return its audit id.

        Raises:
            AuditStoreError: If the database is unreachable within ``timeout`` or the id
                already exists.
        """
        with self._conn() as conn:
            conn.execute(INSERT, row_values(record))
        return record.audit_id

    def get(self, audit_id: str) -> AuditRecord | None:
        """Return the record with ``audit_id``, or ``None``."""
        with self._conn() as conn:
            row = conn.execute(
                "SELECT record FROM lexguard_audit_records WHERE audit_id = %s", (audit_id,)
            ).fetchone()
        return AuditRecord.model_validate_json(row[0]) if row else None

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
        sql, params = select_records(session_id, status, since, until, limit)
        with self._conn() as conn:
            rows = conn.execute(sql, params).fetchall()
        return [AuditRecord.model_validate_json(r[0]) for r in rows]

    def count(self) -> int:
        """Number of stored records."""
        with self._conn() as conn:
            return int(conn.execute("SELECT count(*) FROM lexguard_audit_records").fetchone()[0])

    def label(self, audit_id: str, label: LabelValue, *, note: str | None = None) -> AuditLabel:
        """Set (or replace) a person's label on record ``audit_id``.

        Raises:
            AuditStoreError: If there is no such record or the database fails.
        """
        value = AuditLabel(audit_id=audit_id, label=label, note=note)
        with self._conn() as conn:
            cursor = conn.execute(
                "INSERT INTO lexguard_audit_labels (audit_id, label, note, labelled_at) "
                "SELECT %s, %s, %s, %s WHERE EXISTS "
                "(SELECT 1 FROM lexguard_audit_records WHERE audit_id = %s) "
                "ON CONFLICT (audit_id) DO UPDATE SET label = excluded.label, "
                "note = excluded.note, labelled_at = excluded.labelled_at",
                (audit_id, value.label, value.note, value.labelled_at, audit_id),
            )
            if cursor.rowcount == 0:
                raise AuditStoreError(
                    f"no audit record {audit_id!r} in {masked(self.url)}; list ids with "
                    "`lexguard audit list`"
                )
        return value

    def get_label(self, audit_id: str) -> AuditLabel | None:
        """The label of record ``audit_id``, or ``None``."""
        with self._conn() as conn:
            row = conn.execute(
                "SELECT label, note, labelled_at FROM lexguard_audit_labels WHERE audit_id = %s",
                (audit_id,),
            ).fetchone()
        if row is None:
            return None
        return AuditLabel(audit_id=audit_id, label=row[0], note=row[1], labelled_at=row[2])

    def labelled(self, *, limit: int | None = None) -> list[tuple[AuditRecord, AuditLabel]]:
        """Every labelled record with its label, oldest record first."""
        sql = (
            "SELECT r.audit_id, r.record, l.label, l.note, l.labelled_at "
            "FROM lexguard_audit_records r JOIN lexguard_audit_labels l USING (audit_id) "
            "ORDER BY r.ts, r.seq"
        )
        params: list[object] = []
        if limit is not None:
            sql += " LIMIT %s"
            params.append(int(limit))
        with self._conn() as conn:
            rows = conn.execute(sql, params).fetchall()
        return [
            (
                AuditRecord.model_validate_json(r[1]),
                AuditLabel(audit_id=r[0], label=r[2], note=r[3], labelled_at=r[4]),
            )
            for r in rows
        ]

    @staticmethod
    def _purge_with(conn: Any, days: float, now: datetime | None) -> int:
        cutoff = utc(now or datetime.now(UTC)) - timedelta(days=days)
        cursor = conn.execute("DELETE FROM lexguard_audit_records WHERE ts < %s", (cutoff,))
        return int(cursor.rowcount)

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
        with self._conn() as conn:
            return self._purge_with(conn, days, now)

    def close(self) -> None:
        """Close the connection pools (a later call opens new ones)."""
        with self._lock:
            pool, self._pool = self._pool, None
        if pool is not None:
            pool.close()

    def __enter__(self) -> PostgresAuditStore:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    # -- async API ----------------------------------------------------------------------------

    async def _apool_(self) -> Any:
        loop = asyncio.get_running_loop()
        if self._apool is None or self._apool_loop is not loop:
            _, psycopg_pool = import_psycopg()
            pool = psycopg_pool.AsyncConnectionPool(
                self.url,
                min_size=1,
                max_size=self.pool_size,
                kwargs=self._kwargs(),
                check=psycopg_pool.AsyncConnectionPool.check_connection,
                timeout=self.timeout,
                open=False,
                name="lexguard-audit-async",
            )
            await pool.open(wait=False)
            self._apool, self._apool_loop = pool, loop
        if not self._ready:
            await asyncio.to_thread(self.schema_version)
        return self._apool

    async def _afetch(self, sql: str, params: Any, *, rows: bool = True) -> list[Any]:
        psycopg, psycopg_pool = import_psycopg()
        try:
            pool = await self._apool_()
            async with pool.connection(timeout=self.timeout) as conn:
                cursor = await conn.execute(sql, params)
                return list(await cursor.fetchall()) if rows else []
        except (psycopg.Error, psycopg_pool.PoolTimeout, OSError) as exc:
            raise AuditStoreError(
                f"audit database {masked(self.url)}: {type(exc).__name__}: {exc}"
            ) from exc

    async def awrite(self, record: AuditRecord) -> str:
        """Async :meth:`write` (on the async pool)."""
        await self._afetch(INSERT, row_values(record), rows=False)
        return record.audit_id

    async def aget(self, audit_id: str) -> AuditRecord | None:
        """Async :meth:`get`."""
        rows = await self._afetch(
            "SELECT record FROM lexguard_audit_records WHERE audit_id = %s", (audit_id,)
        )
        return AuditRecord.model_validate_json(rows[0][0]) if rows else None

    async def aquery(
        self,
        *,
        session_id: str | None = None,
        status: AuditStatus | str | None = None,
        since: datetime | None = None,
        until: datetime | None = None,
        limit: int | None = None,
    ) -> list[AuditRecord]:
        """Async :meth:`query`."""
        sql, params = select_records(session_id, status, since, until, limit)
        return [AuditRecord.model_validate_json(r[0]) for r in await self._afetch(sql, params)]

    async def aclose(self) -> None:
        """Close both pools."""
        pool, self._apool, self._apool_loop = self._apool, None, None
        if pool is not None:
            await pool.close()
        await asyncio.to_thread(self.close)
