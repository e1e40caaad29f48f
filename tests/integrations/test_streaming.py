"""Guard streaming (sentence by sentence, per-sentence events, halt) and node decision events."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from langchain_core.callbacks import BaseCallbackHandler
from langchain_core.messages import AIMessageChunk
from langchain_core.runnables import RunnableGenerator, RunnableLambda

from lexguard import Guard, InputError, ValidationReport
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
    """A guard that passes flagged sentences on (``halt_on="critical"``), unless told otherwise."""
    kwargs.setdefault("halt_on", "critical")
    return Guard(sources=SOURCES, checker=SubstringChecker(), **kwargs)


def pieces(text: str, size: int = 5) -> list[str]:
    return [text[i : i + size] for i in range(0, len(text), size)]


def test_stream_passes_text_through_sentence_by_sentence_with_events():
    events = Events()
    out = list(guard(return_type="text").transform(iter(pieces(TEXT)), {"callbacks": [events]}))
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
    g = guard(gate=CRITICAL_GOLD, refusal_message="Stopped.", return_type="text")
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
    out = list(Guard(checker=SubstringChecker(), return_type="text").stream("One thing. Another thing.",
                                                                            {"callbacks": [events]}))
    assert "".join(out) == "One thing. Another thing."
    assert [v["supported"] for v in events.named(SENTENCE_EVENT)] == [None, None]


async def test_astream_events_show_sentence_and_halt_events():
    g = guard(gate=CRITICAL_GOLD, return_type="text")
    names, chunks = [], []
    async for event in g.astream_events(TEXT, version="v2"):
        if event["event"] == "on_custom_event":
            names.append(event["name"])
        elif event["event"] == "on_chain_stream":
            chunks.append(event["data"]["chunk"])
    assert names == [SENTENCE_EVENT] * 3 + [HALT_EVENT, "lexguard.decision"]  # the stream's decision comes last
    assert chunks[-1] == g.config.refusal_message


async def test_concurrent_astreams_in_one_loop_stay_independent():
    g = guard(gate=CRITICAL_GOLD, refusal_message="Stopped.", return_type="text")

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


def test_report_streams_run_the_real_graph_and_yield_the_report():
    fake = RecordingGenerator(["The bridge opened in 1932."])
    g = Guard(sources=SOURCES, checker=SubstringChecker(), generator=fake.runnable())
    events = Events()
    out = list(g.stream("The bridge opened in 1932. It was painted gold in 1990.", {"callbacks": [events]}))
    assert len(out) == 1 and isinstance(out[0], ValidationReport)  # the streamed type matches return_type
    assert out[0].accepted and out[0].attempts == 2 and out[0].answer == "The bridge opened in 1932."
    assert [d["verdict"] for d in events.named(DECISION_EVENT)] == ["retry", "accept"]


async def test_astream_events_of_chain_pipe_guard_run_the_graph():
    async def answer(chunks: Any):
        async for _ in chunks:
            pass
        for piece in pieces("The bridge opened in 1932. It was painted gold in 1990.", 7):
            yield piece

    chain = {"answer": RunnableGenerator(answer), "sources": RunnableLambda(lambda _: SOURCES)} | guard()
    names, outputs = [], []
    async for event in chain.astream_events("q", version="v2"):
        if event["event"] == "on_custom_event":
            names.append(event["name"])
        elif event["event"] == "on_chain_end" and event["name"] == "Guard":
            outputs.append(event["data"]["output"])
    assert names == [DECISION_EVENT, DECISION_EVENT]  # retry (repair), then accept
    assert outputs[-1].answer == "The bridge opened in 1932."
    chunks = [c async for c in chain.astream("q")]
    assert len(chunks) == 1 and chunks[0].accepted


# -- every byte handed on is checked; the stream's decision is the one invoke gives -------------

GOOD = "The bridge opened in 1932. It is 503 metres long."
FENCED_FALSE = "The bridge opened in 1932.\n```\nIt was painted gold in 1990.\n```\nIt is 503 metres long."
FENCED_CODE = "The bridge opened in 1932.\n```\nlength = 503 * 2\n```\n"
HEADING_FALSE = "The bridge opened in 1932.\n## It was painted gold in 1990.\nIt is 503 metres long."
LEADING_FENCE = "```\nIt was painted gold in 1990.\n```\nThe bridge opened in 1932. It is 503 metres long."


def _streamed(g: Guard, text: str, size: int = 5) -> tuple[str, list[Any], Events]:
    events = Events()
    out = list(g.transform(iter(pieces(text, size)), {"callbacks": [events]}))
    texts = [c.content if isinstance(c, AIMessageChunk) else c for c in out]
    return "".join(texts), out, events


def test_fenced_text_is_checked_before_it_is_passed_on():
    for text in (FENCED_FALSE, LEADING_FENCE):
        joined, _, events = _streamed(guard(return_type="text", halt_on="hard", refusal_message="Stopped."), text)
        assert "gold" not in joined and joined.endswith("Stopped.")
        assert events.named(HALT_EVENT)


def test_a_heading_line_is_checked_before_it_is_passed_on():
    joined, _, events = _streamed(guard(return_type="message", halt_on="hard", refusal_message="Stopped."), HEADING_FALSE)
    assert joined == "The bridge opened in 1932.\nStopped."
    assert events.named(DECISION_EVENT)[-1]["verdict"] == "fallback"


def test_every_streamed_byte_is_inside_a_checked_sentence():
    for text in (FENCED_FALSE, FENCED_CODE, HEADING_FALSE, LEADING_FENCE, TEXT, "  \n" + GOOD + "\n\n"):
        joined, _, events = _streamed(guard(return_type="text"), text, 3)
        assert joined == text
        covered = set()
        for verdict in events.named(SENTENCE_EVENT):
            covered |= set(range(*verdict["span"]))
        assert all(i in covered or text[i].isspace() for i in range(len(text))), text


@pytest.mark.parametrize("text", [GOOD, FENCED_FALSE, FENCED_CODE, HEADING_FALSE, LEADING_FENCE, TEXT])
@pytest.mark.parametrize("return_type", ["text", "message"])
def test_the_stream_decision_is_the_invoke_decision(text: str, return_type: str):
    g = guard(return_type=return_type, max_retries=0)
    invoked = guard(max_retries=0).invoke(text)
    _, _, events = _streamed(g, text)
    decision = events.named(DECISION_EVENT)[-1]
    assert (decision["verdict"] == "accept") == invoked.accepted, (decision, invoked.reason)
    if not invoked.accepted:
        assert decision["verdict"] == "flag"


async def test_astream_events_decision_covers_fenced_code():
    g = guard(return_type="text")
    decisions = []
    async for event in g.astream_events(FENCED_CODE, version="v2"):
        if event["event"] == "on_custom_event" and event["name"] == DECISION_EVENT:
            decisions.append(event["data"])
    assert decisions and decisions[-1]["verdict"] == "flag"


@pytest.mark.slow
def test_real_checker_stream_matches_invoke_on_fenced_false_text():
    sources = ["The Eiffel Tower is 330 metres tall. It was completed in 1889 in Paris."]
    text = "The Eiffel Tower is 330 metres tall.\n```\nIt was completed in 1650 in Berlin by aliens.\n```\n"
    events = Events()
    out = list(Guard(sources=sources, return_type="text", audit=False, halt_on="critical").stream(
        text, {"callbacks": [events]}))
    assert "".join(out) == text
    assert events.named(DECISION_EVENT)[-1]["verdict"] == "flag"
    assert not Guard(audit=False, max_retries=0).invoke({"answer": text, "sources": sources}).accepted


def test_units_keep_markup_with_the_sentence_it_belongs_to():
    from lexguard._sentence_buffer import SentenceBuffer

    text = "**It is long.** It opened.\n\n## Gold\n```\nx = 1\n```\nIt carries traffic.\n| a | b |\n| c | d |\n"
    buffer = SentenceBuffer()
    units = [u for piece in pieces(text, 4) for u in buffer.feed(piece)] + buffer.flush()
    assert [text[s:e] for s, e, _ in units] == [
        "**It is long.**", "It opened.", "## Gold", "```\nx = 1\n```\nIt carries traffic.", "| a | b |", "| c | d |"]
    ends = [0] + [p for _, _, p in units]
    assert "".join(text[a:b] for a, b in zip(ends, ends[1:])) == text


# -- the stream reads knowledge, citations and mutations as invoke does --------------------------

SERVICE = "Service X runs version 3."
SERVICE_SOURCES = [{"id": "ops", "content": "Service X runs version 3. It depends on Database Z."}]
VERSION_2 = {"entities": [{"id": "svc-x", "name": "Service X", "properties": {"version": 2}}]}
VERSION_3 = {"entities": [{"id": "svc-x", "name": "Service X", "properties": {"version": 3}}]}
GOOD_QUOTE = {"source": "ops", "quote": "Service X runs version 3"}
BAD_QUOTE = {"source": "ops", "quote": "Service X was retired in 2020"}
CHANGE = {"type": "transform_belief", "target": "svc-x", "value": "retired"}


def _decision(g: Guard, value: Any) -> tuple[str, dict[str, Any]]:
    events = Events()
    out = list(g.stream(value, {"callbacks": [events]}))
    texts = [c.content if isinstance(c, AIMessageChunk) else c for c in out]
    return "".join(texts), events.named(DECISION_EVENT)[-1]


def _door(**kwargs: Any) -> Guard:
    kwargs.setdefault("halt_on", "critical")
    return Guard(checker=SubstringChecker(), audit=False, max_retries=0, **kwargs)


@pytest.mark.parametrize("extra, accepted", [
    ({"knowledge": VERSION_2}, False),
    ({"knowledge": VERSION_3}, True),
    ({"citations": BAD_QUOTE}, False),
    ({"citations": [GOOD_QUOTE]}, True),
    ({"mutations": CHANGE, "_protect": True}, False),
    ({"mutations": [CHANGE]}, True),
    ({"knowledge": VERSION_3, "citations": [BAD_QUOTE, GOOD_QUOTE]}, False),
])
@pytest.mark.parametrize("return_type", ["text", "message"])
def test_the_stream_decision_reads_knowledge_citations_and_mutations(extra, accepted, return_type):
    settings = {"gate": {"protected_targets": ["svc-x"]}} if "_protect" in extra else {}
    value = {"answer": SERVICE, "sources": SERVICE_SOURCES, **{k: v for k, v in extra.items() if k != "_protect"}}
    invoked = _door(**settings).invoke(value)
    assert invoked.accepted == accepted, invoked.reason
    door = _door(return_type=return_type, **settings)
    joined, decision = _decision(door, value)
    if "_protect" in extra:  # a critical finding of the whole answer: the held last sentence never passes
        assert joined == door.config.refusal_message and decision["verdict"] == "fallback", decision
        return
    assert joined == SERVICE
    assert decision["verdict"] == ("accept" if accepted else "flag"), decision


async def test_the_async_stream_reads_the_knowledge_graph():
    g = _door(return_type="text")
    decisions = []
    value = {"answer": SERVICE, "sources": SERVICE_SOURCES, "knowledge": VERSION_2}
    async for event in g.astream_events(value, version="v2"):
        if event["event"] == "on_custom_event" and event["name"] == DECISION_EVENT:
            decisions.append(event["data"])
    assert decisions[-1]["verdict"] == "flag" and decisions[-1]["checks"]["knowledge"] == "failed"


def test_keys_that_arrive_in_later_dict_chunks_are_read():
    chunks = [{"sources": SERVICE_SOURCES}, {"answer": "Service X runs "}, {"answer": "version 3."},
              {"knowledge": VERSION_2}]
    events = Events()
    out = list(_door(return_type="text").transform(iter(chunks), {"callbacks": [events]}))
    assert "".join(out) == SERVICE
    assert events.named(DECISION_EVENT)[-1]["verdict"] == "flag"


def test_citations_in_streamed_message_chunks_are_read():
    def upstream(_: Any):
        yield AIMessageChunk(content="Service X runs ")
        yield AIMessageChunk(content="version 3.", additional_kwargs={"citations": [BAD_QUOTE]})

    chain = RunnableGenerator(upstream) | _door(sources=SERVICE_SOURCES, return_type="message")
    events = Events()
    out = list(chain.stream("go", {"callbacks": [events]}))
    assert "".join(c.content for c in out) == SERVICE
    decision = events.named(DECISION_EVENT)[-1]
    assert decision["verdict"] == "flag" and decision["checks"]["citations"] == "failed"
    merged = AIMessageChunk(content="Service X runs ") + AIMessageChunk(
        content="version 3.", additional_kwargs={"citations": [BAD_QUOTE]})
    assert not _door(sources=SERVICE_SOURCES).invoke(merged).accepted


@pytest.mark.parametrize("key, value, needle", [
    ("knowledge", {"entites": VERSION_2["entities"]}, "'entites'"),
    ("knowledge", "Service X has version 2", "knowledge"),
    ("citations", "junk", "citations"),
    ("citations", [GOOD_QUOTE, "junk"], "item 1"),
    ("mutations", "retire svc-x", "mutations"),
])
@pytest.mark.parametrize("return_type", ["text", "message", "report"])
def test_an_unreadable_input_key_in_a_stream_is_the_input_error_invoke_raises(key, value, needle, return_type):
    value = {"answer": SERVICE, "sources": SERVICE_SOURCES, key: value}
    with pytest.raises(InputError, match=needle):
        _door().invoke(value)
    with pytest.raises(InputError, match=needle):
        list(_door(return_type=return_type).stream(value))


async def test_an_unreadable_input_key_in_an_async_stream_is_an_input_error():
    value = {"answer": SERVICE, "sources": SERVICE_SOURCES, "citations": "junk"}
    with pytest.raises(InputError, match="citations"):
        [chunk async for chunk in _door(return_type="text").astream(value)]
