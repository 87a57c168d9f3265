"""query_logs: log records by service (name or alias), level range, keywords and time window."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime
from typing import Any

from contracts.elements import LogRecord
from contracts.evidence import MAX_REFS_PER_INVOCATION
from contracts.pointer import make_pointer
from diagnosis.tools.arguments import LEVEL_ALIASES, LEVEL_RANK, QueryLogsArgs
from diagnosis.tools.backends import LogEntry, LogQuery, LogsBackend
from diagnosis.tools.base import ToolContext, ToolOutcome, bounded, evidence_ref
from diagnosis.tools.element_text import render_record, wall_clock
from diagnosis.tools.rendering import iso
from diagnosis.tools.templates import Line, group_by_template
from diagnosis.tools.windows import resolve_window

MAX_MESSAGE_CHARS = 2000
# A grouped read counts at most this many lines of each window (newest first): enough for an hour
# of a busy service; beyond it the counts are marked truncated.
GROUP_SCAN_MAX = 5000


def levels_at_least(level: str | None, most: str | None = None) -> list[str]:
    """Every level spelling (canonical and aliases) at least as severe as ``level`` and at most as
    severe as ``most``; [] (every level) when neither is given."""
    if level is None and most is None:
        return []
    floor = LEVEL_RANK[level] if level else min(LEVEL_RANK.values())
    ceiling = LEVEL_RANK[most] if most else max(LEVEL_RANK.values())
    names = [name for name, rank in LEVEL_RANK.items() if floor <= rank <= ceiling]
    names += [alias for alias, canonical in LEVEL_ALIASES.items() if canonical in names]
    return names


def service_filter(service: str | None, ctx: ToolContext) -> list[str]:
    """Names to match for ``service``: all names of the known service, or the literal string."""
    if service is None:
        return []
    canonical = ctx.resolve_service(service)
    if canonical is None:
        return [service]  # unknown service: match it literally (usually no hit)
    return list(dict.fromkeys([canonical, *ctx.service_names(canonical)]))


def run(args: QueryLogsArgs, ctx: ToolContext) -> ToolOutcome:
    start, end = resolve_window(args.start, args.end, ctx.now)
    backend: LogsBackend = ctx.backend("logs")
    query = LogQuery(
        start=start,
        end=end,
        services=service_filter(args.service, ctx),
        levels=levels_at_least(args.level, args.max_level),
        keywords=args.keyword.split() if args.keyword else [],
        any_keywords=[k.strip() for k in (args.any_keyword or "").split("|") if k.strip()],
        instance=args.instance or "",
        limit=args.limit,
    )
    if args.group == "template":
        return _grouped(args, query, backend, baseline_start=args.baseline_start or start - (end - start))
    result = backend.search_logs(query)
    records = [_record(r) for r in result.records[: args.limit]]
    total = max(result.total, len(records))
    output = {
        "records": records,
        "total": total,
        "returned": len(records),
        "truncated": total > len(records),
        "window": {"start": iso(start), "end": iso(end)},
    }
    return ToolOutcome(
        output=output, result_count=len(records), details={"backend": getattr(backend, "name", "")}
    )


def _record(r: LogEntry) -> dict[str, Any]:
    return {
        "timestamp": iso(r.timestamp),
        "service": r.service,
        "level": r.level,
        "instance": r.instance,
        "message": bounded(r.message, MAX_MESSAGE_CHARS),
        "trace_id": r.trace_id,
    }


def _grouped(args: QueryLogsArgs, query: LogQuery, backend: LogsBackend, *, baseline_start: datetime) -> ToolOutcome:
    """One record per log template of the window (its first line), and beside it (``templates``,
    index for index) its line counts in the window and in the baseline window [baseline_start,
    start): what is new, and what grew, against the service's own usual lines."""
    window = backend.search_logs(replace(query, limit=GROUP_SCAN_MAX))
    baseline = backend.search_logs(replace(query, start=baseline_start, end=query.start, limit=GROUP_SCAN_MAX))
    lines = [Line(r.timestamp, r.level, r.message) for r in window.records]
    entries = {id(line): r for line, r in zip(lines, window.records, strict=True)}
    grouped = group_by_template(lines, [Line(r.timestamp, r.level, r.message) for r in baseline.records])
    kept = grouped[: args.limit]
    output = {
        # Each record also carries its template's counts: a line read alone says whether it is new.
        "records": [{**_record(entries[id(line)]), "in_window": count.in_window, "in_baseline": count.in_baseline}
                    for count, line in kept],
        "templates": [count.model_dump(mode="json") for count, _ in kept],
        "total": len(grouped),
        "returned": len(kept),
        "truncated": len(grouped) > len(kept) or window.total > len(window.records),
        "window": {"start": iso(query.start), "end": iso(query.end)},
        "baseline": {"start": iso(baseline_start), "end": iso(query.start),
                     "truncated": baseline.total > len(baseline.records)},
    }
    return ToolOutcome(output=output, result_count=len(kept), details={"backend": getattr(backend, "name", "")})


def refs(output: dict[str, Any]) -> list[dict[str, Any]]:
    records = [LogRecord.model_validate(r) for r in output.get("records", [])[:MAX_REFS_PER_INVOCATION]]
    return [
        evidence_ref(
            make_pointer("records", i),
            render_record(record),
            source_id=record.trace_id or "",
            label=f"{record.service} {record.level} {wall_clock(record.timestamp)}",
        )
        for i, record in enumerate(records)
    ]
