"""Reads over the loaded evidence: the reference clock of an evidence scope."""

from __future__ import annotations

from datetime import datetime
from typing import Literal, NamedTuple

from django.utils import timezone

from diagnosis.models import EvidenceScope
from diagnosis.time_bounds import time_in_range

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
