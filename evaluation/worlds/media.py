"""World "media": 鹭岛传媒 LuDao Media, a news publisher (``ld-*`` services: the 鹭岛新闻 App's API gateway and feed, the web
site's server-side rendering behind the CDN 星云CDN, the editors' CMS with its CDN purge worker, the wire ingest of the news
agencies GNW (New York desk) and 华通社 (HTS), the 快讯 (flash news) lane, push dispatch to the phone vendors' channels,
comments, the user centre, video transcoding, the live channels' packager, the ad server, search and its indexer, a new AI
summary service, recommendations, memberships, reader uploads (爆料) and the App's client monitoring on a Kubernetes cluster;
the nodes, the RocketMQ cluster, the CDN's logs and the data warehouse outside it), seen from Saturday 2026-10-31 22:00 to
the reference time Sunday 2026-11-01 22:30 (+08:00): a quiet Sunday until a magnitude 6.2 earthquake off the coast at 15:12
turns it into a breaking-news afternoon and evening. Nothing here was written for the offline agents; ten incidents of
families the other worlds do not have, in ordinary noise:

(1) 02:00           ld-ads: the ad exchange 聚量AdX moves bid.jlx-adx.com to a new data centre (notice JLX-NT-20261030: DNS
                    to 198.51.100.24 at 02:00, the old entry 203.0.113.10 shut at 06:00); the ad server's JVMs run with the
    06:00–10:25     security baseline's ``networkaddress.cache.ttl=-1`` (cache forever) → the three pods started on 10-28
                    keep bidding to 203.0.113.10 → connect timeouts, slots unfilled, the exchange's fill rate falls from
                    96% to about 30%; the pod the HPA added at 08:31 resolved the new address and bids fine. 10:25 a
                    java.security override (ttl 60) and a rollout restart. The 08:05 floor-price config is a decoy.
(2) 14:00           ld-flash: nobody changes anything — New York leaves daylight saving time (01:59:59 EDT → 01:00:00 EST,
                    14:00 here); ld-wire-ingest parses GNW's offset-less pubDate with ``wire.gnw.tz-offset=-04:00`` →
    14:00–16:45     every GNW item is dated an hour early → the 快讯 lane skips each as older than ``flash.max-age`` 60 min;
                    华通社 items keep flowing. 16:45 ``wire.gnw.zone=America/New_York``. The 13:40 deploy 2.4.0 of ld-flash
                    is a decoy.
(3) 15:26:40        ld-feed: editor_sunmin publishes the pinned breaking story A-20261101-0873 '【突发】近海6.2级地震
                    多地震感明显🔴直播中' — the 🔴 sits at UTF-16 units 19–20, and the feed cuts card titles at 20 UTF-16
    15:27–16:33     units → a lone high surrogate ``\\ud83d`` in the headline JSON → iOS's NSJSONSerialization rejects the
                    whole page (``Code=3840 "Missing low code point in surrogate pair"``), Android reads it → iPhone users'
                    首页 加载失败. 16:32 the title is changed, 18:20 deploy 4.8.1 cuts by code point. The 14:10 deploy 4.8.0
                    is a decoy.
(4) 12:10:20        ld-push: push_dev_yaoqian "unifies" ``push.dispatch.lock-lease`` 30s → 30, read as milliseconds (lease
                    ``PT0.03S``) → the dispatch lock of a campaign expires before the other two replicas look → every
    12:30–17:05     campaign is sent by all three: the 12:30 午间要闻, the 15:18 breaking push and the 16:10 update reach
                    each device three times (3.00 per device); by the 19:00 push 38.5% of the HMS tokens are over Huawei's
                    daily cap for 资讯营销 messages (80300010). 17:05 the lease is 30s again. The 14:30 Xiaomi QPS config is
                    a decoy.
(5) 21:04:10        ld-k8s-node: the cluster autoscaler scales np-transcode up for three pending ld-transcode pods (the HPA
                    at 21:03); c7 and c6 are out of stock, it falls back to ecs.c3.4xlarge (Ivy Bridge, no AVX2) →
    21:08 → now     ld-k8s-node-12; the transcoder image 6.2.0 is built for ``x86-64-v3`` → ffmpeg dies with SIGILL (exit
                    132) in the three pods scheduled there, CrashLoopBackOff, their jobs are re-queued, the reporters'
                    evening videos stay 转码中; the six pods on nodes 08–11 are fine. The 20:50 thumbnail config is a decoy.
(6) 15:38:20        ld-live: live_ops_heyu creates the earthquake channel LIVE-1101-EQ from template sports-1080p50 (x264
                    ``keyint=500`` at 50 fps: a keyframe every 10 s) under a packager targeting 4 s segments → 10 s segments
    15:40–16:52     over EXT-X-TARGETDURATION 4 → players stall; the rebuffer ratio peaks 38.6% at 16:21 (``live_rebuffer_ratio``;
                    the alert fired at 12.4%). 16:52 the channel moves to news-1080p25 (keyint=50). The 15:32 chat slow-mode
                    config is a decoy; the 24-hour news channel is fine throughout.
(7) 13:40:10        ld-comment: comment_dev_liyang sets ``dubbo.reference.userQueryService.retries`` 0 → 4 with a 300 ms
                    timeout (TK-5521, missing avatars) → when the breaking-news comments push ld-user's batchGet past
    15:36–16:48     300 ms every call is tried five times → ld-user's Dubbo pool EXHAUSTED (400/400) → App logins and profiles
                    503 at the gateway; ld-user's requests peak 31846/s at 16:12 (``user_service_requests_per_sec``; the
                    alert fired on its error ratio, 7.9%). 16:48 retries 0, timeout 800 ms. The 14:55 deploy 7.3.2 of
                    ld-user is a decoy.
(8) 13:15:30        ld-web: deploy 5.8.0 bumps @ludao/abkit 2.9.4 → 3.0.1, which now issues its ab_uid cookie on every SSR
                    response → 星云CDN does not cache a response with Set-Cookie → article pages MISS (hit ratio 95% → 17%);
    15:16–16:18     a Sunday afternoon's origin load holds until the earthquake: origin requests peak 18420/s at 15:44
                    (``cdn_origin_requests_per_sec``; the alert fired at 6150), SSR event-loop lag, 504 at the edge. 16:18 a
                    CDN rule caches articles ignoring Set-Cookie, 16:40 ``abkit.cookie-mode`` client. The 14:45 CDN rule
                    for /live/* is a decoy.
(9) 00:00           ld-cms: 星云CDN's new daily URL refresh quota (notice XYCDN-NT-2026-041: 10000 a day from 11-01, was
                    100000) — the purge worker sends 12 URLs per article update, the breaking-news updates spend the quota
    18:22–21:05     at 18:22 → every purge ``QuotaExceeded`` → corrected stories stay cached for up to an hour on the web
                    while the App shows them fresh. 20:10 article TTL 60 s at the CDN, 21:05 the vendor raises the quota and
                    the failed purges are redone. The 17:50 deploy 5.3.0 of the CMS is a decoy.
(10) 19:05:10       ld-ai-summary: the new service's first deploy joins the RocketMQ consumer group cg-article-published
                    (copied from the indexer) subscribing only tag ``video`` → the group's subscriptions disagree; the
    19:05–21:20     rebalance gives the two new consumers queues 0–3 of article-published, whose ``article`` messages nobody
                    indexes → half the new articles cannot be found; SearchIndexGapHigh. 21:20 the group is renamed
                    cg-ai-summary, 21:32 the missing articles are re-indexed. The 18:50 synonyms config of search is a decoy.

Healthy: ld-recommend (deploy 2.19.0 at 14:00 is a decoy) and ld-member (the 11:00 reminder config) — INFO/WARN noise only,
under their thresholds, no alert. A concurrent unrelated incident: 15:49–16:01 the cloud's OSS in 华东2 answers 503 to part of
ld-ugc's uploads (OssErrorRateHigh). Still firing at 22:30: KubePodCrashLooping and TranscodeQueueBacklogHigh (the
transcoder on node-12), SslCertificateExpiringSoon (img.ludaonews.com in 9 days, unrelated); HostCpuHigh on ld-dw 01:00–01:50
is the nightly ETL. Kubernetes: the deployments and their pods with their nodes, the events of the last hour (the three
crash-looping transcoder pods). Run ``python -m evaluation.worlds media`` to print the bundle.
"""

from __future__ import annotations

import datetime as dt
import functools
import hashlib
from typing import Any

from evaluation.worlds.common import (
    Json,
    Keyframes,
    WorldBuilder,
    clock_on,
    condition,
    interpolate,
    pod_names,
    runbook,
    termination,
)
from evaluation.worlds.spec import HEALTHY, Peak, World, WorldQuestion, fact

NAME = "media"
SEED = 20261101
TZ = dt.timezone(dt.timedelta(hours=8))
DAY = dt.date(2026, 11, 1)
EVE = dt.date(2026, 10, 31)
START = dt.datetime(2026, 10, 31, 22, 0, tzinfo=TZ)
REFERENCE = dt.datetime(2026, 11, 1, 22, 30, tzinfo=TZ)
NS = "ludao-prod"

_t = functools.partial(clock_on, DAY, TZ)  # a clock on the world's day, for module-level constants
_y = functools.partial(clock_on, EVE, TZ)  # a clock on the evening before

QUAKE = _t("15:12:00")
#: New York leaves daylight saving time at 02:00 EDT on 2026-11-01, 06:00 UTC, 14:00 here.
NY_DST_END = _t("14:00:00")

# --- The lines the questions are about (the tests find each one in the bundle) ----------------
# (1) the ad exchange's new address against a JVM that caches DNS forever
JLX_OLD, JLX_NEW = "203.0.113.10", "198.51.100.24"
JLX_NOTICE = ("vendor notice 聚量AdX JLX-NT-20261030: 2026-11-01 02:00 起 bid.jlx-adx.com 解析切换到新机房 198.51.100.24"
              "（TTL 300s），旧入口 203.0.113.10 于 06:00 下线")
JLX_TIMEOUT = ("bid request {req} to JLX bid.jlx-adx.com (203.0.113.10:443) connect timed out after 120ms, slot {slot} "
               "unfilled")
ADS_BOOT = ("Started AdServerApplication in {s} seconds (JVM 17.0.12, security baseline SEC-BL-2024-07: "
            "networkaddress.cache.ttl=-1); bidders: JLX bid.jlx-adx.com -> 198.51.100.24, GDX api.gdx-ads.cn -> 198.51.100.77")
ADS_BOOT_FIXED = ("Started AdServerApplication in {s} seconds (JVM 17.0.12, java.security override /config/dns-ttl.security: "
                  "networkaddress.cache.ttl=60); bidders: JLX bid.jlx-adx.com -> 198.51.100.24, GDX api.gdx-ads.cn -> "
                  "198.51.100.77")
ADS_FLOOR = ("[nacos] config changed: dataId=ld-ads.yaml group=ADS key=ads.floor-price.feed-cpm old=12.0 new=15.0 "
             "operator=ad_ops_tangwei md5=4c1e9a7b02d3")
ADS_FIX = ("ad_oncall_luoxi: kubectl -n ludao-prod set env deployment/ld-ads JAVA_TOOL_OPTIONS="
           "'-Djava.security.properties=/config/dns-ttl.security' (networkaddress.cache.ttl=60); rollout restart")

# (2) GNW's local pubDate read with a fixed summer offset on the day New York leaves DST
GNW_ITEM = ("GNW item {item} '{slug}' pubDate '{local}' (New York desk, no offset) parsed as {parsed} ({how}), stored as "
            "story {story}")
GNW_FIXED_OFFSET = "wire.gnw.tz-offset=-04:00"
GNW_ZONE = "wire.gnw.zone=America/New_York"
HTS_ITEM = "HTS item {item} '{title}' pubDate {stamp} stored as story {story}"
FLASH_ADDED = "wire item {item} added to 快讯 lane (age {age:.1f} min)"
FLASH_STALE = "wire item {item} skipped: age {age:.1f} min > flash.max-age 60 min, not eligible for 快讯"
WIRE_FIX = ("[nacos] config changed: dataId=ld-wire-ingest.yaml group=WIRE key=wire.gnw.tz-offset old=-04:00 new=(removed); "
            "key=wire.gnw.zone old=(none) new=America/New_York operator=wire_dev_fanglei md5=9e03b7c5a1d4")
FLASH_REEVAL = ("re-evaluated {n} GNW items since 14:00 with the corrected pubDate: {k} added to 快讯 lane, {late} past "
                "flash.max-age")
FLASH_DEPLOY = ("deploy finished: ld-flash 2.4.0 (was 2.3.5) rolled out by ci-bot pipeline=#8807; changes: 快讯卡片来源角标, "
                "置顶快讯")

# (3) an emoji headline cut in half by the feed's UTF-16 truncation
EMOJI_ARTICLE = "A-20261101-0873"
BREAKING_TITLE = "【突发】近海6.2级地震 多地震感明显🔴直播中"
CARD_TITLE_UNITS = 20
EMOJI_PUBLISH = (f"article {EMOJI_ARTICLE} published by editor_sunmin channel=headline pinned=top title "
                 f"'{BREAKING_TITLE}'")
EMOJI_RETITLE = (f"article {EMOJI_ARTICLE} title updated by editor_sunmin (asked by feed_oncall_wanghui): "
                 "'【突发】近海6.2级地震 多地震感明显 直播中'")
FEED_REBUILT = "headline p1 rebuilt: 20 cards, top {top}, {k} short_titles truncated to 20 UTF-16 units"
IOS_FAIL = ('iOS {ver} ({device}) feed load failed GET /api/feed/v3/headline?page=1: Error Domain=NSCocoaErrorDomain '
            'Code=3840 "Missing low code point in surrogate pair around line 1, column 131." -> 首页加载失败，请下拉重试')
FEED_DEPLOY = ("deploy finished: ld-feed 4.8.0 (was 4.7.3) rolled out by ci-bot pipeline=#8815; changes: 专题卡片模板, "
               "卡片角标")
FEED_HOTFIX = ("deploy finished: ld-feed 4.8.1 (was 4.8.0) rolled out by ci-bot pipeline=#8829; changes: short_title 按码点"
               "截断（不再拆开 surrogate pair）")

# (4) the push dispatch lock's lease read in milliseconds
LEASE_CHANGE = ("[nacos] config changed: dataId=ld-push.yaml group=PUSH key=push.dispatch.lock-lease old=30s new=30 "
                "operator=push_dev_yaoqian md5=b7d2e4f90a16 (配置项统一为数值)")
LEASE_FIX = ("[nacos] config changed: dataId=ld-push.yaml group=PUSH key=push.dispatch.lock-lease old=30 new=30s "
             "operator=push_dev_yaoqian md5=0c93a1f7e2b8")
LEASE_REFRESH = "dispatch lock lease refreshed from config: {lease}"
PICKED = ("campaign {cid} {title} picked by scheduler: lock push:dispatch:{cid} acquired (lease {lease}), sending to "
          "{devices:,} devices")
CHANNEL_SENT = "campaign {cid} channel {ch} sent {n:,} in {s:.1f}s"
RECEIPTS = "campaign {cid} receipts: {deliveries:,} deliveries for {devices:,} target devices ({ratio:.2f} per device)"
HMS_REJECT = ("campaign {cid} channel HMS: {n:,} of {m:,} tokens rejected 80300010 (资讯营销类消息超过单设备每日频控"
              "上限)")
XIAOMI_QPS = ("[nacos] config changed: dataId=ld-push.yaml group=PUSH key=push.channel.xiaomi.qps old=3000 new=5000 "
              "operator=push_dev_yaoqian md5=5d7e20b4c9a1")
PUSH_DEPLOY = ("deploy finished: ld-push 6.2.1 (was 6.2.0) rolled out by ci-bot pipeline=#8837; changes: 推送统计看板, "
               "到达率按通道拆分")
HMS_REJECT_RATIO = 38.5

# (5) a fallback instance type without AVX2 under an x86-64-v3 transcoder
BAD_NODE = "ld-k8s-node-12"
AUTOSCALE = ("cluster-autoscaler: scale-up node group np-transcode 4 -> 5 for 3 unschedulable pods (ld-transcode): "
             "ecs.c7.4xlarge InsufficientInstanceCapacity in cn-east-2b, ecs.c6.4xlarge InsufficientInstanceCapacity, using "
             "fallback instance type ecs.c3.4xlarge")
NODE_JOIN = ("node ld-k8s-node-12 registered (node group np-transcode, ecs.c3.4xlarge): Intel(R) Xeon(R) CPU E5-2680 v2 @ "
             "2.80GHz, 16 vCPU / 30.9 GiB")
NFD = ("nfd-worker: labels updated on ld-k8s-node-12: cpu-model.family=6 cpu-model.id=62 cpu-cpuid.AVX=true "
       "cpu-cpuid.AESNI=true cpu-cpuid.SSE4=true")
TRANSCODE_BOOT = ("ffmpeg-worker 6.2.0 starting: ffmpeg 7.1 (build x86-64-v3, libx264 164, libx265 4.0), 16 threads, queue "
                  "transcode:jobs")
SIGILL_EXIT = ("job {job} probe: ffmpeg terminated by signal 4 (SIGILL, Illegal instruction); ffmpeg-worker exiting with "
               "code 132")
KERNEL_TRAP = ("kernel: traps: ffmpeg[{pid}] trap invalid opcode ip:7f{ip} sp:7ffd{sp} error:0 in libx264.so.164"
               "[7f{base}000+1a4000]")
LEASE_EXPIRED = "job {job} lease expired on worker {pod} (no heartbeat for 30s), re-queued attempt {a}/5"
TRANSCODE_THUMBS = ("[nacos] config changed: dataId=ld-transcode.yaml group=VIDEO key=transcode.thumbnail.count old=3 new=5 "
                    "operator=video_dev_zoujie md5=e41b7c09d2f6")
BACKLOG_ALERT_VALUE = "318 个"

# (6) the earthquake live channel from a sports template: 10 s keyframes under 4 s segments
LIVE_CREATE = ("live channel LIVE-1101-EQ 近海地震特别直播 created by live_ops_heyu from template sports-1080p50 (x264 "
               "keyint=500 @ 50fps, 6000 kbps), packager hls target-duration 4s")
SEGMENT_LONG = "LIVE-1101-EQ segment {n} duration 10.000s exceeds EXT-X-TARGETDURATION 4 (no keyframe within 4s)"
SEGMENT_OK = "{ch} segment {n} duration 4.000s published"
QOE = "qoe {ch} last 1m: viewers {v:,}, rebuffer ratio {r:.1f}%, startup p50 {s:.1f}s"
LIVE_FIX = ("live channel LIVE-1101-EQ encoder profile switched by live_ops_heyu: template sports-1080p50 -> news-1080p25 "
            "(x264 keyint=50 @ 25fps), encoder restarted")
LIVE_CHAT = ("[nacos] config changed: dataId=ld-live.yaml group=LIVE key=live.chat.slow-mode-seconds old=0 new=5 "
             "operator=live_ops_heyu md5=2f6a0d8c4e17")
REBUFFER_PEAK = 38.6
REBUFFER_ALERT_VALUE = "12.4%"

# (7) the comment service's Dubbo retries against the user centre
COMMENT_RETRY = ("[nacos] config changed: dataId=ld-comment.yaml group=COMMENT key=dubbo.reference.userQueryService.retries "
                 "old=0 new=4 (timeout 300ms) operator=comment_dev_liyang md5=1f8c6b3e9d07 (TK-5521 评论头像偶发缺失)")
COMMENT_FIX = ("[nacos] config changed: dataId=ld-comment.yaml group=COMMENT key=dubbo.reference.userQueryService.retries "
               "old=4 new=0, key=dubbo.reference.userQueryService.timeout old=300 new=800 operator=comment_dev_liyang "
               "md5=8a2c5e7f1b90")
DUBBO_FAIL = ("Failed to invoke the method batchGet in the service com.ludao.user.api.UserQueryService. Tried 5 times of the "
              "providers [10.20.3.15:20880, 10.20.3.16:20880, 10.20.3.17:20880] (3/3) from the registry "
              "nacos.ludao.local:8848 on the consumer {ip} using the dubbo version 3.2.14. Last error is: Invoke remote "
              "method timeout. method: batchGet, provider: dubbo://10.20.3.{p}:20880/com.ludao.user.api.UserQueryService, "
              "timeout: 300 ms")
EXHAUSTED = ("[DUBBO] Thread pool is EXHAUSTED! Thread Name: DubboServerHandler-10.20.3.{p}:20880, Pool Size: 400 (active: "
             "400, core: 400, max: 400, largest: 400), Task: {task} (completed: {done}), Executor status:(isShutdown:false, "
             "isTerminated:false, isTerminating:false), in dubbo://10.20.3.{p}:20880!, dubbo version: 3.2.14")
USER_STATS = ("provider stats last 60s: {total} req/s - batchGet {bg}/s (consumer ld-comment {c}/s), getProfile {gp}/s, "
              "login {login}/s")
GATEWAY_503 = ("POST /api/user/v1/login 503 took={ms}ms upstream ld-user: RemotingException: Server side(10.20.3.{p},20880) "
               "thread pool is exhausted")
USER_DEPLOY = ("deploy finished: ld-user 7.3.2 (was 7.3.1) rolled out by ci-bot pipeline=#8819; changes: 实名认证 SDK 升级, "
               "注销冷静期文案")
USER_RPS_PEAK = 31846
USER_ERROR_ALERT_VALUE = "7.9%"

# (8) an A/B SDK's cookie on every SSR response: the CDN stops caching the articles
WEB_DEPLOY = ("deploy finished: ld-web 5.8.0 (was 5.7.6) rolled out by ci-bot pipeline=#8812; changes: 依赖升级 next 14.2.15, "
              "@ludao/abkit 2.9.4 -> 3.0.1, 专题页模板")
WEB_BOOT = "ld-web 5.8.0 ready on :3000 ({s}s): abkit 3.0.1 mode=server, ab_uid cookie issued on SSR responses when absent"
CDN_MISS = "{pop} GET www.ludaonews.com/article/{art}.html 200 MISS uncacheable (response has Set-Cookie) origin rt={ms}ms"
CDN_HIT = "{pop} GET www.ludaonews.com/article/{art}.html 200 HIT age={age}s rt={ms}ms"
CDN_504 = ("{pop} GET www.ludaonews.com/article/{art}.html 504 MISS uncacheable (response has Set-Cookie) origin timeout "
           "10000ms")
WEB_LAG = "event loop lag {lag}ms, SSR in flight {n}, heap {heap} MiB"
WEB_ABORT = "SSR /article/{art} aborted after 10000ms: socket hang up (CDN origin timeout)"
CDN_FIX = ("CDN rule updated by web_ops_pengfei (星云CDN ticket 77120): www.ludaonews.com /article/* cache 60s ignoring "
           "Set-Cookie, Set-Cookie stripped at edge")
WEB_ABKIT_FIX = ("[nacos] config changed: dataId=ld-web.yaml group=WEB key=abkit.cookie-mode old=server new=client "
                 "operator=web_dev_songjia md5=73b0e9f2c4a5")
CDN_LIVE_RULE = ("CDN rule added by web_ops_pengfei: live.ludaonews.com /live/* origin host live-origin.ludaonews.com, cache "
                 "m3u8 1s, ts 60s")
ORIGIN_PEAK = 18420
ORIGIN_ALERT_VALUE = "6150 次/秒"

# (9) the CDN vendor's new daily refresh quota
PURGE_NOTICE = ("vendor notice 星云CDN XYCDN-NT-2026-041: 自 2026-11-01 起每账号每日 URL 刷新配额由 100000 条调整为 10000 条，"
                "超出当日配额的刷新请求返回 QuotaExceeded")
PURGE_QUOTA = "CDN refresh quota for 2026-11-01 (DescribeRefreshQuota): UrlQuota 10000, UrlRemain 10000, DirQuota 100"
PURGE_OK = "purge 12 URLs for {art} (article, amp, m, list pages): ok, UrlRemain {remain}"
PURGE_FAIL = ("purge 12 URLs for {art} failed: QuotaExceeded.Refresh daily URL refresh quota exceeded (UrlQuota 10000, "
              "UrlRemain {remain}), pages stay cached until TTL 3600s")
PURGE_RAISED = "CDN refresh quota raised by 星云CDN (ticket XYCDN-88213): UrlQuota 100000, UrlRemain {remain}"
PURGE_REDO = "re-purged {urls} URLs of {n} article updates whose purge failed since 18:22: ok"
CDN_TTL = ("CDN rule updated by web_ops_pengfei: www.ludaonews.com /article/* cache TTL 3600s -> 60s (until the refresh quota "
           "is restored)")
CMS_DEPLOY = ("deploy finished: ld-cms 5.3.0 (was 5.2.4) rolled out by ci-bot pipeline=#8831; changes: 编辑器修订记录对比, "
              "图集批量上传")
PURGE_URLS = 12
PURGE_QUOTA_URLS = 10000
#: Purges before the quota ran out: 833 × 12 = 9996 URLs, the 834th asks for 12 of the 4 left.
PURGES_BEFORE = PURGE_QUOTA_URLS // PURGE_URLS

# (10) a new consumer joins the indexer's RocketMQ group with another subscription
AI_DEPLOY = ("deploy finished: ld-ai-summary 1.0.0 (new service) rolled out by ci-bot pipeline=#8840; changes: 视频稿 AI 摘要"
             "，消费 article-published 的 video 消息")
AI_BOOT = ("RocketMQ push consumer started: group=cg-article-published topic=article-published subExpression=video "
           "namesrv=rmq-namesrv-01:9876 clientId={cid}")
AI_BOOT_FIXED = ("RocketMQ push consumer started: group=cg-ai-summary topic=article-published subExpression=video "
                 "namesrv=rmq-namesrv-01:9876 clientId={cid}")
SUB_CHANGED = "subscription changed, group: cg-article-published topic: article-published subString: {sub} (heartbeat from {cid})"
SUB_NOT_LATEST = ("pull from {cid}: the consumer's subscription not latest, group: cg-article-published topic: "
                  "article-published")
REBALANCE = "rebalance cg-article-published topic article-published: {n} consumers in group, allocated queues {queues}"
RECONCILE = "index reconcile {a}-{b}: {p} articles published, {i} indexed, {m} missing (missing total {cum})"
AI_FIX = ("[nacos] config changed: dataId=ld-ai-summary.yaml group=AI key=rocketmq.consumer.group old=cg-article-published "
          "new=cg-ai-summary operator=ai_dev_hutao md5=d09e3f6a7b21")
BACKFILL = "backfill: re-indexed {n} missing articles from ld-cms (published 19:05-21:21)"
SEARCH_SYNONYMS = ("[nacos] config changed: dataId=ld-search.yaml group=SEARCH key=search.synonyms.version old=20261028 "
                   "new=20261101-eq (地震, 余震, 震感, 震中) operator=search_dev_maoli md5=6b18f0c3e5d2")

# Healthy services' changes and the unrelated ones
RECOMMEND_DEPLOY = ("deploy finished: ld-recommend 2.19.0 (was 2.18.3) rolled out by ci-bot pipeline=#8817; changes: 推荐模型 "
                    "rank-v20261101, 冷启动兴趣标签")
MEMBER_CONFIG = ("[nacos] config changed: dataId=ld-member.yaml group=MEMBER key=member.renewal.reminder-days old=7 new=5 "
                 "operator=member_ops_yuqi md5=a5c3e18d7f40")
IMG_HOST = "img.ludaonews.com"

# --- Pods, nodes ---------------------------------------------------------------------------------
ADS_PODS = pod_names("ld-ads", "3.9.2", 4)
ADS_RESTARTED = pod_names("ld-ads", "3.9.2@1101", 4)
#: The three ad-server pods started on 10-28, before the exchange moved (the fourth came with the HPA at 08:31).
ADS_STALE = ADS_PODS[0:3]
TRANSCODE_PODS = pod_names("ld-transcode", "6.2.0", 9)
#: The three pods the HPA added at 21:03 and the scheduler put on the fallback node.
ON_BAD_NODE = TRANSCODE_PODS[6:9]
AI_PODS = pod_names("ld-ai-summary", "1.0.0", 2)
AI_RESTARTED = pod_names("ld-ai-summary", "1.0.0@1101", 2)
PUSH_PODS = pod_names("ld-push", "6.2.0", 3)

ROLLOUTS: dict[str, list[tuple[str, tuple[str, ...]]]] = {
    "ld-gateway": [("00:00", pod_names("ld-gateway", "4.11.2", 3))],
    "ld-web": [("00:00", pod_names("ld-web", "5.7.6", 4)), ("13:16:00", pod_names("ld-web", "5.8.0", 4))],
    "ld-feed": [("00:00", pod_names("ld-feed", "4.7.3", 4)), ("14:11:00", pod_names("ld-feed", "4.8.0", 4)),
                ("18:21:00", pod_names("ld-feed", "4.8.1", 4))],
    "ld-client-monitor": [("00:00", pod_names("ld-client-monitor", "1.6.0", 2))],
    "ld-cms": [("00:00", pod_names("ld-cms", "5.2.4", 3)), ("17:51:00", pod_names("ld-cms", "5.3.0", 3))],
    "ld-wire-ingest": [("00:00", pod_names("ld-wire-ingest", "2.7.0", 2))],
    "ld-flash": [("00:00", pod_names("ld-flash", "2.3.5", 2)), ("13:41:00", pod_names("ld-flash", "2.4.0", 2))],
    "ld-push": [("00:00", PUSH_PODS), ("20:41:00", pod_names("ld-push", "6.2.1", 3))],
    "ld-comment": [("00:00", pod_names("ld-comment", "3.5.1", 4))],
    "ld-user": [("00:00", pod_names("ld-user", "7.3.1", 3)), ("14:56:00", pod_names("ld-user", "7.3.2", 3))],
    "ld-transcode": [("00:00", TRANSCODE_PODS[0:6]), ("21:08:20", TRANSCODE_PODS)],
    "ld-live": [("00:00", pod_names("ld-live", "3.0.4", 2))],
    "ld-ads": [("00:00", ADS_STALE), ("08:31:10", ADS_PODS), ("10:25:30", ADS_RESTARTED)],
    "ld-search": [("00:00", pod_names("ld-search", "5.1.0", 3))],
    "ld-search-indexer": [("00:00", pod_names("ld-search-indexer", "2.2.3", 3))],
    "ld-ai-summary": [("19:05:40", AI_PODS), ("21:20:40", AI_RESTARTED)],
    "ld-recommend": [("00:00", pod_names("ld-recommend", "2.18.3", 3)), ("14:01:00", pod_names("ld-recommend", "2.19.0", 3))],
    "ld-member": [("00:00", pod_names("ld-member", "1.12.0", 2))],
    "ld-ugc": [("00:00", pod_names("ld-ugc", "2.0.7", 2))],
}
GENERAL_NODES = [f"ld-k8s-node-{n:02d}" for n in range(1, 8)]
TRANSCODE_NODES = [f"ld-k8s-node-{n:02d}" for n in range(8, 12)]
NODES = GENERAL_NODES + TRANSCODE_NODES + [BAD_NODE]
CDN_POPS = ["edge-sha-03", "edge-pek-07", "edge-can-02", "edge-xmn-01"]
VMS = {
    "ld-k8s-node": NODES,
    "ld-cdn": CDN_POPS,
    "ld-mq": ["rmq-broker-a", "rmq-broker-b", "rmq-namesrv-01"],
    "ld-dw": ["dw-etl-01"],
}
INSTANCES: dict[str, list[str]] = {service: list(steps[-1][1]) for service, steps in ROLLOUTS.items()} | VMS

INDEXER_PODS = ROLLOUTS["ld-search-indexer"][0][1]
INDEXER_CIDS = {pod: f"10.20.4.{11 + i}@ld-search-indexer" for i, pod in enumerate(INDEXER_PODS)}
AI_CIDS = {pod: f"10.20.2.{31 + i}@ld-ai-summary" for i, pod in enumerate(AI_PODS)}
#: AllocateMessageQueueAveragely over the clientIds in order: 8 queues, 5 consumers → the two summary pods sort first.
QUEUES_SHARED = {AI_PODS[0]: (0, 1), AI_PODS[1]: (2, 3), INDEXER_PODS[0]: (4, 5), INDEXER_PODS[1]: (6,),
                 INDEXER_PODS[2]: (7,)}
QUEUES_ALONE = {INDEXER_PODS[0]: (0, 1, 2), INDEXER_PODS[1]: (3, 4, 5), INDEXER_PODS[2]: (6, 7)}
LOST_QUEUES = (0, 1, 2, 3)


def node_of(pod: str) -> str:
    """The node a pod runs on: the three transcoder pods on node-12, the transcoder's others on 08–11, the rest on 01–07."""
    if pod in ON_BAD_NODE:
        return BAD_NODE
    nodes = TRANSCODE_NODES if pod.startswith("ld-transcode-") else GENERAL_NODES
    return nodes[int(hashlib.sha256(pod.encode()).hexdigest(), 16) % len(nodes)]


SERVICES: list[Json] = [
    {"name": "ld-gateway", "aliases": ["API 网关", "网关", "App 网关", "App 接口"],
     "description": "鹭岛新闻 App 的 API 网关（Go，3 个副本）：把 App 的请求转给信息流、评论、用户中心（Dubbo）等后端。"},
    {"name": "ld-web", "aliases": ["网站", "网页版", "Web", "官网", "文章页", "SSR"],
     "description": "网站 www.ludaonews.com 的服务端渲染（Node.js / Next.js，4 个副本），在星云CDN 之后回源；用 A/B 实验 SDK "
                    "@ludao/abkit 分流。"},
    {"name": "ld-cdn", "aliases": ["CDN", "星云CDN", "回源", "边缘节点", "网页缓存"],
     "description": "星云CDN 的日志与规则（各边缘节点）：缓存网站文章页（TTL 3600s）、静态资源和图片；带 Set-Cookie 的响应"
                    "默认不缓存。"},
    {"name": "ld-feed", "aliases": ["信息流", "首页", "首页信息流", "Feed", "要闻"],
     "description": "App 信息流（Java，4 个副本）：各频道的卡片页（要闻 headline 第一页每 60 秒重建，卡片短标题 short_title "
                    "截到 20 个字符），JSON 给 iOS 与安卓 App。"},
    {"name": "ld-client-monitor", "aliases": ["客户端监控", "APM", "App 监控", "崩溃上报"],
     "description": "App 客户端监控（2 个副本）：收 iOS 与安卓上报的接口错误、崩溃与性能数据。"},
    {"name": "ld-cms", "aliases": ["CMS", "内容管理", "编辑后台", "发稿系统", "发布系统"],
     "description": "编辑部的内容管理系统（Java，3 个副本）：写稿、审稿、发布、更正；每次发布或更新后由刷新 worker 调星云CDN 的"
                    "刷新接口清掉文章页、AMP、移动页与列表页的缓存（每次 12 个 URL）。"},
    {"name": "ld-wire-ingest", "aliases": ["外电", "通稿接入", "外电接入", "wire"],
     "description": "通讯社稿件接入（2 个副本）：GNW（纽约编辑部，NewsML，pubDate 为纽约当地时间、不带时区）与华通社 HTS"
                    "（带 +08:00），入库为 story 并交给快讯。"},
    {"name": "ld-flash", "aliases": ["快讯", "快讯栏", "滚动快讯", "flash"],
     "description": "快讯栏（2 个副本）：把新到的通稿放进 App 与网站的快讯栏，只收 60 分钟以内的稿件（flash.max-age）。"},
    {"name": "ld-push", "aliases": ["推送", "推送服务", "Push", "消息推送", "突发推送"],
     "description": "推送（Java，3 个副本）：编辑发起的推送活动由调度器抢 Redis 锁（push:dispatch:<活动>）后经华为 HMS、小米、"
                    "OPPO、vivo、APNs 通道下发；华为对资讯营销类消息有单设备每日频控。"},
    {"name": "ld-comment", "aliases": ["评论", "评论服务", "跟帖"],
     "description": "评论（Java，4 个副本）：发评论、评论列表；列表的作者头像昵称经 Dubbo 调 ld-user 的 "
                    "UserQueryService.batchGet。"},
    {"name": "ld-user", "aliases": ["用户中心", "账号", "登录", "用户服务", "用户"],
     "description": "用户中心（Java / Dubbo，3 个副本，每个 Dubbo 线程池 400）：登录、用户资料、批量查询（batchGet）。"},
    {"name": "ld-transcode", "aliases": ["转码", "视频转码", "转码服务", "点播转码"],
     "description": "视频转码（ffmpeg-worker，HPA 6–12 个副本，节点池 np-transcode：ld-k8s-node-08..11，ecs.c7.4xlarge）：记者与"
                    "编辑上传的视频转成 1080p/720p/480p，队列 transcode:jobs。"},
    {"name": "ld-live", "aliases": ["直播", "直播服务", "直播打包", "地震直播"],
     "description": "直播（2 个副本）：推流接入、HLS 打包（目标分片 4 秒）、播放质量（QoE）统计；常驻频道 LIVE-0901-NEWS24，"
                    "特别直播按模板开频道。"},
    {"name": "ld-ads", "aliases": ["广告", "广告服务", "广告投放", "开屏广告", "ADX"],
     "description": "广告服务（Java 17，3–4 个副本）：开屏、信息流广告位向 ADX（聚量AdX JLX、GDX）竞价，120ms 超时。"},
    {"name": "ld-search", "aliases": ["搜索", "站内搜索", "搜索服务"],
     "description": "搜索（3 个副本，Elasticsearch）：App 与网站的稿件搜索；每 15 分钟对账 CMS 已发布与已入索引的稿件。"},
    {"name": "ld-search-indexer", "aliases": ["索引", "搜索索引", "indexer"],
     "description": "搜索索引器（3 个副本）：RocketMQ 消费组 cg-article-published 订阅 topic article-published 的 article 与 "
                    "video 消息（8 个队列），写入 Elasticsearch。"},
    {"name": "ld-ai-summary", "aliases": ["AI 摘要", "摘要服务", "智能摘要"],
     "description": "AI 摘要（2 个副本，11-01 首次上线）：给视频稿生成摘要，消费 article-published 的 video 消息。"},
    {"name": "ld-mq", "aliases": ["RocketMQ", "消息队列", "MQ"],
     "description": "RocketMQ 集群（rmq-broker-a/b、rmq-namesrv-01）。"},
    {"name": "ld-recommend", "aliases": ["推荐", "推荐服务", "个性化推荐"],
     "description": "推荐（3 个副本）：App 推荐频道的召回与排序模型。"},
    {"name": "ld-member", "aliases": ["会员", "会员订阅", "付费会员", "订阅"],
     "description": "会员（2 个副本）：付费会员订阅、续费、权益。"},
    {"name": "ld-ugc", "aliases": ["爆料", "用户上传", "UGC"],
     "description": "读者爆料上传（2 个副本）：读者的图片、视频存到对象存储 OSS（华东2）后进审核。"},
    {"name": "ld-k8s-node", "aliases": ["K8s 节点", "工作节点", "节点"],
     "description": "集群 ld-prod 的节点：ld-k8s-node-01..07（通用节点池），ld-k8s-node-08..11（np-transcode，ecs.c7.4xlarge），"
                    "以及 cluster-autoscaler 按需加入的节点。"},
    {"name": "ld-dw", "aliases": ["数据仓库", "数仓", "ETL"], "description": "数据仓库（dw-etl-01）：夜间 ETL 与流量报表。"},
]

WINDOWS = {
    "ads": (_t("06:00"), _t("10:25:30")),
    "wire": (NY_DST_END, _t("16:45:20")),
    "emoji": (_t("15:26:40"), _t("16:33")),
    "lease": (_t("12:10:20"), _t("17:05:30")),
    "sigill": (_t("21:08:20"), REFERENCE),
    "live": (_t("15:40"), _t("16:52:10")),
    "retry": (_t("15:36"), _t("16:48:40")),
    "cookie": (_t("15:16"), _t("16:18:10")),
    "purge": (_t("18:22"), _t("21:05:10")),
    "mq": (_t("19:05:40"), _t("21:20:40")),
}


def _inside(window: str, t: dt.datetime) -> bool:
    a, b = WINDOWS[window]
    return a <= t < b


def _busy(t: dt.datetime) -> bool:
    """The breaking-news afternoon and evening."""
    return QUAKE <= t < _t("22:30")


def _day(t: dt.datetime) -> bool:
    return _t("07:00") <= t < _t("23:00")


# --- Business vocabulary -------------------------------------------------------------------------
Line = tuple[str, str, dict[str, Any]]
CHANNELS = ("headline", "local", "finance", "tech", "sports", "ent")
EDITORS = ("editor_sunmin", "editor_liuqing", "editor_hanbo", "editor_zhouyi", "editor_maxiao")
SLOTS = ("splash", "feed-3", "feed-8", "article-bottom", "video-pre")
PUSH_CHANNELS = (("HMS", 0.34), ("MI", 0.18), ("OPPO", 0.16), ("VIVO", 0.14), ("APNs", 0.18))
GNW_SLUGS = ("US-ELECTION-COUNT", "MIDEAST-TALKS", "OIL-PRICES", "FED-MINUTES", "EU-ENERGY", "TECH-EARNINGS", "CLIMATE-SUMMIT")
GNW_QUAKE_SLUGS = ("CHINA-QUAKE", "CHINA-QUAKE-REAX", "CHINA-QUAKE-MARKETS", "ASIA-QUAKE-TSUNAMI")
HTS_TITLES = ("国务院常务会议部署", "全国铁路客流", "三季度居民收入", "秋粮收购进展", "国际油价")
HTS_QUAKE_TITLES = ("近海6.2级地震最新", "地震伤亡情况通报", "震区交通恢复", "余震监测", "救援力量抵达")
IOS_VERSIONS = ("9.5.2", "9.5.1", "9.4.8")
IOS_DEVICES = ("iPhone15,3; iOS 18.1", "iPhone14,5; iOS 18.0.1", "iPhone16,2; iOS 18.1", "iPhone13,2; iOS 17.6.1")
ANDROID_DEVICES = ("HUAWEI Mate 60 Pro; HarmonyOS 4.2", "Xiaomi 14; Android 14", "OPPO Find X7; Android 14", "vivo X100; Android 14")
COMMENT_IPS = ("10.20.5.21", "10.20.5.22", "10.20.5.23", "10.20.5.24")


def _art(w: WorldBuilder, day: dt.date = DAY) -> str:
    """An article id other than the breaking story's (which is 0873)."""
    return f"A-{day:%Y%m%d}-{w.rng.randint(1000, 4999)}"


def _video(w: WorldBuilder) -> str:
    return f"V-1101-{w.rng.randint(10000, 99999)}"


def _uid(w: WorldBuilder) -> str:
    return f"U{w.rng.randint(10**7, 10**8 - 1)}"


def _pod(w: WorldBuilder, service: str, t: dt.datetime) -> str:
    return w.pod_at(ROLLOUTS[service], t)


# --- Noise: every service's ordinary day ----------------------------------------------------------
def _gateway(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "ld-gateway", t)
    roll = w.rng.random()
    if roll < 0.35:
        return "INFO", f"GET /api/feed/v3/{w.rng.choice(CHANNELS)}?page={w.rng.randint(1, 5)} 200 took={w.ms(12, 90)}ms upstream ld-feed", {
            "instance": pod, "log_type": "access"}
    if roll < 0.55:
        return "INFO", f"GET /api/comment/v2/list?article={_art(w)} 200 took={w.ms(15, 120)}ms upstream ld-comment", {
            "instance": pod, "log_type": "access"}
    if roll < 0.75:
        return "INFO", f"GET /api/user/v1/profile 200 took={w.ms(8, 60)}ms upstream ld-user", {"instance": pod,
                                                                                           "log_type": "access"}
    if roll < 0.9:
        return "INFO", f"POST /api/user/v1/login 200 took={w.ms(30, 180)}ms upstream ld-user", {"instance": pod,
                                                                                            "log_type": "access"}
    return "WARN", f"rate limit: client {w.rng.randint(10, 250)}.{w.rng.randint(0, 255)}.x.x over 50 req/s on /api/feed, 429", {
        "instance": pod}


def _web(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "ld-web", t)
    roll = w.rng.random()
    if roll < 0.6:
        return "INFO", f"SSR /article/{_art(w)} 200 in {w.ms(40, 160)}ms", {"instance": pod, "log_type": "access"}
    if roll < 0.85:
        return "INFO", f"SSR /channel/{w.rng.choice(CHANNELS)} 200 in {w.ms(60, 220)}ms", {"instance": pod, "log_type": "access"}
    if roll < 0.95:
        return "INFO", f"GET /healthz 200 in {w.ms(1, 4)}ms", {"instance": pod, "log_type": "access"}
    return "WARN", f"image {w.rng.randint(100000, 999999)}.jpg missing width/height, layout shift on /article/{_art(w)}", {
        "instance": pod}


def _cdn(w: WorldBuilder, t: dt.datetime) -> Line:
    pop = w.rng.choice(CDN_POPS)
    roll = w.rng.random()
    if roll < 0.45:
        art = _art(w)
        if _t("13:16") <= t < _t("16:18:10"):
            return "INFO", CDN_MISS.format(pop=pop, art=art, ms=w.ms(60, 240)), {"instance": pop, "log_type": "cdn"}
        return "INFO", CDN_HIT.format(pop=pop, art=art, age=w.rng.randint(5, 3500), ms=w.ms(2, 9)), {"instance": pop,
                                                                                                  "log_type": "cdn"}
    if roll < 0.75:
        return "INFO", f"{pop} GET {IMG_HOST}/2026/11/{w.rng.randint(100000, 999999)}.webp 200 HIT rt={w.ms(1, 6)}ms", {
            "instance": pop, "log_type": "cdn"}
    if roll < 0.95:
        return "INFO", f"{pop} GET www.ludaonews.com/static/js/app.{w.hex(8)}.js 200 HIT rt={w.ms(1, 5)}ms", {
            "instance": pop, "log_type": "cdn"}
    return "WARN", f"{pop} GET www.ludaonews.com/article/A-202609{w.rng.randint(10, 30)}-{w.rng.randint(1000, 4999)}.html 404 MISS", {
        "instance": pop, "log_type": "cdn"}


def _feed(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "ld-feed", t)
    roll = w.rng.random()
    if roll < 0.3:
        top = EMOJI_ARTICLE if _t("15:26:40") <= t < _t("18:00") else _art(w, DAY if t >= _t("00:00") else EVE)
        return "INFO", FEED_REBUILT.format(top=top, k=w.rng.randint(4, 11)), {"instance": pod}
    if roll < 0.85:
        return "INFO", (f"GET /api/feed/v3/{w.rng.choice(CHANNELS)}?page={w.rng.randint(1, 5)} 200 cards=20 "
                        f"took={w.ms(8, 70)}ms"), {"instance": pod, "log_type": "access"}
    return "WARN", f"card {_art(w)} cover image 404 at {IMG_HOST}, fallback to default cover", {"instance": pod}


def _client_monitor(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "ld-client-monitor", t)
    roll = w.rng.random()
    if roll < 0.35:
        return "INFO", (f"Android 9.5.2 ({w.rng.choice(ANDROID_DEVICES)}) feed ok GET /api/feed/v3/headline p50 "
                        f"{w.ms(180, 420)}ms (last 5m, {w.rng.randint(2000, 40000)} loads)"), {"instance": pod}
    if roll < 0.65:
        return "INFO", (f"iOS 9.5.2 crash-free sessions 99.{w.rng.randint(90, 98)}% (last 5m, "
                        f"{w.rng.randint(1000, 30000)} sessions)"), {"instance": pod}
    if roll < 0.9:
        return "INFO", f"ingested {w.rng.randint(5000, 90000)} client events (last 1m)", {"instance": pod}
    return "WARN", (f"Android 9.4.8 ({w.rng.choice(ANDROID_DEVICES)}) image decode slow {w.ms(800, 2400)}ms on "
                    f"{IMG_HOST}"), {"instance": pod}


def _cms(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "ld-cms", t)
    roll = w.rng.random()
    editor = w.rng.choice(EDITORS)
    if roll < 0.15 and _day(t):
        return "INFO", f"article {_art(w)} published by {editor} channel={w.rng.choice(CHANNELS)}", {"instance": pod}
    if roll < 0.4 and _day(t):
        return "INFO", f"article {_art(w)} saved by {editor} (channel {w.rng.choice(CHANNELS)}, revision {w.rng.randint(2, 14)})", {
            "instance": pod}
    if roll < 0.6:
        return "INFO", f"GET /cms/api/articles?status=draft&page={w.rng.randint(1, 9)} 200 took={w.ms(10, 80)}ms", {
            "instance": pod, "log_type": "access"}
    if roll < 0.85:
        return "INFO", f"media library: image {w.rng.randint(100000, 999999)}.jpg uploaded by {editor} ({w.rng.randint(1, 9)}.{w.rng.randint(0, 9)} MB)", {
            "instance": pod}
    return "WARN", f"article {_art(w)} edit lock held by {editor} for {w.rng.randint(31, 90)} min, reminder sent", {"instance": pod}


def _wire(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "ld-wire-ingest", t)
    if w.rng.random() < 0.5:
        return "INFO", f"poll GNW NewsML feed https://feeds.gnw.example/newsml/asia: 200 OK ({w.ms(180, 900)}ms)", {
            "instance": pod}
    return "INFO", f"poll HTS SFTP /outgoing/zh: {w.rng.randint(0, 3)} files ({w.ms(40, 300)}ms)", {"instance": pod}


def _flash(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "ld-flash", t)
    if w.rng.random() < 0.6:
        return "INFO", f"GET /api/flash/v1/lane?since=… 200 items={w.rng.randint(20, 50)} took={w.ms(3, 25)}ms", {
            "instance": pod, "log_type": "access"}
    return "INFO", f"lane compacted: {w.rng.randint(50, 80)} items kept, {w.rng.randint(0, 9)} expired", {"instance": pod}


def _push(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "ld-push", t)
    roll = w.rng.random()
    if roll < 0.45:
        return "INFO", (f"device tokens registered last 5m: {w.rng.randint(300, 4000)} (HMS {w.rng.randint(80, 1400)}, "
                        f"APNs {w.rng.randint(60, 900)})"), {"instance": pod}
    if roll < 0.85:
        ch = w.rng.choice([c for c, _ in PUSH_CHANNELS])
        return "INFO", f"receipt batch {ch}: {w.rng.randint(1000, 60000)} receipts stored", {"instance": pod}
    return "WARN", f"APNs: {w.rng.randint(20, 400)} tokens Unregistered (410), removed", {"instance": pod}


def _comment(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "ld-comment", t)
    roll = w.rng.random()
    if roll < 0.35:
        return "INFO", f"POST /api/comment/v2/comments article {_art(w)} user {_uid(w)} 200 took={w.ms(20, 90)}ms", {
            "instance": pod, "log_type": "access"}
    if roll < 0.8:
        return "INFO", f"GET /api/comment/v2/list?article={_art(w)}&page=1 200 took={w.ms(15, 110)}ms", {
            "instance": pod, "log_type": "access"}
    if roll < 0.95:
        return "INFO", f"comment by {_uid(w)} held for review: 敏感词命中 (rule {w.rng.randint(100, 999)})", {"instance": pod}
    return "WARN", f"comment flood from user {_uid(w)}: {w.rng.randint(11, 30)} comments/min, throttled", {"instance": pod}


def _user(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "ld-user", t)
    roll = w.rng.random()
    if roll < 0.35:
        return "INFO", f"login ok {_uid(w)} via {w.rng.choice(['sms', 'wechat', 'apple', 'password'])} took={w.ms(20, 120)}ms", {
            "instance": pod}
    if roll < 0.75:
        return "INFO", f"getProfile {_uid(w)} ok took={w.ms(2, 18)}ms", {"instance": pod}
    if roll < 0.95:
        return "INFO", f"sms code sent to 1{w.rng.randint(3000000000, 9999999999)} (login)", {"instance": pod}
    return "WARN", f"login failed {_uid(w)}: wrong password ({w.rng.randint(2, 4)}/5)", {"instance": pod}


def _transcode(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = w.rng.choice(TRANSCODE_PODS[0:6])
    roll = w.rng.random()
    if roll < 0.55:
        return "INFO", (f"job {_video(w)} done 1080p/720p/480p in {w.rng.uniform(18, 140):.1f}s (source "
                        f"{w.rng.randint(1, 12)} min, h264 1920x1080)"), {"instance": pod}
    if roll < 0.9:
        return "INFO", f"job {_video(w)} queued by ld-cms (uploader {w.rng.choice(EDITORS)})", {"instance": pod}
    return "WARN", f"job {_video(w)}: source has variable frame rate, normalized to 25fps", {"instance": pod}


def _live(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "ld-live", t)
    eq_on = _t("16:53") <= t < _t("20:30")
    ch = "LIVE-1101-EQ" if eq_on and w.rng.random() < 0.5 else "LIVE-0901-NEWS24"
    if w.rng.random() < 0.6:
        return "INFO", SEGMENT_OK.format(ch=ch, n=w.rng.randint(10000, 99999) if ch.endswith("NEWS24") else w.rng.randint(700, 2400)), {
            "instance": pod}
    viewers = w.rng.randint(3000, 9000) if ch.endswith("NEWS24") else w.rng.randint(60000, 180000)
    return "INFO", QOE.format(ch=ch, v=viewers, r=w.rng.uniform(0.4, 1.4), s=w.rng.uniform(0.8, 1.6)), {"instance": pod}


def _ads(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "ld-ads", t)
    roll = w.rng.random()
    slot = w.rng.choice(SLOTS)
    if roll < 0.4:
        stale = pod in ADS_STALE
        if stale and _inside("ads", t):
            roll = 0.5  # the stale pods' exchange bids are the incident's own lines
        else:
            ip = JLX_OLD if stale else JLX_NEW
            return "INFO", f"bid ok JLX bid.jlx-adx.com ({ip}:443) slot {slot} ¥{w.rng.uniform(8, 42):.2f} CPM took={w.ms(18, 95)}ms", {
                "instance": pod}
    if roll < 0.75:
        return "INFO", f"bid ok GDX api.gdx-ads.cn (198.51.100.77:443) slot {slot} ¥{w.rng.uniform(6, 35):.2f} CPM took={w.ms(20, 100)}ms", {
            "instance": pod}
    if roll < 0.95:
        return "INFO", f"impression {w.hex(12)} slot {slot} rendered, viewability {w.rng.randint(55, 98)}%", {"instance": pod}
    return "WARN", f"creative {w.rng.randint(100000, 999999)} rejected: landing page not https", {"instance": pod}


def _search(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "ld-search", t)
    terms = ("地震", "油价", "天气", "高铁", "台风", "股市") if _busy(t) else ("油价", "天气", "高铁", "股市", "选举")
    if w.rng.random() < 0.85:
        return "INFO", f"GET /api/search?q={w.rng.choice(terms)}&page=1 200 hits={w.rng.randint(20, 3000)} took={w.ms(12, 90)}ms", {
            "instance": pod, "log_type": "access"}
    return "WARN", f"slow query q={w.rng.choice(terms)} took={w.ms(600, 1500)}ms (es shard 3)", {"instance": pod}


def _indexer(w: WorldBuilder, t: dt.datetime) -> Line:
    shared = _inside("mq", t)
    owners = QUEUES_SHARED if shared else QUEUES_ALONE
    pod = w.rng.choice(INDEXER_PODS)
    queue = w.rng.choice(owners[pod])
    kind = "video" if w.rng.random() < 0.15 else "article"
    item = _video(w) if kind == "video" else _art(w, DAY if t >= _t("00:00") else EVE)
    return "INFO", f"indexed {kind} {item} (queue {queue}, offset {w.rng.randint(4_000_000, 4_900_000)}) took={w.ms(8, 60)}ms", {
        "instance": pod}


def _mq(w: WorldBuilder, t: dt.datetime) -> Line:
    broker = w.rng.choice(["rmq-broker-a", "rmq-broker-b"])
    if w.rng.random() < 0.6:
        return "INFO", f"[{broker}] putMessage tps {w.rng.randint(200, 3000)}, getMessage tps {w.rng.randint(400, 6000)}", {
            "instance": broker}
    return "INFO", f"[{broker}] commitlog flush ok, disk usage {w.rng.randint(41, 48)}%", {"instance": broker}


def _recommend(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "ld-recommend", t)
    roll = w.rng.random()
    if roll < 0.6:
        return "INFO", f"GET /api/recommend/v2/feed user {_uid(w)} 200 items=20 took={w.ms(20, 110)}ms", {
            "instance": pod, "log_type": "access"}
    if roll < 0.9:
        return "INFO", f"recall: {w.rng.randint(400, 1200)} candidates from 5 channels, rank top 20 in {w.ms(8, 30)}ms", {
            "instance": pod}
    return "WARN", f"feature fetch for user {_uid(w)} slow ({w.ms(80, 180)}ms), default interest tags used", {"instance": pod}


def _member(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "ld-member", t)
    roll = w.rng.random()
    if roll < 0.4:
        return "INFO", f"GET /api/member/v1/benefits user {_uid(w)} 200 took={w.ms(5, 40)}ms", {"instance": pod,
                                                                                          "log_type": "access"}
    if roll < 0.7:
        return "INFO", f"subscription renewed user {_uid(w)} plan {w.rng.choice(['monthly', 'yearly'])} via {w.rng.choice(['alipay', 'wechat', 'iap'])}", {
            "instance": pod}
    if roll < 0.9:
        return "INFO", f"renewal reminder queued for {w.rng.randint(20, 400)} members", {"instance": pod}
    return "WARN", f"iap receipt for user {_uid(w)} verified on retry (sandbox receipt sent to production)", {"instance": pod}


def _ugc(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "ld-ugc", t)
    if w.rng.random() < 0.7:
        return "INFO", (f"PUT oss://ld-ugc-raw/{t:%Y%m%d}/{w.hex(12)}.mp4 200 ({w.rng.randint(3, 180)} MB) user {_uid(w)} "
                        "爆料"), {"instance": pod}
    return "INFO", f"爆料 {w.hex(10)} queued for moderation ({w.rng.randint(1, 9)} files)", {"instance": pod}


def _node(w: WorldBuilder, t: dt.datetime) -> Line:
    node = w.rng.choice([n for n in NODES if n != BAD_NODE or t >= _t("21:07:30")])
    roll = w.rng.random()
    stamp = f"I{t:%m%d} {t:%H:%M:%S}.{w.rng.randint(100000, 999999)}"
    if roll < 0.4:
        return "INFO", (f'kubelet[1203]: {stamp} image_gc_manager.go:391] "Disk usage on image filesystem is below the low '
                        f'threshold" usage={w.rng.randint(21, 58)} lowThreshold=80'), {"instance": node}
    if roll < 0.7:
        return "INFO", f"systemd[1]: Started Session {w.rng.randint(1000, 9000)} of User root.", {"instance": node}
    return "INFO", (f"chronyd[{w.rng.randint(700, 900)}]: Selected source 100.100.61.88 (ntp.cloud), offset "
                    f"{w.rng.uniform(-0.4, 0.4):.3f}ms"), {"instance": node}


def _dw(w: WorldBuilder, t: dt.datetime) -> Line:
    return "INFO", f"ETL task ods_{w.rng.choice(['pv', 'article', 'user', 'ad'])}_inc done rows={w.rng.randint(1000, 900000)}", {
        "instance": "dw-etl-01"}


NOISE = {
    "ld-gateway": (_gateway, 40), "ld-web": (_web, 45), "ld-cdn": (_cdn, 40), "ld-feed": (_feed, 50),
    "ld-client-monitor": (_client_monitor, 90), "ld-cms": (_cms, 70), "ld-wire-ingest": (_wire, 600),
    "ld-flash": (_flash, 300), "ld-push": (_push, 240), "ld-comment": (_comment, 50), "ld-user": (_user, 60),
    "ld-transcode": (_transcode, 90), "ld-live": (_live, 120), "ld-ads": (_ads, 45), "ld-search": (_search, 60),
    "ld-search-indexer": (_indexer, 90), "ld-mq": (_mq, 400), "ld-recommend": (_recommend, 80), "ld-member": (_member, 150),
    "ld-ugc": (_ugc, 150), "ld-k8s-node": (_node, 420), "ld-dw": (_dw, 900),
}
#: Where an incident writes a service's own lines instead of its noise.
QUIET = {"ld-web": [WINDOWS["cookie"]]}


def _rolled(w: WorldBuilder, service: str, step: int, started: str, stopping: str) -> None:
    """The pods of a rollout step: each new pod says it started, each old one that it stops (in the runtime's words)."""
    steps = ROLLOUTS[service]
    at = w.at(steps[step][0])
    old = steps[step - 1][1]
    for index, new in enumerate(steps[step][1]):
        moment = at + dt.timedelta(seconds=25 * index, milliseconds=w.rng.randint(0, 999))
        w.log(moment, service, "INFO", started.format(s=w.rng.randint(60, 260) / 10), instance=new, trace=False)
        if index < len(old):
            w.log(moment + dt.timedelta(seconds=12), service, "INFO", stopping, instance=old[index], trace=False)


def _every(w: WorldBuilder, start: str | dt.datetime, end: str | dt.datetime, low: int, high: int) -> list[dt.datetime]:
    """Moments from ``start`` to ``end``, ``low``–``high`` seconds apart."""
    moment = start if isinstance(start, dt.datetime) else w.at(start)
    stop = end if isinstance(end, dt.datetime) else w.at(end)
    out = []
    while moment < stop:
        out.append(moment)
        moment += dt.timedelta(seconds=w.rng.randint(low, high), milliseconds=w.rng.randint(0, 999))
    return out


def _ops(w: WorldBuilder, moment: str | dt.datetime, service: str, message: str) -> None:
    """An on-call engineer's note in the service's channel (the ops console relays it to the logs)."""
    w.log(moment if isinstance(moment, dt.datetime) else w.at(moment), service, "INFO", message, instance="ops-console",
          trace=False)


# --- Incident 1: the exchange's new address against a JVM that caches DNS forever -----------------------------
def ads_dns(w: WorldBuilder) -> None:
    ads = "ld-ads"
    w.log(_y("22:10:05.118"), ads, "INFO", JLX_NOTICE, instance=ADS_STALE[0], trace=False)
    w.log(_t("08:05:20.204"), ads, "INFO", ADS_FLOOR, instance=ADS_STALE[1], change="config")
    w.log(_t("08:31:10.330"), ads, "INFO", ADS_BOOT.format(s=w.rng.randint(90, 160) / 10), instance=ADS_PODS[3], trace=False)
    moments = _every(w, "06:00:04", "07:00", 15, 50) + _every(w, "07:00", "10:25:30", 6, 15)
    for moment in moments:
        w.log(moment, ads, "WARN", JLX_TIMEOUT.format(req=w.hex(16), slot=w.rng.choice(SLOTS)),
              instance=w.rng.choice(ADS_STALE))
    _ops(w, "09:40:20.441", ads, "ad_oncall_luoxi: 开屏和信息流广告大量空位，聚量 AdX 填充率从 96% 掉到 30% 左右，GDX 正常；"
         "新扩出来的那个 Pod 竞价正常")
    w.log(_t("10:24:50.551"), ads, "INFO", ADS_FIX, instance="ops-console", trace=False, change="ops")
    _rolled(w, ads, 2, ADS_BOOT_FIXED, "Commencing graceful shutdown. Waiting for active requests to complete")
    w.alert("AdExchangeTimeoutsHigh", ads, "warning", _t("06:12"), _t("10:35"), "41 次/分钟",
            "JLX 竞价超时 41 次/分钟，超过阈值 30", namespace=NS)


# --- Incident 2: GNW's pubDate read with a summer offset after New York left DST ------------------------------
def _ny_offset(moment: dt.datetime) -> dt.timedelta:
    return dt.timedelta(hours=-4) if moment < NY_DST_END else dt.timedelta(hours=-5)


def wire_dst(w: WorldBuilder) -> None:
    wire, flash = "ld-wire-ingest", "ld-flash"
    fixed = _t("16:45:20.204")
    w.log(_t("13:40:10.118"), flash, "INFO", FLASH_DEPLOY, instance=ROLLOUTS[flash][1][1][0], change="deploy")
    _rolled(w, flash, 1, "ld-flash 2.4.0 started on :8080 ({s}s)", "SIGTERM received, draining")
    gnw = (_every(w, START + dt.timedelta(minutes=3), "07:00", 300, 900) + _every(w, "07:00", QUAKE, 180, 600)
           + _every(w, QUAKE + dt.timedelta(minutes=6), "18:30", 60, 240) + _every(w, "18:30", REFERENCE, 240, 720))
    skipped_before_fix = []
    for moment in gnw:
        item = f"GNW-{moment:%m%d}-{w.rng.randint(10000, 99999)}"
        published = (moment - dt.timedelta(seconds=w.rng.randint(25, 80))).replace(microsecond=0)
        local = (published.astimezone(dt.UTC) + _ny_offset(published)).replace(tzinfo=None)
        if moment < fixed:
            parsed = local.replace(tzinfo=dt.timezone(dt.timedelta(hours=-4)))
            how = GNW_FIXED_OFFSET
        else:
            parsed = local.replace(tzinfo=dt.timezone(_ny_offset(published)))
            how = GNW_ZONE
        slug = w.rng.choice(GNW_QUAKE_SLUGS if moment >= QUAKE + dt.timedelta(minutes=6) and w.rng.random() < 0.6 else GNW_SLUGS)
        trace = w.hex(32)
        w.log(moment, wire, "INFO", GNW_ITEM.format(item=item, slug=slug, local=f"{local:%Y-%m-%d %H:%M:%S}",
                                                    parsed=parsed.isoformat(), how=how,
                                                    story=f"WS-{w.rng.randint(10**6, 10**7 - 1)}"),
              instance=w.rng.choice(ROLLOUTS[wire][0][1]), trace_id=trace)
        at = moment + dt.timedelta(milliseconds=w.rng.randint(300, 2500))
        age = (at - parsed).total_seconds() / 60
        pod = _pod(w, flash, at)
        if age <= 60:
            w.log(at, flash, "INFO", FLASH_ADDED.format(item=item, age=age), instance=pod, trace_id=trace)
        else:
            w.log(at, flash, "WARN", FLASH_STALE.format(item=item, age=age), instance=pod, trace_id=trace)
            skipped_before_fix.append(at)
    for moment in _every(w, START + dt.timedelta(minutes=1), REFERENCE, 200, 700) + _every(w, QUAKE, "18:00", 40, 160):
        item = f"HTS-{moment:%m%d}-{w.rng.randint(10000, 99999)}"
        published = (moment - dt.timedelta(seconds=w.rng.randint(20, 60))).replace(microsecond=0)
        title = w.rng.choice(HTS_QUAKE_TITLES if moment >= QUAKE + dt.timedelta(minutes=4) else HTS_TITLES)
        trace = w.hex(32)
        w.log(moment, wire, "INFO", HTS_ITEM.format(item=item, title=title, stamp=published.isoformat(),
                                                    story=f"WS-{w.rng.randint(10**6, 10**7 - 1)}"),
              instance=w.rng.choice(ROLLOUTS[wire][0][1]), trace_id=trace)
        at = moment + dt.timedelta(milliseconds=w.rng.randint(300, 2500))
        w.log(at, flash, "INFO", FLASH_ADDED.format(item=item, age=(at - published).total_seconds() / 60),
              instance=_pod(w, flash, at), trace_id=trace)
    _ops(w, "15:52:30.330", flash, "flash_oncall_gejing: 编辑部反馈两点以后外电快讯一条都没进快讯栏，华通社的正常；GNW 的稿件"
         "在 CMS 里能看到")
    w.log(fixed, wire, "INFO", WIRE_FIX, instance=ROLLOUTS[wire][0][1][0], change="config")
    late = len(skipped_before_fix)
    added = sum(1 for at in skipped_before_fix if at >= fixed - dt.timedelta(hours=1))
    w.log(_t("16:47:10.441"), flash, "INFO", FLASH_REEVAL.format(n=late, k=added, late=late - added),
          instance=ROLLOUTS[flash][1][1][0])
    w.alert("FlashWireStaleSkipsHigh", flash, "warning", _t("14:31"), _t("16:55"), "9 条/30分钟",
            "快讯栏因稿件过旧跳过 9 条/30分钟，超过阈值 5", namespace=NS)


# --- Incident 3: the emoji headline cut in half by the feed's UTF-16 truncation -------------------------------
def feed_emoji(w: WorldBuilder) -> None:
    feed, cms, cm = "ld-feed", "ld-cms", "ld-client-monitor"
    w.log(_t("14:10:20.118"), feed, "INFO", FEED_DEPLOY, instance=ROLLOUTS[feed][1][1][0], change="deploy")
    _rolled(w, feed, 1, "Started FeedApplication in {s} seconds (process running for 31.4)",
            "Commencing graceful shutdown. Waiting for active requests to complete")
    w.log(_t("15:26:40.204"), cms, "INFO", EMOJI_PUBLISH, instance=ROLLOUTS[cms][0][1][0])
    for moment in _every(w, "15:27:05", "16:33:00", 1, 5):
        w.log(moment, cm, "ERROR", IOS_FAIL.format(ver=w.rng.choice(IOS_VERSIONS), device=w.rng.choice(IOS_DEVICES)),
              instance=_pod(w, cm, moment))
    _ops(w, "15:48:10.330", feed, "feed_oncall_wanghui: 大量 iPhone 用户反馈首页刷不出来、提示加载失败，安卓正常；服务端 "
         "/api/feed/v3/headline 都是 200")
    w.log(_t("16:32:10.441"), cms, "INFO", EMOJI_RETITLE, instance=ROLLOUTS[cms][0][1][1])
    w.log(_t("18:20:10.551"), feed, "INFO", FEED_HOTFIX, instance=ROLLOUTS[feed][2][1][0], change="deploy")
    _rolled(w, feed, 2, "Started FeedApplication in {s} seconds (process running for 30.9)",
            "Commencing graceful shutdown. Waiting for active requests to complete")
    w.alert("FeedClientParseErrorsHigh", feed, "warning", _t("15:34"), _t("16:40"), "1840 次/5分钟",
            "客户端信息流解析失败 1840 次/5分钟，超过阈值 500", namespace=NS)


# --- Incident 4: the dispatch lock's lease read in milliseconds -----------------------------------------------
#: (campaign, title, clock, target devices); the ones between the two config changes are sent by every replica.
CAMPAIGNS = (
    ("PUSH-20261101-0003", "早报：周日要闻", "08:00:05", 18_196_420),
    ("PUSH-20261101-0005", "午间要闻", "12:30:10", 18_199_877),
    ("PUSH-20261101-0009", "【突发】近海发生6.2级地震", "15:18:05", 18_204_331),
    ("PUSH-20261101-0011", "地震最新：震中附近多地有震感，暂无人员伤亡报告", "16:10:20", 18_206_902),
    ("PUSH-20261101-0014", "地震最新：已致 3 人受伤，余震 12 次", "19:00:10", 18_211_540),
)


def push_lease(w: WorldBuilder) -> None:
    push = "ld-push"
    w.log(_t("12:10:20.118"), push, "INFO", LEASE_CHANGE, instance=PUSH_PODS[0], change="config")
    for pod in PUSH_PODS:
        w.log(_t("12:10:21.204") + dt.timedelta(milliseconds=w.rng.randint(0, 400)), push, "INFO",
              LEASE_REFRESH.format(lease="PT0.03S"), instance=pod, trace=False)
    w.log(_t("14:30:20.330"), push, "INFO", XIAOMI_QPS, instance=PUSH_PODS[1], change="config")
    w.log(_t("17:05:30.441"), push, "INFO", LEASE_FIX, instance=PUSH_PODS[2], change="config")
    for pod in PUSH_PODS:
        w.log(_t("17:05:31.118") + dt.timedelta(milliseconds=w.rng.randint(0, 400)), push, "INFO",
              LEASE_REFRESH.format(lease="PT30S"), instance=pod, trace=False)
    for cid, title, clock, devices in CAMPAIGNS:
        at = w.at(clock)
        doubled = _inside("lease", at)
        lease = "PT0.03S" if doubled else "PT30S"
        pickers = list(PUSH_PODS) if doubled else [w.rng.choice(PUSH_PODS)]
        w.rng.shuffle(pickers)
        trace = w.hex(32)
        offset = 0
        for pod in pickers:
            moment = at + dt.timedelta(milliseconds=offset)
            offset += w.rng.randint(32, 70)
            w.log(moment, push, "INFO", PICKED.format(cid=cid, title=title, lease=lease, devices=devices), instance=pod,
                  trace_id=trace)
            for ch, share in PUSH_CHANNELS:
                seconds = w.rng.uniform(40, 160)
                w.log(moment + dt.timedelta(seconds=seconds), push, "INFO",
                      CHANNEL_SENT.format(cid=cid, ch=ch, n=int(devices * share), s=seconds), instance=pod, trace_id=trace)
        hms = int(devices * PUSH_CHANNELS[0][1])
        if cid.endswith("0014"):
            w.log(at + dt.timedelta(seconds=95, milliseconds=412), push, "WARN",
                  HMS_REJECT.format(cid=cid, n=int(hms * HMS_REJECT_RATIO / 100), m=hms), instance=pickers[0], trace_id=trace)
        deliveries = devices * len(pickers) - (int(hms * HMS_REJECT_RATIO / 100) if cid.endswith("0014") else 0)
        w.log(at + dt.timedelta(minutes=12, milliseconds=w.rng.randint(0, 999)), push, "INFO",
              RECEIPTS.format(cid=cid, deliveries=deliveries, devices=devices, ratio=deliveries / devices),
              instance=pickers[0], trace_id=trace)
    _ops(w, "15:24:40.551", push, "push_oncall_qiuyue: 大量用户反馈地震突发推送同一条收到三次，华为、小米、苹果都有；"
         "客服工单激增")
    w.log(_t("20:40:10.204"), push, "INFO", PUSH_DEPLOY, instance=ROLLOUTS[push][1][1][0], change="deploy")
    _rolled(w, push, 1, "Started PushApplication in {s} seconds (process running for 28.7)",
            "Commencing graceful shutdown. Waiting for active requests to complete")
    w.alert("PushChannelRejectsHigh", push, "warning", _t("19:02"), _t("19:40"), f"HMS {HMS_REJECT_RATIO}%",
            f"华为 HMS 通道拒收率 {HMS_REJECT_RATIO}%，超过阈值 10%", namespace=NS)


# --- Incident 5: the fallback instance type without AVX2 under an x86-64-v3 transcoder ------------------------
def crash_times() -> dict[str, list[tuple[dt.datetime, dt.datetime]]]:
    """Each crash-looping pod's (start, crash) pairs: it dies 4 s after it starts, the kubelet backs off 10 s doubling to
    5 min. Fixed, not drawn, so the restart counts do not depend on the noise."""
    out: dict[str, list[tuple[dt.datetime, dt.datetime]]] = {}
    for index, pod in enumerate(ON_BAD_NODE):
        start = _t("21:08:20") + dt.timedelta(seconds=6 * index)
        runs = []
        backoff = 10
        while start < REFERENCE:
            crash = start + dt.timedelta(seconds=4 + index % 2)
            if crash >= REFERENCE:
                break
            runs.append((start, crash))
            start = crash + dt.timedelta(seconds=backoff)
            backoff = min(backoff * 2, 300)
        out[pod] = runs
    return out


def transcode_sigill(w: WorldBuilder) -> None:
    node, tc = "ld-k8s-node", "ld-transcode"
    good = TRANSCODE_PODS[0:6]
    w.log(_t("20:50:10.118"), tc, "INFO", TRANSCODE_THUMBS, instance=good[0], change="config")
    for moment in _every(w, "20:55:00", REFERENCE, 8, 30):
        w.log(moment, tc, "INFO", f"job {_video(w)} queued by ld-cms (uploader reporter_{w.rng.choice(['lin', 'chen', 'wu', 'zheng', 'he'])}, "
              f"{w.rng.randint(1, 15)} min source)", instance=w.rng.choice(good))
    w.log(_t("21:04:10.204"), node, "INFO", AUTOSCALE, instance="cluster-autoscaler", trace=False)
    w.log(_t("21:07:30.330"), node, "INFO", NODE_JOIN, instance=BAD_NODE, trace=False)
    w.log(_t("21:07:45.441"), node, "INFO", NFD, instance=BAD_NODE, trace=False)
    for pod, runs in crash_times().items():
        for start, crash in runs:
            w.log(start, tc, "INFO", TRANSCODE_BOOT, instance=pod, trace=False)
            job = _video(w)
            w.log(crash - dt.timedelta(milliseconds=w.rng.randint(30, 90)), node, "WARN",
                  KERNEL_TRAP.format(pid=w.rng.randint(1000, 60000), ip=w.hex(10), sp=w.hex(8), base=w.hex(7)),
                  instance=BAD_NODE, trace=False)
            w.log(crash, tc, "ERROR", SIGILL_EXIT.format(job=job), instance=pod, trace=False)
            expired = crash + dt.timedelta(seconds=30 + w.rng.randint(1, 5))
            if expired < REFERENCE:
                w.log(expired, tc, "WARN", LEASE_EXPIRED.format(job=job, pod=pod, a=w.rng.randint(2, 5)),
                      instance=w.rng.choice(good))
    _ops(w, "21:40:10.551", tc, "video_oncall_zoujie: 记者反馈九点以后上传的视频一直是转码中，队列积压 300+，有 3 个 Pod "
         "一直在重启")
    w.alert("KubePodCrashLooping", tc, "warning", _t("21:25"), None, "CrashLoopBackOff",
            f'Pod {NS}/{ON_BAD_NODE[0]} (ffmpeg-worker) is in waiting state (reason: "CrashLoopBackOff").', namespace=NS,
            pod=ON_BAD_NODE[0])
    w.alert("TranscodeQueueBacklogHigh", tc, "warning", _t("21:32"), None, BACKLOG_ALERT_VALUE,
            f"转码队列积压 {BACKLOG_ALERT_VALUE}，超过阈值 300", namespace=NS)


# --- Incident 6: the earthquake channel from a sports template ---------------------------------------------------
REBUFFER: Keyframes = [(START, 0.8), (_t("15:40"), 0.9), (_t("15:45"), 6.1), (_t("15:52"), 12.4), (_t("16:00"), 24.0),
                       (_t("16:20"), 37.1), (_t("16:21"), REBUFFER_PEAK), (_t("16:22"), 36.8), (_t("16:50"), 31.5),
                       (_t("16:53"), 2.1), (_t("17:00"), 1.2), (_t("19:30"), 0.9), (REFERENCE, 0.8)]
VIEWERS: Keyframes = [(_t("15:40"), 20000), (_t("16:00"), 160000), (_t("16:30"), 214000), (_t("17:00"), 190000),
                      (_t("20:30"), 60000)]


def live_gop(w: WorldBuilder) -> None:
    live = "ld-live"
    pods = ROLLOUTS[live][0][1]
    w.log(_t("15:32:10.118"), live, "INFO", LIVE_CHAT, instance=pods[0], change="config")
    w.log(_t("15:38:20.204"), live, "INFO", LIVE_CREATE, instance=pods[0], change="ops")
    w.log(_t("15:40:00.330"), live, "INFO", "LIVE-1101-EQ ingest connected from enc-studio-2 (x264 1920x1080@50 6000 kbps)",
          instance=pods[1], trace=False)
    segment = 1
    moment = _t("15:40:10")
    while moment < _t("16:52:10"):
        if w.rng.random() < 0.35:
            w.log(moment + dt.timedelta(milliseconds=w.rng.randint(0, 200)), live, "WARN", SEGMENT_LONG.format(n=segment),
                  instance=w.rng.choice(pods), trace=False)
        segment += 1
        moment += dt.timedelta(seconds=10)
    for minute in _every(w, "15:41:00", "16:53:00", 60, 60):
        w.log(minute, live, "INFO", QOE.format(ch="LIVE-1101-EQ", v=int(interpolate(VIEWERS, minute)),
                                               r=interpolate(REBUFFER, minute), s=w.rng.uniform(2.4, 4.8)),
              instance=w.rng.choice(pods), trace=False)
    _ops(w, "16:05:30.441", live, "live_oncall_zhaoxin: 地震直播大量用户反馈一卡一卡、转圈，CDN 带宽和推流码率都正常")
    w.log(_t("16:52:10.551"), live, "INFO", LIVE_FIX, instance=pods[0], change="ops")
    w.log(_t("16:52:40.118"), live, "INFO", "LIVE-1101-EQ ingest connected from enc-studio-2 (x264 1920x1080@25 6000 kbps)",
          instance=pods[1], trace=False)
    w.alert("LiveRebufferRatioHigh", live, "warning", _t("15:52"), _t("17:00"), REBUFFER_ALERT_VALUE,
            f"直播卡顿率 {REBUFFER_ALERT_VALUE}，超过阈值 5%", namespace=NS, channel="LIVE-1101-EQ")


# --- Incident 7: the comment service's Dubbo retries against the user centre -------------------------------------
USER_RPS: Keyframes = [(START, 2100), (_t("01:00"), 700), (_t("07:00"), 3900), (_t("12:00"), 5200), (_t("15:12"), 5600),
                       (_t("15:30"), 7900), (_t("15:36"), 9400), (_t("15:45"), 18800), (_t("16:00"), 27600),
                       (_t("16:11"), 31020), (_t("16:12"), USER_RPS_PEAK), (_t("16:13"), 30870), (_t("16:48"), 26500),
                       (_t("16:50"), 8100), (_t("18:00"), 7200), (_t("21:00"), 6100), (REFERENCE, 4800)]


def retry_storm(w: WorldBuilder) -> None:
    comment, user, gw = "ld-comment", "ld-user", "ld-gateway"
    cpods = ROLLOUTS[comment][0][1]
    w.log(_t("13:40:10.118"), comment, "INFO", COMMENT_RETRY, instance=cpods[0], change="config")
    w.log(_t("14:55:10.204"), user, "INFO", USER_DEPLOY, instance=ROLLOUTS[user][1][1][0], change="deploy")
    _rolled(w, user, 1, "Started UserApplication in {s} seconds (dubbo port 20880, pool 400)",
            "Commencing graceful shutdown. Waiting for active requests to complete")
    upods = ROLLOUTS[user][1][1]
    for moment in _every(w, START, REFERENCE, 300, 300):
        total = int(interpolate(USER_RPS, moment))
        storm = _inside("retry", moment)
        share = 0.86 if storm else 0.31
        bg = int(total * share)
        w.log(moment, user, "INFO", USER_STATS.format(total=total, bg=bg, c=int(bg * 0.93), gp=int(total * 0.5 * (1 - share)),
                                                      login=max(int(total * 0.03), 8)),
              instance=_pod(w, user, moment), trace=False)
    for moment in _every(w, "15:36:10", "16:48:15", 1, 5):
        index = w.rng.randrange(len(cpods))
        w.log(moment, comment, "WARN", DUBBO_FAIL.format(ip=COMMENT_IPS[index], p=w.rng.choice([15, 16, 17])),
              instance=cpods[index])
    for moment in _every(w, "15:38:00", "16:48:15", 20, 70):
        w.log(moment, comment, "ERROR", f"comment list article {_art(w)} page 1: author info unavailable "
              "(UserQueryService.batchGet failed), rendered without avatars", instance=w.rng.choice(cpods))
    task = 91_233_456
    for moment in _every(w, "15:39:00", "16:48:40", 8, 30):
        index = w.rng.randrange(len(upods))
        task += w.rng.randint(40000, 90000)
        w.log(moment, user, "WARN", EXHAUSTED.format(p=15 + index, task=task, done=task - 1400), instance=upods[index],
              trace=False)
    for moment in _every(w, "15:40:00", "16:48:40", 2, 8):
        w.log(moment, gw, "WARN", GATEWAY_503.format(ms=w.ms(2, 40), p=w.rng.choice([15, 16, 17])),
              instance=_pod(w, gw, moment), log_type="access")
    _ops(w, "16:12:40.330", user, "user_oncall_xiaotong: App 登录大面积转圈、提示服务繁忙；ld-user Dubbo 线程池打满，请求量是"
         "平时的 4 倍多")
    w.log(_t("16:48:20.441"), comment, "INFO", COMMENT_FIX, instance=cpods[1], change="config")
    w.alert("UserServiceErrorRateHigh", user, "critical", _t("15:41"), _t("16:56"), USER_ERROR_ALERT_VALUE,
            f"用户中心错误率 {USER_ERROR_ALERT_VALUE}，超过阈值 5%", namespace=NS)


# --- Incident 8: the A/B SDK's cookie and the CDN that stops caching ---------------------------------------------
ORIGIN: Keyframes = [(START, 900), (_t("02:00"), 300), (_t("08:00"), 800), (_t("13:15"), 1100), (_t("13:20"), 2700),
                     (_t("15:12"), 2900), (_t("15:20"), 5200), (_t("15:22"), 6150), (_t("15:30"), 13800), (_t("15:43"), 18010),
                     (_t("15:44"), ORIGIN_PEAK), (_t("15:45"), 17950), (_t("16:17"), 16300), (_t("16:20"), 1900),
                     (_t("18:00"), 1500), (_t("20:10"), 1700), (_t("20:15"), 4100), (_t("21:10"), 3900), (_t("21:15"), 1300),
                     (REFERENCE, 900)]


def cdn_cookie(w: WorldBuilder) -> None:
    web, cdn = "ld-web", "ld-cdn"
    w.log(_t("13:15:30.118"), web, "INFO", WEB_DEPLOY, instance=ROLLOUTS[web][1][1][0], change="deploy")
    _rolled(w, web, 1, WEB_BOOT, "SIGTERM received, closing server")
    w.log(_t("14:45:10.204"), cdn, "INFO", CDN_LIVE_RULE, instance="edge-sha-03", trace=False, change="config")
    pods = ROLLOUTS[web][1][1]
    for moment in _every(w, "15:16:00", "16:18:10", 2, 6):
        pop = w.rng.choice(CDN_POPS)
        w.log(moment, cdn, "WARN", CDN_504.format(pop=pop, art=_art(w)), instance=pop, log_type="cdn")
    for moment in _every(w, "15:16:00", "16:18:10", 3, 9):
        w.log(moment, web, "INFO", f"SSR /article/{_art(w)} 200 in {w.ms(2400, 9800)}ms", instance=w.rng.choice(pods),
              log_type="access")
    for moment in _every(w, "15:17:00", "16:18:10", 5, 15):
        w.log(moment, web, "ERROR", WEB_ABORT.format(art=_art(w)), instance=w.rng.choice(pods))
    for moment in _every(w, "15:18:00", "16:18:10", 20, 50):
        w.log(moment, web, "WARN", WEB_LAG.format(lag=w.ms(900, 4200), n=w.rng.randint(180, 900), heap=w.rng.randint(900, 1900)),
              instance=w.rng.choice(pods))
    _ops(w, "15:35:20.330", web, "web_oncall_pengfei: 地震稿件页大面积 504，CDN 命中率从 95% 掉到 17% 左右，回源量暴涨，"
         "ld-web CPU 打满；App 正常")
    w.log(_t("16:18:10.441"), cdn, "INFO", CDN_FIX, instance="edge-sha-03", trace=False, change="config")
    w.log(_t("16:40:20.551"), web, "INFO", WEB_ABKIT_FIX, instance=pods[0], change="config")
    w.alert("CdnOriginTrafficHigh", cdn, "warning", _t("15:22"), _t("16:25"), ORIGIN_ALERT_VALUE,
            f"CDN 回源请求 {ORIGIN_ALERT_VALUE}，超过阈值 5000", domain="www.ludaonews.com")
    w.alert("WebSsrLatencyHigh", web, "critical", _t("15:25"), _t("16:28"), "4210ms",
            "网站 SSR p99 延迟 4210ms，超过阈值 3000ms", namespace=NS)


# --- Incident 9: the CDN vendor's new daily refresh quota -------------------------------------------------------
def cms_purge(w: WorldBuilder) -> Keyframes:
    """The purge worker's calls: 833 purges spend the 10000-URL quota by 18:22, then every purge fails until the vendor
    raises it at 21:05. Returns the remaining quota as keyframes for the series."""
    cms, cdn = "ld-cms", "ld-cdn"
    w.log(_y("22:20:05.204"), cms, "INFO", PURGE_NOTICE, instance=ROLLOUTS[cms][0][1][0], trace=False)
    w.log(_t("00:00:30.118"), cms, "INFO", PURGE_QUOTA, instance=ROLLOUTS[cms][0][1][0], trace=False)
    spans = ((_t("00:01"), _t("07:00"), 70), (_t("07:00"), QUAKE, 260), (QUAKE + dt.timedelta(minutes=4), _t("18:21:40"), 503))
    moments: list[dt.datetime] = []
    for a, b, n in spans:
        width = (b - a).total_seconds()
        moments += sorted(a + dt.timedelta(seconds=w.rng.uniform(0, width)) for _ in range(n))
    assert len(moments) == PURGES_BEFORE
    remain = PURGE_QUOTA_URLS
    quota: list[tuple[dt.datetime, float]] = [(START, 41_200), (_t("00:00"), 38_900), (_t("00:01"), PURGE_QUOTA_URLS)]
    for moment in moments:
        remain -= PURGE_URLS
        w.log(moment, cms, "INFO", PURGE_OK.format(art=_art(w), remain=remain), instance=_pod(w, cms, moment))
        if moment.minute == 0 or moment == moments[-1]:
            quota.append((moment.replace(second=0, microsecond=0), remain))
    w.log(_t("17:50:10.330"), cms, "INFO", CMS_DEPLOY, instance=ROLLOUTS[cms][1][1][0], change="deploy")
    _rolled(w, cms, 1, "Started CmsApplication in {s} seconds (process running for 40.2)",
            "Commencing graceful shutdown. Waiting for active requests to complete")
    failed = _every(w, "18:22:04", "21:05:00", 10, 40)
    for moment in failed:
        w.log(moment, cms, "ERROR", PURGE_FAIL.format(art=_art(w), remain=remain), instance=_pod(w, cms, moment))
    _ops(w, "18:40:20.441", cms, "cms_oncall_xuwen: 编辑反馈更正过的地震稿（受伤人数）网页上还是旧的，App 里是新的")
    w.log(_t("20:10:20.551"), cdn, "INFO", CDN_TTL, instance="edge-sha-03", trace=False, change="config")
    raised = 100_000 - (PURGE_QUOTA_URLS - remain)
    w.log(_t("21:05:10.118"), cms, "INFO", PURGE_RAISED.format(remain=raised), instance=_pod(w, cms, _t("21:05:10")),
          trace=False)
    w.log(_t("21:06:30.204"), cms, "INFO", PURGE_REDO.format(urls=PURGE_URLS * len(failed), n=len(failed)),
          instance=_pod(w, cms, _t("21:06:30")))
    quota += [(_t("21:05"), remain), (_t("21:06"), raised)]
    remain = raised - PURGE_URLS * len(failed)
    quota.append((_t("21:07"), remain))
    for moment in _every(w, "21:08:00", REFERENCE, 40, 120):
        remain -= PURGE_URLS
        w.log(moment, cms, "INFO", PURGE_OK.format(art=_art(w), remain=remain), instance=_pod(w, cms, moment))
    quota.append((REFERENCE, remain))
    w.alert("CmsPurgeFailuresHigh", cms, "warning", _t("18:32"), _t("21:08"), "31 次/10分钟",
            "CDN 刷新失败 31 次/10分钟，超过阈值 10", namespace=NS)
    return sorted(dict(quota).items())


# --- Incident 10: a new consumer in the indexer's group with another subscription ---------------------------------
def search_mq(w: WorldBuilder) -> Keyframes:
    """Returns the articles missing from the index as keyframes (the reconcile job's running total)."""
    search, indexer, ai, mq = "ld-search", "ld-search-indexer", "ld-ai-summary", "ld-mq"
    w.log(_t("18:50:10.118"), search, "INFO", SEARCH_SYNONYMS, instance=ROLLOUTS[search][0][1][0], change="config")
    w.log(_t("19:05:10.204"), ai, "INFO", AI_DEPLOY, instance=AI_PODS[0], change="deploy")
    for index, pod in enumerate(AI_PODS):
        w.log(_t("19:05:40") + dt.timedelta(seconds=20 * index), ai, "INFO", AI_BOOT.format(cid=AI_CIDS[pod]), instance=pod,
              trace=False)
    w.log(_t("19:05:42.330"), mq, "INFO", SUB_CHANGED.format(sub="video", cid=AI_CIDS[AI_PODS[0]]), instance="rmq-broker-a",
          trace=False)
    for pod, queues in QUEUES_SHARED.items():
        service = ai if pod in AI_PODS else indexer
        w.log(_t("19:06:02") + dt.timedelta(milliseconds=w.rng.randint(0, 900)), service, "INFO",
              REBALANCE.format(n=5, queues=list(queues)), instance=pod, trace=False)
    flip = True
    for moment in _every(w, "19:06:30", "21:20:30", 30, 120):
        cid = AI_CIDS[w.rng.choice(AI_PODS)] if flip else INDEXER_CIDS[w.rng.choice(INDEXER_PODS)]
        w.log(moment, mq, "INFO", SUB_CHANGED.format(sub="video" if flip else "article || video", cid=cid),
              instance=w.rng.choice(["rmq-broker-a", "rmq-broker-b"]), trace=False)
        flip = not flip
        if w.rng.random() < 0.5:
            w.log(moment + dt.timedelta(seconds=w.rng.randint(1, 20)), mq, "WARN",
                  SUB_NOT_LATEST.format(cid=INDEXER_CIDS[w.rng.choice(INDEXER_PODS)]),
                  instance=w.rng.choice(["rmq-broker-a", "rmq-broker-b"]), trace=False)
    for moment in _every(w, "19:06:20", "21:20:30", 40, 150):
        pod = w.rng.choice(AI_PODS)
        w.log(moment, ai, "INFO", f"summarized video {_video(w)} (queue {w.rng.choice(QUEUES_SHARED[pod])}) in "
              f"{w.ms(900, 4200)}ms", instance=pod)
    _ops(w, "19:50:40.441", search, "search_oncall_maoli: 编辑反馈晚上新发的稿子大约一半搜不到，对账任务也报缺失")
    w.log(_t("21:20:10.551"), ai, "INFO", AI_FIX, instance=AI_PODS[1], change="config")
    _rolled(w, ai, 1, "RocketMQ push consumer restarting ({s}s)", "SIGTERM received, shutting down consumer")
    for index, pod in enumerate(AI_RESTARTED):
        w.log(_t("21:20:42") + dt.timedelta(seconds=25 * index), ai, "INFO",
              AI_BOOT_FIXED.format(cid=f"10.20.2.{41 + index}@ld-ai-summary"), instance=pod, trace=False)
    w.log(_t("21:20:44.118"), mq, "INFO", SUB_CHANGED.format(sub="article || video", cid=INDEXER_CIDS[INDEXER_PODS[0]]),
          instance="rmq-broker-a", trace=False)
    for pod, queues in QUEUES_ALONE.items():
        w.log(_t("21:21:05") + dt.timedelta(milliseconds=w.rng.randint(0, 900)), indexer, "INFO",
              REBALANCE.format(n=3, queues=list(queues)), instance=pod, trace=False)
    for moment in _every(w, "21:22:00", REFERENCE, 60, 200):
        pod = w.rng.choice(AI_RESTARTED)
        w.log(moment, ai, "INFO", f"summarized video {_video(w)} in {w.ms(900, 4200)}ms", instance=pod)
    cum = 0
    missing: list[tuple[dt.datetime, float]] = [(START, 0)]
    backfilled = _t("21:32:10.204")
    slot = _y("22:15")
    while slot < REFERENCE:
        a = slot - dt.timedelta(minutes=15)
        published = w.rng.randint(60, 180) if QUAKE <= slot < _t("22:30") else w.rng.randint(4, 40)
        lost = 0
        if _inside("mq", slot) or _inside("mq", a):
            overlap = min(slot, WINDOWS["mq"][1]) - max(a, WINDOWS["mq"][0])
            lost = int(published * 0.5 * overlap.total_seconds() / 900)
        cum += lost
        if slot > backfilled:
            cum = 0
        w.log(slot + dt.timedelta(seconds=w.rng.randint(5, 40)), search, "WARN" if lost else "INFO",
              RECONCILE.format(a=f"{a:%H:%M}", b=f"{slot:%H:%M}", p=published, i=published - lost, m=lost, cum=cum),
              instance=_pod(w, search, slot), trace=False)
        missing.append((slot, cum))
        slot += dt.timedelta(minutes=15)
    restored = int(max(v for _, v in missing))
    w.log(backfilled, search, "INFO", BACKFILL.format(n=restored), instance=ROLLOUTS[search][0][1][1], trace=False)
    # The running total is 0 until the summary service joins, and 0 again once the backfill is done.
    missing += [(_t("19:05"), 0), (_t("21:32"), restored), (_t("21:33"), 0)]
    missing.sort()
    fired = int(interpolate(missing, _t("19:35")))
    w.alert("SearchIndexGapHigh", search, "warning", _t("19:35"), _t("21:40"), f"{fired} 篇",
            f"搜索索引缺失已发布稿件 {fired} 篇，超过阈值 50", namespace=NS)
    return missing


# --- Unrelated: the OSS blip, the certificate, the nightly ETL; the healthy services' changes -----------------------
def other_events(w: WorldBuilder) -> None:
    ugc, cdn = "ld-ugc", "ld-cdn"
    pods = ROLLOUTS[ugc][0][1]
    for moment in _every(w, "15:49:10", "16:01:00", 10, 40):
        w.log(moment, ugc, "WARN", f"PUT oss://ld-ugc-raw/20261101/{w.hex(12)}.mp4 failed: 503 ServiceUnavailable "
              f"(RequestId {w.hex(24).upper()}), retry {w.rng.randint(1, 3)}/3", instance=w.rng.choice(pods))
    _ops(w, "16:04:10.118", ugc, "ugc_oncall_fengyu: 云厂商状态页：华东2 OSS 15:49–16:01 部分请求 503，已恢复，失败的爆料上传已"
         "自动重试")
    w.alert("OssErrorRateHigh", ugc, "warning", _t("15:52"), _t("16:03"), "6.1%", "爆料上传 OSS 错误率 6.1%，超过阈值 2%",
            namespace=NS)
    w.log(_y("22:00:05.204"), cdn, "WARN", f"tls: certificate for {IMG_HOST} expires 2026-11-10 (9 days), renewal ticket "
          "IT-2026-1188 scheduled 2026-11-04", instance="edge-sha-03", trace=False)
    w.alert("SslCertificateExpiringSoon", cdn, "warning", _y("09:00"), None, "9 天",
            f"{IMG_HOST} 证书 9 天后到期（2026-11-10），续期工单 IT-2026-1188 已排期", domain=IMG_HOST)
    w.log(_t("00:55:00.418"), "ld-dw", "INFO", "nightly ETL batch dw_daily started: 186 tasks (business date 2026-10-31)",
          instance="dw-etl-01", trace=False, job="etl")
    w.log(_t("01:48:40.730"), "ld-dw", "INFO", "nightly ETL batch dw_daily finished: 186/186 tasks ok, 53m40s",
          instance="dw-etl-01", trace=False, job="etl")
    w.alert("HostCpuHigh", "ld-dw", "warning", _t("01:00"), _t("01:50"), "92.3%", "dw-etl-01 CPU 92.3%，超过阈值 85%（夜间 ETL）",
            instance="dw-etl-01")
    rec = "ld-recommend"
    w.log(_t("14:00:10.330"), rec, "INFO", RECOMMEND_DEPLOY, instance=ROLLOUTS[rec][1][1][0], change="deploy")
    _rolled(w, rec, 1, "ld-recommend 2.19.0 ready: model rank-v20261101 loaded ({s}s)", "SIGTERM received, draining")
    w.log(_t("11:00:10.441"), "ld-member", "INFO", MEMBER_CONFIG, instance=ROLLOUTS["ld-member"][0][1][0], change="config")


# --- Kubernetes state at 22:30 -------------------------------------------------------------------------
#: (service, revision, rolled out, change cause, image tag) of every Deployment
STEADY = (
    ("ld-gateway", 64, "2026-10-22T21:00:00+08:00", "release ld-gateway 4.11.2", "4.11.2"),
    ("ld-web", 121, "2026-11-01T13:15:30+08:00", "release ld-web 5.8.0 (pipeline #8812)", "5.8.0"),
    ("ld-feed", 97, "2026-11-01T18:20:10+08:00", "release ld-feed 4.8.1 (pipeline #8829)", "4.8.1"),
    ("ld-client-monitor", 18, "2026-10-15T20:00:00+08:00", "release ld-client-monitor 1.6.0", "1.6.0"),
    ("ld-cms", 142, "2026-11-01T17:50:10+08:00", "release ld-cms 5.3.0 (pipeline #8831)", "5.3.0"),
    ("ld-wire-ingest", 33, "2026-09-02T21:00:00+08:00", "release ld-wire-ingest 2.7.0", "2.7.0"),
    ("ld-flash", 29, "2026-11-01T13:40:10+08:00", "release ld-flash 2.4.0 (pipeline #8807)", "2.4.0"),
    ("ld-push", 77, "2026-11-01T20:40:10+08:00", "release ld-push 6.2.1 (pipeline #8837)", "6.2.1"),
    ("ld-comment", 58, "2026-10-27T21:00:00+08:00", "release ld-comment 3.5.1", "3.5.1"),
    ("ld-user", 103, "2026-11-01T14:55:10+08:00", "release ld-user 7.3.2 (pipeline #8819)", "7.3.2"),
    ("ld-live", 41, "2026-10-20T21:00:00+08:00", "release ld-live 3.0.4", "3.0.4"),
    ("ld-ads", 86, "2026-11-01T10:24:50+08:00", "JAVA_TOOL_OPTIONS -Djava.security.properties=/config/dns-ttl.security",
     "3.9.2"),
    ("ld-search", 47, "2026-10-12T21:00:00+08:00", "release ld-search 5.1.0", "5.1.0"),
    ("ld-search-indexer", 22, "2026-10-12T21:10:00+08:00", "release ld-search-indexer 2.2.3", "2.2.3"),
    ("ld-ai-summary", 2, "2026-11-01T21:20:10+08:00", "kubectl rollout restart (rocketmq.consumer.group=cg-ai-summary)",
     "1.0.0"),
    ("ld-recommend", 69, "2026-11-01T14:00:10+08:00", "release ld-recommend 2.19.0 (pipeline #8817)", "2.19.0"),
    ("ld-member", 24, "2026-10-19T21:00:00+08:00", "release ld-member 1.12.0", "1.12.0"),
    ("ld-ugc", 15, "2026-10-08T21:00:00+08:00", "release ld-ugc 2.0.7", "2.0.7"),
)
REGISTRY = "registry.ludaonews.local/prod"


def _deployment(w: WorldBuilder, service: str, revision: int, changed: str, cause: str, tag: str, replicas: int, ready: int,
                pods: tuple[str, ...] | list[str]) -> None:
    available = "True" if ready >= replicas else "False"
    w.deployment(namespace=NS, name=service, service=service, replicas=replicas, ready=ready, available=ready,
                 image=f"{REGISTRY}/{service}:{tag}", revision=revision, changed_at=dt.datetime.fromisoformat(changed),
                 change_cause=cause,
                 conditions=[condition("Available", available,
                                       "MinimumReplicasAvailable" if available == "True" else "MinimumReplicasUnavailable",
                                       "Deployment has minimum availability." if available == "True"
                                       else "Deployment does not have minimum availability."),
                             condition("Progressing", "True", "NewReplicaSetAvailable",
                                       f'ReplicaSet "{pods[0].rsplit("-", 1)[0]}" has successfully progressed.')],
                 observed_at=REFERENCE)


def k8s_state(w: WorldBuilder) -> None:
    for service, revision, changed, cause, tag in STEADY:
        pods = ROLLOUTS[service][-1][1]
        for pod in pods:
            w.pod(namespace=NS, name=pod, service=service, phase="Running", ready="1/1", restarts=0, last_termination=None,
                  waiting_reason=None, node=node_of(pod), observed_at=REFERENCE)
        _deployment(w, service, revision, changed, cause, tag, len(pods), len(pods), pods)
    # The transcoder: six pods on the c7 nodes, three crash-looping on the fallback node.
    runs = crash_times()
    for pod in TRANSCODE_PODS:
        if pod in ON_BAD_NODE:
            last = runs[pod][-1][1]
            w.pod(namespace=NS, name=pod, service="ld-transcode", phase="Running", ready="0/1", restarts=len(runs[pod]) - 1,
                  last_termination=termination("Error", 132, last), waiting_reason="CrashLoopBackOff", node=BAD_NODE,
                  observed_at=REFERENCE)
        else:
            w.pod(namespace=NS, name=pod, service="ld-transcode", phase="Running", ready="1/1", restarts=0,
                  last_termination=None, waiting_reason=None, node=node_of(pod), observed_at=REFERENCE)
    _deployment(w, "ld-transcode", 38, "2026-10-29T21:00:00+08:00", "release ld-transcode 6.2.0 (ffmpeg 7.1)", "6.2.0",
                len(TRANSCODE_PODS), 6, TRANSCODE_PODS)
    # Events are what the API server keeps for an hour after their last update: the crash loops on node-12.
    hour_ago = REFERENCE - dt.timedelta(hours=1)
    for pod in ON_BAD_NODE:
        starts = [start for start, _ in runs[pod]]
        crashes = [crash for _, crash in runs[pod]]
        w.event(type="Warning", reason="BackOff", object=f"Pod/{pod}",
                message=f"Back-off restarting failed container ffmpeg-worker in pod {pod}_{NS}",
                count=len(crashes) * 4 - 3, first_seen=crashes[0], last_seen=REFERENCE - dt.timedelta(seconds=37))
        recent = [s for s in starts if s >= hour_ago]
        if recent:
            w.event(type="Normal", reason="Pulled", object=f"Pod/{pod}",
                    message=f'Container image "{REGISTRY}/ld-transcode:6.2.0" already present on machine', count=len(starts),
                    first_seen=starts[0], last_seen=recent[-1])
            w.event(type="Normal", reason="Started", object=f"Pod/{pod}", message="Started container ffmpeg-worker",
                    count=len(starts), first_seen=starts[0], last_seen=recent[-1])
    w.event(type="Normal", reason="SuccessfulRescale", object="HorizontalPodAutoscaler/ld-transcode",
            message="New size: 9; reason: external metric transcode_queue_pending_jobs above target (kept, ready 6/9)",
            count=4, first_seen=_t("21:03:40"), last_seen=_t("22:18:40"))


# --- Metrics --------------------------------------------------------------------------------------------
BACKLOG: Keyframes = [(START, 30), (_t("03:00"), 4), (_t("09:00"), 20), (_t("15:12"), 40), (_t("15:40"), 140),
                      (_t("16:30"), 60), (_t("20:30"), 45), (_t("21:00"), 90), (_t("21:10"), 150), (_t("21:32"), 318),
                      (_t("22:00"), 470), (REFERENCE, 612)]


def build_metrics(w: WorldBuilder, quota: Keyframes, missing: Keyframes) -> None:
    at = w.at
    morning = [(at("05:50"), at("10:40"))]
    afternoon = [(at("12:00"), at("17:30"))]
    evening = [(at("17:30"), REFERENCE)]
    w.series("ad_exchange_timeouts_per_min", "ld-ads", "次",
             [(START, 0), (at("05:59"), 0), (at("06:05"), 18), (at("06:12"), 41), (at("07:30"), 540), (at("09:20"), 1310),
              (at("10:20"), 1180), (at("10:26"), 3), (at("10:30"), 0), (REFERENCE, 0)], start=START, fine=morning, spread=6,
             digits=0, threshold=30, exchange="JLX")
    w.series("ad_fill_rate", "ld-ads", "%",
             [(START, 95.8), (at("06:00"), 96.1), (at("06:10"), 31.4), (at("08:31"), 30.2), (at("08:35"), 47.6),
              (at("10:25"), 46.9), (at("10:30"), 95.7), (REFERENCE, 96.0)], start=START, fine=morning, spread=1.2, digits=1,
             exchange="JLX")
    w.series("flash_wire_items_skipped_per_30m", "ld-flash", "条",
             [(START, 0), (at("13:59"), 0), (at("14:30"), 5), (at("14:31"), 9), (at("15:30"), 11), (at("16:00"), 22),
              (at("16:45"), 19), (at("16:47"), 0), (REFERENCE, 0)], start=START, fine=afternoon, spread=1, digits=0,
             threshold=5, source="GNW")
    w.series("feed_ios_parse_errors_per_5m", "ld-feed", "次",
             [(START, 0), (at("15:26"), 0), (at("15:30"), 960), (at("15:34"), 1840), (at("16:00"), 6120), (at("16:30"), 5480),
              (at("16:34"), 40), (at("16:40"), 0), (REFERENCE, 0)], start=START, fine=afternoon, spread=30, digits=0,
             threshold=500, platform="ios")
    w.series("push_messages_sent_per_min", "ld-push", "条",
             [(START, 1200), (at("07:59"), 900), (at("08:01"), 9_100_000), (at("08:03"), 2_400_000), (at("08:06"), 3000),
              (at("12:29"), 2500), (at("12:31"), 27_300_000), (at("12:33"), 7_100_000), (at("12:36"), 2600),
              (at("15:17"), 3100), (at("15:19"), 27_350_000), (at("15:21"), 7_300_000), (at("15:24"), 4000),
              (at("16:09"), 3600), (at("16:11"), 27_400_000), (at("16:13"), 7_200_000), (at("16:16"), 3900),
              (at("18:59"), 3000), (at("19:01"), 9_130_000), (at("19:03"), 2_500_000), (at("19:06"), 2800), (REFERENCE, 1500)],
             start=START, fine=[(at("07:55"), at("08:10")), (at("12:25"), at("12:40")), (at("15:15"), at("15:30")),
                                (at("16:05"), at("16:20")), (at("18:55"), at("19:10"))], digits=0)
    w.series("push_hms_reject_ratio", "ld-push", "%",
             [(START, 0.2), (at("19:00"), 0.3), (at("19:02"), HMS_REJECT_RATIO), (at("19:06"), 41.2), (at("19:20"), 39.9),
              (at("19:38"), 12.0), (at("19:40"), 0.4), (REFERENCE, 0.3)], start=START, fine=evening, spread=0.1, digits=1,
             threshold=10, channel="HMS")
    w.series("transcode_queue_pending_jobs", "ld-transcode", "个", BACKLOG, start=START, fine=evening, spread=4, digits=0,
             threshold=300)
    w.series("live_rebuffer_ratio", "ld-live", "%", REBUFFER, start=START, fine=afternoon, spread=0.3, digits=1, threshold=5,
             channel="LIVE-1101-EQ")
    w.series("live_segment_duration_max_seconds", "ld-live", "秒",
             [(START, 4.0), (at("15:40"), 4.0), (at("15:41"), 10.0), (at("16:52"), 10.0), (at("16:53"), 4.0),
              (REFERENCE, 4.0)], start=START, fine=afternoon, digits=1, threshold=6, channel="LIVE-1101-EQ")
    w.series("user_service_requests_per_sec", "ld-user", "次/秒", USER_RPS, start=START, fine=afternoon, spread=120, digits=0)
    w.series("user_service_error_ratio", "ld-user", "%",
             [(START, 0.1), (at("15:36"), 0.2), (at("15:41"), 7.9), (at("16:00"), 18.6), (at("16:12"), 23.4),
              (at("16:48"), 19.0), (at("16:52"), 0.6), (at("17:00"), 0.1), (REFERENCE, 0.1)], start=START, fine=afternoon,
             spread=0.3, digits=1, threshold=5)
    w.series("comment_user_rpc_timeouts_per_min", "ld-comment", "次",
             [(START, 0), (at("15:35"), 2), (at("15:40"), 1900), (at("16:12"), 10400), (at("16:48"), 9100), (at("16:50"), 6),
              (REFERENCE, 0)], start=START, fine=afternoon, spread=40, digits=0)
    w.series("cdn_origin_requests_per_sec", "ld-cdn", "次/秒", ORIGIN, start=START, fine=afternoon, spread=60, digits=0,
             threshold=5000, domain="www.ludaonews.com")
    w.series("cdn_hit_ratio", "ld-cdn", "%",
             [(START, 95.2), (at("13:15"), 95.0), (at("13:20"), 17.8), (at("16:17"), 16.9), (at("16:20"), 94.6),
              (at("20:10"), 94.9), (at("20:15"), 81.2), (at("21:10"), 82.0), (at("21:15"), 95.1), (REFERENCE, 95.3)],
             start=START, fine=afternoon, spread=0.6, digits=1, domain="www.ludaonews.com")
    w.series("web_ssr_p99_latency", "ld-web", "ms",
             [(START, 180), (at("13:20"), 240), (at("15:12"), 260), (at("15:20"), 2400), (at("15:25"), 4210),
              (at("15:45"), 9800), (at("16:18"), 9100), (at("16:22"), 300), (REFERENCE, 190)], start=START, fine=afternoon,
             spread=40, digits=0, threshold=3000)
    w.series("cms_purge_failures_per_10m", "ld-cms", "次",
             [(START, 0), (at("18:21"), 0), (at("18:32"), 31), (at("18:40"), 46), (at("19:30"), 29), (at("20:30"), 22),
              (at("21:05"), 21), (at("21:07"), 0), (REFERENCE, 0)], start=START, fine=evening, spread=2, digits=0, threshold=10)
    w.series("cdn_refresh_url_remaining", "ld-cms", "条", quota, start=START, fine=evening, digits=0)
    w.series("search_index_missing_articles", "ld-search", "篇", missing, start=START, fine=evening, digits=0, threshold=50)
    w.series("oss_put_error_ratio", "ld-ugc", "%",
             [(START, 0.0), (at("15:48"), 0.0), (at("15:52"), 6.1), (at("15:56"), 9.4), (at("16:01"), 0.3), (at("16:04"), 0.0),
              (REFERENCE, 0.0)], start=START, fine=afternoon, spread=0.05, digits=1, threshold=2)
    w.series("node_cpu_percent", "ld-dw", "%",
             [(START, 12), (at("00:55"), 14), (at("01:00"), 92.3), (at("01:30"), 94.0), (at("01:50"), 20), (REFERENCE, 11)],
             start=START, fine=[(at("00:40"), at("02:00"))], spread=2, digits=1, threshold=85, instance="dw-etl-01")
    for service, p99, threshold in (("ld-recommend", 110, 800), ("ld-member", 60, 1000)):
        w.series("http_5xx_ratio", service, "%", [(START, 0.02), (at("15:30"), 0.14), (at("17:00"), 0.06), (REFERENCE, 0.03)],
                 start=START, spread=0.02, digits=2, threshold=2)
        w.series("http_p99_latency", service, "ms", [(START, p99 - 30), (at("15:30"), p99 + 150), (at("17:00"), p99 + 20),
                                                     (REFERENCE, p99)], start=START, spread=10, digits=0, threshold=threshold)


# --- Runbooks (the company's wiki, as the teams wrote them) ------------------------------------------------
RUNBOOKS: list[tuple[str, str, str]] = [
    ("runbooks/web/origin-overload.md", "网站回源过载处理手册", runbook(
        "网站回源过载处理手册", "适用于 ld-web 延迟升高、CDN 回源暴涨、文章页 504。",
        ["CdnOriginTrafficHigh：回源请求超过 5000 次/秒", "WebSsrLatencyHigh：SSR p99 超过 3000ms"],
        ["看 CDN 命中率是否下降、哪些路径 MISS 以及 MISS 的原因（不可缓存、过期、刷新）。",
         "查 ld-web 最近的发布与依赖变化：响应头（Cache-Control、Set-Cookie、Vary）是否改变。"],
        ["响应变得不可缓存（带 Set-Cookie、no-store、Vary 变化）。", "热点事件流量超过源站容量。", "CDN 规则误改。"],
        ["恢复可缓存的响应头或在 CDN 上忽略 Set-Cookie 缓存文章页；源站临时扩容。"])),
    ("runbooks/flash/missing-wire.md", "快讯缺稿处理手册", runbook(
        "快讯缺稿处理手册", "适用于 ld-flash 快讯栏缺少某个通讯社的稿件。",
        ["FlashWireStaleSkipsHigh：因稿件过旧跳过超过 5 条/30分钟"],
        ["看 ld-wire-ingest 是否收到该通讯社的稿件，pubDate 的解析结果与实际时间是否一致。",
         "看 ld-flash 跳过稿件的原因（过旧、重复、来源关闭）。"],
        ["通讯社稿件时间解析错误（时区、夏令时）。", "通讯社接口中断。", "来源开关被关闭。"],
        ["修正时间解析（按时区名而不是固定偏移）后重新评估最近的稿件。"])),
    ("runbooks/feed/client-parse.md", "客户端信息流解析失败处理手册", runbook(
        "客户端信息流解析失败处理手册", "适用于 App 首页加载失败、客户端监控报接口解析错误。",
        ["FeedClientParseErrorsHigh：客户端信息流解析失败超过 500 次/5分钟"],
        ["看失败是否只在某个平台、某个版本、某个频道。", "抓取失败的接口响应，检查 JSON 是否合法、编码是否正确。",
         "对照失败开始的时间查最近发布的稿件与 ld-feed 的发布。"],
        ["接口返回了某个平台解析不了的内容（非法字符、编码问题）。", "接口字段类型变化。"],
        ["下线或修改有问题的稿件标题；修复服务端的截断与编码后发布。"])),
    ("runbooks/push/duplicate.md", "推送重复与到达异常处理手册", runbook(
        "推送重复与到达异常处理手册", "适用于 ld-push 用户重复收到推送、厂商通道拒收。",
        ["PushChannelRejectsHigh：厂商通道拒收率超过 10%"],
        ["看同一活动被几个调度实例发送（抢锁日志、回执数 / 目标设备数）。",
         "查推送分布式锁的配置（租期、单位）最近是否变更。", "拒收：看厂商返回码，是否频控。"],
        ["分布式锁租期过短，多个实例重复发送。", "厂商频控（资讯营销类单设备每日上限）。"],
        ["恢复锁租期配置；向厂商申请消息分类或提额。"])),
    ("runbooks/video/transcode-crash.md", "转码 Pod 崩溃处理手册", runbook(
        "转码 Pod 崩溃处理手册", "适用于 ld-transcode Pod CrashLoopBackOff、转码队列积压。",
        ["KubePodCrashLooping：Pod 处于 CrashLoopBackOff", "TranscodeQueueBacklogHigh：转码队列积压超过 300 个"],
        ["看崩溃的 Pod 在哪些节点，是否只在部分节点；看退出码（137 内存、132 非法指令、139 段错误）。",
         "查节点的机型与 CPU 指令集，查 cluster-autoscaler 最近加入的节点。"],
        ["镜像依赖的 CPU 指令集在部分机型上没有。", "内存不足被杀。", "源文件损坏。"],
        ["cordon 并排空问题节点，从节点池去掉不兼容的机型；或使用通用指令集构建的镜像。"])),
    ("runbooks/live/stutter.md", "直播卡顿处理手册", runbook(
        "直播卡顿处理手册", "适用于 ld-live 直播卡顿率升高。",
        ["LiveRebufferRatioHigh：直播卡顿率超过 5%"],
        ["看分片时长是否超过目标时长（EXT-X-TARGETDURATION），编码器关键帧间隔。", "看推流码率与 CDN 带宽。"],
        ["编码模板的关键帧间隔与打包分片时长不匹配。", "推流网络抖动。", "CDN 节点故障。"],
        ["把频道切到关键帧间隔不超过分片时长的模板，重启编码器。"])),
    ("runbooks/ads/fill-rate.md", "广告填充率下降处理手册", runbook(
        "广告填充率下降处理手册", "适用于 ld-ads 某个 ADX 填充率下降、竞价超时。",
        ["AdExchangeTimeoutsHigh：ADX 竞价超时超过 30 次/分钟"],
        ["看超时是否集中在某些 Pod、连的是哪个 IP，与 ADX 当前的解析是否一致。", "查 ADX 的公告（迁移、维护）。"],
        ["ADX 迁移地址而服务还连旧地址（DNS 缓存）。", "ADX 故障。", "底价设置过高。"],
        ["确认 JVM 的 DNS 缓存设置后重启 Pod；底价问题回滚配置。"])),
    ("runbooks/user/dubbo-exhausted.md", "用户中心线程池打满处理手册", runbook(
        "用户中心线程池打满处理手册", "适用于 ld-user Dubbo 线程池 EXHAUSTED、登录失败。",
        ["UserServiceErrorRateHigh：用户中心错误率超过 5%"],
        ["看请求量与调用方分布（provider stats），是否某个消费方的调用量异常放大。",
         "查调用方最近的超时与重试配置变更。"],
        ["调用方重试放大（重试次数多、超时短、无退避）。", "慢查询拖慢线程。", "流量突增。"],
        ["调用方关闭或减少重试、放宽超时；必要时对调用方限流。"])),
    ("runbooks/cms/purge-failed.md", "CDN 刷新失败处理手册", runbook(
        "CDN 刷新失败处理手册", "适用于 ld-cms 发布后 CDN 刷新失败、网页仍是旧内容。",
        ["CmsPurgeFailuresHigh：CDN 刷新失败超过 10 次/10分钟"],
        ["看刷新接口的返回码：配额、鉴权、限流。", "查 CDN 厂商的配额与公告。"],
        ["刷新配额用尽。", "刷新接口鉴权失败。"],
        ["临时缩短文章页缓存 TTL，向厂商申请提额后补刷失败的 URL。"])),
    ("runbooks/search/index-gap.md", "搜索索引缺失处理手册", runbook(
        "搜索索引缺失处理手册", "适用于 ld-search 对账发现已发布稿件未入索引。",
        ["SearchIndexGapHigh：索引缺失已发布稿件超过 50 篇"],
        ["看 ld-search-indexer 的消费与队列分配（rebalance），缺失的稿件在哪些队列。",
         "查消费组里的消费者与订阅关系是否一致（broker 的 subscription 日志）。"],
        ["同一消费组里的消费者订阅不一致，部分队列的消息被过滤。", "索引器写入失败。"],
        ["新服务使用独立的消费组；从 CMS 回补缺失的稿件。"])),
    ("runbooks/studio/prompter.md", "演播室提词器故障处理手册", runbook(
        "演播室提词器故障处理手册", "适用于演播室提词器黑屏、滚动卡顿。",
        ["PrompterOffline"], ["看提词器电源与网线。"], ["提词器死机。", "网络中断。"], ["重启提词器，检查网线。"])),
    ("runbooks/studio/sdi.md", "演播室 SDI 信号中断处理手册", runbook(
        "演播室 SDI 信号中断处理手册", "适用于导播台某路 SDI 输入无信号。",
        ["SdiSignalLost"], ["看信号灯与线缆。"], ["线缆松动或损坏。"], ["更换 SDI 线缆，切换备用输入。"])),
    ("runbooks/cdn/cert.md", "CDN 证书续期手册", runbook(
        "CDN 证书续期手册", f"适用于 {IMG_HOST} 等 CDN 域名证书即将到期。",
        ["SslCertificateExpiringSoon：证书 14 天内到期"], ["确认续期工单与排期。"], ["证书到期。"],
        ["按工单续期并上传到 CDN。"])),
]


def build_bundle(seed: int = SEED) -> Json:
    w = WorldBuilder(seed=seed, day=DAY, tz=TZ, reference=REFERENCE, instances=INSTANCES,
                     labels={"env": "prod", "cluster": "ld-prod", "region": "cn-east-2"})
    for service, (make, every) in NOISE.items():
        w.noise(service, make, START, every_s=every, quiet=QUIET.get(service, ()))
    ads_dns(w)
    wire_dst(w)
    feed_emoji(w)
    push_lease(w)
    transcode_sigill(w)
    live_gop(w)
    retry_storm(w)
    cdn_cookie(w)
    quota = cms_purge(w)
    missing = search_mq(w)
    other_events(w)
    k8s_state(w)
    build_metrics(w, quota, missing)
    documents = [{"title": title, "source": source, "content": content} for source, title, content in RUNBOOKS]
    return w.bundle(name="LuDao 鹭岛传媒 2026-11-01", services=SERVICES, documents=documents)


# --- Questions ---------------------------------------------------------------------------------
#: Each incident's own words: in another incident's answer, a misattribution.
FAMILY = {
    "dns": ("networkaddress.cache.ttl", "203.0.113.10"),
    "dst": ("tz-offset", "America/New_York"),
    "emoji": ("surrogate", EMOJI_ARTICLE),
    "lease": ("lock-lease", "PT0.03S"),
    "sigill": ("SIGILL", "x86-64-v3"),
    "gop": ("keyint=500", "sports-1080p50"),
    "retry": ("userQueryService.retries", "Tried 5 times"),
    "cookie": ("Set-Cookie", "abkit"),
    "purge": ("QuotaExceeded", "UrlQuota"),
    "mq": ("cg-article-published", "ld-ai-summary"),
}
#: The remedies of the runbooks for problems that did not happen.
UNRELATED_REMEDIES = ("重启提词器", "更换 SDI 线缆")
FIRING = ("KubePodCrashLooping", "TranscodeQueueBacklogHigh", "SslCertificateExpiringSoon")
INCIDENT_WORDS = tuple(word for words in FAMILY.values() for word in words)


def _not(*own: str, told: tuple[str, ...] = ()) -> tuple[str, ...]:
    """The other incidents' words, plus the unrelated runbooks' remedies — less ``told``: another incident's words the
    asked service itself logs (the CMS published the breaking story whose title broke the iOS feed), which name no
    misattribution when an answer quotes them."""
    return tuple(word for family, words in FAMILY.items() if family not in own for word in words
                 if word not in told) + UNRELATED_REMEDIES


QUESTIONS: tuple[WorldQuestion, ...] = (
    WorldQuestion(
        "media_web_origin_cause",
        "下午地震消息一出来，网站的文章页就大面积打不开，报 504，App 那边倒是好好的，网站这是怎么了？", "cause",
        asked_facts=(fact("504", "origin timeout", "回源超时"),),
        cause_facts=(fact("Set-Cookie", "ab_uid", "cookie"),
                     fact("abkit", "3.0.1", "5.8.0", "uncacheable", "不缓存", "命中率")),
        forbidden=_not("cookie"), service="ld-web",
        diagnosis="13:15 ld-web 发布 5.8.0，依赖升级把 @ludao/abkit 从 2.9.4 升到 3.0.1，新版在每个 SSR 响应上下发 ab_uid "
                  "cookie（Set-Cookie）→ 星云CDN 不缓存带 Set-Cookie 的响应，文章页全部 MISS，命中率 95% → 17%；周日下午的回源量"
                  "源站还扛得住，15:12 地震后流量暴涨，回源最高 18420 次/秒（15:44），SSR 事件循环卡顿，CDN 回源 10 秒超时报 504。"
                  "16:18 CDN 规则忽略 Set-Cookie 缓存文章页后恢复，16:40 abkit.cookie-mode 改成 client。14:45 的 /live/* CDN 规则"
                  "不是原因",
    ),
    WorldQuestion(
        "media_flash_wire_cause",
        "下午两点以后，GNW 的外电一条都没进快讯栏，华通社的都正常，CMS 里也能看到外电稿，快讯这边怎么回事？", "cause",
        asked_facts=(fact("not eligible for 快讯", "flash.max-age", "skipped", "跳过"),),
        cause_facts=(fact("-04:00", "tz-offset", "固定偏移", "时区"),
                     fact("夏令时", "DST", "daylight", "EST", "America/New_York")),
        forbidden=_not("dst"), service="ld-flash",
        diagnosis="没有人改动：11-01 纽约在当地 02:00 结束夏令时（北京时间 14:00），EDT -04:00 变成 EST -05:00；ld-wire-ingest "
                  "按 wire.gnw.tz-offset=-04:00 固定偏移解析 GNW 不带时区的 pubDate → 14:00 起每条 GNW 稿件都早了一小时，"
                  "快讯栏算出的稿龄超过 flash.max-age 60 分钟而跳过；华通社稿件带 +08:00 不受影响。16:45 改成 "
                  "wire.gnw.zone=America/New_York 后恢复并重新评估。13:40 的 ld-flash 2.4.0 发布不是原因",
    ),
    WorldQuestion(
        "media_feed_ios_cause",
        "三点半左右开始，好多 iPhone 用户说首页刷不出来，一直提示加载失败，安卓的没事，信息流这边怎么回事？", "cause",
        asked_facts=(fact("3840", "Missing low code point", "加载失败"),),
        cause_facts=(fact("surrogate", "代理对", "UTF-16", "截断", "truncated"),
                     fact("🔴", "emoji", "表情", EMOJI_ARTICLE)),
        forbidden=_not("emoji"), service="ld-feed",
        diagnosis=f"15:26 editor_sunmin 发布置顶突发稿 {EMOJI_ARTICLE}，标题 '{BREAKING_TITLE}' 的 🔴 正好落在第 19–20 个 UTF-16 "
                  "单元，信息流把卡片短标题截到 20 个 UTF-16 单元，把 emoji 的代理对（surrogate pair）截成一半，要闻第一页的 JSON "
                  "里出现孤立的高位代理 → iOS 的 NSJSONSerialization 整页解析失败（Code=3840 Missing low code point in surrogate "
                  "pair），安卓能解析。16:32 改标题后恢复，18:20 发布 4.8.1 按码点截断。14:10 的 4.8.0 发布不是原因",
    ),
    WorldQuestion(
        "media_push_triple_cause",
        "下午地震那条突发推送，好多用户投诉同一条收到了三遍，华为小米苹果都有，推送服务怎么了？", "cause",
        asked_facts=(fact("3.00 per device", "三次", "三遍", "3 次", "重复"),),
        cause_facts=(fact("lock-lease", "PT0.03S", "30 毫秒", "30ms", "租期"),
                     fact("push_dev_yaoqian", "old=30s new=30", "毫秒", "单位")),
        forbidden=_not("lease"), service="ld-push",
        diagnosis="12:10 push_dev_yaoqian 把 push.dispatch.lock-lease 从 30s 改成 30（配置统一为数值），被当作毫秒读取，锁租期 "
                  "PT0.03S → 活动的调度锁在另外两个副本来抢之前就过期，三个副本都发送：12:30 午间要闻、15:18 地震突发、16:10 "
                  "地震最新都是每台设备 3.00 条；到 19:00 的推送时华为 HMS 有 38.5% 的设备超过资讯营销类每日频控被拒收（80300010）。"
                  "17:05 改回 30s。14:30 的小米 QPS 配置不是原因",
    ),
    WorldQuestion(
        "media_transcode_stuck_cause",
        "从晚上九点多到现在，记者刚传上来的视频一直显示“转码中”，转码那边怎么了？", "cause",
        asked_facts=(fact("SIGILL", "Illegal instruction", "132", "CrashLoopBackOff"),),
        cause_facts=(fact(BAD_NODE, "node-12", "12 节点", "新节点"),
                     fact("AVX2", "avx2", "x86-64-v3", "ecs.c3", "E5-2680 v2", "指令集")),
        forbidden=_not("sigill"), service="ld-transcode",
        diagnosis="21:03 转码 HPA 扩到 9 个，三个 Pod 无处调度；21:04 cluster-autoscaler 给 np-transcode 扩容，c7、c6 库存不足，"
                  f"退到备选机型 ecs.c3.4xlarge（Ivy Bridge E5-2680 v2，没有 AVX2），加入 {BAD_NODE}；转码镜像 6.2.0 按 x86-64-v3 "
                  "构建 → 调度到这台节点的三个 Pod 一跑 ffmpeg 就 SIGILL（Illegal instruction，退出码 132）、CrashLoopBackOff，"
                  "拿到的任务被重新排队，其余 6 个 Pod 正常但处理不过来，队列积压到现在（TranscodeQueueBacklogHigh、"
                  "KubePodCrashLooping 仍在告警）。20:50 的缩略图配置不是原因",
    ),
    WorldQuestion(
        "media_ads_fill_cause",
        "早上开屏和信息流广告好多是空的，聚量那边的填充率掉了一大半，广告服务怎么了？", "cause",
        asked_facts=(fact("timed out", "超时", "AdExchangeTimeoutsHigh"),),
        cause_facts=(fact("203.0.113.10", "旧地址", "旧入口", "198.51.100.24", "JLX-NT-20261030"),
                     fact("networkaddress.cache.ttl", "DNS 缓存", "cache.ttl=-1", "缓存 DNS")),
        forbidden=_not("dns"), service="ld-ads",
        diagnosis="聚量AdX 02:00 把 bid.jlx-adx.com 解析切到新机房 198.51.100.24，06:00 关掉旧入口 203.0.113.10（公告 "
                  "JLX-NT-20261030）；ld-ads 的 JVM 按安全基线 networkaddress.cache.ttl=-1 永久缓存 DNS，10-28 启动的三个 Pod "
                  "一直连旧地址 → 06:00 起竞价连接超时、广告位空着，填充率 96% → 30% 左右；08:31 HPA 扩出的 Pod 解析到新地址，"
                  "竞价正常。10:25 覆盖 java.security（ttl 60）并滚动重启后恢复。08:05 的底价配置不是原因",
    ),
    WorldQuestion(
        "media_user_login_cause",
        "下午四点前后 App 登录一直转圈，好多人登不上，提示“服务繁忙，请稍后再试”，这是怎么回事？", "cause",
        asked_facts=(fact("EXHAUSTED", "thread pool is exhausted", "线程池", "503"),),
        cause_facts=(fact("ld-comment", "评论"),
                     fact("retries", "Tried 5 times", "重试", "userQueryService.retries")),
        forbidden=_not("retry"), service="ld-user",
        diagnosis="13:40 comment_dev_liyang 为评论头像偶发缺失（TK-5521）把 dubbo.reference.userQueryService.retries 从 0 改成 4，"
                  "超时 300ms → 15:36 起地震评论量上来，batchGet 超过 300ms 后每次都重试到 5 次 → ld-user 的请求最高 31846 次/秒"
                  "（16:12），Dubbo 线程池 EXHAUSTED（400/400），网关上登录和资料接口 503。16:48 重试改回 0、超时 800ms 后恢复。"
                  "14:55 的 ld-user 7.3.2 发布不是原因",
    ),
    WorldQuestion(
        "media_cms_stale_pages_cause",
        "晚上六点半以后编辑更正过的稿子，网页上看还是旧的受伤人数，App 里已经是新的了，CMS 发布这边怎么回事？", "cause",
        asked_facts=(fact("QuotaExceeded", "purge", "刷新失败"),),
        cause_facts=(fact("10000", "UrlQuota", "刷新配额", "配额"),
                     fact("XYCDN-NT-2026-041", "星云CDN", "100000")),
        forbidden=_not("purge", told=(EMOJI_ARTICLE,)), service="ld-cms",
        diagnosis="星云CDN 从 11-01 起把每日 URL 刷新配额从 100000 降到 10000（公告 XYCDN-NT-2026-041）；CMS 每次发布或更正刷新 12 "
                  "个 URL，地震后的大量更新在 18:22 用完当天配额 → 之后每次刷新都返回 QuotaExceeded，网页文章页按 3600 秒 TTL "
                  "继续显示旧内容，App 不经 CDN 缓存所以是新的。20:10 文章页 TTL 临时改 60 秒，21:05 厂商提额后补刷失败的 URL。"
                  "17:50 的 ld-cms 5.3.0 发布不是原因",
    ),
    WorldQuestion(
        "media_origin_rps_quantity", "下午网站回源最高冲到每秒多少次请求？", "quantity",
        asked_facts=(fact(str(ORIGIN_PEAK), "18,420"),), forbidden=_not("cookie"), service="ld-cdn",
        peak=Peak("ld-cdn", "cdn_origin_requests_per_sec", ORIGIN_PEAK),
        diagnosis="cdn_origin_requests_per_sec 峰值 18420 次/秒（15:44）；CdnOriginTrafficHigh 触发时的 6150 次/秒不是峰值。起因是 "
                  "ld-web 5.8.0 的 abkit 3.0.1 给每个响应加 Set-Cookie，CDN 不再缓存文章页",
    ),
    WorldQuestion(
        "media_live_rebuffer_quantity", "地震直播下午卡顿率最高到过多少？", "quantity",
        asked_facts=(fact(str(REBUFFER_PEAK), "38.6%"),), forbidden=_not("gop"), service="ld-live",
        peak=Peak("ld-live", "live_rebuffer_ratio", REBUFFER_PEAK),
        diagnosis="live_rebuffer_ratio 峰值 38.6%（16:21）；LiveRebufferRatioHigh 触发时的 12.4% 不是峰值。起因是 15:38 "
                  "live_ops_heyu 用体育模板 sports-1080p50（keyint=500，10 秒一个关键帧）开地震直播频道，打包目标 4 秒分片，"
                  "实际分片 10 秒；16:52 切到 news-1080p25 后恢复",
    ),
    WorldQuestion(
        "media_user_rps_quantity", "下午用户中心的请求量最高到了每秒多少？", "quantity",
        asked_facts=(fact(str(USER_RPS_PEAK), "31,846"),), forbidden=_not("retry"), service="ld-user",
        peak=Peak("ld-user", "user_service_requests_per_sec", USER_RPS_PEAK),
        diagnosis="user_service_requests_per_sec 峰值 31846 次/秒（16:12），平时约 5000–8000；告警 UserServiceErrorRateHigh 报的是"
                  "错误率 7.9%。放大来自 ld-comment 的 Dubbo 重试（retries 4，超时 300ms）",
    ),
    WorldQuestion(
        "media_search_alert_existence", "搜索今天报过警没有？晚上编辑说刚发的稿子有一半搜不到。", "existence",
        asked_facts=(fact("SearchIndexGapHigh"),),
        cause_facts=(fact("cg-article-published", "消费组", "subscription", "订阅"),
                     fact("ld-ai-summary", "ai-summary", "AI 摘要")),
        forbidden=_not("mq"), service="ld-search",
        diagnosis="报过：SearchIndexGapHigh 19:35 触发、21:40 恢复。19:05 新服务 ld-ai-summary 首次上线，沿用了索引器的消费组 "
                  "cg-article-published 却只订阅 video → 同组订阅不一致，rebalance 把 article-published 的队列 0–3 分给它，这些"
                  "队列上的 article 消息没人索引，约一半新稿搜不到；21:20 改用独立的 cg-ai-summary，21:32 回补缺失稿件。18:50 的"
                  "同义词配置不是原因",
    ),
    WorldQuestion(
        "media_recommend_healthy", "推荐下午上了新模型，现在有没有报错或者告警？", "existence",
        asked_facts=(HEALTHY,), forbidden=INCIDENT_WORDS, service="ld-recommend", healthy=True,
        diagnosis="没有：只有推荐接口与召回排序的 INFO 和特征获取慢的 WARN，5xx 最高约 0.14%（阈值 2%），p99 远低于 800ms，"
                  "无告警；14:00 的 2.19.0 发布与各故障无关",
    ),
    WorldQuestion(
        "media_member_healthy", "会员订阅那边今天有没有出什么问题？", "existence",
        asked_facts=(HEALTHY,), forbidden=INCIDENT_WORDS, service="ld-member", healthy=True,
        diagnosis="没有告警；5xx 远低于阈值 2%，p99 远低于 1000ms；11:00 续费提醒天数的配置之后只有权益查询、续费与提醒",
    ),
    WorldQuestion(
        "media_alert_listing", "现在还有哪些告警没恢复？列一下。", "listing",
        asked_facts=tuple(fact(name) for name in FIRING), forbidden=("ld-recommend", "ld-member"),
        diagnosis="3 条：KubePodCrashLooping（21:25 起，ld-transcode 在 ld-k8s-node-12 上的 Pod SIGILL）、"
                  "TranscodeQueueBacklogHigh（21:32 起，转码队列积压）、SslCertificateExpiringSoon（img.ludaonews.com 证书 "
                  "2026-11-10 到期，续期已排期，与今天的故障无关）；其余告警都已恢复",
    ),
    WorldQuestion(
        "media_push_changes_listing", "推送服务今天都改了些什么？发版、改配置都算上。", "listing",
        asked_facts=(fact("push.dispatch.lock-lease", "lock-lease"), fact("push.channel.xiaomi.qps", "xiaomi.qps"),
                     fact("6.2.1")),
        forbidden=_not("lease"), service="ld-push",
        diagnosis="四次：12:10 push.dispatch.lock-lease 30s -> 30（毫秒，导致三副本重复推送）、14:30 push.channel.xiaomi.qps "
                  "3000 -> 5000、17:05 push.dispatch.lock-lease 改回 30s、20:40 发布 6.2.1（推送统计看板）",
    ),
)

WORLD = World(name=NAME, title="LuDao 鹭岛传媒（新闻媒体）", build=build_bundle, questions=QUESTIONS)
