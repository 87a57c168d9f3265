"""An alert asked about (有没有报过警) that fired is answered with what it began to count (issue 32):
the alerting service's warning-or-worse lines from just before it started — the TTS engine's
LICENSE_EXPIRED behind an announcement-failure alert — not only its name. Those lines are read for
that purpose alone (a context read) and cited only for such a question."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime
from zoneinfo import ZoneInfo

from contracts.plan import ServiceInfo
from diagnosis.agents.offline.claims import build_contract
from diagnosis.agents.offline.refs import Origin, collect_refs
from diagnosis.reading.entities import analyse
from diagnosis.reading.time_expressions import resolve_window
from tests.offline.evidence import alert, assert_grounded, log_call, metrics_call, record

SH = ZoneInfo("Asia/Shanghai")
NOW = datetime(2027, 1, 22, 12, 0, tzinfo=SH)
SERVICES = [ServiceInfo(name="pa-broadcast", aliases=["自动广播"]), ServiceInfo(name="fids", aliases=["航显"])]
ALERTS = metrics_call([alert("PaAutoAnnouncementFailures", service="pa-broadcast", state="resolved",
                             starts_at="2027-01-22T05:56:00+08:00", ends_at="2027-01-22T08:45:00+08:00",
                             value="42 次/10分钟", summary="自动广播失败 42 次/10分钟，超过阈值 5", severity="warning")])


def _lines() -> object:
    call = log_call([
        record(f"2027-01-22T05:{m:02d}:20+08:00", f"auto announcement BOARDING DY10{m} gate B14: TTS unavailable "
               "(LICENSE_EXPIRED), chime only", service="pa-broadcast", level="WARN")
        for m in (50, 53, 58, 59)
    ], invocation_id="inv_9", service="pa-broadcast", level="WARN")
    return replace(call, origin=Origin.ALERT_LINES)


def _claims(question: str, *calls) -> list[str]:
    contract = build_contract(facts=analyse(question, SERVICES), window=resolve_window(question, NOW),
                              history=list(calls), services=SERVICES)
    assert_grounded(contract, list(calls))
    return [c["claim_text"] for c in contract["claims"]]


def test_an_alert_that_fired_is_answered_with_the_lines_it_began_to_count():
    texts = _claims("自动广播今天早上报过警没有？", ALERTS, _lines())
    assert any("PaAutoAnnouncementFailures" in t for t in texts), texts
    assert any("LICENSE_EXPIRED" in t for t in texts), texts


def test_the_alerting_lines_are_a_context_read_not_evidence_of_anything_else():
    lines = _lines()
    assert collect_refs([lines], SERVICES) == []
    assert collect_refs([lines], SERVICES, only=Origin.ALERT_LINES)
