"""The lending world tells the story its docstring tells: each incident's symptoms stay inside its window and on the
loans, cards, customers and pods it names, the causes come before the symptoms (often hours before, on another service,
at a vendor, a finance operator or on one node), the decoys are changes that caused nothing, the node-level fault touches
only the pods scheduled on that node, the asked peaks are not what the alerts say, the healthy services are healthy and
the listings are complete. A world wrong about itself would grade the agents against a fiction. Pure: no database."""

from __future__ import annotations

import datetime as dt
import math
import re
from typing import Any

import pytest

from contracts.k8s import service_from_pod_name
from evaluation.worlds import lending
from evaluation.worlds.loading import K8S_SECTION
from tests.evaluation.worlds.bundle_reading import alert_named, logs_of, own_text, series_points, when_logged


@pytest.fixture(scope="module")
def bundle() -> dict[str, Any]:
    return lending.build_bundle()


def _at(clock: str) -> str:
    return f"2027-05-10T{clock}"


def _eve(clock: str) -> str:
    return f"2027-05-09T{clock}"


def _moment(stamp: str) -> dt.datetime:
    return dt.datetime.fromisoformat(stamp)


def _lines(bundle: dict[str, Any], service: str, needle: str) -> list[dict[str, Any]]:
    return [log for log in logs_of(bundle, service) if needle in log["message"]]


def _stamps(bundle: dict[str, Any], service: str, needle: str) -> list[str]:
    return [log["timestamp"] for log in _lines(bundle, service, needle)]


def _own_lines(bundle: dict[str, Any], service: str) -> str:
    """What the service's own instances write, without the on-call engineers' notes."""
    return "\n".join(log["message"] for log in logs_of(bundle, service) if log["instance"] != "ops-console")


def _changes(bundle: dict[str, Any], service: str) -> list[dict[str, Any]]:
    return [log for log in logs_of(bundle, service) if log["attributes"].get("change")]


def test_only_the_decision_pods_on_node_06_time_out_and_the_node_says_why(bundle):
    slow = _lines(bundle, "rx-decision", "-> fallback MANUAL_REVIEW")
    assert slow and {log["instance"] for log in slow} == set(lending.ON_BAD_NODE)
    pods = bundle[K8S_SECTION]["pods"]
    assert {p["name"] for p in pods if p["node"] == lending.BAD_NODE} == set(lending.ON_BAD_NODE)
    decision = {p["name"]: p["node"] for p in pods if p["service"] == "rx-decision"}
    assert sorted(decision.values()) == sorted(lending.AUDIT_NODES * 2)  # two on each audit node; only node-06 is slow
    assert all(p["restarts"] == 0 and p["ready"] == "1/1" for p in pods if p["service"] == "rx-decision")
    # The controller's write-through is on node-06 alone; the other audit nodes' disks answer in milliseconds.
    through = [log for log in logs_of(bundle, "rx-k8s-node") if "WriteThrough" in log["message"]]
    assert through and {log["instance"] for log in through} == {lending.BAD_NODE}
    awaits = [(log["instance"], int(re.search(r"write await (\d+) ms", log["message"]).group(1)))
              for log in logs_of(bundle, "rx-k8s-node") if "write await" in log["message"]]
    assert {node for node, ms in awaits if ms > 50} == {lending.BAD_NODE}
    assert {node for node, ms in awaits if ms < 10} <= {"rx-k8s-node-04", "rx-k8s-node-05"}
    # Every slow run spent most of its time appending the audit log, and the decision's own lines name neither node nor RAID.
    for log in slow:
        took, append = (int(v) for v in re.search(r"took (\d+)ms; audit log append (\d+)ms", log["message"]).groups())
        assert took > 300 and append >= 150 and append < took
    for word in ("WriteThrough", "BBU", "RAID", lending.BAD_NODE):
        assert word not in _own_lines(bundle, "rx-decision")
    unhealthy = [e for e in bundle[K8S_SECTION]["events"] if e["reason"] == "Unhealthy"]
    assert {e["object"] for e in unhealthy} == {f"Pod/{pod}" for pod in lending.ON_BAD_NODE}


def test_the_bbu_learn_cycle_starts_before_the_first_timeout_and_is_still_on_at_the_reference_time(bundle):
    started = when_logged(bundle, lending.BBU_START)
    slow = _stamps(bundle, "rx-decision", "-> fallback MANUAL_REVIEW")
    assert started < min(slow) and max(slow) > _at("11:20")
    assert _moment(min(slow)) - _moment(started) < dt.timedelta(minutes=5)
    [line] = [log for log in bundle["logs"] if log["message"] == lending.BBU_START]
    assert "change" not in line["attributes"]  # a controller's scheduled cycle: nobody's change
    alert = alert_named(bundle, "DecisionTimeoutHigh")
    assert alert["state"] == "firing" and alert["ends_at"] is None
    assert series_points(bundle, "decision_timeout_ratio")[-1][1] > 5
    # The 07:30 strategy release is a decoy: it ran on every pod, and the pods off node-06 decide it in time.
    released = when_logged(bundle, lending.STRATEGY_DECOY)
    assert released < started
    in_time = [log for log in logs_of(bundle, "rx-decision") if "strategy STR-2027-05-v2 decision" in log["message"]
               and log["timestamp"] > started]
    assert in_time and {log["instance"] for log in in_time}.isdisjoint(lending.ON_BAD_NODE)
    assert all(int(re.search(r"took=(\d+)ms", log["message"]).group(1)) < 300 for log in in_time)


def test_loans_above_50000_wait_in_hvps_only_while_the_raised_single_maximum_lets_them_through(bundle):
    raised, reverted = when_logged(bundle, lending.SINGLE_MAX_UP), when_logged(bundle, lending.SINGLE_MAX_DOWN)
    assert {log["service"] for log in bundle["logs"] if log["message"] in (lending.SINGLE_MAX_UP, lending.SINGLE_MAX_DOWN)} \
        == {"rx-limit"}
    processing = _lines(bundle, "rx-disburse", "status PROCESSING")
    assert len(processing) > 100 and raised < min(log["timestamp"] for log in processing)
    assert max(log["timestamp"] for log in processing) < reverted
    amounts = [float(re.search(r"¥([\d,]+\.\d\d)", log["message"]).group(1).replace(",", "")) for log in processing]
    assert min(amounts) > 50_000 and max(amounts) <= 80_000
    # Every one of them is credited when HVPS opens, and only then.
    held = {re.search(r"loan (LN\d+)", log["message"]).group(1) for log in processing}
    credited = _lines(bundle, "rx-disburse", "callback SUCCESS via HVPS")
    assert {re.search(r"loan (LN\d+)", log["message"]).group(1) for log in credited} == held
    assert all(_at("08:30") <= log["timestamp"] < _at("08:41") for log in credited)
    # Smaller loans go on being paid out the same evening; the 18:30 poll-interval config is a decoy before any of it.
    small = [log for log in _lines(bundle, "rx-disburse", "callback SUCCESS took=") if raised < log["timestamp"] < reverted]
    assert small and when_logged(bundle, lending.DISBURSE_DECOY) < raised
    assert "MKT-0509" not in own_text(bundle, "rx-disburse")
    alert = alert_named(bundle, "DisburseProcessingStuck")
    assert alert["state"] == "resolved" and alert["ends_at"] > _at("08:41")


def test_loans_are_returned_only_from_class_ii_accounts_and_only_above_their_daily_limit(bundle):
    opened, closed = when_logged(bundle, lending.CLASS_OPEN), when_logged(bundle, lending.CLASS_CLOSE)
    refunds = _lines(bundle, "rx-disburse", "status REFUNDED")
    assert refunds and all("(II类户)" in log["message"] for log in refunds)
    amounts = [float(re.search(r"¥([\d,]+\.\d\d)", log["message"]).group(1).replace(",", "")) for log in refunds]
    assert min(amounts) > 10_000
    stamps = [log["timestamp"] for log in refunds]
    assert opened < min(stamps) and max(stamps) < closed
    assert _moment(min(stamps)) - _moment(opened) > dt.timedelta(hours=14)
    bound = _stamps(bundle, "rx-app-api", "account class II")
    assert bound and opened < min(bound) and max(bound) < closed
    assert not [log for log in logs_of(bundle, "rx-app-api") if "account class II" in log["message"] and log["timestamp"] < opened]
    # The 06:40 deploy of rx-disburse is a decoy: the cause is rx-app-api's binding rule, which rx-disburse never names.
    assert when_logged(bundle, lending.DISBURSE_DEPLOY) < min(stamps)
    assert "bindcard.allow-account-class" not in own_text(bundle, "rx-disburse")


def test_rx_disburse_has_two_incidents_hours_apart_on_different_loans(bundle):
    processing = _stamps(bundle, "rx-disburse", "status PROCESSING")
    refunds = _stamps(bundle, "rx-disburse", "status REFUNDED")
    assert max(processing) < _eve("21:10:10") and min(refunds) > _at("07:00")
    assert alert_named(bundle, "DisburseProcessingStuck")["starts_at"] < alert_named(bundle, "DisburseRefundHigh")["starts_at"]
    held = {re.search(r"loan (LN\d+)", log["message"]).group(1) for log in _lines(bundle, "rx-disburse", "PROCESSING")}
    returned = {re.search(r"loan (LN\d+)", log["message"]).group(1) for log in _lines(bundle, "rx-disburse", "REFUNDED")}
    assert held and returned and not held & returned


def test_the_script_comes_from_one_range_and_one_device_and_fills_the_pool_only_while_it_runs(bundle):
    requests = _lines(bundle, "rx-apply", f"ua={lending.SCRIPT_UA}")
    assert requests and all(f"from {lending.SCRIPT_IP}." in log["message"] for log in requests)
    assert all(f"device={lending.SCRIPT_DEVICE}" in log["message"] for log in requests)
    blocked = when_logged(bundle, lending.SCRIPT_BLOCK)
    stamps = [log["timestamp"] for log in requests]
    assert _at("10:05") <= min(stamps) and max(stamps) < blocked
    saturated = _stamps(bundle, "rx-apply", "apply-submit pool saturated")
    assert saturated and min(saturated) >= _at("10:05") and max(saturated) < _at("10:48:10")
    timeouts = _stamps(bundle, "rx-app-api", "rx-apply timed out")
    assert timeouts and min(timeouts) > min(stamps) and max(timeouts) < blocked
    # The 09:55 OCR timeout config is a decoy: ten minutes of a quiet pool before the script.
    decoy = when_logged(bundle, lending.APPLY_DECOY)
    quiet = [log for log in _lines(bundle, "rx-apply", "apply-submit pool: active") if decoy < log["timestamp"] < _at("10:05")]
    assert quiet and decoy < min(stamps)


def test_the_asked_peaks_are_not_what_the_alerts_say(bundle):
    for alert_name, metric, peak, clock in (
            ("AntifraudRejectRateHigh", "antifraud_reject_ratio", lending.REJECT_PEAK, "08:47"),
            ("ApplySubmitTimeoutHigh", "apply_submit_requests_per_sec", lending.SCRIPT_PEAK, "10:31"),
            ("RepayDebitFailureHigh", "repay_debit_failure_ratio", lending.FAIL_PEAK, "06:42")):
        alert = alert_named(bundle, alert_name)
        points = dict(series_points(bundle, metric))
        stamp = _at(f"{clock}:00+08:00")
        assert points[stamp] == peak == max(points.values())
        assert str(peak) not in alert["value"] and alert["starts_at"] < stamp
        assert alert["ends_at"] is None or stamp < alert["ends_at"]
        [series] = [s for s in bundle["metrics"] if s["name"] == metric]
        assert series["threshold"] != peak


def test_older_customers_are_frozen_for_a_validity_of_changqi_the_migration_stored(bundle):
    migrated, job = when_logged(bundle, lending.MIGRATION), when_logged(bundle, lending.EXPIRY_JOB)
    failures = _lines(bundle, "rx-limit", "could not be parsed")
    assert failures and all("Text '长期'" in log["message"] for log in failures)
    assert migrated < min(log["timestamp"] for log in failures) < job
    frozen = _lines(bundle, "rx-limit", "LIMIT_FROZEN")
    assert frozen and all("id_valid_to=长期" in log["message"] and "ID_EXPIRED" in log["message"] for log in frozen)
    stamps = [log["timestamp"] for log in frozen]
    patched, unfrozen = when_logged(bundle, lending.MIGRATION_PATCH), when_logged(bundle, lending.UNFREEZE)
    assert job < min(stamps) and max(stamps) < unfrozen and patched < unfrozen
    assert _moment(min(stamps)) - _moment(migrated) > dt.timedelta(hours=13)
    # The migration is rx-apply's data change; rx-limit never names it, and its 01:30 deploy is a decoy.
    assert {log["service"] for log in bundle["logs"] if log["message"] in (lending.MIGRATION, lending.MIGRATION_PATCH)} \
        == {"rx-apply"}
    assert "CUST-MIG-0509" not in own_text(bundle, "rx-limit")
    assert when_logged(bundle, lending.LIMIT_DEPLOY) < job
    assert "6,214" in lending.EXPIRY_JOB and "6,214" in lending.UNFREEZE and "6,214" in lending.MIGRATION_PATCH


def test_refund_postings_are_rejected_only_for_the_closed_april_period(bundle):
    closed, processed = when_logged(bundle, lending.PERIOD_CLOSE), when_logged(bundle, lending.EXC_FILE)
    rejected = _lines(bundle, "rx-ledger", "rejected PERIOD_CLOSED")
    assert rejected and closed < processed < min(log["timestamp"] for log in rejected)
    assert all(re.search(r"value date 2027-04-(2[6-9]|30):", log["message"]) for log in rejected)
    opened, replayed = when_logged(bundle, lending.PERIOD_OPEN), when_logged(bundle, lending.DLQ_REPLAY)
    assert max(log["timestamp"] for log in rejected) < opened < replayed
    [close] = [log for log in bundle["logs"] if log["message"] == lending.PERIOD_CLOSE]
    assert close["attributes"]["change"] == "ops"  # a finance operator's month-end close, not a deploy
    assert when_logged(bundle, lending.LEDGER_DEPLOY) < processed  # the 01:00 deploy: a decoy
    assert {log["service"] for log in bundle["logs"] if log["message"] == lending.EXC_FILE} == {"rx-repay"}
    # May's postings go on meanwhile.
    may = [log for log in _lines(bundle, "rx-ledger", "period 2027-05") if opened > log["timestamp"] > processed]
    assert may


def test_the_reminders_went_to_customers_debited_after_the_early_snapshot(bundle):
    moved, taken = when_logged(bundle, lending.SNAPSHOT_EARLY), when_logged(bundle, lending.SNAPSHOT)
    batch, sent = when_logged(bundle, lending.DEBIT_BATCH.format(p=24)), when_logged(bundle, lending.REMINDER_BATCH)
    assert moved < taken < batch < when_logged(bundle, lending.DEBIT_DONE) < sent
    debited = {re.search(r"debit (LN\d+) ", log["message"]).group(1): log["timestamp"]
               for log in _lines(bundle, "rx-repay", "SUCCESS") if log["message"].startswith("debit ")}
    complaints = [log for log in _lines(bundle, "rx-collection", "已代扣成功") if log["message"].startswith("complaint ")]
    assert complaints
    for log in complaints:
        loan = re.search(r"\(loan (LN\d+)\)", log["message"]).group(1)
        assert taken < debited[loan] < sent < log["timestamp"]
    paused = when_logged(bundle, lending.REMINDER_PAUSE)
    assert sent < paused < when_logged(bundle, lending.SNAPSHOT_BACK)
    assert when_logged(bundle, lending.COLLECTION_DECOY) < sent  # the dialer config: a decoy
    alert = alert_named(bundle, "ReminderComplaintHigh")
    assert alert["state"] == "resolved" and sent < alert["starts_at"]
    assert paused < alert["ends_at"] and max(log["timestamp"] for log in complaints) < alert["ends_at"]
    assert "collection.audience.snapshot-at" not in own_text(bundle, "rx-repay")


def test_the_forced_upgrade_strands_mostly_huawei_users_while_their_store_reviews_the_version(bundle):
    stores, forced, unforced = (when_logged(bundle, m) for m in (lending.STORES, lending.FORCE, lending.UNFORCE))
    assert "huawei=IN_REVIEW" in lending.STORES and stores < forced < unforced
    blocked = _lines(bundle, "rx-app-api", "426 UPGRADE_REQUIRED")
    stamps = [log["timestamp"] for log in blocked]
    assert blocked and forced < min(stamps) and max(stamps) < unforced
    channels = [re.search(r"channel=(\w+)", log["message"]).group(1) for log in blocked]
    assert channels.count("huawei") > 0.6 * len(channels)
    assert all(re.search(r"android 5\.1\.\d ", log["message"]) for log in blocked)
    assert when_logged(bundle, lending.APP_DEPLOY) < forced  # the 00:40 deploy: a decoy


def test_the_bloom_filter_holds_two_and_a_half_times_what_it_was_sized_for(bundle):
    imported, built = when_logged(bundle, lending.ALLIANCE), when_logged(bundle, lending.BLOOM_BUILD)
    hits = _stamps(bundle, "rx-antifraud", "BLACKLIST_HIT (bloom filter")
    resized, rebuilt = when_logged(bundle, lending.BLOOM_CFG), when_logged(bundle, lending.BLOOM_FIX)
    assert imported < when_logged(bundle, lending.ANTIFRAUD_DEPLOY) < built < min(hits)
    assert max(hits) < rebuilt and resized < rebuilt
    assert _moment(min(hits)) - _moment(imported) > dt.timedelta(hours=10)
    assert 905_355 + 1_706_552 == 2_611_907
    # Guava's sizing for 1,000,000 at 0.001, filled with 2,611,907: the false-positive rate the rebuild reports.
    n, p, inserted = 1_000_000, 0.001, 2_611_907
    bits = -n * math.log(p) / math.log(2) ** 2
    hashes = max(1, round(bits / n * math.log(2)))
    assert round((1 - math.exp(-hashes * inserted / bits)) ** hashes, 3) == 0.170
    assert "expectedFpp()=0.170" in lending.BLOOM_BUILD
    points = dict(series_points(bundle, "antifraud_reject_ratio"))
    assert points[_at("06:30:00+08:00")] < 10 < points[_at("08:00:00+08:00")] and points[_at("11:00:00+08:00")] < 10


def test_auto_debits_are_refused_only_for_the_two_bins_the_channel_s_table_calls_credit(bundle):
    synced = when_logged(bundle, lending.BIN_SYNC)
    refused = _lines(bundle, "rx-repay", "CARD_TYPE_CREDIT")
    assert refused and all(re.search(r"card 62215[56]\*{6}\d{4} \(平安银行\)", log["message"]) for log in refused)
    stamps = [log["timestamp"] for log in refused]
    assert synced < _at("06:00") <= min(stamps) and max(stamps) > _at("11:00")
    [sync] = [log for log in bundle["logs"] if log["message"] == lending.BIN_SYNC]
    assert "change" not in sync["attributes"]  # the channel's nightly table: nobody's change line
    assert when_logged(bundle, lending.REPAY_DECOY) < min(stamps)  # the parallelism config: a decoy
    # Other banks' cards are debited all the while, and 平安银行 never appears among the successes.
    successes = [log for log in logs_of(bundle, "rx-repay") if "SUCCESS" in log["message"] and log["timestamp"] > _at("06:00")]
    assert successes and not [log for log in successes if "平安银行" in log["message"]]
    assert alert_named(bundle, "RepayDebitFailureHigh")["state"] == "firing"


def test_the_healthy_services_only_changed_things_that_caused_nothing(bundle):
    for service, decoy in (("rx-bureau", lending.BUREAU_DECOY), ("rx-contract", lending.CONTRACT_DEPLOY)):
        assert [log["message"] for log in _changes(bundle, service)] == [decoy]
        assert not [a for a in bundle["alerts"] if a["service"] == service]
        assert not [log for log in logs_of(bundle, service) if log["level"] in ("ERROR", "FATAL")]
        text = own_text(bundle, service)
        assert not [word for word in lending.INCIDENT_WORDS if word in text]
        for series in (s for s in bundle["metrics"] if s["service"] == service and s["threshold"] is not None):
            assert max(v for _, v in series["points"]) < series["threshold"]


def test_the_listings_are_complete(bundle):
    firing = [a for a in bundle["alerts"] if a["state"] == "firing"]
    assert sorted(a["name"] for a in firing) == sorted(lending.FIRING)
    now = bundle["reference_time"]
    assert all(a["ends_at"] < now for a in bundle["alerts"] if a["state"] == "resolved")
    question = next(q for q in lending.QUESTIONS if q.name == "lending_limit_changes_listing")
    changes = [log["message"] for log in _changes(bundle, "rx-limit")]
    assert len(changes) == len(question.asked_facts) == 4
    for fact in question.asked_facts:
        assert sum(any(s in line for s in fact.spellings) for line in changes) == 1, fact


def test_the_questions_ask_sixteen_things_of_the_kinds_the_brief_names():
    kinds = [q.asked for q in lending.QUESTIONS]
    assert len(kinds) == 16
    assert (kinds.count("cause"), kinds.count("quantity"), kinds.count("existence"), kinds.count("listing")) == (8, 3, 3, 2)
    assert sum(q.healthy for q in lending.QUESTIONS) == 2
    # The questions speak as people do: no k8s service name in them.
    assert not [q.name for q in lending.QUESTIONS if re.search(r"rx-[a-z]", q.question)]


def test_nothing_happens_after_the_reference_time_and_the_pods_are_named_like_kubernetes_names_them(bundle):
    now = _moment(bundle["reference_time"])
    stamps = [log["timestamp"] for log in bundle["logs"]] + [e["last_seen"] for e in bundle[K8S_SECTION]["events"]]
    stamps += [ts for series in bundle["metrics"] for ts, _ in series["points"]]
    assert all(_moment(stamp) <= now for stamp in stamps)
    assert _moment(min(stamps)) <= now - dt.timedelta(hours=19)
    assert all(now - _moment(e["first_seen"]) <= dt.timedelta(hours=1) for e in bundle[K8S_SECTION]["events"])
    for pod in bundle[K8S_SECTION]["pods"]:
        assert service_from_pod_name(pod["name"]) == pod["service"], pod["name"]


def test_another_seed_changes_the_noise_but_not_the_story():
    other = lending.build_bundle(seed=lending.SEED + 1)
    assert other["logs"] != lending.build_bundle()["logs"]
    for message in (lending.BBU_START, lending.MIGRATION, lending.ALLIANCE, lending.BIN_SYNC, lending.PERIOD_CLOSE):
        assert [log["timestamp"] for log in other["logs"] if log["message"] == message] == \
               [log["timestamp"] for log in lending.build_bundle()["logs"] if log["message"] == message]
