"""Issue 11 on a world nobody tuned the agents for (``incident_world``): a config push before
500s is offered as a timeline claim (and BLOOMFILTER is no out-of-memory), a GC question states
the 2318 ms peak, a lag question picks the lag series over its threshold and the Kafka alerts, a
429 incident gets the rate-limit runbook, not the TLS one — each end to end through the graph."""

from __future__ import annotations

import pytest

from diagnosis.models import DiagnosisRun
from tests.offline.incident_world import load_incident_world
from tests.offline.running import ask, confirmed_lines

pytestmark = pytest.mark.django_db


@pytest.fixture
def incidents(db):
    load_incident_world()


def _confirmed(run: DiagnosisRun) -> str:
    assert run.outcome in (DiagnosisRun.Outcome.PASS, DiagnosisRun.Outcome.LOW_CONFID), run.final_answer
    return "\n".join(confirmed_lines(run.final_answer))


def test_a_config_push_before_500s_is_a_timeline_claim_and_bloomfilter_no_oom(incidents, api_user):
    run = ask(api_user, "标签服务今天 9 点半以后为什么大量 500？")
    text = _confirmed(run)
    assert "09:31:05 config-center 记录配置变更" in text, run.final_answer
    assert "releaseKey 20261201093105-a7f3" in text
    checks = run.self_evaluation["verifier_evaluation"]["claim_checks"]
    assert {c["verification"] for c in checks} == {"direct_observation"}
    assert "内存溢出" not in run.final_answer and "内存" not in text


def test_a_gc_pause_question_states_the_longest_pause(incidents, api_user):
    run = ask(api_user, "风控引擎今天上午 GC 停顿最长有多久？")
    text = _confirmed(run)
    assert "2318" in text, run.final_answer
    assert "峰值于 10:42" in text or "2318ms" in text


def test_a_lag_question_picks_the_lag_series_and_the_kafka_alerts(incidents, api_user):
    run = ask(api_user, "结算消费者今天下午消息积压有多严重？")
    text = _confirmed(run)
    assert "kafka_consumer_lag" in text and "最大值 48210" in text and "超过阈值 5000" in text, (
        run.final_answer
    )
    assert "KafkaConsumerLagHigh" in text and "KafkaRebalanceStorm" in text
    assert "db_query_latency_ms" not in text


def test_a_429_incident_gets_the_rate_limit_runbook_not_tls(incidents, api_user):
    run = ask(api_user, "报价服务今天下午为什么一直报 429？")
    answer = run.final_answer
    assert "429" in "\n".join(confirmed_lines(answer)), answer
    assert "退避" in answer or "配额" in answer, answer
    assert "证书" not in answer and "TLS" not in answer, answer


def test_follow_up_calls_carry_their_origin_and_planned_calls_none(incidents, api_user):
    from diagnosis.graph.tool_runner import tool_call_result
    from diagnosis.models import ToolInvocation

    run = ask(api_user, "标签服务今天 9 点半以后为什么大量 500？")
    calls = [tool_call_result(i) for i in ToolInvocation.objects.filter(run=run).order_by("seq")]
    origins = [c.origin for c in calls]
    assert "baseline" in origins and "changes" in origins
    assert origins[0] == ""  # a planned call has no origin of its own
    baseline = next(c for c in calls if c.origin == "baseline")
    asked = next(c for c in calls if c.tool_name == "query_logs" and not c.origin)
    assert baseline.arguments["end"] == asked.arguments["start"]  # the window just before
