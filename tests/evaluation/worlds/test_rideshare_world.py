"""The rideshare world tells the story its docstring tells: each incident's symptoms stay inside its window and on the
instances (vehicles, trips, pods) it names, the causes sit on other services than the ones asked about and come before the
symptoms, the decoys come before the symptoms too, and the asked peaks are not what the alerts say. A world wrong about
itself would grade the agents against a fiction. Pure: no database."""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

import pytest

from contracts.k8s import service_from_pod_name
from evaluation.worlds import rideshare
from evaluation.worlds.loading import K8S_SECTION
from tests.evaluation.worlds.bundle_reading import alert_named, logs_of, own_text, series_points, when_logged


@pytest.fixture(scope="module")
def bundle() -> dict[str, Any]:
    return rideshare.build_bundle()


def _at(clock: str) -> str:
    return f"2027-03-19T{clock}"


def _stamps(bundle: dict[str, Any], service: str, needle: str) -> list[str]:
    return [log["timestamp"] for log in logs_of(bundle, service) if needle in log["message"]]


def _lines(bundle: dict[str, Any], service: str, needle: str) -> list[dict[str, Any]]:
    return [log for log in logs_of(bundle, service) if needle in log["message"]]


def test_only_the_dispatch_pods_the_hpa_put_on_node_07_lack_an_ip(bundle):
    k8s = bundle[K8S_SECTION]
    on_node = {p["name"] for p in k8s["pods"] if p["node"] == rideshare.BAD_NODE}
    assert on_node == set(rideshare.ON_BAD_NODE)
    pending = {p["name"] for p in k8s["pods"] if p["phase"] == "Pending"}
    assert pending == set(rideshare.DISPATCH_STUCK) and pending < on_node
    assert all(p["waiting_reason"] == "ContainerCreating" and p["ready"] == "0/1" for p in k8s["pods"] if p["name"] in pending)
    # The rider API's and the notifier's pods came at 19:52–19:53, before the data team's Spark pods took the last IPs.
    assert all(p["phase"] == "Running" and p["restarts"] == 0 for p in k8s["pods"] if p["name"] in on_node - pending)
    failed = [e for e in k8s["events"] if e["reason"] == "FailedCreatePodSandBox"]
    assert {e["object"] for e in failed} == {f"Pod/{pod}" for pod in rideshare.DISPATCH_STUCK}
    assert all("ENI ip quota exhausted" in e["message"] and e["type"] == "Warning" for e in failed)
    [deployment] = [d for d in k8s["deployments"] if d["name"] == "xx-dispatch"]
    assert (deployment["replicas"], deployment["ready"]) == (12, 8)
    exhausted = _lines(bundle, "xx-k8s-node", "ENI ip quota exhausted")
    assert exhausted and {log["instance"] for log in exhausted} == {rideshare.BAD_NODE}
    assert all(any(pod in log["message"] for pod in rideshare.DISPATCH_STUCK) for log in exhausted)
    changed, joined = when_logged(bundle, rideshare.NODEPOOL_CHANGE), when_logged(bundle, rideshare.NODE_JOINED)
    scaled = when_logged(bundle, rideshare.DISPATCH_HPA)
    assert changed < joined < scaled < min(log["timestamp"] for log in exhausted)
    slow = _lines(bundle, "xx-dispatch", "> 2000ms (pending requests")
    assert slow and scaled < min(log["timestamp"] for log in slow)
    assert {log["instance"] for log in slow} <= set(rideshare.DISPATCH_READY)
    # No dispatch pod on node-07 ever writes a line: they never started.
    assert not [log for log in bundle["logs"] if log["instance"] in rideshare.DISPATCH_STUCK]
    for word in ("terway", "ecs.c7", "ip quota", "infra_ops_wangle", "np-general-b"):
        assert word not in own_text(bundle, "xx-dispatch")
    assert alert_named(bundle, "DispatchMatchLatencyHigh")["state"] == "firing"


def test_the_dispatch_has_two_incidents_a_time_phrase_tells_apart(bundle):
    misses = _stamps(bundle, "xx-dispatch", "PICKUP_ETA_MISS")
    slow = _stamps(bundle, "xx-dispatch", "> 2000ms (pending requests")
    assert misses and slow and max(misses) < _at("17:30") < _at("20:38") < min(slow)
    starts = sorted((a["starts_at"][11:16], a["name"]) for a in bundle["alerts"] if a["service"] == "xx-dispatch")
    assert starts == [("14:14", "DispatchPickupEtaMissHigh"), ("20:44", "DispatchMatchLatencyHigh")]
    # No slow match round outside the evening: the noise's rounds stay well under the threshold.
    rounds = [int(m.group(1)) for log in logs_of(bundle, "xx-dispatch") if log["timestamp"] < _at("20:38")
              for m in [re.search(r"match round \d+: .* took (\d+)ms", log["message"])] if m]
    assert rounds and max(rounds) < 1000


def test_pickups_miss_their_eta_only_across_the_river_while_the_matrix_falls_back(bundle):
    failures = _stamps(bundle, "xx-eta", "ORIGINS_OVER_LIMIT")
    fixed = when_logged(bundle, rideshare.MATRIX_FIX)
    assert failures and _at("14:00") <= min(failures) and max(failures) < fixed
    assert when_logged(bundle, rideshare.VENDOR_NOTICE) < min(failures)
    assigned = _lines(bundle, "xx-dispatch", "eta source fallback-haversine, ")
    assert assigned and all(_at("14:00") <= log["timestamp"] < fixed for log in assigned)
    for log in assigned:
        rd, dd = re.search(r"\((\S+)\) assigned driver \S+ \((\S+)\)", log["message"]).groups()
        assert (rd in rideshare.NORTH) != (dd in rideshare.NORTH) and {rd, dd} <= set(rideshare.NORTH + rideshare.SOUTH)
    misses = _lines(bundle, "xx-dispatch", "PICKUP_ETA_MISS")
    assert misses and {log["trace_id"] for log in misses} <= {log["trace_id"] for log in assigned}
    assert all(any(bridge in log["message"] for bridge in rideshare.BRIDGES) for log in misses)
    road = [log for log in logs_of(bundle, "xx-dispatch") if "eta source yuntu-matrix" in log["message"]]
    assert road and not [log for log in road if _at("14:00") <= log["timestamp"] < fixed]
    cancels = _lines(bundle, "xx-rider-api", "RIDER_CANCEL_LONG_PICKUP")
    assert cancels and {log["trace_id"] for log in cancels} <= {log["trace_id"] for log in assigned}
    for word in ("ORIGINS_OVER_LIMIT", "20003", "YT-2027-011", "max-origins", "YunTu"):
        assert word not in own_text(bundle, "xx-dispatch")


def test_the_rider_api_has_two_incidents_a_time_phrase_tells_apart(bundle):
    rejects = _stamps(bundle, "xx-rider-api", "PICKUP_ZONE_VIOLATION")
    expired = _stamps(bundle, "xx-rider-api", "NO_DRIVER_ACCEPTED")
    assert rejects and expired and max(rejects) < _at("14:00") < _at("16:40") <= min(expired)
    starts = sorted((a["starts_at"][11:16], a["name"]) for a in bundle["alerts"] if a["service"] == "xx-rider-api")
    assert starts == [("10:36", "AirportPickupRejectsHigh"), ("17:00", "RiderRequestsExpiredHigh")]


def _point(message: str) -> tuple[float, float]:
    lat, lng = re.search(r"pickup \(([\d.]+),([\d.]+)\)", message).groups()
    return float(lat), float(lng)


def _in_p3(lat: float, lng: float) -> bool:
    return 30.2338 <= lat <= 30.2346 and 120.4326 <= lng <= 120.4338


def test_the_inverted_fence_rejects_the_pickup_point_and_admits_the_curb(bundle):
    published, fixed = when_logged(bundle, rideshare.FENCE_PUBLISH), when_logged(bundle, rideshare.FENCE_FIX)
    rejects = _lines(bundle, "xx-rider-api", "PICKUP_ZONE_VIOLATION")
    assert published < min(log["timestamp"] for log in rejects) and max(log["timestamp"] for log in rejects) < fixed
    assert all(_in_p3(*_point(log["message"])) for log in rejects)  # riders standing at P3, told they are outside
    admitted = [log for log in logs_of(bundle, "xx-rider-api") if f"accepted: in fence {rideshare.P3_FENCE}" in log["message"]]
    inside = [log for log in admitted if published < log["timestamp"] < fixed]
    assert inside and all(not _in_p3(*_point(log["message"])) and "出发层" in log["message"] for log in inside)
    after = [log for log in admitted if log["timestamp"] > fixed]
    assert after and all(_in_p3(*_point(log["message"])) for log in after)
    loaded = _lines(bundle, "xx-geo", "orientation clockwise")
    assert len(loaded) == 3 and all(published < log["timestamp"] < min(log2["timestamp"] for log2 in rejects) for log in loaded)
    assert when_logged(bundle, rideshare.RIDER_DEPLOY) < published
    for word in ("clockwise", rideshare.FENCE_SET, "geo_ops_chenxi", "QGIS"):
        assert word not in own_text(bundle, "xx-rider-api")


def test_the_refused_vehicles_are_those_whose_day_first_dates_were_read_month_first(bundle):
    refused = _lines(bundle, "xx-driver-api", "VEHICLE_INSURANCE_EXPIRED")
    imported, reimported = when_logged(bundle, rideshare.IMPORT_FALLBACK), when_logged(bundle, rideshare.REIMPORT)
    assert refused and imported < _at("06:00") <= min(log["timestamp"] for log in refused)
    assert max(log["timestamp"] for log in refused) < reimported
    plates = {re.search(r"vehicle (\S+) go-online", log["message"]).group(1) for log in refused}
    assert plates <= set(rideshare.BLOCKED) and len(plates) > 30
    marked = _lines(bundle, "xx-driver-compliance", "-> INSURANCE_EXPIRED")
    assert {log["instance"] for log in marked} == {rideshare.IMPORT_POD}
    for log in marked:
        if "status VALID" not in log["message"]:
            continue
        raw, parsed = re.search(r"expiry '(\S+)' -> (\S+):", log["message"]).groups()
        day, month, year = (int(part) for part in raw.split("/"))
        real = dt.date(year, month, day)
        assert dt.date.fromisoformat(parsed) == dt.date(year, day, month) < rideshare.DAY < real  # swapped into the past
    # The vehicles the import read right keep going online; a blocked one never does until the re-import.
    online = _lines(bundle, "xx-driver-api", "online (compliance VALID)")
    assert online and not [log for log in online if any(plate in log["message"] for plate in rideshare.BLOCKED)]
    assert when_logged(bundle, rideshare.PICC_NOTICE) < imported
    for word in ("dd/MM", "MM/dd", rideshare.POLICY_FILE, "PICC", "fallback"):
        assert word not in own_text(bundle, "xx-driver-api")


def test_the_refusal_peak_is_not_what_the_alert_says(bundle):
    points = series_points(bundle, "driver_online_refusals_per_10m")
    assert dict(points)[_at("07:40:00+08:00")] == rideshare.REFUSALS_PEAK == max(v for _, v in points)
    alert = alert_named(bundle, "DriverOnlineRefusalsHigh")
    assert alert["value"] == rideshare.REFUSALS_ALERT_VALUE and str(rideshare.REFUSALS_PEAK) not in alert["value"]
    assert alert["starts_at"] < _at("07:40:00+08:00") < alert["ends_at"]


def test_only_the_2027_batch_is_denied_by_the_acl_and_fails_to_unlock(bundle):
    updated, fixed = when_logged(bundle, rideshare.ACL_UPDATE), when_logged(bundle, rideshare.ACL_FIX)
    denied = _lines(bundle, "xx-mqtt", "authorization_permission_denied")
    assert denied and updated < min(log["timestamp"] for log in denied) and max(log["timestamp"] for log in denied) < fixed
    assert all(re.search(r"clientid=XXC2-\d{6} ", log["message"]) for log in denied)
    timeouts = _lines(bundle, "xx-carshare", "UNLOCK_ACK_TIMEOUT")
    assert timeouts and updated < min(log["timestamp"] for log in timeouts) and max(log["timestamp"] for log in timeouts) < fixed
    assert all(re.search(r"\(XXC2-\d{6}\)", log["message"]) for log in timeouts)
    unlocked = [log for log in logs_of(bundle, "xx-carshare") if ") unlocked, ack in" in log["message"]]
    assert not [log for log in unlocked if "(XXC2-" in log["message"] and updated < log["timestamp"] < fixed]
    assert [log for log in unlocked if "(XXC2-" in log["message"]]  # the batch unlocks fine outside the window
    # The pattern the hardening wrote does not match the batch's ids; the amended one does.
    assert not re.fullmatch(r"^XXC-[0-9]{6}$", "XXC2-000418") and re.fullmatch(r"^XXC2?-[0-9]{6}$", "XXC2-000418")
    assert when_logged(bundle, rideshare.CARSHARE_DEPLOY) < updated
    offline = alert_named(bundle, "CarshareVehicleOffline")
    assert offline["state"] == "firing" and rideshare.OFFLINE_CID.startswith("XXC-") and offline["starts_at"] < updated
    for word in ("SEC-2027-031", "sec_ops_liuyang", "authorization", "ACL"):
        assert word not in own_text(bundle, "xx-carshare")


def test_only_trips_of_an_hour_or_more_are_blocked_and_they_end_after_the_exception(bundle):
    blocked = _lines(bundle, "xx-waf", "BLOCK rule=920400")
    block_mode, fixed = when_logged(bundle, rideshare.WAF_BLOCK_MODE), when_logged(bundle, rideshare.WAF_FIX)
    assert blocked and block_mode < min(log["timestamp"] for log in blocked) and max(log["timestamp"] for log in blocked) < fixed
    assert all(int(re.search(r"request body (\d+) >", log["message"]).group(1)) > 65536 for log in blocked)
    overdue = _lines(bundle, "xx-trip", "TRIP_END_OVERDUE")
    assert overdue and all(int(re.search(r"duration (\d+) min", log["message"]).group(1)) >= 58 for log in overdue)
    trips = {re.search(r"trips/(T\d+)/end", log["message"]).group(1) for log in blocked}
    assert {re.search(r"trip (T\d+) ", log["message"]).group(1) for log in overdue} <= trips
    ended = {re.search(r"trip (T\d+) ended by driver app", log["message"]).group(1): log["timestamp"]
             for log in _lines(bundle, "xx-trip", "ended by driver app (end request retried)")}
    assert set(ended) == {trip for trip, *_ in rideshare.LONG_TRIPS} and min(ended.values()) > fixed
    # Short trips end normally all afternoon.
    short = [int(re.search(r"duration (\d+) min", log["message"]).group(1)) for log in logs_of(bundle, "xx-trip")
             if ", duration " in log["message"] and " ended, " in log["message"] and block_mode < log["timestamp"] < fixed]
    assert short and max(short) < 58
    assert when_logged(bundle, rideshare.TRIP_DEPLOY) < block_mode
    for word in ("920400", "WAF-BL-2027Q1", "sec_ops_huangqi", "65536"):
        assert word not in own_text(bundle, "xx-trip")


def test_the_overdue_peak_is_not_what_the_alert_says(bundle):
    points = series_points(bundle, "trips_end_overdue")
    assert dict(points)[_at("16:44:00+08:00")] == rideshare.OVERDUE_PEAK == max(v for _, v in points)
    alert = alert_named(bundle, "TripEndOverdueHigh")
    assert alert["value"] == rideshare.OVERDUE_ALERT_VALUE and str(rideshare.OVERDUE_PEAK) not in alert["value"]


def test_the_surge_stays_at_one_while_the_watermark_is_held_by_idle_partitions(bundle):
    switched, fixed = when_logged(bundle, rideshare.SURGE_SWITCH), when_logged(bundle, rideshare.SURGE_FIX)
    quotes = [(log["timestamp"], float(re.search(r"surge ([\d.]+) total", log["message"]).group(1)))
              for log in _lines(bundle, "xx-pricing", "surge ") if " total ¥" in log["message"]]
    during = [surge for ts, surge in quotes if switched < ts < fixed]
    assert during and set(during) == {1.0}
    assert max(surge for ts, surge in quotes if ts > _at("19:37")) > 1.5  # the rain's surge once windows fire
    published = _stamps(bundle, "xx-surge-stream", "published: 20 grids")
    assert not [ts for ts in published if switched < ts < fixed]
    pending = [int(re.search(r"(\d+) pending windows", log["message"]).group(1))
               for log in _lines(bundle, "xx-surge-stream", "pending windows)")]
    assert len(pending) > 15 and pending == sorted(pending) and pending[-1] > 3900
    stale = _stamps(bundle, "xx-pricing", "not updated since 16:04:00")
    assert stale and switched < min(stale) and max(stale) < fixed
    expired = _stamps(bundle, "xx-rider-api", "NO_DRIVER_ACCEPTED")
    rain = when_logged(bundle, "weather feed: 杭州 阴 -> 大雨 (rain 14.2 mm/h, 预警 黄色)")
    assert switched < rain < min(expired) and max(expired) < _at("19:45")
    assert when_logged(bundle, rideshare.PRICING_DEPLOY) < switched
    for word in ("rider-demand-v2", "idle", "watermark", "data_dev_fangyu"):
        assert word not in own_text(bundle, "xx-rider-api") and word not in own_text(bundle, "xx-pricing")


def test_the_expired_peak_is_not_what_the_alert_says(bundle):
    points = series_points(bundle, "rider_requests_expired_per_min")
    assert dict(points)[_at("18:22:00+08:00")] == rideshare.EXPIRED_PEAK == max(v for _, v in points)
    alert = alert_named(bundle, "RiderRequestsExpiredHigh")
    assert alert["value"] == rideshare.EXPIRED_ALERT_VALUE and str(rideshare.EXPIRED_PEAK) not in alert["value"]
    lag = series_points(bundle, "surge_stream_watermark_lag_seconds")
    assert dict(lag)[_at("19:35:00+08:00")] > 12000 and dict(lag)[_at("16:00:00+08:00")] < 60


def test_the_coupon_database_stops_at_the_wraparound_limit_until_the_slot_is_dropped(bundle):
    warnings = [int(re.search(r"within (\d+) transactions", log["message"]).group(1))
                for log in _lines(bundle, "xx-coupon-db", "must be vacuumed within")]
    assert len(warnings) > 20 and warnings == sorted(warnings, reverse=True) and warnings[-1] > 3_000_000 > 0
    assert warnings[0] < 40_000_000  # already warning when the evidence begins
    stops = _stamps(bundle, "xx-coupon-db", "not accepting commands")
    dropped, back = when_logged(bundle, rideshare.SLOT_DROP), when_logged(bundle, rideshare.XID_BACK)
    assert min(stops) == _at("17:52:10.330+08:00") and max(stops) < dropped < back
    fails = _lines(bundle, "xx-coupon", "SQLSTATE 54000")
    assert fails and min(stops) < min(log["timestamp"] for log in fails) and max(log["timestamp"] for log in fails) < back
    redeemed = _stamps(bundle, "xx-coupon", " ok took=")
    assert redeemed and not [ts for ts in redeemed if min(stops) < ts < back]
    without = _lines(bundle, "xx-payment", "without coupon")
    assert without and {log["trace_id"] for log in without} <= {log["trace_id"] for log in fails}
    assert when_logged(bundle, rideshare.COUPON_DEPLOY) < when_logged(bundle, rideshare.CAMPAIGN_START) < min(stops)
    assert alert_named(bundle, "PgXidAgeHigh")["starts_at"] < rideshare.START.isoformat()  # ignored for two weeks
    for word in ("debezium_coupon", "replication slot", "dba_zhaolei"):
        assert word not in own_text(bundle, "xx-coupon")
        assert word not in own_text(bundle, "xx-payment")


def test_only_recordings_made_before_the_rotation_fail_to_play(bundle):
    rotated, fixed = when_logged(bundle, rideshare.KMS_ROTATE), when_logged(bundle, rideshare.KMS_FIX)
    failed = _lines(bundle, "xx-safety", "KeyVersionDisabled")
    assert failed and rotated < min(log["timestamp"] for log in failed) and max(log["timestamp"] for log in failed) < fixed
    assert all(re.search(r"\(recorded (\d\d-\d\d \d\d:\d\d)\)", log["message"]).group(1) < "03-19 14:10" for log in failed)
    played = [log for log in _lines(bundle, "xx-safety", " ok") if "recording playback" in log["message"]
              and rotated < log["timestamp"] < fixed]
    assert played and all(re.search(r"\(recorded (\d\d-\d\d \d\d:\d\d)\)", log["message"]).group(1) >= "03-19 14:10"
                          for log in played)
    uploads = [log for log in _lines(bundle, "xx-safety", "uploaded")]
    assert all(("version 4" in log["message"]) == (log["timestamp"] > rotated) for log in uploads)
    assert when_logged(bundle, rideshare.RETENTION_CONFIG) < rotated
    for word in ("sec_kms_zhoujie", "CHG-20270319-05", "rotated"):
        assert word not in own_text(bundle, "xx-safety")


def test_the_settlement_scans_the_whole_ledger_since_the_index_was_dropped_and_is_still_running(bundle):
    dropped, started = when_logged(bundle, rideshare.INDEX_DROP), when_logged(bundle, rideshare.SETTLE_START)
    scans = _lines(bundle, "xx-ledger-db", "Seq Scan on driver_ledger")
    assert scans and dropped < started < min(log["timestamp"] for log in scans)
    chunks = [float(re.search(r"took ([\d.]+)s", log["message"]).group(1)) for log in _lines(bundle, "xx-payout", "ledger query took")]
    assert len(chunks) > 20 and min(chunks) > 100 and len(chunks) < 0.05 * 965
    assert {log["instance"] for log in _lines(bundle, "xx-payout", "settlement chunk")} == {rideshare.SETTLE_POD}
    [pod] = [p for p in bundle[K8S_SECTION]["pods"] if p["name"] == rideshare.SETTLE_POD]
    assert pod["phase"] == "Running"
    assert alert_named(bundle, "PayoutWeeklySettlementLate")["state"] == "firing"
    assert when_logged(bundle, rideshare.PAYOUT_DEPLOY) < started
    for word in (rideshare.INDEX, "DROP INDEX", "CHG-20270318-22", "dba_zhaolei"):
        assert word not in own_text(bundle, "xx-payout")


def test_the_triggers_are_not_deploys_and_each_decoy_comes_before_its_symptoms(bundle):
    changes = {(log["service"], log["message"]): log["attributes"]["change"] for log in bundle["logs"]
               if log["attributes"].get("change")}
    assert changes[("xx-geo", rideshare.FENCE_PUBLISH)] == "geofence"
    assert changes[("xx-k8s-node", rideshare.NODEPOOL_CHANGE)] == "infra"
    assert changes[("xx-mqtt", rideshare.ACL_UPDATE)] == "acl"
    assert changes[("xx-surge-stream", rideshare.SURGE_SWITCH)] == "job"
    assert changes[("xx-waf", rideshare.WAF_BLOCK_MODE)] == "waf"
    assert changes[("xx-kms", rideshare.KMS_ROTATE)] == "kms"
    assert changes[("xx-ledger-db", rideshare.INDEX_DROP)] == "database"
    # An insurer's file, a vendor's new limit, a marketing campaign and an old replication slot are no change of ours.
    for message in (rideshare.PICC_NOTICE, rideshare.IMPORT_FALLBACK, rideshare.VENDOR_NOTICE, rideshare.CAMPAIGN_START,
                    rideshare.XID_STOP):
        assert not [log for log in bundle["logs"] if log["message"] == message and log["attributes"].get("change")]
    for service, message, window_start in (
            ("xx-rider-api", rideshare.RIDER_DEPLOY, "10:25"), ("xx-driver-api", rideshare.HEARTBEAT_CONFIG, "06:00"),
            ("xx-dispatch", rideshare.RADIUS_CONFIG, "14:00"), ("xx-dispatch", rideshare.BATCH_CONFIG, "20:38"),
            ("xx-carshare", rideshare.CARSHARE_DEPLOY, "11:06"), ("xx-pricing", rideshare.PRICING_DEPLOY, "16:40"),
            ("xx-trip", rideshare.TRIP_DEPLOY, "12:41"), ("xx-coupon", rideshare.COUPON_DEPLOY, "17:52"),
            ("xx-safety", rideshare.RETENTION_CONFIG, "14:15"), ("xx-payout", rideshare.PAYOUT_DEPLOY, "20:00")):
        stamp = when_logged(bundle, message)
        assert changes[(service, message)] in ("deploy", "config")
        gap = dt.datetime.fromisoformat(_at(window_start) + ":00+08:00") - dt.datetime.fromisoformat(stamp)
        assert dt.timedelta(0) < gap < dt.timedelta(hours=1, minutes=30), message


def test_the_healthy_services_decoys_are_changes_and_nothing_else_happens_to_them(bundle):
    for service, message in (("xx-invoice", rideshare.INVOICE_DEPLOY), ("xx-notify", rideshare.NOTIFY_CONFIG)):
        [log] = [log for log in logs_of(bundle, service) if log["message"] == message]
        assert log["attributes"]["change"] in ("deploy", "config")
        assert not [log for log in logs_of(bundle, service) if log["level"] not in ("INFO", "WARN")]
        for word in rideshare.INCIDENT_WORDS:
            assert word not in own_text(bundle, service)


def test_the_rideshare_pods_are_named_like_kubernetes_names_them(bundle):
    for pod in bundle[K8S_SECTION]["pods"]:
        if re.search(r"-\d{8}-[bcdfghjklmnpqrstvwxz2456789]{5}$", pod["name"]):  # <cronjob>-<scheduled minute>-<5 characters>
            assert re.fullmatch(r"(xx-driver-compliance-policy-import|xx-payout-weekly)-\d{8}-[bcdfghjklmnpqrstvwxz2456789]{5}",
                                pod["name"]), pod["name"]
        else:
            assert service_from_pod_name(pod["name"]) == pod["service"], pod["name"]
    names = {p["name"] for p in bundle[K8S_SECTION]["pods"]}
    assert rideshare.IMPORT_POD in names and rideshare.SETTLE_POD in names


def test_nothing_in_the_rideshare_world_happens_after_its_reference_time_and_events_are_the_last_hour(bundle):
    now = dt.datetime.fromisoformat(bundle["reference_time"])
    start = dt.datetime.fromisoformat(bundle["logs"][0]["timestamp"])
    stamps = [log["timestamp"] for log in bundle["logs"]] + [e["last_seen"] for e in bundle[K8S_SECTION]["events"]]
    stamps += [ts for series in bundle["metrics"] for ts, _ in series["points"]]
    assert all(dt.datetime.fromisoformat(stamp) <= now for stamp in stamps)
    assert start >= rideshare.START and now - start > dt.timedelta(hours=25)  # the evening before is in the evidence
    events = bundle[K8S_SECTION]["events"]
    assert events and all(now - dt.datetime.fromisoformat(e["first_seen"]) <= dt.timedelta(hours=1) for e in events)
    assert {a["name"] for a in bundle["alerts"] if a["state"] == "firing"} == set(rideshare.FIRING)
