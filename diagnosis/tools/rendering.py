"""Times in settings.TIME_ZONE: what outputs carry (``iso``) and how a time is shown without an
offset ("2026-11-28 10:05:12"). Numbers and the typed elements' text: ``element_text`` (pure).
"""

from __future__ import annotations

from datetime import datetime

from django.utils import timezone


def local(value: datetime | str) -> datetime:
    moment = datetime.fromisoformat(value) if isinstance(value, str) else value
    if timezone.is_naive(moment):
        moment = timezone.make_aware(moment, timezone.get_default_timezone())
    return timezone.localtime(moment, timezone.get_default_timezone())


def iso(value: datetime) -> str:
    """ISO 8601 with the offset of settings.TIME_ZONE: what outputs carry."""
    return local(value).isoformat()


def clock(value: datetime | str, *, seconds: bool = True) -> str:
    """ "2026-11-28 10:05:12" (or "… 10:05" without seconds), local time, no offset."""
    return local(value).strftime("%Y-%m-%d %H:%M:%S" if seconds else "%Y-%m-%d %H:%M")


def hhmm(value: datetime | str) -> str:
    return local(value).strftime("%H:%M")
