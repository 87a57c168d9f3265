"""The utility world tells the story its docstring tells: each incident's symptoms stay inside its window and on the
instances it names, causes come before symptoms and sit on other services than the ones asked about, decoys come before
the symptoms they could be blamed for, and the asked peaks are not what the alerts say. A world wrong about itself would
grade the agents against a fiction. Pure: no database."""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

import pytest

from contracts.k8s import service_from_pod_name
from evaluation.worlds import utility
from evaluation.worlds.loading import K8S_SECTION
from tests.evaluation.worlds.bundle_reading import alert_named, logs_of, own_text, series_points, when_logged


@pytest.fixture(scope="module")
def bundle() -> dict[str, Any]:
    return utility.build_bundle()


def _t(clock: str) -> str:
    return f"2026-12-22T{clock}"


def _y(clock: str) -> str:
    return f"2026-12-21T{clock}"


def _point(clock: str) -> str:
    return f"{clock}:00+08:00"


def _stamps(bundle: dict[str, Any], service: str, needle: str) -> list[str]:
    return [log["timestamp"] for log in logs_of(bundle, service) if needle in log["message"]]


def test_only_the_two_pods_on_the_node_with_the_flapping_bond_time_out(bundle):
    on_node = {p["name"] for p in bundle[K8S_SECTION]["pods"] if p["node"] == utility.BAD_NODE}
    assert on_node == set(utility.ON_BAD_NODE)
    changed, fixed = when_logged(bundle, utility.NET_CHANGE), when_logged(bundle, utility.NET_FIX)
    timeouts = [log for log in logs_of(bundle, "nc-customer-app") + logs_of(bundle, "nc-crm")
                if _t("12:00") < log["timestamp"] and re.search(r"timed out|timeout", log["message"])]
    assert timeouts and {log["instance"] for log in timeouts} == on_node
    assert all(changed < log["timestamp"] < fixed for log in timeouts)
    # The other App pods keep answering through the flapping.
    served = [log for log in logs_of(bundle, "nc-customer-app") if changed < log["timestamp"] < fixed
              and log["attributes"].get("log_type") == "access"]
    assert served and utility.APP_BAD_POD not in {log["instance"] for log in served}
    # The bond flaps on that node alone, and nginx's upstream timeouts point at the one App pod's address.
    flaps = [log for log in logs_of(bundle, "nc-k8s-node") if "ens2f1" in log["message"]]
    assert flaps and {log["instance"] for log in flaps} == {utility.BAD_NODE}
    assert all(changed < log["timestamp"] <= fixed[:11] + "14:50:25" for log in flaps)
    upstreams = {re.search(r"http://([\d.]+):8080", log["message"]).group(1)
                 for log in logs_of(bundle, "nc-ingress") if "upstream timed out" in log["message"]}
    assert upstreams == {utility.pod_ip(utility.APP_BAD_POD)} and upstreams.pop().startswith("10.42.5.")
    for word in ("bond", "ens2f1", "NET-CHG-1207", utility.BAD_NODE, "sw-b-07"):
        assert word not in own_text(bundle, "nc-customer-app")


def test_the_customer_app_has_two_incidents_a_time_phrase_tells_apart(bundle):
    busy = _stamps(bundle, "nc-customer-app", "CHANNEL_BUSY")
    assert busy and _y("22:30") < min(busy) and max(busy) < when_logged(bundle, utility.CCB_WINDOW_FIX)
    slow = [log["timestamp"] for log in logs_of(bundle, "nc-customer-app") if log["level"] == "ERROR"
            and "CHANNEL_BUSY" not in log["message"]]
    assert slow and _t("14:04") < min(slow) and max(slow) < _t("14:50:20")
    starts = sorted((a["starts_at"], a["state"]) for a in bundle["alerts"] if a["service"] == "nc-customer-app")
    assert starts == [(_y("22:36:00+08:00"), "resolved"), (_t("14:09:00+08:00"), "resolved")]
    # Neither cause is the App's own: the bank's day-end code and window, the node's bond.
    for word in ("E0917", "CCB-NOTICE-2026-118", "maintenance", "日终"):
        assert word not in own_text(bundle, "nc-customer-app")


def test_the_top_ups_fail_on_the_banks_day_end_code_outside_the_window_the_channel_knows(bundle):
    failures = [log for log in logs_of(bundle, "nc-pay-channel") if "respCode=E0917" in log["message"]]
    assert failures and all("maintenance window configured 23:30-00:10" in log["message"] for log in failures)
    assert _y("22:30") < min(log["timestamp"] for log in failures)
    assert max(log["timestamp"] for log in failures) < when_logged(bundle, utility.CCB_WINDOW_FIX) < _y("23:30")
    # Each App failure is the channel's E0917, in the same trace.
    codes = {log["trace_id"] for log in failures}
    assert {log["trace_id"] for log in logs_of(bundle, "nc-customer-app") if "CHANNEL_BUSY" in log["message"]} == codes
    assert when_logged(bundle, utility.APP_DEPLOY) < min(log["timestamp"] for log in failures)  # the decoy came first
    routed = [log for log in logs_of(bundle, "nc-pay-channel") if log["message"].startswith("ccb-direct pay")
              and "respCode=0000" in log["message"] and _y("22:30") < log["timestamp"] < _y("23:30")]
    assert not routed


def test_the_residential_group_got_the_commercial_night_setback_until_the_night_dispatcher_undid_it(bundle):
    applied, night, fixed = (when_logged(bundle, m) for m in (utility.HEAT_SCHEDULE, utility.HEAT_NIGHT, utility.HEAT_FIX))
    complaints = _stamps(bundle, "nc-crm", "category=供暖不热")
    assert applied < when_logged(bundle, utility.HEAT_CONFIG) < night < min(complaints)
    assert all("城北" in log["message"] for log in logs_of(bundle, "nc-crm") if "供暖不热" in log["message"])
    writes = [log["message"] for log in logs_of(bundle, "nc-heat-control") if "-> 45.0°C written" in log["message"]]
    assert sorted(m.split()[0] for m in writes) == [f"HX-N-{n:02d}" for n in range(1, 13)]
    # The commercial stations the setback was meant for keep their ordinary temperature all night.
    supply = re.compile(r"^(HX-[A-Z]-\d\d) secondary supply ([\d.]+)°C")
    night_values = [(m.group(1), float(m.group(2))) for log in logs_of(bundle, "nc-heat-control")
                    if _y("22:15") < log["timestamp"] < fixed for m in [supply.search(log["message"])] if m]
    assert night_values and all(v < 47 for s, v in night_values if s.startswith("HX-N"))
    assert all(v > 54 for s, v in night_values if not s.startswith("HX-N"))
    points = series_points(bundle, "crm_tickets_created_per_hour", category="供暖不热")
    assert dict(points)[_y(_point("23:50"))] == utility.COMPLAINT_PEAK == max(v for _, v in points)
    alert = alert_named(bundle, "HeatComplaintSurge")
    assert alert["value"] == utility.COMPLAINT_ALERT_VALUE and str(utility.COMPLAINT_PEAK) not in alert["value"]
    assert alert["starts_at"] < _y(_point("23:50")) < alert["ends_at"]


def test_the_meters_report_at_once_when_the_carriers_cells_come_back_and_it_shows_in_the_push_rate(bundle):
    notice = when_logged(bundle, utility.CARRIER_NOTICE)
    north = re.compile(r"cell=CN-1\d\d")
    inside = [log for log in logs_of(bundle, "nc-iot-gateway") if _t("01:00") <= log["timestamp"] < _t("04:31")
              and north.search(log["message"])]
    assert not inside  # the cells were down
    rejected = _stamps(bundle, "nc-iot-gateway", "rate limit 800/s exceeded")
    reattached = when_logged(bundle, utility.AEP_REATTACH.format(n=41260, cells="CN-101..CN-138"))
    assert notice < reattached < min(rejected) and max(rejected) < _t("06:10")
    catch_up = _stamps(bundle, "nc-iot-gateway", "reportType=CATCH_UP")
    assert catch_up and reattached < min(catch_up)
    rate = dict(series_points(bundle, "aep_push_requests_per_second"))
    assert rate[_t(_point("04:36"))] == utility.PUSH_PEAK == max(rate.values())
    assert rate[_t(_point("03:00"))] * 50 < utility.PUSH_PEAK
    lag = dict(series_points(bundle, "meter_readings_consumer_lag"))
    assert lag[_t(_point("04:58"))] == utility.LAG_PEAK == max(lag.values())
    assert alert_named(bundle, "MeterIngestLagHigh")["value"] == utility.LAG_ALERT_VALUE
    assert when_logged(bundle, utility.INGEST_DEPLOY) < notice  # the ingest deploy came hours before the herd
    for word in ("eNodeB", "CT-HB-NM", "割接"):
        assert word not in own_text(bundle, "nc-meter-ingest")


def test_valves_close_only_after_the_misdated_tariff_is_recalculated_and_reopen_after_the_rerun(bundle):
    [imported] = [log for log in bundle["logs"] if log["message"] == utility.TARIFF_IMPORT]
    assert "effective_from=2026-11-15" in imported["message"] and "20261222" in imported["message"]
    recalc = [log for log in bundle["logs"] if log["message"] == utility.RECALC_DONE]
    assert [log["instance"] for log in recalc] == [utility.RECALC_POD] and "change" not in recalc[0]["attributes"]
    closed = _stamps(bundle, "nc-prepay", "ack=VALVE_CLOSED")
    assert imported["timestamp"] < recalc[0]["timestamp"] < when_logged(bundle, utility.VALVE_QUEUED) < min(closed)
    assert when_logged(bundle, utility.PREPAY_CONFIG) < min(closed)  # the decoy config came before the closures
    assert max(closed) < when_logged(bundle, utility.RECALC_RERUN)
    assert when_logged(bundle, utility.TARIFF_FIX) < when_logged(bundle, utility.RECALC_RERUN)
    opened = _stamps(bundle, "nc-prepay", "ack=VALVE_OPEN")
    assert opened and min(opened) > when_logged(bundle, utility.RECALC_RERUN)
    assert all(float(b) < 0 for b in re.findall(r"balance=¥(-?[\d.]+) reason=BALANCE_EXHAUSTED",
                                                 own_text(bundle, "nc-prepay")))
    for word in ("TRF-2026-HS", "effective_from", "2026-11-15", "bill_ops_liuyan"):
        assert word not in own_text(bundle, "nc-prepay")
    assert utility.RECALC_POD in {p["name"] for p in bundle[K8S_SECTION]["pods"]}


def test_the_same_dunning_batch_is_sent_by_the_legacy_crontab_and_by_the_cronjob(bundle):
    batches = [log["message"] for log in logs_of(bundle, "nc-notify") if log["message"].startswith("sms batch DUN-20261222")]
    assert batches == [utility.DUNNING_BATCH.format(source="nc-batch-01"),
                       utility.DUNNING_BATCH.format(source=utility.DUNNING_POD)]
    limited = _stamps(bundle, "nc-notify", "isv.BUSINESS_LIMIT_CONTROL")
    assert limited and _t("09:00") < min(limited) and max(limited) < when_logged(bundle, utility.CRON_FIX)
    assert "SMS_OUTAGE_NOTICE" in own_text(bundle, "nc-notify")  # the outage notices are throttled too
    assert when_logged(bundle, utility.MIGRATION) < when_logged(bundle, utility.LEGACY_CRON) < min(limited)
    assert when_logged(bundle, utility.NOTIFY_CONFIG) < min(limited)
    assert [log["instance"] for log in logs_of(bundle, "nc-dunning") if "dunning run" in log["message"]] == [
        utility.DUNNING_POD] * 2
    for word in ("crontab", "CRON[", "MIG-0412"):
        assert word not in own_text(bundle, "nc-notify")
    limit_alert = alert_named(bundle, "SmsSendFailureRateHigh")
    assert limit_alert["starts_at"] < _t("09:10") and limit_alert["state"] == "resolved"


def test_only_the_field_apps_pinning_the_old_key_fail_between_the_certificate_change_and_its_rollback(bundle):
    renewed, rolled_back = when_logged(bundle, utility.CERT_RENEW), when_logged(bundle, utility.CERT_ROLLBACK)
    handshakes = _stamps(bundle, "nc-ingress", "alert certificate unknown")
    assert handshakes and renewed < min(handshakes) and max(handshakes) < rolled_back
    synced = [log["message"] for log in logs_of(bundle, "nc-ingress") if "POST /field/v2/sync" in log["message"]
              and renewed < log["timestamp"] < rolled_back]
    assert synced and all("NCField/3.8.0-beta2" in m for m in synced)
    pins = [log for log in logs_of(bundle, "nc-field-dispatch") if "Certificate pinning failure" in log["message"]]
    assert pins and all(utility.OLD_PIN in log["message"] and "NCField 3.7." in log["message"] for log in pins)
    assert all(renewed < log["timestamp"] < rolled_back for log in pins)
    unacked = _stamps(bundle, "nc-field-dispatch", "not acknowledged in 15 min")
    assert unacked and renewed < min(unacked) and max(unacked) < _t("10:52")
    assert when_logged(bundle, utility.DISPATCH_DEPLOY) < renewed
    # The rollback is why the old certificate's expiry alert fires now.
    expiring = alert_named(bundle, "CertificateExpiringSoon")
    assert expiring["state"] == "firing" and expiring["starts_at"] > rolled_back and "2027-01-05" in expiring["summary"]


def test_the_isolation_trace_fails_only_while_the_geodatabase_compress_holds_its_locks(bundle):
    started, cancelled = when_logged(bundle, utility.GIS_COMPRESS), when_logged(bundle, utility.GIS_CANCEL)
    traces = _stamps(bundle, "nc-gis", "canceling statement due to lock timeout")
    plans = _stamps(bundle, "nc-field-dispatch", "GIS isolation trace timeout")
    assert traces and plans and started < min(traces) and started < min(plans)
    assert max(traces) < cancelled and max(plans) < cancelled
    assert when_logged(bundle, utility.DISPATCH_CONFIG) < started  # the decoy came before
    waits = [log for log in logs_of(bundle, "nc-gis") if "AccessExclusiveLock" in log["message"]]
    assert waits and {log["instance"] for log in waits} == {"nc-gisdb-01"}
    leak = [log for log in logs_of(bundle, "nc-alarm-center") if utility.INCIDENT in log["message"]]
    assert leak and leak[0]["timestamp"] < min(plans)
    # The dispatch's two incidents: the morning's pins end before the noon's traces begin.
    pins = _stamps(bundle, "nc-field-dispatch", "Certificate pinning failure")
    assert max(pins) < _t("10:41") < min(plans)
    for word in ("compress", "AccessExclusiveLock", "gis_admin_liqiang", "sdeadmin"):
        assert word not in own_text(bundle, "nc-field-dispatch")


def test_rs021_flips_between_two_rtus_under_one_common_address_until_rs033_gets_its_own(bundle):
    added, fixed = when_logged(bundle, utility.RTU_ADD), when_logged(bundle, utility.RTU_FIX)
    assert "common address 21" in utility.RTU_ADD and "21 -> 33" in utility.RTU_FIX
    reading = re.compile(r"RS-021 M_ME_NC_1 PT-102 outlet pressure ([\d.]+) MPa")
    readings = [(log, float(m.group(1))) for log in logs_of(bundle, "nc-scada-gw")
                for m in [reading.search(log["message"])] if m]
    low = [log for log, value in readings if value < 0.30]
    assert low and all(added < log["timestamp"] < fixed and "from 10.80.33.5" in log["message"] for log in low)
    assert all(value > 0.36 for log, value in readings if not added < log["timestamp"] < fixed)
    raised = _stamps(bundle, "nc-alarm-center", "LL (低低限 0.30 MPa) raised")
    assert raised and added < min(raised) and max(raised) < fixed
    assert len(raised) == len(_stamps(bundle, "nc-alarm-center", "back to normal, cleared"))
    assert when_logged(bundle, utility.ALARM_DEPLOY) < added
    for word in ("common address", "RS-033", "OT-CMS-0266", "10.80.33.5"):
        assert word not in own_text(bundle, "nc-alarm-center")


def test_the_historian_disk_peak_is_not_what_the_alert_says_and_the_growth_still_fires(bundle):
    points = series_points(bundle, "historian_archive_volume_used_percent", instance="historian-01")
    assert dict(points)[_t(_point("15:18"))] == utility.DISK_PEAK == max(v for _, v in points)
    assert [v for _, v in points].count(utility.DISK_PEAK) == 1
    disk_alert = alert_named(bundle, "HistorianDiskHigh")
    assert disk_alert["value"] == "90.2%" != f"{utility.DISK_PEAK}%"
    assert disk_alert["starts_at"] < _t(_point("15:18")) < disk_alert["ends_at"]
    configured, suspended = when_logged(bundle, utility.HIST_CONFIG), when_logged(bundle, utility.HIST_SUSPENDED)
    dropped = _stamps(bundle, "nc-historian", "dropping new events")
    assert configured < suspended < min(dropped) and max(dropped) < when_logged(bundle, utility.HIST_MOVED)
    assert dict(points)[_t(_point("09:10"))] < 62 < dict(points)[_t(_point("12:00"))]
    # The space was freed, the points were not put back: the growth alert still fires; the 02:08 CPU alert was the backup.
    assert alert_named(bundle, "HistorianArchiveGrowthHigh")["state"] == "firing"
    cpu = alert_named(bundle, "HostCpuHigh")
    assert cpu["state"] == "resolved" and cpu["ends_at"] < configured


def test_the_triggers_are_not_deploys_and_each_decoy_comes_before_its_symptoms(bundle):
    changes = {(log["service"], log["message"]): log["attributes"]["change"] for log in bundle["logs"]
               if log["attributes"].get("change")}
    assert changes[("nc-heat-control", utility.HEAT_SCHEDULE)] == "schedule"
    assert changes[("nc-iot-gateway", utility.CARRIER_NOTICE)] == "carrier"
    assert changes[("nc-billing", utility.TARIFF_IMPORT)] == "tariff"
    assert changes[("nc-dunning", utility.MIGRATION)] == "migration"
    assert changes[("nc-ingress", utility.CERT_RENEW)] == "certificate"
    assert changes[("nc-gis", utility.GIS_COMPRESS)] == "maintenance"
    assert changes[("nc-scada-gw", utility.RTU_ADD)] == "commissioning"
    assert changes[("nc-historian", utility.HIST_CONFIG)] == "config"
    assert changes[("nc-dc-net", utility.NET_CHANGE)] == "network"
    # A job's run and a cron line are no change of ours: the recalculation and the legacy crontab.
    for message in (utility.RECALC_DONE, utility.LEGACY_CRON):
        assert not [log for log in bundle["logs"] if log["message"] == message and log["attributes"].get("change")]
    for service, message, symptoms in (
            ("nc-heat-control", utility.HEAT_CONFIG, _y("22:00")), ("nc-customer-app", utility.APP_DEPLOY, _y("22:30")),
            ("nc-meter-ingest", utility.INGEST_DEPLOY, _t("04:31")), ("nc-prepay", utility.PREPAY_CONFIG, _t("06:02")),
            ("nc-notify", utility.NOTIFY_CONFIG, _t("09:00")), ("nc-field-dispatch", utility.DISPATCH_DEPLOY, _t("08:20")),
            ("nc-field-dispatch", utility.DISPATCH_CONFIG, _t("11:31")),
            ("nc-alarm-center", utility.ALARM_DEPLOY, _t("13:11")), ("nc-customer-app", utility.APP_CONFIG, _t("14:04"))):
        stamp = when_logged(bundle, message)
        assert changes[(service, message)] in ("deploy", "config")
        gap = dt.datetime.fromisoformat(symptoms + "+08:00") - dt.datetime.fromisoformat(stamp)
        assert dt.timedelta(0) < gap < dt.timedelta(hours=4), message


def test_the_healthy_services_warn_only_about_their_ordinary_business(bundle):
    for service in ("nc-einvoice", "nc-inspection"):
        levels = {log["level"] for log in logs_of(bundle, service)}
        assert levels <= {"INFO", "WARN"} and not [a for a in bundle["alerts"] if a["service"] == service]
        assert not {p["node"] for p in bundle[K8S_SECTION]["pods"] if p["service"] == service} & {utility.BAD_NODE}
    warnings = [log["message"] for log in logs_of(bundle, "nc-inspection") if log["level"] == "WARN"]
    assert warnings and all(m.startswith("hazard found household=") for m in warnings)


def test_the_utility_pods_are_named_like_kubernetes_names_them(bundle):
    for pod in bundle[K8S_SECTION]["pods"]:
        if pod["phase"] == "Succeeded":  # the CronJobs' pods: <cronjob>-<scheduled minute>-<5 characters>
            assert re.fullmatch(r"(nc-billing-balance-recalc|nc-dunning-daily|nc-prepay-lowbalance)-\d{8}-"
                                r"[bcdfghjklmnpqrstvwxz2456789]{5}", pod["name"]), pod["name"]
        else:
            assert service_from_pod_name(pod["name"]) == pod["service"], pod["name"]
    names = {p["name"] for p in bundle[K8S_SECTION]["pods"]}
    assert {utility.RECALC_POD, utility.DUNNING_POD, utility.lowbalance_pod(16)} <= names


def test_nothing_in_the_utility_world_happens_outside_its_span_and_events_are_the_last_hours(bundle):
    now = dt.datetime.fromisoformat(bundle["reference_time"])
    stamps = [log["timestamp"] for log in bundle["logs"]] + [e["last_seen"] for e in bundle[K8S_SECTION]["events"]]
    stamps += [ts for series in bundle["metrics"] for ts, _ in series["points"]]
    assert all(utility.START <= dt.datetime.fromisoformat(stamp) <= now for stamp in stamps)
    events = bundle[K8S_SECTION]["events"]
    assert events and all(now - dt.datetime.fromisoformat(e["first_seen"]) <= dt.timedelta(hours=1) for e in events)
    assert {a["name"] for a in bundle["alerts"] if a["state"] == "firing"} == set(utility.FIRING)
