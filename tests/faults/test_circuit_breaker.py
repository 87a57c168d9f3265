"""The circuit breaker's pure core (diagnosis/agents/circuit.py): transitions with an injected
clock, a stateful property test against a reference model, and concurrent use. No Django."""

from __future__ import annotations

import threading

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from diagnosis.agents.circuit import (
    CLOSED,
    HALF_OPEN,
    OPEN,
    CircuitBreaker,
    CircuitOpen,
    CircuitRegistry,
    Permit,
)
from tests.faults.clock import FakeClock


def breaker(threshold: int = 3, cooldown: float = 30.0) -> tuple[CircuitBreaker, FakeClock]:
    clock = FakeClock()
    return CircuitBreaker(failure_threshold=threshold, cooldown_s=cooldown, clock=clock), clock


def fail(b: CircuitBreaker, times: int = 1) -> None:
    for _ in range(times):
        b.record(b.acquire(), ok=False)


def test_it_opens_after_exactly_the_threshold_of_consecutive_failures():
    b, _ = breaker(threshold=3)
    fail(b, 2)
    assert b.state == CLOSED and b.consecutive_failures == 2
    fail(b)
    assert b.state == OPEN
    with pytest.raises(CircuitOpen) as refused:
        b.acquire()
    assert refused.value.retry_after_s == pytest.approx(30.0)


def test_a_success_resets_the_consecutive_count():
    b, _ = breaker(threshold=3)
    fail(b, 2)
    b.record(b.acquire(), ok=True)
    fail(b, 2)
    assert b.state == CLOSED


def test_open_refuses_until_the_cooldown_then_lets_exactly_one_probe_through():
    b, clock = breaker(threshold=1, cooldown=30)
    fail(b)
    clock.advance(29.9)
    with pytest.raises(CircuitOpen):
        b.acquire()
    clock.advance(0.1)
    probe = b.acquire()
    assert probe.probe and b.state == HALF_OPEN
    with pytest.raises(CircuitOpen):  # the probe is out: nobody else goes
        b.acquire()
    assert b.rejected == 2


def test_a_successful_probe_closes_the_circuit():
    b, clock = breaker(threshold=1)
    fail(b)
    clock.advance(30)
    b.record(b.acquire(), ok=True)
    assert b.state == CLOSED
    assert not b.acquire().probe


def test_a_failed_probe_reopens_for_a_full_cooldown():
    b, clock = breaker(threshold=1, cooldown=30)
    fail(b)
    clock.advance(100)
    b.record(b.acquire(), ok=False)
    assert b.state == OPEN
    clock.advance(29)
    with pytest.raises(CircuitOpen):
        b.acquire()
    clock.advance(1)
    assert b.acquire().probe


def test_a_late_result_from_before_the_opening_does_not_close_or_extend_the_circuit():
    b, clock = breaker(threshold=2)
    early = b.acquire()  # in flight while the circuit opens
    fail(b, 2)
    b.record(early, ok=True)
    assert b.state == OPEN
    clock.advance(30)
    probe = b.acquire()
    b.record(early, ok=False)  # stale failure during the probe
    assert b.state == HALF_OPEN
    b.record(probe, ok=True)
    assert b.state == CLOSED


def test_a_stale_failure_after_the_circuit_closed_again_does_not_count():
    b, clock = breaker(threshold=2)
    early = b.acquire()
    fail(b, 2)
    clock.advance(30)
    b.record(b.acquire(), ok=True)  # the probe closed it
    b.record(early, ok=False)
    assert b.state == CLOSED and b.consecutive_failures == 0


def test_a_zero_threshold_disables_the_breaker():
    b, _ = breaker(threshold=0)
    fail(b, 1000)
    assert b.state == CLOSED


def test_negative_limits_are_refused():
    with pytest.raises(ValueError):
        CircuitBreaker(failure_threshold=-1, cooldown_s=1)


def test_the_registry_keeps_one_breaker_per_key_and_limits():
    registry = CircuitRegistry(clock=FakeClock())
    a = registry.breaker(("http://a/v1", "m1"), failure_threshold=2, cooldown_s=5)
    assert registry.breaker(("http://a/v1", "m1"), failure_threshold=2, cooldown_s=5) is a
    assert registry.breaker(("http://a/v1", "m2"), failure_threshold=2, cooldown_s=5) is not a
    assert registry.breaker(("http://a/v1", "m1"), failure_threshold=3, cooldown_s=5) is not a
    registry.reset()
    assert registry.breaker(("http://a/v1", "m1"), failure_threshold=2, cooldown_s=5) is not a


def test_concurrent_callers_never_get_two_probes_and_the_count_is_not_lost():
    threshold = 50
    b, clock = breaker(threshold=threshold, cooldown=10)
    barrier = threading.Barrier(8)

    def hammer():
        barrier.wait()
        for _ in range(threshold):
            try:
                b.record(b.acquire(), ok=False)
            except CircuitOpen:
                pass

    threads = [threading.Thread(target=hammer) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert b.state == OPEN  # 400 failures from 8 threads: opened, the lock lost no update
    clock.advance(10)
    probes: list[Permit] = []
    refused = []

    def race():
        barrier.wait()
        try:
            probes.append(b.acquire())
        except CircuitOpen:
            refused.append(1)

    threads = [threading.Thread(target=race) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(probes) == 1 and probes[0].probe and len(refused) == 7


class BreakerMachine(RuleBasedStateMachine):
    """The breaker against a reference model written independently of it."""

    def __init__(self) -> None:
        super().__init__()
        self.clock = FakeClock()
        self.threshold = 3
        self.cooldown = 10.0
        self.b = CircuitBreaker(failure_threshold=self.threshold, cooldown_s=self.cooldown, clock=self.clock)
        self.state = CLOSED
        self.failures = 0
        self.opened_at = 0.0
        self.generation = 0  # the model's own count of openings
        self.outstanding: list[Permit] = []

    @rule(seconds=st.floats(min_value=0, max_value=25, allow_nan=False))
    def tick(self, seconds):
        self.clock.advance(seconds)

    @rule()
    def acquire(self):
        expect_probe = self.state == OPEN and self.clock.now - self.opened_at >= self.cooldown
        allowed = self.state == CLOSED or expect_probe
        try:
            permit = self.b.acquire()
        except CircuitOpen:
            assert not allowed, self.state
            return
        assert allowed and permit.probe == expect_probe and permit.generation == self.generation
        if expect_probe:
            self.state = HALF_OPEN
        self.outstanding.append(permit)

    @precondition(lambda self: self.outstanding)
    @rule(index=st.integers(min_value=0), ok=st.booleans())
    def settle(self, index, ok):
        permit = self.outstanding.pop(index % len(self.outstanding))
        self.b.record(permit, ok=ok)
        if permit.generation != self.generation:
            return  # stale: issued before the last opening
        if permit.probe:
            if ok:
                self.state, self.failures = CLOSED, 0
            else:
                self._open()
        elif self.state == CLOSED:
            self.failures = 0 if ok else self.failures + 1
            if self.failures >= self.threshold:
                self._open()

    def _open(self):
        self.state, self.opened_at, self.failures = OPEN, self.clock.now, 0
        self.generation += 1

    @invariant()
    def same_state(self):
        assert self.b.state == self.state
        assert self.b.consecutive_failures == self.failures

    @invariant()
    def at_most_one_probe_outstanding(self):
        live = [p for p in self.outstanding if p.probe and p.generation == self.generation]
        assert len(live) <= 1


BreakerMachine.TestCase.settings = settings(max_examples=300, stateful_step_count=40, deadline=None)
TestBreakerAgainstModel = BreakerMachine.TestCase
