"""Alertmanager's own notifications parse into the one payload model."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from diagnosis.alerts.payload import InvalidPayload, is_zero_time, payload_parse
from tests.alerts.conftest import payload


@pytest.mark.parametrize("name", ["firing_payment", "resolved_payment", "firing_pool_group"])
def test_alertmanagers_example_notifications_parse(name):
    parsed = payload_parse(payload(name))
    assert parsed.version == "4" and parsed.alerts


def test_nanosecond_timestamps_and_the_go_zero_end_time_are_read():
    parsed = payload_parse(payload("firing_payment"))
    alert = parsed.alerts[0]
    assert alert.startsAt == datetime(2026, 11, 28, 2, 6, 0, 512345, tzinfo=UTC)
    assert is_zero_time(alert.endsAt)
    assert parsed.firing() == [alert] and parsed.resolved() == []


def test_fields_alertmanager_may_add_later_are_ignored():
    body = payload("firing_payment")
    body["newField"] = {"anything": 1}
    body["alerts"][0]["silencedBy"] = []
    assert payload_parse(body).groupKey == body["groupKey"]


def test_the_error_names_our_field_but_never_echoes_an_unknown_key():
    body = payload("firing_payment")
    body["alerts"][0]["labels"] = {"<script>": 1}
    with pytest.raises(InvalidPayload) as caught:
        payload_parse(body)
    assert "alerts[0].labels" in caught.value.message
    assert "<script>" not in caught.value.message
