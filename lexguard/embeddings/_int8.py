"""Int8 ONNX models whose MatMul weights are stored as uint8, so every x86 CPU computes the same integers.

ONNX Runtime's dynamic quantization gives ``MatMulInteger`` nodes uint8 activations and int8
weights. On a CPU with AVX2 but no VNNI (many AMD EPYC and older Intel machines), ONNX Runtime
multiplies such pairs with ``vpmaddubsw``, which adds two uint8 x int8 products into a 16-bit
lane and saturates: on the shipped verifier's weights (per-channel, the full -127..127 range) one
matrix product of this machine was off by up to 38,117 from the exact integers, 2% on average, and
RAGTruth dev balanced accuracy fell from 75.9 to 75.1 (2026-11-29). With VNNI the products are
exact, so the verifier's figures depended on the CPU that ran it.

:func:`as_uint8_weights` writes each int8 weight ``w`` as the uint8 ``w + 128`` with a zero point
of 128 (``w`` again, exactly, once the zero point is taken off): a uint8 x uint8 product, which
ONNX Runtime computes without saturation on every CPU, gives the very integers VNNI gave before.
Nothing else of the model changes. The encoder's int8 copy (:mod:`lexguard.embeddings._onnx`) and
the verifier's export (``scripts/train_verifier.py``) are written so; ``scripts/int8_exact.py``
rewrites a model quantized before.
"""

from __future__ import annotations

from pathlib import Path

__all__ = ["as_uint8_weights", "quantize_int8"]

_SHIFT = 128


def quantize_int8(source: Path, target: Path) -> None:
    """Write ``source`` with its MatMul weights quantized per channel (ONNX Runtime's dynamic
    quantization), stored as uint8 (:func:`as_uint8_weights`).

    Args:
        source: A float32 ONNX model.
        target: Where to write the int8 model.
    """
    from onnxruntime.quantization import QuantType, quantize_dynamic

    quantize_dynamic(str(source), str(target), op_types_to_quantize=["MatMul"], weight_type=QuantType.QInt8,
                     per_channel=True)
    as_uint8_weights(target, target)


def as_uint8_weights(source: Path, target: Path) -> int:
    """Write ``source`` to ``target`` with every ``MatMulInteger``'s int8 weight as uint8 + 128.

    Args:
        source: An ONNX model quantized by ``onnxruntime.quantization.quantize_dynamic``.
        target: Where to write the rewritten model (may be ``source``).

    Returns:
        The number of weights rewritten (0 when the model has none left in int8).
    """
    import numpy as np
    import onnx
    from onnx import numpy_helper

    model = onnx.load(str(source))
    initializers = {t.name: t for t in model.graph.initializer}
    done: set[str] = set()
    rewritten = 0
    for node in model.graph.node:
        if node.op_type != "MatMulInteger" or len(node.input) < 4:
            continue
        weight, zero = initializers.get(node.input[1]), initializers.get(node.input[3])
        if weight is None or zero is None or weight.name in done:
            continue
        w, z = numpy_helper.to_array(weight), numpy_helper.to_array(zero)
        if w.dtype != np.int8 or (z.dtype != np.int8 and zero.name not in done):
            continue
        weight.CopyFrom(numpy_helper.from_array((w.astype(np.int16) + _SHIFT).astype(np.uint8), weight.name))
        if zero.name not in done:  # a zero point shared by two weights is shifted once
            zero.CopyFrom(numpy_helper.from_array((z.astype(np.int16) + _SHIFT).astype(np.uint8), zero.name))
        done.update((weight.name, zero.name))
        rewritten += 1
    onnx.save(model, str(target))
    return rewritten
