"""What is new before a failure, and what grew with it (issue 32 item 1; pure, no Django).

A deploy or a config push announces itself in words the change vocabulary knows; an operator's
command or a job's first run often does not ("mc ilm rule add …", "backfill started for …"). What
gives such a line away is not its words but its *novelty*: its log template (Drain3, the grouped
``query_logs`` read) never appeared in the service's baseline, and it appeared shortly before the
first anomaly, once or a few times (an action, not new traffic). Such a template is a *candidate trigger* — change-like evidence bound to its exact
line. A template that the baseline already showed is routine, whatever its words; one that first
appeared after the onset is a consequence, not a cause; a warning or worse is a symptom, not an action.

A template the baseline showed whose rate jumped (``RATE_MULTIPLE`` times its own baseline rate)
is a *symptom* of the failure: it is never a trigger. One the baseline showed at about the rate
of the window (under ``ROUTINE_MULTIPLE`` times it) is *routine*, whatever its level: a warning the
service writes all day says nothing of when the failure began (``routine_lines``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import Final

from contracts.plan import ServiceInfo
from contracts.tools import ToolCallResult
from diagnosis.agents.offline.episodes import evidence_span
from diagnosis.agents.offline.refs import LEVEL_RANK, Origin, Ref, collect_refs, output_time
from diagnosis.tools.templates import TemplateCount

#: A trigger acts within this lead of the failure (a deploy or a lifecycle rule takes effect in
#: minutes; half an hour covers a slow rollout or a job that needs to fill a table first).
LEAD: Final = timedelta(minutes=30)
#: The baseline the novelty is judged against: the hours before the lead.
BASELINE: Final = timedelta(hours=6)
#: A template whose rate grew this many times its baseline rate is a symptom.
RATE_MULTIPLE: Final = 4.0
#: A warning-or-worse template under this many times its baseline rate is the service's routine.
ROUTINE_MULTIPLE: Final = 2.0
#: Under this many times its baseline rate a template is written at its usual, steady rate (what the
#: service writes all day): never the failure a cause question asks about (``routine_lines`` with
#: ``outnumbered=False``). A warning that grew by more, even from a baseline already inside the
#: incident, may be the failure itself.
STEADY_MULTIPLE: Final = 1.25
#: Levels an action is written at (a WARN line or worse reports trouble, not an action).
ACTION_LEVELS: Final = frozenset({"DEBUG", "INFO", "NOTICE"})
#: An action is logged once or a few times; a new template logged more often in the lead is the
#: traffic of something that just started (a service whose baseline was quiet), not an action.
ACTION_LINES: Final = 3
#: The kind a trigger is shown as (``记录{kind}``): a line of a kind the service never wrote before.
NOVEL_KIND: Final = "首次出现的操作"


def is_trigger(count: TemplateCount, onset: datetime, lead: timedelta = LEAD) -> bool:
    """A template absent from the baseline whose first line came within ``lead`` before ``onset``
    (at the onset itself counts: an action and its first failure can share a second), at an action's
    level, logged no more than ``ACTION_LINES`` times in the window."""
    return (
        count.in_baseline == 0
        and onset - lead <= count.first_at <= onset
        and count.level.upper() in ACTION_LEVELS
        and count.in_window <= ACTION_LINES
    )


def triggers(counts: Sequence[TemplateCount], onset: datetime, lead: timedelta = LEAD) -> list[int]:
    """Indexes of the candidate triggers among ``counts``, the nearest before ``onset`` first."""
    found = [i for i, c in enumerate(counts) if is_trigger(c, onset, lead)]
    return sorted(found, key=lambda i: (onset - counts[i].first_at, i))


def rate_jumped(count: TemplateCount, window: timedelta, baseline: timedelta, multiple: float = RATE_MULTIPLE) -> bool:
    """A template the baseline showed whose rate in the window is ``multiple`` times its baseline
    rate or more (rates per minute over each window's own length)."""
    if count.in_baseline == 0 or window <= timedelta(0) or baseline <= timedelta(0):
        return False
    rate = count.in_window / (window / timedelta(minutes=1))
    usual = count.in_baseline / (baseline / timedelta(minutes=1))
    return rate >= multiple * usual


def failure_onset(refs: Sequence[Ref]) -> datetime | None:
    """When the failure began in the evidence read: its first warning-or-worse line, alert start, or
    threshold crossing / level shift of a series against its own baseline (``episodes.evidence_span``)."""
    lines = [output_time(r.element.get("timestamp")) for r in refs
             if r.kind == "log" and LEVEL_RANK.get(r.level, 0) >= LEVEL_RANK["WARN"]]
    spans = [span[0] for r in refs if (span := evidence_span(r)) is not None]
    return min((t for t in [*lines, *spans] if t is not None), default=None)


def trigger_refs(history: Sequence[ToolCallResult], services: Sequence[ServiceInfo]) -> list[Ref]:
    """The lines of the candidate triggers the novelty reads (``Origin.NOVELTY``) found: each read's
    onset is the end of its window (the first anomaly it was made for, or a listing's end) and its lead
    the window itself."""
    found: list[Ref] = []
    for call in history:
        start, onset = output_time(call.arguments.get("start")), output_time(call.arguments.get("end"))
        if call.origin != Origin.NOVELTY or call.status != "success" or onset is None or start is None:
            continue
        output = call.output if isinstance(call.output, dict) else {}
        counts = [TemplateCount.model_validate(t) for t in output.get("templates") or []]
        wanted = {f"/records/{i}" for i in triggers(counts, onset, onset - start)}
        found += [r for r in collect_refs([call], services, only=Origin.NOVELTY) if r.raw_path in wanted]
    return found


_PLACEHOLDER = re.compile(r"<[A-Z*]+>|<\*>")


def _template_pattern(template: str) -> re.Pattern[str]:
    """A Drain3 template as a pattern over raw lines: each placeholder (<*>, <NUM>, <IP> …) any text."""
    return re.compile(".*?".join(re.escape(part) for part in _PLACEHOLDER.split(template)), re.DOTALL)


def routine_lines(history: Sequence[ToolCallResult], *, outnumbered: bool = True) -> list[re.Pattern[str]]:
    """The templates the asked services' grouped onset reads (``Origin.ONSET``) found that say
    nothing of when the failure began: in the baseline, and in the window under ``ROUTINE_MULTIPLE``
    times that rate — or (``outnumbered``) outnumbered by a kind of trouble the baseline never showed
    (a validation warning written now and then, grown from 2 to 7, beside 43 lines of a new failure:
    the new failure is the incident, the known warning only happened to be written before it). Without
    ``outnumbered``: only what the service writes at its steady rate (under ``STEADY_MULTIPLE`` times its
    baseline rate) — a grown warning may still be part of the failure (what it says, which pods write
    it), though not when it began."""
    found: list[re.Pattern[str]] = []
    for call in history:
        output = call.output if isinstance(call.output, dict) else {}
        if call.origin != Origin.ONSET or call.status != "success" or not output.get("templates"):
            continue
        start, end = output_time(call.arguments.get("start")), output_time(call.arguments.get("end"))
        base = output_time((output.get("baseline") or {}).get("start"))
        if start is None or end is None or base is None:
            continue
        counts = [TemplateCount.model_validate(t) for t in output["templates"]]
        # The largest new kind of trouble in the read: a template the baseline never showed.
        novel = max((c.in_window for c in counts if not c.in_baseline and c.level.upper() not in ACTION_LEVELS),
                    default=0) if outnumbered else 0
        for count in counts:
            if count.in_baseline and (
                not rate_jumped(count, end - start, start - base, ROUTINE_MULTIPLE if outnumbered else STEADY_MULTIPLE)
                or count.in_window < novel
            ):
                found.append(_template_pattern(count.template))
    return found


def grown_lines(history: Sequence[ToolCallResult], began_by: datetime | None = None) -> list[re.Pattern[str]]:
    """The templates the asked services' grouped onset reads (``Origin.ONSET``) found new against
    their baseline or grown past ``ROUTINE_MULTIPLE`` times its rate and not outnumbered by a new
    trouble: what the failure writes (the complement of ``routine_lines`` among the templates those
    reads returned — a template they did not return is neither; a noise warning that went from 21 to
    38 beside 1,588 lines of a new failure is no failing line), of those whose first line came by
    ``began_by`` when given (a later incident's template is not this failure's)."""
    steady = {p.pattern for p in routine_lines(history)}
    return [p for call in history if call.origin == Origin.ONSET and call.status == "success"
            for t in ((call.output if isinstance(call.output, dict) else {}).get("templates") or [])
            if (began_by is None or TemplateCount.model_validate(t).first_at <= began_by)
            and (p := _template_pattern(TemplateCount.model_validate(t).template)).pattern not in steady]


def of_templates(ref: Ref, templates: Sequence[re.Pattern[str]]) -> bool:
    """A log line of one of ``templates`` (``routine_lines``, ``grown_lines``)."""
    message = str(ref.element.get("message") or "")
    return ref.kind == "log" and any(p.fullmatch(message) for p in templates)


def is_routine(ref: Ref, routine: Sequence[re.Pattern[str]]) -> bool:
    """A log line of a routine template (``routine_lines``)."""
    return of_templates(ref, routine)
