"""Reads over the loaded evidence: the reference clock."""

from __future__ import annotations

from datetime import datetime
from typing import Literal, NamedTuple

from django.utils import timezone

from diagnosis.models import EvidenceBundle

ClockSource = Literal["reference_time", "clock"]


class ReferenceNow(NamedTuple):
    now: datetime
    source: ClockSource


def reference_clock() -> ReferenceNow:
    """ "Now" for questions and default windows: the ``reference_time`` of the most recently
    loaded evidence bundle that has one (demo and replay data), else the real clock."""
    reference = (
        EvidenceBundle.objects.exclude(reference_time=None)
        .order_by("-loaded_at", "-pk")
        .values_list("reference_time", flat=True)
        .first()
    )
    if reference is not None:
        return ReferenceNow(timezone.localtime(reference), "reference_time")
    return ReferenceNow(timezone.localtime(timezone.now()), "clock")


def reference_now() -> datetime:
    """The aware "now" (in settings.TIME_ZONE) that relative times resolve against."""
    return reference_clock().now
