from __future__ import annotations

from datetime import datetime

from django import template
from django.template.defaultfilters import date as date_filter

from contracts.time_bounds import MSG_INVALID_TIME, time_in_range

register = template.Library()


@register.filter
def bounded_date(value: datetime | None, fmt: str = "") -> str:
    """``{{ scope.reference_time|bounded_date:"Y-m-d H:i" }}``: Django's ``date`` filter for a time
    inside the accepted range (``time_bounds``), ``无效时间`` for one stored outside it."""
    if value is None:
        return ""
    return str(date_filter(value, fmt)) if time_in_range(value) else MSG_INVALID_TIME
