"""World "port": 海联港务 HaiLian Port, the operator of a container terminal (海联集装箱码头; ``hl-*`` services: the
terminal operating system's berth and quay-crane planning, yard planning, the equipment control that dispatches work
instructions to quay cranes, RTGs and the internal trucks (ITV), the gate with its lane agents and OCR, truck appointment
booking, EDI with the shipping lines (BAPLIE/COPRARN/CODECO), the customs release and inspection interface with the
单一窗口, reefer monitoring, storage and handling billing, the drivers' App backend, the VGM weighbridges and the customer
portal on a Kubernetes cluster; the nodes outside it), seen from Tuesday 2027-03-09 22:00 to the reference time Wednesday
2027-03-10 21:30 (+08:00): an ordinary working day with three vessels alongside. Nothing here was written for the offline
agents; ten incidents of families the other worlds do not have, in ordinary noise:

(1) 00:00:12        hl-che-dispatch: the RTK correction account of the ITV fleet (千寻 CORS ``hlport-rtk-01``) expires at
                    midnight → the NTRIP caster answers 401 → the internal trucks fall back to autonomous GPS (error 2–3 m)
    00:00–06:30     → the dispatch's lane geofence under the quay cranes says NOT_UNDER_CRANE for trucks that are there →
                    QC03/QC04 wait for trucks; the wait peaks 412 s at 03:14 (``qc_wait_for_truck_seconds``; the alert
                    fired at 180 s). 06:30 the account is renewed. The 23:10 ITV pool config is a decoy.
(2) 22:35 (day -1)  hl-yard: yard_admin_lujie marks block 2E ``reefer_capable`` (ticket YD-0309-17 was for 2F, whose reefer
                    racks were just finished) → the 01:30 housekeeping plan moves 46 reefers to 2E, the RTGs execute it
    07:50–12:10     from 07:40 → the reefers stand unplugged: hl-reefer's NO_POWER alarms, temperatures climb; power-off
                    containers peak 44 at 10:20 (``reefer_power_off_containers``; the alert fired at 12). 10:45 the flag
                    is moved to 2F and the reefers are moved back. The 07:30 deviation threshold config is a decoy.
(3) 06:00           hl-gate: the shipping line 远帆航运 (YFL) migrates its EDI platform overnight; its UNB interchange control
                    references restart at 000001 → hl-edi's dedup (sender + control reference, kept 400 days) drops the new
    08:10–10:40     COPRARN loading lists as duplicate interchanges → export trucks for YF ARIES are rejected at the gate
                    with NO_LOADING_LIST. 10:30 the dedup key includes the interchange date, the dropped messages are
                    re-processed. The 07:50 OCR confidence config of the gate is a decoy.
(4) 09:00           hl-customs: the 单一窗口 upgrade (notice SW-NT-2027-031) sends the release messages' container numbers in
                    the ISO 6346 display format with spaces (``TGHU 881234 5``) → the interface looks them up as they are →
    09:12–12:55     UNMATCHED, the containers stay on CUSTOMS_HOLD and import pickups are refused at the gate. 12:50 the
                    numbers are normalised and the unmatched releases re-applied. The 08:20 deploy 3.1.0 is a decoy.
(5) 08:00           hl-billing: 东海集运 (EOS) switches its EDI profile to ISO 6346:2022 size-type codes (22G1/45G1/45R1)
                    → billing's tariff lookup keyed on 20GP/40GP/40HC/40RH finds no rate → charges ON_HOLD, drivers
    10:05–19:40     cannot pay storage before pickup. 19:40 an ISO → legacy alias table. The 09:40 deploy 5.0.2 is a decoy.
(6) 11:20           hl-che-dispatch: yard_eng_tangbo raises block 3A's ``max_tier`` 5 → 6 in yard master data for the new
                    1-over-6 RTGs, but RTG-11 and RTG-12 working 3A are 1-over-5 → their PLCs reject tier-6 work
    11:32–15:50     instructions (TIER_LIMIT), discharge boxes pile up on trucks. 15:50 max_tier back to 5. The 10:50
                    deploy 7.2.0 of the dispatch is a decoy.
(7) 12:40           hl-gate: the node pool upgrade replaces hl-k8s-node-07 with an image whose
                    ``fs.inotify.max_user_instances`` is 128 (the old one 8192) → the three lane-agent pods scheduled there
    12:46 → now     die on ``too many open files`` creating their lane-config watchers, CrashLoopBackOff, lanes 7–12 are
                    dark; 14:20 their lanes are reassigned to the pods on node-06 and node-07 is cordoned; the pods still
                    crash at 21:30 (fix in tonight's window). The 12:10 deploy 6.3.1 of the gate is a decoy.
(8) 13:30           hl-gate: hl-appointment 3.4.0 splits the booking slots 60 → 30 min and keeps
                    ``appointment.slot.capacity=120`` per slot → twice the trucks are booked per hour → the gate queue
    16:00–18:55     peaks 137 trucks at 17:26 (``gate_queue_trucks``; the alert fired at 86). 17:40 capacity 60; the
                    booked slots drain by 19:00. The 15:20 lane wait config of the gate is a decoy.
(9) 14:00           hl-driver-app: the App 5.2.0 shows the appointment QR as a signed token of 412 characters; the gate
                    kiosks' scanners cut QR payloads at 256 → every 5.2.0 code fails verification (APPT_CODE_INVALID);
    14:05–18:00     5.1.x codes pass. 18:00 ``appt.qr.signed-token=false``. The 13:20 banner config is a decoy.
(10) 16:10          hl-berth-plan: berth_planner_zhouyan imports the maritime bureau's tide table TIDE-2027-03 r2, whose
                    heights are above mean sea level (MSL), not the chart datum the UKC check adds to the berth depth →
    17:20 → now     tide 1.86 m too low → YF ARIES (draft 14.8 m) refused for the 17:30 window (BERTHING_REFUSED), at
                    anchor since; 19:10 re-imported with the datum conversion, next window 23:40. The 15:00 deploy 2.4.0
                    is a decoy.

Healthy: hl-vgm (the 10:00 weighbridge config) and hl-portal (deploy 3.8.0 at 15:30) — INFO/WARN noise only, under their
thresholds, no alert. Unrelated: HostCpuHigh on hl-k8s-node-02 during the nightly storage billing run 02:00–02:40. Still
firing at 21:30: KubePodCrashLooping (the lane agents on node-07) and VesselAnchorageWaitLong (YF ARIES). Kubernetes: the
deployments and their pods with their nodes, the events of the last hour. Run ``python -m evaluation.worlds port``.
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
    k8s_suffix,
    pod_names,
    replicaset_name,
    runbook,
    termination,
)
from evaluation.worlds.spec import HEALTHY, Peak, World, WorldQuestion, fact

NAME = "port"
SEED = 20270310
TZ = dt.timezone(dt.timedelta(hours=8))
DAY = dt.date(2027, 3, 10)
EVE = dt.date(2027, 3, 9)
START = dt.datetime(2027, 3, 9, 22, 0, tzinfo=TZ)
REFERENCE = dt.datetime(2027, 3, 10, 21, 30, tzinfo=TZ)
NS = "hailian-prod"
REGISTRY = "registry.hlport.local/tos"

_t = functools.partial(clock_on, DAY, TZ)
_y = functools.partial(clock_on, EVE, TZ)

# --- (1) the RTK correction account expires at midnight -------------------------------------------------
RTK_POOL = ("[apollo] config changed: namespace=hl-che-dispatch key=dispatch.itv.pool.QC03 old=12 new=14 "
            "operator=che_planner_wuhao")
RTK_EXPIRED = ("NTRIP caster rtk.qxwz.example:8002 mountpoint RTCM32_GGB: 401 Unauthorized (account hlport-rtk-01 "
               "subscription expired 2027-03-10 00:00)")
ITV_FIX = "ITV-{n} position fix quality 1 (autonomous GPS, no RTK correction), hdop {h:.1f}, est. error {e:.1f} m"
NOT_UNDER = ("job {job} QC{qc}: ITV-{n} reported {d:.1f} m outside lane geofence of QC{qc}, NOT_UNDER_CRANE, crane "
             "waiting for truck")
RTK_RENEWED = ("che_oncall_fanxin: CORS subscription hlport-rtk-01 renewed (order QX-20270310-0412), NTRIP reconnect "
               "ok, RTK fixed")
RTK_OK = "ITV-{n} position fix quality 4 (RTK fixed), est. error 0.0{e} m"
QC_WAIT_PEAK = 412
QC_WAIT_ALERT = "180 秒"

# --- (2) the reefer flag on the wrong block --------------------------------------------------------------
REEFER_FLAG = ("yard master data changed: block 2E attribute reefer_capable false -> true (reefer_plugs 0) by "
               "yard_admin_lujie ticket YD-0309-17 (2F 冷箱插座改造完工，开放冷箱区)")
HK_PLAN = ("housekeeping plan HK-20270310-01 built: 46 reefer moves from buffer block 1R to block 2E (reefer_capable, "
           "48 slots) ahead of EOS PEARL 0311W loading")
HK_MOVE = "RTG-{r} job {job} housekeeping move {ctr} 1R-{a:02d}-{b:02d} -> 2E-{c:02d}-{d:02d}-{t} done"
NO_POWER = ("reefer {ctr} at 2E-{c:02d}-{d:02d}: no RCD data since {since}, ALARM NO_POWER (setpoint -18.0°C, last "
            "supply {s:.1f}°C)")
REEFER_TEMP = "reefer {ctr} at 2E-{c:02d}-{d:02d}: unplugged, supply air {s:.1f}°C (setpoint -18.0°C)"
REEFER_DECOY = ("[apollo] config changed: namespace=hl-reefer key=reefer.alarm.temp-deviation old=2.0 new=3.0 "
                "operator=reefer_ops_heqing")
REEFER_FIX = ("yard master data changed: block 2E attribute reefer_capable true -> false, block 2F attribute "
              "reefer_capable false -> true by yard_admin_lujie (YD-0309-17 更正)")
REEFER_BACK = "RTG-{r} job {job} move {ctr} 2E-{c:02d}-{d:02d} -> 2F-{c:02d}-{d:02d}-1 done, reefer plugged in"
REEFER_PEAK = 44
REEFER_ALERT = "12 个"
REEFER_CTRS = tuple(f"{p}U{k:07d}" for p, k in zip(("TCLU", "SZLU", "EOSU", "CXRU") * 12,
                                                   range(5512001, 5512001 + 46 * 37, 37), strict=False))

# --- (3) a shipping line's migration restarts its interchange control references ---------------------------
YFL_NOTICE = ("partner notice YFL-EDI-2027-03: 远帆航运 EDI 平台 03-10 00:00–06:00 迁移至新平台，迁移后报文格式不变")
YFL_DUP = ("COPRARN from YFL dropped: duplicate interchange YFL/{ref:06d} (UNB interchange control reference first seen "
           "{first}), ignored")
EXPORT_REJECT = ("gate-in rejected lane {lane:02d}: export {ctr} booking {bk} vessel YF ARIES 2710E NO_LOADING_LIST "
                 "(no COPRARN for this container)")
GATE_OCR_DECOY = ("[apollo] config changed: namespace=hl-gate key=gate.ocr.min-confidence old=0.85 new=0.88 "
                  "operator=gate_ops_linna")
EDI_FIX = ("[apollo] config changed: namespace=hl-edi key=edi.dedup.key old=sender+icr new=sender+icr+date "
           "operator=edi_dev_kongwei")
EDI_REPROCESS = "re-processed {n} COPRARN interchanges from YFL dropped since 06:00: {m} containers added to loading lists"

# --- (4) customs release messages with spaced container numbers ---------------------------------------------
SW_NOTICE = ("单一窗口 notice SW-NT-2027-031: 2027-03-10 09:00 起海关放行报文 CUS_RELEASE 升级 v2.1，集装箱号按 ISO 6346 "
             "展示格式输出")
CUS_UNMATCHED = ("release {rel} B/L {bl}: container_no '{spaced}' (13 chars with spaces) not found in yard inventory, "
                 "UNMATCHED, queued for manual release")
CUS_OK = "release {rel} B/L {bl}: container {ctr} released, hold CUSTOMS_HOLD cleared"
CUS_GATE = "gate-in rejected lane {lane:02d}: import pickup {ctr} CUSTOMS_HOLD (海关未放行)"
CUS_DEPLOY = ("deploy finished: hl-customs 3.1.0 (was 3.0.7) rolled out by ci-bot pipeline=#4411; changes: 查验指令回执, "
              "舱单比对报表")
CUS_FIX = ("[apollo] config changed: namespace=hl-customs key=customs.release.normalize-ctnr old=false new=true "
           "operator=customs_dev_peiyu")
CUS_REAPPLY = "re-applied {n} UNMATCHED releases after container number normalisation: {n} holds cleared"

# --- (5) ISO size-type codes against a legacy tariff ---------------------------------------------------------
EOS_NOTICE = ("partner EOS (东海集运) EDI profile switched to ISO 6346:2022 size-type codes (22G1/45G1/45R1) per "
              "EOS-EDI-NT-0301, effective 2027-03-10 08:00")
BILL_HOLD = ("charge calc {ctr} (EOS, size_type {st}) failed: no tariff for size_type {st} (tariff keys 20GP/40GP/40HC/"
             "40RH), invoice {inv} ON_HOLD")
BILL_DEPLOY = ("deploy finished: hl-billing 5.0.2 (was 5.0.1) rolled out by ci-bot pipeline=#4415; changes: 发票抬头校验, "
               "对账单导出")
BILL_FIX = ("tariff alias table imported by billing_ops_songyu: 22G1->20GP, 42G1->40GP, 45G1->40HC, 45R1->40RH "
            "(ISO 6346:2022 -> legacy)")
BILL_RELEASE = "re-rated {n} ON_HOLD invoices after tariff alias import: {n} released"

# --- (6) a tier the old RTGs cannot reach -----------------------------------------------------------------
TIER_CHANGE = ("yard master data changed: block 3A attribute max_tier 5 -> 6 by yard_eng_tangbo ticket YD-0310-03 "
               "(新 RTG 一过六)")
TIER_REJECT = ("work instruction {job} to RTG-{r}: discharge {ctr} -> 3A-{c:02d}-{d:02d}-6 rejected by PLC: TIER_LIMIT "
               "target tier 6 exceeds max lift height (RTG-{r} 1-over-5)")
CHE_DEPLOY = ("deploy finished: hl-che-dispatch 7.2.0 (was 7.1.4) rolled out by ci-bot pipeline=#4418; changes: 岸桥作业"
              "序列看板, 双箱吊具统计")
TIER_FIX = "yard master data changed: block 3A attribute max_tier 6 -> 5 by yard_eng_tangbo (YD-0310-03 回退)"

# --- (7) one node re-imaged with a small inotify instance limit ------------------------------------------------
BAD_NODE = "hl-k8s-node-07"
GOOD_GATE_NODE = "hl-k8s-node-06"
NODE_UPGRADE = ("node pool np-gate upgrade: node hl-k8s-node-07 drained and replaced (image ack-ubuntu-2204-20270305, "
                "maxUnavailable 1, pool paused for observation)")
NODE_SYSCTL = "systemd-sysctl[412]: fs.inotify.max_user_instances = 128, fs.inotify.max_user_watches = 65536"
LANE_BOOT = "lane-agent 6.3.1 starting: lanes [{a:02d} {b:02d}], OCR engine hlocr-4.2, config /etc/lane"
LANE_FATAL = ("fatal: watch /etc/lane/lane-{a:02d}.yaml: inotify_init1: too many open files; lane-agent exiting with "
              "code 1")
LANE_REASSIGN = ("gate_oncall_yuhang: lanes 07-12 reassigned to lane agents on hl-k8s-node-06 (4 lanes each); "
                 "kubectl cordon hl-k8s-node-07, sysctl fix scheduled for tonight's 22:00 window")
GATE_DEPLOY = ("deploy finished: hl-gate 6.3.1 (was 6.3.0) rolled out by ci-bot pipeline=#4420; changes: 车牌识别结果"
               "复核页, LED 提示文案")

# --- (8) half-hour slots with the hourly capacity --------------------------------------------------------------
APPT_DEPLOY = ("deploy finished: hl-appointment 3.4.0 (was 3.3.2) rolled out by ci-bot pipeline=#4423; changes: 预约时段"
               "细分为 30 分钟 (appointment.slot.minutes 60 -> 30)")
APPT_BOOT = "appointment 3.4.0 ready: slot grid 30 min, appointment.slot.capacity=120 per slot (unchanged)"
APPT_FULL = "slot {a}-{b} booked {n}/120"
APPT_FIX = ("[apollo] config changed: namespace=hl-appointment key=appointment.slot.capacity old=120 new=60 "
            "operator=appt_ops_jiangli")
GATE_WAIT = "gate-in lane {lane:02d} truck {plate} appointment slot {slot} queued {m} min before the lane"
GATE_WAIT_DECOY = ("[apollo] config changed: namespace=hl-gate key=gate.lane.max-wait-alert-min old=10 new=15 "
                   "operator=gate_ops_linna")
QUEUE_PEAK = 137
QUEUE_ALERT = "86 辆"

# --- (9) a signed QR token longer than the kiosks read ---------------------------------------------------------------
APP_RELEASE = ("app release 5.2.0 (Android/iOS) staged rollout 100%: 预约二维码改为签名令牌 (ES256, 412 chars)")
APP_DECOY = ("[apollo] config changed: namespace=hl-driver-app key=app.banner.notice old='' new='3月12日闸口系统维护' "
             "operator=app_ops_xuting")
QR_INVALID = ("POST /api/v2/appointment/verify from kiosk K{k:02d}: token length 256 (issued 412, App 5.2.0), signature "
              "invalid -> 401 APPT_CODE_INVALID")
QR_OK = "POST /api/v2/appointment/verify from kiosk K{k:02d}: code {code} (App {v}) ok, appointment {appt}"
APP_FIX = ("[apollo] config changed: namespace=hl-driver-app key=appt.qr.signed-token old=true new=false "
           "operator=app_dev_mengqi")

# --- (10) a tide table above mean sea level -----------------------------------------------------------------
TIDE_IMPORT = ("tide table TIDE-2027-03 r2 imported from msa_tide_2027_03_r2.xlsx by berth_planner_zhouyan: datum column "
               "'平均海面 MSL' (r1: '理论最低潮面 CD'), no datum conversion applied")
UKC_REFUSED = ("UKC check YF ARIES 2710E berth B3 window 17:30: depth 15.00 m (CD) + tide 0.04 m (TIDE-2027-03 r2) - "
               "draft 14.80 m = UKC 0.24 m < required 0.60 m: BERTHING_REFUSED")
UKC_OK = "UKC check {v} berth {b} window {w}: depth 15.00 m (CD) + tide {t:.2f} m - draft {d:.2f} m = UKC {u:.2f} m ok"
BERTH_DEPLOY = ("deploy finished: hl-berth-plan 2.4.0 (was 2.3.9) rolled out by ci-bot pipeline=#4426; changes: 岸桥分配"
                "甘特图, 船期导入模板")
TIDE_FIX = ("tide table TIDE-2027-03 r2 re-imported by berth_planner_zhouyan with datum conversion MSL -> CD (+1.86 m); "
            "YF ARIES 2710E re-planned for window 23:40")

# --- healthy services' changes ----------------------------------------------------------------------------
VGM_CONFIG = ("[apollo] config changed: namespace=hl-vgm key=vgm.weighbridge.zero-check-min old=60 new=30 "
              "operator=vgm_ops_tianhao")
PORTAL_DEPLOY = ("deploy finished: hl-portal 3.8.0 (was 3.7.4) rolled out by ci-bot pipeline=#4428; changes: 箱动态查询"
                 "导出, 英文版菜单")
YARD_DEPLOY = ("deploy finished: hl-yard 4.6.1 (was 4.6.0) rolled out by ci-bot pipeline=#4409; changes: 箱区利用率报表, "
               "翻箱率统计")
YARD_WEIGHT = ("[apollo] config changed: namespace=hl-yard key=yard.allocation.mix-weight old=0.30 new=0.35 "
               "operator=yard_planner_gaoyu")

# --- pods, nodes ------------------------------------------------------------------------------------------------
GATE_OLD = pod_names("hl-gate", "6.3.0", 6)
GATE_NEW = pod_names("hl-gate", "6.3.1", 6)
_GATE_RS = replicaset_name("hl-gate", "6.3.1")
#: The three lane agents the ReplicaSet recreated after node-07 was drained; the scheduler put them on the new node-07.
ON_BAD_NODE = tuple(f"{_GATE_RS}-{k8s_suffix(f'{_GATE_RS}#evicted{i}', 5)}" for i in range(3))
GATE_ON_06 = GATE_NEW[0:3]

ROLLOUTS: dict[str, list[tuple[str, tuple[str, ...]]]] = {
    "hl-berth-plan": [("00:00", pod_names("hl-berth-plan", "2.3.9", 2)), ("15:01:00", pod_names("hl-berth-plan", "2.4.0", 2))],
    "hl-yard": [("00:00", pod_names("hl-yard", "4.6.0", 3)), ("09:31:00", pod_names("hl-yard", "4.6.1", 3))],
    "hl-che-dispatch": [("00:00", pod_names("hl-che-dispatch", "7.1.4", 3)),
                        ("10:51:00", pod_names("hl-che-dispatch", "7.2.0", 3))],
    "hl-gate": [("00:00", GATE_OLD), ("12:11:00", GATE_NEW), ("12:45:00", GATE_ON_06 + ON_BAD_NODE)],
    "hl-appointment": [("00:00", pod_names("hl-appointment", "3.3.2", 2)), ("13:31:00", pod_names("hl-appointment", "3.4.0", 2))],
    "hl-edi": [("00:00", pod_names("hl-edi", "2.8.3", 2))],
    "hl-customs": [("00:00", pod_names("hl-customs", "3.0.7", 2)), ("08:21:00", pod_names("hl-customs", "3.1.0", 2))],
    "hl-reefer": [("00:00", pod_names("hl-reefer", "1.9.2", 2))],
    "hl-billing": [("00:00", pod_names("hl-billing", "5.0.1", 2)), ("09:41:00", pod_names("hl-billing", "5.0.2", 2))],
    "hl-driver-app": [("00:00", pod_names("hl-driver-app", "4.4.0", 3))],
    "hl-vgm": [("00:00", pod_names("hl-vgm", "2.1.3", 2))],
    "hl-portal": [("00:00", pod_names("hl-portal", "3.7.4", 2)), ("15:31:00", pod_names("hl-portal", "3.8.0", 2))],
}
GENERAL_NODES = [f"hl-k8s-node-{n:02d}" for n in range(1, 6)]
NODES = [*GENERAL_NODES, GOOD_GATE_NODE, BAD_NODE]
INSTANCES: dict[str, list[str]] = {s: list(steps[-1][1]) for s, steps in ROLLOUTS.items()} | {"hl-k8s-node": NODES}
INSTANCES["hl-gate"] = list(GATE_ON_06)


def node_of(pod: str) -> str:
    """The gate's lane agents run on the np-gate nodes 06/07 (the recreated three on the new node-07); the rest on 01–05."""
    if pod in ON_BAD_NODE:
        return BAD_NODE
    if pod.startswith("hl-gate-"):
        steps = (GATE_OLD, GATE_NEW)
        return GOOD_GATE_NODE if any(pod in step[0:3] for step in steps) else BAD_NODE
    return GENERAL_NODES[int(hashlib.sha256(pod.encode()).hexdigest(), 16) % len(GENERAL_NODES)]


SERVICES: list[Json] = [
    {"name": "hl-berth-plan", "aliases": ["泊位计划", "船期", "岸桥计划", "靠泊", "配载"],
     "description": "泊位与岸桥计划（2 个副本）：船期、靠泊窗口、岸桥分配；靠泊前按潮汐表做富余水深（UKC）校验：泊位水深（理论"
                    "最低潮面 CD）+ 潮高 - 吃水 ≥ 0.60 m。"},
    {"name": "hl-yard", "aliases": ["堆场", "堆场计划", "箱位", "场地计划"],
     "description": "堆场计划（3 个副本）：箱区主数据（冷箱区 reefer_capable、最高层数 max_tier）、箱位分配、夜间 housekeeping "
                    "翻箱计划。"},
    {"name": "hl-che-dispatch", "aliases": ["设备调度", "作业调度", "ECS", "岸桥调度", "集卡调度", "场桥"],
     "description": "设备控制与调度（3 个副本）：把作业指令下发到岸桥 QC、场桥 RTG 与内集卡 ITV；集卡靠 RTK 定位，按岸桥下的车道"
                    "围栏判定是否到位。"},
    {"name": "hl-gate", "aliases": ["闸口", "智能闸口", "进闸", "车道", "OCR"],
     "description": "智能闸口（lane-agent，6 个副本，节点池 np-gate：hl-k8s-node-06/07）：12 条进闸道，每个副本负责 2 条道的"
                    "车牌与箱号 OCR、进闸校验（预约、装船预报、海关放行）。"},
    {"name": "hl-appointment", "aliases": ["集卡预约", "预约", "预约系统", "时段预约"],
     "description": "集卡预约（2 个副本）：司机在 App 上预约进港时段，每个时段有容量上限。"},
    {"name": "hl-edi", "aliases": ["EDI", "报文", "EDI 平台", "船公司报文"],
     "description": "EDI（2 个副本）：与船公司交换 BAPLIE、COPRARN（装船预报）、CODECO；按发送方与 UNB 交换控制号去重。"},
    {"name": "hl-customs", "aliases": ["海关", "海关接口", "放行", "查验", "单一窗口"],
     "description": "海关接口（2 个副本）：接收单一窗口的放行与查验指令，按箱号匹配在场箱并解除 CUSTOMS_HOLD。"},
    {"name": "hl-reefer", "aliases": ["冷箱", "冷箱监控", "冷藏箱", "reefer"],
     "description": "冷箱监控（2 个副本）：读取冷箱 RCD 的供风温度与告警，冷箱只能放在有插座的冷箱区。"},
    {"name": "hl-billing", "aliases": ["计费", "堆存费", "装卸费", "账单", "收费"],
     "description": "计费（2 个副本）：按箱型与费率表计算堆存费、装卸费，提箱前须结清。"},
    {"name": "hl-driver-app", "aliases": ["司机 App", "司机端", "App", "预约码"],
     "description": "司机 App 后端（3 个副本）：登录、预约、预约码（二维码）校验，闸口自助机扫码后调它校验。"},
    {"name": "hl-vgm", "aliases": ["VGM", "地磅", "称重", "过磅"],
     "description": "VGM 称重（2 个副本）：闸口地磅称重、VGM 报送。"},
    {"name": "hl-portal", "aliases": ["客户门户", "门户", "网站", "箱动态查询"],
     "description": "客户服务门户（2 个副本）：船公司与货代查询箱动态、下载账单。"},
    {"name": "hl-k8s-node", "aliases": ["K8s 节点", "节点", "工作节点"],
     "description": "集群 hl-prod 的节点：hl-k8s-node-01..05（通用节点池），hl-k8s-node-06/07（np-gate，接闸口车道 VLAN）。"},
]

WINDOWS = {
    "rtk": (_t("00:00:12"), _t("06:30")),
    "reefer": (_t("07:50"), _t("12:10")),
    "edi": (_t("08:10"), _t("10:40")),
    "customs": (_t("09:12"), _t("12:55")),
    "billing": (_t("10:05"), _t("19:40")),
    "tier": (_t("11:32"), _t("15:50")),
    "lanes": (_t("12:46"), _t("14:20")),
    "queue": (_t("16:00"), _t("18:55")),
    "qr": (_t("14:05"), _t("18:00")),
    "tide": (_t("17:20"), REFERENCE),
}


def _inside(window: str, t: dt.datetime) -> bool:
    a, b = WINDOWS[window]
    return a <= t < b


Line = tuple[str, str, dict[str, Any]]
PREFIXES = ("TGHU", "MSKU", "CSNU", "OOLU", "EOSU", "YFLU", "TCNU", "BMOU")
VESSELS = ("EOS PEARL 0311W", "YF ARIES 2710E", "HAIXING 7 0309S")
PLATES = ("沪D", "浙B", "苏E", "沪C", "浙A")


def _ctr(w: WorldBuilder) -> str:
    return f"{w.rng.choice(PREFIXES)}{w.rng.randint(1000000, 9999999)}"


def _plate(w: WorldBuilder) -> str:
    return f"{w.rng.choice(PLATES)}{w.rng.randint(10000, 99999)}"


def _job(w: WorldBuilder) -> str:
    return f"WI-{w.rng.randint(100000, 999999)}"


def _pod(w: WorldBuilder, service: str, t: dt.datetime) -> str:
    return w.pod_at(ROLLOUTS[service], t)


def _gate_pod(w: WorldBuilder, t: dt.datetime) -> str:
    if t < _t("12:40"):
        return w.pod_at(ROLLOUTS["hl-gate"][:2], t)
    return w.rng.choice(GATE_ON_06)


# --- noise -----------------------------------------------------------------------------------------------------
def _berth(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "hl-berth-plan", t)
    roll = w.rng.random()
    if roll < 0.5:
        return "INFO", (f"QC split {w.rng.choice(VESSELS)}: QC0{w.rng.randint(1, 6)} remaining {w.rng.randint(20, 400)} moves, "
                        f"ETC {w.rng.randint(1, 23):02d}:{w.rng.randint(0, 59):02d}"), {"instance": pod}
    if roll < 0.9:
        return "INFO", f"AIS update MMSI 4{w.rng.randint(10000000, 99999999)} sog {w.rng.uniform(0, 14):.1f} kn", {"instance": pod}
    return "WARN", f"vessel schedule {w.rng.choice(VESSELS)} ETA revised by line (+{w.rng.randint(1, 6)} h)", {"instance": pod}


def _yard(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "hl-yard", t)
    roll = w.rng.random()
    block = f"{w.rng.randint(1, 6)}{w.rng.choice('ABCD')}"
    if roll < 0.6:
        return "INFO", f"position allocated {_ctr(w)} -> {block}-{w.rng.randint(1, 40):02d}-{w.rng.randint(1, 6):02d}", {
            "instance": pod}
    if roll < 0.9:
        return "INFO", f"block {block} utilisation {w.rng.randint(40, 88)}%", {"instance": pod}
    return "WARN", f"reshuffle needed for {_ctr(w)} in block {block} (blocked by 2 tiers)", {"instance": pod}


def _che(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "hl-che-dispatch", t)
    roll = w.rng.random()
    if roll < 0.5:
        return "INFO", (f"job {_job(w)} QC0{w.rng.randint(1, 6)} {w.rng.choice(['discharge', 'load'])} {_ctr(w)} "
                        f"complete by ITV-{w.rng.randint(1, 40):02d}"), {"instance": pod}
    if roll < 0.85:
        return "INFO", f"RTG-{w.rng.randint(1, 18):02d} job {_job(w)} yard move done in {w.rng.randint(70, 210)}s", {
            "instance": pod}
    if roll < 0.97:
        return "WARN", f"ITV-{w.rng.randint(1, 40):02d} battery {w.rng.randint(12, 19)}%, sent to charging after job", {
            "instance": pod}
    return "ERROR", f"VMT on RTG-{w.rng.randint(1, 18):02d} heartbeat lost 6s, reconnected", {"instance": pod}


def _gate(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _gate_pod(w, t)
    roll = w.rng.random()
    lane = w.rng.randint(1, 6) if _inside("lanes", t) else w.rng.randint(1, 12)
    if roll < 0.6:
        return "INFO", (f"gate-in lane {lane:02d} truck {_plate(w)} {_ctr(w)} OCR ok (conf 0.9{w.rng.randint(1, 9)}) "
                        f"took={w.rng.randint(40, 120)}s"), {"instance": pod}
    if roll < 0.9:
        return "INFO", f"gate-out lane {w.rng.randint(13, 16):02d} truck {_plate(w)} EIR printed", {"instance": pod}
    if roll < 0.98:
        return "WARN", f"OCR low confidence lane {lane:02d} (0.7{w.rng.randint(0, 9)}), sent to manual check", {"instance": pod}
    return "ERROR", f"LED screen lane {lane:02d} write timeout, retry ok", {"instance": pod}


def _appointment(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "hl-appointment", t)
    if w.rng.random() < 0.8:
        return "INFO", f"appointment A{w.rng.randint(1000000, 9999999)} booked truck {_plate(w)} ({w.rng.choice(['提箱', '送箱'])})", {
            "instance": pod}
    return "WARN", f"appointment A{w.rng.randint(1000000, 9999999)} no-show, released", {"instance": pod}


def _edi(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "hl-edi", t)
    roll = w.rng.random()
    partner = w.rng.choice(["EOS", "CXR", "HXS", "YFL"])
    if partner == "YFL" and t >= _t("06:00") and t < _t("10:30"):
        partner = "CXR"
    if roll < 0.5:
        return "INFO", f"{w.rng.choice(['COPRARN', 'BAPLIE'])} from {partner} accepted ({w.rng.randint(20, 900)} segments)", {
            "instance": pod}
    if roll < 0.9:
        return "INFO", f"CODECO to {partner} sent ({w.rng.randint(5, 80)} gate moves)", {"instance": pod}
    return "WARN", f"CONTRL ack from {partner} late ({w.rng.randint(16, 45)} min)", {"instance": pod}


def _customs(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "hl-customs", t)
    if w.rng.random() < 0.7:
        return "INFO", f"manifest check {w.rng.choice(VESSELS)}: {w.rng.randint(100, 900)} B/L matched", {"instance": pod}
    return "INFO", f"inspection order INS-{w.rng.randint(10000, 99999)} for {_ctr(w)} received (查验)", {"instance": pod}


def _reefer(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "hl-reefer", t)
    if w.rng.random() < 0.85:
        return "INFO", f"RCD poll block {w.rng.choice(['1R', '2F', '4R'])}: {w.rng.randint(40, 120)} reefers ok", {"instance": pod}
    return "WARN", f"reefer {_ctr(w)} defrost cycle longer than 45 min", {"instance": pod}


def _billing(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "hl-billing", t)
    roll = w.rng.random()
    if roll < 0.7:
        return "INFO", f"invoice INV{w.rng.randint(1000000, 9999999)} paid {_ctr(w)} ¥{w.rng.randint(200, 3200)}", {"instance": pod}
    if roll < 0.95:
        return "INFO", f"storage accrual {w.rng.randint(2000, 9000)} containers rated", {"instance": pod}
    return "WARN", f"invoice PDF for INV{w.rng.randint(1000000, 9999999)} render retry 1/3", {"instance": pod}


def _driver_app(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "hl-driver-app", t)
    roll = w.rng.random()
    if roll < 0.5:
        return "INFO", f"login ok driver D{w.rng.randint(100000, 999999)} (App 5.1.{w.rng.randint(2, 4)})", {"instance": pod}
    if roll < 0.9:
        return "INFO", f"GET /api/v2/appointments 200 took={w.rng.randint(10, 80)}ms", {"instance": pod, "log_type": "access"}
    return "WARN", f"sms code resend for driver D{w.rng.randint(100000, 999999)}", {"instance": pod}


def _vgm(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "hl-vgm", t)
    if w.rng.random() < 0.88:
        return "INFO", f"VGM {_ctr(w)} weighed WB-{w.rng.randint(1, 4)} {w.rng.randint(8000, 30000)} kg, reported", {"instance": pod}
    return "WARN", f"weighbridge WB-{w.rng.randint(1, 4)} zero drift {w.rng.randint(10, 40)} kg, re-zeroed", {"instance": pod}


def _portal(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "hl-portal", t)
    if w.rng.random() < 0.9:
        return "INFO", f"GET /track?ctnr={_ctr(w)} 200 took={w.rng.randint(20, 160)}ms", {"instance": pod, "log_type": "access"}
    return "WARN", f"slow export of statement for customer C{w.rng.randint(100, 999)} ({w.rng.randint(3, 9)}s)", {"instance": pod}


def _node(w: WorldBuilder, t: dt.datetime) -> Line:
    node = w.rng.choice(NODES)
    if w.rng.random() < 0.6:
        return "INFO", f"kubelet: image garbage collection: usage {w.rng.randint(20, 60)}% below threshold 80%", {"instance": node}
    return "INFO", f"chronyd: selected source ntp.hlport.local, offset {w.rng.uniform(-0.4, 0.4):.3f}ms", {"instance": node}


NOISE = {
    "hl-berth-plan": (_berth, 240), "hl-yard": (_yard, 90), "hl-che-dispatch": (_che, 45), "hl-gate": (_gate, 40),
    "hl-appointment": (_appointment, 120), "hl-edi": (_edi, 180), "hl-customs": (_customs, 200), "hl-reefer": (_reefer, 240),
    "hl-billing": (_billing, 120), "hl-driver-app": (_driver_app, 90), "hl-vgm": (_vgm, 150), "hl-portal": (_portal, 150),
    "hl-k8s-node": (_node, 600),
}


def _every(w: WorldBuilder, start: str | dt.datetime, end: str | dt.datetime, low: int, high: int) -> list[dt.datetime]:
    moment = start if isinstance(start, dt.datetime) else w.at(start)
    stop = end if isinstance(end, dt.datetime) else w.at(end)
    out = []
    while moment < stop:
        out.append(moment)
        moment += dt.timedelta(seconds=w.rng.randint(low, high), milliseconds=w.rng.randint(0, 999))
    return out


def _ops(w: WorldBuilder, moment: str | dt.datetime, service: str, message: str) -> None:
    w.log(moment if isinstance(moment, dt.datetime) else w.at(moment), service, "INFO", message, instance="ops-console",
          trace=False)


def _rolled(w: WorldBuilder, service: str, step: int, started: str) -> None:
    at = w.at(ROLLOUTS[service][step][0])
    for index, new in enumerate(ROLLOUTS[service][step][1]):
        w.log(at + dt.timedelta(seconds=20 * index), service, "INFO", started.format(s=w.rng.randint(80, 300) / 10),
              instance=new, trace=False)


# --- incidents ---------------------------------------------------------------------------------------------------
QC_WAIT: Keyframes = [(START, 35), (_y("23:59"), 38), (_t("00:05"), 70), (_t("00:20"), 180), (_t("01:30"), 290),
                      (_t("03:13"), 398), (_t("03:14"), QC_WAIT_PEAK), (_t("03:15"), 396), (_t("05:30"), 330),
                      (_t("06:34"), 300), (_t("06:40"), 45), (_t("12:00"), 40), (REFERENCE, 36)]


def rtk_expiry(w: WorldBuilder) -> None:
    che = "hl-che-dispatch"
    pods = ROLLOUTS[che][0][1]
    w.log(_y("23:10:20.118"), che, "INFO", RTK_POOL, instance=pods[0], change="config")
    w.log(_t("00:00:12.204"), che, "ERROR", RTK_EXPIRED, instance=pods[0], trace=False)
    for moment in _every(w, "00:00:40", "06:30:00", 300, 900):
        w.log(moment, che, "ERROR", RTK_EXPIRED, instance=w.rng.choice(pods), trace=False)
    for moment in _every(w, "00:01:00", "06:30:00", 60, 240):
        w.log(moment, che, "WARN", ITV_FIX.format(n=f"{w.rng.randint(1, 40):02d}", h=w.rng.uniform(1.2, 2.6),
                                                  e=w.rng.uniform(1.8, 3.1)), instance=w.rng.choice(pods), trace=False)
    for moment in _every(w, "00:02:00", "06:30:00", 20, 90):
        w.log(moment, che, "WARN", NOT_UNDER.format(job=_job(w), qc=f"0{w.rng.choice([3, 4])}", n=f"{w.rng.randint(1, 40):02d}",
                                                    d=w.rng.uniform(1.6, 3.2)), instance=w.rng.choice(pods))
    _ops(w, "02:40:10.330", che, "che_oncall_fanxin: 3 号泊位 QC03/QC04 频繁等车，司机说已经在桥下了，系统一直提示不在车道")
    _ops(w, "06:30:05.441", che, RTK_RENEWED)
    for moment in _every(w, "06:31:00", "07:30:00", 300, 600):
        w.log(moment, che, "INFO", RTK_OK.format(n=f"{w.rng.randint(1, 40):02d}", e=w.rng.randint(1, 4)),
              instance=w.rng.choice(pods), trace=False)
    w.alert("QcWaitForTruckHigh", che, "warning", _t("00:20"), _t("06:50"), QC_WAIT_ALERT,
            f"岸桥等集卡平均 {QC_WAIT_ALERT}，超过阈值 180 秒", namespace=NS, berth="B3")


REEFER_OFF: Keyframes = [(START, 0), (_t("07:50"), 0), (_t("08:30"), 7), (_t("08:58"), 12), (_t("09:40"), 35),
                         (_t("10:19"), 43), (_t("10:20"), REEFER_PEAK), (_t("10:21"), 43), (_t("10:55"), 42),
                         (_t("11:30"), 20), (_t("11:52"), 9), (_t("12:10"), 0), (REFERENCE, 0)]


def reefer_block(w: WorldBuilder) -> None:
    yard, reefer, che = "hl-yard", "hl-reefer", "hl-che-dispatch"
    w.log(_y("22:35:10.118"), yard, "INFO", REEFER_FLAG, instance=ROLLOUTS[yard][0][1][0], change="data")
    w.log(_t("01:30:20.204"), yard, "INFO", HK_PLAN, instance=ROLLOUTS[yard][0][1][1], trace=False, job="housekeeping")
    w.log(_t("07:30:10.330"), reefer, "INFO", REEFER_DECOY, instance=ROLLOUTS[reefer][0][1][0], change="config")
    slots = [(1 + i // 6, 1 + i % 6) for i in range(46)]
    moves = sorted(_t("07:40") + dt.timedelta(seconds=w.rng.uniform(0, 2.5 * 3600)) for _ in range(46))
    placed: list[tuple[str, int, int, dt.datetime]] = []
    for ctr, (c, d), moment in zip(REEFER_CTRS, slots, moves, strict=True):
        w.log(moment, che, "INFO", HK_MOVE.format(r=f"0{w.rng.randint(3, 5)}", job=_job(w), ctr=ctr, a=w.rng.randint(1, 20),
                                                  b=w.rng.randint(1, 6), c=c, d=d, t=w.rng.randint(1, 4)),
              instance=_pod(w, che, moment))
        placed.append((ctr, c, d, moment))
    pods = ROLLOUTS[reefer][0][1]
    for ctr, c, d, moment in placed:
        alarm = moment + dt.timedelta(minutes=10, seconds=w.rng.randint(0, 120))
        w.log(alarm, reefer, "ERROR", NO_POWER.format(ctr=ctr, c=c, d=d, since=f"{moment:%H:%M}", s=w.rng.uniform(-17.9, -17.2)),
              instance=w.rng.choice(pods))
        for k, later in enumerate(_every(w, alarm + dt.timedelta(minutes=20), "10:50", 1200, 1800)):
            w.log(later, reefer, "WARN", REEFER_TEMP.format(ctr=ctr, c=c, d=d, s=-17.0 + 1.4 * (k + 1)),
                  instance=w.rng.choice(pods), trace=False)
    _ops(w, "09:20:40.441", reefer, "reefer_oncall_maohui: 2E 区一批冷箱陆续报 NO_POWER，现场反馈 2E 没有冷箱插座")
    w.log(_t("10:45:10.551"), yard, "INFO", REEFER_FIX, instance=ROLLOUTS[yard][1][1][0], change="data")
    backs = sorted(_t("10:55") + dt.timedelta(seconds=w.rng.uniform(0, 70 * 60)) for _ in range(46))
    for (ctr, c, d, _), moment in zip(placed, backs, strict=True):
        w.log(moment, che, "INFO", REEFER_BACK.format(r=f"0{w.rng.randint(3, 5)}", job=_job(w), ctr=ctr, c=c, d=d),
              instance=_pod(w, che, moment))
    w.alert("ReeferPowerOffHigh", reefer, "critical", _t("08:58"), _t("11:52"), REEFER_ALERT,
            f"断电冷箱 {REEFER_ALERT}，超过阈值 10 个", namespace=NS)


EXPORT_REJECTS: Keyframes = [(START, 0), (_t("08:09"), 0), (_t("08:25"), 22), (_t("09:30"), 41), (_t("10:30"), 35),
                             (_t("10:45"), 1), (REFERENCE, 0)]


def edi_duplicates(w: WorldBuilder) -> None:
    edi, gate = "hl-edi", "hl-gate"
    w.log(_y("22:10:05.118"), edi, "INFO", YFL_NOTICE, instance=ROLLOUTS[edi][0][1][0], trace=False)
    w.log(_t("07:50:20.204"), gate, "INFO", GATE_OCR_DECOY, instance=GATE_OLD[0], change="config")
    ref = 1
    dropped = 0
    for moment in _every(w, "06:05:00", "10:30:00", 120, 420):
        w.log(moment, edi, "WARN", YFL_DUP.format(ref=ref, first=f"2026-{w.rng.randint(4, 12):02d}-{w.rng.randint(1, 28):02d}"),
              instance=w.rng.choice(ROLLOUTS[edi][0][1]), trace=False)
        ref += 1
        dropped += 1
    for moment in _every(w, "08:10:00", "10:40:00", 15, 60):
        w.log(moment, gate, "WARN", EXPORT_REJECT.format(lane=w.rng.randint(1, 12), ctr=f"YFLU{w.rng.randint(1000000, 9999999)}",
                                                         bk=f"YF{w.rng.randint(10000000, 99999999)}"),
              instance=_gate_pod(w, moment))
    _ops(w, "09:05:30.330", gate, "gate_oncall_yuhang: 远帆的出口重箱集卡在闸口被拒，提示无装船预报，船公司说 COPRARN 已经发了")
    w.log(_t("10:30:10.441"), edi, "INFO", EDI_FIX, instance=ROLLOUTS[edi][0][1][1], change="config")
    w.log(_t("10:32:40.551"), edi, "INFO", EDI_REPROCESS.format(n=dropped, m=dropped * 37), instance=ROLLOUTS[edi][0][1][1],
          trace=False)
    w.alert("ExportGateRejectsHigh", gate, "warning", _t("08:25"), _t("10:50"), "22 次/15分钟",
            "出口进闸被拒 22 次/15分钟，超过阈值 20", namespace=NS)


def customs_spaces(w: WorldBuilder) -> int:
    cus, gate = "hl-customs", "hl-gate"
    w.log(_y("22:20:05.118"), cus, "INFO", SW_NOTICE, instance=ROLLOUTS[cus][0][1][0], trace=False)
    w.log(_t("08:20:10.204"), cus, "INFO", CUS_DEPLOY, instance=ROLLOUTS[cus][1][1][0], change="deploy")
    _rolled(w, cus, 1, "CustomsApplication started in {s} seconds")
    pods = ROLLOUTS[cus][1][1]
    for moment in _every(w, START + dt.timedelta(minutes=5), "09:00", 300, 900):
        w.log(moment, cus, "INFO", CUS_OK.format(rel=f"R{w.rng.randint(10**8, 10**9 - 1)}", bl=f"BL{w.rng.randint(10**7, 10**8 - 1)}",
                                                 ctr=_ctr(w)), instance=_pod(w, cus, moment))
    unmatched = 0
    for moment in _every(w, "09:12:00", "12:50:00", 45, 180):
        p, n = w.rng.choice(PREFIXES), w.rng.randint(100000, 999999)
        w.log(moment, cus, "WARN", CUS_UNMATCHED.format(rel=f"R{w.rng.randint(10**8, 10**9 - 1)}",
                                                        bl=f"BL{w.rng.randint(10**7, 10**8 - 1)}",
                                                        spaced=f"{p} {n} {w.rng.randint(0, 9)}"), instance=w.rng.choice(pods))
        unmatched += 1
    for moment in _every(w, "09:30:00", "12:55:00", 90, 400):
        w.log(moment, gate, "WARN", CUS_GATE.format(lane=w.rng.randint(1, 6), ctr=_ctr(w)), instance=_gate_pod(w, moment))
    _ops(w, "10:15:20.330", cus, "customs_oncall_peiyu: 报关行反馈放行信息已到，但提箱仍提示海关未放行；放行报文都进了人工队列")
    w.log(_t("12:50:10.441"), cus, "INFO", CUS_FIX, instance=pods[0], change="config")
    w.log(_t("12:52:30.551"), cus, "INFO", CUS_REAPPLY.format(n=unmatched), instance=pods[0], trace=False)
    for moment in _every(w, "12:53:00", REFERENCE, 300, 900):
        w.log(moment, cus, "INFO", CUS_OK.format(rel=f"R{w.rng.randint(10**8, 10**9 - 1)}", bl=f"BL{w.rng.randint(10**7, 10**8 - 1)}",
                                                 ctr=_ctr(w)), instance=w.rng.choice(pods))
    w.alert("CustomsReleaseUnmatchedHigh", cus, "warning", _t("09:40"), _t("13:00"), "21 条",
            "放行报文未匹配 21 条，超过阈值 20", namespace=NS)
    return unmatched


def billing_sizetype(w: WorldBuilder) -> None:
    edi, bill = "hl-edi", "hl-billing"
    w.log(_t("08:00:05.118"), edi, "INFO", EOS_NOTICE, instance=ROLLOUTS[edi][0][1][0], trace=False)
    w.log(_t("09:40:10.204"), bill, "INFO", BILL_DEPLOY, instance=ROLLOUTS[bill][1][1][0], change="deploy")
    _rolled(w, bill, 1, "BillingApplication started in {s} seconds")
    held = 0
    for moment in _every(w, "10:05:00", "19:40:00", 60, 300):
        w.log(moment, bill, "ERROR", BILL_HOLD.format(ctr=f"EOSU{w.rng.randint(1000000, 9999999)}",
                                                      st=w.rng.choice(["22G1", "45G1", "45R1"]),
                                                      inv=f"INV{w.rng.randint(1000000, 9999999)}"),
              instance=_pod(w, bill, moment))
        held += 1
    _ops(w, "11:10:40.330", bill, "billing_oncall_songyu: 东海集运的箱子提箱前算不出堆存费，发票都挂起了，司机交不了费")
    w.log(_t("19:40:10.441"), bill, "INFO", BILL_FIX, instance=ROLLOUTS[bill][1][1][0], change="data")
    w.log(_t("19:42:20.551"), bill, "INFO", BILL_RELEASE.format(n=held), instance=ROLLOUTS[bill][1][1][1], trace=False)
    w.alert("BillingHoldsHigh", bill, "warning", _t("10:40"), _t("19:50"), "21 张", "挂起发票 21 张，超过阈值 20", namespace=NS)


def rtg_tier(w: WorldBuilder) -> None:
    yard, che = "hl-yard", "hl-che-dispatch"
    w.log(_t("09:30:10.118"), yard, "INFO", YARD_DEPLOY, instance=ROLLOUTS[yard][1][1][0], change="deploy")
    _rolled(w, yard, 1, "YardApplication started in {s} seconds")
    w.log(_t("10:50:10.204"), che, "INFO", CHE_DEPLOY, instance=ROLLOUTS[che][1][1][0], change="deploy")
    _rolled(w, che, 1, "DispatchApplication started in {s} seconds")
    w.log(_t("11:20:10.330"), yard, "INFO", TIER_CHANGE, instance=ROLLOUTS[yard][1][1][1], change="data")
    pods = ROLLOUTS[che][1][1]
    for moment in _every(w, "11:32:00", "15:50:00", 40, 160):
        w.log(moment, che, "ERROR", TIER_REJECT.format(job=_job(w), r=w.rng.choice(["11", "12"]), ctr=_ctr(w),
                                                       c=w.rng.randint(1, 30), d=w.rng.randint(1, 6)),
              instance=w.rng.choice(pods))
    _ops(w, "12:30:20.441", che, "che_oncall_fanxin: 3A 区 RTG-11、RTG-12 一直拒收指令，卸船集卡在 3A 排队")
    w.log(_t("14:40:10.551"), yard, "INFO", YARD_WEIGHT, instance=ROLLOUTS[yard][1][1][2], change="config")
    w.log(_t("15:50:10.118"), yard, "INFO", TIER_FIX, instance=ROLLOUTS[yard][1][1][0], change="data")
    w.alert("RtgJobRejectsHigh", che, "warning", _t("11:40"), _t("15:55"), "7 次/10分钟",
            "RTG 拒收作业指令 7 次/10分钟，超过阈值 5", namespace=NS, block="3A")


def crash_times() -> dict[str, list[tuple[dt.datetime, dt.datetime]]]:
    """Each lane agent on the new node-07: dies 2 s after it starts, the kubelet backs off 10 s doubling to 5 min."""
    out: dict[str, list[tuple[dt.datetime, dt.datetime]]] = {}
    for index, pod in enumerate(ON_BAD_NODE):
        start = _t("12:46:10") + dt.timedelta(seconds=5 * index)
        runs = []
        backoff = 10
        while start < REFERENCE:
            crash = start + dt.timedelta(seconds=2 + index % 2)
            if crash >= REFERENCE:
                break
            runs.append((start, crash))
            start = crash + dt.timedelta(seconds=backoff)
            backoff = min(backoff * 2, 300)
        out[pod] = runs
    return out


def gate_node(w: WorldBuilder) -> None:
    gate, node = "hl-gate", "hl-k8s-node"
    w.log(_t("12:10:10.204"), gate, "INFO", GATE_DEPLOY, instance=GATE_NEW[0], change="deploy")
    for index, pod in enumerate(GATE_NEW):
        w.log(_t("12:11:00") + dt.timedelta(seconds=20 * index), gate, "INFO",
              LANE_BOOT.format(a=2 * index + 1, b=2 * index + 2), instance=pod, trace=False)
    w.log(_t("12:40:05.330"), node, "INFO", NODE_UPGRADE, instance="ack-nodepool-controller", trace=False)
    w.log(_t("12:45:20.441"), node, "INFO", NODE_SYSCTL, instance=BAD_NODE, trace=False)
    for index, (pod, runs) in enumerate(crash_times().items()):
        lane = 7 + 2 * index
        for start, crash in runs:
            w.log(start, gate, "INFO", LANE_BOOT.format(a=lane, b=lane + 1), instance=pod, trace=False)
            w.log(crash, gate, "ERROR", LANE_FATAL.format(a=lane), instance=pod, trace=False)
    for moment in _every(w, "12:47:00", "14:20:00", 120, 300):
        w.log(moment, gate, "WARN", "lanes 07-12 have no lane agent, trucks redirected to lanes 01-06", instance=GATE_ON_06[0],
              trace=False)
    _ops(w, "14:20:10.551", gate, LANE_REASSIGN)
    w.alert("GateLaneOffline", gate, "critical", _t("12:50"), _t("14:25"), "6 条", "进闸道离线 6 条，超过阈值 0", namespace=NS)
    w.alert("KubePodCrashLooping", gate, "warning", _t("13:02"), None, "CrashLoopBackOff",
            f'Pod {NS}/{ON_BAD_NODE[0]} (lane-agent) is in waiting state (reason: "CrashLoopBackOff").', namespace=NS,
            pod=ON_BAD_NODE[0])


QUEUE: Keyframes = [(START, 2), (_t("06:00"), 5), (_t("08:30"), 14), (_t("09:30"), 21), (_t("12:40"), 12), (_t("13:00"), 30),
                    (_t("13:40"), 58), (_t("14:20"), 45), (_t("14:50"), 15), (_t("16:00"), 18), (_t("16:42"), 86),
                    (_t("17:10"), 124), (_t("17:25"), 131), (_t("17:26"), QUEUE_PEAK), (_t("17:27"), 130),
                    (_t("18:20"), 96), (_t("18:55"), 40), (_t("19:30"), 12), (REFERENCE, 6)]


def appointment_slots(w: WorldBuilder) -> None:
    appt, gate = "hl-appointment", "hl-gate"
    w.log(_t("13:30:10.118"), appt, "INFO", APPT_DEPLOY, instance=ROLLOUTS[appt][1][1][0], change="deploy")
    _rolled(w, appt, 1, APPT_BOOT)
    for k, moment in enumerate(_every(w, "13:40:00", "16:30:00", 500, 900)):
        a = _t("16:00") + dt.timedelta(minutes=30 * (k % 6))
        w.log(moment, appt, "INFO", APPT_FULL.format(a=f"{a:%H:%M}", b=f"{a + dt.timedelta(minutes=30):%H:%M}", n=120),
              instance=w.rng.choice(ROLLOUTS[appt][1][1]), trace=False)
    w.log(_t("15:20:10.204"), gate, "INFO", GATE_WAIT_DECOY, instance=GATE_ON_06[1], change="config")
    for moment in _every(w, "16:05:00", "18:55:00", 30, 90):
        a = moment.replace(minute=0 if moment.minute < 30 else 30, second=0, microsecond=0)
        w.log(moment, gate, "WARN", GATE_WAIT.format(lane=w.rng.randint(1, 6), plate=_plate(w),
                                                     slot=f"{a:%H:%M}-{a + dt.timedelta(minutes=30):%H:%M}",
                                                     m=w.rng.randint(25, 95)), instance=w.rng.choice(GATE_ON_06))
    _ops(w, "17:05:30.330", gate, "gate_oncall_yuhang: 闸口排队排到港外道路，交警来电；每个半小时时段都有 120 辆预约")
    w.log(_t("17:40:10.441"), appt, "INFO", APPT_FIX, instance=ROLLOUTS[appt][1][1][0], change="config")
    w.alert("GateQueueLong", gate, "critical", _t("16:42"), _t("18:55"), QUEUE_ALERT, f"闸口排队 {QUEUE_ALERT}，超过阈值 80 辆",
            namespace=NS)


def driver_qr(w: WorldBuilder) -> None:
    app = "hl-driver-app"
    pods = ROLLOUTS[app][0][1]
    w.log(_t("13:20:10.118"), app, "INFO", APP_DECOY, instance=pods[0], change="config")
    w.log(_t("14:00:05.204"), app, "INFO", APP_RELEASE, instance=pods[1], change="release")
    for moment in _every(w, START + dt.timedelta(minutes=2), REFERENCE, 200, 600):
        w.log(moment, app, "INFO", QR_OK.format(k=w.rng.randint(1, 8), code=w.hex(24), v=f"5.1.{w.rng.randint(2, 4)}",
                                                appt=f"A{w.rng.randint(1000000, 9999999)}"), instance=w.rng.choice(pods))
    for moment in _every(w, "14:05:00", "18:00:00", 20, 80):
        w.log(moment, app, "WARN", QR_INVALID.format(k=w.rng.randint(1, 8)), instance=w.rng.choice(pods))
    _ops(w, "14:50:20.330", app, "app_oncall_mengqi: 司机反馈新版 App 的预约码在闸口自助机上扫了提示预约码无效，老版本正常")
    w.log(_t("18:00:10.441"), app, "INFO", APP_FIX, instance=pods[2], change="config")
    w.alert("AppointmentTokenInvalidHigh", app, "warning", _t("14:35"), _t("18:05"), "58 次/5分钟",
            "预约码校验失败 58 次/5分钟，超过阈值 50", namespace=NS)


def berth_tide(w: WorldBuilder) -> None:
    berth = "hl-berth-plan"
    w.log(_t("15:00:10.118"), berth, "INFO", BERTH_DEPLOY, instance=ROLLOUTS[berth][1][1][0], change="deploy")
    _rolled(w, berth, 1, "BerthPlanApplication started in {s} seconds")
    for clock, vessel, b, win, tide, draft in (("05:10:10.204", "EOS PEARL 0311W", "B2", "06:00", 3.12, 13.60),
                                               ("11:40:10.330", "HAIXING 7 0309S", "B4", "12:30", 2.85, 11.20)):
        w.log(w.at(clock), berth, "INFO", UKC_OK.format(v=vessel, b=b, w=win, t=tide, d=draft, u=15.0 + tide - draft),
              instance=ROLLOUTS[berth][0][1][0])
    w.log(_t("16:10:20.441"), berth, "INFO", TIDE_IMPORT, instance=ROLLOUTS[berth][1][1][0], change="data")
    for moment in _every(w, "17:20:00", "19:10:00", 600, 1200):
        w.log(moment, berth, "ERROR", UKC_REFUSED, instance=w.rng.choice(ROLLOUTS[berth][1][1]), trace=False)
    _ops(w, "17:45:30.551", berth, "berth_oncall_zhouyan: YF ARIES 17:30 的靠泊窗口被系统拒了，提示富余水深不足，船在锚地等")
    w.log(_t("19:10:10.118"), berth, "INFO", TIDE_FIX, instance=ROLLOUTS[berth][1][1][1], change="data")
    w.log(_t("19:11:00.204"), berth, "INFO", UKC_OK.format(v="YF ARIES 2710E", b="B3", w="23:40", t=2.31, d=14.80,
                                                          u=15.0 + 2.31 - 14.80), instance=ROLLOUTS[berth][1][1][1])
    w.alert("VesselAnchorageWaitLong", berth, "warning", _t("18:30"), None, "1.0 小时",
            "YF ARIES 2710E 锚地等待 1.0 小时，超过阈值 1 小时", namespace=NS, vessel="YF ARIES")


def other_events(w: WorldBuilder) -> None:
    w.log(_t("10:00:10.118"), "hl-vgm", "INFO", VGM_CONFIG, instance=ROLLOUTS["hl-vgm"][0][1][0], change="config")
    w.log(_t("15:30:10.204"), "hl-portal", "INFO", PORTAL_DEPLOY, instance=ROLLOUTS["hl-portal"][1][1][0], change="deploy")
    _rolled(w, "hl-portal", 1, "PortalApplication started in {s} seconds")
    w.log(_t("02:00:05.330"), "hl-billing", "INFO", "nightly storage accrual run started: 38211 containers",
          instance=ROLLOUTS["hl-billing"][0][1][0], trace=False, job="accrual")
    w.log(_t("02:39:40.441"), "hl-billing", "INFO", "nightly storage accrual run finished: 38211 rated, 0 failed",
          instance=ROLLOUTS["hl-billing"][0][1][0], trace=False, job="accrual")
    w.alert("HostCpuHigh", "hl-k8s-node", "warning", _t("02:05"), _t("02:40"), "91.2%",
            "hl-k8s-node-02 CPU 91.2%，超过阈值 85%（夜间堆存计费）", instance="hl-k8s-node-02")


# --- Kubernetes state ------------------------------------------------------------------------------------------
STEADY = (
    ("hl-berth-plan", 41, "2027-03-10T15:00:10+08:00", "release hl-berth-plan 2.4.0 (pipeline #4426)", "2.4.0"),
    ("hl-yard", 77, "2027-03-10T09:30:10+08:00", "release hl-yard 4.6.1 (pipeline #4409)", "4.6.1"),
    ("hl-che-dispatch", 93, "2027-03-10T10:50:10+08:00", "release hl-che-dispatch 7.2.0 (pipeline #4418)", "7.2.0"),
    ("hl-appointment", 36, "2027-03-10T13:30:10+08:00", "release hl-appointment 3.4.0 (pipeline #4423)", "3.4.0"),
    ("hl-edi", 52, "2027-02-24T21:00:00+08:00", "release hl-edi 2.8.3", "2.8.3"),
    ("hl-customs", 29, "2027-03-10T08:20:10+08:00", "release hl-customs 3.1.0 (pipeline #4411)", "3.1.0"),
    ("hl-reefer", 18, "2027-02-17T21:00:00+08:00", "release hl-reefer 1.9.2", "1.9.2"),
    ("hl-billing", 64, "2027-03-10T09:40:10+08:00", "release hl-billing 5.0.2 (pipeline #4415)", "5.0.2"),
    ("hl-driver-app", 45, "2027-03-03T21:00:00+08:00", "release hl-driver-app 4.4.0", "4.4.0"),
    ("hl-vgm", 21, "2027-01-20T21:00:00+08:00", "release hl-vgm 2.1.3", "2.1.3"),
    ("hl-portal", 33, "2027-03-10T15:30:10+08:00", "release hl-portal 3.8.0 (pipeline #4428)", "3.8.0"),
)


def _deployment(w: WorldBuilder, service: str, revision: int, changed: str, cause: str, tag: str, replicas: int,
                ready: int, pods: tuple[str, ...]) -> None:
    ok = ready >= replicas
    w.deployment(namespace=NS, name=service, service=service, replicas=replicas, ready=ready, available=ready,
                 image=f"{REGISTRY}/{service}:{tag}", revision=revision, changed_at=dt.datetime.fromisoformat(changed),
                 change_cause=cause,
                 conditions=[condition("Available", "True" if ok else "False",
                                       "MinimumReplicasAvailable" if ok else "MinimumReplicasUnavailable",
                                       "Deployment has minimum availability." if ok
                                       else "Deployment does not have minimum availability."),
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
    for pod in GATE_ON_06:
        w.pod(namespace=NS, name=pod, service="hl-gate", phase="Running", ready="1/1", restarts=0, last_termination=None,
              waiting_reason=None, node=GOOD_GATE_NODE, observed_at=REFERENCE)
    for pod in ON_BAD_NODE:
        w.pod(namespace=NS, name=pod, service="hl-gate", phase="Running", ready="0/1", restarts=len(runs[pod]) - 1,
              last_termination=termination("Error", 1, runs[pod][-1][1]), waiting_reason="CrashLoopBackOff", node=BAD_NODE,
              observed_at=REFERENCE)
    _deployment(w, "hl-gate", 58, "2027-03-10T12:10:10+08:00", "release hl-gate 6.3.1 (pipeline #4420)", "6.3.1", 6, 3,
                GATE_NEW)
    hour_ago = REFERENCE - dt.timedelta(hours=1)
    for pod in ON_BAD_NODE:
        starts = [s for s, _ in runs[pod]]
        crashes = [c for _, c in runs[pod]]
        w.event(type="Warning", reason="BackOff", object=f"Pod/{pod}",
                message=f"Back-off restarting failed container lane-agent in pod {pod}_{NS}",
                count=len(crashes) * 4 - 3, first_seen=crashes[0], last_seen=REFERENCE - dt.timedelta(seconds=41))
        recent = [s for s in starts if s >= hour_ago]
        if recent:
            w.event(type="Normal", reason="Started", object=f"Pod/{pod}", message="Started container lane-agent",
                    count=len(starts), first_seen=starts[0], last_seen=recent[-1])


# --- metrics -----------------------------------------------------------------------------------------------------
def build_metrics(w: WorldBuilder) -> None:
    at = w.at
    night = [(START, at("07:00"))]
    morning = [(at("07:30"), at("13:00"))]
    afternoon = [(at("12:30"), at("19:30"))]
    w.series("qc_wait_for_truck_seconds", "hl-che-dispatch", "秒", QC_WAIT, start=START, fine=night, spread=6, digits=0,
             threshold=180, berth="B3")
    w.series("itv_position_error_m", "hl-che-dispatch", "m",
             [(START, 0.03), (at("00:00"), 0.03), (at("00:01"), 2.4), (at("03:00"), 2.9), (at("06:30"), 2.5),
              (at("06:31"), 0.03), (REFERENCE, 0.03)], start=START, fine=night, spread=0.01, digits=2)
    w.series("qc_moves_per_hour", "hl-che-dispatch", "箱/小时",
             [(START, 29), (at("00:00"), 28), (at("00:30"), 17), (at("03:00"), 15), (at("06:40"), 28), (at("12:00"), 27),
              (at("14:00"), 22), (at("16:00"), 28), (REFERENCE, 29)], start=START, spread=1.5, digits=1, berth="B3")
    w.series("rtg_job_rejects_per_10m", "hl-che-dispatch", "次",
             [(START, 0), (at("11:31"), 0), (at("11:40"), 7), (at("13:00"), 9), (at("15:50"), 8), (at("15:53"), 0),
              (REFERENCE, 0)], start=START, fine=afternoon, spread=1, digits=0, threshold=5, block="3A")
    w.series("reefer_power_off_containers", "hl-reefer", "个", REEFER_OFF, start=START, fine=morning, spread=0.4, digits=0,
             threshold=10)
    w.series("gate_export_rejects_per_15m", "hl-gate", "次", EXPORT_REJECTS, start=START, fine=morning, spread=2, digits=0,
             threshold=20)
    w.series("gate_lanes_online", "hl-gate", "条",
             [(START, 12), (at("12:45"), 12), (at("12:46"), 6), (at("14:20"), 6), (at("14:21"), 12), (REFERENCE, 12)],
             start=START, fine=afternoon, digits=0)
    w.series("gate_queue_trucks", "hl-gate", "辆", QUEUE, start=START, fine=afternoon, spread=2.5, digits=0, threshold=80)
    w.series("customs_release_unmatched", "hl-customs", "条",
             [(START, 0), (at("09:11"), 0), (at("09:40"), 21), (at("11:00"), 58), (at("12:50"), 96), (at("12:53"), 0),
              (REFERENCE, 0)], start=START, fine=morning, digits=0, threshold=20)
    w.series("billing_invoices_on_hold", "hl-billing", "张",
             [(START, 2), (at("10:04"), 2), (at("10:40"), 21), (at("14:00"), 64), (at("19:39"), 118), (at("19:43"), 3),
              (REFERENCE, 2)], start=START, fine=afternoon, spread=1, digits=0, threshold=20)
    w.series("appointment_token_invalid_per_5m", "hl-driver-app", "次",
             [(START, 1), (at("14:04"), 1), (at("14:35"), 58), (at("16:30"), 92), (at("17:59"), 80), (at("18:02"), 1),
              (REFERENCE, 1)], start=START, fine=afternoon, spread=3, digits=0, threshold=50)
    w.series("appointment_bookings_per_hour", "hl-appointment", "辆",
             [(START, 40), (at("06:00"), 90), (at("10:00"), 150), (at("13:30"), 150), (at("16:00"), 240),
              (at("18:00"), 240), (at("19:00"), 120), (REFERENCE, 70)], start=START, spread=6, digits=0)
    w.series("vessel_anchorage_wait_hours", "hl-berth-plan", "小时",
             [(START, 0), (at("17:30"), 0), (at("18:30"), 1.0), (REFERENCE, 4.0)], start=START, fine=afternoon, digits=1,
             threshold=1, vessel="YF ARIES")
    w.series("edi_messages_per_min", "hl-edi", "条",
             [(START, 14), (at("06:00"), 20), (at("10:00"), 45), (at("16:00"), 38), (REFERENCE, 18)], start=START, spread=5,
             digits=0)
    w.series("node_cpu_percent", "hl-k8s-node", "%",
             [(START, 24), (at("02:00"), 26), (at("02:05"), 91.2), (at("02:30"), 88.0), (at("02:40"), 30), (REFERENCE, 22)],
             start=START, fine=[(at("01:50"), at("03:00"))], spread=2, digits=1, threshold=85, instance="hl-k8s-node-02")
    for service, p99, threshold in (("hl-vgm", 90, 1000), ("hl-portal", 160, 1500)):
        w.series("http_5xx_ratio", service, "%", [(START, 0.02), (at("10:30"), 0.21), (at("16:00"), 0.08), (REFERENCE, 0.03)],
                 start=START, spread=0.02, digits=2, threshold=2)
        w.series("http_p99_latency", service, "ms", [(START, p99 - 30), (at("10:30"), p99 + 180), (at("17:00"), p99 + 40),
                                                     (REFERENCE, p99)], start=START, spread=12, digits=0, threshold=threshold)


RUNBOOKS: list[tuple[str, str, str]] = [
    ("runbooks/gate/export-reject.md", "出口进闸被拒处理手册", runbook(
        "出口进闸被拒处理手册", "适用于 hl-gate 出口重箱进闸提示无装船预报（NO_LOADING_LIST）。",
        ["ExportGateRejectsHigh：出口进闸被拒超过 20 次/15分钟"],
        ["看被拒集中在哪家船公司、哪条船。", "查 hl-edi 是否收到该船公司的 COPRARN，是否被拒收或丢弃。"],
        ["船公司未发或晚发装船预报。", "EDI 报文被拒收或被当作重复丢弃。"],
        ["联系船公司补发；修正 EDI 去重或解析后重新处理报文。"])),
    ("runbooks/gate/lane-offline.md", "闸口车道离线处理手册", runbook(
        "闸口车道离线处理手册", "适用于 hl-gate 车道离线、lane-agent 重启。",
        ["GateLaneOffline：进闸道离线", "KubePodCrashLooping：Pod 处于 CrashLoopBackOff"],
        ["看崩溃的 lane-agent 在哪些节点、退出前的日志。", "查节点最近的升级、镜像与内核参数。"],
        ["节点内核参数或资源限制不足。", "车道配置错误。"],
        ["把车道改派到正常的 lane-agent，cordon 问题节点，修正节点参数。"])),
    ("runbooks/gate/queue.md", "闸口排队过长处理手册", runbook(
        "闸口排队过长处理手册", "适用于 hl-gate 排队车辆过多。",
        ["GateQueueLong：闸口排队超过 80 辆"],
        ["看到港车辆是否超过闸口通过能力，对照预约时段与容量。", "看车道是否离线。"],
        ["预约容量设置过大。", "车道离线。", "集中到港。"],
        ["下调预约容量，开放备用车道。"])),
    ("runbooks/reefer/power.md", "冷箱断电处理手册", runbook(
        "冷箱断电处理手册", "适用于 hl-reefer 冷箱 NO_POWER、温度偏离。",
        ["ReeferPowerOffHigh：断电冷箱超过 10 个"],
        ["看断电冷箱所在箱区是否有冷箱插座。", "查堆场主数据与最近的翻箱计划。"],
        ["冷箱被放到没有插座的箱区。", "冷箱插座跳闸。"],
        ["把冷箱移到有插座的冷箱区并插电，修正箱区主数据。"])),
    ("runbooks/che/qc-wait.md", "岸桥等集卡处理手册", runbook(
        "岸桥等集卡处理手册", "适用于 hl-che-dispatch 岸桥等车时间过长。",
        ["QcWaitForTruckHigh：岸桥等集卡超过 180 秒"],
        ["看集卡定位质量（RTK 固定解）与车道围栏判定。", "看集卡池大小与作业序列。"],
        ["集卡定位偏差（差分服务中断）。", "集卡数量不足。"],
        ["恢复差分服务；临时人工确认到位。"])),
    ("runbooks/che/rtg-reject.md", "场桥拒收指令处理手册", runbook(
        "场桥拒收指令处理手册", "适用于 RTG 拒收作业指令。",
        ["RtgJobRejectsHigh：RTG 拒收作业指令超过 5 次/10分钟"],
        ["看拒收原因码（TIER_LIMIT 等）与 RTG 型号。", "查堆场主数据（max_tier）最近的变更。"],
        ["箱区层高与 RTG 起升高度不符。", "PLC 通信故障。"],
        ["回退箱区层高或改派可作业的 RTG。"])),
    ("runbooks/customs/unmatched.md", "海关放行未匹配处理手册", runbook(
        "海关放行未匹配处理手册", "适用于 hl-customs 放行报文未匹配。",
        ["CustomsReleaseUnmatchedHigh：放行报文未匹配超过 20 条"],
        ["看未匹配报文中的箱号、提单号格式。", "查单一窗口的升级公告。"],
        ["报文字段格式变化。", "箱子尚未进场。"],
        ["规范化箱号后重新匹配；人工放行。"])),
    ("runbooks/billing/hold.md", "计费挂起处理手册", runbook(
        "计费挂起处理手册", "适用于 hl-billing 发票挂起。",
        ["BillingHoldsHigh：挂起发票超过 20 张"],
        ["看挂起原因（无费率、无合同）。", "查箱型代码与费率表是否对应。"],
        ["箱型代码不在费率表。", "合同过期。"],
        ["补充费率或箱型映射后重新计费。"])),
    ("runbooks/berth/ukc.md", "靠泊水深校验失败处理手册", runbook(
        "靠泊水深校验失败处理手册", "适用于 hl-berth-plan UKC 校验不通过。",
        ["VesselAnchorageWaitLong：锚地等待超过 1 小时"],
        ["核对潮汐表的基准面与泊位水深的基准面。", "核对船舶吃水。"],
        ["潮汐表基准面不一致。", "吃水申报错误。"],
        ["按正确基准面重新导入潮汐表后重新排窗口。"])),
    ("runbooks/ops/crane-wind.md", "大风停机处理手册", runbook(
        "大风停机处理手册", "适用于风速超限时岸桥停机。",
        ["CraneWindSpeedHigh"], ["看风速仪读数。"], ["大风。"], ["岸桥锚定，放下防风拉索。"])),
    ("runbooks/ops/spreader.md", "吊具故障处理手册", runbook(
        "吊具故障处理手册", "适用于吊具旋锁故障。",
        ["SpreaderTwistlockFault"], ["看旋锁传感器。"], ["传感器脏污。"], ["更换吊具旋锁传感器。"])),
]


def build_bundle(seed: int = SEED) -> Json:
    w = WorldBuilder(seed=seed, day=DAY, tz=TZ, reference=REFERENCE, instances=INSTANCES,
                     labels={"env": "prod", "cluster": "hl-prod", "region": "cn-east-1"})
    for service, (make, every) in NOISE.items():
        w.noise(service, make, START, every_s=every)
    rtk_expiry(w)
    reefer_block(w)
    edi_duplicates(w)
    customs_spaces(w)
    billing_sizetype(w)
    rtg_tier(w)
    gate_node(w)
    appointment_slots(w)
    driver_qr(w)
    berth_tide(w)
    other_events(w)
    k8s_state(w)
    build_metrics(w)
    documents = [{"title": title, "source": source, "content": content} for source, title, content in RUNBOOKS]
    return w.bundle(name="HaiLian 海联港务 2027-03-10", services=SERVICES, documents=documents)


# --- questions -------------------------------------------------------------------------------------------------
FAMILY = {
    "rtk": ("hlport-rtk-01", "NTRIP"),
    "reefer": ("reefer_capable", "HK-20270310-01"),
    "edi": ("duplicate interchange", "YFL-EDI-2027-03"),
    "customs": ("with spaces", "SW-NT-2027-031"),
    "billing": ("45G1", "EOS-EDI-NT-0301"),
    "tier": ("TIER_LIMIT", "max_tier"),
    "node": ("max_user_instances", "ack-ubuntu-2204-20270305"),
    "slots": ("appointment.slot.capacity", "slot grid 30 min"),
    "qr": ("APPT_CODE_INVALID", "signed-token"),
    "tide": ("TIDE-2027-03", "BERTHING_REFUSED"),
}
UNRELATED_REMEDIES = ("放下防风拉索", "更换吊具旋锁传感器")
FIRING = ("KubePodCrashLooping", "VesselAnchorageWaitLong")
INCIDENT_WORDS = tuple(word for words in FAMILY.values() for word in words)


def _not(*own: str) -> tuple[str, ...]:
    return tuple(word for family, words in FAMILY.items() if family not in own for word in words) + UNRELATED_REMEDIES


QUESTIONS: tuple[WorldQuestion, ...] = (
    WorldQuestion(
        "port_gate_export_reject_cause",
        "早上八点多开始，远帆的出口重箱到闸口一车车被退回去，说没有装船预报，可船公司一口咬定 COPRARN 早发了，闸口这边卡在哪？",
        "cause",
        asked_facts=(fact("NO_LOADING_LIST", "无装船预报", "被拒"),),
        cause_facts=(fact("duplicate interchange", "interchange control reference", "交换控制号", "重复报文", "去重"),
                     fact("YFL-EDI-2027-03", "平台迁移", "迁移", "000001")),
        forbidden=_not("edi"), service="hl-gate",
        diagnosis="远帆航运 03-10 凌晨迁移 EDI 平台（YFL-EDI-2027-03），新平台的 UNB 交换控制号从 000001 重新开始；hl-edi 按发送方 + "
                  "交换控制号去重（保留 400 天），把 06:00 以后的 COPRARN 当作重复报文丢弃 → YF ARIES 的装船预报缺失，08:10 起出口"
                  "重箱进闸 NO_LOADING_LIST 被拒。10:30 去重键加上日期并重新处理丢弃的报文后恢复。07:50 的 OCR 置信度配置不是原因",
    ),
    WorldQuestion(
        "port_gate_lanes_cause",
        "中午一点前后 7 到 12 号进闸道全黑了，集卡只能挤 1 到 6 号道，闸口的 lane-agent 怎么回事？", "cause",
        asked_facts=(fact("CrashLoopBackOff", "too many open files", "exiting with code 1", "崩溃"),),
        cause_facts=(fact(BAD_NODE, "node-07", "07 节点"),
                     fact("max_user_instances", "inotify", "128")),
        forbidden=_not("node"), service="hl-gate",
        diagnosis="12:40 节点池 np-gate 升级，hl-k8s-node-07 被替换成新镜像，fs.inotify.max_user_instances 只有 128（旧镜像 8192）；"
                  "重建后调度到这台节点的三个 lane-agent 创建车道配置监听时 inotify_init1 报 too many open files 退出，"
                  "CrashLoopBackOff，7–12 号道没有 lane-agent。14:20 车道改派到 node-06 上的副本并 cordon node-07，三个 Pod 到现在"
                  "还在重启（KubePodCrashLooping 仍在告警）。12:10 的 6.3.1 发布不是原因",
    ),
    WorldQuestion(
        "port_reefer_power_cause",
        "今天上午冷箱监控一下子冒出几十个断电告警，箱温一直往上走，这批冷箱是怎么断的电？", "cause",
        asked_facts=(fact("NO_POWER", "断电", "unplugged"),),
        cause_facts=(fact("2E", "reefer_capable", "冷箱区"),
                     fact("housekeeping", "HK-20270310-01", "YD-0309-17", "主数据", "2F")),
        forbidden=_not("reefer"), service="hl-reefer",
        diagnosis="昨晚 22:35 yard_admin_lujie 按工单 YD-0309-17（本意是 2F 冷箱插座改造完工）把 2E 箱区的 reefer_capable 改成 true；"
                  "01:30 的 housekeeping 翻箱计划 HK-20270310-01 把 46 个冷箱排到 2E，早班 RTG 从 07:40 起执行，2E 没有冷箱插座 → "
                  "冷箱陆续 NO_POWER、温度上升，最多 44 个（10:20）。10:45 改回 2F 并把冷箱搬回插电。07:30 的温度偏差阈值配置不是原因",
    ),
    WorldQuestion(
        "port_customs_unmatched_cause",
        "九点以后进口提箱老提示海关未放行，报关行说单一窗口上早放行了，海关接口那边什么原因？", "cause",
        asked_facts=(fact("UNMATCHED", "未匹配", "CUSTOMS_HOLD", "海关未放行"),),
        cause_facts=(fact("with spaces", "空格", "ISO 6346", "展示格式"),
                     fact("SW-NT-2027-031", "单一窗口", "CUS_RELEASE", "v2.1")),
        forbidden=_not("customs"), service="hl-customs",
        diagnosis="单一窗口 09:00 升级放行报文 CUS_RELEASE v2.1（公告 SW-NT-2027-031），箱号改成 ISO 6346 展示格式带空格（如 "
                  "'TGHU 881234 5'）；hl-customs 按原样去在场箱里查，13 个字符匹配不上 → UNMATCHED 进人工队列，箱子一直 "
                  "CUSTOMS_HOLD，闸口拒绝提箱。12:50 开启箱号规范化并重新应用放行后恢复。08:20 的 3.1.0 发布不是原因",
    ),
    WorldQuestion(
        "port_che_night_wait_cause",
        "昨晚零点以后 3 号泊位的岸桥老停着等集卡，司机说车就在桥底下，系统非说没到位，调度这边怎么了？", "cause",
        asked_facts=(fact("NOT_UNDER_CRANE", "不在车道", "没到位", "等集卡"),),
        cause_facts=(fact("RTK", "NTRIP", "CORS", "差分"),
                     fact("expired", "到期", "401", "hlport-rtk-01")),
        forbidden=_not("rtk", "tier"), service="hl-che-dispatch",
        diagnosis="集卡 RTK 差分账号 hlport-rtk-01（千寻 CORS）00:00 到期，NTRIP 返回 401，集卡退回单点 GPS，定位误差 2–3 米 → 岸桥下"
                  "车道围栏判定 NOT_UNDER_CRANE，QC03/QC04 一直等车，等车时间最高 412 秒（03:14）。06:30 续费后恢复。23:10 的集卡池"
                  "配置不是原因",
    ),
    WorldQuestion(
        "port_billing_hold_cause",
        "东海集运的箱子今天提箱前算不出堆存费，发票全挂起了，司机交不了钱，计费怎么回事？", "cause",
        asked_facts=(fact("ON_HOLD", "挂起", "no tariff"),),
        cause_facts=(fact("45G1", "22G1", "45R1", "ISO 6346:2022", "箱型代码"),
                     fact("EOS-EDI-NT-0301", "EDI profile", "东海集运")),
        forbidden=_not("billing"), service="hl-billing",
        diagnosis="东海集运 08:00 把 EDI 改用 ISO 6346:2022 箱型代码（22G1/45G1/45R1，EOS-EDI-NT-0301），计费费率表只有 20GP/40GP/"
                  "40HC/40RH → 10:05 起找不到费率，发票 ON_HOLD。19:40 导入 ISO → 旧代码的映射表后重新计费。09:40 的 5.0.2 发布"
                  "不是原因",
    ),
    WorldQuestion(
        "port_berth_ukc_cause",
        "YF ARIES 傍晚那个靠泊窗口被系统卡掉了，说富余水深不够，吃水明明没变，泊位计划这是什么情况？", "cause",
        asked_facts=(fact("UKC", "BERTHING_REFUSED", "富余水深"),),
        cause_facts=(fact("TIDE-2027-03", "潮汐表", "tide table"),
                     fact("MSL", "平均海面", "datum", "基准面", "1.86")),
        forbidden=_not("tide"), service="hl-berth-plan",
        diagnosis="16:10 berth_planner_zhouyan 导入海事局潮汐表 TIDE-2027-03 r2，潮高基准是平均海面 MSL（r1 是理论最低潮面 CD），导入"
                  "没做基准面换算 → UKC 校验用的潮高低了 1.86 m，17:30 窗口算出 UKC 0.24 m < 0.60 m，BERTHING_REFUSED，船在锚地等。"
                  "19:10 按 MSL → CD +1.86 m 重新导入，改排 23:40 窗口（VesselAnchorageWaitLong 仍在告警）。15:00 的 2.4.0 发布不是原因",
    ),
    WorldQuestion(
        "port_che_rtg_reject_cause",
        "中午开始 3A 区的 RTG-11、RTG-12 一直拒收指令，卸船的集卡在场里排长队，是调度系统出了问题吗？", "cause",
        asked_facts=(fact("TIER_LIMIT", "exceeds max lift height", "拒收"),),
        cause_facts=(fact("max_tier", "tier 6", "第 6 层", "3A"),
                     fact("1-over-5", "一过五", "YD-0310-03", "yard_eng_tangbo")),
        forbidden=_not("tier", "rtk"), service="hl-che-dispatch",
        diagnosis="11:20 yard_eng_tangbo 按工单 YD-0310-03（新 RTG 一过六）把 3A 箱区 max_tier 从 5 改成 6，但在 3A 作业的 RTG-11、RTG-12 "
                  "是一过五的老机型 → 第 6 层的作业指令被 PLC 以 TIER_LIMIT 拒收，卸船箱压在集卡上。15:50 回退成 5 后恢复。10:50 的 "
                  "hl-che-dispatch 7.2.0 发布不是原因",
    ),
    WorldQuestion(
        "port_gate_queue_quantity", "下午四点以后闸口排队最长的时候排了多少辆车？", "quantity",
        asked_facts=(fact(str(QUEUE_PEAK), "137 辆"),), cause_facts=(fact("appointment.slot.capacity", "30 min", "半小时"),),
        forbidden=_not("slots"), service="hl-gate",
        peak=Peak("hl-gate", "gate_queue_trucks", QUEUE_PEAK),
        diagnosis="gate_queue_trucks 峰值 137 辆（17:26）；GateQueueLong 触发时是 86 辆。13:30 hl-appointment 3.4.0 把时段改成 30 分钟"
                  "却保留每个时段 120 辆的容量，下午到港车辆翻倍；17:40 容量改 60",
    ),
    WorldQuestion(
        "port_reefer_power_quantity", "上午断电的冷箱最多的时候有几个？", "quantity",
        asked_facts=(fact(str(REEFER_PEAK), "44 个"),), forbidden=_not("reefer"), service="hl-reefer",
        peak=Peak("hl-reefer", "reefer_power_off_containers", REEFER_PEAK),
        diagnosis="reefer_power_off_containers 峰值 44 个（10:20）；ReeferPowerOffHigh 触发时是 12 个。起因是 2E 被误标为冷箱区",
    ),
    WorldQuestion(
        "port_qc_wait_quantity", "昨晚 3 号泊位岸桥等集卡，最长一次等了多少秒？", "quantity",
        asked_facts=(fact(str(QC_WAIT_PEAK), "412 秒"),), forbidden=_not("rtk", "tier"), service="hl-che-dispatch",
        peak=Peak("hl-che-dispatch", "qc_wait_for_truck_seconds", QC_WAIT_PEAK),
        diagnosis="qc_wait_for_truck_seconds 峰值 412 秒（03:14）；QcWaitForTruckHigh 触发时是 180 秒。起因是 RTK 差分账号到期",
    ),
    WorldQuestion(
        "port_driver_app_alert_existence", "司机 App 今天报过警没有？下午不少司机说新版 App 的预约码在自助机上扫不出来。",
        "existence",
        asked_facts=(fact("AppointmentTokenInvalidHigh"),),
        cause_facts=(fact("256", "截断", "truncated"), fact("5.2.0", "签名令牌", "ES256", "412")),
        forbidden=_not("qr"), service="hl-driver-app",
        diagnosis="报过：AppointmentTokenInvalidHigh 14:35 触发、18:05 恢复。14:00 App 5.2.0 把预约码改成 412 个字符的签名令牌，闸口"
                  "自助机扫码只读 256 个字符 → 校验签名失败 APPT_CODE_INVALID，5.1.x 的预约码正常；18:00 关闭 "
                  "appt.qr.signed-token 后恢复。13:20 的公告配置不是原因",
    ),
    WorldQuestion(
        "port_vgm_healthy", "地磅称重今天有没有出过问题或者告警？", "existence",
        asked_facts=(HEALTHY,), forbidden=INCIDENT_WORDS, service="hl-vgm", healthy=True,
        diagnosis="没有：只有称重上报的 INFO 与零点漂移的 WARN，5xx 和 p99 都远低于阈值，无告警；10:00 的零点检查配置与各故障无关",
    ),
    WorldQuestion(
        "port_portal_healthy", "客户门户下午发了新版本，现在有没有报错或者告警？", "existence",
        asked_facts=(HEALTHY,), forbidden=INCIDENT_WORDS, service="hl-portal", healthy=True,
        diagnosis="没有：15:30 发布 3.8.0 之后只有箱动态查询与导出慢的 WARN，5xx、p99 低于阈值，无告警",
    ),
    WorldQuestion(
        "port_alert_listing", "现在还有哪些告警没恢复？列一下。", "listing",
        asked_facts=tuple(fact(name) for name in FIRING), forbidden=("hl-vgm", "hl-portal"),
        diagnosis="2 条：KubePodCrashLooping（13:02 起，hl-gate 在 hl-k8s-node-07 上的 lane-agent）、VesselAnchorageWaitLong（18:30 "
                  "起，YF ARIES 锚地等待，已改排 23:40 窗口）；其余告警都已恢复",
    ),
    WorldQuestion(
        "port_yard_changes_listing", "从昨晚到现在，堆场系统都做过哪些变更？主数据、配置、发版都算上。", "listing",
        asked_facts=(fact("block 2E attribute reefer_capable false -> true"), fact("4.6.1"),
                     fact("block 2E attribute reefer_capable true -> false"), fact("max_tier 5 -> 6"),
                     fact("yard.allocation.mix-weight", "mix-weight"), fact("max_tier 6 -> 5")),
        forbidden=_not("reefer", "tier"), service="hl-yard",
        diagnosis="六次：昨晚 22:35 2E reefer_capable false -> true（YD-0309-17）、09:30 发布 4.6.1、10:45 2E 改回 false 并把 2F 设为"
                  "冷箱区、11:20 3A max_tier 5 -> 6（YD-0310-03）、14:40 yard.allocation.mix-weight 0.30 -> 0.35、15:50 3A max_tier "
                  "6 -> 5",
    ),
)

WORLD = World(name=NAME, title="HaiLian 海联港务（集装箱码头）", build=build_bundle, questions=QUESTIONS)
