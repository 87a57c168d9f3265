"""The brokerage world tells the story its docstring tells: each incident's symptoms stay inside its window and on the
instances it names, the causes sit on other services than the ones asked about, and the asked peaks are not what the
alerts say. A world wrong about itself would grade the agents against a fiction. Pure: no database."""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

import pytest

from contracts.k8s import service_from_pod_name
from evaluation.worlds import brokerage
from evaluation.worlds.loading import K8S_SECTION
from tests.evaluation.worlds.bundle_reading import alert_named, logs_of, own_text, series_points, when_logged


@pytest.fixture(scope="module")
def bundle() -> dict[str, Any]:
    return brokerage.build_bundle()


def _at(clock: str) -> str:
    return f"2026-12-16T{clock}"


def test_only_the_asset_pods_on_the_powersave_node_are_slow(bundle):
    on_node = {p["name"] for p in bundle[K8S_SECTION]["pods"] if p["node"] == brokerage.BAD_NODE}
    assert on_node == set(brokerage.ON_BAD_NODE)
    asset = logs_of(bundle, "jq-asset-service")
    slow = [log for log in asset if log["level"] in ("WARN", "ERROR") and ("slow request" in log["message"]
                                                                          or "deadline exceeded" in log["message"])]
    assert slow and {log["instance"] for log in slow} == on_node
    assert all(_at("09:30") <= log["timestamp"] < _at("11:02:30") for log in slow)
    assert when_logged(bundle, brokerage.NODE_FIRMWARE) < _at("06:10") < min(log["timestamp"] for log in slow)
    assert when_logged(bundle, brokerage.NODE_FIX) > max(log["timestamp"] for log in slow)
    fast = [log for log in asset if log["instance"] not in on_node and log["attributes"].get("log_type") == "access"
            and _at("09:30") <= log["timestamp"] < _at("11:02")]
    assert fast and all(int(re.search(r"took=(\d+)ms", log["message"]).group(1)) < 200 for log in fast)
    for word in ("powersave", "BIOS", brokerage.BAD_NODE):  # the node's story is the node's, not the service's
        assert word not in own_text(bundle, "jq-asset-service")
    frequency = series_points(bundle, "node_cpu_scaling_frequency_hertz", instance=brokerage.BAD_NODE)
    assert dict(frequency)["2026-12-16T10:00:00+08:00"] == 1.2e9


def test_the_trade_api_has_two_incidents_a_time_phrase_tells_apart(bundle):
    trade = logs_of(bundle, "jq-trade-api")
    sells = [log for log in trade if "可卖数量不足" in log["message"]]
    assert sells and all(_at("09:15") <= log["timestamp"] < _at("09:41:10") for log in sells)
    pending = [log for log in trade if "待报" in log["message"]]
    assert pending and all(_at("13:00") <= log["timestamp"] < _at("13:20") for log in pending)
    assert max(log["timestamp"] for log in sells) < min(log["timestamp"] for log in pending)
    own = own_text(bundle, "jq-trade-api")
    for word in ("D-COM", "day_init", "SJSJG", "MsgSeqNum", "seqstore", "3.8.2"):
        assert word not in own
    # Each cause is on its own service: the clearing batch ends just before the counter's day start, the gateway's
    # sequence is set just before the queue drains.
    assert when_logged(bundle, brokerage.CLEAR_DONE) < when_logged(bundle, brokerage.COUNTER_DONE) < _at("09:41:10")
    assert when_logged(bundle, brokerage.SSE_SETSEQ) < when_logged(bundle, brokerage.SSE_ACTIVE) < _at("13:20")


def test_the_sse_gateway_is_refused_only_between_the_hotfix_and_set_seq(bundle):
    sse = logs_of(bundle, "jq-sse-gateway")
    logouts = [log["timestamp"] for log in sse if "MsgSeqNum too low" in log["message"]]
    assert logouts and when_logged(bundle, brokerage.SSE_PATCH) < min(logouts) and max(logouts) < when_logged(bundle, brokerage.SSE_SETSEQ)
    queued = [log for log in logs_of(bundle, "jq-order-router") if "PENDING_REPORT" in log["message"]]
    assert queued and all(re.search(r" (60|68)\d{4} ", log["message"]) for log in queued)  # SSE codes only
    assert all(_at("13:00") <= log["timestamp"] < _at("13:19:30") for log in queued)
    points = series_points(bundle, "router_pending_orders", market="SSE")
    assert dict(points)["2026-12-16T13:19:00+08:00"] == brokerage.SSE_PENDING_PEAK == max(v for _, v in points)
    alert = alert_named(bundle, "RouterPendingOrdersHigh")
    assert alert["value"] == brokerage.SSE_PENDING_ALERT_VALUE != str(brokerage.SSE_PENDING_PEAK)


def test_transfers_fail_only_while_the_calendar_lacks_2026(bundle):
    rejects = [log for log in logs_of(bundle, "jq-bank-transfer") if "BT_NOT_TRADING_DAY" in log["message"]]
    assert rejects and all(_at("08:30") <= log["timestamp"] < when_logged(bundle, brokerage.CAL_FIX) for log in rejects)
    done = [log["timestamp"] for log in logs_of(bundle, "jq-bank-transfer") if log["message"].startswith("transfer done")]
    assert any(stamp > _at("10:13") for stamp in done) and not [s for s in done if _at("08:30") <= s < _at("10:12:40")]
    assert when_logged(bundle, brokerage.CAL_REPLACED) < _at("02:01")
    own = own_text(bundle, "jq-bank-transfer")
    assert "SSE_SZSE_2027_holidays" not in own and "--mode replace" not in own


def test_chinext_quotes_go_stale_only_while_the_socket_buffer_is_small(bundle):
    gaps = [log for log in logs_of(bundle, "jq-md-feed") if "sequence gap" in log["message"]]
    assert gaps and {log["instance"] for log in gaps} == {brokerage.MD_BAD_HOST}
    assert all("channel=2011" in log["message"] and _at("09:15") <= log["timestamp"] < when_logged(bundle, brokerage.MD_FIX)
               for log in gaps)
    assert when_logged(bundle, brokerage.MD_PATCH) < when_logged(bundle, brokerage.MD_SOCKET) < _at("04:00")
    stale = [log for log in logs_of(bundle, "jq-quote-service") if "snapshot stale" in log["message"]]
    assert stale and all(re.search(r"symbol=30[01]\d{3} ", log["message"]) for log in stale)
    assert all(_at("09:15") <= log["timestamp"] < _at("10:06:30") for log in stale)
    assert "rmem_max" not in own_text(bundle, "jq-quote-service")


def test_limit_up_buys_are_refused_only_with_yesterdays_bands(bundle):
    rejects = [log for log in logs_of(bundle, "jq-risk-precheck") if "PRICE_OUT_OF_LIMIT" in log["message"]]
    assert rejects and all(_at("09:15") <= log["timestamp"] < when_logged(bundle, brokerage.REF_RERUN) for log in rejects)
    for log in rejects:  # each refused price is above yesterday's band and inside today's
        price = float(re.search(r"price=([\d.]+)", log["message"]).group(1))
        high = float(re.search(r"band=\[[\d.]+,([\d.]+)\]", log["message"]).group(1))
        code = re.search(r" (\d{6}) ", log["message"]).group(1)
        [(_, _, _, close15, limit)] = [j for j in brokerage.JUMPED if j[0] == code]
        assert high < price <= round(close15 * (1 + limit), 2)
    assert when_logged(bundle, brokerage.REF_MISSING) < when_logged(bundle, brokerage.REF_FDEP)
    assert "use-latest" not in own_text(bundle, "jq-risk-precheck")


def test_the_face_step_fails_only_with_the_vendors_new_model(bundle):
    fails = [log for log in logs_of(bundle, "jq-account-open") if "活体检测未通过" in log["message"]]
    assert fails and all(_at("10:00") <= log["timestamp"] < when_logged(bundle, brokerage.FACE_PIN) for log in fails)
    new_model = [log["timestamp"] for log in logs_of(bundle, "jq-kyc-gateway") if "model=liveness-5.0.1" in log["message"]]
    assert new_model and min(new_model) >= _at("10:00") and max(new_model) < _at("11:36:20")
    assert "liveness-5.0" not in own_text(bundle, "jq-account-open")


def test_the_nav_incident_is_still_going_at_the_reference_time(bundle):
    assert alert_named(bundle, "FundNavDeviationHigh")["state"] == "firing"
    rejects = [log["timestamp"] for log in logs_of(bundle, "jq-fund-sales") if "FUND_NAV_ABNORMAL" in log["message"]]
    assert rejects and min(rejects) > when_logged(bundle, brokerage.TA_HEADER) and max(rejects) > _at("14:30")
    own = own_text(bundle, "jq-fund-sales")
    assert "OFDCFDAT" not in own and "N8.5" not in own


def test_the_margin_peak_is_not_what_the_alert_says_and_calls_follow_the_upload(bundle):
    points = series_points(bundle, "margin_accounts_below_maintenance")
    assert dict(points)["2026-12-16T13:25:00+08:00"] == brokerage.MARGIN_BELOW_PEAK == max(v for _, v in points)
    assert alert_named(bundle, "MarginCallSurge")["value"] == brokerage.MARGIN_ALERT_VALUE
    calls = [log["timestamp"] for log in logs_of(bundle, "jq-margin") if "margin call notice" in log["message"]]
    assert calls and when_logged(bundle, brokerage.HAIRCUT_UPLOAD) < _at("13:00") <= min(calls)
    assert max(calls) < when_logged(bundle, brokerage.HAIRCUT_FIX)
    assert "collateral_haircut_20261216" not in own_text(bundle, "jq-margin")


def test_the_push_peak_is_not_what_the_alert_says_and_the_toggle_is_another_service(bundle):
    points = series_points(bundle, "quote_push_p99_latency")
    values = [v for _, v in points]
    assert dict(points)["2026-12-16T13:22:00+08:00"] == brokerage.PUSH_P99_PEAK == max(values)
    assert alert_named(bundle, "QuotePushLatencyHigh")["value"] == brokerage.PUSH_ALERT_VALUE
    behind = [log["timestamp"] for log in logs_of(bundle, "jq-quote-push") if "push loop behind" in log["message"]]
    assert behind and when_logged(bundle, brokerage.PUSH_TOGGLE) < min(behind) and max(behind) < when_logged(bundle, brokerage.PUSH_TOGGLE_BACK)
    assert "quote.ws.compression" not in own_text(bundle, "jq-quote-push")


def test_the_triggers_are_not_all_deploys_and_sit_on_other_services(bundle):
    changes = {(log["service"], log["message"]): log["attributes"]["change"] for log in bundle["logs"]
               if log["attributes"].get("change")}
    assert changes[("jq-md-feed", brokerage.MD_PATCH)] == "ops"
    assert changes[("jq-risk-admin", brokerage.HAIRCUT_UPLOAD)] == "data"
    assert changes[("jq-app-config", brokerage.PUSH_TOGGLE)] == "config"
    assert changes[("jq-k8s-node", brokerage.NODE_FIRMWARE)] == "ops"
    # Jobs, vendors and late files are no change of ours: plain lines.
    for message in (brokerage.CAL_IMPORT, brokerage.REF_MISSING, brokerage.CLEAR_NOTICE, brokerage.FACE_VENDOR_MODEL,
                    brokerage.TA_HEADER):
        assert not [log for log in bundle["logs"] if log["message"] == message and log["attributes"].get("change")]


def test_the_brokerage_pods_are_named_like_kubernetes_names_them(bundle):
    for pod in bundle[K8S_SECTION]["pods"]:
        if pod["phase"] == "Succeeded":  # a CronJob's job pod: <cronjob>-<scheduled Unix minute>-<5 characters>
            assert re.fullmatch(r"jq-(calendar-import|refdata-daily-load|ta-gateway-ofd-import|asset-service-eod-snapshot)"
                                r"-\d{8}-[bcdfghjklmnpqrstvwxz2456789]{5}", pod["name"]), pod["name"]
        else:
            assert service_from_pod_name(pod["name"]) == pod["service"], pod["name"]
    names = {p["name"] for p in bundle[K8S_SECTION]["pods"]}
    assert {brokerage.CAL_POD, brokerage.REF_POD, brokerage.TA_POD} <= names


def test_nothing_in_the_brokerage_world_happens_after_its_reference_time_and_events_are_the_last_hours(bundle):
    now = dt.datetime.fromisoformat(bundle["reference_time"])
    stamps = [log["timestamp"] for log in bundle["logs"]] + [e["last_seen"] for e in bundle[K8S_SECTION]["events"]]
    stamps += [ts for series in bundle["metrics"] for ts, _ in series["points"]]
    assert all(dt.datetime.fromisoformat(stamp) <= now for stamp in stamps)
    events = bundle[K8S_SECTION]["events"]
    assert events and all(now - dt.datetime.fromisoformat(e["first_seen"]) <= dt.timedelta(hours=1) for e in events)
