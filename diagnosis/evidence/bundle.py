"""The evidence bundle import format (DESIGN §4 "Evidence bundles"): schema and parsing.

A bundle is one JSON object::

    {"bundle_version": 1, "name": "…", "reference_time": "2026-11-28T10:30:00+08:00",
     "services": [...], "logs": [...], "alerts": [...], "metrics": [...], "documents": [...],
     "k8s": {"pods": [...], "events": [...], "deployments": [...], "nodes": [...], "services": [...], …}}

Every section is optional. Extensions to the DESIGN format: a metric series may carry
``"threshold": <number>`` — the alert rule's threshold for that series, so a summary can say when
it was crossed; a pod or deployment may omit ``service`` (derived from its name, as the
``kubernetes`` backend derives it from the owner) and an event may carry its ``namespace``
(otherwise the namespace of the pod or deployment it names, see the loader).

The ``k8s`` section's models (DESIGN §10.2, §10.6) are ``contracts.k8s``, the one definition of
that shape: the bundle loads them, the ``kubernetes`` backend maps the API's JSON onto them, and
``query_k8s`` renders them. Timestamps and text sizes follow ``contracts.fields``.

``bundle_parse`` is the only entry point: bytes/str/dict in, a validated ``Bundle`` out, or a
``BundleError`` whose message names the offending element (``logs[17].timestamp: …``). Nothing
here touches the database, so a bundle is validated completely before anything is written.
"""

from __future__ import annotations

import datetime as dt
import difflib
import json
import math
import re
from collections.abc import Iterator, Mapping
from typing import Annotated, Any, Final, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    Strict,
    StringConstraints,
    ValidationError,
    model_validator,
)
from pydantic_core import PydanticCustomError

from contracts.fields import Timestamp, json_kind, max_bytes, short_repr
from contracts.k8s import (
    K8S_KIND_MODELS,
    K8sConfigMap,
    K8sCronJob,
    K8sDaemonSet,
    K8sDeployment,
    K8sEndpointSlice,
    K8sEvent,
    K8sHPA,
    K8sIngress,
    K8sJob,
    K8sLimitRange,
    K8sNetworkPolicy,
    K8sNode,
    K8sPersistentVolume,
    K8sPersistentVolumeClaim,
    K8sPod,
    K8sReplicaSet,
    K8sResourceQuota,
    K8sSecret,
    K8sService,
    K8sStatefulSet,
)

BUNDLE_VERSION = 1

# --- Bounds ---------------------------------------------------------------------------------
MAX_BUNDLE_BYTES = 64 * 1024 * 1024
MAX_SERVICES = 1_000
MAX_LOGS = 100_000
MAX_ALERTS = 10_000
MAX_METRIC_SERIES = 2_000
MAX_POINTS_PER_SERIES = 50_000
MAX_POINTS_TOTAL = 500_000
MAX_DOCUMENTS = 1_000
MAX_ALIASES = 50
MAX_LABELS = 50
MAX_MESSAGE_BYTES = 8 * 1024
MAX_DOCUMENT_BYTES = 200 * 1024
MAX_SUMMARY_BYTES = 4 * 1024
MAX_DESCRIPTION_BYTES = 4 * 1024
MAX_ATTRIBUTES_BYTES = 4 * 1024
MAX_ERRORS_SHOWN = 10
MAX_K8S_OBJECTS = 10_000  # per k8s list (pods, events, deployments)

SECTION_LIMITS: dict[str, int] = {
    "services": MAX_SERVICES,
    "logs": MAX_LOGS,
    "alerts": MAX_ALERTS,
    "metrics": MAX_METRIC_SERIES,
    "documents": MAX_DOCUMENTS,
}

# Canonical log levels; the aliases fold the spellings real log pipelines emit.
LOG_LEVELS = ("TRACE", "DEBUG", "INFO", "WARN", "ERROR", "FATAL")
LEVEL_ALIASES = {
    "WARNING": "WARN",
    "ERR": "ERROR",
    "CRITICAL": "FATAL",
    "CRIT": "FATAL",
    "PANIC": "FATAL",
    "NOTICE": "INFO",
    "INFORMATION": "INFO",
}
ALERT_STATES = ("firing", "resolved")

# --- Messages (constants so tests import them, STYLE §6) ------------------------------------
MSG_NOT_UTF8 = "file is not valid UTF-8 (byte offset {offset})"
MSG_MALFORMED_JSON = "malformed JSON at line {line}, column {column}: {detail}"
MSG_TOO_DEEP = "malformed JSON: nested too deeply"
MSG_BAD_NUMBER = "malformed JSON: {detail}"
MSG_NON_FINITE = "malformed JSON: {constant} is not a valid JSON number"
MSG_TOO_LARGE = "bundle is {size} bytes, over the {limit}-byte limit"
MSG_NOT_OBJECT = "bundle must be a JSON object, not {kind}"
MSG_SECTION_NOT_LIST = "{section}: must be a list, not {kind}"
MSG_SECTION_NOT_OBJECT = "{section}: must be an object, not {kind}"
MSG_SECTION_TOO_LONG = "{section}: {count} items, over the limit of {limit}"
MSG_NUL = "{path}: contains NUL byte"
MSG_NUL_KEY = "{path}: key contains NUL byte"
MSG_SURROGATE = "{path}: contains an unpaired Unicode surrogate"
MSG_INVALID = "invalid evidence bundle ({count} error{plural}):\n{details}"
MSG_MORE_ERRORS = "… and {count} more"

# Model-validator errors whose message starts with a path relative to the model being validated.
RELATIVE_PATH_ERRORS = frozenset(
    {"alias_duplicate", "point_duplicate", "alert_times", "service_duplicate", "source_duplicate", "series_duplicate", "points_total",
     "k8s_times"}
)


class BundleError(Exception):
    """A user error in an evidence bundle (or a load that was rolled back). ``str()`` is the message."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


# --- Field types ----------------------------------------------------------------------------
def _finite(value: float) -> float:
    if not math.isfinite(value):
        raise PydanticCustomError("not_finite", "must be a finite number")
    return value


def _normalise_level(value: Any) -> Any:
    if not isinstance(value, str):
        return value
    canonical = normalize_level(value)
    if canonical is None:
        raise PydanticCustomError(
            "log_level",
            "unknown log level {value}; expected one of {allowed} (WARNING, CRITICAL … are folded)",
            {"value": short_repr(value), "allowed": ", ".join(LOG_LEVELS)},
        )
    return canonical


def _normalise_state(value: Any) -> Any:
    if isinstance(value, str) and value.strip().lower() in ALERT_STATES:
        return value.strip().lower()
    if isinstance(value, str):
        raise PydanticCustomError(
            "alert_state", "unknown alert state {value}; expected firing or resolved", {"value": short_repr(value)}
        )
    return value


def _value_text(value: Any) -> Any:
    # Alert values are display strings ("12.5%"); a bare number is accepted and kept as written.
    if isinstance(value, bool):
        return value
    if isinstance(value, int | float):
        if isinstance(value, float) and not math.isfinite(value):
            raise PydanticCustomError("not_finite", "must be a finite number")
        return json.dumps(value)
    return value


def _not_blank(value: str) -> str:
    if not value.strip():
        raise PydanticCustomError("blank", "must contain text")
    return value


def _attributes_size(value: dict[str, Any]) -> dict[str, Any]:
    size = len(json.dumps(value, ensure_ascii=False).encode("utf-8", "surrogatepass"))
    if size > MAX_ATTRIBUTES_BYTES:
        raise PydanticCustomError(
            "too_many_bytes",
            "is {size} bytes as JSON, over the {limit}-byte limit",
            {"size": size, "limit": MAX_ATTRIBUTES_BYTES},
        )
    return value


def normalize_level(value: str) -> str | None:
    """The canonical spelling of a log level (``warning`` → ``WARN``), or None if unknown.

    Shared with the log query tool so a filter ``level=WARNING`` matches stored ``WARN`` rows.
    """
    upper = value.strip().upper()
    upper = LEVEL_ALIASES.get(upper, upper)
    return upper if upper in LOG_LEVELS else None


Text = Annotated[str, Strict()]
Name = Annotated[str, Strict(), StringConstraints(strip_whitespace=True, min_length=1, max_length=100)]
Label = Annotated[str, Strict(), StringConstraints(max_length=200)]
FiniteFloat = Annotated[float, Strict(), AfterValidator(_finite)]
Labels = Annotated[dict[Annotated[str, Strict(), StringConstraints(min_length=1, max_length=100)], Label],
                   Field(max_length=MAX_LABELS)]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class ServiceIn(_Strict):
    name: Name
    aliases: Annotated[
        list[Annotated[str, Strict(), StringConstraints(strip_whitespace=True, min_length=1, max_length=100)]],
        Field(max_length=MAX_ALIASES),
    ] = []
    description: Annotated[Text, max_bytes(MAX_DESCRIPTION_BYTES)] = ""

    @model_validator(mode="after")
    def _aliases_unique(self) -> ServiceIn:
        seen: set[str] = {self.name.casefold()}
        for index, alias in enumerate(self.aliases):
            if alias.casefold() in seen:
                raise PydanticCustomError(
                    "alias_duplicate", "aliases[{index}]: {alias} repeats the name or another alias",
                    {"index": index, "alias": short_repr(alias)},
                )
            seen.add(alias.casefold())
        return self


class LogIn(_Strict):
    timestamp: Timestamp
    service: Name
    level: Annotated[Literal["TRACE", "DEBUG", "INFO", "WARN", "ERROR", "FATAL"], BeforeValidator(_normalise_level)]
    instance: Annotated[Text, StringConstraints(max_length=200)] = ""
    message: Annotated[Text, StringConstraints(min_length=1), max_bytes(MAX_MESSAGE_BYTES)]
    trace_id: Annotated[Text, StringConstraints(max_length=100)] = ""
    attributes: Annotated[dict[str, Any], Field(max_length=MAX_LABELS), AfterValidator(_attributes_size)] = {}


class AlertIn(_Strict):
    name: Annotated[Text, StringConstraints(strip_whitespace=True, min_length=1, max_length=200)]
    service: Name
    severity: Annotated[Text, StringConstraints(strip_whitespace=True, to_lower=True, max_length=32)] = ""
    state: Annotated[Literal["firing", "resolved"], BeforeValidator(_normalise_state)]
    starts_at: Timestamp
    ends_at: Timestamp | None = None
    value: Annotated[Text, StringConstraints(max_length=100), BeforeValidator(_value_text)] = ""
    summary: Annotated[Text, max_bytes(MAX_SUMMARY_BYTES)] = ""
    labels: Labels = {}

    @model_validator(mode="after")
    def _times_consistent(self) -> AlertIn:
        if self.ends_at is not None and self.ends_at < self.starts_at:
            raise PydanticCustomError("alert_times", "ends_at: is before starts_at")
        if self.state == "resolved" and self.ends_at is None:
            raise PydanticCustomError("alert_times", "ends_at: required when state is resolved")
        return self


class MetricIn(_Strict):
    name: Annotated[Text, StringConstraints(strip_whitespace=True, min_length=1, max_length=200)]
    service: Name
    unit: Annotated[Text, StringConstraints(max_length=32)] = ""
    labels: Labels = {}
    threshold: FiniteFloat | None = None  # extension: the alert rule's threshold for this series
    points: Annotated[list[tuple[Timestamp, FiniteFloat]], Field(max_length=MAX_POINTS_PER_SERIES)] = []

    @model_validator(mode="after")
    def _timestamps_unique(self) -> MetricIn:
        seen: dict[dt.datetime, int] = {}
        for index, (timestamp, _value) in enumerate(self.points):
            if timestamp in seen:
                raise PydanticCustomError(
                    "point_duplicate", "points[{index}]: duplicate timestamp (same instant as points[{first}])",
                    {"index": index, "first": seen[timestamp]},
                )
            seen[timestamp] = index
        return self


class DocumentIn(_Strict):
    title: Annotated[Text, StringConstraints(strip_whitespace=True, min_length=1, max_length=300)]
    source: Annotated[Text, StringConstraints(strip_whitespace=True, min_length=1, max_length=300)]
    content: Annotated[Text, AfterValidator(_not_blank), max_bytes(MAX_DOCUMENT_BYTES)]


class K8sState(_Strict):
    pods: Annotated[list[K8sPod], Field(max_length=MAX_K8S_OBJECTS)] = []
    events: Annotated[list[K8sEvent], Field(max_length=MAX_K8S_OBJECTS)] = []
    deployments: Annotated[list[K8sDeployment], Field(max_length=MAX_K8S_OBJECTS)] = []
    # DESIGN §10.6 (``contracts.k8s.K8S_KIND_MODELS``)
    nodes: Annotated[list[K8sNode], Field(max_length=MAX_K8S_OBJECTS)] = []
    services: Annotated[list[K8sService], Field(max_length=MAX_K8S_OBJECTS)] = []
    endpointslices: Annotated[list[K8sEndpointSlice], Field(max_length=MAX_K8S_OBJECTS)] = []
    replicasets: Annotated[list[K8sReplicaSet], Field(max_length=MAX_K8S_OBJECTS)] = []
    statefulsets: Annotated[list[K8sStatefulSet], Field(max_length=MAX_K8S_OBJECTS)] = []
    daemonsets: Annotated[list[K8sDaemonSet], Field(max_length=MAX_K8S_OBJECTS)] = []
    jobs: Annotated[list[K8sJob], Field(max_length=MAX_K8S_OBJECTS)] = []
    cronjobs: Annotated[list[K8sCronJob], Field(max_length=MAX_K8S_OBJECTS)] = []
    pvcs: Annotated[list[K8sPersistentVolumeClaim], Field(max_length=MAX_K8S_OBJECTS)] = []
    pvs: Annotated[list[K8sPersistentVolume], Field(max_length=MAX_K8S_OBJECTS)] = []
    resourcequotas: Annotated[list[K8sResourceQuota], Field(max_length=MAX_K8S_OBJECTS)] = []
    limitranges: Annotated[list[K8sLimitRange], Field(max_length=MAX_K8S_OBJECTS)] = []
    hpas: Annotated[list[K8sHPA], Field(max_length=MAX_K8S_OBJECTS)] = []
    ingresses: Annotated[list[K8sIngress], Field(max_length=MAX_K8S_OBJECTS)] = []
    networkpolicies: Annotated[list[K8sNetworkPolicy], Field(max_length=MAX_K8S_OBJECTS)] = []
    secrets: Annotated[list[K8sSecret], Field(max_length=MAX_K8S_OBJECTS)] = []
    configmaps: Annotated[list[K8sConfigMap], Field(max_length=MAX_K8S_OBJECTS)] = []


class Bundle(_Strict):
    bundle_version: Literal[1]
    name: Annotated[Text, StringConstraints(strip_whitespace=True, max_length=200)] = ""
    reference_time: Timestamp | None = None
    services: Annotated[list[ServiceIn], Field(max_length=MAX_SERVICES)] = []
    logs: Annotated[list[LogIn], Field(max_length=MAX_LOGS)] = []
    alerts: Annotated[list[AlertIn], Field(max_length=MAX_ALERTS)] = []
    metrics: Annotated[list[MetricIn], Field(max_length=MAX_METRIC_SERIES)] = []
    documents: Annotated[list[DocumentIn], Field(max_length=MAX_DOCUMENTS)] = []
    k8s: K8sState | None = None  # None (not an empty state): bundles without it keep their content hash

    @model_validator(mode="after")
    def _cross_checks(self) -> Bundle:
        owners: dict[str, str] = {}
        for index, service in enumerate(self.services):
            for label, value in [("name", service.name), *((f"aliases[{i}]", a) for i, a in enumerate(service.aliases))]:
                key = value.casefold()
                if key in owners:
                    raise PydanticCustomError(
                        "service_duplicate", "services[{index}].{label}: {value} is already used by {owner}",
                        {"index": index, "label": label, "value": short_repr(value), "owner": owners[key]},
                    )
                owners[key] = f"services[{index}]"
        sources: dict[str, int] = {}
        for index, document in enumerate(self.documents):
            if document.source in sources:
                raise PydanticCustomError(
                    "source_duplicate", "documents[{index}].source: {source} repeats documents[{first}]",
                    {"index": index, "source": short_repr(document.source), "first": sources[document.source]},
                )
            sources[document.source] = index
        identities: dict[tuple[str, str, tuple[tuple[str, str], ...]], int] = {}
        for index, series in enumerate(self.metrics):
            identity = (series.name, series.service, tuple(sorted(series.labels.items())))
            if identity in identities:
                raise PydanticCustomError(
                    "series_duplicate", "metrics[{index}]: same name, service and labels as metrics[{first}]",
                    {"index": index, "first": identities[identity]},
                )
            identities[identity] = index
        total = sum(len(series.points) for series in self.metrics)
        if total > MAX_POINTS_TOTAL:
            raise PydanticCustomError(
                "points_total", "metrics: {total} points in all, over the limit of {limit}",
                {"total": total, "limit": MAX_POINTS_TOTAL},
            )
        return self


SECTION_MODELS: dict[str, type[BaseModel]] = {
    "services": ServiceIn,
    "logs": LogIn,
    "alerts": AlertIn,
    "metrics": MetricIn,
    "documents": DocumentIn,
}
K8S_SECTION_MODELS: dict[str, type[BaseModel]] = {
    "pods": K8sPod, "events": K8sEvent, "deployments": K8sDeployment, **K8S_KIND_MODELS
}  # fmt: skip


# --- Parsing --------------------------------------------------------------------------------
def _reject_constant(constant: str) -> Any:
    raise BundleError(MSG_NON_FINITE.format(constant=constant))


def bundle_decode(data: bytes | str) -> Any:
    """Raw JSON text → Python value, with errors that say where the file is broken."""
    if isinstance(data, bytes | bytearray):
        if len(data) > MAX_BUNDLE_BYTES:
            raise BundleError(MSG_TOO_LARGE.format(size=len(data), limit=MAX_BUNDLE_BYTES))
        try:
            text = bytes(data).decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise BundleError(MSG_NOT_UTF8.format(offset=exc.start)) from None
    else:
        text = data.removeprefix("\ufeff")
        size = len(text.encode("utf-8", "surrogatepass"))
        if size > MAX_BUNDLE_BYTES:
            raise BundleError(MSG_TOO_LARGE.format(size=size, limit=MAX_BUNDLE_BYTES))
    try:
        return json.loads(text, parse_constant=_reject_constant)
    except json.JSONDecodeError as exc:
        raise BundleError(MSG_MALFORMED_JSON.format(line=exc.lineno, column=exc.colno, detail=exc.msg)) from None
    except RecursionError:
        raise BundleError(MSG_TOO_DEEP) from None
    except ValueError as exc:  # e.g. an integer literal over the int-conversion digit limit
        raise BundleError(MSG_BAD_NUMBER.format(detail=exc)) from None


def format_path(loc: tuple[Any, ...] | list[Any]) -> str:
    """``("logs", 17, "timestamp")`` → ``logs[17].timestamp``."""
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else str(part)
    return out or "(bundle)"


def _walk_strings(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], str, bool]]:
    """Every string in a JSON value as ``(path, string, is_key)``; iterative (no recursion limit)."""
    stack: list[tuple[tuple[Any, ...], Any]] = [(path, value)]
    while stack:
        here, item = stack.pop()
        if isinstance(item, str):
            yield here, item, False
        elif isinstance(item, dict):
            for key, child in reversed(list(item.items())):
                if isinstance(key, str):
                    yield here, key, True
                stack.append(((*here, key), child))
        elif isinstance(item, list):
            for index in range(len(item) - 1, -1, -1):
                stack.append(((*here, index), item[index]))


#: An unpaired surrogate (valid in a Python string, never encodable as UTF-8).
_SURROGATE: Final = re.compile("[\ud800-\udfff]")


def _check_text(raw: Any) -> None:
    # PostgreSQL refuses NUL in text and jsonb, and unpaired surrogates cannot be encoded: refuse
    # both before validation so the message names the element instead of a database error.
    for path, text, is_key in _walk_strings(raw):
        if "\x00" in text:
            raise BundleError((MSG_NUL_KEY if is_key else MSG_NUL).format(path=format_path(path)))
        if _SURROGATE.search(text):
            raise BundleError(MSG_SURROGATE.format(path=format_path(path)))


def _check_shape(raw: Any) -> None:
    # Cheap structural checks first, so a 10-million-line file fails fast with a clear count.
    if not isinstance(raw, dict):
        raise BundleError(MSG_NOT_OBJECT.format(kind=json_kind(raw)))
    for section, limit in SECTION_LIMITS.items():
        items = raw.get(section)
        if items is None:
            continue
        if not isinstance(items, list):
            raise BundleError(MSG_SECTION_NOT_LIST.format(section=section, kind=json_kind(items)))
        if len(items) > limit:
            raise BundleError(MSG_SECTION_TOO_LONG.format(section=section, count=len(items), limit=limit))
    k8s = raw.get("k8s")
    if k8s is not None and not isinstance(k8s, dict):
        raise BundleError(MSG_SECTION_NOT_OBJECT.format(section="k8s", kind=json_kind(k8s)))
    for section in K8S_SECTION_MODELS:
        items = (k8s or {}).get(section)
        if items is None:
            continue
        if not isinstance(items, list):
            raise BundleError(MSG_SECTION_NOT_LIST.format(section=f"k8s.{section}", kind=json_kind(items)))
        if len(items) > MAX_K8S_OBJECTS:
            raise BundleError(
                MSG_SECTION_TOO_LONG.format(section=f"k8s.{section}", count=len(items), limit=MAX_K8S_OBJECTS)
            )


def _model_for(loc: tuple[Any, ...]) -> type[BaseModel] | None:
    if len(loc) == 1:
        return Bundle
    if len(loc) == 3 and loc[0] in SECTION_MODELS and isinstance(loc[1], int):
        return SECTION_MODELS[loc[0]]
    if len(loc) == 2 and loc[0] == "k8s":
        return K8sState
    if len(loc) == 4 and loc[0] == "k8s" and loc[1] in K8S_SECTION_MODELS and isinstance(loc[2], int):
        return K8S_SECTION_MODELS[loc[1]]
    return None


def _describe(error: Mapping[str, Any]) -> str:
    loc = tuple(error["loc"])
    message = error["msg"]
    kind = error["type"]
    if kind == "extra_forbidden":
        model = _model_for(loc)
        key = str(loc[-1])
        if model is not None:
            allowed = list(model.model_fields)
            close = difflib.get_close_matches(key, allowed, n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            message = f"unknown key{hint}; allowed keys: {', '.join(allowed)}"
        else:
            message = "unknown key"
    elif kind == "missing":
        message = "required field is missing"
    elif kind.endswith("_type") and "input" in error:
        message = f"{message}, got {json_kind(error['input'])}"
    elif kind == "literal_error" and loc == ("bundle_version",):
        message = f"unsupported bundle_version {short_repr(error.get('input'))}; this loader reads version {BUNDLE_VERSION}"
    # Errors raised by model validators carry their own path relative to the model ("aliases[0]: …").
    if kind in RELATIVE_PATH_ERRORS:
        head, _, tail = message.partition(": ")
        return f"{format_path(loc)}.{head}: {tail}" if loc else f"{head}: {tail}"
    return f"{format_path(loc)}: {message}"


def bundle_parse(data: bytes | str | dict[str, Any]) -> Bundle:
    """Decode and validate a bundle completely; raise ``BundleError`` naming every bad element."""
    raw = data if isinstance(data, dict) else bundle_decode(data)
    _check_shape(raw)
    _check_text(raw)
    try:
        return Bundle.model_validate(raw)
    except ValidationError as exc:
        errors = exc.errors(include_url=False)
        lines = [_describe(error) for error in errors[:MAX_ERRORS_SHOWN]]
        if len(errors) > MAX_ERRORS_SHOWN:
            lines.append(MSG_MORE_ERRORS.format(count=len(errors) - MAX_ERRORS_SHOWN))
        raise BundleError(
            MSG_INVALID.format(
                count=len(errors), plural="" if len(errors) == 1 else "s", details="\n".join(f"  {line}" for line in lines)
            )
        ) from None
