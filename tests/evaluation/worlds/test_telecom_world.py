"""The telecom world tells the story its docstring tells: each incident's symptoms stay inside its window and on the
instances it names, the causes come before the symptoms and sit on other services than the ones asked about, the decoys
come before the symptoms too, and the asked peaks are not what the alerts say. A world wrong about itself would grade the
agents against a fiction. Pure: no database."""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

import pytest

from contracts.k8s import service_from_pod_name
from evaluation.worlds import telecom
from evaluation.worlds.loading import K8S_SECTION
from tests.evaluation.worlds.bundle_reading import alert_named, logs_of, own_text, series_points, when_logged


@pytest.fixture(scope="module")
def bundle() -> dict[str, Any]:
    return telecom.build_bundle()


def _at(clock: str) -> str:
    return f"2026-12-22T{clock}"


def _stamps(bundle: dict[str, Any], service: str, needle: str) -> list[str]:
    return [log["timestamp"] for log in logs_of(bundle, service) if needle in log["message"]]


def test_radius_drops_only_bng_sz_03_and_only_between_the_one_nas_rotation_and_the_clients_conf_fix(bundle):
    rotated, fixed = when_logged(bundle, telecom.SECRET_ROTATE), when_logged(bundle, telecom.SECRET_FIX)
    drops = [log for log in logs_of(bundle, "xht-radius") if "Shared secret is incorrect" in log["message"]]
    assert drops and all("client bng-sz-03 (10.31.3.1)" in log["message"] for log in drops)
    assert all(rotated < log["timestamp"] < fixed for log in drops)
    fails = [log for log in logs_of(bundle, "xht-bng") if "(691)" in log["message"]]
    assert fails and {log["instance"] for log in fails} == {telecom.BAD_NAS}
    assert all(rotated < log["timestamp"] < fixed for log in fails)
    # The other three NAS keep logging in; bng-sz-03 only again after the fix.
    ok = [log for log in logs_of(bundle, "xht-radius") if "Login OK" in log["message"]]
    assert {m.group(1) for log in ok if (m := re.search(r"from client (bng-sz-0\d)", log["message"]))} == set(telecom.BNGS)
    assert not [log for log in ok if "client bng-sz-03" in log["message"] and rotated < log["timestamp"] < fixed]
    assert [log for log in ok if "client bng-sz-03" in log["message"] and log["timestamp"] > fixed]
    # Few at night, a flood when the modems come back in the morning.
    assert len([log for log in drops if log["timestamp"] < _at("06:30")]) * 10 < len(drops)
    assert when_logged(bundle, telecom.RADIUS_CONFIG) < rotated  # the decoy came first
    [rotation] = [log for log in bundle["logs"] if log["message"] == telecom.SECRET_ROTATE]
    assert rotation["service"] == "xht-bng" and rotation["instance"] == telecom.BAD_NAS


def test_the_asked_peaks_are_not_what_the_alerts_say_and_sit_inside_their_alerts(bundle):
    for alert_name, metric, clock, peak in (
            ("BroadbandPppoeAuthFailHigh", "bng_pppoe_auth_fail_per_min", "08:07", telecom.PPPOE_PEAK),
            ("SmsgwQueueBacklogHigh", "smsgw_queue_depth", "20:11", telecom.QUEUE_PEAK)):
        points = series_points(bundle, metric)
        stamp = _at(f"{clock}:00+08:00")
        assert dict(points)[stamp] == peak == max(v for _, v in points)
        alert = alert_named(bundle, alert_name)
        assert str(peak) not in alert["value"] and alert["starts_at"] < stamp < alert["ends_at"]
    assert alert_named(bundle, "BroadbandPppoeAuthFailHigh")["value"] == telecom.PPPOE_ALERT_VALUE
    assert alert_named(bundle, "SmsgwQueueBacklogHigh")["value"] == telecom.QUEUE_ALERT_VALUE


def test_the_sms_gateway_has_two_incidents_a_time_phrase_tells_apart(bundle):
    sms = "xht-smsgw"
    routed = _stamps(bundle, sms, "not ported")
    assert routed and _at("07:05") <= min(routed) and max(routed) < when_logged(bundle, telecom.NPDB_APPLIED)
    throttled = _stamps(bundle, sms, "ESME_RTHROTTLED")
    assert throttled and when_logged(bundle, telecom.SMPP_CHANGE) < min(throttled)
    assert max(throttled) < when_logged(bundle, telecom.SMPP_FIX) and min(throttled) > _at("19:30")
    starts = sorted((a["starts_at"][11:16], a["state"]) for a in bundle["alerts"] if a["service"] == sms)
    assert starts == [("07:42", "resolved"), ("19:40", "resolved")]
    # The morning's cause is the porting service's, never the gateway's own words.
    for word in ("Host key", "known_hosts", "NPDB delta", "npdb-sync"):
        assert word not in own_text(bundle, sms)


def test_the_npdb_sync_failed_before_the_cut_over_and_was_applied_only_after_the_host_key_fix(bundle):
    fails = _stamps(bundle, "xht-mnp", "Host key verification failed")
    assert len(fails) == 3 and max(fails) < _at("02:00:30")
    assert when_logged(bundle, telecom.NPDB_FIX) < when_logged(bundle, telecom.NPDB_APPLIED) < _at("11:32")
    # Donor-routed numbers are other carriers' ranges, on-net failures our own 170/171.
    for log in logs_of(bundle, "xht-smsgw"):
        if "routed CMCC-IC (number range owner" in log["message"]:
            assert not re.search(r"to 17[01]\*", log["message"])
        if "routed ONNET" in log["message"]:
            assert re.search(r"to 17[01]\*", log["message"])
    assert all(log["attributes"].get("job") == "npdb-sync" for log in logs_of(bundle, "xht-mnp")
               if "Host key verification failed" in log["message"])


def test_the_otp_delays_follow_the_window_change_and_the_codes_expire_only_past_300_seconds(bundle):
    late = [log for log in logs_of(bundle, "xht-otp") if "delivered after" in log["message"] or "OTP_EXPIRED" in
            log["message"]]
    assert late and when_logged(bundle, telecom.SMPP_CHANGE) < min(log["timestamp"] for log in late)
    assert max(log["timestamp"] for log in late) < _at("20:50")
    for log in late:
        seconds = int(re.search(r"(?:after|sent) (\d+)s", log["message"]).group(1))
        assert (seconds > 300) == ("OTP_EXPIRED" in log["message"])
    assert when_logged(bundle, telecom.OTP_DEPLOY) < min(log["timestamp"] for log in late)  # the decoy came first
    for word in ("window_size", "ESME_RTHROTTLED", "CMCC-SZ-02", "SMPP"):
        assert word not in own_text(bundle, "xht-otp")


def test_the_resent_cdr_file_is_a_second_batch_of_the_same_records_and_the_usage_jumps_follow_it(bundle):
    med = logs_of(bundle, "xht-mediation")
    first = [log for log in med if log["message"] == telecom.CDR_FIRST]
    assert len(first) == 1 and first[0]["instance"] == telecom.collect_pod(telecom._t("09:45"))
    doubled = when_logged(bundle, telecom.CDR_DOUBLE)
    assert first[0]["timestamp"] < when_logged(bundle, telecom.CDR_RENAME) < doubled
    records = {re.search(r": (\d+) records", m).group(1) for m in (telecom.CDR_FIRST, telecom.CDR_DOUBLE)}
    assert records == {"186412"}
    notified = _stamps(bundle, "xht-usage", "quota-reached")
    assert notified and doubled < min(notified) and max(notified) < when_logged(bundle, telecom.CDR_REVERSE)
    disputes = _stamps(bundle, "xht-ticket", "流量异议")
    assert disputes and doubled < min(disputes)
    # Every quarter of an hour has one file per PGW, each loaded once — but the one of PGW-03 at 09:30.
    loaded = [re.search(r"collect PGW-0\d (\S+):", log["message"]).group(1) for log in med
              if re.match(r"collect PGW-0\d \S+: \d+ records", log["message"])]
    assert len(loaded) == len(set(loaded)) and telecom.CDR_FILE in loaded and telecom.CDR_RESENT in loaded
    for word in ("_R1", "MB-20261222-1002", "dedup", "PGW-03"):
        assert word not in own_text(bundle, "xht-usage")


def test_only_id_numbers_ending_in_a_lower_case_x_are_rejected_and_only_under_the_new_model(bundle):
    rejects = [log for log in logs_of(bundle, "xht-realname") if "ID_NUMBER_FORMAT_INVALID" in log["message"]]
    assert rejects and all(re.search(r"id_number \d{6}\*{8}\d{3}x from OCR", log["message"]) for log in rejects)
    [seen] = _stamps(bundle, "xht-ocr-adapter", "X-Model-Version changed: idcard-ocr-5.1.3 -> idcard-ocr-5.2.0")
    fixed = when_logged(bundle, telecom.OCR_FIX)
    assert all(seen < log["timestamp"] < fixed for log in rejects)
    models = {log["timestamp"] < _at("09:00"): re.search(r"model=(\S+)", log["message"]).group(1)
              for log in logs_of(bundle, "xht-ocr-adapter") if "model=" in log["message"]}
    assert models == {True: "idcard-ocr-5.1.3", False: "idcard-ocr-5.2.0"}
    # Accepted numbers in the window never end in X: those are the ones the check rejects.
    accepted = [log["message"] for log in logs_of(bundle, "xht-realname") if "format ok" in log["message"]
                and seen < log["timestamp"] < fixed]
    assert accepted and not [m for m in accepted if re.search(r"[Xx] format ok", m)]
    assert when_logged(bundle, telecom.REALNAME_DEPLOY) < min(log["timestamp"] for log in rejects)
    for word in ("idcard-ocr", "云瞳", "uppercase"):
        assert word not in own_text(bundle, "xht-realname")


def test_only_the_cards_of_the_batch_fail_authentication_and_only_until_the_re_import(bundle):
    imported, fixed = when_logged(bundle, telecom.CARD_IMPORT), when_logged(bundle, telecom.CARD_FIX)
    fails = [log for log in logs_of(bundle, "xht-core") if "MAC failure" in log["message"]]
    assert fails and all(re.search(r"IMSI 46099122604\d{4}:", log["message"]) for log in fails)
    assert all(imported < log["timestamp"] < fixed for log in fails)
    assert {log["instance"] for log in fails} <= {"mme-01", "mme-02"}
    timeouts = [log for log in logs_of(bundle, "xht-sim-activation") if "FIRST_ATTACH_TIMEOUT" in log["message"]]
    assert timeouts and all("ICCID 8986991226120042" in log["message"] for log in timeouts)
    assert min(log["timestamp"] for log in timeouts) >= _at("08:40")  # 30 minutes after the first failed attach
    assert "TransportKeyVersion=4" in telecom.CARD_IMPORT and "K4 version 3" in telecom.CARD_IMPORT
    [line] = [log for log in bundle["logs"] if log["message"] == telecom.CARD_IMPORT]
    assert line["instance"] == telecom.CARD_POD and "change" not in line["attributes"]
    for word in (telecom.SIM_BATCH, "K4", "MAC failure", "TransportKeyVersion"):
        assert word not in own_text(bundle, "xht-sim-activation")


def test_only_the_two_pods_on_node_05_lose_the_ocs_and_only_while_its_kube_proxy_cannot_sync(bundle):
    on_node = {p["name"] for p in bundle[K8S_SECTION]["pods"] if p["node"] == telecom.BAD_NODE}
    assert on_node == set(telecom.ON_BAD_NODE)
    failing = [log for log in bundle["logs"] if "no route to host" in log["message"]]
    assert failing and {log["instance"] for log in failing} == on_node
    upgraded, rolled_back = when_logged(bundle, telecom.AGENT_UPGRADE), when_logged(bundle, telecom.AGENT_ROLLBACK)
    rollout = when_logged(bundle, telecom.OCS_DEPLOY)
    assert upgraded < rollout < min(log["timestamp"] for log in failing)  # stale rules bite once the OCS pods move
    assert max(log["timestamp"] for log in failing) < rolled_back
    locked = [log for log in logs_of(bundle, "xht-k8s-node") if "xtables lock" in log["message"]]
    assert locked and {log["instance"] for log in locked} == {telecom.BAD_NODE}
    assert all(upgraded < log["timestamp"] < rolled_back for log in locked)
    # The other App pods answer balance queries all along.
    others = [log for log in logs_of(bundle, "xht-app-api") if "/api/v1/balance" in log["message"] and " 200 " in
              log["message"] and rollout < log["timestamp"] < rolled_back]
    assert others and telecom.APP_PODS[3] not in {log["instance"] for log in others}
    assert all(telecom.pod_ip(pod).startswith("10.244.5.") for pod in telecom.ON_BAD_NODE)
    for word in ("xtables", "kube-proxy", "sec-agent", telecom.BAD_NODE):
        assert word not in own_text(bundle, "xht-app-api")


def test_redemptions_fail_only_after_the_nightly_expiry_and_until_the_points_are_restored(bundle):
    configured, expired = when_logged(bundle, telecom.POINTS_CONFIG), when_logged(bundle, telecom.POINTS_RUN)
    restored = when_logged(bundle, telecom.POINTS_FIX)
    refused = _stamps(bundle, "xht-mall", "INSUFFICIENT_POINTS")
    assert refused and configured < expired < min(refused) and max(refused) < restored
    redeemed = _stamps(bundle, "xht-mall", "points ok")
    assert redeemed and not [ts for ts in redeemed if expired < ts < restored]
    [run] = [log for log in bundle["logs"] if log["message"] == telecom.POINTS_RUN]
    assert run["instance"] == telecom.POINTS_POD and "change" not in run["attributes"]
    for word in ("points.expiry", "cutoff", "points-expiry"):
        assert word not in own_text(bundle, "xht-mall")


def test_the_usage_load_is_the_new_app_version_and_still_high_at_the_reference_time(bundle):
    total = series_points(bundle, "usage_http_requests_per_second")
    assert dict(total)[_at("19:58:00+08:00")] == telecom.QPS_PEAK == max(v for _, v in total)
    assert dict(total)[_at("15:00:00+08:00")] * 5 < telecom.QPS_PEAK
    new = dict(series_points(bundle, "usage_http_requests_per_second_by_app_version", app_version="8.3.0"))
    old = dict(series_points(bundle, "usage_http_requests_per_second_by_app_version", app_version="other"))
    assert new[_at("19:58:00+08:00")] > 0.8 * telecom.QPS_PEAK > old[_at("19:58:00+08:00")]
    assert not [v for ts, v in new.items() if ts < _at("16:00:00+08:00") and v > 0]
    assert when_logged(bundle, telecom.APP_RELEASE) < _at("16:01")
    assert dict(total)[bundle["reference_time"]] > 3 * dict(total)[_at("15:00:00+08:00")]
    latency = alert_named(bundle, "UsageApiLatencyHigh")
    assert latency["state"] == "firing" and latency["ends_at"] is None
    assert when_logged(bundle, telecom.POLL_CONFIG) > latency["starts_at"]  # the fix came, the clients have not read it


def test_roaming_credit_limits_are_only_for_plmn_45406_while_zone_table_b_is_live(bundle):
    published, corrected = when_logged(bundle, telecom.ZONE_PUBLISH), when_logged(bundle, telecom.ZONE_FIX)
    limited = [log for log in logs_of(bundle, "xht-ocs") if "DIAMETER_CREDIT_LIMIT_REACHED" in log["message"]]
    assert limited and all("visited PLMN 45406" in log["message"] and "zone Z5" in log["message"] for log in limited)
    assert all(published < log["timestamp"] < corrected for log in limited)
    for log in limited:
        mb, amount = re.search(r"used (\d+)MB ¥([\d.]+)", log["message"]).groups()
        assert float(amount) == int(mb) * 60
    assert when_logged(bundle, telecom.OCS_DEPLOY) < published  # the deploy is 20 minutes before the table, a decoy
    assert "ROAM-ZONE" not in own_text(bundle, "xht-ocs")  # the OCS reloads tables; the catalogue names the version


def test_the_triggers_are_no_deploys_and_every_incident_has_its_decoy_shortly_before_its_symptom(bundle):
    changes = {(log["service"], log["message"]): log["attributes"]["change"] for log in bundle["logs"]
               if log["attributes"].get("change")}
    assert changes[("xht-bng", telecom.SECRET_ROTATE)] == "network"
    assert changes[("xht-smsgw", telecom.SMPP_CHANGE)] == "config"
    assert changes[("xht-k8s-node", telecom.AGENT_UPGRADE)] == "upgrade"
    assert changes[("xht-loyalty", telecom.POINTS_CONFIG)] == "config"
    assert changes[("xht-app-api", telecom.APP_RELEASE)] == "release"
    assert changes[("xht-rating-catalog", telecom.ZONE_PUBLISH)] == "tariff"
    # Jobs' runs and a vendor's model are nobody's change: the CDR load, the card import, the NPDB sync, the new model.
    for message in (telecom.CDR_DOUBLE, telecom.CARD_IMPORT, telecom.NPDB_FAIL, telecom.POINTS_RUN):
        assert not [log for log in bundle["logs"] if log["message"] == message and log["attributes"].get("change")]
    assert not [log for log in bundle["logs"] if "X-Model-Version" in log["message"] and log["attributes"].get("change")]
    for service, message, window_start in (
            ("xht-radius", telecom.RADIUS_CONFIG, "01:11"), ("xht-otp", telecom.OTP_DEPLOY, "19:33"),
            ("xht-usage", telecom.USAGE_CONFIG, "10:05"), ("xht-realname", telecom.REALNAME_DEPLOY, "09:01"),
            ("xht-sim-activation", telecom.SIM_DEPLOY, "08:41"), ("xht-app-api", telecom.APP_BANNER, "13:32"),
            ("xht-smsgw", telecom.SIGN_CONFIG, "07:05"), ("xht-ocs", telecom.OCS_DEPLOY, "13:55"),
            ("xht-mall", telecom.MALL_DEPLOY, "07:05")):
        stamp = dt.datetime.fromisoformat(when_logged(bundle, message))
        window = dt.datetime.fromisoformat(_at(window_start) + "+08:00")
        assert changes[(service, message)] in ("deploy", "config"), message
        assert dt.timedelta(0) < window - stamp < dt.timedelta(hours=1), message
    # A harmless warning shortly before the RADIUS symptom, from the decoy's SQL pool.
    [warning] = [log for log in logs_of(bundle, "xht-radius") if "Opening additional connection" in log["message"]]
    assert warning["level"] == "WARN" and warning["timestamp"] < when_logged(bundle, telecom.SECRET_ROTATE)


def test_the_healthy_services_only_sound_scary(bundle):
    for service in ("xht-num-pool", "xht-einvoice"):
        logs = logs_of(bundle, service)
        assert {log["level"] for log in logs} == {"INFO", "WARN"}
        assert not [a for a in bundle["alerts"] if a["service"] == service]
    assert _stamps(bundle, "xht-einvoice", "expires in 84 days")
    assert _stamps(bundle, "xht-num-pool", "lock contention")


def test_the_telecom_pods_are_named_like_kubernetes_names_them(bundle):
    crons = "|".join((telecom.MEDIATION_CRON, telecom.CARD_CRON, telecom.NPDB_CRON, telecom.POINTS_CRON))
    for pod in bundle[K8S_SECTION]["pods"]:
        if pod["phase"] in ("Succeeded", "Failed"):
            assert re.fullmatch(rf"({crons})-(\d{{8}}|rerun-1122)-[bcdfghjklmnpqrstvwxz2456789]{{5}}", pod["name"]), pod["name"]
        else:
            assert service_from_pod_name(pod["name"]) == pod["service"], pod["name"]
    names = {p["name"]: p for p in bundle[K8S_SECTION]["pods"]}
    assert names[telecom.NPDB_POD]["phase"] == "Failed" and names[telecom.NPDB_RERUN_POD]["phase"] == "Succeeded"
    assert {telecom.CARD_POD, telecom.POINTS_POD, telecom.collect_pod(telecom._t("20:45"))} <= set(names)


def test_nothing_happens_after_the_reference_time_and_events_are_the_last_hours(bundle):
    now = dt.datetime.fromisoformat(bundle["reference_time"])
    stamps = [log["timestamp"] for log in bundle["logs"]] + [e["last_seen"] for e in bundle[K8S_SECTION]["events"]]
    stamps += [ts for series in bundle["metrics"] for ts, _ in series["points"]]
    assert all(dt.datetime.fromisoformat(stamp) <= now for stamp in stamps)
    events = bundle[K8S_SECTION]["events"]
    assert events and all(now - dt.datetime.fromisoformat(e["first_seen"]) <= dt.timedelta(hours=1) for e in events)
    assert {a["name"] for a in bundle["alerts"] if a["state"] == "firing"} == set(telecom.FIRING)
