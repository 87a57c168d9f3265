"""The bloodbank world tells the story its docstring tells: each incident's symptoms stay inside its window and on the
instruments, stations, fridges, tablets and pods it names, the causes come before the symptoms (often hours before, on another
service, at a vendor, at the facilities or on one node), the decoys are changes that caused nothing, the node-level fault
touches only the pods scheduled on that node, the wrong values show only as values, the asked peaks are not what the alerts
say, the healthy services are healthy and the listings are complete. A world wrong about itself would grade the agents
against a fiction. Pure: no database."""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

import pytest

from contracts.k8s import service_from_pod_name
from evaluation.worlds import bloodbank
from evaluation.worlds.loading import K8S_SECTION
from tests.evaluation.worlds.bundle_reading import alert_named, logs_of, own_text, series_points, when_logged


@pytest.fixture(scope="module")
def bundle() -> dict[str, Any]:
    return bloodbank.build_bundle()


def _at(clock: str) -> str:
    return f"2027-06-14T{clock}"


def _eve(clock: str) -> str:
    return f"2027-06-13T{clock}"


def _moment(stamp: str) -> dt.datetime:
    return dt.datetime.fromisoformat(stamp)


def _stamps(bundle: dict[str, Any], service: str, needle: str) -> list[str]:
    return [log["timestamp"] for log in logs_of(bundle, service) if needle in log["message"]]


def _question(name: str) -> bloodbank.WorldQuestion:
    return next(q for q in bloodbank.QUESTIONS if q.name == name)


def _own_lines(bundle: dict[str, Any], service: str) -> str:
    """What the service's own instances write, without the on-call engineers' notes."""
    return "\n".join(log["message"] for log in logs_of(bundle, service) if log["instance"] != "ops-console")


def test_bus_specimens_lack_records_only_while_the_kiosk_policy_suspends_the_sync_companion(bundle):
    v12, v13 = when_logged(bundle, bloodbank.MDM_V12), when_logged(bundle, bloodbank.MDM_V13)
    unmatched = [log for log in logs_of(bundle, "bx-lis") if "no donation record" in log["message"]]
    assert unmatched and v12 < min(log["timestamp"] for log in unmatched) and max(log["timestamp"] for log in unmatched) < v13
    assert all(re.search(r"from BUS-\d\d:", log["message"]) for log in unmatched)  # the fixed sites' specimens match
    uploads = [log["timestamp"] for log in logs_of(bundle, "bx-bus-sync") if log["message"].startswith("upload from BUS-")]
    assert not [ts for ts in uploads if v12 < ts < v13]  # nothing uploaded from a bus in between
    assert [ts for ts in uploads if ts < v12] and [ts for ts in uploads if ts > v13]
    assert _moment(alert_named(bundle, "LisSpecimenUnmatched")["starts_at"]) - _moment(v12) > dt.timedelta(hours=8)
    assert when_logged(bundle, bloodbank.LIS_PRINTER) > v12  # the tube-label printer config: a decoy after the cause
    for word in ("com.chixin.donor.sync", "MDM-0613-02", "kiosk"):
        assert word not in own_text(bundle, "bx-lis") and word not in own_text(bundle, "bx-bus-sync")


def test_the_false_reactives_come_only_from_elisa_02_after_its_reimage_and_carry_the_decimal_comma(bundle):
    reimage, fix = when_logged(bundle, bloodbank.ELISA_REIMAGE), when_logged(bundle, bloodbank.ELISA_FIX)
    reactive = [log for log in logs_of(bundle, "bx-lis") if " REACTIVE " in log["message"]]
    assert reactive and {log["instance"] for log in reactive} == {"ELISA-02-WS"}
    assert reimage < min(log["timestamp"] for log in reactive) and max(log["timestamp"] for log in reactive) < fix
    for log in reactive:
        raw, parsed = re.search(r"S/CO (\d,\d\d) -> ([\d.]+) REACTIVE", log["message"]).groups()
        assert float(parsed) == int(raw.replace(",", "")) and float(raw.replace(",", ".")) < 1.0
    dotted = [log for log in logs_of(bundle, "bx-lis") if log["instance"] == "ELISA-02-WS" and re.search(r"S/CO \d\.\d", log["message"])]
    assert dotted and all(log["timestamp"] < reimage or log["timestamp"] > fix for log in dotted)
    assert reimage < when_logged(bundle, bloodbank.LIS_BATCH) < min(log["timestamp"] for log in reactive)
    assert "change" not in next(log for log in logs_of(bundle, "bx-lis") if log["message"] == bloodbank.ELISA_REIMAGE)["attributes"]


def test_the_lis_has_two_incidents_at_different_times(bundle):
    night = _stamps(bundle, "bx-lis", "no donation record")
    morning = _stamps(bundle, "bx-lis", " REACTIVE ")
    assert max(night) < _eve("23:00") and min(morning) > _at("08:00")
    first, second = alert_named(bundle, "LisSpecimenUnmatched"), alert_named(bundle, "LisElisaReactiveHigh")
    assert first["ends_at"] < second["starts_at"] and first["state"] == second["state"] == "resolved"


def test_the_quarantine_is_the_gap_the_ring_buffer_could_not_backfill(bundle):
    notice = when_logged(bundle, bloodbank.UPS_NOTICE)
    backs = [log for log in logs_of(bundle, "bx-coldchain") if "buffer capacity 120" in log["message"]]
    assert {log["instance"] for log in backs} == {"GW-B1", "GW-B2", "GW-B3"}
    readings = [log["timestamp"] for log in logs_of(bundle, "bx-coldchain") if re.match(r"RBC-B-\d\d probe", log["message"])]
    assert readings and not [ts for ts in readings if _at("00:30") <= ts < _at("04:32")]
    reviews = [log for log in logs_of(bundle, "bx-coldchain") if log["message"].startswith("daily cold-chain review")]
    assert len(reviews) == 9 and all("122 min" in log["message"] for log in reviews)
    total = sum(int(re.search(r"-> (\d+) units", log["message"]).group(1)) for log in reviews)
    assert total == 1486 and "1,486" in bloodbank.INV_QUARANTINE
    quarantined = when_logged(bundle, bloodbank.INV_QUARANTINE)
    assert notice < max(log["timestamp"] for log in backs) < min(log["timestamp"] for log in reviews) < quarantined
    assert _moment(quarantined) - _moment(notice) > dt.timedelta(hours=6)
    partial = _stamps(bundle, "bx-order", "(partial, stock quarantined)")
    assert partial and quarantined < min(partial) and max(partial) < when_logged(bundle, bloodbank.QA_RELEASE)
    assert when_logged(bundle, bloodbank.INV_DEPLOY) < quarantined  # the 07:00 deploy: a decoy
    assert "WO-FAC-0614-01" not in own_text(bundle, "bx-inventory")


def test_only_the_dispatch_pods_on_node_07_fail_and_the_node_says_why(bundle):
    failing = [log for log in logs_of(bundle, "bx-dispatch") if "x509" in log["message"]]
    assert failing and {log["instance"] for log in failing} == set(bloodbank.ON_BAD_NODE)
    created = [log for log in logs_of(bundle, "bx-dispatch") if log["message"].startswith("courier order SD")]
    assert created and not {log["instance"] for log in created} & set(bloodbank.ON_BAD_NODE)
    pods = bundle[K8S_SECTION]["pods"]
    assert {p["name"] for p in pods if p["node"] == bloodbank.BAD_NODE} == set(bloodbank.ON_BAD_NODE)
    assert all(p["restarts"] == 0 and p["phase"] == "Running" for p in pods if p["service"] == "bx-dispatch")
    search = [log for log in bundle["logs"] if "domain_search" in log["message"] or "ndots:5" in log["message"]]
    assert {(log["service"], log["instance"]) for log in search} == {("bx-k8s-node", bloodbank.BAD_NODE)}
    for word in (bloodbank.BAD_NODE, "HW-0613-05", "ndots", "domain_search"):
        assert word not in _own_lines(bundle, "bx-dispatch")


def test_node_07_came_back_hours_before_the_scale_out_that_put_the_pods_there(bundle):
    drained, dhcp = when_logged(bundle, bloodbank.NODE_DRAIN), when_logged(bundle, bloodbank.NODE_DHCP)
    back, scaled = when_logged(bundle, bloodbank.NODE_BACK), when_logged(bundle, bloodbank.HPA_SCALE)
    first = min(_stamps(bundle, "bx-dispatch", "x509"))
    assert drained < dhcp < back < scaled < first and _moment(first) - _moment(back) > dt.timedelta(hours=4)
    assert when_logged(bundle, bloodbank.DISPATCH_ROUND) < scaled  # the routine-times config: before, nothing failed
    alert = alert_named(bundle, "DispatchCourierCreateFailed")
    assert alert["state"] == "firing" and alert["ends_at"] is None and alert["starts_at"] > scaled[:19]


def test_the_slot_load_is_the_new_clients_per_site_requests_not_the_campaign(bundle):
    release, campaign = when_logged(bundle, bloodbank.MP_RELEASE), when_logged(bundle, bloodbank.CAMPAIGN)
    per_site = _stamps(bundle, "bx-booking", "ua=miniprogram/4.6.0")
    timeouts = _stamps(bundle, "bx-booking", "预约失败")
    assert per_site and release < min(per_site) < min(timeouts) < campaign
    rate = dict(series_points(bundle, "booking_slot_requests_per_sec"))
    views = dict(series_points(bundle, "booking_page_views_per_sec"))
    assert rate[_at("09:04:00+08:00")] > 40 * rate[_at("08:30:00+08:00")]
    assert views[_at("09:04:00+08:00")] < 3 * views[_at("08:30:00+08:00")]
    assert alert_named(bundle, "BookingLatencyHigh")["starts_at"] < campaign  # slow before the push went out
    assert max(timeouts) < _at("10:15")


def test_positive_groups_reach_the_inventory_as_a_space_after_the_order_deploy(bundle):
    deploy, rollback = when_logged(bundle, bloodbank.ORDER_DEPLOY), when_logged(bundle, bloodbank.ORDER_ROLLBACK)
    bad = [log for log in logs_of(bundle, "bx-inventory") if "unknown blood group" in log["message"]]
    assert bad and deploy < min(log["timestamp"] for log in bad) and max(log["timestamp"] for log in bad) < rollback
    assert all(re.search(r"group='(A|B|O|AB) '", log["message"]) for log in bad)
    ok_inside = [log for log in logs_of(bundle, "bx-inventory") if deploy < log["timestamp"] < rollback
                 and log["message"].startswith("stock query") and "available" in log["message"] and "unknown" not in log["message"]]
    assert ok_inside and all(re.search(r"group='(A|B|O|AB)-'", log["message"]) for log in ok_inside)
    refused = [log for log in logs_of(bundle, "bx-order") if "库存不足 (stock check" in log["message"]]
    assert refused and all(re.search(r" (A|B|O|AB)\+ \d+U", log["message"]) for log in refused)
    assert "'O '" not in own_text(bundle, "bx-order") and "unknown blood group" not in own_text(bundle, "bx-order")
    assert when_logged(bundle, bloodbank.INV_CACHE) < deploy  # the 09:20 cache config: before, with stock queries fine


def test_only_label_station_03_fails_after_its_printer_was_replaced(bundle):
    swap, scale = when_logged(bundle, bloodbank.PRINTER_SWAP), when_logged(bundle, bloodbank.LABEL_SCALE)
    noread = [log for log in logs_of(bundle, "bx-label") if "no read" in log["message"]]
    assert noread and {log["instance"] for log in noread} == {"LBL-03"}
    assert swap < min(log["timestamp"] for log in noread) and max(log["timestamp"] for log in noread) < scale
    assert _moment(min(log["timestamp"] for log in noread)) - _moment(swap) > dt.timedelta(hours=12)
    after = [log for log in logs_of(bundle, "bx-label") if log["instance"] == "LBL-03" and log["timestamp"] > scale]
    assert after and all("match bag" in log["message"] for log in after)
    assert when_logged(bundle, bloodbank.LABEL_DEPLOY) < min(log["timestamp"] for log in noread)  # a decoy before
    assert "change" not in next(log for log in logs_of(bundle, "bx-label") if log["message"] == bloodbank.PRINTER_SWAP)["attributes"]


def test_the_swapped_probes_read_each_others_temperatures_between_calibration_and_fix(bundle):
    calibration, fix = when_logged(bundle, bloodbank.CALIBRATION), when_logged(bundle, bloodbank.SWAP_FIX)
    readings = [log for log in logs_of(bundle, "bx-coldchain") if re.match(r"(FFP-A-05|RBC-A-02) probe", log["message"])]
    for log in readings:
        fridge, probe, celsius = re.match(r"(\S+) probe (\S+): (-?[\d.]+)°C", log["message"]).groups()
        swapped = calibration < log["timestamp"] < fix
        assert (probe == "P-3318") == ((fridge == "FFP-A-05") == swapped), log
        assert (float(celsius) > 0) == ((fridge == "RBC-A-02") != swapped), log
    assert [log for log in readings if calibration < log["timestamp"] < fix]
    for name in ("ColdChainTempHigh", "ColdChainTempLow"):
        alert = alert_named(bundle, name)
        assert calibration < alert["starts_at"] and alert["ends_at"] > fix[:19]
    assert calibration < when_logged(bundle, bloodbank.ALARM_REPEAT) < alert_named(bundle, "ColdChainTempHigh")["starts_at"]


def test_the_late_tablets_are_refused_by_the_vpn_license_not_by_the_sync(bundle):
    accounts, temp = when_logged(bundle, bloodbank.VPN_ACCOUNTS), when_logged(bundle, bloodbank.VPN_TEMP)
    rejects = [log for log in logs_of(bundle, "bx-vpn") if "license limit reached (50/50)" in log["message"]]
    assert rejects and accounts < min(log["timestamp"] for log in rejects) and max(log["timestamp"] for log in rejects) < temp
    assert {re.search(r"user (\S+) login", log["message"]).group(1) for log in rejects} <= set(bloodbank.LATE_TABLETS)
    never = _stamps(bundle, "bx-bus-sync", "no connection since")
    assert never and max(never) < temp
    assert when_logged(bundle, bloodbank.BUS_BATCH) < min(log["timestamp"] for log in rejects)  # the batch-size config: a decoy
    assert "50/50" not in own_text(bundle, "bx-bus-sync") and "SSLVPN" not in own_text(bundle, "bx-bus-sync")
    users = series_points(bundle, "vpn_concurrent_users")
    assert max(value for ts, value in users if ts < temp) == 50


def test_the_component_releases_fail_while_the_old_password_locks_the_account(bundle):
    rotated, fixed = when_logged(bundle, bloodbank.PWD_ROTATE), when_logged(bundle, bloodbank.REPORT_FIX)
    binds = [log for log in logs_of(bundle, "bx-report") if "invalid credentials" in log["message"]]
    locks = [log for log in logs_of(bundle, "bx-ad") if log["message"] == bloodbank.AD_LOCK]
    fails = [log for log in logs_of(bundle, "bx-component") if "account svc_lis_api locked" in log["message"]]
    assert binds and locks and fails
    assert rotated < min(log["timestamp"] for log in binds) < min(log["timestamp"] for log in locks) < min(
        log["timestamp"] for log in fails)
    assert max(log["timestamp"] for log in fails) < _at("08:27") and max(log["timestamp"] for log in binds) < fixed
    assert not [log for log in logs_of(bundle, "bx-component") if log["message"].startswith("LIS release check for DIN")
                and "released" in log["message"] and min(f["timestamp"] for f in fails) < log["timestamp"] < fixed]
    assert when_logged(bundle, bloodbank.COMP_POLL) < rotated  # the poll config: before the rotation, a decoy
    assert "10.30.8.21" not in own_text(bundle, "bx-component")


def test_the_quantity_peaks_are_not_what_the_alerts_say(bundle):
    for name, metric, alert_name, peak, clock in (
            ("bloodbank_booking_slots_quantity", "booking_slot_requests_per_sec", "BookingLatencyHigh", bloodbank.SLOTS_PEAK,
             "09:04"),
            ("bloodbank_elisa_reactive_quantity", "lis_elisa_reactive_percent", "LisElisaReactiveHigh", bloodbank.REACTIVE_PEAK,
             "09:12"),
            ("bloodbank_component_backlog_quantity", "component_pending_release", "ComponentReleaseBacklog",
             bloodbank.BACKLOG_PEAK, "08:26")):
        points = series_points(bundle, metric)
        assert dict(points)[_at(f"{clock}:00+08:00")] == peak == max(value for _, value in points)
        alert = alert_named(bundle, alert_name)
        assert str(peak) not in alert["value"] and alert["starts_at"] < _at(f"{clock}:00+08:00")
        question = _question(name)
        assert question.peak is not None and question.peak.value == peak
        assert str(peak) not in alert["summary"]


def test_the_healthy_services_are_healthy_and_their_changes_are_decoys(bundle):
    for service in ("bx-sms", "bx-honor"):
        assert not [a for a in bundle["alerts"] if a["service"] == service]
        assert {log["level"] for log in logs_of(bundle, service)} <= {"INFO", "WARN"}
        for word in bloodbank.INCIDENT_WORDS:
            assert word not in own_text(bundle, service)
        pods = [p for p in bundle[K8S_SECTION]["pods"] if p["service"] == service]
        assert pods and all(p["restarts"] == 0 and p["ready"] == "1/1" for p in pods)
        for metric in ("http_5xx_ratio", "http_p99_latency"):
            [series] = [s for s in bundle["metrics"] if s["name"] == metric and s["service"] == service]
            assert max(v for _, v in series["points"]) < series["threshold"]
    changes = {log["message"] for log in bundle["logs"] if log["attributes"].get("change")}
    assert bloodbank.SMS_WINDOW in changes and bloodbank.HONOR_DEPLOY in changes


def test_the_listings_are_complete(bundle):
    firing = {a["name"] for a in bundle["alerts"] if a["state"] == "firing"}
    assert firing == set(bloodbank.FIRING)
    changes = [log["message"] for log in logs_of(bundle, "bx-coldchain") if log["attributes"].get("change")]
    assert changes == [bloodbank.CALIBRATION, bloodbank.ALARM_REPEAT, bloodbank.SWAP_FIX, bloodbank.GW_BUFFER]
    question = _question("bloodbank_coldchain_changes_listing")
    for fact, line in zip(question.asked_facts, changes, strict=True):
        assert any(spelling in line for spelling in fact.spellings)


def test_every_cause_is_before_its_symptom_and_most_are_hours_before_or_elsewhere(bundle):
    pairs = ((bloodbank.MDM_V12, "LisSpecimenUnmatched"), (bloodbank.ELISA_REIMAGE, "LisElisaReactiveHigh"),
             (bloodbank.UPS_NOTICE, "InventoryQuarantineSpike"), (bloodbank.NODE_DHCP, "DispatchCourierCreateFailed"),
             (bloodbank.MP_RELEASE, "BookingLatencyHigh"), (bloodbank.ORDER_DEPLOY, "OrderStockCheckFailed"),
             (bloodbank.PRINTER_SWAP, "LabelVerifyFailHigh"), (bloodbank.CALIBRATION, "ColdChainTempHigh"),
             (bloodbank.VPN_ACCOUNTS, "BusSyncTabletsOffline"), (bloodbank.PWD_ROTATE, "ComponentReleaseBacklog"))
    elsewhere_or_hours = 0
    for cause, alert_name in pairs:
        first = min(log["timestamp"] for log in bundle["logs"] if log["message"] == cause)
        alert = alert_named(bundle, alert_name)
        assert first < alert["starts_at"], alert_name
        cause_service = next(log["service"] for log in bundle["logs"] if log["message"] == cause)
        if cause_service != alert["service"] or _moment(alert["starts_at"]) - _moment(first) > dt.timedelta(hours=1):
            elsewhere_or_hours += 1
    assert elsewhere_or_hours >= 8


def test_causes_that_are_nobodys_deploy_or_config(bundle):
    """The vendor's re-image, the facilities' UPS work, the printer replacement, the node's DHCP and the password rotation are
    no change line of ours; the kiosk policy, the calibration and the VPN accounts are operators' actions, not deploys."""
    by_message = {log["message"]: log for log in bundle["logs"]}
    for message in (bloodbank.ELISA_REIMAGE, bloodbank.UPS_NOTICE, bloodbank.PRINTER_SWAP, bloodbank.NODE_DHCP,
                    bloodbank.PWD_ROTATE):
        assert "change" not in by_message[message]["attributes"], message
    for message in (bloodbank.MDM_V12, bloodbank.CALIBRATION, bloodbank.VPN_ACCOUNTS):
        assert by_message[message]["attributes"]["change"] == "ops", message


def test_nothing_happens_after_the_reference_time_and_pods_are_named_like_kubernetes_names_them(bundle):
    now = dt.datetime.fromisoformat(bundle["reference_time"])
    stamps = [log["timestamp"] for log in bundle["logs"]] + [e["last_seen"] for e in bundle[K8S_SECTION]["events"]]
    stamps += [ts for series in bundle["metrics"] for ts, _ in series["points"]]
    assert all(dt.datetime.fromisoformat(stamp) <= now for stamp in stamps)
    assert all(now - dt.datetime.fromisoformat(e["first_seen"]) <= dt.timedelta(hours=1) for e in bundle[K8S_SECTION]["events"])
    for pod in bundle[K8S_SECTION]["pods"]:
        assert service_from_pod_name(pod["name"]) == pod["service"], pod["name"]


def test_another_seed_changes_only_the_noise_not_the_story():
    other = bloodbank.build_bundle(seed=bloodbank.SEED + 1)
    assert {a["name"]: a["state"] for a in other["alerts"]} == {a["name"]: a["state"] for a in bloodbank.build_bundle()["alerts"]}
    for message in (bloodbank.MDM_V12, bloodbank.ELISA_REIMAGE, bloodbank.UPS_NOTICE, bloodbank.NODE_DHCP, bloodbank.PRINTER_SWAP,
                    bloodbank.CALIBRATION, bloodbank.VPN_ACCOUNTS, bloodbank.PWD_ROTATE):
        assert [log["message"] for log in other["logs"]].count(message) == 1
    assert {p["name"]: p["node"] for p in other[K8S_SECTION]["pods"]} == {
        p["name"]: p["node"] for p in bloodbank.build_bundle()[K8S_SECTION]["pods"]}
