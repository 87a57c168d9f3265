"""The auction world tells the story its docstring tells: each incident's symptoms stay inside its window and on the scales,
halls, rooms, bidders and pods it names, the causes come before the symptoms (often hours before, on another service, at a
vendor, a bank, an inspector or on one node), the decoys are changes that caused nothing, the node-level fault touches only
the pods scheduled on that node, the asked peaks are not what the alerts say, the healthy services are healthy and the
listings are complete. A world wrong about itself would grade the agents against a fiction. Pure: no database."""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

import pytest

from contracts.k8s import service_from_pod_name
from evaluation.worlds import auction
from evaluation.worlds.loading import K8S_SECTION
from tests.evaluation.worlds.bundle_reading import alert_named, logs_of, own_text, series_points, when_logged


@pytest.fixture(scope="module")
def bundle() -> dict[str, Any]:
    return auction.build_bundle()


def _at(clock: str) -> str:
    return f"2027-09-16T{clock}"


def _moment(stamp: str) -> dt.datetime:
    return dt.datetime.fromisoformat(stamp)


def _stamps(bundle: dict[str, Any], service: str, needle: str) -> list[str]:
    return [log["timestamp"] for log in logs_of(bundle, service) if needle in log["message"]]


def _question(name: str) -> auction.WorldQuestion:
    return next(q for q in auction.QUESTIONS if q.name == name)


def _own_lines(bundle: dict[str, Any], service: str) -> str:
    """What the service's own instances write, without the on-call engineers' notes."""
    return "\n".join(log["message"] for log in logs_of(bundle, service) if log["instance"] != "ops-console")


TICKET = re.compile(r"weigh ticket (W\d+) scale (S\d) .* baskets (\d+) gross ([\d.]+)kg tare ([\d.]+)kg net ([\d.]+)kg")


def test_only_scale_s3_weighs_without_tare_and_only_between_the_calibration_and_the_restore(bundle):
    calibrated, restored = when_logged(bundle, auction.S3_CALIBRATION), when_logged(bundle, auction.TARE_RESTORE)
    tickets = [(log["timestamp"], TICKET.search(log["message"])) for log in logs_of(bundle, "sa-weighbridge")]
    tickets = [(ts, m) for ts, m in tickets if m]
    assert tickets
    for ts, match in tickets:
        baskets, tare = int(match.group(3)), float(match.group(5))
        zero = match.group(2) == "S3" and calibrated < ts < restored
        assert (tare == 0.0) == zero, (ts, match.group(0))
        if not zero:
            assert tare == pytest.approx(baskets * auction.TARE_PER_BASKET, abs=0.06)
    # The calibration line says nothing of the tare: the wrong value is only in the tickets.
    assert "tare" not in auction.S3_CALIBRATION and [ts for ts, m in tickets if m.group(2) == "S3" and ts < calibrated]


def test_the_reweigh_shorts_are_lots_weighed_on_s3_hours_before_the_loading(bundle):
    zero_tickets = {m.group(1) for log in logs_of(bundle, "sa-weighbridge")
                    for m in [TICKET.search(log["message"])] if m and m.group(2) == "S3" and float(m.group(5)) == 0.0}
    shorts = [log for log in logs_of(bundle, "sa-dispatch") if "REWEIGH_SHORT" in log["message"]]
    assert shorts and all("scale S3" in log["message"] for log in shorts)
    assert {re.search(r"ticket (W\d+)", log["message"]).group(1) for log in shorts} <= zero_tickets
    for log in shorts:
        diff = float(re.search(r"diff ([-+][\d.]+)%", log["message"]).group(1))
        assert -13.0 < diff < -8.0
    oks = [log for log in logs_of(bundle, "sa-dispatch") if log["message"].startswith("reweigh") and " OK" in log["message"]]
    assert oks and not [log for log in oks if "scale S3" in log["message"]]
    first = min(log["timestamp"] for log in shorts)
    assert _moment(first) - _moment(when_logged(bundle, auction.S3_CALIBRATION)) > dt.timedelta(hours=8)
    # The 04:30 bay config came after every S3 ticket it would have to explain had been weighed: a decoy.
    assert when_logged(bundle, auction.DISPATCH_BAY) > max(
        log["timestamp"] for log in logs_of(bundle, "sa-weighbridge") if "scale S3" in log["message"] and "tare 0.0kg" in log["message"])
    for word in ("tare 0.0kg", "WO-YH-0915-03", "耀华衡器"):
        assert word not in own_text(bundle, "sa-dispatch")


def test_only_the_gateway_pods_on_node_04_drop_their_terminals(bundle):
    dropped = [log for log in logs_of(bundle, "sa-bidder-gw") if "ping timeout" in log["message"] or "LATE_PRESS" in log["message"]]
    assert dropped and {log["instance"] for log in dropped} == set(auction.ON_BAD_NODE)
    assert all(_at("03:32") <= log["timestamp"] < _at("05:31:30") for log in dropped)
    pods = bundle[K8S_SECTION]["pods"]
    assert {p["name"] for p in pods if p["node"] == auction.BAD_NODE} == set(auction.ON_BAD_NODE)  # nothing else runs there
    assert all(p["restarts"] == 0 and p["phase"] == "Running" for p in pods if p["service"] == "sa-bidder-gw")
    accepted = [log for log in logs_of(bundle, "sa-bidder-gw") if "accepted at tick" in log["message"]
                and _at("03:32") <= log["timestamp"] < _at("05:31")]
    assert accepted and not {log["instance"] for log in accepted} & set(auction.ON_BAD_NODE)
    masked = [log for log in bundle["logs"] if "irqbalance" in log["message"]]
    assert {(log["service"], log["instance"]) for log in masked} == {("sa-k8s-node", auction.BAD_NODE)}
    for word in ("irqbalance", auction.BAD_NODE, "KU-0915", "softirq"):
        assert word not in _own_lines(bundle, "sa-bidder-gw")


def test_node_04_was_patched_hours_before_the_scale_out_that_put_the_pods_there(bundle):
    patched, boot, back = (when_logged(bundle, m) for m in (auction.KERNEL_PATCH, auction.NODE_BOOT, auction.NODE_BACK))
    scaled = when_logged(bundle, auction.CRON_HPA)
    first = min(_stamps(bundle, "sa-bidder-gw", "ping timeout"))
    assert patched < boot < back < scaled < first and _moment(first) - _moment(patched) > dt.timedelta(hours=12)
    assert "masked: irqbalance.service" in auction.NODE_BOOT
    softirq = [(log["timestamp"], float(re.search(r"softirq cpu0 ([\d.]+)%", log["message"]).group(1)))
               for log in logs_of(bundle, "sa-k8s-node") if log["message"].startswith("node-exporter: softirq")]
    assert softirq and all((value > 90) == (_at("03:16") <= ts < _at("05:31:20")) for ts, value in softirq)
    # The 03:05 minimum-version config applies to every pod; the pods on other nodes kept accepting presses: a decoy.
    assert when_logged(bundle, auction.GW_MIN_VERSION) < first
    assert when_logged(bundle, auction.IRQ_FIX) < alert_named(bundle, "BidderTerminalDisconnects")["ends_at"]


def test_the_refused_bidders_are_the_active_ones_the_refund_batch_emptied(bundle):
    batch = when_logged(bundle, auction.REFUND_START)
    refused = [log for log in logs_of(bundle, "sa-deposit") if "DEPOSIT_INSUFFICIENT" in log["message"]]
    assert refused and batch < min(log["timestamp"] for log in refused)
    bidders = {re.search(r"bidder (B\d+)", log["message"]).group(1) for log in refused}
    assert bidders <= set(auction.REFUNDED)
    signed = {re.search(r"bidder (B\d+)", log["message"]).group(1) for log in logs_of(bundle, "sa-deposit")
              if log["message"].startswith("sign-in") and " ok " in log["message"]}
    assert signed and not signed & set(auction.REFUNDED)
    assert not [log for log in refused if "RF-20270915" in log["message"]]  # the refusal names no batch
    assert _moment(alert_named(bundle, "BidderSignInRefused")["starts_at"]) - _moment(batch) > dt.timedelta(hours=9)
    refund = [log for log in logs_of(bundle, "sa-deposit") if "RF-20270915" in log["message"]]
    assert all(not log["attributes"].get("change") for log in refund)  # a batch job, not a change
    assert batch < when_logged(bundle, auction.DEPOSIT_GRACE) < min(log["timestamp"] for log in refused)
    assert max(log["timestamp"] for log in refused) < when_logged(bundle, auction.TEMP_CREDIT)


def test_hairtail_lots_start_at_the_fallback_price_between_the_import_and_the_alias(bundle):
    imported, alias = when_logged(bundle, auction.DICT_IMPORT), when_logged(bundle, auction.DICT_ALIAS)
    fallbacks = _stamps(bundle, "sa-grading", "species_code=30201 not in dictionary")
    cheap = [log for log in logs_of(bundle, "sa-clock") if "graded 39999 其他海水鱼" in log["message"]]
    assert fallbacks and cheap and imported < min(fallbacks) < min(log["timestamp"] for log in cheap)
    assert max(log["timestamp"] for log in cheap) < alias and max(fallbacks) < alias
    assert all("start ¥12.00/kg" in log["message"] and log["message"].startswith("hall 1 ") for log in cheap)
    fair = _stamps(bundle, "sa-clock", "带鱼 start ¥48.00/kg")
    assert [ts for ts in fair if ts < imported] and [ts for ts in fair if ts > alias]
    assert not [ts for ts in fair if imported < ts < alias]
    assert when_logged(bundle, auction.PRICE_STEP) < min(log["timestamp"] for log in cheap)  # the price step: a decoy
    assert [log["attributes"].get("change") for log in logs_of(bundle, "sa-grading") if log["message"] == auction.DICT_IMPORT] == ["data"]
    for word in ("DICT-2027-09", "species_code=30201", "SC/T 3016-2027"):
        assert word not in own_text(bundle, "sa-clock")


def test_hall_2_lost_its_clock_ticks_after_the_snooping_aged_out(bundle):
    enabled, aged, fixed = (when_logged(bundle, m) for m in (auction.IGMP_ON, auction.IGMP_AGE, auction.IGMP_FIX))
    unsold = [log for log in logs_of(bundle, "sa-clock") if "流拍" in log["message"] and log["instance"] != "ops-console"]
    stale = _stamps(bundle, "sa-clock", "tick acks stale")
    assert unsold and stale and enabled < aged < min(stale) and aged < min(log["timestamp"] for log in unsold)
    assert max(log["timestamp"] for log in unsold) < fixed and max(stale) < fixed
    assert all(log["message"].startswith("hall 2 ") for log in unsold)
    sold_in_hall2 = [log for log in logs_of(bundle, "sa-clock") if log["message"].startswith("hall 2 ") and "sold ¥" in log["message"]
                     and aged < log["timestamp"] < fixed]
    assert not sold_in_hall2
    assert {log["service"] for log in bundle["logs"] if "igmp snooping" in log["message"]} == {"sa-network"}
    assert when_logged(bundle, auction.LOT_INTERVAL) < enabled  # the lot interval: before, with lots still selling
    assert [log for log in logs_of(bundle, "sa-clock") if log["message"].startswith("hall 2 ") and "sold ¥" in log["message"]
            and when_logged(bundle, auction.LOT_INTERVAL) < log["timestamp"] < aged]
    assert "igmp" not in own_text(bundle, "sa-clock").casefold()
    unsold_ratio = series_points(bundle, "clock_unsold_ratio_percent", hall="2")
    assert max(value for ts, value in unsold_ratio if ts < _at("05:00")) < 20


def test_the_clock_has_two_incidents_in_different_halls_at_different_times(bundle):
    cheap = _stamps(bundle, "sa-clock", "graded 39999 其他海水鱼")
    unsold = _stamps(bundle, "sa-clock", "-> 流拍")
    assert max(cheap) < min(unsold)
    first, second = alert_named(bundle, "LotPriceBelowReference"), alert_named(bundle, "Hall2UnsoldRateHigh")
    assert [first["labels"]["hall"], second["labels"]["hall"]] == ["1", "2"]
    assert first["ends_at"] < second["starts_at"]


def test_cold_room_c2_warmed_while_its_door_was_held_open(bundle):
    held, auto = when_logged(bundle, auction.DOOR_HOLD), when_logged(bundle, auction.DOOR_AUTO)
    beats = [log for log in logs_of(bundle, "sa-coldchain") if log["message"].startswith("door C2-D1 state")]
    assert beats and all(("mode=HOLD_OPEN" in log["message"]) == (held < log["timestamp"] < auto) for log in beats)
    assert {log["level"] for log in beats} == {"INFO"}
    temps = series_points(bundle, "coldroom_temp_celsius", room="C2")
    assert all(value < 5 for ts, value in temps if ts < held[:19] or ts > _at("03:41"))
    holds = [log for log in logs_of(bundle, "sa-grading") if "TEMP_ABUSE" in log["message"]]
    assert holds and held < min(log["timestamp"] for log in holds) and max(log["timestamp"] for log in holds) < _at("03:20")
    assert when_logged(bundle, auction.ALARM_DELAY) < held  # the alarm delay changed no temperature: a decoy
    assert _moment(alert_named(bundle, "ColdRoomTempHigh")["starts_at"]) - _moment(held) > dt.timedelta(hours=2)
    assert "HOLD_OPEN" not in own_text(bundle, "sa-grading")


def test_scale_s5_in_continuous_mode_is_a_request_rate_spike(bundle):
    replaced, fixed = when_logged(bundle, auction.S5_REPLACED), when_logged(bundle, auction.S5_FIX)
    readings = [log for log in logs_of(bundle, "sa-weighbridge") if "scale=S5" in log["message"]]
    assert readings and all(log["attributes"].get("log_type") == "access" for log in readings)
    assert replaced < min(log["timestamp"] for log in readings) and max(log["timestamp"] for log in readings) < fixed
    rate = dict(series_points(bundle, "weighbridge_readings_per_min"))
    assert rate[_at("02:14:00+08:00")] == auction.READINGS_PEAK > 40 * rate[_at("01:40:00+08:00")]
    deploy = when_logged(bundle, auction.WEIGH_DEPLOY)
    assert all(value < 100 for ts, value in rate.items() if deploy[:16] <= ts[:16] < _at("01:52"))  # the deploy: a decoy
    late = _stamps(bundle, "sa-weighbridge", "confirmed after")
    assert late and replaced < min(late) and max(late) < _at("02:45")


def test_the_returned_payouts_are_the_retired_bank_codes(bundle):
    bulletin, batch = when_logged(bundle, auction.BANK_BULLETIN), when_logged(bundle, auction.PAYOUT_BATCH)
    returned = [log for log in logs_of(bundle, "sa-settlement") if "returned:" in log["message"]]
    assert returned and all("to 岱山农商银行 cnaps=402342500" in log["message"] for log in returned)
    assert bulletin < batch < min(log["timestamp"] for log in returned)
    assert _moment(batch) - _moment(bulletin) > dt.timedelta(hours=10)
    ok = [log for log in logs_of(bundle, "sa-settlement") if log["message"].startswith("payout P") and log["message"].endswith(" ok")]
    assert ok and not [log for log in ok if "岱山农商银行" in log["message"]]
    assert when_logged(bundle, auction.SETTLE_DEPLOY) < batch
    alert = alert_named(bundle, "PayoutReturnsHigh")
    assert alert["state"] == "firing" and alert["ends_at"] is None


def test_the_ice_bin_emptied_while_the_interlock_stayed_latched(bundle):
    tripped, cleared, reset = (when_logged(bundle, m) for m in (auction.NH3_TEST, auction.NH3_CLEAR, auction.ESD_RESET))
    assert tripped < cleared < reset
    status = [log for log in logs_of(bundle, "sa-iceplant") if log["message"].startswith("flake ice bin")]
    assert status and all(("ESD-1=LATCHED" in log["message"]) == (tripped < log["timestamp"] < reset) for log in status)
    refused = _stamps(bundle, "sa-iceplant", "BIN_EMPTY")
    assert refused and cleared < min(refused) and max(refused) < _at("03:20")
    assert not [ts for ts in _stamps(bundle, "sa-iceplant", " t ok (ice card") if _at("01:40") <= ts < _at("03:20")]
    assert when_logged(bundle, auction.ICE_MAX) < tripped  # the per-boat maximum: a decoy
    assert not [log for log in logs_of(bundle, "sa-iceplant") if "NH3-D3" in log["message"] and log["attributes"].get("change")]
    waiting = _stamps(bundle, "sa-landing", "waiting for ice")
    assert waiting and min(waiting) > min(refused)


def test_slow_trace_scans_are_the_all_digit_codes_of_the_new_template(bundle):
    template = when_logged(bundle, auction.TPL_ON)
    scans = [(log["timestamp"], re.search(r"c=(\S+) 200 took=(\d+)ms", log["message"])) for log in logs_of(bundle, "sa-trace")
             if log["message"].startswith("GET /q?c=")]
    assert scans
    for ts, match in scans:
        code, took = match.group(1), int(match.group(2))
        assert (took > 500) == code.isdigit(), (ts, code, took)
        if code.isdigit():
            assert ts > _at("05:52") and len(code) == 16
    slow_sql = _stamps(bundle, "sa-trace", "type or collation conversion")
    assert slow_sql and _moment(min(slow_sql)) - _moment(template) > dt.timedelta(hours=12)
    deploy = when_logged(bundle, auction.TRACE_DEPLOY)
    assert [ts for ts, m in scans if ts > deploy and not m.group(1).isdigit()]  # old codes stayed fast after the deploy
    alert = alert_named(bundle, "TraceQueryLatencyHigh")
    assert alert["state"] == "firing" and alert["ends_at"] is None
    rescale = [e for e in bundle[K8S_SECTION]["events"] if e["object"] == "HorizontalPodAutoscaler/sa-trace"]
    assert rescale and "New size: 6" in rescale[0]["message"]


def test_the_quantity_peaks_are_not_what_the_alerts_say(bundle):
    for name, metric, labels, alert_name, peak, clock in (
            ("auction_weighbridge_readings_quantity", "weighbridge_readings_per_min", {}, "WeighTicketDelayHigh",
             auction.READINGS_PEAK, "02:14"),
            ("auction_coldroom_c2_temp_quantity", "coldroom_temp_celsius", {"room": "C2"}, "ColdRoomTempHigh",
             auction.C2_PEAK, "03:05"),
            ("auction_trace_latency_quantity", "trace_query_p95_ms", {}, "TraceQueryLatencyHigh", auction.TRACE_PEAK,
             "06:41")):
        points = series_points(bundle, metric, **labels)
        assert dict(points)[_at(f"{clock}:00+08:00")] == peak == max(value for _, value in points)
        alert = alert_named(bundle, alert_name)
        assert str(peak) not in alert["value"] and alert["starts_at"] < _at(f"{clock}:00+08:00")
        question = _question(name)
        assert question.peak is not None and question.peak.value == peak
        assert str(peak) not in str(alert["labels"]) and str(peak) not in alert["summary"]


def test_the_healthy_services_are_healthy_and_their_changes_are_decoys(bundle):
    for service in ("sa-priceboard", "sa-notify"):
        assert not [a for a in bundle["alerts"] if a["service"] == service]
        assert {log["level"] for log in logs_of(bundle, service)} <= {"INFO", "WARN"}
        for word in auction.INCIDENT_WORDS:
            assert word not in own_text(bundle, service)
        pods = [p for p in bundle[K8S_SECTION]["pods"] if p["service"] == service]
        assert pods and all(p["restarts"] == 0 and p["ready"] == "1/1" for p in pods)
        for metric in ("http_5xx_ratio", "http_p99_latency"):
            [series] = [s for s in bundle["metrics"] if s["name"] == metric and s["service"] == service]
            assert max(v for _, v in series["points"]) < series["threshold"]
    changes = {log["message"] for log in bundle["logs"] if log["attributes"].get("change")}
    assert auction.PRICEBOARD_DEPLOY in changes and auction.NOTIFY_CONFIG in changes


def test_the_listings_are_complete(bundle):
    firing = {a["name"] for a in bundle["alerts"] if a["state"] == "firing"}
    assert firing == set(auction.FIRING)
    clock_changes = [log["message"] for log in logs_of(bundle, "sa-clock") if log["attributes"].get("change")]
    assert clock_changes == list(auction.CLOCK_CHANGES)
    question = _question("auction_clock_changes_listing")
    for fact, line in zip(question.asked_facts, clock_changes, strict=True):
        assert any(spelling in line for spelling in fact.spellings)


def test_every_cause_is_before_its_symptom_and_most_are_hours_before_or_elsewhere(bundle):
    pairs = ((auction.S3_CALIBRATION, "ReweighDisputesHigh"), (auction.KERNEL_PATCH, "BidderTerminalDisconnects"),
             (auction.REFUND_START, "BidderSignInRefused"), (auction.DICT_IMPORT, "LotPriceBelowReference"),
             (auction.IGMP_ON, "Hall2UnsoldRateHigh"), (auction.DOOR_HOLD, "ColdRoomTempHigh"),
             (auction.S5_REPLACED, "WeighTicketDelayHigh"), (auction.BANK_BULLETIN, "PayoutReturnsHigh"),
             (auction.NH3_TEST, "IceBinLevelLow"), (auction.TPL_ON, "TraceQueryLatencyHigh"))
    elsewhere_or_hours = 0
    for cause, alert_name in pairs:
        first = min(log["timestamp"] for log in bundle["logs"] if log["message"] == cause)
        alert = alert_named(bundle, alert_name)
        assert first < alert["starts_at"], alert_name
        cause_service = next(log["service"] for log in bundle["logs"] if log["message"] == cause)
        if cause_service != alert["service"] or _moment(alert["starts_at"]) - _moment(first) > dt.timedelta(hours=1):
            elsewhere_or_hours += 1
    assert elsewhere_or_hours >= 8
    # At least two causes are changes not worded as a deploy, a config push or a restart.
    changes = {log["message"]: log["attributes"]["change"] for log in bundle["logs"] if log["attributes"].get("change")}
    assert changes[auction.DICT_IMPORT] == "data" and changes[auction.DOOR_HOLD] == changes[auction.IGMP_ON] == "ops"


def test_nothing_happens_after_the_reference_time_and_pods_are_named_like_kubernetes_names_them(bundle):
    now = dt.datetime.fromisoformat(bundle["reference_time"])
    stamps = [log["timestamp"] for log in bundle["logs"]] + [e["last_seen"] for e in bundle[K8S_SECTION]["events"]]
    stamps += [ts for series in bundle["metrics"] for ts, _ in series["points"]]
    assert all(dt.datetime.fromisoformat(stamp) <= now for stamp in stamps)
    assert all(now - dt.datetime.fromisoformat(e["first_seen"]) <= dt.timedelta(hours=1) for e in bundle[K8S_SECTION]["events"])
    for pod in bundle[K8S_SECTION]["pods"]:
        assert service_from_pod_name(pod["name"]) == pod["service"], pod["name"]


def test_another_seed_changes_only_the_noise_not_the_story():
    other = auction.build_bundle(seed=auction.SEED + 1)
    assert {a["name"]: a["state"] for a in other["alerts"]} == {a["name"]: a["state"] for a in auction.build_bundle()["alerts"]}
    for message in (auction.S3_CALIBRATION, auction.KERNEL_PATCH, auction.REFUND_START, auction.DICT_IMPORT, auction.IGMP_ON,
                    auction.DOOR_HOLD, auction.S5_REPLACED, auction.BANK_BULLETIN, auction.NH3_TEST, auction.TPL_ON):
        assert [log["message"] for log in other["logs"]].count(message) == 1
    for series in ("weighbridge_readings_per_min", "trace_query_p95_ms"):
        assert max(v for _, v in [s for s in other["metrics"] if s["name"] == series][0]["points"]) in (
            auction.READINGS_PEAK, auction.TRACE_PEAK)
