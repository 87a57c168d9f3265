"""The pethospital world tells the story its docstring tells: each incident's symptoms stay inside its window and on the
hospitals, analyzers, modalities and pods it names, the causes come before the symptoms (often hours before, on another
service, at a vendor, by an operator, in a data import or on one node), the decoys are changes that caused nothing, the
node-level fault touches only the pods scheduled on that node, the asked peaks are not what the alerts say, the healthy
services are healthy and the listings are complete. A world wrong about itself would grade the agents against a fiction.
Pure: no database."""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

import pytest

from contracts.k8s import service_from_pod_name
from evaluation.worlds import pethospital as vet
from evaluation.worlds.loading import K8S_SECTION
from tests.evaluation.worlds.bundle_reading import alert_named, logs_of, own_text, series_points, when_logged


@pytest.fixture(scope="module")
def bundle() -> dict[str, Any]:
    return vet.build_bundle()


def _at(clock: str) -> str:
    return f"2027-10-19T{clock}"


def _eve(clock: str) -> str:
    return f"2027-10-18T{clock}"


def _moment(stamp: str) -> dt.datetime:
    return dt.datetime.fromisoformat(stamp)


def _stamps(bundle: dict[str, Any], service: str, needle: str) -> list[str]:
    return [log["timestamp"] for log in logs_of(bundle, service) if needle in log["message"]]


def _question(name: str) -> vet.WorldQuestion:
    return next(q for q in vet.QUESTIONS if q.name == name)


def _own_lines(bundle: dict[str, Any], service: str) -> str:
    """What the service's own instances write, without the on-call engineers' notes."""
    return "\n".join(log["message"] for log in logs_of(bundle, service) if log["instance"] != "ops-console")


RESULT = re.compile(r"from (\S+) sample \S+ pet \S+ \((\S+)\) species=(\w+): .* -> autoverify (\w+)")


def test_cats_at_binjiang_are_sent_as_dogs_only_between_the_reinstall_and_the_fix(bundle):
    reinstall, fixed = when_logged(bundle, vet.REINSTALL), when_logged(bundle, vet.SPECIES_FIXED)
    wrong, right = [], []
    for log in logs_of(bundle, "vh-lab"):
        match = RESULT.search(log["message"])
        if not match:
            continue
        analyzer, breed, species, verdict = match.groups()
        if breed in vet.CATS and species == "CANINE":
            wrong.append(log)
            assert analyzer == vet.SPECIES_ANALYZER and verdict == "FAIL" and log["level"] == "WARN", log
        else:
            right.append(log)
            assert species == ("FELINE" if breed in vet.CATS else "CANINE") and verdict == "PASS", log
    assert wrong and reinstall < min(log["timestamp"] for log in wrong) and max(log["timestamp"] for log in wrong) < fixed
    # The field is wrong only in the values: cats elsewhere pass on their own ranges while 滨江's cats fail.
    other_cats = [log for log in right if "species=FELINE" in log["message"] and reinstall < log["timestamp"] < fixed]
    assert other_cats and {log["instance"] for log in other_cats} <= {f"LD-VC300-{h}" for h in ("H01", "H03", "H04", "H05")}
    assert when_logged(bundle, vet.LAB_DEPLOY) < reinstall  # the 14:30 deploy: before, with every cat passing
    assert not [log for log in wrong if log["timestamp"] < reinstall]
    assert "species" not in vet.REINSTALL and "CANINE" not in vet.REINSTALL  # the reinstall line does not say it
    alert = alert_named(bundle, "LabManualReviewBacklog")
    assert alert["state"] == "resolved" and alert["labels"]["hospital"] == "H02" and alert["starts_at"] > reinstall[:19]


def test_the_new_qc_lot_is_judged_by_the_old_lots_targets_and_locks_the_kidney_tests_at_xixi(bundle):
    changed, locked, fixed = when_logged(bundle, vet.QC_LOT), when_logged(bundle, vet.QC_LOCK), when_logged(bundle, vet.QC_FIXED)
    runs = [log for log in logs_of(bundle, "vh-lab") if log["message"].startswith("QC run")]
    assert len(runs) == 4 and all("lot 2310A" in log["message"] and "table lot 2306B" in log["message"] for log in runs)
    assert all(float(re.search(r"z=([+-][\d.]+)", log["message"]).group(1)) > 3 for log in runs)
    assert changed < min(log["timestamp"] for log in runs) < locked
    held = [log for log in logs_of(bundle, "vh-lab") if "QC_LOCKED, rerouted" in log["message"]]
    assert held and locked < min(log["timestamp"] for log in held) and max(log["timestamp"] for log in held) < fixed
    assert {log["instance"] for log in held} == {vet.QC_ANALYZER}
    # No CREA from 西溪 while it is locked.
    crea = [log for log in logs_of(bundle, "vh-lab") if log["instance"] == vet.QC_ANALYZER and "CREA " in log["message"]
            and "autoverify" in log["message"] and locked < log["timestamp"] < fixed]
    assert not crea
    assert when_logged(bundle, vet.LAB_DELTA) < changed  # the 07:20 delta-check config: a decoy
    assert _question("pethospital_lab_qc_locked_cause").cause_facts[0].spellings == ("2310A",)


def test_the_lab_has_two_incidents_at_different_times_and_hospitals(bundle):
    backlog, qc = alert_named(bundle, "LabManualReviewBacklog"), alert_named(bundle, "LabQcLocked")
    assert backlog["ends_at"] < qc["starts_at"] and _moment(qc["starts_at"]) - _moment(backlog["ends_at"]) > dt.timedelta(hours=10)
    assert (backlog["labels"]["hospital"], qc["labels"]["hospital"]) == ("H02", "H01")
    assert max(_stamps(bundle, "vh-lab", "autoverify FAIL")) < min(_stamps(bundle, "vh-lab", "QC_LOCKED"))


def test_chengbei_dr_calls_with_an_unregistered_ae_title_and_its_studies_are_unmatched(bundle):
    echo, registered = when_logged(bundle, vet.ECHO), when_logged(bundle, vet.AE_FIXED)
    rejects = _stamps(bundle, "vh-pacs", "calling AE title not registered")
    unmatched = [log for log in logs_of(bundle, "vh-pacs") if "UNMATCHED (no order" in log["message"]]
    assert rejects and unmatched and echo < min(rejects) and echo < min(log["timestamp"] for log in unmatched)
    assert max(rejects) < registered and max(log["timestamp"] for log in unmatched) < registered
    assert all(log["message"].startswith("C-STORE from DR_CB01") and 'accession=""' in log["message"] for log in unmatched)
    # Before the replacement 城北's DR called as H03_DR01; the worklist answered it.
    before = [log for log in logs_of(bundle, "vh-pacs") if "calling AE H03_DR01" in log["message"]]
    assert before and max(log["timestamp"] for log in before) < echo
    assert when_logged(bundle, vet.PACS_LAYOUT) < min(rejects)  # the 17:50 viewer config: a decoy
    assert "WO-RY-1018-05" not in _own_lines(bundle, "vh-pacs")  # only the admin's note names the work order
    points = series_points(bundle, "pacs_unmatched_studies", hospital="H03")
    assert max(v for _, v in points) == 37 and points[-1][1] == 0


def test_binjiang_studies_arrive_late_while_its_kennel_cameras_fill_the_uplink(bundle):
    plan, fix = when_logged(bundle, vet.CAM_PLAN), when_logged(bundle, vet.CAM_FIX)
    late = [log for log in logs_of(bundle, "vh-pacs") if log["level"] == "WARN" and "arrival delay" in log["message"]]
    assert late and plan < min(log["timestamp"] for log in late) and max(log["timestamp"] for log in late) < _at("10:05")
    assert all(re.search(r"C-STORE from H02_(DR|US)01 ", log["message"]) for log in late)
    for log in logs_of(bundle, "vh-pacs"):  # every other hospital's studies arrive within a minute, at megabytes a second
        match = re.search(r"C-STORE from (H0\d)_\w+ .* arrival delay (\d+)s .* transfer (\d+) KB/s", log["message"])
        if match and log["level"] == "INFO":
            assert int(match.group(2)) <= 40 and int(match.group(3)) >= 4000, log
    saturated = [log for log in logs_of(bundle, "vh-edge") if log["level"] == "WARN"]
    assert saturated and {log["instance"] for log in saturated} == {"EDGE-H02"}
    assert plan < min(log["timestamp"] for log in saturated) and max(log["timestamp"] for log in saturated) < fix
    # The cause is the boarding cameras': the PACS never names them.
    assert {log["service"] for log in bundle["logs"] if "HD-continuous" in log["message"]} == {"vh-boarding"}
    for word in ("看宠云", "HD-continuous", "寄养摄像头"):
        assert word not in own_text(bundle, "vh-pacs")
    assert when_logged(bundle, vet.PACS_DEPLOY) < min(log["timestamp"] for log in late)  # 08:15: after the uplink filled
    assert when_logged(bundle, vet.PACS_DEPLOY) > min(log["timestamp"] for log in saturated)


def test_the_pacs_has_two_incidents_at_different_times_and_hospitals(bundle):
    unmatched, delay = alert_named(bundle, "PacsUnmatchedStudies"), alert_named(bundle, "PacsStudyArrivalDelay")
    assert unmatched["starts_at"].startswith("2027-10-18T18") and delay["starts_at"].startswith("2027-10-19T08")
    assert (unmatched["labels"]["hospital"], delay["labels"]["hospital"]) == ("H03", "H02")
    assert not [ts for ts in _stamps(bundle, "vh-pacs", "UNMATCHED") if ts > _at("00:00")]


def test_only_the_report_pods_on_node_07_are_slow_and_the_node_says_why(bundle):
    policy = when_logged(bundle, vet.EDR_POLICY)
    took = re.compile(r"^render report .* took (\d+)ms")
    slow = set()
    for log in logs_of(bundle, "vh-report"):
        match = took.search(log["message"])
        if match and int(match.group(1)) > 1000:
            slow.add(log["instance"])
            assert log["timestamp"] > policy, log
        if match and log["instance"] not in vet.ON_EDR_NODE:
            assert int(match.group(1)) < 1000, log
    assert slow == set(vet.ON_EDR_NODE)
    pods = bundle[K8S_SECTION]["pods"]
    assert {p["name"] for p in pods if p["node"] == vet.EDR_NODE} == set(vet.ON_EDR_NODE)  # nothing else runs there
    assert all(p["restarts"] == 0 and p["phase"] == "Running" for p in pods if p["service"] == "vh-report")
    edr = [log for log in bundle["logs"] if "weian-edr" in log["message"]]
    assert {(log["service"], log["instance"]) for log in edr} == {("vh-k8s-node", vet.EDR_NODE)}
    for word in ("weian-edr", "SEC-1019-02", "ON_ACCESS"):
        assert word not in own_text(bundle, "vh-report")
    unhealthy = [e for e in bundle[K8S_SECTION]["events"] if e["reason"] == "Unhealthy"]
    assert {e["object"] for e in unhealthy} == {f"Pod/{pod}" for pod in vet.ON_EDR_NODE}


def test_the_edr_policy_came_hours_before_the_morning_load_made_it_visible(bundle):
    policy = when_logged(bundle, vet.EDR_POLICY)
    alert = alert_named(bundle, "ReportRenderSlow")
    assert alert["state"] == "firing" and alert["ends_at"] is None
    assert _moment(alert["starts_at"]) - _moment(policy) > dt.timedelta(hours=7)
    night = [int(m.group(1)) for log in logs_of(bundle, "vh-report") if log["instance"] in vet.ON_EDR_NODE
             and policy < log["timestamp"] < _at("08:30") for m in [re.search(r"took (\d+)ms", log["message"])] if m]
    morning = [int(m.group(1)) for log in logs_of(bundle, "vh-report") if log["instance"] in vet.ON_EDR_NODE
               and log["timestamp"] >= _at("08:30") for m in [re.search(r"took (\d+)ms", log["message"])] if m]
    assert night and morning and max(night) < 5000 < min(morning)
    assert when_logged(bundle, vet.REPORT_WATERMARK) > policy  # the 08:20 watermark config: a decoy
    queue = series_points(bundle, "node_edr_scan_queue", instance=vet.EDR_NODE)
    assert max(v for ts, v in queue if ts < _at("08:25")) < 20 < max(v for _, v in queue)


def test_the_slot_spike_comes_from_the_district_sms_link_and_shows_in_the_request_rate(bundle):
    rate = dict(series_points(bundle, "app_slot_requests_per_sec"))
    assert rate[_at("09:37:00+08:00")] == vet.SLOT_PEAK > 50 * rate[_at("09:20:00+08:00")]
    failures = [log for log in logs_of(bundle, "vh-app") if " 503 系统繁忙" in log["message"]]
    assert failures and all("ref=nyj_sms_1019" in log["message"] for log in failures)
    assert _at("09:31") <= min(log["timestamp"] for log in failures) and max(log["timestamp"] for log in failures) < _at("10:15")
    refs = {re.search(r"ref=(\S+)", log["message"]).group(1) for log in logs_of(bundle, "vh-app")
            if "/vaccine/slots" in log["message"] and _at("09:31") <= log["timestamp"] < _at("10:18")}
    assert refs == {"nyj_sms_1019"}
    deploy = when_logged(bundle, vet.APP_DEPLOY)
    assert deploy < min(log["timestamp"] for log in failures)  # the 09:10 deploy: before, with the rate flat
    assert rate[_at("09:20:00+08:00")] < 60
    # The bureau's SMS is nobody's change here.
    assert not [log for log in bundle["logs"] if "nyj_sms_1019" in log["message"] and log["attributes"].get("change")]


def test_the_reminders_complained_about_are_for_the_imported_pets_that_died(bundle):
    imported, run = when_logged(bundle, vet.LZ_IMPORT), when_logged(bundle, vet.REMINDER_RUN)
    samples = [log for log in logs_of(bundle, "vh-his") if log["message"].startswith("pet LZ-")]
    assert samples and all("status=ACTIVE" in log["message"] and "已离世" in log["message"] for log in samples)
    dead = {re.search(r"pet (LZ-\d+)", log["message"]).group(1) for log in samples}
    complaints = [log for log in logs_of(bundle, "vh-notify") if log["message"].startswith("owner complaint")]
    complained = {re.search(r"pet (LZ-\d+)", log["message"]).group(1) for log in complaints}
    reminded = {re.search(r"pet (\S+) ", log["message"]).group(1) for log in logs_of(bundle, "vh-notify")
                if log["message"].startswith("reminder sent")}
    assert complaints and complained <= dead and complained <= reminded
    assert all("(H06)" in log["message"] for log in complaints)
    assert _moment(run) - _moment(imported) > dt.timedelta(hours=6) and run < min(log["timestamp"] for log in complaints)
    assert when_logged(bundle, vet.NOTIFY_TEMPLATE) < run  # the 08:40 template: a decoy
    assert "IMPORT-LZ-1019" not in _own_lines(bundle, "vh-notify") and "已离世" not in own_text(bundle, "vh-notify")
    assert alert_named(bundle, "ReminderComplaintsHigh")["starts_at"] > run[:19]


def test_the_insurer_fetched_the_attachments_after_their_urls_had_expired(bundle):
    submitted = {re.search(r"claim (C\d+) submitted", log["message"]).group(1): log["timestamp"]
                 for log in logs_of(bundle, "vh-claim") if " submitted to 瑞宠保险" in log["message"]}
    assert all("X-Expires=1800" in log["message"] for log in logs_of(bundle, "vh-claim") if "submitted to" in log["message"])
    fetches = [log for log in logs_of(bundle, "vh-claim") if "403 SignatureExpired" in log["message"]]
    assert fetches and all("ua=ruichong-docbatch/1.0" in log["message"] for log in fetches)
    for log in fetches:
        claim = re.search(r"/claim-docs/(C\d+)/", log["message"]).group(1)
        assert _moment(log["timestamp"]) - _moment(submitted[claim]) > dt.timedelta(seconds=1800)
    assert _at("02:00") < min(log["timestamp"] for log in fetches) and max(log["timestamp"] for log in fetches) < _at("03:00")
    returned = [log for log in logs_of(bundle, "vh-claim") if "MATERIAL_UNREADABLE" in log["message"]]
    fetched = {re.search(r"/claim-docs/(C\d+)/", log["message"]).group(1) for log in fetches}
    assert returned and {re.search(r"claim (C\d+) RETURNED", log["message"]).group(1) for log in returned} <= fetched
    assert max(log["timestamp"] for log in fetches) < min(log["timestamp"] for log in returned)
    deploy = when_logged(bundle, vet.CLAIM_DEPLOY)
    assert max(log["timestamp"] for log in fetches) < deploy < min(log["timestamp"] for log in returned)  # a decoy
    assert when_logged(bundle, vet.INSURER_NOTICE) < min(submitted.values())


def test_the_copied_formulary_item_makes_every_volume_too_large(bundle):
    update, fix = when_logged(bundle, vet.FORMULARY), when_logged(bundle, vet.FORM_FIX)
    held = [log for log in logs_of(bundle, "vh-pharmacy") if "HELD DOSE_VOLUME_OVER_MAX" in log["message"]]
    assert held and update < min(log["timestamp"] for log in held) and max(log["timestamp"] for log in held) < fix
    for log in held:
        kg, mg, ml, limit = (float(x) for x in re.search(r"([\d.]+) kg\) .* = ([\d.]+) mg -> ([\d.]+) mL .* over max ([\d.]+) mL",
                                                          log["message"]).groups())
        assert ml > limit >= round(mg / 5, 2) - 0.01  # at the real 5 mg/mL the dose is within the maximum
        assert abs(ml - mg / 1.5) < 0.01 and kg > 0
    assert when_logged(bundle, vet.PHARM_LABEL) < update  # the 07:40 label config: a decoy
    assert not [log for log in logs_of(bundle, "vh-pharmacy") if log["message"] == vet.FORMULARY and log["attributes"].get("change")]


def test_night_emergencies_at_linping_waited_behind_lower_priorities(bundle):
    created, fixed = when_logged(bundle, vet.TRIAGE_NEW), when_logged(bundle, vet.TRIAGE_FIX)
    tickets = [log for log in logs_of(bundle, "vh-queue") if "(夜间急诊, priority=0)" in log["message"]]
    assert tickets and created < min(log["timestamp"] for log in tickets) and max(log["timestamp"] for log in tickets) < fixed
    assert all(int(re.search(r"position (\d+)", log["message"]).group(1)) >= 6 for log in tickets)
    # The day's ordinary 急诊 tickets are first in line at priority 9.
    ordinary = [log for log in logs_of(bundle, "vh-queue") if "(急诊, priority=9)" in log["message"]]
    assert ordinary and all(" position 1 of " in log["message"] for log in ordinary)
    assert when_logged(bundle, vet.QUEUE_DEPLOY) < created  # the 18:30 deploy: a decoy
    alert = alert_named(bundle, "EmergencyWaitLong")
    assert alert["labels"]["hospital"] == "H05" and created < alert["starts_at"] and alert["ends_at"] < _at("00:00")


def test_the_quantity_peaks_are_not_what_the_alerts_say(bundle):
    for name, metric, labels, alert_name, peak, stamp in (
            ("pethospital_linping_emergency_wait_quantity", "queue_emergency_wait_minutes", {"hospital": "H05"},
             "EmergencyWaitLong", vet.WAIT_PEAK, _eve("21:47:00+08:00")),
            ("pethospital_binjiang_arrival_quantity", "pacs_study_arrival_delay_seconds", {"hospital": "H02"},
             "PacsStudyArrivalDelay", vet.ARRIVAL_PEAK, _at("09:26:00+08:00")),
            ("pethospital_slot_requests_quantity", "app_slot_requests_per_sec", {}, "AppSlotApiErrors", vet.SLOT_PEAK,
             _at("09:37:00+08:00"))):
        points = series_points(bundle, metric, **labels)
        assert dict(points)[stamp] == peak == max(value for _, value in points)
        alert = alert_named(bundle, alert_name)
        assert str(peak) not in alert["value"] and alert["starts_at"] < stamp
        question = _question(name)
        assert question.peak is not None and question.peak.value == peak
        assert str(peak) not in str(alert["labels"]) and str(peak) not in alert["summary"]


def test_the_healthy_services_are_healthy_and_their_changes_are_decoys(bundle):
    for service in ("vh-member", "vh-pay"):
        assert not [a for a in bundle["alerts"] if a["service"] == service]
        assert {log["level"] for log in logs_of(bundle, service)} <= {"INFO", "WARN"}
        for word in vet.INCIDENT_WORDS:
            assert word not in own_text(bundle, service)
        pods = [p for p in bundle[K8S_SECTION]["pods"] if p["service"] == service]
        assert pods and all(p["restarts"] == 0 and p["ready"] == "1/1" for p in pods)
        for metric in ("http_5xx_ratio", "http_p99_latency"):
            [series] = [s for s in bundle["metrics"] if s["name"] == metric and s["service"] == service]
            assert max(v for _, v in series["points"]) < series["threshold"]
    changes = {log["message"] for log in bundle["logs"] if log["attributes"].get("change")}
    assert vet.MEMBER_CONFIG in changes and vet.PAY_DEPLOY in changes


def test_the_listings_are_complete(bundle):
    firing = {a["name"] for a in bundle["alerts"] if a["state"] == "firing"}
    assert firing == set(vet.FIRING)
    claim_changes = [log["message"] for log in logs_of(bundle, "vh-claim") if log["attributes"].get("change")]
    assert claim_changes == [vet.CLAIM_OCR, vet.CLAIM_DEPLOY, vet.CLAIM_EXPIRY]
    question = _question("pethospital_claim_changes_listing")
    for fact, line in zip(question.asked_facts, claim_changes, strict=True):
        assert any(spelling in line for spelling in fact.spellings)


def test_the_causes_that_are_no_deploy_leave_no_change_line(bundle):
    """A vendor's reinstall, a technician's new QC box, a camera cloud's campaign, a security team's policy, a data import
    and a pharmacist's formulary update: none is a deploy or a config push of ours."""
    for message in (vet.REINSTALL, vet.QC_LOT, vet.CAM_PLAN, vet.EDR_POLICY, vet.LZ_IMPORT, vet.FORMULARY, vet.ECHO):
        [log] = [log for log in bundle["logs"] if log["message"] == message]
        assert not log["attributes"].get("change") and log["level"] == "INFO", message


def test_every_cause_is_before_its_symptom_and_most_are_hours_before_or_elsewhere(bundle):
    pairs = ((vet.REINSTALL, "LabManualReviewBacklog"), (vet.QC_LOT, "LabQcLocked"), (vet.ECHO, "PacsUnmatchedStudies"),
             (vet.CAM_PLAN, "PacsStudyArrivalDelay"), (vet.EDR_POLICY, "ReportRenderSlow"),
             (vet.LZ_IMPORT, "ReminderComplaintsHigh"), (vet.INSURER_NOTICE, "ClaimsReturnedHigh"),
             (vet.FORMULARY, "PharmacyDispenseHeld"), (vet.TRIAGE_NEW, "EmergencyWaitLong"))
    hours_before = 0
    for cause, alert_name in pairs:
        first = min(log["timestamp"] for log in bundle["logs"] if log["message"] == cause)
        alert = alert_named(bundle, alert_name)
        assert first < alert["starts_at"], alert_name
        cause_service = next(log["service"] for log in bundle["logs"] if log["message"] == cause)
        lead = _moment(alert["starts_at"]) - _moment(first)
        assert cause_service != alert["service"] or lead > dt.timedelta(minutes=5)
        hours_before += lead > dt.timedelta(hours=3)
    assert hours_before >= 3


def test_nothing_happens_after_the_reference_time_and_pods_are_named_like_kubernetes_names_them(bundle):
    now = dt.datetime.fromisoformat(bundle["reference_time"])
    stamps = [log["timestamp"] for log in bundle["logs"]] + [e["last_seen"] for e in bundle[K8S_SECTION]["events"]]
    stamps += [ts for series in bundle["metrics"] for ts, _ in series["points"]]
    assert all(dt.datetime.fromisoformat(stamp) <= now for stamp in stamps)
    assert all(now - dt.datetime.fromisoformat(e["first_seen"]) <= dt.timedelta(hours=1) for e in bundle[K8S_SECTION]["events"])
    for pod in bundle[K8S_SECTION]["pods"]:
        assert service_from_pod_name(pod["name"]) == pod["service"], pod["name"]


def test_another_seed_changes_only_the_noise_not_the_story():
    other = vet.build_bundle(seed=vet.SEED + 1)
    assert {a["name"]: a["state"] for a in other["alerts"]} == {a["name"]: a["state"] for a in vet.build_bundle()["alerts"]}
    for message in (vet.REINSTALL, vet.QC_LOT, vet.ECHO, vet.CAM_PLAN, vet.EDR_POLICY, vet.LZ_IMPORT, vet.FORMULARY,
                    vet.TRIAGE_NEW, vet.CLAIM_EXPIRY):
        assert [log["message"] for log in other["logs"]].count(message) == 1
    for metric in ("queue_emergency_wait_minutes", "pacs_study_arrival_delay_seconds", "app_slot_requests_per_sec"):
        [series] = [s for s in other["metrics"] if s["name"] == metric]
        assert max(v for _, v in series["points"]) == {"queue_emergency_wait_minutes": vet.WAIT_PEAK,
                                                       "pacs_study_arrival_delay_seconds": vet.ARRIVAL_PEAK,
                                                       "app_slot_requests_per_sec": vet.SLOT_PEAK}[metric]
