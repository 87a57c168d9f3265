"""The property world tells the story its docstring tells: each incident's symptoms stay inside its window and on the
instances it names, causes come before symptoms and sit on other services than the ones asked about, decoys come before
the symptoms they could be blamed for, and the asked peaks are not what the alerts say. A world wrong about itself would
grade the agents against a fiction. Pure: no database."""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

import pytest

from contracts.k8s import service_from_pod_name
from evaluation.worlds import smart_property as world
from evaluation.worlds.loading import K8S_SECTION
from tests.evaluation.worlds.bundle_reading import alert_named, logs_of, own_text, series_points, when_logged


@pytest.fixture(scope="module")
def bundle() -> dict[str, Any]:
    return world.build_bundle()


def _t(clock: str) -> str:
    return f"2027-01-26T{clock}"


def _y(clock: str) -> str:
    return f"2027-01-25T{clock}"


def _point(clock: str) -> str:
    return f"{clock}:00+08:00"


def _stamps(bundle: dict[str, Any], service: str, needle: str) -> list[str]:
    return [log["timestamp"] for log in logs_of(bundle, service) if needle in log["message"]]


def test_only_the_two_pods_on_the_node_beside_the_backup_proxy_answer_slowly(bundle):
    on_node = {p["name"] for p in bundle[K8S_SECTION]["pods"] if p["node"] == world.BAD_NODE}
    assert on_node == set(world.ON_BAD_NODE)
    moved, fixed = when_logged(bundle, world.VMOTION), when_logged(bundle, world.VM_FIX)
    slow = [log for log in logs_of(bundle, "aj-owner-app") + logs_of(bundle, "aj-payment")
            if _t("12:00") < log["timestamp"] and re.search(r"timed out|took=\d{4,}ms|handled in \d{4,}ms", log["message"])]
    assert slow and {log["instance"] for log in slow} == on_node
    assert all(moved < log["timestamp"] < fixed for log in slow)
    # The other App pods keep answering through the steal.
    served = [log for log in logs_of(bundle, "aj-owner-app") if _t("15:34") < log["timestamp"] < fixed
              and log["attributes"].get("log_type") == "access"]
    assert served and world.APP_BAD_POD not in {log["instance"] for log in served}
    # The steal is on that node alone, nginx's upstream timeouts point at the one App pod, the probes fail only there.
    steal = dict(series_points(bundle, "node_cpu_steal_percent", instance=world.BAD_NODE))
    calm = dict(series_points(bundle, "node_cpu_steal_percent", instance="aj-k8s-node-03"))
    assert steal[_t(_point("15:52"))] == 48.3 and max(calm.values()) < 1 and steal[_t(_point("15:20"))] < 2
    upstreams = {re.search(r"http://([\d.]+):8080", log["message"]).group(1)
                 for log in logs_of(bundle, "aj-ingress") if "upstream timed out" in log["message"]}
    assert upstreams == {world.pod_ip(world.APP_BAD_POD)} and upstreams.pop().startswith("10.244.4.")
    unhealthy = {e["object"] for e in bundle[K8S_SECTION]["events"] if e["reason"] == "Unhealthy"}
    assert unhealthy == {f"Pod/{pod}" for pod in world.ON_BAD_NODE}
    assert world.HOSTS[world.BAD_NODE] == "esx-b-07" and "esx-b-07" in world.VMOTION
    for word in ("steal", "bak-proxy-02", "esx-b-07", "vMotion", world.BAD_NODE):
        assert word not in own_text(bundle, "aj-owner-app")


def test_the_owner_app_has_two_incidents_a_time_phrase_tells_apart(bundle):
    disputes = _stamps(bundle, "aj-owner-app", "category=物业费异议")
    assert disputes and _t("07:40") < min(disputes) and max(disputes) < _t("11:30")
    errors = [log["timestamp"] for log in logs_of(bundle, "aj-owner-app") if log["level"] == "ERROR"]
    assert errors and _t("15:36") <= min(errors) and max(errors) < _t("16:08")
    starts = sorted((a["starts_at"], a["state"]) for a in bundle["alerts"] if a["service"] == "aj-owner-app")
    assert starts == [(_t("08:25:00+08:00"), "resolved"), (_t("15:38:00+08:00"), "resolved")]


def test_the_parking_has_two_incidents_a_time_phrase_tells_apart(bundle):
    held = _stamps(bundle, "aj-parking", "no monthly pass matched") + _stamps(bundle, "aj-parking", "no entry record")
    assert held and when_logged(bundle, world.FW_DONE) < min(held) and max(held) < when_logged(bundle, world.FW_ROLLBACK)
    timeouts = _stamps(bundle, "aj-parking", "fee query timed out after 3000ms")
    assert timeouts and _t("14:05") <= min(timeouts) and max(timeouts) < when_logged(bundle, world.PARTNER_LIMIT)
    starts = sorted((a["starts_at"][:16], a["name"]) for a in bundle["alerts"] if a["service"] == "aj-parking")
    assert starts == [(_y("17:48"), "ParkingManualReleaseHigh"), (_t("14:08"), "ParkingExitQueryTimeout"),
                      (_t("15:12"), "ParkingOpenApiRateLimited")]


def test_the_plates_lose_their_province_only_on_the_upgraded_cameras_until_the_rollback(bundle):
    plate = re.compile(r"(?:entry|exit) (\S+) plate=(\S+)")
    reads = [(log["timestamp"], *m.groups()) for log in logs_of(bundle, "aj-parking")
             for m in [plate.search(log["message"])] if m]
    short = [(stamp, lane) for stamp, lane, p in reads if not p.startswith("浙")]
    upgraded = {"FL-IN-1", "FL-IN-2", "FL-OUT-1", "FL-OUT-2", "FL-B2-IN", "FL-B2-OUT"}
    assert short and {lane for _, lane in short} <= upgraded
    done, rolled = when_logged(bundle, world.FW_DONE), when_logged(bundle, world.FW_ROLLBACK)
    assert all(done < stamp < rolled for stamp, _ in short)
    # Inside the window the upgraded lanes read no full plate at all; the other communities' lanes read them whole.
    assert not [lane for stamp, lane, p in reads if done < stamp < rolled and lane in upgraded and p.startswith("浙")]
    assert [lane for stamp, lane, p in reads if done < stamp < rolled and lane not in upgraded]
    assert when_logged(bundle, world.PARKING_CONFIG) < when_logged(bundle, world.FW_UPGRADE) < done
    assert "省份" in world.FL_GUARD_NOTE and "A7K29M" in world.FL_GUARD_NOTE


def test_the_face_sync_empties_only_the_renamed_buildings_doors(bundle):
    renamed = when_logged(bundle, world.BUILDING_RENAME)
    deleted = when_logged(bundle, world.FACE_DELETE)
    assert renamed < when_logged(bundle, world.ACCESS_DEPLOY) < deleted
    sync = [log for log in logs_of(bundle, "aj-access-gate") if log["attributes"].get("job") == "face-sync"]
    assert sync and {log["instance"] for log in sync} == {world.FACE_POD}
    rejects = [log for log in logs_of(bundle, "aj-access-gate") if "FACE_NOT_REGISTERED" in log["message"]]
    devices = {re.search(r"device=(\S+)", log["message"]).group(1) for log in rejects}
    assert devices == set(world.CH7_DOORS)
    fixed = when_logged(bundle, world.FACE_FIX)
    refilled = _stamps(bundle, "aj-access-gate", "library add 109 faces ok")
    assert len(refilled) == 4 and fixed < min(refilled)
    assert all(deleted < log["timestamp"] < min(refilled) for log in rejects)
    assert min(log["timestamp"] for log in rejects) > _t("06:00")
    passed = [log for log in logs_of(bundle, "aj-access-gate") if "result=PASS" in log["message"]
              and "device=CH-07-" in log["message"] and deleted < log["timestamp"] < max(refilled)]
    assert not passed
    points = dict(series_points(bundle, "access_face_rejects_per_min", community="翠湖湾"))
    assert points[_t(_point("07:42"))] == world.FACE_PEAK == max(points.values())
    assert alert_named(bundle, "FaceRejectRateHigh")["value"] == "19 次/分钟"
    # The rename itself is the master data's line: the access gate's own story shows only its consequence.
    for word in ("ch_admin_wangfang", "BD-STD-2027", "building code changed"):
        assert word not in own_text(bundle, "aj-access-gate")


def test_the_elevators_drop_off_when_the_pool_is_used_up_after_the_snapshots(bundle):
    snapshots, exhausted = when_logged(bundle, world.SNAPSHOT_CONFIG), when_logged(bundle, world.POOL_EXHAUSTED)
    offline = _stamps(bundle, "aj-elevator-iot", "MQTT keepalive timeout")
    assert snapshots < when_logged(bundle, world.POOL_NOTICE) < exhausted < min(offline)
    assert max(offline) < when_logged(bundle, world.POOL_TOPUP)
    # Only gateways on SIMs drop; 南山名邸's wired ones keep reporting.
    assert not [m for log in logs_of(bundle, "aj-elevator-iot") if "offline:" in (m := log["message"]) and "EG-NS-" in m]
    reporting = [log["message"] for log in logs_of(bundle, "aj-elevator-iot") if log["message"].startswith("status ")
                 and exhausted < log["timestamp"] < _t("11:58")]
    assert reporting and all(m.startswith("status EG-NS-") for m in reporting)
    points = dict(series_points(bundle, "elevator_gateways_offline"))
    assert points[_t(_point("11:20"))] == world.OFFLINE_PEAK == max(points.values())
    assert list(points.values()).count(world.OFFLINE_PEAK) == 1
    assert alert_named(bundle, "ElevatorGatewaysOffline")["value"] == "236 台"
    pool = dict(series_points(bundle, "sim_pool_used_percent", pool="ANJU-ELEV-POOL"))
    assert pool[_t(_point("10:42"))] == 100.0 and pool[_y(_point("17:20"))] < 93
    assert when_logged(bundle, world.ELEVATOR_DEPLOY) < exhausted  # the decoy deploy came first
    for word in ("ANJU-ELEV-POOL", "达量断网", "CMP"):
        assert word not in own_text(bundle, "aj-elevator-iot")


def test_only_jinhuayuan_bills_change_and_the_rate_was_meant_for_cuihuwan(bundle):
    [imported] = [log for log in bundle["logs"] if log["message"] == world.RATE_IMPORT]
    assert "翠湖湾" in imported["message"] and "community=JH 锦华苑" in imported["message"]
    refresh = [log for log in bundle["logs"] if log["message"] == world.BILL_REFRESH]
    assert [log["instance"] for log in refresh] == [world.BILL_POD] and "change" not in refresh[0]["attributes"]
    annual = [log["message"] for log in logs_of(bundle, "aj-owner-app") if "/bills/annual" in log["message"]]
    assert annual and all("/houses/JH-" in m and "rate=3.50" in m for m in annual)
    disputes = _stamps(bundle, "aj-owner-app", "category=物业费异议")
    fixed = when_logged(bundle, world.RATE_FIX)
    assert imported["timestamp"] < refresh[0]["timestamp"] < when_logged(bundle, world.BILLING_CONFIG) < min(disputes)
    assert max(disputes) < _t("11:30") and fixed < _t("11:21")
    for word in ("RV-JH-2027-02", "billing_ops_chenjing", "bill refresh"):
        assert word not in own_text(bundle, "aj-owner-app")


def test_passes_are_refused_only_at_the_north_gate_box_that_missed_the_key(bundle):
    rotated, repushed = when_logged(bundle, world.KEY_ROTATE), when_logged(bundle, world.KEY_REPUSH)
    down, up = when_logged(bundle, world.EDGE_DOWN), when_logged(bundle, world.EDGE_UP)
    assert down < rotated < when_logged(bundle, world.KEY_PUSH) < up
    refused = [log for log in logs_of(bundle, "aj-edge") if "not in local keyring" in log["message"]]
    assert refused and {log["instance"] for log in refused} == {"edge-ch-02"}
    assert all(up < log["timestamp"] < repushed for log in refused)
    # The other boxes verify the new kid meanwhile; the north gate verifies only the older passes.
    new_ok = [log for log in logs_of(bundle, "aj-edge") if "QR verify ok" in log["message"] and "kid=vk-2027-02" in log["message"]
              and rotated < log["timestamp"] < repushed]
    assert new_ok and "edge-ch-02" not in {log["instance"] for log in new_ok}
    assert not [log for log in logs_of(bundle, "aj-edge") if log["instance"] == "edge-ch-02" and down < log["timestamp"] < up
                and log["message"] != world.EDGE_DOWN]
    assert when_logged(bundle, world.VISITOR_DEPLOY) < rotated
    reported = _stamps(bundle, "aj-visitor", "SIGNATURE_KEY_UNKNOWN")
    assert len(reported) == len(refused)


def test_repair_orders_fail_dispatch_only_in_cuihuwan_after_the_restructure(bundle):
    synced = when_logged(bundle, world.ORG_SYNC)
    failed = [log for log in logs_of(bundle, "aj-workorder") if "NO_AVAILABLE_ASSIGNEE" in log["message"]]
    assert failed and all("WO-CH-" in log["message"] and "翠湖湾项目部/工程部" in log["message"] for log in failed)
    fixed = when_logged(bundle, world.DISPATCH_FIX)
    assert synced < when_logged(bundle, world.WO_CONFIG) < min(log["timestamp"] for log in failed)
    assert max(log["timestamp"] for log in failed) < fixed
    breaches = _stamps(bundle, "aj-workorder", "not accepted within 30 min")
    assert breaches and min(breaches) > min(log["timestamp"] for log in failed) and max(breaches) < fixed
    dispatched_ch = [log for log in logs_of(bundle, "aj-workorder") if "auto-dispatched" in log["message"]
                     and "WO-CH-" in log["message"] and _t("07:10") < log["timestamp"] < fixed]
    assert not dispatched_ch
    assert [log["instance"] for log in bundle["logs"] if log["message"] == world.ORG_SYNC] == [world.ORG_POD]
    for word in ("ORG-R-2027-01", "北森", "城东片区工程中心"):
        assert word not in "\n".join(log["message"] for log in failed)


def test_patrol_checkins_land_about_500_m_off_only_in_nanshan_until_the_conversion(bundle):
    imported, converted = when_logged(bundle, world.PATROL_IMPORT), when_logged(bundle, world.PATROL_FIX)
    rejects = [log["message"] for log in logs_of(bundle, "aj-patrol") if "out of geofence" in log["message"]]
    distances = [int(d) for m in rejects for d in re.findall(r"distance=(\d+)m", m)]
    assert rejects and all("point=NS-P-" in m for m in rejects) and 480 < min(distances) and max(distances) < 560
    stamps = _stamps(bundle, "aj-patrol", "out of geofence")
    assert when_logged(bundle, world.PATROL_CONFIG) < imported < min(stamps) and max(stamps) < converted
    assert not [log for log in logs_of(bundle, "aj-patrol") if "checkin ok" in log["message"] and "point=NS-P-" in log["message"]
                and imported < log["timestamp"] < converted]
    assert _stamps(bundle, "aj-patrol", "closed: 0/46") == [_t("07:00:05.000+08:00"), _t("09:00:05.000+08:00")]


def test_the_rollover_is_corrected_with_six_digits_and_the_apportionment_posts_it(bundle):
    imported, rolled = when_logged(bundle, world.METER_IMPORT), when_logged(bundle, world.ROLLOVER)
    apportioned, fixed = when_logged(bundle, world.APPORTION), when_logged(bundle, world.APPORTION_FIX)
    assert imported < rolled < when_logged(bundle, world.ENERGY_DEPLOY) < apportioned < fixed
    assert "register digits 5 -> 6" in world.METER_IMPORT and "1000000 - 99998.62 + 0.87 = 900002.25" in world.ROLLOVER
    assert round(1_000_000 - 99998.62 + 0.87, 2) == 900002.25 and round(531022.18 / 128, 2) == 4148.61
    anomaly = alert_named(bundle, "EnergyConsumptionAnomaly")
    assert anomaly["starts_at"] > apportioned and anomaly["ends_at"] > fixed and anomaly["state"] == "resolved"
    complaints = _stamps(bundle, "aj-owner-app", "category=公摊异议")
    assert complaints and apportioned < min(complaints) and max(complaints) < fixed
    interval = dict(series_points(bundle, "energy_meter_interval_kwh", meter="YQ-5-PUB-01"))
    assert interval[_y(_point("22:40"))] == 900002.25


def test_the_aggregators_load_shows_in_the_request_rate_and_its_caller(bundle):
    rate = dict(series_points(bundle, "parking_fee_query_requests_per_second"))
    assert rate[_t(_point("14:37"))] == world.FEE_PEAK == max(rate.values())
    assert rate[_t(_point("13:00"))] * 30 < world.FEE_PEAK
    caller = dict(series_points(bundle, "parking_open_api_requests_per_second", caller="AK-STC-01"))
    assert caller[_t(_point("14:37"))] > 0.9 * world.FEE_PEAK and caller[_t(_point("13:00"))] < 10
    polls = [log for log in logs_of(bundle, "aj-ingress") if world.PARTNER_UA in log["message"]]
    assert polls and min(log["timestamp"] for log in polls) > _t("13:58") and max(log["timestamp"] for log in polls) < _t("15:11")
    assert when_logged(bundle, world.PARKING_DEPLOY) < min(log["timestamp"] for log in polls)
    throttled = _stamps(bundle, "aj-parking", "429 appKey=AK-STC-01")
    assert throttled and min(throttled) > when_logged(bundle, world.PARTNER_LIMIT) and max(throttled) > _t("16:20")
    alert = alert_named(bundle, "ParkingOpenApiRateLimited")
    assert alert["state"] == "firing" and str(world.FEE_PEAK) not in alert["value"]


def test_the_triggers_are_not_deploys_and_each_decoy_comes_before_its_symptoms(bundle):
    changes = {(log["service"], log["message"]): log["attributes"]["change"] for log in bundle["logs"]
               if log["attributes"].get("change")}
    assert changes[("aj-parking", world.FW_UPGRADE)] == "firmware"
    assert changes[("aj-basedata", world.BUILDING_RENAME)] == "masterdata"
    assert changes[("aj-elevator-iot", world.SNAPSHOT_CONFIG)] == "config"
    assert changes[("aj-billing", world.RATE_IMPORT)] == "rate-import"
    assert changes[("aj-visitor", world.KEY_ROTATE)] == "key-rotation"
    assert changes[("aj-patrol", world.PATROL_IMPORT)] == "import"
    assert changes[("aj-energy", world.METER_IMPORT)] == "masterdata"
    assert changes[("aj-vsphere", world.VMOTION)] == "drs"
    # A job's run and a partner's traffic are no change of ours: the face sync, the org sync, the bill refresh.
    for message in (world.FACE_DELETE, world.ORG_SYNC, world.BILL_REFRESH, world.APPORTION, world.POOL_EXHAUSTED):
        assert not [log for log in bundle["logs"] if log["message"] == message and log["attributes"].get("change")]
    for service, message, symptoms in (
            ("aj-parking", world.PARKING_CONFIG, _y("17:21")), ("aj-access-gate", world.ACCESS_DEPLOY, _t("06:10")),
            ("aj-elevator-iot", world.ELEVATOR_DEPLOY, _t("10:43")), ("aj-billing", world.BILLING_CONFIG, _t("07:40")),
            ("aj-visitor", world.VISITOR_DEPLOY, _t("08:48")), ("aj-workorder", world.WO_CONFIG, _t("07:10")),
            ("aj-patrol", world.PATROL_CONFIG, _t("06:02")), ("aj-energy", world.ENERGY_DEPLOY, _t("03:00")),
            ("aj-parking", world.PARKING_DEPLOY, _t("14:00")), ("aj-owner-app", world.APP_CONFIG, _t("15:35"))):
        stamp = when_logged(bundle, message)
        assert changes[(service, message)] in ("deploy", "config")
        gap = dt.datetime.fromisoformat(symptoms + "+08:00") - dt.datetime.fromisoformat(stamp)
        assert dt.timedelta(0) < gap < dt.timedelta(hours=5), message


def test_the_healthy_services_warn_only_about_their_ordinary_business(bundle):
    for service in ("aj-announce", "aj-decoration"):
        levels = {log["level"] for log in logs_of(bundle, service)}
        assert levels <= {"INFO", "WARN"} and not [a for a in bundle["alerts"] if a["service"] == service]
        assert world.BAD_NODE not in {p["node"] for p in bundle[K8S_SECTION]["pods"] if p["service"] == service}
    warnings = [log["message"] for log in logs_of(bundle, "aj-decoration") if log["level"] == "WARN"]
    assert warnings and all(m.startswith("inspection violation house=") for m in warnings)
    held = [log["message"] for log in logs_of(bundle, "aj-announce") if log["level"] == "WARN"]
    assert held and all("sensitive-word filter" in m for m in held)


def test_the_property_pods_are_named_like_kubernetes_names_them(bundle):
    crons = "|".join(re.escape(c) for c in (world.BILL_CRON, world.ORG_CRON, world.FACE_CRON, world.APPORTION_CRON,
                                            world.CLEANUP_CRON))
    for pod in bundle[K8S_SECTION]["pods"]:
        if pod["phase"] == "Succeeded":  # the CronJobs' pods: <cronjob>-<scheduled minute>-<5 characters>
            assert re.fullmatch(rf"({crons})-\d{{8}}-[bcdfghjklmnpqrstvwxz2456789]{{5}}", pod["name"]), pod["name"]
        else:
            assert service_from_pod_name(pod["name"]) == pod["service"], pod["name"]
    names = {p["name"] for p in bundle[K8S_SECTION]["pods"]}
    assert {world.BILL_POD, world.ORG_POD, world.FACE_POD, world.APPORTION_POD, world.cleanup_pod(16)} <= names


def test_nothing_in_the_property_world_happens_outside_its_span_and_events_are_the_last_hour(bundle):
    now = dt.datetime.fromisoformat(bundle["reference_time"])
    stamps = [log["timestamp"] for log in bundle["logs"]] + [e["last_seen"] for e in bundle[K8S_SECTION]["events"]]
    stamps += [ts for series in bundle["metrics"] for ts, _ in series["points"]]
    assert all(world.START <= dt.datetime.fromisoformat(stamp) <= now for stamp in stamps)
    events = bundle[K8S_SECTION]["events"]
    assert events and all(now - dt.datetime.fromisoformat(e["first_seen"]) <= dt.timedelta(hours=1) for e in events)
    assert {a["name"] for a in bundle["alerts"] if a["state"] == "firing"} == set(world.FIRING)
