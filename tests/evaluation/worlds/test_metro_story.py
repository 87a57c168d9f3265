"""The metro world tells the story its docstring tells: each incident's symptoms stay inside its window and on the
stations, pods and accounts it names, the causes come before the symptoms (often hours before, on another service, at a
vendor or on one node), the decoys are changes that caused nothing, the node-level fault touches only the pods scheduled
on that node, the asked peaks are not what the alerts say, the healthy services are healthy and the listings are complete.
A world wrong about itself would grade the agents against a fiction. Pure: no database."""

from __future__ import annotations

import datetime as dt
import itertools
import re
from typing import Any

import pytest

from contracts.k8s import service_from_pod_name
from evaluation.worlds import metro
from evaluation.worlds.loading import K8S_SECTION
from tests.evaluation.worlds.bundle_reading import alert_named, logs_of, own_text, series_points, when_logged


@pytest.fixture(scope="module")
def bundle() -> dict[str, Any]:
    return metro.build_bundle()


def _at(clock: str) -> str:
    return f"2027-04-21T{clock}"


def _eve(clock: str) -> str:
    return f"2027-04-20T{clock}"


def _moment(stamp: str) -> dt.datetime:
    return dt.datetime.fromisoformat(stamp)


def _stamps(bundle: dict[str, Any], service: str, needle: str) -> list[str]:
    return [log["timestamp"] for log in logs_of(bundle, service) if needle in log["message"]]


def _question(name: str) -> metro.WorldQuestion:
    return next(q for q in metro.QUESTIONS if q.name == name)


def _own_lines(bundle: dict[str, Any], service: str) -> str:
    """What the service's own instances write, without the on-call engineers' notes."""
    return "\n".join(log["message"] for log in logs_of(bundle, service) if log["instance"] != "ops-console")


TRIP = re.compile(r"trip (T\d+) account (A\d+) (\d{4}) \S+ -> (\d{4}) \S+ fare ¥(\d+\.\d\d) \((FM-[\d-]+), ([\d.]+) km(, via .*)?\)$")


def test_only_the_gateway_pods_on_node_09_die_and_the_node_says_why(bundle):
    ooms = [log for log in logs_of(bundle, "gd-gate-gw") if "unable to create native thread" in log["message"]
            and log["instance"] != "ops-console"]
    assert ooms and {log["instance"] for log in ooms} == set(metro.ON_BAD_NODE)
    pods = bundle[K8S_SECTION]["pods"]
    assert {p["name"] for p in pods if p["node"] == metro.BAD_NODE} == set(metro.ON_BAD_NODE)  # nothing else runs there
    gateway = [p for p in pods if p["service"] == "gd-gate-gw"]
    assert len(gateway) == 12
    for pod in gateway:
        if pod["node"] == metro.BAD_NODE:
            assert pod["waiting_reason"] == "CrashLoopBackOff" and pod["ready"] == "0/1" and pod["restarts"] > 20
            assert pod["last_termination"]["exit_code"] == 3
        else:
            assert pod["phase"] == "Running" and pod["restarts"] == 0 and pod["ready"] == "1/1"
    # Every JVM death follows the kernel refusing a fork in a pod cgroup on node-09, and the node logs nothing else of the kind.
    rejected = [log for log in logs_of(bundle, "gd-k8s-node") if "fork rejected by pids controller" in log["message"]]
    assert {log["instance"] for log in rejected} == {metro.BAD_NODE}
    exits = sorted(log["timestamp"] for log in logs_of(bundle, "gd-gate-gw") if log["message"] == metro.GW_EXIT)
    assert len(rejected) == len(exits)
    assert all(r["timestamp"] <= e for r, e in zip(sorted(rejected, key=lambda x: x["timestamp"]), exits, strict=True))
    # The gateway's own lines name neither the node nor its kubelet's limit: the analyst has to look at the node.
    for word in ("podPidsLimit", "lt-rush-v3", "pids", metro.BAD_NODE):
        assert word not in _own_lines(bundle, "gd-gate-gw")
    events = [e for e in bundle[K8S_SECTION]["events"] if e["reason"] == "BackOff"]
    assert {e["object"] for e in events} == {f"Pod/{pod}" for pod in metro.ON_BAD_NODE}
    alert = alert_named(bundle, "KubePodCrashLooping")
    assert alert["state"] == "firing" and alert["starts_at"] > min(exits)[:19]


def test_node_09_joined_with_its_pids_limit_after_the_scale_out_and_before_the_first_death(bundle):
    scaled = when_logged(bundle, "HPA gd-gate-gw: scaled 6 -> 9 (cpu 82% of request, target 60%)")
    scale_up, joined = when_logged(bundle, metro.SCALE_UP), when_logged(bundle, metro.NODE_JOIN)
    first_oom = min(_stamps(bundle, "gd-gate-gw", "unable to create native thread"))
    assert when_logged(bundle, metro.GW_HEARTBEAT) < scaled < scale_up < joined < first_oom
    [join] = [log for log in bundle["logs"] if log["message"] == metro.NODE_JOIN]
    assert join["instance"] == metro.BAD_NODE and "podPidsLimit=256" in join["message"]
    assert "change" not in join["attributes"]  # the autoscaler's node is nobody's change line
    # The load line before each death: the pod's threads reach the limit; memory was never the problem.
    loads = [log for log in logs_of(bundle, "gd-gate-gw") if log["message"].startswith("station sessions") and "live threads" in
             log["message"]]
    assert loads and all(246 <= int(re.search(r"live threads (\d+)", log["message"]).group(1)) <= 256 for log in loads)
    # node-04's failed PSU is a decoy: firing, and every pod there is fine.
    assert alert_named(bundle, "NodePsuRedundancyLost")["state"] == "firing"
    assert all(p["restarts"] == 0 for p in bundle[K8S_SECTION]["pods"] if p["node"] == metro.PSU_NODE)
    assert _moment(first_oom) - _moment(joined) < dt.timedelta(minutes=15)


def test_line_1_gates_fall_offline_only_while_the_full_blacklist_is_pulled_through_their_links(bundle):
    received, started = when_logged(bundle, metro.BL_RECEIVED), when_logged(bundle, metro.PKG_START)
    timeouts = [log for log in logs_of(bundle, "gd-gate-gw") if "switched to OFFLINE mode" in log["message"]]
    assert len(timeouts) == len(metro.LINE1)
    assert {re.search(r"station (\d{4}) ", log["message"]).group(1) for log in timeouts} == set(metro.LINE1)
    assert received < started < min(log["timestamp"] for log in timeouts)
    paused = when_logged(bundle, metro.PKG_PAUSE)
    backs = _stamps(bundle, "gd-gate-gw", "gates back ONLINE")
    assert len(backs) == len(metro.LINE1) and paused < min(backs) and max(backs) < _at("06:20")
    uplinks = [log for log in logs_of(bundle, "gd-station") if "uplink 2 Mbps" in log["message"]]
    assert uplinks and {log["instance"] for log in uplinks} == {f"SC-{code}" for code in metro.LINE1}
    assert all(log["timestamp"] < paused for log in uplinks)
    # Online verification of the other lines' stations goes on meanwhile.
    relays = [log for log in logs_of(bundle, "gd-gate-gw") if "QR ok" in log["message"]
              and _at("05:10") <= log["timestamp"] < _at("06:00")]
    assert relays and not [log for log in relays if re.search(r"verify relay (\d{4})", log["message"]).group(1) in metro.LINE1]
    # The full list is 180 times the usual delta, and the gateway's own lines name neither list nor package.
    assert "type FULL" in metro.BL_RECEIVED and "type DELTA" in metro.BL_RECEIVED
    for word in ("BL-20270421", "P-20270421-01", "FULL", "blacklist"):
        assert word not in own_text(bundle, "gd-gate-gw")
    assert when_logged(bundle, metro.GW_DEPLOY) < received  # the 04:10 deploy: a decoy
    assert {log["service"] for log in bundle["logs"] if log["message"] == metro.BL_RECEIVED} == {"gd-param"}


def test_the_gateway_has_two_incidents_hours_apart(bundle):
    offline = _stamps(bundle, "gd-gate-gw", "switched to OFFLINE mode")
    ooms = _stamps(bundle, "gd-gate-gw", "unable to create native thread")
    assert max(offline) < _at("06:00") and min(ooms) > _at("07:20")
    assert alert_named(bundle, "GateOfflineHigh")["ends_at"] < alert_named(bundle, "KubePodCrashLooping")["starts_at"]
    # Neither of the two is on the other's stations or pods.
    assert not {log["instance"] for log in logs_of(bundle, "gd-gate-gw") if "OFFLINE" in log["message"]} & set(metro.ON_BAD_NODE)


def test_2_3_trips_are_fared_round_the_detour_only_under_the_matrix_without_the_transfer_link(bundle):
    imported, built = when_logged(bundle, metro.NET_IMPORT), when_logged(bundle, metro.MATRIX_BUILD)
    reopened, fixed = when_logged(bundle, metro.NET_FIX), when_logged(bundle, metro.MATRIX_FIX)
    assert reopened < fixed  # the trips are fared by the matrix: the detour lasts until it is rebuilt
    affected = {(o, d): (km, fare, dkm, dfare) for o, d, km, fare, dkm, dfare in metro.AFFECTED}
    detours, direct = [], []
    for log in logs_of(bundle, "gd-trip"):
        match = TRIP.search(log["message"])
        if not match or (match.group(3), match.group(4)) not in affected:
            continue
        km, fare, dkm, dfare = affected[(match.group(3), match.group(4))]
        charged, matrix, distance, via = float(match.group(5)), match.group(6), float(match.group(7)), match.group(8)
        if matrix == "FM-20270421":
            assert (charged, distance, via) == (dfare, dkm, metro.VIA_DETOUR)
            detours.append(log["timestamp"])
        else:
            assert (charged, distance, via) == (fare, km, metro.VIA_DIRECT)
            direct.append(log["timestamp"])
        assert metro.fare_for(distance) == charged
    assert detours and direct and imported < built < min(detours) and max(detours) < fixed
    assert [ts for ts in direct if ts < imported] and [ts for ts in direct if ts > fixed]  # yesterday's fares, and after the fix
    assert all(dfare > fare for _, _, _, fare, _, dfare in metro.AFFECTED)
    # The disputes name only trips charged round the detour, with yesterday's fare beside.
    detoured = {TRIP.search(log["message"]).group(1) for log in logs_of(bundle, "gd-trip") if "(FM-20270421," in log["message"]}
    disputes = [log for log in logs_of(bundle, "gd-app-api") if log["message"].startswith("fare dispute")]
    assert disputes and {re.search(r"trip (T\d+)\)", log["message"]).group(1) for log in disputes} <= detoured
    assert when_logged(bundle, metro.FARE_DECOY) > min(detours)  # the cache config came after the first detour: a decoy
    assert _moment(min(detours)) - _moment(imported) > dt.timedelta(hours=7)


def test_entries_are_denied_for_exactly_the_trips_entered_before_the_unregistered_drill_ended(bundle):
    drill_on, drill_off = when_logged(bundle, metro.DRILL_ON), when_logged(bundle, metro.DRILL_OFF)
    rollover, registered = when_logged(bundle, metro.ROLLOVER), when_logged(bundle, metro.DRILL_REGISTER)
    denies = [log for log in logs_of(bundle, "gd-qr-verify") if "UNFINISHED_TRIP" in log["message"]]
    assert denies and drill_off < rollover < min(log["timestamp"] for log in denies)
    assert max(log["timestamp"] for log in denies) < registered < when_logged(bundle, metro.DRILL_CLOSED)
    for log in denies:
        station, clock = re.search(r"last trip entry (\d{4}) \S+ 2027-04-20 (\d\d:\d\d:\d\d)", log["message"]).groups()
        assert station[:2] == "03" and "22:10:00" <= clock <= drill_off[11:19]  # line 3, in before the gates closed again
    assert len({re.search(r"account (A\d+)", log["message"]).group(1) for log in denies}) == len(denies) <= metro.DRILL_ACCOUNTS
    free = _stamps(bundle, "gd-station", "free passage")
    assert free and drill_on < min(free) and max(free) < drill_off
    assert "degraded-mode periods registered: 0" in metro.ROLLOVER
    assert _moment(min(log["timestamp"] for log in denies)) - _moment(drill_on) > dt.timedelta(hours=6)
    for word in ("EMERGENCY_RELEASE", "YL-0420-0312", "drill"):
        assert word not in own_text(bundle, "gd-qr-verify")
    assert when_logged(bundle, metro.QR_DEPLOY) < min(log["timestamp"] for log in denies)  # the 05:10 deploy: a decoy
    alert = alert_named(bundle, "QrEntryDeniedHigh")
    assert alert["state"] == "resolved" and alert["ends_at"] > registered[:19]


def test_ride_codes_are_refused_for_arrears_only_while_deductions_are_merged(bundle):
    merged, unmerged = when_logged(bundle, metro.MERGE_ON), when_logged(bundle, metro.MERGE_OFF)
    assert {log["service"] for log in bundle["logs"] if log["message"] in (metro.MERGE_ON, metro.MERGE_OFF)} == {"gd-payment"}
    payments = logs_of(bundle, "gd-payment")
    queued = [log["timestamp"] for log in payments if "queued for merged deduction" in log["message"]]
    deducted = [log["timestamp"] for log in payments if log["message"].startswith("deduct trip ")]
    assert queued and merged < min(queued) and max(queued) < unmerged
    assert deducted and not [ts for ts in deducted if merged < ts < unmerged]
    refused = [log for log in logs_of(bundle, "gd-app-api") if " ARREARS " in log["message"]]
    assert refused and _at("05:30") < min(log["timestamp"] for log in refused) and max(log["timestamp"] for log in refused) < unmerged
    for log in refused:
        oldest = re.search(r"oldest 2027-04-20 (\d\d:\d\d:\d\d)", log["message"]).group(1)
        assert oldest > merged[11:19]  # every unpaid trip is one the window held back
    assert _moment(min(log["timestamp"] for log in refused)) - _moment(merged) > dt.timedelta(hours=9)
    for word in ("merge-window", "FIN-0420", "merged"):
        assert word not in own_text(bundle, "gd-app-api")
    assert when_logged(bundle, metro.APP_DEPLOY) < min(log["timestamp"] for log in refused)  # the 00:40 deploy: a decoy
    assert unmerged < when_logged(bundle, metro.MERGE_RUN)


def test_the_clearing_job_is_held_by_one_skewed_task_of_the_vendor_replay(bundle):
    connected, replayed = when_logged(bundle, metro.REPLAY_CONNECT), when_logged(bundle, metro.REPLAY_DONE)
    started, late = when_logged(bundle, metro.CLR_START), when_logged(bundle, metro.CLR_SLA)
    rerun, done = when_logged(bundle, metro.CLR_RERUN), when_logged(bundle, metro.CLR_DONE)
    assert connected < replayed < when_logged(bundle, metro.CLR_DEPLOY) < started < late < rerun < done
    assert {log["service"] for log in bundle["logs"] if log["message"] in (metro.REPLAY_CONNECT, metro.REPLAY_DONE)} == {"gd-mq"}
    stages = [log for log in logs_of(bundle, "gd-clearing") if "199/200 done, task 143" in log["message"]]
    minutes = [int(re.search(r"running (\d+) min", log["message"]).group(1)) for log in stages]
    assert minutes == sorted(minutes) and minutes[-1] > 300 and max(log["timestamp"] for log in stages) < rerun
    # The rerun without the test card reads exactly the input less the replay.
    assert 4_931_207 - 1_204_880 == 3_726_327
    assert "1,204,880" in metro.REPLAY_DONE and "4,931,207" in metro.CLR_START and "3,726,327" in metro.CLR_DONE
    alert = alert_named(bundle, "ClearingSettlementLate")
    assert alert["starts_at"][:19] == late[:19] and done[:19] < alert["ends_at"]
    pending = dict(series_points(bundle, "clearing_settlement_files_pending"))
    assert pending[_at("07:00:00+08:00")] == 3 and pending[_at("09:00:00+08:00")] == 0
    # The night's CPU alert on node-03 is the job itself running, resolved long before the SLA.
    assert alert_named(bundle, "HostCpuHigh")["ends_at"] < _at("06:00")


def test_the_loop_at_the_north_station_is_the_contractor_s_patch_cable(bundle):
    checkin, pulled = when_logged(bundle, metro.PIS_CHECKIN), when_logged(bundle, metro.LOOP_FIX)
    flaps = [log for log in logs_of(bundle, "gd-station") if "MACFLAP" in log["message"]]
    assert flaps and {log["instance"] for log in flaps} == {"SW-0301-A"}
    assert all("between port Gi1/0/23 and port Gi1/0/24" in log["message"] for log in flaps)
    lost = [log for log in logs_of(bundle, "gd-station") if "heartbeat lost to" in log["message"]]
    assert lost and {log["instance"] for log in lost} == {"SC-0301"}
    stamps = [log["timestamp"] for log in flaps + lost]
    assert checkin < min(stamps) and max(stamps) < pulled < when_logged(bundle, metro.LOOP_BACK)
    assert when_logged(bundle, metro.STATION_DECOY) < checkin  # the alarm-volume config: a decoy
    sessions = [log for log in logs_of(bundle, "gd-gate-gw") if "session lost" in log["message"]]
    assert sessions and all("0301" in log["message"] for log in sessions)
    offline = dict(series_points(bundle, "station_gates_offline", station="0301"))
    assert offline[_at("08:30:00+08:00")] == 26 and offline[_at("09:10:00+08:00")] == 0
    alert = alert_named(bundle, "StationGatesOffline")
    assert alert["state"] == "resolved" and alert["labels"]["station"] == "0301"


def test_exits_find_no_entry_only_between_the_partition_increase_and_the_re_match(bundle):
    increased, rematched = when_logged(bundle, metro.PARTITIONS), when_logged(bundle, metro.REMATCH)
    [line] = [log for log in bundle["logs"] if log["message"] == metro.PARTITIONS]
    assert line["service"] == "gd-mq" and line["attributes"]["change"] == "ops"
    missing = _stamps(bundle, "gd-trip", "no entry record")
    assert missing and increased < when_logged(bundle, metro.REBALANCE) < min(missing) and max(missing) < rematched
    assert when_logged(bundle, metro.TRIP_DECOY) < increased  # the 07:10 matching config: a decoy
    assert all("MAX_FARE ¥9.00" in log["message"] for log in logs_of(bundle, "gd-trip") if "no entry record" in log["message"])
    for word in ("MQ-0421", "partitions increased", "mq_ops_zhaojun"):
        assert word not in own_text(bundle, "gd-trip")
    # The increase did what it was for: the lag fell.
    lag = dict(series_points(bundle, "trip_consumer_lag"))
    assert lag[_at("07:38:00+08:00")] > 150_000 > 20_000 > lag[_at("08:00:00+08:00")]


def test_freezes_touch_only_the_new_station_stored_at_zero_zero(bundle):
    imported, opened = when_logged(bundle, metro.STN_IMPORT), when_logged(bundle, metro.STN_OPEN)
    fixed, unfrozen = when_logged(bundle, metro.STN_FIX), when_logged(bundle, metro.UNFREEZE)
    freezes = [log for log in logs_of(bundle, "gd-risk") if "rule IMPOSSIBLE_SPEED hit" in log["message"]]
    assert freezes and imported < opened < min(log["timestamp"] for log in freezes)
    assert max(log["timestamp"] for log in freezes) < fixed < unfrozen
    for log in freezes:
        message = log["message"]
        assert "0421 临江门" in message and "(0.000000, 0.000000)" in message
        first = re.search(r"(\d\d:\d\d:\d\d) \(", message).group(1)
        assert first >= "06:00:00"  # nobody tapped at 临江门 before it opened
        km, minutes, kmh = re.search(r"([\d,]+) km in (\d+) min = ([\d,]+) km/h", message).groups()
        speed = float(kmh.replace(",", ""))
        assert abs(float(km.replace(",", "")) / int(minutes) * 60 - speed) < 0.001 * speed  # the printed km are rounded
        # With the station's real coordinates the same ride is an ordinary one.
        other = re.search(r"(\d{4}) \S+ \d\d:\d\d:\d\d \((?!0\.000000)", message).group(1)
        assert metro._haversine(metro.NEW_STATION_TRUE, metro.COORDS[other]) / int(minutes) * 60 < 120
    assert _moment(opened) - _moment(imported) > dt.timedelta(hours=13)
    assert when_logged(bundle, metro.RISK_DECOY) < min(log["timestamp"] for log in freezes)
    frozen = {re.search(r"account (A\d+)", log["message"]).group(1) for log in freezes}
    app = [log for log in logs_of(bundle, "gd-app-api") if "RISK_FROZEN" in log["message"]]
    assert app and {re.search(r"account (A\d+)", log["message"]).group(1) for log in app} <= frozen


def test_topups_time_out_only_while_the_pool_falls_back_to_eight(bundle):
    removed, restored = when_logged(bundle, metro.POOL_REMOVED), when_logged(bundle, metro.POOL_RESTORED)
    failures = _stamps(bundle, "gd-card", "Timeout waiting for idle object")
    assert failures and _at("07:25") < min(failures) and max(failures) < restored
    stats = [log for log in logs_of(bundle, "gd-card") if log["message"].startswith("pool ctc-topup")]
    for log in stats:
        size = int(re.search(r"maxTotal (\d+)", log["message"]).group(1))
        assert size == (8 if removed < log["timestamp"] < restored else 64)
    # Overnight the small pool is enough; only the rush exhausts it.
    quiet = [log for log in stats if removed < log["timestamp"] < _at("07:25")]
    assert quiet and all("waiters 0" in log["message"] for log in quiet)
    oks = _stamps(bundle, "gd-card", "ok (CTC host")
    assert [ts for ts in oks if min(failures) < ts < max(failures)]  # the eight connections still serve some
    assert removed < when_logged(bundle, metro.CARD_DEPLOY) < min(failures)  # the 01:05 deploy: a decoy
    assert _moment(min(failures)) - _moment(removed) > dt.timedelta(hours=9)
    assert "(was 64)" in metro.POOL_REMOVED and "new=64" in metro.POOL_RESTORED


def test_the_asked_peaks_are_not_what_the_alerts_say(bundle):
    for alert_name, metric, clock, peak, value in (
            ("GateOfflineHigh", "gate_offline_count", "05:47", metro.GATE_OFFLINE_PEAK, metro.GATE_OFFLINE_ALERT),
            ("TopupFailureHigh", "topup_failure_ratio", "08:12", metro.TOPUP_PEAK, metro.TOPUP_ALERT),
            ("TripNoEntryRecordHigh", "trip_no_entry_exits_per_5m", "08:04", metro.NO_ENTRY_PEAK, metro.NO_ENTRY_ALERT)):
        alert = alert_named(bundle, alert_name)
        assert alert["value"] == value and str(peak) not in value
        points = series_points(bundle, metric)
        stamp = _at(f"{clock}:00+08:00")
        assert dict(points)[stamp] == peak == max(v for _, v in points)
        assert [v for _, v in points].count(peak) == 1
        assert alert["starts_at"] < stamp < alert["ends_at"]
    assert {q.peak.metric: q.peak.value for q in metro.QUESTIONS if q.peak} == {
        "gate_offline_count": 318, "topup_failure_ratio": 38.4, "trip_no_entry_exits_per_5m": 2417}
    # 318 of the 326 line 1 gates: the peak is the line, not the network.
    assert sum(metro.GATES_PER_L1_STATION) == 326 > metro.GATE_OFFLINE_PEAK


def test_the_payment_change_listing_is_complete(bundle):
    question = _question("metro_payment_changes_listing")
    changes = [log["message"] for log in logs_of(bundle, "gd-payment") if log["attributes"].get("change")]
    assert len(changes) == len(question.asked_facts) == 4
    assert all(log["level"] == "INFO" for log in logs_of(bundle, "gd-payment") if log["attributes"].get("change"))

    def names(fact, line: str) -> bool:
        return any(spelling in line for spelling in fact.spellings)

    assert any(all(names(fact, line) for fact, line in zip(question.asked_facts, order, strict=True))
               for order in itertools.permutations(changes))
    assert all(sum(names(fact, line) for fact in question.asked_facts) == 1 for line in changes)
    assert min(log["timestamp"] for log in logs_of(bundle, "gd-payment") if log["attributes"].get("change")) > _eve("16:00")


def test_the_healthy_services_are_quiet_and_the_firing_alerts_are_the_listed_ones(bundle):
    for service in ("gd-tvm", "gd-invoice"):
        assert not [a for a in bundle["alerts"] if a["service"] == service]
        assert {log["level"] for log in logs_of(bundle, service)} <= {"INFO", "WARN"}
        assert not [word for word in metro.INCIDENT_WORDS if word in own_text(bundle, service)]
        assert all(p["restarts"] == 0 and p["phase"] == "Running" for p in bundle[K8S_SECTION]["pods"] if p["service"] == service)
        watched = [s for s in bundle["metrics"] if s["service"] == service and s["threshold"] is not None]
        assert len(watched) == 2 and all(max(v for _, v in s["points"]) < s["threshold"] for s in watched)
        assert all(len({v for _, v in s["points"]}) > 5 for s in watched)  # the series wobble
    # The TVM backend sells tokens; the failed top-ups at its machines are gd-card's and never pass through it.
    assert not [log for log in logs_of(bundle, "gd-tvm") if "topup" in log["message"]]
    assert {a["name"] for a in bundle["alerts"] if a["state"] == "firing"} == set(metro.FIRING)
    assert {f.spellings[0] for f in _question("metro_alert_listing").asked_facts} == set(metro.FIRING)


def test_the_triggers_are_of_many_kinds_and_several_sit_upstream_or_hours_back(bundle):
    changes = {log["message"]: (log["service"], log["attributes"]["change"]) for log in bundle["logs"]
               if log["attributes"].get("change")}
    assert {kind for _, kind in changes.values()} >= {"data", "config", "deploy", "ops"}
    assert changes[metro.NET_IMPORT] == ("gd-fare", "data") and changes[metro.STN_IMPORT] == ("gd-station", "data")
    assert changes[metro.DRILL_ON] == ("gd-station", "ops") and changes[metro.PARTITIONS] == ("gd-mq", "ops")
    assert changes[metro.MERGE_ON] == ("gd-payment", "config") and changes[metro.POOL_REMOVED] == ("gd-card", "config")
    # The vendors' lists and replays, the jobs and the autoscaler are nobody's change of ours.
    for message in (metro.BL_RECEIVED, metro.CTC_NOTICE, metro.REPLAY_CONNECT, metro.REPLAY_DONE, metro.MATRIX_BUILD,
                    metro.ROLLOVER, metro.SCALE_UP, metro.NODE_JOIN, metro.PIS_CHECKIN):
        assert message not in changes
    # Upstream: the asked service is not the one whose line is the trigger.
    for name, trigger in (("metro_qr_unfinished_trip_cause", metro.DRILL_ON),
                          ("metro_app_ridecode_arrears_cause", metro.MERGE_ON),
                          ("metro_gate_gw_opening_offline_cause", metro.BL_RECEIVED),
                          ("metro_risk_freeze_cause", metro.STN_IMPORT),
                          ("metro_trip_max_fare_cause", metro.PARTITIONS)):
        [line] = [log for log in bundle["logs"] if log["message"] == trigger]
        assert line["service"] != _question(name).service
    # Hours back: the pool the evening before, the station data the afternoon before.
    assert _moment(alert_named(bundle, "RiskFreezeSurge")["starts_at"]) - _moment(when_logged(bundle, metro.STN_IMPORT)) > \
        dt.timedelta(hours=14)


def test_the_metro_pods_are_named_like_kubernetes_names_them_and_nothing_happens_after_the_reference(bundle):
    for pod in bundle[K8S_SECTION]["pods"]:
        assert service_from_pod_name(pod["name"]) == pod["service"], pod["name"]
        assert pod["node"] in metro.NODES and pod["namespace"] == metro.NS
    deployments = {d["name"]: d for d in bundle[K8S_SECTION]["deployments"]}
    assert deployments["gd-gate-gw"]["replicas"] == 12 and deployments["gd-gate-gw"]["ready"] == 9
    assert "gd-mq" not in deployments  # the managed Kafka is outside the cluster
    now = _moment(bundle["reference_time"])
    stamps = [log["timestamp"] for log in bundle["logs"]] + [e["last_seen"] for e in bundle[K8S_SECTION]["events"]]
    stamps += [ts for series in bundle["metrics"] for ts, _ in series["points"]]
    assert all(_moment(stamp) <= now for stamp in stamps)
    assert _moment(bundle["logs"][0]["timestamp"]) >= metro.START
    events = bundle[K8S_SECTION]["events"]
    assert events and all(now - _moment(e["first_seen"]) <= dt.timedelta(hours=1) for e in events)
    assert len(metro.QUESTIONS) == 16
    kinds = [q.asked for q in metro.QUESTIONS]
    assert (kinds.count("cause"), kinds.count("quantity"), kinds.count("existence"), kinds.count("listing")) == (8, 3, 3, 2)
    assert sum(q.healthy for q in metro.QUESTIONS) == 2
