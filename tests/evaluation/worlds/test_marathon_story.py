"""The marathon world tells the story its docstring tells: each incident's symptoms stay inside its window and on the bibs,
terminals, posts and pods it names, the causes come before the symptoms (often hours before, on another service, at a vendor,
an insurer or on one node), the decoys are changes that caused nothing, the node-level fault touches only the pods scheduled on
that node, the asked peaks are not what the alerts say, the healthy services are healthy and the listings are complete. A
world wrong about itself would grade the agents against a fiction. Pure: no database."""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

import pytest

from contracts.k8s import service_from_pod_name
from evaluation.worlds import marathon
from evaluation.worlds.loading import K8S_SECTION
from tests.evaluation.worlds.bundle_reading import alert_named, logs_of, own_text, series_points, when_logged


@pytest.fixture(scope="module")
def bundle() -> dict[str, Any]:
    return marathon.build_bundle()


def _at(clock: str) -> str:
    return f"2027-11-07T{clock}"


def _sat(clock: str) -> str:
    return f"2027-11-06T{clock}"


def _moment(stamp: str) -> dt.datetime:
    return dt.datetime.fromisoformat(stamp)


def _stamps(bundle: dict[str, Any], service: str, needle: str) -> list[str]:
    return [log["timestamp"] for log in logs_of(bundle, service) if needle in log["message"]]


def _question(name: str) -> marathon.WorldQuestion:
    return next(q for q in marathon.QUESTIONS if q.name == name)


def _own_lines(bundle: dict[str, Any], service: str) -> str:
    """What the service's own instances write, without the on-call engineers' notes."""
    return "\n".join(log["message"] for log in logs_of(bundle, service) if log["instance"] != "ops-console")


def test_only_the_tracking_pods_on_node_11_time_out_to_redis(bundle):
    failing = [log for log in logs_of(bundle, "mr-tracking") if "i/o timeout" in log["message"] or "served stale" in log["message"]]
    assert failing and {log["instance"] for log in failing} == set(marathon.ON_BAD_NODE)
    pods = bundle[K8S_SECTION]["pods"]
    assert {p["name"] for p in pods if p["node"] == marathon.BAD_NODE} == set(marathon.ON_BAD_NODE)  # nothing else runs there
    working = [log for log in logs_of(bundle, "mr-tracking") if ": ok (redis" in log["message"]]
    assert working and not {log["instance"] for log in working} & set(marathon.ON_BAD_NODE)
    assert all(p["restarts"] == 0 and p["phase"] == "Running" for p in pods if p["service"] == "mr-tracking")
    unhealthy = [e for e in bundle[K8S_SECTION]["events"] if e["reason"] == "Unhealthy"]
    assert {e["object"] for e in unhealthy} == {f"Pod/{pod}" for pod in marathon.ON_BAD_NODE}
    for word in ("vsw-race-h", "CLD-1106-03", "security_ips", marathon.BAD_NODE):
        assert word not in _own_lines(bundle, "mr-tracking")


def test_the_new_vswitch_came_hours_before_the_scale_out_and_is_outside_the_whitelist(bundle):
    audit, added = when_logged(bundle, marathon.WHITELIST_AUDIT), when_logged(bundle, marathon.VSWITCH_ADD)
    scaled, joined = when_logged(bundle, marathon.HPA_SCALE), when_logged(bundle, marathon.NODE_JOIN)
    first = min(_stamps(bundle, "mr-tracking", "i/o timeout"))
    assert audit < added < scaled < joined < first
    assert _moment(first) - _moment(added) > dt.timedelta(hours=12)
    assert "10.30.64.0/20" in marathon.VSWITCH_ADD and "10.30.0.0/18" in marathon.WHITELIST_AUDIT
    assert "10.30.65.14" in marathon.NODE_JOIN  # in 10.30.64.0/20, not in 10.30.0.0/18 (which ends at 10.30.63.255)
    assert when_logged(bundle, marathon.TRACK_PUSH) < scaled  # the push interval config: before, with positions fine
    [vswitch] = [log for log in bundle["logs"] if log["message"] == marathon.VSWITCH_ADD]
    assert vswitch["service"] == "mr-cloud" and vswitch["attributes"].get("change") == "ops"
    alert = alert_named(bundle, "TrackingPositionStaleHigh")
    assert alert["state"] == "firing" and alert["ends_at"] is None and alert["starts_at"] > joined[:19]


def test_the_unknown_chips_are_the_wave_c_chips_imported_without_their_leading_zeros(bundle):
    imported, reimported = when_logged(bundle, marathon.CHIP_IMPORT), when_logged(bundle, marathon.CHIP_REIMPORT)
    unknown = [log for log in logs_of(bundle, "mr-timing") if "(unknown chip)" in log["message"]]
    assert unknown and imported < min(log["timestamp"] for log in unknown)
    assert max(log["timestamp"] for log in unknown) < reimported < when_logged(bundle, marathon.ORPHANS)
    assert min(log["timestamp"] for log in unknown) >= _at("07:46")  # wave C's start, ten hours after the import
    assigned = set(marathon.BAD_CHIPS.values())
    for log in unknown:
        code = re.search(r"chip (\d+) rssi", log["message"]).group(1)
        assert len(code) == 10 and code.startswith("000") and code[3:] in assigned
    samples = [log["message"] for log in logs_of(bundle, "mr-bib") if "source CM-1106-02" in log["message"]]
    assert samples and all(len(re.search(r"chip_code=(\d+)", m).group(1)) == 7 for m in samples)
    ordinary = [m for m in (log["message"] for log in logs_of(bundle, "mr-bib")) if m.startswith("bib lookup")]
    assert ordinary and all(len(re.search(r"chip_code=(\d+)", m).group(1)) == 10 for m in ordinary)
    assert "chip_code" not in marathon.CHIP_IMPORT.split(":")[0]  # the import's summary says nothing wrong
    assert when_logged(bundle, marathon.TIMING_DEPLOY) < min(log["timestamp"] for log in unknown)
    for word in ("CM-1106-02", "chipmap_waveC_v2.csv"):
        assert word not in own_text(bundle, "mr-timing")


def test_the_pick_up_terminals_went_offline_four_hours_after_their_portal_login(bundle):
    logins = {re.search(r"terminal (T-\w+) online", m).group(1): ts for ts, m in
              ((log["timestamp"], log["message"]) for log in logs_of(bundle, "mr-kit")) if "portal authenticated" in m}
    assert set(logins) == set(marathon.TERMINALS)
    for log in logs_of(bundle, "mr-kit"):
        match = re.search(r"pickup terminal (T-\w+) heartbeat missing \(last seen (\S+)\)", log["message"])
        if match:
            login = _moment(logins[match.group(1)])
            last = _moment(_sat(match.group(2)) + "+08:00")
            assert dt.timedelta(minutes=239) <= last - login + dt.timedelta(minutes=1) <= dt.timedelta(minutes=241)
    back = [log for log in logs_of(bundle, "mr-kit") if "back online" in log["message"]]
    assert len(back) == 24 and all("portal.jlexpo.com.cn" in log["message"] for log in back)
    assert when_logged(bundle, marathon.VENUE_FIX) < min(log["timestamp"] for log in back)
    paper = _stamps(bundle, "mr-kit", "recorded on paper form")
    assert paper and _sat("12:00") < min(paper) and max(paper) < _sat("13:01")
    assert when_logged(bundle, marathon.KIT_SCREEN) < _sat("12:00")  # the 11:40 config: before, with terminals fine
    online = series_points(bundle, "kit_terminals_online")
    assert min(v for ts, v in online if _sat("12:20") <= ts <= _sat("13:00")) <= 1


def test_the_bag_drop_refuses_only_the_team_pick_ups_until_proxy_pending_is_admitted(bundle):
    teams = _stamps(bundle, "mr-kit", "kit_status=PROXY_PENDING (await")
    assert len(teams) == 36 and max(teams) < _sat("19:31")
    total = sum(int(re.search(r"(\d+) kits handed over", m).group(1)) for m in
                (log["message"] for log in logs_of(bundle, "mr-kit")) if m.startswith("team pick-up"))
    assert total == marathon.TEAM_KITS
    refused = _stamps(bundle, "mr-kit", "KIT_NOT_PICKED_UP")
    fixed = when_logged(bundle, marathon.BAG_FIX)
    assert refused and max(teams) < min(refused) and max(refused) < fixed
    assert _moment(min(refused)) - _moment(max(teams)) > dt.timedelta(hours=10)
    assert when_logged(bundle, marathon.KIT_DEPLOY) < min(refused)
    accepted = _stamps(bundle, "mr-kit", "checked in, truck")
    assert [ts for ts in accepted if min(refused) < ts < fixed]  # the others kept dropping their bags


def test_mr_kit_has_two_incidents_on_different_days(bundle):
    portal = _stamps(bundle, "mr-kit", "heartbeat missing")
    bags = _stamps(bundle, "mr-kit", "KIT_NOT_PICKED_UP")
    assert max(portal) < _sat("13:00") and min(bags) > _at("05:45")
    first, second = alert_named(bundle, "PickupTerminalsOffline"), alert_named(bundle, "BagDropRejectsHigh")
    assert first["ends_at"] < second["starts_at"]
    assert not [m for m in (log["message"] for log in logs_of(bundle, "mr-kit")) if "PROXY_PENDING" in m and "portal" in m]


def test_the_results_503s_follow_one_partner_keys_browser_traffic(bundle):
    partner = [log for log in logs_of(bundle, "mr-results") if "key=PK-JM-LEADER" in log["message"]]
    assert partner and all(log["attributes"].get("log_type") == "access" for log in partner)
    assert all("referer=https://h5.jinmai-cheer.cn/" in log["message"] and "MicroMessenger" in log["message"] for log in partner)
    errors = _stamps(bundle, "mr-results", "503 upstream overloaded")
    first = min(log["timestamp"] for log in partner)
    limited = when_logged(bundle, marathon.RATE_LIMIT)
    assert errors and first < min(errors) and max(errors) < _at("11:01")
    assert [log for log in partner if log["timestamp"] > limited and " 429 " in log["message"]]
    assert not [log for log in partner if log["timestamp"] > limited and " 200 " in log["message"]]
    assert when_logged(bundle, marathon.RESULTS_DEPLOY) < first  # the 10:10 deploy: before the traffic, results fine
    rate = dict(series_points(bundle, "results_requests_per_sec"))
    assert rate[_at("10:47:00+08:00")] == marathon.RATE_PEAK > 20 * rate[_at("10:20:00+08:00")]


def test_the_refund_failures_are_exactly_the_deferred_2026_orders(bundle):
    batch = when_logged(bundle, marathon.REFUND_BATCH)
    refunds = [log for log in logs_of(bundle, "mr-payment") if log["message"].startswith("refund RF-1106-W-")]
    failed = [log for log in refunds if "TRADE_OVERDUE" in log["message"]]
    assert failed and batch < min(log["timestamp"] for log in refunds)
    for log in refunds:
        old = "(paid 2026-" in log["message"]
        assert old == ("TRADE_OVERDUE" in log["message"]) == ("deferred_from=2026" in log["message"])
    assert 0.2 < len(failed) / len(refunds) < 0.5
    assert when_logged(bundle, marathon.REFUND_SIZE) < batch  # the batch-size config: a decoy


def test_only_the_mini_run_scans_resolve_to_someone_else(bundle):
    legacy = [log for log in logs_of(bundle, "mr-medical") if "legacy format" in log["message"]]
    wrong = [log for log in logs_of(bundle, "mr-medical") if "扫码信息与本人不符" in log["message"]]
    assert legacy and wrong and all("迷你跑" in log["message"] and "(全程" in log["message"] for log in legacy)
    for log in legacy:
        num = re.search(r"payload 'JLM27-(\d{5})'", log["message"]).group(1)
        assert f"-> runner A{num} " in log["message"]
    assert all("MS-M" in log["message"] for log in wrong)
    ok = [log for log in logs_of(bundle, "mr-medical") if "payload 'JLM27|" in log["message"]]
    assert ok and not [log for log in ok if "MS-M" in log["message"]]
    assert when_logged(bundle, marathon.MEDICAL_DEPLOY) < min(log["timestamp"] for log in legacy)
    assert max(log["timestamp"] for log in legacy) < when_logged(bundle, marathon.LEGACY_REJECT)


def test_the_refused_volunteers_are_the_ones_the_insurer_rejected_for_age(bundle):
    enrol, result = when_logged(bundle, marathon.INS_BATCH), when_logged(bundle, marathon.INS_RESULT)
    rejected = {re.search(r"volunteer (V\d+) \(age (\d+)", m).group(1): int(re.search(r"\(age (\d+)", m).group(1))
                for m in (log["message"] for log in logs_of(bundle, "mr-volunteer")) if "REJECTED AGE_OUT_OF_RANGE" in m}
    assert rejected and all(age > 65 for age in rejected.values())
    refused = [log for log in logs_of(bundle, "mr-volunteer") if "refused NOT_INSURED" in log["message"]]
    assert refused and enrol < result < min(log["timestamp"] for log in refused)
    assert _moment(min(log["timestamp"] for log in refused)) - _moment(result) > dt.timedelta(hours=5)
    assert max(log["timestamp"] for log in refused) < when_logged(bundle, marathon.INS_FIX)
    assert when_logged(bundle, marathon.GEOFENCE) < min(log["timestamp"] for log in refused)  # the geofence: a decoy
    refused_ids = {re.search(r"volunteer (V\d+)", log["message"]).group(1) for log in refused}
    assert len(refused_ids) > 10


def test_the_wave_b_gun_was_entered_as_wave_as_and_every_gap_is_the_eight_minutes(bundle):
    missed, manual = when_logged(bundle, marathon.GUN_MISSED), when_logged(bundle, marathon.GUN_MANUAL)
    first_read, fixed = when_logged(bundle, marathon.FIRST_B), when_logged(bundle, marathon.GUN_FIX)
    assert first_read < missed < manual and "07:38:06" in first_read
    gaps = [log for log in logs_of(bundle, "mr-results") if "gun-chip gap" in log["message"]]
    assert gaps and manual < min(log["timestamp"] for log in gaps) and max(log["timestamp"] for log in gaps) < fixed
    for log in gaps:
        gap = float(re.search(r"gap ([\d.]+)s", log["message"]).group(1))
        assert gap > 484 and re.search(r"result HM H3[5-9]", log["message"])
    assert {log["service"] for log in bundle["logs"] if log["message"] in (marathon.GUN_MANUAL, marathon.GUN_FIX)} == {"mr-timing"}
    assert "timing_op_chenxi" not in own_text(bundle, "mr-results")
    assert when_logged(bundle, marathon.PUBLISH_DELAY) < min(log["timestamp"] for log in gaps)


def test_mr_results_has_two_incidents_at_different_times(bundle):
    gaps = _stamps(bundle, "mr-results", "gun-chip gap")
    errors = _stamps(bundle, "mr-results", "503 upstream overloaded")
    assert max(gaps) < min(errors)
    first, second = alert_named(bundle, "ResultsGunChipGapHigh"), alert_named(bundle, "ResultsApi5xxHigh")
    assert first["ends_at"] < second["starts_at"]


def test_the_waitlist_winners_were_archived_and_not_found_until_restored(bundle):
    archive, restore = when_logged(bundle, marathon.ARCHIVE), when_logged(bundle, marathon.REG_RESTORE)
    assert "lottery_status != 'WIN'" in marathon.ARCHIVE
    archived = [log["message"] for log in logs_of(bundle, "mr-registration") if log["message"].startswith("ARC-2027 archived")]
    assert any("WAITLIST_WIN" in m for m in archived) and any("lottery_status=LOSE" in m for m in archived)
    missing = _stamps(bundle, "mr-registration", "REG_NOT_FOUND")
    assert missing and archive < min(missing) and max(missing) < restore
    assert when_logged(bundle, marathon.REG_DEPLOY) < archive  # the 07:50 deploy: before, with lookups fine
    assert not [ts for ts in missing if ts < archive]


def test_the_quantity_peaks_are_not_what_the_alerts_say(bundle):
    for name, metric, alert_name, peak, stamp in (
            ("marathon_unknown_chip_quantity", "timing_unknown_chip_reads_per_min", "TimingUnknownChipHigh",
             marathon.CHIP_PEAK, _at("07:53:00+08:00")),
            ("marathon_results_rate_quantity", "results_requests_per_sec", "ResultsApi5xxHigh", marathon.RATE_PEAK,
             _at("10:47:00+08:00")),
            ("marathon_registration_notfound_quantity", "registration_not_found_per_min", "RegistrationNotFoundHigh",
             marathon.NOTFOUND_PEAK, _sat("10:12:00+08:00"))):
        points = series_points(bundle, metric)
        assert dict(points)[stamp] == peak == max(value for _, value in points)
        alert = alert_named(bundle, alert_name)
        assert str(peak) not in alert["value"] and str(peak) not in alert["summary"] and alert["starts_at"] < stamp
        question = _question(name)
        assert question.peak is not None and question.peak.value == peak


def test_the_healthy_services_are_healthy_and_their_changes_are_decoys(bundle):
    for service in ("mr-photo", "mr-shuttle"):
        assert not [a for a in bundle["alerts"] if a["service"] == service]
        assert {log["level"] for log in logs_of(bundle, service)} <= {"INFO", "WARN"}
        for word in marathon.INCIDENT_WORDS:
            assert word not in own_text(bundle, service)
        pods = [p for p in bundle[K8S_SECTION]["pods"] if p["service"] == service]
        assert pods and all(p["restarts"] == 0 and p["ready"] == "1/1" and p["node"] != marathon.BAD_NODE for p in pods)
        for metric in ("http_5xx_ratio", "http_p99_latency"):
            [series] = [s for s in bundle["metrics"] if s["name"] == metric and s["service"] == service]
            assert max(v for _, v in series["points"]) < series["threshold"]
    changes = {log["message"] for log in bundle["logs"] if log["attributes"].get("change")}
    assert marathon.PHOTO_DEPLOY in changes and marathon.SHUTTLE_CFG in changes


def test_the_listings_are_complete(bundle):
    firing = {a["name"] for a in bundle["alerts"] if a["state"] == "firing"}
    assert firing == set(marathon.FIRING)
    changes = [log["message"] for log in logs_of(bundle, "mr-results") if log["attributes"].get("change")]
    assert changes == [marathon.PUBLISH_DELAY, marathon.RESULTS_DEPLOY, marathon.RATE_LIMIT]
    question = _question("marathon_results_changes_listing")
    for fact, line in zip(question.asked_facts, changes, strict=True):
        assert any(spelling in line for spelling in fact.spellings)
    assert all(log["level"] == "INFO" for log in logs_of(bundle, "mr-results") if log["attributes"].get("change"))


def test_every_cause_is_before_its_symptom_and_most_are_hours_before_or_elsewhere(bundle):
    pairs = ((marathon.VSWITCH_ADD, "TrackingPositionStaleHigh"), (marathon.CHIP_IMPORT, "TimingUnknownChipHigh"),
             (marathon.TERMINAL_LOGIN.format(t="T-A01"), "PickupTerminalsOffline"),
             (marathon.REFUND_BATCH, "RefundFailureHigh"), (marathon.INS_RESULT, "VolunteerCheckinRefused"),
             (marathon.GUN_MANUAL, "ResultsGunChipGapHigh"), (marathon.ARCHIVE, "RegistrationNotFoundHigh"))
    far = 0
    for cause, alert_name in pairs:
        first = min(log["timestamp"] for log in bundle["logs"] if log["message"] == cause)
        alert = alert_named(bundle, alert_name)
        assert first < alert["starts_at"], alert_name
        cause_service = next(log["service"] for log in bundle["logs"] if log["message"] == cause)
        hours = _moment(alert["starts_at"]) - _moment(first) > dt.timedelta(hours=1)
        assert cause_service != alert["service"] or hours or cause_service in ("mr-payment", "mr-registration")
        far += hours
    assert far >= 4


def test_triggers_that_are_nobodys_deploy(bundle):
    """The vSwitch is a cloud operator's action, the chip map and the insurance are data jobs, the portal and the sponsor's
    H5 are other people's systems: none is a deploy or a config push of ours."""
    changes = [log for log in bundle["logs"] if log["attributes"].get("change")]
    for message in (marathon.CHIP_IMPORT, marathon.INS_BATCH, marathon.ARCHIVE, marathon.REFUND_BATCH):
        [log] = [log for log in bundle["logs"] if log["message"] == message]
        assert "change" not in log["attributes"] and log["attributes"].get("job")
    assert not [log for log in changes if "jinmai" in log["message"] and log["timestamp"] < _at("11:00")]
    assert not [log for log in changes if "JLEXPO" in log["message"] or "portal" in log["message"]]


def test_nothing_happens_after_the_reference_time_and_pods_are_named_like_kubernetes_names_them(bundle):
    now = dt.datetime.fromisoformat(bundle["reference_time"])
    stamps = [log["timestamp"] for log in bundle["logs"]] + [e["last_seen"] for e in bundle[K8S_SECTION]["events"]]
    stamps += [ts for series in bundle["metrics"] for ts, _ in series["points"]]
    assert all(dt.datetime.fromisoformat(stamp) <= now for stamp in stamps)
    assert all(now - dt.datetime.fromisoformat(e["first_seen"]) <= dt.timedelta(hours=1) for e in bundle[K8S_SECTION]["events"])
    for pod in bundle[K8S_SECTION]["pods"]:
        assert service_from_pod_name(pod["name"]) == pod["service"], pod["name"]


def test_another_seed_changes_only_the_noise_not_the_story():
    other = marathon.build_bundle(seed=marathon.SEED + 1)
    assert {a["name"]: a["state"] for a in other["alerts"]} == {a["name"]: a["state"] for a in marathon.build_bundle()["alerts"]}
    for message in (marathon.VSWITCH_ADD, marathon.CHIP_IMPORT, marathon.GUN_MANUAL, marathon.INS_RESULT, marathon.ARCHIVE,
                    marathon.BAG_FIX):
        assert [log["message"] for log in other["logs"]].count(message) == 1
    assert {p["name"]: p["node"] for p in other[K8S_SECTION]["pods"]} == {
        p["name"]: p["node"] for p in marathon.build_bundle()[K8S_SECTION]["pods"]}
