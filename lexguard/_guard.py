"""``Guard``: the guard graph as a LangChain Runnable (``chain | guard``, ``guard.wrap(chain)``)."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import AsyncIterator, Iterator
from typing import Any

from langchain_core.runnables import Runnable, RunnableConfig, RunnableSerializable
from pydantic import ConfigDict, Field, PrivateAttr, ValidationError, field_validator, model_validator

from lexguard._config import GuardConfig, configuration_error, unknown_key_hint
from lexguard._errors import ConfigurationError, ValidationFailedError
from lexguard._guard_run import GuardRun, ReturnType, first_key, format_output, graph_state, merge_chunks
from lexguard._inputs import coerce_sources
from lexguard._limits import validation_budget
from lexguard._models import Severity, Source, ValidationReport
from lexguard._state import HANDED_KEYS

__all__ = ["Guard", "ReturnType", "first_key"]


class Guard(RunnableSerializable[Any, Any]):
    """Validate an LLM answer: parse, gate, support-check, self-correct, fall back.

    Input (any of):
        - a string or an ``AIMessage``: the answer (checked against the guard's default sources);
        - a dict with ``answer`` (str or message) and optionally ``sources`` (or ``context`` /
          ``documents``: strings, Documents, dicts or ``Source``), ``question`` (or ``query`` /
          ``input``), ``knowledge`` and ``mutations``. So
          ``{"answer": chain, "sources": retriever, "question": RunnablePassthrough()} | guard``
          works.

    Output: a :class:`~lexguard.ValidationReport` (``return_type="report"``), the final text
    (``"text"``) or an ``AIMessage`` carrying the report in ``response_metadata["lexguard"]``
    (``"message"``).

    Args:
        config: Guard settings. Any ``GuardConfig`` field may also be given directly as a
            keyword (``Guard(max_retries=1, fallback="best_attempt")``).
        generator: Runnable re-invoked with feedback on retries (a chat model or a chain);
            without one the guard repairs the text by dropping unsupported sentences.
        sources: Default sources, used when the input brings none.
        return_type: What ``invoke`` returns.
        checker: The support checker (default: a ``SupportChecker`` built from
            ``config.grounding``, shared by every run of this guard so source embeddings are
            cached across retries and requests).
        halt_on: While streaming, the severity at which the stream stops with the refusal
            (default ``hard``: a sentence with a blocking finding, e.g. one the sources do not
            support, is never passed on; ``critical`` passes it and only flags the stream).
        audit: An audit store (``lexguard.audit.AuditStore``), a URL (``postgresql://...``,
            ``sqlite:///audit.db``) or a SQLite file path; ``None`` reads ``$LEXGUARD_AUDIT_URL``,
            ``False`` turns auditing off. Every run writes one audit record and puts its id into
            ``report.metadata["audit_id"]``. The write never fails the run (see
            ``lexguard.audit.record_report``) and never blocks ``ainvoke``'s event loop.

    Example:
        >>> guard = Guard(sources=["The Eiffel Tower is 330 metres tall."])  # doctest: +SKIP
        >>> guard.invoke("The Eiffel Tower is 330 metres tall.").status  # doctest: +SKIP
        <Status.VALID: 'valid'>
    """

    model_config = ConfigDict(arbitrary_types_allowed=True)

    config: GuardConfig = Field(default_factory=GuardConfig)
    generator: Runnable | None = None
    sources: list[Source] = Field(default_factory=list)
    return_type: ReturnType = "report"
    audit: Any = Field(default=None, validate_default=True)
    halt_on: Severity = Severity.HARD

    _checker: Any = PrivateAttr(default=None)
    _graph: Any = PrivateAttr(default=None)
    _checks: Any = PrivateAttr(default=None)
    _lock: Any = PrivateAttr(default_factory=threading.RLock)

    def __init__(self, *, checker: Any = None, **data: Any) -> None:
        try:
            super().__init__(**data)
        except ValidationError as exc:
            raise configuration_error("Guard", exc, type(self).model_fields) from exc
        self._checker = checker
        from lexguard.checks import build_checks

        build_checks(self.config)  # an unknown or broken check fails here, not on the first call
        if checker is None:
            self._check_support_settings()

    def _check_support_settings(self) -> None:
        """Check now the settings the default support checker reads when it is first used, so a
        bad one fails here rather than on the first ``invoke`` (cheap: nothing is loaded).

        Raises:
            ConfigurationError: For an unknown ``LEXGUARD_ENCODER_BACKEND`` or a threshold file
                (``grounding.threshold_file``) that is missing or not a calibration file.
        """
        import os

        grounding = self.config.grounding
        if not grounding.enabled:
            return
        if grounding.threshold_file:
            from lexguard.grounding import Calibration

            Calibration.read(grounding.threshold_file)
        from lexguard.embeddings import BACKEND_ENV, resolve_backend

        backend = os.environ.get(BACKEND_ENV, "").strip().lower()
        if backend and backend != "auto":  # "auto" is resolved against the model folder: left to first use
            resolve_backend(grounding.embedding_model, backend)

    @field_validator("audit")
    @classmethod
    def _audit_target(cls, value: Any) -> Any:
        from lexguard.audit._hook import audit_target

        return audit_target(value)

    @model_validator(mode="before")
    @classmethod
    def _collect_config_fields(cls, data: Any) -> Any:
        if not isinstance(data, dict):
            return data
        overrides = {k: data.pop(k) for k in list(data) if k in GuardConfig.model_fields}
        unknown = sorted(k for k in data if k not in cls.model_fields)
        if unknown:
            valid = [*cls.model_fields, "checker", *GuardConfig.model_fields]
            hints = [
                f"{k!r} ({hint})" if (hint := unknown_key_hint(k, owner="Guard", value=data[k], valid=valid)) else repr(k)
                for k in unknown
            ]
            raise ConfigurationError(
                f"unknown Guard setting(s) {', '.join(hints)}; use a Guard field "
                f"({', '.join(sorted([*cls.model_fields, 'checker']))}) or a GuardConfig field "
                f"({', '.join(sorted(GuardConfig.model_fields))})"
            )
        base = data.get("config")
        if isinstance(base, dict):
            overrides = {**base, **overrides}
            base = None
        if overrides:
            base = base or GuardConfig()
            current = {name: getattr(base, name) for name in type(base).model_fields}
            data["config"] = type(base)(**{**current, **overrides})
        if "sources" in data and data["sources"] is not None:
            data["sources"] = coerce_sources(data["sources"])
        return data

    # -- plumbing --------------------------------------------------------------------------------

    @property
    def checker(self) -> Any:
        """The support checker: the one given as ``Guard(checker=...)``, else a
        :class:`~lexguard.grounding.SupportChecker` built from ``config.grounding`` on first use
        (once, thread-safely) and shared by every run of this guard."""
        if self._checker is None:
            with self._lock:
                if self._checker is None:
                    from lexguard.grounding import SupportChecker

                    self._checker = SupportChecker(self.config.grounding)
        return self._checker

    def checks(self) -> tuple[Any, ...]:
        """The configured checks (:func:`lexguard.checks.build_checks`), built once."""
        if self._checks is None:
            with self._lock:
                if self._checks is None:
                    from lexguard.checks import build_checks

                    self._checks = build_checks(self.config, checker=self.checker)
        return self._checks

    def graph_for(self, generator: Runnable | None = None) -> Any:
        """The compiled guard graph (built once per guard; ``generator`` is accepted for backward
        compatibility and ignored: a run's generator travels in the runtime context)."""
        if self._graph is None:
            with self._lock:
                if self._graph is None:
                    from lexguard._graph import build_guard_graph

                    self._graph = build_guard_graph(self.config, generator=self.generator, checks=self.checks())
        return self._graph

    def _context(self, generator: Runnable | None) -> Any:
        from lexguard._state import GuardContext

        return GuardContext(generator=generator or self.generator)

    def to_state(self, input: Any) -> dict[str, Any]:
        """Turn a Runnable input into the guard graph's input state (the guard's sources when the
        input brings none).

        Raises:
            InputError: If the input holds no answer, an answer that is not text, or sources, a
                ``knowledge`` graph, ``citations`` or ``mutations`` it cannot read
                (:func:`~lexguard._guard_run.graph_state`).
        """
        return graph_state(input, self.sources)

    # -- Runnable API ------------------------------------------------------------------------------

    def _checked(
        self, state: dict[str, Any], generator: Runnable | None, config: RunnableConfig, run_manager: Any
    ) -> tuple[ValidationReport, list[Any]]:
        """Run the graph: ``(audited report, the graph's retry_messages)`` (see :mod:`lexguard._state`)."""
        graph, run = self.graph_for(generator), GuardRun(self.audit, state, config, run_manager)
        try:
            with validation_budget(self.config.limits.time_budget_s):
                output = graph.invoke(state, run.graph_config(), context=self._context(generator),
                                      output_keys=list(HANDED_KEYS))
        except ValidationFailedError as exc:  # fallback="raise": audit the rejection, then re-raise
            if run.audits(exc):
                exc.report = run.audited(exc.report)
            raise
        return run.audited(output["report"]), list(output.get("retry_messages") or [])

    async def _achecked(
        self, state: dict[str, Any], generator: Runnable | None, config: RunnableConfig, run_manager: Any
    ) -> tuple[ValidationReport, list[Any]]:
        graph, run = self.graph_for(generator), GuardRun(self.audit, state, config, run_manager)
        try:
            with validation_budget(self.config.limits.time_budget_s):
                output = await graph.ainvoke(state, run.graph_config(), context=self._context(generator),
                                             output_keys=list(HANDED_KEYS))
        except ValidationFailedError as exc:
            if run.audits(exc):
                exc.report = await asyncio.to_thread(run.audited, exc.report)
            raise
        report = output["report"] if self.audit is None else await asyncio.to_thread(run.audited, output["report"])
        return report, list(output.get("retry_messages") or [])

    def _report(
        self, state: dict[str, Any], generator: Runnable | None, config: RunnableConfig, run_manager: Any
    ) -> ValidationReport:
        return self._checked(state, generator, config, run_manager)[0]

    async def _areport(
        self, state: dict[str, Any], generator: Runnable | None, config: RunnableConfig, run_manager: Any
    ) -> ValidationReport:
        return (await self._achecked(state, generator, config, run_manager))[0]

    def _run(self, state: dict[str, Any], generator: Runnable | None, config: RunnableConfig, run_manager: Any) -> Any:
        report, retry_messages = self._checked(state, generator, config, run_manager)
        return format_output(report, self.return_type, state.get("answer"), retry_messages)

    async def _arun(
        self, state: dict[str, Any], generator: Runnable | None, config: RunnableConfig, run_manager: Any
    ) -> Any:
        report, retry_messages = await self._achecked(state, generator, config, run_manager)
        return format_output(report, self.return_type, state.get("answer"), retry_messages)

    def invoke(self, input: Any, config: RunnableConfig | None = None, **kwargs: Any) -> Any:
        """Validate one answer and return the report (or text / message, per ``return_type``).

        Raises:
            InputError: For an input the guard cannot read (:meth:`to_state`); inside a LangGraph
                graph the same input gives an ``inconclusive`` fallback report instead.
        """
        state = self.to_state(input)
        return self._call_with_config(
            lambda _input, config, run_manager: self._run(state, None, config, run_manager),
            input,
            config,
            run_type="chain",
        )

    async def ainvoke(self, input: Any, config: RunnableConfig | None = None, **kwargs: Any) -> Any:
        """Async :meth:`invoke`."""
        state = self.to_state(input)

        async def _call(_input: Any, config: RunnableConfig, run_manager: Any) -> Any:
            return await self._arun(state, None, config, run_manager)

        return await self._acall_with_config(_call, input, config, run_type="chain")

    # -- streaming (see lexguard._streaming) --------------------------------------------

    def _validated(self, chunks: Iterator[Any], run_manager: Any, config: RunnableConfig) -> Iterator[Any]:
        """Collect the streamed input, run the guard graph on it and yield the one report."""
        yield self._report(self.to_state(merge_chunks(chunks)), None, config, run_manager)

    async def _avalidated(self, chunks: AsyncIterator[Any], run_manager: Any, config: RunnableConfig) -> AsyncIterator[Any]:
        yield await self._areport(self.to_state(merge_chunks([c async for c in chunks])), None, config, run_manager)

    def transform(self, input: Iterator[Any], config: RunnableConfig | None = None, **kwargs: Any) -> Iterator[Any]:
        """Stream what ``return_type`` says.

        ``"report"``: the streamed input is collected and the full guard graph runs on it (retries,
        decision events), then the one :class:`~lexguard.ValidationReport` is yielded, as
        ``invoke`` returns it. ``"text"`` / ``"message"``: the answer passes through sentence by
        sentence, each checked (a ``lexguard.sentence`` event each; a finding at ``halt_on`` halts
        the stream with ``refusal_message``; see :class:`~lexguard.integrations.SentenceStreamer`),
        as strings or ``AIMessageChunk`` s; when the input ends, every check but parse runs on the
        whole text with the input's knowledge, citations and mutations, as ``invoke`` runs them.
        An input ``invoke`` refuses (:meth:`to_state`) raises the same ``InputError`` here.
        """
        if self.return_type == "report":
            yield from self._transform_stream_with_config(input, self._validated, config, run_type="chain")
            return
        from lexguard._streaming import SentenceStreamer

        streamer = SentenceStreamer(self, halt_on=self.halt_on)
        yield from self._transform_stream_with_config(input, streamer.transform, config, run_type="chain")

    def stream(self, input: Any, config: RunnableConfig | None = None, **kwargs: Any) -> Iterator[Any]:
        """Stream a complete input (answer, or dict with answer and sources) sentence by sentence."""
        yield from self.transform(iter([input]), config, **kwargs)

    async def atransform(
        self, input: AsyncIterator[Any], config: RunnableConfig | None = None, **kwargs: Any
    ) -> AsyncIterator[Any]:
        """Async :meth:`transform`."""
        if self.return_type == "report":
            async for report in self._atransform_stream_with_config(input, self._avalidated, config, run_type="chain"):
                yield report
            return
        from lexguard._streaming import SentenceStreamer

        streamer = SentenceStreamer(self, halt_on=self.halt_on)
        async for chunk in self._atransform_stream_with_config(input, streamer.atransform, config, run_type="chain"):
            yield chunk

    async def astream(self, input: Any, config: RunnableConfig | None = None, **kwargs: Any) -> AsyncIterator[Any]:
        """Async :meth:`stream`."""

        async def _single() -> AsyncIterator[Any]:
            yield input

        async for chunk in self.atransform(_single(), config, **kwargs):
            yield chunk

    def validate_answer(
        self,
        answer: Any,
        sources: Any = None,
        *,
        question: str | None = None,
        config: RunnableConfig | None = None,
        **state: Any,
    ) -> ValidationReport:
        """Validate ``answer`` against ``sources`` (default: the guard's) and return the report,
        whatever ``return_type`` is. Extra keywords go into the graph state (``knowledge``,
        ``mutations``, ...)."""
        payload = {"answer": answer, "question": question, **state}
        if sources is not None:
            payload["sources"] = sources
        graph_state = self.to_state(payload)

        def _call(_input: Any, config: RunnableConfig, run_manager: Any) -> ValidationReport:
            return self._report(graph_state, None, config, run_manager)

        return self._call_with_config(_call, payload, config, run_type="chain")

    def wrap(
        self,
        chain: Runnable,
        *,
        sources: Any = None,
        question_key: str = "question",
        handles_feedback: bool = False,
    ) -> Any:
        """Return a Runnable that runs ``chain`` and guards its output, re-invoking ``chain`` with
        feedback on retries.

        Args:
            chain: The generating Runnable (prompt | model, a chat model, ...).
            sources: Where the sources come from: a list, or a Runnable (e.g. a retriever) called
                with the question. When omitted, the input dict's ``sources``/``context`` key, then
                the guard's default sources.
            question_key: Input key holding the question (for dict inputs).
            handles_feedback: The chain passes a retry's feedback on to the model itself (e.g. a
                function that reads the ``feedback`` and ``previous_answer`` input keys): no warning.

        A dict input is re-invoked with extra ``feedback`` and ``previous_answer`` keys (add an
        optional ``{feedback}`` to your prompt); a string or message input gets the previous answer
        and the feedback appended as messages.

        Warns:
            LexguardWarning: When a retry may not carry the feedback to the model (the chain is
                neither a chat model nor ``prompt | ...`` nor takes text or messages, see
                :func:`lexguard.nodes.feedback_gap`) and ``handles_feedback`` is not set.
        """
        from lexguard._wrap import GuardedRunnable, warn_if_feedback_lost

        if not handles_feedback:
            warn_if_feedback_lost(chain, stacklevel=2)
        return GuardedRunnable(guard=self, chain=chain, sources=sources, question_key=question_key)
