"""Choosing the audit store from a URL, and the guard's hook that records a finished run."""

from __future__ import annotations

import os
import re
import threading
import warnings
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from lexguard._errors import ConfigurationError, InputError
from lexguard._models import ValidationReport
from lexguard.audit._fallback import FALLBACK_ENV, default_fallback_path
from lexguard.audit._pg_schema import POSTGRES_SCHEMES, import_psycopg
from lexguard.audit._postgres import PostgresAuditStore
from lexguard.audit._record import AuditWarning, record_report
from lexguard.audit._sqlite import SQLiteAuditStore
from lexguard.audit._store import (
    RETENTION_ENV,
    RETENTION_ENV_ALIAS,
    AuditStore,
    lock_timeout_from_env,
    retention_days_from_env,
)

__all__ = [
    "AUDIT_URL_ENV",
    "attach_audit",
    "audit_target",
    "check_audit_environment",
    "open_store",
    "resolve_audit_store",
]

AUDIT_URL_ENV = "LEXGUARD_AUDIT_URL"
_stores: dict[str, AuditStore] = {}
_stores_lock = threading.Lock()


_MEMORY = ":memory:"

ACCEPTED_FORMS = (
    "postgresql://user:password@host:5432/db (or postgres://...), sqlite:///relative.db, "
    "sqlite:////absolute/path.db, or a plain SQLite file path (audit.db, ./data/audit.db, /var/lib/audit.db)"
)
"""The store locations lexguard accepts, as its error messages list them."""

# ``word//...``, ``word:/...``, ``word:...`` (not ``word://``): a scheme with its colon or a slash
# missing. Two or more letters, so a Windows drive (``C:/x``, ``C:\x``) is still a path.
_MISSPELT_SCHEME = re.compile(r"^([A-Za-z][A-Za-z0-9+.-]+)(?://|:(?!//))")


def _shown(value: str) -> str:
    """``value`` as an error message may show it: a password after ``//user:`` masked."""
    return re.sub(r"(//[^:/@]*):[^@/]*@", r"\1:***@", value)


def _check_scheme(value: str) -> None:
    """Refuse a location that looks like a URL with a misspelt or unknown scheme.

    ``sqlite//x`` (colon missing) would otherwise be taken as the relative file path
    ``sqlite//x`` and every record would go to a database nobody looks at.
    """
    if "://" in value:
        scheme = value.split("://", 1)[0]
        raise ConfigurationError(
            f"audit store URL scheme {scheme!r} is not supported; use {ACCEPTED_FORMS}"
        )
    misspelt = _MISSPELT_SCHEME.match(value)
    if misspelt:
        raise ConfigurationError(
            f"{_shown(value)!r} looks like a URL with a misspelt scheme ({misspelt.group(0)!r} is not "
            f"'{misspelt.group(1)}://'); use {ACCEPTED_FORMS}. For a file path whose name really "
            f"starts like this, write it as ./{_shown(value)}"
        )


def _key(value: str) -> str:
    """The canonical form of a store location (raises ConfigurationError for odd schemes).

    An empty location (``""``, ``sqlite://``, ``sqlite:///``: e.g. ``sqlite:///$DB`` with ``DB``
    unset) is refused rather than opened in memory, where every record would vanish at exit.
    """
    given = value
    if value.startswith(POSTGRES_SCHEMES):
        return value
    if value.startswith("sqlite://"):
        value = value.removeprefix("sqlite://")
        if value.startswith("/") and not value.startswith("//"):
            value = value[1:]  # sqlite:///rel.db -> rel.db
        elif value.startswith("//"):
            value = value[1:]  # sqlite:////abs.db -> /abs.db
    else:
        _check_scheme(value)
    if not value.strip():
        raise ConfigurationError(
            f"the audit store location {given!r} is empty (no database file after the scheme); pass a file "
            "path ('sqlite:///audit.db', 'audit.db') or a postgresql:// URL, and check that any variable in it is set"
        )
    return value if value == _MEMORY else os.path.abspath(value)


def open_store(location: str | os.PathLike[str], **options: Any) -> AuditStore:
    """A new store for ``location``: ``postgresql://...`` or a SQLite path (``sqlite:///x.db``).

    Args:
        location: The URL or path.
        **options: Passed to the store's constructor (``timeout``, ``fallback_path``, ...).

    Raises:
        ConfigurationError: If the URL's scheme is not supported or the location is empty.
    """
    key = _key(os.fspath(location))
    if key.startswith(POSTGRES_SCHEMES):
        return PostgresAuditStore(key, **options)
    return SQLiteAuditStore(key, **options)


def audit_target(value: Any) -> Any:
    """Check a ``Guard(audit=...)`` value without connecting; return what the guard keeps.

    ``None`` means ``$LEXGUARD_AUDIT_URL`` when set (else no audit), ``False`` no audit, a
    string or path a store location (``postgresql://...``, ``sqlite:///x.db``, a file path),
    anything else must be an :class:`AuditStore`. An empty location (``sqlite:///``) is refused;
    so is an in-memory database (``:memory:``, ``sqlite:///:memory:``) from the environment,
    whose records would all vanish at exit. In code, ``":memory:"`` or
    ``SQLiteAuditStore(":memory:")`` stays allowed (for tests: the records live as long as the
    process).

    Raises:
        ConfigurationError: If a ``LEXGUARD_AUDIT_*`` variable is invalid
            (:func:`check_audit_environment`), the value is none of these, its location is empty,
            its URL scheme is unsupported, it is an in-memory database from ``$LEXGUARD_AUDIT_URL``, or it is a
            PostgreSQL URL and psycopg is not installed.
    """
    auditing = value is not False and (value is not None or bool(os.environ.get(AUDIT_URL_ENV, "").strip()))
    check_audit_environment(aliases=auditing)
    if value is None:
        return _from_environment()
    if value is False:
        return None
    if isinstance(value, AuditStore):
        return value
    if isinstance(value, str | os.PathLike):
        try:
            key = _key(os.fspath(value))
        except ConfigurationError as exc:
            raise ConfigurationError(f"audit={_shown(os.fspath(value))!r}: {exc}") from exc
        if key.startswith(POSTGRES_SCHEMES):
            import_psycopg()  # say now, not at the first write, that the driver is missing
        return value
    raise ConfigurationError(
        f"audit= got {type(value).__name__}; pass a database URL or path "
        "('postgresql://...', 'audit.db') or an AuditStore (lexguard.audit.SQLiteAuditStore)"
    )


def check_audit_environment(*, aliases: bool = True) -> None:
    """Refuse a bad ``LEXGUARD_AUDIT_RETENTION_DAYS``, ``LEXGUARD_AUDIT_LOCK_TIMEOUT`` or
    ``LEXGUARD_AUDIT_FALLBACK`` now, rather than at the first write (where the record would have
    to go to a fallback file).

    Args:
        aliases: Also check the design's ``AUDIT_RETENTION_DAYS`` (when auditing is on).

    Raises:
        ConfigurationError: Naming the variable and a valid example.
    """
    names = (RETENTION_ENV, RETENTION_ENV_ALIAS) if aliases else (RETENTION_ENV,)
    if any(os.environ.get(name, "").strip() for name in names):
        retention_days_from_env()
    lock_timeout_from_env()
    raw = os.environ.get(FALLBACK_ENV)
    if raw is None:
        return
    if not raw.strip() or Path(raw.strip()).is_dir():
        raise ConfigurationError(
            f"{FALLBACK_ENV}={raw!r} is not a file path; set it to a file such as "
            f"{FALLBACK_ENV}=/var/lib/app/lexguard-audit-fallback.jsonl, or unset it"
        )


def _from_environment() -> str | None:
    """``$LEXGUARD_AUDIT_URL`` checked (``None`` when unset): a location that loses records is refused."""
    value = os.environ.get(AUDIT_URL_ENV, "").strip()
    if not value:
        return None
    try:
        key = _key(value)
    except ConfigurationError as exc:
        raise ConfigurationError(f"{AUDIT_URL_ENV}={_shown(value)!r}: {exc}") from exc
    if key == _MEMORY:
        raise ConfigurationError(
            f"{AUDIT_URL_ENV}={value!r} is an in-memory database: every audit record would vanish at exit; "
            "set it to a file path ('sqlite:///audit.db', 'audit.db') or a postgresql:// URL, or unset it "
            "for no audit"
        )
    if key.startswith(POSTGRES_SCHEMES):
        import_psycopg()
    return value


def resolve_audit_store(value: AuditStore | str | os.PathLike[str] | None) -> AuditStore | None:
    """Accept a store, a URL or path, or ``None``; one shared store per location.

    Raises:
        ConfigurationError: If a URL scheme is not supported.
        InputError: If ``value`` is none of these (a ``TypeError`` too).
    """
    if value is None or isinstance(value, AuditStore):
        return value
    if isinstance(value, str | os.PathLike):
        key = _key(os.fspath(value))
        with _stores_lock:
            if key not in _stores:
                _stores[key] = open_store(key)
            return _stores[key]
    raise InputError(
        f"audit= got {type(value).__name__}; pass a database URL or path or an AuditStore "
        "(e.g. lexguard.audit.SQLiteAuditStore('audit.db'))"
    )


def _from_config(config: Mapping[str, Any] | None, *keys: str) -> str | None:
    if not config:
        return None
    for section in ("metadata", "configurable"):
        values = config.get(section) or {}
        for key in keys:
            if values.get(key) is not None:
                return str(values[key])
    return None


def attach_audit(
    store: AuditStore | str | os.PathLike[str] | None,
    report: ValidationReport,
    *,
    query: str | None = None,
    config: Mapping[str, Any] | None = None,
    run_id: Any = None,
    processing_time: float | None = None,
    sources: Any = None,
) -> ValidationReport:
    """Record ``report`` and return it with ``metadata["audit_id"]`` set. Never raises.

    Session id, response id and model version come from the LangChain ``config``
    (``metadata`` or ``configurable``: ``session_id``/``thread_id``, ``response_id``,
    ``model_version``/``ls_model_name``); the response id defaults to the run id. Blocking:
    from async code call it through ``asyncio.to_thread`` (the guard does).

    Args:
        store: The guard's ``audit`` setting: a store, a URL or path, or ``None`` (no-op).
        report: The finished report.
        query: The user question.
        config: The ``RunnableConfig`` of the run.
        run_id: The LangChain run id.
        processing_time: Wall-clock seconds of the run.
        sources: The sources the answer was checked against.
    """
    if store is None:
        return report
    try:
        resolved = resolve_audit_store(store)
    except Exception as exc:  # noqa: BLE001 - a bad location still leaves a record
        warnings.warn(
            f"audit store {store!r} cannot be opened ({type(exc).__name__}: {exc}); the record "
            "goes to the fallback file",
            AuditWarning,
            stacklevel=2,
        )
        resolved = _Unavailable(exc, _fallback_of(store))
    audit_id = record_report(
        resolved,
        report,
        query=query,
        session_id=_from_config(config, "session_id", "thread_id"),
        response_id=_from_config(config, "response_id")
        or (str(run_id) if run_id is not None else None),
        model_version=_from_config(config, "model_version", "ls_model_name"),
        processing_time=processing_time,
        sources=sources,
    )
    try:
        return report.model_copy(update={"metadata": {**report.metadata, "audit_id": audit_id}})
    except Exception:  # noqa: BLE001 - never fail the run over the id
        return report


def _fallback_of(store: Any) -> Path:
    """The fallback file the store at ``store`` would have had, so ``recover`` finds its records."""
    try:
        key = _key(os.fspath(store))
    except Exception:  # noqa: BLE001 - an unreadable location: the default place
        return default_fallback_path()
    return default_fallback_path(None if key.startswith(POSTGRES_SCHEMES) else key)


class _Unavailable:
    """Stands in for a store that could not be opened: every write fails (to the fallback)."""

    redact = None

    def __init__(self, error: BaseException, fallback_path: Path) -> None:
        self.error = error
        self.fallback_path = fallback_path

    def __repr__(self) -> str:
        return f"<unavailable audit store: {self.error}>"

    def write(self, record: Any) -> str:
        raise self.error
