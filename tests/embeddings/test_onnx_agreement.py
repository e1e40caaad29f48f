"""The ONNX backend reproduces the torch (sentence-transformers) embeddings of the bundled model.

Exports into a temporary cache folder once per session (~10-20 s on 2 cores, needs torch and
the ``onnx`` package); skipped when onnxruntime or onnx is not installed.
"""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("onnxruntime")
pytest.importorskip("onnx")

from lexguard.embeddings import OnnxEncoder, SentenceTransformerEncoder, export_onnx  # noqa: E402
from lexguard.embeddings import _onnx  # noqa: E402
from lexguard.embeddings._onnx import INT8_FILE  # noqa: E402

pytestmark = pytest.mark.slow

SENTENCES = [
    "Paris is the capital of France.",
    "The company reported revenue of $4.2 billion in 2023, up 12% from the year before.",
    "x",
    "Teresa Giudice and her daughters partnered with the fashion brand Shein.",
    # longer than max_seq_length (256 tokens): checks truncation matches
    "The committee met again on Tuesday to discuss the budget and the new rules. " * 30,
]


@pytest.fixture(scope="module")
def cache_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("lexguard-cache")
    old = os.environ.get("LEXGUARD_CACHE_DIR")
    os.environ["LEXGUARD_CACHE_DIR"] = str(folder)
    yield folder
    if old is None:
        os.environ.pop("LEXGUARD_CACHE_DIR", None)
    else:
        os.environ["LEXGUARD_CACHE_DIR"] = old


@pytest.fixture(scope="module")
def reference() -> np.ndarray:
    return SentenceTransformerEncoder(cache_size=0).encode(SENTENCES)


def test_fp32_onnx_matches_torch(cache_dir: Path, reference: np.ndarray) -> None:
    encoder = OnnxEncoder(cache_size=0, batch_size=2)  # several batches with padding
    with_onnx = encoder.encode(SENTENCES)
    assert encoder.backend == "onnx"
    assert with_onnx.shape == reference.shape == (len(SENTENCES), 384)
    cosine = (with_onnx * reference).sum(axis=1)
    assert cosine.min() >= 0.99999
    assert np.abs(with_onnx - reference).max() < 1e-4
    np.testing.assert_allclose(np.linalg.norm(with_onnx, axis=1), 1.0, atol=1e-5)
    assert list(cache_dir.glob("onnx/*/model.onnx"))


def test_batch_composition_does_not_change_vectors(cache_dir: Path) -> None:
    encoder = OnnxEncoder(cache_size=0)
    together = encoder.encode(SENTENCES)
    alone = np.stack([encoder.encode([s])[0] for s in SENTENCES])
    np.testing.assert_allclose(together, alone, atol=1e-5)


def test_int8_drift_is_bounded(cache_dir: Path, reference: np.ndarray) -> None:
    encoder = OnnxEncoder(quantize=True, cache_size=0)
    quantised = encoder.encode(SENTENCES)
    assert encoder.backend == "onnx-int8"
    cosine = (quantised * reference).sum(axis=1)
    assert cosine.min() >= 0.95  # measured ~0.97-0.99 per sentence; see docs/speed.md
    assert cosine.min() < 0.99999  # really quantised, not the fp32 file


def test_int8_vectors_do_not_depend_on_the_texts_read_beside(cache_dir: Path) -> None:
    """Dynamic int8 quantizes a run's activations with one scale for the whole batch: read in
    batches, a text's vector moved with its batch mates (cosine down to 0.976 on dev sources) and,
    through the text cache, a support verdict with the answers checked before it."""
    encoder = OnnxEncoder(quantize=True, cache_size=0, batch_size=8)
    together = encoder.encode(SENTENCES)
    alone = np.stack([encoder.encode([s])[0] for s in SENTENCES])
    np.testing.assert_array_equal(together, alone)
    mixed = encoder.encode([SENTENCES[1], SENTENCES[0], "A much longer sentence about budgets. " * 6])
    np.testing.assert_array_equal(mixed[1], alone[0])


def test_second_load_reuses_the_cached_export(cache_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    first = export_onnx(OnnxEncoder().model_path)

    def _no_export(*_: object) -> None:
        raise AssertionError("exported again although a cached file exists")

    monkeypatch.setattr(_onnx, "_run_export", _no_export)
    encoder = OnnxEncoder(cache_size=0)
    assert encoder.load() == "onnx"
    assert export_onnx(encoder.model_path) == first


def test_quantising_beside_another_exporter(cache_dir: Path) -> None:
    """Two processes quantising the same cached export at once (workers started together on a
    new machine) must not trip over each other's intermediate files: onnxruntime writes a
    shape-inferred copy beside its input, and one process deleted the other's."""
    fp32 = export_onnx(OnnxEncoder().model_path)
    int8 = fp32.parent / INT8_FILE
    int8.unlink(missing_ok=True)
    # another exporter's intermediate file, where onnxruntime would put this one's
    busy = fp32.parent / "model-inferred.onnx"
    busy.mkdir()
    try:
        assert export_onnx(OnnxEncoder().model_path, quantize=True) == int8
    finally:
        busy.rmdir()
    assert int8.is_file()
    assert not list(fp32.parent.glob("quantize-*")), "the private folder is left behind"
