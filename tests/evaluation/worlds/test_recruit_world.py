"""The recruit world tells the story its docstring tells: each incident's symptoms stay inside its window and on the
instances it names, the causes come before the symptoms (often hours before, on another service, at a vendor or on one
node), the decoys are changes that caused nothing, the node-level fault touches only the pods scheduled on that node, the
asked peaks are not what the alerts say, the healthy services are healthy and the listings are complete. A world wrong
about itself would grade the agents against a fiction. Pure: no database."""

from __future__ import annotations

import datetime as dt
import itertools
import re
from typing import Any

import pytest

from contracts.k8s import service_from_pod_name
from evaluation.worlds import recruit
from evaluation.worlds.loading import K8S_SECTION
from tests.evaluation.worlds.bundle_reading import alert_named, logs_of, own_text, series_points, when_logged


@pytest.fixture(scope="module")
def bundle() -> dict[str, Any]:
    return recruit.build_bundle()


def _at(clock: str) -> str:
    return f"2026-09-15T{clock}"


def _moment(stamp: str) -> dt.datetime:
    return dt.datetime.fromisoformat(stamp)


def _stamps(bundle: dict[str, Any], service: str, needle: str) -> list[str]:
    return [log["timestamp"] for log in logs_of(bundle, service) if needle in log["message"]]


def _question(name: str) -> recruit.WorldQuestion:
    return next(q for q in recruit.QUESTIONS if q.name == name)


def test_only_the_resume_workers_on_the_reimaged_node_time_out_calling_ocr(bundle):
    timeouts = [log for log in logs_of(bundle, "pt-resume") if "connect timed out" in log["message"]]
    assert timeouts and {log["instance"] for log in timeouts} == set(recruit.RESUME_MOVED)
    assert all(log["level"] == "ERROR" and log["message"].endswith("PARSE_FAILED") for log in timeouts)
    pods = bundle[K8S_SECTION]["pods"]
    on_bad = {p["name"] for p in pods if p["node"] == recruit.BAD_NODE}
    assert on_bad == set(recruit.RESUME_MOVED)  # no other pod of any service runs there
    resume_pods = [p for p in pods if p["service"] == "pt-resume"]
    assert len(resume_pods) == 8 and len([p for p in resume_pods if p["node"] != recruit.BAD_NODE]) == 5
    assert all(p["phase"] == "Running" and p["restarts"] == 0 for p in resume_pods)  # nothing crashes: calls fail
    assert not {p["node"] for p in pods if p["service"] == "pt-ocr"} & {recruit.BAD_NODE}
    # Inside the window the moved workers still parse resumes without OCR; the other five parse scanned ones too.
    first, last = min(log["timestamp"] for log in timeouts), max(log["timestamp"] for log in timeouts)
    inside = [log for log in logs_of(bundle, "pt-resume") if first <= log["timestamp"] <= last and "status PARSED" in log["message"]]
    moved_ok = [log for log in inside if log["instance"] in recruit.RESUME_MOVED]
    assert moved_ok and all("no OCR needed" in log["message"] for log in moved_ok)
    assert [log for log in inside if log["instance"] not in recruit.RESUME_MOVED and ", OCR " in log["message"]]
    # Nothing the parser writes names the node, its kernel or the overlay.
    for word in (recruit.BAD_NODE, "node-07", "flannel", "checksum", "5.10.134"):
        assert word not in own_text(bundle, "pt-resume")


def test_the_node_was_reimaged_before_the_workers_moved_there_and_fixed_after_the_last_timeout(bundle):
    reimaged, descheduled = when_logged(bundle, recruit.NODE_REIMAGE), when_logged(bundle, recruit.DESCHEDULE)
    timeouts = _stamps(bundle, "pt-resume", "connect timed out")
    fixed = when_logged(bundle, recruit.ETHTOOL_FIX)
    assert reimaged < when_logged(bundle, recruit.FLANNEL_UP) < descheduled < min(timeouts)
    assert max(timeouts) < fixed < _at("14:21")
    [line] = [log for log in bundle["logs"] if log["message"] == recruit.NODE_REIMAGE]
    assert line["service"] == "pt-k8s-node" and line["instance"] == recruit.BAD_NODE
    # The 09:30 max-pages change came two hours into the failures: a decoy.
    assert min(timeouts) < when_logged(bundle, recruit.RESUME_MAXPAGES)
    alert = alert_named(bundle, "ResumeParseFailureHigh")
    assert min(timeouts) < alert["starts_at"] and alert["ends_at"] > fixed[:19]


def test_ocr_itself_is_healthy_while_the_parser_times_out_on_it(bundle):
    question = _question("recruit_ocr_healthy")
    assert question.healthy and question.service == "pt-ocr"
    assert not [a for a in bundle["alerts"] if a["service"] == "pt-ocr"]
    assert {log["level"] for log in logs_of(bundle, "pt-ocr")} <= {"INFO", "WARN"}
    for name in ("http_5xx_ratio", "http_p99_latency"):
        [series] = [s for s in bundle["metrics"] if s["name"] == name and s["service"] == "pt-ocr"]
        assert max(v for _, v in series["points"]) < series["threshold"]
    # Its request rate dips while three workers cannot reach it, and jumps back at the fix.
    rate = dict(series_points(bundle, "ocr_requests_per_sec"))
    assert rate[_at("14:24:00+08:00")] > rate[_at("14:20:00+08:00")] + 3
    assert not [word for word in recruit.INCIDENT_WORDS if word in own_text(bundle, "pt-ocr")]


def test_part_time_jobs_are_held_for_review_only_between_the_word_list_sync_and_the_override(bundle):
    synced, overridden = when_logged(bundle, recruit.WORDLIST_SYNC), when_logged(bundle, recruit.MOD_FIX)
    reviews = [log for log in logs_of(bundle, "pt-job") if "MANUAL_REVIEW" in log["message"]]
    assert reviews and all("日结" in log["message"] for log in reviews)
    assert synced < min(log["timestamp"] for log in reviews) and max(log["timestamp"] for log in reviews) < overridden
    # Before the sync the same titles passed under the old list; after the override they pass tagged.
    passed_old = [log for log in logs_of(bundle, "pt-job") if f"(list {recruit.WORDLIST_OLD})" in log["message"]]
    assert passed_old and max(log["timestamp"] for log in passed_old) < synced
    assert any(title in log["message"] for log in passed_old for title in recruit.PART_TIME_TITLES)
    tagged = _stamps(bundle, "pt-job", "AUTO_PASS tagged 日结")
    assert tagged and min(tagged) > overridden
    # Nobody posts at night: the queue only crosses its threshold hours after the sync, once employers post.
    alert = alert_named(bundle, "JobModerationBacklogHigh")
    assert _moment(alert["starts_at"]) - _moment(synced) > dt.timedelta(hours=5)
    [sync] = [log for log in bundle["logs"] if log["message"] == recruit.WORDLIST_SYNC]
    assert "change" not in sync["attributes"]  # a nightly job, nobody's change
    assert synced < when_logged(bundle, recruit.JOB_DEPLOY) < alert["starts_at"]  # the 08:05 deploy: a decoy
    assert "日结" not in recruit.JOB_DEPLOY


def test_the_afternoon_salary_rejections_are_a_second_incident_of_the_android_7_12_0_client(bundle):
    rejects = [log for log in logs_of(bundle, "pt-job") if "SALARY_OUT_OF_RANGE" in log["message"]]
    assert rejects and all("zhaopin-android/7.12.0" in log["message"] for log in rejects)
    gray, paused = when_logged(bundle, recruit.APP_GRAY), when_logged(bundle, recruit.APP_PAUSE)
    assert gray < min(log["timestamp"] for log in rejects) and max(log["timestamp"] for log in rejects) < paused
    for log in rejects:
        lo, hi = (int(x) for x in re.search(r"salary (\d+)-(\d+)K", log["message"]).groups())
        assert lo >= 1000 and hi > 200  # yuan read as thousands
    # The morning's review backlog was over before the first salary rejection.
    assert when_logged(bundle, recruit.MOD_FIX) < min(log["timestamp"] for log in rejects)


def test_the_index_holds_v12_item_vectors_under_the_v11_query_tower_until_the_re_export(bundle):
    promoted, exported = when_logged(bundle, recruit.MODEL_PROMOTE), when_logged(bundle, recruit.EMB_EXPORT)
    reloads = [log for log in logs_of(bundle, "pt-recommend") if log["message"].startswith("ANN index reloaded")]
    wrong = [log for log in reloads if "item tower job2vec-v12" in log["message"]]
    right = [log for log in reloads if "item tower job2vec-v11" in log["message"]]
    assert {log["instance"] for log in wrong} == {log["instance"] for log in right} == set(recruit.REC_PODS)
    assert all("query tower in service: job2vec-v11" in log["message"] for log in reloads)
    fixed = when_logged(bundle, recruit.REC_FIX)
    assert promoted < exported < min(log["timestamp"] for log in wrong) and max(log["timestamp"] for log in wrong) < fixed
    assert fixed < min(log["timestamp"] for log in right)
    ctr = dict(series_points(bundle, "recommend_ctr"))
    assert ctr[_at("02:00:00+08:00")] > 8 > 4 > ctr[_at("06:00:00+08:00")] and ctr[_at("14:00:00+08:00")] > 7
    assert not [log for log in logs_of(bundle, "pt-recommend") if log["level"] in ("ERROR", "FATAL")]
    # The deploy of the evening before came before the export; the export is a job, not a change.
    assert when_logged(bundle, recruit.REC_DEPLOY) < exported
    [export] = [log for log in bundle["logs"] if log["message"] == recruit.EMB_EXPORT]
    assert "change" not in export["attributes"]
    assert _moment(alert_named(bundle, "RecommendCtrLow")["starts_at"]) - _moment(exported) > dt.timedelta(hours=6)


def test_im_messages_are_trimmed_only_in_the_evening_while_maxlen_is_100000(bundle):
    cut, restored = when_logged(bundle, recruit.IM_MAXLEN), when_logged(bundle, recruit.IM_MAXLEN_FIX)
    gaps = _stamps(bundle, "pt-im", "trimmed before delivery")
    assert gaps and _at("19:10") <= min(gaps) and max(gaps) < restored
    assert _moment(min(gaps)) - _moment(cut) > dt.timedelta(hours=1, minutes=30)  # it took the 宣讲会's traffic
    assert when_logged(bundle, recruit.IM_DEPLOY) < cut  # the 16:40 deploy: a decoy
    length = series_points(bundle, "im_offline_stream_length")
    capped = [v for ts, v in length if cut < ts < restored]
    assert capped and max(capped) <= 100_000 < max(v for ts, v in length if ts > restored)
    assert restored < when_logged(bundle, recruit.IM_REPLAY.format(n=41_862, u=6_214))


def test_only_invites_written_by_ics_kit_2_0_1_mark_the_local_clock_utc(bundle):
    deployed, hotfix = when_logged(bundle, recruit.NOTIFY_DEPLOY), when_logged(bundle, recruit.NOTIFY_HOTFIX)
    invites = [log for log in logs_of(bundle, "pt-notify") if log["message"].startswith("interview invite ")]
    assert invites
    for log in invites:
        utc = re.search(r"DTSTART:(\d{8}T\d{6})Z", log["message"])
        assert bool(utc) == (deployed < log["timestamp"] < hotfix), log["message"]
        if utc:
            start = re.search(r"for (\d\d-\d\d \d\d:\d\d)", log["message"]).group(1)
            shown = dt.datetime.strptime(utc.group(1), "%Y%m%dT%H%M%S").replace(tzinfo=dt.UTC).astimezone(recruit.TZ)
            assert shown.strftime("%m-%d %H:%M") != start
            assert shown - dt.datetime.strptime(f"2026-{start}", "%Y-%m-%d %H:%M").replace(tzinfo=recruit.TZ) == dt.timedelta(hours=8)


def test_the_interviews_invited_with_the_utc_calendar_go_unattended(bundle):
    invites = {log["trace_id"]: log for log in logs_of(bundle, "pt-notify") if log["message"].startswith("interview invite ")}
    outcomes = [log for log in logs_of(bundle, "pt-interview") if log["trace_id"] in invites]
    def unattended_calendar(log: dict[str, Any]) -> bool:
        """Invited with the UTC calendar and not re-sent: the interview starts before the 18:31 re-send."""
        invite = invites[log["trace_id"]]["message"]
        return "Z, ics-kit" in invite and re.search(r"for 09-15 (\d\d:\d\d)", invite).group(1) < "18:31"
    wrong = [log for log in outcomes if unattended_calendar(log)]
    right = [log for log in outcomes if log not in wrong]
    def ratio(logs):
        return sum("NO_SHOW" in log["message"] for log in logs) / len(logs)
    assert len(wrong) > 20 and len(right) > 40 and ratio(wrong) > 0.6 > 0.15 > ratio(right)
    no_shows = _stamps(bundle, "pt-interview", "NO_SHOW")
    assert no_shows and all("candidate not joined" in log["message"] for log in logs_of(bundle, "pt-interview")
                            if "NO_SHOW" in log["message"])
    # The interview service's own lines name neither the calendar file nor the notifier's release.
    for word in ("DTSTART", "ics-kit", "4.6.0", ".ics"):
        assert word not in own_text(bundle, "pt-interview")
    assert when_logged(bundle, recruit.INTERVIEW_ROOM) < alert_named(bundle, "InterviewNoShowHigh")["starts_at"]
    assert when_logged(bundle, recruit.NOTIFY_DEPLOY) < min(log["timestamp"] for log in wrong)


def test_interview_sms_fail_exactly_for_registered_names_over_20_characters_after_the_template_change(bundle):
    changed = when_logged(bundle, recruit.SMS_TEMPLATE)
    sms = [log for log in logs_of(bundle, "pt-notify") if "SMS_INTERVIEW_V3 to" in log["message"]]
    failed = [log for log in sms if "PARAM_LENGTH_LIMIT" in log["message"]]
    assert failed and min(log["timestamp"] for log in failed) > changed
    for log in failed:
        assert int(re.search(r"company, (\d+) chars > 20", log["message"]).group(1)) > recruit.SMS_VAR_LIMIT
    registered = {name for _, name in recruit.COMPANIES}
    for log in sms:
        if "SendSms OK" in log["message"]:
            company = re.search(r"company '([^']+)'", log["message"]).group(1)
            assert len(company) <= recruit.SMS_VAR_LIMIT
            assert (company in registered) == (log["timestamp"] > changed)
    alert = alert_named(bundle, "SmsSendFailuresHigh")
    assert alert["state"] == "firing" and alert["starts_at"] > changed[:19]
    assert changed < when_logged(bundle, recruit.MAIL_POOL)  # the pool-size change came later: a decoy


def test_enterprise_verification_fails_only_while_the_vendor_s_new_wording_is_unmatched(bundle):
    fails = [log for log in logs_of(bundle, "pt-member") if "ENTERPRISE_STATUS_ABNORMAL" in log["message"]]
    fixed = when_logged(bundle, recruit.MEMBER_FIX)
    assert fails and _at("09:00") <= min(log["timestamp"] for log in fails) and max(log["timestamp"] for log in fails) < fixed
    assert all(f"'{recruit.STATUS_NEW}'" in log["message"] for log in fails)
    oks = [log for log in logs_of(bundle, "pt-member") if log["message"].startswith("enterprise verify") and ", ok;" in log["message"]]
    assert {f"'{recruit.STATUS_OLD}'" in log["message"] for log in oks if log["timestamp"] < _at("09:00")} == {True}
    assert {f"'{recruit.STATUS_NEW}'" in log["message"] for log in oks if log["timestamp"] > fixed} == {True}
    # The vendor's change is nobody's change of ours; the coupon config came before it: a decoy.
    changes = [log for log in logs_of(bundle, "pt-member") if log["attributes"].get("change")]
    assert [log["message"] for log in changes] == [recruit.MEMBER_COUPON, recruit.MEMBER_FIX]
    assert when_logged(bundle, recruit.MEMBER_COUPON) < min(log["timestamp"] for log in fails)


def test_every_background_check_ordered_after_the_v3_consent_template_is_rejected(bundle):
    published = when_logged(bundle, recruit.CONSENT_PUBLISH)
    orders = [log for log in logs_of(bundle, "pt-bgcheck") if log["message"].startswith("order BG")]
    rejected = [log for log in orders if "AUTH_DOC_INCOMPLETE" in log["message"]]
    assert rejected and all("AUTH-TPL-v3" in log["message"] for log in rejected)
    assert min(log["timestamp"] for log in rejected) > published
    assert not [log for log in orders if "accepted" in log["message"] and log["timestamp"] > _at("09:36")]
    assert max(log["timestamp"] for log in rejected) > _at("21:00")  # still going at the reference time
    alert = alert_named(bundle, "BgcheckOrderRejectsHigh")
    assert alert["state"] == "firing" and alert["ends_at"] is None
    assert "证件号码" not in recruit.CONSENT_PUBLISH.split("fields:")[1]


def test_campus_applications_are_rejected_from_the_opening_until_the_project_fix(bundle):
    cloned, fixed = when_logged(bundle, recruit.CAMPUS_CLONE), when_logged(bundle, recruit.CAMPUS_FIX)
    rejects = _stamps(bundle, "pt-campus", "APPLY_REJECTED")
    assert rejects and _at("10:00") <= min(rejects) and max(rejects) < fixed
    assert cloned < "2026-09-15" and "graduate_years [2026]" in recruit.CAMPUS_CLONE  # the day before, copied
    submitted = _stamps(bundle, "pt-campus", "submitted (student")
    assert submitted and min(submitted) > fixed
    assert when_logged(bundle, recruit.CAMPUS_DEPLOY) < min(rejects)  # the 09:40 deploy: a decoy


def test_the_asked_peaks_are_not_what_the_alerts_say(bundle):
    for alert_name, metric, clock, peak, value in (
            ("JobModerationBacklogHigh", "job_moderation_queue_pending", "10:52", recruit.QUEUE_PEAK,
             recruit.QUEUE_ALERT_VALUE),
            ("ResumeParseFailureHigh", "resume_parse_failure_ratio", "10:18", recruit.PARSE_FAIL_PEAK,
             recruit.PARSE_FAIL_ALERT_VALUE),
            ("CampusApplyRejectsHigh", "campus_apply_rejected_per_min", "10:03", recruit.APPLY_PEAK,
             recruit.APPLY_ALERT_VALUE)):
        alert = alert_named(bundle, alert_name)
        assert alert["value"] == value and str(peak) not in value
        points = series_points(bundle, metric)
        stamp = _at(f"{clock}:00+08:00")
        assert dict(points)[stamp] == peak == max(v for _, v in points)
        assert [v for _, v in points].count(peak) == 1
        assert alert["starts_at"] < stamp < alert["ends_at"]
    question_peaks = {q.peak.metric: q.peak.value for q in recruit.QUESTIONS if q.peak}
    assert set(question_peaks) == {"job_moderation_queue_pending", "resume_parse_failure_ratio",
                                   "campus_apply_rejected_per_min"}


def test_the_notify_change_listing_is_complete(bundle):
    question = _question("recruit_notify_changes_listing")
    changes = [log["message"] for log in logs_of(bundle, "pt-notify") if log["attributes"].get("change")]
    assert len(changes) == len(question.asked_facts) == 4
    assert all(log["level"] == "INFO" for log in logs_of(bundle, "pt-notify") if log["attributes"].get("change"))
    # The asked facts and the change lines pair off one to one: nothing to list is missing, nothing asked is extra.
    def names(fact, line: str) -> bool:
        return any(spelling in line for spelling in fact.spellings)
    assert any(all(names(fact, line) for fact, line in zip(question.asked_facts, order, strict=True))
               for order in itertools.permutations(changes))
    assert all(any(names(fact, line) for fact in question.asked_facts) for line in changes)


def test_the_healthy_services_are_quiet_and_the_firing_alerts_are_the_listed_ones(bundle):
    for service in ("pt-search", "pt-ocr"):
        assert not [a for a in bundle["alerts"] if a["service"] == service]
        assert {log["level"] for log in logs_of(bundle, service)} <= {"INFO", "WARN"}
        assert not [word for word in recruit.INCIDENT_WORDS if word in own_text(bundle, service)]
        assert all(p["restarts"] == 0 for p in bundle[K8S_SECTION]["pods"] if p["service"] == service)
    assert {a["name"] for a in bundle["alerts"] if a["state"] == "firing"} == set(recruit.FIRING)
    assert {f.spellings[0] for f in _question("recruit_alert_listing").asked_facts} == set(recruit.FIRING)
    storage = _stamps(bundle, "pt-interview", "object storage cn-shanghai slow")
    assert storage and _at("12:05") <= min(storage) and max(storage) < _at("12:20")
    assert alert_named(bundle, "RecordingUploadSlow")["state"] == "resolved"


def test_the_triggers_are_rarely_deploys_and_several_sit_on_another_service_or_hours_back(bundle):
    changes = {log["message"]: log["attributes"]["change"] for log in bundle["logs"] if log["attributes"].get("change")}
    assert changes[recruit.IM_MAXLEN] == changes[recruit.SMS_TEMPLATE] == changes[recruit.CAMPUS_CLONE] == "config"
    assert changes[recruit.NODE_REIMAGE] == "ops" and changes[recruit.NOTIFY_DEPLOY] == "deploy"
    # The vendor word list, the export job, the descheduler and the App release are no change of ours.
    for message in (recruit.WORDLIST_SYNC, recruit.EMB_EXPORT, recruit.DESCHEDULE, recruit.APP_GRAY):
        assert message not in changes
    # Upstream: the interviews' cause is pt-notify's release, the resume workers' is their node.
    [deploy] = [log for log in bundle["logs"] if log["message"] == recruit.NOTIFY_DEPLOY]
    assert deploy["service"] == "pt-notify"
    # Hours back: the word list at 03:10, the campus project the afternoon before.
    assert _moment(alert_named(bundle, "CampusApplyRejectsHigh")["starts_at"]) - _moment(
        when_logged(bundle, recruit.CAMPUS_CLONE)) > dt.timedelta(hours=17)


def test_the_recruit_pods_are_named_like_kubernetes_names_them_and_nothing_happens_after_the_reference(bundle):
    for pod in bundle[K8S_SECTION]["pods"]:
        assert service_from_pod_name(pod["name"]) == pod["service"], pod["name"]
        assert pod["node"] in recruit.NODES and pod["namespace"] == recruit.NS
    deployments = {d["name"]: d for d in bundle[K8S_SECTION]["deployments"]}
    assert deployments["pt-im"]["replicas"] == 6 and deployments["pt-resume"]["replicas"] == 8
    now = _moment(bundle["reference_time"])
    stamps = [log["timestamp"] for log in bundle["logs"]] + [e["last_seen"] for e in bundle[K8S_SECTION]["events"]]
    stamps += [ts for series in bundle["metrics"] for ts, _ in series["points"]]
    assert all(_moment(stamp) <= now for stamp in stamps)
    assert _moment(bundle["logs"][0]["timestamp"]) >= recruit.START
    events = bundle[K8S_SECTION]["events"]
    assert events and all(now - _moment(e["last_seen"]) <= dt.timedelta(hours=1) for e in events)
    assert len(recruit.QUESTIONS) == 16
    kinds = [q.asked for q in recruit.QUESTIONS]
    assert (kinds.count("cause"), kinds.count("quantity"), kinds.count("existence"), kinds.count("listing")) == (8, 3, 3, 2)
