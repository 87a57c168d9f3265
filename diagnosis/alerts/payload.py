"""The Alertmanager webhook payload, version 4 — the one model of its shape (STYLE §2).

Field names are Alertmanager's (``template.Data`` plus ``version``, ``groupKey``,
``truncatedAlerts``; https://prometheus.io/docs/alerting/latest/configuration/#webhook_config).
Everything is bounded, because the sender is any holder of a receiver token and everything in
labels and annotations is written by whoever configures the alert rules: counts of alerts and
labels, lengths of keys and values. Unknown top-level or per-alert fields are ignored
(Alertmanager adds fields within a version); wrong types, a version other than "4", naive or
malformed timestamps are refused. Pure: no Django.
"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any, Final, Literal

from pydantic import (
    AfterValidator,
    AwareDatetime,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    ValidationError,
)
from pydantic_core import PydanticCustomError

from contracts.time_bounds import time_problem

MAX_ALERTS: Final = 500
MAX_LABELS: Final = 64
MAX_KEY_CHARS: Final = 128
MAX_VALUE_CHARS: Final = 4096
MAX_GROUP_KEY_CHARS: Final = 4096
MAX_URL_CHARS: Final = 2048
MAX_FINGERPRINT_CHARS: Final = 64

MESSAGE_INVALID: Final = "Alertmanager 通知无效：{detail}"
MESSAGE_FIELD: Final = "字段 {field}：{problem}"
#: pydantic error type → the Chinese problem (the rest: "格式不正确").
PROBLEMS: Final = {
    "missing": "缺失",
    "literal_error": "取值不在允许范围内",
    "string_type": "必须是字符串",
    "string_too_long": "过长",
    "list_type": "必须是数组",
    "too_long": "元素过多",
    "dict_type": "必须是对象",
    "model_type": "必须是对象",
    "bool_type": "必须是布尔值",
    "int_type": "必须是整数",
    "int_parsing": "必须是整数",
    "greater_than_equal": "不能为负数",
    "timezone_aware": "时间必须带时区",
    "datetime_parsing": "不是 RFC 3339 时间",
    "datetime_from_date_parsing": "不是 RFC 3339 时间",
    "datetime_type": "不是 RFC 3339 时间",
    "value_error": "取值无效",
}
PROBLEM_DEFAULT: Final = "格式不正确"
OWN_PROBLEMS: Final = frozenset({"time_range"})


def _rfc3339_text(value: Any) -> Any:
    # pydantic would also read a number as a Unix time; Alertmanager always sends RFC 3339 text.
    if not isinstance(value, str):
        raise ValueError("not a string")
    return value


def _bounded_mapping(value: dict[str, str]) -> dict[str, str]:
    if len(value) > MAX_LABELS:
        raise ValueError("too many entries")
    for key in value:
        if not key or len(key) > MAX_KEY_CHARS:
            raise ValueError("key length")
    return value


def _bounded(value: datetime) -> datetime:
    # The one bound of every accepted time (``time_bounds``): year 9999 or year 1 would overflow
    # where the question shows the start in the local zone (issue 25 item 2).
    problem = time_problem(value)
    if problem is not None:
        raise PydanticCustomError("time_range", problem)
    return value


def _end(value: datetime) -> datetime | None:
    """``endsAt``: Go's zero time (year 1) is Alertmanager's "no end yet", anything else is bounded."""
    return None if is_zero_time(value) else _bounded(value)


Timestamp = Annotated[AwareDatetime, BeforeValidator(_rfc3339_text), AfterValidator(_bounded)]
EndTimestamp = Annotated[AwareDatetime, BeforeValidator(_rfc3339_text), AfterValidator(_end)]
LabelSet = Annotated[dict[str, Annotated[str, Field(max_length=MAX_VALUE_CHARS)]], AfterValidator(_bounded_mapping)]
Url = Annotated[str, Field(max_length=MAX_URL_CHARS)]
AlertStatus = Literal["firing", "resolved"]


class AlertmanagerAlert(BaseModel):
    model_config = ConfigDict(extra="ignore", frozen=True)

    status: AlertStatus
    labels: LabelSet
    annotations: LabelSet = Field(default_factory=dict)
    startsAt: Timestamp  # noqa: N815 — Alertmanager's field names
    endsAt: EndTimestamp | None = None  # noqa: N815 — "0001-01-01T00:00:00Z" (→ None) while firing
    generatorURL: Url = ""  # noqa: N815
    # Alertmanager ≥ 0.19 always sends it (a hash of the label set); older senders get one made
    # from the labels (``fingerprint_of``).
    fingerprint: Annotated[str, Field(max_length=MAX_FINGERPRINT_CHARS)] = ""


class AlertmanagerPayload(BaseModel):
    model_config = ConfigDict(extra="ignore", frozen=True)

    version: Literal["4"]
    groupKey: Annotated[str, Field(min_length=1, max_length=MAX_GROUP_KEY_CHARS)]  # noqa: N815
    truncatedAlerts: Annotated[int, Field(ge=0)] = 0  # noqa: N815
    status: AlertStatus
    receiver: Annotated[str, Field(max_length=MAX_KEY_CHARS * 2)]
    groupLabels: LabelSet = Field(default_factory=dict)  # noqa: N815
    commonLabels: LabelSet = Field(default_factory=dict)  # noqa: N815
    commonAnnotations: LabelSet = Field(default_factory=dict)  # noqa: N815
    externalURL: Url = ""  # noqa: N815
    alerts: Annotated[list[AlertmanagerAlert], Field(min_length=1, max_length=MAX_ALERTS)]

    def firing(self) -> list[AlertmanagerAlert]:
        return [a for a in self.alerts if a.status == "firing"]

    def resolved(self) -> list[AlertmanagerAlert]:
        return [a for a in self.alerts if a.status == "resolved"]


class InvalidPayload(ValueError):
    """The body is not a version-4 Alertmanager notification; ``message`` is Chinese."""

    def __init__(self, message: str, *, code: str = "invalid_alertmanager_payload") -> None:
        super().__init__(message)
        self.message = message
        self.code = code


def _field_path(loc: tuple[int | str, ...]) -> str:
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out or "(body)"


def payload_parse(data: Any) -> AlertmanagerPayload:
    """The validated payload, or ``InvalidPayload`` naming the first bad field in Chinese."""
    try:
        return AlertmanagerPayload.model_validate(data)
    except ValidationError as exc:
        first = exc.errors(include_url=False, include_input=False)[0]
        # Our own checks' messages are Chinese already; pydantic's are mapped.
        problem = first["msg"] if first["type"] in OWN_PROBLEMS else PROBLEMS.get(first["type"], PROBLEM_DEFAULT)
        # The field path comes from our model and the body's keys; a key is shown only when it is
        # one of ours (never echo an attacker's key text back).
        loc = tuple(p for p in first["loc"] if isinstance(p, int) or p in _KNOWN_NAMES)
        detail = MESSAGE_FIELD.format(field=_field_path(loc), problem=problem)
        raise InvalidPayload(MESSAGE_INVALID.format(detail=detail)) from None


_KNOWN_NAMES: Final = frozenset(AlertmanagerPayload.model_fields) | frozenset(AlertmanagerAlert.model_fields)


def is_zero_time(value: datetime | None) -> bool:
    """Alertmanager's "no end yet" (Go's zero time, year 1)."""
    return value is None or value.year <= 1
