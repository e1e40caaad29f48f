"""Sentence encoders: the bundled offline default, any sentence-transformers model, and caching.

``get_encoder()`` returns a shared encoder; by default (``backend="auto"``) the bundled
all-MiniLM-L6-v2 runs on ONNX Runtime (exported once to a user cache folder), falling back to
torch / sentence-transformers when onnxruntime is missing or the export fails.
"""

from lexguard.embeddings._cache import CacheInfo, EmbeddingCache
from lexguard.embeddings._encoder import (
    DEFAULT_MODEL,
    CachedEncoder,
    Encoder,
    SentenceTransformerEncoder,
    default_model_path,
)
from lexguard.embeddings._onnx import OnnxEncoder, export_onnx, onnx_cache_dir
from lexguard.embeddings._registry import (
    BACKEND_ENV,
    Backend,
    clear_encoders,
    get_encoder,
    resolve_backend,
)
from lexguard._lazy import publish_all

__all__ = [
    "BACKEND_ENV",
    "DEFAULT_MODEL",
    "Backend",
    "CacheInfo",
    "CachedEncoder",
    "EmbeddingCache",
    "Encoder",
    "OnnxEncoder",
    "SentenceTransformerEncoder",
    "clear_encoders",
    "default_model_path",
    "export_onnx",
    "get_encoder",
    "onnx_cache_dir",
    "resolve_backend",
]

publish_all(__name__, globals())
