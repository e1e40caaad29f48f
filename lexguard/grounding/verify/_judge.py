"""Self-RAG style checks with an LLM judge: ISREL, ISSUP (per claim) and ISUSE.

The judge is optional: any LangChain ``BaseChatModel`` that supports tool calling
(``with_structured_output``) works. All checks of one answer run concurrently. A check whose
output is malformed (or whose call fails or times out) is retried once, then recorded as
*inconclusive*; :meth:`SelfRAGJudge.aassess` never raises because of the judge model.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextvars
import functools
import logging
import threading
from collections.abc import Awaitable, Callable, Coroutine, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ParamSpec, TypeVar

from pydantic import BaseModel

from lexguard._errors import ConfigurationError
from lexguard._limits import remaining_time
from lexguard._models import Claim, Source
from lexguard.grounding.verify._judge_models import JudgeAssessment, JudgeConfig
from lexguard.grounding.verify._judge_prompts import (
    RelevanceVerdict,
    SupportVerdict,
    UsefulnessVerdict,
    relevance_messages,
    support_messages,
    usefulness_messages,
)
from lexguard.grounding.verify._judge_verdicts import claim_support, relevance, usefulness

if TYPE_CHECKING:
    from langchain_core.language_models import BaseChatModel
    from langchain_core.messages import BaseMessage
    from langchain_core.runnables import Runnable

__all__ = ["SelfRAGJudge"]

logger = logging.getLogger(__name__)

_T = TypeVar("_T", bound=BaseModel)
_R = TypeVar("_R")
_P = ParamSpec("_P")


def _synchronous(method: Callable[_P, Coroutine[Any, Any, _R]]) -> Callable[_P, _R]:
    """The synchronous twin of an async method, with its signature.

    Safe to call from any thread. When the calling thread already runs an event loop, the
    coroutine runs on a fresh loop in a helper thread (prefer awaiting the async method there).
    """

    @functools.wraps(method)
    def run(*args: _P.args, **kwargs: _P.kwargs) -> _R:
        return _run_sync(lambda: asyncio.run(method(*args, **kwargs)))  # type: ignore[arg-type]

    run.__name__ = method.__name__.removeprefix("a")
    run.__qualname__ = method.__qualname__.rsplit(".", 1)[0] + "." + run.__name__ if "." in method.__qualname__ else run.__name__
    run.__doc__ = f"Synchronous :meth:`{method.__name__}` (safe from any thread).\n\n" + (method.__doc__ or "")
    return run

_Call = Callable[..., Awaitable[Any]]
"""SelfRAGJudge._call: one check with its retries (runnable, messages, schema, semaphore, calls)."""


class _CheckFailed(Exception):
    """One judge check gave no usable verdict, even after its retry."""


class SelfRAGJudge:
    """Runs the Self-RAG checks (ISREL, ISSUP per claim, ISUSE) with a chat model.

    Args:
        llm: Any LangChain chat model that supports ``with_structured_output`` (tool calling).
        max_concurrency: Judge calls in flight at once for one answer.
        timeout: Seconds one call may take before it counts as failed; ``None``: no limit.
        max_source_chars: Each source is cut to this many characters in the prompts.
        retries: Extra attempts after a malformed or failed call (1 by default).

    Raises:
        ConfigurationError: If the model cannot produce structured output.

    Example:
        >>> judge = SelfRAGJudge(ChatOpenAI(model="gpt-4o-mini"))  # doctest: +SKIP
        >>> assessment = judge.assess(question, answer, claims, sources)  # doctest: +SKIP
        >>> assessment.claim_support[0].label  # doctest: +SKIP
        'fully_supported'
    """

    def __init__(
        self,
        llm: BaseChatModel,
        *,
        max_concurrency: int = 8,
        timeout: float | None = 60.0,
        max_source_chars: int = 2000,
        retries: int = 1,
    ) -> None:
        if max_concurrency < 1:
            raise ConfigurationError(f"max_concurrency must be >= 1, got {max_concurrency}")
        if retries < 0:
            raise ConfigurationError(f"retries must be >= 0, got {retries}")
        self.llm = llm
        self.native_async = _has_native_async(llm)
        self.max_concurrency = max_concurrency
        self.timeout = timeout
        self.max_source_chars = max_source_chars
        self.retries = retries
        try:
            self._isrel: Runnable = llm.with_structured_output(RelevanceVerdict)
            self._issup: Runnable = llm.with_structured_output(SupportVerdict)
            self._isuse: Runnable = llm.with_structured_output(UsefulnessVerdict)
        except NotImplementedError as exc:
            raise ConfigurationError(
                f"judge model {type(llm).__name__} does not support structured output "
                "(with_structured_output / tool calling); pass a chat model that supports tool "
                "calling, or run without a judge"
            ) from exc

    @classmethod
    def from_config(cls, llm: BaseChatModel, config: JudgeConfig) -> SelfRAGJudge:
        """Build a judge from a :class:`JudgeConfig`."""
        return cls(
            llm,
            max_concurrency=config.max_concurrency,
            timeout=config.timeout,
            max_source_chars=config.max_source_chars,
        )

    async def aassess(
        self,
        question: str | None,
        answer: str,
        claims: Sequence[Claim],
        sources: Sequence[Source],
        *,
        claim_sources: Mapping[int, Sequence[Source]] | None = None,
    ) -> JudgeAssessment:
        """Run all checks concurrently and collect their verdicts.

        Args:
            question: The user question; without one, ISREL and ISUSE are skipped (inconclusive).
            answer: The answer under validation.
            claims: Its claims; each gets one ISSUP check.
            sources: The sources the answer must be grounded in.
            claim_sources: Optional per-claim evidence (keyed by ``Claim.index``, e.g. the best
                chunks found by retrieval) to show the judge instead of all ``sources``.

        Returns:
            The assessment; failed checks are listed in ``inconclusive``, never raised.
        """
        checks = _Checks(self._call, asyncio.Semaphore(self.max_concurrency))
        isrel, isuse = self._question_checks(checks, question, answer, sources)
        support_tasks = self._support_checks(checks, question, claims, sources, claim_sources)
        rel, use, *supports = await asyncio.gather(isrel, isuse, *support_tasks)
        checks.inconclusive.sort(key=_check_order)
        return JudgeAssessment(
            relevance=relevance(rel, sources),
            usefulness=usefulness(use),
            claim_support=claim_support(claims, supports, sources, claim_sources),
            inconclusive=tuple(checks.inconclusive),
            errors=checks.errors,
            calls=checks.calls[0],
        )

    def _question_checks(
        self, checks: _Checks, question: str | None, answer: str, sources: Sequence[Source]
    ) -> tuple[Awaitable[RelevanceVerdict | None], Awaitable[UsefulnessVerdict | None]]:
        """The ISREL and ISUSE checks; skipped (inconclusive) without a question, ISREL also
        without sources."""
        if not (question and question.strip()):
            return (
                checks.skip("isrel", "no question given"),
                checks.skip("isuse", "no question given"),
            )
        isrel: Awaitable[RelevanceVerdict | None]
        if sources:
            rel_messages = relevance_messages(question, sources, self.max_source_chars)
            isrel = checks.run("isrel", self._isrel, rel_messages, RelevanceVerdict)
        else:
            isrel = checks.skip("isrel", "no sources given")
        isuse = checks.run(
            "isuse", self._isuse, usefulness_messages(question, answer), UsefulnessVerdict
        )
        return isrel, isuse

    def _support_checks(
        self,
        checks: _Checks,
        question: str | None,
        claims: Sequence[Claim],
        sources: Sequence[Source],
        claim_sources: Mapping[int, Sequence[Source]] | None,
    ) -> list[Awaitable[SupportVerdict | None]]:
        """One ISSUP check per claim, against its own evidence when ``claim_sources`` has it;
        skipped (inconclusive) for a claim with no evidence."""
        support_tasks: list[Awaitable[SupportVerdict | None]] = []
        for claim in claims:
            evidence = sources
            if claim_sources is not None and claim.index in claim_sources:
                evidence = claim_sources[claim.index]
            name = f"issup[{claim.index}]"
            if not evidence:
                support_tasks.append(checks.skip(name, "no sources given"))
                continue
            messages = support_messages(question, claim.text, evidence, self.max_source_chars)
            support_tasks.append(checks.run(name, self._issup, messages, SupportVerdict))
        return support_tasks

    assess = _synchronous(aassess)

    async def _call(
        self,
        runnable: Runnable,
        messages: list[BaseMessage],
        schema: type[_T],
        semaphore: asyncio.Semaphore,
        calls: list[int],
    ) -> _T:
        problems: list[str] = []
        for _attempt in range(self.retries + 1):
            async with semaphore:
                calls[0] += 1
                timeout = remaining_time(self.timeout)  # never past the validation's budget
                try:
                    if timeout is not None and timeout <= 0:
                        raise TimeoutError
                    if self.native_async:
                        coro = runnable.ainvoke(messages)
                    else:  # a sync-only model blocks its thread: run it where it cannot hold us
                        coro = _in_daemon_thread(runnable.invoke, messages)
                    raw = await (asyncio.wait_for(coro, timeout) if timeout is not None else coro)
                except TimeoutError:
                    problems.append(f"timed out after {timeout or 0:g}s")
                    continue
                except Exception as exc:  # noqa: BLE001 - a judge failure must never crash validation
                    problems.append(f"{type(exc).__name__}: {_shorten(str(exc))}")
                    continue
            parsed = _coerce(raw, schema)
            if isinstance(parsed, str):
                problems.append(parsed)
                continue
            return parsed
        raise _CheckFailed("; ".join(problems))


class _Checks:
    """The bookkeeping of one assessment: the shared concurrency limit, the number of judge calls,
    and the checks that gave no verdict with why (a failure is recorded here, never raised)."""

    def __init__(self, call: _Call, semaphore: asyncio.Semaphore) -> None:
        self.call = call
        self.semaphore = semaphore
        self.calls = [0]
        self.inconclusive: list[str] = []
        self.errors: dict[str, str] = {}

    async def run(
        self, name: str, runnable: Runnable, messages: list[BaseMessage], schema: type[_T]
    ) -> _T | None:
        """Run one check; ``None`` (and the check listed as inconclusive) when it failed."""
        try:
            return await self.call(runnable, messages, schema, self.semaphore, self.calls)
        except _CheckFailed as exc:
            logger.warning("judge check %s inconclusive: %s", name, exc)
            self.inconclusive.append(name)
            self.errors[name] = str(exc)
            return None

    def skip(self, name: str, why: str) -> Awaitable[None]:
        """List a check that cannot run as inconclusive, saying ``why``; its verdict is ``None``."""
        self.inconclusive.append(name)
        self.errors[name] = why
        return _none()


def _check_order(name: str) -> tuple[int, int]:
    if name.startswith("issup["):
        return (1, int(name[6:-1]))
    return (0, 0 if name == "isrel" else 1)


async def _none() -> None:
    return None


def _coerce(raw: Any, schema: type[_T]) -> _T | str:
    """Return ``raw`` as a ``schema`` instance, or a string saying why it is malformed."""
    if isinstance(raw, schema):
        return raw
    if raw is None:
        return "no structured output (the model answered without calling the tool)"
    if isinstance(raw, Mapping):
        try:
            return schema.model_validate(dict(raw))
        except ValueError as exc:
            return f"malformed output: {_shorten(str(exc))}"
    return f"unexpected output type {type(raw).__name__}"


def _shorten(text: str, limit: int = 300) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _run_sync(job: Callable[[], _R]) -> _R:
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return job()
    context = contextvars.copy_context()  # keep the validation's deadline in the helper thread
    with concurrent.futures.ThreadPoolExecutor(1, thread_name_prefix="lexguard-judge") as pool:
        return pool.submit(context.run, job).result()


def _has_native_async(llm: Any) -> bool:
    """True when ``llm`` implements async generation itself (not by running sync code in a thread)."""
    try:
        from langchain_core.language_models import BaseChatModel
    except ImportError:  # pragma: no cover - langchain-core is a dependency
        return True
    if not isinstance(llm, BaseChatModel):
        return True  # any other Runnable: trust its ainvoke
    return type(llm)._agenerate is not BaseChatModel._agenerate


def _in_daemon_thread(call: Callable[[Any], _R], argument: Any) -> Awaitable[_R]:
    """Run ``call(argument)`` in a daemon thread and return an awaitable of its result.

    Unlike ``run_in_executor`` on the default executor, a call that never returns holds up
    neither ``asyncio.run`` (which waits for the default executor on shutdown) nor the process.
    """
    future: concurrent.futures.Future[_R] = concurrent.futures.Future()
    context = contextvars.copy_context()

    def target() -> None:
        if not future.set_running_or_notify_cancel():
            return
        try:
            future.set_result(context.run(call, argument))
        except BaseException as exc:  # noqa: BLE001 - handed to the awaiting side
            future.set_exception(exc)

    threading.Thread(target=target, name="lexguard-judge-call", daemon=True).start()
    return asyncio.wrap_future(future)

