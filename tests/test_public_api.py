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
             "MissingDependencyError", "ModelLoadError", "ParseError", "RuleTimeoutError", "ValidationFailedError"}
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
    for name in ("ConfigurationError", "InputError", "MissingDependencyError", "ModelLoadError", "GeneratorError", "ParseError",
                 "RuleTimeoutError", "ValidationFailedError"):
        assert issubclass(getattr(lexguard, name), lexguard.LexguardError)


PUBLIC_PACKAGES = ["lexguard", "lexguard.checks", "lexguard.integrations", "lexguard.nodes", "lexguard.render",
                   "lexguard.gate", "lexguard.grounding", "lexguard.knowledge", "lexguard.citations",
                   "lexguard.parsing", "lexguard.audit", "lexguard.testing", "lexguard.eval", "lexguard.bulk",
                   "lexguard.embeddings", "lexguard.deploy", "lexguard.cli"]


def test_every_public_package_exports_what_it_lists():
    import importlib

    for name in PUBLIC_PACKAGES:
        module = importlib.import_module(name)
        exported = getattr(module, "__all__", None)
        assert exported, f"{name} has no __all__"
        assert len(set(exported)) == len(exported), f"{name}.__all__ lists a name twice"
        for attr in exported:
            assert not attr.startswith("_"), f"{name}.__all__ exports private {attr}"
            assert getattr(module, attr, None) is not None, f"{name}.{attr} is listed but not importable"


def test_public_classes_and_functions_report_their_public_module():
    """httpx-style: ``lexguard.Guard.__module__ == "lexguard"``, ``lexguard.audit.AuditRecord``'s is
    ``lexguard.audit``: a public module that really exports the object under its own name."""
    import importlib
    import inspect

    from lexguard._lazy import is_private

    wrong = []
    for package in PUBLIC_PACKAGES:
        module = importlib.import_module(package)
        for attr in module.__all__:
            obj = getattr(module, attr)
            if not (inspect.isclass(obj) or inspect.isfunction(obj)):
                continue
            home = obj.__module__
            if is_private(home) or getattr(importlib.import_module(home), obj.__name__, None) is not obj:
                wrong.append(f"{package}.{attr}: __module__ {home!r}")
    assert not wrong, wrong
    assert lexguard.Guard.__module__ == "lexguard"
    assert lexguard.GroundingMiddleware.__module__ == "lexguard"
    assert lexguard.ConfigurationError.__module__ == "lexguard"


def test_private_import_paths_give_the_same_public_objects():
    from lexguard._enums import Severity
    from lexguard._models import ValidationReport

    assert ValidationReport is lexguard.ValidationReport and ValidationReport.__module__ == "lexguard"
    assert Severity is lexguard.Severity and Severity.__module__ == "lexguard"


def test_public_types_pickle_under_their_public_name():
    import pickle

    report = lexguard.ValidationReport(
        status="invalid", verdict="fallback", confidence=0.1, answer="no",
        findings=(lexguard.Finding(kind="unsupported", message="m", severity="hard"),),
    )
    data = pickle.dumps(report)
    assert b"lexguard._models" not in data
    assert pickle.loads(data) == report
    error = pickle.loads(pickle.dumps(lexguard.ConfigurationError("set x")))
    assert type(error) is lexguard.ConfigurationError


def test_checkpoints_round_trip_under_the_public_module_paths():
    """Reports checkpoint under ``lexguard.<Name>`` (knowledge under ``lexguard.knowledge``) and
    load with no "unregistered type" warning, the verifier statuses and the knowledge context
    included (both were allow-listed only under their old private module paths)."""
    import warnings

    from lexguard.knowledge import Entity, KnowledgeContext

    report = lexguard.ValidationReport(
        status="valid", verdict="accept", confidence=0.9, answer="a",
        findings=(lexguard.Finding(kind="x", message="m", severity="soft"),),
        claims=(lexguard.Claim(index=0, text="a", span=(0, 1), supported=True),),
        verifiers=(lexguard.VerifierStatus(name="nli", status="ok", checks=1),),
    )
    knowledge = KnowledgeContext(entities=(Entity(id="e", name="E", type="t"),))
    serde = lexguard.checkpoint_serializer()
    typed = serde.dumps_typed({"report": report, "knowledge": knowledge})
    assert b"lexguard._models" not in typed[1]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert serde.loads_typed(typed) == {"report": report, "knowledge": knowledge}


def test_one_public_name_means_one_thing():
    """``check_knowledge``, ``GateResult``, ``normalize_whitespace``, ``validate_batch`` and
    ``build_feedback`` each had two meanings in two packages; a public name now names one object
    wherever it is exported."""
    import importlib

    seen: dict[str, tuple[str, object]] = {}
    clashes = []
    for package in PUBLIC_PACKAGES:
        module = importlib.import_module(package)
        for attr in module.__all__:
            obj = getattr(module, attr)
            if isinstance(obj, str | int | float | tuple | frozenset):
                continue
            first = seen.setdefault(attr, (package, obj))
            if first[1] is not obj:
                clashes.append(f"{attr}: {first[0]} and {package}")
    assert not clashes, clashes
    from lexguard.gate import _gates

    assert not hasattr(_gates, "check_knowledge") and hasattr(_gates, "check_forbidden_topics")


def test_no_deprecated_names():
    """0.1.0 was never released: no old name is served beside the new one."""
    import pytest

    import lexguard.citations as citations

    for module, old in ((citations, "GateResult"), (citations, "normalize_whitespace"), (citations, "validate_batch"),
                        (lexguard, "guard_graph_builder")):
        with pytest.raises(AttributeError):
            getattr(module, old)
    assert not hasattr(lexguard.Guard, "support_checker")


def test_the_support_check_exports_what_a_user_needs_only():
    """``lexguard.grounding`` exports the checker, its settings and result, the judge and NLI
    verifiers and their settings, and the few helpers the README uses; the stage modules
    (``claims/``, ``signals/``, ``evidence/``, ``verify/``, ``reflect/``) are private."""
    import lexguard.grounding as grounding

    assert sorted(grounding.__all__) == [
        "Calibration", "ConfidenceWeights", "GroundingConfig", "JudgeAssessment", "JudgeConfig", "LLMClaimExtractor",
        "NLIVerifier", "Recommendation", "SelfRAGJudge", "SupportChecker", "SupportResult", "assess_offline",
        "extract_claims", "format_citations",
    ]
    assert not hasattr(grounding, "split_sentences") and not hasattr(grounding, "decide")
