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

Timeouts are explicit (``openai.Timeout``: connect ≤ 10 s, read/write/pool = LLM_TIMEOUT_S),
never the library's 10-minute default.

Every request carries ``X-Prompt-Name`` (the role) and ``X-Prompt-Version`` (the version in the
prompt file's front matter) via ``extra_headers``.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import openai
from openai.types.chat import ChatCompletion, ChatCompletionMessage

from diagnosis.agents.base import AgentContext, AgentError, Role
from diagnosis.agents.openai.config import OpenAIConfig
from diagnosis.prompts_catalog import PromptEntry

logger = logging.getLogger(__name__)

HEADER_PROMPT_NAME = "X-Prompt-Name"
HEADER_PROMPT_VERSION = "X-Prompt-Version"
JSON_OBJECT_FORMAT = {"type": "json_object"}
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


@dataclass(frozen=True)
class ChatReply:
    """The parts of a completion the agents use; ``message`` is the first choice's message."""

    content: str
    finish_reason: str
    tool_calls: list[Any]
    message: Any


class ChatCaller:
    """Sends one role's chat request and turns every failure into an ``AgentError``."""

    def __init__(self, client: openai.OpenAI, config: OpenAIConfig) -> None:
        self.client = client
        self.config = config

    def headers(self, prompt: PromptEntry) -> dict[str, str]:
        return {HEADER_PROMPT_NAME: prompt.role, HEADER_PROMPT_VERSION: prompt.version}

    def call(
        self,
        *,
        role: Role,
        prompt: PromptEntry,
        messages: list[dict[str, Any]],
        ctx: AgentContext,
        json_mode: bool = False,
        tools: list[dict[str, Any]] | None = None,
        tool_choice: str | None = None,
        allow_tool_calls: bool = False,
    ) -> ChatReply:
        ctx.check_budget(role)  # before every model call: a spent run budget sends nothing
        # Every request carries its role's output bound: a runaway generation costs at most that.
        kwargs: dict[str, Any] = {self.config.max_tokens_param: self.config.max_tokens_by_role[role]}
        if json_mode:
            kwargs["response_format"] = JSON_OBJECT_FORMAT
        if tools:
            kwargs["tools"] = tools
            if tool_choice:
                kwargs["tool_choice"] = tool_choice
        completion = self._send(role, prompt, messages, kwargs)
        self._record_usage(role, completion, ctx)
        return self._first_choice(role, completion, allow_tool_calls=allow_tool_calls)

    # --- transport -------------------------------------------------------------------
    def _send(self, role: Role, prompt: PromptEntry, messages: list[dict[str, Any]], kwargs: dict[str, Any]) -> Any:
        model = self.config.model_by_role.get(role) or ""
        try:
            return self.client.chat.completions.create(
                model=model, messages=messages, extra_headers=self.headers(prompt), **kwargs  # type: ignore[arg-type]
            )
        except openai.APITimeoutError as exc:
            raise self._error(role, f"模型请求超时（{self.config.timeout_s:g}s，已重试 {self.config.max_retries} 次）", exc, REASON_TIMEOUT, retryable=False) from exc
        except openai.APIConnectionError as exc:
            raise self._error(role, "无法连接模型服务", exc, REASON_CONNECTION, retryable=False) from exc
        except openai.RateLimitError as exc:
            raise self._error(role, "模型服务限流（429），重试已用尽", exc, REASON_RATE_LIMITED, retryable=False) from exc
        except openai.APIStatusError as exc:
            raise self._error(role, f"模型服务返回 HTTP {exc.status_code}", exc, REASON_HTTP_ERROR, retryable=False) from exc
        except (openai.APIResponseValidationError, ValueError) as exc:  # incl. json.JSONDecodeError
            # A 200 whose body is not a chat completion: the server answered, so re-asking is sound.
            raise self._error(role, "模型服务返回了无法解析的响应体", exc, REASON_MALFORMED, retryable=True) from exc
        except openai.OpenAIError as exc:
            raise self._error(role, "模型调用失败", exc, REASON_HTTP_ERROR, retryable=False) from exc

    def _error(self, role: Role, message: str, exc: Exception, reason: str, *, retryable: bool) -> AgentError:
        detail = self.config.scrub(str(exc))[:MAX_ERROR_DETAIL_CHARS]
        logger.warning("openai %s call failed: %s (%s): %s", role, reason, type(exc).__name__, detail)
        return AgentError(f"{role}: {message}: {detail}", retryable=retryable, reason=reason)

    # --- reply shape -----------------------------------------------------------------
    def _record_usage(self, role: Role, completion: Any, ctx: AgentContext) -> None:
        usage = getattr(completion, "usage", None) if isinstance(completion, ChatCompletion) else None
        ctx.record_usage(
            role,
            prompt_tokens=_int(getattr(usage, "prompt_tokens", 0)),
            completion_tokens=_int(getattr(usage, "completion_tokens", 0)),
        )

    def _first_choice(self, role: Role, completion: Any, *, allow_tool_calls: bool) -> ChatReply:
        if not isinstance(completion, ChatCompletion):
            # The client hands back the body text when the server did not send JSON.
            raise AgentError(f"{role}: 模型服务返回了无法解析的响应体", retryable=True, reason=REASON_MALFORMED)
        choices = getattr(completion, "choices", None)
        if not isinstance(choices, list) or not choices:
            raise AgentError(f"{role}: 模型回复没有 choices", retryable=True, reason=REASON_EMPTY_CHOICES)
        choice = choices[0]
        message = getattr(choice, "message", None)
        finish_reason = getattr(choice, "finish_reason", None) or ""
        if not isinstance(message, ChatCompletionMessage):
            raise AgentError(f"{role}: 模型回复缺少 message", retryable=True, reason=REASON_MALFORMED)
        content = getattr(message, "content", None)
        if content is not None and not isinstance(content, str):
            raise AgentError(f"{role}: 模型回复的 content 不是文本", retryable=True, reason=REASON_MALFORMED)
        content = content or ""
        tool_calls = list(getattr(message, "tool_calls", None) or [])
        if finish_reason == "length":
            # Cut by its max_tokens bound: half a JSON object, or tool-call arguments that were
            # never finished (never executed). A truncated reply; the caller re-asks once.
            raise AgentError(f"{role}: 模型输出被截断（finish_reason=length）", retryable=True, reason=REASON_TRUNCATED)
        if tool_calls and allow_tool_calls:
            return ChatReply(content=content, finish_reason=finish_reason or "tool_calls", tool_calls=tool_calls, message=message)
        if finish_reason == "content_filter":
            raise AgentError(f"{role}: 模型输出被内容过滤拦截", retryable=False, reason=REASON_FILTERED)
        if not content.strip():
            # Known DeepSeek behaviour: finish_reason=stop with empty content. Not an answer.
            raise AgentError(
                f"{role}: 模型返回空内容（finish_reason={finish_reason or 'none'}）", retryable=True, reason=REASON_BLANK
            )
        return ChatReply(content=content, finish_reason=finish_reason or "stop", tool_calls=[], message=message)


def _int(value: Any) -> int:
    try:
        return int(value or 0)
    except (TypeError, ValueError):
        return 0
