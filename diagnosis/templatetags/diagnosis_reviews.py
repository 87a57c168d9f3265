from __future__ import annotations

from django import template

from diagnosis.reviews.calibration import percent as percent_text

register = template.Library()


@register.filter
def percent(value: float | None) -> str:
    return percent_text(value)
