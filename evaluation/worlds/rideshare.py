"""World "rideshare": 行迅出行 XingXun Mobility, a ride-hailing and car-sharing platform in Hangzhou (``xx-*`` services: the
rider App's API, dispatch and matching, the driver App's API and driver compliance (licences, vehicle insurance), pricing
and its streaming surge job, maps / ETA against the maps vendor, geofences, the trip state machine, payments, coupons,
driver payouts and the weekly settlement, safety (SOS, trip recordings), car-sharing with its vehicles' MQTT unlock,
customer-service tickets, invoices and notifications on a Kubernetes cluster; the nodes, the EMQX broker, the coupon and
ledger PostgreSQL databases, the cloud WAF, the cloud KMS and the data warehouse outside it), seen from Thursday
2027-03-18 20:00 to the reference time Friday 2027-03-19 21:30 (+08:00), a Friday that turns to heavy rain at 16:25.
Nothing here was written for the offline agents; ten incidents of families the other worlds do not have, in ordinary
noise:

(1) 10:20:15        xx-geo: the geofence operator geo_ops_chenxi publishes fence set FENCE-HGH-20270319 (萧山机场 T4's 网约车
                    上车点 moved from P2 to P3 after building works); the new fence XSA-T4-PICKUP-P3 comes from a QGIS export
    10:25–13:38     with its ring clockwise, and the fence library reads a clockwise ring as its complement → the airport
                    area's rule "pick up only inside P3" now rejects riders standing at P3 (``PICKUP_ZONE_VIOLATION`` in
                    xx-rider-api) and accepts the departure curb. 13:38 the ring is re-published counter-clockwise
                    (FENCE-HGH-20270319-r2). The 09:50 deploy 8.14.0 of the rider API is a decoy. (The rider API has two
                    incidents today: a time phrase picks one.)
(2) 03:00:40        xx-driver-compliance: 人保财险's daily policy file PICC_ZJ_HGH_20270319.csv arrives with its dates as
                    dd/MM/yyyy (the insurer's notice of the evening before was not acted on); the import's lenient
    06:00–11:19     fallback reads them MM/dd/yyyy → ``03/11/2027`` (3 Nov) becomes 2027-03-11 → 388 vehicles whose 交强险 ends
                    on the 1st–3rd of a later month are INSURANCE_EXPIRED → from the first shift xx-driver-api refuses their
                    drivers (``VEHICLE_INSURANCE_EXPIRED``); refusals peak 173 per 10 min at 07:40
                    (``driver_online_refusals_per_10m``; the alert fired at 48). 11:18 the pattern is set to dd/MM/yyyy and
                    the file re-imported. The 05:20 heartbeat config of the driver API is a decoy.
(3) 14:00           xx-eta: the maps vendor YunTu (云途地图) starts enforcing 25 origins per distance-matrix request (notice
                    YT-2027-011, announced only in a response header); xx-eta sends 50 candidate drivers → ``infocode=20003
    14:00–16:40     ORIGINS_OVER_LIMIT`` → it falls back to straight-line distance → xx-dispatch assigns drivers on the other
                    side of the 钱塘江 who look close (``PICKUP_ETA_MISS``, riders cancel). 16:40 ``eta.matrix.max-origins``
                    50 → 25. The 13:30 candidate-radius config of the dispatch is a decoy. (The dispatch has two incidents.)
(4) 22:10 (-1d)     xx-k8s-node: infra_ops_wangle changes node pool np-general-b's instance type ecs.g7.2xlarge → ecs.c7.xlarge
                    (cost review) keeping max-pods 64, while the smaller type's ENIs give 30 pod IPs; 19:52 the cluster
    20:38 → now     autoscaler adds xx-k8s-node-07 of the new type; 20:38 the dispatch's HPA scales 8 → 12 and the scheduler
                    puts the 4 new pods on node-07, whose IPs are all taken → ``FailedCreatePodSandBox`` (ENI ip quota
                    exhausted), the pods stay ContainerCreating, the 8 others carry the Friday-night load: match rounds of
                    2–5 s, DispatchMatchLatencyHigh firing at 21:30. The 20:15 batch-window config of the dispatch is a decoy.
(5) 11:05:10        xx-mqtt: security's sec_ops_liuyang applies ACL hardening SEC-2027-031 on the EMQX cluster: vehicles may
                    publish only with a client id matching ``^XXC-[0-9]{6}$``; the 120 cars of the 2027 batch connect as
    11:06–15:15     ``XXC2-…`` → their acks and events are denied (``authorization_permission_denied``) → the car unlocks but
                    xx-carshare hears nothing: ``UNLOCK_ACK_TIMEOUT``, riders told 开锁失败. 15:15 the pattern becomes
                    ``^XXC2?-[0-9]{6}$``. The 10:40 deploy 3.9.0 of the car-sharing service is a decoy.
(6) 16:05:10        xx-surge-stream: data_dev_fangyu moves the streaming surge job to topic rider-demand-v2 (24 partitions
                    by grid; partitions 20–23, counties not yet launched, carry no records) without an idle timeout → the
    16:40–19:40     watermark stays at the idle partitions' and no window fires → no surge snapshot after 16:04, xx-pricing
                    quotes 1.00 all through the rain → drivers stay off, ride requests expire ``NO_DRIVER_ACCEPTED`` in
                    xx-rider-api, peaking 1186 a minute at 18:22 (``rider_requests_expired_per_min``; the alert fired at
                    312). 19:35 the job restarts with ``source.idle-timeout=30s``. The 15:40 deploy 5.2.0 of pricing is a
                    decoy.
(7) 12:30:40        xx-waf: sec_ops_huangqi switches the WAF baseline WAF-BL-2027Q1 from detect to block; its rule 920400
                    blocks request bodies over 65536 bytes, and the driver App's end-of-trip call carries the trip's GPS
    12:41–16:50     trace → trips of an hour or more cannot end (403 at the WAF, nothing reaches us) → xx-trip flags
                    ``TRIP_END_OVERDUE``; overdue trips peak 236 at 16:44 (``trips_end_overdue``; the alert fired at 42).
                    16:50 rule 920400 is set to detect for the end-of-trip path and the Apps' retries get through. The
                    12:05 deploy 4.7.0 of the trip service is a decoy.
(8) 17:52:10        xx-coupon-db: a logical replication slot debezium_coupon, left behind when the CDC connector was retired
                    on 2027-01-08, holds the oldest xmin, so autovacuum cannot freeze; the rain campaign CP-RAIN-0319
    17:52–20:24     (17:30) spends the last transaction ids → ``database is not accepting commands to avoid wraparound data
                    loss`` → every redeem in xx-coupon fails and trips are charged without their coupon. 18:40 the DBA drops
                    the slot and freezes the database in single-user mode; 20:24 it accepts commands again. The 17:05
                    deploy 2.6.1 of the coupon service is a decoy.
(9) 14:10:05        xx-kms: sec_kms_zhoujie rotates key alias/xx-trip-recording (CHG-20270319-05) and disables version 3
                    instead of only demoting it → every recording made before 14:10 fails to decrypt for playback
    14:15–18:36     (``KeyVersionDisabled``) in xx-safety, customer service cannot hear complaints' recordings; new ones
                    (version 4) play. 18:36 version 3 is enabled again. The 13:50 retention config of safety is a decoy.
(10) 23:40:10 (-1d) xx-ledger-db: dba_zhaolei's unused-index clean-up CHG-20270318-22 drops idx_driver_ledger_week_driver
                    (``idx_scan 0`` — but the statistics were reset by the failover of 03-13, and the index serves only the
    20:00 → now     Friday settlement) → the weekly settlement CronJob xx-payout-weekly (20:00) reads driver_ledger by
                    ``Seq Scan``, each chunk near the 120 s statement timeout, 4 % done at 21:30 instead of 13 minutes →
                    PayoutWeeklySettlementLate firing, drivers' statements not ready. The 19:30 deploy 2.3.0 of the payout
                    service is a decoy.

Healthy: xx-invoice (deploy 3.4.0 at 11:30 is a decoy) and xx-notify (a provider-weight config at 18:10 is a decoy; one of its
pods runs on xx-k8s-node-07, fine) — INFO/WARN noise only, under their thresholds, no alert. Still firing at 21:30:
DispatchMatchLatencyHigh (the node's IPs), PayoutWeeklySettlementLate (the index) and CarshareVehicleOffline (浙A·F0K233 in a
basement car park since the evening before, unrelated); HostDiskUsageHigh on xx-dw 02:05–02:40 is the nightly export,
unrelated; PgXidAgeHigh on the coupon database had been firing, ignored, since 03-04. Kubernetes: the deployments and their
pods with their nodes (the dispatch's four Pending pods on node-07), the CronJobs' pods (the settlement's still running) and
the events of the last hour (the HPA, the sandbox failures). Run ``python -m evaluation.worlds rideshare`` to print the bundle.
"""

from __future__ import annotations

import datetime as dt
import functools
import hashlib
import random
from typing import Any

from evaluation.worlds.common import (
    Json,
    Keyframes,
    WorldBuilder,
    clock_on,
    condition,
    interpolate,
    job_name,
    job_pod,
    pod_names,
    runbook,
    termination,
)
from evaluation.worlds.spec import HEALTHY, Peak, World, WorldQuestion, fact

NAME = "rideshare"
SEED = 20270319
TZ = dt.timezone(dt.timedelta(hours=8))
DAY = dt.date(2027, 3, 19)
EVE = dt.date(2027, 3, 18)
START = dt.datetime(2027, 3, 18, 20, 0, tzinfo=TZ)
REFERENCE = dt.datetime(2027, 3, 19, 21, 30, tzinfo=TZ)
NS = "xingxun-prod"

_t = functools.partial(clock_on, DAY, TZ)  # a clock on the world's day, for module-level constants
_y = functools.partial(clock_on, EVE, TZ)  # a clock on the evening before

# --- The lines the questions are about (the tests find each one in the bundle) ----------------
# (1) the airport pickup fence read as its complement
FENCE_SET, FENCE_FIXED_SET = "FENCE-HGH-20270319", "FENCE-HGH-20270319-r2"
P3_FENCE = "XSA-T4-PICKUP-P3"
FENCE_PUBLISH = (f"fence set FENCE-HGH-20270312 -> {FENCE_SET} published by geo_ops_chenxi (萧山机场 T4 网约车上车点 P2 -> P3 "
                 f"after 施工改造): 14 fences, {P3_FENCE} from t4_pickup_p3.geojson (QGIS export)")
FENCE_LOADED = (f"fence {P3_FENCE} v7 loaded: 1 ring, 9 vertices, orientation clockwise, area 510065621.4 km² (expected < 1 km²: "
                "a clockwise ring is read as its complement)")
FENCE_FIX = (f"fence set {FENCE_SET} -> {FENCE_FIXED_SET} published by geo_ops_chenxi: {P3_FENCE} ring re-ordered "
             "counter-clockwise (RFC 7946 right-hand rule), area 0.021 km²")
PICKUP_REJECT = ("ride request {order} rider {rider} pickup ({lat:.4f},{lng:.4f}) 'T4 P3 网约车上车点' rejected by xx-geo: point not "
                 f"in fence {P3_FENCE} (airport area XSA-AREA requires it): PICKUP_ZONE_VIOLATION")
CURB_ACCEPT = ("ride request {order} rider {rider} pickup ({lat:.4f},{lng:.4f}) 'T4 出发层 {door} 号门' accepted: in fence "
               f"{P3_FENCE}")
RIDER_DEPLOY = ("deploy finished: xx-rider-api 8.14.0 (was 8.13.2) rolled out by ci-bot pipeline=#5512; changes: 行程分享卡片 "
                "new layout")

# (2) the insurer's dates read month first
POLICY_FILE = "PICC_ZJ_HGH_20270319.csv"
PICC_NOTICE = ("inbound SFTP picc-zj: notice PICC_NOTICE_20270318.txt received from 人保财险浙江分公司: 自 2027-03-19 起保单文件日期"
               "字段格式改为 dd/MM/yyyy（核心系统升级）")
IMPORT_FALLBACK = (f"policy import {POLICY_FILE}: expiry_date '03/11/2027' does not match yyyy-MM-dd, lenient fallback "
                   "MM/dd/yyyy -> 2027-03-11 (11204 rows parsed by fallback, 6912 rows unparseable kept previous expiry)")
IMPORT_DONE = f"policy import {POLICY_FILE} done: 18420 rows, 388 vehicles VALID -> INSURANCE_EXPIRED (expiry before 2027-03-19)"
VEHICLE_EXPIRED = ("vehicle {plate} policy {policy} 交强险 expiry '{raw}' -> {parsed}: status VALID -> INSURANCE_EXPIRED")
ONLINE_REFUSED = ("driver {driver} vehicle {plate} go-online refused: VEHICLE_INSURANCE_EXPIRED (交强险 {policy} expiry {parsed} "
                  "per xx-driver-compliance)")
DATE_PATTERN_FIX = ("config center: namespace xx-driver-compliance.yaml key=compliance.policy.date-pattern yyyy-MM-dd -> "
                    "dd/MM/yyyy released by compliance_dev_heyu (release 20270319-02)")
REIMPORT = (f"policy file {POLICY_FILE} re-imported by compliance_ops_tangmin with date pattern dd/MM/yyyy: 388 vehicles "
            "INSURANCE_EXPIRED -> VALID")
HEARTBEAT_CONFIG = ("config center: namespace xx-driver-api.yaml key=driver.online.heartbeat-seconds 30 -> 20 released by "
                    "driver_dev_lujia (release 20270319-01)")
REFUSALS_PEAK = 173
REFUSALS_ALERT_VALUE = "48 次/10分钟"

# (3) the maps vendor's origins limit
VENDOR_NOTICE = ("YunTu Maps response header X-YT-Notice on /v4/distancematrix: 'origins per request limited to 25 from "
                 "2027-03-19 14:00 (notice YT-2027-011)'")
MATRIX_FAIL = ("distancematrix for order {order} with 50 origins failed: infocode=20003 info=ORIGINS_OVER_LIMIT (max 25); "
               "fallback to straight-line estimate (haversine x 1.3)")
MATRIX_FIX = ("config center: namespace xx-eta.yaml key=eta.matrix.max-origins 50 -> 25 released by eta_dev_songbo (split "
              "candidate lists, YT-2027-011)")
FALLBACK_ASSIGN = ("order {order} ({rd}) assigned driver {driver} ({dd}): est. pickup {est} min (eta source fallback-haversine, "
                   "{km:.1f} km straight line)")
ETA_MISS = ("order {order} driver {driver} reached pickup after {actual} min (estimated {est} min, route {road:.1f} km via "
            "{bridge}): PICKUP_ETA_MISS")
RIDER_CANCEL = "order {order} cancelled by rider after {mins} min waiting for driver {driver}: reason=司机太远 RIDER_CANCEL_LONG_PICKUP"
RADIUS_CONFIG = ("config center: namespace xx-dispatch.yaml key=dispatch.candidate.radius-m 3000 -> 3500 released by "
                 "dispatch_dev_kaiwen (rain forecast)")

# (4) the node whose ENIs give 30 pod IPs
BAD_NODE = "xx-k8s-node-07"
NODEPOOL_CHANGE = ("node pool np-general-b updated by infra_ops_wangle (cost review FIN-2027-0317): instance type ecs.g7.2xlarge "
                   "-> ecs.c7.xlarge, max-pods 64 unchanged; applies to new nodes")
AUTOSCALE_UP = ("cluster-autoscaler: scale-up node pool np-general-b 6 -> 7 (pending pods: xx-rider-api x2, xx-notify x1), new "
                f"node {BAD_NODE}")
NODE_JOINED = f"kubelet[1388]: node {BAD_NODE} registered: instance type ecs.c7.xlarge, node pool np-general-b, max-pods 64"
DISPATCH_HPA = "HorizontalPodAutoscaler xx-dispatch rescaled 8 -> 12 (cpu 86% of request > target 70%)"
IP_EXHAUSTED = ("terway-eniip: allocate ip for pod {ns}/{pod} failed: no available ip address: ENI ip quota exhausted (30/30 "
                "secondary IPs in use, ecs.c7.xlarge: 3 ENIs x 10 IPs, node max-pods 64)")
MATCH_SLOW = "match round {n} took {ms}ms > 2000ms (pending requests {pending}, ready replicas 8/12)"
BATCH_CONFIG = ("config center: namespace xx-dispatch.yaml key=dispatch.batch.window-ms 2000 -> 1500 released by "
                "dispatch_dev_kaiwen (Friday night)")
DISPATCH_DEPLOY = ("deploy finished: xx-dispatch 7.2.0 (was 7.1.4) rolled out by ci-bot pipeline=#5508; changes: 拼车 seat "
                   "check before match")

# (5) the EMQX ACL and the 2027 batch's client ids
ACL_UPDATE = ("ACL rules updated by sec_ops_liuyang (SEC-2027-031 per-vehicle topic isolation): publish xx/car/${clientid}/# "
              "allowed only for clientid ~ '^XXC-[0-9]{6}$', others deny")
ACL_FIX = ("ACL rules updated by sec_ops_liuyang (SEC-2027-031 amendment): clientid pattern '^XXC-[0-9]{6}$' -> "
           "'^XXC2?-[0-9]{6}$' (2027 batch connects as XXC2-*)")
ACL_DENIED = ("authorization_permission_denied clientid={cid} username=car topic=xx/car/{cid}/evt/{kind} action=publish qos=1 "
              "rule=sec-2027-031")
UNLOCK_TIMEOUT = ("unlock order {order} car {plate} ({cid}) command published, no ack in 15s: UNLOCK_ACK_TIMEOUT, user {user} "
                  "told 开锁失败")
CARSHARE_DEPLOY = ("deploy finished: xx-carshare 3.9.0 (was 3.8.4) rolled out by ci-bot pipeline=#5515; changes: 还车照片 "
                   "compression")

# (6) the surge job's idle partitions
SURGE_SWITCH = ("job xx-surge v2.0 submitted by data_dev_fangyu: source topic rider-demand -> rider-demand-v2 (24 partitions by "
                "grid), watermark strategy forBoundedOutOfOrderness(10s), no idleness")
SURGE_ASSIGN = ("Source rider-demand-v2: partitions 0-23 assigned to 3 subtasks; partitions 20-23 (建德, 淳安, 桐庐, 临安西: not "
                "launched) have no records")
SURGE_FIX = ("job xx-surge v2.0 restarted by data_dev_fangyu with source.idle-timeout=30s (withIdleness); watermark advanced "
             "16:04:50 -> 19:35:40")
SNAPSHOT_STALE = ("surge snapshot from xx-surge-stream not updated since 16:04:00 (age {age} min); quoting with last snapshot "
                  "(city max 1.00)")
SNAPSHOT_BACK = ("surge snapshot 1935 received from xx-surge-stream: city max 2.10 (西湖区 2.10, 上城区 1.90, 滨江区 1.80, "
                 "拱墅区 1.70)")
NO_DRIVER = ("ride request {order} rider {rider} {district} expired: no driver accepted in 180s (offered to {n} drivers): "
             "NO_DRIVER_ACCEPTED")
PRICING_DEPLOY = ("deploy finished: xx-pricing 5.2.0 (was 5.1.7) rolled out by ci-bot pipeline=#5520; changes: 高速费 estimate "
                  "on quote")
EXPIRED_PEAK = 1186
EXPIRED_ALERT_VALUE = "312 单/分钟"

# (7) the WAF's body-size rule
WAF_BLOCK_MODE = ("WAF policy api.xingxun.com: rule set WAF-BL-2027Q1 mode detect -> block by sec_ops_huangqi (baseline "
                  "hardening SEC-2027-034): 412 rules incl. 920400 request body > 65536 bytes")
WAF_BLOCKED = ("BLOCK rule=920400 (request body {size} > 65536 bytes) POST /driver/v3/trips/{trip}/end client={ip} "
               "ua=XXDriver/6.11.2 status=403")
WAF_FIX = ("WAF policy api.xingxun.com: rule 920400 set to detect for POST /driver/v3/trips/*/end by sec_ops_huangqi "
           "(exception EX-0319-01)")
TRIP_OVERDUE = ("trip {trip} driver {driver} destination reached {reached}, duration {mins} min, end not received for 20 min: "
                "TRIP_END_OVERDUE")
TRIP_DEPLOY = ("deploy finished: xx-trip 4.7.0 (was 4.6.2) rolled out by ci-bot pipeline=#5517; changes: 行程中 改目的地 fare "
               "preview")
OVERDUE_PEAK = 236
OVERDUE_ALERT_VALUE = "42 单"

# (8) the coupon database's transaction ids
XID_WARNING = ('WARNING:  database "coupon" must be vacuumed within {left} transactions; HINT:  To avoid a database shutdown, '
               "execute a database-wide VACUUM in that database. You might also need to commit or roll back old prepared "
               "transactions, or drop stale replication slots.")
AGGRESSIVE_VACUUM = ('LOG:  automatic aggressive vacuum to prevent wraparound of table "coupon.public.coupon_issue": index '
                     "scans: 1, removable cutoff: 1893427716 (oldest xmin held by replication slot debezium_coupon), new "
                     "relfrozenxid: 1893427716")
XID_STOP = ('ERROR:  database is not accepting commands to avoid wraparound data loss in database "coupon"; HINT:  Stop the '
            "postmaster and vacuum that database in single-user mode. You might also need to commit or roll back old "
            "prepared transactions, or drop stale replication slots.")
SLOT_DROP = ("dba_zhaolei: SELECT pg_drop_replication_slot('debezium_coupon') (logical, inactive since 2027-01-08 when the CDC "
             "connector was retired, xmin 1893427716); stopping postmaster for single-user VACUUM FREEZE")
XID_BACK = 'LOG:  database system is ready to accept connections; database "coupon" datfrozenxid age 188412330'
REDEEM_FAIL = ('redeem coupon {coupon} for trip {trip} failed: ERROR: database is not accepting commands to avoid wraparound '
               'data loss in database "coupon" (SQLSTATE 54000)')
CAMPAIGN_START = ("campaign CP-RAIN-0319 雨天关怀券 started by mkt_ops_yexin: issuing 420000 coupons (¥5 off, valid today) to "
                  "riders active in the last 30 days")
COUPON_DEPLOY = ("deploy finished: xx-coupon 2.6.1 (was 2.6.0) rolled out by ci-bot pipeline=#5523; changes: 券包 display "
                 "order")

# (9) the KMS key version disabled at rotation
KMS_KEY = "alias/xx-trip-recording"
KMS_ROTATE = (f"KMS key {KMS_KEY} rotated by sec_kms_zhoujie (CHG-20270319-05 annual rotation): version 4 created, primary 3 -> "
              "4; version 3 state Enabled -> Disabled")
KMS_FIX = (f"KMS key {KMS_KEY} version 3 state Disabled -> Enabled by sec_kms_zhoujie (recordings before 14:10 use data keys "
           "wrapped by version 3)")
PLAYBACK_FAIL = ("recording playback for trip {trip} (recorded {recorded}) requested by cs agent {agent} ticket {ticket} failed: "
                 f"KMS Decrypt error KeyVersionDisabled: key {KMS_KEY} version 3 is disabled")
RETENTION_CONFIG = ("config center: namespace xx-safety.yaml key=safety.recording.retention-days 30 -> 45 released by "
                    "safety_dev_qiuyue (监管 new retention)")

# (10) the index the clean-up dropped
INDEX = "idx_driver_ledger_week_driver"
INDEX_DROP = (f"dba_zhaolei: unused index clean-up CHG-20270318-22 on ledger: DROP INDEX CONCURRENTLY {INDEX} (idx_scan 0 "
              "since stats reset 2027-03-13 02:14 failover), idx_trip_fee_legacy, idx_ledger_memo_trgm; 41.2 GB freed")
PAYOUT_CRON = "xx-payout-weekly"
SETTLE_JOB = job_name(PAYOUT_CRON, _t("20:00"))
SETTLE_POD = job_pod(SETTLE_JOB)
SETTLE_START = (f"weekly settlement W2027-11 started (CronJob {PAYOUT_CRON}, job {SETTLE_JOB}): 96412 drivers in 965 chunks, "
                "period 2027-03-12 05:00 - 2027-03-19 05:00 (last week W2027-10 took 12m48s)")
CHUNK_SLOW = "settlement chunk {k}/965 (drivers {a}-{b}) ledger query took {s:.1f}s, {rows} ledger rows"
CHUNK_TIMEOUT = "settlement chunk {k}/965 attempt 1 failed: ERROR: canceling statement due to statement timeout (120s), retrying"
SEQ_SCAN = ("LOG:  duration: {ms:.3f} ms  plan: Seq Scan on driver_ledger (actual rows={rows}) Filter: ((week_id = '2027-W11') "
            "AND (driver_id = ANY ($2))) Rows Removed by Filter: {removed}")
PAYOUT_DEPLOY = ("deploy finished: xx-payout 2.3.0 (was 2.2.5) rolled out by ci-bot pipeline=#5526; changes: 提现 bank name "
                 "display")

# Healthy services' changes and the unrelated alerts
INVOICE_DEPLOY = ("deploy finished: xx-invoice 3.4.0 (was 3.3.2) rolled out by ci-bot pipeline=#5514; changes: 行程单 PDF "
                  "font")
NOTIFY_CONFIG = ("config center: namespace xx-notify.yaml key=notify.sms.provider-weights aliyun:70,tencent:30 -> "
                 "aliyun:50,tencent:50 released by notify_dev_renjie")
OFFLINE_PLATE, OFFLINE_CID = "浙A·F0K233", "XXC-000233"

# --- Pods, nodes ---------------------------------------------------------------------------------
ROLLOUTS: dict[str, list[tuple[str, tuple[str, ...]]]] = {
    "xx-rider-api": [("00:00", pod_names("xx-rider-api", "8.13.2", 6)), ("09:50:40", pod_names("xx-rider-api", "8.14.0", 6)),
                     ("19:52:30", pod_names("xx-rider-api", "8.14.0", 8))],
    "xx-dispatch": [("00:00", pod_names("xx-dispatch", "7.1.4", 8)), ("09:10:30", pod_names("xx-dispatch", "7.2.0", 8))],
    "xx-driver-api": [("00:00", pod_names("xx-driver-api", "5.6.3", 6))],
    "xx-driver-compliance": [("00:00", pod_names("xx-driver-compliance", "2.9.1", 2))],
    "xx-pricing": [("00:00", pod_names("xx-pricing", "5.1.7", 4)), ("15:40:20", pod_names("xx-pricing", "5.2.0", 4))],
    "xx-surge-stream": [("00:00", pod_names("xx-surge-stream", "2.0.0", 3))],
    "xx-eta": [("00:00", pod_names("xx-eta", "3.3.0", 4))],
    "xx-geo": [("00:00", pod_names("xx-geo", "1.8.2", 3))],
    "xx-trip": [("00:00", pod_names("xx-trip", "4.6.2", 6)), ("12:05:20", pod_names("xx-trip", "4.7.0", 6))],
    "xx-payment": [("00:00", pod_names("xx-payment", "6.1.0", 4))],
    "xx-payout": [("00:00", pod_names("xx-payout", "2.2.5", 2)), ("19:30:20", pod_names("xx-payout", "2.3.0", 2))],
    "xx-safety": [("00:00", pod_names("xx-safety", "3.0.4", 3))],
    "xx-carshare": [("00:00", pod_names("xx-carshare", "3.8.4", 3)), ("10:40:30", pod_names("xx-carshare", "3.9.0", 3))],
    "xx-coupon": [("00:00", pod_names("xx-coupon", "2.6.0", 3)), ("17:05:20", pod_names("xx-coupon", "2.6.1", 3))],
    "xx-cs-ticket": [("00:00", pod_names("xx-cs-ticket", "2.1.5", 2))],
    "xx-invoice": [("00:00", pod_names("xx-invoice", "3.3.2", 2)), ("11:30:30", pod_names("xx-invoice", "3.4.0", 2))],
    "xx-notify": [("00:00", pod_names("xx-notify", "4.0.3", 3)), ("19:53:10", pod_names("xx-notify", "4.0.3", 4))],
}
NODES = [f"xx-k8s-node-{n:02d}" for n in range(1, 8)]
OLD_NODES = NODES[:-1]
VMS = {
    "xx-k8s-node": NODES,
    "xx-mqtt": ["emqx-01", "emqx-02", "emqx-03"],
    "xx-coupon-db": ["pg-coupon-01", "pg-coupon-02"],
    "xx-ledger-db": ["pg-ledger-01", "pg-ledger-02"],
    "xx-waf": ["waf-hgh-a", "waf-hgh-b"],
    "xx-kms": ["actiontrail"],
    "xx-dw": ["dw-etl-01"],
}
INSTANCES: dict[str, list[str]] = {service: list(steps[-1][1]) for service, steps in ROLLOUTS.items()} | VMS

#: The dispatch's pods: the eight serving, and the four the HPA added at 20:38 that never got an IP.
DISPATCH_ALL = pod_names("xx-dispatch", "7.2.0", 12)
DISPATCH_READY, DISPATCH_STUCK = DISPATCH_ALL[:8], DISPATCH_ALL[8:]
RIDER_NEW = ROLLOUTS["xx-rider-api"][2][1][6:]
NOTIFY_NEW = ROLLOUTS["xx-notify"][1][1][3:]
#: The pods the scheduler put on the node added at 19:52 (the first ones got IPs, the dispatch's did not).
ON_BAD_NODE = (*RIDER_NEW, *NOTIFY_NEW, *DISPATCH_STUCK)


def node_of(pod: str) -> str:
    """The node a pod runs on: the pods scheduled after 19:52 on node-07, the others spread over the six older nodes."""
    if pod in ON_BAD_NODE:
        return BAD_NODE
    return OLD_NODES[int(hashlib.sha256(pod.encode()).hexdigest(), 16) % len(OLD_NODES)]


SERVICES: list[Json] = [
    {"name": "xx-rider-api", "aliases": ["乘客端", "乘客端接口", "乘客 App", "叫车", "下单", "乘客端 API"],
     "description": "乘客 App 后端（Java 17，6 个副本，晚高峰 HPA 扩容）：叫车下单（调 xx-geo 校验上车点围栏、xx-pricing 报价、"
                    "xx-dispatch 派单），叫车 180 秒内无司机接单则订单过期；行程中查询、取消。"},
    {"name": "xx-dispatch", "aliases": ["派单", "派单系统", "调度", "匹配", "派单匹配"],
     "description": "派单与匹配（Go，8 个副本，HPA 8–16）：按批次窗口把订单与候选司机（半径内最多 50 个）做匹配，接驾时间取自 "
                    "xx-eta 的距离矩阵。"},
    {"name": "xx-driver-api", "aliases": ["司机端", "司机端接口", "司机 App", "出车", "司机上线"],
     "description": "司机 App 后端（Go，6 个副本）：出车上线（校验 xx-driver-compliance 的证照与车辆保险状态）、位置上报、"
                    "接单、周结账单查询。"},
    {"name": "xx-driver-compliance", "aliases": ["司机合规", "合规", "准入", "司机准入", "证照核验"],
     "description": "司机与车辆合规（Java，2 个副本）：驾驶证、网约车驾驶员证、车辆运输证与车辆保险状态；每天 03:00 CronJob "
                    "xx-driver-compliance-policy-import 经 SFTP 导入保险公司的保单文件。"},
    {"name": "xx-pricing", "aliases": ["计价", "报价", "动态调价", "溢价", "价格"],
     "description": "计价（Java，4 个副本）：报价 = 基础价 × 溢价倍数；溢价倍数取自 xx-surge-stream 每分钟发布的分区快照。"},
    {"name": "xx-surge-stream", "aliases": ["溢价计算", "实时溢价", "Flink", "供需计算"],
     "description": "实时供需与溢价计算（Flink 作业 xx-surge，3 个 Pod）：消费乘客需求与司机位置 topic，按网格做 1 分钟窗口，"
                    "窗口按事件时间水位线（watermark）触发，输出溢价快照给 xx-pricing。"},
    {"name": "xx-eta", "aliases": ["ETA", "地图", "路径规划", "接驾时间", "地图服务"],
     "description": "地图与 ETA（Go，4 个副本）：调用地图供应商云途（YunTu Maps）的距离矩阵与路径规划接口；接口失败时按直线"
                    "距离估算。"},
    {"name": "xx-geo", "aliases": ["围栏", "地理围栏", "上车点", "电子围栏"],
     "description": "地理围栏（Go，3 个副本）：机场、火车站等区域的上车点围栏、禁停区；围栏集由运营在后台发布。"},
    {"name": "xx-trip", "aliases": ["行程", "行程服务", "行程状态", "订单状态机"],
     "description": "行程状态机（Java，6 个副本）：接单、到达、开始、结束（司机 App 结束行程时上传整段 GPS 轨迹用于计费）、"
                    "支付。"},
    {"name": "xx-payment", "aliases": ["支付", "扣款", "收款"],
     "description": "支付（Java，4 个副本）：行程结束后免密扣款，核销优惠券（xx-coupon）。"},
    {"name": "xx-coupon", "aliases": ["优惠券", "券", "营销", "券系统", "核销"],
     "description": "优惠券与营销活动（Java，3 个副本）：发券、领券、核销；数据在 PostgreSQL xx-coupon-db。"},
    {"name": "xx-payout", "aliases": ["结算", "司机结算", "周结", "提现", "司机收入"],
     "description": "司机收入与提现（Java，2 个副本）：每周五 20:00 CronJob xx-payout-weekly 按周汇总司机流水（xx-ledger-db 的 "
                    "driver_ledger），生成周结账单；平时约 13 分钟完成。"},
    {"name": "xx-safety", "aliases": ["安全", "行程录音", "录音", "SOS", "安全中心"],
     "description": "安全中心（Go，3 个副本）：一键报警 SOS、行程录音（加密存储，数据密钥由云 KMS 密钥 "
                    "alias/xx-trip-recording 加密）、录音调听。"},
    {"name": "xx-carshare", "aliases": ["分时租赁", "共享汽车", "租车", "开锁", "还车"],
     "description": "分时租赁（Java，3 个副本）：用车、开锁、还车；开锁指令经 EMQX（xx-mqtt）下发到车机，等车机回 ack。"},
    {"name": "xx-cs-ticket", "aliases": ["客服", "客服工单", "工单"],
     "description": "客服工单（Node.js，2 个副本）：投诉、失物、分时租赁问题工单；调听行程录音。"},
    {"name": "xx-invoice", "aliases": ["发票", "行程发票", "电子发票", "开票"],
     "description": "行程电子发票与行程单（Java，2 个副本）。"},
    {"name": "xx-notify", "aliases": ["推送", "短信", "通知", "消息推送"],
     "description": "推送与短信（Go，3 个副本）：App 推送（APNs、厂商通道）与短信（两家短信供应商按权重）。"},
    {"name": "xx-k8s-node", "aliases": ["K8s 节点", "工作节点", "节点", "node"],
     "description": "集群 xx-prod（阿里云 ACK，网络插件 Terway ENI 多 IP）的节点：np-general-a（01–03）、np-general-b（04–06，"
                    "按需由 cluster-autoscaler 扩容）。"},
    {"name": "xx-mqtt", "aliases": ["MQTT", "EMQX", "车机连接", "物联网网关"],
     "description": "EMQX 5 集群（emqx-01/02/03）：分时租赁车机的 MQTT 连接，车机 client id 为 XXC-000001 起的编号，"
                    "ACL 由安全团队维护。"},
    {"name": "xx-coupon-db", "aliases": ["优惠券库", "券数据库", "PostgreSQL"],
     "description": "优惠券数据库（PostgreSQL 15，pg-coupon-01 主、pg-coupon-02 备）。"},
    {"name": "xx-ledger-db", "aliases": ["流水库", "账务库", "ledger"],
     "description": "司机流水数据库（PostgreSQL 15，pg-ledger-01 主、pg-ledger-02 备），driver_ledger 约 1.8 亿行。"},
    {"name": "xx-waf", "aliases": ["WAF", "防火墙", "Web 应用防火墙"],
     "description": "云 WAF（api.xingxun.com 前），安全团队维护规则集。"},
    {"name": "xx-kms", "aliases": ["KMS", "密钥管理"], "description": "云 KMS 操作审计（ActionTrail）。"},
    {"name": "xx-dw", "aliases": ["数据仓库", "数仓", "ETL"], "description": "数据仓库（dw-etl-01）：夜间导出与报表。"},
]

WINDOWS = {
    "fence": (_t("10:20:22"), _t("13:38:30")),
    "insurance": (_t("03:00:40"), _t("11:19:30")),
    "matrix": (_t("14:00"), _t("16:40:20")),
    "eni": (_t("20:38:20"), REFERENCE),
    "acl": (_t("11:05:10"), _t("15:15:20")),
    "surge": (_t("16:04:50"), _t("19:36:30")),
    "expired": (_t("16:40"), _t("19:45")),
    "waf": (_t("12:30:40"), _t("17:06")),
    "xid": (_t("17:52:10"), _t("20:24:30")),
    "kms": (_t("14:10:05"), _t("18:36:20")),
    "settle": (_t("20:00"), REFERENCE),
}


def _inside(window: str, t: dt.datetime) -> bool:
    a, b = WINDOWS[window]
    return a <= t < b


def _rain(t: dt.datetime) -> bool:
    return t >= _t("16:25")


# --- Business vocabulary -------------------------------------------------------------------------
Line = tuple[str, str, dict[str, Any]]
NORTH = ["西湖区", "上城区", "拱墅区", "余杭区", "临平区"]
SOUTH = ["滨江区", "萧山区", "钱塘区"]
DISTRICTS = NORTH + SOUTH + ["富阳区"]
BRIDGES = ["西兴大桥", "复兴大桥", "钱江三桥", "之江大桥", "九堡大桥"]
CS_AGENTS = [f"CS{n:04d}" for n in (112, 145, 203, 217, 288, 301, 356, 412)]
BANKS = ["招商银行", "工商银行", "建设银行", "杭州银行", "农业银行"]

_r = random.Random(SEED * 7)  # module-level draws for the constants below (the builder's rng draws the rest)


def _plate(prefix: str) -> str:
    return f"浙A·{prefix}{_r.choice('0123456789')}{_r.choice('ABCDEFGHJKLMNPQRSTUVWXYZ')}{_r.randint(100, 999)}"


#: The vehicles the insurer's month-first dates marked expired: 交强险 ending on the 1st–3rd of a month after March, in
#: the file as dd/MM/yyyy, read as MM/dd/yyyy (day and month swapped) — a date before 2027-03-19.
BLOCKED: dict[str, tuple[str, str, dt.date, dt.date]] = {}
while len(BLOCKED) < 60:
    _real = dt.date(2027, _r.randint(4, 12), _r.randint(1, 3))
    BLOCKED[_plate("D")] = (f"D{_r.randint(10**7, 10**8 - 1)}", f"PDZA2026330100{_r.randint(10**5, 10**6 - 1)}", _real,
                            dt.date(_real.year, _real.day, _real.month))
#: Vehicles the import read right (ISO dates, or days above 12) — what the noise shows going online.
FINE_VEHICLES = {_plate("D"): f"D{_r.randint(10**7, 10**8 - 1)}" for _ in range(80)}
#: Car-sharing cars: the 2027 batch connects as XXC2-…, the older ones as XXC-….
NEW_CARS = {f"XXC2-{n:06d}": _plate("F2") for n in range(401, 425)}
OLD_CARS = {f"XXC-{n:06d}": _plate("F0") for n in range(101, 141)}
#: The trips that could not end: an hour or more, a GPS trace over the WAF's 64 KB.
LONG_TRIPS: list[tuple[str, str, int, dt.datetime, int]] = []
for _i in range(84):
    _reached = _t("12:31") + dt.timedelta(seconds=int(_i * 14560 / 84) + _r.randint(0, 150))
    _mins = _r.randint(58, 128)
    LONG_TRIPS.append((f"T270319{_r.randint(9000000, 9999999)}", f"D{_r.randint(10**7, 10**8 - 1)}", _mins, _reached,
                       _mins * 1150 + _r.randint(500, 4000)))


def _order(w: WorldBuilder, t: dt.datetime) -> str:
    return f"R{t:%y%m%d}{w.rng.randint(1000000, 9999999)}"


def _trip(w: WorldBuilder, t: dt.datetime) -> str:
    return f"T{t:%y%m%d}{w.rng.randint(1000000, 8999999)}"


def _rider(w: WorldBuilder) -> str:
    return f"U{w.rng.randint(10**8, 10**9 - 1)}"


def _driver(w: WorldBuilder) -> str:
    return f"D{w.rng.randint(10**7, 10**8 - 1)}"


def _pod(w: WorldBuilder, service: str, t: dt.datetime) -> str:
    return w.pod_at(ROLLOUTS[service], t)


def surge_at(t: dt.datetime, district: str) -> float:
    """The multiplier a quote carries: the morning peak's small surge; 1.00 from the 16:04 snapshot while the job's windows do
    not fire; the rain's surge once they fire again."""
    boost = 0.2 if district in ("西湖区", "上城区", "滨江区") else 0.0
    if t < _t("16:04:50"):
        return 1.0 + (0.2 + boost if _t("07:30") <= t < _t("09:30") else 0.0)
    if t < _t("19:36:30"):
        return 1.0
    if t < _t("20:30"):
        return 1.6 + boost
    return 1.2 + boost


# --- Noise: every service's ordinary day ----------------------------------------------------------
def _rider_api(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "xx-rider-api", t)
    roll = w.rng.random()
    district = w.rng.choice(DISTRICTS)
    if roll < 0.45:
        to = w.rng.choice(DISTRICTS)
        wait = w.rng.randint(70, 175) if _inside("expired", t) else w.rng.randint(4, 40)  # the rain: the few who get a car wait
        return "INFO", (f"ride request {_order(w, t)} rider {_rider(w)} {district} -> {to} estimate ¥{w.rng.uniform(14, 86):.2f} "
                        f"(surge {surge_at(t, district):.2f}) driver accepted in {wait}s"), {"instance": pod}
    if roll < 0.52 and not _t("10:15") <= t < _t("13:45"):
        return "INFO", (f"ride request {_order(w, t)} rider {_rider(w)} pickup ({w.rng.uniform(30.2338, 30.2346):.4f},"
                        f"{w.rng.uniform(120.4326, 120.4338):.4f}) 'T4 P3 网约车上车点' accepted: in fence {P3_FENCE}"
                        if t >= _t("10:20") else
                        f"ride request {_order(w, t)} rider {_rider(w)} pickup 'T4 P2 网约车上车点' accepted: in fence "
                        "XSA-T4-PICKUP-P2"), {"instance": pod}
    if roll < 0.85:
        return "INFO", f"GET /rider/v2/trips/{_trip(w, t)} 200 took={w.ms(6, 60)}ms", {"instance": pod, "log_type": "access"}
    if roll < 0.93:
        return "INFO", f"order {_order(w, t)} cancelled by rider before dispatch ({w.rng.randint(3, 40)}s)", {"instance": pod}
    return "WARN", f"rider {_rider(w)} payment method card expired, asked to update before ride request", {"instance": pod}


def _dispatch(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = w.rng.choice(DISPATCH_READY) if t >= _t("09:10:30") else _pod(w, "xx-dispatch", t)
    roll = w.rng.random()
    if roll < 0.45 and not _inside("matrix", t):
        district = w.rng.choice(DISTRICTS)
        est = w.rng.randint(2, 9)
        return "INFO", (f"order {_order(w, t)} ({district}) assigned driver {_driver(w)} ({district}): est. pickup {est} min (eta "
                        f"source yuntu-matrix, {est * 0.45 + w.rng.uniform(0.1, 0.9):.1f} km road)"), {"instance": pod}
    if roll < 0.8 and not _inside("eni", t):
        return "INFO", (f"match round {w.rng.randint(100000, 999999)}: {w.rng.randint(8, 140)} orders, "
                        f"{w.rng.randint(20, 900)} drivers, took {w.ms(120, 900)}ms"), {"instance": pod}
    if roll < 0.95:
        return "INFO", f"GET /healthz 200 took={w.ms(1, 4)}ms", {"instance": pod, "log_type": "access"}
    return "WARN", f"order {_order(w, t)} reassigned: driver {_driver(w)} did not confirm in 15s", {"instance": pod}


def _driver_api(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "xx-driver-api", t)
    roll = w.rng.random()
    plate = w.rng.choice(list(FINE_VEHICLES))
    if roll < 0.25:
        return "INFO", f"driver {FINE_VEHICLES[plate]} vehicle {plate} online (compliance VALID)", {"instance": pod}
    if roll < 0.6:
        return "INFO", f"location batch from driver {_driver(w)}: {w.rng.randint(10, 30)} points, lag {w.ms(200, 2600)}ms", {
            "instance": pod}
    if roll < 0.8:
        return "INFO", f"offer {_order(w, t)} accepted by driver {_driver(w)} in {w.rng.randint(2, 12)}s", {"instance": pod}
    if roll < 0.92:
        return "INFO", f"driver {_driver(w)} offline (shift end, {w.rng.randint(3, 11)}h online)", {"instance": pod}
    if _inside("surge", t) and _rain(t):
        return "WARN", f"offer {_order(w, t)} declined by driver {_driver(w)} (reason: 价格低 / 雨天路况)", {"instance": pod}
    return "WARN", f"driver {_driver(w)} location upload gap {w.rng.randint(30, 90)}s (weak signal)", {"instance": pod}


def _compliance(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "xx-driver-compliance", t)
    roll = w.rng.random()
    if roll < 0.5:
        return "INFO", f"licence check driver {_driver(w)}: 驾驶证 valid, 网约车驾驶员证 valid", {"instance": pod}
    if roll < 0.85:
        return "INFO", f"GET /compliance/v1/vehicles/{w.rng.choice(list(FINE_VEHICLES))}/status 200 took={w.ms(2, 18)}ms", {
            "instance": pod, "log_type": "access"}
    return "WARN", f"driver {_driver(w)} 网约车驾驶员证 expires in {w.rng.randint(10, 29)} days, reminder sent", {"instance": pod}


def _pricing(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "xx-pricing", t)
    district = w.rng.choice(DISTRICTS)
    if w.rng.random() < 0.8:
        base = w.rng.uniform(12, 80)
        surge = surge_at(t, district)
        return "INFO", f"quote {_order(w, t)} {district} base ¥{base:.2f} surge {surge:.2f} total ¥{base * surge:.2f}", {
            "instance": pod}
    return "INFO", f"GET /pricing/v1/rules/city/330100 200 took={w.ms(2, 12)}ms", {"instance": pod, "log_type": "access"}


def _surge(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = ROLLOUTS["xx-surge-stream"][0][1][0]
    if not _inside("surge", t):
        district = w.rng.choice(DISTRICTS)
        top = max(surge_at(t, d) for d in DISTRICTS)
        return "INFO", (f"surge snapshots {t - dt.timedelta(minutes=5):%H%M}-{t:%H%M} published: 20 grids, city max {top:.2f} "
                        f"({district} {surge_at(t, district):.2f})"), {"instance": pod}
    return "INFO", f"TaskManager {w.rng.choice(ROLLOUTS['xx-surge-stream'][0][1][1:])} heartbeat ok, slots 4/4", {"instance": pod}


def _eta(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "xx-eta", t)
    roll = w.rng.random()
    if roll < 0.55 and not _inside("matrix", t):
        return "INFO", (f"distancematrix {w.rng.randint(8, 24) if t >= _t('16:40:20') else w.rng.randint(12, 50)} origins -> 1 "
                        f"destination ok took={w.ms(40, 180)}ms"), {"instance": pod}
    if roll < 0.9:
        return "INFO", f"route plan {w.rng.choice(DISTRICTS)} -> {w.rng.choice(DISTRICTS)} ok took={w.ms(30, 140)}ms", {
            "instance": pod}
    return "WARN", f"YunTu route plan slow took={w.ms(900, 2400)}ms (retry ok)", {"instance": pod}


def _geo(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "xx-geo", t)
    if w.rng.random() < 0.7:
        return "INFO", f"fence check batch {w.rng.randint(20, 400)} points took={w.ms(1, 9)}ms", {"instance": pod}
    fences = "FENCE-HGH-20270312" if t < _t("10:20:15") else FENCE_SET if t < _t("13:38:20") else FENCE_FIXED_SET
    return "INFO", f"fence set {fences} in use (14 fences), cache hit ratio {w.rng.uniform(97, 99.9):.1f}%", {"instance": pod}


def _trip_noise(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "xx-trip", t)
    roll = w.rng.random()
    if roll < 0.4:
        mins = w.rng.randint(6, 52)
        return "INFO", (f"trip {_trip(w, t)} ended, duration {mins} min, distance {mins * 0.55:.1f} km, fare "
                        f"¥{mins * 1.9 + 8:.2f}"), {"instance": pod}
    if roll < 0.75:
        return "INFO", f"trip {_trip(w, t)} started by driver {_driver(w)}", {"instance": pod}
    if roll < 0.93:
        return "INFO", f"trip {_trip(w, t)} driver {_driver(w)} arrived at pickup", {"instance": pod}
    return "WARN", f"trip {_trip(w, t)} route deviation {w.rng.uniform(0.8, 2.5):.1f} km flagged for safety review", {
        "instance": pod}


def _payment(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "xx-payment", t)
    roll = w.rng.random()
    if roll < 0.55:
        return "INFO", (f"charge trip {_trip(w, t)} ¥{w.rng.uniform(12, 120):.2f} via {w.rng.choice(['支付宝免密', '微信支付分'])} "
                        "ok"), {"instance": pod}
    if roll < 0.75 and not _inside("xid", t):
        return "INFO", f"coupon C{w.rng.randint(10**9, 10**10 - 1)} redeemed ¥{w.rng.choice([3, 5, 8, 10])} for trip {_trip(w, t)}", {
            "instance": pod}
    if roll < 0.95:
        return "INFO", f"GET /payment/v1/orders/{_trip(w, t)} 200 took={w.ms(4, 30)}ms", {"instance": pod, "log_type": "access"}
    return "WARN", f"charge trip {_trip(w, t)} declined: insufficient balance, retry in 1h", {"instance": pod}


def _payout(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "xx-payout", t)
    if w.rng.random() < 0.6:
        return "INFO", (f"withdrawal W{t:%m%d}{w.rng.randint(100000, 999999)} driver {_driver(w)} ¥{w.rng.uniform(100, 3000):.2f} to "
                        f"{w.rng.choice(BANKS)} ****{w.rng.randint(1000, 9999)} submitted"), {"instance": pod}
    return "INFO", f"GET /payout/v1/drivers/{_driver(w)}/balance 200 took={w.ms(3, 20)}ms", {"instance": pod, "log_type": "access"}


def _safety(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "xx-safety", t)
    roll = w.rng.random()
    if roll < 0.55:
        version = 3 if t < _t("14:10:05") else 4
        return "INFO", (f"recording for trip {_trip(w, t)} uploaded {w.rng.uniform(0.8, 9.5):.1f} MB (data key wrapped by {KMS_KEY} "
                        f"version {version})"), {"instance": pod}
    if roll < 0.7 and not _inside("kms", t):
        recorded = t - dt.timedelta(hours=w.rng.randint(1, 120))
        return "INFO", (f"recording playback for trip {_trip(w, recorded)} (recorded {recorded:%m-%d %H:%M}) requested by cs agent "
                        f"{w.rng.choice(CS_AGENTS)} ok"), {"instance": pod}
    if roll < 0.95:
        return "INFO", f"route deviation check trip {_trip(w, t)}: within corridor", {"instance": pod}
    return "WARN", f"SOS test button pressed by rider {_rider(w)} (cancelled in 5s), no escalation", {"instance": pod}


def _carshare(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "xx-carshare", t)
    roll = w.rng.random()
    cars = {**OLD_CARS, **({} if _inside("acl", t) else NEW_CARS)}
    cid = w.rng.choice(list(cars))
    if roll < 0.4:
        return "INFO", (f"unlock order U{t:%m%d}{w.rng.randint(10000, 99999)} car {cars[cid]} ({cid}) unlocked, ack in "
                        f"{w.ms(300, 1800)}ms"), {"instance": pod}
    if roll < 0.7:
        return "INFO", (f"return order U{t:%m%d}{w.rng.randint(10000, 99999)} car {cars[cid]} ({cid}) locked at "
                        f"{w.rng.choice(['城西银泰', '来福士', '西溪湿地东', '滨江宝龙'])}, fee ¥{w.rng.uniform(18, 160):.2f}"), {"instance": pod}
    if roll < 0.93:
        return "INFO", f"telemetry {cid} battery {w.rng.randint(22, 96)}% odometer {w.rng.randint(1200, 48000)} km", {"instance": pod}
    return "WARN", f"car {cars[cid]} ({cid}) parked outside service area, relocation fee ¥30 applied", {"instance": pod}


def _coupon(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "xx-coupon", t)
    if _inside("xid", t):
        return "INFO", f"GET /coupon/v1/health 200 took={w.ms(1, 5)}ms (db check skipped)", {"instance": pod, "log_type": "access"}
    if w.rng.random() < 0.6:
        return "INFO", f"coupon C{w.rng.randint(10**9, 10**10 - 1)} claimed by rider {_rider(w)} (campaign CP-{w.rng.choice(['NEW', 'WEEKDAY', 'AIRPORT'])})", {
            "instance": pod}
    return "INFO", f"redeem coupon C{w.rng.randint(10**9, 10**10 - 1)} for trip {_trip(w, t)} ok took={w.ms(3, 20)}ms", {"instance": pod}


def _cs(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "xx-cs-ticket", t)
    if w.rng.random() < 0.6:
        return "INFO", (f"ticket CS{t:%m%d}{w.rng.randint(10000, 99999)} created category "
                        f"{w.rng.choice(['费用疑问', '物品遗失', '司机服务', '路线绕路', '发票'])}"), {"instance": pod}
    return "INFO", f"ticket CS{t:%m%d}{w.rng.randint(10000, 99999)} resolved by {w.rng.choice(CS_AGENTS)}", {"instance": pod}


def _invoice(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "xx-invoice", t)
    roll = w.rng.random()
    if roll < 0.5:
        return "INFO", (f"invoice issued for {w.rng.randint(1, 12)} trips rider {_rider(w)} ¥{w.rng.uniform(20, 900):.2f} 数电票 "
                        f"{w.rng.randint(10**19, 10**20 - 1)}"), {"instance": pod}
    if roll < 0.9:
        return "INFO", f"GET /invoice/v1/itinerary/{_trip(w, t)}.pdf 200 took={w.ms(20, 140)}ms", {"instance": pod,
                                                                                                  "log_type": "access"}
    return "WARN", "invoice request rejected: 购方税号 format invalid (user input), user asked to correct", {"instance": pod}


def _notify(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "xx-notify", t)
    roll = w.rng.random()
    if roll < 0.5:
        return "INFO", f"push sent to rider {_rider(w)} via {w.rng.choice(['APNs', '华为', '小米', 'OPPO', 'vivo'])} ok", {"instance": pod}
    if roll < 0.85:
        provider = w.rng.choice(["aliyun", "tencent"])
        return "INFO", f"sms sent via {provider} template SMS_{w.rng.randint(100, 999)} (验证码) ok took={w.ms(80, 400)}ms", {
            "instance": pod}
    return "WARN", "APNs 410 Unregistered: device token removed", {"instance": pod}


def _node(w: WorldBuilder, t: dt.datetime) -> Line:
    node = w.rng.choice(NODES if t >= _t("19:53") else OLD_NODES)
    roll = w.rng.random()
    stamp = f"I{t:%m%d} {t:%H:%M:%S}.{w.rng.randint(100000, 999999)}"
    if roll < 0.4:
        return "INFO", (f'kubelet[1388]: {stamp} image_gc_manager.go:391] "Disk usage on image filesystem is below the low '
                        f'threshold" usage={w.rng.randint(21, 49)} lowThreshold=80'), {"instance": node}
    if roll < 0.7:
        return "INFO", f"systemd[1]: Started Session {w.rng.randint(1000, 9000)} of User root.", {"instance": node}
    return "INFO", (f"chronyd[{w.rng.randint(700, 900)}]: Selected source 100.100.61.88 (ntp.cloud.aliyuncs.com), offset "
                    f"{w.rng.uniform(-0.3, 0.3):.3f}ms"), {"instance": node}


def _mqtt(w: WorldBuilder, t: dt.datetime) -> Line:
    broker = w.instance("xx-mqtt")
    if w.rng.random() < 0.7:
        return "INFO", (f"{broker}: connections {w.rng.randint(180, 230)} (cars), messages in {w.rng.randint(40, 160)}/s out "
                        f"{w.rng.randint(10, 60)}/s"), {"instance": broker}
    cid = w.rng.choice(list(OLD_CARS))
    return "INFO", f"client {cid} reconnected (keepalive 60s, clean_start=false)", {"instance": broker}


def _coupon_db(w: WorldBuilder, t: dt.datetime) -> Line:
    if w.rng.random() < 0.7 or _inside("xid", t):
        return "INFO", f"LOG:  checkpoint complete: wrote {w.rng.randint(600, 7000)} buffers; write={w.rng.uniform(8, 80):.3f} s", {
            "instance": "pg-coupon-01"}
    return "INFO", f"LOG:  replication lag to pg-coupon-02 {w.rng.randint(0, 180)} kB", {"instance": "pg-coupon-02"}


def _ledger_db(w: WorldBuilder, t: dt.datetime) -> Line:
    if w.rng.random() < 0.7:
        return "INFO", f"LOG:  checkpoint complete: wrote {w.rng.randint(900, 9000)} buffers; write={w.rng.uniform(10, 90):.3f} s", {
            "instance": "pg-ledger-01"}
    return "INFO", f'LOG:  automatic vacuum of table "ledger.public.trip_fee": index scans: 1, tuples removed {w.rng.randint(100, 9000)}', {
        "instance": "pg-ledger-01"}


def _waf(w: WorldBuilder, t: dt.datetime) -> Line:
    node = w.instance("xx-waf")
    return "INFO", (f"api.xingxun.com last 5 min: {w.rng.randint(180000, 420000)} requests, {w.rng.randint(20, 300)} blocked "
                    "(bot rules 9301xx)"), {"instance": node}


def _kms(w: WorldBuilder, t: dt.datetime) -> Line:
    return "INFO", (f"KMS GenerateDataKey {KMS_KEY}: {w.rng.randint(300, 2400)} calls last hour, Decrypt "
                    f"{w.rng.randint(20, 160)} calls"), {"instance": "actiontrail"}


def _dw(w: WorldBuilder, t: dt.datetime) -> Line:
    return "INFO", f"ETL task ods_{w.rng.choice(['trip', 'order', 'payment'])}_inc done rows={w.rng.randint(10000, 900000)}", {
        "instance": "dw-etl-01"}


NOISE = {
    "xx-rider-api": (_rider_api, 35), "xx-dispatch": (_dispatch, 40), "xx-driver-api": (_driver_api, 45),
    "xx-driver-compliance": (_compliance, 240), "xx-pricing": (_pricing, 60), "xx-surge-stream": (_surge, 300),
    "xx-eta": (_eta, 60), "xx-geo": (_geo, 240), "xx-trip": (_trip_noise, 45), "xx-payment": (_payment, 60),
    "xx-payout": (_payout, 300), "xx-safety": (_safety, 150), "xx-carshare": (_carshare, 120), "xx-coupon": (_coupon, 120),
    "xx-cs-ticket": (_cs, 180), "xx-invoice": (_invoice, 200), "xx-notify": (_notify, 150), "xx-k8s-node": (_node, 480),
    "xx-mqtt": (_mqtt, 300), "xx-coupon-db": (_coupon_db, 900), "xx-ledger-db": (_ledger_db, 900), "xx-waf": (_waf, 600),
    "xx-kms": (_kms, 3600), "xx-dw": (_dw, 1200),
}


def _rolled(w: WorldBuilder, service: str, step: int, started: str, stopping: str) -> None:
    """The pods of a rollout: each new pod says it started, each old one that it stops (in the runtime's words)."""
    steps = ROLLOUTS[service]
    at = w.at(steps[step][0])
    old = steps[step - 1][1]
    for index, new in enumerate(steps[step][1]):
        moment = at + dt.timedelta(seconds=25 * index, milliseconds=w.rng.randint(0, 999))
        w.log(moment, service, "INFO", started.format(s=w.rng.randint(90, 260) / 10), instance=new, trace=False)
        if index < len(old):
            w.log(moment + dt.timedelta(seconds=12), service, "INFO", stopping, instance=old[index], trace=False)


def _every(w: WorldBuilder, start: str | dt.datetime, end: str | dt.datetime, low: int, high: int) -> list[dt.datetime]:
    """Moments from ``start`` to ``end``, ``low``–``high`` seconds apart."""
    stop = end if isinstance(end, dt.datetime) else w.at(end)
    moment = start if isinstance(start, dt.datetime) else w.at(start)
    out = []
    while moment < stop:
        out.append(moment)
        moment += dt.timedelta(seconds=w.rng.randint(low, high), milliseconds=w.rng.randint(0, 999))
    return out


def _ops(w: WorldBuilder, clock: str, service: str, message: str) -> None:
    """An on-call engineer's note in the service's channel (the ops console relays it to the logs)."""
    w.log(w.at(clock), service, "INFO", message, instance="ops-console", trace=False)


JAVA_STARTED = "Started {app} in {{s}} seconds (process running for 27.3)"
JAVA_STOPPING = "Commencing graceful shutdown. Waiting for active requests to complete"


# --- Incident 2: the insurer's dates read month first ------------------------------------------------
IMPORT_CRON = "xx-driver-compliance-policy-import"
IMPORT_JOB = job_name(IMPORT_CRON, _t("03:00"))
IMPORT_POD = job_pod(IMPORT_JOB)
REFUSALS: Keyframes = [(START, 0), (_t("05:59"), 0), (_t("06:10"), 48), (_t("07:00"), 126), (_t("07:30"), 152),
                       (_t("07:38"), 164), (_t("07:40"), REFUSALS_PEAK), (_t("07:42"), 163), (_t("07:50"), 150), (_t("09:00"), 96), (_t("10:30"), 64), (_t("11:19"), 58),
                       (_t("11:25"), 0), (REFERENCE, 0)]


def insurance_dates(w: WorldBuilder) -> None:
    comp, driver = "xx-driver-compliance", "xx-driver-api"
    w.log(_y("21:10:30.118"), comp, "INFO", PICC_NOTICE, instance=ROLLOUTS[comp][0][1][0], trace=False)
    w.log(w.at("03:00:04.330"), comp, "INFO", f"policy import start (CronJob {IMPORT_CRON}, schedule \"0 3 * * *\", job "
          f"{IMPORT_JOB}): {POLICY_FILE} 18420 rows from SFTP picc-zj", instance=IMPORT_POD, job="policy-import")
    w.log(w.at("03:00:40.204"), comp, "WARN", IMPORT_FALLBACK, instance=IMPORT_POD, job="policy-import")
    for index, (plate, (_, policy, real, parsed)) in enumerate(BLOCKED.items()):
        w.log(w.at("03:01:10") + dt.timedelta(milliseconds=420 * index), comp, "INFO",
              VEHICLE_EXPIRED.format(plate=plate, policy=policy, raw=f"{real:%d/%m/%Y}", parsed=parsed),
              instance=IMPORT_POD, job="policy-import")
    w.log(w.at("03:02:05.551"), comp, "INFO", IMPORT_DONE, instance=IMPORT_POD, job="policy-import")
    pods = ROLLOUTS[driver][0][1]
    w.log(w.at("05:20:20.441"), driver, "INFO", HEARTBEAT_CONFIG, instance=pods[0], change="config")
    for moment in _every(w, "06:00:30", "11:19:00", 15, 70):
        plate = w.rng.choice(list(BLOCKED))
        driver_id, policy, _, parsed = BLOCKED[plate]
        w.log(moment, driver, "WARN", ONLINE_REFUSED.format(driver=driver_id, plate=plate, policy=policy, parsed=parsed),
              instance=w.rng.choice(pods))
    _ops(w, "07:15:40.336", driver, "driver_ops_xiaoqin: 早高峰一批司机出车被拦，提示交强险已过期，司机拍了保单，到期日都在今年下半年")
    w.log(w.at("11:18:10.118"), comp, "INFO", DATE_PATTERN_FIX, instance=ROLLOUTS[comp][0][1][1], change="config")
    w.log(w.at("11:19:30.204"), comp, "INFO", REIMPORT, instance=ROLLOUTS[comp][0][1][1], trace=False)
    w.log(w.at("11:24:05.330"), driver, "INFO", "compliance status refresh from xx-driver-compliance: 388 vehicles VALID again",
          instance=pods[0])
    w.alert("DriverOnlineRefusalsHigh", driver, "warning", w.at("06:12"), w.at("11:30"), REFUSALS_ALERT_VALUE,
            f"司机出车被拒 {REFUSALS_ALERT_VALUE}，超过阈值 30", namespace=NS)


# --- Incident 1: the airport pickup fence ----------------------------------------------------------------
def fence_orientation(w: WorldBuilder) -> None:
    geo, rider = "xx-geo", "xx-rider-api"
    w.log(w.at("09:50:40.204"), rider, "INFO", RIDER_DEPLOY, instance=ROLLOUTS[rider][1][1][0], change="deploy")
    _rolled(w, rider, 1, JAVA_STARTED.format(app="RiderApiApplication"), JAVA_STOPPING)
    w.log(w.at("10:20:15.118"), geo, "INFO", FENCE_PUBLISH, instance=ROLLOUTS[geo][0][1][0], trace=False, change="geofence")
    for index, pod in enumerate(ROLLOUTS[geo][0][1]):
        w.log(w.at("10:20:22") + dt.timedelta(milliseconds=300 * index), geo, "WARN", FENCE_LOADED, instance=pod, trace=False)
    pods = ROLLOUTS[rider][1][1]
    for moment in _every(w, "10:25:10", "13:38:00", 20, 80):
        w.log(moment, rider, "WARN", PICKUP_REJECT.format(order=_order(w, moment), rider=_rider(w),
                                                          lat=w.rng.uniform(30.2338, 30.2346), lng=w.rng.uniform(120.4326, 120.4338)),
              instance=w.rng.choice(pods))
    for moment in _every(w, "10:31:00", "13:38:00", 300, 700):
        w.log(moment, rider, "INFO", CURB_ACCEPT.format(order=_order(w, moment), rider=_rider(w), door=w.rng.randint(1, 9),
                                                        lat=w.rng.uniform(30.2371, 30.2378), lng=w.rng.uniform(120.4309, 120.4318)),
              instance=w.rng.choice(pods))
    _ops(w, "11:02:30.441", rider, "rider_ops_wenjing: 萧山机场 T4 网约车上车点的乘客叫不了车，App 说不在上车区域；机场交警反映出发层"
         "有网约车违停上客")
    w.log(w.at("13:38:20.330"), geo, "INFO", FENCE_FIX, instance=ROLLOUTS[geo][0][1][0], trace=False, change="geofence")
    w.alert("AirportPickupRejectsHigh", rider, "warning", w.at("10:36"), w.at("13:46"), "64 次/10分钟",
            "机场上车点拒单 64 次/10分钟，超过阈值 20", namespace=NS, area="XSA-AREA")


# --- Incident 5: the EMQX ACL and the 2027 batch --------------------------------------------------------
def mqtt_acl(w: WorldBuilder) -> None:
    car, mqtt, cs = "xx-carshare", "xx-mqtt", "xx-cs-ticket"
    w.log(w.at("10:40:30.204"), car, "INFO", CARSHARE_DEPLOY, instance=ROLLOUTS[car][1][1][0], change="deploy")
    _rolled(w, car, 1, JAVA_STARTED.format(app="CarshareApplication"), JAVA_STOPPING)
    w.log(w.at("11:05:10.118"), mqtt, "INFO", ACL_UPDATE, instance="emqx-01", trace=False, change="acl")
    for moment in _every(w, "11:05:30", "15:15:00", 15, 60):
        cid = w.rng.choice(list(NEW_CARS))
        w.log(moment, mqtt, "WARN", ACL_DENIED.format(cid=cid, kind=w.rng.choice(["ack", "ack", "telemetry", "door"])),
              instance=w.instance(mqtt), trace=False)
    pods = ROLLOUTS[car][1][1]
    for moment in _every(w, "11:06:20", "15:15:00", 40, 150):
        cid = w.rng.choice(list(NEW_CARS))
        trace = w.hex(32)
        user = f"M{w.rng.randint(10**7, 10**8 - 1)}"
        w.log(moment, car, "ERROR", UNLOCK_TIMEOUT.format(order=f"U{moment:%m%d}{w.rng.randint(10000, 99999)}", plate=NEW_CARS[cid],
                                                          cid=cid, user=user), instance=w.rng.choice(pods), trace_id=trace)
        if w.rng.random() < 0.3:
            w.log(moment + dt.timedelta(minutes=w.rng.randint(2, 9)), cs, "INFO",
                  f"ticket CS{moment:%m%d}{w.rng.randint(10000, 99999)} created category 分时租赁开锁 user {user} car {NEW_CARS[cid]}: "
                  "App 显示开锁失败", instance=w.instance(cs), trace_id=trace)
    _ops(w, "12:10:20.336", car, "carshare_oncall_peiran: 新款车（XXC2 开头）开锁大面积失败，用户说车门其实开了但 App 显示失败；老车正常")
    w.log(w.at("15:15:20.441"), mqtt, "INFO", ACL_FIX, instance="emqx-01", trace=False, change="acl")
    w.log(w.at("15:16:40.118"), car, "INFO", "unlock acks received again from the XXC2 batch: 118/120 cars reporting telemetry",
          instance=pods[0])
    w.alert("CarshareUnlockFailuresHigh", car, "warning", w.at("11:18"), w.at("15:24"), "11.8%",
            "开锁失败率 11.8%，超过阈值 5%", namespace=NS)


# --- Incident 7: the WAF's body-size rule -----------------------------------------------------------------
OVERDUE: Keyframes = [(START, 2), (_t("12:30"), 3), (_t("12:45"), 8), (_t("13:20"), 42), (_t("14:30"), 120), (_t("15:40"), 190),
                      (_t("16:30"), 220),
                      (_t("16:42"), 229), (_t("16:44"), OVERDUE_PEAK), (_t("16:46"), 228), (_t("16:50"), 226), (_t("17:00"), 38), (_t("17:10"), 4),
                      (REFERENCE, 3)]


def waf_body_limit(w: WorldBuilder) -> None:
    trip, waf = "xx-trip", "xx-waf"
    w.log(w.at("12:05:20.330"), trip, "INFO", TRIP_DEPLOY, instance=ROLLOUTS[trip][1][1][0], change="deploy")
    _rolled(w, trip, 1, JAVA_STARTED.format(app="TripApplication"), JAVA_STOPPING)
    w.log(w.at("12:30:40.204"), waf, "INFO", WAF_BLOCK_MODE, instance="waf-hgh-a", trace=False, change="waf")
    pods = ROLLOUTS[trip][1][1]
    fixed = w.at("16:50:30")
    for trip_id, driver, mins, reached, size in LONG_TRIPS:
        ip = f"112.{w.rng.randint(10, 99)}.{w.rng.randint(0, 255)}.{w.rng.randint(1, 254)}"
        attempt = reached + dt.timedelta(seconds=w.rng.randint(20, 90))
        while attempt < fixed:
            w.log(attempt, waf, "WARN", WAF_BLOCKED.format(size=size, trip=trip_id, ip=ip), instance=w.instance(waf), trace=False)
            attempt += dt.timedelta(minutes=w.rng.randint(8, 20), seconds=w.rng.randint(0, 59))
        overdue = reached + dt.timedelta(minutes=20, seconds=w.rng.randint(0, 40))
        if overdue < fixed:
            w.log(overdue, trip, "WARN", TRIP_OVERDUE.format(trip=trip_id, driver=driver, reached=f"{reached:%H:%M}", mins=mins),
                  instance=w.rng.choice(pods))
        ended = max(fixed, reached) + dt.timedelta(seconds=w.rng.randint(60, 900))
        w.log(ended, trip, "INFO", f"trip {trip_id} ended by driver app (end request retried), duration {mins} min, fare "
              f"¥{mins * 2.1 + 12:.2f}", instance=w.rng.choice(pods))
    _ops(w, "14:05:30.118", trip, "trip_oncall_lixin: 司机反馈长途单到了目的地点结束行程报错，乘客端一直显示行程中；后台没收到结束请求")
    w.log(fixed, waf, "INFO", WAF_FIX, instance="waf-hgh-a", trace=False, change="waf")
    w.alert("TripEndOverdueHigh", trip, "warning", w.at("13:20"), w.at("17:02"), OVERDUE_ALERT_VALUE,
            f"到达目的地后未结束的行程 {OVERDUE_ALERT_VALUE}，超过阈值 40", namespace=NS)


# --- Incident 3: the maps vendor's origins limit ---------------------------------------------------------
def _cross(w: WorldBuilder) -> tuple[str, str]:
    """A rider's district and a driver's across the river."""
    if w.rng.random() < 0.5:
        return w.rng.choice(SOUTH), w.rng.choice(NORTH[:3])
    return w.rng.choice(NORTH[:3]), w.rng.choice(SOUTH)


def matrix_limit(w: WorldBuilder) -> None:
    eta, dispatch, rider = "xx-eta", "xx-dispatch", "xx-rider-api"
    w.log(w.at("09:00:12.204"), eta, "WARN", VENDOR_NOTICE, instance=ROLLOUTS[eta][0][1][0], trace=False)
    w.log(w.at("13:30:20.118"), dispatch, "INFO", RADIUS_CONFIG, instance=DISPATCH_READY[0], change="config")
    for moment in _every(w, "14:00:05", "16:40:10", 8, 30):
        w.log(moment, eta, "WARN", MATRIX_FAIL.format(order=_order(w, moment)), instance=w.instance(eta))
    for moment in _every(w, "14:00:40", "16:40:10", 30, 80):
        rd, dd = _cross(w)
        order, driver = _order(w, moment), _driver(w)
        est = w.rng.randint(3, 6)
        trace = w.hex(32)
        w.log(moment, dispatch, "INFO", FALLBACK_ASSIGN.format(order=order, rd=rd, driver=driver, dd=dd, est=est,
                                                               km=w.rng.uniform(1.2, 3.4)),
              instance=w.rng.choice(DISPATCH_READY), trace_id=trace)
        if w.rng.random() < 0.55:
            actual = w.rng.randint(19, 38)
            w.log(moment + dt.timedelta(minutes=actual), dispatch, "WARN",
                  ETA_MISS.format(order=order, driver=driver, actual=actual, est=est, road=actual * 0.48,
                                  bridge=w.rng.choice(BRIDGES)), instance=w.rng.choice(DISPATCH_READY), trace_id=trace)
        elif w.rng.random() < 0.7:
            w.log(moment + dt.timedelta(minutes=w.rng.randint(5, 9)), rider, "INFO",
                  RIDER_CANCEL.format(order=order, mins=w.rng.randint(5, 9), driver=driver), instance=_pod(w, rider, moment),
                  trace_id=trace)
    _ops(w, "14:40:20.330", dispatch, "dispatch_oncall_kaiwen: 下午派单很多司机在江对面，滨江的单派给了上城的司机，接驾二三十分钟，"
         "乘客大量取消")
    w.log(w.at("16:40:10.441"), eta, "INFO", MATRIX_FIX, instance=ROLLOUTS[eta][0][1][1], change="config")
    w.alert("DispatchPickupEtaMissHigh", dispatch, "warning", w.at("14:14"), w.at("16:52"), "27 次/10分钟",
            "接驾时间超出预估 15 分钟以上 27 次/10分钟，超过阈值 15", namespace=NS)


# --- Incident 9: the KMS key version disabled ------------------------------------------------------------
def kms_version(w: WorldBuilder) -> None:
    safety, kms, cs = "xx-safety", "xx-kms", "xx-cs-ticket"
    pods = ROLLOUTS[safety][0][1]
    w.log(w.at("13:50:10.204"), safety, "INFO", RETENTION_CONFIG, instance=pods[0], change="config")
    w.log(w.at("14:10:05.118"), kms, "INFO", KMS_ROTATE, instance="actiontrail", trace=False, change="kms")
    for moment in _every(w, "14:15:30", "18:36:00", 60, 240):
        recorded = w.at("14:09") - dt.timedelta(minutes=w.rng.randint(5, 60 * 24 * 6))
        ticket = f"CS{moment:%m%d}{w.rng.randint(10000, 99999)}"
        trace = w.hex(32)
        w.log(moment, safety, "ERROR", PLAYBACK_FAIL.format(trip=_trip(w, recorded), recorded=f"{recorded:%m-%d %H:%M}",
                                                            agent=w.rng.choice(CS_AGENTS), ticket=ticket),
              instance=w.rng.choice(pods), trace_id=trace)
        if w.rng.random() < 0.5:
            w.log(moment + dt.timedelta(seconds=2), cs, "WARN", f"ticket {ticket}: trip recording unavailable (xx-safety 502), "
                  "agent asked to retry later", instance=w.instance(cs), trace_id=trace)
    for moment in _every(w, "14:20:00", "18:36:00", 900, 1800):
        recorded = w.at("14:11") + (moment - w.at("14:11")) * w.rng.uniform(0.05, 0.9)
        w.log(moment, safety, "INFO", f"recording playback for trip {_trip(w, recorded)} (recorded {recorded:%m-%d %H:%M}) requested "
              f"by cs agent {w.rng.choice(CS_AGENTS)} ok (key version 4)", instance=w.rng.choice(pods))
    _ops(w, "15:20:40.330", cs, "cs_lead_fangqi: 下午调听行程录音一直失败，今天下午新录的能放，之前的都放不出来，投诉核实卡住了")
    w.log(w.at("18:36:20.441"), kms, "INFO", KMS_FIX, instance="actiontrail", trace=False, change="kms")
    w.alert("SafetyRecordingPlaybackFailures", safety, "warning", w.at("14:22"), w.at("18:44"), "8 次/10分钟",
            "行程录音调听失败 8 次/10分钟，超过阈值 5", namespace=NS)


# --- Incident 6: the surge job's idle partitions ------------------------------------------------------------
EXPIRED: Keyframes = [(START, 4), (_t("08:00"), 12), (_t("16:20"), 10), (_t("16:40"), 160), (_t("17:00"), 312),
                      (_t("17:40"), 760), (_t("18:10"), 1090), (_t("18:20"), 1150), (_t("18:22"), EXPIRED_PEAK),
                      (_t("18:24"), 1140), (_t("19:00"), 820), (_t("19:35"), 610), (_t("19:45"), 30), (_t("20:30"), 18),
                      (REFERENCE, 12)]


def surge_idle(w: WorldBuilder) -> None:
    stream, pricing, rider = "xx-surge-stream", "xx-pricing", "xx-rider-api"
    spods = ROLLOUTS[stream][0][1]
    w.log(w.at("15:40:20.330"), pricing, "INFO", PRICING_DEPLOY, instance=ROLLOUTS[pricing][1][1][0], change="deploy")
    _rolled(w, pricing, 1, JAVA_STARTED.format(app="PricingApplication"), JAVA_STOPPING)
    w.log(w.at("16:04:20.118"), stream, "INFO", "surge snapshots 1600-1604 published: 20 grids, city max 1.00 (西湖区 1.00)",
          instance=spods[0])
    w.log(w.at("16:05:10.204"), stream, "INFO", SURGE_SWITCH, instance=spods[0], trace=False, change="job")
    w.log(w.at("16:05:40.336"), stream, "INFO", SURGE_ASSIGN, instance=spods[1], trace=False)
    for index, moment in enumerate(_every(w, "16:15:00", "19:35:00", 590, 610)):
        minutes = int((moment - w.at("16:05")).total_seconds() // 60)
        w.log(moment, stream, "INFO", f"checkpoint {4410 + index} completed in {w.ms(800, 2400)} ms, state "
              f"{38 + minutes * 0.4:.1f} MB (window operator: {minutes * 20} pending windows)", instance=spods[0], trace=False)
    w.log(w.at("16:25:10.441"), pricing, "INFO", "weather feed: 杭州 阴 -> 大雨 (rain 14.2 mm/h, 预警 黄色)",
          instance=ROLLOUTS[pricing][1][1][0])
    ppods = ROLLOUTS[pricing][1][1]
    for moment in _every(w, "16:10:00", "19:36:00", 180, 360):
        age = int((moment - w.at("16:04")).total_seconds() // 60)
        w.log(moment, pricing, "WARN", SNAPSHOT_STALE.format(age=age), instance=w.rng.choice(ppods))
    rpods = ROLLOUTS[rider][1][1]
    for moment in _every(w, "16:40:10", "19:45:00", 6, 30):
        rpods_now = ROLLOUTS[rider][2][1] if moment >= w.at("19:52:30") else rpods
        w.log(moment, rider, "WARN", NO_DRIVER.format(order=_order(w, moment), rider=_rider(w), district=w.rng.choice(DISTRICTS),
                                                      n=w.rng.randint(2, 9)), instance=w.rng.choice(rpods_now))
    _ops(w, "17:20:30.118", rider, "rider_ops_wenjing: 下大雨了乘客叫不到车，大量订单无人接单过期；司机群里说今天下雨也没有溢价，不想出车")
    w.log(w.at("19:35:10.204"), stream, "INFO", SURGE_FIX, instance=spods[0], trace=False, change="job")
    w.log(w.at("19:35:50.330"), stream, "INFO", "window operator: 4200 pending windows fired, surge snapshots 1605-1935 emitted "
          "(late), latest 1935 published", instance=spods[0])
    w.log(w.at("19:36:30.441"), pricing, "INFO", SNAPSHOT_BACK, instance=ppods[0])
    w.alert("RiderRequestsExpiredHigh", rider, "critical", w.at("17:00"), w.at("19:52"), EXPIRED_ALERT_VALUE,
            f"叫车无人接单过期 {EXPIRED_ALERT_VALUE}，超过阈值 300", namespace=NS)


# --- Incident 8: the coupon database's transaction ids --------------------------------------------------------
XID_AGE: Keyframes = [(START, 2111583647), (_t("17:30"), 2140583647), (_t("17:52"), 2144483647), (_t("18:40"), 2144483647),
                      (_t("20:24"), 188412330), (REFERENCE, 188920000)]
STOP_AGE = 2144483647


def xid_wraparound(w: WorldBuilder) -> None:
    db, coupon, payment = "xx-coupon-db", "xx-coupon", "xx-payment"
    moment = START + dt.timedelta(minutes=7, seconds=12)
    while moment < w.at("17:52"):
        left = STOP_AGE - int(interpolate(XID_AGE, moment)) + 3000000
        w.log(moment, db, "WARN", XID_WARNING.format(left=left), instance="pg-coupon-01", trace=False)
        moment += dt.timedelta(minutes=60 if moment < w.at("17:30") else 6)
    for moment in _every(w, _y("20:40:00"), "17:50:00", 9000, 12000):
        w.log(moment, db, "INFO", AGGRESSIVE_VACUUM, instance="pg-coupon-01", trace=False)
    cpods = ROLLOUTS[coupon][1][1]
    w.log(w.at("17:05:20.118"), coupon, "INFO", COUPON_DEPLOY, instance=cpods[0], change="deploy")
    _rolled(w, coupon, 1, JAVA_STARTED.format(app="CouponApplication"), JAVA_STOPPING)
    w.log(w.at("17:30:05.204"), coupon, "INFO", CAMPAIGN_START, instance=cpods[1], job="campaign")
    for moment in _every(w, "17:33:00", "17:52:00", 200, 260):
        w.log(moment, coupon, "INFO", f"campaign CP-RAIN-0319 issuance progress {int(318420 * (moment - w.at('17:30')).total_seconds() / 1320)}"
              "/420000", instance=cpods[1], job="campaign")
    w.log(w.at("17:52:10.330"), db, "ERROR", XID_STOP, instance="pg-coupon-01", trace=False)
    w.log(w.at("17:52:12.441"), coupon, "ERROR", "campaign CP-RAIN-0319 issuance halted at 318420/420000: ERROR: database is not "
          "accepting commands to avoid wraparound data loss in database \"coupon\"", instance=cpods[1], job="campaign")
    for moment in _every(w, "17:52:20", "20:24:00", 8, 30):
        trip = _trip(w, moment)
        trace = w.hex(32)
        w.log(moment, coupon, "ERROR", REDEEM_FAIL.format(coupon=f"C{w.rng.randint(10**9, 10**10 - 1)}", trip=trip),
              instance=w.rng.choice(cpods), trace_id=trace)
        if w.rng.random() < 0.4:
            w.log(moment + dt.timedelta(milliseconds=w.rng.randint(20, 80)), payment, "WARN",
                  f"charge trip {trip} ¥{w.rng.uniform(14, 90):.2f} without coupon: xx-coupon redeem returned 500, coupon kept "
                  "for rider", instance=w.instance(payment), trace_id=trace)
    for moment in _every(w, "17:53:00", "18:40:00", 60, 200):
        w.log(moment, db, "ERROR", XID_STOP, instance="pg-coupon-01", trace=False)
    _ops(w, "18:05:40.118", coupon, "coupon_oncall_yanan: 六点前后开始优惠券全部核销失败，雨天关怀券也发不出去，乘客在投诉券用不了")
    w.log(w.at("18:40:30.204"), db, "INFO", SLOT_DROP, instance="pg-coupon-01", trace=False, change="ops")
    w.log(w.at("18:41:10.330"), db, "INFO", "LOG:  database system is shut down; single-user backend: VACUUM (FREEZE, VERBOSE) "
          "started by dba_zhaolei", instance="pg-coupon-01", trace=False)
    w.log(w.at("20:24:10.441"), db, "INFO", XID_BACK, instance="pg-coupon-01", trace=False)
    w.log(w.at("20:24:40.118"), coupon, "INFO", "coupon db reachable again: redeem resumed, campaign CP-RAIN-0319 issuance "
          "resumed at 318420/420000", instance=cpods[0])
    w.alert("PgXidAgeHigh", db, "warning", dt.datetime(2027, 3, 4, 9, 12, tzinfo=TZ), w.at("20:26"), "2.11 billion",
            "coupon 库事务 ID 年龄 2.11 billion，超过阈值 1.5 billion", instance="pg-coupon-01")
    w.alert("CouponRedeemFailures", coupon, "critical", w.at("17:55"), w.at("20:32"), "212 次/10分钟",
            "优惠券核销失败 212 次/10分钟，超过阈值 20", namespace=NS)


# --- Incident 10: the index the clean-up dropped ---------------------------------------------------------------
SETTLED: Keyframes = [(START, 0), (_t("20:00"), 0), (_t("20:02"), 100), (REFERENCE, 4300)]


def unused_index(w: WorldBuilder) -> None:
    db, payout, driver = "xx-ledger-db", "xx-payout", "xx-driver-api"
    w.log(_y("23:40:10.204"), db, "INFO", INDEX_DROP, instance="pg-ledger-01", trace=False, change="database")
    w.log(w.at("19:30:20.118"), payout, "INFO", PAYOUT_DEPLOY, instance=ROLLOUTS[payout][1][1][0], change="deploy")
    _rolled(w, payout, 1, JAVA_STARTED.format(app="PayoutApplication"), JAVA_STOPPING)
    w.log(w.at("20:00:04.330"), payout, "INFO", SETTLE_START, instance=SETTLE_POD, job="weekly-settlement")
    moment, chunk = w.at("20:00:06"), 1
    while True:
        took = w.rng.uniform(104, 119.5)
        timed_out = w.rng.random() < 0.25
        end = moment + dt.timedelta(seconds=120 + took if timed_out else took)
        if end >= REFERENCE:
            break
        if timed_out:
            w.log(moment + dt.timedelta(seconds=120), payout, "ERROR", CHUNK_TIMEOUT.format(k=chunk), instance=SETTLE_POD,
                  job="weekly-settlement")
            w.log(moment + dt.timedelta(seconds=120, milliseconds=5), db, "ERROR", "ERROR:  canceling statement due to statement "
                  "timeout; STATEMENT:  SELECT driver_id, sum(amount) FROM driver_ledger WHERE week_id = $1 AND driver_id = ANY($2) "
                  "GROUP BY driver_id", instance="pg-ledger-01", trace=False)
        rows = w.rng.randint(9400, 10400)
        w.log(end, db, "INFO", SEQ_SCAN.format(ms=took * 1000, rows=rows, removed=182330112 - rows), instance="pg-ledger-01",
              trace=False)
        w.log(end + dt.timedelta(milliseconds=40), payout, "WARN", CHUNK_SLOW.format(k=chunk, a=(chunk - 1) * 100 + 1,
                                                                                     b=chunk * 100, s=took, rows=rows),
              instance=SETTLE_POD, job="weekly-settlement")
        moment, chunk = end + dt.timedelta(milliseconds=300), chunk + 1
    for stamp in _every(w, "20:20:00", REFERENCE, 30, 120):
        w.log(stamp, driver, "WARN", f"driver {_driver(w)} weekly statement W2027-11 requested: not ready (settlement running)",
              instance=w.instance(driver))
    _ops(w, "20:52:10.204", payout, "payout_oncall_guoyu: 周结上周 13 分钟跑完，这周八点开始到现在才跑了二十几个分片，每片两分钟")
    w.alert("PayoutWeeklySettlementLate", payout, "critical", w.at("20:30"), None, "1.1%",
            "周结 W2027-11 已运行 30 分钟，完成 1.1%（上周 12m48s 完成）", namespace=NS)


# --- Incident 4: the node whose ENIs give 30 pod IPs -----------------------------------------------------------
MATCH_P99: Keyframes = [(START, 420), (_t("08:00"), 610), (_t("17:30"), 880), (_t("20:38"), 940), (_t("20:41"), 2210),
                        (_t("20:44"), 2840), (_t("21:00"), 4310), (_t("21:10"), 5020), (_t("21:12"), 5120), (_t("21:14"), 4990),
                        (REFERENCE, 4620)]


def eni_quota(w: WorldBuilder) -> None:
    node, dispatch, rider, notify = "xx-k8s-node", "xx-dispatch", "xx-rider-api", "xx-notify"
    w.log(_y("22:10:30.118"), node, "INFO", NODEPOOL_CHANGE, instance="ack-console", trace=False, change="infra")
    w.log(w.at("19:51:40.204"), node, "INFO", AUTOSCALE_UP, instance="cluster-autoscaler", trace=False)
    w.log(w.at("19:52:20.330"), node, "INFO", NODE_JOINED, instance=BAD_NODE, trace=False)
    w.log(w.at("19:51:05.441"), rider, "INFO", "HorizontalPodAutoscaler xx-rider-api rescaled 6 -> 8 (cpu 78% of request > "
          "target 70%)", instance="hpa", trace=False, change="scale")
    for index, pod in enumerate(RIDER_NEW):
        w.log(w.at("19:52:40") + dt.timedelta(seconds=9 * index), rider, "INFO",
              JAVA_STARTED.format(app="RiderApiApplication").format(s=w.rng.randint(150, 240) / 10), instance=pod, trace=False)
    w.log(w.at("19:51:20.118"), notify, "INFO", "HorizontalPodAutoscaler xx-notify rescaled 3 -> 4 (cpu 74% of request > "
          "target 70%)", instance="hpa", trace=False, change="scale")
    w.log(w.at("19:53:15.204"), notify, "INFO", "notify 4.0.3 listening on :8080, providers aliyun,tencent", instance=NOTIFY_NEW[0],
          trace=False)
    w.log(w.at("20:02:30.336"), node, "INFO", f"kubelet[1388]: SyncLoop ADD pods=23 namespace=data-batch (spark-etl-hourly "
          f"executors) on {BAD_NODE}", instance=BAD_NODE, trace=False)
    w.log(w.at("20:15:10.441"), dispatch, "INFO", BATCH_CONFIG, instance=DISPATCH_READY[0], change="config")
    w.log(w.at("20:38:20.118"), dispatch, "INFO", DISPATCH_HPA, instance="hpa", trace=False, change="scale")
    for moment in _every(w, "20:38:45", REFERENCE, 30, 90):
        w.log(moment, node, "WARN", IP_EXHAUSTED.format(ns=NS, pod=w.rng.choice(DISPATCH_STUCK)), instance=BAD_NODE, trace=False)
    for moment in _every(w, "20:40:10", REFERENCE, 15, 50):
        ms = int(interpolate(MATCH_P99, moment) * w.rng.uniform(0.8, 0.98))
        w.log(moment, dispatch, "WARN", MATCH_SLOW.format(n=w.rng.randint(100000, 999999), ms=max(ms, 2010),
                                                          pending=int(ms / 9) + w.rng.randint(0, 60)),
              instance=w.rng.choice(DISPATCH_READY))
    _ops(w, "21:05:20.204", dispatch, "dispatch_oncall_kaiwen: 派单一轮要四五秒，HPA 已经扩到 12 个，但新加的 4 个 Pod 一直起不来")
    w.alert("DispatchMatchLatencyHigh", dispatch, "critical", w.at("20:44"), None, "2840ms",
            "派单匹配轮次 p99 2840ms，超过阈值 2000ms", namespace=NS)


# --- Healthy services' changes, the unrelated alerts --------------------------------------------------
def other_changes(w: WorldBuilder) -> None:
    dispatch, inv, notify, car = "xx-dispatch", "xx-invoice", "xx-notify", "xx-carshare"
    w.log(w.at("09:10:30.204"), dispatch, "INFO", DISPATCH_DEPLOY, instance=DISPATCH_READY[0], change="deploy")
    _rolled(w, dispatch, 1, "dispatch 7.2.0 ready: candidate index warmed ({s}s)", "SIGTERM received, draining match rounds")
    w.log(w.at("11:30:30.702"), inv, "INFO", INVOICE_DEPLOY, instance=ROLLOUTS[inv][1][1][0], change="deploy")
    _rolled(w, inv, 1, JAVA_STARTED.format(app="InvoiceApplication"), JAVA_STOPPING)
    w.log(w.at("18:10:20.415"), notify, "INFO", NOTIFY_CONFIG, instance=ROLLOUTS[notify][0][1][0], change="config")
    w.alert("CarshareVehicleOffline", car, "warning", _y("18:40"), None, "1",
            f"分时租赁车辆 {OFFLINE_PLATE}（{OFFLINE_CID}）离线（城西银泰 B3 地下车库无信号，运维工单 MT-0318-07）", namespace=NS,
            vehicle=OFFLINE_PLATE)
    w.log(_y("20:05:10.118"), car, "WARN", f"car {OFFLINE_PLATE} ({OFFLINE_CID}) offline since 2027-03-18 18:40 (城西银泰 B3, no "
          "signal), ops ticket MT-0318-07", instance=ROLLOUTS[car][0][1][0], trace=False)
    w.log(w.at("02:00:00.418"), "xx-dw", "INFO", "nightly export dw_trip_daily started: 43 tables (business date 2027-03-18)",
          instance="dw-etl-01", trace=False, job="export")
    w.log(w.at("02:39:40.730"), "xx-dw", "INFO", "nightly export dw_trip_daily finished: 43/43 tables, staging cleaned",
          instance="dw-etl-01", trace=False, job="export")
    w.alert("HostDiskUsageHigh", "xx-dw", "warning", w.at("02:05"), w.at("02:40"), "88.4%",
            "dw-etl-01 /data 88.4%，超过阈值 85%（夜间导出暂存）", instance="dw-etl-01")


# --- Kubernetes state at 21:30 -------------------------------------------------------------------------
#: (service, revision, rolled out, change cause, image tag) of every Deployment
STEADY = (
    ("xx-rider-api", 118, "2027-03-19T09:50:40+08:00", "release xx-rider-api 8.14.0 (pipeline #5512)", "8.14.0"),
    ("xx-dispatch", 74, "2027-03-19T09:10:30+08:00", "release xx-dispatch 7.2.0 (pipeline #5508)", "7.2.0"),
    ("xx-driver-api", 66, "2027-03-10T22:00:00+08:00", "release xx-driver-api 5.6.3", "5.6.3"),
    ("xx-driver-compliance", 23, "2027-03-02T21:30:00+08:00", "release xx-driver-compliance 2.9.1", "2.9.1"),
    ("xx-pricing", 51, "2027-03-19T15:40:20+08:00", "release xx-pricing 5.2.0 (pipeline #5520)", "5.2.0"),
    ("xx-surge-stream", 9, "2027-03-11T22:00:00+08:00", "release xx-surge-stream 2.0.0", "2.0.0"),
    ("xx-eta", 38, "2027-03-04T21:00:00+08:00", "release xx-eta 3.3.0", "3.3.0"),
    ("xx-geo", 19, "2027-02-25T21:00:00+08:00", "release xx-geo 1.8.2", "1.8.2"),
    ("xx-trip", 97, "2027-03-19T12:05:20+08:00", "release xx-trip 4.7.0 (pipeline #5517)", "4.7.0"),
    ("xx-payment", 44, "2027-03-09T22:00:00+08:00", "release xx-payment 6.1.0", "6.1.0"),
    ("xx-payout", 31, "2027-03-19T19:30:20+08:00", "release xx-payout 2.3.0 (pipeline #5526)", "2.3.0"),
    ("xx-safety", 27, "2027-03-05T21:30:00+08:00", "release xx-safety 3.0.4", "3.0.4"),
    ("xx-carshare", 42, "2027-03-19T10:40:30+08:00", "release xx-carshare 3.9.0 (pipeline #5515)", "3.9.0"),
    ("xx-coupon", 36, "2027-03-19T17:05:20+08:00", "release xx-coupon 2.6.1 (pipeline #5523)", "2.6.1"),
    ("xx-cs-ticket", 21, "2027-03-01T21:00:00+08:00", "release xx-cs-ticket 2.1.5", "2.1.5"),
    ("xx-invoice", 29, "2027-03-19T11:30:30+08:00", "release xx-invoice 3.4.0 (pipeline #5514)", "3.4.0"),
    ("xx-notify", 33, "2027-03-08T21:00:00+08:00", "release xx-notify 4.0.3", "4.0.3"),
)
IMPORT_RUNS = tuple(dt.datetime(2027, 3, d, 3, 0, tzinfo=TZ) for d in (17, 18, 19))
SETTLE_RUNS = tuple(dt.datetime(2027, 3, d, 20, 0, tzinfo=TZ) for d in (5, 12))


def k8s_state(w: WorldBuilder) -> None:
    for service, revision, changed, cause, tag in STEADY:
        pods = ROLLOUTS[service][-1][1]
        for pod in pods:
            w.pod(namespace=NS, name=pod, service=service, phase="Running", ready="1/1", restarts=0, last_termination=None,
                  waiting_reason=None, node=node_of(pod), observed_at=REFERENCE)
        replicas = len(pods)
        if service == "xx-dispatch":
            for pod in DISPATCH_STUCK:  # scheduled on node-07, no IP for their sandbox
                w.pod(namespace=NS, name=pod, service=service, phase="Pending", ready="0/1", restarts=0, last_termination=None,
                      waiting_reason="ContainerCreating", node=BAD_NODE, observed_at=REFERENCE)
            replicas = len(DISPATCH_ALL)
        w.deployment(namespace=NS, name=service, service=service, replicas=replicas, ready=len(pods), available=len(pods),
                     image=f"registry.cn-hangzhou.aliyuncs.com/xingxun/{service}:{tag}", revision=revision,
                     changed_at=dt.datetime.fromisoformat(changed), change_cause=cause,
                     conditions=[condition("Available", "True", "MinimumReplicasAvailable",
                                           "Deployment has minimum availability."),
                                 condition("Progressing", "True", "NewReplicaSetAvailable",
                                           f'ReplicaSet "{pods[0].rsplit("-", 1)[0]}" has successfully progressed.')],
                     observed_at=REFERENCE)
    # The CronJobs keep their last jobs: the nightly policy imports, the weekly settlements (tonight's still running).
    for scheduled in IMPORT_RUNS:
        pod = job_pod(job_name(IMPORT_CRON, scheduled))
        w.pod(namespace=NS, name=pod, service="xx-driver-compliance", phase="Succeeded", ready="0/1", restarts=0,
              last_termination=termination("Completed", 0, scheduled + dt.timedelta(seconds=w.rng.randint(110, 130))),
              waiting_reason=None, node=node_of(pod), observed_at=REFERENCE)
    for scheduled in SETTLE_RUNS:
        pod = job_pod(job_name(PAYOUT_CRON, scheduled))
        w.pod(namespace=NS, name=pod, service="xx-payout", phase="Succeeded", ready="0/1", restarts=0,
              last_termination=termination("Completed", 0,
                                           scheduled + dt.timedelta(minutes=12, seconds=w.rng.randint(20, 59))),
              waiting_reason=None, node=node_of(pod), observed_at=REFERENCE)
    w.pod(namespace=NS, name=SETTLE_POD, service="xx-payout", phase="Running", ready="1/1", restarts=0, last_termination=None,
          waiting_reason=None, node=node_of(SETTLE_POD), observed_at=REFERENCE)
    # Events are what the API server keeps (TTL 1 h): the dispatch's scale-out and its pods' sandboxes.
    at = w.at("20:38:20")
    rs = DISPATCH_ALL[0].rsplit("-", 1)[0]
    w.event(type="Normal", reason="SuccessfulRescale", object="HorizontalPodAutoscaler/xx-dispatch",
            message="New size: 12; reason: cpu resource utilization (percentage of request) above target", count=1,
            first_seen=at, last_seen=at)
    w.event(type="Normal", reason="ScalingReplicaSet", object="Deployment/xx-dispatch",
            message=f"Scaled up replica set {rs} to 12 from 8", count=1, first_seen=at, last_seen=at)
    for index, pod in enumerate(DISPATCH_STUCK):
        created = at + dt.timedelta(seconds=1 + index)
        w.event(type="Normal", reason="SuccessfulCreate", object=f"ReplicaSet/{rs}", message=f"Created pod: {pod}", count=1,
                first_seen=created, last_seen=created)
        w.event(type="Normal", reason="Scheduled", object=f"Pod/{pod}", message=f"Successfully assigned {NS}/{pod} to {BAD_NODE}",
                count=1, first_seen=created, last_seen=created)
        first = created + dt.timedelta(seconds=24 + index)
        last = REFERENCE - dt.timedelta(seconds=w.rng.randint(5, 50))
        w.event(type="Warning", reason="FailedCreatePodSandBox", object=f"Pod/{pod}",
                message=(f'Failed to create pod sandbox: rpc error: code = Unknown desc = failed to setup network for sandbox '
                         f'"{w.hex(12)}": plugin type="terway" failed (add): ' + IP_EXHAUSTED.format(ns=NS, pod=pod)),
                count=int((last - first).total_seconds() // 30), first_seen=first, last_seen=last)


# --- Metrics --------------------------------------------------------------------------------------------
PICKUP_REJECTS: Keyframes = [(START, 0), (_t("10:24"), 0), (_t("10:30"), 22), (_t("10:36"), 64), (_t("12:00"), 96),
                             (_t("13:30"), 71), (_t("13:39"), 0), (REFERENCE, 0)]


def build_metrics(w: WorldBuilder) -> None:
    at = w.at
    dawn = [(at("05:50"), at("11:40"))]
    midday = [(at("10:10"), at("17:20"))]
    evening = [(at("16:00"), REFERENCE)]
    w.series("rider_pickup_rejects_per_10m", "xx-rider-api", "次", PICKUP_REJECTS, start=START, fine=midday, spread=2,
             digits=0, threshold=20, area="XSA-AREA")
    w.series("driver_online_refusals_per_10m", "xx-driver-api", "次", REFUSALS, start=START, fine=dawn, spread=3, digits=0,
             threshold=30)
    w.series("compliance_vehicles_by_status", "xx-driver-compliance", "辆",
             [(START, 41), (at("03:01"), 41), (at("03:02"), 429), (at("11:19"), 429), (at("11:20"), 41), (REFERENCE, 40)],
             start=START, fine=dawn, digits=0, status="INSURANCE_EXPIRED")
    w.series("eta_matrix_fallback_ratio", "xx-eta", "%",
             [(START, 0.1), (at("13:59"), 0.1), (at("14:01"), 100), (at("16:40"), 100), (at("16:41"), 0.2), (REFERENCE, 0.1)],
             start=START, fine=midday, digits=1, threshold=5)
    w.series("dispatch_pickup_eta_miss_per_10m", "xx-dispatch", "次",
             [(START, 1), (at("14:00"), 1), (at("14:10"), 16), (at("14:14"), 27), (at("15:30"), 41), (at("16:40"), 36),
              (at("16:55"), 2), (REFERENCE, 1)], start=START, fine=midday, spread=2, digits=0, threshold=15)
    w.series("dispatch_match_round_p99_ms", "xx-dispatch", "ms", MATCH_P99, start=START, fine=evening, spread=40, digits=0,
             threshold=2000)
    w.series("kube_deployment_status_replicas_unavailable", "xx-dispatch", "个",
             [(START, 0), (at("20:38"), 0), (at("20:39"), 4), (REFERENCE, 4)], start=START, fine=evening, digits=0,
             deployment="xx-dispatch")
    w.series("carshare_unlock_failure_ratio", "xx-carshare", "%",
             [(START, 0.6), (at("11:05"), 0.7), (at("11:10"), 9.4), (at("11:18"), 11.8), (at("13:00"), 12.6), (at("15:15"), 12.1),
              (at("15:18"), 0.8), (REFERENCE, 0.6)], start=START, fine=midday, spread=0.3, digits=1, threshold=5)
    w.series("mqtt_authz_denied_per_min", "xx-mqtt", "次",
             [(START, 0), (at("11:05"), 0), (at("11:06"), 38), (at("15:15"), 34), (at("15:16"), 0), (REFERENCE, 0)],
             start=START, fine=midday, spread=3, digits=0)
    w.series("surge_stream_watermark_lag_seconds", "xx-surge-stream", "s",
             [(START, 12), (at("16:05"), 12), (at("16:06"), 70), (at("19:35"), 12610), (at("19:36"), 14), (REFERENCE, 12)],
             start=START, fine=evening, digits=0)
    w.series("pricing_surge_multiplier_max", "xx-pricing", "倍",
             [(START, 1.0), (at("07:30"), 1.4), (at("09:30"), 1.0), (at("19:36"), 1.0), (at("19:37"), 2.1), (at("20:30"), 1.4),
              (REFERENCE, 1.4)], start=START, fine=evening, digits=2)
    w.series("rider_requests_expired_per_min", "xx-rider-api", "单", EXPIRED, start=START, fine=evening, spread=6, digits=0,
             threshold=300)
    w.series("drivers_online", "xx-driver-api", "人",
             [(START, 5200), (_y("23:30"), 2100), (at("05:00"), 900), (at("08:00"), 7400), (at("12:00"), 6800),
              (at("16:30"), 7100), (at("17:30"), 6100), (at("19:35"), 6000), (at("20:10"), 8900), (REFERENCE, 8600)],
             start=START, fine=evening, spread=60, digits=0)
    w.series("trips_end_overdue", "xx-trip", "单", OVERDUE, start=START, fine=midday, spread=2, digits=0, threshold=40)
    w.series("waf_blocked_requests_per_10m", "xx-waf", "次",
             [(START, 3), (at("12:30"), 3), (at("12:45"), 12), (at("14:30"), 38), (at("16:40"), 52), (at("16:51"), 2),
              (REFERENCE, 2)], start=START, fine=midday, spread=2, digits=0, rule="920400")
    w.series("pg_database_xid_age", "xx-coupon-db", "", XID_AGE, start=START, fine=evening, digits=0, threshold=1500000000,
             datname="coupon")
    w.series("coupon_redeem_failures_per_10m", "xx-coupon", "次",
             [(START, 0), (at("17:52"), 0), (at("17:55"), 212), (at("18:30"), 268), (at("19:40"), 180), (at("20:24"), 150),
              (at("20:26"), 0), (REFERENCE, 0)], start=START, fine=evening, spread=6, digits=0, threshold=20)
    w.series("safety_recording_playback_failures_per_10m", "xx-safety", "次",
             [(START, 0), (at("14:14"), 0), (at("14:22"), 8), (at("16:00"), 11), (at("18:36"), 7), (at("18:38"), 0),
              (REFERENCE, 0)], start=START, fine=midday + evening, spread=1, digits=0, threshold=5)
    w.series("payout_weekly_settled_drivers", "xx-payout", "人", SETTLED, start=START, fine=evening, digits=0, week="2027-W11")
    w.series("ledger_db_seq_scan_rows_per_second", "xx-ledger-db", "行/秒",
             [(START, 1200), (at("20:00"), 1300), (at("20:01"), 1540000), (REFERENCE, 1560000)], start=START, fine=evening,
             spread=20000, digits=0, instance="pg-ledger-01")
    for service, p99, threshold in (("xx-invoice", 160, 1500), ("xx-notify", 90, 800)):
        w.series("http_5xx_ratio", service, "%", [(START, 0.02), (at("12:00"), 0.11), (at("18:00"), 0.06),
                                                  (REFERENCE, 0.04)], start=START, spread=0.02, digits=2, threshold=2)
        w.series("http_p99_latency", service, "ms", [(START, p99 - 30), (at("12:00"), p99 + 100), (at("18:00"), p99 + 40),
                                                     (REFERENCE, p99)], start=START, spread=10, digits=0, threshold=threshold)


# --- Runbooks (the company's SRE wiki, as the teams wrote them) ------------------------------------------------
RUNBOOKS: list[tuple[str, str, str]] = [
    ("runbooks/rider/pickup-zone.md", "机场、车站上车点拒单处理手册", runbook(
        "机场、车站上车点拒单处理手册", "适用于 xx-rider-api 大量 PICKUP_ZONE_VIOLATION、乘客在指定上车点叫不了车。",
        ["AirportPickupRejectsHigh：机场上车点拒单超过阈值"],
        ["看被拒的上车点坐标是否落在运营公布的上车点里。", "到 xx-geo 查当前围栏集版本、最近的发布记录与加载日志（顶点数、面积）。",
         "面积异常大（接近整个地球）说明多边形环方向反了，被当成补集。"],
        ["围栏多边形环方向错误（顺时针），被围栏库当成补集。", "围栏坐标系错误。", "围栏发布漏了新上车点。"],
        ["按 RFC 7946 右手法则（外环逆时针）重新发布围栏；发布前校验面积。", "现场引导乘客到上车点，客服解释。"])),
    ("runbooks/rider/no-driver.md", "叫车无人接单处理手册", runbook(
        "叫车无人接单处理手册", "适用于 xx-rider-api 大量 NO_DRIVER_ACCEPTED、叫车订单过期。",
        ["RiderRequestsExpiredHigh：叫车无人接单过期超过阈值"],
        ["看在线司机数与订单量（供需比）。", "看 xx-pricing 报价里的溢价倍数是否随供需变化；溢价快照是否按分钟更新。",
         "溢价快照停更：查 xx-surge-stream 的作业状态、窗口与水位线（watermark）。"],
        ["恶劣天气订单激增、运力不足。", "溢价快照停更，高峰时溢价不起作用，司机不出车。", "派单服务异常。"],
        ["恢复溢价计算作业（必要时重启并修正水位线配置）；临时发司机冲单奖励。", "给水位线延迟加告警。"])),
    ("runbooks/dispatch/pickup-eta.md", "接驾时间预估偏差处理手册", runbook(
        "接驾时间预估偏差处理手册", "适用于 xx-dispatch PICKUP_ETA_MISS 增多、派到远处（江对面）的司机。",
        ["DispatchPickupEtaMissHigh：接驾时间超出预估 15 分钟以上超过阈值"],
        ["看派单日志里的 eta source：yuntu-matrix 正常，fallback-haversine 表示按直线距离估算。",
         "到 xx-eta 查地图供应商距离矩阵接口的返回码（infocode）与限制。"],
        ["地图供应商接口报错或限流，ETA 降级为直线距离，跨江司机看起来很近。", "司机定位漂移。"],
        ["按供应商限制调整请求（拆分 origins）；降级时限制跨江派单。"])),
    ("runbooks/dispatch/match-latency.md", "派单匹配变慢处理手册", runbook(
        "派单匹配变慢处理手册", "适用于 xx-dispatch 匹配轮次耗时超过 2000ms。",
        ["DispatchMatchLatencyHigh：派单匹配轮次 p99 超过 2000ms"],
        ["看就绪副本数与期望副本数（kubectl get deploy xx-dispatch）；HPA 扩出的 Pod 是否 Running。",
         "Pod 停在 ContainerCreating：看 Pod 事件（FailedCreatePodSandBox）与所在节点。", "看节点的网络插件日志（IP 分配）。"],
        ["新节点可分配的 Pod IP 不够，扩出的 Pod 起不来。", "候选司机过多、批次窗口过大。", "Redis 司机位置索引慢。"],
        ["把起不来的 Pod 驱逐到其他节点（cordon 该节点）；节点池的 max-pods 与实例规格的 ENI IP 数对齐。"])),
    ("runbooks/driver/online-refused.md", "司机出车被拦处理手册", runbook(
        "司机出车被拦处理手册", "适用于 xx-driver-api 出车上线被拒（证照、保险）。",
        ["DriverOnlineRefusalsHigh：司机出车被拒超过阈值"],
        ["看拒绝原因：VEHICLE_INSURANCE_EXPIRED、LICENSE_EXPIRED。", "保险过期：到 xx-driver-compliance 查当天保单文件导入日志、"
         "解析出的到期日与司机提供的保单是否一致。"],
        ["保单文件格式变化（日期格式），导入解析错误。", "保险公司文件漏传。", "司机保险确实到期。"],
        ["修正解析格式后重新导入保单文件，刷新车辆状态。", "保险公司格式变更通知纳入变更流程。"])),
    ("runbooks/carshare/unlock.md", "分时租赁开锁失败处理手册", runbook(
        "分时租赁开锁失败处理手册", "适用于 xx-carshare UNLOCK_ACK_TIMEOUT、开锁失败。",
        ["CarshareUnlockFailuresHigh：开锁失败率超过 5%"],
        ["看失败是否集中在某一批车（client id 前缀、车机固件）。", "到 EMQX 查这些车的连接与授权日志（authorization denied）。",
         "查 ACL 规则最近的变更。"],
        ["ACL 规则不匹配某批车的 client id，车机回执被拒。", "车辆在地下车库无信号。", "车机固件故障。"],
        ["修正 ACL 规则后观察回执恢复；开锁失败但车门已开的订单由客服核实免单。"])),
    ("runbooks/trip/end-overdue.md", "行程无法结束处理手册", runbook(
        "行程无法结束处理手册", "适用于 xx-trip TRIP_END_OVERDUE、司机点结束行程失败。",
        ["TripEndOverdueHigh：到达目的地后未结束的行程超过阈值"],
        ["看卡住的行程有什么共同点（时长、里程、司机 App 版本）。", "后台没收到结束请求：查 WAF、网关的拦截日志。"],
        ["WAF 规则拦截了结束行程请求（请求体过大）。", "司机 App 版本缺陷。", "网络问题。"],
        ["对结束行程接口放开相应规则（设为观察模式），让司机 App 重试；人工结束并核对费用。"])),
    ("runbooks/coupon/redeem.md", "优惠券核销失败处理手册", runbook(
        "优惠券核销失败处理手册", "适用于 xx-coupon 核销失败、发券中断。",
        ["CouponRedeemFailures：优惠券核销失败超过阈值", "PgXidAgeHigh：优惠券库事务 ID 年龄过高"],
        ["看 xx-coupon 的数据库报错。", "事务 ID 回卷保护（not accepting commands）：查最老的 xmin（长事务、预备事务、复制槽）。"],
        ["废弃的复制槽或长事务卡住 xmin，vacuum 无法冻结，事务 ID 用尽。", "数据库连接数打满。"],
        ["删除废弃的复制槽，单用户模式 VACUUM FREEZE；未核销的券补发给乘客。", "PgXidAgeHigh 告警必须处理。"])),
    ("runbooks/safety/recording.md", "行程录音无法调听处理手册", runbook(
        "行程录音无法调听处理手册", "适用于 xx-safety 录音调听失败。",
        ["SafetyRecordingPlaybackFailures：录音调听失败超过阈值"],
        ["看失败的录音是什么时候录的，与密钥版本的关系。", "到 KMS 审计看密钥最近的轮换、禁用操作。"],
        ["密钥轮换时禁用了旧版本，旧录音的数据密钥解不开。", "对象存储权限变更。"],
        ["重新启用旧密钥版本（保持非主版本），轮换流程里不禁用仍在使用的版本。"])),
    ("runbooks/payout/weekly.md", "司机周结延迟处理手册", runbook(
        "司机周结延迟处理手册", "适用于周五 20:00 的 xx-payout-weekly 周结任务未按时完成。",
        ["PayoutWeeklySettlementLate：周结超过 30 分钟未完成"],
        ["看每个分片的耗时与流水库 xx-ledger-db 的慢查询计划（Seq Scan 还是索引扫描）。", "查流水库最近的 DDL、索引变更。"],
        ["周结查询用的索引被删或失效，全表扫描。", "流水库主备切换后统计信息缺失。", "当周流水量异常。"],
        ["重建索引（CREATE INDEX CONCURRENTLY）后重跑未完成的分片；删除“未使用”索引前确认统计周期覆盖周任务。"])),
    ("runbooks/driver/app-crash.md", "司机端 App 闪退处理手册", runbook(
        "司机端 App 闪退处理手册", "适用于个别司机反馈 App 闪退。",
        ["DriverAppCrashRate"], ["看崩溃上报的机型与系统版本。"], ["机型兼容问题。", "缓存数据损坏。"],
        ["引导司机清除缓存后重新安装。"])),
    ("runbooks/carshare/ble-key.md", "蓝牙钥匙无响应处理手册", runbook(
        "蓝牙钥匙无响应处理手册", "适用于分时租赁车辆蓝牙钥匙无响应。",
        ["CarshareBleKeyError"], ["看车辆蓝牙模块状态。"], ["蓝牙钥匙电池电量低。"], ["现场更换蓝牙钥匙电池。"])),
    ("runbooks/invoice/title.md", "发票抬头错误处理手册", runbook(
        "发票抬头错误处理手册", "适用于乘客开票后发现抬头或税号错误。",
        ["InvoiceTitleComplaint"], ["核对乘客填写的抬头与税号。"], ["乘客填写错误。"], ["作废后重开。"])),
]


def build_bundle(seed: int = SEED) -> Json:
    w = WorldBuilder(seed=seed, day=DAY, tz=TZ, reference=REFERENCE, instances=INSTANCES,
                     labels={"env": "prod", "cluster": "xx-prod", "region": "cn-hangzhou"})
    for service, (make, every) in NOISE.items():
        w.noise(service, make, START, every_s=every)
    insurance_dates(w)
    fence_orientation(w)
    mqtt_acl(w)
    waf_body_limit(w)
    matrix_limit(w)
    kms_version(w)
    surge_idle(w)
    xid_wraparound(w)
    unused_index(w)
    eni_quota(w)
    other_changes(w)
    k8s_state(w)
    build_metrics(w)
    documents = [{"title": title, "source": source, "content": content} for source, title, content in RUNBOOKS]
    return w.bundle(name="XingXun 行迅出行 2027-03-19", services=SERVICES, documents=documents)


# --- Questions ---------------------------------------------------------------------------------
#: Each incident's own words: in another incident's answer, a misattribution.
FAMILY = {
    "fence": (FENCE_SET, "geo_ops_chenxi"),
    "insurance": ("dd/MM/yyyy", POLICY_FILE),
    "matrix": ("ORIGINS_OVER_LIMIT", "YT-2027-011"),
    "eni": ("ip quota exhausted", "ecs.c7.xlarge"),
    "acl": ("SEC-2027-031", "authorization_permission_denied"),
    "surge": ("rider-demand-v2", "idle-timeout"),
    "waf": ("WAF-BL-2027Q1", "sec_ops_huangqi"),
    "xid": ("debezium_coupon", "wraparound"),
    "kms": ("KeyVersionDisabled", "CHG-20270319-05"),
    "index": (INDEX, "CHG-20270318-22"),
}
#: The remedies of the runbooks for problems that did not happen.
UNRELATED_REMEDIES = ("清除缓存后重新安装", "更换蓝牙钥匙电池", "作废后重开")
FIRING = ("DispatchMatchLatencyHigh", "PayoutWeeklySettlementLate", "CarshareVehicleOffline")
INCIDENT_WORDS = tuple(word for words in FAMILY.values() for word in words)


def _not(*own: str) -> tuple[str, ...]:
    """The other incidents' words, plus the unrelated runbooks' remedies."""
    return tuple(word for family, words in FAMILY.items() if family not in own for word in words) + UNRELATED_REMEDIES


QUESTIONS: tuple[WorldQuestion, ...] = (
    WorldQuestion(
        "rideshare_airport_pickup_cause",
        "中午萧山机场 T4 好多乘客明明站在网约车上车点，叫车却一直提示不在上车区域，乘客端接口这是怎么了？", "cause",
        asked_facts=(fact("PICKUP_ZONE_VIOLATION", "not in fence"),),
        cause_facts=(fact(FENCE_SET, "fence set", "围栏集", "geo_ops_chenxi", "发布围栏"),
                     fact("clockwise", "顺时针", "complement", "补集", "环方向", "orientation")),
        forbidden=_not("fence"), service="xx-rider-api",
        diagnosis=f"10:20 围栏运营 geo_ops_chenxi 发布围栏集 {FENCE_SET}（T4 网约车上车点从 P2 改到 P3），新围栏 {P3_FENCE} 来自 QGIS "
                  "导出，外环是顺时针，围栏库把顺时针环当成补集（加载日志面积 5.1 亿 km²）→ 10:25 起站在 P3 上车点的乘客被判不在围栏内 "
                  "PICKUP_ZONE_VIOLATION，出发层反而能叫车；13:38 按右手法则逆时针重新发布 FENCE-HGH-20270319-r2 后恢复。原因在 xx-geo "
                  "的围栏数据，不在乘客端；09:50 的乘客端 8.14.0 发布不是原因；傍晚的叫车过期是另一件事",
    ),
    WorldQuestion(
        "rideshare_rain_expired_cause",
        "傍晚下大雨那阵好多乘客叫车等三分钟都没人接，单子就没了，乘客端这边怎么回事？", "cause",
        asked_facts=(fact("NO_DRIVER_ACCEPTED", "no driver accepted"),),
        cause_facts=(fact("rider-demand-v2", "watermark", "水位线", "idle", "空闲分区", "pending windows"),
                     fact("xx-surge-stream", "surge snapshot", "溢价快照", "surge 1.00", "溢价")),
        forbidden=_not("surge"), service="xx-rider-api",
        diagnosis="16:05 数据开发 data_dev_fangyu 把溢价计算作业 xx-surge 切到 topic rider-demand-v2（按网格 24 个分区，20–23 是未开城的"
                  "县，没有数据），没有配空闲超时 → 水位线停在空闲分区上，窗口不再触发，16:04 以后没有新的溢价快照 → xx-pricing 一直用 "
                  "16:04 的快照报 1.00 倍，16:25 下大雨后供需失衡也不溢价，司机不出车 → 16:40 起大量叫车 180 秒无人接单过期 "
                  "NO_DRIVER_ACCEPTED，18:22 最多 1186 单/分钟；19:35 作业加 source.idle-timeout=30s 重启后溢价恢复（最高 2.10），"
                  "19:45 回落。15:40 的计价 5.2.0 发布不是原因；中午机场上车点拒单是另一件事",
    ),
    WorldQuestion(
        "rideshare_dispatch_far_cause",
        "下午派单老把江对面的司机派给乘客，接驾动不动二三十分钟，乘客等不了都取消了，派单系统怎么了？", "cause",
        asked_facts=(fact("PICKUP_ETA_MISS", "fallback-haversine", "straight line"),),
        cause_facts=(fact("ORIGINS_OVER_LIMIT", "20003", "max 25", "origins"),
                     fact("distancematrix", "距离矩阵", "YunTu", "云途")),
        forbidden=_not("matrix"), service="xx-dispatch",
        diagnosis="14:00 起地图供应商云途按公告 YT-2027-011（只写在接口响应头里）把距离矩阵每次请求的 origins 限制为 25，xx-eta 每单送 "
                  "50 个候选司机 → infocode=20003 ORIGINS_OVER_LIMIT，降级为直线距离估算 → 派单按直线距离选了江对面看起来很近的司机"
                  "（eta source fallback-haversine），实际绕桥二三十分钟 PICKUP_ETA_MISS，乘客取消；16:40 eta.matrix.max-origins "
                  "50 -> 25 拆分请求后恢复。13:30 的候选半径配置不是原因；晚上的匹配变慢是另一件事",
    ),
    WorldQuestion(
        "rideshare_dispatch_slow_cause",
        "晚上八点半以后派单越来越慢，一轮匹配要好几秒，派单这边到底卡在哪？", "cause",
        asked_facts=(fact("> 2000ms", "DispatchMatchLatencyHigh", "ready replicas 8/12"),),
        cause_facts=(fact(BAD_NODE, "node-07", "07 节点"),
                     fact("ip quota exhausted", "FailedCreatePodSandBox", "ContainerCreating", "ecs.c7.xlarge", "ENI")),
        forbidden=_not("eni"), service="xx-dispatch",
        diagnosis=f"昨晚 22:10 infra_ops_wangle 把节点池 np-general-b 的规格从 ecs.g7.2xlarge 改成 ecs.c7.xlarge，max-pods 仍是 64，而新"
                  f"规格的 ENI 只给 30 个 Pod IP；19:52 cluster-autoscaler 按新规格加了 {BAD_NODE}，20:02 数据团队的 23 个 Spark Pod 又"
                  "占了它的 IP → 20:38 派单 HPA 从 8 扩到 12，新 Pod 都调度到 node-07，FailedCreatePodSandBox（ENI ip quota exhausted），"
                  "停在 ContainerCreating → 只有 8 个副本扛周五夜间流量，匹配轮次 2–5 秒，DispatchMatchLatencyHigh 到 21:30 仍在告警。"
                  "20:15 的批次窗口配置不是原因；下午派到江对面是另一件事",
    ),
    WorldQuestion(
        "rideshare_payout_weekly_cause",
        "今晚八点的司机周结到现在还没出来，司机群里都在问，结算服务怎么了？", "cause",
        asked_facts=(fact("statement timeout", "Seq Scan", "ledger query took"),),
        cause_facts=(fact(INDEX, "DROP INDEX", "索引被删", "删除了索引"),
                     fact("CHG-20270318-22", "dba_zhaolei", "unused index", "idx_scan 0", "stats reset")),
        forbidden=_not("index"), service="xx-payout",
        diagnosis=f"昨晚 23:40 DBA dba_zhaolei 按变更 CHG-20270318-22 清理“未使用”索引，删掉了 {INDEX}（idx_scan 为 0 是因为 03-13 主备"
                  "切换重置了统计，而这个索引只有周五的周结用）→ 20:00 CronJob xx-payout-weekly 每个分片都全表扫描 driver_ledger（Seq "
                  "Scan，1.8 亿行），每片约两分钟、部分撞上 120 秒 statement timeout 重试，到 21:30 只完成约 4%（上周 12 分 48 秒跑完），"
                  "PayoutWeeklySettlementLate 仍在告警；需要 CREATE INDEX CONCURRENTLY 重建后重跑。19:30 的 payout 2.3.0 发布不是原因",
    ),
    WorldQuestion(
        "rideshare_carshare_unlock_cause",
        "中午开始好多用户租新款车点开锁没反应，有的说车门其实开了但 App 显示失败，分时租赁这是什么情况？", "cause",
        asked_facts=(fact("UNLOCK_ACK_TIMEOUT", "no ack in 15s"),),
        cause_facts=(fact("SEC-2027-031", "ACL", "sec_ops_liuyang", "授权规则"),
                     fact("XXC2", "clientid", "client id", "^XXC-")),
        forbidden=_not("acl"), service="xx-carshare",
        diagnosis="11:05 安全团队 sec_ops_liuyang 在 EMQX 上应用 ACL 加固 SEC-2027-031：车机只有 client id 匹配 ^XXC-[0-9]{6}$ 才能发布，"
                  "2027 批次的 120 台新车以 XXC2- 开头 → 它们的回执和上报被拒（authorization_permission_denied）→ 车机收到指令开了锁，"
                  "平台却收不到 ack，15 秒 UNLOCK_ACK_TIMEOUT 告诉用户开锁失败；老车正常。15:15 规则改成 ^XXC2?-[0-9]{6}$ 后恢复。10:40 "
                  "的分时租赁 3.9.0 发布不是原因；CarshareVehicleOffline（浙A·F0K233 在地下车库）无关",
    ),
    WorldQuestion(
        "rideshare_trip_end_cause",
        "下午好些司机跑完长途单点结束行程一直失败，乘客那边还显示行程中，行程服务怎么了？", "cause",
        asked_facts=(fact("TRIP_END_OVERDUE", "end not received"),),
        cause_facts=(fact("920400", "WAF-BL-2027Q1", "WAF"),
                     fact("65536", "64 KB", "request body", "请求体")),
        forbidden=_not("waf"), service="xx-trip",
        diagnosis="12:30 安全团队 sec_ops_huangqi 把 WAF 基线规则集 WAF-BL-2027Q1 从观察改为拦截，其中规则 920400 拦截超过 65536 字节的请求体；"
                  "司机 App 结束行程时上传整段 GPS 轨迹，一小时以上的行程超过 64 KB → 结束请求在 WAF 被 403，根本到不了后台 → xx-trip "
                  "报 TRIP_END_OVERDUE，最多 236 单（16:44）；16:50 对结束行程接口把 920400 设为观察，App 重试后结束。12:05 的行程 4.7.0 "
                  "发布不是原因",
    ),
    WorldQuestion(
        "rideshare_coupon_cause",
        "六点前后开始优惠券全都用不了，结算的时候券核销不掉，券系统怎么了？", "cause",
        asked_facts=(fact("not accepting commands", "SQLSTATE 54000"),),
        cause_facts=(fact("wraparound", "事务 ID 回卷", "XID", "transaction ids"),
                     fact("debezium_coupon", "replication slot", "复制槽")),
        forbidden=_not("xid"), service="xx-coupon",
        diagnosis="优惠券库 xx-coupon-db 上一个逻辑复制槽 debezium_coupon 在 1 月 8 日 CDC 连接器下线时没删，一直卡着最老的 xmin，"
                  "autovacuum 冻结不了，库里早就在报 must be vacuumed within N transactions、PgXidAgeHigh 从 03-04 起一直告警没人处理；"
                  "17:30 雨天关怀券 CP-RAIN-0319 大量发券把最后的事务 ID 用完 → 17:52 数据库 not accepting commands to avoid "
                  "wraparound data loss → 券核销、发券全部失败，行程按无券扣款。18:40 DBA 删除复制槽、单用户模式 VACUUM FREEZE，20:24 "
                  "恢复。17:05 的 2.6.1 发布不是原因，发券活动只是加速",
    ),
    WorldQuestion(
        "rideshare_refusals_quantity", "早上司机出车被拦得最厉害的时候，十分钟里被拒了多少次？", "quantity",
        asked_facts=(fact(str(REFUSALS_PEAK)),), forbidden=_not("insurance"), service="xx-driver-api",
        peak=Peak("xx-driver-api", "driver_online_refusals_per_10m", REFUSALS_PEAK),
        diagnosis="driver_online_refusals_per_10m 峰值 173 次（07:40）；DriverOnlineRefusalsHigh 触发时的 48 次不是峰值。起因是 03:00 导入的"
                  "人保保单文件日期改成 dd/MM/yyyy，被按 MM/dd/yyyy 解析，388 辆车的交强险被判过期（VEHICLE_INSURANCE_EXPIRED）",
    ),
    WorldQuestion(
        "rideshare_expired_quantity", "傍晚叫车没人接单过期，最多的时候一分钟过期了多少单？", "quantity",
        asked_facts=(fact(str(EXPIRED_PEAK), "1,186"),), forbidden=_not("surge"), service="xx-rider-api",
        peak=Peak("xx-rider-api", "rider_requests_expired_per_min", EXPIRED_PEAK),
        diagnosis="rider_requests_expired_per_min 峰值 1186 单（18:22）；RiderRequestsExpiredHigh 触发时的 312 单不是峰值。起因是溢价作业"
                  "切到 rider-demand-v2 后水位线停在空闲分区，16:04 以后溢价停在 1.00",
    ),
    WorldQuestion(
        "rideshare_trip_overdue_quantity", "下午卡在行程中结束不了的单子最多有多少？", "quantity",
        asked_facts=(fact(str(OVERDUE_PEAK)),), forbidden=_not("waf"), service="xx-trip",
        peak=Peak("xx-trip", "trips_end_overdue", OVERDUE_PEAK),
        diagnosis="trips_end_overdue 峰值 236 单（16:44）；TripEndOverdueHigh 触发时的 42 单不是峰值。起因是 WAF 规则 920400 拦截超过 "
                  "64 KB 的结束行程请求",
    ),
    WorldQuestion(
        "rideshare_recording_alert_existence", "下午行程录音那边报过警没有？", "existence",
        asked_facts=(fact("SafetyRecordingPlaybackFailures"),),
        cause_facts=(fact("KeyVersionDisabled", "version 3", "禁用"),
                     fact(KMS_KEY, "sec_kms_zhoujie", "CHG-20270319-05", "轮换", "rotated")),
        forbidden=_not("kms"), service="xx-safety",
        diagnosis=f"报过：SafetyRecordingPlaybackFailures 14:22 触发、18:44 恢复。14:10 安全团队 sec_kms_zhoujie 按 CHG-20270319-05 轮换 "
                  f"KMS 密钥 {KMS_KEY}，新建版本 4 为主版本的同时把版本 3 禁用了 → 14:10 以前录的录音（数据密钥由版本 3 加密）调听全部 "
                  "KeyVersionDisabled，客服核实投诉卡住，新录音能放；18:36 版本 3 重新启用后恢复。13:50 的录音保留天数配置不是原因",
    ),
    WorldQuestion(
        "rideshare_invoice_healthy", "行程发票服务上午发了个版，现在有告警或者报错吗？", "existence",
        asked_facts=(HEALTHY,), forbidden=INCIDENT_WORDS, service="xx-invoice", healthy=True,
        diagnosis="没有：只有开票、行程单下载的 INFO 和用户填错税号的 WARN，5xx 最高约 0.11%（阈值 2%），p99 远低于 1500ms，无告警；"
                  "11:30 的 3.4.0 发布与各故障无关",
    ),
    WorldQuestion(
        "rideshare_notify_healthy", "推送短信那边傍晚调了通道权重，有没有出什么问题？", "existence",
        asked_facts=(HEALTHY,), forbidden=INCIDENT_WORDS, service="xx-notify", healthy=True,
        diagnosis="没有告警；5xx 远低于阈值 2%，p99 远低于 800ms；18:10 短信通道权重改成 50/50 后只有 APNs 410 清理失效 token 的正常 "
                  f"WARN。19:53 扩容出的一个 Pod 在 {BAD_NODE} 上，它在 IP 用完之前拿到了 IP，运行正常",
    ),
    WorldQuestion(
        "rideshare_alert_listing", "现在还有哪些告警没恢复？列一下。", "listing",
        asked_facts=tuple(fact(name) for name in FIRING), forbidden=("xx-invoice", "xx-notify"),
        diagnosis="3 条：DispatchMatchLatencyHigh（20:44 起，node-07 的 Pod IP 用完，扩出的派单 Pod 起不来）、PayoutWeeklySettlementLate"
                  "（20:30 起，周结索引被删后全表扫描）、CarshareVehicleOffline（浙A·F0K233 在城西银泰 B3 地下车库，03-18 18:40 起，与今天"
                  "的故障无关）；其余告警都已恢复",
    ),
    WorldQuestion(
        "rideshare_dispatch_changes_listing", "派单系统今天都动过什么？发版、改配置、扩容都算上。", "listing",
        asked_facts=(fact("7.2.0"), fact("dispatch.candidate.radius-m", "radius-m"), fact("dispatch.batch.window-ms", "window-ms"),
                     fact("8 -> 12")),
        forbidden=_not("matrix", "eni"), service="xx-dispatch",
        diagnosis="四次：09:10 发布 7.2.0、13:30 配置 dispatch.candidate.radius-m 3000 -> 3500（下午派到江对面不是它，是地图降级）、20:15 配置 "
                  "dispatch.batch.window-ms 2000 -> 1500、20:38 HPA 从 8 扩到 12（新 Pod 在 node-07 上拿不到 IP）",
    ),
)

WORLD = World(name=NAME, title="XingXun 行迅出行（网约车与分时租赁）", build=build_bundle, questions=QUESTIONS)
