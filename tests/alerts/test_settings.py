"""The alert settings fail loudly on a bad value, naming the variable (STYLE §5)."""

from __future__ import annotations

import pytest

from tests.settings.probe import load_settings


@pytest.mark.parametrize(
    ("variable", "value"),
    [
        ("ALERT_DEDUP_WINDOW_S", "0"),
        ("ALERT_DEDUP_WINDOW_S", "an hour"),
        ("ALERT_NOTIFY_URL", "ftp://robot.example.com"),
        ("ALERT_NOTIFY_FORMAT", "slack"),
        ("ALERT_NOTIFY_TIMEOUT_S", "0"),
        ("SITE_URL", "diagnosis.example.com"),
    ],
)
def test_a_bad_alert_setting_stops_start_up_naming_it(variable, value):
    result = load_settings({variable: value})
    assert result.returncode != 0
    assert "ImproperlyConfigured" in result.stderr and variable in result.stderr.splitlines()[-1]


def test_the_defaults_dedup_for_five_hours_and_send_nothing():
    result = load_settings({}, name="ALERT_DEDUP_WINDOW_S, settings.ALERT_NOTIFY_URL == '', settings.ALERT_NOTIFY_FORMAT")
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["18000", "True", "generic"]
