"""The survey's chain (issue 26 items 3 and 4), pure: callers' error lines tied to the component they
blame (the tie table ``chain.toml`` as data), the analyzer's findings joined with those ties, and
the root cause chosen.

- **Ties**: a line whose message a tie matches points at a component — the Service it names (by
  name, DNS name or cluster IP, read from the state's Services), the caller's dependency that the
  service catalog names (its database), or the caller itself (a wrong password or port is the
  client's configuration). A line that points nowhere the state knows is tied to nothing.
- **Linked**: a tie supports a finding when its blamed component is the finding's, or the Service it
  names selects the pods of the finding's workload, or runs on the finding's node.
- **Root cause**: the first finding (in the engine's ranking: severity, onset, blast radius) that is
  critical, or that a tie supports, or that is about a workload serving traffic (a Service selects
  it; an HPA's target). Else, with no such finding, the earliest critical tie: a runtime fault the
  state does not show (a read-only database, a wrong password). Findings nothing serves (a CronJob's
  failed Job) stay secondary.
- **Healthy**: no root cause, no tie, and no serving service logged an ERROR line.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping, Sequence
from datetime import datetime
from functools import cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict

from diagnosis.evidence.k8s_objects import selector_matches, workload_of
from diagnosis.k8s_analysis.engine import Finding
from diagnosis.k8s_analysis.rules import SEVERITY_RANK, Severity
from diagnosis.k8s_analysis.state import ClusterState, Element

CHAIN_PATH = Path(__file__).with_name("chain.toml")
ERRORISH = frozenset({"ERROR", "FATAL", "CRITICAL"})
MIN_CORE = 24  # a quoted error shorter than this is no evidence that one line wraps another
_WORKLOADS = ("deployments", "statefulsets", "daemonsets")
_KIND_OF = {"deployments": "Deployment", "statefulsets": "StatefulSet", "daemonsets": "DaemonSet"}


class TieRule(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str
    family: str
    matches: str
    target: Literal["named", "dependency", "caller"]
    port: Literal["served", "not_served"] = "served"
    severity: Severity
    text: str


class TieTable(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    propagated: str
    tie: list[TieRule]


@cache
def load_table(path: Path = CHAIN_PATH) -> TieTable:
    with path.open("rb") as handle:
        table = TieTable.model_validate(tomllib.load(handle))
    for rule in table.tie:
        re.compile(rule.matches)  # an invalid pattern fails the load
    return table


def load_ties(path: Path = CHAIN_PATH) -> tuple[TieRule, ...]:
    return tuple(load_table(path).tie)


class LogLine(BaseModel):
    """One log line a caller wrote, with the evidence ref it was read as."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    ref: str  # invocation id + raw path
    service: str
    level: str
    at: datetime | None
    message: str


class Component(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    kind: str
    name: str
    namespace: str = ""


class Tie(BaseModel):
    """Lines of one caller tied by one tie rule to one blamed component."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    rule: str
    family: str
    severity: Severity
    caller: str
    target: str  # the Service (or service) the lines point at; the caller itself for a client fault
    blames: Component
    lines: list[str]  # refs, first first
    since: datetime | None
    text_zh: str
    via: str = ""  # the target's own line says the same: the error came through it (propagated)
    core: str = ""  # the first line's message up to the end of what the tie matched
    message: str = ""  # the first line's message


class Survey(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    root: Finding | None = None
    root_tie: Tie | None = None  # the root cause when no finding is (a runtime fault)
    chain: list[Tie] = []  # the ties that support the root cause
    secondary: list[Finding] = []
    healthy: bool = False

    @property
    def component(self) -> Component | None:
        if self.root is not None:
            b = self.root.blames
            return Component(kind=b.kind, name=b.name, namespace=b.namespace)
        return self.root_tie.blames if self.root_tie is not None else None


# --- Where a line points ---------------------------------------------------------------------------
def _group(found: re.Match[str], prefix: str) -> str:
    return next((v for k, v in found.groupdict().items() if k.startswith(prefix) and v), "")


def _service_named(host: str, ip: str, state: ClusterState) -> Element | None:
    services = state.of("services")
    if ip:
        return next((s for s in services if ip in (getattr(s.data, "cluster_ip", "") or "",)), None)
    if host:
        short = host.split(".", 1)[0]
        return next((s for s in services if s.name == short), None)
    return None


def component_of(service: str, namespace: str, state: ClusterState) -> Component:
    """The workload behind a Service (its selector's pods' workload, else the workload of its name)."""
    for element in state.of("services"):
        if element.name == service and (not namespace or element.namespace == namespace) and element.data.selector:
            for kind in _WORKLOADS:
                for w in state.of(kind):
                    if w.namespace == element.namespace and selector_matches(element.data.selector, _template_labels(w)):
                        return Component(kind=_KIND_OF[kind], name=w.name, namespace=w.namespace)
    for kind in _WORKLOADS:
        for w in state.of(kind):
            if w.name == service and (not namespace or w.namespace == namespace):
                return Component(kind=_KIND_OF[kind], name=w.name, namespace=w.namespace)
    return Component(kind="Service", name=service, namespace=namespace)


def _template_labels(workload: Element) -> Mapping[str, str]:
    return dict(getattr(workload.data, "selector", {}) or {})


def _namespace_of(service: str, state: ClusterState) -> str:
    for element in [*state.of("services"), *state.of("pods")]:
        if element.name == service or getattr(element.data, "service", "") == service:
            return element.namespace
    return ""


def tie_line(
    line: LogLine, state: ClusterState, depends: Mapping[str, Sequence[str]], rules: Sequence[TieRule]
) -> tuple[TieRule, str, Component, str] | None:
    """(rule, target, blamed component) of one line, or None when no tie points it anywhere known."""
    for rule in rules:
        found = re.search(rule.matches, line.message, re.IGNORECASE)
        if found is None:
            continue
        host, ip, port = _group(found, "host"), _group(found, "ip"), _group(found, "port")
        service = _service_named(host, ip, state)
        if rule.port == "not_served":
            if service is None or not port:
                continue
            ports = {str(p.port) for p in service.data.ports} | {str(p.target_port) for p in service.data.ports}
            if port in ports:
                continue
        target = service.name if service is not None else ""
        if not target and rule.target in ("dependency", "caller"):
            named = [d for d in depends.get(line.service, ()) if d.casefold() in line.message.casefold()]
            target = (named or list(depends.get(line.service, ())) or [""])[0]
        if rule.target == "caller":
            namespace = _namespace_of(line.service, state)
            return rule, target or line.service, component_of(line.service, namespace, state), line.message[: found.end()]
        if not target or target == line.service:
            return None  # a line of the failing service about itself, or pointing nowhere known
        namespace = service.namespace if service else _namespace_of(target, state)
        return rule, target, component_of(target, namespace, state), line.message[: found.end()]
    return None


def tie_lines(
    lines: Sequence[LogLine],
    state: ClusterState,
    depends: Mapping[str, Sequence[str]] | None = None,
    rules: Sequence[TieRule] | None = None,
) -> list[Tie]:
    """The ties of ``lines`` (ERROR and worse), one per (rule, caller, blamed component), earliest first."""
    grouped: dict[tuple[str, str, str, str], tuple[TieRule, str, Component, list[LogLine], str]] = {}
    for line in lines:
        if line.level.upper() not in ERRORISH:
            continue
        tied = tie_line(line, state, depends or {}, rules if rules is not None else load_ties())
        if tied is None:
            continue
        rule, target, component, core = tied
        key = (rule.id, line.service, component.kind, component.name)
        grouped.setdefault(key, (rule, target, component, [], core))[3].append(line)
    ties = []
    for rule, target, component, tied_lines, core in grouped.values():
        ordered = sorted(tied_lines, key=lambda x: x.at.timestamp() if x.at else float("inf"))
        text = rule.text.format(caller=ordered[0].service, target=target, family=rule.family)
        ties.append(Tie(rule=rule.id, family=rule.family, severity=rule.severity, caller=ordered[0].service,
                        target=target, blames=component, lines=[x.ref for x in ordered], since=ordered[0].at,
                        text_zh=text, core=core.strip(), message=ordered[0].message))  # fmt: skip
    ties = propagated(ties)
    return sorted(ties, key=lambda t: (bool(t.via), SEVERITY_RANK[t.severity], t.since.timestamp() if t.since else float("inf")))


def propagated(ties: Sequence[Tie]) -> list[Tie]:
    """A tie whose line is another service's error passed on blames what that service's tie blames,
    through it (``via``): its line quotes the other's whole (checkoutservice's ``could not retrieve
    cart: … UnableToConnect on redis-cart:6380`` is cartservice's), or its target logs a line tied
    by the same rule (the frontend's "not primary" is the reservation service's)."""
    own = {(t.rule, t.caller): t for t in ties}
    out = []
    for tie in ties:
        # Another service's error quoted whole inside this line: this caller passed it on.
        inner = next((t for t in ties if t.caller != tie.caller and t.rule == tie.rule and len(t.core) >= MIN_CORE
                      and t.core in tie.message and tie.core not in t.message), None)  # fmt: skip
        if inner is not None:
            text = load_table().propagated.format(caller=tie.caller, target=inner.caller, family=tie.family)
            out.append(tie.model_copy(update={"blames": inner.blames, "via": inner.caller, "text_zh": text}))
            continue
        deeper, seen = own.get((tie.rule, tie.target)), {tie.caller}
        if deeper is None or tie.target == tie.caller:
            out.append(tie)
            continue
        while deeper.target not in seen and (nxt := own.get((deeper.rule, deeper.target))) is not None and nxt is not deeper:
            seen.add(deeper.caller)
            deeper = nxt
        text = load_table().propagated.format(caller=tie.caller, target=tie.target, family=tie.family)
        out.append(tie.model_copy(update={"blames": deeper.blames, "via": tie.target, "text_zh": text}))
    return out


# --- Findings and ties -------------------------------------------------------------------------------
def _pods_of(component: Component, state: ClusterState) -> list[Element]:
    return [p for p in state.of("pods")
            if workload_of(p.data.owner, p.data.service) == (component.kind, component.name)]  # fmt: skip


def supports(tie: Tie, finding: Finding, state: ClusterState) -> bool:
    """The tie's lines point at what the finding blames (module docstring)."""
    blamed = finding.blames
    if (tie.blames.kind, tie.blames.name) == (blamed.kind, blamed.name) or tie.target == blamed.name:
        return True
    if blamed.kind == "Node":
        return any(p.data.node == blamed.name for p in _pods_of(tie.blames, state))
    return any(state.by_ref()[ref].name == tie.target for ref in finding.evidence if ref in state.by_ref()
               and state.by_ref()[ref].kind == "services")  # fmt: skip


def serving(finding: Finding, state: ClusterState) -> bool:
    """The finding is about a workload a Service sends traffic to (or an HPA's target of one)."""
    blamed = finding.blames
    if blamed.kind in ("Service", "Ingress", "NetworkPolicy", "Node", "PersistentVolume", "PersistentVolumeClaim",
                       "ResourceQuota"):
        return True
    names = {blamed.name}
    if blamed.kind == "HorizontalPodAutoscaler":
        names |= {str(getattr(h.data, "target", "")).rsplit("/", 1)[-1] for h in state.of("hpas") if h.name == blamed.name}
    return any(component_of(s.name, s.namespace, state).name in names for s in state.of("services"))


def survey(
    state: ClusterState,
    findings: Sequence[Finding],
    lines: Sequence[LogLine],
    depends: Mapping[str, Sequence[str]] | None = None,
    rules: Sequence[TieRule] | None = None,
) -> Survey:
    """The root cause, the ties that support it, the secondary findings, or a healthy cluster."""
    ties = tie_lines(lines, state, depends, rules)
    root = next((f for f in findings if f.severity == "critical" or any(supports(t, f, state) for t in ties)
                 or serving(f, state)), None)  # fmt: skip
    if root is not None:
        chain = [t for t in ties if supports(t, root, state)]
        return Survey(root=root, chain=chain, secondary=[f for f in findings if f is not root])
    critical = [t for t in ties if t.severity == "critical"] or ties
    if critical:
        first = critical[0]
        chain = [t for t in ties if t.blames == first.blames]
        return Survey(root_tie=first, chain=chain, secondary=list(findings))
    served = {s.name for s in state.of("services")} | {p.data.service for p in state.of("pods") if p.data.service}
    errors = [x for x in lines if x.level.upper() in ERRORISH and x.service in served and not _job_only(x.service, state)]
    return Survey(secondary=list(findings), healthy=not errors)


def _job_only(service: str, state: ClusterState) -> bool:
    """A service whose pods all belong to Jobs (a CronJob's runs): it serves no traffic."""
    pods = [p for p in state.of("pods") if p.data.service == service]
    return bool(pods) and all(p.data.owner.startswith("Job/") for p in pods)
