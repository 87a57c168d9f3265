"""The greenhouse world tells the story its docstring tells: each incident's symptoms stay inside their window and on the
greenhouses, zones, lines, rooms and pods they name, the causes come before the symptoms (often hours before, on another
service, at a vendor, by an operator's hand or on one node), the decoys are changes that caused nothing, the node-level fault
touches only the pods scheduled on that node, the asked peaks are not what the alerts say, the healthy services are healthy
and the listings are complete. A world wrong about itself would grade the agents against a fiction. Pure: no database."""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

import pytest

from contracts.k8s import service_from_pod_name
from evaluation.worlds import greenhouse as gh
from evaluation.worlds.loading import K8S_SECTION
from tests.evaluation.worlds.bundle_reading import alert_named, logs_of, own_text, series_points, when_logged


@pytest.fixture(scope="module")
def bundle() -> dict[str, Any]:
    return gh.build_bundle()


def _at(clock: str) -> str:
    return f"2027-04-15T{clock}"


def _eve(clock: str) -> str:
    return f"2027-04-14T{clock}"


def _moment(stamp: str) -> dt.datetime:
    return dt.datetime.fromisoformat(stamp)


def _stamps(bundle: dict[str, Any], service: str, needle: str) -> list[str]:
    return [log["timestamp"] for log in logs_of(bundle, service) if needle in log["message"]]


def _question(name: str) -> gh.WorldQuestion:
    return next(q for q in gh.QUESTIONS if q.name == name)


def _own_lines(bundle: dict[str, Any], service: str) -> str:
    """What the service's own instances write, without the on-call engineers' notes."""
    return "\n".join(log["message"] for log in logs_of(bundle, service) if log["instance"] != "ops-console")


def test_gw05_hears_nothing_on_its_new_channels_and_says_so_only_by_its_values(bundle):
    ota, fixed = when_logged(bundle, gh.GW_OTA), when_logged(bundle, gh.GW_FIX)
    stats = [log for log in logs_of(bundle, "lv-iot") if log["message"].startswith("gateway GW-05 stats")]
    wrong = [log for log in stats if "ch 8-15" in log["message"]]
    assert wrong and all(ota < log["timestamp"] < fixed for log in wrong)
    assert all(re.search(r"rx_ok [0-2],", log["message"]) for log in wrong)
    assert [log for log in stats if log["timestamp"] > fixed and "ch 0-7" in log["message"]]
    assert {log["level"] for log in stats} == {"INFO"}
    # The neighbours keep hearing their sensors on ch 0-7 all night.
    for g in ("GW-04", "GW-06"):
        neighbour = [log for log in logs_of(bundle, "lv-iot") if log["message"].startswith(f"gateway {g} stats")]
        assert neighbour and all("ch 0-7" in log["message"] for log in neighbour)
    # The vendor's OTA is nobody's deploy or config push here.
    assert not [log for log in bundle["logs"] if "OTA-LX-0414-22" in log["message"]
                and log["attributes"].get("change") in ("deploy", "config")]


def test_the_climate_held_g05_at_17_2_with_the_vents_shut_until_the_sensors_came_back(bundle):
    ota, fixed = when_logged(bundle, gh.GW_OTA), when_logged(bundle, gh.GW_FIX)
    g5 = [log for log in logs_of(bundle, "lv-climate") if log["message"].startswith("greenhouse G05 control")]
    held = [log for log in g5 if "held, stale" in log["message"]]
    assert held and ota < min(log["timestamp"] for log in held) and max(log["timestamp"] for log in held) < fixed
    assert all("air temp 17.2°C" in log["message"] and "vents 0%" in log["message"] for log in held)
    probes = [float(re.search(r"safety probe ([\d.]+)°C", log["message"]).group(1)) for log in held]
    assert max(probes) > 32  # the real air in the morning sun, seen only by the wired probe
    assert when_logged(bundle, gh.CLIMATE_FRESH) > fixed
    assert [log for log in g5 if log["timestamp"] > fixed and "vents 85%" in log["message"]]
    # The stale sensors began hours before the day program turned them into an alert and a hot greenhouse.
    for name in ("ZoneSensorStale", "GreenhouseTempHigh"):
        assert _moment(alert_named(bundle, name)["starts_at"]) - _moment(ota) > dt.timedelta(hours=7)
    assert when_logged(bundle, gh.CLIMATE_DEPLOY) > min(log["timestamp"] for log in held)  # the 05:20 deploy: a decoy
    for word in ("OTA-LX-0414-22", "ch 8-15", "2.8.0", "联信物联"):
        assert word not in _own_lines(bundle, "lv-climate")


def test_four_zones_pulse_at_once_on_pump_p2_only_after_the_copied_plan(bundle):
    published, amended = when_logged(bundle, gh.PLAN_PUBLISH), when_logged(bundle, gh.PLAN_FIX)
    low = [log for log in logs_of(bundle, "lv-fertigation") if "EC dosing paused" in log["message"]]
    assert low and published < min(log["timestamp"] for log in low) and max(log["timestamp"] for log in low) < amended
    assert {re.search(r"zone (\w+):", log["message"]).group(1) for log in low} <= set(gh.P2_ZONES)
    starts = [log["message"] for log in logs_of(bundle, "lv-fertigation") if log["message"].startswith("pulse start")]
    assert [m for m in starts if "(4 zones)" in m] and [m for m in starts if "(2 zones)" in m]
    four = _stamps(bundle, "lv-fertigation", "(4 zones)")
    assert max(four) < amended < min(_stamps(bundle, "lv-fertigation", "(2 zones)"))
    moved = [m for m in (log["message"] for log in logs_of(bundle, "lv-fertigation")) if "start 06:45 -> 06:30" in m]
    assert len(moved) == 2 and all("PP-2027-SPR-02" in m for m in moved)
    assert _moment(alert_named(bundle, "IrrigationFlowLow")["starts_at"]) - _moment(published) > dt.timedelta(hours=12)
    config = when_logged(bundle, gh.FERT_CONFIG)
    assert config < min(four)  # the 06:00 smoothing config: before, and the other zones pulsed fine after it
    assert [log for log in logs_of(bundle, "lv-fertigation") if "pulse done" in log["message"] and config < log["timestamp"] < amended]
    assert {log["service"] for log in bundle["logs"] if log["message"] in (gh.PLAN_PUBLISH, gh.PLAN_FIX)} == {"lv-farmops"}


def test_co2_dosed_at_full_valve_under_open_vents_only_while_the_programme_ignored_them(bundle):
    activated, edited = when_logged(bundle, gh.CO2_PROG), when_logged(bundle, gh.CO2_FIX)
    full = [log for log in logs_of(bundle, "lv-climate") if "dosing valve 100%" in log["message"]]
    assert full and activated < min(log["timestamp"] for log in full) and max(log["timestamp"] for log in full) < edited
    assert all(int(re.search(r"vents (\d+)%", log["message"]).group(1)) >= 30 for log in full)
    stopped = [log for log in logs_of(bundle, "lv-climate") if "dosing stopped: vents above 15%" in log["message"]]
    assert [log for log in stopped if log["timestamp"] < activated] and [log for log in stopped if log["timestamp"] > edited]
    assert "dose_stop_vent_pct=100" in gh.CO2_PROG
    tank = series_points(bundle, "co2_tank_level_percent", tank="T1")
    assert min(v for ts, v in tank if _eve("13:20") <= ts <= _eve("18:20")) < 15
    assert when_logged(bundle, gh.HEATING_CONFIG) < activated  # the heating config: before, with the tank steady
    alert = alert_named(bundle, "CO2TankLevelLow")
    assert activated < alert["starts_at"] < edited and alert["ends_at"] > when_logged(bundle, gh.TANK_REFILL)


def test_only_the_vision_pods_on_gpu_02_fall_back_to_cpu_and_are_slow(bundle):
    cpu = [log for log in logs_of(bundle, "lv-vision") if "CPUExecutionProvider" in log["message"]]
    assert cpu and {log["instance"] for log in cpu} == set(gh.ON_BAD_NODE)
    took = re.compile(r": (\d+)ms \((\w+)\)")
    for log in logs_of(bundle, "lv-vision"):
        match = took.search(log["message"])
        if match:
            assert (int(match.group(1)) > 300) == (log["instance"] in gh.ON_BAD_NODE), log
    pods = bundle[K8S_SECTION]["pods"]
    assert {p["name"] for p in pods if p["node"] == gh.BAD_NODE} == set(gh.ON_BAD_NODE)  # nothing else runs there
    assert all(p["restarts"] == 0 and p["phase"] == "Running" for p in pods if p["service"] == "lv-vision")
    assert {p["node"] for p in pods if p["name"] in gh.VISION_BASE} == set(gh.GPU_NODES)
    drivers = [log for log in bundle["logs"] if "470.199.02" in log["message"]]
    assert {(log["service"], log["instance"]) for log in drivers} == {("lv-k8s-node", gh.BAD_NODE)}
    unhealthy = [e for e in bundle[K8S_SECTION]["events"] if e["reason"] == "Unhealthy"]
    assert {e["object"] for e in unhealthy} == {f"Pod/{pod}" for pod in gh.ON_BAD_NODE}
    for word in ("470.199.02", gh.BAD_NODE, "HW-0414-05"):
        assert word not in _own_lines(bundle, "lv-vision") and word not in own_text(bundle, "lv-grading")


def test_gpu_02_came_back_with_the_old_driver_hours_before_the_scale_out_put_pods_there(bundle):
    back, scaled = when_logged(bundle, gh.NODE_BACK), when_logged(bundle, gh.HPA_SCALE)
    first = min(_stamps(bundle, "lv-vision", "CUDA driver version is insufficient"))
    assert when_logged(bundle, gh.NODE_DRAIN) < when_logged(bundle, gh.NODE_IMAGE) < back < scaled < first
    assert _moment(first) - _moment(back) > dt.timedelta(hours=3)
    assert when_logged(bundle, gh.VISION_CONFIG) < scaled  # the batch-size config reached every pod: a decoy
    rework = _stamps(bundle, "lv-grading", "no vision result within 300ms")
    assert rework and min(rework) > first
    alert = alert_named(bundle, "VisionInferenceLatencyHigh")
    assert alert["state"] == "firing" and alert["ends_at"] is None and alert["starts_at"] > scaled[:19]


def test_line_2_rejects_as_oversize_only_under_the_cherry_recipe(bundle):
    switched, back = when_logged(bundle, gh.RECIPE_SWITCH), when_logged(bundle, gh.RECIPE_BACK)
    oversize = [log for log in logs_of(bundle, "lv-grading") if "OVERSIZE" in log["message"]
                and log["instance"] != "ops-console"]
    assert oversize and switched < min(log["timestamp"] for log in oversize) and max(log["timestamp"] for log in oversize) < back
    assert all(log["message"].startswith("line 2 ") and "TOMATO_CHERRY_R" in log["message"] for log in oversize)
    assert all(int(re.search(r"diameter (\d+)mm", log["message"]).group(1)) > 35 for log in oversize)
    # Line 2 kept grading 粉果 at their usual classes before the switch and after it.
    pink = [log for log in logs_of(bundle, "lv-grading") if log["message"].startswith("line 2 fruit")
            and "TOMATO_PINK_L" in log["message"]]
    assert [log for log in pink if log["timestamp"] < switched] and [log for log in pink if log["timestamp"] > back]
    assert when_logged(bundle, gh.GRADING_DEPLOY) < switched  # the 13:40 deploy graded fine for half an hour: a decoy
    assert [log for log in pink if when_logged(bundle, gh.GRADING_DEPLOY) < log["timestamp"] < switched]
    assert {log["instance"] for log in bundle["logs"] if log["message"] in (gh.RECIPE_SWITCH, gh.RECIPE_BACK)} == {"HMI-2"}


def test_the_handhelds_pull_the_whole_register_after_the_bulk_update_and_the_rate_spikes_at_the_shift_start(bundle):
    bulk = when_logged(bundle, gh.BULK)
    syncs = [log for log in logs_of(bundle, "lv-farmops") if log["message"].startswith("GET /pda/v2/sync")]
    full = [log for log in syncs if "records=" in log["message"]
            and int(re.search(r"records=(\d+)", log["message"]).group(1)) > 180_000]
    assert full and all(_at("05:55") <= log["timestamp"] < _at("06:45") for log in full)
    assert all(re.search(r"since=2027-04-14T18:", log["message"]) for log in full)  # yesterday's end of shift, after the update
    small = [log for log in syncs if "records=" in log["message"] and log not in full]
    assert small and all(int(re.search(r"records=(\d+)", log["message"]).group(1)) < 1000 for log in small)
    refused = [log for log in syncs if " 503 " in log["message"]]
    assert refused and min(log["timestamp"] for log in refused) > min(log["timestamp"] for log in full)
    assert _moment(min(log["timestamp"] for log in full)) - _moment(bulk) > dt.timedelta(hours=12)
    assert "change" not in next(log for log in bundle["logs"] if log["message"] == gh.BULK)["attributes"]
    deploy = when_logged(bundle, gh.FARMOPS_DEPLOY)
    assert deploy < min(log["timestamp"] for log in full)  # the 05:30 deploy synced small increments before: a decoy
    rate = series_points(bundle, "pda_sync_requests_per_min")
    points = dict(rate)
    assert points[_at("06:07:00+08:00")] == gh.SYNC_PEAK > 50 * points[_at("05:50:00+08:00")]


def test_the_intake_rejects_only_the_sprayed_greenhouses_under_the_imported_phi(bundle):
    imported, fixed = when_logged(bundle, gh.CATALOGUE), when_logged(bundle, gh.CAT_FIX)
    rejects = [log for log in logs_of(bundle, "lv-grading") if "PHI_NOT_ELAPSED" in log["message"]]
    assert rejects and imported < min(log["timestamp"] for log in rejects) and max(log["timestamp"] for log in rejects) < fixed
    assert {re.search(r"greenhouse (G\d\d)", log["message"]).group(1) for log in rejects} == set(gh.SPRAYED)
    assert all("phi_days 70" in log["message"] for log in rejects)
    accepted = [log for log in logs_of(bundle, "lv-grading") if "accepted" in log["message"] and "PHI ok" in log["message"]
                and _at("06:40") < log["timestamp"] < fixed]
    assert accepted and not [log for log in accepted if any(f"greenhouse {g}:" in log["message"] for g in gh.SPRAYED)]
    assert "phi_days 7 -> 70" in own_text(bundle, "lv-farmops") and "phi_days 70 -> 7" in gh.CAT_FIX
    assert when_logged(bundle, gh.GRADING_CONFIG) < min(log["timestamp"] for log in rejects)  # a decoy
    assert fixed < when_logged(bundle, gh.INTAKE_RECHECK)
    assert "PC-2027-04" not in _own_lines(bundle, "lv-grading").replace(gh.INTAKE_RECHECK, "")


def test_the_short_precooling_cycles_sent_warm_pallets_into_cr2(bundle):
    maintained, fixed = when_logged(bundle, gh.MAINTENANCE), when_logged(bundle, gh.PROBE_FIX)
    cycles = [log for log in logs_of(bundle, "lv-coldstore") if log["message"].startswith("PT-1 cycle")]
    minutes = [(log["timestamp"], int(re.search(r"after (\d+) min", log["message"]).group(1))) for log in cycles]
    short = [ts for ts, m in minutes if m < 10]
    assert short and maintained < min(short) and max(short) < fixed
    assert [m for ts, m in minutes if ts < maintained] and all(m >= 65 for ts, m in minutes if ts < maintained or ts > fixed)
    temps = series_points(bundle, "cold_room_temp_celsius", room="CR-2")
    assert max(v for ts, v in temps if ts < min(short)) < 4 and max(v for _, v in temps) == gh.CR2_PEAK
    assert when_logged(bundle, gh.COLD_CONFIG) < min(short)  # the alarm delay config cooled nothing down: a decoy
    alert = alert_named(bundle, "ColdRoomTempHigh")
    assert min(short) < alert["starts_at"] < fixed < alert["ends_at"]


def test_the_loading_lists_are_in_delivery_order_only_after_the_release(bundle):
    deploy = when_logged(bundle, gh.DISPATCH_DEPLOY)
    lists = [log for log in logs_of(bundle, "lv-dispatch") if log["message"].startswith("loading list")]
    assert {("load_order=DELIVERY_SEQ" in log["message"]) == (log["timestamp"] > deploy) for log in lists} == {True}
    slow = [log for log in logs_of(bundle, "lv-dispatch") if "driver note" in log["message"]]
    assert slow and min(log["timestamp"] for log in slow) > deploy
    assert all(int(re.search(r"unloaded in (\d+) min", log["message"]).group(1)) >= 30 for log in slow)
    assert when_logged(bundle, gh.DISPATCH_CONFIG) > deploy  # the max-stops config: a decoy after the release
    assert when_logged(bundle, gh.DISPATCH_FIX) > min(log["timestamp"] for log in slow)
    late = _stamps(bundle, "lv-dispatch", "-> LATE")
    alert = alert_named(bundle, "StoreDeliveryLate")
    assert late and alert["starts_at"] < max(late) and alert["state"] == "resolved"


def test_the_dc_scans_pushed_the_lots_past_the_anticounterfeit_rule_before_the_consumers_scanned(bundle):
    dc = [log for log in logs_of(bundle, "lv-trace") if "JJH-WMS/3.2" in log["message"]]
    flags = [log for log in logs_of(bundle, "lv-trace") if "rule AC-3" in log["message"]]
    warned = [log for log in logs_of(bundle, "lv-trace") if "warning=COUNTERFEIT_SUSPECT" in log["message"]]
    assert dc and flags and warned
    assert max(log["timestamp"] for log in dc) < min(log["timestamp"] for log in warned)
    lot = re.compile(r"/q/(L[\w-]+) ")
    assert {lot.search(log["message"]).group(1) for log in warned} <= set(gh.JJH_LOTS)
    assert {re.search(r"lot (L[\w-]+):", log["message"]).group(1) for log in flags} == set(gh.JJH_LOTS)
    ordinary = [log for log in logs_of(bundle, "lv-trace") if log["message"].startswith("GET /q/") and "warning" not in
                log["message"] and "JJH" not in log["message"]]
    assert ordinary and not {lot.search(log["message"]).group(1) for log in ordinary} & set(gh.JJH_LOTS)
    counts = [int(re.search(r"scan_count=(\d+)", log["message"]).group(1)) for log in warned]
    assert min(counts) > 500
    assert when_logged(bundle, gh.TRACE_DEPLOY) > min(log["timestamp"] for log in warned)  # the 08:30 deploy: a decoy
    assert not [log for log in bundle["logs"] if "JJH-WMS" in log["message"] and log["attributes"].get("change")]


def test_climate_and_grading_each_have_two_incidents_at_different_times(bundle):
    co2 = _stamps(bundle, "lv-climate", "dosing valve 100%")
    stale = _stamps(bundle, "lv-climate", "held, stale")
    assert max(co2) < min(stale)
    assert alert_named(bundle, "CO2TankLevelLow")["ends_at"] < alert_named(bundle, "ZoneSensorStale")["starts_at"]
    oversize = _stamps(bundle, "lv-grading", "OVERSIZE")
    phi = _stamps(bundle, "lv-grading", "PHI_NOT_ELAPSED")
    assert max(oversize) < _eve("16:00") and min(phi) > _at("06:00")
    assert alert_named(bundle, "GradingRejectRateHigh")["labels"]["line"] == "2"


def test_the_quantity_peaks_are_not_what_the_alerts_say(bundle):
    for name, metric, labels, alert_name, peak, stamp in (
            ("greenhouse_g5_temp_quantity", "greenhouse_air_temp_celsius", {"greenhouse": "G05"}, "GreenhouseTempHigh",
             gh.TEMP_PEAK, _at("10:12:00+08:00")),
            ("greenhouse_pda_sync_rate_quantity", "pda_sync_requests_per_min", {}, "PdaSyncLatencyHigh", gh.SYNC_PEAK,
             _at("06:07:00+08:00")),
            ("greenhouse_cr2_temp_quantity", "cold_room_temp_celsius", {"room": "CR-2"}, "ColdRoomTempHigh", gh.CR2_PEAK,
             _eve("18:36:00+08:00"))):
        points = series_points(bundle, metric, **labels)
        assert dict(points)[stamp] == peak == max(value for _, value in points)
        alert = alert_named(bundle, alert_name)
        assert str(peak) not in alert["value"] and alert["starts_at"] < stamp
        question = _question(name)
        assert question.peak is not None and question.peak.value == peak
        assert str(peak) not in str(alert["labels"]) and str(peak) not in alert["summary"]


def test_the_healthy_services_are_healthy_and_their_changes_are_decoys(bundle):
    for service in ("lv-member", "lv-energy"):
        assert not [a for a in bundle["alerts"] if a["service"] == service]
        assert {log["level"] for log in logs_of(bundle, service)} <= {"INFO", "WARN"}
        for word in gh.INCIDENT_WORDS:
            assert word not in own_text(bundle, service)
        pods = [p for p in bundle[K8S_SECTION]["pods"] if p["service"] == service]
        assert pods and all(p["restarts"] == 0 and p["ready"] == "1/1" for p in pods)
        for metric in ("http_5xx_ratio", "http_p99_latency"):
            [series] = [s for s in bundle["metrics"] if s["name"] == metric and s["service"] == service]
            assert max(v for _, v in series["points"]) < series["threshold"]
    changes = {log["message"] for log in bundle["logs"] if log["attributes"].get("change")}
    assert gh.MEMBER_DEPLOY in changes and gh.ENERGY_CONFIG in changes


def test_the_listings_are_complete(bundle):
    firing = {a["name"] for a in bundle["alerts"] if a["state"] == "firing"}
    assert firing == set(gh.FIRING)
    climate_changes = [log["message"] for log in logs_of(bundle, "lv-climate") if log["attributes"].get("change")]
    assert climate_changes == [gh.HEATING_CONFIG, gh.CO2_PROG, gh.CO2_FIX, gh.CLIMATE_DEPLOY]
    question = _question("greenhouse_climate_changes_listing")
    for fact, line in zip(question.asked_facts, climate_changes, strict=True):
        assert any(spelling in line for spelling in fact.spellings)


def test_every_cause_is_before_its_symptom_and_most_are_hours_before_or_elsewhere(bundle):
    pairs = ((gh.GW_OTA, "GreenhouseTempHigh"), (gh.PLAN_PUBLISH, "IrrigationFlowLow"), (gh.CO2_PROG, "CO2TankLevelLow"),
             (gh.NODE_IMAGE, "VisionInferenceLatencyHigh"), (gh.RECIPE_SWITCH, "GradingRejectRateHigh"),
             (gh.BULK, "PdaSyncLatencyHigh"), (gh.CATALOGUE, "GradingIntakeRejectsHigh"),
             (gh.MAINTENANCE, "ColdRoomTempHigh"), (gh.DISPATCH_DEPLOY, "StoreDeliveryLate"),
             (gh.JJH_NOTICE, "TraceCounterfeitWarningsHigh"))
    hours_before = elsewhere = 0
    for cause, alert_name in pairs:
        first = min(log["timestamp"] for log in bundle["logs"] if log["message"] == cause)
        alert = alert_named(bundle, alert_name)
        assert first < alert["starts_at"], alert_name
        cause_service = next(log["service"] for log in bundle["logs"] if log["message"] == cause)
        hours_before += _moment(alert["starts_at"]) - _moment(first) > dt.timedelta(hours=3)
        elsewhere += cause_service != alert["service"]
    assert hours_before >= 5 and elsewhere >= 4
    not_deploys = [cause for cause, _ in pairs
                   if next(log for log in bundle["logs"] if log["message"] == cause)["attributes"].get("change") != "deploy"]
    assert len(not_deploys) == 9


def test_the_causes_on_other_services_stay_out_of_the_asked_services_own_lines(bundle):
    fert = _own_lines(bundle, "lv-fertigation")
    assert "planner_zhoumin" not in fert and "PP-2027-SPR-02" in fert  # the programmes name the plan, not its author
    assert "plantpro_hezhi" not in _own_lines(bundle, "lv-grading")
    assert "JJH-WMS" not in _own_lines(bundle, "lv-b2b") and "家家惠华东物流中心" in _own_lines(bundle, "lv-b2b")
    assert "MW-0414-03" in own_text(bundle, "lv-coldstore")
    assert "DELIVERY_SEQ" not in own_text(bundle, "lv-b2b")


def test_nothing_happens_after_the_reference_time_and_pods_are_named_like_kubernetes_names_them(bundle):
    now = dt.datetime.fromisoformat(bundle["reference_time"])
    stamps = [log["timestamp"] for log in bundle["logs"]] + [e["last_seen"] for e in bundle[K8S_SECTION]["events"]]
    stamps += [ts for series in bundle["metrics"] for ts, _ in series["points"]]
    assert all(dt.datetime.fromisoformat(stamp) <= now for stamp in stamps)
    assert all(now - dt.datetime.fromisoformat(e["first_seen"]) <= dt.timedelta(hours=1) for e in bundle[K8S_SECTION]["events"])
    for pod in bundle[K8S_SECTION]["pods"]:
        assert service_from_pod_name(pod["name"]) == pod["service"], pod["name"]


def test_another_seed_changes_only_the_noise_not_the_story():
    other = gh.build_bundle(seed=gh.SEED + 1)
    assert {a["name"]: a["state"] for a in other["alerts"]} == {a["name"]: a["state"] for a in gh.build_bundle()["alerts"]}
    for message in (gh.GW_OTA, gh.PLAN_PUBLISH, gh.CO2_PROG, gh.NODE_IMAGE, gh.RECIPE_SWITCH, gh.BULK, gh.CATALOGUE,
                    gh.MAINTENANCE, gh.DISPATCH_DEPLOY, gh.JJH_NOTICE):
        assert [log["message"] for log in other["logs"]].count(message) == 1
    for name, metric in (("greenhouse_air_temp_celsius", gh.TEMP_PEAK), ("pda_sync_requests_per_min", gh.SYNC_PEAK),
                         ("cold_room_temp_celsius", gh.CR2_PEAK)):
        [series] = [s for s in other["metrics"] if s["name"] == name]
        assert max(v for _, v in series["points"]) == metric
