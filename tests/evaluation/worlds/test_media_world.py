"""The media world tells the story its docstring tells: each incident's symptoms stay inside its window and on the
instances it names, the causes come before the symptoms (and often sit on another service than the one asked about, or on
nobody's change at all), the decoys are changes that caused nothing, the node-level fault touches only the pods scheduled on
that node, and the asked peaks are not what the alerts say. A world wrong about itself would grade the agents against a
fiction. Pure: no database."""

from __future__ import annotations

import datetime as dt
import re
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from contracts.k8s import service_from_pod_name
from evaluation.worlds import media
from evaluation.worlds.loading import K8S_SECTION
from tests.evaluation.worlds.bundle_reading import alert_named, logs_of, own_text, series_points, when_logged


@pytest.fixture(scope="module")
def bundle() -> dict[str, Any]:
    return media.build_bundle()


def _at(clock: str) -> str:
    return f"2026-11-01T{clock}"


def _stamps(bundle: dict[str, Any], service: str, needle: str) -> list[str]:
    return [log["timestamp"] for log in logs_of(bundle, service) if needle in log["message"]]


def test_only_the_transcoder_pods_on_the_fallback_node_die_of_sigill(bundle):
    sigill = [log for log in logs_of(bundle, "ld-transcode") if "SIGILL" in log["message"]]
    assert sigill and {log["instance"] for log in sigill} == set(media.ON_BAD_NODE)
    assert all(log["message"].endswith("exiting with code 132") for log in sigill)
    traps = [log for log in logs_of(bundle, "ld-k8s-node") if "trap invalid opcode" in log["message"]]
    assert len(traps) == len(sigill) and {log["instance"] for log in traps} == {media.BAD_NODE}
    pods = [p for p in bundle[K8S_SECTION]["pods"] if p["service"] == "ld-transcode"]
    on_bad = [p for p in pods if p["node"] == media.BAD_NODE]
    assert {p["name"] for p in on_bad} == set(media.ON_BAD_NODE)
    assert all(p["waiting_reason"] == "CrashLoopBackOff" and p["ready"] == "0/1" and p["last_termination"]["exit_code"] == 132
               for p in on_bad)
    # The restart counts are the kubelet's back-off, not the noise drawn.
    other = media.build_bundle(seed=media.SEED + 1)
    for pod in on_bad:
        assert pod["restarts"] == len(media.crash_times()[pod["name"]]) - 1 > 10
        [again] = [p for p in other[K8S_SECTION]["pods"] if p["name"] == pod["name"]]
        assert again["restarts"] == pod["restarts"]
    # The six pods on the c7 nodes never restart and keep finishing jobs through the evening; they re-queue the lost jobs.
    elsewhere = [p for p in pods if p["node"] != media.BAD_NODE]
    assert len(elsewhere) == 6 and all(p["restarts"] == 0 and p["node"] in media.TRANSCODE_NODES for p in elsewhere)
    done = [log for log in logs_of(bundle, "ld-transcode") if " done 1080p" in log["message"] and log["timestamp"] > _at("21:10")]
    assert done and not {log["instance"] for log in done} & set(media.ON_BAD_NODE)
    requeued = [log for log in logs_of(bundle, "ld-transcode") if "lease expired on worker" in log["message"]]
    assert requeued and not {log["instance"] for log in requeued} & set(media.ON_BAD_NODE)
    # Nothing the transcoder writes names the node, its instance type or its CPU.
    for word in (media.BAD_NODE, "node-12", "ecs.c3", "AVX", "E5-2680"):
        assert word not in own_text(bundle, "ld-transcode")
    # No other service has a pod on the fallback node.
    assert {p["service"] for p in bundle[K8S_SECTION]["pods"] if p["node"] == media.BAD_NODE} == {"ld-transcode"}


def test_the_fallback_node_has_no_avx2_and_joined_between_the_scale_up_and_the_first_crash(bundle):
    scaled, joined, labelled = (when_logged(bundle, line) for line in (media.AUTOSCALE, media.NODE_JOIN, media.NFD))
    first = min(_stamps(bundle, "ld-transcode", "SIGILL"))
    assert scaled < joined < labelled < first
    assert "cpu-cpuid.AVX=true" in media.NFD and "AVX2" not in media.NFD
    boots = [log for log in logs_of(bundle, "ld-transcode") if log["message"] == media.TRANSCODE_BOOT]
    assert boots and {log["instance"] for log in boots} == set(media.ON_BAD_NODE) and "x86-64-v3" in media.TRANSCODE_BOOT
    # The autoscaler's fallback is no change of ours; the thumbnail config is, and came first.
    for line in (media.AUTOSCALE, media.NODE_JOIN):
        [log] = [log for log in bundle["logs"] if log["message"] == line]
        assert "change" not in log["attributes"]
    assert when_logged(bundle, media.TRANSCODE_THUMBS) < scaled
    for name in ("KubePodCrashLooping", "TranscodeQueueBacklogHigh"):
        alert = alert_named(bundle, name)
        assert alert["state"] == "firing" and alert["starts_at"] > first[:19]
    events = [e for e in bundle[K8S_SECTION]["events"] if e["reason"] == "BackOff"]
    assert {e["object"] for e in events} == {f"Pod/{pod}" for pod in media.ON_BAD_NODE}


def test_the_ad_pods_started_before_the_move_time_out_on_the_old_address_until_the_restart(bundle):
    timeouts = [log for log in logs_of(bundle, "ld-ads") if "connect timed out" in log["message"]]
    assert timeouts and {log["instance"] for log in timeouts} == set(media.ADS_STALE)
    assert all(f"({media.JLX_OLD}:443)" in log["message"] for log in timeouts)
    assert _at("06:00") <= min(log["timestamp"] for log in timeouts) and max(log["timestamp"] for log in timeouts) < _at("10:25:30")
    # Before the old entry was shut, the same pods bid there fine; the pod the HPA added at 08:31 resolved the new one.
    ok_old = [log for log in logs_of(bundle, "ld-ads") if f"bid ok JLX bid.jlx-adx.com ({media.JLX_OLD}" in log["message"]]
    assert ok_old and max(log["timestamp"] for log in ok_old) < _at("06:00")
    assert {log["instance"] for log in ok_old} <= set(media.ADS_STALE)
    ok_new = [log for log in logs_of(bundle, "ld-ads") if f"bid ok JLX bid.jlx-adx.com ({media.JLX_NEW}" in log["message"]]
    assert ok_new and not {log["instance"] for log in ok_new} & set(media.ADS_STALE)
    assert min(log["timestamp"] for log in ok_new if log["instance"] == media.ADS_PODS[3]) > _at("08:31:10")
    fixed = when_logged(bundle, media.ADS_FIX)
    restarted = [log for log in logs_of(bundle, "ld-ads") if log["message"].startswith("Started AdServerApplication")
                 and "networkaddress.cache.ttl=60" in log["message"]]
    assert {log["instance"] for log in restarted} == set(media.ADS_RESTARTED) and fixed < min(log["timestamp"] for log in restarted)
    # The floor-price change came two hours after the first timeout: a decoy.
    assert min(log["timestamp"] for log in timeouts) < when_logged(bundle, media.ADS_FLOOR)
    assert when_logged(bundle, media.JLX_NOTICE) < min(log["timestamp"] for log in timeouts)


def test_gnw_items_are_an_hour_stale_exactly_from_new_york_s_dst_end_until_the_zone_fix(bundle):
    new_york = ZoneInfo("America/New_York")  # the suite needs the time-zone database anyway (Asia/Shanghai)
    for clock, hours in (("13:59:59", -4), ("14:00:00", -5)):
        moment = dt.datetime.fromisoformat(_at(clock) + "+08:00")
        assert moment.astimezone(new_york).utcoffset() == dt.timedelta(hours=hours)
    fixed = when_logged(bundle, media.WIRE_FIX)
    flash = {log["trace_id"]: log for log in logs_of(bundle, "ld-flash") if log["message"].startswith("wire item ")}
    gnw = [log for log in logs_of(bundle, "ld-wire-ingest") if log["message"].startswith("GNW item ")]
    stale = 0
    for log in gnw:
        verdict = flash[log["trace_id"]]
        wrong = _at("14:00") <= verdict["timestamp"] < fixed
        assert ("skipped: age" in verdict["message"]) == wrong, (log["message"], verdict["message"])
        assert (media.GNW_FIXED_OFFSET in log["message"]) == (log["timestamp"] < fixed)
        stale += wrong
    assert stale > 20
    hts = [log for log in logs_of(bundle, "ld-wire-ingest") if log["message"].startswith("HTS item ")]
    assert hts and all("added to 快讯 lane" in flash[log["trace_id"]]["message"] for log in hts)
    # Nobody changed anything of the wire or the lane at 14:00; the flash deploy came before and is a decoy.
    assert not [log for log in bundle["logs"] if log["service"] in ("ld-wire-ingest", "ld-flash")
                and _at("13:45") < log["timestamp"] < fixed and log["attributes"].get("change")]
    assert when_logged(bundle, media.FLASH_DEPLOY) < _at("14:00")
    for word in ("tz-offset", "-04:00", "America/New_York"):
        assert word not in own_text(bundle, "ld-flash")


def test_only_ios_fails_and_only_while_the_split_emoji_headline_tops_the_feed(bundle):
    units = media.BREAKING_TITLE.encode("utf-16-le")
    card = units[: 2 * media.CARD_TITLE_UNITS]
    assert 0xD800 <= int.from_bytes(card[-2:], "little") <= 0xDBFF  # the card title ends in half a surrogate pair
    with pytest.raises(UnicodeDecodeError):
        card.decode("utf-16-le")
    published, retitled = when_logged(bundle, media.EMOJI_PUBLISH), when_logged(bundle, media.EMOJI_RETITLE)
    assert "🔴" not in media.EMOJI_RETITLE.split("title updated")[1]
    failures = [log for log in logs_of(bundle, "ld-client-monitor") if "Missing low code point" in log["message"]]
    assert failures and all(log["message"].startswith("iOS ") and log["level"] == "ERROR" for log in failures)
    assert published < min(log["timestamp"] for log in failures)
    last = dt.datetime.fromisoformat(max(log["timestamp"] for log in failures))
    assert last - dt.datetime.fromisoformat(retitled) < dt.timedelta(minutes=1)  # the headline page is rebuilt every 60 s
    assert not [log for log in logs_of(bundle, "ld-client-monitor") if log["message"].startswith("Android")
                and "failed" in log["message"]]
    # The feed itself answers 200 and logs no error; its 14:10 deploy is an hour before the headline.
    assert not [log for log in logs_of(bundle, "ld-feed") if log["level"] in ("ERROR", "FATAL")]
    assert when_logged(bundle, media.FEED_DEPLOY) < published < when_logged(bundle, media.FEED_HOTFIX)
    assert "🔴" not in own_text(bundle, "ld-feed")


def test_every_replica_dispatches_each_campaign_while_the_lease_is_30_ms(bundle):
    changed, fixed = when_logged(bundle, media.LEASE_CHANGE), when_logged(bundle, media.LEASE_FIX)
    for cid, _, clock, devices in media.CAMPAIGNS:
        picks = [log for log in logs_of(bundle, "ld-push") if log["message"].startswith(f"campaign {cid} ")
                 and "picked by scheduler" in log["message"]]
        tripled = changed < _at(clock) < fixed
        assert len(picks) == (3 if tripled else 1), cid
        assert len({log["instance"] for log in picks}) == len(picks)
        assert all(("lease PT0.03S" in log["message"]) == tripled for log in picks)
        [receipts] = [log["message"] for log in logs_of(bundle, "ld-push") if log["message"].startswith(f"campaign {cid} receipts")]
        if tripled:
            assert f"{3 * devices:,} deliveries" in receipts and "(3.00 per device)" in receipts
        else:
            assert "(3.00 per device)" not in receipts
    refreshed = [log for log in logs_of(bundle, "ld-push") if log["message"] == media.LEASE_REFRESH.format(lease="PT0.03S")]
    assert {log["instance"] for log in refreshed} == set(media.PUSH_PODS)
    assert all(changed < log["timestamp"] < fixed for log in refreshed)
    # The Xiaomi QPS change sits between two tripled campaigns: whatever it did, the first one was tripled already.
    assert changed < _at("12:30:10") < when_logged(bundle, media.XIAOMI_QPS) < _at("15:18:05")


def test_huawei_rejects_only_the_evening_push_after_the_tripled_afternoon(bundle):
    rejects = [log for log in logs_of(bundle, "ld-push") if "80300010" in log["message"]]
    assert [log["message"].split()[1] for log in rejects] == ["PUSH-20261101-0014"]
    assert when_logged(bundle, media.LEASE_FIX) < rejects[0]["timestamp"]
    n, m = (int(x.replace(",", "")) for x in re.search(r"HMS: ([\d,]+) of ([\d,]+) tokens", rejects[0]["message"]).groups())
    assert round(100 * n / m, 1) == media.HMS_REJECT_RATIO
    alert = alert_named(bundle, "PushChannelRejectsHigh")
    assert alert["value"] == f"HMS {media.HMS_REJECT_RATIO}%" and _at("19:00") < alert["starts_at"] < alert["ends_at"]


def test_the_user_centre_saturates_only_while_the_comment_retries_are_on(bundle):
    changed, fixed = when_logged(bundle, media.COMMENT_RETRY), when_logged(bundle, media.COMMENT_FIX)
    for service, needle in (("ld-user", "Thread pool is EXHAUSTED"), ("ld-comment", "Tried 5 times"),
                            ("ld-gateway", "thread pool is exhausted")):
        stamps = _stamps(bundle, service, needle)
        assert stamps and _at("15:36") <= min(stamps) and max(stamps) < _at("16:49"), service
    assert changed < _at("14:00") and max(_stamps(bundle, "ld-comment", "Tried 5 times")) < fixed
    # It takes the breaking news to push batchGet past the 300 ms timeout: the retries sat idle for two hours.
    assert dt.datetime.fromisoformat(min(_stamps(bundle, "ld-user", "EXHAUSTED"))) - dt.datetime.fromisoformat(changed) > \
        dt.timedelta(hours=1, minutes=50)
    shares = []
    for log in logs_of(bundle, "ld-user"):
        m = re.match(r"provider stats last 60s: (\d+) req/s - batchGet (\d+)/s", log["message"])
        if m:
            shares.append((log["timestamp"], int(m.group(2)) / int(m.group(1))))
    inside = [share for ts, share in shares if _at("15:37") < ts < _at("16:48")]
    outside = [share for ts, share in shares if not _at("15:36") <= ts < _at("16:49")]
    assert inside and min(inside) > 0.8 and max(outside) < 0.4
    assert when_logged(bundle, media.USER_DEPLOY) < min(_stamps(bundle, "ld-user", "EXHAUSTED"))  # the decoy came first
    for word in ("userQueryService.retries", "comment_dev_liyang", "TK-5521"):
        assert word not in own_text(bundle, "ld-user")


def test_articles_stop_being_cached_after_the_abkit_deploy_and_fall_over_only_under_breaking_traffic(bundle):
    deployed = when_logged(bundle, media.WEB_DEPLOY)
    cdn_fixed = when_logged(bundle, media.CDN_FIX)
    articles = [log for log in logs_of(bundle, "ld-cdn") if "/article/" in log["message"] and " 404 " not in log["message"]]
    uncached = [log for log in articles if "uncacheable (response has Set-Cookie)" in log["message"]]
    assert uncached and deployed < min(log["timestamp"] for log in uncached) and max(log["timestamp"] for log in uncached) < cdn_fixed
    hits = [log["timestamp"] for log in articles if " HIT " in log["message"]]
    assert not [ts for ts in hits if _at("13:16") <= ts < cdn_fixed]
    timeouts = _stamps(bundle, "ld-cdn", " 504 MISS")
    assert timeouts and dt.datetime.fromisoformat(min(timeouts)) >= media.QUAKE and max(timeouts) < cdn_fixed
    # Between the deploy and the earthquake the origin took the uncached load: nothing failed.
    assert not [log for log in logs_of(bundle, "ld-web") if log["level"] == "ERROR" and log["timestamp"] < _at("15:16")]
    hit_ratio = dict(series_points(bundle, "cdn_hit_ratio"))
    assert hit_ratio[_at("13:10:00+08:00")] > 90 > 20 > hit_ratio[_at("14:00:00+08:00")]
    assert when_logged(bundle, media.CDN_LIVE_RULE) < min(timeouts)
    assert "Set-Cookie" not in own_text(bundle, "ld-web")


def test_purges_fail_exactly_once_the_10000_url_quota_is_spent(bundle):
    cms = logs_of(bundle, "ld-cms")
    failures = [log for log in cms if "QuotaExceeded.Refresh" in log["message"]]
    first, last = min(log["timestamp"] for log in failures), max(log["timestamp"] for log in failures)
    raised = when_logged(bundle, media.PURGE_RAISED.format(remain=100_000 - media.PURGES_BEFORE * media.PURGE_URLS))
    assert _at("18:22") <= first and last < raised
    today = [log for log in cms if log["message"].startswith("purge 12 URLs") and ": ok, UrlRemain" in log["message"]
             and _at("00:00") <= log["timestamp"] < first]
    assert len(today) == media.PURGES_BEFORE
    assert today[-1]["message"].endswith(f"UrlRemain {media.PURGE_QUOTA_URLS - media.PURGES_BEFORE * media.PURGE_URLS}")
    assert all(log["message"].endswith("UrlRemain 4), pages stay cached until TTL 3600s") for log in failures)
    redo = [log["message"] for log in cms if log["message"].startswith("re-purged")]
    assert redo == [media.PURGE_REDO.format(urls=12 * len(failures), n=len(failures))]
    assert not [log for log in cms if "QuotaExceeded.Refresh" in log["message"] and log["timestamp"] > raised]
    assert when_logged(bundle, media.PURGE_NOTICE) < _at("00:00") < when_logged(bundle, media.CMS_DEPLOY) < first
    [notice] = [log for log in bundle["logs"] if log["message"] == media.PURGE_NOTICE]
    assert "change" not in notice["attributes"]  # the vendor's new limit is nobody's change of ours


def test_half_the_queues_go_unindexed_while_the_summary_service_shares_the_group(bundle):
    joined, renamed = _at("19:05:40"), _at("21:20:40")
    indexed = [log for log in logs_of(bundle, "ld-search-indexer") if log["message"].startswith("indexed ")]
    queues_inside = {int(re.search(r"\(queue (\d)", log["message"]).group(1)) for log in indexed if joined <= log["timestamp"] < renamed}
    queues_outside = {int(re.search(r"\(queue (\d)", log["message"]).group(1)) for log in indexed if log["timestamp"] < joined}
    assert queues_outside == set(range(8)) and queues_inside and not queues_inside & set(media.LOST_QUEUES)
    boots = [log for log in logs_of(bundle, "ld-ai-summary") if "group=cg-article-published" in log["message"]]
    assert boots and all("subExpression=video" in log["message"] for log in boots)
    assert when_logged(bundle, media.AI_DEPLOY) < min(log["timestamp"] for log in boots)
    reconciles = [log for log in logs_of(bundle, "ld-search") if log["message"].startswith("index reconcile")]
    gaps = [log["timestamp"] for log in reconciles if not re.search(r", 0 missing", log["message"])]
    assert gaps and _at("19:05") < min(gaps) and max(gaps) < _at("21:32")
    backfill = when_logged(bundle, media.BACKFILL.format(n=int(max(v for _, v in series_points(bundle, "search_index_missing_articles")))))
    assert renamed < backfill
    assert when_logged(bundle, media.SEARCH_SYNONYMS) < when_logged(bundle, media.AI_DEPLOY) < min(gaps)
    for word in ("cg-article-published", "ld-ai-summary", "subscription"):
        assert word not in own_text(bundle, "ld-search")


def test_live_segments_run_10_seconds_only_on_the_earthquake_channel_before_the_template_switch(bundle):
    created, switched = when_logged(bundle, media.LIVE_CREATE), when_logged(bundle, media.LIVE_FIX)
    long = _stamps(bundle, "ld-live", "duration 10.000s")
    assert long and created < min(long) and max(long) < switched
    assert all(log["message"].startswith("LIVE-1101-EQ") for log in logs_of(bundle, "ld-live") if "10.000s" in log["message"])
    news24 = [log for log in logs_of(bundle, "ld-live") if log["message"].startswith("LIVE-0901-NEWS24 segment")]
    assert news24 and all("duration 4.000s" in log["message"] for log in news24)
    assert "keyint=500 @ 50fps" in media.LIVE_CREATE and 500 / 50 > 4  # a keyframe every 10 s under 4 s segments
    assert when_logged(bundle, media.LIVE_CHAT) < created


def test_the_asked_peaks_are_not_what_the_alerts_say(bundle):
    for alert_name, metric, clock, peak, value in (
            ("CdnOriginTrafficHigh", "cdn_origin_requests_per_sec", "15:44", media.ORIGIN_PEAK, media.ORIGIN_ALERT_VALUE),
            ("LiveRebufferRatioHigh", "live_rebuffer_ratio", "16:21", media.REBUFFER_PEAK, media.REBUFFER_ALERT_VALUE),
            ("UserServiceErrorRateHigh", "user_service_requests_per_sec", "16:12", media.USER_RPS_PEAK,
             media.USER_ERROR_ALERT_VALUE)):
        alert = alert_named(bundle, alert_name)
        assert alert["value"] == value and str(peak) not in value
        points = series_points(bundle, metric)
        stamp = _at(f"{clock}:00+08:00")
        assert dict(points)[stamp] == peak == max(v for _, v in points)
        assert alert["starts_at"] < stamp < alert["ends_at"]
    question_peaks = {q.peak.metric: q.peak.value for q in media.QUESTIONS if q.peak}
    alert_values = {a["value"] for a in bundle["alerts"]}
    assert not [v for v in question_peaks.values() if any(str(v) in value for value in alert_values)]


def test_the_triggers_are_rarely_deploys_and_each_decoy_comes_shortly_before_its_symptoms(bundle):
    changes = {(log["service"], log["message"]): log["attributes"]["change"] for log in bundle["logs"]
               if log["attributes"].get("change")}
    triggers = ((media.LEASE_CHANGE, "config"), (media.COMMENT_RETRY, "config"), (media.WEB_DEPLOY, "deploy"),
                (media.LIVE_CREATE, "ops"), (media.AI_DEPLOY, "deploy"))
    for message, kind in triggers:
        assert kind in {v for (s, m), v in changes.items() if m == message}, message
    # The calendar, the ad exchange, the CDN vendor, the autoscaler and an editor's headline are no change of ours.
    for message in (media.JLX_NOTICE, media.PURGE_NOTICE, media.AUTOSCALE, media.EMOJI_PUBLISH):
        assert not [log for log in bundle["logs"] if log["message"] == message and log["attributes"].get("change")]
    for service, message, window_start in (
            ("ld-ads", media.ADS_FLOOR, "06:00"), ("ld-flash", media.FLASH_DEPLOY, "14:00"),
            ("ld-feed", media.FEED_DEPLOY, "15:27"), ("ld-push", media.XIAOMI_QPS, "15:18"),
            ("ld-transcode", media.TRANSCODE_THUMBS, "21:08"), ("ld-live", media.LIVE_CHAT, "15:40"),
            ("ld-user", media.USER_DEPLOY, "15:36"), ("ld-cdn", media.CDN_LIVE_RULE, "15:16"),
            ("ld-cms", media.CMS_DEPLOY, "18:22"), ("ld-search", media.SEARCH_SYNONYMS, "19:05")):
        stamp = when_logged(bundle, message)
        assert changes[(service, message)] in ("deploy", "config")
        gap = dt.datetime.fromisoformat(_at(window_start) + ":00+08:00") - dt.datetime.fromisoformat(stamp)
        if service == "ld-ads":  # the floor price came after the first timeouts: a decoy only by its timing's look
            assert gap < dt.timedelta(0)
        else:
            assert dt.timedelta(0) < gap < dt.timedelta(hours=1, minutes=30), message


def test_the_healthy_services_are_quiet_and_the_oss_blip_is_unrelated(bundle):
    for service in ("ld-recommend", "ld-member"):
        assert not [a for a in bundle["alerts"] if a["service"] == service]
        assert {log["level"] for log in logs_of(bundle, service)} <= {"INFO", "WARN"}
        assert not [word for word in media.INCIDENT_WORDS if word in own_text(bundle, service)]
    oss = _stamps(bundle, "ld-ugc", "503 ServiceUnavailable")
    assert oss and _at("15:49") <= min(oss) and max(oss) < _at("16:01")
    alert = alert_named(bundle, "OssErrorRateHigh")
    assert alert["state"] == "resolved" and not [word for word in media.INCIDENT_WORDS if word in own_text(bundle, "ld-ugc")]
    assert {a["name"] for a in bundle["alerts"] if a["state"] == "firing"} == set(media.FIRING)


def test_the_media_pods_are_named_like_kubernetes_names_them(bundle):
    for pod in bundle[K8S_SECTION]["pods"]:
        assert service_from_pod_name(pod["name"]) == pod["service"], pod["name"]
        assert pod["node"] in media.NODES
    deployments = {d["name"]: d for d in bundle[K8S_SECTION]["deployments"]}
    assert deployments["ld-transcode"]["replicas"] == 9 and deployments["ld-transcode"]["ready"] == 6
    assert all(d["ready"] == d["replicas"] for name, d in deployments.items() if name != "ld-transcode")


def test_nothing_in_the_media_world_happens_after_its_reference_time_and_events_are_the_last_hour(bundle):
    now = dt.datetime.fromisoformat(bundle["reference_time"])
    start = dt.datetime.fromisoformat(bundle["logs"][0]["timestamp"])
    stamps = [log["timestamp"] for log in bundle["logs"]] + [e["last_seen"] for e in bundle[K8S_SECTION]["events"]]
    stamps += [ts for series in bundle["metrics"] for ts, _ in series["points"]]
    assert all(dt.datetime.fromisoformat(stamp) <= now for stamp in stamps)
    assert start >= media.START and now - start > dt.timedelta(hours=24)  # the evening before is in the evidence
    events = bundle[K8S_SECTION]["events"]
    assert events and all(now - dt.datetime.fromisoformat(e["last_seen"]) <= dt.timedelta(hours=1) for e in events)
    assert all(e["first_seen"] <= e["last_seen"] for e in events)
