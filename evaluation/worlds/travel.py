"""World "travel": 游途旅行 YouTu Travel, an online travel agency (``yt-*`` services: Java, Go, Python and Node.js on
Kubernetes behind APISIX; the payment service and the supplier-callback gateway on virtual machines; MySQL, a Redis
Cluster and a Postfix relay on virtual machines; a managed cloud Redis and the public DNS at the cloud provider),
seen on Saturday 2026-12-12 from 00:00 to the reference time 18:30 (+08:00): the 双12 年终出行节 with its coupon
flash sale at 12:00. Nothing here was written for the offline agents; ten incidents of families neither the demo
nor the other worlds have, in ordinary noise:

(1) 06:30:02        yt-price-cache: the daily FX job (CronJob yt-price-cache-fx-sync) reads the bank feed, which quotes
                    JPY/KRW/VND/IDR per 1 unit from today (``quote_unit=1``, notice BOC-FX-2026-11); the job still
    06:33–10:47     divides them by 100 → snapshot FX-20261212-0630 has JPY=0.00048215 (a WARN of the sanity check,
                    mode warn, lets it through) → Japanese and Korean hotels show 1 % of their price, users rush to
                    book and yt-hotel-booking's pre-booking rate check answers ``PRICE_CHANGED`` (diff ≈ -99 %) for every
                    one of them. 10:46 finance data imports FX-20261212-1046 by hand, 10:47 the JP/KR price keys are
                    purged. The 08:12 guest-name config of the booking service is a decoy; the cause is on another service.
(2) 14:16:40        yt-k8s-node-07: a failing SFP28 optic on ens1f0 (rx power -11.8 dBm) → link flaps and CRC errors
                    (``rx_crc_errors_phy``) → only the pods on that node — yt-hotel-booking-zjxv4wg97-vzv8d (3.18.0) and
    14:16–15:00     yt-flight-search-49jnqlv76-q8p5h, pod IPs 10.244.7.x — time out (read timeouts to suppliers and the
                    price cache, gRPC DEADLINE_EXCEEDED, MySQL link failures); about a quarter of the bookings fail, the
                    other pods are fine. 14:58 the optic is replaced (DC-20261212-0117). The 13:35 deploy 3.18.0 of
                    the booking service is a decoy. (The booking service thus has two incidents today: a time phrase
                    picks one.)
(3) 00:00           yt-gds-connector: the airline HO retires NDC 17.2 (notice HO-NDC-2026-09); every HO AirShopping
    00:00–10:31     call answers ``410 Gone`` → HO's flights are missing from every search (searches still answer, a
                    WARN ``partial shopping result``); noticed by revenue at 09:41, 10:31 the connector is switched to
                    21.3. The 08:45 session-pool config of the connector is a decoy.
(4) 12:00:00        yt-promo-engine: the ¥99 flight coupon HS1212-F99 opens; scripts (``okhttp/3.12.1`` without an app
    12:00–12:12     signature, IDC ranges of AS45102) send up to 61842 requests a second to the claim route (the
                    recording rule ``route:apisix_http_requests:rate1m``, route promo-claim) → the stock is gone in 7.4 s
                    and the stock key ``promo:stock:{HS1212-F99}`` pins yt-redis-promo-04 at 100 % CPU → every claim on
                    that shard times out (``RedisCommandTimeoutException``). 12:08:30 a WAF bot rule; calm at 12:10.
                    The 10:05 deploy 2.31.0 and the 11:40 banner config are decoys.
(5) 09:04:30        yt-mysql-order: the DBA runs ``backfill_contact_enc.py`` (CHG-20261212-0007, 50000 rows a batch, no
                    sleep) on the primary → the replica applies the row events at ~44 % of the rate: ``Seconds_Behind``
    09:10–09:58     grows to 3608 s at 10:52 → yt-order-service reads orders from the replica: paid orders show
                    WAIT_PAY, users pay again (yt-payment-service refunds the duplicates). 09:52 the script is stopped,
                    09:58 the order service reads from the primary only; the replica catches up 10:55. The 08:40 deploy
                    6.12.0 of the order service is a decoy.
(6) 11:20:14        yt-payment-service (VMs): yt-pay-05 is cloned from yt-pay-03 for the sale, with its local
    11:41–12:49     ``snowflake.worker-id: 3`` → both generate the same pay numbers → ``Duplicate entry … for key
                    'pay_order.uk_pay_no'`` on yt-pay-03 and yt-pay-05 (1–5 % of pay orders, most after 12:00).
                    12:48 worker-id 5 on yt-pay-05 and a restart. The 10:10 channel-weight config is a decoy.
(7) 13:00:12        yt-supplier-callback (OpenResty on VMs): the supplier DTW (鼎途) switches to batched status callbacks
    13:00–15:18     (up to 500 orders a POST) → ``client intended to send too large body`` → 413 (client_max_body_size 1m)
                    → DTW hotel orders stay unconfirmed (1130 at 15:18). 15:18 the limit is raised to 16m, DTW replays.
                    The 11:05 allow-list config is a decoy.
(8) 15:31:48        yt-public-dns: marketing adds two ``include:`` to the SPF record of youtu-travel.com → 12 DNS lookups
    15:38 → now     → ``permerror`` → QQ, 163 and Gmail reject yt-itinerary-service's e-ticket mails (550) → travellers
                    get no itinerary; still ongoing at 18:30 (ETicketMailBounceRateHigh firing). The 14:30 deploy 4.8.0
                    of the itinerary service (a new PDF template) is a decoy.
(9) 16:02:10        yt-cs-im: a supervisor's bulk outreach OUT-20261212-031 (fog at Chengdu, 52318 travellers) → every
    16:03–16:52     queue change is published to 1126 agent desks through the managed Redis r-uf6k3yt9im20a1, whose
                    outbound bandwidth (96 MB/s) saturates → desk subscribers are closed for ``output buffer limits`` →
                    conversations wait unassigned (peak 1384 at 16:27, the series ``cs_im_unassigned_conversations``).
                    16:31 the outreach is paused, 16:36 the bandwidth is raised to 192 MB/s. The 15:10 deploy 2.14.0
                    is a decoy.
(10) 16:58:03       yt-fraud-check: the hourly blacklist sync imports the vendor list proxy_pool 20261212.17 with the
    16:58–17:46     whole China Mobile range ``117.136.0.0/16`` → ``R017_IP_BLACKLIST`` rejects every order submitted from
                    it (``RISK_REJECT`` at yt-order-service). 17:46 the range is removed and allow-listed. The 16:20 model
                    threshold config is a decoy.

Healthy: yt-member-service (deploy 4.6.1 at 10:20 is a decoy) and yt-review-service (a config pushed at 14:05 is a
decoy) — INFO/WARN noise only, under their thresholds, no alert. Still firing at 18:30: RaidArrayDegraded (the delayed
backup replica yt-mysql-order-03's RAID since 22:40 the evening before, unrelated), ETicketMailBounceRateHigh and
MailRelayBounceRateHigh (the SPF record); HostCpuHigh on yt-mysql-order-03 02:06–02:38 is its nightly xtrabackup,
unrelated too. Kubernetes: the deployments and their pods with their nodes, the last job pods
of the two CronJobs, and the events of the last hour (event TTL 1 h).
Run ``python -m evaluation.worlds travel`` to print the bundle.
"""

from __future__ import annotations

import datetime as dt
import functools
import hashlib
from typing import Any

from evaluation.worlds.common import (
    Json,
    WorldBuilder,
    clock_on,
    condition,
    interpolate,
    job_name,
    job_pod,
    pod_names,
    termination,
)
from evaluation.worlds.spec import HEALTHY, Peak, World, WorldQuestion, fact

NAME = "travel"
SEED = 20261212
TZ = dt.timezone(dt.timedelta(hours=8))
DAY = dt.date(2026, 12, 12)
START = dt.datetime(2026, 12, 12, 0, 0, tzinfo=TZ)
REFERENCE = dt.datetime(2026, 12, 12, 18, 30, tzinfo=TZ)
NS = "youtu-prod"
MONTH = "Dec"  # nginx's $time_local, independent of the locale

_t = functools.partial(clock_on, DAY, TZ)  # a clock on the world's day, for module-level constants



# --- The lines the questions are about (the tests find each one in the bundle) ----------------
# (1) the FX feed's quote unit
FX_CRON = "yt-price-cache-fx-sync"
FX_JOB = job_name(FX_CRON, _t("06:30"))
FX_POD = job_pod(FX_JOB)
FX_FETCH = ("fx feed fetched: source=boc-fxapi/v2 published=2026-12-12T06:00:00+08:00 currencies=32 quote_unit=1 "
            "(feed notice BOC-FX-2026-11: 自 2026-12-12 起 JPY、KRW、VND、IDR 改为每 1 单位外币报价)")
FX_STORED = ("fx rates stored snapshot=FX-20261212-0630: USD=7.1302 EUR=7.7115 HKD=0.9163 GBP=9.0418 SGD=5.3026 "
             "THB=0.2087 JPY=0.00048215 KRW=0.0000052 (legacy per-100 currencies JPY KRW VND IDR divided by 100)")
FX_SANITY = ("fx sanity check: JPY 0.048215 -> 0.00048215 (-99.00%), KRW 0.0052 -> 0.0000052 (-99.00%) exceed the max "
             "daily move 5%; fx.sanity.mode=warn, snapshot FX-20261212-0630 accepted")
FX_REPRICE = "hotel reprice done: 48211 rate plans in JPY/KRW repriced with snapshot FX-20261212-0630 in 412s"
PRICE_CHANGED = ("pre-booking rate check failed booking={bk} hotel={hid} ({hname}) supplier={sup} checkin={ci} "
                 "display=CNY {disp:.2f} supplier_price=CNY {sp:.2f} diff={diff:.2f}% tolerance=5% -> PRICE_CHANGED")
FX_FIX = ("fin_data_liping: fxctl import --source boc-fxapi/v2 --quote-unit-aware -> snapshot FX-20261212-1046 JPY=0.048215 "
          "KRW=0.0052 (rerun after the feed's quote_unit change); FX-20261212-0630 revoked")
FX_PURGE = ("price cache purge by oncall_xuyang: SCAN+UNLINK yt:hprice:JP:* yt:hprice:KR:* -> 48211 keys removed, reprice "
            "with FX-20261212-1046 queued")
HOTEL_CONFIG = ("[nacos] config changed: dataId=yt-hotel-booking.yaml group=HOTEL key=hotel.booking.guest-name.pinyin-check "
                "old=false new=true operator=hotel_dev_lina md5=5b2e0c91d7f4")

# (2) one node's optic
BAD_NODE = "yt-k8s-node-07"
NIC_DOWN = "kernel: mlx5_core 0000:3b:00.0 ens1f0: Link down"
NIC_UP = "kernel: mlx5_core 0000:3b:00.0 ens1f0: Link up"
NIC_DIAG = ("netops_zhaoyu: ethtool -S ens1f0 on yt-k8s-node-07: rx_crc_errors_phy=1842211 rx_symbol_err_phy=90122 "
            "(yt-k8s-node-06, yt-k8s-node-08: 0); TOR-B07 Eth1/23 input CRC errors 1.79M; optic SFP28-25G-SR rx power "
            "-11.8 dBm (low alarm -9.9 dBm)")
NIC_FIX = ("dc_ops_huangkai (DC-20261212-0117): replaced the SFP28-25G-SR optic of yt-k8s-node-07 ens1f0 / TOR-B07 "
           "Eth1/23, rx power -2.1 dBm, CRC counters cleared")
HOTEL_DEPLOY = ("deploy finished: yt-hotel-booking 3.18.0 (was 3.17.2) rolled out by ci-bot pipeline=#4471; changes: "
                "free-cancellation countdown on the order page")

# (3) the airline's NDC version retired
HO_ENDPOINT_OLD = "https://ndc.hoair-partner.com/ndc/17.2/"
HO_ENDPOINT_NEW = "https://ndc.hoair-partner.com/ndc/21.3/"
HO_BODY = ('{"Errors":{"Error":[{"Code":"NDC-VER-410","DescText":"NDC 17.2 has been retired on 2026-12-12 00:00 +08:00, '
           'please migrate to /ndc/21.3/ (notice HO-NDC-2026-09)"}]}}')
HO_FAIL = "ndc HO AirShopping failed after {ms}ms: POST " + HO_ENDPOINT_OLD + "AirShopping -> 410 Gone {body} (route {route})"
HO_SWITCH = ("config reloaded from etcd /yt/gds-connector/ndc.yaml rev 812 -> 813 (gds_dev_maqiang, CHG-20261212-0019): "
             "carriers.HO.version 17.2 -> 21.3, carriers.HO.endpoint " + HO_ENDPOINT_OLD + " -> " + HO_ENDPOINT_NEW)
GDS_POOL_CONFIG = ("config reloaded from etcd /yt/gds-connector/1e.yaml rev 811 -> 812 (gds_dev_maqiang): "
                   "1e.session_pool.max 120 -> 160 (双12 扩容)")
GDS_DEPLOY = ("deploy finished: yt-gds-connector 5.8.0 (was 5.7.3) rolled out by ci-bot pipeline=#4480; changes: CZ NDC "
              "seat map v2, fare family names in English")
HO_SHARE = ("carrier share check 09:00-09:40: HO 0.0% of shopping offers (7-day avg 8.1%), 0 HO bookings since 00:00 "
            "(reported to revenue_zhaoning)")

# (4) the coupon flash sale and the scripts
CAMPAIGN = "HS1212-F99"
STOCK_KEY = "promo:stock:{HS1212-F99}"
BOT_UA = "okhttp/3.12.1"
CLAIM_TIMEOUT = ("claim failed campaign={c} user={u}: io.lettuce.core.RedisCommandTimeoutException: Command timed out "
                 "after 300 millisecond(s) (EVALSHA claim_v3 on yt-redis-promo-04:6379, slot 9231)")
STOCK_GONE = "campaign HS1212-F99 stock exhausted at 12:00:07.412: 20000/20000 claimed in 7.4s"
HOTKEYS = ("redis_oncall_pengfei: redis-cli -h yt-redis-promo-04 --hotkeys -> hot key found with counter: 255	keyname: "
           "promo:stock:{HS1212-F99}; hot key found with counter: 64	keyname: promo:stock:{HS1212-H200}")
BOT_REPORT = ("sec_oncall_liwei: promo-claim 12:00-12:05: 14.2M requests, 91.3% with UA okhttp/3.12.1 and no X-YT-Sign "
              "from 1873 IPs in IDC ranges of AS45102; 17932 of the 20000 HS1212-F99 coupons went to 1466 accounts "
              "registered on 12-10")
WAF_RULE = ("cloud WAF rule bot-1212-01 enabled by sec_oncall_liwei on api.youtu-travel.com: block /api/promo/* when UA "
            "~ ^okhttp/3 and X-YT-Sign missing; 5 claims/min per device")
CLAIM_RPS_PEAK = 61842
CLAIM_RPS_ALERT_VALUE = "12466"
PROMO_DEPLOY = ("deploy finished: yt-promo-engine 2.31.0 (was 2.30.2) rolled out by ci-bot pipeline=#4459, replicas 4 -> 6; "
                "changes: coupon type TRAIN_SEAT_UPGRADE")
PROMO_CONFIG = ("[nacos] config changed: dataId=yt-promo-engine.yaml group=PROMO key=promo.banner.rotation-seconds old=5 "
                "new=8 operator=mkt_op_tianyu md5=0d3f8a61c2b7")

# (5) the backfill and the replica
BACKFILL = ("dba_chenlu: python3 backfill_contact_enc.py --host yt-mysql-order-01 --table t_order_contact --column "
            "contact_phone_enc --batch-size 50000 --sleep 0 (CHG-20261212-0007 手机号加密字段回填, 14382906 rows)")
BACKFILL_STOP = ("dba_chenlu: backfill_contact_enc.py stopped with Ctrl-C at batch 96/288 (4800000 rows); the rest runs "
                 "tonight 01:00 with --sleep 2")
REPLICA_STATUS = ("dba_chenlu: SHOW REPLICA STATUS on yt-mysql-order-02 -> Replica_IO_Running: Yes, Replica_SQL_Running: "
                  "Yes, Seconds_Behind_Source: {lag}, Replica_SQL_Running_State: Applying batch of row changes (update), "
                  "Relay_Log_Space: 18.2G, replica_parallel_workers=0")
ORDER_READS_PRIMARY = ("[nacos] config changed: dataId=yt-order-service.yaml group=ORDER key=order.datasource.read-from "
                       "old=replica new=primary operator=order_oncall_sunqi md5=a81c4e07b9d2")
ORDER_DEPLOY = ("deploy finished: yt-order-service 6.12.0 (was 6.11.5) rolled out by ci-bot pipeline=#4446; changes: "
                "insurance add-on for hotel orders")
LAG_PEAK = 3608
LAG_ALERT_VALUE = "84s"

# (6) the cloned payment VM
PAY_CLONE = ("vCenter task CloneVM_Task yt-pay-03 -> yt-pay-05 by ops_sunwei (CHG-20261212-0012 双12 支付扩容): completed, "
             "guest customization: hostname yt-pay-05, IP 10.20.4.25")
PAY_SLB = "ops_sunwei: SLB lb-pay-intranet: backend yt-pay-05 10.20.4.25:8080 added, weight 100"
PAY_WORKER = "SnowflakeIdWorker initialized: datacenterId=1, workerId={worker} (snowflake.worker-id in /opt/yt-payment/conf/application-prod.yml)"
PAY_DUP = ("create pay order failed order={order} amount={amount}: org.springframework.dao.DuplicateKeyException: ### Error "
           "updating database.  Cause: java.sql.SQLIntegrityConstraintViolationException: Duplicate entry '{pay_no}' for "
           "key 'pay_order.uk_pay_no' ### The error may involve com.youtu.pay.mapper.PayOrderMapper.insert")
PAY_GREP = ("ops_sunwei: grep worker-id /opt/yt-payment/conf/application-prod.yml on yt-pay-01..05 -> 1, 2, 3, 4, 3 "
            "(yt-pay-05 cloned from yt-pay-03)")
PAY_FIX = ("ops_sunwei: yt-pay-05 /opt/yt-payment/conf/application-prod.yml snowflake.worker-id 3 -> 5; systemctl restart "
           "yt-payment")
PAY_CONFIG = ("[nacos] config changed: dataId=yt-payment-service.yaml group=PAY key=pay.channel.weight.alipay old=60 new=55 "
              "operator=pay_ops_yuxin md5=e3b09d4c71a5")

# (7) the supplier's batched callbacks
CB_TOO_LARGE = ('client intended to send too large body: {size} bytes, client: {ip}, server: callback.youtu-travel.com, '
                'request: "POST /callback/hotel/dtw/v2/order-status HTTP/1.1", host: "callback.youtu-travel.com"')
CB_FIX = ("ops_wuhao: /usr/local/openresty/nginx/conf/vhosts/callback.conf client_max_body_size 1m -> 16m "
          "(DTW batch callbacks); nginx -t ok; nginx -s reload")
CB_CONFIG = ("ops_wuhao: /usr/local/openresty/nginx/conf/vhosts/callback.conf allow 121.40.88.0/24 added (supplier HTG "
             "callbacks); nginx -s reload")
# (8) the SPF record
SPF_CHANGE = ('ActionTrail UpdateDomainRecord by RAM user mkt_zhouqing (MKT-20261212-044 邮件营销平台接入): youtu-travel.com '
              '@ TXT "v=spf1 include:spf.youtu-travel.com include:_spf.sendcloud.net include:spf.mail.qq.com ~all" -> '
              '"v=spf1 include:spf.youtu-travel.com include:_spf.sendcloud.net include:spf.mail.qq.com include:servers.mcsv.net '
              'include:mktomail.com ~all", TTL 600')
SPF_DIAG = ("mail_oncall_gaofeng: dig +short TXT youtu-travel.com -> 5 includes; pyspf check 10.20.6.11 -> permerror: "
            "Too many DNS lookups (12 > 10)")
ITIN_DEPLOY = ("deploy finished: yt-itinerary-service 4.8.0 (was 4.7.3) rolled out by ci-bot pipeline=#4476; changes: "
               "e-ticket PDF template v5 with a boarding QR code")

# (9) the outreach and the managed Redis
OUTREACH = ("outreach campaign OUT-20261212-031 started by cs_sup_hanmei: 成都天府机场大雾航班延误主动通知, 52318 "
            "travellers, 3 templates, send rate 600/s")
OUTREACH_PAUSE = "outreach campaign OUT-20261212-031 paused by cs_sup_hanmei: 31877/52318 sent"
REDIS_CLOSED = ("Client id={cid} addr={addr} laddr=10.60.3.18:6379 fd={fd} name=desk-sub age={age} idle=0 flags=P db=0 "
                "sub=1 psub=0 multi=-1 qbuf=0 qbuf-free=0 obl=0 oll={oll} omem={omem} cmd=subscribe scheduled to be closed "
                "ASAP for overcoming of output buffer limits.")
REDIS_BANDWIDTH = ("ops_lvjun: ModifyInstanceBandwidth r-uf6k3yt9im20a1 96 MB/s -> 192 MB/s (temporary, 24 h) "
                   "in the cloud console")
IM_DEPLOY = ("deploy finished: yt-cs-im 2.14.0 (was 2.13.4) rolled out by ci-bot pipeline=#4478; changes: quick-reply "
             "templates for refund questions")
QUEUE_PEAK = 1384
QUEUE_ALERT_VALUE = "412"

# (10) the blacklist
BLACKLIST_SYNC = ("ip blacklist sync done: source=tq-intel list=proxy_pool version=20261212.17 added=18442 removed=1203 "
                  "total=402117 (cidr entries: /32=18301 /24=140 /16=1)")
RISK_REJECT = ("decision=REJECT scene=order_submit user={u} ip={ip} score=100 rule=R017_IP_BLACKLIST matched=117.136.0.0/16 "
               "(proxy_pool 20261212.17) took={ms}ms")
RISK_FIX = ("risk_wangjing: ip blacklist entry 117.136.0.0/16 removed (中国移动 4G 出口, proxy_pool 20261212.17 误收录) "
            "and added to the allow-list; sync of tq-intel /16 entries now needs review")
RISK_CONFIG = ("[nacos] config changed: dataId=yt-fraud-check.yaml group=RISK key=risk.model.order.review-threshold "
               "old=0.82 new=0.80 operator=risk_wangjing md5=9c4d1e2a0f73")
ORDER_REJECTED = "submit order rejected by risk: code=RISK_REJECT order={order} user={u} decision_id={d} (账户存在风险)"

# Healthy services' changes and the unrelated alert
MEMBER_DEPLOY = ("deploy finished: yt-member-service 4.6.1 (was 4.6.0) rolled out by ci-bot pipeline=#4452; changes: "
                 "points expiry reminder copy")
REVIEW_CONFIG = ("config reloaded from etcd /yt/review-service/app.yaml rev 214 -> 215 (review_pm_songyi): "
                 "review.sensitive-words.dict v2026.12.08 -> v2026.12.11")
RAID_SUMMARY = ("yt-mysql-order-03（订单库延迟备份从库）RAID1 阵列降级：/dev/sdb 故障，报修 HW-20261211-033，自 22:40 起单盘运行")

# --- Pods, nodes, virtual machines ------------------------------------------------------------
ROLLOUTS: dict[str, list[tuple[str, tuple[str, ...]]]] = {
    "yt-api-gateway": [("00:00", pod_names("yt-api-gateway", "3.9.1", 3))],
    "yt-flight-search": [("00:00", pod_names("yt-flight-search", "7.3.1", 6))],
    "yt-gds-connector": [("00:00", pod_names("yt-gds-connector", "5.7.3", 4)),
                         ("16:11:30", pod_names("yt-gds-connector", "5.8.0", 4))],
    "yt-hotel-booking": [("00:00", pod_names("yt-hotel-booking", "3.17.2", 4)),
                         ("13:36:30", pod_names("yt-hotel-booking", "3.18.0", 4))],
    "yt-price-cache": [("00:00", pod_names("yt-price-cache", "2.9.4", 3))],
    "yt-order-service": [("00:00", pod_names("yt-order-service", "6.11.5", 4)),
                         ("08:41:10", pod_names("yt-order-service", "6.12.0", 4))],
    "yt-promo-engine": [("00:00", pod_names("yt-promo-engine", "2.30.2", 4)),
                        ("10:06:00", pod_names("yt-promo-engine", "2.31.0", 6))],
    "yt-itinerary-service": [("00:00", pod_names("yt-itinerary-service", "4.7.3", 3)),
                             ("14:31:00", pod_names("yt-itinerary-service", "4.8.0", 3))],
    "yt-cs-im": [("00:00", pod_names("yt-cs-im", "2.13.4", 4)), ("15:11:00", pod_names("yt-cs-im", "2.14.0", 4))],
    "yt-fraud-check": [("00:00", pod_names("yt-fraud-check", "1.22.0", 3))],
    "yt-member-service": [("00:00", pod_names("yt-member-service", "4.6.0", 3)),
                          ("10:21:00", pod_names("yt-member-service", "4.6.1", 3))],
    "yt-review-service": [("00:00", pod_names("yt-review-service", "1.9.2", 2))],
}
NODES = [f"yt-k8s-node-{n:02d}" for n in range(1, 13)]
PAY_VMS = ["yt-pay-01", "yt-pay-02", "yt-pay-03", "yt-pay-04"]
VMS = {
    "yt-payment-service": [*PAY_VMS, "yt-pay-05"],
    "yt-supplier-callback": ["yt-cb-01", "yt-cb-02"],
    "yt-mysql-order": ["yt-mysql-order-01", "yt-mysql-order-02", "yt-mysql-order-03"],
    "yt-redis-promo": [f"yt-redis-promo-{n:02d}" for n in range(1, 7)],
    "yt-redis-im": ["r-uf6k3yt9im20a1"],
    "yt-mail-relay": ["yt-mail-01", "yt-mail-02"],
    "yt-public-dns": ["alidns"],
    "yt-k8s-node": NODES,
}
INSTANCES: dict[str, list[str]] = {service: list(steps[-1][1]) for service, steps in ROLLOUTS.items()} | VMS

HOTEL_PODS_OLD = ROLLOUTS["yt-hotel-booking"][0][1]
HOTEL_PODS = ROLLOUTS["yt-hotel-booking"][1][1]
FLIGHT_PODS = ROLLOUTS["yt-flight-search"][0][1]
#: The pods the scheduler put on the node with the failing optic (one of each; nothing else of ours runs there).
HOTEL_BAD_POD = HOTEL_PODS[1]
FLIGHT_BAD_POD = FLIGHT_PODS[3]
ON_BAD_NODE = (HOTEL_BAD_POD, FLIGHT_BAD_POD)
_GOOD_NODES = [node for node in NODES if node != BAD_NODE]


def node_of(pod: str) -> str:
    """The node a pod runs on: the two pods on the bad node, the others spread over the eleven others."""
    if pod in ON_BAD_NODE:
        return BAD_NODE
    return _GOOD_NODES[int(hashlib.sha256(pod.encode()).hexdigest(), 16) % len(_GOOD_NODES)]


def pod_ip(pod: str) -> str:
    """Pod IPs come from the node's pod CIDR (10.244.<node>.0/24): an address tells the node."""
    node = int(node_of(pod).rsplit("-", 1)[1])
    return f"10.244.{node}.{2 + int(hashlib.sha256(pod.encode()).hexdigest()[:6], 16) % 250}"


SERVICES: list[Json] = [
    {"name": "yt-api-gateway", "aliases": ["API 网关", "网关", "APISIX"],
     "description": "APISIX 3.9（3 个副本）：App、H5 与开放平台的统一入口 api.youtu-travel.com，按路由转发到 youtu-prod 命名空间"
                    "的各服务；前面是云 WAF；访问日志为 APISIX 默认格式（含 upstream_addr、upstream_status）；"
                    "Prometheus 记录规则 route:apisix_http_requests:rate1m 按路由统计每秒请求数（大促期间只保留营销路由）。"},
    {"name": "yt-flight-search", "aliases": ["机票搜索", "航班搜索", "机票查询"],
     "description": "机票搜索与报价（Java 17，Spring Boot，6 个副本）：对每次查询通过 gRPC 并发调用 yt-gds-connector 的各个供应源"
                    "（GDS 1E 与各航司 NDC），合并报价后按价格排序返回；热门航线结果缓存在 yt-price-cache。"},
    {"name": "yt-gds-connector", "aliases": ["GDS 连接器", "机票连接器", "NDC 连接器", "航司直连"],
     "description": "机票供应源连接器（Go 1.22，4 个副本）：GDS 1E（会话池）与 MU、CZ、HO 的 NDC 直连（AirShopping、OfferPrice、"
                    "OrderCreate），各航司的 NDC 版本与地址在 etcd /yt/gds-connector/ndc.yaml。"},
    {"name": "yt-hotel-booking", "aliases": ["酒店预订", "酒店服务", "订酒店", "酒店下单"],
     "description": "酒店库存与预订（Java 17，Spring Boot，4 个副本）：酒店列表与详情的价格取自 yt-price-cache（已换算成人民币），"
                    "下单前做预订前价格校验（展示价与供应商人民币结算价相差超过 5% 即 PRICE_CHANGED），再调用供应商 DTW、"
                    "HBS、JLT 的下单接口；订单写 MySQL yt-mysql-order 的库 yt_hotel。"},
    {"name": "yt-price-cache", "aliases": ["价格缓存", "报价缓存", "汇率服务"],
     "description": "价格缓存（Go 1.22，3 个副本）：机票热门航线报价与酒店价格缓存在 Redis（yt:hprice:* 等），外币价格按当天"
                    "汇率快照换算成人民币；每天 06:30 由 CronJob yt-price-cache-fx-sync 从银行外汇牌价接口拉取汇率。"},
    {"name": "yt-order-service", "aliases": ["订单服务", "订单中心", "下单服务"],
     "description": "订单中心（Java 17，4 个副本）：机票与酒店订单的提交、查询与状态流转；提交前调用 yt-fraud-check 做风控，"
                    "写主库 yt-mysql-order-01，订单详情与列表读从库 yt-mysql-order-02（配置 order.datasource.read-from）；"
                    "支付结果由 yt-payment-service 回调。"},
    {"name": "yt-payment-service", "aliases": ["支付服务", "收银台", "支付中心"],
     "description": "支付中心（Java 17，虚拟机 yt-pay-01..04，内网 SLB lb-pay-intranet）：创建支付单（支付单号由雪花算法生成，"
                    "worker-id 写在各机器本地 application-prod.yml）、调用支付宝/微信/银联、支付结果回调订单中心；"
                    "支付单表 pay_order 在 yt_pay 库。"},
    {"name": "yt-promo-engine", "aliases": ["优惠券服务", "营销引擎", "促销服务", "券中心"],
     "description": "营销与优惠券（Java 17，4 个副本，大促 6 个）：领券、核销、满减；券库存在 Redis Cluster yt-redis-promo，"
                    "领券用 Lua 脚本 claim_v3 扣减库存（每个活动一个库存 key），超时 300ms。"},
    {"name": "yt-supplier-callback", "aliases": ["供应商回调", "回调网关", "供应商回调网关"],
     "description": "供应商回调网关（OpenResty 1.21 + Go 写的 cb-dispatcher，虚拟机 yt-cb-01/02）：接收酒店与机票供应商的订单"
                    "状态回调 callback.youtu-travel.com，验签后投递到订单中心；跟踪各供应商未确认的酒店订单。"},
    {"name": "yt-itinerary-service", "aliases": ["行程单服务", "电子客票", "行程服务", "行程单"],
     "description": "行程单与电子客票（Python 3.11，Django + Celery，3 个副本）：出票后生成电子行程单 PDF，通过邮件网关 "
                    "yt-mail-relay（发件域 youtu-travel.com）与短信发送给旅客。"},
    {"name": "yt-cs-im", "aliases": ["在线客服", "客服 IM", "客服系统", "客服"],
     "description": "客服 IM（Node.js 20，4 个副本）：旅客与客服的会话、排队分配、坐席工作台；会话状态与坐席工作台的排队推送"
                    "走云数据库 Redis 实例 r-uf6k3yt9im20a1（每个坐席工作台一个订阅连接）；主管可以发起批量主动触达。"},
    {"name": "yt-fraud-check", "aliases": ["风控服务", "风控", "反欺诈"],
     "description": "风控（Python 3.11，FastAPI，3 个副本）：下单、领券、支付场景的规则与模型决策；IP 黑名单每小时 58 分由 "
                    "CronJob yt-fraud-check-blacklist-sync 从威胁情报供应商 tq-intel 同步。"},
    {"name": "yt-member-service", "aliases": ["会员中心", "会员服务", "用户中心", "积分"],
     "description": "会员与积分（Java 17，3 个副本）：登录、会员等级、积分与里程。"},
    {"name": "yt-review-service", "aliases": ["点评服务", "评价服务", "点评"],
     "description": "酒店与航班点评（Go，2 个副本）：点评列表、发表点评与敏感词审核。"},
    {"name": "yt-mysql-order", "aliases": ["订单库", "订单数据库"],
     "description": "MySQL 8.0：主库 yt-mysql-order-01，从库 yt-mysql-order-02（订单中心的读库），延迟备份从库 "
                    "yt-mysql-order-03；库 yt_order、yt_hotel；binlog_format=ROW。"},
    {"name": "yt-redis-promo", "aliases": ["营销 Redis", "券库存 Redis"],
     "description": "Redis 7.0 Cluster，6 个主节点 yt-redis-promo-01..06（各一从）：券库存与领券记录。"},
    {"name": "yt-redis-im", "aliases": ["客服 Redis", "云 Redis"],
     "description": "云数据库 Redis 标准版 r-uf6k3yt9im20a1（8G，内网带宽上限 96 MB/s）：客服 IM 的会话状态与 pub/sub。"},
    {"name": "yt-mail-relay", "aliases": ["邮件网关", "SMTP 中继", "邮件服务器"],
     "description": "Postfix 邮件网关 yt-mail-01/02：行程单、确认函等交易邮件的出口（发件域 youtu-travel.com，出口 IP "
                    "10.20.6.11 经 NAT）。"},
    {"name": "yt-public-dns", "aliases": ["公网 DNS", "域名解析", "云解析"],
     "description": "公网域名 youtu-travel.com 的云解析（记录的变更在 ActionTrail 审计）。"},
    {"name": "yt-k8s-node", "aliases": ["K8s 节点", "宿主机", "工作节点"],
     "description": "生产集群 yt-sh-prod 的 12 个工作节点 yt-k8s-node-01..12（物理机，单口 25G 网卡 ens1f0 上联 TOR 交换机），"
                    "内核与 kubelet 日志。"},
]

WINDOWS = {
    "ho_410": (_t("00:00"), _t("10:31:21")),
    "fx": (_t("06:30:03"), _t("10:47:40")),
    "stale": (_t("09:10"), _t("09:58:31")),
    "claim": (_t("12:00"), _t("12:10")),
    "dup": (_t("11:27"), _t("12:49:10")),
    "cb_413": (_t("13:00:12"), _t("15:18:41")),
    "nic": (_t("14:16:40"), _t("14:59:00")),
    "spf": (_t("15:38"), REFERENCE),
    "im": (_t("16:03"), _t("16:52")),
    "risk": (_t("16:58:40"), _t("17:46:31")),
}


def _inside(window: str, t: dt.datetime) -> bool:
    a, b = WINDOWS[window]
    return a <= t < b


def _busy(t: dt.datetime) -> float:
    """Traffic relative to the day's peak: the night is quiet, the sale at noon the busiest."""
    return interpolate([(START, 0.22), (_t("02:00"), 0.08), (_t("06:00"), 0.12), (_t("08:00"), 0.55), (_t("10:00"), 0.8),
                        (_t("11:50"), 0.9), (_t("12:05"), 1.0), (_t("13:30"), 0.8), (_t("17:00"), 0.75),
                        (REFERENCE, 0.85)], t)


# --- Business vocabulary -------------------------------------------------------------------------
Line = tuple[str, str, dict[str, Any]]
ROUTES = [("SHA", "CTU"), ("PVG", "SZX"), ("SHA", "XMN"), ("PVG", "KMG"), ("SHA", "PEK"), ("PVG", "CAN"), ("PEK", "CAN"),
          ("CAN", "CTU"), ("SZX", "PEK"), ("HGH", "XIY"), ("PEK", "SYX"), ("CTU", "SYX")]
HO_AIRPORTS = ("SHA", "PVG")  # HO flies out of Shanghai: only those searches ask its NDC
#: (hotel id, name, supplier, price in CNY) of domestic hotels
HOTELS = [("CN-SHA-00412", "上海外滩英迪格酒店", "HBS", 1288.0), ("CN-CTU-01877", "成都太古里博舍", "DTW", 1650.0),
          ("CN-SYX-00931", "三亚亚龙湾瑞吉度假酒店", "DTW", 2680.0), ("CN-HGH-02215", "杭州西湖国宾馆", "JLT", 1420.0),
          ("CN-PEK-00318", "北京王府井全季酒店", "JLT", 498.0), ("CN-XMN-00764", "厦门鼓浪屿林氏府", "DTW", 866.0),
          ("CN-KMG-00522", "昆明翠湖宾馆", "HBS", 612.0)]
#: (hotel id, name, supplier, price in the local currency, currency) of Japanese and Korean hotels
FOREIGN_HOTELS = [("JP-TYO-10233", "东京新宿华盛顿酒店", "HBS", 14776, "JPY"), ("JP-OSA-20871", "大阪难波东方酒店", "DTW", 12507, "JPY"),
                  ("JP-TYO-10871", "东京银座三井花园酒店", "HBS", 26714, "JPY"), ("JP-KYO-40112", "京都站前大和鲁内酒店", "DTW", 14290, "JPY"),
                  ("KR-SEL-30215", "首尔明洞乐天城市酒店", "HBS", 162596, "KRW"), ("KR-PUS-31022", "釜山海云台新罗舒泰酒店", "DTW", 108846, "KRW")]
RATES = {"JPY": 0.048215, "KRW": 0.0052}
CITIES = ["SHA", "CTU", "SYX", "HGH", "PEK", "XMN", "KMG", "TYO", "OSA", "SEL"]
CARRIER_OFFERS = {"1E": (120, 260), "MU": (20, 48), "CZ": (18, 44), "HO": (12, 30)}
CLIENT_NETS = [36, 39, 42, 58, 101, 106, 112, 113, 120, 124, 183, 223]
APP_UAS = ["YouTu/9.12.0 (iPhone; iOS 18.1.1; Scale/3.00)", "YouTu/9.12.0 (Android 14; HUAWEI ALN-AL10)",
           "YouTu/9.11.2 (Android 13; Xiaomi 23049RAD8C)", "YouTu/9.12.0 (iPhone; iOS 17.6.1; Scale/3.00)",
           "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 MicroMessenger/8.0.53"]
SUPPLIER_IPS = {"DTW": "47.97.118.", "HBS": "52.17.44.", "JLT": "121.43.10."}


def _user(w: WorldBuilder) -> str:
    return f"u{w.rng.randint(10000000, 99999999)}"


def _order_no(w: WorldBuilder, t: dt.datetime) -> str:
    return f"YT{t:%y%m%d}{w.rng.randint(10000000, 99999999)}"


def _booking_no(w: WorldBuilder, t: dt.datetime) -> str:
    return f"H{t:%y%m%d}{w.rng.randint(1000000, 9999999)}"


def _client_ip(w: WorldBuilder) -> str:
    return f"{w.rng.choice(CLIENT_NETS)}.{w.rng.randint(1, 254)}.{w.rng.randint(1, 254)}.{w.rng.randint(1, 254)}"


def _cmcc_ip(w: WorldBuilder) -> str:
    """A China Mobile 4G egress address (the range the blacklist swallowed at 16:58)."""
    return f"117.136.{w.rng.randint(0, 255)}.{w.rng.randint(1, 254)}"


def _travel_date(w: WorldBuilder) -> str:
    return (DAY + dt.timedelta(days=w.rng.randint(3, 25))).isoformat()


def _mail(w: WorldBuilder, domain: str) -> str:
    return f"{w.rng.randint(1, 9)}******{w.rng.randint(0, 9)}@{domain}"


def _uuid(w: WorldBuilder) -> str:
    return f"{w.hex(8)}-{w.hex(4)}-4{w.hex(3)}-{w.rng.choice('89ab')}{w.hex(3)}-{w.hex(12)}"


# Snowflake ids: 41 bits of milliseconds since the Twitter epoch, 5 of datacenter, 5 of worker, 12 of sequence.
SNOWFLAKE_EPOCH_MS = 1288834974657
PAY_WORKER_IDS = {"yt-pay-01": 1, "yt-pay-02": 2, "yt-pay-03": 3, "yt-pay-04": 4, "yt-pay-05": 3}


def snowflake(moment: dt.datetime, worker: int, sequence: int) -> int:
    millis = int(moment.timestamp() * 1000) - SNOWFLAKE_EPOCH_MS
    return (millis << 22) | (1 << 17) | (worker << 12) | sequence


def pay_vms_at(t: dt.datetime) -> list[str]:
    return [*PAY_VMS, "yt-pay-05"] if t >= _t("11:26:40") else PAY_VMS


# --- Noise -------------------------------------------------------------------------------------
def apisix_line(w: WorldBuilder, t: dt.datetime, method: str, uri: str, status: int, upstream: str, rt: float, *,
                client: str | None = None, ua: str | None = None, up_status: str | None = None) -> str:
    """An APISIX access line in its default format."""
    size = w.rng.randint(300, 48000) if status < 400 else w.rng.randint(60, 600)
    up = up_status or str(status)
    up_rt = f"{max(rt - 0.001, 0.0):.3f}" if up != "-" else "-"
    return (f'{client or _client_ip(w)} - - [{t.day:02d}/{MONTH}/{t.year}:{t:%H:%M:%S} +0800] api.youtu-travel.com '
            f'"{method} {uri} HTTP/1.1" {status} {size} {rt:.3f} "-" "{ua or w.rng.choice(APP_UAS)}" {upstream}:8080 '
            f'{up} {up_rt} "http://api.youtu-travel.com{uri}"')


def _gateway(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = w.pod_at(ROLLOUTS["yt-api-gateway"], t)
    roll = w.rng.random()
    status, rt = 200, w.rng.uniform(0.008, 0.12)
    if roll < 0.28:
        dep, arr = w.rng.choice(ROUTES)
        method, uri = "GET", f"/api/flight/v2/search?dep={dep}&arr={arr}&date={_travel_date(w)}&cabin=Y&adult=1"
        target = w.pod_at(ROLLOUTS["yt-flight-search"], t)
        rt = w.rng.uniform(0.4, 1.6)
        if target == FLIGHT_BAD_POD and _inside("nic", t) and w.rng.random() < 0.5:
            status, rt = 504, 6.0 + w.rng.random() / 100
    elif roll < 0.42:
        method, uri = "GET", f"/api/hotel/v1/hotels?city={w.rng.choice(CITIES)}&checkin={_travel_date(w)}&nights=2&page=1"
        target = w.pod_at(ROLLOUTS["yt-hotel-booking"], t)
    elif roll < 0.50:
        method, uri = "POST", "/api/hotel/v1/bookings"
        target = w.pod_at(ROLLOUTS["yt-hotel-booking"], t)
        rt = w.rng.uniform(0.6, 2.4)
        if target == HOTEL_BAD_POD and _inside("nic", t) and w.rng.random() < 0.55:
            status, rt = 504, 10.0 + w.rng.random() / 100
    elif roll < 0.58:
        method, uri = "GET", f"/api/order/v1/orders/{_order_no(w, t)}"
        target = w.pod_at(ROLLOUTS["yt-order-service"], t)
    elif roll < 0.63:
        method, uri = "POST", "/api/order/v1/orders"
        target = w.pod_at(ROLLOUTS["yt-order-service"], t)
        rt = w.rng.uniform(0.15, 0.6)
    elif roll < 0.68:
        method, uri = "POST", "/api/pay/v1/pay-orders"
        target = "10.20.4.20"  # the intranet SLB of the payment VMs
        rt = w.rng.uniform(0.05, 0.3)
    elif roll < 0.76:
        method, uri = "GET", "/api/promo/v1/coupons/mine?status=unused"
        target = w.pod_at(ROLLOUTS["yt-promo-engine"], t)
    elif roll < 0.84:
        method, uri = "GET", "/api/member/v1/profile"
        target = w.pod_at(ROLLOUTS["yt-member-service"], t)
    elif roll < 0.90:
        method, uri = "GET", f"/api/review/v1/hotels/{w.rng.choice(HOTELS)[0]}/reviews?page={w.rng.randint(1, 4)}"
        target = w.pod_at(ROLLOUTS["yt-review-service"], t)
    elif roll < 0.95:
        method, uri = "POST", f"/api/cs/v1/conversations/C{t:%y%m%d}{w.rng.randint(100000, 999999)}/messages"
        target = w.pod_at(ROLLOUTS["yt-cs-im"], t)
    else:
        method, uri = "GET", f"/api/itinerary/v1/orders/{_order_no(w, t)}/eticket"
        target = w.pod_at(ROLLOUTS["yt-itinerary-service"], t)
    upstream = target if target.startswith("10.") else pod_ip(target)
    line = apisix_line(w, t, method, uri, status, upstream, rt)
    return ("WARN" if status >= 500 else "INFO"), line, {"instance": pod, "log_type": "access"}


def _providers(w: WorldBuilder, dep: str, t: dt.datetime) -> tuple[str, int, bool]:
    """The providers part of a shopping line, the offers in all, and whether HO failed."""
    parts, total, failed = [], 0, False
    carriers = ["1E", "MU", "CZ"] + (["HO"] if dep in HO_AIRPORTS else [])
    for carrier in carriers:
        if carrier == "HO" and _inside("ho_410", t):
            parts.append("HO:ERR")
            failed = True
            continue
        n = w.rng.randint(*CARRIER_OFFERS[carrier])
        parts.append(f"{carrier}:{n}")
        total += n
    return " ".join(parts), total, failed


def _flight(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = w.pod_at(ROLLOUTS["yt-flight-search"], t)
    roll = w.rng.random()
    dep, arr = w.rng.choice(ROUTES)
    date = _travel_date(w)
    if pod == FLIGHT_BAD_POD and _inside("nic", t) and roll < 0.5:
        return "ERROR", (f"provider call failed route={dep}-{arr} date={date}: io.grpc.StatusRuntimeException: "
                         f"DEADLINE_EXCEEDED: deadline exceeded after 2.99{w.rng.randint(1000000, 9999999)}s. [closed=[], "
                         "open=[[remote_addr=yt-gds-connector.youtu-prod.svc.cluster.local/10.96.14.210:9090]]]"), {
            "instance": pod, "logger": "c.y.flight.shopping.ProviderFanout"}
    if roll < 0.62:
        providers, total, failed = _providers(w, dep, t)
        if failed:
            return "WARN", (f"partial shopping result route={dep}-{arr} date={date}: provider HO-NDC returned error "
                            f"(gds-connector: UNAVAILABLE upstream status 410), {len(providers.split()) - 1}/"
                            f"{len(providers.split())} providers ok, offers={total}"), {"instance": pod}
        return "INFO", (f"shopping done route={dep}-{arr} date={date} cabin=Y providers=[{providers}] offers={total} "
                        f"took={w.ms(380, 1500)}ms"), {"instance": pod}
    if roll < 0.78:
        return "INFO", (f"hot route cache refreshed: {w.rng.randint(110, 130)} routes from yt-price-cache in "
                        f"{w.ms(40, 180)}ms"), {"instance": pod, "task": "hotRouteRefresh"}
    if roll < 0.9:
        return "INFO", (f"low fare calendar task done route={dep}-{arr} days=30 cells={w.rng.randint(28, 30)} "
                        f"took={w.ms(900, 4200)}ms"), {"instance": pod, "task": "lowFareCalendar"}
    return "WARN", (f"offer expired before pricing route={dep}-{arr} offer={w.hex(12)} carrier="
                    f"{w.rng.choice(['MU', 'CZ'])}: OfferPrice returned OFFER_EXPIRED, user asked to search again"), {
        "instance": pod}


def _gds(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = w.pod_at(ROLLOUTS["yt-gds-connector"], t)
    roll = w.rng.random()
    dep, arr = w.rng.choice(ROUTES)
    date = _travel_date(w)
    if roll < 0.3:
        dep = w.rng.choice(HO_AIRPORTS)
        if _inside("ho_410", t):
            return "ERROR", HO_FAIL.format(ms=w.ms(40, 160), body=HO_BODY, route=f"{dep}-{arr} {date}"), {
                "instance": pod, "carrier": "HO"}
        return "INFO", (f"ndc shop carrier=HO version=21.3 route={dep}-{arr} date={date} offers="
                        f"{w.rng.randint(*CARRIER_OFFERS['HO'])} took={w.ms(300, 900)}ms"), {"instance": pod, "carrier": "HO"}
    if roll < 0.55:
        carrier = w.rng.choice(["MU", "CZ"])
        return "INFO", (f"ndc shop carrier={carrier} version=21.3 route={dep}-{arr} date={date} offers="
                        f"{w.rng.randint(*CARRIER_OFFERS[carrier])} took={w.ms(280, 1100)}ms"), {"instance": pod,
                                                                                            "carrier": carrier}
    if roll < 0.8:
        return "INFO", (f"1e shop route={dep}-{arr} date={date} offers={w.rng.randint(*CARRIER_OFFERS['1E'])} "
                        f"took={w.ms(500, 1900)}ms session=SS{w.hex(10).upper()}"), {"instance": pod, "carrier": "1E"}
    if roll < 0.93:
        size = 160 if t >= _t("08:45:12") else 120
        used = int(size * _busy(t) * w.rng.uniform(0.2, 0.45))
        return "INFO", f"1e session pool: in_use={used}/{size} idle={size - used} waiting=0", {"instance": pod,
                                                                                             "logger": "pool"}
    return "WARN", (f"ndc OfferPrice carrier=CZ offer={w.hex(16)}: price changed by carrier "
                    f"(+CNY {w.rng.randint(10, 120)}), returned to shopping"), {"instance": pod, "carrier": "CZ"}


def _fx_snapshot(t: dt.datetime) -> str:
    if t < _t("06:30:03"):
        return "FX-20261211-0630"
    return "FX-20261212-0630" if t < _t("10:46:12") else "FX-20261212-1046"


def _hotel(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = w.pod_at(ROLLOUTS["yt-hotel-booking"], t)
    roll = w.rng.random()
    ci = _travel_date(w)
    if pod == HOTEL_BAD_POD and _inside("nic", t) and roll < 0.45:
        return _hotel_timeout(w, t, pod)
    if roll < 0.34:
        city = w.rng.choice(CITIES)
        return "INFO", (f"hotel list city={city} checkin={ci} nights={w.rng.randint(1, 4)} results={w.rng.randint(80, 900)} "
                        f"prices=yt-price-cache took={w.ms(60, 260)}ms"), {"instance": pod}
    if roll < 0.62:
        if w.rng.random() < 0.22:
            hid, hname, sup, local, cur = w.rng.choice(FOREIGN_HOTELS)
            if _inside("fx", t):
                return "WARN", _price_changed(w, t, hid, hname, sup, local, cur), {"instance": pod}
            amount = local * RATES[cur] * w.rng.randint(1, 3)
        else:
            hid, hname, sup, price = w.rng.choice(HOTELS)
            amount = price * w.rng.randint(1, 3)
        return "INFO", (f"booking created booking={_booking_no(w, t)} hotel={hid} ({hname}) supplier={sup} checkin={ci} "
                        f"amount=CNY {amount:.2f} rate_check=OK took={w.ms(600, 2300)}ms"), {"instance": pod}
    if roll < 0.78:
        sup = w.rng.choice(["HBS", "DTW", "JLT"])
        return "INFO", (f"supplier ARI sync supplier={sup} hotels={w.rng.randint(1200, 8800)} rate_plans_updated="
                        f"{w.rng.randint(40, 900)} took={w.ms(2000, 9000)}ms"), {"instance": pod, "job": "ari-sync"}
    if roll < 0.9:
        return "INFO", (f"booking status sync supplier=JLT: {w.rng.randint(200, 600)} bookings checked, "
                        f"{w.rng.randint(0, 6)} updated"), {"instance": pod, "job": "status-sync"}
    hid, hname, sup, _ = w.rng.choice(HOTELS)
    return "WARN", (f"supplier {sup} availability: room type sold out hotel={hid} ({hname}) checkin={ci} -> SOLD_OUT"), {
        "instance": pod}


def _price_changed(w: WorldBuilder, t: dt.datetime, hid: str, hname: str, sup: str, local: int, cur: str) -> str:
    nights = w.rng.randint(1, 3)
    supplier_price = local * RATES[cur] * nights * w.rng.uniform(0.99, 1.01)
    display = local * RATES[cur] / 100 * nights
    diff = (display - supplier_price) / supplier_price * 100
    return PRICE_CHANGED.format(bk=_booking_no(w, t), hid=hid, hname=hname, sup=sup, ci=_travel_date(w), disp=display,
                                sp=supplier_price, diff=diff)


def _hotel_timeout(w: WorldBuilder, t: dt.datetime, pod: str) -> Line:
    kind = w.rng.random()
    if kind < 0.45:
        sup = w.rng.choice(["HBS", "DTW", "JLT"])
        host = {"HBS": "api.hotelbeds.com/hotel-api/1.0/bookings", "DTW": "api.dingtu-hotel.com/v2/booking/create",
                "JLT": "openapi.jinlvtong.com/hotel/order/create"}[sup]
        return "ERROR", (f"supplier booking call failed booking={_booking_no(w, t)} supplier={sup}: "
                         f"java.net.SocketTimeoutException: Read timed out (POST https://{host}, readTimeout=8000ms)"), {
            "instance": pod, "logger": "c.y.hotel.booking.SupplierClient"}
    if kind < 0.8:
        return "ERROR", ("price verify failed: feign.RetryableException: Read timed out executing POST "
                         "http://yt-price-cache.youtu-prod.svc.cluster.local:8080/api/v1/hotel-prices/verify"), {
            "instance": pod, "logger": "c.y.hotel.booking.RateCheckService"}
    return "ERROR", ("booking persist failed: com.mysql.cj.jdbc.exceptions.CommunicationsException: Communications link "
                     f"failure  The last packet successfully received from the server was {w.rng.randint(5003, 5990)} "
                     "milliseconds ago. The last packet sent successfully to the server was "
                     f"{w.rng.randint(5003, 5990)} milliseconds ago."), {"instance": pod,
                                                                         "logger": "com.zaxxer.hikari.pool.ProxyConnection"}


def _price_cache(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = w.pod_at(ROLLOUTS["yt-price-cache"], t)
    roll = w.rng.random()
    if roll < 0.35:
        return "INFO", (f"flight price cache: hit ratio {w.rng.uniform(91.5, 95.8):.1f}% (1m) keys={w.rng.randint(410000, 460000)} "
                        f"evicted=0"), {"instance": pod, "logger": "stats"}
    if roll < 0.6:
        sup = w.rng.choice(["HBS", "DTW", "JLT"])
        return "INFO", (f"hotel price refresh supplier={sup}: {w.rng.randint(800, 4200)} rate plans updated, fx snapshot "
                        f"{_fx_snapshot(t)}, took={w.ms(300, 2400)}ms"), {"instance": pod, "task": "hotel-refresh"}
    if roll < 0.9:
        return "INFO", (f"POST /api/v1/hotel-prices/{w.rng.choice(['batch', 'verify'])} 200 items={w.rng.randint(1, 40)} "
                        f"took={w.ms(1, 9)}ms"), {"instance": pod, "log_type": "access"}
    return "WARN", (f"supplier HBS price feed: {w.rng.randint(1, 9)} rate plans without cancellation policy skipped"), {
        "instance": pod}


def _order(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = w.pod_at(ROLLOUTS["yt-order-service"], t)
    roll = w.rng.random()
    order = _order_no(w, t)
    if roll < 0.3:
        kind = w.rng.choice(["FLIGHT", "FLIGHT", "HOTEL"])
        amount = w.rng.randint(380, 2600) if kind == "FLIGHT" else w.rng.randint(420, 3200)
        return "INFO", (f"order submitted order={order} type={kind} user={_user(w)} amount=CNY {amount}.00 risk=PASS "
                        f"took={w.ms(120, 480)}ms"), {"instance": pod}
    if roll < 0.5:
        return "INFO", (f"payment callback applied order={order} WAIT_PAY -> PAID pay_no="
                        f"{snowflake(t, w.rng.randint(1, 4), w.rng.randint(0, 40))} channel="
                        f"{w.rng.choice(['alipay', 'wechat', 'unionpay'])}"), {"instance": pod}
    if roll < 0.78:
        status = w.rng.choice(["PAID", "PAID", "TICKETED", "CONFIRMED", "WAIT_PAY", "CANCELLED"])
        return "INFO", f"GET /api/order/v1/orders/{order} 200 status={status} took={w.ms(4, 30)}ms", {"instance": pod,
                                                                                                     "log_type": "access"}
    if roll < 0.9:
        return "INFO", (f"ticketing status sync: {w.rng.randint(60, 400)} flight orders checked, "
                        f"{w.rng.randint(40, 380)} TICKETED"), {"instance": pod, "job": "ticketing-sync"}
    return "WARN", (f"order {order} ticketing pending > 10min (carrier {w.rng.choice(['MU', 'CZ', 'HO'])}), "
                    "re-queued"), {"instance": pod}


def _payment(w: WorldBuilder, t: dt.datetime) -> Line:
    vm = w.rng.choice(pay_vms_at(t))
    roll = w.rng.random()
    pay_no = snowflake(t, PAY_WORKER_IDS[vm] if not (vm == "yt-pay-05" and t >= _t("12:49:10")) else 5,
                       w.rng.randint(0, 3))
    order = _order_no(w, t)
    channel = w.rng.choice(["alipay", "alipay", "wechat", "wechat", "unionpay"])
    if roll < 0.35:
        return "INFO", (f"pay order created pay_no={pay_no} order={order} channel={channel} amount=CNY "
                        f"{w.rng.randint(380, 3200)}.00"), {"instance": vm}
    if roll < 0.65:
        return "INFO", (f"pay callback channel={channel} trade_no={w.rng.randint(10**15, 10**16 - 1)} pay_no={pay_no} "
                        "status=SUCCESS, notify order-service 200"), {"instance": vm}
    if roll < 0.8:
        return "INFO", (f"channel query job: {w.rng.randint(10, 80)} pending pay orders queried, "
                        f"{w.rng.randint(0, 9)} closed"), {"instance": vm, "job": "channel-query"}
    if roll < 0.9:
        active = w.rng.randint(1, 9)
        return "DEBUG", f"HikariPool-1 - Pool stats (total=40, active={active}, idle={40 - active}, waiting=0)", {
            "instance": vm, "logger": "com.zaxxer.hikari.pool.HikariPool"}
    return "WARN", (f"wechat pay orderquery timeout pay_no={pay_no} (3000ms), will retry"), {"instance": vm}


def _promo(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = w.pod_at(ROLLOUTS["yt-promo-engine"], t)
    roll = w.rng.random()
    if roll < 0.4:
        return "INFO", (f"coupon list user={_user(w)} unused={w.rng.randint(0, 9)} took={w.ms(3, 18)}ms"), {"instance": pod}
    if roll < 0.6:
        return "INFO", (f"coupon redeemed coupon={w.hex(12)} campaign={w.rng.choice(['NEWUSER-50', 'HOTEL-WKD-30', 'VIP-F20'])} "
                        f"order={_order_no(w, t)} discount=CNY {w.rng.choice([20, 30, 50])}.00"), {"instance": pod}
    if roll < 0.75:
        campaign = w.rng.choice(["NEWUSER-50", "HOTEL-WKD-30"])
        return "INFO", (f"claim ok campaign={campaign} user={_user(w)} took={w.ms(2, 9)}ms"), {"instance": pod}
    if roll < 0.9:
        return "INFO", (f"campaign stock report: NEWUSER-50 left={w.rng.randint(40000, 90000)}, HOTEL-WKD-30 "
                        f"left={w.rng.randint(2000, 9000)}, HS1212-F99 "
                        f"{'opens 12:00' if t < _t('12:00') else 'left=0'}"), {"instance": pod, "job": "stock-report"}
    return "WARN", (f"claim rejected campaign=VIP-F20 user={_user(w)}: member level too low (LEVEL_REQUIRED)"), {
        "instance": pod}


def _callback_access(w: WorldBuilder, t: dt.datetime, supplier: str, status: int, body: int, rt: float, *,
                     client: str | None = None) -> str:
    path = {"DTW": "/callback/hotel/dtw/v2/order-status", "HBS": "/callback/hotel/hbs/v1/booking-status",
            "JLT": "/callback/hotel/jlt/notify"}[supplier]
    ua = {"DTW": "DingTu-Callback/2.4 (okhttp)", "HBS": "Apache-HttpClient/4.5.13 (Java/1.8.0_312)",
          "JLT": "python-requests/2.31.0"}[supplier]
    up = "-" if status == 413 else "127.0.0.1:9100"
    return (f'{client or SUPPLIER_IPS[supplier] + str(w.rng.randint(10, 60))} - - [{t.day:02d}/{MONTH}/{t.year}:{t:%H:%M:%S} +0800] '
            f'"POST {path} HTTP/1.1" {status} {w.rng.randint(15, 40) if status == 200 else 183} "-" "{ua}" '
            f"request_length={body} rt={rt:.3f} upstream={up}")


def _callback(w: WorldBuilder, t: dt.datetime) -> Line:
    vm = w.rng.choice(VMS["yt-supplier-callback"])
    roll = w.rng.random()
    if roll < 0.55:
        supplier = w.rng.choice(["HBS", "JLT"] if _inside("cb_413", t) else ["HBS", "JLT", "DTW"])
        body = w.rng.randint(600, 1900) if supplier != "DTW" or t < _t("13:00") else w.rng.randint(40000, 900000)
        return "INFO", _callback_access(w, t, supplier, 200, body, w.rng.uniform(0.004, 0.03)), {"instance": vm,
                                                                                               "log_type": "access"}
    if roll < 0.85:
        supplier = w.rng.choice(["HBS", "JLT"] if _inside("cb_413", t) else ["HBS", "JLT", "DTW"])
        state = w.rng.choice(["CONFIRMED", "CONFIRMED", "CONFIRMED", "CANCELLED", "NO_ROOM"])
        return "INFO", (f"cb-dispatcher: supplier={supplier} booking={_booking_no(w, t)} status={state} signature ok, "
                        f"delivered to order-service in {w.ms(6, 40)}ms"), {"instance": vm, "logger": "cb-dispatcher"}
    if roll < 0.95 and not _inside("cb_413", t):
        return "INFO", (f"cb-dispatcher: unconfirmed hotel bookings HBS={w.rng.randint(3, 30)} JLT={w.rng.randint(1, 12)} "
                        f"DTW={w.rng.randint(2, 25)} (older than 30m: 0)"), {
            "instance": vm, "logger": "cb-dispatcher", "job": "unconfirmed-scan"}
    return "WARN", (f"cb-dispatcher: supplier=JLT booking={_booking_no(w, t)} duplicate callback ignored (same status "
                    "CONFIRMED)"), {"instance": vm, "logger": "cb-dispatcher"}


MAIL_DOMAINS = ["qq.com", "qq.com", "163.com", "gmail.com", "126.com", "outlook.com", "foxmail.com", "sina.com"]
STRICT_SPF = {"qq.com", "foxmail.com", "163.com", "126.com", "gmail.com"}  # receivers that reject on an SPF permerror


def _itinerary(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = w.pod_at(ROLLOUTS["yt-itinerary-service"], t)
    roll = w.rng.random()
    order = _order_no(w, t)
    template = "eticket_v5" if t >= _t("14:31") else "eticket_v4"
    if roll < 0.3:
        return "INFO", (f"e-ticket issued order={order} ticket={w.rng.choice(['781', '784', '018'])}-"
                        f"{w.rng.randint(2400000000, 2499999999)} passengers={w.rng.randint(1, 3)}"), {"instance": pod}
    if roll < 0.5:
        return "INFO", (f"Task itinerary.tasks.render_pdf[{_uuid(w)}] succeeded in {w.rng.uniform(0.4, 1.8):.3f}s: "
                        f"'{order}.pdf' template={template}"), {"instance": pod, "task": "render_pdf"}
    if roll < 0.85:
        domain = w.rng.choice(MAIL_DOMAINS)
        if _inside("spf", t) and domain in STRICT_SPF:
            return _bounce_line(w, pod, order, _mail(w, domain))
        return "INFO", (f"Task itinerary.tasks.send_eticket_mail[{_uuid(w)}] succeeded in {w.rng.uniform(0.2, 1.1):.3f}s: "
                        f"order={order} to={_mail(w, domain)} template={template} relay=yt-mail-relay:25 250 2.0.0 Ok"), {
            "instance": pod, "task": "send_eticket_mail"}
    if roll < 0.95:
        return "INFO", (f"sms sent order={order} template=SMS_ITIN_02 phone=1{w.rng.randint(30, 89)}****"
                        f"{w.rng.randint(1000, 9999)} provider=aliyun"), {"instance": pod}
    return "WARN", (f"e-ticket pending for order={order}: carrier {w.rng.choice(['MU', 'CZ'])} ticket number not yet "
                    "returned, retry in 5m"), {"instance": pod}


#: What the strict receivers answer while the SPF record is broken (the relay logs it, the itinerary quotes it).
BOUNCE_REPLY = {
    "qq.com": "550 Mail content denied. http://service.mail.qq.com/detail/0/1000",
    "foxmail.com": "550 Mail content denied. http://service.mail.qq.com/detail/0/1000",
    "163.com": "550 MI:SPF mail from youtu-travel.com: SPF check permerror",
    "126.com": "550 MI:SPF mail from youtu-travel.com: SPF check permerror",
    "gmail.com": "550-5.7.26 Unauthenticated email from youtu-travel.com is not accepted due to domain's DMARC policy; "
                 "SPF permerror",
}


def _bounce_line(w: WorldBuilder, pod: str, order: str, to: str) -> Line:
    domain = to.split("@")[1]
    return "ERROR", (f"e-ticket mail bounced order={order} to={to} dsn=5.7.1 reply=\"{BOUNCE_REPLY[domain]}\" "
                     "(5xx, not retried)"), {"instance": pod, "task": "send_eticket_mail"}


def _im(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = w.pod_at(ROLLOUTS["yt-cs-im"], t)
    roll = w.rng.random()
    conv = f"C{t:%y%m%d}{w.rng.randint(100000, 999999)}"
    if _inside("im", t):  # the outreach's own lines say how the desks fare; here only the assignments, late
        return "INFO", (f"conversation assigned conv={conv} skill={w.rng.choice(['flight', 'refund'])} "
                        f"agent=A{w.rng.randint(1000, 2200)} waited={w.rng.randint(180, 900)}s"), {"instance": pod}
    if roll < 0.35:
        return "INFO", (f"conversation assigned conv={conv} skill={w.rng.choice(['flight', 'hotel', 'refund'])} "
                        f"agent=A{w.rng.randint(1000, 2200)} waited={w.rng.randint(3, 60)}s"), {"instance": pod}
    if roll < 0.65:
        return "INFO", (f"message delivered conv={conv} from={w.rng.choice(['visitor', 'agent'])} "
                        f"latency={w.ms(20, 180)}ms"), {"instance": pod}
    if roll < 0.8:
        agents = int(380 + 700 * _busy(t))
        return "INFO", (f"desk stats: agents_online={agents} desk_subscribers={agents} queue_waiting="
                        f"{w.rng.randint(0, 40)} avg_wait={w.rng.randint(8, 45)}s"), {"instance": pod, "logger": "stats"}
    if roll < 0.92:
        return "INFO", f"satisfaction survey sent conv={conv} score={w.rng.choice([5, 5, 5, 4, 3])}", {"instance": pod}
    return "WARN", f"visitor left before assignment conv={conv} waited={w.rng.randint(60, 180)}s", {"instance": pod}


def _fraud(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = w.pod_at(ROLLOUTS["yt-fraud-check"], t)
    roll = w.rng.random()
    scene = w.rng.choice(["order_submit", "order_submit", "pay", "coupon_claim", "login"])
    ip = _cmcc_ip(w) if w.rng.random() < 0.3 else _client_ip(w)
    if roll < 0.8:
        if scene == "order_submit" and ip.startswith("117.136.") and _inside("risk", t):
            return "WARN", RISK_REJECT.format(u=_user(w), ip=ip, ms=w.ms(3, 12)), {"instance": pod}
        return "INFO", (f"decision=PASS scene={scene} user={_user(w)} ip={ip} score={w.rng.randint(0, 38)} rules_hit=0 "
                        f"took={w.ms(3, 15)}ms"), {"instance": pod}
    if roll < 0.88:
        return "INFO", (f"decision=REVIEW scene=pay user={_user(w)} ip={ip} score={w.rng.randint(60, 79)} "
                        f"rule=R041_NEW_DEVICE_HIGH_AMOUNT took={w.ms(4, 20)}ms"), {"instance": pod}
    if roll < 0.95:
        return "INFO", (f"model order_risk_v7 scored batch={w.rng.randint(200, 900)} p50={w.rng.uniform(0.03, 0.07):.3f} "
                        f"p99={w.rng.uniform(0.55, 0.71):.3f}"), {"instance": pod, "logger": "model"}
    return "WARN", (f"decision=REJECT scene=login user={_user(w)} ip={_client_ip(w)} score={w.rng.randint(90, 99)} "
                    "rule=R003_CREDENTIAL_STUFFING took=4ms"), {"instance": pod}


def _member(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = w.pod_at(ROLLOUTS["yt-member-service"], t)
    roll = w.rng.random()
    if roll < 0.4:
        return "INFO", (f"login ok user={_user(w)} via={w.rng.choice(['sms', 'password', 'wechat', 'apple'])} "
                        f"client={w.rng.choice(['ios', 'android', 'h5'])} took={w.ms(20, 160)}ms"), {"instance": pod}
    if roll < 0.65:
        return "INFO", (f"points credited user={_user(w)} points={w.rng.randint(20, 900)} source=order:"
                        f"{_order_no(w, t)}"), {"instance": pod}
    if roll < 0.8:
        return "INFO", f"GET /api/member/v1/profile 200 took={w.ms(3, 25)}ms level={w.rng.choice(['L1', 'L2', 'L3', 'L4'])}", {
            "instance": pod, "log_type": "access"}
    if roll < 0.9:
        return "INFO", (f"level recompute job: {w.rng.randint(2000, 9000)} members checked, {w.rng.randint(0, 40)} "
                        "upgraded"), {"instance": pod, "job": "level-recompute"}
    return "WARN", f"login failed user={_user(w)} reason=SMS_CODE_MISMATCH attempt={w.rng.randint(1, 3)}", {"instance": pod}


def _review(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = w.pod_at(ROLLOUTS["yt-review-service"], t)
    roll = w.rng.random()
    hid = w.rng.choice(HOTELS)[0]
    if roll < 0.5:
        return "INFO", f"reviews listed hotel={hid} page={w.rng.randint(1, 4)} items=20 took={w.ms(4, 40)}ms", {
            "instance": pod}
    if roll < 0.75:
        return "INFO", (f"review posted review=R{w.rng.randint(10**8, 10**9 - 1)} hotel={hid} score="
                        f"{w.rng.choice([5, 5, 4, 4, 3, 2])} audit=PASS"), {"instance": pod}
    if roll < 0.9:
        return "INFO", (f"score aggregate job: {w.rng.randint(200, 800)} hotels rescored in {w.ms(800, 3000)}ms"), {
            "instance": pod, "job": "score-aggregate"}
    return "WARN", (f"review held for manual audit review=R{w.rng.randint(10**8, 10**9 - 1)} hotel={hid}: sensitive "
                    "words hit"), {"instance": pod}


def _mysql(w: WorldBuilder, t: dt.datetime) -> Line:
    roll = w.rng.random()
    if roll < 0.6:
        qt = w.rng.uniform(1.0, 2.4)
        return "INFO", (f"slow_log: Query_time: {qt:.6f}  Lock_time: 0.000{w.rng.randint(100, 999)} Rows_sent: 20  "
                        f"Rows_examined: {w.rng.randint(20000, 80000)} user=order_ro db=yt_order: SELECT order_no, status, "
                        "amount, created_at FROM t_order WHERE user_id = ? ORDER BY created_at DESC LIMIT 20"), {
            "instance": "yt-mysql-order-02", "log_type": "slowlog"}
    if roll < 0.85:
        return "INFO", (f"[System] [MY-010916] [Server] @@GLOBAL.GTID_PURGED was changed from "
                        f"'3e11fa47-71ca-11e1-9e33-c80aa9429562:1-{w.rng.randint(80000000, 89999999)}'"), {
            "instance": "yt-mysql-order-01"}
    return "WARN", (f"[Warning] [MY-010055] [Server] IP address '10.20.9.{w.rng.randint(10, 90)}' could not be resolved: "
                    "Name or service not known"), {"instance": "yt-mysql-order-01"}


def _redis_promo(w: WorldBuilder, t: dt.datetime) -> Line:
    node = w.rng.choice(VMS["yt-redis-promo"])
    roll = w.rng.random()
    if roll < 0.5:
        return "INFO", "DB saved on disk", {"instance": node}
    if roll < 0.8:
        return "INFO", f"Background saving started by pid {w.rng.randint(20000, 60000)}", {"instance": node}
    return "INFO", f"Synchronization with replica 10.20.8.{w.rng.randint(31, 36)}:6379 succeeded", {
        "instance": node}


def _redis_im(w: WorldBuilder, t: dt.datetime) -> Line:
    return "INFO", (f"CloudMonitor r-uf6k3yt9im20a1: connections={w.rng.randint(1300, 1900)} qps="
                    f"{w.rng.randint(2000, 9000)} IntranetOutRatio={w.rng.uniform(8, 22):.1f}% memory="
                    f"{w.rng.uniform(31, 36):.1f}%"), {"instance": "r-uf6k3yt9im20a1"}


MX = {"qq.com": "mx3.qq.com[183.47.101.192]", "foxmail.com": "mx1.qq.com[183.3.225.42]",
      "163.com": "163mx02.mxmail.netease.com[220.181.14.135]", "126.com": "126mx01.mxmail.netease.com[220.181.15.112]",
      "gmail.com": "gmail-smtp-in.l.google.com[142.250.157.27]",
      "outlook.com": "outlook-com.olc.protection.outlook.com[52.101.41.18]",
      "sina.com": "freemx1.sinamail.sina.com.cn[202.108.3.190]"}


def _relay_line(w: WorldBuilder, t: dt.datetime, to: str) -> Line:
    """Postfix's line for one delivery: sent, or bounced by a strict receiver while the SPF record is broken."""
    domain = to.split("@")[1]
    vm = w.rng.choice(VMS["yt-mail-relay"])
    head = f"postfix/smtp[{w.rng.randint(10000, 40000)}]: {w.hex(10).upper()}: to=<{to}>, relay={MX[domain]}:25"
    if _inside("spf", t) and domain in STRICT_SPF:
        return "WARN", (f"{head}, delay=1.{w.rng.randint(1, 9)}, dsn=5.7.1, status=bounced (host {MX[domain].split('[')[0]} "
                        f"said: {BOUNCE_REPLY[domain]} (in reply to end of DATA command))"), {"instance": vm}
    return "INFO", (f"{head}, delay=0.{w.rng.randint(3, 9)}, delays=0.05/0/0.{w.rng.randint(1, 4)}/0.{w.rng.randint(1, 5)}, "
                    "dsn=2.0.0, status=sent (250 OK)"), {"instance": vm}


def _mail_relay(w: WorldBuilder, t: dt.datetime) -> Line:
    return _relay_line(w, t, _mail(w, w.rng.choice(MAIL_DOMAINS)))


def _dns(w: WorldBuilder, t: dt.datetime) -> Line:
    return "INFO", (f"ActionTrail DescribeDomainRecords by RAM user {w.rng.choice(['ops_wuhao', 'terraform-ci'])} "
                    "domain=youtu-travel.com (read only)"), {"instance": "alidns"}


def _node(w: WorldBuilder, t: dt.datetime) -> Line:
    node = w.rng.choice(NODES)
    roll = w.rng.random()
    stamp = f"I1212 {t:%H:%M:%S}.{w.rng.randint(100000, 999999)}"
    if roll < 0.4:
        return "INFO", (f'kubelet[{w.rng.randint(1800, 2400)}]: {stamp} image_gc_manager.go:391] "Disk usage on image '
                        f'filesystem is below the low threshold" usage={w.rng.randint(38, 61)} lowThreshold=80'), {
            "instance": node}
    if roll < 0.7:
        return "INFO", (f"containerd[{w.rng.randint(900, 1300)}]: time=\"{t:%Y-%m-%dT%H:%M:%S}+08:00\" level=info "
                        f"msg=\"ImageCreate event name:\\\"registry.youtu.internal/base/pause:3.9\\\"\""), {"instance": node}
    if roll < 0.9:
        return "INFO", f"systemd[1]: Started Session {w.rng.randint(1000, 9000)} of User root.", {"instance": node}
    return "WARN", ("kernel: TCP: request_sock_TCP: Possible SYN flooding on port 10250. Sending cookies.  Check SNMP "
                    "counters."), {"instance": node}


NOISE = {
    "yt-api-gateway": (_gateway, 28), "yt-flight-search": (_flight, 60), "yt-gds-connector": (_gds, 60),
    "yt-hotel-booking": (_hotel, 55), "yt-price-cache": (_price_cache, 120), "yt-order-service": (_order, 60),
    "yt-payment-service": (_payment, 70), "yt-promo-engine": (_promo, 110), "yt-supplier-callback": (_callback, 80),
    "yt-itinerary-service": (_itinerary, 90), "yt-cs-im": (_im, 100), "yt-fraud-check": (_fraud, 80),
    "yt-member-service": (_member, 100), "yt-review-service": (_review, 140), "yt-mysql-order": (_mysql, 900),
    "yt-redis-promo": (_redis_promo, 1200), "yt-redis-im": (_redis_im, 600), "yt-mail-relay": (_mail_relay, 120),
    "yt-public-dns": (_dns, 3600), "yt-k8s-node": (_node, 420),
}


def _rolled(w: WorldBuilder, service: str, started: str, stopping: str) -> None:
    """The pods of a rollout: each new pod says it started, each old one that it stops (in the runtime's words)."""
    steps = ROLLOUTS[service]
    at = w.at(steps[-1][0])
    old = steps[-2][1]
    for index, new in enumerate(steps[-1][1]):
        moment = at + dt.timedelta(seconds=25 * index, milliseconds=w.rng.randint(0, 999))
        w.log(moment, service, "INFO", started.format(s=w.rng.randint(90, 260) / 10), instance=new, trace=False)
        if index < len(old):
            w.log(moment + dt.timedelta(seconds=12), service, "INFO", stopping, instance=old[index], trace=False)


# --- Incident 1: the FX feed's new quote unit ------------------------------------------------------
def fx_unit(w: WorldBuilder) -> None:
    fx = "yt-price-cache"
    w.log(w.at("06:30:00.412"), fx, "INFO", f"fx-sync start (CronJob {FX_CRON}, schedule \"30 6 * * *\", job {FX_JOB})",
          instance=FX_POD, job="fx-sync")
    w.log(w.at("06:30:02.118"), fx, "INFO", FX_FETCH, instance=FX_POD, job="fx-sync")
    w.log(w.at("06:30:02.904"), fx, "INFO", FX_STORED, instance=FX_POD, job="fx-sync")
    w.log(w.at("06:30:02.911"), fx, "WARN", FX_SANITY, instance=FX_POD, job="fx-sync")
    w.log(w.at("06:30:03.226"), fx, "INFO", "fx snapshot FX-20261212-0630 published to yt:fx:current; reprice of JPY/KRW "
          "rate plans started (32 currencies, 6 changed by more than 1%)", instance=FX_POD, job="fx-sync")
    w.log(w.at("06:36:55.570"), fx, "INFO", FX_REPRICE, instance=ROLLOUTS[fx][0][1][0], task="hotel-reprice")
    hotel = "yt-hotel-booking"
    w.log(w.at("08:12:30.664"), hotel, "INFO", HOTEL_CONFIG, instance=HOTEL_PODS_OLD[2], change="config")
    # Word of ¥7 Tokyo hotels spreads: more and more tries, each refused by the rate check.
    moment = w.at("06:52:14.305")
    while moment < w.at("10:47:40"):
        pod = w.rng.choice(HOTEL_PODS_OLD)
        hid, hname, sup, local, cur = w.rng.choice(FOREIGN_HOTELS)
        if w.rng.random() < 0.3:
            w.log(moment, hotel, "INFO", f"hotel detail hotel={hid} ({hname}) checkin={_travel_date(w)} lowest=CNY "
                  f"{local * RATES[cur] / 100:.2f} from yt-price-cache ({cur} {local}) took={w.ms(30, 140)}ms", instance=pod)
        else:
            w.log(moment, hotel, "WARN", _price_changed(w, moment, hid, hname, sup, local, cur), instance=pod,
                  logger="c.y.hotel.booking.RateCheckService")
        gap = 200 if moment < w.at("08:00") else 60 if moment < w.at("09:20") else 28
        moment += dt.timedelta(seconds=w.rng.randint(gap // 2, gap + gap // 2), milliseconds=w.rng.randint(0, 999))
    w.log(w.at("10:31:44.018"), fx, "INFO", "oncall_xuyang: GET yt:fx:current -> FX-20261212-0630 JPY=0.00048215 "
          "KRW=0.0000052; FX-20261211-0630 had JPY=0.048193 KRW=0.005191", instance="ops-console", trace=False)
    w.log(w.at("10:46:12.530"), fx, "INFO", FX_FIX, instance="ops-console", change="data", trace=False)
    w.log(w.at("10:47:05.207"), fx, "INFO", FX_PURGE, instance="ops-console", change="ops", trace=False)
    w.log(w.at("10:52:38.911"), fx, "INFO", "hotel reprice done: 48211 rate plans in JPY/KRW repriced with snapshot "
          "FX-20261212-1046 in 298s", instance=ROLLOUTS[fx][0][1][1], task="hotel-reprice")
    w.alert("HotelBookingFailureRateHigh", hotel, "critical", w.at("07:14"), w.at("10:53"), "12.4%",
            "酒店预订失败率 12.4%，超过阈值 5%", namespace=NS)


# --- Incident 2: the optic of one node -------------------------------------------------------------
FLAPS = (("14:16:40.118", "14:16:43.602"), ("14:21:12.930", "14:21:14.417"), ("14:29:50.244", "14:29:53.010"),
         ("14:37:05.771", "14:37:08.335"), ("14:44:31.402", "14:44:33.118"), ("14:52:18.655", "14:52:21.904"),
         ("14:58:10.020", "14:58:52.446"))


def one_node(w: WorldBuilder) -> None:
    hotel = "yt-hotel-booking"
    w.log(w.at("13:35:40.228"), hotel, "INFO", HOTEL_DEPLOY, instance=HOTEL_PODS[0], change="deploy")
    _rolled(w, hotel, "Started HotelBookingApplication in {s} seconds (process running for 31.4)",
            "Commencing graceful shutdown. Waiting for active requests to complete")
    node = "yt-k8s-node"
    for down, up in FLAPS:
        w.log(w.at(down), node, "WARN", NIC_DOWN, instance=BAD_NODE, trace=False)
        w.log(w.at(up), node, "INFO", NIC_UP, instance=BAD_NODE, trace=False)
    moment = w.at("14:17:02.551")
    while moment < w.at("14:58:50"):
        w.log(moment, node, "ERROR",
              f'kubelet[2087]: E1212 {moment:%H:%M:%S}.{w.rng.randint(100000, 999999)}    2087 controller.go:145] '
              '"Failed to update lease" err="Put \\"https://10.20.0.10:6443/apis/coordination.k8s.io/v1/namespaces/'
              'kube-node-lease/leases/yt-k8s-node-07?timeout=10s\\": net/http: request canceled (Client.Timeout exceeded '
              'while awaiting headers)"', instance=BAD_NODE, trace=False)
        moment += dt.timedelta(seconds=w.rng.randint(90, 240), milliseconds=w.rng.randint(0, 999))
    w.log(w.at("14:44:12.306"), node, "INFO", NIC_DIAG, instance=BAD_NODE, trace=False)
    w.log(w.at("14:58:09.870"), node, "INFO", NIC_FIX, instance=BAD_NODE, change="ops", trace=False,
          ticket="DC-20261212-0117")
    # Only the two pods on the node: the booking pod's calls out time out, the flight pod's gRPC calls miss deadlines.
    moment = w.at("14:16:51.240")
    while moment < w.at("14:59:00"):
        level, message, attributes = _hotel_timeout(w, moment, HOTEL_BAD_POD)
        w.log(moment, hotel, level, message, **attributes)
        moment += dt.timedelta(seconds=w.rng.randint(8, 26), milliseconds=w.rng.randint(0, 999))
    moment = w.at("14:17:09.775")
    while moment < w.at("14:59:00"):
        dep, arr = w.rng.choice(ROUTES)
        w.log(moment, "yt-flight-search", "ERROR",
              f"provider call failed route={dep}-{arr} date={_travel_date(w)}: io.grpc.StatusRuntimeException: "
              f"DEADLINE_EXCEEDED: deadline exceeded after 2.99{w.rng.randint(1000000, 9999999)}s. [closed=[], "
              "open=[[remote_addr=yt-gds-connector.youtu-prod.svc.cluster.local/10.96.14.210:9090]]]",
              instance=FLIGHT_BAD_POD, logger="c.y.flight.shopping.ProviderFanout")
        moment += dt.timedelta(seconds=w.rng.randint(15, 45), milliseconds=w.rng.randint(0, 999))
    w.alert("NodeNetworkReceiveErrs", node, "warning", w.at("14:19"), w.at("15:01"), "1372",
            f"{BAD_NODE} 网卡 ens1f0 接收错误 1372 个/秒（2 分钟均值），超过阈值 1", instance=BAD_NODE, device="ens1f0")
    w.alert("HotelBookingFailureRateHigh", hotel, "critical", w.at("14:21"), w.at("15:02"), "14.8%",
            "酒店预订失败率 14.8%，超过阈值 5%", namespace=NS)
    w.alert("FlightSearchErrorRateHigh", "yt-flight-search", "warning", w.at("14:22"), w.at("15:00"), "2.6%",
            "机票搜索错误率 2.6%，超过阈值 2%", namespace=NS)


# --- Incident 3: the airline retires its NDC version ------------------------------------------------
def ndc_sunset(w: WorldBuilder) -> None:
    gds = "yt-gds-connector"
    old = ROLLOUTS[gds][0][1]
    w.log(w.at("08:45:12.406"), gds, "INFO", GDS_POOL_CONFIG, instance=old[0], change="config")
    w.log(w.at("09:41:00.214"), "yt-flight-search", "WARN", HO_SHARE, instance=FLIGHT_PODS[0], job="carrier-share-check")
    w.log(w.at("10:31:20.733"), gds, "INFO", HO_SWITCH, instance=old[1], change="config", ticket="CHG-20261212-0019")
    for index, pod in enumerate(old):
        w.log(w.at("10:31:21.050") + dt.timedelta(milliseconds=170 * index), gds, "INFO",
              "ndc carrier HO client rebuilt: version=21.3 endpoint=" + HO_ENDPOINT_NEW + " schema=IATA_AirShoppingRQ_21.3",
              instance=pod, trace=False)
    w.log(w.at("16:11:05.320"), gds, "INFO", GDS_DEPLOY, instance=ROLLOUTS[gds][1][1][0], change="deploy")
    _rolled(w, gds, "gds-connector 5.8.0 listening on :9090 (grpc) :8080 (http), ready in {s}s",
            "received SIGTERM, draining grpc streams")
    w.alert("GdsConnectorUpstreamErrors", gds, "warning", w.at("07:32"), w.at("10:34"), "31",
            "NDC 供应源 HO 上游错误 31 次/分钟，超过阈值 30", namespace=NS, carrier="HO")


# --- Incident 4: the coupon flash sale and the scripts ----------------------------------------------
BOT_NETS = ("47.242.", "47.243.", "47.245.", "8.210.", "8.218.")


def _bot_ip(w: WorldBuilder) -> str:
    return f"{w.rng.choice(BOT_NETS)}{w.rng.randint(0, 255)}.{w.rng.randint(1, 254)}"


def flash_sale(w: WorldBuilder) -> None:
    promo = "yt-promo-engine"
    w.log(w.at("10:05:20.902"), promo, "INFO", PROMO_DEPLOY, instance=ROLLOUTS[promo][1][1][0], change="deploy")
    _rolled(w, promo, "Started PromoEngineApplication in {s} seconds (process running for 27.9)",
            "Commencing graceful shutdown. Waiting for active requests to complete")
    pods = ROLLOUTS[promo][1][1]
    w.log(w.at("11:40:10.118"), promo, "INFO", PROMO_CONFIG, instance=pods[2], change="config")
    w.log(w.at("11:59:00.021"), promo, "INFO", f"campaign {CAMPAIGN} warm-up: stock 20000 loaded to {STOCK_KEY} (slot 9231, "
          "yt-redis-promo-04), opens 12:00:00", instance=pods[0], job="campaign-warmup")
    w.log(w.at("12:00:00.003"), promo, "INFO", f"campaign {CAMPAIGN} opened (¥99 机票券, 20000 张, 每人限 1 张)",
          instance=pods[0], job="campaign-scheduler")
    gateway = ROLLOUTS["yt-api-gateway"][0][1]
    # The claim route: sampled access lines (1 in ~20000 at the peak), scripts and people.
    moment = w.at("11:59:30.104")
    while moment < w.at("12:12:00"):
        pod = w.rng.choice(gateway)
        bots = moment < w.at("12:08:30") and w.rng.random() < (0.91 if moment >= w.at("12:00") else 0.6)
        target = pod_ip(w.rng.choice(pods))
        if moment < w.at("12:00"):
            status, rt = 200, w.rng.uniform(0.003, 0.01)
        elif moment < w.at("12:09:30"):
            status = w.rng.choice([200, 200, 504]) if not bots else w.rng.choice([200, 504, 504])
            rt = 6.0 + w.rng.random() / 100 if status == 504 else w.rng.uniform(0.3, 1.6)
        else:
            status, rt = 200, w.rng.uniform(0.004, 0.03)
        if bots:
            line = apisix_line(w, moment, "POST", "/api/promo/v1/coupons/claim?campaign=" + CAMPAIGN, status, target, rt,
                               client=_bot_ip(w), ua=BOT_UA)
        else:
            line = apisix_line(w, moment, "POST", "/api/promo/v1/coupons/claim?campaign=" + CAMPAIGN, status, target, rt)
        w.log(moment, "yt-api-gateway", "WARN" if status >= 500 else "INFO", line, instance=pod, log_type="access")
        step = 1.0 if w.at("11:59:55") <= moment < w.at("12:09:30") else 6.0
        moment += dt.timedelta(seconds=w.rng.uniform(step * 0.5, step * 1.5))
    # The engine: a few claims, the stock gone, then every call to the hot shard times out.
    moment = w.at("12:00:00.040")
    while moment < w.at("12:00:07.4"):
        w.log(moment, promo, "INFO", f"claim ok campaign={CAMPAIGN} user={_user(w)} took={w.ms(40, 290)}ms",
              instance=w.rng.choice(pods))
        moment += dt.timedelta(milliseconds=w.rng.randint(300, 900))
    w.log(w.at("12:00:07.412"), promo, "INFO", STOCK_GONE, instance=pods[0])
    moment = w.at("12:00:07.690")
    while moment < w.at("12:10:05"):
        pod = w.rng.choice(pods)
        roll = w.rng.random()
        campaign = CAMPAIGN if roll < 0.75 else "HS1212-H200"
        if moment < w.at("12:09:20") and roll < 0.62:
            w.log(moment, promo, "ERROR", CLAIM_TIMEOUT.format(c=campaign, u=_user(w)), instance=pod,
                  logger="c.y.promo.claim.ClaimService")
        elif campaign == CAMPAIGN:
            w.log(moment, promo, "INFO", f"claim rejected campaign={CAMPAIGN} user={_user(w)}: STOCK_EMPTY (已抢光)",
                  instance=pod)
        else:
            w.log(moment, promo, "INFO", f"claim ok campaign=HS1212-H200 user={_user(w)} took={w.ms(120, 290)}ms", instance=pod)
        moment += dt.timedelta(milliseconds=w.rng.randint(700, 2600))
    w.log(w.at("12:03:12.440"), "yt-redis-promo", "INFO",
          "redis_oncall_pengfei: INFO on yt-redis-promo-04: instantaneous_ops_per_sec=118402 used_cpu_user+sys 0.99/s "
          "(main thread 100%); the other five masters below 9000 ops/s", instance="yt-redis-promo-04", trace=False)
    w.log(w.at("12:04:40.907"), "yt-redis-promo", "INFO", HOTKEYS, instance="yt-redis-promo-04", trace=False)
    w.log(w.at("12:05:31.660"), "yt-api-gateway", "INFO", BOT_REPORT, instance="sec-console", trace=False)
    w.log(w.at("12:08:30.215"), "yt-api-gateway", "INFO", WAF_RULE, instance="cloud-waf", change="waf", trace=False)
    w.log(w.at("13:20:00.512"), "yt-fraud-check", "INFO",
          f"batch void by risk_wangjing: 17932 {CAMPAIGN} coupons of 1466 accounts (registered 12-10, one device farm) "
          "voided; the stock returns at 20:00", instance=ROLLOUTS["yt-fraud-check"][0][1][0], change="ops")
    w.alert("ApisixRouteRequestRateHigh", "yt-api-gateway", "warning", w.at("12:00"), w.at("12:10"), CLAIM_RPS_ALERT_VALUE,
            f"路由 promo-claim 每秒请求 {CLAIM_RPS_ALERT_VALUE}，超过阈值 5000", route="promo-claim")
    w.alert("RedisCpuHigh", "yt-redis-promo", "warning", w.at("12:01"), w.at("12:10"), "97.8%",
            "yt-redis-promo-04 CPU 97.8%，超过阈值 85%", instance="yt-redis-promo-04")
    w.alert("PromoClaimLatencyHigh", promo, "critical", w.at("12:01"), w.at("12:11"), "1180ms",
            "领券接口 p99 1180ms，超过阈值 500ms", namespace=NS)


# --- Incident 5: the backfill and the replica --------------------------------------------------------
LAG = [(START, 0), (_t("09:04"), 0), (_t("09:05"), 18), (_t("09:07"), 84), (_t("09:10"), 186), (_t("09:30"), 857),
       (_t("09:47"), 1426), (_t("09:52"), 1595), (_t("10:10"), 2199), (_t("10:30"), 2870), (_t("10:51"), 3575),
       (_t("10:52"), LAG_PEAK), (_t("10:53"), 2150), (_t("10:54"), 410), (_t("10:55"), 0), (REFERENCE, 0)]


def replica_lag(w: WorldBuilder) -> None:
    order = "yt-order-service"
    w.log(w.at("08:40:25.609"), order, "INFO", ORDER_DEPLOY, instance=ROLLOUTS[order][1][1][0], change="deploy")
    _rolled(w, order, "Started OrderApplication in {s} seconds (process running for 29.2)",
            "Commencing graceful shutdown. Waiting for active requests to complete")
    db = "yt-mysql-order"
    w.log(w.at("09:04:30.117"), db, "INFO", BACKFILL, instance="yt-dbops-01", change="migration", trace=False,
          ticket="CHG-20261212-0007")
    moment, batch = w.at("09:04:31.902"), 1
    while moment < w.at("09:52:10"):
        first = 1 + (batch - 1) * 50000
        w.log(moment, db, "INFO", f"backfill_contact_enc: batch {batch}/288 ids {first}-{first + 49999} updated 50000 rows "
              f"in {w.rng.uniform(2.6, 4.1):.1f}s", instance="yt-dbops-01", trace=False, job="backfill_contact_enc")
        batch += 1
        moment += dt.timedelta(seconds=w.rng.uniform(27.5, 32.0))
    w.log(w.at("09:47:50.330"), db, "INFO", REPLICA_STATUS.format(lag=1426), instance="yt-mysql-order-02", trace=False)
    w.log(w.at("09:52:10.804"), db, "INFO", BACKFILL_STOP, instance="yt-dbops-01", change="ops", trace=False)
    w.log(w.at("10:55:20.412"), db, "INFO", "dba_chenlu: yt-mysql-order-02 Seconds_Behind_Source 0 since 10:55, relay log "
          "applied; order.datasource.read-from stays primary until the night run is done", instance="yt-mysql-order-02",
          trace=False)
    # A paid order read back from the replica still says WAIT_PAY; some pay again, payment refunds the second payment.
    pods = ROLLOUTS[order][1][1]
    moment = w.at("09:10:22.416")
    while moment < w.at("09:58:30"):
        number = _order_no(w, moment)
        pod = w.rng.choice(pods)
        vm = w.rng.choice(PAY_VMS)
        first = snowflake(moment, PAY_WORKER_IDS[vm], w.rng.randint(0, 3))
        w.log(moment, order, "INFO", f"payment callback applied order={number} WAIT_PAY -> PAID pay_no={first} "
              f"channel={w.rng.choice(['alipay', 'wechat'])}", instance=pod)
        seen = moment + dt.timedelta(seconds=w.rng.randint(2, 9), milliseconds=w.rng.randint(0, 999))
        w.log(seen, order, "INFO", f"GET /api/order/v1/orders/{number} 200 status=WAIT_PAY took={w.ms(4, 20)}ms",
              instance=w.rng.choice(pods), log_type="access")
        if w.rng.random() < 0.6:
            again = seen + dt.timedelta(seconds=w.rng.randint(20, 90), milliseconds=w.rng.randint(0, 999))
            vm2 = w.rng.choice(PAY_VMS)
            second = snowflake(again, PAY_WORKER_IDS[vm2], w.rng.randint(0, 3))
            w.log(again, "yt-payment-service", "INFO", f"pay order created pay_no={second} order={number} channel=alipay "
                  f"amount=CNY {w.rng.randint(380, 2600)}.00", instance=vm2)
            refund = again + dt.timedelta(seconds=w.rng.randint(20, 60))
            w.log(refund, "yt-payment-service", "WARN", f"duplicate payment detected order={number}: pay_no={second} "
                  f"SUCCESS but pay_no={first} already SUCCESS; refund REF{refund:%y%m%d%H%M%S}{w.rng.randint(10, 99)} "
                  f"created for pay_no={second}", instance=vm2)
        moment += dt.timedelta(seconds=w.rng.randint(35, 95), milliseconds=w.rng.randint(0, 999))
    w.log(w.at("09:58:30.227"), order, "INFO", ORDER_READS_PRIMARY, instance=pods[1], change="config")
    w.alert("MySQLReplicationLag", db, "warning", w.at("09:07"), w.at("10:56"), LAG_ALERT_VALUE,
            f"yt-mysql-order-02 复制延迟 {LAG_ALERT_VALUE}，超过阈值 30s", instance="yt-mysql-order-02")
    w.alert("PaymentDuplicateHigh", "yt-payment-service", "warning", w.at("09:31"), w.at("10:12"), "23",
            "10 分钟内重复支付 23 笔，超过阈值 5")


# --- Incident 6: the cloned payment VM ------------------------------------------------------------------
def cloned_worker(w: WorldBuilder) -> None:
    pay = "yt-payment-service"
    w.log(w.at("10:10:20.551"), pay, "INFO", PAY_CONFIG, instance="yt-pay-01", change="config")
    w.log(w.at("11:20:14.309"), pay, "INFO", PAY_CLONE, instance="vcenter", change="ops", trace=False,
          ticket="CHG-20261212-0012")
    w.log(w.at("11:24:50.127"), pay, "INFO", "Starting PaymentApplication v3.4.2 using Java 17.0.9 on yt-pay-05 with PID 2214",
          instance="yt-pay-05", trace=False)
    w.log(w.at("11:25:09.663"), pay, "INFO", PAY_WORKER.format(worker=3), instance="yt-pay-05", trace=False)
    w.log(w.at("11:25:12.018"), pay, "INFO", "Started PaymentApplication in 21.7 seconds (process running for 22.4)",
          instance="yt-pay-05", trace=False)
    w.log(w.at("11:26:40.880"), pay, "INFO", PAY_SLB, instance="slb-console", change="ops", trace=False)
    moment = w.at("11:41:08.231")
    while moment < w.at("12:48:40"):
        vm = w.rng.choice(["yt-pay-03", "yt-pay-05"])
        pay_no = snowflake(moment, 3, w.rng.randint(0, 2))
        w.log(moment, pay, "ERROR", PAY_DUP.format(order=_order_no(w, moment), amount=f"CNY {w.rng.randint(99, 2600)}.00",
                                                  pay_no=pay_no), instance=vm, logger="c.y.pay.order.PayOrderService")
        gap = 240 if moment < w.at("12:00") else 35
        moment += dt.timedelta(seconds=w.rng.randint(gap // 2, gap + gap // 2), milliseconds=w.rng.randint(0, 999))
    w.log(w.at("12:41:30.446"), pay, "INFO", PAY_GREP, instance="ops-console", trace=False)
    w.log(w.at("12:48:30.902"), pay, "INFO", PAY_FIX, instance="yt-pay-05", change="config", trace=False)
    w.log(w.at("12:49:08.370"), pay, "INFO", PAY_WORKER.format(worker=5), instance="yt-pay-05", trace=False)
    w.log(w.at("12:49:10.611"), pay, "INFO", "Started PaymentApplication in 19.8 seconds (process running for 20.3)",
          instance="yt-pay-05", trace=False)
    w.alert("PaymentCreateFailureRateHigh", pay, "critical", w.at("12:02"), w.at("12:53"), "2.7%",
            "创建支付单失败率 2.7%，超过阈值 1%")


# --- Incident 7: the supplier's batched callbacks -----------------------------------------------------
UNCONFIRMED = [(START, 8.0), (_t("13:00"), 11.0), (_t("13:30"), 214.0), (_t("14:00"), 452.0), (_t("14:30"), 731.0),
               (_t("15:00"), 968.0), (_t("15:18"), 1130.0), (_t("15:24"), 620.0), (_t("15:30"), 140.0),
               (_t("15:36"), 22.0), (_t("15:40"), 9.0), (REFERENCE, 7.0)]


def batched_callbacks(w: WorldBuilder) -> None:
    cb = "yt-supplier-callback"
    w.log(w.at("11:05:30.774"), cb, "INFO", CB_CONFIG, instance="yt-cb-01", change="config", trace=False)
    moment = w.at("13:00:12.406")
    while moment < w.at("15:18:40"):
        vm = w.rng.choice(VMS[cb])
        ip = f"{SUPPLIER_IPS['DTW']}{w.rng.randint(10, 60)}"
        orders = w.rng.randint(320, 500)
        size = orders * w.rng.randint(3400, 3900)
        worker = 2210 + VMS[cb].index(vm) * 7 + w.rng.randint(0, 3)
        w.log(moment, cb, "ERROR", f"{worker}#{worker}: *{w.rng.randint(100000, 999999)} "
              + CB_TOO_LARGE.format(size=size, ip=ip), instance=vm, trace=False, log_type="error")
        w.log(moment + dt.timedelta(milliseconds=1), cb, "WARN",
              _callback_access(w, moment, "DTW", 413, 412, 0.0, client=ip), instance=vm, log_type="access")
        moment += dt.timedelta(seconds=w.rng.randint(25, 70), milliseconds=w.rng.randint(0, 999))
    moment = w.at("13:10:00.052")
    while moment < w.at("15:20"):
        pending = int(interpolate(UNCONFIRMED, moment))
        w.log(moment, cb, "WARN", f"cb-dispatcher: supplier DTW: no status callback since 12:59:58, {pending} bookings "
              "unconfirmed for more than 30m (HBS 0, JLT 0)", instance="yt-cb-01", logger="cb-dispatcher",
              job="unconfirmed-scan")
        moment += dt.timedelta(minutes=10)
    w.log(w.at("14:52:10.318"), cb, "INFO", "ops_wuhao: DTW support ticket DT-88213: 12-12 13:00 起状态回调改为合并推送 "
          "(X-DT-Callback-Mode: batch, 每批最多 500 单, 约 1.1-1.9 MB); our client_max_body_size is 1m",
          instance="ops-console", trace=False)
    w.log(w.at("15:18:40.127"), cb, "INFO", CB_FIX, instance="yt-cb-01", change="config", trace=False)
    w.log(w.at("15:18:40.513"), cb, "INFO", "signal process started", instance="yt-cb-01", trace=False, log_type="error")
    w.log(w.at("15:18:41.020"), cb, "INFO", "signal process started", instance="yt-cb-02", trace=False, log_type="error")
    moment = w.at("15:19:03.660")
    while moment < w.at("15:36:00"):
        vm = w.rng.choice(VMS[cb])
        orders = w.rng.randint(300, 500)
        w.log(moment, cb, "INFO", _callback_access(w, moment, "DTW", 200, orders * w.rng.randint(3400, 3900),
                                                   w.rng.uniform(0.4, 1.8)), instance=vm, log_type="access")
        w.log(moment + dt.timedelta(seconds=1, milliseconds=w.rng.randint(0, 900)), cb, "INFO",
              f"cb-dispatcher: supplier=DTW batch of {orders} statuses (replay) signature ok, {orders} delivered to "
              f"order-service in {w.rng.uniform(1.1, 3.9):.1f}s", instance=vm, logger="cb-dispatcher")
        moment += dt.timedelta(seconds=w.rng.randint(20, 50), milliseconds=w.rng.randint(0, 999))
    w.alert("SupplierCallback4xxRateHigh", cb, "warning", w.at("13:03"), w.at("15:21"), "31.6%",
            "供应商回调 4xx 比例 31.6%，超过阈值 5%", vhost="callback.youtu-travel.com")
    w.alert("HotelBookingUnconfirmedHigh", cb, "warning", w.at("13:42"), w.at("15:36"), "214",
            "供应商 DTW 超过 30 分钟未确认的酒店订单 214 单，超过阈值 100", supplier="DTW")


# --- Incident 8: the SPF record ------------------------------------------------------------------------
def spf_record(w: WorldBuilder) -> None:
    itin = "yt-itinerary-service"
    w.log(w.at("14:30:40.219"), itin, "INFO", ITIN_DEPLOY, instance=ROLLOUTS[itin][1][1][0], change="deploy")
    _rolled(w, itin, "[INFO] Booting worker with pid: 7 (gunicorn 21.2.0, itinerary 4.8.0), ready in {s}s",
            "[INFO] Handling signal: term")
    w.log(w.at("15:31:48.605"), "yt-public-dns", "INFO", SPF_CHANGE, instance="alidns", change="dns", trace=False,
          ticket="MKT-20261212-044")
    pods = ROLLOUTS[itin][1][1]
    moment = w.at("15:38:21.774")
    while moment < REFERENCE:
        to = _mail(w, w.rng.choice(sorted(STRICT_SPF)))
        level, message, attributes = _bounce_line(w, w.rng.choice(pods), _order_no(w, moment), to)
        w.log(moment, itin, level, message, **attributes)
        level, message, attributes = _relay_line(w, moment, to)
        w.log(moment - dt.timedelta(milliseconds=w.rng.randint(200, 900)), "yt-mail-relay", level, message, **attributes)
        moment += dt.timedelta(seconds=w.rng.randint(40, 140), milliseconds=w.rng.randint(0, 999))
    w.log(w.at("17:50:20.448"), "yt-mail-relay", "INFO", SPF_DIAG, instance="yt-mail-01", trace=False)
    w.log(w.at("18:06:12.902"), "yt-public-dns", "INFO", "mail_oncall_gaofeng: revert of MKT-20261212-044 requested "
          "(SPF back to 3 includes), waiting for mkt_zhouqing's approval", instance="alidns", trace=False)
    w.alert("ETicketMailBounceRateHigh", itin, "critical", w.at("15:45"), None, "38.9%",
            "行程单邮件退信率 38.9%，超过阈值 5%", namespace=NS)
    w.alert("MailRelayBounceRateHigh", "yt-mail-relay", "warning", w.at("15:44"), None, "41.2%",
            "邮件网关退信率 41.2%，超过阈值 10%", instance="yt-mail-01")



# --- Incident 9: the outreach and the managed Redis's bandwidth -------------------------------------------
QUEUE = [(START, 6), (_t("08:00"), 14), (_t("12:00"), 38), (_t("12:20"), 52), (_t("13:00"), 21), (_t("16:02"), 18),
         (_t("16:04"), 96), (_t("16:08"), 412), (_t("16:12"), 655), (_t("16:16"), 874), (_t("16:20"), 1102),
         (_t("16:24"), 1290), (_t("16:26"), 1361), (_t("16:27"), QUEUE_PEAK), (_t("16:28"), 1370), (_t("16:31"), 1322),
         (_t("16:34"), 1180), (_t("16:37"), 902), (_t("16:40"), 560), (_t("16:44"), 240), (_t("16:48"), 88),
         (_t("16:52"), 31), (_t("17:30"), 24), (REFERENCE, 19)]


def outreach(w: WorldBuilder) -> None:
    im = "yt-cs-im"
    w.log(w.at("15:10:30.336"), im, "INFO", IM_DEPLOY, instance=ROLLOUTS[im][1][1][0], change="deploy")
    _rolled(w, im, "cs-im 2.14.0 listening on :8080 (ws, http), redis r-uf6k3yt9im20a1 ready in {s}s",
            "SIGTERM received, closing 1 websocket server, draining connections")
    pods = ROLLOUTS[im][1][1]
    w.log(w.at("16:02:10.552"), im, "INFO", OUTREACH, instance=pods[0], change="ops")
    redis = "yt-redis-im"
    moment = w.at("16:03:18.907")
    while moment < w.at("16:36:20"):
        agent_port = w.rng.randint(30000, 60999)
        omem = w.rng.randint(33554432, 67108864)
        w.log(moment, redis, "WARN", REDIS_CLOSED.format(cid=w.rng.randint(8800000, 8999999), addr=f"10.244.{w.rng.randint(1, 12)}."
              f"{w.rng.randint(2, 250)}:{agent_port}", fd=w.rng.randint(40, 2000), age=w.rng.randint(900, 80000),
                                                        oll=w.rng.randint(600, 1400), omem=omem),
              instance="r-uf6k3yt9im20a1", trace=False, log_type="runlog")
        moment += dt.timedelta(seconds=w.rng.randint(8, 30), milliseconds=w.rng.randint(0, 999))
    moment = w.at("16:03:00.000")
    while moment < w.at("16:52"):
        ratio = 100.0 if moment < w.at("16:31") else 86.0 if moment < w.at("16:36:20") else w.rng.uniform(24, 41)
        w.log(moment, redis, "WARN" if ratio >= 80 else "INFO",
              f"CloudMonitor r-uf6k3yt9im20a1: IntranetOutRatio={ratio:.1f}% (bandwidth "
              f"{96 if moment < w.at('16:36:20') else 192} MB/s){' throttled' if ratio >= 99 else ''}, connections="
              f"{w.rng.randint(1300, 1900)}", instance="r-uf6k3yt9im20a1", trace=False)
        moment += dt.timedelta(minutes=1)
    moment = w.at("16:03:40.118")
    while moment < w.at("16:50"):
        pod = w.rng.choice(pods)
        roll = w.rng.random()
        waiting = int(interpolate(QUEUE, moment))
        if roll < 0.3 and moment < w.at("16:38"):
            w.log(moment, im, "WARN", f"desk subscriber for agent A{w.rng.randint(1000, 2200)} closed by server "
                  f"(Connection closed), resubscribing (attempt {w.rng.randint(1, 6)})", instance=pod)
        elif roll < 0.55:
            w.log(moment, im, "WARN", f"message delivered late conv=C{moment:%y%m%d}{w.rng.randint(100000, 999999)} "
                  f"from=visitor latency={w.rng.randint(8000, 95000) if moment < w.at('16:38') else w.rng.randint(1200, 6000)}ms",
                  instance=pod)
        elif roll < 0.75:
            w.log(moment, im, "WARN" if waiting > 300 else "INFO",
                  f"desk stats: agents_online=1126 desk_subscribers={w.rng.randint(480, 760) if moment < w.at('16:38') else 1126} "
                  f"queue_waiting={waiting} avg_wait={int(waiting * 0.42) + 20}s", instance=pod, logger="stats")
        else:
            w.log(moment, im, "INFO", f"queue snapshot published to cs:desk:queue payload={w.rng.randint(44, 52)}KB "
                  f"subscribers=1126 took={w.rng.randint(900, 4200) if moment < w.at('16:38') else w.rng.randint(3, 20)}ms",
                  instance=pod)
        moment += dt.timedelta(seconds=w.rng.randint(10, 30), milliseconds=w.rng.randint(0, 999))
    w.log(w.at("16:31:05.213"), im, "INFO", OUTREACH_PAUSE, instance=pods[0], change="ops")
    w.log(w.at("16:36:20.647"), redis, "INFO", REDIS_BANDWIDTH, instance="r-uf6k3yt9im20a1", change="ops", trace=False)
    w.alert("RedisBandwidthUsageHigh", redis, "warning", w.at("16:04"), w.at("16:38"), "96.4%",
            "r-uf6k3yt9im20a1 出方向带宽使用率 96.4%，超过阈值 80%", instance="r-uf6k3yt9im20a1")
    w.alert("CsImQueueBacklogHigh", im, "critical", w.at("16:08"), w.at("16:49"), QUEUE_ALERT_VALUE,
            f"未分配的客服会话 {QUEUE_ALERT_VALUE} 个，超过阈值 300", namespace=NS)


# --- Incident 10: the blacklist swallows a mobile carrier ----------------------------------------------
BLACKLIST_PODS = {hour: job_pod(job_name("yt-fraud-check-blacklist-sync", _t(f"{hour:02d}:58"))) for hour in range(18)}


def blacklist(w: WorldBuilder) -> None:
    fraud = "yt-fraud-check"
    pods = ROLLOUTS[fraud][0][1]
    w.log(w.at("16:20:15.118"), fraud, "INFO", RISK_CONFIG, instance=pods[1], change="config")
    for hour, pod in BLACKLIST_PODS.items():
        at = w.at(f"{hour:02d}:58:03") + dt.timedelta(milliseconds=w.rng.randint(0, 900))
        if hour == 16:
            w.log(at, fraud, "INFO", BLACKLIST_SYNC, instance=pod, job="blacklist-sync")
            continue
        version = f"20261212.{hour + 1:02d}"  # the vendor publishes the next hour's list at :50
        extra = ", excluded by allow-list: 117.136.0.0/16" if hour == 17 else ""
        w.log(at, fraud, "INFO", f"ip blacklist sync done: source=tq-intel list=proxy_pool version={version} added="
              f"{w.rng.randint(300, 2400)} removed={w.rng.randint(200, 2200)} total={w.rng.randint(382000, 384500)} "
              f"(cidr entries: /32={w.rng.randint(300, 2390)} /24={w.rng.randint(0, 12)}){extra}", instance=pod,
              job="blacklist-sync")
    moment = w.at("16:58:40.330")
    order_pods = ROLLOUTS["yt-order-service"][1][1]
    while moment < w.at("17:46:30"):
        user = _user(w)
        w.log(moment, fraud, "WARN", RISK_REJECT.format(u=user, ip=_cmcc_ip(w), ms=w.ms(3, 12)), instance=w.rng.choice(pods))
        w.log(moment + dt.timedelta(milliseconds=w.rng.randint(8, 30)), "yt-order-service", "WARN",
              ORDER_REJECTED.format(order=_order_no(w, moment), u=user, d=w.hex(16)), instance=w.rng.choice(order_pods))
        moment += dt.timedelta(seconds=w.rng.randint(6, 24), milliseconds=w.rng.randint(0, 999))
    w.log(w.at("17:31:02.774"), fraud, "INFO", "risk_wangjing: R017_IP_BLACKLIST hits 16:58-17:30: 6212 (usually < 40 an "
          "hour), 98.7% of them matched 117.136.0.0/16", instance="ops-console", trace=False)
    w.log(w.at("17:46:30.508"), fraud, "INFO", RISK_FIX, instance="ops-console", change="data", trace=False)
    w.alert("RiskRejectRateHigh", fraud, "critical", w.at("17:01"), w.at("17:49"), "8.7%",
            "下单场景风控拒绝率 8.7%，超过阈值 3%", namespace=NS, scene="order_submit")
    w.alert("OrderSubmitFailureRateHigh", "yt-order-service", "critical", w.at("17:02"), w.at("17:49"), "6.3%",
            "下单失败率 6.3%，超过阈值 5%", namespace=NS)


# --- Healthy services' changes, the unrelated alert --------------------------------------------------
def other_changes(w: WorldBuilder) -> None:
    member = "yt-member-service"
    w.log(w.at("10:20:30.702"), member, "INFO", MEMBER_DEPLOY, instance=ROLLOUTS[member][1][1][0], change="deploy")
    _rolled(w, member, "Started MemberApplication in {s} seconds (process running for 25.1)",
            "Commencing graceful shutdown. Waiting for active requests to complete")
    w.log(w.at("14:05:10.415"), "yt-review-service", "INFO", REVIEW_CONFIG, instance=ROLLOUTS["yt-review-service"][0][1][0],
          change="config")
    w.alert("RaidArrayDegraded", "yt-mysql-order", "warning", dt.datetime(2026, 12, 11, 22, 40, tzinfo=TZ), None,
            "1/2 disks", RAID_SUMMARY, instance="yt-mysql-order-03")
    # The delayed backup replica's nightly xtrabackup, on the one disk left: slow and loud, and nothing to do with the day.
    w.log(w.at("02:00:00.418"), "yt-mysql-order", "INFO", "xtrabackup: nightly full backup of yt-mysql-order-03 started "
          "(--parallel=4 --throttle=200), target oss://yt-db-backup/order/20261212/", instance="yt-mysql-order-03",
          trace=False, job="xtrabackup")
    w.log(w.at("02:41:52.730"), "yt-mysql-order", "INFO", "xtrabackup: completed OK! 412.7 GiB in 41m52s, uploaded",
          instance="yt-mysql-order-03", trace=False, job="xtrabackup")
    w.alert("HostCpuHigh", "yt-mysql-order", "warning", w.at("02:06"), w.at("02:38"), "91.2%",
            "yt-mysql-order-03 CPU 91.2%，超过阈值 85%（夜间备份）", instance="yt-mysql-order-03")


# --- Kubernetes state at 18:30 -------------------------------------------------------------------------
#: (service, revision, rolled out, change cause, image tag) of every Deployment
STEADY = (
    ("yt-api-gateway", 23, "2026-12-03T22:10:00+08:00", "apisix 3.9.1 with the promo routes", "3.9.1"),
    ("yt-flight-search", 58, "2026-12-09T21:40:00+08:00", "release yt-flight-search 7.3.1", "7.3.1"),
    ("yt-gds-connector", 44, "2026-12-12T16:11:05+08:00", "release yt-gds-connector 5.8.0 (pipeline #4480)", "5.8.0"),
    ("yt-hotel-booking", 71, "2026-12-12T13:35:40+08:00", "release yt-hotel-booking 3.18.0 (pipeline #4471)", "3.18.0"),
    ("yt-price-cache", 19, "2026-12-08T22:30:00+08:00", "release yt-price-cache 2.9.4", "2.9.4"),
    ("yt-order-service", 66, "2026-12-12T08:40:25+08:00", "release yt-order-service 6.12.0 (pipeline #4446)", "6.12.0"),
    ("yt-promo-engine", 38, "2026-12-12T10:05:20+08:00", "release yt-promo-engine 2.31.0 (pipeline #4459), replicas 6",
     "2.31.0"),
    ("yt-itinerary-service", 29, "2026-12-12T14:30:40+08:00", "release yt-itinerary-service 4.8.0 (pipeline #4476)",
     "4.8.0"),
    ("yt-cs-im", 33, "2026-12-12T15:10:30+08:00", "release yt-cs-im 2.14.0 (pipeline #4478)", "2.14.0"),
    ("yt-fraud-check", 27, "2026-12-07T21:15:00+08:00", "release yt-fraud-check 1.22.0", "1.22.0"),
    ("yt-member-service", 41, "2026-12-12T10:20:30+08:00", "release yt-member-service 4.6.1 (pipeline #4452)", "4.6.1"),
    ("yt-review-service", 12, "2026-11-30T21:00:00+08:00", "release yt-review-service 1.9.2", "1.9.2"),
)
FX_JOBS = tuple(job_name(FX_CRON, dt.datetime(2026, 12, d, 6, 30, tzinfo=TZ)) for d in (10, 11, 12))
BLACKLIST_CRON = "yt-fraud-check-blacklist-sync"
BLACKLIST_JOBS = tuple(job_name(BLACKLIST_CRON, _t(f"{h}:58")) for h in (15, 16, 17))


def k8s_state(w: WorldBuilder) -> None:
    for service, revision, changed, cause, tag in STEADY:
        pods = ROLLOUTS[service][-1][1]
        for pod in pods:
            w.pod(namespace=NS, name=pod, service=service, phase="Running", ready="1/1", restarts=0, last_termination=None,
                  waiting_reason=None, node=node_of(pod), observed_at=REFERENCE)
        w.deployment(namespace=NS, name=service, service=service, replicas=len(pods), ready=len(pods), available=len(pods),
                     image=f"registry.youtu.internal/prod/{service}:{tag}", revision=revision,
                     changed_at=dt.datetime.fromisoformat(changed), change_cause=cause,
                     conditions=[condition("Available", "True", "MinimumReplicasAvailable",
                                           "Deployment has minimum availability."),
                                 condition("Progressing", "True", "NewReplicaSetAvailable",
                                           f'ReplicaSet "{pods[0].rsplit("-", 1)[0]}" has successfully progressed.')],
                     observed_at=REFERENCE)
    # The CronJobs keep their last three jobs (successfulJobsHistoryLimit 3): the job pods, Succeeded.
    for service, jobs in (("yt-price-cache", FX_JOBS), ("yt-fraud-check", BLACKLIST_JOBS)):
        for job in jobs:
            pod = job_pod(job)
            started = dt.datetime.fromtimestamp(int(job.rsplit("-", 1)[1]) * 60, tz=TZ)
            w.pod(namespace=NS, name=pod, service=service, phase="Succeeded", ready="0/1", restarts=0,
                  last_termination=termination("Completed", 0, started + dt.timedelta(seconds=w.rng.randint(9, 40))),
                  waiting_reason=None, node=node_of(pod), observed_at=REFERENCE)
    # Events are what the API server keeps (TTL 1 h): the 17:58 blacklist sync.
    job, pod = BLACKLIST_JOBS[-1], job_pod(BLACKLIST_JOBS[-1])
    at = w.at("17:58:00")
    image = "registry.youtu.internal/prod/yt-fraud-check:1.22.0"
    for kind, reason, message, delay in (
        (f"CronJob/{BLACKLIST_CRON}", "SuccessfulCreate", f"Created job {job}", 0),
        (f"Job/{job}", "SuccessfulCreate", f"Created pod: {pod}", 0),
        (f"Pod/{pod}", "Scheduled", f"Successfully assigned {NS}/{pod} to {node_of(pod)}", 0),
        (f"Pod/{pod}", "Pulled", f'Container image "{image}" already present on machine', 1),
        (f"Pod/{pod}", "Created", "Created container blacklist-sync", 1),
        (f"Pod/{pod}", "Started", "Started container blacklist-sync", 1),
        (f"Job/{job}", "Completed", "Job completed", 11),
        (f"CronJob/{BLACKLIST_CRON}", "SawCompletedJob", f"Saw completed job: {job}, status: Complete", 11),
        (f"CronJob/{BLACKLIST_CRON}", "SuccessfulDelete", f"Deleted job {job_name(BLACKLIST_CRON, _t('14:58'))}", 11),
    ):
        moment = at + dt.timedelta(seconds=delay)
        w.event(type="Normal", reason=reason, object=kind, message=message, count=1, first_seen=moment, last_seen=moment)


# --- Metrics --------------------------------------------------------------------------------------------
CLAIM_RPS = [(START, 3.0), (_t("02:00"), 1.0), (_t("07:00"), 8.0), (_t("10:00"), 30.0), (_t("11:30"), 60.0),
             (_t("11:50"), 420.0), (_t("11:58"), 1650.0), (_t("11:59"), 2310.0), (_t("12:00"), float(CLAIM_RPS_PEAK)),
             (_t("12:01"), 58904.0), (_t("12:02"), 55310.0), (_t("12:04"), 52077.0), (_t("12:06"), 50918.0),
             (_t("12:08"), 47213.0), (_t("12:09"), 3912.0), (_t("12:10"), 2105.0), (_t("12:12"), 860.0),
             (_t("12:20"), 310.0), (_t("13:00"), 95.0), (_t("15:00"), 48.0), (REFERENCE, 40.0)]


def build_metrics(w: WorldBuilder) -> None:
    at = w.at
    night = [(START, at("00:20"))]
    morning = [(at("06:20"), at("11:10"))]
    noon = [(at("11:30"), at("13:10"))]
    afternoon = [(at("12:50"), at("15:45"))]
    evening = [(at("15:30"), REFERENCE)]
    w.series("route:apisix_http_requests:rate1m", "yt-api-gateway", "req/s", CLAIM_RPS, start=START, fine=noon,
             spread=0.5, digits=0, threshold=5000, route="promo-claim")
    w.series("flight_offers_share", "yt-flight-search", "%",
             [(START, 8.2), (at("00:01"), 0.0), (at("10:31"), 0.0), (at("10:33"), 7.6), (REFERENCE, 8.0)],
             start=START, fine=night + morning, spread=0.2, digits=1, carrier="HO")
    w.series("http_server_error_ratio", "yt-flight-search", "%",
             [(START, 0.3), (at("14:16"), 0.3), (at("14:17"), 2.4), (at("14:30"), 2.9), (at("14:45"), 2.7),
              (at("14:58"), 3.1), (at("14:59"), 0.4), (REFERENCE, 0.3)], start=START, fine=afternoon, spread=0.05,
             digits=2, threshold=2)
    w.series("ndc_upstream_errors_per_min", "yt-gds-connector", "次/分钟",
             [(START, 0), (at("00:01"), 9), (at("00:30"), 6), (at("02:00"), 2), (at("06:00"), 3), (at("07:00"), 18), (at("07:32"), 31),
              (at("08:00"), 44), (at("09:00"), 66), (at("10:00"), 92), (at("10:31"), 97), (at("10:32"), 0),
              (REFERENCE, 0)], start=START, fine=night + morning, spread=2, digits=0, threshold=30, carrier="HO")
    w.series("hotel_booking_failure_ratio", "yt-hotel-booking", "%",
             [(START, 0.8), (at("06:50"), 1.0), (at("07:10"), 12.4), (at("08:00"), 31.5), (at("09:00"), 38.2),
              (at("09:40"), 41.7), (at("10:46"), 39.0), (at("10:50"), 6.0), (at("10:53"), 1.1), (at("14:16"), 0.9),
              (at("14:18"), 14.8), (at("14:30"), 22.6), (at("14:50"), 24.9), (at("14:58"), 26.3), (at("15:00"), 4.1),
              (at("15:02"), 0.9), (REFERENCE, 0.8)], start=START, fine=morning + afternoon, spread=0.3, digits=1,
             threshold=5)
    w.series("hotel_booking_p99_latency", "yt-hotel-booking", "ms",
             [(START, 1800), (at("14:16"), 1850), (at("14:17"), 9400), (at("14:58"), 10020), (at("15:00"), 2100),
              (at("15:02"), 1800), (REFERENCE, 1750)], start=START, fine=afternoon, spread=60, digits=0, threshold=5000)
    w.series("fx_rate_cny", "yt-price-cache", "CNY",
             [(START, 0.048193), (at("06:30"), 0.048193), (at("06:31"), 0.00048215), (at("10:46"), 0.00048215),
              (at("10:47"), 0.048215), (REFERENCE, 0.048215)], start=START, fine=morning, digits=8, currency="JPY")
    w.series("mysql_slave_status_seconds_behind_master", "yt-mysql-order", "s", LAG, start=START,
             fine=[(at("08:50"), at("11:10"))], spread=3, digits=0, threshold=30, instance="yt-mysql-order-02")
    w.series("payment_duplicate_per_10m", "yt-payment-service", "笔",
             [(START, 0), (at("09:10"), 0), (at("09:20"), 9), (at("09:30"), 23), (at("09:50"), 31), (at("10:00"), 14),
              (at("10:10"), 2), (at("10:20"), 0), (REFERENCE, 0)], start=START, fine=morning, spread=0.5, digits=0,
             threshold=5)
    w.series("payment_create_failure_ratio", "yt-payment-service", "%",
             [(START, 0.1), (at("11:40"), 0.1), (at("11:45"), 0.3), (at("12:00"), 2.7), (at("12:05"), 4.6),
              (at("12:30"), 3.8), (at("12:48"), 3.9), (at("12:50"), 0.1), (REFERENCE, 0.1)], start=START, fine=noon,
             spread=0.05, digits=2, threshold=1)
    w.series("promo_claim_p99_latency", "yt-promo-engine", "ms",
             [(START, 12), (at("11:59"), 15), (at("12:00"), 1180), (at("12:03"), 1420), (at("12:08"), 1390),
              (at("12:10"), 30), (at("12:12"), 14), (REFERENCE, 12)], start=START, fine=noon, spread=2, digits=0,
             threshold=500)
    w.series("redis_cpu_usage_percent", "yt-redis-promo", "%",
             [(START, 6.0), (at("11:59"), 14.0), (at("12:00"), 97.8), (at("12:01"), 100.0), (at("12:08"), 100.0),
              (at("12:09"), 41.0), (at("12:10"), 12.0), (REFERENCE, 6.0)], start=START, fine=noon, spread=0.4, digits=1,
             threshold=85, instance="yt-redis-promo-04")
    w.series("redis_cpu_usage_percent", "yt-redis-promo", "%", [(START, 5.0), (at("12:00"), 8.5), (REFERENCE, 5.0)],
             start=START, fine=noon, spread=0.4, digits=1, threshold=85, instance="yt-redis-promo-01")
    w.series("callback_http_4xx_ratio", "yt-supplier-callback", "%",
             [(START, 0.2), (at("13:00"), 0.2), (at("13:01"), 31.6), (at("14:00"), 34.2), (at("15:18"), 33.1),
              (at("15:19"), 0.3), (REFERENCE, 0.2)], start=START, fine=afternoon, spread=0.4, digits=1, threshold=5,
             vhost="callback.youtu-travel.com")
    w.series("hotel_bookings_unconfirmed", "yt-supplier-callback", "单", UNCONFIRMED, start=START, fine=afternoon,
             spread=2, digits=0, threshold=100, supplier="DTW")
    w.series("node_network_receive_errs_per_sec", "yt-k8s-node", "个/秒",
             [(START, 0), (at("14:16"), 0), (at("14:17"), 1372), (at("14:30"), 1610), (at("14:45"), 1744),
              (at("14:58"), 1702), (at("14:59"), 0), (REFERENCE, 0)], start=START, fine=afternoon, spread=30, digits=0,
             threshold=1, instance=BAD_NODE, device="ens1f0")
    w.series("node_network_receive_errs_per_sec", "yt-k8s-node", "个/秒", [(START, 0), (REFERENCE, 0)], start=START,
             fine=afternoon, digits=0, threshold=1, instance="yt-k8s-node-06", device="ens1f0")
    w.series("eticket_mail_bounce_ratio", "yt-itinerary-service", "%",
             [(START, 0.4), (at("15:37"), 0.4), (at("15:40"), 21.0), (at("15:45"), 38.9), (at("16:30"), 44.6),
              (at("17:30"), 46.1), (REFERENCE, 45.2)], start=START, fine=evening, spread=0.5, digits=1, threshold=5)
    w.series("postfix_bounce_ratio", "yt-mail-relay", "%",
             [(START, 0.6), (at("15:37"), 0.6), (at("15:40"), 24.0), (at("15:44"), 41.2), (at("17:00"), 47.3),
              (REFERENCE, 46.0)], start=START, fine=evening, spread=0.5, digits=1, threshold=10)
    w.series("cs_im_unassigned_conversations", "yt-cs-im", "个", QUEUE, start=START, fine=evening, spread=1, digits=0,
             threshold=300)
    w.series("aliyun_redis_intranet_out_ratio", "yt-redis-im", "%",
             [(START, 12.0), (at("16:02"), 14.0), (at("16:03"), 100.0), (at("16:31"), 100.0), (at("16:32"), 88.0),
              (at("16:36"), 86.0), (at("16:37"), 44.0), (at("16:45"), 31.0), (at("16:52"), 18.0), (REFERENCE, 13.0)],
             start=START, fine=evening, spread=0.3, digits=1, threshold=80, instance="r-uf6k3yt9im20a1")
    w.series("risk_reject_ratio", "yt-fraud-check", "%",
             [(START, 0.4), (at("16:58"), 0.4), (at("16:59"), 8.7), (at("17:20"), 11.2), (at("17:46"), 10.6),
              (at("17:47"), 0.5), (REFERENCE, 0.4)], start=START, fine=evening, spread=0.2, digits=1, threshold=3,
             scene="order_submit")
    w.series("order_submit_failure_ratio", "yt-order-service", "%",
             [(START, 0.5), (at("16:58"), 0.5), (at("16:59"), 6.3), (at("17:20"), 8.1), (at("17:46"), 7.7),
              (at("17:47"), 0.6), (REFERENCE, 0.5)], start=START, fine=evening, spread=0.2, digits=1, threshold=5)
    for service, p99, threshold in (("yt-member-service", 95, 800), ("yt-review-service", 140, 1000)):
        w.series("http_5xx_ratio", service, "%", [(START, 0.04), (at("12:00"), 0.21), (at("12:30"), 0.08),
                                                  (REFERENCE, 0.05)], start=START, spread=0.02, digits=2, threshold=2)
        w.series("http_p99_latency", service, "ms", [(START, p99 - 30), (at("12:00"), p99 + 160), (at("12:30"), p99 + 30),
                                                     (REFERENCE, p99)], start=START, spread=10, digits=0,
                 threshold=threshold)


# --- Runbooks (the ops wiki's pages, as the team wrote them) ------------------------------------------------
RB_HOTEL_PRICE = """# 酒店预订前价格校验失败（PRICE_CHANGED）排查手册

负责人：酒店研发组 / 价格组。适用于 yt-hotel-booking 下单返回“价格已变动，请重新查询”、告警 HotelBookingFailureRateHigh。

## 现象

- 下单接口返回 PRICE_CHANGED，日志 `pre-booking rate check failed ... diff=...% tolerance=5%`。
- 少量失败是正常的（供应商实时变价）；**集中在某个国家、某个币种或某个供应商**的大面积失败才需要处理。

## 常见原因

1. 供应商变价、房型售罄后价格刷新不及时（单个酒店、单个供应商）。
2. 价格缓存里的展示价过期，供应商 ARI 推送中断。
3. 汇率快照异常：外币酒店展示价 = 外币价 × 当日汇率快照，快照错了整个币种的展示价都会偏；差异是整数倍（例如正好 1% 或 100 倍）时基本就是汇率单位问题。
4. 房型或早餐映射错误，展示的是另一个房型的价格。

## 排查步骤

1. 按国家 / 币种 / 供应商统计失败：只有 JPY、KRW 等外币酒店失败，优先怀疑汇率。
2. 看 yt-price-cache 的 fx-sync 任务日志：当天快照号、各币种汇率、`fx sanity check` 有没有告警。
3. 用展示价 / 结算价算比例，和前一天的汇率对比。
4. 看 yt-price-cache 的 hotel reprice 日志，确认重算用的是哪个快照。

## 处理方案

- 汇率错误：用 `fxctl import` 手工导入正确快照并作废错误快照，再清理对应币种的价格缓存（`SCAN` + `UNLINK yt:hprice:<国家>:*`），等重算完成。
- 长期：`fx.sanity.mode` 从 warn 改为 block，日波动超过 5% 的快照不生效；银行接口的报价单位变更纳入供应商变更通知。
- 供应商变价：无需处理，提示用户重新查询。
"""

RB_NODE_NETWORK = """# 单个节点网络异常（丢包、链路抖动）处理手册

## 现象

- 只有部分 Pod 超时、连接重置，其余副本正常；出错 Pod 的 IP 都在同一个节点的 Pod 网段（10.244.<节点号>.0/24）。
- 节点日志出现 `Link down` / `Link up`、kubelet `Failed to update lease`；告警 NodeNetworkReceiveErrs。

## 常见原因

- 光模块老化、光功率过低，或线缆、交换机端口故障，表现为 CRC 错误和链路抖动。
- 网卡驱动或固件缺陷（升级内核、驱动后出现）。
- 节点上有 Pod 打满带宽（吵闹的邻居）。

## 排查步骤

1. 把出错的 Pod 按节点聚合：`kubectl get pod -o wide`，看是不是都在同一个节点上。
2. 在节点上执行 `ethtool -S <网卡> | grep -E 'crc|symbol|discard'`，和同机柜其他节点对比。
3. 请网络组查 TOR 交换机对应端口的 input CRC 与光功率。
4. 排除带宽：`node_network_transmit_bytes` 是否打满。

## 处理方案

- 先 `kubectl cordon` 并 `kubectl drain --ignore-daemonsets` 把业务 Pod 迁走，止血。
- 联系机房更换光模块或线缆（开 DC 工单），确认 CRC 计数不再增长后 `kubectl uncordon`。
- 驱动问题：回滚内核或驱动版本。
"""

RB_NDC = """# 航司 NDC / GDS 供应源报错处理手册

适用于 yt-gds-connector 某个供应源持续报错，告警 GdsConnectorUpstreamErrors；机票搜索仍然有结果，但某家航司的航班缺失。

## 现象

- 搜索日志 `partial shopping result ... provider XX-NDC returned error`，某航司报价占比掉到 0。
- 连接器日志里是同一个 HTTP 状态码。

## 常见原因

| 状态码 | 常见原因 |
| --- | --- |
| 401 / 403 | 航司侧凭证过期、IP 白名单变更 |
| 410 | 航司下线了旧的 NDC 版本或接口地址（一般提前发公告） |
| 429 | 超出航司的查询配额 |
| 5xx | 航司系统故障或维护窗口 |

## 排查步骤

1. 在连接器日志里看失败请求的 URL、状态码和错误体（NDC 的 Errors/DescText 一般会写原因）。
2. 查航司的技术公告邮件与合作方门户，确认版本、地址变更时间。
3. 对比 etcd `/yt/gds-connector/ndc.yaml` 里该航司的 version 与 endpoint。

## 处理方案

- 版本下线：把 ndc.yaml 里该航司的 version / endpoint 切到新版本（连接器热加载，无需重启），观察报价占比恢复。
- 航司故障：在搜索侧临时屏蔽该供应源，避免拖慢整体响应。
- 把航司公告里的下线日期登记到变更日历，提前一周提醒。
"""

RB_BOT = """# 大促抢券被脚本刷（Bot 流量）与热点 key 处理手册

## 现象

- 开抢瞬间营销路由的请求量暴涨几十倍（看记录规则 `route:apisix_http_requests:rate1m`），券在几秒内抢光，真实用户领不到。
- 同时领券超时：`RedisCommandTimeoutException`，Redis Cluster 里某一个分片 CPU 100%，其他分片很闲。

## 常见原因

- 羊毛党脚本：同一类 UA（okhttp、python-requests）、没有 App 签名、来自 IDC 网段，账号集中在前几天批量注册。
- 单个活动的库存 key 落在一个 slot 上，所有扣减都打到同一个分片（热点 key）。

## 排查步骤

1. 网关访问日志按 UA、X-YT-Sign、来源 IP 段 / ASN 聚合。
2. `redis-cli -h <分片> --hotkeys` 或 `INFO commandstats` 找热点 key。
3. 风控侧查领到券的账号注册时间、设备指纹。

## 处理方案

- 在云 WAF 开启 Bot 规则：拦截无签名请求与 IDC 网段，按设备限频。
- 库存 key 拆分成多个子 key 分散到不同分片，或在应用本地预扣。
- 事后由风控批量作废脚本账号领到的券，再补发库存。
"""

RB_REPLICA = """# MySQL 从库复制延迟处理手册

## 现象

- 告警 MySQLReplicationLag；`mysql_slave_status_seconds_behind_master` 持续上涨。
- 读从库的业务读到旧数据：刚支付的订单仍显示待支付、刚修改的资料没变化，用户重复操作（重复支付）。

## 常见原因

1. 主库上有大批量 UPDATE / DELETE（数据修复、字段回填脚本），ROW 格式 binlog 暴增，从库单线程回放跟不上。
2. 大表 DDL。
3. 从库磁盘或 CPU 瓶颈、从库上跑了重查询。

## 排查步骤

1. 从库执行 `SHOW REPLICA STATUS\\G`：看 Seconds_Behind_Source、Replica_SQL_Running_State、Relay_Log_Space。
2. 查同一时间主库上的批量任务、迁移脚本与变更单。
3. 看主库 binlog 生成速度（`SHOW BINARY LOGS`）。

## 处理方案

- 暂停批量脚本，改为小批量并加 sleep，放到夜间执行。
- 业务读切主库止血（订单中心：`order.datasource.read-from=primary`），延迟追平后再切回。
- 长期：从库开启并行回放（`replica_parallel_workers` + 主库 `binlog_transaction_dependency_tracking=WRITESET`）。
- 对重复支付的订单核对自动退款是否完成。
"""

RB_DUP_ID = """# 唯一键冲突（Duplicate entry）与雪花 ID 重复处理手册

## 现象

- 日志 `Duplicate entry '...' for key '...uk_...'`，重试后通常成功；只在部分实例上出现。

## 常见原因

- 多个实例的雪花算法 worker-id 相同：克隆虚拟机、镜像或配置文件里写死了 worker-id，同一毫秒生成的 ID 会相同。
- 服务器时钟回拨。
- 业务幂等键设计问题（同一请求重复提交）。

## 排查步骤

1. 统计冲突出现在哪些实例上，是否总是同样的两台。
2. 对比各实例启动日志里的 `workerId`，以及配置文件里的 `snowflake.worker-id`。
3. 看冲突开始时间前后有没有扩容、克隆、迁移。

## 处理方案

- 给冲突实例分配未使用的 worker-id 并重启。
- 长期：worker-id 改为启动时从注册中心或数据库号段分配，禁止写在本地文件里；克隆模板机前清理实例级配置。
"""

RB_CALLBACK = """# 供应商回调失败处理手册

适用于 yt-supplier-callback（callback.youtu-travel.com）收不到或拒绝供应商的订单状态回调，酒店订单长时间“确认中”。

## 现象

- 告警 SupplierCallback4xxRateHigh / HotelBookingUnconfirmedHigh；cb-dispatcher 报某供应商长时间没有回调。

## 常见原因

| 现象 | 常见原因 |
| --- | --- |
| 401 | 验签失败：供应商换了密钥或签名算法 |
| 403 | 来源 IP 不在白名单 |
| 413 | 请求体超过 client_max_body_size（供应商改成批量推送） |
| 502 / 504 | cb-dispatcher 或订单中心异常 |

## 排查步骤

1. 看 OpenResty 的 access 日志状态码与 error 日志（`client intended to send too large body`、`access forbidden by rule`）。
2. 联系供应商技术支持，确认最近的推送格式、来源 IP、签名变更。
3. 看 cb-dispatcher 里各供应商未确认订单数。

## 处理方案

- 413：按供应商的批量大小调大 `client_max_body_size` 并 `nginx -s reload`，请供应商重推。
- 403：补充白名单；401：更新验签密钥。
- 恢复后确认积压的订单状态都已回写，必要时人工向供应商查单。
"""

RB_MAIL = """# 交易邮件（行程单、确认函）退信处理手册

## 现象

- 告警 ETicketMailBounceRateHigh / MailRelayBounceRateHigh；行程单服务日志 `e-ticket mail bounced`，Postfix `status=bounced`。
- 旅客反馈收不到电子行程单。

## 常见原因

1. 发件域认证失败：SPF 记录被改坏（include 太多，超过 10 次 DNS 查询会 permerror）、DKIM 密钥轮换、DMARC 策略变严。
2. 出口 IP 进入收件方黑名单或信誉下降。
3. 收件地址错误、邮箱已满（只影响个别收件人）。

## 排查步骤

1. 按收件域统计退信：集中在 QQ、163、Gmail 等严格校验的域，优先查 SPF / DKIM。
2. `dig +short TXT youtu-travel.com` 看 SPF 记录，用 pyspf / 在线工具数一数 DNS 查询次数。
3. 在 ActionTrail 里查域名解析记录的最近变更。

## 处理方案

- 回滚被改坏的 SPF 记录，或把 include 展开成 ip4（SPF flattening），控制在 10 次查询以内。
- 营销邮件平台改用子域名发信（如 news.youtu-travel.com），不要和交易邮件共用主域的 SPF。
- 恢复后对退信期间的订单补发行程单邮件，并补发短信提醒。
"""

RB_IM = """# 客服 IM 消息延迟与排队积压处理手册

## 现象

- 旅客发消息后客服很久才看到，坐席工作台不刷新；告警 CsImQueueBacklogHigh。
- `cs_im_unassigned_conversations` 持续上涨，日志 `message delivered late`、`desk subscriber ... closed by server`。

## 常见原因

- 云 Redis 出方向带宽打满：工作台排队推送是 pub/sub 扇出（每个坐席一个订阅连接，每次排队变化推送整份快照），消息量一大带宽成倍增长；订阅连接的输出缓冲超限后被 Redis 断开。
- 批量主动触达、突发事件（航班大面积延误）带来的会话洪峰。
- 坐席在线人数不足。

## 排查步骤

1. 看 CloudMonitor 的 IntranetOutRatio 与 Redis 运行日志（`output buffer limits`）。
2. 查同一时间有没有发起批量触达任务。
3. 对比在线坐席数与订阅连接数。

## 处理方案

- 暂停或限速批量触达任务。
- 在云控制台临时升级实例带宽（ModifyInstanceBandwidth）。
- 长期：工作台排队推送改为增量推送，订阅按坐席组合并。
"""

RB_RISK = """# 风控误拦截处理手册

## 现象

- 下单、支付大量提示“账户存在风险”；告警 RiskRejectRateHigh，订单侧 OrderSubmitFailureRateHigh。

## 常见原因

- 黑名单同步引入了过宽的网段（运营商的移动出口、CGNAT 地址池）。
- 规则或模型阈值调整过激。
- 大促期间的正常用户行为被规则误判（同设备多账号）。

## 排查步骤

1. 按命中的规则统计拒绝量，看是不是集中在某一条规则。
2. IP 黑名单：看最近一次同步的版本、新增条目，尤其是 /16 等大网段。
3. 抽查被拒用户的 IP 归属（是否同一运营商）。

## 处理方案

- 删除误收录的条目并加入白名单，防止下一次同步再加回来。
- 临时把该规则的动作从 REJECT 降级为 REVIEW。
- 联系情报供应商修正列表；大网段条目同步前需人工审核。
"""

RB_GDS_SESSION = """# GDS 会话数超限处理手册

## 现象

- 1E 查询报 `SESSION_LIMIT_REACHED` / `No more sessions available`，机票搜索整体变慢。

## 常见原因

- 会话没有正常 SignOut（连接器重启时丢弃了会话），会话泄漏。
- 会话池上限设置超过了 GDS 合同的并发会话数。

## 排查步骤

1. 看连接器 `1e session pool` 日志的 in_use / waiting。
2. 在 GDS 管理台查看当前会话数。

## 处理方案

- 执行 SignOut 清理僵尸会话，必要时请 GDS 客服批量释放。
- 调小会话池上限，保持在合同并发数以内。
"""

RB_SMS = """# 短信验证码发送失败处理手册

## 现象

- 登录、下单验证码收不到；短信服务商返回 `isv.BUSINESS_LIMIT_CONTROL` 或发送超时。

## 常见原因

- 单个手机号触发服务商的频控。
- 短信签名或模板审核未通过、被运营商拦截。
- 服务商通道故障。

## 排查步骤

1. 看短信发送日志的错误码分布。
2. 在服务商控制台查看通道状态与到达率。

## 处理方案

- 服务商通道故障时切换到备用短信通道。
- 频控：提示用户稍后重试，或改用语音验证码。
"""

RB_ARI = """# 酒店房态同步延迟处理手册

## 现象

- 酒店详情显示有房，下单时供应商返回满房；供应商 ARI 推送积压。

## 常见原因

- 供应商 ARI 推送中断或延迟。
- 我方 ARI 消费者积压。

## 排查步骤

1. 看 `supplier ARI sync` 日志的更新量与耗时。
2. 联系供应商确认推送状态。

## 处理方案

- 对供应商发起全量房态重推。
- 临时把该供应商的可订检查改为实时查询。
"""

RB_RECONCILE = """# 支付渠道对账差异处理手册

## 现象

- 日终对账出现长款 / 短款，渠道有成功记录而我方支付单未成功（或相反）。

## 常见原因

- 渠道回调丢失或超时。
- 渠道对账文件延迟生成、内容不完整。

## 排查步骤

1. 按渠道交易号逐笔核对差异。
2. 查询渠道接口确认交易最终状态。

## 处理方案

- 重新下载渠道对账文件后再次对账。
- 回调丢失的订单调用渠道查询接口补单。
"""

RUNBOOKS: list[tuple[str, str, str]] = [
    ("runbooks/hotel/price-check-failed.md", "酒店预订前价格校验失败（PRICE_CHANGED）排查手册", RB_HOTEL_PRICE),
    ("runbooks/infra/node-network.md", "单个节点网络异常（丢包、链路抖动）处理手册", RB_NODE_NETWORK),
    ("runbooks/flight/ndc-supplier-errors.md", "航司 NDC / GDS 供应源报错处理手册", RB_NDC),
    ("runbooks/promo/flash-sale-bots.md", "大促抢券被脚本刷（Bot 流量）与热点 key 处理手册", RB_BOT),
    ("runbooks/db/mysql-replica-lag.md", "MySQL 从库复制延迟处理手册", RB_REPLICA),
    ("runbooks/pay/duplicate-key.md", "唯一键冲突（Duplicate entry）与雪花 ID 重复处理手册", RB_DUP_ID),
    ("runbooks/hotel/supplier-callback.md", "供应商回调失败处理手册", RB_CALLBACK),
    ("runbooks/itinerary/mail-bounce.md", "交易邮件（行程单、确认函）退信处理手册", RB_MAIL),
    ("runbooks/cs/im-delay.md", "客服 IM 消息延迟与排队积压处理手册", RB_IM),
    ("runbooks/risk/false-positive.md", "风控误拦截处理手册", RB_RISK),
    ("runbooks/flight/gds-session-limit.md", "GDS 会话数超限处理手册", RB_GDS_SESSION),
    ("runbooks/member/sms-code.md", "短信验证码发送失败处理手册", RB_SMS),
    ("runbooks/hotel/ari-sync-lag.md", "酒店房态同步延迟处理手册", RB_ARI),
    ("runbooks/pay/channel-reconcile.md", "支付渠道对账差异处理手册", RB_RECONCILE),
]


def build_bundle(seed: int = SEED) -> Json:
    w = WorldBuilder(seed=seed, day=DAY, tz=TZ, reference=REFERENCE, instances=INSTANCES,
                     labels={"env": "prod", "cluster": "yt-sh-prod"})
    for service, (make, every) in NOISE.items():
        w.noise(service, make, START, every_s=every)
    fx_unit(w)
    one_node(w)
    ndc_sunset(w)
    flash_sale(w)
    replica_lag(w)
    cloned_worker(w)
    batched_callbacks(w)
    spf_record(w)
    outreach(w)
    blacklist(w)
    other_changes(w)
    k8s_state(w)
    build_metrics(w)
    documents = [{"title": title, "source": source, "content": content} for source, title, content in RUNBOOKS]
    return w.bundle(name="YouTu 游途旅行 2026-12-12", services=SERVICES, documents=documents)


# --- Questions ---------------------------------------------------------------------------------
#: Each incident's own words: in another incident's answer, a misattribution.
FAMILY = {
    "fx": ("quote_unit", "FX-20261212-0630"),
    "nic": ("rx_crc_errors_phy", "SFP28"),
    "ndc": ("410 Gone", "NDC 17.2"),
    "bots": (BOT_UA, STOCK_KEY),
    "replica": ("Seconds_Behind", "backfill_contact_enc"),
    "snowflake": ("workerId=3", "uk_pay_no"),
    "callback": ("too large body", "client_max_body_size"),
    "spf": ("permerror", "MKT-20261212-044"),
    "im": ("output buffer limits", "OUT-20261212-031"),
    "risk": ("117.136.0.0/16", "R017_IP_BLACKLIST"),
}
#: The remedies of the runbooks for problems that did not happen.
UNRELATED_REMEDIES = ("SignOut", "备用短信通道", "全量房态重推", "对账文件")
FIRING = ("RaidArrayDegraded", "ETicketMailBounceRateHigh", "MailRelayBounceRateHigh")
INCIDENT_WORDS = tuple(word for words in FAMILY.values() for word in words)


def _not(*own: str) -> tuple[str, ...]:
    """The other incidents' words, plus the unrelated runbooks' remedies."""
    return tuple(word for family, words in FAMILY.items() if family not in own for word in words) + UNRELATED_REMEDIES


QUESTIONS: tuple[WorldQuestion, ...] = (
    WorldQuestion(
        "travel_hotel_price_changed_cause",
        "早上日本韩国那边的酒店一直订不了，一提交就说价格变动，页面上东京的酒店才七八块钱一晚，酒店预订这是咋了？", "cause",
        asked_facts=(fact("PRICE_CHANGED", "价格变动", "价格校验失败", "rate check failed"),),
        cause_facts=(fact("FX-20261212-0630", "0.00048215", "汇率"),
                     fact("quote_unit", "报价单位", "per-100", "divided by 100", "除以 100", "除以100")),
        forbidden=_not("fx"), service="yt-hotel-booking",
        diagnosis="06:30 价格缓存的汇率任务 yt-price-cache-fx-sync 拉到的银行牌价从今天起 JPY/KRW 按每 1 单位报价"
                  "（quote_unit=1），任务仍按旧的每 100 单位除以 100 → 快照 FX-20261212-0630 里 JPY=0.00048215（正常 0.048215，"
                  "sanity check 只告警不拦截）→ 日韩酒店展示价只有 1%，用户涌来下单，预订前价格校验与供应商人民币结算价相差约 "
                  "-99% → PRICE_CHANGED；10:46 财务数据手工导入 FX-20261212-1046、10:47 清理 JP/KR 价格缓存后恢复。原因在价格"
                  "缓存，不在预订服务；08:12 的 pinyin-check 配置不是原因",
    ),
    WorldQuestion(
        "travel_hotel_timeout_cause",
        "下午两点多酒店下单时不时就超时，也不是全挂，十单里坏两三单，酒店服务又怎么了？", "cause",
        asked_facts=(fact("Read timed out", "SocketTimeoutException", "Communications link failure", "timed out", "超时"),),
        cause_facts=(fact(BAD_NODE, "node-07", "07 节点"),
                     fact("rx_crc_errors_phy", "CRC", "SFP28", "光模块", "Link down", "链路抖动", "NodeNetworkReceiveErrs")),
        forbidden=_not("nic"), service="yt-hotel-booking",
        diagnosis=f"14:16 起节点 {BAD_NODE} 的网卡 ens1f0 光模块光功率过低（-11.8 dBm）→ CRC 错误、链路反复 Link down/up → "
                  f"只有调度在这个节点上的 Pod（酒店预订 3.18.0 的 {HOTEL_BAD_POD} 与机票搜索的 {FLIGHT_BAD_POD}）出网超时："
                  "调供应商 Read timed out、调价格缓存超时、MySQL Communications link failure，约四分之一的预订失败；14:58 机房"
                  "更换光模块（DC-20261212-0117）后恢复。13:35 的 3.18.0 发布不是原因，上午日韩酒店的 PRICE_CHANGED 是另一件事",
    ),
    WorldQuestion(
        "travel_ho_flights_missing_cause",
        "吉祥 HO 的航班今天早上开始一个都搜不出来，别家航司都正常，机票搜索是漏了吗？", "cause",
        asked_facts=(fact("410", "HO-NDC", "HO:ERR"),),
        cause_facts=(fact("17.2", "NDC-VER-410", "retired", "下线"),),
        forbidden=_not("ndc"), service="yt-flight-search",
        diagnosis="航司 HO 按公告 HO-NDC-2026-09 于 00:00 下线 NDC 17.2，yt-gds-connector 仍请求 /ndc/17.2/AirShopping → 每次 "
                  "410 Gone（NDC-VER-410）→ 机票搜索对上海出发的查询只拿到 1E、MU、CZ 的报价（partial shopping result，HO "
                  "占比 0%），页面不报错；09:41 收益组发现，10:31 把 etcd ndc.yaml 里 HO 切到 21.3（CHG-20261212-0019）后恢复。"
                  "08:45 的 1E 会话池配置不是原因",
    ),
    WorldQuestion(
        "travel_coupon_sale_cause",
        "中午十二点抢 99 元机票券，券几秒钟就没了，好多人点领券一直转圈最后超时，优惠券服务那会儿怎么回事？", "cause",
        asked_facts=(fact("RedisCommandTimeoutException", "Command timed out", "timed out", "超时"),),
        cause_facts=(fact(BOT_UA, "AS45102", "脚本", "机器人", "bot", "羊毛党", "刷券"),
                     fact(STOCK_KEY, "yt-redis-promo-04", "热点 key", "热点key", "hot key", "hotkeys")),
        forbidden=_not("bots"), service="yt-promo-engine",
        diagnosis="12:00 HS1212-F99 开抢，脚本流量（UA okhttp/3.12.1、无 X-YT-Sign、AS45102 的 IDC 网段）把领券路由打到每秒 "
                  "61842 次（route:apisix_http_requests:rate1m），7.4 秒抢光 20000 张，17932 张落到 1466 个 12-10 注册的账号；"
                  "所有扣减都打在库存 key promo:stock:{HS1212-F99} 所在的 yt-redis-promo-04（slot 9231），CPU 100% → 同分片的"
                  "领券全部 RedisCommandTimeoutException（300ms）；12:08:30 WAF 规则 bot-1212-01 生效，12:10 恢复。10:05 的 "
                  "2.31.0 发布与 11:40 的 banner 配置不是原因",
    ),
    WorldQuestion(
        "travel_claim_rps_quantity", "中午开抢那一下，领券那个接口每秒最多打进来多少请求？", "quantity",
        asked_facts=(fact(str(CLAIM_RPS_PEAK)),), forbidden=_not("bots"), service="yt-api-gateway",
        peak=Peak("yt-api-gateway", "route:apisix_http_requests:rate1m", CLAIM_RPS_PEAK),
        diagnosis="route:apisix_http_requests:rate1m{route=promo-claim} 峰值 61842 次/秒（12:00），平时约 30；"
                  "ApisixRouteRequestRateHigh 触发时的 12466 不是峰值",
    ),
    WorldQuestion(
        "travel_order_unpaid_cause",
        "上午九点多好多用户投诉付完款订单还显示待支付，还有人又付了一遍，订单服务是不是出问题了？", "cause",
        asked_facts=(fact("WAIT_PAY", "待支付"),),
        cause_facts=(fact("Seconds_Behind", "seconds_behind_master", "复制延迟", "主从延迟", "从库延迟", "MySQLReplicationLag"),
                     fact("backfill_contact_enc", "CHG-20261212-0007", "回填", "backfill")),
        forbidden=_not("replica"), service="yt-order-service",
        diagnosis="09:04 DBA 在订单主库跑回填脚本 backfill_contact_enc.py（CHG-20261212-0007，每批 5 万行、不 sleep）→ 从库 "
                  "yt-mysql-order-02 单线程回放跟不上，复制延迟一路上涨（10:52 最高 3608 秒）→ 订单中心从从库读订单：支付回调"
                  "已把主库改成 PAID，详情仍返回 WAIT_PAY → 用户重复支付，支付中心检测到后自动退款；09:52 停脚本、09:58 订单读"
                  "切主库后止血，10:55 从库追平。08:40 的 6.12.0 发布不是原因",
    ),
    WorldQuestion(
        "travel_replica_lag_quantity", "上午订单库的从库最多落后主库多少秒？", "quantity",
        asked_facts=(fact(str(LAG_PEAK)),), forbidden=_not("replica"), service="yt-mysql-order",
        peak=Peak("yt-mysql-order", "mysql_slave_status_seconds_behind_master", LAG_PEAK),
        diagnosis="mysql_slave_status_seconds_behind_master（yt-mysql-order-02）峰值 3608 秒（10:52，从库回放完回填脚本的最后"
                  "一批之前）；MySQLReplicationLag 触发时的 84s 不是峰值",
    ),
    WorldQuestion(
        "travel_pay_duplicate_cause",
        "中午开抢以后支付那边时不时报支付单号重复，创建支付单失败，用户重试一下又好了，这是咋回事？", "cause",
        asked_facts=(fact("Duplicate entry", "DuplicateKeyException", "uk_pay_no", "主键冲突", "唯一键冲突", "单号重复"),),
        cause_facts=(fact("workerId=3", "worker-id", "workerId", "雪花"), fact("yt-pay-05", "CloneVM_Task", "克隆")),
        forbidden=_not("snowflake"), service="yt-payment-service",
        diagnosis="11:20 为大促从 yt-pay-03 克隆出 yt-pay-05（CloneVM_Task，CHG-20261212-0012），本地 application-prod.yml 里的 "
                  "snowflake.worker-id 也是 3 → 两台生成同样的支付单号，同一毫秒的插入撞 uk_pay_no（Duplicate entry … for key "
                  "'pay_order.uk_pay_no'），只出现在 yt-pay-03 与 yt-pay-05 上，12:00 流量上来后失败率最高约 4.6%；12:48 把 "
                  "yt-pay-05 的 worker-id 改成 5 并重启后恢复。10:10 的渠道权重配置不是原因",
    ),
    WorldQuestion(
        "travel_callback_alert_existence", "供应商回调那边今天下午报过警没有？", "existence",
        asked_facts=(fact("SupplierCallback4xxRateHigh"),),
        cause_facts=(fact("413", "too large body", "client_max_body_size", "请求体过大"),),
        forbidden=_not("callback"), service="yt-supplier-callback",
        diagnosis="报过：SupplierCallback4xxRateHigh 13:03 触发（31.6%，阈值 5%）、15:21 恢复，HotelBookingUnconfirmedHigh "
                  "13:42–15:36；DTW 13:00 起改成批量回调，请求体超过 client_max_body_size 1m 被 413，15:18 调到 16m 后 DTW 重推"
                  "恢复。11:05 的白名单配置不是原因",
    ),
    WorldQuestion(
        "travel_eticket_mail_cause", "刚才好多旅客说没收到电子行程单邮件，行程单服务那边咋回事？", "cause",
        asked_facts=(fact("bounced", "550", "退信"),),
        cause_facts=(fact("permerror", "Too many DNS lookups", "SPF"),
                     fact("MKT-20261212-044", "UpdateDomainRecord", "mkt_zhouqing", "TXT")),
        forbidden=_not("spf"), service="yt-itinerary-service",
        diagnosis="15:31 市场部 mkt_zhouqing 在云解析改了 youtu-travel.com 的 SPF TXT 记录（MKT-20261212-044，加了 "
                  "include:servers.mcsv.net 与 include:mktomail.com）→ SPF 需要 12 次 DNS 查询，超过 10 次上限 → permerror → "
                  "15:38 起 QQ、163、Gmail 等严格校验的收件方以 550 拒收行程单邮件（退信率约 45%），至今未恢复（回滚待审批）。"
                  "14:30 的 4.8.0（新 PDF 模板）发布不是原因",
    ),
    WorldQuestion(
        "travel_cs_queue_quantity", "下午四点多在线客服那边最多压了多少个会话没人接？", "quantity",
        asked_facts=(fact(str(QUEUE_PEAK)),), forbidden=_not("im"), service="yt-cs-im",
        peak=Peak("yt-cs-im", "cs_im_unassigned_conversations", QUEUE_PEAK),
        diagnosis="cs_im_unassigned_conversations 峰值 1384 个（16:27）；CsImQueueBacklogHigh 触发时的 412 不是峰值。起因是 16:02 "
                  "的批量触达 OUT-20261212-031 让云 Redis r-uf6k3yt9im20a1 出方向带宽打满，坐席订阅被断开（output buffer limits）",
    ),
    WorldQuestion(
        "travel_risk_reject_cause",
        "五点多开始不少用户反映下单提示账户存在风险，好像都是用移动 4G 的，到底怎么回事？", "cause",
        asked_facts=(fact("RISK_REJECT", "R017_IP_BLACKLIST", "风控拒绝", "风控拦截"),),
        cause_facts=(fact("117.136.0.0/16"), fact("proxy_pool", "20261212.17", "tq-intel", "blacklist sync", "黑名单同步")),
        forbidden=_not("risk"), service="yt-order-service",
        diagnosis="16:58 风控的每小时黑名单同步导入了 tq-intel 的 proxy_pool 20261212.17，其中唯一的 /16 是 117.136.0.0/16"
                  "（中国移动 4G 出口）→ 规则 R017_IP_BLACKLIST 拒绝该网段的所有下单 → 订单中心 RISK_REJECT（账户存在风险），"
                  "下单失败率 6–8%；17:46 风控删除该条目并加入白名单后恢复，17:58 的同步已排除它。16:20 的模型阈值配置不是原因",
    ),
    WorldQuestion(
        "travel_alert_listing", "现在还有哪些告警没恢复？帮我列一下。", "listing",
        asked_facts=tuple(fact(name) for name in FIRING), forbidden=("yt-member-service", "yt-review-service"),
        diagnosis="3 条：RaidArrayDegraded（昨晚 22:40 起，订单库延迟备份从库 yt-mysql-order-03 的 RAID，报修中，与今天的故障"
                  "无关）、ETicketMailBounceRateHigh 与 MailRelayBounceRateHigh（15:44 起，SPF 记录被改坏，尚未回滚）；其余告警"
                  "都已恢复",
    ),
    WorldQuestion(
        "travel_gds_changes_listing", "GDS 连接器今天都动过啥？改配置、发版都算上。", "listing",
        asked_facts=(fact("1e.session_pool.max", "session_pool"), fact("17.2 -> 21.3", "CHG-20261212-0019"), fact("5.8.0")),
        forbidden=_not("ndc"), service="yt-gds-connector",
        diagnosis="三次：08:45 1e.session_pool.max 120 -> 160（大促扩容，与故障无关）、10:31 HO 的 NDC 版本 17.2 -> 21.3"
                  "（CHG-20261212-0019，修复 410 Gone）、16:11 发布 5.8.0（CZ 座位图）",
    ),
    WorldQuestion(
        "travel_member_healthy", "会员中心上午十点多发了个版，现在有告警或者报错吗？", "existence",
        asked_facts=(HEALTHY,), forbidden=INCIDENT_WORDS, service="yt-member-service", healthy=True,
        diagnosis="没有：只有登录、积分之类的 INFO 与验证码错误的 WARN，5xx 最高约 0.2%（阈值 2%），无告警；10:20 的 4.6.1 "
                  "发布与各故障无关",
    ),
    WorldQuestion(
        "travel_review_healthy", "点评服务下午两点改过敏感词配置，有没有出什么问题？", "existence",
        asked_facts=(HEALTHY,), forbidden=INCIDENT_WORDS, service="yt-review-service", healthy=True,
        diagnosis="没有告警；5xx 远低于阈值 2%，p99 远低于 1000ms，14:05 的敏感词词典更新后只有正常的人工审核 WARN",
    ),
)

WORLD = World(name=NAME, title="YouTu 游途旅行（在线旅游平台）", build=build_bundle, questions=QUESTIONS)
