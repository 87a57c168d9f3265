"""The tools' names and what an agent sees of one executed tool call."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Final


class ToolName(StrEnum):
    """Every tool the executor may call (the ``ToolInvocation.tool_name`` values)."""

    LOOKUP_KNOWLEDGE = "lookup_knowledge"
    QUERY_LOGS = "query_logs"
    QUERY_METRICS = "query_metrics"
    QUERY_K8S = "query_k8s"
    GET_CURRENT_TIME = "get_current_time"


#: Elements a listing tool returns: by default, at most.
LIMIT_DEFAULT: Final = 20
LIMIT_MAX: Final = 100
#: The Kubernetes kinds ``query_k8s`` reads.
K8S_KINDS: Final = (
    "pods", "events", "deployments", "nodes", "services", "endpointslices", "replicasets", "statefulsets",
    "daemonsets", "jobs", "cronjobs", "pvcs", "pvs", "resourcequotas", "limitranges", "hpas", "ingresses",
    "networkpolicies", "secrets", "configmaps",
)  # DESIGN §10.2, §10.6 (the tool's KINDS)

LOOKUP_KNOWLEDGE: Final = ToolName.LOOKUP_KNOWLEDGE
QUERY_LOGS: Final = ToolName.QUERY_LOGS
QUERY_METRICS: Final = ToolName.QUERY_METRICS
QUERY_K8S: Final = ToolName.QUERY_K8S
GET_CURRENT_TIME: Final = ToolName.GET_CURRENT_TIME


@dataclass(frozen=True)
class ToolCallResult:
    """What an agent sees of one executed tool call (a persisted ToolInvocation)."""

    invocation_id: str
    tool_name: str
    round: int
    status: str  # success | no_hit | failed | deduped
    arguments: dict[str, Any]
    output: Any
    evidence_refs: list[dict[str, Any]]
    error: str = ""
    deduped_from: str = ""
    origin: str = ""  # why an agent made a follow-up call of its own ("" = a planned call)
