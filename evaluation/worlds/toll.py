"""World "toll": 畅行高速 ChangXing Expressway, a provincial expressway operator's ETC toll collection and clearing platform
(``cx-*`` services: the gantry front-end the ETC gantries upload their transactions to, the toll stations' lane systems,
path reconstruction, fee computation, the issuers' and banks' deductions, the status list (blacklist) with the bloom filter
the lanes check locally, the clearing with the inter-provincial clearing centre 部联网中心, the vehicle information sync,
the road-network control platform, the traveller App 畅行 App, e-invoices and SMS notifications on a Kubernetes cluster; the
managed Kafka and the nodes outside it), seen from Sunday 2027-05-16 14:30 to the reference time Monday 2027-05-17 10:30
(+08:00): an ordinary Monday morning with its trucks and commuters. Nothing here was written for the offline agents; ten
incidents of families the other worlds do not have, in ordinary noise:

(1) 23:10 (eve)     cx-lane ← cx-gantry: the RSU vendor 远纳电子's engineer jy_fae_zhoubin (night maintenance WO-JY-0516-07, antenna
                    alignment) leaves gantry G3401-12 (龙潭枢纽—白沙 下行) in ``rsu_mode=DEBUG`` (no OBU trades, no CPC writes;
    07:20–09:30     its heartbeats say so only by their values) → CPC cards passing it lack its fee record → at the exits of 3405
                    白沙, 3406 青石 and 3407 港口 "计费信息不完整" → 在线计费 → exit handling up to 31.7 s at 青石 (LaneExitSlow
                    fired at 15.8 秒). 09:25 the vendor switches it back (WO-JY-0517-02). The 07:10 receipt config is a decoy.
(2) 02:35           cx-gantry on cx-k8s-node-05: back from a mainboard replacement (HW-0516-11) with the BIOS defaults, System
                    Profile ``Energy Efficient`` (cores capped at 1.0 GHz) → the three gantry pods the 06:40 HPA scale-out puts
    06:41 → now     there take 3–6 s per batch, past the gantries' 3 s upload timeout → retries, upload backlog; the p95 upload
                    delay peaks 417 s at 08:12 (GantryUploadDelayHigh fired at 146 秒, still firing). The six pods on other nodes
                    are fine. The 07:00 ``gantry.batch.max-records`` config is a decoy.
(3) 03:40           cx-clearing ← 部联网中心: the centre republishes the corrected settlement result CR_32_20270516.zip (v2, 1,206
                    cross-province trips re-rated); the downloader skips it as "file name already imported" → 06:30 the
    06:30–08:46     reconciliation is off by 1,206 records / ¥38,412.60 and transfer file TF-20270517 is held
                    (ClearingReconMismatch). 08:40 forced re-import. The 00:40 deploy 2.4.0 is a decoy.
(4) 08:05           cx-issuer ← one caller: 建设银行's reconciliation client ``ccb-recon`` re-syncs April with 8 workers paging
                    ``LIMIT 500 OFFSET n`` → every page scans further, the deduction database's CPU reaches 97% → deductions
    08:05–09:22     time out (DeductionTimeoutHigh fired at 5.6%). 09:20 the client is limited, CCB moves to cursor paging. The
                    07:45 bank weight config is a decoy.
(5) 01:20           cx-fee ← cx-vehicle: vehicle sync VEH-20270517 from the 部中心车辆信息库 sets 3,214 tractor units to
                    ``axle_count=0`` → the fee engine maps an unknown axle count to its default 货6 → two-axle trucks pay the
    06:00–10:06     six-axle rate (¥0.89/km → ¥1.77/km; TruckFeeDisputesHigh). 10:05 VEH-20270517-r2 and the unknown-axle policy
                    MANUAL_REVIEW. The 04:50 deploy 3.9.2 of cx-fee is a decoy.
(6) 05:38           cx-lane ← cx-roadnet: roadnet_op_liwei enters the fog control TC-0517-03 (团雾 at 白沙) for station 3504 白石
                    instead of 3405 白沙 → 白石's entry lanes closed 05:40–06:52, drivers turned away, 白沙 open in the fog
    05:40–06:53     (StationEntryStopped). 06:52 amended. The 05:30 deploy 6.8.1 of cx-lane is a decoy.
(7) 04:00           cx-blacklist ← 部联网中心: the quarterly arrears batch SL-20270517-04 adds 1,236,400 entries → 5,848,780 entries
                    in the lanes' bloom filter BF-20270517 sized ``expected-insertions`` 5,000,000 → false-positive rate 0.09% →
    05:10–09:06     4.21% → lanes send every 疑似黑名单 to the online recheck, peak 4862 per minute at 08:03 (BlacklistRecheckHigh
                    fired at 1184). 09:05 rebuilt for 8,000,000. The 05:20 sync-interval config is a decoy.
(8) 01:10           cx-path ← cx-mq: mq_ops_dengkai shortens ``retention.ms`` of gantry.txn to one hour to free broker disk
                    (MQ-0517-01) while the path-rebuild consumer is paused (PM-0517, 00:20–02:40) → on resume its offsets are
    02:40–08:25     out of range, reset to latest → 8,904 night trips lose their gantry records; the 06:00 report shows 93.1%
                    complete (PathCompletenessLow). 08:20 rebuilt from the gantry archive. The 02:30 deploy 4.2.1 is a decoy.
(9) 09:30           cx-lane at 3201 江宁: the plate cameras' vendor 瑞视 pushes firmware V3.3.0 over its cloud, which writes plates
                    with a middle dot (苏A·K3J72) → ETC exits mismatch the OBU plate and go manual (PlateMismatchHigh). 10:10
    09:36–10:12     the lanes' plate normaliser strips the dot. The 09:20 cash-alert config is a decoy.
(10) 20:10 (eve)    cx-blacklist ← cx-app: App 7.2.0 requests the blacklist removal of an arrears payment with
                    ``effective_at`` = the order's creation time → the 15-minute removal increment (window on effective_at) misses
    20:15–09:52     orders paid after the next run → drivers who paid in the App are still refused at the entries
                    (ArrearsPaidStillBlocked). 09:50 App 7.2.1, 1,083 missed removals republished.

Healthy: cx-invoice (its 09:00 deploy 2.5.1 is a decoy) and cx-notify (fewer deduction SMS because of (4), its 08:30 config
is a decoy) — INFO/WARN noise only, under their thresholds, no alert. Still firing at 10:30: GantryUploadDelayHigh (2) and
NodeEccCorrectableErrors (cx-k8s-node-02, a hardware ticket). Kubernetes: the deployments and their pods with their nodes,
the events of the last hour. Run ``python -m evaluation.worlds toll`` to print the bundle.
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
    pod_names,
    runbook,
)
from evaluation.worlds.spec import HEALTHY, Peak, World, WorldQuestion, fact

NAME = "toll"
SEED = 20270517
TZ = dt.timezone(dt.timedelta(hours=8))
DAY = dt.date(2027, 5, 17)
EVE = dt.date(2027, 5, 16)
START = dt.datetime(2027, 5, 16, 14, 30, tzinfo=TZ)
REFERENCE = dt.datetime(2027, 5, 17, 10, 30, tzinfo=TZ)
NS = "changxing-etc"
REGISTRY = "registry.cxgs.local/etc"

_t = functools.partial(clock_on, DAY, TZ)
_y = functools.partial(clock_on, EVE, TZ)

STATIONS = {"3201": "江宁", "3202": "秣陵", "3203": "禄口", "3301": "汤山", "3302": "句容", "3303": "宝华", "3401": "龙潭",
            "3402": "栖霞", "3403": "仙林", "3404": "东港", "3405": "白沙", "3406": "青石", "3407": "港口", "3501": "六合",
            "3502": "雄州", "3503": "冶山", "3504": "白石", "3505": "金牛湖"}
GANTRIES = ("G3201-03", "G3201-04", "G3202-07", "G3301-02", "G3302-05", "G3401-08", "G3401-11", "G3401-12", "G3405-02",
            "G3406-01", "G3501-06", "G3502-03", "G3504-02")
BANKS = ("工商银行", "建设银行", "农业银行", "江苏银行", "邮储银行")
PLATE_AREAS = ("苏A", "苏A", "苏B", "苏H", "皖A", "浙A", "苏K")

# --- (1) gantry G3401-12 left in DEBUG -------------------------------------------------------------------------------------
DEBUG_GANTRY = "G3401-12"
DEBUG_ON = ("gantry G3401-12 (龙潭枢纽—白沙 下行) RSU-A/RSU-B mode NORMAL -> DEBUG by vendor account jy_fae_zhoubin "
            "(远纳电子 夜间维护 WO-JY-0516-07: 天线角度调整)")
DEBUG_OFF = ("gantry G3401-12 (龙潭枢纽—白沙 下行) RSU-A/RSU-B mode DEBUG -> NORMAL by vendor account jy_fae_zhoubin "
             "(远纳电子 远程恢复 WO-JY-0517-02)")
HEARTBEAT = ("gantry {g} heartbeat: rsu_mode={mode}, obu_trades {o}, cpc_writes {c}, plates seen {p}, upload queue {q}, "
             "temp {temp}°C")
CPC_INCOMPLETE = ("exit lane {lane} CPC {card}: 计费信息不完整 (gantries on card: G3401-08, G3401-11, {last}; path expects "
                  "G3401-12) -> 在线计费 cx-fee took {ms}ms")
EXIT_QUEUE = "station {st} {name} exit lanes: queue {q} vehicles, avg handle {s:.1f}s (mixed/MTC lanes)"
ONLINE_FEE = ("online fee CPC {card} entry {en} exit {ex}: path fitted G3401-11 > G3401-12 > {last}, fee ¥{fee:.2f} "
              "({ms}ms)")
LANE_RECEIPT = ("[apollo] config changed: appId=cx-lane key=lane.receipt.print.default old=true new=false "
                "operator=lane_dev_qianbo")
EXIT_PEAK = 31.7
EXIT_ALERT = "15.8 秒"
CPC_STATIONS = ("3405", "3406", "3407")

# --- (2) node-05's BIOS defaults ------------------------------------------------------------------------------------------
BAD_NODE = "cx-k8s-node-05"
ECC_NODE = "cx-k8s-node-02"
NODE_DRAIN = ("kubectl drain cx-k8s-node-05 by dc_ops_hanlei: hardware repair HW-0516-11 (mainboard replacement, 浪潮 field "
              "engineer on site 2027-05-17 01:00)")
BIOS_LINE = ("BIOS: defaults loaded after mainboard replacement; System Profile = Energy Efficient (C-states on, turbo off), "
             "cpupower: current policy 800 MHz - 1.00 GHz, governor powersave")
NODE_BACK = "kubelet: node cx-k8s-node-05 Ready; uncordoned by dc_ops_hanlei (HW-0516-11 closed)"
NODE_CPU = "node-exporter: cpu MHz {mhz} (max 1000), load average {load:.1f}, cpu busy {busy}%"
GW_BATCH_MAX = ("[apollo] config changed: appId=cx-gantry key=gantry.batch.max-records old=200 new=300 "
                "operator=gantry_dev_yuwen")
HPA_SCALE = "HPA cx-gantry: scaled 6 -> 9 (cpu 78% of request, target 60%)"
GW_SLOW = "batch from gantry {g}: {n} records handled in {ms}ms (verify sign, dedup, write gantry.txn)"
GW_TIMEOUT = "upload from gantry {g} timed out at 3000ms (handler still running {ms}ms), gantry will retry (HTTP 504)"
GW_BACKLOG = "gantry {g}: upload backlog {n} records, oldest {s}s, retries {r}"
UPLOAD_PEAK = 417
UPLOAD_ALERT = "146 秒"

# --- (3) the republished settlement result ----------------------------------------------------------------------------
CR_V1 = ("downloaded 省际清分结果 CR-20270516 from 部联网中心: CR_32_20270516.zip (v1, md5 9e1c07b2, 482,117 records, "
         "¥61,204,338.20) imported")
CR_V2_SKIP = ("poll 部联网中心 outbox: CR_32_20270516.zip listed (v2, md5 4b7d91ae, published 03:38) - skipped: file name "
              "already imported")
RECON_BAD = ("reconciliation R-20270516 (省中心 vs 部联网中心 vs banks): mismatch 1,206 records, ¥38,412.60 (cross-province "
             "trips of 2027-05-16)")
TF_HELD = "transfer file TF-20270517 to banks held: reconciliation R-20270516 not balanced"
CENTRE_NOTICE = ("clearing_oncall_gaoyan: 部联网中心 通知 CR-20270516 于 03:38 更正重发 (v2)，1,206 条跨省通行重新计费；我们 03:05 "
                 "导入的是 v1")
CR_REIMPORT = ("CR-20270516 v2 force re-imported by clearing_oncall_gaoyan: CR_32_20270516.zip (md5 4b7d91ae, 482,117 records, "
               "¥61,242,750.80)")
RECON_OK = "reconciliation R-20270516 balanced: 0 mismatches; transfer file TF-20270517 delivered to banks 08:46"
CLR_DEPLOY = ("deploy finished: cx-clearing 2.4.0 (was 2.3.9) rolled out by ci-bot pipeline=#8812; changes: 拆分报表, "
              "对账明细导出")

# --- (4) one bank's deep pagination -----------------------------------------------------------------------------------
PAGE = ("GET /open/v1/deductions?month=2027-04&limit=500&offset={o} client=ccb-recon worker={k} 200 took={ms}ms rows={r}")
SLOW_SQL = ("slow query {s:.1f}s: SELECT * FROM deduction_detail WHERE settle_month='2027-04' ORDER BY id LIMIT 500 OFFSET "
            "{o} (client ccb-recon, rows examined {x})")
DEDUCT_TIMEOUT = ("deduct trip {trip} OBU {obu} ¥{fee:.2f} via {bank} timed out after 3000ms (deduction-db wait {w}ms), "
                  "queued for retry")
PAGE_LIMIT = ("issuer_oncall_fangyu: client ccb-recon limited to 2 req/s at the API gateway; 建设银行 对账改用游标分页 "
              "(after_id) 后重跑")
ISSUER_WEIGHT = ("[apollo] config changed: appId=cx-issuer key=issuer.route.icbc.weight old=30 new=35 "
                 "operator=issuer_dev_tangli")

# --- (5) axle_count 0 ---------------------------------------------------------------------------------------------------
VEH_SYNC = ("vehicle sync VEH-20270517 from 部中心车辆信息库: 48,210 updates (trucks 11,904, cars 36,306), 0 rejects")
VEH_SAMPLE = "vehicle {plate} ({color}) updated: type 牵引车, axle_count=0 (was {a}), load {kg} kg"
#: ¥ per km of the truck classes 货2..货6 (by axles) in the rate table RT-2027-05.
RATE = {2: 0.89, 3: 1.11, 4: 1.33, 6: 1.77}
TRUCK_FEE = ("exit {st} {name} ETC truck {plate} axle_count=0 -> class 货6 (default for unknown axles) fee ¥{fee:.2f} "
             "({km} km)")
TRUCK_OK = "exit {st} {name} ETC truck {plate} axle_count={a} -> class 货{c} fee ¥{fee:.2f} ({km} km)"
TRUCK_DISPUTE = "fee dispute {d} plate {plate}: 两轴货车按 货6 收费 ¥{fee:.2f}，平时 ¥{usual:.2f} (exit {name})"
FEE_DEPLOY = ("deploy finished: cx-fee 3.9.2 (was 3.9.1) rolled out by ci-bot pipeline=#8820; changes: 绿通查验日志, "
              "计费明细字段")
FEE_CACHE = ("[apollo] config changed: appId=cx-fee key=fee.online.cache-ttl-sec old=60 new=120 operator=fee_dev_luxin")
VEH_FIX = ("vehicle sync VEH-20270517-r2 by vehicle_ops_shiyu: 3,214 tractor units axle_count restored from 部中心 "
           "correction file")
FEE_POLICY = ("[apollo] config changed: appId=cx-fee key=fee.truck.unknown-axle.policy old=DEFAULT_CLASS_6 new=MANUAL_REVIEW "
              "operator=fee_oncall_zhangmin")
FEE_REFUND = "refund job RF-0517 by fee_oncall_zhangmin: 2,871 truck trips charged 货6 with axle_count=0 refunded ¥412,608.40"

# --- (6) the fog control on the wrong station --------------------------------------------------------------------------
FOG_WEATHER = "weather alert from 省气象平台: 团雾 visibility 80 m at G25 K112-K118 (白沙段), level 橙色"
FOG_CONTROL = ("traffic control TC-0517-03 created by roadnet_op_liwei: close entries of station 3504 白石 (reason 团雾, "
               "from 05:40 until lifted)")
FOG_LANES = "station 3504 白石 entry lanes 3504-E01..E06 mode OPEN -> CLOSED (traffic control TC-0517-03)"
FOG_TURNED = "entry lane {lane} plate {plate}: lane closed by traffic control TC-0517-03, vehicle turned away"
FOG_FIX = ("traffic control TC-0517-03 amended by roadnet_op_liwei: station 3504 白石 -> 3405 白沙 (录错站点)")
FOG_REOPEN = "station 3504 白石 entry lanes 3504-E01..E06 mode CLOSED -> OPEN; station 3405 白沙 entry lanes CLOSED"
LANE_DEPLOY = ("deploy finished: cx-lane 6.8.1 (was 6.8.0) rolled out by ci-bot pipeline=#8816; changes: 车道日志压缩, "
               "ETC 交易耗时埋点")

# --- (7) the bloom filter past its capacity ----------------------------------------------------------------------------
SL_INC = ("status list increment SL-20270517-04 from 部联网中心: +1,236,400 entries (欠费追缴 批次 2027Q2), -3,118; total "
          "5,848,780")
BF_YESTERDAY = ("bloom filter BF-20270516 built for lanes: 4,612,380 entries, expected-insertions 5,000,000, bits 71,882,621, "
                "k 10, fpp estimate 0.09%")
BF_BUILT = ("bloom filter BF-20270517 built for lanes: 5,848,780 entries, expected-insertions 5,000,000, bits 71,882,621, "
            "k 10, fpp estimate 4.21%")
BF_SENT = "bloom filter BF-20270517 distributed to 412 lanes at 18 stations (8.6 MB)"
RECHECK = "recheck OBU {obu} from lane {lane}: not listed (bloom positive, list miss) took={ms}ms"
BF_SYNC = ("[apollo] config changed: appId=cx-blacklist key=blacklist.sync.interval-min old=15 new=10 "
           "operator=bl_dev_wuyue")
BF_CAPACITY = ("[apollo] config changed: appId=cx-blacklist key=blacklist.bloom.expected-insertions old=5000000 new=8000000 "
               "operator=bl_oncall_heqing")
BF_REBUILT = ("bloom filter BF-20270517-2 built for lanes: 5,851,204 entries, expected-insertions 8,000,000, bits 115,012,194, "
              "k 10, fpp estimate 0.08%")
RECHECK_PEAK = 4862
RECHECK_ALERT = "1184 次/分钟"

# --- (8) retention shortened under a paused consumer -----------------------------------------------------------------------
PATH_PAUSE = ("consumer group path-rebuild paused by path_dev_xuqing for maintenance PM-0517 (rebuild index on path_segment), "
              "planned 00:20-02:40")
RETENTION = ("topic gantry.txn config altered by mq_ops_dengkai: retention.ms 604800000 -> 3600000 (ticket MQ-0517-01: "
             "broker disk 81%, free space)")
PATH_DEPLOY = ("deploy finished: cx-path 4.2.1 (was 4.2.0) rolled out by ci-bot pipeline=#8809; changes: 路径拟合日志, "
               "索引提示")
PATH_RESUME = "consumer group path-rebuild resumed by path_dev_xuqing (PM-0517 done)"
OUT_OF_RANGE = ("[Consumer clientId=path-rebuild-{k}, groupId=path-rebuild] Fetch position FetchPosition{{offset={o}}} is out "
                "of range for partition gantry.txn-{p}, resetting offset to latest")
PATH_REPORT = ("path completeness report (trips exited 2027-05-16 20:00 - 2027-05-17 06:00): 93.1% complete, 8,904 trips "
               "missing gantry records between 00:20 and 02:40, fitted by shortest path and flagged for 稽核")
PATH_FIX = ("path_dev_xuqing: rebuilt 8,904 trips from the gantry raw archive oss://cx-gantry-archive/2027-05-17/; completeness "
            "99.5%")

# --- (9) the plate cameras' firmware --------------------------------------------------------------------------------------
CAM_UPDATE = "plate camera {cam} firmware V3.2.7 -> V3.3.0 (瑞视 cloud OTA, scheduled 09:30), camera rebooted"
PLATE_MISMATCH = "exit lane {lane} ETC OBU plate {obu_plate} vs camera {cam_plate}: mismatch -> 转人工 (MTC)"
PLATE_FIX = ("[apollo] config changed: appId=cx-lane key=lane.plate.normalize.strip-chars old=\"\" new=\"·\" "
             "operator=lane_oncall_songyi")
LANE_CASH = ("[apollo] config changed: appId=cx-lane key=lane.cash.change-alert-yuan old=100 new=200 operator=lane_dev_qianbo")

# --- (10) the App's removal effective_at ------------------------------------------------------------------------------------
APP_DEPLOY = ("deploy finished: cx-app 7.2.0 (was 7.1.4) rolled out by ci-bot pipeline=#8790; changes: 补缴订单重构, 账单页改版")
APP_PAID = ("arrears order {order} plate {plate} paid ¥{fee:.2f} at {paid}; blacklist removal requested "
            "effective_at={created}")
RM_INC = "local removal increment published: {k} removals with effective_at in ({a}, {b}]"
ARREARS_REFUSED = "entry lane {lane} plate {plate}: status list hit (欠费) -> entry refused, 请补缴后通行"
APP_COMPLAINT = "user complaint {c} plate {plate}: App 补缴成功 (order {order}) 仍被 {name} 入口拦截"
APP_FIX = ("deploy finished: cx-app 7.2.1 (was 7.2.0) rolled out by ci-bot pipeline=#8831; changes: 补缴解除名单的生效时间改用"
           "支付时间")
RM_REPUBLISH = "bl_oncall_heqing: republished 1,083 missed removals of App arrears orders paid since 2027-05-16 20:10"

# --- healthy services' decoys, unrelated ----------------------------------------------------------------------------------
INVOICE_DEPLOY = ("deploy finished: cx-invoice 2.5.1 (was 2.5.0) rolled out by ci-bot pipeline=#8825; changes: 抬头校验提示")
NOTIFY_CONFIG = ("[apollo] config changed: appId=cx-notify key=notify.sms.batch-size old=200 new=300 "
                 "operator=notify_dev_renjie")
ECC_LINE = "EDAC MC0: 1 CE memory read error on CPU_SrcID#0_Ha#0_Chan#1_DIMM#0 (corrected), ticket HW-0517-02"

# --- pods, nodes -------------------------------------------------------------------------------------------------------
GW_ALL = pod_names("cx-gantry", "5.6.0", 9)
GW_BASE = GW_ALL[:6]
ON_BAD_NODE = GW_ALL[6:9]
ROLLOUTS: dict[str, list[tuple[dt.datetime, tuple[str, ...]]]] = {
    "cx-gantry": [(START, GW_BASE), (_t("06:41:00"), GW_ALL)],
    "cx-lane": [(START, pod_names("cx-lane", "6.8.0", 4)), (_t("05:31:00"), pod_names("cx-lane", "6.8.1", 4))],
    "cx-path": [(START, pod_names("cx-path", "4.2.0", 3)), (_t("02:31:00"), pod_names("cx-path", "4.2.1", 3))],
    "cx-fee": [(START, pod_names("cx-fee", "3.9.1", 4)), (_t("04:51:00"), pod_names("cx-fee", "3.9.2", 4))],
    "cx-issuer": [(START, pod_names("cx-issuer", "2.11.3", 4))],
    "cx-blacklist": [(START, pod_names("cx-blacklist", "1.7.5", 3))],
    "cx-clearing": [(START, pod_names("cx-clearing", "2.3.9", 2)), (_t("00:41:00"), pod_names("cx-clearing", "2.4.0", 2))],
    "cx-app": [(START, pod_names("cx-app", "7.1.4", 6)), (_y("20:11:00"), pod_names("cx-app", "7.2.0", 6)),
               (_t("09:51:00"), pod_names("cx-app", "7.2.1", 6))],
    "cx-vehicle": [(START, pod_names("cx-vehicle", "1.4.2", 2))],
    "cx-roadnet": [(START, pod_names("cx-roadnet", "3.0.8", 2))],
    "cx-invoice": [(START, pod_names("cx-invoice", "2.5.0", 2)), (_t("09:01:00"), pod_names("cx-invoice", "2.5.1", 2))],
    "cx-notify": [(START, pod_names("cx-notify", "1.9.3", 2))],
}
GENERAL_NODES = [f"cx-k8s-node-{n:02d}" for n in (1, 2, 3, 4, 6, 7, 8)]
NODES = [*GENERAL_NODES, BAD_NODE]
BROKERS = ("kafka-broker-1", "kafka-broker-2", "kafka-broker-3")
INSTANCES: dict[str, list[str]] = {service: list(steps[-1][1]) for service, steps in ROLLOUTS.items()} | {
    "cx-k8s-node": NODES, "cx-mq": list(BROKERS)}


def node_of(pod: str) -> str:
    """The three HPA replicas of the gantry front-end on node-05 (back empty from repair); every other pod elsewhere."""
    if pod in ON_BAD_NODE:
        return BAD_NODE
    return GENERAL_NODES[int(hashlib.sha256(pod.encode()).hexdigest(), 16) % len(GENERAL_NODES)]


SERVICES: list[Json] = [
    {"name": "cx-gantry", "aliases": ["门架", "门架接入", "门架交易", "门架前置", "ETC 门架"],
     "description": "门架交易接入（Java，HPA 6–12 个副本）：全省 412 套 ETC 门架的门架控制器批量上传 OBU/CPC 交易与牌识记录，"
                    "经它验签、去重后写入 Kafka gantry.txn；门架上传超时 3 秒，超时后门架重传。门架控制器心跳也经它汇聚。"},
    {"name": "cx-lane", "aliases": ["车道", "车道系统", "收费站", "收费车道", "出口车道", "入口车道"],
     "description": "收费站车道系统（中心 4 个副本 + 各站站级服务器 SS-xxxx）：ETC 与 MTC/混合车道的入口、出口交易，CPC 卡发放与"
                    "回收，出口读 CPC 卡内门架计费信息，不完整时转 cx-fee 在线计费；入口按黑名单布隆过滤器本地校验，命中后向 "
                    "cx-blacklist 在线复核；出口比对 OBU 车牌与车牌识别结果。"},
    {"name": "cx-path", "aliases": ["路径还原", "路径", "路径拟合", "稽核"],
     "description": "路径还原（3 个副本，Kafka 消费组 path-rebuild）：按门架记录还原每次通行的路径，缺失门架的按最短路径拟合并转"
                    "稽核；每天 06:00 出路径完整率日报。"},
    {"name": "cx-fee", "aliases": ["计费", "通行费计算", "在线计费", "费率", "计费服务"],
     "description": "通行费计算（4 个副本）：按收费单元费率与车型（客车按座位、货车按轴数 货1–货6）计费；CPC 卡计费信息不完整时的"
                    "在线计费；车型取自 cx-vehicle 的车辆信息。"},
    {"name": "cx-issuer", "aliases": ["扣款", "发行方", "银行扣款", "记账卡扣款", "扣款服务"],
     "description": "发行方与银行扣款（4 个副本）：ETC 记账卡通行费按出口交易向合作银行扣款；对银行开放扣款明细查询接口 "
                    "/open/v1/deductions 供对账；扣款明细库 deduction-db（MySQL）。"},
    {"name": "cx-blacklist", "aliases": ["黑名单", "状态名单", "黑名单服务", "名单"],
     "description": "状态名单（3 个副本）：同步 部联网中心 的状态名单增量，每天 04:30 为车道生成布隆过滤器（BF-yyyymmdd）；车道"
                    "本地命中后的在线复核；App 补缴欠费后的解除名单，每 15 分钟发布一次本地解除增量。"},
    {"name": "cx-clearing", "aliases": ["清分", "清分结算", "对账", "结算", "划拨"],
     "description": "清分结算（2 个副本）：每天下载 部联网中心 的省际清分结果，与省中心、银行三方对账，平账后向银行发送划拨文件 "
                    "TF-yyyymmdd。"},
    {"name": "cx-app", "aliases": ["App", "畅行 App", "App 后端", "欠费补缴", "补缴"],
     "description": "畅行 App 后端（6 个副本）：通行账单、欠费补缴（补缴后向 cx-blacklist 请求解除名单）、费用申诉、路况。"},
    {"name": "cx-vehicle", "aliases": ["车辆信息", "车辆库", "车型库"],
     "description": "车辆信息（2 个副本）：每天 01:20 从 部中心车辆信息库 同步车辆的车型、轴数、核定载质量。"},
    {"name": "cx-roadnet", "aliases": ["路网", "路网管控", "交通管制", "路网监测"],
     "description": "路网监测与管控（2 个副本）：气象预警、交通管制（关闭收费站入口等），管制下发到车道。"},
    {"name": "cx-invoice", "aliases": ["发票", "电子发票", "开票", "通行费发票"],
     "description": "通行费电子发票（2 个副本）：按通行记录开具电子发票，对接票据平台。"},
    {"name": "cx-notify", "aliases": ["短信", "短信通知", "通知", "扣费短信"],
     "description": "短信与推送通知（2 个副本）：扣款成功后发送扣费短信与 App 推送。"},
    {"name": "cx-mq", "aliases": ["Kafka", "消息队列", "MQ", "gantry.txn"],
     "description": "云 Kafka 集群（3 个 broker，集群外托管）：topic gantry.txn（门架交易）、lane.txn（车道交易）。"},
    {"name": "cx-k8s-node", "aliases": ["K8s 节点", "节点", "服务器"],
     "description": "集群 cx-prod 的节点 cx-k8s-node-01..08。"},
]

WINDOWS = {
    "gantrydebug": (_t("07:20"), _t("09:30")),
    "bios": (_t("06:41"), REFERENCE),
    "republish": (_t("06:30"), _t("08:46")),
    "paging": (_t("08:05"), _t("09:22")),
    "axle": (_t("06:00"), _t("10:06")),
    "fog": (_t("05:40"), _t("06:53")),
    "bloom": (_t("05:10"), _t("09:06")),
    "retention": (_t("02:40"), _t("08:25")),
    "plate": (_t("09:36"), _t("10:12")),
    "cursor": (_y("20:15"), _t("09:52")),
}


def _inside(window: str, t: dt.datetime) -> bool:
    a, b = WINDOWS[window]
    return a <= t < b


def _busy(t: dt.datetime) -> bool:
    """Daytime traffic: to 23:00 the evening before, from 06:00 on the day."""
    clock = t.timetz().replace(tzinfo=None)
    return clock < dt.time(23, 0) if t.date() == EVE else clock >= dt.time(6, 0)


# --- Business vocabulary ---------------------------------------------------------------------------------------------------
Line = tuple[str, str, dict[str, Any]]


def _plate(w: WorldBuilder) -> str:
    return f"{w.rng.choice(PLATE_AREAS)}{w.rng.choice('BCDEFGHJKLMNPQRSTUVWXYZ')}{w.rng.randint(1000, 9999)}{w.rng.choice('0123456789ABCDEFGHJK')}"


def _obu(w: WorldBuilder) -> str:
    return f"3201{w.rng.randint(10**15, 10**16 - 1)}"


def _cpc(w: WorldBuilder) -> str:
    return f"CPC{w.rng.randint(10**9, 10**10 - 1)}"


def _trip_id(w: WorldBuilder) -> str:
    return f"P{w.rng.randint(10**11, 10**12 - 1)}"


def _station(w: WorldBuilder, t: dt.datetime, *, avoid: tuple[str, ...] = ()) -> str:
    """A station whose lanes are ordinary at ``t``: away from the incidents' stations while they are in trouble."""
    codes = [c for c in STATIONS if c not in avoid]
    if _inside("fog", t):
        codes = [c for c in codes if c != "3504"]
    if _inside("plate", t):
        codes = [c for c in codes if c != "3201"]
    return w.rng.choice(codes)


def _lane(w: WorldBuilder, station: str, kind: str) -> str:
    return f"{station}-{kind}{w.rng.randint(1, 8):02d}"


def _pod(w: WorldBuilder, service: str, t: dt.datetime) -> str:
    pods = ROLLOUTS[service][0][1]
    for moment, step in ROLLOUTS[service]:
        if moment <= t:
            pods = step
    if service == "cx-gantry":
        pods = tuple(p for p in pods if p not in ON_BAD_NODE)  # the slow pods write their own lines
    return w.rng.choice(pods)


# --- Noise: every service's ordinary day -------------------------------------------------------------------------------
def _gantry(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "cx-gantry", t)
    roll = w.rng.random()
    g = w.rng.choice([g for g in GANTRIES if g != DEBUG_GANTRY])
    if roll < 0.55:
        return "INFO", GW_SLOW.format(g=g, n=w.rng.randint(40, 300), ms=w.ms(60, 260)), {"instance": pod}
    if roll < 0.8:
        return "INFO", f"gantry.txn produce ok: {w.rng.randint(2000, 40000)} records/min, dedup dropped {w.rng.randint(0, 40)}", {
            "instance": pod}
    if roll < 0.97:
        return "WARN", f"gantry {g}: plate camera image missing for {w.rng.randint(1, 6)} trades (night IR), trades kept", {
            "instance": pod}
    return "WARN", f"gantry {g}: duplicate batch seq {w.rng.randint(10**5, 10**6)} dropped (retransmit)", {"instance": pod}


def _lane_noise(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "cx-lane", t)
    roll = w.rng.random()
    avoid = CPC_STATIONS if _inside("gantrydebug", t) else ()
    st = _station(w, t, avoid=avoid)
    if roll < 0.4:
        return "INFO", (f"exit lane {_lane(w, st, 'X')} ETC OBU {_obu(w)} plate {_plate(w)} class 客1 fee "
                        f"¥{w.rng.randint(5, 90)}.{w.rng.choice(('00', '45', '90', '10'))} ok took={w.ms(180, 420)}ms"), {
            "instance": pod, "log_type": "lane"}
    if roll < 0.65:
        return "INFO", f"entry lane {_lane(w, st, 'E')} ETC OBU {_obu(w)} plate {_plate(w)} pass took={w.ms(120, 300)}ms", {
            "instance": pod, "log_type": "lane"}
    if roll < 0.8:
        return "INFO", (f"exit lane {_lane(w, st, 'X')} CPC {_cpc(w)} gantries complete ({w.rng.randint(2, 9)}), fee "
                        f"¥{w.rng.randint(5, 60)}.00 card recovered took={w.ms(2200, 4600)}ms"), {"instance": pod, "log_type": "lane"}
    if roll < 0.92:
        return "INFO", f"station {st} {STATIONS[st]}: lane heartbeats {w.rng.randint(14, 30)}/30, CPC stock {w.rng.randint(800, 3000)}", {
            "instance": pod}
    if roll < 0.99:
        return "WARN", f"entry lane {_lane(w, st, 'E')}: OBU {_obu(w)} no response (卡片未插好), switched to MTC", {"instance": pod}
    return "ERROR", f"lane {_lane(w, st, 'X')} printer fault P0{w.rng.randint(1, 9)}, receipt skipped", {"instance": pod}


def _path(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "cx-path", t)
    if w.rng.random() < 0.7:
        return "INFO", (f"trip {_trip_id(w)} path rebuilt: {w.rng.randint(2, 11)} gantries, {w.rng.randint(8, 160)} km, "
                        f"complete took={w.ms(10, 80)}ms"), {"instance": pod}
    if w.rng.random() < 0.9:
        return "INFO", f"consumer group path-rebuild lag {w.rng.randint(0, 3000)}, trips open {w.rng.randint(4000, 60000)}", {
            "instance": pod}
    return "WARN", f"trip {_trip_id(w)}: U-turn pattern at {w.rng.choice(GANTRIES)}, flagged for 稽核", {"instance": pod}


def _fee(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "cx-fee", t)
    roll = w.rng.random()
    st = _station(w, t)
    if roll < 0.5:
        axles = w.rng.choice((2, 2, 3, 4, 6))
        km = w.rng.randint(12, 140)
        return "INFO", TRUCK_OK.format(st=st, name=STATIONS[st], plate=_plate(w), a=axles, c=axles, fee=km * RATE[axles],
                                       km=km), {"instance": pod}
    if roll < 0.85:
        return "INFO", f"rate table RT-2027-05 cache hit {w.rng.uniform(99.0, 99.9):.1f}%, toll units 1,286", {"instance": pod}
    return "WARN", f"fee query for toll unit G25-3399-{w.rng.randint(10, 99)} unknown (test lane?), rejected", {"instance": pod}


def _issuer(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "cx-issuer", t)
    roll = w.rng.random()
    if roll < 0.6:
        return "INFO", (f"deduct trip {_trip_id(w)} OBU {_obu(w)} ¥{w.rng.randint(5, 120)}.{w.rng.randint(0, 99):02d} via "
                        f"{w.rng.choice(BANKS)} ok ({w.ms(90, 420)}ms)"), {"instance": pod}
    if roll < 0.85:
        return "INFO", f"deduction-db pool: active {w.rng.randint(3, 20)}/80, cpu {w.rng.randint(18, 42)}%", {"instance": pod}
    return "WARN", f"deduct OBU {_obu(w)} via {w.rng.choice(BANKS)} declined: 余额不足, retry in 24h", {"instance": pod}


def _blacklist(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "cx-blacklist", t)
    if w.rng.random() < 0.6:
        return "INFO", f"status list sync: +{w.rng.randint(20, 400)} / -{w.rng.randint(20, 300)} entries from 部联网中心", {
            "instance": pod}
    st = _station(w, t)
    return "INFO", (f"recheck OBU {_obu(w)} from lane {_lane(w, st, 'E')}: listed (欠费) took={w.ms(20, 60)}ms"), {"instance": pod}


def _clearing(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "cx-clearing", t)
    if w.rng.random() < 0.7:
        return "INFO", f"lane.txn loader: {w.rng.randint(200, 9000)} exit transactions staged", {"instance": pod}
    return "INFO", f"bank return file {w.rng.choice(BANKS)} processed: {w.rng.randint(100, 3000)} records, 0 rejects", {
        "instance": pod}


def _app(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "cx-app", t)
    roll = w.rng.random()
    if roll < 0.5:
        return "INFO", f"GET /api/v3/bills 200 user U{w.rng.randint(10**7, 10**8 - 1)} took={w.ms(20, 90)}ms", {
            "instance": pod, "log_type": "access"}
    if roll < 0.8:
        return "INFO", f"GET /api/v3/roads/live 200 tiles={w.rng.randint(4, 30)} took={w.ms(15, 60)}ms", {
            "instance": pod, "log_type": "access"}
    if roll < 0.97:
        return "INFO", f"POST /api/v3/vehicles/bind 200 plate {_plate(w)} took={w.ms(60, 200)}ms", {"instance": pod}
    return "WARN", f"POST /api/v3/login 401 user U{w.rng.randint(10**7, 10**8 - 1)}: sms code expired", {"instance": pod}


def _vehicle(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "cx-vehicle", t)
    return "INFO", f"vehicle lookup cache hit {w.rng.uniform(97.0, 99.8):.1f}%, {w.rng.randint(100, 4000)} lookups/min", {
        "instance": pod}


def _roadnet(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "cx-roadnet", t)
    if w.rng.random() < 0.7:
        return "INFO", (f"section flow G25 K{w.rng.randint(20, 180)}: {w.rng.randint(300, 2400)} veh/h, speed "
                        f"{w.rng.randint(72, 108)} km/h, 畅通"), {"instance": pod}
    return "INFO", f"CCTV {w.rng.randint(100, 480)} snapshot ok, event detection 0", {"instance": pod}


def _invoice(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "cx-invoice", t)
    roll = w.rng.random()
    if roll < 0.75:
        return "INFO", f"invoice issued for {w.rng.randint(1, 12)} trips, user U{w.rng.randint(10**7, 10**8 - 1)} took={w.ms(200, 700)}ms", {
            "instance": pod}
    if roll < 0.95:
        return "INFO", "票据平台 token refreshed, expires in 7200s", {"instance": pod}
    return "WARN", "invoice title longer than 100 chars, truncated on request of user", {"instance": pod}


def _notify(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "cx-notify", t)
    roll = w.rng.random()
    if roll < 0.75:
        return "INFO", f"sms batch sent: {w.rng.randint(20, 300)} 扣费短信, carrier receipts {w.rng.randint(95, 100)}%", {
            "instance": pod}
    if roll < 0.95:
        return "INFO", f"app push sent: {w.rng.randint(50, 800)} bill notifications", {"instance": pod}
    return "WARN", f"sms to 1{w.rng.randint(30, 99)}****{w.rng.randint(1000, 9999)} receipt delayed by carrier, kept", {
        "instance": pod}


def _mq(w: WorldBuilder, t: dt.datetime) -> Line:
    broker = w.rng.choice(BROKERS)
    return "INFO", f"broker disk {w.rng.randint(58, 74)}%, under-replicated partitions 0, bytes in {w.rng.randint(8, 40)} MB/s", {
        "instance": broker, "trace": False}


def _node(w: WorldBuilder, t: dt.datetime) -> Line:
    node = w.rng.choice(GENERAL_NODES)
    if w.rng.random() < 0.6:
        return "INFO", f"kubelet: image garbage collection: usage {w.rng.randint(20, 60)}% below threshold 80%", {
            "instance": node, "trace": False}
    return "INFO", f"chronyd: selected source ntp.cxgs.local, offset {w.rng.uniform(-0.4, 0.4):.3f}ms", {
        "instance": node, "trace": False}


NOISE = {
    "cx-gantry": (_gantry, 30), "cx-lane": (_lane_noise, 25), "cx-path": (_path, 60), "cx-fee": (_fee, 60),
    "cx-issuer": (_issuer, 45), "cx-blacklist": (_blacklist, 90), "cx-clearing": (_clearing, 300), "cx-app": (_app, 40),
    "cx-vehicle": (_vehicle, 600), "cx-roadnet": (_roadnet, 300), "cx-invoice": (_invoice, 150), "cx-notify": (_notify, 120),
    "cx-mq": (_mq, 600), "cx-k8s-node": (_node, 600),
}


def _every(w: WorldBuilder, start: str | dt.datetime, end: str | dt.datetime, low: int, high: int) -> list[dt.datetime]:
    moment = start if isinstance(start, dt.datetime) else w.at(start)
    stop = end if isinstance(end, dt.datetime) else w.at(end)
    out = []
    while moment < stop:
        out.append(moment)
        moment += dt.timedelta(seconds=w.rng.randint(low, high), milliseconds=w.rng.randint(0, 999))
    return out


def _ops(w: WorldBuilder, moment: str | dt.datetime, service: str, message: str, **attributes: Any) -> None:
    w.log(moment if isinstance(moment, dt.datetime) else w.at(moment), service, "INFO", message, instance="ops-console",
          trace=False, **attributes)


def _rolled(w: WorldBuilder, service: str, step: int, started: str) -> None:
    at = ROLLOUTS[service][step][0]
    old = ROLLOUTS[service][step - 1][1]
    for index, new in enumerate(ROLLOUTS[service][step][1]):
        if new not in old:
            w.log(at + dt.timedelta(seconds=20 * index, milliseconds=w.rng.randint(0, 999)), service, "INFO",
                  started.format(s=w.rng.randint(60, 260) / 10), instance=new, trace=False)


# --- Incident 1: G3401-12 in DEBUG ---------------------------------------------------------------------------------------
EXIT_SERIES: Keyframes = [(START, 4.2), (_t("07:10"), 4.4), (_t("07:20"), 6.0), (_t("07:35"), 15.8), (_t("08:05"), 26.0),
                          (_t("08:20"), 29.9), (_t("08:21"), EXIT_PEAK), (_t("08:22"), 29.6), (_t("09:00"), 21.0),
                          (_t("09:30"), 9.0), (_t("09:45"), 4.6), (REFERENCE, 4.3)]


def gantry_debug(w: WorldBuilder) -> None:
    lane, gantry, fee = "cx-lane", "cx-gantry", "cx-fee"
    w.log(_y("23:10:20.118"), gantry, "INFO", DEBUG_ON, instance=DEBUG_GANTRY, trace=False, change="ops")
    for moment in _every(w, START + dt.timedelta(minutes=3), REFERENCE, 590, 610):
        debug = _y("23:10:20") <= moment < _t("09:25:10")
        night = not _busy(moment)
        for g in (DEBUG_GANTRY, "G3401-11"):
            if g == DEBUG_GANTRY and debug:
                mode, trades, writes = "DEBUG", 0, 0
            else:
                mode, trades, writes = "NORMAL", w.rng.randint(60, 240) if night else w.rng.randint(900, 2400), (
                    w.rng.randint(10, 60) if night else w.rng.randint(200, 700))
            w.log(moment + dt.timedelta(seconds=3 if g == DEBUG_GANTRY else 0), gantry, "INFO",
                  HEARTBEAT.format(g=g, mode=mode, o=trades, c=writes,
                                   p=w.rng.randint(70, 260) if night else w.rng.randint(1100, 2900), q=0,
                                   temp=w.rng.randint(18, 34)), instance=g, trace=False)
    trips = _every(w, _y("23:25"), _t("07:20"), 300, 900) + _every(w, "07:20", "09:25", 15, 45)
    for moment in trips:
        st = w.rng.choice(CPC_STATIONS)
        last = {"3405": "G3405-02", "3406": "G3406-01", "3407": "G3406-01"}[st]
        card = _cpc(w)
        took = w.ms(2500, 6000) if moment < _t("07:20") else w.ms(9000, 26000)
        w.log(moment, lane, "WARN", CPC_INCOMPLETE.format(lane=_lane(w, st, "X"), card=card, last=last, ms=took),
              instance=f"SS-{st}", trace=False)
        w.log(moment - dt.timedelta(milliseconds=took // 2), fee, "INFO",
              ONLINE_FEE.format(card=card, en=_station(w, moment, avoid=CPC_STATIONS), ex=st, last=last,
                                fee=w.rng.randint(15, 70) + 0.0, ms=w.ms(900, 2400) if moment < _t("07:20") else w.ms(3000, 9000)),
              instance=_pod(w, fee, moment))
    for moment in _every(w, "07:25", "09:30", 240, 420):
        st = w.rng.choice(CPC_STATIONS)
        w.log(moment, lane, "WARN", EXIT_QUEUE.format(st=st, name=STATIONS[st], q=w.rng.randint(12, 48),
                                                       s=w.rng.uniform(14, 29)), instance=f"SS-{st}", trace=False)
    w.log(_t("07:10:10.204"), lane, "INFO", LANE_RECEIPT, instance=ROLLOUTS[lane][1][1][0], change="config")
    _ops(w, "08:10:30.330", lane, "lane_oncall_songyi: 青石、白沙、港口出口 CPC 车全部转在线计费，卡里都没有 G3401-12 的计费信息")
    w.log(_t("09:25:10.441"), gantry, "INFO", DEBUG_OFF, instance=DEBUG_GANTRY, trace=False, change="ops")
    w.alert("LaneExitSlow", lane, "warning", _t("07:35"), _t("09:45"), EXIT_ALERT,
            "青石站出口车道平均处理时间 15.8 秒，超过阈值 15 秒", namespace=NS, station="3406")


# --- Incident 2: node-05's BIOS profile -------------------------------------------------------------------------------------
UPLOAD_SERIES: Keyframes = [(START, 6), (_t("06:40"), 7), (_t("06:50"), 40), (_t("07:08"), 146), (_t("07:40"), 290),
                            (_t("08:11"), 398), (_t("08:12"), UPLOAD_PEAK), (_t("08:13"), 401), (_t("09:00"), 330),
                            (_t("10:00"), 250), (REFERENCE, 236)]


def node_bios(w: WorldBuilder) -> None:
    gw, node = "cx-gantry", "cx-k8s-node"
    w.log(_y("16:20:10.118"), node, "INFO", NODE_DRAIN, instance=BAD_NODE, trace=False)
    w.log(_t("02:33:40.204"), node, "INFO", BIOS_LINE, instance=BAD_NODE, trace=False)
    w.log(_t("02:35:10.330"), node, "INFO", NODE_BACK, instance=BAD_NODE, trace=False)
    for moment in _every(w, "02:40", REFERENCE, 560, 640):
        busy = moment >= _t("06:41")
        w.log(moment, node, "INFO", NODE_CPU.format(mhz=w.rng.randint(996, 1000), load=w.rng.uniform(11, 15) if busy else
                                                   w.rng.uniform(0.1, 0.6), busy=w.rng.randint(93, 99) if busy else
                                                   w.rng.randint(1, 4)), instance=BAD_NODE, trace=False)
    w.log(_t("07:00:10.441"), gw, "INFO", GW_BATCH_MAX, instance=GW_BASE[0], change="config")
    _ops(w, "06:40:05.551", gw, HPA_SCALE)
    _rolled(w, gw, 1, "GantryFrontApplication 5.6.0 started in {s} seconds")
    for moment in _every(w, "06:43", REFERENCE, 6, 14):
        pod = w.rng.choice(ON_BAD_NODE)
        g = w.rng.choice([g for g in GANTRIES if g != DEBUG_GANTRY])
        took = w.ms(3100, 5800)
        if w.rng.random() < 0.55:
            w.log(moment, gw, "WARN", GW_TIMEOUT.format(g=g, ms=took), instance=pod, trace=False)
        else:
            w.log(moment, gw, "INFO", GW_SLOW.format(g=g, n=w.rng.randint(150, 300), ms=took), instance=pod, trace=False)
    for moment in _every(w, "06:55", REFERENCE, 120, 300):
        g = w.rng.choice([g for g in GANTRIES if g != DEBUG_GANTRY])
        w.log(moment, gw, "WARN", GW_BACKLOG.format(g=g, n=w.rng.randint(400, 9000), s=w.rng.randint(130, 410),
                                                     r=w.rng.randint(2, 30)), instance=g, trace=False)
    _ops(w, "07:45:20.118", gw, "gantry_oncall_yuwen: 门架上传延迟，新扩的三个 Pod 处理一批要 3 到 6 秒，老 Pod 两百毫秒；"
         "三个新 Pod CPU 使用率 100%")
    w.alert("GantryUploadDelayHigh", gw, "critical", _t("07:08"), None, UPLOAD_ALERT,
            "门架交易上传延迟 P95 146 秒，超过阈值 120 秒", namespace=NS)


# --- Incident 3: the republished settlement result --------------------------------------------------------------------------
def clearing_republish(w: WorldBuilder) -> None:
    clr = "cx-clearing"
    pods = ROLLOUTS[clr]
    w.log(_t("00:40:10.118"), clr, "INFO", CLR_DEPLOY, instance=pods[1][1][0], change="deploy")
    _rolled(w, clr, 1, "ClearingApplication 2.4.0 started in {s} seconds")
    w.log(_t("03:05:20.204"), clr, "INFO", CR_V1, instance=pods[1][1][0], job="cr-download")
    for moment in _every(w, "03:20", "06:00", 1200, 1200):
        line = CR_V2_SKIP if moment >= _t("03:39") else "poll 部联网中心 outbox: no new files"
        w.log(moment, clr, "INFO", line, instance=pods[1][1][0], job="cr-download")
    w.log(_t("06:30:40.330"), clr, "ERROR", RECON_BAD, instance=pods[1][1][1], job="reconciliation")
    for moment in _every(w, "06:31", "08:44", 600, 900):
        w.log(moment, clr, "WARN", TF_HELD, instance=pods[1][1][1], trace=False)
    _ops(w, "07:50:10.441", clr, CENTRE_NOTICE)
    w.log(_t("08:40:20.551"), clr, "INFO", CR_REIMPORT, instance=pods[1][1][0], job="cr-download")
    w.log(_t("08:44:30.118"), clr, "INFO", RECON_OK, instance=pods[1][1][1], job="reconciliation")
    w.alert("ClearingReconMismatch", clr, "critical", _t("06:31"), _t("08:46"), "1206 笔",
            "对账 R-20270516 不平 1206 笔，划拨文件暂停", namespace=NS)


# --- Incident 4: ccb-recon's deep pages ---------------------------------------------------------------------------------------
def deep_paging(w: WorldBuilder) -> None:
    iss = "cx-issuer"
    pods = ROLLOUTS[iss][0][1]
    w.log(_t("07:45:10.118"), iss, "INFO", ISSUER_WEIGHT, instance=pods[0], change="config")
    offsets = [0] * 8
    for moment in _every(w, "08:05", "09:20", 4, 9):
        k = w.rng.randrange(8)
        offset = k * 300_000 + offsets[k]
        offsets[k] += 500
        ms = 200 + offset // 900
        w.log(moment, iss, "INFO", PAGE.format(o=offset, k=k, ms=ms, r=500), instance=w.rng.choice(pods), log_type="access")
        if ms > 2000 and w.rng.random() < 0.3:
            w.log(moment + dt.timedelta(milliseconds=ms), iss, "WARN", SLOW_SQL.format(s=ms / 1000, o=offset, x=offset + 500),
                  instance=w.rng.choice(pods), trace=False)
    for moment in _every(w, "08:14", "09:22", 20, 60):
        w.log(moment, iss, "WARN", DEDUCT_TIMEOUT.format(trip=_trip_id(w), obu=_obu(w), fee=w.rng.randint(5, 90) + 0.5,
                                                        bank=w.rng.choice(BANKS), w=w.ms(2400, 2990)),
              instance=w.rng.choice(pods))
    _ops(w, "08:40:20.204", iss, "issuer_oncall_fangyu: deduction-db CPU 97%，慢查询都是 /open/v1/deductions 的深分页")
    _ops(w, "09:20:10.330", iss, PAGE_LIMIT)
    w.alert("DeductionTimeoutHigh", iss, "warning", _t("08:14"), _t("09:30"), "5.6%",
            "扣款超时率 5.6%，超过阈值 5%", namespace=NS)


# --- Incident 5: axle_count 0 ----------------------------------------------------------------------------------------------------
DISPUTES: Keyframes = [(START, 0), (_t("06:00"), 1), (_t("06:40"), 11), (_t("07:30"), 24), (_t("08:30"), 31), (_t("09:30"), 22),
                       (_t("10:05"), 14), (_t("10:15"), 3), (REFERENCE, 1)]


def axle_zero(w: WorldBuilder) -> None:
    veh, fee, app = "cx-vehicle", "cx-fee", "cx-app"
    w.log(_t("01:20:40.118"), veh, "INFO", VEH_SYNC, instance=ROLLOUTS[veh][0][1][0], job="vehicle-sync")
    trucks = [_plate(w) for _ in range(60)]
    for index, plate in enumerate(trucks[:12]):
        w.log(_t("01:21:00") + dt.timedelta(seconds=index * 7), veh, "INFO",
              VEH_SAMPLE.format(plate=plate, color="黄", a=w.rng.choice((2, 2, 3)), kg=w.rng.randint(4000, 9000)),
              instance=ROLLOUTS[veh][0][1][0], trace=False)
    w.log(_t("04:50:10.204"), fee, "INFO", FEE_DEPLOY, instance=ROLLOUTS[fee][1][1][0], change="deploy")
    _rolled(w, fee, 1, "FeeApplication 3.9.2 started in {s} seconds")
    for moment in _every(w, "01:40", "06:00", 400, 900) + _every(w, "06:00", "10:04", 30, 90):
        st = _station(w, moment)
        km = w.rng.randint(20, 130)
        plate = w.rng.choice(trucks)
        w.log(moment, fee, "INFO", TRUCK_FEE.format(st=st, name=STATIONS[st], plate=plate, fee=km * RATE[6], km=km),
              instance=_pod(w, fee, moment))
        complained = moment + dt.timedelta(minutes=w.rng.randint(5, 30))
        if _t("06:10") < moment and complained < REFERENCE and w.rng.random() < 0.3:
            w.log(complained, app, "WARN",
                  TRUCK_DISPUTE.format(d=f"D{w.rng.randint(10**6, 10**7 - 1)}", plate=plate, fee=km * RATE[6],
                                       usual=km * RATE[2], name=STATIONS[st]), instance=_pod(w, app, moment))
    w.log(_t("08:20:10.330"), fee, "INFO", FEE_CACHE, instance=ROLLOUTS[fee][1][1][1], change="config")
    _ops(w, "07:40:10.441", fee, "fee_oncall_zhangmin: 货车投诉两轴车按 货6 收，车辆信息里这些车的轴数是 0")
    w.log(_t("10:04:10.551"), veh, "INFO", VEH_FIX, instance=ROLLOUTS[veh][0][1][1], job="vehicle-sync")
    w.log(_t("10:05:10.118"), fee, "INFO", FEE_POLICY, instance=ROLLOUTS[fee][1][1][0], change="config")
    _ops(w, "10:20:40.204", fee, FEE_REFUND)
    w.alert("TruckFeeDisputesHigh", app, "warning", _t("06:40"), _t("10:15"), "11 次/10分钟",
            "货车费用申诉 11 次/10分钟，超过阈值 10", namespace=NS)


# --- Incident 6: the fog control on 白石 ----------------------------------------------------------------------------------------
def fog_wrong_station(w: WorldBuilder) -> None:
    road, lane = "cx-roadnet", "cx-lane"
    w.log(_t("05:30:10.118"), lane, "INFO", LANE_DEPLOY, instance=ROLLOUTS[lane][1][1][0], change="deploy")
    _rolled(w, lane, 1, "LaneCenterApplication 6.8.1 started in {s} seconds")
    w.log(_t("05:35:20.204"), road, "WARN", FOG_WEATHER, instance=ROLLOUTS[road][0][1][0], trace=False)
    w.log(_t("05:38:10.330"), road, "INFO", FOG_CONTROL, instance=ROLLOUTS[road][0][1][0], trace=False, change="ops")
    w.log(_t("05:40:00.441"), lane, "INFO", FOG_LANES, instance="SS-3504", trace=False)
    for moment in _every(w, "05:41", "06:52", 40, 120):
        w.log(moment, lane, "WARN", FOG_TURNED.format(lane=_lane(w, "3504", "E"), plate=_plate(w)), instance="SS-3504",
              trace=False)
    for moment in _every(w, "05:42", "06:52", 200, 400):
        w.log(moment, lane, "INFO", f"entry lane {_lane(w, '3405', 'E')} ETC OBU {_obu(w)} plate {_plate(w)} pass "
              f"took={w.ms(120, 300)}ms", instance="SS-3405", trace=False)
    _ops(w, "06:35:10.551", lane, "lane_oncall_songyi: 白石站站长来电，入口 6 条车道都显示禁止驶入，白石那边没有雾")
    w.log(_t("06:52:20.118"), road, "INFO", FOG_FIX, instance=ROLLOUTS[road][0][1][0], trace=False, change="ops")
    w.log(_t("06:52:30.204"), lane, "INFO", FOG_REOPEN, instance="SS-3504", trace=False)
    w.alert("StationEntryStopped", lane, "warning", _t("05:55"), _t("06:58"), "0 辆/15分钟",
            "白石站入口 15 分钟无车辆驶入", namespace=NS, station="3504")


# --- Incident 7: the bloom filter past its capacity --------------------------------------------------------------------------
RECHECKS: Keyframes = [(START, 60), (_y("23:00"), 20), (_t("04:35"), 18), (_t("05:10"), 300), (_t("06:00"), 1184),
                       (_t("07:30"), 4300), (_t("08:02"), 4610), (_t("08:03"), RECHECK_PEAK), (_t("08:04"), 4590),
                       (_t("09:00"), 3600), (_t("09:05"), 3400), (_t("09:08"), 90), (REFERENCE, 70)]


def bloom_capacity(w: WorldBuilder) -> None:
    bl = "cx-blacklist"
    pods = ROLLOUTS[bl][0][1]
    w.log(_y("16:30:10.118"), bl, "INFO", BF_YESTERDAY, instance=pods[0], job="bloom-build")
    w.log(_t("04:00:20.204"), bl, "INFO", SL_INC, instance=pods[0], job="status-sync")
    w.log(_t("04:30:40.330"), bl, "INFO", BF_BUILT, instance=pods[0], job="bloom-build")
    w.log(_t("04:35:10.441"), bl, "INFO", BF_SENT, instance=pods[0], job="bloom-build")
    w.log(_t("05:20:10.551"), bl, "INFO", BF_SYNC, instance=pods[1], change="config")
    for moment in _every(w, "05:10", "09:05:30", 4, 12):
        st = _station(w, moment)
        w.log(moment, bl, "INFO", RECHECK.format(obu=_obu(w), lane=_lane(w, st, "E"), ms=w.ms(300, 2800)),
              instance=w.rng.choice(pods))
    for moment in _every(w, "06:10", "09:05:30", 150, 400):
        st = _station(w, moment)
        w.log(moment, "cx-lane", "WARN", f"entry lane {_lane(w, st, 'E')} OBU {_obu(w)}: 疑似黑名单, waiting online recheck "
              f"{w.ms(1500, 3200)}ms", instance=f"SS-{st}", trace=False)
    _ops(w, "08:20:10.118", bl, "bl_oncall_heqing: 复核请求 99% 都是名单里没有的，布隆过滤器误判；今天名单 580 多万条")
    w.log(_t("09:05:10.204"), bl, "INFO", BF_CAPACITY, instance=pods[0], change="config")
    w.log(_t("09:05:50.330"), bl, "INFO", BF_REBUILT, instance=pods[0], job="bloom-build")
    w.alert("BlacklistRecheckHigh", bl, "warning", _t("06:00"), _t("09:10"), RECHECK_ALERT,
            "黑名单在线复核 1184 次/分钟，超过阈值 1000", namespace=NS)


# --- Incident 8: retention under a paused consumer ----------------------------------------------------------------------------
def retention_offset(w: WorldBuilder) -> None:
    path, mq = "cx-path", "cx-mq"
    pods = ROLLOUTS[path]
    _ops(w, "00:20:10.118", path, PATH_PAUSE)
    w.log(_t("01:10:20.204"), mq, "INFO", RETENTION, instance=BROKERS[0], trace=False, change="config")
    w.log(_t("02:30:10.330"), path, "INFO", PATH_DEPLOY, instance=pods[1][1][0], change="deploy")
    _rolled(w, path, 1, "PathRebuildApplication 4.2.1 started in {s} seconds")
    _ops(w, "02:40:10.441", path, PATH_RESUME)
    for p in range(12):
        w.log(_t("02:40:12") + dt.timedelta(milliseconds=137 * p), path, "INFO",
              OUT_OF_RANGE.format(k=p % 3, o=88_213_407 + 41_203 * p, p=p), instance=pods[1][1][p % 3], trace=False)
    for moment in _every(w, "02:45", "06:00", 300, 900):
        w.log(moment, path, "WARN", f"trip {_trip_id(w)}: gantry records missing between {w.rng.choice(GANTRIES)} and exit "
              "(00:20-02:40), fitted by shortest path, flagged for 稽核", instance=w.rng.choice(pods[1][1]), trace=False)
    w.log(_t("06:00:30.551"), path, "WARN", PATH_REPORT, instance="path-report", trace=False, job="path-report")
    _ops(w, "07:20:10.118", path, "path_dev_xuqing: 缺的都是 00:20 到 02:40 的门架记录，消费组恢复时 offset 越界被重置到了最新")
    _ops(w, "08:20:40.204", path, PATH_FIX)
    w.alert("PathCompletenessLow", path, "warning", _t("06:02"), _t("08:25"), "93.1%",
            "路径完整率 93.1%，低于阈值 98%", namespace=NS)


# --- Incident 9: the plate cameras at 江宁 ------------------------------------------------------------------------------------------
def plate_dot(w: WorldBuilder) -> None:
    lane = "cx-lane"
    w.log(_t("09:20:10.118"), lane, "INFO", LANE_CASH, instance=ROLLOUTS[lane][1][1][1], change="config")
    for index in range(6):
        w.log(_t("09:30:40") + dt.timedelta(seconds=23 * index), lane, "INFO", CAM_UPDATE.format(cam=f"CAM-3201-X0{index + 1}"),
              instance="SS-3201", trace=False)
    for moment in _every(w, "09:36", "10:10", 20, 70):
        area = w.rng.choice(PLATE_AREAS)
        rest = f"{w.rng.choice('BCDEFGHJK')}{w.rng.randint(100, 999)}{w.rng.choice('ABCDEFGH')}{w.rng.randint(0, 9)}"
        w.log(moment, lane, "WARN", PLATE_MISMATCH.format(lane=_lane(w, "3201", "X"), obu_plate=f"{area}{rest}",
                                                          cam_plate=f"{area}·{rest}"), instance="SS-3201", trace=False)
    w.log(_t("10:10:10.204"), lane, "INFO", PLATE_FIX, instance=ROLLOUTS[lane][1][1][0], change="config")
    w.alert("PlateMismatchHigh", lane, "warning", _t("09:44"), _t("10:18"), "26 次/10分钟",
            "江宁站出口车牌比对不符 26 次/10分钟，超过阈值 20", namespace=NS, station="3201")


# --- Incident 10: removals keyed on the order's creation time -------------------------------------------------------------------
def removal_cursor(w: WorldBuilder) -> None:
    app, bl, lane = "cx-app", "cx-blacklist", "cx-lane"
    w.log(_y("20:10:10.118"), app, "INFO", APP_DEPLOY, instance=ROLLOUTS[app][1][1][0], change="deploy")
    _rolled(w, app, 1, "AppApplication 7.2.0 started in {s} seconds")
    runs = [_y("20:15") + dt.timedelta(minutes=15 * k) for k in range(55)]
    for prev, now in zip(runs, runs[1:], strict=False):
        if now >= _t("09:52"):
            break
        w.log(now + dt.timedelta(seconds=4), bl, "INFO", RM_INC.format(k=w.rng.randint(3, 40), a=f"{prev:%H:%M:%S}",
                                                                        b=f"{now:%H:%M:%S}"),
              instance=ROLLOUTS[bl][0][1][2], job="removal-increment")
    missed: list[tuple[dt.datetime, str, str]] = []
    for moment in _every(w, _y("20:20"), _t("09:50"), 300, 1500):
        order = f"AR{w.rng.randint(10**8, 10**9 - 1)}"
        plate = _plate(w)
        created = moment - dt.timedelta(minutes=w.rng.randint(16, 50), seconds=w.rng.randint(0, 59))
        w.log(moment, app, "INFO", APP_PAID.format(order=order, plate=plate, fee=w.rng.randint(20, 400) + 0.6,
                                                   paid=f"{moment:%H:%M:%S}", created=created.isoformat(timespec="seconds")),
              instance=_pod(w, app, moment))
        missed.append((moment, order, plate))
    for paid, order, plate in missed:
        seen = paid + dt.timedelta(minutes=w.rng.randint(30, 300))
        if not _busy(seen) or seen >= _t("09:52"):
            continue
        st = _station(w, seen)
        w.log(seen, lane, "WARN", ARREARS_REFUSED.format(lane=_lane(w, st, "E"), plate=plate), instance=f"SS-{st}", trace=False)
        w.log(seen + dt.timedelta(minutes=w.rng.randint(3, 20)), app, "WARN",
              APP_COMPLAINT.format(c=f"C{w.rng.randint(10**6, 10**7 - 1)}", plate=plate, order=order, name=STATIONS[st]),
              instance=_pod(w, app, seen))
    _ops(w, "08:50:10.330", app, "app_oncall_luoyi: 补缴成功的用户到站仍被拦，解除增量里查不到这些订单")
    w.log(_t("09:50:10.441"), app, "INFO", APP_FIX, instance=ROLLOUTS[app][2][1][0], change="deploy")
    _rolled(w, app, 2, "AppApplication 7.2.1 started in {s} seconds")
    _ops(w, "09:53:20.551", bl, RM_REPUBLISH)
    w.alert("ArrearsPaidStillBlocked", app, "warning", _t("07:10"), _t("09:58"), "6 次/小时",
            "补缴后仍被拦截的投诉 6 次/小时，超过阈值 5", namespace=NS)


# --- Unrelated: ECC; the healthy services' changes -----------------------------------------------------------------------------
def other_events(w: WorldBuilder) -> None:
    for moment in _every(w, "04:12", REFERENCE, 1500, 2400):
        w.log(moment, "cx-k8s-node", "WARN", ECC_LINE, instance=ECC_NODE, trace=False)
    w.alert("NodeEccCorrectableErrors", "cx-k8s-node", "warning", _t("04:20"), None, "7 次/小时",
            f"{ECC_NODE} 内存可纠正错误 7 次/小时，硬件工单 HW-0517-02", instance=ECC_NODE)
    w.alert("HostCpuHigh", "cx-k8s-node", "warning", _t("01:35"), _t("02:10"), "88%",
            "cx-k8s-node-03 CPU 88%（夜间对账批处理）", instance="cx-k8s-node-03")
    w.log(_t("09:00:10.118"), "cx-invoice", "INFO", INVOICE_DEPLOY, instance=ROLLOUTS["cx-invoice"][1][1][0], change="deploy")
    _rolled(w, "cx-invoice", 1, "InvoiceApplication 2.5.1 started in {s} seconds")
    w.log(_t("08:30:10.204"), "cx-notify", "INFO", NOTIFY_CONFIG, instance=ROLLOUTS["cx-notify"][0][1][0], change="config")


# --- Kubernetes state at 10:30 ----------------------------------------------------------------------------------------------------
STEADY = (
    ("cx-lane", 92, "2027-05-17T05:30:10+08:00", "release cx-lane 6.8.1 (pipeline #8816)", "6.8.1"),
    ("cx-path", 41, "2027-05-17T02:30:10+08:00", "release cx-path 4.2.1 (pipeline #8809)", "4.2.1"),
    ("cx-fee", 77, "2027-05-17T04:50:10+08:00", "release cx-fee 3.9.2 (pipeline #8820)", "3.9.2"),
    ("cx-issuer", 58, "2027-05-06T00:40:00+08:00", "release cx-issuer 2.11.3", "2.11.3"),
    ("cx-blacklist", 33, "2027-04-28T00:40:00+08:00", "release cx-blacklist 1.7.5", "1.7.5"),
    ("cx-clearing", 46, "2027-05-17T00:40:10+08:00", "release cx-clearing 2.4.0 (pipeline #8812)", "2.4.0"),
    ("cx-app", 120, "2027-05-17T09:50:10+08:00", "release cx-app 7.2.1 (pipeline #8831)", "7.2.1"),
    ("cx-vehicle", 19, "2027-04-20T00:40:00+08:00", "release cx-vehicle 1.4.2", "1.4.2"),
    ("cx-roadnet", 27, "2027-05-11T00:40:00+08:00", "release cx-roadnet 3.0.8", "3.0.8"),
    ("cx-invoice", 24, "2027-05-17T09:00:10+08:00", "release cx-invoice 2.5.1 (pipeline #8825)", "2.5.1"),
    ("cx-notify", 15, "2027-05-02T00:40:00+08:00", "release cx-notify 1.9.3", "1.9.3"),
)


def _deployment(w: WorldBuilder, service: str, revision: int, changed: str, cause: str, tag: str, replicas: int,
                pods: tuple[str, ...]) -> None:
    w.deployment(namespace=NS, name=service, service=service, replicas=replicas, ready=replicas, available=replicas,
                 image=f"{REGISTRY}/{service}:{tag}", revision=revision, changed_at=dt.datetime.fromisoformat(changed),
                 change_cause=cause,
                 conditions=[condition("Available", "True", "MinimumReplicasAvailable", "Deployment has minimum availability."),
                             condition("Progressing", "True", "NewReplicaSetAvailable",
                                       f'ReplicaSet "{pods[0].rsplit("-", 1)[0]}" has successfully progressed.')],
                 observed_at=REFERENCE)


def k8s_state(w: WorldBuilder) -> None:
    for service, revision, changed, cause, tag in STEADY:
        pods = ROLLOUTS[service][-1][1]
        for pod in pods:
            w.pod(namespace=NS, name=pod, service=service, phase="Running", ready="1/1", restarts=0, last_termination=None,
                  waiting_reason=None, node=node_of(pod), observed_at=REFERENCE)
        _deployment(w, service, revision, changed, cause, tag, len(pods), pods)
    for pod in GW_ALL:
        w.pod(namespace=NS, name=pod, service="cx-gantry", phase="Running", ready="1/1", restarts=0, last_termination=None,
              waiting_reason=None, node=node_of(pod), observed_at=REFERENCE)
    _deployment(w, "cx-gantry", 64, "2027-05-08T00:40:00+08:00", "release cx-gantry 5.6.0", "5.6.0", 9, GW_ALL)
    hour_ago = REFERENCE - dt.timedelta(hours=1)
    for index, pod in enumerate(ON_BAD_NODE):
        w.event(type="Warning", reason="Unhealthy", object=f"Pod/{pod}",
                message=f"Readiness probe failed: Get \"http://10.42.5.{17 + index}:8080/actuator/health\": context deadline "
                        "exceeded (Client.Timeout exceeded while awaiting headers)",
                count=9 + 4 * index, first_seen=hour_ago + dt.timedelta(minutes=3 + index),
                last_seen=REFERENCE - dt.timedelta(minutes=2, seconds=11 * index))
    w.event(type="Normal", reason="SuccessfulRescale", object="HorizontalPodAutoscaler/cx-gantry",
            message="New size: 9; reason: cpu resource utilization (percentage of request) above target", count=1,
            first_seen=hour_ago + dt.timedelta(minutes=1), last_seen=hour_ago + dt.timedelta(minutes=1))


# --- Metrics --------------------------------------------------------------------------------------------------------------------
def build_metrics(w: WorldBuilder) -> None:
    at = w.at
    morning = [(at("05:00"), at("10:30"))]
    w.series("gantry_upload_delay_p95_seconds", "cx-gantry", "秒", UPLOAD_SERIES, start=START, fine=morning, spread=6, digits=0,
             threshold=120)
    w.series("gantry_batch_p99_ms", "cx-gantry", "ms",
             [(START, 220), (at("06:40"), 230), (at("06:45"), 4100), (at("08:10"), 5600), (REFERENCE, 5200)],
             start=START, fine=morning, spread=60, digits=0)
    w.series("node_cpu_mhz", "cx-k8s-node", "MHz",
             [(START, 2900), (_y("16:20"), 2900), (_y("16:30"), 0), (at("02:35"), 0), (at("02:36"), 1000), (REFERENCE, 1000)],
             start=START, digits=0, instance=BAD_NODE)
    w.series("lane_exit_handle_seconds", "cx-lane", "秒", EXIT_SERIES, start=START, fine=morning, spread=0.8, digits=1,
             threshold=15, station="3406")
    w.series("fee_online_requests_per_min", "cx-fee", "次/分钟",
             [(START, 12), (_y("23:20"), 4), (at("06:00"), 14), (at("07:20"), 150), (at("08:20"), 390), (at("09:30"), 140),
              (at("09:40"), 16), (REFERENCE, 15)], start=START, fine=morning, spread=4, digits=0)
    w.series("station_entries_per_15m", "cx-lane", "辆",
             [(START, 160), (_y("23:00"), 40), (at("05:30"), 70), (at("05:40"), 0), (at("06:52"), 0), (at("07:00"), 180),
              (REFERENCE, 150)], start=START, fine=morning, digits=0, station="3504")
    w.series("truck_fee_disputes_per_10m", "cx-app", "次", DISPUTES, start=START, fine=morning, spread=1.5, digits=0,
             threshold=10)
    w.series("blacklist_online_recheck_per_min", "cx-blacklist", "次/分钟", RECHECKS, start=START, fine=morning, spread=40,
             digits=0, threshold=1000)
    w.series("blacklist_entries", "cx-blacklist", "条",
             [(START, 4_609_900), (at("03:59"), 4_612_380), (at("04:00"), 5_848_780), (REFERENCE, 5_851_204)], start=START,
             digits=0)
    w.series("clearing_recon_mismatch_records", "cx-clearing", "笔",
             [(START, 0), (at("06:29"), 0), (at("06:30"), 1206), (at("08:44"), 1206), (at("08:45"), 0), (REFERENCE, 0)],
             start=START, fine=[(at("06:20"), at("08:50"))], digits=0, threshold=0)
    w.series("issuer_db_cpu_percent", "cx-issuer", "%",
             [(START, 30), (at("08:04"), 32), (at("08:30"), 84), (at("09:05"), 97), (at("09:20"), 95), (at("09:24"), 36),
              (REFERENCE, 33)], start=START, fine=morning, spread=1, digits=0, threshold=85)
    w.series("deduction_timeout_ratio", "cx-issuer", "%",
             [(START, 0.2), (at("08:10"), 0.4), (at("08:14"), 5.6), (at("09:05"), 18.7), (at("09:22"), 12.0),
              (at("09:28"), 0.5), (REFERENCE, 0.3)], start=START, fine=morning, spread=0.3, digits=1, threshold=5)
    w.series("path_completeness_percent", "cx-path", "%",
             [(START, 99.6), (at("06:00"), 99.6), (at("06:01"), 93.1), (at("08:20"), 93.1), (at("08:21"), 99.5),
              (REFERENCE, 99.6)], start=START, fine=[(at("05:50"), at("08:30"))], digits=1)
    w.series("plate_mismatch_per_10m", "cx-lane", "次",
             [(START, 1), (at("09:35"), 1), (at("09:44"), 26), (at("10:00"), 34), (at("10:10"), 30), (at("10:14"), 2),
              (REFERENCE, 1)], start=START, fine=morning, spread=1, digits=0, threshold=20, station="3201")
    w.series("arrears_paid_blocked_per_hour", "cx-app", "次",
             [(START, 0), (_y("21:00"), 1), (at("06:30"), 3), (at("07:10"), 6), (at("08:30"), 11), (at("09:50"), 8),
              (at("10:00"), 0), (REFERENCE, 0)], start=START, fine=morning, digits=0, threshold=5)
    w.series("node_ecc_corrected_per_hour", "cx-k8s-node", "次",
             [(START, 0), (at("04:10"), 0), (at("04:20"), 7), (REFERENCE, 6)], start=START, digits=0, threshold=5,
             instance=ECC_NODE)
    for service, p99, threshold in (("cx-invoice", 420, 2000), ("cx-notify", 180, 1000)):
        w.series("http_5xx_ratio", service, "%", [(START, 0.04), (at("08:30"), 0.31), (at("10:00"), 0.12), (REFERENCE, 0.05)],
                 start=START, spread=0.03, digits=2, threshold=2)
        w.series("http_p99_latency", service, "ms", [(START, p99 - 40), (at("08:30"), p99 + 260), (REFERENCE, p99)],
                 start=START, spread=15, digits=0, threshold=threshold)


# --- Runbooks --------------------------------------------------------------------------------------------------------------------
RUNBOOKS: list[tuple[str, str, str]] = [
    ("runbooks/lane/exit-slow.md", "出口车道处理慢处理手册", runbook(
        "出口车道处理慢处理手册", "适用于 cx-lane 出口车道平均处理时间升高、排队。",
        ["LaneExitSlow：出口车道平均处理时间超过 15 秒"],
        ["按车道类型与卡类型（OBU、CPC）分组看处理时间。", "CPC 车转在线计费的比例是否升高：卡内缺哪个门架的计费信息，"
         "查该门架的心跳（rsu_mode、交易数、写卡数）。", "看 cx-fee 在线计费的耗时。"],
        ["门架 RSU 故障或未在正常模式，CPC 卡内计费信息缺失。", "在线计费服务慢。", "车道设备故障。"],
        ["恢复门架 RSU 正常模式；必要时开放更多 MTC 车道疏导。"])),
    ("runbooks/gantry/upload-delay.md", "门架交易上传延迟处理手册", runbook(
        "门架交易上传延迟处理手册", "适用于 cx-gantry 门架交易上传延迟、门架重传积压。",
        ["GantryUploadDelayHigh：门架交易上传延迟 P95 超过 120 秒"],
        ["按 Pod 看批次处理耗时是否一致，慢的 Pod 在哪台节点上。", "看节点的 CPU 频率、负载与最近的硬件维修记录。",
         "看 Kafka gantry.txn 写入是否正常。"],
        ["个别节点性能异常（硬件、BIOS 设置）。", "Kafka 写入慢。", "门架网络故障。"],
        ["把 Pod 迁离异常节点并修复节点配置；扩容。"])),
    ("runbooks/clearing/recon.md", "清分对账不平处理手册", runbook(
        "清分对账不平处理手册", "适用于 cx-clearing 三方对账不平、划拨文件暂停。",
        ["ClearingReconMismatch：对账不平"],
        ["看不平记录的范围（跨省、某银行）。", "核对已导入的 部联网中心 清分结果文件版本与 md5，中心是否重发过更正文件。"],
        ["清分结果文件版本不一致。", "银行回盘缺失。", "本地交易重复。"],
        ["导入正确版本后重新对账，平账后发送划拨文件。"])),
    ("runbooks/issuer/deduct-timeout.md", "扣款超时处理手册", runbook(
        "扣款超时处理手册", "适用于 cx-issuer 扣款超时率升高。",
        ["DeductionTimeoutHigh：扣款超时率超过 5%"],
        ["看 deduction-db 的 CPU 与慢查询来源。", "看开放接口 /open/v1/deductions 的调用方与请求参数。", "看各银行接口耗时。"],
        ["外部调用方的大查询占满数据库。", "银行接口慢。", "连接池不足。"],
        ["限流异常调用方，要求改用游标分页；超时的扣款自动重试。"])),
    ("runbooks/fee/truck-dispute.md", "货车计费申诉处理手册", runbook(
        "货车计费申诉处理手册", "适用于货车费用申诉激增（车型、轴数）。",
        ["TruckFeeDisputesHigh：货车费用申诉超过 10 次/10分钟"],
        ["按申诉车辆看计费时使用的车型与轴数。", "查 cx-vehicle 最近一次车辆信息同步的内容。"],
        ["车辆信息中的轴数、车型错误。", "费率表错误。", "车道车型识别错误。"],
        ["更正车辆信息，退还差额。"])),
    ("runbooks/lane/entry-stopped.md", "收费站入口无车辆驶入处理手册", runbook(
        "收费站入口无车辆驶入处理手册", "适用于 cx-lane 某站入口长时间无车辆。",
        ["StationEntryStopped：收费站入口 15 分钟无车辆驶入"],
        ["看入口车道状态是否被交通管制关闭，管制单由谁创建、针对哪个站。", "联系站长确认现场。"],
        ["交通管制（恶劣天气、事故）。", "车道设备断电。", "站级服务器离线。"],
        ["核对管制单后恢复车道。"])),
    ("runbooks/blacklist/recheck.md", "黑名单在线复核激增处理手册", runbook(
        "黑名单在线复核激增处理手册", "适用于 cx-blacklist 在线复核请求激增、入口等待。",
        ["BlacklistRecheckHigh：黑名单在线复核超过 1000 次/分钟"],
        ["看复核结果中未在名单内的比例。", "看当天布隆过滤器的条目数、设计容量与误判率估计。"],
        ["名单条目超过布隆过滤器设计容量，误判率升高。", "名单大批量新增。", "复核服务慢。"],
        ["按新容量重建布隆过滤器并下发。"])),
    ("runbooks/path/completeness.md", "路径完整率下降处理手册", runbook(
        "路径完整率下降处理手册", "适用于 cx-path 路径完整率日报低于 98%。",
        ["PathCompletenessLow：路径完整率低于 98%"],
        ["看缺失门架记录的时间段与门架。", "看消费组 path-rebuild 的位点是否被重置，gantry.txn 的保留配置。"],
        ["消费位点越界被重置，门架记录被跳过。", "门架离线。"],
        ["从门架原始归档重建缺失路径。"])),
    ("runbooks/lane/plate-mismatch.md", "车牌比对不符处理手册", runbook(
        "车牌比对不符处理手册", "适用于 cx-lane 出口 OBU 车牌与识别车牌不符激增。",
        ["PlateMismatchHigh：车牌比对不符超过 20 次/10分钟"],
        ["看不符的车牌差异在哪里（字符、格式）。", "看车牌识别相机的固件版本与最近升级。"],
        ["相机固件输出格式变化。", "相机脏污、逆光。", "OBU 发行信息错误。"],
        ["回退固件或在车道归一化车牌格式。"])),
    ("runbooks/app/arrears.md", "补缴后仍被拦截处理手册", runbook(
        "补缴后仍被拦截处理手册", "适用于 App 补缴成功后车辆仍被入口拦截。",
        ["ArrearsPaidStillBlocked：补缴后仍被拦截投诉超过 5 次/小时"],
        ["按订单查解除请求是否进入 cx-blacklist 的解除增量。", "核对解除请求的生效时间与增量窗口。"],
        ["解除请求未被增量发布。", "名单同步延迟。"],
        ["补发漏掉的解除记录。"])),
    ("runbooks/lane/cpc-stock.md", "CPC 卡库存不足处理手册", runbook(
        "CPC 卡库存不足处理手册", "适用于收费站 CPC 卡库存低。",
        ["CpcStockLow"], ["看各站 CPC 库存。"], ["卡调拨不及时。"], ["从邻站调拨 CPC 卡。"])),
    ("runbooks/lane/barrier.md", "栏杆机故障处理手册", runbook(
        "栏杆机故障处理手册", "适用于车道栏杆机不抬杆。",
        ["LaneBarrierFault"], ["看栏杆机电机电流。"], ["栏杆机电机损坏。"], ["更换栏杆机电机。"])),
]


def build_bundle(seed: int = SEED) -> Json:
    w = WorldBuilder(seed=seed, day=DAY, tz=TZ, reference=REFERENCE, instances=INSTANCES,
                     labels={"env": "prod", "cluster": "cx-prod", "region": "cn-east-2"})
    for service, (make, every) in NOISE.items():
        w.noise(service, make, START, every_s=every)
    gantry_debug(w)
    node_bios(w)
    clearing_republish(w)
    deep_paging(w)
    axle_zero(w)
    fog_wrong_station(w)
    bloom_capacity(w)
    retention_offset(w)
    plate_dot(w)
    removal_cursor(w)
    other_events(w)
    k8s_state(w)
    build_metrics(w)
    documents = [{"title": title, "source": source, "content": content} for source, title, content in RUNBOOKS]
    return w.bundle(name="ChangXing 畅行高速 2027-05-17", services=SERVICES, documents=documents)


# --- Questions --------------------------------------------------------------------------------------------------------------------
#: Each incident's own words: in another incident's answer, a misattribution.
FAMILY = {
    "gantrydebug": ("rsu_mode=DEBUG", "WO-JY-0516-07"),
    "bios": ("Energy Efficient", "HW-0516-11"),
    "republish": ("CR_32_20270516.zip", "already imported"),
    "paging": ("ccb-recon", "LIMIT 500 OFFSET"),
    "axle": ("axle_count=0", "VEH-20270517"),
    "fog": ("TC-0517-03", "团雾"),
    "bloom": ("BF-20270517", "expected-insertions"),
    "retention": ("retention.ms", "MQ-0517-01"),
    "plate": ("V3.3.0", "瑞视"),
    "cursor": ("effective_at", "7.2.1"),
}
#: The remedies of the runbooks for problems that did not happen.
UNRELATED_REMEDIES = ("从邻站调拨 CPC 卡", "更换栏杆机电机")
FIRING = ("GantryUploadDelayHigh", "NodeEccCorrectableErrors")
INCIDENT_WORDS = tuple(word for words in FAMILY.values() for word in words)


def _not(*own: str, told: tuple[str, ...] = ()) -> tuple[str, ...]:
    """The other incidents' words, plus the unrelated runbooks' remedies — less ``told``: another incident's words the asked
    service itself logs (the lanes log the fog control and the cameras' firmware; the status list logs the App's removal
    increments; the gantry front-end relays the gantry heartbeats), which name no misattribution when an answer quotes them."""
    return tuple(word for family, words in FAMILY.items() if family not in own for word in words
                 if word not in told) + UNRELATED_REMEDIES


LANE_TOLD = FAMILY["fog"] + FAMILY["plate"]

QUESTIONS: tuple[WorldQuestion, ...] = (
    WorldQuestion(
        "toll_lane_cpc_exit_slow_cause",
        "早高峰青石、白沙那几个站出口特别慢，CPC 卡的车都要转在线计费，排了好长的队，车道系统这是怎么了？", "cause",
        asked_facts=(fact("计费信息不完整", "在线计费"),),
        cause_facts=(fact("G3401-12"),
                     fact("rsu_mode=DEBUG", "DEBUG", "WO-JY-0516-07", "远纳电子", "jy_fae_zhoubin")),
        forbidden=_not("gantrydebug", told=LANE_TOLD), service="cx-lane",
        diagnosis="昨晚 23:10 RSU 厂商 远纳电子 的工程师（夜间维护 WO-JY-0516-07）把门架 G3401-12（龙潭枢纽—白沙 下行）的 RSU 切到 "
                  "DEBUG 模式后没有切回，门架心跳 rsu_mode=DEBUG、obu_trades 0、cpc_writes 0 → 经过它的 CPC 卡里没有它的计费信息，"
                  "白沙、青石、港口出口读卡时计费信息不完整，转 cx-fee 在线计费，早高峰出口处理时间最高 31.7 秒、排队。09:25 厂商"
                  "远程切回 NORMAL。07:10 的 lane.receipt.print.default 配置不是原因",
    ),
    WorldQuestion(
        "toll_gantry_upload_delay_cause",
        "七点多开始门架交易上传延迟的告警一直没消，门架那边说一直在重传，门架接入服务怎么了？", "cause",
        asked_facts=(fact("timed out at 3000ms", "HTTP 504", "upload backlog", "上传延迟"),),
        cause_facts=(fact(BAD_NODE, "node-05"),
                     fact("Energy Efficient", "BIOS", "1.00 GHz", "powersave", "HW-0516-11")),
        forbidden=_not("bios", told=FAMILY["gantrydebug"]), service="cx-gantry",
        diagnosis="cx-k8s-node-05 昨天下线换主板（HW-0516-11），02:35 回来时 BIOS 恢复默认，System Profile 是 Energy Efficient，"
                  "CPU 限在 1.00 GHz（powersave）；06:40 HPA 把 cx-gantry 从 6 扩到 9，新的 3 个 Pod 都调度到这台空节点上，一批门架"
                  "交易要处理 3–6 秒，超过门架 3 秒的上传超时 → HTTP 504、门架重传、积压，P95 上传延迟最高 417 秒，告警到现在仍在"
                  "触发。其他节点上的 6 个 Pod 一批两百毫秒。07:00 的 gantry.batch.max-records 配置不是原因",
    ),
    WorldQuestion(
        "toll_clearing_recon_cause",
        "今早清分对账不平，划拨文件一直发不出去，差了三万多块，这是怎么回事？", "cause",
        asked_facts=(fact("1,206", "1206", "¥38,412.60", "38,412.60"),),
        cause_facts=(fact("CR_32_20270516.zip", "CR-20270516", "v2"),
                     fact("already imported", "更正重发", "4b7d91ae", "重发")),
        forbidden=_not("republish"), service="cx-clearing",
        diagnosis="03:05 导入了 部联网中心 的省际清分结果 CR_32_20270516.zip v1；03:38 中心更正后重发 v2（1,206 条跨省通行重新计费），"
                  "下载程序按文件名判断 already imported 跳过了 → 06:30 三方对账差 1,206 笔、¥38,412.60，划拨文件 TF-20270517 暂停。"
                  "08:40 强制导入 v2，08:44 平账，08:46 划拨。00:40 的 cx-clearing 2.4.0 发布不是原因",
    ),
    WorldQuestion(
        "toll_issuer_deduct_timeout_cause",
        "八点多银行扣款大面积超时，App 上好多通行费一直显示扣款中，扣款服务怎么了？", "cause",
        asked_facts=(fact("timed out after 3000ms", "扣款超时", "超时"),),
        cause_facts=(fact("ccb-recon", "建设银行"),
                     fact("OFFSET", "深分页", "/open/v1/deductions", "rows examined")),
        forbidden=_not("paging"), service="cx-issuer",
        diagnosis="08:05 起 建设银行 的对账程序 ccb-recon 用 8 个 worker 按 LIMIT 500 OFFSET n 深分页重拉 4 月扣款明细，offset 越大"
                  "每页扫描越多（rows examined 上百万），deduction-db CPU 到 97% → 扣款等库超时（timed out after 3000ms）。09:20 "
                  "限流 ccb-recon、建行改用游标分页。07:45 的 issuer.route.icbc.weight 配置不是原因",
    ),
    WorldQuestion(
        "toll_truck_class6_cause",
        "一早好多货车司机投诉，两轴车被按六轴收费，多收了快一倍，计费这边怎么回事？", "cause",
        asked_facts=(fact("货6"),),
        cause_facts=(fact("axle_count=0", "轴数"),
                     fact("VEH-20270517", "部中心车辆信息库", "车辆信息", "cx-vehicle")),
        forbidden=_not("axle"), service="cx-fee",
        diagnosis="01:20 cx-vehicle 从 部中心车辆信息库 同步 VEH-20270517，3,214 辆牵引车的 axle_count 被写成 0；计费把未知轴数默认"
                  "为 货6 → 两轴车按六轴费率收费（¥0.89/km → ¥1.77/km）。10:04 VEH-20270517-r2 恢复轴数，10:05 未知轴数改为 "
                  "MANUAL_REVIEW，退还差额。04:50 的 cx-fee 3.9.2 发布不是原因",
    ),
    WorldQuestion(
        "toll_baishi_entry_closed_cause",
        "白石站一大早入口车道全部显示禁止驶入，车都被劝返了，可白石那边根本没起雾，车道怎么回事？", "cause",
        asked_facts=(fact("CLOSED", "turned away", "劝返", "禁止驶入"),),
        cause_facts=(fact("TC-0517-03", "交通管制"),
                     fact("roadnet_op_liwei", "3405 白沙", "录错站点")),
        forbidden=_not("fog", told=FAMILY["plate"]), service="cx-lane",
        diagnosis="05:35 省气象平台 预警白沙段团雾；05:38 路网值班 roadnet_op_liwei 建交通管制 TC-0517-03 时把要关闭入口的站录成了 "
                  "3504 白石（应为 3405 白沙）→ 05:40–06:52 白石 6 条入口车道关闭、车辆劝返，白沙反而照常放行。06:52 更正。05:30 的 "
                  "cx-lane 6.8.1 发布不是原因",
    ),
    WorldQuestion(
        "toll_blacklist_recheck_cause",
        "今天早上好多车在入口被提示疑似黑名单、要等在线复核，复核完又都不在名单里，黑名单服务怎么了？", "cause",
        asked_facts=(fact("疑似黑名单", "not listed", "复核"),),
        cause_facts=(fact("BF-20270517", "布隆过滤器", "bloom"),
                     fact("expected-insertions", "5,000,000", "4.21%", "5,848,780", "SL-20270517-04")),
        forbidden=_not("bloom", told=FAMILY["cursor"]), service="cx-blacklist",
        diagnosis="04:00 部联网中心 的欠费追缴批次 SL-20270517-04 新增 1,236,400 条，名单到 5,848,780 条；04:30 生成的布隆过滤器 "
                  "BF-20270517 仍按 expected-insertions 5,000,000 设计，误判率从 0.09% 升到 4.21% → 车道本地误判疑似黑名单，全部"
                  "转在线复核，最高每分钟 4862 次。09:05 按 8,000,000 重建。05:20 的 blacklist.sync.interval-min 配置不是原因",
    ),
    WorldQuestion(
        "toll_path_completeness_cause",
        "今天的路径还原完整率日报掉到了 93%，一堆行程转了稽核，路径还原这边出什么事了？", "cause",
        asked_facts=(fact("93.1%", "完整率"),),
        cause_facts=(fact("retention.ms", "MQ-0517-01", "mq_ops_dengkai"),
                     fact("out of range", "resetting offset to latest", "offset 越界")),
        forbidden=_not("retention"), service="cx-path",
        diagnosis="00:20 path-rebuild 消费组为维护 PM-0517 暂停；01:10 mq_ops_dengkai 为释放 broker 磁盘（MQ-0517-01）把 gantry.txn "
                  "的 retention.ms 从 7 天改成 1 小时 → 02:40 消费组恢复时位点已被删除，out of range 后 resetting offset to latest，"
                  "00:20–02:40 的门架记录被跳过，8,904 个行程缺门架记录，06:00 日报完整率 93.1%。08:20 从门架原始归档重建。02:30 "
                  "的 cx-path 4.2.1 发布不是原因",
    ),
    WorldQuestion(
        "toll_blacklist_recheck_quantity", "早高峰黑名单在线复核最多的时候每分钟多少次？", "quantity",
        asked_facts=(fact(str(RECHECK_PEAK), "4,862"),), forbidden=_not("bloom", told=FAMILY["cursor"]),
        service="cx-blacklist", peak=Peak("cx-blacklist", "blacklist_online_recheck_per_min", RECHECK_PEAK),
        diagnosis="blacklist_online_recheck_per_min 峰值 4862 次/分钟（08:03）；BlacklistRecheckHigh 触发时是 1184。起因是名单超过"
                  "布隆过滤器设计容量",
    ),
    WorldQuestion(
        "toll_gantry_upload_delay_quantity", "门架交易上传延迟今天最严重的时候 P95 到了多少秒？", "quantity",
        asked_facts=(fact(str(UPLOAD_PEAK), "417 秒"),), forbidden=_not("bios", told=FAMILY["gantrydebug"]),
        service="cx-gantry", peak=Peak("cx-gantry", "gantry_upload_delay_p95_seconds", UPLOAD_PEAK),
        diagnosis="gantry_upload_delay_p95_seconds 峰值 417 秒（08:12）；GantryUploadDelayHigh 触发时是 146 秒。起因是 node-05 的 "
                  "BIOS 节能配置",
    ),
    WorldQuestion(
        "toll_qingshi_exit_quantity", "青石站出口车道平均处理时间最长到了多少秒？", "quantity",
        asked_facts=(fact(str(EXIT_PEAK), "31.7 秒"),), forbidden=_not("gantrydebug", told=LANE_TOLD), service="cx-lane",
        peak=Peak("cx-lane", "lane_exit_handle_seconds", EXIT_PEAK),
        diagnosis="lane_exit_handle_seconds（station 3406）峰值 31.7 秒（08:21）；LaneExitSlow 触发时是 15.8 秒。起因是门架 G3401-12 "
                  "处于 DEBUG 模式",
    ),
    WorldQuestion(
        "toll_jiangning_plate_existence", "江宁站出口九点多是不是报过警？收费员说好多 ETC 车被转到人工了。", "existence",
        asked_facts=(fact("PlateMismatchHigh"),),
        cause_facts=(fact("V3.3.0", "瑞视", "firmware", "固件"),
                     fact("·", "strip-chars")),
        forbidden=_not("plate", told=FAMILY["fog"]), service="cx-lane",
        diagnosis="报过：PlateMismatchHigh 09:44 触发、10:18 恢复。09:30 相机厂商 瑞视 云端 OTA 把江宁站出口车牌识别相机固件从 "
                  "V3.2.7 升到 V3.3.0，识别结果带中间点（苏A·K3J72），与 OBU 车牌比对不符转人工；10:10 车道车牌归一化去掉“·”后恢复。"
                  "09:20 的 lane.cash.change-alert-yuan 配置不是原因",
    ),
    WorldQuestion(
        "toll_invoice_healthy", "有车主说今天开不出通行费发票，发票服务今天有没有出问题或者告警？", "existence",
        asked_facts=(HEALTHY,), forbidden=INCIDENT_WORDS, service="cx-invoice", healthy=True,
        diagnosis="没有：cx-invoice 只有开票与票据平台令牌刷新的 INFO 和抬头过长的 WARN，5xx、p99 远低于阈值，无告警；09:00 的 "
                  "2.5.1 发布与各故障无关",
    ),
    WorldQuestion(
        "toll_notify_healthy", "好多用户说今早没收到扣费短信，短信通知服务有没有报错或者告警？", "existence",
        asked_facts=(HEALTHY,), forbidden=INCIDENT_WORDS, service="cx-notify", healthy=True,
        diagnosis="没有：cx-notify 只有短信批次与推送的 INFO 和运营商回执延迟的 WARN，5xx、p99 低于阈值，无告警；扣费短信在扣款成功"
                  "后才发，八点多扣款超时是扣款服务的问题；08:30 的 notify.sms.batch-size 配置与此无关",
    ),
    WorldQuestion(
        "toll_alert_listing", "现在还有哪些告警没恢复？列一下。", "listing",
        asked_facts=tuple(fact(name) for name in FIRING), forbidden=("cx-invoice", "cx-notify"),
        diagnosis="2 条：GantryUploadDelayHigh（07:08 起，cx-gantry，node-05 上的 3 个 Pod 慢）、NodeEccCorrectableErrors（04:20 起，"
                  "cx-k8s-node-02 内存可纠正错误，硬件工单 HW-0517-02，与各故障无关）；其余告警都已恢复",
    ),
    WorldQuestion(
        "toll_fee_changes_listing", "计费服务从昨天下午到现在都做过哪些变更？发版和配置都列一下。", "listing",
        asked_facts=(fact("3.9.2"), fact("fee.online.cache-ttl-sec"), fact("fee.truck.unknown-axle.policy", "MANUAL_REVIEW")),
        forbidden=_not("axle"), service="cx-fee",
        diagnosis="三次：04:50 发布 3.9.2、08:20 fee.online.cache-ttl-sec 60 -> 120、10:05 fee.truck.unknown-axle.policy "
                  "DEFAULT_CLASS_6 -> MANUAL_REVIEW（货车按 货6 收费之后的修复）",
    ),
)

WORLD = World(name=NAME, title="ChangXing 畅行高速（ETC 收费与清分）", build=build_bundle, questions=QUESTIONS)
