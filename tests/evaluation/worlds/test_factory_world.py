"""The factory world tells the story its docstring tells: each incident's symptoms stay inside its window and on the
instances it names, the causes sit on other services than the ones asked about, and the asked peaks are not what the
alerts say. A world wrong about itself would grade the agents against a fiction. Pure: no database."""

from __future__ import annotations

import datetime as dt
import re
import struct
from typing import Any

import pytest

from contracts.k8s import service_from_pod_name
from evaluation.worlds import factory
from evaluation.worlds.loading import K8S_SECTION
from tests.evaluation.worlds.bundle_reading import alert_named, logs_of, own_text, series_points, when_logged


@pytest.fixture(scope="module")
def bundle() -> dict[str, Any]:
    return factory.build_bundle()


def _at(clock: str) -> str:
    return f"2026-12-17T{clock}"


def test_only_the_two_pods_on_the_node_whose_ot_port_moved_to_vlan_40_lose_the_ot_network(bundle):
    on_node = {p["name"] for p in bundle[K8S_SECTION]["pods"] if p["node"] == factory.BAD_NODE}
    assert on_node == set(factory.ON_BAD_NODE)
    unreachable = [log for log in bundle["logs"] if "no route to host" in log["message"]]
    assert unreachable and {log["instance"] for log in unreachable} == on_node
    changed, fixed = when_logged(bundle, factory.VLAN_CHANGE), when_logged(bundle, factory.VLAN_FIX)
    assert all(changed < log["timestamp"] < fixed for log in unreachable)
    printed = [log for log in logs_of(bundle, "hr-label-service") if log["message"].startswith("print job done")
               and changed < log["timestamp"] < fixed]
    assert printed and factory.LABEL_BAD_POD not in {log["instance"] for log in printed}  # the other pods print
    lldp = [log for log in logs_of(bundle, "hr-k8s-node") if "lldpd" in log["message"] or "arp_cache" in log["message"]]
    assert lldp and {log["instance"] for log in lldp} == {factory.BAD_NODE}
    for word in ("vlan 40", "Gi1/0/14", "SW-OT-B2"):  # the label service never sees the switch
        assert word not in own_text(bundle, "hr-label-service")


def test_the_mes_has_two_incidents_a_time_phrase_tells_apart(bundle):
    mes = logs_of(bundle, "hr-mes")
    stalled = [log for log in mes if "no counter update" in log["message"]]
    assert stalled and all(_at("06:09") <= log["timestamp"] < _at("10:04") for log in stalled)
    rejected = [log for log in mes if "NO_ACTIVE_SHIFT" in log["message"]]
    assert rejected and all(log["timestamp"] >= _at("16:00") for log in rejected)
    assert not [log for log in mes if log["message"].startswith("production report ok") and log["timestamp"] >= _at("16:00")]
    starts = sorted(a["starts_at"][11:16] for a in bundle["alerts"] if a["service"] == "hr-mes")
    assert starts == ["06:48", "16:04"]
    # Both causes are other services': the PLC's firmware and the gateway's tag map, the planning system's calendar job.
    for word in ("BadNodeIdUnknown", "NamespaceArray", "V3.1.0", "end=24:00", "row 33"):
        assert word not in own_text(bundle, "hr-mes")
    skipped = [log for log in logs_of(bundle, "hr-aps") if log["message"] == factory.CAL_SKIP]
    assert [log["timestamp"][11:16] for log in skipped] == ["02:00", "16:58"]


def test_p2_reads_fail_exactly_between_the_firmware_and_the_tag_map_fix_and_only_on_the_press_collector(bundle):
    failed = [log for log in logs_of(bundle, "hr-opcua-gateway") if "BadNodeIdUnknown" in log["message"]]
    assert failed and {log["instance"] for log in failed} == {factory.GW_PRESS_POD}
    assert all(when_logged(bundle, factory.FW_DONE) < log["timestamp"] < when_logged(bundle, factory.NS_FIX) for log in failed)
    assert all("ns=3;" in log["message"] for log in failed)
    assert when_logged(bundle, factory.MES_DEPLOY) > min(log["timestamp"] for log in failed)  # the deploy came after
    points = dict(series_points(bundle, "mes_line_output_per_hour", line="P2"))
    assert points[_at("08:00:00+08:00")] == 0 and points[_at("11:00:00+08:00")] > 0


def _read(hi: str, lo: str) -> float:
    return struct.unpack(">f", bytes.fromhex(hi + lo))[0]


def test_the_meter_is_misread_only_while_the_old_profile_decodes_the_new_meter(bundle):
    poll = re.compile(r"poll EM-AIR-01 .* word_order=(\w+): P_total regs 3059-3060 = 0x(\w{4}) 0x(\w{4}) -> (\S+) kW")
    replaced, fixed = when_logged(bundle, factory.METER_WO), when_logged(bundle, factory.METER_FIX)
    polls = [(log["timestamp"], poll.search(log["message"])) for log in logs_of(bundle, "hr-modbus-gw")
             if "poll EM-AIR-01" in log["message"]]
    assert polls and all(m for _, m in polls)
    for stamp, match in polls:
        assert match is not None
        order, first, second, shown = match.groups()
        truth = _read(first, second) if order == "ABCD" and stamp < replaced else _read(second, first)
        assert 280 <= truth <= 360  # what the compressors really draw
        if replaced < stamp < fixed:
            assert order == "ABCD" and float(shown) == pytest.approx(_read(first, second), rel=1e-3, abs=0.006)
        else:
            assert float(shown) == pytest.approx(truth, abs=0.01)
    shed = when_logged(bundle, factory.SHED_OFF)
    air_low = [log["timestamp"] for log in logs_of(bundle, "hr-andon") if "AIR_PRESSURE_LOW" in log["message"]]
    assert air_low and _at("11:31:05") < min(air_low) and max(air_low) < _at("12:41")
    assert shed < fixed
    for word in ("word_order", "PM5560", "WO-20261217-0047"):
        assert word not in own_text(bundle, "hr-ems")
    assert alert_named(bundle, "SiteMaxDemandExceeded")["state"] == "resolved"


def test_the_vision_peak_is_not_what_the_alert_says_and_only_vq_305_drifts(bundle):
    points = series_points(bundle, "vision_ng_ratio", station="VQ-305")
    assert dict(points)[_at("14:12:00+08:00")] == factory.NG_PEAK == max(v for _, v in points)
    assert alert_named(bundle, "VisionRejectRateHigh")["value"] == factory.NG_ALERT_VALUE != f"{factory.NG_PEAK}%"
    drift = [log for log in logs_of(bundle, "hr-vision-qc") if log["level"] == "WARN" and "mean_luma" in log["message"]]
    assert drift and {log["instance"] for log in drift} == {factory.VISION_L3_POD}
    assert all(when_logged(bundle, factory.LIGHT_NEW) < log["timestamp"] < when_logged(bundle, factory.LIGHT_FIX) for log in drift)
    assert all("station VQ-305" in log["message"] for log in drift)
    for word in ("OPT-RI15030-W", "intensity 255", "mean_luma"):
        assert word not in own_text(bundle, "hr-qms")


def test_the_agv_peak_is_not_what_the_alert_says_and_only_the_sleepers_are_excluded(bundle):
    points = series_points(bundle, "agv_tasks_pending")
    assert dict(points)[_at("09:12:00+08:00")] == factory.AGV_PEAK == max(v for _, v in points)
    assert alert_named(bundle, "AgvTaskBacklogHigh")["value"] == factory.AGV_ALERT_VALUE != str(factory.AGV_PEAK)
    woke = [log for log in logs_of(bundle, "hr-agv-fleet") if "reports map v41" in log["message"]]
    assert {log["message"].split()[0] for log in woke} == set(factory.SLEEPERS)
    assert all(when_logged(bundle, factory.AGV_MAP) < log["timestamp"] < when_logged(bundle, factory.AGV_SYNC) for log in woke)
    assigned = [log for log in logs_of(bundle, "hr-agv-fleet") if " assigned " in log["message"]
                and _at("07:38") <= log["timestamp"] < _at("09:33")]
    assert assigned and not [log for log in assigned if log["message"].split()[2] in factory.SLEEPERS]
    waiting = [log["timestamp"] for log in logs_of(bundle, "hr-wms") if "waiting for AGV" in log["message"]]
    assert waiting and _at("07:50") <= min(waiting) and max(waiting) < _at("09:50")
    assert "MAP_VERSION_MISMATCH" not in own_text(bundle, "hr-wms") and "map v4" not in own_text(bundle, "hr-wms")


def test_the_outbound_peak_is_not_what_the_alert_says_and_parse_errors_follow_the_template(bundle):
    points = series_points(bundle, "wms_outbound_orders_blocked")
    assert dict(points)[_at("15:26:00+08:00")] == factory.BLOCKED_PEAK == max(v for _, v in points)
    assert alert_named(bundle, "WmsOutboundBlocked")["value"] == factory.BLOCKED_ALERT_VALUE != str(factory.BLOCKED_PEAK)
    wms = logs_of(bundle, "hr-wms")
    errors = [log["timestamp"] for log in wms if "LABEL_PARSE_ERROR" in log["message"]]
    assert errors and when_logged(bundle, factory.TEMPLATE) < min(errors) and max(errors) < when_logged(bundle, factory.GS1_FIX)
    jf_ok = [log for log in wms if "outbound check ok" in log["message"] and "customer=JF" in log["message"]]
    assert not [log for log in jf_ok if _at("14:21") <= log["timestamp"] < _at("15:38:20")]
    assert any(log["timestamp"] > _at("15:38:20") for log in jf_ok)
    assert "OUT-JF-BOX" not in own_text(bundle, "hr-wms")


def test_the_bin_goes_negative_only_between_the_unit_change_and_its_revert(bundle):
    wms = logs_of(bundle, "hr-wms")
    negative = [log["timestamp"] for log in wms if "negative stock" in log["message"] or "INSUFFICIENT_STOCK" in log["message"]]
    assert negative and when_logged(bundle, factory.UOM_SYNC) < min(negative) and max(negative) < _at("12:44")
    booked_as_box = [log["timestamp"] for log in wms if "material=90210-M8" in log["message"] and "unit=BOX" in log["message"]]
    assert booked_as_box and min(booked_as_box) > when_logged(bundle, factory.UOM_CHANGE)
    assert max(booked_as_box) < when_logged(bundle, factory.UOM_REVERT)
    for word in ("EA -> BOX", "4500213377", "MM02"):
        assert word not in own_text(bundle, "hr-wms")


def test_work_orders_are_skipped_only_while_rev_d_is_in_review(bundle):
    skipped = [log["timestamp"] for log in logs_of(bundle, "hr-erp-bridge") if "BOM_REV_NOT_RELEASED" in log["message"]]
    assert skipped and when_logged(bundle, factory.ECN) < min(skipped) and max(skipped) < when_logged(bundle, factory.BOM_RELEASE)
    assert when_logged(bundle, factory.BRIDGE_DEPLOY) < when_logged(bundle, factory.ECN)
    assert "ECN-2026-1187" not in own_text(bundle, "hr-erp-bridge")


def test_raw_curves_are_dropped_after_72_minutes_only_while_the_policy_says_72m(bundle):
    runs = [log for log in logs_of(bundle, "hr-tsdb") if log["message"].startswith("rollup run")]
    changed, reverted = when_logged(bundle, factory.ROLLUP_CHANGE), when_logged(bundle, factory.ROLLUP_REVERT)
    for log in runs:
        cutoff = dt.datetime.fromisoformat(re.search(r"older than (\S+) dropped", log["message"]).group(1) + "+08:00")
        kept = dt.datetime.fromisoformat(log["timestamp"]) - cutoff
        assert (kept < dt.timedelta(hours=2)) == (changed < log["timestamp"] < reverted)
    missing = [log for log in logs_of(bundle, "hr-trace") if "raw torque curve missing" in log["message"]]
    assert missing and all(re.search(r"tightened (\d\d:\d\d)", log["message"]).group(1) < "12:53" for log in missing)
    for word in ("keep_raw", "DATA-2026-0311"):
        assert word not in own_text(bundle, "hr-trace")


def test_the_triggers_are_not_deploys_and_sit_on_other_services(bundle):
    changes = {(log["service"], log["message"]): log["attributes"]["change"] for log in bundle["logs"]
               if log["attributes"].get("change")}
    assert changes[("hr-plc", factory.FW_DONE)] == "firmware"
    assert changes[("hr-cmms", factory.METER_WO)] == "maintenance"
    assert changes[("hr-agv-fleet", factory.AGV_MAP)] == "map"
    assert changes[("hr-ot-network", factory.VLAN_CHANGE)] == "network"
    assert changes[("hr-label-service", factory.TEMPLATE)] == "template"
    assert changes[("hr-erp", factory.UOM_CHANGE)] == "masterdata"
    assert changes[("hr-erp", factory.ECN)] == "ecn"
    assert changes[("hr-tsdb", factory.ROLLUP_CHANGE)] == "config"
    # A job's run and a device's own line are no change of ours: the calendar job, the new ring light.
    for message in (factory.CAL_SKIP, factory.LIGHT_NEW):
        assert not [log for log in bundle["logs"] if log["message"] == message and log["attributes"].get("change")]


def test_the_factory_pods_are_named_like_kubernetes_names_them(bundle):
    for pod in bundle[K8S_SECTION]["pods"]:
        if pod["phase"] == "Succeeded":  # the calendar jobs' pods: <cronjob>-<minute or manual-…>-<5 characters>
            assert re.fullmatch(r"hr-aps-calendar-publish-(\d{8}|manual-1658)-[bcdfghjklmnpqrstvwxz2456789]{5}",
                                pod["name"])
        else:
            assert service_from_pod_name(pod["name"]) == pod["service"], pod["name"]
    assert {factory.CAL_POD, factory.CAL_RERUN_POD} <= {p["name"] for p in bundle[K8S_SECTION]["pods"]}


def test_nothing_in_the_factory_world_happens_after_its_reference_time_and_events_are_the_last_hours(bundle):
    now = dt.datetime.fromisoformat(bundle["reference_time"])
    stamps = [log["timestamp"] for log in bundle["logs"]] + [e["last_seen"] for e in bundle[K8S_SECTION]["events"]]
    stamps += [ts for series in bundle["metrics"] for ts, _ in series["points"]]
    assert all(dt.datetime.fromisoformat(stamp) <= now for stamp in stamps)
    events = bundle[K8S_SECTION]["events"]
    assert events and all(now - dt.datetime.fromisoformat(e["first_seen"]) <= dt.timedelta(hours=1) for e in events)
    assert {a["name"] for a in bundle["alerts"] if a["state"] == "firing"} == set(factory.FIRING)
