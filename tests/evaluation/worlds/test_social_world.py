"""The social world (issue 32) is true to its own story: the one-node cause touches only that node's pods, the
causes sit on other services than the ones asked about, the growth service's two incidents are hours apart, the
peaks the questions ask are not the alerts' values, and the load is plain in the origin's request rate. Pure: no
database."""

from __future__ import annotations

import datetime as dt
import functools
import re
from typing import Any

from contracts.k8s import service_from_pod_name
from evaluation.worlds import social
from evaluation.worlds.loading import K8S_SECTION


@functools.cache
def _bundle() -> dict[str, Any]:
    return social.build_bundle()


def _logs(service: str) -> list[dict[str, Any]]:
    return [log for log in _bundle()["logs"] if log["service"] == service]


def _own_words(service: str) -> str:
    bundle = _bundle()
    parts = [log["message"] for log in bundle["logs"] if log["service"] == service]
    parts += [f"{a['name']} {a['summary']} {a['value']}" for a in bundle["alerts"] if a["service"] == service]
    return "\n".join(parts)


def _series(name: str, service: str) -> dict[str, Any]:
    [series] = [s for s in _bundle()["metrics"] if s["name"] == name and s["service"] == service]
    return series


def _alert(name: str) -> dict[str, Any]:
    [alert] = [a for a in _bundle()["alerts"] if a["name"] == name]
    return alert


def test_only_the_pods_on_the_broken_gpu_node_are_not_ready():
    pods = _bundle()[K8S_SECTION]["pods"]
    on_gpu = [p for p in pods if p["node"] in social.GPU_NODES]
    assert {p["service"] for p in on_gpu} == {"ll-moderation-triton"}
    not_ready = {p["name"] for p in pods if p["ready"] != "1/1"}
    assert not_ready == {p["name"] for p in pods if p["node"] == social.BROKEN_NODE} == set(social.BROKEN_TRITON)
    assert all(p["phase"] == "Running" and p["restarts"] == 0 for p in on_gpu)
    unhealthy = {e["object"] for e in _bundle()[K8S_SECTION]["events"] if e["reason"] == "Unhealthy"}
    assert unhealthy == {f"Pod/{pod}" for pod in social.BROKEN_TRITON}
    xid = [log for log in _logs("ll-moderation-triton") if "Xid" in log["message"]]
    assert xid and {log["instance"] for log in xid} == {social.BROKEN_NODE}
    # The pods on the healthy GPU node keep serving, and say so.
    after = [log for log in _logs("ll-moderation-triton") if log["timestamp"] > "2026-12-19T20:18"
             and log["message"].startswith("stats-exporter")]
    assert after and all("node=ll-gpu-node-01" in log["message"] for log in after)


def test_the_causes_sit_on_other_services_than_the_ones_asked_about():
    bundle = _bundle()
    changes = {(log["service"], log["message"]) for log in bundle["logs"] if log["attributes"].get("change")}
    assert ("ll-moderation", social.PURGE_START) in changes and ("ll-im-edge", social.CERT_DEPLOY) in changes
    assert ("ll-mysql-comment", social.SHARD_CREATE) in changes and ("ll-mysql-comment", social.SHARD_CUTOVER) in changes
    feed = _own_words("ll-feed-service")
    assert "TOMBSTONE_OVERWHELM" in feed and not [w for w in ("spam-purge", "DELETE FROM", "gc_grace") if w in feed]
    gateway = _own_words("ll-im-gateway")
    assert "Trust anchor for certification path not found" in gateway
    assert not [w for w in ("_public.crt", "cert-deploy", "unknown ca", "fullchain") if w in gateway]
    comments = _own_words("ll-comment-service")
    assert "Incorrect string value" in comments
    assert not [w for w in ("utf8mb3", "comment_shard_expand", "character_set_server") if w in comments]
    moderation = _own_words("ll-moderation")
    assert "triton ready endpoints 2/4" in moderation and not [w for w in ("Xid", "fallen off", "cordon") if w in moderation]


def test_emoji_comments_fail_only_on_posts_of_the_new_shards_between_the_cutover_and_the_alter():
    failures = [log for log in _logs("ll-comment-service") if "Incorrect string value" in log["message"]]
    assert failures
    cutover = next(log["timestamp"] for log in _logs("ll-mysql-comment") if log["message"] == social.SHARD_CUTOVER)
    alter = next(log["timestamp"] for log in _logs("ll-mysql-comment") if log["message"] == social.CHARSET_FIX)
    assert all(cutover < log["timestamp"] < alter for log in failures)
    for log in failures:
        post = int(re.search(r"post_id=(\d+)", log["message"]).group(1))
        assert post >= social.NEW_POSTS_FROM and f"ds_comment_0{6 + post % 2}" in log["message"]
        assert "\\xF0\\x9F" in log["message"]  # four-byte characters only


def test_only_android_clients_fail_the_im_handshake_while_the_leaf_only_certificate_is_served():
    deployed = next(log["timestamp"] for log in _logs("ll-im-edge") if log["message"] == social.CERT_DEPLOY)
    fixed = next(log["timestamp"] for log in _logs("ll-im-edge") if log["message"] == social.CERT_FIX)
    failed = [log["timestamp"] for log in _logs("ll-im-edge") if "alert unknown ca" in log["message"]]
    assert failed and deployed < min(failed) and max(failed) < fixed
    connected = [log for log in _logs("ll-im-edge") + _logs("ll-im-gateway") if deployed < log["timestamp"] < fixed
                 and ('" 101 ' in log["message"] or log["message"].startswith("ws connected"))]
    assert connected and all("platform=ios" in log["message"] for log in connected)
    diag = [log for log in _logs("ll-im-gateway") if log["message"].startswith("client diag")]
    assert diag and all("platform=android" in log["message"] and deployed < log["timestamp"] < fixed for log in diag)


def test_the_growth_service_has_two_incidents_hours_apart():
    sms = [log["timestamp"] for log in _logs("ll-growth-service") if "SMS_SIGNATURE_ILLEGAL" in log["message"]]
    origin = [log["timestamp"] for log in _logs("ll-growth-service") if log["level"] == "ERROR"
              and "SMS_SIGNATURE_ILLEGAL" not in log["message"]]
    assert sms and origin
    assert "2026-12-19T11:02" <= min(sms) and max(sms) < "2026-12-19T13:19"
    assert "2026-12-19T19:58" <= min(origin) and max(origin) < "2026-12-19T20:12"
    noon, evening = _alert("SmsSendFailureRateHigh"), _alert("GrowthHttp5xxRateHigh")
    gap = dt.datetime.fromisoformat(evening["starts_at"]) - dt.datetime.fromisoformat(noon["ends_at"])
    assert gap > dt.timedelta(hours=6)


def test_the_load_is_plain_in_the_origin_request_rate_and_not_in_the_cdn():
    origin = dict(_series("origin_requests_per_sec", "ll-growth-service")["points"])
    cdn = dict(_series("cdn_requests_per_sec", "ll-growth-service")["points"])
    peak = "2026-12-19T20:02:00+08:00"
    assert origin[peak] == social.ORIGIN_PEAK == max(origin.values())
    assert origin["2026-12-19T19:50:00+08:00"] * 100 < social.ORIGIN_PEAK and cdn[peak] * 5 < social.ORIGIN_PEAK
    assert "growth-origin.linli.com" in social.PUSH_CAMPAIGN and "growth-origin.linli.com" in social.BROADCAST_START


def test_the_peaks_asked_for_are_not_what_the_alerts_say():
    zero = _alert("SearchZeroResultRatioHigh")
    assert zero["value"] == social.ZERO_ALERT_VALUE != f"{social.ZERO_PEAK}%"
    points = dict(_series("search_zero_result_ratio", "ll-search-service")["points"])
    assert points["2026-12-19T08:41:00+08:00"] == social.ZERO_PEAK and zero["starts_at"] < "2026-12-19T08:41" < zero["ends_at"]
    backlog = _alert("ModerationBacklogHigh")
    assert backlog["value"] == social.BACKLOG_ALERT_VALUE != str(social.BACKLOG_PEAK)
    points = dict(_series("mod_unscored_items", "ll-moderation")["points"])
    assert points["2026-12-19T21:24:00+08:00"] == social.BACKLOG_PEAK
    assert backlog["starts_at"] < "2026-12-19T21:24" < backlog["ends_at"]


def test_search_finds_nothing_only_while_the_alias_points_at_the_untemplated_index():
    swap = next(log["timestamp"] for log in _logs("ll-search-service") if log["message"] == social.REINDEX_SWAP)
    back = next(log["timestamp"] for log in _logs("ll-search-service") if log["message"] == social.SEARCH_ALIAS_BACK)
    searches = [log for log in _logs("ll-search-service") if log["message"].startswith("search q=")]

    def empty_share(keep) -> float:
        chosen = [log for log in searches if keep(log["timestamp"])]
        return sum(" hits=0 " in log["message"] for log in chosen) / len(chosen)

    assert empty_share(lambda ts: swap < ts < back) > 0.4 > 0.1 > empty_share(lambda ts: not swap < ts < back)
    assert any("templates []" in log["message"] for log in _logs("ll-elasticsearch"))


def test_the_social_pods_are_named_like_kubernetes_names_them():
    for pod in _bundle()[K8S_SECTION]["pods"]:
        assert service_from_pod_name(pod["name"]) == pod["service"], pod["name"]


def test_nothing_in_the_social_world_happens_after_its_reference_time():
    bundle = _bundle()
    now = dt.datetime.fromisoformat(bundle["reference_time"])
    stamps = [log["timestamp"] for log in bundle["logs"]] + [e["last_seen"] for e in bundle[K8S_SECTION]["events"]]
    stamps += [ts for series in bundle["metrics"] for ts, _ in series["points"]]
    assert all(dt.datetime.fromisoformat(stamp) <= now for stamp in stamps)
