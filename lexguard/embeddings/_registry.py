"""Process-wide encoder registry and backend selection (``auto``, ``torch``, ``onnx``, ``onnx-int8``)."""

from __future__ import annotations

import importlib.util
import os
import threading
from typing import Literal, get_args

from lexguard._errors import ConfigurationError
from lexguard.embeddings._encoder import (
    CachedEncoder,
    SentenceTransformerEncoder,
    resolve_model_path,
)

__all__ = ["BACKEND_ENV", "Backend", "clear_encoders", "get_encoder", "resolve_backend", "support_backend"]

Backend = Literal["auto", "torch", "onnx", "onnx-int8"]
"""Encoder backends; ``auto`` picks ONNX fp32 when onnxruntime is installed and the model fits."""

BACKEND_ENV = "LEXGUARD_ENCODER_BACKEND"
"""Environment variable read when no backend is passed."""

_ENCODERS: dict[tuple[str, str], CachedEncoder] = {}
_ENCODERS_LOCK = threading.Lock()


def resolve_backend(model: str | None = None, backend: str | None = None) -> str:
    """The concrete backend ``get_encoder(model, backend)`` would build.

    ``auto`` (the default) means ``onnx`` when ``onnxruntime`` is importable and the model is a
    local mean-pooling sentence-transformers folder (the bundled default is), else ``torch``:
    on the 2-core reference machine ONNX fp32 is ~1.5-2.5x faster than torch with embeddings
    equal to cosine >= 0.99999. ``onnx-int8`` is opt-in because it drifts (see docs/speed.md, "Encoder backends").

    Raises:
        ConfigurationError: If ``backend`` (or ``LEXGUARD_ENCODER_BACKEND``) is not a known name.
    """
    chosen = (backend or os.environ.get(BACKEND_ENV) or "auto").strip().lower()
    if chosen not in get_args(Backend):
        raise ConfigurationError(
            f"unknown encoder backend {chosen!r}; use one of {', '.join(get_args(Backend))} "
            f"(argument backend= or {BACKEND_ENV})"
        )
    if chosen != "auto":
        return chosen
    if importlib.util.find_spec("onnxruntime") is None:
        return "torch"
    from lexguard.embeddings._onnx import onnx_incompatibility

    _, path = resolve_model_path(model)
    return "torch" if onnx_incompatibility(path) else "onnx"


def support_backend(model: str | None = None, backend: str | None = None) -> str:
    """The backend the support check embeds with: ``backend`` when given, else
    ``LEXGUARD_ENCODER_BACKEND`` when set, else ``onnx-int8`` where ``auto`` would pick ONNX.

    The support check reads each claim against a few source chunks by cosine: the int8 encoder
    (cosine to fp32 >= 0.985) gave the same detection on RAGTruth dev and the probe suite as fp32
    (within 0.5 points, docs/speed.md) at 2.5x its speed, so it is the support check's default;
    ``auto`` elsewhere stays fp32.

    Raises:
        ConfigurationError: If the backend name is unknown.
    """
    if backend or os.environ.get(BACKEND_ENV):
        return resolve_backend(model, backend)
    concrete = resolve_backend(model, "auto")
    return "onnx-int8" if concrete == "onnx" else concrete


def get_encoder(model: str | None = None, backend: str | None = None) -> CachedEncoder:
    """Return a process-wide shared encoder for ``model`` (loaded on first use).

    Args:
        model: A sentence-transformers name or path; ``None`` selects the bundled default.
        backend: ``auto`` | ``torch`` | ``onnx`` | ``onnx-int8``; ``None`` reads
            ``LEXGUARD_ENCODER_BACKEND`` (default ``auto``). An ONNX backend that cannot load
            (onnxruntime missing, export failed) warns and falls back to torch.

    Raises:
        ConfigurationError: If the backend name is unknown.
    """
    concrete = resolve_backend(model, backend)
    name, _ = resolve_model_path(model)
    key = (name, concrete)
    with _ENCODERS_LOCK:
        encoder = _ENCODERS.get(key)
        if encoder is None:
            if concrete == "torch":
                encoder = SentenceTransformerEncoder(model)
            else:
                from lexguard.embeddings._onnx import OnnxEncoder

                encoder = OnnxEncoder(model, quantize=concrete == "onnx-int8")
            _ENCODERS[key] = encoder
        return encoder


def clear_encoders() -> None:
    """Forget the shared encoders (their models are freed once nothing else holds them)."""
    with _ENCODERS_LOCK:
        _ENCODERS.clear()
