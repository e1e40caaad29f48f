"""What the SQLite and the PostgreSQL audit stores share: the statements and the read methods.

Both stores keep the same two tables (records and labels) and differ only in the table names,
the parameter marker, the tie-break column and how a time is stored. :class:`SQLAuditStore`
holds everything that follows from that; a store adds how to open, write, label and purge.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from types import TracebackType
from typing import Any, ClassVar, Unpack

from lexguard._errors import ConfigurationError, InputError
from lexguard.audit._models import AuditLabel, AuditRecord, AuditStatus, LabelValue
from lexguard.audit._store import AuditStoreError, RecordQuery

__all__ = ["SQLAuditStore", "SQLDialect", "UPSERT_LABEL", "label_from_row"]

_FILTER_ORDER = tuple(RecordQuery.__annotations__)
_FILTERS = frozenset(_FILTER_ORDER)

UPSERT_LABEL = (
    "ON CONFLICT (audit_id) DO UPDATE SET label = excluded.label, "
    "note = excluded.note, labelled_at = excluded.labelled_at"
)
"""The tail of a label INSERT that replaces an existing label (SQLite and PostgreSQL alike)."""


def label_from_row(audit_id: str, row: Sequence[Any]) -> AuditLabel:
    """An :class:`AuditLabel` from a ``(label, note, labelled_at)`` row (epoch or datetime)."""
    label, note, at = row[0], row[1], row[2]
    when = at if isinstance(at, datetime) else datetime.fromtimestamp(float(at), UTC)
    return AuditLabel(audit_id=audit_id, label=label, note=note, labelled_at=when)


@dataclass(frozen=True)
class SQLDialect:
    """What differs between the SQL stores' statements.

    Attributes:
        records / labels: Table names.
        mark: The parameter marker (``?`` or ``%s``).
        seq: The column that orders records written in the same instant.
        time: Turns a datetime into what the ``ts`` column stores.
    """

    records: str
    labels: str
    mark: str
    seq: str
    time: Callable[[datetime], Any]


class SQLAuditStore:
    """The read side of a SQL audit store; subclasses set :attr:`dialect` and implement ``_fetch``."""

    dialect: ClassVar[SQLDialect]
    retention_days: int

    def _fetch(self, sql: str, params: Sequence[object] = ()) -> list[Sequence[Any]]:
        """Run one statement and return its rows (``AuditStoreError`` on failure)."""
        raise NotImplementedError  # pragma: no cover - every store implements it

    def _where(self) -> str:
        """The database as error messages name it (a path, a masked URL)."""
        raise NotImplementedError  # pragma: no cover - every store implements it

    def _delete_before(self, cutoff: datetime) -> int:
        """Delete the records written before ``cutoff``; return how many."""
        raise NotImplementedError  # pragma: no cover - every store implements it

    def _put_label(self, value: AuditLabel) -> bool:
        """Insert or replace ``value``; ``False`` when its record does not exist."""
        raise NotImplementedError  # pragma: no cover - every store implements it

    def _insert_sql(self) -> str:
        marks = ", ".join([self.dialect.mark] * 6)
        return (
            f"INSERT INTO {self.dialect.records} (audit_id, ts, session_id, response_id, status, record) "
            f"VALUES ({marks})"
        )

    def _row(self, record: AuditRecord) -> tuple[object, ...]:
        """The values of :meth:`_insert_sql` for ``record``."""
        return (
            record.audit_id,
            self.dialect.time(record.timestamp),
            record.session_id,
            record.response_id,
            str(record.status),
            record.model_dump_json(),
        )

    def _get_sql(self) -> str:
        return f"SELECT record FROM {self.dialect.records} WHERE audit_id = {self.dialect.mark}"

    def _select_sql(self, **filters: Any) -> tuple[str, list[object]]:
        """The SELECT of :meth:`query` for ``filters`` (its keyword arguments) and its parameters.

        Raises:
            InputError: If a filter is not one :meth:`query` takes.
        """
        unknown = sorted(set(filters) - _FILTERS)
        if unknown:
            raise InputError(
                f"unknown audit query filter(s) {unknown}; use {', '.join(sorted(_FILTERS))}"
            )
        session_id, status, since, until, limit = (filters.get(name) for name in _FILTER_ORDER)
        where: list[str] = []
        params: list[object] = []
        for clause, value in (
            ("session_id = {}", session_id),
            ("status = {}", None if status is None else str(AuditStatus(status))),
            ("ts >= {}", None if since is None else self.dialect.time(since)),
            ("ts < {}", None if until is None else self.dialect.time(until)),
        ):
            if value is not None:
                where.append(clause.format(self.dialect.mark))
                params.append(value)
        sql = f"SELECT record FROM {self.dialect.records}"
        if where:
            sql += " WHERE " + " AND ".join(where)
        sql += f" ORDER BY ts, {self.dialect.seq}"
        if limit is not None:
            sql += f" LIMIT {self.dialect.mark}"
            params.append(int(limit))
        return sql, params

    def label(self, audit_id: str, label: LabelValue, *, note: str | None = None) -> AuditLabel:
        """Set (or replace) a person's label on record ``audit_id``.

        Raises:
            AuditStoreError: If there is no such record or the database fails.
        """
        value = AuditLabel(audit_id=audit_id, label=label, note=note)
        if not self._put_label(value):
            raise AuditStoreError(
                f"no audit record {audit_id!r} in {self._where()}; list ids with "
                "`lexguard audit list`"
            )
        return value

    def get(self, audit_id: str) -> AuditRecord | None:
        """Return the record with ``audit_id``, or ``None``."""
        rows = self._fetch(self._get_sql(), (audit_id,))
        return AuditRecord.model_validate_json(rows[0][0]) if rows else None

    def query(self, **filters: Unpack[RecordQuery]) -> list[AuditRecord]:
        """Records matching every given filter (:class:`~lexguard.audit.RecordQuery`), oldest
        first.

        Raises:
            InputError: If a filter is not one of :class:`~lexguard.audit.RecordQuery`'s.
        """
        sql, params = self._select_sql(**filters)
        return [AuditRecord.model_validate_json(r[0]) for r in self._fetch(sql, params)]

    def count(self) -> int:
        """Number of stored records."""
        return int(self._fetch(f"SELECT count(*) FROM {self.dialect.records}")[0][0])

    def get_label(self, audit_id: str) -> AuditLabel | None:
        """The label of record ``audit_id``, or ``None``."""
        rows = self._fetch(
            f"SELECT label, note, labelled_at FROM {self.dialect.labels} WHERE audit_id = {self.dialect.mark}",
            (audit_id,),
        )
        return label_from_row(audit_id, rows[0]) if rows else None

    def labelled(self, *, limit: int | None = None) -> list[tuple[AuditRecord, AuditLabel]]:
        """Every labelled record with its label, oldest record first."""
        sql = (
            f"SELECT r.audit_id, r.record, l.label, l.note, l.labelled_at FROM {self.dialect.records} r "
            f"JOIN {self.dialect.labels} l ON l.audit_id = r.audit_id ORDER BY r.ts, r.{self.dialect.seq}"
        )
        params: list[object] = []
        if limit is not None:
            sql += f" LIMIT {self.dialect.mark}"
            params.append(int(limit))
        return [
            (AuditRecord.model_validate_json(r[1]), label_from_row(r[0], r[2:]))
            for r in self._fetch(sql, params)
        ]

    def purge(self, *, older_than_days: float | None = None, now: datetime | None = None) -> int:
        """Delete records (and their labels) older than ``older_than_days``.

        Args:
            older_than_days: Age limit in days; defaults to ``retention_days``.
            now: The reference time (default: the current UTC time).

        Returns:
            How many records were deleted.

        Raises:
            ConfigurationError: If ``older_than_days`` is negative.
        """
        days = self.retention_days if older_than_days is None else older_than_days
        if days < 0:
            raise ConfigurationError(
                f"older_than_days={days} must not be negative; pass 0 to delete every record"
            )
        return self._delete_before(cutoff(days, now))

    def close(self) -> None:
        """Release the store's connections (a later call opens new ones)."""

    def __enter__(self) -> Any:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()


def cutoff(days: float, now: datetime | None) -> datetime:
    """``now`` (default: the current UTC time) minus ``days``."""
    return (now or datetime.now(UTC)) - timedelta(days=days)
