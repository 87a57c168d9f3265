"""The retail world tells the story its docstring tells: each incident's symptoms stay inside its window and on the
instances it names, the causes sit on other services than the ones asked about, and the asked peaks are not what the
alerts say. A world wrong about itself would grade the agents against a fiction. Pure: no database."""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

import pytest

from contracts.k8s import service_from_pod_name
from evaluation.worlds import retail
from evaluation.worlds.loading import K8S_SECTION
from tests.evaluation.worlds.bundle_reading import alert_named, logs_of, own_text, series_points, when_logged


@pytest.fixture(scope="module")
def bundle() -> dict[str, Any]:
    return retail.build_bundle()


def _at(clock: str) -> str:
    return f"2026-12-19T{clock}"


def test_only_the_two_pods_on_the_node_with_the_forward_drop_lose_their_off_node_connections(bundle):
    on_node = {p["name"] for p in bundle[K8S_SECTION]["pods"] if p["node"] == retail.BAD_NODE}
    assert on_node == set(retail.ON_BAD_NODE)
    timeouts = [log for log in bundle["logs"] if "i/o timeout" in log["message"]]
    assert timeouts and {log["instance"] for log in timeouts} == on_node
    applied, removed = when_logged(bundle, retail.HIDS_APPLY), when_logged(bundle, retail.HIDS_FIX)
    assert all(applied < log["timestamp"] < removed for log in timeouts)
    # The ESL pod there serves four stores; the other two pods keep pushing to theirs.
    failed_stores = {re.search(r"store=(SZ-\d{4})", log["message"]).group(1) for log in timeouts
                     if log["service"] == "xl-esl-service"}
    assert failed_stores == set(retail.ESL_SHARDS[retail.ESL_BAD_POD])
    pushed = [log for log in logs_of(bundle, "xl-esl-service") if " ok labels=" in log["message"]
              and applied < log["timestamp"] < removed]
    assert pushed and retail.ESL_BAD_POD not in {log["instance"] for log in pushed}
    # The kernel drops forwarded packets only on that node, and only from the addresses of the pods scheduled there.
    drops = [log for log in logs_of(bundle, "xl-k8s-node") if "forward-drop" in log["message"]]
    assert drops and {log["instance"] for log in drops} == {retail.BAD_NODE}
    sources = {re.search(r"SRC=(\S+)", log["message"]).group(1) for log in drops}
    assert sources <= {retail.pod_ip(pod) for pod in retail.ON_BAD_NODE}
    assert all(retail.pod_ip(pod).startswith("10.244.4.") for pod in retail.ON_BAD_NODE)
    for word in ("SEC-BL", "policy drop", "hids", retail.BAD_NODE):  # the ESL service never sees the node's firewall
        assert word not in own_text(bundle, "xl-esl-service")


def test_the_pos_gateway_has_two_incidents_a_time_phrase_tells_apart(bundle):
    pos = logs_of(bundle, "xl-pos-gateway")
    guarded = [log["timestamp"] for log in pos if "MARGIN_GUARD" in log["message"]]
    assert guarded and when_logged(bundle, retail.PROMO_PUBLISH) < min(guarded)
    assert max(guarded) < when_logged(bundle, retail.PROMO_FIX)
    blocked = [log["timestamp"] for log in pos if "ITEM_BLOCKED_COLDCHAIN" in log["message"]]
    assert blocked and when_logged(bundle, retail.QUARANTINE) < min(blocked)
    assert max(blocked) > _at("19:25")  # still refused at the reference time
    starts = sorted((a["starts_at"][11:16], a["state"]) for a in bundle["alerts"] if a["service"] == "xl-pos-gateway")
    assert starts == [("13:08", "resolved"), ("18:12", "firing")]
    # Both causes are other services': the promotion's exclusive group, the cold-chain platform's defrost schedule.
    for word in (retail.PROMO, "exclusive_group", "EG-DAIRY", "defrost", "RF-20261219-0231", "CCP-CHILL-02"):
        assert word not in own_text(bundle, "xl-pos-gateway")
    # Each margin-guard stop is the promotion engine's below-cost basket, in the same trace.
    below_cost = {log["trace_id"] for log in logs_of(bundle, "xl-promo-engine") if "below cost" in log["message"]}
    assert {log["trace_id"] for log in pos if "MARGIN_GUARD" in log["message"]} <= below_cost


def _ean13_ok(code: str) -> bool:
    digits = [int(d) for d in code]
    return len(digits) == 13 and (sum(digits[0:12:2]) + 3 * sum(digits[1:12:2]) + digits[12]) % 10 == 0


def test_the_tills_read_the_scale_barcodes_value_as_an_amount_and_lock_only_while_template_v9_is_on_the_scales(bundle):
    vm = re.compile(r"VM item PLU (\d{5}) \S+ barcode (\d{13}): amount ¥([\d.]+)")
    reads = [(log, vm.search(log["message"])) for log in logs_of(bundle, "xl-self-checkout") if "VM item" in log["message"]]
    assert reads and all(match for _, match in reads)
    for _, match in reads:
        assert match is not None
        plu, code, amount = match.groups()
        assert _ean13_ok(code) and code.startswith("20" + plu)
        assert int(code[7:12]) == round(float(amount) * 100)  # the five digits are read as fen
    published, rolled_back = when_logged(bundle, retail.SCALE_TEMPLATE), when_logged(bundle, retail.SCALE_ROLLBACK)
    v9 = [log["timestamp"] for log in logs_of(bundle, "xl-scale-mgr") if "FRESH-LBL v9 (barcode F3)" in log["message"]]
    assert v9 and published < min(v9) and max(v9) < _at("07:02")
    locked = [log["timestamp"] for log in logs_of(bundle, "xl-self-checkout") if "VM_PRICE_BELOW_FLOOR" in log["message"]]
    assert locked and min(locked) > max(v9) and max(locked) < _at("09:45")
    assert rolled_back < max(locked)  # labels printed before the rollback are still on the shelf for a few minutes
    for word in ("FRESH-LBL", "F3", "重量", "fresh_ops_linxia"):
        assert word not in own_text(bundle, "xl-self-checkout")
    assert alert_named(bundle, "SelfCheckoutAttendantCallsHigh")["state"] == "resolved"


def test_members_are_merged_only_between_the_nightly_merge_and_its_unmerge_and_all_into_one_member(bundle):
    merged = [log for log in logs_of(bundle, "xl-loyalty") if "MEMBER_MERGED" in log["message"]]
    assert merged and all(f"merged into {retail.SURVIVOR}" in log["message"] for log in merged)
    assert when_logged(bundle, retail.MERGE_GROUP) < min(log["timestamp"] for log in merged)
    assert max(log["timestamp"] for log in merged) < _at("11:55")
    assert when_logged(bundle, retail.UNMERGE) < _at("11:41")
    [group] = [log for log in bundle["logs"] if log["message"] == retail.MERGE_GROUP]
    assert group["service"] == "xl-cdp" and group["instance"] == retail.MERGE_POD and "change" not in group["attributes"]
    for word in (retail.PLACEHOLDER, "MR-PHONE-EXACT", "identity-merge"):
        assert word not in own_text(bundle, "xl-loyalty")


def test_the_case_temperature_peak_is_not_what_the_alert_says_and_the_quarantine_follows_30_minutes_above_8(bundle):
    points = series_points(bundle, "coldchain_probe_celsius_max", store="SZ-0231")
    assert dict(points)[_at("18:12:00+08:00")] == retail.TEMP_PEAK == max(v for _, v in points)
    alert = alert_named(bundle, "ColdChainTemperatureExcursion")
    assert alert["value"] == retail.TEMP_ALERT_VALUE != f"{retail.TEMP_PEAK}°C"
    above = [ts for ts, v in points if v > 8.0]
    assert above and min(above) <= _at("17:41:00+08:00") and max(above) < _at("18:40:00+08:00")
    quarantined = when_logged(bundle, retail.QUARANTINE)
    first_above = dt.datetime.fromisoformat(min(above))
    assert dt.datetime.fromisoformat(quarantined) - first_above >= dt.timedelta(minutes=25)
    assert when_logged(bundle, retail.DEFROST_SETTING) < when_logged(bundle, retail.DEFROST_START) < min(above)
    assert alert["state"] == "resolved" and alert_named(bundle, "PosColdChainQuarantineBlocks")["state"] == "firing"


def test_the_dc_backlog_peak_is_not_what_the_alert_says_and_the_wave_is_held_until_the_water_lines_go(bundle):
    points = series_points(bundle, "dc_wave_unreleased_cases")
    assert dict(points)[_at("14:40:00+08:00")] == retail.DC_PEAK == max(v for _, v in points)
    assert alert_named(bundle, "DcWaveBacklogHigh")["value"] == retail.DC_ALERT_VALUE != f"{retail.DC_PEAK} 箱"
    held = [log["timestamp"] for log in logs_of(bundle, "xl-dc-wms") if "WAVE_CAPACITY_EXCEEDED" in log["message"]]
    assert held and _at("13:00") <= min(held) and max(held) < when_logged(bundle, retail.REPL_CANCEL)
    assert when_logged(bundle, retail.REPL_CANCEL) < when_logged(bundle, retail.WAVE_RELEASED)
    [spike] = [log for log in bundle["logs"] if log["message"] == retail.GROUP_BUY]
    assert spike["service"] == "xl-replenishment" and spike["instance"] == retail.REPL_POD
    assert spike["timestamp"] < when_logged(bundle, retail.DC_DEPLOY)  # the nightly run came long before the decoy
    for word in ("T-0088-20261218-1927", "uplift", "group-buy", "C-07"):
        assert word not in own_text(bundle, "xl-dc-wms")


def test_the_order_centre_load_is_the_reconciliation_script_and_shows_in_its_request_rate(bundle):
    total = series_points(bundle, "order_center_http_requests_per_second")
    assert dict(total)[_at("15:22:00+08:00")] == retail.QPS_PEAK == max(v for _, v in total)
    assert dict(total)[_at("14:50:00+08:00")] * 10 < retail.QPS_PEAK
    finance = series_points(bundle, "order_center_http_requests_per_second_by_caller", caller="xl-finance-recon")
    busy = [ts for ts, v in finance if v > 0]
    assert busy and _at("15:01") <= min(busy) and max(busy) < _at("15:49")
    assert dict(finance)[_at("15:22:00+08:00")] > 0.9 * retail.QPS_PEAK
    started, stopped = when_logged(bundle, retail.RECON_SCRIPT), when_logged(bundle, retail.RECON_STOP)
    failed = [log["timestamp"] for log in logs_of(bundle, "xl-o2o-picking") if "load picklist" in log["message"]]
    assert failed and started < min(failed) and max(failed) < _at("15:49:30") and stopped < max(failed)
    for word in ("recon_midday", "xl-finance-recon", "fin_ana_hewei", "page="):
        assert word not in own_text(bundle, "xl-o2o-picking")
    assert "change" not in next(log for log in bundle["logs"] if log["message"] == retail.RECON_SCRIPT)["attributes"]


def test_the_dhcp_pool_of_sz_0175_is_exhausted_only_while_the_guest_ssid_is_on_the_staff_vlan(bundle):
    exhausted = [log for log in logs_of(bundle, "xl-store-net") if "no address available" in log["message"]]
    assert exhausted and {log["instance"] for log in exhausted} == {"edge-SZ0175"}
    enabled, moved = when_logged(bundle, retail.SSID_CHANGE), when_logged(bundle, retail.SSID_FIX)
    assert all(enabled < log["timestamp"] < moved for log in exhausted)
    offline = [log for log in logs_of(bundle, "xl-o2o-picking") if "offline" in log["message"]]
    assert offline and all("SZ-0175" in log["message"] for log in offline)
    assert all(_at("16:41") < log["timestamp"] < moved for log in offline)
    leases = series_points(bundle, "store_dhcp_leases_in_use", store="SZ-0175")
    assert max(v for _, v in leases) == 241 and dict(leases)[_at("15:00:00+08:00")] < 100
    for word in ("XianLin-Free", "vlan", "DHCP", "dnsmasq"):
        assert word not in own_text(bundle, "xl-o2o-picking")


def test_sz_0142_sells_on_yesterdays_business_date_until_its_end_of_day_is_closed(bundle):
    closed = when_logged(bundle, retail.EOD_CLOSED)
    txns = [log for log in logs_of(bundle, "xl-pos-gateway") if "store=SZ-0142" in log["message"]
            and "business_date=" in log["message"]]
    assert txns and any(log["timestamp"] > closed for log in txns)
    for log in txns:
        expected = "2026-12-18" if log["timestamp"] < closed else "2026-12-19"
        assert f"business_date={expected}" in log["message"]
    others = [log for log in logs_of(bundle, "xl-pos-gateway") if "business_date=2026-12-18" in log["message"]]
    assert {re.search(r"store=(SZ-\d{4})", log["message"]).group(1) for log in others} == {"SZ-0142"}
    assert "POS-0142-05" not in own_text(bundle, "xl-pos-gateway")  # the switched-off till sends nothing
    unmatched = [log["timestamp"][11:16] for log in logs_of(bundle, "xl-finance-recon") if "UNMATCHED" in log["message"]]
    assert unmatched == ["08:05", "09:05", "10:05", "11:05", "12:05"]
    assert when_logged(bundle, retail.EOD_BLOCKED) < _at("00:31")
    for word in ("PENDING_TERMINAL", "POS-0142-05", "EOD"):
        assert word not in own_text(bundle, "xl-finance-recon")


def test_the_probes_uplinks_are_dropped_only_for_the_nine_new_batteries_until_their_sessions_are_reset(bundle):
    drops = [log for log in logs_of(bundle, "xl-lorawan-ns") if "frame-counter reset" in log["message"]]
    swapped, reset = when_logged(bundle, retail.PROBE_WO), when_logged(bundle, retail.FCNT_FIX)
    assert drops and all(swapped < log["timestamp"] < reset for log in drops)
    probes = {re.search(r"\((SZ-0088-RC-\d\d)\)", log["message"]).group(1) for log in drops}
    assert probes == {f"SZ-0088-{probe}" for probe in retail.PROBES}
    for log in drops:
        fcnt, last = map(int, re.search(r"FCnt (\d+) < last (\d+)", log["message"]).groups())
        assert fcnt < last
    offline = [log for log in logs_of(bundle, "xl-coldchain") if "status OFFLINE" in log["message"]]
    assert {log["message"].split()[1] for log in offline} == set(retail.PROBES)
    assert not [log for log in logs_of(bundle, "xl-lorawan-ns") if "(SZ-0088-" in log["message"]
                and "forwarded" in log["message"] and swapped < log["timestamp"] < reset]
    for word in ("frame-counter", "FCnt", "LHT65N", "WO-FM-20261219-0217"):
        assert word not in own_text(bundle, "xl-coldchain")


def test_the_triggers_are_not_deploys_and_sit_on_other_services(bundle):
    changes = {(log["service"], log["message"]): log["attributes"]["change"] for log in bundle["logs"]
               if log["attributes"].get("change")}
    assert changes[("xl-scale-mgr", retail.SCALE_TEMPLATE)] == "template"
    assert changes[("xl-k8s-node", retail.HIDS_APPLY)] == "baseline"
    assert changes[("xl-promo-engine", retail.PROMO_PUBLISH)] == "promotion"
    assert changes[("xl-coldchain", retail.DEFROST_SETTING)] == "setting"
    assert changes[("xl-store-net", retail.SSID_CHANGE)] == "network"
    assert changes[("xl-facility", retail.PROBE_WO)] == "maintenance"
    # A job's run and an analyst's script are no change of ours: the identity merge, the forecast, the paging, the EOD.
    for message in (retail.MERGE_GROUP, retail.GROUP_BUY, retail.RECON_SCRIPT, retail.EOD_BLOCKED):
        assert not [log for log in bundle["logs"] if log["message"] == message and log["attributes"].get("change")]
    # Every incident has its decoy: a deploy or config of the asked service shortly before its symptoms.
    for service, message, window_start in (
            ("xl-self-checkout", retail.SCO_CONFIG, "07:02"), ("xl-esl-service", retail.ESL_DEPLOY, "10:12"),
            ("xl-pos-gateway", retail.POS_DEPLOY, "13:02"), ("xl-loyalty", retail.LOYALTY_DEPLOY, "07:00"),
            ("xl-pos-gateway", retail.POS_RECEIPT_CONFIG, "18:08"), ("xl-dc-wms", retail.DC_DEPLOY, "13:00"),
            ("xl-o2o-picking", retail.O2O_CONFIG, "15:01"), ("xl-store-net", retail.APN_CONFIG, "16:41"),
            ("xl-finance-recon", retail.FIN_CONFIG, "08:05"), ("xl-coldchain", retail.COLDCHAIN_DEPLOY, "10:41")):
        stamp = when_logged(bundle, message)
        assert changes[(service, message)] in ("deploy", "config", "network")
        assert dt.timedelta(0) < dt.datetime.fromisoformat(_at(window_start) + "+08:00") - dt.datetime.fromisoformat(
            stamp) < dt.timedelta(hours=1, minutes=30), message


def test_the_retail_pods_are_named_like_kubernetes_names_them(bundle):
    for pod in bundle[K8S_SECTION]["pods"]:
        if pod["phase"] == "Succeeded":  # the CronJobs' pods: <cronjob>-<scheduled minute>-<5 characters>
            assert re.fullmatch(r"(xl-cdp-identity-merge|xl-replenishment-nightly|xl-finance-recon-hourly)-\d{8}-"
                                r"[bcdfghjklmnpqrstvwxz2456789]{5}", pod["name"]), pod["name"]
        else:
            assert service_from_pod_name(pod["name"]) == pod["service"], pod["name"]
    names = {p["name"] for p in bundle[K8S_SECTION]["pods"]}
    assert {retail.MERGE_POD, retail.REPL_POD, retail.recon_pod(19)} <= names


def test_nothing_in_the_retail_world_happens_after_its_reference_time_and_events_are_the_last_hours(bundle):
    now = dt.datetime.fromisoformat(bundle["reference_time"])
    stamps = [log["timestamp"] for log in bundle["logs"]] + [e["last_seen"] for e in bundle[K8S_SECTION]["events"]]
    stamps += [ts for series in bundle["metrics"] for ts, _ in series["points"]]
    assert all(dt.datetime.fromisoformat(stamp) <= now for stamp in stamps)
    events = bundle[K8S_SECTION]["events"]
    assert events and all(now - dt.datetime.fromisoformat(e["first_seen"]) <= dt.timedelta(hours=1) for e in events)
    assert {a["name"] for a in bundle["alerts"] if a["state"] == "firing"} == set(retail.FIRING)
