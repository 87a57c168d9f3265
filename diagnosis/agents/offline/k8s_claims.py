"""query_k8s output → claims with exact bindings (pure, no Django): the offline Executor's reading
of Kubernetes state.

Which elements: those of the asked services (a pod or deployment by its ``service``, an event by
its object's name), or — when no service is named — what is wrong in the cluster (pods not
ready / waiting / restarting, Warning events, unavailable deployments). Per service at most
``MAX_PODS`` pods, ``MAX_EVENTS`` Warning events and its deployment; healthy pods of an asked
service are stated as such (a healthy-service question gets its observation).

How: every claim is assembled from fragments of its element's ref text (``tools.k8s`` renders
it), each fragment used only when the excerpt — a verbatim prefix of the ref text — contains it,
so every name, number and time the claim states is in its excerpt. Text written by the cluster's
users or components (an event message, a change cause) is only quoted (「…」). A deployment with
a revision or change time also gives a ``timeline`` claim ("adservice 的 Deployment 于 10:01:30
变更到版本 7 …"): what changed, and when.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Any

from contracts.k8s import K8sDeployment, K8sEvent, K8sPod
from contracts.reading import QuestionFacts
from contracts.tools import QUERY_K8S, ToolCallResult
from diagnosis.agents.offline.refs import CONTEXT_READS, binding, direct_claim, element_at
from diagnosis.evidence.k8s_objects import deployment_is_unavailable, pod_is_unhealthy
from diagnosis.reading.entities import shows_items
from diagnosis.tools.element_text import wall_clock
from diagnosis.tools.quoting import quote

TOOL = QUERY_K8S
MAX_PODS = 2
MAX_EVENTS = 3
MAX_CLAIMS = 8
MAX_QUOTED_CHARS = 240
KINDS = ("pods", "events", "deployments")
#: The model of each kind's output elements (``query_k8s``).
MODELS: dict[str, type[K8sPod | K8sEvent | K8sDeployment]] = {
    "pods": K8sPod, "events": K8sEvent, "deployments": K8sDeployment,
}  # fmt: skip
Element = K8sPod | K8sEvent | K8sDeployment


def clock(value: datetime) -> str:
    """ "2026-11-28 10:30:00" of an output time: outputs carry local times with their offset, so its
    wall clock is the ref text's rendering of it (``tools.rendering.clock``)."""
    return wall_clock(value)


def _moment(value: datetime | None, today: str) -> str:
    """ "10:01:30" on ``today`` (YYYY-MM-DD), "2026-11-27 16:00:33" on another day."""
    if value is None:
        return ""
    full = clock(value)
    return full[11:] if full.startswith(today) else full


def _fits(fragment: str, excerpt: str) -> bool:
    return bool(fragment) and fragment in excerpt


# --- One claim per element -----------------------------------------------------------------------
def pod_claim(pod: K8sPod, excerpt: str, today: str) -> tuple[str, str]:
    subject = f"{pod.service} 的 Pod {pod.name}"
    bits = [b for b in (f"阶段 {pod.phase}", f"就绪 {pod.ready}", f"重启 {pod.restarts} 次") if _fits(b, excerpt)]
    termination = pod.last_termination
    tail = ""
    if termination is not None and _fits(f"上次终止 {termination.reason}", excerpt):
        detail = []
        if termination.exit_code is not None and _fits(f"退出码 {termination.exit_code}", excerpt):
            detail.append(f"退出码 {termination.exit_code}")
        if termination.at is not None and _fits(f"于 {clock(termination.at)}", excerpt):
            detail.append(f"于 {_moment(termination.at, today)}")
        tail = f"，上次终止 {termination.reason}" + (f"（{'，'.join(detail)}）" if detail else "")
    observed = f"，观测于 {_moment(pod.observed_at, today)}" if _fits(f"观测于 {clock(pod.observed_at)}", excerpt) else ""
    waiting = pod.waiting_reason
    if waiting and _fits(f"等待原因 {waiting}", excerpt):
        head = f"{subject} 处于 {waiting}"
    elif _wrong(pod):
        head = f"{subject} 未就绪"
    else:
        head = f"{subject} 正常运行"
    return head + (f"（{'，'.join(bits)}）" if bits else "") + tail + observed, "observation"


def _short(text: str) -> str:
    if len(text) <= MAX_QUOTED_CHARS:
        return text
    cut = text.rfind(" ", 0, MAX_QUOTED_CHARS)
    return text[: cut if cut > MAX_QUOTED_CHARS // 2 else MAX_QUOTED_CHARS].rstrip() + "…"


def event_claim(event: K8sEvent, excerpt: str, today: str, ref_text: str, service: str = "") -> tuple[str, str]:
    """ "shippingservice 的 Pod/shippingservice-8c7d… 有 Warning 事件 FailedScheduling（共 42 次…）：「…」";
    ``service``: the asked service the event's object belongs to (an event names no service)."""
    counts = [f"共 {event.count} 次"] if _fits(f"共 {event.count} 次", excerpt) else []
    if _fits(f"首次 {clock(event.first_seen)}", excerpt):
        counts.append(f"首次 {_moment(event.first_seen, today)}")
    if _fits(f"最近 {clock(event.last_seen)}", excerpt):
        counts.append(f"最近 {_moment(event.last_seen, today)}")
    subject = f"{service} 的 {event.object}" if service else event.object
    text = f"{subject} 有 {event.type} 事件 {event.reason}" + (f"（{'，'.join(counts)}）" if counts else "")
    message = event.message
    if message:
        start = len(ref_text) - len(message)
        shown = excerpt[start:] if len(excerpt) < len(ref_text) else message
        if shown.strip():
            text += f"：{quote(_short(shown))}"
    return text, "observation"


def deployment_claims(deployment: K8sDeployment, excerpt: str, today: str) -> list[tuple[str, str]]:
    subject = f"{deployment.service} 的 Deployment {deployment.name}"
    state = [
        b
        for b in (f"副本 {deployment.replicas}", f"就绪 {deployment.ready}", f"可用 {deployment.available}")
        if _fits(b, excerpt)
    ]
    conditions = [
        f"{c.type}={c.status}" + (f"（{c.reason}）" if c.reason else "")
        for c in deployment.conditions
        if c.status != "True" or c.type != "Progressing"
    ]
    shown_conditions = [c for c in conditions if _fits(c, excerpt)]
    claims = []
    if state:
        verb = "不可用" if _wrong(deployment) else "可用"
        claims.append(
            (
                f"{subject} 当前{verb}（{'，'.join(state)}）"
                + (f"，条件 {'、'.join(shown_conditions)}" if shown_conditions else ""),
                "observation",
            )
        )
    change = []
    if deployment.changed_at is not None and _fits(f"变更于 {clock(deployment.changed_at)}", excerpt):
        change.append(f"于 {_moment(deployment.changed_at, today)} 变更")
    if deployment.revision is not None and _fits(f"版本 {deployment.revision}", excerpt):
        change.append(f"当前版本 {deployment.revision}")
    if deployment.image and _fits(f"镜像 {deployment.image}", excerpt):
        change.append(f"镜像 {deployment.image}")
    if change:
        text = f"{subject} " + "，".join(change)
        cause = deployment.change_cause
        marker = "变更原因："
        if cause and marker in excerpt:
            shown = excerpt.split(marker, 1)[1]
            if shown.strip():
                text += f"，变更原因：{quote(_short(shown))}"
        claims.append((text, "timeline"))
    return claims


# --- Selection -----------------------------------------------------------------------------------
def _owner(element: Element) -> str:
    if isinstance(element, K8sEvent):
        return element.object.rsplit("/", 1)[-1]
    return element.service


def _about(element: Element, services: Sequence[str]) -> str:
    """The asked service ``element`` belongs to ("" when none): a pod or deployment by its service,
    an event by its object's name (``adservice-5f…`` belongs to adservice)."""
    owner = _owner(element).casefold()
    for service in services:
        wanted = service.casefold()
        if owner == wanted or (isinstance(element, K8sEvent) and owner.startswith(wanted + "-")):
            return service
    return ""


def _wrong(element: Element) -> bool:
    """A pod not healthy, a Warning event, a deployment not available (``evidence.k8s_objects``)."""
    if isinstance(element, K8sPod):
        return pod_is_unhealthy(element.phase, element.ready, element.waiting_reason)
    if isinstance(element, K8sEvent):
        return element.type == "Warning"
    return deployment_is_unavailable(element)


def _wanted(element: Element, services: Sequence[str]) -> bool:
    if services:
        # the asked service's pods (healthy or not) and deployment; only its Warning events
        return bool(_about(element, services)) and (not isinstance(element, K8sEvent) or _wrong(element))
    return _wrong(element)


_CAPS: dict[str, int] = {"pods": MAX_PODS, "events": MAX_EVENTS, "deployments": 1}


def _claims_for(
    element: Element, excerpt: str, today: str, text: str, services: Sequence[str]
) -> list[tuple[str, str]]:
    if isinstance(element, K8sPod):
        return [pod_claim(element, excerpt, today)]
    if isinstance(element, K8sEvent):
        return [event_claim(element, excerpt, today, text, _about(element, services))]
    return deployment_claims(element, excerpt, today)


def k8s_claims(
    history: Sequence[ToolCallResult],
    facts: QuestionFacts,
    *,
    excerpt: Callable[[str], str],
    first_id: int = 1,
    today: str = "",
) -> list[dict[str, Any]]:
    """Claims for the query_k8s elements that answer the question (ids from ``c{first_id}``);
    ``excerpt`` cuts a ref text to the verbatim prefix a binding quotes (``claims.excerpt_of``)."""
    services = facts.known_services
    seen: set[str] = set()
    taken: dict[tuple[str, str], int] = {}
    claims: list[dict[str, Any]] = []
    for call in history:
        if call.tool_name != TOOL or call.status != "success" or call.origin in CONTEXT_READS:
            continue  # the pods read for placement speak only through the placement claim
        for ref in call.evidence_refs or []:
            raw_path, text = str(ref.get("raw_path") or ""), str(ref.get("text") or "")
            parts, found = raw_path.split("/"), element_at(call.output, raw_path)
            kind = parts[1] if len(parts) == 3 and parts[1] in KINDS and found else ""
            if not kind or not text or text in seen:
                continue
            element = MODELS[kind].model_validate(found)
            if not _wanted(element, services):
                continue
            if facts.items and not shows_items(facts, text):
                continue  # a listing lists what its words name, every such item
            key = (kind, _owner(element) if services else "")
            if not facts.items and taken.get(key, 0) >= _CAPS[kind] * (1 if services else 2):
                continue
            seen.add(text)
            taken[key] = taken.get(key, 0) + 1
            cut = excerpt(text)
            for claim_text, claim_type in _claims_for(element, cut, today, text, services):
                bindings = [binding(TOOL, call.invocation_id, raw_path, cut)]
                claims.append(direct_claim(first_id + len(claims), claim_text, claim_type, bindings))
    return claims[:MAX_CLAIMS]


def k8s_missing(history: Sequence[ToolCallResult]) -> list[dict[str, str]]:
    """A failed query_k8s call is a gap the answer names."""
    items = []
    for call in history:
        if call.tool_name == TOOL and call.status == "failed":
            args = call.arguments or {}
            who = str(args.get("name") or "全部服务")
            items.append(
                {
                    "item": f"{who} 的 Kubernetes {args.get('kind') or '状态'}（{call.invocation_id}）",
                    "reason": f"调用失败：{(call.error or '未知错误')[:120]}",
                }
            )
    return items
