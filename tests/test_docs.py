"""The Python snippets of ARCHITECTURE.md run as written."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def python_blocks(path: Path) -> list[str]:
    return re.findall(r"```python\n(.*?)```", path.read_text(encoding="utf-8"), flags=re.S)


def test_architecture_snippets_run():
    blocks = python_blocks(ROOT / "ARCHITECTURE.md")
    assert blocks
    for block in blocks:
        namespace: dict = {}
        exec(compile(block, "ARCHITECTURE.md", "exec"), namespace)  # noqa: S102 - our own documentation
        guard = namespace["guard"]
        assert [c.name for c in guard.checks()][-1] == "max_words"
        result = namespace["MaxWords"](limit=2).check("one two three", None)
        assert result.outcome == "failed" and result.findings[0].kind == "max_words"
