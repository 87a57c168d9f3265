"""Tool evidence as the offline agents read it (pure, no Django): every evidence ref of every
successful evidence call, together with the output element its ``raw_path`` points at (a log
record, an alert, a series summary, a runbook hit), its service, level, clock and the symptoms
its text shows.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from functools import cached_property, partial
from typing import Any

from contracts.elements import AlertElement, LogRecord, SeriesSummary
from contracts.plan import ServiceInfo
from contracts.pointer import PointerError, resolve_pointer
from contracts.tools import LOOKUP_KNOWLEDGE, QUERY_K8S, QUERY_LOGS, QUERY_METRICS, ToolCallResult
from diagnosis.agents.offline.memo import memoised
from diagnosis.reading.entities import evidence_symptoms
from diagnosis.reading.evidence_text import gloss as gloss  # re-exported: the agents' one reading
from diagnosis.reading.evidence_text import innermost as innermost
from diagnosis.reading.text import fold
from diagnosis.tools.element_text import clock_of_day, plain_head, shown_message

EVIDENCE_TOOLS = (QUERY_LOGS, QUERY_METRICS, LOOKUP_KNOWLEDGE)
SOURCE_TYPE: dict[str, str] = {
    QUERY_LOGS: "log",
    QUERY_METRICS: "metric",
    LOOKUP_KNOWLEDGE: "knowledge",
    QUERY_K8S: "k8s",
}
# Severity steps of a log level: 1 = a warning, 2 = a failure (scoring, anomaly, change lines).
LEVEL_RANK = {"DEBUG": 0, "INFO": 0, "WARN": 1, "WARNING": 1, "ERROR": 2, "FATAL": 3, "CRITICAL": 3}

class Origin(StrEnum):
    """Why the executor made a follow-up call of its own (``ToolCallResult.origin``): a later
    round recomputes the earlier contract from these tags, never from argument values."""

    WIDEN = "widen"  # the planned reads again over a wider window or at a lower level
    SWEEP = "service_sweep"  # a read of one more service ("which service", a cut metrics read)
    EVIDENCE_LOOKUP = "evidence_lookup"  # runbooks looked up by what the evidence shows
    HYPOTHESIS_CHECK = "hypothesis_check"  # a runbook cause checked against the logs
    RUNBOOK_READ = "runbook_read"  # the leading runbook read by its title
    BASELINE = "baseline"  # the asked logs over the window before the asked one
    CHANGES = "changes"  # change events (deploys, config pushes …) in and before the window
    NEIGHBOUR = "neighbour"  # the alerts and metrics of a service the failing lines point at
    EPISODE = "episode"  # the planned reads again over the span of the asked incident (``episodes``)
    SURVEY = "survey"  # a cluster survey's reads: every Kubernetes kind, every service's ERROR lines
    PROBE = "survey_probe"  # the cluster's Services, read to see where an asked service's errors point
    NOVELTY = "novelty"  # every service's log templates before the first anomaly against their baseline
    ONSET = "onset"  # the asked services' warning-or-worse templates by their first line: when each began
    PLACEMENT = "placement"  # what the node under the failing pods logged, and what was scheduled onto it
    THREAD = "thread"  # the INFO lines naming an identifier the failing lines share, hours before the onset
    TOLD = "told"  # every service's lines saying what the asker saw (提示积分不足: ``reading.told``)
    ALERT_LINES = "alert_lines"  # the alerting service's warning-or-worse lines while an asked-about alert fired


@dataclass(frozen=True)
class Ref:
    invocation_id: str
    tool_name: str
    round: int
    raw_path: str
    text: str
    kind: str  # log | alert | series | hit
    element: dict[str, Any]
    service: str  # canonical when known
    level: str = ""
    clock: str = ""  # HH:MM:SS (logs) / HH:MM (alert start)
    symptoms: frozenset[str] = frozenset()

    @cached_property
    def record(self) -> LogRecord:
        """A log ref's element, typed."""
        return LogRecord.model_validate(self.element)

    @cached_property
    def alert(self) -> AlertElement:
        """An alert ref's element, typed."""
        return AlertElement.model_validate(self.element)

    @cached_property
    def series(self) -> SeriesSummary:
        """A series ref's element, typed."""
        return SeriesSummary.model_validate(self.element)

    @cached_property
    def message(self) -> str:
        """A log line's message as its text shows it (the whole line's message when its head does
        not read as its fields, ``plain_head``); another ref's element message, else its text.
        Cached: a function of the ref's fields, read again by every grouping of the run."""
        if self.kind == "log" and plain_head(self.record):
            return shown_message(self.record)
        return str(self.element.get("message") or self.text)


def binding(tool_name: str, invocation_id: str, raw_path: str, excerpt: str) -> dict[str, Any]:
    """One evidence binding of a claim: the ref it rests on and the verbatim excerpt it quotes."""
    return {
        "source_type": SOURCE_TYPE[tool_name],
        "tool_name": tool_name,
        "source_invocation_id": invocation_id,
        "raw_path": raw_path,
        "evidence_excerpt": excerpt,
    }


def direct_claim(number: int, text: str, claim_type: str, bindings: list[dict[str, Any]]) -> dict[str, Any]:
    """Claim ``c{number}`` of the contract: what the evidence ``bindings`` directly show."""
    return {
        "claim_id": f"c{number}",
        "claim_type": claim_type,
        "claim_text": text,
        "support_level": "direct",
        "evidence_bindings": bindings,
    }


def element_at(output: Any, raw_path: str) -> dict[str, Any]:
    """The output element a ``/records/3``-style pointer designates ({} when it does not resolve)."""
    try:
        node = resolve_pointer(output, raw_path)
    except PointerError:
        return {}
    return node if isinstance(node, dict) else {}


def output_time(value: Any) -> datetime | None:
    """An output element's time (ISO 8601, with its offset); None when it has none or no valid one."""
    try:
        return datetime.fromisoformat(str(value)) if value else None
    except ValueError:
        return None


def canonical_service(name: str, services: Sequence[ServiceInfo]) -> str:
    wanted = fold(name).strip()
    for service in services:
        if wanted == fold(service.name) or any(wanted == fold(a) for a in service.aliases):
            return service.name
    return name


# Reads that are context, not evidence for the asked symptom: the change read (every service at
# INFO and up) offers change events, the baseline read the usual rate of each log template, the
# novelty read the templates new before the failure (``novelty``).
CONTEXT_READS = frozenset({Origin.CHANGES, Origin.BASELINE, Origin.NOVELTY, Origin.PLACEMENT, Origin.ONSET, Origin.TOLD,
                           Origin.ALERT_LINES})


def collect_refs(
    history: Sequence[ToolCallResult], services: Sequence[ServiceInfo], *, only: str = ""
) -> list[Ref]:
    """Every evidence ref of every successful evidence call (a log line or alert once), without
    the context reads (``CONTEXT_READS``) — or only the reads of origin ``only``."""
    seen: set[tuple[str, str]] = set()
    refs: list[Ref] = []
    catalog = catalog_key(services)
    for call in history:
        if call.status != "success" or call.tool_name not in EVIDENCE_TOOLS:
            continue
        if (call.origin != only) if only else (call.origin in CONTEXT_READS):
            continue
        # A log line or alert seen by two calls is one piece of evidence (cite the first call);
        # runbook hits are kept per call, so each lookup keeps its own ranking.
        for identity, index, ref in memoised(("refs", id(call), catalog), call, partial(_call_refs, call, services)):
            if identity in seen:
                continue
            seen.add(identity)
            # An element that does not read as its kind raises, as it did before the memo: only
            # when that ref is the first of its identity.
            refs.append(ref if ref is not None else _ref(call, call.evidence_refs[index], identity, services, {}))
    return refs


def catalog_key(services: Sequence[ServiceInfo]) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """What of the service catalog a call's refs depend on (``canonical_service``), hashable."""
    return tuple((s.name, tuple(s.aliases)) for s in services)


def _call_refs(
    call: ToolCallResult, services: Sequence[ServiceInfo]
) -> list[tuple[tuple[str, str], int, Ref | None]]:
    """The refs of one evidence call in order, each with its identity and index in the call's
    ``evidence_refs`` (``collect_refs``); None for an element that does not read as its kind. A
    pure function of the call and the catalog, so one run reads each call's refs once (``memo``)."""
    out: list[tuple[tuple[str, str], int, Ref | None]] = []
    canonical: dict[str, str] = {}
    for index, ref in enumerate(call.evidence_refs or []):
        raw_path, text = str(ref.get("raw_path") or ""), str(ref.get("text") or "")
        if not raw_path or not text:
            continue
        kind = _KIND_OF_PATH.get(raw_path.split("/")[1] if raw_path.count("/") >= 1 else "", "")
        if not kind:
            continue
        identity = (kind, text if kind != "hit" else f"{call.invocation_id}\n{text}")
        try:
            out.append((identity, index, _ref(call, ref, identity, services, canonical)))
        except Exception:  # noqa: BLE001 — raised again by collect_refs when this ref is cited
            out.append((identity, index, None))
    return out


def _ref(
    call: ToolCallResult,
    ref: dict[str, Any],
    identity: tuple[str, str],
    services: Sequence[ServiceInfo],
    canonical: dict[str, str],
) -> Ref:
    """One evidence ref of ``call`` read (``canonical``: the service names canonicalised so far)."""
    raw_path, text = str(ref.get("raw_path") or ""), str(ref.get("text") or "")
    kind = identity[0]
    element = element_at(call.output, raw_path)
    service = str(element.get("service") or "")
    level, clock = "", ""
    if kind == "log":
        record = LogRecord.model_validate(element)
        clock = f"{record.timestamp:%H:%M:%S}" if plain_head(record) else ""
        level = record.level.upper()
    elif kind == "alert":
        clock = clock_of_day(AlertElement.model_validate(element).starts_at)
    if service and service not in canonical:
        canonical[service] = canonical_service(service, services)
    return Ref(
        invocation_id=call.invocation_id,
        tool_name=call.tool_name,
        round=call.round,
        raw_path=raw_path,
        text=text,
        kind=kind,
        element=element,
        service=canonical[service] if service else "",
        level=level,
        clock=clock,
        symptoms=evidence_symptoms(_identity(element) if kind == "series" else text),
    )


def _identity(series: dict[str, Any]) -> str:
    """What a series measures — its name, unit and labels: the symptoms it shows are those, never
    what its figures spell ("last 540 份/分钟" is no HTTP 540)."""
    labels = series.get("labels") or {}
    return " ".join([str(series.get("name") or ""), str(series.get("unit") or ""),
                     *(f"{k}={v}" for k, v in (labels.items() if isinstance(labels, dict) else ()))])


_KIND_OF_PATH = {"records": "log", "alerts": "alert", "series": "series", "hits": "hit"}


def neighbour_reads(history: Sequence[ToolCallResult], services: Sequence[ServiceInfo]) -> tuple[list[Ref], list[Ref]]:
    """The evidence of the executor's neighbour reads: (their alerts, metrics and asked-symptom
    lines — a keyword read —, their ERROR lines read around the moment they went red)."""
    calls = [c for c in history if c.origin == Origin.NEIGHBOUR]
    said = [c for c in calls if c.tool_name == QUERY_LOGS and not c.arguments.get("keyword")]
    rest = [c for c in calls if c not in said]
    evidence = (
        [r for r in collect_refs(group, services, only=Origin.NEIGHBOUR) if r.kind != "hit" and not routine(r, group)]
        for group in (rest, said)
    )
    return next(evidence), next(evidence)


def first_new_line(history: Sequence[ToolCallResult], services: Sequence[ServiceInfo]) -> datetime | None:
    """When the asked services' trouble began by their own lines (the ``Origin.ONSET`` grouped reads):
    the earliest first line of a template new against the read's baseline or whose rate jumped —
    a read newest first may hold only the last hour of a failure that began earlier."""
    calls = [c for c in history if c.origin == Origin.ONSET and c.status == "success"]
    refs = [r for r in collect_refs(calls, services, only=Origin.ONSET) if r.kind == "log" and not routine(r, calls)]
    return min((t for r in refs if (t := output_time(r.element.get("timestamp"))) is not None), default=None)


def routine(ref: Ref, calls: Sequence[ToolCallResult]) -> bool:
    """A grouped read's line (``group="template"``) whose template is neither new against the read's
    baseline nor logged at a rate that jumped (``novelty.rate_jumped``): the service's usual lines."""
    from diagnosis.agents.offline.novelty import rate_jumped  # novelty reads refs: imported here
    from diagnosis.tools.templates import TemplateCount

    call = next((c for c in calls if c.invocation_id == ref.invocation_id), None)
    if call is None or call.arguments.get("group") != "template" or not isinstance(call.output, dict):
        return False
    start, end = output_time(call.arguments.get("start")), output_time(call.arguments.get("end"))
    baseline = output_time(call.arguments.get("baseline_start"))
    templates = call.output.get("templates") or []
    index = int(ref.raw_path.rsplit("/", 1)[-1]) if ref.raw_path.startswith("/records/") else -1
    if start is None or end is None or not 0 <= index < len(templates):
        return False
    count = TemplateCount.model_validate(templates[index])
    before = start - (baseline or start - (end - start))
    return count.in_baseline > 0 and not rate_jumped(count, end - start, before)


