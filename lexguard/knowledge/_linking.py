"""Entity linking: find known entities (exact or misspelt) and unknown proper-noun-like mentions."""

from __future__ import annotations

from collections.abc import Callable

import regex
from rapidfuzz import process
from rapidfuzz.distance import Levenshtein

from lexguard._models import Span
from lexguard._value import ValueModel
from lexguard.knowledge._config import KnowledgeConfig
from lexguard.knowledge._context import KnowledgeContext, normalize_surface
from lexguard.knowledge._exact import ExactMatcher
from lexguard.knowledge._numbers import NUMBER_WORDS

__all__ = ["EntityMention", "link_entities"]

_B = r"(?<![\p{L}\p{N}_])"
_E = r"(?![\p{L}\p{N}_])"
_WORD = r"(?:\p{Lu}[\p{L}\p{N}]*(?:['’&.\-][\p{L}\p{N}]+)*|\p{Ll}+\p{Lu}[\p{L}\p{N}]*)"
_NUM = r"\p{N}(?:[\p{L}\p{N}]|[.\-](?=[\p{L}\p{N}]))*"
_CANDIDATE = regex.compile(rf"{_B}{_WORD}(?:[ \t]+(?:{_WORD}|{_NUM}))*{_E}")
_DIGITS = regex.compile(r"\d+")
_COMPARISONS_PER_STOP = 64_000
"""Name comparisons between two calls of ``stop()`` (64 candidates for 1,000 names, 1 for 64,000)."""
_SENTENCE_END = set(".!?:;\"“(*•-–—")

# Capitalised words that start sentences or are capitalised by convention, never entity names.
_COMMON = frozenset(
    """a about after again all also although an and another any are as at because before both but by
    can could currently each either every finally first for from further furthermore generally
    he her here hers his how however i if in into is it its last later like many may meanwhile
    moreover most my next no not note now of on once only or other our overall please second she
    since so some such that the their then there therefore these they third this those though
    thus to today unlike we what when where whereas whether which while who why with yes yet you
    your monday tuesday wednesday thursday friday saturday sunday january february march april
    june july august september october november december""".split()
)


class EntityMention(ValueModel):
    """One mention of an entity (known or not) in the text.

    Attributes:
        text: The mention as written.
        span: ``(start, end)`` offsets of the mention.
        entity_id: Id of the linked entity; ``None`` for an unknown mention.
        matched: The name or alias the mention was linked to (as written in the graph).
        distance: Edit distance between the mention and ``matched`` (0 = exact, case-insensitive).
        suggestion: For an unknown mention, the closest known name or alias, when close enough.
        suggestion_ids: Ids of the entities carrying the closest names (more than one = ambiguous).
        suggestion_distance: Edit distance to ``suggestion``.
    """

    text: str
    span: Span
    entity_id: str | None = None
    matched: str | None = None
    distance: int = 0
    suggestion: str | None = None
    suggestion_ids: tuple[str, ...] = ()
    suggestion_distance: int | None = None

    @property
    def linked(self) -> bool:
        """True when the mention refers to a known entity."""
        return self.entity_id is not None


def link_entities(
    text: str,
    context: KnowledgeContext,
    config: KnowledgeConfig | None = None,
    *,
    stop: Callable[[], bool] | None = None,
) -> tuple[EntityMention, ...]:
    """Find the entity mentions of ``text``, sorted by position.

    Known names and aliases are matched case-insensitively on word boundaries (longest first).
    Proper-noun-like phrases that are not known names are then compared with every known name
    and alias by edit distance: a close, letters-only misspelling links to the entity, anything
    else is an unknown mention carrying the closest known name (if within
    ``config.suggestion_distance``) as its suggestion.

    Args:
        text: The text to scan.
        context: The knowledge context.
        config: Linking settings; defaults to :class:`KnowledgeConfig`.
        stop: Called now and then; when it returns True (the time budget is spent) linking stops
            and the mentions found so far are returned. Check it again afterwards to know.
    """
    config = config or KnowledgeConfig()
    originals: dict[str, str] = context.cached("originals", lambda: _originals(context))
    surface_ids = context.surface_forms
    choices = list(originals)
    known_values = context.known_values
    matcher = context.cached("exact_matcher", lambda: ExactMatcher(originals))
    mentions = _exact_mentions(text, matcher, originals, surface_ids, stop)
    every = max(1, min(64, _COMPARISONS_PER_STOP // max(1, len(choices))))  # each candidate is compared with every name
    for count, match in enumerate(_CANDIDATE.finditer(text)):
        if stop is not None and count and count % every == 0 and stop():
            break
        start, end = _trim_candidate(text, match.start(), match.end())
        if start >= end:
            continue
        overlapping = [m for m in mentions if m.span[0] < end and start < m.span[1]]
        phrase = text[start:end]
        if normalize_surface(phrase) in known_values:
            continue
        if overlapping and _covered(text, start, end, overlapping):
            continue
        mention = _classify(phrase, (start, end), choices, originals, surface_ids, config)
        if overlapping:
            # Only let a longer phrase replace exact sub-mentions when it is closer to a longer name
            # ("Acme Router X300" vs the known "Acme Router X200", not the known "Acme").
            longest = max(len(m.text) for m in overlapping)
            close = mention.matched or mention.suggestion
            if close is None or len(close) <= longest:
                continue
            mentions = [m for m in mentions if m not in overlapping]
        mentions.append(mention)
    return tuple(sorted(mentions, key=lambda m: m.span))


def _originals(context: KnowledgeContext) -> dict[str, str]:
    originals: dict[str, str] = {}
    for entity in context.entities:
        for surface in entity.surfaces:
            key = normalize_surface(surface)
            if key:  # a blank alias names nothing
                originals.setdefault(key, surface)
    return originals


def _exact_mentions(
    text: str,
    matcher: ExactMatcher,
    originals: dict[str, str],
    surface_ids: dict[str, tuple[str, ...]],
    stop: Callable[[], bool] | None,
) -> list[EntityMention]:
    found = []
    for start, end, key in matcher.find(text, stop):
        ids = surface_ids.get(key)
        if ids:
            found.append(EntityMention(text=text[start:end], span=(start, end), entity_id=ids[0], matched=originals[key]))
    return found


def _sentence_initial(text: str, pos: int) -> bool:
    while pos > 0 and text[pos - 1] in " \t":  # no slicing: linear in the gap, not the text
        pos -= 1
    return pos == 0 or text[pos - 1] == "\n" or text[pos - 1] in _SENTENCE_END


def _trim_candidate(text: str, start: int, end: int) -> tuple[int, int]:
    """Drop leading/trailing common words; drop lone sentence-initial ordinary words."""
    tokens = [(m.start() + start, m.end() + start) for m in regex.finditer(r"\S+", text[start:end])]
    while tokens and text[tokens[0][0] : tokens[0][1]].lower() in _COMMON:
        tokens.pop(0)
    while tokens and text[tokens[-1][0] : tokens[-1][1]].lower() in _COMMON:
        tokens.pop()
    if not tokens or all(text[s:e].lower().strip("-") in NUMBER_WORDS for s, e in tokens):
        return start, start  # "Two", "Five Hundred": a number in words, not a name
    if tokens[0][0] == start and len(tokens) == 1 and _sentence_initial(text, start):
        word = text[tokens[0][0] : tokens[0][1]]
        if not any(c.isdigit() for c in word) and not any(c.isupper() for c in word[1:]):
            return start, start
    if len(tokens) == 1 and tokens[0][1] - tokens[0][0] == 1:
        return start, start  # single letters ("I", "A") are never entities on their own
    return tokens[0][0], tokens[-1][1]


def _covered(text: str, start: int, end: int, mentions: list[EntityMention]) -> bool:
    chars = list(text[start:end])
    for m in mentions:
        for i in range(max(m.span[0], start), min(m.span[1], end)):
            chars[i - start] = " "
    return not any(c.isalnum() for c in chars)


def _classify(
    phrase: str,
    span: Span,
    choices: list[str],
    originals: dict[str, str],
    surface_ids: dict[str, tuple[str, ...]],
    config: KnowledgeConfig,
) -> EntityMention:
    query = normalize_surface(phrase)
    if not choices:
        return EntityMention(text=phrase, span=span)
    hits = process.extract(
        query, choices, scorer=Levenshtein.distance, score_cutoff=config.suggestion_distance, limit=None
    )
    if not hits:
        return EntityMention(text=phrase, span=span)
    best = min(int(h[1]) for h in hits)
    closest = [h[0] for h in hits if int(h[1]) == best]
    ids = tuple(dict.fromkeys(i for s in closest for i in surface_ids.get(s, ())))
    if not ids:
        return EntityMention(text=phrase, span=span)
    surface = closest[0]
    if best == 0:
        return EntityMention(text=phrase, span=span, entity_id=ids[0], matched=originals[surface])
    same_digits = _DIGITS.findall(query) == _DIGITS.findall(surface)
    if (
        best <= config.link_distance
        and len(ids) == 1
        and len(surface) >= config.min_fuzzy_length
        and same_digits
    ):
        return EntityMention(
            text=phrase, span=span, entity_id=ids[0], matched=originals[surface], distance=best
        )
    if best > max(1, len(surface) // 3):
        return EntityMention(text=phrase, span=span)
    return EntityMention(
        text=phrase,
        span=span,
        suggestion=originals[surface],
        suggestion_ids=ids,
        suggestion_distance=best,
    )
