"""SQL of the PostgreSQL audit store: schema migrations, statements and small helpers."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from typing import Any

from lexguard._optional import require

__all__ = [
    "LOCK_KEY",
    "MIGRATIONS",
    "POSTGRES_SCHEMES",
    "SCHEMA_VERSION",
    "import_psycopg",
    "masked",
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

def utc(value: datetime) -> datetime:
    return value if value.tzinfo else value.replace(tzinfo=UTC)


def masked(url: str) -> str:
    return re.sub(r"://([^:/@]*):[^@]*@", r"://\1:***@", url)


def import_psycopg() -> tuple[Any, Any]:
    return require("psycopg", "psycopg_pool", hint="the PostgreSQL audit store needs psycopg 3 and psycopg-pool; "
                   "install them with `pip install 'lexguard[postgres]'`")
