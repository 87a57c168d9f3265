"""World "streaming": 米视频 MiVideo, an online video platform (``mv-*`` services: Java, Go and Python
workers on Kubernetes, an Elasticsearch cluster, Redis, a Ceph RGW object store), seen on 2026-12-04
from 18:00 to the reference time 23:30 (+08:00), the evening of a series premiere. Nothing here was
written for the offline agents; five incidents of families neither the demo nor the other worlds
have, in ordinary noise:

(1) 19:08:41        mv-es-cluster: ops_zhangrui sets ``index.number_of_replicas 1 -> 0`` on ``mv_videos_v7``
                    (CHG-20261204-0412, to speed up a bulk reindex); 19:34:50 the rolling kernel patch
                    (MT-20261204-019) restarts data node ``mv-es-data-02`` → its 4 primaries of ``mv_videos_v7``
                    have no replica to promote → cluster RED; ``es_unassigned_shards`` peaks at 12 (19:37: the 4
                    primaries plus 8 replicas of other indices, re-allocated within minutes; 4 stay unassigned);
    19:35–20:08     mv-search-service: ``SearchPhaseExecutionException: all shards failed`` → search 503s;
                    the node rejoins 20:06:12, GREEN at 20:09:55, replicas back to 1 at 20:16:02.
(2) 20:00–20:42     mv-play-api: the premiere of 《长夜行》S01E01 at 20:00 quadruples play-start traffic
                    (``play_start_qps`` 1850 → 7400) → executor ``play-start-executor`` (pool size 200, queue
                    2000) full → ``RejectedExecutionException`` → play-start 503s; scaled 6 -> 12 replicas at
                    20:18:05, ``play.executor.max-pool-size`` 200 -> 400 at 20:31:40. A thread pool, not a
                    database connection pool. The 18:15 deploy 7.4.0 and the 19:52 log-sample-rate push are decoys.
(3) 20:40:05        mv-recommend-service 5.3.0 caches session features under ``rec:sess:{uid}`` without a TTL;
    21:05–22:12     Redis ``mv-redis-rec-01`` reaches maxmemory 8G, allkeys-lru evicts the hot ``rec:feed:*``
                    keys (``redis_evicted_keys_per_sec`` peaks at 4180 at 21:22), hit ratio 96% → 41%, the feed
                    falls through to MySQL ``rec_db.user_feed_candidates`` → p99 2380 ms, 504s; EXPIRE on
                    ``rec:sess:*`` at 22:03:10, 5.3.1 (EX 1800) at 22:08:30.
(4) 22:10:12 → now  mv-antispam-service 3.1.0 switches to the CPU model ``bert-spam-v5`` (p99 38 ms → ~2 s) →
                    from 22:13:55 mv-comment-service's Resilience4j breaker ``antispam`` is OPEN (slow calls) →
                    ``CallNotPermittedException`` → posting a comment returns 503. The mv-comment-service
                    2.7.3 deploy at 22:21:05 is a decoy (after the breaker opened).
(5) 22:30:07 → now  mv-secret-rotator: CronJob ``secret-rotation-weekly`` regenerates the secret of the RGW key
                    of ``mv-transcode`` (``secret/mv-media/objstore-transcode``, grace 0 s); mv-transcode-worker
                    reads credentials at startup → ``SignatureDoesNotMatch`` (403) on every PutObject → jobs
                    fail and are requeued; ``transcode_queue_depth`` of ``transcode.jobs`` peaks at 18436 at
                    23:21, after two of four workers were restarted at 23:20 (still above 5000 at 23:30).

Healthy: mv-user-service (deploy 4.8.1 at 21:50:40 is a decoy), mv-billing-service (config push at 18:40
is a decoy), mv-cdn-edge — INFO noise only, 5xx well under the threshold, no alert.
Run ``python -m evaluation.worlds streaming`` to print the bundle.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from evaluation.worlds.common import Json, WorldBuilder, runbook
from evaluation.worlds.spec import HEALTHY, Peak, World, WorldQuestion, fact

NAME = "streaming"
SEED = 20261204
TZ = dt.timezone(dt.timedelta(hours=8))
DAY = dt.date(2026, 12, 4)
START = dt.datetime(2026, 12, 4, 18, 0, tzinfo=TZ)
REFERENCE = dt.datetime(2026, 12, 4, 23, 30, tzinfo=TZ)
NOISE_EVERY_S = 120

# --- The lines the questions are about (the tests find each one in the bundle) ----------------
ES_REPLICAS_CHANGE = ('index settings updated via PUT /mv_videos_v7/_settings by user=ops_zhangrui (CHG-20261204-0412 '
                      '"speed up bulk reindex before the premiere"): index.number_of_replicas 1 -> 0')
ES_REPLICAS_LOG = ("[o.e.c.m.MetadataUpdateSettingsService] [mv-es-master-01] updating number_of_replicas to [0] for "
                   "indices [mv_videos_v7]")
ES_NODE_RESTART = ('ansible: rolling restart of mv-es-data-02 (10.30.4.12) by ops_zhangrui (MT-20261204-019 "kernel patch '
                   '5.15.0-126"): systemctl restart elasticsearch && reboot')
ES_NODE_LEFT = ("[o.e.c.s.MasterService] [mv-es-master-01] node-left[{mv-es-data-02}{Qm3k7ZxRSvWb1p0aT9nL2g}"
                "{10.30.4.12}{10.30.4.12:9300}{dir}] reason: disconnected, term: 41, version: 88213")
ES_RED = ("[o.e.c.r.a.AllocationService] [mv-es-master-01] Cluster health status changed from [GREEN] to [RED] "
          "(reason: [{mv-es-data-02}{Qm3k7ZxRSvWb1p0aT9nL2g} reason: disconnected]).")
ES_REPLICAS_RESTORE = ('index settings updated via PUT /mv_videos_v7/_settings by user=ops_zhangrui (CHG-20261204-0412 '
                       'close-out): index.number_of_replicas 0 -> 1')
SEARCH_503 = ("GET /api/v2/search?q={q}&page=1 -> 503 (org.elasticsearch.action.search.SearchPhaseExecutionException: "
              "all shards failed; shard [mv_videos_v7][{shard}]: NoShardAvailableActionException[No shard available for "
              "[mv_videos_v7][{shard}]]) took={took}ms")
UNASSIGNED_PRIMARIES = (1, 4, 7, 10)

PLAY_DEPLOY = ("deploy finished: mv-play-api 7.4.0 (was 7.3.2) rolled out by ci-bot pipeline=#9121; changes: HDR badge "
               "in play-start response")
PLAY_LOG_SAMPLE = ("[nacos] config changed: dataId=mv-play-api.yaml group=PLAY key=play.start.log-sample-rate old=0.01 "
                   "new=0.05 operator=dev_liuqi md5=3f1c9a07e2b4")
PREMIERE = ("premiere started: 《长夜行》S01E01 vid=V2026120400017 (scheduled 20:00, CDN pre-warmed; expected play-start "
            "peak 4x normal)")
PLAY_REJECTED = ("POST /api/v3/play/start -> 503 vid={vid} uid={uid} (java.util.concurrent.RejectedExecutionException: "
                 "Task java.util.concurrent.FutureTask@{h1}[Not completed, task = com.mivideo.play.start.PlayStartHandler"
                 "$$Lambda$1187/0x00000008012c4a40@{h2}] rejected from java.util.concurrent.ThreadPoolExecutor@6d4b1c02"
                 "[Running, pool size = 200, active threads = 200, queued tasks = 2000, completed tasks = {done}])")
PLAY_SATURATED = "executor play-start-executor saturated: active=200/200 queue=2000/2000 rejected={n} in last 10s"
PLAY_SCALE = ("deployment mv-play-api scaled 6 -> 12 replicas by ops_wangjing (kubectl scale deploy/mv-play-api "
              "--replicas=12, premiere traffic)")
PLAY_POOL = ("[nacos] config changed: dataId=mv-play-api.yaml group=PLAY key=play.executor.max-pool-size old=200 new=400 "
             "operator=ops_wangjing md5=a80d52c4e19f")

REC_DEPLOY = ("deploy finished: mv-recommend-service 5.3.0 (was 5.2.4) rolled out by ci-bot pipeline=#9137; changes: "
              "real-time session features cached in Redis (key rec:sess:{uid}, no expire)")
REC_STATS = ("redis mv-redis-rec-01:6379 INFO: used_memory_human={used:.2f}G maxmemory_human=8.00G "
             "maxmemory_policy=allkeys-lru evicted_keys={evicted} keyspace_hit_ratio={ratio:.2f}")
REC_MISS = ("feed cache miss uid=u_{uid} key=rec:feed:u_{uid} (evicted) -> fallback MySQL rec_db.user_feed_candidates "
            "took={took}ms")
REC_TIMEOUT = "GET /api/v1/recommend/feed -> 504 uid=u_{uid} (deadline 1500ms exceeded: cache=miss db={took}ms)"
REC_EXPIRE = ("ops: EXPIRE 1800 applied to 1284503 keys matching rec:sess:* on mv-redis-rec-01 by ops_chenhao "
              "(INC-20261204-07)")
REC_FIX = ("deploy finished: mv-recommend-service 5.3.1 (was 5.3.0) rolled out by ops_chenhao pipeline=#9152; changes: "
           "rec:sess:{uid} written with EX 1800")

ANTISPAM_DEPLOY = ("deploy finished: mv-antispam-service 3.1.0 (was 3.0.6) rolled out by ci-bot pipeline=#9160; changes: "
                   "text classifier bert-spam-v5 (CPU inference, replaces fasttext-spam-v2)")
BREAKER_OPEN = ("CircuitBreaker 'antispam' changed state from CLOSED to OPEN (slowCallRate=92.0% > "
                "slowCallRateThreshold=50.0%, slowCallDurationThreshold=800ms, minimumNumberOfCalls=100)")
COMMENT_REJECTED = ("POST /api/v1/videos/{vid}/comments -> 503 uid={uid} (io.github.resilience4j.circuitbreaker."
                    "CallNotPermittedException: CircuitBreaker 'antispam' is OPEN and does not permit further calls)")
COMMENT_DEPLOY = ("deploy finished: mv-comment-service 2.7.3 (was 2.7.2) rolled out by ci-bot pipeline=#9166; changes: "
                  "emoji picker v2 in the reply box")

ROTATION = ("rotated secret/mv-media/objstore-transcode (Vault KV v2 version 17 -> 18): radosgw-admin key create "
            "--uid=mv-transcode --access-key=MVTRX8K2Q0WL --gen-secret; grace_period=0s, previous secret invalid "
            "immediately")
TRANSCODE_FAILED = ("job tj-{job} failed: upload s3://mv-media-origin/{vid}/{rendition}/seg_{seg:05d}.ts: "
                    "botocore.exceptions.ClientError: An error occurred (SignatureDoesNotMatch) when calling the PutObject "
                    "operation: The request signature we calculated does not match the signature you provided. Check "
                    "your key and signing method.")
RGW_403 = ("req {req} 0.001s s3:put_obj ERROR: SignatureDoesNotMatch access_key=MVTRX8K2Q0WL user=mv-transcode "
           "bucket=mv-media-origin -> http_status=403")

BILLING_CONFIG = ("[nacos] config changed: dataId=mv-billing.yaml group=BILLING key=vip.promo.banner-text old=\"年卡 8 折\" "
                  "new=\"首播夜年卡 7 折\" operator=pm_zhouyi md5=5b7e0c3d91aa")
USER_DEPLOY = ("deploy finished: mv-user-service 4.8.1 (was 4.8.0) rolled out by ci-bot pipeline=#9149; changes: "
               "nickname sensitive-word list refresh")

ES_PEAK = 12
EVICT_PEAK = 4180
QUEUE_PEAK = 18436
PREMIERE_VID = "V2026120400017"
QUERIES = ["长夜行", "庆余年", "乒乓球", "猫和老鼠", "纪录片 海洋", "英超", "脱口秀", "王者荣耀 教学", "周杰伦 演唱会"]
RENDITIONS = ["1080p", "720p", "480p", "360p"]
INSTANCES = {
    s: [f"{s}-{suffix}" for suffix in pods]
    for s, pods in {
        "mv-gateway": ("5c7d9f8b6-4kq2m", "5c7d9f8b6-w8x3n"),
        "mv-play-api": ("7b6c5d9f8-2hq7k", "7b6c5d9f8-5mz8p", "7b6c5d9f8-9vt3x", "7b6c5d9f8-c4w6r", "7b6c5d9f8-k7n2s",
                        "7b6c5d9f8-x3p9l"),
        "mv-user-service": ("6d8c7b9f5-g4s2v", "6d8c7b9f5-t9k3w"),
        "mv-billing-service": ("8f7c6b5d9-m2r8q", "8f7c6b5d9-z5h1c"),
        "mv-search-service": ("9c8d7f6b5-b3j7e", "9c8d7f6b5-q6w2y"),
        "mv-recommend-service": ("6b9f8c7d5-a8m3k", "6b9f8c7d5-h2v9n", "6b9f8c7d5-r5x7t"),
        "mv-comment-service": ("7f6d8b9c5-e4n8u", "7f6d8b9c5-p1k6z"),
        "mv-antispam-service": ("5d9c8f7b6-f7q2w", "5d9c8f7b6-s3m9d"),
        "mv-transcode-worker": ("84c7b6d9f-a1c5x", "84c7b6d9f-j8t4m", "84c7b6d9f-n2w7q", "84c7b6d9f-v6z3h"),
        "mv-secret-rotator": ("29161350-x7k2p",),
    }.items()
}
INSTANCES |= {
    "mv-cdn-edge": ["cdn-edge-sh-01", "cdn-edge-sh-02", "cdn-edge-gz-01"],
    "mv-es-cluster": ["mv-es-master-01", "mv-es-data-01", "mv-es-data-02", "mv-es-data-03"],
    "mv-objstore": ["rgw-01", "rgw-02"],
}
ES_MASTER = "mv-es-master-01"
WORKERS = INSTANCES["mv-transcode-worker"]

SERVICES: list[Json] = [
    {"name": "mv-gateway", "aliases": ["网关", "API 网关"],
     "description": "App、Web 与 TV 端的对外入口（Envoy），转发到 mv-play-api、mv-search-service、mv-recommend-service、"
                    "mv-comment-service、mv-user-service、mv-billing-service，上游超时 3s。"},
    {"name": "mv-play-api", "aliases": ["播放服务", "起播服务"],
     "description": "起播接口 /api/v3/play/start（Java）：鉴权调用 mv-user-service、会员权益调用 mv-billing-service、"
                    "签发播放地址调用 mv-cdn-edge；请求在线程池 play-start-executor 中处理（max-pool-size 200，队列 2000），"
                    "配置在 Nacos dataId mv-play-api.yaml，6 个副本。"},
    {"name": "mv-cdn-edge", "aliases": ["CDN", "边缘节点"],
     "description": "视频分片分发与播放地址签名（边缘节点 cdn-edge-sh-01/02、cdn-edge-gz-01），回源 mv-objstore 的 "
                    "bucket mv-media-origin。"},
    {"name": "mv-search-service", "aliases": ["搜索服务", "站内搜索"],
     "description": "视频与创作者搜索（Java），查询 Elasticsearch 集群 mv-es-prod（mv-es-cluster）的索引 mv_videos_v7、"
                    "mv_creators_v3，allow_partial_search_results=false。"},
    {"name": "mv-es-cluster", "aliases": ["ES 集群", "Elasticsearch", "mv-es-prod"],
     "description": "Elasticsearch 集群 mv-es-prod：主节点 mv-es-master-01，数据节点 mv-es-data-01/02/03"
                    "（10.30.4.11-13），索引 mv_videos_v7（12 个主分片）、mv_creators_v3、mv_tags_v2。"},
    {"name": "mv-recommend-service", "aliases": ["推荐服务", "猜你喜欢", "首页推荐"],
     "description": "首页推荐流 /api/v1/recommend/feed（Java）：先读 Redis mv-redis-rec-01:6379（key rec:feed:u_{uid}），"
                    "未命中回源 MySQL rec_db.user_feed_candidates，接口超时 1500ms。"},
    {"name": "mv-comment-service", "aliases": ["评论服务", "弹幕评论"],
     "description": "视频评论与回复（Java），发评论前同步调用 mv-antispam-service 做内容审核，Resilience4j 熔断器 "
                    "antispam（slowCallDurationThreshold 800ms，waitDurationInOpenState 60s）。"},
    {"name": "mv-antispam-service", "aliases": ["反垃圾服务", "内容审核"],
     "description": "评论与弹幕的反垃圾文本分类（Python），接口 /v1/antispam/check。"},
    {"name": "mv-transcode-worker", "aliases": ["转码服务", "转码任务"],
     "description": "视频转码（Python + ffmpeg，4 个 worker）：消费 RabbitMQ 队列 transcode.jobs（vhost /media），"
                    "把各清晰度分片写入对象存储 mv-objstore 的 bucket mv-media-origin；对象存储凭据来自 Vault "
                    "secret/mv-media/objstore-transcode，进程启动时读取。"},
    {"name": "mv-objstore", "aliases": ["对象存储", "RGW"],
     "description": "对象存储网关（Ceph RGW rgw-01/02，S3 协议），bucket mv-media-origin 存放原片与转码结果。"},
    {"name": "mv-secret-rotator", "aliases": ["密钥轮换任务"],
     "description": "Kubernetes CronJob media/secret-rotation-weekly：每周五 22:30 轮换 Vault 中 secret/mv-media/* 的"
                    "对象存储密钥。"},
    {"name": "mv-user-service", "aliases": ["用户服务", "账号服务"], "description": "登录、用户资料与昵称审核（Go）。"},
    {"name": "mv-billing-service", "aliases": ["计费服务", "会员计费", "会员服务"],
     "description": "会员订阅、权益校验与支付回调（Java），配置在 Nacos dataId mv-billing.yaml。"},
]

QUIET: dict[str, list[tuple[str, str]]] = {
    "mv-search-service": [("19:35", "20:09")],
    "mv-play-api": [("20:00", "20:43")],
    "mv-recommend-service": [("21:05", "22:13")],
    "mv-comment-service": [("22:13", "23:30")],
    "mv-antispam-service": [("22:10", "23:30")],
    "mv-transcode-worker": [("22:30", "23:30")],
}


# --- Noise -------------------------------------------------------------------------------------
def _uid(w: WorldBuilder) -> int:
    return w.rng.randint(100_000_000, 899_999_999)


def _vid(w: WorldBuilder) -> str:
    return f"V{DAY:%Y%m}{w.rng.randint(10, 31):02d}{w.rng.randint(10000, 99999)}"


Line = tuple[str, str, dict[str, Any]]


def _gateway(w: WorldBuilder, t: dt.datetime) -> Line:
    route, upstream = w.rng.choice([
        ("POST /api/v3/play/start", "mv-play-api"), ("GET /api/v2/search", "mv-search-service"),
        ("GET /api/v1/recommend/feed", "mv-recommend-service"), ("GET /api/v1/videos/comments", "mv-comment-service"),
        ("GET /api/v1/user/profile", "mv-user-service"), ("GET /api/v1/vip/status", "mv-billing-service"),
    ])
    if w.rng.random() < 0.08:
        return "DEBUG", "GET /ready 200 0ms", {}
    return "INFO", f'[{t:%Y-%m-%dT%H:%M:%S}] "{route} HTTP/2" 200 upstream={upstream} duration={w.ms(5, 160)}ms', {"log_type": "access"}


def _play(w: WorldBuilder, t: dt.datetime) -> Line:
    if w.rng.random() < 0.75:
        return "INFO", (f"POST /api/v3/play/start -> 200 vid={_vid(w)} uid={_uid(w)} definition="
                        f"{w.rng.choice(RENDITIONS)} cdn={w.rng.choice(INSTANCES['mv-cdn-edge'])} ({w.ms(40, 140)}ms)"), {}
    return "DEBUG", (f"executor play-start-executor stats: active={w.rng.randint(8, 60)}/200 queue={w.rng.randint(0, 12)}/2000 "
                     f"completed={w.rng.randint(16_000_000, 17_000_000)}"), {"logger": "ExecutorMetrics"}


def _cdn(w: WorldBuilder, t: dt.datetime) -> Line:
    if w.rng.random() < 0.85:
        return "INFO", (f"GET /vod/{_vid(w)}/{w.rng.choice(RENDITIONS)}/seg_{w.rng.randint(1, 900):05d}.ts 200 "
                        f"cache=HIT bytes={w.rng.randint(400_000, 2_400_000)} rt={w.ms(1, 9)}ms"), {"log_type": "access"}
    return "INFO", (f"origin fetch s3://mv-media-origin/{_vid(w)}/720p/seg_{w.rng.randint(1, 900):05d}.ts 200 "
                    f"({w.ms(20, 80)}ms) cache=MISS"), {}


def _search(w: WorldBuilder, t: dt.datetime) -> Line:
    if w.rng.random() < 0.85:
        return "INFO", (f"GET /api/v2/search?q={w.rng.choice(QUERIES)}&page=1 -> 200 index=mv_videos_v7 "
                        f"hits={w.rng.randint(12, 4800)} took={w.ms(8, 60)}ms"), {}
    return "INFO", f"GET /api/v2/search/creators?q={w.rng.choice(QUERIES)} -> 200 index=mv_creators_v3 took={w.ms(5, 30)}ms", {}


def _es(w: WorldBuilder, t: dt.datetime) -> Line:
    node = w.rng.choice(INSTANCES["mv-es-cluster"][1:])
    if w.rng.random() < 0.6:
        return "INFO", (f"[o.e.m.j.JvmGcMonitorService] [{node}] [gc][young][{w.rng.randint(80000, 90000)}] duration "
                        f"[{w.rng.randint(12, 45)}ms], collections [1]/[1s], total [{w.rng.randint(12, 45)}ms]"), {"instance": node}
    return "INFO", (f"[o.e.i.e.Engine] [{node}] [mv_videos_v7][{w.rng.randint(0, 11)}] merge segment "
                    f"[_{w.hex(4)}] done, {w.rng.randint(2000, 9000)} docs"), {"instance": node}


def _recommend(w: WorldBuilder, t: dt.datetime) -> Line:
    if w.rng.random() < 0.8:
        return "INFO", (f"GET /api/v1/recommend/feed -> 200 uid=u_{_uid(w)} items=20 cache=hit "
                        f"({w.ms(12, 70)}ms)"), {}
    return "INFO", f"candidate model refreshed: ranker=din-v12 features={w.rng.randint(410, 430)}", {"job": "model-refresh"}


def _comment(w: WorldBuilder, t: dt.datetime) -> Line:
    if w.rng.random() < 0.55:
        return "INFO", (f"POST /api/v1/videos/{_vid(w)}/comments -> 201 uid={_uid(w)} antispam=pass "
                        f"({w.ms(30, 90)}ms)"), {}
    return "INFO", f"GET /api/v1/videos/{_vid(w)}/comments?sort=hot -> 200 ({w.ms(6, 40)}ms)", {}


def _antispam(w: WorldBuilder, t: dt.datetime) -> Line:
    verdict = "spam" if w.rng.random() < 0.04 else "pass"
    return "INFO", (f"POST /v1/antispam/check 200 verdict={verdict} model=fasttext-spam-v2 text_len={w.rng.randint(4, 140)} "
                    f"took={w.ms(9, 38)}ms"), {}


def _transcode(w: WorldBuilder, t: dt.datetime) -> Line:
    job = w.rng.randint(4_100_000, 4_199_999)
    if w.rng.random() < 0.6:
        return "INFO", (f"job tj-{job} done vid={_vid(w)} renditions=1080p,720p,480p,360p segments={w.rng.randint(60, 900)} "
                        f"took={w.rng.randint(40, 600)}s"), {}
    return "INFO", f"job tj-{job} started vid={_vid(w)} source=s3://mv-media-origin/raw/{w.hex(12)}.mp4", {}


def _objstore(w: WorldBuilder, t: dt.datetime) -> Line:
    op = w.rng.choice(["s3:put_obj", "s3:get_obj", "s3:get_obj", "s3:complete_multipart"])
    return "INFO", (f"req {w.rng.randint(10_000_000, 99_999_999)} 0.0{w.rng.randint(10, 80)}s {op} bucket=mv-media-origin "
                    "http_status=200"), {}


def _rotator(w: WorldBuilder, t: dt.datetime) -> Line:
    return "INFO", "vault token renewed: ttl=768h policies=[media-rotator]", {}


def _user(w: WorldBuilder, t: dt.datetime) -> Line:
    if w.rng.random() < 0.6:
        return "INFO", f"GET /api/v1/user/profile -> 200 uid={_uid(w)} ({w.ms(3, 18)}ms)", {}
    if w.rng.random() < 0.7:
        return "INFO", f"POST /api/v1/user/login -> 200 uid={_uid(w)} method=sms ({w.ms(30, 90)}ms)", {}
    return "WARN", f"nickname rejected by sensitive-word filter uid={_uid(w)}", {}


def _billing(w: WorldBuilder, t: dt.datetime) -> Line:
    if w.rng.random() < 0.6:
        return "INFO", f"GET /api/v1/vip/status -> 200 uid={_uid(w)} vip={w.rng.choice(['none', 'month', 'year'])} ({w.ms(3, 15)}ms)", {}
    return "INFO", (f"subscription renewed uid={_uid(w)} plan={w.rng.choice(['month', 'year'])} "
                    f"amount={w.rng.choice(['25.00', '198.00', '248.00'])} channel={w.rng.choice(['alipay', 'wechat'])}"), {}


NOISE = {
    "mv-gateway": (_gateway, 45), "mv-play-api": (_play, 80), "mv-cdn-edge": (_cdn, 90),
    "mv-search-service": (_search, 90), "mv-es-cluster": (_es, 300), "mv-recommend-service": (_recommend, 90),
    "mv-comment-service": (_comment, 120), "mv-antispam-service": (_antispam, 150), "mv-transcode-worker": (_transcode, 120),
    "mv-objstore": (_objstore, 150), "mv-secret-rotator": (_rotator, 3600), "mv-user-service": (_user, NOISE_EVERY_S),
    "mv-billing-service": (_billing, NOISE_EVERY_S),
}


# --- Incidents ---------------------------------------------------------------------------------
def es_red(w: WorldBuilder) -> None:
    w.log(w.at("19:08:41.203"), "mv-es-cluster", "INFO", ES_REPLICAS_CHANGE, instance=ES_MASTER, change="config",
          index="mv_videos_v7")
    w.log(w.at("19:08:41.260"), "mv-es-cluster", "INFO", ES_REPLICAS_LOG, instance=ES_MASTER)
    w.log(w.at("19:09:30.118"), "mv-search-service", "INFO",
          "reindex mv_videos_v7 bulk started: source=mysql media_db.videos docs=4812330 batch=5000 refresh_interval=-1",
          job="reindex")
    w.log(w.at("19:34:50.402"), "mv-es-cluster", "INFO", ES_NODE_RESTART, instance="ansible-runner", change="maintenance",
          ticket="MT-20261204-019")
    w.log(w.at("19:35:02.117"), "mv-es-cluster", "WARN", ES_NODE_LEFT, instance=ES_MASTER)
    w.log(w.at("19:35:02.540"), "mv-es-cluster", "WARN", ES_RED, instance=ES_MASTER)
    w.log(w.at("19:35:02.611"), "mv-es-cluster", "INFO",
          "[o.e.c.r.DelayedAllocationService] [mv-es-master-01] scheduling reroute for delayed shards in [59.4s] "
          "(8 delayed shards)", instance=ES_MASTER)
    for shard in UNASSIGNED_PRIMARIES:
        w.log(w.at("19:35:02.700") + dt.timedelta(milliseconds=shard), "mv-es-cluster", "WARN",
              f"[o.e.c.r.a.AllocationService] [mv-es-master-01] primary shard [mv_videos_v7][{shard}] unassigned: "
              "NODE_LEFT, no valid shard copy (index.number_of_replicas=0, last allocated on mv-es-data-02)",
              instance=ES_MASTER)
    health = [("19:36", 11, "red"), ("19:38", 10, "red"), ("19:40", 7, "red"), ("19:44", 4, "red"), ("19:50", 4, "red"),
              ("19:56", 4, "red"), ("20:02", 4, "red"), ("20:08", 2, "red"), ("20:10", 0, "green")]
    for clock, unassigned, status in health:
        w.log(w.at(clock) + dt.timedelta(seconds=5), "mv-es-cluster", "WARN" if status == "red" else "INFO",
              f"cluster_health cluster=mv-es-prod status={status} nodes={3 if clock < '20:06' else 4} "
              f"active_primary_shards={48 - min(unassigned, 4)} unassigned_shards={unassigned}",
              instance="es-exporter")
    moment = w.at("19:35:10")
    while moment < w.at("20:08:40"):
        q = w.rng.choice(QUERIES)
        if w.rng.random() < 0.75:
            w.log(moment, "mv-search-service", "ERROR",
                  SEARCH_503.format(q=q, shard=w.rng.choice(UNASSIGNED_PRIMARIES), took=w.ms(3, 20)), http_status=503)
            w.log(moment + dt.timedelta(milliseconds=25), "mv-gateway", "WARN",
                  f'[{moment:%Y-%m-%dT%H:%M:%S}] "GET /api/v2/search HTTP/2" 503 upstream=mv-search-service '
                  f"duration={w.ms(5, 30)}ms", log_type="access")
        else:
            w.log(moment, "mv-search-service", "INFO",
                  f"GET /api/v2/search/creators?q={q} -> 200 index=mv_creators_v3 took={w.ms(5, 30)}ms")
        moment += dt.timedelta(seconds=w.rng.randint(12, 28), milliseconds=w.rng.randint(0, 999))
    w.log(w.at("20:05:31.880"), "mv-es-cluster", "INFO",
          "ansible: mv-es-data-02 (10.30.4.12) back after reboot, kernel 5.15.0-126, elasticsearch.service active",
          instance="ansible-runner")
    w.log(w.at("20:06:12.043"), "mv-es-cluster", "INFO",
          "[o.e.c.s.MasterService] [mv-es-master-01] node-join[{mv-es-data-02}{Qm3k7ZxRSvWb1p0aT9nL2g}{10.30.4.12}"
          "{10.30.4.12:9300}{dir} joining], term: 41, version: 88390", instance=ES_MASTER)
    w.log(w.at("20:08:40.512"), "mv-es-cluster", "INFO",
          "[o.e.c.r.a.AllocationService] [mv-es-master-01] Cluster health status changed from [RED] to [YELLOW] "
          "(reason: [shards started [[mv_videos_v7][4]]]).", instance=ES_MASTER)
    w.log(w.at("20:09:55.130"), "mv-es-cluster", "INFO",
          "[o.e.c.r.a.AllocationService] [mv-es-master-01] Cluster health status changed from [YELLOW] to [GREEN] "
          "(reason: [shards started [[mv_videos_v7][10]]]).", instance=ES_MASTER)
    w.log(w.at("20:16:02.317"), "mv-es-cluster", "INFO", ES_REPLICAS_RESTORE, instance=ES_MASTER, change="config",
          index="mv_videos_v7")
    w.alert("ElasticsearchClusterRed", "mv-es-cluster", "critical", w.at("19:36"), w.at("20:10"), "red",
            "ES 集群 mv-es-prod 状态为 red：有主分片未分配", cluster="mv-es-prod")
    w.alert("ElasticsearchUnassignedShards", "mv-es-cluster", "warning", w.at("19:36"), w.at("20:10"), "11",
            "mv-es-prod 未分配分片 11 个，超过阈值 1 个", cluster="mv-es-prod")
    w.alert("SearchErrorRateHigh", "mv-search-service", "critical", w.at("19:37"), w.at("20:11"), "38.5%",
            "mv-search-service 搜索接口 5xx 比例 38.5% 超过阈值 5%")


def play_rejections(w: WorldBuilder) -> None:
    pods = INSTANCES["mv-play-api"]
    w.log(w.at("18:15:20.611"), "mv-play-api", "INFO", PLAY_DEPLOY, instance=pods[0], change="deploy")
    w.log(w.at("19:52:30.208"), "mv-play-api", "INFO", PLAY_LOG_SAMPLE, instance=pods[1], change="config")
    w.log(w.at("20:00:00.004"), "mv-play-api", "INFO", PREMIERE, instance=pods[0], event="premiere", vid=PREMIERE_VID)
    done = 17_204_113
    moment = w.at("20:01:20")
    while moment < w.at("20:42:10"):
        pod = w.rng.choice(pods)
        after_scale = moment >= w.at("20:18:05")
        if w.rng.random() < (0.35 if after_scale else 0.7):
            done += w.rng.randint(2000, 9000)
            w.log(moment, "mv-play-api", "ERROR",
                  PLAY_REJECTED.format(vid=PREMIERE_VID if w.rng.random() < 0.8 else _vid(w), uid=_uid(w), h1=w.hex(8),
                                       h2=w.hex(8), done=done),
                  instance=pod, http_status=503)
            w.log(moment + dt.timedelta(milliseconds=15), "mv-gateway", "WARN",
                  f'[{moment:%Y-%m-%dT%H:%M:%S}] "POST /api/v3/play/start HTTP/2" 503 upstream=mv-play-api '
                  f"duration={w.ms(2, 12)}ms", log_type="access")
        else:
            w.log(moment, "mv-play-api", "INFO",
                  f"POST /api/v3/play/start -> 200 vid={PREMIERE_VID} uid={_uid(w)} definition=1080p "
                  f"cdn={w.rng.choice(INSTANCES['mv-cdn-edge'])} ({w.ms(300, 1400)}ms)", instance=pod)
        if w.rng.random() < 0.15:
            w.log(moment + dt.timedelta(seconds=1), "mv-play-api", "WARN", PLAY_SATURATED.format(n=w.rng.randint(180, 640)),
                  instance=pod, logger="ExecutorMetrics")
        moment += dt.timedelta(seconds=w.rng.randint(8, 20), milliseconds=w.rng.randint(0, 999))
    w.log(w.at("20:18:05.771"), "mv-play-api", "INFO", PLAY_SCALE, instance="kube-audit", change="scale")
    w.log(w.at("20:31:40.093"), "mv-play-api", "INFO", PLAY_POOL, instance=pods[2], change="config")
    w.log(w.at("20:42:30.550"), "mv-play-api", "INFO",
          "executor play-start-executor stats: active=212/400 queue=0/2000 rejected=0 in last 60s", instance=pods[3],
          logger="ExecutorMetrics")
    w.alert("PlayExecutorRejections", "mv-play-api", "critical", w.at("20:03"), w.at("20:44"), "2400/min",
            "mv-play-api 线程池 play-start-executor 拒绝任务 2400 次/分钟，超过阈值 50 次/分钟", executor="play-start-executor")
    w.alert("PlayStartFailureRateHigh", "mv-play-api", "critical", w.at("20:03"), w.at("20:45"), "31.0%",
            "起播失败率 31.0% 超过阈值 2%")


def recommend_evictions(w: WorldBuilder) -> None:
    pods = INSTANCES["mv-recommend-service"]
    w.log(w.at("20:40:05.334"), "mv-recommend-service", "INFO", REC_DEPLOY, instance=pods[0], change="deploy")
    # The cache monitor's stats line every 5 minutes: (clock, used GiB, evicted keys in total, hit ratio).
    used = {"20:40": 5.86, "20:45": 6.41, "20:50": 6.98, "20:55": 7.52, "21:00": 7.91, "21:05": 8.00}
    evicted = 0
    moment = START
    while moment < REFERENCE:
        clock = f"{moment:%H:%M}"
        if "21:05" <= clock < "22:05":
            evicted += w.rng.randint(600_000, 1_200_000)
            gib, ratio = 8.00, w.rng.uniform(0.40, 0.58)
        elif "22:05" <= clock < "22:15":
            evicted += w.rng.randint(1000, 30000)
            gib, ratio = 6.9, 0.90
        else:
            gib = used.get(clock, 5.8 if clock < "20:40" else 6.5 if clock >= "22:15" else 7.0)
            ratio = w.rng.uniform(0.95, 0.97)
        level = "WARN" if "21:05" <= clock < "22:05" else "INFO"
        w.log(moment + dt.timedelta(seconds=2), "mv-recommend-service", level,
              REC_STATS.format(used=gib, evicted=evicted, ratio=ratio), instance=pods[1], logger="RedisStatsReporter")
        moment += dt.timedelta(minutes=5)
    moment = w.at("21:05:20")
    while moment < w.at("22:12:00"):
        uid = _uid(w)
        took = w.ms(600, 2600)
        w.log(moment, "mv-recommend-service", "WARN", REC_MISS.format(uid=uid, took=took), instance=w.rng.choice(pods))
        if took > 1500:
            w.log(moment + dt.timedelta(milliseconds=took), "mv-recommend-service", "ERROR",
                  REC_TIMEOUT.format(uid=uid, took=took), instance=w.rng.choice(pods), http_status=504)
            w.log(moment + dt.timedelta(milliseconds=took + 20), "mv-gateway", "WARN",
                  f'[{moment:%Y-%m-%dT%H:%M:%S}] "GET /api/v1/recommend/feed HTTP/2" 504 upstream=mv-recommend-service '
                  "duration=1502ms", log_type="access")
        moment += dt.timedelta(seconds=w.rng.randint(15, 35), milliseconds=w.rng.randint(0, 999))
    w.log(w.at("22:03:10.662"), "mv-recommend-service", "INFO", REC_EXPIRE, instance="ops-console", change="maintenance")
    w.log(w.at("22:08:30.415"), "mv-recommend-service", "INFO", REC_FIX, instance=pods[0], change="deploy")
    w.alert("RedisEvictionsHigh", "mv-recommend-service", "warning", w.at("21:07"), w.at("22:14"), "1320 keys/s",
            "Redis mv-redis-rec-01 每秒淘汰 1320 个 key，超过阈值 100 个/秒", redis="mv-redis-rec-01:6379")
    w.alert("RecommendFeedLatencyHigh", "mv-recommend-service", "critical", w.at("21:09"), w.at("22:17"), "1960ms",
            "推荐流接口 p99 延迟 1960ms 超过阈值 800ms")


def comment_breaker(w: WorldBuilder) -> None:
    spam, comments = INSTANCES["mv-antispam-service"], INSTANCES["mv-comment-service"]
    w.log(w.at("22:10:12.508"), "mv-antispam-service", "INFO", ANTISPAM_DEPLOY, instance=spam[0], change="deploy")
    for pod in spam:
        w.log(w.at("22:10:40.200"), "mv-antispam-service", "INFO",
              "model bert-spam-v5 loaded (412MB) device=cpu intra_op_threads=4", instance=pod)
    moment = w.at("22:10:45")
    while moment < REFERENCE:
        took = w.ms(1200, 2800)
        w.log(moment, "mv-antispam-service", "WARN",
              f"POST /v1/antispam/check 200 verdict=pass model=bert-spam-v5 text_len={w.rng.randint(4, 140)} took={took}ms "
              "(slow request > 500ms)", instance=w.rng.choice(spam))
        moment += dt.timedelta(seconds=w.rng.randint(30, 70), milliseconds=w.rng.randint(0, 999))
    w.log(w.at("22:13:55.061"), "mv-comment-service", "WARN", BREAKER_OPEN, instance=comments[0], logger="CircuitBreaker")
    moment = w.at("22:14:55")
    while moment < REFERENCE:  # waitDurationInOpenState 60s: half-open probes fail slow, the breaker opens again
        pod = w.rng.choice(comments)
        w.log(moment, "mv-comment-service", "INFO", "CircuitBreaker 'antispam' changed state from OPEN to HALF_OPEN",
              instance=pod, logger="CircuitBreaker")
        w.log(moment + dt.timedelta(seconds=w.rng.randint(3, 9)), "mv-comment-service", "WARN",
              "CircuitBreaker 'antispam' changed state from HALF_OPEN to OPEN (slowCallRate=100.0% > "
              "slowCallRateThreshold=50.0%, permittedNumberOfCallsInHalfOpenState=10)", instance=pod, logger="CircuitBreaker")
        moment += dt.timedelta(minutes=w.rng.randint(4, 7), seconds=w.rng.randint(0, 59))
    moment = w.at("22:14:02")
    while moment < REFERENCE:
        if w.rng.random() < 0.7:
            w.log(moment, "mv-comment-service", "ERROR", COMMENT_REJECTED.format(vid=_vid(w), uid=_uid(w)),
                  instance=w.rng.choice(comments), http_status=503)
        else:
            w.log(moment, "mv-comment-service", "INFO",
                  f"GET /api/v1/videos/{_vid(w)}/comments?sort=hot -> 200 ({w.ms(6, 40)}ms)", instance=w.rng.choice(comments))
        moment += dt.timedelta(seconds=w.rng.randint(18, 45), milliseconds=w.rng.randint(0, 999))
    w.log(w.at("22:21:05.872"), "mv-comment-service", "INFO", COMMENT_DEPLOY, instance=comments[1], change="deploy")
    w.alert("AntispamLatencyHigh", "mv-antispam-service", "warning", w.at("22:12"), None, "1910ms",
            "mv-antispam-service /v1/antispam/check p99 延迟 1910ms 超过阈值 500ms")
    w.alert("CircuitBreakerOpen", "mv-comment-service", "critical", w.at("22:15"), None, "OPEN",
            "mv-comment-service 调用 mv-antispam-service 的熔断器 antispam 处于 OPEN，拒绝调用 640 次/分钟",
            breaker="antispam")


def transcode_auth(w: WorldBuilder) -> None:
    w.log(w.at("22:30:00.412"), "mv-secret-rotator", "INFO",
          "job secret-rotation-weekly-29161350 started (CronJob media/secret-rotation-weekly, schedule \"30 22 * * 5\")")
    w.log(w.at("22:30:07.881"), "mv-secret-rotator", "INFO", ROTATION, change="secret", path="secret/mv-media/objstore-transcode")
    w.log(w.at("22:30:08.020"), "mv-secret-rotator", "INFO",
          "job secret-rotation-weekly-29161350 completed: rotated=1 skipped=0 consumers_restarted=0")
    restarted = set(WORKERS[:2])
    moment = w.at("22:30:15")
    job = 4_200_000
    while moment < REFERENCE:
        pod = w.rng.choice(WORKERS)
        job += w.rng.randint(1, 40)
        if moment >= w.at("23:20:40") and pod in restarted:
            w.log(moment, "mv-transcode-worker", "INFO",
                  f"job tj-{job} done vid={_vid(w)} renditions=1080p,720p,480p,360p segments={w.rng.randint(60, 900)} "
                  f"took={w.rng.randint(40, 600)}s", instance=pod)
        else:
            w.log(moment, "mv-transcode-worker", "ERROR",
                  TRANSCODE_FAILED.format(job=job, vid=_vid(w), rendition=w.rng.choice(RENDITIONS), seg=w.rng.randint(1, 40)),
                  instance=pod)
            w.log(moment + dt.timedelta(milliseconds=40), "mv-transcode-worker", "WARN",
                  f"job tj-{job} nacked, requeued to transcode.jobs (attempt {w.rng.randint(1, 3)}/3)", instance=pod)
            w.log(moment - dt.timedelta(milliseconds=3), "mv-objstore", "WARN",
                  RGW_403.format(req=w.rng.randint(10_000_000, 99_999_999)), instance=w.rng.choice(INSTANCES["mv-objstore"]))
        moment += dt.timedelta(seconds=w.rng.randint(15, 35), milliseconds=w.rng.randint(0, 999))
    for pod, clock in zip(sorted(restarted), ("23:20:12.300", "23:20:31.904"), strict=True):
        w.log(w.at(clock), "mv-transcode-worker", "INFO",
              f"pod {pod} deleted by ops_liyan (kubectl delete pod, reload object-store credentials)", instance="kube-audit",
              change="restart")
    w.alert("ObjectStore403Spike", "mv-objstore", "warning", w.at("22:32"), None, "1450/min",
            "mv-objstore bucket mv-media-origin 返回 403 共 1450 次/分钟，超过阈值 20 次/分钟", bucket="mv-media-origin")
    w.alert("TranscodeJobFailuresHigh", "mv-transcode-worker", "critical", w.at("22:33"), None, "100%",
            "转码任务失败率 100% 超过阈值 5%")
    w.alert("TranscodeQueueBacklog", "mv-transcode-worker", "warning", w.at("22:47"), None, "5120",
            "RabbitMQ 队列 transcode.jobs 积压 5120 个任务，超过阈值 5000 个", queue="transcode.jobs")


def other_changes(w: WorldBuilder) -> None:
    w.log(w.at("18:40:12.480"), "mv-billing-service", "INFO", BILLING_CONFIG, change="config")
    w.log(w.at("21:50:40.030"), "mv-user-service", "INFO", USER_DEPLOY, change="deploy")


def build_metrics(w: WorldBuilder) -> None:
    at = w.at
    shards = [(START, 0), (at("19:35"), 0), (at("19:36"), 11), (at("19:37"), ES_PEAK), (at("19:38"), 10), (at("19:40"), 7),
              (at("19:44"), 4), (at("20:06"), 4), (at("20:08"), 2), (at("20:09"), 0), (REFERENCE, 0)]
    w.series("es_unassigned_shards", "mv-es-cluster", "个", shards, start=START, fine=[(at("19:25"), at("20:20"))],
             digits=0, threshold=1, cluster="mv-es-prod")
    w.series("http_5xx_rate", "mv-search-service", "%", [(START, 0.1), (at("19:35"), 0.1), (at("19:36"), 38.5),
                                                         (at("19:50"), 41.2), (at("20:08"), 36.0), (at("20:09"), 0.2),
                                                         (REFERENCE, 0.1)],
             start=START, fine=[(at("19:25"), at("20:20"))], spread=0.05, digits=1, threshold=5)
    w.series("play_start_qps", "mv-play-api", "次/秒", [(START, 1650), (at("19:50"), 1850), (at("20:00"), 1900),
                                                      (at("20:05"), 7400), (at("20:30"), 6900), (at("21:00"), 4200),
                                                      (REFERENCE, 2300)],
             start=START, fine=[(at("19:50"), at("20:50"))], spread=40, digits=0)
    w.series("executor_rejected_per_min", "mv-play-api", "次/分钟", [(START, 0), (at("20:01"), 0), (at("20:02"), 2400),
                                                                  (at("20:10"), 3100), (at("20:18"), 2900), (at("20:25"), 900),
                                                                  (at("20:32"), 150), (at("20:42"), 0), (REFERENCE, 0)],
             start=START, fine=[(at("19:50"), at("20:50"))], spread=30, digits=0, threshold=50, executor="play-start-executor")
    w.series("executor_queue_size", "mv-play-api", "个", [(START, 3), (at("20:00"), 8), (at("20:01"), 2000), (at("20:32"), 2000),
                                                         (at("20:35"), 600), (at("20:42"), 4), (REFERENCE, 3)],
             start=START, fine=[(at("19:50"), at("20:50"))], digits=0, threshold=1800, executor="play-start-executor")
    w.series("play_start_failure_rate", "mv-play-api", "%", [(START, 0.2), (at("20:01"), 0.2), (at("20:03"), 31.0),
                                                             (at("20:12"), 34.6), (at("20:18"), 30.1), (at("20:25"), 9.8),
                                                             (at("20:42"), 0.3), (REFERENCE, 0.2)],
             start=START, fine=[(at("19:50"), at("20:50"))], spread=0.2, digits=1, threshold=2)
    evictions = [(START, 0), (at("21:04"), 0), (at("21:05"), 850), (at("21:12"), 2900), (at("21:21"), 4020),
                 (at("21:22"), EVICT_PEAK), (at("21:23"), 3960), (at("21:40"), 3100), (at("22:03"), 2600), (at("22:05"), 300),
                 (at("22:10"), 20), (at("22:12"), 0), (REFERENCE, 0)]
    w.series("redis_evicted_keys_per_sec", "mv-recommend-service", "keys/s", evictions, start=START,
             fine=[(at("20:35"), at("22:20"))], spread=25, digits=0, threshold=100, redis="mv-redis-rec-01:6379")
    w.series("redis_keyspace_hit_ratio", "mv-recommend-service", "%", [(START, 96.2), (at("21:04"), 96.0), (at("21:08"), 71.0),
                                                                       (at("21:20"), 41.3), (at("22:04"), 52.0),
                                                                       (at("22:12"), 95.8), (REFERENCE, 96.1)],
             start=START, fine=[(at("20:35"), at("22:20"))], spread=0.4, digits=1, redis="mv-redis-rec-01:6379")
    w.series("redis_used_memory", "mv-recommend-service", "GiB", [(START, 5.8), (at("20:40"), 5.86), (at("21:04"), 8.0),
                                                                  (at("22:03"), 8.0), (at("22:06"), 6.9), (at("22:15"), 6.5),
                                                                  (REFERENCE, 6.5)],
             start=START, fine=[(at("20:35"), at("22:20"))], digits=2, threshold=7.6, redis="mv-redis-rec-01:6379")
    w.series("http_p99_latency", "mv-recommend-service", "ms", [(START, 85), (at("21:04"), 90), (at("21:09"), 1960),
                                                                (at("21:25"), 2380), (at("22:05"), 1700), (at("22:13"), 95),
                                                                (REFERENCE, 88)],
             start=START, fine=[(at("20:35"), at("22:20"))], spread=15, digits=0, threshold=800)
    w.series("http_p99_latency", "mv-antispam-service", "ms", [(START, 38), (at("22:10"), 40), (at("22:12"), 1910),
                                                               (at("22:40"), 2350), (REFERENCE, 2210)],
             start=START, fine=[(at("22:00"), REFERENCE)], spread=30, digits=0, threshold=500)
    w.series("circuit_breaker_not_permitted_per_min", "mv-comment-service", "次/分钟",
             [(START, 0), (at("22:13"), 0), (at("22:15"), 640), (at("22:40"), 720), (REFERENCE, 690)],
             start=START, fine=[(at("22:00"), REFERENCE)], spread=20, digits=0, threshold=10, breaker="antispam")
    w.series("http_5xx_rate", "mv-comment-service", "%", [(START, 0.1), (at("22:13"), 0.1), (at("22:15"), 61.5),
                                                          (at("22:40"), 66.0), (REFERENCE, 64.2)],
             start=START, fine=[(at("22:00"), REFERENCE)], spread=0.5, digits=1, threshold=5)
    queue = [(START, 120), (at("22:30"), 140), (at("22:45"), 3900), (at("23:00"), 9800), (at("23:15"), 16100),
             (at("23:20"), 18150), (at("23:21"), QUEUE_PEAK), (at("23:22"), 18300), (REFERENCE, 16920)]
    w.series("transcode_queue_depth", "mv-transcode-worker", "个", queue, start=START, fine=[(at("22:20"), REFERENCE)],
             spread=20, digits=0, threshold=5000, queue="transcode.jobs")
    w.series("transcode_job_failure_rate", "mv-transcode-worker", "%", [(START, 0.3), (at("22:30"), 0.3), (at("22:32"), 100),
                                                                        (at("23:20"), 100), (at("23:22"), 52.0),
                                                                        (REFERENCE, 50.0)],
             start=START, fine=[(at("22:20"), REFERENCE)], digits=1, threshold=5)
    w.series("objstore_http_403_per_min", "mv-objstore", "次/分钟", [(START, 0), (at("22:30"), 0), (at("22:31"), 1450),
                                                                     (at("23:20"), 1480), (at("23:22"), 760),
                                                                     (REFERENCE, 740)],
             start=START, fine=[(at("22:20"), REFERENCE)], spread=15, digits=0, threshold=20, bucket="mv-media-origin")
    for service, p99 in (("mv-user-service", 45), ("mv-billing-service", 60), ("mv-cdn-edge", 12)):
        w.series("http_5xx_rate", service, "%", [(START, 0.1), (at("20:30"), 0.2), (REFERENCE, 0.1)], start=START,
                 spread=0.05, digits=1, threshold=5)
        w.series("http_p99_latency", service, "ms", [(START, p99), (at("20:30"), p99 + 15), (REFERENCE, p99)], start=START,
                 spread=4, digits=0, threshold=1000)


# --- Runbooks ----------------------------------------------------------------------------------
RUNBOOKS: list[tuple[str, str, str]] = [
    ("runbooks/es-cluster-red.md", "Elasticsearch 集群 RED 与未分配分片处理手册", runbook(
        "Elasticsearch 集群 RED 与未分配分片处理手册",
        "适用于集群状态 red、分片 UNASSIGNED、搜索报 SearchPhaseExecutionException / all shards failed / "
        "NoShardAvailableActionException。",
        ["**ElasticsearchClusterRed**：集群有主分片未分配。", "**ElasticsearchUnassignedShards**：未分配分片数超过阈值。",
         "**SearchErrorRateHigh**：搜索接口 5xx 比例超过 5%。"],
        ["`GET _cluster/health` 与 `GET _cat/shards?v&h=index,shard,prirep,state,unassigned.reason,node | grep UNASSIGNED`。",
         "`GET _cluster/allocation/explain` 查看主分片为何无法分配。",
         "核对最近的索引设置变更（number_of_replicas）与节点重启、下线记录。"],
        ["索引 number_of_replicas 被改为 0 后重启或下线了数据节点，主分片没有副本可提升。",
         "磁盘超过 high watermark，分片无法分配。", "节点版本不一致导致分片不能分配到新节点。"],
        ["让下线的数据节点尽快重新加入集群，主分片从本地数据恢复。", "恢复 index.number_of_replicas 为 1。",
         "重启数据节点前确认集群为 green、每个索引至少 1 个副本，并先设置 cluster.routing.allocation.enable=primaries。"])),
    ("runbooks/redis-eviction.md", "Redis 内存淘汰（evicted_keys 激增）与缓存命中率下降处理手册", runbook(
        "Redis 内存淘汰（evicted_keys 激增）与缓存命中率下降处理手册",
        "适用于 Redis used_memory 到达 maxmemory、evicted_keys 激增、缓存命中率骤降、请求回源数据库变慢。",
        ["**RedisEvictionsHigh**：每秒淘汰 key 数超过阈值。", "**RecommendFeedLatencyHigh**：推荐流 p99 延迟超过 800ms。"],
        ["`INFO stats` 查看 evicted_keys 与 keyspace_hits/misses，`INFO memory` 查看 used_memory 与 maxmemory_policy。",
         "`redis-cli --scan --pattern` 按 key 前缀抽样统计数量与 TTL（ttl=-1 表示没有过期时间）。",
         "对齐内存上涨开始时间与发布记录、配置变更。"],
        ["新增的 key 前缀没有设置过期时间，持续占满 maxmemory，热点 key 被淘汰。", "maxmemory-policy 或 maxmemory 被改动。",
         "大 key 写入。"],
        ["为新 key 补充 EXPIRE 并修复写入代码（写入时带 EX）。", "临时扩容 maxmemory 或拆分实例。",
         "回源数据库加限流与降级，避免缓存击穿拖垮数据库。"])),
    ("runbooks/circuit-breaker-open.md", "熔断器打开（CallNotPermittedException）处理手册", runbook(
        "熔断器打开（CallNotPermittedException）处理手册",
        "适用于 Resilience4j / Envoy 熔断器 OPEN、CallNotPermittedException、503 UO（upstream overflow）。",
        ["**CircuitBreakerOpen**：熔断器处于 OPEN。", "**AntispamLatencyHigh**：被调用方 p99 延迟超过阈值。"],
        ["查看熔断器状态变化日志（CLOSED → OPEN → HALF_OPEN）与触发原因：失败率还是慢调用比例。",
         "查看被熔断的下游服务延迟与错误率，对齐其最近的发布。", "确认熔断阈值（slowCallDurationThreshold 等）近期是否改过。"],
        ["下游发布后变慢，慢调用比例超过 slowCallRateThreshold。", "下游错误率升高超过 failureRateThreshold。",
         "熔断阈值设置过于敏感。"],
        ["回滚或扩容变慢的下游服务，熔断器会经 HALF_OPEN 自动恢复。", "为被熔断的调用提供降级（如评论先发后审）。",
         "按下游真实延迟调整 slowCallDurationThreshold，并为下游发布做压测。"])),
    ("runbooks/objstore-403.md", "对象存储 403（SignatureDoesNotMatch / AccessDenied）处理手册", runbook(
        "对象存储 403（SignatureDoesNotMatch / AccessDenied）处理手册",
        "适用于 S3 兼容对象存储返回 403：SignatureDoesNotMatch、AccessDenied、InvalidAccessKeyId。",
        ["**ObjectStore403Spike**：对象存储 403 次数超过阈值。", "**TranscodeJobFailuresHigh**：转码任务失败率超过 5%。",
         "**TranscodeQueueBacklog**：转码队列积压超过阈值。"],
        ["确认 403 的错误码：SignatureDoesNotMatch 是密钥不对，AccessDenied 多为权限策略。",
         "查看密钥管理（Vault）中对应凭据的版本变化与轮换任务记录。", "确认使用方何时加载凭据（启动时还是热加载）。"],
        ["密钥轮换后使用方仍持有旧密钥（进程启动时读取凭据）。", "bucket 策略或用户权限被修改。", "客户端时间偏差导致签名失效。"],
        ["滚动重启使用方以加载新密钥，或改为凭据热加载。", "轮换任务设置宽限期，新旧密钥并存一段时间。",
         "凭据恢复后重新投递失败的任务。"])),
    ("runbooks/thread-pool-rejection.md", "线程池拒绝（RejectedExecutionException）处理手册", runbook(
        "线程池拒绝（RejectedExecutionException）处理手册",
        "适用于 java.util.concurrent.RejectedExecutionException、业务线程池 active 打满且队列已满。"
        "注意：这是业务线程池，不是数据库连接池。",
        ["**PlayExecutorRejections**：线程池拒绝任务次数超过阈值。", "**PlayStartFailureRateHigh**：起播失败率超过 2%。"],
        ["查看线程池 active threads、queued tasks 与拒绝次数。", "对齐请求量曲线（首播、活动、推送）与拒绝开始时间。",
         "jstack 确认线程是否卡在某个下游调用。"],
        ["流量突增（首播、活动）超过线程池处理能力。", "下游变慢占住线程，任务堆满队列。", "线程池或队列容量配置过小。"],
        ["扩容实例分摊流量。", "评估 CPU 与下游承受能力后调大 max-pool-size。", "入口限流与排队提示，活动前压测并提前扩容。"])),
    ("runbooks/db-connection-pool.md", "数据库连接池耗尽处理手册", runbook(
        "数据库连接池耗尽处理手册", "适用于 HikariPool Connection is not available, request timed out、连接池 active 打满。",
        ["**DBConnectionPoolExhausted**：连接池 active 等于上限。"],
        ["查看 HikariPool 的 active/idle/waiting。", "找出长时间占用连接的慢 SQL 与未关闭的连接。"],
        ["慢 SQL 长时间占用连接。", "连接泄漏。"],
        ["临时调大 maximumPoolSize。", "优化慢 SQL，开启 leakDetectionThreshold。"])),
    ("runbooks/mysql-slow-query.md", "MySQL 慢查询处理手册", runbook(
        "MySQL 慢查询处理手册", "适用于慢查询日志激增、Rows_examined 过大、全表扫描。",
        ["**MySQLSlowQueries**：慢查询超过 50 次/分钟。"],
        ["`pt-query-digest` 汇总慢查询日志。", "EXPLAIN 查看执行计划。"],
        ["缺少索引导致全表扫描。", "统计信息过期。"],
        ["补充索引，用 pt-online-schema-change 在线变更。", "ANALYZE TABLE 更新统计信息。"])),
]


def build_bundle(seed: int = SEED) -> Json:
    w = WorldBuilder(seed=seed, day=DAY, tz=TZ, reference=REFERENCE, instances=INSTANCES,
                     labels={"env": "prod", "cluster": "mv-sh-prod"})
    for service, (make, every) in NOISE.items():
        quiet = [(w.at(a), w.at(b)) for a, b in QUIET.get(service, [])]
        w.noise(service, make, START, every_s=every, quiet=quiet)
    es_red(w)
    play_rejections(w)
    recommend_evictions(w)
    comment_breaker(w)
    transcode_auth(w)
    other_changes(w)
    build_metrics(w)
    documents = [{"title": title, "source": source, "content": content} for source, title, content in RUNBOOKS]
    return w.bundle(name="MiVideo 米视频 2026-12-04", services=SERVICES, documents=documents)


# --- Questions ---------------------------------------------------------------------------------
#: Each incident's signature and the word of its own remedy or cause: in another incident's answer, a misattribution.
FAMILY = {
    "es": ("all shards failed", "number_of_replicas"),
    "redis": ("evicted_keys", "rec:sess"),
    "breaker": ("CallNotPermittedException", "bert-spam-v5"),
    "objstore": ("SignatureDoesNotMatch", "objstore-transcode"),
    "threadpool": ("RejectedExecutionException", "play-start-executor"),
}
UNRELATED_REMEDIES = ("maximumPoolSize", "pt-online-schema-change")
FIRING = ("AntispamLatencyHigh", "CircuitBreakerOpen", "ObjectStore403Spike", "TranscodeJobFailuresHigh",
          "TranscodeQueueBacklog")
INCIDENT_WORDS = tuple(word for words in FAMILY.values() for word in words)


def _not(*own: str) -> tuple[str, ...]:
    """The other incidents' words, plus the unrelated runbooks' remedies."""
    return tuple(word for family, words in FAMILY.items() if family not in own for word in words) + UNRELATED_REMEDIES


QUESTIONS: tuple[WorldQuestion, ...] = (
    WorldQuestion(
        "streaming_search_503_cause", "七点半多开始站内搜索基本搜不出东西，搜索服务一直吐 503，ES 那边到底怎么了？", "cause",
        asked_facts=(fact("all shards failed", "SearchPhaseExecutionException", "NoShardAvailableActionException"),),
        cause_facts=(fact("number_of_replicas", "CHG-20261204-0412", "副本数"), fact("mv-es-data-02", "MT-20261204-019")),
        forbidden=_not("es"), service="mv-search-service",
        diagnosis="19:08 CHG-20261204-0412 把 mv_videos_v7 的 number_of_replicas 改成 0，19:34 内核补丁重启 mv-es-data-02 → "
                  "它上面的 4 个主分片无副本可用，集群 red → 搜索 all shards failed → 503；20:06 节点回来，20:09 green",
    ),
    WorldQuestion(
        "streaming_es_shards_quantity", "mv-es-prod 出问题那阵，未分配的分片数顶到过几个？", "quantity",
        asked_facts=(fact("12 个", "12个", "unassigned_shards=12", "12 shards"),), forbidden=_not("es"),
        service="mv-es-cluster", peak=Peak("mv-es-cluster", "es_unassigned_shards", ES_PEAK),
        diagnosis="es_unassigned_shards 峰值 12 个（19:37，4 个主分片 + 8 个其他索引的副本），告警触发时为 11，之后 4 个主分片一直未分配到 20:06",
    ),
    WorldQuestion(
        "streaming_play_start_cause", "八点那会儿好多用户点播放一直转圈然后报播放失败，mv-play-api 是被什么打挂的？", "cause",
        asked_facts=(fact("RejectedExecutionException"),),
        cause_facts=(fact("premiere", "首播", "长夜行", PREMIERE_VID, "play_start_qps"),),
        forbidden=(*_not("threadpool"), "HikariPool", "连接池耗尽"), service="mv-play-api",
        diagnosis="20:00 《长夜行》首播，起播请求 4 倍（1850 → 7400 次/秒）→ 线程池 play-start-executor（200 线程、队列 2000）打满 → "
                  "RejectedExecutionException → 503；20:18 扩容到 12 副本、20:31 max-pool-size 调到 400 后恢复。是线程池，不是数据库连接池",
    ),
    WorldQuestion(
        "streaming_play_changes_listing", "19 点到 21 点之间 mv-play-api 都有哪些变更？扩容也算上。", "listing",
        asked_facts=(fact("play.start.log-sample-rate"), fact("6 -> 12", "--replicas=12"), fact("play.executor.max-pool-size")),
        forbidden=_not("threadpool"), service="mv-play-api",
        diagnosis="三次：19:52 log-sample-rate 0.01 -> 0.05（与故障无关）、20:18 扩容 6 -> 12 副本、20:31 max-pool-size 200 -> 400；"
                  "18:15 的 7.4.0 发布在窗口之外",
    ),
    WorldQuestion(
        "streaming_recommend_latency_cause", "九点以后首页猜你喜欢经常转圈超时，推荐服务这是咋回事？", "cause",
        asked_facts=(fact("evicted_keys", "evicted", "驱逐", "淘汰"),),
        cause_facts=(fact("rec:sess", "5.3.0", "no expire", "没有过期时间", "未设置过期"),),
        forbidden=_not("redis"), service="mv-recommend-service",
        diagnosis="20:40 发布 5.3.0 新增 rec:sess:{uid} 且不设过期 → Redis mv-redis-rec-01 到 maxmemory 8G，allkeys-lru 淘汰热点 "
                  "rec:feed:* → 命中率 96% → 41%，回源 MySQL → p99 2380ms、504；22:03 EXPIRE、22:08 发布 5.3.1",
    ),
    WorldQuestion(
        "streaming_redis_evictions_quantity", "推荐用的那台 Redis（mv-redis-rec-01）每秒被踢掉的 key 最高到了多少？", "quantity",
        asked_facts=(fact(str(EVICT_PEAK)),), forbidden=_not("redis"), service="mv-recommend-service",
        peak=Peak("mv-recommend-service", "redis_evicted_keys_per_sec", EVICT_PEAK),
        diagnosis="redis_evicted_keys_per_sec 峰值 4180 keys/s（21:22），告警触发时为 1320",
    ),
    WorldQuestion(
        "streaming_comment_breaker_cause", "十点过后用户发评论老是失败，提示稍后再试，评论服务那边是啥情况？", "cause",
        asked_facts=(fact("CallNotPermittedException", "is OPEN", "熔断"),), cause_facts=(fact("3.1.0", "bert-spam-v5"),),
        forbidden=_not("breaker"), service="mv-comment-service",
        diagnosis="22:10 mv-antispam-service 发布 3.1.0 换成 CPU 推理的 bert-spam-v5，p99 从 38ms 到约 2s → 22:13:55 评论服务的熔断器 "
                  "antispam 因慢调用打开 → CallNotPermittedException → 503；22:21 评论服务自己的 2.7.3 发布在熔断之后，不是原因",
    ),
    WorldQuestion(
        "streaming_comment_breaker_existence", "评论服务今晚有没有报过熔断器打开的告警？", "existence",
        asked_facts=(fact("CircuitBreakerOpen"),), forbidden=_not("breaker"), service="mv-comment-service",
        diagnosis="有：CircuitBreakerOpen 自 22:15 触发，至今未恢复",
    ),
    WorldQuestion(
        "streaming_transcode_cause", "新上传的视频十点半以后一直卡在“转码中”，转码服务出啥毛病了？", "cause",
        asked_facts=(fact("SignatureDoesNotMatch"),),
        cause_facts=(fact("objstore-transcode", "secret-rotation-weekly", "gen-secret", "密钥轮换"),),
        forbidden=_not("objstore"), service="mv-transcode-worker",
        diagnosis="22:30 CronJob secret-rotation-weekly 轮换了 secret/mv-media/objstore-transcode（--gen-secret，无宽限期），"
                  "worker 启动时读凭据仍用旧密钥 → PutObject SignatureDoesNotMatch（403）→ 任务失败重排，transcode.jobs 积压",
    ),
    WorldQuestion(
        "streaming_transcode_queue_quantity", "transcode.jobs 队列最堵的时候积了多少个任务？", "quantity",
        asked_facts=(fact(str(QUEUE_PEAK)),), forbidden=_not("objstore"), service="mv-transcode-worker",
        peak=Peak("mv-transcode-worker", "transcode_queue_depth", QUEUE_PEAK),
        diagnosis="transcode_queue_depth 峰值 18436 个（23:21），23:20 重启两个 worker 后开始回落，23:30 仍有 16920 个",
    ),
    WorldQuestion(
        "streaming_alert_listing", "眼下还亮着的告警都列一下。", "listing",
        asked_facts=tuple(fact(name) for name in FIRING), forbidden=("mv-user-service", "mv-billing-service"),
        diagnosis="5 条：AntispamLatencyHigh（反垃圾）、CircuitBreakerOpen（评论）、ObjectStore403Spike（对象存储）、"
                  "TranscodeJobFailuresHigh、TranscodeQueueBacklog（转码）；ES、起播、推荐的告警都已恢复",
    ),
    WorldQuestion(
        "streaming_user_healthy", "用户服务九点五十刚上了 4.8.1，它本身现在有没有告警或异常？", "existence",
        asked_facts=(HEALTHY,), forbidden=INCIDENT_WORDS, service="mv-user-service", healthy=True,
        diagnosis="没有：只有 INFO/WARN 业务日志，5xx 最高约 0.2%（阈值 5%），无告警；21:50 的 4.8.1 发布与各故障无关",
    ),
    WorldQuestion(
        "streaming_billing_healthy", "会员计费那边今晚报过警没？", "existence",
        asked_facts=(HEALTHY,), forbidden=INCIDENT_WORDS, service="mv-billing-service", healthy=True,
        diagnosis="没有告警；5xx 远低于阈值 5%，18:40 的配置推送只改了促销文案",
    ),
)

WORLD = World(name=NAME, title="MiVideo 米视频（在线视频平台微服务）", build=build_bundle, questions=QUESTIONS)
