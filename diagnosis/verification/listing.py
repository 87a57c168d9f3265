"""What a complete listing names (issue 24: "a listing PASSes with half the items"). Pure.

The items a question about alerts asks for are the alerts the tools returned in this run for the
asked services (any service when none was named) that overlap the asked window — only the firing
ones when the question asks what is still active (现在 / 还没恢复), and only those showing the
question's other symptoms when it names some (证书相关的告警: the TLS ones; none showing them: no
list is demanded). The coverage check holds an answer to them: every item named, or the answer
is not complete.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import datetime
from typing import Any

from contracts.asked import Asked
from contracts.tools import QUERY_METRICS
from diagnosis.reading.entities import evidence_symptoms


def _moment(value: Any) -> datetime | None:
    try:
        moment = datetime.fromisoformat(str(value))
    except (TypeError, ValueError):
        return None
    return moment if moment.tzinfo is not None else None


def alert_universe(
    outputs: Iterable[tuple[str, Any]], asked: Asked, *, unresolved: bool, symptoms: Iterable[str] = ()
) -> list[str]:
    """Names of the alerts a complete answer lists, from (tool name, output) of the run's calls;
    ``symptoms``: the symptom ids the question names (its "alert" aside)."""
    about = set(symptoms) - {"alert"}
    try:
        start = datetime.fromisoformat(asked.window.start) if asked.window else None
        end = datetime.fromisoformat(asked.window.end) if asked.window else None
    except ValueError:
        start = end = None
    names: list[str] = []
    for tool, output in outputs:
        if tool != QUERY_METRICS or not isinstance(output, Mapping):
            continue
        for alert in output.get("alerts") or []:
            if not isinstance(alert, Mapping) or not alert.get("name"):
                continue
            if asked.services and str(alert.get("service") or "") not in asked.services:
                continue
            firing = str(alert.get("state") or "") == "firing"
            if unresolved and not firing:
                continue
            began, ended = _moment(alert.get("starts_at")), _moment(alert.get("ends_at"))
            if end is not None and began is not None and began > end:
                continue
            if start is not None and not firing and ended is not None and ended < start:
                continue
            if about and not about & evidence_symptoms(f"{alert['name']} {alert.get('summary') or ''}"):
                continue
            names.append(str(alert["name"]))
    return list(dict.fromkeys(names))
