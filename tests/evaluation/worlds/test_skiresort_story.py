"""The skiresort world tells the story its docstring tells: each incident's symptoms stay inside its window and on the lifts,
windows, pods and queues it names, the causes come before the symptoms (often hours before, on another service, at a vendor,
by an operator or on one node), the decoys are changes that caused nothing, the node-level fault touches only the pods
scheduled on that node, the asked peaks are not what the alerts say, the healthy services are healthy and the listings are
complete. A world wrong about itself would grade the agents against a fiction. Pure: no database."""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

import pytest

from contracts.k8s import service_from_pod_name
from evaluation.worlds import skiresort as ski
from evaluation.worlds.loading import K8S_SECTION
from tests.evaluation.worlds.bundle_reading import alert_named, logs_of, own_text, series_points, when_logged


@pytest.fixture(scope="module")
def bundle() -> dict[str, Any]:
    return ski.build_bundle()


def _at(clock: str) -> str:
    return f"2027-01-22T{clock}"


def _eve(clock: str) -> str:
    return f"2027-01-21T{clock}"


def _moment(stamp: str) -> dt.datetime:
    return dt.datetime.fromisoformat(stamp)


def _stamps(bundle: dict[str, Any], service: str, needle: str) -> list[str]:
    return [log["timestamp"] for log in logs_of(bundle, service) if needle in log["message"]]


def _question(name: str) -> ski.WorldQuestion:
    return next(q for q in ski.QUESTIONS if q.name == name)


def _own_lines(bundle: dict[str, Any], service: str) -> str:
    """What the service's own instances write, without the on-call engineers' notes."""
    return "\n".join(log["message"] for log in logs_of(bundle, service) if log["instance"] != "ops-console")


def test_the_guns_tripped_after_the_rotation_made_the_locked_out_compressor_lead(bundle):
    loto, rotation, started = when_logged(bundle, ski.LOTO), when_logged(bundle, ski.ROTATION), when_logged(bundle, ski.SNOW_START)
    trips = [log for log in logs_of(bundle, "bh-snowmaking") if "AIR_PRESSURE_LOW" in log["message"]]
    assert loto < rotation < started < min(log["timestamp"] for log in trips)
    assert {log["instance"] for log in trips} == set(ski.GUNS) and len(trips) == 24
    assert _moment(min(log["timestamp"] for log in trips)) - _moment(loto) > dt.timedelta(hours=7)
    assert "lead C2 -> C3" in ski.ROTATION and "compressor C3" in ski.LOTO
    no_run = _stamps(bundle, "bh-snowmaking", "lead compressor C3 start command sent")
    assert len(no_run) == 3 and started < min(no_run)
    headers = [log["message"] for log in logs_of(bundle, "bh-snowmaking") if log["message"].startswith("air header")]
    assert headers and all("running: C1" in h or "running: none" in h for h in headers)
    # The HMI deploy changed screens only, between the rotation and the start: a decoy.
    assert rotation < when_logged(bundle, ski.SNOW_HMI) < started and "HMI" in ski.SNOW_HMI
    assert max(log["timestamp"] for log in trips) < when_logged(bundle, ski.LEAD_FIX)
    pressure = series_points(bundle, "snowmaking_air_header_bar")
    assert min(v for ts, v in pressure if _eve("22:30") <= ts <= _at("01:30")) >= 4.0
    assert max(v for ts, v in pressure if _eve("22:30") <= ts <= _at("01:30")) < 6.0


def test_room_charges_are_refused_while_the_night_audit_waits_on_its_prompt(bundle):
    prompt, done = when_logged(bundle, ski.AUDIT_PROMPT), when_logged(bundle, ski.AUDIT_DONE)
    declines = [log for log in logs_of(bundle, "bh-wallet") if "NIGHT_AUDIT_IN_PROGRESS" in log["message"]
                and log["instance"] != "ops-console"]
    refused = _stamps(bundle, "bh-lodge", "423 NIGHT_AUDIT_IN_PROGRESS")
    assert declines and len(declines) == len(refused)
    assert prompt < min(refused) and max(log["timestamp"] for log in declines) < done
    assert _moment(min(refused)) - _moment(prompt) > dt.timedelta(hours=2)
    rooms = {re.search(r"room (\d+) ", line).group(1) for line in
             (log["message"] for log in logs_of(bundle, "bh-lodge") if "423" in log["message"])}
    assert {re.search(r"to room (\d+) ", log["message"]).group(1) for log in declines} == rooms
    # The wallet sees only the PMS's refusal; the prompt and the audit are the lodge's.
    assert "GRP-0121-07" not in own_text(bundle, "bh-wallet") and "GRP-0121-07" in own_text(bundle, "bh-lodge")
    deploy = when_logged(bundle, ski.WALLET_DEPLOY)
    assert prompt < deploy < min(refused)  # the 06:50 deploy: after the audit stopped, a decoy
    assert not [log for log in logs_of(bundle, "bh-lodge") if "-> 200 posted" in log["message"] and prompt < log["timestamp"] < done]


def test_only_the_checkout_pods_on_node_07_are_slow_and_the_node_says_why(bundle):
    slow = [log for log in logs_of(bundle, "bh-ticket") if "出票超时" in log["message"] and log["instance"] != "ops-console"]
    assert slow and {log["instance"] for log in slow} == set(ski.ON_BAD_NODE)
    for log in logs_of(bundle, "bh-ticket"):
        match = re.search(r"took (\d+)ms", log["message"])
        if match and log["message"].startswith("checkout"):
            assert (int(match.group(1)) > 3000) == (log["instance"] in ski.ON_BAD_NODE), log
    pods = bundle[K8S_SECTION]["pods"]
    assert {p["name"] for p in pods if p["node"] == ski.BAD_NODE} == set(ski.ON_BAD_NODE)
    assert all(p["restarts"] == 0 and p["phase"] == "Running" for p in pods if p["service"] == "bh-ticket")
    swap = [log for log in bundle["logs"] if "/swapfile" in log["message"]]
    assert [(log["service"], log["instance"]) for log in swap] == [("bh-k8s-node", ski.BAD_NODE)]
    for word in ("/swapfile", "failSwapOn", ski.BAD_NODE, "OPS-0121-09"):
        assert word not in _own_lines(bundle, "bh-ticket")
    unhealthy = [e for e in bundle[K8S_SECTION]["events"] if e["reason"] == "Unhealthy"]
    assert {e["object"] for e in unhealthy} == {f"Pod/{pod}" for pod in ski.ON_BAD_NODE}


def test_node_07_came_back_with_swap_hours_before_the_scale_out_that_put_the_pods_there(bundle):
    back, scaled = when_logged(bundle, ski.NODE_BACK), when_logged(bundle, ski.HPA_SCALE)
    first = min(log["timestamp"] for log in logs_of(bundle, "bh-ticket") if "出票超时" in log["message"]
                and log["instance"] != "ops-console")
    assert when_logged(bundle, ski.NODE_DRAIN) < when_logged(bundle, ski.SWAP_ON) < back < scaled < first
    assert _moment(first) - _moment(back) > dt.timedelta(hours=5)
    assert when_logged(bundle, ski.TICKET_DECOY) < scaled  # the 07:55 config: before any slow checkout, a decoy
    swap = series_points(bundle, "node_swap_used_gib", instance=ski.BAD_NODE)
    assert all(value == 0 for ts, value in swap if ts < _at("02:30"))
    assert max(value for ts, value in swap if ts > _at("08:20")) > 9
    alert = alert_named(bundle, "TicketCheckoutLatencyHigh")
    assert alert["state"] == "firing" and alert["ends_at"] is None and alert["starts_at"] > scaled[:19]


def test_the_media_rejects_are_cards_sold_from_the_new_stock_at_two_windows(bundle):
    loads = _stamps(bundle, "bh-ticket", "card stock box CS-2027-011")
    sales = [log for log in logs_of(bundle, "bh-ticket") if "chip ICODE SLIX2 encoded ok" in log["message"]]
    assert len(loads) == 2 and sales and max(loads) < min(log["timestamp"] for log in sales)
    assert {re.search(r"window (W\d\d)", log["message"]).group(1) for log in sales} == {"W03", "W04"}
    sold = {re.search(r"card (\S+) chip", log["message"]).group(1) for log in sales}
    rejects = [log for log in logs_of(bundle, "bh-gate") if "MEDIA_NOT_ALLOWED" in log["message"] and log["instance"] != "ops-console"]
    assert rejects and {re.search(r"card (\S+):", log["message"]).group(1) for log in rejects} <= sold
    assert max(log["timestamp"] for log in rejects) < when_logged(bundle, ski.MEDIA_PROFILE)
    assert when_logged(bundle, ski.STOCK_BACK) > max(log["timestamp"] for log in sales)
    # The other windows sold on the old chips all morning.
    assert not [log for log in logs_of(bundle, "bh-ticket") if "ICODE SLIX2" in log["message"]
                and re.search(r"window W0[1256]", log["message"])]
    assert when_logged(bundle, ski.GATE_WELCOME) < min(log["timestamp"] for log in rejects)  # a decoy before the lifts opened
    assert "CS-2027-011" not in own_text(bundle, "bh-gate")


def test_the_l2_readers_ran_hot_only_during_the_vendors_work_and_validations_rose_without_riders(bundle):
    start, done = when_logged(bundle, ski.VENDOR_WO), when_logged(bundle, ski.VENDOR_DONE)
    beats = [log for log in logs_of(bundle, "bh-gate") if log["message"].startswith("reader L2-")]
    hot = [log for log in beats if "tx_power=33dBm" in log["message"]]
    assert hot and all(start < log["timestamp"] < done for log in hot)
    assert {log["instance"] for log in hot} == {f"L2-{n:02d}" for n in range(1, 7)}
    assert [log for log in beats if log["timestamp"] > done and "tx_power=27dBm" in log["message"]]
    locks = [log for log in logs_of(bundle, "bh-gate") if "RIDE_LOCK" in log["message"] and log["instance"] != "ops-console"]
    assert locks and all(re.search(r"lane L2-\d\d ", log["message"]) for log in locks)
    assert start < min(log["timestamp"] for log in locks) and max(log["timestamp"] for log in locks) < _at("10:18")
    validations = series_points(bundle, "gate_validations_per_min", lift="L2")
    inside = [v for ts, v in validations if _at("09:50") <= ts <= _at("10:15")]
    before = [v for ts, v in validations if _at("09:00") <= ts <= _at("09:39")]
    assert min(inside) > 2 * max(before)
    assert when_logged(bundle, ski.GATE_BRIGHT) < start  # the 09:30 brightness: before, at 27 dBm, a decoy
    assert not [log for log in logs_of(bundle, "bh-gate") if "tx_power" in log["message"] and log["attributes"].get("change")]


def test_the_gate_has_two_incidents_at_different_times_and_lifts(bundle):
    media = _stamps(bundle, "bh-gate", "MEDIA_NOT_ALLOWED")
    locks = _stamps(bundle, "bh-gate", "RIDE_LOCK")
    assert max(media) < min(locks)
    first, second = alert_named(bundle, "GateMediaRejectsHigh"), alert_named(bundle, "GateValidationSurge")
    assert first["ends_at"] < second["starts_at"] and second["labels"]["lift"] == "L2"
    assert not [log for log in logs_of(bundle, "bh-gate") if "MEDIA_NOT_ALLOWED" in log["message"] and "lane L2-" in log["message"]]


def test_the_trackers_sparse_fixes_show_only_in_their_heartbeat_values(bundle):
    beats = [log for log in logs_of(bundle, "bh-grooming") if " heartbeat: " in log["message"]]
    cold = [log for log in beats if "fix_interval_s=60" in log["message"]]
    assert cold and all(_eve("19:30") <= log["timestamp"] < _at("09:30") for log in cold)
    assert all("fix_interval_s=5," in log["message"] for log in beats if log not in cold)
    assert not [log for log in bundle["logs"] if "PS-COLD" in log["message"] and log["attributes"].get("change")]
    shifts = [int(re.search(r"track points (\d+)", log["message"]).group(1)) for log in logs_of(bundle, "bh-grooming")
              if "shift ended" in log["message"]]
    assert len(shifts) == 8 and max(shifts) < 400  # one point a minute through a five-hour shift
    job, published = when_logged(bundle, ski.GROOMED_JOB.format(n=15, bad=14)), when_logged(bundle, ski.BOARD_PUBLISH)
    assert _moment(job) - _moment(min(log["timestamp"] for log in cold)) > dt.timedelta(hours=10)
    assert when_logged(bundle, ski.SLOPE_DEPLOY) < job and job < published
    assert len(_stamps(bundle, "bh-slope", "(< 80%) -> board grooming=未压雪")) == 14
    assert "fix_interval_s" not in own_text(bundle, "bh-slope")
    assert when_logged(bundle, ski.PROFILE_BACK) < when_logged(bundle, ski.RECOMPUTE)


def test_lessons_went_unassigned_only_while_the_constraint_was_hard(bundle):
    hard, soft = when_logged(bundle, ski.CONSTRAINT_ADD), when_logged(bundle, ski.CONSTRAINT_SOFT)
    bad = [log for log in logs_of(bundle, "bh-school") if "(time limit)" in log["message"]]
    assert len(bad) == 4 and all(hard < log["timestamp"] < soft for log in bad)
    counts = [int(re.search(r"(\d+) lessons unassigned", log["message"]).group(1)) for log in bad]
    assert max(counts) == ski.UNASSIGNED_PEAK
    good = [log for log in logs_of(bundle, "bh-school") if "0 lessons unassigned" in log["message"]]
    assert not [log for log in good if hard < log["timestamp"] < soft]
    assert [log for log in good if log["timestamp"] > soft]
    assert when_logged(bundle, ski.SCHOOL_DEPLOY) < hard
    assert [log for log in good if when_logged(bundle, ski.SCHOOL_DEPLOY) < log["timestamp"] < hard]  # 3.2.1 solved fine


def test_prebooked_abilities_are_read_in_the_old_order_after_the_picker_release(bundle):
    deploy, fixed = when_logged(bundle, ski.MP_DEPLOY), when_logged(bundle, ski.MP_FIX)
    sent = {}
    for log in logs_of(bundle, "bh-miniapp"):
        match = re.search(r"(RB\d+) picker=v2 ability_index=(\d) label=(\S+)", log["message"])
        if match:
            assert deploy < log["timestamp"] < fixed
            sent[match.group(1)] = (int(match.group(2)), match.group(3))
    read = {}
    for log in logs_of(bundle, "bh-rental"):
        match = re.search(r"prebooking (RB\d+) received from bh-miniapp: ability_index=(\d) -> (\S+)", log["message"])
        if match:
            read[match.group(1)] = (int(match.group(2)), match.group(3))
    assert sent and set(sent) == set(read)
    for rb, (index, label) in sent.items():
        assert read[rb][0] == index and (read[rb][1] == label) == (label == "中级")
    overrides = [log for log in logs_of(bundle, "bh-rental") if "technician override" in log["message"]]
    assert overrides and all(re.search(r"prebooking RB\d+$", log["message"]) for log in overrides)
    assert all(_at("08:00") <= log["timestamp"] < _at("10:15") for log in overrides)
    assert when_logged(bundle, ski.RENTAL_LABEL) < min(log["timestamp"] for log in overrides)  # the 07:30 label config
    assert "4.8.0" not in own_text(bundle, "bh-rental")


def test_the_deposit_release_messages_expired_under_the_ttl_policy(bundle):
    policy, fixed = when_logged(bundle, ski.TTL_POLICY), when_logged(bundle, ski.TTL_FIX)
    assert "rental.deposit.release" in ski.TTL_APPLIED and "^rental\\." in ski.TTL_POLICY
    returns = _stamps(bundle, "bh-rental", "deposit release queued")
    expired = _stamps(bundle, "bh-mq", "rental.deposit.release: ")
    assert policy < min(returns) < min(expired) and max(expired) < _eve("22:00")
    assert {log["service"] for log in bundle["logs"] if "ttl-rental-audit" in log["message"]} == {"bh-mq"}
    recon = when_logged(bundle, ski.DEPOSIT_RECON)
    assert _moment(recon) - _moment(max(expired)) > dt.timedelta(hours=10)
    assert recon < fixed < when_logged(bundle, ski.DEPOSIT_REDO)
    assert policy < when_logged(bundle, ski.RENTAL_DEPLOY) < min(returns)  # the 20:50 deploy: a decoy
    assert "message-ttl" not in own_text(bundle, "bh-rental")
    unreleased = series_points(bundle, "rental_deposits_unreleased")
    assert max(value for _, value in unreleased) == 312 and unreleased[-1][1] == 0


def test_the_rental_has_two_incidents_at_different_times(bundle):
    deposits = _stamps(bundle, "bh-rental", "deposit release consumer: backlog")
    overrides = _stamps(bundle, "bh-rental", "technician override")
    assert max(deposits) < _eve("22:01") and min(overrides) > _at("08:00")
    din, deposit = alert_named(bundle, "RentalDinOverridesHigh"), alert_named(bundle, "RentalDepositUnreleased")
    assert din["service"] == deposit["service"] == "bh-rental"


def test_the_quota_refused_the_miniapps_scale_out_at_the_evening_promotion(bundle):
    low, back = when_logged(bundle, ski.QUOTA_LOW), when_logged(bundle, ski.QUOTA_BACK)
    promo = when_logged(bundle, ski.PROMO_PUSH)
    refused = _stamps(bundle, "bh-k8s", "exceeded quota: compute")
    errors = [log for log in logs_of(bundle, "bh-miniapp") if " 503 upstream overloaded" in log["message"]]
    assert low < promo < min(refused) and max(refused) < back
    assert errors and promo < min(log["timestamp"] for log in errors) and max(log["timestamp"] for log in errors) < _eve("19:21")
    assert {log["service"] for log in bundle["logs"] if "exceeded quota" in log["message"]} == {"bh-k8s"}
    assert when_logged(bundle, ski.MP_BANNER) < promo
    rate = series_points(bundle, "miniapp_requests_per_sec")
    assert max(v for ts, v in rate if _eve("18:35") <= ts <= _eve("19:10")) > 10 * rate[0][1]


def test_the_quantity_peaks_are_not_what_the_alerts_say(bundle):
    for name, metric, labels, alert_name, peak, clock in (
            ("skiresort_gate_l2_validation_quantity", "gate_validations_per_min", {"lift": "L2"}, "GateValidationSurge",
             ski.VALIDATION_PEAK, "10:02"),
            ("skiresort_ticket_checkout_quantity", "ticket_checkout_p99_seconds", {}, "TicketCheckoutLatencyHigh",
             ski.CHECKOUT_PEAK, "09:12"),
            ("skiresort_wallet_declines_quantity", "wallet_room_charge_declines_per_10m", {}, "RoomChargeDeclinesHigh",
             ski.DECLINE_PEAK, "08:12")):
        points = series_points(bundle, metric, **labels)
        assert dict(points)[_at(f"{clock}:00+08:00")] == peak == max(value for _, value in points)
        alert = alert_named(bundle, alert_name)
        assert str(peak) not in alert["value"] and alert["starts_at"] < _at(f"{clock}:00+08:00")
        question = _question(name)
        assert question.peak is not None and question.peak.value == peak
        assert str(peak) not in str(alert["labels"]) and str(peak) not in alert["summary"]


def test_the_healthy_services_are_healthy_and_their_changes_are_decoys(bundle):
    for service in ("bh-shuttle", "bh-locker"):
        assert not [a for a in bundle["alerts"] if a["service"] == service]
        assert {log["level"] for log in logs_of(bundle, service)} <= {"INFO", "WARN"}
        for word in ski.INCIDENT_WORDS:
            assert word not in own_text(bundle, service)
        pods = [p for p in bundle[K8S_SECTION]["pods"] if p["service"] == service]
        assert pods and all(p["restarts"] == 0 and p["ready"] == "1/1" for p in pods)
        for metric in ("http_5xx_ratio", "http_p99_latency"):
            [series] = [s for s in bundle["metrics"] if s["name"] == metric and s["service"] == service]
            assert max(v for _, v in series["points"]) < series["threshold"]
    changes = {log["message"] for log in bundle["logs"] if log["attributes"].get("change")}
    assert ski.SHUTTLE_CONFIG in changes and ski.LOCKER_DEPLOY in changes


def test_the_listings_are_complete(bundle):
    firing = {a["name"] for a in bundle["alerts"] if a["state"] == "firing"}
    assert firing == set(ski.FIRING)
    school_changes = [log["message"] for log in logs_of(bundle, "bh-school") if log["attributes"].get("change")]
    assert school_changes == [ski.SCHOOL_DEPLOY, ski.CONSTRAINT_ADD, ski.CONSTRAINT_SOFT]
    question = _question("skiresort_school_changes_listing")
    for fact, line in zip(question.asked_facts, school_changes, strict=True):
        assert any(spelling in line for spelling in fact.spellings)


def test_the_causes_are_mostly_not_deploys(bundle):
    """An operator's lockout, a window's card box, a vendor's antenna work and a tracker profile, a console constraint, a
    broker policy and a quota edit: none is worded as a deploy; the card box and the trackers leave no change line at all."""
    by_message = {log["message"]: log for log in bundle["logs"]}
    for message in (ski.LOTO, ski.CONSTRAINT_ADD, ski.TTL_POLICY, ski.QUOTA_LOW):
        assert by_message[message]["attributes"].get("change") in ("ops", "config")
        assert "deploy" not in message
    for message in (ski.STOCK_LOAD.format(win="W03"), ski.VENDOR_WO, ski.AUDIT_START):
        assert not by_message[message]["attributes"].get("change")


def test_every_cause_is_before_its_symptom_and_most_are_hours_before_or_elsewhere(bundle):
    pairs = ((ski.LOTO, "SnowmakingAirPressureLow", True), (ski.AUDIT_PROMPT, "RoomChargeDeclinesHigh", True),
             (ski.SWAP_ON, "TicketCheckoutLatencyHigh", True), (ski.STOCK_LOAD.format(win="W03"), "GateMediaRejectsHigh", True),
             (ski.VENDOR_WO, "GateValidationSurge", False), (ski.CONSTRAINT_ADD, "LessonsUnassignedHigh", False),
             (ski.MP_DEPLOY, "RentalDinOverridesHigh", True), (ski.TTL_POLICY, "RentalDepositUnreleased", True),
             (ski.QUOTA_LOW, "MiniappHigh5xx", True))
    for cause, alert_name, far in pairs:
        first = min(log["timestamp"] for log in bundle["logs"] if log["message"] == cause)
        alert = alert_named(bundle, alert_name)
        assert first < alert["starts_at"], alert_name
        cause_service = next(log["service"] for log in bundle["logs"] if log["message"] == cause)
        if far:  # hours before, or on another service (the node, the lodge, the windows, the mini-program, the broker)
            assert cause_service != alert["service"] or _moment(alert["starts_at"]) - _moment(first) > dt.timedelta(hours=1)
    first_cold = min(_stamps(bundle, "bh-grooming", "fix_interval_s=60"))
    assert first_cold < alert_named(bundle, "SlopeUngroomedOnBoard")["starts_at"]


def test_nothing_happens_after_the_reference_time_and_pods_are_named_like_kubernetes_names_them(bundle):
    now = dt.datetime.fromisoformat(bundle["reference_time"])
    stamps = [log["timestamp"] for log in bundle["logs"]] + [e["last_seen"] for e in bundle[K8S_SECTION]["events"]]
    stamps += [ts for series in bundle["metrics"] for ts, _ in series["points"]]
    assert all(dt.datetime.fromisoformat(stamp) <= now for stamp in stamps)
    assert all(now - dt.datetime.fromisoformat(e["first_seen"]) <= dt.timedelta(hours=1) for e in bundle[K8S_SECTION]["events"])
    for pod in bundle[K8S_SECTION]["pods"]:
        assert service_from_pod_name(pod["name"]) == pod["service"], pod["name"]


def test_another_seed_changes_only_the_noise_not_the_story():
    other = ski.build_bundle(seed=ski.SEED + 1)
    assert {a["name"]: a["state"] for a in other["alerts"]} == {a["name"]: a["state"] for a in ski.build_bundle()["alerts"]}
    for message in (ski.LOTO, ski.AUDIT_PROMPT, ski.SWAP_ON, ski.VENDOR_WO, ski.CONSTRAINT_ADD, ski.TTL_POLICY, ski.QUOTA_LOW):
        assert [log["message"] for log in other["logs"]].count(message) == 1
    for name, metric, peak in (("gate", "gate_validations_per_min", ski.VALIDATION_PEAK),
                               ("ticket", "ticket_checkout_p99_seconds", ski.CHECKOUT_PEAK)):
        [series] = [s for s in other["metrics"] if s["name"] == metric]
        assert max(v for _, v in series["points"]) == peak, name
