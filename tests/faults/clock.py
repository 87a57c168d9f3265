"""A settable clock for the circuit breakers (their clock is injected)."""

from __future__ import annotations


class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds
