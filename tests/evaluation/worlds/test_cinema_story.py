"""The cinema world tells the story its docstring tells: each incident's symptoms stay inside its window and on the cinemas,
halls, receivers and pods it names, the causes come before the symptoms (often hours before, on another service, at a vendor,
in a batch or on one node), the decoys are changes that caused nothing, the node-level fault touches only the pods scheduled on
that node, the asked peaks are not what the alerts say, the healthy services are healthy and the listings are complete. A world
wrong about itself would grade the agents against a fiction. Pure: no database."""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

import pytest

from contracts.k8s import service_from_pod_name
from evaluation.worlds import cinema
from evaluation.worlds.loading import K8S_SECTION
from tests.evaluation.worlds.bundle_reading import alert_named, logs_of, own_text, series_points, when_logged


@pytest.fixture(scope="module")
def bundle() -> dict[str, Any]:
    return cinema.build_bundle()


def _at(clock: str) -> str:
    return f"2027-06-11T{clock}"


def _moment(stamp: str) -> dt.datetime:
    return dt.datetime.fromisoformat(stamp)


def _lines(bundle: dict[str, Any], service: str, needle: str) -> list[dict[str, Any]]:
    return [log for log in logs_of(bundle, service) if needle in log["message"]]


def _stamps(bundle: dict[str, Any], service: str, needle: str) -> list[str]:
    return [log["timestamp"] for log in _lines(bundle, service, needle)]


def _question(name: str) -> cinema.WorldQuestion:
    return next(q for q in cinema.QUESTIONS if q.name == name)


def _own_lines(bundle: dict[str, Any], service: str) -> str:
    """What the service's own instances write, without the on-call engineers' notes."""
    return "\n".join(log["message"] for log in logs_of(bundle, service) if log["instance"] != "ops-console")


def test_the_premiere_kdm_was_bound_to_the_media_block_replaced_the_night_before(bundle):
    replaced, tdl = when_logged(bundle, cinema.IMB_REPLACED), when_logged(bundle, cinema.TDL_EXPORT)
    batch, orphan = when_logged(bundle, cinema.KDM_BATCH), when_logged(bundle, cinema.KDM_ORPHAN)
    checks = _lines(bundle, "xm-tms", "KDM_RECIPIENT_MISMATCH")
    assert checks and replaced < tdl < batch < orphan < min(log["timestamp"] for log in checks)
    assert "0 device changes" in cinema.TDL_EXPORT  # the registry never learned the new certificate
    assert {log["instance"] for log in checks} == {"tms-HZ0106"} and {log["level"] for log in checks} == {"ERROR"}
    assert all(cinema.OLD_IMB in log["message"] and cinema.NEW_IMB in log["message"] for log in checks)
    assert _moment(min(log["timestamp"] for log in checks)) - _moment(replaced) > dt.timedelta(hours=18)
    fixed, emergency = when_logged(bundle, cinema.KDM_REGISTRY_FIX), when_logged(bundle, cinema.KDM_INGEST_FIX)
    assert max(log["timestamp"] for log in checks) < fixed < when_logged(bundle, cinema.KDM_EMERGENCY) < emergency
    alert = alert_named(bundle, "PreshowKdmCheckFailed")
    assert alert["labels"]["cinema"] == cinema.KDM_CINEMA and alert["ends_at"] > emergency[:19]
    # The decoys: the lead-time config and the KDM service's deploy both come after the mismatch was logged at ingest.
    assert orphan < when_logged(bundle, cinema.TMS_LEAD) and orphan < when_logged(bundle, cinema.KDM_DEPLOY)
    # The hall played nothing else all day: its first show is the premiere.
    assert not [log for log in logs_of(bundle, "xm-tms") if "screen HZ0106-01" in log["message"]
                and "content complete" in log["message"]]
    assert "SR-YK-0610-118" not in _own_lines(bundle, "xm-kdm").replace(cinema.KDM_REGISTRY_FIX, "")


def test_the_purge_deleted_the_ov_only_at_the_preview_cinemas_before_the_release_kdms_arrived(bundle):
    deleted = [log for log in logs_of(bundle, "xm-tms") if log["message"] == cinema.PURGE_DELETED]
    assert {log["instance"] for log in deleted} == {f"tms-{c}" for c in cinema.PREVIEW}
    assert max(log["timestamp"] for log in deleted) < when_logged(bundle, cinema.KDM_BATCH)  # no valid KDM yet at 03:30
    kept = _lines(bundle, "xm-tms", "kept (ingested 2027-06-10")
    assert kept and not {log["instance"] for log in kept} & {f"tms-{c}" for c in cinema.PREVIEW}
    missing = _lines(bundle, "xm-tms", "ASSET_MISSING")
    assert missing and {log["instance"] for log in missing} == {f"tms-{c}" for c in cinema.PREVIEW}
    assert _at("08:20") <= min(log["timestamp"] for log in missing) and max(log["timestamp"] for log in missing) < _at("11:05")
    assert all(cinema.CPL_OV in log["message"] for log in missing)
    reingested = [log for log in logs_of(bundle, "xm-tms") if log["message"] == cinema.REINGEST]
    assert {log["instance"] for log in reingested} == {f"tms-{c}" for c in cinema.PREVIEW}
    assert when_logged(bundle, cinema.REDELIVERY) < min(log["timestamp"] for log in reingested)
    # The fleet-wide agent upgrade reached every cinema, the purge only eight: a decoy before the cause.
    assert when_logged(bundle, cinema.TMS_AGENT_DEPLOY) < min(log["timestamp"] for log in deleted)
    assert "186 cinema TMS" in cinema.TMS_AGENT_DEPLOY


def test_the_tms_has_two_incidents_in_the_morning_and_the_evening_at_different_cinemas(bundle):
    morning = _stamps(bundle, "xm-tms", "ASSET_MISSING")
    evening = _stamps(bundle, "xm-tms", "KDM_RECIPIENT_MISMATCH")
    assert max(morning) < min(evening)
    first, second = alert_named(bundle, "PreshowAssetMissing"), alert_named(bundle, "PreshowKdmCheckFailed")
    assert first["ends_at"] < second["starts_at"]
    assert cinema.KDM_CINEMA not in cinema.PREVIEW


def test_the_same_seat_was_sold_again_only_after_the_layout_was_republished(bundle):
    published = when_logged(bundle, cinema.LAYOUT_PUBLISH)
    assert "0 of 83" in cinema.LAYOUT_APPLIED and published < when_logged(bundle, cinema.LAYOUT_APPLIED)
    relocked = [log for log in logs_of(bundle, "xm-seat") if f"show={cinema.SEAT_SHOW}" in log["message"]]
    assert relocked and all("(layout v7)" in log["message"] and log["timestamp"] > published for log in relocked)
    dups = _lines(bundle, "xm-checkin", "seat already checked in")
    assert dups and {log["instance"] for log in dups} == {"gate-SH0203"}
    assert all(cinema.SEAT_SHOW in log["message"] for log in dups)
    resold = {re.search(r"seats=(\S+) \(layout v7\)", log["message"]).group(1) for log in relocked}
    assert {re.search(r"seat (\S+) checked in", log["message"]).group(1) for log in dups} <= resold
    assert max(log["timestamp"] for log in dups) < when_logged(bundle, cinema.LAYOUT_REMAP)
    # The gate-opening config came after two hours of resales: a decoy.
    assert min(log["timestamp"] for log in relocked) < when_logged(bundle, cinema.CHECKIN_OPEN) < min(
        log["timestamp"] for log in dups)
    for word in ("HALL-SH0203-04", "layout v7", "cinema_ops_lina"):
        assert word not in own_text(bundle, "xm-checkin")
    assert not [log for log in logs_of(bundle, "xm-seat") if "show=S-SH0203-04-" in log["message"]
                and cinema.SEAT_SHOW not in log["message"]]


def test_only_gold_members_fall_under_the_distributors_price_floor_from_six(bundle):
    imported, fixed = when_logged(bundle, cinema.PF_IMPORT), when_logged(bundle, cinema.FLOOR_FIX)
    rejected = _lines(bundle, "xm-order", "code=4107")
    assert rejected and _at("18:00") < min(log["timestamp"] for log in rejected) and max(
        log["timestamp"] for log in rejected) < fixed
    assert _moment(min(log["timestamp"] for log in rejected)) - _moment(imported) > dt.timedelta(hours=7)
    for log in rejected:
        price, floor, listed = map(float, re.search(r"ticket ¥([\d.]+), floor ¥([\d.]+), 金卡 0\.70 x ¥([\d.]+)",
                                                    log["message"]).groups())
        assert price < floor and abs(price - round(listed * 0.70, 2)) < 0.01
    silver = [log for log in _lines(bundle, "xm-order", "(星河远征)") if " 银卡 took=" in log["message"]
              and _at("18:00") < log["timestamp"] < fixed]
    assert silver
    for log in silver:
        show = re.search(r"show (\S+) ", log["message"]).group(1)
        price = float(re.search(r"¥([\d.]+) 银卡", log["message"]).group(1))
        assert price >= cinema.FLOOR[cinema._hall_format(int(show.split("-")[2]))]
    assert not [log for log in _lines(bundle, "xm-order", "(星河远征)") if " 金卡 took=" in log["message"]
                and _at("18:00") < log["timestamp"] < fixed]
    assert "PF-HY-20270611" not in own_text(bundle, "xm-order")  # the notice is the schedule service's import
    assert imported < when_logged(bundle, cinema.ORDER_LTS_TIMEOUT) < min(log["timestamp"] for log in rejected)


def test_only_the_seat_pods_on_node_07_are_slow_and_the_node_says_why(bundle):
    timeouts = _lines(bundle, "xm-seat", "SEAT_LOCK_TIMEOUT")
    assert timeouts and {log["instance"] for log in timeouts} == set(cinema.ON_BAD_NODE)
    for log in logs_of(bundle, "xm-seat"):
        match = re.search(r"took=(\d+)ms", log["message"])
        if match:
            slow = log["instance"] in cinema.ON_BAD_NODE and log["timestamp"] >= _at("18:50")
            assert (int(match.group(1)) > 1500) == slow, log
    pods = bundle[K8S_SECTION]["pods"]
    assert {p["name"] for p in pods if p["node"] == cinema.BAD_NODE} == set(cinema.ON_BAD_NODE)  # nothing else runs there
    assert all(p["restarts"] == 0 and p["phase"] == "Running" for p in pods if p["service"] == "xm-seat")
    always = [log for log in bundle["logs"] if "enabled=[always]" in log["message"]]
    assert [(log["service"], log["instance"]) for log in always] == [("xm-k8s-node", cinema.BAD_NODE)]
    madvise = {log["instance"] for log in bundle["logs"] if log["message"] == cinema.THP_OK}
    assert madvise == set(cinema.NODES)  # node-07 too, before its re-image
    for word in ("transparent_hugepage", "compact_stall", cinema.BAD_NODE, "INFRA-0611-03"):
        assert word not in own_text(bundle, "xm-seat")
    unhealthy = [e for e in bundle[K8S_SECTION]["events"] if e["reason"] == "Unhealthy"]
    assert {e["object"] for e in unhealthy} == {f"Pod/{pod}" for pod in cinema.ON_BAD_NODE}


def test_node_07_was_reimaged_hours_before_the_scale_out_that_put_the_pods_there(bundle):
    reimaged, thp = when_logged(bundle, cinema.NODE_REIMAGE), when_logged(bundle, cinema.THP_LINE)
    uncordoned, scaled = when_logged(bundle, cinema.NODE_UNCORDON), when_logged(bundle, cinema.SEAT_SCALE)
    first = min(_stamps(bundle, "xm-seat", "SEAT_LOCK_TIMEOUT"))
    assert reimaged < thp < uncordoned < scaled < first
    assert _moment(first) - _moment(reimaged) > dt.timedelta(hours=6)
    stalls = [int(re.search(r"compact_stall (\d+)/min", log["message"]).group(1))
              for log in _lines(bundle, "xm-k8s-node", "compact_stall") if log["timestamp"] >= _at("18:50")]
    calm = [int(re.search(r"compact_stall (\d+)/min", log["message"]).group(1))
            for log in _lines(bundle, "xm-k8s-node", "compact_stall") if log["timestamp"] < _at("18:50")]
    assert min(stalls) > 10 * max(calm)
    alert = alert_named(bundle, "SeatLockLatencyHigh")
    assert alert["state"] == "firing" and alert["ends_at"] is None and alert["starts_at"] > first[:19]
    # The seat-count config reached every pod; only node-07's slowed down: a decoy.
    assert scaled < when_logged(bundle, cinema.SEAT_MAX) < first


def test_the_load_test_aimed_at_production_is_plain_in_the_request_rate(bundle):
    assert "env=prod" in cinema.PERF_START and "env=stress" in cinema.PERF_EARLIER
    started, stopped = when_logged(bundle, cinema.PERF_START), when_logged(bundle, cinema.PERF_STOP)
    test_locks = _lines(bundle, "xm-seat", "user=pt_user_")
    assert test_locks and started < min(log["timestamp"] for log in test_locks)
    assert max(log["timestamp"] for log in test_locks) < stopped < when_logged(bundle, cinema.LOCKS_RELEASED)
    assert all("JMeter" in log["message"] and not log["attributes"].get("change") for log in test_locks)
    conflicts = [log["timestamp"] for log in _lines(bundle, "xm-seat", "409 SEAT_LOCKED") if started < log["timestamp"] < stopped]
    assert len(conflicts) > 50
    rate = dict(series_points(bundle, "seat_lock_requests_per_sec"))
    assert rate[_at("15:31:00+08:00")] == cinema.LOCK_RPS_PEAK > 10 * rate[_at("15:00:00+08:00")]
    assert rate[_at("15:31:00+08:00")] > 2 * max(v for ts, v in rate.items() if ts >= _at("17:00"))
    assert when_logged(bundle, cinema.SEAT_CACHE) < started  # the 15:05 cache config: before, with locks fine
    assert {log["service"] for log in bundle["logs"] if "PT-0611-02" in log["message"]} == {"xm-perf"}


def test_the_seat_service_has_two_incidents_in_the_afternoon_and_the_evening(bundle):
    afternoon = _stamps(bundle, "xm-seat", "user=pt_user_")
    evening = _stamps(bundle, "xm-seat", "SEAT_LOCK_TIMEOUT")
    assert max(afternoon) < min(evening)
    conflict, latency = alert_named(bundle, "SeatLockConflictHigh"), alert_named(bundle, "SeatLockLatencyHigh")
    assert conflict["state"] == "resolved" and conflict["ends_at"] < latency["starts_at"]
    p99 = dict(series_points(bundle, "seat_lock_latency_p99_ms"))
    assert p99[_at("15:31:00+08:00")] < 1500  # the load test did not slow the locks down


def test_the_concessions_sold_out_only_at_the_yungui_cinemas_during_the_stocktake(bundle):
    started = _stamps(bundle, "xm-concession", "task MST-2027-06 (月度盘点) started")
    cancelled = _stamps(bundle, "xm-concession", "task MST-2027-06 cancelled")
    assert len(started) == len(cancelled) == len(cinema.YUNGUI)
    stocktake = _lines(bundle, "xm-concession", "mode=STOCKTAKE")
    assert stocktake and all("36 SKUs, 36 at qty 0" in log["message"] for log in stocktake)
    assert {re.search(r"at (\w+) ", log["message"]).group(1) for log in stocktake} <= set(cinema.YUNGUI)
    assert max(started) < min(log["timestamp"] for log in stocktake) and max(log["timestamp"] for log in stocktake) < min(cancelled)
    soldout = _lines(bundle, "xm-concession", "sold out (stock 0)")
    assert soldout and {re.search(r"cinema=(\w+):", log["message"]).group(1) for log in soldout} <= set(cinema.YUNGUI)
    normal = [log for log in _lines(bundle, "xm-concession", "mode=NORMAL") if "云柜" in log["message"]]
    assert not [log for log in normal if max(started) < log["timestamp"] < min(cancelled)]
    deploy = when_logged(bundle, cinema.CONC_DEPLOY)
    assert deploy < min(started)  # the 18:20 deploy reached every cinema; the other cinemas' menus stayed whole: a decoy
    assert [log for log in _lines(bundle, "xm-concession", "200 skus=36") if deploy < log["timestamp"] < max(cancelled)]
    assert not [log for log in bundle["logs"] if "MST-2027-06" in log["message"] and log["attributes"].get("change")]


def test_the_upgrade_coupons_expired_at_their_issue_because_valid_to_is_the_days_start(bundle):
    batch, fix = when_logged(bundle, cinema.BEN_BATCH), when_logged(bundle, cinema.BEN_FIX)
    samples = _lines(bundle, "xm-member", "coupon UPG-XHYZ-")
    assert samples and all("valid_to=2027-06-11T00:00:00+08:00" in log["message"] for log in samples)
    assert "valid_to" not in cinema.BEN_BATCH  # the batch's summary says nothing: the value is in the records
    expired = _lines(bundle, "xm-promo", "COUPON_EXPIRED")
    assert expired and batch < min(log["timestamp"] for log in expired) and max(log["timestamp"] for log in expired) < fix
    issued = {re.search(r"UPG-XHYZ-(\d+) issued", log["message"]).group(1) for log in samples}
    rejected = {re.search(r"UPG-XHYZ-(\d+) order", log["message"]).group(1) for log in expired}
    assert issued & rejected
    assert min(log["timestamp"] for log in expired) < when_logged(bundle, cinema.PROMO_STACK)  # the stack config: a decoy
    assert "BEN-20270611" not in own_text(bundle, "xm-promo")
    assert _moment(alert_named(bundle, "CouponRedeemFailHigh")["starts_at"]) - _moment(batch) > dt.timedelta(hours=8)


def test_the_old_receivers_stayed_on_the_old_carrier_and_missed_the_atmos_version(bundle):
    notice = when_logged(bundle, cinema.SAT_NOTICE)
    lost = _lines(bundle, "xm-dcp", "lock=NO")
    assert lost and all("freq 12.380 GHz H" in log["message"] and "firmware 3.1.7" in log["message"] for log in lost)
    assert {re.search(r"RX-(\w+) ", log["message"]).group(1) for log in lost} <= set(cinema.SAT_OLD)
    assert notice < min(log["timestamp"] for log in lost) and max(log["timestamp"] for log in lost) < when_logged(
        bundle, cinema.RETUNE)
    after = [log for log in _lines(bundle, "xm-dcp", "lock=YES") if _at("00:00") < log["timestamp"] < _at("08:35")]
    assert after and all("12.420 GHz V" in log["message"] for log in after)
    missing = _lines(bundle, "xm-dcp", "status INCOMPLETE")
    assert {re.search(r"RX-(\w+) ", log["message"]).group(1) for log in missing} == set(cinema.SAT_OLD)
    assert when_logged(bundle, cinema.BC_START) < min(log["timestamp"] for log in missing)
    assert "SAT-CHG-0610" not in cinema.DCP_DEPLOY and notice < when_logged(bundle, cinema.DCP_DEPLOY)
    assert not [log for log in bundle["logs"] if "SAT-CHG-0610" in log["message"] and log["attributes"].get("change")]


def test_member_holds_stopped_being_unfrozen_with_the_order_release_until_its_fix(bundle):
    deployed, fixed = when_logged(bundle, cinema.ORDER_DEPLOY), when_logged(bundle, cinema.ORDER_FIX_DEPLOY)
    unfrozen = _stamps(bundle, "xm-order", "unfrozen ¥")
    assert unfrozen and not [ts for ts in unfrozen if deployed < ts < fixed]
    assert [ts for ts in unfrozen if ts < deployed] and [ts for ts in unfrozen if ts > fixed]
    kept = _stamps(bundle, "xm-order", "seats released (pay=会员卡")
    assert kept and deployed < min(kept) and max(kept) < fixed
    declined = _lines(bundle, "xm-member", "declined 余额不足")
    assert declined and _moment(min(log["timestamp"] for log in declined)) - _moment(deployed) > dt.timedelta(hours=11)
    assert max(log["timestamp"] for log in declined) < when_logged(bundle, cinema.HOLDS_RELEASED)
    for log in declined:
        amount, balance, frozen, available = map(float, re.search(
            r"¥([\d.]+): declined 余额不足 \(balance ¥([\d.]+), frozen ¥([\d.]+), available ¥([\d.]+)\)", log["message"]).groups())
        assert balance > amount > available and abs(balance - frozen - available) < 0.011
    assert "5.14.0" not in own_text(bundle, "xm-member")  # the release is the order service's
    assert min(log["timestamp"] for log in declined) < when_logged(bundle, cinema.MEMBER_SMS)  # a decoy after the first


def test_the_quantity_peaks_are_not_what_the_alerts_say(bundle):
    for name, metric, alert_name, peak, clock in (
            ("cinema_seat_lock_rate_quantity", "seat_lock_requests_per_sec", "SeatLockConflictHigh", cinema.LOCK_RPS_PEAK,
             "15:31"),
            ("cinema_seat_latency_quantity", "seat_lock_latency_p99_ms", "SeatLockLatencyHigh", cinema.LATENCY_PEAK, "20:07"),
            ("cinema_dcp_atmos_quantity", "dcp_atmos_undelivered_cinemas", "DcpDeliveryIncomplete", cinema.ATMOS_PEAK,
             "07:30")):
        points = series_points(bundle, metric)
        assert dict(points)[_at(f"{clock}:00+08:00")] == peak == max(value for _, value in points)
        assert [value for _, value in points].count(peak) == 1
        alert = alert_named(bundle, alert_name)
        assert str(peak) not in alert["value"] and alert["starts_at"] < _at(f"{clock}:00+08:00")
        assert str(peak) not in alert["summary"]
        question = _question(name)
        assert question.peak is not None and question.peak.value == peak and question.peak.metric == metric


def test_the_healthy_services_are_healthy_and_their_changes_are_decoys(bundle):
    for service in ("xm-notify", "xm-cms"):
        assert not [a for a in bundle["alerts"] if a["service"] == service]
        assert {log["level"] for log in logs_of(bundle, service)} <= {"INFO", "WARN"}
        for word in cinema.INCIDENT_WORDS:
            assert word not in own_text(bundle, service)
        pods = [p for p in bundle[K8S_SECTION]["pods"] if p["service"] == service]
        assert pods and all(p["restarts"] == 0 and p["ready"] == "1/1" for p in pods)
        for metric in ("http_5xx_ratio", "http_p99_latency"):
            [series] = [s for s in bundle["metrics"] if s["name"] == metric and s["service"] == service]
            assert max(v for _, v in series["points"]) < series["threshold"]
    changes = {log["message"] for log in bundle["logs"] if log["attributes"].get("change")}
    assert cinema.NOTIFY_CONFIG in changes and cinema.CMS_DEPLOY in changes


def test_the_listings_are_complete(bundle):
    firing = {a["name"] for a in bundle["alerts"] if a["state"] == "firing"}
    assert firing == set(cinema.FIRING)
    order_changes = [log["message"] for log in logs_of(bundle, "xm-order") if log["attributes"].get("change")]
    assert order_changes == [cinema.ORDER_DEPLOY, cinema.ORDER_FIX_DEPLOY, cinema.ORDER_LTS_TIMEOUT, cinema.FLOOR_FIX]
    question = _question("cinema_order_changes_listing")
    assert len(question.asked_facts) == len(order_changes)
    for fact, line in zip(question.asked_facts, order_changes, strict=True):
        assert any(spelling in line for spelling in fact.spellings)


def test_every_cause_is_before_its_symptom_and_most_are_hours_before_or_elsewhere(bundle):
    pairs = ((cinema.IMB_REPLACED, "PreshowKdmCheckFailed"), (cinema.PURGE_DELETED, "PreshowAssetMissing"),
             (cinema.LAYOUT_PUBLISH, "DuplicateSeatCheckin"), (cinema.PF_IMPORT, "TicketIssueFailRateHigh"),
             (cinema.THP_LINE, "SeatLockLatencyHigh"), (cinema.PERF_START, "SeatLockConflictHigh"),
             (cinema.STOCKTAKE_START.format(c=cinema.YUNGUI[0], name=cinema.CINEMAS[cinema.YUNGUI[0]]), "ConcessionSoldOutHigh"),
             (cinema.BEN_BATCH, "CouponRedeemFailHigh"), (cinema.SAT_NOTICE, "DcpDeliveryIncomplete"),
             (cinema.ORDER_DEPLOY, "MemberCardPayDeclinedHigh"))
    elsewhere = 0
    hours = 0
    for cause, alert_name in pairs:
        first = min(log["timestamp"] for log in bundle["logs"] if log["message"] == cause)
        alert = alert_named(bundle, alert_name)
        assert first < alert["starts_at"], alert_name
        cause_service = next(log["service"] for log in bundle["logs"] if log["message"] == cause)
        elsewhere += cause_service != alert["service"]
        hours += _moment(alert["starts_at"]) - _moment(first) > dt.timedelta(hours=2)
    assert elsewhere >= 5 and hours >= 6


def test_causes_that_are_nobodys_deploy_or_config(bundle):
    """A vendor's maintenance, a batch, an import, an operator's publish and a load test: none is a deploy or a config push."""
    for cause in (cinema.IMB_REPLACED, cinema.PURGE_DELETED, cinema.PF_IMPORT, cinema.BEN_BATCH, cinema.SAT_NOTICE,
                  cinema.PERF_START, cinema.LAYOUT_PUBLISH, cinema.NODE_REIMAGE):
        for log in bundle["logs"]:
            if log["message"] == cause:
                assert log["attributes"].get("change") not in ("deploy", "config"), cause
                assert "deploy finished" not in cause and "[apollo]" not in cause


def test_nothing_happens_after_the_reference_time_and_pods_are_named_like_kubernetes_names_them(bundle):
    now = dt.datetime.fromisoformat(bundle["reference_time"])
    stamps = [log["timestamp"] for log in bundle["logs"]] + [e["last_seen"] for e in bundle[K8S_SECTION]["events"]]
    stamps += [a["starts_at"] for a in bundle["alerts"]] + [a["ends_at"] for a in bundle["alerts"] if a["ends_at"]]
    stamps += [ts for series in bundle["metrics"] for ts, _ in series["points"]]
    assert all(dt.datetime.fromisoformat(stamp) <= now for stamp in stamps)
    assert all(now - dt.datetime.fromisoformat(e["first_seen"]) <= dt.timedelta(hours=1) for e in bundle[K8S_SECTION]["events"])
    for pod in bundle[K8S_SECTION]["pods"]:
        assert service_from_pod_name(pod["name"]) == pod["service"], pod["name"]
    assert not [p for p in bundle[K8S_SECTION]["pods"] if p["service"] == "xm-tms"]  # the TMS servers are in the cinemas


def test_another_seed_changes_only_the_noise_not_the_story(bundle):
    other = cinema.build_bundle(seed=cinema.SEED + 1)
    assert {a["name"]: (a["state"], a["starts_at"], a["value"]) for a in other["alerts"]} == {
        a["name"]: (a["state"], a["starts_at"], a["value"]) for a in bundle["alerts"]}
    for message in (cinema.IMB_REPLACED, cinema.TDL_EXPORT, cinema.PF_IMPORT, cinema.THP_LINE, cinema.PERF_START,
                    cinema.BEN_BATCH, cinema.SAT_NOTICE, cinema.ORDER_DEPLOY, cinema.LAYOUT_PUBLISH):
        assert [log["message"] for log in other["logs"]].count(message) == 1
    for name, peak in (("seat_lock_requests_per_sec", cinema.LOCK_RPS_PEAK), ("seat_lock_latency_p99_ms", cinema.LATENCY_PEAK),
                       ("dcp_atmos_undelivered_cinemas", cinema.ATMOS_PEAK)):
        assert max(v for _, v in series_points(other, name)) == peak
    assert [log["message"] for log in other["logs"]] != [log["message"] for log in bundle["logs"]]
