"""The name a metric series is shown by (pure, no Django): its metric name with the labels that tell
it apart from its siblings. The tool renders refs with it; the offline agents name series by it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

#: Labels every series of a deployment carries: they tell no series apart.
SHARED_LABELS: Final = frozenset({"env", "environment", "cluster", "region", "zone", "job", "prometheus", "service", "team"})


def series_name(name: str, labels: Mapping[str, Any] | None) -> str:
    """``pg_stat_activity_count{usename=rp_report}``, ``transcode_queue_depth{queue=transcode.jobs}``;
    labels in ``SHARED_LABELS`` are left out."""
    shown = [f"{k}={v}" for k, v in sorted((labels or {}).items()) if k not in SHARED_LABELS and str(v).strip()]
    return f"{name}{{{','.join(''.join(str(p).split()) for p in shown)}}}" if shown else name
