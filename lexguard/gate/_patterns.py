"""Pattern matching with a time budget: ``/.../`` regexes and plain keywords.

Every user-supplied regex runs through the ``regex`` package with a timeout, so a catastrophic
pattern such as ``(a+)+$`` raises :class:`~lexguard.RuleTimeoutError` instead of hanging the
process, and all searches of one answer share a :class:`RegexBudget`. Patterns are checked when
a rule is loaded: a pattern that is too long, too deeply nested or repeats too much (whose
compilation alone could take seconds and gigabytes) is a :class:`~lexguard.ConfigurationError`.

Keywords are matched by comparison form (:func:`lexguard._text.find_folded`): case-folded,
NFKC, with zero-width and format characters ignored and homoglyphs folded, using ``str.find``,
which is linear in the text and the keyword. Spans index the original text.

A pattern not found in the text as stored is looked for in the text as displayed
(:func:`lexguard._text.display_form`: no invisible characters or combining accents, one kind of
dash, Latin look-alikes, right-to-left overrides reversed), so neither a keyword nor a regex
is dodged by characters a reader does not see.
"""

from __future__ import annotations

import warnings
import time
from functools import lru_cache
from typing import NamedTuple

import regex

from lexguard._errors import ConfigurationError, RuleTimeoutError
from lexguard._models import Span
from lexguard._text import display_form, find_folded, needs_display_form

__all__ = [
    "PatternMatch",
    "is_regex_pattern",
    "compile_pattern",
    "compile_regex",
    "find_pattern",
    "derive_patterns",
    "context_snippet",
    "check_pattern_shape",
    "RegexBudget",
    "CONTEXT_CHARS",
    "MAX_PATTERN_CHARS",
    "MAX_GROUP_DEPTH",
    "MAX_REPEAT",
]

CONTEXT_CHARS = 20
"""Characters of context kept on each side of a keyword match in the violating text."""

MAX_PATTERN_CHARS = 1_000
"""Longest pattern (regex or keyword) a rule may have."""

MAX_GROUP_DEPTH = 8
"""Deepest nesting of groups in a regex."""

MAX_REPEAT = 10_000
"""Largest product of counted repetitions (``{m,n}``) along one nesting path of a regex."""


class RegexBudget:
    """The time all pattern searches of one answer may take together.

    Args:
        seconds: The total budget.
        per_call: The most one search may take (``GateConfig.regex_timeout_s``).
    """

    __slots__ = ("seconds", "per_call", "_expires")

    def __init__(self, seconds: float, per_call: float) -> None:
        self.seconds = seconds
        self.per_call = per_call
        self._expires = time.monotonic() + seconds

    def remaining(self) -> float:
        """Seconds left of the total budget (never negative)."""
        return max(0.0, self._expires - time.monotonic())

    def timeout(self, pattern: str) -> float:
        """The timeout of the next search of ``pattern``.

        Raises:
            RuleTimeoutError: When the total budget is already spent (the rule is not run).
        """
        left = self.remaining()
        if left <= 0.0:
            raise RuleTimeoutError(
                f"pattern {pattern!r} was not searched: the rules' total time budget of "
                f"{self.seconds:g}s for this answer was spent; simplify slow patterns or raise "
                "regex_budget_s"
            )
        return min(self.per_call, left)


_COUNTED = regex.compile(r"\{\s*(\d*)\s*(,?)\s*(\d*)\s*\}")


def _quantifier_max(source: str, at: int) -> tuple[int, int]:
    """The repeat bound of a quantifier at ``source[at]`` and the index after it (1: none).

    Unbounded quantifiers (``*``, ``+``, ``{m,}``) count as 2: they cannot blow up compilation.
    """
    if at >= len(source):
        return 1, at
    ch = source[at]
    if ch in "*+?":
        return (1 if ch == "?" else 2), at + 1
    if ch == "{":
        match = _COUNTED.match(source, at)
        if match and (match.group(1) or match.group(3)):
            low, comma, high = match.groups()
            if comma and not high:
                return max(int(low), 2), match.end()
            return max(int(high or low), 1), match.end()
    return 1, at


def check_pattern_shape(pattern: str) -> None:
    """Reject a pattern that is too long, too deeply nested or repeats too much.

    Compiling such a pattern can take seconds and gigabytes before any timeout applies, so it
    is refused when the rule is loaded.

    Raises:
        ConfigurationError: Saying which bound the pattern exceeds and how to fix it.
    """
    if len(pattern) > MAX_PATTERN_CHARS:
        raise ConfigurationError(
            f"rule pattern {pattern[:40]!r}... has {len(pattern)} characters, more than "
            f"{MAX_PATTERN_CHARS}; split it into several shorter patterns"
        )
    if not is_regex_pattern(pattern):
        return
    source = pattern[1:-1]
    largest: list[int] = [1]  # per open group: the largest repetition product inside it
    i, n = 0, len(source)
    while i < n:
        ch = source[i]
        if ch == "[":  # a character class is one atom
            i += 1
            if i < n and source[i] == "^":
                i += 1
            if i < n and source[i] == "]":
                i += 1
            while i < n and source[i] != "]":
                i += 2 if source[i] == "\\" else 1
            bound, i = _quantifier_max(source, i + 1)
            largest[-1] = max(largest[-1], bound)
            continue
        if ch == "(":
            largest.append(1)
            if len(largest) - 1 > MAX_GROUP_DEPTH:
                raise ConfigurationError(
                    f"rule pattern {pattern[:60]!r} nests groups more than {MAX_GROUP_DEPTH} "
                    "deep; flatten it (deeply nested groups make compiling and matching slow)"
                )
            i += 1
            continue
        if ch == ")" and len(largest) > 1:
            inner = largest.pop()
            bound, i = _quantifier_max(source, i + 1)
            product = inner * bound
            _check_repeat(pattern, product)
            largest[-1] = max(largest[-1], product)
            continue
        i += 2 if ch == "\\" else 1
        bound, i = _quantifier_max(source, i)
        _check_repeat(pattern, bound)
        largest[-1] = max(largest[-1], bound)


def _check_repeat(pattern: str, product: int) -> None:
    if product > MAX_REPEAT:
        raise ConfigurationError(
            f"rule pattern {pattern[:60]!r} repeats too much (nested counted repetitions "
            f"multiply to more than {MAX_REPEAT}); use smaller counts such as {{1,100}} or "
            "avoid repeating a repeated group"
        )

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
        ConfigurationError: If the pattern is empty, too long or too deeply nested (see
            :func:`check_pattern_shape`); an invalid ``/.../`` regex only warns (see above).
    """
    check_pattern_shape(pattern)
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


def compile_regex(source: str, case_sensitive: bool = False) -> regex.Pattern[str]:
    """Compile ``source`` as a regular expression (no slashes needed, no keyword fallback).

    The same safety rules as a ``/.../`` pattern apply (:func:`check_pattern_shape`), but an
    invalid regex is refused rather than matched as a keyword: the rule says it is a regex.

    Raises:
        ConfigurationError: If the regex is too long, too nested, repeats too much or is invalid.
    """
    check_pattern_shape(f"/{source}/")
    flags = 0 if case_sensitive else regex.IGNORECASE | regex.FULLCASE
    try:
        return regex.compile(source, flags)
    except regex.error as exc:
        raise ConfigurationError(
            f"rule regex {source[:60]!r} is not a valid regular expression ({exc}); fix it, or use "
            "PatternRule for a plain keyword"
        ) from exc


def context_snippet(text: str, span: Span, chars: int = CONTEXT_CHARS) -> str:
    """The matched text with ``chars`` characters of context on each side."""
    return text[max(0, span[0] - chars) : span[1] + chars].strip()


def find_pattern(
    pattern: str,
    text: str,
    *,
    case_sensitive: bool = False,
    timeout: float = 0.25,
    budget: RegexBudget | None = None,
) -> PatternMatch | None:
    """Find the first match of ``pattern`` in ``text``.

    Args:
        pattern: A ``/.../`` regex (case-insensitive unless ``case_sensitive``) or a keyword
            (matched by comparison form: case-insensitive unless ``case_sensitive``, ignoring
            zero-width characters and homoglyphs).
        text: The text to search.
        case_sensitive: Match case exactly.
        timeout: Seconds the search may take.
        budget: The answer's shared budget; a regex search gets at most what is left of it,
            and no search (keyword or regex) starts once it is spent.

    Returns:
        A :class:`PatternMatch`, or None when nothing matches.

    Raises:
        RuleTimeoutError: If the search ran out of time (or the budget was already spent).
        ConfigurationError: If the pattern is invalid.
    """
    compiled = compile_pattern(pattern, case_sensitive)  # validates keywords too
    found = _search(pattern, compiled, text, case_sensitive, timeout, budget)
    if found is not None or not needs_display_form(text):
        return found
    # Not in the text as stored: look in the text as displayed (no invisible characters or
    # combining accents, one kind of dash, Latin look-alikes, right-to-left overrides reversed),
    # so "pa\u0301ssword", "555\u20111234" or "\u202edrowssap" cannot dodge a rule.
    shown = display_form(text)
    found = _search(pattern, compiled, shown.text, case_sensitive, timeout, budget)
    if found is None:
        return None
    span = shown.span_of(*found.span)
    snippet = context_snippet(text, span) if not is_regex_pattern(pattern) else text[span[0] : span[1]]
    return PatternMatch(span, text[span[0] : span[1]], snippet)


def _search(
    pattern: str,
    compiled: regex.Pattern[str],
    text: str,
    case_sensitive: bool,
    timeout: float,
    budget: RegexBudget | None,
) -> PatternMatch | None:
    """One search of ``text`` (a keyword by comparison form, a regex with its time limit)."""
    if not is_regex_pattern(pattern):  # linear work (str.find), but 10,000 of them add up
        if budget is not None:
            budget.timeout(pattern)  # raises once the answer's budget is spent
        span = find_folded(pattern, text, casefold=not case_sensitive)
        if span is None:
            return None
        return PatternMatch(span, text[span[0] : span[1]], context_snippet(text, span))
    if budget is not None:
        timeout = min(timeout, budget.timeout(pattern))
    try:
        match = compiled.search(text, timeout=timeout)
    except TimeoutError as exc:
        raise RuleTimeoutError(
            f"pattern {pattern!r} took longer than {timeout:g}s on a {len(text)}-character "
            "text; simplify it (avoid nested quantifiers such as (a+)+)"
        ) from exc
    if match is None:
        return None
    return PatternMatch(match.span(), match.group(0), match.group(0))


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
