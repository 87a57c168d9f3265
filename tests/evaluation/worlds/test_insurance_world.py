"""The insurance world tells the story its docstring tells: each incident's symptoms stay inside its window and on the
instances it names, the causes sit on other services than the ones asked about, the asked peaks are not what the
alerts say, and every incident has a decoy change shortly before it. A world wrong about itself would grade the agents
against a fiction. Pure: no database."""

from __future__ import annotations

import datetime as dt
import re
from collections import Counter
from typing import Any

import pytest

from contracts.k8s import service_from_pod_name
from evaluation.worlds import insurance
from evaluation.worlds.loading import K8S_SECTION
from tests.evaluation.worlds.bundle_reading import alert_named, logs_of, own_text, series_points, when_logged


@pytest.fixture(scope="module")
def bundle() -> dict[str, Any]:
    return insurance.build_bundle()


def _at(clock: str) -> str:
    return f"2026-12-22T{clock}"


def _minute(clock: str) -> str:
    return f"2026-12-22T{clock}:00+08:00"


def _lines(bundle: dict[str, Any], service: str, needle: str) -> list[dict[str, Any]]:
    return [log for log in logs_of(bundle, service) if needle in log["message"]]


def test_only_the_two_ocr_pods_on_the_node_of_the_best_effort_export_job_are_slow(bundle):
    on_node = {p["name"] for p in bundle[K8S_SECTION]["pods"] if p["node"] == insurance.BAD_NODE}
    assert on_node == set(insurance.ON_BAD_NODE)  # the export job's own pod was deleted at 11:42
    slow = [log for log in logs_of(bundle, "ah-claims-ocr") if log["level"] in ("WARN", "ERROR")
            and ("queue wait" in log["message"] or "timeout after 15000ms" in log["message"])]
    assert slow and {log["instance"] for log in slow} == on_node
    admitted, fixed = when_logged(bundle, insurance.EXPORT_ADMIT), when_logged(bundle, insurance.EXPORT_FIX)
    assert all(admitted < log["timestamp"] < fixed for log in slow)
    took = re.compile(r"took=(\d+)ms confidence")
    starved = min(log["timestamp"] for log in slow)  # the job's workers ramp up within two minutes of its admission
    assert starved < _at("10:17")
    others = [log for log in logs_of(bundle, "ah-claims-ocr") if starved < log["timestamp"] < fixed
              and took.search(log["message"])]
    assert others and {log["instance"] for log in others}.isdisjoint(on_node)
    assert all(int(took.search(log["message"]).group(1)) < 3000 for log in others)  # the other pods stay fast
    saturated = _lines(bundle, "ah-k8s-node", "node pressure: cpu")
    assert saturated and {log["instance"] for log in saturated} == {insurance.BAD_NODE}
    assert all(insurance.EXPORT_POD in log["message"] for log in saturated)
    [rerun] = [p for p in bundle[K8S_SECTION]["pods"] if p["name"] == insurance.EXPORT_RERUN_POD]
    assert rerun["node"] == insurance.BATCH_NODE and rerun["phase"] == "Succeeded"
    for word in ("ah-archive-export", "BestEffort", insurance.BAD_NODE):  # the OCR service never sees the node's story
        assert word not in own_text(bundle, "ah-claims-ocr")


def test_the_policy_issue_has_two_incidents_a_time_phrase_tells_apart(bundle):
    policy = logs_of(bundle, "ah-policy-issue")
    manual = [log["timestamp"] for log in policy if "-> MANUAL_UW" in log["message"]]
    assert manual and when_logged(bundle, insurance.RULE_PUBLISH) < min(manual)
    assert max(manual) < when_logged(bundle, insurance.RULE_FIX)
    failed = [log["timestamp"] for log in policy if "SIGN_FAILED" in log["message"]]
    assert failed and when_logged(bundle, insurance.HSM_BACK) < min(failed) and max(failed) < when_logged(bundle, insurance.HSM_OUT)
    starts = sorted(a["starts_at"][11:16] for a in bundle["alerts"] if a["service"] == "ah-policy-issue")
    assert starts == ["09:48"]  # the signing failures alert on the e-sign service, not here
    # Both causes are other services': the rules engine's new rule, the HSM pool's member without its key.
    for word in ("R-THY-012", "Q7", "health-uw", "hsm-03", "AH-SEAL-2026", "CKR_KEY_HANDLE_INVALID"):
        assert word not in own_text(bundle, "ah-policy-issue")


def test_every_failed_signature_was_routed_to_hsm_03_while_it_lacked_the_key(bundle):
    errors = [log for log in logs_of(bundle, "ah-esign") if log["level"] == "ERROR"]
    assert errors and all("failed on hsm-03" in log["message"] and "AH-SEAL-2026" in log["message"] for log in errors)
    back, out = when_logged(bundle, insurance.HSM_BACK), when_logged(bundle, insurance.HSM_OUT)
    assert all(back < log["timestamp"] < out for log in errors)
    signed_on_03 = [log["timestamp"] for log in _lines(bundle, "ah-esign", "signed on hsm-03")]
    assert signed_on_03 and min(signed_on_03) > when_logged(bundle, insurance.HSM_FIX)
    # The policy service's failure and the e-sign error are one request: they share its trace.
    esign_traces = {log["trace_id"] for log in errors}
    policy_failures = _lines(bundle, "ah-policy-issue", "SIGN_FAILED")
    assert {log["trace_id"] for log in policy_failures} == esign_traces
    assert alert_named(bundle, "EsignFailureRateHigh")["state"] == "resolved"


MISMATCH = re.compile(r"partner_premium=(\d+)\.(\d\d) core_premium=(\d+)\.(\d\d) \(diff 0\.01\)")
CALC = re.compile(r"raw=(\d+)\.(\d{3}) rounded=(\d+)\.(\d\d) mode=(HALF_UP|HALF_EVEN)")


def test_the_rejected_channel_premiums_differ_by_exactly_the_rounding_mode(bundle):
    changed, reverted = when_logged(bundle, insurance.ROUNDING), when_logged(bundle, insurance.ROUNDING_REVERT)
    rejected = _lines(bundle, "ah-agent-api", "PREMIUM_MISMATCH partner_premium")
    assert rejected and all(changed < log["timestamp"] < reverted for log in rejected)
    for log in rejected:
        match = MISMATCH.search(log["message"])
        assert match is not None
        partner, core = int(match.group(1) + match.group(2)), int(match.group(3) + match.group(4))
        assert partner == core + 1 and core % 2 == 0  # half a cent: up for the partner, to even for the core
    calcs = _lines(bundle, "ah-core", "premium calc order=")
    assert calcs
    for log in calcs:
        match = CALC.search(log["message"])
        assert match is not None
        raw, rounded, mode = int(match.group(1) + match.group(2)), int(match.group(3) + match.group(4)), match.group(5)
        assert rounded == insurance.round_premium(raw, mode)
        assert (mode == "HALF_EVEN") == (changed < log["timestamp"] < reverted)
    for word in ("HALF_EVEN", "REQ-2026-0877", "rounding", "T_SYS_PARAM"):
        assert word not in own_text(bundle, "ah-agent-api")


def test_the_quote_slowdown_shows_only_in_the_request_rates(bundle):
    hxw = dict(series_points(bundle, "agent_api_requests_per_sec", partner="HXW"))
    ybt = dict(series_points(bundle, "agent_api_requests_per_sec", partner="YBT"))
    assert hxw[_minute("12:30")] > 10 * hxw[_minute("11:30")]
    assert ybt[_minute("12:30")] < 2 * ybt[_minute("11:30")]
    total = dict(series_points(bundle, "quote_requests_per_sec"))
    assert total[_minute("12:30")] > 4 * total[_minute("11:30")]
    # The logs do not tell: the channel API's access lines keep their usual mix of partners during the batch.
    def share(a: str, b: str) -> float:
        partners = Counter(match.group(1) for log in logs_of(bundle, "ah-agent-api")
                           if log["attributes"].get("log_type") == "access" and _at(a) <= log["timestamp"] < _at(b)
                           and (match := re.search(r"partner=(\w+)", log["message"])))
        return partners["HXW"] / sum(partners.values())
    assert abs(share("12:02", "12:58") - share("09:00", "12:00")) < 0.15
    for word in ("HXW", "惠选网", "partner"):
        assert word not in own_text(bundle, "ah-quote")
    points = series_points(bundle, "quote_p99_latency_ms")
    assert dict(points)[_minute("12:31")] == insurance.QUOTE_P99_PEAK == max(v for _, v in points)
    assert alert_named(bundle, "QuoteLatencyHigh")["value"] == insurance.QUOTE_ALERT_VALUE
    assert str(insurance.QUOTE_P99_PEAK) not in insurance.QUOTE_ALERT_VALUE


def test_the_bank_debited_both_the_timed_out_batch_and_its_resubmission(bundle):
    order = [when_logged(bundle, message) for message in (insurance.CCB_TIMEOUT, insurance.CCB_LATE_REPLY, insurance.RERUN,
                                                          insurance.CCB2_POSTED, insurance.RECON, insurance.REFUND)]
    assert order == sorted(order)
    gateway = own_text(bundle, "ah-bank-gw")
    for batch in ("RN20261222-CCB-01", "RN20261222-CCB-02"):
        assert f"file {batch}.txt sent to CCB" in gateway and f"reply file {batch}_RESULT.txt received" in gateway
    late = when_logged(bundle, "reply file RN20261222-CCB-01_RESULT.txt received from CCB (6981 records: 6850 success, "
                               "131 failed), forwarded to ah-payment")
    assert when_logged(bundle, insurance.CCB_TIMEOUT) < late < when_logged(bundle, insurance.RERUN)
    assert insurance.DUPLICATES <= min(6850, 6791)
    assert alert_named(bundle, "PaymentDuplicateDeduction")["value"] == f"{insurance.DUPLICATES} 笔"


def test_the_lookup_is_slow_from_the_morning_until_the_statistics_are_gathered_again(bundle):
    assert (when_logged(bundle, insurance.RELOAD_START) < when_logged(bundle, insurance.STATS_EMPTY)
            < when_logged(bundle, insurance.RELOAD_DONE))
    slow = [log["timestamp"] for log in logs_of(bundle, "ah-claims") if "policy lookup" in log["message"]
            and log["level"] in ("WARN", "ERROR")]
    fixed = when_logged(bundle, insurance.STATS_FIX)
    assert slow and _at("07:25") <= min(slow) and max(slow) < fixed
    ok = [log["timestamp"] for log in _lines(bundle, "ah-claims", "policy lookup ok")]
    assert not [t for t in ok if min(slow) <= t < fixed] and any(t > fixed for t in ok)
    plans = _lines(bundle, "ah-core-db", "slow SQL sql_id=8fz2k1m9qv3xd")
    assert plans and all("plan_hash_value=3391822114" in log["message"] and log["timestamp"] < fixed for log in plans)
    for word in ("T_CLAIM_POLICY_IDX", "num_rows", "8fz2k1m9qv3xd", "DBMS_STATS"):
        assert word not in own_text(bundle, "ah-claims")


def test_every_referral_is_the_new_rule_on_an_unanswered_question_of_a_medical_product(bundle):
    refer = _lines(bundle, "ah-underwriting", "result=REFER")
    published, fixed = when_logged(bundle, insurance.RULE_PUBLISH), when_logged(bundle, insurance.RULE_FIX)
    assert refer and all(published < log["timestamp"] < fixed for log in refer)
    assert all("rule=R-THY-012 (answers.Q7=null)" in log["message"] for log in refer)
    assert {re.search(r"product=(\S+)", log["message"]).group(1) for log in refer} == set(insurance.MEDICAL)
    points = series_points(bundle, "uw_manual_queue_size")
    assert dict(points)[_minute("11:04")] == insurance.UW_QUEUE_PEAK == max(v for _, v in points)
    assert str(insurance.UW_QUEUE_PEAK) not in alert_named(bundle, "UwAutoApproveRatioLow")["value"]


def test_the_resent_sms_are_last_weeks_claim_events_between_the_reset_and_the_pause(bundle):
    resent = _lines(bundle, "ah-notify", "(event time ")
    reset, paused = when_logged(bundle, insurance.OFFSET_RESET), when_logged(bundle, insurance.NOTIFY_STOP)
    assert resent and all(reset < log["timestamp"] < paused for log in resent)
    for log in resent:
        event = dt.datetime.fromisoformat(re.search(r"event time (\S+)\)", log["message"]).group(1) + "+08:00")
        assert dt.datetime.fromisoformat(log["timestamp"]) - event > dt.timedelta(hours=20)
    assert when_logged(bundle, insurance.OFFSET_RESTORE) > paused
    for word in ("to-earliest", "reset-offsets", "kafka_ops_maojun"):
        assert word not in own_text(bundle, "ah-notify")
    points = series_points(bundle, "notify_sms_sent_per_min")
    assert dict(points)[_minute("15:09")] == insurance.SMS_PEAK == max(v for _, v in points)
    assert alert_named(bundle, "NotifySmsVolumeHigh")["value"] == insurance.SMS_ALERT_VALUE
    assert str(insurance.SMS_PEAK) not in insurance.SMS_ALERT_VALUE


def test_the_ivr_loses_the_unicom_trunk_at_the_cutover_and_is_still_losing_it(bundle):
    cut = when_logged(bundle, insurance.CARRIER_CUT)
    refused = _lines(bundle, "ah-sbc", "488 Not Acceptable Here")
    assert refused and min(log["timestamp"] for log in refused) > cut
    assert max(log["timestamp"] for log in refused) > _at("17:30")
    answered = [log for log in _lines(bundle, "ah-ivr", " answered trunk=") if log["timestamp"] > cut]
    assert answered and all("trunk=telecom-trunk" in log["message"] for log in answered)
    assert any("trunk=unicom-trunk" in log["message"] for log in _lines(bundle, "ah-ivr", " answered trunk="))
    for name in ("SbcCallFailureRateHigh", "IvrInboundCallsDropped"):
        assert alert_named(bundle, name)["state"] == "firing"
    for word in ("Not Acceptable", "G729", "codec", "UNI-HZ-2026-1222"):
        assert word not in own_text(bundle, "ah-ivr")


def test_the_actuarial_batch_fails_while_the_undo_retention_is_900_and_succeeds_after(bundle):
    changed, reverted = when_logged(bundle, insurance.UNDO_CHANGE), when_logged(bundle, insurance.UNDO_REVERT)
    assert changed < when_logged(bundle, insurance.SNAPSHOT_TOO_OLD) < reverted < when_logged(bundle, insurance.ACT_DONE)
    pods = {p["name"]: p for p in bundle[K8S_SECTION]["pods"] if p["service"] == "ah-actuarial"}
    assert pods[insurance.ACT_POD]["phase"] == "Failed" and pods[insurance.ACT_POD]["last_termination"]["exit_code"] == 1
    assert pods[insurance.ACT_RERUN_POD]["phase"] == "Succeeded"
    retention = dict(series_points(bundle, "oracle_undo_retention_seconds"))
    assert retention[_minute("03:10")] == 900 and retention[_minute("10:00")] == 10800
    for word in ("undo_retention", "CHG-20261222-0003", "dba_zhoujie"):
        assert word not in own_text(bundle, "ah-actuarial")
    # The CPU alert of the night is the core system's end-of-day batch, on another host, over before the job failed.
    cpu = alert_named(bundle, "HostCpuHigh")
    assert cpu["service"] == "ah-core" and cpu["ends_at"] < _at("03:12")


#: (decoy change, the incident's first own line) — each decoy comes shortly before the incident it is not the cause of.
def _decoys() -> list[tuple[str, str]]:
    return [(insurance.ACT_IMAGE, insurance.UNDO_CHANGE), (insurance.PAY_DEPLOY, insurance.CCB_TIMEOUT),
            (insurance.CLAIMS_CONFIG, "policy lookup for report intake slow"), (insurance.POLICY_DEPLOY, insurance.RULE_PUBLISH),
            (insurance.OCR_DEPLOY, insurance.EXPORT_START), (insurance.QUOTE_CONFIG, "quote calc slow"),
            (insurance.AGENT_DEPLOY, insurance.ROUNDING), (insurance.POLICY_WATERMARK, insurance.HSM_BACK),
            (insurance.NOTIFY_CONFIG, insurance.OFFSET_RESET), (insurance.IVR_CONFIG, insurance.CARRIER_CUT)]


def test_every_incident_has_a_decoy_change_within_an_hour_and_a_half_before_it(bundle):
    for decoy, first in _decoys():
        [change] = [log for log in bundle["logs"] if log["message"] == decoy]
        assert change["attributes"].get("change") and change["level"] == "INFO"
        began = min(log["timestamp"] for log in bundle["logs"] if log["message"].startswith(first))
        gap = dt.datetime.fromisoformat(began) - dt.datetime.fromisoformat(change["timestamp"])
        assert dt.timedelta(0) < gap < dt.timedelta(minutes=90), decoy


def test_the_triggers_are_not_deploys_and_sit_on_other_services(bundle):
    changes = {(log["service"], log["message"]): log["attributes"]["change"] for log in bundle["logs"]
               if log["attributes"].get("change")}
    assert changes[("ah-core-db", insurance.UNDO_CHANGE)] == "config"
    assert changes[("ah-payment", insurance.RERUN)] == "ops"
    assert changes[("ah-underwriting", insurance.RULE_PUBLISH)] == "rules"
    assert changes[("ah-core", insurance.ROUNDING)] == "config"
    assert changes[("ah-hsm", insurance.HSM_BACK)] == "maintenance"
    assert changes[("ah-kafka", insurance.OFFSET_RESET)] == "ops"
    # A job's run, a carrier's cutover and a partner's traffic are no change of ours.
    for message in (insurance.STATS_EMPTY, insurance.EXPORT_START, insurance.CARRIER_CUT):
        assert not [log for log in bundle["logs"] if log["message"] == message and log["attributes"].get("change")]


def test_the_insurance_pods_are_named_like_kubernetes_names_them(bundle):
    job = re.compile(r"(ah-actuarial-reserve-(\d{8}|manual-0905)|ah-payment-renewal-deduct-\d{8}|"
                     r"ah-archive-export-20261222-r2|ah-notify-sms-retry-\d{8})-[bcdfghjklmnpqrstvwxz2456789]{5}")
    for pod in bundle[K8S_SECTION]["pods"]:
        if pod["phase"] in ("Succeeded", "Failed"):
            assert job.fullmatch(pod["name"]), pod["name"]
        else:
            assert service_from_pod_name(pod["name"]) == pod["service"], pod["name"]


def test_nothing_in_the_insurance_world_happens_after_its_reference_time_and_events_are_the_last_hour(bundle):
    now = dt.datetime.fromisoformat(bundle["reference_time"])
    stamps = [log["timestamp"] for log in bundle["logs"]] + [e["last_seen"] for e in bundle[K8S_SECTION]["events"]]
    stamps += [ts for series in bundle["metrics"] for ts, _ in series["points"]]
    assert all(dt.datetime.fromisoformat(stamp) <= now for stamp in stamps)
    events = bundle[K8S_SECTION]["events"]
    assert events and all(now - dt.datetime.fromisoformat(e["first_seen"]) <= dt.timedelta(hours=1) for e in events)
    assert {a["name"] for a in bundle["alerts"] if a["state"] == "firing"} == set(insurance.FIRING)


def test_every_question_of_the_insurance_world_names_a_service_of_its_bundle_or_none(bundle):
    names = {s["name"] for s in bundle["services"]}
    kinds = Counter(q.asked for q in insurance.QUESTIONS)
    assert len(insurance.QUESTIONS) == 16 and kinds == {"cause": 8, "quantity": 3, "existence": 3, "listing": 2}
    assert all(not q.service or q.service in names for q in insurance.QUESTIONS)
