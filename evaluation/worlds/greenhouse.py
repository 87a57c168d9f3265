"""World "greenhouse": 绿穗农业 LvSui Agriculture, a smart-agriculture company's glass-greenhouse base 滨湖智慧温室基地 (``lv-*``
services: the LoRa gateways' network server and sensor data, the greenhouse climate control with its vents, screens and CO2
enrichment, the irrigation and fertigation controllers (EC/pH dosing), the crop plan and the workers' handheld work orders,
the vision sorting's GPU inference, the grading and packing lines, the pre-cooling tunnel and cold rooms, the online shop,
B2B orders to supermarket chains, the delivery dispatch to their stores and the consumers' traceability QR pages, on a
Kubernetes cluster; the gateways and the nodes outside it), seen from Wednesday 2027-04-14 10:40 to the reference time
Thursday 2027-04-15 10:40 (+08:00): an ordinary spring harvest morning. Nothing here was written for the offline agents; ten
incidents of families the other worlds do not have, in ordinary noise:

(1) 22:30 (eve)     lv-climate ← lv-iot: the gateway vendor 联信物联's nightly OTA (OTA-LX-0414-22) takes gateway GW-05 (5号温室)
                    to firmware 2.8.0, whose default channel plan is CN470 ch 8-15 while the greenhouse's 18 sensor nodes
    06:05–10:25     send on ch 0-7 → the gateway hears nothing (its stats say so only by their values), the climate control
                    holds the last values (17.2°C) → in the morning sun 5号温室's vents stay shut; the safety probe peaks
                    36.4°C at 10:12 (GreenhouseTempHigh fired at 32.3°C). 10:06 the vendor restores ch 0-7 (OTA-LX-0415-03).
                    The 05:20 deploy 2.17.1 of lv-climate is a decoy.
(2) 17:40 (eve)     lv-fertigation ← lv-farmops: planner_zhoumin publishes the spring plan PP-2027-SPR-02, copied from last
                    year's, which moves IR-4A/IR-4B from 06:45 to 06:30 → four zones pulse at once on pump P2 (rated two) →
    06:30–08:25     line pressure 0.7–1.1 bar, drip flow 2–3 m³/h, EC dosing paused (IrrigationFlowLow). 08:25 the plan is
                    amended. The 06:00 ``fertigation.ec.smoothing-sec`` config is a decoy.
(3) 13:20–16:40     lv-climate: agronomist agro_lihua activates the CO2 programme CO2-SPR-2 for G01–G06 with
    (eve)           ``dose_stop_vent_pct=100`` (dosing no longer stops when the vents open) → full dosing under open vents, the
                    liquid CO2 tank T1 drains 61% → 12% (CO2TankLevelLow 15:50–18:40); 16:40 the programme is edited back to
                    15, 18:22 the supplier refills. The 13:00 ``climate.heating.pipe-min-temp`` config is a decoy. (lv-climate's
                    first incident; (1) is its second, the next morning.)
(4) 03:10 → now     lv-vision on lv-k8s-gpu-02: back from a GPU replacement (HW-0414-05), the node was reinstalled from the old
                    image gpu-node-2026.09 with NVIDIA driver 470.199.02 → the two pods the 06:52 HPA scale-out puts there
    06:53 → now     cannot use CUDA 12.2 ("CUDA driver version is insufficient") and run the model on CPUExecutionProvider,
                    0.7–1.9 s a fruit → the grading lines' 300 ms vision timeout sends those fruits to the rework lane;
                    VisionInferenceLatencyHigh fired at 412ms, still firing. The pods on gpu-01/gpu-03 are fine. The 06:45
                    ``vision.batch.max-size`` config is a decoy.
(5) 14:05–15:18     lv-grading: shift leader pack_lead_wangqiang picks the cherry-tomato recipe TOMATO_CHERRY_R for line 2
    (eve)           on HMI-2 (line 1's lot) while line 2 grades 粉果番茄 → every fruit above 35 mm is OVERSIZE and goes to the reject bin
                    (GradingRejectRateHigh fired at 88.6%); 15:18 switched back, 41 crates re-fed. The 13:40 deploy 5.2.3 of
                    lv-grading is a decoy.
(6) 17:10 (eve)     lv-farmops: farm_admin_chenjie's bulk update BU-0414-01 sets the rootstock field on all 184,320 plant
                    records → every record's updated_at is new → at the 06:00 shift start each of the 140 handhelds' incremental
    06:00–06:45     syncs pulls the whole register, the sync worker pool is exhausted → 503s, retries, a request rate of up to
                    1186 per minute at 06:07 (PdaSyncLatencyHigh fired at 18.4 秒). The 05:30 deploy 4.6.1 is a decoy.
(7) 21:15 (eve)     lv-grading ← lv-farmops: plantpro_hezhi's pesticide catalogue import PC-2027-04 gives 啶虫脒 on 番茄
                    ``phi_days 7 -> 70`` → this morning the grading intake rejects every crate of G02 and G06 (sprayed on 04-03
    06:40–08:55     and 04-05) as PHI_NOT_ELAPSED (GradingIntakeRejectsHigh). 08:50 row corrected (PC-2027-04-r1), 96 crates
                    released. The 06:20 ``grading.intake.scale-tolerance-g`` config is a decoy. (lv-grading's second incident.)
(8) 15:40 (eve)     lv-coldstore: maintenance MW-0414-03 replaces the pre-cooling tunnel PT-1's core probe cable and leaves the
                    probe hanging in the return air → strawberry cycles end "core 4.0°C reached" after 5–8 min instead of
    16:05–19:20     65–95 → pallets with a 20°C core go into cold room CR-2 → CR-2 peaks 7.4°C at 18:36 (ColdRoomTempHigh fired
                    at 4.6°C). 19:20 the probe is re-inserted and pallets re-cooled. The 16:00 ``coldstore.alarm.delay-min``
                    config is a decoy.
(9) 04:30           lv-dispatch: release 2.9.0 prints the loading lists with ``load_order=DELIVERY_SEQ`` → the first store's
                    pallets are loaded first, at the front of the reefer → at every stop drivers unload the later stores'
    06:40–10:28     pallets first, unloading 30–50 min a stop, receiving windows missed (StoreDeliveryLate). 09:36
                    ``dispatch.loading.order`` back to REVERSE_DELIVERY_SEQ for tomorrow. The 05:10
                    ``dispatch.route.max-stops`` config is a decoy.
(10) 04:40 → now    lv-trace ← 家家惠: the chain's 华东物流中心 starts receiving by scanning every punnet's traceability QR
                    (JJH-WMS/3.2) → each delivered lot passes 500 scans, the anti-counterfeit rule AC-3 flags it → consumers
    07:40 → now     scanning those punnets are shown 扫码次数异常，谨防假冒 (COUNTERFEIT_SUSPECT;
                    TraceCounterfeitWarningsHigh, still firing). The 08:30 deploy 3.1.0 of lv-trace is a decoy.

Healthy: lv-member (its 09:10 deploy 1.8.4 is a decoy) and lv-energy (its 07:30 ``energy.meter.poll-sec`` config is a
decoy) — INFO/WARN noise only, under their thresholds, no alert. Unrelated: HostCpuHigh on lv-k8s-node-03 (nightly report,
resolved); GatewayBackhaulOnLte (GW-09's fibre cut by road works, on LTE, harmless, still firing). Still firing at 10:40:
VisionInferenceLatencyHigh (4), TraceCounterfeitWarningsHigh (10) and GatewayBackhaulOnLte. Kubernetes: the deployments and
their pods with their nodes, the events of the last hour. Run ``python -m evaluation.worlds greenhouse`` to print the bundle.
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

NAME = "greenhouse"
SEED = 20270415
TZ = dt.timezone(dt.timedelta(hours=8))
DAY = dt.date(2027, 4, 15)
EVE = dt.date(2027, 4, 14)
START = dt.datetime(2027, 4, 14, 10, 40, tzinfo=TZ)
REFERENCE = dt.datetime(2027, 4, 15, 10, 40, tzinfo=TZ)
NS = "lvsui-agri"
REGISTRY = "registry.lvsui.local/agri"

_t = functools.partial(clock_on, DAY, TZ)
_y = functools.partial(clock_on, EVE, TZ)

GREENHOUSES = {"G01": "粉果番茄", "G02": "粉果番茄", "G03": "粉果番茄", "G04": "粉果番茄", "G05": "粉果番茄", "G06": "粉果番茄",
               "G07": "樱桃番茄", "G08": "樱桃番茄", "G09": "黄瓜", "G10": "黄瓜", "G11": "草莓", "G12": "草莓"}
ZONES = tuple(f"{n}{side}" for n in range(1, 13) for side in "AB")
WORKERS = tuple(f"W{n:03d}" for n in range(1, 141))
STORES = {"家家惠": ("鼓楼店", "河西店", "仙林店", "江宁万达店", "浦口店", "迈皋桥店", "龙江店", "新街口店"),
          "百联鲜": ("湖南路店", "奥体店", "东山店", "秣陵店", "百家湖店")}
CITIES = ("南京", "南京", "南京", "镇江", "扬州", "马鞍山", "常州", "苏州")

# --- (1) GW-05's channel plan ---------------------------------------------------------------------------------------------------
GW_OTA = ("gateway GW-05 (5号温室) firmware 2.7.4 -> 2.8.0 by vendor cloud 联信物联 (OTA task OTA-LX-0414-22, 夜间维护窗口), "
          "rebooting")
GW_FIX = ("gateway GW-05 (5号温室) firmware 2.8.0 -> 2.8.1 by vendor cloud 联信物联 (OTA task OTA-LX-0415-03: channel plan "
          "CN470 ch 0-7 restored), rebooting")
GW_STATS = ("gateway {g} stats 10m: channel_plan=CN470 ch {ch}, rx_packets {rx}, rx_ok {ok}, crc_err {crc}, tx_ack {tx}, "
            "backhaul {bh}, cpu {cpu}%")
DEV_STATUS = "device status: greenhouse G05 {n}/18 devices reporting (last uplink {last} via GW-05), G04 18/18, G06 18/18"
IOT_NOTE = ("iot_oncall_tangwei: 联信物联 确认 2.8.0 的默认信道计划是 ch 8-15，5号温室的节点都在 ch 0-7 上发；已要求厂商把 GW-05 "
            "的信道改回去")
CLIMATE_STALE = "greenhouse G05 zone {z}: sensors stale (last data 22:29), holding last values T 17.2°C RH 81% CO2 498ppm"
CLIMATE_G5 = ("greenhouse G05 control: air temp {temp} ({state}), safety probe {probe:.1f}°C, vents {v}% (vent setpoint "
              "24.0°C), screen {s}%")
CLIMATE_FRESH = "greenhouse G05 zone 5A/5B: sensor data fresh again (18/18 devices), control resumed, air temp 34.8°C"
CLIMATE_DEPLOY = ("deploy finished: lv-climate 2.17.1 (was 2.17.0) rolled out by ci-bot pipeline=#3318; changes: 补光灯日程页面, "
                  "导出报表字段")
TEMP_PEAK = 36.4
TEMP_ALERT = "32.3°C"

# --- (2) four zones on pump P2 ----------------------------------------------------------------------------------------------
PLAN_PUBLISH = ("planting plan PP-2027-SPR-02 (春茬 番茄 G03-G04) published by planner_zhoumin: 8 irrigation programmes pushed "
                "to lv-fertigation (copied from PP-2026-SPR-02)")
PROG_UPDATE = ("irrigation programme {p} updated from plan PP-2027-SPR-02: start {old} -> 06:30, pulse 12 min every 30 min, "
               "pump P2, EC 2.6 mS/cm, pH 5.8")
PULSE_START = "pulse start {clock}: pump P2 valves open {zones} ({n} zones)"
FLOW_LOW = ("zone {z}: drip flow {f:.1f} m³/h (expected 6.0), line pressure {p:.1f} bar (min 1.5), EC dosing paused: flow "
            "below injector minimum")
PLAN_FIX = ("planting plan PP-2027-SPR-02 amended by planner_zhoumin: IR-4A, IR-4B start 06:30 -> 06:45 (pump P2 runs two "
            "zones at a time)")
PROG_FIX = "irrigation programme {p} updated from plan PP-2027-SPR-02: start 06:30 -> 06:45"
FERT_CONFIG = ("[nacos] config changed: dataId=lv-fertigation key=fertigation.ec.smoothing-sec old=30 new=45 "
               "operator=fert_eng_xuyang")
P2_ZONES = ("3A", "3B", "4A", "4B")

# --- (3) CO2 under open vents -------------------------------------------------------------------------------------------------
HEATING_CONFIG = ("[nacos] config changed: dataId=lv-climate key=climate.heating.pipe-min-temp old=35 new=30 "
                  "operator=climate_eng_fangqi")
CO2_PROG = ("CO2 programme CO2-SPR-2 activated for G01-G06 by agro_lihua: setpoint 900 ppm 09:00-16:00, max 120 kg/h, "
            "dose_stop_vent_pct=100")
CO2_FIX = "CO2 programme CO2-SPR-2 edited by agro_lihua: dose_stop_vent_pct 100 -> 15"
CO2_STATUS = "greenhouse {g} CO2: {ppm} ppm (setpoint 900), dosing valve {d}%, vents {v}%"
CO2_STOPPED = "greenhouse {g} CO2: {ppm} ppm (setpoint 900), dosing valve 0%, vents {v}% (dosing stopped: vents above 15%)"
TANK = "CO2 tank T1: level {lvl:.1f}% ({kg} kg), outflow {f} kg/h"
TANK_REFILL = "CO2 tank T1 refilled by supplier 林德气体 (delivery note DN-88120414): level 11.6% -> 86.0%"
CO2_NOTE = "climate_oncall_zhengyu: CO2 储罐下午掉得很快；1-6 号温室天窗开着四五十，阀门还在满开施 CO2"

# --- (4) the reinstalled GPU node ---------------------------------------------------------------------------------------------
BAD_NODE = "lv-k8s-gpu-02"
GPU_NODES = ("lv-k8s-gpu-01", "lv-k8s-gpu-03")
NODE_DRAIN = "kubectl drain lv-k8s-gpu-02 by dc_ops_wubin: hardware repair HW-0414-05 (GPU 1 replacement, 返厂)"
NODE_IMAGE = ("node lv-k8s-gpu-02 reinstalled from image gpu-node-2026.09 after HW-0414-05; nvidia-smi: Driver Version: "
              "470.199.02, CUDA Version: 11.4")
NODE_BACK = "kubelet: node lv-k8s-gpu-02 Ready, 2 x nvidia.com/gpu allocatable; uncordoned by dc_ops_wubin (HW-0414-05 closed)"
DCGM = "dcgm-exporter: GPU0 util {u}%, GPU1 util {u2}%, framebuffer used {m} MiB, driver {drv}"
VISION_CONFIG = ("[nacos] config changed: dataId=lv-vision key=vision.batch.max-size old=8 new=16 "
                 "operator=vision_dev_luoqi")
HPA_SCALE = "HPA lv-vision: scaled 4 -> 6 (GPU duty cycle 82% of target 60%, line start 07:00)"
CUDA_FAIL = ("onnxruntime: CUDA failure 35: CUDA driver version is insufficient for CUDA runtime version; CUDAExecutionProvider "
             "unavailable, falling back to CPUExecutionProvider (model fruit-grade-v7, built for CUDA 12.2)")
INFER = "infer line {l} lane {lane} fruit {fid}: {ms}ms ({prov}) class {cls} defects {d}"
REWORK = "line {l} lane {lane} fruit {fid}: no vision result within 300ms -> rework lane"
VISION_NOTE = "vision_oncall_luoqi: 新扩出来的两个 Pod 推理一个果子要一秒多，另外四个十几毫秒；返工道的果子越堆越多"
VISION_ALERT = "412ms"

# --- (5) line 2's recipe ------------------------------------------------------------------------------------------------------
GRADING_DEPLOY = ("deploy finished: lv-grading 5.2.3 (was 5.2.2) rolled out by ci-bot pipeline=#3302; changes: 装箱标签打印重试, "
                  "班次报表")
RECIPE_SWITCH = "line 2 recipe changed on HMI-2 by pack_lead_wangqiang: TOMATO_PINK_L -> TOMATO_CHERRY_R"
RECIPE_BACK = "line 2 recipe changed on HMI-2 by pack_lead_wangqiang: TOMATO_CHERRY_R -> TOMATO_PINK_L"
FRUIT = "line {l} fruit {fid}: diameter {dia}mm weight {g}g color {c} -> {cls} (recipe {r})"
REJECT_SUMMARY = "line 2 reject ratio 10m: {r:.1f}% ({n} of {m} fruits), lot L0414-G03-02"
REFEED = "line 2: 41 reject crates of lot L0414-G03-02 re-fed for grading"
RECIPE_NOTE = "pack_lead_wangqiang: 下午在 HMI-2 上换批次时配方选错了，选成了樱桃番茄的"

# --- (6) the bulk update under the handhelds' sync ---------------------------------------------------------------------------
BULK = ("bulk update BU-0414-01 by farm_admin_chenjie: plant register field rootstock set for G01-G12 (砧木 强力36), "
        "184,320 plant records updated")
FARMOPS_DEPLOY = ("deploy finished: lv-farmops 4.6.1 (was 4.6.0) rolled out by ci-bot pipeline=#3321; changes: 工单打卡页样式, "
                  "批量导出")
SYNC = "GET /pda/v2/sync?since={since} device {pda} 200 records={n} bytes={b} took={ms}ms"
SYNC_503 = "GET /pda/v2/sync?since={since} device {pda} 503 sync worker pool exhausted (32/32 busy) took={ms}ms"
SYNC_NOTE = ("farmops_oncall_sunyu: 每台手持终端都在拉 18 万条种植记录，since 之后的记录 updated_at 全是昨天 17:10 的；"
             "工人排队领不到工单")
SYNC_PEAK = 1186
SYNC_ALERT = "18.4 秒"

# --- (7) the pesticide catalogue -------------------------------------------------------------------------------------------
CATALOGUE = ("pesticide catalogue import PC-2027-04 by plantpro_hezhi: 212 product rows from pesticide_2027Q2.xlsx "
             "(省农药登记信息 export), 37 changed")
CAT_ROWS = (("乙基多杀菌素 60g/L 悬浮剂", "番茄", 1, 3, 2), ("啶虫脒 20% 可溶粉剂", "番茄", 7, 70, 2),
            ("氟啶虫酰胺 10% 水分散粒剂", "黄瓜", 3, 5, 3), ("苯醚甲环唑 10% 水分散粒剂", "草莓", 7, 10, 3))
CAT_ROW = "catalogue row {prod} on {crop}: phi_days {old} -> {new}, max_applications {m}"
CAT_FIX = "catalogue row 啶虫脒 20% 可溶粉剂 on 番茄: phi_days 70 -> 7 (PC-2027-04-r1 by plantpro_hezhi: 导入表多了一个 0)"
SPRAYED = {"G02": ("2027-04-03", "2027-06-12"), "G06": ("2027-04-05", "2027-06-14")}
INTAKE_REJECT = ("intake crate {crate} lot {lot} greenhouse {g}: rejected PHI_NOT_ELAPSED (啶虫脒 20% 可溶粉剂 applied {date}, "
                 "phi_days 70, harvest allowed from {allowed})")
INTAKE_OK = "intake crate {crate} lot {lot} greenhouse {g}: accepted, {kg:.1f} kg, PHI ok"
INTAKE_RECHECK = "intake re-check after catalogue PC-2027-04-r1: 96 held crates of G02, G06 released"
GRADING_CONFIG = ("[nacos] config changed: dataId=lv-grading key=grading.intake.scale-tolerance-g old=50 new=80 "
                  "operator=pack_eng_zhaolei")
INTAKE_NOTE = "pack_lead_wangqiang: 2 号、6 号温室的果子在进料口全被拒收，说安全间隔期没到；这两栋四月初打的药"

# --- (8) the pre-cooling probe ---------------------------------------------------------------------------------------------
MAINTENANCE = ("maintenance MW-0414-03 closed by tech_liugang: pre-cooling tunnel PT-1 core probe cable replaced, probe "
               "reinstalled")
COLD_CONFIG = ("[nacos] config changed: dataId=lv-coldstore key=coldstore.alarm.delay-min old=10 new=15 "
               "operator=cold_eng_songjia")
PRECOOL = ("PT-1 cycle {c} pallet {p} 草莓 ({g}): start core {s:.1f}°C, target core 4.0°C reached after {m} min (air "
           "{a:.1f}°C) -> released to CR-2")
CR2 = "CR-2 room temp {t:.1f}°C (setpoint 1.0°C), compressor {c}%, evaporator fans {f}%, pallets {n}"
COLD_NOTE = ("cold_oncall_heyan: CR-2 温度一直降不下来，压缩机 100%；刚进库的草莓托盘果心 20 度上下，预冷隧道这几批每批只跑了 "
             "6 分钟")
PROBE_FIX = ("tech_liugang: PT-1 core probe found hanging in the return-air duct after MW-0414-03, re-inserted into the "
             "reference fruit; the pallets of the cycles since 16:05 pulled back to PT-1")
CR2_PEAK = 7.4
CR2_ALERT = "4.6°C"

# --- (9) the loading order ------------------------------------------------------------------------------------------------
DISPATCH_DEPLOY = ("deploy finished: lv-dispatch 2.9.0 (was 2.8.4) rolled out by ci-bot pipeline=#3324; changes: 装车单按线路"
                   "重排, 司机端签收拍照")
DISPATCH_CONFIG = ("[nacos] config changed: dataId=lv-dispatch key=dispatch.route.max-stops old=9 new=10 "
                   "operator=tms_dev_qiuyu")
LOADING = "loading list {ld} route {r} truck {truck}: {n} stops, load_order={order}, pallets {p}"
UNLOAD = "route {r} stop {k} {store}: unloaded in {m} min (planned 12), driver note: {note}"
UNLOAD_OK = "route {r} stop {k} {store}: unloaded in {m} min (planned 12), signed by store"
LATE = "route {r} stop {k} {store}: arrived {clock}, receiving window until {until} -> LATE ({d} min)"
DISPATCH_FIX = ("[nacos] config changed: dataId=lv-dispatch key=dispatch.loading.order old=DELIVERY_SEQ "
                "new=REVERSE_DELIVERY_SEQ operator=tms_dev_qiuyu")
DISPATCH_NOTE = "dispatch_oncall_gaoxiang: 司机反映每到一家店都要先把后面几家的托盘搬下来，今天的装车单顺序是反的"
DISPATCH_RESCHEDULE = "dispatch_oncall_gaoxiang: 各线路剩余门店已与门店确认改为 14:00 前补送"
DRIVER_NOTES = ("本店的货在车厢最里面，先搬出后面几家的托盘", "前面几家的托盘压在门口，卸完再装回去", "卸货口排队，先卸别家的货")
TRUCKS = {"R01": "苏A·L2816", "R02": "苏A·L3097", "R03": "苏A·L3320", "R04": "苏A·L4452", "R05": "苏A·L5178",
          "R06": "苏A·L6031"}

# --- (10) the DC's receiving scans -----------------------------------------------------------------------------------------
JJH_NOTICE = ("b2b_am_zhouting: 家家惠通知自 4 月 15 日起其华东物流中心收货改为逐盒扫描商品上的二维码入库（JJH-WMS 3.2 上线），"
              "ASN 不变")
ASN_RECEIPT = "ASN {asn} to 家家惠华东物流中心: receipt confirmed, {n} units scanned, 0 short"
SCAN_DC = "GET /q/{lot} 200 ua=JJH-WMS/3.2 ip=58.213.{x}.{y} (家家惠华东物流中心) scan_count={n}"
AC_FLAG = ("lot {lot}: scan_count {n} > 500 (rule AC-3 防伪), consumer page now shows 扫码次数异常，谨防假冒")
SCAN_WARN = "GET /q/{lot} 200 city={city} ua=WeChat scan_count={n} warning=COUNTERFEIT_SUSPECT"
SCAN_OK = "GET /q/{lot} 200 city={city} ua=WeChat scan_count={n}"
TRACE_DEPLOY = ("deploy finished: lv-trace 3.1.0 (was 3.0.6) rolled out by ci-bot pipeline=#3327; changes: 溯源页改版, "
                "种植档案图片懒加载")
TRACE_NOTE = "trace_oncall_linfeng: 提示谨防假冒的批次扫码次数都在两千上下，都是昨天下午装箱、今早送家家惠的批次；在查扫码来源"
JJH_LOTS = ("L0414-G01-03", "L0414-G02-01", "L0414-G03-04", "L0414-G04-02", "L0414-G07-02", "L0414-G09-01")
OTHER_LOTS = ("L0413-G01-02", "L0413-G05-01", "L0414-G05-02", "L0414-G06-01", "L0414-G08-01", "L0414-G11-03",
              "L0414-G12-02", "L0413-G10-02")

# --- unrelated and the healthy services' decoys -------------------------------------------------------------------------
MEMBER_DEPLOY = ("deploy finished: lv-member 1.8.4 (was 1.8.3) rolled out by ci-bot pipeline=#3329; changes: 积分商城分类, "
                 "会员日文案")
ENERGY_CONFIG = ("[nacos] config changed: dataId=lv-energy key=energy.meter.poll-sec old=60 new=30 operator=energy_eng_dingyi")
BACKHAUL = "gateway GW-09 backhaul: fibre link down (园区东路施工挖断), switched to LTE, uplinks forwarded normally"

# --- pods, nodes --------------------------------------------------------------------------------------------------------
VISION_ALL = pod_names("lv-vision", "3.4.0", 6)
VISION_BASE = VISION_ALL[:4]
ON_BAD_NODE = VISION_ALL[4:]
ROLLOUTS: dict[str, list[tuple[dt.datetime, tuple[str, ...]]]] = {
    "lv-iot": [(START, pod_names("lv-iot", "3.4.2", 3))],
    "lv-climate": [(START, pod_names("lv-climate", "2.17.0", 2)), (_t("05:21:00"), pod_names("lv-climate", "2.17.1", 2))],
    "lv-fertigation": [(START, pod_names("lv-fertigation", "1.12.3", 2))],
    "lv-farmops": [(START, pod_names("lv-farmops", "4.6.0", 4)), (_t("05:31:00"), pod_names("lv-farmops", "4.6.1", 4))],
    "lv-vision": [(START, VISION_BASE), (_t("06:53:00"), VISION_ALL)],
    "lv-grading": [(START, pod_names("lv-grading", "5.2.2", 3)), (_y("13:41:00"), pod_names("lv-grading", "5.2.3", 3))],
    "lv-coldstore": [(START, pod_names("lv-coldstore", "2.3.1", 2))],
    "lv-shop": [(START, pod_names("lv-shop", "6.1.0", 4))],
    "lv-b2b": [(START, pod_names("lv-b2b", "3.7.2", 2))],
    "lv-dispatch": [(START, pod_names("lv-dispatch", "2.8.4", 2)), (_t("04:31:00"), pod_names("lv-dispatch", "2.9.0", 2))],
    "lv-trace": [(START, pod_names("lv-trace", "3.0.6", 3)), (_t("08:31:00"), pod_names("lv-trace", "3.1.0", 3))],
    "lv-member": [(START, pod_names("lv-member", "1.8.3", 2)), (_t("09:11:00"), pod_names("lv-member", "1.8.4", 2))],
    "lv-energy": [(START, pod_names("lv-energy", "1.4.0", 2))],
}
GENERAL_NODES = [f"lv-k8s-node-{n:02d}" for n in range(1, 7)]
NODES = [*GENERAL_NODES, *GPU_NODES, BAD_NODE]
GATEWAYS = tuple(f"GW-{n:02d}" for n in range(1, 13))
INSTANCES: dict[str, list[str]] = {service: list(steps[-1][1]) for service, steps in ROLLOUTS.items()} | {
    "lv-k8s-node": NODES}


def node_of(pod: str) -> str:
    """The vision pods on the GPU nodes — the two the morning scale-out adds on gpu-02, the only node with free GPUs; every
    other pod on the general nodes."""
    if pod in ON_BAD_NODE:
        return BAD_NODE
    if pod in VISION_BASE:
        return GPU_NODES[VISION_BASE.index(pod) % 2]
    return GENERAL_NODES[int(hashlib.sha256(pod.encode()).hexdigest(), 16) % len(GENERAL_NODES)]


SERVICES: list[Json] = [
    {"name": "lv-iot", "aliases": ["物联网", "LoRa", "网关", "LoRa 网关", "传感器接入", "物联网平台"],
     "description": "物联网接入（LoRaWAN 网络服务器，3 个副本）：12 栋温室各一台 LoRa 网关 GW-01..GW-12（联信物联，厂商云端"
                    "远程升级），温湿度、CO2、光照、基质传感器节点按 CN470 信道上报，经网关转发到这里，再推给环控与水肥。"},
    {"name": "lv-climate", "aliases": ["环控", "环控系统", "气候控制", "温室环境", "天窗", "遮阳幕", "CO2 施肥"],
     "description": "温室环控（2 个副本）：按传感器数据控制天窗、遮阳/保温幕、风机湿帘、加温管道与 CO2 施肥；传感器数据超时则"
                    "保持最后值；每栋另有一支有线安全温度探头。CO2 来自液态 CO2 储罐 T1。"},
    {"name": "lv-fertigation", "aliases": ["水肥", "水肥一体机", "灌溉", "滴灌", "配肥", "EC", "pH"],
     "description": "灌溉与水肥一体化（2 个副本）：按灌溉程序开阀、启泵，在线配肥并按 EC/pH 加酸；主泵 P2 供 3、4 号温室，"
                    "额定同时两区。灌溉程序由 lv-farmops 的种植计划下发。"},
    {"name": "lv-farmops", "aliases": ["农事", "农事工单", "工单", "种植计划", "手持终端", "PDA", "农事系统"],
     "description": "种植计划与农事工单（4 个副本）：种植计划、灌溉程序下发、植株档案、植保记录与农药目录（安全间隔期）；"
                    "140 台工人手持终端（PDA）上班时按 since 增量同步工单与档案。"},
    {"name": "lv-vision", "aliases": ["视觉", "视觉识别", "视觉分选", "分选识别", "AI 识别"],
     "description": "分选线视觉推理（GPU，HPA 4–8 个副本，节点 lv-k8s-gpu-01..03）：每个果子 6 张图，判等级与缺陷，分级线等待"
                    "结果 300 ms，超时的果子进返工道。"},
    {"name": "lv-grading", "aliases": ["分级", "分级线", "包装线", "分选线", "进料口", "采后"],
     "description": "采后分级包装（3 个副本）：1、2 号分级线，按配方（品种的尺寸等级）分级装箱；进料口登记采收筐，按植保记录"
                    "与农药目录校验安全间隔期。"},
    {"name": "lv-coldstore", "aliases": ["冷库", "预冷", "冷链", "2 号冷库", "预冷隧道"],
     "description": "预冷与冷库（2 个副本）：压差预冷隧道 PT-1 按果心探头结束周期；冷库 CR-1..CR-3（CR-2 草莓 1°C）。"},
    {"name": "lv-shop", "aliases": ["商城", "线上商城", "小程序商城", "电商"],
     "description": "线上商城（4 个副本）：小程序与 App 下单、支付、客服工单。"},
    {"name": "lv-b2b", "aliases": ["B2B", "商超订单", "大客户订单", "ASN"],
     "description": "商超 B2B（2 个副本）：家家惠、百联鲜等连锁的采购单、发货通知 ASN 与收货确认。"},
    {"name": "lv-dispatch", "aliases": ["调度", "物流调度", "配送", "门店配送", "装车单", "司机端"],
     "description": "物流调度（2 个副本）：每天凌晨排线、打印装车单，冷藏车给门店配送，司机端签收与卸货记录。"},
    {"name": "lv-trace", "aliases": ["溯源", "溯源码", "二维码", "扫码溯源", "防伪"],
     "description": "溯源二维码（3 个副本）：每个包装批次一个码，消费者扫码看产地、采收与检测信息；防伪规则 AC-3 按扫码次数"
                    "提示。"},
    {"name": "lv-member", "aliases": ["会员", "积分", "会员积分"],
     "description": "会员与积分（2 个副本）：会员等级、下单积分、积分商城。"},
    {"name": "lv-energy", "aliases": ["能耗", "能耗监测", "电表", "能源"],
     "description": "能耗监测（2 个副本）：电表、燃气锅炉与水表读数，日报。"},
    {"name": "lv-k8s-node", "aliases": ["K8s 节点", "节点", "服务器", "GPU 节点"],
     "description": "集群 lv-prod 的节点 lv-k8s-node-01..06 与 GPU 节点 lv-k8s-gpu-01..03。"},
]

WINDOWS = {
    "gateway": (_y("22:30"), _t("10:06")),
    "irrigation": (_t("06:30"), _t("08:25")),
    "co2": (_y("13:20"), _y("16:40")),
    "gpu": (_t("06:53"), REFERENCE),
    "recipe": (_y("14:05"), _y("15:18")),
    "bulk": (_t("05:55"), _t("06:45")),
    "phi": (_t("06:40"), _t("08:55")),
    "precool": (_y("16:05"), _y("19:20")),
    "loading": (_t("06:30"), _t("10:30")),
}
LINE_HOURS = ((_y("13:00"), _y("18:30")), (_t("07:00"), REFERENCE))


def _inside(window: str, t: dt.datetime) -> bool:
    a, b = WINDOWS[window]
    return a <= t < b


def _line_running(t: dt.datetime) -> bool:
    return any(a <= t < b for a, b in LINE_HOURS)


def _daylight(t: dt.datetime) -> bool:
    clock = t.timetz().replace(tzinfo=None)
    return dt.time(6, 0) <= clock < dt.time(18, 30)


Line = tuple[str, str, dict[str, Any]]


def _pod(w: WorldBuilder, service: str, t: dt.datetime) -> str:
    pods = ROLLOUTS[service][0][1]
    for moment, step in ROLLOUTS[service]:
        if moment <= t:
            pods = step
    if service == "lv-vision":
        pods = tuple(p for p in pods if p not in ON_BAD_NODE)  # the slow pods write their own lines
    return w.rng.choice(pods)


def _fid(w: WorldBuilder) -> str:
    return f"F{w.rng.randint(10**7, 10**8 - 1)}"


def _crate(w: WorldBuilder) -> str:
    return f"C{w.rng.randint(100000, 999999)}"


# --- Noise ----------------------------------------------------------------------------------------------------------------
def _iot(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "lv-iot", t)
    roll = w.rng.random()
    if roll < 0.6:
        return "INFO", (f"network server 1m: uplinks {w.rng.randint(180, 260)}, duplicates {w.rng.randint(5, 40)}, join "
                        f"requests {w.rng.randint(0, 2)}, downlinks {w.rng.randint(0, 6)}"), {"instance": pod}
    if roll < 0.9:
        g = w.rng.choice([g for g in GREENHOUSES if g != "G05"])
        return "INFO", (f"uplink {g} node {w.hex(8)} SF{w.rng.choice((7, 8, 9))} RSSI -{w.rng.randint(70, 108)} SNR "
                        f"{w.rng.uniform(-4, 9):.1f} decoded ok"), {"instance": pod}
    g = w.rng.choice([g for g in GREENHOUSES if g != "G05"])
    return "WARN", f"device {g}-{w.hex(6)} battery {w.rng.randint(8, 15)}% (replace within 2 weeks)", {"instance": pod}


def _climate(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "lv-climate", t)
    g = w.rng.choice([g for g in GREENHOUSES if g != "G05"])
    day = _daylight(t)
    hours = t.hour + t.minute / 60
    if not day:
        temp, vents = w.rng.uniform(15, 18), w.rng.randint(0, 5)
    elif hours < 8.5:  # the morning ramp: the vents open as the houses pass 24°C
        temp = w.rng.uniform(15.5, 17.5) + (hours - 6) * 3.0
        vents = max(0, int((temp - 23.5) * 12)) + w.rng.randint(0, 5)
    else:
        temp, vents = w.rng.uniform(22, 27), w.rng.randint(15, 60)
    roll = w.rng.random()
    if roll < 0.85:
        return "INFO", (f"greenhouse {g} control: air temp {temp:.1f}°C, RH {w.rng.randint(62, 88)}%, vents {vents}%, screen "
                        f"{w.rng.randint(0, 30) if day else 100}%"), {"instance": pod}
    if roll < 0.97:
        return "INFO", f"greenhouse {g} heating: pipe {w.rng.randint(30, 48)}°C, boiler valve {w.rng.randint(0, 40)}%", {
            "instance": pod}
    return "WARN", f"greenhouse {g} fan {w.rng.randint(1, 8)}: belt slip detected, still running", {"instance": pod}


def _fertigation(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "lv-fertigation", t)
    if not _daylight(t):
        return "INFO", (f"night: no irrigation, mixing tank A {w.rng.randint(60, 90)}%, B {w.rng.randint(60, 90)}%, acid "
                        f"{w.rng.randint(40, 80)}%"), {"instance": pod}
    zones = [z for z in ZONES if not (_inside("irrigation", t) and z in P2_ZONES)]
    z = w.rng.choice(zones)
    if w.rng.random() < 0.9:
        return "INFO", (f"zone {z}: pulse done, flow {w.rng.uniform(5.6, 6.4):.1f} m³/h, EC {w.rng.uniform(2.4, 2.8):.2f} "
                        f"mS/cm, pH {w.rng.uniform(5.6, 6.0):.2f}, drain {w.rng.randint(18, 32)}%"), {"instance": pod}
    return "WARN", f"zone {z}: drain EC {w.rng.uniform(3.4, 3.9):.1f} mS/cm above 3.3, flush scheduled", {"instance": pod}


def _farmops(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "lv-farmops", t)
    roll = w.rng.random()
    g = w.rng.choice(list(GREENHOUSES))
    if roll < 0.45 and _daylight(t) and not _inside("bulk", t):
        return "INFO", SYNC.format(since=(t - dt.timedelta(minutes=w.rng.randint(5, 50))).isoformat(timespec="seconds"),
                                   pda=f"PDA-{w.rng.randint(1, 140):03d}", n=w.rng.randint(4, 180),
                                   b=w.rng.randint(3000, 90000), ms=w.ms(80, 420)), {"instance": pod, "log_type": "access"}
    if roll < 0.85:
        task = w.rng.choice(("打叶", "绕蔓", "落蔓", "疏果", "采收", "授粉", "巡检"))
        return "INFO", (f"work order WO-{t:%m%d}-{w.rng.randint(1, 300):03d} {task} {g} row {w.rng.randint(1, 40)} done by "
                        f"{w.rng.choice(WORKERS)}"), {"instance": pod}
    if roll < 0.97:
        return "INFO", f"crop plan cache refreshed: {w.rng.randint(20, 30)} active plans, 12 greenhouses", {"instance": pod}
    return "WARN", f"work order WO-{t:%m%d}-{w.rng.randint(1, 300):03d}: photo upload retried (weak Wi-Fi in {g})", {
        "instance": pod}


def _vision(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "lv-vision", t)
    if not _line_running(t):
        return "INFO", f"model fruit-grade-v7 warm, queue 0, GPU memory {w.rng.randint(3100, 3400)} MiB", {"instance": pod}
    return "INFO", INFER.format(l=w.rng.choice((1, 2)), lane=w.rng.randint(1, 8), fid=_fid(w), ms=w.ms(9, 24), prov="CUDA",
                                cls=w.rng.choice(("M", "L", "L", "XL")), d=w.rng.choice(("none", "none", "none", "crack"))), {
        "instance": pod}


def _grading(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "lv-grading", t)
    if not _line_running(t):
        return "INFO", f"lines idle, belts stopped, label printer LP-{w.rng.randint(1, 4)} ready", {"instance": pod}
    roll = w.rng.random()
    if roll < 0.25 and (t >= _t("06:40") or t < _y("17:00")):
        g = w.rng.choice([g for g in GREENHOUSES if g not in SPRAYED])
        return "INFO", INTAKE_OK.format(crate=_crate(w), lot=f"L{t:%m%d}-{g}-0{w.rng.randint(1, 4)}", g=g,
                                        kg=w.rng.uniform(11, 14)), {"instance": pod}
    line = 1 if _inside("recipe", t) else w.rng.choice((1, 2))
    if line == 1 and t < _t("00:00"):
        recipe, dia = "TOMATO_CHERRY_R", w.rng.randint(22, 33)
        cls = "S" if dia < 25 else "M" if dia < 30 else "L"
    else:
        recipe, dia = "TOMATO_PINK_L", w.rng.randint(58, 84)
        cls = "M" if dia < 67 else "L" if dia < 77 else "XL"
    if roll < 0.9:
        return "INFO", FRUIT.format(l=line, fid=_fid(w), dia=dia, g=int(dia * 2.7), c=w.rng.randint(3, 5), cls=cls, r=recipe), {
            "instance": pod}
    if roll < 0.97:
        return "INFO", f"label printer LP-{w.rng.randint(1, 4)}: {w.rng.randint(40, 120)} labels printed, ribbon {w.rng.randint(20, 90)}%", {
            "instance": pod}
    return "WARN", f"line {line} lane {w.rng.randint(1, 8)}: cup sensor dirty, 1 fruit re-weighed", {"instance": pod}


def _coldstore(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "lv-coldstore", t)
    roll = w.rng.random()
    if roll < 0.5:
        room, setpoint = w.rng.choice((("CR-1", 10.0), ("CR-3", 12.0)))
        return "INFO", (f"{room} room temp {setpoint + w.rng.uniform(-0.4, 0.5):.1f}°C (setpoint {setpoint}°C), RH "
                        f"{w.rng.randint(88, 95)}%, compressor {w.rng.randint(20, 60)}%"), {"instance": pod}
    if roll < 0.9:
        return "INFO", (f"dock door D{w.rng.randint(1, 4)} {w.rng.choice(('opened', 'closed'))} (forklift "
                        f"FL-{w.rng.randint(1, 5)})"), {"instance": pod}
    return "WARN", f"dock door D{w.rng.randint(1, 4)} open {w.rng.randint(3, 6)} min (> 3 min), closed by forklift driver", {
        "instance": pod}


def _shop(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "lv-shop", t)
    roll = w.rng.random()
    if roll < 0.5:
        return "INFO", f"GET /api/v2/products?cat={w.rng.choice(('tomato', 'strawberry', 'cucumber', 'gift'))} 200 took={w.ms(15, 80)}ms", {
            "instance": pod, "log_type": "access"}
    if roll < 0.85:
        return "INFO", (f"order O{w.rng.randint(10**9, 10**10 - 1)} paid ¥{w.rng.randint(29, 268)}.00 "
                        f"({w.rng.choice(('草莓礼盒', '粉果番茄 5斤', '樱桃番茄 2斤', '水果黄瓜 3斤'))}), ship {w.rng.choice(('次日达', '同城当日'))}"), {
            "instance": pod}
    if roll < 0.98:
        return "INFO", f"customer service ticket T{w.rng.randint(10**5, 10**6 - 1)} closed: {w.rng.choice(('改地址', '催发货', '开发票'))}", {
            "instance": pod}
    return "WARN", "payment callback for order arrived twice, second ignored (idempotent)", {"instance": pod}


def _b2b(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "lv-b2b", t)
    chain = w.rng.choice(list(STORES))
    if w.rng.random() < 0.7:
        return "INFO", (f"PO {w.rng.randint(45000000, 45999999)} from {chain} {w.rng.choice(STORES[chain])}: "
                        f"{w.rng.randint(3, 12)} lines, delivery 2027-04-{16 if t.date() == DAY else 15}"), {"instance": pod}
    return "INFO", f"price list {chain} 2027-W15 in effect, {w.rng.randint(30, 45)} SKUs", {"instance": pod}


def _dispatch(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "lv-dispatch", t)
    r = w.rng.choice(list(TRUCKS))
    if _y("13:30") <= t < _y("17:00") and w.rng.random() < 0.5:
        chain = w.rng.choice(list(STORES))
        return "INFO", UNLOAD_OK.format(r=r, k=w.rng.randint(1, 5), store=f"{chain} {w.rng.choice(STORES[chain])}",
                                        m=w.rng.randint(8, 14)), {"instance": pod}
    return "INFO", f"truck {TRUCKS[r]} reefer {w.rng.uniform(3.0, 5.0):.1f}°C, GPS ok, {w.rng.choice(('parked', 'on route'))}", {
        "instance": pod}


def _trace(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "lv-trace", t)
    if w.rng.random() < 0.85:
        return "INFO", SCAN_OK.format(lot=w.rng.choice(OTHER_LOTS), city=w.rng.choice(CITIES), n=w.rng.randint(1, 160)), {
            "instance": pod, "log_type": "access"}
    return "INFO", f"lot L{t:%m%d}-G{w.rng.randint(1, 12):02d}-0{w.rng.randint(1, 4)} published: harvest, grading and test records linked", {
        "instance": pod}


def _member(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "lv-member", t)
    roll = w.rng.random()
    if roll < 0.7:
        return "INFO", f"points +{w.rng.randint(10, 268)} for order O{w.rng.randint(10**9, 10**10 - 1)} member M{w.rng.randint(10**6, 10**7 - 1)}", {
            "instance": pod}
    if roll < 0.95:
        return "INFO", f"GET /api/member/profile 200 took={w.ms(10, 60)}ms", {"instance": pod, "log_type": "access"}
    return "WARN", f"points redemption M{w.rng.randint(10**6, 10**7 - 1)}: gift out of stock, points kept", {"instance": pod}


def _energy(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "lv-energy", t)
    roll = w.rng.random()
    if roll < 0.75:
        return "INFO", (f"meter EM-{w.rng.randint(1, 24):02d} {w.rng.uniform(12, 180):.1f} kW, boiler gas "
                        f"{w.rng.randint(20, 160)} m³/h, water {w.rng.uniform(2, 18):.1f} m³/h"), {"instance": pod}
    if roll < 0.97:
        return "INFO", "daily energy report cache refreshed", {"instance": pod}
    return "WARN", f"meter EM-{w.rng.randint(1, 24):02d}: modbus read retried once (timeout 2s)", {"instance": pod}


def _node(w: WorldBuilder, t: dt.datetime) -> Line:
    node = w.rng.choice(GENERAL_NODES)
    if w.rng.random() < 0.6:
        return "INFO", f"kubelet: image garbage collection: usage {w.rng.randint(20, 60)}% below threshold 80%", {
            "instance": node, "trace": False}
    return "INFO", f"chronyd: selected source ntp.lvsui.local, offset {w.rng.uniform(-0.4, 0.4):.3f}ms", {
        "instance": node, "trace": False}


NOISE = {
    "lv-iot": (_iot, 40), "lv-climate": (_climate, 30), "lv-fertigation": (_fertigation, 45), "lv-farmops": (_farmops, 40),
    "lv-vision": (_vision, 30), "lv-grading": (_grading, 25), "lv-coldstore": (_coldstore, 120), "lv-shop": (_shop, 40),
    "lv-b2b": (_b2b, 300), "lv-dispatch": (_dispatch, 180), "lv-trace": (_trace, 60), "lv-member": (_member, 120),
    "lv-energy": (_energy, 150), "lv-k8s-node": (_node, 600),
}


def _every(w: WorldBuilder, start: str | dt.datetime, end: str | dt.datetime, low: int, high: int) -> list[dt.datetime]:
    moment = start if isinstance(start, dt.datetime) else w.at(start)
    stop = end if isinstance(end, dt.datetime) else w.at(end)
    out = []
    while moment < stop:
        out.append(moment)
        moment += dt.timedelta(seconds=w.rng.randint(low, high), milliseconds=w.rng.randint(0, 999))
    return out


def _ops(w: WorldBuilder, moment: dt.datetime, service: str, message: str, **attributes: Any) -> None:
    w.log(moment, service, "INFO", message, instance="ops-console", trace=False, **attributes)


def _rolled(w: WorldBuilder, service: str, step: int, started: str) -> None:
    at = ROLLOUTS[service][step][0]
    old = ROLLOUTS[service][step - 1][1]
    for index, new in enumerate(ROLLOUTS[service][step][1]):
        if new not in old:
            w.log(at + dt.timedelta(seconds=20 * index, milliseconds=w.rng.randint(0, 999)), service, "INFO",
                  started.format(s=w.rng.randint(60, 260) / 10), instance=new, trace=False)


# --- Incident 1: GW-05 on the wrong channels ----------------------------------------------------------------------------
TEMP_SERIES: Keyframes = [(START, 24.8), (_y("14:00"), 25.6), (_y("18:30"), 20.0), (_y("22:30"), 17.4), (_t("05:30"), 15.9),
                          (_t("06:30"), 17.8), (_t("07:30"), 23.5), (_t("08:41"), 32.3), (_t("09:30"), 35.1),
                          (_t("10:11"), 36.0), (_t("10:12"), TEMP_PEAK), (_t("10:13"), 35.9), (_t("10:25"), 31.6),
                          (REFERENCE, 27.4)]


def gateway_channels(w: WorldBuilder) -> None:
    iot, climate = "lv-iot", "lv-climate"
    ota, fixed = _y("22:30:12.118"), _t("10:06:20.204")
    w.log(ota, iot, "INFO", GW_OTA, instance="GW-05", trace=False, change="ops")
    for moment in _every(w, START + dt.timedelta(minutes=2), REFERENCE, 595, 605):
        for g in ("GW-04", "GW-05", "GW-06"):
            wrong = g == "GW-05" and ota < moment < fixed
            rx = w.rng.randint(0, 2) if wrong else w.rng.randint(1500, 2300)
            w.log(moment + dt.timedelta(seconds=int(g[-1])), iot, "INFO",
                  GW_STATS.format(g=g, ch="8-15" if wrong else "0-7", rx=rx, ok=rx if wrong else rx - w.rng.randint(5, 30),
                                  crc=0 if wrong else w.rng.randint(5, 30), tx=0 if wrong else w.rng.randint(20, 80),
                                  bh="eth", cpu=w.rng.randint(4, 15)), instance=g, trace=False)
    for moment in _every(w, _y("23:00"), fixed, 3590, 3610):
        w.log(moment, iot, "WARN", DEV_STATUS.format(n=0, last="22:29:41"), instance=ROLLOUTS[iot][0][1][0], trace=False)
    _ops(w, _t("09:50:10.330"), iot, IOT_NOTE)
    w.log(fixed, iot, "INFO", GW_FIX, instance="GW-05", trace=False, change="ops")
    # The climate control: G05 on its own sensors until 22:29, on held values after, fresh again at 10:06.
    w.log(_t("05:20:10.441"), climate, "INFO", CLIMATE_DEPLOY, instance=ROLLOUTS[climate][1][1][0], change="deploy")
    _rolled(w, climate, 1, "ClimateControlApplication 2.17.1 started in {s} seconds")
    for moment in _every(w, START + dt.timedelta(minutes=1), REFERENCE, 290, 310):
        probe = _probe(moment)
        day = _daylight(moment)
        if moment < _y("22:29:41") or moment >= fixed:
            vents = 85 if moment >= fixed else (max(0, min(60, int((probe - 22) * 12))) if day else 0)
            w.log(moment, climate, "INFO", CLIMATE_G5.format(temp=f"{probe - 0.3:.1f}°C", state="sensors ok", probe=probe,
                                                             v=vents, s=0 if day else 100), instance=_pod(w, climate, moment))
        else:
            w.log(moment, climate, "INFO", CLIMATE_G5.format(temp="17.2°C", state="held, stale", probe=probe, v=0,
                                                             s=0 if day else 100), instance=_pod(w, climate, moment))
    for moment in _every(w, _y("22:45"), fixed, 1190, 1210):
        w.log(moment, climate, "WARN", CLIMATE_STALE.format(z=w.rng.choice(("5A", "5B"))), instance=_pod(w, climate, moment))
    w.log(fixed + dt.timedelta(seconds=40), climate, "INFO", CLIMATE_FRESH, instance=_pod(w, climate, fixed))
    _ops(w, _t("09:05:30.551"), climate, "climate_oncall_zhengyu: 5号温室工人说里面三十五六度，天窗一直是 0%，环控上显示 17.2°C 没变过")
    w.alert("ZoneSensorStale", climate, "warning", _t("06:05"), _t("10:10"), "18 个传感器",
            "5号温室 18 个传感器数据超过 30 分钟未更新（白天程序）", namespace=NS, greenhouse="G05")
    w.alert("GreenhouseTempHigh", climate, "critical", _t("08:41"), _t("10:25"), TEMP_ALERT,
            "5号温室安全探头温度 32.3°C，超过阈值 32°C", namespace=NS, greenhouse="G05")


def _probe(moment: dt.datetime) -> float:
    return round(interpolate(TEMP_SERIES, moment), 1)


# --- Incident 2: the copied plan on pump P2 ----------------------------------------------------------------------------------
def plan_overlap(w: WorldBuilder) -> None:
    farm, fert = "lv-farmops", "lv-fertigation"
    w.log(_y("17:40:10.118"), farm, "INFO", PLAN_PUBLISH, instance=ROLLOUTS[farm][0][1][0], change="ops")
    for index, (prog, old) in enumerate((("IR-3A", "06:30"), ("IR-3B", "06:30"), ("IR-4A", "06:45"), ("IR-4B", "06:45"))):
        w.log(_y("17:40:30") + dt.timedelta(seconds=2 * index), fert, "INFO", PROG_UPDATE.format(p=prog, old=old),
              instance=ROLLOUTS[fert][0][1][0], trace=False)
    w.log(_t("06:00:10.204"), fert, "INFO", FERT_CONFIG, instance=ROLLOUTS[fert][0][1][1], change="config")
    pulses = [_t("06:30") + dt.timedelta(minutes=30 * k) for k in range(4)]
    for pulse in pulses:
        w.log(pulse + dt.timedelta(seconds=2), fert, "INFO",
              PULSE_START.format(clock=f"{pulse:%H:%M}", zones=",".join(P2_ZONES), n=4), instance=ROLLOUTS[fert][0][1][0],
              trace=False)
        for moment in _every(w, pulse + dt.timedelta(seconds=40), pulse + dt.timedelta(minutes=12), 25, 60):
            w.log(moment, fert, "WARN", FLOW_LOW.format(z=w.rng.choice(P2_ZONES), f=w.rng.uniform(2.0, 3.0),
                                                        p=w.rng.uniform(0.7, 1.1)), instance=ROLLOUTS[fert][0][1][0],
                  trace=False)
    _ops(w, _t("07:20:10.330"), fert, "fert_oncall_xuyang: 3、4 号温室每次脉冲四个区一起开，P2 压力只有 0.8 bar，加肥一直暂停")
    w.log(_t("08:25:10.441"), farm, "INFO", PLAN_FIX, instance=ROLLOUTS[farm][1][1][0], change="ops")
    for index, prog in enumerate(("IR-4A", "IR-4B")):
        w.log(_t("08:25:30") + dt.timedelta(seconds=2 * index), fert, "INFO", PROG_FIX.format(p=prog),
              instance=ROLLOUTS[fert][0][1][0], trace=False)
    for pulse, zones in ((_t("08:30"), "3A,3B"), (_t("08:45"), "4A,4B"), (_t("09:00"), "3A,3B"), (_t("09:15"), "4A,4B"),
                         (_t("09:30"), "3A,3B"), (_t("09:45"), "4A,4B"), (_t("10:00"), "3A,3B"), (_t("10:15"), "4A,4B"),
                         (_t("10:30"), "3A,3B")):
        w.log(pulse + dt.timedelta(seconds=2), fert, "INFO", PULSE_START.format(clock=f"{pulse:%H:%M}", zones=zones, n=2),
              instance=ROLLOUTS[fert][0][1][0], trace=False)
    w.alert("IrrigationFlowLow", fert, "warning", _t("06:36"), _t("08:32"), "2.4 m³/h",
            "4B 区滴灌流量 2.4 m³/h，低于阈值 4 m³/h", namespace=NS, zone="4B")


# --- Incident 3: CO2 under open vents --------------------------------------------------------------------------------------
TANK_SERIES: Keyframes = [(START, 64.0), (_y("13:20"), 61.0), (_y("15:50"), 19.6), (_y("16:40"), 12.0), (_y("18:21"), 11.6),
                          (_y("18:22"), 86.0), (_t("09:00"), 84.9), (REFERENCE, 83.2)]


def co2_interlock(w: WorldBuilder) -> None:
    climate = "lv-climate"
    w.log(_y("13:00:10.118"), climate, "INFO", HEATING_CONFIG, instance=ROLLOUTS[climate][0][1][0], change="config")
    w.log(_y("13:20:15.204"), climate, "INFO", CO2_PROG, instance=ROLLOUTS[climate][0][1][1], change="ops")
    for moment in _every(w, START + dt.timedelta(minutes=4), _y("16:00"), 240, 360) + _every(w, "09:00", REFERENCE, 240, 360):
        g = f"G0{w.rng.randint(1, 6)}"
        vents = w.rng.randint(30, 62)
        if _inside("co2", moment):
            w.log(moment, climate, "INFO", CO2_STATUS.format(g=g, ppm=w.rng.randint(430, 480), d=100, v=vents),
                  instance=_pod(w, climate, moment))
        else:
            w.log(moment, climate, "INFO", CO2_STOPPED.format(g=g, ppm=w.rng.randint(400, 430), v=vents),
                  instance=_pod(w, climate, moment))
    for moment in _every(w, START + dt.timedelta(minutes=5), REFERENCE, 598, 602):
        level = interpolate(TANK_SERIES, moment)
        flow = 700 + w.rng.randint(-30, 30) if _inside("co2", moment) else w.rng.randint(0, 12)
        w.log(moment, climate, "INFO", TANK.format(lvl=level, kg=int(level * 50), f=flow), instance=_pod(w, climate, moment),
              trace=False)
    _ops(w, _y("15:58:10.330"), climate, CO2_NOTE)
    w.log(_y("16:40:20.441"), climate, "INFO", CO2_FIX, instance=ROLLOUTS[climate][0][1][1], change="ops")
    _ops(w, _y("18:22:40.551"), climate, TANK_REFILL)
    w.alert("CO2TankLevelLow", climate, "warning", _y("15:50"), _y("18:40"), "19.6%",
            "CO2 储罐 T1 液位 19.6%，低于阈值 20%", namespace=NS, tank="T1")


# --- Incident 4: the GPU node's old driver ------------------------------------------------------------------------------------
LATENCY_SERIES: Keyframes = [(START, 21), (_y("13:00"), 22), (_y("18:30"), 19), (_t("06:52"), 18), (_t("07:00"), 240),
                             (_t("07:08"), 412), (_t("08:00"), 1380), (_t("09:13"), 1790), (_t("09:14"), 1846),
                             (_t("09:15"), 1785), (_t("10:00"), 1610), (REFERENCE, 1655)]


def gpu_driver(w: WorldBuilder) -> None:
    vision, node, grading = "lv-vision", "lv-k8s-node", "lv-grading"
    w.log(_y("15:30:10.118"), node, "INFO", NODE_DRAIN, instance=BAD_NODE, trace=False)
    w.log(_t("03:05:40.204"), node, "INFO", NODE_IMAGE, instance=BAD_NODE, trace=False)
    w.log(_t("03:10:10.330"), node, "INFO", NODE_BACK, instance=BAD_NODE, trace=False)
    for moment in _every(w, START + dt.timedelta(minutes=3), REFERENCE, 890, 910):
        busy = _line_running(moment)
        for gpu in GPU_NODES:
            w.log(moment, node, "INFO", DCGM.format(u=w.rng.randint(35, 70) if busy else w.rng.randint(0, 3),
                                                    u2=w.rng.randint(30, 65) if busy else 0, m=w.rng.randint(3100, 7000),
                                                    drv="550.90.07"), instance=gpu, trace=False)
        if moment >= _t("03:10:10"):
            w.log(moment + dt.timedelta(seconds=1), node, "INFO", DCGM.format(u=0, u2=0, m=0, drv="470.199.02"),
                  instance=BAD_NODE, trace=False)
    w.log(_t("06:45:10.441"), vision, "INFO", VISION_CONFIG, instance=VISION_BASE[0], change="config")
    _ops(w, _t("06:52:05.551"), vision, HPA_SCALE)
    _rolled(w, vision, 1, "VisionServer 3.4.0 started in {s} seconds")
    for index, pod in enumerate(ON_BAD_NODE):
        w.log(_t("06:53:30") + dt.timedelta(seconds=20 * index, milliseconds=311), vision, "WARN", CUDA_FAIL, instance=pod,
              trace=False)
    for moment in _every(w, "06:55", REFERENCE, 3, 9):
        pod = w.rng.choice(ON_BAD_NODE)
        line, lane, fid = w.rng.choice((1, 2)), w.rng.randint(1, 8), _fid(w)
        took = w.ms(680, 1900)
        w.log(moment, vision, "INFO", INFER.format(l=line, lane=lane, fid=fid, ms=took, prov="CPUExecutionProvider",
                                                   cls=w.rng.choice(("M", "L", "XL")), d="none"), instance=pod, trace=False)
        if moment >= _t("07:00"):
            w.log(moment - dt.timedelta(milliseconds=took - 300), grading, "WARN",
                  REWORK.format(l=line, lane=lane, fid=fid), instance=_pod(w, grading, moment), trace=False)
    _ops(w, _t("08:15:20.118"), vision, VISION_NOTE)
    w.alert("VisionInferenceLatencyHigh", vision, "critical", _t("07:08"), None, VISION_ALERT,
            "视觉推理延迟 P95 412ms，超过阈值 300ms", namespace=NS)


# --- Incident 5: line 2 on the cherry recipe ------------------------------------------------------------------------------
REJECT_SERIES: Keyframes = [(START, 2.1), (_y("14:05"), 2.4), (_y("14:12"), 88.6), (_y("14:40"), 91.2), (_y("15:18"), 90.4),
                            (_y("15:25"), 2.8), (REFERENCE, 2.2)]


def line_recipe(w: WorldBuilder) -> None:
    grading = "lv-grading"
    w.log(_y("13:40:10.118"), grading, "INFO", GRADING_DEPLOY, instance=ROLLOUTS[grading][1][1][0], change="deploy")
    _rolled(w, grading, 1, "GradingApplication 5.2.3 started in {s} seconds")
    w.log(_y("14:05:30.204"), grading, "INFO", RECIPE_SWITCH, instance="HMI-2", trace=False, change="ops")
    for moment in _every(w, _y("13:00"), _y("18:30"), 20, 50):
        wrong = _inside("recipe", moment) and moment > _y("14:05:31")
        dia = w.rng.randint(58, 84)
        if wrong:
            cls, recipe = "OVERSIZE, reject bin", "TOMATO_CHERRY_R"
        else:
            cls, recipe = ("M" if dia < 67 else "L" if dia < 77 else "XL"), "TOMATO_PINK_L"
        w.log(moment, grading, "INFO", FRUIT.format(l=2, fid=_fid(w), dia=dia, g=int(dia * 2.7), c=w.rng.randint(3, 5),
                                                    cls=cls, r=recipe), instance=_pod(w, grading, moment), trace=False)
    for moment in _every(w, _y("14:15"), _y("15:18"), 595, 605):
        total = w.rng.randint(2200, 2600)
        ratio = w.rng.uniform(87.0, 91.0)
        w.log(moment, grading, "WARN", REJECT_SUMMARY.format(r=ratio, n=int(total * ratio / 100), m=total),
              instance=_pod(w, grading, moment), trace=False)
    _ops(w, _y("15:10:20.330"), grading, "pack_oncall_zhaolei: 2 号线的粉果全判成 OVERSIZE 进了废果箱，别的线正常")
    w.log(_y("15:18:10.441"), grading, "INFO", RECIPE_BACK, instance="HMI-2", trace=False, change="ops")
    _ops(w, _y("15:19:30.551"), grading, RECIPE_NOTE)
    w.log(_y("15:22:40.118"), grading, "INFO", REFEED, instance=_pod(w, grading, _y("15:22")))
    w.alert("GradingRejectRateHigh", grading, "warning", _y("14:12"), _y("15:25"), "88.6%",
            "2 号线废果率 88.6%，超过阈值 15%", namespace=NS, line="2")


# --- Incident 6: the bulk update under the morning sync ------------------------------------------------------------------
SYNC_SERIES: Keyframes = [(START, 8), (_y("18:10"), 46), (_y("18:30"), 6), (_y("19:00"), 1), (_t("05:50"), 1), (_t("05:58"), 90),
                          (_t("06:02"), 640), (_t("06:06"), 1140), (_t("06:07"), SYNC_PEAK), (_t("06:08"), 1150),
                          (_t("06:20"), 820), (_t("06:40"), 160), (_t("06:50"), 14), (REFERENCE, 9)]


def bulk_sync(w: WorldBuilder) -> None:
    farm = "lv-farmops"
    w.log(_y("17:10:20.118"), farm, "INFO", BULK, instance=ROLLOUTS[farm][0][1][0], job="bulk-update")
    w.log(_t("05:30:10.204"), farm, "INFO", FARMOPS_DEPLOY, instance=ROLLOUTS[farm][1][1][0], change="deploy")
    _rolled(w, farm, 1, "FarmOpsApplication 4.6.1 started in {s} seconds")
    for moment in _every(w, "05:55", "06:45", 2, 6):
        pda = f"PDA-{w.rng.randint(1, 140):03d}"
        since = _y("18:00") + dt.timedelta(minutes=w.rng.randint(2, 28), seconds=w.rng.randint(0, 59))
        if moment < _t("06:01") or w.rng.random() < 0.45:
            w.log(moment, farm, "INFO", SYNC.format(since=since.isoformat(timespec="seconds"), pda=pda,
                                                     n=184_320 + w.rng.randint(40, 900), b=w.rng.randint(96, 104) * 1_000_000,
                                                     ms=w.ms(21000, 58000)),
                  instance=_pod(w, farm, moment), log_type="access")
        else:
            w.log(moment, farm, "WARN", SYNC_503.format(since=since.isoformat(timespec="seconds"), pda=pda, ms=w.ms(2, 40)),
                  instance=_pod(w, farm, moment), log_type="access")
    _ops(w, _t("06:25:30.330"), farm, SYNC_NOTE)
    w.alert("PdaSyncLatencyHigh", farm, "warning", _t("06:04"), _t("06:52"), SYNC_ALERT,
            "手持终端同步 P95 18.4 秒，超过阈值 10 秒", namespace=NS)


# --- Incident 7: phi_days 70 -----------------------------------------------------------------------------------------------
def catalogue_phi(w: WorldBuilder) -> None:
    farm, grading = "lv-farmops", "lv-grading"
    w.log(_y("21:15:40.118"), farm, "INFO", CATALOGUE, instance=ROLLOUTS[farm][0][1][1], job="catalogue-import")
    for index, (prod, crop, old, new, m) in enumerate(CAT_ROWS):
        w.log(_y("21:15:41") + dt.timedelta(milliseconds=120 * index), farm, "INFO",
              CAT_ROW.format(prod=prod, crop=crop, old=old, new=new, m=m), instance=ROLLOUTS[farm][0][1][1], trace=False)
    w.log(_t("06:20:10.204"), grading, "INFO", GRADING_CONFIG, instance=ROLLOUTS[grading][1][1][0], change="config")
    for moment in _every(w, "06:40", "08:50", 40, 110):
        g = w.rng.choice(list(SPRAYED))
        date, allowed = SPRAYED[g]
        w.log(moment, grading, "WARN", INTAKE_REJECT.format(crate=_crate(w), lot=f"L0415-{g}-0{w.rng.randint(1, 3)}", g=g,
                                                            date=date, allowed=allowed), instance="intake-1", trace=False)
    _ops(w, _t("07:30:10.330"), grading, INTAKE_NOTE)
    w.log(_t("08:50:20.441"), farm, "INFO", CAT_FIX, instance=ROLLOUTS[farm][1][1][1], job="catalogue-import")
    w.log(_t("08:55:10.551"), grading, "INFO", INTAKE_RECHECK, instance=ROLLOUTS[grading][1][1][1])
    w.alert("GradingIntakeRejectsHigh", grading, "warning", _t("06:48"), _t("09:02"), "14 筐/10分钟",
            "进料口拒收 14 筐/10分钟，超过阈值 10", namespace=NS)


# --- Incident 8: the pre-cooling probe in the air --------------------------------------------------------------------------
CR2_SERIES: Keyframes = [(START, 1.1), (_y("16:10"), 1.2), (_y("17:00"), 3.4), (_y("17:22"), 4.6), (_y("18:00"), 6.5),
                         (_y("18:35"), 7.1), (_y("18:36"), CR2_PEAK), (_y("18:37"), 7.1), (_y("19:20"), 6.2),
                         (_y("20:31"), 3.9), (_y("21:00"), 2.0), (_t("00:00"), 1.2), (REFERENCE, 1.1)]


def precool_probe(w: WorldBuilder) -> None:
    cold = "lv-coldstore"
    pod = ROLLOUTS[cold][0][1][0]
    w.log(_y("15:40:10.118"), cold, "INFO", MAINTENANCE, instance=pod, trace=False, change="ops")
    w.log(_y("16:00:10.204"), cold, "INFO", COLD_CONFIG, instance=ROLLOUTS[cold][0][1][1], change="config")
    cycle = 10
    pallet = {"G11": 1, "G12": 1}

    def run(start: dt.datetime, end: dt.datetime, bad: bool, day: dt.date) -> None:
        nonlocal cycle
        moment = start
        while moment < end:
            minutes = w.rng.randint(5, 8) if bad else w.rng.randint(65, 95)
            done = moment + dt.timedelta(minutes=minutes, seconds=w.rng.randint(0, 59))
            if done >= end:
                break
            for slot in range(4):
                g = w.rng.choice(("G11", "G12"))
                w.log(done + dt.timedelta(seconds=3 * slot), cold, "INFO",
                      PRECOOL.format(c=f"C{day:%m%d}-{cycle:02d}", p=f"P-{g}-{day:%m%d}-{pallet[g]:02d}", g=g,
                                     s=w.rng.uniform(19.5, 23.5), m=minutes,
                                     a=w.rng.uniform(3.5, 3.95) if bad else w.rng.uniform(1.5, 2.5)),
                      instance=pod, trace=False)
                pallet[g] += 1
            cycle += 1
            moment = done + dt.timedelta(minutes=w.rng.randint(4, 9))

    run(START + dt.timedelta(minutes=5), _y("12:40"), False, EVE)
    run(_y("16:05"), _y("19:10"), True, EVE)
    cycle, pallet = 1, {"G11": 1, "G12": 1}
    run(_t("08:20"), REFERENCE, False, DAY)
    for moment in _every(w, START + dt.timedelta(minutes=7), REFERENCE, 598, 602):
        temp = interpolate(CR2_SERIES, moment)
        hot = temp > 4.0
        w.log(moment, cold, "WARN" if hot else "INFO",
              CR2.format(t=temp, c=100 if hot else w.rng.randint(25, 55), f=100 if hot else 80, n=w.rng.randint(40, 64)),
              instance=pod, trace=False)
    _ops(w, _y("18:50:20.330"), cold, COLD_NOTE)
    _ops(w, _y("19:20:30.441"), cold, PROBE_FIX)
    w.alert("ColdRoomTempHigh", cold, "critical", _y("17:22"), _y("20:31"), CR2_ALERT,
            "2 号冷库温度 4.6°C，超过阈值 4°C", namespace=NS, room="CR-2")


# --- Incident 9: the loading lists in delivery order ---------------------------------------------------------------------
def loading_order(w: WorldBuilder) -> None:
    disp, b2b = "lv-dispatch", "lv-b2b"
    old, new = ROLLOUTS[disp][0][1], ROLLOUTS[disp][1][1]
    for index, r in enumerate(TRUCKS):
        w.log(_y("12:50:00") + dt.timedelta(minutes=3 * index, seconds=w.rng.randint(0, 59)), disp, "INFO",
              LOADING.format(ld=f"LD-0414-{r}", r=r, truck=TRUCKS[r], n=w.rng.randint(4, 6), order="REVERSE_DELIVERY_SEQ",
                             p=w.rng.randint(6, 10)), instance=old[0], trace=False)
    w.log(_t("04:30:10.118"), disp, "INFO", DISPATCH_DEPLOY, instance=new[0], change="deploy")
    _rolled(w, disp, 1, "DispatchApplication 2.9.0 started in {s} seconds")
    w.log(_t("05:10:10.204"), disp, "INFO", DISPATCH_CONFIG, instance=new[1], change="config")
    for index, r in enumerate(TRUCKS):
        w.log(_t("05:15:00") + dt.timedelta(minutes=4 * index, seconds=w.rng.randint(0, 59)), disp, "INFO",
              LOADING.format(ld=f"LD-0415-{r}", r=r, truck=TRUCKS[r], n=9, order="DELIVERY_SEQ", p=w.rng.randint(14, 18)),
              instance=new[0], trace=False)
    stores = [f"{chain} {name}" for chain, names in STORES.items() for name in names]
    for index, r in enumerate(TRUCKS):
        moment = _t("06:30") + dt.timedelta(minutes=5 * index)
        for k in range(1, 10):
            moment += dt.timedelta(minutes=w.rng.randint(12, 22))
            if moment >= _t("10:28"):
                break
            store = stores[(index * 3 + k) % len(stores)]
            until = _t("08:30") if k <= 5 else _t("10:00")
            if moment > until:
                w.log(moment, disp, "WARN", LATE.format(r=r, k=k, store=store, clock=f"{moment:%H:%M}", until=f"{until:%H:%M}",
                                                        d=int((moment - until).total_seconds() // 60)),
                      instance=w.rng.choice(new), trace=False)
            minutes = w.rng.randint(30, 50) if k < 9 else w.rng.randint(9, 13)
            done = moment + dt.timedelta(minutes=minutes)
            if done >= REFERENCE:
                break
            if k < 9:
                w.log(done, disp, "WARN", UNLOAD.format(r=r, k=k, store=store, m=minutes, note=w.rng.choice(DRIVER_NOTES)),
                      instance=w.rng.choice(new), trace=False)
            else:
                w.log(done, disp, "INFO", UNLOAD_OK.format(r=r, k=k, store=store, m=minutes), instance=w.rng.choice(new),
                      trace=False)
            moment = done
    _ops(w, _t("08:40:10.330"), disp, DISPATCH_NOTE)
    _ops(w, _t("10:25:40.118"), disp, DISPATCH_RESCHEDULE)
    w.log(_t("09:36:10.441"), disp, "INFO", DISPATCH_FIX, instance=new[1], change="config")
    _ops(w, _t("09:40:20.551"), b2b, "b2b_am_zhouting: 家家惠、百联鲜 多家门店投诉今早到货超出收货时段")
    w.alert("StoreDeliveryLate", disp, "warning", _t("07:52"), _t("10:28"), "5 家门店",
            "超出收货时段的门店 5 家，超过阈值 3", namespace=NS)


# --- Incident 10: the DC's receiving scans --------------------------------------------------------------------------------
def dc_scans(w: WorldBuilder) -> None:
    trace, b2b, shop = "lv-trace", "lv-b2b", "lv-shop"
    _ops(w, _y("16:30:10.118"), b2b, JJH_NOTICE)
    counts = dict.fromkeys(JJH_LOTS, 0)
    flagged: set[str] = set()
    for moment in _every(w, "04:40", "06:10", 6, 12):
        lot = w.rng.choice(JJH_LOTS)
        counts[lot] += w.rng.randint(18, 30)  # a logged request stands for the scans of a case
        w.log(moment, trace, "INFO", SCAN_DC.format(lot=lot, x=w.rng.randint(10, 14), y=w.rng.randint(2, 250), n=counts[lot]),
              instance=_pod(w, trace, moment), log_type="access")
        if counts[lot] > 500 and lot not in flagged:
            flagged.add(lot)
            w.log(moment + dt.timedelta(milliseconds=5), trace, "WARN", AC_FLAG.format(lot=lot, n=counts[lot]),
                  instance=_pod(w, trace, moment), trace=False)
    for index, lot in enumerate(JJH_LOTS):
        w.log(_t("06:12:00") + dt.timedelta(seconds=40 * index), b2b, "INFO",
              ASN_RECEIPT.format(asn=f"ASN-0415-{index + 1:02d}", n=counts[lot] - w.rng.randint(0, 12)),
              instance=ROLLOUTS[b2b][0][1][0], trace=False)
    for moment in _every(w, "07:40", REFERENCE, 20, 50):
        lot = w.rng.choice(JJH_LOTS)
        counts[lot] += 1
        w.log(moment, trace, "INFO", SCAN_WARN.format(lot=lot, city=w.rng.choice(CITIES[:3]), n=counts[lot]),
              instance=_pod(w, trace, moment), log_type="access")
    w.log(_t("08:30:10.204"), trace, "INFO", TRACE_DEPLOY, instance=ROLLOUTS[trace][1][1][0], change="deploy")
    _rolled(w, trace, 1, "TraceApplication 3.1.0 started in {s} seconds")
    for moment in _every(w, "08:10", REFERENCE, 400, 900):
        w.log(moment, shop, "WARN", f"customer service ticket T{w.rng.randint(10**5, 10**6 - 1)}: 顾客在家家惠买的番茄，扫盒上"
              "的码提示扫码次数异常、谨防假冒，怀疑买到假货", instance=_pod(w, shop, moment))
    _ops(w, _t("09:45:10.330"), trace, TRACE_NOTE)
    w.alert("TraceCounterfeitWarningsHigh", trace, "warning", _t("08:05"), None, "26 次/10分钟",
            "溯源页防伪提示 26 次/10分钟，超过阈值 20", namespace=NS)


# --- Unrelated and the healthy services' changes -----------------------------------------------------------------------
def other_events(w: WorldBuilder) -> None:
    for moment in _every(w, START + dt.timedelta(minutes=6), REFERENCE, 598, 602):
        lte = moment >= _t("09:18")
        w.log(moment, "lv-iot", "INFO", GW_STATS.format(g="GW-09", ch="0-7", rx=w.rng.randint(1500, 2300), ok=w.rng.randint(1450, 1500),
                                                        crc=w.rng.randint(5, 30), tx=w.rng.randint(20, 80),
                                                        bh="lte" if lte else "eth", cpu=w.rng.randint(4, 15)),
              instance="GW-09", trace=False)
    w.log(_t("09:18:20.118"), "lv-iot", "WARN", BACKHAUL, instance="GW-09", trace=False)
    w.alert("GatewayBackhaulOnLte", "lv-iot", "warning", _t("09:20"), None, "LTE",
            "网关 GW-09 回传切到 LTE（光纤中断）", namespace=NS, gateway="GW-09")
    w.alert("HostCpuHigh", "lv-k8s-node", "warning", _t("01:35"), _t("02:05"), "89%",
            "lv-k8s-node-03 CPU 89%（夜间经营报表批处理）", instance="lv-k8s-node-03")
    w.log(_t("09:10:10.204"), "lv-member", "INFO", MEMBER_DEPLOY, instance=ROLLOUTS["lv-member"][1][1][0], change="deploy")
    _rolled(w, "lv-member", 1, "MemberApplication 1.8.4 started in {s} seconds")
    w.log(_t("07:30:10.330"), "lv-energy", "INFO", ENERGY_CONFIG, instance=ROLLOUTS["lv-energy"][0][1][0], change="config")


# --- Kubernetes state at 10:40 --------------------------------------------------------------------------------------------
STEADY = (
    ("lv-iot", 41, "2027-04-02T00:40:00+08:00", "release lv-iot 3.4.2", "3.4.2"),
    ("lv-climate", 88, "2027-04-15T05:20:10+08:00", "release lv-climate 2.17.1 (pipeline #3318)", "2.17.1"),
    ("lv-fertigation", 37, "2027-03-28T00:40:00+08:00", "release lv-fertigation 1.12.3", "1.12.3"),
    ("lv-farmops", 104, "2027-04-15T05:30:10+08:00", "release lv-farmops 4.6.1 (pipeline #3321)", "4.6.1"),
    ("lv-grading", 63, "2027-04-14T13:40:10+08:00", "release lv-grading 5.2.3 (pipeline #3302)", "5.2.3"),
    ("lv-coldstore", 22, "2027-03-30T00:40:00+08:00", "release lv-coldstore 2.3.1", "2.3.1"),
    ("lv-shop", 131, "2027-04-09T00:40:00+08:00", "release lv-shop 6.1.0", "6.1.0"),
    ("lv-b2b", 49, "2027-04-07T00:40:00+08:00", "release lv-b2b 3.7.2", "3.7.2"),
    ("lv-dispatch", 58, "2027-04-15T04:30:10+08:00", "release lv-dispatch 2.9.0 (pipeline #3324)", "2.9.0"),
    ("lv-trace", 46, "2027-04-15T08:30:10+08:00", "release lv-trace 3.1.0 (pipeline #3327)", "3.1.0"),
    ("lv-member", 29, "2027-04-15T09:10:10+08:00", "release lv-member 1.8.4 (pipeline #3329)", "1.8.4"),
    ("lv-energy", 14, "2027-03-21T00:40:00+08:00", "release lv-energy 1.4.0", "1.4.0"),
)


def _deployment(w: WorldBuilder, service: str, revision: int, changed: str, cause: str, tag: str, pods: tuple[str, ...],
                ready: int) -> None:
    w.deployment(namespace=NS, name=service, service=service, replicas=len(pods), ready=ready, available=ready,
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
        _deployment(w, service, revision, changed, cause, tag, pods, len(pods))
    for pod in VISION_ALL:
        w.pod(namespace=NS, name=pod, service="lv-vision", phase="Running", ready="0/1" if pod in ON_BAD_NODE else "1/1",
              restarts=0, last_termination=None, waiting_reason=None, node=node_of(pod), observed_at=REFERENCE)
    _deployment(w, "lv-vision", 27, "2027-04-08T00:40:00+08:00", "release lv-vision 3.4.0", "3.4.0", VISION_ALL, 4)
    hour_ago = REFERENCE - dt.timedelta(hours=1)
    for index, pod in enumerate(ON_BAD_NODE):
        w.event(type="Warning", reason="Unhealthy", object=f"Pod/{pod}",
                message=f"Readiness probe failed: Get \"http://10.44.9.{21 + index}:8080/v2/health/ready\": context deadline "
                        "exceeded (Client.Timeout exceeded while awaiting headers)",
                count=14 + 5 * index, first_seen=hour_ago + dt.timedelta(minutes=2 + index),
                last_seen=REFERENCE - dt.timedelta(minutes=1, seconds=13 * index))


# --- Metrics --------------------------------------------------------------------------------------------------------------
def build_metrics(w: WorldBuilder) -> None:
    at = w.at
    morning = [(at("05:30"), at("10:40"))]
    afternoon = [(_y("13:00"), _y("21:00"))]
    w.series("greenhouse_air_temp_celsius", "lv-climate", "°C", TEMP_SERIES, start=START, fine=morning, spread=0.3, digits=1,
             threshold=32, greenhouse="G05")
    w.series("vent_position_percent", "lv-climate", "%",
             [(START, 35), (_y("18:30"), 0), (_t("06:00"), 0), (_t("10:06"), 0), (_t("10:08"), 85), (REFERENCE, 70)],
             start=START, fine=morning, digits=0, greenhouse="G05")
    w.series("co2_tank_level_percent", "lv-climate", "%", TANK_SERIES, start=START, fine=afternoon, spread=0.2, digits=1,
             tank="T1")
    w.series("gateway_rx_packets_10m", "lv-iot", "个",
             [(START, 1900), (_y("22:30"), 1850), (_y("22:31"), 1), (_t("10:06"), 1), (_t("10:07"), 1880), (REFERENCE, 1900)],
             start=START, spread=60, digits=0, gateway="GW-05")
    w.series("irrigation_flow_m3h", "lv-fertigation", "m³/h",
             [(START, 6.0), (_t("06:29"), 6.0), (_t("06:31"), 2.4), (_t("08:24"), 2.5), (_t("08:26"), 6.0), (REFERENCE, 6.0)],
             start=START, fine=morning, spread=0.2, digits=1, zone="4B")
    w.series("irrigation_line_pressure_bar", "lv-fertigation", "bar",
             [(START, 2.1), (_t("06:29"), 2.1), (_t("06:31"), 0.8), (_t("08:24"), 0.9), (_t("08:26"), 2.0), (REFERENCE, 2.1)],
             start=START, fine=morning, spread=0.1, digits=1, pump="P2")
    w.series("pda_sync_requests_per_min", "lv-farmops", "次/分钟", SYNC_SERIES, start=START, fine=morning, spread=15, digits=0)
    w.series("pda_sync_p95_seconds", "lv-farmops", "秒",
             [(START, 0.4), (_t("05:55"), 0.4), (_t("06:04"), 18.4), (_t("06:15"), 47.0), (_t("06:40"), 22.0),
              (_t("06:52"), 0.6), (REFERENCE, 0.4)], start=START, fine=morning, spread=0.5, digits=1, threshold=10)
    w.series("vision_inference_p95_ms", "lv-vision", "ms", LATENCY_SERIES, start=START, fine=morning, spread=20, digits=0,
             threshold=300)
    w.series("grading_rework_percent", "lv-grading", "%",
             [(START, 0.8), (_t("07:00"), 0.9), (_t("07:10"), 24.0), (_t("09:00"), 33.0), (REFERENCE, 31.0)],
             start=START, fine=morning, spread=1.0, digits=1)
    w.series("grading_reject_ratio_percent", "lv-grading", "%", REJECT_SERIES, start=START, fine=afternoon, spread=0.8,
             digits=1, threshold=15, line="2")
    w.series("grading_intake_rejects_per_10m", "lv-grading", "筐",
             [(START, 0), (_t("06:40"), 0), (_t("06:48"), 14), (_t("07:30"), 17), (_t("08:50"), 16), (_t("09:02"), 0),
              (REFERENCE, 0)], start=START, fine=morning, digits=0, threshold=10)
    w.series("cold_room_temp_celsius", "lv-coldstore", "°C", CR2_SERIES, start=START, fine=afternoon, spread=0.1, digits=1,
             threshold=4, room="CR-2")
    w.series("store_deliveries_late", "lv-dispatch", "家",
             [(START, 0), (_t("07:40"), 0), (_t("07:52"), 5), (_t("09:00"), 11), (_t("10:20"), 14), (_t("10:28"), 0),
              (REFERENCE, 0)], start=START, fine=morning, digits=0, threshold=3)
    w.series("trace_counterfeit_warnings_per_10m", "lv-trace", "次",
             [(START, 0), (_t("07:40"), 0), (_t("08:05"), 26), (_t("09:30"), 31), (REFERENCE, 29)], start=START, fine=morning,
             spread=2, digits=0, threshold=20)
    w.series("trace_scans_per_min", "lv-trace", "次/分钟",
             [(START, 3), (_t("04:39"), 1), (_t("04:41"), 160), (_t("06:09"), 150), (_t("06:11"), 1), (_t("08:00"), 4),
              (REFERENCE, 5)], start=START, fine=[(at("04:30"), at("10:40"))], spread=1, digits=0)
    for service, p99, threshold in (("lv-member", 160, 1000), ("lv-energy", 240, 2000)):
        w.series("http_5xx_ratio", service, "%", [(START, 0.03), (at("09:10"), 0.21), (at("10:00"), 0.08), (REFERENCE, 0.04)],
                 start=START, spread=0.02, digits=2, threshold=2)
        w.series("http_p99_latency", service, "ms", [(START, p99 - 30), (at("09:10"), p99 + 220), (REFERENCE, p99)],
                 start=START, spread=15, digits=0, threshold=threshold)


# --- Runbooks -------------------------------------------------------------------------------------------------------------
RUNBOOKS: list[tuple[str, str, str]] = [
    ("runbooks/climate/temp-high.md", "温室高温处理手册", runbook(
        "温室高温处理手册", "适用于 lv-climate 某栋温室安全探头温度过高、天窗不开。",
        ["GreenhouseTempHigh：安全探头温度超过 32°C", "ZoneSensorStale：传感器数据 30 分钟未更新"],
        ["对比环控使用的温度与安全探头温度；环控温度长时间不变说明在保持最后值。", "查该温室传感器节点的最后上报时间与所经网关。",
         "查网关的统计（收包数、信道计划）与最近的固件升级。"],
        ["传感器或网关离线，环控保持最后值。", "天窗电机故障。", "环控程序设定错误。"],
        ["恢复传感器数据；必要时手动开天窗、开湿帘降温。"])),
    ("runbooks/fertigation/flow-low.md", "滴灌流量低处理手册", runbook(
        "滴灌流量低处理手册", "适用于 lv-fertigation 灌溉流量低、管网压力不足、配肥暂停。",
        ["IrrigationFlowLow：区域滴灌流量低于 4 m³/h"],
        ["看同一主泵同时开启的区数与主泵额定区数。", "核对灌溉程序的启动时间来自哪个种植计划、何时下发。", "查过滤器压差。"],
        ["同一主泵同时开启的区过多。", "过滤器堵塞。", "主泵故障。"],
        ["错开各区启动时间；清洗过滤器。"])),
    ("runbooks/climate/co2.md", "CO2 储罐液位低处理手册", runbook(
        "CO2 储罐液位低处理手册", "适用于 lv-climate 液态 CO2 储罐液位低、消耗异常。",
        ["CO2TankLevelLow：储罐液位低于 20%"],
        ["看各温室施肥阀开度与天窗开度。", "查当前 CO2 程序的参数（设定值、开窗停施条件）及修改记录。"],
        ["开窗时未停止施肥。", "管路泄漏。", "供应商延迟送气。"],
        ["恢复开窗停施条件；联系供应商补气。"])),
    ("runbooks/vision/latency.md", "视觉推理延迟处理手册", runbook(
        "视觉推理延迟处理手册", "适用于 lv-vision 推理延迟高、分级线返工道果子增多。",
        ["VisionInferenceLatencyHigh：推理延迟 P95 超过 300ms"],
        ["按 Pod 看推理耗时与执行后端（CUDA / CPU），慢的 Pod 在哪台节点。", "看该节点的 GPU 驱动版本与最近的维修记录。"],
        ["GPU 不可用，推理退回 CPU。", "批大小过大。", "模型文件损坏。"],
        ["把 Pod 迁离异常节点并修复节点驱动；扩容。"])),
    ("runbooks/grading/reject.md", "分级线废果率高处理手册", runbook(
        "分级线废果率高处理手册", "适用于 lv-grading 某条线废果率高。",
        ["GradingRejectRateHigh：废果率超过 15%"],
        ["看被拒的果子判的是什么等级、按哪个配方。", "核对当前批次的品种与线上配方，配方最近由谁修改。"],
        ["配方与批次品种不符。", "相机脏污。", "果子品质差。"],
        ["切回正确配方，回流废果箱重新分级。"])),
    ("runbooks/farmops/pda-sync.md", "手持终端同步慢处理手册", runbook(
        "手持终端同步慢处理手册", "适用于 lv-farmops 手持终端同步慢、503。",
        ["PdaSyncLatencyHigh：同步 P95 超过 10 秒"],
        ["看同步返回的记录数与字节数是否异常。", "查 since 之后有哪些批量数据变更。"],
        ["批量变更导致增量同步变全量。", "Wi-Fi 覆盖差。", "数据库慢。"],
        ["分批同步，限制并发；批量变更安排在非班次时间。"])),
    ("runbooks/grading/intake.md", "进料口拒收处理手册", runbook(
        "进料口拒收处理手册", "适用于 lv-grading 进料口拒收采收筐。",
        ["GradingIntakeRejectsHigh：拒收超过 10 筐/10分钟"],
        ["看拒收原因与涉及的温室。", "安全间隔期拒收：核对植保记录的施药日期与农药目录中的安全间隔期。"],
        ["农药目录数据错误。", "植保记录录错温室。", "采收筐标签不清。"],
        ["更正目录或记录后重新校验放行。"])),
    ("runbooks/coldstore/temp-high.md", "冷库温度高处理手册", runbook(
        "冷库温度高处理手册", "适用于 lv-coldstore 冷库温度超过阈值。",
        ["ColdRoomTempHigh：冷库温度超过阈值"],
        ["看压缩机、风机状态与门的开关记录。", "看最近入库托盘的果心温度与预冷周期时长。"],
        ["入库货物未充分预冷。", "门长时间开着。", "制冷故障。"],
        ["未预冷的托盘退回预冷；检修制冷。"])),
    ("runbooks/dispatch/late.md", "门店配送超时处理手册", runbook(
        "门店配送超时处理手册", "适用于 lv-dispatch 门店到货超出收货时段。",
        ["StoreDeliveryLate：超时门店超过 3 家"],
        ["看各站卸货时长与司机备注。", "核对装车单的装车顺序。"],
        ["装车顺序错误，卸货时间长。", "路况拥堵。", "门店收货排队。"],
        ["通知门店延长收货时段；修正装车顺序。"])),
    ("runbooks/trace/counterfeit.md", "溯源防伪提示处理手册", runbook(
        "溯源防伪提示处理手册", "适用于 lv-trace 消费者扫码出现防伪提示。",
        ["TraceCounterfeitWarningsHigh：防伪提示超过 20 次/10分钟"],
        ["看被提示的批次、扫码次数与扫码来源（IP、UA、城市）。", "看这些批次的发货去向。"],
        ["批次二维码被大量扫描（物流环节、仿冒）。", "规则阈值过低。"],
        ["排除非消费者扫码后重置批次计数；调整规则。"])),
    ("runbooks/climate/pad-pump.md", "湿帘水泵故障处理手册", runbook(
        "湿帘水泵故障处理手册", "适用于湿帘水泵不出水。",
        ["PadPumpFault"], ["看水泵电流。"], ["水泵叶轮卡死。"], ["更换湿帘水泵叶轮。"])),
    ("runbooks/climate/grow-light.md", "补光灯回路跳闸处理手册", runbook(
        "补光灯回路跳闸处理手册", "适用于补光灯回路跳闸。",
        ["GrowLightCircuitTrip"], ["看回路电流。"], ["灯具老化短路。"], ["更换补光灯镇流器。"])),
]


def build_bundle(seed: int = SEED) -> Json:
    w = WorldBuilder(seed=seed, day=DAY, tz=TZ, reference=REFERENCE, instances=INSTANCES,
                     labels={"env": "prod", "cluster": "lv-prod", "region": "cn-east-1"})
    for service, (make, every) in NOISE.items():
        w.noise(service, make, START, every_s=every)
    gateway_channels(w)
    plan_overlap(w)
    co2_interlock(w)
    gpu_driver(w)
    line_recipe(w)
    bulk_sync(w)
    catalogue_phi(w)
    precool_probe(w)
    loading_order(w)
    dc_scans(w)
    other_events(w)
    k8s_state(w)
    build_metrics(w)
    documents = [{"title": title, "source": source, "content": content} for source, title, content in RUNBOOKS]
    return w.bundle(name="LvSui 绿穗农业 2027-04-15", services=SERVICES, documents=documents)


# --- Questions ------------------------------------------------------------------------------------------------------------
#: Each incident's own words: in another incident's answer, a misattribution.
FAMILY = {
    "gateway": ("OTA-LX-0414-22", "ch 8-15"),
    "irrigation": ("PP-2027-SPR-02", "planner_zhoumin"),
    "co2": ("CO2-SPR-2", "dose_stop_vent_pct"),
    "gpu": ("470.199.02", "CUDA driver version is insufficient"),
    "recipe": ("TOMATO_CHERRY_R", "pack_lead_wangqiang"),
    "bulk": ("BU-0414-01", "rootstock"),
    "phi": ("PC-2027-04", "phi_days"),
    "precool": ("MW-0414-03", "core probe"),
    "loading": ("load_order=DELIVERY_SEQ", "LD-0415"),
    "counterfeit": ("JJH-WMS", "AC-3"),
}
#: The remedies of the runbooks for problems that did not happen.
UNRELATED_REMEDIES = ("更换湿帘水泵叶轮", "更换补光灯镇流器")
FIRING = ("VisionInferenceLatencyHigh", "TraceCounterfeitWarningsHigh", "GatewayBackhaulOnLte")
INCIDENT_WORDS = tuple(word for words in FAMILY.values() for word in words)


def _not(*own: str, told: tuple[str, ...] = ()) -> tuple[str, ...]:
    """The other incidents' words, plus the unrelated runbooks' remedies — less ``told``: another incident's words the asked
    service itself logs (the grading line logs both its recipe and the catalogue's phi_days; the farm operations log the plan,
    the bulk update and the catalogue), which name no misattribution when an answer quotes them."""
    return tuple(word for family, words in FAMILY.items() if family not in own for word in words
                 if word not in told) + UNRELATED_REMEDIES


GRADING_TOLD = FAMILY["recipe"] + FAMILY["phi"]
FARMOPS_TOLD = FAMILY["irrigation"] + FAMILY["bulk"] + FAMILY["phi"]

QUESTIONS: tuple[WorldQuestion, ...] = (
    WorldQuestion(
        "greenhouse_g5_vents_shut_cause",
        "5号温室今天上午闷得不行，工人说里面三十好几度，天窗一直关着没开，环控这是怎么了？", "cause",
        asked_facts=(fact("sensors stale", "held, stale", "holding last values", "17.2°C", "保持最后值"),),
        cause_facts=(fact("GW-05"),
                     fact("ch 8-15", "OTA-LX-0414-22", "2.8.0", "联信物联", "信道")),
        forbidden=_not("gateway", told=FAMILY["co2"]), service="lv-climate",
        diagnosis="昨晚 22:30 网关厂商 联信物联 夜间 OTA（OTA-LX-0414-22）把 5号温室的网关 GW-05 升到 2.8.0，新固件默认信道计划 "
                  "CN470 ch 8-15，而温室 18 个传感器节点在 ch 0-7 上发 → 网关收包为 0，环控拿不到数据，保持最后值 17.2°C；"
                  "早上日照升温，环控以为 17.2°C 天窗保持 0%，安全探头 10:12 最高 36.4°C。10:06 厂商改回 ch 0-7（OTA-LX-0415-03），"
                  "天窗打开。05:20 的 lv-climate 2.17.1 发布不是原因",
    ),
    WorldQuestion(
        "greenhouse_p2_flow_low_cause",
        "今天早上六点半以后，3号、4号温室的滴灌流量一直上不去，水肥机老报压力不够、配肥也停了，这是怎么回事？", "cause",
        asked_facts=(fact("line pressure", "flow below injector minimum", "EC dosing paused", "压力"),),
        cause_facts=(fact("PP-2027-SPR-02", "planner_zhoumin", "种植计划"),
                     fact("06:45 -> 06:30", "4 zones", "四个区", "pump P2", "P2")),
        forbidden=_not("irrigation"), service="lv-fertigation",
        diagnosis="昨天 17:40 种植计划员 planner_zhoumin 发布春茬计划 PP-2027-SPR-02（照搬去年的），把 IR-4A、IR-4B 的启动时间从 "
                  "06:45 改成 06:30 → 每次脉冲 3A、3B、4A、4B 四个区同时开，主泵 P2 额定只带两个区 → 管网压力 0.7–1.1 bar，"
                  "滴灌流量 2–3 m³/h，流量低于注肥器下限，EC 配肥暂停。08:25 计划更正为错开。06:00 的 "
                  "fertigation.ec.smoothing-sec 配置不是原因",
    ),
    WorldQuestion(
        "greenhouse_co2_tank_drain_cause",
        "昨天下午 CO2 储罐的液位掉得飞快，不到四点就报了低液位，环控那边出了什么问题？", "cause",
        asked_facts=(fact("CO2TankLevelLow", "19.6%", "液位"),),
        cause_facts=(fact("CO2-SPR-2", "agro_lihua", "CO2 程序"),
                     fact("dose_stop_vent_pct", "dosing valve 100%", "天窗开着")),
        forbidden=_not("co2", told=FAMILY["gateway"]), service="lv-climate",
        diagnosis="昨天 13:20 农艺师 agro_lihua 给 1-6 号温室启用 CO2 程序 CO2-SPR-2，dose_stop_vent_pct=100（开窗不再停止施肥，"
                  "原来是 15%）→ 天窗开着三四十还在满阀施 CO2，储罐 T1 从 61% 掉到 12%，15:50 CO2TankLevelLow。16:40 改回 15，"
                  "18:22 林德气体 补气。13:00 的 climate.heating.pipe-min-temp 配置不是原因",
    ),
    WorldQuestion(
        "greenhouse_vision_rework_cause",
        "分选线从七点多开始一直有果子被打到返工道，说是等不到视觉结果，视觉识别服务怎么了？", "cause",
        asked_facts=(fact("no vision result within 300ms", "rework lane", "返工"),),
        cause_facts=(fact(BAD_NODE, "gpu-02"),
                     fact("470.199.02", "CUDA driver version is insufficient", "CPUExecutionProvider", "驱动", "HW-0414-05")),
        forbidden=_not("gpu"), service="lv-vision",
        diagnosis="lv-k8s-gpu-02 昨天下线换 GPU（HW-0414-05），03:10 回来时用旧镜像 gpu-node-2026.09 重装，NVIDIA 驱动 470.199.02 "
                  "（CUDA 11.4）；06:52 HPA 把 lv-vision 从 4 扩到 6，新的两个 Pod 调度到这台节点，模型要 CUDA 12.2 → "
                  "CUDA driver version is insufficient，退回 CPUExecutionProvider，一个果子 0.7–1.9 秒，分级线 300ms 等不到结果就"
                  "打进返工道。gpu-01、gpu-03 上的四个 Pod 正常。06:45 的 vision.batch.max-size 配置不是原因",
    ),
    WorldQuestion(
        "greenhouse_line2_oversize_cause",
        "昨天下午二号线怎么把粉果几乎全判成超规格打进了废果箱？分级线那会儿出了什么事？", "cause",
        asked_facts=(fact("OVERSIZE", "超规格", "reject bin"),),
        cause_facts=(fact("TOMATO_CHERRY_R", "樱桃番茄配方", "cherry"),
                     fact("pack_lead_wangqiang", "HMI-2", "配方")),
        forbidden=_not("recipe", told=GRADING_TOLD), service="lv-grading",
        diagnosis="14:05 班长 pack_lead_wangqiang 在 HMI-2 上把 2 号线配方从 TOMATO_PINK_L 切到 TOMATO_CHERRY_R（选错了配方，那是 1 号线樱桃番茄用的），"
                  "2 号线还在分 G03 的粉果番茄，樱桃番茄配方 35mm 以上都是 OVERSIZE → 废果率 88%–91%。15:18 切回，41 筐回流重分。"
                  "13:40 的 lv-grading 5.2.3 发布不是原因",
    ),
    WorldQuestion(
        "greenhouse_pda_sync_cause",
        "今天早上六点上班那会儿，工人的手持终端半天同步不下来，好多报 503，领不到工单，农事系统怎么了？", "cause",
        asked_facts=(fact("503", "sync worker pool exhausted", "同步"),),
        cause_facts=(fact("BU-0414-01", "rootstock", "farm_admin_chenjie", "批量更新"),
                     fact("184,320", "18 万", "全量")),
        forbidden=_not("bulk", told=FARMOPS_TOLD), service="lv-farmops",
        diagnosis="昨天 17:10 farm_admin_chenjie 的批量更新 BU-0414-01 给 G01-G12 全部 184,320 条植株档案写了 rootstock（砧木）字段，"
                  "每条记录的 updated_at 都变了 → 06:00 上班时 140 台手持终端按 since 增量同步，每台都拉全量 18 万条、约 100 MB，"
                  "同步线程池 32/32 占满 → 503、重试，请求最高每分钟 1186 次，06:45 后恢复。05:30 的 lv-farmops 4.6.1 发布不是原因",
    ),
    WorldQuestion(
        "greenhouse_intake_phi_cause",
        "今天一早 2 号和 6 号温室送来的果子在进料口全被拒收，提示安全间隔期没到，可这两栋四月初就打过药了，怎么回事？", "cause",
        asked_facts=(fact("PHI_NOT_ELAPSED", "安全间隔期"),),
        cause_facts=(fact("phi_days 7 -> 70", "phi_days 70", "70 天"),
                     fact("PC-2027-04", "plantpro_hezhi", "农药目录", "catalogue")),
        forbidden=_not("phi", told=GRADING_TOLD), service="lv-grading",
        diagnosis="昨晚 21:15 植保主管 plantpro_hezhi 导入农药目录 PC-2027-04，啶虫脒 20% 可溶粉剂（番茄）的安全间隔期被写成 "
                  "phi_days 70（应为 7，导入表多了一个 0）→ G02（04-03 施药）、G06（04-05 施药）的采收筐在进料口按 70 天校验，"
                  "PHI_NOT_ELAPSED 拒收。08:50 更正（PC-2027-04-r1），08:55 96 筐放行。06:20 的 grading.intake.scale-tolerance-g "
                  "配置不是原因",
    ),
    WorldQuestion(
        "greenhouse_trace_counterfeit_cause",
        "今天不少顾客反映，扫我们盒子上的溯源码，页面提示“扫码次数异常，谨防假冒”，溯源系统这是怎么了？", "cause",
        asked_facts=(fact("谨防假冒", "COUNTERFEIT_SUSPECT"),),
        cause_facts=(fact("家家惠华东物流中心", "JJH-WMS", "家家惠"),
                     fact("AC-3", "> 500", "scan_count")),
        forbidden=_not("counterfeit"), service="lv-trace",
        diagnosis="家家惠 从 4 月 15 日起在华东物流中心逐盒扫描商品上的溯源二维码收货（JJH-WMS/3.2），04:40–06:10 把送给家家惠的"
                  "六个批次各扫了两千来次 → 超过防伪规则 AC-3 的 500 次，批次被标记 → 07:40 起顾客扫这些批次的码，页面提示扫码次数"
                  "异常、谨防假冒（COUNTERFEIT_SUSPECT），告警仍在触发。08:30 的 lv-trace 3.1.0 发布不是原因",
    ),
    WorldQuestion(
        "greenhouse_g5_temp_quantity", "5号温室今天上午温度最高到了多少度？", "quantity",
        asked_facts=(fact(str(TEMP_PEAK), "36.4°C"),), forbidden=_not("gateway", told=FAMILY["co2"]), service="lv-climate",
        peak=Peak("lv-climate", "greenhouse_air_temp_celsius", TEMP_PEAK),
        diagnosis="greenhouse_air_temp_celsius（G05 安全探头）峰值 36.4°C（10:12）；GreenhouseTempHigh 触发时是 32.3°C。起因是网关 "
                  "GW-05 的信道计划",
    ),
    WorldQuestion(
        "greenhouse_pda_sync_rate_quantity", "早上手持终端同步请求最多的时候一分钟有多少次？", "quantity",
        asked_facts=(fact(str(SYNC_PEAK), "1,186"),), forbidden=_not("bulk", told=FARMOPS_TOLD), service="lv-farmops",
        peak=Peak("lv-farmops", "pda_sync_requests_per_min", SYNC_PEAK),
        diagnosis="pda_sync_requests_per_min 峰值 1186 次/分钟（06:07）；平时每分钟几次到几十次。起因是昨天 17:10 的批量更新",
    ),
    WorldQuestion(
        "greenhouse_cr2_temp_quantity", "昨晚 2 号冷库温度最高升到了几度？", "quantity",
        asked_facts=(fact(str(CR2_PEAK), "7.4°C"),), forbidden=_not("precool"), service="lv-coldstore",
        peak=Peak("lv-coldstore", "cold_room_temp_celsius", CR2_PEAK),
        diagnosis="cold_room_temp_celsius（CR-2）峰值 7.4°C（18:36）；ColdRoomTempHigh 触发时是 4.6°C。起因是预冷隧道 PT-1 的果心"
                  "探头在 MW-0414-03 之后挂在回风里，草莓没预冷透就入库",
    ),
    WorldQuestion(
        "greenhouse_delivery_late_existence", "今天早上门店配送是不是报过警？好几个司机说每到一家店都得先把别家的货搬下来。",
        "existence",
        asked_facts=(fact("StoreDeliveryLate"),),
        cause_facts=(fact("2.9.0", "load_order=DELIVERY_SEQ", "DELIVERY_SEQ", "装车顺序"),),
        forbidden=_not("loading"), service="lv-dispatch",
        diagnosis="报过：StoreDeliveryLate 07:52 触发、10:28 恢复。04:30 发布的 lv-dispatch 2.9.0 把装车单改成 "
                  "load_order=DELIVERY_SEQ，第一家店的货先装、压在车厢最里面，每站都要先搬出后面几家的托盘，卸货 30–50 分钟，"
                  "错过收货时段。09:36 dispatch.loading.order 改回 REVERSE_DELIVERY_SEQ（明天生效）。05:10 的 "
                  "dispatch.route.max-stops 配置不是原因",
    ),
    WorldQuestion(
        "greenhouse_member_healthy", "有顾客说下单积分没到账，会员积分那边今天有没有出问题或者告警？", "existence",
        asked_facts=(HEALTHY,), forbidden=INCIDENT_WORDS, service="lv-member", healthy=True,
        diagnosis="没有：lv-member 只有积分入账、资料查询的 INFO 和礼品缺货的 WARN，5xx、p99 远低于阈值，无告警；09:10 的 1.8.4 "
                  "发布与各故障无关",
    ),
    WorldQuestion(
        "greenhouse_energy_healthy", "能耗监测系统今天有没有报错或者告警？", "existence",
        asked_facts=(HEALTHY,), forbidden=INCIDENT_WORDS, service="lv-energy", healthy=True,
        diagnosis="没有：lv-energy 只有电表、锅炉燃气与水表读数的 INFO 和 modbus 重试的 WARN，5xx、p99 低于阈值，无告警；07:30 的 "
                  "energy.meter.poll-sec 配置与此无关",
    ),
    WorldQuestion(
        "greenhouse_alert_listing", "眼下还在响的告警有哪些？都列出来。", "listing",
        asked_facts=tuple(fact(name) for name in FIRING), forbidden=("lv-member", "lv-energy"),
        diagnosis="3 条：VisionInferenceLatencyHigh（07:08 起，lv-vision，gpu-02 上的两个 Pod 走 CPU）、TraceCounterfeitWarningsHigh"
                  "（08:05 起，lv-trace，家家惠物流中心的收货扫码）、GatewayBackhaulOnLte（09:20 起，GW-09 光纤被施工挖断走 LTE，"
                  "数据正常）；其余告警都已恢复",
    ),
    WorldQuestion(
        "greenhouse_climate_changes_listing", "环控系统从昨天上午到现在都做过哪些变更？发版、配置、程序调整都列一下。", "listing",
        asked_facts=(fact("climate.heating.pipe-min-temp"), fact("CO2-SPR-2 activated"), fact("dose_stop_vent_pct 100 -> 15"),
                     fact("2.17.1")),
        forbidden=_not("co2"), service="lv-climate",
        diagnosis="四次：昨天 13:00 climate.heating.pipe-min-temp 35 -> 30、13:20 启用 CO2 程序 CO2-SPR-2（dose_stop_vent_pct=100）、"
                  "16:40 dose_stop_vent_pct 100 -> 15、今天 05:20 发布 2.17.1",
    ),
)

WORLD = World(name=NAME, title="LvSui 绿穗农业（智慧温室基地）", build=build_bundle, questions=QUESTIONS)
