"""SQL of the PostgreSQL audit store: schema migrations, statements and small helpers."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from typing import Any

from lexguard._errors import ConfigurationError
from lexguard.audit._models import AuditRecord, AuditStatus

__all__ = [
    "INSERT",
    "LOCK_KEY",
    "MIGRATIONS",
    "POSTGRES_SCHEMES",
    "SCHEMA_VERSION",
    "import_psycopg",
    "masked",
    "row_values",
    "select_records",
    "utc",
]

POSTGRES_SCHEMES = ("postgresql://", "postgres://")
LOCK_KEY = 7_141_592_653  # pg_advisory_xact_lock key: one migrator at a time

MIGRATIONS: tuple[str, ...] = (
    # 1: records (the JSON is kept as text: PostgreSQL's jsonb refuses \u0000), with indexes for
    #    the queries users make: by time, by session, by status
    """
    CREATE TABLE IF NOT EXISTS lexguard_audit_records (
        seq         bigserial,
        audit_id    text PRIMARY KEY,
        ts          timestamptz NOT NULL,
        session_id  text,
        response_id text,
        status      text NOT NULL,
        record      text NOT NULL
    );
    CREATE INDEX IF NOT EXISTS lexguard_audit_records_ts ON lexguard_audit_records (ts);
    CREATE INDEX IF NOT EXISTS lexguard_audit_records_session
        ON lexguard_audit_records (session_id, ts);
    CREATE INDEX IF NOT EXISTS lexguard_audit_records_status
        ON lexguard_audit_records (status, ts);
    """,
    # 2: people's labels on records
    """
    CREATE TABLE IF NOT EXISTS lexguard_audit_labels (
        audit_id    text PRIMARY KEY
                    REFERENCES lexguard_audit_records (audit_id) ON DELETE CASCADE,
        label       text NOT NULL CHECK (label IN ('correct', 'hallucinated')),
        note        text,
        labelled_at timestamptz NOT NULL
    );
    """,
)
SCHEMA_VERSION = len(MIGRATIONS)

INSERT = (
    "INSERT INTO lexguard_audit_records (audit_id, ts, session_id, response_id, status, record) "
    "VALUES (%s, %s, %s, %s, %s, %s)"
)


def utc(value: datetime) -> datetime:
    return value if value.tzinfo else value.replace(tzinfo=UTC)


def masked(url: str) -> str:
    return re.sub(r"://([^:/@]*):[^@]*@", r"://\1:***@", url)


def import_psycopg() -> tuple[Any, Any]:
    try:
        import psycopg
        import psycopg_pool
    except ImportError as exc:
        raise ConfigurationError(
            "the PostgreSQL audit store needs psycopg 3 and psycopg-pool; install them with "
            "`pip install 'lexguard[postgres]'`"
        ) from exc
    return psycopg, psycopg_pool


def row_values(record: AuditRecord) -> tuple[object, ...]:
    return (
        record.audit_id,
        utc(record.timestamp),
        record.session_id,
        record.response_id,
        str(record.status),
        record.model_dump_json(),
    )


def select_records(
    session_id: str | None,
    status: AuditStatus | str | None,
    since: datetime | None,
    until: datetime | None,
    limit: int | None,
) -> tuple[str, list[object]]:
    where: list[str] = []
    params: list[object] = []
    if session_id is not None:
        where.append("session_id = %s")
        params.append(session_id)
    if status is not None:
        where.append("status = %s")
        params.append(str(AuditStatus(status)))
    if since is not None:
        where.append("ts >= %s")
        params.append(utc(since))
    if until is not None:
        where.append("ts < %s")
        params.append(utc(until))
    sql = "SELECT record FROM lexguard_audit_records"
    if where:
        sql += " WHERE " + " AND ".join(where)
    sql += " ORDER BY ts, seq"
    if limit is not None:
        sql += " LIMIT %s"
        params.append(int(limit))
    return sql, params
