"""Executor over an OpenAI-compatible model: a bounded tool-calling loop (OpenAI ``tools``).

Each tool call the model makes runs through ``ToolRunner.call(name, arguments_json)`` — the same
tool layer and persistence as the offline executor — and its result goes back as a ``tool``
message whose content is the JSON of :func:`tool_message_content` (wire contract, DESIGN §7).

Bounds: at most ``EXECUTOR_MAX_TOOL_CALLS`` executed calls per round (= per ``execute``). A call
beyond the budget is not executed; it is answered with a ``budget_exhausted`` tool message and
the following requests carry ``tool_choice="none"``. The loop also stops hard after
``max_tool_calls + EXTRA_TURNS`` model turns.

Content re-ask: the executor node does not re-ask (that would rerun tools), so a turn whose
reply arrived but is not usable (blank content — DeepSeek's ``finish_reason=stop`` with ``""`` —,
truncation, empty ``choices``, a malformed body: a *retryable* ``AgentError``) is re-sent here
once with the identical messages; tools do not rerun. Transport failures are not re-sent (the
client's retries are the one transport layer).

Structured output only on the final-answer turn: ``response_format`` together with ``tools``
suppresses tool calls on several OpenAI-compatible servers (vLLM guided decoding, Ollama's
``format: json``), so a turn that may still call a tool goes without it. Once the call budget is
spent the turn can only answer (``tool_choice="none"``): that turn is constrained to the
contract's schema (issue 29). A final answer the model gives on an earlier turn of its own accord
is unconstrained; the prompt demands one JSON object and the graph's parser accepts one
surrounding code fence.
"""

from __future__ import annotations

import json
import logging
from dataclasses import replace
from typing import Any, Final

from contracts.plan import ExecutorRequest
from contracts.tools import ToolCallResult, ToolName
from diagnosis.agents.base import AgentContext, AgentError, ExecutorReply, ToolRunner
from diagnosis.agents.openai.client import ChatCaller
from diagnosis.agents.openai.parsing import dumps
from diagnosis.agents.openai.prompts import load_prompt
from diagnosis.agents.openai.schemas import EvidenceSource, bound_to_sources, reply_schema

logger = logging.getLogger(__name__)

TOOL_MESSAGE_MAX_CHARS = 8000
#: A tool result in the compact profile's request: a small model reads ~200 tokens a second.
COMPACT_TOOL_RESULT_MAX_CHARS = 2000
#: EXECUTOR_TOOL_CALLS=plan runs only evidence tools: the clock is no evidence.
NOT_EVIDENCE: Final = frozenset({ToolName.GET_CURRENT_TIME})
TOOL_CALLS_PLAN = "plan"
#: A binding's ``source_type`` per evidence tool (DESIGN §5.1; the executor prompt's table).
SOURCE_TYPE: Final[dict[str, str]] = {
    ToolName.QUERY_LOGS: "log", ToolName.QUERY_METRICS: "metric", ToolName.QUERY_K8S: "k8s",
    ToolName.LOOKUP_KNOWLEDGE: "knowledge",
}
SUMMARY_MAX_CHARS = 1200
EXTRA_TURNS = 3
CONTENT_REASKS = 1
STATUS_BUDGET_EXHAUSTED = "budget_exhausted"
BUDGET_EXHAUSTED_MESSAGE = (
    "tool call budget exhausted: no more tools this round ({limit} per round). "
    "工具调用预算已用完：请立即根据已有工具结果输出最终的 executor_evidence_v2 JSON 对象。"
)
REASON_TURN_LIMIT = "executor_turn_limit"


def tool_message_content(result: ToolCallResult, *, limit: int = TOOL_MESSAGE_MAX_CHARS) -> str:
    """The tool result as the model sees it: ids, status, every evidence ref (``raw_path`` +
    ``text``), then a bounded summary. Over ``limit`` the summary goes first, then trailing refs
    (counted in ``evidence_refs_omitted``), so the refs the model can cite survive longest."""
    refs = [{"raw_path": str(r.get("raw_path", "")), "text": str(r.get("text", ""))} for r in result.evidence_refs or []]
    payload: dict[str, Any] = {
        "invocation_id": result.invocation_id,
        "tool_name": result.tool_name,
        "status": result.status,
        "evidence_refs": refs,
    }
    if result.error:
        payload["error"] = result.error[:500]
    if result.deduped_from:
        payload["deduped_from"] = result.deduped_from
    payload["summary"] = output_summary(result.output)
    text = dumps(payload)
    if len(text) <= limit:
        return text
    payload["summary"] = ""
    omitted = 0
    while refs and len(dumps(payload)) > limit:
        refs.pop()
        omitted += 1
        payload["evidence_refs_omitted"] = omitted
    return dumps(payload)


def output_summary(output: Any, *, limit: int = SUMMARY_MAX_CHARS) -> str:
    """A short overview of a tool output: top-level scalars verbatim, lists as their length.

    The evidence itself travels in ``evidence_refs``; this only tells the model the shape
    (totals, truncation, time window) without duplicating every record."""
    if isinstance(output, dict):
        overview: dict[str, Any] = {}
        for key, value in output.items():
            if isinstance(value, list):
                overview[key] = f"{len(value)} items"
            elif isinstance(value, dict):
                overview[key] = {k: v for k, v in value.items() if isinstance(v, str | int | float | bool) or v is None}
            else:
                overview[key] = value
        text = dumps(overview)
    elif output is None:
        text = ""
    else:
        text = dumps(output)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def executor_user_message(request: ExecutorRequest, previous: list[ToolCallResult]) -> str:
    payload = request.model_dump(mode="json", include={"question", "plan", "mode", "round", "now", "timezone", "services"})
    if request.mode == "EVIDENCE_GAP_ONLY":
        payload["evidence_gaps"] = request.model_dump(mode="json", include={"evidence_gaps"})["evidence_gaps"]
    if previous:
        # Earlier rounds' results, so the final contract may cite them (ids stay valid in this run).
        payload["previous_tool_results"] = [json.loads(tool_message_content(r, limit=2000)) for r in previous]
    return dumps(payload)


def planned_user_message(
    request: ExecutorRequest, previous: list[ToolCallResult], results: list[ToolCallResult], *, compact: bool
) -> str:
    """EXECUTOR_TOOL_CALLS=plan: the one request's user message — the question and the results of
    the plan's steps (``tool_results``, each the JSON a tool message carries). The compact profile
    leaves out the plan and the service catalogue (the model no longer picks tools or arguments)
    and bounds each result tighter."""
    if compact:
        payload = request.model_dump(mode="json", include={"question", "mode", "round", "now", "timezone"})
    else:
        payload = json.loads(executor_user_message(request, []))
    limit = COMPACT_TOOL_RESULT_MAX_CHARS if compact else TOOL_MESSAGE_MAX_CHARS
    payload["tool_results"] = [json.loads(tool_message_content(r, limit=limit)) for r in [*previous, *results]]
    return dumps(payload)


def evidence_sources(user_message: str) -> list[EvidenceSource]:
    """The citable results of a :func:`planned_user_message`: the refs as the model sees them
    (a result cut to its bound lists fewer), never ``failed`` calls, never the clock."""
    sources = []
    for result in json.loads(user_message).get("tool_results") or []:
        tool = str(result.get("tool_name", ""))
        if result.get("status") == "failed" or tool not in SOURCE_TYPE:
            continue
        paths = tuple(dict.fromkeys(str(ref.get("raw_path", "")) for ref in result.get("evidence_refs") or []))
        sources.append(EvidenceSource(invocation_id=str(result.get("invocation_id", "")), tool_name=tool,
                                      source_type=SOURCE_TYPE[tool], raw_paths=tuple(p for p in paths if p)))
    return sources


def _tool_call_parts(tool_call: Any, turn: int, index: int) -> tuple[str, str, str]:
    function = getattr(tool_call, "function", None)
    call_id = getattr(tool_call, "id", None) or f"call_{turn}_{index}"  # some servers omit ids
    name = getattr(function, "name", None) or ""
    arguments = getattr(function, "arguments", None)
    if arguments is None:
        arguments = ""
    return str(call_id), str(name), arguments if isinstance(arguments, str) else dumps(arguments)


def _tool_choice(request: ExecutorRequest, *, executed: int, budget: int, turn: int, first: str) -> Any:
    """``none`` once the call budget is spent; on the first turn with ``first == "plan"`` the plan's
    first tool by name (EXECUTOR_FIRST_TOOL_CHOICE); otherwise the server's default (auto)."""
    if executed >= budget:
        return "none"
    if first == "plan" and turn == 0 and request.plan.steps:
        return {"type": "function", "function": {"name": request.plan.steps[0].tool}}
    return None


def _offered_tools(specs: list[dict[str, Any]], choice: Any) -> list[dict[str, Any]]:
    """The tool schemas sent with a request: all of them, except when ``tool_choice`` names one
    function — the model can call only that one, so only its schema is sent. That keeps the
    first turn of EXECUTOR_FIRST_TOOL_CHOICE=plan short (the full schema list is most of the
    executor's prompt: ~4.5k tokens, which a small local model reads for minutes)."""
    if not isinstance(choice, dict):
        return specs
    name = choice.get("function", {}).get("name")
    named = [spec for spec in specs if spec.get("function", {}).get("name") == name]
    return named or specs


class OpenAIExecutor:
    def __init__(self, caller: ChatCaller) -> None:
        self.caller = caller

    def tool_specs(self) -> list[dict[str, Any]]:
        from diagnosis.tools.registry import tool_specs

        return list(tool_specs())

    def execute(self, request: ExecutorRequest, tools: ToolRunner, ctx: AgentContext) -> ExecutorReply:
        if self.caller.config.tool_calls == TOOL_CALLS_PLAN:
            return self.execute_plan(request, tools, ctx)
        prompt = load_prompt("executor")
        budget = self.caller.config.max_tool_calls
        specs = self.tool_specs()
        messages: list[dict[str, Any]] = [
            {"role": "system", "content": prompt.text},
            {"role": "user", "content": executor_user_message(request, tools.history())},
        ]
        executed = 0
        reasks = 0
        for turn in range(budget + EXTRA_TURNS):
            choice = _tool_choice(request, executed=executed, budget=budget, turn=turn,
                                  first=self.caller.config.first_tool_choice)
            try:
                reply = self.caller.call(
                    role="executor",
                    prompt=prompt,
                    messages=messages,
                    ctx=ctx,
                    tools=_offered_tools(specs, choice),
                    tool_choice=choice,
                    allow_tool_calls=True,
                    reply_schema=reply_schema("executor", self.caller.config.prompt_profile) if choice == "none" else None,
                )
            except AgentError as exc:
                if not exc.retryable or reasks >= CONTENT_REASKS:
                    raise
                reasks += 1
                logger.info("executor reply unusable (%s); re-asking once with the same messages", exc.reason)
                continue
            if not reply.tool_calls:
                return ExecutorReply(content=reply.content, finish_reason=reply.finish_reason)
            calls = [_tool_call_parts(tc, turn, i) for i, tc in enumerate(reply.tool_calls)]
            assistant: dict[str, Any] = {
                "role": "assistant",
                # A string, never null: OpenAI accepts both, but llama-cpp-python's server rejects
                # ``"content": null`` (HTTP 500) and its chat template needs the key (measured).
                "content": reply.content or "",
                "tool_calls": [
                    {"id": call_id, "type": "function", "function": {"name": name, "arguments": arguments}}
                    for call_id, name, arguments in calls
                ],
            }
            messages.append(assistant)
            for call_id, name, arguments in calls:
                if executed >= budget:
                    content = dumps(
                        {
                            "invocation_id": "",
                            "tool_name": name,
                            "status": STATUS_BUDGET_EXHAUSTED,
                            "evidence_refs": [],
                            "error": BUDGET_EXHAUSTED_MESSAGE.format(limit=budget),
                        }
                    )
                else:
                    executed += 1
                    content = tool_message_content(self._run(tools, name, arguments))
                messages.append({"role": "tool", "tool_call_id": call_id, "content": content})
        raise AgentError(
            f"executor: 超过工具循环轮数上限（{budget + EXTRA_TURNS} 次模型调用）仍未给出最终契约",
            retryable=False,
            reason=REASON_TURN_LIMIT,
        )

    def execute_plan(self, request: ExecutorRequest, tools: ToolRunner, ctx: AgentContext) -> ExecutorReply:
        """EXECUTOR_TOOL_CALLS=plan: the plan's evidence steps run as planned (at most
        EXECUTOR_MAX_TOOL_CALLS, through the same tool layer), then one model request — no
        ``tools``, the results in the user message — constrained to the contract. For models
        and servers whose tool calling is unreliable: llama-cpp-python's chatml-function-calling
        format renders no ``tool`` message into the prompt at all (measured, 0.3.36), so a model
        behind it never sees what its tools returned. The Gatekeeper checks the contract exactly
        as after the tool loop."""
        prompt = load_prompt("executor")
        previous = tools.history()
        steps = [step for step in request.plan.steps if step.tool not in NOT_EVIDENCE]
        results = [self._run(tools, step.tool, dumps(step.arguments))
                   for step in steps[: self.caller.config.max_tool_calls]]
        compact = self.caller.config.prompt_profile == "compact"
        user = planned_user_message(request, previous, results, compact=compact)
        messages: list[dict[str, Any]] = [
            {"role": "system", "content": prompt.text},
            {"role": "user", "content": user},
        ]
        spec = reply_schema("executor", self.caller.config.prompt_profile)
        if compact:  # the bindings can name only the results in this request (their ids, their paths)
            spec = replace(spec, schema=bound_to_sources(spec.schema, evidence_sources(user)))
        for attempt in range(CONTENT_REASKS + 1):
            try:
                reply = self.caller.call(role="executor", prompt=prompt, messages=messages, ctx=ctx, reply_schema=spec)
            except AgentError as exc:
                if not exc.retryable or attempt >= CONTENT_REASKS:
                    raise
                logger.info("executor reply unusable (%s); re-asking once with the same messages", exc.reason)
                continue
            return ExecutorReply(content=reply.content, finish_reason=reply.finish_reason)
        raise AssertionError("unreachable: the last attempt returns or raises")

    def _run(self, tools: ToolRunner, name: str, arguments: str) -> ToolCallResult:
        """One call through the tool layer. Unknown names and bad JSON are recorded there as
        failed invocations; anything that still escapes becomes a failed result for the model."""
        try:
            return tools.call(name, arguments)
        except Exception as exc:  # noqa: BLE001 — the model must hear about it, the run must not crash
            logger.exception("tool %r raised through the tool layer", name)
            return ToolCallResult(
                invocation_id="", tool_name=name, round=0, status="failed", arguments={}, output=None,
                evidence_refs=[], error=f"tool error: {type(exc).__name__}",
            )
