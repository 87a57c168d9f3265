"""The default dedup window outlasts Alertmanager's repeat interval (issue 25, smaller items): the
receiver example docs/ALERTS.md shows (docs/alertmanager-receiver.yml) keeps Alertmanager's default
``repeat_interval: 4h``, and the default
``ALERT_DEDUP_WINDOW_S`` was 1 h — so every repeat of a group still firing started a new run. The
default is now 5 h: the 4 h repeat plus Alertmanager's ``group_interval`` slack (a repeat is sent
at the first group tick after the interval) finds the run the group already has."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
import yaml

from diagnosis.alerts.models import AlertGroupRun
from tests.alerts.conftest import post
from tests.alerts.real_alerting import RECEIVER_SNIPPET
from tests.settings.probe import load_settings

UNITS = {"s": 1, "m": 60, "h": 3600, "d": 86_400}


def _seconds(duration: str) -> int:
    match = re.fullmatch(r"(\d+)([smhd])", duration)
    assert match, duration
    return int(match.group(1)) * UNITS[match.group(2)]


def _documented_route_s(key: str) -> int:
    route = yaml.safe_load(RECEIVER_SNIPPET.read_text(encoding="utf-8"))["route"]
    return _seconds(route[key])


def _default_window_s() -> int:
    result = load_settings({}, name="ALERT_DEDUP_WINDOW_S")
    assert result.returncode == 0, result.stderr
    return int(result.stdout.strip())


def test_the_default_window_outlasts_the_documented_repeat_interval_with_slack():
    slack = max(_documented_route_s("group_interval"), 5 * 60)  # Alertmanager's default group_interval: 5m
    assert _default_window_s() >= _documented_route_s("repeat_interval") + slack


@pytest.mark.django_db
def test_a_repeat_after_four_hours_finds_the_existing_run_with_the_defaults(client, token, firing, settings):
    settings.ALERT_DEDUP_WINDOW_S = _default_window_s()
    first = post(client, firing, token).json()
    AlertGroupRun.objects.update(first_received_at=AlertGroupRun.objects.get().first_received_at - timedelta(hours=4, minutes=5))
    repeat = post(client, firing, token).json()
    assert repeat["result"] == "deduplicated" and repeat["run_id"] == first["run_id"]
