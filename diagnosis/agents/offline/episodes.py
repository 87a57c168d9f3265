"""The span of the incident a time phrase points at (issue 32 item 5; pure, no Django).

"九点多开始发票开不出来" reads from nine until now, "一点多那阵" an hour around one — but what the
question is about is *that incident*: from its onset to its recovery. A later incident of the same
service (an afternoon failure for a morning question) never answers it, and the peak of an
incident that outlasted the hour read is still its peak. So, once the asked services' alerts and
series are read:

- the incident is the one whose evidence began first inside the read window (an alert's start, a
  threshold crossing, a level shift of the series against its own baseline — ``onsets``), with
  what began within ``JOINED`` of it;
- it ends at the latest recovery of that evidence (an alert's ``ends_at``, the first point back
  under the threshold, the end of the level shift); while any of it lasts, it has not ended;
- the window becomes ``[start, end + RECOVERY_TAIL]`` — narrower when the phrase read until now
  (unless the question says "until now": 至今、到现在、一直 …), wider when the incident outlasted a
  point's hour (never past now).

``current_reads`` then lets the reads over that span stand for the planned reads they replace.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Final

from contracts.reading import TimeWindow
from contracts.tools import ToolCallResult
from diagnosis.agents.offline.refs import Origin, Ref, output_time
from diagnosis.reading.onsets import level_shift, series_points
from diagnosis.reading.time_expressions import POINT_TAIL

#: Evidence that began this close to the first onset belongs to the same incident.
JOINED: Final = timedelta(minutes=15)
#: What is read after the recovery (the last retries, the backlog draining).
RECOVERY_TAIL: Final = timedelta(minutes=10)
#: The window kind of a span read to the incident's end.
EPISODE: Final = "episode"
#: The reads of the asked span that a read of the incident's span replaces: the planned ones ("")
#: and their repeats at a lower level.
REPLACEABLE: Final = frozenset({"", Origin.WIDEN})


@dataclass(frozen=True)
class Incident:
    onset: datetime
    end: datetime | None  # None: still under way at the last evidence


def _recovered(ref: Ref, crossed: datetime) -> datetime | None:
    """The first point of a series back under its threshold after it crossed it (None: not back)."""
    threshold = ref.element.get("threshold")
    if threshold is None:
        return None
    return next((t for t, v in series_points(ref.element) if t > crossed and v <= float(threshold)), None)


def evidence_span(ref: Ref) -> tuple[datetime, datetime | None] | None:
    """(onset, end) of one alert or series, None when it shows no incident."""
    element = ref.element
    if ref.kind == "alert":
        start = output_time(element.get("starts_at"))
        return (start, output_time(element.get("ends_at"))) if start is not None else None
    if ref.kind != "series":
        return None
    crossed = output_time(element.get("crossed_at"))
    if crossed is not None and element.get("crossed_at") != element.get("first_at"):
        return crossed, _recovered(ref, crossed)
    shift = level_shift(series_points(element))
    return (shift.onset, shift.end) if shift is not None and shift.rising else None


def incident(refs: Iterable[Ref], window: TimeWindow) -> Incident | None:
    """The incident whose evidence (alerts, series of ``refs``) began first inside ``window``."""
    found = sorted(
        (
            (span[0], span[1], r.kind)
            for r in refs
            if (span := evidence_span(r)) is not None and window.start <= span[0] < window.end
        ),
        key=lambda found: (found[0], found[2]),
    )
    if not found:
        return None
    onset = found[0][0]
    joined = [(kind, end) for start, end, kind in found if start - onset <= JOINED]
    # A firing alert says the incident lasts; a series not back by its last point only that what
    # was read ended first (its end is then the alert's, or unknown).
    if any(kind == "alert" and end is None for kind, end in joined):
        return Incident(onset, None)
    return Incident(onset, max((end for _, end in joined if end is not None), default=None))


def episode_window(window: TimeWindow, found: Incident | None, *, now: datetime, until_now: bool) -> TimeWindow | None:
    """The window read to the end of ``found`` (the module docstring), None when it stays as it is:
    no incident, one still under way, or a question that asks until now."""
    if found is None or found.end is None or until_now or not window.explicit:
        return None
    end = min(found.end + RECOVERY_TAIL, now)
    open_ended = window.anchor is not None and window.end - window.anchor > POINT_TAIL
    narrower = open_ended and end < window.end
    wider = found.end > window.end  # the recovery itself lies past the window (not only its tail)
    if not (narrower or wider) or end <= window.start:
        return None
    return TimeWindow(window.start, end, True, EPISODE, window.expression, window.anchor)


def _without_span(call: ToolCallResult) -> str:
    return json.dumps({call.tool_name: {k: v for k, v in call.arguments.items() if k not in ("start", "end")}},
                      sort_keys=True, default=str)


def current_reads(history: Sequence[ToolCallResult]) -> list[ToolCallResult]:
    """``history`` without the planned reads that a read over the incident's span replaced (the same
    call but for its span, ``Origin.EPISODE``): their evidence is of another span."""
    replaced = {_without_span(c) for c in history if c.origin == Origin.EPISODE}
    if not replaced:
        return list(history)
    return [c for c in history if c.origin not in REPLACEABLE or _without_span(c) not in replaced]


def replaceable(history: Sequence[ToolCallResult], tools: Sequence[str]) -> list[ToolCallResult]:
    """The reads a read over the incident's span replaces: the planned ones and their lower-level
    repeats (``REPLACEABLE``) of ``tools``, in order, once each."""
    return list({_without_span(c): c for c in history if c.origin in REPLACEABLE and c.tool_name in tools}.values())
