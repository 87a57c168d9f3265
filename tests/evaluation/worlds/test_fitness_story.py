"""The fitness world tells the story its docstring tells: each incident's symptoms stay inside its window and on the stores,
devices and pods it names, the causes come before the symptoms (often hours before, on another service, by an operator, a
vendor or a batch job), the decoys are changes that caused nothing, the node-level fault touches only the pods scheduled on
that node, the asked peaks are not what the alerts say, the healthy services are healthy and the listings are complete. A
world wrong about itself would grade the agents against a fiction. Pure: no database."""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

import pytest

from contracts.k8s import service_from_pod_name
from evaluation.worlds import fitness
from evaluation.worlds.loading import K8S_SECTION
from tests.evaluation.worlds.bundle_reading import alert_named, logs_of, own_text, series_points, when_logged


@pytest.fixture(scope="module")
def bundle() -> dict[str, Any]:
    return fitness.build_bundle()


def _at(clock: str) -> str:
    return f"2027-01-04T{clock}"


def _eve(clock: str) -> str:
    return f"2027-01-03T{clock}"


def _moment(stamp: str) -> dt.datetime:
    return dt.datetime.fromisoformat(stamp)


def _lines(bundle: dict[str, Any], service: str, needle: str) -> list[dict[str, Any]]:
    return [log for log in logs_of(bundle, service) if needle in log["message"]]


def _stamps(bundle: dict[str, Any], service: str, needle: str) -> list[str]:
    return [log["timestamp"] for log in _lines(bundle, service, needle)]


def _question(name: str) -> fitness.WorldQuestion:
    return next(q for q in fitness.QUESTIONS if q.name == name)


def _own_lines(bundle: dict[str, Any], service: str) -> str:
    """What the service's own instances write, without the on-call engineers' notes."""
    return "\n".join(log["message"] for log in logs_of(bundle, service) if log["instance"] != "ops-console")


# --- (1) 望京店 ---------------------------------------------------------------------------------------------------------------
def test_the_members_denied_at_wangjing_came_in_last_night_after_the_exit_gates_went_free_pass(bundle):
    free_on, free_off = when_logged(bundle, fitness.FREE_PASS_ON), when_logged(bundle, fitness.FREE_PASS_OFF)
    denied = _lines(bundle, "dl-access", "denied ANTI_PASSBACK")
    assert denied and {log["instance"] for log in denied} == {"edge-WJ"}
    assert _at("06:30") <= min(log["timestamp"] for log in denied) and max(log["timestamp"] for log in denied) < free_off
    entries = {}
    for log in _lines(bundle, "dl-access", "entry WJ-ENTRY"):
        match = re.search(r"member (M\d+) via", log["message"])
        if match and log["timestamp"] < _at("00:00"):
            entries[match.group(1)] = log["timestamp"]
    for log in denied:
        member, last = re.search(r"member (M\d+) \(face\): denied ANTI_PASSBACK, last event IN at 望京店 2027-01-03 "
                                 r"(\d\d:\d\d:\d\d)", log["message"]).groups()
        assert entries[member][11:19] == last  # the last event is the entry they made last night
        assert _eve("18:00") < entries[member] < _eve("23:00")  # an evening visit, left after the exits stopped recording
        assert not [x for x in logs_of(bundle, "dl-access") if x["message"].startswith("exit ") and member in x["message"]]
    # No exit was recorded at 望京店 from 19:40 until the gates were set back, at any other store exits went on.
    wj_exits = [log["timestamp"] for log in logs_of(bundle, "dl-access") if log["message"].startswith("exit WJ-EXIT")]
    assert wj_exits and not [ts for ts in wj_exits if free_on < ts < free_off]
    assert when_logged(bundle, fitness.FREE_PASS_ON)[:10] == "2027-01-03"
    alert = alert_named(bundle, "AntiPassbackDenyHigh")
    assert _moment(alert["starts_at"]) - _moment(free_on) > dt.timedelta(hours=10) and alert["labels"]["store"] == "WJ"
    qr = when_logged(bundle, fitness.ACCESS_QR)
    assert free_on < qr < min(log["timestamp"] for log in denied)  # the 06:15 QR config: after the cause, a decoy


def test_the_exit_gate_heartbeats_say_free_pass_only_by_their_values_and_occupancy_never_drains(bundle):
    beats = [log for log in logs_of(bundle, "dl-access") if " heartbeat: mode=" in log["message"]]
    free = [log for log in beats if "mode=FREE_PASS" in log["message"]]
    assert free and {log["message"].split()[1] for log in free} == {"WJ-EXIT-01", "WJ-EXIT-02"}
    assert all("passes recorded 0" in log["message"] and log["level"] == "INFO" for log in free)
    assert all(_eve("19:40") < log["timestamp"] < _at("08:12") for log in free)
    assert [log for log in beats if log["message"].startswith("gate WJ-EXIT-01") and log["timestamp"] > _at("08:12")
            and "mode=NORMAL" in log["message"]]
    occupancy = dict(series_points(bundle, "store_occupancy_persons", store="WJ"))
    assert occupancy[_at("03:00:00+08:00")] == 463 and dict(series_points(bundle, "store_occupancy_persons",
                                                                          store="GM"))[_at("03:00:00+08:00")] == 0


# --- (2) node-04 ---------------------------------------------------------------------------------------------------------------
def test_only_the_face_pods_on_node_04_are_slow_and_the_node_switched_to_hpet_hours_before(bundle):
    over = _lines(bundle, "dl-face", "over the gate budget")
    assert over and {log["instance"] for log in over} == set(fitness.FACE_SLOW)
    pods = {p["name"]: p["node"] for p in bundle[K8S_SECTION]["pods"] if p["service"] == "dl-face"}
    assert {pods[pod] for pod in fitness.FACE_SLOW} == {fitness.BAD_NODE}
    assert {pods[pod] for pod in fitness.FACE_FAST} & {fitness.BAD_NODE} == set()
    assert [p for p in bundle[K8S_SECTION]["pods"] if p["node"] == fitness.BAD_NODE] == [
        p for p in bundle[K8S_SECTION]["pods"] if p["name"] in fitness.FACE_SLOW]
    took = re.compile(r"took (\d+)ms")
    for log in logs_of(bundle, "dl-face"):
        match = took.search(log["message"])
        if match and log["message"].startswith("1:N search"):
            assert (int(match.group(1)) > 800) == (log["instance"] in fitness.FACE_SLOW)
    hpet = when_logged(bundle, fitness.HPET)
    assert when_logged(bundle, fitness.LIVE_MIGRATE) < hpet < when_logged(bundle, fitness.FACE_DEPLOY)
    assert _moment(alert_named(bundle, "FaceVerifyLatencyHigh")["starts_at"]) - _moment(hpet) > dt.timedelta(hours=3)
    stats = [log for log in logs_of(bundle, "dl-k8s-node") if log["message"].startswith("node-exporter")]
    assert {log["instance"] for log in stats if "current_clocksource hpet" in log["message"]} == {fitness.BAD_NODE}
    assert not [log for log in stats if log["instance"] == fitness.BAD_NODE and log["timestamp"] > hpet
                and "current_clocksource tsc" in log["message"]]
    # The node's kernel lines are the node's, never the face service's own words.
    assert "hpet" not in own_text(bundle, "dl-face") and "LiveMigrate" not in own_text(bundle, "dl-face")


def test_the_face_release_is_a_decoy_the_fast_pods_run_it_too(bundle):
    deploy = when_logged(bundle, fitness.FACE_DEPLOY)
    [face] = [d for d in bundle[K8S_SECTION]["deployments"] if d["name"] == "dl-face"]
    assert face["image"].endswith(":3.8.2") and set(fitness.FACE_NEW) == set(fitness.FACE_FAST) | set(fitness.FACE_SLOW)
    fast = [log for log in logs_of(bundle, "dl-face") if log["instance"] in fitness.FACE_FAST and log["timestamp"] > _at("06:35")
            and log["message"].startswith("1:N search")]
    assert fast and deploy < min(log["timestamp"] for log in fast)
    gate = _lines(bundle, "dl-access", "face verify timed out (800ms)")
    assert gate and min(log["timestamp"] for log in gate) >= _at("06:35")


# --- (3) EXIF ------------------------------------------------------------------------------------------------------------------
def test_failed_enrolments_are_the_new_apps_photos_with_orientation_6(bundle):
    release = when_logged(bundle, fitness.APP_RELEASE)
    uploads = {re.search(r"member (M\d+) from App (\S+)", log["message"]).groups() for log in
               _lines(bundle, "dl-app-api", "face photo uploaded")}
    version = dict(uploads)
    failed = _lines(bundle, "dl-face", "ENROL_FAILED (NO_FACE)")
    enrolled = _lines(bundle, "dl-face", "-> ENROLLED")
    assert failed and enrolled
    for log in failed:
        member = re.search(r"member (M\d+):", log["message"]).group(1)
        assert version[member] == "6.4.0" and "exif_orientation=6" in log["message"] and log["timestamp"] > release
    fix = when_logged(bundle, fitness.EXIF_FIX)
    for log in enrolled:
        member = re.search(r"member (M\d+):", log["message"]).group(1)
        if version[member] == "6.4.0":  # the new App's photos enrol once the orientation is applied
            assert log["timestamp"] > fix and "exif_orientation=6 (applied)" in log["message"]
        else:
            assert "exif_orientation=1" in log["message"]
    assert [log for log in enrolled if log["timestamp"] > fix and "(applied)" in log["message"]]
    # The value is the only sign: the App's lines never name the orientation, the face service never names the App version.
    assert "exif_orientation" not in own_text(bundle, "dl-app-api") and "6.4.0" not in own_text(bundle, "dl-face")
    assert max(log["timestamp"] for log in failed) < when_logged(bundle, fitness.EXIF_FIX)
    quality = when_logged(bundle, fitness.ENROL_QUALITY)
    assert release < quality and [log for log in failed if log["timestamp"] < quality]  # failing before the decoy config


def test_the_new_members_refused_at_the_gates_are_those_whose_enrolment_failed_yesterday(bundle):
    failed = {re.search(r"member (M\d+):", log["message"]).group(1) for log in _lines(bundle, "dl-face", "ENROL_FAILED")
              if log["timestamp"] < _at("00:00")}
    refused = _lines(bundle, "dl-access", "FACE_NOT_ENROLLED")
    assert refused and all(re.search(r"member (M\d+) ", log["message"]).group(1) in failed for log in refused)
    assert min(log["timestamp"] for log in refused) >= _at("06:30")
    assert "edge-WJ" not in {log["instance"] for log in refused}
    alert = alert_named(bundle, "FaceEnrolFailureHigh")
    assert alert["state"] == "resolved" and _eve("14:05") < alert["starts_at"] and alert["ends_at"] > _at("09:25")


# --- (4) SMS logins ----------------------------------------------------------------------------------------------------------------
def test_sms_codes_are_refused_only_for_store_egress_ips_after_the_revocation_until_the_whitelist(bundle):
    revoke, whitelist = when_logged(bundle, fitness.REVOKE), when_logged(bundle, fitness.SMS_WHITELIST)
    refused = [log for log in _lines(bundle, "dl-auth", "LIMIT_IP") if log["message"].startswith("sms code refused")]
    assert refused and revoke < min(log["timestamp"] for log in refused) and max(log["timestamp"] for log in refused) < whitelist
    ips = {re.search(r"\(ip (\S+) requested", log["message"]).group(1) for log in refused}
    assert ips <= set(fitness.STORE_IPS.values()) and len(ips) >= 8
    assert _moment(min(log["timestamp"] for log in refused)) - _moment(revoke) > dt.timedelta(hours=6)
    assert [log for log in _lines(bundle, "dl-auth", "sms code sent") if log["timestamp"] > whitelist
            and any(ip in log["message"] for ip in fitness.STORE_IPS.values())]
    ttl = when_logged(bundle, fitness.SMS_TTL)
    assert revoke < ttl < min(log["timestamp"] for log in refused)  # the 06:05 TTL config: a decoy


def test_the_sms_code_requests_are_a_morning_wave(bundle):
    points = dict(series_points(bundle, "auth_sms_code_requests_per_min"))
    before = [v for ts, v in points.items() if _eve("10:00") <= ts < _at("06:00")]
    wave = [v for ts, v in points.items() if _at("06:45") <= ts < _at("08:30")]
    assert max(before) < 100 and min(wave) > 10 * max(before)
    assert points[_at("07:32:00+08:00")] == fitness.SMS_PEAK == max(points.values())


# --- (5) the no-show job -------------------------------------------------------------------------------------------------------------
def test_the_no_shows_come_from_the_room_whose_check_in_pad_was_offline(bundle):
    switch, offline_first = when_logged(bundle, fitness.AT_SWITCH), min(_stamps(bundle, "dl-store", "device CK-AT-01"))
    assert switch < offline_first
    ends = [log for log in logs_of(bundle, "dl-booking") if " ended: booked " in log["message"]]
    zero = [log for log in ends if log["message"].endswith("checked in 0")]
    assert len(zero) == len(fitness.AT_CLASSES) and all("(奥体店 操房1)" in log["message"] for log in zero)
    assert all(log["timestamp"] > _eve("10:18:44") for log in zero)
    assert sum(int(re.search(r"booked (\d+)", log["message"]).group(1)) for log in zero) == 214
    early = [log for log in ends if "(奥体店 操房1)" in log["message"] and log["timestamp"] < _eve("10:18")]
    assert early and not early[0]["message"].endswith("checked in 0")  # the 09:00 class, before the pad went offline
    run = when_logged(bundle, fitness.NOSHOW_RUN)
    assert max(log["timestamp"] for log in zero) < run and "奥体店 214" in fitness.NOSHOW_RUN
    assert "CK-AT-01" not in own_text(bundle, "dl-booking")  # the pad is the store's device, not a booking line


def test_the_booking_restrictions_follow_the_no_show_run_and_stop_at_the_revert(bundle):
    run, revert = when_logged(bundle, fitness.NOSHOW_RUN), when_logged(bundle, fitness.NOSHOW_REVERT)
    banned = _stamps(bundle, "dl-booking", "BOOKING_BANNED")
    assert banned and run < min(banned) and max(banned) < revert
    assert min(banned) >= _at("06:30") and _moment(min(banned)) - _moment(run) > dt.timedelta(hours=4)
    deploy = when_logged(bundle, fitness.BOOK_DEPLOY)
    assert deploy < run and [ts for ts in _stamps(bundle, "dl-booking", "checked in 0") if ts < deploy]  # a decoy
    assert when_logged(bundle, fitness.PAD_BACK) > revert


# --- (6) the price book ----------------------------------------------------------------------------------------------------------
def test_renewals_take_the_promotion_price_only_after_the_price_book_edit(bundle):
    edit = when_logged(bundle, fitness.PB_EDIT)
    renewals = [log for log in logs_of(bundle, "dl-billing") if log["message"].startswith("auto-renew member")]
    before = [log for log in renewals if log["timestamp"] < edit]
    after = [log for log in renewals if log["timestamp"] > edit]
    assert before and after
    assert all("price_book=PB-STD-2027 amount=199.00" in log["message"] for log in before)
    assert all("price_book=PB-NY2027 amount=99.00" in log["message"] for log in after)
    assert all(log["level"] == "INFO" for log in renewals)  # nothing fails: the amount is the only sign
    assert "2,288 deducted ¥226,512.00" in fitness.RENEW_RUN and 2288 * 99 == 226_512
    deploy = when_logged(bundle, fitness.BILL_DEPLOY)
    assert edit < deploy < min(log["timestamp"] for log in after)  # the 05:40 deploy: after the edit, a decoy
    assert when_logged(bundle, fitness.PB_FIX) > max(log["timestamp"] for log in after)
    assert "channels APP -> ALL" in fitness.PB_EDIT


# --- (7) the PT room ---------------------------------------------------------------------------------------------------------------------
def test_the_room_deletion_cancelled_the_sessions_hours_before_the_members_found_out(bundle):
    delete, cascade = when_logged(bundle, fitness.ROOM_DELETE), when_logged(bundle, fitness.ROOM_CASCADE)
    cancelled = _lines(bundle, "dl-coach", "-> CANCELLED (ROOM_REMOVED)")
    assert delete < cascade <= min(log["timestamp"] for log in cancelled)
    sids = {re.search(r"PT session (PT-\d+)", log["message"]).group(1) for log in cancelled}
    arrived = _lines(bundle, "dl-coach", "checked in for PT session")
    complaints = _lines(bundle, "dl-coach", "被取消")
    assert arrived and complaints
    assert {re.search(r"session (PT-\d+)", log["message"]).group(1) for log in arrived} <= sids
    assert {re.search(r"私教课 (PT-\d+)", log["message"]).group(1) for log in complaints} <= sids
    first = min(log["timestamp"] for log in arrived + complaints)
    assert _moment(first) - _moment(delete) > dt.timedelta(hours=9)
    assert when_logged(bundle, fitness.NOTIFY_RELEASE) == _at("07:00:02.441+08:00")
    assert when_logged(bundle, fitness.COACH_DEPLOY) < delete  # the 20:40 deploy: before, nothing cancelled
    assert alert_named(bundle, "PtSessionCancelSpike")["ends_at"] < _at("00:00")  # resolved unnoticed at night


# --- (8) and (9): the equipment's two incidents ----------------------------------------------------------------------------------
def test_wanda_treadmills_upload_with_their_clocks_at_2000_after_the_power_cut(bundle):
    power, back = when_logged(bundle, fitness.WD_POWER), when_logged(bundle, fitness.WD_POWER_BACK)
    boots = _lines(bundle, "dl-equipment", "boot: firmware")
    assert len(boots) == 24 and all(log["instance"].startswith("TM-WD-") for log in boots)
    assert power < back < min(log["timestamp"] for log in boots)
    stale = _lines(bundle, "dl-equipment", "STALE_TIMESTAMP")
    assert stale and all("started_at=2000-01-01T" in log["message"] and " TM-WD-" in log["message"] for log in stale)
    assert max(log["timestamp"] for log in stale) < _at("09:05:10")
    accepted = [log for log in logs_of(bundle, "dl-equipment") if log["message"].endswith("-> accepted")]
    assert all("started_at=2000" not in log["message"] for log in accepted)
    assert [log for log in accepted if " TM-WD-" in log["message"] and log["timestamp"] > _at("09:05:10")]
    config = when_logged(bundle, fitness.EQ_BATCH)
    assert back < config < min(log["timestamp"] for log in stale)  # the 05:30 batch-size config: a decoy
    assert "2000-01-01" not in fitness.WD_POWER and "2000-01-01" not in fitness.WD_POWER_BACK


def test_treadmill_logins_expire_only_after_wechat_blocks_the_campaigns_domain(bundle):
    campaign = when_logged(bundle, fitness.CAMPAIGN)
    checks = [log for log in logs_of(bundle, "dl-promo") if log["message"].startswith("wechat domain check")]
    blocked = [log["timestamp"] for log in checks if "BLOCKED" in log["message"]]
    assert blocked and campaign < min(blocked) and min(blocked) >= _at("09:12")
    assert all("OK" in log["message"] for log in checks if log["timestamp"] < min(blocked))
    expired = _stamps(bundle, "dl-equipment", "login QR expired")
    logins = _stamps(bundle, "dl-equipment", "via WeChat scan")
    assert expired and min(blocked) < min(expired) and max(logins) < min(expired)
    deploy = when_logged(bundle, fitness.EQ_DEPLOY)
    assert deploy < min(blocked) and [ts for ts in logins if deploy < ts]  # logins worked after the 09:00 deploy: a decoy
    own = own_text(bundle, "dl-equipment")
    assert "诱导分享" not in own and "NY-BURN-21" not in own  # the cause is on the campaign's service
    alert = alert_named(bundle, "TreadmillLoginTimeoutHigh")
    assert alert["state"] == "firing" and alert["ends_at"] is None


def test_the_equipment_has_two_incidents_at_different_times(bundle):
    stale, expired = _stamps(bundle, "dl-equipment", "STALE_TIMESTAMP"), _stamps(bundle, "dl-equipment", "login QR expired")
    assert max(stale) < min(expired)
    rejects = alert_named(bundle, "WorkoutUploadRejectHigh")
    logins = alert_named(bundle, "TreadmillLoginTimeoutHigh")
    assert rejects["ends_at"] < logins["starts_at"] and rejects["labels"]["store"] == "WD" and "store" not in logins["labels"]


# --- (10) NOSCRIPT ---------------------------------------------------------------------------------------------------------------------
def test_noscript_follows_the_redis_failover_and_stops_after_the_restart(bundle):
    failover, restart = when_logged(bundle, fitness.REDIS_HA), when_logged(bundle, fitness.BOOK_RESTART)
    errors = [log for log in logs_of(bundle, "dl-booking") if "NOSCRIPT" in log["message"]]
    assert errors and all(log["level"] == "ERROR" for log in errors)
    assert failover < min(log["timestamp"] for log in errors) and max(log["timestamp"] for log in errors) < _at("09:41")
    assert {log["service"] for log in bundle["logs"] if log["message"] == fitness.REDIS_HA} == {"dl-redis"}
    assert fitness.REDIS not in own_text(bundle, "dl-booking")
    booked = [log["timestamp"] for log in logs_of(bundle, "dl-booking") if log["message"].endswith(")") and "-> BOOKED" in
              log["message"]]
    assert not [ts for ts in booked if failover < ts < _at("09:41")] and [ts for ts in booked if ts > _at("09:42")]
    loaded = _stamps(bundle, "dl-booking", "SCRIPT LOAD seat_lock")
    assert len([ts for ts in loaded if ts > restart]) == 4 and len([ts for ts in loaded if ts < failover]) == 4
    assert when_logged(bundle, fitness.WAITLIST_CFG) < failover  # the 08:40 waitlist config: bookings fine after it


def test_the_booking_service_has_two_incidents_at_different_times(bundle):
    banned, noscript = _stamps(bundle, "dl-booking", "BOOKING_BANNED"), _stamps(bundle, "dl-booking", "NOSCRIPT")
    assert max(banned) < min(noscript)
    first, second = alert_named(bundle, "BookingBannedRefusalsHigh"), alert_named(bundle, "BookingErrorRateHigh")
    assert first["starts_at"] < second["starts_at"] and second["state"] == first["state"] == "resolved"


# --- The whole ------------------------------------------------------------------------------------------------------------------------
def test_the_quantity_peaks_are_not_what_the_alerts_say(bundle):
    for name, metric, labels, alert_name, peak, clock in (
            ("fitness_sms_code_quantity", "auth_sms_code_requests_per_min", {}, "SmsCodeRefusedHigh", fitness.SMS_PEAK,
             "07:32"),
            ("fitness_face_p99_quantity", "face_verify_p99_ms", {}, "FaceVerifyLatencyHigh", fitness.FACE_PEAK, "08:07"),
            ("fitness_wanda_workout_reject_quantity", "workout_upload_rejected_per_10m", {"store": "WD"},
             "WorkoutUploadRejectHigh", fitness.REJECT_PEAK, "07:50")):
        points = series_points(bundle, metric, **labels)
        assert dict(points)[_at(f"{clock}:00+08:00")] == peak == max(value for _, value in points)
        alert = alert_named(bundle, alert_name)
        assert str(peak) not in alert["value"] and alert["starts_at"] < _at(f"{clock}:00+08:00")
        assert str(peak) not in str(alert["labels"]) and str(peak) not in alert["summary"]
        question = _question(name)
        assert question.peak is not None and question.peak.value == peak


def test_the_healthy_services_are_healthy_and_their_changes_are_decoys(bundle):
    for service in ("dl-locker", "dl-mall"):
        assert not [a for a in bundle["alerts"] if a["service"] == service]
        assert {log["level"] for log in logs_of(bundle, service)} <= {"INFO", "WARN"}
        for word in fitness.INCIDENT_WORDS:
            assert word not in own_text(bundle, service)
        pods = [p for p in bundle[K8S_SECTION]["pods"] if p["service"] == service]
        assert pods and all(p["restarts"] == 0 and p["ready"] == "1/1" and p["node"] != fitness.BAD_NODE for p in pods)
        for metric in ("http_5xx_ratio", "http_p99_latency"):
            [series] = [s for s in bundle["metrics"] if s["name"] == metric and s["service"] == service]
            assert max(v for _, v in series["points"]) < series["threshold"]
    changes = {log["message"] for log in bundle["logs"] if log["attributes"].get("change")}
    assert fitness.LOCKER_DEPLOY in changes and fitness.MALL_CONFIG in changes


def test_the_listings_are_complete(bundle):
    firing = {a["name"] for a in bundle["alerts"] if a["state"] == "firing"}
    assert firing == set(fitness.FIRING)
    booking_changes = [log["message"] for log in logs_of(bundle, "dl-booking") if log["attributes"].get("change")]
    assert booking_changes == [fitness.BOOK_DEPLOY, fitness.WAITLIST_CFG, fitness.BOOK_RESTART]
    assert all(log["level"] == "INFO" for log in logs_of(bundle, "dl-booking") if log["attributes"].get("change"))
    question = _question("fitness_booking_changes_listing")
    for fact, line in zip(question.asked_facts, booking_changes, strict=True):
        assert any(spelling in line for spelling in fact.spellings)
    listing = _question("fitness_alert_listing")
    assert {f.spellings[0] for f in listing.asked_facts} == firing


def test_every_cause_is_before_its_symptom_and_most_are_hours_before_or_elsewhere(bundle):
    pairs = ((fitness.FREE_PASS_ON, "AntiPassbackDenyHigh"), (fitness.HPET, "FaceVerifyLatencyHigh"),
             (fitness.APP_RELEASE, "FaceEnrolFailureHigh"), (fitness.REVOKE, "SmsCodeRefusedHigh"),
             (fitness.AT_SWITCH, "BookingBannedRefusalsHigh"), (fitness.PB_EDIT, "RenewalAmountBelowBaseline"),
             (fitness.ROOM_DELETE, "PtComplaintHigh"), (fitness.WD_POWER_BACK, "WorkoutUploadRejectHigh"),
             (fitness.CAMPAIGN, "TreadmillLoginTimeoutHigh"), (fitness.REDIS_HA, "BookingErrorRateHigh"))
    hours_before = elsewhere = 0
    for cause, alert_name in pairs:
        first = min(log["timestamp"] for log in bundle["logs"] if log["message"] == cause)
        alert = alert_named(bundle, alert_name)
        assert first < alert["starts_at"], alert_name
        cause_service = next(log["service"] for log in bundle["logs"] if log["message"] == cause)
        hours_before += _moment(alert["starts_at"]) - _moment(first) > dt.timedelta(hours=2)
        elsewhere += cause_service != alert["service"]
        assert cause_service != alert["service"] or _moment(alert["starts_at"]) - _moment(first) > dt.timedelta(hours=1)
    assert hours_before >= 6 and elsewhere >= 5


def test_several_causes_are_changes_nobody_deployed_or_configured(bundle):
    """Operators' actions, a vendor's maintenance, a batch job: none of them a deploy or a config push."""
    messages = {log["message"]: log for log in bundle["logs"]}
    for cause in (fitness.FREE_PASS_ON, fitness.REVOKE, fitness.PB_EDIT, fitness.ROOM_DELETE, fitness.CAMPAIGN):
        assert messages[cause]["attributes"].get("change") == "ops"
    for cause in (fitness.LIVE_MIGRATE, fitness.AT_SWITCH, fitness.WD_POWER, fitness.REDIS_HA, fitness.NOSHOW_RUN):
        assert not messages[cause]["attributes"].get("change")
        assert "deploy" not in cause and "config changed" not in cause


def test_nothing_happens_after_the_reference_time_and_pods_are_named_like_kubernetes_names_them(bundle):
    now = dt.datetime.fromisoformat(bundle["reference_time"])
    stamps = [log["timestamp"] for log in bundle["logs"]] + [e["last_seen"] for e in bundle[K8S_SECTION]["events"]]
    stamps += [ts for series in bundle["metrics"] for ts, _ in series["points"]]
    stamps += [a["starts_at"] for a in bundle["alerts"]]
    assert all(dt.datetime.fromisoformat(stamp) <= now for stamp in stamps)
    assert all(now - dt.datetime.fromisoformat(e["first_seen"]) <= dt.timedelta(hours=1) for e in bundle[K8S_SECTION]["events"])
    for pod in bundle[K8S_SECTION]["pods"]:
        assert service_from_pod_name(pod["name"]) == pod["service"], pod["name"]
    restarted = {e["object"] for e in bundle[K8S_SECTION]["events"] if e["reason"] == "Killing"}
    assert {f"Pod/{pod}" for pod in fitness.ROLLOUTS["dl-booking"][1][1]} <= restarted


def test_another_seed_changes_only_the_noise_not_the_story():
    other = fitness.build_bundle(seed=fitness.SEED + 1)
    this = fitness.build_bundle()
    assert {a["name"]: a["state"] for a in other["alerts"]} == {a["name"]: a["state"] for a in this["alerts"]}
    for message in (fitness.FREE_PASS_ON, fitness.HPET, fitness.APP_RELEASE, fitness.REVOKE, fitness.NOSHOW_RUN,
                    fitness.PB_EDIT, fitness.ROOM_CASCADE, fitness.WD_POWER, fitness.CAMPAIGN, fitness.REDIS_HA):
        assert [log["message"] for log in other["logs"]].count(message) == 1
    assert other[K8S_SECTION] == this[K8S_SECTION]
    for name in ("auth_sms_code_requests_per_min", "face_verify_p99_ms"):
        assert max(v for _, v in series_points(other, name)) == max(v for _, v in series_points(this, name))
    assert [log["message"] for log in other["logs"]] != [log["message"] for log in this["logs"]]
