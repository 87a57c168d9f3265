"""One chat-completions call through the official ``openai`` client, with the wire contract.

Retry layer — exactly one: the ``openai`` client's own (``max_retries=LLM_MAX_RETRIES``). It
retries connection errors, timeouts, 408/409/429 and 5xx, honouring ``Retry-After`` /
``retry-after-ms`` (up to two minutes) and otherwise backing off exponentially. This module
does no transport retries of its own, so one logical call makes at most
``LLM_MAX_RETRIES + 1`` HTTP attempts. When the client gives up, the resulting ``AgentError`` is
``retryable=False``: the transport budget is spent, and a node-level re-ask would silently add
a second retry layer. Content-level failures (blank content, truncated output, empty
``choices``, a malformed 200 body) are ``retryable=True``: the transport worked, and the graph
node's bounded re-ask with the same input is the right remedy.

Timeouts are explicit (``openai.Timeout``: connect ≤ 10 s, read/write/pool = LLM_TIMEOUT_S,
each capped by what is left of RUN_MAX_SECONDS), never the library's 10-minute default.

Bounds (issue 15): every request carries its role's ``max_tokens`` (or
``max_completion_tokens``); the run budget (``AgentContext.check_budget``) is checked before
every call; replies are streamed (``stream=True``, usage in the last chunk) and assembled whole
(``streaming``), so a timeout or the run deadline closes the connection and a server that aborts
on disconnect stops generating. A timeout *during* the stream is not retried (see
``_transport_error``).

Circuit breaker (``diagnosis.agents.circuit``), one per (base URL, model): a call whose client
gave up on a transport error, a timeout or a 5xx counts as a failure; any other answer (2xx, a 4xx,
a malformed body) proves the endpoint is up and counts as a success. After
``LLM_CIRCUIT_FAILURES`` consecutive failures calls fail fast with ``REASON_CIRCUIT_OPEN`` — no
HTTP request — until ``LLM_CIRCUIT_COOLDOWN_S`` has passed and one probe call is let through.
Keyed by model as well as URL because one gateway (DashScope, vLLM, a proxy) often serves several
models and one of them can be down or overloaded while the others answer; a dead host costs at
most the threshold once per configured model (≤ 4) before every role fails fast.
429 is not a failure here: the server is up and pacing us, and the client already honours its
``Retry-After``.

Every request carries ``X-Prompt-Name`` (the role) and ``X-Prompt-Version`` (the version in the
prompt file's front matter) via ``extra_headers``.

Structured output (issue 29, ``LLM_STRUCTURED_OUTPUT``): a call given its role's reply schema
sends the configured mode's ``response_format`` (``schemas.response_format``). Under ``auto`` a
refusal of ``response_format`` (``schemas.rejects_response_format``) is not an error: the same
request goes again one rung lower, and the accepted rung is remembered for the endpoint
(``output_modes``). Such a refusal proves the endpoint up (not a circuit failure). Each call's
mode is recorded with its usage (``RoleUsage.output_modes``).
"""

from __future__ import annotations

import json
import logging
import socket
import threading
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import openai

from contracts.plan import Role
from contracts.reasons import REASON_BUDGET_EXHAUSTED, REASON_CIRCUIT_OPEN
from diagnosis.agents.base import AgentContext, AgentError
from diagnosis.agents.circuit import CircuitBreaker, CircuitOpen, CircuitRegistry, circuits
from diagnosis.agents.openai.config import OpenAIConfig
from diagnosis.agents.openai.masking import mask_messages, unmask_reply
from diagnosis.agents.openai.output_modes import OutputModeMemory, output_modes
from diagnosis.agents.openai.schemas import (
    MODE_OFF,
    OutputMode,
    ReplySchema,
    rejects_response_format,
    response_format,
)
from diagnosis.agents.openai.streaming import (
    Assembled,
    DeadlineReached,
    MalformedChunk,
    assemble,
    stream_chunks,
)
from diagnosis.metrics import observe_model_call, observe_model_tokens
from diagnosis.prompts_catalog import PromptEntry

logger = logging.getLogger(__name__)

HEADER_PROMPT_NAME = "X-Prompt-Name"
HEADER_PROMPT_VERSION = "X-Prompt-Version"
# Streamed replies carry no usage unless asked; the run budget needs it (OpenAI, vLLM, Ollama,
# DeepSeek, DashScope and llama.cpp send it as a last chunk).
STREAM_OPTIONS = {"include_usage": True}
# Without reported usage: ~3 characters per token over the request's JSON (Chinese text is
# ~1–1.5 characters per token, JSON and English ~4: a middle, deliberately not optimistic).
CHARS_PER_TOKEN_ESTIMATE = 3


def estimate_prompt_tokens(messages: list[dict[str, Any]], tools: list[dict[str, Any]] | None) -> int:
    text = json.dumps([messages, tools or []], ensure_ascii=False, separators=(",", ":"))
    return -(-len(text) // CHARS_PER_TOKEN_ESTIMATE)
MAX_ERROR_DETAIL_CHARS = 300

# AgentError.reason values (constants so tests and the audit spell them once).
REASON_TIMEOUT = "llm_timeout"
REASON_CONNECTION = "llm_connection_error"
REASON_RATE_LIMITED = "llm_rate_limited"
REASON_HTTP_ERROR = "llm_http_error"
REASON_MALFORMED = "llm_malformed_response"
REASON_EMPTY_CHOICES = "llm_empty_choices"
REASON_BLANK = "llm_blank_content"
REASON_TRUNCATED = "llm_truncated"
REASON_FILTERED = "llm_content_filter"

MSG_CIRCUIT_OPEN = "模型服务连续调用失败，已暂停调用（熔断中，约 {seconds:.0f} 秒后试探恢复），本次未发送请求"


def make_client(config: OpenAIConfig) -> openai.OpenAI:
    """A client for ``config``, shared between runs with the same endpoint and limits so
    connections (and TLS sessions) are pooled; the sync client is safe to share across threads."""
    return _client(config.base_url, config.api_key, config.timeout_s, config.connect_timeout_s, config.max_retries)


@lru_cache(maxsize=8)
def _client(base_url: str, api_key: str, timeout_s: float, connect_s: float, max_retries: int) -> openai.OpenAI:
    return openai.OpenAI(
        base_url=base_url,
        api_key=api_key,
        timeout=openai.Timeout(timeout_s, connect=connect_s),
        max_retries=max_retries,
    )


class _Watchdog:
    """Cuts a stream at the run's deadline even when no chunk arrives: servers keep an idle
    stream alive with SSE comments (sse-starlette's ``: ping`` every 15 s under llama-cpp-python,
    keep-alive bytes elsewhere), so neither the read timeout nor the check between chunks would
    fire while the model is still reading its prompt. Shutting the socket down wakes the blocked
    read and the server sees the disconnect."""

    def __init__(self, stream: Any, seconds_left: float | None) -> None:
        self.stream = stream
        self.fired = False
        self._timer = threading.Timer(max(0.0, seconds_left), self._cut) if seconds_left is not None else None
        if self._timer is not None:
            self._timer.daemon = True
            self._timer.start()

    def _cut(self) -> None:
        self.fired = True
        network = getattr(self.stream.response, "extensions", {}).get("network_stream")
        sock = network.get_extra_info("socket") if network is not None else None
        try:
            if sock is not None:
                sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass  # already closed: nothing left to cut

    def cancel(self) -> None:
        if self._timer is not None:
            self._timer.cancel()


@dataclass(frozen=True)
class ChatReply:
    """The parts of the (assembled) first choice the agents use."""

    content: str
    finish_reason: str
    tool_calls: list[Any]


class ChatCaller:
    """Sends one role's chat request and turns every failure into an ``AgentError``."""

    def __init__(
        self,
        client: openai.OpenAI,
        config: OpenAIConfig,
        registry: CircuitRegistry | None = None,
        modes: OutputModeMemory | None = None,
    ) -> None:
        self.client = client
        self.config = config
        self.circuits = registry or circuits
        self.modes = modes or output_modes

    def endpoint(self, model: str) -> tuple[str, str]:
        return (self.config.base_url.rstrip("/"), model)

    def breaker(self, model: str) -> CircuitBreaker:
        return self.circuits.breaker(
            self.endpoint(model),
            failure_threshold=self.config.circuit_failures,
            cooldown_s=self.config.circuit_cooldown_s,
        )

    def headers(self, prompt: PromptEntry) -> dict[str, str]:
        return {HEADER_PROMPT_NAME: prompt.role, HEADER_PROMPT_VERSION: prompt.version}

    def call(
        self,
        *,
        role: Role,
        prompt: PromptEntry,
        messages: list[dict[str, Any]],
        ctx: AgentContext,
        reply_schema: ReplySchema | None = None,
        tools: list[dict[str, Any]] | None = None,
        tool_choice: str | dict[str, Any] | None = None,
        allow_tool_calls: bool = False,
    ) -> ChatReply:
        ctx.check_budget(role)  # before every model call: a spent run budget sends nothing
        if ctx.before_model_call is not None:
            ctx.before_model_call()
        # Every request carries its role's output bound: a runaway generation costs at most that.
        kwargs: dict[str, Any] = {self.config.max_tokens_param: self.config.max_tokens_by_role[role]}
        if self.config.temperature is not None:
            kwargs["temperature"] = self.config.temperature
        if tools:
            kwargs["tools"] = tools
            if tool_choice:
                kwargs["tool_choice"] = tool_choice
        messages = mask_messages(messages, ctx.masker)
        try:
            assembled, mode = self._send_structured(role, prompt, messages, kwargs, ctx, reply_schema)
            if assembled.usage_reported:
                prompt_tokens, completion_tokens = assembled.prompt_tokens, assembled.completion_tokens
                ctx.record_usage(role, prompt_tokens=prompt_tokens, completion_tokens=completion_tokens,
                                 output_mode=mode)
            else:
                # Some servers (llama-cpp-python) send no usage in a stream; the run budget still
                # has to count something: an estimate, marked as one in the audit.
                prompt_tokens, completion_tokens = estimate_prompt_tokens(messages, tools), assembled.delta_chunks
                ctx.record_usage(role, prompt_tokens=prompt_tokens, completion_tokens=completion_tokens, estimated=True,
                                 output_mode=mode)
            observe_model_tokens(role, prompt_tokens=prompt_tokens, completion_tokens=completion_tokens)
            reply = unmask_reply(self._first_choice(role, assembled, allow_tool_calls=allow_tool_calls), ctx.masker)
        except AgentError as exc:
            observe_model_call(role, error_reason=exc.reason or "error")
            raise
        observe_model_call(role)
        return reply

    # --- structured output -----------------------------------------------------------
    def _first_mode(self, model: str, reply_schema: ReplySchema | None) -> OutputMode:
        setting = self.config.structured_output
        if reply_schema is None or setting == MODE_OFF:
            return MODE_OFF
        return self.modes.current(self.endpoint(model)) if setting == "auto" else setting

    def _send_structured(
        self,
        role: Role,
        prompt: PromptEntry,
        messages: list[dict[str, Any]],
        kwargs: dict[str, Any],
        ctx: AgentContext,
        reply_schema: ReplySchema | None,
    ) -> tuple[Assembled, OutputMode]:
        """The reply and the mode it was asked with; under ``auto`` a refused
        ``response_format`` steps down (remembered) and the request goes again."""
        model = self.config.model_by_role.get(role) or ""
        mode = self._first_mode(model, reply_schema)
        while True:
            fmt = response_format(mode, reply_schema) if reply_schema is not None else None
            sent = {**kwargs, "response_format": fmt} if fmt is not None else kwargs
            try:
                return self._send(role, prompt, messages, sent, ctx, mode), mode
            except AgentError as exc:
                if self.config.structured_output != "auto" or mode == MODE_OFF or not _refuses_format(exc.__cause__):
                    raise
                lower = self.modes.step_down(self.endpoint(model), mode)
                logger.warning("openai %s: the server refused response_format in mode %s; trying %s", role, mode, lower)
                mode = lower

    # --- transport -------------------------------------------------------------------
    def _timeout(self, ctx: AgentContext) -> tuple[openai.Timeout, bool]:
        """The per-attempt timeout, never longer than what is left of the run's time budget,
        and whether the budget cut it short."""
        read, connect = self.config.timeout_s, self.config.connect_timeout_s
        left = ctx.seconds_left()
        if left is None or left >= read:
            return openai.Timeout(read, connect=connect), False
        left = max(0.05, left)
        return openai.Timeout(left, connect=min(connect, left)), True

    def _send(
        self,
        role: Role,
        prompt: PromptEntry,
        messages: list[dict[str, Any]],
        kwargs: dict[str, Any],
        ctx: AgentContext,
        mode: OutputMode,
    ) -> Assembled:
        """One streamed request, assembled whole. Leaving this function — with the reply, a
        timeout, the run deadline or any other exception — closes the stream, so a server that
        aborts on disconnect stops generating."""
        model = self.config.model_by_role.get(role) or ""
        breaker = self.breaker(model)
        try:
            permit = breaker.acquire()
        except CircuitOpen as exc:
            logger.warning("openai %s call refused: circuit open for model %s", role, model)
            message = MSG_CIRCUIT_OPEN.format(seconds=exc.retry_after_s)
            raise AgentError(f"{role}: {message}", retryable=False, reason=REASON_CIRCUIT_OPEN) from None
        endpoint_up = False  # settled in ``finally`` whatever happens, so a probe is never left out
        try:
            completion = self._create(role, model, prompt, messages, kwargs, ctx, mode)
            endpoint_up = True
            return completion
        except AgentError as err:
            endpoint_up = not _endpoint_unavailable(err.__cause__)
            raise
        finally:
            breaker.record(permit, ok=endpoint_up)

    def _create(
        self,
        role: Role,
        model: str,
        prompt: PromptEntry,
        messages: list[dict[str, Any]],
        kwargs: dict[str, Any],
        ctx: AgentContext,
        mode: OutputMode,
    ) -> Assembled:
        timeout, cut_by_budget = self._timeout(ctx)
        # When the run's deadline comes before LLM_TIMEOUT_S, a retry after a timeout could
        # not finish in time either: one attempt only.
        client = self.client.with_options(max_retries=0) if cut_by_budget else self.client
        # The messages and tool schemas are plain JSON already: they ride in ``extra_body``, which
        # the client merges into the request body as it is, instead of walking them against its
        # TypedDicts on every call (issue 30: that walk was ~5 ms of CPU per call, the whole
        # conversation each time). The body's JSON is the same; ``messages=[]`` only satisfies
        # the signature and is replaced by the merge.
        typed = dict(kwargs)
        untyped: dict[str, Any] = {"messages": messages}
        if "tools" in typed:
            untyped["tools"] = typed.pop("tools")
        try:
            stream = client.chat.completions.create(
                model=model,
                messages=[],
                extra_headers=self.headers(prompt),
                extra_body=untyped,
                stream=True,
                stream_options=STREAM_OPTIONS,
                timeout=timeout,
                **typed,
            )
        except Exception as exc:  # noqa: BLE001 — mapped, or re-raised untouched
            raise self._transport_error(role, exc, ctx) from exc
        watchdog = _Watchdog(stream, ctx.seconds_left())
        try:
            with stream:
                return assemble(stream_chunks(stream.response), seconds_left=ctx.seconds_left)
        except DeadlineReached:
            raise self._cut_off(role, messages, kwargs, ctx, mode) from None
        except MalformedChunk as exc:
            raise self._error(role, "模型服务返回了无法解析的流式响应", exc, REASON_MALFORMED, retryable=True) from exc
        except Exception as exc:  # noqa: BLE001 — mapped, or re-raised untouched
            if watchdog.fired:
                raise self._cut_off(role, messages, kwargs, ctx, mode) from None
            raise self._transport_error(role, exc, ctx) from exc
        finally:
            watchdog.cancel()

    def _cut_off(
        self, role: Role, messages: list[dict[str, Any]], kwargs: dict[str, Any], ctx: AgentContext, mode: OutputMode
    ) -> AgentError:
        """A call the run deadline cut mid-way was still sent and paid for: it counts (its
        prompt estimated) in the usage the audit shows."""
        ctx.record_usage(role, prompt_tokens=estimate_prompt_tokens(messages, kwargs.get("tools")), completion_tokens=0,
                         estimated=True, output_mode=mode)
        return self._deadline_error(role, ctx)

    def _deadline_error(self, role: Role, ctx: AgentContext) -> AgentError:
        ctx.budget_refused = "seconds"
        logger.warning("openai %s call cut off: the run's time budget (RUN_MAX_SECONDS) ran out", role)
        return AgentError(
            f"{role}: 本次运行的时长预算已用完，已断开模型请求", retryable=False, reason=REASON_BUDGET_EXHAUSTED
        )

    def _transport_error(self, role: Role, exc: Exception, ctx: AgentContext) -> AgentError:
        """The AgentError for a failure of the request or of its stream (the client's retries,
        if any, are already spent). A mid-stream timeout is not retried: the generation was
        under way, and a retry would pay for it again. A timeout that the run's deadline cut
        short is the budget's doing."""
        if isinstance(exc, openai.APITimeoutError) and ctx.budget_exceeded() == "seconds":
            return self._deadline_error(role, ctx)
        if isinstance(exc, openai.APITimeoutError):
            return self._error(role, f"模型请求超时（{self.config.timeout_s:g}s，已重试 {self.config.max_retries} 次）", exc, REASON_TIMEOUT, retryable=False)
        if isinstance(exc, openai.APIConnectionError):
            return self._error(role, "无法连接模型服务", exc, REASON_CONNECTION, retryable=False)
        if isinstance(exc, openai.RateLimitError):
            return self._error(role, "模型服务限流（429），重试已用尽", exc, REASON_RATE_LIMITED, retryable=False)
        if isinstance(exc, openai.APIStatusError):
            return self._error(role, f"模型服务返回 HTTP {exc.status_code}", exc, REASON_HTTP_ERROR, retryable=False)
        if isinstance(exc, (openai.APIResponseValidationError, ValueError)):  # incl. json.JSONDecodeError
            # A 200 whose events are not chat-completion chunks: the server answered, re-asking is sound.
            return self._error(role, "模型服务返回了无法解析的响应体", exc, REASON_MALFORMED, retryable=True)
        if isinstance(exc, openai.OpenAIError):  # incl. an error event inside the stream
            return self._error(role, "模型调用失败", exc, REASON_HTTP_ERROR, retryable=False)
        raise exc  # not a model-call failure (a bug, a test's network guard): unchanged

    def _error(self, role: Role, message: str, exc: Exception, reason: str, *, retryable: bool) -> AgentError:
        detail = self.config.scrub(str(exc))[:MAX_ERROR_DETAIL_CHARS]
        logger.warning("openai %s call failed: %s (%s): %s", role, reason, type(exc).__name__, detail)
        return AgentError(f"{role}: {message}: {detail}", retryable=retryable, reason=reason)

    # --- reply shape -----------------------------------------------------------------
    def _first_choice(self, role: Role, reply: Assembled, *, allow_tool_calls: bool) -> ChatReply:
        if not reply.saw_choice:
            raise AgentError(f"{role}: 模型回复没有 choices", retryable=True, reason=REASON_EMPTY_CHOICES)
        if not reply.content_is_text:
            raise AgentError(f"{role}: 模型回复的 content 不是文本", retryable=True, reason=REASON_MALFORMED)
        content, finish_reason, tool_calls = reply.content, reply.finish_reason, reply.tool_calls
        if finish_reason == "length":
            # Cut by its max_tokens bound: half a JSON object, or tool-call arguments that were
            # never finished (never executed). A truncated reply; the caller re-asks once.
            raise AgentError(f"{role}: 模型输出被截断（finish_reason=length）", retryable=True, reason=REASON_TRUNCATED)
        if tool_calls and allow_tool_calls:
            return ChatReply(content=content, finish_reason=finish_reason or "tool_calls", tool_calls=tool_calls)
        if finish_reason == "content_filter":
            raise AgentError(f"{role}: 模型输出被内容过滤拦截", retryable=False, reason=REASON_FILTERED)
        if not content.strip():
            # Known DeepSeek behaviour: finish_reason=stop with empty content. Not an answer.
            raise AgentError(
                f"{role}: 模型返回空内容（finish_reason={finish_reason or 'none'}）", retryable=True, reason=REASON_BLANK
            )
        return ChatReply(content=content, finish_reason=finish_reason or "stop", tool_calls=[])


def _endpoint_unavailable(exc: BaseException | None) -> bool:
    """Whether a failed call counts against the endpoint's circuit: no answer at all (connection
    error, timeout) or a server-side error (5xx), after the client's own retries — except a
    refused ``response_format``, which llama-cpp-python answers with a 500 (the server is up)."""
    if isinstance(exc, openai.APIConnectionError):  # includes APITimeoutError
        return True
    return isinstance(exc, openai.APIStatusError) and exc.status_code >= 500 and not _refuses_format(exc)


def _refuses_format(exc: BaseException | None) -> bool:
    """Whether ``exc`` is an error answer refusing the request's ``response_format``."""
    if not isinstance(exc, openai.APIStatusError):
        return False
    return rejects_response_format(exc.status_code, f"{exc.message} {exc.body}")
