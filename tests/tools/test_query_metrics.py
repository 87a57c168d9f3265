"""query_metrics: alerts active in the window, series summarised with concrete values."""

from __future__ import annotations

import pytest

from diagnosis.models import ToolInvocation
from diagnosis.tools.service import tool_invocation_execute
from tests.tools.builders import make_alert, make_series
from tests.tools.refcheck import assert_refs_resolve

pytestmark = pytest.mark.django_db

WINDOW = {"start": "2026-11-28T09:55:00+08:00", "end": "2026-11-28T10:30:00+08:00"}
POINTS = [("10:00", 0.2), ("10:03", 1.0), ("10:06", 12.0), ("10:12", 14.1), ("10:20", 3.9), ("10:30", 12.5)]


def call(run, **arguments):
    return tool_invocation_execute(run=run, round_no=1, tool_name="query_metrics", arguments=arguments)


def test_firing_alert_renders_like_the_example_run(run, world):
    make_alert()
    inv = call(run, service="payment-service", **WINDOW)
    assert inv.status == ToolInvocation.Status.SUCCESS
    alert = inv.output["alerts"][0]
    assert alert["name"] == "HighErrorRate" and alert["state"] == "firing" and alert["ends_at"] is None
    assert alert["starts_at"] == "2026-11-28T10:06:00+08:00"
    ref = inv.retrieval_details["evidence_refs"][0]
    assert ref["raw_path"] == "/alerts/0"
    assert (
        ref["text"]
        == "HighErrorRate payment-service critical firing since 2026-11-28 10:06 value 12.5% (5xx 比例超过 5%)"
    )
    assert_refs_resolve(inv)


def test_resolved_alert_says_when_it_resolved(run, world):
    make_alert("HighLatency", state="resolved", starts="09:50", ends="10:01:30", value="850ms", summary="")
    inv = call(run, **WINDOW)
    assert inv.retrieval_details["evidence_refs"][0]["text"] == (
        "HighLatency payment-service critical resolved since 2026-11-28 09:50 resolved at 2026-11-28 10:01:30 value 850ms"
    )


def test_an_alert_counts_if_it_was_active_at_any_time_in_the_window(run, world):
    make_alert("EndedBefore", state="resolved", starts="09:00", ends="09:50")
    make_alert("StartedAfter", starts="10:40")
    make_alert("SpansTheWindow", state="resolved", starts="09:00", ends="11:00")
    make_alert("StillFiring", starts="08:00")
    inv = call(run, **WINDOW)
    assert sorted(a["name"] for a in inv.output["alerts"]) == ["SpansTheWindow", "StillFiring"]


def test_alerts_filter_by_alias_and_alert_name(run, world):
    make_alert("HighErrorRate")
    make_alert("HighLatency")
    make_alert("HighErrorRate", service="order-service")
    inv = call(run, service="支付服务", alert_name="higherror", **WINDOW)
    assert [(a["name"], a["service"]) for a in inv.output["alerts"]] == [("HighErrorRate", "payment-service")]
    assert inv.output["series"] == []  # an alert question is not a series question


def test_series_is_summarised_with_min_max_avg_last_and_threshold_crossing(run, world):
    make_series(points=POINTS)
    inv = call(run, service="payment-service", metric="5xx", **WINDOW)
    series = inv.output["series"][0]
    assert series["min"] == 0.2 and series["max"] == 14.1 and series["last"] == 12.5
    assert series["avg"] == pytest.approx(sum(v for _, v in POINTS) / len(POINTS))
    assert series["point_count"] == 6 and series["threshold"] == 5.0
    assert (
        series["first_at"] == "2026-11-28T10:00:00+08:00" and series["last_at"] == "2026-11-28T10:30:00+08:00"
    )
    assert series["crossed_at"] == "2026-11-28T10:06:00+08:00"
    assert series["peak_at"] == "2026-11-28T10:12:00+08:00"
    assert inv.output["alerts"] == []  # a metric question is not an alert question
    assert inv.retrieval_details["evidence_refs"][0]["text"] == (
        "http_5xx_rate payment-service 2026-11-28 10:00–10:30 min 0.2% max 14.1% avg 7.28% last 12.5%; "
        "峰值于 10:12; 超过阈值 5% 于 10:06 (6 个点)"
    )
    assert_refs_resolve(inv)


def test_a_series_text_names_the_labels_that_tell_same_named_series_apart(run, world):
    for user, peak in (("rp_report", 266.0), ("rp_pay", 160.0)):
        series = make_series("pg_stat_activity_count", unit="个", threshold=None, points=[("10:00", 20.0), ("10:10", peak)])
        series.labels = {"usename": user, "env": "prod", "cluster": "hz-prod"}
        series.save(update_fields=["labels"])
    texts = sorted(r["text"] for r in call(run, **WINDOW).retrieval_details["evidence_refs"] if r["raw_path"] != "/query")
    assert texts[0].startswith("pg_stat_activity_count{usename=rp_pay} payment-service ") and "max 160 个" in texts[0]
    assert texts[1].startswith("pg_stat_activity_count{usename=rp_report} payment-service ") and "max 266 个" in texts[1]
    assert not any("env=" in t or "cluster=" in t for t in texts)  # every series carries those


def test_only_points_inside_the_window_are_summarised(run, world):
    make_series(points=[("09:00", 99.0), *POINTS])
    inv = call(run, metric="http_5xx_rate", **WINDOW)
    assert inv.output["series"][0]["max"] == 14.1


def test_series_that_never_crosses_its_threshold_says_so(run, world):
    make_series(points=[("10:00", 1.0), ("10:10", 2.0)])
    text = call(run, **WINDOW).retrieval_details["evidence_refs"][0]["text"]
    assert text.endswith("; 峰值于 10:10; 未超过阈值 5% (2 个点)")
    assert (
        call(run, metric="5xx", start="2026-11-28T09:00:00+08:00", end="2026-11-28T10:30:00+08:00").output[
            "series"
        ][0]["crossed_at"]
        is None
    )


def test_series_without_threshold_has_no_threshold_clause(run, world):
    make_series("jvm_heap_used", unit="MB", threshold=None, points=[("10:00", 512.0), ("10:10", 1536.25)])
    text = call(run, **WINDOW).retrieval_details["evidence_refs"][0]["text"]
    assert (
        text
        == "jvm_heap_used payment-service 2026-11-28 10:00–10:10 min 512MB max 1536.25MB avg 1024.1MB last 1536.25MB; 峰值于 10:10 (2 个点)"
    )


def test_alerts_and_series_share_one_output_with_the_window(run, world):
    make_alert()
    make_series(points=POINTS)
    inv = call(run, service="payment-service", **WINDOW)
    assert [ref["raw_path"] for ref in inv.retrieval_details["evidence_refs"]] == ["/alerts/0", "/series/0", "/query"]
    assert inv.output["window"] == {"start": "2026-11-28T09:55:00+08:00", "end": "2026-11-28T10:30:00+08:00"}


def test_nothing_in_the_window_is_no_hit(run, world):
    make_alert(starts="11:00")
    make_series(points=[("11:00", 50.0)])
    inv = call(run, service="payment-service", **WINDOW)
    assert inv.status == ToolInvocation.Status.NO_HIT
    assert inv.output["alerts"] == [] and inv.output["series"] == []
    # only the system-side description of the query itself (DESIGN §10.1)
    assert [ref["raw_path"] for ref in inv.retrieval_details["evidence_refs"]] == ["/query"]


def test_default_window_is_the_hour_before_the_reference_time(run, world):
    make_alert(starts="09:20", state="resolved", ends="09:25")
    inv = call(run)
    assert inv.output["window"] == {"start": "2026-11-28T09:30:00+08:00", "end": "2026-11-28T10:30:00+08:00"}
    assert inv.status == ToolInvocation.Status.NO_HIT


def test_a_read_with_more_series_than_it_shows_says_it_was_cut(run, world):
    from diagnosis.tools.metrics import MAX_SERIES

    for i in range(MAX_SERIES):
        make_series(f"m_{i:02d}", points=POINTS)
    inv = call(run, **WINDOW)
    assert len(inv.output["series"]) == MAX_SERIES and inv.output["truncated"] is False
    make_series("m_extra", points=POINTS)
    inv = call(run, **{**WINDOW, "end": "2026-11-28T10:29:00+08:00"})  # a repeated call is refused
    assert len(inv.output["series"]) == MAX_SERIES and inv.output["truncated"] is True
