"""The evaluate history as a small line chart — pure: coordinates for an SVG the template draws.

Each saved suite run (``manage.py evaluate --save``) contributes one point per rate metric. The
chart is plain SVG elements with presentation attributes (no script, no inline style), so it
renders under the strict Content-Security-Policy and in the admin without JavaScript.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any, Final

from pydantic import BaseModel

#: Rates (0–1) worth following over time; key in summary_json()["metrics"] → label, colour.
HISTORY_METRICS: Final = (
    ("route_accuracy", "路由准确率", "#2563eb"),
    ("honest_claim_acceptance", "诚实声明接受率", "#16a34a"),
    ("fabricated_claim_leak_rate", "伪造声明泄漏率", "#dc2626"),
    ("pass_but_unanswered_rate", "PASS 但未作答", "#9333ea"),
    ("advice_misattributed_rate", "建议错配", "#ea580c"),
)
WIDTH: Final = 640
HEIGHT: Final = 220
PAD_LEFT: Final = 44
PAD_RIGHT: Final = 12
PAD_TOP: Final = 12
PAD_BOTTOM: Final = 36


class HistoryPoint(BaseModel):
    at: datetime
    label: str  # revision and prompt version, shown on hover (<title>)
    metrics: dict[str, Any]


class ChartSeries(BaseModel):
    key: str
    label: str
    colour: str
    points: str  # the SVG polyline "x,y x,y …"
    dots: list[tuple[float, float, str]]  # x, y, hover text


class HistoryChart(BaseModel):
    width: int = WIDTH
    height: int = HEIGHT
    series: list[ChartSeries]
    x_labels: list[tuple[float, str]]
    y_ticks: list[tuple[float, str]]
    plot_left: int = PAD_LEFT
    plot_right: int = WIDTH - PAD_RIGHT
    plot_top: int = PAD_TOP
    plot_bottom: int = HEIGHT - PAD_BOTTOM


def _rate(metrics: Mapping[str, Any], key: str) -> float | None:
    value = metrics.get(key)
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    return min(1.0, max(0.0, float(value)))


def history_chart(points: Sequence[HistoryPoint]) -> HistoryChart:
    """Oldest to newest, left to right; y is the rate from 0 % (bottom) to 100 % (top)."""
    ordered = sorted(points, key=lambda p: p.at)
    inner_w = WIDTH - PAD_LEFT - PAD_RIGHT
    inner_h = HEIGHT - PAD_TOP - PAD_BOTTOM

    def x_of(index: int) -> float:
        return PAD_LEFT + (inner_w / 2 if len(ordered) == 1 else inner_w * index / (len(ordered) - 1))

    def y_of(rate: float) -> float:
        return PAD_TOP + inner_h * (1.0 - rate)

    series: list[ChartSeries] = []
    for key, label, colour in HISTORY_METRICS:
        coords = [
            (round(x_of(i), 1), round(y_of(rate), 1), f"{p.label} · {label} {rate * 100:.1f}%")
            for i, p in enumerate(ordered)
            if (rate := _rate(p.metrics, key)) is not None
        ]
        if coords:
            series.append(
                ChartSeries(
                    key=key, label=label, colour=colour, points=" ".join(f"{x},{y}" for x, y, _ in coords), dots=coords
                )
            )
    step = max(1, len(ordered) // 6)  # at most ~6 dates under the axis
    x_labels = [(round(x_of(i), 1), p.at.strftime("%m-%d %H:%M")) for i, p in enumerate(ordered) if i % step == 0]
    y_ticks = [(round(y_of(v), 1), f"{int(v * 100)}%") for v in (0.0, 0.25, 0.5, 0.75, 1.0)]
    return HistoryChart(series=series, x_labels=x_labels, y_ticks=y_ticks)
