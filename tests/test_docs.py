"""The documentation under docs/ and ARCHITECTURE.md: Python snippets run as written, links and
anchors resolve, the files it names exist, and ARCHITECTURE.md's layer table is the one
``tests/test_layering.py`` enforces."""

from __future__ import annotations

import importlib
import re
import warnings
from pathlib import Path

import pytest

from tests.snippets import DOC_PAGES, NEEDS_A_LOCAL_MODEL, ROOT, namespace, python_blocks, without_code
from tests.test_layering import LAYERS

ARCHITECTURE = ROOT / "ARCHITECTURE.md"
PAGES = [ROOT / "README.md", ARCHITECTURE, *DOC_PAGES]
DOC_BLOCKS = [(page, index, block) for page in DOC_PAGES for index, block in enumerate(python_blocks(page))]


def test_architecture_snippets_run():
    blocks = python_blocks(ARCHITECTURE)
    assert blocks
    for block in blocks:
        namespace: dict = {}
        exec(compile(block, "ARCHITECTURE.md", "exec"), namespace)  # noqa: S102 - our own documentation
        guard = namespace["guard"]
        assert [c.name for c in guard.checks()][-1] == "max_words"
        result = namespace["MaxWords"](limit=2).check("one two three", None)
        assert result.outcome == "failed" and result.findings[0].kind == "max_words"


def test_docs_have_snippets():
    """The pages the README's snippets moved to still carry them (an empty glob would pass vacuously)."""
    assert DOC_PAGES and len(DOC_BLOCKS) >= 8


@pytest.mark.slow
@pytest.mark.parametrize(("page", "index", "block"), DOC_BLOCKS,
                         ids=[f"{p.name}-{i}" for p, i, _ in DOC_BLOCKS])
def test_docs_snippet_runs(page, index, block, monkeypatch):
    if NEEDS_A_LOCAL_MODEL in block:
        pytest.skip("needs a local NLI model and a chat model of the reader's")
    monkeypatch.chdir(ROOT)
    exec(compile(block, f"docs/{page.name} block {index}", "exec"), namespace())  # noqa: S102 - our own documentation


# -- links ---------------------------------------------------------------------------------------


def anchor(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, markup and punctuation dropped, spaces -> ``-``."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading).replace("`", "").replace("*", "")
    return re.sub(r"[^\w\- ]", "", text.strip().lower()).replace(" ", "-")


def anchors(page: Path) -> set[str]:
    found: set[str] = set()
    for line in without_code(page.read_text(encoding="utf-8")).splitlines():
        if match := re.match(r"#{1,6} (.+)", line):
            found.add(anchor(match.group(1)))
    return found


def links(page: Path) -> list[str]:
    text = re.sub(r"`[^`\n]*`", "", without_code(page.read_text(encoding="utf-8")))
    return [target for target in re.findall(r"\]\(([^)\s]+)\)", text) if "://" not in target]


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_links_resolve(page):
    broken = []
    for target in links(page):
        path, _, fragment = target.partition("#")
        file = (page.parent / path).resolve() if path else page
        if not file.exists():
            broken.append(f"{target}: no file {file.relative_to(ROOT) if file.is_relative_to(ROOT) else file}")
        elif fragment and file.suffix == ".md" and fragment not in anchors(file):
            broken.append(f"{target}: no heading #{fragment} in {file.relative_to(ROOT)}")
    assert broken == []


# -- files named in the text ---------------------------------------------------------------------

_PATH = re.compile(r"`([A-Za-z_.][\w.\-]*(?:/[\w.\-]+)+/?)`")


def named_paths(page: Path) -> list[str]:
    """Repository paths the page names in backticks (``lexguard/_policy.py``, ``grounding/_claims.py``,
    ``tests/fakes.py``): those whose first folder is a folder of the repository or of the package."""
    roots = {p.name for base in (ROOT, ROOT / "lexguard") for p in base.iterdir() if p.is_dir()}
    return [path for path in _PATH.findall(without_code(page.read_text(encoding="utf-8")))
            if path.split("/", 1)[0] in roots]


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_named_files_exist(page):
    """A module path in the docs goes stale when a module moves; this says which."""
    missing = [path for path in named_paths(page)
               if not any((base / path).exists() for base in (ROOT, ROOT / "lexguard"))]
    assert missing == []


# -- ARCHITECTURE.md's layer table ------------------------------------------------------------------


def test_architecture_layer_table_matches_the_layering_test():
    rows = {}
    for line in ARCHITECTURE.read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) >= 3 and cells[0] in {name for name, _ in LAYERS}:
            rows[cells[0]] = {m.rstrip("/") for m in re.findall(r"`([^`]+)`", cells[1])}
    expected = {name: {m.removeprefix("lexguard.") for m in modules if m != "lexguard"} for name, modules in LAYERS}
    assert rows == expected


# -- public names named in the text ----------------------------------------------------------------


def named_names(page: Path) -> list[str]:
    """Dotted names the page gives in backticks as a whole (``lexguard.gate.load_rules``), except
    the custom-event names (``lexguard.decision``), which are strings."""
    from lexguard._events import DECISION_EVENT, HALT_EVENT, MIDDLEWARE_EVENT, SENTENCE_EVENT

    events = {DECISION_EVENT, HALT_EVENT, MIDDLEWARE_EVENT, SENTENCE_EVENT}
    found = re.findall(r"`(lexguard(?:\.\w+)+)`", without_code(page.read_text(encoding="utf-8")))
    return [name for name in found if name not in events]


def resolves(name: str) -> bool:
    parts = name.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            obj = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        for part in parts[cut:]:
            if not hasattr(obj, part):
                return False
            obj = getattr(obj, part)
        return True
    return False


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_named_public_names_exist(page):
    """A name the docs present as importable is importable (a renamed or trimmed name is caught)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)  # a documented alias still resolves
        missing = [name for name in named_names(page) if not resolves(name)]
    assert missing == []
