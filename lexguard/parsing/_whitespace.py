"""Deterministic whitespace normalisation."""

from __future__ import annotations

import re

__all__ = ["normalize_whitespace"]

_BLANK_RUN = re.compile(r"\n{4,}")


def normalize_whitespace(text: str) -> str:
    """Normalise whitespace deterministically, without changing the text's content.

    Steps, in order: strip a leading byte-order mark, turn CRLF and CR line ends into LF, trim
    trailing spaces and tabs of every line (leading indentation is kept), collapse runs of three
    or more blank lines into two, and keep the original trailing-newline state (a text that
    ended with a newline still ends with exactly that newline run, one that did not still does
    not). The function is idempotent: ``normalize_whitespace(normalize_whitespace(t)) ==
    normalize_whitespace(t)``.

    Args:
        text: Any text.

    Returns:
        The normalised text.
    """
    text = text.removeprefix("\ufeff")
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    text = "\n".join(line.rstrip(" \t") for line in text.split("\n"))
    # 3+ blank lines are 4+ consecutive newlines; keep two blank lines (three newlines).
    return _BLANK_RUN.sub("\n\n\n", text)
