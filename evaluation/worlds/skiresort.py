"""World "skiresort": 白桦岭滑雪场 BaiHuaLing Ski Resort, a ski resort group's mountain and guest systems (``bh-*`` services:
the lift-gate validation the RFID gates and turnstiles of the lifts call, pass sales at the ticket windows and online, the
WeChat mini-program backend 白桦岭小程序 (online passes, rental pre-booking, lessons), ski and snowboard rental with boot
fitting, bench DIN setting and wristband deposits, the ski school's lesson booking and instructor scheduling, snowmaking
control (compressor house, snow guns, pumps), the grooming fleet's GPS trackers, the slope status board with its closure
notices, the lodge's PMS integration 山居酒店, the payment wristbands 手环支付, shuttle buses and lockers, on a Kubernetes
cluster; the RabbitMQ and the cluster's control plane and nodes beside it), seen from Thursday 2027-01-21 10:30 to the
reference time Friday 2027-01-22 10:40 (+08:00): the first Friday of the winter school holiday. Nothing here was written for
the offline agents; ten incidents of families the other worlds do not have, in ordinary noise:

(1) 14:20 (eve)     bh-snowmaking: snow_maint_liugang tags compressor C3 out for an oil change (LOTO, WO-SM-0121-03); the
    18:00 (eve)     PLC's weekly lead/lag rotation makes C3 the lead compressor anyway → when the night's snowmaking starts on
    22:14–01:40     B2 白桦大道 and R1 松涛 the lead never runs, the lag C1 starts late, the air header falls to 4.1 bar and the
                    snow guns trip AIR_PRESSURE_LOW (SnowmakingAirPressureLow). 01:35 snow_op_wangpeng sets C1 lead by hand.
                    The 21:30 HMI deploy 2.3.1 is a decoy.
(2) 04:05           bh-wallet ← bh-lodge: the lodge PMS's night audit waits on a prompt about group master folio GRP-0121-07
                    (余额不符，是否继续) that nobody answers → the PMS business date stays 01-21 and refuses room-charge postings
    07:00–09:12     NIGHT_AUDIT_IN_PROGRESS → hotel guests' wristband payments at breakfast declined (RoomChargeDeclinesHigh,
                    fired at 38, peak 117 per 10 min at 08:12). 09:10 the front office manager confirms. The 06:50 wallet deploy
                    5.2.0 is a decoy.
(3) 02:30 → now     bh-ticket on bh-k8s-node-07: rebuilt overnight from image ubuntu-2204-bh-v7, which creates a 16 GiB
                    /swapfile with kubelet ``failSwapOn=false`` → the three checkout pods the 08:05 HPA scale-out puts there
    08:07 → now     are paged out (swap 11 GiB, thousands of major faults a second) and take 4–9 s per checkout → 出票超时
                    (TicketCheckoutLatencyHigh fired at 3.4 s, p99 peak 9.6 s at 09:12, still firing). The other four pods are
                    fine. The 07:55 ``ticket.order.close-unpaid-min`` config is a decoy.
(4) 07:40           bh-gate ← bh-ticket windows: window_sup_zhaoli loads card stock box CS-2027-011 (ICODE SLIX2 chips) at
                    windows W03/W04 → the day passes sold there are not in the gates' media profile MP-2026B → at the lifts
    08:30–09:25     MEDIA_NOT_ALLOWED (GateMediaRejectsHigh). 09:05 the old stock is back, 09:25 profile MP-2026C pushed.
                    The 08:00 ``gate.display.welcome-text`` config is a decoy.
(5) 09:38           bh-gate at L2 白桦快线: the gate vendor 捷道's engineer jd_fae_maqiang (WO-JD-0122-02, antenna tuning)
    09:41–10:17     leaves the six readers at ``tx_power=33dBm`` (was 27) → each reader reads the passes of the next lanes'
                    queue → validations per minute at L2 up to 318 at 10:02 (GateValidationSurge fired at 216) and
                    RIDE_LOCK denials of skiers whose pass another lane consumed. 10:16 reset to 27 dBm. The 09:30
                    ``gate.screen.brightness`` config is a decoy. (bh-gate's second incident, after (4).)
(6) 19:30 (eve)     bh-slope ← bh-grooming: the tracker vendor 星途定位 pushes its cold-weather power profile PS-COLD to
    06:30           the groomers' trackers (``fix_interval_s=60``, was 5; seen only in the heartbeats' values) → the
    06:35–09:45     night's tracks are sparse, the 06:30 groomed-status job finds coverage under 80% and the board shows 14
                    slopes 未压雪 (SlopeUngroomedOnBoard). 09:30 profile back to STD, 09:40 recomputed. The 05:50 slope
                    deploy 2.9.0 is a decoy.
(7) 07:20           bh-school: school_dir_linxue adds the hard constraint ``maxConsecutiveLessons=3`` in the school console →
    07:30–09:30     the scheduling runs SR-0122-* end at their 30 s time limit with up to 47 lessons unassigned
                    (LessonsUnassignedHigh). 09:25 made SOFT. The 06:50 deploy 3.2.1 is a decoy.
(8) 20:00 (eve)     bh-rental ← bh-miniapp: mini-program 4.8.0 reorders the ability picker (高级/中级/初级) and still sends
    08:00–10:10     ``ability_index`` → pre-booked beginners reach the bench as 高级 (skier type III, DIN too high) and experts
                    as 初级; technicians override (RentalDinOverridesHigh). 10:05 mini-program 4.8.1. The 07:30
                    ``rental.bench.label-template`` config is a decoy.
(9) 20:40 (eve)     bh-rental ← bh-mq: mq_ops_tianyu applies policy ``ttl-rental-audit`` (``message-ttl`` 60000, pattern
    21:12–21:58     ``^rental\\.``) meant for the audit queues; it also matches rental.deposit.release → in the night-session
    09:00–10:20     return wave release messages expire unconsumed → 312 deposits stay frozen; found by the 09:00
                    reconciliation (RentalDepositUnreleased). 09:50 pattern fixed, 10:12 re-released. The 20:50 rental deploy
                    6.1.3 is a decoy. (bh-rental's earlier incident.)
(10) 16:30 (eve)    bh-miniapp ← bh-k8s: plat_ops_gaofei lowers ResourceQuota ``compute`` requests.cpu 64 → 40 (cost review
    18:32–19:20     FIN-0121) → at the 18:30 夜场 promotion the mini-program's HPA scale-out is refused ``exceeded quota`` →
                    503s (MiniappHigh5xx). 19:18 restored. The 17:30 ``miniapp.banner.night-session`` config is a decoy.

Healthy: bh-shuttle (its 08:00 timetable config is a decoy) and bh-locker (its 09:10 deploy 1.8.4 is a decoy) — INFO/WARN
noise only, under their thresholds, no alert. Unrelated: SnowGunOffline (gun G-K1-07's radio module, still firing) and
HostCpuHigh on bh-k8s-node-03 at night. Still firing at 10:40: TicketCheckoutLatencyHigh (3) and SnowGunOffline.
Kubernetes: the deployments and their pods with their nodes, the events of the last hour. Run ``python -m evaluation.worlds
skiresort`` to print the bundle.
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

NAME = "skiresort"
SEED = 20270122
TZ = dt.timezone(dt.timedelta(hours=8))
DAY = dt.date(2027, 1, 22)
EVE = dt.date(2027, 1, 21)
START = dt.datetime(2027, 1, 21, 10, 30, tzinfo=TZ)
REFERENCE = dt.datetime(2027, 1, 22, 10, 40, tzinfo=TZ)
NS = "baihualing-resort"
REGISTRY = "registry.bhl-ski.local/resort"

_t = functools.partial(clock_on, DAY, TZ)
_y = functools.partial(clock_on, EVE, TZ)

LIFTS = {"L1": "雪绒魔毯", "L2": "白桦快线", "L3": "鹰嘴吊椅", "L4": "云杉缆车", "L5": "松涛拖牵"}
NIGHT_LIFTS = ("L1", "L2")
SLOPES = {"B1": "初雪坡", "B2": "白桦大道", "B3": "林间小径", "R1": "松涛", "R2": "鹰嘴", "R3": "云杉环线", "K1": "黑钻",
          "K2": "云杉壁", "B4": "雪绒坡", "R4": "望峰", "R5": "桦林", "K3": "北壁", "B5": "家庭坡", "R6": "落雪谷",
          "K4": "猎鹰"}
PRODUCTS = ("成人日票", "儿童日票", "成人半日票", "夜场票", "双日票", "季卡")
WINDOWS_ALL = ("W01", "W02", "W03", "W04", "W05", "W06")
RACKS = ("B1", "B2", "B3", "B4")

# --- (1) the lead compressor under lockout -------------------------------------------------------------------------------
LOTO = ("compressor C3 LOTO applied by snow_maint_liugang (WO-SM-0121-03: 换油 + 进气阀检修), breaker CB-C3 locked, "
        "local control inhibited")
ROTATION = ("weekly lead/lag rotation (PLC routine ROT-W, Thu 18:00): lead C2 -> C3, lag1 C1, lag2 C2")
SNOW_START = "snowmaking plan SP-0121-N started: B2 白桦大道 guns G-B2-01..14, R1 松涛 guns G-R1-01..10, demand 24 guns"
LEAD_NO_RUN = "lead compressor C3 start command sent, no run feedback within 30s, retry {n}/3"
HEADER = "air header pressure {p:.1f} bar (setpoint 7.0), compressors running: {run}, lag start threshold 5.0 bar"
GUN_TRIP = "gun {gun} tripped AIR_PRESSURE_LOW (air {p:.1f} bar < 6.0), water valve closed"
LEAD_FIX = ("snow_op_wangpeng: lead set to C1 manually, C2 started as lag1; C3 left out of rotation until WO-SM-0121-03 "
            "closed")
SNOW_HMI = ("deploy finished: bh-snowmaking 2.3.1 (was 2.3.0) rolled out by ci-bot pipeline=#3310; changes: HMI 趋势图, "
            "水泵页面布局")
GUN_OFFLINE = "gun G-K1-07 radio module no heartbeat for {m} min (last RSSI -97 dBm), ticket SM-0122-01"

# --- (2) the PMS night audit waiting on a prompt ----------------------------------------------------------------------------
AUDIT_START = "PMS 栖云 night audit started by lodge_night_sunyue, business date 2027-01-21"
AUDIT_PROMPT = ("PMS night audit step 4/9 (房账过账) waiting for confirmation: group master folio GRP-0121-07 余额不符 "
                "(¥-1,280.00)，是否继续？")
AUDIT_WAIT = "PMS night audit still at step 4/9 (waiting for confirmation since 04:07), business date 2027-01-21"
ROOM_DECLINE = ("wristband {wb} room-charge ¥{amt:.2f} to room {room} at {outlet} declined: PMS NIGHT_AUDIT_IN_PROGRESS "
                "(business date 2027-01-21)")
PMS_REFUSE = "POST /pms/folio/charge room {room} ¥{amt:.2f} -> 423 NIGHT_AUDIT_IN_PROGRESS"
AUDIT_CONFIRM = "lodge_fom_hejing: confirmed GRP-0121-07 prompt (团队主账次日核对)，night audit continued"
AUDIT_DONE = "PMS 栖云 night audit finished, business date 2027-01-22, room-charge posting open"
WALLET_DEPLOY = ("deploy finished: bh-wallet 5.2.0 (was 5.1.9) rolled out by ci-bot pipeline=#3322; changes: 充值页文案, "
                 "余额查询缓存")
DECLINE_PEAK = 117
DECLINE_ALERT = "38 次/10分钟"
OUTLETS = ("山居早餐厅", "山居早餐厅", "雪具大厅咖啡", "山顶餐厅")

# --- (3) node-07's swapfile ------------------------------------------------------------------------------------------------
BAD_NODE = "bh-k8s-node-07"
NODE_DRAIN = ("kubectl drain bh-k8s-node-07 by plat_ops_gaofei: OS rebuild OPS-0121-09 (image ubuntu-2204-bh-v7, kernel "
              "6.8)")
SWAP_ON = "kernel: Adding 16777212k swap on /swapfile.  Priority:-2 extents:1 across:16777212k SS"
KUBELET_SWAP = ("kubelet: failSwapOn=false, memorySwap.swapBehavior=UnlimitedSwap (from image ubuntu-2204-bh-v7 "
                "cloud-init)")
NODE_BACK = "kubelet: node bh-k8s-node-07 Ready; uncordoned by plat_ops_gaofei (OPS-0121-09 done)"
NODE_MEM = "node-exporter: swap used {swap:.1f} GiB, pgmajfault {fault}/s, memory available {avail:.1f} GiB"
HPA_SCALE = "HPA bh-ticket: scaled 4 -> 7 (cpu 81% of request, target 60%)"
CHECKOUT_SLOW = "checkout order {order} {product} x{n} took {ms}ms (budget 3000ms) -> 出票超时, client will retry"
CHECKOUT_OK = "checkout order {order} {product} x{n} paid, pass issued took {ms}ms"
TICKET_DECOY = ("[nacos] config changed: dataId=bh-ticket key=ticket.order.close-unpaid-min old=15 new=10 "
                "operator=ticket_dev_songjia")
CHECKOUT_PEAK = 9.6
CHECKOUT_ALERT = "3.4 秒"

# --- (4) the card stock with another chip ---------------------------------------------------------------------------------
STOCK_LOAD = ("window {win} card stock box CS-2027-011 loaded by window_sup_zhaoli: 500 cards, chip ICODE SLIX2 "
              "(supplier 华卡 batch HK-2701)")
WINDOW_SALE = "window {win} sold {product} card {uid} chip {chip} encoded ok"
MEDIA_REJECT = ("lane {lane} card {uid}: MEDIA_NOT_ALLOWED (chip ICODE SLIX2 not in media profile MP-2026B) -> "
                "请到票务中心")
STOCK_BACK = ("window_sup_zhaoli: windows W03/W04 back on card stock CS-2026-388 (ICODE SLIX); cards sold on CS-2027-011 "
              "re-issued at 票务中心")
MEDIA_PROFILE = ("[nacos] config changed: dataId=bh-gate key=gate.media.profile old=MP-2026B new=MP-2026C (adds ICODE "
                 "SLIX2) operator=gate_oncall_duheng")
GATE_WELCOME = ("[nacos] config changed: dataId=bh-gate key=gate.display.welcome-text old=欢迎来到白桦岭 "
                "new=寒假快乐·白桦岭欢迎你 operator=gate_dev_yanqiu")

# --- (5) the readers' transmit power at L2 ---------------------------------------------------------------------------------
VENDOR_WO = ("gate vendor 捷道 maintenance WO-JD-0122-02 by jd_fae_maqiang at L2 白桦快线 lanes L2-01..L2-06: 读头天线调谐")
READER_BEAT = "reader {lane} heartbeat: tx_power={p}dBm, antenna VSWR {v:.2f}, reads/min {r}, temp {temp}°C"
CROSS_READ = ("lane {lane} card {uid} validated (read while presented at nothing), turnstile not rotated within 8s, "
              "ride counted")
RIDE_LOCK = ("lane {lane} card {uid}: RIDE_LOCK (ride already counted at lane {other} {s}s ago, lock 5 min) -> denied")
VENDOR_DONE = "gate vendor 捷道 WO-JD-0122-02 closed by jd_fae_maqiang: L2 readers reset to tx_power=27dBm"
GATE_BRIGHT = ("[nacos] config changed: dataId=bh-gate key=gate.screen.brightness old=70 new=85 "
               "operator=gate_dev_yanqiu")
VALIDATION_PEAK = 318
VALIDATION_ALERT = "216 次/分钟"

# --- (6) the trackers' cold-weather profile ------------------------------------------------------------------------------
GROOMERS = {"T-01": "PB-01", "T-02": "PB-02", "T-03": "PB-03", "T-04": "PB-04", "T-05": "PB-05 (绞盘)", "T-06": "PB-06",
            "T-07": "PB-07", "T-08": "PB-08 (绞盘)"}
TRACKER_BEAT = ("tracker {t} ({cat}) heartbeat: profile={prof}, fix_interval_s={fi}, battery {b}%, sats {sats}, temp "
                "{temp}°C")
SHIFT_DONE = "groomer {cat} shift ended: {h}h{m:02d}m, distance {km:.1f} km, track points {pts}, slopes {slopes}"
GROOMED_JOB = "groomed-status job 2027-01-22 06:30: {n} slopes evaluated, {bad} below coverage 80%"
SLOPE_COVER = "slope {code} {name}: groomed coverage {c}% (< 80%) -> board grooming=未压雪"
SLOPE_OK = "slope {code} {name}: groomed coverage {c}% -> board grooming=已压雪"
BOARD_PUBLISH = "slope board published 06:32: open 15/15, grooming 已压雪 1, 未压雪 14"
PATROL_NOTE = "patrol_lead_zhouyi: 巡逻确认各雪道昨夜都压过了，雪面很好，状态屏却显示 14 条未压雪，游客在问"
PROFILE_BACK = ("grooming_lead_hanbo: trackers T-01..T-08 profile PS-COLD -> STD via 星途定位 portal (fix_interval_s 60 -> 5)")
RECOMPUTE = "groomed-status recomputed by grooming_lead_hanbo from cab logs: 15 slopes 已压雪; board republished 09:40"
SLOPE_DEPLOY = ("deploy finished: bh-slope 2.9.0 (was 2.8.3) rolled out by ci-bot pipeline=#3318; changes: 公告页英文, "
                "排队时间图标")

# --- (7) the scheduling constraint -----------------------------------------------------------------------------------------
CONSTRAINT_ADD = ("[school-console] constraint changed by school_dir_linxue: maxConsecutiveLessons=3 level NONE -> HARD "
                  "(教练连续授课不超过 3 节)")
SOLVE_OK = ("schedule run {run}: {n} lessons, {i} instructors, solving ended after {ms}ms (score 0hard/-{soft}soft), "
            "0 lessons unassigned")
SOLVE_BAD = ("schedule run {run}: {n} lessons, {i} instructors, solving ended after 30000ms (time limit), best score "
             "-{u}hard/-{soft}soft, {u} lessons unassigned")
LESSON_UNASSIGNED = "lesson {ls} {clock} {kind} ({slope}) status 待分配: no feasible instructor in run {run}"
CONSTRAINT_SOFT = ("[school-console] constraint changed by school_oncall_xiaran: maxConsecutiveLessons=3 level HARD -> SOFT")
SCHOOL_DEPLOY = ("deploy finished: bh-school 3.2.1 (was 3.2.0) rolled out by ci-bot pipeline=#3320; changes: 家长端课表, "
                 "集合点地图")
UNASSIGNED_PEAK = 47

# --- (8) the ability picker's index ----------------------------------------------------------------------------------------
MP_DEPLOY = ("deploy finished: bh-miniapp 4.8.0 (was 4.7.3) rolled out by ci-bot pipeline=#3301; changes: 预约页改版, "
             "能力等级选择器（高级/中级/初级）")
MP_PREBOOK = ("POST /api/mp/rental/prebook 200 {rb} picker=v2 ability_index={i} label={label} took={ms}ms")
RENTAL_PREBOOK = "prebooking {rb} received from bh-miniapp: ability_index={i} -> {ability}"
BENCH_DIN = ("bench {rack} rental {r} skier {kg}kg {cm}cm age {age} ability {ability} ({src}) -> type {typ} DIN {din}")
DIN_OVERRIDE = ("bench {rack} rental {r}: technician override DIN {din} -> {new} (顾客自述{said}) prebooking {rb}")
MP_FIX = ("deploy finished: bh-miniapp 4.8.1 (was 4.8.0) rolled out by ci-bot pipeline=#3330; changes: 能力等级改为传编码 "
          "BEGINNER/INTERMEDIATE/ADVANCED")
RENTAL_LABEL = ("[nacos] config changed: dataId=bh-rental key=rental.bench.label-template old=v3 new=v4 "
                "operator=rental_dev_qiuyue")
#: ability label → (skier type, the label the index of the old picker meant)
OLD_ORDER = ("初级", "中级", "高级")
NEW_ORDER = ("高级", "中级", "初级")
TYPE_OF = {"初级": "I", "中级": "II", "高级": "III"}

# --- (9) the TTL policy's pattern -------------------------------------------------------------------------------------------
TTL_POLICY = ("rabbitmqctl set_policy ttl-rental-audit \"^rental\\.\" '{\"message-ttl\":60000}' --apply-to queues by "
              "mq_ops_tianyu (ticket MQ-0121-04: 审计队列积压)")
TTL_APPLIED = ("policy ttl-rental-audit applied to queues: rental.audit.bench, rental.audit.counter, rental.deposit.release")
MQ_EXPIRED = "queue rental.deposit.release: {n} messages expired in the last 60s, ready {ready}, consumers 2"
RETURN_LINE = "return {r} wristband {wb} at {rack}: all items back, deposit release queued (¥{amt})"
RELEASE_SLOW = "deposit release consumer: backlog {n}, oldest {s}s, unfreeze via bh-wallet {ms}ms each"
RENTAL_DEPLOY = ("deploy finished: bh-rental 6.1.3 (was 6.1.2) rolled out by ci-bot pipeline=#3305; changes: 还板小票, "
                 "头盔尺码提示")
DEPOSIT_RECON = ("deposit reconciliation 2027-01-21: 312 deposits still frozen with all items returned (night session "
                 "returns 21:05-21:55), ¥93,600.00")
DEPOSIT_COMPLAINT = "complaint {c} wristband {wb}: 昨晚夜场已还板，押金 ¥{amt} 还没退"
TTL_FIX = ("rabbitmqctl set_policy ttl-rental-audit \"^rental\\.audit\\.\" '{\"message-ttl\":60000}' --apply-to queues by "
           "mq_ops_tianyu (MQ-0121-04 pattern fixed)")
DEPOSIT_REDO = "rental_oncall_lujia: re-released 312 deposits of 2027-01-21 night session returns via bh-wallet, 0 failures"

# --- (10) the lowered ResourceQuota ---------------------------------------------------------------------------------------
QUOTA_LOW = ("resourcequota/compute in namespace baihualing-resort edited by plat_ops_gaofei: requests.cpu 64 -> 40, "
             "limits.cpu 128 -> 80 (cost review FIN-0121)")
PROMO_PUSH = "mkt_ops_wenjing: 夜场票 ¥99 公众号推送已发出（18:30，粉丝 41 万）"
QUOTA_REFUSED = ("replicaset-controller: Error creating: pods \"{pod}\" is forbidden: exceeded quota: compute, requested: "
                 "requests.cpu=2, used: requests.cpu=39, limited: requests.cpu=40")
HPA_WANT = "HPA bh-miniapp: desired 12 replicas, current 6 (cpu 96% of request, target 60%)"
MP_503 = "GET {path} 503 upstream overloaded (active {a}/200) took={ms}ms"
QUOTA_BACK = ("resourcequota/compute in namespace baihualing-resort edited by plat_ops_gaofei: requests.cpu 40 -> 64, "
              "limits.cpu 80 -> 128 (FIN-0121 rolled back)")
MP_BANNER = ("[nacos] config changed: dataId=bh-miniapp key=miniapp.banner.night-session old=off new=on "
             "operator=mp_dev_luoxi")
MP_5XX_PEAK = 23.5

# --- healthy services' decoys, unrelated ---------------------------------------------------------------------------------
SHUTTLE_CONFIG = ("[nacos] config changed: dataId=bh-shuttle key=shuttle.timetable.version old=WT-2026 new=WT-2027-HOL "
                  "operator=shuttle_ops_gengyu")
LOCKER_DEPLOY = ("deploy finished: bh-locker 1.8.4 (was 1.8.3) rolled out by ci-bot pipeline=#3327; changes: 柜门超时提示")

# --- pods, nodes -----------------------------------------------------------------------------------------------------------
TICKET_ALL = pod_names("bh-ticket", "5.3.0", 7)
TICKET_BASE = TICKET_ALL[:4]
ON_BAD_NODE = TICKET_ALL[4:7]
ROLLOUTS: dict[str, list[tuple[dt.datetime, tuple[str, ...]]]] = {
    "bh-gate": [(START, pod_names("bh-gate", "7.4.1", 4))],
    "bh-ticket": [(START, TICKET_BASE), (_t("08:05:30"), TICKET_ALL)],
    "bh-miniapp": [(START, pod_names("bh-miniapp", "4.7.3", 6)), (_y("20:01:00"), pod_names("bh-miniapp", "4.8.0", 6)),
                   (_t("10:06:00"), pod_names("bh-miniapp", "4.8.1", 6))],
    "bh-rental": [(START, pod_names("bh-rental", "6.1.2", 3)), (_y("20:51:00"), pod_names("bh-rental", "6.1.3", 3))],
    "bh-school": [(START, pod_names("bh-school", "3.2.0", 2)), (_t("06:51:00"), pod_names("bh-school", "3.2.1", 2))],
    "bh-snowmaking": [(START, pod_names("bh-snowmaking", "2.3.0", 2)),
                      (_y("21:31:00"), pod_names("bh-snowmaking", "2.3.1", 2))],
    "bh-grooming": [(START, pod_names("bh-grooming", "1.6.4", 2))],
    "bh-slope": [(START, pod_names("bh-slope", "2.8.3", 2)), (_t("05:51:00"), pod_names("bh-slope", "2.9.0", 2))],
    "bh-lodge": [(START, pod_names("bh-lodge", "3.0.7", 2))],
    "bh-wallet": [(START, pod_names("bh-wallet", "5.1.9", 4)), (_t("06:51:00"), pod_names("bh-wallet", "5.2.0", 4))],
    "bh-shuttle": [(START, pod_names("bh-shuttle", "1.4.0", 2))],
    "bh-locker": [(START, pod_names("bh-locker", "1.8.3", 2)), (_t("09:11:00"), pod_names("bh-locker", "1.8.4", 2))],
}
GENERAL_NODES = [f"bh-k8s-node-{n:02d}" for n in (1, 2, 3, 4, 5, 6, 8)]
NODES = [*GENERAL_NODES, BAD_NODE]
MQ_NODES = ("rabbit@bh-mq-1", "rabbit@bh-mq-2", "rabbit@bh-mq-3")
INSTANCES: dict[str, list[str]] = {service: list(steps[-1][1]) for service, steps in ROLLOUTS.items()} | {
    "bh-k8s-node": NODES, "bh-mq": list(MQ_NODES), "bh-k8s": ["kube-controller-manager"]}


def node_of(pod: str) -> str:
    """The three checkout pods of the 08:05 scale-out on node-07 (empty after its rebuild); every other pod elsewhere."""
    if pod in ON_BAD_NODE:
        return BAD_NODE
    return GENERAL_NODES[int(hashlib.sha256(pod.encode()).hexdigest(), 16) % len(GENERAL_NODES)]


SERVICES: list[Json] = [
    {"name": "bh-gate", "aliases": ["闸机", "闸机核验", "检票", "缆车闸机", "RFID 闸机", "验票"],
     "description": "缆车与魔毯的 RFID 闸机与转闸核验（4 个副本）：各条索道入口通道（L1–L5，每条 4–6 个通道）的读头读取 "
                    "ISO 15693 票卡/手环，向它核验：介质是否在介质白名单（media profile）内、票种时段、同一索道 5 分钟 "
                    "RIDE_LOCK 防转借；读头心跳也经它汇聚。"},
    {"name": "bh-ticket", "aliases": ["票务", "售票", "出票", "购票", "票务中心", "售票窗口"],
     "description": "票务（Java，HPA 4–10 个副本）：线上下单出票（小程序调用 checkout，出票预算 3 秒，超时客户端重试）与"
                    "雪具大厅售票窗口 W01–W06 的现场售票、写卡；窗口领用的票卡卡盒（卡盒号、芯片型号）在这里登记。"},
    {"name": "bh-miniapp", "aliases": ["小程序", "白桦岭小程序", "小程序后端", "线上预约"],
     "description": "白桦岭微信小程序后端（6 个副本，HPA 6–14）：线上买票（调 bh-ticket）、雪具预约（调 bh-rental，带能力等级）"
                    "、滑雪课预约（调 bh-school）、营销活动页。"},
    {"name": "bh-rental", "aliases": ["雪具租赁", "租赁", "租板", "雪具大厅", "雪板租赁", "押金"],
     "description": "雪具租赁（3 个副本）：柜台与小程序预约取板、测脚选鞋、调板台（bench）按体重身高年龄与能力等级（滑雪者类型 "
                    "I/II/III）设置固定器 DIN 值；押金冻结在手环钱包，还板后经 RabbitMQ 队列 rental.deposit.release 异步"
                    "解冻；每天 09:00 押金对账。"},
    {"name": "bh-school", "aliases": ["滑雪学校", "教学", "滑雪课", "教练排班", "约课"],
     "description": "滑雪学校（2 个副本）：团课与私教课预约，教练排班求解（每 30 分钟一次 schedule run，求解时限 30 秒）"
                    "，把课分给有资质、有空的教练；约束在学校后台维护。"},
    {"name": "bh-snowmaking", "aliases": ["造雪", "造雪系统", "人工造雪", "造雪机", "空压机"],
     "description": "造雪控制（2 个副本 + 压缩机房 PLC-CH1 与各雪枪控制器）：空压机 C1–C3（主机/备机轮换，每周四 18:00 "
                    "PLC 自动轮换）、水泵站、雪枪；夜间按造雪计划开枪，雪枪空气压力低于 6.0 bar 自动跳枪。"},
    {"name": "bh-grooming", "aliases": ["压雪", "压雪车", "压雪车队", "车队定位", "GPS"],
     "description": "压雪车队（2 个副本）：8 台压雪车（含 2 台绞盘车）的定位终端（星途定位）心跳与轨迹点，夜班 20:30–05:30；"
                    "轨迹交给 bh-slope 计算压雪覆盖。"},
    {"name": "bh-slope", "aliases": ["雪道状态", "雪道", "状态屏", "雪道公告", "雪况", "封闭公告"],
     "description": "雪道状态与公告（2 个副本）：每天 06:30 按压雪轨迹计算各雪道压雪覆盖率（≥80% 为已压雪），发布到雪场"
                    "状态屏与小程序；雪崩控制、封闭公告。"},
    {"name": "bh-lodge", "aliases": ["酒店", "山居酒店", "PMS", "酒店对接", "入住"],
     "description": "山居酒店对接（2 个副本）：与酒店 PMS（栖云）对接入住、离店与挂房账（住客手环消费记入房账）；PMS 每晚"
                    "夜审（night audit）滚动营业日期，夜审期间不接受过账。"},
    {"name": "bh-wallet", "aliases": ["手环支付", "手环", "钱包", "手环钱包", "挂房账"],
     "description": "手环支付（4 个副本）：全场手环/卡钱包的充值、消费、押金冻结解冻；酒店住客可挂房账（经 bh-lodge 过账到 "
                    "PMS）。"},
    {"name": "bh-shuttle", "aliases": ["接驳车", "接驳巴士", "班车", "摆渡车"],
     "description": "接驳巴士（2 个副本）：酒店、停车场、高铁站与雪具大厅之间的班车时刻表、车辆定位与到站预估。"},
    {"name": "bh-locker", "aliases": ["储物柜", "柜子", "存包柜"],
     "description": "储物柜（2 个副本）：雪具大厅智能储物柜，手环开柜、按时计费。"},
    {"name": "bh-mq", "aliases": ["RabbitMQ", "消息队列", "MQ"],
     "description": "RabbitMQ 集群（3 个节点，集群外）：rental.deposit.release、rental.audit.*、notify.* 等队列。"},
    {"name": "bh-k8s", "aliases": ["集群", "控制面", "K8s", "配额"],
     "description": "集群 bh-prod 的控制面（kube-controller-manager、ResourceQuota、HPA）。"},
    {"name": "bh-k8s-node", "aliases": ["K8s 节点", "节点", "服务器"],
     "description": "集群 bh-prod 的节点 bh-k8s-node-01..08。"},
]

WINDOWS = {
    "compressor": (_y("22:14"), _t("01:40")),
    "audit": (_t("07:00"), _t("09:12")),
    "swap": (_t("08:07"), REFERENCE),
    "stock": (_t("08:30"), _t("09:25")),
    "crossread": (_t("09:41"), _t("10:17")),
    "tracker": (_t("06:35"), _t("09:45")),
    "solver": (_t("07:30"), _t("09:30")),
    "ability": (_t("08:00"), _t("10:10")),
    "ttl": (_y("21:12"), _y("21:58")),
    "quota": (_y("18:32"), _y("19:20")),
}


def _inside(window: str, t: dt.datetime) -> bool:
    a, b = WINDOWS[window]
    return a <= t < b


def _lifts_open(t: dt.datetime) -> tuple[str, ...]:
    """Day session 08:30–16:30 on every lift, night session 16:30–21:30 on L1 and L2."""
    clock = t.timetz().replace(tzinfo=None)
    if dt.time(8, 30) <= clock < dt.time(16, 30):
        return tuple(LIFTS)
    if dt.time(16, 30) <= clock < dt.time(21, 30):
        return NIGHT_LIFTS
    return ()


Line = tuple[str, str, dict[str, Any]]


def _uid(w: WorldBuilder) -> str:
    return f"E004{w.rng.choice(('01', '01', '01', '03'))}{w.hex(12).upper()}"


def _wb(w: WorldBuilder) -> str:
    return f"WB{w.rng.randint(10**7, 10**8 - 1)}"


def _order(w: WorldBuilder) -> str:
    return f"O{w.rng.randint(10**11, 10**12 - 1)}"


def _rental(w: WorldBuilder) -> str:
    return f"R{w.rng.randint(10**7, 10**8 - 1)}"


def _rb(w: WorldBuilder) -> str:
    return f"RB{w.rng.randint(10**8, 10**9 - 1)}"


def _lane(w: WorldBuilder, lift: str) -> str:
    return f"{lift}-{w.rng.randint(1, 6 if lift in ('L2', 'L4') else 4):02d}"


def _pod(w: WorldBuilder, service: str, t: dt.datetime) -> str:
    pods = ROLLOUTS[service][0][1]
    for moment, step in ROLLOUTS[service]:
        if moment <= t:
            pods = step
    if service == "bh-ticket":
        pods = tuple(p for p in pods if p not in ON_BAD_NODE)  # the slow pods write their own lines
    return w.rng.choice(pods)


# --- Noise: every service's ordinary day -------------------------------------------------------------------------------------
def _gate(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "bh-gate", t)
    lifts = [lift for lift in _lifts_open(t) if not (lift == "L2" and _inside("crossread", t))]
    roll = w.rng.random()
    if lifts and roll < 0.6:
        lift = w.rng.choice(lifts)
        return "INFO", (f"lane {_lane(w, lift)} card {_uid(w)} {w.rng.choice(PRODUCTS)} validated, turnstile rotated "
                        f"took={w.ms(40, 160)}ms"), {"instance": pod}
    if lifts and roll < 0.7:
        lift = w.rng.choice(lifts)
        return "WARN", (f"lane {_lane(w, lift)} card {_uid(w)}: PRODUCT_TIME_WINDOW (夜场票 not valid before 16:30) -> "
                        "denied"), {"instance": pod}
    if roll < 0.9:
        return "INFO", (f"gate fleet: {w.rng.randint(24, 26)}/26 lanes online, offline queue 0, media profile MP-2026"
                        f"{'C' if t >= _t('09:25') else 'B'}"), {"instance": pod}
    return "WARN", f"lane {_lane(w, w.rng.choice(tuple(LIFTS)))}: card read weak (RSSI low), retry ok", {"instance": pod}


def _ticket(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "bh-ticket", t)
    roll = w.rng.random()
    if roll < 0.45:
        return "INFO", CHECKOUT_OK.format(order=_order(w), product=w.rng.choice(PRODUCTS), n=w.rng.randint(1, 4),
                                          ms=w.ms(180, 900)), {"instance": pod}
    clock = t.timetz().replace(tzinfo=None)
    if roll < 0.7 and dt.time(7, 30) <= clock < dt.time(20, 0):
        win = w.rng.choice([x for x in WINDOWS_ALL if not (x in ("W03", "W04") and _t("07:40") <= t < _t("09:05"))])
        return "INFO", WINDOW_SALE.format(win=win, product=w.rng.choice(PRODUCTS[:5]), uid=_uid(w), chip="ICODE SLIX"), {
            "instance": pod}
    if roll < 0.92:
        return "INFO", f"inventory {w.rng.choice(PRODUCTS)} 2027-01-22: sold {w.rng.randint(400, 6000)}, cap 9000", {
            "instance": pod}
    return "WARN", f"order {_order(w)} payment callback late ({w.ms(3000, 9000)}ms), reconciled", {"instance": pod}


def _miniapp(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "bh-miniapp", t)
    roll = w.rng.random()
    if roll < 0.45:
        return "INFO", f"GET /api/mp/home 200 took={w.ms(20, 90)}ms", {"instance": pod, "log_type": "access"}
    if roll < 0.7:
        return "INFO", f"GET /api/mp/slopes/status 200 took={w.ms(15, 60)}ms", {"instance": pod, "log_type": "access"}
    if roll < 0.9:
        return "INFO", f"POST /api/mp/orders 200 {_order(w)} took={w.ms(300, 1200)}ms", {"instance": pod, "log_type": "access"}
    if roll < 0.98:
        return "INFO", f"POST /api/mp/lessons/book 200 LS{w.rng.randint(10**6, 10**7 - 1)} took={w.ms(80, 300)}ms", {
            "instance": pod}
    return "WARN", "POST /api/mp/login 401: wx code expired, client retried", {"instance": pod}


def _rental_noise(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "bh-rental", t)
    roll = w.rng.random()
    open_now = bool(_lifts_open(t)) or dt.time(7, 30) <= t.timetz().replace(tzinfo=None) < dt.time(8, 30)
    if open_now and roll < 0.35:
        return "INFO", (f"rental {_rental(w)} issued: ski {w.rng.choice((140, 150, 160, 170))}cm + boots "
                        f"{w.rng.choice((23.5, 24.5, 25.5, 26.5, 27.5))} + helmet {w.rng.choice('SML')}, deposit "
                        f"¥300 frozen on wristband {_wb(w)}"), {"instance": pod}
    if open_now and roll < 0.55:
        ability = w.rng.choice(OLD_ORDER)
        return "INFO", BENCH_DIN.format(rack=w.rng.choice(RACKS), r=_rental(w), kg=w.rng.randint(45, 90),
                                        cm=w.rng.randint(150, 188), age=w.rng.randint(16, 55), ability=ability,
                                        src="counter", typ=TYPE_OF[ability],
                                        din={"初级": "3.5", "中级": "5.0", "高级": "6.5"}[ability]), {"instance": pod}
    if roll < 0.8:
        return "INFO", f"foot scan kiosk K{w.rng.randint(1, 4)}: length {w.rng.randint(228, 292)}mm width {w.rng.randint(88, 110)}mm", {
            "instance": pod}
    if roll < 0.95:
        return "INFO", f"inventory: skis out {w.rng.randint(0, 900)}/1400, boots out {w.rng.randint(0, 900)}/1500", {
            "instance": pod}
    return "WARN", f"rental {_rental(w)}: boots 27.5 out of stock, offered 28.0", {"instance": pod}


def _school(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "bh-school", t)
    roll = w.rng.random()
    if roll < 0.5:
        return "INFO", (f"lesson booking LS{w.rng.randint(10**6, 10**7 - 1)} {w.rng.choice(('双板', '单板'))} "
                        f"{w.rng.choice(('团课', '私教'))} {w.rng.choice(('初级', '中级'))} confirmed"), {"instance": pod}
    if roll < 0.85:
        return "INFO", f"instructor I-{w.rng.randint(1001, 1096)} checked in at 学校前台, on duty", {"instance": pod}
    return "WARN", f"lesson booking LS{w.rng.randint(10**6, 10**7 - 1)}: meeting point changed by parent, notified", {
        "instance": pod}


def _snow(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "bh-snowmaking", t)
    roll = w.rng.random()
    if roll < 0.5:
        return "INFO", (f"pump station PS-1: flow {w.rng.randint(0, 180)} m³/h, pressure {w.rng.uniform(0, 32):.1f} bar, "
                        f"reservoir {w.rng.randint(61, 64)}%"), {"instance": pod, "trace": False}
    if roll < 0.9:
        return "INFO", f"weather station WS-B2: wet bulb {w.rng.uniform(-12, -4):.1f}°C, snowmaking window open", {
            "instance": pod, "trace": False}
    return "WARN", f"gun G-R{w.rng.randint(1, 2)}-{w.rng.randint(1, 10):02d} nozzle heater cycling, ok", {
        "instance": pod, "trace": False}


def _grooming(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "bh-grooming", t)
    if w.rng.random() < 0.7:
        return "INFO", f"fleet positions batch: {w.rng.randint(0, 8)} trackers moving, {w.rng.randint(0, 8)} parked at 车库", {
            "instance": pod}
    return "INFO", f"fuel report PB-0{w.rng.randint(1, 8)}: {w.rng.randint(30, 95)}% tank", {"instance": pod}


def _slope(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "bh-slope", t)
    roll = w.rng.random()
    if roll < 0.6:
        return "INFO", f"board refresh: {w.rng.randint(28, 30)}/30 screens acked, lift waits updated", {"instance": pod}
    if roll < 0.9:
        code = w.rng.choice(tuple(SLOPES))
        return "INFO", f"slope {code} {SLOPES[code]} snow depth {w.rng.randint(60, 130)} cm, surface 压实雪", {"instance": pod}
    return "WARN", "screen S-17 (停车场入口) ack late 40s, retried", {"instance": pod}


def _lodge(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "bh-lodge", t)
    roll = w.rng.random()
    audit = _t("04:05") <= t < _t("09:12")
    if roll < 0.5 and not audit:
        return "INFO", f"POST /pms/folio/charge room {w.rng.randint(2101, 3420)} ¥{w.rng.randint(20, 300)}.00 -> 200 posted", {
            "instance": pod}
    if roll < 0.8:
        return "INFO", f"PMS check-in room {w.rng.randint(2101, 3420)} guests {w.rng.randint(1, 4)}: wristbands linked", {
            "instance": pod}
    return "INFO", f"PMS interface heartbeat ok, queue {w.rng.randint(0, 3)}", {"instance": pod}


def _wallet(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "bh-wallet", t)
    roll = w.rng.random()
    if roll < 0.5:
        return "INFO", (f"wristband {_wb(w)} paid ¥{w.rng.randint(8, 180)}.00 at {w.rng.choice(OUTLETS[1:])} balance ok "
                        f"took={w.ms(30, 140)}ms"), {"instance": pod}
    if roll < 0.75:
        return "INFO", f"wristband {_wb(w)} top-up ¥{w.rng.choice((200, 300, 500))} via 微信支付 ok", {"instance": pod}
    if roll < 0.95:
        return "INFO", f"deposit unfreeze wristband {_wb(w)} ¥{w.rng.choice((20, 300))} ok", {"instance": pod}
    return "WARN", f"wristband {_wb(w)} paid declined: balance insufficient", {"instance": pod}


def _shuttle(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "bh-shuttle", t)
    roll = w.rng.random()
    if roll < 0.7:
        return "INFO", (f"bus 吉A{w.rng.randint(10000, 99999)} route {w.rng.choice(('酒店环线', '高铁站线', '停车场线'))} ETA "
                        f"{w.rng.randint(2, 25)} min, passengers {w.rng.randint(0, 45)}"), {"instance": pod}
    if roll < 0.95:
        return "INFO", "GET /api/shuttle/timetable 200 took=12ms", {"instance": pod, "log_type": "access"}
    return "WARN", "bus GPS fix stale 90s in 隧道段, ETA held", {"instance": pod}


def _locker(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "bh-locker", t)
    roll = w.rng.random()
    if roll < 0.75:
        return "INFO", (f"locker {w.rng.choice('ABCD')}-{w.rng.randint(1, 480):03d} opened by wristband {_wb(w)} "
                        f"took={w.ms(120, 400)}ms"), {"instance": pod}
    if roll < 0.95:
        return "INFO", f"locker bank {w.rng.choice('ABCD')}: {w.rng.randint(50, 470)}/480 occupied", {"instance": pod}
    return "WARN", f"locker {w.rng.choice('ABCD')}-{w.rng.randint(1, 480):03d} door left ajar 60s, buzzer", {"instance": pod}


def _mq(w: WorldBuilder, t: dt.datetime) -> Line:
    return "INFO", (f"node memory {w.rng.randint(18, 34)}% of high watermark, queues {w.rng.randint(41, 44)}, publish "
                    f"{w.rng.randint(20, 400)}/s"), {"instance": w.rng.choice(MQ_NODES), "trace": False}


def _node(w: WorldBuilder, t: dt.datetime) -> Line:
    node = w.rng.choice(GENERAL_NODES)
    if w.rng.random() < 0.6:
        return "INFO", f"kubelet: image garbage collection: usage {w.rng.randint(20, 60)}% below threshold 80%", {
            "instance": node, "trace": False}
    return "INFO", f"chronyd: selected source ntp.bhl-ski.local, offset {w.rng.uniform(-0.4, 0.4):.3f}ms", {
        "instance": node, "trace": False}


def _k8s(w: WorldBuilder, t: dt.datetime) -> Line:
    return "INFO", f"horizontal-pod-autoscaler: {w.rng.randint(9, 12)} HPAs reconciled, no change", {
        "instance": "kube-controller-manager", "trace": False}


NOISE = {
    "bh-gate": (_gate, 25), "bh-ticket": (_ticket, 30), "bh-miniapp": (_miniapp, 35), "bh-rental": (_rental_noise, 60),
    "bh-school": (_school, 120), "bh-snowmaking": (_snow, 300), "bh-grooming": (_grooming, 300), "bh-slope": (_slope, 240),
    "bh-lodge": (_lodge, 120), "bh-wallet": (_wallet, 45), "bh-shuttle": (_shuttle, 150), "bh-locker": (_locker, 150),
    "bh-mq": (_mq, 600), "bh-k8s-node": (_node, 600), "bh-k8s": (_k8s, 900),
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


# --- Incident 1: the lead compressor under lockout ------------------------------------------------------------------------
GUNS = [f"G-B2-{n:02d}" for n in range(1, 15)] + [f"G-R1-{n:02d}" for n in range(1, 11)]


def compressor_loto(w: WorldBuilder) -> None:
    snow = "bh-snowmaking"
    w.log(_y("14:20:10.118"), snow, "INFO", LOTO, instance="PLC-CH1", trace=False, change="ops")
    w.log(_y("18:00:00.204"), snow, "INFO", ROTATION, instance="PLC-CH1", trace=False, job="lead-lag-rotation")
    w.log(_y("21:30:10.330"), snow, "INFO", SNOW_HMI, instance=ROLLOUTS[snow][1][1][0], change="deploy")
    _rolled(w, snow, 1, "SnowmakingHmiApplication 2.3.1 started in {s} seconds")
    w.log(_y("22:10:00.441"), snow, "INFO", SNOW_START, instance="PLC-CH1", trace=False)
    for n, moment in enumerate((_y("22:10:05.551"), _y("22:10:40.118"), _y("22:11:15.204")), 1):
        w.log(moment, snow, "WARN", LEAD_NO_RUN.format(n=n), instance="PLC-CH1", trace=False)
    pressure = [(_y("22:10"), 7.0), (_y("22:13"), 5.6), (_y("22:20"), 4.4), (_y("22:40"), 4.1), (_t("01:30"), 4.3),
                (_t("01:38"), 6.9)]
    for moment in _every(w, _y("22:12"), _t("01:40"), 240, 420):
        w.log(moment, snow, "WARN", HEADER.format(p=interpolate(pressure, moment), run="C1" if moment >= _y("22:14") else "none"),
              instance="PLC-CH1", trace=False)
    for index, gun in enumerate(GUNS):
        moment = _y("22:14:00") + dt.timedelta(seconds=23 * index, milliseconds=w.rng.randint(0, 999))
        w.log(moment, snow, "ERROR", GUN_TRIP.format(gun=gun, p=interpolate(pressure, moment) - 0.4), instance=gun, trace=False)
    _ops(w, _y("23:40:10.330"), snow, "snow_op_wangpeng: B2、R1 雪枪全部跳枪，报空气压力低，压缩机房只有 C1 在跑")
    _ops(w, _t("01:35:10.441"), snow, LEAD_FIX)
    w.log(_t("01:40:20.551"), snow, "INFO", "snowmaking plan SP-0121-N resumed: 24 guns running, air header 7.0 bar",
          instance="PLC-CH1", trace=False)
    w.alert("SnowmakingAirPressureLow", snow, "critical", _y("22:16"), _t("01:48"), "4.4 bar",
            "压缩机房空气总管压力 4.4 bar，低于 6.0 bar，雪枪跳枪", namespace=NS)


# --- Incident 2: the night audit waiting on a prompt -------------------------------------------------------------------------
DECLINES: Keyframes = [(START, 0), (_t("06:55"), 0), (_t("07:05"), 38), (_t("07:40"), 86), (_t("08:11"), 109),
                       (_t("08:12"), DECLINE_PEAK), (_t("08:13"), 108), (_t("08:50"), 71), (_t("09:12"), 30),
                       (_t("09:20"), 0), (REFERENCE, 0)]


def night_audit(w: WorldBuilder) -> None:
    lodge, wallet = "bh-lodge", "bh-wallet"
    lpods = ROLLOUTS[lodge][0][1]
    w.log(_t("04:05:10.118"), lodge, "INFO", AUDIT_START, instance=lpods[0], trace=False, job="pms-night-audit")
    w.log(_t("04:07:30.204"), lodge, "WARN", AUDIT_PROMPT, instance=lpods[0], trace=False, job="pms-night-audit")
    for moment in _every(w, "04:37", "09:10", 1750, 1850):
        w.log(moment, lodge, "WARN", AUDIT_WAIT, instance=lpods[0], trace=False, job="pms-night-audit")
    w.log(_t("06:50:10.330"), wallet, "INFO", WALLET_DEPLOY, instance=ROLLOUTS[wallet][1][1][0], change="deploy")
    _rolled(w, wallet, 1, "WalletApplication 5.2.0 started in {s} seconds")
    for moment in _every(w, "07:00", "09:12", 6, 20):
        room = w.rng.randint(2101, 3420)
        amt = w.rng.choice((38.0, 58.0, 68.0, 88.0, 128.0))
        w.log(moment, lodge, "WARN", PMS_REFUSE.format(room=room, amt=amt), instance=w.rng.choice(lpods))
        w.log(moment + dt.timedelta(milliseconds=w.ms(40, 120)), wallet, "WARN",
              ROOM_DECLINE.format(wb=_wb(w), amt=amt, room=room, outlet=w.rng.choice(OUTLETS)),
              instance=_pod(w, wallet, moment))
    _ops(w, "08:25:10.441", wallet, "wallet_oncall_pengfei: 早餐厅住客挂房账全部被拒，酒店接口回 NIGHT_AUDIT_IN_PROGRESS")
    _ops(w, "09:10:10.551", lodge, AUDIT_CONFIRM)
    w.log(_t("09:12:20.118"), lodge, "INFO", AUDIT_DONE, instance=lpods[0], trace=False, job="pms-night-audit")
    w.alert("RoomChargeDeclinesHigh", wallet, "warning", _t("07:05"), _t("09:20"), DECLINE_ALERT,
            "挂房账被拒 38 次/10分钟，超过阈值 20", namespace=NS)


# --- Incident 3: node-07's swapfile ----------------------------------------------------------------------------------------
CHECKOUT_SERIES: Keyframes = [(START, 1.1), (_t("08:05"), 1.3), (_t("08:10"), 2.6), (_t("08:20"), 3.4), (_t("08:50"), 7.8),
                              (_t("09:11"), 8.9), (_t("09:12"), CHECKOUT_PEAK), (_t("09:13"), 9.0), (_t("10:00"), 6.8),
                              (REFERENCE, 6.1)]


def node_swap(w: WorldBuilder) -> None:
    ticket, node = "bh-ticket", "bh-k8s-node"
    w.log(_y("17:00:10.118"), node, "INFO", NODE_DRAIN, instance=BAD_NODE, trace=False)
    w.log(_t("02:30:40.204"), node, "INFO", SWAP_ON, instance=BAD_NODE, trace=False)
    w.log(_t("02:31:05.330"), node, "INFO", KUBELET_SWAP, instance=BAD_NODE, trace=False)
    w.log(_t("02:33:10.441"), node, "INFO", NODE_BACK, instance=BAD_NODE, trace=False)
    for moment in _every(w, "02:40", REFERENCE, 560, 640):
        busy = moment >= _t("08:06")
        w.log(moment, node, "INFO" if not busy else "WARN",
              NODE_MEM.format(swap=w.jitter(10.5, 0.9) if busy else 0.0,
                              fault=w.rng.randint(2600, 4800) if busy else w.rng.randint(0, 3),
                              avail=w.jitter(0.5, 0.2) if busy else w.jitter(26.0, 1.0)), instance=BAD_NODE, trace=False)
    w.log(_t("07:55:10.551"), ticket, "INFO", TICKET_DECOY, instance=TICKET_BASE[0], change="config")
    _ops(w, "08:05:05.118", ticket, HPA_SCALE)
    _rolled(w, ticket, 1, "TicketApplication 5.3.0 started in {s} seconds")
    for moment in _every(w, "08:07", REFERENCE, 5, 14):
        pod = w.rng.choice(ON_BAD_NODE)
        took = w.ms(4000, 9200)
        w.log(moment, ticket, "WARN", CHECKOUT_SLOW.format(order=_order(w), product=w.rng.choice(PRODUCTS), n=w.rng.randint(1, 4),
                                                            ms=took), instance=pod)
    _ops(w, "08:45:20.204", ticket, "ticket_oncall_yaoming: 小程序出票超时，新扩的三个 Pod 一单要四五秒以上，老 Pod 几百毫秒")
    w.alert("TicketCheckoutLatencyHigh", ticket, "critical", _t("08:20"), None, CHECKOUT_ALERT,
            "出票 P99 3.4 秒，超过阈值 3 秒", namespace=NS)


# --- Incident 4: the card stock with another chip --------------------------------------------------------------------------
def card_stock(w: WorldBuilder) -> None:
    ticket, gate = "bh-ticket", "bh-gate"
    for index, win in enumerate(("W03", "W04")):
        w.log(_t("07:40:10") + dt.timedelta(seconds=95 * index, milliseconds=w.rng.randint(0, 999)), ticket, "INFO",
              STOCK_LOAD.format(win=win), instance=win, trace=False)
    sold: list[str] = []
    for moment in _every(w, "07:45", "09:05", 40, 110):
        uid = f"E00402{w.hex(12).upper()}"
        sold.append(uid)
        w.log(moment, ticket, "INFO", WINDOW_SALE.format(win=w.rng.choice(("W03", "W04")), product=w.rng.choice(PRODUCTS[:3]),
                                                         uid=uid, chip="ICODE SLIX2"), instance=_pod(w, ticket, moment))
    w.log(_t("08:00:10.118"), gate, "INFO", GATE_WELCOME, instance=ROLLOUTS[gate][0][1][1], change="config")
    for moment in _every(w, "08:30", "09:25", 15, 50):
        lift = w.rng.choice(("L1", "L3", "L4", "L5"))
        w.log(moment, gate, "WARN", MEDIA_REJECT.format(lane=_lane(w, lift), uid=w.rng.choice(sold)),
              instance=_pod(w, gate, moment))
    _ops(w, "08:55:10.204", gate, "gate_oncall_duheng: 各索道都有卡报 MEDIA_NOT_ALLOWED，卡都是今早窗口卖的日票")
    _ops(w, "09:05:20.330", ticket, STOCK_BACK)
    w.log(_t("09:25:10.441"), gate, "INFO", MEDIA_PROFILE, instance=ROLLOUTS[gate][0][1][0], change="config")
    w.alert("GateMediaRejectsHigh", gate, "warning", _t("08:40"), _t("09:32"), "14 次/10分钟",
            "闸机介质拒绝 14 次/10分钟，超过阈值 10", namespace=NS)


# --- Incident 5: the readers' transmit power at L2 -----------------------------------------------------------------------------
VALIDATIONS: Keyframes = [(START, 80), (_y("16:30"), 60), (_y("21:30"), 0), (_t("08:30"), 0), (_t("08:31"), 70),
                          (_t("09:40"), 96), (_t("09:42"), 180), (_t("09:46"), 216), (_t("10:01"), 296),
                          (_t("10:02"), VALIDATION_PEAK), (_t("10:03"), 290), (_t("10:16"), 240), (_t("10:18"), 98),
                          (REFERENCE, 94)]


def reader_power(w: WorldBuilder) -> None:
    gate = "bh-gate"
    lanes = [f"L2-{n:02d}" for n in range(1, 7)]
    w.log(_t("09:30:10.118"), gate, "INFO", GATE_BRIGHT, instance=ROLLOUTS[gate][0][1][2], change="config")
    _ops(w, "09:38:10.204", gate, VENDOR_WO)
    for moment in _every(w, _y("16:00"), REFERENCE, 290, 310):
        if not ("L2" in _lifts_open(moment) or _t("08:00") <= moment):
            continue
        high = _t("09:41") <= moment < _t("10:16:30")
        for index, lane in enumerate(lanes):
            w.log(moment + dt.timedelta(seconds=index), gate, "INFO",
                  READER_BEAT.format(lane=lane, p=33 if high else 27, v=w.jitter(1.2, 0.05),
                                     r=w.rng.randint(40, 70) if high else w.rng.randint(8, 20), temp=w.rng.randint(-16, -8)),
                  instance=lane, trace=False)
    for moment in _every(w, "09:41", "10:17", 6, 18):
        a, b = w.rng.sample(lanes, 2)
        uid = _uid(w)
        w.log(moment, gate, "INFO", CROSS_READ.format(lane=a, uid=uid), instance=_pod(w, gate, moment))
        w.log(moment + dt.timedelta(seconds=w.rng.randint(5, 40)), gate, "WARN",
              RIDE_LOCK.format(lane=b, uid=uid, other=a, s=w.rng.randint(5, 40)), instance=_pod(w, gate, moment))
    _ops(w, "10:05:10.330", gate, "gate_oncall_duheng: 白桦快线一堆人被 RIDE_LOCK 拒，说没刷过；核验量是平时三倍，别的索道正常")
    w.log(_t("10:16:20.441"), gate, "INFO", VENDOR_DONE, instance="ops-console", trace=False)
    w.alert("GateValidationSurge", gate, "warning", _t("09:46"), _t("10:22"), VALIDATION_ALERT,
            "白桦快线闸机核验 216 次/分钟，超过阈值 200", namespace=NS, lift="L2")


# --- Incident 6: the trackers' cold-weather profile ---------------------------------------------------------------------------
def tracker_profile(w: WorldBuilder) -> None:
    groom, slope = "bh-grooming", "bh-slope"
    gpods = ROLLOUTS[groom][0][1]
    for moment in _every(w, START + dt.timedelta(minutes=7), REFERENCE, 1780, 1820):
        cold = _y("19:30") <= moment < _t("09:30")
        for index, (tracker, cat) in enumerate(GROOMERS.items()):
            w.log(moment + dt.timedelta(seconds=index * 2), groom, "INFO",
                  TRACKER_BEAT.format(t=tracker, cat=cat, prof="PS-COLD" if cold else "STD", fi=60 if cold else 5,
                                      b=w.rng.randint(70, 99), sats=w.rng.randint(9, 18), temp=w.rng.randint(-24, -9)),
                  instance=tracker, trace=False)
    for index, cat in enumerate(GROOMERS.values()):
        mins = w.rng.randint(290, 330)
        codes = w.rng.sample(sorted(SLOPES), 3)
        w.log(_t("05:30:10") + dt.timedelta(seconds=41 * index), groom, "INFO",
              SHIFT_DONE.format(cat=cat, h=mins // 60, m=mins % 60, km=w.jitter(45, 6),
                                pts=mins + w.rng.randint(-12, 12), slopes="、".join(codes)),
              instance=gpods[0], trace=False)
    w.log(_t("05:50:10.118"), slope, "INFO", SLOPE_DEPLOY, instance=ROLLOUTS[slope][1][1][0], change="deploy")
    _rolled(w, slope, 1, "SlopeBoardApplication 2.9.0 started in {s} seconds")
    spods = ROLLOUTS[slope][1][1]
    w.log(_t("06:30:05.204"), slope, "INFO", GROOMED_JOB.format(n=15, bad=14), instance=spods[0], trace=False,
          job="groomed-status")
    for index, (code, name) in enumerate(SLOPES.items()):
        line = SLOPE_OK.format(code=code, name=name, c=86) if code == "B5" else SLOPE_COVER.format(
            code=code, name=name, c=w.rng.randint(6, 14))
        w.log(_t("06:30:10") + dt.timedelta(seconds=2 * index), slope, "INFO" if code == "B5" else "WARN", line,
              instance=spods[0], trace=False, job="groomed-status")
    w.log(_t("06:32:00.330"), slope, "INFO", BOARD_PUBLISH, instance=spods[0], trace=False)
    for moment in _every(w, "08:35", "09:40", 200, 500):
        w.log(moment, "bh-miniapp", "WARN",
              f"feedback {w.rng.randint(10**5, 10**6 - 1)}: 状态屏说{w.rng.choice(list(SLOPES.values()))}没压雪，到底压没压？",
              instance=_pod(w, "bh-miniapp", moment))
    _ops(w, "08:50:10.441", slope, PATROL_NOTE)
    _ops(w, "09:30:10.551", groom, PROFILE_BACK)
    _ops(w, "09:40:20.118", slope, RECOMPUTE)
    w.alert("SlopeUngroomedOnBoard", slope, "warning", _t("06:35"), _t("09:45"), "14 条",
            "状态屏未压雪雪道 14 条，超过阈值 3", namespace=NS)


# --- Incident 7: the scheduling constraint -----------------------------------------------------------------------------------
UNASSIGNED: Keyframes = [(START, 0), (_t("07:29"), 0), (_t("07:30"), 31), (_t("08:00"), 44), (_t("08:30"), UNASSIGNED_PEAK),
                         (_t("09:00"), 39), (_t("09:29"), 39), (_t("09:30"), 0), (REFERENCE, 0)]


def solver_constraint(w: WorldBuilder) -> None:
    school = "bh-school"
    w.log(_t("06:50:10.118"), school, "INFO", SCHOOL_DEPLOY, instance=ROLLOUTS[school][1][1][0], change="deploy")
    _rolled(w, school, 1, "SchoolApplication 3.2.1 started in {s} seconds")
    w.log(_t("07:20:10.204"), school, "INFO", CONSTRAINT_ADD, instance=ROLLOUTS[school][1][1][0], change="config")
    runs = [_y(c) for c in ("11:00", "12:00", "13:00", "14:00", "15:00", "16:00", "17:00", "18:00")] + \
           [_t(c) for c in ("06:00", "06:30", "07:00", "07:30", "08:00", "08:30", "09:00", "09:30", "10:00", "10:30")]
    unassigned = {"07:30": 31, "08:00": 44, "08:30": UNASSIGNED_PEAK, "09:00": 39}
    for moment in runs:
        run = f"SR-{moment:%m%d-%H%M}"
        u = unassigned.get(f"{moment:%H:%M}") if moment.date() == DAY else None
        at = moment + dt.timedelta(seconds=w.rng.randint(31, 33) if u else w.rng.randint(3, 8))
        if u:
            w.log(at, school, "WARN", SOLVE_BAD.format(run=run, n=412, i=96, u=u, soft=w.rng.randint(1200, 1500)),
                  instance=ROLLOUTS[school][1][1][1], trace=False, job="schedule-run")
            for k in range(min(u, 6)):
                clock = w.rng.choice(("08:30", "09:00", "10:00", "10:30"))
                w.log(at + dt.timedelta(seconds=k + 1), school, "WARN",
                      LESSON_UNASSIGNED.format(ls=f"LS{w.rng.randint(10**6, 10**7 - 1)}", clock=clock,
                                               kind=w.rng.choice(("双板 初级 团课", "单板 初级 团课", "双板 私教")),
                                               slope=w.rng.choice(("B1 初雪坡", "B4 雪绒坡", "B5 家庭坡")), run=run),
                      instance=ROLLOUTS[school][1][1][1], trace=False)
        else:
            pods = ROLLOUTS[school][1][1] if moment >= _t("06:51") else ROLLOUTS[school][0][1]
            w.log(at, school, "INFO", SOLVE_OK.format(run=run, n=w.rng.randint(180, 412), i=96, ms=w.rng.randint(2100, 7800),
                                                      soft=w.rng.randint(300, 900)),
                  instance=pods[1], trace=False, job="schedule-run")
    _ops(w, "08:40:10.330", school, "school_oncall_xiaran: 初雪坡集合点一堆家长在等，课表显示待分配，教练其实都在")
    w.log(_t("09:25:10.441"), school, "INFO", CONSTRAINT_SOFT, instance=ROLLOUTS[school][1][1][0], change="config")
    w.alert("LessonsUnassignedHigh", school, "warning", _t("07:35"), _t("09:35"), "31 节",
            "待分配课程 31 节，超过阈值 10", namespace=NS)


# --- Incident 8: the ability picker's index -------------------------------------------------------------------------------
def ability_index(w: WorldBuilder) -> None:
    mp, rental = "bh-miniapp", "bh-rental"
    w.log(_y("20:00:10.118"), mp, "INFO", MP_DEPLOY, instance=ROLLOUTS[mp][1][1][0], change="deploy")
    _rolled(w, mp, 1, "MiniappApplication 4.8.0 started in {s} seconds")
    w.log(_t("07:30:10.204"), rental, "INFO", RENTAL_LABEL, instance=ROLLOUTS[rental][1][1][0], change="config")
    booked: list[tuple[str, str]] = []
    for moment in _every(w, _y("20:05"), "10:05", 300, 900):
        label = w.rng.choice(("初级", "初级", "初级", "中级", "高级"))
        index = NEW_ORDER.index(label)
        rb = _rb(w)
        w.log(moment, mp, "INFO", MP_PREBOOK.format(rb=rb, i=index, label=label, ms=w.ms(60, 180)),
              instance=_pod(w, mp, moment), log_type="access")
        w.log(moment + dt.timedelta(milliseconds=w.ms(30, 90)), rental, "INFO",
              RENTAL_PREBOOK.format(rb=rb, i=index, ability=OLD_ORDER[index]), instance=_pod(w, rental, moment))
        booked.append((rb, label))
    din = {"初级": ("3.0", "3.5"), "中级": ("5.0", "5.0"), "高级": ("5.5", "7.0")}
    fits = _every(w, "08:00", "10:10", 60, 240)
    for moment, (rb, label) in zip(fits, booked, strict=False):
        read = OLD_ORDER[NEW_ORDER.index(label)]
        kg, cm, age = (w.rng.randint(26, 40), w.rng.randint(128, 150), w.rng.randint(7, 12)) if label == "初级" and \
            w.rng.random() < 0.5 else (w.rng.randint(48, 85), w.rng.randint(155, 186), w.rng.randint(17, 50))
        r = _rental(w)
        rack = w.rng.choice(RACKS)
        set_din = din[read][1] if read != label else din[label][0]
        w.log(moment, rental, "INFO", BENCH_DIN.format(rack=rack, r=r, kg=kg, cm=cm, age=age, ability=read,
                                                       src=f"prebooking {rb}", typ=TYPE_OF[read], din=set_din),
              instance=_pod(w, rental, moment))
        if read != label:
            w.log(moment + dt.timedelta(seconds=w.rng.randint(40, 140)), rental, "WARN",
                  DIN_OVERRIDE.format(rack=rack, r=r, din=set_din, new=din[label][0], said=label, rb=rb),
                  instance=_pod(w, rental, moment))
    _ops(w, "09:20:10.330", rental, "rental_oncall_lujia: 调板台师傅说小程序预约的初学者都显示高级，DIN 调得偏高，得一个个改")
    w.log(_t("10:05:10.441"), mp, "INFO", MP_FIX, instance=ROLLOUTS[mp][2][1][0], change="deploy")
    _rolled(w, mp, 2, "MiniappApplication 4.8.1 started in {s} seconds")
    w.alert("RentalDinOverridesHigh", rental, "warning", _t("08:40"), _t("10:20"), "9 次/小时",
            "调板台 DIN 人工改值 9 次/小时，超过阈值 8", namespace=NS)


# --- Incident 9: the TTL policy's pattern ---------------------------------------------------------------------------------
def ttl_policy(w: WorldBuilder) -> None:
    mq, rental = "bh-mq", "bh-rental"
    w.log(_y("20:40:10.118"), mq, "INFO", TTL_POLICY, instance=MQ_NODES[0], trace=False, change="ops")
    w.log(_y("20:40:11.204"), mq, "INFO", TTL_APPLIED, instance=MQ_NODES[0], trace=False)
    w.log(_y("20:50:10.330"), rental, "INFO", RENTAL_DEPLOY, instance=ROLLOUTS[rental][1][1][0], change="deploy")
    _rolled(w, rental, 1, "RentalApplication 6.1.3 started in {s} seconds")
    returned: list[str] = []
    for moment in _every(w, _y("21:05"), _y("21:55"), 4, 14):
        wb = _wb(w)
        returned.append(wb)
        w.log(moment, rental, "INFO", RETURN_LINE.format(r=_rental(w), wb=wb, rack=w.rng.choice(RACKS), amt=300),
              instance=_pod(w, rental, moment))
    for moment in _every(w, _y("21:10"), _y("22:00"), 50, 70):
        w.log(moment, rental, "WARN", RELEASE_SLOW.format(n=w.rng.randint(60, 240), s=w.rng.randint(65, 140),
                                                          ms=w.ms(280, 420)), instance=_pod(w, rental, moment))
    for moment in _every(w, _y("21:12"), _y("21:58"), 55, 65):
        w.log(moment, mq, "WARN", MQ_EXPIRED.format(n=w.rng.randint(3, 12), ready=w.rng.randint(40, 200)),
              instance=MQ_NODES[1], trace=False)
    w.log(_t("09:00:20.441"), rental, "ERROR", DEPOSIT_RECON, instance=ROLLOUTS[rental][1][1][0], trace=False,
          job="deposit-reconciliation")
    for moment in _every(w, "08:10", "10:12", 300, 700):
        w.log(moment, rental, "WARN", DEPOSIT_COMPLAINT.format(c=f"C{w.rng.randint(10**6, 10**7 - 1)}", wb=w.rng.choice(returned),
                                                               amt=300), instance=_pod(w, rental, moment))
    _ops(w, "09:35:10.551", rental, "rental_oncall_lujia: 312 笔押金没解冻，解冻消息在队列里过期丢了，不是消费报错")
    w.log(_t("09:50:10.118"), mq, "INFO", TTL_FIX, instance=MQ_NODES[0], trace=False, change="ops")
    _ops(w, "10:12:10.204", rental, DEPOSIT_REDO)
    w.alert("RentalDepositUnreleased", rental, "warning", _t("09:02"), _t("10:20"), "312 笔",
            "已还板未解冻押金 312 笔，超过阈值 0", namespace=NS)


# --- Incident 10: the lowered ResourceQuota ------------------------------------------------------------------------------------
MP_5XX: Keyframes = [(START, 0.05), (_y("18:30"), 0.08), (_y("18:33"), 6.2), (_y("18:51"), 21.8), (_y("18:52"), MP_5XX_PEAK),
                     (_y("18:53"), 21.0), (_y("19:15"), 12.0), (_y("19:22"), 0.3), (_y("19:30"), 0.06), (REFERENCE, 0.05)]


def quota_lowered(w: WorldBuilder) -> None:
    k8s, mp = "bh-k8s", "bh-miniapp"
    w.log(_y("16:30:10.118"), k8s, "INFO", QUOTA_LOW, instance="kube-controller-manager", trace=False, change="ops")
    w.log(_y("17:30:10.204"), mp, "INFO", MP_BANNER, instance=ROLLOUTS[mp][0][1][0], change="config")
    _ops(w, _y("18:30:05.330"), mp, PROMO_PUSH)
    wanted = pod_names("bh-miniapp", "4.7.3", 12)[6:]
    for moment in _every(w, _y("18:32"), _y("19:18"), 45, 90):
        w.log(moment, k8s, "WARN", QUOTA_REFUSED.format(pod=w.rng.choice(wanted)), instance="kube-controller-manager",
              trace=False)
    for moment in _every(w, _y("18:33"), _y("19:18"), 240, 360):
        w.log(moment, k8s, "INFO", HPA_WANT, instance="kube-controller-manager", trace=False)
    for moment in _every(w, _y("18:33"), _y("19:20"), 4, 12):
        w.log(moment, mp, "ERROR", MP_503.format(path=w.rng.choice(("/api/mp/orders", "/api/mp/home", "/api/mp/orders/pay")),
                                                  a=200, ms=w.ms(2, 30)), instance=_pod(w, mp, moment), log_type="access")
    _ops(w, _y("18:55:10.441"), mp, "mp_oncall_shenrui: 夜场推送后小程序大量 503，HPA 想扩到 12 个但一直是 6 个")
    w.log(_y("19:18:10.551"), k8s, "INFO", QUOTA_BACK, instance="kube-controller-manager", trace=False, change="ops")
    w.alert("MiniappHigh5xx", mp, "critical", _y("18:36"), _y("19:28"), "6.2%",
            "小程序 5xx 比例 6.2%，超过阈值 2%", namespace=NS)


# --- Unrelated: the gun's radio module, node-03's CPU; the healthy services' changes --------------------------------------------
def other_events(w: WorldBuilder) -> None:
    for moment in _every(w, "03:10", REFERENCE, 1500, 2400):
        w.log(moment, "bh-snowmaking", "WARN", GUN_OFFLINE.format(m=int((moment - _t("03:05")).total_seconds() // 60)),
              instance="G-K1-07", trace=False)
    w.alert("SnowGunOffline", "bh-snowmaking", "warning", _t("03:15"), None, "1 台",
            "雪枪 G-K1-07 离线（无线模块），工单 SM-0122-01", instance="G-K1-07")
    w.alert("HostCpuHigh", "bh-k8s-node", "warning", _t("01:30"), _t("02:05"), "87%",
            "bh-k8s-node-03 CPU 87%（夜间营收报表）", instance="bh-k8s-node-03")
    w.log(_t("08:00:10.118"), "bh-shuttle", "INFO", SHUTTLE_CONFIG, instance=ROLLOUTS["bh-shuttle"][0][1][0], change="config")
    w.log(_t("09:10:10.204"), "bh-locker", "INFO", LOCKER_DEPLOY, instance=ROLLOUTS["bh-locker"][1][1][0], change="deploy")
    _rolled(w, "bh-locker", 1, "LockerApplication 1.8.4 started in {s} seconds")


# --- Kubernetes state at 10:40 ------------------------------------------------------------------------------------------------
STEADY = (
    ("bh-gate", 38, "2027-01-12T00:40:00+08:00", "release bh-gate 7.4.1", "7.4.1"),
    ("bh-miniapp", 71, "2027-01-22T10:05:10+08:00", "release bh-miniapp 4.8.1 (pipeline #3330)", "4.8.1"),
    ("bh-rental", 44, "2027-01-21T20:50:10+08:00", "release bh-rental 6.1.3 (pipeline #3305)", "6.1.3"),
    ("bh-school", 29, "2027-01-22T06:50:10+08:00", "release bh-school 3.2.1 (pipeline #3320)", "3.2.1"),
    ("bh-snowmaking", 17, "2027-01-21T21:30:10+08:00", "release bh-snowmaking 2.3.1 (pipeline #3310)", "2.3.1"),
    ("bh-grooming", 12, "2027-01-05T00:40:00+08:00", "release bh-grooming 1.6.4", "1.6.4"),
    ("bh-slope", 23, "2027-01-22T05:50:10+08:00", "release bh-slope 2.9.0 (pipeline #3318)", "2.9.0"),
    ("bh-lodge", 15, "2027-01-08T00:40:00+08:00", "release bh-lodge 3.0.7", "3.0.7"),
    ("bh-wallet", 52, "2027-01-22T06:50:10+08:00", "release bh-wallet 5.2.0 (pipeline #3322)", "5.2.0"),
    ("bh-shuttle", 9, "2027-01-03T00:40:00+08:00", "release bh-shuttle 1.4.0", "1.4.0"),
    ("bh-locker", 14, "2027-01-22T09:10:10+08:00", "release bh-locker 1.8.4 (pipeline #3327)", "1.8.4"),
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
    for pod in TICKET_ALL:
        w.pod(namespace=NS, name=pod, service="bh-ticket", phase="Running", ready="1/1", restarts=0, last_termination=None,
              waiting_reason=None, node=node_of(pod), observed_at=REFERENCE)
    _deployment(w, "bh-ticket", 61, "2027-01-14T00:40:00+08:00", "release bh-ticket 5.3.0", "5.3.0", 7, TICKET_ALL)
    hour_ago = REFERENCE - dt.timedelta(hours=1)
    for index, pod in enumerate(ON_BAD_NODE):
        w.event(type="Warning", reason="Unhealthy", object=f"Pod/{pod}",
                message=f"Readiness probe failed: Get \"http://10.46.7.{21 + index}:8080/actuator/health\": context deadline "
                        "exceeded (Client.Timeout exceeded while awaiting headers)",
                count=7 + 3 * index, first_seen=hour_ago + dt.timedelta(minutes=4 + index),
                last_seen=REFERENCE - dt.timedelta(minutes=3, seconds=13 * index))
    rs = ROLLOUTS["bh-miniapp"][2][1][0].rsplit("-", 1)[0]
    w.event(type="Normal", reason="ScalingReplicaSet", object="Deployment/bh-miniapp",
            message=f"Scaled up replica set {rs} to 6", count=1,
            first_seen=_t("10:05:20"), last_seen=_t("10:05:20"))


# --- Metrics ----------------------------------------------------------------------------------------------------------------
def build_metrics(w: WorldBuilder) -> None:
    at = w.at
    morning = [(at("06:00"), REFERENCE)]
    night = [(_y("18:00"), at("02:00"))]
    w.series("ticket_checkout_p99_seconds", "bh-ticket", "秒", CHECKOUT_SERIES, start=START, fine=morning, spread=0.3,
             digits=1, threshold=3)
    w.series("node_swap_used_gib", "bh-k8s-node", "GiB",
             [(START, 0), (at("02:30"), 0), (at("08:05"), 0.2), (at("08:20"), 9.6), (at("09:10"), 11.2), (REFERENCE, 10.8)],
             start=START, fine=morning, digits=1, instance=BAD_NODE)
    w.series("node_major_page_faults_per_sec", "bh-k8s-node", "次/秒",
             [(START, 1), (at("08:05"), 2), (at("08:15"), 3100), (at("09:12"), 4700), (REFERENCE, 3900)],
             start=START, fine=morning, spread=120, digits=0, instance=BAD_NODE)
    w.series("wallet_room_charge_declines_per_10m", "bh-wallet", "次", DECLINES, start=START, fine=morning, spread=3, digits=0,
             threshold=20)
    w.series("gate_media_rejects_per_10m", "bh-gate", "次",
             [(START, 0), (at("08:29"), 0), (at("08:40"), 14), (at("09:00"), 23), (at("09:20"), 16), (at("09:26"), 0),
              (REFERENCE, 0)], start=START, fine=morning, spread=1, digits=0, threshold=10)
    w.series("gate_validations_per_min", "bh-gate", "次/分钟", VALIDATIONS, start=START, fine=morning, spread=6, digits=0,
             threshold=200, lift="L2")
    w.series("gate_ride_lock_denials_per_10m", "bh-gate", "次",
             [(START, 1), (at("09:40"), 1), (at("09:50"), 42), (at("10:05"), 61), (at("10:17"), 8), (at("10:20"), 1),
              (REFERENCE, 1)], start=START, fine=morning, spread=1, digits=0, lift="L2")
    w.series("snowmaking_air_header_bar", "bh-snowmaking", "bar",
             [(START, 0), (_y("22:09"), 0), (_y("22:10"), 7.0), (_y("22:13"), 5.6), (_y("22:20"), 4.4), (_y("22:40"), 4.1),
              (at("01:30"), 4.3), (at("01:38"), 6.9), (at("05:30"), 7.0), (at("05:40"), 0), (REFERENCE, 0)],
             start=START, fine=night, spread=0.1, digits=1)
    w.series("snowmaking_guns_tripped", "bh-snowmaking", "台",
             [(START, 0), (_y("22:13"), 0), (_y("22:24"), 24), (at("01:38"), 24), (at("01:41"), 0), (REFERENCE, 0)],
             start=START, fine=night, digits=0, threshold=3)
    w.series("slopes_ungroomed_on_board", "bh-slope", "条",
             [(START, 0), (at("06:31"), 0), (at("06:32"), 14), (at("09:40"), 14), (at("09:41"), 0), (REFERENCE, 0)],
             start=START, fine=morning, digits=0, threshold=3)
    w.series("school_lessons_unassigned", "bh-school", "节", UNASSIGNED, start=START, fine=morning, digits=0, threshold=10)
    w.series("rental_din_overrides_per_hour", "bh-rental", "次",
             [(START, 0), (at("08:00"), 1), (at("08:40"), 9), (at("09:20"), 16), (at("10:05"), 12), (at("10:20"), 1),
              (REFERENCE, 0)], start=START, fine=morning, spread=1, digits=0, threshold=8)
    w.series("rental_deposits_unreleased", "bh-rental", "笔",
             [(START, 0), (_y("21:11"), 0), (_y("21:58"), 312), (at("10:11"), 312), (at("10:13"), 0), (REFERENCE, 0)],
             start=START, fine=night + morning, digits=0)
    w.series("rabbitmq_queue_messages_expired_per_min", "bh-mq", "条",
             [(START, 0), (_y("21:11"), 0), (_y("21:12"), 4), (_y("21:30"), 11), (_y("21:58"), 3), (_y("22:00"), 0),
              (REFERENCE, 0)], start=START, fine=night, spread=1, digits=0, queue="rental.deposit.release")
    w.series("http_5xx_ratio", "bh-miniapp", "%", MP_5XX, start=START, fine=night, spread=0.5, digits=1, threshold=2)
    w.series("miniapp_requests_per_sec", "bh-miniapp", "次/秒",
             [(START, 120), (_y("18:29"), 140), (_y("18:33"), 1850), (_y("18:50"), 2400), (_y("19:20"), 900),
              (_y("20:00"), 260), (at("02:00"), 20), (at("07:30"), 180), (REFERENCE, 260)],
             start=START, fine=night, spread=15, digits=0)
    w.series("snow_gun_offline", "bh-snowmaking", "台",
             [(START, 0), (at("03:05"), 0), (at("03:15"), 1), (REFERENCE, 1)], start=START, digits=0, threshold=0,
             instance="G-K1-07")
    for service, p99, threshold in (("bh-shuttle", 140, 1500), ("bh-locker", 360, 2000)):
        w.series("http_5xx_ratio", service, "%", [(START, 0.03), (at("09:00"), 0.22), (at("10:00"), 0.08), (REFERENCE, 0.04)],
                 start=START, spread=0.02, digits=2, threshold=2)
        w.series("http_p99_latency", service, "ms", [(START, p99 - 30), (at("09:00"), p99 + 220), (REFERENCE, p99)],
                 start=START, spread=12, digits=0, threshold=threshold)


# --- Runbooks ---------------------------------------------------------------------------------------------------------------------
RUNBOOKS: list[tuple[str, str, str]] = [
    ("runbooks/snowmaking/air-pressure.md", "造雪空气压力低处理手册", runbook(
        "造雪空气压力低处理手册", "适用于 bh-snowmaking 空气总管压力低、雪枪跳枪。",
        ["SnowmakingAirPressureLow：空气总管压力低于 6.0 bar"],
        ["看压缩机房哪几台空压机在运行，主机（lead）是哪台、是否有运行反馈。", "查空压机的维修挂牌与轮换记录。",
         "看空气管线是否泄漏、冻堵。"],
        ["主机未启动或故障，备机启动滞后。", "管线泄漏。", "空压机进气过滤器堵塞。"],
        ["手动指定可运行的空压机为主机并启动备机，再逐条恢复雪枪。"])),
    ("runbooks/wallet/room-charge.md", "挂房账被拒处理手册", runbook(
        "挂房账被拒处理手册", "适用于 bh-wallet 住客手环挂房账失败。",
        ["RoomChargeDeclinesHigh：挂房账被拒超过 20 次/10分钟"],
        ["看 bh-lodge 调 PMS 过账的返回码。", "看 PMS 营业日期与夜审状态。", "核对房间是否已离店。"],
        ["PMS 夜审未完成，过账被拒。", "房间已离店或挂账额度用完。", "PMS 接口故障。"],
        ["联系酒店前台完成夜审；期间引导住客用手环余额或扫码支付。"])),
    ("runbooks/ticket/checkout-latency.md", "出票延迟处理手册", runbook(
        "出票延迟处理手册", "适用于 bh-ticket 线上出票 P99 升高、出票超时。",
        ["TicketCheckoutLatencyHigh：出票 P99 超过 3 秒"],
        ["按 Pod 看出票耗时是否一致，慢的 Pod 在哪台节点上。", "看节点内存、swap 与缺页。", "看库存锁与支付回调。"],
        ["个别节点异常（内存、swap、CPU）。", "库存热点锁。", "支付渠道回调慢。"],
        ["把 Pod 迁离异常节点并修复节点配置；必要时扩容。"])),
    ("runbooks/gate/media-reject.md", "闸机介质拒绝处理手册", runbook(
        "闸机介质拒绝处理手册", "适用于 bh-gate 闸机报 MEDIA_NOT_ALLOWED。",
        ["GateMediaRejectsHigh：介质拒绝超过 10 次/10分钟"],
        ["看被拒卡的芯片型号与售出窗口。", "核对闸机介质白名单（media profile）版本。", "查窗口最近领用的卡盒。"],
        ["票卡芯片不在介质白名单。", "写卡失败。", "读头故障。"],
        ["更新介质白名单或换回白名单内的卡盒，为游客补卡。"])),
    ("runbooks/gate/validation-surge.md", "闸机核验量异常处理手册", runbook(
        "闸机核验量异常处理手册", "适用于 bh-gate 某条索道核验量突增、RIDE_LOCK 拒绝增多。",
        ["GateValidationSurge：单条索道核验超过 200 次/分钟"],
        ["对比核验量与转闸实际通过数。", "看该索道读头心跳（发射功率、每分钟读卡数）与最近维护。", "看是否有票卡被相邻通道读到。"],
        ["读头功率或天线方向变化导致串读。", "客流高峰。", "读头重复上报。"],
        ["恢复读头功率与天线设置；为被误锁的游客解锁。"])),
    ("runbooks/slope/ungroomed.md", "状态屏未压雪处理手册", runbook(
        "状态屏未压雪处理手册", "适用于 bh-slope 开门时状态屏显示大量雪道未压雪。",
        ["SlopeUngroomedOnBoard：未压雪雪道超过 3 条"],
        ["看 06:30 压雪状态任务的覆盖率计算。", "看压雪车定位终端的心跳与夜班轨迹点数。", "向压雪班组确认作业情况。"],
        ["定位终端离线或轨迹稀疏。", "压雪车未作业。", "雪道边界数据变化。"],
        ["恢复终端采样配置并重新计算；必要时人工更正状态屏。"])),
    ("runbooks/school/unassigned.md", "课程待分配处理手册", runbook(
        "课程待分配处理手册", "适用于 bh-school 排班后大量课程待分配。",
        ["LessonsUnassignedHigh：待分配课程超过 10 节"],
        ["看 schedule run 是否在时限内求解完成、硬约束得分。", "看学校后台最近的约束变更。", "核对当日在岗教练数。"],
        ["新增或收紧的硬约束导致无可行解。", "在岗教练不足。", "求解服务异常。"],
        ["把新约束改为软约束或回退，重新排班并通知家长。"])),
    ("runbooks/rental/din.md", "调板台 DIN 改值处理手册", runbook(
        "调板台 DIN 改值处理手册", "适用于 bh-rental 调板台人工改 DIN 次数升高。",
        ["RentalDinOverridesHigh：DIN 人工改值超过 8 次/小时"],
        ["看改值记录的来源（柜台、小程序预约）与能力等级。", "核对小程序传来的能力等级字段与映射。"],
        ["预约传入的能力等级错误。", "体重身高录入错误。", "DIN 表配置错误。"],
        ["修正能力等级映射，调板台逐单复核。"])),
    ("runbooks/rental/deposit.md", "押金未解冻处理手册", runbook(
        "押金未解冻处理手册", "适用于 bh-rental 已还板押金未解冻。",
        ["RentalDepositUnreleased：已还板未解冻押金超过 0 笔"],
        ["看 rental.deposit.release 队列的积压、过期与死信。", "看解冻消费者耗时与 bh-wallet 返回。", "查 RabbitMQ 策略。"],
        ["解冻消息丢失或过期。", "钱包解冻失败。", "消费者停止。"],
        ["按对账结果补发解冻，修正队列策略。"])),
    ("runbooks/miniapp/5xx.md", "小程序 5xx 处理手册", runbook(
        "小程序 5xx 处理手册", "适用于 bh-miniapp 5xx 比例升高。",
        ["MiniappHigh5xx：5xx 比例超过 2%"],
        ["看请求量与副本数，HPA 是否扩容成功。", "看集群事件与控制面日志（配额、调度）。", "看下游票务是否慢。"],
        ["突发流量而扩容失败。", "下游超时。", "发布缺陷。"],
        ["恢复扩容能力并扩容；必要时限流。"])),
    ("runbooks/lift/wind-hold.md", "缆车大风停运处理手册", runbook(
        "缆车大风停运处理手册", "适用于缆车因风速停运。",
        ["LiftWindHold"], ["看风速计读数。"], ["大风。"], ["按规程停运并广播。"])),
    ("runbooks/locker/jam.md", "储物柜卡门处理手册", runbook(
        "储物柜卡门处理手册", "适用于储物柜柜门卡死。",
        ["LockerDoorJam"], ["看柜门电磁锁电流。"], ["电磁锁损坏。"], ["更换电磁锁。"])),
]


def build_bundle(seed: int = SEED) -> Json:
    w = WorldBuilder(seed=seed, day=DAY, tz=TZ, reference=REFERENCE, instances=INSTANCES,
                     labels={"env": "prod", "cluster": "bh-prod", "region": "cn-north-jl"})
    for service, (make, every) in NOISE.items():
        w.noise(service, make, START, every_s=every)
    compressor_loto(w)
    night_audit(w)
    node_swap(w)
    card_stock(w)
    reader_power(w)
    tracker_profile(w)
    solver_constraint(w)
    ability_index(w)
    ttl_policy(w)
    quota_lowered(w)
    other_events(w)
    k8s_state(w)
    build_metrics(w)
    documents = [{"title": title, "source": source, "content": content} for source, title, content in RUNBOOKS]
    return w.bundle(name="BaiHuaLing 白桦岭滑雪场 2027-01-22", services=SERVICES, documents=documents)


# --- Questions --------------------------------------------------------------------------------------------------------------------
#: Each incident's own words: in another incident's answer, a misattribution.
FAMILY = {
    "compressor": ("LOTO", "WO-SM-0121-03"),
    "audit": ("NIGHT_AUDIT_IN_PROGRESS", "GRP-0121-07"),
    "swap": ("/swapfile", "failSwapOn"),
    "stock": ("ICODE SLIX2", "CS-2027-011"),
    "crossread": ("tx_power", "WO-JD-0122-02"),
    "tracker": ("fix_interval_s", "PS-COLD"),
    "solver": ("maxConsecutiveLessons", "SR-0122"),
    "ability": ("ability_index", "4.8.0"),
    "ttl": ("ttl-rental-audit", "message-ttl"),
    "quota": ("exceeded quota", "FIN-0121"),
}
#: The remedies of the runbooks for problems that did not happen.
UNRELATED_REMEDIES = ("按规程停运并广播", "更换电磁锁")
FIRING = ("TicketCheckoutLatencyHigh", "SnowGunOffline")
INCIDENT_WORDS = tuple(word for words in FAMILY.values() for word in words)


def _not(*own: str, told: tuple[str, ...] = ()) -> tuple[str, ...]:
    """The other incidents' words, plus the unrelated runbooks' remedies — less ``told``: another incident's words the asked
    service itself logs (the gates log both the card stock's chip and the readers' power; the ticket windows log the card
    stock; the rental logs the pre-bookings' ability index), which name no misattribution when an answer quotes them."""
    return tuple(word for family, words in FAMILY.items() if family not in own for word in words
                 if word not in told) + UNRELATED_REMEDIES


GATE_TOLD = FAMILY["stock"] + FAMILY["crossread"]

QUESTIONS: tuple[WorldQuestion, ...] = (
    WorldQuestion(
        "skiresort_snowmaking_guns_tripped_cause",
        "昨晚十点多白桦大道和松涛两条道的雪枪全停了，一晚上没造成雪，造雪系统那边是怎么回事？", "cause",
        asked_facts=(fact("AIR_PRESSURE_LOW", "空气压力低", "跳枪"),),
        cause_facts=(fact("C3"),
                     fact("LOTO", "WO-SM-0121-03", "snow_maint_liugang", "lead/lag rotation", "轮换")),
        forbidden=_not("compressor"), service="bh-snowmaking",
        diagnosis="昨天 14:20 snow_maint_liugang 给空压机 C3 挂牌上锁换油（LOTO，WO-SM-0121-03）；18:00 PLC 每周的主备轮换照样把 "
                  "C3 设成主机 → 22:10 开始造雪时主机 C3 没有运行反馈，备机 C1 压力降到 5.0 bar 才启动，空气总管跌到 4.1 bar，"
                  "B2 白桦大道、R1 松涛 24 台雪枪 AIR_PRESSURE_LOW 跳枪；01:35 snow_op_wangpeng 手动把 C1 设为主机后恢复。21:30 的 "
                  "HMI 2.3.1 发布不是原因",
    ),
    WorldQuestion(
        "skiresort_wallet_room_charge_cause",
        "今天早上酒店住客在山居早餐厅刷手环挂房账一直被拒，前台说房间都好好的，手环支付这是怎么了？", "cause",
        asked_facts=(fact("NIGHT_AUDIT_IN_PROGRESS", "declined", "被拒"),),
        cause_facts=(fact("night audit", "夜审"),
                     fact("GRP-0121-07", "waiting for confirmation", "step 4/9", "营业日期", "business date 2027-01-21")),
        forbidden=_not("audit"), service="bh-wallet",
        diagnosis="04:05 酒店 PMS（栖云）夜审开始，04:07 停在第 4 步等待确认团队主账 GRP-0121-07 余额不符的提示，没人处理 → PMS "
                  "营业日期一直是 2027-01-21，夜审期间拒绝过账，bh-lodge 调 PMS 挂房账返回 423 NIGHT_AUDIT_IN_PROGRESS，"
                  "07:00 起住客手环挂房账被拒（最高 117 次/10分钟）；09:10 前厅经理确认提示，09:12 夜审完成后恢复。06:50 的 "
                  "bh-wallet 5.2.0 发布不是原因",
    ),
    WorldQuestion(
        "skiresort_ticket_checkout_slow_cause",
        "小程序买票从八点多开始一直转圈，好多人说出票超时，告警到现在还没消，票务服务怎么了？", "cause",
        asked_facts=(fact("出票超时", "budget 3000ms", "TicketCheckoutLatencyHigh"),),
        cause_facts=(fact(BAD_NODE, "node-07"),
                     fact("/swapfile", "swap", "failSwapOn", "pgmajfault", "ubuntu-2204-bh-v7")),
        forbidden=_not("swap", told=FAMILY["stock"]), service="bh-ticket",
        diagnosis="bh-k8s-node-07 昨晚按 OPS-0121-09 用镜像 ubuntu-2204-bh-v7 重装，02:30 回来时镜像建了 16 GiB 的 /swapfile，"
                  "kubelet failSwapOn=false；08:05 HPA 把 bh-ticket 从 4 扩到 7，新的 3 个 Pod 都调度到这台空节点上，被换出到 "
                  "swap（swap 11 GiB、每秒几千次缺页），一单出票 4–9 秒，超过 3 秒预算 → 出票超时，P99 最高 9.6 秒，告警仍在"
                  "触发。其他节点上的 4 个 Pod 几百毫秒。07:55 的 ticket.order.close-unpaid-min 配置不是原因",
    ),
    WorldQuestion(
        "skiresort_gate_media_reject_cause",
        "今天早上八点半开门以后，好多游客拿着刚在窗口买的日票在各个缆车闸机都刷不进去，闸机这是怎么回事？", "cause",
        asked_facts=(fact("MEDIA_NOT_ALLOWED", "刷不进", "请到票务中心"),),
        cause_facts=(fact("ICODE SLIX2", "CS-2027-011", "卡盒"),
                     fact("MP-2026B", "media profile", "介质白名单", "window_sup_zhaoli")),
        forbidden=_not("stock", told=GATE_TOLD), service="bh-gate",
        diagnosis="07:40 售票窗口主管 window_sup_zhaoli 在 W03/W04 换上新卡盒 CS-2027-011（芯片 ICODE SLIX2，华卡 HK-2701）；"
                  "闸机介质白名单 MP-2026B 里没有 SLIX2 → 这两窗口卖出的日票在 L1/L3/L4/L5 闸机报 MEDIA_NOT_ALLOWED；09:05 "
                  "窗口换回老卡盒 CS-2026-388 并补卡，09:25 推送 MP-2026C 加入 SLIX2。08:00 的 gate.display.welcome-text "
                  "配置不是原因",
    ),
    WorldQuestion(
        "skiresort_gate_l2_ride_lock_cause",
        "十点左右白桦快线那边好多人在闸机被拒，说 5 分钟内已经坐过了，可他们根本没刷过卡，闸机怎么回事？", "cause",
        asked_facts=(fact("RIDE_LOCK"),),
        cause_facts=(fact("tx_power=33dBm", "33dBm", "tx_power", "发射功率"),
                     fact("WO-JD-0122-02", "捷道", "jd_fae_maqiang", "串读", "天线")),
        forbidden=_not("crossread", told=GATE_TOLD), service="bh-gate",
        diagnosis="09:38 闸机厂商 捷道 的工程师 jd_fae_maqiang 在白桦快线 L2 做读头天线调谐（WO-JD-0122-02），把 6 个读头的 "
                  "tx_power 从 27dBm 调到 33dBm → 读头读到相邻通道排队游客的卡（串读），核验量最高 318 次/分钟，卡被别的通道"
                  "计了一次，游客到自己通道时 RIDE_LOCK 拒绝；10:16 厂商恢复 27dBm。09:30 的 gate.screen.brightness 配置不是原因",
    ),
    WorldQuestion(
        "skiresort_slope_board_ungroomed_cause",
        "早上开门时雪道状态屏上十几条雪道全显示未压雪，巡逻队说昨晚明明都压过了，雪道状态这是怎么回事？", "cause",
        asked_facts=(fact("未压雪", "coverage"),),
        cause_facts=(fact("fix_interval_s=60", "fix_interval_s", "PS-COLD", "60 秒"),
                     fact("星途定位", "tracker", "定位终端", "track points")),
        forbidden=_not("tracker"), service="bh-slope",
        diagnosis="昨晚 19:30 起压雪车定位终端（星途定位）心跳里的 profile 变成 PS-COLD、fix_interval_s=60（原来 5 秒）→ 夜班轨迹点"
                  "只有平时的十几分之一，06:30 压雪状态任务按轨迹点算覆盖率，15 条里 14 条低于 80%，状态屏显示未压雪；09:30 "
                  "grooming_lead_hanbo 把终端改回 STD，09:40 按车载记录重算后恢复。05:50 的 bh-slope 2.9.0 发布不是原因",
    ),
    WorldQuestion(
        "skiresort_school_unassigned_cause",
        "今天上午滑雪学校好多课显示待分配，家长带着孩子在初雪坡集合点干等，教练其实都到岗了，这是为什么？", "cause",
        asked_facts=(fact("待分配", "unassigned"),),
        cause_facts=(fact("maxConsecutiveLessons", "连续授课"),
                     fact("HARD", "school_dir_linxue", "time limit", "30000ms")),
        forbidden=_not("solver"), service="bh-school",
        diagnosis="07:20 校长 school_dir_linxue 在学校后台把 maxConsecutiveLessons=3 设成硬约束（HARD），寒假周五课多，07:30 "
                  "起每次排班求解都到 30 秒时限（30000ms）结束，最好解仍有硬约束违反，最多 47 节课待分配；09:25 改为 SOFT 后 "
                  "09:30 的排班全部分配。06:50 的 bh-school 3.2.1 发布不是原因",
    ),
    WorldQuestion(
        "skiresort_rental_din_cause",
        "调板台的师傅说今天早上小程序预约来取板的初学者，系统给的都是高级、DIN 值偏高，得一个个手改，租赁这边怎么回事？", "cause",
        asked_facts=(fact("override", "DIN", "高级"),),
        cause_facts=(fact("ability_index", "能力等级"),
                     fact("4.8.0", "picker=v2", "选择器", "bh-miniapp")),
        forbidden=_not("ability"), service="bh-rental",
        diagnosis="昨晚 20:00 小程序 bh-miniapp 4.8.0 把预约页的能力等级选择器改成 高级/中级/初级 的顺序，仍按下标传 ability_index；"
                  "bh-rental 按老顺序（0=初级）解释 → 选初级的预约到调板台成了高级（类型 III，DIN 偏高），选高级的成了初级，师傅"
                  "人工改 DIN；10:05 小程序 4.8.1 改为传编码。07:30 的 rental.bench.label-template 配置不是原因",
    ),
    WorldQuestion(
        "skiresort_gate_l2_validation_quantity", "白桦快线闸机今天上午每分钟核验请求最多到了多少次？", "quantity",
        asked_facts=(fact(str(VALIDATION_PEAK), "318 次"),), forbidden=_not("crossread", told=GATE_TOLD),
        service="bh-gate", peak=Peak("bh-gate", "gate_validations_per_min", VALIDATION_PEAK),
        diagnosis="gate_validations_per_min（lift L2）峰值 318 次/分钟（10:02）；GateValidationSurge 触发时是 216。起因是读头发射"
                  "功率调高后的串读",
    ),
    WorldQuestion(
        "skiresort_ticket_checkout_quantity", "线上出票的 P99 今天最慢的时候到了多少秒？", "quantity",
        asked_facts=(fact(str(CHECKOUT_PEAK), "9.6 秒"),), forbidden=_not("swap", told=FAMILY["stock"]),
        service="bh-ticket", peak=Peak("bh-ticket", "ticket_checkout_p99_seconds", CHECKOUT_PEAK),
        diagnosis="ticket_checkout_p99_seconds 峰值 9.6 秒（09:12）；TicketCheckoutLatencyHigh 触发时是 3.4 秒。起因是 node-07 的 swap",
    ),
    WorldQuestion(
        "skiresort_wallet_declines_quantity", "早餐那会儿手环挂房账被拒最多的时候每 10 分钟多少次？", "quantity",
        asked_facts=(fact(str(DECLINE_PEAK), "117 次"),), forbidden=_not("audit"), service="bh-wallet",
        peak=Peak("bh-wallet", "wallet_room_charge_declines_per_10m", DECLINE_PEAK),
        diagnosis="wallet_room_charge_declines_per_10m 峰值 117 次（08:12）；RoomChargeDeclinesHigh 触发时是 38。起因是 PMS 夜审卡在"
                  "确认提示",
    ),
    WorldQuestion(
        "skiresort_rental_deposit_existence", "昨晚夜场还板以后，租赁这边押金有没有出过问题或者报过警？有客人说押金没退。",
        "existence",
        asked_facts=(fact("RentalDepositUnreleased"),),
        cause_facts=(fact("ttl-rental-audit", "message-ttl", "expired", "过期"),
                     fact("rental.deposit.release", "^rental\\.", "mq_ops_tianyu", "MQ-0121-04")),
        forbidden=_not("ttl", told=FAMILY["ability"]), service="bh-rental",
        diagnosis="有：RentalDepositUnreleased 09:02 触发、10:20 恢复。昨晚 20:40 mq_ops_tianyu 为审计队列积压（MQ-0121-04）加了 "
                  "RabbitMQ 策略 ttl-rental-audit（message-ttl 60000，pattern ^rental\\.），也匹配到 rental.deposit.release；"
                  "21:05–21:55 夜场还板高峰解冻消费者积压超过 60 秒，消息过期丢弃 → 312 笔押金（¥93,600）未解冻，09:00 对账发现；"
                  "09:50 pattern 改为 ^rental\\.audit\\.，10:12 补发解冻。20:50 的 bh-rental 6.1.3 发布不是原因",
    ),
    WorldQuestion(
        "skiresort_shuttle_healthy", "有客人说今天接驳车等了很久，接驳巴士系统今天有没有报错或者告警？", "existence",
        asked_facts=(HEALTHY,), forbidden=INCIDENT_WORDS, service="bh-shuttle", healthy=True,
        diagnosis="没有：bh-shuttle 只有班车到站预估与时刻表查询的 INFO 和隧道段定位过期的 WARN，5xx、p99 远低于阈值，无告警；08:00 "
                  "的寒假时刻表 shuttle.timetable.version 配置与各故障无关",
    ),
    WorldQuestion(
        "skiresort_locker_healthy", "储物柜今天上午有没有出什么问题？九点多好像发过一次版。", "existence",
        asked_facts=(HEALTHY,), forbidden=INCIDENT_WORDS, service="bh-locker", healthy=True,
        diagnosis="没有：bh-locker 只有开柜与占用统计的 INFO 和柜门未关的 WARN，5xx、p99 低于阈值，无告警；09:10 的 1.8.4 发布"
                  "（柜门超时提示）与各故障无关",
    ),
    WorldQuestion(
        "skiresort_alert_listing", "现在还有哪些告警没恢复？帮我列一下。", "listing",
        asked_facts=tuple(fact(name) for name in FIRING), forbidden=("bh-shuttle", "bh-locker"),
        diagnosis="2 条：TicketCheckoutLatencyHigh（08:20 起，bh-ticket，node-07 上的 3 个 Pod 慢）、SnowGunOffline（03:15 起，雪枪 "
                  "G-K1-07 无线模块离线，工单 SM-0122-01，与各故障无关）；其余告警都已恢复",
    ),
    WorldQuestion(
        "skiresort_school_changes_listing", "滑雪学校从昨天到现在都做过哪些变更？发版、配置都列一下。", "listing",
        asked_facts=(fact("3.2.1"), fact("NONE -> HARD"), fact("HARD -> SOFT")),
        forbidden=_not("solver"), service="bh-school",
        diagnosis="三次：06:50 发布 3.2.1、07:20 school_dir_linxue 把 maxConsecutiveLessons=3 设为 HARD（NONE -> HARD，课程待分配的"
                  "原因）、09:25 school_oncall_xiaran 改为 SOFT（HARD -> SOFT，修复）",
    ),
)

WORLD = World(name=NAME, title="BaiHuaLing 白桦岭滑雪场（票务、闸机、租赁、造雪与度假区服务）", build=build_bundle,
              questions=QUESTIONS)
