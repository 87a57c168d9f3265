"""METRICS_BACKEND=prometheus: query_metrics reads active alerts and range series from a (fake)
Prometheus and renders them like the builtin backend does."""

from __future__ import annotations

import pytest

from diagnosis.models import ToolInvocation
from diagnosis.tools.service import tool_invocation_execute
from tests.backends.fakes import (
    PROM_ALERTS,
    PROM_QUERY_RANGE,
    Canned,
    prom_alert,
    prom_alerts,
    prom_error,
    prom_matrix,
)
from tests.factories import make_run
from tests.tools.builders import at, make_series
from tests.tools.refcheck import assert_refs_resolve

pytestmark = pytest.mark.django_db

WINDOW = {"start": "2026-11-28T09:55:00+08:00", "end": "2026-11-28T10:30:00+08:00"}
POINTS = [("10:00", 0.2), ("10:03", 1.0), ("10:06", 12.0), ("10:12", 14.1), ("10:20", 3.9), ("10:30", 12.5)]
PAY_5XX = {"__name__": "http_5xx_rate", "service": "payment-service"}


def call(run, **arguments):
    return tool_invocation_execute(run=run, round_no=1, tool_name="query_metrics", arguments=arguments)


def matrix_points(points=POINTS):
    return [(at(when), str(value)) for when, value in points]


@pytest.fixture
def alerting(fake_prometheus):
    fake_prometheus.serve(
        PROM_ALERTS,
        prom_alerts(
            prom_alert(instance="pay-1"),
            prom_alert("HighLatency", service="order-service", severity="warning", value="0.85"),
            prom_alert(
                "PodRestarting", state="pending", active_at="2026-11-28T02:20:30Z", value="3", summary=None
            ),
            prom_alert(
                "DiskFull",
                service="支付服务",
                severity="warning",
                active_at="2026-11-28T01:00:00Z",
                value="1",
            ),
            prom_alert("StartedAfterTheWindow", active_at="2026-11-28T02:40:00Z"),
        ),
    )
    return fake_prometheus


def test_active_alerts_of_a_service_render_like_the_example_run(run, world, alerting):
    inv = call(run, service="payment-service", **WINDOW)
    assert inv.status == ToolInvocation.Status.SUCCESS, inv.error
    assert [a["name"] for a in inv.output["alerts"]] == ["DiskFull", "HighErrorRate", "PodRestarting"]
    alert = inv.output["alerts"][1]
    assert alert == {
        "name": "HighErrorRate",
        "service": "payment-service",
        "severity": "critical",
        "state": "firing",
        "starts_at": "2026-11-28T10:06:00.123456+08:00",
        "ends_at": None,
        "value": "12.5",
        "summary": "5xx 比例超过 5%",
        "labels": {"instance": "pay-1"},
    }
    refs = inv.retrieval_details["evidence_refs"]
    assert [r["raw_path"] for r in refs].count("/query") == 1  # the system-side query element (DESIGN §10.1)
    texts = [r["text"] for r in refs if r["raw_path"] != "/query"]
    assert texts == [
        "DiskFull 支付服务 warning firing since 2026-11-28 09:00 value 1 (5xx 比例超过 5%)",
        "HighErrorRate payment-service critical firing since 2026-11-28 10:06 value 12.5 (5xx 比例超过 5%)",
        "PodRestarting payment-service critical pending since 2026-11-28 10:20:30 value 3",
    ]
    assert inv.retrieval_details["backend"] == "prometheus"
    assert_refs_resolve(inv)


def test_alerts_are_filtered_by_alert_name_substring_case_insensitively(run, world, alerting):
    inv = call(run, alert_name="errorrate", **WINDOW)
    assert [(a["name"], a["service"]) for a in inv.output["alerts"]] == [("HighErrorRate", "payment-service")]
    assert alerting.requests_to(PROM_QUERY_RANGE) == []  # an alert question asks for no series


def test_an_alert_that_became_active_after_the_window_is_left_out(run, world, alerting):
    names = [a["name"] for a in call(run, **WINDOW).output["alerts"]]
    assert "StartedAfterTheWindow" not in names
    assert names == ["DiskFull", "HighErrorRate", "HighLatency", "PodRestarting"]  # by start, then name


def test_no_matching_alert_and_no_metric_is_no_hit(run, world, alerting):
    inv = call(run, service="inventory-service", **WINDOW)
    assert inv.status == ToolInvocation.Status.NO_HIT
    assert inv.output["alerts"] == [] and inv.output["series"] == []
    assert alerting.requests_to(PROM_QUERY_RANGE) == []  # no metric asked, none configured


def test_a_series_is_summarised_with_min_max_avg_last(run, world, fake_prometheus):
    fake_prometheus.serve(PROM_QUERY_RANGE, prom_matrix((PAY_5XX, matrix_points())))
    inv = call(run, service="payment-service", metric="http_5xx_rate", **WINDOW)
    assert inv.status == ToolInvocation.Status.SUCCESS, inv.error
    (series,) = inv.output["series"]
    assert (series["min"], series["max"], series["avg"], series["last"]) == (0.2, 14.1, 7.283333, 12.5)
    assert (
        series["first_at"] == "2026-11-28T10:00:00+08:00" and series["last_at"] == "2026-11-28T10:30:00+08:00"
    )
    assert series["peak_at"] == "2026-11-28T10:12:00+08:00"
    assert series["threshold"] is None and series["crossed_at"] is None and series["unit"] == ""
    assert inv.retrieval_details["evidence_refs"][0]["text"] == (
        "http_5xx_rate payment-service 2026-11-28 10:00–10:30 min 0.2 max 14.1 avg 7.28 last 12.5; 峰值于 10:12 (6 个点)"
    )
    assert fake_prometheus.requests_to(PROM_ALERTS) == []  # a metric question asks for no alerts


def test_prometheus_series_output_equals_the_builtin_one_for_the_same_points(
    api_user, world, fake_prometheus, settings
):
    make_series(unit="", threshold=None, points=POINTS)
    fake_prometheus.serve(PROM_QUERY_RANGE, prom_matrix((PAY_5XX, matrix_points())))
    settings.METRICS_BACKEND = "builtin"
    builtin = call(make_run(api_user), service="payment-service", metric="http_5xx_rate", **WINDOW)
    settings.METRICS_BACKEND = "prometheus"
    prometheus = call(make_run(api_user), service="payment-service", metric="http_5xx_rate", **WINDOW)
    assert prometheus.output == builtin.output
    assert prometheus.retrieval_details["evidence_refs"] == builtin.retrieval_details["evidence_refs"]


def test_the_promql_selects_the_metric_on_every_name_of_the_service(run, world, fake_prometheus):
    fake_prometheus.serve(PROM_QUERY_RANGE, prom_matrix())
    call(run, service="支付服务", metric="http_5xx_rate", **WINDOW)
    (request,) = fake_prometheus.requests_to(PROM_QUERY_RANGE)
    assert request.query == 'http_5xx_rate{service=~"(?i)(?:payment-service|支付服务|Payment)"}'
    assert request.params["start"] == f"{at('09:55').timestamp():.3f}"
    assert request.params["end"] == f"{at('10:30').timestamp():.3f}"
    assert request.params["step"] == "7s"  # 2100 s / 300 points


def test_without_a_service_the_promql_is_the_bare_metric(run, world, fake_prometheus, settings):
    settings.PROMETHEUS_SERVICE_LABEL = "job"
    fake_prometheus.serve(PROM_QUERY_RANGE, prom_matrix())
    call(
        run,
        metric="jvm_memory_used_bytes",
        start="2026-11-27T10:30:00+08:00",
        end="2026-11-28T10:30:00+08:00",
    )
    (request,) = fake_prometheus.requests_to(PROM_QUERY_RANGE)
    assert request.query == "jvm_memory_used_bytes"
    assert request.params["step"] == "288s"  # one day / 300 points


def test_the_service_label_is_configurable(run, world, fake_prometheus, settings):
    settings.PROMETHEUS_SERVICE_LABEL = "job"
    fake_prometheus.serve(PROM_QUERY_RANGE, prom_matrix(({"__name__": "up", "job": "order-service"}, [])))
    call(run, service="order-service", metric="up", **WINDOW)
    assert (
        fake_prometheus.requests_to(PROM_QUERY_RANGE)[0].query == 'up{job=~"(?i)(?:order-service|订单服务)"}'
    )


def test_several_series_are_ordered_and_keep_their_other_labels(run, world, fake_prometheus):
    fake_prometheus.serve(
        PROM_QUERY_RANGE,
        prom_matrix(
            ({**PAY_5XX, "instance": "pay-2"}, matrix_points([("10:00", 2.0)])),
            ({**PAY_5XX, "instance": "pay-1"}, matrix_points([("10:00", 1.0)])),
            ({**PAY_5XX, "instance": "pay-3"}, [(at("10:00"), "NaN"), (at("10:01"), "+Inf")]),
        ),
    )
    inv = call(run, service="payment-service", metric="http_5xx_rate", **WINDOW)
    assert [(s["labels"], s["last"]) for s in inv.output["series"]] == [
        ({"instance": "pay-1"}, 1.0),
        ({"instance": "pay-2"}, 2.0),
    ]  # pay-3 had no finite sample: no evidence


def test_configured_default_metrics_are_queried_when_no_metric_is_asked(run, world, alerting, settings):
    settings.PROMETHEUS_DEFAULT_METRICS = ["http_5xx_rate", "jvm_threads_live"]
    alerting.serve(PROM_QUERY_RANGE, prom_matrix((PAY_5XX, matrix_points())))
    inv = call(run, service="payment-service", **WINDOW)
    assert len(inv.output["alerts"]) == 3 and len(inv.output["series"]) == 1
    assert alerting.requests_to(PROM_QUERY_RANGE)[0].query == (
        '{__name__=~"(?:http_5xx_rate|jvm_threads_live)", service=~"(?i)(?:payment-service|支付服务|Payment)"}'
    )


@pytest.mark.parametrize(
    "metric", ['http_5xx_rate"} or vector(1) #', "rate(http_requests_total[5m])", "5xx_rate", "http 5xx"]
)
def test_an_invalid_metric_name_fails_without_any_request(run, world, fake_prometheus, metric):
    inv = call(run, service="payment-service", metric=metric, **WINDOW)
    assert inv.status == ToolInvocation.Status.FAILED
    assert "invalid metric name" in inv.error
    assert fake_prometheus.requests == []


def test_a_status_error_envelope_fails_with_prometheus_message(run, world, fake_prometheus):
    fake_prometheus.serve(
        PROM_QUERY_RANGE,
        Canned(
            payload={"status": "error", "errorType": "execution", "error": "query timed out in expression"}
        ),
    )
    inv = call(run, metric="http_5xx_rate", **WINDOW)
    assert inv.status == ToolInvocation.Status.FAILED
    assert "query failed): execution: query timed out in expression" in inv.error


def test_an_http_error_carries_prometheus_error_field(run, world, fake_prometheus):
    fake_prometheus.serve(
        PROM_QUERY_RANGE, prom_error("exceeded maximum resolution of 11,000 points per timeseries")
    )
    inv = call(run, metric="http_5xx_rate", **WINDOW)
    assert inv.status == ToolInvocation.Status.FAILED
    assert f"Prometheus ({fake_prometheus.url}) HTTP 400: bad_data: exceeded maximum resolution" in inv.error


def test_a_failing_alerts_endpoint_fails_the_call(run, world, fake_prometheus):
    fake_prometheus.serve(
        PROM_ALERTS, prom_error("rule manager not ready", error_type="unavailable", status=503)
    )
    inv = call(run, service="payment-service", **WINDOW)
    assert inv.status == ToolInvocation.Status.FAILED
    assert "HTTP 503: unavailable: rule manager not ready" in inv.error


def test_a_misconfigured_label_or_default_metric_names_its_variable(run, world, fake_prometheus, settings):
    settings.PROMETHEUS_SERVICE_LABEL = "service-name"
    assert "PROMETHEUS_SERVICE_LABEL" in call(run, **WINDOW).error
    settings.PROMETHEUS_SERVICE_LABEL = "service"
    settings.PROMETHEUS_DEFAULT_METRICS = ["http 5xx"]
    inv = call(run, service="order-service", **WINDOW)
    assert "backend misconfigured" in inv.error and "PROMETHEUS_DEFAULT_METRICS" in inv.error
    assert fake_prometheus.requests == []
