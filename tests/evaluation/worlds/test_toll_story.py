"""The toll world tells the story its docstring tells: each incident's symptoms stay inside its window and on the stations,
gantries and pods it names, the causes come before the symptoms (often hours before, on another service, at a vendor or on
one node), the decoys are changes that caused nothing, the node-level fault touches only the pods scheduled on that node,
the asked peaks are not what the alerts say, the healthy services are healthy and the listings are complete. A world wrong
about itself would grade the agents against a fiction. Pure: no database."""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

import pytest

from contracts.k8s import service_from_pod_name
from evaluation.worlds import toll
from evaluation.worlds.loading import K8S_SECTION
from tests.evaluation.worlds.bundle_reading import alert_named, logs_of, own_text, series_points, when_logged


@pytest.fixture(scope="module")
def bundle() -> dict[str, Any]:
    return toll.build_bundle()


def _at(clock: str) -> str:
    return f"2027-05-17T{clock}"


def _eve(clock: str) -> str:
    return f"2027-05-16T{clock}"


def _moment(stamp: str) -> dt.datetime:
    return dt.datetime.fromisoformat(stamp)


def _stamps(bundle: dict[str, Any], service: str, needle: str) -> list[str]:
    return [log["timestamp"] for log in logs_of(bundle, service) if needle in log["message"]]


def _question(name: str) -> toll.WorldQuestion:
    return next(q for q in toll.QUESTIONS if q.name == name)


def _own_lines(bundle: dict[str, Any], service: str) -> str:
    """What the service's own instances write, without the on-call engineers' notes."""
    return "\n".join(log["message"] for log in logs_of(bundle, service) if log["instance"] != "ops-console")


def test_cpc_exits_go_online_only_downstream_of_the_gantry_left_in_debug(bundle):
    debug_on, debug_off = when_logged(bundle, toll.DEBUG_ON), when_logged(bundle, toll.DEBUG_OFF)
    incomplete = [log for log in logs_of(bundle, "cx-lane") if "计费信息不完整" in log["message"]]
    assert incomplete and debug_on < min(log["timestamp"] for log in incomplete)
    assert max(log["timestamp"] for log in incomplete) < debug_off
    assert {log["instance"] for log in incomplete} == {f"SS-{st}" for st in toll.CPC_STATIONS}
    assert all("path expects G3401-12" in log["message"] for log in incomplete)
    # The heartbeats say DEBUG only by their values: no trades, no CPC writes, while the neighbour gantry trades as usual.
    beats = [log for log in logs_of(bundle, "cx-gantry") if log["message"].startswith("gantry G3401-12 heartbeat")]
    debug = [log for log in beats if "rsu_mode=DEBUG" in log["message"]]
    assert debug and all("obu_trades 0, cpc_writes 0" in log["message"] for log in debug)
    assert all(debug_on < log["timestamp"] < debug_off for log in debug)
    assert [log for log in beats if log["timestamp"] > debug_off and "rsu_mode=NORMAL" in log["message"]]
    assert {log["level"] for log in beats} == {"INFO"}
    # The rush makes it a queue hours after the cause.
    alert = alert_named(bundle, "LaneExitSlow")
    assert _moment(alert["starts_at"]) - _moment(debug_on) > dt.timedelta(hours=8)
    assert when_logged(bundle, toll.LANE_RECEIPT) > _at("07:10")  # the receipt config: after the night's incomplete cards
    assert [log for log in incomplete if log["timestamp"] < when_logged(bundle, toll.LANE_RECEIPT)]
    for word in ("rsu_mode", "WO-JY-0516-07", "DEBUG"):
        assert word not in _own_lines(bundle, "cx-lane")


def test_only_the_gantry_pods_on_node_05_are_slow_and_the_node_says_why(bundle):
    slow = [log for log in logs_of(bundle, "cx-gantry") if "timed out at 3000ms" in log["message"]]
    assert slow and {log["instance"] for log in slow} == set(toll.ON_BAD_NODE)
    batch = re.compile(r"handled in (\d+)ms")
    for log in logs_of(bundle, "cx-gantry"):
        match = batch.search(log["message"])
        if match:
            assert (int(match.group(1)) > 3000) == (log["instance"] in toll.ON_BAD_NODE), log
    pods = bundle[K8S_SECTION]["pods"]
    assert {p["name"] for p in pods if p["node"] == toll.BAD_NODE} == set(toll.ON_BAD_NODE)  # nothing else runs there
    assert all(p["restarts"] == 0 and p["phase"] == "Running" for p in pods if p["service"] == "cx-gantry")
    bios = [log for log in bundle["logs"] if "Energy Efficient" in log["message"]]
    assert [(log["service"], log["instance"]) for log in bios] == [("cx-k8s-node", toll.BAD_NODE)]
    for word in ("Energy Efficient", "BIOS", toll.BAD_NODE, "HW-0516-11"):
        assert word not in _own_lines(bundle, "cx-gantry")
    unhealthy = [e for e in bundle[K8S_SECTION]["events"] if e["reason"] == "Unhealthy"]
    assert {e["object"] for e in unhealthy} == {f"Pod/{pod}" for pod in toll.ON_BAD_NODE}


def test_node_05_came_back_hours_before_the_scale_out_that_put_the_pods_there(bundle):
    back, scaled = when_logged(bundle, toll.NODE_BACK), when_logged(bundle, toll.HPA_SCALE)
    first = min(_stamps(bundle, "cx-gantry", "timed out at 3000ms"))
    assert when_logged(bundle, toll.NODE_DRAIN) < when_logged(bundle, toll.BIOS_LINE) < back < scaled < first
    assert _moment(first) - _moment(back) > dt.timedelta(hours=4)
    assert when_logged(bundle, toll.GW_BATCH_MAX) > first  # the batch-size config came after the first timeout: a decoy
    mhz = series_points(bundle, "node_cpu_mhz", instance=toll.BAD_NODE)
    assert all(value == 1000 for ts, value in mhz if ts >= _at("02:36"))
    alert = alert_named(bundle, "GantryUploadDelayHigh")
    assert alert["state"] == "firing" and alert["ends_at"] is None and alert["starts_at"] > scaled[:19]


def test_the_republished_settlement_file_was_skipped_by_its_name(bundle):
    v1, recon = when_logged(bundle, toll.CR_V1), when_logged(bundle, toll.RECON_BAD)
    skips = _stamps(bundle, "cx-clearing", "already imported")
    assert skips and v1 < min(skips) < recon
    assert "md5 9e1c07b2" in toll.CR_V1 and "md5 4b7d91ae" in toll.CR_V2_SKIP
    reimport, balanced = when_logged(bundle, toll.CR_REIMPORT), when_logged(bundle, toll.RECON_OK)
    held = _stamps(bundle, "cx-clearing", "held: reconciliation")
    assert held and recon < min(held) and max(held) < reimport < balanced
    assert when_logged(bundle, toll.CLR_DEPLOY) < v1  # the 00:40 deploy imported v1 fine: a decoy
    alert = alert_named(bundle, "ClearingReconMismatch")
    assert alert["starts_at"] > recon[:16] and alert["ends_at"] > balanced[:19]


def test_deduction_timeouts_follow_one_clients_deepening_pages(bundle):
    pages = [log for log in logs_of(bundle, "cx-issuer") if "client=ccb-recon" in log["message"]]
    assert pages and all(log["attributes"].get("log_type") == "access" for log in pages)
    start = min(log["timestamp"] for log in pages)
    timeouts = _stamps(bundle, "cx-issuer", "timed out after 3000ms")
    assert timeouts and start < min(timeouts) and max(timeouts) < _at("09:22")
    by_worker: dict[str, list[tuple[int, int]]] = {}
    for log in pages:
        offset, worker, took = re.search(r"offset=(\d+) client=ccb-recon worker=(\d) 200 took=(\d+)ms", log["message"]).groups()
        by_worker.setdefault(worker, []).append((int(offset), int(took)))
    for calls in by_worker.values():  # each worker pages forward and every page is slower than the one before
        assert calls == sorted(calls)
    assert {log["service"] for log in bundle["logs"] if "ccb-recon" in log["message"]} == {"cx-issuer"}
    assert when_logged(bundle, toll.ISSUER_WEIGHT) < start  # the 07:45 bank weight: before, with deductions fine
    assert max(value for _, value in series_points(bundle, "issuer_db_cpu_percent")) >= 90


def test_trucks_pay_the_six_axle_rate_only_with_an_axle_count_of_zero_after_the_sync(bundle):
    sync, fixed = when_logged(bundle, toll.VEH_SYNC), when_logged(bundle, toll.VEH_FIX)
    wrong = [log for log in logs_of(bundle, "cx-fee") if "axle_count=0 -> class 货6" in log["message"]]
    assert wrong and sync < min(log["timestamp"] for log in wrong) and max(log["timestamp"] for log in wrong) < fixed
    for log in logs_of(bundle, "cx-fee"):
        match = re.search(r"axle_count=(\d) -> class 货(\d)", log["message"])
        if match and match.group(1) != "0":
            assert match.group(1) == match.group(2)
    assert "axle_count" not in toll.VEH_SYNC  # the sync's summary says nothing: the value is in the records
    deploy = when_logged(bundle, toll.FEE_DEPLOY)
    assert min(log["timestamp"] for log in wrong) < deploy  # charged 货6 before the 04:50 deploy: a decoy
    disputes = [log for log in logs_of(bundle, "cx-app") if log["message"].startswith("fee dispute")]
    assert disputes and all("货6" in log["message"] for log in disputes)
    assert _moment(alert_named(bundle, "TruckFeeDisputesHigh")["starts_at"]) - _moment(sync) > dt.timedelta(hours=5)


def test_the_fog_closed_baishi_while_baisha_stayed_open(bundle):
    control, amended = when_logged(bundle, toll.FOG_CONTROL), when_logged(bundle, toll.FOG_FIX)
    turned = [log for log in logs_of(bundle, "cx-lane") if "turned away" in log["message"]]
    assert turned and {log["instance"] for log in turned} == {"SS-3504"}
    assert control < min(log["timestamp"] for log in turned) and max(log["timestamp"] for log in turned) < amended
    baisha = [log for log in logs_of(bundle, "cx-lane") if log["instance"] == "SS-3405" and " pass " in log["message"]
              and control < log["timestamp"] < amended]
    assert baisha  # the foggy station kept letting cars in
    entries = series_points(bundle, "station_entries_per_15m", station="3504")
    assert all(value == 0 for ts, value in entries if _at("05:40") <= ts <= _at("06:52"))
    assert when_logged(bundle, toll.LANE_DEPLOY) < control  # the 05:30 lane deploy: a decoy
    assert {log["service"] for log in bundle["logs"] if log["message"] in (toll.FOG_CONTROL, toll.FOG_FIX)} == {"cx-roadnet"}
    assert "团雾" not in own_text(bundle, "cx-lane") and "roadnet_op_liwei" not in own_text(bundle, "cx-lane")


def test_the_bloom_filter_was_past_its_capacity_and_the_rechecks_miss(bundle):
    increment, built = when_logged(bundle, toll.SL_INC), when_logged(bundle, toll.BF_BUILT)
    rechecks = [log for log in logs_of(bundle, "cx-blacklist") if "bloom positive, list miss" in log["message"]]
    assert rechecks and built < min(log["timestamp"] for log in rechecks)
    assert max(log["timestamp"] for log in rechecks) < when_logged(bundle, toll.BF_REBUILT)
    entries = int(re.search(r"([\d,]+) entries, expected", toll.BF_BUILT).group(1).replace(",", ""))
    capacity = int(re.search(r"expected-insertions ([\d,]+)", toll.BF_BUILT).group(1).replace(",", ""))
    assert entries > capacity and increment < built
    assert "expected-insertions 5,000,000" in toll.BF_YESTERDAY and "0.09%" in toll.BF_YESTERDAY
    assert when_logged(bundle, toll.BF_SYNC) > built  # the sync interval changed nothing in the filter: a decoy
    assert when_logged(bundle, toll.BF_CAPACITY) < when_logged(bundle, toll.BF_REBUILT)
    lane = [log for log in logs_of(bundle, "cx-lane") if "疑似黑名单" in log["message"]]
    assert lane and min(log["timestamp"] for log in lane) > built and "BF-20270517" not in own_text(bundle, "cx-lane")


def test_the_night_gantry_records_were_lost_to_the_retention_under_the_paused_consumer(bundle):
    paused, retention = when_logged(bundle, toll.PATH_PAUSE), when_logged(bundle, toll.RETENTION)
    resumed = when_logged(bundle, toll.PATH_RESUME)
    resets = _stamps(bundle, "cx-path", "resetting offset to latest")
    assert len(resets) == 12 and paused < retention < resumed < min(resets)
    report = when_logged(bundle, toll.PATH_REPORT)
    assert _moment(report) - _moment(retention) > dt.timedelta(hours=4)
    assert when_logged(bundle, toll.PATH_DEPLOY) < resumed  # the 02:30 deploy: a decoy
    assert {log["service"] for log in bundle["logs"] if "retention.ms" in log["message"]} == {"cx-mq"}
    completeness = series_points(bundle, "path_completeness_percent")
    assert min(value for _, value in completeness) == 93.1 and completeness[-1][1] >= 99.5


def test_the_plate_mismatches_are_the_dot_of_the_new_firmware_at_jiangning(bundle):
    updates = _stamps(bundle, "cx-lane", "V3.2.7 -> V3.3.0")
    mismatches = [log for log in logs_of(bundle, "cx-lane") if "mismatch -> 转人工" in log["message"]]
    assert mismatches and {log["instance"] for log in mismatches} == {"SS-3201"}
    assert max(updates) < min(log["timestamp"] for log in mismatches)
    assert max(log["timestamp"] for log in mismatches) < when_logged(bundle, toll.PLATE_FIX)
    for log in mismatches:
        obu, cam = re.search(r"OBU plate (\S+) vs camera (\S+):", log["message"]).groups()
        assert cam.replace("·", "") == obu and "·" in cam
    assert when_logged(bundle, toll.LANE_CASH) < min(updates)  # the 09:20 cash config: a decoy
    # The vendor's OTA is nobody's change line here: it shows only in the cameras' own lines.
    assert not [log for log in logs_of(bundle, "cx-lane") if "V3.3.0" in log["message"] and log["attributes"].get("change")]


def test_the_lanes_have_separate_incidents_at_different_times_and_stations(bundle):
    fog = _stamps(bundle, "cx-lane", "turned away")
    cpc = [ts for ts in _stamps(bundle, "cx-lane", "计费信息不完整") if ts >= _at("07:20")]
    plate = _stamps(bundle, "cx-lane", "mismatch -> 转人工")
    assert max(fog) < min(cpc) and max(cpc) < min(plate)
    windows = [alert_named(bundle, name) for name in ("StationEntryStopped", "LaneExitSlow", "PlateMismatchHigh")]
    assert [a["labels"]["station"] for a in windows] == ["3504", "3406", "3201"]
    assert windows[0]["ends_at"] < windows[1]["starts_at"]


def test_paid_arrears_are_missed_because_effective_at_is_the_orders_creation_time(bundle):
    deploy = when_logged(bundle, toll.APP_DEPLOY)
    paid = [log for log in logs_of(bundle, "cx-app") if log["message"].startswith("arrears order")]
    assert paid and deploy < min(log["timestamp"] for log in paid)
    runs = [log for log in logs_of(bundle, "cx-blacklist") if log["message"].startswith("local removal increment")]
    assert runs
    for log in paid:
        paid_at = re.search(r" at (\d\d:\d\d:\d\d);", log["message"]).group(1)
        created = re.search(r"effective_at=(\S+)", log["message"]).group(1)
        assert created[11:19] < paid_at or created[:10] < log["timestamp"][:10]
        assert _moment(log["timestamp"]) - _moment(created) > dt.timedelta(minutes=15)  # older than the last window
    refused = [log for log in logs_of(bundle, "cx-lane") if "status list hit (欠费)" in log["message"]]
    assert refused and max(log["timestamp"] for log in refused) < when_logged(bundle, toll.RM_REPUBLISH)
    assert when_logged(bundle, toll.APP_FIX) < when_logged(bundle, toll.RM_REPUBLISH)
    plates = {re.search(r"plate (\S+) paid", log["message"]).group(1) for log in paid}
    assert {re.search(r"plate (\S+):", log["message"]).group(1) for log in refused} <= plates


def test_the_quantity_peaks_are_not_what_the_alerts_say(bundle):
    for name, metric, labels, alert_name, peak, clock in (
            ("toll_blacklist_recheck_quantity", "blacklist_online_recheck_per_min", {}, "BlacklistRecheckHigh",
             toll.RECHECK_PEAK, "08:03"),
            ("toll_gantry_upload_delay_quantity", "gantry_upload_delay_p95_seconds", {}, "GantryUploadDelayHigh",
             toll.UPLOAD_PEAK, "08:12"),
            ("toll_qingshi_exit_quantity", "lane_exit_handle_seconds", {"station": "3406"}, "LaneExitSlow", toll.EXIT_PEAK,
             "08:21")):
        points = series_points(bundle, metric, **labels)
        assert dict(points)[_at(f"{clock}:00+08:00")] == peak == max(value for _, value in points)
        alert = alert_named(bundle, alert_name)
        assert str(peak) not in alert["value"] and alert["starts_at"] < _at(f"{clock}:00+08:00")
        question = _question(name)
        assert question.peak is not None and question.peak.value == peak
        assert str(peak) not in str(alert["labels"]) and str(peak) not in alert["summary"]


def test_the_healthy_services_are_healthy_and_their_changes_are_decoys(bundle):
    for service in ("cx-invoice", "cx-notify"):
        assert not [a for a in bundle["alerts"] if a["service"] == service]
        assert {log["level"] for log in logs_of(bundle, service)} <= {"INFO", "WARN"}
        for word in toll.INCIDENT_WORDS:
            assert word not in own_text(bundle, service)
        pods = [p for p in bundle[K8S_SECTION]["pods"] if p["service"] == service]
        assert pods and all(p["restarts"] == 0 and p["ready"] == "1/1" for p in pods)
        for metric in ("http_5xx_ratio", "http_p99_latency"):
            [series] = [s for s in bundle["metrics"] if s["name"] == metric and s["service"] == service]
            assert max(v for _, v in series["points"]) < series["threshold"]
    changes = {log["message"] for log in bundle["logs"] if log["attributes"].get("change")}
    assert toll.INVOICE_DEPLOY in changes and toll.NOTIFY_CONFIG in changes


def test_the_listings_are_complete(bundle):
    firing = {a["name"] for a in bundle["alerts"] if a["state"] == "firing"}
    assert firing == set(toll.FIRING)
    fee_changes = [log["message"] for log in logs_of(bundle, "cx-fee") if log["attributes"].get("change")]
    assert fee_changes == [toll.FEE_DEPLOY, toll.FEE_CACHE, toll.FEE_POLICY]
    question = _question("toll_fee_changes_listing")
    for fact, line in zip(question.asked_facts, fee_changes, strict=True):
        assert any(spelling in line for spelling in fact.spellings)


def test_every_cause_is_before_its_symptom_and_most_are_hours_before_or_elsewhere(bundle):
    pairs = ((toll.DEBUG_ON, "LaneExitSlow"), (toll.BIOS_LINE, "GantryUploadDelayHigh"), (toll.CR_V2_SKIP, "ClearingReconMismatch"),
             (toll.VEH_SYNC, "TruckFeeDisputesHigh"), (toll.FOG_CONTROL, "StationEntryStopped"),
             (toll.SL_INC, "BlacklistRecheckHigh"), (toll.RETENTION, "PathCompletenessLow"),
             (toll.APP_DEPLOY, "ArrearsPaidStillBlocked"))
    for cause, alert_name in pairs:
        first = min(log["timestamp"] for log in bundle["logs"] if log["message"] == cause)
        alert = alert_named(bundle, alert_name)
        assert first < alert["starts_at"], alert_name
        cause_service = next(log["service"] for log in bundle["logs"] if log["message"] == cause)
        assert cause_service != alert["service"] or _moment(alert["starts_at"]) - _moment(first) > dt.timedelta(hours=1)


def test_nothing_happens_after_the_reference_time_and_pods_are_named_like_kubernetes_names_them(bundle):
    now = dt.datetime.fromisoformat(bundle["reference_time"])
    stamps = [log["timestamp"] for log in bundle["logs"]] + [e["last_seen"] for e in bundle[K8S_SECTION]["events"]]
    stamps += [ts for series in bundle["metrics"] for ts, _ in series["points"]]
    assert all(dt.datetime.fromisoformat(stamp) <= now for stamp in stamps)
    assert all(now - dt.datetime.fromisoformat(e["first_seen"]) <= dt.timedelta(hours=1) for e in bundle[K8S_SECTION]["events"])
    for pod in bundle[K8S_SECTION]["pods"]:
        assert service_from_pod_name(pod["name"]) == pod["service"], pod["name"]


def test_another_seed_changes_only_the_noise_not_the_story():
    other = toll.build_bundle(seed=toll.SEED + 1)
    assert {a["name"]: a["state"] for a in other["alerts"]} == {a["name"]: a["state"] for a in toll.build_bundle()["alerts"]}
    for message in (toll.DEBUG_ON, toll.BIOS_LINE, toll.CR_V1, toll.RETENTION, toll.FOG_CONTROL, toll.BF_BUILT):
        assert [log["message"] for log in other["logs"]].count(message) == 1
