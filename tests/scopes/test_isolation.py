"""Two replayed incidents with overlapping service names and different clocks, loaded into two
scopes: each session gets the answers of its own scope only — tool outputs, the reference clock,
the window "10:05" resolves to, runbook hits, the service catalogue — through the whole graph too."""

from __future__ import annotations

import pytest

from diagnosis.agents.registry import get_provider
from diagnosis.evidence.loader import evidence_bundle_load
from diagnosis.graph.runner import initial_state
from diagnosis.models import DiagnosisSession, EvidenceScope, KnowledgeChunk, LogRecord, Service
from diagnosis.services.runs import diagnosis_run_create, diagnosis_run_execute
from diagnosis.tools.service import tool_invocation_execute
from tests.scopes.worlds import (
    ALPHA,
    ALPHA_DAY,
    ALPHA_NOW,
    BETA,
    BETA_DAY,
    BETA_NOW,
    HIKARI,
    JEDIS,
    alpha_bundle,
    load_both,
)


def planned_logs_read(run):
    """The planned log read (the baseline and change reads the executor adds carry an origin)."""
    (read,) = [i for i in run.tool_invocations.filter(tool_name="query_logs") if not (i.retrieval_details or {}).get("origin")]
    return read

pytestmark = pytest.mark.django_db
QUESTION = "payment-service 10:05 开始大量 500，原因是什么？"
EVERYTHING = {"start": "2026-11-01T00:00:00+08:00", "end": "2026-12-31T23:59:00+08:00"}


@pytest.fixture
def scopes():
    return load_both()


def run_in(owner, scope, question=QUESTION):
    return diagnosis_run_create(owner=owner, question=question, scope=scope)


def call(run, tool, **arguments):
    return tool_invocation_execute(run=run, round_no=1, tool_name=tool, arguments=arguments)


def test_query_logs_over_both_incidents_days_sees_only_its_own_scopes_lines(api_user, scopes):
    alpha, beta = scopes
    alpha_msgs = {r["message"] for r in call(run_in(api_user, alpha), "query_logs", service="支付服务", **EVERYTHING).output["records"]}
    beta_msgs = {r["message"] for r in call(run_in(api_user, beta), "query_logs", service="支付服务", **EVERYTHING).output["records"]}
    assert HIKARI in alpha_msgs and JEDIS not in alpha_msgs
    assert JEDIS in beta_msgs and HIKARI not in beta_msgs


def test_query_metrics_returns_only_the_scopes_alerts_and_points(api_user, scopes):
    alpha, beta = scopes
    out_a = call(run_in(api_user, alpha), "query_metrics", service="payment-service", **EVERYTHING).output
    out_b = call(run_in(api_user, beta), "query_metrics", service="payment-service", **EVERYTHING).output
    assert [a["name"] for a in out_a["alerts"]] == ["HighErrorRate"]
    assert [a["name"] for a in out_b["alerts"]] == ["RedisErrorRate"]
    assert {p[0][:10] for s in out_a["series"] for p in s["points"]} == {ALPHA_DAY}
    assert {p[0][:10] for s in out_b["series"] for p in s["points"]} == {BETA_DAY}


def test_each_scope_has_its_own_reference_clock(api_user, scopes):
    alpha, beta = scopes
    assert call(run_in(api_user, alpha), "get_current_time").output["now"] == ALPHA_NOW
    assert call(run_in(api_user, beta), "get_current_time").output["now"] == BETA_NOW


def test_runbook_retrieval_hits_only_the_scopes_documents(api_user, scopes):
    alpha, beta = scopes
    hits_a = call(run_in(api_user, alpha), "lookup_knowledge", query="连接池 处理方案").output
    hits_b = call(run_in(api_user, beta), "lookup_knowledge", query="连接池 处理方案").output
    assert {h["source"] for h in hits_a["hits"]} == {"runbooks/pool.md"}
    assert {h["source"] for h in hits_b["hits"]} == {"runbooks/redis.md"}
    # Each corpus is its own scope's chunks only (BM25 statistics included).
    assert hits_a["total_chunks"] == KnowledgeChunk.objects.for_scope(alpha).count() == 2
    assert hits_b["total_chunks"] == KnowledgeChunk.objects.for_scope(beta).count() == 2
    assert KnowledgeChunk.objects.count() == 4


def test_the_planner_sees_the_scopes_service_catalogue_and_clock(api_user, scopes):
    alpha, beta = scopes
    state_a, _ = initial_state(run_in(api_user, alpha), alpha)
    state_b, _ = initial_state(run_in(api_user, beta), beta)
    assert state_a.now.isoformat() == ALPHA_NOW and state_b.now.isoformat() == BETA_NOW
    assert [s.description for s in state_a.services] == ["支付（支付事故 A）"]
    assert [s.description for s in state_b.services] == ["支付（支付事故 B）"]


def test_the_whole_graph_answers_each_session_from_its_own_world(api_user, scopes):
    alpha, beta = scopes
    answers = {}
    for scope, day in ((alpha, ALPHA_DAY), (beta, BETA_DAY)):
        run = run_in(api_user, scope)
        diagnosis_run_execute(run_id=run.pk, provider=get_provider("offline"))
        run.refresh_from_db()
        assert run.outcome == "pass", run.final_answer
        logs = planned_logs_read(run)
        # "10:05" resolved against the scope's own clock: the incident's day, up to its "now".
        assert logs.arguments["start"].startswith(f"{day}T09:55")
        assert logs.arguments["end"] == (ALPHA_NOW if scope == alpha else BETA_NOW)
        answers[scope.name] = run.final_answer
    assert "HikariPool" in answers[ALPHA] and "Jedis" not in answers[ALPHA]
    assert "Jedis" in answers[BETA] and "HikariPool" not in answers[BETA]


def test_the_same_bundle_loads_fully_into_two_scopes_and_idempotently_per_scope(api_user):
    first = evidence_bundle_load(data=alpha_bundle(), scope="copy-1")
    second = evidence_bundle_load(data=alpha_bundle(), scope="copy-2")
    again = evidence_bundle_load(data=alpha_bundle(), scope="copy-1")
    assert first.bundle_created and second.bundle_created and not again.bundle_created
    assert first.counts.logs.created == second.counts.logs.created == 4
    assert again.counts.written == 0
    for name in ("copy-1", "copy-2"):
        assert LogRecord.objects.for_scope(EvidenceScope.objects.get(name=name)).count() == 4
        assert Service.objects.filter(scope__name=name, name="payment-service").count() == 1


def test_a_session_stays_bound_to_its_scope_when_another_bundle_is_loaded_later(api_user, scopes):
    alpha, _ = scopes
    run = run_in(api_user, alpha)
    evidence_bundle_load(data=alpha_bundle() | {"name": "later", "reference_time": "2027-01-01T00:00:00+08:00"}, scope="later")
    assert DiagnosisSession.objects.get(pk=run.session_id).scope == alpha
    assert call(run, "get_current_time").output["now"] == ALPHA_NOW
