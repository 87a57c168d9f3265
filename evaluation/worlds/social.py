"""World "social": 邻里圈 LinLi Circle, a neighbourhood social app (``ll-*`` services: Go, Java, Python and Node.js on
Kubernetes in Shanghai; Cassandra 4.0, MySQL 8.0, Elasticsearch 7.17, Kafka and a Ceph RGW object store on virtual
machines; an Envoy API gateway; nginx terminating the DM websockets; two GPU nodes for the moderation model), seen on
Saturday 2026-12-19 from 00:00 to the reference time 23:20 (+08:00): a quiet night, a Saturday of posting, and the
evening live event 邻里好声音 年度总决赛 (20:00–22:00, streamed by a live cloud, its chat carried by the DM gateway).
Nothing here was written for the offline agents; ten incidents of families neither the demo nor the other worlds
have, in ordinary noise:

(1) 01:30:00        ll-moderation: the trust-and-safety CronJob ``ll-moderation-spam-purge`` (batch SB-20261219-01)
                    removes the 412 806 posts of 2 140 banned spam accounts from every follower's timeline —
                    ``DELETE FROM feed.timeline WHERE user_id=? AND post_id=?``, 186 million row deletions until 04:52
    06:20–09:55     → the newest rows of many active users' partitions are tombstones (gc_grace_seconds 10 days): from
                    06:20 Cassandra warns ``Read 30 live rows and … tombstone cells``, from 07:05, with the morning's
                    traffic, reads abort (``Scanned over 100001 tombstones``) → ll-feed-service's home timeline fails
                    (``TOMBSTONE_OVERWHELM``), users get an empty or "hot posts" home page. 08:51 the DBA lowers
                    gc_grace_seconds to 3600 (repair done at 00:40) and runs ``nodetool garbagecollect`` node by node,
                    reads recover by 09:55, gc_grace back at 10:02. The 06:40 recall-size config of the feed is a decoy.
(2) 03:00:00        ll-search-service: the nightly CronJob ``ll-search-reindex`` (naming v2 since 12-18: ``posts-YYYYMMDD``)
                    builds ``posts-20261219``, which the index template ``posts_template`` (patterns ``posts_v*``) does
    04:12–10:46     not match → ``templates []``, dynamic mapping, standard analyzer instead of ik_max_word; 04:12:33 the
                    alias ``posts_search`` moves to it → Chinese queries (searched with ik_smart) find nothing, no error:
                    ``search_zero_result_ratio`` 3 % → 62.4 % at 08:41 (the alert fired at 57.9 %). 10:46 the alias is
                    moved back to ``posts_v20261218``, 10:52 the template pattern fixed. The 09:10 deploy 3.8.1 is a decoy.
(3) 10:11:48        ll-push-service: an iOS developer revokes the APNs auth key 8KXW3T2Q9M in the Apple Developer portal
                    ("清理未使用的 Key", IT-20261219-014) → every iOS push ``403 InvalidProviderToken``; Android is fine.
    10:11–11:38     11:37:40 a new key Q7D2M4R8XN is put into the secret ``apns-auth-key``. The 09:31 deploy 5.2.0 (HMS
                    Push Kit) is a decoy.
(4) 11:47:12        ll-ads-service: the ad operator adops_liting saves campaign CP-88231 with the targeting rule
                    ``content_regex '(.*(装修|家装|翻新|刷墙)+.*)+(报价|多少钱)$'`` → catastrophic backtracking in
    11:48–13:46     java.util.regex on post texts → request threads pinned, CPU 99 %, ad p99 2.4 s; the feed gives up after
                    80 ms and renders without ads (fill 92 % → 11 %). 13:38 the campaign is paused, 13:41 a rollout
                    restart frees the threads. The 11:20 pacing config push is a decoy.
(5) 02:40:11        ll-mysql-comment: the DBA's migration script ``comment_shard_expand.py`` creates ll_comment_06/07 on
                    the new instance ll-mysql-comment-04 (``character_set_server=utf8mb3``, the script has no charset
    14:00–16:06     clause); 13:58:31 the cut-over (shard rule v18) sends comments of posts created from 14:00 there →
                    every comment with a 4-byte emoji on a new post fails ``Incorrect string value: '\\xF0\\x9F…'``; old
                    posts are fine. 16:03:40 ``ALTER TABLE … CONVERT TO CHARACTER SET utf8mb4`` (2 s). The comment service's
                    13:20 deploy 6.4.0 is a decoy.
(6) 15:02:18        ll-im-edge: ops renew the ``im.linli.com`` certificate with the leaf only (``im.linli.com_public.crt``,
                    no GeoTrust CN RSA CA G1 intermediate, CHG-20261219-011) → Android clients (no AIA fetching) fail the
    15:02–17:26     handshake (nginx ``tlsv1 alert unknown ca``; the app's diagnostics ``Trust anchor for certification
                    path not found``), iOS reconnects fine; DM online connections −55 %. 17:25:40 the full chain is
                    deployed. The DM gateway's 14:35 deploy 4.9.0 is a decoy; the cause is on another service.
(7) 16:41:07        ll-media-upload: the Ceph RGW bucket ``ll-video-raw`` reaches its 200 TiB quota, 14.6 TiB of it the
                    parts of 412 883 multipart uploads that were never completed nor aborted (no lifecycle rule) →
    16:41–18:03     every video part upload ``QuotaExceeded`` (403), images (bucket ll-image) fine. 18:02 the quota is
                    raised to 260 TiB, 18:05 an AbortIncompleteMultipartUpload rule added. The 15:40 deploy 2.11.0 is a
                    decoy.
(8) 11:01           ll-growth-service (first incident): Aliyun SMS re-reviews the signature 【邻里圈】 and rejects it (the
                    power of attorney 授权委托书 expired 12-15) → invite registrations get no verification code
    11:02–13:19     (``isv.SMS_SIGNATURE_ILLEGAL``). 13:18:30 the signature is switched to 【邻里圈App】. The 10:30 deploy
                    7.5.0 is a decoy.
(9) 19:52:10        ll-growth-service (second incident): the operator yunying_xiaoyu creates the full-audience push
                    BT-20261219-0042 for the live final with the link ``https://growth-origin.linli.com/act/final2026``
    19:58–20:11     (the origin domain of the pre-release check, not the CDN's m.linli.com) → 6.3 M pushes in 159 s,
                    the opens go straight to the origin: ``origin_requests_per_sec`` ~60 → 21 436 at 20:02, the Next.js
                    pods saturate, the HPA hits 20/20, the gateway answers 504/503. 20:09 a gateway route redirects the
                    origin's /act/* to m.linli.com. The push service's 19:40 broadcast-qps config is a decoy.
(10) 20:17:33 → now ll-moderation-triton: on ll-gpu-node-02 both GPUs fall off the PCIe bus (``NVRM: Xid … 79``) → the two
                    Triton pods on that node stay Running but not ready (2/4); the pods on ll-gpu-node-01 are fine. With
    20:17–22:46     half the capacity during the live event ll-moderation's backlog (``mod_unscored_items``) reaches 48 712
                    at 21:24; posts stay 审核中. 20:41 the node is cordoned (vendor RMA tomorrow), 20:55 a text-only fast
                    path for trusted users; drained by 22:46. The 19:30 image-threshold config is a decoy. The node is
                    still broken.

Healthy: ll-relation-service (deploy 4.3.0 at 09:05 is a decoy) and ll-post-service (a rate-limit config at 19:20 is
a decoy) — INFO/WARN noise only, under their thresholds, no alert, no restart. Still firing at 23:20:
TLSCertificateExpiringSoon (admin.linli.com expires 12-28, unrelated, since 12-16), GPUXidErrorCritical and
ModerationInferencePodsNotReady. Kubernetes (event TTL 24 h on this cluster): every deployment and its pods with their
nodes, today's rollouts, the two CronJobs' runs, the growth HPA, the Triton readiness failures, the cordon.
Run ``python -m evaluation.worlds social`` to print the bundle.
"""

from __future__ import annotations

import datetime as dt
import functools
from typing import Any

from evaluation.worlds.common import (
    Json,
    WorldBuilder,
    clock_on,
    condition,
    interpolate,
    k8s_suffix,
    pod_names,
    replicaset_name,
)
from evaluation.worlds.spec import HEALTHY, Peak, World, WorldQuestion, fact

NAME = "social"
SEED = 20261219
TZ = dt.timezone(dt.timedelta(hours=8))
DAY = dt.date(2026, 12, 19)
START = dt.datetime(2026, 12, 19, 0, 0, tzinfo=TZ)
REFERENCE = dt.datetime(2026, 12, 19, 23, 20, tzinfo=TZ)
NS = "linli"
MONTH = "Dec"  # nginx's $time_local, independent of the locale

_t = functools.partial(clock_on, DAY, TZ)  # a clock on the world's day, for module-level constants


def cronjob_run(cronjob: str, clock: str) -> str:
    """The Job a CronJob creates: ``<cronjob>-<scheduled time in minutes since the epoch>``."""
    return f"{cronjob}-{int(_t(clock).timestamp()) // 60}"


# --- The lines the questions are about (the tests find each one in the bundle) ----------------
PURGE_JOB = cronjob_run("ll-moderation-spam-purge", "01:30")
PURGE_POD = f"{PURGE_JOB}-{k8s_suffix(PURGE_JOB, 5)}"
PURGE_START = ("spam-purge started: batch SB-20261219-01, 2140 accounts banned on 2026-12-18 (ring 'xq-dianzan', 412806 "
               "posts), strategy=delete-fanout: DELETE FROM feed.timeline WHERE user_id=? AND post_id=? for every follower "
               "of each banned author, consistency LOCAL_QUORUM, concurrency 64")
PURGE_DONE = ("spam-purge finished: batch SB-20261219-01, 2140 authors, 412806 posts, 186245114 timeline rows deleted in "
              "3h22m31s; post rows marked status=BANNED")
FEED_CONFIG = ("config reloaded: feed.rank.recall_size 800 -> 1000 (etcd /linli/feed/config rev 88412, by algo_wangjing, "
               "A/B exp-1207 full rollout)")
TOMBSTONE_WARN = ("WARN  [ReadStage-{n}] 2026-12-19 {clock},{ms:03d} ReadCommand.java:602 - Read 30 live rows and {cells} "
                  "tombstone cells for query SELECT * FROM feed.timeline WHERE user_id = {uid} LIMIT 30; token {token} "
                  "(see tombstone_warn_threshold)")
TOMBSTONE_ABORT = ("ERROR [ReadStage-{n}] 2026-12-19 {clock},{ms:03d} StorageProxy.java:2025 - Scanned over 100001 tombstones "
                   "during query 'SELECT * FROM feed.timeline WHERE user_id = {uid} LIMIT 30' (last scanned row token was "
                   "{token} and partion key was ({uid})); query aborted")
FEED_READ_FAILED = ("home timeline read failed uid={uid}: Operation failed - received 0 responses and 1 failures: "
                    "TOMBSTONE_OVERWHELM from /{ip}:7000 (consistency LOCAL_ONE); served fallback=hot_posts items=20")
CASS_TABLESTATS = ("cass_dba_zhouyi: nodetool tablestats feed.timeline on ll-cass-03 -> Average tombstones per slice (last "
                   "five minutes): 31842.6, Maximum tombstones per slice (last five minutes): 100001; the failing user_ids "
                   "all follow authors of spam-purge batch SB-20261219-01")
CASS_GC_GRACE = ("cass_dba_zhouyi: ALTER TABLE feed.timeline WITH gc_grace_seconds = 3600 (was 864000); last full repair of "
                 "keyspace feed finished 2026-12-19 00:40 (reaper run 4f2a9c1e), then nodetool garbagecollect feed timeline "
                 "node by node (DBA-20261219-05)")
CASS_GC_GRACE_BACK = ("cass_dba_zhouyi: ALTER TABLE feed.timeline WITH gc_grace_seconds = 864000 (restored after "
                      "garbagecollect on ll-cass-01..06, DBA-20261219-05)")

REINDEX_JOB = cronjob_run("ll-search-reindex", "03:00")
REINDEX_POD = f"{REINDEX_JOB}-{k8s_suffix(REINDEX_JOB, 5)}"
REINDEX_START = ("reindex started: job=posts-full target=posts-20261219 (index naming v2: posts-YYYYMMDD), source=mysql "
                 "ll_post.post status=PUBLISHED, bulk=5000, alias=posts_search")
ES_CREATE = ("[2026-12-19T03:00:05,311][INFO ][o.e.c.m.MetadataCreateIndexService] [es-master-2] [posts-20261219] creating "
             "index, cause [api], templates [], shards [6]/[1]")
ES_MAPPING = ("[2026-12-19T03:00:06,904][INFO ][o.e.c.m.MetadataMappingService] [es-master-2] [posts-20261219/Yk3qTnV0Rw2"
              "-hF8aZc1xPQ] create_mapping [_doc]")
REINDEX_SWAP = "alias posts_search switched: [posts_v20261218] -> [posts-20261219] (48213907 docs, 0 failed)"
SEARCH_DEPLOY = ("deploy finished: ll-search-service 3.8.1 (was 3.8.0) rolled out by ci-bot pipeline=#9821; changes: "
                 "suggestion ranking by neighbourhood, synonym dictionary 2026-12")
SEARCH_MAPPING_NOTE = ("search_oncall_gaoyu: GET posts-20261219/_mapping -> content {type=text, fields.keyword} (no analyzer: "
                       "standard); posts_v20261218 content analyzer=ik_max_word search_analyzer=ik_smart; index template "
                       "posts_template index_patterns [posts_v*] does not match posts-20261219")
SEARCH_ALIAS_BACK = ("POST /_aliases by search_oncall_gaoyu: posts_search remove [posts-20261219] add [posts_v20261218] "
                     "(rollback of the 04:12 swap)")
SEARCH_TEMPLATE_FIX = ("PUT _index_template/posts_template by search_oncall_gaoyu: index_patterns [posts_v*] -> [posts_v*, "
                       "posts-*]")
ZERO_PEAK = 62.4
ZERO_ALERT_VALUE = "57.9%"

PUSH_DEPLOY = ("deploy finished: ll-push-service 5.2.0 (was 5.1.3) rolled out by ci-bot pipeline=#9826; changes: HMS Push "
               "Kit v6 (Android), vivo channel receipt callbacks")
APNS_REJECT = ("APNs rejected notification apnsId={apns_id} token=…{token} topic=com.linli.circle type={kind} status=403 "
               "reason=InvalidProviderToken")
APNS_KEY_NOTE = ("oncall_push_heqiang: Apple Developer > Certificates, Identifiers & Profiles > Keys: 8KXW3T2Q9M 'LinLi "
                 "APNs Prod' status Revoked (Dec 19, 2026 10:11 by zhangyu@linli.com, 清理未使用的 Key 工单 "
                 "IT-20261219-014); the key is the one ll-push-service signs provider tokens with")
APNS_KEY_SWAP = ("secret apns-auth-key updated by oncall_push_heqiang: keyId 8KXW3T2Q9M -> Q7D2M4R8XN (AuthKey_Q7D2M4R8XN.p8, "
                 "teamId 7QX3K8LM2D), push-server signer reloaded")
PUSH_QPS_CONFIG = ("[apollo] config changed: appId=ll-push-service namespace=application key=push.broadcast.qps old=20000 "
                   "new=40000 operator=push_ops_liuyan (live final tonight)")
BROADCAST_START = ("broadcast task BT-20261219-0042 started: audience=6312554 devices (all_active_30d), qps=40000, "
                   "title='邻里好声音总决赛 20:00 开播！邀请好友助力赢大奖', payload.url=https://growth-origin.linli.com/act/"
                   "final2026?from=push")

ADS_CONFIG = ("[apollo] config changed: appId=ll-ads-service namespace=application key=ads.pacing.interval-seconds old=60 "
              "new=30 operator=ads_dev_mengfan")
ADS_CAMPAIGN = ("campaign saved CP-88231 '冬季家装节-本地装修' by adops_liting: budget=30000 CNY/day, bid=oCPM, "
                "targeting.city=上海, targeting.content_regex='(.*(装修|家装|翻新|刷墙)+.*)+(报价|多少钱)$', status=ACTIVE")
ADS_SLOW = ("slow targeting evaluation campaign=CP-88231 rule=content_regex post_id={pid} text_len={n} took={took}ms "
            "thread=http-nio-8080-exec-{thread}")
ADS_JSTACK = ("oncall_ads_dongyu: jstack {pod}: 391/400 http-nio-8080-exec threads RUNNABLE at java.util.regex.Pattern$Loop."
              "match <- java.util.regex.Pattern$GroupTail.match <- java.util.regex.Pattern$BranchConn.match <- "
              "java.util.regex.Pattern$Branch.match <- com.linli.ads.targeting.ContentRegexMatcher.matches"
              "(ContentRegexMatcher.java:58) campaign=CP-88231")
ADS_PAUSE = "campaign CP-88231 paused by adops_liting (oncall request: content_regex never finishes on long posts)"
ADS_RESTART = ("kubectl rollout restart deployment/ll-ads-service -n linli by oncall_ads_dongyu (request threads stuck in "
               "regex matching)")
FEED_ADS_TIMEOUT = "ads: fetch slot=feed_inline uid={uid} timed out after 80ms, rendering without ads"

SHARD_CREATE = ("dba_maqiang: comment_shard_expand.py --add ds_comment_06,ds_comment_07 --host ll-mysql-comment-04 "
                "(DBA-20261219-02): CREATE DATABASE ll_comment_06; CREATE DATABASE ll_comment_07; CREATE TABLE comment "
                "from schema/comment.sql in both; done in 4.2s")
SHARD_CUTOVER = ("dba_maqiang: comment_shard_expand.py --cutover (DBA-20261219-02): shard rule v18 published to "
                 "/linli/comment/rules: post_id >= 9306504000 (posts created from 14:00) -> ds_comment_06, ds_comment_07")
COMMENT_DEPLOY = ("deploy finished: ll-comment-service 6.4.0 (was 6.3.2) rolled out by ci-bot pipeline=#9833; changes: "
                  "fold nested replies after 3 levels (楼中楼折叠)")
COMMENT_FAILED = ("create comment failed post_id={pid} uid={uid}: org.springframework.jdbc.UncategorizedSQLException: ### "
                  "Error updating database.  Cause: java.sql.SQLException: Incorrect string value: '{bytes}' for column "
                  "'content' at row 1 ### The error may involve com.linli.comment.mapper.CommentMapper.insert ### SQL: "
                  "INSERT INTO comment (id, post_id, uid, reply_to, content, created_at) VALUES (?, ?, ?, ?, ?, ?) "
                  "(actual data source {ds})")
CHARSET_NOTE = ("dba_maqiang: SHOW CREATE TABLE ll_comment_06.comment -> ENGINE=InnoDB DEFAULT CHARSET=utf8mb3; "
                "ll-mysql-comment-04 character_set_server=utf8mb3 (my.cnf from the 5.7 template); ll_comment_00..05 on "
                "ll-mysql-comment-01..03 are utf8mb4")
CHARSET_FIX = ("dba_maqiang: ALTER TABLE ll_comment_06.comment CONVERT TO CHARACTER SET utf8mb4 COLLATE utf8mb4_0900_ai_ci; "
               "ALTER TABLE ll_comment_07.comment CONVERT TO CHARACTER SET utf8mb4 COLLATE utf8mb4_0900_ai_ci (41228 and "
               "40913 rows, 2.1s); SET PERSIST character_set_server=utf8mb4 (DBA-20261219-02)")
NEW_POSTS_FROM = 9306504000

IM_DEPLOY = ("deploy finished: ll-im-gateway 4.9.0 (was 4.8.3) rolled out by ci-bot pipeline=#9836; changes: recall a "
             "message within 5 minutes, live-room chat slow mode")
CERT_DEPLOY = ("cert-deploy.sh im.linli.com by ops_tangwei (CHG-20261219-011, renewal before the 2026-12-28 expiry): "
               "ssl_certificate /etc/nginx/ssl/im.linli.com_public.crt (subject CN=*.linli.com, issuer CN=GeoTrust CN RSA "
               "CA G1, notAfter=2027-12-29), ssl_certificate_key im.linli.com.key; nginx -t ok; reload ll-im-edge-01..04")
TLS_UNKNOWN_CA = ("{stamp} [info] {pid}#{pid}: *{conn} SSL_do_handshake() failed (SSL: error:0A000418:SSL routines::tlsv1 "
                  "alert unknown ca:SSL alert number 48) while SSL handshaking, client: {ip}, server: 0.0.0.0:443")
CLIENT_DIAG = ("client diag uid={uid} platform=android app={app} ws_connect_error=javax.net.ssl.SSLHandshakeException: "
               "java.security.cert.CertPathValidatorException: Trust anchor for certification path not found. "
               "attempts={attempts}")
CERT_NOTE = ("im_oncall_fanjie: openssl s_client -connect im.linli.com:443 -servername im.linli.com -> Certificate chain "
             "0 s:CN = *.linli.com i:CN = GeoTrust CN RSA CA G1 (1 certificate sent), Verify return code: 21 (unable to "
             "verify the first certificate)")
CERT_FIX = ("cert-deploy.sh im.linli.com by ops_tangwei (CHG-20261219-011 fix): ssl_certificate -> "
            "/etc/nginx/ssl/im.linli.com_fullchain.pem (leaf + GeoTrust CN RSA CA G1); nginx -t ok; reload "
            "ll-im-edge-01..04")

MEDIA_DEPLOY = ("deploy finished: ll-media-upload 2.11.0 (was 2.10.4) rolled out by ci-bot pipeline=#9839; changes: HEIC "
                "to JPEG on upload, part size 8MiB -> 16MiB for videos over 200MiB")
VIDEO_FAILED = ("video upload failed upload_id=2~{upload} uid={uid} size={size:.1f}MiB part={part}/{parts}: QuotaExceeded: "
                "status code: 403, request id: tx00000{req}-0067641a{n:02d}-1e4c7-ll-sh, host id: ")
RGW_STATS_NOTE = ("storage_oncall_qinlei: radosgw-admin bucket stats --bucket=ll-video-raw -> size_actual 200.00 TiB = "
                  "quota max_size 200 TiB; 412883 incomplete multipart uploads since 2025-07 hold 14.6 TiB of parts; no "
                  "lifecycle rule on the bucket")
RGW_QUOTA = ("radosgw-admin quota set --quota-scope=bucket --bucket=ll-video-raw --max-size=260T by storage_oncall_qinlei "
             "(STO-20261219-05)")
RGW_LIFECYCLE = ("PutBucketLifecycleConfiguration ll-video-raw by storage_oncall_qinlei: rule abort-mpu-2d "
                 "AbortIncompleteMultipartUpload DaysAfterInitiation=2 (STO-20261219-05)")

GROWTH_DEPLOY = ("deploy finished: ll-growth-service 7.5.0 (was 7.4.0) rolled out by ci-bot pipeline=#9829; changes: "
                 "invite leaderboard for the live final, share poster v3")
SMS_FAILED = ("sms send failed phone={phone} template=SMS_276450012 scene=invite_register sign=邻里圈: "
              "isv.SMS_SIGNATURE_ILLEGAL 签名不合法(不存在或被拉黑) RequestId={request}")
SMS_NOTE = ("growth_oncall_panrui: 阿里云短信控制台 签名管理: 签名【邻里圈】状态 审核未通过（复审 2026-12-19 11:01，原因：授权委托书"
            "已过期（有效期至 2026-12-15），请重新上传）；备用签名【邻里圈App】状态 审核通过")
SMS_SWITCH = ("config changed: sms.sign_name 邻里圈 -> 邻里圈App (growth config center rev 3318, by growth_oncall_panrui; "
              "【邻里圈】 failed re-review)")
PUSH_CAMPAIGN = ("push campaign created BT-20261219-0042 by yunying_xiaoyu: title='邻里好声音总决赛 20:00 开播！邀请好友助力"
                 "赢大奖' url=https://growth-origin.linli.com/act/final2026?from=push audience=all_active_30d "
                 "send_at=19:58 channel=push-service")
ORIGIN_ROUTE = ("route patch by growth_oncall_panrui (envoy RDS version 20261219-31): host growth-origin.linli.com prefix "
                "/act/ -> redirect 302 https://m.linli.com/act/ (query kept)")
ORIGIN_NOTE = ("growth_oncall_panrui: push BT-20261219-0042 linked https://growth-origin.linli.com/act/final2026 (the origin "
               "domain used in the pre-release check) instead of https://m.linli.com/act/final2026 — the opens went "
               "straight to the origin, bypassing the CDN")
ORIGIN_PEAK = 21436

MOD_CONFIG = ("config reloaded: moderation.image.threshold.porn 0.82 -> 0.85 (live final: fewer false positives on stage "
              "photos) by mod_ops_shenjia, nacos md5=6c0e1f9a2b77")
XID = "kernel: NVRM: Xid (PCI:0000:{bus}:00): 79, pid={pid}, name=tritonserver, GPU has fallen off the bus."
CORDON = ("kubectl cordon ll-gpu-node-02 by infra_oncall_yuhang (both GPUs fell off the bus, vendor ticket INSPUR "
          "SR-2026121988, RMA tomorrow 10:00)")
FAST_PATH = ("config reloaded: moderation.fast_path.trusted_text_only false -> true (credit_score>=700: text model only, "
             "images sampled 10%) by mod_ops_shenjia, nacos md5=0b94de3c7a15")
BACKLOG_PEAK = 48712
BACKLOG_ALERT_VALUE = "9812"

RELATION_DEPLOY = ("deploy finished: ll-relation-service 4.3.0 (was 4.2.7) rolled out by ci-bot pipeline=#9824; changes: "
                   "common followees on profile pages")
POST_CONFIG = ("[apollo] config changed: appId=ll-post-service namespace=application key=post.rate-limit.per-user-per-minute "
               "old=20 new=30 operator=post_dev_kongjie (live final tonight)")
GATEWAY_ROUTE = ("route added by gw_ops_chenlu (envoy RDS version 20261219-27): /api/v1/live/final2026/vote -> "
                 "ll-growth-service, timeout 2s")
CERT_ALERT_SUMMARY = ("admin.linli.com 的 TLS 证书将于 2026-12-28 过期（剩余 9 天），运营后台入口，证书由 IT 部门统一采购续期")

# --- Pods -------------------------------------------------------------------------------------
ROLLOUTS: dict[str, list[tuple[str, tuple[str, ...]]]] = {
    "ll-api-gateway": [("00:00", pod_names("ll-api-gateway", "1.30.2", 4))],
    "ll-feed-service": [("00:00", pod_names("ll-feed-service", "3.14.2", 8))],
    "ll-post-service": [("00:00", pod_names("ll-post-service", "5.9.1", 6))],
    "ll-media-upload": [("00:00", pod_names("ll-media-upload", "2.10.4", 4)),
                        ("15:40:40", pod_names("ll-media-upload", "2.11.0", 4))],
    "ll-comment-service": [("00:00", pod_names("ll-comment-service", "6.3.2", 6)),
                           ("13:20:50", pod_names("ll-comment-service", "6.4.0", 6))],
    "ll-relation-service": [("00:00", pod_names("ll-relation-service", "4.2.7", 4)),
                            ("09:05:40", pod_names("ll-relation-service", "4.3.0", 4))],
    "ll-push-service": [("00:00", pod_names("ll-push-service", "5.1.3", 4)),
                        ("09:31:40", pod_names("ll-push-service", "5.2.0", 4))],
    "ll-im-gateway": [("00:00", pod_names("ll-im-gateway", "4.8.3", 8)),
                      ("14:35:50", pod_names("ll-im-gateway", "4.9.0", 8))],
    "ll-moderation": [("00:00", pod_names("ll-moderation", "2.6.0", 6))],
    "ll-moderation-triton": [("00:00", pod_names("ll-moderation-triton", "24.05-r3", 4))],
    "ll-search-service": [("00:00", pod_names("ll-search-service", "3.8.0", 4)),
                          ("09:10:40", pod_names("ll-search-service", "3.8.1", 4))],
    "ll-ads-service": [("00:00", pod_names("ll-ads-service", "6.2.1", 6)),
                       ("13:42:05", pod_names("ll-ads-service", "6.2.1/restartedAt=2026-12-19T13:41:30+08:00", 6))],
    "ll-growth-service": [("00:00", pod_names("ll-growth-service", "7.4.0", 6)),
                          ("10:30:40", pod_names("ll-growth-service", "7.5.0", 6))],
}
GROWTH_PODS = pod_names("ll-growth-service", "7.5.0", 20)  # the HPA's 20; the first six are the rollout's
VMS = {
    "ll-im-edge": ["ll-im-edge-01", "ll-im-edge-02", "ll-im-edge-03", "ll-im-edge-04"],
    "ll-cassandra": [f"ll-cass-{n:02d}" for n in range(1, 7)],
    "ll-mysql-comment": ["ll-mysql-comment-01", "ll-mysql-comment-02", "ll-mysql-comment-03", "ll-mysql-comment-04"],
    "ll-elasticsearch": ["es-master-1", "es-master-2", "es-master-3"] + [f"es-data-{n}" for n in range(1, 7)],
    "ll-kafka": [f"ll-kafka-{n}" for n in range(1, 6)],
    "ll-ceph-rgw": ["ll-rgw-1", "ll-rgw-2", "ll-rgw-3"],
}
INSTANCES: dict[str, list[str]] = {service: list(steps[-1][1]) for service, steps in ROLLOUTS.items()} | VMS
NODES = [f"ll-sh-node-{n:02d}" for n in range(1, 17)]
GPU_NODES = ("ll-gpu-node-01", "ll-gpu-node-02")
BROKEN_NODE = "ll-gpu-node-02"
TRITON_PODS = ROLLOUTS["ll-moderation-triton"][0][1]
#: The Triton pods' nodes: two per GPU node (one GPU each).
TRITON_NODES = {TRITON_PODS[0]: "ll-gpu-node-01", TRITON_PODS[1]: BROKEN_NODE, TRITON_PODS[2]: "ll-gpu-node-01",
                TRITON_PODS[3]: BROKEN_NODE}
TRITON_IPS = {TRITON_PODS[0]: "10.42.31.12", TRITON_PODS[1]: "10.42.32.17", TRITON_PODS[2]: "10.42.31.13",
              TRITON_PODS[3]: "10.42.32.18"}
BROKEN_TRITON = tuple(pod for pod in TRITON_PODS if TRITON_NODES[pod] == BROKEN_NODE)
CASS_IPS = {f"ll-cass-{n:02d}": f"10.60.4.{20 + n}" for n in range(1, 7)}

SERVICES: list[Json] = [
    {"name": "ll-api-gateway", "aliases": ["API 网关", "网关", "Envoy 网关", "gateway"],
     "description": "Envoy 1.30 API 网关（4 个副本，xDS 由 gw-control-plane 下发）：api.linli.com 与源站域名 "
                    "growth-origin.linli.com 的入口，按路由转发到 linli 命名空间各服务；CDN（m.linli.com）回源也到这里。"
                    "访问日志为 Envoy 默认格式（时间为 UTC）。"},
    {"name": "ll-feed-service", "aliases": ["信息流", "首页信息流", "feed", "时间线服务", "首页"],
     "description": "首页信息流 /api/v3/feed/*（Go 1.22，8 个副本）：时间线存 Cassandra ll-cassandra 的 feed.timeline"
                    "（分区键 user_id，按 post_id 倒序，发帖时写扩散），LOCAL_ONE 读；读不到时退化为热门帖子；每页调用 "
                    "ll-ads-service 取信息流广告（超时 80ms，超时不出广告）。"},
    {"name": "ll-post-service", "aliases": ["发帖服务", "帖子服务", "发帖"],
     "description": "发帖、帖子详情与删帖（Java 17，Spring Boot，6 个副本）：帖子存 MySQL ll_post，新帖写入 Kafka topic "
                    "post-moderation 等审核、post-fanout 做时间线写扩散；图片视频由 ll-media-upload 先上传。"},
    {"name": "ll-media-upload", "aliases": ["上传服务", "媒体上传", "图片视频上传", "视频上传"],
     "description": "图片与视频上传（Go 1.22，aws-sdk-go，4 个副本）：图片单次 PUT 到对象存储 ll-ceph-rgw 的桶 ll-image，"
                    "视频按分片（multipart，8MiB 一片）写到桶 ll-video-raw，随后提交转码任务。"},
    {"name": "ll-comment-service", "aliases": ["评论服务", "评论点赞", "评论", "点赞服务"],
     "description": "评论与点赞（Java 17，Spring Boot + MyBatis + ShardingSphere-JDBC，6 个副本）：评论按帖子分库，"
                    "数据源 ds_comment_00..05 在 ll-mysql-comment-01..03，分片规则在 /linli/comment/rules；点赞计数在 Redis。"},
    {"name": "ll-relation-service", "aliases": ["关注服务", "关系链", "粉丝关注", "关注"],
     "description": "关注、粉丝与拉黑（Go 1.22，4 个副本）：关系边存 Cassandra 的 relation.follow_edges，关注数缓存在 "
                    "Redis；被 ll-feed-service 与 ll-growth-service 调用。"},
    {"name": "ll-push-service", "aliases": ["推送服务", "消息推送", "通知推送", "推送"],
     "description": "站外推送（Java 17，Spring Boot + Pushy，4 个副本）：iOS 走 APNs（token 认证，.p8 密钥在 secret "
                    "apns-auth-key），安卓走华为 HMS、小米、OPPO、vivo 厂商通道；消费 Kafka topic push-events，运营全量推送"
                    "（broadcast task）由 ll-growth-service 的运营后台创建。"},
    {"name": "ll-im-gateway", "aliases": ["私信网关", "私信", "IM 网关", "长连接网关", "直播间聊天"],
     "description": "私信与直播间聊天的 WebSocket 长连接网关（Go 1.22，8 个副本）：客户端连 wss://im.linli.com，TLS 在 "
                    "ll-im-edge 终结后转发到本服务；消息存 Cassandra im.messages；客户端连接诊断经 /api/v1/client/diag 上报。"},
    {"name": "ll-im-edge", "aliases": ["IM 接入层", "wss 接入", "私信接入"],
     "description": "im.linli.com 的 TLS 接入层：nginx 1.24 四台虚拟机 ll-im-edge-01..04（SLB 四层转发到它们），终结 TLS "
                    "后把 WebSocket 转给 ll-im-gateway；证书由运维用 cert-deploy.sh 更换；error_log 级别 info。"},
    {"name": "ll-moderation", "aliases": ["内容审核", "审核服务", "机审"],
     "description": "内容审核 worker（Python 3.11，6 个副本）：消费 Kafka topic post-moderation，调用 ll-moderation-triton "
                    "的图片模型 image_nsfw_v7 与文本模型 text_spam_v3 打分，通过后帖子对外可见，之前只有作者自己能看见"
                    "（审核中）；信任与安全团队的定时任务（如 ll-moderation-spam-purge）也在这里。"},
    {"name": "ll-moderation-triton", "aliases": ["审核模型推理", "Triton", "审核模型"],
     "description": "审核模型推理服务 Triton Inference Server 24.05（4 个副本，每个一张 GPU）：GPU 节点 ll-gpu-node-01、"
                    "ll-gpu-node-02 各两张 A10，每个节点两个 Pod；gRPC 8001，就绪探针 /v2/health/ready。"},
    {"name": "ll-search-service", "aliases": ["搜索服务", "搜索", "站内搜索"],
     "description": "帖子与用户搜索（Java 17，4 个副本）：查 Elasticsearch ll-elasticsearch 的别名 posts_search（ik_smart "
                    "分词查询）；每天 03:00 CronJob ll-search-reindex 全量重建帖子索引并切换别名。"},
    {"name": "ll-ads-service", "aliases": ["广告服务", "广告投放", "广告引擎", "广告"],
     "description": "广告投放（Java 17，Spring Boot/Tomcat 400 线程，6 个副本）：信息流广告位 feed_inline 等的定向、出价与"
                    "排序；广告主与投放运营在广告后台建计划，定向规则（城市、关键词、正则）在请求线程里逐条匹配帖子内容。"},
    {"name": "ll-growth-service", "aliases": ["拉新服务", "增长服务", "邀请活动", "拉新活动", "活动页"],
     "description": "用户增长与邀请拉新（Node.js 20：NestJS 接口 + Next.js 活动页 SSR，6 个副本，HPA 最多 20）：邀请注册发"
                    "短信验证码（阿里云短信，签名在配置 sms.sign_name），活动页经 CDN m.linli.com 访问、回源到源站域名 "
                    "growth-origin.linli.com；运营后台创建全量推送任务交给 ll-push-service。"},
    {"name": "ll-cassandra", "aliases": ["Cassandra", "Cassandra 集群", "时间线库"],
     "description": "Cassandra 4.0 六节点 ll-cass-01..06（10.60.4.21–26），RF 3：keyspace feed（timeline）、relation、im；"
                    "tombstone_warn_threshold 1000、tombstone_failure_threshold 100000，gc_grace_seconds 864000；"
                    "Reaper 每天 00:00 修复。"},
    {"name": "ll-mysql-comment", "aliases": ["评论库", "评论数据库"],
     "description": "评论 MySQL 8.0：ll-mysql-comment-01..03 承载 ll_comment_00..05（utf8mb4），新实例 ll-mysql-comment-04"
                    "（10.60.7.44，12-18 交付）用于分库扩容。"},
    {"name": "ll-elasticsearch", "aliases": ["ES", "搜索集群", "Elasticsearch"],
     "description": "Elasticsearch 7.17：三个 master、六个 data 节点，装 IK 分词插件；索引模板 posts_template 给帖子索引"
                    "设 ik_max_word 分词。"},
    {"name": "ll-kafka", "aliases": ["Kafka", "消息队列"],
     "description": "Kafka 3.6 五个 broker：topic post-moderation、post-fanout、push-events、im-events。"},
    {"name": "ll-ceph-rgw", "aliases": ["对象存储", "Ceph", "RGW"],
     "description": "Ceph 17 对象存储的 S3 网关（radosgw 三台 ll-rgw-1..3）：桶 ll-image、ll-video-raw（桶配额 200 TiB）、"
                    "ll-video-hls。"},
]

WINDOWS = {
    "feed_warn": (_t("06:20"), _t("09:55")),
    "feed": (_t("07:05"), _t("09:55")),
    "search": (_t("04:12:40"), _t("10:46:30")),
    "apns": (_t("10:11:48"), _t("11:38:05")),
    "sms": (_t("11:02:14"), _t("13:18:40")),
    "ads": (_t("11:48:30"), _t("13:46:00")),
    "comment": (_t("14:00:30"), _t("16:03:40")),
    "im": (_t("15:02:40"), _t("17:25:41")),
    "video": (_t("16:41:07"), _t("18:02:30")),
    "origin": (_t("19:58:20"), _t("20:11:30")),
    "gpu": (_t("20:17:33"), REFERENCE),
    "backlog": (_t("20:17:33"), _t("22:46:00")),
    "live": (_t("20:00"), _t("22:00")),
}


def _inside(window: str, t: dt.datetime) -> bool:
    a, b = WINDOWS[window]
    return a <= t < b


#: People online, relative to a weekday noon: a quiet night, a Saturday, the live final.
TRAFFIC = [(START, 0.35), (_t("02:00"), 0.12), (_t("05:00"), 0.08), (_t("07:00"), 0.45), (_t("08:30"), 0.8),
           (_t("12:00"), 1.0), (_t("14:00"), 0.85), (_t("18:00"), 0.95), (_t("19:50"), 1.2), (_t("20:00"), 1.9),
           (_t("21:00"), 2.0), (_t("22:00"), 1.4), (REFERENCE, 0.9)]


def traffic(t: dt.datetime) -> float:
    return interpolate(TRAFFIC, t)


# --- Small seeded values -------------------------------------------------------------------------
Line = tuple[str, str, dict[str, Any]]

UAS = ["LinLi/8.6.2 (iPhone; iOS 18.1.1; Scale/3.00)", "LinLi/8.6.2 (Android 14; Xiaomi 23127PN0CC)",
       "LinLi/8.6.1 (iPhone; iOS 17.6.1; Scale/3.00)", "LinLi/8.5.9 (Android 13; HUAWEI NOH-AN00)",
       "LinLi/8.6.2 (Android 14; OPPO PJZ110)", "LinLi/8.6.2 (Android 13; vivo V2309A)"]
QUERIES = ["装修师傅", "二手婴儿车", "小区停车位出租", "宠物医院", "周末亲子活动", "团购水果", "家电维修", "钢琴陪练",
           "物业费", "找保姆", "遛狗搭子", "羽毛球", "跳蚤市场", "快递代收", "邻里好声音投票"]
ADS_CAMPAIGNS = ["CP-87710", "CP-87952", "CP-88004", "CP-88117", "CP-88150", "CP-88206"]
EMOJI = {"😂": "\\xF0\\x9F\\x98\\x82", "👍": "\\xF0\\x9F\\x91\\x8D", "🎉": "\\xF0\\x9F\\x8E\\x89",
         "😭": "\\xF0\\x9F\\x98\\xAD", "🙏": "\\xF0\\x9F\\x99\\x8F", "🔥": "\\xF0\\x9F\\x94\\xA5"}


def _uid(w: WorldBuilder) -> int:
    return w.rng.randint(100000000, 199999999)


def _post_id(w: WorldBuilder, t: dt.datetime | None = None) -> int:
    """A post's id: ten a second since the day began for a post of today written at ``t``, older ones below."""
    if t is None:
        return w.rng.randint(9180000000, 9305990000)
    return 9306000000 + int((t - START).total_seconds()) * 10 + w.rng.randint(0, 9)


def _recent_post(w: WorldBuilder, t: dt.datetime) -> int:
    """The post a comment or a like goes to: half of them posts of the last three hours, half older."""
    if w.rng.random() < 0.5:
        return _post_id(w)
    back = dt.timedelta(minutes=w.rng.randint(1, 180))
    return _post_id(w, max(t - back, START))


def _phone(w: WorldBuilder) -> str:
    return f"1{w.rng.choice('3456789')}{w.rng.randint(0, 9)}****{w.rng.randint(0, 9999):04d}"


def _client_ip(w: WorldBuilder) -> str:
    return (f"{w.rng.choice([36, 39, 58, 101, 112, 117, 183, 223])}.{w.rng.randint(1, 254)}.{w.rng.randint(1, 254)}."
            f"{w.rng.randint(1, 254)}")


def _pod_ip(w: WorldBuilder) -> str:
    return f"10.42.{w.rng.randint(1, 16)}.{w.rng.randint(10, 250)}"


def _uuid(w: WorldBuilder) -> str:
    """A version-4 UUID (request ids, Aliyun RequestIds, APNs ids)."""
    return f"{w.hex(8)}-{w.hex(4)}-4{w.hex(3)}-{w.rng.choice('89ab')}{w.hex(3)}-{w.hex(12)}"


def envoy_line(w: WorldBuilder, t: dt.datetime, method: str, path: str, status: int, ms: int, *,
               host: str = "api.linli.com", flags: str = "-", details: str = "via_upstream",
               ua: str | None = None) -> str:
    """An Envoy access line in the default format (START_TIME in UTC)."""
    utc = t.astimezone(dt.UTC)
    sent = w.rng.randint(90, 260) if status >= 400 else w.rng.randint(400, 42000)
    received = w.rng.randint(300, 9000) if method in ("POST", "PUT") else 0
    upstream = "-" if flags != "-" else str(max(ms - w.rng.randint(0, 2), 1))
    host_ip = "-" if flags == "UF" else f"{_pod_ip(w)}:8080"
    return (f'[{utc:%Y-%m-%dT%H:%M:%S}.{utc.microsecond // 1000:03d}Z] "{method} {path} HTTP/2" {status} {flags} {details} '
            f'- "-" {received} {sent} {ms} {upstream} "{_client_ip(w)}" "{ua or w.rng.choice(UAS)}" "{_uuid(w)}" '
            f'"{host}" "{host_ip}"')


# --- Noise -------------------------------------------------------------------------------------
def _gateway(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = w.pod_at(ROLLOUTS["ll-api-gateway"], t)
    roll = w.rng.random()
    flags, details, host = "-", "via_upstream", "api.linli.com"
    if roll < 0.26:
        upstream, method, path = "ll-feed-service", "GET", f"/api/v3/feed/home?cursor={w.rng.choice(['0', '0', w.hex(12)])}&size=30"
        status, ms = 200, w.ms(25, 160)
        if _inside("feed", t) and w.rng.random() < 0.22:
            status, ms = 500, w.ms(600, 2100)
    elif roll < 0.34:
        upstream = "ll-post-service"
        method, path = w.rng.choice([("POST", "/api/v2/posts"), ("GET", f"/api/v2/posts/{_post_id(w)}"),
                                     ("GET", f"/api/v2/users/{_uid(w)}/posts?cursor=0")])
        status, ms = (201 if method == "POST" else 200), w.ms(20, 140)
    elif roll < 0.44:
        upstream = "ll-comment-service"
        pid = _recent_post(w, t)
        method, path = w.rng.choice([("POST", f"/api/v1/posts/{pid}/comments"), ("GET", f"/api/v1/posts/{pid}/comments?sort=hot"),
                                     ("POST", f"/api/v1/posts/{pid}/like")])
        status, ms = (201 if method == "POST" else 200), w.ms(12, 90)
        if (_inside("comment", t) and path.endswith("/comments") and method == "POST" and pid >= NEW_POSTS_FROM
                and w.rng.random() < 0.35):
            status, ms = 500, w.ms(20, 60)
    elif roll < 0.49:
        upstream = "ll-relation-service"
        method, path = w.rng.choice([("POST", f"/api/v1/relations/follow/{_uid(w)}"),
                                     ("GET", f"/api/v1/users/{_uid(w)}/followers?cursor=0"),
                                     ("DELETE", f"/api/v1/relations/follow/{_uid(w)}")])
        status, ms = 200, w.ms(8, 60)
    elif roll < 0.56:
        upstream, method = "ll-search-service", "GET"
        path = f"/api/v2/search/posts?q={w.rng.choice(QUERIES)}&page=1"
        status, ms = 200, w.ms(15, 120)
    elif roll < 0.62:
        upstream, method = "ll-media-upload", "PUT"
        if w.rng.random() < 0.7:
            path, status, ms = f"/api/v2/media/images/{w.hex(24)}", 200, w.ms(120, 900)
        else:
            path = f"/api/v2/media/videos/{w.hex(24)}/parts/{w.rng.randint(1, 9)}"
            status, ms = 200, w.ms(600, 4200)
            if _inside("video", t):
                status, ms = 500, w.ms(40, 180)
    elif roll < 0.68:
        upstream = "ll-growth-service"
        method, path = w.rng.choice([("POST", "/api/v1/growth/invite/sms-code"), ("GET", "/api/v1/growth/invite/rank?top=50"),
                                     ("POST", "/api/v1/growth/invite/bind")])
        status, ms = 200, w.ms(20, 180)
        if path.endswith("sms-code") and _inside("sms", t):
            status, ms = 500, w.ms(80, 240)
        if _inside("origin", t) and w.rng.random() < 0.6:
            status, ms = 504, 15000
            flags, details = "UT", "upstream_response_timeout"
    elif roll < 0.73:
        upstream, method, path = "ll-push-service", "POST", "/api/v1/push/devices/register"
        status, ms = 200, w.ms(6, 40)
    elif roll < 0.80:
        upstream, method = "ll-im-gateway", "GET"
        path = f"/api/v1/im/conversations/{_uid(w)}_{_uid(w)}/messages?before={w.hex(16)}&limit=30"
        status, ms = 200, w.ms(10, 80)
    else:
        upstream, method = "ll-growth-service", "GET"
        host = "growth-origin.linli.com"
        path = w.rng.choice(["/act/invite-rank", "/act/final2026", "/_next/data/7.5.0/act/invite-rank.json"])
        status, ms = 200, w.ms(40, 260)
        if _inside("origin", t):
            path = "/act/final2026?from=push"
            status, ms, flags, details = w.rng.choice([(504, 15000, "UT", "upstream_response_timeout"),
                                                        (503, w.ms(1, 4), "UF",
                                                         "upstream_reset_before_response_started{connection_failure}"),
                                                        (200, w.ms(6000, 14800), "-", "via_upstream")])
    line = envoy_line(w, t, method, path, status, ms, host=host, flags=flags, details=details)
    return ("WARN" if status >= 500 else "INFO"), line, {"instance": pod, "log_type": "access", "upstream_cluster": upstream}


def _feed(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = w.pod_at(ROLLOUTS["ll-feed-service"], t)
    roll = w.rng.random()
    recall = 1000 if t >= _t("06:40:05") else 800
    if roll < 0.5:
        return "INFO", (f"home feed served uid={_uid(w)} items=30 source=timeline ads={w.rng.choice([1, 2, 2, 3])} "
                        f"took={w.ms(18, 120)}ms"), {"instance": pod}
    if roll < 0.65:
        return "INFO", (f"ranker: recall={recall} candidates={w.rng.randint(620, recall)} model=feed_rank_v31 "
                        f"scored in {w.ms(6, 28)}ms"), {"instance": pod, "logger": "ranker"}
    if roll < 0.78:
        return "INFO", (f"timeline fanout consumer: {w.rng.randint(120, 2400)} rows written for {w.rng.randint(8, 90)} posts "
                        f"(post-fanout partition {w.rng.randint(0, 23)})"), {"instance": pod, "logger": "fanout"}
    if roll < 0.9:
        return "INFO", (f"gocql pool stats: hosts=6 up=6 conns_per_host=2 inflight={w.rng.randint(0, 40)}"), {
            "instance": pod, "logger": "gocql"}
    if roll < 0.96:
        return "WARN", (f"home feed served uid={_uid(w)} items={w.rng.randint(3, 12)} source=timeline: user follows nobody "
                        "active, padded with hot_posts"), {"instance": pod}
    return "WARN", FEED_ADS_TIMEOUT.format(uid=_uid(w)), {"instance": pod, "logger": "ads-client"}


def _post(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = w.pod_at(ROLLOUTS["ll-post-service"], t)
    roll = w.rng.random()
    limit = 30 if t >= _t("19:20:04") else 20
    if roll < 0.45:
        kind = w.rng.choice(["image", "image", "text", "video"])
        media = 0 if kind == "text" else (1 if kind == "video" else w.rng.randint(1, 9))
        return "INFO", (f"post created id={_post_id(w, t)} uid={_uid(w)} type={kind} media={media} visibility=neighbourhood "
                        f"community=C{w.rng.randint(31000, 31999)} moderation=queued ({w.ms(18, 90)}ms)"), {
            "instance": pod, "logger": "c.l.post.service.PostService"}
    if roll < 0.7:
        return "INFO", (f"post detail served id={_post_id(w)} views+1 cache={w.rng.choice(['HIT', 'HIT', 'HIT', 'MISS'])} "
                        f"({w.ms(3, 30)}ms)"), {"instance": pod, "logger": "c.l.post.web.PostController"}
    if roll < 0.82:
        return "INFO", (f"kafka producer stats topic=post-moderation sent={w.rng.randint(40, 900)}/min acks=all "
                        f"request-latency-avg={w.rng.uniform(2, 9):.1f}ms"), {"instance": pod,
                                                                             "logger": "o.a.k.c.producer.KafkaProducer"}
    if roll < 0.9:
        return "INFO", (f"post deleted id={_post_id(w)} by owner uid={_uid(w)}"), {"instance": pod,
                                                                                  "logger": "c.l.post.service.PostService"}
    if roll < 0.96:
        return "WARN", (f"post rejected uid={_uid(w)}: rate limited ({limit}/min per user)"), {
            "instance": pod, "logger": "c.l.post.web.RateLimitFilter"}
    return "WARN", (f"HikariPool-1 - Thread starvation or clock leap detected (housekeeper delta="
                    f"{w.rng.randint(61, 75)}s{w.rng.randint(100, 999)}ms)."), {"instance": pod,
                                                                              "logger": "com.zaxxer.hikari.pool.HikariPool"}


def _media(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = w.pod_at(ROLLOUTS["ll-media-upload"], t)
    roll = w.rng.random()
    if roll < 0.5:
        return "INFO", (f"image upload ok key=ll-image/{t:%Y/%m/%d}/{w.hex(24)}.jpg uid={_uid(w)} "
                        f"size={w.rng.randint(180, 3900)}KiB took={w.ms(90, 700)}ms"), {"instance": pod}
    if roll < 0.72 and not _inside("video", t):
        parts = w.rng.randint(2, 14)
        return "INFO", (f"video upload completed upload_id=2~{w.hex(32)} key=ll-video-raw/v/{t:%Y/%m/%d}/{w.hex(24)}.mp4 "
                        f"uid={_uid(w)} parts={parts} size={parts * w.rng.uniform(6.0, 8.0):.1f}MiB "
                        f"took={w.rng.uniform(4, 40):.1f}s"), {"instance": pod}
    if roll < 0.82 and not _inside("video", t):
        return "INFO", (f"transcode job submitted job={w.hex(16)} profile=hls-720p,hls-1080p "
                        f"src=ll-video-raw/v/{t:%Y/%m/%d}/{w.hex(24)}.mp4"), {"instance": pod, "logger": "transcode"}
    if roll < 0.92:
        return "WARN", (f"client aborted upload upload_id=2~{w.hex(32)} uid={_uid(w)} after part "
                        f"{w.rng.randint(1, 4)}/{w.rng.randint(5, 14)} (context canceled); multipart upload left in place"), {
            "instance": pod}
    return "INFO", (f"s3 client stats endpoint=http://ll-rgw.linli.internal:8080 requests={w.rng.randint(400, 3000)}/min "
                    f"retries={w.rng.randint(0, 3)}"), {"instance": pod, "logger": "s3"}


def _comment_ds(pid: int) -> str:
    if pid >= NEW_POSTS_FROM:
        return f"ds_comment_0{6 + pid % 2}"
    return f"ds_comment_0{pid % 6}"


def _comment(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = w.pod_at(ROLLOUTS["ll-comment-service"], t)
    roll = w.rng.random()
    pid = _recent_post(w, t)
    if roll < 0.45:
        if _inside("comment", t) and pid >= NEW_POSTS_FROM:
            pid = _post_id(w)  # the failures are the incident's own lines
        return "INFO", (f"comment created id={w.rng.randint(88000000000, 88999999999)} post_id={pid} uid={_uid(w)} "
                        f"ds={_comment_ds(pid)} ({w.ms(6, 40)}ms)"), {"instance": pod,
                                                                     "logger": "c.l.comment.service.CommentService"}
    if roll < 0.75:
        return "INFO", (f"like toggled post_id={pid} uid={_uid(w)} liked={w.rng.choice(['true', 'true', 'false'])} "
                        f"count={w.rng.randint(1, 3800)}"), {"instance": pod, "logger": "c.l.comment.service.LikeService"}
    if roll < 0.87:
        return "INFO", (f"hot comments refreshed for {w.rng.randint(200, 900)} posts in {w.ms(300, 1400)}ms"), {
            "instance": pod, "job": "hot-comment-refresh"}
    if roll < 0.95:
        return "WARN", (f"comment blocked by sensitive-word filter uid={_uid(w)} post_id={pid} hits=1 "
                        f"dict=2026-12-{w.rng.choice(['15', '18'])}"), {"instance": pod,
                                                                        "logger": "c.l.comment.filter.WordFilter"}
    return "INFO", (f"ShardingSphere metadata: data sources {'ds_comment_00..07' if t >= _t('13:58:32') else 'ds_comment_00..05'}"
                    f" healthy, max pool active={w.rng.randint(1, 9)}/30"), {"instance": pod, "logger": "o.a.s.metadata"}


def _relation(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = w.pod_at(ROLLOUTS["ll-relation-service"], t)
    roll = w.rng.random()
    if roll < 0.4:
        return "INFO", f"follow ok follower={_uid(w)} followee={_uid(w)} took={w.ms(4, 30)}ms", {"instance": pod}
    if roll < 0.55:
        return "INFO", f"unfollow ok follower={_uid(w)} followee={_uid(w)} took={w.ms(4, 25)}ms", {"instance": pod}
    if roll < 0.75:
        page = w.rng.choice(["followers", "followees"])
        return "INFO", (f"{page} page served uid={_uid(w)} size=20 cursor={w.hex(10)} took={w.ms(5, 45)}ms"), {"instance": pod}
    if roll < 0.85 and t >= _t("09:05:40"):
        return "INFO", (f"common followees computed viewer={_uid(w)} owner={_uid(w)} count={w.rng.randint(0, 31)} "
                        f"took={w.ms(3, 22)}ms"), {"instance": pod}
    if roll < 0.93:
        return "INFO", (f"counter sync: {w.rng.randint(200, 5200)} follower counts flushed to redis in {w.ms(40, 300)}ms"), {
            "instance": pod, "job": "counter-sync"}
    return "WARN", f"follow rejected follower={_uid(w)} followee={_uid(w)}: blocked by followee", {"instance": pod}


def _push(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = w.pod_at(ROLLOUTS["ll-push-service"], t)
    roll = w.rng.random()
    kind = w.rng.choice(["comment", "like", "follow", "dm", "dm", "mention"])
    channels = ["hms", "mipush", "oppo", "vivo"] + ([] if _inside("apns", t) else ["apns", "apns", "apns"])
    if roll < 0.6:
        channel = w.rng.choice(channels)
        return "INFO", (f"push sent channel={channel} msgId={w.hex(16)} type={kind} uid={_uid(w)} latency={w.ms(20, 300)}ms"), {
            "instance": pod, "logger": "c.l.push.dispatch.Dispatcher"}
    if roll < 0.75:
        return "INFO", (f"push-events consumer: {w.rng.randint(300, 6000)} events in last 60s, lag={w.rng.randint(0, 80)}"), {
            "instance": pod, "logger": "c.l.push.consumer.PushEventsConsumer"}
    if roll < 0.85:
        if _inside("apns", t):
            return "WARN", "hms: push failed token=…" + w.hex(6) + " code=80300007 msg=all the tokens are invalid", {
                "instance": pod, "logger": "c.l.push.channel.HmsChannel"}
        return "WARN", (f"APNs rejected notification apnsId={_uuid(w).upper()} token=…{w.hex(6)} topic=com.linli.circle "
                        f"type={kind} status=410 reason=Unregistered"), {"instance": pod,
                                                                        "logger": "c.l.push.channel.ApnsChannel"}
    if roll < 0.93:
        return "INFO", (f"device registry: {w.rng.randint(20, 400)} tokens refreshed, {w.rng.randint(0, 30)} removed as "
                        "unregistered"), {"instance": pod, "job": "token-cleanup"}
    return "WARN", (f"vivo: push failed regId=…{w.hex(6)} result=10070 desc=超过单日推送量上限（运营消息）"), {
        "instance": pod, "logger": "c.l.push.channel.VivoChannel"}


def online_connections(t: dt.datetime) -> float:
    """DM websocket connections online (all gateway pods); 62 % are Android apps."""
    base = 1_180_000 * traffic(t) / 1.0
    if _inside("im", t):
        return base * 0.445
    return base


def _im_gateway(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = w.pod_at(ROLLOUTS["ll-im-gateway"], t)
    roll = w.rng.random()
    if roll < 0.4:
        platform = "ios" if _inside("im", t) else w.rng.choice(["android", "android", "ios"])
        app = w.rng.choice(["8.6.2", "8.6.1", "8.5.9"])
        return "INFO", (f"ws connected uid={_uid(w)} platform={platform} app={app} via={w.rng.choice(VMS['ll-im-edge'])} "
                        f"resume={w.rng.choice(['true', 'false'])}"), {"instance": pod}
    if roll < 0.75:
        return "INFO", (f"dm delivered msg_id={w.hex(20)} from={_uid(w)} to={_uid(w)} online=true latency={w.ms(4, 60)}ms"), {
            "instance": pod}
    if roll < 0.85:
        return "INFO", (f"dm stored offline msg_id={w.hex(20)} to={_uid(w)}, push-events enqueued"), {"instance": pod}
    if roll < 0.93:
        return "WARN", (f"ws closed uid={_uid(w)} code=1006 reason=abnormal closure after {w.rng.randint(30, 7200)}s "
                        f"(no close frame)"), {"instance": pod}
    if _inside("live", t):
        return "INFO", (f"live room live:final2026 chat: {w.rng.randint(4000, 18000)} msgs/min, slow mode "
                        f"{'5s' if t >= _t('14:35:50') else 'off'}"), {"instance": pod, "logger": "liveroom"}
    return "INFO", f"heartbeat sweep: {w.rng.randint(0, 40)} idle connections closed (>300s without ping)", {"instance": pod}


def _im_edge(w: WorldBuilder, t: dt.datetime) -> Line:
    edge = w.rng.choice(VMS["ll-im-edge"])
    roll = w.rng.random()
    if roll < 0.85:
        android = w.rng.random() < 0.62 and not _inside("im", t)
        ua = "okhttp/4.12.0" if android else "LinLi/8.6.2 CFNetwork/1568.200.51 Darwin/24.1.0"
        platform = "android" if android else "ios"
        rt = w.rng.uniform(30, 7200)
        return "INFO", (f'{_client_ip(w)} - - [{t.day:02d}/{MONTH}/{t.year}:{t:%H:%M:%S} +0800] "GET /ws?v=3&platform='
                        f'{platform} HTTP/1.1" 101 {w.rng.randint(2000, 900000)} "-" "{ua}" rt={rt:.3f} uct=0.001 '
                        f"upstream={_pod_ip(w)}:9000"), {"instance": edge, "log_type": "access"}
    return "INFO", (f"{t:%Y/%m/%d %H:%M:%S} [info] {w.rng.randint(21800, 21830)}#{w.rng.randint(21800, 21830)}: "
                    f"*{w.rng.randint(48000000, 49999999)} client {_client_ip(w)} closed keepalive connection"), {
        "instance": edge, "log_type": "error"}


def _moderation(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = w.pod_at(ROLLOUTS["ll-moderation"], t)
    roll = w.rng.random()
    threshold = 0.85 if t >= _t("19:30:10") else 0.82
    if roll < 0.2 and _t("20:55:20") <= t < _t("22:46"):
        return "INFO", (f"scored post_id={_post_id(w, t)} text_spam={w.rng.uniform(0.001, 0.3):.3f} decision=pass "
                        f"fast_path=trusted_text_only (credit_score={w.rng.randint(700, 860)}) latency_ms={w.ms(8, 30)}"), {
            "instance": pod, "logger": "worker"}
    if roll < 0.55:
        nsfw = w.rng.uniform(0.001, 0.2)
        return "INFO", (f"scored post_id={_post_id(w, t)} image_nsfw={nsfw:.3f} text_spam={w.rng.uniform(0.001, 0.3):.3f} "
                        f"decision=pass (porn>{threshold}) model=image_nsfw_v7,text_spam_v3 latency_ms={w.ms(40, 160)}"), {
            "instance": pod, "logger": "worker"}
    if roll < 0.62:
        return "INFO", (f"scored post_id={_post_id(w, t)} image_nsfw={w.rng.uniform(0.5, 0.8):.3f} "
                        f"text_spam={w.rng.uniform(0.6, 0.99):.3f} decision=review (human queue) latency_ms={w.ms(40, 160)}"), {
            "instance": pod, "logger": "worker"}
    if roll < 0.82:
        return "INFO", (f"committed offsets topic=post-moderation partition={w.rng.randint(0, 11)} "
                        f"offset={w.rng.randint(88000000, 89999999)}"), {"instance": pod, "logger": "consumer"}
    if roll < 0.92:
        return "INFO", (f"human review queue: {w.rng.randint(20, 300)} pending, {w.rng.randint(4, 12)} reviewers online"), {
            "instance": pod, "logger": "review"}
    return "WARN", (f"image fetch retry post_id={_post_id(w, t)} url=https://img.linli.com/{w.hex(24)}.jpg: read timeout "
                    f"(attempt {w.rng.randint(1, 2)}/3)"), {"instance": pod, "logger": "fetch"}


def _triton(w: WorldBuilder, t: dt.datetime) -> Line:
    degraded = _inside("gpu", t)
    pods = [pod for pod in TRITON_PODS if not (degraded and pod in BROKEN_TRITON)]
    pod = w.rng.choice(pods)
    model = w.rng.choice(["image_nsfw_v7", "image_nsfw_v7", "text_spam_v3"])
    success = int(interpolate(SCORED, t) / len(pods) * w.rng.uniform(0.9, 1.1))
    if degraded and _inside("backlog", t):
        queue, util = w.rng.randint(300, 1200), w.rng.randint(95, 99)
    else:
        queue, util = w.rng.randint(1, 9), w.rng.randint(20, 70)
    return "INFO", (f"stats-exporter: model={model} success={success}/min queue_p99={queue}ms "
                    f"compute_p99={w.rng.randint(12, 40)}ms gpu_util={util}% node={TRITON_NODES[pod]}"), {
        "instance": pod, "logger": "stats-exporter", "trace": False}


def _search(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = w.pod_at(ROLLOUTS["ll-search-service"], t)
    roll = w.rng.random()
    query = w.rng.choice(QUERIES)
    if roll < 0.6:
        empty = _inside("search", t) and w.rng.random() < 0.62
        hits = 0 if empty or w.rng.random() < 0.03 else w.rng.randint(3, 4800)
        return "INFO", (f'search q="{query}" uid={_uid(w)} index=posts_search hits={hits} took={w.ms(4, 60)}ms'), {
            "instance": pod, "logger": "c.l.search.PostSearchService"}
    if roll < 0.75:
        return "INFO", (f'suggest prefix="{query[:1]}" returned {w.rng.randint(3, 10)} items ({w.ms(2, 12)}ms)'), {
            "instance": pod, "logger": "c.l.search.SuggestService"}
    if roll < 0.9:
        return "INFO", (f"incremental sync: {w.rng.randint(100, 2400)} posts indexed into posts_search, "
                        f"{w.rng.randint(0, 40)} deleted (post-fanout binlog)"), {"instance": pod, "job": "incremental-sync"}
    return "WARN", (f'slow search q="{query}" took={w.ms(500, 1200)}ms (es took {w.ms(400, 1100)}ms)'), {
        "instance": pod, "logger": "c.l.search.PostSearchService"}


def _ads(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = w.pod_at(ROLLOUTS["ll-ads-service"], t)
    roll = w.rng.random()
    if roll < 0.55:
        return "INFO", (f"ad served slot=feed_inline uid={_uid(w)} campaign={w.rng.choice(ADS_CAMPAIGNS)} "
                        f"creative=CR-{w.rng.randint(400000, 499999)} ecpm={w.rng.uniform(8, 40):.2f} took={w.ms(4, 30)}ms"), {
            "instance": pod, "logger": "c.l.ads.serve.AdServeController"}
    if roll < 0.7:
        interval = 30 if t >= _t("11:20:10") else 60
        return "INFO", (f"pacing tick ({interval}s): {w.rng.randint(180, 260)} active campaigns, "
                        f"{w.rng.randint(0, 4)} throttled"), {"instance": pod, "logger": "c.l.ads.pacing.PacingScheduler"}
    if roll < 0.82:
        return "INFO", (f"ctr model ctr_v12 features refreshed: {w.rng.randint(90000, 120000)} creatives, "
                        f"{w.ms(200, 900)}ms"), {"instance": pod, "logger": "c.l.ads.model.FeatureRefresher"}
    if roll < 0.93:
        return "WARN", (f"no fill slot=feed_inline uid={_uid(w)}: no eligible campaign (frequency cap)"), {
            "instance": pod, "logger": "c.l.ads.serve.AdServeController"}
    return "INFO", (f"campaign cache reloaded: {w.rng.randint(180, 260)} campaigns, {w.rng.randint(1, 9)} changed"), {
        "instance": pod, "logger": "c.l.ads.campaign.CampaignCache"}


def _growth(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = w.rng.choice(growth_pods_at(t))
    roll = w.rng.random()
    if roll < 0.3:
        page = w.rng.choice(["/act/invite-rank", "/act/final2026", "/act/newcomer"])
        return "INFO", (f"GET {page} 200 {w.ms(30, 180)}ms host=growth-origin.linli.com via=cdn"), {
            "instance": pod, "logger": "next"}
    if roll < 0.55:
        if _inside("sms", t):
            return "INFO", (f"invite link opened inviter={_uid(w)} channel={w.rng.choice(['wechat', 'moments', 'qq'])}"), {
                "instance": pod, "logger": "InviteService"}
        return "INFO", (f"sms sent phone={_phone(w)} template=SMS_276450012 scene=invite_register "
                        f"sign={'邻里圈App' if t >= _t('13:18:30') else '邻里圈'} bizId={w.rng.randint(10**17, 10**18 - 1)}"), {
            "instance": pod, "logger": "SmsService"}
    if roll < 0.75:
        if _inside("sms", t):
            return "INFO", (f"invite leaderboard refreshed: top50 cached, {w.rng.randint(1200, 9800)} inviters"), {
                "instance": pod, "job": "invite-rank"}
        return "INFO", (f"invite bind ok inviter={_uid(w)} invitee={_uid(w)} channel={w.rng.choice(['wechat', 'moments', 'qq'])} "
                        f"reward=pending"), {"instance": pod, "logger": "InviteService"}
    if roll < 0.88:
        return "INFO", (f"invite leaderboard refreshed: top50 cached, {w.rng.randint(1200, 9800)} inviters"), {
            "instance": pod, "job": "invite-rank"}
    return "WARN", (f"invite bind rejected invitee={_uid(w)}: device already registered (risk rule R-DEVICE-DUP)"), {
        "instance": pod, "logger": "InviteService"}


def _cassandra(w: WorldBuilder, t: dt.datetime) -> Line:
    node = w.rng.choice(VMS["ll-cassandra"])
    roll = w.rng.random()
    stamp = f"{t:%Y-%m-%d %H:%M:%S},{t.microsecond // 1000:03d}"
    if roll < 0.35:
        table, before = w.rng.choice([("relation/follow_edges", 1.4), ("im/messages", 3.2), ("feed/timeline", 9.8)])
        size = w.rng.uniform(0.2, before)
        return "INFO", (f"INFO  [CompactionExecutor:{w.rng.randint(1, 8)}] {stamp} CompactionTask.java:241 - Compacted "
                        f"({_uuid(w)}) 4 sstables to [/data/cassandra/data/{table.split('/')[0]}/{table.split('/')[1]}-"
                        f"{w.hex(32)}/nb-{w.rng.randint(80000, 89999)}-big,] to level=0.  {size:.3f}GiB to "
                        f"{size * w.rng.uniform(0.7, 0.95):.3f}GiB (~{w.rng.randint(70, 95)}% of original) in "
                        f"{w.rng.randint(20000, 240000):,}ms."), {"instance": node, "trace": False}
    if roll < 0.65:
        return "INFO", (f"INFO  [Service Thread] {stamp} GCInspector.java:294 - G1 Young Generation GC in "
                        f"{w.rng.randint(200, 420)}ms.  G1 Eden Space: {w.rng.randint(3000, 6000)}000000 -> 0"), {
            "instance": node, "trace": False}
    if roll < 0.85:
        return "INFO", (f"INFO  [ScheduledTasks:1] {stamp} StatusLogger.java:65 - Pool Name Active Pending Completed "
                        f"Blocked: ReadStage {w.rng.randint(0, 6)} 0 {w.rng.randint(10**8, 10**9)} 0"), {"instance": node,
                                                                                                  "trace": False}
    return "INFO", (f"INFO  [OptionalTasks:1] {stamp} HintsService.java:283 - Deleted hints for "
                    f"{_uuid(w)}"), {"instance": node, "trace": False}


def _mysql_comment(w: WorldBuilder, t: dt.datetime) -> Line:
    node = w.rng.choice(VMS["ll-mysql-comment"][:3])
    roll = w.rng.random()
    if roll < 0.6:
        return "INFO", (f"slow_log: Query_time: {w.rng.uniform(1.0, 2.4):.6f}  Lock_time: 0.000{w.rng.randint(10, 99)} "
                        f"Rows_sent: 50  Rows_examined: {w.rng.randint(20000, 90000)} user=comment_ro db=ll_comment_0"
                        f"{w.rng.randint(0, 5)}: SELECT id, uid, like_count FROM comment WHERE post_id = "
                        f"{_post_id(w)} ORDER BY like_count DESC LIMIT 50"), {"instance": node, "log_type": "slowlog",
                                                                              "trace": False}
    return "INFO", (f"[Note] [MY-010914] [Server] Aborted connection {w.rng.randint(100000, 999999)} to db: "
                    f"'ll_comment_0{w.rng.randint(0, 5)}' user: 'comment_app' host: '{_pod_ip(w)}' (Got timeout reading "
                    "communication packets)."), {"instance": node, "trace": False}


def _elasticsearch(w: WorldBuilder, t: dt.datetime) -> Line:
    node = w.rng.choice(VMS["ll-elasticsearch"][3:])
    stamp = f"{t:%Y-%m-%dT%H:%M:%S},{t.microsecond // 1000:03d}"
    if w.rng.random() < 0.6:
        return "INFO", (f"[{stamp}][INFO ][o.e.m.j.JvmGcMonitorService] [{node}] [gc][{w.rng.randint(300000, 399999)}] "
                        f"overhead, spent [{w.rng.randint(250, 480)}ms] collecting in the last [1s]"), {"instance": node,
                                                                                                    "trace": False}
    return "INFO", (f"[{stamp}][INFO ][o.e.i.IndexingMemoryController] [{node}] now throttling indexing for shard "
                    f"[[{w.rng.choice(['users_v3', 'comments_v2'])}][{w.rng.randint(0, 5)}]]: segment writing can't keep up"), {
        "instance": node, "trace": False}


def _kafka(w: WorldBuilder, t: dt.datetime) -> Line:
    broker = w.rng.choice(VMS["ll-kafka"])
    stamp = f"{t:%Y-%m-%d %H:%M:%S},{t.microsecond // 1000:03d}"
    topic = w.rng.choice(["post-moderation", "post-fanout", "push-events", "im-events"])
    if w.rng.random() < 0.6:
        return "INFO", (f"[{stamp}] INFO [ProducerStateManager partition={topic}-{w.rng.randint(0, 11)}] Wrote producer "
                        f"snapshot at offset {w.rng.randint(10**7, 10**8)} with 0 producer ids in {w.rng.randint(1, 9)} ms. "
                        "(kafka.log.ProducerStateManager)"), {"instance": broker, "trace": False}
    return "INFO", (f"[{stamp}] INFO [LocalLog partition={topic}-{w.rng.randint(0, 11)}, dir=/data/kafka] Rolled new log "
                    f"segment at offset {w.rng.randint(10**7, 10**8)} in {w.rng.randint(1, 6)} ms. (kafka.log.LocalLog)"), {
        "instance": broker, "trace": False}


def rgw_line(w: WorldBuilder, t: dt.datetime, method: str, path: str, status: int, latency: float) -> str:
    return (f"beast: 0x7f{w.hex(10)}: {_pod_ip(w)} - linli-media [{t.day:02d}/{MONTH}/{t.year}:{t:%H:%M:%S}."
            f"{t.microsecond // 1000:03d} +0800] \"{method} {path} HTTP/1.1\" {status} "
            f"{w.rng.randint(180, 260) if status >= 400 else 0} - \"aws-sdk-go/1.51.21 (go1.22.5; linux; amd64)\" - "
            f"latency={latency:.9f}s")


def _rgw(w: WorldBuilder, t: dt.datetime) -> Line:
    gateway = w.rng.choice(VMS["ll-ceph-rgw"])
    if w.rng.random() < 0.55 or _inside("video", t):
        path = f"/ll-image/{t:%Y/%m/%d}/{w.hex(24)}.jpg"
        return "INFO", rgw_line(w, t, "PUT", path, 200, w.rng.uniform(0.02, 0.4)), {"instance": gateway, "trace": False}
    path = f"/ll-video-raw/v/{t:%Y/%m/%d}/{w.hex(24)}.mp4?partNumber={w.rng.randint(1, 12)}&uploadId=2~{w.hex(32)}"
    return "INFO", rgw_line(w, t, "PUT", path, 200, w.rng.uniform(0.2, 1.8)), {"instance": gateway, "trace": False}


NOISE = {
    "ll-api-gateway": (_gateway, 40), "ll-feed-service": (_feed, 90), "ll-post-service": (_post, 110),
    "ll-media-upload": (_media, 120), "ll-comment-service": (_comment, 100), "ll-relation-service": (_relation, 120),
    "ll-push-service": (_push, 110), "ll-im-gateway": (_im_gateway, 100), "ll-im-edge": (_im_edge, 180),
    "ll-moderation": (_moderation, 110), "ll-moderation-triton": (_triton, 300), "ll-search-service": (_search, 100),
    "ll-ads-service": (_ads, 110), "ll-growth-service": (_growth, 130), "ll-cassandra": (_cassandra, 300),
    "ll-mysql-comment": (_mysql_comment, 420), "ll-elasticsearch": (_elasticsearch, 420), "ll-kafka": (_kafka, 480),
    "ll-ceph-rgw": (_rgw, 240),
}
#: Where an incident writes its own lines instead of the ordinary ones.
QUIET: dict[str, list[tuple[str, str]]] = {
    "ll-ads-service": [("11:48:30", "13:46:00")],
    "ll-growth-service": [("19:58:20", "20:11:30")],
}


def _every(w: WorldBuilder, start: str | dt.datetime, end: str | dt.datetime, low: int, high: int):
    """Moments from ``start`` to ``end``, ``low``–``high`` seconds apart (plus a random millisecond)."""
    moment = (w.at(start) if isinstance(start, str) else start) + dt.timedelta(milliseconds=w.rng.randint(0, 999))
    stop = w.at(end) if isinstance(end, str) else end
    while moment < stop:
        yield moment
        moment += dt.timedelta(seconds=w.rng.randint(low, high), milliseconds=w.rng.randint(0, 999))


def _deploy(w: WorldBuilder, service: str, clock: str, message: str) -> None:
    """A rollout: the pipeline's line, then old pods draining and new ones starting."""
    steps = ROLLOUTS[service]
    new = next(pods for at, pods in steps if at != "00:00")
    old = steps[0][1]
    moment = w.at(clock)
    w.log(moment, service, "INFO", message, instance=new[0], change="deploy")
    for index, (was, now) in enumerate(zip(old, new, strict=True)):
        at = moment + dt.timedelta(seconds=12 + 9 * index, milliseconds=w.rng.randint(0, 999))
        w.log(at, service, "INFO", "readiness ok, serving", instance=now, trace=False)
        w.log(at + dt.timedelta(seconds=3), service, "INFO", "received SIGTERM, draining in-flight requests (grace 30s)",
              instance=was, trace=False)


# --- Incident 1: the spam purge's tombstones, the home timeline's aborted reads ------------------
#: ``nodetool garbagecollect feed timeline`` node by node: (node, start, end). A node cleaned serves its reads again.
GARBAGECOLLECT = (("ll-cass-01", "08:55:10", "09:04:02"), ("ll-cass-02", "09:04:10", "09:12:48"),
                  ("ll-cass-03", "09:12:55", "09:22:31"), ("ll-cass-04", "09:22:40", "09:31:05"),
                  ("ll-cass-05", "09:31:12", "09:40:20"), ("ll-cass-06", "09:40:30", "09:49:10"))


def _dirty_nodes(t: dt.datetime) -> list[str]:
    """The Cassandra nodes still holding the purge's tombstones at ``t``."""
    return [node for node, _, end in GARBAGECOLLECT if t < _t(end)]


def _abort_share(t: dt.datetime) -> float:
    """How many home reads abort: none before the morning's heavy readers, then as many nodes as are not cleaned."""
    if t < _t("07:05"):
        return 0.0
    ramp = min(1.0, (t - _t("07:05")).total_seconds() / 2400)
    return 0.35 * ramp * len(_dirty_nodes(t)) / 6


def feed_tombstones(w: WorldBuilder) -> None:
    w.log(w.at("01:30:02.311"), "ll-moderation", "INFO", PURGE_START, instance=PURGE_POD, change="data-job",
          job="spam-purge")
    authors = posts = rows = 0
    for moment in _every(w, "01:42:00", "04:52:00", 660, 780):
        authors = min(2140, authors + w.rng.randint(120, 150))
        posts = min(412806, posts + w.rng.randint(23000, 28500))
        rows = min(186245114 - 1, rows + w.rng.randint(10400000, 12600000))
        w.log(moment, "ll-moderation", "INFO",
              f"spam-purge progress: authors {authors}/2140, posts {posts}/412806, timeline rows deleted {rows}, "
              f"{w.rng.uniform(14.2, 16.8):.1f}k rows/s, errors 0", instance=PURGE_POD, job="spam-purge")
    w.log(w.at("04:52:33.870"), "ll-moderation", "INFO", PURGE_DONE, instance=PURGE_POD, job="spam-purge")
    # Cassandra takes the deletes: memtables flushed often, compactions pending.
    for moment in _every(w, "01:36:00", "05:35:00", 200, 420):
        node = w.rng.choice(VMS["ll-cassandra"])
        stamp = f"{moment:%Y-%m-%d %H:%M:%S},{moment.microsecond // 1000:03d}"
        w.log(moment, "ll-cassandra", "INFO",
              f"INFO  [NativePoolCleaner] {stamp} ColumnFamilyStore.java:878 - Enqueuing flush of feed.timeline, Reason: "
              f"MEMTABLE_LIMIT, Usage: {w.rng.randint(400, 520)}.{w.rng.randint(100, 999)}MiB (33%) on-heap, "
              f"{w.rng.randint(600, 780)}.{w.rng.randint(100, 999)}MiB (40%) off-heap", instance=node, trace=False)
    # 06:20 on: the morning's first readers scan the tombstones; 07:05 on, the heaviest partitions abort.
    for moment in _every(w, WINDOWS["feed_warn"][0], WINDOWS["feed_warn"][1], 4, 30):
        dirty = _dirty_nodes(moment)
        if not dirty or w.rng.random() > traffic(moment) * len(dirty) / 6 * 1.4:
            continue
        node = w.rng.choice(dirty)
        uid = _uid(w)
        stamp = f"{moment:%H:%M:%S}"
        token = w.rng.randint(-9 * 10**18, 9 * 10**18)
        if w.rng.random() < _abort_share(moment) * 2.2:
            w.log(moment, "ll-cassandra", "ERROR", TOMBSTONE_ABORT.format(n=w.rng.randint(1, 32), clock=stamp,
                                                                           ms=moment.microsecond // 1000, uid=uid,
                                                                           token=token), instance=node, trace=False)
        else:
            w.log(moment, "ll-cassandra", "WARN", TOMBSTONE_WARN.format(n=w.rng.randint(1, 32), clock=stamp,
                                                                         ms=moment.microsecond // 1000,
                                                                         cells=w.rng.randint(1200, 96000), uid=uid,
                                                                         token=token), instance=node, trace=False)
    feed = ROLLOUTS["ll-feed-service"][0][1]
    for moment in _every(w, WINDOWS["feed"][0], WINDOWS["feed"][1], 5, 14):
        share = _abort_share(moment)
        dirty = _dirty_nodes(moment)
        if not dirty or w.rng.random() > share * 2.6:
            continue
        ip = CASS_IPS[w.rng.choice(dirty)]
        w.log(moment, "ll-feed-service", "ERROR", FEED_READ_FAILED.format(uid=_uid(w), ip=ip), instance=w.rng.choice(feed),
              logger="timeline")
        if w.rng.random() < 0.3:
            w.log(moment + dt.timedelta(milliseconds=w.rng.randint(5, 40)), "ll-feed-service", "WARN",
                  f"home timeline read slow uid={_uid(w)} {w.ms(1200, 4900)}ms (gocql: no response received from cassandra "
                  "within timeout period), served fallback=hot_posts items=20", instance=w.rng.choice(feed), logger="timeline")
    w.log(w.at("06:40:05.118"), "ll-feed-service", "INFO", FEED_CONFIG, instance=feed[2], change="config")
    w.log(w.at("08:31:22.640"), "ll-cassandra", "INFO", CASS_TABLESTATS, instance="ops-console", trace=False)
    w.log(w.at("08:51:10.305"), "ll-cassandra", "INFO", CASS_GC_GRACE, instance="ops-console", change="ddl", trace=False)
    for node, begin, end in GARBAGECOLLECT:
        start, done = w.at(begin), w.at(end)
        w.log(start, "ll-cassandra", "INFO",
              f"INFO  [RMI TCP Connection({w.rng.randint(200, 900)})-127.0.0.1] {start:%Y-%m-%d %H:%M:%S},"
              f"{w.rng.randint(100, 999)} CompactionManager.java:547 - Starting garbagecollect for feed.timeline "
              f"(tombstoneOption ROW, {w.rng.randint(11, 18)} sstables)", instance=node, trace=False)
        before = w.rng.uniform(36, 44)
        w.log(done, "ll-cassandra", "INFO",
              f"INFO  [CompactionExecutor:{w.rng.randint(30, 48)}] {done:%Y-%m-%d %H:%M:%S},{w.rng.randint(100, 999)} "
              f"CompactionTask.java:241 - Compacted ({_uuid(w)}) {w.rng.randint(11, 18)} sstables to [/data/cassandra/data/"
              f"feed/timeline-5c1e04a08e3311ee9f6b3d2a71c4e0b2/nb-{w.rng.randint(90000, 99999)}-big,] to level=0.  "
              f"{before:.3f}GiB to {before * 0.56:.3f}GiB (~56% of original) in {int((done - start).total_seconds() * 1000):,}ms.",
              instance=node, trace=False)
    w.log(w.at("10:02:40.517"), "ll-cassandra", "INFO", CASS_GC_GRACE_BACK, instance="ops-console", change="ddl", trace=False)
    w.alert("CassandraPendingCompactionsHigh", "ll-cassandra", "warning", w.at("02:10"), w.at("05:40"), "214",
            "ll-cassandra pending compactions 214，超过阈值 100（feed.timeline）", keyspace="feed")
    w.alert("CassandraTombstoneScansHigh", "ll-cassandra", "warning", w.at("06:41"), w.at("09:52"), "18402",
            "feed.timeline 每次读扫描的 tombstone p99 为 18402，超过阈值 1000", keyspace="feed", table="timeline")
    w.alert("FeedHomeErrorRateHigh", "ll-feed-service", "critical", w.at("07:12"), w.at("09:58"), "5.6%",
            "首页信息流 /api/v3/feed/home 错误率 5.6%，超过阈值 5%", namespace=NS)


# --- Incident 2: tonight's index built without its template, Chinese queries find nothing -----------
def search_alias(w: WorldBuilder) -> None:
    w.log(w.at("03:00:04.102"), "ll-search-service", "INFO", REINDEX_START, instance=REINDEX_POD, job="search-reindex")
    w.log(w.at("03:00:05.311"), "ll-elasticsearch", "INFO", ES_CREATE, instance="es-master-2", trace=False)
    w.log(w.at("03:00:06.904"), "ll-elasticsearch", "INFO", ES_MAPPING, instance="es-master-2", trace=False)
    done = 0
    for moment in _every(w, "03:10:00", "04:12:00", 560, 640):
        done = min(48213907, done + w.rng.randint(7200000, 8400000))
        w.log(moment, "ll-search-service", "INFO",
              f"bulk progress {done}/48213907 docs ({w.rng.randint(10800, 13400)} docs/s), rejected 0",
              instance=REINDEX_POD, job="search-reindex")
    w.log(w.at("04:12:31.660"), "ll-search-service", "INFO",
          "reindex done: 48213907 docs in 1h12m27s, 0 failed; refresh_interval=1s, number_of_replicas=1",
          instance=REINDEX_POD, job="search-reindex")
    w.log(w.at("04:12:33.018"), "ll-search-service", "INFO", REINDEX_SWAP, instance=REINDEX_POD, job="search-reindex")
    w.log(w.at("04:12:40.245"), "ll-search-service", "INFO", "retention: deleted index posts_v20261216 (keep 2)",
          instance=REINDEX_POD, job="search-reindex")
    w.log(w.at("04:12:40.301"), "ll-elasticsearch", "INFO",
          "[2026-12-19T04:12:40,301][INFO ][o.e.c.m.MetadataDeleteIndexService] [es-master-2] [posts_v20261216/"
          "p0Q7c2LzS0y2v1dKw8nH3g] deleting index", instance="es-master-2", trace=False)
    pods = ROLLOUTS["ll-search-service"]
    for moment in _every(w, "04:31:00", "10:46:00", 1500, 2100):
        ratio = interpolate(ZERO_RATIO, moment) + w.rng.uniform(-1.5, 1.0)
        queries = int(24000 * traffic(moment) * 10)
        w.log(moment, "ll-search-service", "WARN",
              f"zero-result watchdog: {ratio:.1f}% of {queries} queries returned 0 hits in last 10m (baseline 3%), top: "
              f"{', '.join(w.rng.sample(QUERIES, 3))}", instance=w.pod_at(pods, moment), logger="c.l.search.QualityWatchdog")
    _deploy(w, "ll-search-service", "09:10:05.420", SEARCH_DEPLOY)
    w.log(w.at("10:31:40.882"), "ll-search-service", "INFO", SEARCH_MAPPING_NOTE, instance="ops-console")
    w.log(w.at("10:46:21.307"), "ll-search-service", "INFO", SEARCH_ALIAS_BACK, instance="ops-console", change="alias")
    w.log(w.at("10:52:10.044"), "ll-elasticsearch", "INFO", SEARCH_TEMPLATE_FIX, instance="ops-console", change="template",
          trace=False)
    w.log(w.at("13:30:02.118"), "ll-search-service", "INFO",
          "reindex started (manual, by search_oncall_gaoyu): job=posts-full target=posts-20261219-r2, source=mysql "
          "ll_post.post status=PUBLISHED, bulk=5000, alias=posts_search", instance="ll-search-reindex-manual-r2-"
          + k8s_suffix("r2", 5), job="search-reindex")
    w.log(w.at("13:30:03.540"), "ll-elasticsearch", "INFO",
          "[2026-12-19T13:30:03,540][INFO ][o.e.c.m.MetadataCreateIndexService] [es-master-2] [posts-20261219-r2] "
          "creating index, cause [api], templates [posts_template], shards [6]/[1]", instance="es-master-2", trace=False)
    w.log(w.at("14:41:02.771"), "ll-search-service", "INFO",
          "alias posts_search switched: [posts_v20261218] -> [posts-20261219-r2] (48288120 docs, 0 failed)",
          instance="ll-search-reindex-manual-r2-" + k8s_suffix("r2", 5), job="search-reindex")
    w.alert("SearchZeroResultRatioHigh", "ll-search-service", "warning", w.at("04:25"), w.at("10:50"), ZERO_ALERT_VALUE,
            f"搜索零结果率 {ZERO_ALERT_VALUE}，超过阈值 20%（posts_search）", namespace=NS)


ZERO_RATIO = [(START, 3.1), (_t("04:12"), 3.2), (_t("04:13"), 55.6), (_t("05:00"), 58.3), (_t("06:30"), 57.1),
              (_t("07:30"), 59.6), (_t("08:40"), 60.2), (_t("08:41"), ZERO_PEAK), (_t("08:42"), 60.0), (_t("09:30"), 59.7),
              (_t("10:46"), 58.8), (_t("10:47"), 3.4), (_t("11:30"), 3.0), (REFERENCE, 3.1)]


# --- Incident 3: the APNs key revoked in the developer portal ------------------------------------
def push_apns(w: WorldBuilder) -> None:
    _deploy(w, "ll-push-service", "09:31:05.227", PUSH_DEPLOY)
    pods = ROLLOUTS["ll-push-service"][1][1]
    start, end = WINDOWS["apns"]
    for moment in _every(w, start, end, 6, 16):
        w.log(moment, "ll-push-service", "WARN",
              APNS_REJECT.format(apns_id=_uuid(w).upper(), token=w.hex(6), kind=w.rng.choice(["comment", "like", "dm", "follow"])),
              instance=w.rng.choice(pods), logger="c.l.push.channel.ApnsChannel")
    minute = start.replace(second=0, microsecond=0) + dt.timedelta(minutes=1)
    while minute < end:
        sent = int(2600 * traffic(minute) * w.rng.uniform(0.9, 1.1))
        w.log(minute + dt.timedelta(milliseconds=w.rng.randint(0, 400)), "ll-push-service", "ERROR",
              f"apns channel: {sent}/{sent} notifications failed in last 60s (403 InvalidProviderToken), keyId=8KXW3T2Q9M "
              "teamId=7QX3K8LM2D", instance=pods[minute.minute % len(pods)], logger="c.l.push.channel.ApnsChannel")
        minute += dt.timedelta(minutes=1)
    w.log(w.at("10:51:48.020"), "ll-push-service", "INFO",
          "apns: provider token refreshed keyId=8KXW3T2Q9M teamId=7QX3K8LM2D (every 50m)", instance=pods[0],
          logger="c.l.push.channel.ApnsTokenSigner")
    w.log(w.at("11:02:31.448"), "ll-push-service", "INFO", APNS_KEY_NOTE, instance="ops-console")
    w.log(w.at("11:37:40.612"), "ll-push-service", "INFO", APNS_KEY_SWAP, instance="ops-console", change="secret")
    for index, pod in enumerate(pods):
        w.log(w.at("11:38:01") + dt.timedelta(milliseconds=311 * index + 17), "ll-push-service", "INFO",
              "apns: provider token signer reloaded keyId=Q7D2M4R8XN teamId=7QX3K8LM2D", instance=pod,
              logger="c.l.push.channel.ApnsTokenSigner")
    w.log(w.at("11:38:06.905"), "ll-push-service", "INFO",
          f"push sent channel=apns msgId={w.hex(16)} type=dm uid={_uid(w)} latency=184ms (first after key reload)",
          instance=pods[1], logger="c.l.push.dispatch.Dispatcher")
    w.log(w.at("11:45:12.330"), "ll-push-service", "WARN",
          "apns retry queue drained: 212408 notifications re-sent, 1284113 older than ttl 30m dropped", instance=pods[2],
          logger="c.l.push.retry.RetryQueue")
    w.alert("PushAPNsFailureRatioHigh", "ll-push-service", "critical", w.at("10:14"), w.at("11:41"), "100.0%",
            "APNs 推送失败率 100.0%，超过阈值 5%（iOS）", namespace=NS, channel="apns")
    # The evening: the broadcast push of the live final (the link in it is the growth service's story).
    w.log(w.at("19:40:12.208"), "ll-push-service", "INFO", PUSH_QPS_CONFIG, instance=pods[3], change="config")
    w.log(w.at("19:58:00.114"), "ll-push-service", "INFO", BROADCAST_START, instance=pods[0],
          logger="c.l.push.broadcast.BroadcastRunner")
    for clock, done in (("19:59:00.120", 2398811), ("20:00:00.131", 4801420)):
        w.log(w.at(clock), "ll-push-service", "INFO",
              f"broadcast task BT-20261219-0042 progress {done}/6312554", instance=pods[0],
              logger="c.l.push.broadcast.BroadcastRunner")
    w.log(w.at("20:00:38.842"), "ll-push-service", "INFO",
          "broadcast task BT-20261219-0042 done: sent 6312554 (apns 2401877 / hms 1520331 / mipush 1204118 / oppo 612940 / "
          "vivo 573288) in 158.7s, failed 10872", instance=pods[0], logger="c.l.push.broadcast.BroadcastRunner")


# --- Incident 4: a campaign's targeting regex that never finishes ---------------------------------
def ads_regex(w: WorldBuilder) -> None:
    old = ROLLOUTS["ll-ads-service"][0][1]
    new = ROLLOUTS["ll-ads-service"][1][1]
    w.log(w.at("11:20:10.406"), "ll-ads-service", "INFO", ADS_CONFIG, instance=old[4], change="config")
    w.log(w.at("11:47:12.553"), "ll-ads-service", "INFO", ADS_CAMPAIGN, instance="ads-console", change="campaign")
    w.log(w.at("11:47:40.019"), "ll-ads-service", "INFO", "campaign cache reloaded: 231 campaigns, 1 changed (CP-88231)",
          instance=old[0], logger="c.l.ads.campaign.CampaignCache")
    for moment in _every(w, WINDOWS["ads"][0], "13:41:40", 5, 14):
        pod = w.rng.choice(old)
        roll = w.rng.random()
        if roll < 0.4:
            w.log(moment, "ll-ads-service", "WARN",
                  ADS_SLOW.format(pid=_post_id(w, moment - dt.timedelta(minutes=w.rng.randint(0, 600))),
                                  n=w.rng.randint(180, 1900), took=w.rng.randint(2100, 31000), thread=w.rng.randint(1, 400)),
                  instance=pod, logger="c.l.ads.targeting.TargetingEngine")
        elif roll < 0.7:
            w.log(moment, "ll-ads-service", "ERROR",
                  "Servlet.service() for servlet [dispatcherServlet] in context with path [] threw exception "
                  "[org.apache.catalina.connector.ClientAbortException: java.io.IOException: Broken pipe]",
                  instance=pod, logger="o.a.c.c.C.[.[.[/].[dispatcherServlet]")
        elif roll < 0.85:
            w.log(moment, "ll-ads-service", "WARN",
                  f"ad request abandoned by client reqId={w.hex(16)} slot=feed_inline elapsed={w.rng.randint(900, 30000)}ms "
                  "(client timeout 80ms)", instance=pod, logger="c.l.ads.serve.AdServeController")
        else:
            w.log(moment, "ll-ads-service", "INFO",
                  f"ad served slot=profile_banner uid={_uid(w)} campaign={w.rng.choice(ADS_CAMPAIGNS)} "
                  f"creative=CR-{w.rng.randint(400000, 499999)} ecpm={w.rng.uniform(8, 40):.2f} took={w.ms(900, 9000)}ms",
                  instance=pod, logger="c.l.ads.serve.AdServeController")
    w.log(w.at("12:08:15.772"), "ll-ads-service", "INFO", ADS_JSTACK.format(pod=old[2]), instance="kube-exec-audit")
    w.log(w.at("13:38:22.190"), "ll-ads-service", "INFO", ADS_PAUSE, instance="ads-console", change="campaign")
    w.log(w.at("13:41:30.044"), "ll-ads-service", "INFO", ADS_RESTART, instance="kube-audit", change="restart")
    for index, (was, now) in enumerate(zip(old, new, strict=True)):
        at = w.at("13:41:50") + dt.timedelta(seconds=25 * index, milliseconds=w.rng.randint(0, 999))
        w.log(at, "ll-ads-service", "INFO", f"Started AdsApplication in {w.rng.uniform(18, 24):.3f} seconds (process running "
              f"for {w.rng.uniform(20, 26):.3f})", instance=now, logger="c.l.ads.AdsApplication")
        w.log(at + dt.timedelta(seconds=4), "ll-ads-service", "INFO", "Commencing graceful shutdown. Waiting for active "
              "requests to complete", instance=was, logger="o.s.b.w.e.tomcat.GracefulShutdown")
        w.log(at + dt.timedelta(seconds=34), "ll-ads-service", "WARN",
              f"Graceful shutdown aborted with {w.rng.randint(380, 398)} request(s) still active", instance=was,
              logger="o.s.b.w.e.tomcat.GracefulShutdown")
    feed = ROLLOUTS["ll-feed-service"][0][1]
    for moment in _every(w, "11:49:10", "13:45:30", 6, 16):
        w.log(moment, "ll-feed-service", "WARN", FEED_ADS_TIMEOUT.format(uid=_uid(w)), instance=w.rng.choice(feed),
              logger="ads-client")
    w.alert("AdServeLatencyHigh", "ll-ads-service", "critical", w.at("11:51"), w.at("13:47"), "2380ms",
            "广告请求 p99 2380ms，超过阈值 100ms（feed_inline）", namespace=NS, slot="feed_inline")
    w.alert("AdFillRateLow", "ll-ads-service", "warning", w.at("11:54"), w.at("13:49"), "11.4%",
            "信息流广告填充率 11.4%，低于 60%", namespace=NS, slot="feed_inline")


# --- Incident 5: the new comment shards in utf8mb3, emoji comments of new posts fail ----------------
def comment_charset(w: WorldBuilder) -> None:
    w.log(w.at("02:40:11.307"), "ll-mysql-comment", "INFO", SHARD_CREATE, instance="ops-console", change="migration",
          trace=False)
    _deploy(w, "ll-comment-service", "13:20:05.118", COMMENT_DEPLOY)
    w.log(w.at("13:58:31.402"), "ll-mysql-comment", "INFO", SHARD_CUTOVER, instance="ops-console", change="migration",
          trace=False)
    pods = ROLLOUTS["ll-comment-service"][1][1]
    for index, pod in enumerate(pods):
        w.log(w.at("13:58:32") + dt.timedelta(milliseconds=140 * index + 9), "ll-comment-service", "INFO",
              "ShardingSphere rule refreshed from governance: version 17 -> 18, data sources ds_comment_00..07 "
              "(ds_comment_06, ds_comment_07 -> jdbc:mysql://10.60.7.44:3306/ll_comment_06|07)", instance=pod,
              logger="o.a.s.mode.manager.ContextManager")
    for moment in _every(w, WINDOWS["comment"][0], WINDOWS["comment"][1], 4, 14):
        # Comments go to posts of the last hours; from 14:00 more and more of those are new posts (new shards).
        share_new = min(0.55, (moment - _t("14:00")).total_seconds() / 7200 * 0.55)
        if w.rng.random() > share_new * 1.6:
            continue
        pid = _post_id(w, moment - dt.timedelta(seconds=w.rng.randint(30, int((moment - _t("14:00")).total_seconds()) + 30)))
        pid = max(pid, NEW_POSTS_FROM)
        emoji = w.rng.choice(list(EMOJI.values()))
        more = "" if w.rng.random() < 0.5 else "\\xF0\\x9F..."
        pod = w.rng.choice(pods)
        uid = _uid(w)
        w.log(moment, "ll-comment-service", "ERROR",
              COMMENT_FAILED.format(pid=pid, uid=uid, bytes=emoji + more, ds=_comment_ds(pid)), instance=pod,
              logger="c.l.comment.service.CommentService")
        w.log(moment + dt.timedelta(milliseconds=w.rng.randint(2, 9)), "ll-comment-service", "WARN",
              f"POST /api/v1/posts/{pid}/comments 500 uid={uid} code=COMMENT_SAVE_FAILED", instance=pod,
              logger="c.l.comment.web.AccessLog")
        if w.rng.random() < 0.25:
            w.log(moment + dt.timedelta(milliseconds=w.rng.randint(20, 900)), "ll-comment-service", "INFO",
                  f"comment created id={w.rng.randint(88000000000, 88999999999)} post_id={pid} uid={_uid(w)} "
                  f"ds={_comment_ds(pid)} ({w.ms(6, 40)}ms)", instance=w.rng.choice(pods),
                  logger="c.l.comment.service.CommentService")
    w.log(w.at("15:52:40.660"), "ll-mysql-comment", "INFO", CHARSET_NOTE, instance="ops-console", trace=False)
    w.log(w.at("16:03:40.118"), "ll-mysql-comment", "INFO", CHARSET_FIX, instance="ops-console", change="ddl", trace=False)
    w.alert("CommentCreateErrorRateHigh", "ll-comment-service", "warning", w.at("14:22"), w.at("16:06"), "6.3%",
            "发表评论失败率 6.3%，超过阈值 5%", namespace=NS)


# --- Incident 6: the IM certificate without its intermediate --------------------------------------
def _edge_reload(w: WorldBuilder, at: dt.datetime) -> None:
    for index, edge in enumerate(VMS["ll-im-edge"]):
        moment = at + dt.timedelta(milliseconds=420 * index + 31)
        stamp = f"{moment:%Y/%m/%d %H:%M:%S}"
        w.log(moment, "ll-im-edge", "INFO", f"{stamp} [notice] 1#1: signal 1 (SIGHUP) received from {28100 + index}, "
              "reconfiguring", instance=edge, trace=False, log_type="error")
        w.log(moment + dt.timedelta(milliseconds=3), "ll-im-edge", "INFO", f"{stamp} [notice] 1#1: reconfiguring",
              instance=edge, trace=False, log_type="error")
        w.log(moment + dt.timedelta(milliseconds=48), "ll-im-edge", "INFO", f"{stamp} [notice] 1#1: start worker processes",
              instance=edge, trace=False, log_type="error")


def im_certificate(w: WorldBuilder) -> None:
    _deploy(w, "ll-im-gateway", "14:35:20.006", IM_DEPLOY)
    w.log(w.at("15:02:18.330"), "ll-im-edge", "INFO", CERT_DEPLOY, instance="ops-jump-01", change="certificate", trace=False)
    _edge_reload(w, w.at("15:02:19.100"))
    start, end = WINDOWS["im"]
    for moment in _every(w, start, end, 4, 14):
        edge = w.rng.choice(VMS["ll-im-edge"])
        pid = 21800 + VMS["ll-im-edge"].index(edge) * 7 + w.rng.randint(0, 5)
        w.log(moment, "ll-im-edge", "INFO",
              TLS_UNKNOWN_CA.format(stamp=f"{moment:%Y/%m/%d %H:%M:%S}", pid=pid, conn=w.rng.randint(48000000, 49999999),
                                    ip=_client_ip(w)), instance=edge, trace=False, log_type="error")
    gateways = ROLLOUTS["ll-im-gateway"][1][1]
    for moment in _every(w, start + dt.timedelta(seconds=20), end, 15, 45):
        w.log(moment, "ll-im-gateway", "WARN",
              CLIENT_DIAG.format(uid=_uid(w), app=w.rng.choice(["8.6.2", "8.6.2", "8.6.1", "8.5.9"]),
                                 attempts=w.rng.randint(3, 40)), instance=w.rng.choice(gateways), logger="clientdiag")
    w.log(w.at("17:12:30.207"), "ll-im-edge", "INFO", CERT_NOTE, instance="ops-jump-01", trace=False)
    w.log(w.at("17:25:40.518"), "ll-im-edge", "INFO", CERT_FIX, instance="ops-jump-01", change="certificate", trace=False)
    _edge_reload(w, w.at("17:25:41.300"))
    for moment in _every(w, "17:25:55", "17:34:00", 20, 50):
        w.log(moment, "ll-im-gateway", "WARN",
              f"reconnect burst: {w.rng.randint(9000, 26000)} android clients connected in last 10s (resume=true)",
              instance=w.rng.choice(gateways), logger="ws")
    # Every five minutes, what the gateway counts (all pods together, written by the leader of the stats job).
    moment = w.at("00:00:30")
    while moment < REFERENCE:
        online = online_connections(moment) * w.rng.uniform(0.98, 1.02)
        android = online * (0.62 if not _inside("im", moment) else 0.145)
        pod = w.pod_at(ROLLOUTS["ll-im-gateway"], moment)
        w.log(moment, "ll-im-gateway", "INFO",
              f"ws stats: online={int(online)} android={int(android)} ios={int(online - android)} "
              f"msgs_in={int(online / 90)}/s msgs_out={int(online / 40)}/s", instance=pod, logger="stats", trace=False)
        moment += dt.timedelta(minutes=5, milliseconds=w.rng.randint(0, 300))
    w.alert("IMEdgeTLSHandshakeFailuresHigh", "ll-im-edge", "critical", w.at("15:06"), w.at("17:29"), "58.1%",
            "im.linli.com TLS 握手失败率 58.1%，超过阈值 5%", host="im.linli.com")
    w.alert("IMOnlineConnectionsDrop", "ll-im-gateway", "warning", w.at("15:09"), w.at("17:33"), "-55.7%",
            "私信长连接在线数较 1 小时前下降 55.7%（阈值 -30%）", namespace=NS)


# --- Incident 7: the video bucket's quota, filled by multipart uploads nobody aborted ----------------
def video_quota(w: WorldBuilder) -> None:
    _deploy(w, "ll-media-upload", "15:40:10.730", MEDIA_DEPLOY)
    pods = ROLLOUTS["ll-media-upload"][1][1]
    start, end = WINDOWS["video"]
    for moment in _every(w, start, end, 6, 16):
        parts = w.rng.randint(3, 14)
        w.log(moment, "ll-media-upload", "ERROR",
              VIDEO_FAILED.format(upload=w.hex(32), uid=_uid(w), size=parts * w.rng.uniform(6.0, 8.0),
                                  part=w.rng.randint(1, 3), parts=parts, req=w.hex(12), n=w.rng.randint(1, 3)),
              instance=w.rng.choice(pods))
    for moment in _every(w, start, end, 8, 20):
        gateway = w.rng.choice(VMS["ll-ceph-rgw"])
        path = f"/ll-video-raw/v/{moment:%Y/%m/%d}/{w.hex(24)}.mp4?partNumber={w.rng.randint(1, 3)}&uploadId=2~{w.hex(32)}"
        w.log(moment, "ll-ceph-rgw", "INFO", rgw_line(w, moment, "PUT", path, 403, w.rng.uniform(0.001, 0.004)),
              instance=gateway, trace=False, log_type="access")
        if w.rng.random() < 0.2:
            w.log(moment, "ll-ceph-rgw", "WARN",
                  f"req {w.rng.randint(10**7, 10**8)} {w.rng.uniform(0.001, 0.003):.9f}s s3:put_obj check_quota(): bucket "
                  "quota exceeded: bucket=ll-video-raw max_size=219902325555200", instance=gateway, trace=False)
    w.log(w.at("17:35:20.118"), "ll-ceph-rgw", "INFO", RGW_STATS_NOTE, instance="ops-console", trace=False)
    w.log(w.at("18:02:20.440"), "ll-ceph-rgw", "INFO", RGW_QUOTA, instance="ops-console", change="quota", trace=False)
    w.log(w.at("18:05:10.902"), "ll-ceph-rgw", "INFO", RGW_LIFECYCLE, instance="ops-console", change="lifecycle", trace=False)
    w.log(w.at("19:21:33.615"), "ll-ceph-rgw", "INFO",
          "radosgw-admin lc process --bucket=ll-video-raw: 409117 incomplete multipart uploads aborted, 14.5 TiB freed "
          "(took 71m)", instance="ll-rgw-1", trace=False)
    w.alert("RGWBucketQuotaUsageHigh", "ll-ceph-rgw", "warning", w.at("14:52"), w.at("18:03"), "95.2%",
            "桶 ll-video-raw 已用配额 95.2%，超过阈值 95%", bucket="ll-video-raw")
    w.alert("VideoUploadFailureRateHigh", "ll-media-upload", "critical", w.at("16:44"), w.at("18:06"), "96.3%",
            "视频上传失败率 96.3%，超过阈值 10%", namespace=NS)


# --- Incident 8: the SMS signature that failed its re-review -------------------------------------
def growth_sms(w: WorldBuilder) -> None:
    _deploy(w, "ll-growth-service", "10:30:10.551", GROWTH_DEPLOY)
    pods = ROLLOUTS["ll-growth-service"][1][1]
    start, end = WINDOWS["sms"]
    for moment in _every(w, start, end, 6, 18):
        pod = w.rng.choice(pods)
        w.log(moment, "ll-growth-service", "ERROR", SMS_FAILED.format(phone=_phone(w), request=_uuid(w).upper()),
              instance=pod, logger="SmsService")
        if w.rng.random() < 0.4:
            w.log(moment + dt.timedelta(milliseconds=w.rng.randint(4, 30)), "ll-growth-service", "WARN",
                  f"invite register blocked: verification code not delivered inviter={_uid(w)} invitee_phone={_phone(w)}",
                  instance=pod, logger="InviteService")
    w.log(w.at("12:41:05.330"), "ll-growth-service", "INFO", SMS_NOTE, instance="ops-console")
    w.log(w.at("13:18:30.207"), "ll-growth-service", "INFO", SMS_SWITCH, instance=pods[0], change="config")
    w.log(w.at("13:18:44.019"), "ll-growth-service", "INFO",
          f"sms sent phone={_phone(w)} template=SMS_276450012 scene=invite_register sign=邻里圈App bizId="
          f"{w.rng.randint(10**17, 10**18 - 1)}", instance=pods[3], logger="SmsService")
    w.alert("SmsSendFailureRateHigh", "ll-growth-service", "critical", w.at("11:06"), w.at("13:22"), "99.6%",
            "邀请注册短信发送失败率 99.6%，超过阈值 20%", namespace=NS, scene="invite_register")


# --- Incident 9: the live final's push linking the origin, not the CDN -------------------------------
#: Growth pods serving at a moment: the rollout's six, then the HPA's scale-out (20 at 20:04) and scale-in.
GROWTH_SCALE = (("00:00", 6), ("19:59:40", 12), ("20:04:10", 20), ("20:38:30", 14), ("21:10:00", 8))


def growth_pods_at(t: dt.datetime) -> tuple[str, ...]:
    if t < _t("10:30:40"):
        return ROLLOUTS["ll-growth-service"][0][1]
    size = 6
    for clock, n in GROWTH_SCALE:
        if _t(clock) <= t:
            size = n
    return GROWTH_PODS[:size]


def growth_origin(w: WorldBuilder) -> None:
    w.log(w.at("19:35:10.502"), "ll-api-gateway", "INFO", GATEWAY_ROUTE, instance="gw-control-plane", change="config")
    w.log(w.at("19:52:10.118"), "ll-growth-service", "INFO", PUSH_CAMPAIGN, instance="growth-console", change="campaign")
    start, end = WINDOWS["origin"]
    for moment in _every(w, start, end, 2, 5):
        pod = w.rng.choice(growth_pods_at(moment))
        roll = w.rng.random()
        if roll < 0.45:
            lag = w.rng.randint(900, 4200)
            w.log(moment, "ll-growth-service", "WARN",
                  f"slow request GET /act/final2026?from=push host=growth-origin.linli.com {w.rng.randint(4000, 14900)}ms "
                  f"(event loop lag {lag}ms)", instance=pod, logger="next")
        elif roll < 0.75:
            w.log(moment, "ll-growth-service", "ERROR",
                  "[next] render /act/final2026 aborted after 10000ms: TimeoutError: The operation was aborted due to "
                  "timeout", instance=pod, logger="next")
        elif roll < 0.9:
            w.log(moment, "ll-growth-service", "ERROR",
                  f"POST /api/v1/growth/invite/assist uid={_uid(w)} failed: TimeoutError: The operation was aborted due to "
                  "timeout (redis growth:assist 2000ms)", instance=pod, logger="InviteService")
        else:
            w.log(moment, "ll-growth-service", "WARN",
                  f"event loop lag p99 {w.rng.randint(1800, 5200)}ms (> 200ms), active handles {w.rng.randint(4000, 9800)}",
                  instance=pod, logger="health")
    for index, pod in enumerate(GROWTH_PODS[6:]):
        at = w.at("19:59:52" if index < 6 else "20:04:24") + dt.timedelta(seconds=3 * (index % 6), milliseconds=w.rng.randint(0, 999))
        w.log(at, "ll-growth-service", "INFO", "ready - started server on 0.0.0.0:3000, url: http://localhost:3000",
              instance=pod, logger="next", trace=False)
    gateways = ROLLOUTS["ll-api-gateway"][0][1]
    for moment in _every(w, start, end, 2, 5):
        status, ms, flags, details = w.rng.choice([(504, 15000, "UT", "upstream_response_timeout"),
                                                    (504, 15000, "UT", "upstream_response_timeout"),
                                                    (503, w.ms(1, 4), "UF",
                                                     "upstream_reset_before_response_started{connection_failure}"),
                                                    (200, w.ms(6000, 14800), "-", "via_upstream")])
        if moment >= w.at("20:09:06"):
            status, ms, flags, details = 302, 0, "-", "direct_response"
        w.log(moment, "ll-api-gateway", "WARN" if status >= 500 else "INFO",
              envoy_line(w, moment, "GET", "/act/final2026?from=push", status, ms, host="growth-origin.linli.com",
                         flags=flags, details=details), instance=w.rng.choice(gateways), log_type="access",
              upstream_cluster="ll-growth-service")
    w.log(w.at("20:09:05.311"), "ll-api-gateway", "INFO", ORIGIN_ROUTE, instance="gw-control-plane", change="config")
    w.log(w.at("20:20:30.702"), "ll-growth-service", "INFO", ORIGIN_NOTE, instance="ops-console")
    w.alert("GrowthHttp5xxRateHigh", "ll-growth-service", "critical", w.at("20:00"), w.at("20:13"), "61.8%",
            "ll-growth-service 5xx 比例 61.8%，超过阈值 5%", namespace=NS)
    w.alert("KubeHpaMaxedOut", "ll-growth-service", "warning", w.at("20:06"), w.at("20:21"), "20",
            "HPA linli/ll-growth-service 已到 maxReplicas 20", namespace=NS, horizontalpodautoscaler="ll-growth-service")


# --- Incident 10: one GPU node's GPUs off the bus, half the moderation capacity ----------------------
BACKLOG = [(START, 180), (_t("08:00"), 260), (_t("12:00"), 420), (_t("19:50"), 380), (_t("20:10"), 610), (_t("20:17"), 640),
           (_t("20:20"), 2300), (_t("20:30"), 9812), (_t("20:45"), 21400), (_t("21:00"), 31500), (_t("21:15"), 42100),
           (_t("21:20"), 46800), (_t("21:23"), 47950), (_t("21:24"), BACKLOG_PEAK), (_t("21:25"), 48310),
           (_t("21:40"), 41800), (_t("22:00"), 30400), (_t("22:20"), 13900), (_t("22:40"), 2100), (_t("22:46"), 880),
           (_t("23:00"), 340), (REFERENCE, 260)]
#: Posts scored a minute: what arrives, until half the GPUs are gone (2000, then 2350 with the fast path).
SCORED = [(START, 310), (_t("08:00"), 700), (_t("12:00"), 1050), (_t("19:50"), 1300), (_t("20:10"), 2600),
          (_t("20:17"), 2700), (_t("20:18"), 2000), (_t("20:55"), 2000), (_t("20:56"), 2350), (_t("22:46"), 2350),
          (_t("22:47"), 1100), (REFERENCE, 620)]
OLDEST = [(START, 40), (_t("20:17"), 55), (_t("20:30"), 640), (_t("21:00"), 1560), (_t("21:24"), 2291), (_t("21:40"), 2010),
          (_t("22:00"), 1480), (_t("22:20"), 720), (_t("22:46"), 95), (REFERENCE, 45)]


def moderation_gpu(w: WorldBuilder) -> None:
    workers = ROLLOUTS["ll-moderation"][0][1]
    w.log(w.at("19:30:10.664"), "ll-moderation", "INFO", MOD_CONFIG, instance=workers[1], change="config")
    kernel = [
        ("20:17:33.201", "ERROR", "kernel: pcieport 0000:3a:00.0: AER: Uncorrected (Fatal) error received: 0000:3a:00.0"),
        ("20:17:33.202", "ERROR", "kernel: pcieport 0000:3a:00.0: PCIe Bus Error: severity=Uncorrected (Fatal), "
                                  "type=Transaction Layer, (Receiver ID)"),
        ("20:17:33.488", "ERROR", XID.format(bus="3b", pid=2281734)),
        ("20:17:33.489", "ERROR", "kernel: NVRM: GPU at PCI:0000:3b:00: GPU-5c1f0a7e-93d2-4b1c-a8e6-2f0d7c41b9a3"),
        ("20:17:33.489", "ERROR", "kernel: NVRM: GPU Board Serial Number: 1324521038841"),
        ("20:17:33.912", "ERROR", XID.format(bus="af", pid=2281902)),
        ("20:17:33.913", "ERROR", "kernel: NVRM: GPU at PCI:0000:af:00: GPU-e07a9d14-1b6f-4f0c-9e3d-81c2a5b47d60"),
    ]
    for clock, level, message in kernel:
        w.log(w.at(clock), "ll-moderation-triton", level, message, instance=BROKEN_NODE, trace=False)
    for index, pod in enumerate(BROKEN_TRITON):
        base = w.at("20:17:33.6") + dt.timedelta(milliseconds=310 * index)
        for k in range(4):
            at = base + dt.timedelta(milliseconds=190 * k + w.rng.randint(0, 90))
            w.log(at, "ll-moderation-triton", "ERROR",
                  f'E1219 {at:%H:%M:%S}.{at.microsecond + w.rng.randint(0, 999):06d} 1 infer_response.cc:167] "[request id: <id_unknown>] failed to '
                  "run model 'image_nsfw_v7': CUDA error: unspecified launch failure (cudaErrorLaunchFailure)\"",
                  instance=pod, trace=False)
        at = base + dt.timedelta(seconds=16)
        w.log(at, "ll-moderation-triton", "ERROR",
              f'E1219 {at:%H:%M:%S}.{at.microsecond + 417:06d} 1 model_lifecycle.cc:641] "failed to poll model image_nsfw_v7 '
              'version 7: CUDA error: no CUDA-capable device is detected"', instance=pod, trace=False)
        at = base + dt.timedelta(seconds=17)
        w.log(at, "ll-moderation-triton", "WARN",
              f'W1219 {at:%H:%M:%S}.{at.microsecond + 83:06d} 1 server.cc:251] "model image_nsfw_v7 is not ready, '
              '/v2/health/ready returns 400"', instance=pod, trace=False)
    for moment in _every(w, "20:17:34", "20:18:20", 1, 3):
        pod = w.rng.choice(BROKEN_TRITON)
        w.log(moment, "ll-moderation", "ERROR",
              f"triton infer failed post_id={_post_id(w, moment)} model=image_nsfw_v7 endpoint={TRITON_IPS[pod]}:8001: "
              "<_InactiveRpcError of RPC that terminated with: status = StatusCode.INTERNAL details = \"failed to run model "
              "'image_nsfw_v7': CUDA error: unspecified launch failure\">, requeued", instance=w.rng.choice(workers),
              logger="worker")
    for moment in _every(w, "20:20:00", "22:46:00", 100, 140):
        backlog = int(interpolate(BACKLOG, moment) * w.rng.uniform(0.98, 1.02))
        rate = 2000 if moment < _t("20:55:20") else 2350
        w.log(moment, "ll-moderation", "WARN",
              f"backlog: unscored={backlog} oldest={int(interpolate(OLDEST, moment))}s scoring={rate + w.rng.randint(-80, 80)}"
              "/min, triton ready endpoints 2/4", instance=workers[0], logger="monitor")
    for moment in _every(w, "20:31:00", "22:40:00", 12, 30):
        waited = int(interpolate(OLDEST, moment) * w.rng.uniform(0.6, 1.0))
        if waited <= 300:
            continue
        w.log(moment, "ll-moderation", "WARN",
              f"moderation SLA breached: post {_post_id(w, moment - dt.timedelta(seconds=waited))} unscored for {waited}s "
              "(SLA 300s), author sees 审核中", instance=w.rng.choice(workers), logger="sla")
    w.log(w.at("20:41:10.227"), "ll-moderation-triton", "INFO", CORDON, instance="kube-audit", change="node", trace=False)
    w.log(w.at("20:44:31.904"), "ll-moderation-triton", "INFO",
          "infra_oncall_yuhang: nvidia-smi on ll-gpu-node-02 -> Unable to determine the device handle for GPU "
          "0000:3B:00.0: Unknown Error; Unable to determine the device handle for GPU 0000:AF:00.0: Unknown Error",
          instance="ops-console", trace=False)
    w.log(w.at("20:55:20.118"), "ll-moderation", "INFO", FAST_PATH, instance=workers[2], change="config")
    w.log(w.at("22:46:30.551"), "ll-moderation", "INFO",
          f"backlog cleared: unscored={int(interpolate(BACKLOG, w.at('22:46:30')))} oldest=95s, triton ready endpoints 2/4",
          instance=workers[0], logger="monitor")
    w.alert("ModerationBacklogHigh", "ll-moderation", "critical", w.at("20:31"), w.at("22:41"), BACKLOG_ALERT_VALUE,
            f"待审核帖子 {BACKLOG_ALERT_VALUE} 条，超过阈值 5000", namespace=NS)
    w.alert("GPUXidErrorCritical", "ll-moderation-triton", "critical", w.at("20:18"), None, "79",
            "ll-gpu-node-02 GPU 0000:3b:00.0 与 0000:af:00.0 报 Xid 79", node=BROKEN_NODE)
    w.alert("ModerationInferencePodsNotReady", "ll-moderation-triton", "warning", w.at("20:20"), None, "2/4",
            "ll-moderation-triton 就绪 Pod 2/4", namespace=NS)


# --- Healthy services' changes, the unrelated alert ------------------------------------------------
def other_changes(w: WorldBuilder) -> None:
    _deploy(w, "ll-relation-service", "09:05:10.884", RELATION_DEPLOY)
    w.log(w.at("19:20:04.317"), "ll-post-service", "INFO", POST_CONFIG, instance=ROLLOUTS["ll-post-service"][0][1][3],
          change="config")
    w.alert("TLSCertificateExpiringSoon", "ll-api-gateway", "warning", dt.datetime(2026, 12, 16, 9, 0, tzinfo=TZ), None,
            "9d", CERT_ALERT_SUMMARY, host="admin.linli.com")


# --- Kubernetes state at 23:20 (DESIGN §10.2) -------------------------------------------------------
#: Deployments as they are at 23:20: (service, revision, changed, change cause, image tag).
STEADY = (
    ("ll-api-gateway", 41, "2026-12-10T22:10:00+08:00", "release envoy 1.30.2 with gateway bundle 2026-12-10", "1.30.2"),
    ("ll-feed-service", 88, "2026-12-16T21:30:00+08:00", "release ll-feed-service 3.14.2", "3.14.2"),
    ("ll-post-service", 63, "2026-12-15T22:05:00+08:00", "release ll-post-service 5.9.1", "5.9.1"),
    ("ll-media-upload", 37, "2026-12-19T15:40:10+08:00", "release ll-media-upload 2.11.0 (pipeline #9839)", "2.11.0"),
    ("ll-comment-service", 52, "2026-12-19T13:20:05+08:00", "release ll-comment-service 6.4.0 (pipeline #9833)", "6.4.0"),
    ("ll-relation-service", 29, "2026-12-19T09:05:10+08:00", "release ll-relation-service 4.3.0 (pipeline #9824)", "4.3.0"),
    ("ll-push-service", 45, "2026-12-19T09:31:05+08:00", "release ll-push-service 5.2.0 (pipeline #9826)", "5.2.0"),
    ("ll-im-gateway", 71, "2026-12-19T14:35:20+08:00", "release ll-im-gateway 4.9.0 (pipeline #9836)", "4.9.0"),
    ("ll-moderation", 24, "2026-12-11T20:40:00+08:00", "release ll-moderation 2.6.0", "2.6.0"),
    ("ll-search-service", 33, "2026-12-19T09:10:05+08:00", "release ll-search-service 3.8.1 (pipeline #9821)", "3.8.1"),
    ("ll-ads-service", 58, "2026-12-19T13:41:30+08:00",
     "kubectl rollout restart by oncall_ads_dongyu (request threads stuck in regex matching)", "6.2.1"),
)


def _node(service: str, index: int) -> str:
    return NODES[(index * 3 + sum(map(ord, service))) % len(NODES)]


def _progressed(pods: tuple[str, ...]) -> Json:
    return condition("Progressing", "True", "NewReplicaSetAvailable",
                     f'ReplicaSet "{pods[0].rsplit("-", 1)[0]}" has successfully progressed.')


AVAILABLE = condition("Available", "True", "MinimumReplicasAvailable", "Deployment has minimum availability.")


def k8s_state(w: WorldBuilder) -> None:
    for service, revision, changed, cause, tag in STEADY:
        pods = ROLLOUTS[service][-1][1]
        for index, pod in enumerate(pods):
            w.pod(namespace=NS, name=pod, service=service, phase="Running", ready="1/1", restarts=0, last_termination=None,
                  waiting_reason=None, node=_node(service, index), observed_at=REFERENCE)
        w.deployment(namespace=NS, name=service, service=service, replicas=len(pods), ready=len(pods), available=len(pods),
                     image=f"registry.linli.internal/{service.removeprefix('ll-')}/{service}:{tag}", revision=revision,
                     changed_at=dt.datetime.fromisoformat(changed), change_cause=cause,
                     conditions=[AVAILABLE, _progressed(pods)], observed_at=REFERENCE)
    growth = growth_pods_at(REFERENCE)
    for index, pod in enumerate(growth):
        w.pod(namespace=NS, name=pod, service="ll-growth-service", phase="Running", ready="1/1", restarts=0,
              last_termination=None, waiting_reason=None, node=_node("ll-growth-service", index), observed_at=REFERENCE)
    w.deployment(namespace=NS, name="ll-growth-service", service="ll-growth-service", replicas=len(growth), ready=len(growth),
                 available=len(growth), image="registry.linli.internal/growth/ll-growth-service:7.5.0", revision=31,
                 changed_at=w.at("10:30:10"), change_cause="release ll-growth-service 7.5.0 (pipeline #9829)",
                 conditions=[AVAILABLE, _progressed(growth)], observed_at=REFERENCE)
    for pod in TRITON_PODS:
        broken = pod in BROKEN_TRITON
        w.pod(namespace=NS, name=pod, service="ll-moderation-triton", phase="Running", ready="0/1" if broken else "1/1",
              restarts=0, last_termination=None, waiting_reason=None, node=TRITON_NODES[pod], observed_at=REFERENCE)
    w.deployment(namespace=NS, name="ll-moderation-triton", service="ll-moderation-triton", replicas=4, ready=2, available=2,
                 image="nvcr.io/nvidia/tritonserver:24.05-py3 (models image_nsfw_v7, text_spam_v3)", revision=12,
                 changed_at=dt.datetime(2026, 12, 5, 21, 15, tzinfo=TZ),
                 change_cause="models image_nsfw_v7 + text_spam_v3 (model repo s3://ll-models/moderation@r12)",
                 conditions=[condition("Available", "False", "MinimumReplicasUnavailable",
                                       "Deployment does not have minimum availability."), _progressed(TRITON_PODS)],
                 observed_at=REFERENCE)
    _k8s_events(w)


def _k8s_events(w: WorldBuilder) -> None:
    for cronjob, job, pod, created, done in (("ll-moderation-spam-purge", PURGE_JOB, PURGE_POD, "01:30:00", "04:52:44"),
                                             ("ll-search-reindex", REINDEX_JOB, REINDEX_POD, "03:00:00", "04:12:45")):
        w.event(type="Normal", reason="SuccessfulCreate", object=f"CronJob/{cronjob}", message=f"Created job {job}", count=1,
                first_seen=w.at(created), last_seen=w.at(created))
        w.event(type="Normal", reason="SuccessfulCreate", object=f"Job/{job}", message=f"Created pod: {pod}", count=1,
                first_seen=w.at(created), last_seen=w.at(created))
        w.event(type="Normal", reason="Completed", object=f"Job/{job}", message="Job completed", count=1,
                first_seen=w.at(done), last_seen=w.at(done))
        w.event(type="Normal", reason="SawCompletedJob", object=f"CronJob/{cronjob}",
                message=f"Saw completed job: {job}, status: Complete", count=1, first_seen=w.at(done),
                last_seen=w.at(done) + dt.timedelta(seconds=1))
    for service, steps in ROLLOUTS.items():
        if len(steps) < 2:
            continue
        clock, new = steps[1]
        old = steps[0][1]
        at = w.at(clock)
        w.event(type="Normal", reason="ScalingReplicaSet", object=f"Deployment/{service}",
                message=f'Scaled up replica set {new[0].rsplit("-", 1)[0]} to {len(new)}', count=1,
                first_seen=at - dt.timedelta(seconds=30), last_seen=at - dt.timedelta(seconds=30))
        w.event(type="Normal", reason="ScalingReplicaSet", object=f"Deployment/{service}",
                message=f'Scaled down replica set {old[0].rsplit("-", 1)[0]} to 0 from {len(old)}', count=1,
                first_seen=at + dt.timedelta(seconds=60), last_seen=at + dt.timedelta(seconds=60))
    for index, pod in enumerate(ROLLOUTS["ll-ads-service"][0][1]):
        at = w.at("13:41:54") + dt.timedelta(seconds=25 * index)
        w.event(type="Normal", reason="Killing", object=f"Pod/{pod}", message="Stopping container ads-server", count=1,
                first_seen=at, last_seen=at)
    rs = replicaset_name("ll-growth-service", "7.5.0")
    above, below = "cpu resource utilization (percentage of request) above target", "All metrics below target"
    for clock, size, reason, way in (("19:59:40", 12, above, "up"), ("20:04:10", 20, above, "up"),
                                     ("20:38:30", 14, below, "down"), ("21:10:00", 8, below, "down")):
        w.event(type="Normal", reason="SuccessfulRescale", object="HorizontalPodAutoscaler/ll-growth-service",
                message=f"New size: {size}; reason: {reason}", count=1, first_seen=w.at(clock), last_seen=w.at(clock))
        w.event(type="Normal", reason="ScalingReplicaSet", object="Deployment/ll-growth-service",
                message=f"Scaled {way} replica set {rs} to {size}", count=1, first_seen=w.at(clock), last_seen=w.at(clock))
    w.event(type="Warning", reason="GPUXidError", object=f"Node/{BROKEN_NODE}",
            message=XID.format(bus="3b", pid=2281734) + " " + XID.format(bus="af", pid=2281902), count=2,
            first_seen=w.at("20:17:33"), last_seen=w.at("20:17:34"))
    w.event(type="Normal", reason="NodeNotSchedulable", object=f"Node/{BROKEN_NODE}",
            message=f"Node {BROKEN_NODE} status is now: NodeNotSchedulable", count=1, first_seen=w.at("20:41:10"),
            last_seen=w.at("20:41:10"))
    first = w.at("20:17:50")
    for index, pod in enumerate(BROKEN_TRITON):
        start = first + dt.timedelta(seconds=3 * index)
        count = int((REFERENCE - start).total_seconds() // 10)
        w.event(type="Warning", reason="Unhealthy", object=f"Pod/{pod}",
                message="Readiness probe failed: HTTP probe failed with statuscode: 400", count=count, first_seen=start,
                last_seen=start + dt.timedelta(seconds=10 * (count - 1)))


# --- Metrics --------------------------------------------------------------------------------------
def _clamped(w: WorldBuilder, ceiling: float) -> None:
    """The last series' values held at ``ceiling`` (a ratio never above 100 %)."""
    series = w.metrics[-1]
    series["points"] = [[ts, min(value, ceiling)] for ts, value in series["points"]]


def _scaled(base: float) -> list[tuple[dt.datetime, float]]:
    return [(moment, round(base * level)) for moment, level in TRAFFIC]


def build_metrics(w: WorldBuilder) -> None:
    at = w.at
    # Feed and Cassandra.
    morning = [(at("06:00"), at("10:10"))]
    w.series("feed_home_error_ratio", "ll-feed-service", "%",
             [(START, 0.2), (at("06:20"), 0.2), (at("07:05"), 0.4), (at("07:12"), 5.6), (at("07:40"), 12.4),
              (at("08:10"), 15.8), (at("08:50"), 16.3), (at("09:04"), 13.5), (at("09:13"), 10.9), (at("09:22"), 8.1),
              (at("09:31"), 5.4), (at("09:40"), 2.7), (at("09:49"), 0.6), (at("09:55"), 0.3), (REFERENCE, 0.2)],
             start=START, fine=morning, spread=0.05, digits=1, threshold=5)
    w.series("feed_home_p99_latency", "ll-feed-service", "ms",
             [(START, 120), (at("06:20"), 180), (at("07:05"), 900), (at("07:40"), 2400), (at("08:50"), 2600),
              (at("09:31"), 1100), (at("09:49"), 300), (at("09:55"), 130), (REFERENCE, 125)], start=START, fine=morning,
             spread=6, digits=0, threshold=800)
    w.series("feed_home_requests_per_sec", "ll-feed-service", "次/秒", _scaled(9000), start=START, spread=80, digits=0)
    w.series("cassandra_tombstones_scanned_p99", "ll-cassandra", "个",
             [(START, 4), (at("01:30"), 6), (at("05:00"), 9), (at("06:20"), 12), (at("06:21"), 2400), (at("06:41"), 18402),
              (at("07:05"), 64000), (at("07:40"), 100001), (at("09:04"), 100001), (at("09:22"), 88000),
              (at("09:40"), 41000), (at("09:49"), 1800), (at("09:52"), 40), (REFERENCE, 8)], start=START, fine=morning,
             digits=0, threshold=1000, keyspace="feed", table="timeline")
    # Search.
    w.series("search_zero_result_ratio", "ll-search-service", "%", ZERO_RATIO, start=START,
             fine=[(at("04:00"), at("11:00"))], spread=0.6, digits=1, threshold=20, alias="posts_search")
    w.series("search_requests_per_sec", "ll-search-service", "次/秒", _scaled(1400), start=START, spread=20, digits=0)
    w.series("search_p99_latency", "ll-search-service", "ms", [(START, 140), (at("04:13"), 95), (at("10:47"), 150),
                                                                (REFERENCE, 145)], start=START, spread=8, digits=0,
             threshold=800)
    # Push.
    w.series("push_apns_failure_ratio", "ll-push-service", "%",
             [(START, 0.6), (at("10:11"), 0.6), (at("10:12"), 100.0), (at("11:37"), 100.0), (at("11:38"), 1.2),
              (at("11:45"), 0.7), (REFERENCE, 0.6)], start=START, fine=[(at("10:00"), at("12:00"))], spread=0.2, digits=1,
             threshold=5, channel="apns")
    _clamped(w, 100.0)
    w.series("push_sent_per_sec", "ll-push-service", "次/秒",
             [*((m, v) for m, v in _scaled(3000) if m < at("19:57")), (at("19:57"), 3700), (at("19:58"), 40000),
              (at("20:00"), 40000), (at("20:01"), 4300), (at("21:00"), 6100), (REFERENCE, 2700)], start=START,
             fine=[(at("19:50"), at("20:10"))], spread=30, digits=0)
    # Ads.
    ads = [(at("11:30"), at("14:00"))]
    w.series("ad_serve_p99_latency", "ll-ads-service", "ms",
             [(START, 28), (at("11:48"), 30), (at("11:49"), 420), (at("11:51"), 2380), (at("12:10"), 2900), (at("13:00"), 3100),
              (at("13:41"), 3000), (at("13:44"), 900), (at("13:46"), 35), (REFERENCE, 27)], start=START, fine=ads, spread=3,
             digits=0, threshold=100, slot="feed_inline")
    w.series("jvm_process_cpu_usage", "ll-ads-service", "%",
             [(START, 24.0), (at("11:47"), 38.0), (at("11:48"), 61.0), (at("11:50"), 99.1), (at("13:41"), 99.4),
              (at("13:43"), 70.0), (at("13:46"), 36.0), (REFERENCE, 30.0)], start=START, fine=ads, spread=0.3, digits=1,
             threshold=85)
    _clamped(w, 100.0)
    w.series("ad_fill_ratio", "ll-ads-service", "%",
             [(START, 92.0), (at("11:48"), 92.4), (at("11:50"), 40.0), (at("11:54"), 11.4), (at("13:40"), 9.8),
              (at("13:46"), 88.0), (at("13:50"), 92.0), (REFERENCE, 91.5)], start=START, fine=ads, spread=0.4, digits=1,
             slot="feed_inline")
    w.series("ad_requests_per_sec", "ll-ads-service", "次/秒", _scaled(7600), start=START, spread=60, digits=0,
             slot="feed_inline")
    # Comments.
    comments = [(at("13:50"), at("16:20"))]
    w.series("comment_create_error_ratio", "ll-comment-service", "%",
             [(START, 0.1), (at("14:00"), 0.1), (at("14:02"), 0.5), (at("14:22"), 6.3), (at("15:00"), 9.6),
              (at("15:50"), 14.6), (at("16:03"), 14.9), (at("16:04"), 0.3), (at("16:06"), 0.1), (REFERENCE, 0.1)],
             start=START, fine=comments, spread=0.1, digits=1, threshold=5)
    w.series("comment_create_per_min", "ll-comment-service", "条/分钟", _scaled(5200), start=START, spread=40, digits=0)
    # DMs.
    im = [(at("14:50"), at("17:45"))]
    w.series("im_edge_tls_handshake_failure_ratio", "ll-im-edge", "%",
             [(START, 0.3), (at("15:02"), 0.3), (at("15:03"), 54.0), (at("15:06"), 58.1), (at("16:00"), 61.7),
              (at("17:25"), 60.2), (at("17:26"), 2.1), (at("17:30"), 0.4), (REFERENCE, 0.3)], start=START, fine=im,
             spread=0.4, digits=1, threshold=5, host="im.linli.com")
    handshakes = [(m, v) for m, v in _scaled(420) if not at("15:00") <= m <= at("17:40")]
    handshakes += [(at("15:02"), round(420 * traffic(at("15:02")))), (at("15:04"), 1480), (at("16:00"), 1390),
                   (at("17:25"), 1420), (at("17:27"), 2650), (at("17:35"), round(420 * traffic(at("17:35"))))]
    w.series("im_edge_tls_handshakes_per_sec", "ll-im-edge", "次/秒", sorted(handshakes), start=START, fine=im, spread=15,
             digits=0, host="im.linli.com")
    moments = sorted({m for m, _ in TRAFFIC} | {at("15:02"), at("15:03"), at("17:25"), at("17:26"), at("17:30")})
    w.series("im_ws_online_connections", "ll-im-gateway", "个", [(m, round(online_connections(m))) for m in moments],
             start=START, fine=im, spread=3000, digits=0)
    # Uploads and the object store.
    video = [(at("16:30"), at("18:20"))]
    w.series("video_upload_failure_ratio", "ll-media-upload", "%",
             [(START, 0.8), (at("16:41"), 0.8), (at("16:42"), 95.1), (at("16:44"), 96.3), (at("18:02"), 96.8),
              (at("18:03"), 1.1), (at("18:10"), 0.8), (REFERENCE, 0.7)], start=START, fine=video, spread=0.2, digits=1,
             threshold=10)
    _clamped(w, 100.0)
    w.series("image_upload_failure_ratio", "ll-media-upload", "%", [(START, 0.3), (REFERENCE, 0.3)], start=START,
             spread=0.1, digits=1, threshold=10)
    w.series("rgw_bucket_quota_usage_ratio", "ll-ceph-rgw", "%",
             [(START, 93.0), (at("14:52"), 95.2), (at("16:41"), 100.0), (at("18:02"), 100.0), (at("18:03"), 76.9),
              (at("18:10"), 77.0), (at("19:21"), 71.5), (REFERENCE, 71.9)], start=START, fine=video, digits=1, threshold=95,
             bucket="ll-video-raw")
    # Growth: the SMS at noon, the origin in the evening.
    w.series("sms_send_failure_ratio", "ll-growth-service", "%",
             [(START, 1.2), (at("11:02"), 1.3), (at("11:03"), 99.6), (at("13:18"), 99.7), (at("13:19"), 1.5),
              (at("13:25"), 1.1), (REFERENCE, 1.2)], start=START, fine=[(at("10:50"), at("13:30"))], spread=0.15, digits=1,
             threshold=20, scene="invite_register")
    _clamped(w, 100.0)
    registers = [(m, v) for m, v in _scaled(160) if not at("11:00") <= m <= at("13:30")]
    registers += [(at("11:02"), 150), (at("11:04"), 3), (at("13:18"), 4), (at("13:21"), 210), (at("13:30"), 150)]
    w.series("invite_register_per_min", "ll-growth-service", "个/分钟", sorted(registers), start=START,
             fine=[(at("10:50"), at("13:30"))], spread=3, digits=0)
    evening = [(at("19:50"), at("20:45"))]
    w.series("origin_requests_per_sec", "ll-growth-service", "次/秒",
             [(START, 40), (at("12:00"), 70), (at("19:58"), 58), (at("19:59"), 9810), (at("20:00"), 17200), (at("20:01"), 19900),
              (at("20:02"), ORIGIN_PEAK), (at("20:03"), 20310), (at("20:05"), 16800), (at("20:08"), 12600), (at("20:09"), 11900),
              (at("20:10"), 3900), (at("20:11"), 2100), (at("20:20"), 600), (at("20:30"), 180), (at("21:00"), 70),
              (REFERENCE, 45)], start=START, fine=evening, spread=4, digits=0, host="growth-origin.linli.com")
    w.series("cdn_requests_per_sec", "ll-growth-service", "次/秒",
             [(START, 300), (at("12:00"), 1300), (at("19:50"), 1500), (at("20:00"), 2600), (at("20:09"), 2500),
              (at("20:10"), 8800), (at("20:20"), 3100), (at("20:40"), 1700), (REFERENCE, 700)], start=START, fine=evening,
             spread=25, digits=0, host="m.linli.com")
    w.series("http_5xx_ratio", "ll-growth-service", "%",
             [(START, 0.1), (at("11:02"), 0.1), (at("11:03"), 3.4), (at("13:18"), 3.6), (at("13:19"), 0.1), (at("19:58"), 0.1),
              (at("19:59"), 22.0), (at("20:00"), 61.8), (at("20:03"), 66.4), (at("20:08"), 58.0), (at("20:10"), 20.0),
              (at("20:11"), 0.9), (at("20:13"), 0.2), (REFERENCE, 0.1)], start=START, fine=evening, spread=0.05, digits=1,
             threshold=5)
    w.series("nodejs_eventloop_lag_p99", "ll-growth-service", "ms",
             [(START, 12), (at("19:58"), 14), (at("19:59"), 1900), (at("20:02"), 4200), (at("20:08"), 3100), (at("20:10"), 800),
              (at("20:12"), 30), (REFERENCE, 12)], start=START, fine=evening, spread=2, digits=0, threshold=500)
    w.series("kube_hpa_status_current_replicas", "ll-growth-service", "个",
             [(START, 6), (at("19:59"), 6), (at("20:00"), 12), (at("20:04"), 12), (at("20:05"), 20), (at("20:38"), 20),
              (at("20:39"), 14), (at("21:10"), 14), (at("21:11"), 8), (REFERENCE, 8)], start=START, fine=evening, digits=0,
             horizontalpodautoscaler="ll-growth-service")
    # Moderation and its GPUs.
    night = [(at("20:00"), at("23:00"))]
    w.series("mod_unscored_items", "ll-moderation", "条", BACKLOG, start=START, fine=night, spread=40, digits=0,
             threshold=5000)
    w.series("mod_oldest_unscored_age_seconds", "ll-moderation", "s", OLDEST, start=START, fine=night, spread=5, digits=0,
             threshold=600)
    w.series("moderation_scored_per_min", "ll-moderation", "条/分钟", SCORED, start=START, fine=night, spread=20, digits=0)
    w.series("triton_ready_instances", "ll-moderation-triton", "个", [(START, 4), (at("20:17"), 4), (at("20:18"), 2),
                                                                     (REFERENCE, 2)], start=START, fine=night, digits=0)
    for node, gpu, bus in (("ll-gpu-node-01", "0", "0000:3B:00.0"), ("ll-gpu-node-01", "1", "0000:AF:00.0"),
                           ("ll-gpu-node-02", "0", "0000:3B:00.0"), ("ll-gpu-node-02", "1", "0000:AF:00.0")):
        frames = [(START, 0.0), (at("20:17"), 0.0), (at("20:18"), 79.0), (REFERENCE, 79.0)] if node == BROKEN_NODE else [
            (START, 0.0), (REFERENCE, 0.0)]
        w.series("DCGM_FI_DEV_XID_ERRORS", "ll-moderation-triton", "", frames, start=START, fine=night, digits=0,
                 threshold=0, node=node, gpu=gpu, pci_bus_id=bus)
    # The healthy ones.
    for service, p99, threshold in (("ll-relation-service", 60, 500), ("ll-post-service", 180, 1000)):
        w.series("http_5xx_ratio", service, "%", [(START, 0.05), (at("12:00"), 0.08), (at("20:30"), 0.12), (REFERENCE, 0.06)],
                 start=START, spread=0.03, digits=2, threshold=5)
        w.series("http_p99_latency", service, "ms", [(START, p99 - 20), (at("12:00"), p99), (at("20:30"), p99 + 90),
                                                     (REFERENCE, p99 - 10)], start=START, spread=10, digits=0,
                 threshold=threshold)
    w.series("post_create_per_min", "ll-post-service", "条/分钟",
             [(START, 320), (at("08:00"), 720), (at("12:00"), 1080), (at("19:50"), 1320), (at("20:10"), 2650),
              (at("21:30"), 2700), (at("22:00"), 1500), (REFERENCE, 640)], start=START, spread=20, digits=0)
    w.series("envoy_downstream_rq_per_sec", "ll-api-gateway", "次/秒", _scaled(36000), start=START, spread=200, digits=0)


# --- Runbooks (the SRE team's layout: 现象 / 相关告警 / 常见原因 / 排查步骤 / 处理方案) -------------------
def _runbook(title: str, symptoms: list[str], alerts: list[str], causes: list[str], steps: list[str],
             remedies: list[str], note: str = "") -> str:
    def bullets(items: list[str]) -> str:
        return "\n".join(f"- {item}" for item in items)

    numbered = "\n".join(f"{i}. {step}" for i, step in enumerate(steps, 1))
    tail = f"\n\n> {note}\n" if note else "\n"
    return (f"# {title}\n\n## 现象\n\n{bullets(symptoms)}\n\n## 相关告警\n\n{bullets(alerts)}\n\n## 常见原因\n\n"
            f"{bullets(causes)}\n\n## 排查步骤\n\n{numbered}\n\n## 处理方案\n\n{bullets(remedies)}{tail}")


RUNBOOKS: list[tuple[str, str, str]] = [
    ("runbooks/cassandra-tombstones.md", "Cassandra 读请求扫描大量 tombstone / 读失败处理手册", _runbook(
        "Cassandra 读请求扫描大量 tombstone / 读失败处理手册",
        ["业务读 Cassandra 超时或报 ReadFailure，客户端错误里带 TOMBSTONE_OVERWHELM。",
         "Cassandra system.log 里大量 `Read N live rows and M tombstone cells for query ...`（WARN），严重时 "
         "`Scanned over 100001 tombstones during query ... query aborted`（ERROR）。",
         "只影响部分分区（部分用户），其余读写正常。"],
        ["**CassandraTombstoneScansHigh**：单次读扫描的 tombstone p99 超过 1000。",
         "**FeedHomeErrorRateHigh**：首页信息流错误率超过 5%。"],
        ["批量删除（清理任务、按行 DELETE）在分区头部留下大量 tombstone，按时间倒序读的查询要先扫过它们。",
         "大量数据同时 TTL 过期。", "把队列式、频繁删除的数据放在 Cassandra 里。",
         "gc_grace_seconds 内（默认 10 天）tombstone 不会被 compaction 清掉。"],
        ["`nodetool tablestats <ks>.<table>` 看 Average / Maximum tombstones per slice。",
         "对照最近的批量删除、清理任务、数据修复脚本的执行时间；看出错的分区是否集中在某一类用户。",
         "确认最近一次全量 repair 完成的时间（Reaper），再决定能否临时缩短 gc_grace_seconds。"],
        ["确认全量 repair 已完成后，临时调低该表的 gc_grace_seconds（例如 3600），逐节点执行 "
         "`nodetool garbagecollect <ks> <table>`，完成后把 gc_grace_seconds 改回 864000。",
         "不要直接调高 tombstone_failure_threshold，那只会把失败变成超时和 GC 压力。",
         "长期：批量删除改为读时过滤（状态字段）或按分区重写；清理任务限速并避开早高峰。"],
        "改 gc_grace_seconds 属于高风险操作，必须 DBA 值班确认 repair 状态后执行。")),
    ("runbooks/search-empty-results.md", "搜索结果为空 / 零结果率升高处理手册", _runbook(
        "搜索结果为空 / 零结果率升高处理手册",
        ["用户反馈搜什么都搜不到，但接口不报错、耗时正常甚至更快。", "搜索日志里 hits=0 的比例明显升高，中文多字词尤其明显。"],
        ["**SearchZeroResultRatioHigh**：零结果率超过 20%。"],
        ["别名 posts_search 指向了有问题的索引（重建任务切换别名）。",
         "新建索引没有匹配到索引模板（索引命名变化后 index_patterns 没跟上），走了 dynamic mapping，中文字段用了 "
         "standard 分词，而查询用 ik_smart 分词，词项对不上。", "IK 词典或同义词更新出错。", "查询 DSL 改动（minimum_should_match 等）。"],
        ["`GET _cat/aliases/posts_search` 看别名当前指向哪个索引、何时切换。",
         "`GET <index>/_mapping` 对比新旧索引 content 字段的 analyzer；ES 日志里 `creating index ... templates [...]` "
         "为空说明没有套用模板。", "用 `_analyze` 对同一个词分别看索引分词与查询分词的结果。"],
        ["先把别名切回上一个正常的索引（POST /_aliases），零结果率会立刻恢复。",
         "修正索引模板的 index_patterns 后重新全量重建，再切别名。",
         "重建任务切别名前增加校验：mapping 检查、抽样查询零结果率，不通过不切换。"])),
    ("runbooks/apns-push-failure.md", "iOS 推送（APNs）失败处理手册", _runbook(
        "iOS 推送（APNs）失败处理手册",
        ["iOS 用户收不到推送，安卓正常。", "推送服务日志里 APNs 返回 4xx，按 reason 区分。"],
        ["**PushAPNsFailureRatioHigh**：APNs 推送失败率超过 5%。"],
        ["410 Unregistered / 400 BadDeviceToken：设备卸载或 token 失效，少量属于正常，定时清理即可。",
         "403 InvalidProviderToken：签 provider token 用的 APNs Key 被吊销（Revoked）或删除，或 keyId / teamId 配错。",
         "403 ExpiredProviderToken：provider token 超过 1 小时未刷新，常见于服务器时钟异常。",
         "429 TooManyProviderTokenUpdates：token 刷新过于频繁。"],
        ["按 reason 统计 APNs 拒绝的分布，确认是全部失败还是少量失败。",
         "登录 Apple Developer > Certificates, Identifiers & Profiles > Keys，查看当前使用的 Key 状态、吊销时间与操作人。",
         "核对 secret apns-auth-key 中的 keyId、teamId 与后台一致。"],
        ["Key 被吊销时：新建 APNs Key，更新 secret apns-auth-key 并让推送服务重新加载签名器；TTL 内的通知会自动重发。",
         "Apple 开发者后台的 Key 吊销、删除纳入变更审批，后台账号最小权限。"])),
    ("runbooks/ads-latency.md", "广告服务响应慢 / CPU 打满处理手册", _runbook(
        "广告服务响应慢 / CPU 打满处理手册",
        ["信息流里广告大面积消失（feed 调广告 80ms 超时后不出广告），填充率骤降。",
         "广告服务 CPU 接近 100%，请求 p99 秒级，Tomcat 线程几乎全部 RUNNABLE。"],
        ["**AdServeLatencyHigh**：广告请求 p99 超过 100ms。", "**AdFillRateLow**：信息流广告填充率低于 60%。"],
        ["新上线或修改的计划定向规则计算过重：正则表达式灾难性回溯（嵌套量词如 `(.*x+.*)+`）、超大关键词表。",
         "CTR 模型或特征加载占满 CPU。", "Full GC 频繁。", "下游（频控 Redis、预算服务）变慢。"],
        ["`jstack` 抓 2–3 次线程栈，看请求线程集中停在哪里（如 java.util.regex.Pattern$Loop.match）。",
         "看 slow targeting 日志里反复出现的 campaign 与 rule。", "对照广告后台最近保存、启用的计划。"],
        ["暂停有问题的计划（广告后台），已卡住的线程不会自己结束，需要滚动重启广告服务。",
         "定向正则上线前校验（禁止嵌套量词），匹配放到带超时的线程或改用 RE2 / 关键词自动机。"])),
    ("runbooks/comment-write-failure.md", "评论发表失败处理手册", _runbook(
        "评论发表失败处理手册",
        ["用户发评论失败，提示“评论失败，请稍后重试”。", "评论服务日志 create comment failed，按异常类型区分。"],
        ["**CommentCreateErrorRateHigh**：发表评论失败率超过 5%。"],
        ["字符集不支持 4 字节字符：表或库是 utf8 / utf8mb3，带 emoji 的评论报 "
         "`Incorrect string value: '\\xF0\\x9F...' for column 'content'`（MySQL 1366）。",
         "分库规则变更后路由到了不可用或未初始化的数据源。", "敏感词服务超时。", "主库切换后只读。"],
        ["按错误信息分类，确认是否只有带表情的内容失败、是否集中在某几个数据源（actual data source）。",
         "`SHOW CREATE TABLE` 看失败数据源里表的字符集；`SHOW VARIABLES LIKE 'character_set_server'`。",
         "对照最近的分库扩容、迁移脚本与分片规则变更。"],
        ["`ALTER TABLE ... CONVERT TO CHARACTER SET utf8mb4`，实例 character_set_server 改为 utf8mb4（SET PERSIST）。",
         "建库建表脚本显式写 DEFAULT CHARSET=utf8mb4；迁移、扩容后用带 emoji 的数据做写入冒烟测试。"])),
    ("runbooks/im-connection-drop.md", "私信长连接大面积掉线处理手册", _runbook(
        "私信长连接大面积掉线处理手册",
        ["私信发不出去、直播间聊天连不上，在线长连接数骤降。", "可能只影响某一个平台（只有安卓或只有 iOS）。"],
        ["**IMEdgeTLSHandshakeFailuresHigh**：im.linli.com TLS 握手失败率超过 5%。",
         "**IMOnlineConnectionsDrop**：在线长连接数 1 小时内下降超过 30%。"],
        ["接入层更换证书后证书链不完整（只部署了站点证书、缺中间证书）：安卓不会自动补全中间证书，握手失败（nginx 日志 "
         "`tlsv1 alert unknown ca`，客户端 `Trust anchor for certification path not found`），iOS 会自动补全，不受影响。",
         "证书过期或域名不匹配。", "接入层 nginx reload 失败或 worker 异常。", "网关发版后连接未平滑迁移。"],
        ["按平台拆分在线连接数与客户端诊断上报，确认是不是单一平台。",
         "看接入层 error log 里 SSL_do_handshake() failed 的原因。",
         "`openssl s_client -connect im.linli.com:443 -servername im.linli.com -showcerts` 看服务端发出几张证书、"
         "Verify return code。", "对照最近的证书部署记录。"],
        ["部署包含中间证书的完整证书链（fullchain）并 reload 接入层，客户端会自动重连。",
         "证书部署脚本增加证书链校验（openssl verify -untrusted），安卓真机验证后再全量。"])),
    ("runbooks/object-storage-upload.md", "对象存储上传失败处理手册", _runbook(
        "对象存储上传失败处理手册",
        ["上传图片或视频失败，上传服务报 S3 错误。"],
        ["**VideoUploadFailureRateHigh**：视频上传失败率超过 10%。", "**RGWBucketQuotaUsageHigh**：桶配额使用率超过 95%。"],
        ["403 QuotaExceeded：桶配额已满；长期没有完成也没有 Abort 的分片上传（multipart）会一直占用配额。",
         "403 AccessDenied / SignatureDoesNotMatch：访问密钥或时钟问题。", "503 SlowDown：RGW 限流或后端压力大。",
         "Ceph 集群 nearfull / full。"],
        ["`radosgw-admin bucket stats --bucket=<bucket>` 看用量与配额；`radosgw-admin quota get`。",
         "统计桶内未完成的分片上传数量与大小；确认桶有没有生命周期规则。", "`ceph df` 确认集群本身容量。"],
        ["临时调大桶配额（radosgw-admin quota set）先恢复上传。",
         "增加 AbortIncompleteMultipartUpload 生命周期规则，并手动执行 `radosgw-admin lc process` 清理历史分片。",
         "上传服务在用户放弃上传时调用 AbortMultipartUpload。"])),
    ("runbooks/sms-failure.md", "短信验证码发送失败处理手册", _runbook(
        "短信验证码发送失败处理手册",
        ["新用户注册、邀请注册收不到验证码。", "短信服务日志报阿里云短信错误码。"],
        ["**SmsSendFailureRateHigh**：短信发送失败率超过 20%。"],
        ["isv.BUSINESS_LIMIT_CONTROL：触发号码级流控（同一号码 1 分钟 1 条、1 小时 5 条）。",
         "isv.SMS_SIGNATURE_ILLEGAL：签名不合法——签名不存在、被拉黑，或复审未通过（资质文件如授权委托书过期）。",
         "isv.SMS_TEMPLATE_ILLEGAL：模板未审核或被驳回。", "isv.AMOUNT_NOT_ENOUGH：账户余额不足。"],
        ["按错误码统计失败原因，是全部失败还是部分号码失败。", "登录阿里云短信控制台，查看签名、模板的审核状态与驳回原因。",
         "确认资质文件（营业执照、授权委托书）的有效期。"],
        ["签名不可用时切换到已审核通过的备用签名（配置 sms.sign_name），再补传资质重新提交审核。",
         "资质文件到期前 30 天提醒；主备两个签名都保持审核通过。"])),
    ("runbooks/origin-traffic-surge.md", "活动页源站流量突增处理手册", _runbook(
        "活动页源站流量突增处理手册",
        ["活动页打不开或白屏，网关对源站域名返回 504 / 503。", "源站请求量暴涨，而 CDN 域名的请求量没有同步上涨。"],
        ["**GrowthHttp5xxRateHigh**：增长服务 5xx 比例超过 5%。", "**KubeHpaMaxedOut**：HPA 已到 maxReplicas。"],
        ["推送、短信、二维码里的链接写成了源站域名（如 growth-origin.linli.com），流量绕过 CDN 直打源站。",
         "CDN 缓存规则失效（源站返回 no-cache）导致全部回源。", "爬虫或刷量直打源站。"],
        ["对比 origin 与 CDN 域名的请求量曲线，看源站请求的 Host 与参数（如 from=push）。",
         "查最近创建的推送任务、短信任务里的链接。"],
        ["在网关把源站域名的活动路径 302 跳转到 CDN 域名，源站压力会立刻下降。",
         "源站域名只允许 CDN 回源 IP 访问；推送任务发送前校验链接域名白名单。"])),
    ("runbooks/gpu-node-failure.md", "GPU 节点故障 / 审核推理容量下降处理手册", _runbook(
        "GPU 节点故障 / 审核推理容量下降处理手册",
        ["审核积压，用户发的帖子长时间显示“审核中”。", "部分 Triton Pod Running 但未就绪（0/1），就绪探针返回 400。",
         "节点内核日志 `NVRM: Xid ... 79 ... GPU has fallen off the bus`，nvidia-smi 报 Unknown Error。"],
        ["**GPUXidErrorCritical**：DCGM 上报 Xid 错误。", "**ModerationInferencePodsNotReady**：审核推理就绪 Pod 少于 4 个。",
         "**ModerationBacklogHigh**：待审核帖子超过 5000 条。"],
        ["GPU 或 PCIe（转接卡、交换芯片）硬件故障：Xid 79 / 48 / 63 / 64。", "驱动与 CUDA 版本不匹配。", "GPU 过热降频。"],
        ["`kubectl get pods -o wide` 看未就绪的推理 Pod 在哪个节点；同节点其他 GPU Pod 是否一起异常。",
         "在节点上 `dmesg | grep -i -E 'NVRM|AER'`，`nvidia-smi -q`。", "看 DCGM_FI_DEV_XID_ERRORS 指标。"],
        ["cordon 故障节点，联系厂商 RMA；没有备用 GPU 时推理容量会减半。",
         "容量不足时启用降级：信任用户只跑文本模型、图片抽样，举报内容与新用户内容优先。",
         "活动前评估 GPU 冗余，至少留一个节点的余量。"])),
    ("runbooks/tls-cert-expiry.md", "证书即将过期处理手册", _runbook(
        "证书即将过期处理手册",
        ["证书到期前 14 天开始告警。"],
        ["**TLSCertificateExpiringSoon**：证书剩余有效期少于 14 天。"],
        ["自动续期任务失败。", "手工采购的证书没有人跟进续期。"],
        ["确认告警的域名与证书归属团队。", "检查自动续期任务的日志。"],
        ["使用 acme.sh --renew 续期证书并重新部署到对应的负载均衡。", "手工采购的证书提前提交采购流程。"])),
    ("runbooks/kafka-consumer-lag.md", "Kafka 消费积压处理手册", _runbook(
        "Kafka 消费积压处理手册",
        ["消费组 lag 持续上涨，下游处理延迟。"],
        ["**KafkaConsumerLagHigh**：消费组 lag 超过阈值。"],
        ["生产突增。", "消费者处理变慢或频繁 rebalance。", "分区数太少，消费者数量达到上限。"],
        ["看 lag 是集中在个别分区还是全部分区。", "看消费者日志是否频繁 rebalance。"],
        ["扩容 topic 分区数并增加消费者实例。", "临时跳过非关键消息。"])),
    ("runbooks/redis-hot-key.md", "Redis 热 key 处理手册", _runbook(
        "Redis 热 key 处理手册",
        ["单个 Redis 分片 CPU 打满，其他分片空闲。"],
        ["**RedisShardCPUHigh**：单分片 CPU 超过 90%。"],
        ["热门内容的计数或缓存集中在一个 key。"],
        ["`redis-cli --hotkeys` 或 monitor 抽样找出热 key。"],
        ["热 key 拆分为多个副本 key，读时随机取一个。", "本地缓存热点数据。"])),
    ("runbooks/mysql-replica-lag.md", "MySQL 从库延迟处理手册", _runbook(
        "MySQL 从库延迟处理手册",
        ["读从库的接口读到旧数据。"],
        ["**MySQLReplicaLagHigh**：Seconds_Behind_Master 超过 30 秒。"],
        ["大事务、DDL。", "从库 IO 或 CPU 不足。"],
        ["`SHOW REPLICA STATUS` 看延迟与正在执行的事务。"],
        ["读请求切回主库，等延迟追平后再切回。", "拆分大事务。"])),
]


def build_bundle(seed: int = SEED) -> Json:
    w = WorldBuilder(seed=seed, day=DAY, tz=TZ, reference=REFERENCE, instances=INSTANCES,
                     labels={"env": "prod", "cluster": "ll-sh-prod"})
    for service, (make, every) in NOISE.items():
        quiet = [(w.at(a), w.at(b)) for a, b in QUIET.get(service, [])]
        w.noise(service, make, START, every_s=every, quiet=quiet)
    feed_tombstones(w)
    search_alias(w)
    push_apns(w)
    ads_regex(w)
    comment_charset(w)
    im_certificate(w)
    video_quota(w)
    growth_sms(w)
    growth_origin(w)
    moderation_gpu(w)
    other_changes(w)
    k8s_state(w)
    build_metrics(w)
    documents = [{"title": title, "source": source, "content": content} for source, title, content in RUNBOOKS]
    return w.bundle(name="LinLi 邻里圈 2026-12-19", services=SERVICES, documents=documents)


# --- Questions ---------------------------------------------------------------------------------
#: Each incident's signature and the word of its own cause: in another incident's answer, a misattribution.
FAMILY = {
    "feed": ("TOMBSTONE_OVERWHELM", "spam-purge"),
    "search": ("posts-20261219", "ik_max_word"),
    "apns": ("InvalidProviderToken", "8KXW3T2Q9M"),
    "ads": ("CP-88231", "java.util.regex"),
    "comment": ("Incorrect string value", "utf8mb3"),
    "im": ("unknown ca", "_public.crt"),
    "video": ("QuotaExceeded", "ll-video-raw"),
    "sms": ("SMS_SIGNATURE_ILLEGAL", "授权委托书"),
    "origin": ("growth-origin.linli.com", "BT-20261219-0042"),
    "gpu": ("fallen off the bus", "ll-gpu-node-02"),
}
#: The remedies of the runbooks for problems that did not happen.
UNRELATED_REMEDIES = ("acme.sh", "扩容 topic 分区数", "热 key 拆分", "读请求切回主库")
FIRING = ("TLSCertificateExpiringSoon", "GPUXidErrorCritical", "ModerationInferencePodsNotReady")
INCIDENT_WORDS = tuple(word for words in FAMILY.values() for word in words)


def _not(*own: str, allow: tuple[str, ...] = ()) -> tuple[str, ...]:
    """The other incidents' words (but ``allow``: another incident's word the asked service logs itself), plus the
    unrelated runbooks' remedies."""
    return tuple(word for family, words in FAMILY.items() if family not in own for word in words
                 if word not in allow) + UNRELATED_REMEDIES


QUESTIONS: tuple[WorldQuestion, ...] = (
    WorldQuestion(
        "social_feed_home_cause",
        "早上七点多开始首页信息流一直刷不出来，转半天圈最后只给几条热门，feed 那边是咋了？", "cause",
        asked_facts=(fact("TOMBSTONE_OVERWHELM", "Scanned over 100001 tombstones", "timeline read failed",
                          "Operation failed", "读失败", "读取失败"),),
        cause_facts=(fact("tombstone", "墓碑"),
                     fact("spam-purge", "SB-20261219-01", "DELETE FROM feed.timeline", "垃圾账号", "批量删除")),
        forbidden=_not("feed"), service="ll-feed-service",
        diagnosis="01:30–04:52 信任与安全的 CronJob ll-moderation-spam-purge（批次 SB-20261219-01）为清理 2140 个封禁垃圾账号的 "
                  "41 万条帖子，在 feed.timeline 里逐行删除了 1.86 亿行 → 活跃用户分区头部堆满 tombstone（gc_grace 10 天内不清），"
                  "早高峰读时间线先扫过它们：06:20 起告警、07:05 起超过 100000 被中止（Scanned over 100001 tombstones）→ "
                  "feed 读时间线报 TOMBSTONE_OVERWHELM、退化成热门帖子；08:51 DBA 临时把 gc_grace_seconds 调成 3600 并逐节点 "
                  "nodetool garbagecollect，09:55 恢复。06:40 的 recall_size 配置与此无关",
    ),
    WorldQuestion(
        "social_search_zero_quantity", "今天上午搜东西老是啥也搜不到，搜不出结果的比例最高到过多少？", "quantity",
        asked_facts=(fact(str(ZERO_PEAK)),), forbidden=_not("search"), service="ll-search-service",
        peak=Peak("ll-search-service", "search_zero_result_ratio", ZERO_PEAK),
        diagnosis="search_zero_result_ratio 最高 62.4%（08:41）；SearchZeroResultRatioHigh 04:25 触发时是 57.9%。原因是 03:00 的"
                  "重建任务建的 posts-20261219 没套上索引模板（templates []，standard 分词），04:12 别名切过去，10:46 切回",
    ),
    WorldQuestion(
        "social_push_ios_cause",
        "上午十点多开始苹果手机都收不到推送了，安卓的倒正常，推送服务怎么回事？", "cause",
        asked_facts=(fact("InvalidProviderToken"),),
        cause_facts=(fact("8KXW3T2Q9M", "Revoked", "吊销"),),
        forbidden=_not("apns", "origin"), service="ll-push-service",
        diagnosis="10:11 iOS 开发在 Apple Developer 后台把推送服务正在用的 APNs Key 8KXW3T2Q9M 当作未使用的 Key 吊销了"
                  "（IT-20261219-014）→ 之后所有 iOS 推送 403 InvalidProviderToken，安卓厂商通道正常；11:37 新建 Key "
                  "Q7D2M4R8XN 写入 secret apns-auth-key 后恢复，超过 TTL 的 128 万条丢弃。09:31 的 5.2.0 发布（HMS）不是原因",
    ),
    WorldQuestion(
        "social_push_changes_listing", "推送服务今天都动过啥？发版、改配置、换密钥这些都算上。", "listing",
        asked_facts=(fact("5.2.0"), fact("Q7D2M4R8XN", "apns-auth-key"), fact("push.broadcast.qps", "broadcast.qps")),
        forbidden=_not("apns", "origin"), service="ll-push-service",
        diagnosis="三次：09:31 发布 5.2.0（HMS Push Kit v6）、11:37 secret apns-auth-key 换成新 Key Q7D2M4R8XN（原 Key 被吊销）、"
                  "19:40 push.broadcast.qps 20000 -> 40000；19:58 的全量推送 BT-20261219-0042 是运营任务，不是推送服务的变更",
    ),
    WorldQuestion(
        "social_ads_fill_cause",
        "中午十二点前后信息流里的广告基本都不出了，广告服务 CPU 也打满了，帮忙查下原因", "cause",
        asked_facts=(fact("timed out after 80ms", "80ms", "超时", "timeout", "填充率"),),
        cause_facts=(fact("CP-88231"), fact("java.util.regex", "content_regex", "正则", "regex", "回溯", "backtracking")),
        forbidden=_not("ads"), service="ll-ads-service",
        diagnosis="11:47 投放运营 adops_liting 保存了计划 CP-88231，定向规则 content_regex 带嵌套量词，对长帖子灾难性回溯 → "
                  "请求线程卡在 java.util.regex（jstack 391/400），CPU 99%、p99 2.4s，feed 80ms 超时后不出广告，填充率 92% → "
                  "11%；13:38 暂停计划、13:41 rollout restart 后 13:46 恢复。11:20 的 pacing 配置与此无关",
    ),
    WorldQuestion(
        "social_comment_emoji_cause",
        "下午两点以后不少人反馈评论发不出去，尤其是带表情的，老帖子下面评论又正常，这是哪出的问题？", "cause",
        asked_facts=(fact("Incorrect string value"),),
        cause_facts=(fact("utf8mb3", "utf8mb4", "字符集", "charset"),
                     fact("ll_comment_06", "ll_comment_07", "ds_comment_06", "ds_comment_07", "ll-mysql-comment-04",
                          "comment_shard_expand", "shard rule v18", "分库扩容")),
        forbidden=_not("comment"),
        diagnosis="DBA 的扩容脚本 comment_shard_expand.py 02:40 在新实例 ll-mysql-comment-04（character_set_server=utf8mb3）上建了 "
                  "ll_comment_06/07（建表没写字符集），13:58 切换分片规则 v18 后 14:00 以后发的新帖的评论落到这两个库 → 带 4 字节 "
                  "emoji 的评论报 Incorrect string value '\\xF0\\x9F…'，老帖子在原来的 utf8mb4 库里不受影响；16:03 ALTER TABLE "
                  "CONVERT TO utf8mb4 后恢复。13:20 评论服务发布 6.4.0 不是原因",
    ),
    WorldQuestion(
        "social_im_android_cause",
        "下午三点多开始安卓用户私信一直连不上，消息也发不出去，iOS 那边没事，私信网关这是咋了？", "cause",
        asked_facts=(fact("unknown ca", "SSLHandshakeException", "Trust anchor for certification path not found", "握手失败"),),
        cause_facts=(fact("_public.crt", "中间证书", "intermediate", "证书链", "unable to verify the first certificate",
                          "fullchain"),
                     fact("cert-deploy", "CHG-20261219-011", "更换证书", "证书更换", "换证书")),
        forbidden=_not("im"), service="ll-im-gateway",
        diagnosis="15:02 运维用 cert-deploy.sh 给 ll-im-edge 换 im.linli.com 证书时只部署了站点证书 im.linli.com_public.crt，"
                  "缺 GeoTrust CN RSA CA G1 中间证书（CHG-20261219-011）→ 安卓不补全中间证书，握手失败（nginx tlsv1 alert "
                  "unknown ca、客户端 Trust anchor for certification path not found），iOS 会补全所以正常；在线长连接 −55%；"
                  "17:25 换成 fullchain 后恢复。14:35 私信网关发布 4.9.0 不是原因，问题不在网关本身",
    ),
    WorldQuestion(
        "social_upload_alert_existence", "媒体上传服务今天下午有没有报过视频上传失败的告警？", "existence",
        asked_facts=(fact("VideoUploadFailureRateHigh"),), forbidden=_not("video"), service="ll-media-upload",
        diagnosis="有：VideoUploadFailureRateHigh 16:44 触发（96.3%，阈值 10%），18:06 恢复；原因是桶 ll-video-raw 配额 200 TiB "
                  "被未完成的分片上传占满（QuotaExceeded），18:02 调大配额",
    ),
    WorldQuestion(
        "social_growth_sms_cause",
        "拉新活动中午那阵子是不是出问题了？好多被邀请的新用户说收不到验证码，注册不了。", "cause",
        asked_facts=(fact("SMS_SIGNATURE_ILLEGAL", "签名不合法"),),
        cause_facts=(fact("授权委托书", "审核未通过", "复审"),),
        forbidden=_not("sms", "origin"), service="ll-growth-service",
        diagnosis="11:01 阿里云短信复审签名【邻里圈】未通过（授权委托书 12-15 已过期）→ 11:02 起邀请注册短信全部 "
                  "isv.SMS_SIGNATURE_ILLEGAL，新用户收不到验证码；13:18 切到备用签名【邻里圈App】后恢复。10:30 的 7.5.0 发布不是"
                  "原因；晚上八点的活动页故障是另一件事",
    ),
    WorldQuestion(
        "social_growth_origin_cause",
        "晚上八点开播那会儿，邀请助力的活动页一直打不开，刷出来就是 502、504，拉新服务咋了？", "cause",
        asked_facts=(fact("504", "502", "503"),),
        cause_facts=(fact("growth-origin.linli.com", "源站域名", "绕过 CDN", "bypassing the CDN", "回源"),
                     fact("BT-20261219-0042", "全量推送", "broadcast task", "推送链接")),
        forbidden=_not("sms", "origin"), service="ll-growth-service",
        diagnosis="19:52 运营建的全量推送 BT-20261219-0042 链接写成了源站域名 growth-origin.linli.com（预发检查用的）而不是 CDN 的 "
                  "m.linli.com → 19:58 起 631 万条推送 159 秒发完，打开全部直打源站：origin_requests_per_sec 从约 60 涨到 21436"
                  "（20:02），Next.js Pod 事件循环卡死、HPA 到 20/20，网关 504/503；20:09 网关把源站 /act/ 302 到 m.linli.com，"
                  "20:11 恢复。19:40 推送服务调大 broadcast.qps 不是原因，中午的短信签名问题是另一件事",
    ),
    WorldQuestion(
        "social_growth_origin_quantity", "开播那一下，活动页那边最猛的时候每秒被打了多少请求？", "quantity",
        asked_facts=(fact(str(ORIGIN_PEAK), "21,436"),), forbidden=_not("sms", "origin"), service="ll-growth-service",
        peak=Peak("ll-growth-service", "origin_requests_per_sec", ORIGIN_PEAK),
        diagnosis="origin_requests_per_sec（host growth-origin.linli.com）最高 21436 次/秒（20:02），平时几十；同时 CDN 域名 "
                  "m.linli.com 只有两千多",
    ),
    WorldQuestion(
        "social_moderation_cause",
        "直播开始没多久，好多人发的帖子一直卡在审核中，别人看不到，审核服务那边咋回事？", "cause",
        asked_facts=(fact("unscored", "积压", "backlog", "SLA breached", "审核中"),),
        cause_facts=(fact("ll-gpu-node-02", "Xid", "fallen off the bus", "掉卡"),
                     fact("ready endpoints 2/4", "0/1", "Readiness probe failed", "NotReady", "not ready", "未就绪")),
        forbidden=_not("gpu", allow=("spam-purge",)), service="ll-moderation",
        diagnosis="20:17 GPU 节点 ll-gpu-node-02 两张卡 Xid 79 掉卡（GPU has fallen off the bus，PCIe 致命错误）→ 该节点上两个 "
                  "Triton Pod Running 但未就绪（2/4），ll-gpu-node-01 上的两个正常；推理容量减半正赶上直播发帖高峰，待审核帖子"
                  "最多 48712 条（21:24），最久等 38 分钟；20:41 cordon 节点、20:55 开启信任用户纯文本快速通道，22:46 积压清完，"
                  "节点仍在等厂商维修。19:30 的图片阈值配置不是原因",
    ),
    WorldQuestion(
        "social_moderation_backlog_quantity", "今晚审核最堵的时候，有多少条帖子在排队等着审？", "quantity",
        asked_facts=(fact(str(BACKLOG_PEAK), "48,712"),), forbidden=_not("gpu", allow=("spam-purge",)),
        service="ll-moderation", peak=Peak("ll-moderation", "mod_unscored_items", BACKLOG_PEAK),
        diagnosis=f"mod_unscored_items 最高 {BACKLOG_PEAK} 条（21:24）；ModerationBacklogHigh 20:31 触发时是 {BACKLOG_ALERT_VALUE}",
    ),
    WorldQuestion(
        "social_relation_healthy", "关注服务早上九点发过一个版，今天有没有出过告警或者报错？", "existence",
        asked_facts=(HEALTHY,), forbidden=INCIDENT_WORDS, service="ll-relation-service", healthy=True,
        diagnosis="没有：只有关注、取关、列表与计数同步的 INFO 和被拉黑拒绝关注的 WARN，5xx 与 p99 远低于阈值，无告警；"
                  "09:05 的 4.3.0 发布与各故障无关",
    ),
    WorldQuestion(
        "social_post_healthy", "发帖服务晚上七点二十改过限流，直播那阵子它有没有报警？", "existence",
        asked_facts=(HEALTHY,), forbidden=INCIDENT_WORDS, service="ll-post-service", healthy=True,
        diagnosis="没有告警；直播期间发帖量涨到每分钟 2700 条，5xx 与 p99 都远低于阈值；19:20 的限流 20 -> 30 与各故障无关",
    ),
    WorldQuestion(
        "social_alert_listing", "现在还有哪些告警没恢复？帮我列一下。", "listing",
        asked_facts=tuple(fact(name) for name in FIRING), forbidden=("ll-relation-service", "ll-post-service"),
        diagnosis="3 条：TLSCertificateExpiringSoon（admin.linli.com 12-28 到期，12-16 起，与今天的故障无关）、GPUXidErrorCritical"
                  "（ll-gpu-node-02 Xid 79，20:18 起）、ModerationInferencePodsNotReady（Triton 就绪 2/4）；其余告警都已恢复",
    ),
)

WORLD = World(name=NAME, title="LinLi 邻里圈（社区社交 App）", build=build_bundle, questions=QUESTIONS)
