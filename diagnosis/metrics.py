"""Prometheus metrics of the diagnosis pipeline (issue 12 item 4). One home for every metric:
the graph, the finaliser, the reaper, the tool layer and the model client only call the
``observe_*`` functions below.

Multi-process: with ``PROMETHEUS_MULTIPROC_DIR`` set (before the process starts; gunicorn
workers, uvicorn ``--workers``, Celery prefork children) prometheus-client writes every value
to files in that directory and ``/metrics`` aggregates them across processes
(``metrics_exposition``). Only counters and histograms are used: they aggregate by summing, so
no gauge mode needs choosing and a dead worker's counts stay counted. Without the variable the
process-local default registry is served (runserver, one uvicorn process).

Labels are closed vocabularies (roles, node names, tool names from the registry, statuses,
verdicts) — never free text from a model or a user, so cardinality stays bounded.
"""

from __future__ import annotations

import os
from typing import Final

from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, Counter, Histogram, generate_latest
from prometheus_client import multiprocess as prometheus_multiprocess

UNKNOWN: Final = "unknown"
NODE_BUCKETS: Final = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120)

RUNS = Counter(
    "superbiz_runs_total",
    "Runs that reached a terminal state, by how they ended.",
    ["kind", "status", "outcome", "verdict"],
)
RUNS_REAPED = Counter("superbiz_runs_reaped_total", "Runs the reaper closed as stale_run.")
COVERAGE = Counter(
    "superbiz_coverage_total",
    "Finished runs whose Verifier completed, by whether the question was answered (coverage check).",
    ["status"],
)
GATEKEEPER = Counter(
    "superbiz_gatekeeper_severity_total", "Finished runs by Gatekeeper severity.", ["severity"]
)
NODE_SECONDS = Histogram(
    "superbiz_node_duration_seconds", "Wall time of one graph node step.", ["node"], buckets=NODE_BUCKETS
)
MODEL_CALLS = Counter("superbiz_model_calls_total", "Model calls by role and result.", ["role", "status"])
MODEL_TOKENS = Counter("superbiz_model_tokens_total", "Model tokens by role.", ["role", "direction"])
MODEL_ERRORS = Counter("superbiz_model_errors_total", "Failed model calls by role and reason.", ["role", "reason"])
TOOL_CALLS = Counter("superbiz_tool_invocations_total", "Tool invocations by tool and status.", ["tool", "status"])


def observe_run_end(
    *, kind: str, status: str, outcome: str, verdict: str, gatekeeper_severity: str | None, coverage: str | None = None
) -> None:
    RUNS.labels(kind=kind, status=status, outcome=outcome or UNKNOWN, verdict=verdict or "none").inc()
    if gatekeeper_severity:
        GATEKEEPER.labels(severity=gatekeeper_severity).inc()
    if coverage:
        COVERAGE.labels(status=coverage).inc()


def observe_reaped(count: int) -> None:
    if count:
        RUNS_REAPED.inc(count)


def observe_node(node: str, seconds: float) -> None:
    NODE_SECONDS.labels(node=node).observe(max(0.0, seconds))


def observe_model_tokens(role: str, *, prompt_tokens: int, completion_tokens: int) -> None:
    MODEL_TOKENS.labels(role=role, direction="prompt").inc(max(0, prompt_tokens))
    MODEL_TOKENS.labels(role=role, direction="completion").inc(max(0, completion_tokens))


def observe_model_call(role: str, *, error_reason: str | None = None) -> None:
    MODEL_CALLS.labels(role=role, status="error" if error_reason else "ok").inc()
    if error_reason:
        MODEL_ERRORS.labels(role=role, reason=error_reason).inc()


def observe_tool(tool: str, status: str) -> None:
    TOOL_CALLS.labels(tool=tool, status=status).inc()


def metrics_exposition() -> tuple[bytes, str]:
    """The text exposition of every process's metrics (multi-process mode) or this process's."""
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        registry = CollectorRegistry()
        prometheus_multiprocess.MultiProcessCollector(registry)
        return generate_latest(registry), CONTENT_TYPE_LATEST
    return generate_latest(), CONTENT_TYPE_LATEST
