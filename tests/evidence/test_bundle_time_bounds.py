"""Every time in a bundle lies in 1970-01-01 .. 2200-01-01 UTC (issue 25 item 1): a bundle with one
time outside is refused whole with a message naming the element — on PostgreSQL it used to be
stored as year 1 BC (and then every page reading the scope answered 500), on SQLite it ended in an
uncaught ``OverflowError``."""

from __future__ import annotations

import pytest

from contracts.time_bounds import MSG_PROBLEM_RANGE
from diagnosis.evidence.bundle import BundleError
from diagnosis.evidence.loader import evidence_bundle_load
from tests.evidence.builders import small_bundle, table_counts

pytestmark = pytest.mark.django_db

TOO_EARLY = "0001-01-01T00:00:00+08:00"
TOO_LATE = "9999-12-31T23:59:59-12:00"
RANGE_WORDS = MSG_PROBLEM_RANGE.split("{value}")[1]  # "超出允许范围（1970-01-01 至 2200-01-01 UTC）"


def _k8s(data):
    data["k8s"] = {
        "pods": [{"namespace": "prod", "name": "payment-service-7d9f8c-x2k4p", "phase": "Running", "ready": "1/1",
                  "observed_at": "2026-11-28T10:30:00+08:00",
                  "last_termination": {"reason": "OOMKilled", "exit_code": 137, "at": "2026-11-28T10:01:00+08:00"}}],
        "events": [{"type": "Warning", "reason": "BackOff", "object": "Pod/payment-service-7d9f8c-x2k4p",
                    "first_seen": "2026-11-28T10:00:00+08:00", "last_seen": "2026-11-28T10:10:00+08:00"}],
        "deployments": [{"namespace": "prod", "name": "payment-service", "changed_at": "2026-11-28T09:00:00+08:00",
                         "observed_at": "2026-11-28T10:30:00+08:00"}],
    }  # fmt: skip
    return data


ELEMENTS = [
    ("reference_time", lambda d, t: d.update(reference_time=t)),
    ("logs[1].timestamp", lambda d, t: d["logs"][1].update(timestamp=t)),
    ("alerts[0].starts_at", lambda d, t: d["alerts"][0].update(starts_at=t)),
    ("alerts[0].ends_at", lambda d, t: d["alerts"][0].update(ends_at=t, state="resolved")),
    ("metrics[0].points[2][0]", lambda d, t: d["metrics"][0]["points"][2].__setitem__(0, t)),
    ("k8s.pods[0].observed_at", lambda d, t: _k8s(d)["k8s"]["pods"][0].update(observed_at=t)),
    ("k8s.pods[0].last_termination.at", lambda d, t: _k8s(d)["k8s"]["pods"][0]["last_termination"].update(at=t)),
    ("k8s.events[0].first_seen", lambda d, t: _k8s(d)["k8s"]["events"][0].update(first_seen=t)),
    ("k8s.deployments[0].changed_at", lambda d, t: _k8s(d)["k8s"]["deployments"][0].update(changed_at=t)),
]


@pytest.mark.parametrize("when", [TOO_EARLY, TOO_LATE, "1969-12-31T23:59:59Z", "2200-01-01T00:00:01Z"])
@pytest.mark.parametrize(("element", "put"), ELEMENTS, ids=[e for e, _ in ELEMENTS])
def test_a_time_outside_the_range_refuses_the_whole_bundle_naming_the_element(element, put, when):
    before = table_counts()
    data = small_bundle()
    put(data, when)
    with pytest.raises(BundleError) as refused:
        evidence_bundle_load(data=data)
    assert f"{element}: 时间 {when[:19]}" in refused.value.message and RANGE_WORDS in refused.value.message
    assert table_counts() == before


def test_the_bounds_themselves_are_accepted():
    data = small_bundle()
    data["logs"][0]["timestamp"] = "1970-01-01T00:00:00Z"
    data["logs"][1]["timestamp"] = "2200-01-01T00:00:00+00:00"
    report = evidence_bundle_load(data=data)
    assert report.counts.logs.created == 3


def test_the_issue_s_hostile_bundle_is_refused_with_both_elements_named():
    data = small_bundle()
    data["reference_time"] = TOO_EARLY
    data["logs"][0]["timestamp"] = TOO_LATE
    with pytest.raises(BundleError) as refused:
        evidence_bundle_load(data=data)
    assert "reference_time: 时间 0001-01-01T00:00:00+08:00 超出允许范围" in refused.value.message
    assert "logs[0].timestamp: 时间 9999-12-31T23:59:59-12:00 超出允许范围" in refused.value.message
