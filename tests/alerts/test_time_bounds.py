"""The webhook's times lie in 1970 .. 2200 UTC (issue 25 item 2): ``startsAt`` of year 9999 or
year 1 was a 500 ``internal_error`` (``OverflowError`` when the question shows the start in the
local zone); now it is a Chinese JSON 400 naming the field, and nothing is written. Alertmanager's
own "no end yet" — Go's zero time ``0001-01-01T00:00:00Z`` in ``endsAt`` — is still accepted."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone
from zoneinfo import ZoneInfo

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from diagnosis.alerts.models import AlertGroupRun
from diagnosis.alerts.payload import InvalidPayload, payload_parse
from diagnosis.alerts.question import alert_question, group_facts
from diagnosis.models import DiagnosisRun, DiagnosisSession
from tests.alerts.conftest import payload, post, variant

F = payload("firing_payment")
RANGE = "超出允许范围（1970-01-01 至 2200-01-01 UTC）"


def _alert(body, **changes):
    out = variant(body)
    out["alerts"] = [{**out["alerts"][0], **changes}]
    return out


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("startsAt", "9999-12-31T23:59:59Z"),
        ("startsAt", "0001-01-01T00:00:00+01:00"),
        ("startsAt", "1969-12-31T23:59:59Z"),
        ("endsAt", "9999-12-31T23:59:59Z"),
        ("endsAt", "2200-01-02T00:00:00+08:00"),
    ],
)
def test_a_time_outside_the_range_is_a_chinese_400_naming_the_field(client, token, field, value):
    response = post(client, _alert(F, **{field: value}), token)
    assert response.status_code == 400, response.content
    error = response.json()["error"]
    assert error["code"] == "invalid_alertmanager_payload"
    assert f"alerts[0].{field}" in error["message"] and RANGE in error["message"]
    assert not DiagnosisRun.objects.exists() and not DiagnosisSession.objects.exists()
    assert not AlertGroupRun.objects.exists()


@pytest.mark.parametrize("zero", ["0001-01-01T00:00:00Z", "0001-01-01T00:00:00+00:00"])
def test_alertmanager_s_zero_end_time_still_means_no_end_yet(zero):
    parsed = payload_parse(_alert(F, endsAt=zero))
    assert parsed.alerts[0].endsAt is None


OFFSETS = st.integers(min_value=-(24 * 60 - 1), max_value=24 * 60 - 1).map(lambda m: timezone(timedelta(minutes=m)))
ANY_TIME = st.datetimes(min_value=datetime(1, 1, 1), max_value=datetime(9999, 12, 31, 23, 59, 59), timezones=OFFSETS)


@given(starts=ANY_TIME)
@example(starts=datetime(9999, 12, 31, 23, 59, 59, tzinfo=UTC))
@example(starts=datetime(1, 1, 1, tzinfo=timezone(timedelta(hours=1))))
def test_any_start_time_is_either_refused_by_name_or_becomes_a_question(starts):
    in_range = datetime(1970, 1, 1, tzinfo=UTC) <= starts <= datetime(2200, 1, 1, tzinfo=UTC)
    try:
        parsed = payload_parse(_alert(F, startsAt=starts.isoformat()))
    except InvalidPayload as exc:
        assert "alerts[0].startsAt" in exc.message and not in_range
        return
    assert in_range
    facts = group_facts(common_labels=parsed.commonLabels, common_annotations=parsed.commonAnnotations, firing=parsed.firing())
    assert "原因是什么" in alert_question(facts, tz=ZoneInfo("Asia/Shanghai"))
