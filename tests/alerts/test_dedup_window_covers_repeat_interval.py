"""The default dedup window outlasts Alertmanager's repeat interval (issue 25, smaller items): the
receiver example in docs/ALERTS.md keeps Alertmanager's default ``repeat_interval: 4h``, and the default
``ALERT_DEDUP_WINDOW_S`` was 1 h — so every repeat of a group still firing started a new run. The
default is now 5 h: the 4 h repeat plus Alertmanager's ``group_interval`` slack (a repeat is sent
at the first group tick after the interval) finds the run the group already has."""

from __future__ import annotations

import re
from datetime import timedelta
from pathlib import Path

import pytest

from diagnosis.alerts.models import AlertGroupRun
from tests.alerts.conftest import post
from tests.settings.probe import load_settings

ALERTS_DOC = Path(__file__).resolve().parents[2] / "docs" / "ALERTS.md"
UNITS = {"s": 1, "m": 60, "h": 3600, "d": 86_400}


def _documented_repeat_interval_s() -> int:
    match = re.search(r"repeat_interval:\s*(\d+)([smhd])", ALERTS_DOC.read_text(encoding="utf-8"))
    assert match, "the Alertmanager example in docs/ALERTS.md sets repeat_interval"
    return int(match.group(1)) * UNITS[match.group(2)]


def _default_window_s() -> int:
    result = load_settings({}, name="ALERT_DEDUP_WINDOW_S")
    assert result.returncode == 0, result.stderr
    return int(result.stdout.strip())


def test_the_default_window_outlasts_the_documented_repeat_interval_with_slack():
    assert _default_window_s() >= _documented_repeat_interval_s() + 5 * 60


@pytest.mark.django_db
def test_a_repeat_after_four_hours_finds_the_existing_run_with_the_defaults(client, token, firing, settings):
    settings.ALERT_DEDUP_WINDOW_S = _default_window_s()
    first = post(client, firing, token).json()
    AlertGroupRun.objects.update(first_received_at=AlertGroupRun.objects.get().first_received_at - timedelta(hours=4, minutes=5))
    repeat = post(client, firing, token).json()
    assert repeat["result"] == "deduplicated" and repeat["run_id"] == first["run_id"]
