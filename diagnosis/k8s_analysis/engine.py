"""The analyzer engine (DESIGN §10.6): the rule table evaluated over the cluster state, findings
ranked. Pure — no Django, no I/O.

For every rule, every element of its kind: the ``when`` conditions (rules.toml says how they read)
decide; the element and the related elements a condition matched are the evidence; the templates
are filled from their facts. ``unless`` skips a generic rule where a specific one fired on the
same element; ``requires`` skips a rule whose kinds were not read.

Ranking: critical before warning; then the earlier onset (``since``) — in a chain the cause starts
before its effects; then the larger blast radius (how many other workloads depend on the blamed
object: a Node's pods' workloads, a Service's callers and Ingresses, a workload's Services'
callers, a quota's namespace, a Secret's or a volume's consumers); then rule and name, so equal
states give equal rankings.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from pydantic import BaseModel, ConfigDict, field_serializer

from diagnosis.evidence.k8s_objects import workload_of
from diagnosis.k8s_analysis.facts import WORKLOAD_KINDS, Facts, Graph, build_graph
from diagnosis.k8s_analysis.rules import SEVERITY_RANK, Condition, Rule, load_rules
from diagnosis.k8s_analysis.state import ClusterState

UNKNOWN = "未知"
CLUSTER_OBJECTS = frozenset({"Node", "PersistentVolume"})  # blamed objects without a namespace
_PLACEHOLDER = re.compile(r"\{([a-zA-Z_][a-zA-Z0-9_.]*)\}")
_OPTIONAL = re.compile(r"\[\[(.*?)\]\]")


class Blame(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    kind: str
    name: str
    field: str
    namespace: str = ""


class Finding(BaseModel):
    """DESIGN §10.6: ``rule``, ``severity``, ``blames``, ``evidence`` (element refs), ``since``,
    ``text_zh``; and what ranked it (``blast_radius``) and what the finding rests on in each
    evidence element (``stated``: ref → the values the text states and the text the conditions
    found there; the claim's excerpts quote them)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    rule: str
    analyzer: str
    severity: str
    blames: Blame
    evidence: list[str]
    since: datetime | None
    text_zh: str
    blast_radius: int = 0
    stated: dict[str, list[str]] = {}

    @field_serializer("since")
    def _iso(self, value: datetime | None) -> str | None:
        return value.isoformat() if value is not None else None


# --- Conditions ------------------------------------------------------------------------------------
class Match:
    """What the conditions of one rule bound: regex groups, and per relation the matched elements."""

    def __init__(self) -> None:
        self.values: dict[str, Any] = {}
        self.value_refs: dict[str, str] = {}  # bound value → the ref of the element it was found in
        self.related: dict[str, list[tuple[str | None, Facts]]] = {}  # relation → [(ref, facts)]
        self.quoted: dict[str, list[str]] = {}  # ref → the text a contains / matches test found in it

    def copy(self) -> Match:
        other = Match()
        other.values = dict(self.values)
        other.value_refs = dict(self.value_refs)
        other.related = {k: list(v) for k, v in self.related.items()}
        other.quoted = {k: list(v) for k, v in self.quoted.items()}
        return other

    def quote(self, ref: str, text: str) -> None:
        if ref and text and text not in self.quoted.setdefault(ref, []):
            self.quoted[ref].append(text)


def lookup(path: str, facts: Facts, match: Match | None = None) -> Any:
    """A fact by dotted path: a bound value, a relation's first match (``events.message``, with
    ``.names`` / ``.count`` over all of them), or a field of the element (``last_termination.at``)."""
    head, _, rest = path.partition(".")
    if match is not None and head in match.values and not rest:
        return match.values[head]
    if match is not None and head in match.related:
        matched = match.related[head]
        if rest == "names":
            return [f.get("name") or f.get("object") for _, f in matched]
        if rest == "count":
            return len(matched)
        return lookup(rest, matched[0][1]) if matched and rest else None
    value: Any = facts.get(head)
    for part in rest.split(".") if rest else []:
        value = value.get(part) if isinstance(value, Mapping) else None
    return value


def _number(value: Any) -> float | None:
    return float(value) if isinstance(value, int | float) and not isinstance(value, bool) else None


def _test(c: Condition, ref: str, facts: Facts, match: Match) -> bool:
    """One field test; the text a ``contains`` / ``matches`` found is noted as quoted from ``ref``."""
    assert c.field is not None
    value = lookup(c.field, facts, match)
    if c.equals is not None:
        return bool(value == c.equals)
    if c.not_equals is not None:
        return bool(value != c.not_equals)
    if c.one_of is not None:
        return value in c.one_of
    if c.contains is not None:
        text = str(value or "")
        at = next((i for needle in c.contains if (i := text.casefold().find(needle.casefold())) >= 0), -1)
        if at >= 0:
            needle = next(n for n in c.contains if text.casefold().find(n.casefold()) == at)
            match.quote(ref, text[at : at + len(needle)])
        return at >= 0
    if c.matches is not None:
        found = re.search(c.matches, str(value or ""))
        if found is None:
            return False
        for name, value in found.groupdict().items():
            if value is not None:
                match.values[name], match.value_refs[name] = value, ref
        match.quote(ref, found.group(0))
        return True
    if c.empty is not None:
        return (not value) == c.empty
    if c.equals_fact is not None:
        return bool(value == lookup(c.equals_fact, facts, match))
    if c.not_equals_fact is not None:
        return bool(value != lookup(c.not_equals_fact, facts, match))
    number = _number(value)
    if number is None:
        return False
    if c.at_least is not None:
        return number >= c.at_least
    if c.below is not None:
        return number < c.below
    other = _number(lookup(c.at_least_field or c.below_field or "", facts, match))
    if other is None:
        return False
    return number >= other if c.at_least_field is not None else number < other


def _candidates(name: str, ref: str, facts: Facts, graph: Graph) -> list[tuple[str | None, Facts]]:
    """The related elements (``relations``) or the entries of a list field (``conditions``)."""
    related = graph.related(ref, name)
    if related is not None:
        return [(r, graph.facts[r]) for r in related]
    value = facts.get(name)
    return [(None, dict(v)) for v in value if isinstance(v, Mapping)] if isinstance(value, list) else []


def _holds(conditions: Sequence[Condition], ref: str, facts: Facts, graph: Graph, match: Match) -> Match | None:
    """The match when every condition holds (a new ``Match``; ``match`` is left as it was)."""
    current = match.copy()
    for c in conditions:
        if c.either is not None:
            chosen = next((m for group in c.either if (m := _holds(group, ref, facts, graph, current)) is not None), None)
            if chosen is None:
                return None
            current = chosen
        elif c.any is not None or c.none is not None:
            name = str(c.any if c.any is not None else c.none)
            found: list[tuple[str | None, Facts]] = []
            for other_ref, other in _candidates(name, ref, facts, graph):
                inner = _holds(c.where, other_ref or ref, other, graph, Match())
                if inner is not None:
                    if not found:  # the first match's regex groups (the secret an event names)
                        current.values.update(inner.values)
                        current.value_refs.update(inner.value_refs)
                    for quoted_ref, texts in inner.quoted.items():
                        for text in texts:
                            current.quote(quoted_ref, text)
                    found.append((other_ref, other))
            if c.none is not None:
                if found:
                    return None
            elif found:
                current.related[name] = found
            elif not c.optional:
                return None
        elif not _test(c, ref, facts, current):
            return None
    return current


# --- Templates ---------------------------------------------------------------------------------------
def _text(value: Any) -> str:
    if value is None or value == "" or value == []:
        return ""
    if isinstance(value, datetime):
        return value.strftime("%Y-%m-%d %H:%M:%S")
    if isinstance(value, bool):
        return "是" if value else "否"
    if isinstance(value, list | tuple):
        return "、".join(_text(v) for v in value if _text(v))
    return str(value)


def _sources(path: str, text: str, ref: str, match: Match) -> list[tuple[str, str]]:
    """(ref, value) pairs a placeholder's rendered ``text`` comes from: each matched element's own
    name for ``relation.names``, the first matched element for ``relation.fact``, else the element."""
    head = path.partition(".")[0]
    if head in match.values and head == path:
        return [(match.value_refs.get(head, ref), text)]
    if head in match.related:
        matched = [(r, f) for r, f in match.related[head] if r]
        if path.endswith(".names"):
            return [(r, _text(f.get("name") or f.get("object"))) for r, f in matched]
        return [(matched[0][0], text)] if matched else []
    return [(ref, text)]


def fill(
    template: str, facts: Facts, match: Match, ref: str, stated: dict[str, list[str]] | None = None,
    *, segments: bool = True,
) -> str:
    """A template with its ``{facts}``; an ``[[optional segment]]`` disappears when one of its values is
    empty; an empty value elsewhere reads 未知. ``stated`` collects each value under its source ref."""

    def render(segment: str, optional: bool) -> str | None:
        values: list[tuple[str, Any, str]] = []
        for path in _PLACEHOLDER.findall(segment):
            raw = lookup(path, facts, match)
            text = _text(raw)
            if not text and optional:
                return None
            values.append((path, raw, text or UNKNOWN))
        out = segment
        for path, raw, text in values:
            out = out.replace("{" + path + "}", text, 1)
            if stated is not None and text != UNKNOWN:
                items = [_text(v) for v in raw] if isinstance(raw, list) and not path.endswith(".names") else [text]
                for item in items:
                    for source, value in _sources(path, item, ref, match):
                        if value and value not in stated.setdefault(source, []):
                            stated[source].append(value)
        return out

    def optional(m: re.Match[str]) -> str:
        return render(m.group(1), True) or ""

    return render(_OPTIONAL.sub(optional, template) if segments else template, False) or ""


# --- Blast radius --------------------------------------------------------------------------------------
def blast_radius(blame: Blame, graph: Graph) -> int:
    """How many other workloads depend on the blamed object (module docstring)."""
    state = graph.state
    pods = state.of("pods")
    elements = state.by_ref()

    def workloads_of(selected: Sequence[Any]) -> set[tuple[str, str]]:
        return {workload_of(p.data.owner, p.data.service) for p in selected}

    def service_radius(service: Any) -> int:
        ingresses = graph.related(service.ref, "ingresses") or []
        return len(set(graph.callers.get(service.name, ()))) + len(ingresses)

    namespace = blame.namespace
    if blame.kind == "Node":
        return len(workloads_of([p for p in pods if p.data.node == blame.name]))
    if blame.kind == "Service":
        return sum(service_radius(s) for s in state.of("services") if s.name == blame.name and s.namespace == namespace)
    if blame.kind in ("Deployment", "StatefulSet", "DaemonSet"):
        total = 0
        for service in state.of("services"):
            workloads = [elements[r] for r in graph.related(service.ref, "workloads") or []]
            if service.namespace == namespace and any(w.name == blame.name for w in workloads):
                total += service_radius(service)
        return total
    if blame.kind == "ResourceQuota":
        return len({w.name for kind in WORKLOAD_KINDS for w in state.of(kind) if w.namespace == namespace})
    if blame.kind in ("Secret", "ConfigMap"):
        key = "secrets" if blame.kind == "Secret" else "configmaps"
        return len(workloads_of([p for p in pods if p.namespace == namespace and blame.name in getattr(p.data, key)]))
    if blame.kind in ("PersistentVolume", "PersistentVolumeClaim"):
        claims = {blame.name} if blame.kind == "PersistentVolumeClaim" else {
            c.name for c in state.of("pvcs") if c.data.volume == blame.name}  # fmt: skip
        return len(workloads_of([p for p in pods if claims & set(p.data.claims)]))
    if blame.kind == "NetworkPolicy":
        policy = next((n for n in state.of("networkpolicies") if n.name == blame.name and n.namespace == namespace), None)
        selected = [elements[r] for r in (graph.related(policy.ref, "pods") or [])] if policy else []
        return len(workloads_of(selected))
    return 0


# --- Evaluation ----------------------------------------------------------------------------------------
def _since(rule: Rule, facts: Facts, match: Match) -> datetime | None:
    for path in rule.since:
        value = lookup(path, facts, match)
        if isinstance(value, datetime):
            return value
    return None


def evaluate(rule: Rule, ref: str, graph: Graph) -> Finding | None:
    facts = graph.facts[ref]
    match = _holds(rule.when, ref, facts, graph, Match())
    if match is None:
        return None
    evidence = [ref]
    for matched in match.related.values():
        evidence.extend(r for r, _ in matched if r and r not in evidence)
    stated: dict[str, list[str]] = {k: list(v) for k, v in match.quoted.items()}
    text = fill(rule.text, facts, match, ref, stated)
    kind = fill(rule.blames.kind, facts, match, ref, segments=False)
    blames = Blame(
        kind=kind,
        name=fill(rule.blames.name, facts, match, ref, segments=False),
        field=fill(rule.blames.field, facts, match, ref, segments=False),
        namespace="" if kind in CLUSTER_OBJECTS else str(facts.get("namespace") or ""),
    )
    return Finding(
        rule=rule.id, analyzer=rule.analyzer, severity=rule.severity, blames=blames, evidence=evidence,
        since=_since(rule, facts, match), text_zh=text, blast_radius=blast_radius(blames, graph),
        stated={k: v for k, v in stated.items() if k in evidence},
    )  # fmt: skip


def rank_key(finding: Finding) -> tuple[Any, ...]:
    since = finding.since.timestamp() if finding.since is not None else float("inf")
    return (SEVERITY_RANK[finding.severity], since, -finding.blast_radius, finding.rule, finding.blames.name)


def analyze(
    state: ClusterState,
    *,
    rules: Sequence[Rule] | None = None,
    callers: Mapping[str, Sequence[str]] | None = None,
) -> list[Finding]:
    """Every finding of the rule table over ``state``, ranked (module docstring)."""
    graph = build_graph(state, callers)
    findings: list[Finding] = []
    fired: dict[str, set[str]] = {}
    for rule in rules if rules is not None else load_rules():
        if any(kind not in state.read for kind in rule.requires):
            continue
        for element in state.of(rule.kind):
            done = fired.setdefault(element.ref, set())
            if done & set(rule.unless):
                continue
            finding = evaluate(rule, element.ref, graph)
            if finding is not None:
                findings.append(finding)
                done.add(rule.id)
    return sorted(findings, key=rank_key)
