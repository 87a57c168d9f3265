"""LOGS_BACKEND=loki: query_logs reads a (fake) Loki and produces the builtin's outputs and refs."""

from __future__ import annotations

import pytest

from diagnosis.models import ToolInvocation
from diagnosis.tools.backends.loki import to_ns
from diagnosis.tools.service import tool_invocation_execute
from tests.backends.fakes import LOKI_QUERY, LOKI_QUERY_RANGE, Canned, loki_count, loki_streams
from tests.factories import make_run
from tests.tools.builders import at, make_log
from tests.tools.refcheck import assert_refs_resolve

pytestmark = pytest.mark.django_db

POOL = "HikariPool-1 - Connection is not available, request timed out after 3000ms (active=50, idle=0, waiting=37)"
HTTP500 = "POST /api/pay -> HTTP 500 Internal Server Error"
WINDOW = {"start": "2026-11-28T09:55:00+08:00", "end": "2026-11-28T10:30:00+08:00"}
PAY = {"service": "payment-service", "level": "ERROR", "instance": "pay-1"}


def call(run, **arguments):
    return tool_invocation_execute(run=run, round_no=1, tool_name="query_logs", arguments=arguments)


@pytest.fixture
def incident(fake_loki):
    fake_loki.serve(
        LOKI_QUERY_RANGE, loki_streams((PAY, [(at("10:05:12"), POOL), (at("10:05:13"), HTTP500)]))
    )
    return fake_loki


def test_error_logs_come_back_newest_first_with_example_run_refs(run, world, incident):
    inv = call(run, service="payment-service", level="ERROR", **WINDOW)
    assert inv.status == ToolInvocation.Status.SUCCESS, inv.error
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
    refs = inv.retrieval_details["evidence_refs"]
    assert [r["raw_path"] for r in refs] == ["/records/0", "/records/1", "/query"]
    assert refs[1]["text"] == f"2026-11-28 10:05:12 payment-service ERROR {POOL}"
    assert inv.retrieval_details["backend"] == "loki"
    assert_refs_resolve(inv)


def test_loki_output_and_refs_equal_the_builtin_ones_for_the_same_records(
    api_user, world, incident, settings
):
    make_log(POOL, when="10:05:12")
    make_log(HTTP500, when="10:05:13")
    settings.LOGS_BACKEND = "builtin"
    builtin = call(make_run(api_user), service="payment-service", level="ERROR", **WINDOW)
    settings.LOGS_BACKEND = "loki"
    loki = call(make_run(api_user), service="payment-service", level="ERROR", **WINDOW)
    assert loki.output == builtin.output
    assert loki.retrieval_details["evidence_refs"] == builtin.retrieval_details["evidence_refs"]


def test_the_request_is_a_backward_range_query_over_the_window_in_nanoseconds(run, world, incident):
    call(run, service="payment-service", level="ERROR", limit=5, **WINDOW)
    (request,) = incident.requests_to(LOKI_QUERY_RANGE)
    assert request.params["direction"] == "backward"
    assert request.params["start"] == str(to_ns(at("09:55")))
    assert request.params["end"] == str(to_ns(at("10:30")) + 1)  # the window's end is included
    assert request.params["limit"] == "6"  # one more than asked: tells whether there are more
    assert request.query == (
        '{service=~"(?i)(?:payment-service|支付服务|Payment)"} | level=~"(?i)(?:ERROR|FATAL|CRITICAL|ERR)"'
    )


def test_an_alias_selects_every_name_of_the_canonical_service(run, world, incident):
    inv = call(run, service="支付服务", **WINDOW)
    assert inv.status == ToolInvocation.Status.SUCCESS
    assert (
        incident.requests_to(LOKI_QUERY_RANGE)[0].query
        == '{service=~"(?i)(?:payment-service|支付服务|Payment)"}'
    )


def test_no_service_selects_every_stream_that_has_the_service_label(run, world, incident):
    call(run, **WINDOW)
    assert incident.requests_to(LOKI_QUERY_RANGE)[0].query == '{service=~".+"}'


def test_the_service_and_level_labels_are_configurable(run, world, incident, settings):
    settings.LOKI_SERVICE_LABEL = "app"
    settings.LOKI_LEVEL_LABEL = "detected_level"
    call(run, service="order-service", level="FATAL", **WINDOW)
    assert incident.requests_to(LOKI_QUERY_RANGE)[0].query == (
        '{app=~"(?i)(?:order-service|订单服务)"} | detected_level=~"(?i)(?:FATAL|CRITICAL)"'
    )


def test_keywords_become_case_insensitive_line_filters_before_the_level_filter(run, world, incident):
    call(run, service="payment-service", level="ERROR", keyword="HikariPool timed-out", **WINDOW)
    assert incident.requests_to(LOKI_QUERY_RANGE)[0].query == (
        '{service=~"(?i)(?:payment-service|支付服务|Payment)"} |~ "(?i)HikariPool" |~ "(?i)timed-out"'
        ' | level=~"(?i)(?:ERROR|FATAL|CRITICAL|ERR)"'
    )


def test_any_keyword_alternatives_become_one_case_insensitive_line_filter(run, world, incident):
    call(run, service="payment-service", any_keyword="rolled back|config.push", **WINDOW)
    assert incident.requests_to(LOKI_QUERY_RANGE)[0].query == (
        '{service=~"(?i)(?:payment-service|支付服务|Payment)"} |~ "(?i)(?:rolled back|config\\\\.push)"'
    )


def test_no_matching_lines_is_no_hit(run, world, fake_loki):
    fake_loki.serve(LOKI_QUERY_RANGE, loki_streams())
    inv = call(run, service="payment-service", keyword="nothing-like-this", **WINDOW)
    assert inv.status == ToolInvocation.Status.NO_HIT
    assert inv.output["records"] == [] and inv.output["total"] == 0
    assert [r["raw_path"] for r in inv.retrieval_details["evidence_refs"]] == ["/query"]  # only the query itself
    assert fake_loki.requests_to(LOKI_QUERY) == []  # nothing to count


def test_lines_of_several_streams_are_merged_newest_first(run, world, fake_loki):
    fake_loki.serve(
        LOKI_QUERY_RANGE,
        loki_streams(
            ({**PAY, "instance": "pay-1"}, [(at("10:05:12"), "a"), (at("10:07:00"), "c")]),
            ({**PAY, "instance": "pay-2"}, [(at("10:06:00"), "b")]),
        ),
    )
    inv = call(run, service="payment-service", **WINDOW)
    assert [(r["message"], r["instance"]) for r in inv.output["records"]] == [
        ("c", "pay-1"),
        ("b", "pay-2"),
        ("a", "pay-1"),
    ]


def test_more_lines_than_the_limit_are_counted_with_a_metric_query(run, world, fake_loki):
    lines = [(at(f"10:05:{s:02d}"), f"line {s}") for s in range(3)]
    fake_loki.serve(LOKI_QUERY_RANGE, loki_streams((PAY, lines)))
    fake_loki.serve(LOKI_QUERY, loki_count(214))
    inv = call(run, service="payment-service", level="ERROR", limit=2, **WINDOW)
    assert [r["message"] for r in inv.output["records"]] == ["line 2", "line 1"]
    assert inv.output["total"] == 214 and inv.output["returned"] == 2 and inv.output["truncated"] is True
    (count,) = fake_loki.requests_to(LOKI_QUERY)
    logql = fake_loki.requests_to(LOKI_QUERY_RANGE)[0].query
    assert count.query == f"sum(count_over_time({logql} [2100001ms]))"
    assert count.params["time"] == str(to_ns(at("10:30")) + 1)


def test_a_failed_count_still_reports_more_than_the_limit(run, world, fake_loki):
    lines = [(at(f"10:05:{s:02d}"), f"line {s}") for s in range(3)]
    fake_loki.serve(LOKI_QUERY_RANGE, loki_streams((PAY, lines)))
    fake_loki.serve(LOKI_QUERY, Canned(status=500, raw=b"count failed", content_type="text/plain"))
    inv = call(run, service="payment-service", limit=2, **WINDOW)
    assert inv.status == ToolInvocation.Status.SUCCESS
    assert inv.output["returned"] == 2 and inv.output["total"] == 3 and inv.output["truncated"] is True


def test_instance_and_trace_id_come_from_pod_and_trace_labels(run, world, fake_loki):
    labels = {"service": "payment-service", "level": "error", "pod": "pay-7f9c", "traceID": "abc123"}
    fake_loki.serve(LOKI_QUERY_RANGE, loki_streams((labels, [(at("10:05:12"), POOL)])))
    inv = call(run, service="payment-service", **WINDOW)
    record = inv.output["records"][0]
    assert (record["instance"], record["trace_id"], record["level"]) == ("pay-7f9c", "abc123", "error")
    assert inv.retrieval_details["evidence_refs"][0]["source_id"] == "abc123"


def test_structured_metadata_of_categorised_entries_is_read(run, world, fake_loki):
    payload = loki_streams(({"service": "payment-service"}, [(at("10:05:12"), POOL)])).payload
    payload["data"]["result"][0]["values"][0].append(
        {"structuredMetadata": {"level": "ERROR", "trace_id": "t-1"}, "parsed": {"instance": "pay-3"}}
    )
    fake_loki.serve(LOKI_QUERY_RANGE, Canned(payload=payload))
    record = call(run, **WINDOW).output["records"][0]
    assert (record["level"], record["trace_id"], record["instance"]) == ("ERROR", "t-1", "pay-3")


@pytest.mark.parametrize(
    ("line", "level"),
    [
        ('ts=2026-11-28T02:05:12Z level=warn msg="slow query"', "WARN"),
        ('{"level":"error","msg":"boom"}', "ERROR"),
        ("2026-11-28 10:05:12 FATAL out of memory", "FATAL"),
        ("no level here", "UNKNOWN"),
    ],
)
def test_without_a_level_label_the_level_is_read_from_the_line(run, world, fake_loki, line, level):
    fake_loki.serve(
        LOKI_QUERY_RANGE, loki_streams(({"service": "payment-service"}, [(at("10:05:12"), line)]))
    )
    assert call(run, **WINDOW).output["records"][0]["level"] == level
