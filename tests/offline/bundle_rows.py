"""Rows of a hand-written evidence bundle on one day (+08:00), for the small test worlds."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Day:
    day: str  # 2027-04-12

    def at(self, clock: str) -> str:
        return f"{self.day}T{clock}+08:00"

    def log(self, clock: str, service: str, level: str, message: str) -> dict[str, Any]:
        return {"timestamp": self.at(clock), "service": service, "level": level, "instance": f"{service}-0",
                "message": message, "trace_id": "", "attributes": {}}  # fmt: skip

    def series(self, name: str, service: str, unit: str, threshold: float, values: dict[str, float]) -> dict[str, Any]:
        return {"name": name, "service": service, "unit": unit, "labels": {}, "threshold": threshold,
                "points": [[self.at(clock), value] for clock, value in sorted(values.items())]}  # fmt: skip
