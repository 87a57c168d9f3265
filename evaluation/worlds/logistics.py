"""World "logistics": 顺达快运 ShunDa Express, an express-parcel carrier (``sd-*`` services: Java, Go and Python on
Kubernetes; PostgreSQL, Kafka, Redis and the Mosquitto broker of the Xiaoshan sorting hub HZ01 on virtual machines;
APISIX in front; AMap's web-service API outside), seen on Wednesday 2026-12-09 from 00:00 to the reference time 14:00
(+08:00): the night sort at HZ01 (21:00–05:30), the morning delivery run and lunch. Nothing here was written for the
offline agents; five incidents of families neither the demo nor the other worlds have, in ordinary noise:

(1) 02:05:31        sd-device-mgmt: OTA campaign OTA-20261209-003 pushes sd-pda-agent 4.6.0 (was 4.5.2) to all 2640
                    handheld scanners of HZ01 at once; the new agent connects with an MQTT keepalive of 5 s (was 60) and
    02:09–03:08     reconnects without back-off. Wi-Fi roaming makes PDAs miss the 7.5 s window → Mosquitto on
                    sd-mqtt-hz01-01 disconnects them (``has exceeded timeout``), they reconnect at once over TLS → the
                    single-threaded broker runs at 100 % CPU, ``load/connections/1min`` peaks at 9318 at 02:31 (the storm
                    alert fired at 2104), the 6000 ``max_connections`` are reached at 02:21 (``denied: max_connections
                    exceeded``). sd-sort-gateway loses the broker (``pingresp not received``, then ``network Error :
                    EOF``), chute commands do not reach the PLCs, reject chutes fill, lines L1–L4 stop 02:24–02:31.
                    02:41 the campaign is paused, 02:46 rolled back (OTA-20261209-004); broker calm at 03:03, lines run
                    again 03:06–03:10. 37 PDAs that were off missed the rollback: they flap all day
                    (MqttClientReconnectsHigh stays firing). The 01:12 OTA concurrency config and the gateway's 01:40
                    chute-plan reload are decoys; the cause is on another service than the stalled gateway.
(2) 00:40:22        sd-billing-settlement: ``helm upgrade`` chart py-cronjob 1.4.2 -> 2.0.0 (CHG-20261209-0008) adds
                    ``spec.timeZone`` with the chart default ``Etc/UTC``; the schedule ``30 1 * * *`` (01:30 Beijing) now
    06:00 / 09:30   means 01:30 UTC = 09:30 Beijing. The night run does not happen; 06:00 the statement dispatch finds no
                    batch for bill_date 2026-12-08, 07:00 the COD remittance misses the bank window (deferred to
                    12-10, CodRemittanceNotSent stays firing); 09:30 the job runs by itself (name suffix 29946330 = the
                    Unix minute of 01:30 UTC) and finishes 10:14:51. The hourly cod-sync CronJob keeps running on the hour
                    (whole-hour offset), which is why nobody noticed. The 00:20 fee-rate config is a decoy.
(3) 09:17:43        sd-waybill-service: ``waybill_package.id`` became bigint in June 2025 but its sequence
                    ``waybill_package_id_seq`` stayed ``AS integer`` → ``nextval: reached maximum value of sequence
    09:17–09:31     "waybill_package_id_seq" (2147483647)`` → every waybill creation fails (failures peak at 2846 a
                    minute at 09:29); 09:31:12 the DBA runs ``ALTER SEQUENCE … AS bigint`` (CHG-20261209-0031),
                    merchants' retries drain by 09:48. The 08:42 deploy 5.12.0 and the 09:05 rate-limit config are decoys.
(4) 10:12:36        sd-route-planner: the AMap commercial package LBS-PKG-2025-8831 expired 2026-12-08 24:00 (renewal
                    PO-20261125-0372 unpaid) → the key is back on the base daily quota of 150000 route calls → from
    10:12–10:58     10:12:36 every call answers ``status=0 info=DAILY_QUERY_OVER_LIMIT infocode=10003`` (HTTP 200,
                    not 429) → routes fall back to straight-line distance × 1.3: courier stop orders and ETAs wrong,
                    same-city quotes of sd-pricing-service computed on the fallback distance. 10:58:05 the new package
                    is bound, the planner recovers; 11:00 re-plan job. The 09:58 winter speed-profile push is a decoy.
(5) 09:45:20        sd-kafka: ``kafka-reassign-partitions --execute`` (MT-20261209-012, no throttle) moves 16 replicas of
                    parcel-scan-raw off sd-kafka-1, 11 of them onto sd-kafka-2 → its /data fills (KafkaBrokerDiskUsageHigh
    11:52–12:29     at 11:20, nobody acts) → 11:52:07 ``No space left on device``, all log dirs failed, broker 2 shuts
                    down → the 16 partitions of parcel-track-events with a replica on it are under min.insync.replicas 2
                    → the courier app's outbox relay gets NOT_ENOUGH_REPLICAS and ``Expiring … record(s)`` → tracking
                    pages stop updating (sign-offs still shown as 派送中). 12:14 reassignment cancelled, 12:22 broker 2
                    started, 12:29 back in the ISR; the outbox replay makes the tracking consumer's lag peak at 418377 at
                    12:41, drained 13:05. The 11:30 tracking deploy 4.3.0 and the 11:40 courier config are decoys; the
                    cause is on another service than the stale tracking service.

Healthy: sd-sms-notify (a pickup-code template enabled at 08:15 is a decoy) and sd-locker-service (deploy 2.4.1 at
07:05 is a decoy) — INFO/WARN noise only, under their thresholds, no alert. Still firing at 14:00: RedisReplicaDown
(since 21:40 the evening before: sd-redis-03's host in hardware repair, unrelated), CodRemittanceNotSent (billing) and
MqttClientReconnectsHigh (the 37 PDAs). Kubernetes: the deployments and their pods, the settlement CronJob's last three
job pods and the events of today's runs.
Run ``python -m evaluation.worlds logistics`` to print the bundle.
"""

from __future__ import annotations

import datetime as dt
import functools
import random
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
    replicaset_name,
    runbook,
    termination,
)
from evaluation.worlds.spec import HEALTHY, Peak, World, WorldQuestion, fact

NAME = "logistics"
SEED = 20261209
TZ = dt.timezone(dt.timedelta(hours=8))
DAY = dt.date(2026, 12, 9)
START = dt.datetime(2026, 12, 9, 0, 0, tzinfo=TZ)
REFERENCE = dt.datetime(2026, 12, 9, 14, 0, tzinfo=TZ)
NS = "shunda"
MONTH = "Dec"  # nginx's $time_local, independent of the locale


_t = functools.partial(clock_on, DAY, TZ)  # a clock on the world's day, for module-level constants





# --- The lines the questions are about (the tests find each one in the bundle) ----------------
# (1) the MQTT connection storm at HZ01
BROKER = "sd-mqtt-hz01-01"
BROKER_URL = "ssl://10.40.12.21:8883"
MAX_CONNECTIONS = 6000
DM_CONFIG = ("[nacos] config changed: dataId=sd-device-mgmt.yaml group=IOT key=ota.download.max-concurrency old=200 "
             "new=400 operator=iot_dev_sunpeng md5=5be1c07a93d2")
OTA_START = ("OTA campaign OTA-20261209-003 started by iot_ops_zhangkai (night window CHG-20261208-0097): firmware "
             "sd-pda-agent 4.6.0 (was 4.5.2) -> group HZ01-PDA (2640 devices), batch 100%; release notes: faster "
             "offline detection (MQTT keepalive 5s), reconnect immediately after a disconnect")
OTA_PAUSE = ("OTA campaign OTA-20261209-003 paused by iot_oncall_chenbo: 2591/2640 installed, 38 download failures, "
             "11 not started")
OTA_ROLLBACK = ("OTA campaign OTA-20261209-004 started by iot_oncall_chenbo (rollback of OTA-20261209-003): firmware "
                "sd-pda-agent 4.5.2 -> group HZ01-PDA devices on 4.6.0 (2591), batch 100%, force=true")
OTA_GUARDRAIL = ("[nacos] config changed: dataId=sd-device-mgmt.yaml group=IOT key=ota.campaign.default-batch-percent "
                 "old=100 new=10 operator=iot_oncall_chenbo md5=c3a90e1d7f64")
CHUTE_PLAN = ("chute plan reloaded: HZ01 plan v20261209-N1 (was v20261208-N3), 1152 chutes (+24 for 双12 presale on L3), "
              "published by sort_planner_gaoyu")
MQTT_DIAG = ("iot_oncall_chenbo on sd-mqtt-hz01-01: top -> mosquitto 100.0% CPU (one thread); $SYS/broker/clients/"
             "connected 6000 = max_connections; 'New client connected' since 02:09: 41288 lines, 97% PDA-HZ01-* with k5 "
             "(firmware 4.6.0), the rest DWS/EDGE reconnecting after timeouts")
GW_LOST = "mqtt connection lost: pingresp not received, disconnecting (client {client}, broker " + BROKER_URL + ")"
GW_EOF = "mqtt connect to " + BROKER_URL + " failed: network Error : EOF (attempt {n}, client {client})"
LOAD_PEAK = 9318
LOAD_ALERT_VALUE = "2104"

# (2) the settlement CronJob in UTC
SETTLE_CONFIG = ("[nacos] config changed: dataId=sd-billing-settlement.yaml group=FINANCE key=settlement.cod.fee-rate."
                 "KA-EAST old=0.0030 new=0.0028 operator=fin_ops_liyue md5=8d02c7e5ab19")
SETTLE_HELM = ('helm upgrade sd-billing-settlement sd-charts/py-cronjob 1.4.2 -> 2.0.0 -n shunda (release revision 14 -> 15) '
               'by platform_wujie (CHG-20261209-0008 "cronjob chart 2.0: concurrencyPolicy Forbid, startingDeadlineSeconds '
               '600, spec.timeZone"): CronJob sd-billing-settlement schedule "30 1 * * *" unchanged, timeZone: Etc/UTC '
               "(chart default, new), CronJob sd-billing-settlement-codsync schedule \"0 * * * *\" unchanged, timeZone: "
               "Etc/UTC; image sd-billing-settlement:1.14.2 unchanged")
SETTLE_SCHEDULED = dt.datetime(2026, 12, 9, 1, 30, tzinfo=dt.UTC)  # "30 1 * * *" read in Etc/UTC
SETTLE_JOB = job_name("sd-billing-settlement", SETTLE_SCHEDULED)
SETTLE_POD = job_pod(SETTLE_JOB)
#: The last nights' runs (01:30 Beijing, before the chart change) and the one deleted at 10:14 (history limit 3).
SETTLE_OLD_JOBS = tuple(job_name("sd-billing-settlement", dt.datetime(2026, 12, d, 1, 30, tzinfo=TZ)) for d in (7, 8))
SETTLE_DELETED_JOB = job_name("sd-billing-settlement", dt.datetime(2026, 12, 6, 1, 30, tzinfo=TZ))
STATEMENT_MISSING = ("statement dispatch job: settlement batch for bill_date=2026-12-08 not found at cut-off 06:00 (last "
                     "DONE batch STL-20261207-01, finished 2026-12-08T02:13:48+08:00); 0 of 18432 merchant statements sent")
REMITTANCE_SKIPPED = ("COD remittance job: remittance file for bill_date=2026-12-08 not generated (settlement batch "
                      "missing); bank upload window for value date 2026-12-09 closes 07:00 — skipped, 6214 merchants "
                      "¥38,912,406.55 deferred")
SETTLE_START = ("settlement batch start bill_date=2026-12-08 batch_id=STL-20261208-01 trigger=schedule "
                f"job={SETTLE_JOB} started_at=2026-12-09T09:30:04+08:00")
SETTLE_DONE = ("settlement batch done bill_date=2026-12-08 batch_id=STL-20261208-01: 18432 merchant bills, 1482113 "
               "waybills, freight ¥52,118,904.20, COD ¥38,912,406.55, took 44m47s")

# (3) the waybill package sequence
WAYBILL_DEPLOY = ("deploy finished: sd-waybill-service 5.12.0 (was 5.11.4) rolled out by ci-bot pipeline=#9921; changes: "
                  "Douyin e-commerce e-waybill v2 templates")
WAYBILL_CONFIG = ("[nacos] config changed: dataId=sd-waybill-service.yaml group=WAYBILL key=waybill.create.rate-limit."
                  "per-merchant old=200 new=300 operator=dev_xuhang md5=0a7e61c4d93b")
SEQ_ERROR = 'nextval: reached maximum value of sequence "waybill_package_id_seq" (2147483647)'
PACKAGE_SQL = ("INSERT INTO waybill_package (id, waybill_no, seq_no, weight_g, length_mm, width_mm, height_mm, created_at) "
               "VALUES (nextval('waybill_package_id_seq'), ?, ?, ?, ?, ?, ?, now())")
WAYBILL_FAIL = ("create waybill failed merchant={mch} order={order}: org.springframework.dao.DataIntegrityViolationException: "
                "### Error updating database.  Cause: org.postgresql.util.PSQLException: ERROR: " + SEQ_ERROR + " ### The "
                "error may involve com.shunda.waybill.mapper.WaybillPackageMapper.insertBatch-Inline ### SQL: " + PACKAGE_SQL)
PG_PACKAGE_SQL = ("INSERT INTO waybill_package (id, waybill_no, seq_no, weight_g, length_mm, width_mm, height_mm, "
                  "created_at) VALUES (nextval('waybill_package_id_seq'), $1, $2, $3, $4, $5, $6, now())")
SEQ_CHECK = ("dba_liujun on sd-pg-waybill-01: SELECT data_type, last_value, max_value FROM pg_sequences WHERE sequencename = "
             "'waybill_package_id_seq' -> integer | 2147483647 | 2147483647; column waybill_package.id is bigint since "
             "migration V2025_06_14__waybill_package_id_bigint.sql (ALTER TABLE … TYPE bigint left the sequence AS integer)")
SEQ_FIX = "statement: ALTER SEQUENCE public.waybill_package_id_seq AS bigint MAXVALUE 9223372036854775807"
SEQ_FIX_NOTE = ("dba_liujun: ALTER SEQUENCE public.waybill_package_id_seq AS bigint MAXVALUE 9223372036854775807 "
                "(CHG-20261209-0031, emergency) done in 4 ms; nextval -> 2147483648")
FAILED_PEAK = 2846

# (4) the AMap daily quota
ROUTE_CONFIG = ("config reloaded from apollo: eta.speed-profile autumn-2026 -> winter-2026 (namespace route-planner.eta, "
                "operator=gis_dev_pangli, releaseKey=20261209095820-4f1c2a)")
AMAP_FAIL = ("amap request failed api=/v5/direction/driving status=0 info=DAILY_QUERY_OVER_LIMIT infocode=10003 "
             "key=****a3f9 http=200 took={ms}ms")
AMAP_DIAG = ("gis_oncall_heqing: AMap console, key sd-route-prod (****a3f9): 路径规划 today 150000/150000 (base daily quota); "
             "commercial package LBS-PKG-2025-8831 (3000000 calls/day) expired 2026-12-08 24:00, renewal PO-20261125-0372 "
             "approved but not paid")
AMAP_QUOTA = ("AMap key sd-route-prod (****a3f9): commercial package LBS-PKG-2026-1209 bound by fin_proc_zhouyan "
              "(PO-20261125-0372 paid): 路径规划 daily quota 150000 -> 3000000, effective immediately")
AMAP_BASE_QUOTA = 150000

# (5) the Kafka broker's disk
REASSIGN = ("kafka_admin_dongqi: kafka-reassign-partitions.sh --bootstrap-server sd-kafka-1:9092 --reassignment-json-file "
            "move-scan-raw-off-broker1.json --execute (MT-20261209-012 \"move parcel-scan-raw replicas off sd-kafka-1, disk "
            "SMART warnings\"): 16 replicas of parcel-scan-raw, 11 -> broker 2, 5 -> broker 3, no --throttle")
KAFKA_APPEND = ("Error while appending records to parcel-scan-raw-{p} in dir /data/kafka "
                "(kafka.server.LogDirFailureChannel) java.io.IOException: No space left on device")
KAFKA_HALT = "Shutdown broker because all log dirs in /data/kafka have failed (kafka.log.LogManager)"
KAFKA_DIAG = ("kafka_oncall_fanjie: sd-kafka-2 down since 11:52 (all log dirs failed), /data 100% (1.97T/1.97T): du -> 771G "
              "in parcel-scan-raw-* replicas added by the 09:45 reassignment (MT-20261209-012)")
CANCEL = ("kafka_oncall_fanjie: kafka-reassign-partitions.sh --bootstrap-server sd-kafka-1:9092 --reassignment-json-file "
          "move-scan-raw-off-broker1.json --cancel (MT-20261209-012 rollback): Successfully cancelled partition "
          "reassignments for 16 partitions of parcel-scan-raw")
NOT_ENOUGH = ("[Producer clientId=courier-api-track-relay] Got error produce response with correlation id {cid} on "
              "topic-partition parcel-track-events-{p}, retrying ({left} attempts left). Error: NOT_ENOUGH_REPLICAS")
EXPIRING = ("track outbox relay: send failed for {n} events: org.apache.kafka.common.errors.TimeoutException: Expiring {n} "
            "record(s) for parcel-track-events-{p}:{ms} ms has passed since batch creation; events kept in outbox "
            "(pending={pending})")
TRACK_DEPLOY = ("deploy finished: sd-tracking-service 4.3.0 (was 4.2.6) rolled out by ci-bot pipeline=#9934; changes: "
                "delivery time window on the tracking page")
COURIER_CONFIG = ("[nacos] config changed: dataId=sd-courier-api.yaml group=COURIER key=signoff.photo.max-size-kb old=800 "
                  "new=1200 operator=dev_maoyi md5=6f1d08b2e4a7")
LAG_PEAK = 418377
LAG_ALERT_VALUE = "98410"
#: parcel-track-events has 24 partitions, RF 2 on three brokers: 16 of them have a replica on sd-kafka-2.
TRACK_PARTITIONS_ON_2 = (0, 1, 3, 4, 6, 7, 9, 10, 12, 13, 15, 16, 18, 19, 21, 22)

# Healthy services' changes and the unrelated alert
LOCKER_DEPLOY = ("deploy finished: sd-locker-service 2.4.1 (was 2.4.0) rolled out by ci-bot pipeline=#9907; changes: "
                 "pickup code valid 72h for cold-chain lockers")
SMS_CONFIG = ("sms template SMS_482190377 (驿站取件码 v2: 取件码+驿站营业时间) approved by the channel and enabled for "
              "biz=pickup_code by ops_sms_tianyu (was SMS_472015588)")
REDIS_SUMMARY = ("sd-redis-03（10.30.7.23）与主库 sd-redis-01 复制断开：宿主机硬件报修 MT-20261208-021，自 21:40 起 sd-redis "
                 "以一主一从运行")

# --- Pods and hosts ---------------------------------------------------------------------------------
ROLLOUTS: dict[str, list[tuple[str, tuple[str, ...]]]] = {
    "sd-api-gateway": [("00:00", pod_names("sd-api-gateway", "3.8.1", 3))],
    "sd-waybill-service": [("00:00", pod_names("sd-waybill-service", "5.11.4", 6)),
                           ("08:42:40", pod_names("sd-waybill-service", "5.12.0", 6))],
    "sd-route-planner": [("00:00", pod_names("sd-route-planner", "3.6.4", 3))],
    "sd-pricing-service": [("00:00", pod_names("sd-pricing-service", "2.20.3", 3))],
    "sd-sort-gateway": [("00:00", pod_names("sd-sort-gateway", "2.9.3", 2))],
    "sd-device-mgmt": [("00:00", pod_names("sd-device-mgmt", "1.17.0", 2))],
    "sd-courier-api": [("00:00", pod_names("sd-courier-api", "6.4.2", 6))],
    "sd-tracking-service": [("00:00", pod_names("sd-tracking-service", "4.2.6", 4)),
                            ("11:30:40", pod_names("sd-tracking-service", "4.3.0", 4))],
    "sd-billing-api": [("00:00", pod_names("sd-billing-api", "3.3.0", 2))],
    "sd-sms-notify": [("00:00", pod_names("sd-sms-notify", "1.9.2", 2))],
    "sd-locker-service": [("00:00", pod_names("sd-locker-service", "2.4.0", 3)),
                          ("07:05:40", pod_names("sd-locker-service", "2.4.1", 3))],
}
VMS = {
    "sd-pg-waybill": ["sd-pg-waybill-01", "sd-pg-waybill-02"],
    "sd-mqtt": [BROKER],
    "sd-kafka": ["sd-kafka-1", "sd-kafka-2", "sd-kafka-3"],
    "sd-redis": ["sd-redis-01", "sd-redis-02"],
    "sd-billing-settlement": [SETTLE_POD],
}
INSTANCES: dict[str, list[str]] = {service: list(steps[-1][1]) for service, steps in ROLLOUTS.items()} | VMS
NODES = [f"sd-hz-node-{n:02d}" for n in range(1, 17)]
SORT_PODS = ROLLOUTS["sd-sort-gateway"][0][1]
TRACK_PODS_OLD = ROLLOUTS["sd-tracking-service"][0][1]
TRACK_PODS = ROLLOUTS["sd-tracking-service"][1][1]
COURIER_PODS = ROLLOUTS["sd-courier-api"][0][1]
ROUTE_PODS = ROLLOUTS["sd-route-planner"][0][1]
WAYBILL_PODS = ROLLOUTS["sd-waybill-service"][1][1]
DM_PODS = ROLLOUTS["sd-device-mgmt"][0][1]
KAFKA_IPS = {1: "10.30.9.31", 2: "10.30.9.32", 3: "10.30.9.33"}

# The handheld scanners of HZ01 (fixed, not drawn: which PDA upgraded when does not depend on the noise).
PDAS = 2640
_ORDER = random.Random(41).sample(range(1, PDAS + 1), PDAS)
UPGRADED = 2591  # installed when the campaign was paused
#: 37 of the upgraded PDAs were switched off in their cradles during the rollback: they stay on 4.6.0 and k5.
LEFTOVER = tuple(sorted(random.Random(43).sample(_ORDER[:UPGRADED], 37)))
_INSTALLED = [(_t("02:06"), 0.0), (_t("02:09"), 310.0), (_t("02:15"), 1420.0), (_t("02:25"), 2310.0),
              (_t("02:35"), 2560.0), (_t("02:41"), float(UPGRADED))]
_ROLLED_BACK = [(_t("02:47"), 0.0), (_t("02:55"), 1480.0), (_t("03:03"), 2410.0), (_t("03:28"), float(UPGRADED - 37))]


def _when(curve: list[tuple[dt.datetime, float]], rank: int) -> dt.datetime:
    """The moment the ``rank``-th device (0-based) is counted by a cumulative curve."""
    for (t0, v0), (t1, v1) in zip(curve, curve[1:], strict=False):
        if v0 <= rank < v1:
            return t0 + (t1 - t0) * ((rank - v0) / (v1 - v0))
    return curve[-1][0]


UPGRADE_AT: dict[int, dt.datetime] = {pda: _when(_INSTALLED, rank) for rank, pda in enumerate(_ORDER[:UPGRADED])}
_BACK_ORDER = [pda for pda in _ORDER[:UPGRADED] if pda not in LEFTOVER]
ROLLBACK_AT: dict[int, dt.datetime] = {pda: _when(_ROLLED_BACK, rank) for rank, pda in enumerate(_BACK_ORDER)}


def keepalive(pda: int, moment: dt.datetime) -> int:
    """The keepalive a PDA connects with at ``moment``: 5 s while it runs sd-pda-agent 4.6.0."""
    upgraded = UPGRADE_AT.get(pda)
    if upgraded is None or moment < upgraded:
        return 60
    back = ROLLBACK_AT.get(pda)
    return 60 if back is not None and moment >= back else 5


def _pda_id(pda: int) -> str:
    return f"PDA-HZ01-{pda:04d}"


def _pda_ip(pda: int) -> str:
    return f"10.41.{32 + pda // 200}.{pda % 200 + 20}"


SERVICES: list[Json] = [
    {"name": "sd-api-gateway", "aliases": ["API 网关", "网关", "APISIX"],
     "description": "Apache APISIX 3.8（3 个副本）：open.shunda-express.com（商家开放平台 /open/api/*）与 App 的 /api/* 入口，"
                    "按路由转发到 shunda 命名空间的各服务；访问日志为 APISIX 默认格式。"},
    {"name": "sd-waybill-service", "aliases": ["运单服务", "下单服务", "运单中心"],
     "description": "运单创建与查询（Java 17，Spring Boot + MyBatis，6 个副本）：商家 ERP / 电商平台经开放平台下单，一个运单写 "
                    "waybill 一行、waybill_package（子单 / 包裹）每件一行；库在 PostgreSQL sd-pg-waybill 的 waybill 库，"
                    "应用账号 waybill_app，连接池 HikariPool-1 每 Pod 40。"},
    {"name": "sd-pg-waybill", "aliases": ["运单库", "运单数据库", "PostgreSQL 运单库"],
     "description": "PostgreSQL 14 主从：sd-pg-waybill-01（主，10.30.6.41）、sd-pg-waybill-02（流复制从库）；log_statement=ddl，"
                    "log_min_duration_statement=1000ms；表结构变更由 Flyway 管理。"},
    {"name": "sd-route-planner", "aliases": ["路由规划", "路径规划", "派件路线"],
     "description": "派件路线与预计送达时间（Go 1.22，3 个副本）：每天早上给快递员排派件顺序，全天刷新 ETA，给计费服务算同城距离；"
                    "调用高德 Web 服务 API（/v5/direction/driving，key sd-route-prod ****a3f9），失败时退化为直线距离 × 1.3 估算；"
                    "配置在 Apollo。"},
    {"name": "sd-pricing-service", "aliases": ["计费服务", "运价服务", "报价"],
     "description": "报价与运费计算（Java 17，3 个副本）：标快、经济件按重量与区域计费，同城急送按 sd-route-planner 返回的"
                    "行驶距离计费。"},
    {"name": "sd-sort-gateway", "aliases": ["分拣网关", "分拣中心网关", "设备网关"],
     "description": "分拣中心设备网关（Go 1.22，2 个副本，paho MQTT 客户端 keepalive 30s）：通过萧山转运中心 HZ01 的 MQTT broker "
                    "订阅 DWS 扫描结果（hz01/dws/+/scan），在 1.2 秒内给出格口并下发到 PLC 边缘盒（hz01/plc/+/chute）；"
                    "超时的包裹由 PLC 送回流口。四条交叉带线 L1–L4，夜班 21:00–05:30。"},
    {"name": "sd-device-mgmt", "aliases": ["设备管理平台", "设备管理", "OTA 平台"],
     "description": "分拣中心与网点设备管理（Java 17，2 个副本）：手持 PDA、DWS、供包台、边缘盒的台账、心跳、配置下发与固件 "
                    "OTA（按设备组发起活动，批次比例可配）；配置在 Nacos。"},
    {"name": "sd-mqtt", "aliases": ["MQTT", "MQTT broker", "萧山 MQTT"],
     "description": "萧山转运中心 HZ01 的 Mosquitto 2.0.18（虚拟机 sd-mqtt-hz01-01，10.40.12.21，单线程）：TLS 监听 8883，"
                    "max_connections 6000；约 2640 台手持 PDA（PDA-HZ01-*，Wi-Fi）、24 台 DWS、96 台供包台、4 个 PLC 边缘盒"
                    "（EDGE-HZ01-L1..L4）与分拣网关接入；日志为 Mosquitto 的 connection_messages。"},
    {"name": "sd-courier-api", "aliases": ["快递员 App 接口", "快递员 App", "小哥 App"],
     "description": "快递员 App 后端（Java 17，6 个副本）：派件任务、签收、轨迹上报；签收与扫描事件先写本地 outbox 表，由 "
                    "relay 发到 Kafka topic parcel-track-events（acks=all，delivery.timeout.ms 120000）。"},
    {"name": "sd-tracking-service", "aliases": ["查件服务", "物流轨迹", "轨迹查询", "tracking"],
     "description": "物流轨迹查询（Java 17，Spring Kafka，4 个副本）：消费组 tracking-updater 消费 parcel-track-events 更新轨迹库，"
                    "对外提供 /api/v2/track/{运单号}。"},
    {"name": "sd-kafka", "aliases": ["Kafka", "消息队列"],
     "description": "Kafka 3.4（ZooKeeper 模式，虚拟机）：sd-kafka-1 10.30.9.31（controller）、sd-kafka-2 10.30.9.32、sd-kafka-3 "
                    "10.30.9.33，每台一块 2T 数据盘 /data/kafka；parcel-track-events 24 分区、parcel-scan-raw 32 分区，"
                    "副本数 2，min.insync.replicas=2。"},
    {"name": "sd-billing-settlement", "aliases": ["结算批处理", "结算任务", "日结"],
     "description": "商家运费与代收货款日结（Python 3.11，Kubernetes CronJob sd-billing-settlement，schedule 30 1 * * *，结算前一"
                    "自然日；CronJob sd-billing-settlement-codsync 每小时汇总快递员代收款）；以 Helm chart sd-charts/py-cronjob "
                    "部署。结果须在 06:00 前完成，供账单推送与 07:00 银行代付窗口使用。"},
    {"name": "sd-billing-api", "aliases": ["账单服务", "商家账单"],
     "description": "商家账单、对账单推送与代收货款代付（Java 17，2 个副本）：06:00 推送前一日对账单，07:00 向银行上传代收货款"
                    "代付文件（银企直连，当日窗口 07:00 截止）。"},
    {"name": "sd-sms-notify", "aliases": ["短信通知", "短信服务"],
     "description": "短信通知（Python 3.11，2 个副本）：取件码、派件提醒、签收通知，经阿里云与腾讯云两个通道按权重发送；"
                    "由快递柜服务与快递员 App 接口通过 HTTP 调用。"},
    {"name": "sd-locker-service", "aliases": ["快递柜服务", "智能柜", "快递柜"],
     "description": "智能快递柜（Java 17，3 个副本）：投柜、取件、超时提醒，约 4800 组柜体经 HTTPS 心跳上报。"},
    {"name": "sd-redis", "aliases": ["Redis", "缓存"],
     "description": "Redis 7.0 一主两从 + 哨兵：sd-redis-01（主）、sd-redis-02、sd-redis-03；轨迹查询缓存与 App 会话。"},
]

QUIET: dict[str, list[tuple[str, str]]] = {
    "sd-sort-gateway": [("02:12:00", "03:12:00")],
    "sd-device-mgmt": [("02:05:00", "03:35:00")],
    "sd-mqtt": [("02:08:30", "03:15:00")],
    "sd-waybill-service": [("09:17:43", "09:48:00")],
    "sd-route-planner": [("10:12:36", "10:59:00")],
    "sd-courier-api": [("11:52:00", "12:52:00")],
    "sd-tracking-service": [("11:52:00", "13:08:00")],
}
WINDOWS = {
    "seq": (_t("09:17:43"), _t("09:31:12")),
    "map": (_t("10:12:36"), _t("10:58:40")),
    "kafka2_down": (_t("11:52:07"), _t("12:22:05")),
}


def _inside(window: str, t: dt.datetime) -> bool:
    a, b = WINDOWS[window]
    return a <= t < b


# --- Noise -------------------------------------------------------------------------------------
Line = tuple[str, str, dict[str, Any]]


def _waybill_no(w: WorldBuilder) -> str:
    return f"SD{w.rng.randint(6120000000000, 6129999999999)}"


def _merchant(w: WorldBuilder) -> str:
    return f"M{w.rng.choice([100, 101, 102, 205, 310])}{w.rng.randint(1000, 9999)}"


def _order(w: WorldBuilder) -> str:
    prefix = w.rng.choice(["TB", "PDD", "DY", "JD", "ERP"])
    return f"{prefix}{w.rng.randint(10**15, 10**16 - 1)}"


def _courier(w: WorldBuilder) -> str:
    return f"C{w.rng.randint(330100, 339999)}"


def _station(w: WorldBuilder) -> str:
    return f"HZ-{w.rng.choice(['XS', 'BJ', 'YH', 'GS', 'SC', 'XH'])}-{w.rng.randint(1, 60):03d}"


def _phone(w: WorldBuilder) -> str:
    return f"1{w.rng.choice([35, 38, 39, 58, 77, 86])}****{w.rng.randint(1000, 9999)}"


def _client_ip(w: WorldBuilder) -> str:
    return f"{w.rng.choice([39, 60, 101, 112, 115, 183, 223])}.{w.rng.randint(1, 254)}.{w.rng.randint(1, 254)}.{w.rng.randint(1, 254)}"


def _pod_ip(w: WorldBuilder) -> str:
    return f"10.42.{w.rng.randint(1, 15)}.{w.rng.randint(10, 250)}"


def _day(t: dt.datetime) -> bool:
    """Delivery hours (07:00 on): couriers out, lockers busy; before that the night sort and line-haul."""
    return t >= _t("07:00")


UAS = ["ShunDaCourier/6.4.2 (Android 12; UROVO DT50)", "ShunDaCourier/6.4.2 (Android 11; iData T2)",
       "okhttp/4.12.0", "Apache-HttpClient/4.5.14 (Java/1.8.0_372)", "python-requests/2.31.0",
       "Mozilla/5.0 (iPhone; CPU iPhone OS 17_6 like Mac OS X) AppleWebKit/605.1.15 MicroMessenger/8.0.50"]


def apisix_line(w: WorldBuilder, t: dt.datetime, host: str, method: str, path: str, status: int, rt: float) -> str:
    """An APISIX access line in its default format (nginx's plus host, upstream address, status and time)."""
    size = w.rng.randint(120, 9000) if status < 400 else w.rng.randint(60, 240)
    upstream = f"{_pod_ip(w)}:8080"
    up_rt = max(rt - w.rng.uniform(0.0, 0.003), 0.001)
    return (f'{_client_ip(w)} - - [{t.day:02d}/{MONTH}/{t.year}:{t:%H:%M:%S} +0800] {host} "{method} {path} HTTP/1.1" '
            f'{status} {size} {rt:.3f} "-" "{w.rng.choice(UAS)}" {upstream} {status} {up_rt:.3f} '
            f'"http://{upstream}{path.split("?")[0]}"')


def _gateway(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = w.pod_at(ROLLOUTS["sd-api-gateway"], t)
    roll = w.rng.random()
    open_host, app_host = "open.shunda-express.com", "app.shunda-express.com"
    if roll < 0.26:
        host, method, path, route = open_host, "POST", "/open/api/v1/waybill/create", "waybill-create"
        if _inside("seq", t):
            status, rt = 500, w.rng.uniform(0.018, 0.07)
        else:
            status, rt = 200, w.rng.uniform(0.03, 0.16)
    elif roll < 0.36:
        host, method, path, route = open_host, "GET", f"/open/api/v1/waybill/{_waybill_no(w)}", "waybill-query"
        status, rt = 200, w.rng.uniform(0.005, 0.04)
    elif roll < 0.58:
        host, method, path, route = app_host, "GET", f"/api/v2/track/{_waybill_no(w)}", "track-query"
        status, rt = 200, w.rng.uniform(0.004, 0.05)
    elif roll < 0.70:
        host, method, route = app_host, "POST", "price-quote"
        path = "/api/price/v1/quote"
        status, rt = 200, w.rng.uniform(0.02, 0.2)
    elif roll < 0.86:
        host, route = app_host, "courier"
        method, path = w.rng.choice([("POST", "/api/courier/v1/signoff"), ("GET", "/api/courier/v1/tasks"),
                                     ("POST", "/api/courier/v1/gps"), ("GET", "/api/courier/v1/route")])
        if not _day(t) and path != "/api/courier/v1/gps":
            path = "/api/courier/v1/tasks"
        status, rt = 200, w.rng.uniform(0.01, 0.3)
    elif roll < 0.95:
        host, route = app_host, "locker"
        method, path = w.rng.choice([("POST", "/api/locker/v1/deposit"), ("POST", "/api/locker/v1/pickup"),
                                     ("POST", "/api/locker/v1/heartbeat")])
        status, rt = 200, w.rng.uniform(0.008, 0.09)
    else:
        host, method, path, route = open_host, "GET", f"/open/api/v1/bill/statements?month=2026-12&merchant={_merchant(w)}", \
            "billing"
        status, rt = 200, w.rng.uniform(0.02, 0.3)
    level = "WARN" if status >= 500 else "INFO"
    return level, apisix_line(w, t, host, method, path, status, rt), {"instance": pod, "log_type": "access", "route": route}


def _waybill(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = w.pod_at(ROLLOUTS["sd-waybill-service"], t)
    roll = w.rng.random()
    if roll < 0.45:
        packages = w.rng.choice([1, 1, 1, 1, 2, 3])
        return "INFO", (f"waybill created no={_waybill_no(w)} merchant={_merchant(w)} order={_order(w)} packages={packages} "
                        f"product={w.rng.choice(['standard', 'standard', 'economy', 'same-city'])} took={w.ms(18, 120)}ms"), {
            "instance": pod}
    if roll < 0.67:
        return "INFO", (f"waybill query no={_waybill_no(w)} status={w.rng.choice(['CREATED', 'PICKED_UP', 'IN_TRANSIT'])} "
                        f"took={w.ms(2, 18)}ms"), {"instance": pod}
    if roll < 0.77:
        return "INFO", (f"e-waybill template sync task: {w.rng.randint(40, 52)} templates checked (cainiao, douyin, pdd), "
                        "0 updated"), {"instance": pod, "task": "template-sync"}
    if roll < 0.87:
        active = w.rng.randint(1, 9)
        return "DEBUG", f"HikariPool-1 - Pool stats (total=40, active={active}, idle={40 - active}, waiting=0)", {
            "instance": pod, "logger": "com.zaxxer.hikari.pool.HikariPool"}
    if roll < 0.96:
        return "WARN", (f"address parse low confidence merchant={_merchant(w)} order={_order(w)} level=district "
                        f"score=0.{w.rng.randint(41, 68)}, waybill sent to manual review"), {"instance": pod}
    return "INFO", "[nacos] config listener: dataId=sd-waybill-service.yaml md5 unchanged, no refresh", {"instance": pod}


def _pg(w: WorldBuilder, t: dt.datetime) -> Line:
    roll = w.rng.random()
    pid = w.rng.randint(20000, 39999)
    if roll < 0.3:
        buffers = w.rng.randint(9000, 26000)
        return "INFO", (f"[{pid}] LOG:  checkpoint complete: wrote {buffers} buffers ({buffers / 5242.88:.1f}%); 0 WAL file(s) "
                        f"added, 0 removed, {w.rng.randint(8, 16)} recycled; write={w.rng.uniform(260, 270):.3f} s, "
                        f"sync=0.0{w.rng.randint(10, 40)} s, total={w.rng.uniform(270, 271):.3f} s"), {
            "instance": "sd-pg-waybill-01", "job": "checkpointer"}
    if roll < 0.55:
        table = w.rng.choice(["waybill_route_log", "waybill_status_history", "merchant_address_book"])
        return "INFO", (f"[{pid}] LOG:  automatic vacuum of table \"waybill.public.{table}\": index scans: 1, pages: 0 "
                        f"removed, {w.rng.randint(200000, 900000)} remain, tuples: {w.rng.randint(5000, 90000)} removed"), {
            "instance": "sd-pg-waybill-01", "task": "autovacuum"}
    if roll < 0.8:
        return "INFO", (f"[{pid}] report_ro@waybill LOG:  duration: {w.rng.uniform(1000, 3200):.3f} ms  statement: SELECT "
                        "merchant_id, product, count(*) FROM waybill WHERE created_at >= current_date - 1 GROUP BY 1, 2"), {
            "instance": "sd-pg-waybill-02", "log_type": "slow"}
    if roll < 0.92:
        return "INFO", (f"[{pid}] LOG:  restartpoint complete: wrote {w.rng.randint(4000, 12000)} buffers; recovery restart "
                        f"point at 4A3/{w.hex(8).upper()}"), {"instance": "sd-pg-waybill-02"}
    return "WARN", f"[{pid}] waybill_app@waybill LOG:  could not receive data from client: Connection reset by peer", {
        "instance": "sd-pg-waybill-01"}


AMAP_CALLS = [(START, 0.0), (_t("06:00"), 9800.0), (_t("07:00"), 21500.0), (_t("08:00"), 58000.0), (_t("09:00"), 101000.0),
              (_t("10:00"), 141300.0), (_t("10:12"), 149650.0), (_t("10:13"), float(AMAP_BASE_QUOTA)),
              (_t("10:58"), float(AMAP_BASE_QUOTA)), (_t("11:00"), 152600.0), (_t("12:00"), 187000.0),
              (REFERENCE, 232000.0)]


def _route(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = w.rng.choice(ROUTE_PODS)
    roll = w.rng.random()
    profile = "winter-2026" if t >= w.at("09:58:20") else "autumn-2026"
    if roll < 0.5:
        if _day(t):
            stops = w.rng.randint(28, 64)
            return "INFO", (f"route plan ok courier={_courier(w)} station={_station(w)} stops={stops} "
                            f"distance={w.rng.uniform(24, 71):.1f}km eta_last={w.rng.randint(15, 19)}:{w.rng.randint(0, 59):02d} "
                            f"source=amap amap_calls={stops // 10 + 1} took={w.ms(180, 900)}ms"), {"instance": pod}
        return "INFO", (f"linehaul eta refresh task: {w.rng.randint(40, 130)} trucks, source=amap, speed profile {profile}, "
                        f"took={w.ms(300, 1800)}ms"), {"instance": pod, "task": "linehaul-eta"}
    if roll < 0.7:
        return "INFO", (f"eta refresh task: {w.rng.randint(2000, 40000)} waybills ETA updated (speed profile {profile})"), {
            "instance": pod, "task": "eta-refresh"}
    if roll < 0.82:
        calls = int(interpolate(AMAP_CALLS, t))
        return "INFO", f"amap usage: key=sd-route-prod(****a3f9) api=/v5/direction/driving calls_today={calls}", {
            "instance": pod, "job": "amap-usage"}
    if roll < 0.93:
        return "INFO", f"geofence cache sync job: {w.rng.randint(1810, 1840)} station polygons, 0 changed", {
            "instance": pod, "job": "geofence-sync"}
    return "WARN", (f"route plan: stop of waybill {_waybill_no(w)} geocoded at precision=street only, moved to end of "
                    f"route (courier {_courier(w)})"), {"instance": pod}


CITIES = ["杭州", "上海", "宁波", "苏州", "南京", "温州", "合肥", "广州"]


def _pricing(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = w.pod_at(ROLLOUTS["sd-pricing-service"], t)
    roll = w.rng.random()
    if roll < 0.55:
        product = w.rng.choice(["standard", "standard", "economy", "same-city"])
        weight = w.rng.uniform(0.3, 12.0)
        if product == "same-city":
            km = w.rng.uniform(3, 28)
            if _inside("map", t):
                straight = km / w.rng.uniform(1.25, 1.7) * 1.3
                return "WARN", (f"quote product=same-city from=杭州 to=杭州 weight={weight:.1f}kg distance={straight:.1f}km "
                                f"source=fallback(straight-line x1.3, route-planner degraded) fee={12 + straight * 2.1:.2f} "
                                f"took={w.ms(30, 120)}ms"), {"instance": pod}
            return "INFO", (f"quote ok product=same-city from=杭州 to=杭州 weight={weight:.1f}kg distance={km:.1f}km "
                            f"source=route fee={12 + km * 2.1:.2f} took={w.ms(40, 260)}ms"), {"instance": pod}
        return "INFO", (f"quote ok product={product} from=杭州 to={w.rng.choice(CITIES)} weight={weight:.1f}kg "
                        f"fee={8 + weight * 2.5:.2f} took={w.ms(4, 30)}ms"), {"instance": pod}
    if roll < 0.75:
        return "INFO", "rate table cache refresh task: tables 2026-12 v3 (unchanged)", {"instance": pod, "task": "rate-refresh"}
    if roll < 0.9:
        return "INFO", (f"freight calc merchant={_merchant(w)} waybills={w.rng.randint(20, 400)} discount=KA "
                        f"took={w.ms(20, 200)}ms"), {"instance": pod}
    return "WARN", f"quote rejected: weight {w.rng.uniform(50.5, 80):.1f}kg over same-city limit 50kg", {"instance": pod}


LINES = ("L1", "L2", "L3", "L4")


def _chute_plan(t: dt.datetime) -> str:
    return "v20261209-N1 (1152 chutes)" if t >= _t("01:40:05") else "v20261208-N3 (1128 chutes)"


def _sort(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = SORT_PODS[0] if w.rng.random() < 0.55 else SORT_PODS[1]
    roll = w.rng.random()
    night = t < _t("05:30") or t >= _t("21:00")
    throughput = w.rng.randint(3600, 4000) if night else w.rng.randint(900, 1400)
    if roll < 0.55:
        line = w.rng.choice(LINES)
        return "INFO", (f"scan routed barcode={_waybill_no(w)} dws=DWS-HZ01-{w.rng.randint(1, 24):02d} line={line} "
                        f"chute={line}-{w.rng.randint(1, 288):03d} decision={w.ms(12, 60)}ms"), {"instance": pod}
    if roll < 0.7:
        return "INFO", (f"line status L1=RUNNING L2=RUNNING L3=RUNNING L4=RUNNING throughput={throughput}/min "
                        f"reject={w.rng.uniform(0.3, 0.9):.1f}%"), {"instance": pod}
    if roll < 0.8:
        return "INFO", f"chute plan sync job: plan {_chute_plan(t)} unchanged", {"instance": pod, "job": "chute-plan-sync"}
    if roll < 0.92:
        return "INFO", "device heartbeat summary hub=HZ01 dws=24/24 ind=96/96 edge=4/4 broker=connected", {"instance": pod}
    return "WARN", (f"no-read: dws=DWS-HZ01-{w.rng.randint(1, 24):02d} line={w.rng.choice(LINES)} barcode unreadable, "
                    "parcel to manual chute"), {"instance": pod}


HUBS = ("HZ01", "JX03", "SH05", "NB02")


def _device_mgmt(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = w.rng.choice(DM_PODS)
    roll = w.rng.random()
    hub = w.rng.choice(HUBS)
    if roll < 0.4:
        total = {"HZ01": 2764, "JX03": 1410, "SH05": 1988, "NB02": 906}[hub]
        offline = w.rng.randint(8, 40)
        if hub == "HZ01" and t >= _t("07:45"):
            offline += 37
        return "INFO", f"heartbeat batch hub={hub} reported={total - offline} offline={offline}", {"instance": pod}
    if roll < 0.65:
        if hub == "HZ01":
            pda = w.rng.choice(_ORDER[UPGRADED:] + _BACK_ORDER) if t >= _t("03:35") else w.rng.randint(1, PDAS)
            return "INFO", f"ota check-in device={_pda_id(pda)} firmware=4.5.2 up to date", {"instance": pod}
        return "INFO", f"ota check-in device=PDA-{hub}-{w.rng.randint(1, 1900):04d} firmware=4.5.2 up to date", {"instance": pod}
    if roll < 0.8:
        return "INFO", f"device config sync task: scanner profile v12 pushed to {w.rng.randint(0, 12)} devices (hub={hub})", {
            "instance": pod, "task": "config-sync"}
    if roll < 0.9:
        return "INFO", "certificate expiry scan job: 0 device certificates expiring within 30 days", {
            "instance": pod, "job": "cert-scan"}
    return "WARN", f"device PDA-{hub}-{w.rng.randint(1, 1900):04d} reported battery {w.rng.randint(2, 5)}%, marked low-battery", {
        "instance": pod}


def _mqtt(w: WorldBuilder, t: dt.datetime) -> Line:
    roll = w.rng.random()
    pda = w.rng.randint(1, PDAS)
    while pda in LEFTOVER:
        pda = w.rng.randint(1, PDAS)
    client = _pda_id(pda)
    if roll < 0.3:
        return "INFO", f"Client {client} closed its connection.", {"instance": BROKER}
    if roll < 0.45:
        return "INFO", f"New connection from {_pda_ip(pda)}:{w.rng.randint(32768, 60999)} on port 8883.", {"instance": BROKER}
    if roll < 0.75:
        return "INFO", (f"New client connected from {_pda_ip(pda)}:{w.rng.randint(32768, 60999)} as {client} (p2, c0, "
                        f"k{keepalive(pda, t)}, u'hz01-pda')."), {"instance": BROKER}
    if roll < 0.85:
        return "INFO", f"Client {client} has exceeded timeout, disconnecting.", {"instance": BROKER}
    if roll < 0.95:
        return "INFO", "Saving in-memory database to /var/lib/mosquitto/mosquitto.db.", {"instance": BROKER,
                                                                                         "task": "autosave"}
    return "INFO", (f"Client DWS-HZ01-{w.rng.randint(1, 24):02d} closed its connection."), {"instance": BROKER}


def _courier_noise(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = w.rng.choice(COURIER_PODS)
    roll = w.rng.random()
    if _day(t):
        if roll < 0.3:
            return "INFO", (f"signoff ok waybill={_waybill_no(w)} courier={_courier(w)} "
                            f"type={w.rng.choice(['本人签收', '家人代收', '驿站代收', '快递柜'])} photo=yes "
                            f"took={w.ms(20, 140)}ms"), {"instance": pod}
        if roll < 0.5:
            return "INFO", f"task list synced courier={_courier(w)} tasks={w.rng.randint(30, 140)}", {"instance": pod}
        if roll < 0.7:
            return "INFO", (f"track outbox relay: published {w.rng.randint(200, 900)} events in {w.ms(15, 80)}ms "
                            f"(pending={w.rng.randint(0, 120)})"), {"instance": pod, "task": "outbox-relay"}
        if roll < 0.9:
            return "INFO", f"gps batch uploaded courier={_courier(w)} points={w.rng.randint(20, 60)}", {"instance": pod}
        return "WARN", f"signoff rejected waybill={_waybill_no(w)}: courier {_courier(w)} is not the assignee", {
            "instance": pod}
    if roll < 0.45:
        return "INFO", (f"track outbox relay: published {w.rng.randint(20, 300)} events in {w.ms(8, 40)}ms "
                        f"(pending={w.rng.randint(0, 30)})"), {"instance": pod, "task": "outbox-relay"}
    if roll < 0.75:
        return "INFO", (f"task list prefetch job for the morning shift: station={_station(w)} "
                        f"tasks={w.rng.randint(800, 4000)}"), {"instance": pod, "job": "task-prefetch"}
    if roll < 0.95:
        return "INFO", f"gps batch uploaded courier={_courier(w)} points={w.rng.randint(2, 12)} (night line-haul escort)", {
            "instance": pod}
    return "WARN", f"token refresh rejected courier={_courier(w)}: device changed, re-login required", {"instance": pod}


def _tracking(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = w.pod_at(ROLLOUTS["sd-tracking-service"], t)
    roll = w.rng.random()
    if roll < 0.55:
        status = w.rng.choice(["IN_TRANSIT", "IN_TRANSIT", "DELIVERING", "SIGNED", "PICKED_UP"] if _day(t)
                              else ["IN_TRANSIT", "IN_TRANSIT", "ARRIVED_HUB", "PICKED_UP"])
        return "INFO", (f"track query waybill={_waybill_no(w)} status={status} events={w.rng.randint(3, 14)} "
                        f"took={w.ms(2, 20)}ms"), {"instance": pod}
    if roll < 0.75:
        applied = w.rng.randint(4200, 6400) if _day(t) else w.rng.randint(2600, 3900)
        return "INFO", f"track consumer stats 60s: applied={applied} lag={w.rng.randint(80, 600)} partitions=24/24 active", {
            "instance": pod, "logger": "TrackConsumerStats"}
    if roll < 0.85:
        return "INFO", f"eta enrich task: {w.rng.randint(3000, 20000)} waybills refreshed from route-planner", {
            "instance": pod, "task": "eta-enrich"}
    if roll < 0.95:
        return "INFO", f"subscription push sync: {w.rng.randint(40, 400)} merchant webhooks notified", {
            "instance": pod, "task": "webhook-sync"}
    return "WARN", f"track query waybill=SD{w.rng.randint(10**10, 10**11)}: not found (malformed number)", {"instance": pod}


def _kafka(w: WorldBuilder, t: dt.datetime) -> Line:
    broker = w.rng.choice([1, 2, 3])
    if broker == 2 and _t("11:52:07") <= t < _t("12:29"):
        broker = w.rng.choice([1, 3])
    roll = w.rng.random()
    if roll < 0.4:
        p = w.rng.randint(0, 23)
        return "INFO", (f"[LocalLog partition=parcel-track-events-{p}, dir=/data/kafka] Rolled new log segment at offset "
                        f"{w.rng.randint(80000000, 99000000)} in {w.rng.randint(1, 6)} ms. (kafka.log.LocalLog)"), {
            "instance": f"sd-kafka-{broker}"}
    if roll < 0.65:
        p = w.rng.randint(0, 31)
        stamp = int((t - dt.timedelta(days=3, minutes=w.rng.randint(5, 40))).timestamp() * 1000)
        return "INFO", (f"[UnifiedLog partition=parcel-scan-raw-{p}, dir=/data/kafka] Deleting segment LogSegment(baseOffset="
                        f"{w.rng.randint(300000000, 390000000)}, size=1073741{w.rng.randint(100, 823)}, lastModifiedTime="
                        f"{stamp}, largestRecordTimestamp=Some({stamp - 7})) due to retention time 259200000ms breach based "
                        "on the largest record timestamp in the segment (kafka.log.UnifiedLog)"), {
            "instance": f"sd-kafka-{broker}", "task": "log-retention"}
    if roll < 0.85:
        return "INFO", (f"[GroupMetadataManager brokerId={broker}] Removed 0 expired offsets in {w.rng.randint(0, 2)} "
                        "milliseconds. (kafka.coordinator.group.GroupMetadataManager)"), {"instance": f"sd-kafka-{broker}"}
    return "INFO", ("[Controller id=1] Processing automatic preferred replica leader election "
                    "(kafka.controller.KafkaController)"), {"instance": "sd-kafka-1"}


def _billing_api(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = w.rng.choice(ROLLOUTS["sd-billing-api"][0][1])
    roll = w.rng.random()
    if roll < 0.45:
        return "INFO", (f"GET /api/billing/v1/statements?merchant={_merchant(w)}&month=2026-12 200 "
                        f"took={w.ms(12, 160)}ms"), {"instance": pod}
    if roll < 0.65:
        return "INFO", (f"invoice export task {w.hex(10)}: {w.rng.randint(200, 8000)} rows, {w.rng.randint(40, 900)}KB, "
                        f"done in {w.ms(200, 2400)}ms"), {"instance": pod, "task": "invoice-export"}
    if roll < 0.8:
        return "INFO", f"top-up reconciliation sync job: {w.rng.randint(3, 60)} merchant top-ups matched, 0 unmatched", {
            "instance": pod, "job": "topup-sync"}
    if roll < 0.9:
        return "INFO", f"monthly bill preview recalculated merchant={_merchant(w)} (月结)", {"instance": pod}
    return "WARN", f"statement download denied merchant={_merchant(w)}: sub-account without finance role", {"instance": pod}


def _sms(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = w.rng.choice(ROLLOUTS["sd-sms-notify"][0][1])
    roll = w.rng.random()
    if roll < 0.5:
        biz = w.rng.choice(["pickup_code", "pickup_code", "delivery_notice", "signoff"] if _day(t) else
                           ["pickup_code", "signoff"])
        template = {"pickup_code": "SMS_482190377" if t >= _t("08:15:30") else "SMS_472015588",
                    "delivery_notice": "SMS_465201931", "signoff": "SMS_465201942"}[biz]
        return "INFO", (f"sms sent template={template} channel={w.rng.choice(['aliyun', 'aliyun', 'tencent'])} "
                        f"phone={_phone(w)} biz={biz} biz_id={_waybill_no(w)} took={w.ms(40, 260)}ms"), {"instance": pod}
    if roll < 0.7:
        return "INFO", (f"delivery receipt sync job: {w.rng.randint(200, 4000)} receipts pulled from "
                        f"{w.rng.choice(['aliyun', 'tencent'])}, delivered {w.rng.uniform(98.6, 99.7):.1f}%"), {
            "instance": pod, "job": "receipt-sync"}
    if roll < 0.8:
        return "INFO", "channel weights reload: aliyun=70 tencent=30 (unchanged)", {"instance": pod}
    if roll < 0.9:
        return "INFO", f"rate limit window reset task: {w.rng.randint(2000, 30000)} phones tracked", {
            "instance": pod, "task": "ratelimit-reset"}
    return "WARN", f"sms skipped phone={_phone(w)}: in user blacklist (unsubscribed)", {"instance": pod}


def _locker(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = w.pod_at(ROLLOUTS["sd-locker-service"], t)
    roll = w.rng.random()
    locker = f"HZ-{w.rng.choice(['XS', 'BJ', 'YH', 'GS'])}-{w.rng.randint(1, 1300):04d}"
    cell = f"{w.rng.choice('ABCD')}{w.rng.randint(1, 24):02d}"
    if roll < 0.4 and _day(t):
        return "INFO", (f"deposit ok locker={locker} cell={cell} waybill={_waybill_no(w)} courier={_courier(w)}, pickup "
                        "code sent"), {"instance": pod}
    if roll < 0.65:
        return "INFO", (f"pickup ok locker={locker} cell={cell} waybill={_waybill_no(w)} "
                        f"via={w.rng.choice(['code', 'app', 'face'])}"), {"instance": pod}
    if roll < 0.8:
        return "INFO", f"locker heartbeat summary: online {4830 - w.rng.randint(12, 24)}/4830 (maintenance list 12)", {
            "instance": pod}
    if roll < 0.9:
        return "INFO", f"overdue scan job: {w.rng.randint(300, 1400)} parcels over 48h, reminder sms queued", {
            "instance": pod, "job": "overdue-scan"}
    return "WARN", f"cell door not closed locker={locker} cell={cell} 60s after pickup, station notified", {"instance": pod}


NOISE = {
    "sd-api-gateway": (_gateway, 25), "sd-waybill-service": (_waybill, 80), "sd-pg-waybill": (_pg, 360),
    "sd-route-planner": (_route, 100), "sd-pricing-service": (_pricing, 120), "sd-sort-gateway": (_sort, 70),
    "sd-device-mgmt": (_device_mgmt, 200), "sd-mqtt": (_mqtt, 90), "sd-courier-api": (_courier_noise, 75),
    "sd-tracking-service": (_tracking, 75), "sd-kafka": (_kafka, 300), "sd-billing-api": (_billing_api, 240),
    "sd-sms-notify": (_sms, 140), "sd-locker-service": (_locker, 140),
}


def redis_saves(w: WorldBuilder) -> None:
    """Redis's own routine: an RDB save every five minutes or so (save 300 100), the CoW report."""
    moment = w.at("00:03:17")
    while moment < REFERENCE:
        pid = w.rng.randint(40000, 69999)
        took = w.rng.randint(8, 19)
        w.log(moment, "sd-redis", "INFO", "100 changes in 300 seconds. Saving...", instance="sd-redis-01", trace=False)
        w.log(moment + dt.timedelta(milliseconds=w.rng.randint(10, 60)), "sd-redis", "INFO",
              f"Background saving started by pid {pid}", instance="sd-redis-01", trace=False)
        done = moment + dt.timedelta(seconds=took)
        if done < REFERENCE:
            w.log(done, "sd-redis", "INFO", "DB saved on disk", instance="sd-redis-01", trace=False)
            w.log(done + dt.timedelta(milliseconds=90), "sd-redis", "INFO", "Background saving terminated with success",
                  instance="sd-redis-01", trace=False)
        moment += dt.timedelta(seconds=300 + w.rng.randint(0, 40), milliseconds=w.rng.randint(0, 999))


# --- Incident 1: the PDA firmware with a 5 s keepalive, the connection storm on the hub's broker ------------------
LOAD = [(START, 22), (_t("02:05"), 24), (_t("02:07"), 61), (_t("02:09"), 140), (_t("02:12"), 880), (_t("02:15"), 2104),
        (_t("02:20"), 5350), (_t("02:25"), 7800), (_t("02:28"), 8650), (_t("02:30"), 9105), (_t("02:31"), LOAD_PEAK),
        (_t("02:32"), 9140), (_t("02:34"), 8920), (_t("02:40"), 8410), (_t("02:46"), 7650), (_t("02:50"), 5200),
        (_t("02:55"), 2900), (_t("03:00"), 1100), (_t("03:05"), 260), (_t("03:10"), 90), (_t("03:20"), 26),
        (_t("07:45"), 24), (_t("07:50"), 71), (_t("08:00"), 78), (REFERENCE, 74)]
CONNECTED = [(START, 2931), (_t("02:09"), 2936), (_t("02:15"), 4120), (_t("02:18"), 5480), (_t("02:21"), MAX_CONNECTIONS),
             (_t("03:02"), MAX_CONNECTIONS), (_t("03:04"), 4410), (_t("03:08"), 3020), (_t("03:15"), 2928),
             (_t("05:30"), 2911), (_t("06:10"), 1402), (_t("07:40"), 1388), (_t("08:00"), 2204), (REFERENCE, 2196)]
DENIALS = (_t("02:21:06"), _t("03:02:10"))
THROUGHPUT = [(START, 3810), (_t("02:12"), 3790), (_t("02:16"), 2950), (_t("02:20"), 2410), (_t("02:24"), 1650),
              (_t("02:27"), 720), (_t("02:31"), 0), (_t("03:06"), 0), (_t("03:08"), 1900), (_t("03:11"), 3720),
              (_t("05:30"), 3650), (_t("05:40"), 1200), (REFERENCE, 1150)]
REJECT = [(START, 0.6), (_t("02:12"), 0.7), (_t("02:15"), 9.8), (_t("02:17"), 18.6), (_t("02:22"), 41.3),
          (_t("02:30"), 63.8), (_t("03:06"), 12.0), (_t("03:10"), 2.1), (_t("03:14"), 0.8), (REFERENCE, 0.5)]
#: The sort gateway's two pods: (lost, reconnected) spans of its MQTT session — reconnects get EOF while denied.
GW_OUTAGES = (
    (("02:16:04", "02:16:31"), ("02:19:40", "02:20:22"), ("02:23:12", "03:03:40")),
    (("02:16:09", "02:16:44"), ("02:22:51", "03:04:05")),
)
LINE_STOPS = {"L2": ("02:24:18", "03:06:12"), "L1": ("02:26:03", "03:07:30"), "L3": ("02:27:40", "03:08:44"),
              "L4": ("02:31:22", "03:10:05")}


def _gw_connected(index: int, moment: dt.datetime) -> bool:
    return not any(_t(a) <= moment < _t(b) for a, b in GW_OUTAGES[index])


def _storm_step(w: WorldBuilder, moment: dt.datetime) -> dt.timedelta:
    load = interpolate(LOAD, moment)
    if load > 4000:
        return dt.timedelta(seconds=w.rng.randint(2, 4), milliseconds=w.rng.randint(0, 999))
    if load > 1000:
        return dt.timedelta(seconds=w.rng.randint(3, 6), milliseconds=w.rng.randint(0, 999))
    return dt.timedelta(seconds=w.rng.randint(6, 12), milliseconds=w.rng.randint(0, 999))


def _connect(w: WorldBuilder, moment: dt.datetime, client: str, ip: str, ka: int, user: str,
             pda: int | None = None) -> dt.datetime:
    """A (re)connection as Mosquitto logs it; refused once the listener is full. A PDA's keepalive is the one of the
    firmware it runs when its CONNECT is accepted."""
    port = w.rng.randint(32768, 60999)
    if DENIALS[0] <= moment < DENIALS[1] and w.rng.random() < 0.55:
        w.log(moment, "sd-mqtt", "INFO", f"Client connection from {ip} denied: max_connections exceeded.", instance=BROKER,
              trace=False)
        return moment
    w.log(moment, "sd-mqtt", "INFO", f"New connection from {ip}:{port} on port 8883.", instance=BROKER, trace=False)
    if interpolate(LOAD, moment) > 3000 and w.rng.random() < 0.18:
        later = moment + dt.timedelta(seconds=w.rng.randint(5, 9), milliseconds=w.rng.randint(0, 999))
        w.log(later, "sd-mqtt", "ERROR", "OpenSSL Error[0]: error:0A000126:SSL routines::unexpected eof while reading",
              instance=BROKER, trace=False)
        return later
    later = moment + dt.timedelta(milliseconds=w.rng.randint(40, 2400) if interpolate(LOAD, moment) > 1000 else 30)
    if pda is not None:
        ka = keepalive(pda, later)
    w.log(later, "sd-mqtt", "INFO", f"New client connected from {ip}:{port} as {client} (p2, c0, k{ka}, u'{user}').",
          instance=BROKER, trace=False)
    return later


def mqtt_storm(w: WorldBuilder) -> None:
    w.log(w.at("01:12:40.318"), "sd-device-mgmt", "INFO", DM_CONFIG, instance=DM_PODS[0], change="config")
    w.log(w.at("01:40:05.227"), "sd-sort-gateway", "INFO", CHUTE_PLAN, instance=SORT_PODS[0], change="config")
    w.log(w.at("02:05:31.402"), "sd-device-mgmt", "INFO", OTA_START, instance=DM_PODS[1], change="ota",
          ticket="CHG-20261208-0097")
    # The broker: upgrades, then timeouts and immediate reconnects, refusals once full, the rollback's reconnects.
    upgraded_sorted = sorted(UPGRADE_AT.items(), key=lambda item: item[1])
    moment = w.at("02:08:41.120")
    while moment < w.at("03:14:50"):
        on5 = [pda for pda, at in upgraded_sorted if keepalive(pda, moment) == 5]
        roll = w.rng.random()
        if moment < w.at("02:12") or (w.at("02:47") <= moment and roll < 0.35):
            # a PDA that just installed (or rolled back) restarts its agent: a clean close, then a new session
            fresh = [pda for pda, at in upgraded_sorted if abs((at - moment).total_seconds()) < 40] if moment < w.at("02:12") \
                else [pda for pda in _BACK_ORDER if abs((ROLLBACK_AT[pda] - moment).total_seconds()) < 60]
            pda = w.rng.choice(fresh) if fresh else w.rng.randint(1, PDAS)
            w.log(moment, "sd-mqtt", "INFO", f"Client {_pda_id(pda)} closed its connection.", instance=BROKER, trace=False)
            later = moment + dt.timedelta(seconds=w.rng.randint(20, 45), milliseconds=w.rng.randint(0, 999))
            _connect(w, later, _pda_id(pda), _pda_ip(pda), 60, "hz01-pda", pda)
        elif roll < 0.12 and w.at("02:13") <= moment < w.at("03:01"):
            # the broker is too busy to answer PINGREQs: fixed devices time out too
            client, ka, user, ip = w.rng.choice([
                (f"DWS-HZ01-{w.rng.randint(1, 24):02d}", 30, "hz01-dws", f"10.41.8.{w.rng.randint(11, 34)}"),
                (f"IND-HZ01-{w.rng.randint(1, 96):02d}", 30, "hz01-ind", f"10.41.10.{w.rng.randint(11, 106)}"),
                (f"EDGE-HZ01-{w.rng.choice(LINES)}", 20, "hz01-edge", f"10.41.9.{w.rng.randint(11, 14)}"),
            ])
            w.log(moment, "sd-mqtt", "INFO", f"Client {client} has exceeded timeout, disconnecting.", instance=BROKER,
                  trace=False)
            _connect(w, moment + dt.timedelta(seconds=w.rng.randint(1, 4)), client, ip, ka, user)
        elif on5:
            pda = w.rng.choice(on5)
            client = _pda_id(pda)
            if roll < 0.8:
                w.log(moment, "sd-mqtt", "INFO", f"Client {client} has exceeded timeout, disconnecting.", instance=BROKER,
                      trace=False)
                _connect(w, moment + dt.timedelta(milliseconds=w.rng.randint(80, 900)), client, _pda_ip(pda), 5, "hz01-pda",
                         pda)
            else:
                # the PDA gave up on its own before the broker noticed: the old session is taken over
                later = _connect(w, moment, client, _pda_ip(pda), 5, "hz01-pda", pda)
                if later > moment:
                    w.log(later + dt.timedelta(milliseconds=1), "sd-mqtt", "INFO",
                          f"Client {client} already connected, closing old connection.", instance=BROKER, trace=False)
        moment += _storm_step(w, moment)
    w.log(w.at("02:35:50.604"), "sd-mqtt", "INFO", MQTT_DIAG, instance="ops-console", trace=False)
    # The OTA platform's view.
    moment = w.at("02:06:10.018")
    while moment < w.at("02:41"):
        installed = round(interpolate(_INSTALLED, moment))
        failed = 0 if moment < w.at("02:14") else min(38, int((moment - w.at("02:14")).total_seconds() // 40))
        downloaded = min(PDAS - 11 - failed, installed + 30 + int(160 * (1 - installed / UPGRADED)))
        w.log(moment, "sd-device-mgmt", "INFO",
              f"OTA-20261209-003 progress: downloaded {downloaded}/2640, installed {installed}, failed {failed}",
              instance=DM_PODS[1], job="ota-progress")
        moment += dt.timedelta(seconds=60, milliseconds=w.rng.randint(0, 999))
    moment = w.at("02:10:20.640")
    while moment < w.at("03:35"):
        storm = w.at("02:13") <= moment < w.at("03:04")
        offline = w.rng.randint(900, 1900) if storm else w.rng.randint(20, 90)
        w.log(moment, "sd-device-mgmt", "WARN" if storm else "INFO",
              f"heartbeat batch hub=HZ01 reported={2764 - offline} offline={offline}"
              + (f" (presence flapping, median session {w.rng.randint(6, 11)}s)" if storm else ""),
              instance=w.rng.choice(DM_PODS))
        moment += dt.timedelta(seconds=w.rng.randint(100, 160), milliseconds=w.rng.randint(0, 999))
    w.log(w.at("02:41:10.533"), "sd-device-mgmt", "INFO", OTA_PAUSE, instance=DM_PODS[0], change="ota")
    w.log(w.at("02:46:30.107"), "sd-device-mgmt", "INFO", OTA_ROLLBACK, instance=DM_PODS[0], change="ota")
    moment = w.at("02:48:05.331")
    while moment < w.at("03:29"):
        done = round(interpolate(_ROLLED_BACK, moment))
        w.log(moment, "sd-device-mgmt", "INFO",
              f"OTA-20261209-004 progress: rolled back {done}/2591, pending {2591 - done}", instance=DM_PODS[0],
              job="ota-progress")
        moment += dt.timedelta(seconds=w.rng.randint(100, 140), milliseconds=w.rng.randint(0, 999))
    w.log(w.at("03:30:02.470"), "sd-device-mgmt", "WARN",
          "OTA-20261209-004 finished: 2554/2591 rolled back to 4.5.2, 37 pending (devices offline, will retry when they "
          "check in)", instance=DM_PODS[0], job="ota-progress")
    w.log(w.at("05:20:44.019"), "sd-device-mgmt", "INFO", OTA_GUARDRAIL, instance=DM_PODS[1], change="config")
    # The sort gateway: scans arrive late, its session drops, chute commands cannot be sent, the lines stop.
    for index, pod in enumerate(SORT_PODS):
        client = f"sort-gw-hz01-{pod.rsplit('-', 1)[1]}"
        for lost, back in GW_OUTAGES[index]:
            start = w.at(lost)
            w.log(start, "sd-sort-gateway", "WARN", GW_LOST.format(client=client), instance=pod)
            attempt, moment = 1, start + dt.timedelta(seconds=2)
            while moment < w.at(back):
                if DENIALS[0] <= moment < DENIALS[1]:
                    w.log(moment, "sd-sort-gateway", "ERROR", GW_EOF.format(n=attempt, client=client), instance=pod)
                else:
                    w.log(moment, "sd-sort-gateway", "WARN",
                          f"mqtt connect to {BROKER_URL} timed out after 10s (attempt {attempt}, client {client})",
                          instance=pod)
                attempt += 1
                moment += dt.timedelta(seconds=min(2 ** min(attempt, 5), 30), milliseconds=w.rng.randint(0, 999))
            w.log(w.at(back), "sd-sort-gateway", "INFO",
                  f"mqtt connected to {BROKER_URL} as {client} after {attempt} attempts, resubscribed "
                  "$share/sortgw/hz01/dws/+/scan, hz01/plc/+/state", instance=pod)
    moment = w.at("02:12:03.801")
    while moment < w.at("03:12"):
        index = 0 if w.rng.random() < 0.55 else 1
        pod = SORT_PODS[index]
        line = w.rng.choice(LINES)
        stop, restart = LINE_STOPS[line]
        barcode = _waybill_no(w)
        dws = f"DWS-HZ01-{w.rng.randint(1, 24):02d}"
        roll = w.rng.random()
        if w.at(stop) <= moment < w.at(restart):
            if roll < 0.25:
                w.log(moment, "sd-sort-gateway", "WARN",
                      f"line {line} is STOPPED (reject chute full), scan of {barcode} from {dws} held", instance=pod)
        elif not _gw_connected(index, moment):
            if roll < 0.6:
                w.log(moment, "sd-sort-gateway", "ERROR",
                      f"publish chute command failed: not connected (barcode={barcode} line={line} "
                      f"chute={line}-{w.rng.randint(1, 288):03d})", instance=pod)
        elif w.at("02:13") <= moment < w.at("03:04") and roll < 0.7:
            late = w.rng.randint(1300, 9800)
            scanned = moment - dt.timedelta(milliseconds=late)
            w.log(moment, "sd-sort-gateway", "WARN",
                  f"chute decision late: barcode={barcode} dws={dws} line={line} scanned {scanned:%H:%M:%S}."
                  f"{scanned.microsecond // 1000:03d} received {moment:%H:%M:%S}.{moment.microsecond // 1000:03d} "
                  f"({late}ms > 1200ms), parcel to reject chute {line}-R1", instance=pod)
        else:
            w.log(moment, "sd-sort-gateway", "INFO",
                  f"scan routed barcode={barcode} dws={dws} line={line} chute={line}-{w.rng.randint(1, 288):03d} "
                  f"decision={w.ms(14, 380)}ms", instance=pod)
        moment += dt.timedelta(seconds=w.rng.randint(2, 6), milliseconds=w.rng.randint(0, 999))
    for line, (stop, restart) in LINE_STOPS.items():
        w.log(w.at(stop), "sd-sort-gateway", "ERROR",
              f"line {line} stopped by PLC (EDGE-HZ01-{line}): reject chute {line}-R1 full (36/36 cages), induction "
              "halted", instance=SORT_PODS[0])
        w.log(w.at(restart), "sd-sort-gateway", "INFO",
              f"line {line} state STOPPED -> RUNNING (restarted by shift lead after clearing {line}-R1)",
              instance=SORT_PODS[0])
    moment = w.at("02:15:00.412")
    while moment < w.at("03:12"):
        stopped = {line for line in LINES if w.at(LINE_STOPS[line][0]) <= moment < w.at(LINE_STOPS[line][1])}
        states = " ".join(f"{line}={'STOPPED' if line in stopped else 'RUNNING'}" for line in LINES)
        w.log(moment, "sd-sort-gateway", "INFO",
              f"line status {states} throughput={round(interpolate(THROUGHPUT, moment))}/min "
              f"reject={interpolate(REJECT, moment):.1f}%", instance=SORT_PODS[0])
        moment += dt.timedelta(seconds=60, milliseconds=w.rng.randint(0, 999))
    # The 37 PDAs still on 4.6.0 come back with the day shift: they flap, but 37 do not make a storm.
    w.log(w.at("07:52:14.882"), "sd-device-mgmt", "WARN",
          "OTA-20261209-004: 37 pending devices checked in on sd-pda-agent 4.6.0 (day shift), rollback download aborted "
          "(session dropped every few seconds), next retry in the 02:00 maintenance window", instance=DM_PODS[1],
          job="ota-progress")
    moment = w.at("07:48:31.090")
    while moment < REFERENCE:
        pda = w.rng.choice(LEFTOVER)
        w.log(moment, "sd-mqtt", "INFO", f"Client {_pda_id(pda)} has exceeded timeout, disconnecting.", instance=BROKER,
              trace=False)
        _connect(w, moment + dt.timedelta(milliseconds=w.rng.randint(90, 700)), _pda_id(pda), _pda_ip(pda), 5, "hz01-pda",
                 pda)
        moment += dt.timedelta(seconds=w.rng.randint(70, 160), milliseconds=w.rng.randint(0, 999))
    w.alert("MqttBrokerCpuHigh", "sd-mqtt", "critical", w.at("02:13"), w.at("03:09"), "100%",
            "sd-mqtt-hz01-01 mosquitto 进程 CPU 100%（单线程），超过阈值 90%", instance=BROKER)
    w.alert("MqttConnectionStorm", "sd-mqtt", "critical", w.at("02:15"), w.at("03:12"), LOAD_ALERT_VALUE,
            f"HZ01 MQTT broker 每分钟新建连接 {LOAD_ALERT_VALUE}，超过阈值 600", instance=BROKER, hub="HZ01")
    w.alert("SortRejectRateHigh", "sd-sort-gateway", "critical", w.at("02:17"), w.at("03:14"), "18.6%",
            "HZ01 分拣回流率 18.6%，超过阈值 3%", hub="HZ01", namespace=NS)
    w.alert("MqttClientReconnectsHigh", "sd-mqtt", "warning", w.at("08:05"), None, "37",
            "HZ01 有 37 个客户端 10 分钟内重连超过 20 次（PDA-HZ01-*）", instance=BROKER, hub="HZ01")


# --- Incident 2: the settlement CronJob's schedule read in UTC -------------------------------------------------------
SETTLE_IMAGE = "registry.shunda.internal/finance/sd-billing-settlement:1.14.2"
SETTLE_NODE = "sd-hz-node-11"
SETTLE_FINISHED = "10:14:51"
#: The nights before the chart change: (bill date, finished at) of the jobs whose pods are still kept.
SETTLE_HISTORY = ((dt.datetime(2026, 12, 7, 2, 11, 32, tzinfo=TZ), "sd-hz-node-03"),
                  (dt.datetime(2026, 12, 8, 2, 13, 48, tzinfo=TZ), "sd-hz-node-09"))


def _codsync_job(hour: int) -> str:
    return job_name("sd-billing-settlement-codsync", _t(f"{hour:02d}:00"))


def settlement_cron(w: WorldBuilder) -> None:
    w.log(w.at("00:20:11.604"), "sd-billing-settlement", "INFO", SETTLE_CONFIG, instance="nacos", change="config")
    w.log(w.at("00:40:22.913"), "sd-billing-settlement", "INFO", SETTLE_HELM, instance="helm", change="helm",
          ticket="CHG-20261209-0008")
    # The hourly cod-sync keeps running on the hour: a whole-hour offset does not move "0 * * * *".
    for hour in range(0, 14):
        pod = job_pod(_codsync_job(hour))
        start = w.at(f"{hour:02d}:00:03") + dt.timedelta(milliseconds=w.rng.randint(0, 900))
        collections = w.rng.randint(40, 300) if hour < 7 else w.rng.randint(900, 2600)
        w.log(start, "sd-billing-settlement", "INFO",
              f"cod collect sync task start window={hour - 1 if hour else 23:02d}:00-{hour:02d}:00", instance=pod,
              task="cod-collect-sync")
        w.log(start + dt.timedelta(seconds=w.rng.randint(14, 40)), "sd-billing-settlement", "INFO",
              f"cod collect sync task done: {collections} collections from the courier app, "
              f"¥{collections * w.rng.uniform(60, 140):,.2f}, 0 mismatches", instance=pod, task="cod-collect-sync")
    billing = ROLLOUTS["sd-billing-api"][0][1]
    w.log(w.at("06:00:02.318"), "sd-billing-api", "ERROR", STATEMENT_MISSING, instance=billing[0], job="statement-dispatch")
    w.log(w.at("07:00:03.052"), "sd-billing-api", "ERROR", REMITTANCE_SKIPPED, instance=billing[1], job="cod-remittance")
    w.log(w.at("09:26:40.771"), "sd-billing-settlement", "INFO",
          "fin_oncall_wangmin: ack SettlementBatchLate; no settlement run for bill_date 2026-12-08 in the job history, "
          "investigating", instance="ops-console")
    # 09:30: the run that should have happened at 01:30.
    w.log(w.at("09:30:04.266"), "sd-billing-settlement", "INFO", SETTLE_START, instance=SETTLE_POD, job="settlement")
    done, total = 0, 1482113
    moment = w.at("09:31:40.508")
    while moment < w.at(SETTLE_FINISHED):
        done = min(total, done + w.rng.randint(120000, 190000))
        merchants = int(18432 * done / total)
        w.log(moment, "sd-billing-settlement", "INFO",
              f"settled {done}/{total} waybills (merchants {merchants}/18432), batch STL-20261208-01", instance=SETTLE_POD,
              job="settlement")
        moment += dt.timedelta(seconds=w.rng.randint(230, 300), milliseconds=w.rng.randint(0, 999))
    w.log(w.at("10:13:58.114"), "sd-billing-settlement", "INFO",
          "writing COD remittance file cod_remit_20261208.csv (6214 merchants, ¥38,912,406.55) to sftp://bank-gw/outbox",
          instance=SETTLE_POD, job="settlement")
    w.log(w.at(SETTLE_FINISHED + ".402"), "sd-billing-settlement", "INFO", SETTLE_DONE, instance=SETTLE_POD,
          job="settlement")
    w.log(w.at("10:15:30.226"), "sd-billing-api", "INFO",
          "statement dispatch: batch STL-20261208-01 DONE at 10:14:51 (after the 06:00 cut-off), 18432 merchant statements "
          "queued", instance=billing[0], job="statement-dispatch")
    w.log(w.at("10:16:10.840"), "sd-billing-api", "WARN",
          "COD remittance: cod_remit_20261208.csv received; the bank window for value date 2026-12-09 closed at 07:00, "
          "file scheduled for the 2026-12-10 07:00 window (6214 merchants paid one day late)", instance=billing[1],
          job="cod-remittance")
    w.alert("SettlementBatchLate", "sd-billing-settlement", "warning", w.at("06:01"), w.at("10:16"), "missing",
            "bill_date 2026-12-08 的结算批次在 06:00 截止时间前未完成", namespace=NS)
    w.alert("CodRemittanceNotSent", "sd-billing-api", "critical", w.at("07:01"), None, "6214",
            "2026-12-08 代收货款代付文件未在 07:00 银行窗口前上传，6214 个商家 ¥38,912,406.55 未打款", namespace=NS)


def settlement_k8s(w: WorldBuilder) -> None:
    for (finished, node), job in zip(SETTLE_HISTORY, SETTLE_OLD_JOBS, strict=True):
        w.pod(namespace=NS, name=job_pod(job), service="sd-billing-settlement", phase="Succeeded", ready="0/1", restarts=0,
              last_termination=termination("Completed", 0, finished), waiting_reason=None, node=node, observed_at=REFERENCE)
    w.pod(namespace=NS, name=SETTLE_POD, service="sd-billing-settlement", phase="Succeeded", ready="0/1", restarts=0,
          last_termination=termination("Completed", 0, w.at(SETTLE_FINISHED + ".402")), waiting_reason=None,
          node=SETTLE_NODE, observed_at=REFERENCE)
    created = w.at("09:30:00")
    events = [
        ("Normal", "SuccessfulCreate", "CronJob/sd-billing-settlement", f"Created job {SETTLE_JOB}", created),
        ("Normal", "SuccessfulCreate", f"Job/{SETTLE_JOB}", f"Created pod: {SETTLE_POD}", created),
        ("Normal", "Scheduled", f"Pod/{SETTLE_POD}", f"Successfully assigned {NS}/{SETTLE_POD} to {SETTLE_NODE}",
         created + dt.timedelta(milliseconds=41)),
        ("Normal", "Pulled", f"Pod/{SETTLE_POD}", f'Container image "{SETTLE_IMAGE}" already present on machine',
         w.at("09:30:01")),
        ("Normal", "Created", f"Pod/{SETTLE_POD}", "Created container settlement", w.at("09:30:01")),
        ("Normal", "Started", f"Pod/{SETTLE_POD}", "Started container settlement", w.at("09:30:02")),
        ("Normal", "Completed", f"Job/{SETTLE_JOB}", "Job completed", w.at("10:14:52")),
        ("Normal", "SawCompletedJob", "CronJob/sd-billing-settlement",
         f"Saw completed job: {SETTLE_JOB}, status: Complete", w.at("10:14:53")),
        ("Normal", "SuccessfulDelete", "CronJob/sd-billing-settlement", f"Deleted job {SETTLE_DELETED_JOB}",
         w.at("10:14:53")),
    ]
    # The hourly cod-sync of the last hours (the API server keeps events a while; the CronJob keeps its last jobs).
    for hour in (11, 12, 13):
        job = _codsync_job(hour)
        at = w.at(f"{hour:02d}:00:00")
        events += [
            ("Normal", "SuccessfulCreate", "CronJob/sd-billing-settlement-codsync", f"Created job {job}", at),
            ("Normal", "Completed", f"Job/{job}", "Job completed", at + dt.timedelta(seconds=w.rng.randint(30, 50))),
            ("Normal", "SawCompletedJob", "CronJob/sd-billing-settlement-codsync",
             f"Saw completed job: {job}, status: Complete", at + dt.timedelta(seconds=w.rng.randint(51, 58))),
        ]
    for type_, reason, obj, message, at in events:
        w.event(type=type_, reason=reason, object=obj, message=message, count=1, first_seen=at, last_seen=at)


# --- Incident 3: the package id sequence that stayed an integer ---------------------------------------------------
FAILED = [(START, 0), (_t("09:17"), 0), (_t("09:18"), 1904), (_t("09:20"), 2120), (_t("09:22"), 2280), (_t("09:25"), 2510),
          (_t("09:28"), 2790), (_t("09:29"), FAILED_PEAK), (_t("09:30"), 2801), (_t("09:31"), 370), (_t("09:32"), 0),
          (REFERENCE, 0)]
CREATED = [(START, 310), (_t("06:00"), 520), (_t("08:00"), 1480), (_t("09:17"), 1760), (_t("09:18"), 0),
           (_t("09:31"), 0), (_t("09:32"), 4910), (_t("09:36"), 5380), (_t("09:42"), 3650), (_t("09:48"), 2050),
           (_t("09:52"), 1810), (_t("12:00"), 1600), (REFERENCE, 1420)]


def waybill_sequence(w: WorldBuilder) -> None:
    w.log(w.at("08:42:15.603"), "sd-waybill-service", "INFO", WAYBILL_DEPLOY, instance=WAYBILL_PODS[0], change="deploy")
    w.log(w.at("09:05:40.211"), "sd-waybill-service", "INFO", WAYBILL_CONFIG, instance=WAYBILL_PODS[2], change="config")
    start, fixed = w.at("09:17:43.208"), w.at("09:31:12.480")
    moment = start
    while moment < fixed:
        pod = w.rng.choice(WAYBILL_PODS)
        roll = w.rng.random()
        if roll < 0.6 or moment == start:
            mch, order = _merchant(w), _order(w)
            w.log(moment, "sd-waybill-service", "ERROR", WAYBILL_FAIL.format(mch=mch, order=order), instance=pod,
                  merchant=mch, http_status=500)
            if w.rng.random() < 0.5:
                w.log(moment - dt.timedelta(milliseconds=w.rng.randint(1, 4)), "sd-pg-waybill", "ERROR",
                      f"[{w.rng.randint(20000, 39999)}] waybill_app@waybill ERROR:  {SEQ_ERROR}", instance="sd-pg-waybill-01",
                      trace=False, sqlstate="2200H", statement=PG_PACKAGE_SQL)
        elif roll < 0.72:
            w.log(moment, "sd-waybill-service", "WARN",
                  f"open api create rejected merchant={_merchant(w)} order={_order(w)}: 500 SYSTEM_ERROR "
                  f"(requestId={w.hex(16)}), merchant will retry", instance=pod)
        elif roll < 0.95:
            w.log(moment, "sd-waybill-service", "INFO",
                  f"waybill query no={_waybill_no(w)} status={w.rng.choice(['CREATED', 'PICKED_UP', 'IN_TRANSIT'])} "
                  f"took={w.ms(2, 18)}ms", instance=pod)
        else:
            active = w.rng.randint(2, 14)
            w.log(moment, "sd-waybill-service", "DEBUG",
                  f"HikariPool-1 - Pool stats (total=40, active={active}, idle={40 - active}, waiting=0)", instance=pod,
                  logger="com.zaxxer.hikari.pool.HikariPool")
        moment += dt.timedelta(seconds=w.rng.randint(1, 3), milliseconds=w.rng.randint(0, 999))
    w.log(w.at("09:22:31.660"), "sd-waybill-service", "INFO",
          "oncall_dev_xuhang: every POST /open/api/v1/waybill/create fails in WaybillPackageMapper.insertBatch since "
          "09:17:43 on all 6 pods (5.11.4 → 5.12.0 diff does not touch the mapper); paging DBA", instance="ops-console")
    w.log(w.at("09:26:05.118"), "sd-pg-waybill", "INFO", SEQ_CHECK, instance="dms-console", trace=False)
    w.log(fixed, "sd-pg-waybill", "INFO", f"[31877] dba_liujun@waybill LOG:  {SEQ_FIX}", instance="sd-pg-waybill-01",
          trace=False, change="ddl", ticket="CHG-20261209-0031")
    w.log(fixed + dt.timedelta(milliseconds=640), "sd-pg-waybill", "INFO", SEQ_FIX_NOTE, instance="dms-console", trace=False)
    # Creations work again; the merchants' retries pile in until about 09:48.
    moment = fixed + dt.timedelta(seconds=1, milliseconds=206)
    first = True
    while moment < w.at("09:48"):
        pod = w.rng.choice(WAYBILL_PODS)
        packages = w.rng.choice([1, 1, 1, 2, 3])
        retry = w.rng.random() < (0.8 if moment < w.at("09:40") else 0.35)
        ids = f" package_ids=[2147483648{', 2147483649' if packages > 1 else ''}]" if first else ""
        w.log(moment, "sd-waybill-service", "INFO",
              f"waybill created no={_waybill_no(w)} merchant={_merchant(w)} order={_order(w)} packages={packages}"
              f"{ids} product={w.rng.choice(['standard', 'economy', 'same-city'])} took={w.ms(20, 260)}ms"
              + (" (merchant retry)" if retry else ""), instance=pod)
        first = False
        moment += dt.timedelta(seconds=w.rng.randint(1, 4), milliseconds=w.rng.randint(0, 999))
    w.log(w.at("09:47:12.930"), "sd-waybill-service", "INFO",
          "merchant retry backlog drained: 18742 orders created between 09:31 and 09:47 with retry headers",
          instance=WAYBILL_PODS[1])
    w.alert("WaybillCreateErrorRateHigh", "sd-waybill-service", "critical", w.at("09:19"), w.at("09:34"), "100%",
            "运单创建接口 /open/api/v1/waybill/create 失败率 100%，超过阈值 5%", namespace=NS)
    w.alert("PostgresRollbackRateHigh", "sd-pg-waybill", "warning", w.at("09:20"), w.at("09:35"), "2512/min",
            "sd-pg-waybill-01 库 waybill 事务回滚 2512 次/分钟，超过阈值 200", instance="sd-pg-waybill-01")


# --- Incident 4: the map provider's daily quota after the package expired ---------------------------------------
def map_quota(w: WorldBuilder) -> None:
    w.log(w.at("09:58:20.447"), "sd-route-planner", "INFO", ROUTE_CONFIG, instance=ROUTE_PODS[1], change="config")
    start, restored = w.at("10:12:36.114"), w.at("10:58:40.306")
    moment = start
    while moment < restored:
        pod = w.rng.choice(ROUTE_PODS)
        roll = w.rng.random()
        if roll < 0.45:
            w.log(moment, "sd-route-planner", "ERROR", AMAP_FAIL.format(ms=w.ms(18, 60)), instance=pod,
                  api="/v5/direction/driving")
        elif roll < 0.8:
            stops = w.rng.randint(28, 64)
            w.log(moment, "sd-route-planner", "WARN",
                  f"route plan degraded courier={_courier(w)} station={_station(w)} stops={stops} "
                  f"distance={w.rng.uniform(15, 48):.1f}km (straight-line x1.3) eta_last={w.rng.randint(13, 17)}:"
                  f"{w.rng.randint(0, 59):02d} source=fallback", instance=pod)
        elif roll < 0.92:
            w.log(moment, "sd-route-planner", "WARN",
                  f"distance api: {w.rng.randint(40, 300)} same-city pairs answered with fallback distance "
                  "(straight-line x1.3) for sd-pricing-service", instance=pod)
        else:
            w.log(moment, "sd-route-planner", "INFO",
                  f"eta refresh task: {w.rng.randint(2000, 40000)} waybills ETA updated (speed profile winter-2026, "
                  "source=fallback)", instance=pod, task="eta-refresh")
        moment += dt.timedelta(seconds=w.rng.randint(2, 7), milliseconds=w.rng.randint(0, 999))
    moment = w.at("10:15:02.904")
    while moment < restored:
        w.log(moment, "sd-route-planner", "INFO",
              f"amap usage: key=sd-route-prod(****a3f9) api=/v5/direction/driving calls_today={AMAP_BASE_QUOTA} "
              f"(rejected since 10:12: {int((moment - start).total_seconds() * 21.7)})", instance=ROUTE_PODS[0],
              job="amap-usage")
        moment += dt.timedelta(minutes=5, milliseconds=w.rng.randint(0, 999))
    w.log(w.at("10:31:40.155"), "sd-route-planner", "INFO", AMAP_DIAG, instance="ops-console")
    w.log(w.at("10:58:05.720"), "sd-route-planner", "INFO", AMAP_QUOTA, instance="ops-console", change="quota",
          ticket="PO-20261125-0372")
    w.log(restored, "sd-route-planner", "INFO",
          f"route plan ok courier={_courier(w)} station={_station(w)} stops=41 distance=52.8km eta_last=16:40 source=amap "
          "amap_calls=5 took=611ms", instance=ROUTE_PODS[2])
    w.log(w.at("11:00:05.031"), "sd-route-planner", "INFO",
          "route re-plan job: 1873 courier routes planned with fallback between 10:12 and 10:58 queued for re-planning",
          instance=ROUTE_PODS[0], job="route-replan")
    w.log(w.at("11:03:17.482"), "sd-route-planner", "INFO",
          "route re-plan job done: 1873 routes re-planned with amap, 1702 stop orders changed, took 3m12s",
          instance=ROUTE_PODS[0], job="route-replan")
    courier = COURIER_PODS
    moment = w.at("10:14:20.330")
    while moment < w.at("11:04"):
        w.log(moment, "sd-courier-api", "WARN",
              f"route for courier {_courier(w)} came from the planner's fallback (straight-line), stop order and ETA may be "
              "off; courier notified", instance=w.rng.choice(courier))
        moment += dt.timedelta(seconds=w.rng.randint(40, 110), milliseconds=w.rng.randint(0, 999))
    w.alert("AmapApiErrorRateHigh", "sd-route-planner", "critical", w.at("10:14"), w.at("11:06"), "100%",
            "高德路径规划接口失败率 100%（status=0 infocode 10003），超过阈值 5%", namespace=NS)
    w.alert("RouteFallbackRatioHigh", "sd-route-planner", "warning", w.at("10:16"), w.at("11:05"), "97.4%",
            "派件路线使用直线距离估算的比例 97.4%，超过阈值 10%", namespace=NS)


# --- Incident 5: the unthrottled reassignment that filled sd-kafka-2 ------------------------------------------------
SCAN_RAW_TO_2 = (1, 4, 5, 9, 12, 14, 17, 20, 25, 28, 30)
DISK_2 = [(START, 60.4), (_t("09:45"), 61.2), (_t("10:15"), 70.5), (_t("10:45"), 78.9), (_t("11:15"), 84.6),
          (_t("11:20"), 86.3), (_t("11:35"), 92.0), (_t("11:45"), 97.1), (_t("11:51"), 99.8), (_t("11:52"), 100.0),
          (_t("12:22"), 100.0), (_t("12:25"), 71.0), (_t("12:35"), 64.2), (REFERENCE, 65.0)]
OUTBOX = [(START, 20), (_t("11:52"), 40), (_t("11:55"), 8600), (_t("12:00"), 31200), (_t("12:10"), 84500),
          (_t("12:20"), 141000), (_t("12:29"), 186420), (_t("12:33"), 120000), (_t("12:38"), 38000), (_t("12:45"), 900),
          (_t("12:50"), 60), (REFERENCE, 45)]
LAG = [(START, 300), (_t("12:29"), 300), (_t("12:30"), 41000), (_t("12:31"), int(LAG_ALERT_VALUE)), (_t("12:33"), 166000),
       (_t("12:36"), 301000), (_t("12:39"), 396500), (_t("12:41"), LAG_PEAK), (_t("12:43"), 402000), (_t("12:46"), 331000),
       (_t("12:50"), 214000), (_t("12:55"), 96000), (_t("13:00"), 21000), (_t("13:05"), 600), (_t("13:10"), 300),
       (REFERENCE, 300)]


def _kafka_log(w: WorldBuilder, moment: dt.datetime, broker: int, level: str, message: str, **attributes: Any) -> None:
    w.log(moment, "sd-kafka", level, message, instance=f"sd-kafka-{broker}", trace=False, **attributes)


def kafka_disk(w: WorldBuilder) -> None:
    _kafka_log(w, w.at("09:45:20.337"), 1, "INFO", REASSIGN, change="reassignment", ticket="MT-20261209-012")
    _kafka_log(w, w.at("09:45:21.904"), 1, "INFO",
               "Successfully started partition reassignments for "
               + ",".join(f"parcel-scan-raw-{p}" for p in sorted(SCAN_RAW_TO_2 + (2, 7, 11, 22, 27))))
    for index, p in enumerate(SCAN_RAW_TO_2):
        at = w.at("09:45:23") + dt.timedelta(milliseconds=180 * index + 11)
        _kafka_log(w, at, 2, "INFO", f"[Partition parcel-scan-raw-{p} broker=2] Log loaded for partition "
                                     f"parcel-scan-raw-{p} with initial high watermark 0 (kafka.cluster.Partition)")
    _kafka_log(w, w.at("09:45:25.611"), 2, "INFO",
               "[ReplicaFetcherManager on broker 2] Added fetcher to broker 1 for partitions "
               + ", ".join(f"parcel-scan-raw-{p}" for p in SCAN_RAW_TO_2) + " (kafka.server.ReplicaFetcherManager)")
    # Copying ~770 GB as fast as the network allows: the catch-up shows in the fetchers' progress, the disk fills.
    moment = w.at("10:00:11.208")
    while moment < w.at("11:52"):
        used = interpolate(DISK_2, moment)
        _kafka_log(w, moment, 2, "INFO",
                   f"[ReplicaFetcher replicaId=2, leaderId=1, fetcherId=0] parcel-scan-raw reassignment catch-up: "
                   f"{int((used - 61.2) / 38.8 * 771)}G of 771G fetched, /data/kafka {used:.1f}% used")
        moment += dt.timedelta(minutes=w.rng.randint(9, 12), seconds=w.rng.randint(0, 59))
    # 11:52: the disk is full, the only log dir fails, the broker halts.
    failed = w.at("11:52:07.311")
    for index, p in enumerate((9, 17, 4)):
        _kafka_log(w, failed + dt.timedelta(milliseconds=3 * index), 2, "ERROR", KAFKA_APPEND.format(p=p))
    _kafka_log(w, failed + dt.timedelta(milliseconds=40), 2, "ERROR",
               "Error while writing to checkpoint file /data/kafka/replication-offset-checkpoint "
               "(kafka.server.LogDirFailureChannel) java.io.IOException: No space left on device")
    _kafka_log(w, failed + dt.timedelta(milliseconds=120), 2, "WARN",
               "[ReplicaManager broker=2] Stopping serving replicas in dir /data/kafka (kafka.server.ReplicaManager)")
    _kafka_log(w, failed + dt.timedelta(milliseconds=590), 2, "ERROR", KAFKA_HALT)
    _kafka_log(w, failed + dt.timedelta(seconds=1, milliseconds=150), 1, "INFO",
               "[Controller id=1] Newly added brokers: , deleted brokers: 2, bounced brokers: , all live brokers: 1,3 "
               "(kafka.controller.KafkaController)")
    _kafka_log(w, failed + dt.timedelta(seconds=1, milliseconds=152), 1, "INFO",
               "[Controller id=1] Broker failure callback for 2 (kafka.controller.KafkaController)")
    # The partitions that had a replica on 2 are down to one in-sync replica: acks=all produces are refused.
    moment = failed + dt.timedelta(seconds=2, milliseconds=300)
    while moment < w.at("12:29:10"):
        p = w.rng.choice(TRACK_PARTITIONS_ON_2)
        leader = 1 if p % 3 != 2 and p % 2 == 0 else 3
        _kafka_log(w, moment, leader, "ERROR",
                   f"[ReplicaManager broker={leader}] Error processing append operation on partition parcel-track-events-{p} "
                   "(kafka.server.ReplicaManager) org.apache.kafka.common.errors.NotEnoughReplicasException: The size of "
                   f"the current ISR Set({leader}) is insufficient to satisfy the min.isr requirement of 2 for partition "
                   f"parcel-track-events-{p}")
        moment += dt.timedelta(seconds=w.rng.randint(20, 70), milliseconds=w.rng.randint(0, 999))
    w.log(w.at("12:08:44.530"), "sd-kafka", "INFO", KAFKA_DIAG, instance="ops-console", trace=False)
    _kafka_log(w, w.at("12:14:31.806"), 1, "INFO", CANCEL, change="reassignment", ticket="MT-20261209-012")
    for index, p in enumerate((2, 7, 11, 22, 27)):
        _kafka_log(w, w.at("12:14:36") + dt.timedelta(milliseconds=290 * index + 5), 3, "INFO",
                   f"Deleted log for partition parcel-scan-raw-{p} in /data/kafka/parcel-scan-raw-{p}."
                   f"{w.hex(32)}-delete. (kafka.log.LogManager)")
    _kafka_log(w, w.at("12:21:50.114"), 2, "INFO", "kafka_oncall_fanjie: systemctl start kafka (after the reassignment "
                                                   "was cancelled)")
    _kafka_log(w, w.at("12:22:05.620"), 2, "INFO", "[KafkaServer id=2] starting (kafka.server.KafkaServer)")
    _kafka_log(w, w.at("12:22:41.077"), 2, "INFO",
               "Recovering unflushed segments and loading logs in /data/kafka (kafka.log.LogManager)")
    for index, p in enumerate(SCAN_RAW_TO_2):
        _kafka_log(w, w.at("12:24:10") + dt.timedelta(milliseconds=410 * index + 7), 2, "INFO",
                   f"Deleted log for partition parcel-scan-raw-{p} in /data/kafka/parcel-scan-raw-{p}."
                   f"{w.hex(32)}-delete. (kafka.log.LogManager)")
    _kafka_log(w, w.at("12:28:55.403"), 2, "INFO", "[KafkaServer id=2] started (kafka.server.KafkaServer)")
    for index, p in enumerate(TRACK_PARTITIONS_ON_2):
        leader = 1 if p % 3 != 2 and p % 2 == 0 else 3
        _kafka_log(w, w.at("12:29:02") + dt.timedelta(milliseconds=230 * index + 3), leader, "INFO",
                   f"[Partition parcel-track-events-{p} broker={leader}] ISR updated to {min(leader, 2)},{max(leader, 2)} "
                   f"and version updated to {w.rng.randint(11, 19)} (kafka.cluster.Partition)")
    # The courier app: sign-offs are stored, the outbox relay cannot deliver them.
    moment = w.at("11:52:31.118")
    while moment < w.at("12:52"):
        pod = w.rng.choice(COURIER_PODS)
        pending = int(interpolate(OUTBOX, moment))
        roll = w.rng.random()
        if moment < w.at("12:29:10"):
            p = w.rng.choice(TRACK_PARTITIONS_ON_2)
            if roll < 0.3:
                w.log(moment, "sd-courier-api", "WARN",
                      NOT_ENOUGH.format(cid=w.rng.randint(100000, 999999), p=p, left=2147483647 - w.rng.randint(1, 40)),
                      instance=pod, logger="org.apache.kafka.clients.producer.internals.Sender", trace=False)
            elif roll < 0.55 and moment >= w.at("11:54:31"):
                n = w.rng.randint(8, 60)
                w.log(moment, "sd-courier-api", "ERROR",
                      EXPIRING.format(n=n, p=p, ms=120000 + w.rng.randint(1, 40), pending=pending), instance=pod,
                      task="outbox-relay")
            elif roll < 0.75:
                w.log(moment, "sd-courier-api", "INFO",
                      f"track outbox relay: published {w.rng.randint(60, 300)} events in {w.ms(20, 90)}ms to the 8 "
                      f"available partitions (pending={pending})", instance=pod, task="outbox-relay")
            else:
                w.log(moment, "sd-courier-api", "INFO",
                      f"signoff ok waybill={_waybill_no(w)} courier={_courier(w)} "
                      f"type={w.rng.choice(['本人签收', '家人代收', '驿站代收', '快递柜'])} photo=yes "
                      f"took={w.ms(20, 140)}ms", instance=pod)
        elif roll < 0.6:
            w.log(moment, "sd-courier-api", "INFO",
                  f"track outbox relay: published {w.rng.randint(4000, 5000) if pending > 1000 else w.rng.randint(200, 900)} "
                  f"events in {w.ms(80, 400)}ms (pending={pending})", instance=pod, task="outbox-relay")
        else:
            w.log(moment, "sd-courier-api", "INFO",
                  f"signoff ok waybill={_waybill_no(w)} courier={_courier(w)} type={w.rng.choice(['本人签收', '快递柜'])} "
                  f"photo=yes took={w.ms(20, 140)}ms", instance=pod)
        moment += dt.timedelta(seconds=w.rng.randint(4, 12), milliseconds=w.rng.randint(0, 999))
    w.log(w.at("11:40:12.604"), "sd-courier-api", "INFO", COURIER_CONFIG, instance="nacos", change="config")
    # The tracking service: the coordinator moves, then a third of the partitions stay silent; the replay afterwards.
    w.log(w.at("11:30:05.514"), "sd-tracking-service", "INFO", TRACK_DEPLOY, instance=TRACK_PODS[0], change="deploy")
    for index, pod in enumerate(TRACK_PODS):
        at = failed + dt.timedelta(seconds=1, milliseconds=380 + 97 * index)
        w.log(at, "sd-tracking-service", "INFO",
              f"[Consumer clientId=consumer-tracking-updater-{index + 1}, groupId=tracking-updater] Group coordinator "
              "sd-kafka-2:9092 (id: 2147483645 rack: null) is unavailable or invalid due to cause: coordinator "
              "unavailable. isDisconnected: true. Rediscovery will be attempted.", instance=pod,
              logger="org.apache.kafka.clients.consumer.internals.ConsumerCoordinator")
        w.log(at + dt.timedelta(milliseconds=420), "sd-tracking-service", "INFO",
              f"[Consumer clientId=consumer-tracking-updater-{index + 1}, groupId=tracking-updater] Discovered group "
              "coordinator sd-kafka-3:9092 (id: 2147483644 rack: null)", instance=pod,
              logger="org.apache.kafka.clients.consumer.internals.ConsumerCoordinator")
    idle = ",".join(str(p) for p in TRACK_PARTITIONS_ON_2)
    moment = w.at("11:52:30.880")
    while moment < w.at("13:08"):
        pod = w.rng.choice(TRACK_PODS)
        roll = w.rng.random()
        if moment < w.at("12:29:10"):
            if roll < 0.3:
                w.log(moment, "sd-tracking-service", "INFO",
                      f"track consumer stats 60s: applied={w.rng.randint(1500, 2100)} lag={w.rng.randint(60, 400)} "
                      f"partitions=8/24 active", instance=pod, logger="TrackConsumerStats")
            elif roll < 0.4 and moment >= w.at("12:02"):
                minutes = int((moment - failed).total_seconds() // 60)
                w.log(moment, "sd-tracking-service", "WARN",
                      f"track freshness check: parcel-track-events partitions [{idle}] without new events for {minutes}m",
                      instance=pod, task="freshness-check")
            else:
                w.log(moment, "sd-tracking-service", "INFO",
                      f"track query waybill={_waybill_no(w)} status={w.rng.choice(['DELIVERING', 'DELIVERING', 'IN_TRANSIT'])} "
                      f"events={w.rng.randint(5, 12)} took={w.ms(2, 20)}ms", instance=pod)
        elif roll < 0.35:
            lag = int(interpolate(LAG, moment))
            w.log(moment, "sd-tracking-service", "INFO" if lag < 50000 else "WARN",
                  f"track consumer stats 60s: applied={w.rng.randint(26000, 31000) if lag > 2000 else w.rng.randint(4800, 6200)} "
                  f"lag={lag} partitions=24/24 active", instance=pod, logger="TrackConsumerStats")
        else:
            w.log(moment, "sd-tracking-service", "INFO",
                  f"track query waybill={_waybill_no(w)} status={w.rng.choice(['SIGNED', 'DELIVERING', 'IN_TRANSIT'])} "
                  f"events={w.rng.randint(5, 12)} took={w.ms(3, 40)}ms", instance=pod)
        moment += dt.timedelta(seconds=w.rng.randint(8, 20), milliseconds=w.rng.randint(0, 999))
    w.alert("KafkaBrokerDiskUsageHigh", "sd-kafka", "warning", w.at("11:20"), w.at("12:35"), "86.3%",
            "sd-kafka-2 /data/kafka 使用率 86.3%，超过阈值 85%", instance="sd-kafka-2")
    w.alert("KafkaBrokerDown", "sd-kafka", "critical", w.at("11:53"), w.at("12:30"), "0",
            "sd-kafka-2（10.30.9.32:9092）不在集群中：存活 broker 2/3", instance="sd-kafka-2")
    w.alert("KafkaUnderMinIsrPartitions", "sd-kafka", "critical", w.at("11:53"), w.at("12:31"), "31",
            "31 个分区的 ISR 小于 min.insync.replicas（parcel-track-events 16 个、parcel-scan-raw 13 个、__consumer_offsets 2 个）",
            cluster_name="sd-kafka")
    w.alert("TrackOutboxBacklogHigh", "sd-courier-api", "warning", w.at("12:02"), w.at("12:45"), "31200",
            "轨迹事件 outbox 待发送 31200 条，超过阈值 10000", namespace=NS)
    w.alert("TrackingConsumerLagHigh", "sd-tracking-service", "warning", w.at("12:32"), w.at("12:58"), LAG_ALERT_VALUE,
            f"消费组 tracking-updater 积压 {LAG_ALERT_VALUE} 条，超过阈值 50000", namespace=NS, group="tracking-updater")


# --- Healthy services' changes, the unrelated alert -------------------------------------------------------------
def other_changes(w: WorldBuilder) -> None:
    w.log(w.at("07:05:12.338"), "sd-locker-service", "INFO", LOCKER_DEPLOY,
          instance=ROLLOUTS["sd-locker-service"][1][1][0], change="deploy")
    w.log(w.at("08:15:30.061"), "sd-sms-notify", "INFO", SMS_CONFIG, instance=ROLLOUTS["sd-sms-notify"][0][1][1],
          change="config")
    w.alert("RedisReplicaDown", "sd-redis", "warning", dt.datetime(2026, 12, 8, 21, 40, tzinfo=TZ), None, "1/2",
            REDIS_SUMMARY, instance="sd-redis-03")


#: Deployments as they look at 14:00: (service, revision, changed, change cause, image tag)
STEADY = (
    ("sd-api-gateway", 23, "2026-11-19T22:10:00+08:00", "upgrade apisix 3.8.1 (CHG-20261119-0033)", "3.8.1"),
    ("sd-waybill-service", 88, "2026-12-09T08:42:15+08:00", "release sd-waybill-service 5.12.0 (pipeline #9921)", "5.12.0"),
    ("sd-route-planner", 41, "2026-12-02T21:30:00+08:00", "release sd-route-planner 3.6.4", "3.6.4"),
    ("sd-pricing-service", 57, "2026-12-01T22:00:00+08:00", "release sd-pricing-service 2.20.3 (rate tables 2026-12)",
     "2.20.3"),
    ("sd-sort-gateway", 19, "2026-11-26T14:20:00+08:00", "release sd-sort-gateway 2.9.3", "2.9.3"),
    ("sd-device-mgmt", 33, "2026-11-30T15:45:00+08:00", "release sd-device-mgmt 1.17.0", "1.17.0"),
    ("sd-courier-api", 102, "2026-12-04T22:30:00+08:00", "release sd-courier-api 6.4.2", "6.4.2"),
    ("sd-tracking-service", 64, "2026-12-09T11:30:05+08:00", "release sd-tracking-service 4.3.0 (pipeline #9934)", "4.3.0"),
    ("sd-billing-api", 29, "2026-11-27T21:15:00+08:00", "release sd-billing-api 3.3.0", "3.3.0"),
    ("sd-sms-notify", 17, "2026-11-18T20:40:00+08:00", "release sd-sms-notify 1.9.2", "1.9.2"),
    ("sd-locker-service", 45, "2026-12-09T07:05:12+08:00", "release sd-locker-service 2.4.1 (pipeline #9907)", "2.4.1"),
)
ROLLED_TODAY = {"sd-waybill-service": "5.11.4", "sd-tracking-service": "4.2.6", "sd-locker-service": "2.4.0"}


def steady_k8s(w: WorldBuilder) -> None:
    for service, revision, changed, cause, tag in STEADY:
        pods = ROLLOUTS[service][-1][1]
        for index, pod in enumerate(pods):
            w.pod(namespace=NS, name=pod, service=service, phase="Running", ready="1/1", restarts=0, last_termination=None,
                  waiting_reason=None, node=NODES[(index * 5 + len(service)) % len(NODES)], observed_at=REFERENCE)
        rs = pods[0].rsplit("-", 1)[0]
        w.deployment(namespace=NS, name=service, service=service, replicas=len(pods), ready=len(pods), available=len(pods),
                     image=f"registry.shunda.internal/{service.removeprefix('sd-')}/{service}:{tag}", revision=revision,
                     changed_at=dt.datetime.fromisoformat(changed), change_cause=cause,
                     conditions=[condition("Available", "True", "MinimumReplicasAvailable",
                                           "Deployment has minimum availability."),
                                 condition("Progressing", "True", "NewReplicaSetAvailable",
                                           f'ReplicaSet "{rs}" has successfully progressed.')],
                     observed_at=REFERENCE)
        if service in ROLLED_TODAY:
            at = dt.datetime.fromisoformat(changed) + dt.timedelta(seconds=2)
            old = replicaset_name(service, ROLLED_TODAY[service])
            w.event(type="Normal", reason="ScalingReplicaSet", object=f"Deployment/{service}",
                    message=f"Scaled up replica set {rs} to {len(pods)}", count=1, first_seen=at,
                    last_seen=at + dt.timedelta(seconds=20))
            w.event(type="Normal", reason="ScalingReplicaSet", object=f"Deployment/{service}",
                    message=f"Scaled down replica set {old} to 0 from {len(pods)}", count=1,
                    first_seen=at + dt.timedelta(seconds=25), last_seen=at + dt.timedelta(seconds=25))


# --- Metrics --------------------------------------------------------------------------------------
def _cap(w: WorldBuilder, limit: float) -> None:
    """The last series never above ``limit`` (the jitter of a plateau at a hard limit stays under it)."""
    series = w.metrics[-1]
    series["points"] = [[ts, min(value, limit)] for ts, value in series["points"]]


def build_metrics(w: WorldBuilder) -> None:
    at = w.at
    storm = [(at("01:50"), at("03:30"))]
    w.series("mosquitto_load_connections_1min", "sd-mqtt", "次/分钟", LOAD, start=START, fine=storm, spread=3, digits=0,
             threshold=600, instance=BROKER, hub="HZ01")
    w.series("mosquitto_clients_connected", "sd-mqtt", "个", CONNECTED, start=START, fine=storm, spread=4, digits=0,
             threshold=5400, instance=BROKER, hub="HZ01")
    _cap(w, MAX_CONNECTIONS)  # the listener refuses the 6001st
    w.series("process_cpu_percent", "sd-mqtt", "%",
             [(START, 6.0), (at("02:08"), 7.0), (at("02:10"), 41.0), (at("02:12"), 88.0), (at("02:13"), 100.0),
              (at("02:59"), 100.0), (at("03:02"), 74.0), (at("03:06"), 22.0), (at("03:10"), 8.0), (at("05:30"), 6.0),
              (at("06:00"), 4.0), (at("07:50"), 5.5), (REFERENCE, 5.2)], start=START, fine=storm, spread=0.4, digits=1,
             threshold=90, instance=BROKER, process="mosquitto")
    _cap(w, 100.0)  # one thread, one core
    w.series("sort_throughput_per_min", "sd-sort-gateway", "件/分钟", THROUGHPUT, start=START, fine=storm, spread=25,
             digits=0, hub="HZ01")
    w.series("sort_reject_ratio", "sd-sort-gateway", "%", REJECT, start=START, fine=storm, spread=0.1, digits=1,
             threshold=3, hub="HZ01")
    seq = [(at("09:00"), at("10:00"))]
    w.series("waybill_create_failed_per_min", "sd-waybill-service", "单/分钟", FAILED, start=START, fine=seq, spread=12,
             digits=0, threshold=50, namespace=NS)
    w.series("waybill_created_per_min", "sd-waybill-service", "单/分钟", CREATED, start=START, fine=seq, spread=40,
             digits=0, namespace=NS)
    w.series("http_5xx_rate", "sd-waybill-service", "%",
             [(START, 0.04), (at("09:17"), 0.05), (at("09:18"), 39.6), (at("09:30"), 41.2), (at("09:31"), 6.0),
              (at("09:32"), 0.06), (REFERENCE, 0.05)], start=START, fine=seq, spread=0.02, digits=2, threshold=5,
             namespace=NS)
    w.series("pg_xact_rollback_per_min", "sd-pg-waybill", "次/分钟",
             [(START, 14), (at("09:17"), 15), (at("09:18"), 1960), (at("09:22"), 2304), (at("09:28"), 2870),
              (at("09:30"), 2833), (at("09:31"), 420), (at("09:32"), 18), (REFERENCE, 12)], start=START, fine=seq,
             spread=5, digits=0, threshold=200, instance="sd-pg-waybill-01", datname="waybill")
    amap = [(at("10:00"), at("11:10"))]
    w.series("amap_api_error_ratio", "sd-route-planner", "%",
             [(START, 0.1), (at("10:12"), 0.1), (at("10:13"), 100.0), (at("10:58"), 100.0), (at("10:59"), 0.4),
              (at("11:00"), 0.1), (REFERENCE, 0.1)], start=START, fine=amap, spread=0.05, digits=1, threshold=5,
             api="/v5/direction/driving")
    w.series("amap_calls_today", "sd-route-planner", "次", AMAP_CALLS, start=START, fine=amap, digits=0,
             key="sd-route-prod", api="/v5/direction/driving")
    w.series("route_fallback_ratio", "sd-route-planner", "%",
             [(START, 0.2), (at("10:12"), 0.2), (at("10:14"), 97.4), (at("10:58"), 97.9), (at("10:59"), 1.5),
              (at("11:01"), 0.2), (REFERENCE, 0.2)], start=START, fine=amap, spread=0.3, digits=1, threshold=10)
    w.series("quote_distance_fallback_ratio", "sd-pricing-service", "%",
             [(START, 0.1), (at("10:12"), 0.1), (at("10:14"), 100.0), (at("10:58"), 100.0), (at("10:59"), 0.3),
              (REFERENCE, 0.1)], start=START, fine=amap, spread=0.05, digits=1, product="same-city")
    kafka = [(at("11:40"), at("13:15"))]
    for broker, frames in ((1, [(START, 61.8), (at("09:45"), 62.0), (at("12:35"), 62.3), (REFERENCE, 62.4)]),
                           (2, DISK_2),
                           (3, [(START, 57.9), (at("09:45"), 58.3), (at("11:52"), 70.6), (at("12:15"), 70.8),
                                (at("12:20"), 58.9), (REFERENCE, 59.2)])):
        w.series("node_filesystem_used_percent", "sd-kafka", "%", frames, start=START, fine=kafka, spread=0.05, digits=1,
                 threshold=85, instance=f"sd-kafka-{broker}", mountpoint="/data")
    w.series("kafka_under_min_isr_partitions", "sd-kafka", "个",
             [(START, 0), (at("11:52"), 0), (at("11:53"), 31), (at("12:29"), 31), (at("12:30"), 2), (at("12:31"), 0),
              (REFERENCE, 0)], start=START, fine=kafka, digits=0, cluster_name="sd-kafka")
    w.series("track_outbox_pending", "sd-courier-api", "条", OUTBOX, start=START, fine=kafka, spread=15, digits=0,
             threshold=10000, namespace=NS)
    w.series("kafka_consumergroup_lag", "sd-tracking-service", "条", LAG, start=START, fine=kafka, spread=40, digits=0,
             threshold=50000, group="tracking-updater", topic="parcel-track-events")
    w.series("track_events_applied_per_min", "sd-tracking-service", "条/分钟",
             [(START, 3100), (at("07:00"), 5200), (at("11:52"), 5400), (at("11:53"), 1760), (at("12:29"), 1810),
              (at("12:30"), 27800), (at("13:04"), 28900), (at("13:06"), 5600), (REFERENCE, 5300)], start=START, fine=kafka,
             spread=60, digits=0, namespace=NS)
    w.series("http_5xx_rate", "sd-billing-api", "%", [(START, 0.03), (REFERENCE, 0.03)], start=START, spread=0.02, digits=2,
             threshold=5, namespace=NS)
    # The healthy ones.
    w.series("http_5xx_rate", "sd-sms-notify", "%", [(START, 0.05), (at("08:20"), 0.12), (at("09:00"), 0.06),
                                                     (REFERENCE, 0.05)], start=START, spread=0.03, digits=2, threshold=5,
             namespace=NS)
    w.series("sms_send_failure_rate", "sd-sms-notify", "%", [(START, 0.4), (at("08:15"), 0.5), (at("12:00"), 0.45),
                                                            (REFERENCE, 0.4)], start=START, spread=0.1, digits=2,
             threshold=5, namespace=NS)
    w.series("http_5xx_rate", "sd-locker-service", "%", [(START, 0.02), (at("07:05"), 0.21), (at("07:10"), 0.04),
                                                         (REFERENCE, 0.03)], start=START, spread=0.02, digits=2,
             threshold=5, namespace=NS)
    w.series("http_p99_latency", "sd-locker-service", "ms", [(START, 85), (at("07:05"), 240), (at("07:10"), 120),
                                                             (at("12:00"), 130), (REFERENCE, 110)], start=START, spread=10,
             digits=0, threshold=1500, namespace=NS)


# --- Runbooks ----------------------------------------------------------------------------------
RUNBOOKS: list[tuple[str, str, str]] = [
    ("runbooks/mqtt-connection-storm.md", "分拣中心 MQTT 连接风暴处理手册", runbook(
        "分拣中心 MQTT 连接风暴处理手册",
        "适用于分拣中心 MQTT broker 新建连接数暴涨、CPU 打满，设备大面积掉线重连，分拣网关收不到扫描结果或下发不了格口，"
        "回流率升高乃至整线停机。",
        ["**MqttConnectionStorm**：broker 每分钟新建连接超过 600。", "**MqttBrokerCpuHigh**：mosquitto 进程 CPU 超过 90%。",
         "**SortRejectRateHigh**：分拣回流率超过 3%。", "**MqttClientReconnectsHigh**：单个客户端 10 分钟内重连超过 20 次。"],
        ["看 broker 日志里 New client connected 行的客户端前缀与 (p?, c?, k?) 里的 keepalive，找出是哪类设备在反复重连。",
         "把连接暴涨的时间与设备管理平台的 OTA 活动、配置下发、网络变更（AP、交换机）对齐。",
         "看 $SYS/broker/clients/connected 是否到了 max_connections，日志里有没有 denied: max_connections exceeded。",
         "确认分拣网关自身的 MQTT 会话状态（pingresp、重连次数）。"],
        ["设备固件或配置把 keepalive 调得过短、取消了重连退避，Wi-Fi 漫游时频繁超时断开、立即重连。",
         "全场设备同时重启或 broker 重启后集中重连（TLS 握手占满单线程 broker 的 CPU）。",
         "无线 AP 或核心交换机故障，设备成片断线。"],
        ["暂停正在进行的 OTA 活动并回滚固件，优先保证分拣网关、DWS 与 PLC 边缘盒的会话。",
         "必要时临时调大 max_connections 并用防火墙限制 PDA 网段的新建连接速率，让 broker 先恢复。",
         "固件 keepalive 不低于 30 秒、重连必须指数退避；OTA 按 10% 批次灰度，夜班高峰不做全量推送。"])),
    ("runbooks/pg-sequence-exhausted.md", "PostgreSQL 序列 / 整型主键耗尽处理手册", runbook(
        "PostgreSQL 序列 / 整型主键耗尽处理手册",
        "适用于插入报 nextval: reached maximum value of sequence、integer out of range，某张表从某一刻起所有插入失败。",
        ["**WaybillCreateErrorRateHigh**：运单创建失败率超过 5%。", "**PostgresRollbackRateHigh**：事务回滚超过 200 次/分钟。"],
        ["从报错里找出序列名，查 pg_sequences 的 data_type、last_value、max_value。",
         "确认对应列的类型（\\d 表名）：列是 bigint 而序列仍是 integer，或者列本身是 integer。",
         "查历史迁移脚本：serial 列改 bigint 时是否同时改了序列。"],
        ["serial 列创建的序列默认 AS integer，上限 2147483647；ALTER TABLE … TYPE bigint 不会修改序列类型。",
         "主键列本身是 integer，数据量增长超过 21 亿。"],
        ["列已是 bigint 时：ALTER SEQUENCE … AS bigint MAXVALUE 9223372036854775807，瞬时生效，无需锁表重写。",
         "列是 integer 时需要改列类型（大表用新列 + 触发器回填，或临时让序列从负数重新开始）。",
         "给所有序列加使用率监控（last_value / max_value 超过 70% 告警）。"])),
    ("runbooks/map-api-failure.md", "地图服务商接口失败处理手册（高德 Web 服务）", runbook(
        "地图服务商接口失败处理手册（高德 Web 服务）",
        "适用于路径规划、地理编码调用高德 Web 服务 API 失败，派件路线退化为直线距离估算、ETA 与同城运费偏差。高德在 HTTP 200 "
        "的响应体里用 status=0 与 infocode 表示错误。",
        ["**AmapApiErrorRateHigh**：高德接口失败率超过 5%。", "**RouteFallbackRatioHigh**：使用直线距离估算的比例超过 10%。"],
        ["看失败响应的 infocode：10001 key 无效或过期，10003 日调用量超限，10004 单位时间访问过于频繁，10044 账号日调用量超限。",
         "登录高德开放平台控制台，看该 key 当日用量、配额与所购流量包的有效期。",
         "确认最近有无 key 轮换、IP 白名单或服务绑定的变更。"],
        ["商用流量包到期未续，key 回落到基础日配额，白天高峰用完后全部返回 10003，次日 0 点自动恢复。",
         "并发突增超过 QPS 配额（10004 / 10021）。", "key 被误删或白名单缺少新出口 IP（10001 / 10005）。"],
        ["续费或绑定新的流量包后立即生效；紧急时可切换到已报备的备用 key。",
         "恢复后对降级期间生成的派件路线重新规划，通知快递员刷新任务。",
         "采购流程把流量包到期纳入提醒，用量超过配额 80% 告警。"])),
    ("runbooks/cronjob-not-on-time.md", "定时任务（CronJob）未按时执行处理手册", runbook(
        "定时任务（CronJob）未按时执行处理手册",
        "适用于 Kubernetes CronJob 没在预期时间运行、提前或推迟若干小时运行，或同一天运行两次。",
        ["**SettlementBatchLate**：前一日结算批次在 06:00 截止前未完成。",
         "**CodRemittanceNotSent**：代收货款代付文件未在银行窗口前上传。"],
        ["kubectl get cronjob 看 SCHEDULE、TIMEZONE、SUSPEND、LAST SCHEDULE；kubectl get jobs 看最近几次运行的时间。",
         "Job 名的数字后缀是计划时间的 Unix 分钟数（UTC），可以换算出控制器按哪个时刻调度的。",
         "查 Helm 发布记录与 chart 变更：spec.timeZone、startingDeadlineSeconds、concurrencyPolicy、suspend。"],
        ["spec.timeZone 被设成 Etc/UTC 或未设置（此时按 kube-controller-manager 所在时区），schedule 被按另一个时区解释，"
         "整点偏移 8 小时的任务看起来仍“每小时都在跑”。",
         "startingDeadlineSeconds 太短，控制器错过时间点后不再补跑。", "concurrencyPolicy Forbid 而上一次运行卡住。"],
        ["把 timeZone 改为 Asia/Shanghai（或把 schedule 换算成 UTC），helm upgrade 后用 kubectl get cronjob 核对下次运行时间。",
         "错过的批次用 kubectl create job --from=cronjob/… 手工补跑，确认幂等后再执行，避免与自动运行重叠。",
         "与财务确认银行窗口与商家通知口径。"])),
    ("runbooks/kafka-broker-disk-full.md", "Kafka broker 数据盘写满处理手册", runbook(
        "Kafka broker 数据盘写满处理手册",
        "适用于 broker 数据盘使用率持续升高直至写满，日志目录失败（LogDirFailureChannel、No space left on device）导致 broker "
        "停止，相关分区 ISR 低于 min.insync.replicas，acks=all 的生产者报 NOT_ENOUGH_REPLICAS、记录过期。",
        ["**KafkaBrokerDiskUsageHigh**：broker 数据盘使用率超过 85%。", "**KafkaBrokerDown**：broker 离开集群。",
         "**KafkaUnderMinIsrPartitions**：ISR 小于 min.insync.replicas 的分区数大于 0。",
         "**TrackOutboxBacklogHigh**：轨迹事件 outbox 积压超过 10000。",
         "**TrackingConsumerLagHigh**：tracking-updater 消费积压超过 50000。"],
        ["看各 broker 数据盘曲线：是缓慢增长（保留期、流量）还是短时间陡升（分区迁移、副本补齐）。",
         "du 看数据盘上各 topic 分区目录的大小；kafka-reassign-partitions --verify 看是否有进行中的迁移。",
         "看保留策略（retention.ms / retention.bytes）最近有无变更。"],
        ["分区迁移未限速（没有 --throttle），目标 broker 在短时间内补齐大量副本。",
         "保留期被调长或流量突增。", "分区分布不均，某台 broker 承担了过多副本。"],
        ["取消进行中的迁移（--cancel）释放目标盘上未完成的副本，或扩容数据盘，然后启动 broker，等待 ISR 恢复。",
         "迁移一律加 --throttle，并先用 --generate 评估目标盘容量。",
         "恢复后观察生产端 outbox 补发与消费积压，必要时临时扩容消费者。"])),
    ("runbooks/redis-replica-down.md", "Redis 从节点离线处理手册", runbook(
        "Redis 从节点离线处理手册",
        "适用于 Redis 某个从节点与主库复制断开，集群以减少的副本运行。",
        ["**RedisReplicaDown**：在线从节点少于配置数量。"],
        ["确认从节点宿主机状态与报修单。", "确认主库内存、持久化与剩余从节点复制正常。"],
        ["宿主机硬件故障或维护。", "主从网络中断。"],
        ["宿主机修复后启动从节点，等待全量同步完成。", "离线期间避免对主库做重启类变更。"])),
    ("runbooks/hikari-pool-exhausted.md", "应用数据库连接池耗尽处理手册", runbook(
        "应用数据库连接池耗尽处理手册",
        "适用于 HikariPool-1 - Connection is not available, request timed out，连接池 active 长时间等于上限而数据库本身空闲。",
        ["**DBConnectionPoolExhausted**：应用连接池 active 等于上限超过 1 分钟。"],
        ["看连接池 active / idle / waiting 指标。", "找出长时间占用连接的慢 SQL、长事务与未归还的连接。"],
        ["代码没有归还连接（连接泄漏）。", "长事务占用连接。"],
        ["开启 leakDetectionThreshold 找出未归还连接的代码位置。", "数据库空闲时可临时调大 maximumPoolSize。"])),
    ("runbooks/label-printer-offline.md", "网点面单打印机离线处理手册", runbook(
        "网点面单打印机离线处理手册",
        "适用于网点或快递员的蓝牙 / USB 面单打印机离线，揽收后打不出电子面单。",
        ["**StationPrinterOfflineHigh**：离线打印机超过网点总数的 5%。"],
        ["确认打印机电量、纸仓与蓝牙连接。", "确认打印 SDK 版本与 App 版本匹配。"],
        ["蓝牙配对丢失。", "打印 SDK 与固件不兼容。"],
        ["在 App 设置里删除设备后重新配对蓝牙打印机。", "固件不兼容时回退打印 SDK 版本。"])),
    ("runbooks/sms-channel-failure.md", "短信通道发送失败处理手册", runbook(
        "短信通道发送失败处理手册",
        "适用于取件码、派件提醒短信发送失败率升高或回执大量失败。",
        ["**SmsSendFailureRateHigh**：短信发送失败率超过 5%。"],
        ["按通道统计失败码（签名、模板、频控、欠费）。", "看通道状态页与回执延迟。"],
        ["通道侧故障或欠费。", "模板未审核通过或签名失效。", "触发运营商频控。"],
        ["在权重配置里把流量切到备用短信通道。", "模板问题先回退到上一个已审核模板。"])),
]


def build_bundle(seed: int = SEED) -> Json:
    w = WorldBuilder(seed=seed, day=DAY, tz=TZ, reference=REFERENCE, instances=INSTANCES,
                     labels={"env": "prod", "cluster": "sd-hz-prod"})
    for service, (make, every) in NOISE.items():
        quiet = [(w.at(a), w.at(b)) for a, b in QUIET.get(service, [])]
        w.noise(service, make, START, every_s=every, quiet=quiet)
    redis_saves(w)
    mqtt_storm(w)
    settlement_cron(w)
    waybill_sequence(w)
    map_quota(w)
    kafka_disk(w)
    other_changes(w)
    steady_k8s(w)
    settlement_k8s(w)
    build_metrics(w)
    documents = [{"title": title, "source": source, "content": content} for source, title, content in RUNBOOKS]
    return w.bundle(name="ShunDa 顺达快运 2026-12-09", services=SERVICES, documents=documents)


# --- Questions ---------------------------------------------------------------------------------
#: Each incident's signature and the word of its own cause: in another incident's answer, a misattribution.
FAMILY = {
    "mqtt": ("keepalive", "OTA-20261209-003"),
    "cron": ("Etc/UTC", "CHG-20261209-0008"),
    "sequence": ("waybill_package_id_seq", "reached maximum value"),
    "map": ("DAILY_QUERY_OVER_LIMIT", "LBS-PKG-2025-8831"),
    "kafka": ("No space left on device", "kafka-reassign-partitions"),
}
#: The remedies of the runbooks for problems that did not happen.
UNRELATED_REMEDIES = ("maximumPoolSize", "重新配对", "备用短信通道")
FIRING = ("RedisReplicaDown", "CodRemittanceNotSent", "MqttClientReconnectsHigh")
INCIDENT_WORDS = tuple(word for words in FAMILY.values() for word in words)
HEALTHY_FORBIDDEN = INCIDENT_WORDS + UNRELATED_REMEDIES


def _not(*own: str) -> tuple[str, ...]:
    """The other incidents' words, plus the unrelated runbooks' remedies."""
    return tuple(word for family, words in FAMILY.items() if family not in own for word in words) + UNRELATED_REMEDIES


QUESTIONS: tuple[WorldQuestion, ...] = (
    WorldQuestion(
        "logistics_sort_stall_cause",
        "凌晨两点多萧山转运中心分拣线停了快一个钟头，扫描枪一直掉线，分拣网关那边到底咋回事？", "cause",
        asked_facts=(fact("pingresp not received", "max_connections exceeded", "max_connections", "连接数上限",
                          "连接数打满", "连接数满了"),),
        cause_facts=(fact("OTA-20261209-003", "4.6.0", "固件"),
                     fact("k5", "keepalive", "保活", "心跳间隔")),
        forbidden=_not("mqtt"), service="sd-sort-gateway",
        diagnosis="02:05 设备管理平台对 HZ01 全部 2640 台 PDA 一次性推送 sd-pda-agent 4.6.0（OTA-20261209-003），新固件 MQTT "
                  "keepalive 5s、断线立即重连 → Wi-Fi 漫游时频繁超时（has exceeded timeout）又马上 TLS 重连 → 单线程 "
                  "Mosquitto CPU 100%，每分钟新建连接最高 9318，02:21 连接数到 max_connections 6000 开始拒绝 → 分拣网关 "
                  "pingresp not received 断开、重连 EOF，格口指令发不出去，回流口满，L1–L4 02:24–02:31 相继停线；02:41 暂停、"
                  "02:46 回滚到 4.5.2 后 03:03 恢复，03:06–03:10 复线。01:40 的格口方案重载与 01:12 的 OTA 并发配置无关",
    ),
    WorldQuestion(
        "logistics_mqtt_connect_quantity", "两点多 MQTT 重连最猛那阵，broker 一分钟最多新建了多少个连接？", "quantity",
        asked_facts=(fact(str(LOAD_PEAK)),), forbidden=_not("mqtt"), service="sd-mqtt",
        peak=Peak("sd-mqtt", "mosquitto_load_connections_1min", LOAD_PEAK),
        diagnosis="mosquitto_load_connections_1min 峰值 9318 次/分钟（02:31）；MqttConnectionStorm 触发时的 2104 不是峰值",
    ),
    WorldQuestion(
        "logistics_device_changes_listing", "设备管理平台凌晨一点到四点之间都动过啥？推固件、改配置、暂停回滚都算上。",
        "listing",
        asked_facts=(fact("ota.download.max-concurrency", "max-concurrency"),
                     fact("OTA-20261209-003", "4.6.0"),
                     fact("paused", "暂停"),
                     fact("OTA-20261209-004", "rollback", "回滚")),
        forbidden=_not("mqtt"), service="sd-device-mgmt",
        diagnosis="四次：01:12 ota.download.max-concurrency 200 -> 400（与故障无关）、02:05 OTA-20261209-003 推送 sd-pda-agent "
                  "4.6.0 到 HZ01-PDA（2640 台，100%）、02:41 暂停该活动、02:46 OTA-20261209-004 回滚到 4.5.2；05:20 的批次比例 "
                  "100 -> 10 在时间范围之外",
    ),
    WorldQuestion(
        "logistics_settlement_cron_cause",
        "昨天那批结算凌晨压根没跑，早上商家都说没收到账单，代收货款也没打出去，结果九点半它自己又跑起来了，谁动了定时任务？",
        "cause",
        asked_facts=(fact("Etc/UTC", "timeZone", "UTC", "时区"),),
        cause_facts=(fact("CHG-20261209-0008", "py-cronjob 1.4.2 -> 2.0.0", "1.4.2 -> 2.0.0", "helm upgrade", "helm 升级"),),
        forbidden=_not("cron"), service="sd-billing-settlement",
        diagnosis="00:40 helm upgrade 把 sd-billing-settlement 的 chart py-cronjob 1.4.2 -> 2.0.0（CHG-20261209-0008），新 chart 给 "
                  "CronJob 加了 spec.timeZone，默认 Etc/UTC；schedule 30 1 * * * 从北京时间 01:30 变成 UTC 01:30 = 北京时间 09:30 "
                  "→ 凌晨没有运行，06:00 对账单推送找不到 2026-12-08 批次，07:00 代收货款错过银行窗口（改到 12-10）；09:30 自动运行"
                  "（job 后缀 29946330 即 UTC 01:30 的 Unix 分钟），10:14:51 完成。每小时的 codsync 整点照跑所以没人察觉；"
                  "00:20 的费率配置与此无关",
    ),
    WorldQuestion(
        "logistics_waybill_create_cause",
        "九点一刻左右开始商家那边下单全失败，运单服务一直报错，过了十来分钟又好了，到底啥原因？", "cause",
        asked_facts=(fact("reached maximum value of sequence", "reached maximum value", "nextval", "序列达到最大值",
                          "序列耗尽", "序列用完"),),
        cause_facts=(fact("2147483647", "AS integer", "integer", "int4", "21 亿"),),
        forbidden=_not("sequence"), service="sd-waybill-service",
        diagnosis="waybill_package.id 在 2025 年迁移成 bigint，但它的序列 waybill_package_id_seq 仍是 AS integer，上限 2147483647；"
                  "09:17:43 用完 → 每个运单插入子单时 nextval: reached maximum value of sequence → 下单全部 500（每分钟最多失败 "
                  "2846 单）；09:31:12 DBA 执行 ALTER SEQUENCE … AS bigint（CHG-20261209-0031）后恢复，商家重试 09:48 前补完。"
                  "08:42 的 5.12.0 发布与 09:05 的限流配置不是原因",
    ),
    WorldQuestion(
        "logistics_waybill_failed_quantity", "九点多下单报错那阵，每分钟最多失败了多少单？", "quantity",
        asked_facts=(fact(str(FAILED_PEAK)),), forbidden=_not("sequence"), service="sd-waybill-service",
        peak=Peak("sd-waybill-service", "waybill_create_failed_per_min", FAILED_PEAK),
        diagnosis="waybill_create_failed_per_min 峰值 2846 单/分钟（09:29），09:31 修复后归零",
    ),
    WorldQuestion(
        "logistics_route_fallback_cause",
        "十点多开始快递员 App 上的派件顺序乱七八糟，预计送达时间也离谱，还有客户投诉同城急送运费算得不对，路由规划是不是出毛病了？",
        "cause",
        asked_facts=(fact("DAILY_QUERY_OVER_LIMIT", "10003", "日配额", "日访问量", "日调用量", "配额超限", "配额用完"),),
        cause_facts=(fact("LBS-PKG-2025-8831", "流量包", "PO-20261125-0372", "到期"),),
        forbidden=_not("map"), service="sd-route-planner",
        diagnosis="高德商用流量包 LBS-PKG-2025-8831 已于 12-08 24:00 到期（续费 PO-20261125-0372 未付款），key 回落到基础日配额 "
                  "150000 次 → 10:12:36 起路径规划全部返回 status=0 info=DAILY_QUERY_OVER_LIMIT infocode=10003 → 派件路线与同城"
                  "距离退化为直线距离 × 1.3 → 顺序、ETA、同城运费都偏；10:58 绑定新流量包后恢复，11:00 重新规划。09:58 的冬季"
                  "速度档配置不是原因",
    ),
    WorldQuestion(
        "logistics_tracking_stale_cause",
        "午饭那会儿好多客户说查件页面不更新，快递员明明签收了还显示派送中，查件服务咋了？", "cause",
        asked_facts=(fact("NOT_ENOUGH_REPLICAS", "NotEnoughReplicasException", "Expiring", "TimeoutException",
                          "min.insync.replicas", "min.isr"),),
        cause_facts=(fact("No space left on device", "磁盘写满", "磁盘满", "磁盘已满", "写满", "disk full"),
                     fact("kafka-reassign-partitions", "reassignment", "分区迁移", "副本迁移", "MT-20261209-012")),
        forbidden=_not("kafka"), service="sd-tracking-service",
        diagnosis="09:45 Kafka 管理员不限速执行 kafka-reassign-partitions（MT-20261209-012），把 parcel-scan-raw 的 11 个副本搬到 "
                  "sd-kafka-2 → 数据盘 11:20 超 85%（告警无人处理）、11:52 写满：No space left on device，日志目录全部失败，broker 2 "
                  "停止 → parcel-track-events 里有副本在 broker 2 的 16 个分区 ISR 低于 min.insync.replicas=2 → 快递员 App 的 outbox "
                  "relay 报 NOT_ENOUGH_REPLICAS、Expiring … record(s)，签收事件发不出去，查件服务这 16 个分区没有新事件 → 轨迹停在"
                  "派送中；12:14 取消迁移、12:22 启动 broker 2、12:29 ISR 恢复，补发让消费积压 12:41 最高 418377，13:05 消化完。"
                  "11:30 的查件服务 4.3.0 发布与 11:40 的签收照片配置不是原因",
    ),
    WorldQuestion(
        "logistics_tracking_lag_quantity", "中午补发那阵，查件服务消费积压最多的时候堆了多少条？", "quantity",
        asked_facts=(fact(str(LAG_PEAK)),), forbidden=_not("kafka"), service="sd-tracking-service",
        peak=Peak("sd-tracking-service", "kafka_consumergroup_lag", LAG_PEAK),
        diagnosis="kafka_consumergroup_lag（tracking-updater）峰值 418377 条（12:41）；TrackingConsumerLagHigh 触发时是 98410",
    ),
    WorldQuestion(
        "logistics_kafka_disk_alert_existence", "Kafka 中午挂之前，有没有报过磁盘快满的告警？", "existence",
        asked_facts=(fact("KafkaBrokerDiskUsageHigh"),), forbidden=_not("kafka"), service="sd-kafka",
        diagnosis="有：KafkaBrokerDiskUsageHigh 11:20 触发（sd-kafka-2 /data/kafka 86.3%，阈值 85%），比 11:52 写满早半小时，"
                  "12:35 恢复",
    ),
    WorldQuestion(
        "logistics_alert_listing", "刚看告警大盘还红着几条，帮我列一下现在还没恢复的告警。", "listing",
        asked_facts=tuple(fact(name) for name in FIRING), forbidden=("sd-sms-notify", "sd-locker-service"),
        diagnosis="3 条：RedisReplicaDown（sd-redis-03 宿主机报修，昨晚 21:40 起，与今天的故障无关）、CodRemittanceNotSent"
                  "（12-08 代收货款错过 07:00 银行窗口，改到明天）、MqttClientReconnectsHigh（37 台没回滚的 PDA 仍在反复重连）；"
                  "分拣、运单、地图、Kafka 的告警都已恢复",
    ),
    WorldQuestion(
        "logistics_sms_healthy", "短信通知早上换了取件码模板，它现在有没有告警或者报错？", "existence",
        asked_facts=(HEALTHY,), forbidden=HEALTHY_FORBIDDEN, service="sd-sms-notify", healthy=True,
        diagnosis="没有：只有发送、回执同步之类的 INFO 与黑名单 WARN，发送失败率约 0.5%（阈值 5%），5xx 远低于 5%，无告警；"
                  "08:15 启用的取件码模板 SMS_482190377 与各故障无关",
    ),
    WorldQuestion(
        "logistics_locker_healthy", "快递柜服务七点刚发过版，今天报过警没？", "existence",
        asked_facts=(HEALTHY,), forbidden=HEALTHY_FORBIDDEN, service="sd-locker-service", healthy=True,
        diagnosis="没有告警；5xx 最高约 0.2%（阈值 5%），p99 远低于 1500ms，07:05 的 2.4.1 发布后投柜取件正常",
    ),
)

WORLD = World(name=NAME, title="ShunDa 顺达快运（快递物流微服务）", build=build_bundle, questions=QUESTIONS)
