"""Argument models of the evidence tools (DESIGN §7), one pydantic model per tool.

They own the parameter shapes: validation, defaults, bounds, and the JSON schema the OpenAI
tools API receives. Times are ISO 8601 strings; offset-aware ones keep their instant, naive
ones are read in settings.TIME_ZONE; every time is normalised to settings.TIME_ZONE so that
two spellings of one instant produce the same canonical arguments (and dedup).
"""

from __future__ import annotations

import re
import unicodedata
from datetime import UTC, datetime
from typing import Annotated, Any, Literal

from django.utils import timezone
from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    field_validator,
    model_validator,
)

from contracts.time_bounds import time_problem
from contracts.tools import K8S_KINDS, LIMIT_DEFAULT, LIMIT_MAX

MAX_QUERY_CHARS = 500
MAX_TEXT_ARG_CHARS = 200
MAX_ANY_KEYWORD_CHARS = 400  # an alternation of words ("deploy|release|…") is longer than one value
TOP_K_DEFAULT, TOP_K_MAX = 5, 10

# Severity order: a level filter means "this level or more severe".
LEVEL_RANK: dict[str, int] = {"DEBUG": 10, "INFO": 20, "WARN": 30, "ERROR": 40, "FATAL": 50}
LEVEL_ALIASES: dict[str, str] = {"WARNING": "WARN", "CRITICAL": "FATAL", "ERR": "ERROR", "TRACE": "DEBUG"}


def canonical_level(value: str) -> str | None:
    level = value.strip().upper()
    level = LEVEL_ALIASES.get(level, level)
    return level if level in LEVEL_RANK else None


def _clean_text(value: Any) -> Any:
    if isinstance(value, str):
        if "\x00" in value:
            raise ValueError("must not contain NUL bytes")
        return re.sub(r"\s+", " ", unicodedata.normalize("NFKC", value)).strip()
    return value


def _parse_time(value: Any) -> Any:
    if value is None or isinstance(value, datetime):
        return value
    if not isinstance(value, str):
        raise ValueError("must be an ISO 8601 date-time string, e.g. 2026-11-28T10:05:00+08:00")
    text = value.strip()
    if "\x00" in text:
        raise ValueError("must not contain NUL bytes")
    try:
        parsed = datetime.fromisoformat(text.replace("Z", "+00:00").replace("z", "+00:00"))
    except ValueError:
        raise ValueError(
            f"not an ISO 8601 date-time: {text[:40]!r} (e.g. 2026-11-28T10:05:00+08:00)"
        ) from None
    # The one bound of every accepted time (1970 .. 2200 UTC); a naive time is checked as UTC here
    # (the local zone is hours away, the bounds are centuries inside what Python can shift).
    problem = time_problem(parsed if parsed.tzinfo is not None else parsed.replace(tzinfo=UTC))
    if problem is not None:
        raise ValueError(problem)
    return parsed


def _localise(value: datetime | None) -> datetime | None:
    if value is None:
        return None
    zone = timezone.get_default_timezone()
    if timezone.is_naive(value):
        value = timezone.make_aware(value, zone)
    return timezone.localtime(value, zone)


def _non_empty(value: str | None) -> str | None:
    return value or None


CleanText = Annotated[str, BeforeValidator(_clean_text), Field(max_length=MAX_TEXT_ARG_CHARS)]
OptionalText = Annotated[CleanText | None, AfterValidator(_non_empty)]
OptionalAlternatives = Annotated[
    Annotated[str, BeforeValidator(_clean_text), Field(max_length=MAX_ANY_KEYWORD_CHARS)] | None,
    AfterValidator(_non_empty),
]
IsoTime = Annotated[datetime | None, BeforeValidator(_parse_time), AfterValidator(_localise)]


class ToolArguments(BaseModel):
    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)

    def canonical(self) -> dict[str, Any]:
        """JSON form with defaults filled in: the dedup identity of a call."""
        return self.model_dump(mode="json")


class _Windowed(ToolArguments):
    start: IsoTime = Field(None, description="Window start, ISO 8601 (naive = local time zone)")
    end: IsoTime = Field(None, description="Window end, ISO 8601 (naive = local time zone)")

    @model_validator(mode="after")
    def _ordered(self) -> _Windowed:
        if self.start is not None and self.end is not None and self.start >= self.end:
            raise ValueError("start must be before end")
        return self


class LookupKnowledgeArgs(ToolArguments):
    query: Annotated[str, BeforeValidator(_clean_text), Field(min_length=1, max_length=MAX_QUERY_CHARS)] = (
        Field(description="What to look up in the runbooks/knowledge base (Chinese or English)")
    )
    top_k: int = Field(TOP_K_DEFAULT, ge=1, le=TOP_K_MAX, description="How many chunks to return")


class QueryLogsArgs(_Windowed):
    service: OptionalText = Field(None, description="Service name or alias, e.g. payment-service or 支付服务")
    level: OptionalText = Field(
        None, description="Minimum level: DEBUG, INFO, WARN, ERROR or FATAL (this level or more severe)"
    )
    max_level: OptionalText = Field(
        None, description="Most severe level to include (e.g. INFO with level INFO: INFO lines only)"
    )
    keyword: OptionalText = Field(
        None, description="Case-insensitive substring(s) of the message; space-separated words must all match"
    )
    any_keyword: OptionalAlternatives = Field(
        None, description="Case-insensitive substrings of the message separated by |; at least one must match"
    )
    limit: int = Field(
        LIMIT_DEFAULT, ge=1, le=LIMIT_MAX, description="Maximum records returned (newest first)"
    )
    instance: OptionalText = Field(
        None, description="The pod or node that wrote the lines (exact name), e.g. a node's kernel lines"
    )
    group: Literal["template"] | None = Field(
        None,
        description="template: one record per log template (its first line in the window), with the "
        "template's line counts in the window and in the baseline window before it (``templates``)",
    )
    baseline_start: IsoTime = Field(
        None, description="With group: where the baseline window starts (it ends at start; default: as long as the window)"
    )

    @field_validator("level", "max_level")
    @classmethod
    def _known_level(cls, value: str | None) -> str | None:
        if value is None:
            return None
        level = canonical_level(value)
        if level is None:
            raise ValueError(f"level must be one of {', '.join(LEVEL_RANK)}")
        return level

    @model_validator(mode="after")
    def _levels_ordered(self) -> QueryLogsArgs:
        if self.level and self.max_level and LEVEL_RANK[self.max_level] < LEVEL_RANK[self.level]:
            raise ValueError("max_level must be at least as severe as level")
        if self.baseline_start is not None and self.start is not None and self.baseline_start >= self.start:
            raise ValueError("baseline_start must be before start")
        return self


class QueryMetricsArgs(_Windowed):
    service: OptionalText = Field(None, description="Service name or alias")
    alert_name: OptionalText = Field(
        None, description="Alert name (case-insensitive substring), e.g. HighErrorRate"
    )
    metric: OptionalText = Field(
        None, description="Metric name (case-insensitive substring), e.g. http_5xx_rate"
    )


class GetCurrentTimeArgs(ToolArguments):
    pass


_K8S_NAMESPACE = re.compile(r"^[a-z0-9]([-a-z0-9]*[a-z0-9])?$")


class QueryK8sArgs(_Windowed):
    namespace: OptionalText = Field(
        None, description="Kubernetes namespace, e.g. boutique (omitted: every namespace)"
    )
    kind: Annotated[str, BeforeValidator(_clean_text)] = Field(
        description="What to read: pods (phase, ready, restarts, last termination, waiting reason and "
        "message, labels, owner, images, ports, referenced Secrets/PVCs), events (Warning/Normal with reason, "
        "object, message, count), deployments (replicas, image, revision, change time and cause, conditions), "
        "nodes (Ready and pressure conditions, taints, cordon, allocatable vs requested), services (selector, "
        "ports and targetPorts, ready/not-ready endpoints, the pods the selector matches), endpointslices, "
        "replicasets (FailedCreate), statefulsets, daemonsets, jobs, cronjobs, pvcs and pvs (phase, bound "
        "volume / claim, storage class), resourcequotas (used vs hard), limitranges, hpas (replicas vs "
        "min/max), ingresses (routes to services), networkpolicies (selected pods, ingress rules), secrets "
        "and configmaps (names and key names only, never values)",
        json_schema_extra={"enum": list(K8S_KINDS)},
    )
    name: OptionalText = Field(
        None,
        description="Service, deployment or pod name (a prefix of the pod / the event's object), "
        "e.g. adservice",
    )
    reason: OptionalText = Field(
        None,
        description="Reason to match exactly (case-insensitive): a pod's waiting / termination reason or "
        "phase (ImagePullBackOff, CrashLoopBackOff, OOMKilled, Pending), an event reason "
        "(FailedScheduling, FailedCreate, BackOff) or a deployment condition reason",
    )
    limit: int = Field(LIMIT_DEFAULT, ge=1, le=LIMIT_MAX, description="Maximum objects returned")

    @field_validator("kind")
    @classmethod
    def _known_kind(cls, value: str) -> str:
        kind = value.strip().lower()
        if kind not in K8S_KINDS:
            raise ValueError(f"kind 必须是 {' / '.join(K8S_KINDS)} 之一 (kind must be one of {', '.join(K8S_KINDS)})")
        return kind

    @field_validator("namespace")
    @classmethod
    def _namespace_name(cls, value: str | None) -> str | None:
        if value is not None and (len(value) > 63 or not _K8S_NAMESPACE.match(value)):
            raise ValueError(
                "namespace 不是合法的 Kubernetes 命名空间名 (a namespace is a DNS label: lower-case letters, "
                "digits and '-', at most 63 characters)"
            )
        return value
