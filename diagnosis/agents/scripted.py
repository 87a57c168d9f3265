"""A scripted provider: agents whose replies come from a script (tests and ``manage.py
evaluate``). Nothing here is smart — it only lets a caller drive every route of the graph,
including adversarial Executor and Verifier output, through the *real* tools, Gatekeeper,
parsers and persistence.

Each role takes a list of script items, consumed one per call:

- a value — returned (dicts are JSON-encoded for the executor/verifier/composer);
- an ``Exception`` instance — raised (e.g. ``AgentError("timeout", retryable=True)``);
- a callable — called with the role's input and its return value used as above
  (planner: ``(request)``, verifier: ``(input_text)``, composer: ``(material)``).

The executor takes ``ExecutorStep`` items: tool ``calls`` executed through the ToolRunner
(persisted like any call), then ``content`` — a value or a callable receiving the
``ToolCallResult``s of those calls and the runner, so a test can build bindings against the
real invocation ids, raw paths and texts (``binding_for``).

When a role's script is exhausted: the planner returns an empty plan, the composer renders the
fixed template, and the executor / verifier raise a non-retryable ``AgentError``.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from contracts.composer import ComposerMaterial
from contracts.plan import ExecutorRequest, Plan, PlannerRequest, Role
from contracts.tools import QUERY_LOGS, QUERY_METRICS, ToolCallResult
from diagnosis.agents.base import AgentContext, AgentError, ExecutorReply, Provider, ToolRunner
from diagnosis.verification.verdict import DIRECT_OBSERVATION, PASS

PROVIDER_NAME: Final = "scripted"
SCRIPT_EXHAUSTED: Final = "script_exhausted"
ANSWER_VERSION: Final = "executor_evidence_v2"
MAX_DEFAULT_EXCERPT: Final = 1500
_MISSING: Final = object()


def _text(value: Any) -> str:
    if isinstance(value, str):
        return value
    return json.dumps(value, ensure_ascii=False)


def _usage(ctx: AgentContext, role: Role, prompt: str, completion: str) -> None:
    ctx.record_usage(role, prompt_tokens=max(1, len(prompt) // 4), completion_tokens=max(1, len(completion) // 4))


class _Script:
    def __init__(self, role: Role, items: Iterable[Any] | None) -> None:
        self.role = role
        self.items = list(items or [])
        self.calls = 0

    def take(self) -> Any:
        self.calls += 1
        if not self.items:
            return _MISSING
        return self.items.pop(0)

    @staticmethod
    def resolve(item: Any, *args: Any) -> Any:
        if isinstance(item, BaseException):
            raise item
        if callable(item):
            item = item(*args)
            if isinstance(item, BaseException):
                raise item
        return item


class ScriptedPlanner:
    def __init__(self, items: Iterable[Any] | None) -> None:
        self.script = _Script("planner", items)
        self.requests: list[PlannerRequest] = []

    def plan(self, request: PlannerRequest, ctx: AgentContext) -> Plan:
        self.requests.append(request)
        item = self.script.take()
        if item is _MISSING:
            item = Plan(mode=request.mode, goal="scripted", steps=[])
        value = _Script.resolve(item, request)
        plan = value if isinstance(value, Plan) else Plan.model_validate(value)
        _usage(ctx, "planner", request.question, plan.goal)
        return plan


@dataclass
class ExecutorStep:
    """One scripted Executor turn: run ``calls`` through the real ToolRunner, then reply."""

    calls: Sequence[tuple[str, Mapping[str, Any] | str | None]] = ()
    content: Any = ""  # str | dict | Callable[[list[ToolCallResult], ToolRunner], str | dict]
    error: BaseException | None = None  # raised after the calls (a technical failure)
    results: list[ToolCallResult] = field(default_factory=list)


class ScriptedExecutor:
    def __init__(self, items: Iterable[ExecutorStep | Any] | None) -> None:
        self.script = _Script("executor", items)
        self.requests: list[ExecutorRequest] = []

    def execute(self, request: ExecutorRequest, tools: ToolRunner, ctx: AgentContext) -> ExecutorReply:
        self.requests.append(request)
        item = self.script.take()
        if item is _MISSING:
            raise AgentError("executor script exhausted", retryable=False, reason=SCRIPT_EXHAUSTED)
        if not isinstance(item, ExecutorStep):
            item = ExecutorStep(content=item)
        item.results = [tools.call(name, dict(args) if isinstance(args, Mapping) else args) for name, args in item.calls]
        if item.error is not None:
            raise item.error
        content = item.content
        if isinstance(content, BaseException):
            raise content
        if callable(content):
            content = content(item.results, tools)
        text = _text(content)
        _usage(ctx, "executor", request.question, text)
        return ExecutorReply(content=text)


class ScriptedVerifier:
    def __init__(self, items: Iterable[Any] | None) -> None:
        self.script = _Script("verifier", items)
        self.inputs: list[str] = []

    def verify(self, verifier_input: str, ctx: AgentContext) -> str:
        self.inputs.append(verifier_input)
        item = self.script.take()
        if item is _MISSING:
            raise AgentError("verifier script exhausted", retryable=False, reason=SCRIPT_EXHAUSTED)
        text = _text(_Script.resolve(item, verifier_input))
        _usage(ctx, "verifier", verifier_input, text)
        return text


class ScriptedComposer:
    def __init__(self, items: Iterable[Any] | None) -> None:
        self.script = _Script("composer", items)
        self.materials: list[ComposerMaterial] = []

    def compose(self, material: ComposerMaterial, ctx: AgentContext) -> str:
        from diagnosis.composer.conclusion import compose_conclusion

        self.materials.append(material)
        item = self.script.take()
        if item is _MISSING:
            item = {"conclusion": [s.model_dump() for s in compose_conclusion(material)]}
        text = _text(_Script.resolve(item, material))
        _usage(ctx, "composer", material.question, text)
        return text


def scripted_provider(
    *,
    planner: Iterable[Any] | None = None,
    executor: Iterable[ExecutorStep | Any] | None = None,
    verifier: Iterable[Any] | None = None,
    composer: Iterable[Any] | None = None,
    name: str = PROVIDER_NAME,
) -> Provider:
    return Provider(
        name=name,
        planner=ScriptedPlanner(planner),
        executor=ScriptedExecutor(executor),
        verifier=ScriptedVerifier(verifier),
        composer=ScriptedComposer(composer),
        model_by_role={role: f"{name}-{role}" for role in ("planner", "executor", "verifier", "composer")},
    )


# --- Contract builders (for scripts) -------------------------------------------------------------
def binding_for(
    result: ToolCallResult,
    ref_index: int = 0,
    *,
    excerpt: str | None = None,
    tool_name: str | None = None,
    invocation_id: Any = _MISSING,
    raw_path: Any = _MISSING,
    source_type: str | None = None,
) -> dict[str, Any]:
    """A binding to ``result``'s evidence ref ``ref_index`` (valid unless overridden)."""
    ref = result.evidence_refs[ref_index] if result.evidence_refs else {}
    text = str(ref.get("text", ""))
    binding: dict[str, Any] = {
        "source_type": source_type or {QUERY_LOGS: "log", QUERY_METRICS: "metric"}.get(result.tool_name, "knowledge"),
        "tool_name": tool_name or result.tool_name,
        "source_invocation_id": result.invocation_id if invocation_id is _MISSING else invocation_id,
        "raw_path": ref.get("raw_path") if raw_path is _MISSING else raw_path,
        "evidence_excerpt": excerpt if excerpt is not None else text[:MAX_DEFAULT_EXCERPT],
    }
    return {k: v for k, v in binding.items() if v is not None}


def claim(
    claim_id: str,
    text: str,
    bindings: Sequence[Mapping[str, Any]],
    *,
    claim_type: str = "observation",
    support_level: str = "direct",
) -> dict[str, Any]:
    return {
        "claim_id": claim_id,
        "claim_type": claim_type,
        "claim_text": text,
        "support_level": support_level,
        "evidence_bindings": [dict(b) for b in bindings],
    }


def contract(
    claims: Sequence[Mapping[str, Any]] = (),
    *,
    hypotheses: Sequence[Any] = (),
    recommended_actions: Sequence[Any] = (),
    missing_info: Sequence[Any] = (),
    **extra: Any,
) -> dict[str, Any]:
    return {
        "answer_version": ANSWER_VERSION,
        "claims": [dict(c) for c in claims],
        "hypotheses": list(hypotheses),
        "recommended_actions": list(recommended_actions),
        "missing_info": list(missing_info),
        **extra,
    }


def verifier_reply(
    verdict: str = PASS,
    *,
    verification: str | Mapping[str, str] = DIRECT_OBSERVATION,
    critical: bool | Mapping[str, bool] = True,
    gaps: Sequence[Mapping[str, Any]] | Callable[[list[str]], Sequence[Mapping[str, Any]]] = (),
    score: float = 0.9,
    rationale: str = "scripted",
    refs: bool = True,
) -> Callable[[str], dict[str, Any]]:
    """A verifier script item that checks every verified claim found in the input it receives:
    ``verification`` for all (str) or per claim id (mapping; missing ids → direct_observation)."""

    def reply(verifier_input: str) -> dict[str, Any]:
        payload = json.loads(verifier_input)
        claim_ids = [c["claim_id"] for c in payload["verified_executor_output"]["claims"]]
        evidence = payload["verified_evidence"]
        checks = []
        for cid in claim_ids:
            kind = verification if isinstance(verification, str) else verification.get(cid, DIRECT_OBSERVATION)
            is_critical = critical if isinstance(critical, bool) else critical.get(cid, True)
            checks.append(
                {
                    "claim_id": cid,
                    "verification": kind,
                    "is_critical": is_critical,
                    "detail": f"scripted {kind}",
                    "evidence_refs": [
                        {k: e[k] for k in ("claim_id", "source_invocation_id", "tool_name", "raw_path")}
                        for e in evidence
                        if e["claim_id"] == cid and refs
                    ],
                }
            )
        return {
            "verdict": verdict,
            "groundedness_score": score,
            "critical_fact_count": sum(1 for c in checks if c["is_critical"]),
            "claim_checks": checks,
            "evidence_gaps": list(gaps(claim_ids) if callable(gaps) else gaps),
            "rationale": rationale,
        }

    return reply


def conclusion_reply(text: str, claims: Sequence[str] = ("c1",)) -> Callable[[ComposerMaterial], dict[str, Any]]:
    """A composer reply of the conclusion contract: one sentence citing ``claims``."""
    return lambda material: {"conclusion": [{"text": text, "claims": list(claims)}]}
