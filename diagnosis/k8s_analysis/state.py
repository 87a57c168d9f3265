"""The typed cluster state the analyzers read: the elements ``query_k8s`` returned, each with the
evidence ref the tool wrote for it (``<invocation_id><raw_path>``: ``inv_3/pods/0``). Pure.

Only elements that have a ref are in the state, so every finding's evidence is a ref a claim can
bind to. An object read by two calls is kept once (the first reading). ``read`` holds the kinds
that were read (a successful or no-hit call): a rule that concludes something is absent
("no workload behind this Service") is only judged when its kind was read (``requires``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from pydantic import ValidationError

from contracts.k8s import K8S_OUTPUT_MODELS
from contracts.tools import QUERY_K8S

TOOL = QUERY_K8S
READ_STATUSES = frozenset({"success", "no_hit"})


@dataclass(frozen=True)
class Element:
    kind: str
    invocation_id: str
    raw_path: str
    text: str  # the ref's text: what an excerpt quotes
    data: Any  # the kind's model (``K8S_OUTPUT_MODELS``)

    @property
    def ref(self) -> str:
        return f"{self.invocation_id}{self.raw_path}"

    @property
    def name(self) -> str:
        return str(getattr(self.data, "name", "") or getattr(self.data, "object", ""))

    @property
    def namespace(self) -> str:
        return str(getattr(self.data, "namespace", "") or "")


@dataclass
class ClusterState:
    elements: dict[str, list[Element]] = field(default_factory=dict)
    read: set[str] = field(default_factory=set)
    unreadable: list[str] = field(default_factory=list)  # refs whose element did not validate

    def of(self, kind: str) -> list[Element]:
        return self.elements.get(kind, [])

    def add(self, element: Element) -> None:
        self.elements.setdefault(element.kind, []).append(element)

    def by_ref(self) -> dict[str, Element]:
        return {e.ref: e for elements in self.elements.values() for e in elements}


def _get(item: Any, key: str) -> Any:
    return item.get(key) if isinstance(item, Mapping) else getattr(item, key, None)


def _identity(kind: str, data: Any) -> tuple[str, ...]:
    if kind == "events":
        return (kind, data.object, data.reason, data.first_seen.isoformat(), data.message)
    return (kind, str(getattr(data, "namespace", "") or ""), data.name)


def state_from_calls(calls: Iterable[Any]) -> ClusterState:
    """The state of every ``query_k8s`` call of ``calls`` (ToolInvocation rows, ToolCallResults or
    mappings with ``invocation_id``, ``tool_name``, ``status``, ``output`` and ``evidence_refs``)."""
    state = ClusterState()
    seen: set[tuple[str, ...]] = set()
    for call in calls:
        output = _get(call, "output")
        if _get(call, "tool_name") != TOOL or _get(call, "status") not in READ_STATUSES or not isinstance(output, Mapping):
            continue
        kind = str(output.get("kind") or "")
        if kind not in K8S_OUTPUT_MODELS:
            continue
        state.read.add(kind)
        items: Sequence[Any] = output.get(kind) or []
        for ref in _get(call, "evidence_refs") or []:
            raw_path, text = str(_get(ref, "raw_path") or ""), str(_get(ref, "text") or "")
            parts = raw_path.split("/")
            if len(parts) != 3 or parts[1] != kind or not parts[2].isdigit() or int(parts[2]) >= len(items):
                continue
            try:
                data = K8S_OUTPUT_MODELS[kind].model_validate(items[int(parts[2])])
            except ValidationError:
                state.unreadable.append(f"{_get(call, 'invocation_id')}{raw_path}")
                continue
            identity = _identity(kind, data)
            if identity in seen:
                continue
            seen.add(identity)
            state.add(Element(kind, str(_get(call, "invocation_id")), raw_path, text, data))
    return state
