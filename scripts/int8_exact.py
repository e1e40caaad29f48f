"""Rewrite an int8 ONNX model quantized before so every x86 CPU computes the same integers.

See :mod:`lexguard.embeddings._int8` for why (ONNX Runtime's uint8 x int8 products saturate on a
CPU with AVX2 and no VNNI); the rewritten model gives the exact integers everywhere::

    python scripts/int8_exact.py lexguard/grounding/data/verifier/verifier.onnx
"""

from __future__ import annotations

import argparse
from pathlib import Path

from lexguard.embeddings._int8 import as_uint8_weights


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("model", help="the int8 ONNX model, rewritten in place unless --out is given")
    p.add_argument("--out", default="", help="write the rewritten model here instead")
    args = p.parse_args()
    target = Path(args.out or args.model)
    print(f"{as_uint8_weights(Path(args.model), target)} weights rewritten as uint8 into {target}")


if __name__ == "__main__":
    main()
