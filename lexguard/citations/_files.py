"""Race-free reading of a file under a root directory.

The path is walked one component at a time from a descriptor of the root, each component
opened with ``O_NOFOLLOW`` relative to its parent's descriptor (``dir_fd``). A symbolic link is
never followed by the kernel: its target is read with ``readlink`` and walked the same way, so a
link (or a link swapped in between two steps) can only lead to files under the root. The last
component is opened with ``O_NONBLOCK`` (a FIFO or device never blocks), checked with ``fstat``
to be a regular file under the size limit, and read from that very descriptor.

Every odd path raises :class:`UnreadableFile` with a reason; nothing else escapes.
"""

from __future__ import annotations

import errno
import os
import stat
from collections import deque
from dataclasses import dataclass
from pathlib import Path, PurePath

from lexguard._files import read_at_most

__all__ = ["ReadFile", "UnreadableFile", "read_under_root", "MAX_LINK_HOPS"]

MAX_LINK_HOPS = 40
"""Symbolic links followed for one path before it counts as a loop."""

_DIR_FLAGS = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | getattr(os, "O_CLOEXEC", 0)
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_FILE_FLAGS = (
    os.O_RDONLY | _NOFOLLOW | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    | getattr(os, "O_CLOEXEC", 0)
)


class UnreadableFile(Exception):
    """The cited path cannot be read safely; ``str(exc)`` says why.

    Attributes:
        outside: True when the path leads outside the root.
    """

    def __init__(self, reason: str, *, outside: bool = False) -> None:
        super().__init__(reason)
        self.outside = outside


@dataclass(frozen=True)
class ReadFile:
    """A file read under the root.

    Attributes:
        path: Its path (root joined with the walked components, links resolved).
        text: Its content decoded as UTF-8 (invalid bytes replaced); ``None`` when too large.
        size: Its size in bytes.
        links: Its hard-link count (more than one: the same file may also lie outside the root).
    """

    path: str
    text: str | None
    size: int
    links: int = 1


def supported() -> bool:
    """True when this platform can open files relative to a directory without following links."""
    return bool(_NOFOLLOW) and os.open in os.supports_dir_fd


def _components(raw: str) -> list[str]:
    return [part for part in raw.replace("\\", "/").split("/") if part not in ("", ".")]


def _relative_to_root(raw: str, roots: tuple[Path, ...]) -> list[str]:
    """The components of ``raw`` below the root (absolute paths must start with the root)."""
    if not os.path.isabs(raw):
        return _components(raw)
    path = PurePath(raw)
    for root in roots:
        try:
            return _components(str(path.relative_to(root)))
        except ValueError:
            continue
    raise UnreadableFile(f"{raw!r} is outside the allowed root", outside=True)


def _walk(root_fd: int, parts: list[str], roots: tuple[Path, ...], shown: str) -> tuple[int, list[str]]:
    """Open the file at ``parts`` under ``root_fd``; return its descriptor and real components."""
    fds: list[int] = [root_fd]
    names: list[str] = []
    pending = deque(parts)
    hops = 0
    try:
        if not pending:
            raise UnreadableFile(f"{shown!r} names the root directory, not a file")
        while pending:
            name = pending.popleft()
            if name == ".":
                continue
            if name == "..":
                if not names:
                    raise UnreadableFile(f"{shown!r} resolves outside the allowed root", outside=True)
                os.close(fds.pop())
                names.pop()
                continue
            last = not pending
            try:
                fd = os.open(name, _FILE_FLAGS if last else _DIR_FLAGS | _NOFOLLOW, dir_fd=fds[-1])
            except OSError as exc:
                if exc.errno not in (errno.ELOOP, errno.ENOTDIR, errno.EMLINK):
                    raise
                try:
                    target = os.readlink(name, dir_fd=fds[-1])
                except OSError:
                    raise exc from None  # not a link: a file where a directory was expected
                hops += 1
                if hops > MAX_LINK_HOPS:
                    raise UnreadableFile(f"{shown!r} has a symbolic link loop") from None
                if os.path.isabs(target):
                    try:
                        target_parts = _relative_to_root(target, roots)
                    except UnreadableFile:
                        raise UnreadableFile(
                            f"{shown!r} resolves outside the allowed root (a symbolic link "
                            "points out of it)", outside=True) from None
                    while len(fds) > 1:
                        os.close(fds.pop())
                    names.clear()
                else:
                    target_parts = _components(target)
                pending.extendleft(reversed(target_parts))
                continue
            if last:
                return fd, [*names, name]
            fds.append(fd)
            names.append(name)
        raise UnreadableFile(f"{shown!r} names a directory, not a file")
    finally:
        for fd in fds[1:]:
            os.close(fd)


_ERRNO_REASONS = {
    errno.ENOENT: "does not exist",
    errno.ENOTDIR: "does not exist (a part of it is not a directory)",
    errno.EACCES: "cannot be read (permission denied)",
    errno.EPERM: "cannot be read (permission denied)",
    errno.ENAMETOOLONG: "is too long a name for this file system",
    errno.EISDIR: "is a directory, not a file",
    errno.ENXIO: "is a device or socket, not a regular file",
}


def read_under_root(raw: str, root: str | os.PathLike[str], max_bytes: int) -> ReadFile:
    """Read the file at ``raw`` (relative to ``root``, or absolute inside it) without races.

    Args:
        raw: The cited path.
        root: The directory the file must lie in (a symlinked root is fine).
        max_bytes: Larger files are not read (``text`` is ``None``).

    Raises:
        UnreadableFile: For every path that cannot be read safely, with the reason.
    """
    if not raw or not raw.strip() or "\x00" in raw:
        raise UnreadableFile("the cited path is empty or malformed")
    if not supported():
        raise UnreadableFile("this platform cannot open files without following symbolic links")
    root_abs = Path(os.path.abspath(root))
    try:
        roots = (root_abs, root_abs.resolve())
        parts = _relative_to_root(raw, roots)
        root_fd = os.open(root_abs, _DIR_FLAGS)
    except UnreadableFile:
        raise
    except (OSError, ValueError, RuntimeError) as exc:
        raise UnreadableFile(f"the allowed root {str(root)!r} cannot be opened: {exc}") from None
    try:
        try:
            fd, names = _walk(root_fd, parts, roots, raw)
        except OSError as exc:
            reason = _ERRNO_REASONS.get(exc.errno or 0, f"cannot be opened ({exc.strerror})")
            raise UnreadableFile(f"{raw!r} {reason}") from None
        except (UnicodeError, ValueError) as exc:
            raise UnreadableFile(f"the cited path {raw!r} is malformed ({type(exc).__name__})") from None
    finally:
        os.close(root_fd)
    real = str(roots[1].joinpath(*names))
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise UnreadableFile(f"{raw!r} is not a regular file (a directory, FIFO, socket or device)")
        if info.st_size > max_bytes:
            return ReadFile(real, None, info.st_size, info.st_nlink)
        data = read_at_most(fd, max_bytes)
        if len(data) > max_bytes:  # grew while being read
            return ReadFile(real, None, len(data), info.st_nlink)
    except OSError as exc:
        raise UnreadableFile(f"{raw!r} cannot be read: {exc.strerror}") from None
    finally:
        os.close(fd)
    return ReadFile(real, data.decode("utf-8", errors="replace"), len(data), info.st_nlink)
