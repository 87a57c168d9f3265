"""World "auction": 东港水产拍卖中心 DongGang Seafood Auction Center, a wholesale seafood auction market at its pre-dawn
auction (``sa-*`` services: boat landing registration 到港登记, the weighbridges 过磅, grading and inspection 分级质检, the
electronic Dutch clock auction 拍卖钟 with its three halls, the bidder terminals' gateway 竞买终端网关, bidder deposits and
credit lines 保证金与授信, cold-storage monitoring 冷库监控, the ice plant 制冰厂, traceability labels 溯源码, settlement with the
fishermen 渔民结算, logistics dispatch of bought lots 物流调度, the price board 行情发布 and SMS notifications on a Kubernetes
cluster; the halls' switches and the nodes outside it), seen from Wednesday 2027-09-15 07:00 to the reference time Thursday
2027-09-16 07:00 (+08:00): the boats land from nine in the evening, lots are weighed and graded through the night, the
clocks run 03:30–05:50, fishermen are paid and bought lots leave from 04:30. Nothing here was written for the offline
agents; ten incidents of families the other worlds do not have, in ordinary noise:

(1) 19:40 (eve)     sa-dispatch ← sa-weighbridge: the scale vendor 耀华衡器's engineer yh_fae_linqiang calibrates scale S3
                    (WO-YH-0915-03) and the indicator comes back with its tare at zero — visible only in S3's weigh tickets,
    04:40–05:50     ``tare 0.0kg`` where the other scales deduct 4.5 kg a basket → lots weighed on S3 carry basket and ice in
                    their net weight → at loading the buyers' reweigh is 9–12 % short (REWEIGH_SHORT, ReweighDisputesHigh).
                    05:20 the tare is restored. The 04:30 bay-assignment config of sa-dispatch is a decoy.
(2) 14:05 (eve)     sa-bidder-gw on sa-k8s-node-04: a kernel patch (KU-0915) leaves ``irqbalance.service`` masked → every NIC
                    interrupt on CPU0; harmless while the node is empty, but the 03:15 pre-auction CronHPA scale-out puts three
    03:32–05:31     gateway pods there → softirq 100 % on CPU0, websocket ping timeouts and late presses for the terminals
                    attached to those pods only (BidderTerminalDisconnects). 05:31 irqbalance unmasked. The 03:05
                    ``gw.terminal.min-version`` config is a decoy.
(3) 17:20 (eve)     sa-deposit: finance operator fin_op_chenli runs the moratorium deposit refund batch RF-20270915 from
                    bidders_inactive_0915.xlsx, exported from the old CRM, which also lists this season's active bidders
    03:00–04:05     → 412 deposits refunded to 0 → at the 03:00 sign-in active bidders are refused DEPOSIT_INSUFFICIENT
                    (BidderSignInRefused). 04:05 temporary credit TC-0916-01. The 02:40 grace-days config is a decoy.
(4) 16:10 (eve)     sa-clock ← sa-grading: data_admin_wuxia imports the national code table SC/T 3016-2027 as DICT-2027-09;
                    带鱼 moves 30201 → 3020101 while the graders' tablets still send 30201 → every 带鱼 lot graded as the
    03:40–04:20     fallback 39999 其他海水鱼 → in hall 1 the clocks start 带鱼 at its ¥12.00/kg instead of ¥48
                    (LotPriceBelowReference). 04:20 alias 30201 → 3020101. The 03:20 price-step config is a decoy.
(5) 05:02           sa-clock ← sa-network: net_op_gaojie enables IGMP snooping on hall 2's switch SW-HALL2 (CR-NET-0916-01)
                    with no querier on vlan 120 → after the group ages out (05:06) the multicast clock ticks no longer reach
    05:06–05:40     hall 2's displays and terminals → frozen prices, no presses, a run of 流拍 (Hall2UnsoldRateHigh).
                    05:40 querier enabled. The 04:58 ``clock.hall2.lot-interval-sec`` config is a decoy.
(6) 22:10 (eve)     sa-coldchain: a facilities contractor fm_contractor_sunhao (FM-0915-12, forklift charger wiring) sets
                    dock door C2-D1 to HOLD_OPEN and leaves it → cold room C2 (冰鲜库 0~4°C) warms to 9.6°C at 03:05
    00:48–03:40     (ColdRoomTempHigh fired at 5.2°C) → grading holds the lots stored there TEMP_ABUSE. 03:15 the night
                    patrol sets the door back to AUTO. The 21:50 alarm-delay config is a decoy.
(7) 01:50           sa-weighbridge: the vendor replaces scale S5's indicator (WO-YH-0916-01) and the new one sends
                    ``output=continuous`` at 10 Hz → readings from 40 to 2460 per minute (02:14), the reading queue backs
    01:52–02:40     up and every scale's weigh tickets are confirmed late (WeighTicketDelayHigh fired at 38 秒). 02:40 set
                    back to stable-print. The 01:30 deploy 3.4.1 is a decoy.
(8) 00:00           sa-settlement ← the bank: 岱山农商银行 merges into 浙江舟山农商银行 and its old bank codes 402342500xxx
                    are retired (bulletin received 18:30 the evening before) → in the 05:45 payout batch PB-20270916 every
    05:58 → now     payout to that bank is returned ``RJ04 收款行行号不存在`` (PayoutReturnsHigh, still firing; 412 accounts
                    re-coded at 06:50, re-sent at 07:30). The 23:30 deploy 2.9.0 is a decoy.
(9) 23:10 (eve)     sa-iceplant: the 安监 annual inspection (AJ-2027-0915) tests ammonia detector NH3-D3 with test gas →
                    safety interlock ESD-1 stops compressors C1, C2 and stays LATCHED after the alarm clears → the flake
    01:35–04:10     ice bin empties, boats at the berths refused BIN_EMPTY (IceBinLevelLow). 03:05 reset at the panel. The
                    22:50 max-ton-per-boat config is a decoy.
(10) 16:40 (eve)    sa-trace: qa_op_heyan activates label template TPL-2027-09 whose 溯源码 are 16 pure digits → the query
                    binds an all-digit code as a number against the VARCHAR column → MySQL ``type or collation
    05:52 → now     conversion``, a full scan per scan → when the supermarkets' DCs start receiving, p95 reaches 6840 ms at
                    06:41 (TraceQueryLatencyHigh fired at 2,150ms, still firing). The 05:30 deploy 1.12.0 is a decoy.

Healthy: sa-priceboard (its 06:10 deploy 3.1.4 is a decoy) and sa-notify (its 04:00 config is a decoy) — INFO/WARN noise
only, under their thresholds, no alert. Still firing at 07:00: TraceQueryLatencyHigh (10), PayoutReturnsHigh (8) and
NodeFilesystemSpaceLow (sa-k8s-node-07's /var/log, unrelated). Kubernetes: the deployments and their pods with their nodes,
the events of the last hour. Run ``python -m evaluation.worlds auction`` to print the bundle.
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

NAME = "auction"
SEED = 20270916
TZ = dt.timezone(dt.timedelta(hours=8))
DAY = dt.date(2027, 9, 16)
EVE = dt.date(2027, 9, 15)
START = dt.datetime(2027, 9, 15, 7, 0, tzinfo=TZ)
REFERENCE = dt.datetime(2027, 9, 16, 7, 0, tzinfo=TZ)
NS = "donggang-auction"
REGISTRY = "harbor.dgsc.local/auction"

_t = functools.partial(clock_on, DAY, TZ)
_y = functools.partial(clock_on, EVE, TZ)

BOATS = ("浙岱渔03317", "浙岱渔05126", "浙岱渔02281", "浙舟渔11873", "浙舟渔20455", "浙岱渔06602", "浙普渔70218", "浙岱渔01939",
         "浙舟渔31107", "浙岱渔04473", "浙普渔72016", "浙岱渔08850")
BERTHS = ("B01", "B02", "B03", "B04", "B05", "B06", "B07", "B08")
#: species → (national code, reference start price ¥/kg)
SPECIES = {"鲳鱼": ("30307", 62.0), "小黄鱼": ("30215", 36.0), "鱿鱼": ("50102", 28.0), "梭子蟹": ("60311", 88.0),
           "马鲛鱼": ("30408", 30.0), "龙头鱼": ("30602", 18.0), "虾蛄": ("60507", 42.0)}
HAIRTAIL_PRICE = 48.0
FALLBACK_PRICE = 12.0
SCALES_OK = ("S1", "S2", "S4", "S6")
BANKS = ("工商银行", "农业银行", "浙江舟山农商银行", "邮储银行", "宁波银行")
HALLS = ("1", "2", "3")

# --- (1) scale S3's tare at zero -------------------------------------------------------------------------------------------
TARE_SCALE = "S3"
S3_CALIBRATION = ("scale S3 calibration by vendor account yh_fae_linqiang (耀华衡器 年检前校准 WO-YH-0915-03): span 500kg OK, "
                  "zero OK, linearity 0.02%")
WEIGH_TICKET = ("weigh ticket {ticket} scale {scale} lot {lot} {species} boat {boat}: baskets {b} gross {g:.1f}kg tare "
                "{t:.1f}kg net {n:.1f}kg")
TARE_PER_BASKET = 4.5
TARE_RESTORE = ("scale S3 indicator tare restored by weigh_oncall_pan: per-basket tare 4.5kg (was 0.0kg since WO-YH-0915-03); "
                "S3 tickets since 19:40 flagged for settlement adjustment")
REWEIGH_OK = "reweigh lot {lot} (ticket {ticket}, scale {scale}) at bay {bay}: declared {d:.1f}kg actual {a:.1f}kg diff {p:+.1f}% OK"
REWEIGH_SHORT = ("reweigh lot {lot} (ticket {ticket}, scale {scale}) at bay {bay}: declared {d:.1f}kg actual {a:.1f}kg diff "
                 "{p:+.1f}% -> REWEIGH_SHORT dispute {dispute} by buyer {buyer}")
DISPATCH_BAY = ("[nacos] config changed: dataId=sa-dispatch key=dispatch.bay.assign-strategy old=ROUND_ROBIN new=NEAREST_COLD "
                "operator=dispatch_dev_ma")

# --- (2) node-04's masked irqbalance ---------------------------------------------------------------------------------------
BAD_NODE = "sa-k8s-node-04"
DISK_NODE = "sa-k8s-node-07"
KERNEL_PATCH = ("ansible-playbook kernel-patch.yml (KU-0915) by sre_zhaolei on sa-k8s-node-04: kernel 5.14.0-427.el9 -> "
                "5.14.0-503.el9, node cordoned and drained, rebooting")
NODE_BOOT = "boot: kernel 5.14.0-503.el9, units started 142, failed 0, masked: irqbalance.service"
NODE_BACK = "kubelet: node sa-k8s-node-04 Ready; uncordoned by sre_zhaolei (KU-0915 done)"
SOFTIRQ = "node-exporter: softirq cpu0 {a:.1f}%, cpu1-15 avg {b:.1f}%, NET_RX drops {d}/s, load average {load:.1f}"
CRON_HPA = "CronHPA sa-bidder-gw pre-auction: scaled 4 -> 7 (schedule 03:15 每日开拍前)"
PING_TIMEOUT = ("terminal {term} (bidder {bidder}) websocket ping timeout after 3000ms, closing; reconnects this session {k}")
LATE_PRESS = "press from terminal {term} lot {lot} arrived {ms}ms after tick {seq}, rejected LATE_PRESS"
GW_PRESS_OK = "press from terminal {term} lot {lot} accepted at tick {seq} latency {ms}ms"
GW_MIN_VERSION = ("[nacos] config changed: dataId=sa-bidder-gw key=gw.terminal.min-version old=4.1.0 new=4.2.0 "
                  "operator=gw_dev_tang")
IRQ_FIX = ("sre_zhaolei: systemctl unmask irqbalance && systemctl start irqbalance on sa-k8s-node-04; eth0 IRQs spread over "
           "16 CPUs")

# --- (3) the refund batch with active bidders -----------------------------------------------------------------------------
REFUND_START = ("refund batch RF-20270915 (伏休保证金清退) started by fin_op_chenli: 412 bidders from "
                "bidders_inactive_0915.xlsx (exported from 旧 CRM), total ¥8,240,000.00")
REFUND_LINE = "refund bidder {bidder} ¥20,000.00 to {bank} ****{tail}: deposit 20,000.00 -> 0.00 (RF-20270915)"
REFUND_DONE = "refund batch RF-20270915 done: 412 refunded, 0 failed, ¥8,240,000.00"
SIGNIN_REFUSED = ("sign-in bidder {bidder} terminal {term} refused: DEPOSIT_INSUFFICIENT (deposit ¥0.00, required "
                  "¥20,000.00)")
SIGNIN_OK = "sign-in bidder {bidder} terminal {term} ok (deposit ¥{dep:,}.00, credit line ¥{cl:,}.00)"
DEPOSIT_GRACE = ("[nacos] config changed: dataId=sa-deposit key=deposit.credit.overdue-grace-days old=3 new=2 "
                 "operator=fin_dev_qiu")
TEMP_CREDIT = ("fin_oncall_lina: 186 active bidders refunded by RF-20270915 given temporary credit ¥20,000.00 each "
               "(TC-0916-01) until their deposits are paid back")

# --- (4) the species code table ---------------------------------------------------------------------------------------------
DICT_IMPORT = ("species dictionary DICT-2027-09 imported by data_admin_wuxia from 水产品分类与代码 SC/T 3016-2027: 1,284 codes "
               "(new 212, changed 37, retired 19)")
FALLBACK = ("lot {lot} boat {boat} declared 带鱼 species_code=30201 not in dictionary DICT-2027-09 -> fallback 39999 "
            "其他海水鱼")
HAIRTAIL_LOT = ("hall 1 lot {lot} (declared 带鱼, graded 39999 其他海水鱼) start ¥12.00/kg reserve ¥8.00/kg -> sold ¥{p:.2f}/kg "
                "to {bidder} after {n} ticks")
HAIRTAIL_OK = ("hall 1 lot {lot} 带鱼 start ¥48.00/kg reserve ¥30.00/kg -> sold ¥{p:.2f}/kg to {bidder} after {n} ticks")
PRICE_STEP = ("[nacos] config changed: dataId=sa-clock key=clock.hall1.price-step-yuan old=0.20 new=0.10 "
              "operator=auction_master_zhou")
DICT_ALIAS = ("[nacos] config changed: dataId=sa-grading key=species.alias.30201 old=\"\" new=3020101 (带鱼) "
              "operator=data_admin_wuxia")

# --- (5) IGMP snooping without a querier ---------------------------------------------------------------------------------
IGMP_ON = ("SW-HALL2 config by net_op_gaojie (CR-NET-0916-01 广播风暴整改): igmp snooping enable, vlan 120 (hall 2 terminals "
           "and displays)")
IGMP_AGE = "SW-HALL2 %IGMPSNOOPING-5-AGE: vlan 120 group 239.10.2.1 aged out on 38 ports"
IGMP_FIX = ("SW-HALL2 config by net_op_gaojie: igmp snooping querier enable, vlan 120 (CR-NET-0916-01 补充)")
TICK_STALE = "hall 2 display {dsp}: tick acks stale {s}s (last seq {seq}), terminals acking 0/{n}"
UNSOLD = "hall 2 lot {lot} {species} start ¥{p:.2f}/kg reserve ¥{r:.2f}/kg -> 流拍 (unsold, no press in {n} ticks)"
LOT_INTERVAL = ("[nacos] config changed: dataId=sa-clock key=clock.hall2.lot-interval-sec old=8 new=6 "
                "operator=auction_master_zhou")
CLOCK_DEPLOY = ("deploy finished: sa-clock 5.2.3 (was 5.2.2) rolled out by ci-bot pipeline=#3318; changes: 拍卖师控制台快捷键, "
                "成交回执字段")

# --- (6) the dock door held open -------------------------------------------------------------------------------------------
DOOR_HOLD = ("door C2-D1 mode AUTO -> HOLD_OPEN by fm_contractor_sunhao (FM-0915-12 叉车充电桩安装，穿线需开门)")
DOOR_BEAT = "door {door} state {state} mode={mode} open_for={m}min"
ROOM_LINE = "room {room} ({kind}) temp {t:.1f}°C setpoint {sp:.1f}°C, evaporator fans {f}/4, compressor load {c}%"
DOOR_AUTO = "door C2-D1 mode HOLD_OPEN -> AUTO by coldchain_night_liu (夜班巡检发现 C2 卸货门常开)"
TEMP_HOLD = "lot {lot} stored in C2 core temp {t:.1f}°C > 4.0°C -> HOLD TEMP_ABUSE, not released to auction"
ALARM_DELAY = ("[nacos] config changed: dataId=sa-coldchain key=coldchain.alarm.c2.delay-min old=10 new=15 "
               "operator=coldchain_dev_yu")
C2_PEAK = 9.6
C2_ALERT = "5.2°C"

# --- (7) scale S5's indicator in continuous mode -------------------------------------------------------------------------
WEIGH_DEPLOY = ("deploy finished: sa-weighbridge 3.4.1 (was 3.4.0) rolled out by ci-bot pipeline=#3325; changes: 磅单打印补打, "
                "零点漂移日志")
S5_REPLACED = ("scale S5 indicator replaced by vendor account yh_fae_guomin (耀华衡器 仪表故障更换 WO-YH-0916-01): XK3190-A27E "
               "SN 27E0916052, output=continuous 10Hz")
S5_READING = "POST /api/readings scale=S5 weight={w:.1f}kg stable={s} 202 took={ms}ms"
READING_QUEUE = "reading queue depth {n}, ticket confirmation lag {s}s"
TICKET_LATE = "weigh ticket {ticket} scale {scale} confirmed after {s}s (reading queue {n})"
S5_FIX = "scale S5 indicator output continuous -> stable-print by weigh_oncall_pan (vendor remote session, WO-YH-0916-01)"
READINGS_PEAK = 2460
DELAY_ALERT = "38 秒"

# --- (8) the retired bank codes -----------------------------------------------------------------------------------------
BANK_BULLETIN = ("bank bulletin via 农信 front-end: 岱山农商银行 于 2027-09-16 00:00 并入 浙江舟山农商银行，原行号 402342500xxx "
                 "停用，请改用 314342000xxx")
PAYOUT_BATCH = "payout batch PB-20270916 sent: 1,128 payouts ¥41,806,220.00 (boats settled 05:40)"
PAYOUT_OK = "payout {p} boat {boat} ¥{amt:,.2f} to {bank} ok"
PAYOUT_RETURNED = "payout {p} boat {boat} ¥{amt:,.2f} to 岱山农商银行 cnaps=402342500{n:03d} returned: RJ04 收款行行号不存在"
SETTLE_DEPLOY = ("deploy finished: sa-settlement 2.9.0 (was 2.8.5) rolled out by ci-bot pipeline=#3321; changes: 结算单 PDF "
                 "版式, 冰费明细")
CNAPS_FIX = ("settle_oncall_xu: 412 fishermen accounts' cnaps updated 402342500xxx -> 314342000xxx; returned payouts re-sent "
             "as PB-20270916-R1 at 07:30")

# --- (9) the ammonia interlock ------------------------------------------------------------------------------------------
NH3_TEST = ("ammonia detector NH3-D3 alarm 150 ppm (test gas, 安监 annual inspection AJ-2027-0915) -> ESD-1 tripped: "
            "compressors C1, C2 stopped")
NH3_CLEAR = "ammonia detector NH3-D3 0 ppm, alarm cleared; ESD-1 LATCHED"
ICE_STATUS = "flake ice bin {x}%, compressors C1={c} C2={c}, ESD-1={esd}, production {p:.1f} t/h"
ICE_REFUSED = "ice dispense berth {berth} boat {boat} requested {t:.1f} t refused: BIN_EMPTY"
ICE_OK = "ice dispense berth {berth} boat {boat} {t:.1f} t ok (ice card {card})"
ESD_RESET = "ESD-1 reset at panel by ice_maint_dong; compressors C1, C2 RUNNING"
ICE_MAX = ("[nacos] config changed: dataId=sa-iceplant key=iceplant.dispense.max-ton-per-boat old=6 new=5 "
           "operator=ice_dev_sheng")

# --- (10) the all-digit trace codes ----------------------------------------------------------------------------------------
TPL_ON = ("label template TPL-2027-09 activated by qa_op_heyan (新版承诺达标合格证样式; 溯源码 16 位纯数字, 去掉 DG 前缀)")
TRACE_DEPLOY = ("deploy finished: sa-trace 1.12.0 (was 1.11.4) rolled out by ci-bot pipeline=#3330; changes: 扫码页加载优化, "
                "追溯平台上报重试")
SCAN_SLOW = "GET /q?c={code} 200 took={ms}ms client={client}"
SLOW_SQL = ("slow query {s:.2f}s: SELECT * FROM trace_label WHERE trace_code = {code} (rows examined {x:,}); Warning 1739 "
            "Cannot use range access on index 'uk_trace_code' due to type or collation conversion on field 'trace_code'")
LABELS = "labels printed for lot {lot} buyer {buyer}: {n} × TPL-2027-09, codes {first}..{last}"
TRACE_HPA = "HPA sa-trace: scaled 3 -> 6 (cpu 91% of request, target 60%)"
TRACE_PEAK = 6840
TRACE_ALERT = "2,150ms"

# --- healthy services' decoys, unrelated ---------------------------------------------------------------------------------
PRICEBOARD_DEPLOY = ("deploy finished: sa-priceboard 3.1.4 (was 3.1.3) rolled out by ci-bot pipeline=#3331; changes: 行情日报"
                     "图表配色")
NOTIFY_CONFIG = ("[nacos] config changed: dataId=sa-notify key=notify.sms.batch-size old=100 new=200 "
                 "operator=notify_dev_lu")
DISK_LINE = "node-exporter: filesystem /var/log used {p}% (journald 14.2G, container logs 21.8G)"

# --- pods, nodes ---------------------------------------------------------------------------------------------------------
GW_ALL = pod_names("sa-bidder-gw", "6.3.2", 7)
GW_BASE = GW_ALL[:4]
ON_BAD_NODE = GW_ALL[4:7]
TRACE_NEW = pod_names("sa-trace", "1.12.0", 6)
ROLLOUTS: dict[str, list[tuple[dt.datetime, tuple[str, ...]]]] = {
    "sa-landing": [(START, pod_names("sa-landing", "4.1.0", 2))],
    "sa-weighbridge": [(START, pod_names("sa-weighbridge", "3.4.0", 2)),
                       (_t("01:31:00"), pod_names("sa-weighbridge", "3.4.1", 2))],
    "sa-grading": [(START, pod_names("sa-grading", "2.7.2", 3))],
    "sa-clock": [(START, pod_names("sa-clock", "5.2.2", 3)), (_y("15:31:00"), pod_names("sa-clock", "5.2.3", 3))],
    "sa-bidder-gw": [(START, GW_BASE), (_t("03:16:00"), GW_ALL)],
    "sa-deposit": [(START, pod_names("sa-deposit", "1.9.4", 2))],
    "sa-coldchain": [(START, pod_names("sa-coldchain", "2.2.0", 2))],
    "sa-iceplant": [(START, pod_names("sa-iceplant", "1.3.1", 2))],
    "sa-trace": [(START, pod_names("sa-trace", "1.11.4", 3)), (_t("05:31:00"), TRACE_NEW[:3]),
                 (_t("06:21:00"), TRACE_NEW)],
    "sa-settlement": [(START, pod_names("sa-settlement", "2.8.5", 2)),
                      (_y("23:31:00"), pod_names("sa-settlement", "2.9.0", 2))],
    "sa-dispatch": [(START, pod_names("sa-dispatch", "3.0.7", 3))],
    "sa-priceboard": [(START, pod_names("sa-priceboard", "3.1.3", 2)),
                      (_t("06:11:00"), pod_names("sa-priceboard", "3.1.4", 2))],
    "sa-notify": [(START, pod_names("sa-notify", "1.6.0", 2))],
}
GENERAL_NODES = [f"sa-k8s-node-{n:02d}" for n in (1, 2, 3, 5, 6, 7, 8)]
NODES = [*GENERAL_NODES, BAD_NODE]
SWITCHES = ("SW-CORE", "SW-HALL1", "SW-HALL2", "SW-HALL3", "SW-COLD")
INSTANCES: dict[str, list[str]] = {service: list(steps[-1][1]) for service, steps in ROLLOUTS.items()} | {
    "sa-k8s-node": NODES, "sa-network": list(SWITCHES)}


def node_of(pod: str) -> str:
    """The three pre-auction replicas of the terminal gateway on node-04 (back empty from its patch); every other pod elsewhere."""
    if pod in ON_BAD_NODE:
        return BAD_NODE
    return GENERAL_NODES[int(hashlib.sha256(pod.encode()).hexdigest(), 16) % len(GENERAL_NODES)]


SERVICES: list[Json] = [
    {"name": "sa-landing", "aliases": ["到港登记", "卸货登记", "靠泊", "码头"],
     "description": "渔船到港登记与泊位（2 个副本）：渔船进港报告核验、泊位 B01–B08 分配、卸货登记，生成航次与待过磅批次。"},
    {"name": "sa-weighbridge", "aliases": ["过磅", "磅房", "地磅", "称重", "磅单"],
     "description": "过磅系统（2 个副本）：磅房 S1–S6 六台电子秤的称重仪表把读数推送到 /api/readings，稳定读数生成磅单（毛重、"
                    "按筐扣皮、净重），磅单确认后批次进入分级。"},
    {"name": "sa-grading", "aliases": ["分级", "质检", "分级质检", "验货"],
     "description": "分级质检（3 个副本）：质检员用平板按品种代码与等级给批次分级，快检（甲醛、组胺），冷库温度超标的批次扣留；"
                    "品种字典按国家水产品分类代码维护。"},
    {"name": "sa-clock", "aliases": ["拍卖钟", "电子拍卖钟", "拍卖", "荷兰式拍卖", "一号厅", "二号厅", "三号厅"],
     "description": "电子拍卖钟（3 个副本）：荷兰式降价拍卖，三个拍卖厅各一座钟，按品种参考价起拍、逐跳降价，第一个按键的买家"
                    "成交，到保留价无人按键即流拍；钟的价格跳动以组播（vlan 120 等）发到大厅大屏与竞买终端。"},
    {"name": "sa-bidder-gw", "aliases": ["竞买终端", "终端网关", "竞买终端网关", "买家终端"],
     "description": "竞买终端网关（Go，平时 4 个副本，开拍前 CronHPA 扩到 7 个）：买家手持竞买终端的 websocket 连接、签到、按键"
                    "上报与成交回执。"},
    {"name": "sa-deposit", "aliases": ["保证金", "授信", "保证金系统", "买家额度"],
     "description": "买家保证金与授信（2 个副本）：每个竞买人须有 ¥20,000 保证金方可签到竞买；授信额度、欠款宽限；保证金退还"
                    "批处理。"},
    {"name": "sa-coldchain", "aliases": ["冷库", "冷库监控", "冷链", "冷藏库"],
     "description": "冷库监控（2 个副本）：冰鲜库 C1–C3、冻品库 F1–F2 的温度、蒸发器、压缩机与卸货门控制器（AUTO / HOLD_OPEN）"
                    "的心跳与告警。"},
    {"name": "sa-iceplant", "aliases": ["制冰厂", "制冰", "供冰", "冰库"],
     "description": "制冰厂与供冰（2 个副本）：片冰机、冰仓料位、氨制冷压缩机 C1/C2 与安全联锁 ESD-1、泊位刷冰卡加冰。"},
    {"name": "sa-trace", "aliases": ["溯源码", "溯源", "溯源查询", "合格证", "追溯"],
     "description": "溯源码（Java，HPA 3–8 个副本）：为成交批次打印承诺达标合格证与溯源码标签，扫码查询接口 /q?c=（超市配送中心"
                    "收货、消费者扫码），上报省食品安全追溯平台；库 trace-db（MySQL，trace_label 表约 510 万行）。"},
    {"name": "sa-settlement", "aliases": ["渔民结算", "结算", "打款", "货款"],
     "description": "渔民结算（2 个副本）：按航次汇总成交额，扣佣金、冰费、泊位费，生成结算单，05:45 向渔民银行账户批量打款"
                    "（经农信前置）。"},
    {"name": "sa-dispatch", "aliases": ["物流调度", "调度", "提货", "装车", "复磅"],
     "description": "物流调度（3 个副本）：成交批次出冷库、分配装车位 D01–D12、买家车辆叫号装车，装车前复磅。"},
    {"name": "sa-priceboard", "aliases": ["行情发布", "行情", "价格大屏", "行情大屏", "价格日报"],
     "description": "行情发布（2 个副本）：成交价推送到大厅与门口的 14 块行情屏，每天发布水产品价格日报。"},
    {"name": "sa-notify", "aliases": ["短信通知", "通知", "短信", "成交通知"],
     "description": "短信与微信通知（2 个副本）：成交通知、结算到账通知、提货叫号短信。"},
    {"name": "sa-network", "aliases": ["网络", "交换机", "大厅网络"],
     "description": "市场网络（集群外）：核心交换机 SW-CORE、各拍卖厅接入交换机 SW-HALL1..3、冷库 SW-COLD。"},
    {"name": "sa-k8s-node", "aliases": ["K8s 节点", "节点", "服务器"],
     "description": "集群 dg-prod 的节点 sa-k8s-node-01..08。"},
]

WINDOWS = {
    "tare": (_t("04:40"), _t("05:50")),
    "irq": (_t("03:32"), _t("05:31:30")),
    "refund": (_t("03:00"), _t("04:05")),
    "species": (_t("03:40"), _t("04:20")),
    "igmp": (_t("05:06"), _t("05:40:30")),
    "door": (_y("22:10"), _t("03:15")),
    "continuous": (_t("01:52"), _t("02:40")),
    "cnaps": (_t("05:46"), REFERENCE),
    "interlock": (_y("23:10"), _t("03:05")),
    "implicit": (_t("05:52"), REFERENCE),
}


def _inside(window: str, t: dt.datetime) -> bool:
    a, b = WINDOWS[window]
    return a <= t < b


def _auction(t: dt.datetime) -> bool:
    """The pre-dawn clocks run 03:30–05:50; the small afternoon market 13:30–14:30 the day before."""
    return _t("03:30") <= t < _t("05:50") or _y("13:30") <= t < _y("14:30")


def _night(t: dt.datetime) -> bool:
    """Landing, weighing and grading: from 21:00 the evening before to 03:30."""
    return _y("21:00") <= t < _t("03:30")


# --- Business vocabulary ----------------------------------------------------------------------------------------------------
Line = tuple[str, str, dict[str, Any]]


def _lot(w: WorldBuilder, hall: str, t: dt.datetime | None = None) -> str:
    """A lot number: lots landed before 21:00 the evening before belong to that day's afternoon market."""
    day = "0915" if t is not None and t < _y("21:00") else "0916"
    return f"L{day}-{hall}-{w.rng.randint(1, 1800):04d}"


def _bidder(w: WorldBuilder) -> str:
    return f"B{w.rng.randint(1001, 1999)}"


def _term(w: WorldBuilder, hall: str) -> str:
    return f"T-{hall}{w.rng.randint(1, 80):02d}"


def _ticket(w: WorldBuilder) -> str:
    return f"W{w.rng.randint(10**6, 10**7 - 1)}"


def _pod(w: WorldBuilder, service: str, t: dt.datetime) -> str:
    pods = ROLLOUTS[service][0][1]
    for moment, step in ROLLOUTS[service]:
        if moment <= t:
            pods = step
    if service == "sa-bidder-gw":
        pods = tuple(p for p in pods if p not in ON_BAD_NODE)  # the pods on node-04 write their own lines
    return w.rng.choice(pods)


def _species(w: WorldBuilder) -> str:
    return w.rng.choice(tuple(SPECIES))


# --- Noise: every service's ordinary day -------------------------------------------------------------------------------------
def _landing(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "sa-landing", t)
    roll = w.rng.random()
    if roll < 0.45:
        return "INFO", (f"boat {w.rng.choice(BOATS)} arrival registered at berth {w.rng.choice(BERTHS)}: 进港报告 "
                        f"JG-{w.rng.randint(10**5, 10**6 - 1)} ok, holds {w.rng.randint(2, 6)}, crew {w.rng.randint(5, 14)}"), {
            "instance": pod}
    if roll < 0.85:
        return "INFO", f"berths occupied {w.rng.randint(1, 8)}/8, boats waiting {w.rng.randint(0, 3)}", {"instance": pod}
    return "WARN", (f"boat {w.rng.choice(BOATS)} AIS position stale {w.rng.randint(6, 25)} min (terminal offline), registered "
                    "by tally clerk"), {"instance": pod}


def _weighbridge(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "sa-weighbridge", t)
    roll = w.rng.random()
    if roll < 0.6:
        baskets = w.rng.randint(4, 24)
        net = baskets * w.rng.uniform(28, 42)
        tare = baskets * TARE_PER_BASKET
        return "INFO", WEIGH_TICKET.format(ticket=_ticket(w), scale=w.rng.choice(SCALES_OK), lot=_lot(w, w.rng.choice(HALLS), t),
                                           species=_species(w), boat=w.rng.choice(BOATS), b=baskets, g=net + tare, t=tare,
                                           n=net), {"instance": pod}
    if roll < 0.9:
        return "INFO", f"scale {w.rng.choice(SCALES_OK)} zero check ok, drift {w.rng.uniform(0.0, 0.2):.1f}kg", {"instance": pod}
    return "WARN", f"scale {w.rng.choice(SCALES_OK)} unstable reading (swell on the platform), retry", {"instance": pod}


def _grading(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "sa-grading", t)
    roll = w.rng.random()
    species = _species(w)
    if roll < 0.6:
        return "INFO", (f"lot {_lot(w, w.rng.choice(HALLS), t)} graded {species} species_code={SPECIES[species][0]} 等级 "
                        f"{w.rng.choice(('一级', '一级', '二级'))} by inspector QC{w.rng.randint(1, 14):02d}, 快检 甲醛 阴性"), {
            "instance": pod}
    if roll < 0.9:
        return "INFO", f"rapid test batch {w.rng.randint(100, 999)}: 组胺 {w.rng.randint(8, 40)} mg/kg ok", {"instance": pod}
    return "WARN", (f"lot {_lot(w, w.rng.choice(HALLS), t)} {species} downgraded 一级 -> 二级 (破肚 {w.rng.randint(5, 12)}%)"), {
        "instance": pod}


def _clock(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "sa-clock", t)
    if not _auction(t):
        if w.rng.random() < 0.7:
            return "INFO", f"clock engine idle, lots queued {w.rng.randint(0, 900)}, next session 03:30", {"instance": pod}
        return "INFO", f"catalogue sync: {w.rng.randint(20, 400)} graded lots added to hall queues", {"instance": pod}
    halls = [h for h in HALLS if not (h == "2" and _inside("igmp", t))]
    hall = w.rng.choice(halls)
    species = _species(w)
    price = SPECIES[species][1]
    if w.rng.random() < 0.85:
        return "INFO", (f"hall {hall} lot {_lot(w, hall, t)} {species} start ¥{price:.2f}/kg reserve ¥{price * 0.6:.2f}/kg -> sold "
                        f"¥{price * w.rng.uniform(0.78, 0.95):.2f}/kg to {_bidder(w)} after {w.rng.randint(8, 60)} ticks"), {
            "instance": pod}
    return "INFO", f"hall {hall} session: lots sold {w.rng.randint(40, 400)}, unsold {w.rng.randint(0, 6)}, ticks/s 10", {
        "instance": pod}


def _bidder_gw(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "sa-bidder-gw", t)
    hall = w.rng.choice(HALLS)
    if _auction(t) and w.rng.random() < 0.6:
        return "INFO", GW_PRESS_OK.format(term=_term(w, hall), lot=_lot(w, hall, t), seq=w.rng.randint(10**5, 10**6),
                                          ms=w.ms(8, 40)), {"instance": pod}
    if w.rng.random() < 0.95:
        return "INFO", f"websocket sessions {w.rng.randint(20, 160)}, heartbeats ok, send queue 0", {"instance": pod}
    return "WARN", f"terminal {_term(w, hall)} battery {w.rng.randint(5, 15)}%, bidder asked to swap", {"instance": pod}


def _deposit(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "sa-deposit", t)
    roll = w.rng.random()
    if roll < 0.4:
        return "INFO", (f"deposit top-up bidder {_bidder(w)} ¥{w.rng.choice((20000, 30000, 50000)):,}.00 via "
                        f"{w.rng.choice(BANKS)} 虚拟户 arrived"), {"instance": pod}
    if roll < 0.9:
        return "INFO", (f"credit check bidder {_bidder(w)}: exposure ¥{w.rng.randint(1, 90) * 1000:,}.00 / limit "
                        f"¥{w.rng.choice((100, 200, 300)) * 1000:,}.00 ok"), {"instance": pod}
    return "WARN", f"bidder {_bidder(w)} overdue ¥{w.rng.randint(2, 40) * 1000:,}.00 day 1 of grace, reminder queued", {
        "instance": pod}


def _coldchain(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "sa-coldchain", t)
    roll = w.rng.random()
    if roll < 0.6:
        room, kind, sp = w.rng.choice((("C1", "冰鲜库 0~4°C", 2.0), ("C3", "冰鲜库 0~4°C", 2.0), ("F1", "冻品库 -25°C", -25.0),
                                       ("F2", "冻品库 -25°C", -25.0)))
        return "INFO", ROOM_LINE.format(room=room, kind=kind, t=sp + w.rng.uniform(-0.6, 0.6), sp=sp, f=4,
                                        c=w.rng.randint(30, 70)), {"instance": pod}
    if roll < 0.9:
        door = w.rng.choice(("C1-D1", "C3-D1", "F1-D1"))
        return "INFO", DOOR_BEAT.format(door=door, state="CLOSED", mode="AUTO", m=0), {"instance": pod}
    return "WARN", f"room {w.rng.choice(('F1', 'F2'))} evaporator defrost overran {w.rng.randint(1, 4)} min, temp recovered", {
        "instance": pod}


def _iceplant(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "sa-iceplant", t)
    if w.rng.random() < 0.7 and not (_t("01:40") <= t < _t("03:20")):
        return "INFO", ICE_OK.format(berth=w.rng.choice(BERTHS), boat=w.rng.choice(BOATS), t=w.rng.choice((2.0, 3.0, 4.0)),
                                     card=f"IC{w.rng.randint(10**5, 10**6 - 1)}"), {"instance": pod}
    return "INFO", f"ice card top-up IC{w.rng.randint(10**5, 10**6 - 1)} ¥{w.rng.choice((500, 1000, 2000))}.00", {"instance": pod}


def _trace(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "sa-trace", t)
    roll = w.rng.random()
    if roll < 0.55:
        return "INFO", SCAN_SLOW.format(code=f"DG330227091{w.rng.randint(10**5, 10**6 - 1)}", ms=w.ms(6, 30),
                                        client=w.rng.choice(("wechat", "alipay", "dc-receiving"))), {
            "instance": pod, "log_type": "access"}
    if roll < 0.85:
        return "INFO", f"upload to 省食品安全追溯平台: batch {w.rng.randint(20, 300)} records ok ({w.ms(200, 900)}ms)", {
            "instance": pod}
    return "WARN", "upload to 省食品安全追溯平台: batch retried once (HTTP 503 from platform), ok", {"instance": pod}


def _settlement(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "sa-settlement", t)
    gross = w.rng.randint(20, 300) * 1000 + w.rng.randint(0, 999)
    if w.rng.random() < 0.7:
        return "INFO", (f"statement trip {w.rng.choice(BOATS)}-{w.rng.randint(1, 3)}: lots {w.rng.randint(5, 40)} gross "
                        f"¥{gross:,}.00 commission 2% ice/berth fees ¥{w.rng.randint(300, 2000):,}.00"), {"instance": pod}
    return "INFO", f"bank front-end heartbeat ok (农信 前置 latency {w.ms(20, 90)}ms)", {"instance": pod}


def _dispatch(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "sa-dispatch", t)
    roll = w.rng.random()
    bay = f"D{w.rng.randint(1, 12):02d}"
    hall = w.rng.choice(HALLS)
    if roll < 0.5:
        return "INFO", (f"bay {bay} truck 浙L{w.rng.randint(10000, 99999)} buyer {_bidder(w)} loading lot {_lot(w, hall, t)}, "
                        f"{w.rng.randint(4, 30)} boxes"), {"instance": pod}
    if roll < 0.93:
        declared = w.rng.uniform(150, 900)
        actual = declared * w.rng.uniform(0.985, 1.004)
        return "INFO", REWEIGH_OK.format(lot=_lot(w, hall, t), ticket=_ticket(w), scale=w.rng.choice(SCALES_OK), bay=bay,
                                         d=declared, a=actual, p=(actual / declared - 1) * 100), {"instance": pod}
    return "WARN", f"truck 浙L{w.rng.randint(10000, 99999)} reefer not pre-cooled (8°C), loading delayed", {"instance": pod}


def _priceboard(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "sa-priceboard", t)
    roll = w.rng.random()
    if roll < 0.75:
        return "INFO", f"price board refresh: {w.rng.randint(60, 90)} species, halls 1-3 quotes pushed to 14 screens", {
            "instance": pod}
    if roll < 0.95:
        return "INFO", f"水产品价格指数 snapshot {w.rng.uniform(96, 112):.1f} published", {"instance": pod}
    return "WARN", f"screen SCR-{w.rng.randint(1, 14):02d} refresh ack late {w.rng.uniform(1.2, 2.8):.1f}s, kept", {"instance": pod}


def _notify(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "sa-notify", t)
    roll = w.rng.random()
    if roll < 0.7:
        return "INFO", f"sms batch sent: {w.rng.randint(10, 200)} 成交通知, carrier receipts {w.rng.randint(95, 100)}%", {
            "instance": pod}
    if roll < 0.95:
        return "INFO", f"wechat template push: {w.rng.randint(20, 400)} 提货叫号", {"instance": pod}
    return "WARN", f"sms to 1{w.rng.randint(30, 99)}****{w.rng.randint(1000, 9999)} receipt delayed by carrier, kept", {
        "instance": pod}


def _network(w: WorldBuilder, t: dt.datetime) -> Line:
    switch = w.rng.choice(SWITCHES)
    return "INFO", f"{switch} cpu {w.rng.randint(6, 22)}%, temperature {w.rng.randint(36, 48)}°C, uplinks 2/2 up", {
        "instance": switch, "trace": False}


def _node(w: WorldBuilder, t: dt.datetime) -> Line:
    node = w.rng.choice([n for n in GENERAL_NODES if n != DISK_NODE])
    if w.rng.random() < 0.6:
        return "INFO", f"kubelet: image garbage collection: usage {w.rng.randint(20, 60)}% below threshold 80%", {
            "instance": node, "trace": False}
    return "INFO", f"chronyd: selected source ntp.dgsc.local, offset {w.rng.uniform(-0.4, 0.4):.3f}ms", {
        "instance": node, "trace": False}


NOISE = {
    "sa-landing": (_landing, 120), "sa-weighbridge": (_weighbridge, 60), "sa-grading": (_grading, 90), "sa-clock": (_clock, 40),
    "sa-bidder-gw": (_bidder_gw, 40), "sa-deposit": (_deposit, 120), "sa-coldchain": (_coldchain, 90),
    "sa-iceplant": (_iceplant, 300), "sa-trace": (_trace, 60), "sa-settlement": (_settlement, 300),
    "sa-dispatch": (_dispatch, 90), "sa-priceboard": (_priceboard, 150), "sa-notify": (_notify, 120),
    "sa-network": (_network, 600), "sa-k8s-node": (_node, 600),
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


# --- Incident 1: scale S3's tare at zero ----------------------------------------------------------------------------------
REWEIGH_SERIES: Keyframes = [(START, 0), (_t("04:30"), 0), (_t("04:45"), 4), (_t("04:52"), 7), (_t("05:15"), 11),
                             (_t("05:40"), 6), (_t("06:00"), 2), (_t("06:10"), 0), (REFERENCE, 0)]


def tare_zero(w: WorldBuilder) -> None:
    wb, disp = "sa-weighbridge", "sa-dispatch"
    w.log(_y("19:40:20.118"), wb, "INFO", S3_CALIBRATION, instance=ROLLOUTS[wb][0][1][0], trace=False, change="ops")
    s3_lots: list[tuple[str, str, float, float]] = []
    before = _every(w, _y("13:00"), _y("19:30"), 900, 1800)
    after = _every(w, _y("21:10"), _t("03:20"), 150, 420)
    fixed = _every(w, _t("05:25"), REFERENCE, 600, 1200)
    for moment in before + after + fixed:
        zero = _y("19:40:20") <= moment < _t("05:20:10")
        baskets = w.rng.randint(6, 22)
        net_true = baskets * w.rng.uniform(33, 40)
        tare = 0.0 if zero else baskets * TARE_PER_BASKET
        gross = net_true + baskets * TARE_PER_BASKET
        hall = w.rng.choice(HALLS)
        lot, ticket = _lot(w, hall, moment), _ticket(w)
        w.log(moment, wb, "INFO", WEIGH_TICKET.format(ticket=ticket, scale=TARE_SCALE, lot=lot, species=_species(w),
                                                      boat=w.rng.choice(BOATS), b=baskets, g=gross, t=tare, n=gross - tare),
              instance=_pod(w, wb, moment))
        if zero:
            s3_lots.append((lot, ticket, gross, net_true))
    w.log(_t("04:30:10.204"), disp, "INFO", DISPATCH_BAY, instance=ROLLOUTS[disp][0][1][0], change="config")
    shorts = _every(w, "04:41", "05:50", 60, 150)
    for moment, (lot, ticket, declared, actual) in zip(shorts, s3_lots, strict=False):
        actual *= w.rng.uniform(0.995, 1.003)
        w.log(moment, disp, "WARN", REWEIGH_SHORT.format(lot=lot, ticket=ticket, scale=TARE_SCALE,
                                                         bay=f"D{w.rng.randint(1, 12):02d}", d=declared, a=actual,
                                                         p=(actual / declared - 1) * 100,
                                                         dispute=f"RD{w.rng.randint(10**5, 10**6 - 1)}", buyer=_bidder(w)),
              instance=_pod(w, disp, moment))
    _ops(w, "05:05:10.330", disp, "dispatch_oncall_hu: 复磅短重的全是 S3 号磅的磅单，别的磅没问题")
    w.log(_t("05:20:10.441"), wb, "INFO", TARE_RESTORE, instance=ROLLOUTS[wb][1][1][0], trace=False, change="ops")
    w.alert("ReweighDisputesHigh", disp, "warning", _t("04:52"), _t("06:05"), "7 次/10分钟",
            "装车复磅短重争议 7 次/10分钟，超过阈值 5", namespace=NS)


# --- Incident 2: node-04's masked irqbalance -------------------------------------------------------------------------------
DISCONNECTS: Keyframes = [(START, 0), (_t("03:30"), 1), (_t("03:38"), 26), (_t("04:10"), 48), (_t("04:40"), 55),
                          (_t("05:20"), 44), (_t("05:32"), 6), (_t("05:45"), 1), (REFERENCE, 0)]


def irq_node(w: WorldBuilder) -> None:
    gw, node = "sa-bidder-gw", "sa-k8s-node"
    w.log(_y("14:05:10.118"), node, "INFO", KERNEL_PATCH, instance=BAD_NODE, trace=False, change="ops")
    w.log(_y("14:18:40.204"), node, "INFO", NODE_BOOT, instance=BAD_NODE, trace=False)
    w.log(_y("14:40:10.330"), node, "INFO", NODE_BACK, instance=BAD_NODE, trace=False)
    for moment in _every(w, _y("14:45"), REFERENCE, 560, 640):
        busy = _t("03:16") <= moment < _t("05:31:20")
        fixed = moment >= _t("05:31:20")
        if busy:
            a, b, d, load = w.rng.uniform(96, 100), w.rng.uniform(0.1, 0.5), w.rng.randint(300, 2400), w.rng.uniform(2.5, 4)
        elif fixed:
            a, b, d, load = w.rng.uniform(3, 7), w.rng.uniform(2, 5), 0, w.rng.uniform(2, 3.5)
        else:
            a, b, d, load = w.rng.uniform(0.5, 3), w.rng.uniform(0.0, 0.3), 0, w.rng.uniform(0.1, 0.5)
        w.log(moment, node, "INFO", SOFTIRQ.format(a=a, b=b, d=d, load=load), instance=BAD_NODE, trace=False)
    w.log(_t("03:05:10.441"), gw, "INFO", GW_MIN_VERSION, instance=GW_BASE[0], change="config")
    _ops(w, "03:15:05.551", gw, CRON_HPA)
    _rolled(w, gw, 1, "bidder-gw 6.3.2 listening on :8443 after {s}s")
    reconnects: dict[str, int] = {}
    for moment in _every(w, "03:16:30", REFERENCE, 15, 40):
        pod = w.rng.choice(ON_BAD_NODE)
        hall = w.rng.choice(HALLS)
        term = _term(w, hall)
        if _inside("irq", moment):
            if w.rng.random() < 0.55:
                reconnects[term] = reconnects.get(term, 0) + 1
                w.log(moment, gw, "WARN", PING_TIMEOUT.format(term=term, bidder=_bidder(w), k=reconnects[term]), instance=pod,
                      trace=False)
            else:
                w.log(moment, gw, "WARN", LATE_PRESS.format(term=term, lot=_lot(w, hall), ms=w.ms(900, 2600),
                                                            seq=w.rng.randint(10**5, 10**6)), instance=pod, trace=False)
        elif _auction(moment):
            w.log(moment, gw, "INFO", GW_PRESS_OK.format(term=term, lot=_lot(w, hall), seq=w.rng.randint(10**5, 10**6),
                                                         ms=w.ms(8, 40)), instance=pod)
        else:
            w.log(moment, gw, "INFO", f"websocket sessions {w.rng.randint(20, 160)}, heartbeats ok, send queue 0", instance=pod)
    _ops(w, "04:25:20.118", gw, "gw_oncall_feng: 掉线的终端都连在开拍前新扩的三个 Pod 上，老的四个 Pod 上的终端正常")
    w.log(_t("05:31:10.204"), node, "INFO", IRQ_FIX, instance=BAD_NODE, trace=False, change="ops")
    w.alert("BidderTerminalDisconnects", gw, "critical", _t("03:38"), _t("05:42"), "26 次/5分钟",
            "竞买终端掉线 26 次/5分钟，超过阈值 20", namespace=NS)


# --- Incident 3: the refund batch with active bidders ------------------------------------------------------------------------
REFUNDED = tuple(f"B{1001 + (i * 37) % 999}" for i in range(40))
SIGNIN_SERIES: Keyframes = [(START, 0), (_t("02:59"), 0), (_t("03:05"), 9), (_t("03:08"), 14), (_t("03:20"), 31),
                            (_t("03:35"), 22), (_t("04:00"), 12), (_t("04:08"), 1), (REFERENCE, 0)]


def refund_batch(w: WorldBuilder) -> None:
    dep = "sa-deposit"
    pods = ROLLOUTS[dep][0][1]
    w.log(_y("17:20:10.118"), dep, "INFO", REFUND_START, instance=pods[0], job="deposit-refund")
    for index, bidder in enumerate(REFUNDED[:14]):
        w.log(_y("17:21:00") + dt.timedelta(seconds=index * 41), dep, "INFO",
              REFUND_LINE.format(bidder=bidder, bank=w.rng.choice(BANKS), tail=w.rng.randint(1000, 9999)), instance=pods[0],
              trace=False, job="deposit-refund")
    w.log(_y("17:41:30.204"), dep, "INFO", REFUND_DONE, instance=pods[0], job="deposit-refund")
    w.log(_t("02:40:10.330"), dep, "INFO", DEPOSIT_GRACE, instance=pods[1], change="config")
    for moment in _every(w, "03:00:20", "04:05", 12, 45):
        hall = w.rng.choice(HALLS)
        if w.rng.random() < 0.6:
            w.log(moment, dep, "WARN", SIGNIN_REFUSED.format(bidder=w.rng.choice(REFUNDED), term=_term(w, hall)),
                  instance=w.rng.choice(pods))
        else:
            bidder = w.rng.choice([f"B{n}" for n in range(1500, 1600) if f"B{n}" not in REFUNDED])
            w.log(moment, dep, "INFO", SIGNIN_OK.format(bidder=bidder, term=_term(w, hall), dep=20000,
                                                        cl=w.rng.choice((100000, 200000))), instance=w.rng.choice(pods))
    _ops(w, "03:30:10.441", dep, "fin_oncall_lina: 签到被拒的买家都说交过保证金，系统里他们的保证金余额是 0")
    _ops(w, "04:05:10.551", dep, TEMP_CREDIT)
    w.alert("BidderSignInRefused", dep, "warning", _t("03:08"), _t("04:12"), "14 次/5分钟",
            "竞买人签到被拒 14 次/5分钟，超过阈值 10", namespace=NS)


# --- Incident 4: 带鱼 under a retired code ------------------------------------------------------------------------------------
BELOW_REF: Keyframes = [(START, 0), (_t("03:40"), 0), (_t("03:52"), 6), (_t("04:05"), 14), (_t("04:15"), 12),
                        (_t("04:22"), 2), (_t("04:30"), 0), (REFERENCE, 0)]


def species_code(w: WorldBuilder) -> None:
    grd, clk = "sa-grading", "sa-clock"
    w.log(_y("15:30:10.551"), clk, "INFO", CLOCK_DEPLOY, instance=ROLLOUTS[clk][1][1][0], change="deploy")
    _rolled(w, clk, 1, "ClockEngineApplication 5.2.3 started in {s} seconds")
    w.log(_y("16:10:20.118"), grd, "INFO", DICT_IMPORT, instance=ROLLOUTS[grd][0][1][0], trace=False, change="data")
    for moment in _every(w, _y("13:40"), _y("14:20"), 200, 500):
        w.log(moment, clk, "INFO", HAIRTAIL_OK.format(lot=_lot(w, "1", moment), p=w.rng.uniform(40, 46), bidder=_bidder(w),
                                                     n=w.rng.randint(8, 30)), instance=_pod(w, clk, moment))
    for moment in _every(w, _y("22:00"), _t("03:20"), 300, 700):
        w.log(moment, grd, "WARN", FALLBACK.format(lot=_lot(w, "1"), boat=w.rng.choice(BOATS)), instance=_pod(w, grd, moment))
    w.log(_t("03:20:10.204"), clk, "INFO", PRICE_STEP, instance=ROLLOUTS[clk][1][1][0], change="config")
    for moment in _every(w, "03:40", "04:19", 25, 70):
        w.log(moment, clk, "INFO", HAIRTAIL_LOT.format(lot=_lot(w, "1"), p=w.rng.uniform(12.4, 15.8), bidder=_bidder(w),
                                                      n=w.rng.randint(1, 5)), instance=_pod(w, clk, moment))
    _ops(w, "04:08:10.330", clk, "auction_master_zhou: 一号厅带鱼全是 12 块起拍，渔民围到拍卖台了，一号厅暂停")
    w.log(_t("04:20:10.441"), grd, "INFO", DICT_ALIAS, instance=ROLLOUTS[grd][0][1][1], change="config")
    for moment in _every(w, "04:24", "04:50", 60, 150):
        w.log(moment, clk, "INFO", HAIRTAIL_OK.format(lot=_lot(w, "1"), p=w.rng.uniform(40, 46), bidder=_bidder(w),
                                                     n=w.rng.randint(8, 30)), instance=_pod(w, clk, moment))
    w.alert("LotPriceBelowReference", clk, "warning", _t("03:52"), _t("04:30"), "6 拍/10分钟",
            "一号厅低于参考价起拍 6 拍/10分钟，超过阈值 5", namespace=NS, hall="1")


# --- Incident 5: IGMP snooping without a querier --------------------------------------------------------------------------
UNSOLD_SERIES: Keyframes = [(START, 2), (_t("05:00"), 3), (_t("05:06"), 4), (_t("05:12"), 41), (_t("05:25"), 78),
                            (_t("05:38"), 70), (_t("05:42"), 8), (_t("05:50"), 3), (REFERENCE, 2)]


def igmp_snooping(w: WorldBuilder) -> None:
    net, clk, gw = "sa-network", "sa-clock", "sa-bidder-gw"
    w.log(_t("04:58:10.118"), clk, "INFO", LOT_INTERVAL, instance=ROLLOUTS[clk][1][1][1], change="config")
    w.log(_t("05:02:10.204"), net, "INFO", IGMP_ON, instance="SW-HALL2", trace=False, change="ops")
    w.log(_t("05:06:30.330"), net, "INFO", IGMP_AGE, instance="SW-HALL2", trace=False)
    for moment in _every(w, "05:06:40", "05:40", 40, 90):
        w.log(moment, clk, "WARN", TICK_STALE.format(dsp=f"DSP-2-0{w.rng.randint(1, 4)}", s=w.rng.randint(30, 600),
                                                     seq=w.rng.randint(88000, 88300), n=w.rng.randint(60, 80)),
              instance=_pod(w, clk, moment))
    for moment in _every(w, "05:07", "05:40", 30, 80):
        species = _species(w)
        price = SPECIES[species][1]
        w.log(moment, clk, "WARN", UNSOLD.format(lot=_lot(w, "2"), species=species, p=price, r=price * 0.6,
                                                 n=w.rng.randint(60, 120)), instance=_pod(w, clk, moment))
    for moment in _every(w, "05:10", "05:40", 120, 300):
        w.log(moment, gw, "WARN", f"terminal {_term(w, '2')}: bidder reports frozen price, websocket ok, multicast tick feed "
              f"gap {w.rng.randint(60, 900)}s", instance=w.rng.choice(GW_BASE))
    _ops(w, "05:30:10.441", clk, "auction_master_zhou: 二号厅大屏和终端价格都不动了，钟在跳，没人按键，一直流拍")
    w.log(_t("05:40:10.551"), net, "INFO", IGMP_FIX, instance="SW-HALL2", trace=False, change="ops")
    w.alert("Hall2UnsoldRateHigh", clk, "critical", _t("05:12"), _t("05:46"), "41%",
            "二号厅流拍率 41%，超过阈值 20%", namespace=NS, hall="2")


# --- Incident 6: the dock door held open ---------------------------------------------------------------------------------
C2_SERIES: Keyframes = [(START, 2.1), (_y("22:10"), 2.2), (_y("23:30"), 3.4), (_t("00:40"), 4.6), (_t("00:48"), 5.2),
                        (_t("02:00"), 7.6), (_t("03:04"), 9.1), (_t("03:05"), C2_PEAK), (_t("03:06"), 9.2), (_t("03:30"), 5.4),
                        (_t("03:40"), 4.6), (_t("04:30"), 2.8), (REFERENCE, 2.2)]


def door_open(w: WorldBuilder) -> None:
    cold, grd = "sa-coldchain", "sa-grading"
    pods = ROLLOUTS[cold][0][1]
    w.log(_y("21:50:10.118"), cold, "INFO", ALARM_DELAY, instance=pods[0], change="config")
    w.log(_y("22:10:20.204"), cold, "INFO", DOOR_HOLD, instance=pods[0], trace=False, change="ops")
    for moment in _every(w, START + dt.timedelta(minutes=4), REFERENCE, 590, 610):
        held = _y("22:10:20") <= moment < _t("03:15:10")
        minutes = int((moment - _y("22:10:20")).total_seconds() // 60) if held else 0
        w.log(moment, cold, "INFO", DOOR_BEAT.format(door="C2-D1", state="OPEN" if held else "CLOSED",
                                                     mode="HOLD_OPEN" if held else "AUTO", m=minutes),
              instance=w.rng.choice(pods), trace=False)
    for moment in _every(w, START + dt.timedelta(minutes=2), REFERENCE, 290, 310):
        temp = interpolate(C2_SERIES, moment)
        held = _y("22:10:20") <= moment < _t("03:15:10")
        w.log(moment, cold, "INFO", ROOM_LINE.format(room="C2", kind="冰鲜库 0~4°C", t=min(temp, C2_PEAK - 0.3), sp=2.0,
                                                     f=4, c=100 if held else w.rng.randint(35, 70)),
              instance=w.rng.choice(pods), trace=False)
    for moment in _every(w, "01:30", "03:20", 240, 480):
        w.log(moment, grd, "WARN", TEMP_HOLD.format(lot=_lot(w, w.rng.choice(HALLS)), t=w.rng.uniform(6.2, 8.8)),
              instance=_pod(w, grd, moment))
    _ops(w, "02:10:10.330", cold, "coldchain_oncall_yang: C2 压缩机满载、风机 4/4 都在转，温度还在涨，通知夜班去现场看")
    w.log(_t("03:15:10.441"), cold, "INFO", DOOR_AUTO, instance=pods[1], trace=False, change="ops")
    w.alert("ColdRoomTempHigh", cold, "critical", _t("00:48"), _t("03:40"), C2_ALERT,
            "冷库 C2 温度 5.2°C，超过阈值 5°C", namespace=NS, room="C2")


# --- Incident 7: scale S5 in continuous mode ----------------------------------------------------------------------------
READINGS: Keyframes = [(START, 40), (_y("21:00"), 44), (_t("01:51"), 42), (_t("01:53"), 2280), (_t("02:13"), 2390),
                       (_t("02:14"), READINGS_PEAK), (_t("02:15"), 2395), (_t("02:39"), 2340), (_t("02:41"), 46),
                       (_t("03:30"), 30), (REFERENCE, 22)]
TICKET_DELAY: Keyframes = [(START, 3), (_t("01:52"), 3), (_t("02:05"), 38), (_t("02:25"), 64), (_t("02:40"), 52),
                           (_t("02:48"), 6), (_t("02:55"), 3), (REFERENCE, 3)]


def continuous_scale(w: WorldBuilder) -> None:
    wb = "sa-weighbridge"
    w.log(_t("01:30:10.118"), wb, "INFO", WEIGH_DEPLOY, instance=ROLLOUTS[wb][1][1][0], change="deploy")
    _rolled(w, wb, 1, "WeighbridgeApplication 3.4.1 started in {s} seconds")
    w.log(_t("01:50:20.204"), wb, "INFO", S5_REPLACED, instance=ROLLOUTS[wb][1][1][0], trace=False, change="ops")
    for moment in _every(w, "01:52", "02:40", 3, 9):
        w.log(moment, wb, "INFO", S5_READING.format(w=w.rng.uniform(0, 480), s=w.rng.choice((0, 0, 0, 1)), ms=w.ms(2, 9)),
              instance=_pod(w, wb, moment), log_type="access")
    for moment in _every(w, "02:00", "02:42", 60, 120):
        w.log(moment, wb, "WARN", READING_QUEUE.format(n=w.rng.randint(4000, 18000), s=w.rng.randint(30, 70)),
              instance=_pod(w, wb, moment), trace=False)
    for moment in _every(w, "02:02", "02:45", 40, 110):
        w.log(moment, wb, "WARN", TICKET_LATE.format(ticket=_ticket(w), scale=w.rng.choice(SCALES_OK), s=w.rng.randint(32, 70),
                                                     n=w.rng.randint(4000, 18000)), instance=_pod(w, wb, moment))
    _ops(w, "02:20:10.330", wb, "weigh_oncall_pan: 读数接口每分钟两千多次，几乎都是 S5 的不稳定读数，磅单确认排队")
    w.log(_t("02:40:10.441"), wb, "INFO", S5_FIX, instance=ROLLOUTS[wb][1][1][1], trace=False, change="ops")
    w.alert("WeighTicketDelayHigh", wb, "warning", _t("02:05"), _t("02:52"), DELAY_ALERT,
            "磅单确认延迟 38 秒，超过阈值 30 秒", namespace=NS)


# --- Incident 8: the retired bank codes -----------------------------------------------------------------------------------
def retired_codes(w: WorldBuilder) -> None:
    st = "sa-settlement"
    w.log(_y("18:30:10.118"), st, "INFO", BANK_BULLETIN, instance=ROLLOUTS[st][0][1][0], trace=False)
    w.log(_y("23:30:10.204"), st, "INFO", SETTLE_DEPLOY, instance=ROLLOUTS[st][1][1][0], change="deploy")
    _rolled(w, st, 1, "SettlementApplication 2.9.0 started in {s} seconds")
    w.log(_t("05:45:10.330"), st, "INFO", PAYOUT_BATCH, instance=ROLLOUTS[st][1][1][0], job="payout")
    for moment in _every(w, "05:46", REFERENCE, 20, 60):
        pid = f"P{w.rng.randint(10**7, 10**8 - 1)}"
        amount = w.rng.randint(3000, 90000) + w.rng.randint(0, 99) / 100
        if moment >= _t("05:58") and w.rng.random() < 0.45:
            w.log(moment, st, "WARN", PAYOUT_RETURNED.format(p=pid, boat=w.rng.choice(BOATS), amt=amount,
                                                             n=w.rng.randint(1, 60)), instance=ROLLOUTS[st][1][1][1])
        else:
            w.log(moment, st, "INFO", PAYOUT_OK.format(p=pid, boat=w.rng.choice(BOATS), amt=amount, bank=w.rng.choice(BANKS)),
                  instance=ROLLOUTS[st][1][1][1])
    _ops(w, "06:30:10.441", st, "settle_oncall_xu: 退回的全是岱山农商银行的户，渔民在码头等钱")
    _ops(w, "06:50:10.551", st, CNAPS_FIX)
    w.alert("PayoutReturnsHigh", st, "critical", _t("06:05"), None, "23 笔",
            "渔民打款退回 23 笔，超过阈值 20", namespace=NS)


# --- Incident 9: the ammonia interlock ----------------------------------------------------------------------------------
BIN_SERIES: Keyframes = [(START, 84), (_y("21:00"), 80), (_y("23:10"), 72), (_t("00:30"), 41), (_t("01:35"), 18),
                         (_t("02:10"), 2), (_t("03:05"), 0), (_t("03:40"), 9), (_t("04:10"), 22), (_t("05:30"), 55),
                         (REFERENCE, 70)]


def ammonia_interlock(w: WorldBuilder) -> None:
    ice, landing = "sa-iceplant", "sa-landing"
    pods = ROLLOUTS[ice][0][1]
    w.log(_y("22:50:10.118"), ice, "INFO", ICE_MAX, instance=pods[0], change="config")
    w.log(_y("23:10:20.204"), ice, "WARN", NH3_TEST, instance=pods[0], trace=False)
    w.log(_y("23:14:10.330"), ice, "INFO", NH3_CLEAR, instance=pods[0], trace=False)
    for moment in _every(w, START + dt.timedelta(minutes=6), REFERENCE, 590, 610):
        stopped = _y("23:10:20") <= moment < _t("03:05:10")
        level = max(0.0, interpolate(BIN_SERIES, moment))
        w.log(moment, ice, "INFO", ICE_STATUS.format(x=round(level), c="STOPPED" if stopped else "RUNNING",
                                                     esd="LATCHED" if stopped else "NORMAL", p=0.0 if stopped else 6.0),
              instance=w.rng.choice(pods), trace=False)
    for moment in _every(w, "01:50", "03:20", 180, 420):
        boat, berth = w.rng.choice(BOATS), w.rng.choice(BERTHS)
        w.log(moment, ice, "WARN", ICE_REFUSED.format(berth=berth, boat=boat, t=w.rng.choice((3.0, 4.0, 5.0))),
              instance=w.rng.choice(pods))
        w.log(moment + dt.timedelta(seconds=w.rng.randint(20, 90)), landing, "WARN",
              f"boat {boat} at berth {berth} waiting for ice, unloading slowed", instance=_pod(w, landing, moment))
    _ops(w, "02:40:10.441", ice, "ice_oncall_wen: 冰仓见底，压缩机停着，面板上有联锁，叫维修去现场")
    w.log(_t("03:05:10.551"), ice, "INFO", ESD_RESET, instance=pods[1], trace=False, change="ops")
    w.alert("IceBinLevelLow", ice, "warning", _t("01:35"), _t("04:10"), "18%",
            "片冰冰仓料位 18%，低于阈值 20%", namespace=NS)


# --- Incident 10: the all-digit trace codes -------------------------------------------------------------------------------
TRACE_P95: Keyframes = [(START, 40), (_t("05:50"), 42), (_t("05:55"), 900), (_t("06:08"), 2150), (_t("06:30"), 5600),
                        (_t("06:40"), 6400), (_t("06:41"), TRACE_PEAK), (_t("06:42"), 6420), (_t("06:55"), 6100),
                        (REFERENCE, 6000)]


def digit_codes(w: WorldBuilder) -> None:
    tr = "sa-trace"
    w.log(_y("16:40:10.118"), tr, "INFO", TPL_ON, instance=ROLLOUTS[tr][0][1][0], trace=False, change="ops")
    for moment in _every(w, "04:32", REFERENCE, 90, 240):
        first = 3302270916000000 + w.rng.randint(1000, 900000)
        n = w.rng.randint(6, 30)
        w.log(moment, tr, "INFO", LABELS.format(lot=_lot(w, w.rng.choice(HALLS)), buyer=_bidder(w), n=n, first=first,
                                                last=first + n - 1), instance=_pod(w, tr, moment))
    w.log(_t("05:30:10.204"), tr, "INFO", TRACE_DEPLOY, instance=TRACE_NEW[0], change="deploy")
    _rolled(w, tr, 1, "TraceApplication 1.12.0 started in {s} seconds")
    for moment in _every(w, "05:52", REFERENCE, 8, 25):
        code = 3302270916000000 + w.rng.randint(1000, 900000)
        took = int(min(TRACE_PEAK - 200, max(600.0, w.jitter(0.8 * _p95(moment), 600))))
        w.log(moment, tr, "INFO", SCAN_SLOW.format(code=code, ms=took, client=w.rng.choice(("dc-receiving", "dc-receiving",
                                                                                         "wechat"))),
              instance=_pod(w, tr, moment), log_type="access")
        if w.rng.random() < 0.35:
            w.log(moment + dt.timedelta(milliseconds=took), tr, "WARN",
                  SLOW_SQL.format(s=took / 1000, code=code, x=5_120_400 + w.rng.randint(0, 9000)),
                  instance=_pod(w, tr, moment), trace=False)
    _ops(w, "06:20:05.330", tr, TRACE_HPA)
    _rolled(w, tr, 2, "TraceApplication 1.12.0 started in {s} seconds")
    _ops(w, "06:35:10.441", tr, "trace_oncall_jiang: 超市配送中心收货扫码大面积超时，慢的都是新标签的码，DG 开头的老码很快")
    w.alert("TraceQueryLatencyHigh", tr, "critical", _t("06:08"), None, TRACE_ALERT,
            "溯源查询 P95 2,150ms，超过阈值 2000ms", namespace=NS)


def _p95(moment: dt.datetime) -> float:
    return interpolate(TRACE_P95, moment)


# --- Unrelated: the log filesystem; the healthy services' changes ---------------------------------------------------------
def other_events(w: WorldBuilder) -> None:
    for moment in _every(w, "04:50", REFERENCE, 900, 1500):
        w.log(moment, "sa-k8s-node", "WARN", DISK_LINE.format(p=w.rng.randint(82, 85)), instance=DISK_NODE, trace=False)
    w.alert("NodeFilesystemSpaceLow", "sa-k8s-node", "warning", _t("05:10"), None, "83%",
            f"{DISK_NODE} /var/log 使用率 83%，超过阈值 80%", instance=DISK_NODE)
    w.alert("HostCpuHigh", "sa-k8s-node", "warning", _y("23:40"), _t("00:05"), "88%",
            "sa-k8s-node-02 CPU 88%（夜间数据库备份）", instance="sa-k8s-node-02")
    w.log(_t("06:10:10.118"), "sa-priceboard", "INFO", PRICEBOARD_DEPLOY, instance=ROLLOUTS["sa-priceboard"][1][1][0],
          change="deploy")
    _rolled(w, "sa-priceboard", 1, "PriceBoardApplication 3.1.4 started in {s} seconds")
    w.log(_t("04:00:10.204"), "sa-notify", "INFO", NOTIFY_CONFIG, instance=ROLLOUTS["sa-notify"][0][1][0], change="config")


# --- Kubernetes state at 07:00 ------------------------------------------------------------------------------------------------
STEADY = (
    ("sa-landing", 31, "2027-09-02T10:00:00+08:00", "release sa-landing 4.1.0", "4.1.0"),
    ("sa-weighbridge", 44, "2027-09-16T01:30:10+08:00", "release sa-weighbridge 3.4.1 (pipeline #3325)", "3.4.1"),
    ("sa-grading", 27, "2027-08-28T10:00:00+08:00", "release sa-grading 2.7.2", "2.7.2"),
    ("sa-clock", 63, "2027-09-15T15:30:10+08:00", "release sa-clock 5.2.3 (pipeline #3318)", "5.2.3"),
    ("sa-deposit", 19, "2027-08-20T10:00:00+08:00", "release sa-deposit 1.9.4", "1.9.4"),
    ("sa-coldchain", 22, "2027-07-30T10:00:00+08:00", "release sa-coldchain 2.2.0", "2.2.0"),
    ("sa-iceplant", 12, "2027-06-18T10:00:00+08:00", "release sa-iceplant 1.3.1", "1.3.1"),
    ("sa-trace", 38, "2027-09-16T05:30:10+08:00", "release sa-trace 1.12.0 (pipeline #3330)", "1.12.0"),
    ("sa-settlement", 29, "2027-09-15T23:30:10+08:00", "release sa-settlement 2.9.0 (pipeline #3321)", "2.9.0"),
    ("sa-dispatch", 35, "2027-09-08T10:00:00+08:00", "release sa-dispatch 3.0.7", "3.0.7"),
    ("sa-priceboard", 17, "2027-09-16T06:10:10+08:00", "release sa-priceboard 3.1.4 (pipeline #3331)", "3.1.4"),
    ("sa-notify", 14, "2027-08-12T10:00:00+08:00", "release sa-notify 1.6.0", "1.6.0"),
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
        w.pod(namespace=NS, name=pod, service="sa-bidder-gw", phase="Running", ready="1/1", restarts=0, last_termination=None,
              waiting_reason=None, node=node_of(pod), observed_at=REFERENCE)
    _deployment(w, "sa-bidder-gw", 52, "2027-09-09T10:00:00+08:00", "release sa-bidder-gw 6.3.2", "6.3.2", 7, GW_ALL)
    hour_ago = REFERENCE - dt.timedelta(hours=1)
    for index, pod in enumerate(TRACE_NEW):
        w.event(type="Warning", reason="Unhealthy", object=f"Pod/{pod}",
                message=f"Readiness probe failed: Get \"http://10.42.{3 + index}.21:8080/actuator/health\": context deadline "
                        "exceeded (Client.Timeout exceeded while awaiting headers)",
                count=4 + 3 * (index % 3), first_seen=hour_ago + dt.timedelta(minutes=12 + 4 * (index // 3) * 5),
                last_seen=REFERENCE - dt.timedelta(minutes=1, seconds=13 * index))
    w.event(type="Normal", reason="SuccessfulRescale", object="HorizontalPodAutoscaler/sa-trace",
            message="New size: 6; reason: cpu resource utilization (percentage of request) above target", count=1,
            first_seen=_t("06:20:05"), last_seen=_t("06:20:05"))
    w.event(type="Normal", reason="ScalingReplicaSet", object="Deployment/sa-priceboard",
            message=f'Scaled up replica set {ROLLOUTS["sa-priceboard"][1][1][0].rsplit("-", 1)[0]} to 2', count=1,
            first_seen=_t("06:10:12"), last_seen=_t("06:10:12"))
    w.event(type="Warning", reason="FreeDiskSpaceFailed", object=f"Node/{DISK_NODE}",
            message="Failed to garbage collect required amount of images. Attempted to free 4123456512 bytes, but only "
                    "found 0 bytes eligible to free.", count=6, first_seen=hour_ago + dt.timedelta(minutes=5),
            last_seen=REFERENCE - dt.timedelta(minutes=4))


# --- Metrics --------------------------------------------------------------------------------------------------------------------
def build_metrics(w: WorldBuilder) -> None:
    at = w.at
    night = [(_y("21:00"), REFERENCE)]
    w.series("weighbridge_readings_per_min", "sa-weighbridge", "次/分钟", READINGS, start=START, fine=night, spread=30,
             digits=0)
    w.series("weigh_ticket_confirm_delay_seconds", "sa-weighbridge", "秒", TICKET_DELAY, start=START, fine=night, spread=1.5,
             digits=0, threshold=30)
    w.series("dispatch_reweigh_disputes_per_10m", "sa-dispatch", "次", REWEIGH_SERIES, start=START, fine=night, spread=0.8,
             digits=0, threshold=5)
    w.series("bidder_terminal_disconnects_per_5m", "sa-bidder-gw", "次", DISCONNECTS, start=START, fine=night, spread=2,
             digits=0, threshold=20)
    w.series("node_softirq_cpu0_percent", "sa-k8s-node", "%",
             [(START, 2), (_y("14:05"), 2), (_y("14:45"), 1), (at("03:15"), 2), (at("03:17"), 97), (at("05:31"), 99),
              (at("05:32"), 5), (REFERENCE, 5)], start=START, fine=night, spread=0.8, digits=1, instance=BAD_NODE)
    w.series("deposit_signin_refused_per_5m", "sa-deposit", "次", SIGNIN_SERIES, start=START, fine=night, spread=1,
             digits=0, threshold=10)
    w.series("clock_lots_below_reference_per_10m", "sa-clock", "拍", BELOW_REF, start=START, fine=night, spread=0.6,
             digits=0, threshold=5, hall="1")
    w.series("clock_unsold_ratio_percent", "sa-clock", "%", UNSOLD_SERIES, start=START, fine=night, spread=1.5, digits=0,
             threshold=20, hall="2")
    w.series("coldroom_temp_celsius", "sa-coldchain", "°C", C2_SERIES, start=START, fine=night, spread=0.2, digits=1,
             threshold=5, room="C2")
    w.series("iceplant_bin_level_percent", "sa-iceplant", "%", BIN_SERIES, start=START, fine=night, spread=0.8, digits=0)
    w.series("trace_query_p95_ms", "sa-trace", "ms", TRACE_P95, start=START, fine=night, spread=60, digits=0, threshold=2000)
    w.series("trace_query_requests_per_min", "sa-trace", "次/分钟",
             [(START, 60), (_y("20:00"), 20), (at("05:50"), 30), (at("06:10"), 420), (at("06:45"), 510), (REFERENCE, 480)],
             start=START, fine=night, spread=12, digits=0)
    w.series("settlement_payouts_returned_total", "sa-settlement", "笔",
             [(START, 0), (at("05:57"), 0), (at("06:05"), 23), (at("06:40"), 61), (REFERENCE, 84)], start=START, fine=night,
             digits=0)
    w.series("node_filesystem_used_percent", "sa-k8s-node", "%",
             [(START, 74), (at("04:50"), 81), (at("05:10"), 83), (REFERENCE, 84)], start=START, digits=0, threshold=80,
             instance=DISK_NODE)
    for service, p99, threshold in (("sa-priceboard", 160, 1500), ("sa-notify", 210, 1000)):
        w.series("http_5xx_ratio", service, "%", [(START, 0.03), (at("05:00"), 0.22), (at("06:30"), 0.09), (REFERENCE, 0.04)],
                 start=START, spread=0.02, digits=2, threshold=2)
        w.series("http_p99_latency", service, "ms", [(START, p99 - 30), (at("05:00"), p99 + 220), (REFERENCE, p99)],
                 start=START, spread=15, digits=0, threshold=threshold)


# --- Runbooks -----------------------------------------------------------------------------------------------------------------
RUNBOOKS: list[tuple[str, str, str]] = [
    ("runbooks/dispatch/reweigh.md", "装车复磅短重处理手册", runbook(
        "装车复磅短重处理手册", "适用于 sa-dispatch 装车复磅与磅单净重不符、买家短重争议。",
        ["ReweighDisputesHigh：复磅短重争议超过 5 次/10分钟"],
        ["按磅单的秤号（S1–S6）分组看短重比例，是否集中在某一台秤。", "看该秤磅单的毛重、皮重、筐数是否合理，最近的校准与维修记录。",
         "看复磅秤本身的零点。"],
        ["某台秤的扣皮设置错误或传感器漂移。", "冰水沥干不足。", "复磅秤故障。"],
        ["恢复该秤的扣皮设置，受影响磅单转结算调整；短重批次按复磅重量结算。"])),
    ("runbooks/bidder-gw/disconnect.md", "竞买终端掉线处理手册", runbook(
        "竞买终端掉线处理手册", "适用于 sa-bidder-gw 竞买终端 websocket 掉线、按键迟到。",
        ["BidderTerminalDisconnects：终端掉线超过 20 次/5分钟"],
        ["按 Pod 看掉线分布，掉线的终端连在哪些 Pod、这些 Pod 在哪台节点上。", "看节点的网络软中断、丢包与最近的系统变更。",
         "看大厅无线 AP 的信道与负载。"],
        ["个别节点网络处理能力异常（中断、网卡队列）。", "大厅无线干扰。", "终端电量低。"],
        ["修复节点或把 Pod 迁离该节点；拍卖中可暂停该厅。"])),
    ("runbooks/deposit/signin.md", "竞买人签到被拒处理手册", runbook(
        "竞买人签到被拒处理手册", "适用于 sa-deposit 签到时保证金不足、授信冻结。",
        ["BidderSignInRefused：签到被拒超过 10 次/5分钟"],
        ["看被拒买家的保证金流水：最近一笔变动是什么、由谁发起。", "核对保证金退还批处理的名单来源。"],
        ["保证金被退还或扣划。", "授信逾期冻结。", "银行到账延迟。"],
        ["核实后恢复保证金或给临时授信，让买家签到。"])),
    ("runbooks/clock/below-reference.md", "低于参考价起拍处理手册", runbook(
        "低于参考价起拍处理手册", "适用于 sa-clock 批次起拍价明显低于品种参考价。",
        ["LotPriceBelowReference：低于参考价起拍超过 5 拍/10分钟"],
        ["看这些批次的申报品种与分级品种是否一致、品种代码。", "看 sa-grading 品种字典最近的导入与变更。", "看参考价表。"],
        ["品种代码映射错误，批次落到兜底品种。", "参考价表录入错误。"],
        ["修正品种映射并重新分级；暂停该厅，已成交批次按规则协商。"])),
    ("runbooks/clock/unsold.md", "拍卖厅流拍率高处理手册", runbook(
        "拍卖厅流拍率高处理手册", "适用于 sa-clock 某拍卖厅连续流拍。",
        ["Hall2UnsoldRateHigh：二号厅流拍率超过 20%"],
        ["看该厅大屏与终端的价格跳动是否在更新（tick ack）。", "看该厅交换机、组播（vlan 120）的最近变更。",
         "看买家是否在场、终端是否在线。"],
        ["组播价格跳动到不了大厅（交换机配置、组播路由）。", "买家离场。", "起拍价过高。"],
        ["恢复组播转发；流拍批次重新排拍。"])),
    ("runbooks/coldchain/temp-high.md", "冷库温度超标处理手册", runbook(
        "冷库温度超标处理手册", "适用于 sa-coldchain 冰鲜库温度超过 5°C。",
        ["ColdRoomTempHigh：冷库温度超过阈值 5°C"],
        ["看该库压缩机负载、蒸发器风机与化霜。", "看该库卸货门的状态、模式与常开时长。", "现场确认。"],
        ["卸货门常开或门封损坏。", "压缩机故障。", "化霜未结束。"],
        ["关门恢复 AUTO，超温批次交质检复核。"])),
    ("runbooks/weighbridge/ticket-delay.md", "磅单确认延迟处理手册", runbook(
        "磅单确认延迟处理手册", "适用于 sa-weighbridge 磅单确认排队、延迟。",
        ["WeighTicketDelayHigh：磅单确认延迟超过 30 秒"],
        ["看读数接口 /api/readings 的请求量按秤分布。", "看各秤仪表的输出模式与最近的更换记录。"],
        ["某台秤仪表连续发送读数。", "服务实例不足。"],
        ["把仪表改回稳定打印模式，必要时限流该秤。"])),
    ("runbooks/settlement/payout-returned.md", "渔民打款退回处理手册", runbook(
        "渔民打款退回处理手册", "适用于 sa-settlement 批量打款被银行退回。",
        ["PayoutReturnsHigh：打款退回超过 20 笔"],
        ["看退回的原因码与收款行。", "查农信前置的银行公告（合并、行号变更）。"],
        ["收款行行号变更或停用。", "户名不符。", "账户冻结。"],
        ["更新收款行行号后重发退回的打款。"])),
    ("runbooks/iceplant/bin-low.md", "冰仓料位低处理手册", runbook(
        "冰仓料位低处理手册", "适用于 sa-iceplant 片冰冰仓料位低、加冰被拒。",
        ["IceBinLevelLow：冰仓料位低于 20%"],
        ["看压缩机 C1/C2 是否运行，安全联锁 ESD-1 的状态。", "看氨检测器的报警记录。"],
        ["安全联锁停机未复位。", "片冰机故障。", "用冰量超常。"],
        ["确认无泄漏后在面板复位联锁，恢复制冰；从外部调冰。"])),
    ("runbooks/trace/query-slow.md", "溯源查询慢处理手册", runbook(
        "溯源查询慢处理手册", "适用于 sa-trace 扫码查询 P95 延迟升高。",
        ["TraceQueryLatencyHigh：溯源查询 P95 超过 2000ms"],
        ["看慢查询的 SQL 与 rows examined、执行计划是否走索引。", "按溯源码格式（新旧模板）分组看耗时。",
         "看扫码来源与请求量。"],
        ["查询条件类型与列类型不一致导致隐式转换、不走索引。", "请求量激增。", "数据库资源不足。"],
        ["让查询按字符串绑定溯源码；扩容只能缓解。"])),
    ("runbooks/weighbridge/sensor.md", "称重传感器故障处理手册", runbook(
        "称重传感器故障处理手册", "适用于磅秤读数跳变。",
        ["ScaleSensorFault"], ["看各传感器分度值。"], ["传感器进水。"], ["更换称重传感器。"])),
    ("runbooks/bidder-gw/battery.md", "竞买终端电量低处理手册", runbook(
        "竞买终端电量低处理手册", "适用于竞买终端电量低。",
        ["TerminalBatteryLow"], ["看终端电量上报。"], ["终端未充电。"], ["更换终端电池。"])),
]


def build_bundle(seed: int = SEED) -> Json:
    w = WorldBuilder(seed=seed, day=DAY, tz=TZ, reference=REFERENCE, instances=INSTANCES,
                     labels={"env": "prod", "cluster": "dg-prod", "region": "cn-east-1"})
    for service, (make, every) in NOISE.items():
        w.noise(service, make, START, every_s=every)
    tare_zero(w)
    irq_node(w)
    refund_batch(w)
    species_code(w)
    igmp_snooping(w)
    door_open(w)
    continuous_scale(w)
    retired_codes(w)
    ammonia_interlock(w)
    digit_codes(w)
    other_events(w)
    k8s_state(w)
    build_metrics(w)
    documents = [{"title": title, "source": source, "content": content} for source, title, content in RUNBOOKS]
    return w.bundle(name="DongGang 东港水产拍卖中心 2027-09-16", services=SERVICES, documents=documents)


# --- Questions --------------------------------------------------------------------------------------------------------------------
#: Each incident's own words: in another incident's answer, a misattribution.
FAMILY = {
    "tare": ("tare 0.0kg", "WO-YH-0915-03"),
    "irq": ("irqbalance", "KU-0915"),
    "refund": ("RF-20270915", "bidders_inactive_0915.xlsx"),
    "species": ("DICT-2027-09", "species_code=30201"),
    "igmp": ("igmp snooping", "CR-NET-0916-01"),
    "door": ("HOLD_OPEN", "FM-0915-12"),
    "continuous": ("output=continuous", "WO-YH-0916-01"),
    "cnaps": ("收款行行号不存在", "RJ04"),
    "interlock": ("ESD-1", "NH3-D3"),
    "implicit": ("TPL-2027-09", "type or collation conversion"),
}
#: The remedies of the runbooks for problems that did not happen.
UNRELATED_REMEDIES = ("更换称重传感器", "更换终端电池")
FIRING = ("TraceQueryLatencyHigh", "PayoutReturnsHigh", "NodeFilesystemSpaceLow")
INCIDENT_WORDS = tuple(word for words in FAMILY.values() for word in words)


def _not(*own: str, told: tuple[str, ...] = ()) -> tuple[str, ...]:
    """The other incidents' words, plus the unrelated runbooks' remedies — less ``told``: another incident's words the asked
    service itself logs (the weighbridge logs both scales' tickets and changes), which name no misattribution when an answer
    quotes them."""
    return tuple(word for family, words in FAMILY.items() if family not in own for word in words
                 if word not in told) + UNRELATED_REMEDIES


CLOCK_CHANGES = (CLOCK_DEPLOY, PRICE_STEP, LOT_INTERVAL)

QUESTIONS: tuple[WorldQuestion, ...] = (
    WorldQuestion(
        "auction_dispatch_reweigh_cause",
        "今天早上装车复磅，好多买家说货比磅单少了一成左右，吵着要退钱，物流调度这边是怎么回事？", "cause",
        asked_facts=(fact("REWEIGH_SHORT", "复磅短重", "短重"),),
        cause_facts=(fact("S3", "3号磅", "3 号磅"),
                     fact("tare 0.0kg", "皮重", "扣皮", "WO-YH-0915-03", "yh_fae_linqiang", "耀华衡器")),
        forbidden=_not("tare"), service="sa-dispatch",
        diagnosis="昨晚 19:40 耀华衡器 的工程师 yh_fae_linqiang 给 S3 号磅做年检前校准（WO-YH-0915-03），之后 S3 的磅单皮重都是 "
                  "tare 0.0kg（其他秤按每筐 4.5kg 扣皮）→ 夜里在 S3 过磅的批次净重含筐和冰，装车复磅短重 9–12%，买家提出 "
                  "REWEIGH_SHORT 争议。05:20 恢复扣皮，S3 的磅单转结算调整。04:30 的 dispatch.bay.assign-strategy 配置不是原因",
    ),
    WorldQuestion(
        "auction_bidder_terminal_disconnect_cause",
        "开拍以后不少买家的竞买终端老掉线，按了键也说迟到不算，终端网关这是怎么了？", "cause",
        asked_facts=(fact("ping timeout", "掉线", "LATE_PRESS"),),
        cause_facts=(fact(BAD_NODE, "node-04"),
                     fact("irqbalance", "CPU0", "cpu0", "softirq", "软中断", "KU-0915")),
        forbidden=_not("irq"), service="sa-bidder-gw",
        diagnosis="sa-k8s-node-04 昨天 14:05 打内核补丁（KU-0915）后 irqbalance.service 被 mask，网卡中断全在 CPU0；节点空着时"
                  "看不出来，03:15 开拍前 CronHPA 把 sa-bidder-gw 从 4 扩到 7，新的 3 个 Pod 都调度到这台节点 → 开拍后 CPU0 "
                  "softirq 100%、NET_RX 丢包，连在这 3 个 Pod 上的终端 websocket ping timeout、按键 LATE_PRESS；其他 4 个 Pod "
                  "正常。05:31 unmask 并启动 irqbalance 后恢复。03:05 的 gw.terminal.min-version 配置不是原因",
    ),
    WorldQuestion(
        "auction_deposit_signin_refused_cause",
        "三点开签到的时候一百多个老买家说保证金不足签不上，可他们这季都交过保证金，保证金系统怎么回事？", "cause",
        asked_facts=(fact("DEPOSIT_INSUFFICIENT", "保证金不足"),),
        cause_facts=(fact("RF-20270915", "清退", "退还"),
                     fact("fin_op_chenli", "bidders_inactive_0915.xlsx", "旧 CRM")),
        forbidden=_not("refund"), service="sa-deposit",
        diagnosis="昨天 17:20 财务 fin_op_chenli 跑伏休保证金清退批 RF-20270915，名单 bidders_inactive_0915.xlsx 从旧 CRM 导出，"
                  "里面也有本季在拍的买家 → 412 人的保证金退成 0 → 03:00 签到时 DEPOSIT_INSUFFICIENT。04:05 给 186 个活跃买家"
                  "临时授信 TC-0916-01。02:40 的 deposit.credit.overdue-grace-days 配置不是原因",
    ),
    WorldQuestion(
        "auction_clock_hairtail_start_price_cause",
        "今天凌晨四点前后一号厅的带鱼怎么全从十二块起拍？渔民都围到拍卖台了，拍卖钟出什么问题了？", "cause",
        asked_facts=(fact("¥12.00", "12.00", "其他海水鱼"),),
        cause_facts=(fact("30201", "3020101"),
                     fact("DICT-2027-09", "SC/T 3016-2027", "品种字典", "data_admin_wuxia")),
        forbidden=_not("species"), service="sa-clock",
        diagnosis="昨天 16:10 data_admin_wuxia 把国家水产品分类代码 SC/T 3016-2027 导入为品种字典 DICT-2027-09，带鱼的代码从 30201 "
                  "变成 3020101，质检平板仍报 30201 → 字典里查不到，兜底成 39999 其他海水鱼 → 一号厅 03:40–04:20 带鱼按其他海水鱼的 "
                  "¥12.00/kg 起拍（参考价 ¥48）。04:20 加别名 30201 -> 3020101。03:20 的 clock.hall1.price-step-yuan 配置不是原因",
    ),
    WorldQuestion(
        "auction_clock_hall2_unsold_cause",
        "五点多二号厅一连串流拍，买家说大屏和手上终端的价格都不动了，拍卖钟那边为什么会这样？", "cause",
        asked_facts=(fact("流拍", "unsold"),),
        cause_facts=(fact("igmp snooping", "IGMP", "组播"),
                     fact("SW-HALL2", "querier", "CR-NET-0916-01", "net_op_gaojie")),
        forbidden=_not("igmp"), service="sa-clock",
        diagnosis="05:02 网络 net_op_gaojie 按 CR-NET-0916-01 在二号厅交换机 SW-HALL2 的 vlan 120 上开了 igmp snooping，但该 vlan "
                  "没有 querier → 05:06 组播组老化，钟的价格跳动到不了二号厅的大屏和终端，价格冻结、没人按键，05:06–05:40 连续流拍。"
                  "05:40 开启 querier 后恢复。04:58 的 clock.hall2.lot-interval-sec 配置不是原因",
    ),
    WorldQuestion(
        "auction_coldroom_c2_temp_cause",
        "昨晚半夜冷库 C2 的温度为什么一直往上涨？后来质检把从 C2 出来的货都扣了。", "cause",
        asked_facts=(fact("ColdRoomTempHigh", "°C"),),
        cause_facts=(fact("C2-D1", "HOLD_OPEN", "卸货门", "门常开"),
                     fact("FM-0915-12", "fm_contractor_sunhao", "叉车充电桩")),
        forbidden=_not("door"), service="sa-coldchain",
        diagnosis="昨晚 22:10 设施外包 fm_contractor_sunhao（FM-0915-12 叉车充电桩安装）把 C2 卸货门 C2-D1 设成 HOLD_OPEN 后没有恢复，"
                  "门一直开着 → C2 压缩机满载也压不住，00:48 超过 5°C，03:05 最高 9.6°C，质检把 C2 的批次按 TEMP_ABUSE 扣留。03:15 "
                  "夜班巡检改回 AUTO。21:50 的 coldchain.alarm.c2.delay-min 配置不是原因",
    ),
    WorldQuestion(
        "auction_settlement_payout_returned_cause",
        "六点前后那批给渔民的打款被银行退回来一堆，渔民都在码头等钱，渔民结算这是怎么了？", "cause",
        asked_facts=(fact("收款行行号不存在", "RJ04"),),
        cause_facts=(fact("402342500", "行号", "cnaps"),
                     fact("岱山农商银行", "并入", "停用")),
        forbidden=_not("cnaps"), service="sa-settlement",
        diagnosis="岱山农商银行 今天 00:00 并入 浙江舟山农商银行，原行号 402342500xxx 停用（昨天 18:30 农信前置已发公告）；渔民账户里还是"
                  "旧行号 → 05:45 的打款批 PB-20270916 里该行的打款被退回 RJ04 收款行行号不存在，告警仍在触发。06:50 已更新 412 个账户的"
                  "行号，07:30 重发。23:30 的 sa-settlement 2.9.0 发布不是原因",
    ),
    WorldQuestion(
        "auction_trace_query_slow_cause",
        "六点以后超市配送中心收货扫溯源码特别慢，老是超时，溯源查询为什么这么慢？", "cause",
        asked_facts=(fact("slow query", "took=", "超时", "TraceQueryLatencyHigh"),),
        cause_facts=(fact("TPL-2027-09", "纯数字", "DG 前缀"),
                     fact("type or collation conversion", "rows examined", "隐式转换", "uk_trace_code")),
        forbidden=_not("implicit"), service="sa-trace",
        diagnosis="昨天 16:40 质量部 qa_op_heyan 启用新标签模板 TPL-2027-09，溯源码改成 16 位纯数字、去掉 DG 前缀；查询把纯数字的码按"
                  "数字绑定，和 VARCHAR 列 trace_code 比较时 type or collation conversion，用不上 uk_trace_code，每次扫码全表扫描"
                  "（rows examined 五百多万）→ 05:52 超市收货扫码开始后 P95 升到 6840ms，告警仍在触发；DG 开头的老码很快。05:30 的 "
                  "sa-trace 1.12.0 发布不是原因，06:20 的扩容只能缓解",
    ),
    WorldQuestion(
        "auction_weighbridge_readings_quantity", "两点左右过磅读数接口的请求最高到了每分钟多少次？", "quantity",
        asked_facts=(fact(str(READINGS_PEAK), "2,460"),), forbidden=_not("continuous", told=FAMILY["tare"]),
        service="sa-weighbridge", peak=Peak("sa-weighbridge", "weighbridge_readings_per_min", READINGS_PEAK),
        diagnosis="weighbridge_readings_per_min 峰值 2460 次/分钟（02:14）；WeighTicketDelayHigh 触发时是磅单确认延迟 38 秒。起因是 "
                  "01:50 更换的 S5 仪表 output=continuous",
    ),
    WorldQuestion(
        "auction_coldroom_c2_temp_quantity", "冷库 C2 昨晚最热的时候到了多少度？", "quantity",
        asked_facts=(fact(str(C2_PEAK), "9.6°C", "9.6 度"),), forbidden=_not("door"), service="sa-coldchain",
        peak=Peak("sa-coldchain", "coldroom_temp_celsius", C2_PEAK),
        diagnosis="coldroom_temp_celsius（room C2）峰值 9.6°C（03:05）；ColdRoomTempHigh 触发时是 5.2°C。起因是卸货门 C2-D1 "
                  "HOLD_OPEN",
    ),
    WorldQuestion(
        "auction_trace_latency_quantity", "溯源查询的 P95 延迟到现在最高到过多少毫秒？", "quantity",
        asked_facts=(fact(str(TRACE_PEAK), "6,840"),), forbidden=_not("implicit"), service="sa-trace",
        peak=Peak("sa-trace", "trace_query_p95_ms", TRACE_PEAK),
        diagnosis="trace_query_p95_ms 峰值 6840ms（06:41）；TraceQueryLatencyHigh 触发时是 2,150ms。起因是纯数字溯源码的隐式转换",
    ),
    WorldQuestion(
        "auction_iceplant_existence", "制冰厂昨晚是不是报过警？好几条船说在泊位上加不上冰。", "existence",
        asked_facts=(fact("IceBinLevelLow"),),
        cause_facts=(fact("ESD-1", "联锁", "interlock"),
                     fact("NH3-D3", "AJ-2027-0915", "安监", "氨检测")),
        forbidden=_not("interlock"), service="sa-iceplant",
        diagnosis="报过：IceBinLevelLow 01:35 触发、04:10 恢复。昨晚 23:10 安监年检（AJ-2027-0915）用标准气测试氨检测器 NH3-D3，"
                  "安全联锁 ESD-1 停了压缩机 C1、C2，报警消除后联锁保持 LATCHED 要人工复位 → 冰仓见底，泊位加冰 BIN_EMPTY。03:05 "
                  "在面板复位。22:50 的 iceplant.dispense.max-ton-per-boat 配置不是原因",
    ),
    WorldQuestion(
        "auction_priceboard_healthy", "门口的行情大屏今天早上有买家说价格不对，行情发布有没有出问题或者告警？", "existence",
        asked_facts=(HEALTHY,), forbidden=INCIDENT_WORDS, service="sa-priceboard", healthy=True,
        diagnosis="没有：sa-priceboard 只有行情屏刷新与价格指数的 INFO 和屏幕回执稍慢的 WARN，5xx、p99 远低于阈值，无告警；06:10 的 "
                  "3.1.4 发布与各故障无关（带鱼价格低是一号厅起拍价的问题）",
    ),
    WorldQuestion(
        "auction_notify_healthy", "有渔民说没收到到账短信，短信通知服务有没有报错或者告警？", "existence",
        asked_facts=(HEALTHY,), forbidden=INCIDENT_WORDS, service="sa-notify", healthy=True,
        diagnosis="没有：sa-notify 只有成交通知、提货叫号的 INFO 和运营商回执延迟的 WARN，5xx、p99 低于阈值，无告警；到账短信在打款成功"
                  "后才发，退回的打款是结算的问题；04:00 的 notify.sms.batch-size 配置与此无关",
    ),
    WorldQuestion(
        "auction_alert_listing", "现在还有哪些告警没恢复？列一下。", "listing",
        asked_facts=tuple(fact(name) for name in FIRING), forbidden=("sa-priceboard", "sa-notify"),
        diagnosis="3 条：TraceQueryLatencyHigh（06:08 起，sa-trace，纯数字溯源码全表扫描）、PayoutReturnsHigh（06:05 起，"
                  "sa-settlement，岱山农商银行旧行号）、NodeFilesystemSpaceLow（05:10 起，sa-k8s-node-07 的 /var/log，与各故障无关）；"
                  "其余告警都已恢复",
    ),
    WorldQuestion(
        "auction_clock_changes_listing", "拍卖钟从昨天早上到现在做过哪些变更？发版和配置都列一下。", "listing",
        asked_facts=(fact("5.2.3"), fact("clock.hall1.price-step-yuan"), fact("clock.hall2.lot-interval-sec")),
        forbidden=UNRELATED_REMEDIES, service="sa-clock",
        diagnosis="三次：昨天 15:30 发布 5.2.3、03:20 clock.hall1.price-step-yuan 0.20 -> 0.10、04:58 clock.hall2.lot-interval-sec "
                  "8 -> 6；都不是当天两次故障的原因",
    ),
)

WORLD = World(name=NAME, title="DongGang 东港水产拍卖中心（过磅、分级、电子拍卖钟、结算与调度）", build=build_bundle,
              questions=QUESTIONS)
