"""Layers without back-edges: a module never imports a module of a higher layer, function-level
and ``TYPE_CHECKING`` imports included (every module of the package is parsed with ``ast``).

Layers, lowest first (see ARCHITECTURE.md):

0. values: errors, value objects, input coercion, text normalisation, size limits and the time
   budget, events, renderers of value objects;
1. engines: the packages that do the checking work (parsing, gate, grounding, knowledge,
   citations, embeddings); they know values only;
2. config: ``GuardConfig`` (it bundles the engines' settings);
3. checks: the check protocol and the built-in adapters;
4. policy: check results -> decision and report;
5. audit: audit records and stores (the guard writes them);
6. graph: state, nodes, the graph builder;
7. runnable: ``Guard`` and streaming;
8. edge: adapters (agent middleware, MCP), CLI, eval, bulk validation, deployment helpers,
   testing helpers, the package root.
"""

from __future__ import annotations

import ast
from pathlib import Path

import lexguard

LAYERS: list[tuple[str, tuple[str, ...]]] = [
    ("values", ("lexguard._errors", "lexguard._config_errors", "lexguard._value", "lexguard._lazy", "lexguard._optional", "lexguard._source", "lexguard._enums", "lexguard._models", "lexguard._inputs",
                "lexguard._events", "lexguard._text", "lexguard._limits", "lexguard._files", "lexguard.render")),
    ("engines", ("lexguard.embeddings", "lexguard.parsing", "lexguard.gate", "lexguard.grounding",
                 "lexguard.knowledge", "lexguard.citations")),
    ("config", ("lexguard._config",)),
    ("checks", ("lexguard.checks",)),
    ("policy", ("lexguard._policy", "lexguard._policy_report", "lexguard._coverage")),
    ("audit", ("lexguard.audit",)),
    ("graph", ("lexguard._state", "lexguard.nodes", "lexguard._graph", "lexguard._checkpoint", "lexguard._wiring")),
    ("runnable", ("lexguard._guard", "lexguard._guard_run", "lexguard._wrap", "lexguard._streaming", "lexguard._sentence_buffer")),
    ("edge", ("lexguard.integrations", "lexguard.cli", "lexguard.eval", "lexguard.bulk", "lexguard.deploy",
              "lexguard.testing", "lexguard")),
]

ROOT = Path(lexguard.__file__).parent


def layer_of(module: str) -> int:
    best, rank = -1, -1
    for index, (_, prefixes) in enumerate(LAYERS):
        for prefix in prefixes:
            if (module == prefix or module.startswith(prefix + ".")) and len(prefix) > best:
                best, rank = len(prefix), index
    return rank


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports_of(path: Path, module: str) -> list[tuple[int, str]]:
    found = []
    package = module if path.name == "__init__.py" else module.rsplit(".", 1)[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            target = node.module or ""
            if node.level:
                base = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                target = ".".join([*base, target] if target else base)
            found.append((node.lineno, target))
            found += [(node.lineno, f"{target}.{alias.name}") for alias in node.names
                      if layer_of(f"{target}.{alias.name}") != layer_of(target)]
    return [(line, name) for line, name in found if name == "lexguard" or name.startswith("lexguard.")]


def test_every_module_has_a_layer():
    """Every module is named by a prefix of its own (the bare root ``lexguard`` only places itself:
    a new module must be given its layer on purpose, not fall into ``edge`` by default)."""
    prefixes = [prefix for _, names in LAYERS for prefix in names if prefix != "lexguard"]
    unplaced = [name for name in map(module_name, ROOT.rglob("*.py"))
                if name != "lexguard" and not any(name == p or name.startswith(p + ".") for p in prefixes)]
    assert unplaced == []


def test_no_module_imports_a_higher_layer():
    back_edges = []
    for path in sorted(ROOT.rglob("*.py")):
        module = module_name(path)
        if module == "lexguard":  # the root's lazy map names every public module
            continue
        mine = layer_of(module)
        for line, target in imports_of(path, module):
            if target == "lexguard":
                target_layer = LAYERS.index(LAYERS[-1])
            else:
                target_layer = layer_of(target)
            if target_layer > mine:
                back_edges.append(f"{module}:{line} ({LAYERS[mine][0]}) imports {target} ({LAYERS[target_layer][0]})")
    assert back_edges == []


def test_integrations_holds_adapters_only():
    names = sorted(p.name for p in (ROOT / "integrations").glob("*.py"))
    assert names == ["__init__.py", "_mcp.py", "_middleware.py"]


def test_no_module_over_about_400_lines():
    long = {
        str(path.relative_to(ROOT.parent)): lines
        for path in ROOT.rglob("*.py")
        if (lines := len(path.read_text(encoding="utf-8").splitlines())) > 400
    }
    assert long == {}


def import_graph() -> dict[str, set[str]]:
    """Module -> the package modules it imports (function-level and ``TYPE_CHECKING`` imports
    included; ``from package import module`` is an edge to the module, not to the package)."""
    modules = {module_name(path): path for path in ROOT.rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for module, path in modules.items():
        package = module if path.name == "__init__.py" else module.rsplit(".", 1)[0]
        targets: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parts = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                    base = ".".join([*parts, base] if base else parts)
                names = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else base for alias in node.names]
            else:
                continue
            for name in names:
                while name and name not in modules:
                    name = name.rpartition(".")[0]
                if name and name != module:
                    targets.add(name)
        graph[module] = targets
    return graph


def strongly_connected(graph: dict[str, set[str]]) -> list[list[str]]:
    """Tarjan's strongly connected components with more than one module (the import cycles)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in graph.get(node, ()):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_no_import_cycles():
    """No two modules import each other, directly or around a circle, not even inside a function
    or under ``TYPE_CHECKING`` (the guard, its wrapper and its streamer; the report and its HTML
    view; the confidence and the judge models each were such a circle)."""
    assert strongly_connected(import_graph()) == []


def test_the_cycle_finder_finds_a_cycle():
    assert strongly_connected({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


GROUNDING_STAGES = [
    ("values", ("lexguard.grounding._result", "lexguard.grounding._threshold")),
    ("claims and signals", ("lexguard.grounding.claims", "lexguard.grounding.signals")),
    ("evidence", ("lexguard.grounding.evidence",)),
    ("verify", ("lexguard.grounding.verify",)),
    ("reflect", ("lexguard.grounding.reflect", "lexguard.grounding._config")),
    ("support check", ("lexguard.grounding._findings", "lexguard.grounding._scoring", "lexguard.grounding._pipeline",
                       "lexguard.grounding._checker", "lexguard.grounding")),
]


def stage_of(module: str) -> int:
    best, rank = -1, -1
    for index, (_, prefixes) in enumerate(GROUNDING_STAGES):
        for prefix in prefixes:
            if (module == prefix or module.startswith(prefix + ".")) and len(prefix) > best:
                best, rank = len(prefix), index
    return rank


def test_grounding_stages_import_downwards_only():
    """Inside the support check a stage imports only earlier stages: claims and signals know
    nothing of evidence, evidence nothing of verification, verification nothing of Self-RAG
    reflection, and no stage imports the checker that drives them."""
    graph = import_graph()
    back_edges = [f"{module} ({GROUNDING_STAGES[stage_of(module)][0]}) imports {target}"
                  for module, targets in graph.items() if module.startswith("lexguard.grounding")
                  for target in targets
                  if target.startswith("lexguard.grounding") and stage_of(target) > stage_of(module)]
    assert back_edges == []
