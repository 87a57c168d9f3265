from __future__ import annotations

from typing import Any

from django import template

from diagnosis.masking.config import answer_for_viewer

register = template.Library()


@register.filter
def answer_for(text: str, viewer: Any) -> str:
    """``{{ run.final_answer|answer_for:request.user }}``: MASK_ANSWERS for non-staff readers."""
    return answer_for_viewer(text, viewer)
