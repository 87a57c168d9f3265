"""The esign world tells the story its docstring tells: each incident's symptoms stay inside its window and on the instances
it names, the causes come before the symptoms (one six hours before, two on another service than the one asked about,
several at a vendor, a bank, a customer or a job rather than in a deploy), the decoys are changes that caused nothing, the
node-level fault touches only the pods scheduled on that node, the asked peaks are not what the alerts say, the healthy
services are healthy and the listings are complete. A world wrong about itself would grade the agents against a fiction.
Pure: no database."""

from __future__ import annotations

import datetime as dt
import itertools
import re
from typing import Any

import pytest

from contracts.k8s import service_from_pod_name
from evaluation.worlds import esign
from evaluation.worlds.common import iso, job_name, job_pod
from evaluation.worlds.loading import K8S_SECTION
from tests.evaluation.worlds.bundle_reading import alert_named, logs_of, own_text, series_points, when_logged


@pytest.fixture(scope="module")
def bundle() -> dict[str, Any]:
    return esign.build_bundle()


def _at(clock: str) -> str:
    return f"2027-03-31T{clock}"


def _moment(stamp: str) -> dt.datetime:
    return dt.datetime.fromisoformat(stamp)


def _lines(bundle: dict[str, Any], service: str, needle: str) -> list[dict[str, Any]]:
    return [log for log in logs_of(bundle, service) if needle in log["message"]]


def _stamps(bundle: dict[str, Any], service: str, needle: str) -> list[str]:
    return [log["timestamp"] for log in _lines(bundle, service, needle)]


def _question(name: str) -> esign.WorldQuestion:
    return next(q for q in esign.QUESTIONS if q.name == name)


def _changes(bundle: dict[str, Any], service: str) -> list[str]:
    return [log["message"] for log in logs_of(bundle, service) if log["attributes"].get("change")]


# --- (1) the node without an entropy source ----------------------------------------------------------------
def test_only_the_ca_pods_on_the_migrated_node_time_out_generating_keys(bundle):
    timeouts = _lines(bundle, "qx-ca", "CERT_ISSUE_TIMEOUT")
    slow = _lines(bundle, "qx-ca", "(slow)")
    assert timeouts and {log["instance"] for log in timeouts} == set(esign.CA_ON_BAD)
    assert slow and {log["instance"] for log in slow} == set(esign.CA_ON_BAD)
    pods = bundle[K8S_SECTION]["pods"]
    assert {p["name"] for p in pods if p["node"] == esign.BAD_NODE} == set(esign.CA_ON_BAD)  # nothing else runs there
    ca_pods = [p for p in pods if p["service"] == "qx-ca"]
    assert len(ca_pods) == 6 and all(p["phase"] == "Running" and p["restarts"] == 0 for p in ca_pods)  # slow, not crashing
    assert {p["node"] for p in ca_pods} == set(esign.CRYPTO_NODES)
    # While the two time out, the four pods on node-06/07 generate their keys in milliseconds.
    first, last = min(log["timestamp"] for log in timeouts), max(log["timestamp"] for log in timeouts)
    fast = [log for log in _lines(bundle, "qx-ca", "issue event cert") if first <= log["timestamp"] <= last
            and log["instance"] not in esign.CA_ON_BAD]
    assert fast and all(int(re.search(r"generated in (\d+)ms", log["message"]).group(1)) < 100 for log in fast)
    # Nothing the CA service writes names the node, its entropy or the migration.
    for word in (esign.BAD_NODE, "node-05", "rngd", "entropy", "virtio", "migrat"):
        assert word not in own_text(bundle, "qx-ca")


def test_the_node_lost_its_entropy_source_in_the_migration_before_the_first_slow_key_and_got_it_back_after(bundle):
    migrated, exited = when_logged(bundle, esign.HOST_MIGRATED), when_logged(bundle, esign.RNGD_EXIT)
    slow = _stamps(bundle, "qx-ca", "(slow)")
    timeouts = _stamps(bundle, "qx-ca", "CERT_ISSUE_TIMEOUT")
    fixed = when_logged(bundle, esign.HAVEGED_FIX)
    assert migrated < exited < min(slow) < min(timeouts) and max(timeouts) < fixed and max(slow) < fixed
    assert min(slow) < _at("08:00")  # slow at night already, failing once the morning's signings came
    rngd = [log for log in bundle["logs"] if "rngd" in log["message"] and "haveged" not in log["message"]]
    assert rngd and {(log["service"], log["instance"]) for log in rngd} == {("qx-k8s-node", esign.BAD_NODE)}
    bad = series_points(bundle, "node_entropy_available_bits", node=esign.BAD_NODE)
    good = series_points(bundle, "node_entropy_available_bits", node="qx-k8s-node-06")
    assert max(v for ts, v in bad if _at("08:20") <= ts < _at("11:20")) < 100
    assert min(v for _, v in good) > 2500 and min(v for ts, v in bad if ts > _at("11:25")) > 2500
    # The cloud's migration is nobody's change of ours; the 08:05 validity config came after the keys were already slow.
    [line] = [log for log in bundle["logs"] if log["message"] == esign.HOST_MIGRATED]
    assert "change" not in line["attributes"]
    assert min(slow) < when_logged(bundle, esign.CA_VALIDITY) < min(timeouts)
    alert = alert_named(bundle, "CaCertIssueFailuresHigh")
    assert min(timeouts) < alert["starts_at"] and alert["ends_at"] > fixed[:19]


# --- (2) the CRL grown by a bulk revocation -----------------------------------------------------------------
def test_verify_answers_revocation_unknown_only_between_the_crl_s_next_update_and_the_longer_fetch_timeout(bundle):
    revoked, published = when_logged(bundle, esign.REVOKE_START), when_logged(bundle, esign.CRL_PUBLISHED)
    unknown = _stamps(bundle, "qx-verify", "REVOCATION_UNKNOWN")
    fetched = _stamps(bundle, "qx-verify", "#20270331 fetched in")
    assert revoked < published < min(unknown) and min(unknown) >= _at("08:05")
    assert _moment(min(unknown)) - _moment(revoked) > dt.timedelta(hours=6)  # the trigger, hours back
    assert when_logged(bundle, esign.VERIFY_FIX) < min(fetched) and max(unknown) < min(fetched)
    assert all("of 47.6 MB" in log["message"] for log in _lines(bundle, "qx-verify", "CRL fetch"))
    valid = _lines(bundle, "qx-verify", "-> VALID")
    assert all("AXCA-SM2-CA #20270330" in log["message"] for log in valid
               if log["timestamp"] < _at("08:05") and "AXCA" in log["message"])
    assert all("AXCA-SM2-CA #20270331" in log["message"] for log in valid
               if log["timestamp"] > max(fetched) and "AXCA" in log["message"])
    inside = [log for log in valid if min(unknown) < log["timestamp"] < max(unknown)]
    assert inside and all("SACA-RSA-CA" in log["message"] for log in inside)  # the other CA's signatures kept verifying
    # The revocation is qx-ca's batch, not a change, and not in the verifier's own lines; the 07:30 template change came first.
    [start] = [log for log in bundle["logs"] if log["message"] == esign.REVOKE_START]
    assert start["service"] == "qx-ca" and "change" not in start["attributes"]
    for word in ("RB-20270331-01", "revoke-batch", "186,412", "keyCompromise"):
        assert word not in own_text(bundle, "qx-verify")
    assert _changes(bundle, "qx-verify") == [esign.VERIFY_DECOY, esign.VERIFY_FIX]


# --- (3) and (4): qx-sign's morning and afternoon ----------------------------------------------------------
def test_second_signers_are_refused_only_for_documents_the_archive_optimized_after_their_first_signature(bundle):
    rejects = _lines(bundle, "qx-sign", "SIGN_REJECTED_DOC_MODIFIED")
    optimized = {re.search(r"saved (D\d+) ", log["message"]).group(1): log for log in _lines(bundle, "qx-archive",
                                                                                               "optimize-on-save:")}
    assert rejects and len(rejects) > 20
    on, off = iso(esign.OPT_ON, millis=True), iso(esign.OPT_OFF, millis=True)
    for log in rejects:
        doc = re.search(r"doc (D\d+):", log["message"]).group(1)
        assert int(re.search(r"signer (\d)/", log["message"]).group(1)) >= 2
        saved = optimized[doc]
        assert on <= saved["timestamp"] < off and saved["timestamp"] < log["timestamp"] < iso(esign.OPT_RESTORED, millis=True)
    for log in optimized.values():  # only partly signed documents were rewritten
        i, n = (int(x) for x in re.search(r"after signature (\d)/(\d)", log["message"]).groups())
        assert i < n and on <= log["timestamp"] < off
    # Single-signer contracts kept signing through the window; nothing qx-sign writes names the archive's optimization.
    singles = [log for log in _lines(bundle, "qx-sign", "signer 1/1") if min(r["timestamp"] for r in rejects) < log["timestamp"]
               < max(r["timestamp"] for r in rejects)]
    assert singles
    for word in ("optimize", "qpdf", "linearize", "STO-1187", "storage_ops"):
        assert word not in own_text(bundle, "qx-sign")
    assert when_logged(bundle, esign.SIGN_DATE_FORMAT) < when_logged(bundle, esign.ARCHIVE_OPTIMIZE)  # the decoy came first
    assert esign.ARCHIVE_OPTIMIZE in _changes(bundle, "qx-archive")


def test_the_perforation_seal_fails_exactly_for_documents_over_496_pages(bundle):
    fails = _lines(bundle, "qx-sign", "Width (0)")
    assert fails and all(int(re.search(r"\((\d+) pages\)", log["message"]).group(1)) > esign.SEAL_PX for log in fails)
    deployed, fixed = when_logged(bundle, esign.SIGN_DEPLOY), when_logged(bundle, esign.SIGN_PERF_FIX)
    before_deploy = [log for log in fails if log["timestamp"] < deployed]
    assert len(before_deploy) == 1 and esign.EARLY_BIG[1] in before_deploy[0]["message"]  # the 6.8.1 deploy: a decoy
    batch = [log for log in fails if log["timestamp"] > deployed]
    assert batch and all(esign.BANK in log["message"] for log in batch)
    assert when_logged(bundle, esign.BANK_BATCH) < min(log["timestamp"] for log in batch) and max(
        log["timestamp"] for log in batch) < fixed
    for log in _lines(bundle, "qx-sign", "骑缝章 over"):
        pages, width = (int(x) for x in re.search(r"over (\d+) pages.* \((\d+) px per page\)", log["message"]).groups())
        if " groups " in log["message"]:
            assert log["timestamp"] > fixed and width == esign.SEAL_PX // 100
        else:
            assert pages <= esign.SEAL_PX and width == esign.SEAL_PX // pages >= 1
    retried = [log for log in _lines(bundle, "qx-sign", " groups ") if esign.BANK in log["message"]]
    [resubmitted] = _stamps(bundle, "qx-flow", "re-submitted")
    assert retried and fixed < resubmitted < min(log["timestamp"] for log in retried)


def test_qx_sign_has_two_incidents_with_different_causes_at_different_times(bundle):
    rejects = _stamps(bundle, "qx-sign", "SIGN_REJECTED_DOC_MODIFIED")
    bank = [log["timestamp"] for log in _lines(bundle, "qx-sign", "Width (0)") if esign.BANK in log["message"]]
    assert max(rejects) < min(bank)
    morning, afternoon = alert_named(bundle, "SignDocModifiedRejects"), alert_named(bundle, "SignFailuresHigh")
    assert morning["ends_at"] < afternoon["starts_at"]
    assert not [log for log in _lines(bundle, "qx-sign", "SIGN_FAILED") if log["timestamp"] > _at("16:10:10")]


# --- (5) the nonce gap -------------------------------------------------------------------------------------
def test_the_dropped_transaction_leaves_a_nonce_gap_until_it_is_re_sent(bundle):
    sent = {int(re.search(r"nonce (\d+) sent", log["message"]).group(1)): log["timestamp"]
            for log in _lines(bundle, "qx-evidence", " sent to 衡链 node")}
    nonces = sorted(sent)
    assert nonces == list(range(nonces[0], nonces[-1] + 1)) and sent[esign.DROPPED_NONCE] == iso(esign.DROPPED_AT, millis=True)
    confirmed = {int(re.search(r"nonce (\d+) confirmed", log["message"]).group(1)): log["timestamp"]
                 for log in _lines(bundle, "qx-evidence", " confirmed in block ")}
    [resend] = [log for log in bundle["logs"] if "tx resend --nonce 88412" in log["message"]]
    resent = resend["timestamp"]
    assert resend["attributes"]["change"] == "ops"
    assert all(confirmed[k] < _at("09:05") for k in nonces if k < esign.DROPPED_NONCE)
    assert resent < confirmed[esign.DROPPED_NONCE] < _at("11:51")
    assert not [ts for ts in confirmed.values() if _at("09:05") < ts < resent]  # nothing confirmed in the gap
    assert when_logged(bundle, esign.CHAIN_RESET) > sent[esign.DROPPED_NONCE]
    pending = [int(re.search(r"tx nonce (\d+):", log["message"]).group(1)) for log in _lines(bundle, "qx-evidence", "no receipt")]
    assert pending and min(pending) >= esign.DROPPED_NONCE
    assert all("on-chain nonce 88412" in log["message"] for log in _lines(bundle, "qx-evidence", "chain account"))
    heights = [int(re.search(r"in block (\d+)", log["message"]).group(1)) for log in _lines(bundle, "qx-evidence", " in block ")]
    assert heights == sorted(heights)
    # The restart is the chain operator's; the 08:40 batch-size change came before and batches confirmed after it.
    assert not [log for log in bundle["logs"] if "hc-node-b2" in log["message"] and log["attributes"].get("change")
                and "resend" not in log["message"]]
    decoy = when_logged(bundle, esign.EVIDENCE_BATCH)
    assert [ts for ts in confirmed.values() if decoy < ts < _at("09:05")]


# --- (6) the bcrypt cost ------------------------------------------------------------------------------------
def test_sign_password_checks_cost_14_from_the_config_change_and_saturate_only_in_the_afternoon(bundle):
    on, off = when_logged(bundle, esign.AUTH_BCRYPT), when_logged(bundle, esign.AUTH_BCRYPT_FIX)
    checks = _lines(bundle, "qx-auth", "verify sign password")
    cost = {log["timestamp"]: (int(re.search(r"bcrypt cost (\d+)", log["message"]).group(1)),
                               int(re.search(r"took (\d+)ms", log["message"]).group(1))) for log in checks}
    assert all(c == 14 for ts, (c, _) in cost.items() if _at("12:30") <= ts < off)
    assert all(c == 10 for ts, (c, _) in cost.items() if ts < on) and all(c == 11 for ts, (c, _) in cost.items() if ts > off)
    assert all(ms < 2000 for ts, (c, ms) in cost.items() if c == 14 and ts < _at("14:00"))
    assert all(ms > 2000 for ts, (c, ms) in cost.items() if c == 14 and ts >= _at("14:00"))
    busy = _stamps(bundle, "qx-auth", "worker pool busy")
    assert busy and _at("14:00") <= min(busy) and max(busy) < off
    first_14 = min(ts for ts, (c, _) in cost.items() if c == 14)
    assert on < first_14 < when_logged(bundle, esign.AUTH_DEPLOY)  # slow two hours before the 13:40 deploy: a decoy
    alert = alert_named(bundle, "SignPasswordVerifySlow")
    assert alert["starts_at"] > when_logged(bundle, esign.AUTH_DEPLOY)[:19]


# --- (7) the PII-masking plugin ahead of hmac-auth -----------------------------------------------------------
def test_only_the_python_sdk_is_refused_after_the_pii_mask_plugin(bundle):
    plugin, timeout = when_logged(bundle, esign.GW_PLUGIN), when_logged(bundle, esign.GW_TIMEOUT)
    refused = _lines(bundle, "qx-gateway", "SIGNATURE_MISMATCH")
    assert refused and all(esign.PY_SDK in log["message"] and log["timestamp"] > plugin for log in refused)
    for log in refused:
        signed, received = (int(x) for x in re.search(r"\((\d+) bytes signed, (\d+) bytes received\)", log["message"]).groups())
        assert signed > received  # the \u escapes re-encoded to UTF-8
    ok = _lines(bundle, "qx-gateway", " 200 app ")
    assert [log for log in ok if log["timestamp"] > plugin and esign.JAVA_SDK in log["message"]]
    assert [log for log in ok if log["timestamp"] < plugin and esign.PY_SDK in log["message"]]
    assert timeout < plugin and not [log for log in refused if log["timestamp"] < plugin]  # the 19:10 timeout: a decoy
    alert = alert_named(bundle, "GatewayAuthFailuresHigh")
    assert alert["state"] == "firing" and alert["starts_at"] > plugin[:19]


# --- (8) the treasury's cash sweep ------------------------------------------------------------------------
def test_micro_deposits_fail_from_the_sweep_to_the_top_up_and_individual_checks_are_unaffected(bundle):
    swept, topped = when_logged(bundle, esign.SWEEP), when_logged(bundle, esign.TOPUP)
    fails = _stamps(bundle, "qx-realname", "ERR_4012")
    sent = _stamps(bundle, "qx-realname", "micro-deposit 0.")
    assert fails and swept < min(fails) and max(fails) < topped
    assert not [ts for ts in sent if swept < ts < topped and ts not in fails]
    balances = [(log["timestamp"], log["message"]) for log in _lines(bundle, "qx-realname", "payout account CMB")]
    assert all("balance 0.00 CNY" in m for ts, m in balances if swept < ts < topped)
    persons = [log for log in _lines(bundle, "qx-realname", "three-element check") if swept < log["timestamp"] < topped]
    assert persons and any(": match " in log["message"] for log in persons)
    # The sweep is the treasury's, not a change of ours; the 08:50 verify-attempts config is the only change and a decoy.
    assert _changes(bundle, "qx-realname") == [esign.REALNAME_DECOY]
    assert when_logged(bundle, esign.REALNAME_DECOY) < swept


# --- (9) the usage-statement runs piling up ------------------------------------------------------------------
def test_the_usage_statement_runs_pile_up_in_quarter_close_mode(bundle):
    pods = [p for p in bundle[K8S_SECTION]["pods"] if p["name"].startswith(esign.STMT_CRON)]
    running = {p["name"] for p in pods if p["phase"] == "Running"}
    assert running == {job_pod(job_name(esign.STMT_CRON, run)) for run in esign.STMT_RUNS} and len(running) == 6
    assert len([p for p in pods if p["phase"] == "Succeeded"]) == 3
    starts = _lines(bundle, "qx-billing", "quarter close mode")
    assert len(starts) == 6 and all("still running" in log["message"] for log in starts[1:])
    normal = _lines(bundle, "qx-billing", "0 statements pending")
    assert normal and max(log["timestamp"] for log in normal) < _at("20:00")
    assert all(int(re.search(r"finished in (\d+)s", log["message"]).group(1)) < 240 for log in normal)
    alert = alert_named(bundle, "BillingDbCpuHigh")
    assert alert["state"] == "firing" and alert["starts_at"] > starts[1]["timestamp"][:19]
    assert min(_stamps(bundle, "qx-billing", "Connection is not available")) > starts[1]["timestamp"]
    created = [e for e in bundle[K8S_SECTION]["events"] if e["object"] == f"CronJob/{esign.STMT_CRON}"]
    assert created and all(e["reason"] == "SuccessfulCreate" for e in created)
    assert not _changes(bundle, "qx-billing")  # the schedule, not a change


# --- (10) the template account's password lifetime -------------------------------------------------------
def test_template_connections_fail_from_the_password_expiry_until_the_dba_fix(bundle):
    expiry, fixed = iso(esign.PW_EXPIRES, millis=True), when_logged(bundle, esign.TPL_DBA_FIX)
    refused = _stamps(bundle, "qx-template", "Your password has expired")
    failed = _stamps(bundle, "qx-template", "Connection is not available")
    created = _stamps(bundle, "qx-template", "variables filled")
    assert refused and failed and expiry < min(refused) and max(refused) < fixed and expiry < min(failed) and max(failed) < fixed
    deployed = when_logged(bundle, esign.TPL_DEPLOY)
    assert [ts for ts in created if deployed < ts < expiry]  # the 08:30 deploy worked for forty minutes: a decoy

    def ratio(a: str, b: str) -> float:
        bad = len([ts for ts in failed if a <= ts < b])
        return bad / (bad + len([ts for ts in created if a <= ts < b]))
    assert ratio(_at("09:12"), _at("09:25")) < 0.5 < 0.8 < ratio(_at("09:45"), _at("10:15"))  # the pool drains
    # The password was set 180 days before it expired.
    changed = dt.datetime.fromisoformat("2026-10-02T09:12:40+08:00")
    assert "2026-10-02 09:12:40" in esign.TPL_DBA_FIX and "default_password_lifetime=180" in esign.TPL_DBA_FIX
    assert changed + dt.timedelta(days=180) == esign.PW_EXPIRES


# --- Across the world ---------------------------------------------------------------------------------------
def test_the_asked_peaks_are_not_what_the_alerts_say(bundle):
    for alert_name, metric, clock, peak, value in (
            ("CaCertIssueFailuresHigh", "ca_event_cert_issue_failure_ratio", "10:07", esign.CA_FAIL_PEAK,
             esign.CA_FAIL_ALERT_VALUE),
            ("EvidenceAnchorBacklogHigh", "evidence_anchor_pending", "11:48", esign.PENDING_PEAK, esign.PENDING_ALERT_VALUE),
            ("SignPasswordVerifySlow", "auth_sign_password_verify_p99_ms", "15:12", esign.AUTH_P99_PEAK,
             esign.AUTH_P99_ALERT_VALUE)):
        alert = alert_named(bundle, alert_name)
        assert alert["value"] == value and str(peak) not in value
        points = series_points(bundle, metric)
        stamp = _at(f"{clock}:00+08:00")
        assert dict(points)[stamp] == peak == max(v for _, v in points)
        assert [v for _, v in points].count(peak) == 1
        assert alert["starts_at"] < stamp < alert["ends_at"]
    question_peaks = {q.peak.metric: q.peak.value for q in esign.QUESTIONS if q.peak}
    assert question_peaks == {"ca_event_cert_issue_failure_ratio": esign.CA_FAIL_PEAK,
                              "evidence_anchor_pending": esign.PENDING_PEAK,
                              "auth_sign_password_verify_p99_ms": esign.AUTH_P99_PEAK}


def test_the_sign_change_listing_is_complete(bundle):
    question = _question("esign_sign_changes_listing")
    changes = _changes(bundle, "qx-sign")
    assert len(changes) == len(question.asked_facts) == 4
    assert all(log["level"] == "INFO" for log in logs_of(bundle, "qx-sign") if log["attributes"].get("change"))

    def names(fact, line: str) -> bool:
        return any(spelling in line for spelling in fact.spellings)
    # The asked facts and the change lines pair off one to one: nothing to list is missing, nothing asked is extra.
    assert any(all(names(fact, line) for fact, line in zip(question.asked_facts, order, strict=True))
               for order in itertools.permutations(changes))
    assert esign.ARCHIVE_OPTIMIZE not in changes  # the morning's cause is the archive's change, not the signing service's


def test_the_healthy_services_are_quiet_and_the_firing_alerts_are_the_listed_ones(bundle):
    for service in ("qx-tsa", "qx-notify"):
        assert not [a for a in bundle["alerts"] if a["service"] == service]
        assert {log["level"] for log in logs_of(bundle, service)} <= {"INFO", "WARN"}
        assert not [word for word in esign.INCIDENT_WORDS if word in own_text(bundle, service)]
        assert all(p["restarts"] == 0 for p in bundle[K8S_SECTION]["pods"] if p["service"] == service)
        watched = [s for s in bundle["metrics"] if s["service"] == service and s["threshold"] is not None]
        assert len(watched) == 2 and all(max(v for _, v in s["points"]) < s["threshold"] / 2 for s in watched)
        assert len(_changes(bundle, service)) == 1  # a decoy each: the pool size, the deploy
    assert {a["name"] for a in bundle["alerts"] if a["state"] == "firing"} == set(esign.FIRING)
    assert {f.spellings[0] for f in _question("esign_alert_listing").asked_facts} == set(esign.FIRING)
    slow = _stamps(bundle, "qx-archive", "object storage cn-hangzhou slow")
    assert slow and _at("14:40") <= min(slow) and max(slow) < _at("14:55")
    assert alert_named(bundle, "ArchiveUploadSlow")["state"] == "resolved"


def test_the_triggers_are_rarely_deploys_and_two_sit_upstream_of_the_asked_service(bundle):
    changes = {log["message"]: log["attributes"]["change"] for log in bundle["logs"] if log["attributes"].get("change")}
    assert changes[esign.ARCHIVE_OPTIMIZE] == changes[esign.AUTH_BCRYPT] == changes[esign.GW_PLUGIN] == "config"
    # The cloud's migration, the revocation batch, the chain node's restart, the treasury's sweep, the bank's batch, the
    # CronJob's runs and the password's lifetime are no change of ours.
    for message in (esign.HOST_MIGRATED, esign.REVOKE_START, esign.CRL_PUBLISHED, esign.CHAIN_RESET, esign.SWEEP,
                    esign.BANK_BATCH):
        assert message not in changes
    assert not [m for m in changes if "usage-stmt" in m]
    # Upstream: qx-verify's cause is qx-ca's batch, qx-sign's morning cause is qx-archive's config — each dependency is named
    # in the asked service's description.
    described = {s["name"]: s["description"] for s in bundle["services"]}
    assert "qx-ca" in described["qx-verify"] and "qx-archive" in described["qx-sign"]
    assert [log["service"] for log in bundle["logs"] if log["message"] == esign.REVOKE_START] == ["qx-ca"]
    assert [log["service"] for log in bundle["logs"] if log["message"] == esign.ARCHIVE_OPTIMIZE] == ["qx-archive"]
    # Hours back: the revocation at 01:30, the verifier failing from 08:05.
    assert _moment(min(_stamps(bundle, "qx-verify", "REVOCATION_UNKNOWN"))) - _moment(
        when_logged(bundle, esign.REVOKE_START)) > dt.timedelta(hours=6)


def test_the_esign_pods_are_named_like_kubernetes_names_them_and_nothing_happens_after_the_reference(bundle):
    for pod in bundle[K8S_SECTION]["pods"]:
        if pod["name"].startswith(esign.STMT_CRON):  # a CronJob's job pod: <job>-<5 characters>, the job <cronjob>-<minutes>
            assert re.fullmatch(r"qx-billing-usage-stmt-\d{8}-[bcdfghjklmnpqrstvwxz2456789]{5}", pod["name"])
        else:
            assert service_from_pod_name(pod["name"]) == pod["service"], pod["name"]
        assert pod["node"] in esign.NODES and pod["namespace"] == esign.NS
    deployments = {d["name"]: d for d in bundle[K8S_SECTION]["deployments"]}
    assert deployments["qx-auth"]["replicas"] == 6 and deployments["qx-ca"]["replicas"] == 6
    now = _moment(bundle["reference_time"])
    stamps = [log["timestamp"] for log in bundle["logs"]] + [e["last_seen"] for e in bundle[K8S_SECTION]["events"]]
    stamps += [ts for series in bundle["metrics"] for ts, _ in series["points"]]
    assert all(_moment(stamp) <= now for stamp in stamps)
    assert _moment(bundle["logs"][0]["timestamp"]) >= esign.START
    events = bundle[K8S_SECTION]["events"]
    assert events and all(now - _moment(e["last_seen"]) <= dt.timedelta(hours=1) for e in events)
    assert len(esign.QUESTIONS) == 16
    kinds = [q.asked for q in esign.QUESTIONS]
    assert (kinds.count("cause"), kinds.count("quantity"), kinds.count("existence"), kinds.count("listing")) == (8, 3, 3, 2)
    assert sum(q.healthy for q in esign.QUESTIONS) == 2
