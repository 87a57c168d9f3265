"""The airport world tells the story its docstring tells: each incident's symptoms stay inside its window and on the
instances it names, the causes sit on other services (or hosts) than the ones asked about and come before their
symptoms, the decoys come before the symptoms too, and the asked peaks are not what the alerts say. A world wrong about
itself would grade the agents against a fiction. Pure: no database."""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

import pytest

from contracts.k8s import service_from_pod_name
from evaluation.worlds import airport
from evaluation.worlds.loading import K8S_SECTION
from tests.evaluation.worlds.bundle_reading import alert_named, logs_of, own_text, series_points, when_logged


@pytest.fixture(scope="module")
def bundle() -> dict[str, Any]:
    return airport.build_bundle()


def _at(clock: str, day: str = "2027-01-22") -> str:
    return f"{day}T{clock}"


def _moment(stamp: str) -> dt.datetime:
    return dt.datetime.fromisoformat(stamp)


def test_only_the_pier_b_verifier_on_the_reimaged_node_refuses_boarding_and_it_reads_local_time_8_hours_early(bundle):
    refused = [log for log in logs_of(bundle, "yg-egate") if "BOARDING_NOT_OPEN" in log["message"]]
    assert refused and {log["instance"] for log in refused} == {airport.EGATE_BAD_POD}
    assert {re.search(r"gate ([A-C])\d\d ", log["message"]).group(1) for log in refused} == {"B"}
    node = {p["name"]: p["node"] for p in bundle[K8S_SECTION]["pods"]}
    assert node[airport.EGATE_BAD_POD] == airport.BAD_NODE
    assert {node[pod] for pod in airport.EGATE_PODS if pod != airport.EGATE_BAD_POD}.isdisjoint({airport.BAD_NODE})
    reimaged, fixed = when_logged(bundle, airport.REIMAGE), when_logged(bundle, airport.LOCALTIME_FIX)
    assert all(reimaged < log["timestamp"] < _at("09:01:10") for log in refused) and fixed < max(
        log["timestamp"] for log in refused)  # the running pod kept its wrong clock until its restart
    for log in refused:  # the verifier's local time is the wall clock less eight hours
        local = re.search(r"local time (\d\d:\d\d:\d\d)", log["message"]).group(1)
        assert local == f"{_moment(log['timestamp']) - dt.timedelta(hours=8):%H:%M:%S}"
    boarded = [log for log in logs_of(bundle, "yg-egate") if " boarded " in log["message"]
               and _at("05:46") < log["timestamp"] < _at("09:01")]
    assert boarded and airport.EGATE_BAD_POD not in {log["instance"] for log in boarded}
    [pod] = [p for p in bundle[K8S_SECTION]["pods"] if p["name"] == airport.EGATE_BAD_POD]
    assert pod["restarts"] == 1 and pod["last_termination"]["at"].startswith(_at("09:01"))
    for word in ("Etc/UTC", "os-patch-wave-3", "kickstart", "ks-k8s"):  # the e-gate never sees the node's re-image
        assert word not in own_text(bundle, "yg-egate")


def test_the_fids_has_two_incidents_a_time_phrase_tells_apart(bundle):
    fids = logs_of(bundle, "yg-fids")
    mismatched = [log["timestamp"] for log in fids if "ETD_TOBT_MISMATCH" in log["message"]]
    assert mismatched and when_logged(bundle, airport.PROFILE_PUBLISH) < min(mismatched)
    assert max(mismatched) < _at("10:14:01") and min(mismatched) > when_logged(bundle, airport.FIDS_DEPLOY)
    dark = [log["timestamp"] for log in fids if "heartbeat lost" in log["message"]]
    assert dark and _at("19:00") < min(dark) and max(dark) < _at("19:02")
    starts = sorted((a["starts_at"][11:16], a["state"]) for a in bundle["alerts"] if a["service"] == "yg-fids")
    assert starts == [("06:12", "resolved"), ("19:02", "firing")]
    # Both causes are elsewhere: the message gateway's parser profile, desktop IT's patch deadline.
    for word in ("MVT-PROFILE", "HHMM", "msg_admin_tangli", "KB5050021", "WSUS", "BitLocker", "deadline"):
        assert word not in own_text(bundle, "yg-fids")


def test_only_delays_of_an_hour_or_more_are_misread_and_only_while_the_new_profile_is_live(bundle):
    parsed = re.compile(r"MVT (\w+)/22 DL(\d\d)/(\d{4}) parsed \((MVT-PROFILE [\d.]+)\): delay (\d+) min")
    lines = [(log, parsed.search(log["message"])) for log in logs_of(bundle, "yg-typeb-gateway")
             if " DL" in log["message"] and " parsed (" in log["message"]]
    assert len(lines) == len(airport.DELAY_MVTS) and all(match for _, match in lines)
    published, rolled_back = when_logged(bundle, airport.PROFILE_PUBLISH), when_logged(bundle, airport.PROFILE_ROLLBACK)
    wrong = set()
    for log, match in lines:
        assert match is not None
        flight, _code, duration, profile, minutes = match.groups()
        hhmm = int(duration[:2]) * 60 + int(duration[2:])
        live = published < log["timestamp"] < rolled_back
        assert profile == ("MVT-PROFILE 2027.01" if live else "MVT-PROFILE 2026.11")
        assert int(minutes) == (int(duration) if live else hhmm)
        if int(minutes) != hhmm:
            wrong.add(flight)
            assert int(minutes) - hhmm == 40 * (hhmm // 60)  # every hour of delay becomes 100 minutes
    flagged = {re.search(r"flight (\w+) gate", log["message"]).group(1) for log in logs_of(bundle, "yg-fids")
               if "ETD_TOBT_MISMATCH" in log["message"]}
    assert wrong and flagged == wrong
    # The parse and the ETD it set share a trace: the FIDS shows what the AODB was told.
    typeb_traces = {log["trace_id"] for log, _ in lines}
    assert {log["trace_id"] for log in logs_of(bundle, "yg-aodb") if "source MVT" in log["message"]} == typeb_traces


def test_the_no_reads_follow_the_scan_rate_change_on_sl2_and_the_encode_peak_is_not_what_the_alert_says(bundle):
    changed, restored = when_logged(bundle, airport.ATR_CHANGE), when_logged(bundle, airport.ATR_RESTORE)
    # A damaged tag is a no-read on any day; a tag with no face decoded is the scan rate.
    no_reads = [log for log in logs_of(bundle, "yg-bhs-sorter") if "(0 of 4 faces decoded)" in log["message"]]
    assert no_reads and all(changed < log["timestamp"] < restored for log in no_reads)
    damaged = [log for log in logs_of(bundle, "yg-bhs-sorter") if "NO_READ (damaged tag)" in log["message"]]
    assert damaged and [log for log in damaged if log["timestamp"] < changed]
    assert [log for log in bundle["logs"] if log["message"] == airport.ATR_CHANGE][0]["instance"] == "plc-sl2"
    points = series_points(bundle, "bhs_manual_encode_queue_bags", station="MES-2")
    assert dict(points)[_at("09:47:00+08:00")] == airport.ENCODE_PEAK == max(v for _, v in points)
    alert = alert_named(bundle, "BhsManualEncodeQueueHigh")
    assert alert["value"] == airport.ENCODE_ALERT_VALUE != f"{airport.ENCODE_PEAK} 件"
    assert alert["starts_at"] < _at("09:47:00+08:00") < alert["ends_at"]
    sl1 = series_points(bundle, "bhs_noread_ratio", line="SL-1")
    assert max(v for _, v in sl1) < 3  # the other lines read normally
    assert changed > when_logged(bundle, airport.SORTER_DEPLOY)
    for word in ("ATR-SL2", "scans/s", "scan rate", "bhs_vendor_zhoukai", "BHS-20270122-03"):
        assert word not in own_text(bundle, "yg-bhs-sorter")


def test_the_a339_is_refused_only_at_code_c_stands_between_the_basic_data_import_and_its_fix(bundle):
    imported, fixed = when_logged(bundle, airport.BASEDATA), when_logged(bundle, airport.BASEDATA_FIX)
    refused = [log for log in logs_of(bundle, "yg-rms") if "not in stand permitted list" in log["message"]]
    assert len(refused) == len(airport.A339_FLIGHTS) and all(imported < log["timestamp"] < fixed for log in refused)
    stands = {int(re.search(r"stand (\d+)", log["message"]).group(1)) for log in refused}
    assert stands <= set(range(105, 111))
    plans = [log for log in logs_of(bundle, "yg-rms") if "(code C)" in log["message"]]
    assert plans and all(imported < log["timestamp"] < min(r["timestamp"] for r in refused) for log in plans)
    assert "code C" in airport.BASEDATA and "64.0 m" in airport.BASEDATA  # a code E wingspan filed as code C
    for word in ("basedata_ops_luyao", "aerodrome reference code", "ACTYPE-20270122"):
        assert word not in own_text(bundle, "yg-rms")


def test_the_check_in_load_is_hh_s_batch_and_shows_in_the_request_rate_by_channel(bundle):
    total = series_points(bundle, "dcs_gateway_requests_per_second")
    assert dict(total)[_at("14:21:00+08:00")] == airport.QPS_PEAK == max(v for _, v in total)
    assert dict(total)[_at("13:50:00+08:00")] * 5 < airport.QPS_PEAK
    hh = series_points(bundle, "dcs_gateway_requests_per_second_by_channel", channel="HH-OPS")
    busy = [ts for ts, v in hh if v > 0]
    assert busy and _at("14:03") <= min(busy) and max(busy) < _at("14:50")
    assert dict(hh)[_at("14:21:00+08:00")] > 0.9 * airport.QPS_PEAK
    started, stopped = when_logged(bundle, airport.BATCH_START), when_logged(bundle, airport.BATCH_STOP)
    timeouts = [log for log in logs_of(bundle, "yg-dcs-gateway") if "NO_FREE_HOST_SESSION" in log["message"]]
    assert timeouts and started < min(log["timestamp"] for log in timeouts) and max(
        log["timestamp"] for log in timeouts) < _at("14:51")
    assert {log["message"].split()[0] for log in timeouts} == {"COUNTER", "KIOSK", "WEB"}  # every channel but HH's
    assert not [log for log in bundle["logs"] if log["message"] in (airport.BATCH_START, airport.BATCH_STOP)
                and log["attributes"].get("change")]
    assert stopped > started


def test_the_tugs_are_late_only_while_the_mq_channels_retry_after_atc_s_restore(bundle):
    notice = when_logged(bundle, airport.ATC_NOTICE)
    errors = [log["timestamp"] for log in logs_of(bundle, "yg-mq") if "AMQ9526E" in log["message"]]
    reset = when_logged(bundle, airport.MQ_RESET)
    assert len(errors) == 2 and notice < min(errors) and max(errors) < reset
    missing = [log["timestamp"] for log in logs_of(bundle, "yg-gse-dispatch") if "TSAT missing" in log["message"]]
    late = [log["timestamp"] for log in logs_of(bundle, "yg-gse-dispatch") if "arrived" in log["message"]
            and "after aircraft ready" in log["message"]]
    assert missing and late and min(errors) < min(missing) and max(missing) < reset
    assert all(_at("17:00") < stamp < _at("18:40") for stamp in late)
    stale = [log["timestamp"] for log in logs_of(bundle, "yg-acdm") if "stale TSAT" in log["message"]]
    assert stale and min(errors) < min(stale) and max(stale) < reset
    received = [log["timestamp"] for log in logs_of(bundle, "yg-acdm") if "received from ATC" in log["message"]]
    assert not [stamp for stamp in received if _at("16:52:10") < stamp < reset]
    for word in ("AMQ9526E", "QM.ATC.ZGYG", "RETRYING", "sequence number"):  # the dispatch sees only a missing TSAT
        assert word not in own_text(bundle, "yg-gse-dispatch")
    assert when_logged(bundle, airport.GSE_DEPLOY) < min(errors)


def test_the_queue_estimate_doubles_while_the_lanes_keep_their_throughput(bundle):
    points = series_points(bundle, "security_queue_wait_minutes", checkpoint="T2-S1")
    assert dict(points)[_at("18:06:00+08:00")] == airport.WAIT_PEAK == max(v for _, v in points)
    assert alert_named(bundle, "SecurityQueueWaitHigh")["value"] == airport.WAIT_ALERT_VALUE != f"{airport.WAIT_PEAK} 分钟"
    changed, fixed = when_logged(bundle, airport.CAMERA_CHANGE), when_logged(bundle, airport.CAMERA_FIX)
    high = [ts for ts, v in points if v >= 30]
    assert high and changed < min(high) and max(high) < fixed
    throughput = [v for ts, v in series_points(bundle, "security_lane_throughput_pax_per_hour", checkpoint="T2-S1")
                  if _at("17:00") <= ts <= _at("19:10")]
    assert throughput and 580 < min(throughput) and max(throughput) < 720
    inflow = re.compile(r"CAM-SC-T2-0(\d) (\d+)/min")
    for log in logs_of(bundle, "yg-queue-sensor"):
        if "camera inflow" in log["message"]:
            counts = {cam: int(n) for cam, n in inflow.findall(log["message"])}
            assert counts["3"] > 2.5 * max(counts[c] for c in "124")  # one camera counts the leavers in again


def test_the_pier_c_players_restart_at_the_wsus_deadline_and_three_stay_dark(bundle):
    approved = when_logged(bundle, airport.WSUS_APPROVAL)
    restarts = [log for log in logs_of(bundle, "yg-fids-player") if "EventID 1074" in log["message"]]
    assert {log["instance"] for log in restarts} == set(airport.PLAYERS_C)
    assert all(approved < _at("19:00") <= log["timestamp"] < _at("19:01") for log in restarts)
    failed = {log["instance"] for log in logs_of(bundle, "yg-fids-player") if "0x800f0922" in log["message"]}
    locked = {log["instance"] for log in logs_of(bundle, "yg-fids-player") if "BitLocker" in log["message"]}
    assert failed == set(airport.FAILED_PLAYERS) and locked == set(airport.STUCK_PLAYERS) <= failed
    back = {re.search(r"display client (DP-C\d\d) back online", log["message"]).group(1)
            for log in logs_of(bundle, "yg-fids") if "back online" in log["message"]}
    assert back == set(airport.PLAYERS_C) - set(airport.STUCK_PLAYERS)
    # The stuck players say nothing after they lock; the FIDS still counts them offline at 21:40.
    assert not [log for log in logs_of(bundle, "yg-fids-player") if log["instance"] in airport.STUCK_PLAYERS
                and log["timestamp"] > _at("19:48")]
    assert series_points(bundle, "fids_display_clients_offline", pier="C")[-1][1] == 3
    assert alert_named(bundle, "FidsDisplayClientsOffline")["state"] == "firing"
    assert when_logged(bundle, airport.FIDS_LAYOUT_CONFIG) < _at("19:00")


def test_the_app_s_follows_fail_from_last_night_only_against_the_old_primary(bundle):
    switched, repointed = when_logged(bundle, airport.SWITCHOVER), when_logged(bundle, airport.APP_DATASOURCE)
    failed = [log for log in logs_of(bundle, "yg-pax-app") if "read-only transaction" in log["message"]]
    assert failed and all(switched < log["timestamp"] < repointed for log in failed)
    assert switched.startswith("2027-01-21T22:40")
    assert [log for log in failed if log["timestamp"] < _at("00:00")]  # 昨晚 already
    assert all("pg-aodb-01:5432" in log["message"] for log in failed)
    assert {log["instance"] for log in failed} <= set(airport.ROLLOUTS["yg-pax-app"][1][1])
    follows = [log for log in logs_of(bundle, "yg-pax-app") if "/flights/follow" in log["message"] and " 200" in log["message"]]
    assert follows and not [log for log in follows if switched < log["timestamp"] < repointed]
    assert any("pg-aodb-vip" in log["message"] for log in logs_of(bundle, "yg-aodb"))  # the AODB follows the VIP
    assert "pg-aodb-01" not in own_text(bundle, "yg-aodb")
    for word in ("patroni", "CHG-20270121-14", "switchover", "dba_qinlan"):
        assert word not in own_text(bundle, "yg-pax-app")


def test_announcements_are_chime_only_from_the_first_boarding_call_until_the_license_is_renewed(bundle):
    chimes = [log["timestamp"] for log in logs_of(bundle, "yg-pa-broadcast") if "chime only" in log["message"]]
    renewed = when_logged(bundle, airport.TTS_RENEWED)
    assert chimes and _at("05:50") < min(chimes) and max(chimes) < renewed
    expired = [log["timestamp"] for log in logs_of(bundle, "yg-pa-broadcast") if log["message"] == airport.TTS_EXPIRED]
    assert expired and all(_at("00:00") <= stamp < _at("00:01") for stamp in expired)
    played = [log["timestamp"] for log in logs_of(bundle, "yg-pa-broadcast") if "played zh-CN" in log["message"]]
    assert not [stamp for stamp in played if _at("00:00") < stamp < renewed]
    assert when_logged(bundle, airport.PA_CONFIG) < min(chimes)
    alert = alert_named(bundle, "PaAutoAnnouncementFailures")
    assert alert["state"] == "resolved" and alert["starts_at"] < renewed


def test_the_triggers_are_not_deploys_and_every_decoy_comes_shortly_before_its_symptoms(bundle):
    changes = {(log["service"], log["message"]): log["attributes"]["change"] for log in bundle["logs"]
               if log["attributes"].get("change")}
    assert changes[("yg-typeb-gateway", airport.PROFILE_PUBLISH)] == "profile"
    assert changes[("yg-bhs-plc", airport.ATR_CHANGE)] == "parameter"
    assert changes[("yg-aodb", airport.BASEDATA)] == "basedata"
    assert changes[("yg-k8s-node", airport.REIMAGE)] == "os"
    assert changes[("yg-queue-sensor", airport.CAMERA_CHANGE)] == "camera"
    assert changes[("yg-desktop-it", airport.WSUS_APPROVAL)] == "patch"
    assert changes[("yg-aodb-db", airport.SWITCHOVER)] == "database"
    # An airline's batch and a partner's restore are no change of ours.
    for message in (airport.BATCH_START, airport.ATC_NOTICE, airport.TTS_EXPIRED):
        assert not [log for log in bundle["logs"] if log["message"] == message and log["attributes"].get("change")]
    for service, message, symptom in (
            ("yg-fids", airport.FIDS_DEPLOY, "ETD_TOBT_MISMATCH"), ("yg-bhs-sorter", airport.SORTER_DEPLOY, "faces decoded"),
            ("yg-rms", airport.RMS_CONFIG, "DOCKING_REFUSED"), ("yg-dcs-gateway", airport.DCS_CONFIG, "NO_FREE_HOST_SESSION"),
            ("yg-egate", airport.EGATE_DEPLOY, "BOARDING_NOT_OPEN"), ("yg-gse-dispatch", airport.GSE_DEPLOY, "TSAT missing"),
            ("yg-queue-sensor", airport.QUEUE_CONFIG, "lanes open 8"), ("yg-fids", airport.FIDS_LAYOUT_CONFIG, "heartbeat lost"),
            ("yg-pax-app", airport.APP_DEPLOY, "read-only transaction"), ("yg-pa-broadcast", airport.PA_CONFIG, "chime only")):
        first = min(log["timestamp"] for log in logs_of(bundle, service) if symptom in log["message"])
        assert changes[(service, message)] in ("deploy", "config"), message
        assert dt.timedelta(0) < _moment(first) - _moment(when_logged(bundle, message)) < dt.timedelta(hours=1, minutes=30), message


def test_the_healthy_lost_property_pod_on_the_reimaged_node_arrived_after_the_fix(bundle):
    node = {p["name"]: p["node"] for p in bundle[K8S_SECTION]["pods"]}
    on_bad = {name for name, n in node.items() if n == airport.BAD_NODE}
    assert on_bad == set(airport.ON_BAD_NODE)
    started = [log["timestamp"] for log in logs_of(bundle, "yg-lost-found")
               if log["instance"] == airport.LOSTFOUND_POD_ON_NODE and "listening" in log["message"]]
    assert started and min(started) > when_logged(bundle, airport.LOCALTIME_FIX)
    assert not [log for log in logs_of(bundle, "yg-lost-found") if log["level"] in ("ERROR", "FATAL")]


def test_the_airport_pods_are_named_like_kubernetes_names_them(bundle):
    for pod in bundle[K8S_SECTION]["pods"]:
        if pod["phase"] == "Succeeded":  # the CronJob's pods: <cronjob>-<scheduled minute>-<5 characters>
            assert re.fullmatch(r"yg-acdm-kpi-hourly-\d{8}-[bcdfghjklmnpqrstvwxz2456789]{5}", pod["name"]), pod["name"]
        else:
            assert service_from_pod_name(pod["name"]) == pod["service"], pod["name"]
    restarted = [p["name"] for p in bundle[K8S_SECTION]["pods"] if p["restarts"]]
    assert restarted == [airport.EGATE_BAD_POD]


def test_nothing_in_the_airport_world_happens_after_its_reference_time_and_events_are_the_last_hour(bundle):
    now = dt.datetime.fromisoformat(bundle["reference_time"])
    stamps = [log["timestamp"] for log in bundle["logs"]] + [e["last_seen"] for e in bundle[K8S_SECTION]["events"]]
    stamps += [ts for series in bundle["metrics"] for ts, _ in series["points"]]
    assert all(dt.datetime.fromisoformat(stamp) <= now for stamp in stamps)
    assert min(stamps) >= "2027-01-21T20:00"  # the evening before is in the data: 昨晚 can be asked
    events = bundle[K8S_SECTION]["events"]
    assert events and all(now - dt.datetime.fromisoformat(e["first_seen"]) <= dt.timedelta(hours=1) for e in events)
    assert {a["name"] for a in bundle["alerts"] if a["state"] == "firing"} == set(airport.FIRING)
