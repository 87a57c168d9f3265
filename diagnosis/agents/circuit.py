"""A circuit breaker per model endpoint (issue 9 item 6). Pure: no Django, no I/O; the clock is
injected, so every transition is unit- and property-testable without waiting.

States::

    closed ──(failure_threshold consecutive failures)──▶ open
    open ──(cooldown_s elapsed; the next acquire is the one probe)──▶ half_open
    half_open ──probe succeeds──▶ closed        half_open ──probe fails──▶ open (a new cooldown)

``acquire()`` returns a :class:`Permit` or raises :class:`CircuitOpen` — while open, and while the
half-open probe is in flight, so exactly one call tests a recovering endpoint. Every permit must
be settled exactly once with ``record(permit, ok=…)`` (the caller does it in ``finally``).

A permit carries the *generation* it was issued in; the generation advances whenever the circuit
opens. A late result of a call that started before the circuit opened is therefore ignored: it
neither extends nor closes an open circuit — only the probe decides.

``failure_threshold = 0`` disables the breaker (it never opens).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Final, Literal

CLOSED: Final = "closed"
OPEN: Final = "open"
HALF_OPEN: Final = "half_open"
State = Literal["closed", "open", "half_open"]

Clock = Callable[[], float]


class CircuitOpen(Exception):
    """The endpoint's circuit is open: no request may be sent now."""

    def __init__(self, retry_after_s: float) -> None:
        super().__init__(f"circuit open; next probe in {retry_after_s:.1f}s")
        self.retry_after_s = retry_after_s


@dataclass(frozen=True)
class Permit:
    generation: int
    probe: bool = False


class CircuitBreaker:
    def __init__(self, *, failure_threshold: int, cooldown_s: float, clock: Clock = time.monotonic) -> None:
        if failure_threshold < 0 or cooldown_s < 0:
            raise ValueError("failure_threshold and cooldown_s must be >= 0")
        self.failure_threshold = failure_threshold
        self.cooldown_s = cooldown_s
        self._clock = clock
        self._lock = threading.Lock()
        self._state: State = CLOSED
        self._failures = 0  # consecutive, while closed
        self._opened_at = 0.0
        self._generation = 0
        self._probe_in_flight = False
        self.rejected = 0  # calls refused without a request (for the audit and the figures)

    @property
    def state(self) -> State:
        with self._lock:
            return self._state

    @property
    def consecutive_failures(self) -> int:
        with self._lock:
            return self._failures

    def acquire(self) -> Permit:
        with self._lock:
            if self._state == CLOSED:
                return Permit(self._generation)
            if self._state == OPEN:
                waited = self._clock() - self._opened_at
                if waited >= self.cooldown_s:
                    self._state = HALF_OPEN
                    self._probe_in_flight = True
                    return Permit(self._generation, probe=True)
                self.rejected += 1
                raise CircuitOpen(self.cooldown_s - waited)
            # half_open: the probe is still out; everyone else waits for its verdict.
            self.rejected += 1
            raise CircuitOpen(0.0)

    def record(self, permit: Permit, *, ok: bool) -> None:
        with self._lock:
            if permit.generation != self._generation:
                return  # started before the circuit opened: the probe decides, not this
            if permit.probe:
                self._probe_in_flight = False
                if ok:
                    self._state, self._failures = CLOSED, 0
                else:
                    self._open()
                return
            if self._state != CLOSED:
                return
            if ok:
                self._failures = 0
                return
            self._failures += 1
            if self.failure_threshold and self._failures >= self.failure_threshold:
                self._open()

    def _open(self) -> None:
        self._state = OPEN
        self._opened_at = self._clock()
        self._generation += 1
        self._failures = 0


class CircuitRegistry:
    """The process-local breakers, one per endpoint key. Thread-safe; a key configured with other
    limits (settings changed) gets a fresh breaker."""

    def __init__(self, clock: Clock = time.monotonic) -> None:
        self.clock = clock
        self._lock = threading.Lock()
        self._breakers: dict[tuple[Hashable, int, float], CircuitBreaker] = {}

    def breaker(self, key: Hashable, *, failure_threshold: int, cooldown_s: float) -> CircuitBreaker:
        slot = (key, failure_threshold, float(cooldown_s))
        with self._lock:
            found = self._breakers.get(slot)
            if found is None:
                found = CircuitBreaker(failure_threshold=failure_threshold, cooldown_s=cooldown_s, clock=self.clock)
                self._breakers[slot] = found
            return found

    def reset(self) -> None:
        with self._lock:
            self._breakers.clear()


#: The breakers of this process (each web/Celery worker process has its own: a breaker protects
#: the process's own callers; sharing state across processes would need Redis for little gain).
circuits: Final = CircuitRegistry()
