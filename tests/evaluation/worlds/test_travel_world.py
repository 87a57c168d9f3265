"""The travel world tells the story its docstring tells (issue 32): each incident's symptoms stay inside its window and
on the instances it names, the causes sit on other services than the ones asked about, and the asked peaks are not
what the alerts say. A world wrong about itself would grade the agents against a fiction. Pure: no database."""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

import pytest

from contracts.k8s import service_from_pod_name
from evaluation.worlds import travel
from evaluation.worlds.loading import K8S_SECTION
from tests.evaluation.worlds.bundle_reading import alert_named, logs_of, own_text, series_points, when_logged


@pytest.fixture(scope="module")
def bundle() -> dict[str, Any]:
    return travel.build_bundle()


def _at(clock: str) -> str:
    return f"2026-12-12T{clock}"


def test_only_the_two_pods_on_the_node_with_the_failing_optic_time_out(bundle):
    on_node = {p["name"] for p in bundle[K8S_SECTION]["pods"] if p["node"] == travel.BAD_NODE}
    assert on_node == set(travel.ON_BAD_NODE)
    inside = [log for log in bundle["logs"] if _at("14:16:40") <= log["timestamp"] < _at("14:59")]
    failing = {log["instance"] for log in inside if log["level"] == "ERROR"
               and log["service"] in ("yt-hotel-booking", "yt-flight-search")}
    assert failing == on_node
    gateway_504 = [log["message"] for log in inside if log["service"] == "yt-api-gateway" and '" 504 ' in log["message"]]
    assert gateway_504 and all(" 10.244.7." in message for message in gateway_504)
    for pod in on_node:  # each pod answers from the node's pod range
        assert travel.pod_ip(pod).startswith("10.244.7.")
    quiet = [log for log in bundle["logs"] if log["instance"] in on_node and log["level"] == "ERROR"
             and not _at("14:16:40") <= log["timestamp"] < _at("14:59")]
    assert not quiet
    flaps = [log for log in logs_of(bundle, "yt-k8s-node") if "ens1f0: Link down" in log["message"]]
    assert flaps and {log["instance"] for log in flaps} == {travel.BAD_NODE}


def test_the_booking_service_has_two_incidents_a_time_phrase_tells_apart(bundle):
    hotel = logs_of(bundle, "yt-hotel-booking")
    changed = [log for log in hotel if log["message"].endswith("-> PRICE_CHANGED")]
    assert changed and all(_at("06:30:03") <= log["timestamp"] < _at("10:47:40") for log in changed)
    assert {log["instance"] for log in changed} <= set(travel.HOTEL_PODS_OLD)
    assert all(re.search(r"hotel=(JP|KR)-", log["message"]) and "diff=-9" in log["message"] for log in changed)
    timeouts = [log for log in hotel if log["level"] == "ERROR"]
    assert timeouts and all(_at("14:16") <= log["timestamp"] < _at("14:59") for log in timeouts)
    starts = sorted(a["starts_at"][11:16] for a in bundle["alerts"] if a["name"] == "HotelBookingFailureRateHigh")
    assert starts == ["07:14", "14:21"]
    # The morning's cause is the price cache's FX snapshot, which the booking service never names.
    assert "quote_unit" not in own_text(bundle, "yt-hotel-booking")
    assert "FX-20261212-0630" not in own_text(bundle, "yt-hotel-booking")
    assert when_logged(bundle, travel.FX_STORED) < _at("06:31") and travel.FX_FETCH in own_text(bundle, "yt-price-cache")


def test_ho_fails_exactly_while_the_connector_calls_ndc_17_2(bundle):
    switched = when_logged(bundle, travel.HO_SWITCH)
    ho = [log for log in logs_of(bundle, "yt-gds-connector") if log["attributes"].get("carrier") == "HO"]
    failed = [log for log in ho if log["level"] == "ERROR"]
    assert failed and all("410 Gone" in log["message"] and log["timestamp"] < switched for log in failed)
    ok = [log for log in ho if log["level"] == "INFO"]
    assert ok and all("version=21.3" in log["message"] and log["timestamp"] > switched for log in ok)
    partial = [log["message"] for log in logs_of(bundle, "yt-flight-search") if "partial shopping result" in log["message"]]
    assert partial and all(re.search(r"route=(SHA|PVG)-", message) for message in partial)
    assert "410 Gone" not in own_text(bundle, "yt-flight-search")  # the cause is the connector's


def test_the_claim_peak_is_not_what_the_alert_says_and_the_scripts_stop_at_the_waf_rule(bundle):
    points = series_points(bundle, "route:apisix_http_requests:rate1m", route="promo-claim")
    assert dict(points)["2026-12-12T12:00:00+08:00"] == travel.CLAIM_RPS_PEAK == max(v for _, v in points)
    assert alert_named(bundle, "ApisixRouteRequestRateHigh")["value"] == travel.CLAIM_RPS_ALERT_VALUE != str(travel.CLAIM_RPS_PEAK)
    waf = when_logged(bundle, travel.WAF_RULE)
    bots = [log for log in logs_of(bundle, "yt-api-gateway") if f'"{travel.BOT_UA}"' in log["message"]]
    assert bots and all(log["timestamp"] < waf for log in bots)
    timeouts = [log for log in logs_of(bundle, "yt-promo-engine") if "RedisCommandTimeoutException" in log["message"]]
    assert timeouts and all(_at("12:00") <= log["timestamp"] < _at("12:10") and "yt-redis-promo-04" in log["message"]
                            for log in timeouts)
    assert travel.BOT_UA not in own_text(bundle, "yt-promo-engine")  # the engine never sees who calls


def test_duplicate_pay_numbers_come_from_the_two_vms_with_worker_id_3(bundle):
    pay = logs_of(bundle, "yt-payment-service")
    dups = [log for log in pay if "Duplicate entry" in log["message"]]
    assert dups and {log["instance"] for log in dups} == {"yt-pay-03", "yt-pay-05"}
    assert all(when_logged(bundle, travel.PAY_CLONE) < log["timestamp"] < when_logged(bundle, travel.PAY_FIX) for log in dups)
    for log in dups:
        pay_no = int(re.search(r"Duplicate entry '(\d+)'", log["message"]).group(1))
        assert (pay_no >> 12) & 0x1F == 3
    created = [log for log in pay if log["instance"] == "yt-pay-05" and log["message"].startswith("pay order created")]
    workers = {((int(re.search(r"pay_no=(\d+)", log["message"]).group(1)) >> 12) & 0x1F, log["timestamp"] > _at("12:49:10"))
               for log in created}
    assert workers <= {(3, False), (5, True)} and (5, True) in workers


def test_the_replica_lag_peak_is_not_what_the_alert_says_and_paid_orders_read_back_unpaid(bundle):
    points = series_points(bundle, "mysql_slave_status_seconds_behind_master", instance="yt-mysql-order-02")
    assert dict(points)["2026-12-12T10:52:00+08:00"] == travel.LAG_PEAK == max(v for _, v in points)
    assert alert_named(bundle, "MySQLReplicationLag")["value"] == travel.LAG_ALERT_VALUE
    order = logs_of(bundle, "yt-order-service")
    paid = {re.search(r"order=(\w+)", log["message"]).group(1): log["timestamp"] for log in order
            if "WAIT_PAY -> PAID" in log["message"]}
    stale = [log for log in order if " status=WAIT_PAY " in log["message"]
             and re.search(r"orders/(\w+) ", log["message"]).group(1) in paid]
    assert stale and all(_at("09:10") <= log["timestamp"] < _at("09:58:40") for log in stale)
    refunds = [log["message"] for log in logs_of(bundle, "yt-payment-service") if "duplicate payment detected" in log["message"]]
    assert refunds and all(re.search(r"order=(\w+):", message).group(1) in paid for message in refunds)
    for word in ("backfill_contact_enc", "Seconds_Behind"):  # the cause is the database's, not the order service's
        assert word not in own_text(bundle, "yt-order-service")


def test_dtw_callbacks_are_refused_only_while_the_body_limit_is_1m(bundle):
    callback = logs_of(bundle, "yt-supplier-callback")
    fixed = when_logged(bundle, travel.CB_FIX)
    refused = [log for log in callback if '" 413 ' in log["message"]]
    assert refused and all(_at("13:00") <= log["timestamp"] < fixed and "/dtw/" in log["message"] for log in refused)
    sizes = [int(m) for log in callback for m in re.findall(r"too large body: (\d+) bytes", log["message"])]
    assert sizes and min(sizes) > 1024 * 1024
    accepted = [log for log in callback if "/dtw/" in log["message"] and '" 200 ' in log["message"]]
    assert not [log for log in accepted if _at("13:00:12") <= log["timestamp"] < fixed]
    assert any(log["timestamp"] > fixed for log in accepted)


def test_spf_bounces_come_only_from_strict_receivers_after_the_dns_change(bundle):
    changed = when_logged(bundle, travel.SPF_CHANGE)
    bounced = [log for log in bundle["logs"] if "bounced" in log["message"]]
    assert bounced and all(log["timestamp"] >= _at("15:38") > changed for log in bounced)
    domains = {m for log in bounced for m in re.findall(r"@([\w.]+)", log["message"])}
    assert domains <= travel.STRICT_SPF
    late_sent = [log for log in logs_of(bundle, "yt-mail-relay") if "status=sent" in log["message"]
                 and log["timestamp"] >= _at("15:38")]
    assert late_sent and not [log for log in late_sent if re.search(r"@([\w.]+)>", log["message"]).group(1)
                              in travel.STRICT_SPF]
    assert alert_named(bundle, "ETicketMailBounceRateHigh")["state"] == "firing"
    for word in ("UpdateDomainRecord", "MKT-20261212-044"):
        assert word not in own_text(bundle, "yt-itinerary-service")


def test_the_queue_peak_is_not_what_the_alert_says_and_desks_drop_only_while_the_bandwidth_is_full(bundle):
    points = series_points(bundle, "cs_im_unassigned_conversations")
    values = [v for _, v in points]
    assert dict(points)["2026-12-12T16:27:00+08:00"] == travel.QUEUE_PEAK == max(values) and values.count(travel.QUEUE_PEAK) == 1
    assert alert_named(bundle, "CsImQueueBacklogHigh")["value"] == travel.QUEUE_ALERT_VALUE
    closed = [log["timestamp"] for log in logs_of(bundle, "yt-redis-im") if "output buffer limits" in log["message"]]
    assert closed and when_logged(bundle, travel.OUTREACH) < min(closed) and max(closed) < when_logged(bundle, travel.REDIS_BANDWIDTH)
    assert "output buffer limits" not in own_text(bundle, "yt-cs-im")


def test_the_blacklist_rejects_only_the_mobile_range_and_only_between_the_sync_and_the_fix(bundle):
    fraud = logs_of(bundle, "yt-fraud-check")
    rejects = [log for log in fraud if "rule=R017_IP_BLACKLIST" in log["message"]]
    assert rejects and all(" ip=117.136." in log["message"] for log in rejects)
    assert all(when_logged(bundle, travel.BLACKLIST_SYNC) < log["timestamp"] < when_logged(bundle, travel.RISK_FIX) for log in rejects)
    passed = [log for log in fraud if "decision=PASS scene=order_submit" in log["message"] and " ip=117.136." in log["message"]]
    assert any(log["timestamp"] < _at("16:58") for log in passed) and any(log["timestamp"] > _at("17:47") for log in passed)
    assert "117.136.0.0/16" not in own_text(bundle, "yt-order-service")


def test_the_triggers_are_not_deploys_and_sit_on_other_services(bundle):
    changes = {(log["service"], log["message"]): log["attributes"]["change"] for log in bundle["logs"]
               if log["attributes"].get("change")}
    assert changes[("yt-mysql-order", travel.BACKFILL)] == "migration"
    assert changes[("yt-payment-service", travel.PAY_CLONE)] == "ops"
    assert changes[("yt-public-dns", travel.SPF_CHANGE)] == "dns"
    assert changes[("yt-cs-im", travel.OUTREACH)] == "ops"
    # The vendors' changes are no change of ours: the FX feed's unit, the NDC sunset, DTW's batches are plain lines.
    for message in (travel.FX_FETCH, travel.BLACKLIST_SYNC):
        assert not [log for log in bundle["logs"] if log["message"] == message and log["attributes"].get("change")]


def test_the_travel_pods_are_named_like_kubernetes_names_them(bundle):
    for pod in bundle[K8S_SECTION]["pods"]:
        if pod["phase"] == "Succeeded":  # a CronJob's job pod: <cronjob>-<scheduled Unix minute>-<5 characters>
            assert re.fullmatch(r"yt-(price-cache-fx|fraud-check-blacklist)-sync-\d{8}-[bcdfghjklmnpqrstvwxz2456789]{5}",
                                pod["name"])
        else:
            assert service_from_pod_name(pod["name"]) == pod["service"], pod["name"]
    assert travel.FX_POD in {p["name"] for p in bundle[K8S_SECTION]["pods"]}


def test_nothing_in_the_travel_world_happens_after_its_reference_time_and_events_are_the_last_hours(bundle):
    now = dt.datetime.fromisoformat(bundle["reference_time"])
    stamps = [log["timestamp"] for log in bundle["logs"]] + [e["last_seen"] for e in bundle[K8S_SECTION]["events"]]
    stamps += [ts for series in bundle["metrics"] for ts, _ in series["points"]]
    assert all(dt.datetime.fromisoformat(stamp) <= now for stamp in stamps)
    events = bundle[K8S_SECTION]["events"]
    assert events and all(now - dt.datetime.fromisoformat(e["first_seen"]) <= dt.timedelta(hours=1) for e in events)
