"""A checkpointed guard graph validates each turn of a thread afresh: attempts, retries,
feedback, the previous answer, findings, history and timings belong to one turn."""

from __future__ import annotations

from langgraph.checkpoint.memory import InMemorySaver

from lexguard import GuardConfig, Verdict, build_guard_graph, checkpoint_serializer
from tests.fakes import RecordingGenerator, SubstringChecker

SOURCES = ["The bridge opened in 1932. It is 503 metres long. It carries eight lanes of traffic."]
GOOD = "The bridge opened in 1932. It is 503 metres long."
BAD = "The bridge opened in 1932. It was painted gold in 1990."
WORSE = "The bridge opened in 1932. It was painted pink in 2001."


def checkpointed(generator, **config):
    return build_guard_graph(GuardConfig(max_retries=2, **config), generator=generator.runnable(),
                             checker=SubstringChecker(), checkpointer=InMemorySaver(serde=checkpoint_serializer()))


def test_second_turn_gets_its_full_retries():
    fake = RecordingGenerator([BAD, BAD, BAD, GOOD])  # turn 1: two retries; turn 2: BAD, then GOOD
    app = checkpointed(fake, refusal_message="Sorry.")
    thread = {"configurable": {"thread_id": "t"}}
    first = app.invoke({"answer": BAD, "sources": SOURCES, "question": "Bridge?"}, thread)["report"]
    assert first.verdict == Verdict.FALLBACK and first.attempts == 3  # two retries spent
    second = app.invoke({"answer": WORSE, "sources": SOURCES, "question": "Bridge, again?"}, thread)["report"]
    assert len(fake.inputs) == 2 + 2  # the second turn got both of its retries
    assert second.verdict == Verdict.ACCEPT and second.answer == GOOD
    assert second.attempts == 3 and [h.attempt for h in second.history] == [1, 2, 3]
    assert second.original_answer == WORSE  # this turn's first answer, not the first turn's
    assert all("pink" not in h.answer for h in second.history[1:]) and "pink" in second.history[0].answer
    assert second.question == "Bridge, again?"
    state = app.get_state(thread).values
    assert state["attempt"] == 3 and state["original_answer"] == WORSE


def test_feedback_of_a_new_turn_names_only_its_own_problems():
    fake = RecordingGenerator([GOOD])
    app = checkpointed(fake)
    thread = {"configurable": {"thread_id": "t2"}}
    app.invoke({"answer": BAD, "sources": SOURCES, "question": "Bridge?"}, thread)  # retried once, accepted
    app.invoke({"answer": WORSE, "sources": SOURCES, "question": "Bridge?"}, thread)
    retry_input = fake.inputs[-1][-1].content  # the feedback message of the second turn's retry
    assert "pink" in retry_input and "gold" not in retry_input
    assert "attempt 1" in retry_input  # counted from this turn's start
    timings = app.get_state(thread).values["timings"]
    assert timings["prepare"] < 1.0  # summed over this turn only (not an ever-growing total)


def test_a_turn_that_passes_needs_one_attempt_after_a_failed_turn():
    fake = RecordingGenerator([BAD])
    app = checkpointed(fake, refusal_message="Sorry.")
    thread = {"configurable": {"thread_id": "t3"}}
    assert app.invoke({"answer": BAD, "sources": SOURCES}, thread)["report"].verdict == Verdict.FALLBACK
    report = app.invoke({"answer": GOOD, "sources": SOURCES}, thread)["report"]
    assert report.verdict == Verdict.ACCEPT and report.attempts == 1 and len(report.history) == 1
    assert report.metadata["attempt_returned"] == 1


def _interrupting_graph():
    from langchain_core.runnables import RunnableLambda
    from langgraph.types import interrupt

    def ask(_: object) -> str:
        return interrupt({"q": "regenerate?"})

    async def aask(_: object) -> str:
        return interrupt({"q": "regenerate?"})

    return build_guard_graph(GuardConfig(max_retries=1), generator=RunnableLambda(ask, afunc=aask),
                             checker=SubstringChecker(), checkpointer=InMemorySaver(serde=checkpoint_serializer()))


def test_a_generator_that_interrupts_pauses_the_run_and_resumes_with_the_human_answer():
    from langgraph.types import Command

    app, thread = _interrupting_graph(), {"configurable": {"thread_id": "hitl"}}
    paused = app.invoke({"answer": BAD, "sources": SOURCES}, thread)
    assert "report" not in paused  # no fallback report: the question is put to a human
    assert [i.value for i in paused["__interrupt__"]] == [{"q": "regenerate?"}]
    assert app.get_state(thread).next == ("self_correct",)
    report = app.invoke(Command(resume=GOOD), thread)["report"]
    assert report.verdict == Verdict.ACCEPT and report.answer == GOOD and report.attempts == 2


async def test_async_a_generator_that_interrupts_pauses_the_run():
    from langgraph.types import Command

    app, thread = _interrupting_graph(), {"configurable": {"thread_id": "hitl-async"}}
    paused = await app.ainvoke({"answer": BAD, "sources": SOURCES}, thread)
    assert "report" not in paused and (await app.aget_state(thread)).next == ("self_correct",)
    report = (await app.ainvoke(Command(resume=GOOD), thread))["report"]
    assert report.verdict == Verdict.ACCEPT and report.answer == GOOD


def test_a_check_that_interrupts_pauses_the_run_for_a_human() -> None:
    """A custom check that asks a human (``interrupt()``) ended flagged with "the ask check
    failed: GraphInterrupt" and nothing to resume."""
    from langgraph.types import Command, interrupt

    from lexguard.checks import BaseCheck, CheckResult

    class AskHuman(BaseCheck):
        name = "ask"

        def check(self, answer: str, context: object) -> CheckResult:
            ok = interrupt({"review": answer})
            return self.passed() if ok == "yes" else self.failed([self.finding("a human refused it")])

    app = build_guard_graph(GuardConfig(checks=["parse", AskHuman()], max_retries=0),
                            checkpointer=InMemorySaver(serde=checkpoint_serializer()))
    thread = {"configurable": {"thread_id": "ask"}}
    paused = app.invoke({"answer": GOOD}, thread)  # no sources: no support check is owed (issue 22)
    assert "report" not in paused and [i.value for i in paused["__interrupt__"]] == [{"review": GOOD}]
    report = app.invoke(Command(resume="yes"), thread)["report"]
    assert report.verdict == Verdict.ACCEPT
