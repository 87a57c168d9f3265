"""The port world tells the story its docstring tells: each incident's symptoms stay inside its window and on the
instances it names, the causes come before the symptoms (several on another service than the one asked about, one of
them the evening before, some on nobody's change of ours), the decoys caused nothing, the node-level fault touches only
the pods scheduled on that node, the asked peaks are not what the alerts say and the listings are complete. Pure: no
database."""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

import pytest

from contracts.k8s import service_from_pod_name
from evaluation.worlds import port
from evaluation.worlds.loading import K8S_SECTION
from tests.evaluation.worlds.bundle_reading import alert_named, logs_of, own_text, series_points, when_logged


@pytest.fixture(scope="module")
def bundle() -> dict[str, Any]:
    return port.build_bundle()


def _at(clock: str) -> str:
    return f"2027-03-10T{clock}"


def _stamps(bundle: dict[str, Any], service: str, needle: str) -> list[str]:
    return [log["timestamp"] for log in logs_of(bundle, service) if needle in log["message"]]


def _question(name: str) -> port.WorldQuestion:
    return next(q for q in port.QUESTIONS if q.name == name)


def test_only_the_lane_agents_on_the_re_imaged_node_crash(bundle):
    fatal = [log for log in logs_of(bundle, "hl-gate") if "too many open files" in log["message"]]
    assert fatal and {log["instance"] for log in fatal} == set(port.ON_BAD_NODE)
    assert all(log["message"].endswith("exiting with code 1") and log["level"] == "ERROR" for log in fatal)
    pods = [p for p in bundle[K8S_SECTION]["pods"] if p["service"] == "hl-gate"]
    on_bad = [p for p in pods if p["node"] == port.BAD_NODE]
    assert {p["name"] for p in on_bad} == set(port.ON_BAD_NODE)
    assert all(p["waiting_reason"] == "CrashLoopBackOff" and p["ready"] == "0/1" and p["last_termination"]["exit_code"] == 1
               for p in on_bad)
    elsewhere = [p for p in pods if p["node"] != port.BAD_NODE]
    assert len(elsewhere) == 3 and all(p["node"] == port.GOOD_GATE_NODE and p["restarts"] == 0 for p in elsewhere)
    # The restart counts are the kubelet's back-off, not the noise drawn.
    other = port.build_bundle(seed=port.SEED + 1)
    for pod in on_bad:
        assert pod["restarts"] == len(port.crash_times()[pod["name"]]) - 1 > 10
        [again] = [p for p in other[K8S_SECTION]["pods"] if p["name"] == pod["name"]]
        assert again["restarts"] == pod["restarts"]
    # No other service has a pod on that node; the gate's own lines do not name the node's image or sysctl.
    assert {p["service"] for p in bundle[K8S_SECTION]["pods"] if p["node"] == port.BAD_NODE} == {"hl-gate"}
    for word in ("max_user_instances", "ack-ubuntu-2204-20270305", port.BAD_NODE):
        assert word not in "\n".join(log["message"] for log in logs_of(bundle, "hl-gate") if log["instance"] != "ops-console")
    events = [e for e in bundle[K8S_SECTION]["events"] if e["reason"] == "BackOff"]
    assert {e["object"] for e in events} == {f"Pod/{pod}" for pod in port.ON_BAD_NODE}


def test_the_node_was_replaced_with_the_small_limit_before_the_first_crash_and_after_the_decoy_deploy(bundle):
    upgraded, sysctl = when_logged(bundle, port.NODE_UPGRADE), when_logged(bundle, port.NODE_SYSCTL)
    first = min(_stamps(bundle, "hl-gate", "too many open files"))
    assert when_logged(bundle, port.GATE_DEPLOY) < upgraded < sysctl < first
    [line] = [log for log in bundle["logs"] if log["message"] == port.NODE_SYSCTL]
    assert line["instance"] == port.BAD_NODE and "max_user_instances = 128" in line["message"]
    [upgrade] = [log for log in bundle["logs"] if log["message"] == port.NODE_UPGRADE]
    assert "change" not in upgrade["attributes"]  # the node pool's upgrade is no change line of the gate's
    lanes = dict(series_points(bundle, "gate_lanes_online"))
    assert lanes[_at("12:45:00+08:00")] == 12 and lanes[_at("13:30:00+08:00")] == 6 and lanes[_at("14:30:00+08:00")] == 12
    alert = alert_named(bundle, "KubePodCrashLooping")
    assert alert["state"] == "firing" and alert["starts_at"] > first[:19]


def test_the_rtk_outage_runs_from_the_expiry_to_the_renewal_and_is_nobodys_change(bundle):
    expired = _stamps(bundle, "hl-che-dispatch", "subscription expired")
    waits = _stamps(bundle, "hl-che-dispatch", "NOT_UNDER_CRANE")
    assert expired and waits and min(expired) < min(waits)
    assert _at("00:00") <= min(expired) and max(waits) < _at("06:35")
    renewed = when_logged(bundle, port.RTK_RENEWED)
    assert max(expired) < renewed and max(waits) < renewed
    assert not [log for log in logs_of(bundle, "hl-che-dispatch") if "subscription expired" in log["message"]
                and log["attributes"].get("change")]
    # The ITV pool config came before midnight and nothing failed until the account expired.
    assert when_logged(bundle, port.RTK_POOL) < _at("00:00") < min(waits)
    error = dict(series_points(bundle, "itv_position_error_m"))
    assert error[_at("03:00:00+08:00")] > 2 > 0.1 > error[_at("07:00:00+08:00")]


def test_the_reefers_lose_power_only_in_block_2e_after_the_flag_of_the_evening_before(bundle):
    flagged = when_logged(bundle, port.REEFER_FLAG)
    plan = when_logged(bundle, port.HK_PLAN)
    alarms = [log for log in logs_of(bundle, "hl-reefer") if "ALARM NO_POWER" in log["message"]]
    assert len(alarms) == 46 and all(" at 2E-" in log["message"] for log in alarms)
    first = min(log["timestamp"] for log in alarms)
    assert flagged < plan < first
    # The trigger sits on another service and about nine hours before the first alarm.
    gap = dt.datetime.fromisoformat(first) - dt.datetime.fromisoformat(flagged)
    assert gap > dt.timedelta(hours=9)
    assert {log["service"] for log in bundle["logs"] if log["message"] == port.REEFER_FLAG} == {"hl-yard"}
    assert "YD-0309-17 (2F" in port.REEFER_FLAG  # the ticket meant 2F
    moved = {re.search(r"move (\w+) ", log["message"]).group(1) for log in logs_of(bundle, "hl-che-dispatch")
             if "housekeeping move" in log["message"]}
    assert {re.search(r"reefer (\w+) ", log["message"]).group(1) for log in alarms} == moved
    assert max(log["timestamp"] for log in alarms) < when_logged(bundle, port.REEFER_FIX)
    assert when_logged(bundle, port.REEFER_DECOY) < first
    for word in ("reefer_capable", "HK-20270310-01", "YD-0309-17"):
        assert word not in own_text(bundle, "hl-reefer")


def test_exports_are_refused_only_while_yfl_interchanges_are_dropped(bundle):
    dropped = _stamps(bundle, "hl-edi", "duplicate interchange")
    rejects = _stamps(bundle, "hl-gate", "NO_LOADING_LIST")
    fixed = when_logged(bundle, port.EDI_FIX)
    assert dropped and rejects and _at("06:00") < min(dropped) < min(rejects)
    assert max(dropped) < fixed < max(rejects) < _at("10:40")
    refs = [int(re.search(r"YFL/(\d{6})", log["message"]).group(1)) for log in logs_of(bundle, "hl-edi")
            if "duplicate interchange" in log["message"]]
    assert refs[0] == 1 and refs == sorted(refs)  # the control references restarted at 000001
    assert all("YFLU" in log["message"] for log in logs_of(bundle, "hl-gate") if "NO_LOADING_LIST" in log["message"])
    accepted_yfl = [log for log in logs_of(bundle, "hl-edi") if "from YFL accepted" in log["message"]]
    assert not [log for log in accepted_yfl if _at("06:00") <= log["timestamp"] < fixed]
    assert when_logged(bundle, port.GATE_OCR_DECOY) < min(rejects)
    for word in ("duplicate interchange", "UNB", "YFL-EDI-2027-03"):
        assert word not in own_text(bundle, "hl-gate")


def test_customs_releases_fail_only_with_spaced_numbers_between_the_upgrade_and_the_normalisation(bundle):
    unmatched = [log for log in logs_of(bundle, "hl-customs") if "not found in yard inventory" in log["message"]]
    assert unmatched and all(re.search(r"'[A-Z]{4} \d{6} \d' \(13 chars with spaces\)", log["message"]) for log in unmatched)
    fixed = when_logged(bundle, port.CUS_FIX)
    assert _at("09:00") < min(log["timestamp"] for log in unmatched) and max(log["timestamp"] for log in unmatched) < fixed
    released = _stamps(bundle, "hl-customs", "hold CUSTOMS_HOLD cleared")
    assert not [ts for ts in released if _at("09:00") <= ts < fixed]
    assert when_logged(bundle, port.CUS_REAPPLY.format(n=len(unmatched))) > fixed
    holds = _stamps(bundle, "hl-gate", "CUSTOMS_HOLD")
    assert holds and _at("09:12") < min(holds) and max(holds) < _at("12:55")
    assert when_logged(bundle, port.SW_NOTICE) < when_logged(bundle, port.CUS_DEPLOY) < min(log["timestamp"] for log in unmatched)


def test_only_eos_containers_with_iso_codes_are_held_until_the_alias_table(bundle):
    holds = [log for log in logs_of(bundle, "hl-billing") if log["message"].startswith("charge calc")]
    assert holds and all(log["message"].endswith("ON_HOLD") and "(EOS, size_type " in log["message"] and re.search(r"size_type (22G1|45G1|45R1)\)", log["message"])
                         for log in holds)
    fixed = when_logged(bundle, port.BILL_FIX)
    assert _at("10:05") <= min(log["timestamp"] for log in holds) and max(log["timestamp"] for log in holds) < fixed
    assert when_logged(bundle, port.EOS_NOTICE) < when_logged(bundle, port.BILL_DEPLOY) < min(log["timestamp"] for log in holds)
    assert {log["service"] for log in bundle["logs"] if log["message"] == port.EOS_NOTICE} == {"hl-edi"}
    assert "EOS-EDI-NT-0301" not in own_text(bundle, "hl-billing")


def test_the_old_rtgs_reject_tier_6_only_while_3a_allows_six_tiers(bundle):
    raised, lowered = when_logged(bundle, port.TIER_CHANGE), when_logged(bundle, port.TIER_FIX)
    rejects = [log for log in logs_of(bundle, "hl-che-dispatch") if "TIER_LIMIT" in log["message"]]
    assert rejects and raised < min(log["timestamp"] for log in rejects) and max(log["timestamp"] for log in rejects) < lowered
    assert all(re.search(r"to RTG-1[12]: .* -> 3A-\d\d-\d\d-6 ", log["message"]) for log in rejects)
    assert when_logged(bundle, port.CHE_DEPLOY) < raised  # the dispatch's own deploy came first: a decoy
    assert "max_tier" not in own_text(bundle, "hl-che-dispatch")
    # The dispatch's two incidents are hours apart with different causes.
    assert max(_stamps(bundle, "hl-che-dispatch", "NOT_UNDER_CRANE")) < _at("07:00") < min(log["timestamp"] for log in rejects)


def test_the_gate_has_three_incidents_at_three_times_of_day(bundle):
    exports = _stamps(bundle, "hl-gate", "NO_LOADING_LIST")
    lanes = _stamps(bundle, "hl-gate", "too many open files")
    queue = _stamps(bundle, "hl-gate", "queued")
    assert max(exports) < min(lanes) and max(_stamps(bundle, "hl-gate", "have no lane agent")) < min(queue)
    assert _at("16:05") <= min(queue) and max(queue) < _at("18:55")
    slots = {re.search(r"slot (\d\d:\d\d-\d\d:\d\d)", log["message"]).group(1) for log in logs_of(bundle, "hl-gate")
             if "queued" in log["message"]}
    assert all(int(s[3:5]) in (0, 30) and int(s[9:11]) in (0, 30) for s in slots)  # half-hour slots
    assert when_logged(bundle, port.APPT_DEPLOY) < when_logged(bundle, port.GATE_WAIT_DECOY) < min(queue)
    assert "120" in port.APPT_BOOT and "slot grid 30 min" in port.APPT_BOOT
    rate = dict(series_points(bundle, "appointment_bookings_per_hour"))
    assert rate[_at("17:00:00+08:00")] > 1.4 * rate[_at("12:00:00+08:00")]


def test_only_app_5_2_0_codes_fail_and_only_until_the_flag(bundle):
    invalid = [log for log in logs_of(bundle, "hl-driver-app") if "APPT_CODE_INVALID" in log["message"]]
    assert invalid and all("token length 256 (issued 412, App 5.2.0)" in log["message"] for log in invalid)
    released, fixed = when_logged(bundle, port.APP_RELEASE), when_logged(bundle, port.APP_FIX)
    assert released < min(log["timestamp"] for log in invalid) and max(log["timestamp"] for log in invalid) < fixed
    ok = [log for log in logs_of(bundle, "hl-driver-app") if log["message"].startswith("POST /api/v2/appointment/verify")
          and " ok, " in log["message"]]
    assert ok and all("(App 5.1." in log["message"] for log in ok)
    assert when_logged(bundle, port.APP_DECOY) < released
    alert = alert_named(bundle, "AppointmentTokenInvalidHigh")
    assert alert["state"] == "resolved" and released[:19] < alert["starts_at"]


def test_the_berthing_is_refused_only_with_the_msl_tide_table(bundle):
    imported, fixed = when_logged(bundle, port.TIDE_IMPORT), when_logged(bundle, port.TIDE_FIX)
    refused = _stamps(bundle, "hl-berth-plan", "BERTHING_REFUSED")
    assert refused and imported < min(refused) and max(refused) < fixed
    # The arithmetic of the refusal: 15.00 + 0.04 - 14.80 = 0.24, and the chart-datum tide would be 1.86 m higher.
    assert round(15.00 + 0.04 - 14.80, 2) == 0.24 < 0.60 < round(15.00 + 0.04 + 1.86 - 14.80, 2)
    assert when_logged(bundle, port.BERTH_DEPLOY) < imported
    earlier = [log for log in logs_of(bundle, "hl-berth-plan") if log["message"].startswith("UKC check") and " ok" in log["message"]]
    assert len(earlier) == 3 and all(log["timestamp"] < imported or log["timestamp"] > fixed for log in earlier)
    alert = alert_named(bundle, "VesselAnchorageWaitLong")
    assert alert["state"] == "firing" and alert["ends_at"] is None


def test_the_asked_peaks_are_not_what_the_alerts_say(bundle):
    for alert_name, metric, clock, peak, value in (
            ("GateQueueLong", "gate_queue_trucks", "17:26", port.QUEUE_PEAK, port.QUEUE_ALERT),
            ("ReeferPowerOffHigh", "reefer_power_off_containers", "10:20", port.REEFER_PEAK, port.REEFER_ALERT),
            ("QcWaitForTruckHigh", "qc_wait_for_truck_seconds", "03:14", port.QC_WAIT_PEAK, port.QC_WAIT_ALERT)):
        alert = alert_named(bundle, alert_name)
        assert alert["value"] == value and str(peak) not in value
        points = series_points(bundle, metric)
        stamp = _at(f"{clock}:00+08:00")
        assert dict(points)[stamp] == peak == max(v for _, v in points)
        assert [v for _, v in points].count(peak) == 1
        assert alert["starts_at"] < stamp < alert["ends_at"]
    assert {q.peak.metric for q in port.QUESTIONS if q.peak} == {"gate_queue_trucks", "reefer_power_off_containers",
                                                                 "qc_wait_for_truck_seconds"}


def test_the_yard_change_listing_is_complete(bundle):
    question = _question("port_yard_changes_listing")
    changes = [log["message"] for log in logs_of(bundle, "hl-yard") if log["attributes"].get("change")]
    assert len(changes) == len(question.asked_facts) == 6
    for line in changes:  # every change line is named by exactly one expected item
        assert sum(any(s in line for s in f.spellings) for f in question.asked_facts) == 1, line
    for f in question.asked_facts:
        assert sum(any(s in line for s in f.spellings) for line in changes) == 1, f
    assert all(log["level"] == "INFO" for log in logs_of(bundle, "hl-yard") if log["attributes"].get("change"))
    assert when_logged(bundle, port.REEFER_FLAG) < _at("00:00")  # 昨晚: the question's window starts the evening before


def test_the_alert_listing_is_complete(bundle):
    firing = {a["name"] for a in bundle["alerts"] if a["state"] == "firing"}
    assert firing == set(port.FIRING) == {f.spellings[0] for f in _question("port_alert_listing").asked_facts}


def test_the_healthy_services_are_quiet(bundle):
    for service in ("hl-vgm", "hl-portal"):
        assert not [a for a in bundle["alerts"] if a["service"] == service]
        assert {log["level"] for log in logs_of(bundle, service)} <= {"INFO", "WARN"}
        assert not [word for word in port.INCIDENT_WORDS if word in own_text(bundle, service)]
        watched = [s for s in bundle["metrics"] if s["service"] == service and s["threshold"] is not None]
        assert len(watched) == 2 and all(max(v for _, v in s["points"]) < s["threshold"] for s in watched)
        # The series wobble: not a flat line.
        assert all(len({v for _, v in s["points"]}) > 5 for s in watched)
    assert when_logged(bundle, port.PORTAL_DEPLOY) < _at("16:00")


def test_triggers_are_of_many_kinds_and_vendors_notices_are_no_change_of_ours(bundle):
    kinds = {log["attributes"]["change"] for log in bundle["logs"] if log["attributes"].get("change")}
    assert {"data", "config", "deploy", "release"} <= kinds
    for message in (port.YFL_NOTICE, port.SW_NOTICE, port.EOS_NOTICE, port.NODE_UPGRADE, port.HK_PLAN):
        [log] = [log for log in bundle["logs"] if log["message"] == message]
        assert "change" not in log["attributes"]
    # Two causes upstream of the asked service: the gate's exports (hl-edi), the reefers (hl-yard), the queue
    # (hl-appointment), the RTGs (hl-yard).
    for message, service in ((port.EDI_FIX, "hl-edi"), (port.REEFER_FLAG, "hl-yard"), (port.APPT_DEPLOY, "hl-appointment"),
                             (port.TIER_CHANGE, "hl-yard")):
        assert {log["service"] for log in bundle["logs"] if log["message"] == message} == {service}


def test_the_port_pods_are_named_like_kubernetes_names_them_and_nothing_happens_after_the_reference(bundle):
    for pod in bundle[K8S_SECTION]["pods"]:
        assert service_from_pod_name(pod["name"]) == pod["service"], pod["name"]
    now = dt.datetime.fromisoformat(bundle["reference_time"])
    stamps = [log["timestamp"] for log in bundle["logs"]] + [e["last_seen"] for e in bundle[K8S_SECTION]["events"]]
    stamps += [ts for series in bundle["metrics"] for ts, _ in series["points"]]
    assert all(dt.datetime.fromisoformat(stamp) <= now for stamp in stamps)
    assert all(now - dt.datetime.fromisoformat(e["last_seen"]) <= dt.timedelta(hours=1) for e in bundle[K8S_SECTION]["events"])
