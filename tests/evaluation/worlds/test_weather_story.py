"""The weather world tells the story its docstring tells: each incident's symptoms stay inside its window and on the radar,
stations, groups and pods it names, the causes come before the symptoms (often hours before, on another service, at a vendor
or on one node), the decoys are changes that caused nothing, the node-level fault touches only the pods scheduled on that
node, the asked peaks are not what the alerts say, the healthy services are healthy and the listings are complete. A world
wrong about itself would grade the agents against a fiction. Pure: no database."""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

import pytest

from contracts.k8s import service_from_pod_name
from evaluation.worlds import weather
from evaluation.worlds.loading import K8S_SECTION
from tests.evaluation.worlds.bundle_reading import alert_named, logs_of, own_text, series_points, when_logged


@pytest.fixture(scope="module")
def bundle() -> dict[str, Any]:
    return weather.build_bundle()


def _at(clock: str) -> str:
    return f"2027-07-14T{clock}"


def _moment(stamp: str) -> dt.datetime:
    return dt.datetime.fromisoformat(stamp)


def _stamps(bundle: dict[str, Any], service: str, needle: str) -> list[str]:
    return [log["timestamp"] for log in logs_of(bundle, service) if needle in log["message"]]


def _question(name: str) -> weather.WorldQuestion:
    return next(q for q in weather.QUESTIONS if q.name == name)


def _own_lines(bundle: dict[str, Any], service: str) -> str:
    """What the service's own instances write, without the on-call engineers' notes."""
    return "\n".join(log["message"] for log in logs_of(bundle, service) if log["instance"] != "ops-console")


def test_the_zhaotong_volumes_carry_the_calibration_offset_only_between_the_vendors_two_visits(bundle):
    maint, fixed = when_logged(bundle, weather.RADAR_MAINT), when_logged(bundle, weather.RADAR_FIX)
    volumes = [log for log in logs_of(bundle, "yl-radar-ingest") if log["message"].startswith("volume Z9870 ")]
    offset = [log for log in volumes if "dbz_cal_offset=-7.5" in log["message"]]
    assert offset and maint < min(log["timestamp"] for log in offset) and max(log["timestamp"] for log in offset) < fixed
    assert [log for log in volumes if log["timestamp"] < maint and "dbz_cal_offset=+0.0" in log["message"]]
    assert [log for log in volumes if log["timestamp"] > fixed and "dbz_cal_offset=+0.0" in log["message"]]
    # No other radar ever carries an offset, and the maintenance line does not name it: only the volumes' values say it.
    others = [log for log in logs_of(bundle, "yl-radar-ingest") if "dbz_cal_offset" in log["message"]
              and not log["message"].startswith("volume Z9870 ")]
    assert others and all("dbz_cal_offset=+0.0" in log["message"] for log in others)
    assert "dbz_cal_offset" not in weather.RADAR_MAINT and {log["level"] for log in offset} == {"INFO"}
    alert = alert_named(bundle, "RadarGaugeBiasHigh")
    assert _moment(alert["starts_at"]) - _moment(maint) > dt.timedelta(hours=3)
    assert when_logged(bundle, weather.MOSAIC_CFG) < maint  # the mosaic interval: before, with every radar fine
    low = [log for log in logs_of(bundle, "yl-radar-ingest") if log["message"].startswith("QPE 1h") and log["level"] == "WARN"]
    assert low and all(int(re.search(r"bias (-?\d+)%", log["message"]).group(1)) < -60 for log in low)


def test_only_the_tile_pods_on_node_05_crash_and_the_node_says_why(bundle):
    crashes = [log for log in logs_of(bundle, "yl-tile-server") if log["message"] == weather.TILE_CRASH]
    assert crashes and {log["instance"] for log in crashes} == set(weather.ON_BAD_NODE)
    pods = bundle[K8S_SECTION]["pods"]
    assert {p["name"] for p in pods if p["node"] == weather.BAD_NODE} == set(weather.ON_BAD_NODE)  # nothing else runs there
    for pod in pods:
        if pod["service"] == "yl-tile-server":
            crashing = pod["name"] in weather.ON_BAD_NODE
            assert (pod["waiting_reason"] == "CrashLoopBackOff") == crashing and (pod["ready"] == "0/1") == crashing
    served = [log for log in logs_of(bundle, "yl-tile-server") if log["message"].startswith("GET /tiles/")]
    assert served and not {log["instance"] for log in served} & set(weather.ON_BAD_NODE)
    ipv6 = [log for log in bundle["logs"] if "ipv6.disable=1" in log["message"] or "IPv6" in log["message"]]
    assert ipv6 and {(log["service"], log["instance"]) for log in ipv6} == {("yl-k8s-node", weather.BAD_NODE)}
    for word in ("ipv6.disable=1", weather.BAD_NODE, "PLT-0713-09"):
        assert word not in _own_lines(bundle, "yl-tile-server")
    backoff = [e for e in bundle[K8S_SECTION]["events"] if e["reason"] == "BackOff"]
    assert {e["object"] for e in backoff} == {f"Pod/{pod}" for pod in weather.ON_BAD_NODE}


def test_node_05_was_reinstalled_hours_before_the_scale_out_that_put_the_pods_there(bundle):
    rebuilt, back, scaled = (when_logged(bundle, m) for m in (weather.NODE_REBUILD, weather.NODE_BACK, weather.HPA_SCALE))
    first = min(_stamps(bundle, "yl-tile-server", "Address family not supported"))
    assert rebuilt < back < scaled < first and _moment(first) - _moment(rebuilt) > dt.timedelta(hours=14)
    assert when_logged(bundle, weather.TILE_CACHE) < scaled  # the cache config: half an hour before, tiles still fast
    fast = [log for log in logs_of(bundle, "yl-tile-server") if log["message"].startswith("GET /tiles/")
            and when_logged(bundle, weather.TILE_CACHE) < log["timestamp"] < scaled]
    assert fast and all(int(re.search(r"took=(\d+)ms", log["message"]).group(1)) < 200 for log in fast)
    alert = alert_named(bundle, "TileLatencyHigh")
    assert alert["state"] == "firing" and alert["ends_at"] is None and alert["starts_at"] > scaled[:19]
    restarts = {p["name"]: p["restarts"] for p in bundle[K8S_SECTION]["pods"]}
    for index, pod in enumerate(weather.ON_BAD_NODE):
        exits = [log for log in logs_of(bundle, "yl-tile-server") if log["instance"] == pod and log["level"] == "ERROR"]
        assert restarts[pod] == weather.tile_restarts(index) == len(exits) - 1 > 20  # the last exit waits in back-off


def test_the_evening_wrf_waits_on_idle_nodes_behind_the_maintenance_reservation(bundle):
    reservation = when_logged(bundle, weather.RESERVATION)
    submitted = when_logged(bundle, weather.WRF_SUBMIT)
    pending = _stamps(bundle, "yl-nwp-scheduler", "Reserved_for_maintenance")
    assert pending and reservation < submitted < min(pending)
    assert _moment(min(pending)) - _moment(reservation) > dt.timedelta(hours=9)
    # The job cannot end before the reservation: submitted 19:30 with four hours, the reservation from 21:00.
    assert "TimeLimit=04:00:00" in weather.WRF_SUBMIT and "StartTime=2027-07-14T21:00:00" in weather.RESERVATION
    idle = [log["message"] for log in logs_of(bundle, "yl-hpc") if log["message"].startswith("sinfo:")
            and log["timestamp"] > _at("19:52")]
    assert idle and all("idle 64, alloc 0" in message for message in idle)
    # The afternoon WRF ran before the reservation was near; no job is allocated after 19:30.
    allocated = _stamps(bundle, "yl-hpc", "sched: Allocate")
    assert allocated and max(allocated) < submitted
    assert when_logged(bundle, weather.RADT_CFG) < submitted  # the radt config: an hour before, the 19:05 RUC ran
    assert "maint_gpfs_0714" not in own_text(bundle, "yl-nwp-scheduler")
    alert = alert_named(bundle, "NwpJobPendingLong")
    assert alert["state"] == "firing" and alert["value"] == weather.NWP_PENDING_ALERT


def test_the_decision_sms_fail_only_for_qujing_between_the_import_and_its_correction(bundle):
    imported, fixed = when_logged(bundle, weather.CONTACT_IMPORT), when_logged(bundle, weather.CONTACT_FIX)
    refused = [log for log in logs_of(bundle, "yl-sms-gateway") if "ESME_RINVDSTADR" in log["message"]]
    assert refused and imported < min(log["timestamp"] for log in refused) and max(log["timestamp"] for log in refused) < fixed
    assert all("group=曲靖市决策" in log["message"] and re.search(r"dest=0874\d{7} ", log["message"]) for log in refused
               if log["message"].startswith("submit_sm"))
    samples = [log["message"] for log in logs_of(bundle, "yl-contacts") if log["message"].startswith("contact 曲靖市")]
    assert samples and all("mobile=0874-" in message for message in samples)
    # 大理's group was imported by the same night and its wind warning's SMS went out.
    assert [log for log in logs_of(bundle, "yl-sms-gateway") if "group=大理州决策" in log["message"] and "delivered 98.9%" in log["message"]]
    assert when_logged(bundle, weather.SMS_WEIGHT) > imported and when_logged(bundle, weather.SMS_WEIGHT) < min(
        log["timestamp"] for log in refused)  # the channel weight: after the import, before the first refusal, a decoy
    for word in ("YJ_ZRR_5303_20270714.csv", "办公电话"):
        assert word not in own_text(bundle, "yl-sms-gateway")
    assert _moment(alert_named(bundle, "DecisionSmsFailureHigh")["starts_at"]) - _moment(imported) > dt.timedelta(hours=13)


def test_every_stroke_arrives_twice_while_the_backup_processor_feeds_us(bundle):
    on, off = when_logged(bundle, weather.CP2_ON), when_logged(bundle, weather.CP2_OFF)
    strokes = [log for log in logs_of(bundle, "yl-lightning") if log["message"].startswith("stroke ")]
    cp1 = [log for log in strokes if log["message"].endswith("cp=CP-1")]
    cp2 = [log for log in strokes if log["message"].endswith("cp=CP-2")]
    assert cp2 and on < min(log["timestamp"] for log in cp2) and max(log["timestamp"] for log in cp2) < off
    assert len(cp2) == len([log for log in cp1 if log["timestamp"] < off])  # one duplicate per stroke until CP-2 left
    assert [log for log in cp1 if log["timestamp"] > off]
    dedup = [log["message"] for log in logs_of(bundle, "yl-lightning") if log["message"].startswith("dedup ")]
    assert dedup and all(message.endswith("dropped 0") for message in dedup)
    assert min(log["timestamp"] for log in strokes) > on  # the vendor's change three hours before the first storm
    deploy = when_logged(bundle, weather.LD_DEPLOY)
    assert on < deploy < min(log["timestamp"] for log in strokes)  # the 13:40 deploy: a decoy between
    rate = series_points(bundle, "lightning_strokes_per_min")
    points = dict(rate)
    assert points[_at("17:39:00+08:00")] > 1.9 * points[_at("17:41:00+08:00")]  # halved when CP-2 left, storm going on


def test_the_widget_spikes_come_at_every_top_of_the_hour_after_the_release_until_the_jitter(bundle):
    release, fix = when_logged(bundle, weather.APP_RELEASE), when_logged(bundle, weather.WIDGET_FIX)
    widget = [log for log in logs_of(bundle, "yl-forecast-api") if "YunLingWeather/6.8.0 (widget)" in log["message"]]
    assert widget and release < min(log["timestamp"] for log in widget) and max(log["timestamp"] for log in widget) < fix
    assert all(log["timestamp"][14:16] in ("00", "01", "02", "03") for log in widget)
    points = dict(series_points(bundle, "forecast_api_requests_per_sec"))
    for hour in ("07", "08", "09"):
        assert points[_at(f"{hour}:01:00+08:00")] > 4 * points[_at(f"{hour}:30:00+08:00")]
    assert points[_at("11:00:00+08:00")] < 1000 and points[_at("12:00:00+08:00")] < 1000
    timeouts = [log for log in logs_of(bundle, "yl-forecast-api") if "grid-reader timeout" in log["message"]]
    assert timeouts and all(_at("08:00") <= log["timestamp"] < _at("08:04") for log in timeouts)
    gzip = when_logged(bundle, weather.GZIP_CFG)
    assert min(log["timestamp"] for log in widget) < gzip  # spikes all night before the 07:30 gzip config: a decoy
    assert {log["service"] for log in bundle["logs"] if log["message"] in (weather.APP_RELEASE, weather.WIDGET_FIX)} == {
        "yl-app-api"}


def test_the_orange_upgrade_went_out_as_a_new_alert_and_left_two_signals_active(bundle):
    template, orange = when_logged(bundle, weather.TPL_IMPORT), when_logged(bundle, weather.ORANGE_CAP)
    conflicts = _stamps(bundle, "yl-forecast-api", "2 active signals of kind 暴雨")
    assert conflicts and template < orange < min(conflicts) and max(conflicts) < when_logged(bundle, weather.API_REPLACED)
    assert "msgType=Alert" in weather.ORANGE_CAP and "references=none" in weather.ORANGE_CAP
    assert "msgType=Update" in weather.UPDATE_CAP and weather.YELLOW_ID in weather.UPDATE_CAP
    assert when_logged(bundle, weather.TPL_FIX) < when_logged(bundle, weather.UPDATE_CAP)
    assert when_logged(bundle, weather.YELLOW_CAP) < template  # the yellow itself was issued before the template changed
    deploy = when_logged(bundle, weather.API_DEPLOY)
    assert template < deploy < orange  # the API's 16:20 deploy served one signal until the orange came
    for word in ("TPL-2027-07", "msgType"):
        assert word not in own_text(bundle, "yl-forecast-api")


def test_the_forecast_api_has_two_incidents_at_different_times_with_different_causes(bundle):
    morning = alert_named(bundle, "ForecastApiLatencyHigh")
    afternoon = alert_named(bundle, "WarningSignalConflict")
    assert morning["service"] == afternoon["service"] == "yl-forecast-api"
    assert morning["ends_at"] < _at("09:00") and afternoon["starts_at"] > _at("16:00")
    widget = _stamps(bundle, "yl-forecast-api", "(widget)")
    conflict = _stamps(bundle, "yl-forecast-api", "consistency probe")
    assert max(widget) < min(conflict)
    changes = {(log["service"], log["message"]) for log in bundle["logs"] if log["attributes"].get("change")}
    assert ("yl-app-api", weather.APP_RELEASE) in changes and ("yl-warning", weather.TPL_IMPORT) in changes


def test_the_real_downpours_are_withheld_by_the_summer_limit_of_fifty(bundle):
    imported, fixed = when_logged(bundle, weather.QC_IMPORT), when_logged(bundle, weather.QC_FIX)
    suspect = [log for log in logs_of(bundle, "yl-aws-ingest") if "qc=SUSPECT rule=R_MAX_1H" in log["message"]]
    assert suspect and imported < min(log["timestamp"] for log in suspect) and max(log["timestamp"] for log in suspect) < fixed
    for log in suspect:
        rain = float(re.search(r"rain_1h=([\d.]+)mm", log["message"]).group(1))
        assert 50.0 < rain < 120.0 and "limit=50.0" in log["message"]
        assert re.search(r"station (Y\d+)", log["message"]).group(1) in weather.EAST
    # The same kind of hour passed yesterday under the winter limit, and passes again after the fix.
    assert [log for log in logs_of(bundle, "yl-aws-ingest") if "rain_1h=71.2mm qc=PASS" in log["message"]
            and log["timestamp"] < imported]
    assert [log for log in logs_of(bundle, "yl-aws-ingest") if "limit=120.0" in log["message"] and log["timestamp"] > fixed
            and float(re.search(r"rain_1h=([\d.]+)mm", log["message"]).group(1)) > 50]
    assert "50.0" not in weather.QC_IMPORT  # the import's summary says nothing: the limit is in the QC lines
    assert imported < when_logged(bundle, weather.AWS_DEPLOY) < min(log["timestamp"] for log in suspect)
    assert _moment(alert_named(bundle, "RainQcSuspectHigh")["starts_at"]) - _moment(imported) > dt.timedelta(hours=6)


def test_users_near_county_borders_are_located_nowhere_between_the_two_boundary_imports(bundle):
    imported, fixed = when_logged(bundle, weather.GEO_IMPORT), when_logged(bundle, weather.GEO_FIX)
    misses = [log for log in logs_of(bundle, "yl-geo") if "outside all polygons" in log["message"]]
    fallbacks = [log for log in logs_of(bundle, "yl-app-api") if "locate fallback: province" in log["message"]]
    assert misses and fallbacks
    for lines in (misses, fallbacks):
        assert imported < min(log["timestamp"] for log in lines) and max(log["timestamp"] for log in lines) < fixed
    deploy = when_logged(bundle, weather.APP_DEPLOY)
    assert min(log["timestamp"] for log in fallbacks) < deploy  # falling back before the 06:30 deploy: a decoy
    for word in ("XZQH-2027", "simplify_tolerance"):
        assert word not in own_text(bundle, "yl-app-api")
    alert = alert_named(bundle, "AppLocateFailureHigh")
    assert alert["state"] == "resolved" and alert["ends_at"] > fixed[:19]


def test_the_approval_went_to_the_chief_of_the_next_day_until_the_roster_was_reimported(bundle):
    roster, fix = when_logged(bundle, weather.ROSTER_IMPORT), when_logged(bundle, weather.ROSTER_FIX)
    sent, reminded = when_logged(bundle, weather.APPROVAL_SENT), when_logged(bundle, weather.APPROVAL_WAIT.format(m=40, k=8))
    assert roster < sent < reminded < fix < when_logged(bundle, weather.APPROVED)
    assert "首席 赵宏" in weather.ROSTER_IMPORT and "周一" in weather.ROSTER_IMPORT
    assert "首席 杨帆" in weather.ROSTER_FIX and "周二" in weather.ROSTER_FIX
    waited = _moment(when_logged(bundle, weather.APPROVED)) - _moment(sent)
    assert dt.timedelta(minutes=45) < waited < dt.timedelta(minutes=47)
    remind = when_logged(bundle, weather.REMIND_CFG)
    assert roster < remind < sent  # the reminder interval changed who was reminded not at all: a decoy
    assert _moment(alert_named(bundle, "WarningApprovalSlow")["starts_at"]) - _moment(roster) > dt.timedelta(hours=3)


def test_the_quantity_peaks_are_not_what_the_alerts_say(bundle):
    for name, metric, alert_name, peak, clock in (
            ("weather_forecast_api_rps_quantity", "forecast_api_requests_per_sec", "ForecastApiLatencyHigh",
             weather.RPS_PEAK, "08:01"),
            ("weather_lightning_rate_quantity", "lightning_strokes_per_min", "LightningStrokeRateAnomaly",
             weather.STROKE_PEAK, "16:14"),
            ("weather_aws_qc_suspect_quantity", "aws_rain_qc_suspect_percent", "RainQcSuspectHigh", weather.QC_PEAK, "17:18")):
        points = series_points(bundle, metric)
        assert dict(points)[_at(f"{clock}:00+08:00")] == peak == max(value for _, value in points)
        alert = alert_named(bundle, alert_name)
        assert str(peak) not in alert["value"] and alert["starts_at"] <= _at(f"{clock}:00+08:00")
        question = _question(name)
        assert question.peak is not None and question.peak.value == peak
        assert str(peak) not in str(alert["labels"]) and str(peak) not in alert["summary"]


def test_the_healthy_services_are_healthy_and_their_changes_are_decoys(bundle):
    for service in ("yl-agri", "yl-portal"):
        assert not [a for a in bundle["alerts"] if a["service"] == service]
        assert {log["level"] for log in logs_of(bundle, service)} <= {"INFO", "WARN"}
        for word in weather.INCIDENT_WORDS:
            assert word not in own_text(bundle, service)
        pods = [p for p in bundle[K8S_SECTION]["pods"] if p["service"] == service]
        assert pods and all(p["restarts"] == 0 and p["ready"] == "1/1" and p["node"] != weather.BAD_NODE for p in pods)
        for metric in ("http_5xx_ratio", "http_p99_latency"):
            [series] = [s for s in bundle["metrics"] if s["name"] == metric and s["service"] == service]
            assert max(v for _, v in series["points"]) < series["threshold"]
    changes = {log["message"] for log in bundle["logs"] if log["attributes"].get("change")}
    assert weather.AGRI_DEPLOY in changes and weather.PORTAL_CFG in changes


def test_the_listings_are_complete(bundle):
    firing = {a["name"] for a in bundle["alerts"] if a["state"] == "firing"}
    assert firing == set(weather.FIRING)
    changes = [log["message"] for log in logs_of(bundle, "yl-warning") if log["attributes"].get("change")]
    assert changes == [weather.ROSTER_IMPORT, weather.REMIND_CFG, weather.ROSTER_FIX, weather.TPL_IMPORT, weather.TPL_FIX]
    question = _question("weather_warning_changes_listing")
    for fact, line in zip(question.asked_facts, changes, strict=True):
        assert any(spelling in line for spelling in fact.spellings)


def test_every_cause_is_before_its_symptom_and_most_are_hours_before_or_elsewhere(bundle):
    pairs = ((weather.RADAR_MAINT, "RadarGaugeBiasHigh"), (weather.NODE_REBUILD, "TileLatencyHigh"),
             (weather.RESERVATION, "NwpJobPendingLong"), (weather.CONTACT_IMPORT, "DecisionSmsFailureHigh"),
             (weather.CP2_ON, "LightningStrokeRateAnomaly"), (weather.APP_RELEASE, "ForecastApiLatencyHigh"),
             (weather.TPL_IMPORT, "WarningSignalConflict"), (weather.QC_IMPORT, "RainQcSuspectHigh"),
             (weather.GEO_IMPORT, "AppLocateFailureHigh"), (weather.ROSTER_IMPORT, "WarningApprovalSlow"))
    for cause, alert_name in pairs:
        first = min(log["timestamp"] for log in bundle["logs"] if log["message"] == cause)
        alert = alert_named(bundle, alert_name)
        assert first < alert["starts_at"], alert_name
        cause_service = next(log["service"] for log in bundle["logs"] if log["message"] == cause)
        assert cause_service != alert["service"] or _moment(alert["starts_at"]) - _moment(first) > dt.timedelta(hours=1)
    # Four causes are nobody's deploy or config push: a vendor's visit, an operator's reservation, two data imports.
    kinds = {log["message"]: log["attributes"].get("change") for log in bundle["logs"] if log["attributes"].get("change")}
    assert kinds[weather.RADAR_MAINT] == kinds[weather.CP2_ON] == kinds[weather.RESERVATION] == "ops"
    assert kinds[weather.QC_IMPORT] == kinds[weather.GEO_IMPORT] == kinds[weather.ROSTER_IMPORT] == "import"
    assert not [m for m in (weather.RADAR_MAINT, weather.CP2_ON, weather.RESERVATION, weather.QC_IMPORT)
                if m.startswith(("deploy", "[nacos]"))]


def test_nothing_happens_after_the_reference_time_and_pods_are_named_like_kubernetes_names_them(bundle):
    now = dt.datetime.fromisoformat(bundle["reference_time"])
    stamps = [log["timestamp"] for log in bundle["logs"]] + [e["last_seen"] for e in bundle[K8S_SECTION]["events"]]
    stamps += [ts for series in bundle["metrics"] for ts, _ in series["points"]]
    assert all(dt.datetime.fromisoformat(stamp) <= now for stamp in stamps)
    assert all(now - dt.datetime.fromisoformat(e["first_seen"]) <= dt.timedelta(hours=1) for e in bundle[K8S_SECTION]["events"])
    for pod in bundle[K8S_SECTION]["pods"]:
        assert service_from_pod_name(pod["name"]) == pod["service"], pod["name"]


def test_another_seed_changes_only_the_noise_not_the_story():
    other = weather.build_bundle(seed=weather.SEED + 1)
    this = weather.build_bundle()
    assert {a["name"]: a["state"] for a in other["alerts"]} == {a["name"]: a["state"] for a in this["alerts"]}
    for message in (weather.RADAR_MAINT, weather.NODE_REBUILD, weather.RESERVATION, weather.CONTACT_IMPORT, weather.CP2_ON,
                    weather.APP_RELEASE, weather.TPL_IMPORT, weather.QC_IMPORT, weather.GEO_IMPORT, weather.ROSTER_IMPORT):
        assert [log["message"] for log in other["logs"]].count(message) == 1
    assert [p["restarts"] for p in other[K8S_SECTION]["pods"]] == [p["restarts"] for p in this[K8S_SECTION]["pods"]]
    peaks = {s["name"]: max(v for _, v in s["points"]) for s in this["metrics"]}
    for metric in ("forecast_api_requests_per_sec", "lightning_strokes_per_min", "aws_rain_qc_suspect_percent"):
        assert max(v for s in other["metrics"] if s["name"] == metric for _, v in s["points"]) == peaks[metric]
