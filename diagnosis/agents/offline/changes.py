"""Change events as evidence (pure, no Django): the deploys, releases, rollouts, config and
feature-flag pushes, batch jobs, operator restarts, scalings and rollbacks an engineer asks about
first ("what changed?"), at any level below ERROR (an ERROR line reports a failure: the
``Rollback`` of ``MySQLTransactionRollbackException`` is no rollback).

A line is a change when it names a kind of change (``rules/changes.toml``) *and* an action
(pushed, enabled, rolled out, started, 推送 …): "config loaded" at start-up is one, "using config
x" is not. A change counts for a question when it happened in the window or at most
``CHANGE_LOOKBACK`` before it — or before the first anomaly, when the anomaly began earlier than
the asked window (a crash loop since the evening's deploy) — and is *related*:

- on an asked service or naming one (any time in that span);
- on a *dependency* of an asked service — a service its description names (by name, alias, or
  an alias's stem: 邮件服务 → 邮件) — or naming one, but only before the first anomaly: a
  dependency's change after the errors began is not their cause;
- sharing a distinctive identifier (``tag_schema_v2``, ``v2.14.3``) with the asked services'
  anomalous lines — a config push on config-center before tag-service's 500s naming the flag.

With no service asked, every change of the span is related.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Collection, Iterable, Mapping, Sequence
from datetime import datetime, timedelta
from typing import Final

from contracts.k8s import service_from_pod_name
from diagnosis.agents.offline.novelty import NOVEL_KIND
from diagnosis.agents.offline.refs import LEVEL_RANK, Ref, output_time
from diagnosis.agents.offline.thread import THREAD_KIND, THREAD_LEAD, distinctive_tokens
from diagnosis.reading.spelling import any_spelling_in, fold
from diagnosis.reading.vocabulary import CHANGE_ACTIONS, CHANGE_KINDS, rules
from diagnosis.tools.templates import masked, mine

# Deploys and config pushes take effect within minutes; half an hour also covers a slow rollout.
CHANGE_LOOKBACK = timedelta(minutes=30)
# An anomaly that began long before the asked window is looked back to at most this far.
ANOMALY_HORIZON = timedelta(hours=6)
MAX_CHANGE_CLAIMS = 3  # a diagnosis cites the nearest changes, not the day's release log
MAX_LISTED_CHANGES = 10  # a "what changed" question lists them (a listing that leaves items out is no answer)
# A change is a rare event: a template a service logged this many times in the change read is its
# routine work (a transcode worker's "job tj-… started"), not a change of what it does.
ROUTINE_LINES = 5
ROUTINE_REPEATS = 3
# Lines of one service this close together record one change (the operator's line and the
# system's "updating number_of_replicas" line of the same settings update): the most detailed
# (longest) is cited.
ONE_EVENT = timedelta(seconds=10)
# A dependency's change this long before the failure is related only if that dependency went red too.
QUIET_UPSTREAM = timedelta(minutes=45)
# The groups of related changes (own 0, implicated neighbour 1, the rest 2) in the order a
# diagnosis weighs them as a cause: the neighbour the failing lines point at, then the service itself.
_CAUSE_ORDER = {1: 0, 0: 1, 2: 2}
# A line saying it did something (an action word) that no kind of ``changes.toml`` names.
ACTION_KIND = "变更"
WARNING = LEVEL_RANK["WARN"]  # an anomalous line (a warning or worse is no change line)
# Substrings the change read asks the log tool for (any one must occur; the tool matches substrings).
READ_WORDS: tuple[str, ...] = tuple(rules("changes")["words"]["read"])
# An identifier distinctive enough to relate two lines: has a digit, "_" or "." inside, ≥ 5 chars.


def change_kind(text: str, level: str = "") -> str:
    """The Chinese kind of change a line records (发布, 配置变更 …; ``ACTION_KIND`` when it says it
    did something no kind names: "tariff plan published"), "" when it records none."""
    if LEVEL_RANK.get(level.upper(), 0) >= WARNING or not any_spelling_in(CHANGE_ACTIONS, text):
        return ""
    return next((kind for kind, spellings in CHANGE_KINDS if any_spelling_in(spellings, text)), ACTION_KIND)


def moment(ref: Ref) -> datetime | None:
    """When a log line was written or an alert started (None when its element has no time)."""
    return output_time(ref.element.get("timestamp") or ref.element.get("starts_at"))


def first_anomaly(refs: Iterable[Ref]) -> datetime | None:
    """The earliest anomalous evidence: a WARN-or-worse log line, or an alert's start."""
    times = [
        t
        for r in refs
        if (r.kind == "log" and LEVEL_RANK.get(r.level, 0) >= WARNING) or r.kind == "alert"
        if (t := moment(r)) is not None
    ]
    return min(times, default=None)


def span_start(window_start: datetime, anomaly: datetime | None) -> datetime:
    """Where change events start to count: ``CHANGE_LOOKBACK`` before the window, or before the
    first anomaly when it began earlier (at most ``ANOMALY_HORIZON`` before the window)."""
    if anomaly is not None and anomaly < window_start:
        window_start = max(anomaly, window_start - ANOMALY_HORIZON)
    return window_start - CHANGE_LOOKBACK


def _routine(lines: Sequence[Ref]) -> set[int]:
    """Indexes of the lines a service logs as routine: its (Drain3 template) ``lines`` hold
    ``ROUTINE_LINES`` or more times, or the same words but for the numbers ``ROUTINE_REPEATS``
    times (a periodic job's "run: released=19 holds"; two config pushes differ in their keys)."""
    ids, _ = mine([r.message for r in lines])
    template = Counter((r.service, t) for r, t in zip(lines, ids, strict=True))
    same = Counter((r.service, masked(r.message)) for r in lines)
    return {
        i
        for i, (r, t) in enumerate(zip(lines, ids, strict=True))
        if template[(r.service, t)] >= ROUTINE_LINES or same[(r.service, masked(r.message))] >= ROUTINE_REPEATS
    }


def _names(ref: Ref, names: set[str]) -> bool:
    return fold(ref.service) in names or any(names_service(fold(ref.message), name) for name in names)


#: Characters a service name is made of: one next to a name makes it part of a longer name.
_NAME_CHARS: Final = re.compile(r"[a-z0-9_\-]")
_NAME_TOKEN: Final = re.compile(r"[a-z0-9_\-]+")


def names_service(text: str, name: str) -> bool:
    """Whether folded ``text`` names the service ``name`` itself: the whole name, or one of its pods
    (``tag-service-5f8d7c9b4-x2x7k``), or its file (``tag-service.yaml``) — not a longer name that
    starts or ends with it (``alias/tag-service-recording``, ``old-tag-service-export``)."""
    for found in re.finditer(re.escape(name), text):
        start, end = found.span()
        if start and _NAME_CHARS.match(text[start - 1]):
            continue
        if end == len(text) or not _NAME_CHARS.match(text[end]):
            return True
        token = _NAME_TOKEN.match(text, start)
        if token and service_from_pod_name(token.group()) == name:
            return True
    return False


def change_refs(
    refs: Iterable[Ref],
    *,
    start: datetime,
    end: datetime,
    services: Sequence[str],
    anomalies: Sequence[Ref] = (),
    depends_on: Iterable[str] = (),
    limit: int = MAX_CHANGE_CLAIMS,
    nearest: bool = False,
    implicated: Iterable[str] = (),
    onsets: Mapping[str, datetime] | None = None,
    novel: Collection[tuple[str, str]] = (),
    threaded: Collection[tuple[str, str]] = (),
) -> list[tuple[str, Ref]]:
    """(kind, ref) of the related change lines in [``span_start``, end] (``start``: the window's
    start), at most ``limit``, one per message: those on an asked service first, then those on a
    neighbour the failing lines point at (``implicated``: the other tenant of the database they
    name), then the rest, each in time order — or, for a diagnosis (``nearest``), the likeliest
    cause first: an implicated neighbour's, the asked service's, the rest's, each the nearest
    before the first anomaly first (the change just before a failure explains it more often than
    the morning's); of implicated neighbours, the one that went red first (``onsets``: when each
    did) leads, its change measured from its own onset — a failure chain starts where it broke first.
    A line of ``novel`` ((invocation id, raw path): a candidate trigger, ``novelty``) is change-like
    whatever its words (``NOVEL_KIND``), and never routine. A line of ``threaded`` names an
    identifier the failing lines share (``thread``): what was done to the failing element, related
    whatever its service and counted from ``thread.THREAD_LEAD`` before the first anomaly
    (``THREAD_KIND`` when its words say no change)."""
    asked, deps = {fold(s) for s in services}, {fold(s) for s in depends_on}
    pointed = {fold(s) for s in implicated}
    red = {fold(s) for s in (onsets or {})}
    shared = set().union(*(distinctive_tokens(r.message) for r in anomalies)) if anomalies else set()
    first = first_anomaly(anomalies)
    since = span_start(start, first)
    found: dict[str, tuple[int, datetime, str, Ref]] = {}  # one per message
    event: dict[str, tuple[datetime, str]] = {}  # each service's current event: its start, its cited message
    lines = sorted(
        {(r.invocation_id, r.raw_path): r for r in refs if r.kind == "log"}.values(),
        key=lambda r: (str(r.element.get("timestamp") or ""), r.invocation_id, r.raw_path),
    )
    routine = _routine(lines)
    for i, ref in enumerate(lines):
        trigger = (ref.invocation_id, ref.raw_path) in novel
        element = (ref.invocation_id, ref.raw_path) in threaded
        at = moment(ref)
        kind = change_kind(ref.message, ref.level) or (NOVEL_KIND if trigger else THREAD_KIND if element else "")
        # An implicated neighbour's change counts from the horizon before the failure (its disk
        # filled for hours); the others' from the lookback.
        reach = min(since, (first or start) - ANOMALY_HORIZON) if _names(ref, pointed) else since
        if element:
            reach = min(reach, (first or start) - THREAD_LEAD)
        if not kind or at is None or not (reach <= at <= end) or ref.message in found or (i in routine and not trigger):
            continue
        own = _names(ref, asked)
        # A merely new line counts upstream only when its own service is on the path: a job
        # whose name starts with a dependency's ("reservation-cleanup") is not that dependency.
        on_path = fold(ref.service) in deps if kind == NOVEL_KIND else _names(ref, deps)
        upstream = bool(deps) and on_path and (first is None or at <= first)
        # A dependency's change an hour or more before the failure counts only when that dependency
        # went red itself or the failing lines point at it: a certificate rolled back on the ingress
        # at 10:40 says nothing of a GIS lock at 11:32 when the ingress never faltered.
        # A merely new line (no change words) on a dependency counts only when that dependency went
        # red itself or the failing lines point at it, however near: a duty roster imported on the
        # warning service five minutes before says nothing of the forecast API's own timeouts.
        if upstream and (kind == NOVEL_KIND or (first is not None and first - at >= QUIET_UPSTREAM)) and not (
            _names(ref, pointed) or fold(ref.service) in red
        ):
            upstream = False
        if not (not asked or own or upstream or element or distinctive_tokens(ref.message) & shared):
            continue
        started, cited = event.get(ref.service, (None, ""))
        if started is not None and at - started <= ONE_EVENT:
            if len(ref.message) <= len(cited):
                continue  # one change, its most detailed line cited
            del found[cited]
        else:
            started = at
        found[ref.message] = (0 if own else 1 if _names(ref, pointed) or element else 2, at.replace(microsecond=0), kind, ref)
        event[ref.service] = (started, ref.message)
    # Lines that say they are changes first; a merely new line (``novel``) fills the room left.
    ordered = sorted(found.values(), key=lambda t: (t[0], t[2] == NOVEL_KIND, t[1]))
    if nearest and first is not None:
        def distance(t: tuple[int, datetime, str, Ref]) -> tuple[int, datetime, bool, bool, float]:
            at = moment(t[3]) or first
            onset = (onsets or {}).get(t[3].service, first) if t[0] == 1 else first
            # A line that says it is a change before one that is only new (the deploy, not the
            # "Started …" it causes), each group's nearest first.
            return _CAUSE_ORDER[t[0]], onset, at > onset, t[2] == NOVEL_KIND, abs((onset - at).total_seconds())

        ordered = sorted(ordered, key=distance)
    return [(kind, ref) for _, _, kind, ref in ordered[:limit]]
