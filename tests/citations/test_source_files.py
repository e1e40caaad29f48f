"""Issue 13 item 5: race-free code-citation reading; every odd path is a REJECT with a reason."""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest

from lexguard import InputError
from lexguard.citations import CodeCitation, Decision, validate_source

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs POSIX files")


@pytest.fixture
def root(tmp_path: Path) -> Path:
    repo = tmp_path / "repo"
    repo.mkdir()
    (repo / "a.py").write_text("x = 1\n")
    (tmp_path / "secret.txt").write_text("password = hunter2\n")
    return repo


def _check(root: Path, path: str) -> object:
    return validate_source(CodeCitation(path=path, start_line=1, content="x = 1"), root)


def test_a_fifo_is_rejected_without_blocking(root: Path) -> None:
    os.mkfifo(root / "pipe.py")
    check = _check(root, "pipe.py")
    assert check.decision == Decision.REJECT
    assert "not a regular file" in check.reasons[0]


def test_a_symlink_loop_is_rejected(root: Path) -> None:
    (root / "loop1").symlink_to("loop2")
    (root / "loop2").symlink_to("loop1")
    check = _check(root, "loop1")
    assert check.decision == Decision.REJECT and "loop" in check.reasons[0]
    check = _check(root, "loop1/a.py")
    assert check.decision == Decision.REJECT


@pytest.mark.parametrize("path", ["a\ud800.py", "n" * 300 + ".py", "a.py/x", "/", ".", "..", "a.py/.."])
def test_odd_paths_are_rejected_with_a_reason(root: Path, path: str) -> None:
    check = _check(root, path)
    assert check.decision == Decision.REJECT
    assert check.reasons and check.reasons[0]


def test_a_missing_root_is_a_reject(tmp_path: Path) -> None:
    check = _check(tmp_path / "nope", "a.py")
    assert check.decision == Decision.REJECT and "cannot be opened" in check.reasons[0]


def test_a_non_citation_is_an_input_error(root: Path) -> None:
    with pytest.raises(InputError):
        validate_source({"path": "a.py"}, root)
    with pytest.raises(InputError):
        validate_source(5, root)  # type: ignore[arg-type]


def test_a_directory_swapped_for_a_symlink_never_leaks_outside_text(root: Path) -> None:
    outside = root.parent / "outside"
    outside.mkdir()
    (outside / "f.py").write_text("password = hunter2\n")
    (root / "sub").mkdir()
    (root / "sub" / "f.py").write_text("x = 1\n")
    stop = threading.Event()

    def swapper() -> None:  # sub: real directory <-> symlink to a directory outside the root
        while not stop.is_set():
            try:
                os.rename(root / "sub", root / "sub-real")
                (root / "sub").symlink_to(outside, target_is_directory=True)
                os.unlink(root / "sub")
                os.rename(root / "sub-real", root / "sub")
            except OSError:
                pass

    thread = threading.Thread(target=swapper)
    thread.start()
    leaks = 0
    try:
        for _ in range(5_000):
            check = validate_source(CodeCitation(path="sub/f.py", start_line=1), root)
            leaks += "hunter2" in (check.cited_text or "")
    finally:
        stop.set()
        thread.join()
    assert leaks == 0
