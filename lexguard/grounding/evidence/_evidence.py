"""Evidence selection for the claim verifier: the source sentences a claim is read against.

One function serves training (``scripts/train_verifier.py``) and run time, so the verifier
always sees evidence chosen the same way: source units (sentences, or ``key: value`` lines of
flattened records) ranked by IDF-weighted overlap of content words with the claim, plus the
units the dense retriever ranked best, kept in source order.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

import regex

from lexguard._models import Source
from lexguard.grounding.evidence._budget import INDEX_BATCH, check_budget
from lexguard.grounding.evidence._index import Chunk, chunk_sources
from lexguard.grounding.signals._lexical import content_words

__all__ = ["EvidenceUnits", "evidence_units"]

_PRONOUN = regex.compile(r"(?:it|its|they|their|them|he|his|him|she|her|this|these|those|there)\b", regex.IGNORECASE)

EVIDENCE_UNITS = 3
"""Source units per claim when not told otherwise (a verifier's ``verifier.json`` says how many it
was trained on: the shipped one reads 2)."""


@dataclass(frozen=True)
class EvidenceUnits:
    """Source sentences with their content words and IDF, built once per set of sources.

    Attributes:
        units: The sentence-sized chunks (``chunk_sources(..., sentences=1, overlap=0)``).
        words: Content words of each unit.
        idf: Inverse document frequency of each content word over the units.
    """

    units: list[Chunk]
    words: list[frozenset[str]]
    idf: dict[str, float] = field(default_factory=dict)

    def select(self, claim: str, k: int = EVIDENCE_UNITS, prefer: Sequence[int] = ()) -> list[int]:
        """Indices (in source order) of the ``k`` units that best cover ``claim``.

        Args:
            claim: The claim text.
            k: How many units to return at most.
            prefer: Units to include first (e.g. the dense retriever's best), if any.

        Returns:
            Unit indices sorted by position; empty only when there are no units.
        """
        if not self.units:
            return []
        wanted = set(content_words(claim))
        wanted |= _places_named(claim, self.idf)  # "She's Croatian" beside "nationality Croatia"
        # fsum: exact, so the score does not depend on the set's (hash-seeded) order; a plain sum
        # broke near-ties differently from one process to the next.
        scores = [
            (math.fsum(self.idf.get(w, 0.0) for w in wanted & words), -i) for i, words in enumerate(self.words)
        ]
        chosen: list[int] = [i for i in prefer if 0 <= i < len(self.units)][:k]
        for _, neg in sorted(scores, reverse=True):
            if len(chosen) >= k:
                break
            if -neg not in chosen:
                chosen.append(-neg)
        return sorted(chosen)

    def bears_elsewhere(self, claim: str, read: str) -> bool:
        """Whether the sources hold, outside ``read`` (the evidence a verifier read with ``claim``),
        a content word of the claim that ``read`` lacks: a sentence it did not read may then be
        what states the claim. ``False`` when ``read`` holds every such word or no source does."""
        missing = set(content_words(claim)) - set(content_words(read))
        return not missing.isdisjoint(self.idf)  # every word of the sources has an IDF

    def text(self, indices: Sequence[int]) -> str:
        """The evidence passage for the verifier: the chosen units joined in source order.

        A unit that opens with a pronoun ("It is 330 metres tall") is read after the sentence
        before it in its own source, unless that one is chosen too: joined after a unit of another
        source, "It" read as that source's subject ("The Golden Gate Bridge opened in 1937. It is
        330 metres tall ...") and the verifier called a true claim contradicted.
        """
        chosen = set(indices)
        parts = []
        for i in indices:
            unit = self.units[i]
            before = self.units[i - 1] if i > 0 else None
            if (_PRONOUN.match(unit.text.lstrip()) and before is not None and i - 1 not in chosen
                    and before.source_id == unit.source_id):
                parts.append(before.text.strip())
            parts.append(unit.text.strip())
        return " ".join(parts)


_PEOPLE_WORD = regex.compile(r"(?<![\p{L}-])\p{Lu}\p{Ll}{3,}(?:an|ian|ese|ish|ic|i)\b")


def _places_named(claim: str, held: dict[str, float]) -> set[str]:
    """The content words of the places a claim's people words name ("Croatian": "croatia"), for a
    people word no source writes (``held``: the sources' words); one they write selects as itself."""
    from lexguard.grounding.signals._demonyms import places_of

    found = (m.group() for m in _PEOPLE_WORD.finditer(claim))
    return {w for word in found if not set(content_words(word)) & held.keys()
            for place in places_of(word) for w in content_words(place)}


def evidence_units(sources: Sequence[Source]) -> EvidenceUnits:
    """Cut sources into sentence units and index their content words.

    Args:
        sources: The sources.

    Returns:
        The units, ready for :meth:`EvidenceUnits.select`.

    Raises:
        BudgetExceededError: If the validation's time budget was spent before the units were
            indexed (read before each source and each ``INDEX_BATCH`` units after the first).
    """
    units = chunk_sources(sources, sentences=1, overlap=0)
    words: list[frozenset[str]] = []
    for first in range(0, len(units), INDEX_BATCH):
        if first:
            check_budget("indexing the sources' sentences for the verifier")
        words += [frozenset(content_words(u.text)) for u in units[first : first + INDEX_BATCH]]
    df: Counter[str] = Counter()
    for w in words:
        df.update(w)
    n = len(units)
    idf = {w: math.log(1.0 + n / c) for w, c in df.items()}
    return EvidenceUnits(units=units, words=words, idf=idf)
