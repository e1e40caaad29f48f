"""The verifier stack: the learned verifier's verdicts combined with the support features.

The claim verifier (:mod:`lexguard.grounding.verify._verifier`) reads each claim with the source
sentences chosen by :mod:`lexguard.grounding.evidence._evidence`; its three probabilities join the
support model's features (similarities, numbers, names, quotes, negation) in a small
gradient-boosted stacker trained on RAGTruth train documents the verifier never saw
(``scripts/train_verifier.py stack``), which also sets the support threshold.
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from collections.abc import Collection, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from lexguard._errors import ConfigurationError
from lexguard._files import read_settings_file
from lexguard.grounding.evidence._evidence import EvidenceUnits, evidence_units
from lexguard.grounding.signals._lexical import content_words
from lexguard.grounding.claims._conjuncts import conjuncts
from lexguard.grounding.verify._features import FEATURE_NAMES
from lexguard.grounding.verify._novel_parts import novel_parts
from lexguard.grounding.verify._support_model import SupportModel
from lexguard._limits import current_deadline
from lexguard.grounding.claims._short_answers import answer_statement
from lexguard.grounding.verify._verifier import VERIFIER_DIR, ClaimVerifier, get_verifier

__all__ = [
    "READ_AGAIN_BELOW", "STACK_FEATURES", "STACK_FEATURES_TREE", "VerifierStack", "verifier_claim_text", "worth_trusting",
]

STACK_FEATURES: tuple[str, ...] = FEATURE_NAMES + ("ver_supported", "ver_contradicted", "ver_baseless")
"""Stacker inputs: the support features, then the verifier's three probabilities."""
STACK_FEATURES_TREE: tuple[str, ...] = STACK_FEATURES + ("tree_support",)
"""The same plus the previous default's support probability (a stacker trained with ``--with-tree``)."""

_SHORT_CLAIM_WORDS = 4
_CACHE_SIZE = 4096
_SKIPPED = (0.0, 0.5, 0.5)
"""Verdict fed to the stacker for a claim the verifier did not read (the strict rules already
failed it, so its support is capped below the threshold whatever the verdict)."""


_WORD_COVERAGE = FEATURE_NAMES.index("word_cov_all")
"""Share of the claim's content words some source holds (0: none)."""

READ_AGAIN_BELOW = 0.9
"""A window the verifier reads as supported below this (with :attr:`ClaimVerifier.evidence_units`
sentences) is read once more with one sentence more (:meth:`VerifierStack._read_again`)."""

_CHUNK = 64
"""Pairs the verifier reads between two looks at the time budget."""


def worth_trusting(claim: str, source_words: Collection[str]) -> bool:
    """Whether a second reading of ``claim`` counts on its own (else only as far as the first
    agrees: their mean): when every content word of the claim is in the sources, a doubt the
    first reading left is one of context; a word no source holds is the verifier's to doubt,
    and one more sentence that said nothing of it made it read "The ferry returned the same
    afternoon *with a broken engine*" as supported."""
    return all(word in source_words for word in content_words(claim))


def verifier_claim_text(claim: str, question: str | None) -> str:
    """The claim as the verifier reads it: a short answer is read with its question, as the
    statement they make together ("Who invented it?" + "Edison did." -> "Edison invented it.",
    :func:`~lexguard.grounding.claims._short_answers.answer_statement`), else after the question."""
    if question and len(claim.split()) < _SHORT_CLAIM_WORDS:
        return answer_statement(question, claim) or f"{question.strip()} {claim.strip()}"
    return claim


class VerifierStack:
    """The shipped verifier plus the stacker that turns its verdicts into support probabilities.

    Args:
        verifier: The claim verifier.
        stacker: The stacking model over :data:`STACK_FEATURES`.
    """

    def __init__(self, verifier: ClaimVerifier, stacker: SupportModel) -> None:
        self.verifier = verifier
        self.stacker = stacker
        self._lock = threading.Lock()
        self._cache: OrderedDict[tuple[str, str], np.ndarray] = OrderedDict()

    def clear_cache(self) -> None:
        """Forget every cached verdict."""
        with self._lock:
            self._cache.clear()

    @property
    def threshold(self) -> float:
        """Support probability below which a claim is unsupported (chosen on train)."""
        return self.stacker.threshold

    @property
    def override(self) -> float:
        """The verifier override chosen with this stacker (``meta["verifier_override"]``; 1.0, off,
        when the file names none)."""
        try:
            value = float(self.stacker.meta.get("verifier_override", 1.0))
        except (TypeError, ValueError):
            value = 1.0
        return value if 0.0 < value <= 1.0 else 1.0

    @property
    def override_partial(self) -> float | None:
        """The override level chosen with this stacker for claims the verifier read against only
        some of the sources' sentences (``meta["verifier_override_partial"]``); ``None`` when the
        file names none (the whole-source level then holds for both)."""
        raw = self.stacker.meta.get("verifier_override_partial")
        try:
            value = float(raw) if raw is not None else None
        except (TypeError, ValueError):
            return None
        return value if value is not None and 0.0 < value <= 1.0 else None

    def _read_all(self, units: EvidenceUnits, window: str, evidence: str) -> bool:
        """Whether the verifier read everything in the sources that bears on ``window`` (the claim,
        or the window of it whose verdict counts), so its doubt bears on all they say: every
        sentence (a source no longer than the evidence it reads), or evidence holding every word
        of the window that any source holds (the sentences it did not read hold none of the words
        it did not find)."""
        return len(units.units) <= self.verifier.evidence_units or not units.bears_elsewhere(window, evidence)

    @classmethod
    def load(cls, folder: str | None = None) -> VerifierStack:
        """The verifier and stacker in ``folder`` (the shipped ones when ``None``).

        Raises:
            ConfigurationError: When the files are missing or invalid.
        """
        path = Path(folder) if folder is not None else VERIFIER_DIR
        verifier = get_verifier(str(path)) if folder is not None else get_verifier()
        if not verifier.available or not (path / "stacker.json").is_file():
            raise ConfigurationError(
                f"no trained claim verifier in {path} (verifier.onnx, verifier.json, stacker.json). "
                "Reinstall lexguard, train one with scripts/train_verifier.py, or set "
                "GroundingConfig(verifier=False) to use the support model alone."
            )
        try:
            text = read_settings_file(path / "stacker.json", what="verifier stacker")
            names = tuple(json.loads(text).get("names", ()))
            expected = STACK_FEATURES_TREE if names == STACK_FEATURES_TREE else STACK_FEATURES
            stacker = SupportModel.from_json(text, expected)
        except Exception as exc:  # noqa: BLE001 - any unreadable file is a configuration problem
            raise ConfigurationError(
                f"the verifier stacker {path / 'stacker.json'} is invalid ({exc}); retrain it with "
                "scripts/train_verifier.py stack or set GroundingConfig(verifier=False)"
            ) from exc
        return cls(verifier, stacker)

    def units_for(self, index: Any) -> EvidenceUnits:
        """Evidence units of an index's sources, built once per index and kept on it."""
        with self._lock:
            units = getattr(index, "evidence_units", None)
            if units is None:
                units = evidence_units(index.sources)
                index.evidence_units = units
            return units

    def verify(
        self, claim_texts: list[str], index: Any, question: str | None, skip: Sequence[bool] = (), novel: bool = False
    ) -> tuple[np.ndarray, list[str], list[int], list[bool]]:
        """Verifier probabilities and the evidence read, for each claim, the claims left unread,
        and per claim whether it read everything in the sources bearing on it (:meth:`_read_all`,
        of the window whose verdict counts; which override level holds, ``grounding/_override.py``).

        A claim longer than the verifier reads whole (:meth:`ClaimVerifier.claim_windows`, from
        ``max_len`` in ``verifier.json``) is read in overlapping windows, each with its own
        evidence; its verdict is its weakest window's (the lowest supported probability), so a
        false clause at the end of a long sentence is read and counts; a window it doubts is read
        again with one more sentence (:meth:`_read_again`); with ``novel``
        (``GroundingConfig.read_novel_parts``) so is each piece the sources have no words for, on
        its own (:meth:`_reads`). Verdicts are cached by
        (window, evidence), so a retry re-reads only the claims that changed, and a pair repeated
        in one answer is read once. Claims marked in ``skip`` are not read (see ``_SKIPPED``).
        The verifier reads in chunks under the validation's time budget
        (:func:`lexguard._limits.current_deadline`): once it is spent, the claims with a window
        not yet read are returned as unread (their rows hold ``_SKIPPED``) for the caller to report.
        """
        units = self.units_for(index)
        texts = [verifier_claim_text(t, question) for t in claim_texts]
        k = self.verifier.evidence_units
        source_words = getattr(getattr(index, "profile", None), "words", None) if novel else None
        windows = self._reads(texts, units, skip, source_words)
        reads = [[pair for readings in claim for pair in readings] for claim in windows]
        evidence = [pairs[0][1] if pairs else units.text(units.select(t, k))
                    for pairs, t in zip(reads, texts, strict=True)]
        out = np.tile(np.asarray(_SKIPPED, dtype=np.float32), (len(texts), 1))
        known = self._cached(reads)
        fresh = self._predict_in_budget(list(dict.fromkeys(key for pairs in reads for key in pairs
                                                           if key not in known)))
        known.update(fresh)
        held_words = getattr(getattr(index, "profile", None), "words", frozenset())
        again = self._read_again(windows, known, units)
        if again:
            known.update(self._cached([[pair for _, pair in again]]))
            more = self._predict_in_budget(list(dict.fromkeys(pair for _, pair in again if pair not in known)))
            known.update(more)
            fresh.update(more)
            raw = {pair: known[pair] for _, pair in again if pair in known}
            for readings, pair in again:
                if pair not in raw:  # the budget ran out: the window keeps the reading it had
                    readings.remove(pair)
                elif not worth_trusting(pair[0], held_words):  # it counts as far as the first agrees
                    known[pair] = (raw[pair] + known[readings[0]]) / 2
        unread: list[int] = []
        read_all = [True] * len(texts)
        windowed = getattr(self.verifier, "read_windows", None)
        floors: dict[int, float] = {}
        for i, claim in enumerate(windows):
            if not claim:
                continue
            if any(known.get(key) is None for readings in claim for key in readings):
                unread.append(i)  # a window the budget left unread: the claim was not read whole
                continue
            # a window's verdict is its best reading's; the claim's is its weakest window's
            best = [max(readings, key=lambda key: float(known[key][0])) for readings in claim]
            weakest = min(best, key=lambda key: float(known[key][0]))
            out[i] = known[weakest]
            evidence[i] = weakest[1]
            read_all[i] = self._read_all(units, *weakest)
            parts = best[len(windowed(texts[i])) if callable(windowed) else 1 :]  # pieces no source has words for
            floors[i] = min((float(known[key][0]) for key in parts), default=1.0)
        self._remember(fresh)
        not_read = {*unread, *(n for n, s in enumerate(skip) if s)}
        for i, (row, pair) in self._read_statements(texts, out, units, not_read, floors).items():
            out[i], evidence[i], read_all[i] = row, pair[1], self._read_all(units, *pair)
        return out, evidence, unread, read_all

    def _read_statements(
        self, texts: list[str], out: np.ndarray, units: EvidenceUnits, unread: set[int], floors: dict[int, float]
    ) -> dict[int, tuple[np.ndarray, tuple[str, str]]]:
        """The claims the verifier doubts whole (below :data:`READ_AGAIN_BELOW`) that join
        statements (:func:`~lexguard.grounding.claims._conjuncts.conjuncts`) each of which reads
        better alone, each with its weakest statement's reading (a (text, evidence) pair, cached):
        each statement is read with its own evidence, alone and after the claim's opening words,
        and keeps its better reading. A claim the time budget leaves a statement unread keeps its
        whole reading, and so does one with a piece no source has words for read alone below its
        statements (``floors``: per claim, that piece's reading): the piece's doubt stands. Claims in
        ``unread`` (or skipped) are not read."""
        k = self.verifier.evidence_units
        head = getattr(self.verifier, "head", None)
        windowed = getattr(self.verifier, "read_windows", None)
        plans: dict[int, list[list[tuple[str, str]]]] = {}
        for i, text in enumerate(texts):
            if i in unread or float(out[i][0]) >= READ_AGAIN_BELOW:
                continue
            parts = conjuncts(text)
            if callable(windowed) and any(len(windowed(part)) > 1 for part in parts):
                continue  # a statement longer than the verifier reads whole: the claim's windows stand
            opening = head(text) if parts and callable(head) else ""
            plans[i] = [[(reading, units.text(units.select(part, k)))
                         for reading in (part, f"{opening} \u2026 {part}")
                         if reading == part or (opening and not part.startswith(opening)
                                                and not (callable(windowed) and len(windowed(reading)) > 1))]
                        for part in parts]
        known = self.read_pairs([pair for plan in plans.values() for readings in plan for pair in readings])
        chosen: dict[int, tuple[np.ndarray, tuple[str, str]]] = {}
        for i, plan in plans.items():
            if not plan or any(pair not in known for readings in plan for pair in readings):
                continue
            weakest = min((max(readings, key=lambda key: float(known[key][0])) for readings in plan),
                          key=lambda key: float(known[key][0]))
            if float(out[i][0]) < float(known[weakest][0]) <= floors.get(i, 1.0):
                chosen[i] = (known[weakest], weakest)
        return chosen

    def _reads(
        self, texts: list[str], units: Any, skip: Sequence[bool], known: Collection[str] | None = None
    ) -> list[list[list[tuple[str, str]]]]:
        """The windows the verifier reads for each claim, each as its readings' (text, evidence)
        pairs: one window per stretch of a long claim (one otherwise), and one per piece the
        sources have no words for (:func:`~lexguard.grounding.verify._novel_parts.novel_parts`),
        read alone and after the claim's opening words ("… all of which are free to attend");
        none for a claim marked in ``skip``."""
        k = self.verifier.evidence_units
        windowed = getattr(self.verifier, "read_windows", None)
        head = getattr(self.verifier, "head", None)
        reads: list[list[list[tuple[str, str]]]] = []
        for i, text in enumerate(texts):
            if i < len(skip) and skip[i]:
                reads.append([])
                continue
            windows = [[w] for w in (windowed(text) if callable(windowed) else [text])]
            if known is not None and callable(head):
                opening = head(text)
                windows += [[part, f"{opening} \u2026 {part}"] if opening and not text.startswith(part) else [part]
                            for part in novel_parts(text, known)]
            reads.append([[(w, units.text(units.select(w, k))) for w in readings] for readings in windows])
        return reads

    def _read_again(
        self, windows: list[list[list[tuple[str, str]]]], known: dict[tuple[str, str], np.ndarray], units: EvidenceUnits
    ) -> list[tuple[list[tuple[str, str]], tuple[str, str]]]:
        """Give each window the verifier doubts (no reading supported at :data:`READ_AGAIN_BELOW`)
        one more reading, with one more evidence sentence: a claim that joins what three sentences
        say, or leans on a third ("... in 1889" where the year is a sentence away), is read with
        it, and the window keeps its best reading (a claim with a word no source holds, the mean
        of the two where that is better: :func:`worth_trusting`). Returns each new pair with the
        readings it joined (a window the budget left unread gets none: its first reading is
        missing, and it stays unread)."""
        k = self.verifier.evidence_units + 1
        new: list[tuple[list[tuple[str, str]], tuple[str, str]]] = []
        for claim in windows:
            for readings in claim:
                verdicts = [known.get(key) for key in readings]
                if any(v is None for v in verdicts) or max(float(v[0]) for v in verdicts) >= READ_AGAIN_BELOW:
                    continue
                text = readings[0][0]
                pair = (text, units.text(units.select(text, k)))
                if pair not in readings:
                    readings.append(pair)
                    new.append((readings, pair))
        return new

    def read_pairs(self, pairs: Sequence[tuple[str, str]]) -> dict[tuple[str, str], np.ndarray]:
        """The verifier's verdicts of (text, evidence) ``pairs``, cached ones first, the rest read
        under the validation's time budget (those it leaves unread are missing)."""
        known = self._cached([list(pairs)])
        fresh = self._predict_in_budget(list(dict.fromkeys(pair for pair in pairs if pair not in known)))
        self._remember(fresh)
        return known | fresh

    def _cached(self, reads: list[list[tuple[str, str]]]) -> dict[tuple[str, str], np.ndarray]:
        """The cached verdicts of the pairs in ``reads`` (each hit marked recently used)."""
        known: dict[tuple[str, str], np.ndarray] = {}
        with self._lock:
            for key in {key for pairs in reads for key in pairs}:
                hit = self._cache.get(key)
                if hit is not None:
                    self._cache.move_to_end(key)
                    known[key] = hit
        return known

    def _predict_in_budget(self, pending: list[tuple[str, str]]) -> dict[tuple[str, str], np.ndarray]:
        """The verifier's verdicts of ``pending``, read in chunks until the validation's time
        budget is spent (the pairs not reached then are missing from the result)."""
        deadline = current_deadline()
        fresh: dict[tuple[str, str], np.ndarray] = {}
        for first in range(0, len(pending), _CHUNK):
            if deadline is not None and deadline.expired:
                break
            chunk = pending[first : first + _CHUNK]
            fresh.update(zip(chunk, self.verifier.predict(chunk), strict=True))
        return fresh

    def _remember(self, fresh: dict[tuple[str, str], np.ndarray]) -> None:
        """Cache the fresh verdicts, dropping the least recently used beyond ``_CACHE_SIZE``."""
        with self._lock:
            for key, row in fresh.items():
                self._cache[key] = row
            while len(self._cache) > _CACHE_SIZE:
                self._cache.popitem(last=False)

    @property
    def uses_tree(self) -> bool:
        """Whether the stacker also reads the previous default's support probability."""
        return self.stacker.names == STACK_FEATURES_TREE

    def predict(self, features: np.ndarray, verdicts: np.ndarray, tree_support: np.ndarray | None = None) -> np.ndarray:
        """Stacked support probabilities (``tree_support``: the support model's, when :attr:`uses_tree`).

        A claim with no content word in any source is supported at most as far as the verifier
        reads it supported: the stacker's other inputs say nothing of it then, and out of what it
        was fitted on it called a 500-letter nonsense word supported (0.90)."""
        parts = [np.asarray(features, dtype=np.float64), verdicts.astype(np.float64)]
        if self.uses_tree:
            if tree_support is None:
                raise ConfigurationError(
                    "this stacker needs the support model's probabilities (tree_support); pass them, or use a "
                    "stacker trained without --with-tree"
                )
            parts.append(np.asarray(tree_support, dtype=np.float64).reshape(-1, 1))
        support = self.stacker.predict(np.hstack(parts))
        unheard = np.asarray(features, dtype=np.float64)[:, _WORD_COVERAGE] <= 0.0
        return np.where(unheard, np.minimum(support, verdicts[:, 0].astype(np.float64)), support)

