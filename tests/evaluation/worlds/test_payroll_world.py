"""The payroll world tells the story its docstring tells: each incident's symptoms stay inside its window and on the
instances it names, the causes sit on other services than the ones asked about (or on nobody's change at all) and come
before the symptoms, the decoys come before the symptoms too, and the asked peaks are not what the alerts say. A world wrong
about itself would grade the agents against a fiction. Pure: no database."""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

import pytest

from contracts.k8s import service_from_pod_name
from evaluation.worlds import payroll
from evaluation.worlds.loading import K8S_SECTION
from tests.evaluation.worlds.bundle_reading import alert_named, logs_of, own_text, series_points, when_logged


@pytest.fixture(scope="module")
def bundle() -> dict[str, Any]:
    return payroll.build_bundle()


def _at(clock: str) -> str:
    return f"2026-12-28T{clock}"


def _stamps(bundle: dict[str, Any], service: str, needle: str) -> list[str]:
    return [log["timestamp"] for log in logs_of(bundle, service) if needle in log["message"]]


def _in_gb2312(name: str) -> bool:
    try:
        name.encode("gb2312")
    except UnicodeEncodeError:
        return False
    return True


def test_only_the_payslip_pods_on_the_new_node_see_the_host_s_memory_and_are_killed(bundle):
    kills = [log for log in logs_of(bundle, "xy-k8s-node") if "Memory cgroup out of memory" in log["message"]]
    assert kills and {log["instance"] for log in kills} == {payroll.BAD_NODE}
    assert len(kills) == sum(len(times) for times in payroll.KILLS.values())
    big = [log for log in logs_of(bundle, "xy-payslip") if "max heap 15.70 GiB" in log["message"]]
    assert {log["instance"] for log in big} == set(payroll.ON_BAD_NODE_PAYSLIP)
    small = [log for log in logs_of(bundle, "xy-payslip") if "max heap 768 MiB" in log["message"]]
    assert small and not {log["instance"] for log in small} & set(payroll.ON_BAD_NODE_PAYSLIP)
    joined, cordoned = when_logged(bundle, payroll.NODE_JOIN), _stamps(bundle, "xy-k8s-node", "kubectl cordon")[0]
    assert joined < _at("10:02:30") <= min(log["timestamp"] for log in big) and max(log["timestamp"] for log in kills) < cordoned
    # The failures are reported by the four pods elsewhere, which never restart; nothing the payslip service writes names
    # the node or its cgroup version.
    failed = [log for log in logs_of(bundle, "xy-payslip") if log["level"] == "ERROR"]
    assert failed and not {log["instance"] for log in failed} & set(payroll.ON_BAD_NODE_PAYSLIP)
    assert all(_at("10:09") <= log["timestamp"] < _at("12:09") for log in failed)
    for word in ("cgroup", payroll.BAD_NODE, "node-07", "infra_ops_wenjun"):
        assert word not in own_text(bundle, "xy-payslip")
    # At the reference time no payslip pod is on the cordoned node; the healthy attendance pod still is.
    pods = bundle[K8S_SECTION]["pods"]
    assert {p["name"] for p in pods if p["node"] == payroll.BAD_NODE} == {payroll.ATTENDANCE_ON_BAD_NODE}
    assert all(p["restarts"] == 0 for p in pods)


def test_the_healthy_attendance_pod_on_the_new_node_arrived_after_it_joined_and_never_failed(bundle):
    started = [log for log in logs_of(bundle, "xy-attendance") if log["instance"] == payroll.ATTENDANCE_ON_BAD_NODE
               and "listening on" in log["message"]]
    assert started and started[0]["timestamp"] > when_logged(bundle, payroll.NODE_JOIN)
    assert not [log for log in logs_of(bundle, "xy-attendance") if log["level"] in ("ERROR", "FATAL")]
    assert when_logged(bundle, payroll.ATTENDANCE_DEPLOY) < started[0]["timestamp"]


def test_the_payroll_calc_has_two_incidents_a_time_phrase_tells_apart(bundle):
    prepared = _stamps(bundle, "xy-payroll-calc", "prepared statement")
    locked = _stamps(bundle, "xy-payroll-calc", "lock timeout")
    assert prepared and locked and max(prepared) < _at("14:19") < _at("16:02") < min(locked)
    starts = sorted((a["starts_at"][11:16], a["name"]) for a in bundle["alerts"] if a["service"] == "xy-payroll-calc")
    assert starts == [("13:10", "PayrollCalcRunFailures"), ("16:08", "PayrollApprovalFailures")]
    # Both causes are other services': the pool's mode, a session in the database.
    for word in ("pool_mode", "pgbouncer", "dba_hanxue", "DBeaver", "idle in transaction", "support_l2_zhaolei", "TK-88213"):
        assert word not in own_text(bundle, "xy-payroll-calc")


def test_prepared_statements_fail_only_while_the_pool_is_in_transaction_mode(bundle):
    failed = [log for log in logs_of(bundle, "xy-payroll-calc") if "prepared statement" in log["message"]
              and log["level"] == "ERROR"]
    changed, reverted = when_logged(bundle, payroll.PGB_CHANGE), when_logged(bundle, payroll.PGB_REVERT)
    assert changed < min(log["timestamp"] for log in failed) and max(log["timestamp"] for log in failed) < reverted
    assert {re.search(r"\" (does not exist|already exists) ", log["message"]).group(1) for log in failed} == {
        "does not exist", "already exists"}
    # Runs still complete in between: a retry that lands on the right server connection passes.
    done = _stamps(bundle, "xy-payroll-calc", " done employees=")
    assert [ts for ts in done if changed < ts < reverted]
    assert alert_named(bundle, "PayrollCalcRunFailures")["starts_at"] > changed


def test_approvals_fail_only_while_the_uncommitted_update_holds_its_rows(bundle):
    updated, terminated = when_logged(bundle, payroll.DBEAVER_UPDATE), when_logged(bundle, payroll.TERMINATE)
    failed = _stamps(bundle, "xy-payroll-calc", "canceling statement due to lock timeout")
    assert updated < min(failed) and max(failed) < terminated
    approved = _stamps(bundle, "xy-payroll-calc", ": approved, handed to")
    assert approved and not [ts for ts in approved if updated < ts < terminated]
    waits = [log for log in logs_of(bundle, "xy-payroll-db") if "still waiting for ShareLock" in log["message"]]
    assert waits and all("Process holding the lock: 39102." in log["message"] for log in waits)
    assert all(updated < log["timestamp"] < terminated for log in waits)
    points = series_points(bundle, "pg_lock_waiting_sessions")
    assert dict(points)[_at("16:58:00+08:00")] == payroll.LOCK_PEAK == max(v for _, v in points)
    alert = alert_named(bundle, "PostgresLockWaitsHigh")
    assert alert["value"] == payroll.LOCK_ALERT_VALUE and str(payroll.LOCK_PEAK) not in alert["value"]
    assert alert["starts_at"] < _at("16:58:00+08:00") < alert["ends_at"]
    [update] = [log for log in bundle["logs"] if log["message"] == payroll.DBEAVER_UPDATE]
    assert update["service"] == "xy-payroll-db" and update["attributes"]["change"] == "data-fix"


def test_declarations_carry_the_week_based_year_from_midnight_until_the_pattern_is_fixed(bundle):
    # In zh_CN's week rules (weeks from Monday, the week holding 1 January is week 1) 2026-12-28 opens week 1 of 2027:
    # ``YYYY`` formats it as 2027, the Sunday before as 2026 (ISO, with four days minimum, would still say 2026).
    def week_year(day: dt.date) -> int:
        return (day + dt.timedelta(days=6 - day.weekday())).year

    assert week_year(payroll.DAY) == 2027 and week_year(payroll.EVE) == 2026 and payroll.DAY.weekday() == 0
    assert payroll.DAY.isocalendar()[0] == 2026
    fixed = when_logged(bundle, payroll.SI_FIX)
    queries = [log for log in logs_of(bundle, "xy-si-declare") if log["message"].startswith("status query 所属期")]
    assert len(queries) == 23
    for log in queries:
        wrong = _at("00:00") <= log["timestamp"] < fixed
        assert ("所属期 2027-12" in log["message"]) == wrong, log
    # The wrong period was there hours before the morning's deploy, the decoy.
    first_wrong = min(log["timestamp"] for log in queries if "2027-12" in log["message"])
    assert first_wrong < when_logged(bundle, payroll.SI_DEPLOY)
    batches = [log for log in logs_of(bundle, "xy-si-declare") if log["message"].startswith("declaration batch")]
    for log in batches:
        if _at("08:40") <= log["timestamp"] < fixed:
            assert "所属期 2027-12" in log["message"] and "accepted" not in log["message"]
        else:
            assert "所属期 2026-12" in log["message"] and log["timestamp"] > fixed
    rejected = [log for log in logs_of(bundle, "xy-si-declare") if log["level"] == "ERROR"]
    assert rejected and all(("SB-4103" in log["message"]) != ("GJJ-207" in log["message"]) for log in rejected)
    assert max(log["timestamp"] for log in rejected) < fixed
    boot = [log for log in logs_of(bundle, "xy-si-declare") if log["message"].startswith(payroll.SI_BOOT)]
    assert len(boot) == 2 and all("period-pattern=YYYY-MM" in log["message"] for log in boot)


def test_only_names_outside_gb2312_are_returned_and_only_by_the_updated_bank(bundle):
    assert all(not _in_gb2312(name) for name in payroll.RARE_NAMES) and all(_in_gb2312(name) for name in payroll.NAMES)
    returned = [log for log in logs_of(bundle, "xy-disburse") if "E2011" in log["message"] and " row " in log["message"]]
    names = {re.search(r"户名 (\S+) ", log["message"]).group(1) for log in returned}
    assert names and not [name for name in names if _in_gb2312(name)]
    assert all("HS" in re.search(r"bank result (PAY\S+)", log["message"]).group(1) for log in returned)
    updated, fixed = when_logged(bundle, payroll.FEP_UPDATE), when_logged(bundle, payroll.FEP_FIX)
    assert updated < min(log["timestamp"] for log in returned) and max(log["timestamp"] for log in returned) < fixed
    # Each returned row is one the front-end processor could not write, in the same trace.
    unmappable = [log for log in logs_of(bundle, "xy-bank-fep") if "not representable" in log["message"]]
    assert {log["trace_id"] for log in returned} == {log["trace_id"] for log in unmappable}
    assert sum(int(re.search(r": (\d) characters", log["message"]).group(1)) for log in unmappable) == len(returned)
    assert {log["instance"] for log in unmappable} == {"fep-hsb-01"}
    # The other banks pay every row meanwhile.
    others = [log for log in logs_of(bundle, "xy-disburse") if log["message"].startswith("bank result")
              and ("工商银行" in log["message"] or "招商银行" in log["message"])]
    assert others and not [log for log in others if "E2011" in log["message"]]
    for word in ("GB2312", "HSB-FEP", "5.2.0", "charset"):
        assert word not in own_text(bundle, "xy-disburse")
    [update] = [log for log in bundle["logs"] if log["message"] == payroll.FEP_UPDATE]
    assert update["service"] == "xy-bank-fep" and update["attributes"]["change"] == "vendor-update"


def test_december_withholding_takes_the_2027_deductions_between_the_sync_and_the_fix(bundle):
    held = [log for log in logs_of(bundle, "xy-tax") if log["message"].startswith("TAX_VARIANCE")]
    synced, fixed = when_logged(bundle, payroll.DEDUCTION_DONE), when_logged(bundle, payroll.TAX_FIX)
    assert synced < min(log["timestamp"] for log in held) and max(log["timestamp"] for log in held) < fixed
    for log in held:
        tax = float(re.search(r"withholding ¥([\d,.]+)", log["message"]).group(1).replace(",", ""))
        trial = float(re.search(r"trial ¥([\d,.]+)", log["message"]).group(1).replace(",", ""))
        assert tax < trial
    assert any("withholding ¥0.00 " in log["message"] for log in held)  # often nothing at all
    loaded = [log for log in logs_of(bundle, "xy-tax") if "special deductions from record" in log["message"]]
    assert loaded and all("record SAD-2027-" in log["message"] for log in loaded)
    [sync] = [log for log in bundle["logs"] if log["message"] == payroll.DEDUCTION_SYNC]
    assert "change" not in sync["attributes"] and sync["attributes"]["job"] == "deduction-sync"
    points = series_points(bundle, "tax_variance_review_pending")
    assert dict(points)[_at("15:04:00+08:00")] == payroll.REVIEW_PEAK == max(v for _, v in points)
    alert = alert_named(bundle, "TaxVarianceReviewHigh")
    assert alert["value"] == payroll.REVIEW_ALERT_VALUE and str(payroll.REVIEW_PEAK) not in alert["value"]
    assert when_logged(bundle, payroll.TAX_DEPLOY) < sync["timestamp"]


def test_one_tenant_s_endpoint_holds_the_workers_and_the_others_wait(bundle):
    timeouts = [log for log in logs_of(bundle, "xy-webhook") if "timeout after 30000ms" in log["message"]]
    assert timeouts and all("-> T-3017 " in log["message"] and "workers busy 32/32" in log["message"] for log in timeouts)
    late = [log for log in logs_of(bundle, "xy-webhook") if "before dispatch" in log["message"]
            and not log["message"].endswith("queued 0s before dispatch")]
    assert late and not [log for log in late if "T-3017" in log["message"]]
    ages = [int(re.search(r"queued (\d+)s", log["message"]).group(1)) for log in late]
    assert max(ages) < payroll.AGE_PEAK
    paused = when_logged(bundle, payroll.HF_PAUSE)
    assert max(log["timestamp"] for log in timeouts) < paused
    assert when_logged(bundle, payroll.HF_PUBLISH) < min(log["timestamp"] for log in timeouts)
    points = series_points(bundle, "webhook_oldest_pending_age_seconds")
    assert dict(points)[_at("11:52:00+08:00")] == payroll.AGE_PEAK == max(v for _, v in points)
    alert = alert_named(bundle, "WebhookDeliveryDelayHigh")
    assert alert["value"] == payroll.AGE_ALERT_VALUE and alert["starts_at"] < _at("11:52:00+08:00") < alert["ends_at"]
    busy = series_points(bundle, "webhook_busy_workers")
    assert dict(busy)[_at("11:00:00+08:00")] == 32 and dict(busy)[_at("09:00:00+08:00")] < 10
    # Outside the window every delivery leaves at once.
    prompt = [log for log in logs_of(bundle, "xy-webhook") if log["message"].endswith("queued 0s before dispatch")]
    assert prompt and not [log for log in prompt if _at("10:35") <= log["timestamp"] < _at("12:40")]


def test_the_sessions_moved_off_the_first_master_fail_until_the_client_runs_in_cluster_mode(bundle):
    moved = [log for log in logs_of(bundle, "xy-ess-app") if "MOVED" in log["message"]]
    resharded, fixed = when_logged(bundle, payroll.RESHARD), when_logged(bundle, payroll.ESS_REDIS_FIX)
    restarted = min(_stamps(bundle, "xy-ess-app", "session store connected"))
    # The mode is read at start: the errors go on until the pods restart with it.
    assert resharded < min(log["timestamp"] for log in moved) and fixed < restarted
    assert max(log["timestamp"] for log in moved) < restarted
    for log in moved:
        slot = int(re.search(r"MOVED (\d+) ", log["message"]).group(1))
        assert 5462 <= slot <= 16383
        assert ("10.42.9.12:6379" in log["message"]) == (slot <= 10922)
    night = [log for log in moved if log["timestamp"] < _at("06:30")]
    morning = [log for log in moved if _at("07:00") <= log["timestamp"]]
    # A trickle at night (7 h), a flood on the payday morning (3 h 20 min): per hour ten times as many and more.
    assert night and len(morning) / 3.35 > 10 * len(night) / 7.27
    assert when_logged(bundle, payroll.ESS_WATERMARK) < min(log["timestamp"] for log in moved)
    for word in ("reshard", "CHG-20261227-05", "cache_ops_dujuan", "redis-ess-02 added"):
        assert word not in own_text(bundle, "xy-ess-app")
    [reshard] = [log for log in bundle["logs"] if log["message"] == payroll.RESHARD]
    assert reshard["service"] == "xy-ess-redis" and reshard["attributes"]["change"] == "cluster-scale"


def test_completion_callbacks_fail_only_while_the_new_status_cannot_be_read(bundle):
    failed = [log for log in logs_of(bundle, "xy-econtract") if "FINISHED_ARCHIVED" in log["message"] and log["level"] == "ERROR"]
    deployed = when_logged(bundle, payroll.ECONTRACT_DEPLOY)
    assert failed and _at("14:00") < min(log["timestamp"] for log in failed) and max(log["timestamp"] for log in failed) < deployed
    assert when_logged(bundle, payroll.VENDOR_NOTICE) < when_logged(bundle, payroll.ECONTRACT_CONFIG) < min(
        log["timestamp"] for log in failed)
    finished = _stamps(bundle, "xy-econtract", "flowStatus=FINISHED ok")
    assert finished and not [ts for ts in finished if _at("14:02") <= ts < _at("15:51")]
    waiting = [log for log in logs_of(bundle, "xy-hr-core") if "waiting for labour contract" in log["message"]]
    assert waiting and all(_at("14:02") < log["timestamp"] < deployed for log in waiting)
    [notice] = [log for log in bundle["logs"] if log["message"] == payroll.VENDOR_NOTICE]
    assert "change" not in notice["attributes"]  # the vendor's release is nobody's change of ours


def test_the_notify_hpa_scaled_in_the_morning_but_not_after_the_rule_rename(bundle):
    replicas = series_points(bundle, "kube_horizontalpodautoscaler_status_current_replicas", hpa="xy-notify")
    renamed = when_logged(bundle, payroll.RULE_RENAME)
    assert max(v for ts, v in replicas if ts < renamed) == 8
    assert {v for ts, v in replicas if ts > renamed} == {2}
    pending = series_points(bundle, "notify_pending_messages")
    assert pending[-1] == [bundle["reference_time"], 184300] and max(v for _, v in pending) == 184300
    assert max(v for ts, v in pending if ts < renamed) < 20000  # the morning wave stayed under the threshold
    adapter = _stamps(bundle, "xy-monitoring", "returned no series")
    assert adapter and renamed < min(adapter) and max(adapter) > _at("20:00")
    events = [e for e in bundle[K8S_SECTION]["events"] if e["object"] == "HorizontalPodAutoscaler/xy-notify"]
    assert {e["reason"] for e in events} == {"FailedGetExternalMetric", "FailedComputeMetricsReplicas"}
    assert all(e["type"] == "Warning" and e["first_seen"] > renamed for e in events)
    assert alert_named(bundle, "NotifyQueueBacklogHigh")["state"] == "firing"
    assert not [a for a in bundle["alerts"] if "Hpa" in a["name"] or "HPA" in a["summary"]]  # nobody was told
    for word in ("recording", "FailedGetExternalMetric", "obs_eng_malin", "CHG-20261228-07"):
        assert word not in own_text(bundle, "xy-notify")
    assert len([p for p in bundle[K8S_SECTION]["pods"] if p["service"] == "xy-notify"]) == 2


def test_the_triggers_are_rarely_deploys_and_each_decoy_comes_shortly_before_its_symptoms(bundle):
    changes = {(log["service"], log["message"]): log["attributes"]["change"] for log in bundle["logs"]
               if log["attributes"].get("change")}
    assert changes[("xy-ess-redis", payroll.RESHARD)] == "cluster-scale"
    assert changes[("xy-bank-fep", payroll.FEP_UPDATE)] == "vendor-update"
    assert changes[("xy-k8s-node", payroll.NODE_JOIN)] == "node-add"
    assert changes[("xy-pgbouncer", payroll.PGB_CHANGE)] == "config"
    assert changes[("xy-payroll-db", payroll.DBEAVER_UPDATE)] == "data-fix"
    assert changes[("xy-monitoring", payroll.RULE_RENAME)] == "config"
    # The calendar, a tax ops job, a customer's endpoint and a vendor's release are no change of ours.
    for message in (payroll.DEDUCTION_SYNC, payroll.HF_PUBLISH, payroll.VENDOR_NOTICE):
        assert not [log for log in bundle["logs"] if log["message"] == message and log["attributes"].get("change")]
    assert not [log for log in logs_of(bundle, "xy-si-declare") if log["attributes"].get("change")
                and log["timestamp"] < _at("07:50")]
    for service, message, window_start in (
            ("xy-ess-app", payroll.ESS_WATERMARK, "2026-12-27T23:14"), ("xy-si-declare", payroll.SI_DEPLOY, _at("08:40")),
            ("xy-tax", payroll.TAX_DEPLOY, _at("09:00")), ("xy-disburse", payroll.DISB_DEPLOY, _at("09:30")),
            ("xy-payslip", payroll.PAYSLIP_FONT, _at("10:02")), ("xy-webhook", payroll.WEBHOOK_DEPLOY, _at("10:35")),
            ("xy-payroll-calc", payroll.CALC_PARALLELISM, _at("13:06")),
            ("xy-econtract", payroll.ECONTRACT_CONFIG, _at("14:02")), ("xy-payroll-calc", payroll.CALC_DEPLOY, _at("16:03")),
            ("xy-notify", payroll.NOTIFY_CONFIG, _at("18:30"))):
        stamp = when_logged(bundle, message)
        assert changes[(service, message)] in ("deploy", "config")
        gap = dt.datetime.fromisoformat(window_start + ":00+08:00") - dt.datetime.fromisoformat(stamp)
        assert dt.timedelta(0) < gap < dt.timedelta(hours=1, minutes=30), message


def test_the_payroll_pods_are_named_like_kubernetes_names_them(bundle):
    for pod in bundle[K8S_SECTION]["pods"]:
        if pod["phase"] == "Succeeded":  # the CronJob's pods: <cronjob>-<scheduled minute>-<5 characters>
            assert re.fullmatch(r"xy-si-declare-status-\d{8}-[bcdfghjklmnpqrstvwxz2456789]{5}", pod["name"]), pod["name"]
        else:
            assert service_from_pod_name(pod["name"]) == pod["service"], pod["name"]
    instances = {log["instance"] for log in logs_of(bundle, "xy-si-declare") if log["attributes"].get("job") == "status-query"}
    assert {p["name"] for p in bundle[K8S_SECTION]["pods"] if p["phase"] == "Succeeded"} <= instances


def test_nothing_in_the_payroll_world_happens_after_its_reference_time_and_events_are_the_last_hour(bundle):
    now = dt.datetime.fromisoformat(bundle["reference_time"])
    start = dt.datetime.fromisoformat(bundle["logs"][0]["timestamp"])
    stamps = [log["timestamp"] for log in bundle["logs"]] + [e["last_seen"] for e in bundle[K8S_SECTION]["events"]]
    stamps += [ts for series in bundle["metrics"] for ts, _ in series["points"]]
    assert all(dt.datetime.fromisoformat(stamp) <= now for stamp in stamps)
    assert start >= payroll.START and now - start > dt.timedelta(hours=22)  # the evening before is in the evidence
    events = bundle[K8S_SECTION]["events"]
    # The API server drops an event an hour after its last update; a repeating warning keeps its first sighting.
    assert events and all(now - dt.datetime.fromisoformat(e["last_seen"]) <= dt.timedelta(hours=1) for e in events)
    assert all(e["first_seen"] <= e["last_seen"] for e in events)
    assert {a["name"] for a in bundle["alerts"] if a["state"] == "firing"} == set(payroll.FIRING)
