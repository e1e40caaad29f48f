"""Claims that put two events in the other order than their evidence.

"She moved to Boston before she finished medical school" against "After finishing medical
school, she moved to Boston": the same words, the same events, the other order. :func:`order_conflict`
reads the order a claim states ("A before B", "A after B", "After B, A", "A, then B") and the
order the evidence tells the two events in (the order it mentions them, turned round by an
"after", "once" or "since" between them or a leading "Before ..."), and returns the evidence when they
differ; two sentences in a row tell one when the second opens with "Then", "Next", "Later", ...
("First brown the onions. Then add the rice."). A sentence tells an order only with a word of order or a clause boundary ("and",
";", "then", "later") between the two events: "an agreement that would end the strike" names the
agreement first but tells no order.
"""

from __future__ import annotations

import statistics

import regex

from lexguard.grounding.claims._passages import passage_sentences
from lexguard.grounding.signals._lexical import _stem, content_words

__all__ = ["MIN_EVENT_COVERAGE", "claimed_orders", "order_conflict"]

MIN_EVENT_COVERAGE = 0.5
"""Least share of each event's own words the evidence must hold to place it (half: irregular verbs
such as "left" / "leaving" are not matched)."""
_NOT_ORDER = regex.compile(
    r"\b(?:named|looked|look|looking|looks|lusted|takes?|took|taken|taking)\s+after\b|\bafter\s+all\b|\bbefore\s+long\b",
    regex.IGNORECASE,
)
"""Idioms with "before" / "after" that tell no order of events ("named after", "after all")."""

_DURATION = regex.compile(
    r"(?<!\bfor\s+(?:[\w-]+\s+)?)\b(?:seconds?|minutes?|hours?|days?|nights?|weeks?|months?|years?|decades?|moments?|shortly|soon|long|just|"
    r"right|immediately)\s+(?:before|after)\b",
    regex.IGNORECASE,
)
"""In a claim, "eight hours before the procedure" is a time, not the order of two told events
("chief executive for two years before becoming ..." is a duration, then an order), unless a
source sentence gives the same span between two events of its own."""

_SUBORDINATE = r"(?:unless|if|when|because|as|although|though|while|until|since|provided|except)\b"
"""A clause that follows "afterwards" as its condition ("washed afterwards unless ..."): no second event."""
_CLAIM_ORDER = [
    (regex.compile(r"^\s*before\s+(?P<b>[^,]+),\s*(?P<a>.+)$", regex.IGNORECASE), False),
    (regex.compile(r"^\s*after\s+(?P<b>[^,]+),\s*(?P<a>.+)$", regex.IGNORECASE), True),
    (regex.compile(r"^(?P<a>.+?)\s+before\s+(?P<b>.+)$", regex.IGNORECASE), False),
    (regex.compile(r"^(?P<a>.+?)\s+after\s+(?P<b>.+)$", regex.IGNORECASE), True),
    (regex.compile(r"^(?P<a>.+?)\s+first,?\s+and\s+(?:then\s+)?(?P<b>.+)$", regex.IGNORECASE), False),
    (regex.compile(r"^(?P<a>.+?),?\s+once\s+(?P<b>.+)$", regex.IGNORECASE), True),
    (regex.compile(r"^(?P<a>.+?),?\s+and\s+(?:(?:about|around|some|roughly|an?|one|two|three|a\s+few|[\d.]+)\s+)?"
                   r"(?:(?:\w+\s+)?(?:minutes?|hours?|days?|weeks?|months?|years?)\s+)?(?:afterwards?|later)\s+(?P<b>.+)$",
                   regex.IGNORECASE), False),
    (regex.compile(r"^(?P<a>.+?),?\s+(?:and\s+)?(?:then|later|afterwards|subsequently)\s+(?!" + _SUBORDINATE + r")(?P<b>.+)$",
                   regex.IGNORECASE), False),
]
"""Patterns of a stated order: (pattern, whether ``b`` happened first)."""
_CLAUSE_END = regex.compile(r"[,;:()\u2014]|\s(?:where|which|who|while|when|and|but)\s", regex.IGNORECASE)
_TOKEN = regex.compile(r"[\p{L}\p{N}][\p{L}\p{N}'\u2019-]*")
_TIME_WORDS = frozenset(
    {"before", "after", "then", "later", "afterward", "afterwards", "subsequently", "first", "year", "day", "week",
     "month", "hour", "minute", "moment", "few", "several", "two", "three", "four", "five", "six", "seven", "eight",
     "nine", "ten"}
)
"""Words that date an event rather than name it ("After four days, ...": no event)."""


def claimed_orders(claim: str) -> list[tuple[frozenset[str], frozenset[str]]]:
    """Every order of two events a claim states, one per pattern that reads one ("Apply the primer
    and then sand the surface before painting" states two: primer, sand; sanding, painting)."""
    text = " ".join(claim.split()).rstrip(".!?")  # one space a gap: the patterns stay linear in long runs
    found = []
    for pattern, swapped in _CLAIM_ORDER:
        match = pattern.match(text)
        if match is None:
            continue
        # each event is the clause next to the connective: "..., managed to stagger to a farm"
        # after "her apparent death", not the rest of the sentence
        a_text, b_text = _CLAUSE_END.split(match.group("a"))[-1], _CLAUSE_END.split(match.group("b"))[0]
        name = _LEADING_NAME.match(a_text)
        if name is not None and name.group().strip().lower() not in b_text.lower() and not _OWN_SUBJECT.match(b_text):
            # "Rosa Ferrante worked in Tokyo before she studied ...", "Arden qualified in 2015 and
            # then worked as a paramedic": the name is the subject of both events, not a word of
            # the first (a source names it once, at the start)
            a_text = a_text[name.end():]
        a, b = _event(_PURPOSE.split(a_text)[0]), _event(_PURPOSE.split(b_text)[0])
        a, b = a - b, b - a
        if a and b:
            found.append((b, a) if swapped else (a, b))
        place = _LAST_PLACE.match(a_text)  # "calls at Marsh Green | before Kingsley": the stop, not the bus
        if (place is not None and b and _NAMED.fullmatch(place.group("p").strip()) and _NAMED.fullmatch(b_text.strip())
                and (near := _event(place.group("p")) - b) and near != a):
            found.append((b, near) if swapped else (near, b))
    return found


_PURPOSE = regex.compile(r"\s(?:in\s+order\s+to|so\s+(?:that|as\s+to)|to\s+(?=(?:help\s+)?(?:kill|prevent|avoid|keep|make|ensure|remove|get|allow|reduce|protect|stop|loosen)\b))\s*",
                         regex.IGNORECASE)
"""What an event is done for ("after rinsing *to kill mold*"): no part of the event, and its words
may stand anywhere in the evidence ("..., which also kills mold")."""
_NAMED = regex.compile(r"(?:(?:the\s+)?\p{Lu}[\p{L}'\u2019.-]*\s*)+")
"""A place's name only ("Kingsley", "Marsh Green"), not an event ("fleeing on a motorcycle")."""
_LAST_PLACE = regex.compile(r"^.*\b(?:at|in|on|to|from|by|via|through)\s+(?P<p>[^,;]+)$", regex.IGNORECASE)
"""The last prepositional phrase of the first event: a claim that orders two stops or places by name ("The
bus calls at Marsh Green before Kingsley") names them there, after words the source tells around both."""


def _event(text: str) -> frozenset[str]:
    return frozenset(w for w in content_words(text) if w.rstrip("s") not in _TIME_WORDS and not w.isdigit())


def order_conflict(claim: str, passages: list[str]) -> str | None:
    """The evidence that tells the claim's two events in the other order, if any.

    Args:
        claim: The claim text.
        passages: The claim's best evidence chunks, best first.
    """
    if _NOT_ORDER.search(claim):
        return None
    duration = _DURATION.search(claim)
    if duration is not None:
        # "completed two months after the CEO took over" is read only against a sentence that
        # gives the same span ("took over in March, two months after the merger was completed")
        span = " ".join(claim[max(0, duration.start() - 12) : duration.end()].lower().split()[-3:])
        passages = [s for p in passages for s in passage_sentences(p) if span in " ".join(s.lower().split())]
    return next(filter(None, (_told_otherwise(order, passages) for order in claimed_orders(claim))), None)


def _told_otherwise(order: tuple[frozenset[str], frozenset[str]], passages: list[str]) -> str | None:
    """The evidence text that tells the two events of ``order`` the other way round, if any."""
    first, second = order
    best: tuple[float, str, bool] | None = None
    for passage in passages:
        sentences = list(passage_sentences(passage))
        # one sentence tells both, or two in a row when the second goes on ("Then add the rice.")
        told = [(s, _before(sentences, i)) for i, s in enumerate(sentences)] + [
            (f"{a} {b}", _before(sentences, i)) for i, (a, b) in enumerate(zip(sentences, sentences[1:], strict=False))
            if _GOES_ON.match(b)] + [(" ".join(run), _before(sentences, i)) for i, run in _runs(sentences)]
        for text, earlier in told:
            placed = _told_first(text, first, second, earlier)
            if placed is not None and (best is None or placed[0] > best[0]):
                best = (placed[0], text, placed[1])
    if best is None or best[2]:
        return None
    return best[1]


_GOES_ON = regex.compile(
    r"\W*(?:(?:he|she|they|it|we|the\s+[\p{L}-]+)\s+(?:(?:was|were|is|are|had|has)\s+)?)?"
    r"(?:(?:only\s+)?then|next|afterwards?|later|finally|after\s+that|after\s+this|subsequently|eventually"
    r"|in\s+later\s+(?:life|years))\b"
    r"(?!\s+(?:revealed|emerged|announced|reported|said|found|discovered|learned|learnt|confirmed|shown|became\s+clear)\b)",
    regex.IGNORECASE,
)
"""A sentence that opens this way tells its event after the sentence before it ("Then ...",
"He was then elected ...", "The committee then voted ...", "In later life ..."; not "It was then
revealed that ...": a report of an earlier event)."""
_MOST_RUN = 8
"""Most sentences of one run of steps read together."""


def _runs(sentences: list[str]) -> list[tuple[int, list[str]]]:
    """Runs of three sentences or more, each after the first going on from the one before ("First,
    book your induction online. Then attend a session ... Finally, collect your access card."), with
    where each starts: steps told apart in sentences of their own."""
    out = []
    i = 0
    while i < len(sentences):
        j = i + 1
        while j < len(sentences) and j - i < _MOST_RUN and _GOES_ON.match(sentences[j]):
            j += 1
        if j - i >= 3:
            out.append((i, sentences[i:j]))
        i = max(j, i + 1)
    return out


_OWN_SUBJECT = regex.compile(r"^\s*(?:(?:the|a|an)\s+)?\p{Lu}")
"""A second event with a subject of its own ("... after *the Treaty of Valmont* was signed"): the
first event's opening name is its own subject then ("The Coastal War ended after ...")."""
_LEADING_NAME = regex.compile(r"^\s*(?:(?:the|a|an)\s+)?(?:\p{Lu}[\p{L}'\u2019.-]*\s+)+(?=\p{Ll})")
"""A claim's opening name ("Rosa Ferrante worked ..."): its subject."""

SEPARATED = 0.6
"""Least share of each event's words on its own side of the point between the two events."""


def _share_on_side(positions: list[int], middle: float, before: bool) -> float:
    return sum(1 for p in positions if (p < middle) == before) / len(positions)


def _before(sentences: list[str], i: int) -> frozenset[str]:
    """Stems of the names the sentence before the ``i``-th gives: what a sentence may leave to it
    ("She became chief operating officer" after "Helena Strand joined Moravia Shipping")."""
    if i == 0:
        return frozenset()
    return frozenset(_stem(t.lower()) for t in _TOKEN.findall(sentences[i - 1]) if t[:1].isupper())


def _told_first(
    text: str, first: frozenset[str], second: frozenset[str], earlier: frozenset[str] = frozenset()
) -> tuple[float, bool] | None:
    """How well ``text`` places both events, and whether it tells ``first`` as happening first
    (words of an event that only ``earlier`` sentences hold count towards placing it, not where)."""
    tokens = [_stem(t.lower()) for t in _TOKEN.findall(text)]
    where_first = [i for i, t in enumerate(tokens) if t in first]
    where_second = [i for i, t in enumerate(tokens) if t in second]
    known = set(tokens)
    cover = min((len(first & known) + len((first - known - second) & earlier)) / len(first),
                (len(second & known) + len((second - known - first) & earlier)) / len(second))
    if cover < MIN_EVENT_COVERAGE or not where_first or not where_second:
        return None
    if _NOT_ORDER.search(text):
        return None
    p1, p2 = statistics.median(where_first), statistics.median(where_second)
    middle = (p1 + p2) / 2
    if min(_share_on_side(where_first, middle, p1 < middle), _share_on_side(where_second, middle, p2 < middle)) < SEPARATED:
        return None  # the events' words mingle: the text does not tell one and then the other
    lo, hi = sorted((p1, p2))
    between = tokens[int(lo) : int(hi) + 1]
    told = _TELLS_ORDER & set(between) or tokens[:1] in (["before"], ["after"])
    if not told and ";" not in _text_between(text, int(lo), int(hi)):
        return None  # "an agreement that would end the strike": mentioned in one order, not told in it
    raw = [t.lower() for t in _TOKEN.findall(text)][int(lo) : int(hi) + 1]
    reversed_ = bool({"after", "once"} & set(between)) or _follows(raw) or _since(raw) or _opens_before(text, lo, hi)
    return cover, (p1 < p2) != reversed_


def _since(between: list[str]) -> bool:
    """Whether "since" stands between the two events as "after" does ("sales had risen since the
    shortlist was announced"), not in "since then" or "since 1988", which date one event only."""
    return any(t == "since" and i + 1 < len(between) and between[i + 1].isalpha() and between[i + 1] != "then"
               for i, t in enumerate(between))  # "on Quay Street since 1988, will shut": a date, no event


def _follows(between: list[str]) -> bool:
    """Whether "following" stands between the two events as "after" does ("closed following a
    cliff fall"), not as "the following" ("the following day")."""
    return any(t == "following" and (i == 0 or between[i - 1] != "the") and i + 1 < len(between)
               for i, t in enumerate(between))


def _opens_before(text: str, lo: float, hi: float) -> bool:
    """Whether ``text`` opens with a "Before ..." clause that holds the event told first and not the
    other ("Before leaving, she locked up"), rather than one that dates both ("Before first use,
    rinse the jug. Then soak the cartridge": rinsing, then soaking)."""
    if not text.lstrip().lower().startswith("before"):
        return False
    comma = text.find(",")
    if comma < 0:
        return True
    opening = len(_TOKEN.findall(text[:comma]))
    return lo < opening <= hi


_TELLS_ORDER = frozenset(
    {"and", "but", "then", "later", "afterward", "afterwards", "subsequently", "before", "after", "first", "earlier",
     "next", "eventually", "finally", "until", "since", "followed", "follow", "prior", "once"}
)
"""Words between two events that tell them one after the other (with a ";"): without one, a
sentence that names both (a relative clause, a comparison) tells no order by its word order."""


def _text_between(text: str, lo: int, hi: int) -> str:
    spans = [m.span() for m in _TOKEN.finditer(text)]
    return text[spans[lo][0] : spans[hi][1]] if hi < len(spans) else text
