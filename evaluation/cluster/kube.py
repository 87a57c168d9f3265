"""Small pure helpers for raw Kubernetes API objects: times as the API writes them, generated names,
uids, quantities, and the List wrapper ``kubectl get -A -o json`` prints. No state, no I/O."""

from __future__ import annotations

import datetime as dt
import hashlib
import re
import uuid
from typing import Final

from evaluation.cluster.spec import API_KINDS, Json

UTC: Final = dt.UTC
# Kubernetes generates name suffixes from this alphabet (no vowels, no confusable digits).
ALPHABET: Final = "bcdfghjklmnpqrstvwxz2456789"


def ts(moment: dt.datetime) -> str:
    """An API server time: RFC 3339 in UTC, whole seconds (``metav1.Time``)."""
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def micro(moment: dt.datetime) -> str:
    """A ``metav1.MicroTime`` (events.k8s.io ``eventTime``, ``series.lastObservedTime``)."""
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def local(moment: dt.datetime, tz: dt.tzinfo) -> str:
    """A log timestamp: ISO 8601 with the site's offset and milliseconds."""
    return moment.astimezone(tz).isoformat(timespec="milliseconds")


def digest(*parts: object) -> bytes:
    return hashlib.sha256("\x1f".join(str(p) for p in parts).encode("utf-8")).digest()


def suffix(n: int, *parts: object) -> str:
    """``n`` characters of the generated-name alphabet, a pure function of ``parts``."""
    return "".join(ALPHABET[b % len(ALPHABET)] for b in digest(*parts)[:n])


def template_hash(*parts: object) -> str:
    """A ``pod-template-hash``: 9 or 10 characters of the alphabet."""
    data = digest("template", *parts)
    return suffix(9 + data[0] % 2, "template", *parts)


def uid(*parts: object) -> str:
    return str(uuid.UUID(bytes=digest("uid", *parts)[:16], version=4))


def hexid(n: int, *parts: object) -> str:
    return digest("hex", *parts).hex()[:n]


def event_name(involved: str, *parts: object) -> str:
    """``<involved object name>.<16 hex>`` — the name the event recorder gives an event."""
    return f"{involved}.{hexid(16, involved, *parts)}"


def listing(kind: str, items: list[Json]) -> Json:
    """``kubectl get <kind> -A -o json``: a ``List`` whose items carry their apiVersion and kind."""
    api_version, item_kind = API_KINDS[kind]
    return {
        "apiVersion": "v1",
        "items": [{"apiVersion": api_version, "kind": item_kind, **item} for item in items],
        "kind": "List",
        "metadata": {"resourceVersion": ""},
    }


# --- Quantities ---------------------------------------------------------------------------------
_CPU = re.compile(r"^(\d+(?:\.\d+)?)(m?)$")
_MEM = re.compile(r"^(\d+)(Ki|Mi|Gi|Ti)?$")
_MEM_UNITS: Final = {None: 1, "Ki": 1024, "Mi": 1024**2, "Gi": 1024**3, "Ti": 1024**4}


def cpu_millis(quantity: str) -> int:
    match = _CPU.match(quantity)
    if not match:
        raise ValueError(f"not a CPU quantity: {quantity!r}")
    value, unit = match.groups()
    return int(float(value)) if unit else int(float(value) * 1000)


def mem_bytes(quantity: str) -> int:
    match = _MEM.match(quantity)
    if not match:
        raise ValueError(f"not a memory quantity: {quantity!r}")
    value, unit = match.groups()
    return int(value) * _MEM_UNITS[unit]


def cpu_quantity(millis: int) -> str:
    return str(millis // 1000) if millis % 1000 == 0 else f"{millis}m"


def mem_quantity(value: int) -> str:
    for unit in ("Gi", "Mi", "Ki"):
        if value % _MEM_UNITS[unit] == 0:
            return f"{value // _MEM_UNITS[unit]}{unit}"
    return str(value)


def metadata(*, name: str, namespace: str | None, created: dt.datetime, rv: int, key: str,
             labels: dict[str, str] | None = None, annotations: dict[str, str] | None = None,
             owners: list[Json] | None = None, generate_name: str | None = None,
             generation: int | None = None, deletion: dt.datetime | None = None) -> Json:
    out: Json = {"name": name}
    if generate_name:
        out["generateName"] = generate_name
    if namespace is not None:
        out["namespace"] = namespace
    out["uid"] = uid(key)
    out["resourceVersion"] = str(rv)
    if generation is not None:
        out["generation"] = generation
    out["creationTimestamp"] = ts(created)
    if deletion is not None:
        out["deletionTimestamp"] = ts(deletion)
        out["deletionGracePeriodSeconds"] = 30
    if labels:
        out["labels"] = dict(labels)
    if annotations:
        out["annotations"] = dict(annotations)
    if owners:
        out["ownerReferences"] = owners
    return out


def owner(api_version: str, kind: str, name: str, key: str) -> Json:
    return {"apiVersion": api_version, "kind": kind, "name": name, "uid": uid(key), "controller": True,
            "blockOwnerDeletion": True}


def condition(type_: str, status: str, at: dt.datetime, reason: str = "", message: str = "", *,
              probe: bool = False, update: dt.datetime | None = None) -> Json:
    out: Json = {"type": type_, "status": status}
    if probe:
        out["lastProbeTime"] = None
    if update is not None:
        out["lastUpdateTime"] = ts(update)
    out["lastTransitionTime"] = ts(at)
    if reason:
        out["reason"] = reason
    if message:
        out["message"] = message
    return out
