"""The govservice world tells the story its docstring tells: each incident's symptoms stay inside its window and on the
instances it names, the causes come before the symptoms (several sit on another service than the one asked about, or on
nobody's change of ours at all), the decoys are changes that caused nothing, the node-level fault touches only the pods
scheduled on that node and using its disk, the asked peaks are not what the alerts say, the listings are complete and the
healthy services really are. A world wrong about itself would grade the agents against a fiction. Pure: no database."""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

import pytest

from contracts.k8s import service_from_pod_name
from evaluation.worlds import govservice as gov
from evaluation.worlds.common import bundle_hash
from evaluation.worlds.loading import K8S_SECTION
from tests.evaluation.worlds.bundle_reading import alert_named, logs_of, own_text, series_points, when_logged


@pytest.fixture(scope="module")
def bundle() -> dict[str, Any]:
    return gov.build_bundle()


def _at(clock: str) -> str:
    return f"2027-03-01T{clock}"


def _iso(moment: dt.datetime) -> str:
    return moment.isoformat(timespec="milliseconds")


def _lines(bundle: dict[str, Any], service: str, needle: str) -> list[dict[str, Any]]:
    return [log for log in logs_of(bundle, service) if needle in log["message"]]


def _span(lines: list[dict[str, Any]]) -> tuple[str, str]:
    stamps = [log["timestamp"] for log in lines]
    return min(stamps), max(stamps)


def _question(name: str) -> Any:
    return next(q for q in gov.QUESTIONS if q.name == name)


def test_only_the_material_pods_on_node_05_fail_and_only_after_selinux_was_enforced(bundle):
    failures = _lines(bundle, "jc-material", "AccessDeniedException")
    assert failures and {log["instance"] for log in failures} == set(gov.ON_BAD_NODE)
    assert _span(failures)[0] > _iso(gov.ENFORCE_AT)
    # Each refused chunk is a kernel AVC denial on node-05, a few milliseconds before the service's error.
    denials = [log for log in logs_of(bundle, "jc-k8s-node") if "avc:  denied  { write }" in log["message"]]
    assert len(denials) == len(failures) and {log["instance"] for log in denials} == {gov.BAD_NODE}
    assert all("scontext=system_u:system_r:container_t" in log["message"] and "tcontext=system_u:object_r:default_t" in
               log["message"] for log in denials)
    # The pods carry their node: the two failing pods are node-05's material pods, the other four elsewhere keep storing.
    pods = {p["name"]: p for p in bundle[K8S_SECTION]["pods"]}
    on_bad = {name for name, p in pods.items() if p["node"] == gov.BAD_NODE}
    assert {name for name in on_bad if pods[name]["service"] == "jc-material"} == set(gov.ON_BAD_NODE)
    stored = [log for log in _lines(bundle, "jc-material", "stored and merged") if log["timestamp"] > _iso(gov.ENFORCE_AT)]
    assert stored and not {log["instance"] for log in stored} & set(gov.ON_BAD_NODE)
    assert all(pods[p]["phase"] == "Running" and pods[p]["restarts"] == 0 for p in gov.ON_BAD_NODE)
    # Before the hardening the same two pods stored uploads like the others.
    before = [log for log in _lines(bundle, "jc-material", "stored and merged") if log["instance"] in gov.ON_BAD_NODE]
    assert before and max(log["timestamp"] for log in before) < _iso(gov.ENFORCE_AT)
    # Nothing the material service writes names the node, SELinux or the hardening.
    for word in ("SELinux", gov.BAD_NODE, "node-05", "dengbao", "avc"):
        assert word not in own_text(bundle, "jc-material")


def test_the_hardening_ran_on_node_05_alone_and_the_healthy_pods_there_are_untouched(bundle):
    login, run, status = (when_logged(bundle, line) for line in
                          (gov.HARDEN_LOGIN, gov.HARDEN_RUN, gov.HARDEN_STATUS.format(epoch=int(gov.ENFORCE_AT.timestamp()))))
    assert login < run < status == _iso(gov.ENFORCE_AT)
    hardening = [log for log in bundle["logs"] if "dengbao_harden" in log["message"] or "enforcing=1" in log["message"]]
    assert {log["instance"] for log in hardening} == {gov.BAD_NODE}
    assert not [log for log in hardening if log["attributes"].get("change")]  # an operator's run on a host, no release
    # The decoy came first and changed nothing: uploads kept working for forty minutes after it.
    assert when_logged(bundle, gov.MATERIAL_CONFIG) < _iso(gov.ENFORCE_AT)
    pods = {p["name"]: p for p in bundle[K8S_SECTION]["pods"]}
    for pod in gov.HEALTHY_ON_BAD_NODE:
        assert pods[pod]["node"] == gov.BAD_NODE and pods[pod]["restarts"] == 0 and pods[pod]["ready"] == "1/1"
        assert not [log for log in bundle["logs"] if log["instance"] == pod and log["level"] in ("WARN", "ERROR")
                    and log["timestamp"] > _iso(gov.ENFORCE_AT) and "差评" not in log["message"]
                    and "no confident answer" not in log["message"]]
    alert = alert_named(bundle, "MaterialUploadFailuresHigh")
    assert alert["state"] == "firing" and alert["starts_at"] > _iso(gov.ENFORCE_AT)[:19]


def test_only_licences_sealed_with_sm2_fail_and_only_until_the_sm2_verifier_is_released(bundle):
    issued = {m.group(1): log["message"] for log in _lines(bundle, "jc-license", " issued to holder ")
              for m in [re.match(r"licence (\S+) ", log["message"])] if m}
    failures = _lines(bundle, "jc-license", "signature verification failed")
    assert failures
    for log in failures:
        lid = re.match(r"show licence (\S+) ", log["message"]).group(1)
        assert "(SM3withSM2)" in issued[lid] and "(issued 2027-03-01)" in log["message"]
    first, last = _span(failures)
    assert _iso(gov.SEAL_SWITCH_AT) < first and last < _iso(gov.LICENSE_FIXED)
    # Every licence sealed SHA256withRSA (earlier years, Sunday evening) shows fine all day.
    rsa_shows = _lines(bundle, "jc-license", "signature verified (SHA256withRSA)")
    assert rsa_shows and _span(rsa_shows)[0] < first and _span(rsa_shows)[1] > last
    assert not [log for log in rsa_shows if "(issued 2027-03-01)" in log["message"]]
    sm2_ok = _lines(bundle, "jc-license", "signature verified (SM3withSM2)")
    assert sm2_ok and _span(sm2_ok)[0] > _iso(gov.LICENSE_FIXED) > when_logged(bundle, gov.LICENSE_FIX)
    # The notice came the evening before, the switch at midnight, the TTL decoy minutes before the first failure.
    assert when_logged(bundle, gov.SEAL_NOTICE) < when_logged(bundle, gov.SEAL_SWITCH) < when_logged(bundle, gov.LICENSE_CONFIG)
    assert when_logged(bundle, gov.LICENSE_CONFIG) < first


def test_social_queries_find_nothing_only_for_cities_the_full_reload_has_not_reached(bundle):
    loaded = {name: _iso(at) for name, at, _ in gov.CITIES}
    assert when_logged(bundle, gov.RS_START) == _iso(gov.RS_START_AT) and when_logged(bundle, gov.RS_DONE) == _iso(gov.RS_DONE_AT)
    queries = _lines(bundle, "jc-social", "query 社保缴费明细")
    assert queries
    for log in queries:
        city = re.search(r"参保地 (\S+)\)", log["message"]).group(1)
        empty = _iso(gov.RS_START_AT) <= log["timestamp"] < loaded[city]
        assert ("暂无缴费记录" in log["message"]) == empty, log["message"]
    empties = [log for log in queries if "暂无缴费记录" in log["message"]]
    assert {re.search(r"参保地 (\S+)\)", log["message"]).group(1) for log in empties if log["timestamp"] > _at("08:30")} <= {
        "澜州市", "省本级"}
    # Housing-fund queries read another table and never come back empty.
    assert _lines(bundle, "jc-social", "公积金缴存明细") and not _lines(bundle, "jc-social", "公积金缴存明细: 0 rows")
    # The reload lives in the exchange's lines only; the social service's own story does not name it.
    social = own_text(bundle, "jc-social")
    assert "RS-JFXX-FULL" not in social and "TRUNCATE" not in social
    # The 07:10 release came five hours after the first empty answer.
    assert _span(empties)[0] < when_logged(bundle, gov.SOCIAL_DEPLOY)
    points = dict(series_points(bundle, "social_empty_result_ratio"))
    alert = alert_named(bundle, "SocialEmptyResultRatioHigh")
    assert points["2027-03-01T07:35:00+08:00"] == float(gov.SOCIAL_ALERT_VALUE.rstrip("%"))
    assert max(points.values()) == 100.0 > float(gov.SOCIAL_ALERT_VALUE.rstrip("%"))
    assert alert["starts_at"] == "2027-03-01T07:35:00+08:00"


def test_the_unassigned_applications_are_the_new_region_code_until_its_routes_are_added(bundle):
    synced = when_logged(bundle, gov.DICT_SYNC)
    stuck = _lines(bundle, "jc-workflow", "no approval route")
    assert stuck and all("region 580305" in log["message"] and "省级待分派" in log["message"] for log in stuck)
    first, last = _span(stuck)
    assert synced < first and last < when_logged(bundle, gov.WF_ROUTE_FIX) < when_logged(bundle, gov.WF_REDISPATCH)
    routed_new = [log for log in _lines(bundle, "jc-workflow", "region 580305 accepted, routed")]
    assert routed_new and _span(routed_new)[0] > when_logged(bundle, gov.WF_ROUTE_FIX)
    routed_old = _lines(bundle, "jc-workflow", "region 580322 accepted, routed to queue 青溪县行政审批局")
    assert routed_old and _span(routed_old)[1] < synced
    # Applications of every other region are routed all morning: only 580305 is stuck.
    others = [log for log in _lines(bundle, "jc-workflow", "accepted, routed to queue") if first < log["timestamp"] < last
              and "region 580305" not in log["message"]]
    assert others
    # The dictionary change is the exchange's data change, the route fix the workflow's config change.
    changes = {(log["service"], log["message"]): log["attributes"]["change"] for log in bundle["logs"]
               if log["attributes"].get("change")}
    assert changes[("jc-exchange", gov.DICT_SYNC)] == "data" and changes[("jc-workflow", gov.WF_ROUTE_FIX)] == "config"
    assert when_logged(bundle, gov.WF_DEPLOY) > first  # the 07:40 release came after the first stuck application


def test_payment_orders_fail_only_on_twenty_digit_codes_between_the_switch_and_the_ddl(bundle):
    fails = _lines(bundle, "jc-payment", "Data too long for column 'pay_code'")
    assert fails and all(log["level"] == "ERROR" for log in fails)
    first, last = _span(fails)
    assert _iso(gov.PAY_SWITCH) <= first and last < _iso(gov.PAY_DDL_DONE_AT)
    code = re.compile(r"缴款码 (\d+)")
    assert {len(code.search(log["message"]).group(1)) for log in fails} == {20}
    created = _lines(bundle, "jc-payment", " created, pay before ")
    before = [log for log in created if log["timestamp"] < _iso(gov.PAY_SWITCH)]
    after = [log for log in created if log["timestamp"] > _iso(gov.PAY_DDL_DONE_AT)]
    assert before and after and not [log for log in created if first <= log["timestamp"] <= last]
    assert {len(code.search(log["message"]).group(1)) for log in before} == {18}
    assert {len(code.search(log["message"]).group(1)) for log in after} == {20}
    # The Sunday-night release preceded the switch by hours, with orders created fine in between.
    deploy = when_logged(bundle, gov.PAY_DEPLOY)
    assert [log for log in before if log["timestamp"] > deploy]
    assert when_logged(bundle, gov.PAY_NOTICE) < deploy < when_logged(bundle, gov.PAY_DDL) < when_logged(bundle, gov.PAY_DDL_DONE)
    assert "VARCHAR(18)" in gov.PAY_DDL


def test_only_the_keyword_templates_to_two_carriers_are_blocked_until_the_rewrite(bundle):
    blocked = _lines(bundle, "jc-sms", "err=RJ:0047")
    assert blocked
    for log in blocked:
        tpl = re.search(r"tpl (\S+) ", log["message"]).group(1)
        carrier = re.search(r" (CMCC|CUCC|CTCC): UNDELIV", log["message"]).group(1)
        assert tpl in gov.KEYWORDS and carrier in gov.BLOCKING and f"「{gov.KEYWORDS[tpl]}」" in log["message"]
    first, last = _span(blocked)
    assert _iso(gov.SMS_BLOCK_FROM) <= first and last < _iso(gov.SMS_TPL_FIX_AT + dt.timedelta(seconds=15))
    submitted = {log["trace_id"]: log["timestamp"] for log in _lines(bundle, "jc-sms", "submit ")}
    assert all(submitted[log["trace_id"]] < _iso(gov.SMS_TPL_FIX_AT) for log in blocked)
    delivered = _lines(bundle, "jc-sms", "DELIVRD")
    # China Telecom delivered the same templates inside the window; verification codes and 督办 were never blocked.
    assert [log for log in delivered if "tpl SMS_GJJ_TQ_RESULT CTCC" in log["message"] and first < log["timestamp"] < last]
    assert [log for log in delivered if "tpl SMS_GJJ_TQ_RESULT CMCC" in log["message"] and log["timestamp"] > last]
    assert [log for log in delivered if "tpl SMS_DUBAN CMCC" in log["message"]]
    assert not [log for log in blocked if gov.TPL_VERIFY in log["message"] or gov.TPL_DUBAN in log["message"]]
    # No change of ours: the carriers' library; the weight config (a decoy) came after the first block.
    assert first < when_logged(bundle, gov.SMS_ROUTE_CONFIG) < last
    assert not [log for log in logs_of(bundle, "jc-sms") if log["attributes"].get("change") and log["timestamp"] < first]


def test_the_kiosks_miss_only_bookings_of_the_quarantined_base_file_until_its_release(bundle):
    upgraded, exported, quarantined = (when_logged(bundle, line) for line in (gov.GAP_UPGRADE, gov.BOOKING_EXPORT,
                                                                              gov.GAP_QUARANTINE))
    assert upgraded < exported < quarantined
    assert float(re.search(r"ratio ([\d.]+):1", gov.BOOKING_EXPORT).group(1)) > 100 > max(
        float(m) for log in _lines(bundle, "jc-booking", "export incremental")
        for m in re.findall(r"ratio ([\d.]+):1", log["message"]))
    released = when_logged(bundle, gov.HALLQ_BASE)
    assert when_logged(bundle, gov.GAP_EXEMPT) < when_logged(bundle, gov.GAP_RELEASED) < released
    booked = re.compile(r"\(booked (\d\d)-(\d\d) (\d\d):(\d\d)\)")

    def before_seven(message: str) -> bool:
        month, day, hour, _ = (int(x) for x in booked.search(message).groups())
        return (month, day) < (3, 1) or hour < 7

    missing = _lines(bundle, "jc-hallq", "预约信息不存在 (not in today's imported bookings)")
    assert missing and all(before_seven(log["message"]) for log in missing)
    assert _at("08:30") <= _span(missing)[0] and _span(missing)[1] < released
    found = _lines(bundle, "jc-hallq", "booking found")
    assert [log for log in found if log["timestamp"] < released] and all(
        not before_seven(log["message"]) for log in found if log["timestamp"] < released)
    assert [log for log in found if log["timestamp"] > released and before_seven(log["message"])]
    # The queue system's own lines never name the gateway's verdict; the decoy release was the evening before.
    hallq = own_text(bundle, "jc-hallq")
    assert "DecompressionBomb" not in hallq and "压缩炸弹" not in hallq and "quarantined" not in hallq
    assert when_logged(bundle, gov.HALLQ_DEPLOY) < upgraded


def test_the_red_cards_come_from_the_zero_promise_import_and_stop_with_its_fix(bundle):
    imported, fixed = when_logged(bundle, gov.WF_IMPORT), when_logged(bundle, gov.WF_IMPORT_FIX)
    overdue = _lines(bundle, "jc-workflow", "(promise_days 0) overdue")
    assert overdue and imported < _span(overdue)[0] and _span(overdue)[1] < fixed
    codes = {code for code, *_ in gov.IMPORTED}
    for log in overdue:
        accepted, due = re.search(r"accepted (\S+) due (\S+) ", log["message"]).groups()
        assert accepted == due >= imported[11:16] and re.search(r"item (\S+) ", log["message"]).group(1) in codes
    duban = [log for log in logs_of(bundle, "jc-sms") if "tpl SMS_DUBAN" in log["message"] and "submit" in log["message"]]
    assert duban and imported < _span(duban)[0] and _span(duban)[1] < fixed
    # The reminder-hours config (a decoy) came first; nothing was overdue in the half hour after it.
    assert when_logged(bundle, gov.WF_SLA_CONFIG) < imported
    points = series_points(bundle, "supervise_red_cards_total")
    values = [value for _, value in points]
    assert values == sorted(values) and max(values) == gov.RED_CARDS
    assert str(gov.RED_CARDS) in gov.WF_REVOKE and when_logged(bundle, gov.WF_REVOKE) > fixed
    alert = alert_named(bundle, "SupervisionRedCardSurge")
    assert alert["value"] == gov.RED_ALERT_VALUE and str(gov.RED_CARDS) not in alert["value"]


def test_real_name_checks_fail_on_masked_answers_only_inside_the_review_window(bundle):
    masked_at, restored_at = when_logged(bundle, gov.MASK_CHANGE), when_logged(bundle, gov.MASK_FIX)
    failures = _lines(bundle, "jc-auth", "mismatch -> 实名认证失败")
    assert failures and masked_at < _span(failures)[0] and _span(failures)[1] < restored_at
    assert all(re.search(r"sfzh '\d{6}\*{8}\d{3}[\dX]'", log["message"]) for log in failures)
    ok = _lines(bundle, "jc-auth", "RK-0012 match (xm, sfzh)")
    assert not [log for log in ok if masked_at < log["timestamp"] < restored_at]
    assert [log for log in ok if log["timestamp"] > restored_at]
    # The exchange's side of the same calls: 脱敏 exactly inside the window, 明文 outside.
    calls = _lines(bundle, "jc-exchange", "interface RK-0012 人口基础信息核验 called by jc-auth")
    for log in calls:
        assert ("脱敏" in log["message"]) == (masked_at < log["timestamp"] < restored_at)
    by_trace = {log["trace_id"]: log for log in calls}
    assert all(by_trace[log["trace_id"]]["message"].endswith("(xm 脱敏, sfzh 脱敏)") for log in failures)
    # The auth release (a decoy) came half an hour before, and checks after it kept matching until 13:00.
    deploy = when_logged(bundle, gov.AUTH_DEPLOY)
    assert [log for log in ok if deploy < log["timestamp"] < masked_at]
    auth = own_text(bundle, "jc-auth")
    assert "授权复核" not in auth and "data_gov_chenyu" not in auth and "脱敏" not in auth


def test_expired_holds_are_released_only_while_keyspace_events_flow(bundle):
    reconnected, fixed = when_logged(bundle, gov.REDIS_RECONNECT), when_logged(bundle, gov.REDIS_FIX)
    released = _lines(bundle, "jc-booking", "keyspace event __keyevent@0__:expired")
    assert [log for log in released if log["timestamp"] < reconnected]
    assert [log for log in released if log["timestamp"] > fixed]
    assert not [log for log in released if reconnected < log["timestamp"] < fixed]
    created = {re.match(r"hold (\S+) ", log["message"]).group(1): log["timestamp"]
               for log in _lines(bundle, "jc-booking", "held 600s")}
    assert len(created) > 1000
    # Holds abandoned in the window left no release line; every release is ten minutes after its hold.
    for log in released:
        hold = re.match(r"hold (\S+) ", log["message"]).group(1)
        gap = dt.datetime.fromisoformat(log["timestamp"]) - dt.datetime.fromisoformat(created[hold])
        assert dt.timedelta(seconds=600) <= gap < dt.timedelta(seconds=602)
    full = _lines(bundle, "jc-booking", "-> 约满")
    assert full and _at("09:20") <= _span(full)[0] and _span(full)[1] < fixed
    assert str(gov.HELD_PEAK) in gov.REDIS_FIX and when_logged(bundle, gov.BOOKING_DEPLOY) > reconnected
    booking = own_text(bundle, "jc-booking")
    assert "DecompressionBomb" not in booking and gov.GAP not in booking


def test_the_asked_peaks_are_not_what_the_alerts_say(bundle):
    for alert_name, metric, clock, peak, value in (
            ("WorkflowUnassignedBacklogHigh", "workflow_unassigned_applications", "11:10", gov.UNASSIGNED_PEAK,
             gov.UNASSIGNED_ALERT_VALUE),
            ("BookingHeldSlotsHigh", "booking_slots_held", "10:38", gov.HELD_PEAK, gov.HELD_ALERT_VALUE)):
        alert = alert_named(bundle, alert_name)
        assert alert["value"] == value and str(peak) not in value
        points = dict(series_points(bundle, metric))
        stamp = f"2027-03-01T{clock}:00+08:00"
        assert points[stamp] == peak == max(points.values()) and alert["starts_at"] < stamp < alert["ends_at"]
        assert points[alert["starts_at"]] == int(value.split()[0])  # the alert fired at the series' own value then
    red = alert_named(bundle, "SupervisionRedCardSurge")
    assert dict(series_points(bundle, "supervise_red_cards_per_10m"))[red["starts_at"]] == 86
    for question in gov.QUESTIONS:
        if question.peak is not None:
            assert question.asked_facts[0].spellings[0] == str(question.peak.value)


def test_the_workflow_change_listing_names_every_change_line_of_the_workflow_and_nothing_else(bundle):
    question = _question("gov_workflow_changes_listing")
    changes = [log["message"] for log in logs_of(bundle, "jc-workflow") if log["attributes"].get("change")]
    assert all(log["level"] == "INFO" for log in logs_of(bundle, "jc-workflow") if log["attributes"].get("change"))
    # A bijection: each change line is named by exactly one asked fact's first spelling, each fact names one line.
    firsts = [f.spellings[0] for f in question.asked_facts]
    assert len(changes) == len(firsts) == 5
    assert sorted(next(i for i, first in enumerate(firsts) if first in line) for line in changes) == list(range(5))
    assert all(sum(first in line for first in firsts) == 1 for line in changes)
    # The dictionary refresh and the re-dispatch are not changes of the workflow's; the listing leaves them out.
    assert gov.WF_DICT not in changes and gov.WF_REDISPATCH not in changes


def test_the_alert_listing_is_exactly_what_fires_now_and_nothing_else_does(bundle):
    firing = {a["name"] for a in bundle["alerts"] if a["state"] == "firing"}
    assert firing == set(gov.FIRING) == {f.spellings[0] for f in _question("gov_alert_listing").asked_facts}
    assert all(a["ends_at"] is None for a in bundle["alerts"] if a["state"] == "firing")
    assert all(a["ends_at"] <= bundle["reference_time"] for a in bundle["alerts"] if a["state"] == "resolved")
    # The kiosk that went offline late in the day is not the morning's booking trouble.
    kiosk = alert_named(bundle, "HallKioskOffline")
    assert kiosk["starts_at"] > alert_named(bundle, "HallBookingNotFoundHigh")["ends_at"]


@pytest.mark.parametrize("service", ["jc-review", "jc-guide"])
def test_the_healthy_services_stay_healthy_with_a_pod_on_the_hardened_node(bundle, service):
    assert not [a for a in bundle["alerts"] if a["service"] == service]
    assert not [log for log in logs_of(bundle, service) if log["level"] in ("ERROR", "FATAL")]
    watched = [s for s in bundle["metrics"] if s["service"] == service and s["threshold"] is not None]
    assert len(watched) == 2 and all(max(v for _, v in s["points"]) < s["threshold"] / 2 for s in watched)
    own = own_text(bundle, service)
    assert not [word for word in gov.INCIDENT_WORDS if word in own]
    pods = [p for p in bundle[K8S_SECTION]["pods"] if p["service"] == service]
    assert {p["node"] for p in pods} & {gov.BAD_NODE} and all(p["restarts"] == 0 for p in pods)
    changes = [log for log in logs_of(bundle, service) if log["attributes"].get("change")]
    assert len(changes) == 1  # one decoy each: the review release, the knowledge-base publish


def test_upstream_causes_stay_out_of_the_asked_services_own_lines(bundle):
    """Four incidents are caused on another service than the one asked about: the reload and the masking on the exchange,
    the region dictionary on the exchange, the quarantine on the gateway. Each cause is a line of that other service."""
    for asked, upstream, cause, words in (
            ("jc-social", "jc-exchange", gov.RS_START, ("RS-JFXX-FULL", "TRUNCATE")),
            ("jc-auth", "jc-exchange", gov.MASK_CHANGE, ("SJJ-FH-2027-Q1", "授权复核")),
            ("jc-workflow", "jc-exchange", gov.DICT_SYNC, ("民政部", "撤县设区")),
            ("jc-hallq", "jc-gap", gov.GAP_QUARANTINE, ("DecompressionBomb", "AQ-20270228-03"))):
        assert [log for log in logs_of(bundle, upstream) if log["message"] == cause]
        own = own_text(bundle, asked)
        assert not [word for word in words if word in own], asked


#: Where each cause question's evidence lives: the asked service, and the service or node its cause sits on.
WHERE = {"gov_license_show_cause": ("jc-license",), "gov_social_empty_cause": ("jc-social", "jc-exchange"),
         "gov_workflow_region_cause": ("jc-workflow", "jc-exchange"), "gov_payment_order_cause": ("jc-payment",),
         "gov_sms_gjj_cause": ("jc-sms",), "gov_material_upload_cause": ("jc-material", "jc-k8s-node"),
         "gov_hallq_booking_cause": ("jc-hallq", "jc-gap"), "gov_auth_realname_cause": ("jc-auth", "jc-exchange")}


def test_each_cause_question_is_answered_by_its_service_and_the_one_its_cause_sits_on(bundle):
    causes = [q for q in gov.QUESTIONS if q.asked == "cause"]
    assert {q.name for q in causes} == set(WHERE) and len(causes) == 8
    for question in causes:
        asked, *upstream = WHERE[question.name]
        assert question.service == asked
        # What the asker saw is in the asked service's own lines.
        assert any(spelling in own_text(bundle, asked) for spelling in question.asked_facts[0].spellings), question.name
        # Every cause fact is spelled in the asked service's or its cause's lines — not only in another incident's.
        text = "\n".join(own_text(bundle, service) for service in WHERE[question.name])
        for cause in question.cause_facts:
            assert any(spelling in text for spelling in cause.spellings), (question.name, cause)
        # No forbidden word is in the asked service's own lines (its cause's service may log other incidents too).
        assert not [word for word in question.forbidden if word in own_text(bundle, asked)], question.name


def test_the_pods_are_named_like_kubernetes_names_them_and_events_are_the_last_hours(bundle):
    now = dt.datetime.fromisoformat(bundle["reference_time"])
    for pod in bundle[K8S_SECTION]["pods"]:
        assert service_from_pod_name(pod["name"]) == pod["service"], pod["name"]
        assert pod["node"] in gov.NODES
    assert {d["name"] for d in bundle[K8S_SECTION]["deployments"]} == set(gov.K8S_SERVICES)
    for event in bundle[K8S_SECTION]["events"]:
        assert now - dt.datetime.fromisoformat(event["last_seen"]) <= dt.timedelta(hours=1)
    stamps = [log["timestamp"] for log in bundle["logs"]] + [ts for s in bundle["metrics"] for ts, _ in s["points"]]
    assert all(dt.datetime.fromisoformat(stamp) <= now for stamp in stamps)


def test_another_seed_draws_other_noise_but_tells_the_same_story():
    one, other = gov.build_bundle(), gov.build_bundle(seed=gov.SEED + 1)
    assert bundle_hash(one) != bundle_hash(other)
    for metric, peak in (("workflow_unassigned_applications", gov.UNASSIGNED_PEAK), ("booking_slots_held", gov.HELD_PEAK),
                         ("supervise_red_cards_total", gov.RED_CARDS)):
        assert max(v for _, v in series_points(other, metric)) == peak
    assert {a["name"]: a["value"] for a in one["alerts"]} == {a["name"]: a["value"] for a in other["alerts"]}
    assert not [log for log in other["logs"] if gov.NEW_REGION in log["message"] and log["service"] not in
                ("jc-workflow", "jc-exchange")]
