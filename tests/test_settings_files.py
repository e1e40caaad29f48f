"""Issue 23, item 3: a file named by a setting (threshold, rules, knowledge, support model) is
read only when it is a regular file, up to a size cap; every failure is a ``LexguardError``.

On main a FIFO threshold file blocked ``Guard()`` forever and ``/dev/zero`` was read until the
process died (a ``MemoryError`` under a memory cap)."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from lexguard import Guard, LexguardError
from lexguard._files import read_settings_file
from lexguard.gate import GateConfig, load_rules
from lexguard.grounding import Calibration
from lexguard.knowledge import KnowledgeContext

ROOT = Path(__file__).resolve().parents[1]

READERS: dict[str, Callable[[str], Any]] = {
    "guard threshold file": lambda p: Guard(grounding={"threshold_file": p, "verifier": False}),
    "threshold file": Calibration.read,
    "rules file": load_rules,
    "rules config": GateConfig.from_rules,
    "knowledge file": lambda p: KnowledgeContext.from_json(Path(p)),
    "support model": lambda p: __import__("lexguard.grounding.verify._support_model", fromlist=["x"]).load_support_model(p),
}


def _outcome(call: Callable[[], Any], fifo: Path | None = None) -> BaseException | None:
    """What ``call`` raised; fails the test (and unblocks a reader of ``fifo``) when it never returns."""
    box: list[BaseException | None] = []

    def run() -> None:
        try:
            call()
            box.append(None)
        except BaseException as exc:  # noqa: BLE001 - reported to the test
            box.append(exc)

    worker = threading.Thread(target=run, daemon=True)
    worker.start()
    worker.join(60)
    if worker.is_alive() and fifo is not None:
        os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))  # let the blocked reader see EOF
        worker.join(10)
        pytest.fail("the reader blocked on a FIFO instead of refusing it")
    assert box, "the reader never returned"
    return box[0]


@pytest.mark.parametrize("reader", sorted(READERS))
def test_a_fifo_is_refused_at_once(tmp_path: Path, reader: str) -> None:
    fifo = tmp_path / "settings.json"
    os.mkfifo(fifo)
    error = _outcome(lambda: READERS[reader](str(fifo)), fifo)
    assert isinstance(error, LexguardError) and "FIFO" in str(error)


@pytest.mark.parametrize("reader", sorted(READERS))
def test_a_directory_is_a_lexguard_error(tmp_path: Path, reader: str) -> None:
    error = _outcome(lambda: READERS[reader](str(tmp_path)))
    assert isinstance(error, LexguardError) and "directory" in str(error)


_ENDLESS = """
import resource, sys
resource.setrlimit(resource.RLIMIT_AS, (3 << 30, 3 << 30))
from tests.test_settings_files import READERS
from lexguard import LexguardError
for name in sorted(READERS):
    try:
        READERS[name]("/dev/zero")
        print(name, "accepted")
    except LexguardError as exc:
        print(name, "refused", "character device" in str(exc))
    except BaseException as exc:
        print(name, "crashed", type(exc).__name__)
"""


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero")
def test_dev_zero_is_refused_not_read(tmp_path: Path) -> None:
    result = subprocess.run([sys.executable, "-c", _ENDLESS], cwd=ROOT, capture_output=True, text=True,
                            env={**os.environ, "PYTHONPATH": str(ROOT), "HF_HUB_OFFLINE": "1"}, timeout=600)
    assert result.returncode == 0, result.stderr[-2000:]
    assert result.stdout.splitlines() == [f"{name} refused True" for name in sorted(READERS)]


def test_a_file_over_the_cap_is_refused_before_it_is_read(tmp_path: Path) -> None:
    big = tmp_path / "rules.yaml"
    big.write_text("rules: []\n" + "#" * 5000)
    with pytest.raises(LexguardError, match="more than the 1000 allowed"):
        read_settings_file(big, what="rules file", max_bytes=1000)
    assert read_settings_file(big, what="rules file").startswith("rules: []")


def test_a_file_that_is_not_utf8_is_a_lexguard_error(tmp_path: Path) -> None:
    bad = tmp_path / "t.json"
    bad.write_bytes(b"\xff\xfe{}")
    error = _outcome(lambda: Calibration.read(bad))
    assert isinstance(error, LexguardError) and "UTF-8" in str(error)
