"""The pharma world tells the story its docstring tells: each incident's symptoms stay inside its window and on the
instances it names, the causes sit on other services than the ones asked about and come before the symptoms, the decoys
come before the symptoms too, and the asked peaks are not what the alerts say. A world wrong about itself would grade the
agents against a fiction. Pure: no database."""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

import pytest

from contracts.k8s import service_from_pod_name
from evaluation.worlds import pharma
from evaluation.worlds.loading import K8S_SECTION
from tests.evaluation.worlds.bundle_reading import alert_named, logs_of, own_text, series_points, when_logged


@pytest.fixture(scope="module")
def bundle() -> dict[str, Any]:
    return pharma.build_bundle()


def _at(clock: str) -> str:
    return f"2026-12-15T{clock}"


def _stamps(bundle: dict[str, Any], service: str, needle: str) -> list[str]:
    return [log["timestamp"] for log in logs_of(bundle, service) if needle in log["message"]]


def test_only_the_pods_on_the_rebooted_node_restarted_and_their_claims_stay_locked_until_the_ttl(bundle):
    pods = bundle[K8S_SECTION]["pods"]
    on_node = {p["name"] for p in pods if p["node"] == pharma.BAD_NODE}
    assert on_node == set(pharma.ON_BAD_NODE)
    restarted = {p["name"] for p in pods if p["restarts"]}
    assert restarted == on_node
    for pod in pods:
        if pod["name"] in on_node:
            assert pod["last_termination"]["reason"] == "Unknown" and pod["last_termination"]["at"] == "2026-12-15T17:10:02+08:00"
    rebooted = when_logged(bundle, pharma.AUTO_REBOOT)
    stuck = [log for log in logs_of(bundle, "kl-pharm-review") if "REVIEW_STUCK_CLAIMED" in log["message"]]
    denied = [log for log in logs_of(bundle, "kl-pharm-review") if "ALREADY_CLAIMED" in log["message"]]
    assert stuck and denied
    # Every stuck claim belongs to a session of the pod on the rebooted node, reported by the pods that survived.
    assert all(f"on {pharma.REVIEW_BAD_POD})" in log["message"] for log in stuck)
    assert pharma.REVIEW_BAD_POD not in {log["instance"] for log in stuck + denied}
    expired = when_logged(bundle, pharma.CLAIMS_EXPIRED.format(pod=pharma.REVIEW_BAD_POD))
    assert all(rebooted < log["timestamp"] < expired for log in stuck + denied)
    # The review pod there writes nothing while its node is down.
    silent = [log for log in logs_of(bundle, "kl-pharm-review") if log["instance"] == pharma.REVIEW_BAD_POD
              and _at("17:10:02") < log["timestamp"] < _at("17:14:38")]
    assert not silent
    for word in ("unattended", "Automatic-Reboot", pharma.BAD_NODE, "reboot"):
        assert word not in own_text(bundle, "kl-pharm-review")
    assert alert_named(bundle, "KubeNodeNotReady")["labels"]["instance"] == pharma.BAD_NODE


def test_the_order_hub_has_two_incidents_a_time_phrase_tells_apart(bundle):
    held = _stamps(bundle, "kl-order-hub", "CREDIT_HOLD")
    short = _stamps(bundle, "kl-order-hub", "ALLOC_SHORT")
    assert held and short and max(held) < when_logged(bundle, pharma.CREDIT_RELEASE) < _at("13:21") <= min(short)
    assert when_logged(bundle, pharma.TERMS_IMPORT) < when_logged(bundle, pharma.AGING_HOLD.format(
        customer="C10023", name=pharma.GROUP["C10023"], ar=pharma.AR["C10023"])) < min(held)
    assert when_logged(bundle, pharma.RECALL_LOCK) < min(short) and max(short) < when_logged(bundle, pharma.RECALL_FIX)
    starts = sorted((a["starts_at"][11:16], a["name"]) for a in bundle["alerts"] if a["service"] == "kl-order-hub")
    assert starts == [("08:12", "OrderCreditHoldsHigh"), ("13:30", "OrderBackorderLinesHigh")]
    # Both causes are other services': the customer master's payment terms, QA's recall lock.
    for word in ("payment_terms", "CM-IMP", "sales_adm_wuqian", pharma.RECALL, "2026110*", "qa_zhoulan", "recall"):
        assert word not in own_text(bundle, "kl-order-hub")


def test_the_credit_holds_are_exactly_the_nine_customers_whose_terms_the_import_shortened(bundle):
    held = {re.search(r"customer (C\d{5})", log["message"]).group(1) for log in logs_of(bundle, "kl-order-hub")
            if "CREDIT_HOLD" in log["message"]}
    assert held == set(pharma.GROUP)
    marked = [log for log in logs_of(bundle, "kl-credit") if "-> OVERDUE_HOLD" in log["message"]]
    assert {re.search(r"customer (C\d{5})", log["message"]).group(1) for log in marked} == set(pharma.GROUP)
    assert {log["instance"] for log in marked} == {pharma.AGING_POD}
    assert all("change" not in log["attributes"] for log in marked)  # the nightly job's run is no change of ours
    # While they are held, none of the nine has an order accepted.
    accepted = [log for log in logs_of(bundle, "kl-order-hub") if "credit ok" in log["message"]
                and _at("08:00") <= log["timestamp"] < _at("10:50")]
    assert accepted and not [log for log in accepted if any(c in log["message"] for c in pharma.GROUP)]


def test_upload_bills_are_rejected_only_while_they_carry_the_new_licence_number(bundle):
    rejected = [log for log in logs_of(bundle, "kl-trace-upload") if "ENT_LICENSE_MISMATCH" in log["message"]]
    updated, reloaded = when_logged(bundle, pharma.LICENSE_UPDATE), when_logged(bundle, pharma.PROFILE_RELOAD)
    overridden = when_logged(bundle, pharma.LICENSE_OVERRIDE)
    assert rejected and updated < reloaded < min(log["timestamp"] for log in rejected)
    assert max(log["timestamp"] for log in rejected) < overridden
    assert all(pharma.NEW_LICENSE in log["message"] and pharma.OLD_LICENSE in log["message"] for log in rejected)
    accepted = _stamps(bundle, "kl-trace-upload", "accepted by 码上放心平台")
    assert not [ts for ts in accepted if reloaded < ts < overridden]
    # The decoys come first: the morning's deploy and the notice of a signature algorithm not yet in force.
    assert when_logged(bundle, pharma.SM3_NOTICE) < when_logged(bundle, pharma.UPLOAD_DEPLOY) < updated
    [update] = [log for log in bundle["logs"] if log["message"] == pharma.LICENSE_UPDATE]
    assert update["service"] == "kl-gsp-qa" and update["attributes"]["change"] == "masterdata"


def test_the_pending_codes_peak_is_not_what_the_alert_says(bundle):
    points = series_points(bundle, "trace_codes_pending_upload")
    assert dict(points)[_at("11:32:00+08:00")] == pharma.PENDING_PEAK == max(v for _, v in points)
    alert = alert_named(bundle, "TraceUploadBacklogHigh")
    assert alert["value"] == pharma.PENDING_ALERT_VALUE and str(pharma.PENDING_PEAK) not in alert["value"]
    assert alert["starts_at"] < _at("11:32:00+08:00") < alert["ends_at"]
    assert dict(points)[_at("09:00:00+08:00")] < 5000


def test_hospitals_reject_only_lots_the_90_day_rule_let_through(bundle):
    rejected = [log for log in logs_of(bundle, "kl-spd-gateway") if "效期不足6个月" in log["message"]]
    assert rejected
    for log in rejected:
        days = int(re.search(r"剩余 (\d+) 天", log["message"]).group(1))
        assert 90 <= days < 180
    edited, fixed = when_logged(bundle, pharma.RULE_EDIT), when_logged(bundle, pharma.RULE_FIX)
    assert edited < min(log["timestamp"] for log in rejected) and max(log["timestamp"] for log in rejected) < _at("16:30")
    # The WMS gives hospitals short-dated lots only under the edited rule; before and after, at least 180 days.
    hosp = [log for log in logs_of(bundle, "kl-wms") if "(HOSP)" in log["message"]]
    for log in hosp:
        days = int(re.search(r"remaining (\d+)d", log["message"]).group(1))
        if days < 180:
            assert edited < log["timestamp"] < fixed and "ALLOC-HOSP (min 90d)" in log["message"]
    assert any(int(re.search(r"remaining (\d+)d", log["message"]).group(1)) < 180 for log in hosp)
    # Each rejection opens a return in the same trace.
    rma = {log["trace_id"] for log in logs_of(bundle, "kl-returns") if "reason=SHORT_EXPIRY" in log["message"]}
    assert {log["trace_id"] for log in rejected} == rma
    for word in ("ALLOC-HOSP", "min_remaining_days", "WMS-REQ-1207", "wms_ops_chenjie"):
        assert word not in own_text(bundle, "kl-spd-gateway")


def test_the_recall_pattern_holds_lots_of_products_the_recall_never_named(bundle):
    held = [log for log in logs_of(bundle, "kl-wms") if f"QA_HOLD (recall lock {pharma.RECALL})" in log["message"]]
    products = {re.search(r"of (P\d{6})", log["message"]).group(1) for log in held}
    assert len(products) == 11 and "P000318" in products
    assert all(re.search(r"lot 2026110\d ", log["message"]) for log in held)
    short = {re.search(r"(P\d{6})", log["message"].split(" line ")[1]).group(1) for log in logs_of(bundle, "kl-order-hub")
             if "ALLOC_SHORT" in log["message"]}
    assert short <= products and len(short - {"P000318"}) >= 5
    # The ordinary stock's lots are never ones the pattern would catch.
    wms_lots = {m for log in logs_of(bundle, "kl-wms") for m in re.findall(r"lot (\d{8}) ", log["message"])
                if "QA_HOLD" not in log["message"]}
    assert not [lot for lot in wms_lots if lot.startswith("2026110")]


def test_the_upgraded_trucks_report_fahrenheit_and_the_tms_reads_it_as_celsius(bundle):
    excursions = [log for log in logs_of(bundle, "kl-coldchain-tms") if "TEMP_EXCURSION" in log["message"]]
    plates = {re.search(r"vehicle (\S+) ", log["message"]).group(1) for log in excursions}
    assert plates == set(pharma.FAHRENHEIT)
    for log in excursions:
        reading = float(re.search(r"temp ([\d.]+)°C", log["message"]).group(1))
        assert 2.0 <= (reading - 32) * 5 / 9 <= 8.0  # in range once read as °F
    frames = [log for log in logs_of(bundle, "kl-vehicle-gw") if " unit=F " in log["message"]]
    assert {re.search(r"vehicle (\S+) ", log["message"]).group(1) for log in frames} == set(pharma.FAHRENHEIT)
    assert all("fw=TB-4.1.0" in log["message"] for log in frames)
    for plate in pharma.FAHRENHEIT:  # each truck reports °F only once the campaign has reached it
        upgraded = pharma.UPGRADED_AT[plate].isoformat(timespec="milliseconds")
        assert all(log["timestamp"] >= upgraded for log in frames if f"vehicle {plate} " in log["message"])
    ota, fix = when_logged(bundle, pharma.OTA_CAMPAIGN), when_logged(bundle, pharma.UNIT_FIX)
    assert ota < min(log["timestamp"] for log in frames) and max(log["timestamp"] for log in frames) < fix
    assert _at("06:30") < min(log["timestamp"] for log in excursions) and max(log["timestamp"] for log in excursions) < fix
    assert when_logged(bundle, pharma.TMS_DEPLOY) < min(log["timestamp"] for log in excursions)
    for word in ("TB-4.1.0", "unit=F", "OTA", "hongtu_ota"):
        assert word not in own_text(bundle, "kl-coldchain-tms")


def test_receiving_holds_only_the_suppliers_lines_while_the_v12_map_fills_no_batch(bundle):
    mismatches = [log for log in logs_of(bundle, "kl-wms") if "LOT_MISMATCH" in log["message"]]
    assert mismatches and all("supplier HRYY" in log["message"] for log in mismatches)
    published, rolled_back = when_logged(bundle, pharma.EDI_MAP), when_logged(bundle, pharma.EDI_ROLLBACK)
    assert published < min(log["timestamp"] for log in mismatches) and max(log["timestamp"] for log in mismatches) < rolled_back
    v12 = [log for log in logs_of(bundle, "kl-supplier-edi") if "(map ASN_HRYY v12)" in log["message"]]
    assert v12 and all("batch_no filled 0/" in log["message"] for log in v12)
    asns = {re.search(r"DESADV (\S+)", log["message"]).group(1) for log in v12}
    assert {re.search(r"receiving (\S+)", log["message"]).group(1) for log in mismatches} <= asns
    points = series_points(bundle, "wms_receiving_held_lines")
    assert dict(points)[_at("12:10:00+08:00")] == pharma.HELD_PEAK == max(v for _, v in points)
    assert alert_named(bundle, "WmsReceivingHeldLinesHigh")["value"] == pharma.HELD_ALERT_VALUE
    assert when_logged(bundle, pharma.WMS_DEPLOY) < min(log["timestamp"] for log in mismatches)
    for word in ("ASN_HRYY", "RFF+BT", "edi_dev_tangwei", "v12"):
        assert word not in own_text(bundle, "kl-wms")


def test_the_backlog_push_shows_in_the_request_rate_and_the_queue_peak_is_not_the_alert(bundle):
    total = series_points(bundle, "order_intake_per_second")
    assert dict(total)[_at("10:06:00+08:00")] == pharma.INTAKE_PEAK == max(v for _, v in total)
    assert dict(total)[_at("09:50:00+08:00")] * 10 < pharma.INTAKE_PEAK
    platform = series_points(bundle, "order_intake_per_second_by_source", source="yg-platform")
    busy = [ts for ts, v in platform if v > 10]
    assert busy and _at("10:02") <= min(busy) and max(busy) < _at("11:05")
    queue = series_points(bundle, "pharm_review_queue_depth")
    assert dict(queue)[_at("10:48:00+08:00")] == pharma.QUEUE_PEAK == max(v for _, v in queue)
    alert = alert_named(bundle, "PharmReviewBacklogHigh")
    assert alert["value"] == pharma.QUEUE_ALERT_VALUE and alert["starts_at"] > when_logged(bundle, pharma.YG_BACK)
    breaches = _stamps(bundle, "kl-pharm-review", "REVIEW_SLA_BREACHED")
    assert breaches and when_logged(bundle, pharma.YG_BACK) < min(breaches) and max(breaches) < _at("11:35")
    assert when_logged(bundle, pharma.REVIEW_NOTIFY_CONFIG) < min(breaches)
    for word in ("阳光", "yg-platform", "GD-YG"):
        assert word not in own_text(bundle, "kl-pharm-review")
    during = [log for log in logs_of(bundle, "kl-order-hub") if "source=yg-platform" in log["message"]
              and _at("06:00") <= log["timestamp"] < when_logged(bundle, pharma.YG_BACK)]
    assert not during  # the platform sent nothing while it was in maintenance


def test_the_pharm_review_has_two_incidents_a_time_phrase_tells_apart(bundle):
    breaches = _stamps(bundle, "kl-pharm-review", "REVIEW_SLA_BREACHED")
    stuck = _stamps(bundle, "kl-pharm-review", "REVIEW_STUCK_CLAIMED")
    assert max(breaches) < _at("12:00") < _at("17:10") < min(stuck)
    starts = sorted((a["starts_at"][11:16], a["name"]) for a in bundle["alerts"] if a["service"] == "kl-pharm-review")
    assert starts == [("10:14", "PharmReviewBacklogHigh"), ("17:20", "PharmReviewClaimsStuck")]
    assert dict(series_points(bundle, "pharm_review_queue_depth"))[_at("17:30:00+08:00")] < 100


def test_the_quota_is_used_up_by_the_batch_and_invoices_still_fail_at_the_reference_time(bundle):
    started, done = when_logged(bundle, pharma.BATCH_START), when_logged(bundle, pharma.BATCH_DONE)
    failures = _stamps(bundle, "kl-einvoice", "4007 可用授信额度不足")
    assert failures and started < done < min(failures) and max(failures) > _at("19:30")
    quota = series_points(bundle, "einvoice_quota_remaining_yuan")
    assert dict(quota)[_at("14:30:00+08:00")] > 40_000_000 and dict(quota)[_at("15:20:00+08:00")] < 20_000
    assert alert_named(bundle, "EinvoiceIssueFailures")["state"] == "firing"
    assert when_logged(bundle, pharma.EINVOICE_DEPLOY) < started
    [batch] = [log for log in bundle["logs"] if log["message"] == pharma.BATCH_START]
    assert "change" not in batch["attributes"]  # a finance batch, nobody's deploy or config
    issued = _stamps(bundle, "kl-einvoice", "invoice issued for delivery")
    assert issued and not [ts for ts in issued if ts > _at("15:12")]


def test_scan_inserts_fail_from_midnight_until_the_partitions_are_made(bundle):
    failed = _stamps(bundle, "kl-trace-code", "no partition of relation")
    maint, fixed = when_logged(bundle, pharma.PARTMAN_FAIL), when_logged(bundle, pharma.PARTMAN_FIX)
    assert maint < "2026-12-15T00:00" <= min(failed) and max(failed) < fixed
    assert "trace_scan_p20261214" in pharma.PARTMAN_FAIL  # the last premade partition is the evening's own day
    saved = _stamps(bundle, "kl-trace-code", "scan batch saved")
    assert not [ts for ts in saved if _at("00:00") <= ts < _at("01:39")]
    assert when_logged(bundle, pharma.SCAN_CONFIG) < maint
    alert = alert_named(bundle, "TraceScanWriteErrors")
    assert alert["state"] == "resolved" and alert["starts_at"] < fixed < alert["ends_at"]
    for word in ("partman", "permission denied", "DBA-1187"):
        assert word not in own_text(bundle, "kl-trace-code")


def test_the_triggers_are_not_deploys_and_each_decoy_comes_before_its_symptoms(bundle):
    changes = {(log["service"], log["message"]): log["attributes"]["change"] for log in bundle["logs"]
               if log["attributes"].get("change")}
    assert changes[("kl-gsp-qa", pharma.LICENSE_UPDATE)] == "masterdata"
    assert changes[("kl-wms", pharma.RULE_EDIT)] == "rule"
    assert changes[("kl-gsp-qa", pharma.RECALL_LOCK)] == "recall"
    assert changes[("kl-vehicle-gw", pharma.OTA_CAMPAIGN)] == "firmware"
    assert changes[("kl-mdm", pharma.TERMS_IMPORT)] == "masterdata"
    assert changes[("kl-k8s-node", pharma.AUTO_REBOOT)] == "os-update"
    assert changes[("kl-supplier-edi", pharma.EDI_MAP)] == "mapping"
    # A platform's backlog push, a finance batch and a failing maintenance run are no change of ours.
    for message in (pharma.YG_BACK, pharma.BATCH_START, pharma.PARTMAN_FAIL):
        assert not [log for log in bundle["logs"] if log["message"] == message and log["attributes"].get("change")]
    for service, message, window_start in (
            ("kl-trace-upload", pharma.UPLOAD_DEPLOY, "09:20"), ("kl-spd-gateway", pharma.SPD_CONFIG, "10:40"),
            ("kl-order-hub", pharma.ORDER_SPLIT_CONFIG, "13:21"), ("kl-coldchain-tms", pharma.TMS_DEPLOY, "06:30"),
            ("kl-order-hub", pharma.ORDER_DEPLOY, "08:00"), ("kl-pharm-review", pharma.CLAIM_CONFIG, "17:10"),
            ("kl-wms", pharma.WMS_DEPLOY, "09:10"), ("kl-pharm-review", pharma.REVIEW_NOTIFY_CONFIG, "10:02"),
            ("kl-einvoice", pharma.EINVOICE_DEPLOY, "15:12"), ("kl-trace-code", pharma.SCAN_CONFIG, "00:00")):
        stamp = when_logged(bundle, message)
        assert changes[(service, message)] in ("deploy", "config")
        gap = dt.datetime.fromisoformat(_at(window_start) + ":00+08:00") - dt.datetime.fromisoformat(stamp)
        assert dt.timedelta(0) < gap < dt.timedelta(hours=1, minutes=30), message


def test_the_pharma_pods_are_named_like_kubernetes_names_them(bundle):
    for pod in bundle[K8S_SECTION]["pods"]:
        if pod["phase"] == "Succeeded":  # the CronJobs' pods: <cronjob>-<scheduled minute>-<5 characters>
            assert re.fullmatch(r"(kl-credit-aging|kl-einvoice-retry)-\d{8}-[bcdfghjklmnpqrstvwxz2456789]{5}",
                                pod["name"]), pod["name"]
        else:
            assert service_from_pod_name(pod["name"]) == pod["service"], pod["name"]
    assert pharma.AGING_POD in {p["name"] for p in bundle[K8S_SECTION]["pods"]}


def test_nothing_in_the_pharma_world_happens_after_its_reference_time_and_events_are_the_last_hour(bundle):
    now = dt.datetime.fromisoformat(bundle["reference_time"])
    start = dt.datetime.fromisoformat(bundle["logs"][0]["timestamp"])
    stamps = [log["timestamp"] for log in bundle["logs"]] + [e["last_seen"] for e in bundle[K8S_SECTION]["events"]]
    stamps += [ts for series in bundle["metrics"] for ts, _ in series["points"]]
    assert all(dt.datetime.fromisoformat(stamp) <= now for stamp in stamps)
    assert start >= pharma.START and now - start > dt.timedelta(hours=21)  # the evening before is in the evidence
    events = bundle[K8S_SECTION]["events"]
    assert events and all(now - dt.datetime.fromisoformat(e["first_seen"]) <= dt.timedelta(hours=1) for e in events)
    assert {a["name"] for a in bundle["alerts"] if a["state"] == "firing"} == set(pharma.FIRING)
