"""The vehicle world tells the story its docstring tells: each incident's symptoms stay inside its window and on the
vehicles, pods and nodes it names, the causes come before the symptoms (some hours before, some on another service than the
one asked about, several on nobody's deploy at all), the decoys are changes that caused nothing, the node-level fault
touches only the pods scheduled on that node, the asked peaks and total are not what the alerts say, the change listing is
all there is to list, and the healthy services are healthy. A world wrong about itself would grade the agents against a
fiction. Pure: no database."""

from __future__ import annotations

import datetime as dt
import itertools
import re
from statistics import mean
from typing import Any

import pytest

from contracts.k8s import service_from_pod_name
from evaluation.worlds import vehicle
from evaluation.worlds.loading import K8S_SECTION
from tests.evaluation.worlds.bundle_reading import alert_named, logs_of, own_text, series_points, when_logged

RC, GW, DK, DL = "cy-remote-control", "cy-tbox-gateway", "cy-digital-key", "cy-datalake-ingest"


@pytest.fixture(scope="module")
def bundle() -> dict[str, Any]:
    return vehicle.build_bundle()


def _at(clock: str) -> str:
    return f"2026-12-21T{clock}"


def _when(stamp: str) -> dt.datetime:
    return dt.datetime.fromisoformat(stamp)


def _stamps(bundle: dict[str, Any], service: str, needle: str) -> list[str]:
    return [log["timestamp"] for log in logs_of(bundle, service) if needle in log["message"]]


def _log(bundle: dict[str, Any], message: str) -> dict[str, Any]:
    [log] = [log for log in bundle["logs"] if log["message"] == message]
    return log


def test_only_the_s5_my2023_cards_lose_their_wake_up_sms_from_the_package_change_to_its_revert(bundle):
    notified, reverted = when_logged(bundle, vehicle.CMP_NOTIFY), when_logged(bundle, vehicle.CMP_REVERT)
    rejects = [log for log in logs_of(bundle, RC) if "未开通短信功能" in log["message"]]
    assert len(rejects) == vehicle.SMS_REJECTED_TOTAL
    assert all("(S5 MY2023, ICCID 8986042319" in log["message"] and log["level"] == "WARN" for log in rejects)
    stamps = [log["timestamp"] for log in rejects]
    assert notified < min(stamps) and max(stamps) < reverted
    failures = [log for log in logs_of(bundle, RC) if "VEHICLE_WAKEUP_TIMEOUT" in log["message"]]
    assert {log["trace_id"] for log in failures} == {log["trace_id"] for log in rejects} and len(failures) == len(rejects)
    assert all(log["level"] == "ERROR" and "(S5 MY2023)" in log["message"] for log in failures)
    # The trigger is hours before the morning's symptoms: a few failures overnight, the storm with the preheats.
    morning = [ts for ts in stamps if ts >= _at("06:00")]
    assert 0 < len(stamps) - len(morning) < 60
    assert _when(min(morning)) - _when(notified) > dt.timedelta(hours=7)
    assert alert_named(bundle, "RemoteWakeupFailuresHigh")["starts_at"] > min(morning)[:19]
    # Awake S5 MY2023, the other model years and models are woken or reached throughout; the S5 MY2023 again after the revert.
    woken = [log for log in logs_of(bundle, RC) if "wake-up SMS ok" in log["message"]]
    during = [log for log in woken if notified < log["timestamp"] < reverted]
    assert during and not [log for log in during if "(S5 MY2023)" in log["message"]]
    assert [log for log in woken if log["timestamp"] > reverted and "(S5 MY2023)" in log["message"]]
    assert [log for log in logs_of(bundle, RC) if "(S5 MY2023)" in log["message"] and "T-Box online, executed" in log["message"]
            and notified < log["timestamp"] < reverted]
    # The carrier's notices are nobody's change line; the preheat config is one, and came after the first failures.
    for message in (vehicle.CMP_NOTIFY, vehicle.CMP_REVERT):
        assert "change" not in _log(bundle, message)["attributes"]
    assert min(stamps) < when_logged(bundle, vehicle.PREHEAT_CONFIG) < min(morning)


def test_the_asked_wake_up_total_is_the_counter_s_last_value_whatever_the_noise(bundle):
    rejected = sorted(_when(log["timestamp"]) for log in logs_of(bundle, RC) if "未开通短信功能" in log["message"])
    points = series_points(bundle, "remote_wakeup_sms_rejected_total")
    values = [value for _, value in points]
    assert values[0] == 0 and values == sorted(values) and values[-1] == max(values) == vehicle.SMS_REJECTED_TOTAL
    for stamp, value in points:  # each point counts the rejections logged before it
        assert value == sum(1 for moment in rejected if moment < _when(stamp)), stamp
    other = vehicle.build_bundle(seed=vehicle.SEED + 1)
    assert series_points(other, "remote_wakeup_sms_rejected_total")[-1][1] == vehicle.SMS_REJECTED_TOTAL
    assert len([log for log in logs_of(other, RC) if "未开通短信功能" in log["message"]]) == vehicle.SMS_REJECTED_TOTAL
    assert str(vehicle.SMS_REJECTED_TOTAL) not in alert_named(bundle, "RemoteWakeupFailuresHigh")["value"]


def test_phone_keys_fail_as_replays_only_between_the_cutover_without_counters_and_the_resync(bundle):
    cutover, resync = when_logged(bundle, vehicle.DK_CUTOVER), when_logged(bundle, vehicle.DK_RESYNC)
    assert "dk_counter" not in vehicle.DK_CUTOVER.split("incremental objects")[1]
    assert "full snapshot 2026-12-20 04:00:12" in vehicle.DK_CUTOVER and "dk_counter" in vehicle.DK_RESYNC
    rejects = [log for log in logs_of(bundle, DK) if "ANTI_REPLAY" in log["message"]]
    stamps = [log["timestamp"] for log in rejects]
    assert rejects and cutover < min(stamps) and max(stamps) < resync
    for log in rejects:
        session, seen = (int(x) for x in re.search(r"session counter (\d+), vehicle counter (\d+)", log["message"]).groups())
        assert session <= seen
    # Overnight few owners open their cars; the failures come with the morning rush, hours after the cutover.
    burst = [ts for ts in stamps if ts >= _at("06:40")]
    assert len(burst) > 20 * (len(stamps) - len(burst)) and _when(min(burst)) - _when(cutover) > dt.timedelta(hours=6)
    # Keys not used on Sunday open their cars all along.
    assert [ts for ts in _stamps(bundle, DK, "BLE unlock ok") if cutover < ts < resync]
    # The cutover and the resync are change lines; the session-ttl config too, but it came after the first failures.
    kinds = {log["message"]: log["attributes"].get("change") for log in logs_of(bundle, DK) if log["attributes"].get("change")}
    assert kinds == {vehicle.DK_CUTOVER: "migration", vehicle.DK_TTL: "config", vehicle.DK_RESYNC: "data"}
    assert min(stamps) < when_logged(bundle, vehicle.DK_TTL) < min(burst)


def test_the_retained_config_reaches_exactly_the_ex7_cars_connecting_while_it_is_retained(bundle):
    published, cleared = when_logged(bundle, vehicle.RETAIN_PUBLISH), when_logged(bundle, vehicle.RETAIN_CLEAR)
    acks = [log for log in logs_of(bundle, GW) if log["message"].startswith("cfg ack VIN")]
    assert acks and published < min(log["timestamp"] for log in acks) and max(log["timestamp"] for log in acks) < cleared
    assert all("(EX7 MY2025)" in log["message"] and "interval_s=1" in log["message"] for log in acks)
    connects = [log for log in logs_of(bundle, GW) if " connected from " in log["message"]]
    ex7 = [log for log in connects if "(EX7 MY2025) connected" in log["message"] and published < log["timestamp"] < _at("11:38:20")]
    assert {log["trace_id"] for log in ex7} == {log["trace_id"] for log in acks}
    by_trace = {log["trace_id"]: log for log in ex7}
    assert all(ack["message"].split()[3] == by_trace[ack["trace_id"]]["message"].split()[1] for ack in acks)  # same VIN
    # The lag builds only after the publish and drains after the clear; the data lake's own lines never name the cause.
    lag = series_points(bundle, "datalake_kafka_consumer_lag")
    above = [ts for ts, value in lag if value > 5_000_000]
    assert published < min(above) and max(above) < _at("13:10")
    rate = dict(series_points(bundle, "mqtt_messages_received_per_sec"))
    assert rate[_at("11:38:00+08:00")] > 2.5 * rate[_at("08:10:00+08:00")]
    for word in ("retain", "cfg/group", "test_zhaokai", "TESTFLEET", "interval_s"):
        assert word not in own_text(bundle, DL)
    # The publish is nobody's declared change; the clear is. The commit-interval config half an hour before is a decoy,
    # and the HDFS capacity alert fired two days before.
    assert "change" not in _log(bundle, vehicle.RETAIN_PUBLISH)["attributes"]
    assert _log(bundle, vehicle.RETAIN_CLEAR)["attributes"]["change"] == "ops"
    assert when_logged(bundle, vehicle.DL_COMMIT) < published
    assert alert_named(bundle, "HdfsCapacityUsageHigh")["starts_at"] < vehicle.START.isoformat()


def test_only_the_gateway_pods_on_the_replacement_node_lose_their_new_connections(bundle):
    joined, fixed = when_logged(bundle, vehicle.NODE_JOIN), when_logged(bundle, vehicle.NODE_FIX)
    paws = [log for log in logs_of(bundle, "cy-k8s-node") if "PAWSPassive" in log["message"]]
    assert paws and {log["instance"] for log in paws} == {vehicle.BAD_NODE}
    assert joined < min(log["timestamp"] for log in paws) and max(log["timestamp"] for log in paws) < fixed
    recycle = [log for log in logs_of(bundle, "cy-k8s-node") if log["message"].endswith("net.ipv4.tcp_tw_recycle = 1")]
    assert [log["instance"] for log in recycle] == [vehicle.BAD_NODE] and joined < recycle[0]["timestamp"]
    # The pods scheduled on that node are the two gateway pods rescheduled from the failed node, and only they.
    pods = bundle[K8S_SECTION]["pods"]
    on_bad = [p for p in pods if p["node"] == vehicle.BAD_NODE]
    assert {p["name"] for p in on_bad} == set(vehicle.GW_NEW)
    assert all(p["service"] == GW and p["phase"] == "Running" and p["restarts"] == 0 for p in on_bad)
    assert vehicle.FAILED_NODE not in {p["node"] for p in pods}
    boots = [log for log in logs_of(bundle, GW) if log["message"] == vehicle.GW_BOOT]
    assert {log["instance"] for log in boots} == set(vehicle.GW_NEW)

    def accepted(pods: tuple[str, ...], start: str, end: str) -> float:
        return mean(int(re.search(r"accepted (\d+)", log["message"]).group(1)) for log in logs_of(bundle, GW)
                    if log["instance"] in pods and start <= log["timestamp"] < end and log["message"].startswith("conn stats"))

    assert accepted(vehicle.GW_NEW, _at("10:00"), _at("13:15")) < 0.25 * accepted(vehicle.GW_PODS[0:6], _at("10:00"), _at("13:15"))
    assert 0.7 < accepted(vehicle.GW_NEW, _at("13:30"), _at("21:30")) / accepted(vehicle.GW_PODS[0:6], _at("13:30"), _at("21:30")) < 1.3
    # Vehicles need several attempts only while the sysctl is on.
    attempts = [(log["timestamp"], int(re.search(r"attempts=(\d+)", log["message"]).group(1)))
                for log in logs_of(bundle, GW) if " connected from " in log["message"]]
    assert max(k for ts, k in attempts if not _at("09:42:10") <= ts < _at("13:18:20")) <= 2
    assert max(k for ts, k in attempts if _at("09:42:10") <= ts < _at("13:18:20")) >= 4
    # Nothing the gateway writes names the node, its image or its kernel.
    for word in (vehicle.BAD_NODE, "node-12", "tcp_tw_recycle", "PAWS", "img-centos7", "time stamp"):
        assert word not in own_text(bundle, GW)
    alert = alert_named(bundle, "TboxReconnectAttemptsHigh")
    assert joined[:19] < alert["starts_at"] and fixed[:19] < alert["ends_at"]


def test_the_delta_fails_on_exactly_the_3_2_1_vehicles_until_the_campaign_is_paused(bundle):
    started, paused = when_logged(bundle, vehicle.OTA_START), when_logged(bundle, vehicle.OTA_PAUSE)
    fails = [log for log in logs_of(bundle, "cy-ota") if "DELTA_BASE_MISMATCH" in log["message"]]
    assert fails and started < min(log["timestamp"] for log in fails) and max(log["timestamp"] for log in fails) < paused
    assert all("package base 3.2.0, vehicle 3.2.1" in log["message"] for log in fails)
    oks = [log for log in logs_of(bundle, "cy-ota") if "delta from 3.2.0" in log["message"] and started < log["timestamp"] < paused]
    assert 0.3 < len(fails) / (len(fails) + len(oks)) < 0.5  # 41% of the fleet was on the hotfix
    # The precheck said so before the start; after the resume each base has its delta and nothing fails.
    assert when_logged(bundle, vehicle.OTA_PRECHECK) < started and "3.2.1 88071 (41.0%)" in vehicle.OTA_PRECHECK
    resumed = when_logged(bundle, vehicle.OTA_RESUME)
    assert [log for log in logs_of(bundle, "cy-ota") if "delta from 3.2.1" in log["message"] and log["timestamp"] > resumed]
    assert when_logged(bundle, vehicle.OTA_NEW_DELTA) < resumed
    # The campaign start is an operator's action, not a deploy; the 5.6.0 deploy came two hours before: a decoy.
    assert _log(bundle, vehicle.OTA_START)["attributes"]["change"] == "campaign"
    assert when_logged(bundle, vehicle.OTA_DEPLOY) < started


def test_every_false_success_shares_its_request_id_with_another_vehicle_s_earlier_command(bundle):
    released, fixed = when_logged(bundle, vehicle.APP_STAGED), when_logged(bundle, vehicle.RC_DEPLOY_4121)
    lines = logs_of(bundle, RC)
    replays = [log for log in lines if "idempotent replay of cmd" in log["message"]]
    assert replays and released < min(log["timestamp"] for log in replays) and max(log["timestamp"] for log in replays) < fixed
    by_cmd = {log["message"].split()[1]: log for log in lines if log["message"].startswith("cmd ")}
    originals = []
    for replay in replays:
        rid, prev = re.search(r"requestId=(\d{18}) app=6\.8\.0: idempotent replay of cmd (RC\d+)", replay["message"]).groups()
        first = by_cmd[prev]
        originals.append(first)
        assert f"requestId={rid} app=6.8.0" in first["message"] and first["timestamp"] < replay["timestamp"]
        assert re.search(r"VIN (\S+)", first["message"]).group(1) != re.search(r"VIN (\S+)", replay["message"]).group(1)
        assert rid.startswith(_when(first["timestamp"]).strftime("%Y%m%d%H%M%S"))
        assert replay["level"] == "INFO"  # the server thinks all is well
    # As many replays in each minute as the series counts.
    series = dict(series_points(bundle, "remote_idempotent_replays_per_min"))
    for minute in vehicle.replay_minutes():
        stamp = minute.isoformat()
        assert series[stamp] == sum(1 for log in originals if log["timestamp"][:16] == stamp[:16]), stamp
    # 6.7.x sends 32 hex digits: no replay before the App's release, none after the fix.
    assert not [log for log in lines if "idempotent replay" in log["message"] and not released < log["timestamp"] < fixed]
    # The 4.12.0 deploy came forty minutes before the App's release: a decoy.
    assert when_logged(bundle, vehicle.RC_DEPLOY_4120) < released


def test_the_remote_control_has_two_incidents_with_different_causes_at_different_times(bundle):
    failures = _stamps(bundle, RC, "VEHICLE_WAKEUP_TIMEOUT")
    replays = _stamps(bundle, RC, "idempotent replay")
    assert max(failures) < _at("10:11") and _at("17:30") < min(replays)
    # The evening's false successes are no failures: the failure ratio stays under its threshold then.
    ratio = series_points(bundle, "remote_command_failure_ratio")
    assert max(value for ts, value in ratio if ts >= _at("12:00")) < 5 < max(value for ts, value in ratio)
    assert not [log for log in logs_of(bundle, RC) if log["level"] == "ERROR" and log["timestamp"] > _at("10:11")]


def test_ex7_soc_is_null_only_between_the_dbc_release_and_the_signal_map_fix(bundle):
    released, fixed = when_logged(bundle, vehicle.DBC_RELEASE), when_logged(bundle, vehicle.SOC_MAP_FIX)
    missing = _stamps(bundle, "cy-vehicle-shadow", "soc <- BMS_SOC not in decoded frames")
    assert missing and released < min(missing) and max(missing) < fixed
    reloads = [log for log in logs_of(bundle, GW) if log["message"] == vehicle.DBC_RELOAD]
    assert {log["instance"] for log in reloads} == set(vehicle.pods_at(GW, _when(released)))
    fallbacks = [log for log in logs_of(bundle, "cy-nav") if "vehicle soc unknown" in log["message"]]
    assert fallbacks and all("(EX7)" in log["message"] for log in fallbacks)
    assert released < min(log["timestamp"] for log in fallbacks) and max(log["timestamp"] for log in fallbacks) < fixed
    plans = [log for log in logs_of(bundle, "cy-nav") if log["message"].startswith("EV route plan") and ": soc " in log["message"]]
    inside = [log for log in plans if released < log["timestamp"] < fixed]
    assert inside and not [log for log in inside if "(EX7)" in log["message"]]
    assert [log for log in plans if "(EX7)" in log["message"] and log["timestamp"] > fixed]
    # The soc went missing before the shadow's own 5.2.0 deploy: that deploy is another story.
    assert min(missing) < when_logged(bundle, vehicle.SHADOW_DEPLOY)
    for word in ("BMS_SOC", "BMS_PackSOC_Disp", "DBC", "SDB-"):
        assert word not in own_text(bundle, "cy-nav")
    assert when_logged(bundle, vehicle.NAV_DEPLOY) < released
    null = dict(series_points(bundle, "shadow_soc_null_ratio"))
    assert null[_at("17:00:00+08:00")] > 99 > 1 > null[_at("15:00:00+08:00")]


def test_rescue_trucks_miss_only_the_cars_whose_buffered_garage_frames_overwrote_their_state(bundle):
    deployed, rolled_back = when_logged(bundle, vehicle.SHADOW_DEPLOY), when_logged(bundle, vehicle.SHADOW_ROLLBACK)
    rescue = logs_of(bundle, "cy-rescue")
    dispatches = {log["message"].split()[1]: log for log in rescue if "dispatched partner" in log["message"]}
    misses = [log for log in rescue if "vehicle not at dispatched location" in log["message"]]
    found = {log["message"].split()[1] for log in rescue if "vehicle found" in log["message"]}
    assert misses and found
    applied: dict[str, list[str]] = {}
    for log in logs_of(bundle, "cy-vehicle-shadow"):
        if "applied, state location_time now" in log["message"]:
            applied.setdefault(log["message"].split()[1], []).append(log["timestamp"])
            assert deployed < log["timestamp"] < rolled_back
        if "kept newer values" in log["message"]:
            assert not deployed < log["timestamp"] < rolled_back
    for case, dispatch in dispatches.items():
        vin = re.search(r"VIN (\S+)", dispatch["message"]).group(1)
        located = dt.datetime.strptime("2026-" + re.search(r"location_time (\d\d-\d\d \d\d:\d\d:\d\d)", dispatch["message"]).group(1),
                                       "%Y-%m-%d %H:%M:%S").replace(tzinfo=vehicle.TZ)
        age = _when(dispatch["timestamp"]) - located
        missed = any(log["message"].split()[1] == case for log in misses)
        if missed:
            assert deployed < dispatch["timestamp"] < rolled_back and age > dt.timedelta(hours=1, minutes=30)
            assert [ts for ts in applied.get(vin, []) if ts < dispatch["timestamp"]]
        else:
            assert age < dt.timedelta(minutes=2)
    # Nothing the rescue writes names the shadow's release or its merge.
    for word in ("5.2.0", "LWW", "reissue", "KL15", "cy-vehicle-shadow"):
        assert word not in own_text(bundle, "cy-rescue")
    assert when_logged(bundle, vehicle.RESCUE_RADIUS) < deployed
    partner = alert_named(bundle, "RescuePartnerApiErrors")
    assert partner["state"] == "resolved" and partner["ends_at"] < deployed[:19]


def test_the_partner_re_key_deletes_and_re_creates_its_stations_and_cancels_the_reservations_at_night(bundle):
    synced, cancelled, mapped = (when_logged(bundle, line) for line in (vehicle.STATION_SYNC, vehicle.RESERVE_CLEANUP,
                                                                         vehicle.STATION_MAP))
    assert synced < cancelled < _at("03:10") and _log(bundle, vehicle.STATION_SYNC)["attributes"] == {"job": "station-sync"}
    old = {o for o, _, _ in vehicle.XYC_STATIONS}
    new = {n for _, n, _ in vehicle.XYC_STATIONS}
    offline = [log for log in logs_of(bundle, "cy-charge-reserve") if "STATION_OFFLINE" in log["message"]]
    assert offline and _at("06:55") <= min(log["timestamp"] for log in offline) and max(log["timestamp"] for log in offline) < mapped
    assert all(re.search(r"station (\S+)", log["message"]).group(1) in old for log in offline)
    # New reservations name the stations as the feed does at the time: the old ids before the sync, the new ones after.
    reserved = [log for log in logs_of(bundle, "cy-charge-reserve") if ": RESERVED" in log["message"] and "(XYC)" in log["message"]]
    for log in reserved:
        sid = re.search(r"station (\S+)", log["message"]).group(1)
        assert sid in (new if log["timestamp"] > synced else old)
    # The owners notice hours later; the partner's station count looks unchanged throughout.
    assert _when(min(log["timestamp"] for log in offline)) - _when(synced) > dt.timedelta(hours=3)
    assert {value for _, value in series_points(bundle, "partner_stations_active")} <= {1279, 1284}
    assert when_logged(bundle, vehicle.HOLD_DECOY) < synced
    assert _log(bundle, vehicle.STATION_MAP)["attributes"]["change"] == "data"


def test_the_two_forwarder_replicas_kick_each_other_off_only_while_the_hpa_keeps_two(bundle):
    scaled, reverted = when_logged(bundle, vehicle.GB_HPA), when_logged(bundle, vehicle.GB_REVERT)
    lines = logs_of(bundle, "cy-gb-forwarder")
    logins = [log for log in lines if log["message"].startswith("平台登入 ok")]
    numbers = [int(re.search(r"登入流水号 (\d+)", log["message"]).group(1)) for log in logins]
    assert numbers == list(range(1, len(logins) + 1))
    flapping = [log for log in logins if scaled < log["timestamp"] < _at("15:10:40")]
    assert len(flapping) > 500 and all(a["instance"] != b["instance"] for a, b in itertools.pairwise(flapping))
    kicks = [log for log in lines if "closed by peer" in log["message"]]
    assert kicks and scaled < min(log["timestamp"] for log in kicks) and max(log["timestamp"] for log in kicks) < _at("15:10:45")
    # Each kicked session is its replica's last login, closed by the other replica's login.
    for kick in kicks:
        sid = re.search(r"session (\w+)\)", kick["message"]).group(1)
        [mine] = [log for log in logins if f"session {sid} " in log["message"]]
        assert mine["instance"] == kick["instance"]
        later = [log for log in logins if mine["timestamp"] < log["timestamp"] <= kick["timestamp"]]
        assert later and later[-1]["instance"] != kick["instance"]
    assert scaled < reverted and {log["instance"] for log in flapping} == set(vehicle.GB_PODS)
    # The backlog is still draining at the reference time, its alert still firing; the rate-limit config came before.
    backlog = series_points(bundle, "gb32960_reissue_backlog_frames")
    assert backlog[-1] == [bundle["reference_time"], vehicle.BACKLOG_END] and vehicle.BACKLOG_END > 500_000
    assert alert_named(bundle, "Gb32960ReissueBacklogHigh")["state"] == "firing"
    assert when_logged(bundle, vehicle.GB_RATE) < scaled


def test_the_asked_peaks_are_not_what_the_alerts_say(bundle):
    for alert_name, metric, clock, peak, value in (
            ("DatalakeIngestLagHigh", "datalake_kafka_consumer_lag", "11:41", vehicle.LAG_PEAK, vehicle.LAG_ALERT_VALUE),
            ("OtaCdnEgressHigh", "ota_cdn_egress_gbps", "15:37", vehicle.EGRESS_PEAK, vehicle.EGRESS_ALERT_VALUE),
            ("TboxReconnectAttemptsHigh", "tbox_reconnect_attempts_avg", "11:47", vehicle.RECONNECT_PEAK,
             vehicle.RECONNECT_ALERT_VALUE),
            ("DigitalKeyAuthFailuresHigh", "digital_key_unlock_failure_ratio", "07:48", vehicle.DK_PEAK, vehicle.DK_ALERT_VALUE),
            ("RemoteIdempotentReplaysHigh", "remote_idempotent_replays_per_min", "18:47", vehicle.REPLAY_PEAK,
             vehicle.REPLAY_ALERT_VALUE)):
        alert = alert_named(bundle, alert_name)
        assert alert["value"] == value and str(peak) not in value
        points = series_points(bundle, metric)
        stamp = _at(f"{clock}:00+08:00")
        assert dict(points)[stamp] == peak == max(v for _, v in points)
        assert [v for _, v in points].count(peak) == 1
        assert alert["starts_at"] < stamp < alert["ends_at"]
    backlog = alert_named(bundle, "Gb32960ReissueBacklogHigh")
    assert dict(series_points(bundle, "gb32960_reissue_backlog_frames"))[_at("15:11:00+08:00")] == vehicle.BACKLOG_PEAK
    assert str(vehicle.BACKLOG_PEAK) not in backlog["value"] and backlog["starts_at"] < _at("15:11")
    question_peaks = {q.peak.metric: q.peak.value for q in vehicle.QUESTIONS if q.peak}
    assert len(question_peaks) == 3
    alert_values = {a["value"] for a in bundle["alerts"]}
    assert not [v for v in question_peaks.values() if any(str(v) in value for value in alert_values)]


def test_the_shadow_change_listing_is_everything_the_shadow_changed(bundle):
    changes = [log for log in logs_of(bundle, "cy-vehicle-shadow") if log["attributes"].get("change")]
    assert [log["message"] for log in changes] == [vehicle.SHADOW_FLUSH, vehicle.SHADOW_DEPLOY, vehicle.SOC_MAP_FIX,
                                                   vehicle.SHADOW_ROLLBACK]
    assert all(log["level"] == "INFO" for log in changes)
    question = next(q for q in vehicle.QUESTIONS if q.name == "vehicle_shadow_changes_listing")
    assert question.asked == "listing" and len(question.asked_facts) == len(changes)
    # Each asked fact names one change line, and together they name all of them (a one-to-one matching exists).
    names = [[any(s in log["message"] for s in fact.spellings) for log in changes] for fact in question.asked_facts]
    assert any(all(names[f][c] for f, c in enumerate(order)) for order in itertools.permutations(range(len(changes))))
    # The DBC release that broke the soc is the gateway's change, not the shadow's: not in the list.
    assert _log(bundle, vehicle.DBC_RELEASE)["service"] == GW


def test_the_triggers_are_rarely_deploys_and_the_decoys_come_before_their_symptoms(bundle):
    kinds = {log["message"]: log["attributes"]["change"] for log in bundle["logs"] if log["attributes"].get("change")}
    declared = {vehicle.DK_CUTOVER: "migration", vehicle.OTA_START: "campaign", vehicle.APP_STAGED: "release",
                vehicle.DBC_RELEASE: "data", vehicle.SHADOW_DEPLOY: "deploy", vehicle.GB_HPA: "hpa"}
    assert {message: kinds[message] for message in declared} == declared
    # The carrier's package change, the test publish, the node's replacement and the partner's feed are nobody's change line.
    for message in (vehicle.CMP_NOTIFY, vehicle.RETAIN_PUBLISH, vehicle.NODE_JOIN, vehicle.STATION_SYNC):
        assert "change" not in _log(bundle, message)["attributes"]
    for service, message, symptoms, within in (
            (DL, vehicle.DL_COMMIT, "08:30", 1), ("cy-ota", vehicle.OTA_DEPLOY, "13:40", 3),
            (RC, vehicle.RC_DEPLOY_4120, "17:45", 1), ("cy-nav", vehicle.NAV_DEPLOY, "15:24", 1),
            ("cy-rescue", vehicle.RESCUE_RADIUS, "16:15", 2), ("cy-gb-forwarder", vehicle.GB_RATE, "11:31", 1),
            ("cy-charge-reserve", vehicle.HOLD_DECOY, "03:00", 5), (GW, vehicle.GATEWAY_DECOY, "09:43", 11)):
        log = _log(bundle, message)
        assert log["service"] == service and kinds[message] in ("deploy", "config")
        gap = _when(_at(f"{symptoms}:00+08:00")) - _when(log["timestamp"])
        assert dt.timedelta(0) < gap < dt.timedelta(hours=within), message


def test_the_healthy_services_are_quiet_and_the_firing_alerts_are_the_listed_ones(bundle):
    for service in ("cy-vehicle-archive", "cy-member"):
        assert not [a for a in bundle["alerts"] if a["service"] == service]
        assert {log["level"] for log in logs_of(bundle, service)} <= {"INFO", "WARN"}
        assert not [word for word in vehicle.INCIDENT_WORDS if word in own_text(bundle, service)]
        watched = [s for s in bundle["metrics"] if s["service"] == service and s["threshold"] is not None]
        assert len(watched) == 2 and all(max(v for _, v in s["points"]) < s["threshold"] for s in watched)
    assert when_logged(bundle, vehicle.ARCHIVE_DEPLOY) < _at("14:30")
    assert {a["name"] for a in bundle["alerts"] if a["state"] == "firing"} == set(vehicle.FIRING)


def test_the_vehicle_pods_are_named_like_kubernetes_names_them(bundle):
    for pod in bundle[K8S_SECTION]["pods"]:
        assert service_from_pod_name(pod["name"]) == pod["service"], pod["name"]
        assert pod["node"] in vehicle.NODES
    deployments = {d["name"]: d for d in bundle[K8S_SECTION]["deployments"]}
    assert set(deployments) == {s["name"] for s in vehicle.SERVICES} - {"cy-k8s-node"}
    assert all(d["ready"] == d["replicas"] for d in deployments.values())
    assert deployments["cy-gb-forwarder"]["replicas"] == 1 and deployments["cy-tbox-gateway"]["replicas"] == 8
    assert deployments["cy-vehicle-shadow"]["image"].endswith(":5.1.3")


def test_nothing_in_the_vehicle_world_happens_after_its_reference_time_and_events_are_the_last_hour(bundle):
    now = dt.datetime.fromisoformat(bundle["reference_time"])
    start = dt.datetime.fromisoformat(bundle["logs"][0]["timestamp"])
    stamps = [log["timestamp"] for log in bundle["logs"]] + [e["last_seen"] for e in bundle[K8S_SECTION]["events"]]
    stamps += [ts for series in bundle["metrics"] for ts, _ in series["points"]]
    assert all(dt.datetime.fromisoformat(stamp) <= now for stamp in stamps)
    assert start >= vehicle.START and now - start > dt.timedelta(hours=23)  # the evening before is in the evidence
    events = bundle[K8S_SECTION]["events"]
    assert events and all(now - dt.datetime.fromisoformat(e["last_seen"]) <= dt.timedelta(hours=1) for e in events)
    assert all(e["first_seen"] <= e["last_seen"] for e in events)
    assert {e["object"] for e in events if e["reason"] == "Killing"} == {f"Pod/{pod}" for pod in vehicle.RC_4120}
