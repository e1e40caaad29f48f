"""Sentence encoders: the bundled offline default, any sentence-transformers model, and caching."""

from lexguard.embeddings._encoder import (
    DEFAULT_MODEL,
    Encoder,
    SentenceTransformerEncoder,
    default_model_path,
    get_encoder,
)

__all__ = [
    "DEFAULT_MODEL",
    "Encoder",
    "SentenceTransformerEncoder",
    "default_model_path",
    "get_encoder",
]
