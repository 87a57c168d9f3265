"""Concurrent channel writers never lose each other's updates (spec 000 "self_evaluation SHALL be
a container object"; DESIGN §9). The same harness run against a deliberately naive
read-modify-write without a lock must lose data — proof that the test can catch the bug."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

import pytest
from django.db import close_old_connections, connection

from diagnosis.audit.self_evaluation import self_evaluation_update_channel
from diagnosis.models import DiagnosisRun
from diagnosis.schemas.self_evaluation import CHANNEL_RULE, CHANNEL_VERIFIER
from tests.factories import make_run

WRITERS_PER_CHANNEL = 4
UPDATES_PER_WRITER = 15
# A short pause between read and write widens the race window so the naive version loses
# updates reliably even on a lightly loaded machine.
RACE_WINDOW_S = 0.002


def _bump(old: dict | None) -> dict:
    data = dict(old or {})
    time.sleep(RACE_WINDOW_S)
    data["updates"] = int(data.get("updates", 0)) + 1
    return data


def locked_update(run_id, channel: str) -> None:
    self_evaluation_update_channel(run_id=run_id, channel=channel, mutate=_bump)


def naive_update(run_id, channel: str) -> None:
    """The bug the service exists to prevent: unlocked read, then a whole-object write."""
    run = DiagnosisRun.objects.get(pk=run_id)
    container = dict(run.self_evaluation or {})
    container[channel] = _bump(container.get(channel))
    DiagnosisRun.objects.filter(pk=run_id).update(self_evaluation=container)


def _hammer(run_id, update: Callable[[object, str], None]) -> dict[str, int]:
    errors: list[BaseException] = []
    start = threading.Barrier(2 * WRITERS_PER_CHANNEL)

    def writer(channel: str) -> None:
        try:
            start.wait()
            for _ in range(UPDATES_PER_WRITER):
                update(run_id, channel)
        except BaseException as exc:  # surfaced below; a thread must not swallow failures
            errors.append(exc)
        finally:
            connection.close()

    threads = [
        threading.Thread(target=writer, args=(channel,))
        for channel in (CHANNEL_RULE, CHANNEL_VERIFIER)
        for _ in range(WRITERS_PER_CHANNEL)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    close_old_connections()
    assert not errors, errors
    final = DiagnosisRun.objects.get(pk=run_id).self_evaluation or {}
    return {channel: int((final.get(channel) or {}).get("updates", 0)) for channel in (CHANNEL_RULE, CHANNEL_VERIFIER)}


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_concurrent_writers_of_both_channels_lose_no_update(api_user):
    run = make_run(api_user)
    self_evaluation_update_channel(run_id=run.pk, channel="aiops_rule_evaluation", value={"note": "keep me"})

    counts = _hammer(run.pk, locked_update)

    expected = WRITERS_PER_CHANNEL * UPDATES_PER_WRITER
    print(f"\nlocked: {counts} of {expected} per channel")
    assert counts == {CHANNEL_RULE: expected, CHANNEL_VERIFIER: expected}
    # The unrelated channel written before the storm survives untouched.
    assert DiagnosisRun.objects.get(pk=run.pk).self_evaluation["aiops_rule_evaluation"]["note"] == "keep me"


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_naive_unlocked_update_loses_data_under_the_same_load(api_user):
    run = make_run(api_user)

    counts = _hammer(run.pk, naive_update)

    expected = WRITERS_PER_CHANNEL * UPDATES_PER_WRITER
    print(f"\nnaive: {counts} of {expected} per channel")
    assert sum(counts.values()) < 2 * expected, "the harness failed to provoke the lost-update bug"
