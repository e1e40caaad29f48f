"""Routes of the guard graph: accept, self-correct then accept, fallback, critical -> fallback."""

from __future__ import annotations

import pytest
from langchain_core.messages import AIMessage

from lexguard import GuardConfig, Status, ValidationFailedError, Verdict, build_guard_graph
from lexguard.gate import GateConfig
from tests.fakes import RecordingGenerator, SubstringChecker

SOURCES = ["The bridge opened in 1932. It is 503 metres long. It carries eight lanes of traffic."]
GOOD = "The bridge opened in 1932. It is 503 metres long."
BAD = "The bridge opened in 1932. It was painted gold in 1990."


def graph(generator=None, checker=None, **config):
    return build_guard_graph(GuardConfig(**config), generator=generator, checker=checker or SubstringChecker())


def test_accept_route():
    out = graph().invoke({"answer": GOOD, "sources": SOURCES, "question": "Tell me about the bridge."})
    report = out["report"]
    assert report.verdict == Verdict.ACCEPT
    assert report.status == Status.VALID
    assert report.attempts == 1
    assert report.answer == GOOD
    assert [c.supported for c in report.claims] == [True, True]
    assert report.citations and report.citations[0].source_id == "source-0"
    assert set(report.timings) >= {"prepare", "parse", "rules", "support", "knowledge", "citations", "decide"}


def test_self_correct_then_accept_feeds_back_the_problem():
    fake = RecordingGenerator([GOOD])
    out = graph(generator=fake.runnable()).invoke({"answer": BAD, "sources": SOURCES, "question": "Bridge?"})
    report = out["report"]
    assert report.verdict == Verdict.ACCEPT
    assert report.attempts == 2
    assert report.answer == GOOD
    assert report.original_answer == BAD
    assert report.corrected_text == GOOD
    assert [h.decision.split(":")[0] for h in report.history] == ["retry", "accept"]
    feedback = fake.inputs[0][-1].content
    assert "It was painted gold in 1990" in feedback
    assert "unsupported" in feedback


def test_fallback_after_max_retries():
    fake = RecordingGenerator([BAD])
    out = graph(generator=fake.runnable(), max_retries=2, refusal_message="Sorry.").invoke(
        {"answer": BAD, "sources": SOURCES}
    )
    report = out["report"]
    assert report.verdict == Verdict.FALLBACK
    assert report.status == Status.INVALID
    assert report.answer == "Sorry."
    assert report.attempts == 3
    assert len(fake.inputs) == 2
    assert "after 2 retries" in (report.reason or "")
    assert "repeated failure" in fake.inputs[1][-1].content  # feedback escalates


def test_critical_finding_goes_to_fallback_without_retry():
    fake = RecordingGenerator([GOOD])
    gate = GateConfig(prohibited_patterns=("1932",), prohibited_severity="critical")
    out = graph(generator=fake.runnable(), gate=gate).invoke({"answer": GOOD, "sources": SOURCES})
    report = out["report"]
    assert report.verdict == Verdict.FALLBACK
    assert report.attempts == 1
    assert fake.inputs == []
    assert any(f.severity == "critical" for f in report.findings)


def test_best_attempt_fallback_returns_most_confident_answer_flagged():
    fake = RecordingGenerator(["Totally invented. Also invented."])
    out = graph(generator=fake.runnable(), max_retries=1, fallback="best_attempt").invoke(
        {"answer": BAD, "sources": SOURCES}
    )
    report = out["report"]
    assert report.verdict == Verdict.FALLBACK
    assert report.answer == BAD  # confidence 0.5 beats 0.0
    assert report.status == Status.INVALID
    assert report.findings


def test_raise_fallback_raises_with_report():
    with pytest.raises(ValidationFailedError) as info:
        graph(max_retries=0, fallback="raise").invoke({"answer": BAD, "sources": SOURCES})
    assert info.value.report.verdict == Verdict.FALLBACK


def test_repair_without_generator_drops_unsupported_sentence():
    report = graph().invoke({"answer": BAD, "sources": SOURCES})["report"]
    assert report.verdict == Verdict.ACCEPT
    assert report.answer == "The bridge opened in 1932."
    assert report.corrected_text == "The bridge opened in 1932."
    assert report.attempts == 2


def test_generator_that_raises_gives_a_fallback_report():
    fake = RecordingGenerator([RuntimeError("model is down")])
    report = graph(generator=fake.runnable()).invoke({"answer": BAD, "sources": SOURCES})["report"]
    assert report.verdict == Verdict.FALLBACK
    assert any(f.kind == "generator_error" and "model is down" in f.message for f in report.findings)


@pytest.mark.parametrize("answer", ["", "   \n "])
def test_empty_answer_is_reported_not_raised(answer):
    report = graph(max_retries=0).invoke({"answer": answer, "sources": SOURCES})["report"]
    assert report.verdict == Verdict.FALLBACK
    assert report.findings[0].kind == "empty_output"


def test_no_sources_is_inconclusive_and_flagged_never_accepted():
    report = graph().invoke({"answer": GOOD, "sources": []})["report"]
    assert report.status == Status.INCONCLUSIVE
    assert report.verdict == Verdict.FLAG and not report.accepted
    assert report.answer == GOOD  # handed on, unverified
    assert report.confidence <= 0.35  # never 1.0 without a checked claim
    assert "no sources" in (report.reason or "")


def test_no_sources_fallback_when_configured():
    report = graph(on_inconclusive="fallback").invoke({"answer": GOOD})["report"]
    assert report.verdict == Verdict.FALLBACK
    assert report.status == Status.INCONCLUSIVE


@pytest.mark.parametrize("answer", [123, None, {"no": "answer"}])
def test_non_string_answer_in_graph_is_inconclusive(answer):
    report = graph().invoke({"answer": answer, "sources": SOURCES})["report"]
    assert report.status == Status.INCONCLUSIVE
    assert report.verdict == Verdict.FALLBACK


def test_bad_sources_in_graph_are_inconclusive():
    report = graph().invoke({"answer": GOOD, "sources": [object()]})["report"]
    assert report.status == Status.INCONCLUSIVE
    assert "source 0" in (report.reason or "")


def test_failing_check_is_inconclusive_and_never_accepted():
    checker = SubstringChecker(error=RuntimeError("index exploded"))
    report = graph(checker=checker).invoke({"answer": GOOD, "sources": SOURCES})["report"]
    assert report.verdict == Verdict.FLAG and not report.accepted
    assert report.status == Status.INCONCLUSIVE
    assert "index exploded" in (report.reason or "")
    assert report.history and "support check failed" in report.history[-1].decision
    assert report.confidence < 0.7
    refused = graph(checker=checker, on_inconclusive="fallback").invoke({"answer": GOOD, "sources": SOURCES})["report"]
    assert refused.verdict == Verdict.FALLBACK and refused.answer != GOOD


def test_crashing_node_is_caught_by_error_handler(monkeypatch):
    from lexguard.nodes._decide import DecideNode

    def boom(self, state):
        raise RuntimeError("policy exploded")

    monkeypatch.setattr(DecideNode, "_decide", boom)
    report = graph().invoke({"answer": GOOD, "sources": SOURCES})["report"]
    assert report.verdict == Verdict.FALLBACK
    assert report.status == Status.INCONCLUSIVE
    assert "policy exploded" in (report.reason or "")
    assert report.history and "decide failed" in report.history[-1].decision


def test_truncated_message_is_flagged_to_parser():
    cut = "The bridge opened in 1932. It is 503 metres long and the"
    message = AIMessage(content=cut, response_metadata={"finish_reason": "length"})
    report = graph().invoke({"answer": message, "sources": SOURCES})["report"]
    assert report.history[0].answer == "The bridge opened in 1932."  # trimmed to the last full sentence
    assert report.verdict == Verdict.ACCEPT
    untruncated = AIMessage(content=cut, response_metadata={"finish_reason": "stop"})
    assert graph().invoke({"answer": untruncated, "sources": SOURCES})["report"].history[0].answer == cut


async def test_async_graph_routes_like_sync():
    fake = RecordingGenerator([GOOD])
    out = await graph(generator=fake.runnable()).ainvoke({"answer": BAD, "sources": SOURCES})
    assert out["report"].verdict == Verdict.ACCEPT
    assert out["report"].attempts == 2


def test_rule_feedback_escalates_and_never_prohibits_source_text():
    fake = RecordingGenerator(["The bridge opened in 1932. It is secret."])
    gate = GateConfig(prohibited_patterns=("secret",))
    out = graph(generator=fake.runnable(), gate=gate, max_retries=2).invoke(
        {"answer": "The bridge opened in 1932. It is secret.", "sources": SOURCES}
    )
    assert out["report"].verdict == Verdict.FALLBACK
    first, second = (inputs[-1].content for inputs in fake.inputs)
    assert "secret" in first and "Do NOT write" not in first
    assert "Do NOT write" in second and '"secret"' in second
    assert "The bridge opened in 1932. It is 503 metres long." not in second


def test_mutation_outcome_lands_in_report_metadata():
    from lexguard.gate import CanonicalFact

    gate = GateConfig(canonical_facts=(CanonicalFact(id="bridge-year", fact="The bridge opened in 1932"),))
    mutations = [
        {"type": "append_episodic", "target": "memory-1", "value": "saw the bridge"},
        {"type": "transform_belief", "target": "bridge-year", "value": "opened in 1990"},
    ]
    report = graph(gate=gate).invoke({"answer": GOOD, "sources": SOURCES, "mutations": mutations})["report"]
    assert report.verdict == Verdict.FALLBACK
    # a refused answer changes nothing: the gate's approved mutation is listed as not applied
    assert report.metadata["mutations"]["approved"] == []
    assert [m["target"] for m in report.metadata["mutations"]["not_applied"]] == ["memory-1"]
    assert [m["target"] for m in report.metadata["mutations"]["rejected"]] == ["bridge-year"]


@pytest.mark.parametrize("state", [{"answer": "x", "sources": 5}, {"answer": GOOD, "sources": SOURCES, "question": 5}])
def test_odd_state_values_never_crash_the_graph(state):
    report = graph().invoke(state)["report"]
    assert report.question is None


def test_inconclusive_check_follows_on_inconclusive_without_retrying():
    from lexguard.grounding import SupportResult

    class Failing(SubstringChecker):
        def check(self, answer, sources, question=None):
            self.calls += 1
            return SupportResult(confidence=0.0, inconclusive_reason="embedding model failed")

    fake = RecordingGenerator([GOOD])
    report = graph(generator=fake.runnable(), checker=Failing()).invoke({"answer": GOOD, "sources": SOURCES})["report"]
    assert report.verdict == Verdict.FLAG and report.status == Status.INCONCLUSIVE
    assert fake.inputs == []
    assert "embedding model failed" in report.reason
    refused = graph(checker=Failing(), on_inconclusive="fallback").invoke({"answer": GOOD, "sources": SOURCES})
    assert refused["report"].verdict == Verdict.FALLBACK
    assert "embedding model failed" in refused["report"].reason


def test_best_attempt_prefers_fewer_hard_findings_over_confidence():
    from lexguard._models import AttemptRecord, Finding
    from lexguard.nodes import best_attempt as _best_attempt

    hard = Finding(kind="unsupported", severity="hard", message="m")
    risky = AttemptRecord(attempt=1, answer="a", confidence=0.71, findings=(hard,))
    clean = AttemptRecord(attempt=2, answer="b", confidence=0.69)
    assert _best_attempt([risky, clean]) is clean


def test_fallback_reason_keeps_the_decision_when_repair_is_impossible():
    report = graph(repair_without_generator=False).invoke({"answer": BAD, "sources": SOURCES})["report"]
    assert report.reason.startswith("hard findings")
    assert "repair_without_generator=False" in report.reason


def test_input_schema_works_on_python_311():
    schema = build_guard_graph(GuardConfig(), checker=SubstringChecker()).get_input_jsonschema()
    assert {"answer", "sources", "question"} <= set(schema["properties"])


def test_decision_events_reach_stream_mode_custom():
    chunks = list(graph().stream({"answer": GOOD, "sources": SOURCES}, stream_mode="custom"))
    assert [c["event"] for c in chunks] == ["lexguard.decision"]
    assert chunks[0]["data"]["verdict"] == "accept"


@pytest.mark.slow
def test_reports_round_trip_checkpoints_strict_and_without_warnings(tmp_path):
    import os
    import subprocess
    import sys

    script = tmp_path / "ckpt.py"
    script.write_text(
        "import warnings\n"
        "from langgraph.checkpoint.memory import InMemorySaver\n"
        "from lexguard import GuardConfig, Status, build_guard_graph, checkpoint_serializer\n"
        "from tests.fakes import SubstringChecker\n"
        "g = build_guard_graph(GuardConfig(max_retries=0), checker=SubstringChecker(),\n"
        "                      checkpointer=InMemorySaver(serde=checkpoint_serializer()))\n"
        "cfg = {'configurable': {'thread_id': '1'}}\n"
        "g.invoke({'answer': 'The bridge opened in 1932. It is long.', 'sources': ['The bridge opened in 1932.']}, cfg)\n"
        "report = g.get_state(cfg).values['report']\n"
        "assert report.status == Status.INVALID and report.checks[0].check == 'parse', report\n"
        "print('ok')\n"
    )
    for strict in ("true", "false"):
        env = {**os.environ, "LANGGRAPH_STRICT_MSGPACK": strict, "PYTHONPATH": os.getcwd()}
        done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, env=env, timeout=300)
        assert done.returncode == 0, done.stderr
        assert "unregistered type" not in done.stderr


def test_one_run_per_node_and_no_router_runs():
    from langchain_core.callbacks import BaseCallbackHandler

    names = []

    class Names(BaseCallbackHandler):
        def on_chain_start(self, serialized, inputs, **kwargs):
            names.append(kwargs.get("name"))

    graph().invoke({"answer": GOOD, "sources": SOURCES}, {"callbacks": [Names()]})
    assert names == ["lexguard", "prepare", "parse", "rules", "support", "knowledge", "citations", "decide", "finalize"]
