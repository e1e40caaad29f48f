"""A PostgreSQL audit store that many processes and machines share (psycopg 3 with a pool)."""

from __future__ import annotations

import asyncio
import os
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from typing import Any, Unpack

from lexguard._errors import ConfigurationError
from lexguard.audit._fallback import default_fallback_path
from lexguard.audit._models import AuditLabel, AuditRecord
from lexguard.audit._pg_schema import (
    LOCK_KEY,
    MIGRATIONS,
    POSTGRES_SCHEMES,
    SCHEMA_VERSION,
    import_psycopg,
    masked,
    utc,
)
from lexguard.audit._sql import UPSERT_LABEL, SQLAuditStore, SQLDialect, cutoff
from lexguard.audit._store import (
    AuditStoreError,
    RecordQuery,
    Redactor,
    lock_timeout_from_env,
    retention_days_from_env,
)

__all__ = ["PostgresAuditStore", "POSTGRES_SCHEMES", "SCHEMA_VERSION"]


class PostgresAuditStore(SQLAuditStore):
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
            ``$LEXGUARD_AUDIT_FALLBACK`` or ``./lexguard-audit-fallback.jsonl`` (absolute).
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
        self.fallback_path = (
            Path(os.path.abspath(fallback_path)) if fallback_path is not None else default_fallback_path()
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

    dialect = SQLDialect(records="lexguard_audit_records", labels="lexguard_audit_labels", mark="%s", seq="seq", time=utc)

    def __repr__(self) -> str:
        return f"PostgresAuditStore({masked(self.url)!r}, retention_days={self.retention_days})"

    # -- connections and schema --------------------------------------------------------------

    def _new_pool(self, pool_class: Any, name: str) -> Any:
        """A closed (sync or async) pool of autocommit connections to ``url``."""
        # libpq wants an integer connect_timeout of at least 2 seconds
        connect_timeout = max(2, int(self.timeout + 0.999))
        return pool_class(
            self.url,
            min_size=1,
            max_size=self.pool_size,
            kwargs={"autocommit": True, "connect_timeout": connect_timeout},
            check=pool_class.check_connection,
            timeout=self.timeout,
            open=False,
            name=name,
        )

    def _pool_(self) -> Any:
        if self._pool is None:
            with self._lock:
                if self._pool is None:
                    _, psycopg_pool = import_psycopg()
                    pool = self._new_pool(psycopg_pool.ConnectionPool, "lexguard-audit")
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
                self._delete_with(conn, cutoff(self.retention_days, None))
            self._ready = True

    def schema_version(self) -> int:
        """The schema version of the database (migrating it first)."""
        with self._conn() as conn:
            return int(conn.execute("SELECT max(version) FROM lexguard_audit_schema").fetchone()[0])

    # -- sync API ---------------------------------------------------------------------------

    def _fetch(self, sql: str, params: Sequence[object] = ()) -> list[Sequence[Any]]:
        with self._conn() as conn:
            cursor = conn.execute(sql, params)
            return list(cursor.fetchall()) if cursor.description else []

    def _where(self) -> str:
        return masked(self.url)

    def write(self, record: AuditRecord) -> str:
        """Insert ``record`` in its own committed transaction and return its audit id.

        Raises:
            AuditStoreError: If the database is unreachable within ``timeout`` or the id
                already exists.
        """
        self._fetch(self._insert_sql(), self._row(record))
        return record.audit_id

    def _put_label(self, value: AuditLabel) -> bool:
        with self._conn() as conn:
            cursor = conn.execute(
                "INSERT INTO lexguard_audit_labels (audit_id, label, note, labelled_at) "
                "SELECT %s, %s, %s, %s WHERE EXISTS "
                f"(SELECT 1 FROM lexguard_audit_records WHERE audit_id = %s) {UPSERT_LABEL}",
                (value.audit_id, value.label, value.note, value.labelled_at, value.audit_id),
            )
            return bool(cursor.rowcount)

    @staticmethod
    def _delete_with(conn: Any, before: datetime) -> int:
        cursor = conn.execute("DELETE FROM lexguard_audit_records WHERE ts < %s", (before,))
        return int(cursor.rowcount)

    def _delete_before(self, before: datetime) -> int:
        with self._conn() as conn:
            return self._delete_with(conn, before)

    def close(self) -> None:
        """Close the connection pools (a later call opens new ones)."""
        with self._lock:
            pool, self._pool = self._pool, None
        if pool is not None:
            pool.close()

    # -- async API ----------------------------------------------------------------------------

    async def _apool_(self) -> Any:
        loop = asyncio.get_running_loop()
        if self._apool is None or self._apool_loop is not loop:
            _, psycopg_pool = import_psycopg()
            pool = self._new_pool(psycopg_pool.AsyncConnectionPool, "lexguard-audit-async")
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
        await self._afetch(self._insert_sql(), self._row(record), rows=False)
        return record.audit_id

    async def aget(self, audit_id: str) -> AuditRecord | None:
        """Async :meth:`get`."""
        rows = await self._afetch(self._get_sql(), (audit_id,))
        return AuditRecord.model_validate_json(rows[0][0]) if rows else None

    async def aquery(self, **filters: Unpack[RecordQuery]) -> list[AuditRecord]:
        """Async :meth:`query` (the same keyword-only filters)."""
        sql, params = self._select_sql(**filters)
        return [AuditRecord.model_validate_json(r[0]) for r in await self._afetch(sql, params)]

    async def aclose(self) -> None:
        """Close both pools."""
        pool, self._apool, self._apool_loop = self._apool, None, None
        if pool is not None:
            await pool.close()
        await asyncio.to_thread(self.close)
