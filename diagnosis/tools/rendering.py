"""How output elements become the system-side text of evidence refs.

Times are rendered in settings.TIME_ZONE without an offset ("2026-11-28 10:05:12"), numbers
compactly with their unit ("12.5%", "350ms", "0.00012 GB"). The renderers take the *output
element* (plain JSON), so a ref's text can always be recomputed from what ``raw_path`` points at.
"""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal

from django.utils import timezone

_TIGHT_UNITS = {
    "%",
    "ms",
    "s",
    "m",
    "h",
    "b",
    "kb",
    "mb",
    "gb",
    "tb",
    "kib",
    "mib",
    "gib",
    "tib",
    "qps",
    "rps",
}


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


def number(value: float | int | None, *, exact: bool = False) -> str:
    """A decimal without scientific notation. ``exact`` (observed values: min, max, last,
    thresholds) keeps every recorded digit, so a claim can quote the value as recorded;
    otherwise (derived values such as averages) compactly rounded: 6.33, 1520.4, 0.00012."""
    if value is None:
        return "?"
    v = float(value)
    if v != v or v in (float("inf"), float("-inf")):
        return str(v)
    if v.is_integer() and abs(v) < 1e15:
        return str(int(v))
    if exact:
        # The shortest decimal that round-trips (repr), written out positionally.
        text = format(Decimal(repr(v)), "f")
        return text.rstrip("0").rstrip(".") if "." in text else text
    magnitude = abs(v)
    if magnitude >= 100:
        text = f"{v:.1f}"
    elif magnitude >= 1:
        text = f"{v:.2f}"
    else:
        text = f"{v:.6f}"
        # keep three significant digits of a small fraction
        digits = text.lstrip("-0.")
        keep = len(text) - len(digits) + 3
        text = text[:keep]
    text = text.rstrip("0").rstrip(".") if "." in text else text
    return text or "0"


def with_unit(value: float | int | None, unit: str, *, exact: bool = False) -> str:
    text = number(value, exact=exact)
    if not unit:
        return text
    sep = "" if unit.lower() in _TIGHT_UNITS else " "
    return f"{text}{sep}{unit}"
