"""The typed facts of confirmed claims (``ClaimFacts``), read from the tool output elements their
verified evidence points at — a log record, an alert, a series summary, a Kubernetes object, the
``/query`` element — never from rendered text. Pure: the caller resolves the elements.

An element is *anomalous* when it is evidence of a failure: a log line at ERROR or above (or a
WARN line showing a failure symptom), an alert (firing or resolved: it was red), a series that
crossed its threshold, a pod that is waiting, restarting or was killed, a Warning event.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from contracts.composer import ClaimFacts
from contracts.gatekeeper import VerifiedClaim
from contracts.k8s import service_from_pod_name
from contracts.tools import LOOKUP_KNOWLEDGE, QUERY_K8S, QUERY_LOGS
from diagnosis.reading.entities import evidence_symptoms
from diagnosis.reading.evidence_text import innermost
from diagnosis.reading.spelling import any_spelling_in
from diagnosis.reading.vocabulary import CHANGE_KINDS

QUERY_PATH: Final = "/query"
ERROR_LEVELS: Final = frozenset({"ERROR", "FATAL", "CRITICAL"})
#: Symptoms that make a WARN line a failure ("调用支付服务失败 status=500 cost=3014ms").
FAILURE_SYMPTOMS: Final = frozenset({"http_5xx", "error", "timeout", "latency", "slow_query", "rate_limit"})
#: Keys of an element that say when it began, per kind (the first present wins).
# (A pod's observed_at is when the state was read, not when anything began.)
_BEGAN: Final = ("timestamp", "starts_at", "crossed_at", "first_seen", "changed_at")
Element = tuple[str, str, Mapping[str, Any]]  # (tool name, raw_path, the element it points at)


def _kind(tool: str, raw_path: str, element: Mapping[str, Any]) -> str:
    if raw_path == QUERY_PATH:
        return "query"
    if tool == QUERY_LOGS:
        return "log"
    if tool == QUERY_K8S:
        return "k8s"
    if tool == LOOKUP_KNOWLEDGE:
        return "hit"
    return "alert" if raw_path.startswith("/alerts/") else "series"


def _k8s_unhealthy(element: Mapping[str, Any]) -> bool:
    termination = element.get("last_termination") or {}
    return bool(
        element.get("waiting_reason")
        or (isinstance(termination, Mapping) and termination.get("reason"))
        or str(element.get("type") or "") == "Warning"
        or str(element.get("phase") or "") in ("Pending", "Failed")
    )


def _anomalous(kind: str, element: Mapping[str, Any], symptoms: frozenset[str]) -> bool:
    if kind == "log":
        level = str(element.get("level") or "").upper()
        # A warning is a failure by what it says, or by its novelty: a template the service never
        # logged in the baseline of a grouped read (``in_baseline`` 0) — whatever its words.
        new = element.get("in_baseline") == 0
        return level in ERROR_LEVELS or (level.startswith("WARN") and (bool(symptoms & FAILURE_SYMPTOMS) or new))
    if kind == "alert":
        return True
    if kind == "series":
        return bool(element.get("crossed_at"))
    if kind == "k8s":
        return _k8s_unhealthy(element)
    return False


def _text(kind: str, element: Mapping[str, Any]) -> str:
    if kind == "log":
        return str(element.get("message") or "")
    if kind in ("alert", "series"):
        return f"{element.get('name') or ''} {element.get('summary') or ''}"
    if kind == "k8s":
        termination = element.get("last_termination") or {}
        reason = termination.get("reason") if isinstance(termination, Mapping) else ""
        return " ".join(str(v or "") for v in (element.get("waiting_reason"), reason, element.get("reason"),
                                                 element.get("message")))
    return ""


def _object_service(element: Mapping[str, Any]) -> str:
    """The service of an event's object (``Pod/shop-api-6f8d9c7b5-x2k4p`` → ``shop-api``)."""
    kind, _, name = str(element.get("object") or "").partition("/")
    return service_from_pod_name(name) if kind in ("Pod", "ReplicaSet", "Deployment") and name else ""


def claim_facts(claim: VerifiedClaim, evidence: Sequence[Element]) -> ClaimFacts:
    """The facts of one claim from the elements of its verified bindings (in binding order; the
    first that is not ``/query`` speaks for the claim)."""
    claim_type = claim.claim_type or "observation"
    chosen: tuple[str, str, Mapping[str, Any]] | None = None
    kinds = []
    for tool, raw_path, element in evidence:
        kind = _kind(tool, raw_path, element)
        kinds.append(kind)
        if chosen is None and kind != "query":
            chosen = (tool, kind, element)
    if chosen is None:  # only /query elements: what was read (and how many it found)
        query: Mapping[str, Any] = next((e for _, path, e in evidence if path == QUERY_PATH), {})
        found = query.get("arguments")
        arguments: Mapping[str, Any] = found if isinstance(found, Mapping) else {}
        return ClaimFacts(
            claim_id=claim.claim_id, claim_type=claim_type, kind="query" if query else "",
            service=str(arguments.get("service") or ""), name=str(arguments.get("keyword") or ""),
            level=str(arguments.get("level") or "").upper(),
        )
    tool, kind, element = chosen
    names = [str(e.get("name")) for _, path, e in evidence if path != QUERY_PATH and e.get("name")]
    text = _text(kind, element)
    change = next((k for k, spellings in CHANGE_KINDS if any_spelling_in(spellings, text)), "") if (
        claim_type == "timeline") else ""
    symptoms = evidence_symptoms(text) if text else frozenset()
    cause = innermost(text) if kind == "log" else ""
    return ClaimFacts(
        claim_id=claim.claim_id,
        claim_type=claim_type,
        kind=kind,
        service=str(element.get("service") or "") or _object_service(element),
        at=next((str(element[k]) for k in _BEGAN if element.get(k)), ""),
        ended_at=str(element.get("ends_at") or "") if str(element.get("state") or "") == "resolved" else "",
        peak_at=str(element.get("peak_at") or ""),
        name=str(element.get("name") or ""),
        names=list(dict.fromkeys(names)),
        change=change,
        level=str(element.get("level") or "").upper(),
        anomalous=claim_type != "negative_observation" and _anomalous(kind, element, symptoms),
        symptoms=sorted(symptoms),
        cause=cause if cause and cause != text.split("\n", 1)[0] else "",
        line=text.split("\n", 1)[0].strip() if kind == "log" else "",
    )
