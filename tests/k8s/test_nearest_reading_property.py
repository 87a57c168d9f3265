"""``nearest_readings`` (pure): per object exactly one reading — the latest at or before the window
end, else the earliest after it."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from hypothesis import given
from hypothesis import strategies as st

from contracts.k8s import K8sPod
from diagnosis.tools.k8s import nearest_readings

BASE = datetime(2026, 11, 28, 2, 0, tzinfo=UTC)


def pod(name: str, minute: int) -> K8sPod:
    return K8sPod(namespace="ns", name=name, phase="Running", ready="1/1", restarts=minute,
                  observed_at=BASE + timedelta(minutes=minute))  # fmt: skip


@given(
    readings=st.lists(st.tuples(st.sampled_from(["a-1", "b-2", "c-3"]), st.integers(0, 120)), min_size=1, max_size=30),
    end_minute=st.integers(0, 120),
)
def test_one_reading_per_object_nearest_the_window_end(readings, end_minute):
    end = BASE + timedelta(minutes=end_minute)
    chosen = nearest_readings([pod(name, minute) for name, minute in readings], end)
    assert sorted(p.name for p in chosen) == sorted({name for name, _ in readings})
    for p in chosen:
        minutes = [m for name, m in readings if name == p.name]
        before = [m for m in minutes if m <= end_minute]
        expected = max(before) if before else min(minutes)
        assert p.observed_at == BASE + timedelta(minutes=expected)
