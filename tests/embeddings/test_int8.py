"""Int8 models compute the same integers on every x86 CPU: their MatMul weights are stored as uint8.

ONNX Runtime multiplies uint8 activations by int8 weights with ``vpmaddubsw`` on a CPU with AVX2
and no VNNI, which saturates; the verifier's figures moved with the CPU (RAGTruth dev 75.9 on one
machine, 75.1 on another). These tests fail on such a CPU before the rewrite, and pass on any CPU
after it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

np = pytest.importorskip("numpy")
onnx = pytest.importorskip("onnx")
ort = pytest.importorskip("onnxruntime")

from onnx import TensorProto, helper, numpy_helper  # noqa: E402

from lexguard.embeddings._int8 import as_uint8_weights  # noqa: E402
from lexguard.grounding.verify._verifier import VERIFIER_DIR  # noqa: E402


def _one_product(path: Path, weights: np.ndarray) -> None:
    """A model of one ``MatMulInteger`` with int8 weights and a zero point of 0 per column, as
    ``quantize_dynamic`` writes them."""
    k, n = weights.shape
    node = helper.make_node("MatMulInteger", ["x", "w", "x_zero", "w_zero"], ["y"])
    graph = helper.make_graph(
        [node], "one_product",
        [helper.make_tensor_value_info("x", TensorProto.UINT8, [None, k]),
         helper.make_tensor_value_info("x_zero", TensorProto.UINT8, [])],
        [helper.make_tensor_value_info("y", TensorProto.INT32, [None, n])],
        [numpy_helper.from_array(weights, "w"), numpy_helper.from_array(np.zeros(n, dtype=np.int8), "w_zero")],
    )
    onnx.save(helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)]), str(path))


def test_the_rewritten_product_is_exact_on_this_cpu(tmp_path: Path) -> None:
    rng = np.random.default_rng(3)
    weights = rng.integers(-127, 128, size=(384, 96)).astype(np.int8)
    weights[:, 0] = 127  # the extremes, where two products overflow a 16-bit lane
    activations = rng.integers(0, 256, size=(16, 384)).astype(np.uint8)
    activations[0] = 255
    exact = (activations.astype(np.int64) - 128) @ weights.astype(np.int64)
    _one_product(tmp_path / "int8.onnx", weights)
    assert as_uint8_weights(tmp_path / "int8.onnx", tmp_path / "uint8.onnx") == 1
    session = ort.InferenceSession(str(tmp_path / "uint8.onnx"), providers=["CPUExecutionProvider"])
    got = session.run(None, {"x": activations, "x_zero": np.array(128, dtype=np.uint8)})[0]
    assert np.array_equal(got, exact)
    assert as_uint8_weights(tmp_path / "uint8.onnx", tmp_path / "again.onnx") == 0  # nothing left to rewrite


def test_the_shipped_verifier_has_no_int8_weights() -> None:
    model = onnx.load(str(Path(VERIFIER_DIR) / "verifier.onnx"))
    weights = {node.input[1] for node in model.graph.node if node.op_type == "MatMulInteger"}
    kinds = {numpy_helper.to_array(t).dtype.name for t in model.graph.initializer if t.name in weights}
    assert weights and kinds == {"uint8"}
