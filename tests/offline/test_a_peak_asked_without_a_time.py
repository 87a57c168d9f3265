"""A peak asked without a time (峰值是多少, 最多的时候) whose default hour shows no incident — no
line at ERROR, no alert, no series over its threshold or shifted against its own baseline — is the
peak of an incident earlier in the day: the executor reads the wide window, and the figure comes
from the incident's series there, not from the quiet hour's sample — and a figure of the hour that
reads like a status code (540 submissions a minute) is no HTTP 5xx that would make the hour look
troubled. A world of our own making.

Reference time 2027-04-12 21:30 (+08:00); sign-ups are rejected 10:00–10:24, 1873 a minute at the
peak (the alert fired at 420); the evening is quiet (≤ 17 a minute, a few duplicate submissions rejected).
"""

from __future__ import annotations

from typing import Any

import pytest

from diagnosis.evidence.loader import evidence_bundle_load
from diagnosis.models import ToolInvocation
from tests.offline.running import plan_and_execute

DAY = "2027-04-12"


def _at(clock: str) -> str:
    return f"{DAY}T{clock}+08:00"


MORNING = {"09:40:00": 3, "09:50:00": 5, "10:00:00": 420, "10:03:00": 1873, "10:12:00": 1210, "10:24:00": 30,
           "10:40:00": 6}
EVENING = {"20:20:00": 4, "20:40:00": 9, "21:00:00": 12, "21:10:00": 17, "21:20:00": 2, "21:28:00": 0}

SUBMITTED = {"09:40:00": 300, "10:00:00": 2600, "10:03:00": 2410, "10:24:00": 900, "10:40:00": 600,
             "20:20:00": 1294, "20:40:00": 1100, "21:00:00": 820, "21:20:00": 640, "21:28:00": 540}


def _bundle(evening: dict[str, float]) -> dict[str, Any]:
    points = {**MORNING, **evening}
    return {
        "bundle_version": 1,
        "name": "signup-world",
        "reference_time": _at("21:30:00"),
        "services": [{"name": "signup-api", "aliases": ["报名"], "description": "考试报名（Go）"}],
        "logs": [
            {"timestamp": _at(f"10:{m:02d}:07"), "service": "signup-api", "level": "WARN", "instance": "signup-api-0",
             "message": "signup rejected: eligibility rule grad_year not in [2026]", "trace_id": "", "attributes": {}}
            for m in range(0, 24, 3)
        ] + [
            # the evening's routine: a duplicate submission rejected now and then, no failure
            {"timestamp": _at(f"21:{m:02d}:41"), "service": "signup-api", "level": "WARN", "instance": "signup-api-1",
             "message": f"signup rejected: duplicate submission (idempotency key k-{m:03d} reused)", "trace_id": "",
             "attributes": {}}
            for m in range(2, 28, 5)
        ],
        "alerts": [{"name": "SignupRejectsHigh", "service": "signup-api", "severity": "warning", "state": "resolved",
                    "starts_at": _at("10:00:00"), "ends_at": _at("10:26:00"), "value": "420 份/分钟",
                    "summary": "报名被拒过多", "labels": {}}],
        "metrics": [{"name": "signup_rejected_per_min", "service": "signup-api", "unit": "份/分钟", "labels": {},
                     "threshold": 200, "points": [[_at(c), v] for c, v in sorted(points.items())]},
                    {"name": "signup_submitted_per_min", "service": "signup-api", "unit": "份/分钟", "labels": {},
                     "threshold": None, "points": [[_at(c), v] for c, v in sorted(SUBMITTED.items())]}],
        "documents": [],
    }  # fmt: skip


@pytest.fixture
def signup(db):
    evidence_bundle_load(data=_bundle(EVENING), source_name="signup-world")


def _read_the_morning(run) -> bool:
    """Some metrics read of the run spans the morning's incident."""
    reads = ToolInvocation.objects.filter(run=run, tool_name="query_metrics")
    return any(r.arguments["start"] <= _at("10:03:00") for r in reads)


QUESTION = "报名刚开放那阵子，每分钟被拒的报名峰值是多少份？"


def test_a_peak_asked_without_a_time_over_a_quiet_hour_is_read_over_the_day(api_user, signup):
    run, _, contract = plan_and_execute(api_user, QUESTION)
    assert _read_the_morning(run)
    texts = [c["claim_text"] for c in contract["claims"]]
    assert any("signup_rejected_per_min" in t and "最大值 1873 份/分钟" in t for t in texts), texts
    assert not any("最大值 17 份/分钟" in t for t in texts), texts

