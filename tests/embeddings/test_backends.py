"""Backend selection (argument, environment, auto) and the warn-and-fall-back path."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np
import pytest

from lexguard import ConfigurationError
from lexguard.embeddings import (
    DEFAULT_MODEL,
    OnnxEncoder,
    SentenceTransformerEncoder,
    clear_encoders,
    get_encoder,
    resolve_backend,
)
from lexguard.embeddings import _onnx, _registry
from lexguard.embeddings._onnx import onnx_incompatibility


@pytest.fixture(autouse=True)
def _isolated_registry(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.delenv("LEXGUARD_ENCODER_BACKEND", raising=False)
    clear_encoders()
    yield
    clear_encoders()


def test_explicit_backends_build_the_matching_encoder() -> None:
    assert isinstance(get_encoder(None, backend="torch"), SentenceTransformerEncoder)
    onnx = get_encoder(None, backend="onnx")
    int8 = get_encoder(None, backend="onnx-int8")
    assert isinstance(onnx, OnnxEncoder) and not onnx.quantize
    assert isinstance(int8, OnnxEncoder) and int8.quantize
    assert int8.backend == "onnx-int8"


def test_get_encoder_none_is_shared_and_named_as_default() -> None:
    first = get_encoder(None)
    assert first is get_encoder()
    assert first is get_encoder(DEFAULT_MODEL)
    assert first.name == DEFAULT_MODEL


def test_environment_variable_selects_backend(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LEXGUARD_ENCODER_BACKEND", "torch")
    assert resolve_backend(None) == "torch"
    assert isinstance(get_encoder(None), SentenceTransformerEncoder)
    assert resolve_backend(None, "ONNX") == "onnx"  # the argument wins, case-insensitive


def test_unknown_backend_is_a_configuration_error(monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(ConfigurationError, match="unknown encoder backend 'tensorrt'"):
        get_encoder(None, backend="tensorrt")
    monkeypatch.setenv("LEXGUARD_ENCODER_BACKEND", "gpu")
    with pytest.raises(ConfigurationError, match="LEXGUARD_ENCODER_BACKEND"):
        resolve_backend(None)


def test_auto_prefers_onnx_for_the_bundled_model_when_onnxruntime_is_installed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    real_find_spec = _registry.importlib.util.find_spec
    monkeypatch.setattr(_registry.importlib.util, "find_spec", lambda name: object())
    assert resolve_backend(None, "auto") == "onnx"
    monkeypatch.setattr(
        _registry.importlib.util,
        "find_spec",
        lambda name: None if name == "onnxruntime" else real_find_spec(name),
    )
    assert resolve_backend(None, "auto") == "torch"


def test_auto_uses_torch_for_hub_names_and_unsupported_pooling(tmp_path: Path) -> None:
    assert resolve_backend("sentence-transformers/all-mpnet-base-v2", "auto") == "torch"
    folder = _fake_model_folder(tmp_path, pooling={"pooling_mode_cls_token": True})
    assert resolve_backend(str(folder), "auto") == "torch"


def _fake_model_folder(tmp_path: Path, *, pooling: dict, tokenizer: bool = True) -> Path:
    folder = tmp_path / "model"
    (folder / "1_Pooling").mkdir(parents=True)
    (folder / "model.safetensors").write_bytes(b"")
    if tokenizer:
        (folder / "tokenizer.json").write_text("{}")
    modules = [
        {"idx": 0, "name": "0", "path": "", "type": "sentence_transformers.models.Transformer"},
        {"idx": 1, "name": "1", "path": "1_Pooling", "type": "sentence_transformers.models.Pooling"},
    ]
    (folder / "modules.json").write_text(json.dumps(modules))
    (folder / "1_Pooling" / "config.json").write_text(json.dumps(pooling))
    return folder


def test_onnx_incompatibility_reasons(tmp_path: Path) -> None:
    from lexguard.embeddings import default_model_path

    assert onnx_incompatibility(default_model_path()) is None
    assert "not a local model folder" in (onnx_incompatibility("no/such/model") or "")
    mean = {"pooling_mode_mean_tokens": True}
    assert onnx_incompatibility(str(_fake_model_folder(tmp_path / "a", pooling=mean))) is None
    no_tok = _fake_model_folder(tmp_path / "b", pooling=mean, tokenizer=False)
    assert "tokenizer.json" in (onnx_incompatibility(str(no_tok)) or "")
    cls = _fake_model_folder(tmp_path / "c", pooling={"pooling_mode_cls_token": True})
    assert "mean pooling" in (onnx_incompatibility(str(cls)) or "")


class _FakeTorchEncoder:
    """Stands in for the torch backend so fallback tests need no model."""

    backend = "torch"
    dimension = 3

    def __init__(self, model: str | None = None, **_: object) -> None:
        self.model = model

    def _embed(self, texts: list[str]) -> np.ndarray:
        return np.tile(np.array([1.0, 0.0, 0.0], dtype=np.float32), (len(texts), 1))


def test_onnx_runtime_missing_warns_and_falls_back_to_torch(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_onnx, "SentenceTransformerEncoder", _FakeTorchEncoder)
    monkeypatch.setitem(sys.modules, "onnxruntime", None)  # makes `import onnxruntime` fail
    encoder = OnnxEncoder(None)
    with pytest.warns(RuntimeWarning, match="falling back to the torch backend"):
        vectors = encoder.encode(["a claim", "a source"])
    assert encoder.backend == "torch"
    assert vectors.shape == (2, 3)


def test_failed_export_warns_and_falls_back(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_onnx, "SentenceTransformerEncoder", _FakeTorchEncoder)
    folder = _fake_model_folder(tmp_path, pooling={"pooling_mode_cls_token": True})
    encoder = OnnxEncoder(str(folder))
    with pytest.warns(RuntimeWarning, match="only mean pooling"):
        assert encoder.load() == "torch"
    assert encoder.dimension == 3


def test_the_support_check_embeds_with_int8_unless_told_otherwise(monkeypatch: pytest.MonkeyPatch) -> None:
    """The support check's encoder is int8 ONNX where ``auto`` would pick ONNX (same detection,
    2.5x faster: docs/speed.md); a backend named in its settings or in the environment wins, and a
    model ONNX cannot run stays on torch."""
    from lexguard.embeddings._registry import support_backend
    from lexguard.grounding import GroundingConfig, SupportChecker

    assert support_backend(None) == "onnx-int8"
    assert support_backend(None, "onnx") == "onnx"
    assert support_backend("sentence-transformers/all-mpnet-base-v2") == "torch"
    monkeypatch.setenv("LEXGUARD_ENCODER_BACKEND", "onnx")
    assert support_backend(None) == "onnx"
    monkeypatch.delenv("LEXGUARD_ENCODER_BACKEND")
    assert SupportChecker().encoder.backend == "onnx-int8"
    assert SupportChecker(GroundingConfig(embedding_backend="onnx")).encoder.backend == "onnx"
