"""Pattern matching with a time budget: ``/.../`` regexes and plain keywords.

Every user-supplied pattern runs through the ``regex`` package with a timeout, so a
catastrophic pattern such as ``(a+)+$`` raises :class:`~lexguard.RuleTimeoutError` instead of
hanging the process. Keywords are escaped and matched the same way, which keeps spans exact for
any Unicode text (case-insensitive matching uses full Unicode case folding).
"""

from __future__ import annotations

import warnings
from functools import lru_cache
from typing import NamedTuple

import regex

from lexguard._errors import ConfigurationError, RuleTimeoutError
from lexguard._models import Span

__all__ = [
    "PatternMatch",
    "is_regex_pattern",
    "compile_pattern",
    "find_pattern",
    "derive_patterns",
    "context_snippet",
    "CONTEXT_CHARS",
]

CONTEXT_CHARS = 20
"""Characters of context kept on each side of a keyword match in the violating text."""

class PatternMatch(NamedTuple):
    """One match of a rule pattern.

    Attributes:
        span: ``(start, end)`` of the match in the text.
        matched: The matched text itself.
        violating_text: The regex match, or for a keyword the match with
            :data:`CONTEXT_CHARS` characters of context on each side.
    """

    span: Span
    matched: str
    violating_text: str


def is_regex_pattern(pattern: str) -> bool:
    """True for ``/.../`` patterns (regular expressions), False for keywords."""
    return len(pattern) > 2 and pattern.startswith("/") and pattern.endswith("/")


@lru_cache(maxsize=1024)
def compile_pattern(pattern: str, case_sensitive: bool = False) -> regex.Pattern[str]:
    """Compile a ``/.../`` regex or a keyword into a ``regex`` pattern.

    A ``/.../`` pattern that is not a valid regular expression falls back to keyword matching
    of the text between the slashes (the validation-gating design), with a ``UserWarning``
    that names the pattern and the regex error (compiled patterns are cached, so it is not
    repeated on every search).

    Raises:
        ConfigurationError: If the pattern is empty.
    """
    flags = 0
    if not case_sensitive:
        flags |= regex.IGNORECASE | regex.FULLCASE
    if is_regex_pattern(pattern):
        source = pattern[1:-1]
    else:
        if not pattern.strip():
            raise ConfigurationError("a rule pattern is empty; give a keyword or a /regex/")
        source = regex.escape(pattern.strip(), special_only=True)
    try:
        return regex.compile(source, flags)
    except regex.error as exc:
        warnings.warn(
            f"rule pattern {pattern!r} is not a valid regular expression ({exc}); it is matched "
            f"as the keyword {source!r} instead. Fix the regex, or drop the surrounding slashes "
            "to match plain text without this warning",
            UserWarning,
            stacklevel=2,
        )
        return regex.compile(regex.escape(source, special_only=True), flags)


def context_snippet(text: str, span: Span, chars: int = CONTEXT_CHARS) -> str:
    """The matched text with ``chars`` characters of context on each side."""
    return text[max(0, span[0] - chars) : span[1] + chars].strip()


def find_pattern(
    pattern: str, text: str, *, case_sensitive: bool = False, timeout: float = 0.25
) -> PatternMatch | None:
    """Find the first match of ``pattern`` in ``text``.

    Args:
        pattern: A ``/.../`` regex (case-insensitive unless ``case_sensitive``) or a keyword
            (case-insensitive substring unless ``case_sensitive``).
        text: The text to search.
        case_sensitive: Match case exactly.
        timeout: Seconds the search may take.

    Returns:
        A :class:`PatternMatch`, or None when nothing matches.

    Raises:
        RuleTimeoutError: If the search ran out of time.
        ConfigurationError: If the pattern is invalid.
    """
    compiled = compile_pattern(pattern, case_sensitive)
    try:
        match = compiled.search(text, timeout=timeout)
    except TimeoutError as exc:
        raise RuleTimeoutError(
            f"pattern {pattern!r} took longer than {timeout:g}s on a {len(text)}-character "
            "text; simplify it (avoid nested quantifiers such as (a+)+)"
        ) from exc
    if match is None:
        return None
    span = match.span()
    violating = match.group(0) if is_regex_pattern(pattern) else context_snippet(text, span)
    return PatternMatch(span, match.group(0), violating)


_QUOTED = regex.compile(r"\"([^\"]+)\"|“([^”]+)”|(?<!\w)'([^']+)'(?!\w)|‘([^’]+)’")
_AFTER_VERB = regex.compile(
    r"\b(?:about|mention(?:s|ing)?|say(?:s|ing)?|discuss(?:es|ing)?|reveal(?:s|ing)?"
    r"|tell(?:s|ing)?)\s+((?:(?:the|a|an|any|anything|about|that|of|his|her|their|its)\s+)*)"
    r"([\w'’-]+)",
    regex.IGNORECASE,
)


def derive_patterns(description: str) -> tuple[str, ...]:
    """Keywords implied by a rule description.

    Quoted strings (``"..."``, ``'...'``, ``“...”``) are taken whole; otherwise the word after
    ``about`` / ``mention`` / ``say`` / ``discuss`` / ``reveal`` / ``tell`` (skipping articles
    such as ``the``) when it has 3 or more characters.

    Examples:
        >>> derive_patterns('Never say "open sesame"')
        ('open sesame',)
        >>> derive_patterns("Do not mention the dragon")
        ('dragon',)
    """
    quoted = [next(g for g in m.groups() if g) for m in _QUOTED.finditer(description)]
    if quoted:
        return tuple(dict.fromkeys(q.strip() for q in quoted if q.strip()))
    words = [m.group(2) for m in _AFTER_VERB.finditer(description) if len(m.group(2)) >= 3]
    return tuple(dict.fromkeys(words))
