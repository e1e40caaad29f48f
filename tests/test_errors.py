"""Every error lexguard raises is a ``LexguardError`` (a subclass may also be a ``ValueError`` /
``TypeError`` / ``TimeoutError`` for callers that catch those), with a message that says what to
do next. Every ``raise`` of the package is read with ``ast``; the few others are listed below
with the reason they stay."""

from __future__ import annotations

import ast
import builtins
import importlib
import inspect
from pathlib import Path

import pytest

import lexguard
from lexguard import ConfigurationError, Guard, GuardConfig, InputError, LexguardError

ROOT = Path(lexguard.__file__).parent

# (module, exception) -> why it is not a LexguardError
ALLOWED: dict[tuple[str, str], str] = {
    ("*", "NotImplementedError"): "abstract methods: a subclass must implement them",
    ("lexguard._lazy", "AttributeError"): "module __getattr__ protocol (hasattr, getattr with a default)",
    ("lexguard.cli.*", "Exit"): "typer's exit with a status code, after the message is printed",
    ("lexguard.cli.*", "BadParameter"): "typer's bad option value: printed as a usage error, exit status 2",
    ("lexguard.cli._audit", "_fail"): "prints the message and returns typer's Exit (status code)",
    ("lexguard.checks._registry", "ImportError"): "caught by _factory and raised as ConfigurationError",
    ("lexguard.citations._files", "UnreadableFile"): "internal signal: caught, the citation is rejected",
    ("lexguard._files", "error"): "the LexguardError subclass the caller passes (typed type[LexguardError])",
    ("lexguard.audit._fallback", "OSError"): "internal signal (EFBIG): caught, the next part or place is tried",
    ("lexguard.grounding.verify._judge", "_CheckFailed"): "internal signal: caught, the judge check is inconclusive",
    ("lexguard.grounding.verify._judge", "TimeoutError"): "internal signal: caught in the same loop",
    ("lexguard.integrations._mcp", "_tool_error_class()"): "MCP's ToolError: its text reaches the client",
    ("lexguard.integrations._mcp", "ValueError"): "a pydantic validator of a tool's arguments (unknown "
                                                  "arguments): pydantic makes it the tool error the client reads",
}


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _allowed(module: str, name: str) -> bool:
    for (where, exc), _reason in ALLOWED.items():
        if exc == name and (where in ("*", module) or (where.endswith(".*") and module.startswith(where[:-1]))):
            return True
    return False


def _raised_names(tree: ast.AST) -> list[tuple[int, ast.expr, set[str]]]:
    """``(line, raised expression, local names of the enclosing function)`` of every ``raise X``."""
    found: list[tuple[int, ast.expr, set[str]]] = []

    def visit(node: ast.AST, local: set[str]) -> None:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            args = node.args
            local = local | {a.arg for a in [*args.args, *args.kwonlyargs, *args.posonlyargs]}
            local |= {n.id for n in ast.walk(node) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)}
            local |= {h.name for h in ast.walk(node) if isinstance(h, ast.ExceptHandler) and h.name}
        if isinstance(node, ast.Raise) and node.exc is not None:
            found.append((node.lineno, node.exc, local))
        for child in ast.iter_child_nodes(node):
            visit(child, local)

    visit(tree, set())
    return found


def _exception_of(expr: ast.expr, module: object, local: set[str]) -> tuple[str, object] | None:
    """The name and the class (or factory) a ``raise`` expression names; ``None`` for a re-raise
    of a caught or stored exception (``raise exc``, ``raise self.error``)."""
    target = expr.func if isinstance(expr, ast.Call) else expr
    if isinstance(target, ast.Name):
        if target.id in local and not isinstance(expr, ast.Call):
            return None
        # names imported inside a function are looked up among the package's public errors
        return target.id, (getattr(module, target.id, None) or getattr(builtins, target.id, None)
                           or getattr(lexguard, target.id, None))
    if isinstance(target, ast.Attribute):
        if not isinstance(expr, ast.Call):
            return None  # raise self.error
        base = target.value
        owner = getattr(module, base.id, None) if isinstance(base, ast.Name) else None
        return target.attr, getattr(owner, target.attr, None) if owner is not None else None
    if isinstance(target, ast.Call):
        return ast.unparse(target), None
    return None


def _is_lexguard_error(obj: object) -> bool:
    if inspect.isclass(obj):
        return issubclass(obj, LexguardError)
    if inspect.isfunction(obj):  # a factory: its return annotation names the error
        hint = obj.__annotations__.get("return")
        hint = eval(hint, obj.__globals__) if isinstance(hint, str) else hint  # noqa: S307 - our own code
        return inspect.isclass(hint) and issubclass(hint, LexguardError)
    return False


def test_every_raise_in_the_package_is_a_lexguard_error():
    wrong = []
    for path in sorted(ROOT.rglob("*.py")):
        name = _module_name(path)
        try:  # __main__ runs the CLI when imported: read its names only
            module = None if name.endswith("__main__") else importlib.import_module(name)
        except ImportError:  # an optional dependency is missing: read the names only
            module = None
        for line, expr, local in _raised_names(ast.parse(path.read_text(encoding="utf-8"))):
            found = _exception_of(expr, module, local)
            if found is None:
                continue
            exc_name, obj = found
            if _allowed(name, exc_name) or _is_lexguard_error(obj):
                continue
            wrong.append(f"{path.relative_to(ROOT.parent)}:{line}: raise {exc_name}")
    assert not wrong, "raise a LexguardError subclass (or allow-list it with a reason):\n" + "\n".join(wrong)


def _calls():
    from lexguard.audit._hook import resolve_audit_store
    from lexguard.embeddings._cache import EmbeddingCache
    from lexguard.gate import build_feedback
    from lexguard.grounding.reflect._confidence import recommendation
    from lexguard.grounding.evidence._provenance import format_citations

    return [
        (lambda: resolve_audit_store(3.5), InputError, TypeError),
        (lambda: build_feedback([object()]), InputError, TypeError),
        (lambda: EmbeddingCache(max_size=-1), ConfigurationError, ValueError),
        (lambda: format_citations([], style="html"), ConfigurationError, ValueError),
        (lambda: recommendation(1.5), ConfigurationError, ValueError),
    ]


def test_former_plain_errors_are_lexguard_errors_and_still_compatible():
    """These raised TypeError / ValueError; they raise a LexguardError that still is one."""
    for call, error, compatible in _calls():
        with pytest.raises(error) as caught:
            call()
        assert isinstance(caught.value, LexguardError) and isinstance(caught.value, compatible)
        assert ";" in str(caught.value)  # the second half says what to do next


def test_a_missing_optional_dependency_names_what_to_install():
    from lexguard import MissingDependencyError
    from lexguard._optional import require

    with pytest.raises(MissingDependencyError, match="pip install no-such-package") as info:
        require("json", "no_such_package_xyz", hint="this feature needs no-such-package: pip install no-such-package")
    assert isinstance(info.value, ImportError) and isinstance(info.value, ConfigurationError)
    assert require("json", hint="")[0].__name__ == "json"


@pytest.mark.parametrize("make", [lambda: Guard(confidence_threshold=1.5), lambda: GuardConfig(confidence_threshold=1.5)])
def test_an_out_of_range_setting_is_one_clean_message(make):
    with pytest.raises(ConfigurationError) as info:
        make()
    assert str(info.value) == ("GuardConfig.confidence_threshold: Input should be less than or equal to 1 (got 1.5). "
                               "Fix the setting and try again.")


def test_a_nan_threshold_is_refused_as_not_finite():
    with pytest.raises(ConfigurationError, match="finite"):
        GuardConfig(confidence_threshold=float("nan"))


# -- a nested setting given at the top level points to its section ----------------------------------


@pytest.mark.parametrize(("key", "value", "hint"), [
    ("time_budget_s", 0.1, "did you mean limits.time_budget_s=0.1 (GuardConfig(limits={'time_budget_s': 0.1}))"),
    ("support_threshold", 0.5,
     "did you mean grounding.support_threshold=0.5 (GuardConfig(grounding={'support_threshold': 0.5}))"),
    ("support_treshold", 0.5, "did you mean grounding.support_threshold"),
])
def test_guard_config_names_the_section_of_a_nested_setting(key, value, hint):
    with pytest.raises(ConfigurationError) as info:
        GuardConfig(**{key: value})
    assert hint in str(info.value)


def test_a_plain_misspelling_keeps_its_top_level_hint():
    with pytest.raises(ConfigurationError, match="did you mean 'confidence_threshold'") as info:
        GuardConfig(confidence_treshold=0.9)
    assert "grounding." not in str(info.value)


def test_unknown_key_hint_helper():
    from lexguard._config import unknown_key_hint

    assert unknown_key_hint("time_budget_s", owner="Guard", value=0.1) == (
        "did you mean limits.time_budget_s=0.1 (Guard(limits={'time_budget_s': 0.1}))? (also: knowledge.time_budget_s)")
    assert unknown_key_hint("support_threshold", owner="Guard") == (
        "did you mean grounding.support_threshold=... (Guard(grounding={'support_threshold': ...}))?")
    assert unknown_key_hint("max_retrys", owner="Guard") == "did you mean 'max_retries'?"
    assert unknown_key_hint("zzz", owner="Guard") is None


def test_the_environment_names_the_section_of_a_nested_setting(monkeypatch):
    monkeypatch.setenv("LEXGUARD_SUPPORT_THRESHOLD", "0.5")
    with pytest.raises(ConfigurationError, match="LEXGUARD_GROUNDING__SUPPORT_THRESHOLD"):
        GuardConfig()


def test_guard_names_the_section_of_a_nested_setting():
    with pytest.raises(ConfigurationError, match=r"did you mean limits\.time_budget_s=0\.1"):
        Guard(time_budget_s=0.1)


@pytest.mark.parametrize(
    "make",
    [
        lambda: GuardConfig(grounding={"verifier_override": True}),
        lambda: Guard(grounding={"verifier_override": False}),
        lambda: GuardConfig(confidence_threshold=True),
        lambda: GuardConfig(limits={"time_budget_s": True}),
    ],
)
def test_a_number_setting_refuses_true_and_false(make):
    """``verifier_override=True`` was read as 1.0: the override switched off where "on" was meant."""
    with pytest.raises(ConfigurationError, match="takes a number, not (True|False)"):
        make()


def test_a_section_built_alone_says_what_was_meant():
    from lexguard._limits import LimitsConfig
    from lexguard.grounding import GroundingConfig

    with pytest.raises(ConfigurationError, match="did you mean 'verifier_override'"):
        GroundingConfig(verifer_override=0.8)
    with pytest.raises(ConfigurationError, match="LimitsConfig.time_budget_s: Input should be greater than 0"):
        LimitsConfig(time_budget_s=-1)
    assert GroundingConfig(verifier_override=0.8).verifier_override == 0.8
    assert GroundingConfig(enabled=False).enabled is False  # a switch still takes True / False
