"""Importing lexguard (and getting the default encoder) loads no heavy library."""

from __future__ import annotations

import json
import subprocess
import sys

HEAVY = ["torch", "sentence_transformers", "transformers", "onnxruntime", "faiss", "sklearn"]


def test_import_lexguard_does_not_import_heavy_libraries() -> None:
    code = (
        "import json, sys\n"
        "import lexguard, lexguard.embeddings\n"
        "from lexguard.embeddings import get_encoder\n"
        "get_encoder(None)\n"  # selecting the encoder must not load it either
        f"print(json.dumps([m for m in {HEAVY!r} if m in sys.modules]))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout.strip().splitlines()[-1]) == []
