"""The typed facts of confirmed claims (``ClaimFacts``), read from the tool output elements their
verified evidence points at — a log record, an alert, a series summary, a Kubernetes object, the
``/query`` element — never from rendered text. Pure: the caller resolves each element and
validates it once (``read_element``); the facts read the typed fields.

An element is *anomalous* when it is evidence of a failure: a log line at ERROR or above (or a
WARN line showing a failure symptom), an alert (firing or resolved: it was red), a series that
crossed its threshold, a pod that is waiting, restarting or was killed, a Warning event, a volume
claim or volume that is Pending or Failed.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any, Final

from pydantic import BaseModel

from contracts.composer import ClaimFacts
from contracts.elements import AlertElement, HitElement, LogRecord, QueryElement, SeriesSummary
from contracts.gatekeeper import VerifiedClaim
from contracts.k8s import (
    K8S_OUTPUT_MODELS,
    K8sDeployment,
    K8sEndpointSlice,
    K8sEvent,
    K8sPersistentVolume,
    K8sPersistentVolumeClaim,
    K8sPod,
    service_from_pod_name,
)
from contracts.tools import LOOKUP_KNOWLEDGE, QUERY_K8S, QUERY_LOGS, QUERY_METRICS
from diagnosis.reading.entities import evidence_symptoms
from diagnosis.reading.evidence_text import innermost
from diagnosis.reading.onsets import summary_shift
from diagnosis.reading.spelling import any_spelling_in
from diagnosis.reading.vocabulary import CHANGE_KINDS

QUERY_PATH: Final = "/query"
ERROR_LEVELS: Final = frozenset({"ERROR", "FATAL", "CRITICAL"})
#: Symptoms that make a WARN line a failure ("调用支付服务失败 status=500 cost=3014ms").
FAILURE_SYMPTOMS: Final = frozenset({"http_5xx", "error", "timeout", "latency", "slow_query", "rate_limit"})
#: (tool, output section) → the model of the elements of that section (``/records/3`` of query_logs).
MODELS: Final[dict[tuple[str, str], type[BaseModel]]] = {
    (QUERY_LOGS, "records"): LogRecord,
    (QUERY_METRICS, "alerts"): AlertElement,
    (QUERY_METRICS, "series"): SeriesSummary,
    (LOOKUP_KNOWLEDGE, "hits"): HitElement,
    **{(QUERY_K8S, kind): model for kind, model in K8S_OUTPUT_MODELS.items()},
}
#: One tool output element, typed (``read_element``): a model of ``MODELS`` or a ``QueryElement``.
Element = BaseModel
#: The elements with a ``service`` of their own (an event's is its object's).
_OWN_SERVICE: Final = (LogRecord, AlertElement, SeriesSummary, K8sPod, K8sDeployment, K8sEndpointSlice)


def read_element(tool: str, raw_path: str, element: Any) -> Element | None:
    """The output element of ``tool`` at ``raw_path``, validated by its model (None when the path
    names no section with a model); a malformed element raises ``ValidationError``."""
    if raw_path == QUERY_PATH:
        return QueryElement.model_validate(element)
    parts = raw_path.split("/")
    model = MODELS.get((tool, parts[1])) if len(parts) == 3 else None
    return model.model_validate(element) if model is not None else None


def _kind(element: Element) -> str:
    if isinstance(element, QueryElement):
        return "query"
    if isinstance(element, LogRecord):
        return "log"
    if isinstance(element, AlertElement):
        return "alert"
    if isinstance(element, SeriesSummary):
        return "series"
    if isinstance(element, HitElement):
        return "hit"
    return "k8s"


def _termination_reason(element: Element) -> str:
    termination = element.last_termination if isinstance(element, K8sPod) else None
    return termination.reason if termination is not None else ""


def _k8s_unhealthy(element: Element) -> bool:
    if isinstance(element, K8sPod):
        return bool(element.waiting_reason or _termination_reason(element) or element.phase in ("Pending", "Failed"))
    if isinstance(element, K8sEvent):
        return element.type == "Warning"
    if isinstance(element, K8sPersistentVolumeClaim | K8sPersistentVolume):
        return element.phase in ("Pending", "Failed")
    return False


def _anomalous(element: Element, symptoms: frozenset[str]) -> bool:
    if isinstance(element, LogRecord):
        level = element.level.upper()
        # A warning is a failure by what it says, or by its novelty: a template the service never
        # logged in the baseline of a grouped read (``in_baseline`` 0) — whatever its words.
        new = element.in_baseline == 0
        return level in ERROR_LEVELS or (level.startswith("WARN") and (bool(symptoms & FAILURE_SYMPTOMS) or new))
    if isinstance(element, AlertElement):
        return True
    if isinstance(element, SeriesSummary):
        # Over its threshold, or off its own level by a multiple (a request rate with no threshold
        # that jumped nine-fold): what the series shows, whatever it is called.
        return element.crossed_at is not None or summary_shift(element) is not None
    return _k8s_unhealthy(element)


def _text(element: Element) -> str:
    if isinstance(element, LogRecord):
        return element.message
    if isinstance(element, AlertElement):
        return f"{element.name} {element.summary}"
    if isinstance(element, SeriesSummary):
        return f"{element.name} "  # a series has no summary
    if _kind(element) != "k8s":
        return ""
    waiting = element.waiting_reason if isinstance(element, K8sPod) else None
    reason = element.reason if isinstance(element, K8sPod | K8sEvent) else ""
    message = element.message if isinstance(element, K8sPod | K8sEvent) else ""
    return " ".join((waiting or "", _termination_reason(element), reason, message))


def _name(element: Element) -> str:
    """An alert's, a series' or a Kubernetes object's name (an event, a log line, a hit have none)."""
    return str(getattr(element, "name", "") or "")


def _service(element: Element) -> str:
    """The element's service; an event's is its object's (``Pod/shop-api-6f8d9c7b5-x2k4p`` → ``shop-api``)."""
    if isinstance(element, _OWN_SERVICE):
        return element.service
    if isinstance(element, K8sEvent):
        kind, _, name = element.object.partition("/")
        return service_from_pod_name(name) if kind in ("Pod", "ReplicaSet", "Deployment") and name else ""
    return ""


def _began(element: Element) -> datetime | None:
    """When what the element shows began: a line's time, an alert's start, a series' crossing, an
    event's first sighting, a deployment's change (a pod's observed_at is when it was read)."""
    if isinstance(element, LogRecord):
        return element.timestamp
    if isinstance(element, AlertElement):
        return element.starts_at
    if isinstance(element, SeriesSummary):
        shift = summary_shift(element) if element.crossed_at is None else None
        return element.crossed_at or (shift.onset if shift else None)
    if isinstance(element, K8sEvent):
        return element.first_seen
    if isinstance(element, K8sDeployment):
        return element.changed_at
    return None


def _iso(value: datetime | None) -> str:
    """An output time as the tool wrote it (``tools.rendering.iso``: ``isoformat`` in its offset)."""
    return value.isoformat() if value is not None else ""


def claim_facts(claim: VerifiedClaim, evidence: Sequence[Element]) -> ClaimFacts:
    """The facts of one claim from the typed elements of its verified bindings (in binding order;
    the first that is not a ``/query`` element speaks for the claim)."""
    claim_type = claim.claim_type or "observation"
    element = next((e for e in evidence if not isinstance(e, QueryElement)), None)
    if element is None:  # only /query elements: what was read (and how many it found)
        query = next((e for e in evidence if isinstance(e, QueryElement)), None)
        arguments = query.arguments if query is not None else {}
        return ClaimFacts(
            claim_id=claim.claim_id, claim_type=claim_type, kind="query" if query is not None else "",
            service=str(arguments.get("service") or ""), name=str(arguments.get("keyword") or ""),
            level=str(arguments.get("level") or "").upper(),
        )
    kind = _kind(element)
    names = [name for e in evidence if not isinstance(e, QueryElement) and (name := _name(e))]
    text = _text(element)
    change = next((k for k, spellings in CHANGE_KINDS if any_spelling_in(spellings, text)), "") if (
        claim_type == "timeline") else ""
    symptoms = evidence_symptoms(text) if text else frozenset()
    cause = innermost(text) if kind == "log" else ""
    resolved = isinstance(element, AlertElement) and element.state == "resolved"
    return ClaimFacts(
        claim_id=claim.claim_id,
        claim_type=claim_type,
        kind=kind,
        service=_service(element),
        at=_iso(_began(element)),
        ended_at=_iso(element.ends_at) if isinstance(element, AlertElement) and resolved else "",
        peak_at=_iso(element.peak_at) if isinstance(element, SeriesSummary) else "",
        name=_name(element),
        names=list(dict.fromkeys(names)),
        change=change,
        level=element.level.upper() if isinstance(element, LogRecord) else "",
        anomalous=claim_type != "negative_observation" and _anomalous(element, symptoms),
        symptoms=sorted(symptoms),
        cause=cause if cause and cause != text.split("\n", 1)[0] else "",
        line=text.split("\n", 1)[0].strip() if kind == "log" else "",
    )
