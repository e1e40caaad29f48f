"""Issue 23 (item 1, knowledge part): the exact matcher of names finds what the one regular
expression of every name found (kept here as the reference), and stops when asked."""

from __future__ import annotations

import random

import regex

from lexguard.knowledge import KnowledgeConfig, KnowledgeContext, KnowledgeValidator
from lexguard.knowledge._context import normalize_surface
from lexguard.knowledge._exact import ExactMatcher

_B = r"(?<![\p{L}\p{N}_])"
_E = r"(?![\p{L}\p{N}_])"


def _reference(keys: list[str], text: str) -> list[tuple[int, int, str]]:
    alternatives = sorted(keys, key=len, reverse=True)
    pattern = regex.compile(
        _B + "(?:" + "|".join(r"\s+".join(regex.escape(w) for w in s.split()) for s in alternatives) + ")" + _E,
        flags=regex.IGNORECASE,
    )
    return [(m.start(), m.end(), normalize_surface(m.group())) for m in pattern.finditer(text)]


NAMES = ["Acme", "Acme Router", "Acme Router X200", "router", "X200", "Data Base", "C++", ".NET", "node.js",
         "São Paulo", "a_b", "Acme-Corp", "Zed", "Zed Zed"]
WORDS = ["Acme", "acme", "Router", "router", "X200", "X2000", "Data", "Base", "C++", ".NET", "node.js", "São",
         "Paulo", "a_b", "xa_b", "Acme-Corp", "Zed", "(", ")", ",", ".", "the", "is", "İstanbul", "ß"]


def test_the_matcher_finds_what_the_expression_found() -> None:
    keys = [normalize_surface(n) for n in NAMES]
    matcher = ExactMatcher(keys)
    rng = random.Random(23)
    for _ in range(2000):
        pieces = [rng.choice(WORDS) for _ in range(rng.randint(1, 12))]
        text = "".join(p + rng.choice([" ", "  ", "\n", "\t", "", "-"]) for p in pieces)
        assert list(matcher.find(text)) == _reference(keys, text), text


def test_the_scan_stops_when_asked() -> None:
    matcher = ExactMatcher(["acme"])
    text = "Acme " * 10_000
    calls: list[int] = []

    def stop() -> bool:
        calls.append(1)
        return True

    assert len(list(matcher.find(text, stop))) < 10_000 and calls


def test_linking_stops_inside_the_exact_names_when_the_budget_is_spent() -> None:
    """Main matched every exact name of the text before it first asked whether time was left."""
    from lexguard.knowledge._linking import link_entities

    context = KnowledgeContext.from_dict({"entities": [{"id": "e1", "name": "Service Alpha"}]})
    text = "Service Alpha runs. " * 10_000
    mentions = link_entities(text, context, stop=lambda: True)
    assert len(mentions) < 10_000
    assert len(link_entities(text, context)) == 10_000


def test_a_spent_budget_leaves_the_knowledge_report_partial() -> None:
    context = KnowledgeContext.from_dict({"entities": [{"id": f"e{i}", "name": f"Service Alpha{i} Beta"}
                                                       for i in range(2000)]})
    text = " ".join(f"Service Alpha{i} Beta is up." for i in range(0, 2000, 2))
    report = KnowledgeValidator(context, KnowledgeConfig(time_budget_s=1e-6)).validate(text)
    assert report.status == "inconclusive"
