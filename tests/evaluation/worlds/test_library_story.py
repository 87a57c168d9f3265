"""The library world tells the story its docstring tells: each incident's symptoms stay inside its window and on the branches,
kiosks and pods it names, the causes come before the symptoms (often hours before, on another service, at a vendor, a carrier,
a partner or on one node), the decoys are changes that caused nothing, the node-level fault touches only the pods scheduled on
that node, the asked peaks are not what the alerts say, the healthy services are healthy and the listings are complete. A world
wrong about itself would grade the agents against a fiction. Pure: no database."""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

import pytest

from contracts.k8s import service_from_pod_name
from evaluation.worlds import library
from evaluation.worlds.loading import K8S_SECTION
from tests.evaluation.worlds.bundle_reading import alert_named, logs_of, own_text, series_points, when_logged


@pytest.fixture(scope="module")
def bundle() -> dict[str, Any]:
    return library.build_bundle()


def _at(clock: str) -> str:
    return f"2027-06-08T{clock}"


def _moment(stamp: str) -> dt.datetime:
    return dt.datetime.fromisoformat(stamp)


def _stamps(bundle: dict[str, Any], service: str, needle: str) -> list[str]:
    return [log["timestamp"] for log in logs_of(bundle, service) if needle in log["message"]]


def _question(name: str) -> library.WorldQuestion:
    return next(q for q in library.QUESTIONS if q.name == name)


def _own_lines(bundle: dict[str, Any], service: str) -> str:
    """What the service's own instances write, without the on-call engineers' notes."""
    return "\n".join(log["message"] for log in logs_of(bundle, service) if log["instance"] != "ops-console")


def test_only_the_hexi_kiosks_write_the_in_library_afi_on_checkout_and_only_between_push_and_rollback(bundle):
    push, rollback = when_logged(bundle, library.TAG_PUSH), when_logged(bundle, library.TAG_ROLLBACK)
    checkouts = [log for log in logs_of(bundle, "sx-kiosk") if " checkout item " in log["message"]]
    wrong = [log for log in checkouts if "tag AFI set 0x07" in log["message"]]
    assert wrong and {log["instance"] for log in wrong} == set(library.AFI_KIOSKS)
    assert push < min(log["timestamp"] for log in wrong) and max(log["timestamp"] for log in wrong) < rollback
    assert _moment(min(log["timestamp"] for log in wrong)) - _moment(push) > dt.timedelta(hours=10)  # closed overnight
    after = [log for log in checkouts if log["instance"] in library.AFI_KIOSKS and log["timestamp"] > rollback]
    assert after and all("tag AFI set 0xC2" in log["message"] for log in after)
    # The push is the vendor's maintenance through the self-service platform, not a deploy of ours.
    [line] = [log for log in bundle["logs"] if log["message"] == library.TAG_PUSH]
    assert line["service"] == "sx-kiosk" and line["attributes"]["change"] == "ops"


def test_the_hexi_gates_alarm_on_books_just_borrowed_there_not_because_of_the_sound_level(bundle):
    alarms = [log for log in logs_of(bundle, "sx-gate") if "circ status CHARGED" in log["message"]]
    assert alarms and all(re.search(r"gate HX-G\d alarm", log["message"]) for log in alarms)
    wrong_items = {re.search(r"checkout item (\d+)", log["message"]).group(1) for log in logs_of(bundle, "sx-kiosk")
                   if "tag AFI set 0x07" in log["message"] and " checkout item " in log["message"]}
    assert {re.search(r"tag (\d+) afi", log["message"]).group(1) for log in alarms} <= wrong_items
    for word in ("TP-2.3", "智图科技", "zt_fae_chenlu"):
        assert word not in own_text(bundle, "sx-gate")
    sound = when_logged(bundle, library.GATE_SOUND)
    assert sound < min(log["timestamp"] for log in alarms)  # the decoy came before, and every branch has it
    assert alert_named(bundle, "GateAlarmRateHigh")["labels"]["branch"] == "HX"


def test_only_the_opac_pods_on_node_05_are_killed_far_under_their_limits(bundle):
    pods = bundle[K8S_SECTION]["pods"]
    on_bad = {p["name"] for p in pods if p["node"] == library.BAD_NODE}
    assert on_bad == set(library.ON_BAD_NODE)  # the search pool's node-05 runs only these two
    for pod in (p for p in pods if p["service"] == "sx-opac"):
        bad = pod["node"] == library.BAD_NODE
        assert (pod["restarts"] > 0) == bad
        assert (pod["last_termination"] is not None and pod["last_termination"]["reason"] == "OOMKilled") == bad
    upstreams = {re.search(r"upstream (\S+) ", log["message"]).group(1) for log in logs_of(bundle, "sx-opac")
                 if " 502 upstream " in log["message"]}
    assert upstreams == set(library.ON_BAD_NODE)
    killed = [log for log in bundle["logs"] if "Out of memory: Killed process" in log["message"]]
    assert killed and {log["instance"] for log in killed} == {library.BAD_NODE}
    assert all(float(re.search(r"anon-rss:([\d.]+)GB", log["message"]).group(1)) < 6 for log in killed)
    assert len(killed) == sum(library.OPAC_RESTARTS.values()) == sum(p["restarts"] for p in pods if p["service"] == "sx-opac")
    [oom] = [e for e in bundle[K8S_SECTION]["events"] if e["reason"] == "SystemOOM"]
    assert oom["object"] == f"Node/{library.BAD_NODE}"
    for word in ("nr_hugepages", "ANS-0608-03", "HugePages", library.BAD_NODE):
        assert word not in _own_lines(bundle, "sx-opac")


def test_the_hugepages_were_reserved_hours_before_the_first_oom_and_only_on_node_05(bundle):
    ansible, reserved = when_logged(bundle, library.ANSIBLE), when_logged(bundle, library.HUGEPAGES)
    first = min(_stamps(bundle, "sx-k8s-node", "Out of memory"))
    assert ansible < reserved < first and _moment(first) - _moment(ansible) > dt.timedelta(hours=6)
    meminfo = [log for log in logs_of(bundle, "sx-k8s-node") if "node-exporter: meminfo" in log["message"]]
    for log in meminfo:
        assert ("HugePages_Total 24576" in log["message"]) == (log["instance"] == library.BAD_NODE
                                                                and log["timestamp"] > reserved), log
    assert when_logged(bundle, library.OPAC_SUGGEST) < first  # the suggest config reached all four pods: a decoy
    alert = alert_named(bundle, "OpacPodRestartsHigh")
    assert alert["state"] == "firing" and alert["ends_at"] is None


def test_the_seat_requests_spike_at_seven_because_every_branch_opens_then(bundle):
    points = dict(series_points(bundle, "seat_requests_per_min"))
    assert points[_at("07:01:00+08:00")] == library.SEAT_PEAK
    assert points[_at("07:01:00+08:00")] > 10 * points[_at("06:30:00+08:00")]  # group A no longer opens at 06:30
    failures = [log["timestamp"] for log in logs_of(bundle, "sx-seat") if "booking queue full" in log["message"]
                or "wait timeout" in log["message"]]
    assert failures and _at("07:00") <= min(failures) and max(failures) < _at("07:26")
    opened = when_logged(bundle, library.SEAT_OPEN)
    assert _moment(min(failures)) - _moment(opened) > dt.timedelta(hours=13)
    assert when_logged(bundle, library.SEAT_DEPLOY) < min(failures)  # 06:40's release served 06:41–07:00 fine: a decoy
    assert "20 branches open at 07:00:00" in library.SEAT_OPEN and "groupA 06:30 -> 07:00" in library.SEAT_OPEN


def test_refused_returns_are_all_in_the_weeding_batchs_too_wide_range(bundle):
    submit, run, undo = (when_logged(bundle, m) for m in (library.WEED_SUBMIT, library.WEED_RUN, library.WEED_UNDO))
    refused = [log for log in logs_of(bundle, "sx-kiosk") if "此书已注销" in log["message"]]
    assert refused and submit < run < min(log["timestamp"] for log in refused)
    assert max(log["timestamp"] for log in refused) < undo
    for log in refused:
        barcode = int(re.search(r"checkin item (\d+)", log["message"]).group(1))
        assert 31010001210000 <= barcode <= 31010001299999  # outside the intended range, inside the typed one
    branches = {log["instance"].split("-")[1] for log in refused}
    assert len(branches) >= 8  # returns anywhere, not one branch
    assert when_logged(bundle, library.KIOSK_QR) < min(log["timestamp"] for log in refused)  # the QR receipt: a decoy
    [batch] = [log for log in bundle["logs"] if log["message"] == library.WEED_SUBMIT]
    assert batch["service"] == "sx-ils" and "change" not in batch["attributes"]  # an operator's batch, no change line
    assert "WD-0607-02" not in own_text(bundle, "sx-kiosk")


def test_the_kiosks_have_two_incidents_at_different_times_and_branches(bundle):
    offline = _stamps(bundle, "sx-kiosk", "marked OFFLINE")
    refused = _stamps(bundle, "sx-kiosk", "此书已注销")
    assert offline and refused and max(offline) < "2027-06-07T21:00" and min(refused) > _at("09:00")
    first, second = alert_named(bundle, "KioskBranchOffline"), alert_named(bundle, "KioskCheckinRejectHigh")
    assert first["ends_at"] < second["starts_at"] and first["labels"]["branch"] == "LL"
    assert _moment(second["starts_at"]) - _moment(first["ends_at"]) > dt.timedelta(hours=12)


def test_liulins_kiosks_went_offline_with_the_carriers_early_cutover(bundle):
    down, up = when_logged(bundle, library.LINK_DOWN), when_logged(bundle, library.LINK_UP)
    missed = [log for log in logs_of(bundle, "sx-kiosk") if "marked OFFLINE" in log["message"]]
    assert len(missed) == len(library.LL_KIOSKS) and all(down < log["timestamp"] < up for log in missed)
    silent = [log for log in logs_of(bundle, "sx-kiosk") if log["instance"] in library.LL_KIOSKS and down < log["timestamp"] < up]
    assert not silent  # nothing from 柳林's kiosks while the line was down
    refused = [log for log in logs_of(bundle, "sx-kiosk") if "offline checkout" in log["message"]]
    assert len(refused) == 11 and all(log["timestamp"] > up for log in refused)
    assert when_logged(bundle, library.KIOSK_IDLE) < down  # the idle-logout config: before, everywhere
    assert "00:00–02:00" in library.CARRIER_NOTE and "CL-MSTP-0417" not in own_text(bundle, "sx-kiosk")
    online = dict(series_points(bundle, "kiosk_online", branch="LL"))
    assert online["2027-06-07T19:30:00+08:00"] == 0 and online["2027-06-07T20:40:00+08:00"] == 3


def test_the_new_branch_shares_nanyuans_chute_and_its_crates_go_there(bundle):
    imported, built = when_logged(bundle, library.BRANCH_IMPORT), when_logged(bundle, library.CHUTE_MAP)
    assert "sort_chute=12" in library.BRANCH_IMPORT and library.CHUTES["NY"] == 12
    sorted_lines = [log for log in logs_of(bundle, "sx-logistics") if log["message"].startswith("sorter SRT-01 item")]
    assert sorted_lines and imported < built < min(log["timestamp"] for log in sorted_lines)
    for log in sorted_lines:
        dst, chute = re.search(r"->(\w+) chute (\d+)", log["message"]).groups()
        assert int(chute) == (12 if dst == "XC" else library.CHUTES[dst])
    misrouted = [log for log in logs_of(bundle, "sx-logistics") if "misrouted" in log["message"]]
    assert misrouted and {log["instance"] for log in misrouted} == {"NY-RCV-01"}
    xc_sorted = {re.search(r"item (\d+)", log["message"]).group(1) for log in sorted_lines if "->XC " in log["message"]}
    assert {re.search(r"item (\d+):", log["message"]).group(1) for log in misrouted} <= xc_sorted
    deploy = when_logged(bundle, library.LOGI_DEPLOY)
    assert max(log["timestamp"] for log in sorted_lines) < deploy < min(log["timestamp"] for log in misrouted)  # a decoy
    assert "sort_chute" not in own_text(bundle, "sx-logistics") and "BR-IMPORT-0607" not in own_text(bundle, "sx-logistics")
    assert max(log["timestamp"] for log in misrouted) < _at("10:31") and when_logged(bundle, library.CHUTE_FIX) < _at("10:31")


def test_every_device_limit_is_reached_with_devices_bound_after_the_app_release(bundle):
    release = when_logged(bundle, library.APP_RELEASE)
    bound = [log for log in logs_of(bundle, "sx-ebook") if "new device bound" in log["message"]]
    refused = [log for log in logs_of(bundle, "sx-ebook") if "DEVICE_LIMIT_EXCEEDED" in log["message"]]
    assert bound and refused and release < min(log["timestamp"] for log in bound) < min(log["timestamp"] for log in refused)
    assert all("(app 4.8.0)" in log["message"] for log in bound + refused)
    for log in refused:
        devices = re.search(r"devices bound ([^)]+)\)", log["message"]).group(1).split(", ")
        assert len(devices) == 3 and all(f"2027-{d}" > "2027-06-07 20:10" for d in devices)
    assert max(log["timestamp"] for log in refused) < _at("10:36")
    known = [log for log in logs_of(bundle, "sx-ebook") if "known device" in log["message"]]
    assert known and all("(app 4.7.3)" in log["message"] for log in known)  # the old App keeps its device
    assert when_logged(bundle, library.EBOOK_SYNC) > min(log["timestamp"] for log in refused)  # the sync config: a decoy
    [line] = [log for log in bundle["logs"] if log["message"] == library.APP_RELEASE]
    assert line["service"] == "sx-app" and line["attributes"]["change"] == "deploy"


def test_new_ssc_cards_are_not_linked_after_the_replacement_file_and_still_failing(bundle):
    synced = when_logged(bundle, library.SSC_FILE)
    unlinks = [log for log in logs_of(bundle, "sx-reader") if "reason=换发, new_card_no=3101B" in log["message"]]
    assert unlinks and synced < min(log["timestamp"] for log in unlinks)
    fails = [log for log in logs_of(bundle, "sx-reader") if "type=SSC" in log["message"] and log["level"] == "WARN"]
    assert fails and _moment(min(log["timestamp"] for log in fails)) - _moment(synced) > dt.timedelta(hours=6)
    for log in fails:
        card = re.search(r"auth card (\d+[AB]\d+)", log["message"]).group(1)
        assert ("no reader linked" in log["message"]) == card.startswith("3101B")
    ok = [log for log in logs_of(bundle, "sx-reader") if "type=SSC" in log["message"] and ": ok" in log["message"]]
    assert ok and all("auth card 3101A" in log["message"] for log in ok)  # the old cards not replaced still work
    assert when_logged(bundle, library.READER_DEPLOY) < min(log["timestamp"] for log in fails)  # 08:20's deploy: a decoy
    alert = alert_named(bundle, "ReaderSscAuthFailHigh")
    assert alert["state"] == "firing" and max(log["timestamp"] for log in fails) > _at("10:50")


def test_only_donghu_fine_payments_fail_while_its_sub_merchant_is_frozen(bundle):
    frozen, restored = when_logged(bundle, library.FROZEN), when_logged(bundle, library.UNFROZEN)
    failed = [log for log in logs_of(bundle, "sx-payment") if "SUB_MCH_FROZEN" in log["message"]]
    assert failed and all("branch DH" in log["message"] for log in failed)
    assert frozen < min(log["timestamp"] for log in failed) and max(log["timestamp"] for log in failed) < restored
    donghu_wechat_ok = [log for log in logs_of(bundle, "sx-payment") if "branch DH via WeChat: SUCCESS" in log["message"]
                        and frozen < log["timestamp"] < restored]
    assert not donghu_wechat_ok
    others = [log for log in logs_of(bundle, "sx-payment") if "SUCCESS" in log["message"] and frozen < log["timestamp"] < restored]
    assert others  # the other branches pay as usual
    assert when_logged(bundle, library.PAY_EXPIRE) < frozen  # the order-expiry config: a decoy
    assert alert_named(bundle, "FinePaymentFailHigh")["state"] == "resolved"


def test_book_drop_returns_are_fined_at_the_upload_time_after_the_firmware(bundle):
    firmware = when_logged(bundle, library.DROP_FIRMWARE)
    late = [log for log in logs_of(bundle, "sx-ils") if "no_block=N" in log["message"]]
    assert late and firmware < min(log["timestamp"] for log in late)
    for log in late:  # the returned time the ILS took is the line's own time: the upload, not the drop
        assert log["timestamp"][:19] == "2027-06-08T" + re.search(r"returned 2027-06-08 (\d\d:\d\d:\d\d)", log["message"]).group(1)
    before = [log for log in logs_of(bundle, "sx-ils") if "no_block=Y" in log["message"]]
    assert before and max(log["timestamp"] for log in before) < firmware and all("on time" in log["message"] for log in before)
    disputes = [log for log in logs_of(bundle, "sx-ils") if log["message"].startswith("fine dispute")]
    assert disputes and min(log["timestamp"] for log in disputes) > max(log["timestamp"] for log in late)
    assert when_logged(bundle, library.HOLDS_PICKUP) < min(log["timestamp"] for log in late)  # pickup days: a decoy
    assert when_logged(bundle, library.DROP_ROLLBACK) < when_logged(bundle, library.FINE_REVERSAL)


def test_the_quantity_peaks_are_not_what_the_alerts_say(bundle):
    for name, metric, alert_name, peak, clock in (
            ("library_seat_requests_quantity", "seat_requests_per_min", "SeatRequestRateHigh", library.SEAT_PEAK, "07:01"),
            ("library_ebook_failures_quantity", "ebook_license_failures_per_10m", "EbookLicenseFailuresHigh",
             library.EBOOK_PEAK, "09:12"),
            ("library_fine_disputes_quantity", "overdue_fine_disputes_per_hour", "OverdueFineDisputesHigh",
             library.DISPUTE_PEAK, "10:00")):
        points = series_points(bundle, metric)
        assert dict(points)[_at(f"{clock}:00+08:00")] == peak == max(value for _, value in points)
        alert = alert_named(bundle, alert_name)
        assert str(peak) not in alert["value"] and alert["starts_at"] <= _at(f"{clock}:00+08:00")
        assert str(peak) not in alert["summary"] and str(peak) not in str(alert["labels"])
        question = _question(name)
        assert question.peak is not None and question.peak.value == peak and question.peak.metric == metric


def test_the_healthy_services_are_healthy_and_their_changes_are_decoys(bundle):
    for service in ("sx-activity", "sx-notify"):
        assert not [a for a in bundle["alerts"] if a["service"] == service]
        assert {log["level"] for log in logs_of(bundle, service)} <= {"INFO", "WARN"}
        for word in library.INCIDENT_WORDS:
            assert word not in own_text(bundle, service)
        pods = [p for p in bundle[K8S_SECTION]["pods"] if p["service"] == service]
        assert pods and all(p["restarts"] == 0 and p["ready"] == "1/1" and p["node"] != library.BAD_NODE for p in pods)
        for metric in ("http_5xx_ratio", "http_p99_latency"):
            [series] = [s for s in bundle["metrics"] if s["name"] == metric and s["service"] == service]
            assert max(v for _, v in series["points"]) < series["threshold"]
    changes = {log["message"] for log in bundle["logs"] if log["attributes"].get("change")}
    assert library.ACTIVITY_DEPLOY in changes and library.NOTIFY_CONFIG in changes


def test_the_listings_are_complete(bundle):
    firing = {a["name"] for a in bundle["alerts"] if a["state"] == "firing"}
    assert firing == set(library.FIRING)
    seat_changes = [log["message"] for log in logs_of(bundle, "sx-seat") if log["attributes"].get("change")]
    assert seat_changes == [library.SEAT_OPEN, library.SEAT_DEPLOY, library.SEAT_RESTORE]
    question = _question("library_seat_changes_listing")
    for fact, line in zip(question.asked_facts, seat_changes, strict=True):
        assert any(spelling in line for spelling in fact.spellings)
    assert all(log["level"] == "INFO" for log in logs_of(bundle, "sx-seat") if log["attributes"].get("change"))


def test_every_cause_is_before_its_symptom_and_most_are_hours_before_or_elsewhere(bundle):
    pairs = ((library.TAG_PUSH, "GateAlarmRateHigh"), (library.ANSIBLE, "OpacPodRestartsHigh"),
             (library.SEAT_OPEN, "SeatRequestRateHigh"), (library.WEED_RUN, "KioskCheckinRejectHigh"),
             (library.LINK_DOWN, "KioskBranchOffline"), (library.BRANCH_IMPORT, "TransferMisroutedHigh"),
             (library.APP_RELEASE, "EbookLicenseFailuresHigh"), (library.SSC_FILE, "ReaderSscAuthFailHigh"),
             (library.FROZEN, "FinePaymentFailHigh"), (library.DROP_FIRMWARE, "OverdueFineDisputesHigh"))
    far = 0
    for cause, alert_name in pairs:
        first = min(log["timestamp"] for log in bundle["logs"] if log["message"] == cause)
        alert = alert_named(bundle, alert_name)
        assert first < alert["starts_at"], alert_name
        cause_service = next(log["service"] for log in bundle["logs"] if log["message"] == cause)
        hours = _moment(alert["starts_at"]) - _moment(first) > dt.timedelta(hours=1)
        far += hours
        assert cause_service != alert["service"] or hours or alert_name == "FinePaymentFailHigh"
    assert far >= 8


def test_nothing_happens_after_the_reference_time_and_pods_are_named_like_kubernetes_names_them(bundle):
    now = dt.datetime.fromisoformat(bundle["reference_time"])
    stamps = [log["timestamp"] for log in bundle["logs"]] + [e["last_seen"] for e in bundle[K8S_SECTION]["events"]]
    stamps += [ts for series in bundle["metrics"] for ts, _ in series["points"]]
    stamps += [a["starts_at"] for a in bundle["alerts"]] + [a["ends_at"] for a in bundle["alerts"] if a["ends_at"]]
    assert all(dt.datetime.fromisoformat(stamp) <= now for stamp in stamps)
    assert all(now - dt.datetime.fromisoformat(e["first_seen"]) <= dt.timedelta(hours=1) for e in bundle[K8S_SECTION]["events"])
    for pod in bundle[K8S_SECTION]["pods"]:
        assert service_from_pod_name(pod["name"]) == pod["service"], pod["name"]
    deployments = {d["name"]: d for d in bundle[K8S_SECTION]["deployments"]}
    assert deployments["sx-opac"]["ready"] == sum(p["ready"] == "1/1" for p in bundle[K8S_SECTION]["pods"]
                                                  if p["service"] == "sx-opac")


def test_another_seed_changes_only_the_noise_not_the_story():
    other = library.build_bundle(seed=library.SEED + 1)
    original = library.build_bundle()
    assert {a["name"]: a["state"] for a in other["alerts"]} == {a["name"]: a["state"] for a in original["alerts"]}
    for message in (library.TAG_PUSH, library.ANSIBLE, library.SEAT_OPEN, library.WEED_SUBMIT, library.LINK_DOWN,
                    library.BRANCH_IMPORT, library.APP_RELEASE, library.SSC_FILE, library.FROZEN, library.DROP_FIRMWARE):
        assert [log["message"] for log in other["logs"]].count(message) == 1
    restarts = {p["name"]: p["restarts"] for p in other[K8S_SECTION]["pods"] if p["service"] == "sx-opac"}
    assert restarts == {p["name"]: p["restarts"] for p in original[K8S_SECTION]["pods"] if p["service"] == "sx-opac"}
    assert len(original["logs"]) != len(other["logs"]) or original["logs"] != other["logs"]
