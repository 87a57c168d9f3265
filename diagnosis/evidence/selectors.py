"""Reads over the loaded evidence: the reference clock of an evidence scope."""

from __future__ import annotations

from datetime import datetime
from typing import Literal, NamedTuple

from django.utils import timezone

from contracts.time_bounds import time_in_range
from diagnosis.models import EvidenceScope

ClockSource = Literal["reference_time", "clock"]


class ReferenceNow(NamedTuple):
    now: datetime
    source: ClockSource


def reference_clock(scope: EvidenceScope) -> ReferenceNow:
    """ "Now" for questions and default windows in ``scope``: a replay scope's ``reference_time``
    (the moment its bundle describes), else — the live scope, or a replay without one — the
    real clock. A stored ``reference_time`` outside the accepted range (``time_bounds``: written
    before the loader checked it, or by hand) counts as none: the real clock, never a crash."""
    if not scope.is_live and time_in_range(scope.reference_time):
        return ReferenceNow(timezone.localtime(scope.reference_time), "reference_time")
    return ReferenceNow(timezone.localtime(timezone.now()), "clock")


def reference_now(scope: EvidenceScope) -> datetime:
    """The aware "now" (in settings.TIME_ZONE) that relative times in ``scope`` resolve against."""
    return reference_clock(scope).now


class EvidenceSpan(NamedTuple):
    """The time the evidence of a replay scope covers: its first and last log line, metric point or
    alert bound (issue 24: a question about a day outside it is told so, not answered with another
    day's evidence)."""

    start: datetime
    end: datetime


def evidence_span(scope: EvidenceScope) -> EvidenceSpan | None:
    """The span of ``scope``'s builtin evidence; None for the live scope (its backends know) or an
    empty one. Three aggregate queries on indexed timestamp columns."""
    from django.db.models import Max, Min

    from diagnosis.models import Alert, LogRecord, MetricPoint

    if scope.is_live:
        return None
    bounds = [
        LogRecord.objects.for_scope(scope).aggregate(a=Min("timestamp"), b=Max("timestamp")),
        MetricPoint.objects.for_scope(scope).aggregate(a=Min("timestamp"), b=Max("timestamp")),
        Alert.objects.for_scope(scope).aggregate(a=Min("starts_at"), b=Max("starts_at")),
    ]
    starts = [b["a"] for b in bounds if b["a"] is not None]
    ends = [b["b"] for b in bounds if b["b"] is not None]
    if not starts or not ends:
        return None
    # The data was read up to the scope's reference time, whatever its last line.
    end = max([*ends, scope.reference_time] if scope.reference_time is not None else ends)
    return EvidenceSpan(min(starts), end)
