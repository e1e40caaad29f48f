"""Keep the exported names honest, and ``import lexguard`` light."""

from __future__ import annotations

import subprocess
import sys

import lexguard


def test_every_exported_name_resolves():
    for name in lexguard.__all__:
        assert getattr(lexguard, name) is not None, name


def test_lazy_map_and_all_agree():
    eager = {"BudgetExceededError", "ConfigurationError", "GeneratorError", "InputError", "LexguardError", "LexguardWarning",
             "ModelLoadError", "ParseError", "RuleTimeoutError", "ValidationFailedError"}
    assert set(lexguard.__all__) == set(lexguard._LAZY) | eager


def test_unknown_attribute_raises_attribute_error():
    try:
        lexguard.does_not_exist  # noqa: B018
    except AttributeError as exc:
        assert "does_not_exist" in str(exc)
    else:  # pragma: no cover
        raise AssertionError("expected AttributeError")


def test_import_does_not_load_heavy_libraries():
    code = (
        "import sys, lexguard; heavy = [m for m in ('torch', 'sentence_transformers', 'langgraph', "
        "'langchain_core', 'faiss') if m in sys.modules]; print(','.join(heavy))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


def test_errors_share_one_base():
    for name in ("ConfigurationError", "InputError", "ModelLoadError", "GeneratorError", "ParseError",
                 "RuleTimeoutError", "ValidationFailedError"):
        assert issubclass(getattr(lexguard, name), lexguard.LexguardError)


def test_every_public_package_exports_what_it_lists():
    import importlib

    packages = ["lexguard", "lexguard.checks", "lexguard.integrations", "lexguard.nodes", "lexguard.render",
                "lexguard.gate", "lexguard.grounding", "lexguard.knowledge", "lexguard.citations", "lexguard.parsing",
                "lexguard.audit", "lexguard.testing"]
    for name in packages:
        module = importlib.import_module(name)
        exported = getattr(module, "__all__", None)
        assert exported, f"{name} has no __all__"
        assert len(set(exported)) == len(exported), f"{name}.__all__ lists a name twice"
        for attr in exported:
            assert not attr.startswith("_"), f"{name}.__all__ exports private {attr}"
            assert getattr(module, attr, None) is not None, f"{name}.{attr} is listed but not importable"
