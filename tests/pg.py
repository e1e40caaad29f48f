"""A real PostgreSQL server for the tests: initdb into a temp folder, a free port on 127.0.0.1.

Started once per test process (on first use) and stopped at exit. Run as the ``postgres`` user
(``runuser -u postgres --``) when the tests run as root, since PostgreSQL refuses to run as
root. Tests skip with a clear reason only when no PostgreSQL binaries exist.
"""

from __future__ import annotations

import atexit
import glob
import os
import shutil
import socket
import subprocess
import tempfile
import threading
import uuid
from pathlib import Path

import pytest

__all__ = ["PostgresServer", "pg_bin_dir", "server", "fresh_database"]

_server: PostgresServer | None = None
_lock = threading.Lock()


def pg_bin_dir() -> Path | None:
    """The folder holding ``initdb`` and ``pg_ctl``: on PATH, else the newest Debian install."""
    found = shutil.which("initdb")
    if found and shutil.which("pg_ctl"):
        return Path(os.path.realpath(found)).parent
    candidates = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), reverse=True)
    return Path(candidates[0]).parent if candidates else None


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class PostgresServer:
    """One throw-away PostgreSQL cluster."""

    def __init__(self, bindir: Path) -> None:
        self.bindir = bindir
        self.root = Path(tempfile.mkdtemp(prefix="lexguard-pg-"))
        self.data = self.root / "data"
        self.port = _free_port()
        self.as_root = os.geteuid() == 0
        if self.as_root:  # PostgreSQL refuses to run as root: run it as the postgres user
            try:
                import pwd

                pwd.getpwnam("postgres")
            except KeyError:
                subprocess.run(["useradd", "--system", "--user-group", "postgres"], check=True)
            shutil.chown(self.root, "postgres", "postgres")
        self.user = "postgres" if self.as_root else (os.environ.get("USER") or "postgres")

    def _cmd(self, *args: str) -> list[str]:
        cmd = [str(self.bindir / args[0]), *args[1:]]
        return ["runuser", "-u", "postgres", "--", *cmd] if self.as_root else cmd

    def _run(self, *args: str) -> None:
        result = subprocess.run(self._cmd(*args), capture_output=True, text=True, timeout=120)
        if result.returncode != 0:
            raise RuntimeError(f"{' '.join(args[:2])} failed: {result.stdout}\n{result.stderr}")

    def init(self) -> PostgresServer:
        self._run("initdb", "-D", str(self.data), "-A", "trust", "-U", self.user, "-E", "UTF8", "--no-sync")
        return self

    def start(self) -> None:
        options = (
            f"-p {self.port} -c listen_addresses=127.0.0.1 -k {self.root} -c fsync=off "
            "-c max_connections=200 -c shared_buffers=32MB"
        )
        self._run("pg_ctl", "-D", str(self.data), "-o", options, "-l", str(self.root / "log"), "-w", "start")

    def stop(self, mode: str = "fast") -> None:
        self._run("pg_ctl", "-D", str(self.data), "-m", mode, "-w", "stop")

    def url(self, dbname: str = "postgres") -> str:
        return f"postgresql://{self.user}@127.0.0.1:{self.port}/{dbname}"

    def create_database(self) -> str:
        import psycopg

        name = f"t_{uuid.uuid4().hex[:12]}"
        with psycopg.connect(self.url(), autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)

    def cleanup(self) -> None:
        try:
            self.stop("immediate")
        except Exception:  # noqa: BLE001 - already stopped
            pass
        shutil.rmtree(self.root, ignore_errors=True)


def server() -> PostgresServer:
    """The shared server of this test process (skip when PostgreSQL or psycopg is missing)."""
    global _server
    pytest.importorskip("psycopg", reason="psycopg is not installed (pip install 'lexguard[postgres]')")
    bindir = pg_bin_dir()
    if bindir is None:
        pytest.skip("no PostgreSQL binaries (initdb/pg_ctl) on this machine; .ci/run installs them")
    with _lock:
        if _server is None:
            srv = PostgresServer(bindir).init()
            srv.start()
            atexit.register(srv.cleanup)
            _server = srv
    return _server


def fresh_database() -> str:
    """The URL of a new, empty database on the shared server."""
    return server().create_database()


def private_server() -> PostgresServer:
    """A server of the caller's own (for tests that stop and restart it); call ``cleanup``."""
    server()  # skips when PostgreSQL is missing
    bindir = pg_bin_dir()
    assert bindir is not None
    srv = PostgresServer(bindir).init()
    srv.start()
    return srv
