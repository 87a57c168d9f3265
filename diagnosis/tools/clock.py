"""get_current_time: the "now" relative times resolve against (a helper, not evidence)."""

from __future__ import annotations

from django.conf import settings

from diagnosis.tools.arguments import GetCurrentTimeArgs
from diagnosis.tools.base import ToolContext, ToolOutcome
from diagnosis.tools.rendering import iso


def run(args: GetCurrentTimeArgs, ctx: ToolContext) -> ToolOutcome:
    output = {"now": iso(ctx.now), "timezone": settings.TIME_ZONE, "source": ctx.clock_source}
    return ToolOutcome(output=output, result_count=1)


def refs(output: dict) -> list:
    return []  # not evidence-bearing: nothing to cite
