"""``lexguard audit list|show|export|recover|label|purge``: read and manage the audit trail."""

from __future__ import annotations

import json
import logging
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from typing import Annotated, Any

import typer

__all__ = ["audit_app"]

audit_app = typer.Typer(
    name="audit",
    help="Read the audit trail (SQLite or PostgreSQL), replay the fallback file, label records.",
    no_args_is_help=True,
)

StoreOption = Annotated[
    str | None,
    typer.Option(
        "--store",
        envvar="LEXGUARD_AUDIT_URL",
        help="postgresql://... URL, sqlite:///file.db or a SQLite file path (default: $LEXGUARD_AUDIT_URL).",
    ),
]
SessionOption = Annotated[str | None, typer.Option("--session", help="Only this session id.")]
StatusOption = Annotated[str | None, typer.Option("--status", help="Only PASS, REVIEW or REJECT.")]
SinceOption = Annotated[str | None, typer.Option("--since", help="Only records at or after this ISO time.")]
UntilOption = Annotated[str | None, typer.Option("--until", help="Only records before this ISO time.")]


def _fail(message: str, code: int = 2) -> typer.Exit:
    typer.echo(f"error: {message}", err=True)
    return typer.Exit(code=code)


@contextmanager
def _store(location: str | None) -> Iterator[Any]:
    """Open the store, turning lexguard errors into a message and exit code 2."""
    from lexguard._errors import LexguardError
    from lexguard.audit import open_store

    if not location:
        raise _fail("no audit store given; pass --store URL_OR_PATH or set LEXGUARD_AUDIT_URL")
    if location.strip() in (":memory:", "sqlite:///:memory:"):
        raise _fail(f"{location!r} is a new, empty in-memory database; pass the file or URL the guard audits to")
    if "://" not in location and not Path(location).exists():
        raise _fail(f"the SQLite audit database {location!r} does not exist; check the path")
    pool_log = logging.getLogger("psycopg.pool")  # its per-attempt connection errors: the one-line error says it
    level = pool_log.level
    pool_log.setLevel(logging.CRITICAL)
    try:
        try:
            store = open_store(location)
        except LexguardError as exc:
            raise _fail(str(exc)) from exc
        try:
            yield store
        except LexguardError as exc:
            raise _fail(str(exc)) from exc
        finally:
            store.close()
    finally:
        pool_log.setLevel(level)


def _time(value: str | None, name: str) -> datetime | None:
    if value is None:
        return None
    try:
        return datetime.fromisoformat(value)
    except ValueError as exc:
        raise _fail(f"{name}={value!r} is not an ISO time such as 2026-01-31T12:00:00+00:00") from exc


def _status(value: str | None) -> str | None:
    if value is None:
        return None
    if value.upper() not in {"PASS", "REVIEW", "REJECT"}:
        raise _fail(f"--status {value!r}: use PASS, REVIEW or REJECT")
    return value.upper()


@audit_app.command("list")
def list_records(
    store: StoreOption = None,
    session: SessionOption = None,
    status: StatusOption = None,
    since: SinceOption = None,
    until: UntilOption = None,
    limit: Annotated[int, typer.Option("--limit", "-n", min=1, help="Show at most N records.")] = 50,
    json_output: Annotated[bool, typer.Option("--json", help="One JSON object per line.")] = False,
) -> None:
    """List audit records, oldest first: time, id, status, confidence and the question."""
    with _store(store) as opened:
        records = opened.query(session_id=session, status=_status(status), since=_time(since, "--since"),
                               until=_time(until, "--until"), limit=limit)
    if json_output:
        for record in records:
            typer.echo(record.model_dump_json())
        return
    from rich.console import Console
    from rich.table import Table

    table = Table(title=f"{len(records)} audit record(s)", title_justify="left")
    for name in ("time (UTC)", "audit id", "status", "conf.", "ms", "session", "question"):
        table.add_column(name, no_wrap=name != "question")
    for r in records:
        table.add_row(
            r.timestamp.strftime("%Y-%m-%d %H:%M:%S"), r.audit_id, str(r.status),
            "-" if r.confidence is None else f"{r.confidence:.2f}",
            "-" if r.processing_time_ms is None else f"{r.processing_time_ms:.0f}",
            r.session_id or "-", (r.query[:60] + "…") if len(r.query) > 60 else r.query,
        )
    Console(width=max(Console().width, 140)).print(table)


@audit_app.command("show")
def show(
    audit_id: Annotated[str, typer.Argument(help="The audit id (report.metadata['audit_id']).")],
    store: StoreOption = None,
) -> None:
    """Print one record as JSON, with its human label when it has one. Exits 1 when not found."""
    with _store(store) as opened:
        record = opened.get(audit_id)
        label = opened.get_label(audit_id) if record is not None and hasattr(opened, "get_label") else None
    if record is None:
        raise _fail(f"no audit record {audit_id!r}; list ids with `lexguard audit list`", code=1)
    payload = record.model_dump(mode="json")
    payload["label"] = None if label is None else label.model_dump(mode="json")
    typer.echo(json.dumps(payload, indent=2, ensure_ascii=False))


@audit_app.command("export")
def export(
    store: StoreOption = None,
    out: Annotated[str, typer.Option("--out", "-o", help="Output JSONL file, or - for standard output.")] = "-",
    session: SessionOption = None,
    status: StatusOption = None,
    since: SinceOption = None,
    until: UntilOption = None,
) -> None:
    """Export matching records as JSON lines, oldest first."""
    from lexguard.audit import export_jsonl

    with _store(store) as opened:
        n = export_jsonl(opened, sys.stdout if out == "-" else out, session_id=session, status=_status(status),
                         since=_time(since, "--since"), until=_time(until, "--until"))
    typer.echo(f"exported {n} record(s)", err=True)


@audit_app.command("recover")
def recover(
    store: StoreOption = None,
    fallback: Annotated[
        Path | None,
        typer.Option("--fallback", help="Fallback file (default: the store's; $LEXGUARD_AUDIT_FALLBACK when set)."),
    ] = None,
) -> None:
    """Replay the fallback file, its roll-over parts and its temp-folder twin into the store.

    Prints what it found, wrote (records already in the store are skipped) and could not parse;
    every file read is renamed to ``*.recovered``. Creates a SQLite database that does not exist
    yet when there are records for it. Exits 1 when records remain stranded: the store is still
    unreachable (nothing is lost: run it again later) or lines could not be parsed.
    """
    from lexguard.audit import fallback_files, recover_records
    from lexguard.audit._fallback import default_fallback_path, fallback_locations

    if store and "://" not in store and not Path(store).exists():
        path = fallback or default_fallback_path(store)
        if fallback_files(path):  # the database could not be created when they were written
            Path(store).parent.mkdir(parents=True, exist_ok=True)
            Path(store).touch()
    with _store(store) as opened:
        path = fallback or Path(opened.fallback_path)
        places = " and ".join(str(p) for p in fallback_locations(path))
        try:
            result = recover_records(opened, path)
        except Exception as exc:  # noqa: BLE001 - report, keep the file
            raise _fail(f"recovery stopped ({type(exc).__name__}: {exc}); the fallback file is kept, "
                        "run the command again once the store is reachable", code=1) from exc
    typer.echo(f"recovered {result.written} record(s) from {len(result.files)} file(s) at {places} "
               f"(found {result.found}, {result.found - result.written} already in the store, "
               f"{result.unparseable} unparseable line(s))")
    if result.unparseable:
        raise _fail(f"{result.unparseable} line(s) could not be parsed as audit records; they are kept in the "
                    "*.recovered file(s) next to the fallback file for inspection", code=1)


@audit_app.command("label")
def label(
    audit_id: Annotated[str, typer.Argument(help="The audit id to label.")],
    correct: Annotated[bool, typer.Option("--correct", help="The answer was right.")] = False,
    hallucinated: Annotated[bool, typer.Option("--hallucinated", help="The answer was wrong.")] = False,
    note: Annotated[str | None, typer.Option("--note", help="What was right or wrong.")] = None,
    store: StoreOption = None,
) -> None:
    """Attach a person's label to a record, for threshold calibration (a new label replaces an old one).
    Exits 1 when the record is not found."""
    from lexguard.audit import label_record

    if correct == hallucinated:
        raise _fail("pass exactly one of --correct or --hallucinated")
    with _store(store) as opened:
        if opened.get(audit_id) is None:  # as `audit show` does: a missing id exits 1
            raise _fail(f"no audit record {audit_id!r}; list ids with `lexguard audit list`", code=1)
        value = label_record(opened, audit_id, "correct" if correct else "hallucinated", note=note)
    typer.echo(f"labelled {value.audit_id} {value.label}")


@audit_app.command("purge")
def purge(
    store: StoreOption = None,
    older_than_days: Annotated[
        float | None, typer.Option("--older-than-days", min=0, help="Default: the retention period (90 days).")
    ] = None,
) -> None:
    """Delete records older than the retention period (LEXGUARD_AUDIT_RETENTION_DAYS / AUDIT_RETENTION_DAYS)."""
    with _store(store) as opened:
        n = opened.purge(older_than_days=older_than_days)
    typer.echo(f"purged {n} record(s)")
