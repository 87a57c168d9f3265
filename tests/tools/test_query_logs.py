"""query_logs: filters (service names and aliases, level floor, keywords, window), order, shapes."""

from __future__ import annotations

import pytest

from diagnosis.models import ToolInvocation
from diagnosis.tools.service import tool_invocation_execute
from tests.tools.builders import make_log
from tests.tools.refcheck import assert_refs_resolve

pytestmark = pytest.mark.django_db

POOL = "HikariPool-1 - Connection is not available, request timed out after 3000ms (active=50, idle=0, waiting=37)"
HTTP500 = "POST /api/pay -> HTTP 500 Internal Server Error"
WINDOW = {"start": "2026-11-28T09:55:00+08:00", "end": "2026-11-28T10:30:00+08:00"}


def call(run, **arguments):
    return tool_invocation_execute(run=run, round_no=1, tool_name="query_logs", arguments=arguments)


@pytest.fixture
def incident(world):
    make_log(POOL, when="10:05:12")
    make_log(HTTP500, when="10:05:13")
    make_log("GET /health 200", when="10:05:14", level="INFO")
    make_log("order created", when="10:05:15", service="order-service", level="ERROR")
    make_log("old error", when="09:00:00")


def test_error_logs_of_a_service_are_returned_newest_first_with_example_run_refs(run, incident):
    inv = call(run, service="payment-service", level="ERROR", **WINDOW)
    assert inv.status == ToolInvocation.Status.SUCCESS
    assert [r["message"] for r in inv.output["records"]] == [HTTP500, POOL]
    assert inv.output["records"][1] == {
        "timestamp": "2026-11-28T10:05:12+08:00",
        "service": "payment-service",
        "level": "ERROR",
        "instance": "pay-1",
        "message": POOL,
        "trace_id": "",
    }
    assert inv.output["total"] == 2 and inv.output["returned"] == 2 and inv.output["truncated"] is False
    assert inv.output["window"] == {"start": "2026-11-28T09:55:00+08:00", "end": "2026-11-28T10:30:00+08:00"}
    refs = inv.retrieval_details["evidence_refs"]
    assert refs[1]["raw_path"] == "/records/1"
    assert refs[1]["text"] == f"2026-11-28 10:05:12 payment-service ERROR {POOL}"
    assert inv.retrieval_details["result_count"] == 2
    assert inv.retrieval_details["backend"] == "builtin"
    assert inv.evidence_bearing is True
    assert_refs_resolve(inv)


def test_chinese_alias_selects_the_canonical_service(run, incident):
    inv = call(run, service="支付服务", level="ERROR", **WINDOW)
    assert {r["service"] for r in inv.output["records"]} == {"payment-service"}
    assert inv.output["returned"] == 2


def test_service_name_matches_case_insensitively(run, incident):
    inv = call(run, service="Payment-Service", level="error", **WINDOW)
    assert inv.output["returned"] == 2


def test_records_stored_under_an_alias_are_found_by_the_canonical_name(run, world):
    make_log("支付超时", service="支付服务", when="10:10")
    inv = call(run, service="payment-service", **WINDOW)
    assert [r["message"] for r in inv.output["records"]] == ["支付超时"]


def test_level_means_that_level_or_more_severe(run, world):
    for level in ("DEBUG", "INFO", "WARN", "WARNING", "ERROR", "FATAL", "CRITICAL"):
        make_log(f"{level} line", level=level, when="10:10")
    inv = call(run, level="WARN", **WINDOW)
    assert sorted(r["level"] for r in inv.output["records"]) == [
        "CRITICAL",
        "ERROR",
        "FATAL",
        "WARN",
        "WARNING",
    ]


def test_max_level_bounds_the_levels_from_above(run, world):
    for level in ("DEBUG", "INFO", "WARN", "WARNING", "ERROR", "FATAL"):
        make_log(f"{level} line", level=level, when="10:10")
    inv = call(run, level="INFO", max_level="INFO", **WINDOW)
    assert [r["level"] for r in inv.output["records"]] == ["INFO"]
    assert sorted(r["level"] for r in call(run, max_level="WARN", **WINDOW).output["records"]) == [
        "DEBUG", "INFO", "WARN", "WARNING",
    ]  # fmt: skip
    assert "max_level=INFO" in inv.output["query"]["text"]  # the /query element restates the range


def test_a_max_level_below_the_level_is_a_failed_call_with_a_clear_error(run, world):
    inv = call(run, level="ERROR", max_level="INFO", **WINDOW)
    assert inv.status == ToolInvocation.Status.FAILED
    assert "max_level must be at least as severe as level" in inv.error


def test_every_space_separated_keyword_must_match_case_insensitively(run, incident):
    inv = call(run, keyword="hikaripool TIMED", **WINDOW)
    assert [r["message"] for r in inv.output["records"]] == [POOL]
    assert call(run, keyword="hikaripool nonsense", **WINDOW).status == ToolInvocation.Status.NO_HIT


def test_any_keyword_matches_a_message_containing_one_of_its_alternatives(run, incident):
    inv = call(run, any_keyword="nonsense|Connection is NOT available", **WINDOW)
    assert [r["message"] for r in inv.output["records"]] == [POOL]
    assert call(run, any_keyword="nonsense|other", **WINDOW).status == ToolInvocation.Status.NO_HIT


def test_chinese_keyword_matches_a_substring(run, world):
    make_log("数据库连接池耗尽，获取连接超时", when="10:10")
    inv = call(run, keyword="连接池耗尽", **WINDOW)
    assert inv.output["returned"] == 1


def test_unknown_service_is_matched_literally_and_finds_nothing(run, incident):
    inv = call(run, service="no-such-service", **WINDOW)
    assert inv.status == ToolInvocation.Status.NO_HIT
    assert inv.output["records"] == [] and inv.output["total"] == 0
    assert [r["raw_path"] for r in inv.retrieval_details["evidence_refs"]] == ["/query"]  # only the query itself
    assert inv.error == ""


def test_limit_bounds_the_records_and_reports_the_total(run, world):
    for second in range(30):
        make_log(f"error {second}", when=f"10:10:{second:02d}")
    inv = call(run, limit=5, **WINDOW)
    assert inv.output["returned"] == 5
    assert inv.output["total"] == 30
    assert inv.output["truncated"] is True
    assert inv.output["records"][0]["message"] == "error 29"
    assert len(inv.retrieval_details["evidence_refs"]) == 5 + 1  # the records and the /query element


def test_default_window_is_the_hour_before_the_reference_time(run, incident):
    inv = call(run, service="payment-service")
    assert inv.output["window"] == {"start": "2026-11-28T09:30:00+08:00", "end": "2026-11-28T10:30:00+08:00"}
    assert "old error" not in [r["message"] for r in inv.output["records"]]


def test_start_alone_runs_up_to_the_reference_time(run, incident):
    inv = call(run, start="2026-11-28T08:00:00+08:00")
    assert inv.output["window"]["end"] == "2026-11-28T10:30:00+08:00"
    assert "old error" in [r["message"] for r in inv.output["records"]]


def test_naive_times_are_read_in_the_configured_time_zone(run, incident):
    inv = call(run, start="2026-11-28T10:05:12", end="2026-11-28T10:05:13")
    assert [r["message"] for r in inv.output["records"]] == [HTTP500, POOL]


def test_utc_times_address_the_same_instants(run, incident):
    inv = call(run, start="2026-11-28T02:05:12Z", end="2026-11-28T02:05:13Z")
    assert inv.output["returned"] == 2
    assert inv.output["window"]["start"] == "2026-11-28T10:05:12+08:00"


def test_timestamps_render_in_the_configured_time_zone(run, incident, settings):
    settings.TIME_ZONE = "UTC"
    inv = call(run, service="payment-service", level="ERROR", **WINDOW)
    assert inv.output["records"][1]["timestamp"] == "2026-11-28T02:05:12+00:00"
    assert inv.retrieval_details["evidence_refs"][1]["text"].startswith(
        "2026-11-28 02:05:12 payment-service ERROR"
    )


def test_a_grouped_read_returns_one_record_per_template_with_its_window_and_baseline_counts(run, world):
    for i, when in enumerate(("09:10:00", "09:20:00", "09:30:00")):
        make_log(f"GET /orders/{i} 200 took={10 + i}ms", when=when, level="INFO")
    for i, when in enumerate(("10:01:00", "10:02:00")):
        make_log(f"GET /orders/{10 + i} 200 took={20 + i}ms", when=when, level="INFO")
    make_log("admin: lifecycle rule add --expire-days 1 bucket/orders", when="10:03:00", level="INFO")
    inv = call(run, group="template", start="2026-11-28T10:00:00+08:00", end="2026-11-28T10:30:00+08:00",
               baseline_start="2026-11-28T09:00:00+08:00")
    assert inv.status == ToolInvocation.Status.SUCCESS
    templates = inv.output["templates"]
    assert [(t["in_window"], t["in_baseline"]) for t in templates] == [(1, 0), (2, 3)]
    assert inv.output["records"][0]["message"].startswith("admin: lifecycle rule add")
    assert inv.output["records"][1]["timestamp"] == "2026-11-28T10:01:00+08:00"  # the template's first line
    assert inv.output["baseline"]["start"] == "2026-11-28T09:00:00+08:00"
    assert_refs_resolve(inv)


def test_an_instance_read_returns_only_the_lines_that_node_or_pod_wrote(run, world):
    make_log("kernel: nf_conntrack: table full, dropping packet", service="k8s-nodes", level="WARN", instance="node-07")
    make_log("kernel: eth0 link up", service="k8s-nodes", level="WARN", instance="node-02")
    inv = call(run, instance="NODE-07", **WINDOW)
    assert [(r["instance"], r["message"][:19]) for r in inv.output["records"]] == [("node-07", "kernel: nf_conntrac")]
