"""A "what did X change" question lists X's changes over the asked span — on a world of its own (a
device fleet, not the demo nor the evaluation worlds): a config push, a firmware campaign, its
pause and its rollback, while another service's sync job logs a line a minute (more than one
change read holds) and X's own warnings begin before its first change.

Reference time 2027-05-20 09:00 (+08:00); the question asks 01:00–04:00.
"""

from __future__ import annotations

from typing import Any

import pytest

from diagnosis.agents.offline.changes import change_kind
from diagnosis.evidence.loader import evidence_bundle_load
from tests.offline.running import plan_and_execute

DAY = "2027-05-20"
CONFIG = "[nacos] config changed: key=ota.download.max-concurrency old=200 new=400 operator=iot_dev_sun"
PUSH = "OTA campaign OTA-77 started by iot_ops_zhang: firmware pda-agent 4.6.0 (was 4.5.2) -> 2640 devices, batch 100%"
PAUSE = "OTA campaign OTA-77 paused by iot_oncall_chen: 2591/2640 installed"
ROLLBACK = "OTA campaign OTA-78 started by iot_oncall_chen (rollback of OTA-77): firmware pda-agent 4.5.2 -> 2591 devices"


def _log(clock: str, service: str, level: str, message: str) -> dict[str, Any]:
    return {"timestamp": f"{DAY}T{clock}+08:00", "service": service, "level": level, "instance": f"{service}-0",
            "message": message, "trace_id": "", "attributes": {}}  # fmt: skip


BUNDLE: dict[str, Any] = {
    "bundle_version": 1,
    "name": "fleet-world",
    "reference_time": f"{DAY}T09:00:00+08:00",
    "services": [
        {"name": "fleet-mgmt", "aliases": ["设备平台"], "description": "手持终端台账、配置下发与固件推送（Java）"},
        {"name": "receipt-sync", "aliases": ["回执同步"], "description": "短信回执同步（Python）"},
    ],
    "logs": [
        _log("01:01:22", "fleet-mgmt", "WARN", "device PDA-0017 reported battery 2%, marked low-battery"),
        _log("01:12:40", "fleet-mgmt", "INFO", CONFIG),
        _log("02:05:31", "fleet-mgmt", "INFO", PUSH),
        _log("02:41:10", "fleet-mgmt", "INFO", PAUSE),
        _log("02:46:30", "fleet-mgmt", "INFO", ROLLBACK),
        *[_log(f"{h:02d}:{m:02d}:05", "receipt-sync", "INFO", f"delivery receipt sync job: {h * 60 + m} receipts pulled")
          for h in range(0, 5) for m in range(60)],
    ],  # fmt: skip
    "alerts": [],
    "metrics": [],
    "documents": [],
}


@pytest.fixture
def fleet(db):
    evidence_bundle_load(data=BUNDLE, source_name="fleet-world")


def test_a_paused_campaign_is_a_change_of_its_own_kind_and_a_firmware_push_a_release():
    assert change_kind(PAUSE) == "暂停"
    assert change_kind(PUSH) == "发布"
    assert change_kind("GC paused for 120ms") == ""  # a pause nobody ordered is no change


def test_a_change_listing_lists_the_named_services_changes_over_the_asked_span(api_user, fleet):
    _, _, contract = plan_and_execute(api_user, "设备平台凌晨一点到四点之间都动过啥？推固件、改配置、暂停回滚都算上。")
    texts = "\n".join(c["claim_text"] for c in contract["claims"])
    for line in (CONFIG, PUSH, PAUSE, ROLLBACK):
        assert line[:50] in texts, texts
    assert "receipt sync job" not in texts  # another service's routine job is no change of this one
