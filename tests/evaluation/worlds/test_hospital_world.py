"""The hospital world (issue 32) says of itself what its story says: each incident's lines sit in its own window,
on its own pods, and the causes that live on another service or another node are not in the asked service's own
lines. Pure: no database. (The checks every world shares are in test_world_generators.py.)"""

from __future__ import annotations

import datetime as dt
import re
from functools import cache
from typing import Any

from contracts.k8s import service_from_pod_name
from evaluation.worlds import hospital
from evaluation.worlds.loading import K8S_SECTION


@cache
def bundle() -> dict[str, Any]:
    return hospital.build_bundle()


def logs(service: str) -> list[dict[str, Any]]:
    return [log for log in bundle()["logs"] if log["service"] == service]


def own_story(service: str) -> str:
    """What the asked service's own lines and alerts say."""
    parts = [log["message"] for log in logs(service)]
    parts += [f"{a['name']} {a['summary']} {a['value']}" for a in bundle()["alerts"] if a["service"] == service]
    return "\n".join(parts)


def stamps(service: str, needle: str) -> list[str]:
    return [log["timestamp"] for log in logs(service) if needle in log["message"]]


def series(name: str, service: str, **labels: str) -> dict[str, Any]:
    [found] = [s for s in bundle()["metrics"] if s["name"] == name and s["service"] == service
               and all(s["labels"].get(k) == v for k, v in labels.items())]
    return found


def alert(name: str) -> dict[str, Any]:
    [found] = [a for a in bundle()["alerts"] if a["name"] == name]
    return found


def at(clock: str) -> str:
    return f"2026-12-15T{clock}"


def test_the_three_quantity_peaks_are_not_what_their_alerts_say():
    for alert_name, metric, service, clock, peak in (
            ("TelemedCallFailureHigh", "webrtc_ice_failure_ratio", "rh-telemed", "15:12", hospital.ICE_PEAK),
            ("PharmacyZeroStockSkusHigh", "pharmacy_sku_zero_stock", "rh-pharmacy", "13:51", hospital.ZERO_STOCK_PEAK),
            ("HisGatewayLatencyHigh", "http_server_requests_p99", "rh-his-gateway", "16:21", hospital.HISGW_P99_PEAK)):
        fired = alert(alert_name)
        assert str(peak) not in fired["value"]
        points = dict(series(metric, service)["points"])
        assert points[f"{at(clock)}:00+08:00"] == peak
        assert fired["starts_at"] < f"{at(clock)}:00+08:00" < (fired["ends_at"] or bundle()["reference_time"])


def test_the_slot_hash_tag_really_maps_to_rh_redis_03():
    """CRC16/XMODEM of the hash tag, mod 16384, is the cluster slot the release line names — in rh-redis-03's range."""
    crc = 0
    for byte in b"20261222":
        crc ^= byte << 8
        for _ in range(8):
            crc = ((crc << 1) ^ 0x1021 if crc & 0x8000 else crc << 1) & 0xFFFF
    assert crc % 16384 == 12590 and 10923 <= 12590 <= 16383
    assert "cluster slot 12590, master rh-redis-03" in hospital.SLOT_RELEASE


def test_the_bots_are_plain_in_the_gateway_and_in_the_request_rate_but_not_in_the_appointment_lines():
    gateway = [log["message"] for log in logs("rh-gateway") if log["attributes"].get("log_type") == "access"]
    bots = [m for m in gateway if any(f'"{ua}"' in m for ua in hospital.BOT_UA)]
    assert len(bots) > 50 and all("/api/appt/v1/slots?date=2026-12-22" in m for m in bots)
    points = [value for _, value in series("apisix_route_requests_per_second", "rh-appointment")["points"]]
    assert max(points) == hospital.RPS_PEAK and points[0] < 100
    assert "python-requests" not in own_story("rh-appointment")
    assert stamps("rh-appointment", "RedisTimeoutException")
    assert min(stamps("rh-appointment", "RedisTimeoutException")) >= at("07:00:25")
    assert max(stamps("rh-appointment", "RedisTimeoutException")) < at("07:17:30")


def test_rh_appointment_has_two_incidents_apart_and_each_its_own_error():
    redis = stamps("rh-appointment", "org.redisson.client.Redis")
    ora = stamps("rh-appointment", "ORA-04063")
    assert redis and ora
    assert max(redis) < at("07:18") < min(ora)
    assert min(ora) >= at("12:28:12") and max(ora) < at("13:04:49")
    assert "PLS-00201" not in own_story("rh-appointment") and "V5.3.2" not in own_story("rh-appointment")
    assert hospital.HIS_PKG_WARNING in [log["message"] for log in logs("rh-his")]


def test_rh_payment_has_two_incidents_apart_and_only_the_large_insurance_calls_fail():
    timeouts = [log for log in logs("rh-payment") if "Read timed out" in log["message"]]
    verify = stamps("rh-payment", "signature verification failed")
    assert timeouts and verify
    assert at("09:41:40") <= min(t["timestamp"] for t in timeouts) and max(t["timestamp"] for t in timeouts) < at("10:36:11")
    assert all(re.search(r"infno=(2204|2207) ", t["message"]) for t in timeouts)
    small_ok = [log for log in logs("rh-payment") if at("09:42") <= log["timestamp"] < at("10:35")
                and re.search(r"医保接口调用成功 infno=(1101|2201) ", log["message"])]
    assert small_ok
    assert at("14:02:11") <= min(verify) and max(verify) < at("14:46:45")
    story = own_story("rh-payment")
    assert "Tunnel100" not in story and "mtu" not in story.casefold()


def test_the_wechat_failures_sit_between_rh_notify_s_own_token_refreshes():
    failures = stamps("rh-notify", "errcode=40001")
    assert failures
    windows = [(a.isoformat(), b.isoformat()) for a, b in hospital.FAIL_WINDOWS]
    assert all(any(a[:19] <= t[:19] < b[:19] for a, b in windows) for t in failures)
    refreshes = stamps("rh-notify", "access_token refreshed")
    assert any(at("10:04") <= t < at("10:05") for t in refreshes)  # the gap between the two stretches
    assert not [log for log in logs("rh-lab-report") if "40001" in log["message"]]


def test_only_the_pods_on_node_07_time_out_while_its_conntrack_table_is_full():
    drops = stamps("rh-k8s-nodes", "table full, dropping packet")
    assert drops and {log["instance"] for log in logs("rh-k8s-nodes") if "table full" in log["message"]} == {
        hospital.NOISY_NODE}
    [fixed] = stamps("rh-k8s-nodes", hospital.SYSCTL_FIX)
    first = min(drops)
    rx = [log for log in logs("rh-prescription") if "i/o timeout" in log["message"]]
    lab = [log for log in logs("rh-lab-report") if "ConnectTimeoutError" in log["message"]]
    assert rx and {log["instance"] for log in rx} == {hospital.RX_ON_NODE7}
    assert lab and {log["instance"] for log in lab} == {hospital.LAB_ON_NODE7}
    assert all(first <= log["timestamp"] < fixed for log in rx + lab) and max(drops) < fixed
    pods = {p["name"]: p for p in bundle()[K8S_SECTION]["pods"]}
    assert pods[hospital.RX_ON_NODE7]["node"] == hospital.NOISY_NODE
    on_node7 = {p["service"] for p in pods.values() if p["node"] == hospital.NOISY_NODE}
    assert on_node7 == {"rh-prescription"}  # the lab-report pod of 1.9.3 is gone since the 13:20 rollout
    story = own_story("rh-prescription")
    assert not [word for word in ("conntrack", hospital.NOISY_NODE, "rh-data-report") if word in story]


def test_the_stock_was_zeroed_from_a_file_still_being_uploaded():
    pharmacy = {log["message"]: log["timestamp"] for log in logs("rh-pharmacy")}
    his = {log["message"]: log["timestamp"] for log in logs("rh-his")}
    assert his[hospital.HIS_EXPORT_START] < pharmacy[hospital.PHARM_READ] < his[hospital.HIS_EXPORT_DONE]
    rejected = stamps("rh-prescription", "库存不足")
    assert rejected and pharmacy[hospital.PHARM_ZEROED] < min(rejected)
    assert max(rejected) < pharmacy[hospital.PHARM_RESTORED]
    assert "skus_not_in_file" not in own_story("rh-prescription")


def test_only_earlier_reports_are_missing_and_the_restore_is_still_running():
    missing = [log for log in logs("rh-lab-report") if "NoSuchKey" in log["message"]]
    assert missing and min(log["timestamp"] for log in missing) >= at("13:52")
    assert all("/rh-lab-reports/reports/2026/12/15/" not in log["message"] for log in missing)
    assert alert("LabReportFileMissing")["state"] == "firing"
    progress = [log["message"] for log in logs("rh-minio") if log["message"].startswith("restore: ")]
    assert progress and "/1214337 delete markers removed" in progress[-1] and "(100.0%)" not in progress[-1]
    assert "ilm" not in own_story("rh-lab-report").casefold()


def test_consults_fail_ice_only_while_the_relay_ports_are_closed():
    sg = {log["message"]: log["timestamp"] for log in logs("rh-turn")}
    failed = stamps("rh-telemed", "ICE failed")
    assert failed and sg[hospital.SG_REVOKE] < min(failed) and max(failed) < sg[hospital.SG_RESTORE]
    story = own_story("rh-telemed")
    assert "SEC-20261215-004" not in story and "49152" not in story
    zero = [log for log in logs("rh-turn") if "rp=0, rb=0" in log["message"]]
    assert zero and all(sg[hospital.SG_REVOKE] < log["timestamp"] < sg[hospital.SG_RESTORE] for log in zero)


def test_the_debug_logging_is_still_on_at_the_reference_time():
    changes = [log for log in logs("rh-his-gateway") if log["attributes"].get("change") == "loglevel"]
    assert {log["instance"] for log in changes} == {"rh-his-gw-01", "rh-his-gw-02"}
    assert not [log for log in logs("rh-his-gateway") if "--level info" in log["message"]]
    assert {alert("HisGatewayLatencyHigh")["state"], alert("HostDiskIOUtilHigh")["state"]} == {"firing"}
    debug = [log for log in logs("rh-his-gateway") if "Slf4jVerboseEventSender" in log["message"]]
    assert debug and min(log["timestamp"] for log in debug) > changes[0]["timestamp"]


def test_every_incident_has_a_decoy_change_on_its_service_before_it_starts():
    for service, decoy, onset in (("rh-appointment", hospital.APPT_LIMIT_CONFIG, "07:00"),
                                  ("rh-appointment", hospital.APPT_DEPLOY, "12:28"),
                                  ("rh-notify", hospital.NOTIFY_SMS_CONFIG, "09:17"),
                                  ("rh-payment", hospital.PAY_DEPLOY, "09:41"),
                                  ("rh-prescription", hospital.RX_RULESET_CONFIG, "10:48"),
                                  ("rh-pharmacy", hospital.PHARM_THRESHOLD_CONFIG, "13:10"),
                                  ("rh-lab-report", hospital.LAB_DEPLOY, "13:52"),
                                  ("rh-payment", hospital.PAY_EXPIRE_CONFIG, "14:02"),
                                  ("rh-telemed", hospital.TELEMED_DEPLOY, "14:20"),
                                  ("rh-his-gateway", hospital.HISGW_DEPLOY, "15:42")):
        [line] = [log for log in logs(service) if log["message"] == decoy]
        assert line["attributes"].get("change") and line["level"] == "INFO" and line["timestamp"] < at(onset)


def test_the_hospital_pods_are_named_like_kubernetes_names_them():
    for pod in bundle()[K8S_SECTION]["pods"]:
        if pod["name"] == hospital.DATA_POD_NIGHT:  # a CronJob's job pod: <cronjob>-<scheduled minute>-<5 characters>
            assert re.fullmatch(r"rh-data-report-\d{8}-[bcdfghjklmnpqrstvwxz2456789]{5}", pod["name"])
            assert hospital.DATA_JOB_0200 == int(dt.datetime(2026, 12, 15, 2, 0, tzinfo=hospital.TZ).timestamp()) // 60
        else:
            assert service_from_pod_name(pod["name"]) == pod["service"], pod["name"]


def test_nothing_in_the_hospital_world_happens_after_its_reference_time():
    now = dt.datetime.fromisoformat(bundle()["reference_time"])
    times = [log["timestamp"] for log in bundle()["logs"]] + [e["last_seen"] for e in bundle()[K8S_SECTION]["events"]]
    times += [ts for s in bundle()["metrics"] for ts, _ in s["points"]]
    assert all(dt.datetime.fromisoformat(t) <= now for t in times)
    # Events are what the API server keeps (TTL 1 h).
    assert all(now - dt.datetime.fromisoformat(e["last_seen"]) <= dt.timedelta(hours=1)
               for e in bundle()[K8S_SECTION]["events"])
