"""Guard streaming (sentence by sentence, per-sentence events, halt) and node decision events."""

from __future__ import annotations

import asyncio
from typing import Any

from langchain_core.callbacks import BaseCallbackHandler
from langchain_core.messages import AIMessageChunk
from langchain_core.runnables import RunnableGenerator, RunnableLambda

from lexguard import Guard
from lexguard.gate import GateConfig
from lexguard.integrations import DECISION_EVENT, HALT_EVENT, SENTENCE_EVENT
from tests.fakes import RecordingGenerator, SubstringChecker

SOURCES = ["The bridge opened in 1932. It is 503 metres long. It carries eight lanes of traffic."]
TEXT = "The bridge opened in 1932. It is 503 metres long. It was painted gold in 1990. It carries eight lanes of traffic."
CRITICAL_GOLD = GateConfig(prohibited_patterns=("gold",), prohibited_severity="critical")


class Events(BaseCallbackHandler):
    def __init__(self) -> None:
        self.events: list[tuple[str, Any]] = []

    def on_custom_event(self, name: str, data: Any, **kwargs: Any) -> None:
        self.events.append((name, data))

    def named(self, name: str) -> list[Any]:
        return [data for event, data in self.events if event == name]


def guard(**kwargs: Any) -> Guard:
    return Guard(sources=SOURCES, checker=SubstringChecker(), **kwargs)


def pieces(text: str, size: int = 5) -> list[str]:
    return [text[i : i + size] for i in range(0, len(text), size)]


def test_stream_passes_text_through_sentence_by_sentence_with_events():
    events = Events()
    out = list(guard().transform(iter(pieces(TEXT)), {"callbacks": [events]}))
    assert "".join(out) == TEXT
    assert out[0] == "The bridge opened in 1932. "
    assert len(out) == 4
    verdicts = events.named(SENTENCE_EVENT)
    assert [v["index"] for v in verdicts] == [0, 1, 2, 3]
    assert [v["supported"] for v in verdicts] == [True, True, False, True]
    assert verdicts[2]["text"] == "It was painted gold in 1990."
    assert verdicts[2]["severity"] == "hard"
    assert TEXT[slice(*verdicts[2]["span"])] == verdicts[2]["text"]
    assert not events.named(HALT_EVENT)


def test_critical_finding_halts_with_the_fallback_text():
    events = Events()
    g = guard(gate=CRITICAL_GOLD, refusal_message="Stopped.")
    out = list(g.stream(TEXT, {"callbacks": [events]}))
    assert out == ["The bridge opened in 1932. ", "It is 503 metres long. ", "Stopped."]
    assert [v["halted"] for v in events.named(SENTENCE_EVENT)] == [False, False, True]
    halt = events.named(HALT_EVENT)
    assert len(halt) == 1 and halt[0]["index"] == 2 and halt[0]["fallback"] == "Stopped."


def test_chain_pipe_guard_streams_before_the_upstream_finishes():
    log: list[str] = []

    def upstream(_: Any):
        for piece in pieces(TEXT, 9):
            log.append("in")
            yield AIMessageChunk(content=piece)

    chain = RunnableLambda(lambda x: x) | RunnableGenerator(upstream) | guard(return_type="text")
    for chunk in chain.stream("go"):
        log.append(f"out:{chunk}")
    first_out = next(i for i, entry in enumerate(log) if entry.startswith("out:"))
    assert first_out < len(log) - 1 and log[first_out + 1] == "in"  # output interleaves with input
    assert "".join(e[4:] for e in log if e.startswith("out:")) == TEXT


def test_dict_stream_waits_for_sources_and_messages_come_back_as_chunks():
    def answer(_: Any):
        yield from pieces(TEXT, 7)

    chain = {"answer": RunnableGenerator(answer), "sources": RunnableLambda(lambda _: SOURCES)} | guard(
        return_type="message"
    )
    events = Events()
    out = list(chain.stream("q", {"callbacks": [events]}))
    assert all(isinstance(c, AIMessageChunk) for c in out)
    assert "".join(c.content for c in out) == TEXT
    assert [v["supported"] for v in events.named(SENTENCE_EVENT)] == [True, True, False, True]


def test_without_sources_sentences_are_unchecked_but_pass():
    events = Events()
    out = list(Guard(checker=SubstringChecker()).stream("One thing. Another thing.", {"callbacks": [events]}))
    assert "".join(out) == "One thing. Another thing."
    assert [v["supported"] for v in events.named(SENTENCE_EVENT)] == [None, None]


async def test_astream_events_show_sentence_and_halt_events():
    g = guard(gate=CRITICAL_GOLD)
    names, chunks = [], []
    async for event in g.astream_events(TEXT, version="v2"):
        if event["event"] == "on_custom_event":
            names.append(event["name"])
        elif event["event"] == "on_chain_stream":
            chunks.append(event["data"]["chunk"])
    assert names == [SENTENCE_EVENT] * 3 + [HALT_EVENT, "lexguard.decision"]  # the stream's decision comes last
    assert chunks[-1] == g.config.refusal_message


async def test_concurrent_astreams_in_one_loop_stay_independent():
    g = guard(gate=CRITICAL_GOLD, refusal_message="Stopped.")

    async def run(text: str) -> str:
        async def source():
            for piece in pieces(text, 4):
                await asyncio.sleep(0)
                yield piece

        return "".join([c async for c in g.atransform(source())])

    good = "The bridge opened in 1932. It is 503 metres long."
    results = await asyncio.gather(*(run(good if i % 2 else TEXT) for i in range(6)))
    for i, result in enumerate(results):
        expected = good if i % 2 else "The bridge opened in 1932. It is 503 metres long. Stopped."
        assert result == expected


def test_decide_node_emits_a_decision_event_per_attempt():
    events = Events()
    fake = RecordingGenerator(["The bridge opened in 1932."])
    g = Guard(sources=SOURCES, checker=SubstringChecker(), generator=fake.runnable())
    report = g.invoke("The bridge opened in 1932. It was painted gold in 1990.", {"callbacks": [events]})
    decisions = events.named(DECISION_EVENT)
    assert [d["verdict"] for d in decisions] == ["retry", "accept"]
    assert decisions[0]["findings"]["hard"] == 1
    assert report.accepted


async def test_decision_events_on_the_async_path():
    events = Events()
    await guard(max_retries=0).ainvoke("It was painted gold in 1990.", {"callbacks": [events]})
    assert [d["verdict"] for d in events.named(DECISION_EVENT)] == ["fallback"]


async def test_abatch_and_gather_in_one_loop_keep_inputs_apart():
    g = guard(max_retries=0, repair_without_generator=False)
    inputs = [{"answer": "The bridge opened in 1932.", "sources": SOURCES},
              {"answer": "The bridge opened in 1932.", "sources": ["Something else entirely."]}] * 3
    batched = await g.abatch(inputs)
    gathered = await asyncio.gather(*(g.ainvoke(i) for i in inputs))
    for reports in (batched, gathered):
        assert [r.accepted for r in reports] == [True, False] * 3


def test_streams_write_one_audit_record_each(tmp_path):
    from lexguard.audit import SQLiteAuditStore

    store = SQLiteAuditStore(tmp_path / "audit.db")
    audited = guard(audit=store, return_type="text", gate=CRITICAL_GOLD)
    assert "".join(audited.stream(SOURCES[0])) == SOURCES[0]
    halted = list(audited.stream(TEXT))
    assert halted[-1] == audited.config.refusal_message
    records = store.query()
    assert len(records) == 2
    assert sorted(str(r.status.value).upper() for r in records) == ["PASS", "REJECT"]
