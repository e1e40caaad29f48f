"""The README: its Python snippets run as written (against the offline fakes of
``tests/snippets.py``), it stays short enough to read top to bottom, and its two set-up commands
are the ones CI runs."""

from __future__ import annotations

import re

import pytest

from tests.snippets import NEEDS_A_LOCAL_MODEL, ROOT, namespace, python_blocks, without_code

README = ROOT / "README.md"
BLOCKS = python_blocks(README)
MAX_LINES = 300


@pytest.mark.slow
@pytest.mark.parametrize("index", range(len(BLOCKS)))
def test_readme_snippet_runs(index, monkeypatch):
    block = BLOCKS[index]
    if NEEDS_A_LOCAL_MODEL in block:
        pytest.skip("needs a local NLI model and a chat model of the reader's")
    monkeypatch.chdir(ROOT)
    exec(compile(block, f"README.md block {index}", "exec"), namespace())  # noqa: S102 - our own documentation


def test_readme_is_short():
    """A newcomer reads it top to bottom; the reference material lives in docs/."""
    lines = README.read_text(encoding="utf-8").splitlines()
    assert len(lines) <= MAX_LINES, f"README.md has {len(lines)} lines; move detail into docs/"


def _setup_commands() -> list[list[str]]:
    """The two commands of the README's set-up block, each split at ``&&``."""
    text = README.read_text(encoding="utf-8")
    section = text.split("## Set-up: two commands", 1)[1]
    block = re.search(r"```bash\n(.*?)```", section, flags=re.S)
    assert block, "the set-up section has no bash block"
    lines = [line for line in block.group(1).splitlines() if line.strip() and not line.lstrip().startswith("#")]
    assert len(lines) == 2, f"the set-up block must hold exactly two commands, found {lines}"
    return [[part.strip() for part in line.split("&&")] for line in lines]


def _ci_commands() -> list[str]:
    text = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    return [line.strip().replace(" --quiet", "") for line in text.splitlines()
            if line.strip() and not line.lstrip().startswith("#")]


def test_readme_setup_is_what_ci_runs():
    """Command 1 installs as ``.ci/run`` does and runs the demo; command 2 is CI's test command."""
    (first, second), ci = _setup_commands(), _ci_commands()
    installs = [c for c in first if c.startswith(("python3 -m venv", "pip install"))]
    assert installs == [c for c in ci if c.startswith(("python3 -m venv", "pip install"))]
    assert first[-1] == "lexguard demo"
    assert second[-1] == ci[-1] == "python -m pytest -q"


def test_readme_names_every_docs_page():
    text = without_code(README.read_text(encoding="utf-8"))
    missing = [p.name for p in sorted((ROOT / "docs").glob("*.md")) if f"](docs/{p.name})" not in text]
    assert missing == []
