"""The collab world tells the story its docstring tells: each incident's symptoms stay inside its window and on the
instances it names, the causes sit before the symptoms and mostly on other services than the ones asked about, the
decoys come before the symptoms they do not cause, and the asked peaks are not what the alerts say. A world wrong about
itself would grade the agents against a fiction. Pure: no database."""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

import pytest

from contracts.k8s import service_from_pod_name
from evaluation.worlds import collab
from evaluation.worlds.loading import K8S_SECTION
from tests.evaluation.worlds.bundle_reading import alert_named, logs_of, own_text, series_points, when_logged


@pytest.fixture(scope="module")
def bundle() -> dict[str, Any]:
    return collab.build_bundle()


def _at(clock: str, day: str = "2027-03-01") -> str:
    return f"{day}T{clock}"


def _stamps(bundle: dict[str, Any], service: str, needle: str) -> list[str]:
    return [log["timestamp"] for log in logs_of(bundle, service) if needle in log["message"]]


def _moment(stamp: str) -> dt.datetime:
    return dt.datetime.fromisoformat(stamp)


def test_the_op_log_is_truncated_overnight_and_the_weekends_clients_are_rejected_only_until_the_rebase(bundle):
    configured, compacted = when_logged(bundle, collab.OPLOG_CONFIG), when_logged(bundle, collab.COMPACT_DONE)
    assert configured.startswith("2027-02-28T22:15") and configured < when_logged(bundle, collab.COMPACT_START) < compacted
    rejects = _stamps(bundle, "md-collab-gateway", "OP_LOG_TRUNCATED")
    assert rejects and compacted < min(rejects) and min(rejects) >= _at("08:32")
    rebase = when_logged(bundle, collab.GATEWAY_REBASE)
    assert max(rejects) < rebase and when_logged(bundle, collab.OPLOG_REVERT) < rebase
    # Every rejected client's base revision is older than the oldest op kept.
    for log in logs_of(bundle, "md-collab-gateway"):
        if "OP_LOG_TRUNCATED" in log["message"]:
            base, oldest = map(int, re.search(r"base_rev (\d+) < oldest retained rev (\d+)", log["message"]).groups())
            assert base < oldest
    # The gateway never names the retention or the compaction job; the cause is the document store's.
    for word in ("retain_ops_hours", "compaction", collab.COMPACT_CRON, "store_dba_xiekai"):
        assert word not in own_text(bundle, "md-collab-gateway")
    [done] = [log for log in bundle["logs"] if log["message"] == collab.COMPACT_DONE]
    assert done["service"] == "md-doc-store" and done["instance"] == collab.COMPACT_POD


def test_every_websocket_cut_follows_an_ingress_reload_by_the_worker_shutdown_timeout(bundle):
    reloads = sorted(_moment(log["timestamp"]) for log in logs_of(bundle, "md-ingress") if collab.RELOADED in log["message"])
    closes = [_moment(stamp) for stamp in _stamps(bundle, "md-collab-gateway", "code=1006")]
    assert closes and reloads
    for closed in closes:
        assert any(dt.timedelta(seconds=8) <= closed - reloaded <= dt.timedelta(seconds=12) for reloaded in reloads), closed
    # The migration turns an hourly reload into one every half-minute: the cuts crowd its window.
    started, paused = when_logged(bundle, collab.MIGRATE_START), when_logged(bundle, collab.MIGRATE_PAUSE)
    inside = [c for c in closes if _moment(started) < c < _moment(paused) + dt.timedelta(seconds=15)]
    assert len(inside) > 10 * (len(closes) - len(inside))
    assert not [word for word in ("migrate_custom_domains", "reload required", "Backend", "Ingress", "ops-bastion-01")
                if word in own_text(bundle, "md-collab-gateway")]


def test_the_reconnect_peak_is_not_what_the_alert_says_and_sits_inside_the_migration(bundle):
    points = series_points(bundle, "collab_ws_reconnects_per_minute")
    assert dict(points)[_at("14:37:00+08:00")] == collab.RECONNECT_PEAK == max(v for _, v in points)
    alert = alert_named(bundle, "CollabReconnectStorm")
    assert alert["value"] == collab.RECONNECT_ALERT_VALUE and str(collab.RECONNECT_PEAK) not in alert["value"]
    assert when_logged(bundle, collab.MIGRATE_START) < alert["starts_at"] < _at("14:37") < when_logged(bundle,
                                                                                                       collab.MIGRATE_PAUSE)
    busy = [ts for ts, v in points if v > 1000]
    assert busy and _at("13:38") < min(busy) and max(busy) < _at("15:28")
    reloads = series_points(bundle, "ingress_config_reloads_per_10m")
    assert dict(reloads)[_at("14:30:00+08:00")] > 10 * max(dict(reloads)[_at("12:00:00+08:00")], 1)


def test_the_converter_has_two_incidents_the_fonts_in_the_morning_and_the_queue_in_the_afternoon(bundle):
    boxes = _stamps(bundle, "md-convert", "glyphs missing")
    released, fixed = when_logged(bundle, collab.CONVERT_DEPLOY), when_logged(bundle, collab.CONVERT_FIX)
    # until the 6.0.1 rollout that follows the fix replaces the last slim pod
    assert boxes and released < min(boxes) and max(boxes) < _at("12:13") and fixed < _at("12:13")
    slim = set(collab.ROLLOUTS["md-convert"][1][1])
    assert {log["instance"] for log in logs_of(bundle, "md-convert") if "glyphs missing" in log["message"]} <= slim
    # A missing font fails no job: the fallback lines are warnings of jobs that finished, and no alert fired for them.
    assert all(log["level"] == "WARN" and " ok pages=" in log["message"] for log in logs_of(bundle, "md-convert")
               if "glyphs missing" in log["message"])
    waits = _stamps(bundle, "md-convert", "in queue convert.jobs")
    assert waits and when_logged(bundle, collab.IMPORT_START) < min(waits) and max(boxes) < min(waits)
    assert max(waits) < _at("16:25")
    starts = sorted((a["starts_at"][11:16], a["name"]) for a in bundle["alerts"] if a["service"] == "md-convert")
    assert starts == [("14:18", "ConvertQueueBacklogHigh")]
    # The import is the tenant's: nothing of it is a change of ours, and the other tenants are the ones who wait.
    [started] = [log for log in bundle["logs"] if log["message"] == collab.IMPORT_START]
    assert started["service"] == "md-import" and "change" not in started["attributes"]
    waiting = {re.search(r"tenant=(t-\w+)", log["message"]).group(1) for log in logs_of(bundle, "md-convert")
               if "in queue convert.jobs" in log["message"]}
    assert waiting and "t-lanhai" not in waiting


def test_the_queue_peak_is_the_tenants_import_and_not_what_the_alert_says(bundle):
    total = series_points(bundle, "convert_queue_depth")
    assert dict(total)[_at("15:12:00+08:00")] == collab.QUEUE_PEAK == max(v for _, v in total)
    assert alert_named(bundle, "ConvertQueueBacklogHigh")["value"] == collab.QUEUE_ALERT_VALUE != str(collab.QUEUE_PEAK)
    lanhai = series_points(bundle, "convert_queue_depth_by_tenant", tenant="t-lanhai")
    assert dict(lanhai)[_at("15:12:00+08:00")] > 0.99 * collab.QUEUE_PEAK
    assert max(v for ts, v in lanhai if ts < _at("14:02")) == 0


def test_only_huayuan_fails_to_log_in_between_the_rollover_and_the_new_metadata(bundle):
    failures = [log for log in logs_of(bundle, "md-sso") if "signature validation failed" in log["message"]]
    assert failures and all("tenant=t-huayuan" in log["message"] and collab.NEW_THUMB in log["message"] for log in failures)
    fixed = when_logged(bundle, collab.SAML_FIX)
    assert min(log["timestamp"] for log in failures) >= _at("08:51") and max(log["timestamp"] for log in failures) < fixed
    # Other SAML tenants log in all morning; 华远 does not until its metadata is re-uploaded.
    saml_ok = [log for log in logs_of(bundle, "md-sso") if "method=saml" in log["message"]
               and _at("08:51") < log["timestamp"] < fixed]
    assert saml_ok and not [log for log in saml_ok if "t-huayuan" in log["message"]]
    # The warning of the evening before and the decoy deploy both come before the first failure.
    warned = when_logged(bundle, collab.SAML_META_WARN)
    assert warned.startswith("2027-02-28T23:00") and warned < when_logged(bundle, collab.SSO_DEPLOY) < min(
        log["timestamp"] for log in failures)


def test_only_the_storage_pod_on_the_node_with_too_few_inodes_fails_its_uploads(bundle):
    on_node = {p["name"] for p in bundle[K8S_SECTION]["pods"] if p["node"] == collab.BAD_NODE}
    assert on_node == set(collab.ON_BAD_NODE)
    failed = [log for log in bundle["logs"] if "no space left on device" in log["message"]]
    assert failed and {log["instance"] for log in failed} == {collab.STORAGE_BAD_POD}
    assert all(_at("15:52") <= log["timestamp"] < when_logged(bundle, collab.INODE_FIX) for log in failed)
    merged = [log for log in logs_of(bundle, "md-storage-gw") if "merged" in log["message"]
              and _at("15:52") <= log["timestamp"] < _at("16:41")]
    assert merged and collab.STORAGE_BAD_POD not in {log["instance"] for log in merged}
    # Inodes, not bytes: the files run out while the disk stays 40 % used.
    files = series_points(bundle, "node_filesystem_files_free", instance=collab.BAD_NODE)
    assert dict(files)[_at("16:00:00+08:00")] == 0
    assert min(v for _, v in series_points(bundle, "node_filesystem_avail_percent", instance=collab.BAD_NODE)) > 55
    assert min(v for _, v in series_points(bundle, "node_filesystem_files_free", instance="md-k8s-node-02")) > 5_000_000
    for word in ("inode", collab.BAD_NODE, "largefile", "kubelet"):
        assert word not in own_text(bundle, "md-storage-gw")


def test_the_kubelet_evicts_the_notify_pod_first_and_its_replacement_lands_elsewhere(bundle):
    evicted = when_logged(bundle, collab.INODE_EVICT.format(ns=collab.NS, pod=collab.NOTIFY_EVICTED))
    assert when_logged(bundle, collab.INODE_PRESSURE) < evicted < min(_stamps(bundle, "md-storage-gw", "no space left"))
    pods = {p["name"]: p for p in bundle[K8S_SECTION]["pods"]}
    assert pods[collab.NOTIFY_EVICTED]["phase"] == "Failed" and pods[collab.NOTIFY_EVICTED]["node"] == collab.BAD_NODE
    assert pods[collab.NOTIFY_REPLACEMENT]["phase"] == "Running" and pods[collab.NOTIFY_REPLACEMENT]["node"] != collab.BAD_NODE
    assert not [log for log in logs_of(bundle, "md-notify") if log["instance"] == collab.NOTIFY_EVICTED
                and log["timestamp"] > evicted]


def test_the_seat_rule_of_midnight_makes_only_the_over_seat_tenants_read_only_until_it_is_deferred(bundle):
    readonly = [log for log in logs_of(bundle, "md-editor-api") if "SEAT_LIMIT_EXCEEDED" in log["message"]]
    tenants = {re.search(r"tenant=(t-\w+)", log["message"]).group(1) for log in readonly}
    assert readonly and tenants == set(collab.OVER_SEAT)
    assert when_logged(bundle, collab.SEAT_DONE) < when_logged(bundle, collab.EDITOR_DEPLOY) < min(
        log["timestamp"] for log in readonly)
    assert max(log["timestamp"] for log in readonly) < when_logged(bundle, collab.SEAT_FIX)
    flagged = {re.search(r"tenant (t-\w+)", log["message"]).group(1) for log in logs_of(bundle, "md-billing")
               if "OVER_SEAT_LIMIT, grace 0" in log["message"]}
    assert flagged == set(collab.OVER_SEAT)
    [start] = [log for log in bundle["logs"] if log["message"] == collab.SEAT_START]
    assert start["instance"] == collab.SEAT_POD and "change" not in start["attributes"]
    assert "SEAT-RULE" not in own_text(bundle, "md-editor-api") and "guests" not in own_text(bundle, "md-editor-api")


def test_the_search_lag_peak_is_not_what_the_alert_says_and_follows_the_recovery_settings(bundle):
    points = series_points(bundle, "search_index_lag_seconds")
    assert dict(points)[_at("17:56:00+08:00")] == collab.LAG_PEAK == max(v for _, v in points)
    alert = alert_named(bundle, "SearchIndexLagHigh")
    assert alert["value"] == collab.LAG_ALERT_VALUE != f"{collab.LAG_PEAK}s" and alert["state"] == "resolved"
    rejected = _stamps(bundle, "md-search-indexer", "es_rejected_execution_exception")
    assert rejected and when_logged(bundle, collab.ES_SETTINGS) < min(rejected)
    assert max(rejected) < _at("17:59:30") and when_logged(bundle, collab.ES_FIX) < max(rejected)
    # The low-watermark warning is hours older, on a node the relocation does not write to, and still firing.
    watermark = when_logged(bundle, collab.ES_WATERMARK)
    assert watermark < _at("12:11") and alert_named(bundle, "EsNodeDiskWatermarkLow")["state"] == "firing"
    assert not [log for log in logs_of(bundle, "md-es") if "rejected execution" in log["message"]
                and log["instance"] in ("es-data-02", "es-data-04")]
    for word in ("es-data-04", "max_bytes_per_sec", "recovery"):
        assert word not in own_text(bundle, "md-search-indexer")


def test_the_alter_waits_behind_the_bi_query_and_the_permission_pool_drains_when_it_is_killed(bundle):
    altered, killed = when_logged(bundle, collab.MDL_ALTER), when_logged(bundle, collab.MDL_KILL)
    bi_started = [log["timestamp"] for log in logs_of(bundle, "md-mysql-acl") if "bi-report-01 started" in log["message"]]
    assert bi_started and bi_started[0] < altered
    timeouts = [log["timestamp"] for log in logs_of(bundle, "md-permission")
                if "PERMISSION_CHECK_TIMEOUT" in log["message"] or "Connection is not available" in log["message"]]
    assert timeouts and altered < min(timeouts) and max(timeouts) < _at("11:19:30") and killed < _at("11:19")
    points = series_points(bundle, "permission_db_pool_pending")
    assert dict(points)[_at("11:14:00+08:00")] == collab.POOL_PEAK == max(v for _, v in points)
    assert when_logged(bundle, collab.PERM_DEPLOY) < min(timeouts)
    for word in ("metadata lock", "ALTER", "bi-report-01", "dba_hanlu"):
        assert word not in own_text(bundle, "md-permission")


def test_qiming_addresses_are_suppressed_after_sundays_bounces_until_they_are_removed(bundle):
    bounces = [log for log in logs_of(bundle, "md-notify") if "550 5.4.1" in log["message"] and "bounce webhook" in
               log["message"]]
    assert bounces and all(log["timestamp"].startswith("2027-02-28T2") for log in bounces)
    skipped = [log for log in logs_of(bundle, "md-notify") if "skipped: address on suppression list" in log["message"]]
    assert skipped and all("@qiming-law.com" in log["message"] for log in skipped)
    assert max(log["timestamp"] for log in bounces) < when_logged(bundle, collab.DIGEST_CONFIG) < min(
        log["timestamp"] for log in skipped)
    assert max(log["timestamp"] for log in skipped) < when_logged(bundle, collab.SUPPRESSION_FIX)
    accepted = [log for log in logs_of(bundle, "md-notify") if "qiming-law.com" in log["message"] and "accepted by" in
                log["message"] and _at("08:30") <= log["timestamp"] < _at("14:08")]
    assert not accepted


def test_the_triggers_are_not_deploys_and_every_incident_has_its_decoy_before_the_symptoms(bundle):
    changes = {(log["service"], log["message"]): log["attributes"]["change"] for log in bundle["logs"]
               if log["attributes"].get("change")}
    assert changes[("md-doc-store", collab.OPLOG_CONFIG)] == "config"
    assert changes[("md-ingress", collab.MIGRATE_START)] == "migration"
    assert changes[("md-es", collab.ES_SETTINGS)] == "config"
    assert changes[("md-mysql-acl", collab.MDL_ALTER)] == "schema"
    # A tenant's import, an IdP's rollover, the nightly jobs and the bounces are no change of ours.
    for message in (collab.IMPORT_START, collab.COMPACT_DONE, collab.SEAT_DONE, collab.BOUNCE_SUMMARY):
        assert not [log for log in bundle["logs"] if log["message"] == message and log["attributes"].get("change")]
    for service, message, window_start in (
            ("md-collab-gateway", collab.GATEWAY_DEPLOY, "08:32"), ("md-collab-gateway", collab.PRESENCE_CONFIG, "13:38"),
            ("md-convert", collab.CONVERT_TIMEOUT_CONFIG, "09:42"), ("md-convert", collab.MAXPAGES_CONFIG, "14:05"),
            ("md-sso", collab.SSO_DEPLOY, "08:51"), ("md-storage-gw", collab.PART_CONFIG, "15:52"),
            ("md-editor-api", collab.EDITOR_DEPLOY, "08:18"), ("md-permission", collab.PERM_DEPLOY, "11:02"),
            ("md-notify", collab.DIGEST_CONFIG, "08:30")):
        stamp = when_logged(bundle, message)
        assert changes[(service, message)] in ("deploy", "config")
        assert dt.timedelta(0) < _moment(_at(window_start) + "+08:00") - _moment(stamp) < dt.timedelta(hours=1), message


def test_the_collab_pods_are_named_like_kubernetes_names_them(bundle):
    for pod in bundle[K8S_SECTION]["pods"]:
        if pod["phase"] == "Succeeded":  # the CronJobs' pods: <cronjob>-<scheduled minute>-<5 characters>
            assert re.fullmatch(r"(md-doc-store-compact|md-billing-seat-trueup|md-billing-usage-hourly)-\d{8}-"
                                r"[bcdfghjklmnpqrstvwxz2456789]{5}", pod["name"]), pod["name"]
        else:
            assert service_from_pod_name(pod["name"]) == pod["service"], pod["name"]
    names = {p["name"] for p in bundle[K8S_SECTION]["pods"]}
    assert {collab.COMPACT_POD, collab.SEAT_POD} <= names


def test_nothing_in_the_collab_world_happens_after_its_reference_time_and_events_are_the_last_hour(bundle):
    now = _moment(bundle["reference_time"])
    stamps = [log["timestamp"] for log in bundle["logs"]] + [e["last_seen"] for e in bundle[K8S_SECTION]["events"]]
    stamps += [ts for series in bundle["metrics"] for ts, _ in series["points"]]
    assert all(_moment(stamp) <= now for stamp in stamps)
    assert min(stamps) >= "2027-02-28T20:00"
    events = bundle[K8S_SECTION]["events"]
    assert events and all(now - _moment(e["first_seen"]) <= dt.timedelta(hours=1) for e in events)
    assert {a["name"] for a in bundle["alerts"] if a["state"] == "firing"} == set(collab.FIRING)
