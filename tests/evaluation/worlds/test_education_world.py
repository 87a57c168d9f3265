"""The education world tells the story its docstring tells: each incident's symptoms stay inside its window and on the
instances it names, the causes sit on other services than the ones asked about (or on nobody's change at all: a root
certificate's expiry, a cloud's maintenance, a district's file) and come before the symptoms, the decoys come before the
symptoms too, the node-level fault touches only the pods on that node, and the asked peaks are not what the alerts say. A
world wrong about itself would grade the agents against a fiction. Pure: no database."""

from __future__ import annotations

import datetime as dt
import re
from decimal import Decimal
from typing import Any

import pytest

from contracts.k8s import service_from_pod_name
from evaluation.worlds import education
from evaluation.worlds.loading import K8S_SECTION
from tests.evaluation.worlds.bundle_reading import alert_named, logs_of, own_text, series_points, when_logged


@pytest.fixture(scope="module")
def bundle() -> dict[str, Any]:
    return education.build_bundle()


def _at(clock: str) -> str:
    return f"2027-01-14T{clock}"


def _stamps(bundle: dict[str, Any], service: str, needle: str) -> list[str]:
    return [log["timestamp"] for log in logs_of(bundle, service) if needle in log["message"]]


def _lines(bundle: dict[str, Any], service: str, needle: str) -> list[dict[str, Any]]:
    return [log for log in logs_of(bundle, service) if needle in log["message"]]


def test_only_new_binjiang_students_fail_check_in_between_the_bom_import_and_the_re_import(bundle):
    [skipped] = [log for log in bundle["logs"] if log["message"] == education.ROSTER_BINJIANG]
    assert skipped["service"] == "qh-roster" and skipped["level"] == "WARN" and "'\\ufeff学号'" in skipped["message"]
    assert "change" not in skipped["attributes"]  # a district's file, nobody's change of ours
    # The other districts' files were read with a plain header and fully imported; the job still ended well.
    others = _lines(bundle, "qh-roster", "read as utf-8): header ['学号'")
    assert len(others) == len(education.DISTRICT_FILES) and all("0 skipped" in log["message"] for log in others)
    assert when_logged(bundle, education.ROSTER_DONE).startswith(_at("02:0"))
    failed = _lines(bundle, "qh-exam-session", "EXAM_CANDIDATE_NOT_FOUND")
    fixed, rebuilt = when_logged(bundle, education.ROSTER_FIX), when_logged(bundle, education.ROOMS_REBUILT)
    assert failed and skipped["timestamp"] < min(log["timestamp"] for log in failed)
    assert _at("08:00") <= min(log["timestamp"] for log in failed) and max(log["timestamp"] for log in failed) < rebuilt
    assert fixed < rebuilt
    # Only students of the three 滨江 schools, at most the 149 the import missed; they check in after the rebuild.
    schools = {re.search(r" school (\S+) ", log["message"]).group(1) for log in failed}
    assert schools <= set(education.BINJIANG)
    missing = {re.search(r"student (S\d+) ", log["message"]).group(1) for log in failed}
    assert 0 < len(missing) <= education.MISSING_STUDENTS
    late = [log for log in _lines(bundle, "qh-exam-session", "check-in ok") if re.search(r"student (S\d+) ", log["message"])
            .group(1) in missing]
    assert late and all(log["timestamp"] > rebuilt for log in late)
    # Nothing the exam service writes names the file, its encoding or the roster's skipped rows.
    for word in ("BOM", "utf-8-sig", "\\ufeff", "学号为空", education.BINJIANG_FILE):
        assert word not in own_text(bundle, "qh-exam-session")
    assert when_logged(bundle, education.CHECKIN_CONFIG) < min(log["timestamp"] for log in failed)


def test_teacher_logins_fail_from_the_root_s_expiry_at_midnight_until_it_leaves_the_ca_bundle(bundle):
    refreshes = [log for log in logs_of(bundle, "qh-sso") if log["attributes"].get("job") == "cas-metadata-refresh"]
    fixed = when_logged(bundle, education.SSO_FIX)
    for log in refreshes:
        assert (log["message"] == education.SSO_META_FAIL) == (_at("00:00") <= log["timestamp"] < fixed), log
    assert min(log["timestamp"] for log in refreshes if log["message"] == education.SSO_META_FAIL).startswith(_at("00:05"))
    failed = [log for log in logs_of(bundle, "qh-sso") if "CAS serviceValidate" in log["message"]]
    assert failed and all(log["level"] == "ERROR" and "certificate has expired" in log["message"] for log in failed)
    assert _at("06:50") <= min(log["timestamp"] for log in failed) and max(log["timestamp"] for log in failed) < fixed
    ok = _stamps(bundle, "qh-sso", "CAS login ok")
    assert ok and not [ts for ts in ok if _at("06:50") <= ts < fixed] and [ts for ts in ok if ts > fixed]
    # Nobody changed anything at midnight: the only change of the night before the logins is the decoy php.ini.
    changes = [log for log in bundle["logs"] if log["attributes"].get("change") and "2027-01-13T23:00" < log["timestamp"]
               < _at("06:50")]
    assert [log["message"] for log in changes] == [education.SSO_PHPINI]
    # The expiry is GMT 16:00 on 01-13, midnight here; students log in to their exams without the SSO all morning.
    assert "notAfter=Jan 13 16:00:00 2027 GMT" in education.SSO_S_CLIENT
    assert dt.datetime(2027, 1, 13, 16, tzinfo=dt.UTC) == dt.datetime.fromisoformat(_at("00:00:00+08:00"))
    assert _stamps(bundle, "qh-exam-session", "check-in ok")


def test_the_autosave_overload_outlasts_the_four_second_failover_and_is_the_6_2_0_clients_retrying(bundle):
    switched = when_logged(bundle, education.REDIS_SWITCH)
    readonly = _stamps(bundle, "qh-answer-store", "READONLY")
    assert readonly and switched < min(readonly) and max(readonly) < _at("08:41:10.300")
    busy = _lines(bundle, "qh-answer-store", "503 server busy")
    assert busy and switched < min(log["timestamp"] for log in busy) and max(log["timestamp"] for log in busy) < _at("09:22")
    # Forty minutes after four seconds: the retries come back within milliseconds from 6.2.0, seconds later from 6.1.x.
    for log in busy:
        gap = int(re.search(r"since-last-attempt=(\d+)ms", log["message"]).group(1))
        assert ("exam-client/6.2.0" in log["message"]) == (gap < 100), log["message"]
    assert sum("exam-client/6.2.0" in log["message"] for log in busy) > 4 * sum("exam-client/6.1" in log["message"] for log in busy)
    # Before the switch every autosave went through on its first try.
    before = [log for log in _lines(bundle, "qh-answer-store", "/api/answer/v1/autosave ") if log["timestamp"] < switched]
    assert before and all("200" in log["message"] and "x-retry=0" in log["message"] for log in before)
    assert when_logged(bundle, education.REDIS_NOTICE) < when_logged(bundle, education.ANSWER_DEPLOY) < switched
    assert switched < when_logged(bundle, education.GATEWAY_LIMIT) < when_logged(bundle, education.CLIENT_CONFIG) < _at("09:22")
    [notice] = [log for log in bundle["logs"] if log["message"] == education.REDIS_SWITCH]
    assert "change" not in notice["attributes"]  # the cloud's maintenance, nobody's change of ours


def test_the_face_vendor_s_slow_quarter_hour_is_a_neighbour_s_own_incident(bundle):
    slow = _lines(bundle, "qh-proctor", "facecloud compare took")
    assert slow and all(_at("08:43") <= log["timestamp"] < _at("08:59") and "passed" in log["message"] for log in slow)
    alert = alert_named(bundle, "ProctorFaceVerifySlow")
    assert alert["service"] == "qh-proctor" and alert["ends_at"] < _at("09:01")
    # It names nothing of the autosave overload, and the answer store names nothing of the face vendor.
    assert not [log for log in slow if "answer" in log["message"] or "6.2.0" in log["message"]]
    assert "facecloud" not in own_text(bundle, "qh-answer-store")
    # The afternoon's proctoring alert is another one, of the snapshots.
    assert {a["name"] for a in bundle["alerts"] if a["service"] == "qh-proctor"} == {
        "ProctorFaceVerifySlow", "ProctorSnapshotUploadFailures"}


def test_the_force_submit_ran_three_times_under_an_expiring_lease_and_scores_went_over_full_marks(bundle):
    acquired = [log for log in logs_of(bundle, "qh-exam-scheduler") if log["message"] == education.FS_ACQUIRED]
    assert [log["timestamp"][11:19] for log in acquired] == ["10:30:00", "10:31:00", "10:32:00"]
    assert len({log["instance"] for log in acquired}) == 3
    # Each took the lock after the previous one's 60 s lease ran out, while the first was still scanning.
    first_done = min(_stamps(bundle, "qh-exam-scheduler", "answer sheets submitted in"))
    assert acquired[2]["timestamp"] < first_done
    unlock = _lines(bundle, "qh-exam-scheduler", "not locked by current thread")
    assert len(unlock) == 3
    held = _lines(bundle, "qh-grading", "SCORE_OUT_OF_RANGE")
    assert held and acquired[1]["timestamp"] < min(log["timestamp"] for log in held)
    for log in held:
        total, obj, n = (int(x) for x in re.search(r"total (\d+)/120 \(objective (\d+)/80 x (\d) ", log["message"]).groups())
        assert total == obj * n > 120 and n in (2, 3)
    assert max(log["timestamp"] for log in held) < when_logged(bundle, education.GRADING_FIX) < _at("12:00")
    # After the lease became -1 the afternoon's force-submit ran once.
    assert when_logged(bundle, education.LEASE_FIX) < _at("16:00")
    pm = [log for log in _lines(bundle, "qh-exam-scheduler", "force-submit S-0114-PM") if "acquired" in log["message"]]
    assert len(pm) == 1 and "watchdog" in pm[0]["message"]
    for word in ("leaseTime", "force-submit", "IllegalMonitorStateException"):
        assert word not in own_text(bundle, "qh-grading")


def test_only_scores_that_are_multiples_of_ten_are_rejected_and_only_between_the_two_score_releases(bundle):
    rows = _lines(bundle, "qh-edu-sync", "ERR_SCORE_FORMAT 成绩格式不正确")
    deployed, fixed = when_logged(bundle, education.SCORE_DEPLOY), when_logged(bundle, education.SCORE_FIX)
    assert rows and deployed < min(log["timestamp"] for log in rows) and max(log["timestamp"] for log in rows) < fixed
    for log in rows:
        score = re.search(r'score "([^"]+)"', log["message"]).group(1)
        assert "E+" in score and Decimal(score) % 10 == 0 and Decimal(score).to_integral_value() == Decimal(score)
    assert any('score "9E+1"' in log["message"] for log in rows)
    # The make-up scores pushed before 5.3.0, and the pushes after 5.3.1, were all accepted.
    accepted = [log for log in _lines(bundle, "qh-edu-sync", "push batch") if "rejected" not in log["message"]]
    assert [log for log in accepted if log["timestamp"] < deployed] and [log for log in accepted if log["timestamp"] > fixed]
    assert not [log for log in accepted if deployed < log["timestamp"] < fixed and "补考" not in log["message"]]
    # The rows re-pushed are the rows the batches counted as rejected.
    counted = sum(int(re.search(r"(\d+) rejected", log["message"]).group(1)) for log in _lines(bundle, "qh-edu-sync", "push batch")
                  if "rejected" in log["message"])
    assert f"re-pushed {counted} rejected score rows" in "\n".join(log["message"] for log in logs_of(bundle, "qh-edu-sync"))
    for word in ("stripTrailingZeros", "qh-common", "5.3.0"):
        assert word not in own_text(bundle, "qh-edu-sync")
    assert when_logged(bundle, education.EDU_CONFIG) < deployed


def test_snapshot_uploads_expire_only_between_the_duration_release_and_the_unit_fix(bundle):
    expired = _lines(bundle, "qh-proctor", "Request has expired")
    deployed, fixed = when_logged(bundle, education.MEDIA_DEPLOY), when_logged(bundle, education.MEDIA_FIX)
    assert expired and deployed < min(log["timestamp"] for log in expired) and max(log["timestamp"] for log in expired) < fixed
    assert _at("14:00") <= min(log["timestamp"] for log in expired)  # quiet until the afternoon session's first snapshots
    for log in expired:
        signed, sent = re.search(r"signed (\S+), sent (\S+)\)", log["message"]).groups()
        gap = dt.datetime.strptime(sent, "%H:%M:%S.%f") - dt.datetime.strptime(signed, "%H:%M:%S.%f")
        assert gap > dt.timedelta(milliseconds=900)
    stored = [log for log in _lines(bundle, "qh-proctor", "PUT qh-proctor-snap 200")]
    assert stored and all(int(re.search(r"(\d+)ms after signing", log["message"]).group(1)) < 900 for log in stored)
    boots = _lines(bundle, "qh-media", "presign-expire=PT0.9S")
    assert len(boots) == 3 and all(deployed < log["timestamp"] < _at("12:23") for log in boots)
    stats = _lines(bundle, "qh-media", "presign stats")
    assert {log["message"].rsplit("expiry ", 1)[1] for log in stats if log["timestamp"] < deployed} == {"900s"}
    assert {log["message"].rsplit("expiry ", 1)[1] for log in stats if deployed < log["timestamp"] < fixed} == {"PT0.9S"}
    for word in ("PT0.9S", "Duration", "3.1.0", "presign-expire"):
        assert word not in own_text(bundle, "qh-proctor")
    assert deployed < when_logged(bundle, education.PROCTOR_CONFIG) < min(log["timestamp"] for log in expired)


def test_only_the_paper_pods_started_before_the_dns_switch_fail_and_only_after_the_old_slb_is_released(bundle):
    failed = _lines(bundle, "qh-exam-paper", "connect timed out")
    released = when_logged(bundle, education.SLB_RELEASE)
    restarted = when_logged(bundle, education.PAPER_RESTART)
    assert failed and {log["instance"] for log in failed} <= set(education.PAPER_STALE)
    assert released < min(log["timestamp"] for log in failed) < restarted
    # Each stale pod fails until the rolling restart stops it.
    stopped = {log["instance"]: log["timestamp"] for log in _lines(bundle, "qh-exam-paper", "Commencing graceful shutdown")
               if log["timestamp"] > restarted}
    assert all(log["timestamp"] < stopped[log["instance"]] for log in failed)
    assert all(f"/{education.OLD_IP}]" in log["message"] for log in failed)
    # The two pods the HPA started after the switch built the afternoon's packages meanwhile.
    built = [log for log in _lines(bundle, "qh-exam-paper", "build exam package S-0114-PM") if ": ok (" in log["message"]
             and released < log["timestamp"] < restarted]
    assert built and {log["instance"] for log in built} <= set(education.PAPER_HPA)
    boots = _lines(bundle, "qh-exam-paper", "networkaddress.cache.ttl=-1")
    assert {log["instance"] for log in boots if log["timestamp"] < released} == set(education.PAPER_HPA)
    assert when_logged(bundle, education.DNS_CHANGE) < min(log["timestamp"] for log in boots)
    # The old SLB kept serving the stale pods from the DNS switch until its release.
    minio = [log for log in logs_of(bundle, "qh-paper-assets") if log["instance"].startswith("minio-")]
    assert minio and when_logged(bundle, education.DNS_CHANGE) < max(log["timestamp"] for log in minio) < released
    for word in ("CHG-20270113-04", "CHG-20270114-02", "released", "CNAME"):
        assert word not in own_text(bundle, "qh-exam-paper")
    assert when_logged(bundle, education.PAPER_CONFIG) < released


def test_the_weekly_report_ran_on_thursday_because_quartz_counts_the_week_from_sunday(bundle):
    # crontab's day-of-week 5 is Friday (0 = Sunday); Quartz's 5 is Thursday (1 = SUN). The world's day is a Thursday.
    assert education.DAY.isoweekday() == 4 and education.DAY.strftime("%A") == "Thursday"
    quartz = {1: "Sunday", 2: "Monday", 3: "Tuesday", 4: "Wednesday", 5: "Thursday", 6: "Friday", 7: "Saturday"}
    crontab = {0: "Sunday", 1: "Monday", 2: "Tuesday", 3: "Wednesday", 4: "Thursday", 5: "Friday", 6: "Saturday"}
    assert quartz[5] == education.DAY.strftime("%A") != crontab[5]
    assert "'0 14 * * 5' -> '0 0 14 ? * 5'" in education.XXL_MIGRATE
    migrated, fired = when_logged(bundle, education.XXL_MIGRATE), when_logged(bundle, education.XXL_TRIGGER)
    assert migrated < _at("00:00") and fired.startswith(_at("14:00:00"))
    stopped = when_logged(bundle, education.XXL_STOP)
    rejected = _stamps(bundle, "qh-search", "rejected execution")
    failed = [log["timestamp"] for log in logs_of(bundle, "qh-photo-search") if log["level"] == "ERROR"]
    assert rejected and failed and fired < min(rejected) and fired < min(failed)
    assert max(rejected) < _at("15:50") and max(failed) < _at("15:50") and stopped < _at("15:50")
    slow = _lines(bundle, "qh-search", "took[")
    assert slow and all("id[weekly-study-report]" in log["message"] for log in slow)
    # The daily job migrated with it fires at its time both evenings: only the day-of-week field changed meaning.
    assert len(_stamps(bundle, "qh-xxljob", "daily-homework-digest, triggerType=CRON")) == 2
    for word in ("weekly-study-report", "Quartz", "XXL-JOB", "0 0 14 ? * 5"):
        assert word not in own_text(bundle, "qh-photo-search")
    assert when_logged(bundle, education.PHOTO_DEPLOY) < fired


def test_only_the_render_pods_on_the_migrated_node_crash_and_the_healthy_live_pod_there_never_fails(bundle):
    crashes = [log for log in logs_of(bundle, "qh-report-render") if log["level"] == "ERROR"]
    assert crashes and {log["instance"] for log in crashes} == set(education.RENDER_BAD)
    migrated, patched = when_logged(bundle, education.RUNTIME_MIGRATE), when_logged(bundle, education.SHM_PATCH)
    assert migrated < _at("16:30") <= min(log["timestamp"] for log in crashes) and min(log["timestamp"] for log in crashes) < patched
    # They crash until the patched rollout replaces them.
    stopped = {log["instance"]: log["timestamp"] for log in _lines(bundle, "qh-report-render", "SIGTERM received, closing")}
    assert all(log["timestamp"] < stopped[log["instance"]] for log in crashes) and patched < min(stopped.values())
    assert all("/dev/shm" in log["message"] for log in crashes if "shared memory" in log["message"])
    boots = _lines(bundle, "qh-report-render", "render worker started on")
    for log in boots:
        on_bad = f"on {education.BAD_NODE}:" in log["message"]
        assert on_bad == (log["instance"] in education.ON_BAD_NODE), log
    # Every worker the kubelet restarted had exited after three crashes; the patched pods on node-06 never crash.
    exits = _lines(bundle, "qh-report-render", "exiting (exit code 1)")
    restarts = [log for log in boots if log["instance"] in education.RENDER_BAD]
    assert len(restarts) - len(education.RENDER_BAD) <= len(exits) <= len(restarts)
    assert not [log for log in crashes if log["instance"] in (education.RENDER_NEW[1], education.RENDER_NEW[3])]
    pods = bundle[K8S_SECTION]["pods"]
    on_bad = {p["name"] for p in pods if p["node"] == education.BAD_NODE}
    assert on_bad == {education.LIVE_ON_BAD_NODE, education.RENDER_NEW[1], education.RENDER_NEW[3]}
    assert all(p["restarts"] == 0 and p["phase"] in ("Running", "Succeeded") for p in pods)
    live = [log for log in logs_of(bundle, "qh-live") if log["instance"] == education.LIVE_ON_BAD_NODE]
    assert live and min(log["timestamp"] for log in live) > when_logged(bundle, education.NODE_BACK)
    assert not [log for log in logs_of(bundle, "qh-live") if log["level"] in ("ERROR", "FATAL")]
    # Until the patch nothing the render service writes names the node's runtime or its change.
    before = "\n".join(log["message"] for log in logs_of(bundle, "qh-report-render") if log["timestamp"] < patched)
    for word in ("containerd", "CHG-20270114-03", "infra_ops_zhouqi", "default-shm-size"):
        assert word not in before
    assert when_logged(bundle, education.RENDER_CONFIG) < min(log["timestamp"] for log in crashes)


def test_submissions_go_missing_only_on_the_queues_the_parent_push_consumers_took(bundle):
    joined = when_logged(bundle, education.PUSH_DEPLOY)
    taken = set()
    for log in _lines(bundle, "qh-parent-push", "allocated queues"):
        taken |= {int(q) for q in re.search(r"allocated queues \[([\d, ]+)\]", log["message"]).group(1).split(", ")}
    assert taken == set(education.PUSH_QUEUES)
    kept = set()
    for log in _lines(bundle, "qh-homework-review", "allocated queues"):
        kept |= {int(q) for q in re.search(r"allocated queues \[([\d, ]+)\]", log["message"]).group(1).split(", ")}
    assert kept | taken == set(range(16)) and not kept & taken
    # After the new consumers joined, a submission reaches the review list exactly when its queue is one the review kept.
    consuming = min(_stamps(bundle, "qh-parent-push", "RocketMQ consumer started"))
    assert joined < consuming
    created = {log["trace_id"] for log in _lines(bundle, "qh-homework-review", "review item created") if log["timestamp"] > joined}
    submitted = [log for log in _lines(bundle, "qh-homework", "tag SUBMITTED -> homework_event queue")
                 if log["timestamp"] >= consuming]
    assert submitted
    for log in submitted:
        queue = int(log["message"].rsplit(" ", 1)[1])
        assert (log["trace_id"] in created) == (queue in kept), log["message"]
    reconciles = _lines(bundle, "qh-homework-review", "missing in review queue")
    assert [log["timestamp"][11:16] for log in reconciles] == list(education.MISSING_AT)
    assert all(joined < log["timestamp"] for log in reconciles)
    alert = alert_named(bundle, "HomeworkReviewReconcileMismatch")
    assert alert["state"] == "firing" and alert["starts_at"] > joined
    assert len(_lines(bundle, "qh-parent-push", "subExpression=GRADED")) == len(education.PUSH_PODS)
    assert when_logged(bundle, education.HOMEWORK_DEPLOY) < joined
    for word in ("qh-parent-push", "subExpression=GRADED", "parent"):
        assert word not in own_text(bundle, "qh-homework-review")


def test_the_asked_peaks_are_the_series_maxima_inside_their_alerts_and_not_the_alerts_values(bundle):
    for alert_name, series, clock, peak, value in (
            ("AnswerStoreQpsHigh", "answer_save_requests_per_sec", "08:52", education.QPS_PEAK, education.QPS_ALERT_VALUE),
            ("GradingScoreOutOfRange", "grading_scores_held_out_of_range", "11:36", education.HELD_PEAK,
             education.HELD_ALERT_VALUE),
            ("SearchThreadPoolRejected", "es_search_rejected_per_min", "14:52", education.REJECT_PEAK,
             education.REJECT_ALERT_VALUE)):
        points = series_points(bundle, series)
        stamp = _at(f"{clock}:00+08:00")
        assert dict(points)[stamp] == peak == max(v for _, v in points)
        alert = alert_named(bundle, alert_name)
        assert alert["value"] == value and str(peak) not in alert["value"]
        assert alert["starts_at"] < stamp < alert["ends_at"]
    # None of the asked figures is any alert's value.
    values = " ".join(a["value"] for a in bundle["alerts"])
    for question in education.QUESTIONS:
        if question.peak is not None:
            assert str(int(question.peak.value)) not in values


def test_the_triggers_are_rarely_deploys_and_each_decoy_comes_shortly_before_its_symptoms(bundle):
    changes = {(log["service"], log["message"]): log["attributes"]["change"] for log in bundle["logs"]
               if log["attributes"].get("change")}
    assert changes[("qh-paper-assets", education.DNS_CHANGE)] == "dns"
    assert changes[("qh-paper-assets", education.SLB_RELEASE)] == "decommission"
    assert changes[("qh-k8s-node", education.RUNTIME_MIGRATE)] == "runtime-migration"
    assert changes[("qh-xxljob", education.XXL_MIGRATE)] == "config"
    assert changes[("qh-media", education.MEDIA_DEPLOY)] == changes[("qh-score", education.SCORE_DEPLOY)] == "deploy"
    assert changes[("qh-parent-push", education.PUSH_DEPLOY)] == "deploy"
    # A district's file, a root's expiry, a cloud's failover and a job's lease are no change of ours.
    for message in (education.ROSTER_BINJIANG, education.REDIS_SWITCH, education.FS_ACQUIRED, education.XJ_NOTICE):
        assert not [log for log in bundle["logs"] if log["message"] == message and log["attributes"].get("change")]
    for service, message, window_start in (
            ("qh-exam-session", education.CHECKIN_CONFIG, "08:00"), ("qh-sso", education.SSO_PHPINI, "06:50"),
            ("qh-answer-store", education.ANSWER_DEPLOY, "08:41"), ("qh-grading", education.GRADING_CONFIG, "10:31"),
            ("qh-edu-sync", education.EDU_CONFIG, "12:05"), ("qh-proctor", education.PROCTOR_CONFIG, "14:00"),
            ("qh-exam-paper", education.PAPER_CONFIG, "13:30"), ("qh-photo-search", education.PHOTO_DEPLOY, "14:03"),
            ("qh-report-render", education.RENDER_CONFIG, "16:32"), ("qh-homework", education.HOMEWORK_DEPLOY, "18:41")):
        stamp = when_logged(bundle, message)
        assert changes[(service, message)] in ("deploy", "config")
        gap = dt.datetime.fromisoformat(_at(f"{window_start}:00+08:00")) - dt.datetime.fromisoformat(stamp)
        assert dt.timedelta(0) < gap < dt.timedelta(hours=1, minutes=30), message


def test_the_exam_session_change_listing_is_its_four_changes_none_of_them_a_cause(bundle):
    changes = [log for log in logs_of(bundle, "qh-exam-session") if log["attributes"].get("change")]
    assert [log["message"] for log in changes] == [education.CHECKIN_CONFIG, education.EXAM_DEPLOY,
                                                   education.EXAM_RESULT_CONFIG, education.EXAM_MAKEUP_CONFIG]
    assert all(log["level"] == "INFO" for log in changes)
    # The force-submit job runs in the scheduler: none of its lines is the exam session's.
    assert "force-submit" not in own_text(bundle, "qh-exam-session")


def test_the_healthy_services_stay_under_their_thresholds_all_day(bundle):
    for service in ("qh-live", "qh-order"):
        assert not [a for a in bundle["alerts"] if a["service"] == service]
        watched = [s for s in bundle["metrics"] if s["service"] == service and s["threshold"] is not None]
        assert len(watched) == 2 and all(max(v for _, v in s["points"]) < s["threshold"] for s in watched)
        text = own_text(bundle, service)
        assert not [word for word in education.INCIDENT_WORDS if word in text]
    assert when_logged(bundle, education.LIVE_DEPLOY) < _at("13:21") and when_logged(bundle, education.ORDER_DEPLOY) < _at("10:16")


def test_the_education_pods_are_named_like_kubernetes_names_them(bundle):
    for pod in bundle[K8S_SECTION]["pods"]:
        if pod["phase"] == "Succeeded":  # the CronJobs' pods: <cronjob>-<scheduled minute>-<5 characters>
            assert re.fullmatch(r"(qh-roster-import|qh-homework-review-reconcile)-\d{8}-[bcdfghjklmnpqrstvwxz2456789]{5}",
                                pod["name"]), pod["name"]
        else:
            assert service_from_pod_name(pod["name"]) == pod["service"], pod["name"]
    job_instances = {log["instance"] for log in bundle["logs"] if log["attributes"].get("job") in ("roster-import", "reconcile")}
    today = {p["name"] for p in bundle[K8S_SECTION]["pods"] if p["phase"] == "Succeeded" and p["last_termination"]["at"]
             > "2027-01-13T20:00"}
    assert today and today <= job_instances
    # A job's pod terminates after the last line its job wrote.
    for pod in bundle[K8S_SECTION]["pods"]:
        if pod["name"] in today:
            last = max(log["timestamp"] for log in bundle["logs"] if log["instance"] == pod["name"])
            assert dt.datetime.fromisoformat(last) < dt.datetime.fromisoformat(pod["last_termination"]["at"])


def test_nothing_happens_after_the_reference_time_and_events_are_the_last_hour(bundle):
    now = dt.datetime.fromisoformat(bundle["reference_time"])
    start = dt.datetime.fromisoformat(bundle["logs"][0]["timestamp"])
    stamps = [log["timestamp"] for log in bundle["logs"]] + [e["last_seen"] for e in bundle[K8S_SECTION]["events"]]
    stamps += [ts for series in bundle["metrics"] for ts, _ in series["points"]]
    assert all(dt.datetime.fromisoformat(stamp) <= now for stamp in stamps)
    assert start >= education.START and now - start > dt.timedelta(hours=25)  # the evening before is in the evidence
    events = bundle[K8S_SECTION]["events"]
    assert events and all(now - dt.datetime.fromisoformat(e["last_seen"]) <= dt.timedelta(hours=1) for e in events)
    assert {a["name"] for a in bundle["alerts"] if a["state"] == "firing"} == set(education.FIRING)
    rescale = [e for e in events if e["object"] == "HorizontalPodAutoscaler/qh-report-render"]
    assert rescale and "New size: 4" in rescale[0]["message"]
    assert len([p for p in bundle[K8S_SECTION]["pods"] if p["service"] == "qh-report-render"]) == 4
