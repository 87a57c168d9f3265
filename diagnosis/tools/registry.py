"""The tool registry: names, argument models, evidence-bearing flags, and OpenAI tool schemas."""

from __future__ import annotations

import copy
import functools
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from contracts.tools import GET_CURRENT_TIME, LOOKUP_KNOWLEDGE, QUERY_K8S, QUERY_LOGS, QUERY_METRICS
from diagnosis.tools import clock, k8s, knowledge, logs, metrics
from diagnosis.tools.arguments import (
    GetCurrentTimeArgs,
    LookupKnowledgeArgs,
    QueryK8sArgs,
    QueryLogsArgs,
    QueryMetricsArgs,
    ToolArguments,
)
from diagnosis.tools.base import ToolContext, ToolOutcome


@dataclass(frozen=True)
class ToolSpec:
    name: str
    description: str
    args_model: type[ToolArguments]
    run: Callable[[Any, ToolContext], ToolOutcome]
    render_refs: Callable[[dict[str, Any]], list[dict[str, Any]]]
    evidence_bearing: bool
    list_keys: tuple[str, ...] = ()  # the output lists that may be shortened to cap the output size
    backend_kind: str | None = None  # "logs" | "metrics" | "knowledge" | "k8s"; None for helpers


TOOLS: dict[str, ToolSpec] = {
    spec.name: spec
    for spec in (
        ToolSpec(
            name=LOOKUP_KNOWLEDGE,
            description=(
                "检索运维知识库/处理手册（中英文皆可），返回最相关的片段及分数。"
                " Search the runbooks and knowledge base; returns the best-matching chunks with scores."
            ),
            args_model=LookupKnowledgeArgs,
            run=knowledge.run,
            render_refs=knowledge.refs,
            evidence_bearing=True,
            list_keys=("hits",),
            backend_kind="knowledge",
        ),
        ToolSpec(
            name=QUERY_LOGS,
            description=(
                "按服务（名称或别名）、最低级别、关键字和时间窗口查询日志，最新的在前。"
                " Query log records by service (name or alias), minimum level, keywords and time window; newest first."
            ),
            args_model=QueryLogsArgs,
            run=logs.run,
            render_refs=logs.refs,
            evidence_bearing=True,
            list_keys=("records",),
            backend_kind="logs",
        ),
        ToolSpec(
            name=QUERY_METRICS,
            description=(
                "查询时间窗口内的告警（触发中/已恢复）及指标序列摘要（最小/最大/平均/最新值、越过阈值的时间）。"
                " Alerts active in the window and metric series summaries (min/max/avg/last, threshold crossing)."
            ),
            args_model=QueryMetricsArgs,
            run=metrics.run,
            render_refs=metrics.refs,
            evidence_bearing=True,
            list_keys=("alerts", "series"),
            backend_kind="metrics",
        ),
        ToolSpec(
            name=QUERY_K8S,
            description=(
                "查询 Kubernetes 状态：Pod（阶段、就绪、重启次数、上次终止原因与退出码、等待原因）、事件"
                "（Warning/Normal、原因、对象、消息、次数、首次/最近时间）、Deployment（副本、镜像、版本、变更时间与原因、条件），"
                "以及节点（Ready/压力条件、污点、可分配与已请求）、Service（选择器、端口、就绪端点、匹配的 Pod）、"
                "EndpointSlice、ReplicaSet（FailedCreate）、StatefulSet、DaemonSet、Job、CronJob、PVC/PV、ResourceQuota、"
                "LimitRange、HPA、Ingress、NetworkPolicy、Secret/ConfigMap（只有名称和键名，从不读取值）。"
                "用于重启、OOMKilled、起不来/未就绪、镜像拉取、调度失败、服务不可达和“最近改了什么”。"
                " Kubernetes state of one kind in a namespace (pods, events, deployments, nodes, services, "
                "endpointslices, replicasets, statefulsets, daemonsets, jobs, cronjobs, pvcs, pvs, resourcequotas, "
                "limitranges, hpas, ingresses, networkpolicies, secrets, configmaps), by name, reason and time window."
            ),
            args_model=QueryK8sArgs,
            run=k8s.run,
            render_refs=k8s.refs,
            evidence_bearing=True,
            list_keys=k8s.KINDS,
            backend_kind="k8s",
        ),
        ToolSpec(
            name=GET_CURRENT_TIME,
            description=(
                "返回当前时间（有证据包参考时间时为参考时间），用于解析“10:05”“半小时前”等相对时间。不是证据。"
                " The current time (the evidence reference time when loaded); for resolving relative times. Not evidence."
            ),
            args_model=GetCurrentTimeArgs,
            run=clock.run,
            render_refs=clock.refs,
            evidence_bearing=False,
        ),
    )
}

EVIDENCE_TOOL_NAMES: frozenset[str] = frozenset(name for name, spec in TOOLS.items() if spec.evidence_bearing)


def get_tool(name: str) -> ToolSpec | None:
    return TOOLS.get(name) if isinstance(name, str) else None


def is_evidence_bearing(name: str) -> bool:
    return name in EVIDENCE_TOOL_NAMES


def _simplify(schema: Any) -> Any:
    """Plain JSON schema for OpenAI-compatible servers: no titles, no ``anyOf [X, null]``."""
    if isinstance(schema, dict):
        schema = {k: _simplify(v) for k, v in schema.items() if k != "title"}
        any_of = schema.get("anyOf")
        if isinstance(any_of, list):
            non_null = [s for s in any_of if s != {"type": "null"}]
            if len(non_null) == 1 and len(non_null) < len(any_of):
                schema.pop("anyOf")
                schema = {**non_null[0], **schema}
                if schema.get("default", ...) is None:
                    schema.pop("default")
        return schema
    if isinstance(schema, list):
        return [_simplify(item) for item in schema]
    return schema


def parameters_schema(args_model: type[ToolArguments]) -> dict[str, Any]:
    return copy.deepcopy(_parameters_schema(args_model))


@functools.cache
def _parameters_schema(args_model: type[ToolArguments]) -> dict[str, Any]:
    """Built once per tool: pydantic's schema generation costs milliseconds per request."""
    schema = _simplify(copy.deepcopy(args_model.model_json_schema()))
    schema.setdefault("properties", {})
    schema["type"] = "object"
    return schema


def tool_specs(names: list[str] | None = None) -> list[dict[str, Any]]:
    """The ``tools`` list for the OpenAI chat completions API (all tools, or ``names``)."""
    wanted = list(TOOLS) if names is None else [n for n in names if n in TOOLS]
    return [
        {
            "type": "function",
            "function": {
                "name": TOOLS[name].name,
                "description": TOOLS[name].description,
                "parameters": parameters_schema(TOOLS[name].args_model),
            },
        }
        for name in wanted
    ]
