"""World "factory": 恒锐智造 HengRui Manufacturing, an auto-parts maker's plant systems (``hr-*`` services: the MES,
OPC UA collectors, andon, energy management, machine-vision inspection, QMS, WMS, the AGV fleet manager, label printing,
the ERP bridge, traceability and planning on an edge Kubernetes cluster in the plant; the PLCs, Modbus gateways, the
CMMS, SAP S/4 (``hr-erp``), a TDengine time-series cluster and the OT access switches outside it), seen on Thursday
2026-12-17 from 00:00 to the reference time 17:20 (+08:00), a production day of three shifts (C 00:00–08:00,
A 08:00–16:00, B 16:00–24:00). Nothing here was written for the offline agents; ten incidents of families neither the
demo nor the other worlds have, in ordinary noise:

(1) 06:08:14        hr-plc: in the maintenance window (CMMS WO-20261217-0031) the press line 2 PLC PLC-P2-1516 gets
                    firmware V3.1.0, which enables the OPC UA Machinery companion namespace by default → the S7 namespace
    06:09–09:58     moves from ns=3 to ns=4 in the server's NamespaceArray → hr-opcua-gateway's tag map P2.yaml keeps
                    numeric ``ns=3`` node ids → every P2 read answers ``BadNodeIdUnknown`` (only the gateway pod that
                    serves the press lines) → hr-mes sees no P2 counter update: output flat, OEE availability 0 while
                    the line runs. 09:58 the tag map is switched to namespace URIs; 10:04 MES backfills the counts. The
                    07:50 deploy 5.14.0 of the MES is a decoy.
(2) 02:00:06        hr-aps: the nightly CronJob hr-aps-calendar-publish reads the week-51 shift calendar the planner
                    uploaded; the row of Thursday's B shift says ``end 24:00`` → unparseable, row skipped (a WARN) →
    16:00 → now     at the 16:00 changeover hr-mes finds no active shift: every production report is rejected
                    ``NO_ACTIVE_SHIFT``; the planner's 16:58 rerun publishes the same file; still failing at 17:20
                    (MesProductionReportRejected firing). The 15:30 dedupe-window config of the MES is a decoy. (The MES
                    thus has two incidents today: a time phrase picks one.)
(3) 11:18:20        hr-cmms: electricians replace the compressor station's main meter EM-AIR-01 (Acrel DTSD1352 →
                    Schneider PM5560, same Modbus address) but hr-modbus-gw keeps the profile acrel_dtsd1352 with
    11:19–12:50     ``word_order=ABCD``; the new meter sends the float words swapped → readings like 3100899.0 kW → hr-ems'
                    15-minute demand forecast exceeds the 8000 kW contract → 11:31 automatic load shedding stops
                    compressors C3, C4 → air header pressure falls to 0.46 MPa → hr-andon AIR_PRESSURE_LOW on the welding
                    lines. 12:34 the auto-shed is disabled, 12:49 the gateway profile is fixed. The 10:40 deploy 3.6.2 of
                    hr-ems is a decoy.
(4) 13:04:12        hr-vision-qc: the ring light of station VQ-305 (line 3 final inspection) is replaced (CMMS
                    WO-20261217-0052); the new controller comes up at intensity 255 instead of the recipe's 180 →
    13:05–15:08     mean_luma 171 against a reference of 118 → the model scratch-seg-v12 calls good parts SCRATCH → NG
                    ratio at VQ-305 up to 23.7 % (``vision_ng_ratio``), hr-qms holds lots, re-inspection finds them good.
                    15:08 the intensity is set back and the reference re-taught. The 12:40 sampling-plan config of hr-qms
                    is a decoy.
(5) 07:38:12        hr-agv-fleet: map v42 (line-side area B re-racked) is published while six AGVs sleep at their
                    chargers; they wake on map v41 and are excluded from dispatch (``MAP_VERSION_MISMATCH``) → 12 of 18
    07:46–09:50     vehicles → hr-wms material calls for the assembly line wait (pending tasks peak 146 at 09:12,
                    ``agv_tasks_pending``), andon MATERIAL_SHORTAGE. 09:33 forced map sync. The 07:20 merge-window
                    config of hr-wms is a decoy.
(6) 10:41:52        hr-ot-network: a cabinet re-patch (CHG-20261217-0009) sets ports Gi1/0/13-16 of SW-OT-B2 to VLAN 40;
                    Gi1/0/14 is the OT uplink ens2f1 of hr-edge-node-03 → only the pods on that node lose the OT subnet:
    10:42–11:33     hr-label-service's pod there cannot reach the packaging printers (``no route to host``, a third of
                    the labels), the paint-line collector of hr-opcua-gateway loses its PLC. 11:33 the port is put back
                    to VLAN 30. The 09:50 deploy 3.4.0 of the label service is a decoy.
(7) 14:18:40        hr-label-service: template OUT-JF-BOX v7 for the customer 吉峰汽车 (spec JF-SQ-2026-08) prints GS1
                    DataMatrix instead of the Code128 ``HR|part|lot|qty`` → hr-wms' outbound check cannot parse the box
    14:21–15:38     labels (``LABEL_PARSE_ERROR``) → shipments wait at the docks (peak 137, ``wms_outbound_orders_blocked``).
                    15:38 WMS enables its GS1 parser. The 14:05 PDA config of hr-wms is a decoy.
(8) 11:02:31        hr-erp: master data changes material 90210-M8's base unit EA → BOX (200 EA, change doc 4500213377);
                    hr-erp-bridge syncs it at 11:10 → MES backflush quantities (EA) are booked as BOX by hr-wms → the
    11:12–12:45     line-side bin LS-WA2 goes negative and its replenishments are rejected INSUFFICIENT_STOCK. 12:38 the
                    unit is reverted, 12:44 the bin corrected. The 10:50 deploy 4.9.0 of hr-wms is a decoy.
(9) 13:00:02        hr-erp: ECN-2026-1187 makes BOM 57100-HR-B rev D effective at 13:00 while rev D is still IN_REVIEW →
                    hr-erp-bridge skips every work order of that part (``BOM_REV_NOT_RELEASED``) → press line 1 runs
    13:05–14:28     out of orders at 13:36. 14:26 rev D is released, 14:30 six orders download. The 12:45 deploy 2.7.1
                    of the bridge is a decoy.
(10) 01:38:44       hr-tsdb: the rollup policy of torque_raw is edited ``keep_raw 7d -> 72m`` (meant 72h) → each hourly
                    rollup from 02:05 drops raw tightening curves older than 72 minutes → hr-trace cannot show today's
    13:30–15:20     torque curves (``raw torque curve missing``); 14:47 the policy is reverted, curves before 12:53 are
                    gone for good. The 13:20 deploy 1.8.0 of hr-trace is a decoy.

Healthy: hr-tooling (deploy 2.3.1 at 09:15 is a decoy) and hr-hmi-portal (a config at 13:40 is a decoy) — INFO/WARN noise
only, under their thresholds, no alert. Still firing at 17:20: UpsBatteryEndOfLife (the server-room UPS since the evening
before, unrelated) and MesProductionReportRejected (the shift calendar); HostCpuHigh on hr-erp 01:10–01:48 is the
nightly MRP run, unrelated too. Kubernetes: the deployments and their pods with their nodes (two on hr-edge-node-03),
the calendar jobs' pods and the events of the last hour (the planner's rerun at 16:58).
Run ``python -m evaluation.worlds factory`` to print the bundle.
"""

from __future__ import annotations

import datetime as dt
import functools
import hashlib
import struct
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
    runbook,
    termination,
)
from evaluation.worlds.spec import HEALTHY, Peak, World, WorldQuestion, fact

NAME = "factory"
SEED = 20261217
TZ = dt.timezone(dt.timedelta(hours=8))
DAY = dt.date(2026, 12, 17)
START = dt.datetime(2026, 12, 17, 0, 0, tzinfo=TZ)
REFERENCE = dt.datetime(2026, 12, 17, 17, 20, tzinfo=TZ)
NS = "hengrui-plant"

_t = functools.partial(clock_on, DAY, TZ)  # a clock on the world's day, for module-level constants



# --- The lines the questions are about (the tests find each one in the bundle) ----------------
# (1) the PLC firmware and the OPC UA namespace index
P2_ENDPOINT = "opc.tcp://10.30.2.21:4840"
FW_WO = ("WO-20261217-0031 started by maint_zhanglei: 冲压二线 PLC-P2-1516 (CPU 1516-3 PN/DP) 固件升级 V2.9.4 -> V3.1.0 "
         "（西门子安全公告 SSA-2026-118），计划停线 06:00-06:30")
FW_DONE = ("diagnostic buffer: firmware update V2.9.4 -> V3.1.0 completed, CPU STOP -> RUN (warm restart); OPC UA server "
           "started, companion specification OPC 40001-1 Machinery enabled (default of V3.1)")
NS_CHANGED = (f"session to {P2_ENDPOINT} (PLC-P2-1516) re-established after 318s; server NamespaceArray changed (5 -> 6 "
              "entries); subscriptions re-created from tag map P2.yaml rev 17")
BAD_NODE_ID = ("monitored item create failed line=P2 node=ns=3;s=\"DB_Press\".\"{tag}\" endpoint=" + P2_ENDPOINT
               + ": BadNodeIdUnknown (0x80340000); {ok} of 46 P2 tags readable")
NS_BROWSE = ("auto_eng_xuming: opcua-cli browse " + P2_ENDPOINT + " -> NamespaceArray[3]=http://opcfoundation.org/UA/Machinery/, "
             "NamespaceArray[4]=http://www.siemens.com/simatic-s7-opcua; P2.yaml still addresses ns=3")
NS_FIX = ("tag map P2.yaml rev 17 -> 18 reloaded (auto_eng_xuming): node ids as nsu=http://www.siemens.com/simatic-s7-opcua;"
          "s=... (namespace URI resolved at connect instead of a fixed ns index)")
MES_STALL = ("OEE calc line=P2 shift={shift}: no counter update from hr-opcua-gateway for {mins} min (last "
             "StrokeCounter=418223 at 06:02:51, tag quality=BAD), availability set to 0")
MES_DEPLOY = ("deploy finished: hr-mes 5.14.0 (was 5.13.2) rolled out by ci-bot pipeline=#2281; changes: work order "
              "split for partial lots, new scrap reason codes")
MES_BACKFILL = ("OEE calc line=P2: counters resumed (StrokeCounter=421517), 3294 strokes since 06:02:51 backfilled to "
                "WO-1000384551")

# (2) the shift calendar's 24:00
CAL_CRON = "hr-aps-calendar-publish"
CAL_JOB = job_name(CAL_CRON, _t("02:00"))
CAL_POD = job_pod(CAL_JOB)
CAL_RERUN_JOB = f"{CAL_CRON}-manual-1658"
CAL_RERUN_POD = job_pod(CAL_RERUN_JOB)
CAL_SKIP = ("shift_calendar_2026W51.xlsx row 33 date=2026-12-17 shift=B(中班) start=16:00 end=24:00 lines=ALL: end time "
            "'24:00' unparseable (expected 00:00-23:59), row skipped")
CAL_PUBLISHED = "calendar week 2026-W51 published to hr-mes: 20 of 21 shifts (1 row skipped)"
NO_SHIFT = ("production report rejected line={line} station={station} wo={wo} qty={qty}: NO_ACTIVE_SHIFT (no shift "
            "calendar entry for 2026-12-17T16:00 in calendar 2026-W51)")
MES_CONFIG = ("[nacos] config changed: dataId=hr-mes.yaml group=MES key=mes.report.dedupe-window-seconds old=60 new=30 "
              "operator=mes_dev_gaojie md5=7c1e09ab4d22")

# (3) the compressor station's meter
METER_WO = ("WO-20261217-0047 closed by elec_wuqiang: 空压站总进线电表 EM-AIR-01 更换（原 Acrel DTSD1352 烧毁）为 Schneider "
            "PM5560，Modbus RTU 地址 1、9600 8N1 沿用，接入网关 mbgw-air-01 配置未改")
METER_POLL = ("poll EM-AIR-01 unit=1 profile={profile} word_order={order}: P_total regs 3059-3060 = 0x{hi} 0x{lo} -> "
              "{value} kW")
SHED = ("demand control: 15-min demand forecast {forecast} kW > contract demand 8000 kW (EM-AIR-01 {meter} kW); shed level 2 "
        "-> compressors C3, C4 stop requested (non-critical loads)")
SHED_OFF = ("energy_eng_maxin: demand control auto-shed disabled (EM-AIR-01 readings implausible); compressors C3, C4 "
            "restarted")
METER_FIX = ("device EM-AIR-01 profile acrel_dtsd1352 -> schneider_pm5560 (word_order ABCD -> CDAB) by energy_eng_maxin; "
             "P_total now 318.42 kW")
EMS_DEPLOY = ("deploy finished: hr-ems 3.6.2 (was 3.6.1) rolled out by ci-bot pipeline=#2290; changes: 12 月峰谷平电价看板")
#: A misread the parser keeps (larger ones it drops as infinite); the true 300.58 kW read word-swapped.
MISREAD_MAX = 5e7
BIG_READING = 300.58
AIR_LOW = "andon raised line={line} station={station} reason=AIR_PRESSURE_LOW pressure={p:.2f}MPa (min 0.55MPa)"

# (4) the vision station's new ring light
LIGHT_WO = ("WO-20261217-0052 closed by maint_zhaopeng: VQ-305 环形光源频闪，更换为 OPT-RI15030-W（5700K），功能测试正常")
LIGHT_NEW = ("station VQ-305: illumination controller CH1 new device OPT-RI15030-W SN OPT2612-0412 detected, intensity 255 "
             "(device default); recipe L3-FINAL intensity 180 not re-applied")
LUMA_DRIFT = ("station VQ-305 image stats: mean_luma={luma:.1f} (recipe reference 118.0±12), model scratch-seg-v12 input "
              "out of calibration range")
LIGHT_FIX = ("vision_eng_heyu: VQ-305 illumination CH1 intensity 255 -> 180, reference image re-taught (mean_luma 120.6), "
             "recipe L3-FINAL saved")
QMS_CONFIG = ("[nacos] config changed: dataId=hr-qms.yaml group=QMS key=qms.aql.sampling-plan.L3 old=GB2828-II new=GB2828-S4 "
              "operator=qe_liuna md5=4be2017c93fd")
NG_PEAK = 23.7
NG_ALERT_VALUE = "8.4%"

# (5) the AGV map
AGV_MAP = ("map v42 published by agv_eng_liutao (线边仓 B 区货架重排，新增站点 B-41..B-52): pushed to 12/18 vehicles; "
           "offline (charger sleep): AGV-07, AGV-09, AGV-11, AGV-12, AGV-15, AGV-16")
SLEEPERS = ("AGV-07", "AGV-09", "AGV-11", "AGV-12", "AGV-15", "AGV-16")
AGV_MISMATCH = ("{agv} woke up (battery {bat}%), reports map v41; fleet map v42 -> vehicle excluded from dispatch: "
                "MAP_VERSION_MISMATCH")
AGV_SYNC = ("agv_eng_liutao: forced map sync v42 -> AGV-07, AGV-09, AGV-11, AGV-12, AGV-15, AGV-16: ok, 18/18 vehicles "
            "in dispatch")
WMS_MERGE_CONFIG = ("[nacos] config changed: dataId=hr-wms.yaml group=WMS key=wms.material-call.merge-window-seconds "
                    "old=60 new=90 operator=wms_dev_fanyu md5=2d0f7e61aa38")
AGV_PEAK = 146
AGV_ALERT_VALUE = "60"

# (6) the OT switch port's VLAN
BAD_NODE = "hr-edge-node-03"
VLAN_CHANGE = ("netops_wangbin (CHG-20261217-0009 B2 柜跳线整理): interface range Gi1/0/13-16 -> switchport access vlan 40; "
               "write memory")
VLAN_LLDP = "lldpd[911]: ens2f1: neighbor SW-OT-B2 port Gi1/0/14 changed: port VLAN ID 30 -> 40"
VLAN_FIX = ("netops_wangbin: interface Gi1/0/14 -> switchport access vlan 30 (hr-edge-node-03 ens2f1 OT uplink, reverted "
            "from CHG-20261217-0009); write memory")
PRINT_FAIL = ("print job failed job=PJ-{job} station={station} printer={printer} ({ip}:9100): dial tcp {ip}:9100: connect: "
              "no route to host, job re-queued")
LABEL_DEPLOY = ("deploy finished: hr-label-service 3.4.0 (was 3.3.5) rolled out by ci-bot pipeline=#2276; changes: "
                "print preview in the station UI")

# (7) the customer's box label template
TEMPLATE = ("template OUT-JF-BOX v6 -> v7 published by label_eng_sunli (吉峰汽车标签规范 JF-SQ-2026-08): barcode Code128 "
            "'HR|<part>|<lot>|<qty>' -> GS1 DataMatrix (01)<GTIN>(10)<lot>(30)<qty>")
PARSE_ERROR = ("outbound check scan failed dock={dock} shipment={so} pda={pda}: LABEL_PARSE_ERROR unexpected barcode "
               "']d20106971234500{g}10L20261217{lot}<GS>30{qty}' (expected 'HR|part|lot|qty')")
GS1_FIX = ("[nacos] config changed: dataId=hr-wms.yaml group=WMS key=wms.scan.parser.gs1.enabled old=false new=true "
           "operator=wms_dev_fanyu md5=c0a7715e29b3")
WMS_PDA_CONFIG = ("[nacos] config changed: dataId=hr-wms.yaml group=WMS key=wms.pda.scan.confirm-beep old=single new=double "
                  "operator=wms_dev_fanyu md5=91ab3e0c6f54")
LABEL_DARKNESS = ("config changed by label_eng_sunli: printers ZT411-PK-* darkness 18 -> 22 (碳带批次更换)")
BLOCKED_PEAK = 137
BLOCKED_ALERT_VALUE = "40"

# (8) the unit of measure
UOM_CHANGE = ("MM02 by mdm_chenjing (change doc 4500213377): material 90210-M8 六角法兰螺母 M8 base unit EA -> BOX "
              "(1 BOX = 200 EA), per purchasing request PR-2026-1203")
UOM_SYNC = "MATMAS sync: 37 materials changed since 10:10 sent to hr-wms, hr-mes (incl. 90210-M8)"
UOM_REVERT = ("MM02 by mdm_chenjing (change doc 4500213391): material 90210-M8 base unit BOX -> EA (revert), BOX kept "
              "as alternative unit 1 BOX = 200 EA")
REPLENISH_REJECTED = ("replenishment {rpl} material=90210-M8 qty={qty} BOX to LS-WA2 rejected: INSUFFICIENT_STOCK "
                      "(warehouse WH-01 available 86 BOX)")
WMS_DEPLOY = ("deploy finished: hr-wms 4.9.0 (was 4.8.3) rolled out by ci-bot pipeline=#2284; changes: cycle count by "
              "ABC class")

# (9) the BOM revision
ECN = ("ECN-2026-1187 by eng_hanlei effective 2026-12-17 13:00: BOM 57100-HR-B (刹车支架) rev C -> rev D (加强筋 t=2.5), "
       "rev D status IN_REVIEW")
WO_SKIPPED = ("work order download: WO {wo} material=57100-HR-B line=P1 qty={qty} skipped: BOM_REV_NOT_RELEASED (BOM "
              "explosion on 2026-12-17 resolves rev D, status IN_REVIEW)")
BOM_RELEASE = "CS02 by eng_hanlei: BOM 57100-HR-B rev D status IN_REVIEW -> RELEASED (ECN-2026-1187)"
BRIDGE_DEPLOY = ("deploy finished: hr-erp-bridge 2.7.1 (was 2.7.0) rolled out by ci-bot pipeline=#2288; changes: RFC "
                 "connection pool metrics")

# (10) the rollup policy
ROLLUP_CHANGE = ("rollup policy torque_raw updated by data_eng_qiuyu (DATA-2026-0311 节省磁盘): keep_raw 7d -> 72m, "
                 "rollup torque_1m keep 2y unchanged")
ROLLUP_REVERT = ("rollup policy torque_raw updated by data_eng_qiuyu: keep_raw 72m -> 7d (revert, meant 72h); raw torque "
                 "before 2026-12-17T12:53 already dropped, not recoverable; torque_1m intact")
CURVE_MISSING = ("trace query sn={sn} station={station} tightened {when}: raw torque curve missing in torque_raw (only "
                 "torque_1m rollup available), report incomplete")
TRACE_DEPLOY = ("deploy finished: hr-trace 1.8.0 (was 1.7.4) rolled out by ci-bot pipeline=#2289; changes: trace report "
                "PDF layout v3")

# Healthy services' changes and the unrelated alerts
TOOLING_DEPLOY = ("deploy finished: hr-tooling 2.3.1 (was 2.3.0) rolled out by ci-bot pipeline=#2279; changes: tool life "
                  "report export")
HMI_CONFIG = ("[nacos] config changed: dataId=hr-hmi-portal.yaml group=HMI key=hmi.kiosk.idle-logout-minutes old=30 new=20 "
              "operator=it_zhengyu md5=5a90c3e1b7d8")
UPS_SUMMARY = "机房 UPS ups-dc-01 电池组自检失败（内阻超限），电池寿命到期，报修 FAC-20261216-021，自 21:10 起"

# --- Pods, nodes, machines --------------------------------------------------------------------
ROLLOUTS: dict[str, list[tuple[str, tuple[str, ...]]]] = {
    "hr-mes": [("00:00", pod_names("hr-mes", "5.13.2", 4)), ("07:51:00", pod_names("hr-mes", "5.14.0", 4))],
    "hr-opcua-gateway": [("00:00", pod_names("hr-opcua-gateway", "2.6.3", 4))],
    "hr-andon": [("00:00", pod_names("hr-andon", "1.12.0", 2))],
    "hr-ems": [("00:00", pod_names("hr-ems", "3.6.1", 2)), ("10:41:00", pod_names("hr-ems", "3.6.2", 2))],
    "hr-vision-qc": [("00:00", pod_names("hr-vision-qc", "4.2.0", 3))],
    "hr-qms": [("00:00", pod_names("hr-qms", "2.9.4", 2))],
    "hr-wms": [("00:00", pod_names("hr-wms", "4.8.3", 3)), ("10:51:00", pod_names("hr-wms", "4.9.0", 3))],
    "hr-agv-fleet": [("00:00", pod_names("hr-agv-fleet", "6.1.2", 2))],
    "hr-label-service": [("00:00", pod_names("hr-label-service", "3.3.5", 3)),
                         ("09:51:00", pod_names("hr-label-service", "3.4.0", 3))],
    "hr-erp-bridge": [("00:00", pod_names("hr-erp-bridge", "2.7.0", 2)), ("12:46:00", pod_names("hr-erp-bridge", "2.7.1", 2))],
    "hr-trace": [("00:00", pod_names("hr-trace", "1.7.4", 2)), ("13:21:00", pod_names("hr-trace", "1.8.0", 2))],
    "hr-aps": [("00:00", pod_names("hr-aps", "1.5.0", 1))],
    "hr-tooling": [("00:00", pod_names("hr-tooling", "2.3.0", 2)), ("09:16:00", pod_names("hr-tooling", "2.3.1", 2))],
    "hr-hmi-portal": [("00:00", pod_names("hr-hmi-portal", "1.4.2", 2))],
}
NODES = [f"hr-edge-node-{n:02d}" for n in range(1, 7)]
PLCS = ["PLC-P1-1516", "PLC-P2-1516", "PLC-WA1-1515", "PLC-WA2-1515", "PLC-PT-1518", "PLC-GA-1516"]
VMS = {
    "hr-plc": PLCS,
    "hr-modbus-gw": ["mbgw-air-01", "mbgw-weld-01", "mbgw-paint-01"],
    "hr-cmms": ["cmms-app-01"],
    "hr-erp": ["s4p-app-01", "s4p-app-02"],
    "hr-tsdb": ["tsdb-01", "tsdb-02", "tsdb-03"],
    "hr-ot-network": ["SW-OT-A1", "SW-OT-B2", "SW-OT-C1"],
    "hr-k8s-node": NODES,
    "hr-facility": ["ups-dc-01"],
}
INSTANCES: dict[str, list[str]] = {service: list(steps[-1][1]) for service, steps in ROLLOUTS.items()} | VMS

#: The collector pods shard the lines: 0 press (P1, P2), 1 welding (WA-1, WA-2), 2 paint (PT), 3 assembly (GA).
GW_PODS = ROLLOUTS["hr-opcua-gateway"][0][1]
GW_PRESS_POD, GW_PAINT_POD = GW_PODS[0], GW_PODS[2]
GW_LINES = {GW_PODS[0]: ("P1", "P2"), GW_PODS[1]: ("WA-1", "WA-2"), GW_PODS[2]: ("PT",), GW_PODS[3]: ("GA",)}
LABEL_PODS = ROLLOUTS["hr-label-service"][1][1]
LABEL_BAD_POD = LABEL_PODS[1]
#: The pods the scheduler put on the node whose OT uplink went to the wrong VLAN (nothing else of ours runs there).
ON_BAD_NODE = (LABEL_BAD_POD, GW_PAINT_POD)
_GOOD_NODES = [node for node in NODES if node != BAD_NODE]
VISION_PODS = ROLLOUTS["hr-vision-qc"][0][1]
VISION_L3_POD = VISION_PODS[2]


def node_of(pod: str) -> str:
    """The node a pod runs on: the two pods on the bad node, the others spread over the five others."""
    if pod in ON_BAD_NODE:
        return BAD_NODE
    return _GOOD_NODES[int(hashlib.sha256(pod.encode()).hexdigest(), 16) % len(_GOOD_NODES)]


SERVICES: list[Json] = [
    {"name": "hr-mes", "aliases": ["MES", "制造执行系统", "生产系统", "报工", "MES 看板"],
     "description": "制造执行系统（Java 17，Spring Boot，4 个副本）：工单执行、报工、OEE 看板；产量与节拍取自 hr-opcua-gateway "
                    "采集的 PLC 计数；班次取自 hr-aps 发布的班次日历（C 班 00:00-08:00、A 班 08:00-16:00、B 班 16:00-24:00），"
                    "报工必须落在一个有效班次内；工单由 hr-erp-bridge 从 ERP 下发。"},
    {"name": "hr-opcua-gateway", "aliases": ["OPC UA 网关", "数采网关", "设备数采", "采集网关"],
     "description": "OPC UA 采集器（Go，4 个副本，按产线分片：冲压 P1/P2、焊装 WA-1/WA-2、涂装 PT、总装 GA）：订阅各线 PLC 的 "
                    "OPC UA 服务器，标签映射在 tag map（P2.yaml 等），写入 hr-tsdb 并推送给 MES；经节点的 OT 网卡 ens2f1 "
                    "访问 OT 网段 10.30.0.0/16。"},
    {"name": "hr-andon", "aliases": ["安灯", "Andon", "安灯系统"],
     "description": "安灯系统（Node.js，2 个副本）：工位拉灯、设备与物料异常呼叫、车间大屏。"},
    {"name": "hr-ems", "aliases": ["能源管理", "能耗系统", "EMS", "能源管理平台", "电能管理"],
     "description": "能源管理（Python，2 个副本）：电表、气表读数经 hr-modbus-gw 采集；按 15 分钟计算需量，超过合同需量 8000 kW "
                    "时自动分级卸载非关键负荷（空压机 C3、C4 等）；空压站主管压力监控。"},
    {"name": "hr-vision-qc", "aliases": ["视觉检测", "AI 质检", "视觉工位", "机器视觉"],
     "description": "机器视觉检测（Python + TensorRT，3 个副本，每个副本服务一组工位；VQ-305 为三号线终检）：拍照、光源控制、"
                    "缺陷分割模型 scratch-seg-v12，判定结果送 hr-qms。"},
    {"name": "hr-qms", "aliases": ["质量系统", "QMS", "质量管理", "终检"],
     "description": "质量管理（Java，2 个副本）：检验结果、不良统计、批次冻结（HOLD）与 MRB 复判。"},
    {"name": "hr-wms", "aliases": ["WMS", "仓库系统", "仓储", "仓库", "发货"],
     "description": "仓储管理（Java 17，3 个副本）：入库、线边库、叫料与补料（AGV 配送由 hr-agv-fleet 调度）、MES 反冲扣料、"
                    "出库复核（PDA 扫描箱标签，解析 'HR|零件号|批次|数量' 格式）。"},
    {"name": "hr-agv-fleet", "aliases": ["AGV 调度", "AGV", "小车调度", "物流小车"],
     "description": "AGV 车队调度（Java，2 个副本）：18 台潜伏式 AGV 的任务分配、地图发布（地图版本须与车端一致）、充电管理。"},
    {"name": "hr-label-service", "aliases": ["标签打印", "标签服务", "打标签", "打印服务"],
     "description": "标签服务（Go，3 个副本）：按客户模板生成箱标签、零件标签，经 OT 网段发到包装工位的 Zebra ZT411 打印机"
                    "（10.30.5.0/24:9100）。"},
    {"name": "hr-erp-bridge", "aliases": ["ERP 接口", "ERP 集成", "工单下发", "SAP 接口"],
     "description": "ERP 集成（Java，2 个副本）：每 5 分钟从 SAP S/4（hr-erp）下载已下达的生产工单（含 BOM 展开）给 MES，"
                    "同步物料主数据（MATMAS）给 WMS 和 MES，回传报工。"},
    {"name": "hr-trace", "aliases": ["追溯系统", "质量追溯", "追溯", "拧紧曲线"],
     "description": "质量追溯（Java，2 个副本）：按总成序列号查询零件批次、拧紧扭矩曲线（读 hr-tsdb 的 torque_raw 原始曲线）"
                    "与检验记录，生成追溯报告。"},
    {"name": "hr-aps", "aliases": ["排产系统", "APS", "班次日历", "计划系统"],
     "description": "高级排产（Python，1 个副本）：周排产与班次日历；计划员上传周历 Excel，每天 02:00 CronJob "
                    "hr-aps-calendar-publish 发布到 MES。"},
    {"name": "hr-tooling", "aliases": ["刀具管理", "刀具寿命", "工装管理"],
     "description": "刀具与工装寿命管理（Java，2 个副本）。"},
    {"name": "hr-hmi-portal", "aliases": ["工位终端", "HMI 门户", "工位门户", "终端门户"],
     "description": "工位终端门户（Node.js，2 个副本）：工位一体机登录、作业指导书、电子 SOP。"},
    {"name": "hr-plc", "aliases": ["PLC", "控制器", "西门子 PLC"],
     "description": "各线 PLC（西门子 S7-1500，内置 OPC UA 服务器）的诊断缓冲区经 syslog 转发：PLC-P1-1516、PLC-P2-1516、"
                    "PLC-WA1-1515、PLC-WA2-1515、PLC-PT-1518、PLC-GA-1516。"},
    {"name": "hr-modbus-gw", "aliases": ["Modbus 网关", "电表网关", "能耗网关"],
     "description": "Modbus RTU/TCP 网关 mbgw-air-01（空压站）、mbgw-weld-01、mbgw-paint-01：按设备型号的寄存器配置文件"
                    "（profile，含 float32 字序 word_order）轮询电表，推送给 hr-ems。"},
    {"name": "hr-cmms", "aliases": ["设备维修系统", "CMMS", "维修工单", "设备管理"],
     "description": "设备维护管理（虚拟机 cmms-app-01）：维修、保养工单的开工与完工记录。"},
    {"name": "hr-erp", "aliases": ["ERP", "SAP", "S/4"],
     "description": "SAP S/4HANA（s4p-app-01/02）：物料主数据、BOM 与工程变更（ECN）、生产工单、夜间 MRP。"},
    {"name": "hr-tsdb", "aliases": ["时序库", "TDengine", "时序数据库"],
     "description": "TDengine 集群 tsdb-01..03：设备时序数据；拧紧原始曲线 torque_raw 由每小时 :05 的 rollup 任务降采样到 "
                    "torque_1m，原始数据保留期由 rollup policy 的 keep_raw 决定。"},
    {"name": "hr-ot-network", "aliases": ["OT 网络", "车间交换机", "工控网络"],
     "description": "车间 OT 接入交换机 SW-OT-A1、SW-OT-B2、SW-OT-C1（OT VLAN 30，办公 VLAN 40），配置变更记录在 syslog。"},
    {"name": "hr-k8s-node", "aliases": ["边缘节点", "K8s 节点", "工作节点"],
     "description": "厂内边缘集群 hr-edge-prod 的 6 个节点 hr-edge-node-01..06（每台两块网卡：ens2f0 接 IT 网，ens2f1 接 OT "
                    "交换机的 VLAN 30）。"},
    {"name": "hr-facility", "aliases": ["机房动环", "UPS", "动环监控"],
     "description": "机房动力环境监控：UPS ups-dc-01、精密空调。"},
]

WINDOWS = {
    "p2": (_t("06:09:02"), _t("09:58:40")),
    "agv": (_t("07:46"), _t("09:50")),
    "vlan": (_t("10:42:30"), _t("11:33:10")),
    "uom": (_t("11:12"), _t("12:44")),
    "meter": (_t("11:19"), _t("12:49:40")),
    "wo": (_t("13:05"), _t("14:30")),
    "light": (_t("13:04:12"), _t("15:08:30")),
    "gs1": (_t("14:21"), _t("15:38:20")),
    "shift": (_t("16:00"), REFERENCE),
}


def _inside(window: str, t: dt.datetime) -> bool:
    a, b = WINDOWS[window]
    return a <= t < b


def _shift(t: dt.datetime) -> str:
    return "C" if t.hour < 8 else "A" if t.hour < 16 else "B"


def _running(t: dt.datetime) -> float:
    """Production relative to a full shift: the night shift runs two lines fewer, breaks at 11:30 and 19:30."""
    return interpolate([(START, 0.7), (_t("06:00"), 0.7), (_t("06:30"), 0.75), (_t("08:00"), 1.0), (_t("11:30"), 0.9),
                        (_t("12:10"), 1.0), (_t("16:00"), 0.95), (REFERENCE, 0.95)], t)


# --- Business vocabulary -------------------------------------------------------------------------
Line = tuple[str, str, dict[str, Any]]
#: line → (part it makes, stations)
LINES = {"P1": ("57100-HR-B", ["P1-01", "P1-02", "P1-03"]), "P2": ("57300-HR-F", ["P2-01", "P2-02", "P2-03"]),
         "WA-1": ("61200-HR-A", ["WA-1-03", "WA-1-07", "WA-1-11"]), "WA-2": ("61250-HR-C", ["WA-2-02", "WA-2-05", "WA-2-09"]),
         "PT": ("61200-HR-A", ["PT-01", "PT-02"]), "GA": ("80010-HR-M", ["GA-1-12", "GA-2-14", "GA-2-20"])}
PRINTERS = [f"ZT411-PK-{n:02d}" for n in range(1, 10)]
PACK_STATIONS = ["PK-01", "PK-02", "PK-03", "PK-04", "PK-05", "PK-06"]
AGVS = [f"AGV-{n:02d}" for n in range(1, 19)]
PARTS = ["57100-HR-B", "57300-HR-F", "61200-HR-A", "61250-HR-C", "80010-HR-M", "90210-M8", "90110-M6", "33012-HR-K"]


def _wo(w: WorldBuilder) -> str:
    return f"WO-1000384{w.rng.randint(500, 699)}"


def _sn(w: WorldBuilder, t: dt.datetime) -> str:
    return f"HR{t:%y%m%d}{w.rng.randint(10000, 99999)}"


def _pod(w: WorldBuilder, service: str, t: dt.datetime) -> str:
    return w.pod_at(ROLLOUTS[service], t)


def _swapped(value: float) -> tuple[str, str, float]:
    """A float32 as the meter sends it (low word first) and as a gateway decoding ABCD reads it: the registers and the
    value read."""
    raw = struct.pack(">f", value)
    low, high = raw[2:], raw[:2]
    read = struct.unpack(">f", low + high)[0]
    return low.hex().upper(), high.hex().upper(), read


def _words(value: float) -> tuple[str, str]:
    raw = struct.pack(">f", value)
    return raw[:2].hex().upper(), raw[2:].hex().upper()


# --- Noise: every service's ordinary day ----------------------------------------------------------
def _mes(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "hr-mes", t)
    roll = w.rng.random()
    lines = [line for line in LINES if not (line == "P2" and _inside("p2", t))
             and not (line == "P1" and _t("13:36") <= t < _t("14:31"))]
    line = w.rng.choice(lines)
    part, stations = LINES[line]
    if roll < 0.4 and not _inside("shift", t):
        return "INFO", (f"production report ok line={line} station={w.rng.choice(stations)} wo={_wo(w)} part={part} "
                        f"qty={w.rng.randint(6, 60)} shift={_shift(t)} took={w.ms(12, 60)}ms"), {"instance": pod}
    if roll < 0.65:
        a, p = w.rng.uniform(86, 97), w.rng.uniform(88, 98)
        return "INFO", (f"OEE calc line={line} shift={_shift(t)}: availability={a:.1f}% performance={p:.1f}% "
                        f"quality={w.rng.uniform(98.2, 99.8):.1f}% oee={a * p / 100 * 0.99:.1f}%"), {"instance": pod,
                                                                                                   "job": "oee"}
    if roll < 0.8:
        return "INFO", f"GET /api/mes/v1/dashboard/lines 200 took={w.ms(20, 140)}ms", {"instance": pod, "log_type": "access"}
    if roll < 0.9:
        return "INFO", (f"work order {_wo(w)} line={line} part={part} status RELEASED -> RUNNING "
                        f"(planned {w.rng.randint(200, 1200)})"), {"instance": pod}
    return "WARN", (f"scrap reported line={line} station={w.rng.choice(stations)} reason="
                    f"{w.rng.choice(['BURR', 'DENT', 'WELD_SPATTER', 'MISSING_NUT'])} qty={w.rng.randint(1, 4)}"), {
        "instance": pod}


def _gateway(w: WorldBuilder, t: dt.datetime) -> Line:
    pods = [pod for pod in GW_PODS if not (pod == GW_PAINT_POD and _inside("vlan", t))]
    pod = w.rng.choice(pods)
    lines = [line for line in GW_LINES[pod] if not (line == "P2" and _inside("p2", t))] or ["P1"]
    line = w.rng.choice(lines)
    roll = w.rng.random()
    if roll < 0.6:
        return "INFO", (f"subscription stats line={line} tags=46 updates/s={w.rng.randint(80, 240)} publish p99="
                        f"{w.ms(8, 45)}ms bad_quality=0"), {"instance": pod, "logger": "stats"}
    if roll < 0.85:
        return "INFO", (f"batch written to hr-tsdb: {w.rng.randint(2000, 9000)} points line={line} took={w.ms(20, 160)}ms"), {
            "instance": pod}
    if roll < 0.95:
        return "INFO", f"keepalive ok line={line} server state=Running sessions=1", {"instance": pod}
    return "WARN", (f"publish to hr-tsdb slow: batch of {w.rng.randint(5000, 9000)} points line={line} took "
                    f"{w.rng.uniform(1.0, 2.4):.1f}s"), {"instance": pod}


def _andon(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "hr-andon", t)
    line = w.rng.choice(list(LINES))
    station = w.rng.choice(LINES[line][1])
    roll = w.rng.random()
    if roll < 0.35:
        return "INFO", (f"andon raised line={line} station={station} reason="
                        f"{w.rng.choice(['QUALITY_CHECK', 'TOOL_CHANGE', 'OPERATOR_HELP'])}"), {"instance": pod}
    if roll < 0.7:
        return "INFO", f"andon closed line={line} station={station} duration={w.rng.randint(40, 600)}s", {"instance": pod}
    return "INFO", f"screen refresh hall={w.rng.choice(['冲压', '焊装', '涂装', '总装'])} clients={w.rng.randint(4, 12)}", {
        "instance": pod}


def _ems(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "hr-ems", t)
    roll = w.rng.random()
    if roll < 0.4 and not _t("11:18") <= t < _t("12:51"):
        return "INFO", (f"demand window: 15-min demand {w.rng.randint(5600, 6900)} kW (contract 8000 kW), meters ok=142/142"), {
            "instance": pod, "job": "demand"}
    if roll < 0.65 and not _t("11:30") <= t < _t("12:40"):
        return "INFO", (f"air header pressure {w.rng.uniform(0.6, 0.64):.2f} MPa, compressors running C1 C2 C3 C4, "
                        f"flow {w.rng.randint(88, 121)} m3/min"), {"instance": pod, "job": "air"}
    if roll < 0.85:
        return "INFO", (f"tariff period {'谷' if t.hour < 8 else '峰' if 8 <= t.hour < 11 or 18 <= t.hour < 23 else '平'} "
                        f"energy since 00:00 {int(6200 * (t.hour + t.minute / 60))} kWh"), {"instance": pod}
    return "WARN", (f"meter EM-PT-0{w.rng.randint(1, 4)} poll timeout via mbgw-paint-01 (1 of 3 retries)"), {"instance": pod}


VISION_STATIONS = ["VQ-101", "VQ-102", "VQ-203", "VQ-204", "VQ-305", "VQ-306"]


def _vision_pod(station: str) -> str:
    return VISION_PODS[int(station[3]) - 1]


def _vision(w: WorldBuilder, t: dt.datetime) -> Line:
    stations = [s for s in VISION_STATIONS if not (s == "VQ-305" and _inside("light", t))]
    station = w.rng.choice(stations)
    pod = _vision_pod(station)
    roll = w.rng.random()
    part = LINES[w.rng.choice(["P1", "WA-1", "GA"])][0]
    if roll < 0.7:
        return "INFO", (f"{station} part={part} sn={_sn(w, t)} verdict=OK score={w.rng.uniform(0.01, 0.2):.2f} "
                        f"took={w.ms(80, 190)}ms"), {"instance": pod}
    if roll < 0.8:
        return "INFO", (f"{station} part={part} sn={_sn(w, t)} verdict=NG class={w.rng.choice(['SCRATCH', 'DENT', 'PORE'])} "
                        f"score={w.rng.uniform(0.7, 0.95):.2f} took={w.ms(80, 190)}ms"), {"instance": pod}
    if roll < 0.92:
        return "INFO", (f"station {station} image stats: mean_luma={w.rng.uniform(112, 124):.1f} (recipe reference "
                        "118.0±12)"), {"instance": pod, "logger": "stats"}
    return "WARN", f"{station} camera frame dropped (exposure trigger late {w.ms(3, 9)}ms), retaken", {"instance": pod}


def _qms(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "hr-qms", t)
    roll = w.rng.random()
    line = w.rng.choice(["L1", "L2", "L3"])
    if roll < 0.45:
        return "INFO", (f"inspection results stored line={line} station=final count={w.rng.randint(20, 80)} "
                        f"ng={w.rng.randint(0, 2)}"), {"instance": pod}
    if roll < 0.7:
        return "INFO", f"lot L20261217{w.rng.randint(1, 30):02d} released line={line} qty={w.rng.randint(200, 900)}", {
            "instance": pod}
    if roll < 0.9:
        return "INFO", f"GET /api/qms/v1/spc/charts 200 took={w.ms(30, 200)}ms", {"instance": pod, "log_type": "access"}
    return "WARN", (f"incoming inspection supplier=S{w.rng.randint(100, 180)} part=90110-M6 lot sampled: 1 thread gauge "
                    "fail, lot accepted per AQL"), {"instance": pod}


CUSTOMERS = ["JF", "DY", "CH"]  # 吉峰汽车, 东屹汽车, 长禾汽车


def _wms(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "hr-wms", t)
    roll = w.rng.random()
    if roll < 0.25 and not _inside("agv", t):
        line = w.rng.choice(["GA", "WA-1", "WA-2", "P1"])
        return "INFO", (f"material call MC{t:%m%d}{w.rng.randint(1000, 9999)} line={line} part="
                        f"{w.rng.choice(PARTS[5:])} delivered by {w.rng.choice(AGVS)} in {w.rng.randint(4, 9)}m"), {
            "instance": pod}
    if roll < 0.45:
        material = w.rng.choice([p for p in PARTS[5:] if not (p == "90210-M8" and _t("11:10") <= t < _t("12:45"))])
        return "INFO", (f"backflush from hr-mes wo={_wo(w)} material={material} qty={w.rng.randint(2, 8) * 12} EA at "
                        f"LS-{w.rng.choice(['WA1', 'GA1', 'P1'])}"), {"instance": pod}
    if roll < 0.65:
        customers = [c for c in CUSTOMERS if not (c == "JF" and _inside("gs1", t))]
        return "INFO", (f"outbound check ok dock=D{w.rng.randint(1, 4)} shipment=SO{t:%m%d}{w.rng.randint(100, 999)} "
                        f"customer={w.rng.choice(customers)} boxes={w.rng.randint(8, 40)}"), {"instance": pod}
    if roll < 0.85:
        return "INFO", (f"putaway done ASN{t:%m%d}{w.rng.randint(100, 999)} material={w.rng.choice(PARTS[5:])} "
                        f"bin=WH-01-{w.rng.choice('ABCD')}{w.rng.randint(1, 40):02d}"), {"instance": pod}
    return "WARN", (f"pda PDA-{w.rng.randint(10, 40):03d} battery low ({w.rng.randint(5, 12)}%), user asked to swap"), {
        "instance": pod}


def _agv(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = ROLLOUTS["hr-agv-fleet"][0][1][0]  # the leader
    vehicles = [a for a in AGVS if not (a in SLEEPERS and _t("07:38") <= t < _t("09:33:30"))]
    agv = w.rng.choice(vehicles)
    roll = w.rng.random()
    if roll < 0.5:
        return "INFO", (f"task T{t:%m%d}{w.rng.randint(10000, 99999)} assigned {agv} route WH-01 -> "
                        f"{w.rng.choice(['GA', 'WA-1', 'WA-2', 'P1'])} eta={w.rng.randint(3, 8)}m map "
                        f"v{42 if t >= _t('07:38') else 41}"), {"instance": pod}
    if roll < 0.75:
        return "INFO", f"{agv} task done, battery {w.rng.randint(35, 90)}%", {"instance": pod}
    if roll < 0.9:
        return "INFO", f"charging {agv} battery {w.rng.randint(20, 30)}% -> station CH-{w.rng.randint(1, 6)}", {"instance": pod}
    return "WARN", f"{agv} obstacle stop at {w.rng.choice(['A-07', 'B-12', 'C-03'])} for {w.rng.randint(5, 40)}s, resumed", {
        "instance": pod}


TEMPLATES = {"JF": "OUT-JF-BOX", "DY": "OUT-DY-BOX", "CH": "OUT-CH-BOX"}


def _template(customer: str, t: dt.datetime) -> str:
    if customer == "JF":
        return "OUT-JF-BOX v7 symbology=GS1-DataMatrix" if t >= _t("14:18:40") else "OUT-JF-BOX v6 symbology=Code128"
    return f"{TEMPLATES[customer]} v{3 if customer == 'DY' else 5} symbology=Code128"


def _printer(station: str) -> tuple[str, str]:
    n = PACK_STATIONS.index(station) + 1
    return f"ZT411-PK-{n:02d}", f"10.30.5.{20 + n}"


def _label(w: WorldBuilder, t: dt.datetime) -> Line:
    pods = [p for p in ROLLOUTS["hr-label-service"][-1][1] if not (p == LABEL_BAD_POD and _inside("vlan", t))]
    pod = w.pod_at(ROLLOUTS["hr-label-service"], t) if t < _t("09:51") else w.rng.choice(pods)
    roll = w.rng.random()
    station = w.rng.choice(PACK_STATIONS)
    printer, ip = _printer(station)
    if roll < 0.75:
        customer = w.rng.choice(CUSTOMERS)
        return "INFO", (f"print job done job=PJ-{w.rng.randint(100000, 999999)} station={station} printer={printer} "
                        f"({ip}:9100) template={_template(customer, t)} labels={w.rng.randint(1, 12)} took={w.ms(90, 400)}ms"), {
            "instance": pod}
    if roll < 0.9:
        return "INFO", f"printer status {printer}: ready, media 62%, ribbon {w.rng.randint(20, 90)}%", {"instance": pod}
    return "WARN", f"printer {printer} paused: head open (operator), {w.rng.randint(1, 3)} jobs waiting", {"instance": pod}


def _bridge(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "hr-erp-bridge", t)
    roll = w.rng.random()
    if roll < 0.4:
        line = w.rng.choice(["P2", "WA-1", "WA-2", "GA"] if _inside("wo", t) else list(LINES))
        return "INFO", (f"work order download: WO {_wo(w)} material={LINES[line][0]} line={line} qty="
                        f"{w.rng.randint(200, 1200)} sent to hr-mes"), {"instance": pod, "job": "wo-download"}
    if roll < 0.75:
        return "INFO", (f"confirmation posted to S/4 (CO11N) wo={_wo(w)} yield={w.rng.randint(20, 300)} scrap="
                        f"{w.rng.randint(0, 3)}"), {"instance": pod}
    if roll < 0.9:
        return "INFO", f"RFC pool S4P: in_use={w.rng.randint(1, 6)}/20", {"instance": pod, "logger": "rfc"}
    return "WARN", f"RFC call BAPI_GOODSMVT_CREATE slow: {w.rng.uniform(2.1, 4.8):.1f}s", {"instance": pod}


def _trace(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "hr-trace", t)
    roll = w.rng.random()
    if roll < 0.6:
        tightened = t - dt.timedelta(minutes=w.rng.randint(3, 50))
        return "INFO", (f"trace query sn={_sn(w, tightened)} station=GA-1-12 tightened {tightened:%H:%M}: report ok (parts "
                        f"{w.rng.randint(30, 42)}, torque curves 12, inspections 6) took={w.ms(200, 900)}ms"), {"instance": pod}
    if roll < 0.9:
        return "INFO", f"GET /api/trace/v1/lots/L20261217{w.rng.randint(1, 30):02d} 200 took={w.ms(20, 120)}ms", {
            "instance": pod, "log_type": "access"}
    return "WARN", "trace report PDF render slow: 3.2s (fonts cache cold)", {"instance": pod}


def _aps(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = ROLLOUTS["hr-aps"][0][1][0]
    if w.rng.random() < 0.7:
        return "INFO", (f"schedule recalculated week 2026-W51: {w.rng.randint(120, 160)} orders on 6 lines, took "
                        f"{w.rng.uniform(4, 19):.1f}s"), {"instance": pod}
    return "INFO", f"capacity check line={w.rng.choice(list(LINES))} load {w.rng.randint(72, 96)}%", {"instance": pod}


def _tooling(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "hr-tooling", t)
    roll = w.rng.random()
    if roll < 0.6:
        return "INFO", (f"tool life updated die=D-{w.rng.randint(100, 180)} strokes {w.rng.randint(20000, 90000)}/"
                        "120000"), {"instance": pod}
    if roll < 0.9:
        return "INFO", f"GET /api/tooling/v1/dies 200 took={w.ms(8, 60)}ms", {"instance": pod, "log_type": "access"}
    return "WARN", f"die D-{w.rng.randint(100, 180)} reaches 90% of its life, regrind planned", {"instance": pod}


def _hmi(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "hr-hmi-portal", t)
    roll = w.rng.random()
    if roll < 0.55:
        return "INFO", (f"kiosk login station={w.rng.choice(LINES[w.rng.choice(list(LINES))][1])} badge=E{w.rng.randint(10000, 39999)}"), {
            "instance": pod}
    if roll < 0.9:
        return "INFO", f"SOP served doc=SOP-{w.rng.randint(100, 400)} rev {w.rng.choice('ABC')} took={w.ms(15, 80)}ms", {
            "instance": pod}
    return "WARN", "kiosk badge read failed (card not registered), user asked to retry", {"instance": pod}


def _plc(w: WorldBuilder, t: dt.datetime) -> Line:
    plc = w.rng.choice(PLCS)
    roll = w.rng.random()
    if roll < 0.6:
        return "INFO", f"diagnostic buffer: cycle time max {w.rng.randint(6, 14)}ms, min {w.rng.randint(2, 4)}ms", {
            "instance": plc}
    if roll < 0.9:
        return "INFO", f"OPC UA server: {w.rng.randint(1, 2)} sessions, {w.rng.randint(40, 60)} monitored items/session", {
            "instance": plc}
    return "WARN", (f"diagnostic buffer: PROFINET IO device ET200SP station {w.rng.randint(3, 14)}: station return "
                    "(short interruption)"), {"instance": plc}


METERS = {"mbgw-weld-01": ["EM-WELD-01", "EM-WELD-02"], "mbgw-paint-01": ["EM-PT-01", "EM-PT-02", "EM-PT-03"]}


def _modbus(w: WorldBuilder, t: dt.datetime) -> Line:
    if w.rng.random() < 0.3 and not _t("11:18") <= t < _t("12:49:40"):
        value = round(w.rng.uniform(290, 360), 2)
        hi, lo = _words(value)
        fixed = t >= _t("12:49:40")
        return "INFO", METER_POLL.format(profile="schneider_pm5560" if fixed else "acrel_dtsd1352",
                                         order="CDAB" if fixed else "ABCD", hi=lo if fixed else hi, lo=hi if fixed else lo,
                                         value=f"{value:.2f}"), {"instance": "mbgw-air-01"}
    gw = w.rng.choice(list(METERS))
    meter = w.rng.choice(METERS[gw])
    value = round(w.rng.uniform(120, 680), 2)
    hi, lo = _words(value)
    return "INFO", (f"poll {meter} unit={METERS[gw].index(meter) + 1} profile=acrel_dtsd1352 word_order=ABCD: P_total "
                    f"regs 3059-3060 = 0x{hi} 0x{lo} -> {value:.2f} kW"), {"instance": gw}


def _cmms(w: WorldBuilder, t: dt.datetime) -> Line:
    n = w.rng.randint(10, 99)
    if w.rng.random() < 0.5:
        return "INFO", (f"PM-20261217-00{n} completed by maint_{w.rng.choice(['gaoyu', 'lizhen', 'wangpei'])}: "
                        f"{w.rng.choice(['液压站滤芯更换', '焊枪电极修磨', '输送链润滑', '机器人零点校验'])}"), {"instance": "cmms-app-01"}
    return "INFO", f"spare part issued SP-{w.rng.randint(1000, 9999)} qty {w.rng.randint(1, 4)} to WO-20261217-00{n}", {
        "instance": "cmms-app-01"}


def _erp(w: WorldBuilder, t: dt.datetime) -> Line:
    vm = w.rng.choice(VMS["hr-erp"])
    roll = w.rng.random()
    if roll < 0.5:
        return "INFO", f"RFC Z_MES_WO_DOWNLOAD from hr-erp-bridge ok rows={w.rng.randint(0, 8)}", {"instance": vm}
    if roll < 0.85:
        return "INFO", f"IDoc {w.rng.randint(10**9, 10**10 - 1)} WMMBXY status 53 (posted)", {"instance": vm}
    return "WARN", f"short dump TIME_OUT in report ZPP_DAILY by user rpt_{w.rng.choice(['ming', 'fang'])} (background retry)", {
        "instance": vm}


def _tsdb(w: WorldBuilder, t: dt.datetime) -> Line:
    vm = w.rng.choice(VMS["hr-tsdb"])
    if w.rng.random() < 0.7:
        return "INFO", f"vnode {w.rng.randint(2, 40)} compaction done, {w.rng.randint(3, 40)} files merged", {"instance": vm}
    return "INFO", f"slow query {w.rng.uniform(1.1, 2.8):.1f}s: select avg(val) from energy_1m interval(15m)", {"instance": vm}


def _ot(w: WorldBuilder, t: dt.datetime) -> Line:
    switch = w.rng.choice(VMS["hr-ot-network"])
    if w.rng.random() < 0.6:
        return "INFO", (f"%ILPOWER-5-POWER_GRANTED: Interface Gi1/0/{w.rng.randint(20, 40)}: Power granted (IP camera)"), {
            "instance": switch}
    return "INFO", f"%DOT1X-5-SUCCESS: Authentication successful for client ({w.hex(4)}.{w.hex(4)}.{w.hex(4)}) on Gi1/0/{w.rng.randint(20, 40)}", {
        "instance": switch}


def _node(w: WorldBuilder, t: dt.datetime) -> Line:
    node = w.rng.choice(NODES)
    roll = w.rng.random()
    stamp = f"I1217 {t:%H:%M:%S}.{w.rng.randint(100000, 999999)}"
    if roll < 0.45:
        return "INFO", (f'kubelet[{w.rng.randint(1800, 2400)}]: {stamp} image_gc_manager.go:391] "Disk usage on image '
                        f'filesystem is below the low threshold" usage={w.rng.randint(31, 58)} lowThreshold=80'), {
            "instance": node}
    if roll < 0.8:
        return "INFO", f"systemd[1]: Started Session {w.rng.randint(1000, 9000)} of User root.", {"instance": node}
    return "INFO", (f"chronyd[{w.rng.randint(700, 900)}]: Selected source 10.10.0.1 (ntp.hengrui.local), offset "
                    f"{w.rng.uniform(-0.4, 0.4):.3f}ms"), {"instance": node}


def _facility(w: WorldBuilder, t: dt.datetime) -> Line:
    return "INFO", (f"UPS ups-dc-01: load {w.rng.randint(34, 41)}%, input 229V, battery runtime estimate "
                    f"{w.rng.randint(9, 14)} min (battery health degraded)"), {"instance": "ups-dc-01"}


NOISE = {
    "hr-mes": (_mes, 40), "hr-opcua-gateway": (_gateway, 60), "hr-andon": (_andon, 120), "hr-ems": (_ems, 150),
    "hr-vision-qc": (_vision, 45), "hr-qms": (_qms, 120), "hr-wms": (_wms, 50), "hr-agv-fleet": (_agv, 60),
    "hr-label-service": (_label, 60), "hr-erp-bridge": (_bridge, 110), "hr-trace": (_trace, 180), "hr-aps": (_aps, 900),
    "hr-tooling": (_tooling, 150), "hr-hmi-portal": (_hmi, 140), "hr-plc": (_plc, 300), "hr-modbus-gw": (_modbus, 180),
    "hr-cmms": (_cmms, 1500), "hr-erp": (_erp, 300), "hr-tsdb": (_tsdb, 600), "hr-ot-network": (_ot, 900),
    "hr-k8s-node": (_node, 420), "hr-facility": (_facility, 1800),
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


def _every(w: WorldBuilder, start: str, end: str | dt.datetime, low: int, high: int) -> list[dt.datetime]:
    """Moments from ``start`` to ``end``, ``low``–``high`` seconds apart."""
    stop = end if isinstance(end, dt.datetime) else w.at(end)
    moment, out = w.at(start), []
    while moment < stop:
        out.append(moment)
        moment += dt.timedelta(seconds=w.rng.randint(low, high), milliseconds=w.rng.randint(0, 999))
    return out


# --- Incident 1: the PLC firmware moves the OPC UA namespace ------------------------------------------
P2_TAGS = ("StrokeCounter", "CycleTime", "DieId", "PressForce", "MachineState", "SpmActual")


def press_namespace(w: WorldBuilder) -> None:
    gw, mes = "hr-opcua-gateway", "hr-mes"
    w.log(w.at("05:58:40.221"), "hr-cmms", "INFO", FW_WO, instance="cmms-app-01", trace=False, change="maintenance")
    w.log(w.at("06:02:51.004"), "hr-plc", "INFO", "diagnostic buffer: CPU RUN -> STOP (firmware update requested from "
          "TIA Portal V19 by maint_zhanglei)", instance="PLC-P2-1516", trace=False)
    w.log(w.at("06:03:02.610"), gw, "WARN", f"session to {P2_ENDPOINT} (PLC-P2-1516) lost: BadConnectionClosed, "
          "reconnecting every 10s", instance=GW_PRESS_POD, trace=False)
    w.log(w.at("06:08:14.332"), "hr-plc", "INFO", FW_DONE, instance="PLC-P2-1516", trace=False, change="firmware")
    w.log(w.at("06:09:02.118"), gw, "WARN", NS_CHANGED, instance=GW_PRESS_POD, trace=False)
    for moment in _every(w, "06:09:03", "09:58:30", 50, 130):
        w.log(moment, gw, "ERROR", BAD_NODE_ID.format(tag=w.rng.choice(P2_TAGS), ok=0), instance=GW_PRESS_POD,
              line="P2")
    w.log(w.at("06:31:20.900"), "hr-cmms", "INFO", "WO-20261217-0031 closed by maint_zhanglei: PLC-P2-1516 V3.1.0, "
          "line P2 restarted 06:31, trial strokes ok", instance="cmms-app-01", trace=False)
    pods_old, pods_new = ROLLOUTS[mes][0][1], ROLLOUTS[mes][1][1]
    for moment in _every(w, "06:18:30", "10:03:00", 240, 420):
        mins = int((moment - w.at("06:02:51")).total_seconds() // 60)
        w.log(moment, mes, "WARN", MES_STALL.format(shift=_shift(moment), mins=mins),
              instance=w.rng.choice(pods_old if moment < w.at("07:51") else pods_new), job="oee")
    for moment in _every(w, "07:05:00", "09:58:00", 900, 1500):
        w.log(moment, mes, "WARN", "work order WO-1000384551 line=P2 part=57300-HR-F status=RUNNING: reported qty "
              "unchanged for 30m (auto report from machine counter)", instance=w.rng.choice(pods_new if moment >= w.at("07:51")
                                                                                          else pods_old))
    w.log(w.at("07:42:10.515"), mes, "INFO", "prod_ctrl_lijun: 冲压二线班组长反馈 MES 看板 P2 产量从 6 点起不动，现场在正常生产"
          "（手工计数 1260 件）", instance="ops-console", trace=False)
    w.log(w.at("07:50:30.440"), mes, "INFO", MES_DEPLOY, instance=pods_new[0], change="deploy")
    _rolled(w, mes, "Started MesApplication in {s} seconds (process running for 28.7)",
            "Commencing graceful shutdown. Waiting for active requests to complete")
    w.log(w.at("09:41:33.207"), gw, "INFO", NS_BROWSE, instance="ops-console", trace=False)
    w.log(w.at("09:58:30.118"), gw, "INFO", NS_FIX, instance=GW_PRESS_POD, trace=False, change="config")
    w.log(w.at("09:58:40.602"), gw, "INFO", "line=P2 46/46 tags subscribed on " + P2_ENDPOINT + ", StrokeCounter=421517",
          instance=GW_PRESS_POD, trace=False)
    w.log(w.at("10:04:05.331"), mes, "INFO", MES_BACKFILL, instance=pods_new[1], job="oee")
    w.alert("OpcUaTagReadErrors", gw, "warning", w.at("06:12"), w.at("10:00"), "46",
            "P2 采集标签读取失败 46 个，超过阈值 0", namespace=NS, line="P2")
    w.alert("MesLineOutputStalled", mes, "critical", w.at("06:48"), w.at("10:06"), "0 件/小时",
            "冲压二线 P2 产量 0 件/小时，但线体状态为运行", namespace=NS, line="P2")


# --- Incident 2: the shift calendar's 24:00 ---------------------------------------------------------
SHIFT_LINES = ("P1", "P2", "WA-1", "WA-2", "PT", "GA")


def shift_calendar(w: WorldBuilder) -> None:
    aps, mes = "hr-aps", "hr-mes"
    for pod, at, who in ((CAL_POD, "02:00:05.412", f"CronJob {CAL_CRON}, schedule \"0 2 * * *\", job {CAL_JOB}"),
                         (CAL_RERUN_POD, "16:58:21.730", f"job {CAL_RERUN_JOB} created by plan_zhouyan")):
        start = w.at(at)
        w.log(start, aps, "INFO", f"calendar-publish start ({who}) source=shift_calendar_2026W51.xlsx uploaded by "
              "plan_zhouyan 2026-12-16 17:41", instance=pod, job="calendar-publish")
        w.log(start + dt.timedelta(seconds=1, milliseconds=120), aps, "WARN", CAL_SKIP, instance=pod, job="calendar-publish")
        w.log(start + dt.timedelta(seconds=2, milliseconds=16), aps, "INFO", CAL_PUBLISHED, instance=pod,
              job="calendar-publish")
    pods = ROLLOUTS[mes][1][1]
    w.log(w.at("15:30:12.090"), mes, "INFO", MES_CONFIG, instance=pods[2], change="config")
    w.log(w.at("16:00:00.210"), mes, "WARN", "shift changeover 16:00: next shift not found in calendar 2026-W51 for "
          "lines P1,P2,WA-1,WA-2,PT,GA; shift A closed, no shift opened", instance=pods[0], job="shift")
    for moment in _every(w, "16:00:03", REFERENCE, 8, 30):
        line = w.rng.choice(SHIFT_LINES)
        w.log(moment, mes, "ERROR", NO_SHIFT.format(line=line, station=w.rng.choice(LINES[line][1]), wo=_wo(w),
                                                     qty=w.rng.randint(6, 60)), instance=w.rng.choice(pods))
    w.log(w.at("16:21:40.118"), mes, "INFO", "mes_oncall_tangwei: SELECT * FROM shift_calendar WHERE day='2026-12-17' "
          "-> C 00:00-08:00, A 08:00-16:00 (B missing); last publish by hr-aps 02:00:07", instance="ops-console", trace=False)
    w.log(w.at("17:05:02.551"), mes, "INFO", "shift resolve retry: calendar 2026-W51 reloaded (published 16:58:23), "
          "still no shift for 2026-12-17T17:05", instance=pods[1], job="shift")
    w.alert("MesProductionReportRejected", mes, "critical", w.at("16:04"), None, "312 次/10分钟",
            "报工被拒 312 次/10分钟，超过阈值 20", namespace=NS)


# --- Incident 3: the compressor station's new meter ---------------------------------------------------
def meter_word_order(w: WorldBuilder) -> int:
    """The incident; returns the demand forecast the largest misread drove (the alert's and the series' figure)."""
    gw, ems = "hr-modbus-gw", "hr-ems"
    pods = ROLLOUTS[ems][1][1]
    w.log(w.at("10:40:20.330"), ems, "INFO", EMS_DEPLOY, instance=pods[0], change="deploy")
    _rolled(w, ems, "ems 3.6.2: uvicorn running on http://0.0.0.0:8080, meters loaded 142, ready in {s}s",
            "Shutting down: waiting for background tasks to complete")
    w.log(w.at("11:18:20.117"), "hr-cmms", "INFO", METER_WO, instance="cmms-app-01", trace=False, change="maintenance")
    reads: list[tuple[dt.datetime, float]] = []
    for moment in _every(w, "11:19:04", "12:49:40", 45, 75):
        value = round(w.rng.uniform(280, 360), 2)
        while not -1 < _swapped(value)[2] < MISREAD_MAX:  # the EMS drops what its float parser calls infinite
            value = round(w.rng.uniform(280, 360), 2)
        if reads and reads[-1][0] < w.at("11:29:30") <= moment:
            value = BIG_READING  # the misread that tips the 11:30 window
        low, high, read = _swapped(value)
        reads.append((moment, read))
        shown = f"{read:.2f}" if abs(read) >= 1 else f"{read:.3e}"
        w.log(moment, gw, "INFO", METER_POLL.format(profile="acrel_dtsd1352", order="ABCD", hi=low, lo=high, value=shown),
              instance="mbgw-air-01", trace=False)
        if not 0 <= read <= 1200:
            w.log(moment + dt.timedelta(milliseconds=4), gw, "WARN", f"EM-AIR-01 P_total {shown} kW outside plausible "
                  "range 0-1200 kW, forwarded with quality=UNCERTAIN", instance="mbgw-air-01", trace=False)

    def forecast(moment: dt.datetime) -> int:
        """The 15-min demand forecast: the plant's 6100 kW plus the meter's largest read of the window over 15."""
        window = [read for at, read in reads if moment - dt.timedelta(minutes=15) < at <= moment]
        return int(6100 + max([318.0, *window]) / 15)

    for moment in _every(w, "11:20:10", "12:49:40", 150, 260):
        level = "WARN" if forecast(moment) > 8000 else "INFO"
        w.log(moment, ems, level, f"demand window: 15-min demand forecast {forecast(moment)} kW (contract 8000 kW), "
              "EM-AIR-01 quality=UNCERTAIN", instance=w.rng.choice(pods), job="demand")
    shed_at = w.at("11:31:05.660")
    peak = forecast(shed_at)
    w.log(shed_at, ems, "WARN", SHED.format(forecast=peak, meter=f"{max(r for a, r in reads if a <= shed_at):.1f}"),
          instance=pods[0], job="demand")
    for moment in _every(w, "11:33:00", "12:36:00", 120, 200):
        p = interpolate([(w.at("11:31"), 0.61), (w.at("11:40"), 0.49), (w.at("12:00"), 0.46), (w.at("12:34"), 0.47),
                         (w.at("12:40"), 0.6)], moment)
        w.log(moment, ems, "WARN", f"air header pressure {p:.2f} MPa (low limit 0.55), compressors running C1 C2 "
              "(C3 C4 shed)", instance=w.rng.choice(pods), job="air")
    for moment in _every(w, "11:36:20", "12:41:00", 40, 110):
        line = w.rng.choice(["WA-1", "WA-2"])
        p = interpolate([(w.at("11:36"), 0.52), (w.at("12:00"), 0.46), (w.at("12:34"), 0.47), (w.at("12:41"), 0.55)], moment)
        w.log(moment, "hr-andon", "WARN", AIR_LOW.format(line=line, station=w.rng.choice(LINES[line][1]), p=p),
              instance=w.rng.choice(ROLLOUTS["hr-andon"][0][1]))
    w.log(w.at("12:34:12.004"), ems, "INFO", SHED_OFF, instance="ops-console", trace=False, change="ops")
    w.log(w.at("12:49:40.220"), gw, "INFO", METER_FIX, instance="mbgw-air-01", trace=False, change="config")
    w.alert("SiteMaxDemandExceeded", ems, "critical", w.at("11:31"), w.at("12:51"), f"{peak} kW",
            f"全厂 15 分钟需量预测 {peak} kW，超过合同需量 8000 kW，已自动卸载二级负荷", namespace=NS)
    w.alert("AirHeaderPressureLow", ems, "warning", w.at("11:37"), w.at("12:42"), "0.49 MPa",
            "空压站主管压力 0.49 MPa，低于 0.55 MPa", namespace=NS)
    w.alert("AndonAirPressureCalls", "hr-andon", "warning", w.at("11:40"), w.at("12:45"), "9",
            "焊装车间 AIR_PRESSURE_LOW 安灯 9 次/10分钟，超过阈值 3", namespace=NS)
    return peak


# --- Incident 4: the vision station's ring light --------------------------------------------------------
NG_RATIO = [(START, 1.1), (_t("13:04"), 1.2), (_t("13:06"), 6.9), (_t("13:12"), 8.4), (_t("13:30"), 14.8),
            (_t("13:50"), 19.6), (_t("14:05"), 22.1), (_t("14:12"), NG_PEAK), (_t("14:20"), 21.9), (_t("14:50"), 20.4),
            (_t("15:08"), 19.8), (_t("15:10"), 2.0), (_t("15:14"), 1.2), (REFERENCE, 1.0)]


def ring_light(w: WorldBuilder) -> None:
    vision, qms = "hr-vision-qc", "hr-qms"
    qms_pods = ROLLOUTS[qms][0][1]
    w.log(w.at("12:40:05.227"), qms, "INFO", QMS_CONFIG, instance=qms_pods[0], change="config")
    w.log(w.at("13:01:48.660"), "hr-cmms", "INFO", LIGHT_WO, instance="cmms-app-01", trace=False)
    w.log(w.at("13:04:12.118"), vision, "INFO", LIGHT_NEW, instance=VISION_L3_POD, trace=False)
    for moment in _every(w, "13:05:00", "15:08:20", 240, 360):
        w.log(moment, vision, "WARN", LUMA_DRIFT.format(luma=w.rng.uniform(168, 174)), instance=VISION_L3_POD,
              logger="stats")
    for moment in _every(w, "13:05:10", "15:08:20", 20, 50):
        ratio = interpolate(NG_RATIO, moment) / 100
        verdict = "NG class=SCRATCH" if w.rng.random() < ratio * 3.2 else "OK"
        score = w.rng.uniform(0.62, 0.81) if verdict != "OK" else w.rng.uniform(0.2, 0.45)
        w.log(moment, vision, "INFO", f"VQ-305 part=61200-HR-A sn={_sn(w, moment)} verdict={verdict} score={score:.2f} "
              f"took={w.ms(90, 200)}ms", instance=VISION_L3_POD)
    for moment in _every(w, "13:20:00", "15:12:00", 600, 900):
        w.log(moment, qms, "WARN", f"final inspection L3: NG rate {interpolate(NG_RATIO, moment):.1f}% in last 30 min "
              f"(SCRATCH 96%), lot L20261217{w.rng.randint(10, 30)} put on HOLD", instance=w.rng.choice(qms_pods))
    for moment in _every(w, "13:50:00", "15:30:00", 1200, 1800):
        checked = w.rng.randint(150, 260)
        w.log(moment, qms, "INFO", f"MRB re-inspection lot L20261217{w.rng.randint(10, 30)}: {checked - w.rng.randint(3, 9)} "
              f"of {checked} NG parts judged OK by inspector qe_liuna (no visible scratch)", instance=w.rng.choice(qms_pods))
    w.log(w.at("15:08:20.446"), vision, "INFO", LIGHT_FIX, instance=VISION_L3_POD, trace=False, change="config")
    w.alert("VisionRejectRateHigh", vision, "warning", w.at("13:12"), w.at("15:16"), NG_ALERT_VALUE,
            f"VQ-305 判废率 {NG_ALERT_VALUE}，超过阈值 5%", namespace=NS, station="VQ-305")
    w.alert("FinalInspectionNgHigh", qms, "warning", w.at("13:24"), w.at("15:20"), "13.1%",
            "三号线终检不良率 13.1%，超过阈值 5%", namespace=NS, line="L3")


# --- Incident 5: the AGV map version ---------------------------------------------------------------
PENDING = [(START, 4), (_t("07:38"), 6), (_t("07:46"), 9), (_t("08:00"), 41), (_t("08:20"), 78), (_t("08:40"), 109),
           (_t("09:00"), 133), (_t("09:10"), 144), (_t("09:12"), AGV_PEAK), (_t("09:14"), 143), (_t("09:33"), 131),
           (_t("09:40"), 62), (_t("09:50"), 12), (_t("10:00"), 7), (REFERENCE, 5)]


def agv_map(w: WorldBuilder) -> None:
    fleet, wms = "hr-agv-fleet", "hr-wms"
    leader = ROLLOUTS[fleet][0][1][0]
    w.log(w.at("07:20:10.442"), wms, "INFO", WMS_MERGE_CONFIG, instance=ROLLOUTS[wms][0][1][1], change="config")
    w.log(w.at("07:38:12.006"), fleet, "INFO", AGV_MAP, instance=leader, trace=False, change="map")
    wake = ["07:46:10", "07:49:55", "07:53:02", "07:58:40", "08:02:13", "08:06:37"]
    for agv, clock in zip(SLEEPERS, wake, strict=True):
        w.log(w.at(clock), fleet, "WARN", AGV_MISMATCH.format(agv=agv, bat=w.rng.randint(92, 100)), instance=leader,
              trace=False)
    for moment in _every(w, "07:47:00", "09:33:00", 120, 240):
        pending = int(interpolate(PENDING, moment))
        excluded = sum(1 for clock in wake if w.at(clock) <= moment)
        w.log(moment, fleet, "WARN", f"dispatch cycle: pending tasks={pending}, vehicles in dispatch {18 - excluded}/18 "
              f"(excluded {excluded}: MAP_VERSION_MISMATCH)", instance=leader, logger="dispatch")
    w.log(w.at("09:33:10.551"), fleet, "INFO", AGV_SYNC, instance=leader, trace=False, change="ops")
    for moment in _every(w, "07:50:00", "09:50:00", 25, 70):
        waited = int(interpolate([(w.at("07:50"), 9), (w.at("09:12"), 38), (w.at("09:40"), 31), (w.at("09:50"), 12)], moment))
        w.log(moment, wms, "WARN", f"material call MC{moment:%m%d}{w.rng.randint(1000, 9999)} line=GA station="
              f"{w.rng.choice(LINES['GA'][1])} part={w.rng.choice(PARTS[5:])} waiting for AGV {waited}m (fleet queue "
              f"{int(interpolate(PENDING, moment))})", instance=w.pod_at(ROLLOUTS[wms], moment))
    for moment in _every(w, "08:05:00", "09:45:00", 180, 420):
        w.log(moment, "hr-andon", "WARN", f"andon raised line=GA station={w.rng.choice(LINES['GA'][1])} "
              "reason=MATERIAL_SHORTAGE", instance=w.rng.choice(ROLLOUTS["hr-andon"][0][1]))
    w.alert("AgvTaskBacklogHigh", fleet, "warning", w.at("08:04"), w.at("09:48"), AGV_ALERT_VALUE,
            f"AGV 待执行任务 {AGV_ALERT_VALUE} 个，超过阈值 50", namespace=NS)
    w.alert("WmsMaterialCallOverdue", wms, "warning", w.at("08:10"), w.at("09:52"), "23",
            "叫料超时（>15 分钟）23 单，超过阈值 10", namespace=NS, line="GA")


# --- Incident 6: the OT switch port on the wrong VLAN -------------------------------------------------
def ot_vlan(w: WorldBuilder) -> None:
    label = "hr-label-service"
    w.log(w.at("09:50:40.118"), label, "INFO", LABEL_DEPLOY, instance=LABEL_PODS[0], change="deploy")
    _rolled(w, label, "label-service 3.4.0 listening on :8080, 9 printers registered, ready in {s}s",
            "received SIGTERM, draining print queue")
    w.log(w.at("10:41:52.330"), "hr-ot-network", "INFO", VLAN_CHANGE, instance="SW-OT-B2", trace=False, change="network")
    w.log(w.at("10:41:53.002"), "hr-ot-network", "INFO", "%SYS-5-CONFIG_I: Configured from console by netops_wangbin on "
          "vty0 (10.10.8.31)", instance="SW-OT-B2", trace=False)
    w.log(w.at("10:42:30.551"), "hr-k8s-node", "WARN", VLAN_LLDP, instance=BAD_NODE, trace=False)
    for moment in _every(w, "10:42:40", "11:33:00", 60, 200):
        w.log(moment, "hr-k8s-node", "WARN", f"kernel: neighbour: arp_cache: 10.30.{w.rng.choice([4, 5])}."
              f"{w.rng.randint(21, 29)} FAILED on ens2f1 (no reply)", instance=BAD_NODE, trace=False)
    for moment in _every(w, "10:42:35", "11:33:10", 15, 45):
        station = w.rng.choice(PACK_STATIONS)
        printer, ip = _printer(station)
        w.log(moment, label, "ERROR", PRINT_FAIL.format(job=w.rng.randint(100000, 999999), station=station, printer=printer,
                                                         ip=ip), instance=LABEL_BAD_POD)
    for moment in _every(w, "10:42:50", "11:33:10", 40, 100):
        w.log(moment, "hr-opcua-gateway", "ERROR", f"session to opc.tcp://10.30.4.{w.rng.randint(21, 24)}:4840 (PLC-PT-1518) "
              "reconnect failed: BadCommunicationError (dial tcp: connect: no route to host); line=PT tags stale",
              instance=GW_PAINT_POD, line="PT")
    w.log(w.at("11:04:12.330"), label, "INFO", "pack_lead_zhoumin: 包装 PK 区反馈约三分之一的箱标签打不出来，补打后有的能出",
          instance="ops-console", trace=False)
    w.log(w.at("11:26:40.902"), "hr-ot-network", "INFO", "netops_wangbin: show lldp neighbors SW-OT-B2 Gi1/0/14 -> "
          "hr-edge-node-03 ens2f1 (k8s edge node OT uplink, expects VLAN 30)", instance="SW-OT-B2", trace=False)
    w.log(w.at("11:33:10.118"), "hr-ot-network", "INFO", VLAN_FIX, instance="SW-OT-B2", trace=False, change="network")
    w.log(w.at("11:33:12.660"), "hr-k8s-node", "INFO", "lldpd[911]: ens2f1: neighbor SW-OT-B2 port Gi1/0/14 changed: "
          "port VLAN ID 40 -> 30", instance=BAD_NODE, trace=False)
    w.log(w.at("11:33:40.270"), "hr-opcua-gateway", "INFO", "session to opc.tcp://10.30.4.21:4840 (PLC-PT-1518) "
          "re-established, line=PT 46/46 tags subscribed", instance=GW_PAINT_POD, trace=False)
    w.alert("LabelPrintFailureRateHigh", label, "warning", w.at("10:46"), w.at("11:36"), "31.8%",
            "标签打印失败率 31.8%，超过阈值 5%", namespace=NS)
    w.alert("OpcUaSessionDown", "hr-opcua-gateway", "warning", w.at("10:45"), w.at("11:35"), "1",
            "涂装线 PT 的 OPC UA 会话断开", namespace=NS, line="PT")


# --- Incident 7: the customer's new box label ----------------------------------------------------------
BLOCKED = [(START, 2), (_t("14:18"), 3), (_t("14:22"), 8), (_t("14:39"), 40), (_t("14:50"), 71), (_t("15:05"), 102),
           (_t("15:20"), 131), (_t("15:26"), BLOCKED_PEAK), (_t("15:30"), 133), (_t("15:38"), 128), (_t("15:45"), 44),
           (_t("15:55"), 6), (REFERENCE, 3)]


def box_label(w: WorldBuilder) -> None:
    wms, label = "hr-wms", "hr-label-service"
    pods = ROLLOUTS[wms][1][1]
    w.log(w.at("14:05:30.772"), wms, "INFO", WMS_PDA_CONFIG, instance=pods[0], change="config")
    w.log(w.at("14:18:40.205"), label, "INFO", TEMPLATE, instance=LABEL_PODS[0], trace=False, change="template")
    for moment in _every(w, "14:21:05", "15:38:20", 20, 60):
        w.log(moment, wms, "ERROR", PARSE_ERROR.format(dock=f"D{w.rng.randint(1, 4)}", so=f"SO1217{w.rng.randint(100, 999)}",
                                                        pda=f"PDA-{w.rng.randint(10, 40):03d}", g=w.rng.randint(10, 99),
                                                        lot=f"{w.rng.randint(1, 9):02d}", qty=w.rng.choice([24, 36, 48])),
              instance=w.rng.choice(pods))
    for moment in _every(w, "14:30:00", "15:45:00", 480, 720):
        w.log(moment, wms, "WARN", f"outbound blocked: {int(interpolate(BLOCKED, moment))} shipments waiting for box scan "
              "(customer JF), truck slot D3 14:30 missed", instance=w.rng.choice(pods))
    w.log(w.at("15:38:20.604"), wms, "INFO", GS1_FIX, instance=pods[1], change="config")
    w.log(w.at("16:30:05.118"), label, "INFO", LABEL_DARKNESS, instance=LABEL_PODS[2], trace=False, change="config")
    w.alert("WmsOutboundBlocked", wms, "critical", w.at("14:39"), w.at("15:47"), BLOCKED_ALERT_VALUE,
            f"出库复核受阻的发货单 {BLOCKED_ALERT_VALUE} 单，超过阈值 30", namespace=NS)


# --- Incident 8: the unit of measure -------------------------------------------------------------------
def unit_of_measure(w: WorldBuilder) -> None:
    wms = "hr-wms"
    w.log(w.at("10:50:20.331"), wms, "INFO", WMS_DEPLOY, instance=ROLLOUTS[wms][1][1][0], change="deploy")
    _rolled(w, wms, "Started WmsApplication in {s} seconds (process running for 33.0)",
            "Commencing graceful shutdown. Waiting for active requests to complete")
    w.log(w.at("11:02:31.226"), "hr-erp", "INFO", UOM_CHANGE, instance="s4p-app-01", trace=False, change="masterdata")
    w.log(w.at("11:10:04.118"), "hr-erp-bridge", "INFO", UOM_SYNC, instance=ROLLOUTS["hr-erp-bridge"][0][1][0],
          job="matmas")
    pods = ROLLOUTS[wms][1][1]
    on_hand = 54.0  # the bin's 10800 EA read as BOX of 200 after the unit change; each backflush (in EA) books BOX
    for moment in _every(w, "11:12:00", "12:38:00", 60, 150):
        qty = w.rng.choice([24, 36, 48])
        on_hand -= qty
        w.log(moment, wms, "INFO" if on_hand >= 0 else "WARN",
              f"backflush from hr-mes wo={_wo(w)} material=90210-M8 qty={qty} unit=BOX (master) at LS-WA2 -> on hand "
              f"{on_hand:.0f} BOX", instance=w.rng.choice(pods))
        if on_hand < 0:
            w.log(moment + dt.timedelta(milliseconds=40), wms, "ERROR", f"negative stock: 90210-M8 at LS-WA2 on hand "
                  f"{on_hand:.0f} BOX", instance=w.rng.choice(pods))
    for moment in _every(w, "11:25:00", "12:44:00", 150, 300):
        w.log(moment, wms, "ERROR", REPLENISH_REJECTED.format(rpl=f"RPL{moment:%m%d}{w.rng.randint(100, 999)}",
                                                              qty=w.rng.randint(400, 1600)), instance=w.rng.choice(pods))
    for moment in _every(w, "11:40:00", "12:40:00", 600, 900):
        w.log(moment, "hr-andon", "WARN", f"andon raised line=WA-2 station={w.rng.choice(LINES['WA-2'][1])} "
              "reason=MATERIAL_SHORTAGE part=90210-M8", instance=ROLLOUTS["hr-andon"][0][1][0])
    w.log(w.at("12:38:10.551"), "hr-erp", "INFO", UOM_REVERT, instance="s4p-app-01", trace=False, change="masterdata")
    w.log(w.at("12:44:02.330"), wms, "INFO", "stock correction LS-WA2 90210-M8 set to 9600 EA by wh_lead_yangfan "
          "(physical count), replenishments released", instance=pods[0], change="data")
    w.alert("WmsNegativeStock", wms, "warning", w.at("11:21"), w.at("12:46"), "1 bin",
            "线边库出现负库存：1 个库位", namespace=NS)


# --- Incident 9: the BOM revision not released ----------------------------------------------------------
def bom_revision(w: WorldBuilder) -> None:
    bridge = "hr-erp-bridge"
    pods = ROLLOUTS[bridge][1][1]
    w.log(w.at("12:45:30.228"), bridge, "INFO", BRIDGE_DEPLOY, instance=pods[0], change="deploy")
    _rolled(w, bridge, "Started ErpBridgeApplication in {s} seconds (process running for 22.4)",
            "Commencing graceful shutdown. Waiting for active requests to complete")
    w.log(w.at("13:00:02.551"), "hr-erp", "INFO", ECN, instance="s4p-app-02", trace=False, change="ecn")
    moment = w.at("13:05:01.120")
    while moment < w.at("14:28"):
        for wo in range(w.rng.randint(1, 2)):
            w.log(moment + dt.timedelta(milliseconds=300 * wo), bridge, "ERROR",
                  WO_SKIPPED.format(wo=f"10003847{w.rng.randint(10, 40)}", qty=w.rng.choice([600, 800, 1200])),
                  instance=pods[0], job="wo-download")
        moment += dt.timedelta(minutes=5, milliseconds=w.rng.randint(0, 900))
    for moment in _every(w, "13:36:10", "14:31:00", 300, 600):
        w.log(moment, "hr-mes", "WARN", "line P1: no released work order in queue after WO-1000384602 completed, line idle",
              instance=w.rng.choice(ROLLOUTS["hr-mes"][1][1]))
    w.log(w.at("14:26:40.118"), "hr-erp", "INFO", BOM_RELEASE, instance="s4p-app-02", trace=False, change="masterdata")
    w.log(w.at("14:30:01.702"), bridge, "INFO", "work order download: 6 orders of material 57100-HR-B line=P1 (rev D) "
          "sent to hr-mes", instance=pods[0], job="wo-download")
    w.alert("ErpWorkOrderSyncFailed", bridge, "warning", w.at("13:10"), w.at("14:31"), "6 orders",
            "工单下发失败 6 单，超过阈值 0", namespace=NS)


# --- Incident 10: the rollup policy's 72m ----------------------------------------------------------
def rollup_policy(w: WorldBuilder) -> None:
    tsdb, trace = "hr-tsdb", "hr-trace"
    w.log(w.at("01:38:44.330"), tsdb, "INFO", ROLLUP_CHANGE, instance="tsdb-01", trace=False, change="config")
    for hour in range(17):
        at = w.at(f"{hour:02d}:05:00") + dt.timedelta(milliseconds=w.rng.randint(0, 900))
        if at > REFERENCE:
            break
        if 2 <= hour <= 14:
            cutoff = at - dt.timedelta(minutes=72)
            rows = 4.1 if hour == 2 else w.rng.uniform(0.9, 1.6)
        else:
            cutoff = at - dt.timedelta(days=7)
            rows = w.rng.uniform(0.3, 0.5)
        w.log(at, tsdb, "INFO", f"rollup run torque_raw -> torque_1m: raw older than {cutoff:%Y-%m-%dT%H:%M} dropped, "
              f"{rows:.1f}M rows deleted, took {w.rng.randint(20, 90)}s", instance="tsdb-01", trace=False, job="rollup")
    pods = ROLLOUTS[trace][1][1]
    w.log(w.at("13:20:30.118"), trace, "INFO", TRACE_DEPLOY, instance=pods[0], change="deploy")
    _rolled(w, trace, "Started TraceApplication in {s} seconds (process running for 19.8)",
            "Commencing graceful shutdown. Waiting for active requests to complete")
    for moment in _every(w, "13:31:00", "15:20:00", 40, 120):
        tightened = w.at("06:10") + dt.timedelta(minutes=w.rng.randint(0, 380))
        w.log(moment, trace, "ERROR", CURVE_MISSING.format(sn=_sn(w, tightened), station=w.rng.choice(LINES["GA"][1]),
                                                           when=f"{tightened:%H:%M}"), instance=w.rng.choice(pods))
    w.log(w.at("14:31:20.660"), trace, "INFO", "qe_sunyue: 吉峰汽车 8D 追溯需要今天早班的拧紧曲线，系统里只剩 1 分钟均值",
          instance="ops-console", trace=False)
    w.log(w.at("14:47:05.331"), tsdb, "INFO", ROLLUP_REVERT, instance="tsdb-01", trace=False, change="config")
    w.alert("TraceQueryFailureRateHigh", trace, "warning", w.at("13:36"), w.at("15:22"), "42%",
            "追溯查询失败率 42%，超过阈值 10%", namespace=NS)


# --- Healthy services' changes, the unrelated alerts --------------------------------------------------
def other_changes(w: WorldBuilder) -> None:
    tooling = "hr-tooling"
    w.log(w.at("09:15:30.702"), tooling, "INFO", TOOLING_DEPLOY, instance=ROLLOUTS[tooling][1][1][0], change="deploy")
    _rolled(w, tooling, "Started ToolingApplication in {s} seconds (process running for 18.2)",
            "Commencing graceful shutdown. Waiting for active requests to complete")
    w.log(w.at("13:40:10.415"), "hr-hmi-portal", "INFO", HMI_CONFIG, instance=ROLLOUTS["hr-hmi-portal"][0][1][0],
          change="config")
    w.alert("UpsBatteryEndOfLife", "hr-facility", "warning", dt.datetime(2026, 12, 16, 21, 10, tzinfo=TZ), None,
            "runtime 11 min", UPS_SUMMARY, instance="ups-dc-01")
    w.log(w.at("01:00:00.418"), "hr-erp", "INFO", "job MRP_NIGHTLY (RMMRP000) started for plant 1000, 18244 materials",
          instance="s4p-app-01", trace=False, job="mrp")
    w.log(w.at("01:47:12.730"), "hr-erp", "INFO", "job MRP_NIGHTLY finished: 3120 planned orders, 412 purchase "
          "requisitions, 47m12s", instance="s4p-app-01", trace=False, job="mrp")
    w.alert("HostCpuHigh", "hr-erp", "warning", w.at("01:10"), w.at("01:48"), "93.4%",
            "s4p-app-01 CPU 93.4%，超过阈值 85%（夜间 MRP）", instance="s4p-app-01")


# --- Kubernetes state at 17:20 -------------------------------------------------------------------------
#: (service, revision, rolled out, change cause, image tag) of every Deployment
STEADY = (
    ("hr-mes", 88, "2026-12-17T07:50:30+08:00", "release hr-mes 5.14.0 (pipeline #2281)", "5.14.0"),
    ("hr-opcua-gateway", 31, "2026-12-02T21:30:00+08:00", "release hr-opcua-gateway 2.6.3", "2.6.3"),
    ("hr-andon", 17, "2026-11-20T20:00:00+08:00", "release hr-andon 1.12.0", "1.12.0"),
    ("hr-ems", 26, "2026-12-17T10:40:20+08:00", "release hr-ems 3.6.2 (pipeline #2290)", "3.6.2"),
    ("hr-vision-qc", 42, "2026-12-10T22:00:00+08:00", "release hr-vision-qc 4.2.0 (scratch-seg-v12)", "4.2.0"),
    ("hr-qms", 39, "2026-12-08T21:00:00+08:00", "release hr-qms 2.9.4", "2.9.4"),
    ("hr-wms", 64, "2026-12-17T10:50:20+08:00", "release hr-wms 4.9.0 (pipeline #2284)", "4.9.0"),
    ("hr-agv-fleet", 22, "2026-12-05T20:30:00+08:00", "release hr-agv-fleet 6.1.2", "6.1.2"),
    ("hr-label-service", 35, "2026-12-17T09:50:40+08:00", "release hr-label-service 3.4.0 (pipeline #2276)", "3.4.0"),
    ("hr-erp-bridge", 29, "2026-12-17T12:45:30+08:00", "release hr-erp-bridge 2.7.1 (pipeline #2288)", "2.7.1"),
    ("hr-trace", 18, "2026-12-17T13:20:30+08:00", "release hr-trace 1.8.0 (pipeline #2289)", "1.8.0"),
    ("hr-aps", 11, "2026-11-28T20:00:00+08:00", "release hr-aps 1.5.0", "1.5.0"),
    ("hr-tooling", 15, "2026-12-17T09:15:30+08:00", "release hr-tooling 2.3.1 (pipeline #2279)", "2.3.1"),
    ("hr-hmi-portal", 9, "2026-11-25T20:00:00+08:00", "release hr-hmi-portal 1.4.2", "1.4.2"),
)
CAL_JOBS = tuple(job_name(CAL_CRON, dt.datetime(2026, 12, d, 2, 0, tzinfo=TZ)) for d in (15, 16, 17))


def k8s_state(w: WorldBuilder) -> None:
    for service, revision, changed, cause, tag in STEADY:
        pods = ROLLOUTS[service][-1][1]
        for pod in pods:
            w.pod(namespace=NS, name=pod, service=service, phase="Running", ready="1/1", restarts=0, last_termination=None,
                  waiting_reason=None, node=node_of(pod), observed_at=REFERENCE)
        w.deployment(namespace=NS, name=service, service=service, replicas=len(pods), ready=len(pods), available=len(pods),
                     image=f"harbor.hengrui.local/plant/{service}:{tag}", revision=revision,
                     changed_at=dt.datetime.fromisoformat(changed), change_cause=cause,
                     conditions=[condition("Available", "True", "MinimumReplicasAvailable",
                                           "Deployment has minimum availability."),
                                 condition("Progressing", "True", "NewReplicaSetAvailable",
                                           f'ReplicaSet "{pods[0].rsplit("-", 1)[0]}" has successfully progressed.')],
                     observed_at=REFERENCE)
    # The calendar CronJob keeps its last three jobs, and the planner's manual rerun: the job pods, Succeeded.
    for job in (*CAL_JOBS, CAL_RERUN_JOB):
        pod = job_pod(job)
        started = w.at("16:58:20") if job == CAL_RERUN_JOB else dt.datetime.fromtimestamp(
            int(job.rsplit("-", 1)[1]) * 60, tz=TZ)
        w.pod(namespace=NS, name=pod, service="hr-aps", phase="Succeeded", ready="0/1", restarts=0,
              last_termination=termination("Completed", 0, started + dt.timedelta(seconds=w.rng.randint(4, 9))),
              waiting_reason=None, node=node_of(pod), observed_at=REFERENCE)
    # Events are what the API server keeps (TTL 1 h): the 16:58 rerun of the calendar job.
    pod = CAL_RERUN_POD
    at = w.at("16:58:20")
    image = "harbor.hengrui.local/plant/hr-aps:1.5.0"
    for kind, reason, message, delay in (
        (f"Job/{CAL_RERUN_JOB}", "SuccessfulCreate", f"Created pod: {pod}", 0),
        (f"Pod/{pod}", "Scheduled", f"Successfully assigned {NS}/{pod} to {node_of(pod)}", 0),
        (f"Pod/{pod}", "Pulled", f'Container image "{image}" already present on machine', 1),
        (f"Pod/{pod}", "Created", "Created container calendar-publish", 1),
        (f"Pod/{pod}", "Started", "Started container calendar-publish", 1),
        (f"Job/{CAL_RERUN_JOB}", "Completed", "Job completed", 6),
    ):
        moment = at + dt.timedelta(seconds=delay)
        w.event(type="Normal", reason=reason, object=kind, message=message, count=1, first_seen=moment, last_seen=moment)


# --- Metrics --------------------------------------------------------------------------------------------
def build_metrics(w: WorldBuilder, demand_peak: int) -> None:
    at = w.at
    early = [(at("05:50"), at("10:20"))]
    morning = [(at("07:30"), at("10:10"))]
    midday = [(at("10:30"), at("13:00"))]
    afternoon = [(at("12:50"), at("15:50"))]
    late = [(at("15:50"), REFERENCE)]
    w.series("mes_line_output_per_hour", "hr-mes", "件/小时",
             [(START, 410), (at("06:00"), 402), (at("06:03"), 0), (at("10:04"), 0), (at("10:05"), 436), (REFERENCE, 428)],
             start=START, fine=early, spread=6, digits=0, line="P2")
    w.series("opcua_tag_read_errors", "hr-opcua-gateway", "个",
             [(START, 0), (at("06:08"), 0), (at("06:09"), 46), (at("09:58"), 46), (at("09:59"), 0), (REFERENCE, 0)],
             start=START, fine=early, digits=0, threshold=1, line="P2")
    w.series("mes_report_rejected_per_10m", "hr-mes", "次",
             [(START, 0), (at("16:00"), 0), (at("16:04"), 188), (at("16:10"), 312), (at("16:40"), 334), (at("17:00"), 321),
              (REFERENCE, 329)], start=START, fine=late, spread=4, digits=0, threshold=20)
    w.series("ems_demand_forecast_kw", "hr-ems", "kW",
             [(START, 5400), (at("08:00"), 6300), (at("11:19"), 6450), (at("11:30"), demand_peak),
              (at("12:49"), demand_peak), (at("12:51"), 6380), (REFERENCE, 6200)], start=START, fine=midday, spread=40,
             digits=0, threshold=8000)
    w.series("air_header_pressure_mpa", "hr-ems", "MPa",
             [(START, 0.62), (at("11:31"), 0.61), (at("11:40"), 0.49), (at("12:00"), 0.46), (at("12:34"), 0.47),
              (at("12:40"), 0.6), (REFERENCE, 0.62)], start=START, fine=midday, spread=0.005, digits=2)
    w.series("vision_ng_ratio", "hr-vision-qc", "%", NG_RATIO, start=START, fine=afternoon, spread=0.2, digits=1,
             threshold=5, station="VQ-305")
    w.series("vision_mean_luma", "hr-vision-qc", "",
             [(START, 118.0), (at("13:04"), 118.4), (at("13:05"), 171.2), (at("15:08"), 170.8), (at("15:09"), 120.6),
              (REFERENCE, 120.2)], start=START, fine=afternoon, spread=0.8, digits=1, station="VQ-305")
    w.series("final_inspection_ng_ratio", "hr-qms", "%",
             [(START, 1.0), (at("13:05"), 1.1), (at("13:20"), 6.2), (at("13:24"), 13.1), (at("14:10"), 18.4),
              (at("15:08"), 17.9), (at("15:20"), 1.4), (REFERENCE, 1.0)], start=START, fine=afternoon, spread=0.2,
             digits=1, threshold=5, line="L3")
    w.series("agv_tasks_pending", "hr-agv-fleet", "个", PENDING, start=START, fine=morning, spread=0.8, digits=0,
             threshold=50)
    w.series("agv_vehicles_in_dispatch", "hr-agv-fleet", "台",
             [(START, 18), (at("07:45"), 18), (at("07:46"), 17), (at("08:07"), 12), (at("09:33"), 12), (at("09:34"), 18),
              (REFERENCE, 18)], start=START, fine=morning, digits=0)
    w.series("label_print_failure_ratio", "hr-label-service", "%",
             [(START, 0.3), (at("10:42"), 0.3), (at("10:44"), 31.8), (at("11:10"), 33.5), (at("11:33"), 32.9),
              (at("11:35"), 0.4), (REFERENCE, 0.3)], start=START, fine=midday, spread=0.4, digits=1, threshold=5)
    w.series("node_ot_gateway_reachable", "hr-k8s-node", "",
             [(START, 1), (at("10:42"), 1), (at("10:43"), 0), (at("11:33"), 0), (at("11:34"), 1), (REFERENCE, 1)],
             start=START, fine=midday, digits=0, instance=BAD_NODE, device="ens2f1")
    w.series("node_ot_gateway_reachable", "hr-k8s-node", "", [(START, 1), (REFERENCE, 1)], start=START, fine=midday,
             digits=0, instance="hr-edge-node-02", device="ens2f1")
    w.series("wms_outbound_orders_blocked", "hr-wms", "单", BLOCKED, start=START, fine=afternoon, spread=0.8, digits=0,
             threshold=30)
    w.series("wms_negative_stock_bins", "hr-wms", "个",
             [(START, 0), (at("11:14"), 0), (at("11:15"), 1), (at("12:44"), 1), (at("12:45"), 0), (REFERENCE, 0)],
             start=START, fine=midday, digits=0, threshold=0.5)
    w.series("erp_wo_download_failures", "hr-erp-bridge", "单",
             [(START, 0), (at("13:04"), 0), (at("13:05"), 1), (at("13:40"), 4), (at("14:25"), 6), (at("14:30"), 0),
              (REFERENCE, 0)], start=START, fine=afternoon, digits=0, threshold=0.5)
    w.series("trace_query_failure_ratio", "hr-trace", "%",
             [(START, 0.2), (at("13:30"), 0.3), (at("13:36"), 42.0), (at("14:30"), 47.5), (at("15:20"), 39.0),
              (at("15:22"), 0.5), (REFERENCE, 0.3)], start=START, fine=afternoon, spread=0.5, digits=1, threshold=10)
    w.series("tsdb_torque_raw_retained_hours", "hr-tsdb", "h",
             [(START, 168.0), (at("02:04"), 168.0), (at("02:05"), 1.2), (at("14:47"), 1.2), (at("14:48"), 1.9),
              (REFERENCE, 4.4)], start=START, fine=[(at("01:30"), at("02:30")), (at("14:30"), at("15:00"))], digits=1)
    for service, p99, threshold in (("hr-tooling", 80, 800), ("hr-hmi-portal", 120, 1000)):
        w.series("http_5xx_ratio", service, "%", [(START, 0.03), (at("08:10"), 0.18), (at("09:00"), 0.06),
                                                  (REFERENCE, 0.04)], start=START, spread=0.02, digits=2, threshold=2)
        w.series("http_p99_latency", service, "ms", [(START, p99 - 20), (at("08:10"), p99 + 140), (at("09:00"), p99 + 20),
                                                     (REFERENCE, p99)], start=START, spread=10, digits=0,
                 threshold=threshold)


# --- Runbooks (the plant IT wiki's pages, as the team wrote them) ------------------------------------------
RUNBOOKS: list[tuple[str, str, str]] = [
    ("runbooks/iiot/opcua-tag-errors.md", "OPC UA 采集标签读取失败排查手册", runbook(
        "OPC UA 采集标签读取失败排查手册", "适用于 hr-opcua-gateway 某条线标签读取失败、MES 看板产量不动。",
        ["OpcUaTagReadErrors：某条线的标签读取失败数大于 0", "MesLineOutputStalled：线体运行但 MES 产量为 0"],
        ["看网关日志里失败的 node id 与状态码：BadNodeIdUnknown 是地址找不到，BadCommunicationError 是网络不通。",
         "用 opcua-cli browse 对比 PLC 当前的 NamespaceArray 与 tag map 里写的 ns 序号。",
         "查 CMMS 与 PLC 诊断缓冲区：同一时间有没有固件升级、程序下载。"],
        ["PLC 固件升级或启用新的 companion specification 后命名空间序号（ns index）变化，tag map 写死了数字序号。",
         "PLC 程序改了 DB 名或变量名。", "OT 网络不通、PLC 的 OPC UA 会话数达到上限。"],
        ["tag map 改用命名空间 URI（nsu=...）而不是数字 ns 序号，重载网关配置。",
         "MES 按 PLC 计数差值回补停采期间的产量。", "固件升级纳入变更评审，升级后做一次标签全量校验。"])),
    ("runbooks/mes/report-rejected.md", "MES 报工失败排查手册", runbook(
        "MES 报工失败排查手册", "适用于 hr-mes 报工被拒、班组长无法报工。",
        ["MesProductionReportRejected：报工被拒次数超过阈值"],
        ["看拒绝原因码：NO_ACTIVE_SHIFT、WO_NOT_RUNNING、QTY_EXCEEDED。",
         "NO_ACTIVE_SHIFT：查 MES 当天的班次日历，以及 hr-aps calendar-publish 任务的发布日志（有没有跳过的行）。",
         "核对计划员上传的周历 Excel。"],
        ["班次日历缺班：周历里时间写法不合法（例如 24:00）被发布任务跳过。", "工单未开工或已关闭。",
         "报工数量超过工单计划数。"],
        ["修正周历 Excel（跨零点的结束时间写 00:00）后重新执行 calendar-publish。",
         "紧急时由 MES 管理员在后台手工补建当班班次，再让班组长补报工。"])),
    ("runbooks/energy/demand-control.md", "需量超限与自动卸载处理手册", runbook(
        "需量超限与自动卸载处理手册", "适用于 hr-ems 需量预测超过合同需量、自动卸载负荷。",
        ["SiteMaxDemandExceeded：15 分钟需量预测超过 8000 kW", "AirHeaderPressureLow：空压站主管压力低于 0.55 MPa"],
        ["看是哪块表把需量推高：单表读数是否合理（空压站总表正常 280-360 kW）。",
         "看 hr-modbus-gw 该表的原始寄存器和 profile、word_order；查 CMMS 最近有没有换表。",
         "确认自动卸载卸了哪些负荷，对生产的影响（空压机停机会导致气压低）。"],
        ["换表后型号不同，float32 的字序（ABCD / CDAB）与网关 profile 不一致，读数变成极大或极小的乱值。",
         "电表通讯故障、CT 变比配置错误。", "真实的用电高峰（多台大设备同时启动）。"],
        ["读数异常时先关闭自动卸载并恢复被卸载的设备。", "把网关里该表的 profile 改成新表型号（正确的 word_order）。",
         "换表工单增加“核对网关配置”步骤。"])),
    ("runbooks/quality/vision-false-reject.md", "视觉检测误判（过判）排查手册", runbook(
        "视觉检测误判（过判）排查手册", "适用于 hr-vision-qc 某工位判废率突增、复判多为良品。",
        ["VisionRejectRateHigh：工位判废率超过 5%", "FinalInspectionNgHigh：终检不良率超过 5%"],
        ["确认是单个工位还是多个工位；看该工位的 image stats（mean_luma）与配方参考值。",
         "查 CMMS：相机、镜头、光源最近有没有更换；光源控制器的亮度是否为配方值。",
         "抽取 NG 图片人工复判。"],
        ["光源更换后亮度、色温与配方不一致，图像整体变亮，模型把反光判成划伤。", "镜头脏污、相机松动导致失焦。",
         "来料表面处理变化。"],
        ["把光源亮度恢复为配方值并重新示教参考图。", "被冻结批次走 MRB 复判放行。", "光源更换后必须由视觉工程师做点检。"])),
    ("runbooks/logistics/agv-dispatch.md", "AGV 配送延迟与叫料超时处理手册", runbook(
        "AGV 配送延迟与叫料超时处理手册", "适用于叫料长时间无车配送、线边缺料。",
        ["AgvTaskBacklogHigh：待执行任务超过 50", "WmsMaterialCallOverdue：叫料超时单数超过阈值"],
        ["看调度日志里在线可调度车辆数与被排除的原因。", "查最近的地图发布记录，核对各车地图版本。",
         "看是否有大量车辆在充电或故障。"],
        ["地图发布时部分车辆离线（充电休眠），唤醒后地图版本不一致被排除出调度。", "充电策略不当，大量车同时充电。",
         "通道被占用、障碍物。"],
        ["对地图版本不一致的车辆强制同步地图。", "地图发布前确认全部车辆在线，或在交接班低峰发布。"])),
    ("runbooks/infra/ot-network.md", "边缘节点 OT 网络不通处理手册", runbook(
        "边缘节点 OT 网络不通处理手册", "适用于部分 Pod 访问 OT 网段（PLC、打印机）失败而其他副本正常。",
        ["LabelPrintFailureRateHigh、OpcUaSessionDown"],
        ["把失败的 Pod 按节点聚合（kubectl get pod -o wide），看是否都在同一个节点。",
         "在节点上看 ens2f1 的 LLDP 邻居与端口 VLAN、ARP 是否 FAILED。", "查 OT 交换机最近的配置变更（syslog CONFIG_I）。"],
        ["交换机端口 VLAN 被改错（跳线整理、批量配置）。", "网线或光模块故障。", "OT 防火墙策略变更。"],
        ["把端口恢复到 OT VLAN 30。", "止血：cordon 节点并把相关 Pod 调度到其他节点。",
         "批量改端口前核对 LLDP 邻居，边缘节点端口加描述。"])),
    ("runbooks/wms/outbound-scan.md", "出库复核扫码失败处理手册", runbook(
        "出库复核扫码失败处理手册", "适用于 hr-wms 出库复核扫描箱标签失败、发货单积压。",
        ["WmsOutboundBlocked：出库复核受阻的发货单超过阈值"],
        ["看失败的条码原文：是否是新格式（GS1 应用标识符、]d2 前缀）。", "查 hr-label-service 最近的模板发布记录。",
         "核对客户标签规范的生效日期。"],
        ["标签模板按客户新规范改成 GS1 DataMatrix，WMS 解析器仍只认旧格式。", "打印质量差（碳带、浓度）导致无法识读。",
         "PDA 扫描头未开启对应码制。"],
        ["开启 WMS 的 GS1 解析（wms.scan.parser.gs1.enabled）或回退模板版本。", "模板变更需通知 WMS 并联调。"])),
    ("runbooks/wms/negative-stock.md", "线边库负库存与补料被拒处理手册", runbook(
        "线边库负库存与补料被拒处理手册", "适用于线边库位出现负库存、补料单被拒 INSUFFICIENT_STOCK。",
        ["WmsNegativeStock：线边库出现负库存"],
        ["看反冲扣料的数量与单位是否与物料主数据一致。", "查 ERP 物料主数据最近的变更（基本计量单位）。",
         "盘点线边实物。"],
        ["物料主数据的基本计量单位被修改（EA 改为 BOX），MES 反冲仍按件扣，WMS 按箱记账。", "BOM 用量错误。",
         "未及时做退料、调拨。"],
        ["恢复基本计量单位，采购单位作为辅助单位维护。", "按实物盘点结果修正线边库存后放行补料。"])),
    ("runbooks/erp/work-order-download.md", "ERP 工单下发失败处理手册", runbook(
        "ERP 工单下发失败处理手册", "适用于 hr-erp-bridge 下载工单失败、产线无工单。",
        ["ErpWorkOrderSyncFailed：工单下发失败"],
        ["看失败原因码：BOM_REV_NOT_RELEASED、ROUTING_MISSING、MATERIAL_BLOCKED。",
         "查 ERP 里该物料的 ECN 与 BOM 版本状态、生效日期。"],
        ["ECN 生效日期已到但新版 BOM 仍在审核（未发布）。", "工艺路线缺失。", "物料被冻结。"],
        ["工程部加急发布 BOM 新版本，或把 ECN 生效日期顺延。", "紧急时由计划员按旧版本手工下达工单。"])),
    ("runbooks/trace/torque-curve-missing.md", "追溯查询缺少拧紧曲线处理手册", runbook(
        "追溯查询缺少拧紧曲线处理手册", "适用于 hr-trace 查询不到原始拧紧曲线。",
        ["TraceQueryFailureRateHigh：追溯查询失败率超过 10%"],
        ["看缺失曲线的拧紧时间段。", "查 hr-tsdb 的 rollup policy（keep_raw）与每小时 rollup 任务删除了多少原始数据。",
         "确认 torque_1m 汇总数据是否完整。"],
        ["原始数据保留期被改短，rollup 删除了原始曲线。", "采集中断，原始曲线未写入。"],
        ["恢复 keep_raw 保留期；已删除的原始曲线无法恢复，用 torque_1m 与拧紧枪本地记录补充追溯报告。",
         "保留期配置变更需双人复核。"])),
    ("runbooks/label/printer-media.md", "标签打印机缺纸、碳带用尽处理手册", runbook(
        "标签打印机缺纸、碳带用尽处理手册", "适用于单台打印机暂停、报 media out / ribbon out。",
        ["PrinterMediaOut"], ["看打印机状态：media、ribbon 余量。"], ["标签纸或碳带用尽。", "打印头未合上。"],
        ["更换碳带或标签纸后按 FEED 校准。"])),
    ("runbooks/wms/pda-wifi.md", "PDA 无法连接无线网络处理手册", runbook(
        "PDA 无法连接无线网络处理手册", "适用于仓库 PDA 掉线、扫码无响应。",
        ["PdaOfflineHigh"], ["看 AC 上的终端关联记录。"], ["AP 故障或漫游阈值不当。"],
        ["重新配对 AP 并调整漫游阈值。"])),
    ("runbooks/mes/slow-query.md", "MES 数据库慢查询处理手册", runbook(
        "MES 数据库慢查询处理手册", "适用于 MES 页面变慢、数据库 CPU 高。",
        ["MesDbCpuHigh"], ["看慢查询日志里执行次数最多的 SQL。"], ["缺少索引、统计信息过期。"],
        ["重建索引并更新统计信息。"])),
]


def build_bundle(seed: int = SEED) -> Json:
    w = WorldBuilder(seed=seed, day=DAY, tz=TZ, reference=REFERENCE, instances=INSTANCES,
                     labels={"env": "prod", "cluster": "hr-edge-prod", "plant": "HR-SZ-01"})
    for service, (make, every) in NOISE.items():
        w.noise(service, make, START, every_s=every)
    press_namespace(w)
    shift_calendar(w)
    demand_peak = meter_word_order(w)
    ring_light(w)
    agv_map(w)
    ot_vlan(w)
    box_label(w)
    unit_of_measure(w)
    bom_revision(w)
    rollup_policy(w)
    other_changes(w)
    k8s_state(w)
    build_metrics(w, demand_peak)
    documents = [{"title": title, "source": source, "content": content} for source, title, content in RUNBOOKS]
    return w.bundle(name="HengRui 恒锐智造 2026-12-17", services=SERVICES, documents=documents)


# --- Questions ---------------------------------------------------------------------------------
#: Each incident's own words: in another incident's answer, a misattribution.
FAMILY = {
    "plc": ("BadNodeIdUnknown", "NamespaceArray"),
    "calendar": ("end=24:00", "row 33"),
    "meter": ("word_order", "PM5560"),
    "light": ("OPT-RI15030-W", "intensity 255"),
    "agv": ("MAP_VERSION_MISMATCH", "map v42"),
    "vlan": ("vlan 40", "Gi1/0/14"),
    "template": ("OUT-JF-BOX v7", "LABEL_PARSE_ERROR"),
    "uom": ("EA -> BOX", "4500213377"),
    "bom": ("BOM_REV_NOT_RELEASED", "ECN-2026-1187"),
    "tsdb": ("keep_raw 7d -> 72m", "DATA-2026-0311"),
}
#: The remedies of the runbooks for problems that did not happen.
UNRELATED_REMEDIES = ("更换碳带", "重新配对", "重建索引")
FIRING = ("UpsBatteryEndOfLife", "MesProductionReportRejected")
INCIDENT_WORDS = tuple(word for words in FAMILY.values() for word in words)


def _not(*own: str, told: tuple[str, ...] = ()) -> tuple[str, ...]:
    """The other incidents' words, plus the unrelated runbooks' remedies — less ``told``: another incident's words the
    asked service itself logs (the label service prints the new template; the WMS logs the parse errors), which name
    no misattribution when an answer quotes them."""
    return tuple(word for family, words in FAMILY.items() if family not in own for word in words
                 if word not in told) + UNRELATED_REMEDIES


QUESTIONS: tuple[WorldQuestion, ...] = (
    WorldQuestion(
        "factory_mes_press_output_cause",
        "早上七点多 MES 看板上冲压二线的产量一直不动，OEE 也掉成 0 了，可现场明明在正常生产，MES 出啥问题了？", "cause",
        asked_facts=(fact("no counter update", "availability set to 0", "quality=BAD", "产量不动", "没有计数"),),
        cause_facts=(fact("BadNodeIdUnknown", "NamespaceArray", "ns=3", "命名空间"),
                     fact("V3.1.0", "固件", "firmware", "WO-20261217-0031")),
        forbidden=_not("plc"), service="hr-mes",
        diagnosis="06:08 维修在停线窗口（WO-20261217-0031）把冲压二线 PLC-P2-1516 的固件升到 V3.1.0，新固件默认启用 OPC 40001-1 "
                  "Machinery 命名空间，S7 命名空间从 ns=3 挪到 ns=4（NamespaceArray 变了）→ hr-opcua-gateway 的 tag map P2.yaml "
                  "写死了 ns=3，P2 的 46 个标签全部 BadNodeIdUnknown（只有负责冲压线的那个采集 Pod）→ MES 收不到 P2 计数，产量"
                  "不动、OEE 可用率置 0，而现场在生产；09:58 自动化工程师把 tag map 改成按命名空间 URI 寻址，10:04 MES 按计数差"
                  "回补 3294 冲次。原因在 PLC 固件与采集网关，不在 MES；07:50 的 MES 5.14.0 发布不是原因",
    ),
    WorldQuestion(
        "factory_mes_shift_report_cause", "下午四点交班以后 MES 又不对劲了，班组长说报工一直报不上去，咋回事？", "cause",
        asked_facts=(fact("NO_ACTIVE_SHIFT", "no shift calendar entry", "没有班次", "无有效班次"),),
        cause_facts=(fact("24:00", "row 33", "end=24:00"),
                     fact("hr-aps-calendar-publish", "calendar-publish", "shift_calendar_2026W51", "班次日历", "周历")),
        forbidden=_not("calendar"), service="hr-mes",
        diagnosis="凌晨 02:00 排产系统的 CronJob hr-aps-calendar-publish 发布第 51 周班次日历时，计划员上传的 "
                  "shift_calendar_2026W51.xlsx 第 33 行（12-17 B 班 16:00-24:00）结束时间写成 24:00，无法解析被跳过（WARN），只发布"
                  "了 20/21 个班次 → 16:00 交班时 MES 找不到 B 班，所有报工被拒 NO_ACTIVE_SHIFT；16:58 计划员重跑发布用的还是同一个"
                  "文件，到 17:20 仍未恢复（MesProductionReportRejected 还在告警）。应把结束时间改成 00:00 再发布或手工补建班次。"
                  "15:30 的 dedupe-window 配置不是原因；早上冲压二线产量不动是另一件事",
    ),
    WorldQuestion(
        "factory_ems_alert_existence", "能源管理平台今天中午报过警没有？", "existence",
        asked_facts=(fact("SiteMaxDemandExceeded"),),
        cause_facts=(fact("word_order", "字序", "CDAB", "PM5560", "EM-AIR-01", "电表"),),
        forbidden=_not("meter"), service="hr-ems",
        diagnosis="报过：SiteMaxDemandExceeded 11:31 触发、12:51 恢复，AirHeaderPressureLow 11:37–12:42。11:18 电工把空压站总表 "
                  "EM-AIR-01 换成 Schneider PM5560，网关 mbgw-air-01 仍按旧表 profile acrel_dtsd1352（word_order=ABCD）解析，"
                  "新表字序相反 → 读数变成几百万 kW 的乱值 → 需量预测超过合同需量 8000 kW，11:31 自动卸载停了空压机 C3、C4 → "
                  "主管压力降到 0.46 MPa，焊装线 AIR_PRESSURE_LOW 安灯；12:34 关闭自动卸载，12:49 网关 profile 改对后恢复。"
                  "10:40 的 hr-ems 3.6.2 发布不是原因",
    ),
    WorldQuestion(
        "factory_final_inspection_cause",
        "下午三号线终检一下子判了好多划伤不良，批次都被冻结了，质量部复判说件都是好的，QMS 这边咋回事？", "cause",
        asked_facts=(fact("SCRATCH", "划伤", "NG rate", "HOLD"),),
        cause_facts=(fact("VQ-305"), fact("intensity 255", "OPT-RI15030-W", "mean_luma", "光源", "亮度")),
        forbidden=_not("light"), service="hr-qms",
        diagnosis="13:02 维修更换了三号线终检视觉工位 VQ-305 的环形光源（WO-20261217-0052，OPT-RI15030-W 5700K），新控制器以默认"
                  "亮度 255 上电，没有按配方设回 180 → 图像 mean_luma 约 171（参考 118±12），模型 scratch-seg-v12 把反光判成 "
                  "SCRATCH → VQ-305 判废率最高 23.7%，QMS 终检不良率超阈值、批次 HOLD，MRB 复判几乎全是良品；15:08 视觉工程师把"
                  "亮度改回 180 并重新示教后恢复。原因在视觉工位的光源，不在 QMS；12:40 的抽样方案配置不是原因",
    ),
    WorldQuestion(
        "factory_vision_ng_quantity", "下午三号线那台视觉终检的判废率最高冲到多少？", "quantity",
        asked_facts=(fact(str(NG_PEAK)),), forbidden=_not("light"), service="hr-vision-qc",
        peak=Peak("hr-vision-qc", "vision_ng_ratio", NG_PEAK),
        diagnosis="vision_ng_ratio{station=VQ-305} 峰值 23.7%（14:12），平时约 1%；VisionRejectRateHigh 触发时的 8.4% 不是峰值。"
                  "起因是 13:04 换光源后亮度 255",
    ),
    WorldQuestion(
        "factory_material_call_cause",
        "上午八点多总装线一直拉缺料安灯，叫料半天都没车来送，WMS 是不是出问题了？", "cause",
        asked_facts=(fact("waiting for AGV", "MATERIAL_SHORTAGE", "叫料超时", "缺料"),),
        cause_facts=(fact("MAP_VERSION_MISMATCH", "map v41", "地图版本"),
                     fact("map v42", "agv_eng_liutao", "AGV-07", "地图发布")),
        forbidden=_not("agv", told=("LABEL_PARSE_ERROR",)), service="hr-wms",
        diagnosis="07:38 AGV 工程师在 hr-agv-fleet 发布了地图 v42（线边仓 B 区重排），当时 6 台车（AGV-07/09/11/12/15/16）在充电"
                  "休眠没收到；07:46–08:06 它们唤醒后报的还是 map v41，被调度排除（MAP_VERSION_MISMATCH），18 台只剩 12 台干活 → "
                  "WMS 给总装线的叫料排队等车（最长约 38 分钟），线边缺料安灯；09:33 强制同步地图后 09:50 积压清完。原因在 AGV "
                  "调度的地图发布，不在 WMS；07:20 的叫料合并窗口配置不是原因",
    ),
    WorldQuestion(
        "factory_agv_backlog_quantity", "上午小车那边待执行的配送任务最多堆了多少个？", "quantity",
        asked_facts=(fact(str(AGV_PEAK)),), forbidden=_not("agv"), service="hr-agv-fleet",
        peak=Peak("hr-agv-fleet", "agv_tasks_pending", AGV_PEAK),
        diagnosis="agv_tasks_pending 峰值 146 个（09:12）；AgvTaskBacklogHigh 触发时的 60 不是峰值。起因是 6 台车地图版本不一致"
                  "被排除出调度",
    ),
    WorldQuestion(
        "factory_label_print_cause",
        "上午十点四十多包装那边有的箱标签打不出来，补打一下有时候又能出，标签服务咋了？", "cause",
        asked_facts=(fact("no route to host", "print job failed", "打印失败"),),
        cause_facts=(fact(BAD_NODE, "node-03", "03 节点"), fact("vlan 40", "VLAN", "Gi1/0/14", "CHG-20261217-0009")),
        forbidden=_not("vlan", told=("OUT-JF-BOX v7",)), service="hr-label-service",
        diagnosis=f"10:41 网络组整理 B2 机柜跳线（CHG-20261217-0009），把 SW-OT-B2 的 Gi1/0/13-16 改到 VLAN 40，其中 Gi1/0/14 是"
                  f"边缘节点 {BAD_NODE} 的 OT 网卡 ens2f1 → 只有这个节点上的 Pod 访问不到 OT 网段：标签服务的 {LABEL_BAD_POD} "
                  "发往包装打印机的任务 no route to host（约三分之一的标签，重新派到别的副本就能打出来），涂装线的采集 Pod 也断了；"
                  "11:33 端口改回 VLAN 30 后恢复。09:50 的 3.4.0 发布不是原因",
    ),
    WorldQuestion(
        "factory_outbound_blocked_quantity", "下午发货那边最多压了多少单出不了库？", "quantity",
        asked_facts=(fact(str(BLOCKED_PEAK)),), forbidden=_not("template"), service="hr-wms",
        peak=Peak("hr-wms", "wms_outbound_orders_blocked", BLOCKED_PEAK),
        diagnosis="wms_outbound_orders_blocked 峰值 137 单（15:26）；WmsOutboundBlocked 触发时的 40 不是峰值。14:18 吉峰的箱标签"
                  "模板 OUT-JF-BOX v7 改成 GS1 DataMatrix，WMS 出库复核解析失败（LABEL_PARSE_ERROR），15:38 开启 GS1 解析后恢复",
    ),
    WorldQuestion(
        "factory_nut_replenish_cause",
        "中午焊装二线的螺母补料单全被拒了，说仓库库存不够，可仓库明明有货，WMS 咋了？", "cause",
        asked_facts=(fact("INSUFFICIENT_STOCK", "negative stock", "负库存", "库存不足"),),
        cause_facts=(fact("EA -> BOX", "4500213377", "计量单位", "base unit"), fact("90210-M8")),
        forbidden=_not("uom", told=("LABEL_PARSE_ERROR",)), service="hr-wms",
        diagnosis="11:02 ERP 主数据把螺母 90210-M8 的基本计量单位从 EA 改成 BOX（1 BOX = 200 EA，变更单 4500213377），11:10 "
                  "hr-erp-bridge 同步到 WMS → MES 反冲按件数扣料，WMS 却按箱记账，线边库位 LS-WA2 很快变成负库存，补料单按负数算出"
                  "上千箱，被拒 INSUFFICIENT_STOCK；12:38 单位改回 EA，12:44 仓库组长盘点修正库存后放行。10:50 的 WMS 4.9.0 发布"
                  "不是原因",
    ),
    WorldQuestion(
        "factory_work_order_sync_cause",
        "下午一点多冲压一线的新工单一直下不来，线都停了，ERP 接口是不是又挂了？", "cause",
        asked_facts=(fact("BOM_REV_NOT_RELEASED", "skipped", "工单下发失败"),),
        cause_facts=(fact("ECN-2026-1187"), fact("IN_REVIEW", "rev D", "未发布", "not released")),
        forbidden=_not("bom"), service="hr-erp-bridge",
        diagnosis="接口没挂：13:00 工程变更 ECN-2026-1187 让刹车支架 57100-HR-B 的 BOM rev D 生效，但 rev D 还在审核"
                  "（IN_REVIEW）→ hr-erp-bridge 每 5 分钟下载工单时该物料的工单全部跳过 BOM_REV_NOT_RELEASED → 冲压一线 13:36 做完"
                  "手头工单后停线待单；14:26 工程部发布 rev D，14:30 六张工单下发。12:45 的 bridge 2.7.1 发布不是原因",
    ),
    WorldQuestion(
        "factory_trace_curve_cause", "下午质量部查追溯，今天早上的拧紧曲线一条都查不到，追溯系统出啥问题了？", "cause",
        asked_facts=(fact("raw torque curve missing", "曲线缺失", "查不到"),),
        cause_facts=(fact("keep_raw", "保留期", "72m"), fact("data_eng_qiuyu", "DATA-2026-0311", "rollup policy", "rollup")),
        forbidden=_not("tsdb"), service="hr-trace",
        diagnosis="01:38 数据工程师改了时序库 torque_raw 的 rollup policy：keep_raw 7d -> 72m（本意 72h，DATA-2026-0311）→ 从 02:05 "
                  "起每小时的 rollup 都把 72 分钟以前的原始拧紧曲线删掉，只剩 torque_1m 均值 → 追溯报告里早上的曲线全部缺失；"
                  "14:47 恢复为 7d，但 12:53 以前的原始曲线已经删掉、无法恢复。13:20 的 hr-trace 1.8.0 发布不是原因",
    ),
    WorldQuestion(
        "factory_alert_listing", "现在还有哪些告警没恢复？帮我列一下。", "listing",
        asked_facts=tuple(fact(name) for name in FIRING), forbidden=("hr-tooling", "hr-hmi-portal"),
        diagnosis="2 条：UpsBatteryEndOfLife（机房 UPS 电池寿命到期，昨晚 21:10 起，报修中，与今天的故障无关）、"
                  "MesProductionReportRejected（16:04 起，B 班班次日历缺失，报工被拒，尚未恢复）；其余告警都已恢复",
    ),
    WorldQuestion(
        "factory_label_changes_listing", "标签服务今天都动过啥？发版、改模板、改配置都算上。", "listing",
        asked_facts=(fact("3.4.0"), fact("OUT-JF-BOX v6 -> v7", "OUT-JF-BOX v7"), fact("darkness 18 -> 22", "darkness")),
        forbidden=_not("vlan", "template"), service="hr-label-service",
        diagnosis="三次：09:50 发布 3.4.0（打印预览，与故障无关）、14:18 吉峰箱标签模板 OUT-JF-BOX v6 -> v7（改成 GS1 DataMatrix，"
                  "导致 WMS 出库复核解析失败）、16:30 打印机浓度 darkness 18 -> 22",
    ),
    WorldQuestion(
        "factory_tooling_healthy", "刀具管理系统上午九点多发了个版，现在有告警或者报错吗？", "existence",
        asked_facts=(HEALTHY,), forbidden=INCIDENT_WORDS, service="hr-tooling", healthy=True,
        diagnosis="没有：只有刀具寿命更新的 INFO 和寿命预警 WARN，5xx 最高约 0.2%（阈值 2%），无告警；09:15 的 2.3.1 发布与各故障"
                  "无关",
    ),
    WorldQuestion(
        "factory_hmi_healthy", "工位终端门户下午改过配置，有没有出什么问题？", "existence",
        asked_facts=(HEALTHY,), forbidden=INCIDENT_WORDS, service="hr-hmi-portal", healthy=True,
        diagnosis="没有告警；5xx 远低于阈值 2%，p99 远低于 1000ms，13:40 把空闲登出改成 20 分钟后只有正常的刷卡失败 WARN",
    ),
)

WORLD = World(name=NAME, title="HengRui 恒锐智造（汽车零部件工厂）", build=build_bundle, questions=QUESTIONS)
