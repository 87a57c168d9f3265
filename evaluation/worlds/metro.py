"""World "metro": 轨达地铁 GuiDa Metro, a city metro operator's automatic fare collection (``gd-*`` services: the gate access
gateway the stations' computers (SC) connect through, the online verification of the App's QR ride codes 乘车码, trip matching
of entries and exits, the fare engine over the line network, deductions through WeChat/Alipay/bank 免密代扣, the App backend
that issues ride codes, risk control, parameter distribution to the gates and TVMs, the nightly clearing and settlement with
the banks and the transit-card company 城市一卡通 (CTC), transit-card top-ups, the station systems, the TVM backend and
e-invoices on a Kubernetes cluster; the managed Kafka and the nodes outside it), seen from Tuesday 2027-04-20 16:00 to the
reference time Wednesday 2027-04-21 11:30 (+08:00): an ordinary weekday morning rush, and the first day of the line 4
extension station 临江门. Nothing here was written for the offline agents; ten incidents of families the other worlds do not
have, in ordinary noise:

(1) 21:40 (eve)     gd-fare: fare_data_qinlan imports the line network NET-2027-04 r3 for a construction notice (CN-0421: the
                    人民广场 2/3 transfer passage closes, transfers go through the concourse) by setting link T-0208-0311 to
    03:30           ``closed``; the path finder drops a closed link → the 03:30 fare-matrix-build routes 2↔3 trips round via
    05:30–09:45     东门 and 文化宫 → 96 OD pairs cost ¥1–2 more (望江路 → 科学城 ¥4.00 → ¥5.00, 12.6 → 19.4 km); fare disputes
                    (FareDisputesHigh). 09:40 NET-2027-04 r4 reopens the link (walk_via_concourse), 10:20 refunds. The 06:40
                    ``fare.cache.ttl-sec`` config is a decoy.
(2) 22:41 (eve)     gd-qr-verify ← gd-station: station_op_fenglei opens 0312 滨江大道's gates in EMERGENCY_RELEASE for a fire
                    drill (YL-0420-0312) with the drill flag on, which suppresses the degraded-mode report to the line centre →
    04:00           the riders who walked out 22:41–23:05 have no exit; the 04:00 op-day rollover finds no degraded period and
    05:40–09:30     marks their trips UNFINISHED → next morning their QR entries are denied UNFINISHED_TRIP (QrEntryDeniedHigh).
                    09:30 the period DM-0312-0420 is registered late and gd-trip closes the 287 trips. The 05:10 deploy 3.12.1
                    of gd-qr-verify is a decoy.
(3) 07:02           gd-gate-gw: the rush HPA scale-out 6 → 9 makes the cluster autoscaler add gd-k8s-node-09 from node pool
                    np-rush, whose launch template lt-rush-v3 sets the kubelet's ``podPidsLimit=256`` → the three gateway pods
    07:20 → now     scheduled there hit the pids cgroup (``fork rejected by pids controller``) once the stations' sessions come
                    in: ``java.lang.OutOfMemoryError: unable to create native thread``, exit 3, CrashLoopBackOff; the six pods
                    on node-01..08 are fine. 08:35 node-09 cordoned, the HPA floor raised to 12; the three pods still crash at
                    11:30 (KubePodCrashLooping). The 07:00 heartbeat config of the gateway and node-04's PSU alert are decoys.
(4) 19:30 (eve)     gd-app-api ← gd-payment: pay_ops_huangli sets ``payment.deduct.merge-window`` 0 → 24h (FIN-0420: merge the
                    day's deductions to save channel fees) → trips after 19:30 stay unpaid until a merged run at 12:00 next day
    05:30–08:55     → the App's ride-code rule (2 unpaid trips = arrears) refuses codes to yesterday evening's riders: ARREARS
                    (AppRideCodeRefusedHigh). 08:55 the window back to 0 and 71,406 pending trips deducted. The 00:40 deploy
                    7.4.0 of the App backend is a decoy.
(5) 04:30           gd-gate-gw ← gd-param: the card company CTC sends blacklist BL-20270421 as a FULL list (38.2 MB, the
                    usual DELTA is ~200 KB) → the 05:00 parameter package P-20270421-01 is 38.6 MB per device, each gate and
    05:05–06:20     TVM pulling its own copy through its station → the line 1 stations' 2 Mbps links saturate → the gateway's
                    online verification from those stations times out and up to 318 gates fall into OFFLINE mode at 05:47
                    (``gate_offline_count``; GateOfflineHigh fired at 120). 05:56 line 1 paused and rate-limited. The 04:10
                    deploy 5.3.2 of the gateway is a decoy.
(6) 23:30 (eve)     gd-clearing: the gate vendor 华腾's replay tool (client ``ht-replay``) is pointed at production and writes
                    1,204,880 test transactions of card TEST-0000000001 into ``afc.txn.settle`` → the 01:30 clearing job's
    06:00–08:33     groupBy card stage has one task with 9.6 GB (skew) and runs for hours → SETTLE-20270420 misses its 06:00
                    SLA (ClearingSettlementLate); 07:35 rerun without issuer HT-TEST, files delivered 08:32. The 00:50 deploy
                    2.9.4 of gd-clearing is a decoy.
(7) 08:06           gd-station: a contractor of the PIS vendor 汇显 (work order PIS-0421-07) plugs one patch cable into
                    Gi1/0/23 and Gi1/0/24 of the 0301 火车北站 access switch → a layer-2 loop: MACFLAP, a broadcast storm,
    08:12–08:55     the station computer loses its 26 gates (StationGatesOffline). 08:55 the cable is pulled. The 07:50 gate
                    alarm-volume config is a decoy.
(8) 07:38           gd-trip ← gd-mq: mq_ops_zhaojun raises topic ``afc.txn`` from 24 to 48 partitions (MQ-0421, consumer lag)
                    → the producers' account key now hashes to other partitions → trips that entered before 07:38 exit onto
    07:39–08:50     a partition whose consumer holds no entry: ``no entry record`` → MAX_FARE ¥9.00; the no-entry exits peak
                    2417 per 5 min at 08:04 (TripNoEntryRecordHigh fired at 350). 08:50 re-match job RM-0421. The 07:10
                    ``trip.match.same-station-min`` config is a decoy.
(9) 16:20 (eve)     gd-risk ← gd-station: line_data_wujing imports station master data STN-2027-04 with the new station 0421
    06:00           临江门, whose empty lat/lon become 0.000000 → when the station opens at 06:00 every trip touching it is
    06:10–09:20     thousands of km long: IMPOSSIBLE_SPEED freezes the riders' ride codes (RiskFreezeSurge). 09:20
                    coordinates corrected (STN-2027-04 r2), 1,947 accounts unfrozen. The 05:50 share-scan config is a decoy.
(10) 21:30 (eve)    gd-card: card_dev_lvyuan's config clean-up (CFG-CLEAN-0420) removes ``card.topup.host.pool.max-total``
                    (64) as unreferenced → the pool to CTC's top-up host falls back to commons-pool's default 8 → in the
    07:25–09:05     morning rush top-ups at TVMs and App NFC fail ``Timeout waiting for idle object``; the failure ratio
                    peaks 38.4% at 08:12 (TopupFailureHigh fired at 6.2%). 09:05 the key is restored. The 01:05 deploy 4.1.2
                    is a decoy.

Healthy: gd-tvm (the TVM backend; top-ups at the TVMs go to gd-card) and gd-invoice (its 09:00 config is a decoy) — INFO/WARN
noise only, under their thresholds, no alert. Unrelated: HostCpuHigh on gd-k8s-node-03 during the clearing job 01:40–02:25.
Still firing at 11:30: KubePodCrashLooping (the gateway pods on node-09) and NodePsuRedundancyLost (node-04, a hardware
ticket). Kubernetes: the deployments and their pods with their nodes, the events of the last hour. Run
``python -m evaluation.worlds metro`` to print the bundle.
"""

from __future__ import annotations

import datetime as dt
import functools
import hashlib
import math
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

NAME = "metro"
SEED = 20270421
TZ = dt.timezone(dt.timedelta(hours=8))
DAY = dt.date(2027, 4, 21)
EVE = dt.date(2027, 4, 20)
START = dt.datetime(2027, 4, 20, 16, 0, tzinfo=TZ)
REFERENCE = dt.datetime(2027, 4, 21, 11, 30, tzinfo=TZ)
NS = "guida-afc"
REGISTRY = "registry.gdmetro.local/afc"

_t = functools.partial(clock_on, DAY, TZ)  # a clock on the world's day
_y = functools.partial(clock_on, EVE, TZ)  # a clock on the day before

# --- The network ---------------------------------------------------------------------------------------
LINES: dict[str, tuple[tuple[str, str], ...]] = {
    "1": (("0101", "西站"), ("0102", "文化宫"), ("0103", "解放碑"), ("0104", "东门"), ("0105", "沙坪坝"), ("0106", "机场东"),
          ("0107", "小龙坎"), ("0108", "石桥铺"), ("0109", "大坪"), ("0110", "两路口"), ("0111", "较场口"), ("0112", "七星岗"),
          ("0113", "歇台子"), ("0114", "烈士墓")),
    "2": (("0201", "北城"), ("0202", "望江路"), ("0203", "大学城"), ("0204", "东门"), ("0205", "红旗河沟"), ("0206", "观音桥"),
          ("0207", "华新街"), ("0208", "人民广场"), ("0209", "牛角沱"), ("0210", "李子坝"), ("0211", "佛图关"), ("0212", "鹅岭")),
    "3": (("0301", "火车北站"), ("0302", "龙头寺"), ("0303", "狮子坪"), ("0304", "嘉州路"), ("0305", "郑家院子"), ("0306", "文化宫"),
          ("0307", "南坪"), ("0308", "工贸"), ("0309", "铜元局"), ("0310", "长江路"), ("0311", "人民广场"), ("0312", "滨江大道"),
          ("0313", "四公里"), ("0314", "南湖"), ("0315", "科学城"), ("0316", "鱼洞")),
    "4": (("0401", "民安大道"), ("0402", "仙桃数据谷"), ("0403", "重光"), ("0404", "保税港"), ("0405", "头塘"), ("0406", "寸滩"),
          ("0407", "黑石子"), ("0408", "复盛"), ("0409", "石船"), ("0410", "唐家沱")),
}
STATION_NAMES = {code: name for stations in LINES.values() for code, name in stations}
NEW_STATION, NEW_STATION_NAME = "0421", "临江门"
STATION_NAMES[NEW_STATION] = NEW_STATION_NAME
#: (lat, lon) of the stations the risk lines name (the new one as stored: 0, 0).
COORDS = {"0206": (29.575610, 106.531820), "0208": (29.557340, 106.576930), "0311": (29.557910, 106.577410),
          "0306": (29.562480, 106.551270), "0401": (29.611870, 106.498020), "0404": (29.617310, 106.622850),
          "0410": (29.637720, 106.663420), "0103": (29.558170, 106.577210), "0302": (29.618560, 106.554830)}
NEW_STATION_TRUE = (29.566120, 106.587340)
LINE1 = tuple(code for code, _ in LINES["1"])
GATES_PER_L1_STATION = (30, 22, 28, 26, 24, 18, 22, 20, 26, 24, 22, 20, 22, 22)  # 326 gates on line 1


def fare_for(km: float) -> int:
    """The fare table FT-2027-03: ¥2 to 6 km, ¥3 to 11, ¥4 to 17, ¥5 to 24, ¥6 to 32, then ¥1 per 10 km (¥9 at most)."""
    for limit, fare in ((6, 2), (11, 3), (17, 4), (24, 5), (32, 6)):
        if km <= limit:
            return fare
    return min(6 + math.ceil((km - 32) / 10), 9)


# --- (1) a closed transfer link removed from the path finder -------------------------------------------
NET_IMPORT = ("network data NET-2027-04 r3 imported by fare_data_qinlan (施工公告 CN-0421: 人民广场 2/3 号线换乘通道 04-21 起封闭改造，"
              "换乘改经站厅): link T-0208-0311 (0208 人民广场 L2 <-> 0311 人民广场 L3, transfer) status open -> closed")
MATRIX_BUILD = ("fare-matrix-build: FM-20270421 built from NET-2027-04 r3 (fare table FT-2027-03): 2,145 OD pairs, links "
                "excluded: T-0208-0311 (closed); 96 OD pairs changed fare vs FM-20270420 (+¥1: 88, +¥2: 8); effective op day "
                "2027-04-21")
FARE_DECOY = ("[nacos] config changed: dataId=gd-fare.yaml group=FARE key=fare.cache.ttl-sec old=300 new=600 "
              "operator=fare_dev_zhuyi md5=4f2a9c1e7b30")
NET_FIX = ("network data NET-2027-04 r4 imported by fare_data_qinlan: link T-0208-0311 status closed -> open (attribute "
           "walk_via_concourse, transfer time +6 min, fare distance unchanged)")
MATRIX_FIX = ("fare-matrix-build: FM-20270421-2 built from NET-2027-04 r4 (fare table FT-2027-03): 2,145 OD pairs, links "
              "excluded: none; 96 OD pairs changed fare vs FM-20270421; activated 09:45")
FARE_REFUND = ("refund job RF-0421 by fare_ops_linxi: 12,406 trips on the 96 changed OD pairs charged under FM-20270421 refunded "
               "the difference (¥13,870.00)")
TRIP_LINE = "trip {trip} account {acct} {o} {on} -> {d} {dn} fare ¥{f:.2f} ({mx}, {km:.1f} km{via})"
DISPUTE = "fare dispute {d} by account {acct}: {on} -> {dn} charged ¥{f:.2f}, usually ¥{u:.2f} (trip {trip})"
#: (origin, destination, km and fare through 人民广场, km and fare round via 东门 and 文化宫).
AFFECTED = (("0202", "0315", 12.6, 4, 19.4, 5), ("0201", "0312", 10.8, 3, 17.6, 5), ("0206", "0314", 9.7, 3, 16.5, 4),
            ("0207", "0316", 15.2, 4, 22.0, 5))
VIA_DIRECT, VIA_DETOUR = ", via 0208 人民广场", ", via 0204 东门, 0102 文化宫"

# --- (2) the drill's emergency release left unregistered --------------------------------------------------
DRILL_ON = ("SC-0312 滨江大道: gate arrays A/B mode NORMAL -> EMERGENCY_RELEASE by station_op_fenglei (消防演练 YL-0420-0312, "
            "drill=true)")
DRILL_SUPPRESSED = "SC-0312 滨江大道: degraded-mode report to line centre not sent (drill=true)"
DRILL_FREE = "SC-0312 滨江大道: gate {g} free passage, {n} exits without ticket read (EMERGENCY_RELEASE)"
DRILL_OFF = ("SC-0312 滨江大道: gate arrays A/B mode EMERGENCY_RELEASE -> NORMAL by station_op_fenglei (演练结束 YL-0420-0312)")
ROLLOVER = ("op-day rollover 2027-04-20 closed: 1,883,412 trips matched; degraded-mode periods registered: 0; 331 entries "
            "without exit marked UNFINISHED (line 3: 296, others: 35)")
DENY = ("entry {st} {name} gate {g} account {acct}: DENIED UNFINISHED_TRIP (last trip entry {est} {ename} 2027-04-20 "
        "{clock}, no exit) -> 请至客服中心处理")
QR_DEPLOY = ("deploy finished: gd-qr-verify 3.12.1 (was 3.12.0) rolled out by ci-bot pipeline=#5512; changes: 验码耗时埋点, "
             "日志脱敏")
DRILL_REGISTER = ("degraded-mode period DM-0312-0420 registered late by station_op_fenglei: 0312 滨江大道 2027-04-20 22:41-23:05 "
                  "EMERGENCY_RELEASE (消防演练 YL-0420-0312)")
DRILL_CLOSED = ("re-closed 287 UNFINISHED trips of op day 2027-04-20 as 降级免检出站 under DM-0312-0420 (exit 0312 滨江大道); "
                "unfinished flags cleared")
DRILL_ACCOUNTS = 287

# --- (3) one autoscaled node with a pids limit of 256 -----------------------------------------------------
BAD_NODE = "gd-k8s-node-09"
PSU_NODE = "gd-k8s-node-04"
SCALE_UP = ("cluster-autoscaler: scale-up node group np-rush 0 -> 1 for 3 unschedulable pods (gd-gate-gw), launch template "
            "lt-rush-v3")
NODE_JOIN = ("kubelet[1187]: node gd-k8s-node-09 registered (node pool np-rush, launch template lt-rush-v3); "
             "KubeletConfiguration podPidsLimit=256, maxPods=58")
FORK_REJECTED = ("kernel: cgroup: fork rejected by pids controller in /kubepods.slice/kubepods-burstable.slice/"
                 "kubepods-burstable-pod{uid}.slice")
GW_BOOT = "GateGateway 5.3.2 started in {s} seconds: netty workers 32, verify pool core 64 max 200, station sessions 0"
GW_LOAD = "station sessions {n}, live threads {th}, verify pool active {a}"
GW_OOM = ("java.lang.OutOfMemoryError: unable to create native thread: possibly out of memory or process/resource limits "
          "reached (verify-pool-{k}, live threads {th})")
GW_EXIT = "Terminating due to java.lang.OutOfMemoryError: unable to create native thread (-XX:+ExitOnOutOfMemoryError)"
GW_HEARTBEAT = ("[nacos] config changed: dataId=gd-gate-gw.yaml group=GW key=gw.station.heartbeat-sec old=10 new=15 "
                "operator=gw_dev_chenhao md5=9a0c3e5f1b27")
GW_CORDON = ("gw_oncall_lixin: kubectl cordon gd-k8s-node-09; HPA gd-gate-gw minReplicas 6 -> 12 so that nine replicas serve "
             "from node-01..08; the three pods on node-09 are kept for tonight's np-rush fix")
PSU_LINE = "ipmi: gd-k8s-node-04 PSU2 status failed (AC lost), power supply redundancy lost, running on PSU1; ticket HW-0421-03"

# --- (4) deductions merged under a 24 h window --------------------------------------------------------------
MERGE_ON = ("[nacos] config changed: dataId=gd-payment.yaml group=PAY key=payment.deduct.merge-window old=0 new=24h "
            "operator=pay_ops_huangli md5=2c81d07e5a9f (FIN-0420 合并扣款降低通道手续费)")
MERGE_OFF = ("[nacos] config changed: dataId=gd-payment.yaml group=PAY key=payment.deduct.merge-window old=24h new=0 "
             "operator=pay_ops_huangli md5=7e13b6a0c4d2")
MERGE_RUN = "merged deduction run (manual, after window reset): 71,406 pending trips of 39,882 accounts deducted, 214 failed"
PAY_DEPLOY = ("deploy finished: gd-payment 6.2.0 (was 6.1.4) rolled out by ci-bot pipeline=#5498; changes: 招行代扣回调验签, "
              "扣款流水导出")
PAY_WEIGHT = ("[nacos] config changed: dataId=gd-payment.yaml group=PAY key=payment.channel.alipay.weight old=40 new=50 "
              "operator=pay_ops_huangli md5=b5d2e98f1c06")
DEDUCT_OK = "deduct trip {trip} account {acct} ¥{f:.2f} via {chan} ok ({ms}ms)"
DEDUCT_QUEUED = "trip {trip} account {acct} ¥{f:.2f} queued for merged deduction (due 2027-04-21 12:00)"
ARREARS = ("POST /api/v2/ridecode 403 ARREARS account {acct}: {n} unpaid trips (oldest 2027-04-20 {clock}) >= "
           "app.ridecode.arrears-threshold 2, code refused (请先补缴未支付行程)")
APP_DEPLOY = ("deploy finished: gd-app-api 7.4.0 (was 7.3.2) rolled out by ci-bot pipeline=#5487; changes: 行程页改版, "
              "乘车码亮度自动调节")

# --- (5) a full blacklist through thin station links ---------------------------------------------------------
BL_RECEIVED = ("blacklist BL-20270421 received from CTC (城市一卡通): type FULL, 1,912,440 entries, 38.2 MB (BL-20270420: "
               "type DELTA, 3,218 entries, 214 KB)")
PKG_BUILT = ("param package P-20270421-01 built: fare table FT-2027-03, station table S-2027-04, blacklist BL-20270421; "
             "38.6 MB per device")
PKG_START = ("param package P-20270421-01 distribution started: 2,914 devices (gates, TVMs) at 173 stations; each device "
             "pulls its own copy through its station SC")
PKG_PROGRESS = "distribution P-20270421-01: {done}/2914 devices done; line 1: {l1}/{l1n} done, slowest {st} {name} {mbps:.2f} Mbps"
PKG_PAUSE = ("param_oncall_heyu: distribution P-20270421-01 paused for line 1 stations, per-station rate limit 512 kbps; line 1 "
             "devices resume after 10:00")
PKG_RESUME = "distribution P-20270421-01 resumed for line 1 stations at 512 kbps per station"
PKG_DONE = "distribution P-20270421-01 finished: 2914/2914 devices on P-20270421-01"
CTC_NOTICE = ("CTC notice (城市一卡通 运维): 04-20 夜间黑名单系统迁移，BL-20270421 误发为全量名单；04-22 起恢复增量")
GW_TIMEOUT = ("station {st} {name}: online verify via SC-{st} timed out (800 ms), {k} gates switched to OFFLINE mode "
              "(offline code check, transactions kept on the gates)")
GW_BACK = "station {st} {name}: {k} gates back ONLINE, {n} offline transactions uploaded"
UPLINK = "SC-{st} {name}: uplink 2 Mbps utilisation {u}%, RTT {rtt} ms"
GW_DEPLOY = ("deploy finished: gd-gate-gw 5.3.2 (was 5.3.1) rolled out by ci-bot pipeline=#5491; changes: 车站连接数监控, "
             "日志字段统一")
GATE_OFFLINE_PEAK = 318
GATE_OFFLINE_ALERT = "120 台"

# --- (6) the vendor's test replay skews the clearing job ------------------------------------------------------
REPLAY_CONNECT = ("producer client.id ht-replay (10.31.8.17, user afc-vendor-ht) connected, topic afc.txn.settle")
REPLAY_DONE = "producer ht-replay: 1,204,880 records to afc.txn.settle in 11m15s (peak 1,790 msg/s)"
CLR_DEPLOY = ("deploy finished: gd-clearing 2.9.4 (was 2.9.3) rolled out by ci-bot pipeline=#5495; changes: 清分报表模板, "
              "银行对账文件命名")
CLR_START = ("clearing job CLR-20270420 started: op day 2027-04-20, input afc.txn.settle 4,931,207 records (7-day average "
             "3.72M), 120 executors")
CLR_STAGE = ("CLR-20270420 stage 7 (groupBy card_id, 200 tasks): 199/200 done, task 143 running {m} min, shuffle read 9.6 GB "
             "(median task 41 MB)")
CLR_SLA = "settlement files SETTLE-20270420 for ICBC, CMB, CTC not ready at SLA 06:00 (job CLR-20270420 in stage 7)"
CLR_FINDING = ("clearing_oncall_qianlu: stage 7 的 task 143 跑了五个多小时；card_id TEST-0000000001 有 1,204,880 条记录（发卡方 "
               "HT-TEST），其余卡最多 212 条")
CLR_RERUN = ("CLR-20270420 killed by clearing_oncall_qianlu; rerun CLR-20270420-r2 with filter issuer != HT-TEST "
             "(1,204,880 records of card TEST-0000000001 set aside)")
CLR_VENDOR = ("华腾 (gate vendor HT) confirmed: replay tool ht-replay pointed at production afc.txn.settle at 23:30 by mistake "
              "(meant for staging), tool disabled")
CLR_DONE = ("CLR-20270420-r2 finished in 52 min: 3,726,327 records, 0 rejects; SETTLE-20270420 delivered to ICBC, CMB, CTC "
            "(2h32m after SLA)")

# --- (7) a patch cable looped on one station's access switch ----------------------------------------------------
PIS_CHECKIN = ("PIS vendor 汇显 contractor checked in at 0301 火车北站 equipment room, work order PIS-0421-07 (站台新增显示屏"
               "布线)")
MACFLAP = ("SW-0301-A: %SW_MATM-4-MACFLAP_NOTIF: Host {mac} in vlan 30 is flapping between port Gi1/0/23 and port "
           "Gi1/0/24")
STORM = "SW-0301-A: Gi1/0/23 input broadcast {a} pps, Gi1/0/24 input broadcast {b} pps (storm-control not configured)"
SC_LOST = "SC-0301 火车北站: heartbeat lost to {k} gates, SC CPU {c}% (softirq)"
LOOP_FIX = ("station_op_qiuyan: 汇显施工人员把一根跳线两端插在 SW-0301-A 的 Gi1/0/23 与 Gi1/0/24 上，已拔除；闸机陆续恢复")
LOOP_BACK = "SC-0301 火车北站: 26 gates online, 1,318 offline transactions uploaded"
STATION_DECOY = ("[nacos] config changed: dataId=gd-station.yaml group=STATION key=station.gate.alarm-volume old=6 new=4 "
                 "operator=station_ops_mali md5=0d6b3f8e2a14")

# --- (8) the transactions topic doubled its partitions under a keyed stream --------------------------------------
PARTITIONS = ("topic afc.txn partitions increased 24 -> 48 by mq_ops_zhaojun (ticket MQ-0421: trip-matcher consumer lag "
              "180k in the rush); producers key by account_id")
REBALANCE = ("consumer group trip-matcher rebalanced: 6 members, afc.txn partitions 0-47 (was 0-23); entry state is kept per "
             "partition")
NO_ENTRY = ("exit {st} {name} gate {g} account {acct} (afc.txn-{p}): no entry record in partition state -> MAX_FARE ¥9.00 "
            "pending 补登")
TRIP_DECOY = ("[nacos] config changed: dataId=gd-trip.yaml group=TRIP key=trip.match.same-station-min old=5 new=10 "
              "operator=trip_dev_shenkai md5=61c0e4a7d9b2")
REMATCH = ("trip_dev_shenkai: re-match job RM-0421 matched 21,634 MAX_FARE exits against entries in afc.txn partitions 0-23 "
           "written before 07:38:20; max fares reversed, the right fares charged")
NO_ENTRY_PEAK = 2417
NO_ENTRY_ALERT = "350 笔/5分钟"

# --- (9) a new station at 0.000000, 0.000000 ------------------------------------------------------------------------
STN_IMPORT = ("station master data STN-2027-04 imported by line_data_wujing from stn_2027_04.xlsx: +1 station 0421 临江门 "
              "(line 4 extension, revenue service from 2027-04-21 06:00, 16 gates, 4 TVMs); 2 empty cells defaulted to "
              "0.000000 (lat, lon of 0421)")
STN_OPEN = "station 0421 临江门 opened for revenue service (line 4 extension): 16 gates, 4 TVMs online"
FREEZE = ("rule IMPOSSIBLE_SPEED hit account {acct}: {a} {an} {t1} ({la1:.6f}, {lo1:.6f}) -> {b} {bn} {t2} ({la2:.6f}, "
          "{lo2:.6f}), {km:,.0f} km in {m} min = {kmh:,.0f} km/h > 120 km/h; account FROZEN (ride code suspended)")
RISK_DECOY = ("[nacos] config changed: dataId=gd-risk.yaml group=RISK key=risk.rule.share-scan.window-sec old=120 new=90 "
              "operator=risk_dev_gaoyu md5=c3a7f5d10e98")
STN_FIX = ("station master data STN-2027-04 r2 imported by line_data_wujing: 0421 临江门 lat 0.000000 -> 29.566120, lon "
           "0.000000 -> 106.587340")
UNFREEZE = ("risk_ops_yangfan: unfroze 1,947 accounts frozen by IMPOSSIBLE_SPEED on trips touching 0421 since 06:00 "
            "(RISK-0421-01)")
RISK_FROZEN_APP = "POST /api/v2/ridecode 403 RISK_FROZEN account {acct}: ride code suspended by gd-risk at {clock}"

# --- (10) a pool size removed as unreferenced ------------------------------------------------------------------------
POOL_REMOVED = ("[nacos] config removed: dataId=gd-card.yaml group=CARD key=card.topup.host.pool.max-total (was 64) "
                "operator=card_dev_lvyuan md5=e04b7c2f9a18 (CFG-CLEAN-0420 清理未引用配置项)")
POOL_RESTORED = ("[nacos] config changed: dataId=gd-card.yaml group=CARD key=card.topup.host.pool.max-total old=(none) new=64 "
                 "operator=card_dev_lvyuan md5=5f9e1a3c7b62")
POOL_STATS = "pool ctc-topup: maxTotal {mx}, active {a}, idle {i}, waiters {wt}, mean borrow wait {bw} ms"
TOPUP_OK = "topup {tx} card {card} ¥{amt} via {chan} ok (CTC host {ms}ms)"
TOPUP_FAIL = ("topup {tx} card {card} ¥{amt} via {chan} failed: java.util.NoSuchElementException: Timeout waiting for idle "
              "object (pool ctc-topup, borrow wait 3000 ms)")
CARD_DEPLOY = ("deploy finished: gd-card 4.1.2 (was 4.1.1) rolled out by ci-bot pipeline=#5501; changes: 充值凭条文案, "
               "卡交易上传批量")
TOPUP_PEAK = 38.4
TOPUP_ALERT = "6.2%"

# --- healthy services' changes ------------------------------------------------------------------------------------
INVOICE_CONFIG = ("[nacos] config changed: dataId=gd-invoice.yaml group=INVOICE key=invoice.batch.size old=200 new=500 "
                  "operator=invoice_dev_wenjie md5=8c2d4e6f0a13")
TVM_DEPLOY = ("deploy finished: gd-tvm 3.3.0 (was 3.2.7) rolled out by ci-bot pipeline=#5484; changes: 单程票找零日志, 钱箱报表")

# --- pods, nodes ------------------------------------------------------------------------------------------------------
GW_OLD = pod_names("gd-gate-gw", "5.3.1", 6)
GW_ALL = pod_names("gd-gate-gw", "5.3.2", 12)
GW_BASE = GW_ALL[0:6]
#: The HPA's three rush replicas: the autoscaler's new node-09 takes them.
ON_BAD_NODE = GW_ALL[6:9]
#: The three added at 08:35 when the HPA floor went to 12, on node-01..08.
GW_EXTRA = GW_ALL[9:12]

ROLLOUTS: dict[str, list[tuple[dt.datetime, tuple[str, ...]]]] = {
    "gd-gate-gw": [(START, GW_OLD), (_t("04:11:00"), GW_BASE), (_t("08:36:00"), GW_BASE + GW_EXTRA)],
    "gd-qr-verify": [(START, pod_names("gd-qr-verify", "3.12.0", 4)), (_t("05:11:00"), pod_names("gd-qr-verify", "3.12.1", 4))],
    "gd-trip": [(START, pod_names("gd-trip", "4.7.0", 6))],
    "gd-fare": [(START, pod_names("gd-fare", "2.15.3", 3))],
    "gd-payment": [(START, pod_names("gd-payment", "6.1.4", 4)), (_t("01:21:00"), pod_names("gd-payment", "6.2.0", 4))],
    "gd-app-api": [(START, pod_names("gd-app-api", "7.3.2", 6)), (_t("00:41:00"), pod_names("gd-app-api", "7.4.0", 6))],
    "gd-risk": [(START, pod_names("gd-risk", "3.4.1", 3))],
    "gd-param": [(START, pod_names("gd-param", "1.8.2", 2))],
    "gd-clearing": [(START, pod_names("gd-clearing", "2.9.3", 2)), (_t("00:51:00"), pod_names("gd-clearing", "2.9.4", 2))],
    "gd-card": [(START, pod_names("gd-card", "4.1.1", 4)), (_t("01:06:00"), pod_names("gd-card", "4.1.2", 4))],
    "gd-station": [(START, pod_names("gd-station", "2.6.0", 3))],
    "gd-tvm": [(START, pod_names("gd-tvm", "3.2.7", 2)), (_t("00:31:00"), pod_names("gd-tvm", "3.3.0", 2))],
    "gd-invoice": [(START, pod_names("gd-invoice", "1.12.4", 2))],
}
GENERAL_NODES = [f"gd-k8s-node-{n:02d}" for n in range(1, 9)]
NODES = [*GENERAL_NODES, BAD_NODE]
BROKERS = ("kafka-broker-1", "kafka-broker-2", "kafka-broker-3")
INSTANCES: dict[str, list[str]] = {service: list(steps[-1][1]) for service, steps in ROLLOUTS.items()} | {
    "gd-k8s-node": NODES, "gd-mq": list(BROKERS)}


def node_of(pod: str) -> str:
    """The three rush replicas of the gateway on node-09; every other pod on node-01..08."""
    if pod in ON_BAD_NODE:
        return BAD_NODE
    return GENERAL_NODES[int(hashlib.sha256(pod.encode()).hexdigest(), 16) % len(GENERAL_NODES)]


SERVICES: list[Json] = [
    {"name": "gd-gate-gw", "aliases": ["闸机接入网关", "闸机网关", "接入网关", "闸机", "验票网关"],
     "description": "闸机接入网关（Java/Netty，HPA 6–12 个副本）：173 个车站的车站计算机 SC 与它保持长连接；闸机扫码的在线验码经它转到 "
                    "gd-qr-verify，闸机交易经它写入 Kafka afc.txn（按 account_id 分区）。车站到中心的专线同时承载验码请求与 "
                    "gd-param 的参数下发，1 号线老站为 2 Mbps MSTP 专线，其余线路 100 Mbps；在线验码超时（800 ms）的闸机转入离线模式。"},
    {"name": "gd-qr-verify", "aliases": ["验码", "乘车码验码", "扫码进站", "验码服务", "二维码"],
     "description": "乘车码在线验码（4 个副本）：校验 App 乘车码签名与有效期；进站时查 gd-trip 的未完成行程（UNFINISHED），有未完成"
                    "行程的拒绝进站，请乘客到客服中心处理。"},
    {"name": "gd-trip", "aliases": ["行程匹配", "行程", "出站扣费", "进出站匹配", "补登"],
     "description": "行程匹配（6 个副本，Kafka 消费组 trip-matcher）：消费 afc.txn 的进出站交易，进站记录按分区保存在各消费者的本地"
                    "状态里，出站时匹配进站并向 gd-fare 取票价，交 gd-payment 扣款；找不到进站记录的按单程最高票价 ¥9.00 挂账待"
                    "补登。每天 04:00 运营日切换时，没有出站的行程标为 UNFINISHED，降级模式期间（车站系统登记的紧急放行等）的"
                    "行程自动免检出站。"},
    {"name": "gd-fare", "aliases": ["票价", "票价计算", "计费", "票价表", "线网"],
     "description": "票价计算（3 个副本）：按线网拓扑（站点、区间、换乘通道 link）求最短路径里程，按票价表 FT-2027-03 计价；每晚 "
                    "03:30 fare-matrix-build 生成当天的 OD 票价矩阵（FM-yyyymmdd）。"},
    {"name": "gd-payment", "aliases": ["扣款", "代扣", "免密支付", "支付", "扣款服务"],
     "description": "扣款（4 个副本）：出站后按行程经微信、支付宝、银行免密代扣扣款；可配置合并扣款窗口 "
                    "payment.deduct.merge-window（0 为逐笔扣款）。"},
    {"name": "gd-app-api", "aliases": ["App", "App 后端", "乘车码", "出码", "轨达 App"],
     "description": "轨达 App 后端（6 个副本）：生成乘车码、行程记录、票价申诉；账户未支付行程达到 app.ridecode.arrears-threshold"
                    "（2 笔）或被 gd-risk 冻结时拒绝出码。扣款由 gd-payment 完成。"},
    {"name": "gd-risk", "aliases": ["风控", "风险控制", "冻结", "风控规则"],
     "description": "风控（3 个副本）：按刷码记录识别共享乘车码（share-scan）与不可能速度（IMPOSSIBLE_SPEED：相邻两次刷码的站点"
                    "直线距离除以时间超过 120 km/h），命中即冻结乘车码；站点坐标取自 gd-station 的车站主数据。"},
    {"name": "gd-param", "aliases": ["参数下发", "参数", "黑名单下发", "参数包"],
     "description": "参数下发（2 个副本）：把票价表、车站表和 城市一卡通（CTC）每天 04:30 发来的交通卡黑名单打成参数包，05:00 起下发到"
                    "各站闸机与售票机（每台设备经本站 SC 各自拉取）。"},
    {"name": "gd-clearing", "aliases": ["清分", "清分结算", "结算", "对账", "结算文件"],
     "description": "清分结算（Spark 作业，驱动 2 个副本）：每天 01:30 按运营日对 afc.txn.settle 做清分，06:00 前把结算文件 "
                    "SETTLE-yyyymmdd 交给工行、招行与 城市一卡通。"},
    {"name": "gd-card", "aliases": ["交通卡", "一卡通", "充值", "卡充值", "圈存"],
     "description": "交通卡（4 个副本）：售票机与 App NFC 的交通卡充值，经连接池 ctc-topup（commons-pool2）调 城市一卡通 的圈存前置；"
                    "卡交易上传。"},
    {"name": "gd-station", "aliases": ["车站系统", "车站计算机", "SC", "车站", "站务", "车站主数据"],
     "description": "车站系统（中心 3 个副本 + 各站车站计算机 SC-xxxx）：闸机阵列模式（正常、紧急放行）、降级模式登记、车站主数据"
                    "（站点、坐标、开通时间）、车站交换机日志汇聚。"},
    {"name": "gd-mq", "aliases": ["Kafka", "消息队列", "MQ", "afc.txn"],
     "description": "云 Kafka 集群（3 个 broker，集群外托管）：topic afc.txn（闸机交易，按 account_id 作 key）、afc.txn.settle"
                    "（清分输入）。"},
    {"name": "gd-tvm", "aliases": ["售票机", "售票机后台", "TVM", "自动售票机"],
     "description": "售票机后台（2 个副本）：单程票发售、钱箱与设备状态；售票机上的交通卡充值直接走 gd-card，不经过这里。"},
    {"name": "gd-invoice", "aliases": ["发票", "电子发票", "开票"],
     "description": "电子发票（2 个副本）：乘客按行程开具电子发票，对接税务平台。"},
    {"name": "gd-k8s-node", "aliases": ["K8s 节点", "节点", "工作节点"],
     "description": "集群 gd-prod 的节点：gd-k8s-node-01..08（通用节点池），gd-k8s-node-09（np-rush，早高峰由 cluster-autoscaler "
                    "按需加入）。"},
]

WINDOWS = {
    "fare": (_t("05:30"), _t("09:45:30")),
    "drill": (_t("05:40"), _t("09:30:10")),
    "pids": (_t("07:20"), REFERENCE),
    "merge": (_y("19:30:10"), _t("08:55:10")),
    "blacklist": (_t("05:05"), _t("06:20")),
    "clearing": (_t("06:00"), _t("08:32:30")),
    "loop": (_t("08:12"), _t("08:55:10")),
    "partitions": (_t("07:38:20"), _t("08:50:10")),
    "coords": (_t("06:10"), _t("09:20:10")),
    "pool": (_t("07:25"), _t("09:05:10")),
}


def _inside(window: str, t: dt.datetime) -> bool:
    a, b = WINDOWS[window]
    return a <= t < b


def _open(t: dt.datetime) -> bool:
    """Revenue service: to 23:30 the evening before, from 05:30 on the day."""
    clock = t.timetz().replace(tzinfo=None)
    return clock < dt.time(23, 30) if t.date() == EVE else clock >= dt.time(5, 30)


# --- Business vocabulary -------------------------------------------------------------------------------------------
Line = tuple[str, str, dict[str, Any]]
CHANNELS = ("wechat", "alipay", "icbc", "cmb")
TOPUP_CHANNELS = ("TVM", "App NFC")


def _acct(w: WorldBuilder) -> str:
    return f"A{w.rng.randint(10**8, 10**9 - 1)}"


def _trip_id(w: WorldBuilder) -> str:
    return f"T{w.rng.randint(10**9, 10**10 - 1)}"


def _card(w: WorldBuilder) -> str:
    return f"3100{w.rng.randint(10**11, 10**12 - 1)}"


def _gate(w: WorldBuilder, station: str) -> str:
    return f"{station}-{w.rng.choice('AB')}{w.rng.randint(1, 12):02d}"


def _station(w: WorldBuilder, t: dt.datetime, *, line: str | None = None) -> str:
    """A station open at ``t``, away from the incidents' stations while they are dark."""
    codes = [code for code, _ in LINES[line]] if line else list(STATION_NAMES)
    codes = [c for c in codes if c != NEW_STATION or t >= _t("06:00")]
    if _inside("blacklist", t):
        codes = [c for c in codes if c not in LINE1] or codes
    if _inside("loop", t):
        codes = [c for c in codes if c != "0301"] or codes
    return w.rng.choice(codes)


def _pod(w: WorldBuilder, service: str, t: dt.datetime) -> str:
    pods = ROLLOUTS[service][0][1]
    for moment, step in ROLLOUTS[service]:
        if moment <= t:
            pods = step
    return w.rng.choice(pods)


def _matrix(t: dt.datetime) -> str:
    if t < _t("04:00"):
        return "FM-20270420"
    return "FM-20270421" if t < WINDOWS["fare"][1] else "FM-20270421-2"


def _same_line_trip(w: WorldBuilder, t: dt.datetime) -> tuple[str, str, float, int]:
    line = w.rng.choice(("1", "2", "3", "4"))
    stations = LINES[line]
    i, j = w.rng.sample(range(len(stations)), 2)
    km = round(abs(i - j) * w.rng.uniform(1.1, 1.6), 1)
    return stations[i][0], stations[j][0], km, fare_for(km)


# --- Noise: every service's ordinary day --------------------------------------------------------------------------
def _gate_gw(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "gd-gate-gw", t)
    roll = w.rng.random()
    if not _open(t):
        if roll < 0.7:
            return "INFO", "station sessions 173/173, night mode (gates closed), heartbeats ok", {"instance": pod}
        return "INFO", f"SC-{_station(w, t)} night self-check ok, {w.rng.randint(12, 30)} gates idle", {"instance": pod}
    st = _station(w, t)
    if roll < 0.45:
        return "INFO", f"verify relay {st} {STATION_NAMES[st]} gate {_gate(w, st)}: QR ok took={w.ms(8, 60)}ms", {
            "instance": pod, "log_type": "access"}
    if roll < 0.75:
        return "INFO", f"txn batch from SC-{st}: {w.rng.randint(20, 400)} gate transactions -> afc.txn", {"instance": pod}
    if roll < 0.9:
        return "INFO", f"station sessions {w.rng.randint(171, 173)}/173, verify p99 {w.ms(40, 160)}ms", {"instance": pod}
    if roll < 0.985:
        return "WARN", f"SC-{st} heartbeat late {w.ms(1200, 4000)}ms, session kept", {"instance": pod}
    return "ERROR", f"gate {_gate(w, st)} reported card reader fault E{w.rng.randint(201, 219)}, gate set to exit-only", {
        "instance": pod}


def _qr_verify(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "gd-qr-verify", t)
    roll = w.rng.random()
    if not _open(t):
        return "INFO", f"signing key cache refreshed: {w.rng.choice([3, 3, 4])} active keys (kid app-2027q2)", {"instance": pod}
    st = _station(w, t)
    if roll < 0.7:
        kind = w.rng.choice(("entry", "exit"))
        return "INFO", (f"{kind} {st} {STATION_NAMES[st]} gate {_gate(w, st)} account {_acct(w)}: code ok (sig v3) "
                        f"took={w.ms(4, 30)}ms"), {"instance": pod, "log_type": "access"}
    if roll < 0.92:
        return "INFO", f"verify stats: {w.rng.randint(300, 2400)} codes/10s, cache hit {w.rng.randint(96, 99)}%", {"instance": pod}
    if roll < 0.995:
        return "WARN", (f"entry {st} gate {_gate(w, st)}: code generated {w.rng.randint(61, 240)}s ago > 60s, rider asked to "
                        "refresh"), {"instance": pod}
    return "ERROR", f"entry {st} gate {_gate(w, st)}: code signature invalid (screenshot edited?), rejected", {"instance": pod}


def _trip(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "gd-trip", t)
    roll = w.rng.random()
    if not _open(t):
        return "INFO", f"consumer trip-matcher idle, lag {w.rng.randint(0, 20)}, open entries {w.rng.randint(0, 400)}", {
            "instance": pod}
    if roll < 0.6:
        o, d, km, fare = _same_line_trip(w, t)
        return "INFO", TRIP_LINE.format(trip=_trip_id(w), acct=_acct(w), o=o, on=STATION_NAMES[o], d=d, dn=STATION_NAMES[d],
                                        f=fare, mx=_matrix(t), km=km, via=""), {"instance": pod}
    if roll < 0.85:
        return "INFO", f"consumer trip-matcher lag {w.rng.randint(100, 9000)}, open entries {w.rng.randint(20_000, 160_000)}", {
            "instance": pod}
    if roll < 0.99:
        st = _station(w, t)
        return "WARN", f"exit {st} {STATION_NAMES[st]}: same-station exit within 5 min, fare ¥2.00 (同站进出)", {"instance": pod}
    return "ERROR", "fare call to gd-fare timed out after 200ms, retry 1/3 ok", {"instance": pod}


def _fare(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "gd-fare", t)
    roll = w.rng.random()
    if roll < 0.55 and _open(t):
        o, d, km, fare = _same_line_trip(w, t)
        return "INFO", f"fare query {o} -> {d}: ¥{fare:.2f} ({_matrix(t)}, {km:.1f} km) took={w.ms(1, 6)}ms", {
            "instance": pod, "log_type": "access"}
    if roll < 0.9:
        return "INFO", f"matrix {_matrix(t)} cache hit ratio {w.rng.uniform(99.0, 99.9):.1f}%, entries 2145", {"instance": pod}
    return "WARN", f"fare query for unknown station 09{w.rng.randint(10, 99)} rejected (test gate?)", {"instance": pod}


def _payment(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "gd-payment", t)
    roll = w.rng.random()
    if not _open(t):
        return "INFO", f"channel {w.rng.choice(CHANNELS)} reconciliation slice ok ({w.rng.randint(200, 4000)} records)", {
            "instance": pod}
    fare = w.rng.choice((2, 3, 3, 4, 4, 5, 6))
    if roll < 0.65:
        if _inside("merge", t):
            return "INFO", DEDUCT_QUEUED.format(trip=_trip_id(w), acct=_acct(w), f=fare), {"instance": pod}
        return "INFO", DEDUCT_OK.format(trip=_trip_id(w), acct=_acct(w), f=fare, chan=w.rng.choice(CHANNELS),
                                        ms=w.ms(80, 400)), {"instance": pod}
    if roll < 0.9:
        return "INFO", f"channel {w.rng.choice(CHANNELS)} callback ok, {w.rng.randint(10, 300)} notifications", {"instance": pod}
    return "WARN", (f"deduct account {_acct(w)} via {w.rng.choice(CHANNELS)} declined: 余额不足, retry scheduled in 2h"), {
        "instance": pod}


def _app(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "gd-app-api", t)
    roll = w.rng.random()
    if roll < 0.45:
        return "INFO", f"POST /api/v2/ridecode 200 account {_acct(w)} took={w.ms(15, 70)}ms", {"instance": pod,
                                                                                             "log_type": "access"}
    if roll < 0.7:
        return "INFO", f"GET /api/v2/trips 200 account {_acct(w)} items={w.rng.randint(1, 20)} took={w.ms(10, 60)}ms", {
            "instance": pod, "log_type": "access"}
    if roll < 0.88:
        return "INFO", f"login ok account {_acct(w)} (App {w.rng.choice(['6.8.1', '6.8.2', '6.9.0'])})", {"instance": pod}
    if roll < 0.995:
        return "WARN", f"push token invalid for account {_acct(w)}, removed", {"instance": pod}
    return "ERROR", "station map tiles CDN 504, served cached tiles", {"instance": pod}


def _risk(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "gd-risk", t)
    roll = w.rng.random()
    if roll < 0.6:
        return "INFO", f"rules evaluated on {w.rng.randint(500, 9000)} taps in {w.ms(20, 90)}ms, hits 0", {"instance": pod}
    if roll < 0.9:
        return "INFO", f"share-scan window check: {w.rng.randint(100, 3000)} accounts ok", {"instance": pod}
    st = _station(w, t)
    return "WARN", (f"share-scan suspect account {_acct(w)}: same code at {st} and {_station(w, t)} within "
                    f"{w.rng.randint(20, 80)}s, queued for review"), {"instance": pod}


def _param(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "gd-param", t)
    version = "P-20270420-01" if t < _t("05:00") else "P-20270421-01"
    if w.rng.random() < 0.85:
        return "INFO", f"param version report: {w.rng.randint(2800, 2914)}/2914 devices on {version} or pending", {"instance": pod}
    return "WARN", f"device TVM-{_station(w, t)}-0{w.rng.randint(1, 4)} param checksum retry 1/3", {"instance": pod}


def _clearing(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "gd-clearing", t)
    roll = w.rng.random()
    if roll < 0.6:
        return "INFO", (f"bank reconciliation {w.rng.choice(['ICBC', 'CMB', 'CTC'])} file line check ok "
                        f"({w.rng.randint(1000, 90000)} lines)"), {"instance": pod}
    if roll < 0.92:
        return "INFO", f"history server: {w.rng.randint(3, 12)} applications retained, event logs {w.rng.randint(2, 9)} GB", {
            "instance": pod}
    return "WARN", f"bank CMB return file late by {w.rng.randint(5, 30)} min, polling", {"instance": pod}


def _card_noise(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "gd-card", t)
    roll = w.rng.random()
    if roll < 0.5 and _open(t):
        return "INFO", TOPUP_OK.format(tx=f"TU{w.rng.randint(10**8, 10**9 - 1)}", card=_card(w), amt=w.rng.choice((50, 100, 100, 200)),
                                       chan=w.rng.choice(TOPUP_CHANNELS), ms=w.ms(120, 480)), {"instance": pod}
    if roll < 0.85:
        return "INFO", f"card txn upload from SC-{_station(w, t)}: {w.rng.randint(40, 900)} records", {"instance": pod}
    return "WARN", f"card {_card(w)} on blacklist (reported lost), topup refused", {"instance": pod}


def _station_noise(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "gd-station", t)
    st = _station(w, t)
    roll = w.rng.random()
    if not _open(t):
        return "INFO", f"SC-{st} {STATION_NAMES[st]}: night mode, gates closed, {w.rng.randint(2, 6)} TVMs in maintenance", {
            "instance": pod}
    if roll < 0.55:
        return "INFO", f"SC-{st} {STATION_NAMES[st]}: {w.rng.randint(12, 30)} gates online, {w.rng.randint(2, 8)} TVMs online", {
            "instance": pod}
    if roll < 0.88:
        return "INFO", f"SC-{st} {STATION_NAMES[st]}: passenger flow {w.rng.randint(40, 2600)} entries/5min", {"instance": pod}
    return "WARN", f"SC-{st} {STATION_NAMES[st]}: gate {_gate(w, st)} door obstruction sensor triggered {w.rng.randint(3, 9)}x", {
        "instance": pod}


def _mq(w: WorldBuilder, t: dt.datetime) -> Line:
    broker = w.rng.choice(BROKERS)
    if w.rng.random() < 0.8:
        return "INFO", (f"{broker}: ISR ok, bytes in {w.rng.uniform(0.5, 24):.1f} MB/s, under-replicated 0"), {"instance": broker}
    return "WARN", f"{broker}: request queue time p99 {w.ms(40, 180)}ms", {"instance": broker}


def _tvm(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "gd-tvm", t)
    tvm = f"TVM-{_station(w, t)}-0{w.rng.randint(1, 6)}"
    roll = w.rng.random()
    if not _open(t):
        return "INFO", f"{tvm} daily close: cash box {w.rng.randint(20, 95)}%, tokens {w.rng.randint(200, 900)}", {"instance": pod}
    if roll < 0.6:
        return "INFO", (f"{tvm} sold {w.rng.randint(1, 4)} single-journey tokens ¥{w.rng.randint(2, 12)} "
                        f"({w.rng.choice(['cash', 'wechat', 'alipay'])})"), {"instance": pod}
    if roll < 0.88:
        return "INFO", f"{tvm} status ok, cash box {w.rng.randint(10, 90)}%, token hopper {w.rng.randint(100, 800)}", {"instance": pod}
    if roll < 0.95:
        return "WARN", f"{tvm} coin hopper low ({w.rng.randint(20, 49)} coins)", {"instance": pod}
    return "WARN", f"{tvm} banknote module jam, cleared by station staff in {w.rng.randint(1, 6)} min", {"instance": pod}


def _invoice(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "gd-invoice", t)
    roll = w.rng.random()
    if roll < 0.6:
        return "INFO", (f"e-invoice INV{w.rng.randint(10**9, 10**10 - 1)} issued for account {_acct(w)}: "
                        f"{w.rng.randint(1, 40)} trips ¥{w.rng.randint(4, 260)}"), {"instance": pod}
    if roll < 0.9:
        return "INFO", f"tax platform token refreshed, quota {w.rng.randint(6000, 9000)}/10000", {"instance": pod}
    return "WARN", f"e-invoice title for account {_acct(w)} has {w.rng.randint(60, 90)} chars, accepted after trim", {
        "instance": pod}


def _node(w: WorldBuilder, t: dt.datetime) -> Line:
    node = w.rng.choice(GENERAL_NODES)
    if w.rng.random() < 0.6:
        return "INFO", f"kubelet: image garbage collection: usage {w.rng.randint(20, 60)}% below threshold 80%", {"instance": node}
    return "INFO", f"chronyd: selected source ntp.gdmetro.local, offset {w.rng.uniform(-0.4, 0.4):.3f}ms", {"instance": node}


NOISE = {
    "gd-gate-gw": (_gate_gw, 30), "gd-qr-verify": (_qr_verify, 40), "gd-trip": (_trip, 35), "gd-fare": (_fare, 90),
    "gd-payment": (_payment, 50), "gd-app-api": (_app, 35), "gd-risk": (_risk, 90), "gd-param": (_param, 300),
    "gd-clearing": (_clearing, 300), "gd-card": (_card_noise, 60), "gd-station": (_station_noise, 60), "gd-mq": (_mq, 300),
    "gd-tvm": (_tvm, 90), "gd-invoice": (_invoice, 120), "gd-k8s-node": (_node, 600),
}


def _every(w: WorldBuilder, start: str | dt.datetime, end: str | dt.datetime, low: int, high: int) -> list[dt.datetime]:
    """Moments from ``start`` to ``end``, ``low``–``high`` seconds apart (clocks on the world's day)."""
    moment = start if isinstance(start, dt.datetime) else w.at(start)
    stop = end if isinstance(end, dt.datetime) else w.at(end)
    out = []
    while moment < stop:
        out.append(moment)
        moment += dt.timedelta(seconds=w.rng.randint(low, high), milliseconds=w.rng.randint(0, 999))
    return out


def _ops(w: WorldBuilder, moment: str | dt.datetime, service: str, message: str, **attributes: Any) -> None:
    """An on-call engineer's note in the service's channel (the ops console relays it to the logs)."""
    w.log(moment if isinstance(moment, dt.datetime) else w.at(moment), service, "INFO", message, instance="ops-console",
          trace=False, **attributes)


def _rolled(w: WorldBuilder, service: str, step: int, started: str) -> None:
    """The pods of a rollout step: each new pod says it started."""
    at = ROLLOUTS[service][step][0]
    old = ROLLOUTS[service][step - 1][1]
    for index, new in enumerate(ROLLOUTS[service][step][1]):
        if new in old:
            continue
        w.log(at + dt.timedelta(seconds=20 * index, milliseconds=w.rng.randint(0, 999)), service, "INFO",
              started.format(s=w.rng.randint(60, 260) / 10), instance=new, trace=False)


def _haversine(a: tuple[float, float], b: tuple[float, float]) -> float:
    la1, lo1, la2, lo2 = (math.radians(v) for v in (*a, *b))
    h = math.sin((la2 - la1) / 2) ** 2 + math.cos(la1) * math.cos(la2) * math.sin((lo2 - lo1) / 2) ** 2
    return 2 * 6371.0 * math.asin(math.sqrt(h))


# --- Incident 1: the closed transfer link ---------------------------------------------------------------------------
DISPUTES: Keyframes = [(START, 0), (_t("05:30"), 0), (_t("06:30"), 8), (_t("07:10"), 24), (_t("08:10"), 41), (_t("09:00"), 37),
                       (_t("09:40"), 30), (_t("09:55"), 6), (_t("10:30"), 2), (REFERENCE, 1)]


def fare_detour(w: WorldBuilder) -> None:
    fare, trip, app = "gd-fare", "gd-trip", "gd-app-api"
    pods = ROLLOUTS[fare][0][1]
    w.log(_y("21:40:10.204"), fare, "INFO", NET_IMPORT, instance=pods[0], change="data")
    w.log(_t("03:30:40.330"), fare, "INFO", MATRIX_BUILD, instance="fare-matrix-build", trace=False, job="fare-matrix-build")
    w.log(_t("06:40:10.441"), fare, "INFO", FARE_DECOY, instance=pods[1], change="config")
    fixed = WINDOWS["fare"][1]
    trips = (_every(w, START + dt.timedelta(minutes=20), _y("23:20"), 150, 420)
             + _every(w, "05:35", fixed, 25, 75) + _every(w, fixed + dt.timedelta(minutes=2), REFERENCE, 200, 500))
    overcharged: list[tuple[dt.datetime, str, str, str, int, int]] = []
    for moment in trips:
        o, d, km, price, detour_km, detour_price = w.rng.choice(AFFECTED)
        detour = WINDOWS["fare"][0] <= moment < fixed
        trip_id, acct = _trip_id(w), _acct(w)
        w.log(moment, trip, "INFO", TRIP_LINE.format(trip=trip_id, acct=acct, o=o, on=STATION_NAMES[o], d=d,
                                                     dn=STATION_NAMES[d], f=detour_price if detour else price,
                                                     mx=_matrix(moment), km=detour_km if detour else km,
                                                     via=VIA_DETOUR if detour else VIA_DIRECT),
              instance=_pod(w, trip, moment))
        if detour:
            overcharged.append((moment, trip_id, acct, f"{o}>{d}", detour_price, price))
    for moment, trip_id, acct, od, charged, usual in overcharged:
        if w.rng.random() < 0.35 and moment > _t("06:10"):
            o, d = od.split(">")
            w.log(moment + dt.timedelta(minutes=w.rng.randint(3, 25), seconds=w.rng.randint(0, 59)), app, "WARN",
                  DISPUTE.format(d=f"D{w.rng.randint(10**6, 10**7 - 1)}", acct=acct, on=STATION_NAMES[o], dn=STATION_NAMES[d],
                                 f=charged, u=usual, trip=trip_id),
                  instance=_pod(w, app, moment))
    _ops(w, "07:25:30.551", fare, "fare_oncall_linxi: 客服反馈望江路到科学城、北城到滨江大道等 2、3 号线之间的行程今早普遍多扣 1 到 2 元")
    w.log(_t("09:40:10.118"), fare, "INFO", NET_FIX, instance=pods[0], change="data")
    w.log(_t("09:45:30.204"), fare, "INFO", MATRIX_FIX, instance="fare-matrix-build", trace=False, job="fare-matrix-build")
    _ops(w, "10:20:05.330", fare, FARE_REFUND)
    w.alert("FareDisputesHigh", fare, "warning", _t("07:10"), _t("09:55"), "24 次/10分钟", "票价申诉 24 次/10分钟，超过阈值 20",
            namespace=NS)


# --- Incident 2: the drill's emergency release ----------------------------------------------------------------------
DENIED: Keyframes = [(START, 0), (_t("05:40"), 0), (_t("06:30"), 22), (_t("06:50"), 34), (_t("07:40"), 58), (_t("08:20"), 46),
                     (_t("09:28"), 18), (_t("09:32"), 0), (REFERENCE, 0)]


def drill_release(w: WorldBuilder) -> list[str]:
    station, trip, qr = "gd-station", "gd-trip", "gd-qr-verify"
    w.log(_y("22:41:05.118"), station, "INFO", DRILL_ON, instance="SC-0312", trace=False, change="ops")
    w.log(_y("22:41:05.904"), station, "INFO", DRILL_SUPPRESSED, instance="SC-0312", trace=False)
    for moment in _every(w, _y("22:42:00"), _y("23:05:00"), 90, 240):
        w.log(moment, station, "INFO", DRILL_FREE.format(g=f"0312-B0{w.rng.randint(1, 8)}", n=w.rng.randint(8, 31)),
              instance="SC-0312", trace=False)
    w.log(_y("23:05:40.204"), station, "INFO", DRILL_OFF, instance="SC-0312", trace=False, change="ops")
    w.log(_t("04:00:30.330"), trip, "INFO", ROLLOVER, instance="op-day-rollover", trace=False, job="op-day-rollover")
    w.log(_t("05:10:10.441"), qr, "INFO", QR_DEPLOY, instance=ROLLOUTS[qr][1][1][0], change="deploy")
    _rolled(w, qr, 1, "QrVerifyApplication 3.12.1 started in {s} seconds")
    accounts = [_acct(w) for _ in range(DRILL_ACCOUNTS)]
    entries = {acct: (w.rng.choice(("0305", "0306", "0307", "0308", "0309", "0310", "0311")),
                      _y("22:10:00") + dt.timedelta(seconds=w.rng.randint(0, 54 * 60))) for acct in accounts}
    denied: list[str] = []
    for moment in _every(w, WINDOWS["drill"][0], _t("09:29"), 40, 140):
        acct = accounts[len(denied) % len(accounts)]
        est, when = entries[acct]
        st = _station(w, moment, line=w.rng.choice(("2", "3", "4")))
        w.log(moment, qr, "WARN", DENY.format(st=st, name=STATION_NAMES[st], g=_gate(w, st), acct=acct, est=est,
                                              ename=STATION_NAMES[est], clock=f"{when:%H:%M:%S}"),
              instance=_pod(w, qr, moment))
        denied.append(acct)
    _ops(w, "07:30:40.551", qr, "qr_oncall_tangmin: 被拒的乘客大多说昨晚十点多从滨江大道出的站，当时闸机是敞开的")
    w.log(_t("09:30:10.118"), station, "INFO", DRILL_REGISTER, instance=ROLLOUTS[station][0][1][0], trace=False, change="data")
    w.log(_t("09:31:20.204"), trip, "INFO", DRILL_CLOSED, instance=ROLLOUTS[trip][0][1][0], trace=False)
    w.alert("QrEntryDeniedHigh", qr, "warning", _t("06:50"), _t("09:40"), "34 次/10分钟",
            "因未完成行程被拒进站 34 次/10分钟，超过阈值 30", namespace=NS)
    return denied


# --- Incident 3: node-09's pids limit -------------------------------------------------------------------------------
def crash_times() -> dict[str, list[tuple[dt.datetime, dt.datetime]]]:
    """Each rush replica on node-09: one run 07:07–07:20, then dies 40–70 s into each start; back-off 10 s doubling to 5 min."""
    out: dict[str, list[tuple[dt.datetime, dt.datetime]]] = {}
    for index, pod in enumerate(ON_BAD_NODE):
        runs = [(_t("07:07:30") + dt.timedelta(seconds=6 * index), _t("07:20:10") + dt.timedelta(seconds=37 * index))]
        backoff = 10
        start = runs[0][1] + dt.timedelta(seconds=backoff)
        k = 0
        while start < REFERENCE:
            crash = start + dt.timedelta(seconds=40 + (7 * index + 11 * k) % 31)
            if crash >= REFERENCE:
                break
            runs.append((start, crash))
            backoff = min(backoff * 2, 300)
            start = crash + dt.timedelta(seconds=backoff)
            k += 1
        out[pod] = runs
    return out


def gateway_node(w: WorldBuilder) -> None:
    gw, node = "gd-gate-gw", "gd-k8s-node"
    w.log(_t("07:00:10.118"), gw, "INFO", GW_HEARTBEAT, instance=GW_BASE[0], change="config")
    _ops(w, "07:02:05.204", gw, "HPA gd-gate-gw: scaled 6 -> 9 (cpu 82% of request, target 60%)")
    w.log(_t("07:02:40.330"), node, "INFO", SCALE_UP, instance="cluster-autoscaler", trace=False)
    w.log(_t("07:06:10.441"), node, "INFO", NODE_JOIN, instance=BAD_NODE, trace=False)
    runs_of = crash_times()
    for pod, runs in runs_of.items():
        for number, (start, crash) in enumerate(runs):
            w.log(start, gw, "INFO", GW_BOOT.format(s=w.rng.randint(70, 120) / 10), instance=pod, trace=False)
            w.log(crash - dt.timedelta(seconds=6), gw, "INFO",
                  GW_LOAD.format(n=w.rng.randint(24, 40), th=w.rng.randint(246, 255), a=w.rng.randint(150, 190)),
                  instance=pod, trace=False)
            uid = hashlib.sha256(f"{pod}#{number}".encode()).hexdigest()
            podid = f"{uid[:8]}_{uid[8:12]}_{uid[12:16]}_{uid[16:20]}_{uid[20:32]}"
            w.log(crash - dt.timedelta(milliseconds=420), node, "WARN", FORK_REJECTED.format(uid=podid), instance=BAD_NODE,
                  trace=False)
            w.log(crash - dt.timedelta(milliseconds=180), gw, "ERROR", GW_OOM.format(k=w.rng.randint(150, 199), th=256),
                  instance=pod, trace=False)
            w.log(crash, gw, "ERROR", GW_EXIT, instance=pod, trace=False)
    for moment in _every(w, "07:21:00", "08:36:00", 90, 240):
        w.log(moment, gw, "WARN", f"station sessions re-homed: {w.rng.randint(8, 30)} SC sessions reconnected after pod loss",
              instance=w.rng.choice(GW_BASE), trace=False)
    _ops(w, "07:50:20.551", gw, "gw_oncall_lixin: 扩出来的三个网关 Pod 一直重启，报 unable to create native thread；Pod 内存才用了 "
         "40%")
    _ops(w, "08:35:10.118", gw, GW_CORDON)
    _rolled(w, gw, 2, GW_BOOT)
    w.alert("KubePodCrashLooping", gw, "warning", _t("07:32"), None, "CrashLoopBackOff",
            f'Pod {NS}/{ON_BAD_NODE[0]} (gate-gw) is in waiting state (reason: "CrashLoopBackOff").', namespace=NS,
            pod=ON_BAD_NODE[0])


# --- Incident 4: the merged deductions --------------------------------------------------------------------------------
REFUSED: Keyframes = [(START, 2), (_t("05:30"), 3), (_t("06:05"), 60), (_t("06:20"), 120), (_t("07:30"), 310), (_t("08:30"), 260),
                      (_t("08:55"), 180), (_t("09:00"), 40), (_t("09:22"), 30), (_t("09:25"), 4), (REFERENCE, 3)]


def payment_merge(w: WorldBuilder) -> None:
    pay, app = "gd-payment", "gd-app-api"
    w.log(_y("19:30:10.118"), pay, "INFO", MERGE_ON, instance=ROLLOUTS[pay][0][1][0], change="config")
    w.log(_t("00:40:10.204"), app, "INFO", APP_DEPLOY, instance=ROLLOUTS[app][1][1][0], change="deploy")
    _rolled(w, app, 1, "AppApiApplication 7.4.0 started in {s} seconds")
    w.log(_t("01:20:10.330"), pay, "INFO", PAY_DEPLOY, instance=ROLLOUTS[pay][1][1][0], change="deploy")
    _rolled(w, pay, 1, "PaymentApplication 6.2.0 started in {s} seconds")
    for moment in _every(w, "05:31:00", WINDOWS["merge"][1], 15, 60):
        oldest = _y("19:30:30") + dt.timedelta(seconds=w.rng.randint(0, 3 * 3600))
        w.log(moment, app, "WARN", ARREARS.format(acct=_acct(w), n=w.rng.choice((2, 2, 2, 3, 4)), clock=f"{oldest:%H:%M:%S}"),
              instance=_pod(w, app, moment))
    _ops(w, "06:45:20.441", app, "app_oncall_zhouqi: 大量用户反馈打开乘车码提示“您有未支付行程，请先补缴”，用户说昨晚的行程"
         "以前都是出站就扣款的")
    w.log(_t("07:30:10.551"), pay, "INFO", PAY_WEIGHT, instance=ROLLOUTS[pay][1][1][1], change="config")
    w.log(WINDOWS["merge"][1], pay, "INFO", MERGE_OFF, instance=ROLLOUTS[pay][1][1][0], change="config")
    w.log(_t("09:02:40.118"), pay, "INFO", MERGE_RUN, instance=ROLLOUTS[pay][1][1][2], trace=False)
    w.alert("AppRideCodeRefusedHigh", app, "warning", _t("06:20"), _t("09:05"), "120 次/10分钟",
            "乘车码拒绝出码 120 次/10分钟，超过阈值 100", namespace=NS)


# --- Incident 5: the full blacklist -------------------------------------------------------------------------------------
OFFLINE: Keyframes = [(START, 2), (_t("05:05"), 2), (_t("05:10"), 40), (_t("05:20"), 150), (_t("05:35"), 262), (_t("05:46"), 301),
                      (_t("05:47"), GATE_OFFLINE_PEAK), (_t("05:48"), 305), (_t("05:56"), 290), (_t("06:05"), 180),
                      (_t("06:15"), 60), (_t("06:22"), 4), (_t("07:20"), 4), (_t("07:22"), 22), (_t("08:10"), 6),
                      (_t("08:14"), 22), (_t("08:20"), 30), (_t("08:54"), 28), (_t("08:58"), 3), (REFERENCE, 2)]


def blacklist_full(w: WorldBuilder) -> None:
    param, gw, station = "gd-param", "gd-gate-gw", "gd-station"
    pods = ROLLOUTS[param][0][1]
    w.log(_t("04:10:10.118"), gw, "INFO", GW_DEPLOY, instance=GW_BASE[0], change="deploy")
    _rolled(w, gw, 1, "GateGateway 5.3.2 started in {s} seconds: netty workers 32, verify pool core 64 max 200, station "
            "sessions 0")
    w.log(_t("04:30:12.204"), param, "INFO", BL_RECEIVED, instance=pods[0], trace=False)
    w.log(_t("04:45:20.330"), param, "INFO", PKG_BUILT, instance=pods[0], trace=False, job="param-package")
    w.log(_t("05:00:05.441"), param, "INFO", PKG_START, instance=pods[1], trace=False)
    gates = dict(zip(LINE1, GATES_PER_L1_STATION, strict=True))
    done, l1 = 0, 0
    l1n = 326 + 14 * 5
    for moment in _every(w, "05:05:00", "05:56:00", 280, 320):
        done = min(done + w.rng.randint(280, 420), 2914 - l1n)
        l1 = min(l1 + w.rng.randint(4, 14), l1n)
        st = w.rng.choice(LINE1)
        w.log(moment, param, "INFO", PKG_PROGRESS.format(done=done + l1, l1=l1, l1n=l1n, st=st, name=STATION_NAMES[st],
                                                         mbps=w.rng.uniform(1.90, 1.99)), instance=pods[1], trace=False)
    timed_out: list[str] = []
    for index, moment in enumerate(_every(w, "05:06:00", "05:48:00", 100, 220)):
        st = LINE1[index % len(LINE1)]
        w.log(moment, station, "WARN", UPLINK.format(st=st, name=STATION_NAMES[st], u=w.rng.choice((97, 99, 100, 100)),
                                                     rtt=w.rng.randint(1800, 3400)),
              instance=f"SC-{st}", trace=False)
        if st not in timed_out:
            w.log(moment + dt.timedelta(seconds=w.rng.randint(5, 40)), gw, "WARN",
                  GW_TIMEOUT.format(st=st, name=STATION_NAMES[st], k=gates[st] - w.rng.randint(0, 2)),
                  instance=w.rng.choice(GW_BASE), trace=False)
            timed_out.append(st)
    for moment in _every(w, "05:15:00", "06:15:00", 50, 120):
        st = w.rng.choice(LINE1)
        w.log(moment, gw, "WARN", f"verify relay {st} {STATION_NAMES[st]}: SC-{st} RTT {w.rng.randint(1800, 3400)} ms, request "
              "dropped after 800 ms", instance=w.rng.choice(GW_BASE), trace=False)
    _ops(w, "05:40:30.551", gw, "gw_oncall_lixin: 1 号线多个站闸机转离线模式，乘客反映扫码要等好几秒；其它线路正常")
    _ops(w, "05:56:10.118", param, PKG_PAUSE)
    for index, st in enumerate(timed_out):
        w.log(_t("06:03:00") + dt.timedelta(seconds=55 * index + w.rng.randint(0, 30)), gw, "INFO",
              GW_BACK.format(st=st, name=STATION_NAMES[st], k=gates[st], n=w.rng.randint(300, 1800)),
              instance=w.rng.choice(GW_BASE), trace=False)
    w.log(_t("06:40:20.204"), param, "INFO", CTC_NOTICE, instance=pods[0], trace=False)
    w.log(_t("10:00:10.330"), param, "INFO", PKG_RESUME, instance=pods[1], trace=False)
    w.log(_t("10:52:40.441"), param, "INFO", PKG_DONE, instance=pods[1], trace=False)
    w.alert("StationUplinkUtilHigh", station, "warning", _t("05:06"), _t("06:12"), "95%",
            "1 号线车站专线利用率 95%，超过阈值 90%", namespace=NS, line="1")
    w.alert("GateOfflineHigh", gw, "critical", _t("05:18"), _t("06:25"), GATE_OFFLINE_ALERT,
            f"离线模式闸机 {GATE_OFFLINE_ALERT}，超过阈值 120 台", namespace=NS)


# --- Incident 6: the vendor's replay and the clearing skew ---------------------------------------------------------------
def clearing_skew(w: WorldBuilder) -> None:
    mq, clr = "gd-mq", "gd-clearing"
    w.log(_y("23:30:05.118"), mq, "INFO", REPLAY_CONNECT, instance="kafka-broker-2", trace=False)
    w.log(_y("23:41:20.204"), mq, "INFO", REPLAY_DONE, instance="kafka-broker-2", trace=False)
    w.log(_t("00:50:10.330"), clr, "INFO", CLR_DEPLOY, instance=ROLLOUTS[clr][1][1][0], change="deploy")
    _rolled(w, clr, 1, "ClearingDriver 2.9.4 started in {s} seconds")
    driver = ROLLOUTS[clr][1][1][0]
    w.log(_t("01:30:05.441"), clr, "INFO", CLR_START, instance=driver, trace=False, job="clearing")
    for clock, text in (("01:44:20.551", "CLR-20270420 stage 3 (dedup by txn id) done in 14 min"),
                        ("01:58:40.118", "CLR-20270420 stage 5 (fares by card issuer) done in 13 min"),
                        ("02:03:10.204", "CLR-20270420 stage 7 (groupBy card_id, 200 tasks) started")):
        w.log(w.at(clock), clr, "INFO", text, instance=driver, trace=False, job="clearing")
    for moment in _every(w, "02:20:00", "07:35:00", 590, 610):
        minutes = int((moment - _t("02:03:10")).total_seconds() // 60)
        w.log(moment, clr, "WARN", CLR_STAGE.format(m=minutes), instance=driver, trace=False, job="clearing")
    w.log(_t("04:55:30.330"), clr, "WARN", "CLR-20270420 executor 37 lost (OOMKilled), task 143 attempt 2 started",
          instance=driver, trace=False, job="clearing")
    w.log(_t("06:00:00.441"), clr, "ERROR", CLR_SLA, instance=driver, trace=False)
    _ops(w, "07:20:40.551", clr, CLR_FINDING)
    _ops(w, "07:35:10.118", clr, CLR_RERUN, change="ops")
    _ops(w, "08:10:20.204", clr, CLR_VENDOR)
    w.log(_t("08:32:30.330"), clr, "INFO", CLR_DONE, instance=driver, trace=False, job="clearing")
    w.alert("ClearingSettlementLate", clr, "critical", _t("06:00"), _t("08:40"), "3 份未交付",
            "结算文件 3 份未按 06:00 交付", namespace=NS)
    w.alert("HostCpuHigh", "gd-k8s-node", "warning", _t("01:40"), _t("02:25"), "91.0%",
            "gd-k8s-node-03 CPU 91.0%，超过阈值 85%（夜间清分作业）", instance="gd-k8s-node-03")


# --- Incident 7: the loop at 火车北站 -----------------------------------------------------------------------------------
def station_loop(w: WorldBuilder) -> None:
    station, gw = "gd-station", "gd-gate-gw"
    w.log(_t("07:50:10.118"), station, "INFO", STATION_DECOY, instance=ROLLOUTS[station][0][1][1], change="config")
    _ops(w, "08:06:30.204", station, PIS_CHECKIN)
    macs = ("00e0.fc12.3a41", "3c8a.b05e.1d72", "0019.e8a4.c230")
    for moment in _every(w, "08:12:04", "08:55:00", 15, 45):
        w.log(moment, station, "WARN", MACFLAP.format(mac=w.rng.choice(macs)), instance="SW-0301-A", trace=False)
    for moment in _every(w, "08:12:30", "08:55:00", 80, 150):
        a = w.rng.randint(38_000, 52_000)
        w.log(moment, station, "WARN", STORM.format(a=a, b=a + w.rng.randint(-900, 900)), instance="SW-0301-A", trace=False)
    for moment in _every(w, "08:13:10", "08:55:00", 120, 240):
        w.log(moment, station, "ERROR", SC_LOST.format(k=w.rng.choice((18, 22, 26, 26)), c=w.rng.choice((97, 99, 100))),
              instance="SC-0301", trace=False)
    for moment in _every(w, "08:13:40", "08:55:00", 200, 400):
        w.log(moment, gw, "WARN", "station 0301 火车北站: SC-0301 session lost, reconnecting", instance=w.rng.choice(GW_BASE),
              trace=False)
    _ops(w, "08:55:10.330", station, LOOP_FIX)
    w.log(_t("08:57:40.441"), station, "INFO", LOOP_BACK, instance="SC-0301", trace=False)
    w.alert("StationGatesOffline", station, "critical", _t("08:14"), _t("09:00"), "26 台",
            "0301 火车北站 闸机离线 26 台，超过阈值 5 台", namespace=NS, station="0301")


# --- Incident 8: the partitions ----------------------------------------------------------------------------------------
NO_ENTRY_SERIES: Keyframes = [(START, 2), (_t("07:38"), 3), (_t("07:40"), 180), (_t("07:45"), 350), (_t("07:55"), 1980),
                              (_t("08:03"), 2380), (_t("08:04"), NO_ENTRY_PEAK), (_t("08:05"), 2376), (_t("08:20"), 1650),
                              (_t("08:40"), 420), (_t("08:50"), 60), (_t("08:55"), 3), (REFERENCE, 2)]


def trip_partitions(w: WorldBuilder) -> None:
    mq, trip = "gd-mq", "gd-trip"
    pods = ROLLOUTS[trip][0][1]
    w.log(_t("07:10:10.118"), trip, "INFO", TRIP_DECOY, instance=pods[0], change="config")
    w.log(WINDOWS["partitions"][0], mq, "INFO", PARTITIONS, instance="kafka-broker-1", trace=False, change="ops")
    w.log(_t("07:38:50.204"), trip, "INFO", REBALANCE, instance=pods[1], trace=False)
    a, b = WINDOWS["partitions"][0] + dt.timedelta(seconds=45), _t("08:49:30")
    for moment in _every(w, a, b, 3, 12):
        share = interpolate(NO_ENTRY_SERIES, moment) / NO_ENTRY_PEAK
        if w.rng.random() > share:
            continue
        st = _station(w, moment)
        w.log(moment, trip, "WARN", NO_ENTRY.format(st=st, name=STATION_NAMES[st], g=_gate(w, st), acct=_acct(w),
                                                    p=w.rng.randint(24, 47) if w.rng.random() < 0.5 else w.rng.randint(0, 23)),
              instance=w.rng.choice(pods))
    _ops(w, "08:20:30.330", trip, "trip_oncall_ouyang: 七点四十以后大量出站找不到进站记录，按最高票价 9 元挂账；这些乘客的进站都在"
         "七点三十八之前")
    _ops(w, "08:50:10.441", trip, REMATCH, change="ops")
    w.alert("TripNoEntryRecordHigh", trip, "critical", _t("07:45"), _t("08:55"), NO_ENTRY_ALERT,
            f"出站无进站记录 {NO_ENTRY_ALERT}，超过阈值 300", namespace=NS)


# --- Incident 9: the new station at 0, 0 -------------------------------------------------------------------------------------
FREEZES: Keyframes = [(START, 1), (_t("06:09"), 1), (_t("06:20"), 18), (_t("06:40"), 45), (_t("07:50"), 96), (_t("08:30"), 88),
                      (_t("09:20"), 70), (_t("09:23"), 2), (REFERENCE, 1)]


def station_coords(w: WorldBuilder) -> None:
    station, risk, app = "gd-station", "gd-risk", "gd-app-api"
    spods, rpods = ROLLOUTS[station][0][1], ROLLOUTS[risk][0][1]
    w.log(_y("16:20:10.118"), station, "INFO", STN_IMPORT, instance=spods[0], trace=False, change="data")
    w.log(_t("05:50:10.204"), risk, "INFO", RISK_DECOY, instance=rpods[0], change="config")
    w.log(_t("06:00:00.330"), station, "INFO", STN_OPEN, instance="SC-0421", trace=False)
    others = ("0206", "0208", "0311", "0306", "0401", "0404", "0410", "0103", "0302")
    opened = _t("06:00:00")
    for moment in _every(w, WINDOWS["coords"][0], WINDOWS["coords"][1], 20, 70):
        other = w.rng.choice(others)
        ride = w.rng.randint(9, min(34, int((moment - opened).total_seconds() // 60) - 1))
        outbound = w.rng.random() < 0.6
        here, there = (0.0, 0.0), COORDS[other]
        km = _haversine(here, there)
        t1 = moment - dt.timedelta(minutes=ride)
        a, b = (NEW_STATION, other) if outbound else (other, NEW_STATION)
        (la1, lo1), (la2, lo2) = (here, there) if outbound else (there, here)
        acct = _acct(w)
        w.log(moment, risk, "WARN", FREEZE.format(acct=acct, a=a, an=STATION_NAMES[a], t1=f"{t1:%H:%M:%S}", la1=la1, lo1=lo1,
                                                  b=b, bn=STATION_NAMES[b], t2=f"{moment:%H:%M:%S}", la2=la2, lo2=lo2, km=km,
                                                  m=ride, kmh=km / ride * 60),
              instance=w.rng.choice(rpods))
        if w.rng.random() < 0.5:
            later = moment + dt.timedelta(minutes=w.rng.randint(2, 50))
            if later < WINDOWS["coords"][1]:
                w.log(later, app, "WARN", RISK_FROZEN_APP.format(acct=acct, clock=f"{moment:%H:%M:%S}"),
                      instance=_pod(w, app, later))
    _ops(w, "07:15:20.441", risk, "risk_oncall_yangfan: 冻结账户激增，都和今天新开的临江门站有关，客服电话被打爆")
    w.log(_t("09:20:10.551"), station, "INFO", STN_FIX, instance=spods[1], trace=False, change="data")
    _ops(w, "09:22:30.118", risk, UNFREEZE, change="ops")
    w.alert("RiskFreezeSurge", risk, "warning", _t("06:40"), _t("09:30"), "45 次/10分钟", "风控冻结 45 次/10分钟，超过阈值 30",
            namespace=NS)


# --- Incident 10: the pool size removed ----------------------------------------------------------------------------------------
TOPUP_FAIL_SERIES: Keyframes = [(START, 0.4), (_t("07:25"), 0.5), (_t("07:40"), 6.2), (_t("08:00"), 29.0), (_t("08:11"), 37.0),
                                (_t("08:12"), TOPUP_PEAK), (_t("08:13"), 36.9), (_t("08:40"), 24.0), (_t("09:05"), 11.0),
                                (_t("09:07"), 0.6), (REFERENCE, 0.4)]


def card_pool(w: WorldBuilder) -> None:
    card = "gd-card"
    w.log(_y("21:30:10.118"), card, "INFO", POOL_REMOVED, instance=ROLLOUTS[card][0][1][0], change="config")
    w.log(_t("01:05:10.204"), card, "INFO", CARD_DEPLOY, instance=ROLLOUTS[card][1][1][0], change="deploy")
    _rolled(w, card, 1, "CardApplication 4.1.2 started in {s} seconds")
    for moment in _every(w, START + dt.timedelta(minutes=3), REFERENCE, 600, 600):
        pool = 8 if _y("21:30:10") < moment < WINDOWS["pool"][1] else 64
        busy = _inside("pool", moment)
        active = 8 if busy else w.rng.randint(1, 6 if pool == 8 else 14)
        waiters = w.rng.randint(20, 90) if busy else 0
        w.log(moment, card, "WARN" if busy else "INFO",
              POOL_STATS.format(mx=pool, a=active, i=0 if busy else pool - active if pool == 8 else w.rng.randint(4, 12),
                                wt=waiters, bw=w.rng.randint(1800, 3000) if busy else w.rng.randint(0, 3)),
              instance=_pod(w, card, moment), trace=False)
    for moment in _every(w, WINDOWS["pool"][0] + dt.timedelta(minutes=1), _t("09:04:30"), 6, 30):
        if w.rng.random() * TOPUP_PEAK > interpolate(TOPUP_FAIL_SERIES, moment):
            continue
        w.log(moment, card, "ERROR", TOPUP_FAIL.format(tx=f"TU{w.rng.randint(10**8, 10**9 - 1)}", card=_card(w),
                                                       amt=w.rng.choice((50, 100, 100, 200)), chan=w.rng.choice(TOPUP_CHANNELS)),
              instance=_pod(w, card, moment))
    _ops(w, "08:00:30.330", card, "card_oncall_sunyu: 售票机和 App NFC 充值大量失败；一卡通圈存前置那边说收到的请求比平时还少")
    w.log(WINDOWS["pool"][1], card, "INFO", POOL_RESTORED, instance=ROLLOUTS[card][1][1][1], change="config")
    w.alert("TopupFailureHigh", card, "warning", _t("07:40"), _t("09:15"), TOPUP_ALERT, f"充值失败率 {TOPUP_ALERT}，超过阈值 5%",
            namespace=NS)


# --- Unrelated: the PSU; the healthy services' changes ---------------------------------------------------------------------------
def other_events(w: WorldBuilder) -> None:
    w.log(_t("03:12:40.118"), "gd-k8s-node", "WARN", PSU_LINE, instance=PSU_NODE, trace=False)
    w.alert("NodePsuRedundancyLost", "gd-k8s-node", "warning", _t("03:13"), None, "1/2 PSU",
            f"{PSU_NODE} 电源冗余丢失（PSU2 故障），硬件工单 HW-0421-03", instance=PSU_NODE)
    w.log(_t("00:30:10.204"), "gd-tvm", "INFO", TVM_DEPLOY, instance=ROLLOUTS["gd-tvm"][1][1][0], change="deploy")
    _rolled(w, "gd-tvm", 1, "TvmBackend 3.3.0 started in {s} seconds")
    w.log(_t("09:00:10.330"), "gd-invoice", "INFO", INVOICE_CONFIG, instance=ROLLOUTS["gd-invoice"][0][1][0], change="config")
    for moment in _every(w, START + dt.timedelta(minutes=10), REFERENCE, 1500, 2100):
        w.log(moment, "gd-mq", "INFO", f"consumer group trip-matcher lag {w.rng.randint(200, 9000)}, clearing-loader lag 0",
              instance=w.rng.choice(BROKERS), trace=False)


# --- Kubernetes state at 11:30 -------------------------------------------------------------------------------------------------
#: (service, revision, rolled out, change cause, image tag) of every Deployment but the gateway
STEADY = (
    ("gd-qr-verify", 61, "2027-04-21T05:10:10+08:00", "release gd-qr-verify 3.12.1 (pipeline #5512)", "3.12.1"),
    ("gd-trip", 88, "2027-04-08T00:40:00+08:00", "release gd-trip 4.7.0", "4.7.0"),
    ("gd-fare", 43, "2027-03-30T00:40:00+08:00", "release gd-fare 2.15.3", "2.15.3"),
    ("gd-payment", 102, "2027-04-21T01:20:10+08:00", "release gd-payment 6.2.0 (pipeline #5498)", "6.2.0"),
    ("gd-app-api", 131, "2027-04-21T00:40:10+08:00", "release gd-app-api 7.4.0 (pipeline #5487)", "7.4.0"),
    ("gd-risk", 37, "2027-04-13T00:40:00+08:00", "release gd-risk 3.4.1", "3.4.1"),
    ("gd-param", 22, "2027-03-16T00:40:00+08:00", "release gd-param 1.8.2", "1.8.2"),
    ("gd-clearing", 49, "2027-04-21T00:50:10+08:00", "release gd-clearing 2.9.4 (pipeline #5495)", "2.9.4"),
    ("gd-card", 56, "2027-04-21T01:05:10+08:00", "release gd-card 4.1.2 (pipeline #5501)", "4.1.2"),
    ("gd-station", 33, "2027-04-02T00:40:00+08:00", "release gd-station 2.6.0", "2.6.0"),
    ("gd-tvm", 28, "2027-04-21T00:30:10+08:00", "release gd-tvm 3.3.0 (pipeline #5484)", "3.3.0"),
    ("gd-invoice", 19, "2027-03-25T00:40:00+08:00", "release gd-invoice 1.12.4", "1.12.4"),
)


def _deployment(w: WorldBuilder, service: str, revision: int, changed: str, cause: str, tag: str, replicas: int, ready: int,
                pods: tuple[str, ...]) -> None:
    w.deployment(namespace=NS, name=service, service=service, replicas=replicas, ready=ready, available=ready,
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
        _deployment(w, service, revision, changed, cause, tag, len(pods), len(pods), pods)
    runs = crash_times()
    for pod in GW_BASE + GW_EXTRA:
        w.pod(namespace=NS, name=pod, service="gd-gate-gw", phase="Running", ready="1/1", restarts=0, last_termination=None,
              waiting_reason=None, node=node_of(pod), observed_at=REFERENCE)
    for pod in ON_BAD_NODE:
        w.pod(namespace=NS, name=pod, service="gd-gate-gw", phase="Running", ready="0/1", restarts=len(runs[pod]) - 1,
              last_termination=termination("Error", 3, runs[pod][-1][1]), waiting_reason="CrashLoopBackOff", node=BAD_NODE,
              observed_at=REFERENCE)
    _deployment(w, "gd-gate-gw", 74, "2027-04-21T04:10:10+08:00", "release gd-gate-gw 5.3.2 (pipeline #5491)", "5.3.2", 12, 9,
                GW_ALL)
    hour_ago = REFERENCE - dt.timedelta(hours=1)
    for pod in ON_BAD_NODE:
        starts = [s for s, _ in runs[pod]]
        crashes = [c for _, c in runs[pod]]
        w.event(type="Warning", reason="BackOff", object=f"Pod/{pod}",
                message=f"Back-off restarting failed container gate-gw in pod {pod}_{NS}",
                count=len(crashes) * 4 - 3, first_seen=max(crashes[0], hour_ago), last_seen=REFERENCE - dt.timedelta(seconds=37))
        recent = [s for s in starts if s >= hour_ago]
        if recent:
            w.event(type="Normal", reason="Started", object=f"Pod/{pod}", message="Started container gate-gw",
                    count=len(recent), first_seen=recent[0], last_seen=recent[-1])


# --- Metrics -----------------------------------------------------------------------------------------------------------------------
def build_metrics(w: WorldBuilder) -> None:
    at = w.at
    opening = [(at("04:50"), at("06:40"))]
    rush = [(at("06:40"), at("10:00"))]
    w.series("gate_offline_count", "gd-gate-gw", "台", OFFLINE, start=START, fine=opening + rush, spread=3, digits=0,
             threshold=120)
    w.series("gw_verify_p99_ms", "gd-gate-gw", "ms",
             [(START, 70), (at("05:05"), 72), (at("05:10"), 640), (at("05:40"), 790), (at("06:00"), 520), (at("06:20"), 80),
              (at("07:20"), 90), (at("07:25"), 210), (at("08:40"), 95), (REFERENCE, 70)], start=START, fine=opening + rush,
             spread=8, digits=0)
    w.series("station_uplink_utilisation_percent", "gd-station", "%",
             [(START, 30), (at("05:00"), 12), (at("05:05"), 97), (at("05:10"), 100), (at("05:56"), 100), (at("06:00"), 58),
              (at("06:15"), 31), (at("08:00"), 36), (at("10:00"), 44), (at("10:50"), 42), (at("11:00"), 30), (REFERENCE, 28)],
             start=START, fine=opening, spread=2, digits=0, threshold=90, line="1")
    w.series("station_gates_offline", "gd-station", "台",
             [(START, 0), (at("08:12"), 0), (at("08:14"), 18), (at("08:20"), 26), (at("08:54"), 26), (at("08:58"), 0),
              (REFERENCE, 0)], start=START, fine=rush, digits=0, threshold=5, station="0301")
    w.series("param_devices_pending", "gd-param", "台",
             [(START, 0), (at("05:00"), 0), (at("05:01"), 2914), (at("05:56"), 560), (at("06:10"), 386), (at("10:00"), 386),
              (at("10:52"), 0), (REFERENCE, 0)], start=START, fine=opening, digits=0)
    w.series("qr_entry_denied_unfinished_per_10m", "gd-qr-verify", "次", DENIED, start=START, fine=rush, spread=2, digits=0,
             threshold=30)
    w.series("qr_verify_requests_per_sec", "gd-qr-verify", "次/秒",
             [(START, 260), (_y("23:30"), 30), (at("05:30"), 40), (at("08:00"), 1480), (at("09:30"), 700),
              (REFERENCE, 380)], start=START, spread=20, digits=0)
    w.series("fare_disputes_per_10m", "gd-fare", "次", DISPUTES, start=START, fine=rush, spread=1.5, digits=0, threshold=20)
    w.series("ridecode_refused_per_10m", "gd-app-api", "次", REFUSED, start=START, fine=opening + rush, spread=6, digits=0,
             threshold=100)
    w.series("trip_no_entry_exits_per_5m", "gd-trip", "笔", NO_ENTRY_SERIES, start=START, fine=rush, spread=15, digits=0,
             threshold=300)
    w.series("trip_consumer_lag", "gd-trip", "条",
             [(START, 6000), (at("07:00"), 40_000), (at("07:38"), 182_000), (at("07:45"), 60_000), (at("08:00"), 8000),
              (REFERENCE, 3000)], start=START, fine=rush, spread=500, digits=0)
    w.series("payment_merged_pending_trips", "gd-payment", "笔",
             [(START, 0), (_y("19:30"), 0), (_y("23:30"), 38_120),
              (at("05:30"), 38_300), (at("08:55"), 71_406), (at("09:03"), 0), (REFERENCE, 0)], start=START, digits=0)
    w.series("risk_freezes_per_10m", "gd-risk", "次", FREEZES, start=START, fine=rush, spread=3, digits=0, threshold=30)
    w.series("topup_failure_ratio", "gd-card", "%", TOPUP_FAIL_SERIES, start=START, fine=rush, spread=0.6, digits=1,
             threshold=5)
    w.series("topup_pool_active", "gd-card", "个",
             [(START, 6), (at("07:24"), 6), (at("07:25"), 8), (at("09:05"), 8), (at("09:07"), 14), (REFERENCE, 6)], start=START,
             fine=rush, digits=0)
    w.series("clearing_settlement_files_pending", "gd-clearing", "份",
             [(START, 0), (at("05:59"), 0), (at("06:00"), 3), (at("08:32"), 3), (at("08:33"), 0), (REFERENCE, 0)], start=START,
             fine=[(at("05:50"), at("08:45"))], digits=0, threshold=0)
    w.series("node_cpu_percent", "gd-k8s-node", "%",
             [(START, 28), (at("01:30"), 30), (at("01:40"), 91.0), (at("02:20"), 88.0), (at("02:25"), 34), (REFERENCE, 26)],
             start=START, fine=[(at("01:20"), at("02:40"))], spread=2, digits=1, threshold=85, instance="gd-k8s-node-03")
    w.series("node_fork_rejected_per_min", "gd-k8s-node", "次",
             [(START, 0), (at("07:19"), 0), (at("07:20"), 3), (at("07:40"), 1), (REFERENCE, 1)], start=START, fine=rush, digits=0,
             instance=BAD_NODE)
    for service, p99, threshold in (("gd-tvm", 120, 1000), ("gd-invoice", 260, 1500)):
        w.series("http_5xx_ratio", service, "%", [(START, 0.03), (at("08:15"), 0.24), (at("10:00"), 0.09), (REFERENCE, 0.04)],
                 start=START, spread=0.03, digits=2, threshold=2)
        w.series("http_p99_latency", service, "ms", [(START, p99 - 30), (at("08:15"), p99 + 210), (at("10:30"), p99 + 40),
                                                     (REFERENCE, p99)], start=START, spread=14, digits=0, threshold=threshold)


# --- Runbooks (the company's wiki, as the teams wrote them) ---------------------------------------------------------------------
RUNBOOKS: list[tuple[str, str, str]] = [
    ("runbooks/gate/offline.md", "闸机离线模式处理手册", runbook(
        "闸机离线模式处理手册", "适用于 gd-gate-gw 大量闸机转入离线模式、扫码慢。",
        ["GateOfflineHigh：离线模式闸机超过 120 台"],
        ["看离线闸机集中在哪些车站、哪条线路。", "看这些车站专线的利用率与 RTT，专线上同时在跑什么（参数下发、卡交易上传）。",
         "看网关各 Pod 是否正常。"],
        ["车站专线拥塞或中断。", "网关 Pod 故障。", "车站计算机故障。"],
        ["暂停或限速占用专线的下发任务；恢复专线；闸机恢复在线后上传离线交易。"])),
    ("runbooks/gate/gw-crash.md", "闸机接入网关 Pod 重启处理手册", runbook(
        "闸机接入网关 Pod 重启处理手册", "适用于 gd-gate-gw Pod 反复重启。",
        ["KubePodCrashLooping：Pod 处于 CrashLoopBackOff"],
        ["看退出前的日志与退出码。", "看重启的 Pod 在哪些节点，同一 Deployment 在别的节点上的 Pod 是否正常。",
         "对 unable to create native thread：看容器与节点的线程、PID 限制，不只是内存。"],
        ["JVM 线程数超过进程或 cgroup 的限制。", "内存不足。", "配置错误。"],
        ["把 Pod 挪到正常节点、修正节点配置；调整线程池。"])),
    ("runbooks/qr/entry-denied.md", "扫码进站被拒处理手册", runbook(
        "扫码进站被拒处理手册", "适用于 gd-qr-verify 因未完成行程拒绝进站。",
        ["QrEntryDeniedHigh：因未完成行程被拒进站超过 30 次/10分钟"],
        ["看被拒乘客上一次行程的进站站点与时间、为何没有出站记录。", "查前一晚各站的闸机模式（紧急放行）与降级模式登记。"],
        ["紧急放行期间出站未登记降级模式。", "出站交易未上传。", "乘客逃票。"],
        ["补登降级模式后由 gd-trip 关闭相关行程；客服中心人工更新。"])),
    ("runbooks/app/ridecode-refused.md", "乘车码出码失败处理手册", runbook(
        "乘车码出码失败处理手册", "适用于 gd-app-api 拒绝出码（欠费、冻结）。",
        ["AppRideCodeRefusedHigh：拒绝出码超过 100 次/10分钟"],
        ["按拒绝原因分组（ARREARS、RISK_FROZEN）。", "对欠费：查 gd-payment 的扣款是否按时完成、扣款相关配置的最近变更。",
         "对冻结：查 gd-risk 的命中规则。"],
        ["扣款延迟或失败导致未支付行程累积。", "风控误冻结。", "用户确实欠费。"],
        ["恢复扣款并补扣；解冻误冻结账户。"])),
    ("runbooks/fare/dispute.md", "票价申诉激增处理手册", runbook(
        "票价申诉激增处理手册", "适用于 gd-fare 票价申诉增多、乘客反映多扣费。",
        ["FareDisputesHigh：票价申诉超过 20 次/10分钟"],
        ["按 OD 对看扣费与往常的差异、计价路径与里程。", "查当天的票价矩阵由哪一版线网数据生成、线网数据最近的导入。"],
        ["线网数据错误导致最短路径变化。", "票价表错误。", "同站进出、超时等规则扣费。"],
        ["修正线网数据，重建票价矩阵，退还差额。"])),
    ("runbooks/risk/freeze.md", "风控冻结激增处理手册", runbook(
        "风控冻结激增处理手册", "适用于 gd-risk 冻结账户数激增。",
        ["RiskFreezeSurge：风控冻结超过 30 次/10分钟"],
        ["按命中规则与站点分组。", "核对命中记录中的站点坐标、时间是否合理，查车站主数据的最近变更。"],
        ["规则输入数据错误（站点主数据）。", "规则阈值变更。", "真实的共享乘车码。"],
        ["修正数据后批量解冻误冻结账户。"])),
    ("runbooks/clearing/late.md", "结算文件延迟处理手册", runbook(
        "结算文件延迟处理手册", "适用于 gd-clearing 结算文件未按 06:00 交付。",
        ["ClearingSettlementLate：结算文件未按时交付"],
        ["看清分作业卡在哪个 stage、任务耗时是否均匀（数据倾斜）。", "看输入记录数是否异常，异常记录来自哪里。"],
        ["数据倾斜或输入数据异常。", "集群资源不足。", "上游数据未到齐。"],
        ["剔除异常数据后重跑，通知银行延迟。"])),
    ("runbooks/card/topup.md", "交通卡充值失败处理手册", runbook(
        "交通卡充值失败处理手册", "适用于 gd-card 充值失败率升高。",
        ["TopupFailureHigh：充值失败率超过 5%"],
        ["按失败原因分组：一卡通返回码，还是本地连接池、超时。", "看连接池 ctc-topup 的 maxTotal、active 与 waiters，查连接池配置的"
         "最近变更。"],
        ["连接池过小或耗尽。", "一卡通圈存前置故障。", "网络故障。"],
        ["恢复连接池配置；联系一卡通。"])),
    ("runbooks/trip/no-entry.md", "出站无进站记录处理手册", runbook(
        "出站无进站记录处理手册", "适用于 gd-trip 大量出站匹配不到进站、按最高票价挂账。",
        ["TripNoEntryRecordHigh：出站无进站记录超过 300 笔/5分钟"],
        ["看这些乘客的进站交易是否存在、在哪个分区。", "查 afc.txn 的分区与消费组最近的变化。"],
        ["进站与出站落在不同分区（分区数变化、key 变化）。", "进站交易未上传。"],
        ["用原始交易重新匹配，冲正最高票价。"])),
    ("runbooks/station/offline.md", "车站闸机离线处理手册", runbook(
        "车站闸机离线处理手册", "适用于 gd-station 单站闸机大面积离线。",
        ["StationGatesOffline：单站离线闸机超过 5 台"],
        ["看车站交换机日志（MAC 漂移、广播风暴、端口状态）与车站计算机 CPU。", "问站务当时是否有人在设备间施工。"],
        ["二层环路引起广播风暴。", "车站交换机故障。", "车站计算机故障。"],
        ["找到并断开环路，交换机边缘端口开启 BPDU 防护与风暴抑制。"])),
    ("runbooks/gate/door.md", "闸机扇门故障处理手册", runbook(
        "闸机扇门故障处理手册", "适用于单台闸机扇门不动作。",
        ["GateDoorFault"], ["看扇门电机电流。"], ["扇门电机损坏。"], ["更换扇门电机。"])),
    ("runbooks/tvm/coin.md", "售票机卡币处理手册", runbook(
        "售票机卡币处理手册", "适用于售票机硬币模块卡币。",
        ["TvmCoinJam"], ["看硬币模块状态。"], ["异物卡在硬币通道。"], ["清理硬币通道。"])),
]


def build_bundle(seed: int = SEED) -> Json:
    w = WorldBuilder(seed=seed, day=DAY, tz=TZ, reference=REFERENCE, instances=INSTANCES,
                     labels={"env": "prod", "cluster": "gd-prod", "region": "cn-southwest-1"})
    for service, (make, every) in NOISE.items():
        w.noise(service, make, START, every_s=every)
    fare_detour(w)
    drill_release(w)
    gateway_node(w)
    payment_merge(w)
    blacklist_full(w)
    clearing_skew(w)
    station_loop(w)
    trip_partitions(w)
    station_coords(w)
    card_pool(w)
    other_events(w)
    k8s_state(w)
    build_metrics(w)
    documents = [{"title": title, "source": source, "content": content} for source, title, content in RUNBOOKS]
    return w.bundle(name="GuiDa 轨达地铁 2027-04-21", services=SERVICES, documents=documents)


# --- Questions --------------------------------------------------------------------------------------------------------------------
#: Each incident's own words: in another incident's answer, a misattribution.
FAMILY = {
    "fare": ("T-0208-0311", "NET-2027-04 r3"),
    "drill": ("EMERGENCY_RELEASE", "YL-0420-0312"),
    "pids": ("podPidsLimit", "lt-rush-v3"),
    "merge": ("payment.deduct.merge-window", "FIN-0420"),
    "blacklist": ("BL-20270421", "P-20270421-01"),
    "skew": ("TEST-0000000001", "ht-replay"),
    "loop": ("MACFLAP", "PIS-0421-07"),
    "partitions": ("MQ-0421", "partitions increased"),
    "coords": ("IMPOSSIBLE_SPEED", "STN-2027-04"),
    "pool": ("card.topup.host.pool.max-total", "Timeout waiting for idle object"),
}
#: The remedies of the runbooks for problems that did not happen.
UNRELATED_REMEDIES = ("更换扇门电机", "清理硬币通道")
FIRING = ("KubePodCrashLooping", "NodePsuRedundancyLost")
INCIDENT_WORDS = tuple(word for words in FAMILY.values() for word in words)


def _not(*own: str, told: tuple[str, ...] = ()) -> tuple[str, ...]:
    """The other incidents' words, plus the unrelated runbooks' remedies — less ``told``: another incident's words the asked
    service itself logs (gd-station writes the drill, the master data and the loop), which name no misattribution when an
    answer quotes them."""
    return tuple(word for family, words in FAMILY.items() if family not in own for word in words
                 if word not in told) + UNRELATED_REMEDIES


QUESTIONS: tuple[WorldQuestion, ...] = (
    WorldQuestion(
        "metro_fare_overcharge_cause",
        "今天早上好多乘客投诉从望江路坐到科学城被扣了 5 块，平时都是 4 块，票价计算这边怎么回事？", "cause",
        asked_facts=(fact("¥5.00", "5 元", "5 块", "多扣"),),
        cause_facts=(fact("T-0208-0311", "换乘通道"),
                     fact("NET-2027-04 r3", "CN-0421", "线网数据", "fare_data_qinlan", "closed")),
        forbidden=_not("fare"), service="gd-fare",
        diagnosis="昨晚 21:40 fare_data_qinlan 按施工公告 CN-0421 导入线网数据 NET-2027-04 r3，把人民广场 2/3 号线换乘通道 link "
                  "T-0208-0311 设为 closed（实际换乘改经站厅，仍可换乘）；路径计算把 closed 的 link 当作不存在 → 03:30 生成的票价"
                  "矩阵 FM-20270421 让 2、3 号线之间的行程绕经东门、文化宫，96 个 OD 对多收 1–2 元（望江路 → 科学城 12.6 km ¥4.00 "
                  "→ 19.4 km ¥5.00）。09:40 NET-2027-04 r4 重开该 link（walk_via_concourse），09:45 重建矩阵，10:20 退还差额。"
                  "06:40 的 fare.cache.ttl-sec 配置不是原因",
    ),
    WorldQuestion(
        "metro_qr_unfinished_trip_cause",
        "早高峰有一批乘客扫码进站被拒，提示有未完成行程、让去客服中心处理，验码服务这是怎么了？", "cause",
        asked_facts=(fact("UNFINISHED_TRIP", "未完成行程"),),
        cause_facts=(fact("滨江大道", "0312", "EMERGENCY_RELEASE", "紧急放行", "演练"),
                     fact("degraded-mode", "降级模式", "YL-0420-0312", "drill=true", "DM-0312-0420")),
        forbidden=_not("drill"), service="gd-qr-verify",
        diagnosis="昨晚 22:41 station_op_fenglei 在 0312 滨江大道为消防演练 YL-0420-0312 把闸机设为紧急放行（EMERGENCY_RELEASE），"
                  "勾了演练标记（drill=true），降级模式没有上报线路中心；22:41–23:05 从敞开的闸机出站的乘客没有出站记录，04:00 运营日"
                  "切换时没有登记的降级时段，这些行程被标为 UNFINISHED → 早上他们扫码进站被拒 UNFINISHED_TRIP。09:30 补登降级时段 "
                  "DM-0312-0420，gd-trip 关闭 287 个行程。05:10 的 gd-qr-verify 3.12.1 发布不是原因",
    ),
    WorldQuestion(
        "metro_gate_gw_restart_cause",
        "闸机接入网关七点多开始有几个 Pod 反复重启，日志里都是 unable to create native thread，是内存不够了吗？", "cause",
        asked_facts=(fact("unable to create native thread", "CrashLoopBackOff", "反复重启"),),
        cause_facts=(fact(BAD_NODE, "node-09", "09 节点"),
                     fact("podPidsLimit", "pids", "fork rejected", "lt-rush-v3", "256")),
        forbidden=_not("pids"), service="gd-gate-gw",
        diagnosis="07:02 早高峰 HPA 把 gd-gate-gw 从 6 扩到 9，cluster-autoscaler 从节点池 np-rush 加了 gd-k8s-node-09，它的启动模板 "
                  "lt-rush-v3 里 kubelet 的 podPidsLimit=256；调度到这台节点的 3 个网关 Pod 接上车站连接后线程数超过 256，内核 "
                  "fork rejected by pids controller，JVM 报 unable to create native thread 并退出（exit 3），CrashLoopBackOff；"
                  "node-01..08 上的 Pod 正常，不是内存不够。08:35 cordon node-09、HPA 下限改 12，3 个 Pod 到现在仍在重启"
                  "（KubePodCrashLooping）。07:00 的心跳配置、node-04 的电源告警都不是原因",
    ),
    WorldQuestion(
        "metro_app_ridecode_arrears_cause",
        "一早好多用户打开 App 乘车码出不来，提示有未支付行程要先补缴，可昨晚坐车出站就该扣了，App 这边怎么回事？", "cause",
        asked_facts=(fact("ARREARS", "未支付行程", "欠费"),),
        cause_facts=(fact("payment.deduct.merge-window", "merge-window", "合并扣款", "24h"),
                     fact("gd-payment", "FIN-0420", "pay_ops_huangli", "扣款服务")),
        forbidden=_not("merge"), service="gd-app-api",
        diagnosis="昨晚 19:30 pay_ops_huangli 把 gd-payment 的 payment.deduct.merge-window 从 0 改成 24h（FIN-0420，合并扣款省通道"
                  "手续费）→ 19:30 以后的行程不再出站即扣，要等到今天 12:00 合并扣款；App 出码规则是未支付行程 ≥ 2 笔算欠费 → 昨晚"
                  "坐过两次以上的用户早上拿不到乘车码（ARREARS）。08:55 改回 0 并补扣 71,406 笔。00:40 的 gd-app-api 7.4.0 发布"
                  "不是原因",
    ),
    WorldQuestion(
        "metro_gate_gw_opening_offline_cause",
        "早上一开站，1 号线好几个站的闸机都掉到离线模式，扫码要等好几秒，闸机接入网关这是怎么了？", "cause",
        asked_facts=(fact("OFFLINE", "离线模式", "timed out", "超时"),),
        cause_facts=(fact("BL-20270421", "全量", "FULL", "黑名单", "38.2 MB"),
                     fact("P-20270421-01", "参数下发", "gd-param", "2 Mbps", "专线")),
        forbidden=_not("blacklist"), service="gd-gate-gw",
        diagnosis="04:30 城市一卡通 把黑名单 BL-20270421 误发成全量（FULL，38.2 MB，平时增量约 200 KB）；05:00 起参数包 "
                  "P-20270421-01（每台设备 38.6 MB）下发，每台闸机、售票机经本站 SC 各自拉取 → 1 号线老站 2 Mbps 专线被占满，"
                  "网关从这些车站的在线验码超时（800 ms），闸机转入离线模式，最多 318 台（05:47）。05:56 暂停 1 号线下发并限速后 "
                  "06:20 前恢复。04:10 的 gd-gate-gw 5.3.2 发布不是原因；07:20 以后 node-09 上 Pod 重启是另一件事",
    ),
    WorldQuestion(
        "metro_clearing_late_cause",
        "今天的清分结算文件为什么晚了两个多小时才给到银行？", "cause",
        asked_facts=(fact("SETTLE-20270420", "not ready", "SLA", "2h32m"),),
        cause_facts=(fact("TEST-0000000001", "HT-TEST", "数据倾斜", "skew", "task 143"),
                     fact("ht-replay", "华腾", "回放", "replay")),
        forbidden=_not("skew"), service="gd-clearing",
        diagnosis="昨晚 23:30 闸机厂商 华腾 的回放工具 ht-replay 误连生产，往 afc.txn.settle 写了 1,204,880 条测试卡 TEST-0000000001 "
                  "的交易 → 01:30 的清分作业 CLR-20270420 在按 card_id 分组的 stage 7 严重数据倾斜，task 143 一个任务读 9.6 GB、"
                  "跑了五个多小时 → SETTLE-20270420 没赶上 06:00。07:35 剔除发卡方 HT-TEST 重跑，08:32 交付（晚 2h32m）。00:50 的 "
                  "gd-clearing 2.9.4 发布不是原因",
    ),
    WorldQuestion(
        "metro_trip_max_fare_cause",
        "七点四十以后很多乘客出站被按最高票价扣了 9 块，说查不到进站记录，行程匹配怎么回事？", "cause",
        asked_facts=(fact("MAX_FARE", "no entry record", "最高票价", "进站记录"),),
        cause_facts=(fact("afc.txn", "partitions", "分区"),
                     fact("24 -> 48", "MQ-0421", "partitions increased", "mq_ops_zhaojun", "扩分区")),
        forbidden=_not("partitions"), service="gd-trip",
        diagnosis="07:38 mq_ops_zhaojun 为消费积压（MQ-0421）把 topic afc.txn 的分区从 24 扩到 48；交易按 account_id 作 key，扩分区后"
                  "同一账户落到别的分区，而进站记录保存在原分区消费者的本地状态里 → 07:38 前进站、之后出站的行程在新分区找不到进站"
                  "记录，按最高票价 ¥9.00 挂账，每 5 分钟最多 2417 笔（08:04）。08:50 用 0–23 分区的进站重新匹配（RM-0421）并冲正。"
                  "07:10 的 trip.match.same-station-min 配置不是原因",
    ),
    WorldQuestion(
        "metro_risk_freeze_cause",
        "今天早上风控冻结了一大批乘车码账户，客服电话被打爆了，风控这边为什么冻这么多？", "cause",
        asked_facts=(fact("FROZEN", "冻结"),),
        cause_facts=(fact("临江门", "0421"),
                     fact("0.000000", "坐标", "经纬度", "STN-2027-04")),
        forbidden=_not("coords"), service="gd-risk",
        diagnosis="昨天 16:20 line_data_wujing 导入车站主数据 STN-2027-04，新站 0421 临江门的经纬度是空的，被默认成 0.000000；"
                  "06:00 临江门开通后，进出这个站的行程按坐标算出上万公里、几万 km/h → 风控 IMPOSSIBLE_SPEED 规则命中，冻结乘车码。"
                  "09:20 坐标更正（STN-2027-04 r2），09:22 解冻 1,947 个账户。05:50 的 share-scan 配置不是原因",
    ),
    WorldQuestion(
        "metro_gate_offline_quantity", "早上开站那阵子，掉到离线模式的闸机最多有多少台？", "quantity",
        asked_facts=(fact(str(GATE_OFFLINE_PEAK), "318 台"),), forbidden=_not("blacklist"), service="gd-gate-gw",
        peak=Peak("gd-gate-gw", "gate_offline_count", GATE_OFFLINE_PEAK),
        diagnosis="gate_offline_count 峰值 318 台（05:47）；GateOfflineHigh 触发时是 120 台。起因是全量黑名单参数包占满 1 号线专线",
    ),
    WorldQuestion(
        "metro_topup_failure_quantity", "早高峰交通卡充值失败率最高到了多少？", "quantity",
        asked_facts=(fact(str(TOPUP_PEAK), "38.4%"),), forbidden=_not("pool"), service="gd-card",
        peak=Peak("gd-card", "topup_failure_ratio", TOPUP_PEAK),
        diagnosis="topup_failure_ratio 峰值 38.4%（08:12）；TopupFailureHigh 触发时是 6.2%。起因是昨晚配置清理删掉了 "
                  "card.topup.host.pool.max-total，连接池回到默认 8",
    ),
    WorldQuestion(
        "metro_trip_no_entry_quantity", "八点前后出站查不到进站记录的，最多的时候每 5 分钟有多少笔？", "quantity",
        asked_facts=(fact(str(NO_ENTRY_PEAK), "2,417"),), forbidden=_not("partitions"), service="gd-trip",
        peak=Peak("gd-trip", "trip_no_entry_exits_per_5m", NO_ENTRY_PEAK),
        diagnosis="trip_no_entry_exits_per_5m 峰值 2417 笔（08:04）；TripNoEntryRecordHigh 触发时是 350 笔/5分钟。起因是 07:38 "
                  "afc.txn 从 24 扩到 48 个分区",
    ),
    WorldQuestion(
        "metro_station_alert_existence", "火车北站今天早上车站系统报过警没有？站务说八点多闸机屏幕一片红。", "existence",
        asked_facts=(fact("StationGatesOffline"),),
        cause_facts=(fact("MACFLAP", "flapping", "环路", "广播风暴", "broadcast"),
                     fact("Gi1/0/23", "跳线", "PIS-0421-07", "汇显")),
        forbidden=_not("loop", told=FAMILY["drill"] + ("STN-2027-04",)), service="gd-station",
        diagnosis="报过：StationGatesOffline 08:14 触发、09:00 恢复（26 台闸机离线）。08:06 汇显 的施工人员（工单 PIS-0421-07）在"
                  "火车北站设备间把一根跳线两端插在交换机 SW-0301-A 的 Gi1/0/23 和 Gi1/0/24 → 二层环路，MAC 漂移（MACFLAP）、"
                  "广播风暴，车站计算机失去闸机心跳；08:55 拔掉跳线后恢复。07:50 的闸机报警音量配置不是原因",
    ),
    WorldQuestion(
        "metro_invoice_healthy", "电子发票今天有没有出过问题或者告警？", "existence",
        asked_facts=(HEALTHY,), forbidden=INCIDENT_WORDS, service="gd-invoice", healthy=True,
        diagnosis="没有：只有开票与税务平台令牌刷新的 INFO 和抬头过长的 WARN，5xx、p99 远低于阈值，无告警；09:00 的 "
                  "invoice.batch.size 配置与各故障无关",
    ),
    WorldQuestion(
        "metro_tvm_healthy", "有乘客说早上在售票机上充值失败，售票机后台今天有没有报错或者告警？", "existence",
        asked_facts=(HEALTHY,), forbidden=INCIDENT_WORDS, service="gd-tvm", healthy=True,
        diagnosis="没有：gd-tvm 只有售票与设备状态的 INFO 和缺币、卡钞的 WARN，5xx、p99 低于阈值，无告警、无重启；售票机上的交通卡"
                  "充值直接走 gd-card，早上的充值失败是交通卡服务那边的问题，不是售票机后台",
    ),
    WorldQuestion(
        "metro_alert_listing", "现在还有哪些告警没恢复？列一下。", "listing",
        asked_facts=tuple(fact(name) for name in FIRING), forbidden=("gd-invoice", "gd-tvm"),
        diagnosis="2 条：KubePodCrashLooping（07:32 起，gd-gate-gw 在 gd-k8s-node-09 上的 3 个 Pod）、NodePsuRedundancyLost（03:13 起，"
                  "gd-k8s-node-04 的 PSU2 故障，硬件工单 HW-0421-03，与各故障无关）；其余告警都已恢复",
    ),
    WorldQuestion(
        "metro_payment_changes_listing", "扣款服务从昨天下午到现在都做过哪些变更？配置和发版都列出来。", "listing",
        asked_facts=(fact("old=0 new=24h"), fact("6.2.0"), fact("payment.channel.alipay.weight", "alipay.weight"),
                     fact("old=24h new=0")),
        forbidden=_not("merge"), service="gd-payment",
        diagnosis="四次：昨晚 19:30 payment.deduct.merge-window 0 -> 24h（FIN-0420，导致今早乘车码欠费拒绝出码）、01:20 发布 6.2.0、"
                  "07:30 payment.channel.alipay.weight 40 -> 50、08:55 merge-window 24h -> 0",
    ),
)

WORLD = World(name=NAME, title="GuiDa 轨达地铁（自动售检票）", build=build_bundle, questions=QUESTIONS)
