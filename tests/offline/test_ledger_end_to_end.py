"""The evaluate findings, end to end through the real graph on a world other than the demo
(``ledger_world``): how-much questions confirm the figure of the asked dimension, a superlative
confirms the extreme line, an alert listing confirms the alerts, and everything confirmed passes
the Gatekeeper and the Verifier."""

from __future__ import annotations

import pytest

from diagnosis.models import DiagnosisRun
from tests.offline.ledger_world import SLOWEST_MS, load_ledger_world
from tests.offline.running import ask, confirmed_lines

pytestmark = pytest.mark.django_db


@pytest.fixture
def ledger(db):
    load_ledger_world()


def confirmed(run: DiagnosisRun) -> str:
    assert run.outcome == DiagnosisRun.Outcome.PASS, run.final_answer
    evaluation = run.self_evaluation["verifier_evaluation"]
    assert evaluation["gatekeeper_result"]["status"] == "pass"
    assert {c["verification"] for c in evaluation["claim_checks"]} == {"direct_observation"}
    return "\n".join(confirmed_lines(run.final_answer))


@pytest.mark.parametrize(
    ("question", "facts"),
    [
        (
            "计费系统今天下午内存用到多少了？",
            [
                "container_memory_rss",
                "最大值 3890MiB",
                "峰值于 14:30",
                "超过阈值 3500MiB",
                "BillingHeapPressure",
                "88%",
            ],
        ),
        (
            "账本服务今天凌晨三点磁盘使用率多少？",
            ["volume_used_percent", "最大值 96.5%", "超过阈值 90%", "LedgerVolumeAlmostFull", "93.5%"],
        ),
    ],
)
def test_a_how_much_question_confirms_the_asked_figure(ledger, api_user, question, facts):
    text = confirmed(ask(api_user, question))
    for fact in facts:
        assert fact in text, (fact, text)


def test_a_superlative_confirms_the_extreme_line_and_the_series_peak(ledger, api_user):
    text = confirmed(ask(api_user, "账本服务今天下午慢查询最慢有多慢？"))
    slow = [line for line in text.splitlines() if "slow sql took" in line]
    assert slow and all(SLOWEST_MS in line and "2875ms" not in line for line in slow)
    assert "sql_latency_p95_ms" in text and "最大值 5400ms" in text


def test_an_alert_listing_confirms_every_firing_alert(ledger, api_user):
    text = confirmed(ask(api_user, "现在还有哪些告警没有恢复？"))
    for name in ("ChargeErrorRatio", "ProxyUpstream5xx", "CatalogSyncStale"):
        assert name in text
    assert "BillingHeapPressure" not in text and "日志" not in text
