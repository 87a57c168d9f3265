"""Reading a world's bundle in the world tests: one service's lines and own text, a series' points, an alert,
when a line was logged. Pure: no database."""

from __future__ import annotations

from typing import Any


def logs_of(bundle: dict[str, Any], service: str) -> list[dict[str, Any]]:
    return [log for log in bundle["logs"] if log["service"] == service]


def own_text(bundle: dict[str, Any], service: str) -> str:
    return "\n".join([log["message"] for log in logs_of(bundle, service)]
                     + [f"{a['name']} {a['summary']}" for a in bundle["alerts"] if a["service"] == service])


def series_points(bundle: dict[str, Any], name: str, **labels: str) -> list[list[Any]]:
    [series] = [s for s in bundle["metrics"] if s["name"] == name and all(s["labels"].get(k) == v for k, v in labels.items())]
    return series["points"]


def alert_named(bundle: dict[str, Any], name: str) -> dict[str, Any]:
    [alert] = [a for a in bundle["alerts"] if a["name"] == name]
    return alert


def when_logged(bundle: dict[str, Any], message: str) -> str:
    [stamp] = [log["timestamp"] for log in bundle["logs"] if log["message"] == message]
    return stamp
