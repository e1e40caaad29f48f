"""Reading a file named by a setting (threshold, rules, knowledge, support-model files) safely.

A path in a setting may name anything: a FIFO (whose ``open`` blocks until a writer comes),
``/dev/zero`` (endless), a directory, a file of many gigabytes. :func:`read_settings_file`
opens it without blocking, refuses what is not a regular file at once, reads at most
``max_bytes`` and turns every failure into a :class:`~lexguard.LexguardError`.
"""

from __future__ import annotations

import os
import stat

from lexguard._errors import ConfigurationError, LexguardError

__all__ = ["SETTINGS_FILE_MAX_BYTES", "read_at_most", "read_settings_file"]

SETTINGS_FILE_MAX_BYTES = 64 * 1024 * 1024
"""The largest file a setting may name (64 MiB)."""

_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0)
_KINDS = (
    (stat.S_ISDIR, "a directory"),
    (stat.S_ISFIFO, "a FIFO (named pipe)"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
)


def _kind(mode: int) -> str:
    return next((name for test, name in _KINDS if test(mode)), "not a regular file")


def read_at_most(fd: int, limit: int) -> bytes:
    """The bytes of the open file ``fd``, read until its end or until more than ``limit`` came.

    One byte past ``limit`` is read when the file holds more, so a caller can tell a file that
    grew past its cap (``len(result) > limit``) from one that fits.

    Args:
        fd: An open file descriptor (left open).
        limit: The size cap in bytes.
    """
    chunks: list[bytes] = []
    size = 0
    while size <= limit:
        chunk = os.read(fd, min(1 << 20, limit + 1 - size))
        if not chunk:
            break
        chunks.append(chunk)
        size += len(chunk)
    return b"".join(chunks)


def read_settings_file(
    path: str | os.PathLike[str],
    *,
    what: str,
    max_bytes: int = SETTINGS_FILE_MAX_BYTES,
    error: type[LexguardError] = ConfigurationError,
) -> str:
    """The UTF-8 text of the regular file at ``path``, at most ``max_bytes`` long.

    Args:
        path: The file named by a setting (symbolic links are followed).
        what: What the file is, for messages (``"threshold file"``).
        max_bytes: The size cap.
        error: The :class:`~lexguard.LexguardError` subclass raised.

    Raises:
        LexguardError: ``error``, when the file cannot be opened or read, is not a regular file
            (a FIFO, a device, a directory: refused before reading), is larger than
            ``max_bytes``, or is not UTF-8 text; the message names the file and what to do.
    """
    name = os.fspath(path)
    try:
        fd = os.open(name, _FLAGS)
    except (OSError, ValueError) as exc:
        raise error(f"cannot read the {what} {name!r} ({exc}); check the path") from exc
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise error(f"the {what} {name!r} is {_kind(info.st_mode)}, not a regular file; pass the path of a file")
        if info.st_size > max_bytes:
            raise error(f"the {what} {name!r} has {info.st_size} bytes, more than the {max_bytes} allowed; "
                        "pass a smaller file")
        data = read_at_most(fd, max_bytes)  # left non-blocking: a regular file reads the same
    except OSError as exc:
        raise error(f"cannot read the {what} {name!r} ({exc}); check the file") from exc
    finally:
        os.close(fd)
    if len(data) > max_bytes:
        raise error(f"the {what} {name!r} grew past the {max_bytes} bytes allowed while it was read; pass a smaller file")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise error(f"the {what} {name!r} is not UTF-8 text ({exc}); save it as UTF-8") from exc

