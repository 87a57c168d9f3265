"""World "gaming": 星火互娱 XingHuo Games, the operator of a mobile 5v5 online game (``xh-*`` services: Java, Go,
Python and C++ game servers on Kubernetes — the game-room servers as an Agones Fleet on dedicated bare-metal nodes
``xh-gs-node-01..12``; OpenResty, MySQL, Redis, ClickHouse and Kafka on virtual machines; a CDN in front of the patch
bucket), seen on Friday 2026-12-18 from 17:00 to the reference time 23:40 (+08:00): the patch pre-download from
18:00, season S7 opening at 20:00, a red-envelope rain at 21:00 and the Friday-night peak around 22:00. Nothing here
was written for the offline agents; ten incidents of families neither the demo nor the other worlds have, in
ordinary noise (several causes sit on another service than the one players complain about, several triggers are
nobody's deploy):

(1) 17:58:12        xh-patch: the release manager runs ``publish_manifest.py`` for 3.2.0 while the ``ossutil64 sync`` of
                    the chunks to the origin bucket (17:40–18:26) is still running. Pre-download opens at 18:00; chunks
    18:00–18:43     not yet on the origin answer 404 and the CDN keeps them (status-code cache rule 404 = 3600 s, set in
                    2025 against scanners): ``TCP_NEGATIVE_HIT`` 404 long after the origin has the files → downloads stop
                    at 30–70 % (``patch_download_failure_rate`` up to 61.4 %). 18:41 CDN directory refresh, done 18:43.
                    The 17:35 download-concurrency config push is a decoy.
(2) 18:56:58        xh-account: Apple starts signing identity tokens with a new key (kid ``Sf2lFqwkpX``); the account
                    service keeps Apple's JWKS for 24 h and does not refresh on an unknown kid → every Sign in with
    18:57–19:46     Apple fails (``AppleKeyNotFoundException``), WeChat/QQ/phone logins are fine. 19:46 the on-call forces
                    a JWKS refresh. The 18:20 deploy 3.8.1 (which loaded the keys at start) is a decoy. No change line:
                    the trigger is the vendor's.
(3) 19:18:40        xh-store (first incident of the store): WeChat Pay starts sending payment notifications from a new
                    egress range 183.3.234.0/24 (announced 12-10, nobody updated the list); the gateway's pay-notify
    19:18–20:10     allow-list answers ``access forbidden by rule`` / 403 → WeChat orders stay WAIT_PAY until the
                    10-minute reconcile job or WeChat's retries → 充值不到账 for 10–40 min. 19:55 the allow-list gets the
                    new ranges. The 19:10 store deploy 5.4.0 is a decoy; the cause is on the gateway.
(4) 19:32:05        xh-event-pipeline: a data engineer's ``backfill_s6_settlement.py`` inserts three months of S6 events
                    into ClickHouse in 500-row batches across ~97 daily partitions → parts pile up, ``Too many parts
    19:41–20:52     (300 …) (TOO_MANY_PARTS)`` rejects every insert of the table, the real-time sink too → Kafka lag,
                    the real-time dashboard frozen during the season opening. Backfill killed 20:14, inserts accepted
                    again 20:21, lag drained 20:52. The 19:10 sink batch-size config is a decoy.
(5) 20:00           xh-matchmaking: season S7 opens; the FleetAutoscaler of the room-server fleet still has the S6
                    ``maxReplicas: 120`` → from 20:04:12 every allocation answers ``there is no available GameServer to
    20:04–20:40     allocate`` (ResourceExhausted), tickets pile up (``openmatch_tickets_active`` peaks at 18437 at 20:27;
                    the backlog alert fired at 5120), players time out after 120 s. 20:31 maxReplicas 240, backlog gone
                    by 20:40. The 19:40 matchmaking profile config (MMR window) is a decoy; the cap is on xh-agones.
(6) 20:41:07        xh-store (second incident): ``migrate_s7_pass.py`` (DMS-20261218-0147) updates 6.4 M wallet rows on
                    the pay primary in 50000-row chunks without pause; the replica (replica_parallel_workers=0) falls
    20:47–21:45     behind (``Seconds_Behind_Master`` peaks at 1460 s at 21:08) → the delivery worker reads orders from
                    the replica, sees WAIT_PAY, gives up after 5 attempts → items not delivered; 21:38 compensation job
                    redelivers 3218 orders, 12 are left (RechargeOrdersUndelivered still firing). The 20:30 channel
                    weight config is a decoy.
(7) 21:00           xh-chat: the 全服红包雨 activity (scheduled 20:50 by operations) multiplies world-channel traffic
                    (``chat_world_publish_rate`` ~250 → 9400 /s); the chat gateways' pub/sub connections exceed Redis's
    21:01–21:20     ``client-output-buffer-limit pubsub`` and are closed (``scheduled to be closed ASAP for overcoming of
                    output buffer limits``) → world and guild messages lost. 21:16 the limit is raised, the rain ends
                    21:20. The 20:45 chat deploy 2.9.0 is a decoy.
(8) 21:12:30        xh-leaderboard: a third-party 战绩 app's scraper (UA ``ZhanJiBao/2.3.1``) hammers the ops export
                    endpoint ``/api/v1/rank/{board}/export`` → ``ZREVRANGE rank:power:global 0 -1 WITHSCORES`` on 2.3 M
    21:12–21:53     members blocks Redis for ~1 s each → every leaderboard read times out (``RedisCommandTimeoutException``);
                    ``gateway_route_rps`` of the rank routes peaks at 3862 at 21:31. 21:52 a WAF rule on the gateway blocks
                    the UA and the export path. The 21:05 snapshot refresh-interval config is a decoy.
(9) 22:04:30        xh-room-server, one node: xh-gs-node-07 was reinstalled on 12-17 (MT-20261217-021) without the
                    game-node sysctl file → ``nf_conntrack_max`` 65536 (the others 1048576). At the Friday peak its table
    22:04–22:31     is full (``nf_conntrack: table full, dropping packet``): only the room servers on that node lose players
                    (heartbeat timeouts, reconnects that never arrive, aborted matches). 22:31 ``sysctl -w`` on the node.
                    The 21:50 netcode interpolation config of the fleet is a decoy; the cause is in the node's kernel log.
(10) 22:30:05       xh-anticheat: the vendor's signature library 2026.12.18.3 adds rule OVL-2291, which flags the game-turbo
    22:36 → now     overlay of Xiaomi/Redmi phones (``libgameturbo_hook.so``) → players kicked and banned for 10 min, 150–260
                    a minute; vendor ticket SG-88213 open, fixed library promised for 00:30: still ongoing. The 18:30 deploy
                    4.1.2 and the 21:40 speed-hack threshold config are decoys.

Healthy: xh-mail (the S7 launch reward template enabled at 20:00 is a decoy; the reward mail job runs fine) and xh-guild
(deploy 3.3.0 at 21:30 is a decoy) — INFO/WARN noise only, under their thresholds, no alert. Still firing at 23:40:
HostMemoryCorrectedErrors (xh-kafka-03, since 15:40, a DIMM ticket, unrelated), RechargeOrdersUndelivered (12 orders of
incident 6) and AnticheatKickRateHigh (incident 10). Kubernetes: the deployments, their pods and the fleet's game-server
pods with their nodes; events are what the API keeps (TTL 1 h): the fleet scaling down after the peak.

What the questions test besides the causes: the store has two incidents (19:18 and 20:47, same symptom 充值不到账, different
causes: the time phrase picks one); two figures are asked in other words than their series' (匹配“排队” for
``openmatch_tickets_active``, 从库“延迟了多久” for ``mysql_slave_status_seconds_behind_master``), one as a load on a gateway
series (``gateway_route_rps``); the room servers' trouble is visible as a node only through the pods' ``node``.
Run ``python -m evaluation.worlds gaming`` to print the bundle.
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

NAME = "gaming"
SEED = 20261218
TZ = dt.timezone(dt.timedelta(hours=8))
DAY = dt.date(2026, 12, 18)
START = dt.datetime(2026, 12, 18, 17, 0, tzinfo=TZ)
REFERENCE = dt.datetime(2026, 12, 18, 23, 40, tzinfo=TZ)
NS = "xh-game"
MONTH = "Dec"  # nginx's $time_local, independent of the locale

_t = functools.partial(clock_on, DAY, TZ)  # a clock on the world's day, for module-level constants


# --- The lines the questions are about (the tests find each one in the bundle) ----------------
PATCH_CONFIG = ("[apollo] config changed: namespace=xh-patch.hotupdate key=download.max-concurrency old=4 new=6 "
                "operator=client_dev_pengfei releaseKey=20261218173512-7c1f")
PATCH_SYNC_START = ("ossutil64 sync ./build/3.2.0/ oss://xh-patch-origin/patch/ --jobs 8 --update (started by ci "
                    "pipeline client-release #2231): 61230 files, 9.4 GiB to upload")
PATCH_SYNC_DONE = "ossutil64 sync done: 61230 files uploaded (9.4 GiB) in 46m38s, 0 failed"
PATCH_PUBLISH = ("publish_manifest.py --version 3.2.0 --platform android,ios --channel prod by release_liuyang: "
                 "patch/android/3.2.0/manifest.json and patch/ios/3.2.0/manifest.json uploaded, version.json "
                 "latest=3.2.0 preload=on (preload window opens 18:00)")
PATCH_CDN_NOTE = ("ops_chenjie: CDN 控制台 dl.xhgames.com 状态码缓存规则 404=3600s（2025-03 为防扫描设置）；3.2.0 的 chunk 在源站 "
                  "18:26 已全部同步，但边缘节点仍返回 TCP_NEGATIVE_HIT 404（预下载开放时源站还没有这些文件）")
PATCH_PURGE = ("CDN refresh task 7d1c0a92 submitted by ops_chenjie: directory purge "
               "https://dl.xhgames.com/patch/android/3.2.0/ https://dl.xhgames.com/patch/ios/3.2.0/")
PATCH_PURGE_DONE = "CDN refresh task 7d1c0a92: status done on all edge nodes (took 2m04s)"
PATCH_FAIL = ("client patch failed uid={uid} {platform} 3.1.4->3.2.0 progress={progress}% chunk={chunk} err=HTTP 404 "
              "after 3 retries (cdn node {node})")
PATCH_FAILURE_PEAK = 61.4

ACCOUNT_DEPLOY = ("deploy finished: xh-account 3.8.1 (was 3.8.0) rolled out by ci-bot pipeline=#8812; changes: "
                  "排队登录提示文案, 防沉迷弹窗埋点")
APPLE_OLD_KIDS = ("W6WcOKB", "fh6Bs8C", "YuyXoY")
APPLE_NEW_KID = "Sf2lFqwkpX"
APPLE_LOADED = ("Apple JWKS loaded from https://appleid.apple.com/auth/keys: 3 keys [W6WcOKB, fh6Bs8C, YuyXoY], next "
                "refresh in 24h (apple.jwks.refresh-on-miss=false)")
APPLE_FAIL = ("apple sign-in rejected sub={sub}: com.xhgames.account.oauth.apple.AppleKeyNotFoundException: no Apple "
              "public key for kid=Sf2lFqwkpX (cached kids: W6WcOKB,fh6Bs8C,YuyXoY; loaded {loaded})\n"
              "\tat com.xhgames.account.oauth.apple.AppleIdTokenVerifier.verify(AppleIdTokenVerifier.java:88)\n"
              "\tat com.xhgames.account.login.ThirdPartyLoginService.loginWithApple(ThirdPartyLoginService.java:142)\n"
              "\tat com.xhgames.account.api.LoginController.thirdParty(LoginController.java:67)")
APPLE_NOTE = ("oncall_gaoyang: curl https://appleid.apple.com/auth/keys → 4 keys, kid Sf2lFqwkpX not in our cache; "
              "apple.jwks.refresh-on-miss=false, cache refreshed every 24h")
APPLE_REFRESH = ("Apple JWKS refreshed (POST /internal/admin/apple-jwks/refresh by oncall_gaoyang): 4 keys [W6WcOKB, "
                 "fh6Bs8C, YuyXoY, Sf2lFqwkpX]")

STORE_DEPLOY = ("deploy finished: xh-store 5.4.0 (was 5.3.2) rolled out by ci-bot pipeline=#8820; changes: S7 通行证 "
                "SKU（pass_s7_premium, pass_s7_bundle）、首充双倍重置")
STORE_CONFIG = ("[apollo] config changed: namespace=xh-store.pay key=pay.channel.weight old=wechat:50,alipay:50 "
                "new=wechat:40,alipay:60 operator=pay_ops_tangli releaseKey=20261218203010-91ab")
WECHAT_OLD_RANGES = ("121.51.58.0/24", "121.51.30.0/24", "203.205.219.0/24")
WECHAT_FORBIDDEN = ('{ts} [error] {pid}#{pid}: *{conn} access forbidden by rule, client: {ip}, server: '
                    'pay-notify.xhgames.com, request: "POST /pay/notify/wechat HTTP/1.1", host: "pay-notify.xhgames.com"')
WECHAT_NOTE = ("ops_zhangwei: 微信支付商户平台公告（2026-12-10）：支付结果通知出口 IP 自 12-18 起新增 183.3.234.0/24、"
               "58.251.80.0/24；pay-notify 的 allow 列表只有 121.51.58.0/24、121.51.30.0/24、203.205.219.0/24")
WECHAT_ALLOW = ("pay-notify allow-list updated by ops_zhangwei: + allow 183.3.234.0/24; + allow 58.251.80.0/24 "
                "(微信支付回调出口 IP 调整); nginx -t ok; nginx -s reload on xh-gw-01..04")
RECONCILE_LATE = ("pay-reconcile: {n} wechat orders WAIT_PAY > 10m without notify; queried wechat: {paid} SUCCESS "
                  "(marked PAID, delivery queued), {notpay} NOTPAY")

MIGRATION = ("DMS 工单 DMS-20261218-0147 执行 by pay_dev_sunqi on xh-mysql-pay-01: python migrate_s7_pass.py --db "
             "xh_pay --chunk-rows 50000 --sleep 0 (S7 通行证字段初始化: UPDATE wallet_account SET pass_season=7, "
             "pass_level=0, pass_exp=0 WHERE pass_season=6; 6412208 rows)")
MIGRATION_DONE = "migrate_s7_pass.py done: 6412208 rows in 129 chunks, 24m33s"
LAG_CHECK = ("replica check xh-mysql-pay-02: Seconds_Behind_Master={lag} Slave_SQL_Running_State='{state}' "
             "replica_parallel_workers=0 Relay_Log_Space={relay}")
DELIVERY_WAIT = ("delivery order={order} read status=WAIT_PAY from ds_pay_read, not paid yet, retry in 60s (attempt "
                 "{attempt}/5)")
DELIVERY_GAVE_UP = ("delivery gave up order={order} uid={uid} sku={sku}: status still WAIT_PAY after 5 attempts "
                    "(ds_pay_read) → DELIVERY_GAVE_UP")
COMPENSATE = ("store-compensate job by oncall_lujia: 3230 orders DELIVERY_GAVE_UP between 20:47 and 21:31 re-read from "
              "ds_pay_write → redelivered 3218, failed 12 (accounts in deletion cooling-off or banned), left for manual "
              "handling")
LAG_PEAK = 1460
LAG_ALERT_VALUE = "31s"
UNDELIVERED_LEFT = 12

SINK_CONFIG = ("[config] ch-sink reloaded: sink.batch.max-rows 50000 -> 80000, sink.flush.interval 2s -> 3s "
               "(operator=data_dev_mayun)")
BACKFILL_START = ("backfill_s6_settlement.py started by data_zhoujie on data-dev-01: source hive s6_raw.player_events "
                  "dt=2026-09-12..2026-12-17 (388014206 rows) → INSERT INTO game.player_events (Distributed) over HTTP, "
                  "threads=20, batch_rows=500, rows not sorted by partition")
BACKFILL_KILL = ("data_oncall_xuyi: kill -TERM 48211 (backfill_s6_settlement.py) on data-dev-01: 52611500 rows inserted "
                 "before stop; rerun later with sorted 1M-row batches per day")
TOO_MANY_PARTS = ("Code: 252. DB::Exception: Too many parts (300 with average size of 412.06 KiB) in table "
                  "'game.player_events_local (4f1c0d52-7a3e-4b8c-9e21-6d0b5a7c3f19)'. Merges are processing "
                  "significantly slower than inserts. (TOO_MANY_PARTS) (version 23.8.9.54 (official build))")

MM_CONFIG = ("[config] matchmaking profile ranked-s7 loaded from nacos (operator=mm_dev_linfeng): mmr_window 200 -> 150, "
             "max_wait 120s unchanged, party_size_max 5")
FLEET_ROLLOUT = ("kubectl apply -f fleet-xh-room-server.yaml by ci-bot (S7 地图与英雄): image xh-room-server:3.1.4.1702 -> "
                 "3.2.0.1877, strategy RollingUpdate maxSurge 25%")
FAS_CAP = ('fleetautoscaler "xh-room-server-fas": desired replicas {desired} (allocated {allocated} + buffer 20) '
           "above maxReplicas 120, capping at 120")
ALLOC_FAIL = ("allocate failed for match {match} profile=ranked-s7: rpc error: code = ResourceExhausted desc = there is "
              "no available GameServer to allocate")
FAS_PATCH = ("kubectl patch fleetautoscaler xh-room-server-fas -n xh-game --type merge -p "
             "'{\"spec\":{\"policy\":{\"buffer\":{\"maxReplicas\":240}}}}' by sre_wanghao (maxReplicas 120 -> 240; "
             "120 was the S6 setting)")
TICKETS_PEAK = 18437
TICKETS_ALERT_VALUE = "5120"

CHAT_DEPLOY = ("deploy finished: xh-chat 2.9.0 (was 2.8.3) rolled out by ci-bot pipeline=#8834; changes: S7 表情包, "
               "公会频道置顶消息")
RAIN_SCHEDULED = ("activity scheduled: red_envelope_rain_s7（全服红包雨）21:00–21:20, a round every 30s broadcast on the "
                  "world channel of every server, operator=yunying_lixue")
REDIS_KILL = ("Client id={cid} addr={addr}:{port} laddr=10.30.5.21:6379 fd={fd} name={pod} age={age} idle=0 flags=P db=0 "
              "sub=0 psub=2 ssub=0 multi=-1 qbuf=0 qbuf-free=0 argv-mem=0 multi-mem=0 rbs=1024 rbp=5 obl=0 oll={oll} "
              "omem={omem} tot-mem={tot} events=rw cmd=psubscribe user=default redir=-1 resp=2 lib-name= lib-ver= "
              "scheduled to be closed ASAP for overcoming of output buffer limits.")
REDIS_CHAT_CONFIG = ('dba_wuqiang: CONFIG SET client-output-buffer-limit "pubsub 256mb 128mb 60" on xh-redis-chat-01 '
                     '(was "pubsub 32mb 8mb 60"); CONFIG REWRITE ok')
PUBLISH_PEAK = 9412

RANK_CONFIG = ("[apollo] config changed: namespace=xh-leaderboard key=rank.snapshot.refresh-interval old=10s new=5s "
               "operator=rank_dev_zhoubo releaseKey=20261218210510-3e0d")
RANK_TIMEOUT = ("GET /api/v1/rank/{board}/top?limit=50 failed after {took}ms: io.lettuce.core.RedisCommandTimeoutException: "
                "Command timed out after 1 second(s)")
RANK_EXPORT = ("export board=power_global rows=2318446 bytes={size} took={took}ms caller_uid={uid} (ZREVRANGE "
               "rank:power:global 0 -1 WITHSCORES)")
RANK_SLOWLOG = ("slowlog id={sid} duration={us}us cmd=ZREVRANGE rank:power:global 0 -1 WITHSCORES client={client} "
                "name=lettuce#xh-leaderboard")
BOT_UA = "ZhanJiBao/2.3.1 okhttp/4.9.3"
RANK_NOTE = ("ops_zhangwei: /api/v1/rank/*/export 21:12 起 1.4 次/秒，UA 全是 ZhanJiBao/2.3.1，来源 47.100.0.0/16、"
             "139.224.0.0/16 等云主机，另有 3000+ 次/秒的 /player/ 查询；export 本是运营导出用接口，未限制来源")
RANK_WAF = ("WAF rule 10031 added by ops_zhangwei: deny User-Agent ~* ZhanJiBao; location ~ ^/api/v1/rank/.+/export$ "
            "allow 10.0.0.0/8 only; nginx -s reload on xh-gw-01..04")
RANK_RPS_PEAK = 3862

NODE_BAD = "xh-gs-node-07"
CONNTRACK_FULL = "kernel: nf_conntrack: nf_conntrack: table full, dropping packet"
CONNTRACK_NOTE = ("sre_liming: xh-gs-node-07 net.netfilter.nf_conntrack_max=65536 (other gs nodes 1048576); node "
                  "reinstalled 2026-12-17 under MT-20261217-021 (system disk replaced) from image "
                  "gs-node-ubuntu2204-20260901, /etc/sysctl.d/90-gameserver.conf missing")
CONNTRACK_FIX = ("sre_liming on xh-gs-node-07: sysctl -w net.netfilter.nf_conntrack_max=1048576 "
                 "net.netfilter.nf_conntrack_buckets=262144; /etc/sysctl.d/90-gameserver.conf restored from the "
                 "gs-node role (MT-20261217-021 follow-up)")
CONNTRACK_LIMIT = 65536
ROOM_CONFIG = ("[config] room netcode hot reload (operator=gs_dev_huangyi): net.interp_delay_ms 100 -> 120, "
               "net.snapshot_rate 30 unchanged")

AC_DEPLOY = ("deploy finished: xh-anticheat 4.1.2 (was 4.1.1) rolled out by ci-bot pipeline=#8815; changes: S7 新地图白名单 "
             "(map_s7_desert, map_s7_harbor)")
AC_CONFIG = ("[config] anticheat rules reloaded: speedhack.ratio-threshold 1.15 -> 1.12 (operator=sec_zhaomin, "
             "ticket SEC-1207)")
AC_SIG = ("signature library updated: sg-sig 2026.12.18.2 -> 2026.12.18.3 (rules 1167 -> 1204; new OVL-2291 overlay "
          "injection, MEM-0833, MEM-0834 …) pulled from https://sig.shieldguard.cn by the ShieldGuard agent")
AC_KICK = ("kick uid={uid} session={session} rule=OVL-2291 (overlay injection) module=libgameturbo_hook.so device={device} "
           "os={os} → KICK + BAN 10m")
AC_NOTE = ("sec_oncall_zhaomin: 工单 SG-88213 已提交盾甲 ShieldGuard：OVL-2291 疑似误报，命中的全是小米/红米 HyperOS 的"
           "游戏加速模块 libgameturbo_hook.so；厂商答复 00:30 前发布 2026.12.18.4，规则无法在我方切为仅上报")

MAIL_CONFIG = ("[apollo] config changed: namespace=xh-mail key=mail.template.s7_launch_reward.enabled old=false new=true "
               "operator=yunying_chenxi releaseKey=20261218200005-5b2a")
GUILD_DEPLOY = ("deploy finished: xh-guild 3.3.0 (was 3.2.5) rolled out by ci-bot pipeline=#8839; changes: S7 公会战报名, "
                "公会仓库日志分页")
KAFKA_EDAC = ("kernel: EDAC MC1: 1 CE memory read error on CPU_SrcID#1_MC#0_Chan#2_DIMM#0 (channel:2 slot:0 page:0x3f1a2 "
              "offset:0x0 grain:32 syndrome:0x0 - err_code:0x0000:0x009f)")
KAFKA_ECC_SUMMARY = "xh-kafka-03 内存可纠正错误（EDAC CE）持续出现：CPU1 Chan#2 DIMM#0，已报修 MT-20261218-006，待停机更换"


# --- Pods and hosts ---------------------------------------------------------------------------
ROLLOUTS: dict[str, list[tuple[str, tuple[str, ...]]]] = {
    "xh-account": [("17:00", pod_names("xh-account", "3.8.0", 4)), ("18:20:40", pod_names("xh-account", "3.8.1", 4))],
    "xh-matchmaking": [("17:00", pod_names("xh-matchmaking", "2.14.2", 3))],
    "xh-leaderboard": [("17:00", pod_names("xh-leaderboard", "1.22.0", 3))],
    "xh-store": [("17:00", pod_names("xh-store", "5.3.2", 3)), ("19:10:50", pod_names("xh-store", "5.4.0", 3))],
    "xh-anticheat": [("17:00", pod_names("xh-anticheat", "4.1.1", 3)), ("18:30:40", pod_names("xh-anticheat", "4.1.2", 3))],
    "xh-chat": [("17:00", pod_names("xh-chat", "2.8.3", 4)), ("20:45:40", pod_names("xh-chat", "2.9.0", 4))],
    "xh-guild": [("17:00", pod_names("xh-guild", "3.2.5", 2)), ("21:30:40", pod_names("xh-guild", "3.3.0", 2))],
    "xh-mail": [("17:00", pod_names("xh-mail", "1.9.4", 2))],
    "xh-patch": [("17:00", pod_names("xh-patch", "2.3.1", 2))],
    "xh-event-pipeline": [("17:00", pod_names("xh-event-pipeline", "1.7.0", 3))],
}
DELIVERY_PODS = pod_names("xh-store-delivery", "5.4.0", 2)
DELIVERY_OLD = pod_names("xh-store-delivery", "5.3.2", 2)
SINK_PODS = pod_names("xh-event-pipeline-sink", "1.7.0", 2)
AGONES = ("agones-controller-7c9d8b6f54-qx2lz", "agones-allocator-6f7b9c5d48-8kwnm", "agones-allocator-6f7b9c5d48-t4rzv")
VMS = {
    "xh-gateway": ["xh-gw-01", "xh-gw-02", "xh-gw-03", "xh-gw-04"],
    "xh-mysql-pay": ["xh-mysql-pay-01", "xh-mysql-pay-02"],
    "xh-redis-rank": ["xh-redis-rank-01", "xh-redis-rank-02"],
    "xh-redis-chat": ["xh-redis-chat-01", "xh-redis-chat-02"],
    "xh-clickhouse": ["xh-ck-01", "xh-ck-02", "xh-ck-03", "xh-ck-04"],
    "xh-kafka": ["xh-kafka-01", "xh-kafka-02", "xh-kafka-03"],
}
GS_NODES = tuple(f"xh-gs-node-{n:02d}" for n in range(1, 13))
APP_NODES = tuple(f"xh-sh-node-{n:02d}" for n in range(1, 9))
INSTANCES: dict[str, list[str]] = ({service: list(steps[-1][1]) for service, steps in ROLLOUTS.items()} | VMS
                                   | {"xh-agones": list(AGONES), "xh-gs-nodes": list(GS_NODES)})


def _fleet_pods(build: str, n: int) -> tuple[str, ...]:
    """An Agones fleet's game-server pods: ``<fleet>-<GameServerSet suffix>-<GameServer suffix>``."""
    gss = f"xh-room-server-{k8s_suffix(f'xh-room-server@{build}', 5)}"
    return tuple(f"{gss}-{k8s_suffix(f'{gss}#{i}', 5)}" for i in range(n))


ROOM_OLD = _fleet_pods("3.1.4.1702", 64)  # the S6 fleet until the 19:45 rolling update
ROOM_NEW = _fleet_pods("3.2.0.1877", 188)  # S7: 120 until 20:31 (the cap), 188 after, scaled down from 22:45


def room_node(index: int) -> str:
    """The node of the S7 game server ``index`` (the scheduler spread them round-robin over the game nodes)."""
    return GS_NODES[index % len(GS_NODES)]


#: The fleet autoscaler's scale-downs after the Friday peak: (clock, from, to); the servers above ``to`` go first.
SCALE_DOWN = (("22:45:10", 188, 176), ("22:57:10", 176, 164), ("23:09:10", 164, 152), ("23:21:10", 152, 144))
ROOM_REMOVED = {index: _t(clock) + dt.timedelta(seconds=2 + index - to) for clock, frm, to in SCALE_DOWN
                for index in range(to, frm)}
ROOM_AT_REFERENCE = ROOM_NEW[:144]
BAD_NODE_PODS = tuple(pod for index, pod in enumerate(ROOM_NEW) if room_node(index) == NODE_BAD)


def room_pods_at(moment: dt.datetime) -> tuple[str, ...]:
    if moment < _t("19:52"):
        return ROOM_OLD
    if moment < _t("20:00"):
        return ROOM_OLD[:32] + ROOM_NEW[:64]
    if moment < _t("20:32:10"):
        return ROOM_NEW[:120]
    return tuple(pod for index, pod in enumerate(ROOM_NEW) if index not in ROOM_REMOVED or moment < ROOM_REMOVED[index])


SERVICES: list[Json] = [
    {"name": "xh-gateway", "aliases": ["网关", "API 网关", "OpenResty", "接入层"],
     "description": "OpenResty 1.21 接入层（4 台虚拟机 xh-gw-01..04，LVS 之后）：api.xhgames.com 的 /api/* 按路由转发到 xh-game "
                    "命名空间的各服务；pay-notify.xhgames.com 接收微信支付、支付宝的支付结果通知并转给 xh-store，location "
                    "/pay/notify/ 按渠道出口 IP 做 allow/deny；WAF 规则也在这一层。"},
    {"name": "xh-account", "aliases": ["账号服务", "登录服务", "SSO", "账号"],
     "description": "账号与登录（Java 17，Spring Boot，4 个副本）：微信、QQ、Sign in with Apple、手机号验证码、游客登录，签发游戏 "
                    "token，对接防沉迷实名系统；Apple 登录用缓存的 Apple JWKS 公钥（https://appleid.apple.com/auth/keys）"
                    "校验 identity token；账号库 MySQL xh-mysql-account，会话在 Redis。"},
    {"name": "xh-matchmaking", "aliases": ["匹配服务", "匹配", "撮合服务"],
     "description": "匹配（Go，Open Match 风格：frontend 收票、director 按 profile 撮合、调用 Agones allocator 分配对战服，3 个副本）："
                    "排位 profile ranked-s6 / ranked-s7、匹配票 120 秒无分配即超时；依赖 Redis（票池）与 xh-agones。"},
    {"name": "xh-agones", "aliases": ["Agones", "游戏服编排", "Fleet 控制器"],
     "description": "Agones 1.38 控制面（agones-system）：controller 管 Fleet xh-room-server 与 FleetAutoscaler "
                    "xh-room-server-fas（Buffer 策略，bufferSize 20，minReplicas 40，maxReplicas 见配置），allocator 为 "
                    "xh-matchmaking 分配 Ready 的 GameServer。"},
    {"name": "xh-room-server", "aliases": ["对战服", "房间服", "游戏服", "战斗服", "DS"],
     "description": "对战房间服务器（C++ 专用服务器，Agones Fleet xh-room-server，每个 GameServer 一个 Pod，跑在专用物理节点 "
                    "xh-gs-node-01..12 上，taint dedicated=gameserver）：每个进程最多 6 个房间，玩家经 hostPort 的 UDP 连接，"
                    "心跳超时 5s；S7 版本 3.2.0.1877 于 19:45 滚动上线。"},
    {"name": "xh-gs-nodes", "aliases": ["游戏服节点", "对战服节点", "GS 节点"],
     "description": "对战服专用物理节点 xh-gs-node-01..12（Ubuntu 22.04，64 核，kubelet 1.28，只调度 xh-room-server 的 Pod）："
                    "内核参数由 gs-node 角色下发 /etc/sysctl.d/90-gameserver.conf（nf_conntrack_max 1048576 等）。"},
    {"name": "xh-leaderboard", "aliases": ["排行榜服务", "排行榜", "榜单"],
     "description": "排行榜（Java 17，Spring Boot + Lettuce，3 个副本）：排位榜、战力榜 /api/v1/rank/*，数据在 Redis "
                    "xh-redis-rank 的有序集合里（战力总榜 rank:power:global 约 230 万成员），Redis 命令超时 1s；"
                    "/api/v1/rank/{board}/export 为运营导出整榜用。"},
    {"name": "xh-store", "aliases": ["商城", "充值服务", "商城服务", "充值"],
     "description": "商城与充值（Java 17，3 个副本，发货 worker xh-store-delivery 2 个副本）：下单、微信支付 / 支付宝 / Apple IAP，"
                    "支付结果通知经网关 pay-notify 进来，主库写 PAID 后发货 worker 读订单（读写分离：ds_pay_write 主库、"
                    "ds_pay_read 从库）发钻石与道具；每 10 分钟 pay-reconcile 主动查单；库为 MySQL xh-mysql-pay。"},
    {"name": "xh-anticheat", "aliases": ["反作弊", "反外挂", "安全服务"],
     "description": "反作弊（Python 3.11，3 个副本）：接收客户端 ShieldGuard（盾甲）SDK 的检测上报，按厂商云端特征库 sg-sig 判定，"
                    "命中即通知对战服踢人并按规则封禁；特征库由厂商推送，本地只能整体跟随版本。"},
    {"name": "xh-chat", "aliases": ["聊天服务", "聊天", "世界频道"],
     "description": "聊天（Go，WebSocket 网关，4 个副本）：世界频道、公会频道、私聊；各副本通过 Redis xh-redis-chat 的 pub/sub "
                    "（psubscribe chat:world:*、chat:guild:*）互相转发消息，频道消息带序号，缺号即丢消息。"},
    {"name": "xh-guild", "aliases": ["公会服务", "公会", "帮派"],
     "description": "公会（Go，2 个副本）：建会、入会审批、公会仓库、公会战报名；库为 MongoDB xh-mongo-guild。"},
    {"name": "xh-mail", "aliases": ["邮件服务", "邮件", "奖励发放"],
     "description": "游戏内邮件与奖励发放（Java 17，2 个副本）：系统邮件、赛季奖励、补偿邮件；按模板批量发送。"},
    {"name": "xh-patch", "aliases": ["热更新", "热更", "补丁下载", "更新包", "CDN 下载"],
     "description": "热更新（Go，2 个副本）：/api/v1/patch/manifest 告诉客户端最新版本与清单地址，客户端再从 CDN dl.xhgames.com "
                    "下载 chunk（源站为 OSS bucket xh-patch-origin）；客户端失败上报 /api/v1/patch/report；CDN 实时日志"
                    "（边缘节点访问日志）也收在这里。"},
    {"name": "xh-event-pipeline", "aliases": ["埋点管道", "数据管道", "实时大盘", "埋点"],
     "description": "玩家事件管道（Go）：collector（3 个副本）收客户端与服务端埋点写 Kafka topic player-events，ch-sink（2 个副本）"
                    "批量写 ClickHouse game.player_events_local；实时大盘（在线、充值、开局数）直接查 ClickHouse。"},
    {"name": "xh-mysql-pay", "aliases": ["支付库", "充值库", "支付数据库"],
     "description": "MySQL 8.0 主从：主库 xh-mysql-pay-01，从库 xh-mysql-pay-02（只读，供 ds_pay_read）；库 xh_pay（订单、钱包）。"},
    {"name": "xh-redis-rank", "aliases": ["排行榜 Redis", "榜单缓存"],
     "description": "Redis 7.2 主从：xh-redis-rank-01（主）、xh-redis-rank-02；排行榜的有序集合。"},
    {"name": "xh-redis-chat", "aliases": ["聊天 Redis", "聊天缓存"],
     "description": "Redis 7.2 主从：xh-redis-chat-01（主）、xh-redis-chat-02；聊天 pub/sub 与最近消息，"
                    "client-output-buffer-limit pubsub 32mb 8mb 60（默认值）。"},
    {"name": "xh-clickhouse", "aliases": ["ClickHouse", "CK", "分析库"],
     "description": "ClickHouse 23.8 集群（2 分片 × 2 副本：xh-ck-01..04）：game.player_events_local（ReplicatedMergeTree，"
                    "按天分区）与分布式表 game.player_events；parts_to_delay_insert 150、parts_to_throw_insert 300。"},
    {"name": "xh-kafka", "aliases": ["Kafka", "消息队列"],
     "description": "Kafka 3.6（xh-kafka-01..03）：topic player-events（24 分区）、order-events。"},
]

WINDOWS = {
    "patch_404": (_t("18:00:20"), _t("18:43:14")),
    "apple": (_t("18:57:20"), _t("19:46:12")),
    "wechat_403": (_t("19:18:40"), _t("19:55:50")),
    "ch_reject": (_t("19:41:20"), _t("20:21:40")),
    "fleet_full": (_t("20:04:12"), _t("20:32:45")),
    "replica": (_t("20:47:00"), _t("21:31:00")),
    "chat_gap": (_t("21:01:10"), _t("21:16:20")),
    "rank_bot": (_t("21:12:30"), _t("21:52:20")),
    "conntrack": (_t("22:04:30"), _t("22:31:02")),
    "anticheat": (_t("22:36:00"), REFERENCE),
}


def _inside(window: str, t: dt.datetime) -> bool:
    a, b = WINDOWS[window]
    return a <= t < b


# --- Small seeded values ----------------------------------------------------------------------------
Line = tuple[str, str, dict[str, Any]]
CARRIER_PREFIXES = (36, 39, 112, 117, 120, 183, 223)
DEVICES = (("Xiaomi 23127PN0CC", "HyperOS 2.0.11"), ("Redmi K70 23113RKC6C", "HyperOS 2.0.8"),
           ("HUAWEI ALN-AL10", "HarmonyOS 4.2"), ("OPPO PHZ110", "ColorOS 15"), ("vivo V2309A", "OriginOS 5"),
           ("iPhone15,2", "iOS 18.1.1"), ("iPhone16,1", "iOS 18.2"), ("OnePlus PJD110", "ColorOS 15"))
MAPS = ("map_canyon", "map_harbor_old", "map_s7_desert", "map_s7_harbor", "map_temple")
BOARDS = ("ranked_s7", "power_global", "power_server_12", "guild_s7", "ranked_s6_final")
ALIPAY_IPS = ("110.76.128.", "110.75.143.")
WECHAT_NEW_IPS = ("183.3.234.", "58.251.80.")
SKUS = (("diamond_60", 6), ("diamond_300", 30), ("diamond_980", 98), ("diamond_1980", 198), ("diamond_6480", 648),
        ("pass_s7_premium", 68), ("pass_s7_bundle", 128))


def _uid(w: WorldBuilder) -> str:
    return f"10{w.rng.randint(30000000, 49999999)}"


def _client_ip(w: WorldBuilder) -> str:
    return f"{w.rng.choice(CARRIER_PREFIXES)}.{w.rng.randint(1, 254)}.{w.rng.randint(1, 254)}.{w.rng.randint(1, 254)}"


def _pod_ip(w: WorldBuilder) -> str:
    return f"10.20.{w.rng.randint(1, 30)}.{w.rng.randint(2, 250)}"


def _version(t: dt.datetime) -> str:
    return "3.2.0" if t >= _t("20:00") else "3.1.4"


def _ua(w: WorldBuilder, t: dt.datetime, platform: str | None = None) -> str:
    """The game client's User-Agent (``platform`` "ios" or "android" picks a device of that kind)."""
    devices = [d for d in DEVICES if platform is None or d[0].startswith("iPhone") == (platform == "ios")]
    device, os_name = w.rng.choice(devices)
    kind = "iOS" if device.startswith("iPhone") else "Android"
    return f"XingHuo/{_version(t)} ({kind}; {device}; {os_name})"


def _order(w: WorldBuilder, t: dt.datetime) -> str:
    return f"RO{t:%Y%m%d%H%M%S}{w.rng.randint(1000, 9999)}"


def _match(w: WorldBuilder) -> str:
    return f"m-{w.hex(10)}"


def _room(w: WorldBuilder) -> str:
    return f"R{w.rng.randint(1000000, 9999999)}"


def _profile(t: dt.datetime) -> str:
    return "ranked-s7" if t >= _t("20:00") else "ranked-s6"


def access(w: WorldBuilder, t: dt.datetime, method: str, path: str, status: int, upstream: str, rt: float, *,
           host: str = "api.xhgames.com", ip: str | None = None, ua: str | None = None, size: int | None = None) -> str:
    """An OpenResty access line (the gateway's log_format: combined plus timings and the upstream)."""
    if size is None:
        size = w.rng.randint(120, 9000) if status < 400 else w.rng.randint(60, 220)
    urt = "-" if status == 403 else f"{max(rt - 0.001, 0.0):.3f}"
    ups = "-" if status == 403 else f"{_pod_ip(w)}:8080"
    return (f'{ip or _client_ip(w)} - - [{t.day:02d}/{MONTH}/{t.year}:{t:%H:%M:%S} +0800] "{method} {path} HTTP/1.1" '
            f'{status} {size} "-" "{ua or _ua(w, t)}" rt={rt:.3f} urt={urt} ups={ups} ups_name={upstream} host={host} '
            f"req_id={w.hex(16)}")


# --- Noise -------------------------------------------------------------------------------------
def _gateway(w: WorldBuilder, t: dt.datetime) -> Line:
    gw = w.rng.choice(VMS["xh-gateway"])
    roll = w.rng.random()
    status, rt = 200, w.rng.uniform(0.004, 0.09)
    if roll < 0.16:
        channel = w.rng.choices(("wechat", "qq", "apple", "phone", "guest"), (45, 25, 12, 10, 8))[0]
        method, path, upstream = "POST", f"/api/v1/account/login?channel={channel}", "xh-account"
        if channel == "apple" and _inside("apple", t):
            status = 401
    elif roll < 0.30:
        upstream = "xh-matchmaking"
        method, path = w.rng.choice([("POST", "/api/v1/match/tickets"), ("GET", f"/api/v1/match/tickets/t-{w.hex(12)}")])
    elif roll < 0.42:
        upstream = "xh-leaderboard"
        board = w.rng.choice(BOARDS)
        method, path = "GET", w.rng.choice([f"/api/v1/rank/{board}/top?limit=50", f"/api/v1/rank/{board}/player/{_uid(w)}"])
        if _inside("rank_bot", t):
            status = w.rng.choice([500, 500, 504, 200])
            rt = 3.0 + w.rng.random() / 100 if status == 504 else w.rng.uniform(1.0, 2.9)
    elif roll < 0.50:
        upstream = "xh-store"
        method, path = w.rng.choice([("POST", "/api/v1/store/orders"), ("GET", "/api/v1/store/catalog?tab=recharge"),
                                     ("GET", f"/api/v1/store/orders/RO{t:%Y%m%d}{w.rng.randint(10**9, 10**10 - 1)}")])
    elif roll < 0.56:
        upstream = "xh-guild"
        method, path = w.rng.choice([("GET", f"/api/v1/guild/G{w.rng.randint(10000, 99999)}"),
                                     ("POST", f"/api/v1/guild/G{w.rng.randint(10000, 99999)}/apply")])
    elif roll < 0.61:
        method, path, upstream = "GET", "/api/v1/mail/list?page=1", "xh-mail"
    elif roll < 0.67:
        upstream = "xh-patch"
        method, path = "GET", f"/api/v1/patch/manifest?platform={w.rng.choice(['android', 'ios'])}&from={_version(t)}"
    elif roll < 0.81:
        method, path, upstream = "POST", "/collect/v1/events", "xh-event-pipeline"
        status = 204
    elif roll < 0.86:
        upstream = "xh-store"
        if w.rng.random() < 0.5:
            ip = f"{w.rng.choice(ALIPAY_IPS)}{w.rng.randint(2, 250)}"
            line = access(w, t, "POST", "/pay/notify/alipay", 200, upstream, w.rng.uniform(0.01, 0.05),
                          host="pay-notify.xhgames.com", ip=ip, ua="Mozilla/4.0")
            return "INFO", line, {"instance": gw, "log_type": "access"}
        # WeChat Pay's notifications: from 19:18:40 most come from the new egress ranges. The 403s of the
        # allow-list are written with their error lines by ``wechat_callbacks``; here only what got through.
        new_range = t >= _t("19:55:50") and w.rng.random() < 0.8
        prefix = w.rng.choice(WECHAT_NEW_IPS if new_range else [r.removesuffix("0/24") for r in WECHAT_OLD_RANGES])
        line = access(w, t, "POST", "/pay/notify/wechat", 200, upstream, w.rng.uniform(0.01, 0.05),
                      host="pay-notify.xhgames.com", ip=f"{prefix}{w.rng.randint(2, 250)}", ua="Mozilla/4.0")
        return "INFO", line, {"instance": gw, "log_type": "access"}
    else:
        upstream = "xh-chat"
        method, path = "GET", f"/api/v1/chat/history?channel=world&server=S{w.rng.randint(1, 48)}&after_seq={w.rng.randint(88000000, 88999999)}"
    ua = _ua(w, t, "ios") if "channel=apple" in path else None
    line = access(w, t, method, path, status, upstream, rt, ua=ua)
    return ("WARN" if status >= 500 else "INFO"), line, {"instance": gw, "log_type": "access"}


def _account(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = w.pod_at(ROLLOUTS["xh-account"], t)
    roll = w.rng.random()
    if roll < 0.55:
        channel = w.rng.choices(("wechat", "qq", "apple", "phone", "guest"), (45, 25, 12, 10, 8))[0]
        if channel == "apple" and _inside("apple", t):
            return "ERROR", _apple_failure(w, pod), {"instance": pod, "logger": "c.x.a.login.ThirdPartyLoginService"}
        device, _ = w.rng.choice([d for d in DEVICES if d[0].startswith("iPhone") or channel != "apple"])
        return "INFO", (f"login ok uid={_uid(w)} channel={channel} client={_version(t)} device={device} "
                        f"({w.ms(18, 160)}ms)"), {"instance": pod, "logger": "c.x.a.login.LoginService"}
    if roll < 0.72:
        return "INFO", f"token refreshed uid={_uid(w)} ttl=86400s ({w.ms(2, 12)}ms)", {"instance": pod}
    if roll < 0.84:
        return "INFO", (f"nppa realname check uid={_uid(w)} status=0 (verified, adult) took={w.ms(30, 180)}ms"), {
            "instance": pod, "logger": "c.x.a.antiaddiction.NppaClient"}
    if roll < 0.93:
        return "INFO", (f"sms code sent phone=1{w.rng.choice([38, 39, 58, 86, 88])}****{w.rng.randint(1000, 9999)} "
                        f"scene=login provider=aliyun biz_id={w.rng.randint(10**14, 10**15 - 1)}^0"), {"instance": pod}
    return "WARN", (f"login rejected uid={_uid(w)}: minor account outside allowed hours (防沉迷, 20:00-21:00 Fri only)"), {
        "instance": pod, "logger": "c.x.a.antiaddiction.PlayTimeGuard"}


def _apple_failure(w: WorldBuilder, pod: str) -> str:
    sub = f"00{w.rng.randint(1000, 9999)}.{w.hex(32)}.{w.rng.randint(1000, 2359):04d}"
    return APPLE_FAIL.format(sub=sub, loaded=APPLE_LOADED_AT[pod])


#: When each 3.8.1 pod loaded Apple's keys (at its start, 18:20:41 + 14 s per pod).
APPLE_LOADED_AT = {pod: (_t("18:20:41") + dt.timedelta(seconds=14 * i)).isoformat()
                   for i, pod in enumerate(ROLLOUTS["xh-account"][1][1])}


def _matchmaking(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = w.pod_at(ROLLOUTS["xh-matchmaking"], t)
    roll = w.rng.random()
    profile = _profile(t)
    if roll < 0.35:
        return "INFO", (f"ticket t-{w.hex(12)} created profile={profile} mmr={w.rng.randint(900, 2800)} "
                        f"party={w.rng.choice([1, 1, 1, 2, 3, 5])} region=cn-east"), {"instance": pod, "component": "frontend"}
    if roll < 0.65:
        matches = w.rng.randint(8, 40) if t < _t("20:00") else w.rng.randint(30, 90)
        return "INFO", (f"director cycle profile={profile}: proposals={matches + w.rng.randint(0, 6)} matches={matches} "
                        f"allocated={matches} failed=0 took={w.ms(40, 180)}ms"), {"instance": pod, "component": "director"}
    if roll < 0.9:
        pods = room_pods_at(t)
        return "INFO", (f"match {_match(w)} assigned to {_pod_ip(w)}:{w.rng.randint(7000, 7999)} (gs "
                        f"{w.rng.choice(pods)}) wait={w.rng.randint(4, 48)}s"), {"instance": pod, "component": "director"}
    return "WARN", (f"ticket t-{w.hex(12)} cancelled by client after {w.rng.randint(10, 90)}s (player left queue)"), {
        "instance": pod, "component": "frontend"}


#: The fleet (replicas, allocated) over the evening; the cap of 120 holds from 20:03:40 to 20:31:05.
FLEET_REPLICAS = [(START, 52), (_t("19:00"), 58), (_t("19:59"), 64), (_t("20:00:30"), 84), (_t("20:01:30"), 104),
                  (_t("20:02:30"), 120), (_t("20:31"), 120), (_t("20:32"), 188), (_t("22:45"), 188), (_t("23:21:10"), 144),
                  (REFERENCE, 144)]
FLEET_ALLOCATED = [(START, 33), (_t("19:00"), 38), (_t("19:59"), 44), (_t("20:02"), 96), (_t("20:04:10"), 120),
                   (_t("20:31"), 120), (_t("20:33"), 151), (_t("20:40"), 166), (_t("22:00"), 168), (_t("22:45"), 150),
                   (_t("23:28"), 122), (REFERENCE, 118)]


def _agones(w: WorldBuilder, t: dt.datetime) -> Line:
    replicas = round(interpolate(FLEET_REPLICAS, t))
    allocated = min(round(interpolate(FLEET_ALLOCATED, t) + w.rng.randint(-2, 2)), replicas)
    roll = w.rng.random()
    if roll < 0.5:
        return "INFO", (f'fleetautoscaler "xh-room-server-fas": fleet xh-room-server replicas={replicas} '
                        f"allocated={allocated} ready={replicas - allocated} desired={min(allocated + 20, 240)} "
                        "(buffer 20)"), {"instance": AGONES[0], "logger": "fleetautoscaler"}
    if roll < 0.8:
        return "INFO", (f"allocator: {w.rng.randint(20, 140)} GameServerAllocations in the last 60s, 0 UnAllocated"), {
            "instance": w.rng.choice(AGONES[1:]), "logger": "allocator"}
    return "INFO", (f'gameserver "{w.rng.choice(room_pods_at(t))}" state Ready -> Allocated'), {
        "instance": AGONES[0], "logger": "gameservers"}


def _room_noise(w: WorldBuilder, t: dt.datetime) -> Line:
    pods = room_pods_at(t)
    pod = w.rng.choice(pods)
    roll = w.rng.random()
    if pod in BAD_NODE_PODS and _inside("conntrack", t):
        return _conntrack_victim(w, t, pod)
    if _inside("anticheat", t) and roll < 0.12:
        return "INFO", (f"player {_uid(w)} kicked by anticheat (code=3012), room {_room(w)} continues with "
                        f"{w.rng.randint(8, 9)}/10"), {"instance": pod}
    if roll < 0.3:
        return "INFO", (f"match {_match(w)} started room={_room(w)} map={w.rng.choice(MAPS)} mode=ranked players=10 "
                        f"avg_rtt={w.rng.randint(28, 70)}ms"), {"instance": pod}
    if roll < 0.55:
        return "INFO", (f"match {_match(w)} ended room={_room(w)} duration={w.rng.randint(9, 24)}m{w.rng.randint(0, 59):02d}s "
                        f"winner={w.rng.choice(['red', 'blue'])} mvp={_uid(w)}"), {"instance": pod}
    if roll < 0.85:
        return "INFO", (f"tick stats 30Hz: avg={w.rng.uniform(2.1, 3.8):.1f}ms p99={w.rng.uniform(7.0, 12.5):.1f}ms "
                        f"rooms={w.rng.randint(3, 6)} players={w.rng.randint(28, 60)} udp_in_loss={w.rng.uniform(0.0, 0.6):.1f}%"), {
            "instance": pod, "logger": "stats"}
    return "INFO", (f"player {_uid(w)} reconnected to room {_room(w)} after {w.rng.uniform(0.8, 3.5):.1f}s "
                    "(network switch)"), {"instance": pod}


def _conntrack_victim(w: WorldBuilder, t: dt.datetime, pod: str) -> Line:
    roll = w.rng.random()
    if roll < 0.45:
        return "WARN", (f"player {_uid(w)} heartbeat timeout (5000ms) in room {_room(w)}, marked disconnected"), {
            "instance": pod}
    if roll < 0.75:
        return "WARN", (f"reconnect for player {_uid(w)} room {_room(w)} failed: no UDP handshake from the client "
                        "within 10s"), {"instance": pod}
    if roll < 0.9:
        return "ERROR", (f"room {_room(w)} join window closed: {w.rng.randint(3, 7)}/10 players connected after 30s, match "
                         "aborted (ranked points refunded)"), {"instance": pod}
    return "WARN", (f"tick stats 30Hz: avg={w.rng.uniform(2.0, 3.2):.1f}ms p99={w.rng.uniform(7.0, 11.0):.1f}ms rooms="
                    f"{w.rng.randint(3, 6)} players={w.rng.randint(14, 40)} udp_in_loss={w.rng.uniform(18.0, 41.0):.1f}%"), {
        "instance": pod, "logger": "stats"}


def _gs_nodes(w: WorldBuilder, t: dt.datetime) -> Line:
    node = w.rng.choice(GS_NODES)
    roll = w.rng.random()
    if roll < 0.35:
        return "INFO", "node-problem-detector: no problems detected (KernelDeadlock=False, ReadonlyFilesystem=False)", {
            "instance": node}
    if roll < 0.6:
        return "INFO", f"chronyd[{w.rng.randint(780, 820)}]: Selected source 10.30.0.11 (ntp1.xh.internal)", {"instance": node}
    if roll < 0.85:
        return "INFO", (f"kubelet[1432]: I1218 {t:%H:%M:%S}.{w.rng.randint(100000, 999999)}    1432 "
                        'image_gc_manager.go:391] "Disk usage on image filesystem is over the high threshold, trying '
                        'to free bytes down to the low threshold" usage=71 highThreshold=70'), {"instance": node}
    return "INFO", (f"systemd[1]: Started Session {w.rng.randint(3000, 9000)} of User node-exporter."), {"instance": node}


def _leaderboard(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = w.pod_at(ROLLOUTS["xh-leaderboard"], t)
    roll = w.rng.random()
    board = "ranked_s7" if t >= _t("20:00") else "ranked_s6"
    if roll < 0.45:
        return "INFO", (f"GET /api/v1/rank/{w.rng.choice(BOARDS)}/top?limit=50 200 took={w.ms(1, 9)}ms"), {"instance": pod}
    if roll < 0.7:
        return "INFO", (f"score reported uid={_uid(w)} board={board} delta=+{w.rng.choice([18, 21, 25, 29])} "
                        f"score={w.rng.randint(1200, 3100)}"), {"instance": pod}
    if roll < 0.9:
        return "INFO", (f"rank snapshot refreshed board={board} top100 in {w.ms(1, 4)}ms"), {"instance": pod,
                                                                                          "task": "snapshot"}
    return "DEBUG", (f"lettuce pool stats: active={w.rng.randint(0, 3)} idle=16 max=32"), {"instance": pod}


def _sku(w: WorldBuilder) -> tuple[str, int]:
    return w.rng.choices(SKUS, (20, 25, 14, 8, 5, 18, 10))[0]


def _store(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = w.pod_at(ROLLOUTS["xh-store"], t)
    delivery = DELIVERY_PODS if t >= _t("19:10:50") else DELIVERY_OLD
    roll = w.rng.random()
    sku, price = _sku(w)
    channel = w.rng.choices(("wechat", "alipay", "apple_iap"), (48, 38, 14) if t < _t("20:30:10") else (39, 47, 14))[0]
    if roll < 0.3:
        return "INFO", (f"order {_order(w, t)} created uid={_uid(w)} sku={sku} amount={price}.00 channel={channel}"), {
            "instance": pod}
    if roll < 0.55:
        if channel == "wechat" and _inside("wechat_403", t) and w.rng.random() < 0.85:
            channel = "alipay"
        if channel == "apple_iap":
            return "INFO", (f"iap receipt verified order={_order(w, t - dt.timedelta(seconds=20))} transaction_id="
                            f"{w.rng.randint(2 * 10**14, 3 * 10**14)} env=Production → PAID"), {"instance": pod}
        trade = f"42000{w.rng.randint(10**22, 10**23 - 1)}" if channel == "wechat" else f"2026121822{w.rng.randint(10**17, 10**18 - 1)}"
        return "INFO", (f"{channel} notify order={_order(w, t - dt.timedelta(seconds=w.rng.randint(8, 60)))} "
                        f"transaction_id={trade} trade_state=SUCCESS → PAID, delivery queued"), {"instance": pod}
    if roll < 0.82:
        order = _order(w, t - dt.timedelta(seconds=w.rng.randint(2, 30)))
        if _inside("replica", t) and w.rng.random() < 0.8:
            return "WARN", DELIVERY_WAIT.format(order=order, attempt=w.rng.randint(1, 4)), {
                "instance": w.rng.choice(delivery), "component": "delivery"}
        return "INFO", (f"delivered order={order} uid={_uid(w)} sku={sku} items=diamond x{price * 10} (read "
                        f"ds_pay_read, took {w.ms(12, 60)}ms)"), {"instance": w.rng.choice(delivery), "component": "delivery"}
    if roll < 0.92:
        return "INFO", (f"GET /api/v1/store/catalog tab=recharge 200 skus={len(SKUS) + 23} took={w.ms(3, 15)}ms"), {
            "instance": pod}
    return "WARN", (f"order {_order(w, t - dt.timedelta(minutes=30))} closed: not paid within 30m (channel={channel})"), {
        "instance": pod}


def _anticheat(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = w.pod_at(ROLLOUTS["xh-anticheat"], t)
    roll = w.rng.random()
    sig = "2026.12.18.3" if t >= _t("22:30:05") else "2026.12.18.2"
    device, os_name = w.rng.choice(DEVICES)
    if roll < 0.65:
        return "INFO", (f"verdict uid={_uid(w)} session={w.hex(8)} risk={w.rng.uniform(0.0, 0.2):.2f} verdict=PASS "
                        f"sdk=sg-5.8.2 sig={sig} device={device}"), {"instance": pod}
    if roll < 0.8:
        ratio = 1.12 if t >= _t("21:40:30") else 1.15
        return "WARN", (f"kick uid={_uid(w)} session={w.hex(8)} rule=SPH-0107 (speedhack) ratio="
                        f"{w.rng.uniform(ratio + 0.05, 1.6):.2f} > {ratio:.2f} → KICK"), {"instance": pod}
    if roll < 0.92:
        return "INFO", (f"sig library heartbeat: sg-sig {sig} rules={1204 if sig.endswith('3') else 1167} "
                        "agent=ok"), {"instance": pod, "task": "sig-heartbeat"}
    return "INFO", (f"ban expired uid={_uid(w)} rule=MEM-0412 duration=7d"), {"instance": pod}


def _chat(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = w.pod_at(ROLLOUTS["xh-chat"], t)
    roll = w.rng.random()
    if roll < 0.35:
        return "INFO", (f"ws connected uid={_uid(w)} server=S{w.rng.randint(1, 48)} conns_on_pod={w.rng.randint(21000, 26000)}"), {
            "instance": pod}
    if roll < 0.7:
        rate = round(interpolate(PUBLISH_RATE, t)) + w.rng.randint(-20, 20)
        return "INFO", (f"world channel stats: publish={rate}/s fanout={rate * w.rng.randint(180, 220)}/s "
                        f"seq_gaps=0 (last 60s)"), {"instance": pod, "logger": "stats"}
    if roll < 0.9:
        return "INFO", (f"guild msg relayed guild=G{w.rng.randint(10000, 99999)} members_online={w.rng.randint(3, 48)} "
                        f"latency={w.ms(2, 25)}ms"), {"instance": pod}
    return "WARN", (f"message rejected uid={_uid(w)}: content moderation hit (广告) level=2"), {"instance": pod}


def _guild(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = w.pod_at(ROLLOUTS["xh-guild"], t)
    roll = w.rng.random()
    gid = f"G{w.rng.randint(10000, 99999)}"
    if roll < 0.35:
        return "INFO", f"guild {gid} member joined uid={_uid(w)} (approved by leader) took={w.ms(4, 30)}ms", {"instance": pod}
    if roll < 0.6:
        return "INFO", (f"guild warehouse {gid}: uid={_uid(w)} deposit item=S7_box_{w.rng.randint(1, 9)} x{w.rng.randint(1, 5)}"), {
            "instance": pod}
    if roll < 0.8:
        if t >= _t("21:30:40"):
            return "INFO", f"guild war S7 signup guild={gid} members={w.rng.randint(20, 50)} slot=sat-20:00", {"instance": pod}
        return "INFO", f"GET /api/v1/guild/{gid} 200 took={w.ms(2, 18)}ms", {"instance": pod}
    if roll < 0.93:
        return "INFO", (f"mongo pool stats xh-mongo-guild: in_use={w.rng.randint(1, 6)} available={w.rng.randint(40, 60)} "
                        "wait_queue=0"), {"instance": pod}
    return "WARN", f"guild apply rejected uid={_uid(w)} guild={gid}: guild full (50/50)", {"instance": pod}


def _mail(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = w.pod_at(ROLLOUTS["xh-mail"], t)
    roll = w.rng.random()
    if roll < 0.45:
        template = w.rng.choice(["daily_login", "friend_gift", "compensation_20261216"])
        if t >= _t("20:05") and w.rng.random() < 0.5:
            template = "s7_launch_reward"
        return "INFO", (f"mail sent template={template} uid={_uid(w)} attachments={w.rng.randint(0, 3)} "
                        f"took={w.ms(2, 20)}ms"), {"instance": pod}
    if roll < 0.75:
        return "INFO", f"GET /api/v1/mail/list uid={_uid(w)} page=1 unread={w.rng.randint(0, 12)} took={w.ms(2, 25)}ms", {
            "instance": pod}
    if roll < 0.9:
        return "INFO", f"mail attachments claimed uid={_uid(w)} mail_id={w.hex(12)} items={w.rng.randint(1, 3)}", {
            "instance": pod}
    return "WARN", (f"mail claim rejected uid={_uid(w)} mail_id={w.hex(12)}: attachment already claimed"), {"instance": pod}


CDN_NODES = ("CMCC-GD-GZ-07", "CT-JS-NJ-12", "CU-BJ-03", "CMCC-ZJ-HZ-05", "CT-SC-CD-02", "CU-SD-JN-04")


def _cdn_line(w: WorldBuilder, t: dt.datetime, path: str, status: int, cache: str, size: int) -> str:
    """A line of the CDN's real-time log delivery (the vendor's format: squid-style cache status)."""
    platform = "ios" if "/ios/" in path else "android"
    return (f'{t:%d/%b/%Y:%H:%M:%S} +0800 {_client_ip(w)} "GET https://dl.xhgames.com{path}" {status} {size} '
            f'{w.rng.uniform(0.001, 0.4 if status == 200 else 0.01):.3f} {cache}/{status} "{_ua(w, t, platform)}" '
            f"node={w.rng.choice(CDN_NODES)}")


def _chunk(w: WorldBuilder) -> str:
    digest = w.hex(12)
    return f"{digest[:2]}/{digest}.bundle"


def _patch(w: WorldBuilder, t: dt.datetime) -> Line:
    pods = ROLLOUTS["xh-patch"][0][1]
    roll = w.rng.random()
    platform = w.rng.choice(["android", "ios"])
    if roll < 0.4:
        latest = "3.2.0" if t >= _t("17:58:12") else "3.1.4"
        preload = "on" if t >= _t("18:00") else "off"
        return "INFO", (f"GET /api/v1/patch/manifest platform={platform} from={_version(t)} → latest={latest} "
                        f"preload={preload} took={w.ms(1, 6)}ms"), {"instance": w.rng.choice(pods)}
    if roll < 0.8 and not _inside("patch_404", t):
        version = "3.2.0" if t >= _t("18:00:20") else "3.1.4"
        cache = "TCP_HIT" if w.rng.random() < 0.93 else "TCP_MISS"
        return "INFO", _cdn_line(w, t, f"/patch/{platform}/{version}/chunks/{_chunk(w)}", 200, cache,
                                 w.rng.randint(200000, 4000000)), {"instance": "cdn-realtime-log", "log_type": "cdn"}
    if roll < 0.9:
        return "INFO", (f"client patch ok uid={_uid(w)} {platform} {_version(t)} chunks={w.rng.randint(40, 900)} "
                        f"took={w.rng.randint(20, 400)}s"), {"instance": w.rng.choice(pods)}
    return "WARN", (f"client patch retry uid={_uid(w)} {platform} chunk={_chunk(w)} err=timeout after 30s (weak network), "
                    "retry 1/3"), {"instance": w.rng.choice(pods)}


def _pipeline(w: WorldBuilder, t: dt.datetime) -> Line:
    roll = w.rng.random()
    if roll < 0.55 or _inside("ch_reject", t):
        pod = w.pod_at(ROLLOUTS["xh-event-pipeline"], t)
        return "INFO", (f"collector batch: {w.rng.randint(300, 512)} events → kafka player-events p={w.rng.randint(0, 23)} "
                        f"in {w.ms(1, 6)}ms"), {"instance": pod, "component": "collector"}
    pod = w.rng.choice(SINK_PODS)
    rows = w.rng.randint(42000, 79000) if t >= _t("19:10:05") else w.rng.randint(30000, 49900)
    return "INFO", (f"ch-sink inserted {rows} rows into game.player_events_local (shard {w.rng.randint(1, 2)}, partition "
                    f"20261218) in {w.ms(300, 900)}ms, committed player-events-{w.rng.randint(0, 23)}@"
                    f"{w.rng.randint(881000000, 889999999)}"), {"instance": pod, "component": "ch-sink"}


def _clickhouse(w: WorldBuilder, t: dt.datetime) -> Line:
    node = w.rng.choice(VMS["xh-clickhouse"])
    roll = w.rng.random()
    if roll < 0.5:
        return "INFO", (f"<Debug> game.player_events_local (4f1c0d52-7a3e-4b8c-9e21-6d0b5a7c3f19) (MergerMutator): "
                        f"Selected {w.rng.randint(2, 8)} parts from 20261218_{w.rng.randint(1000, 9000)}_"
                        f"{w.rng.randint(9001, 9900)}_{w.rng.randint(1, 6)} to 20261218_{w.rng.randint(9901, 9999)}_"
                        f"{w.rng.randint(10000, 10400)}_{w.rng.randint(1, 6)}"), {"instance": node}
    if roll < 0.85:
        return "INFO", (f"<Information> executeQuery: Read {w.rng.randint(100000, 9000000)} rows, "
                        f"{w.rng.uniform(10, 600):.2f} MiB in {w.rng.uniform(0.05, 1.8):.3f} sec. (user dashboard_ro, "
                        "query realtime_ccu_revenue)"), {"instance": node}
    return "INFO", "<Information> DDLWorker: Cleaned DDL queue", {"instance": node}


def _kafka(w: WorldBuilder, t: dt.datetime) -> Line:
    broker = w.rng.choice(VMS["xh-kafka"])
    roll = w.rng.random()
    if broker == "xh-kafka-03" and roll < 0.25:
        return "WARN", KAFKA_EDAC, {"instance": broker, "log_type": "kernel"}
    if roll < 0.65:
        return "INFO", (f"[LocalLog partition=player-events-{w.rng.randint(0, 23)}, dir=/data/kafka] Rolled new log "
                        f"segment at offset {w.rng.randint(881000000, 889999999)} in {w.ms(1, 4)} ms."), {"instance": broker}
    return "INFO", (f"[GroupCoordinator {broker[-1]}]: Member ch-sink-{w.hex(8)} in group ch-sink has heartbeat ok, "
                    "generation 412"), {"instance": broker}


def _redis_rank(w: WorldBuilder, t: dt.datetime) -> Line:
    return _redis_save(w, "xh-redis-rank-01")


def _redis_chat(w: WorldBuilder, t: dt.datetime) -> Line:
    return _redis_save(w, "xh-redis-chat-01")


def _redis_save(w: WorldBuilder, node: str) -> Line:
    roll = w.rng.random()
    if roll < 0.5:
        return "INFO", "100 changes in 300 seconds. Saving...", {"instance": node}
    if roll < 0.8:
        return "INFO", f"Background saving started by pid {w.rng.randint(40000, 69999)}", {"instance": node}
    return "INFO", "Background saving terminated with success", {"instance": node}


def _mysql_pay(w: WorldBuilder, t: dt.datetime) -> Line:
    roll = w.rng.random()
    if roll < 0.5:
        return "INFO", (f"slow_log: Query_time: {w.rng.uniform(1.0, 2.4):.6f}  Lock_time: 0.000031 Rows_sent: "
                        f"{w.rng.randint(20, 200)}  Rows_examined: {w.rng.randint(200000, 900000)} user=finance_ro "
                        "db=xh_pay: SELECT channel, sum(amount) FROM recharge_order WHERE paid_at >= CURDATE() GROUP BY "
                        "channel"), {"instance": "xh-mysql-pay-02", "log_type": "slowlog"}
    if roll < 0.8:
        return "INFO", LAG_CHECK.format(lag=0, state="Replica has read all relay log; waiting for more updates",
                                        relay=w.rng.randint(1_100_000, 1_400_000)), {
            "instance": "xh-mysql-pay-02", "job": "replica-check"}
    return "INFO", "[Note] [MY-010914] [Server] Aborted connection 881273 to db: 'xh_pay' user: 'finance_ro' (Got timeout reading communication packets).", {
        "instance": "xh-mysql-pay-01"}


NOISE = {
    "xh-gateway": (_gateway, 12), "xh-account": (_account, 30), "xh-matchmaking": (_matchmaking, 30),
    "xh-agones": (_agones, 150), "xh-room-server": (_room_noise, 10), "xh-gs-nodes": (_gs_nodes, 240),
    "xh-leaderboard": (_leaderboard, 30), "xh-store": (_store, 25), "xh-anticheat": (_anticheat, 35),
    "xh-chat": (_chat, 25), "xh-guild": (_guild, 60), "xh-mail": (_mail, 60), "xh-patch": (_patch, 30),
    "xh-event-pipeline": (_pipeline, 30), "xh-clickhouse": (_clickhouse, 120), "xh-kafka": (_kafka, 200),
    "xh-redis-rank": (_redis_rank, 300), "xh-redis-chat": (_redis_chat, 300), "xh-mysql-pay": (_mysql_pay, 240),
}
#: Where an incident writes a service's lines itself (its noise would contradict the story).
QUIET: dict[str, list[tuple[str, str]]] = {
    "xh-matchmaking": [("20:04:00", "20:41:00")],
    "xh-agones": [("20:00:00", "20:34:00")],
    "xh-leaderboard": [("21:12:30", "21:53:00")],
    "xh-chat": [("21:00:00", "21:20:30")],
    "xh-mysql-pay": [("20:41:00", "21:41:00")],
}


# --- Incident 1: the patch manifest published before its chunks, the CDN caching the 404s --------
def patch_negative_cache(w: WorldBuilder) -> None:
    pods = ROLLOUTS["xh-patch"][0][1]
    w.log(w.at("17:35:12.410"), "xh-patch", "INFO", PATCH_CONFIG, instance=pods[0], change="config")
    w.log(w.at("17:40:03.118"), "xh-patch", "INFO", PATCH_SYNC_START, instance="release-runner-01", job="client-release")
    start, done = w.at("17:40:03"), w.at("18:26:41")
    moment = w.at("17:45:02.507")
    while moment < done:
        share = (moment - start) / (done - start)
        w.log(moment, "xh-patch", "INFO", f"ossutil64 sync progress: {int(61230 * share)}/61230 files "
              f"({9.4 * share:.1f}/9.4 GiB), 0 failed", instance="release-runner-01", job="client-release")
        moment += dt.timedelta(seconds=300 + w.rng.randint(-20, 20), milliseconds=w.rng.randint(0, 999))
    w.log(w.at("17:58:12.903"), "xh-patch", "INFO", PATCH_PUBLISH, instance="release-runner-01", change="release",
          job="client-release")
    w.log(done + dt.timedelta(milliseconds=402), "xh-patch", "INFO", PATCH_SYNC_DONE, instance="release-runner-01",
          job="client-release")
    # The edges: a chunk that was not on the origin when first asked for is a cached 404 until the purge.
    synced_at_publish = (w.at("17:58:12") - start) / (done - start)
    moment = w.at("18:00:20.311")
    while moment < WINDOWS["patch_404"][1]:
        platform = w.rng.choice(["android", "ios"])
        path = f"/patch/{platform}/3.2.0/chunks/{_chunk(w)}"
        roll = w.rng.random()
        if roll < synced_at_publish + (0.12 if moment > done else 0.0):
            line = _cdn_line(w, moment, path, 200, w.rng.choice(["TCP_HIT", "TCP_HIT", "TCP_MISS"]),
                             w.rng.randint(200000, 4000000))
            w.log(moment, "xh-patch", "INFO", line, instance="cdn-realtime-log", log_type="cdn")
        else:
            cache = "TCP_MISS" if moment < done and w.rng.random() < 0.15 else "TCP_NEGATIVE_HIT"
            w.log(moment, "xh-patch", "WARN", _cdn_line(w, moment, path, 404, cache, w.rng.randint(150, 180)),
                  instance="cdn-realtime-log", log_type="cdn")
        moment += dt.timedelta(seconds=w.rng.randint(2, 5), milliseconds=w.rng.randint(0, 999))
    moment = w.at("18:01:05.220")
    while moment < w.at("18:43:30"):
        device, _ = w.rng.choice(DEVICES)
        platform = "ios" if device.startswith("iPhone") else "android"
        w.log(moment, "xh-patch", "WARN", PATCH_FAIL.format(uid=_uid(w), platform=platform, progress=w.rng.randint(28, 71),
                                                            chunk=_chunk(w), node=w.rng.choice(CDN_NODES)),
              instance=w.rng.choice(pods))
        moment += dt.timedelta(seconds=w.rng.randint(5, 14), milliseconds=w.rng.randint(0, 999))
    w.log(w.at("18:36:30.004"), "xh-patch", "INFO", PATCH_CDN_NOTE, instance="ops-console")
    w.log(w.at("18:41:10.615"), "xh-patch", "INFO", PATCH_PURGE, instance="ops-console", change="cdn")
    w.log(w.at("18:43:14.702"), "xh-patch", "INFO", PATCH_PURGE_DONE, instance="ops-console")
    for k in range(6):
        moment = w.at("18:43:40") + dt.timedelta(seconds=9 * k, milliseconds=w.rng.randint(0, 999))
        w.log(moment, "xh-patch", "INFO", f"client patch resumed uid={_uid(w)} android 3.1.4->3.2.0 from "
              f"{w.rng.randint(30, 70)}%, chunks ok", instance=w.rng.choice(pods))
    w.alert("PatchDownloadFailureHigh", "xh-patch", "critical", w.at("18:04"), w.at("18:46"), "38.2%",
            "热更新下载失败率 38.2%，超过阈值 5%（3.1.4 -> 3.2.0 预下载）", namespace=NS)
    w.alert("CdnStatus404RatioHigh", "xh-patch", "warning", w.at("18:03"), w.at("18:45"), "47.5%",
            "dl.xhgames.com 边缘 404 比例 47.5%，超过阈值 5%", domain="dl.xhgames.com")


# --- Incident 2: Apple's new signing key, our 24-hour JWKS cache ---------------------------------
def apple_key_rotation(w: WorldBuilder) -> None:
    old, new = ROLLOUTS["xh-account"][0][1], ROLLOUTS["xh-account"][1][1]
    w.log(w.at("18:20:15.338"), "xh-account", "INFO", ACCOUNT_DEPLOY, instance=new[0], change="deploy")
    for index, pod in enumerate(new):
        begin = w.at("18:20:20") + dt.timedelta(seconds=14 * index)
        w.log(begin, "xh-account", "INFO", f"Started AccountApplication in {w.rng.randint(190, 240) / 10} seconds "
              f"(process running for {w.rng.randint(245, 280) / 10})", instance=pod)
        w.log(dt.datetime.fromisoformat(APPLE_LOADED_AT[pod]) + dt.timedelta(milliseconds=w.rng.randint(100, 900)),
              "xh-account", "INFO", APPLE_LOADED, instance=pod, logger="c.x.a.oauth.apple.AppleJwksCache")
        w.log(begin + dt.timedelta(seconds=6), "xh-account", "INFO",
              "Commencing graceful shutdown. Waiting for active requests to complete", instance=old[index])
    moment = w.at("18:57:20.114")
    while moment < w.at("19:46:12"):
        pod = w.rng.choice(new)
        w.log(moment, "xh-account", "ERROR", _apple_failure(w, pod), instance=pod, logger="c.x.a.login.ThirdPartyLoginService")
        if w.rng.random() < 0.4:
            w.log(moment + dt.timedelta(milliseconds=3), "xh-account", "WARN",
                  "POST /api/v1/account/login channel=apple 401 code=THIRD_PARTY_AUTH_FAILED "
                  f"client={_version(moment)} took={w.ms(60, 240)}ms", instance=pod)
        moment += dt.timedelta(seconds=w.rng.randint(6, 18), milliseconds=w.rng.randint(0, 999))
    w.log(w.at("19:42:31.606"), "xh-account", "INFO", APPLE_NOTE, instance="ops-console")
    for index, pod in enumerate(new):
        w.log(w.at("19:46:10.210") + dt.timedelta(seconds=2 * index), "xh-account", "INFO", APPLE_REFRESH, instance=pod,
              change="ops", logger="c.x.a.oauth.apple.AppleJwksCache")
    for k in range(5):
        moment = w.at("19:46:30") + dt.timedelta(seconds=23 * k, milliseconds=w.rng.randint(0, 999))
        w.log(moment, "xh-account", "INFO", f"login ok uid={_uid(w)} channel=apple client=3.1.4 device=iPhone15,2 "
              f"({w.ms(60, 180)}ms)", instance=w.rng.choice(new), logger="c.x.a.login.LoginService")
    w.alert("LoginChannelFailureRateHigh", "xh-account", "critical", w.at("19:00"), w.at("19:48"), "96.8%",
            "登录渠道 apple 失败率 96.8%，超过阈值 20%", channel="apple", namespace=NS)


# --- Incident 3: WeChat Pay's new egress range against the pay-notify allow-list -----------------
def wechat_callbacks(w: WorldBuilder) -> None:
    old, new = ROLLOUTS["xh-store"][0][1], ROLLOUTS["xh-store"][1][1]
    w.log(w.at("19:10:20.772"), "xh-store", "INFO", STORE_DEPLOY, instance=new[0], change="deploy")
    for index, pod in enumerate(new):
        w.log(w.at("19:10:50") + dt.timedelta(seconds=12 * index), "xh-store", "INFO",
              f"Started StoreApplication in {w.rng.randint(160, 220) / 10} seconds", instance=pod)
        w.log(w.at("19:10:58") + dt.timedelta(seconds=12 * index), "xh-store", "INFO",
              "Commencing graceful shutdown. Waiting for active requests to complete", instance=old[index])
    conn = 8812231
    moment = w.at("19:18:40.062")
    while moment < w.at("19:55:50"):
        gw = w.rng.choice(VMS["xh-gateway"])
        ip = f"{w.rng.choice(WECHAT_NEW_IPS)}{w.rng.randint(2, 250)}"
        conn += w.rng.randint(200, 3000)
        w.log(moment, "xh-gateway", "INFO", access(w, moment, "POST", "/pay/notify/wechat", 403, "xh-store", 0.0,
                                                    host="pay-notify.xhgames.com", ip=ip, ua="Mozilla/4.0"),
              instance=gw, log_type="access")
        w.log(moment, "xh-gateway", "ERROR", WECHAT_FORBIDDEN.format(ts=moment.strftime("%Y/%m/%d %H:%M:%S"),
                                                                     pid=w.rng.randint(30, 45), conn=conn, ip=ip),
              instance=gw, log_type="error")
        moment += dt.timedelta(seconds=w.rng.randint(2, 7), milliseconds=w.rng.randint(0, 999))
    moment = w.at("19:23:44.380")
    while moment < w.at("19:58"):
        sku, price = _sku(w)
        w.log(moment, "xh-store", "WARN", f"order {_order(w, moment - dt.timedelta(minutes=5))} still WAIT_PAY 300s after "
              f"prepay (channel=wechat, sku={sku}, amount={price}.00): no payment notify received",
              instance=w.rng.choice(new))
        moment += dt.timedelta(seconds=w.rng.randint(12, 30), milliseconds=w.rng.randint(0, 999))
    w.log(w.at("19:52:30.771"), "xh-gateway", "INFO", WECHAT_NOTE, instance="ops-console")
    w.log(w.at("19:55:48.219"), "xh-gateway", "INFO", WECHAT_ALLOW, instance="xh-gw-01", change="acl")
    moment = w.at("19:55:52.004")
    while moment < w.at("20:10:30"):
        w.log(moment, "xh-store", "INFO", f"wechat notify order={_order(w, moment - dt.timedelta(minutes=w.rng.randint(3, 36)))} "
              f"transaction_id=42000{w.rng.randint(10**22, 10**23 - 1)} trade_state=SUCCESS (notify retry "
              f"#{w.rng.randint(4, 8)}) → PAID, delivery queued", instance=w.rng.choice(new))
        moment += dt.timedelta(seconds=w.rng.randint(3, 10), milliseconds=w.rng.randint(0, 999))
    w.alert("RechargeDeliveryDelayHigh", "xh-store", "critical", w.at("19:24"), w.at("20:04"), "412s",
            "充值发货延迟 p95 412s，超过阈值 120s", namespace=NS)


#: WeChat orders the reconcile job finds without a notify: those refused since 19:18:40, until WeChat's retries get in.
RECONCILED = [(_t("19:20"), 16), (_t("19:30"), 186), (_t("19:50"), 231), (_t("20:00"), 64)]


def pay_reconcile(w: WorldBuilder) -> None:
    """The store's own routine: every 10 minutes it queries the orders still WAIT_PAY after 10 minutes."""
    moment = w.at("17:00:30.118")
    while moment < REFERENCE:
        pod = w.pod_at(ROLLOUTS["xh-store"], moment)
        if w.at("19:20") <= moment < w.at("20:01"):
            n = round(interpolate(RECONCILED, moment)) + w.rng.randint(-6, 6)
            notpay = w.rng.randint(2, 9)
            w.log(moment, "xh-store", "WARN", RECONCILE_LATE.format(n=n, paid=n - notpay, notpay=notpay), instance=pod,
                  job="pay-reconcile")
        else:
            n = w.rng.randint(0, 4)
            w.log(moment, "xh-store", "INFO", f"pay-reconcile: {n} orders WAIT_PAY > 10m; queried: 0 SUCCESS, {n} NOTPAY",
                  instance=pod, job="pay-reconcile")
        moment += dt.timedelta(minutes=10, milliseconds=w.rng.randint(0, 400))


# --- Incident 4: the S6 backfill's tiny inserts, ClickHouse's part limit -------------------------
def clickhouse_parts(w: WorldBuilder) -> None:
    w.log(w.at("19:10:05.287"), "xh-event-pipeline", "INFO", SINK_CONFIG, instance=SINK_PODS[0], change="config")
    w.log(w.at("19:32:05.640"), "xh-event-pipeline", "INFO", BACKFILL_START, instance="data-dev-01",
          job="backfill_s6_settlement")
    rows, inserts, failed = 0, 0, 0
    moment = w.at("19:35:05.102")
    while moment < w.at("20:14:30"):
        rejecting = moment >= w.at("19:41:20")
        rows += w.rng.randint(2_400_000, 3_100_000) if not rejecting else w.rng.randint(1_000_000, 1_500_000)
        inserts = rows // 500
        failed += w.rng.randint(2200, 4100) if rejecting else 0
        w.log(moment, "xh-event-pipeline", "WARN" if rejecting else "INFO",
              f"backfill progress: {rows} rows inserted, {inserts} INSERTs, {failed} failed"
              + (" (DB::Exception TOO_MANY_PARTS, retrying with backoff)" if rejecting else ""),
              instance="data-dev-01", job="backfill_s6_settlement")
        moment += dt.timedelta(seconds=180 + w.rng.randint(-15, 15), milliseconds=w.rng.randint(0, 999))
    w.log(w.at("20:14:30.550"), "xh-event-pipeline", "INFO", BACKFILL_KILL, instance="data-dev-01",
          job="backfill_s6_settlement")
    # ClickHouse: first the insert delays, then the rejections of every writer of the table.
    moment = w.at("19:36:12.204")
    while moment < w.at("20:36"):
        parts = round(interpolate(PARTS, moment))
        node = w.rng.choice(VMS["xh-clickhouse"])
        if w.at("19:41:20") <= moment < w.at("20:21:40"):
            source = w.rng.choice([("bi_backfill", "10.30.7.41"), ("ch_sink", f"10.20.{w.rng.randint(3, 9)}.{w.rng.randint(10, 90)}")])
            w.log(moment, "xh-clickhouse", "ERROR",
                  f"<Error> executeQuery: {TOO_MANY_PARTS} (from {source[1]}:{w.rng.randint(40000, 60999)}) (user "
                  f"{source[0]}) (in query: INSERT INTO game.player_events_local FORMAT RowBinary)", instance=node)
        elif parts > 150:
            w.log(moment, "xh-clickhouse", "WARN",
                  f"<Warning> game.player_events_local (4f1c0d52-7a3e-4b8c-9e21-6d0b5a7c3f19) (Replicated OutputStream): "
                  f"Delaying inserting block by {w.rng.uniform(1, 60):.2f} ms. because there are {parts} parts and their "
                  f"average size is {w.rng.uniform(300, 900):.2f} KiB", instance=node)
        moment += dt.timedelta(seconds=w.rng.randint(4, 12), milliseconds=w.rng.randint(0, 999))
    moment = w.at("20:14:40.100")
    while moment < w.at("20:36"):
        w.log(moment, "xh-clickhouse", "INFO",
              f"<Debug> game.player_events_local (4f1c0d52-7a3e-4b8c-9e21-6d0b5a7c3f19) (MergerMutator): Merged "
              f"{w.rng.randint(40, 100)} parts of partition {w.rng.choice(['20260915', '20261003', '20261120', '20261201'])} "
              f"in {w.rng.uniform(2, 30):.1f} sec.", instance=w.rng.choice(VMS["xh-clickhouse"]))
        moment += dt.timedelta(seconds=w.rng.randint(20, 50), milliseconds=w.rng.randint(0, 999))
    # The real-time sink: rejected, backing off, then catching up.
    moment = w.at("19:41:24.318")
    while moment < w.at("20:53"):
        pod = w.rng.choice(SINK_PODS)
        lag = round(interpolate(SINK_LAG, moment))
        if moment < w.at("20:21:40"):
            w.log(moment, "xh-event-pipeline", "ERROR",
                  f"ch-sink insert failed (attempt {w.rng.randint(1, 12)}): {TOO_MANY_PARTS}; backing off 5s, "
                  f"consumer lag player-events {lag}", instance=pod, component="ch-sink")
        else:
            w.log(moment, "xh-event-pipeline", "INFO",
                  f"ch-sink inserted 80000 rows into game.player_events_local (catch-up, consumer lag {lag})",
                  instance=pod, component="ch-sink")
        moment += dt.timedelta(seconds=w.rng.randint(6, 14), milliseconds=w.rng.randint(0, 999))
    # The freshness check of the real-time dashboard, every minute.
    moment = w.at("17:00:40.505")
    while moment < REFERENCE:
        stale = round(interpolate(FRESHNESS, moment))
        if stale > 300:
            newest = (moment - dt.timedelta(seconds=stale)).strftime("%H:%M:%S")
            w.log(moment, "xh-event-pipeline", "WARN", f"freshness check: game.player_events max(event_time)="
                  f"{newest}, {stale}s behind (> 300s): realtime dashboard stale", instance=ROLLOUTS["xh-event-pipeline"][0][1][0],
                  job="freshness-check")
        elif moment.minute % 5 == 0:
            w.log(moment, "xh-event-pipeline", "INFO", f"freshness check: game.player_events {stale}s behind",
                  instance=ROLLOUTS["xh-event-pipeline"][0][1][0], job="freshness-check")
        moment += dt.timedelta(minutes=1, milliseconds=w.rng.randint(0, 300))
    w.alert("ClickHouseTooManyParts", "xh-clickhouse", "critical", w.at("19:42"), w.at("20:37"), "300",
            "game.player_events_local 单分区 active parts 300，超过阈值 150", table="game.player_events_local")
    w.alert("EventSinkLagHigh", "xh-event-pipeline", "warning", w.at("19:48"), w.at("20:53"), "612340",
            "ch-sink 消费 player-events 积压 612340 条，超过阈值 500000", group="ch-sink")
    w.alert("RealtimeDashboardStale", "xh-event-pipeline", "warning", w.at("19:50"), w.at("20:48"), "508s",
            "实时大盘数据延迟 508s，超过阈值 300s", namespace=NS)


PARTS = [(START, 24), (_t("19:32"), 26), (_t("19:36"), 151), (_t("19:41"), 296), (_t("19:41:20"), 300),
         (_t("20:14"), 300), (_t("20:21"), 292), (_t("20:28"), 214), (_t("20:36"), 148), (_t("20:45"), 96),
         (_t("21:30"), 41), (REFERENCE, 28)]
SINK_LAG = [(START, 3200), (_t("19:41"), 3400), (_t("19:48"), 612340), (_t("20:00"), 1380000), (_t("20:21"), 2640000),
            (_t("20:21:40"), 2652000), (_t("20:36"), 1190000), (_t("20:46"), 260000), (_t("20:52"), 5100),
            (REFERENCE, 3000)]
FRESHNESS = [(START, 4), (_t("19:41"), 5), (_t("19:41:20"), 6), (_t("20:21:40"), 2426), (_t("20:36"), 1060),
             (_t("20:47"), 240), (_t("20:52"), 8), (REFERENCE, 5)]


# --- Incident 5: the season opens, the fleet stops at the S6 maxReplicas --------------------------
def fleet_cap(w: WorldBuilder) -> None:
    mm = ROLLOUTS["xh-matchmaking"][0][1]
    w.log(w.at("19:40:12.804"), "xh-matchmaking", "INFO", MM_CONFIG, instance=mm[0], change="config")
    w.log(w.at("19:45:00.330"), "xh-room-server", "INFO", FLEET_ROLLOUT, instance="ci-bot", change="deploy")
    for index, pod in enumerate(ROOM_NEW[:64]):
        moment = w.at("19:45:30") + dt.timedelta(seconds=6 * index, milliseconds=w.rng.randint(0, 999))
        w.log(moment, "xh-room-server", "INFO", f"xh-room-server 3.2.0.1877 started (maps {len(MAPS)}), SDK Ready() → "
              f"GameServer Ready at 10.30.{40 + index % 12}.{11 + index // 12}:{7000 + index}", instance=pod)
    w.log(w.at("20:00:00.012"), "xh-matchmaking", "INFO",
          "season switch: profile ranked-s6 closed, ranked-s7 open (S7 星火燎原)", instance=mm[0], component="director")
    for clock, frm, to in (("20:00:31.204", 64, 84), ("20:01:31.877", 84, 104), ("20:02:32.415", 104, 120)):
        w.log(w.at(clock), "xh-agones", "INFO", f"Scaling fleet xh-room-server from {frm} to {to}", instance=AGONES[0],
              logger="fleetautoscaler")
    moment = w.at("20:03:40.221")
    while moment < w.at("20:31:05"):
        w.log(moment, "xh-agones", "WARN", FAS_CAP.format(desired=140, allocated=120), instance=AGONES[0],
              logger="fleetautoscaler")
        moment += dt.timedelta(seconds=30, milliseconds=w.rng.randint(0, 300))
    moment = w.at("20:04:12.530")
    while moment < w.at("20:32:45"):
        w.log(moment, "xh-agones", "WARN", "GameServerAllocation UnAllocated: no Ready GameServer in fleet xh-room-server "
              "(ready=0 allocated=120 reserved=0)", instance=w.rng.choice(AGONES[1:]), logger="allocator")
        moment += dt.timedelta(seconds=w.rng.randint(15, 40), milliseconds=w.rng.randint(0, 999))
    moment = w.at("20:04:12.611")
    while moment < w.at("20:41"):
        pod = w.rng.choice(mm)
        roll = w.rng.random()
        tickets = round(interpolate(TICKETS, moment))
        if moment < w.at("20:32:45"):
            if roll < 0.5:
                w.log(moment, "xh-matchmaking", "ERROR", ALLOC_FAIL.format(match=_match(w)), instance=pod,
                      component="director")
            elif roll < 0.75 and moment >= w.at("20:06:12"):  # the first tickets that never got a server
                w.log(moment, "xh-matchmaking", "WARN", f"ticket t-{w.hex(12)} expired after 120s without assignment "
                      "(profile=ranked-s7), player notified 匹配失败", instance=pod, component="frontend")
            else:
                proposals = w.rng.randint(300, 520)
                w.log(moment, "xh-matchmaking", "WARN", f"director cycle profile=ranked-s7: proposals={proposals} "
                      f"matches={proposals} allocated=0 failed={proposals}, tickets active={tickets}", instance=pod,
                      component="director")
        elif roll < 0.6:
            w.log(moment, "xh-matchmaking", "INFO", f"match {_match(w)} assigned to {_pod_ip(w)}:{w.rng.randint(7000, 7999)} "
                  f"(gs {w.rng.choice(ROOM_NEW[120:])}) wait={w.rng.randint(40, 118)}s", instance=pod, component="director")
        else:
            proposals = w.rng.randint(380, 460)
            w.log(moment, "xh-matchmaking", "INFO", f"director cycle profile=ranked-s7: proposals={proposals} "
                  f"matches={proposals} allocated={proposals} failed=0, tickets active={tickets}", instance=pod,
                  component="director")
        moment += dt.timedelta(seconds=w.rng.randint(2, 7), milliseconds=w.rng.randint(0, 999))
    w.log(w.at("20:31:05.090"), "xh-agones", "INFO", FAS_PATCH, instance="kube-audit", change="scale")
    w.log(w.at("20:31:31.642"), "xh-agones", "INFO", "Scaling fleet xh-room-server from 120 to 188", instance=AGONES[0],
          logger="fleetautoscaler")
    w.log(w.at("20:32:40.118"), "xh-agones", "INFO", "allocator: 68 new GameServers Ready in fleet xh-room-server",
          instance=AGONES[1], logger="allocator")
    w.alert("GameServerAllocationFailing", "xh-agones", "critical", w.at("20:05"), w.at("20:34"), "100%",
            "fleet xh-room-server 分配失败率 100%（UnAllocated），超过阈值 5%", fleet="xh-room-server")
    w.alert("MatchmakingBacklogHigh", "xh-matchmaking", "critical", w.at("20:08"), w.at("20:39"), TICKETS_ALERT_VALUE,
            f"排位匹配票 {TICKETS_ALERT_VALUE} 张未分配，超过阈值 5000", profile="ranked-s7")
    w.alert("MatchmakingTimeoutRateHigh", "xh-matchmaking", "warning", w.at("20:07"), w.at("20:38"), "34.2%",
            "匹配超时率 34.2%，超过阈值 10%", profile="ranked-s7")


TICKETS = [(START, 610), (_t("19:59"), 880), (_t("20:00"), 2600), (_t("20:02"), 3400), (_t("20:04"), 4210),
           (_t("20:08"), 5120), (_t("20:12"), 9310), (_t("20:18"), 14120), (_t("20:24"), 17630), (_t("20:27"), TICKETS_PEAK),
           (_t("20:30"), 17220), (_t("20:31"), 16940), (_t("20:33"), 12810), (_t("20:36"), 5230), (_t("20:40"), 2140),
           (_t("21:00"), 1810), (_t("22:00"), 1930), (REFERENCE, 920)]


# --- Incident 6: the S7 wallet migration, the replica behind, deliveries reading the replica ----
LAG = [(START, 0), (_t("20:41"), 0), (_t("20:43"), 38), (_t("20:45"), 96), (_t("20:50"), 410), (_t("20:55"), 762),
       (_t("21:00"), 1090), (_t("21:05"), 1378), (_t("21:08"), LAG_PEAK), (_t("21:10"), 1402), (_t("21:15"), 1096),
       (_t("21:20"), 690), (_t("21:25"), 322), (_t("21:29"), 61), (_t("21:31"), 0), (REFERENCE, 0)]


def replica_lag(w: WorldBuilder) -> None:
    store = ROLLOUTS["xh-store"][1][1]
    w.log(w.at("20:30:10.452"), "xh-store", "INFO", STORE_CONFIG, instance=store[1], change="config")
    w.log(w.at("20:41:07.318"), "xh-mysql-pay", "INFO", MIGRATION, instance="dms-console", change="migration",
          ticket="DMS-20261218-0147")
    begin, end = w.at("20:41:07"), w.at("21:05:40")
    for chunk in range(1, 130):
        moment = begin + (end - begin) * chunk / 129 - dt.timedelta(milliseconds=w.rng.randint(0, 900))
        rows = 50000 if chunk < 129 else 6412208 - 128 * 50000
        w.log(moment, "xh-mysql-pay", "INFO", f"migrate_s7_pass.py: chunk {chunk}/129 committed ({rows} rows) in "
              f"{w.rng.uniform(9.5, 12.8):.1f}s", instance="dms-console", job="migrate_s7_pass")
    w.log(end + dt.timedelta(milliseconds=220), "xh-mysql-pay", "INFO", MIGRATION_DONE, instance="dms-console",
          job="migrate_s7_pass")
    moment = w.at("20:41:30.004")
    while moment < w.at("21:41"):
        lag = round(interpolate(LAG, moment))
        state = "Applying batch of row changes (update)" if lag else "Replica has read all relay log; waiting for more updates"
        w.log(moment, "xh-mysql-pay", "WARN" if lag > 30 else "INFO",
              LAG_CHECK.format(lag=lag, state=state, relay=w.rng.randint(2 * 10**9, 9 * 10**9) if lag else 1_210_442),
              instance="xh-mysql-pay-02", job="replica-check")
        moment += dt.timedelta(seconds=60, milliseconds=w.rng.randint(0, 300))
    # The delivery worker: PAID on the primary, WAIT_PAY on the replica; five attempts, then it gives up.
    moment = w.at("20:47:03.511")
    while moment < w.at("21:31"):
        pod = w.rng.choice(DELIVERY_PODS)
        sku, price = _sku(w)
        order = _order(w, moment - dt.timedelta(minutes=5))
        if w.rng.random() < 0.55:
            w.log(moment, "xh-store", "WARN", DELIVERY_WAIT.format(order=order, attempt=w.rng.randint(1, 5)), instance=pod,
                  component="delivery")
        else:
            w.log(moment, "xh-store", "ERROR", DELIVERY_GAVE_UP.format(order=order, uid=_uid(w), sku=sku), instance=pod,
                  component="delivery")
        moment += dt.timedelta(seconds=w.rng.randint(3, 9), milliseconds=w.rng.randint(0, 999))
    w.log(w.at("21:38:20.615"), "xh-store", "INFO", COMPENSATE, instance=store[0], job="store-compensate")
    w.log(w.at("21:38:21.007"), "xh-store", "WARN", "store-compensate: 12 orders still undelivered: "
          + ", ".join(f"RO20261218{20 + k // 6}{(47 + 3 * k) % 60:02d}{w.rng.randint(10, 59)}{w.rng.randint(1000, 9999)}"
                      for k in range(12)), instance=store[0], job="store-compensate")
    w.alert("MySQLReplicationLagHigh", "xh-mysql-pay", "warning", w.at("20:45"), w.at("21:32"), LAG_ALERT_VALUE,
            f"xh-mysql-pay-02 Seconds_Behind_Master {LAG_ALERT_VALUE}，超过阈值 30s", instance="xh-mysql-pay-02")
    w.alert("RechargeDeliveryDelayHigh", "xh-store", "critical", w.at("20:52"), w.at("21:45"), "388s",
            "充值发货延迟 p95 388s，超过阈值 120s", namespace=NS)
    w.alert("RechargeOrdersUndelivered", "xh-store", "critical", w.at("21:15"), None, str(UNDELIVERED_LEFT),
            f"已支付未发货订单（DELIVERY_GAVE_UP）{UNDELIVERED_LEFT} 单，超过阈值 0", namespace=NS)


# --- Incident 7: the red-envelope rain, the chat gateways' pub/sub buffers -------------------------
PUBLISH_RATE = [(START, 210), (_t("19:59"), 260), (_t("20:00"), 880), (_t("20:20"), 420), (_t("20:59"), 300),
                (_t("21:00"), 4100), (_t("21:01"), 7600), (_t("21:05"), 8900), (_t("21:09"), PUBLISH_PEAK), (_t("21:12"), 9020),
                (_t("21:19"), 8400), (_t("21:20"), 3100), (_t("21:22"), 420), (_t("22:00"), 360), (REFERENCE, 240)]
LOST_PER_MIN = [(START, 0), (_t("21:00"), 0), (_t("21:01"), 1250), (_t("21:03"), 8476), (_t("21:09"), 11230),
                (_t("21:16"), 9020), (_t("21:17"), 40), (_t("21:18"), 0), (REFERENCE, 0)]


def chat_pubsub(w: WorldBuilder) -> None:
    new = ROLLOUTS["xh-chat"][1][1]
    w.log(w.at("20:45:15.904"), "xh-chat", "INFO", CHAT_DEPLOY, instance=new[0], change="deploy")
    w.log(w.at("20:50:30.226"), "xh-chat", "INFO", RAIN_SCHEDULED, instance="ops-console", change="activity")
    for round_ in range(40):
        moment = w.at("21:00:00") + dt.timedelta(seconds=30 * round_, milliseconds=w.rng.randint(5, 60))
        w.log(moment, "xh-chat", "INFO", f"red envelope round {round_ + 1}/40 broadcast to the world channel of 48 servers "
              f"({w.rng.randint(88000, 99000)} players online)", instance=new[0], logger="activity")
    # Each gateway's subscriber connection is closed about once a minute while the rain lasts.
    seq = {server: 88_100_000 + 37_000 * server for server in range(1, 49)}
    for index, pod in enumerate(new):
        moment = w.at("21:01:10") + dt.timedelta(seconds=13 * index, milliseconds=w.rng.randint(0, 999))
        cid = 183_200 + 40 * index
        while moment < w.at("21:16:20"):
            oll = w.rng.randint(8200, 9900)
            omem = w.rng.randint(33_560_000, 34_400_000)
            w.log(moment, "xh-redis-chat", "WARN",
                  REDIS_KILL.format(cid=cid, addr=f"10.20.{11 + index}.{37 + index}", port=w.rng.randint(40000, 60999),
                                    fd=w.rng.randint(180, 260), pod=pod, age=int((moment - w.at("20:45:40")).total_seconds()),
                                    oll=oll, omem=omem, tot=omem + 3072), instance="xh-redis-chat-01")
            w.log(moment + dt.timedelta(milliseconds=8), "xh-chat", "WARN",
                  "redis pubsub connection closed by server (EOF), resubscribing chat:world:*, chat:guild:* (attempt 1)",
                  instance=pod)
            w.log(moment + dt.timedelta(milliseconds=w.rng.randint(250, 600)), "xh-chat", "INFO",
                  "redis psubscribe chat:world:* chat:guild:* ok", instance=pod)
            for _ in range(w.rng.randint(2, 4)):
                server = w.rng.randint(1, 48)
                missed = w.rng.randint(600, 9000)
                w.log(moment + dt.timedelta(seconds=w.rng.randint(1, 3), milliseconds=w.rng.randint(0, 999)), "xh-chat",
                      "WARN", f"world channel gap detected server=S{server}: seq {seq[server]} -> {seq[server] + missed}, "
                      f"{missed} messages missed", instance=pod)
                seq[server] += missed + w.rng.randint(2000, 9000)
            w.log(moment + dt.timedelta(seconds=w.rng.randint(4, 20)), "xh-chat", "WARN",
                  f"ws push backlog: {w.rng.randint(9000, 31000)} messages queued for {w.rng.randint(18000, 26000)} "
                  "clients", instance=pod)
            cid += w.rng.randint(3, 30)
            moment += dt.timedelta(seconds=w.rng.randint(55, 80), milliseconds=w.rng.randint(0, 999))
    w.log(w.at("21:16:20.402"), "xh-redis-chat", "INFO", REDIS_CHAT_CONFIG, instance="xh-redis-chat-01", change="config")
    moment = w.at("21:00:04.118")
    while moment < w.at("21:20:30"):
        rate = round(interpolate(PUBLISH_RATE, moment))
        gaps = 0 if moment >= w.at("21:16:30") or moment < w.at("21:01:10") else w.rng.randint(3, 11)
        w.log(moment, "xh-chat", "WARN" if gaps else "INFO", f"world channel stats: publish={rate}/s fanout="
              f"{rate * w.rng.randint(180, 220)}/s seq_gaps={gaps} (last 60s)", instance=w.rng.choice(new), logger="stats")
        moment += dt.timedelta(seconds=60, milliseconds=w.rng.randint(0, 400))
    w.alert("RedisClientOutputBufferKills", "xh-redis-chat", "warning", w.at("21:02"), w.at("21:18"), "4",
            "xh-redis-chat-01 1 分钟内因 output buffer 超限断开 4 个客户端（阈值 1）", instance="xh-redis-chat-01")
    w.alert("ChatMessageGapHigh", "xh-chat", "critical", w.at("21:03"), w.at("21:22"), "8476/min",
            "世界频道消息缺号 8476 条/分钟，超过阈值 100", namespace=NS)


# --- Incident 8: the scraper on the export endpoint, Redis blocked by a full-range ZREVRANGE ------
BOT_NETS = ("47.100.", "139.224.", "121.40.", "106.14.")


def rank_scraper(w: WorldBuilder) -> None:
    pods = ROLLOUTS["xh-leaderboard"][0][1]
    w.log(w.at("21:05:10.338"), "xh-leaderboard", "INFO", RANK_CONFIG, instance=pods[0], change="config")
    begin, blocked = WINDOWS["rank_bot"]
    moment = begin + dt.timedelta(milliseconds=402)
    while moment < w.at("22:08"):
        gw = w.rng.choice(VMS["xh-gateway"])
        ip = f"{w.rng.choice(BOT_NETS)}{w.rng.randint(1, 254)}.{w.rng.randint(1, 254)}"
        export = w.rng.random() < 0.3
        path = ("/api/v1/rank/power_global/export?format=json" if export
                else f"/api/v1/rank/power_global/player/{_uid(w)}")
        if moment >= blocked:
            status, rt = 403, 0.0
        elif export:
            status, rt = 200, w.rng.uniform(2.2, 4.1)
        else:
            status = w.rng.choice([200, 500, 500])
            rt = w.rng.uniform(1.0, 1.2) if status == 500 else w.rng.uniform(0.4, 1.0)
        w.log(moment, "xh-gateway", "WARN" if status >= 500 else "INFO",
              access(w, moment, "GET", path, status, "xh-leaderboard", rt, ip=ip, ua=BOT_UA,
                     size=w.rng.randint(63_900_000, 64_200_000) if export and status == 200 else None),
              instance=gw, log_type="access")
        step = (1, 3) if moment < blocked else (4, 15)
        moment += dt.timedelta(seconds=w.rng.randint(*step), milliseconds=w.rng.randint(0, 999))
    moment = begin + dt.timedelta(seconds=3, milliseconds=118)
    sid = 88231
    while moment < blocked:
        took = w.rng.randint(880, 1420)
        w.log(moment, "xh-redis-rank", "WARN", RANK_SLOWLOG.format(sid=sid, us=took * 1000 + w.rng.randint(0, 999),
                                                                  client=f"10.20.{w.rng.randint(4, 6)}.{w.rng.randint(10, 90)}:"
                                                                         f"{w.rng.randint(40000, 60999)}"),
              instance="xh-redis-rank-01", log_type="slowlog")
        w.log(moment + dt.timedelta(milliseconds=took + w.rng.randint(400, 2400)), "xh-leaderboard", "INFO",
              RANK_EXPORT.format(size=w.rng.randint(63_900_000, 64_200_000), took=took + w.rng.randint(900, 2600), uid=_uid(w)),
              instance=w.rng.choice(pods))
        sid += 1
        moment += dt.timedelta(seconds=w.rng.randint(2, 6), milliseconds=w.rng.randint(0, 999))
    moment = begin + dt.timedelta(seconds=5, milliseconds=640)
    while moment < blocked:
        board = w.rng.choice(BOARDS)
        w.log(moment, "xh-leaderboard", "ERROR", RANK_TIMEOUT.format(board=board, took=w.rng.randint(1001, 1019)),
              instance=w.rng.choice(pods), logger="c.x.r.api.RankController")
        if w.rng.random() < 0.3:
            w.log(moment + dt.timedelta(milliseconds=40), "xh-leaderboard", "WARN",
                  f"score report queued for retry uid={_uid(w)} board=ranked_s7: RedisCommandTimeoutException",
                  instance=w.rng.choice(pods))
        moment += dt.timedelta(seconds=w.rng.randint(2, 6), milliseconds=w.rng.randint(0, 999))
    w.log(w.at("21:48:05.330"), "xh-gateway", "INFO", RANK_NOTE, instance="ops-console")
    w.log(w.at("21:52:20.117"), "xh-gateway", "INFO", RANK_WAF, instance="xh-gw-01", change="waf")
    for k in range(4):
        w.log(w.at("21:53:10") + dt.timedelta(seconds=11 * k), "xh-leaderboard", "INFO",
              f"GET /api/v1/rank/{w.rng.choice(BOARDS)}/top?limit=50 200 took={w.ms(1, 8)}ms", instance=pods[k % 3])
    w.alert("RedisSlowlogBurst", "xh-redis-rank", "warning", w.at("21:13"), w.at("21:53"), "52/min",
            "xh-redis-rank-01 慢日志 52 条/分钟，超过阈值 10", instance="xh-redis-rank-01")
    w.alert("LeaderboardLatencyHigh", "xh-leaderboard", "critical", w.at("21:14"), w.at("21:54"), "2870ms",
            "排行榜接口 p99 2870ms，超过阈值 1000ms", namespace=NS)


# --- Incident 9: one game node with the distribution's conntrack limit -----------------------------
def node_conntrack(w: WorldBuilder) -> None:
    w.log(w.at("21:50:10.512"), "xh-room-server", "INFO", ROOM_CONFIG, instance="gs-config-push", change="config")
    begin, fixed = WINDOWS["conntrack"]
    moment = begin + dt.timedelta(milliseconds=77)
    suppressed_at = begin
    while moment < fixed:
        w.log(moment, "xh-gs-nodes", "WARN", CONNTRACK_FULL, instance=NODE_BAD, trace=False, log_type="kernel")
        if moment - suppressed_at > dt.timedelta(seconds=20):
            w.log(moment + dt.timedelta(milliseconds=1), "xh-gs-nodes", "INFO",
                  f"kernel: net_ratelimit: {w.rng.randint(900, 4200)} callbacks suppressed", instance=NODE_BAD, trace=False,
                  log_type="kernel")
            suppressed_at = moment
        moment += dt.timedelta(seconds=w.rng.randint(1, 5), milliseconds=w.rng.randint(0, 999))
    moment = begin + dt.timedelta(seconds=9, milliseconds=310)
    while moment < fixed + dt.timedelta(seconds=20):
        pod = w.rng.choice(BAD_NODE_PODS)
        level, message, attributes = _conntrack_victim(w, moment, pod)
        w.log(moment, "xh-room-server", level, message, **attributes)
        moment += dt.timedelta(seconds=w.rng.randint(2, 6), milliseconds=w.rng.randint(0, 999))
    w.log(w.at("22:27:40.880"), "xh-gs-nodes", "INFO", CONNTRACK_NOTE, instance="ops-console")
    w.log(fixed + dt.timedelta(milliseconds=5), "xh-gs-nodes", "INFO", CONNTRACK_FIX, instance=NODE_BAD, change="sysctl",
          ticket="MT-20261217-021")
    for k in range(5):
        w.log(w.at("22:31:40") + dt.timedelta(seconds=17 * k), "xh-room-server", "INFO",
              f"player {_uid(w)} reconnected to room {_room(w)} after {w.rng.uniform(1.0, 3.0):.1f}s (network switch)",
              instance=BAD_NODE_PODS[k])
    w.alert("NodeConntrackTableFull", "xh-gs-nodes", "critical", w.at("22:05"), w.at("22:32"), "100%",
            "xh-gs-node-07 conntrack 表使用率 100%（65536/65536），超过阈值 90%", instance=NODE_BAD)
    w.alert("RoomPlayerDisconnectRateHigh", "xh-room-server", "warning", w.at("22:07"), w.at("22:35"), "4.8%",
            "对战服玩家异常断线率 4.8%，超过阈值 2%", fleet="xh-room-server")


# --- Incident 10: the vendor's signature library flags a phone maker's overlay ---------------------
HYPEROS = (("Xiaomi 23127PN0CC", "HyperOS 2.0.11"), ("Redmi K70 23113RKC6C", "HyperOS 2.0.8"),
           ("Xiaomi 24031PN0DC", "HyperOS 2.0.6"), ("Redmi Turbo 3 24069RA21C", "HyperOS 2.0.9"))


def anticheat_false_positive(w: WorldBuilder) -> None:
    w.log(w.at("18:30:10.640"), "xh-anticheat", "INFO", AC_DEPLOY, instance=ROLLOUTS["xh-anticheat"][1][1][0],
          change="deploy")
    pods = ROLLOUTS["xh-anticheat"][1][1]
    w.log(w.at("21:40:30.225"), "xh-anticheat", "INFO", AC_CONFIG, instance=pods[1], change="config")
    w.log(w.at("22:30:05.118"), "xh-anticheat", "INFO", AC_SIG, instance=pods[0], change="rules")
    moment = w.at("22:36:00.412")
    while moment < REFERENCE:
        device, os_name = w.rng.choice(HYPEROS)
        w.log(moment, "xh-anticheat", "WARN", AC_KICK.format(uid=_uid(w), session=w.hex(8), device=device, os=os_name),
              instance=w.rng.choice(pods))
        moment += dt.timedelta(seconds=w.rng.randint(2, 6), milliseconds=w.rng.randint(0, 999))
    moment = w.at("22:37:00.050")
    while moment < REFERENCE:
        w.log(moment, "xh-anticheat", "INFO", f"kick stats last 60s: OVL-2291={w.rng.randint(150, 260)} "
              f"SPH-0107={w.rng.randint(1, 6)} other={w.rng.randint(0, 4)}", instance=pods[2], task="kick-stats")
        moment += dt.timedelta(seconds=60, milliseconds=w.rng.randint(0, 200))
    w.log(w.at("23:05:12.409"), "xh-anticheat", "INFO", AC_NOTE, instance="ops-console")
    w.alert("AnticheatKickRateHigh", "xh-anticheat", "critical", w.at("22:39"), None, "214/min",
            "反作弊踢人 214 次/分钟，超过阈值 60（规则 OVL-2291 占 97%）", namespace=NS)


# --- Healthy services' changes, the unrelated alert ---------------------------------------------------
def other_changes(w: WorldBuilder) -> None:
    mail = ROLLOUTS["xh-mail"][0][1]
    w.log(w.at("20:00:05.117"), "xh-mail", "INFO", MAIL_CONFIG, instance=mail[0], change="config")
    for batch in range(1, 121):
        moment = w.at("20:05:00") + dt.timedelta(seconds=17 * batch, milliseconds=w.rng.randint(0, 999))
        w.log(moment, "xh-mail", "INFO", f"season reward mail job s7_launch_reward: batch {batch}/120 sent 10000 mails "
              f"(took {w.rng.uniform(6.0, 11.0):.1f}s)", instance=mail[batch % 2], job="s7-launch-reward")
    guild = ROLLOUTS["xh-guild"][1][1]
    w.log(w.at("21:30:10.330"), "xh-guild", "INFO", GUILD_DEPLOY, instance=guild[0], change="deploy")
    w.alert("HostMemoryCorrectedErrors", "xh-kafka", "warning", dt.datetime(2026, 12, 18, 15, 40, tzinfo=TZ), None, "37",
            KAFKA_ECC_SUMMARY, instance="xh-kafka-03")


# --- Kubernetes state at 23:40 -----------------------------------------------------------------------
#: Deployments as they are at 23:40: (deployment, service, pods, revision, changed, change cause, image tag).
STEADY = (
    ("xh-account", "xh-account", ROLLOUTS["xh-account"][1][1], 61, "2026-12-18T18:20:15+08:00",
     "release xh-account 3.8.1 (pipeline #8812)", "3.8.1"),
    ("xh-matchmaking", "xh-matchmaking", ROLLOUTS["xh-matchmaking"][0][1], 33, "2026-12-15T22:10:00+08:00",
     "release xh-matchmaking 2.14.2", "2.14.2"),
    ("xh-leaderboard", "xh-leaderboard", ROLLOUTS["xh-leaderboard"][0][1], 27, "2026-12-16T21:40:00+08:00",
     "release xh-leaderboard 1.22.0", "1.22.0"),
    ("xh-store", "xh-store", ROLLOUTS["xh-store"][1][1], 48, "2026-12-18T19:10:20+08:00",
     "release xh-store 5.4.0 (pipeline #8820)", "5.4.0"),
    ("xh-store-delivery", "xh-store", DELIVERY_PODS, 48, "2026-12-18T19:10:20+08:00",
     "release xh-store 5.4.0 (pipeline #8820)", "5.4.0"),
    ("xh-anticheat", "xh-anticheat", ROLLOUTS["xh-anticheat"][1][1], 22, "2026-12-18T18:30:10+08:00",
     "release xh-anticheat 4.1.2 (pipeline #8815)", "4.1.2"),
    ("xh-chat", "xh-chat", ROLLOUTS["xh-chat"][1][1], 39, "2026-12-18T20:45:15+08:00",
     "release xh-chat 2.9.0 (pipeline #8834)", "2.9.0"),
    ("xh-guild", "xh-guild", ROLLOUTS["xh-guild"][1][1], 18, "2026-12-18T21:30:10+08:00",
     "release xh-guild 3.3.0 (pipeline #8839)", "3.3.0"),
    ("xh-mail", "xh-mail", ROLLOUTS["xh-mail"][0][1], 14, "2026-12-11T21:20:00+08:00", "release xh-mail 1.9.4", "1.9.4"),
    ("xh-patch", "xh-patch", ROLLOUTS["xh-patch"][0][1], 12, "2026-12-14T20:05:00+08:00", "release xh-patch 2.3.1",
     "2.3.1"),
    ("xh-event-pipeline", "xh-event-pipeline", ROLLOUTS["xh-event-pipeline"][0][1], 9, "2026-12-10T22:30:00+08:00",
     "release xh-event-pipeline 1.7.0", "1.7.0"),
    ("xh-event-pipeline-sink", "xh-event-pipeline", SINK_PODS, 9, "2026-12-10T22:30:00+08:00",
     "release xh-event-pipeline 1.7.0", "1.7.0"),
)


def k8s_state(w: WorldBuilder) -> None:
    for name, service, pods, revision, changed, cause, tag in STEADY:
        for index, pod in enumerate(pods):
            w.pod(namespace=NS, name=pod, service=service, phase="Running", ready="1/1", restarts=0, last_termination=None,
                  waiting_reason=None, node=APP_NODES[(index * 3 + len(name)) % len(APP_NODES)], observed_at=REFERENCE)
        w.deployment(namespace=NS, name=name, service=service, replicas=len(pods), ready=len(pods), available=len(pods),
                     image=f"registry.xhgames.internal/game/{name}:{tag}", revision=revision,
                     changed_at=dt.datetime.fromisoformat(changed), change_cause=cause,
                     conditions=[condition("Available", "True", "MinimumReplicasAvailable",
                                           "Deployment has minimum availability."),
                                 condition("Progressing", "True", "NewReplicaSetAvailable",
                                           f'ReplicaSet "{replicaset_name(name, tag)}" has successfully progressed.')],
                     observed_at=REFERENCE)
    # The fleet's game servers (one pod each: the server and the Agones SDK sidecar) on the dedicated nodes.
    for index, pod in enumerate(ROOM_AT_REFERENCE):
        w.pod(namespace=NS, name=pod, service="xh-room-server", phase="Running", ready="2/2", restarts=0,
              last_termination=None, waiting_reason=None, node=room_node(index), observed_at=REFERENCE)
    # Events are what the API server keeps (TTL 1 h): the scale-downs after the peak.
    gss = ROOM_NEW[0].rsplit("-", 1)[0]
    for clock, frm, to in SCALE_DOWN:
        w.event(type="Normal", reason="AutoScalingFleet", object="FleetAutoscaler/xh-room-server-fas",
                message=f"Scaling fleet xh-room-server from {frm} to {to}", count=1, first_seen=w.at(clock),
                last_seen=w.at(clock))
        for index in range(to, frm):
            at = ROOM_REMOVED[index]
            w.event(type="Normal", reason="SuccessfulDelete", object=f"GameServerSet/{gss}",
                    message=f"Deleted gameserver in state Ready: {ROOM_NEW[index]}", count=1, first_seen=at, last_seen=at)


# --- Metrics --------------------------------------------------------------------------------------
def build_metrics(w: WorldBuilder) -> None:
    at = w.at
    patch = [(at("17:50"), at("19:00"))]
    w.series("patch_download_failure_rate", "xh-patch", "%",
             [(START, 0.4), (at("18:00"), 0.4), (at("18:02"), 12.0), (at("18:05"), 38.2), (at("18:12"), 55.0),
              (at("18:20"), PATCH_FAILURE_PEAK), (at("18:26"), 58.3), (at("18:35"), 52.1), (at("18:41"), 49.0),
              (at("18:43"), 21.0), (at("18:44"), 1.5), (at("18:46"), 0.6), (REFERENCE, 0.4)], start=START, fine=patch, spread=0.3, threshold=5)
    w.series("cdn_edge_404_ratio", "xh-patch", "%",
             [(START, 0.2), (at("18:00"), 0.2), (at("18:03"), 47.5), (at("18:20"), 58.0), (at("18:41"), 51.0),
              (at("18:43"), 18.0), (at("18:44"), 0.9), (at("18:46"), 0.2), (REFERENCE, 0.2)], start=START, fine=patch, spread=0.3, threshold=5,
             domain="dl.xhgames.com")
    w.series("cdn_bandwidth_gbps", "xh-patch", "Gbps",
             [(START, 18.0), (at("18:00"), 19.0), (at("18:05"), 31.0), (at("18:41"), 44.0), (at("18:50"), 118.0),
              (at("19:30"), 96.0), (at("20:00"), 160.0), (at("21:00"), 70.0), (REFERENCE, 30.0)], start=START, fine=patch,
             spread=1.5, domain="dl.xhgames.com")
    apple = [(at("18:45"), at("20:00"))]
    w.series("login_failure_rate", "xh-account", "%",
             [(START, 0.8), (at("18:57"), 0.8), (at("18:58"), 91.0), (at("19:10"), 96.8), (at("19:30"), 97.3),
              (at("19:46"), 95.0), (at("19:47"), 1.2), (at("19:50"), 0.8), (REFERENCE, 0.7)], start=START, fine=apple,
             spread=0.2, threshold=20, channel="apple")
    for channel, base in (("wechat", 0.5), ("qq", 0.6), ("phone", 1.1)):
        w.series("login_failure_rate", "xh-account", "%", [(START, base), (at("20:00"), base + 0.4), (REFERENCE, base)],
                 start=START, spread=0.15, threshold=20, channel=channel)
    w.series("online_players", "xh-account", "人",
             [(START, 31000), (at("19:59"), 48200), (at("20:00"), 52000), (at("20:10"), 80100), (at("21:00"), 96400),
              (at("22:00"), 103200), (at("22:30"), 101000), (at("23:00"), 88000), (REFERENCE, 71000)], start=START,
             spread=300, digits=0)
    fleet = [(at("19:50"), at("20:50"))]
    w.series("openmatch_tickets_active", "xh-matchmaking", "个", TICKETS, start=START, fine=fleet, spread=30, digits=0,
             threshold=5000, profile="ranked")
    w.series("matchmaking_ticket_timeout_rate", "xh-matchmaking", "%",
             [(START, 0.3), (at("20:04"), 0.3), (at("20:06"), 18.0), (at("20:10"), 34.2), (at("20:20"), 41.0),
              (at("20:30"), 39.0), (at("20:33"), 12.0), (at("20:36"), 2.0), (at("20:40"), 0.4), (REFERENCE, 0.3)],
             start=START, fine=fleet, spread=0.2, threshold=10)
    w.series("agones_fleet_replicas", "xh-agones", "个", FLEET_REPLICAS, start=START, fine=fleet, digits=0,
             fleet="xh-room-server")
    w.series("agones_fleet_allocated_replicas", "xh-agones", "个", FLEET_ALLOCATED, start=START, fine=fleet, spread=1,
             digits=0, fleet="xh-room-server")
    w.series("agones_gameserver_allocation_failure_rate", "xh-agones", "%",
             [(START, 0.0), (at("20:04"), 0.0), (at("20:05"), 100.0), (at("20:32"), 100.0), (at("20:33"), 0.0),
              (REFERENCE, 0.0)], start=START, fine=fleet, threshold=5, fleet="xh-room-server")
    # The game nodes: one of them has the distribution's conntrack limit.
    node = [(at("21:40"), at("22:50"))]
    for index, name in enumerate(GS_NODES):
        if name == NODE_BAD:
            usage = [(START, 38.0), (at("21:00"), 78.0), (at("22:00"), 97.5), (at("22:04"), 99.9), (at("22:05"), 100.0),
                     (at("22:31"), 100.0), (at("22:32"), 6.8), (at("23:00"), 5.9), (REFERENCE, 4.9)]
            disconnects = [(START, 3), (at("22:04"), 3), (at("22:05"), 96), (at("22:10"), 142), (at("22:20"), 138),
                           (at("22:30"), 131), (at("22:31"), 40), (at("22:32"), 4), (REFERENCE, 3)]
            w.series("node_nf_conntrack_usage_percent", "xh-gs-nodes", "%", usage, start=START, fine=node, threshold=90,
                     instance=name)
            w.series("node_nf_conntrack_entries", "xh-gs-nodes", "个",
                     [(START, 24900), (at("21:00"), 51100), (at("22:00"), 63900), (at("22:04"), 65470),
                      (at("22:05"), CONNTRACK_LIMIT), (at("22:31"), CONNTRACK_LIMIT), (at("22:33"), 71200),
                      (at("23:00"), 62000), (REFERENCE, 51500)], start=START, fine=node, digits=0, instance=name)
        else:
            peak = 5.6 + (index % 4) * 0.4
            usage = [(START, 2.3), (at("21:00"), peak - 1.0), (at("22:00"), peak), (at("22:30"), peak - 0.2),
                     (REFERENCE, 3.1)]
            disconnects = [(START, 2), (at("20:00"), 3), (at("22:00"), 4), (REFERENCE, 2)]
            w.series("node_nf_conntrack_usage_percent", "xh-gs-nodes", "%", usage, start=START, spread=0.1, threshold=90,
                     instance=name)
        w.series("room_player_disconnects_per_min", "xh-room-server", "次/分钟", disconnects, start=START,
                 fine=node if name == NODE_BAD else (), spread=1, digits=0, threshold=30, node=name)
    # The store's two evenings and the pay database's replica.
    store = [(at("19:10"), at("20:15")), (at("20:40"), at("21:50"))]
    w.series("recharge_delivery_delay_p95_seconds", "xh-store", "s",
             [(START, 2.1), (at("19:18"), 2.3), (at("19:24"), 412.0), (at("19:40"), 980.0), (at("19:55"), 1240.0),
              (at("20:00"), 300.0), (at("20:04"), 40.0), (at("20:10"), 2.5), (at("20:47"), 3.0), (at("20:52"), 388.0),
              (at("21:05"), 1120.0), (at("21:20"), 1630.0), (at("21:31"), 900.0), (at("21:38"), 600.0),
              (at("21:45"), 3.0), (REFERENCE, 2.2)], start=START, fine=store, spread=0.5, threshold=120)
    w.series("recharge_orders_undelivered", "xh-store", "单",
             [(START, 0), (at("20:50"), 0), (at("20:53"), 41), (at("21:15"), 1180), (at("21:31"), 3230), (at("21:38"), 3230),
              (at("21:39"), UNDELIVERED_LEFT), (REFERENCE, UNDELIVERED_LEFT)], start=START, fine=store, digits=0,
             threshold=0)
    w.series("pay_notify_success_per_min", "xh-store", "次/分钟",
             [(START, 38), (at("19:18"), 40), (at("19:19"), 6), (at("19:55"), 5), (at("19:56"), 160), (at("20:05"), 60),
              (at("20:30"), 44), (REFERENCE, 22)], start=START, fine=store, spread=2, digits=0, channel="wechat")
    w.series("pay_notify_success_per_min", "xh-store", "次/分钟",
             [(START, 30), (at("20:00"), 41), (at("20:30"), 52), (REFERENCE, 24)], start=START, fine=store, spread=2,
             digits=0, channel="alipay")
    w.series("nginx_http_requests_403_per_min", "xh-gateway", "次/分钟",
             [(START, 2), (at("19:18"), 2), (at("19:19"), 118), (at("19:40"), 164), (at("19:55"), 151), (at("19:56"), 2),
              (at("21:52"), 2), (at("21:53"), 1860), (at("22:08"), 240), (at("22:20"), 3), (REFERENCE, 2)], start=START,
             fine=[(at("19:10"), at("20:05")), (at("21:45"), at("22:25"))], spread=1, digits=0)
    w.series("mysql_slave_status_seconds_behind_master", "xh-mysql-pay", "s", LAG, start=START, fine=store, spread=8,
             digits=0, threshold=30, instance="xh-mysql-pay-02")
    w.series("mysql_innodb_rows_updated_per_sec", "xh-mysql-pay", "行/秒",
             [(START, 40), (at("20:41"), 42), (at("20:42"), 4200), (at("21:05"), 4100), (at("21:06"), 60), (REFERENCE, 38)],
             start=START, fine=store, spread=20, digits=0, instance="xh-mysql-pay-01")
    # The chat gateways and their Redis.
    chat = [(at("20:50"), at("21:30"))]
    w.series("chat_world_publish_rate", "xh-chat", "条/秒", PUBLISH_RATE, start=START, fine=chat, spread=40, digits=0)
    w.series("chat_messages_lost_per_min", "xh-chat", "条", LOST_PER_MIN, start=START, fine=chat, spread=5, digits=0,
             threshold=100)
    w.series("redis_client_output_buffer_disconnections_per_min", "xh-redis-chat", "次",
             [(START, 0), (at("21:01"), 0), (at("21:02"), 3), (at("21:03"), 4), (at("21:15"), 4), (at("21:16"), 2),
              (at("21:17"), 0), (REFERENCE, 0)], start=START, fine=chat, digits=0, threshold=1, instance="xh-redis-chat-01")
    # The leaderboard, the scraper and the rank Redis.
    rank = [(at("21:00"), at("22:10"))]
    w.series("gateway_route_rps", "xh-leaderboard", "次/秒",
             [(START, 310), (at("19:59"), 360), (at("20:02"), 1180), (at("20:30"), 820), (at("21:00"), 760),
              (at("21:12"), 790), (at("21:13"), 2410), (at("21:20"), 3350), (at("21:31"), RANK_RPS_PEAK),
              (at("21:40"), 3520), (at("21:52"), 3410), (at("21:53"), 720), (at("22:00"), 700), (REFERENCE, 420)],
             start=START, fine=rank, spread=25, digits=0, route="/api/v1/rank/*")
    w.series("http_p99_latency", "xh-leaderboard", "ms",
             [(START, 18), (at("20:02"), 45), (at("20:30"), 22), (at("21:12"), 20), (at("21:13"), 1900), (at("21:20"), 2870),
              (at("21:40"), 3010), (at("21:52"), 2950), (at("21:53"), 30), (REFERENCE, 16)], start=START, fine=rank,
             spread=3, digits=0, threshold=1000)
    w.series("http_5xx_rate", "xh-leaderboard", "%",
             [(START, 0.02), (at("21:12"), 0.02), (at("21:14"), 38.0), (at("21:30"), 61.0), (at("21:52"), 58.0),
              (at("21:53"), 0.1), (REFERENCE, 0.02)], start=START, fine=rank, spread=0.01, digits=2, threshold=5)
    w.series("redis_slowlog_entries_per_min", "xh-redis-rank", "条",
             [(START, 0), (at("21:12"), 0), (at("21:13"), 41), (at("21:20"), 52), (at("21:52"), 49), (at("21:53"), 0),
              (REFERENCE, 0)], start=START, fine=rank, digits=0, threshold=10, instance="xh-redis-rank-01")
    w.series("redis_cpu_usage_percent", "xh-redis-rank", "%",
             [(START, 8.0), (at("20:02"), 19.0), (at("21:12"), 9.0), (at("21:13"), 99.0), (at("21:52"), 98.0),
              (at("21:53"), 12.0), (REFERENCE, 7.0)], start=START, fine=rank, spread=0.5, instance="xh-redis-rank-01")
    # The event pipeline and ClickHouse.
    pipe = [(at("19:25"), at("21:00"))]
    w.series("kafka_consumergroup_lag", "xh-event-pipeline", "条", SINK_LAG, start=START, fine=pipe, spread=200, digits=0,
             threshold=500000, group="ch-sink", topic="player-events")
    w.series("realtime_dashboard_freshness_seconds", "xh-event-pipeline", "s", FRESHNESS, start=START, fine=pipe, digits=0,
             threshold=300)
    w.series("clickhouse_max_part_count_for_partition", "xh-clickhouse", "个", PARTS, start=START, fine=pipe, digits=0,
             threshold=150, table="game.player_events_local")
    w.series("clickhouse_failed_insert_queries_per_min", "xh-clickhouse", "次/分钟",
             [(START, 0), (at("19:41"), 0), (at("19:42"), 420), (at("20:14"), 380), (at("20:15"), 150), (at("20:21"), 120),
              (at("20:22"), 0), (REFERENCE, 0)], start=START, fine=pipe, spread=5, digits=0)
    # The anti-cheat kicks: still high at 23:40.
    w.series("anticheat_kicks_per_min", "xh-anticheat", "次/分钟",
             [(START, 6), (at("22:36"), 6), (at("22:37"), 170), (at("22:39"), 214), (at("23:00"), 240), (at("23:20"), 205),
              (REFERENCE, 188)], start=START, fine=[(at("22:20"), REFERENCE)], spread=4, digits=0, threshold=60)
    # The healthy ones, and the account service's own errors (logins answer 401, not 5xx).
    for service, p99, threshold in (("xh-mail", 60, 1500), ("xh-guild", 40, 1000), ("xh-account", 140, 2000)):
        w.series("http_5xx_rate", service, "%", [(START, 0.03), (at("20:00"), 0.12), (at("20:30"), 0.06), (REFERENCE, 0.04)],
                 start=START, spread=0.02, digits=2, threshold=5)
        w.series("http_p99_latency", service, "ms", [(START, p99), (at("20:05"), p99 * 3), (at("20:40"), p99 + 20),
                                                      (REFERENCE, p99)], start=START, spread=6, digits=0,
                 threshold=threshold)


# --- Runbooks (the ops team's wiki: 现象 / 相关告警 / 常见原因 / 排查步骤 / 处理方案) ---------------------------
def _runbook(title: str, scope: str, symptoms: list[str], alerts: list[str], causes: list[str], steps: list[str],
             remedies: list[str], extra: str = "") -> str:
    def bullets(items: list[str]) -> str:
        return "\n".join(f"- {item}" for item in items)

    numbered = "\n".join(f"{i}. {step}" for i, step in enumerate(steps, 1))
    alert_part = f"## 相关告警\n\n{bullets(alerts)}\n\n" if alerts else ""
    return (f"# {title}\n\n{scope}\n\n## 现象\n\n{bullets(symptoms)}\n\n{alert_part}## 常见原因\n\n{bullets(causes)}\n\n"
            f"## 排查步骤\n\n{numbered}\n\n## 处理方案\n\n{bullets(remedies)}\n" + (f"\n{extra}\n" if extra else ""))


RUNBOOKS: list[tuple[str, str, str]] = [
    ("wiki/ops/patch-download-failure.md", "热更新 / 预下载失败处理手册", _runbook(
        "热更新 / 预下载失败处理手册",
        "适用于版本更新、预下载期间大量玩家下载资源失败（客户端提示“资源下载失败，请检查网络”、进度卡住）。",
        ["客户端失败上报 /api/v1/patch/report 激增，错误为 HTTP 404、MD5 校验失败或超时。",
         "CDN 边缘 4xx 比例上升，或回源带宽异常。"],
        ["**PatchDownloadFailureHigh**：热更新下载失败率超过 5%。", "**CdnStatus404RatioHigh**：CDN 边缘 404 比例超过 5%。"],
        ["发布顺序错误：version.json / manifest 先于 chunk 上线，源站还没有文件时客户端已经开始下载。",
         "CDN 状态码缓存：源站 404 被边缘按状态码缓存规则缓存（dl.xhgames.com 的 404 缓存 3600s），源站补齐文件后边缘仍返回 404"
         "（CDN 日志里缓存状态为 TCP_NEGATIVE_HIT）。",
         "chunk 内容与 manifest 中的 MD5 不一致（重复构建覆盖了同名文件）。", "运营商局部网络问题（只在个别省份、个别 CDN 节点）。"],
        ["按错误类型统计客户端上报：404、校验失败、超时分别对应不同原因。",
         "抽几个失败的 chunk，直接请求源站（OSS）确认对象是否存在、上传时间是什么时候。",
         "看 CDN 实时日志的缓存状态：TCP_MISS/404 是源站没有，TCP_NEGATIVE_HIT/404 是边缘缓存的 404。",
         "对照发布流水线：ossutil sync 的完成时间和 publish_manifest 的执行时间。"],
        ["源站缺文件：先补齐（等 sync 完成或重传），再对版本目录提交 CDN 目录刷新（两个平台都要刷）。",
         "发布规范：sync 完成并抽样校验后才能执行 publish_manifest.py；预下载窗口前 30 分钟冻结 chunk。",
         "评估把 404 的状态码缓存时间从 3600s 降到 60s。"])),
    ("wiki/ops/cdn-bandwidth.md", "CDN 带宽超限与回源打满处理手册", _runbook(
        "CDN 带宽超限与回源打满处理手册",
        "适用于大版本更新时 CDN 计费带宽接近合同峰值、回源带宽打满 OSS 外网出口。",
        ["CDN 带宽曲线接近 400Gbps 合同峰值，厂商发来超限预警。", "OSS 回源流量告警，部分 chunk 下载变慢。"],
        ["**CdnBandwidthNearLimit**：CDN 带宽超过合同峰值的 80%。"],
        ["更新包过大且集中在同一时间下载。", "热点文件没有预热，全部回源。"],
        ["看 CDN 控制台带宽与回源带宽。", "看下载量最大的 URL。"],
        ["开启 CDN 回源限速，保护源站。", "对新版本目录提前做预热（CDN 预取）。", "分批开放预下载。"])),
    ("wiki/ops/third-party-login.md", "第三方登录失败处理手册（微信 / QQ / Apple）", _runbook(
        "第三方登录失败处理手册（微信 / QQ / Apple）",
        "适用于某一个登录渠道大量失败，而其他渠道正常。",
        ["某渠道登录失败率突增，客户端提示“授权失败，请重试”。", "账号服务日志里该渠道的 token 校验异常。"],
        ["**LoginChannelFailureRateHigh**：某个登录渠道失败率超过 20%（label channel）。"],
        ["Apple：Apple 不定期轮换 identity token 的签名公钥（JWKS，https://appleid.apple.com/auth/keys），我们按 24 小时缓存，"
         "apple.jwks.refresh-on-miss=false 时遇到新的 kid 不会重新拉取，报 AppleKeyNotFoundException。",
         "Apple：客户端 bundle id 与服务端配置的 audience 不一致（新包体换了 bundle id）。",
         "微信 / QQ：appsecret 被重置或开放平台接口调用频率超限。", "服务器时钟偏差导致 token 判为过期。"],
        ["按渠道看失败率和错误码，确认只有一个渠道出问题。",
         "Apple：对比错误日志里的 kid 和 cached kids；curl https://appleid.apple.com/auth/keys 看 Apple 当前发布的 key。",
         "微信 / QQ：看开放平台返回的 errcode。"],
        ["Apple 新 kid：调用 POST /internal/admin/apple-jwks/refresh 让每个 Pod 重新拉取 JWKS（无需重启）；随后把 "
         "apple.jwks.refresh-on-miss 改为 true。", "audience 不一致：补充新 bundle id 到 apple.audiences。",
         "微信 / QQ 密钥问题：到开放平台核对 appsecret 并更新配置中心。"])),
    ("wiki/ops/sms-code.md", "短信验证码发送失败处理手册", _runbook(
        "短信验证码发送失败处理手册",
        "适用于手机号登录 / 注册收不到验证码。",
        ["手机号登录失败率上升，客服收到“收不到验证码”反馈。"],
        ["**SmsSendFailureHigh**：验证码短信发送失败率超过 10%。"],
        ["短信服务商余额不足或签名、模板审核失效。", "服务商通道拥堵。"],
        ["看 aliyun SendSms 的返回码（isv.AMOUNT_NOT_ENOUGH、isv.SMS_SIGNATURE_ILLEGAL 等）。"],
        ["切换备用短信通道（腾讯云）。", "联系财务充值。"])),
    ("wiki/ops/gameserver-allocation.md", "对战服分配失败 / 匹配成功进不了房间处理手册", _runbook(
        "对战服分配失败 / 匹配成功进不了房间处理手册",
        "适用于匹配服务撮合出对局但分配不到对战服（Agones GameServerAllocation 返回 UnAllocated），玩家长时间匹配中后提示匹配失败。",
        ["匹配服务日志 allocate failed … ResourceExhausted … there is no available GameServer to allocate。",
         "匹配票积压（openmatch_tickets_active 持续上涨），匹配超时率上升。"],
        ["**GameServerAllocationFailing**：Fleet 分配失败率超过 5%。", "**MatchmakingBacklogHigh**：未分配的匹配票超过 5000。",
         "**MatchmakingTimeoutRateHigh**：匹配超时率超过 10%。"],
        ["Fleet 已经扩到 FleetAutoscaler 的 maxReplicas，Ready 的 GameServer 为 0（开服、活动等流量高峰前没有调整上限）。",
         "节点资源不足，新的 GameServer Pod Pending（看 Pod 事件 FailedScheduling）。",
         "GameServer 启动失败或健康检查不过（Unhealthy），Ready 数上不去。", "allocator 本身异常（证书、网络）。"],
        ["看 Fleet 的 replicas / allocated / ready：`kubectl get fleet xh-room-server -n xh-game`。",
         "看 FleetAutoscaler 日志与配置：desired 是否被 maxReplicas 截断（capping）。",
         "看是否有 Pending 或 Unhealthy 的 GameServer。"],
        ["调大 maxReplicas：`kubectl patch fleetautoscaler xh-room-server-fas -n xh-game --type merge -p "
         "'{\"spec\":{\"policy\":{\"buffer\":{\"maxReplicas\":N}}}}'`，确认专用节点容量足够。",
         "开服、赛季切换前按预估在线提前调整 maxReplicas 和 bufferSize（写进开服检查单）。",
         "节点不足时扩容专用节点池。"])),
    ("wiki/ops/gameserver-node-network.md", "部分对局卡顿、掉线重连不上（节点网络）处理手册", _runbook(
        "部分对局卡顿、掉线重连不上（节点网络）处理手册",
        "适用于只有一部分对局异常：玩家心跳超时、断线后重连不上、开局凑不齐人，而大部分对局正常。",
        ["对战服日志 heartbeat timeout、reconnect … failed: no UDP handshake、join window closed。",
         "异常集中在少数几个 GameServer Pod 上。"],
        ["**RoomPlayerDisconnectRateHigh**：对战服玩家异常断线率超过 2%。", "**NodeConntrackTableFull**：节点 conntrack 表使用率超过 90%。"],
        ["节点 conntrack 表满（nf_conntrack: table full, dropping packet）：hostPort 的 UDP 流量经过 DNAT，每个新的五元组都要一条 "
         "conntrack 记录，表满后新流（重连、NAT 端口变化、新玩家进房）被丢弃，已有的流不受影响。",
         "节点网卡故障（ixgbe Detected Tx Unit Hang、link down/up）。", "节点被其他负载抢占 CPU（不应出现：专用节点有 taint）。"],
        ["把异常的 GameServer Pod 按所在节点分组（`kubectl get pods -o wide` 或 k8s 视图里的 node），看是否集中在同一节点。",
         "登录该节点看 dmesg / 内核日志：nf_conntrack、网卡 reset。",
         "对比该节点与其他节点的 sysctl：net.netfilter.nf_conntrack_max、nf_conntrack_buckets；确认 /etc/sysctl.d/90-gameserver.conf 在不在。"],
        ["conntrack：`sysctl -w net.netfilter.nf_conntrack_max=1048576`（与其他 gs 节点一致）并补回 90-gameserver.conf，立即生效，无需重启。",
         "网卡故障：cordon 节点，等对局结束后摘除，报硬件维修。",
         "重装节点的检查单里加上 sysctl 基线校验。"])),
    ("wiki/ops/gameserver-oom.md", "对战服进程 OOM / 崩溃处理手册", _runbook(
        "对战服进程 OOM / 崩溃处理手册",
        "适用于 GameServer 进程被 OOMKilled 或 core dump，房间内全部玩家掉线。",
        ["GameServer 状态变为 Unhealthy 后被删除重建，对局中断。", "节点上有 OOMKilling 事件。"],
        ["**GameServerCrashLoop**：同一 Fleet 10 分钟内崩溃超过 5 次。"],
        ["新版本地图资源占用变大，超过容器 memory limit。", "特定英雄技能触发空指针（看 core dump）。"],
        ["看 Pod 的 last_termination（OOMKilled / exit code 139）。", "拉 core 文件用对应版本的符号表分析。"],
        ["调大内存 limit 到 3Gi 并重新发布 Fleet。", "崩溃定位前先回滚 Fleet 模板到上一版本。"])),
    ("wiki/ops/recharge-undelivered.md", "充值不到账 / 发货延迟处理手册", _runbook(
        "充值不到账 / 发货延迟处理手册",
        "适用于玩家支付成功（渠道已扣款）但钻石、道具没有到账或延迟很久才到账。两类原因的表现很像，先分清订单卡在哪一步：没收到支付通知"
        "（订单还是 WAIT_PAY），还是已经 PAID 但发货没成功。",
        ["客服工单“付了钱没到账”集中出现。", "订单长时间 WAIT_PAY，或发货 worker 报错 / 放弃（DELIVERY_GAVE_UP）。"],
        ["**RechargeDeliveryDelayHigh**：充值发货延迟 p95 超过 120s。", "**RechargeOrdersUndelivered**：已支付未发货订单大于 0。"],
        ["支付通知进不来：网关 pay-notify 的渠道 IP allow 列表没有包含渠道的新出口 IP（渠道会提前发公告），请求被拒（403），"
         "只能靠每 10 分钟的 pay-reconcile 主动查单或渠道重试补上。",
         "发货读到旧数据：发货 worker 经 ds_pay_read 读从库，从库延迟时读到 WAIT_PAY，重试 5 次后放弃。",
         "发货消息堆积或发货 worker 异常。", "渠道侧通知延迟（少见，看渠道状态页）。"],
        ["抽几个玩家反馈的订单：看订单状态、支付通知有没有到、发货日志。",
         "没有通知：查网关 pay-notify 的访问日志与错误日志（403、access forbidden），看来源 IP 是否在 allow 列表里。",
         "有通知但发货失败：看发货日志读到的订单状态与支付库从库的延迟，看同时段支付库上有没有大事务、批量脚本。"],
        ["IP 列表：按渠道公告把新出口 IP 段加到 pay-notify 的 allow 列表并 reload 网关；渠道会按重试策略重发通知。",
         "从库延迟：等从库追平后运行补单任务 store-compensate（会从主库 ds_pay_write 重读订单再发货）；发货读订单改走主库。",
         "补单后仍失败的订单导出给客服人工处理。"])),
    ("wiki/dba/mysql-replication-lag.md", "MySQL 主从延迟处理手册", _runbook(
        "MySQL 主从延迟处理手册",
        "适用于从库 Seconds_Behind_Master 持续增长。",
        ["从库延迟告警；读从库的业务读到旧数据。"],
        ["**MySQLReplicationLagHigh**：从库延迟超过 30s。"],
        ["主库上大批量 DML（一次更新几百万行、没有分批或分批不停顿），从库回放跟不上；replica_parallel_workers=0 时从库单线程回放。",
         "从库 IO 或 CPU 不足。", "长事务、大事务（一个事务几个 GB 的 binlog）。"],
        ["看 DMS 工单与审计日志：延迟开始前主库上执行了什么。", "看从库 Slave_SQL_Running_State 和 Relay_Log_Space。"],
        ["批量 DML 必须走 DMS 的无锁变更并设置分批间隔（--sleep），大表更新放在低峰。",
         "开启并行回放（replica_parallel_workers=8，replica_parallel_type=LOGICAL_CLOCK）。",
         "延迟期间让读从库的关键业务临时切主库读。"])),
    ("wiki/dba/mysql-deadlock.md", "MySQL 死锁与锁等待处理手册", _runbook(
        "MySQL 死锁与锁等待处理手册",
        "适用于应用报 Deadlock found when trying to get lock 或 Lock wait timeout exceeded。",
        ["写接口偶发失败，数据库 innodb_row_lock_waits 上升。"],
        ["**MySQLLockWaitHigh**：行锁等待超过阈值。"],
        ["并发事务加锁顺序不一致。", "长事务持有锁。"],
        ["SHOW ENGINE INNODB STATUS 看最近一次死锁。", "查 information_schema.innodb_trx 找长事务。"],
        ["统一加锁顺序，缩短事务。", "kill 掉长时间持锁的会话。"])),
    ("wiki/ops/redis-slow-commands.md", "Redis 慢命令阻塞处理手册", _runbook(
        "Redis 慢命令阻塞处理手册",
        "适用于 Redis 单线程被 O(N) 命令阻塞，所有客户端命令超时（Lettuce RedisCommandTimeoutException）。",
        ["Redis 慢日志突增、CPU 接近 100%，应用大量命令超时。"],
        ["**RedisSlowlogBurst**：慢日志超过 10 条 / 分钟。", "**LeaderboardLatencyHigh**：排行榜接口 p99 超过 1000ms。"],
        ["对大有序集合做全量范围读（ZRANGE / ZREVRANGE key 0 -1，排行榜导出接口就是这么做的）。",
         "KEYS *、HGETALL / SMEMBERS 大 key。", "外部流量（爬虫、刷接口）放大了上述命令的调用次数。"],
        ["看慢日志里的命令与 client name，确认是哪个服务、哪个接口。",
         "看网关访问日志：这个接口的调用来源（IP、User-Agent）、QPS 从什么时候开始上升。"],
        ["先在网关封禁异常来源（WAF 规则：UA、IP 段），导出类接口限制为内网访问。",
         "导出改为分页（ZREVRANGE 带 LIMIT 或从从库导出）。"])),
    ("wiki/ops/redis-memory.md", "Redis 内存满与淘汰处理手册", _runbook(
        "Redis 内存满与淘汰处理手册",
        "适用于 Redis used_memory 接近 maxmemory，出现 evicted_keys。",
        ["缓存命中率下降，evicted_keys 增长。"],
        ["**RedisMemoryHigh**：内存使用率超过 90%。"],
        ["key 没有设置过期时间。", "大 key。"],
        ["redis-cli --bigkeys。", "INFO memory。"],
        ["调大 maxmemory 或扩容分片。", "给 key 补 TTL。"])),
    ("wiki/ops/chat-message-loss.md", "聊天消息丢失 / 世界频道刷不出来处理手册", _runbook(
        "聊天消息丢失 / 世界频道刷不出来处理手册",
        "适用于世界频道、公会频道消息缺失或大幅延迟（客户端看到消息断档，序号不连续）。",
        ["聊天网关日志 world channel gap detected、redis pubsub connection closed by server。",
         "Redis 日志 scheduled to be closed ASAP for overcoming of output buffer limits。"],
        ["**ChatMessageGapHigh**：世界频道消息缺号超过 100 条 / 分钟。",
         "**RedisClientOutputBufferKills**：Redis 因 output buffer 超限断开客户端。"],
        ["活动（红包雨、全服广播）让频道消息量暴涨，聊天网关的订阅连接消费不过来，输出缓冲超过 client-output-buffer-limit pubsub"
         "（默认 32mb 8mb 60）被 Redis 断开，断开期间的消息丢失。", "聊天网关 GC 或 CPU 不足。", "Redis 主从切换。"],
        ["对照活动排期：消息量开始上升的时间。", "看 Redis 日志里被断开的客户端 name（聊天网关 Pod）与 omem。"],
        ["临时调大 pubsub 输出缓冲：CONFIG SET client-output-buffer-limit \"pubsub 256mb 128mb 60\"（并 CONFIG REWRITE）。",
         "大型活动前评估消息量；活动广播走单独频道并做合并。"])),
    ("wiki/data/clickhouse-too-many-parts.md", "ClickHouse 写入报 Too many parts 处理手册", _runbook(
        "ClickHouse 写入报 Too many parts 处理手册",
        "适用于写入 ClickHouse 报 Code: 252 TOO_MANY_PARTS，或 Delaying inserting block。",
        ["写入方报 Too many parts … Merges are processing significantly slower than inserts。",
         "实时链路积压，实时大盘数据不更新。"],
        ["**ClickHouseTooManyParts**：单分区 active parts 超过 150。", "**EventSinkLagHigh**：ch-sink 消费积压超过 50 万。",
         "**RealtimeDashboardStale**：实时大盘数据延迟超过 300s。"],
        ["小批量高频写入：每次 INSERT 都生成新的 part，merge 跟不上。",
         "一次 INSERT 跨很多分区（例如回灌 / 补数历史数据且没有按分区排序），每个分区各生成一个小 part；parts 检查取所有分区的最大值，"
         "一个分区超限整张表的写入都被拒绝。", "merge 线程被大查询或磁盘 IO 拖慢。"],
        ["system.parts 按分区统计 active parts，找 parts 最多的分区（往往是历史日期）。",
         "system.query_log 按 user 统计最近的 INSERT 次数与行数，找出小批量写入方。"],
        ["先停掉产生小 part 的写入方（回灌任务），等 merge 把 parts 降下来，实时写入会自动恢复。",
         "回灌改为按分区排序、每批 100 万行以上，放在低峰执行；回灌账号单独限流。",
         "不建议直接调大 parts_to_throw_insert，只会推迟问题。"])),
    ("wiki/data/kafka-consumer-lag.md", "Kafka 消费积压处理手册", _runbook(
        "Kafka 消费积压处理手册",
        "适用于消费组 lag 持续上涨。",
        ["下游数据延迟，consumer lag 告警。"],
        ["**KafkaConsumerLagHigh**：消费组积压超过阈值。"],
        ["消费者处理能力不足。", "分区数太少。"],
        ["看消费组各分区 lag。", "看消费者处理耗时。"],
        ["扩容消费者实例并增加分区。", "临时跳过非关键数据。"])),
    ("wiki/sec/anticheat-false-positive.md", "反作弊误踢 / 误封处理手册", _runbook(
        "反作弊误踢 / 误封处理手册",
        "适用于短时间内大量玩家被反作弊踢出或封禁，且命中集中在某一条规则、某一类机型。",
        ["反作弊踢人数突增，客服工单集中反馈“没开挂被踢”。", "命中集中在同一规则、同一机型或系统版本。"],
        ["**AnticheatKickRateHigh**：反作弊踢人超过 60 次 / 分钟。"],
        ["厂商特征库更新后新规则误报（手机厂商自带的游戏助手、悬浮窗被识别为注入）。", "我方阈值配置调整过严。",
         "真实的外挂爆发（命中分散在各机型、同一批账号反复出现）。"],
        ["按规则、机型统计最近一小时的踢人记录。", "对照特征库版本更新时间与配置变更记录。"],
        ["厂商规则误报：联系厂商回滚特征库或发布修复版本；无法单条关闭时按版本整体回退。",
         "误封账号：拉清单后用批量解封脚本解封并补发邮件补偿。", "我方配置过严：回滚配置。"])),
]


def build_bundle(seed: int = SEED) -> Json:
    w = WorldBuilder(seed=seed, day=DAY, tz=TZ, reference=REFERENCE, instances=INSTANCES,
                     labels={"env": "prod", "cluster": "xh-sh-prod"})
    for service, (make, every) in NOISE.items():
        quiet = [(w.at(a), w.at(b)) for a, b in QUIET.get(service, [])]
        w.noise(service, make, START, every_s=every, quiet=quiet)
    pay_reconcile(w)
    patch_negative_cache(w)
    apple_key_rotation(w)
    wechat_callbacks(w)
    clickhouse_parts(w)
    fleet_cap(w)
    replica_lag(w)
    chat_pubsub(w)
    rank_scraper(w)
    node_conntrack(w)
    anticheat_false_positive(w)
    other_changes(w)
    k8s_state(w)
    build_metrics(w)
    documents = [{"title": title, "source": source, "content": content} for source, title, content in RUNBOOKS]
    return w.bundle(name="XingHuo 星火互娱 2026-12-18", services=SERVICES, documents=documents)


# --- Questions ---------------------------------------------------------------------------------
#: Each incident's signature and the word of its own cause: in another incident's answer, a misattribution.
FAMILY = {
    "patch": ("TCP_NEGATIVE_HIT", "publish_manifest"),
    "apple": ("Sf2lFqwkpX", "AppleKeyNotFoundException"),
    "wechat": ("access forbidden by rule", "183.3.234"),
    "pipeline": ("TOO_MANY_PARTS", "backfill_s6_settlement"),
    "fleet": ("maxReplicas", "no available GameServer"),
    "replica": ("Seconds_Behind_Master", "migrate_s7_pass"),
    "chat": ("output buffer limits", "psubscribe"),
    "rank": ("ZREVRANGE", "ZhanJiBao"),
    "node": ("nf_conntrack", "xh-gs-node-07"),
    "anticheat": ("OVL-2291", "libgameturbo"),
}
#: The remedies of the runbooks for problems that did not happen.
UNRELATED_REMEDIES = ("回源限速", "备用短信通道", "调大内存 limit", "调大 maxmemory", "扩容消费者实例")
FIRING = ("HostMemoryCorrectedErrors", "RechargeOrdersUndelivered", "AnticheatKickRateHigh")
INCIDENT_WORDS = tuple(word for words in FAMILY.values() for word in words)


def _not(*own: str) -> tuple[str, ...]:
    """The other incidents' words, plus the unrelated runbooks' remedies."""
    return tuple(word for family, words in FAMILY.items() if family not in own for word in words) + UNRELATED_REMEDIES


QUESTIONS: tuple[WorldQuestion, ...] = (
    WorldQuestion(
        "gaming_patch_download_cause",
        "六点多开预下载那会儿，好多玩家说更新包下到一半就失败了，热更那边到底怎么回事？", "cause",
        asked_facts=(fact("404"),),
        cause_facts=(fact("TCP_NEGATIVE_HIT", "负缓存", "缓存了 404", "404 缓存", "缓存的 404", "状态码缓存"),
                     fact("publish_manifest", "ossutil", "同步完成前", "还没同步完", "未同步完", "先于 chunk", "sync 完成前")),
        forbidden=_not("patch"), service="xh-patch",
        diagnosis="17:58 发布经理在 ossutil64 sync（17:40–18:26）还没跑完时执行了 publish_manifest.py 发布 3.2.0 清单，18:00 开放预下载，"
                  "源站还没有的 chunk 回源 404，CDN 按 404 状态码缓存规则（3600s）把 404 缓存在边缘（TCP_NEGATIVE_HIT），源站 18:26 补齐后"
                  "边缘仍返回 404 → 下载失败率最高 61.4%；18:41 对 3.2.0 目录做 CDN 刷新后恢复。17:35 的下载并发配置与此无关",
    ),
    WorldQuestion(
        "gaming_apple_login_cause",
        "七点左右苹果账号登录一直失败，微信QQ登录倒是正常，登录服务那边怎么了？", "cause",
        asked_facts=(fact("AppleKeyNotFoundException", "no Apple public key", "kid=Sf2lFqwkpX"),),
        cause_facts=(fact("Sf2lFqwkpX", "新的 kid", "新 kid", "轮换", "rotation", "新的签名公钥", "新公钥"),
                     fact("cached kids", "JWKS", "auth/keys", "公钥缓存", "refresh-on-miss")),
        forbidden=_not("apple"), service="xh-account",
        diagnosis="18:57 起 Apple 用新的签名公钥（kid Sf2lFqwkpX）签发 identity token，账号服务的 Apple JWKS 在 18:20 发版启动时加载、"
                  "缓存 24 小时且 refresh-on-miss=false，找不到新 kid → AppleKeyNotFoundException，Apple 登录全部失败（失败率约 97%），"
                  "其他渠道正常；19:46 手工刷新 JWKS 后恢复。18:20 的 3.8.1 发布不是原因",
    ),
    WorldQuestion(
        "gaming_wechat_recharge_cause",
        "七点半前后好多人用微信充值，钱扣了钻石半天不到账，商城这是出啥问题了？", "cause",
        asked_facts=(fact("access forbidden by rule", "403"),),
        cause_facts=(fact("183.3.234", "58.251.80", "出口 IP", "回调 IP", "allow 列表", "allow-list", "白名单"),),
        forbidden=_not("wechat"), service="xh-store",
        diagnosis="19:18:40 起微信支付从新的出口 IP 段 183.3.234.0/24、58.251.80.0/24 发支付结果通知（12-10 已发公告），网关 pay-notify 的 "
                  "allow 列表没有这些段 → access forbidden by rule / 403，订单停在 WAIT_PAY，只能等 10 分钟一次的 pay-reconcile 查单或微信重试，"
                  "延迟 10–40 分钟到账；19:55 网关补上 IP 段后微信重试把积压的通知送达，20:10 前补齐。19:10 的商城 5.4.0 发布不是原因",
    ),
    WorldQuestion(
        "gaming_dashboard_pipeline_cause",
        "开服那会儿实时大盘的数一直不动，埋点数据管道是不是出问题了？", "cause",
        asked_facts=(fact("TOO_MANY_PARTS", "Too many parts"),),
        cause_facts=(fact("backfill_s6_settlement", "backfill", "回灌", "补数"),),
        forbidden=_not("pipeline"), service="xh-event-pipeline",
        diagnosis="19:32 数据同学手工跑 backfill_s6_settlement.py 回灌三个月的 S6 事件，500 行一批、跨约 97 个日分区写 ClickHouse → 小 part "
                  "暴涨，19:41 起 game.player_events_local 报 Too many parts (300)（TOO_MANY_PARTS），实时 ch-sink 的写入也被拒 → Kafka 积压、"
                  "实时大盘停在 19:41；20:14 停掉回灌，20:21 写入恢复，20:52 积压清完。19:10 的 sink 批量配置不是原因",
    ),
    WorldQuestion(
        "gaming_matchmaking_cause",
        "八点开服以后排位一直匹配不上，转两分钟就提示匹配失败，匹配服务是不是扛不住了？", "cause",
        asked_facts=(fact("there is no available GameServer to allocate", "no available GameServer", "ResourceExhausted",
                          "UnAllocated"),),
        cause_facts=(fact("maxReplicas", "最大副本数", "副本上限", "扩容上限"),),
        forbidden=_not("fleet"), service="xh-matchmaking",
        diagnosis="20:00 S7 开服流量上来，对战服 Fleet 的 FleetAutoscaler 还是 S6 的 maxReplicas 120，20:03 扩到 120 后被封顶，20:04 起 Ready 的 "
                  "GameServer 为 0，分配全部失败（ResourceExhausted: there is no available GameServer to allocate），匹配票积压（最高 18437），"
                  "玩家 120 秒后超时；20:31 maxReplicas 调到 240，20:33 恢复、20:40 积压清完。19:40 的 ranked-s7 MMR 窗口配置不是原因",
    ),
    WorldQuestion(
        "gaming_matchmaking_backlog_quantity", "开服那阵子匹配最多有多少在排队等着？", "quantity",
        asked_facts=(fact(str(TICKETS_PEAK)),), forbidden=_not("fleet"), service="xh-matchmaking",
        peak=Peak("xh-matchmaking", "openmatch_tickets_active", TICKETS_PEAK),
        diagnosis=f"openmatch_tickets_active 峰值 {TICKETS_PEAK}（20:27）；MatchmakingBacklogHigh 触发时的值 5120 不是峰值",
    ),
    WorldQuestion(
        "gaming_replica_recharge_cause",
        "九点前后商城又一批充值订单没到账，玩家付款成功了但道具一直没发，查一下啥原因？", "cause",
        asked_facts=(fact("DELIVERY_GAVE_UP", "WAIT_PAY"),),
        cause_facts=(fact("Seconds_Behind_Master", "主从延迟", "从库延迟", "复制延迟", "replication lag"),
                     fact("migrate_s7_pass", "DMS-20261218-0147", "迁移脚本", "批量 UPDATE", "批量更新")),
        forbidden=_not("replica"), service="xh-store",
        diagnosis="20:41 DMS 工单执行 migrate_s7_pass.py，在支付主库上不停顿地分批更新 641 万行钱包数据，从库单线程回放跟不上"
                  "（Seconds_Behind_Master 最高 1460s）；发货 worker 经 ds_pay_read 读从库，读到 WAIT_PAY，重试 5 次后 DELIVERY_GAVE_UP，"
                  "20:47–21:31 约 3230 单没发货；21:31 从库追平，21:38 补单任务补发 3218 单，剩 12 单待人工处理（告警仍在）。"
                  "20:30 的支付渠道权重配置不是原因",
    ),
    WorldQuestion(
        "gaming_pay_replica_lag_quantity", "支付库那台从库今晚最多延迟了多久？", "quantity",
        asked_facts=(fact(str(LAG_PEAK)),), forbidden=_not("replica"), service="xh-mysql-pay",
        peak=Peak("xh-mysql-pay", "mysql_slave_status_seconds_behind_master", LAG_PEAK),
        diagnosis=f"mysql_slave_status_seconds_behind_master 峰值 {LAG_PEAK} 秒（21:08，xh-mysql-pay-02）；"
                  f"MySQLReplicationLagHigh 触发时是 {LAG_ALERT_VALUE}",
    ),
    WorldQuestion(
        "gaming_leaderboard_cause", "九点多排行榜一直转圈，偶尔出来也特别慢，排行榜服务是怎么了？", "cause",
        asked_facts=(fact("RedisCommandTimeoutException", "Command timed out"),),
        cause_facts=(fact("ZREVRANGE", "/export", "导出接口", "整榜导出"),
                     fact("ZhanJiBao", "爬虫", "scraper", "刷接口", "机器人流量")),
        forbidden=_not("rank"), service="xh-leaderboard",
        diagnosis="21:12 起第三方战绩 App 的爬虫（UA ZhanJiBao/2.3.1，云主机 IP）大量调用运营导出接口 /api/v1/rank/power_global/export，"
                  "每次 ZREVRANGE rank:power:global 0 -1 WITHSCORES 读 230 万成员、阻塞 Redis 约 1 秒 → 排行榜其他读写全部 "
                  "RedisCommandTimeoutException，p99 近 3s、5xx 约 60%；21:52 网关加 WAF 规则封 UA 并把 export 限内网后恢复。"
                  "21:05 的快照刷新间隔配置不是原因",
    ),
    WorldQuestion(
        "gaming_rank_traffic_quantity", "九点多刷排行榜的那波流量，每秒最多打进来多少请求？", "quantity",
        asked_facts=(fact(str(RANK_RPS_PEAK)),), forbidden=_not("rank"), service="xh-leaderboard",
        peak=Peak("xh-leaderboard", "gateway_route_rps", RANK_RPS_PEAK),
        diagnosis=f"gateway_route_rps（route /api/v1/rank/*）峰值 {RANK_RPS_PEAK} 次/秒（21:31），平时 300–800",
    ),
    WorldQuestion(
        "gaming_room_node_cause",
        "十点出头有些对局卡成PPT，掉线了就重连不上，可大部分对局都正常，对战服那边什么情况？", "cause",
        asked_facts=(fact("heartbeat timeout", "no UDP handshake", "join window closed", "掉线", "断线"),),
        cause_facts=(fact(NODE_BAD), fact("nf_conntrack", "conntrack", "table full", "连接跟踪")),
        forbidden=_not("node"), service="xh-room-server",
        diagnosis="只有跑在 xh-gs-node-07 上的对战服出问题：该节点 12-17 重装（MT-20261217-021）时漏了 90-gameserver.conf，"
                  "nf_conntrack_max 还是 65536（其他节点 1048576），22:04 晚高峰 conntrack 表满（nf_conntrack: table full, dropping packet），"
                  "新的 UDP 流被丢：玩家心跳超时、重连收不到握手、开局凑不齐人；22:31 在节点上 sysctl -w 调大后恢复。"
                  "21:50 的插值延迟配置不是原因",
    ),
    WorldQuestion(
        "gaming_chat_alert_existence", "九点红包雨那会儿聊天那边有没有报过警？", "existence",
        asked_facts=(fact("ChatMessageGapHigh"),), forbidden=_not("chat"), service="xh-chat",
        diagnosis="有：ChatMessageGapHigh 21:03 触发（世界频道缺号 8476 条/分钟，阈值 100），21:22 恢复；原因是红包雨期间聊天网关的 "
                  "pub/sub 订阅连接超出 Redis output buffer 限制被断开",
    ),
    WorldQuestion(
        "gaming_mail_healthy", "邮件服务八点上了开服奖励的模板，到现在有没有告警或者报错？", "existence",
        asked_facts=(HEALTHY,), forbidden=INCIDENT_WORDS, service="xh-mail", healthy=True,
        diagnosis="没有：20:00 启用 s7_launch_reward 模板、20:05 起的奖励邮件任务 120 批全部发完，只有 INFO 与少量领取重复的 WARN，"
                  "5xx 与 p99 远低于阈值，无告警",
    ),
    WorldQuestion(
        "gaming_guild_healthy", "公会服务九点半发的版，现在有没有啥异常告警？", "existence",
        asked_facts=(HEALTHY,), forbidden=INCIDENT_WORDS, service="xh-guild", healthy=True,
        diagnosis="没有告警；21:30 的 3.3.0（S7 公会战报名）发布后报名正常，5xx 约 0.1%、p99 远低于 1000ms",
    ),
    WorldQuestion(
        "gaming_alert_listing", "现在还有哪些告警没恢复？列一下。", "listing",
        asked_facts=tuple(fact(name) for name in FIRING), forbidden=("xh-mail", "xh-guild"),
        diagnosis="3 条：HostMemoryCorrectedErrors（xh-kafka-03 内存可纠正错误，15:40 起，已报修，与今晚的故障无关）、"
                  "RechargeOrdersUndelivered（补单后还剩 12 单待人工处理）、AnticheatKickRateHigh（22:39 起，OVL-2291 误报仍在继续）",
    ),
    WorldQuestion(
        "gaming_anticheat_changes_listing", "反作弊今晚都动过什么？发版、改配置、规则库更新都算上。", "listing",
        asked_facts=(fact("4.1.2"), fact("ratio-threshold", "1.15 -> 1.12"), fact("2026.12.18.3")),
        forbidden=_not("anticheat"), service="xh-anticheat",
        diagnosis="三次：18:30 发布 4.1.2（S7 新地图白名单）、21:40 speedhack.ratio-threshold 1.15 -> 1.12、22:30 厂商推送特征库 "
                  "sg-sig 2026.12.18.2 -> 2026.12.18.3（新增 OVL-2291，22:36 起误踢小米/红米机型，至今未恢复）",
    ),
)

WORLD = World(name=NAME, title="XingHuo 星火互娱（手游运营：登录、匹配、对战服、商城、反作弊）", build=build_bundle,
              questions=QUESTIONS)
