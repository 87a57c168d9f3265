"""Template filters for the words and numbers people read: ``{{ run.fallback_reason|zh:"fallback_reason" }}``
(the Chinese label from ``diagnosis.vocabulary``) and ``{{ score|people }}`` (rounded, 0.93)."""

from __future__ import annotations

from typing import Any

from django import template

from diagnosis import vocabulary as V

register = template.Library()


@register.filter
def zh(value: Any, table: str) -> str:
    """The Chinese label of an enum value; an unknown table is a template bug (KeyError)."""
    return V.label(V.TABLES[table], value)


@register.filter
def people(value: Any) -> str:
    return V.number(value)
