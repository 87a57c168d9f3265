"""World "vehicle": 驰远汽车 ChiYuan Auto, a car maker's connected-vehicle platform 驰远智联 (``cy-*`` services: the T-Box
access gateway (MQTT over TLS and GB/T 32960 TCP, which also decodes the CAN signals with the signal team's DBC files), the
vehicle state shadow, remote control from the owner App (unlock, A/C preheat, charging schedule; sleeping T-Boxes are woken by
an SMS through the carrier's IoT connectivity platform CMP), OTA campaigns, navigation with EV route planning, the digital key
(phone BLE keys), the fleet data lake's ingest (Kafka → Flink → Iceberg), roadside assistance with partner rescue companies,
charging reservations on partner operators' stations (the T/CEC 102 interconnection feed), the GB/T 32960 forwarder to the
Shanghai new-energy vehicle platform SHEVDC, the vehicle archive and the owners' points mall, on a Kubernetes cluster; its
nodes outside it), seen from Sunday 2026-12-20 22:00 to the reference time Monday 2026-12-21 21:30 (+08:00): the first
working day of a cold wave, owners preheating their cars by remote from 06:30. Nothing here was written for the agents; ten
incidents of families the other worlds do not have, in ordinary noise:

(1) 12-20 22:31       cy-remote-control: the carrier's CMP completes procurement_liting's batch order CMP-20261220-0173 — the
                      38420 IoT cards of the S5 MY2023 batch move from CMIOT-STD-SMS-30M (with SMS) to the cheaper data-only
    22:34 → 10:10     pool package CMIOT-POOL-DATA → every wake-up SMS to a sleeping S5 MY2023 is rejected ``12013 该卡未开通
                      短信功能`` → ``VEHICLE_WAKEUP_TIMEOUT``: a few overnight, the morning's preheats by the hundred (1913
                      rejections in all, ``remote_wakeup_sms_rejected_total``; the alert fired at 46 per 5 minutes); S5 cars that
                      are awake, MY2024 and the EX models are fine. 10:10 the package is changed back (CMP-20261221-0009). The
                      05:50 preheat-duration config is a decoy.
(2) 12-20 23:40       cy-digital-key: dba_zhoujian cuts the key store over to rds-dk-new (DBA-2291); the DTS task's incremental
                      objects lack ``dk_counter``, so its counters are the 04:00 full snapshot's → phone keys used on Sunday
    06:40 → 11:12     get sessions whose counter the car has already seen → ``ANTI_REPLAY`` (0x6A82 钥匙校验失败), owners fall
                      back to the card key. 11:10 dk-counter-resync copies the 18244 newer rows. The 06:05 session-ttl config
                      is a decoy.
(3) 08:10:32          cy-datalake-ingest (cause upstream on cy-tbox-gateway): test_zhaokai publishes a 1-second telemetry
                      config for the test fleet to ``cfg/group/EX7-MY2025/telemetry`` with ``retain=true`` (it was meant for
    08:30 → 13:10     EX7-TESTFLEET) → every EX7 MY2025 T-Box that connects after 08:10 gets it and reports every second →
                      the gateway's inbound rate triples, the ingest job's Kafka lag peaks at 231406518 at 11:41
                      (``datalake_kafka_consumer_lag``; the alert fired at 5218640), data in the lake an hour and a half late.
                      11:38 the retained message is cleared, 11:50 the job is rescaled. The 07:40 commit-interval config is a
                      decoy; HdfsCapacityUsageHigh (firing since 12-19) is unrelated.
(4) 09:40             cy-tbox-gateway: node cy-k8s-node-11 fails, np-access's auto-repair replaces it with cy-k8s-node-12 from
                      the pool's 2019 image img-centos7-cy-2019q3, whose tuning sets ``net.ipv4.tcp_tw_recycle = 1``; the two
    09:43 → 13:18     gateway pods rescheduled there drop SYNs from the carriers' CGNAT addresses whose TCP timestamps are
                      behind (PAWSPassive) → vehicles need several attempts to reconnect, fewer online; the six pods on nodes
                      08–10 are fine, the load balancer's health checks pass. 13:18 the sysctl is turned off on node-12.
(5) 13:30:05          cy-ota: ota_release_sunyue starts campaign OTA-2026-W51-EX7 (EX7 3.3.0) with one delta package built from
                      3.2.0, while 41% of the EX7 fleet is on 3.2.1 since November's hotfix HF07 → those vehicles fail the
    13:40 → 16:40     delta ``DELTA_BASE_MISMATCH`` and fall back to the 2.14 GB full package → the OTA CDN's egress peaks at
                      186.4 Gbps at 15:37 (``ota_cdn_egress_gbps``; the alert fired at 82.5). 16:38 paused, 18:05 resumed with
                      a delta per base. The 11:20 deploy 5.6.0 is a decoy.
(6) 17:30             cy-remote-control, its second incident of the day: the owner App 6.8.0 (full rollout 18:20) makes its
                      requestId ``yyyyMMddHHmmss`` + 4 random digits; the server keys its idempotency cache by the requestId
    17:40 → 21:00     alone → two owners' commands in the same second with the same digits: the second gets the first's cached
                      SUCCESS (``idempotent replay``) and nothing is sent to the car. 21:00 deploy 4.12.1 keys it by VIN and
                      requestId. The 16:50 deploy 4.12.0 is a decoy.
(7) 15:20:40          cy-nav (cause upstream): the signal team's release SDB-2026-1221-02 (DBC EX7_MY2025 v14) renames
                      ``BMS_SOC`` to ``BMS_PackSOC_Disp``; the gateway's decoder hot-reloads it, cy-vehicle-shadow maps soc
    15:21 → 18:32     from ``BMS_SOC`` → soc null for every EX7 → the EV route planner assumes 15% and plans charging stops at
                      once. 18:32 the shadow's signal map is changed. The 14:30 deploy cy-nav 7.2.0 is a decoy.
(8) 16:10:20          cy-rescue (cause upstream): cy-vehicle-shadow 5.2.0 merges state in arrival order (LWW-by-arrival, no
                      event-time compare) → T-Boxes that reconnect after an underground garage upload their buffered frames
    16:15 → 19:48     (补发) after the fresh ones and the stale garage location overwrites the state; cars that break down right
                      after keep it → rescue trucks dispatched to where the car was hours ago. 19:48 rollback to 5.1.3. The 15:00
                      dispatch-radius config of cy-rescue is a decoy; the 14:10 partner API blip is unrelated.
(9) 03:00             cy-charge-reserve: partner 星驿充电 (XYC, OperatorID MA01H3BQ2) re-keys its stations in the interconnection
                      feed; the nightly station sync treats 1279 old StationIDs as deleted and 1284 as new, and the cleanup
    03:05 / 07:00 →   job cancels 3816 reservations on "deleted" stations (充电站已下线) → owners find their morning reservations
    10:40             and favourite stations gone; the partner's station count looks unchanged. 10:40 the partner's mapping
                      file is imported. The 12-20 22:20 hold-minutes config is a decoy.
(10) 11:30:10         cy-gb-forwarder: sre_tianhao sets the forwarder's HPA to minReplicas 2 (SRE-3312 高可用); the two replicas
                      log in to SHEVDC with the one platform account, which keeps only the newest session → they kick each
    11:31 → 15:10     other every ~15 s, half the frames queue for 补发; the reissue backlog peaks 7846120 frames at 15:11 and is
                      still above its threshold at 21:30 (Gb32960ReissueBacklogHigh firing). 15:10 back to one replica. The 10:50
                      reissue rate-limit config is a decoy.

Healthy: cy-vehicle-archive (deploy 2.3.0 at 14:20 is a decoy) and cy-member (the 10:30 check-in points config) — INFO/WARN
noise only, under their thresholds, no alert. Still firing at 21:30: Gb32960ReissueBacklogHigh and HdfsCapacityUsageHigh.
Kubernetes: the deployments and their pods with their nodes (node-12 carries the two gateway pods rescheduled from node-11), the
events of the last hour (the remote-control rollout of 21:00). Run ``python -m evaluation.worlds vehicle`` to print the bundle.
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
)
from evaluation.worlds.spec import HEALTHY, Peak, World, WorldQuestion, fact

NAME = "vehicle"
SEED = 20261221
TZ = dt.timezone(dt.timedelta(hours=8))
DAY = dt.date(2026, 12, 21)
EVE = dt.date(2026, 12, 20)
START = dt.datetime(2026, 12, 20, 22, 0, tzinfo=TZ)
REFERENCE = dt.datetime(2026, 12, 21, 21, 30, tzinfo=TZ)
NS = "cy-connect-prod"

_t = functools.partial(clock_on, DAY, TZ)  # a clock on the world's day, for module-level constants
_y = functools.partial(clock_on, EVE, TZ)  # a clock on the evening before

# --- The fleet ---------------------------------------------------------------------------------------
#: (model, model year) → (VIN descriptor, model-year letter, ICCID prefix of its IoT cards)
VARIANTS: dict[tuple[str, str], tuple[str, str, str]] = {
    ("S5", "MY2023"): ("S5A2B", "P", "8986042319"),
    ("S5", "MY2024"): ("S5A2B", "R", "8986042420"),
    ("EX7", "MY2025"): ("E7B4E", "S", "8986112425"),
    ("EX9", "MY2026"): ("E9C6E", "T", "8986112526"),
}
S5_23, S5_24, EX7, EX9 = ("S5", "MY2023"), ("S5", "MY2024"), ("EX7", "MY2025"), ("EX9", "MY2026")
FLEET_MIX = ((S5_23, 0.12), (S5_24, 0.18), (EX7, 0.35), (EX9, 0.35))

# --- The lines the questions are about (the tests find each one in the bundle) ----------------
# (1) the S5 MY2023 cards moved to a data-only package: wake-up SMS rejected
CMP_NOTIFY = ("CMP notify: batch order CMP-20261220-0173 (套餐变更) completed, submitted by procurement_liting 2026-12-20 16:12, "
              "effective 2026-12-20 22:30: 38420 cards ICCID 8986042319xxxxxxxxxx (S5 MY2023) CMIOT-STD-SMS-30M 车联网标准包"
              "(含短信) -> CMIOT-POOL-DATA 车联网流量池包(定向数据)")
CMP_REVERT = ("CMP notify: batch order CMP-20261221-0009 (套餐变更) completed, submitted by procurement_liting 2026-12-21 09:52, "
              "effective 2026-12-21 10:10: 38420 cards ICCID 8986042319xxxxxxxxxx (S5 MY2023) CMIOT-POOL-DATA 车联网流量池包"
              "(定向数据) -> CMIOT-STD-SMS-30M 车联网标准包(含短信)")
SMS_REJECT = "wake-up SMS for cmd {cmd} VIN {vin} (S5 MY2023, ICCID {iccid}) rejected by CMP: 12013 该卡未开通短信功能"
WAKEUP_FAIL = ("cmd {cmd} {kind} VIN {vin} (S5 MY2023) requestId={rid} app={app} failed: VEHICLE_WAKEUP_TIMEOUT (no T-Box login "
               "within 30s of wake-up SMS)")
PREHEAT_CONFIG = ("[nacos] config changed: dataId=cy-remote-control.yaml group=RC key=remote.preheat.default-duration old=15min "
                  "new=20min operator=remote_pm_guoxin md5=3a9e0c71d5b2 (寒潮预热时长)")
#: (from, to, rejections): overnight a few, the morning's preheats by the hundred. Fixed counts: the total a question asks.
SMS_SPANS = ((_y("22:34"), _t("06:25"), 41), (_t("06:25"), _t("07:00"), 262), (_t("07:00"), _t("08:30"), 1047),
             (_t("08:30"), _t("10:09:30"), 563))
SMS_REJECTED_TOTAL = sum(n for _, _, n in SMS_SPANS)
WAKEUP_ALERT_VALUE = "46 次/5分钟"

# (2) the key store cut over without the counters' incremental sync
DK_CUTOVER = ("DB cutover by dba_zhoujian (DBA-2291): datasource dk-master switched rds-dk-old -> rds-dk-new; DTS task "
              "dts-cn-dk0412 full snapshot 2026-12-20 04:00:12, incremental objects dk_key, dk_share, dk_device, dk_audit; "
              "incremental stopped 23:39:50 (delay 0s)")
DK_TTL = ("[nacos] config changed: dataId=cy-digital-key.yaml group=DK key=dk.session.ttl old=300s new=180s "
          "operator=dk_dev_fangyu md5=71c0be24d9f3 (安全评审 SEC-2026-81)")
DK_REJECT = ("POST /dk/v2/events key {key} VIN {vin} ({phone}): BLE unlock failed 0x6A82 钥匙校验失败 ANTI_REPLAY (session counter "
             "{c}, vehicle counter {vc})")
DK_RESYNC = ("dk-counter-resync by dk_oncall_yuting (DBA-2297): copied dk_counter rows updated after 2026-12-20 04:00:12 from "
             "rds-dk-old to rds-dk-new: 18244 rows; DTS task dts-cn-dk0412 objects += dk_counter")
DK_ALERT_VALUE = "4.1%"
DK_PEAK = 21.7

# (3) a retained test config on the EX7 group topic
RETAIN_PUBLISH = ("[audit] client test_zhaokai@10.30.8.14 (mqttx-cli 1.9) PUBLISH topic=cfg/group/EX7-MY2025/telemetry qos=1 "
                  "retain=true payload=interval_s=1 signals=full ticket=TEST-4471 (86 bytes)")
CFG_ACK = ("cfg ack VIN {vin} (EX7 MY2025): telemetry interval_s=1 signals=full applied (retained cfg/group/EX7-MY2025/telemetry, "
           "on subscribe)")
RETAIN_CLEAR = ("tbox_oncall_lijia: cleared the retained message on cfg/group/EX7-MY2025/telemetry (empty payload, retain=true) and "
                "published interval_s=30 signals=basic qos=1 retain=false to 96204 online EX7 MY2025 (TEST-4471 was meant for "
                "cfg/group/EX7-TESTFLEET/telemetry)")
DL_COMMIT = ("[nacos] config changed: dataId=cy-datalake-ingest.yaml group=DL key=sink.iceberg.commit-interval old=60s new=120s "
             "operator=dl_dev_zhuqing md5=5be2d4a07c18 (减少小文件)")
DL_RESCALE = ("dl_oncall_huangrui: flink job telemetry-to-iceberg rescaled parallelism 48 -> 96 from savepoint "
              "sp-telemetry-20261221-1149 (drain the vehicle.telemetry backlog)")
DL_STATS = ("consumer group dl-telemetry on vehicle.telemetry (48 partitions): lag {lag}, in {inn}/s, out {out}/s, top model "
            "EX7-MY2025 {share:.1f}% of records")
GW_STATS = "inbound {rate} msg/s, online {online} vehicles, topic share tel/EX7-MY2025 {share:.1f}%"
LAG_PEAK = 231_406_518
LAG_ALERT_VALUE = "5218640 条"

# (4) the replacement node from the pool's 2019 image: tcp_tw_recycle behind the carriers' NAT
BAD_NODE, FAILED_NODE = "cy-k8s-node-12", "cy-k8s-node-11"
NODE_FAIL = ("ecs system event SystemFailure.Redeploy on i-uf6b2k11cy (cy-k8s-node-11): hardware degradation; node pool np-access "
             "auto-repair: cordon, drain, replace")
NODE_DRAIN = "np-access auto-repair: node cy-k8s-node-11 drained, evicted {pods}"
NODE_JOIN = ("node cy-k8s-node-12 registered (node pool np-access auto-repair, ecs.g6.4xlarge, image img-centos7-cy-2019q3, "
             "kernel 3.10.0-1160.el7.x86_64)")
SYSCTL_LINES = ("cloud-init[1187]: + sysctl -p /etc/sysctl.d/99-cy-tuning.conf", "cloud-init[1187]: net.core.somaxconn = 65535",
                "cloud-init[1187]: net.ipv4.tcp_tw_reuse = 1", "cloud-init[1187]: net.ipv4.tcp_tw_recycle = 1",
                "cloud-init[1187]: net.ipv4.tcp_timestamps = 1", "cloud-init[1187]: net.ipv4.ip_local_port_range = 10240 65000")
PAWS = ("node-problem-detector: netstat TcpExt last 60s: PAWSPassive +{n} (passive connections rejected because of time stamp), "
        "ListenOverflows 0, ListenDrops 0")
NODE_FIX = ("infra_oncall_wenbo: sysctl -w net.ipv4.tcp_tw_recycle=0 on cy-k8s-node-12 and removed it from "
            "/etc/sysctl.d/99-cy-tuning.conf; np-access launch template image img-centos7-cy-2019q3 -> img-alinux3-cy-2026q4 "
            "(INFRA-8812)")
GW_BOOT = ("tbox-gw 6.4.2 started on :8883 (MQTT/TLS) and :19006 (GB32960), decoder DBC set 2026-12-18 (S5_MY2023 v9, S5_MY2024 v4, "
           "EX7_MY2025 v13, EX9_MY2026 v3)")
GW_SIGTERM = "SIGTERM received, closing {n} MQTT sessions (clients reconnect through the load balancer)"
GW_CONN = "conn stats last 5m: accepted {acc}, active sessions {act}, TLS handshakes failed {tls}"
GW_CONNECT = "VIN {vin} ({model}) connected from {ip} ({carrier} CGNAT) attempts={k} offline={s}s, session restored"
GATEWAY_DECOY = ("[nacos] config changed: dataId=cy-tbox-gateway.yaml group=GW key=gb32960.listener.backlog old=4096 new=8192 "
                 "operator=tbox_dev_qiming md5=0d6b3f9e1a27")
RECONNECT_PEAK = 3.9
RECONNECT_ALERT_VALUE = "1.8 次"

# (5) the OTA campaign's delta package from the wrong base
OTA_PRECHECK = ("campaign OTA-2026-W51-EX7 precheck: target 214806 EX7 MY2025, current versions 3.2.0 126735 (59.0%), 3.2.1 88071 "
                "(41.0%); packages pkg-EX7-3.3.0-delta-from-3.2.0 (612 MB), pkg-EX7-3.3.0-full (2.14 GB)")
OTA_START = ("campaign OTA-2026-W51-EX7 (EX7 MY2025 整车 3.3.0) started by ota_release_sunyue: batch 1 of 3, 64441 vehicles "
             "notified, package pkg-EX7-3.3.0-delta-from-3.2.0")
OTA_BATCH2 = "campaign OTA-2026-W51-EX7 batch 2 of 3 released by ota_release_sunyue: 64441 vehicles notified"
DELTA_FAIL = ("VIN {vin} OTA-2026-W51-EX7 delta precheck failed: DELTA_BASE_MISMATCH (package base 3.2.0, vehicle 3.2.1), falling "
              "back to pkg-EX7-3.3.0-full 2.14 GB")
DELTA_OK = "VIN {vin} OTA-2026-W51-EX7 delta from {base} downloaded {mb} MB in {m} min, installed 3.3.0 ok"
OTA_PAUSE = ("campaign OTA-2026-W51-EX7 paused by ota_release_sunyue at batch 2 of 3 (128882 notified, 31904 on full-package "
             "fallback)")
OTA_NEW_DELTA = "package pkg-EX7-3.3.0-delta-from-3.2.1 (598 MB) published by ota_release_sunyue, signed by ota-sign-hsm-02"
OTA_RESUME = ("campaign OTA-2026-W51-EX7 resumed by ota_release_sunyue: packages per base version (3.2.0 -> delta-from-3.2.0, "
              "3.2.1 -> delta-from-3.2.1)")
OTA_DEPLOY = ("deploy finished: cy-ota 5.6.0 (was 5.5.1) rolled out by ci-bot pipeline=#6621; changes: 升级进度推送文案, 活动报表"
              "导出")
EGRESS_PEAK = 186.4
EGRESS_ALERT_VALUE = "82.5 Gbps"

# (6) the App's new request ids against an idempotency cache keyed by the request id alone
APP_STAGED = ("app release: 驰远 App 6.8.0 (Android, iOS) staged rollout 20% by app_release_qinyu; changes: 远控请求号统一为 "
              "yyyyMMddHHmmss+4位随机数（与订单号规则一致）, 预约充电页改版")
APP_FULL = "app release: 驰远 App 6.8.0 rollout 20% -> 100% by app_release_qinyu (crash-free 99.93%)"
REPLAY = ("POST /rc/v3/commands VIN {vin} ({model}) {kind} requestId={rid} app=6.8.0: idempotent replay of cmd {prev} (first seen "
          "{ago:.1f}s ago), returning cached result SUCCESS")
RC_DEPLOY_4120 = ("deploy finished: cy-remote-control 4.12.0 (was 4.11.3) rolled out by ci-bot pipeline=#6630; changes: 预约充电"
                  "指令支持按周重复, 指令日志脱敏")
RC_DEPLOY_4121 = ("deploy finished: cy-remote-control 4.12.1 (was 4.12.0) rolled out by ci-bot pipeline=#6638; changes: 幂等键改为 "
                  "VIN+requestId, 重复请求号计数")
REPLAY_PEAK = 38
REPLAY_ALERT_VALUE = "12 次/分钟"

# (7) a DBC release renaming the SOC signal the shadow maps by name
DBC_RELEASE = ("signal DB release SDB-2026-1221-02 by ee_signal_wanglu: DBC EX7_MY2025 v13 -> v14 (热管理信号 +12; 重命名 "
               "BMS_SOC -> BMS_PackSOC_Disp，与 EX9 统一)")
DBC_RELOAD = "decoder hot-reloaded DBC EX7_MY2025 v14 (3412 signals)"
SOC_MISSING = ("signal map EX7_MY2025: soc <- BMS_SOC not in decoded frames (DBC v14) for {n} vehicles in last 60s, soc=null "
               "written")
NAV_FALLBACK = ("EV route plan {plan} VIN {vin} (EX7) {a}->{b} {km} km: vehicle soc unknown (state soc=null), assuming 15%: {k} "
                "charging stops planned, first after {first} km")
SOC_MAP_FIX = ("[nacos] config changed: dataId=cy-vehicle-shadow.yaml group=SHADOW key=shadow.signal-map.EX7_MY2025.soc "
               "old=BMS_SOC new=BMS_PackSOC_Disp operator=shadow_dev_gaoyang md5=c4e19a07b3d2")
NAV_DEPLOY = ("deploy finished: cy-nav 7.2.0 (was 7.1.4) rolled out by ci-bot pipeline=#6627; changes: 服务区充电桩实时状态, 路线"
              "偏好记忆")

# (8) the shadow merging state in arrival order: the garage's buffered frames win
SHADOW_DEPLOY = ("deploy finished: cy-vehicle-shadow 5.2.0 (was 5.1.3) rolled out by ci-bot pipeline=#6628; changes: 状态合并改为 "
                 "LWW-by-arrival（去掉逐字段 event_time 比较，Redis 写放大 -38%）, 快照压缩")
SHADOW_ROLLBACK = ("kubectl rollout undo deployment/cy-vehicle-shadow by shadow_oncall_gaoyang: rollback 5.2.0 -> 5.1.3 (revision "
                   "58)")
SHADOW_FLUSH = ("[nacos] config changed: dataId=cy-vehicle-shadow.yaml group=SHADOW key=shadow.snapshot.flush-interval old=5s "
                "new=3s operator=shadow_dev_gaoyang md5=9a1f6e2c0b47")
REISSUE_KEPT = ("VIN {vin} reissue upload (KL15 off): {n} frames (event_time {a}–{b}): {k} fields older than state, kept newer "
                "values")
REISSUE_APPLIED = "VIN {vin} reissue upload (KL15 off): {n} frames (event_time {a}–{b}) applied, state location_time now {b}"
RESCUE_CASE = ("case {case} {kind} VIN {vin} ({model}): vehicle state location {lat:.5f},{lng:.5f} location_time {lt}; dispatched "
               "partner {partner}, ETA {eta} min")
RESCUE_FOUND = "case {case} partner {partner} on site: vehicle found, {kind} done in {m} min"
RESCUE_MISS = ("case {case} partner {partner} on site: vehicle not at dispatched location; owner-confirmed location {km:.1f} km "
               "away, re-dispatched, ETA +{eta} min")
RESCUE_RADIUS = ("[nacos] config changed: dataId=cy-rescue.yaml group=RESCUE key=rescue.partner.dispatch-radius-km old=30 new=50 "
                 "operator=rescue_ops_mali md5=e0b7c3a91f54 (寒潮期间扩大派单半径)")

# (9) a partner re-keys its stations in the interconnection feed
XYC = "星驿充电"
XYC_OPERATOR = "MA01H3BQ2"
#: (old StationID, new StationID, name) of the partner's stations the owners reserve most.
XYC_STATIONS = (
    ("310104042", "MA01H3BQ2-310104-0042", "徐汇滨江超充站"), ("310115318", "MA01H3BQ2-310115-0318", "张江科学城站"),
    ("310112077", "MA01H3BQ2-310112-0077", "虹桥天地站"), ("110105213", "MA01H3BQ2-110105-0213", "望京SOHO站"),
    ("110108064", "MA01H3BQ2-110108-0064", "中关村软件园站"), ("210102031", "MA01H3BQ2-210102-0031", "沈阳太原街站"),
    ("320506117", "MA01H3BQ2-320506-0117", "苏州金鸡湖站"), ("330106052", "MA01H3BQ2-330106-0052", "杭州西溪站"),
)
STATION_SYNC = ("station sync XYC (星驿充电, OperatorID MA01H3BQ2) query_stations_info: 1284 stations in feed; 1284 new, 1279 "
                "deleted (not in feed), 0 updated (12.4s)")
STATION_SYNC_SAMPLE = ("station sync XYC: new e.g. MA01H3BQ2-310104-0042 徐汇滨江超充站, MA01H3BQ2-310115-0318 张江科学城站; "
                       "deleted e.g. 310104042 徐汇滨江超充站, 310115318 张江科学城站")
RESERVE_CLEANUP = ("reservation cleanup: 3816 reservations on deleted stations cancelled (XYC 3816), owners notified: "
                   "充电站已下线，您的预约已取消")
RESERVE_REJECTED = ("reservation {rid} VIN {vin} station {sid} {name} ({slot}) start rejected: reservation cancelled 03:05 "
                    "(STATION_OFFLINE 充电站已下线)")
FAVORITE_OFFLINE = "POST /cr/v2/reservations VIN {vin} station {sid} {name} (favorite): 40402 STATION_OFFLINE 充电站已下线"
STATION_MAP = ("charge_oncall_pengyu: imported XYC-MAP-20261221.csv from 星驿充电 (1279 old -> new StationID pairs); favorites "
               "remapped 21406, reservations restored 2904 of 3816 (912 past their slot)")
HOLD_DECOY = ("[nacos] config changed: dataId=cy-charge-reserve.yaml group=CR key=reserve.hold-minutes old=15 new=20 "
              "operator=charge_pm_xiaowen md5=6d20f8a3c91e")

# (10) two forwarder replicas on the platform's one session
GB_HPA = ("sre_tianhao: kubectl -n cy-connect-prod patch hpa cy-gb-forwarder minReplicas 1 -> 2, maxReplicas 2 -> 4 (SRE-3312 国标"
          "转发高可用)")
GB_REVERT = ("sre_tianhao: kubectl -n cy-connect-prod patch hpa cy-gb-forwarder minReplicas 2 -> 1, maxReplicas 4 -> 1 (SRE-3312 "
             "回退，主备改用 leader election 后再上)")
GB_BOOT = "gb-forwarder 2.9.1 started: platform SHEVDC 10.88.3.20:19006 account CYAUTO-PLAT-01, vehicles by consistent hash"
GB_LOGIN = "平台登入 ok: SHEVDC session {sid} account CYAUTO-PLAT-01 (登入流水号 {n}) from {ip}"
GB_KICKED = ("SHEVDC link closed by peer (EOF) {s}s after 平台登入 (session {sid}), {q} realtime frames queued for 补发, reconnect "
             "in 10s")
GB_CALL = ("gb_oncall_xiaoyu: SHEVDC 平台运维来电（工单 SH-EV-20261221-044）：账号 CYAUTO-PLAT-01 自 11:31 起每分钟登入 4 次左右，"
           "两个来源 IP 10.30.5.41 / 10.30.6.17 交替，平台每个账号只保留最新会话（session replaced）；今日上报率 71%")
GB_RATE = ("[nacos] config changed: dataId=cy-gb-forwarder.yaml group=GB key=gb.reissue.rate-limit old=200/s new=300/s "
           "operator=gb_dev_luoyi md5=2c7b90e4f1a6")
GB_PROGRESS = "补发 progress: {sent} frames sent at 300/s (platform limit), backlog {backlog} frames"
GB_IPS = ("10.30.5.41", "10.30.6.17")
BACKLOG_PEAK = 7_846_120
BACKLOG_END = 1_042_360

# Healthy services' changes and the unrelated ones
ARCHIVE_DEPLOY = ("deploy finished: cy-vehicle-archive 2.3.0 (was 2.2.6) rolled out by ci-bot pipeline=#6625; changes: 车主绑定"
                  "审核, 二手车过户解绑")
MEMBER_CONFIG = ("[nacos] config changed: dataId=cy-member.yaml group=MEMBER key=member.points.checkin old=5 new=10 "
                 "operator=member_ops_tangli md5=8f3a2d6c0e91 (寒潮签到活动)")
PARTNER_502 = "partner 安途救援 API POST /v2/orders 502 Bad Gateway ({ms}ms), case {case} queued for retry"

# --- Pods, nodes ---------------------------------------------------------------------------------
GW_PODS = pod_names("cy-tbox-gateway", "6.4.2", 10)
#: Two pods per access node: 08, 09, 10, 11; the two evicted from node-11 come back on node-12 at 09:42.
GW_EVICTED, GW_NEW = GW_PODS[6:8], GW_PODS[8:10]
GW_NOW = GW_PODS[0:6] + GW_NEW
SHADOW_513 = pod_names("cy-vehicle-shadow", "5.1.3", 8)
RC_OLD, RC_4120, RC_4121 = (pod_names("cy-remote-control", v, 4) for v in ("4.11.3", "4.12.0", "4.12.1"))
GB_PODS = pod_names("cy-gb-forwarder", "2.9.1", 2)

ROLLOUTS: dict[str, list[tuple[str, tuple[str, ...]]]] = {
    "cy-tbox-gateway": [("00:00", GW_PODS[0:8]), ("09:19:25", GW_PODS[0:6]), ("09:42:10", GW_NOW)],
    "cy-vehicle-shadow": [("00:00", SHADOW_513[0:4]), ("16:10:40", pod_names("cy-vehicle-shadow", "5.2.0", 4)),
                          ("19:48:40", SHADOW_513[4:8])],
    "cy-remote-control": [("00:00", RC_OLD), ("16:51:00", RC_4120), ("21:00:40", RC_4121)],
    "cy-ota": [("00:00", pod_names("cy-ota", "5.5.1", 3)), ("11:21:00", pod_names("cy-ota", "5.6.0", 3))],
    "cy-nav": [("00:00", pod_names("cy-nav", "7.1.4", 4)), ("14:31:00", pod_names("cy-nav", "7.2.0", 4))],
    "cy-digital-key": [("00:00", pod_names("cy-digital-key", "2.8.3", 3))],
    "cy-datalake-ingest": [("00:00", pod_names("cy-datalake-ingest", "3.4.1", 4))],
    "cy-rescue": [("00:00", pod_names("cy-rescue", "1.9.2", 2))],
    "cy-charge-reserve": [("00:00", pod_names("cy-charge-reserve", "3.1.0", 3))],
    "cy-gb-forwarder": [("00:00", GB_PODS[0:1]), ("11:30:40", GB_PODS), ("15:10:40", GB_PODS[0:1])],
    "cy-vehicle-archive": [("00:00", pod_names("cy-vehicle-archive", "2.2.6", 2)),
                           ("14:21:00", pod_names("cy-vehicle-archive", "2.3.0", 2))],
    "cy-member": [("00:00", pod_names("cy-member", "4.0.3", 2))],
}
GENERAL_NODES = [f"cy-k8s-node-{n:02d}" for n in range(1, 8)]
ACCESS_NODES = [f"cy-k8s-node-{n:02d}" for n in range(8, 11)]
#: The nodes at the reference time: node-11 was replaced by node-12 in the morning.
NODES = GENERAL_NODES + ACCESS_NODES + [BAD_NODE]
VMS = {"cy-k8s-node": NODES + [FAILED_NODE]}
INSTANCES: dict[str, list[str]] = {service: list(steps[-1][1]) for service, steps in ROLLOUTS.items()} | VMS


def node_of(pod: str) -> str:
    """The node a pod runs on: the gateway's two per access node (its last two on node-12), the rest on 01–07."""
    if pod in GW_PODS:
        index = GW_PODS.index(pod)
        return BAD_NODE if index >= 8 else (ACCESS_NODES + [FAILED_NODE])[index // 2]
    return GENERAL_NODES[int(hashlib.sha256(pod.encode()).hexdigest(), 16) % len(GENERAL_NODES)]


SERVICES: list[Json] = [
    {"name": "cy-tbox-gateway", "aliases": ["T-Box 接入", "接入网关", "车辆接入", "TBox", "T-Box", "MQTT 网关", "车云连接"],
     "description": "T-Box 接入网关（tbox-gw，8 个副本，节点池 np-access：cy-k8s-node-08..11，每个节点 2 个，负载均衡 "
                    "externalTrafficPolicy=Local）：车辆经运营商物联网 APN（CGNAT）用 MQTT/TLS :8883 与 GB/T 32960 :19006 "
                    "接入；内置 MQTT broker（配置下发 topic cfg/group/<车型>/...）；按信号组的 DBC 解码 CAN 信号后写 Kafka "
                    "vehicle.telemetry。"},
    {"name": "cy-vehicle-shadow", "aliases": ["车辆状态", "车辆影子", "影子服务", "车况", "shadow"],
     "description": "车辆状态（影子，4 个副本）：消费解码后的信号，按信号映射（shadow.signal-map）合并出每辆车的最新状态（位置、"
                    "SOC、车门、空调…），供 App、导航、救援、远控查询；T-Box 重连后补发（reissue）的缓存帧也在这里合并。"},
    {"name": "cy-remote-control", "aliases": ["远控", "远程控制", "远程空调", "远程解锁", "远程预热", "车控"],
     "description": "远程控制（4 个副本）：车主 App 的解锁、空调预热、寻车、预约充电指令；T-Box 休眠时先经运营商物联网卡平台 CMP "
                    "发唤醒短信，T-Box 登录后下发指令；按 requestId 做 60 秒幂等。"},
    {"name": "cy-ota", "aliases": ["OTA", "升级", "远程升级", "整车升级", "固件升级"],
     "description": "OTA（3 个副本）：升级活动（campaign）的分批下发、差分包/整包、下载走 OTA CDN，车辆回报下载与安装结果。"},
    {"name": "cy-nav", "aliases": ["导航", "地图导航", "路线规划", "充电规划", "EV 导航"],
     "description": "导航（4 个副本）：路线规划、POI 搜索、路况；电动车长途路线按车辆状态里的 SOC 规划沿途充电站。"},
    {"name": "cy-digital-key", "aliases": ["数字钥匙", "手机钥匙", "蓝牙钥匙", "BLE 钥匙", "钥匙"],
     "description": "数字钥匙（3 个副本，库 dk-master）：手机 BLE 钥匙的会话签发（每次递增防重放计数器 dk_counter）、钥匙分享；"
                    "车辆校验会话计数器必须大于见过的最大值。"},
    {"name": "cy-datalake-ingest", "aliases": ["数据湖", "入湖", "车队数据湖", "Flink 入湖", "大数据"],
     "description": "车队数据湖入湖（4 个副本，Flink 作业 telemetry-to-iceberg）：消费 Kafka vehicle.telemetry（48 个分区），"
                    "写入 Iceberg；HDFS 集群 dl-hdfs。"},
    {"name": "cy-rescue", "aliases": ["道路救援", "救援", "拖车", "bCall", "救援派单"],
     "description": "道路救援（2 个副本）：bCall 与客服下单，按车辆状态里的位置派合作救援公司（安途救援、路友救援）。"},
    {"name": "cy-charge-reserve", "aliases": ["充电预约", "预约充电桩", "充电桩预约", "充电站", "合作充电"],
     "description": "充电预约（3 个副本）：合作运营商（星驿充电 XYC、蓝桩 LZ、快能 KN）的站点与充电枪经互联互通接口（T/CEC 102）"
                    "每晚 03:00 同步；车主预约、收藏站点。"},
    {"name": "cy-gb-forwarder", "aliases": ["国标转发", "国标平台", "32960", "GB32960", "地方平台", "监管平台转发"],
     "description": "GB/T 32960 转发（1 个副本，HPA）：把在上海登记的新能源车的实时数据转发到上海市新能源汽车数据平台 SHEVDC"
                    "（平台账号 CYAUTO-PLAT-01），链路中断时缓存并补发（0x03）。"},
    {"name": "cy-vehicle-archive", "aliases": ["车辆档案", "车主绑定", "车辆信息", "VIN 档案"],
     "description": "车辆档案（2 个副本）：VIN、配置、车主绑定与解绑、授权用车人。"},
    {"name": "cy-member", "aliases": ["积分商城", "车主积分", "会员", "权益"],
     "description": "车主积分与权益（2 个副本）：签到、积分商城兑换、保养券。"},
    {"name": "cy-k8s-node", "aliases": ["K8s 节点", "节点", "工作节点"],
     "description": "集群 cy-iov-prod 的节点：cy-k8s-node-01..07（通用节点池），cy-k8s-node-08..（np-access，接入网关专用，"
                    "自动修复会按节点池的启动模板替换故障节点）。"},
]

WINDOWS = {
    "sms": (_y("22:31:05"), _t("10:10")),
    "key": (_y("23:40:10"), _t("11:10:30")),
    "retain": (_t("08:10:32"), _t("11:38:20")),
    "node": (_t("09:42:10"), _t("13:18:20")),
    "ota": (_t("13:30:05"), _t("16:38:30")),
    "replay": (_t("17:30:10"), _t("21:00:40")),
    "dbc": (_t("15:20:40"), _t("18:32:10")),
    "order": (_t("16:10:40"), _t("19:48:40")),
    "station": (_t("03:00:05"), _t("10:40:20")),
    "gb": (_t("11:30:40"), _t("15:10:40")),
}


def _inside(window: str, t: dt.datetime) -> bool:
    a, b = WINDOWS[window]
    return a <= t < b


def _day(t: dt.datetime) -> bool:
    return _t("06:30") <= t < _t("22:30")


# --- Business vocabulary -------------------------------------------------------------------------
Line = tuple[str, str, dict[str, Any]]
CARRIERS = (("CMCC", "117.136"), ("CUCC", "112.96"), ("CTCC", "223.104"))
COMMANDS = ("AC_PREHEAT", "UNLOCK", "LOCK", "FIND_CAR", "SEAT_HEAT", "WINDOW_CLOSE", "CHARGE_SCHEDULE")
PHONES = ("iPhone15,2; iOS 18.2", "HUAWEI Mate 60; HarmonyOS 4.2", "Xiaomi 14; Android 15", "OPPO Find X7; Android 14",
          "vivo X100; Android 14", "iPhone14,5; iOS 18.1")
CITIES = (("上海", 31.2304, 121.4737), ("北京", 39.9042, 116.4074), ("沈阳", 41.8057, 123.4315), ("苏州", 31.2990, 120.5853),
          ("杭州", 30.2741, 120.1551))
PARTNERS = ("安途救援", "路友救援")
OTHER_OPERATORS = (("LZ", "蓝桩", "MA59J7TX0"), ("KN", "快能", "MA1FL2QK3"))


def _variant(w: WorldBuilder, mix: tuple[tuple[tuple[str, str], float], ...] = FLEET_MIX) -> tuple[str, str]:
    roll, acc = w.rng.random(), 0.0
    for variant, share in mix:
        acc += share
        if roll < acc:
            return variant
    return mix[-1][0]


def _vin(w: WorldBuilder, variant: tuple[str, str]) -> str:
    vds, year, _ = VARIANTS[variant]
    return f"LCY{vds}{w.rng.randint(0, 9)}{year}{w.rng.choice('SH')}{w.rng.randint(100000, 999999)}"


def _iccid(w: WorldBuilder, variant: tuple[str, str]) -> str:
    return f"{VARIANTS[variant][2]}{w.rng.randint(10**9, 10**10 - 1)}"


def _label(variant: tuple[str, str]) -> str:
    return f"{variant[0]} {variant[1]}"


def _cmd(w: WorldBuilder) -> str:
    return f"RC{w.rng.randint(10**9, 10**10 - 1)}"


def _key(w: WorldBuilder) -> str:
    return f"DK-{w.hex(10)}"


def _ip(w: WorldBuilder) -> tuple[str, str]:
    carrier, prefix = w.rng.choice(CARRIERS)
    return carrier, f"{prefix}.{w.rng.randint(0, 255)}.{w.rng.randint(1, 254)}"


def _pod(w: WorldBuilder, service: str, t: dt.datetime) -> str:
    return w.pod_at(ROLLOUTS[service], t)


def _app(w: WorldBuilder, t: dt.datetime) -> str:
    """The owner App version of a request: 6.8.0 from its staged rollout at 17:30, more of it after the full rollout."""
    share = 0.0 if t < _t("17:30:10") else 0.15 if t < _t("18:20:10") else 0.55
    return "6.8.0" if w.rng.random() < share else w.rng.choice(("6.7.2", "6.7.2", "6.7.1"))


def _rid(w: WorldBuilder, t: dt.datetime, app: str) -> str:
    """A request id: 6.7.x sends 32 hex digits, 6.8.0 the second it was sent and four random digits."""
    return f"{t:%Y%m%d%H%M%S}{w.rng.randint(0, 9999):04d}" if app == "6.8.0" else w.hex(32)


def _station(w: WorldBuilder, t: dt.datetime) -> tuple[str, str, str]:
    """(operator, StationID, name) of a station an owner reserves: XYC's old ids before the 03:00 sync, the new ones after."""
    if w.rng.random() < 0.45:
        old, new, name = w.rng.choice(XYC_STATIONS)
        return "XYC", new if t >= WINDOWS["station"][0] else old, name
    code, _, operator = w.rng.choice(OTHER_OPERATORS)
    return code, f"{operator}{w.rng.randint(10000, 99999)}", f"{w.rng.choice(['万达', '龙湖', '印象城', '高铁站', '产业园'])}站"


# --- Noise: every service's ordinary day ----------------------------------------------------------
def _gateway(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "cy-tbox-gateway", t)
    on_bad = _inside("node", t)
    if on_bad and pod in GW_NEW and w.rng.random() < 0.8:  # behind the dropped SYNs node-12's pods accept few connections
        pod = w.rng.choice(GW_PODS[0:6])
    roll = w.rng.random()
    if roll < 0.45:
        mix = ((S5_23, 0.33), (S5_24, 0.33), (EX9, 0.34)) if _inside("retain", t) else FLEET_MIX
        variant = _variant(w, mix)
        carrier, ip = _ip(w)
        if on_bad:
            k = w.rng.choice((1, 1, 1, 2, 2, 3, 4, 5, 6))
        else:
            k = 1 if w.rng.random() < 0.93 else 2
        return "INFO", GW_CONNECT.format(vin=_vin(w, variant), model=_label(variant), ip=ip, carrier=carrier, k=k,
                                         s=w.rng.randint(20, 60) * k if k > 1 else w.rng.randint(5, 40000)), {"instance": pod}
    if roll < 0.7:
        variant = _variant(w)
        return "INFO", (f"VIN {_vin(w, variant)} ({_label(variant)}) disconnected: keepalive timeout 180s (ignition off, T-Box "
                        "sleep)"), {"instance": pod}
    if roll < 0.92:
        variant = _variant(w)
        return "INFO", f"GB32960 0x02 realtime frame VIN {_vin(w, variant)}: accepted, {w.rng.randint(6, 9)} data units", {
            "instance": pod}
    carrier, ip = _ip(w)
    return "WARN", (f"VIN {_vin(w, _variant(w))} duplicate clientId: previous session from {ip} ({carrier} CGNAT) taken over"), {
        "instance": pod}


def _shadow(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "cy-vehicle-shadow", t)
    roll = w.rng.random()
    variant = _variant(w)
    if roll < 0.4:
        return "INFO", (f"state write VIN {_vin(w, variant)} ({_label(variant)}): {w.rng.randint(3, 40)} fields, event_time lag "
                        f"{w.ms(80, 900)}ms"), {"instance": pod}
    if roll < 0.75:
        caller = w.rng.choice(("cy-nav", "cy-rescue", "cy-remote-control", "owner-app", "owner-app"))
        return "INFO", f"GET /shadow/v1/vehicles/{_vin(w, variant)}/state 200 took={w.ms(2, 15)}ms caller={caller}", {
            "instance": pod, "log_type": "access"}
    if roll < 0.9:
        return "INFO", f"snapshot flush: {w.rng.randint(8000, 60000)} dirty vehicles written to HBase in {w.ms(120, 900)}ms", {
            "instance": pod}
    return "WARN", f"VIN {_vin(w, variant)} state write conflict (redis WATCH), retried 1 time", {"instance": pod}


def _remote(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "cy-remote-control", t)
    variant = _variant(w)
    vin, kind, app = _vin(w, variant), w.rng.choice(COMMANDS), _app(w, t)
    head = f"cmd {_cmd(w)} {kind} VIN {vin} ({_label(variant)}) requestId={_rid(w, t, app)} app={app}"
    roll = w.rng.random()
    if roll < 0.12:
        reason = {"AC_PREHEAT": "LOW_SOC 电量低于 15% 不执行预热", "SEAT_HEAT": "LOW_SOC 电量低于 15% 不执行加热",
                  "LOCK": "DOOR_OPEN 车门未关"}.get(kind, "VEHICLE_MOVING 车辆行驶中")
        return "WARN", f"{head}: rejected by T-Box: {reason}", {"instance": pod}
    asleep = w.rng.random() < (0.2 if _day(t) else 0.7)
    if asleep and not (variant == S5_23 and _inside("sms", t)):  # the S5 MY2023 wake-ups of the window are the incident's
        return "INFO", (f"{head}: wake-up SMS ok, T-Box online after {w.rng.uniform(4, 14):.1f}s, executed in "
                        f"{w.rng.uniform(6, 20):.1f}s"), {"instance": pod}
    return "INFO", f"{head}: T-Box online, executed in {w.rng.uniform(1.2, 4.5):.1f}s", {"instance": pod}


def _ota(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "cy-ota", t)
    roll = w.rng.random()
    variant = _variant(w)
    if roll < 0.45:
        return "INFO", f"GET /ota/v2/vehicles/{_vin(w, variant)}/campaigns 200 pending=0 took={w.ms(3, 25)}ms", {
            "instance": pod, "log_type": "access"}
    if roll < 0.75:
        return "INFO", (f"VIN {_vin(w, S5_24)} OTA-2026-W50-S5-MAP 地图数据 2026Q4 installed ok ({w.rng.randint(4, 30)} min "
                        "download)"), {"instance": pod}
    if roll < 0.9:
        return "INFO", f"CDN token issued for VIN {_vin(w, variant)} ({_label(variant)}), ttl 86400s", {"instance": pod}
    return "WARN", f"VIN {_vin(w, variant)} download paused: power mode OFF, will resume on next wake", {"instance": pod}


ROUTES = (("上海", "杭州", 176), ("上海", "南京", 301), ("北京", "天津", 137), ("北京", "石家庄", 293), ("沈阳", "大连", 398),
          ("苏州", "宁波", 238), ("杭州", "黄山", 213))


def _nav(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "cy-nav", t)
    roll = w.rng.random()
    if roll < 0.35:
        mix = ((S5_24, 0.2), (EX9, 0.8)) if _inside("dbc", t) else ((EX7, 0.6), (EX9, 0.4))
        variant = _variant(w, mix)
        a, b, km = w.rng.choice(ROUTES)
        soc = w.rng.randint(35, 96)
        stops = 0 if km < soc * 4 else 1
        return "INFO", (f"EV route plan NP{w.rng.randint(10**8, 10**9 - 1)} VIN {_vin(w, variant)} ({variant[0]}) {a}->{b} {km} km: "
                        f"soc {soc}%, {stops} charging stops planned ({w.ms(80, 400)} ms)"), {"instance": pod}
    if roll < 0.7:
        city = w.rng.choice(CITIES)[0]
        return "INFO", f"GET /nav/v3/poi/search?city={city}&q=… 200 hits={w.rng.randint(3, 40)} took={w.ms(20, 120)}ms", {
            "instance": pod, "log_type": "access"}
    if roll < 0.92:
        return "INFO", f"traffic tiles refreshed: {w.rng.randint(1800, 5200)} tiles, provider latency {w.ms(200, 900)}ms", {
            "instance": pod}
    return "WARN", f"route plan for {_vin(w, S5_24)} took {w.ms(1500, 2800)}ms (cross-province, 4 alternatives)", {"instance": pod}


def _dk(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "cy-digital-key", t)
    roll = w.rng.random()
    key, vin = _key(w), _vin(w, _variant(w))
    if roll < 0.4:
        return "INFO", f"session issued key {key} VIN {vin} counter {w.rng.randint(200, 9000)} ttl {'180' if t >= _t('06:05:20') else '300'}s", {
            "instance": pod}
    if roll < 0.8:
        return "INFO", f"POST /dk/v2/events key {key} VIN {vin} ({w.rng.choice(PHONES)}): BLE unlock ok ({w.ms(180, 700)}ms)", {
            "instance": pod}
    if roll < 0.93:
        return "INFO", f"key share {key} VIN {vin} to user U{w.rng.randint(10**7, 10**8 - 1)} (valid 7 days)", {"instance": pod}
    return "WARN", f"POST /dk/v2/events key {key} VIN {vin}: BLE connect timeout (phone bluetooth off?)", {"instance": pod}


def _datalake(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "cy-datalake-ingest", t)
    roll = w.rng.random()
    if roll < 0.4:
        table = w.rng.choice(("ods.telemetry_raw", "ods.gb32960_frames", "ods.tbox_events"))
        return "INFO", (f"iceberg commit {table} snapshot {w.rng.randint(10**15, 10**16 - 1)}: {w.rng.randint(40, 400)} data files, "
                        f"{w.rng.randint(10**5, 10**7)} rows"), {"instance": pod}
    if roll < 0.8:
        return "INFO", f"flink checkpoint {w.rng.randint(48000, 49000)} completed in {w.rng.uniform(4, 28):.1f}s", {"instance": pod}
    if roll < 0.93:
        return "INFO", f"hdfs dl-hdfs: block report ok, {w.rng.randint(40, 48)} datanodes live", {"instance": pod}
    return "WARN", f"late records dropped: {w.rng.randint(3, 90)} (event_time older than 7 days)", {"instance": pod}


def _rescue(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "cy-rescue", t)
    roll = w.rng.random()
    if roll < 0.5:
        return "INFO", f"partner {w.rng.choice(PARTNERS)} heartbeat ok, {w.rng.randint(40, 160)} trucks available", {"instance": pod}
    if roll < 0.9:
        city = w.rng.choice(CITIES)[0]
        return "INFO", f"GET /rescue/v1/coverage?city={city} 200 took={w.ms(5, 40)}ms", {"instance": pod, "log_type": "access"}
    return "WARN", f"partner {w.rng.choice(PARTNERS)} truck position stale {w.rng.randint(120, 600)}s, excluded from ETA", {
        "instance": pod}


def _charge(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "cy-charge-reserve", t)
    roll = w.rng.random()
    if roll < 0.35:
        operator, sid, name = _station(w, t)
        hour = w.rng.randint(6, 22)
        return "INFO", (f"POST /cr/v2/reservations VIN {_vin(w, w.rng.choice((EX7, EX9, S5_24)))} station {sid} {name} ({operator}) "
                        f"{hour:02d}:00-{hour:02d}:20: RESERVED"), {"instance": pod}
    if roll < 0.65:
        city, lat, lng = w.rng.choice(CITIES)
        return "INFO", f"GET /cr/v2/stations/nearby?lat={lat:.3f}&lng={lng:.3f} 200 stations={w.rng.randint(8, 60)} took={w.ms(10, 80)}ms", {
            "instance": pod, "log_type": "access"}
    if roll < 0.9:
        code = w.rng.choice(("XYC", "LZ", "KN"))
        return "INFO", f"partner {code} notification_stationStatus: {w.rng.randint(20, 400)} connector status updates", {
            "instance": pod}
    return "WARN", "partner LZ query_equip_business_policy timeout 3000ms, cached policy used", {"instance": pod}


def _gb(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "cy-gb-forwarder", t)
    if w.rng.random() < 0.7:
        if _inside("gb", t):
            n = w.rng.randint(30000, 42000)
            return "INFO", (f"realtime frames last 60s: {n} forwarded (0x02), {w.rng.randint(28000, 40000)} queued for 补发 while "
                            "link down"), {"instance": pod}
        return "INFO", f"realtime frames last 60s: {w.rng.randint(68000, 74000)} forwarded (0x02), acks ok", {"instance": pod}
    return "INFO", f"heartbeat 0x07 to SHEVDC ok ({w.ms(8, 40)}ms)", {"instance": pod}


def _archive(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "cy-vehicle-archive", t)
    roll = w.rng.random()
    vin = _vin(w, _variant(w))
    if roll < 0.5:
        return "INFO", f"GET /archive/v1/vehicles/{vin} 200 took={w.ms(3, 30)}ms", {"instance": pod, "log_type": "access"}
    if roll < 0.8:
        return "INFO", f"owner binding VIN {vin} user U{w.rng.randint(10**7, 10**8 - 1)} confirmed", {"instance": pod}
    if roll < 0.95:
        return "INFO", f"authorized driver added VIN {vin} (valid {w.rng.choice([1, 7, 30])} days)", {"instance": pod}
    return "WARN", f"owner binding VIN {vin}: ID card OCR low confidence, sent to manual review", {"instance": pod}


def _member(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "cy-member", t)
    roll = w.rng.random()
    user = f"U{w.rng.randint(10**7, 10**8 - 1)}"
    if roll < 0.4:
        points = 10 if t >= _t("10:30:10") else 5
        return "INFO", f"check-in user {user} +{points} points", {"instance": pod}
    if roll < 0.75:
        return "INFO", f"GET /member/v1/mall/items?page={w.rng.randint(1, 6)} 200 took={w.ms(8, 60)}ms", {"instance": pod,
                                                                                                      "log_type": "access"}
    if roll < 0.93:
        return "INFO", f"redeem user {user} item {w.rng.choice(['保养券', '洗车券', '车载香薰', '充电券 50 元'])} ok", {"instance": pod}
    return "WARN", f"redeem user {user}: insufficient points, rejected", {"instance": pod}


def _node(w: WorldBuilder, t: dt.datetime) -> Line:
    present = [n for n in NODES if n != BAD_NODE or t >= _t("09:40:12")]
    if t < _t("09:19:20"):
        present.append(FAILED_NODE)
    node = w.rng.choice(present)
    roll = w.rng.random()
    stamp = f"I{t:%m%d} {t:%H:%M:%S}.{w.rng.randint(100000, 999999)}"
    if roll < 0.4:
        return "INFO", (f'kubelet[1203]: {stamp} image_gc_manager.go:391] "Disk usage on image filesystem is below the low '
                        f'threshold" usage={w.rng.randint(21, 58)} lowThreshold=80'), {"instance": node}
    if roll < 0.7:
        return "INFO", f"systemd[1]: Started Session {w.rng.randint(1000, 9000)} of User root.", {"instance": node}
    return "INFO", (f"chronyd[{w.rng.randint(700, 900)}]: Selected source 100.100.61.88 (ntp.cloud), offset "
                    f"{w.rng.uniform(-0.4, 0.4):.3f}ms"), {"instance": node}


NOISE = {
    "cy-tbox-gateway": (_gateway, 30), "cy-vehicle-shadow": (_shadow, 30), "cy-remote-control": (_remote, 30),
    "cy-ota": (_ota, 60), "cy-nav": (_nav, 40), "cy-digital-key": (_dk, 45), "cy-datalake-ingest": (_datalake, 60),
    "cy-rescue": (_rescue, 120), "cy-charge-reserve": (_charge, 50), "cy-gb-forwarder": (_gb, 90),
    "cy-vehicle-archive": (_archive, 90), "cy-member": (_member, 90), "cy-k8s-node": (_node, 300),
}


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


def _spread(w: WorldBuilder, spans: tuple[tuple[dt.datetime, dt.datetime, int], ...]) -> list[dt.datetime]:
    """A fixed number of moments drawn in each span: counts a question asks do not depend on the seed."""
    moments: list[dt.datetime] = []
    for a, b, n in spans:
        width = (b - a).total_seconds()
        moments += sorted(a + dt.timedelta(seconds=w.rng.uniform(0, width)) for _ in range(n))
    return moments


def _ops(w: WorldBuilder, moment: str | dt.datetime, service: str, message: str) -> None:
    """An on-call engineer's note in the service's channel (the ops console relays it to the logs)."""
    w.log(moment if isinstance(moment, dt.datetime) else w.at(moment), service, "INFO", message, instance="ops-console",
          trace=False)


def pods_at(service: str, t: dt.datetime) -> tuple[str, ...]:
    """The pods of ``service`` serving at ``t`` (its rollout's step then)."""
    steps = ROLLOUTS[service]
    pods = steps[0][1]
    for clock, step in steps:
        if _t(clock) <= t:
            pods = step
    return pods


# --- Incident 1: the S5 MY2023 cards on a data-only package: wake-up SMS rejected ---------------------------------
def sms_wakeup(w: WorldBuilder) -> list[dt.datetime]:
    """Returns the moments of the rejected wake-up SMS (the counter the quantity question asks for)."""
    rc = "cy-remote-control"
    w.log(_y("22:31:05.204"), rc, "INFO", CMP_NOTIFY, instance=RC_OLD[0], trace=False)
    w.log(_t("05:50:10.118"), rc, "INFO", PREHEAT_CONFIG, instance=RC_OLD[1], change="config")
    moments = _spread(w, SMS_SPANS)
    assert len(moments) == SMS_REJECTED_TOTAL
    for moment in moments:
        vin, cmd, app = _vin(w, S5_23), _cmd(w), _app(w, moment)
        kind = "AC_PREHEAT" if _t("06:00") <= moment < _t("09:30") and w.rng.random() < 0.75 else w.rng.choice(COMMANDS)
        pod, trace = _pod(w, rc, moment), w.hex(32)
        w.log(moment, rc, "WARN", SMS_REJECT.format(cmd=cmd, vin=vin, iccid=_iccid(w, S5_23)), instance=pod, trace_id=trace)
        w.log(moment + dt.timedelta(seconds=30, milliseconds=w.rng.randint(0, 900)), rc, "ERROR",
              WAKEUP_FAIL.format(cmd=cmd, kind=kind, vin=vin, rid=_rid(w, moment, app), app=app), instance=pod, trace_id=trace)
    _ops(w, "07:40:20.330", rc, "remote_oncall_hanlu: 早上大量车主远程预热失败，App 提示车辆唤醒失败，看下来基本都是 S5；EX7、EX9 "
         "正常，车辆本身没有离线告警")
    w.log(_t("10:10:05.441"), rc, "INFO", CMP_REVERT, instance=RC_OLD[2], trace=False)
    for moment in _every(w, "10:12:00", "11:30:00", 90, 300):
        app = _app(w, moment)
        w.log(moment, rc, "INFO", f"cmd {_cmd(w)} {w.rng.choice(COMMANDS)} VIN {_vin(w, S5_23)} (S5 MY2023) requestId="
              f"{_rid(w, moment, app)} app={app}: wake-up SMS ok, T-Box online after {w.rng.uniform(4, 14):.1f}s, executed in "
              f"{w.rng.uniform(6, 20):.1f}s", instance=_pod(w, rc, moment))
    w.alert("RemoteWakeupFailuresHigh", rc, "warning", _t("06:41"), _t("10:20"), WAKEUP_ALERT_VALUE,
            f"远控唤醒失败 {WAKEUP_ALERT_VALUE}，超过阈值 20 次/5分钟", namespace=NS)
    return moments


# --- Incident 2: the key store cut over from a snapshot of the counters --------------------------------------------
def key_counters(w: WorldBuilder) -> None:
    dk = "cy-digital-key"
    pods = ROLLOUTS[dk][0][1]
    w.log(_y("23:40:10.204"), dk, "INFO", DK_CUTOVER, instance="ops-console", trace=False, change="migration")
    w.log(_t("06:05:20.118"), dk, "INFO", DK_TTL, instance=pods[0], change="config")
    moments = (_every(w, "00:10", "06:40", 900, 2400) + _every(w, "06:40", "07:30", 4, 15) + _every(w, "07:30", "09:30", 3, 10)
               + _every(w, "09:30", "11:10", 8, 30))
    for moment in moments:
        vc = w.rng.randint(300, 9000)
        w.log(moment, dk, "WARN", DK_REJECT.format(key=_key(w), vin=_vin(w, _variant(w)), phone=w.rng.choice(PHONES),
                                                   c=vc - w.rng.randint(0, 11), vc=vc), instance=_pod(w, dk, moment))
    _ops(w, "07:25:40.330", dk, "dk_oncall_yuting: 早高峰大量车主反馈手机钥匙开不了车门，提示钥匙校验失败，只能用卡片钥匙；NFC "
         "卡片和遥控钥匙正常，也不是所有手机钥匙都不行")
    w.log(_t("11:10:30.441"), dk, "INFO", DK_RESYNC, instance="ops-console", trace=False, change="data")
    w.alert("DigitalKeyAuthFailuresHigh", dk, "critical", _t("06:52"), _t("11:25"), DK_ALERT_VALUE,
            f"数字钥匙开锁失败率 {DK_ALERT_VALUE}，超过阈值 3%", namespace=NS)


# --- Incident 3: a retained test config on the EX7 group topic ------------------------------------------------------
MSG_RATE: Keyframes = [(START, 21000), (_t("01:00"), 9800), (_t("05:30"), 9100), (_t("06:30"), 22400), (_t("07:30"), 30100),
                       (_t("08:10"), 31400), (_t("08:30"), 42100), (_t("09:00"), 52800), (_t("10:00"), 71300),
                       (_t("11:00"), 84600), (_t("11:37"), 91930), (_t("11:38"), 92418), (_t("11:40"), 44800),
                       (_t("12:00"), 33100), (_t("14:00"), 31800), (_t("17:30"), 36500), (_t("19:00"), 35200),
                       (REFERENCE, 24000)]
LAG: Keyframes = [(START, 12000), (_t("08:30"), 40000), (_t("08:45"), 1_530_000), (_t("08:58"), 5_218_640),
                  (_t("09:30"), 24_100_000), (_t("10:00"), 54_300_000), (_t("10:30"), 96_700_000), (_t("11:00"), 150_800_000),
                  (_t("11:20"), 192_600_000), (_t("11:38"), 229_700_000), (_t("11:40"), 231_050_000), (_t("11:41"), LAG_PEAK),
                  (_t("11:42"), 231_120_000), (_t("11:50"), 226_400_000), (_t("12:00"), 196_800_000),
                  (_t("12:30"), 108_900_000), (_t("13:00"), 21_300_000), (_t("13:08"), 910_000), (_t("13:12"), 41_000),
                  (REFERENCE, 12000)]
EX7_SHARE: Keyframes = [(START, 38.0), (_t("08:10"), 38.5), (_t("09:00"), 60.2), (_t("10:00"), 70.4), (_t("11:38"), 74.9),
                        (_t("11:42"), 39.0), (REFERENCE, 38.0)]


def retained_config(w: WorldBuilder) -> None:
    gw, dl = "cy-tbox-gateway", "cy-datalake-ingest"
    w.log(_t("07:40:10.204"), dl, "INFO", DL_COMMIT, instance=ROLLOUTS[dl][0][1][0], change="config")
    w.log(_t("08:10:32.118"), gw, "INFO", RETAIN_PUBLISH, instance=GW_PODS[2], trace=False)
    for moment in _every(w, "08:10:40", "11:38:17", 4, 14):
        pod = _pod(w, gw, moment)
        if pod in GW_NEW and _inside("node", moment):
            pod = w.rng.choice(GW_PODS[0:6])
        carrier, ip = _ip(w)
        vin, trace = _vin(w, EX7), w.hex(32)
        k = w.rng.choice((1, 1, 1, 2, 2, 3, 4, 5)) if _inside("node", moment) else 1
        w.log(moment, gw, "INFO", GW_CONNECT.format(vin=vin, model="EX7 MY2025", ip=ip, carrier=carrier, k=k,
                                                    s=w.rng.randint(20, 60) * k if k > 1 else w.rng.randint(5, 40000)),
              instance=pod, trace_id=trace)
        w.log(moment + dt.timedelta(milliseconds=w.rng.randint(200, 1500)), gw, "INFO", CFG_ACK.format(vin=vin), instance=pod,
              trace_id=trace)
    _ops(w, "10:40:10.330", dl, "dl_oncall_huangrui: 入湖延迟一个多小时，Flink 反压在 source，vehicle.telemetry 进来的量是平时的两倍"
         "多，EX7 占了七成；HDFS 容量告警是老问题，跟这个无关")
    w.log(_t("11:38:20.330"), gw, "INFO", RETAIN_CLEAR, instance="ops-console", trace=False, change="ops")
    w.log(_t("11:50:10.441"), dl, "INFO", DL_RESCALE, instance="ops-console", trace=False, change="scale")
    for moment in _every(w, START, REFERENCE, 300, 300):
        rate = int(interpolate(MSG_RATE, moment) * w.rng.uniform(0.98, 1.02))
        share = interpolate(EX7_SHARE, moment)
        online = int(interpolate(ONLINE, moment))
        w.log(moment, gw, "INFO", GW_STATS.format(rate=rate, online=online, share=share), instance=_pod(w, gw, moment), trace=False)
        lag = int(interpolate(LAG, moment))
        out = rate if lag < 1_000_000 else int((42_000 if moment < _t("11:50:10") else 91_000) * w.rng.uniform(0.97, 1.02))
        w.log(moment + dt.timedelta(seconds=w.rng.randint(2, 20)), dl, "WARN" if lag > 5_000_000 else "INFO",
              DL_STATS.format(lag=lag, inn=rate, out=out, share=share), instance=_pod(w, dl, moment), trace=False)
    w.alert("DatalakeIngestLagHigh", dl, "warning", _t("08:58"), _t("13:10"), LAG_ALERT_VALUE,
            f"入湖消费积压 {LAG_ALERT_VALUE}，超过阈值 5000000 条", namespace=NS, topic="vehicle.telemetry")


# --- Incident 4: the replacement node from the 2019 image: tcp_tw_recycle behind the carriers' NAT -------------------------
ONLINE: Keyframes = [(START, 214_000), (_t("02:00"), 151_000), (_t("06:00"), 198_000), (_t("07:00"), 402_000),
                     (_t("08:30"), 583_000), (_t("09:40"), 596_000), (_t("10:30"), 508_000), (_t("12:00"), 521_000),
                     (_t("13:18"), 530_000), (_t("13:30"), 611_000), (_t("18:00"), 640_000), (_t("19:30"), 602_000),
                     (REFERENCE, 388_000)]
PAWS_RATE: Keyframes = [(_t("09:40"), 0), (_t("09:43"), 220), (_t("10:30"), 1460), (_t("11:50"), 1890), (_t("13:18"), 1700),
                        (_t("13:19"), 0), (REFERENCE, 0)]


def node_tw_recycle(w: WorldBuilder) -> None:
    node, gw = "cy-k8s-node", "cy-tbox-gateway"
    w.log(_y("23:15:10.118"), gw, "INFO", GATEWAY_DECOY, instance=GW_PODS[0], change="config")
    w.log(_t("09:18:40.118"), node, "WARN", NODE_FAIL, instance=FAILED_NODE, trace=False)
    w.log(_t("09:19:20.204"), node, "INFO", NODE_DRAIN.format(pods=", ".join(GW_EVICTED)), instance="np-access-autorepair",
          trace=False)
    for index, pod in enumerate(GW_EVICTED):
        w.log(_t("09:19:22.330") + dt.timedelta(seconds=index), gw, "INFO", GW_SIGTERM.format(n=w.rng.randint(61000, 76000)),
              instance=pod, trace=False)
    w.log(_t("09:40:12.330"), node, "INFO", NODE_JOIN, instance=BAD_NODE, trace=False)
    for index, line in enumerate(SYSCTL_LINES):
        w.log(_t("09:40:31.118") + dt.timedelta(milliseconds=7 * index), node, "INFO", line, instance=BAD_NODE, trace=False)
    for index, pod in enumerate(GW_NEW):
        w.log(_t("09:42:10.441") + dt.timedelta(seconds=4 * index), gw, "INFO", GW_BOOT, instance=pod, trace=False)
    for minute in _every(w, "09:43:00", "13:18:00", 60, 60):
        w.log(minute + dt.timedelta(seconds=w.rng.randint(1, 9)), node, "INFO",
              PAWS.format(n=int(interpolate(PAWS_RATE, minute) * w.rng.uniform(0.9, 1.1))), instance=BAD_NODE, trace=False)
    for moment in _every(w, START + dt.timedelta(minutes=2), REFERENCE, 300, 300):
        pods = pods_at(gw, moment)
        online = interpolate(ONLINE, moment)
        for pod in pods:
            acc = online / 40 * w.rng.uniform(0.85, 1.15)
            act = online / len(pods) * w.rng.uniform(0.9, 1.1)
            if pod in GW_NEW:
                since = (moment - _t("09:42:10")).total_seconds() / 60
                if _inside("node", moment):
                    acc, act = acc * 0.12, act * min(0.25, 0.004 * since)
                else:
                    after = (moment - _t("13:18:20")).total_seconds() / 60
                    act = act * min(1.0, 0.25 + after / 90)
            w.log(moment + dt.timedelta(milliseconds=w.rng.randint(0, 3000)), gw, "INFO",
                  GW_CONN.format(acc=int(acc), act=int(act), tls=w.rng.randint(0, 12)), instance=pod, trace=False)
    _ops(w, "10:20:40.551", gw, "tbox_oncall_lijia: 十点前后开始车机重连变慢，很多车要试好几次才连上，在线车辆数比平时同时段少 9 万"
         "左右；负载均衡后端健康检查都正常，网关没有报错")
    w.log(_t("13:18:20.441"), node, "INFO", NODE_FIX, instance="ops-console", trace=False, change="sysctl")
    w.alert("TboxReconnectAttemptsHigh", gw, "warning", _t("10:02"), _t("13:30"), RECONNECT_ALERT_VALUE,
            f"车辆平均重连尝试 {RECONNECT_ALERT_VALUE}，超过阈值 1.5 次", namespace=NS)


# --- Incident 5: the campaign's delta package from the wrong base ----------------------------------------------------
def ota_delta(w: WorldBuilder) -> None:
    ota = "cy-ota"
    w.log(_t("11:20:10.118"), ota, "INFO", OTA_DEPLOY, instance=ROLLOUTS[ota][1][1][0], change="deploy")
    _rolled(w, ota, 1, "Started OtaApplication in {s} seconds (process running for 31.2)",
            "Commencing graceful shutdown. Waiting for active requests to complete")
    pod = ROLLOUTS[ota][1][1][0]
    w.log(_t("13:29:40.204"), ota, "INFO", OTA_PRECHECK, instance=pod, trace=False)
    w.log(_t("13:30:05.118"), ota, "INFO", OTA_START, instance=pod, trace=False, change="campaign")
    w.log(_t("14:40:10.330"), ota, "INFO", OTA_BATCH2, instance=pod, trace=False, change="campaign")
    failed = done = 0
    for moment in _every(w, "13:40:00", "16:38:30", 3, 12):
        vin = _vin(w, EX7)
        if w.rng.random() < 0.41:
            failed += 1
            w.log(moment, ota, "WARN", DELTA_FAIL.format(vin=vin), instance=_pod(w, ota, moment))
        else:
            done += 1
            w.log(moment, ota, "INFO", DELTA_OK.format(vin=vin, base="3.2.0", mb=612, m=w.rng.randint(9, 48)),
                  instance=_pod(w, ota, moment))
    for moment in _every(w, "13:40:00", "16:40:00", 600, 600):
        minutes = (moment - _t("13:30")).total_seconds() / 60
        w.log(moment, ota, "INFO", f"campaign OTA-2026-W51-EX7 progress: downloading {int(minutes * 410)}, installed "
              f"{int(minutes * 205)}, full-package fallback {int(minutes * 178)}", instance=pod, trace=False)
    _ops(w, "14:50:20.441", ota, "ota_oncall_weiran: W51 活动失败率 40% 左右，失败的车都在回退下整包，OTA CDN 出口带宽冲到 170G "
         "以上，CDN 厂商来电询问")
    w.log(_t("16:38:30.330"), ota, "INFO", OTA_PAUSE, instance=pod, trace=False, change="campaign")
    w.log(_t("17:50:10.441"), ota, "INFO", OTA_NEW_DELTA, instance=pod, trace=False, change="release")
    w.log(_t("18:05:10.551"), ota, "INFO", OTA_RESUME, instance=pod, trace=False, change="campaign")
    for moment in _every(w, "18:20:00", REFERENCE, 15, 60):
        base, mb = ("3.2.0", 612) if w.rng.random() < 0.59 else ("3.2.1", 598)
        w.log(moment, ota, "INFO", DELTA_OK.format(vin=_vin(w, EX7), base=base, mb=mb, m=w.rng.randint(9, 48)),
              instance=_pod(w, ota, moment))
    w.alert("OtaCampaignFailureRateHigh", ota, "warning", _t("13:58"), _t("16:50"), "12.6%",
            "OTA 活动 OTA-2026-W51-EX7 失败率 12.6%，超过阈值 10%", namespace=NS, campaign="OTA-2026-W51-EX7")
    w.alert("OtaCdnEgressHigh", ota, "warning", _t("14:12"), _t("16:55"), EGRESS_ALERT_VALUE,
            f"OTA CDN 出口带宽 {EGRESS_ALERT_VALUE}，超过阈值 80 Gbps", namespace=NS)


# --- Incident 6: the App's request ids against an idempotency cache keyed by the id alone -----------------------------
REPLAYS: Keyframes = [(START, 0), (_t("17:39"), 0), (_t("17:45"), 1), (_t("18:20"), 3), (_t("18:41"), 6), (_t("18:46"), 13),
                      (_t("18:47"), REPLAY_PEAK), (_t("18:48"), 13), (_t("19:36"), 11), (_t("20:30"), 6), (_t("20:59"), 4),
                      (_t("21:00"), 0), (REFERENCE, 0)]


def replay_minutes() -> list[dt.datetime]:
    """The whole minutes 17:40–20:59: in each, as many replays as the series says."""
    return [_t("17:40") + dt.timedelta(minutes=m) for m in range(200)]


def request_id_replay(w: WorldBuilder) -> None:
    rc = "cy-remote-control"
    w.log(_t("16:50:20.118"), rc, "INFO", RC_DEPLOY_4120, instance=RC_4120[0], change="deploy")
    _rolled(w, rc, 1, "Started RemoteControlApplication in {s} seconds (process running for 29.8)",
            "Commencing graceful shutdown. Waiting for active requests to complete")
    w.log(_t("17:30:10.204"), rc, "INFO", APP_STAGED, instance="release-bot", trace=False, change="release")
    w.log(_t("18:20:10.330"), rc, "INFO", APP_FULL, instance="release-bot", trace=False, change="release")
    for minute in replay_minutes():
        for _ in range(round(interpolate(REPLAYS, minute))):
            first = minute + dt.timedelta(seconds=w.rng.uniform(0, 57))
            ago = w.rng.uniform(0.2, 2.5)
            rid = f"{first:%Y%m%d%H%M%S}{w.rng.randint(0, 9999):04d}"
            prev, kind = _cmd(w), w.rng.choice(("AC_PREHEAT", "AC_PREHEAT", "UNLOCK", "SEAT_HEAT"))
            one, two = _variant(w), _variant(w)
            w.log(first, rc, "INFO", f"cmd {prev} {kind} VIN {_vin(w, one)} ({_label(one)}) requestId={rid} app=6.8.0: T-Box "
                  f"online, executed in {w.rng.uniform(1.2, 4.5):.1f}s", instance=_pod(w, rc, first))
            again = first + dt.timedelta(seconds=ago)
            w.log(again, rc, "INFO", REPLAY.format(vin=_vin(w, two), model=_label(two), kind=w.rng.choice(COMMANDS[:4]), rid=rid,
                                                   prev=prev, ago=ago), instance=_pod(w, rc, again), log_type="access")
    _ops(w, "19:05:30.441", rc, "remote_oncall_hanlu: 晚上不少车主反馈 App 上点了开空调显示“已开启”，车上没反应；指令都返回成功，"
         "没有报错")
    w.log(_t("21:00:20.551"), rc, "INFO", RC_DEPLOY_4121, instance=RC_4121[0], change="deploy")
    _rolled(w, rc, 2, "Started RemoteControlApplication in {s} seconds (process running for 30.4)",
            "Commencing graceful shutdown. Waiting for active requests to complete")
    w.alert("RemoteIdempotentReplaysHigh", rc, "warning", _t("18:41"), _t("21:12"), REPLAY_ALERT_VALUE,
            f"远控幂等命中 {REPLAY_ALERT_VALUE}，超过阈值 5 次/分钟", namespace=NS)


# --- Incident 7: a DBC release renaming the signal the shadow maps soc from ---------------------------------------------
def dbc_rename(w: WorldBuilder) -> None:
    gw, shadow, nav = "cy-tbox-gateway", "cy-vehicle-shadow", "cy-nav"
    w.log(_t("14:30:10.118"), nav, "INFO", NAV_DEPLOY, instance=ROLLOUTS[nav][1][1][0], change="deploy")
    _rolled(w, nav, 1, "Started NavApplication in {s} seconds (process running for 27.5)",
            "Commencing graceful shutdown. Waiting for active requests to complete")
    w.log(_t("15:20:40.204"), gw, "INFO", DBC_RELEASE, instance="signal-db", trace=False, change="data")
    for index, pod in enumerate(pods_at(gw, _t("15:21"))):
        w.log(_t("15:21:05.330") + dt.timedelta(milliseconds=300 * index), gw, "INFO", DBC_RELOAD, instance=pod, trace=False)
    for minute in _every(w, "15:21:40", "18:32:10", 60, 60):
        w.log(minute, shadow, "WARN", SOC_MISSING.format(n=int(interpolate(ONLINE, minute) * 0.2 * w.rng.uniform(0.9, 1.0))),
              instance=_pod(w, shadow, minute), trace=False)
    for moment in _every(w, "15:24:00", "18:32:00", 10, 45):
        a, b, km = w.rng.choice(ROUTES)
        w.log(moment, nav, "WARN", NAV_FALLBACK.format(plan=f"NP{w.rng.randint(10**8, 10**9 - 1)}", vin=_vin(w, EX7), a=a, b=b,
                                                       km=km, k=max(1, km // 70), first=w.rng.randint(18, 45)),
              instance=_pod(w, nav, moment))
    _ops(w, "17:20:30.330", nav, "nav_oncall_songyi: EX7 车主反馈长途导航规划的充电站特别多，电量还有七八成就让先去充电；App 首页 "
         "EX7 的电量显示 --%；EX9 和 S5 正常")
    w.log(_t("18:32:10.441"), shadow, "INFO", SOC_MAP_FIX, instance=_pod(w, shadow, _t("18:32:10")), change="config")
    w.alert("NavEvPlanFallbackHigh", nav, "warning", _t("15:48"), _t("18:45"), "9.4%",
            "EV 路线规划 SOC 兜底比例 9.4%，超过阈值 5%", namespace=NS)


# --- Incident 8: the shadow merging in arrival order: the garage's buffered frames win ------------------------------------
def _garage_batch(w: WorldBuilder, upload: dt.datetime) -> tuple[int, dt.datetime, dt.datetime]:
    """A reissue batch: frames buffered while the car had no signal (an underground garage) hours before the upload."""
    end = upload - dt.timedelta(minutes=w.rng.randint(95, 290), seconds=w.rng.randint(0, 59))
    n = w.rng.randint(40, 600)
    return n, end - dt.timedelta(seconds=n * 2), end


def state_order(w: WorldBuilder) -> None:
    shadow, rescue = "cy-vehicle-shadow", "cy-rescue"
    w.log(_t("09:15:10.118"), shadow, "INFO", SHADOW_FLUSH, instance=SHADOW_513[0], change="config")
    w.log(_t("15:00:10.204"), rescue, "INFO", RESCUE_RADIUS, instance=ROLLOUTS[rescue][0][1][0], change="config")
    w.log(_t("16:10:20.330"), shadow, "INFO", SHADOW_DEPLOY, instance=ROLLOUTS[shadow][1][1][0], change="deploy")
    _rolled(w, shadow, 1, "Started ShadowApplication in {s} seconds (merge=lww-arrival)",
            "Commencing graceful shutdown. Waiting for active requests to complete")
    for moment in _every(w, START, REFERENCE, 60, 240):
        n, a, b = _garage_batch(w, moment)
        vin = _vin(w, _variant(w))
        if _inside("order", moment):
            line = REISSUE_APPLIED.format(vin=vin, n=n, a=f"{a:%H:%M:%S}", b=f"{b:%H:%M:%S}")
        else:
            line = REISSUE_KEPT.format(vin=vin, n=n, a=f"{a:%H:%M:%S}", b=f"{b:%H:%M:%S}", k=w.rng.randint(3, 30))
        w.log(moment, shadow, "INFO", line, instance=_pod(w, shadow, moment), trace=False)
    cases = (_every(w, START + dt.timedelta(minutes=7), "07:00", 900, 2400) + _every(w, "07:00", "16:00", 240, 600)
             + _every(w, "16:00", REFERENCE - dt.timedelta(minutes=40), 120, 300))
    for number, moment in enumerate(cases, 1):
        case = f"RC-{moment:%Y%m%d}-{number:04d}"
        variant = _variant(w)
        vin = _vin(w, variant)
        city, lat, lng = w.rng.choice(CITIES)
        kind = w.rng.choice(("搭电", "搭电", "搭电", "拖车", "换胎", "困境救援"))
        partner, eta = w.rng.choice(PARTNERS), w.rng.randint(18, 45)
        pod = _pod(w, rescue, moment)
        stale = _inside("order", moment) and moment >= _t("16:15") and w.rng.random() < 0.35
        if stale:
            upload = moment - dt.timedelta(minutes=w.rng.randint(1, 6), seconds=w.rng.randint(0, 59))
            n, a, lt = _garage_batch(w, upload)
            w.log(upload, shadow, "INFO", REISSUE_APPLIED.format(vin=vin, n=n, a=f"{a:%H:%M:%S}", b=f"{lt:%H:%M:%S}"),
                  instance=_pod(w, shadow, upload), trace=False)
        else:
            lt = moment - dt.timedelta(seconds=w.rng.randint(5, 90))
        w.log(moment, rescue, "INFO", RESCUE_CASE.format(case=case, kind=kind, vin=vin, model=_label(variant),
                                                         lat=lat + w.rng.uniform(-0.2, 0.2), lng=lng + w.rng.uniform(-0.2, 0.2),
                                                         lt=f"{lt:%m-%d %H:%M:%S}", partner=partner, eta=eta), instance=pod)
        arrived = moment + dt.timedelta(minutes=eta, seconds=w.rng.randint(0, 300))
        if arrived >= REFERENCE:
            continue
        if stale:
            w.log(arrived, rescue, "WARN", RESCUE_MISS.format(case=case, partner=partner, km=w.rng.uniform(3, 26),
                                                              eta=w.rng.randint(15, 40)), instance=_pod(w, rescue, arrived))
        else:
            w.log(arrived, rescue, "INFO", RESCUE_FOUND.format(case=case, partner=partner, kind=kind, m=w.rng.randint(8, 40)),
                  instance=_pod(w, rescue, arrived))
    _ops(w, "18:20:10.441", rescue, "rescue_oncall_mali: 晚高峰搭电单很多，已经有好几单拖车到了定位的地方找不到车，车主说车根本不在那，"
         "只能重新派单；合作方投诉空跑")
    w.log(_t("19:48:10.551"), shadow, "INFO", SHADOW_ROLLBACK, instance="ops-console", trace=False, change="deploy")
    _rolled(w, shadow, 2, "Started ShadowApplication in {s} seconds (merge=event-time)",
            "Commencing graceful shutdown. Waiting for active requests to complete")
    w.alert("RescueLocationMismatchHigh", rescue, "warning", _t("17:52"), _t("20:05"), "18.2%",
            "救援到场找不到车比例 18.2%（近 2 小时），超过阈值 10%", namespace=NS)


# --- Incident 9: the partner re-keys its stations; the nightly sync deletes and re-creates them --------------------------
def station_rekey(w: WorldBuilder) -> None:
    cr = "cy-charge-reserve"
    pods = ROLLOUTS[cr][0][1]
    w.log(_y("22:20:10.118"), cr, "INFO", HOLD_DECOY, instance=pods[0], change="config")
    w.log(_t("03:00:05.204"), cr, "INFO", STATION_SYNC, instance=pods[1], trace=False, job="station-sync")
    w.log(_t("03:00:05.330"), cr, "WARN", STATION_SYNC_SAMPLE, instance=pods[1], trace=False, job="station-sync")
    w.log(_t("03:00:19.441"), cr, "INFO", "station sync LZ (蓝桩, OperatorID MA59J7TX0) query_stations_info: 2310 stations in "
          "feed; 3 new, 0 deleted, 41 updated (9.8s)", instance=pods[1], trace=False, job="station-sync")
    w.log(_t("03:00:31.551"), cr, "INFO", "station sync KN (快能, OperatorID MA1FL2QK3) query_stations_info: 968 stations in "
          "feed; 0 new, 1 deleted, 12 updated (6.1s)", instance=pods[1], trace=False, job="station-sync")
    w.log(_t("03:05:10.118"), cr, "INFO", RESERVE_CLEANUP, instance=pods[2], trace=False, job="reservation-cleanup")
    for moment in _every(w, "06:55:00", "10:40:00", 20, 90):
        old, _, name = w.rng.choice(XYC_STATIONS)
        hour = moment.hour
        w.log(moment, cr, "WARN", RESERVE_REJECTED.format(rid=f"R{w.rng.randint(10**9, 10**10 - 1)}", vin=_vin(w, _variant(w)),
                                                          sid=old, name=name, slot=f"{hour:02d}:00-{hour:02d}:20"),
              instance=_pod(w, cr, moment))
    for moment in _every(w, "07:00:00", "10:40:00", 25, 100):
        old, _, name = w.rng.choice(XYC_STATIONS)
        w.log(moment, cr, "WARN", FAVORITE_OFFLINE.format(vin=_vin(w, _variant(w)), sid=old, name=name),
              instance=_pod(w, cr, moment))
    _ops(w, "08:10:20.204", cr, "charge_oncall_pengyu: 很多车主反馈昨晚约好的今早充电预约被取消了，提示充电站已下线，但站点实际"
         "在正常营业；收藏里的星驿站点也都显示已下线")
    w.log(_t("10:40:20.441"), cr, "INFO", STATION_MAP, instance="ops-console", trace=False, change="data")
    w.alert("ChargeReservationFailuresHigh", cr, "warning", _t("07:18"), _t("10:55"), "6.3%",
            "充电预约失败率 6.3%，超过阈值 5%", namespace=NS)


# --- Incident 10: two forwarder replicas on the platform's one session ------------------------------------------------
def gb_double_login(w: WorldBuilder) -> None:
    gb = "cy-gb-forwarder"
    first = w.hex(8)
    w.log(_t("00:00:05.118"), gb, "INFO", GB_LOGIN.format(sid=first, n=1, ip=GB_IPS[0]), instance=GB_PODS[0], trace=False)
    w.log(_t("10:50:10.204"), gb, "INFO", GB_RATE, instance=GB_PODS[0], change="config")
    w.log(_t("11:30:10.330"), gb, "INFO", GB_HPA, instance="ops-console", trace=False, change="hpa")
    w.log(_t("11:30:40.441"), gb, "INFO", GB_BOOT, instance=GB_PODS[1], trace=False)
    number, active = 2, 1
    sessions = {0: (first, _t("00:00:05.118"))}
    moment = _t("11:30:52.118")
    end = WINDOWS["gb"][1]
    while moment < end:
        sessions[active] = (w.hex(8), moment)
        w.log(moment, gb, "INFO", GB_LOGIN.format(sid=sessions[active][0], n=number, ip=GB_IPS[active]),
              instance=GB_PODS[active], trace=False)
        other = 1 - active
        kicked = moment + dt.timedelta(milliseconds=w.rng.randint(300, 1500))
        if other in sessions:
            sid, since = sessions.pop(other)
            w.log(kicked, gb, "WARN", GB_KICKED.format(s=int((kicked - since).total_seconds()), sid=sid, q=w.rng.randint(4000, 9000)),
                  instance=GB_PODS[other], trace=False)
        number += 1
        active = other
        moment = kicked + dt.timedelta(seconds=10 + w.rng.uniform(2.0, 4.5))
    w.log(_t("15:10:10.204"), gb, "INFO", GB_REVERT, instance="ops-console", trace=False, change="hpa")
    w.log(_t("15:10:40.330"), gb, "INFO", "SIGTERM received, 平台登出 sent, 8112 frames handed to 补发 store", instance=GB_PODS[1],
          trace=False)
    if 0 not in sessions:
        w.log(_t("15:10:52.441"), gb, "INFO", GB_LOGIN.format(sid=w.hex(8), n=number, ip=GB_IPS[0]), instance=GB_PODS[0],
              trace=False)
    _ops(w, "13:05:20.551", gb, GB_CALL)
    for moment in _every(w, "15:20:00", REFERENCE, 600, 600):
        backlog = int(interpolate(BACKLOG, moment))
        w.log(moment, gb, "INFO", GB_PROGRESS.format(sent=BACKLOG_PEAK - backlog, backlog=backlog), instance=GB_PODS[0],
              trace=False)
    w.alert("Gb32960LinkFlapping", gb, "warning", _t("11:42"), _t("15:20"), "38 次/10分钟",
            "国标平台登入 38 次/10分钟，超过阈值 6", namespace=NS, platform="SHEVDC")
    w.alert("Gb32960ReissueBacklogHigh", gb, "warning", _t("11:46"), None, "518204 帧",
            "国标补发积压 518204 帧，超过阈值 500000", namespace=NS, platform="SHEVDC")


BACKLOG: Keyframes = [(START, 0), (_t("11:30"), 0), (_t("11:46"), 518_204), (_t("13:00"), 3_160_000), (_t("14:00"), 5_290_000),
                      (_t("15:10"), 7_812_000), (_t("15:11"), BACKLOG_PEAK), (_t("15:12"), 7_828_100), (REFERENCE, BACKLOG_END)]


# --- Unrelated: the partner API blip, the HDFS capacity, the nightly compaction; the healthy services' changes ----------
def other_events(w: WorldBuilder) -> None:
    rescue, dl = "cy-rescue", "cy-datalake-ingest"
    for moment in _every(w, "14:10:20", "14:22:00", 15, 50):
        w.log(moment, rescue, "WARN", PARTNER_502.format(ms=w.ms(30, 200), case=f"RC-20261221-9{w.rng.randint(100, 999)}"),
              instance=_pod(w, rescue, moment))
    _ops(w, "14:24:30.118", rescue, "rescue_oncall_mali: 安途救援 14:10–14:22 接口 502，对方说是网关发布，已恢复，排队的单已补发")
    w.alert("RescuePartnerApiErrors", rescue, "warning", _t("14:12"), _t("14:25"), "12.5%",
            "合作方安途救援接口错误率 12.5%，超过阈值 5%", namespace=NS, partner="安途救援")
    w.alert("HdfsCapacityUsageHigh", dl, "warning", clock_on(dt.date(2026, 12, 19), TZ, "09:00"), None, "81.2%",
            "dl-hdfs 容量使用 81.2%，超过阈值 80%（扩容工单 IT-2026-3310 排期 12-28）", cluster_name="dl-hdfs")
    w.log(_t("02:00:05.204"), dl, "INFO", "nightly job iceberg-compaction started: ods.telemetry_raw partitions 2026-12-20",
          instance=ROLLOUTS[dl][0][1][3], trace=False, job="compaction")
    for moment in _every(w, "02:10:00", "03:05:00", 300, 700):
        w.log(moment, dl, "WARN", f"iceberg-compaction: rewrite group {w.rng.randint(1, 64)} slow ({w.rng.randint(180, 420)}s), "
              "hdfs write pipeline recovery on dn-" + str(w.rng.randint(10, 48)), instance=ROLLOUTS[dl][0][1][3], trace=False,
              job="compaction")
    w.log(_t("03:08:40.330"), dl, "INFO", "nightly job iceberg-compaction finished: 1912 files -> 204 files, 68m35s",
          instance=ROLLOUTS[dl][0][1][3], trace=False, job="compaction")
    archive = "cy-vehicle-archive"
    w.log(_t("14:20:10.441"), archive, "INFO", ARCHIVE_DEPLOY, instance=ROLLOUTS[archive][1][1][0], change="deploy")
    _rolled(w, archive, 1, "Started ArchiveApplication in {s} seconds (process running for 22.1)",
            "Commencing graceful shutdown. Waiting for active requests to complete")
    w.log(_t("10:30:10.551"), "cy-member", "INFO", MEMBER_CONFIG, instance=ROLLOUTS["cy-member"][0][1][0], change="config")


# --- Kubernetes state at 21:30 -------------------------------------------------------------------------
#: (service, revision, rolled out, change cause, image tag) of every Deployment
STEADY = (
    ("cy-tbox-gateway", 41, "2026-12-18T21:00:00+08:00", "release cy-tbox-gateway 6.4.2 (DBC set 2026-12-18)", "6.4.2"),
    ("cy-vehicle-shadow", 58, "2026-12-21T19:48:10+08:00", "kubectl rollout undo (rollback 5.2.0 -> 5.1.3)", "5.1.3"),
    ("cy-remote-control", 77, "2026-12-21T21:00:20+08:00", "release cy-remote-control 4.12.1 (pipeline #6638)", "4.12.1"),
    ("cy-ota", 63, "2026-12-21T11:20:10+08:00", "release cy-ota 5.6.0 (pipeline #6621)", "5.6.0"),
    ("cy-nav", 88, "2026-12-21T14:30:10+08:00", "release cy-nav 7.2.0 (pipeline #6627)", "7.2.0"),
    ("cy-digital-key", 35, "2026-12-09T21:00:00+08:00", "release cy-digital-key 2.8.3", "2.8.3"),
    ("cy-datalake-ingest", 29, "2026-12-02T21:00:00+08:00", "release cy-datalake-ingest 3.4.1", "3.4.1"),
    ("cy-rescue", 19, "2026-11-25T21:00:00+08:00", "release cy-rescue 1.9.2", "1.9.2"),
    ("cy-charge-reserve", 44, "2026-12-15T21:00:00+08:00", "release cy-charge-reserve 3.1.0", "3.1.0"),
    ("cy-gb-forwarder", 16, "2026-11-30T21:00:00+08:00", "release cy-gb-forwarder 2.9.1", "2.9.1"),
    ("cy-vehicle-archive", 27, "2026-12-21T14:20:10+08:00", "release cy-vehicle-archive 2.3.0 (pipeline #6625)", "2.3.0"),
    ("cy-member", 31, "2026-12-10T21:00:00+08:00", "release cy-member 4.0.3", "4.0.3"),
)
REGISTRY = "cr.chiyuan-auto.local/iov"


def k8s_state(w: WorldBuilder) -> None:
    for service, revision, changed, cause, tag in STEADY:
        pods = ROLLOUTS[service][-1][1]
        for pod in pods:
            w.pod(namespace=NS, name=pod, service=service, phase="Running", ready="1/1", restarts=0, last_termination=None,
                  waiting_reason=None, node=node_of(pod), observed_at=REFERENCE)
        w.deployment(namespace=NS, name=service, service=service, replicas=len(pods), ready=len(pods), available=len(pods),
                     image=f"{REGISTRY}/{service}:{tag}", revision=revision, changed_at=dt.datetime.fromisoformat(changed),
                     change_cause=cause,
                     conditions=[condition("Available", "True", "MinimumReplicasAvailable", "Deployment has minimum availability."),
                                 condition("Progressing", "True", "NewReplicaSetAvailable",
                                           f'ReplicaSet "{pods[0].rsplit("-", 1)[0]}" has successfully progressed.')],
                     observed_at=REFERENCE)
    # Events are what the API server keeps for an hour after their last update: the remote-control rollout of 21:00.
    new_rs, old_rs = RC_4121[0].rsplit("-", 1)[0], RC_4120[0].rsplit("-", 1)[0]
    at = _t("21:00:40")
    w.event(type="Normal", reason="ScalingReplicaSet", object="Deployment/cy-remote-control",
            message=f"Scaled up replica set {new_rs} to 4", count=1, first_seen=at, last_seen=at + dt.timedelta(seconds=75))
    w.event(type="Normal", reason="ScalingReplicaSet", object="Deployment/cy-remote-control",
            message=f"Scaled down replica set {old_rs} to 0 from 4", count=1, first_seen=at + dt.timedelta(seconds=87),
            last_seen=at + dt.timedelta(seconds=87))
    for index, (new, old) in enumerate(zip(RC_4121, RC_4120, strict=True)):
        moment = at + dt.timedelta(seconds=25 * index)
        w.event(type="Normal", reason="Scheduled", object=f"Pod/{new}",
                message=f"Successfully assigned {NS}/{new} to {node_of(new)}", count=1, first_seen=moment, last_seen=moment)
        w.event(type="Normal", reason="Pulled", object=f"Pod/{new}",
                message=f'Container image "{REGISTRY}/cy-remote-control:4.12.1" already present on machine', count=1,
                first_seen=moment + dt.timedelta(seconds=1), last_seen=moment + dt.timedelta(seconds=1))
        w.event(type="Normal", reason="Started", object=f"Pod/{new}", message="Started container remote-control", count=1,
                first_seen=moment + dt.timedelta(seconds=2), last_seen=moment + dt.timedelta(seconds=2))
        w.event(type="Normal", reason="Killing", object=f"Pod/{old}", message="Stopping container remote-control", count=1,
                first_seen=moment + dt.timedelta(seconds=12), last_seen=moment + dt.timedelta(seconds=12))


# --- Metrics --------------------------------------------------------------------------------------------
EGRESS: Keyframes = [(START, 3.1), (_t("13:29"), 4.2), (_t("13:35"), 38.0), (_t("14:00"), 71.0), (_t("14:12"), 82.5),
                     (_t("14:40"), 131.0), (_t("15:20"), 171.8), (_t("15:36"), 184.9), (_t("15:37"), EGRESS_PEAK),
                     (_t("15:38"), 185.1), (_t("16:20"), 122.0), (_t("16:40"), 96.0), (_t("16:55"), 31.0), (_t("17:30"), 9.0),
                     (_t("18:05"), 8.5), (_t("18:30"), 46.0), (_t("19:30"), 41.0), (_t("21:00"), 22.0), (REFERENCE, 18.0)]
RECONNECT: Keyframes = [(START, 1.05), (_t("09:40"), 1.06), (_t("09:45"), 1.4), (_t("10:02"), 1.8), (_t("10:30"), 2.9),
                        (_t("11:00"), 3.4), (_t("11:46"), 3.8), (_t("11:47"), RECONNECT_PEAK), (_t("11:48"), 3.8),
                        (_t("12:30"), 3.1), (_t("13:18"), 2.6), (_t("13:22"), 1.1), (REFERENCE, 1.05)]


def sms_counter(moments: list[dt.datetime]) -> Keyframes:
    """The rejected wake-up SMS counted: at each whole minute, the rejections before it."""
    frames: list[tuple[dt.datetime, float]] = [(START, 0)]
    minute = moments[0].replace(second=0, microsecond=0)
    count = 0
    while count < len(moments):
        minute += dt.timedelta(minutes=1)
        before = sum(1 for m in moments if m < minute)
        if before != count:
            if frames[-1][0] < minute - dt.timedelta(minutes=1):
                frames.append((minute - dt.timedelta(minutes=1), count))
            frames.append((minute, before))
            count = before
    frames.append((REFERENCE, count))
    return frames


def build_metrics(w: WorldBuilder, rejections: list[dt.datetime]) -> None:
    at = w.at
    morning = [(at("06:20"), at("13:40"))]
    afternoon = [(at("13:20"), at("17:30"))]
    evening = [(at("17:30"), REFERENCE)]
    w.series("remote_wakeup_sms_rejected_total", "cy-remote-control", "次", sms_counter(rejections), start=START,
             fine=[(START, at("10:15"))], digits=0)
    w.series("remote_command_failure_ratio", "cy-remote-control", "%",
             [(START, 0.6), (_y("22:35"), 0.7), (at("06:20"), 1.1), (at("06:30"), 9.8), (at("06:41"), 14.2), (at("07:32"), 38.2),
              (at("08:30"), 29.5), (at("10:09"), 24.1), (at("10:14"), 1.2), (REFERENCE, 0.8)], start=START, fine=morning,
             spread=0.4, digits=1, threshold=5)
    w.series("remote_idempotent_replays_per_min", "cy-remote-control", "次", REPLAYS, start=START, fine=evening, digits=0,
             threshold=5)
    w.series("remote_commands_per_min", "cy-remote-control", "次",
             [(START, 420), (at("02:00"), 90), (at("06:00"), 380), (at("07:00"), 2900), (at("07:45"), 3400), (at("09:00"), 1500),
              (at("12:00"), 900), (at("17:00"), 2100), (at("18:30"), 3200), (at("20:00"), 1600), (REFERENCE, 800)],
             start=START, fine=morning + evening, spread=60, digits=0)
    w.series("digital_key_unlock_failure_ratio", "cy-digital-key", "%",
             [(START, 0.3), (_y("23:40"), 0.3), (_y("23:50"), 2.4), (at("06:00"), 2.6), (at("06:40"), 3.2), (at("06:52"), 4.1),
              (at("07:47"), 21.2), (at("07:48"), DK_PEAK), (at("07:49"), 21.0), (at("09:00"), 16.0), (at("11:10"), 10.2),
              (at("11:14"), 0.4), (REFERENCE, 0.3)], start=START, fine=morning, spread=0.2, digits=1, threshold=3)
    w.series("digital_key_unlocks_per_min", "cy-digital-key", "次",
             [(START, 260), (at("02:00"), 40), (at("06:00"), 300), (at("07:30"), 2100), (at("09:00"), 1100), (at("12:00"), 800),
              (at("18:00"), 1900), (REFERENCE, 500)], start=START, fine=morning, spread=30, digits=0)
    w.series("mqtt_messages_received_per_sec", "cy-tbox-gateway", "条/秒", MSG_RATE, start=START, fine=morning, spread=400,
             digits=0)
    w.series("vehicles_online", "cy-tbox-gateway", "辆", ONLINE, start=START, fine=morning, spread=1500, digits=0)
    w.series("tbox_reconnect_attempts_avg", "cy-tbox-gateway", "次", RECONNECT, start=START, fine=morning, spread=0.04,
             digits=2, threshold=1.5)
    w.series("node_tcp_paws_rejects_per_min", "cy-k8s-node", "次", PAWS_RATE, start=at("09:40"), fine=morning, spread=40,
             digits=0, instance=BAD_NODE)
    w.series("node_tcp_paws_rejects_per_min", "cy-k8s-node", "次", [(START, 0), (REFERENCE, 0)], start=START, fine=morning,
             digits=0, instance="cy-k8s-node-10")
    w.series("datalake_kafka_consumer_lag", "cy-datalake-ingest", "条", LAG, start=START, fine=morning, spread=4000, digits=0,
             threshold=5_000_000, topic="vehicle.telemetry")
    w.series("datalake_ingest_delay_minutes", "cy-datalake-ingest", "分钟",
             [(START, 0.3), (at("08:30"), 0.5), (at("08:58"), 2.1), (at("09:30"), 9.6), (at("10:00"), 21.5), (at("10:30"), 38.4),
              (at("11:00"), 59.8), (at("11:41"), 91.8), (at("11:50"), 89.9), (at("12:30"), 43.2), (at("13:10"), 0.6),
              (REFERENCE, 0.3)], start=START, fine=morning, spread=0.2, digits=1, threshold=15)
    w.series("hdfs_capacity_used_ratio", "cy-datalake-ingest", "%", [(START, 81.1), (at("12:00"), 81.3), (REFERENCE, 81.6)],
             start=START, spread=0.05, digits=1, threshold=80, cluster_name="dl-hdfs")
    w.series("ota_cdn_egress_gbps", "cy-ota", "Gbps", EGRESS, start=START, fine=afternoon + evening, spread=1.5, digits=1,
             threshold=80)
    w.series("ota_delta_apply_failure_ratio", "cy-ota", "%",
             [(START, 0.3), (at("13:30"), 0.4), (at("13:40"), 9.0), (at("13:58"), 12.6), (at("14:30"), 38.0), (at("15:10"), 41.3),
              (at("16:38"), 40.2), (at("16:45"), 5.0), (at("16:50"), 0.5), (REFERENCE, 0.6)], start=START, fine=afternoon,
             spread=0.6, digits=1, threshold=10, campaign="OTA-2026-W51-EX7")
    w.series("nav_ev_plan_soc_fallback_ratio", "cy-nav", "%",
             [(START, 0.4), (at("15:21"), 0.4), (at("15:30"), 4.1), (at("15:48"), 9.4), (at("16:30"), 21.5), (at("17:40"), 27.9),
              (at("18:32"), 26.0), (at("18:36"), 0.5), (REFERENCE, 0.4)], start=START, fine=afternoon + evening, spread=0.3,
             digits=1, threshold=5)
    w.series("nav_route_requests_per_min", "cy-nav", "次",
             [(START, 300), (at("03:00"), 60), (at("07:30"), 2200), (at("12:00"), 1500), (at("17:30"), 2600), (REFERENCE, 900)],
             start=START, spread=50, digits=0)
    w.series("shadow_soc_null_ratio", "cy-vehicle-shadow", "%",
             [(START, 0.2), (at("15:21"), 0.2), (at("15:23"), 99.6), (at("18:32"), 99.7), (at("18:34"), 0.3), (REFERENCE, 0.2)],
             start=START, fine=afternoon + evening, spread=0.05, digits=1, model="EX7-MY2025")
    w.series("shadow_state_writes_per_sec", "cy-vehicle-shadow", "次/秒",
             [(START, 19000), (at("03:00"), 9000), (at("08:00"), 41000), (at("11:00"), 78000), (at("11:45"), 40000),
              (at("18:00"), 43000), (REFERENCE, 26000)], start=START, spread=500, digits=0)
    w.series("rescue_location_mismatch_ratio", "cy-rescue", "%",
             [(START, 2.0), (at("16:10"), 1.9), (at("17:00"), 6.0), (at("17:52"), 18.2), (at("18:40"), 34.5), (at("19:20"), 36.0),
              (at("19:50"), 30.0), (at("20:05"), 9.5), (at("21:00"), 4.0), (REFERENCE, 3.5)], start=START, fine=evening,
             spread=0.4, digits=1, threshold=10)
    w.series("rescue_cases_per_hour", "cy-rescue", "单",
             [(START, 4), (at("06:00"), 3), (at("08:00"), 9), (at("16:00"), 10), (at("18:00"), 21), (REFERENCE, 14)],
             start=START, spread=1, digits=0)
    w.series("rescue_partner_api_error_ratio", "cy-rescue", "%",
             [(START, 0.2), (at("14:10"), 0.3), (at("14:12"), 12.5), (at("14:16"), 23.5), (at("14:22"), 8.0), (at("14:25"), 0.4),
              (REFERENCE, 0.2)], start=START, fine=[(at("14:00"), at("14:40"))], spread=0.1, digits=1, threshold=5,
             partner="安途救援")
    w.series("charge_reservation_failure_ratio", "cy-charge-reserve", "%",
             [(START, 0.8), (at("06:50"), 0.9), (at("07:00"), 1.5), (at("07:18"), 6.3), (at("08:00"), 14.2), (at("08:30"), 17.8),
              (at("09:30"), 12.0), (at("10:40"), 9.8), (at("10:44"), 0.9), (REFERENCE, 0.8)], start=START, fine=morning,
             spread=0.3, digits=1, threshold=5)
    w.series("charge_reservations_cancelled_per_10m", "cy-charge-reserve", "单",
             [(START, 12), (at("03:00"), 9), (at("03:10"), 3825), (at("03:20"), 6), (at("08:00"), 30), (REFERENCE, 14)],
             start=START, fine=[(at("02:50"), at("03:30"))], spread=2, digits=0)
    w.series("partner_stations_active", "cy-charge-reserve", "座",
             [(START, 1279), (at("03:00"), 1279), (at("03:01"), 1284), (REFERENCE, 1284)], start=START, digits=0, partner="XYC")
    w.series("gb32960_platform_logins_per_10m", "cy-gb-forwarder", "次",
             [(START, 0), (at("00:00"), 0), (at("00:10"), 1), (at("00:20"), 0), (at("11:30"), 0), (at("11:42"), 38),
              (at("12:30"), 42), (at("15:10"), 41), (at("15:12"), 1), (at("15:20"), 0), (REFERENCE, 0)], start=START,
             fine=[(at("11:20"), at("15:30"))], digits=0, threshold=6)
    w.series("gb32960_reissue_backlog_frames", "cy-gb-forwarder", "帧", BACKLOG, start=START, fine=[(at("11:20"), REFERENCE)],
             spread=3000, digits=0, threshold=500_000)
    w.series("gb32960_report_rate", "cy-gb-forwarder", "%",
             [(START, 99.6), (at("11:30"), 99.5), (at("11:45"), 52.0), (at("15:10"), 50.8), (at("15:15"), 99.2), (REFERENCE, 99.4)],
             start=START, fine=[(at("11:20"), at("15:30"))], spread=0.6, digits=1, platform="SHEVDC")
    for service, p99, threshold in (("cy-vehicle-archive", 120, 800), ("cy-member", 70, 1000)):
        w.series("http_5xx_ratio", service, "%", [(START, 0.03), (at("08:00"), 0.12), (at("14:30"), 0.09), (REFERENCE, 0.04)],
                 start=START, spread=0.02, digits=2, threshold=2)
        w.series("http_p99_latency", service, "ms", [(START, p99 - 30), (at("08:00"), p99 + 140), (at("14:30"), p99 + 60),
                                                     (REFERENCE, p99)], start=START, spread=10, digits=0, threshold=threshold)


# --- Runbooks (the company's wiki, as the teams wrote them) ------------------------------------------------
RUNBOOKS: list[tuple[str, str, str]] = [
    ("runbooks/remote/wakeup.md", "远控唤醒失败处理手册", runbook(
        "远控唤醒失败处理手册", "适用于 cy-remote-control 指令因车辆唤醒失败而失败（VEHICLE_WAKEUP_TIMEOUT）。",
        ["RemoteWakeupFailuresHigh：远控唤醒失败超过 20 次/5分钟"],
        ["看失败是否集中在某个车型、车型年份或某批物联网卡（ICCID 号段）。",
         "看唤醒短信的下发结果：CMP 的返回码、短信回执。", "查物联网卡平台（CMP）最近的卡状态与套餐变更、停机记录。"],
        ["物联网卡停机、套餐不含短信或短信功能被关闭。", "运营商短信通道故障。", "T-Box 固件休眠策略问题。"],
        ["恢复卡的短信功能或套餐；通知受影响车主稍后重试。"])),
    ("runbooks/dk/unlock-failed.md", "数字钥匙开锁失败处理手册", runbook(
        "数字钥匙开锁失败处理手册", "适用于 cy-digital-key 手机钥匙开锁失败率升高。",
        ["DigitalKeyAuthFailuresHigh：数字钥匙开锁失败率超过 3%"],
        ["看失败码：0x6A82 ANTI_REPLAY（会话计数器不新）、签名失败、会话过期。",
         "对照会话计数器与车端计数器，查钥匙库最近的迁移、恢复、主备切换。", "看是否集中在某个手机系统或 App 版本。"],
        ["钥匙库数据回退（计数器落后于车端）。", "会话有效期配置过短。", "手机蓝牙兼容性。"],
        ["把计数器重新同步到不小于车端的值；必要时引导车主重新激活钥匙。"])),
    ("runbooks/datalake/lag.md", "入湖延迟处理手册", runbook(
        "入湖延迟处理手册", "适用于 cy-datalake-ingest 消费积压、入湖延迟。",
        ["DatalakeIngestLagHigh：vehicle.telemetry 消费积压超过 5000000 条"],
        ["看进来的量（网关 inbound、Kafka 写入）是否突增，按车型、topic 拆分。",
         "看 Flink 反压、checkpoint 时长、sink 提交。", "查上游（T-Box 接入）的配置下发与上报频率变化。"],
        ["上游上报量突增（上报频率被改、补发风暴）。", "Flink 作业并行度不足、sink 变慢。", "HDFS 故障。"],
        ["找到并撤回上游的异常配置；临时扩大作业并行度追积压。"])),
    ("runbooks/tbox/reconnect.md", "车辆重连慢处理手册", runbook(
        "车辆重连慢处理手册", "适用于 cy-tbox-gateway 车辆重连尝试次数升高、在线车辆数下降。",
        ["TboxReconnectAttemptsHigh：车辆平均重连尝试超过 1.5 次"],
        ["看各网关 Pod 新建连接数是否均衡，是否某些 Pod、某些节点接不到新连接。",
         "查这些节点的内核参数与网络计数（SYN 丢弃、ListenDrops、时间戳相关计数）。", "看负载均衡后端健康检查。"],
        ["个别节点内核参数不当，丢弃来自运营商 NAT 的新建连接。", "网关 Pod 连接数上限。", "运营商 APN 故障。"],
        ["修正节点内核参数或把网关 Pod 迁出问题节点；修正节点池镜像。"])),
    ("runbooks/ota/campaign-failed.md", "OTA 活动失败率升高处理手册", runbook(
        "OTA 活动失败率升高处理手册", "适用于 cy-ota 升级活动失败率升高、CDN 带宽突增。",
        ["OtaCampaignFailureRateHigh：活动失败率超过 10%", "OtaCdnEgressHigh：OTA CDN 出口带宽超过 80 Gbps"],
        ["看车辆回报的失败码分布（差分校验、下载、安装前置条件）。", "对照活动目标车辆的当前版本分布与差分包的基线版本。"],
        ["差分包基线与车辆版本不符，回退整包。", "CDN 故障。", "安装前置条件不满足（电量、挡位）。"],
        ["暂停活动，按车辆版本补发对应基线的差分包后恢复。"])),
    ("runbooks/nav/ev-plan.md", "EV 路线规划异常处理手册", runbook(
        "EV 路线规划异常处理手册", "适用于 cy-nav 电动车路线规划的充电站过多、SOC 兜底比例升高。",
        ["NavEvPlanFallbackHigh：SOC 兜底比例超过 5%"],
        ["看兜底的原因：车辆状态里的 SOC 为空还是过期，集中在哪个车型。", "查车辆状态服务与信号解码的最近变化。"],
        ["车辆状态缺 SOC（信号变化、解码异常）。", "充电站数据缺失。"],
        ["修复车辆状态的 SOC 来源；必要时对该车型关闭充电规划。"])),
    ("runbooks/rescue/location.md", "救援定位偏差处理手册", runbook(
        "救援定位偏差处理手册", "适用于 cy-rescue 救援到场找不到车。",
        ["RescueLocationMismatchHigh：到场找不到车比例超过 10%"],
        ["对照派单时车辆状态里的位置时间（location_time）与下单时间。", "查车辆状态服务最近的发布与合并逻辑。"],
        ["车辆状态的位置过期或被旧数据覆盖。", "车主报错位置。", "坐标系转换错误。"],
        ["派单前核对位置时间，过期时电话确认；修复车辆状态。"])),
    ("runbooks/charge/reservation.md", "充电预约失败处理手册", runbook(
        "充电预约失败处理手册", "适用于 cy-charge-reserve 预约失败、预约被取消。",
        ["ChargeReservationFailuresHigh：充电预约失败率超过 5%"],
        ["看失败码与合作方，是否集中在某个运营商。", "查夜间站点同步的新增、删除数量是否异常。"],
        ["合作方站点数据变更（下线、编码调整）。", "合作方接口故障。"],
        ["向合作方索取新旧编码映射并导入，恢复被误取消的预约。"])),
    ("runbooks/gb/forward.md", "国标转发异常处理手册", runbook(
        "国标转发异常处理手册", "适用于 cy-gb-forwarder 与地方平台的链路频繁断开、补发积压。",
        ["Gb32960LinkFlapping：平台登入超过 6 次/10分钟", "Gb32960ReissueBacklogHigh：补发积压超过 500000 帧"],
        ["看链路断开的原因（对端关闭、超时）与登入的来源。", "查转发服务的副本数与平台账号的会话限制。"],
        ["多个实例同时使用同一平台账号登入。", "平台维护。", "网络中断。"],
        ["同一账号只保留一个登入实例（单副本或主备选举）；按平台限速补发。"])),
    ("runbooks/hu/black-screen.md", "车机黑屏处理手册", runbook(
        "车机黑屏处理手册", "适用于车主反馈车机（中控屏）黑屏、死机。",
        ["HeadUnitCrashRateHigh"], ["收集车机日志与版本。"], ["车机系统死机。", "屏幕硬件故障。"],
        ["指导车主长按音量键重启车机主机。"])),
    ("runbooks/tbox/antenna.md", "T-Box 信号弱处理手册", runbook(
        "T-Box 信号弱处理手册", "适用于单车长期信号弱、频繁掉线。",
        ["TboxWeakSignal"], ["看单车的信号强度与所在位置。"], ["天线松动或损坏。"], ["到店检查并更换 T-Box 天线。"])),
    ("runbooks/datalake/hdfs-capacity.md", "HDFS 容量处理手册", runbook(
        "HDFS 容量处理手册", "适用于 dl-hdfs 容量告警。",
        ["HdfsCapacityUsageHigh：容量使用超过 80%"], ["确认扩容工单排期。", "清理过期分区。"], ["数据增长。"],
        ["按工单扩容；临时缩短原始数据保留期。"])),
]


def build_bundle(seed: int = SEED) -> Json:
    w = WorldBuilder(seed=seed, day=DAY, tz=TZ, reference=REFERENCE, instances=INSTANCES,
                     labels={"env": "prod", "cluster": "cy-iov-prod", "region": "cn-shanghai"})
    for service, (make, every) in NOISE.items():
        w.noise(service, make, START, every_s=every)
    rejections = sms_wakeup(w)
    key_counters(w)
    retained_config(w)
    node_tw_recycle(w)
    ota_delta(w)
    request_id_replay(w)
    dbc_rename(w)
    state_order(w)
    station_rekey(w)
    gb_double_login(w)
    other_events(w)
    k8s_state(w)
    build_metrics(w, rejections)
    documents = [{"title": title, "source": source, "content": content} for source, title, content in RUNBOOKS]
    return w.bundle(name="ChiYuan 驰远汽车 2026-12-21", services=SERVICES, documents=documents)


# --- Questions ---------------------------------------------------------------------------------
#: Each incident's own words: in another incident's answer, a misattribution.
FAMILY = {
    "sms": ("未开通短信功能", "CMP-20261220-0173"),
    "key": ("ANTI_REPLAY", "dk_counter"),
    "retain": ("retain=true", "EX7-TESTFLEET"),
    "node": ("tcp_tw_recycle", "PAWSPassive"),
    "ota": ("DELTA_BASE_MISMATCH", "delta-from-3.2.0"),
    "replay": ("idempotent replay", "VIN+requestId"),
    "dbc": ("BMS_PackSOC_Disp", "SDB-2026-1221-02"),
    "order": ("LWW-by-arrival", "state location_time now"),
    "station": ("MA01H3BQ2", "deleted (not in feed)"),
    "gb": ("SRE-3312", "CYAUTO-PLAT-01"),
}
#: The remedies of the runbooks for problems that did not happen.
UNRELATED_REMEDIES = ("重启车机主机", "更换 T-Box 天线")
FIRING = ("Gb32960ReissueBacklogHigh", "HdfsCapacityUsageHigh")
INCIDENT_WORDS = tuple(word for words in FAMILY.values() for word in words)


def _not(*own: str, told: tuple[str, ...] = ()) -> tuple[str, ...]:
    """The other incidents' words, plus the unrelated runbooks' remedies — less ``told``: another incident's words the asked
    service itself logs (the remote control has two incidents; the gateway decodes with the DBC and carries the retained
    config), which name no misattribution when an answer quotes them."""
    return tuple(word for family, words in FAMILY.items() if family not in own for word in words
                 if word not in told) + UNRELATED_REMEDIES


QUESTIONS: tuple[WorldQuestion, ...] = (
    WorldQuestion(
        "vehicle_remote_wakeup_cause",
        "今天早上好多车主远程开空调预热没反应，App 转半天最后提示“车辆唤醒失败”，好像都是 S5，远控这边怎么回事？", "cause",
        asked_facts=(fact("VEHICLE_WAKEUP_TIMEOUT", "唤醒失败", "唤醒超时"),),
        cause_facts=(fact("CMP-20261220-0173", "流量池", "套餐", "CMIOT-POOL-DATA"),
                     fact("未开通短信功能", "wake-up SMS", "唤醒短信", "短信")),
        forbidden=_not("sms", told=FAMILY["replay"]), service="cy-remote-control",
        diagnosis="昨晚 22:30 运营商物联网卡平台 CMP 生效了采购 procurement_liting 提交的批量套餐变更 CMP-20261220-0173：S5 MY2023 "
                  "这批 38420 张卡从含短信的 CMIOT-STD-SMS-30M 换成只有定向数据的流量池包 CMIOT-POOL-DATA → 给休眠的 S5 MY2023 "
                  "发唤醒短信全部被 CMP 拒绝（12013 该卡未开通短信功能），T-Box 不上线，指令 VEHICLE_WAKEUP_TIMEOUT；夜里零星几次，"
                  "早上寒潮预热时大量失败。在线的 S5、MY2024 与 EX 车型正常。10:10 套餐改回（CMP-20261221-0009）后恢复。05:50 的"
                  "预热时长配置不是原因",
    ),
    WorldQuestion(
        "vehicle_digital_key_cause",
        "七点前后一堆车主说手机蓝牙钥匙开不了车门，只能掏卡片钥匙，数字钥匙这是什么原因？", "cause",
        asked_facts=(fact("ANTI_REPLAY", "钥匙校验失败", "0x6A82"),),
        cause_facts=(fact("rds-dk-new", "dts-cn-dk0412", "DBA-2291", "cutover", "迁移", "切换"),
                     fact("dk_counter", "计数器", "counter", "快照")),
        forbidden=_not("key"), service="cy-digital-key",
        diagnosis="昨晚 23:40 dba_zhoujian 把钥匙库从 rds-dk-old 切到 rds-dk-new（DBA-2291），DTS 任务 dts-cn-dk0412 的增量同步对象"
                  "里没有 dk_counter，计数器停在 12-20 04:00 全量快照时的值 → 周日用过手机钥匙的车主拿到的会话计数器不大于车端已见"
                  "过的值，车端按防重放拒绝（ANTI_REPLAY，0x6A82 钥匙校验失败），早高峰大量开不了门。11:10 dk-counter-resync 从旧库"
                  "补回 18244 行计数器后恢复。06:05 的会话有效期配置不是原因",
    ),
    WorldQuestion(
        "vehicle_datalake_lag_cause",
        "上午数据湖入湖延迟一路往上涨，大屏上的车辆数据落后了一个多小时，是哪里卡住了？", "cause",
        asked_facts=(fact("lag", "积压", "DatalakeIngestLagHigh"),),
        cause_facts=(fact("retain=true", "retained", "保留消息", "retain"),
                     fact("interval_s=1", "cfg/group/EX7-MY2025/telemetry", "EX7-TESTFLEET", "test_zhaokai", "上报频率")),
        forbidden=_not("retain"), service="cy-datalake-ingest",
        diagnosis="08:10 测试工程师 test_zhaokai 给测试车队下发 1 秒上报配置（TEST-4471），topic 写成了 cfg/group/EX7-MY2025/"
                  "telemetry 而且带 retain=true（本应发往 EX7-TESTFLEET）→ 之后每辆连上来的 EX7 MY2025 订阅时都收到这条保留消息，"
                  "改成每秒上报 → 网关入站从 3 万多涨到 9 万多条/秒，Kafka vehicle.telemetry 的消费积压最高 231406518 条（11:41），"
                  "入湖延迟一个半小时。11:38 清除保留消息并下发 30 秒配置，11:50 Flink 扩并行度追平。07:40 的提交间隔配置和 HDFS "
                  "容量告警都不是原因",
    ),
    WorldQuestion(
        "vehicle_tbox_reconnect_cause",
        "十点左右开始好多车重连不上平台，车机一直显示离线，得试好几次才连上，T-Box 接入这边卡在哪了？", "cause",
        asked_facts=(fact("attempts=", "重连", "TboxReconnectAttemptsHigh"),),
        cause_facts=(fact(BAD_NODE, "node-12", "12 节点", "新节点"),
                     fact("tcp_tw_recycle", "PAWSPassive", "time stamp", "时间戳")),
        forbidden=_not("node", told=FAMILY["retain"] + FAMILY["dbc"]), service="cy-tbox-gateway",
        diagnosis="09:18 cy-k8s-node-11 硬件故障，np-access 自动修复按节点池 2019 年的启动模板镜像 img-centos7-cy-2019q3 换上 "
                  f"{BAD_NODE}，其 sysctl 调优里有 net.ipv4.tcp_tw_recycle = 1；09:42 两个网关 Pod 调度到这台节点，车辆经运营商 "
                  "CGNAT 共用出口地址，TCP 时间戳不单调的 SYN 被内核丢弃（PAWSPassive，passive connections rejected because of "
                  "time stamp）→ 落到这台节点的连接建不起来，车辆要重试多次，在线车辆减少；其余节点上的 6 个 Pod 正常，负载均衡"
                  "健康检查也正常。13:18 在 node-12 关闭 tcp_tw_recycle 后恢复",
    ),
    WorldQuestion(
        "vehicle_ota_failure_cause",
        "下午 EX7 推 3.3.0，失败率怎么一下子这么高？好多车在下整包。", "cause",
        asked_facts=(fact("DELTA_BASE_MISMATCH", "base mismatch", "差分"),),
        cause_facts=(fact("3.2.1", "HF07"),
                     fact("delta-from-3.2.0", "基线", "package base 3.2.0")),
        forbidden=_not("ota"), service="cy-ota",
        diagnosis="13:30 ota_release_sunyue 启动活动 OTA-2026-W51-EX7，只有一个基于 3.2.0 的差分包 pkg-EX7-3.3.0-delta-from-3.2.0，"
                  "而 EX7 车队有 41%（88071 辆）在 11 月的热修复后是 3.2.1（预检里已经列出）→ 这些车差分校验失败 "
                  "DELTA_BASE_MISMATCH，回退下载 2.14 GB 整包，失败率 40% 左右，OTA CDN 出口带宽最高 186.4 Gbps。16:38 暂停，"
                  "17:50 发布基于 3.2.1 的差分包，18:05 按基线版本恢复。11:20 的 cy-ota 5.6.0 发布不是原因",
    ),
    WorldQuestion(
        "vehicle_nav_charging_stops_cause",
        "傍晚 EX7 车主投诉跑长途导航规划一堆充电站，电还剩七八成就让先去充电，导航出什么问题了？", "cause",
        asked_facts=(fact("soc unknown", "assuming 15%", "soc=null", "兜底"),),
        cause_facts=(fact("BMS_PackSOC_Disp", "BMS_SOC", "SDB-2026-1221-02", "DBC"),
                     fact("cy-vehicle-shadow", "车辆状态", "signal map", "信号映射")),
        forbidden=_not("dbc"), service="cy-nav",
        diagnosis="15:20 信号组 ee_signal_wanglu 发布 SDB-2026-1221-02，DBC EX7_MY2025 v14 把 BMS_SOC 重命名为 BMS_PackSOC_Disp，"
                  "网关解码器热加载；车辆状态服务（cy-vehicle-shadow）仍按 BMS_SOC 映射 soc → 所有 EX7 的 soc 写成 null（App 显示 "
                  "--%），导航的 EV 路线规划拿不到 SOC，按 15% 兜底，刚出发就规划充电站。18:32 修改影子的信号映射后恢复。14:30 的 "
                  "cy-nav 7.2.0 发布不是原因",
    ),
    WorldQuestion(
        "vehicle_rescue_location_cause",
        "晚高峰好几单道路救援，拖车到了定位的地方找不到车，又得重新派单，救援这边是什么原因？", "cause",
        asked_facts=(fact("vehicle not at dispatched location", "re-dispatched", "找不到车", "重新派"),),
        cause_facts=(fact("5.2.0", "cy-vehicle-shadow", "车辆状态"),
                     fact("LWW-by-arrival", "reissue", "补发", "到达顺序", "event_time", "location_time")),
        forbidden=_not("order"), service="cy-rescue",
        diagnosis="16:10 车辆状态服务 cy-vehicle-shadow 发布 5.2.0，状态合并改为按到达顺序（LWW-by-arrival，去掉 event_time 比较）→ "
                  "车辆熄火（KL15 off）时 T-Box 上传之前在地库没信号时缓存的补发帧，这些几小时前的旧位置覆盖了最新位置；在路上抛锚"
                  "的车随即熄火，位置停在地库 → 救援按 location_time 几小时前的位置派单，到场找不到车只能重新派。19:48 回滚到 5.1.3 "
                  "后恢复。15:00 的派单半径配置、14:10 合作方接口 502 都不是原因",
    ),
    WorldQuestion(
        "vehicle_charge_reserve_cancel_cause",
        "一早好多车主说昨晚约好的充电预约被取消了，提示充电站已下线，可站明明在营业，这是怎么回事？", "cause",
        asked_facts=(fact("已下线", "cancelled", "取消"),),
        cause_facts=(fact("MA01H3BQ2", "星驿", "XYC", "StationID", "编码"),
                     fact("deleted (not in feed)", "1279", "station sync", "同步", "删除")),
        forbidden=_not("station"), service="cy-charge-reserve",
        diagnosis="合作方星驿充电（XYC，OperatorID MA01H3BQ2）把互联互通接口里的 StationID 换成了新编码；03:00 夜间站点同步按 ID "
                  "比对，把 1279 个旧编码的站当作删除（deleted (not in feed)）、1284 个新编码当作新增，站点数看起来没变；03:05 清理"
                  "任务取消了 3816 个'已下线'站点上的预约并通知车主 → 早上车主发现预约没了、收藏的站显示已下线。10:40 导入星驿的新旧"
                  "编码映射，恢复 2904 个仍有效的预约。昨晚 22:20 的保留时长配置不是原因",
    ),
    WorldQuestion(
        "vehicle_remote_false_success_cause",
        "刚才六点半到九点那会儿，不少车主在 App 上点开空调，显示“已开启”，车上根本没动静，远控这是怎么了？", "cause",
        asked_facts=(fact("idempotent replay", "cached result SUCCESS", "幂等"),),
        cause_facts=(fact("6.8.0", "requestId", "请求号"),
                     fact("VIN+requestId", "4位随机数", "重复", "相同", "同一秒")),
        forbidden=_not("replay", told=FAMILY["sms"]), service="cy-remote-control",
        diagnosis="17:30 起车主 App 6.8.0 灰度（18:20 全量），远控请求号改成 yyyyMMddHHmmss+4 位随机数；服务端幂等缓存只按 requestId "
                  "做键 → 同一秒内两个车主的请求号撞上时，后到的那个直接拿到前一个车的缓存结果 SUCCESS（idempotent replay），指令"
                  "根本没下发到车上，App 显示成功。晚高峰每分钟最多 14 次。21:00 发布 4.12.1 改为 VIN+requestId 做幂等键后恢复。"
                  "16:50 的 4.12.0 发布不是原因，早上的唤醒失败是另一件事",
    ),
    WorldQuestion(
        "vehicle_datalake_lag_quantity", "上午入湖的 Kafka 积压最多的时候有多少条？", "quantity",
        asked_facts=(fact(str(LAG_PEAK), "231,406,518"),), forbidden=_not("retain"), service="cy-datalake-ingest",
        peak=Peak("cy-datalake-ingest", "datalake_kafka_consumer_lag", LAG_PEAK),
        diagnosis="datalake_kafka_consumer_lag 峰值 231406518 条（11:41）；DatalakeIngestLagHigh 触发时的 5218640 条不是峰值。起因是 "
                  "08:10 带 retain=true 的 1 秒上报配置发到了 cfg/group/EX7-MY2025/telemetry",
    ),
    WorldQuestion(
        "vehicle_ota_egress_quantity", "下午 OTA 下载把 CDN 出口带宽顶到了多少？峰值。", "quantity",
        asked_facts=(fact(str(EGRESS_PEAK), "186.4 Gbps"),), forbidden=_not("ota"), service="cy-ota",
        peak=Peak("cy-ota", "ota_cdn_egress_gbps", EGRESS_PEAK),
        diagnosis="ota_cdn_egress_gbps 峰值 186.4 Gbps（15:37）；OtaCdnEgressHigh 触发时的 82.5 Gbps 不是峰值。起因是差分包基线 3.2.0 "
                  "与 41% 车辆的 3.2.1 不符，这些车回退下载 2.14 GB 整包",
    ),
    WorldQuestion(
        "vehicle_wakeup_sms_total_quantity", "从昨晚到今天上午，唤醒短信一共被运营商拒了多少次？", "quantity",
        asked_facts=(fact(str(SMS_REJECTED_TOTAL), f"{SMS_REJECTED_TOTAL:,}"),),
        forbidden=_not("sms", told=FAMILY["replay"]), service="cy-remote-control",
        peak=Peak("cy-remote-control", "remote_wakeup_sms_rejected_total", SMS_REJECTED_TOTAL),
        diagnosis=f"remote_wakeup_sms_rejected_total 到 10:10 共 {SMS_REJECTED_TOTAL} 次（昨晚 22:34 起零星，早上大量），之后不再增加；"
                  "RemoteWakeupFailuresHigh 报的 46 次/5分钟是速率。起因是 CMP-20261220-0173 把 S5 MY2023 的卡换成了不含短信的"
                  "流量池套餐",
    ),
    WorldQuestion(
        "vehicle_gb_forwarder_existence", "上海平台那边打电话说我们中午以后上报率掉了，国标转发今天有没有报过警？", "existence",
        asked_facts=(fact("Gb32960LinkFlapping", "Gb32960ReissueBacklogHigh"),),
        cause_facts=(fact("SRE-3312", "minReplicas", "HPA", "两个副本", "2 个副本"),
                     fact("session replaced", "只保留最新会话", "closed by peer", "踢")),
        forbidden=_not("gb"), service="cy-gb-forwarder",
        diagnosis="报过：Gb32960LinkFlapping 11:42–15:20；Gb32960ReissueBacklogHigh 11:46 起到现在还在告警。11:30 sre_tianhao 把 "
                  "cy-gb-forwarder 的 HPA minReplicas 改成 2（SRE-3312 高可用），两个副本用同一个平台账号 CYAUTO-PLAT-01 登入 "
                  "SHEVDC，平台每个账号只保留最新会话 → 两个副本每十几秒互相踢下线，一半的帧进补发队列，上报率掉到 50% 左右；15:10 "
                  "改回单副本，补发按平台限速 300 帧/秒进行，积压最高 7846120 帧，到 21:30 还有约 104 万。10:50 的补发限速配置不是"
                  "原因",
    ),
    WorldQuestion(
        "vehicle_archive_healthy", "车辆档案服务下午发了个新版本，现在有没有报错或者告警？", "existence",
        asked_facts=(HEALTHY,), forbidden=INCIDENT_WORDS, service="cy-vehicle-archive", healthy=True,
        diagnosis="没有：只有查询、车主绑定的 INFO 和证件识别转人工的 WARN，5xx 最高约 0.12%（阈值 2%），p99 远低于 800ms，无告警；"
                  "14:20 的 2.3.0 发布与各故障无关",
    ),
    WorldQuestion(
        "vehicle_member_healthy", "车主积分商城今天有没有出什么问题？", "existence",
        asked_facts=(HEALTHY,), forbidden=INCIDENT_WORDS, service="cy-member", healthy=True,
        diagnosis="没有告警；5xx 远低于阈值 2%，p99 远低于 1000ms；10:30 签到积分配置之后只有签到、兑换与积分不足的 WARN",
    ),
    WorldQuestion(
        "vehicle_shadow_changes_listing", "车辆状态服务今天都动过哪些东西？发版、改配置、回滚都列一下。", "listing",
        asked_facts=(fact("shadow.snapshot.flush-interval", "flush-interval"), fact("5.2.0"),
                     fact("shadow.signal-map.EX7_MY2025.soc", "signal-map"), fact("rollout undo", "rollback", "回滚")),
        forbidden=_not("order", "dbc"), service="cy-vehicle-shadow",
        diagnosis="四次：09:15 shadow.snapshot.flush-interval 5s -> 3s；16:10 发布 5.2.0（状态合并改为 LWW-by-arrival，导致救援定位"
                  "偏差）；18:32 shadow.signal-map.EX7_MY2025.soc BMS_SOC -> BMS_PackSOC_Disp（修复 EX7 SOC 为空）；19:48 kubectl "
                  "rollout undo 回滚到 5.1.3",
    ),
)

WORLD = World(name=NAME, title="ChiYuan 驰远汽车（车联网）", build=build_bundle, questions=QUESTIONS)
