"""World "pethospital": 毛孩子宠物医院 MaoHaiZi Pet Hospitals, a city chain of six veterinary hospitals (``vh-*`` services: the
owners' App and mini-program back end with appointments and vaccine slots, the queue and call-number system, the vets' clinic
HIS with medical records and prescriptions, the LIS that takes the in-house analyzers' results, the DR/ultrasound PACS, the
report centre that renders lab and imaging reports for the owners, the pharmacy with its drug and vaccine stock, the pet
insurance claims with the insurer 瑞宠保险's API, boarding and grooming with the kennel cameras, membership cards, payment,
the SMS/WeChat reminders, the hospitals' edge gateways and the Kubernetes nodes), seen from Monday 2027-10-18 10:40 to the
reference time Tuesday 2027-10-19 10:40 (+08:00): an ordinary Tuesday morning in the autumn rabies campaign. Nothing here was
written for the offline agents; ten incidents of families the other worlds do not have, in ordinary noise:

(1) 14:50 (eve)     vh-lab at H02 滨江: the analyzer vendor 朗迪's engineer ld_fae_sunjie reinstalls the biochemistry analyzer
                    LD-VC300-H02 after a mainboard swap (WO-LD-1018-02); the LIS interface profile comes back with its default
    15:08–20:18     species, so every sample is sent ``species=CANINE`` — cats too (the field is wrong only in the result lines)
                    → cats' creatinine and glucose judged by canine ranges, autoverify FAIL, a manual-review backlog (peak 87,
                    LabManualReviewBacklog). 20:15 the vendor restores the species mapping. The 14:30 deploy 3.12.1 is a decoy.
(2) 07:35           vh-lab at H01 西溪总院: lab_h01_zhoumin opens a new box of QC material, lot 2310A, while the analyzer keeps the
                    target table of lot 2306B → Westgard 1-3s rejects, CREA/BUN/GLU locked (QC_LOCKED), the morning's kidney
    07:41–09:30     panels couriered to 滨江 (LabQcLocked). 09:28 the QC lead enters the new lot's targets. The 07:20 delta-check
                    config is a decoy.
(3) 17:35 (eve)     vh-pacs at H03 城北: the DR vendor 锐影医疗 replaces the DR console (WO-RY-1018-05); the new console calls as
                    ``DR_CB01``, the modality registry knows ``H03_DR01`` → the worklist refuses it, radiographers type the
    18:12–21:32     patients in, studies arrive with an empty accession → UNMATCHED, vets see no images (PacsUnmatchedStudies).
                    21:30 the AE title is registered and 37 studies merged. The 17:50 viewer config is a decoy.
(4) 08:02           vh-pacs at H02 滨江 ← vh-boarding via vh-edge: the kennel-camera cloud vendor 看宠云 upgrades the branch's 32
                    kennel cameras to HD-continuous cloud recording (a free campaign) → the branch's 100 Mbps uplink at 98% →
    08:40–10:05     DR and ultrasound studies reach the PACS late, arrival delay peaks 1137 s at 09:26 (PacsStudyArrivalDelay
                    fired at 318 秒). 10:02 boarding puts the cameras back on SD and caps them. The 08:15 PACS deploy is a decoy.
(5) 01:32           vh-report on vh-k8s-node-07: the security team's EDR pilot (weian-edr policy POL-K8S-PILOT, SEC-1019-02) turns
                    on on-access scanning of the container directories on node-07 only → the two report-renderer pods there
    08:30 → now     open fonts and templates through a single scan queue; fine at night, 6–15 s per PDF under the morning load,
                    p95 13.8 s (ReportRenderSlow, still firing). The four pods elsewhere render in under a second. The 08:20
                    watermark config is a decoy.
(6) 09:30           vh-app ← outside: the district 农业农村局 texts every registered dog owner about the rabies immunisation deadline
                    with our booking link (``ref=nyj_sms_1019``) → vaccine-slot requests from 34/s to 2486/s at 09:37, the
    09:31–10:18     booking database pool exhausted, 503 系统繁忙 (AppSlotApiErrors). 10:15 a 30 s slot cache. The 09:10 App
                    back-end deploy 6.8.3 is a decoy.
(7) 02:10           vh-notify ← vh-his: data_ops_qianyu imports the acquired 良渚分院's legacy records (IMPORT-LZ-1019, 原 宠爱 HIS);
                    the old system kept deaths only in its remarks (``已离世``), the import sets every pet ``status=ACTIVE`` →
    09:00–10:25     the 09:00 vaccine reminder run reminds owners of deceased pets (ReminderComplaintsHigh). 10:20 reminders of
                    the imported pets paused, 1,143 pets marked DECEASED. The 08:40 template config is a decoy.
(8) 20:00 (eve)     vh-claim ← 瑞宠保险: the insurer moves claim review to a nightly batch that fetches the attachments at 02:00;
                    our presigned attachment URLs expire after 1800 s → ``403 SignatureExpired`` to ruichong-docbatch →
    07:30–10:05     returned claims ``MATERIAL_UNREADABLE`` all morning (ClaimsReturnedHigh). 09:40 the URL expiry raised to
                    72 h, the returned claims resubmitted. The 06:50 deploy 2.8.1 is a decoy.
(9) 07:45           vh-pharmacy: pharm_lead_gaowen's formulary update FORM-1019 adds the new supplier's 美洛昔康注射液 0.5% as
                    MLX-INJ-5, copied from MLX-INJ-1.5 with its ``concentration=1.5mg/mL`` → volumes computed 3.3 times too
    08:05–09:42     large, prescriptions held DOSE_VOLUME_OVER_MAX (PharmacyDispenseHeld). 09:40 FORM-1019-r1. The 07:40 label
                    config is a decoy.
(10) 18:40 (eve)    vh-queue at H05 临平 (24 h 急诊): the front-desk lead creates the night triage category 夜间急诊 with
                    ``priority=0``, read by the queue as the lowest → emergencies called after vaccinations and rechecks, the
    19:40–22:45     longest emergency wait 52 min at 21:47 (EmergencyWaitLong fired at 21 分钟). 22:40 priority 9. The 18:30
                    deploy 2.9.0 is a decoy.

Healthy: vh-member (its 09:00 points-reminder config is a decoy) and vh-pay (its 07:00 deploy 1.12.4 is a decoy) — INFO/WARN
noise only, under their thresholds, no alert. Still firing at 10:40: ReportRenderSlow (5) and NodeFilesystemAlmostFull
(vh-k8s-node-02's /var/log, a ticket). Kubernetes: the deployments and their pods with their nodes, the events of the last
hour. Run ``python -m evaluation.worlds pethospital`` to print the bundle.
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

NAME = "pethospital"
SEED = 20271019
TZ = dt.timezone(dt.timedelta(hours=8))
DAY = dt.date(2027, 10, 19)
EVE = dt.date(2027, 10, 18)
START = dt.datetime(2027, 10, 18, 10, 40, tzinfo=TZ)
REFERENCE = dt.datetime(2027, 10, 19, 10, 40, tzinfo=TZ)
NS = "maohaizi-vet"
REGISTRY = "harbor.maohaizi.local/vet"

_t = functools.partial(clock_on, DAY, TZ)
_y = functools.partial(clock_on, EVE, TZ)

HOSPITALS = {"H01": "西溪总院", "H02": "滨江分院", "H03": "城北分院", "H04": "萧山分院", "H05": "临平分院", "H06": "良渚分院"}
DOGS = ("柯基", "金毛", "泰迪", "柴犬", "边牧", "拉布拉多", "比熊", "中华田园犬")
CATS = ("英短", "布偶", "橘猫", "美短", "暹罗", "狸花猫")
VACCINES = ("狂犬疫苗", "犬八联", "猫三联", "犬四联")

# --- (1) the reinstalled analyzer at 滨江 sends every sample as a dog ---------------------------------------------------
SPECIES_ANALYZER = "LD-VC300-H02"
REINSTALL = ("analyzer LD-VC300-H02 (滨江分院 生化) software reinstalled by vendor engineer ld_fae_sunjie (朗迪 WO-LD-1018-02: "
             "主板更换后重装 VetChem 4.2); LIS interface profile restored from defaults, connection to LIS re-established")
LAB_DEPLOY = ("deploy finished: vh-lab 3.12.1 (was 3.12.0) rolled out by ci-bot pipeline=#5521; changes: 报告审核人签名, 外送"
              "检验条码前缀")
RESULT = ("HL7 ORU^R01 from {an} sample {s} pet {pet} ({breed}) species={sp}: CREA {crea} umol/L{cf} (ref {cref}), GLU {glu} "
          "mmol/L{gf} (ref {gref}) -> autoverify {verdict}")
REF = {"CANINE": ("44-133", "3.9-6.9"), "FELINE": ("71-212", "3.9-8.3")}
SPECIES_FIXED = ("ld_fae_sunjie remote: LD-VC300-H02 LIS interface mapping restored (OBR-15 -> species), profile VetChem-LIS "
                 "v7 re-applied (WO-LD-1018-03)")
REVIEW_PEAK = 87

# --- (2) the new QC lot at 西溪 with the old lot's targets -----------------------------------------------------------------
QC_ANALYZER = "LD-VC300-H01"
QC_LOT = ("QC material in use on LD-VC300-H01 changed by lab_h01_zhoumin: 朗迪 多项生化质控 L1/L2 lot 2306B -> 2310A (new box "
          "opened); target/SD table: lot 2306B (effective 2027-06-20)")
QC_RUN = ("QC run LD-VC300-H01 lot 2310A {lv} {test} {v} {unit} (target {tg} ± {sd}, table lot 2306B) z={z:+.1f} -> Westgard "
          "1-3s REJECT")
QC_LOCK = "LD-VC300-H01 tests CREA, BUN, GLU locked after QC rejection (QC_LOCKED); patient samples held"
QC_HELD = ("sample {s} pet {pet} ({breed}) CREA, BUN, GLU on LD-VC300-H01: QC_LOCKED, rerouted to 滨江分院 by courier "
           "(TAT +{m} min)")
LAB_DELTA = ("[nacos] config changed: dataId=vh-lab key=lab.autoverify.delta-check.hours old=72 new=48 "
             "operator=lab_dev_yujia")
QC_FIXED = ("lab_qc_lead_hewei: LD-VC300-H01 lot 2310A target/SD table entered from the insert sheet; QC rerun L1/L2 PASS; "
            "CREA, BUN, GLU unlocked")

# --- (3) the replaced DR console at 城北 calls with an unregistered AE title ----------------------------------------------
ECHO = "C-ECHO from calling AE DR_CB01 (10.23.3.41) to VH-PACS accepted (verification)"
MWL_REJECT = ("MWL C-FIND from calling AE DR_CB01 (10.23.3.41) rejected: calling AE title not registered (registered at this "
              "address: H03_DR01)")
UNMATCHED = ("C-STORE from DR_CB01 study {uid} patient \"{name}\" accession=\"\" {n} images -> stored, UNMATCHED (no order "
             "for accession)")
PACS_LAYOUT = ("[nacos] config changed: dataId=vh-pacs key=pacs.viewer.default-layout old=1x1 new=2x2 "
               "operator=pacs_dev_linhao")
AE_FIXED = ("AE title DR_CB01 registered for 城北分院 DR (modality registry) by pacs_admin_tangyu; 37 UNMATCHED studies merged to "
            "their orders")
REPLACEMENT = "pacs_admin_tangyu: 锐影医疗 今天下午在城北分院更换 DR 工作站 (WO-RY-1018-05)，17:35 厂商测过连通"

# --- (4) the kennel cameras fill 滨江's uplink -----------------------------------------------------------------------------
CAM_PLAN = ("camera group 滨江分院寄养区 (32 cameras H02-K01..K32): cloud recording plan SD-7d -> HD-continuous (1080p, 24h), "
            "changed by vendor 看宠云 (活动: 免费升级高清云存储)")
CAM_UPLOAD = "camera H02-K{n:02d} cloud upload {mbps:.1f} Mbps (plan HD-continuous), stream ok"
EDGE_LINE = ("EDGE-H02 WAN1 (电信 100M) outbound {out:.1f} Mbps ({pct}%), top talker 10.22.8.0/24 (寄养摄像头 VLAN) {cam:.1f} "
             "Mbps, 10.22.3.0/24 (影像 VLAN) {img:.1f} Mbps")
ARRIVAL = ("C-STORE from {ae} study {uid} ({mod}, {n} images, {mb} MB) received, arrival delay {d}s after acquisition, "
           "transfer {kbs} KB/s")
PACS_DEPLOY = ("deploy finished: vh-pacs 5.3.2 (was 5.3.1) rolled out by ci-bot pipeline=#5540; changes: 超声测量值导出, 胶片打印"
               "模板")
CAM_FIX = "boarding_ops_xuli: 滨江寄养区摄像头云存储改回 SD-7d，摄像头上行限速 10 Mbps"
ARRIVAL_PEAK = 1137
ARRIVAL_ALERT = "318 秒"

# --- (5) the EDR pilot on node-07 ----------------------------------------------------------------------------------------
EDR_NODE = "vh-k8s-node-07"
DISK_NODE = "vh-k8s-node-02"
EDR_POLICY = ("weian-edr agent 6.2.0: policy POL-K8S-PILOT applied by sec_ops_fangjing (ticket SEC-1019-02): realtime scan "
              "ON_ACCESS for /var/lib/containerd, /var/lib/kubelet/pods")
EDR_STATS = "weian-edr: on-access scans {n}/s, scan queue {q}, avg wait {w} ms, scanner threads 1"
RENDER = "render report {rid} ({kind}, {p} pages) took {ms}ms (fonts {f}, templates {t})"
REPORT_WATERMARK = ("[nacos] config changed: dataId=vh-report key=report.pdf.watermark.enabled old=false new=true "
                    "operator=report_dev_songyu")
RENDER_PEAK = 13.8

# --- (6) the district's SMS with our booking link ------------------------------------------------------------------------
SLOT_OK = "GET /api/v2/vaccine/slots?hospital={h}&date={d} 200 took={ms}ms ref={ref}"
SLOT_FAIL = ("GET /api/v2/vaccine/slots?hospital={h}&date={d} 503 系统繁忙: booking-db pool exhausted (active 60/60, waiting "
             "{w}) took={ms}ms ref=nyj_sms_1019")
APP_DEPLOY = ("deploy finished: vh-app 6.8.3 (was 6.8.2) rolled out by ci-bot pipeline=#5548; changes: 宠物档案页改版, 订单列表"
              "分页")
APP_NOTE = ("app_oncall_weiran: 9:30 起疫苗号源接口请求暴涨，来源都是 ref=nyj_sms_1019——区农业农村局给全区登记犬主发的狂犬病"
            "免疫短信里带了我们的预约链接")
APP_CACHE = ("[nacos] config changed: dataId=vh-app key=app.slots.cache-ttl-sec old=0 new=30 operator=app_oncall_weiran")
SLOT_PEAK = 2486

# --- (7) the 良渚 import without deaths ----------------------------------------------------------------------------------
LZ_IMPORT = ("data import IMPORT-LZ-1019 by data_ops_qianyu: 良渚分院 (原 宠爱 HIS) legacy records -> hospital H06: 14,208 "
             "pets, 11,930 owners, 52,611 vaccination records; field map LZ-v2 (宠物状态 -> status default ACTIVE, 备注 -> remarks)")
LZ_SAMPLE = "pet LZ-{id} imported: {breed}, status=ACTIVE, remarks=\"{date} 已离世\", last {vac} {last}"
REMINDER_RUN = ("vaccine reminder run VR-20271019: 3,412 pets due within 7 days (狂犬疫苗, 犬八联, 猫三联), 1,306 of them at "
                "H06; WeChat 2,701, SMS 711")
REMINDER_SENT = "reminder sent pet {pet} (H0{h}) owner {phone}: {vac}已到期，点击预约 (channel {ch})"
COMPLAINT = "owner complaint {c} pet LZ-{id} (H06): 宠物{ago}就去世了，为什么还发疫苗提醒"
NOTIFY_TEMPLATE = ("[nacos] config changed: dataId=vh-notify key=notify.wechat.template.vaccine-due "
                   "old=Tx8f0Q2 new=Tx9a4K7 operator=notify_dev_heyu")
LZ_FIX = ("notify_oncall_ruiqi: reminders of pets imported by IMPORT-LZ-1019 paused; his_dba_chen marked 1,143 pets "
          "DECEASED from remarks")

# --- (8) the insurer's nightly batch and our presigned URLs --------------------------------------------------------------
INSURER_NOTICE = ("claim_oncall_lina: 瑞宠保险 通知：自 10/18 20:00 起理赔审核改为夜间批量，次日 02:00 统一拉取附件，结果 07:30 "
                  "起回调")
CLAIM_SUBMIT = ("claim {c} submitted to 瑞宠保险 (policy RC{p}): {n} attachments, presigned X-Expires=1800, accepted "
                "status=PENDING_REVIEW")
DOC_403 = ("GET /claim-docs/{c}/{f} 403 SignatureExpired (expired {h}h{m:02d}m ago) ua=ruichong-docbatch/1.0")
RETURNED = "callback from 瑞宠保险: claim {c} RETURNED reason=MATERIAL_UNREADABLE (附件无法下载)"
CLAIM_OCR = ("[nacos] config changed: dataId=vh-claim key=claim.invoice.ocr.timeout-ms old=3000 new=5000 "
             "operator=claim_dev_fengyi")
CLAIM_DEPLOY = ("deploy finished: vh-claim 2.8.1 (was 2.8.0) rolled out by ci-bot pipeline=#5537; changes: 理赔进度推送文案, "
                "保单查询缓存")
CLAIM_EXPIRY = ("[nacos] config changed: dataId=vh-claim key=claim.attachment.url-expiry-sec old=1800 new=259200 "
                "operator=claim_oncall_lina")
CLAIM_RESUBMIT = "claim_oncall_lina: resubmitted 286 returned claims with 72h attachment URLs"

# --- (9) the formulary's copied concentration ----------------------------------------------------------------------------
FORMULARY = ("formulary update FORM-1019 by pharm_lead_gaowen: 12 items; 美洛昔康注射液 0.5% 10mL (海正) added as MLX-INJ-5, "
             "copied from MLX-INJ-1.5 (concentration=1.5mg/mL, max 0.05 mL/kg)")
DISPENSE_HELD = ("dispense Rx{rx} pet {pet} ({breed}, {kg} kg) 美洛昔康注射液 0.5% MLX-INJ-5 dose 0.2 mg/kg = {mg} mg -> "
                 "{ml} mL (concentration=1.5mg/mL) over max {mx} mL -> HELD DOSE_VOLUME_OVER_MAX")
PHARM_LABEL = ("[nacos] config changed: dataId=vh-pharmacy key=pharmacy.label.print-copies old=1 new=2 "
               "operator=pharm_dev_zhaoqi")
FORM_FIX = "formulary update FORM-1019-r1 by pharm_lead_gaowen: MLX-INJ-5 concentration 1.5 -> 5 mg/mL"

# --- (10) the night triage category with priority 0 ----------------------------------------------------------------------
TRIAGE_NEW = ("triage category created at H05 临平分院 by h05_frontdesk_lead_yangfan: 夜间急诊 (code NE, color 红, priority=0, "
              "19:00-08:00)")
TICKET = "ticket {t} ({cat}, priority={pr}) at {h} position {pos} of {q}, waiting {m} min"
QUEUE_DEPLOY = ("deploy finished: vh-queue 2.9.0 (was 2.8.7) rolled out by ci-bot pipeline=#5519; changes: 叫号屏字号, 诊室"
                "空闲提示")
TRIAGE_NOTE = "h05_vet_duty_lumin: 急诊猫呼吸困难等了四十多分钟，叫号一直先叫疫苗和复诊的号"
TRIAGE_FIX = ("triage category NE (夜间急诊) at H05 updated by queue_oncall_kaixin: priority 0 -> 9 (0 is the lowest; 急诊 "
              "is 9)")
WAIT_PEAK = 52
WAIT_ALERT = "21 分钟"

# --- healthy services' decoys, unrelated --------------------------------------------------------------------------------
MEMBER_CONFIG = ("[nacos] config changed: dataId=vh-member key=member.points.expire-reminder-days old=30 new=15 "
                 "operator=member_dev_tianyu")
PAY_DEPLOY = ("deploy finished: vh-pay 1.12.4 (was 1.12.3) rolled out by ci-bot pipeline=#5530; changes: 对账单导出字段, 退款"
              "原因枚举")
DISK_LINE = "node-exporter: /var/log 87% used on vh-k8s-node-02 (journal 31G), ticket OPS-1019-04"

# --- pods, nodes ------------------------------------------------------------------------------------------------------
REPORT_ALL = pod_names("vh-report", "3.2.4", 6)
ON_EDR_NODE = REPORT_ALL[4:6]
ROLLOUTS: dict[str, list[tuple[dt.datetime, tuple[str, ...]]]] = {
    "vh-app": [(START, pod_names("vh-app", "6.8.2", 6)), (_t("09:11:00"), pod_names("vh-app", "6.8.3", 6))],
    "vh-queue": [(START, pod_names("vh-queue", "2.8.7", 3)), (_y("18:31:00"), pod_names("vh-queue", "2.9.0", 3))],
    "vh-his": [(START, pod_names("vh-his", "7.4.2", 6))],
    "vh-lab": [(START, pod_names("vh-lab", "3.12.0", 3)), (_y("14:31:00"), pod_names("vh-lab", "3.12.1", 3))],
    "vh-pacs": [(START, pod_names("vh-pacs", "5.3.1", 4)), (_t("08:16:00"), pod_names("vh-pacs", "5.3.2", 4))],
    "vh-report": [(START, REPORT_ALL)],
    "vh-pharmacy": [(START, pod_names("vh-pharmacy", "3.3.9", 3))],
    "vh-claim": [(START, pod_names("vh-claim", "2.8.0", 3)), (_t("06:51:00"), pod_names("vh-claim", "2.8.1", 3))],
    "vh-boarding": [(START, pod_names("vh-boarding", "1.6.0", 2))],
    "vh-notify": [(START, pod_names("vh-notify", "2.2.5", 2))],
    "vh-member": [(START, pod_names("vh-member", "4.0.3", 2))],
    "vh-pay": [(START, pod_names("vh-pay", "1.12.3", 3)), (_t("07:01:00"), pod_names("vh-pay", "1.12.4", 3))],
}
GENERAL_NODES = [f"vh-k8s-node-{n:02d}" for n in (1, 2, 3, 4, 5, 6)]
NODES = [*GENERAL_NODES, EDR_NODE]
EDGES = [f"EDGE-{h}" for h in HOSPITALS]
INSTANCES: dict[str, list[str]] = {service: list(steps[-1][1]) for service, steps in ROLLOUTS.items()} | {
    "vh-k8s-node": NODES, "vh-edge": EDGES}


def node_of(pod: str) -> str:
    """Two of the report renderers on node-07 (the EDR pilot); every other pod on the general nodes."""
    if pod in ON_EDR_NODE:
        return EDR_NODE
    return GENERAL_NODES[int(hashlib.sha256(pod.encode()).hexdigest(), 16) % len(GENERAL_NODES)]


SERVICES: list[Json] = [
    {"name": "vh-app", "aliases": ["App", "毛孩子 App", "小程序", "App 后端", "预约", "疫苗预约", "号源"],
     "description": "宠主 App 与微信小程序后端（6 个副本，HPA）：挂号预约、疫苗号源查询与预约、宠物档案、报告查看、寄养探视；"
                    "号源与预约存 booking-db（MySQL，连接池 60）。"},
    {"name": "vh-queue", "aliases": ["排队", "叫号", "排队叫号", "分诊", "候诊"],
     "description": "排队叫号与分诊（3 个副本）：各院区到院签到取号、按分诊类别的 priority 排序叫号（数值大的先叫，急诊 9），"
                    "叫号屏与 App 候诊提醒。临平分院 H05 为 24 小时急诊。"},
    {"name": "vh-his", "aliases": ["HIS", "诊疗系统", "病历", "处方", "诊疗"],
     "description": "兽医诊疗 HIS（6 个副本）：病历、处方、检查检验申请、疫苗接种记录、住院；历史数据导入（收购院区）。"},
    {"name": "vh-lab", "aliases": ["检验", "LIS", "检验系统", "化验", "生化", "血常规"],
     "description": "检验 LIS（3 个副本）：接收各院区院内分析仪（朗迪 LD-VC300 生化、迈瑞 BC-60Vet 血常规）的 HL7 结果，按物种"
                    "参考范围自动审核（autoverify），不通过的进人工审核；分析仪质控（Westgard）失控时锁定项目。"},
    {"name": "vh-pacs", "aliases": ["PACS", "影像", "DR", "B超", "超声", "X 光", "影像服务"],
     "description": "影像 PACS（云端，4 个副本）：各院区 DR 与超声经 DICOM 上传（C-STORE），检查单经 Worklist（MWL）下发到设备，"
                    "按检查号（accession）与 HIS 医嘱匹配后医生在 HIS 中看片；设备按 AE title 登记。"},
    {"name": "vh-report", "aliases": ["报告中心", "报告", "检验报告", "影像报告", "报告生成"],
     "description": "报告中心（6 个副本）：把检验、影像报告渲染成 PDF（字体、模板文件），推送到宠主 App 与微信。"},
    {"name": "vh-pharmacy", "aliases": ["药房", "药品", "疫苗库存", "发药", "处方审核", "药品目录"],
     "description": "药房与疫苗库存（3 个副本）：药品目录（规格、浓度、最大剂量），处方按体重计算剂量与体积并做发药安全校验，"
                    "疫苗与药品批号、效期库存。"},
    {"name": "vh-claim", "aliases": ["理赔", "宠物保险", "保险理赔", "理赔服务"],
     "description": "宠物保险理赔（3 个副本）：把病历、发票、检查报告作为附件（对象存储预签名 URL）提交给 瑞宠保险 的理赔 API，"
                    "接收审核结果回调。"},
    {"name": "vh-boarding", "aliases": ["寄养", "美容", "寄养美容", "寄养摄像头", "探视"],
     "description": "寄养与美容（2 个副本）：寄养房预订、美容预约，寄养区摄像头（看宠云 云存储与直播）供宠主在 App 探视。"},
    {"name": "vh-notify", "aliases": ["提醒", "短信", "微信提醒", "疫苗提醒", "通知"],
     "description": "短信与微信提醒（2 个副本）：每天 09:00 按 HIS 的接种记录发送疫苗到期提醒，预约与报告通知。"},
    {"name": "vh-member", "aliases": ["会员", "会员卡", "储值", "积分"],
     "description": "会员卡（2 个副本）：会员等级、储值、积分与折扣。"},
    {"name": "vh-pay", "aliases": ["支付", "收银", "付款", "退款"],
     "description": "支付收银（3 个副本）：院内收银、App 支付（微信、支付宝、银联），退款与对账。"},
    {"name": "vh-edge", "aliases": ["院区网关", "院区网络", "专线", "宽带", "上行"],
     "description": "各院区边缘网关 EDGE-H01..H06（SD-WAN）：院区到云上服务的上行链路（滨江分院 电信 100M），分 VLAN 统计流量。"},
    {"name": "vh-k8s-node", "aliases": ["K8s 节点", "节点", "服务器"],
     "description": "集群 vh-prod 的节点 vh-k8s-node-01..07。"},
]

WINDOWS = {
    "species": (_y("14:50"), _y("20:16")),
    "qclot": (_t("07:41"), _t("09:30")),
    "aetitle": (_y("18:12"), _y("21:32")),
    "uplink": (_t("08:40"), _t("10:05")),
    "smsload": (_t("09:31"), _t("10:18")),
    "triage": (_y("19:40"), _y("22:45")),
}


def _inside(window: str, t: dt.datetime) -> bool:
    a, b = WINDOWS[window]
    return a <= t < b


def _open(t: dt.datetime) -> bool:
    """The hospitals' opening hours: 08:30–21:00 (临平's night emergency aside)."""
    clock = t.timetz().replace(tzinfo=None)
    return dt.time(8, 30) <= clock < dt.time(21, 0)


# --- Business vocabulary ---------------------------------------------------------------------------------------------------
Line = tuple[str, str, dict[str, Any]]


def _pet(w: WorldBuilder) -> str:
    return f"P{w.rng.randint(10**6, 10**7 - 1)}"


def _sample(w: WorldBuilder) -> str:
    return f"S{w.rng.randint(10**8, 10**9 - 1)}"


def _phone(w: WorldBuilder) -> str:
    return f"1{w.rng.choice('3578')}{w.rng.randint(0, 9)}****{w.rng.randint(1000, 9999)}"


def _uid(w: WorldBuilder) -> str:
    return f"1.2.826.0.1.3680043.10.{w.rng.randint(100, 999)}.{w.rng.randint(10**9, 10**10 - 1)}"


def _pod(w: WorldBuilder, service: str, t: dt.datetime) -> str:
    pods = ROLLOUTS[service][0][1]
    for moment, step in ROLLOUTS[service]:
        if moment <= t:
            pods = step
    return w.rng.choice(pods)


def _hospital(w: WorldBuilder, *, avoid: tuple[str, ...] = ()) -> str:
    return w.rng.choice([h for h in HOSPITALS if h not in avoid])


# --- Noise: every service's ordinary day -------------------------------------------------------------------------------
def _app(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "vh-app", t)
    roll = w.rng.random()
    if roll < 0.35 and not _inside("smsload", t):
        return "INFO", SLOT_OK.format(h=_hospital(w), d=f"2027-10-{w.rng.randint(19, 26)}", ms=w.ms(20, 90),
                                      ref=w.rng.choice(("app_home", "app_pet", "mp_home", "mp_reminder"))), {
            "instance": pod, "log_type": "access"}
    if roll < 0.6:
        return "INFO", f"GET /api/v2/pets/{_pet(w)}/records 200 took={w.ms(30, 120)}ms", {"instance": pod, "log_type": "access"}
    if roll < 0.8:
        return "INFO", (f"POST /api/v2/appointments 200 hospital={_hospital(w)} type={w.rng.choice(('门诊', '疫苗', '美容', '体检'))} "
                        f"took={w.ms(60, 180)}ms"), {"instance": pod, "log_type": "access"}
    if roll < 0.97:
        return "INFO", f"GET /api/v2/boarding/live-url 200 camera {w.rng.choice(('H01', 'H03', 'H04'))}-K{w.rng.randint(1, 20):02d} took={w.ms(15, 60)}ms", {
            "instance": pod, "log_type": "access"}
    return "WARN", f"POST /api/v2/login 401 user U{w.rng.randint(10**7, 10**8 - 1)}: sms code expired", {"instance": pod}


def _queue(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "vh-queue", t)
    if _open(t):
        h = _hospital(w, avoid=("H05",) if _inside("triage", t) else ())
    elif _inside("triage", t):
        return "INFO", f"call screens online: {w.rng.randint(16, 18)}/18, ticket printers ok", {"instance": pod}
    else:
        h = "H05"  # the 24 h emergency hospital
    roll = w.rng.random()
    if roll < 0.5:
        cat, pr = w.rng.choice((("疫苗", 3), ("复诊", 2), ("初诊", 4), ("急诊", 9), ("体检", 1)))
        pos = 1 if pr == 9 else w.rng.randint(2, 7)
        return "INFO", TICKET.format(t=f"{h}-{w.rng.choice('ABCV')}{w.rng.randint(1, 180):03d}", cat=cat, pr=pr, h=h, pos=pos,
                                     q=pos + w.rng.randint(1, 9), m=w.rng.randint(1, 4) if pr == 9 else w.rng.randint(3, 18)), {
            "instance": pod}
    if roll < 0.85:
        return "INFO", (f"call {h}-{w.rng.choice('ABCV')}{w.rng.randint(1, 180):03d} to 诊室 {w.rng.randint(1, 8)} (vet "
                        f"{w.rng.choice(('王', '李', '陈', '周', '吴'))}医生)"), {"instance": pod}
    if roll < 0.98:
        return "INFO", f"check-in {h} via App: ticket issued, estimated wait {w.rng.randint(5, 30)} min", {"instance": pod}
    return "WARN", f"call screen {h}-TV{w.rng.randint(1, 3)} heartbeat missed once, reconnected", {"instance": pod}


def _his(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "vh-his", t)
    roll = w.rng.random()
    h = _hospital(w)
    if roll < 0.35:
        return "INFO", f"medical record saved pet {_pet(w)} at {h} by vet V{w.rng.randint(100, 399)} took={w.ms(40, 160)}ms", {
            "instance": pod}
    if roll < 0.6:
        return "INFO", f"prescription Rx{w.rng.randint(10**7, 10**8 - 1)} signed at {h}: {w.rng.randint(1, 5)} items sent to pharmacy", {
            "instance": pod}
    if roll < 0.8:
        return "INFO", f"vaccination recorded pet {_pet(w)} at {h}: {w.rng.choice(VACCINES)}, next due {w.rng.randint(2028, 2028)}-{w.rng.randint(1, 10):02d}-{w.rng.randint(1, 28):02d}", {
            "instance": pod}
    if roll < 0.97:
        return "INFO", f"lab order L{w.rng.randint(10**7, 10**8 - 1)} created at {h}: {w.rng.choice(('生化 12 项', '血常规', '肾功 3 项', 'SDMA'))}", {
            "instance": pod}
    return "WARN", f"record lock on pet {_pet(w)} released after 10 min idle (vet V{w.rng.randint(100, 399)})", {"instance": pod}


def _lab(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "vh-lab", t)
    avoid = ("H01",) if _inside("qclot", t) else ()
    h = _hospital(w, avoid=(*avoid, "H06"))
    cat = w.rng.random() < 0.45 and not (h == "H02" and _inside("species", t))
    if w.rng.random() < 0.7:
        sp = "FELINE" if cat else "CANINE"
        crea = w.rng.randint(90, 180) if cat else w.rng.randint(50, 120)
        glu = round(w.rng.uniform(4.5, 8.0) if cat else w.rng.uniform(4.2, 6.5), 1)
        cref, gref = REF[sp]
        return "INFO", RESULT.format(an=f"LD-VC300-{h}", s=_sample(w), pet=_pet(w), breed=w.rng.choice(CATS if cat else DOGS),
                                     sp=sp, crea=crea, cf="", cref=cref, glu=glu, gf="", gref=gref, verdict="PASS"), {
            "instance": f"LD-VC300-{h}"}
    if w.rng.random() < 0.8:
        return "INFO", (f"CBC from MR-BC60-{h} sample {_sample(w)} pet {_pet(w)}: WBC {w.rng.uniform(6, 15):.1f}, HCT "
                        f"{w.rng.randint(30, 50)}% -> autoverify PASS"), {"instance": f"MR-BC60-{h}"}
    return "WARN", f"analyzer MR-BC60-{h}: sample {_sample(w)} clot suspected, rerun requested", {"instance": pod}


def _ae(h: str, kind: str, t: dt.datetime) -> str:
    """A modality's calling AE title: 城北's DR calls as DR_CB01 since its console was replaced (registered at 21:30)."""
    if h == "H03" and kind == "DR" and t >= _y("17:35"):
        return "DR_CB01"
    return f"{h}_{kind}01"


def _pacs(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "vh-pacs", t)
    avoid = ("H02",) if _inside("uplink", t) else ()
    if _y("17:35") <= t < WINDOWS["aetitle"][1]:
        avoid = (*avoid, "H03")
    h = _hospital(w, avoid=(*avoid, "H06"))
    roll = w.rng.random()
    if roll < 0.55:
        mod = w.rng.choice(("DX", "US"))
        ae = _ae(h, "DR" if mod == "DX" else "US", t)
        n = w.rng.randint(2, 6) if mod == "DX" else w.rng.randint(20, 80)
        return "INFO", ARRIVAL.format(ae=ae, uid=_uid(w), mod=mod, n=n, mb=n * (9 if mod == "DX" else 1), d=w.rng.randint(4, 40),
                                      kbs=w.rng.randint(4000, 9000)), {"instance": pod}
    if roll < 0.8:
        return "INFO", f"MWL C-FIND from calling AE {_ae(h, 'DR', t)}: {w.rng.randint(0, 6)} scheduled items returned", {
            "instance": pod}
    if roll < 0.97:
        return "INFO", f"study matched to order A{w.rng.randint(10**7, 10**8 - 1)} ({HOSPITALS[h]}), viewer link sent to HIS", {
            "instance": pod}
    return "WARN", f"C-STORE from {h}_US01: private tag (0009,10xx) dropped by storage rules", {"instance": pod}


def _report(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "vh-report", t)
    slow = pod in ON_EDR_NODE and t >= _t("01:32:30")
    busy = t >= _t("08:30")
    if slow:
        ms = w.ms(6000, 15000) if busy else w.ms(1100, 2100)
    else:
        ms = w.ms(250, 900)
    kind = w.rng.choice(("检验报告", "影像报告", "体检报告"))
    if w.rng.random() < 0.85:
        return "INFO", RENDER.format(rid=f"R{w.rng.randint(10**8, 10**9 - 1)}", kind=kind, p=w.rng.randint(1, 8), ms=ms,
                                     f=w.rng.randint(6, 18), t=w.rng.randint(2, 5)), {"instance": pod}
    return "INFO", f"report pushed to owner App and WeChat: {w.rng.randint(1, 12)} reports", {"instance": pod}


def _pharmacy(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "vh-pharmacy", t)
    roll = w.rng.random()
    h = _hospital(w)
    if roll < 0.5:
        kg = round(w.rng.uniform(2.5, 32), 1)
        return "INFO", (f"dispense Rx{w.rng.randint(10**7, 10**8 - 1)} at {h}: {w.rng.choice(('阿莫西林克拉维酸钾片', '马波沙星片', '加巴喷丁胶囊', '奥美拉唑'))} "
                        f"for {kg} kg ok, batch {w.rng.choice(('B2407', 'B2411', 'B2502'))}{w.rng.randint(10, 99)}"), {"instance": pod}
    if roll < 0.8:
        return "INFO", (f"vaccine stock {h}: {w.rng.choice(VACCINES)} {w.rng.randint(20, 240)} doses, nearest expiry "
                        f"2028-{w.rng.randint(1, 9):02d}"), {"instance": pod}
    if roll < 0.97:
        return "INFO", f"stock sync from 供应商 {w.rng.choice(('瑞普', '海正', '硕腾', '勃林格'))}: {w.rng.randint(2, 40)} items updated", {
            "instance": pod}
    return "WARN", f"dispense at {h}: stock {w.rng.randint(0, 3)} left for 马波沙星片, reorder suggested", {"instance": pod}


def _claim(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "vh-claim", t)
    roll = w.rng.random()
    if roll < 0.55:
        return "INFO", f"invoice OCR for claim C{w.rng.randint(10**7, 10**8 - 1)}: {w.rng.randint(1, 6)} lines, total ¥{w.rng.randint(80, 4200)}.00", {
            "instance": pod}
    if roll < 0.9:
        return "INFO", f"policy lookup RC{w.rng.randint(10**8, 10**9 - 1)} at 瑞宠保险: active, deductible ¥{w.rng.choice((0, 100, 200))}", {
            "instance": pod}
    return "WARN", f"invoice OCR for claim C{w.rng.randint(10**7, 10**8 - 1)}: low confidence on line {w.rng.randint(1, 5)}, kept for review", {
        "instance": pod}


def _boarding(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "vh-boarding", t)
    roll = w.rng.random()
    h = _hospital(w, avoid=("H06",))
    if roll < 0.4:
        return "INFO", f"boarding check {h}-K{w.rng.randint(1, 30):02d}: fed, walked, note by staff", {"instance": pod}
    if roll < 0.7:
        return "INFO", f"grooming appointment {h} {w.rng.choice(('洗澡', '洗护套餐', '剪毛', '修甲'))} confirmed for {w.rng.randint(9, 18)}:00", {
            "instance": pod}
    if roll < 0.95:
        return "INFO", f"live view session camera {h}-K{w.rng.randint(1, 30):02d} by owner, {w.rng.randint(1, 15)} min", {"instance": pod}
    return "WARN", f"camera {h}-K{w.rng.randint(1, 30):02d} offline 2 min (Wi-Fi), back online", {"instance": pod}


def _notify(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "vh-notify", t)
    roll = w.rng.random()
    if roll < 0.6:
        return "INFO", f"sms batch sent: {w.rng.randint(5, 80)} 预约提醒/报告通知, carrier receipts {w.rng.randint(96, 100)}%", {
            "instance": pod}
    if roll < 0.95:
        return "INFO", f"wechat template messages sent: {w.rng.randint(5, 120)} (report ready, appointment)", {"instance": pod}
    return "WARN", f"wechat template to openid o{w.hex(10)}: user refused (43101), skipped", {"instance": pod}


def _member(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "vh-member", t)
    roll = w.rng.random()
    if roll < 0.5:
        return "INFO", f"member M{w.rng.randint(10**6, 10**7 - 1)} points +{w.rng.randint(10, 600)} (order settled)", {"instance": pod}
    if roll < 0.85:
        return "INFO", f"stored value top-up ¥{w.rng.choice((500, 1000, 2000))} member M{w.rng.randint(10**6, 10**7 - 1)} ok", {
            "instance": pod}
    if roll < 0.97:
        return "INFO", f"member level recalculated: {w.rng.randint(10, 200)} members, 金卡 {w.rng.randint(0, 5)} upgrades", {"instance": pod}
    return "WARN", f"member M{w.rng.randint(10**6, 10**7 - 1)}: duplicate card bind request ignored", {"instance": pod}


def _pay(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "vh-pay", t)
    roll = w.rng.random()
    if roll < 0.6:
        return "INFO", (f"payment {w.rng.choice(('微信', '支付宝', '银联', '储值卡'))} ¥{w.rng.randint(30, 3000)}.00 at "
                        f"{_hospital(w)} ok ({w.ms(200, 900)}ms)"), {"instance": pod}
    if roll < 0.9:
        return "INFO", f"refund R{w.rng.randint(10**7, 10**8 - 1)} ¥{w.rng.randint(20, 500)}.00 ok", {"instance": pod}
    return "WARN", f"payment callback for order O{w.rng.randint(10**8, 10**9 - 1)} arrived twice, second ignored", {"instance": pod}


def _edge(w: WorldBuilder, t: dt.datetime) -> Line:
    edge = w.rng.choice([e for e in EDGES if e != "EDGE-H02"])
    return "INFO", f"{edge} WAN1 outbound {w.rng.uniform(8, 45):.1f} Mbps, latency to cloud {w.rng.randint(4, 12)} ms, loss 0%", {
        "instance": edge, "trace": False}


def _node(w: WorldBuilder, t: dt.datetime) -> Line:
    node = w.rng.choice(GENERAL_NODES)
    if w.rng.random() < 0.6:
        return "INFO", f"kubelet: image garbage collection: usage {w.rng.randint(20, 60)}% below threshold 80%", {
            "instance": node, "trace": False}
    return "INFO", f"chronyd: selected source ntp.maohaizi.local, offset {w.rng.uniform(-0.4, 0.4):.3f}ms", {
        "instance": node, "trace": False}


NOISE = {
    "vh-app": (_app, 30), "vh-queue": (_queue, 45), "vh-his": (_his, 30), "vh-lab": (_lab, 50), "vh-pacs": (_pacs, 60),
    "vh-report": (_report, 60), "vh-pharmacy": (_pharmacy, 60), "vh-claim": (_claim, 120), "vh-boarding": (_boarding, 150),
    "vh-notify": (_notify, 150), "vh-member": (_member, 120), "vh-pay": (_pay, 60), "vh-edge": (_edge, 600),
    "vh-k8s-node": (_node, 600),
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


# --- Incident 1: the analyzer at 滨江 sends cats as dogs -----------------------------------------------------------------
def species_default(w: WorldBuilder) -> None:
    lab = "vh-lab"
    w.log(_y("14:30:10.118"), lab, "INFO", LAB_DEPLOY, instance=ROLLOUTS[lab][1][1][0], change="deploy")
    _rolled(w, lab, 1, "LisApplication 3.12.1 started in {s} seconds")
    w.log(_y("14:50:40.204"), lab, "INFO", REINSTALL, instance=SPECIES_ANALYZER, trace=False)
    for moment in _every(w, _y("15:08"), _y("20:15"), 60, 240):
        cat = w.rng.random() < 0.55
        sample, pet = _sample(w), _pet(w)
        cref, gref = REF["CANINE"]
        if cat:
            crea, glu = w.rng.randint(140, 205), round(w.rng.uniform(7.2, 8.2), 1)
            w.log(moment, lab, "WARN", RESULT.format(an=SPECIES_ANALYZER, s=sample, pet=pet, breed=w.rng.choice(CATS),
                                                     sp="CANINE", crea=crea, cf=" H", cref=cref, glu=glu, gf=" H", gref=gref,
                                                     verdict="FAIL, queued for manual review"), instance=SPECIES_ANALYZER)
        else:
            w.log(moment, lab, "INFO", RESULT.format(an=SPECIES_ANALYZER, s=sample, pet=pet, breed=w.rng.choice(DOGS),
                                                     sp="CANINE", crea=w.rng.randint(50, 120), cf="", cref=cref,
                                                     glu=round(w.rng.uniform(4.2, 6.5), 1), gf="", gref=gref, verdict="PASS"),
                  instance=SPECIES_ANALYZER)
    for moment in _every(w, _y("16:00"), _y("20:20"), 900, 1500):
        w.log(moment, lab, "WARN", f"manual review queue H02: {w.rng.randint(30, 86)} results waiting, oldest "
              f"{w.rng.randint(40, 180)} min", instance=ROLLOUTS[lab][1][1][1], trace=False)
    _ops(w, _y("18:05:10.330"), lab, "lab_oncall_xiaofei: 滨江分院的猫肌酐、血糖几乎全部被判高，审核队列积压；狗的样本正常")
    w.log(_y("20:15:20.441"), lab, "INFO", SPECIES_FIXED, instance=SPECIES_ANALYZER, trace=False)
    w.alert("LabManualReviewBacklog", lab, "warning", _y("16:30"), _y("20:45"), "31 份",
            "滨江分院检验人工审核积压 31 份，超过阈值 30", namespace=NS, hospital="H02")


# --- Incident 2: QC lot 2310A with lot 2306B's targets ------------------------------------------------------------------
def qc_lot(w: WorldBuilder) -> None:
    lab = "vh-lab"
    pods = ROLLOUTS[lab][1][1]
    w.log(_t("07:20:10.118"), lab, "INFO", LAB_DELTA, instance=pods[0], change="config")
    w.log(_t("07:35:20.204"), lab, "INFO", QC_LOT, instance=QC_ANALYZER, trace=False)
    runs = (("L1", "CREA", 162, "umol/L", 118, 9), ("L2", "CREA", 498, "umol/L", 402, 21), ("L1", "BUN", 9.8, "mmol/L", 7.1, 0.5),
            ("L1", "GLU", 7.9, "mmol/L", 5.6, 0.3))
    for index, (lv, test, v, unit, tg, sd) in enumerate(runs):
        w.log(_t("07:40:05") + dt.timedelta(seconds=40 * index), lab, "WARN",
              QC_RUN.format(lv=lv, test=test, v=v, unit=unit, tg=tg, sd=sd, z=(v - tg) / sd), instance=QC_ANALYZER, trace=False)
    w.log(_t("07:41:00.330"), lab, "ERROR", QC_LOCK, instance=QC_ANALYZER, trace=False)
    for moment in _every(w, "07:48", "09:28", 90, 300):
        w.log(moment, lab, "WARN", QC_HELD.format(s=_sample(w), pet=_pet(w), breed=w.rng.choice(CATS + DOGS),
                                                  m=w.rng.randint(50, 90)), instance=QC_ANALYZER, trace=False)
    _ops(w, "08:20:40.441", lab, "lab_oncall_xiaofei: 西溪总院生化质控连续失控，肌酐、尿素氮、血糖锁定，样本先送滨江")
    w.log(_t("09:28:10.551"), lab, "INFO", QC_FIXED, instance=QC_ANALYZER, trace=False)
    w.alert("LabQcLocked", lab, "critical", _t("07:42"), _t("09:35"), "3 项",
            "西溪总院生化分析仪 3 个项目因质控失控锁定", namespace=NS, hospital="H01")


# --- Incident 3: DR_CB01 not in the modality registry -------------------------------------------------------------------
def ae_title(w: WorldBuilder) -> None:
    pacs = "vh-pacs"
    pods = ROLLOUTS[pacs][0][1]
    w.log(_y("17:35:10.118"), pacs, "INFO", ECHO, instance=pods[0])
    w.log(_y("17:50:20.204"), pacs, "INFO", PACS_LAYOUT, instance=pods[1], change="config")
    for moment in _every(w, _y("18:10"), _y("21:30"), 240, 600):
        w.log(moment, pacs, "WARN", MWL_REJECT, instance=w.rng.choice(pods))
    names = ("DAHUANG", "MIMI", "DOUDOU", "XIAOBAI", "NAINAI", "QIUQIU", "HUAHUA", "LELE", "TANGYUAN", "BUDING")
    for moment in _every(w, _y("18:12"), _y("21:28"), 180, 420):
        w.log(moment, pacs, "WARN", UNMATCHED.format(uid=_uid(w), name=w.rng.choice(names), n=w.rng.randint(2, 5)),
              instance=w.rng.choice(pods))
    for moment in _every(w, _y("18:40"), _y("21:20"), 900, 1500):
        w.log(moment, "vh-his", "WARN", f"imaging order A{w.rng.randint(10**7, 10**8 - 1)} (城北分院 DR) no study after "
              f"{w.rng.randint(25, 90)} min, vet reminded", instance=_pod(w, "vh-his", moment))
    _ops(w, _y("19:20:30.330"), pacs, REPLACEMENT)
    w.log(_y("21:30:10.441"), pacs, "INFO", AE_FIXED, instance=pods[0], trace=False)
    w.alert("PacsUnmatchedStudies", pacs, "warning", _y("18:55"), _y("21:50"), "6 个",
            "城北分院未匹配检查 6 个，超过阈值 5", namespace=NS, hospital="H03")


# --- Incident 4: HD kennel cameras fill 滨江's uplink --------------------------------------------------------------------
ARRIVAL_SERIES: Keyframes = [(START, 14), (_t("08:00"), 12), (_t("08:40"), 150), (_t("08:52"), 318), (_t("09:10"), 720),
                             (_t("09:25"), 1060), (_t("09:26"), ARRIVAL_PEAK), (_t("09:27"), 1049), (_t("09:45"), 840),
                             (_t("10:02"), 610), (_t("10:12"), 60), (REFERENCE, 16)]
UPLINK_SERIES: Keyframes = [(START, 34), (_y("21:00"), 12), (_t("08:00"), 18), (_t("08:05"), 88), (_t("08:10"), 96),
                            (_t("09:30"), 98), (_t("10:02"), 97), (_t("10:06"), 41), (REFERENCE, 39)]


def kennel_uplink(w: WorldBuilder) -> None:
    pacs, boarding, edge = "vh-pacs", "vh-boarding", "vh-edge"
    w.log(_t("08:02:10.118"), boarding, "INFO", CAM_PLAN, instance="kanchong-cloud", trace=False)
    for moment in _every(w, "08:03", "10:02", 300, 600):
        w.log(moment, boarding, "INFO", CAM_UPLOAD.format(n=w.rng.randint(1, 32), mbps=w.rng.uniform(2.2, 2.6)),
              instance="kanchong-cloud", trace=False)
    for moment in _every(w, START, REFERENCE, 540, 660):
        busy = _t("08:05") <= moment < _t("10:03")
        out = w.rng.uniform(94, 98.5) if busy else w.rng.uniform(12, 40)
        cam = w.rng.uniform(72, 78) if busy else w.rng.uniform(4, 8)
        w.log(moment, edge, "WARN" if busy else "INFO", EDGE_LINE.format(out=out, pct=round(out), cam=cam,
                                                                          img=w.rng.uniform(8, 16) if busy else w.rng.uniform(1, 20)),
              instance="EDGE-H02", trace=False)
    w.log(_t("08:15:10.204"), pacs, "INFO", PACS_DEPLOY, instance=ROLLOUTS[pacs][1][1][0], change="deploy")
    _rolled(w, pacs, 1, "PacsApplication 5.3.2 started in {s} seconds")
    for moment in _every(w, "08:40", "10:05", 60, 150):
        mod = w.rng.choice(("DX", "US"))
        n = w.rng.randint(2, 6) if mod == "DX" else w.rng.randint(20, 80)
        delay = int(interpolate(ARRIVAL_SERIES, moment) * w.rng.uniform(0.7, 0.98))
        w.log(moment, pacs, "WARN", ARRIVAL.format(ae=f"H02_{'DR' if mod == 'DX' else 'US'}01", uid=_uid(w), mod=mod, n=n,
                                                   mb=n * (9 if mod == "DX" else 1), d=delay, kbs=w.rng.randint(90, 420)),
              instance=_pod(w, pacs, moment))
    _ops(w, "09:15:20.330", pacs, "pacs_oncall_jiangtao: 滨江分院的片子都到得很慢，单个 association 只有几百 KB/s，其他院区正常")
    w.log(_t("10:02:10.441"), boarding, "INFO", CAM_FIX, instance="ops-console", trace=False, change="ops")
    w.alert("PacsStudyArrivalDelay", pacs, "warning", _t("08:52"), _t("10:12"), ARRIVAL_ALERT,
            "滨江分院影像到达延迟 318 秒，超过阈值 300 秒", namespace=NS, hospital="H02")
    w.alert("BranchUplinkSaturated", edge, "warning", _t("08:10"), _t("10:08"), "96%",
            "EDGE-H02 上行带宽使用率 96%，超过阈值 90%", instance="EDGE-H02", hospital="H02")


# --- Incident 5: the EDR pilot on node-07 -------------------------------------------------------------------------------
RENDER_SERIES: Keyframes = [(START, 0.8), (_t("01:30"), 0.8), (_t("01:40"), 1.7), (_t("08:20"), 1.9), (_t("08:52"), 5.6),
                            (_t("09:57"), 13.1), (_t("09:58"), RENDER_PEAK), (_t("09:59"), 13.0), (_t("10:30"), 11.9),
                            (REFERENCE, 12.2)]


def edr_pilot(w: WorldBuilder) -> None:
    node, report = "vh-k8s-node", "vh-report"
    w.log(_t("01:32:10.118"), node, "INFO", EDR_POLICY, instance=EDR_NODE, trace=False)
    for moment in _every(w, "01:40", REFERENCE, 560, 640):
        busy = moment >= _t("08:30")
        w.log(moment, node, "INFO", EDR_STATS.format(n=w.rng.randint(1800, 2600) if busy else w.rng.randint(100, 400),
                                                     q=w.rng.randint(300, 900) if busy else w.rng.randint(0, 6),
                                                     w=w.rng.randint(900, 2400) if busy else w.rng.randint(2, 9)),
              instance=EDR_NODE, trace=False)
    w.log(_t("08:20:10.204"), report, "INFO", REPORT_WATERMARK, instance=REPORT_ALL[0], change="config")
    _ops(w, "09:05:40.330", report, "report_oncall_mengqi: 报告生成 p95 超过 5 秒，慢的都是 "
         f"{ON_EDR_NODE[0]} 和 {ON_EDR_NODE[1]}，其余四个 Pod 一秒以内")
    w.alert("ReportRenderSlow", report, "warning", _t("08:52"), None, "5.6 秒",
            "报告生成 P95 5.6 秒，超过阈值 5 秒", namespace=NS)


# --- Incident 6: the district's SMS --------------------------------------------------------------------------------------
SLOT_SERIES: Keyframes = [(START, 22), (_y("21:00"), 6), (_t("06:00"), 1), (_t("08:30"), 28), (_t("09:29"), 34),
                          (_t("09:31"), 860), (_t("09:36"), 2410), (_t("09:37"), SLOT_PEAK), (_t("09:38"), 2380),
                          (_t("10:00"), 1620), (_t("10:15"), 1010), (REFERENCE, 540)]


def district_sms(w: WorldBuilder) -> None:
    app = "vh-app"
    w.log(_t("09:10:10.118"), app, "INFO", APP_DEPLOY, instance=ROLLOUTS[app][1][1][0], change="deploy")
    _rolled(w, app, 1, "AppApplication 6.8.3 started in {s} seconds")
    for moment in _every(w, "09:31", REFERENCE, 2, 6):
        h = _hospital(w, avoid=("H06",))
        day = f"2027-10-{w.rng.randint(19, 31)}"
        pod = _pod(w, app, moment)
        failing = moment < _t("10:15")
        if failing and w.rng.random() < 0.4:
            w.log(moment, app, "ERROR", SLOT_FAIL.format(h=h, d=day, w=w.rng.randint(80, 260), ms=w.ms(3000, 3100)),
                  instance=pod, log_type="access")
        else:
            w.log(moment, app, "INFO", SLOT_OK.format(h=h, d=day, ms=w.ms(400, 2800) if failing else w.ms(3, 20),
                                                      ref="nyj_sms_1019"), instance=pod, log_type="access")
    _ops(w, "09:48:10.204", app, APP_NOTE)
    w.log(_t("10:15:10.330"), app, "INFO", APP_CACHE, instance=ROLLOUTS[app][1][1][1], change="config")
    w.alert("AppSlotApiErrors", app, "critical", _t("09:33"), _t("10:18"), "7.9%",
            "疫苗号源接口 5xx 比例 7.9%，超过阈值 5%", namespace=NS)


# --- Incident 7: the 良渚 import keeps deaths in remarks -----------------------------------------------------------------
def lz_import(w: WorldBuilder) -> None:
    his, notify = "vh-his", "vh-notify"
    w.log(_t("02:10:20.118"), his, "INFO", LZ_IMPORT, instance=ROLLOUTS[his][0][1][0], job="legacy-import")
    dead = [str(w.rng.randint(100000, 999999)) for _ in range(40)]
    for index, pet in enumerate(dead):
        w.log(_t("02:11:00") + dt.timedelta(seconds=index * 7), his, "INFO",
              LZ_SAMPLE.format(id=pet, breed=w.rng.choice(CATS + DOGS), date=f"2027-0{w.rng.randint(1, 8)}",
                               vac=w.rng.choice(VACCINES), last=f"2026-10-{w.rng.randint(10, 28)}"),
              instance=ROLLOUTS[his][0][1][0], trace=False)
    w.log(_t("02:58:40.204"), his, "INFO", "data import IMPORT-LZ-1019 finished: 14,208 pets, 0 rejected, 37 owner phones "
          "merged with existing members", instance=ROLLOUTS[his][0][1][0], job="legacy-import")
    w.log(_t("08:40:10.330"), notify, "INFO", NOTIFY_TEMPLATE, instance=ROLLOUTS[notify][0][1][0], change="config")
    w.log(_t("09:00:05.441"), notify, "INFO", REMINDER_RUN, instance=ROLLOUTS[notify][0][1][1], job="vaccine-reminder")
    reminded: list[str] = []
    for moment in _every(w, "09:00:10", "09:40", 8, 25):
        h = w.rng.choice((1, 2, 3, 4, 5, 6, 6, 6))
        pet = f"LZ-{w.rng.choice(dead)}" if h == 6 else _pet(w)
        if h == 6:
            reminded.append(pet)
        w.log(moment, notify, "INFO", REMINDER_SENT.format(pet=pet, h=h, phone=_phone(w), vac=w.rng.choice(VACCINES),
                                                           ch=w.rng.choice(("wechat", "wechat", "sms"))),
              instance=w.rng.choice(ROLLOUTS[notify][0][1]))
    for moment in _every(w, "09:06", "10:18", 60, 240):
        w.log(moment, notify, "WARN", COMPLAINT.format(c=f"C{w.rng.randint(10**6, 10**7 - 1)}", id=w.rng.choice(reminded)[3:],
                                                       ago=w.rng.choice(("今年年初", "今年春天", "三个月前", "上个月"))),
              instance=w.rng.choice(ROLLOUTS[notify][0][1]))
    _ops(w, "09:35:20.551", notify, "notify_oncall_ruiqi: 投诉的都是良渚分院的宠物，HIS 里状态是 ACTIVE")
    _ops(w, "10:20:10.118", notify, LZ_FIX)
    w.alert("ReminderComplaintsHigh", notify, "warning", _t("09:18"), _t("10:25"), "12 次/10分钟",
            "提醒投诉 12 次/10分钟，超过阈值 10", namespace=NS)


# --- Incident 8: the insurer's nightly fetch past our URLs' expiry --------------------------------------------------------
def insurer_batch(w: WorldBuilder) -> None:
    claim = "vh-claim"
    w.log(_y("15:10:10.118"), claim, "INFO", CLAIM_OCR, instance=ROLLOUTS[claim][0][1][0], change="config")
    _ops(w, _y("19:40:10.204"), claim, INSURER_NOTICE)
    claims: list[tuple[dt.datetime, str]] = []
    for moment in _every(w, _y("20:00"), _t("01:30"), 60, 180) + _every(w, _t("07:00"), _t("09:40"), 300, 700):
        c = f"C{w.rng.randint(10**7, 10**8 - 1)}"
        w.log(moment, claim, "INFO", CLAIM_SUBMIT.format(c=c, p=w.rng.randint(10**8, 10**9 - 1), n=w.rng.randint(3, 6)),
              instance=_pod(w, claim, moment))
        if moment < _t("02:00"):
            claims.append((moment, c))
    for index, (submitted, c) in enumerate(claims):
        fetched = _t("02:00:05") + dt.timedelta(seconds=7 * index, milliseconds=w.rng.randint(0, 999))
        age = fetched - submitted - dt.timedelta(seconds=1800)
        for f in ("record.pdf", "invoice.pdf"):
            w.log(fetched, claim, "WARN", DOC_403.format(c=c, f=f, h=int(age.total_seconds()) // 3600,
                                                         m=int(age.total_seconds()) % 3600 // 60),
                  instance=_pod(w, claim, fetched), log_type="access")
    w.log(_t("06:50:10.330"), claim, "INFO", CLAIM_DEPLOY, instance=ROLLOUTS[claim][1][1][0], change="deploy")
    _rolled(w, claim, 1, "ClaimApplication 2.8.1 started in {s} seconds")
    for moment, (_, c) in zip(_every(w, "07:30", "09:40", 20, 60), claims, strict=False):
        w.log(moment, claim, "WARN", RETURNED.format(c=c), instance=_pod(w, claim, moment))
    w.log(_t("09:40:10.441"), claim, "INFO", CLAIM_EXPIRY, instance=ROLLOUTS[claim][1][1][1], change="config")
    _ops(w, "09:46:20.551", claim, CLAIM_RESUBMIT)
    w.alert("ClaimsReturnedHigh", claim, "warning", _t("07:42"), _t("10:05"), "41 件/小时",
            "理赔退回 41 件/小时，超过阈值 20", namespace=NS)


# --- Incident 9: MLX-INJ-5 with MLX-INJ-1.5's concentration --------------------------------------------------------------
def formulary_copy(w: WorldBuilder) -> None:
    ph = "vh-pharmacy"
    pods = ROLLOUTS[ph][0][1]
    w.log(_t("07:40:10.118"), ph, "INFO", PHARM_LABEL, instance=pods[0], change="config")
    w.log(_t("07:45:20.204"), ph, "INFO", FORMULARY, instance=pods[1], job="formulary-import")
    for moment in _every(w, "08:05", "09:40", 60, 200):
        cat = w.rng.random() < 0.5
        kg = round(w.rng.uniform(3.0, 6.5) if cat else w.rng.uniform(5.0, 35.0), 1)
        mg = round(0.2 * kg, 2)
        w.log(moment, ph, "WARN", DISPENSE_HELD.format(rx=w.rng.randint(10**7, 10**8 - 1), pet=_pet(w),
                                                       breed=w.rng.choice(CATS if cat else DOGS), kg=kg, mg=mg,
                                                       ml=round(mg / 1.5, 2), mx=round(0.05 * kg, 2)),
              instance=w.rng.choice(pods))
    _ops(w, "08:50:30.330", ph, "pharm_oncall_yuchen: 美洛昔康注射液的处方全被拦，算出来的体积是平时的三倍多")
    w.log(_t("09:40:10.441"), ph, "INFO", FORM_FIX, instance=pods[1], job="formulary-import")
    w.alert("PharmacyDispenseHeld", ph, "warning", _t("08:20"), _t("09:55"), "9 张/10分钟",
            "处方发药拦截 9 张/10分钟，超过阈值 8", namespace=NS)


# --- Incident 10: 夜间急诊 at priority 0 ---------------------------------------------------------------------------------
WAIT_SERIES: Keyframes = [(START, 6), (_y("19:30"), 7), (_y("19:50"), 14), (_y("20:12"), 21), (_y("21:00"), 38),
                          (_y("21:46"), 49), (_y("21:47"), WAIT_PEAK), (_y("21:48"), 48), (_y("22:40"), 30), (_y("22:50"), 8),
                          (REFERENCE, 5)]


def triage_priority(w: WorldBuilder) -> None:
    q = "vh-queue"
    pods = ROLLOUTS[q][1][1]
    w.log(_y("18:30:10.118"), q, "INFO", QUEUE_DEPLOY, instance=pods[0], change="deploy")
    _rolled(w, q, 1, "QueueApplication 2.9.0 started in {s} seconds")
    w.log(_y("18:40:20.204"), q, "INFO", TRIAGE_NEW, instance=pods[1], change="ops")
    for index, moment in enumerate(_every(w, _y("19:40"), _y("22:40"), 60, 180)):
        waited = max(1, int(interpolate(WAIT_SERIES, moment) * w.rng.uniform(0.75, 0.95)))
        position = w.rng.randint(6, 14)
        w.log(moment, q, "WARN", TICKET.format(t=f"H05-NE{index + 1:03d}", cat="夜间急诊", pr=0, h="H05", pos=position,
                                               q=position + w.rng.randint(0, 4), m=waited), instance=w.rng.choice(pods))
        if w.rng.random() < 0.5:
            cat, pr = w.rng.choice((("疫苗", 3), ("复诊", 2), ("初诊", 4)))
            w.log(moment + dt.timedelta(seconds=20), q, "INFO",
                  f"call H05-{w.rng.choice('ABV')}{w.rng.randint(1, 90):03d} ({cat}, priority={pr}) to 诊室 "
                  f"{w.rng.randint(1, 3)} (vet 值班医生)", instance=w.rng.choice(pods))
    _ops(w, _y("21:55:10.330"), q, TRIAGE_NOTE)
    w.log(_y("22:40:10.441"), q, "INFO", TRIAGE_FIX, instance=pods[0], change="ops")
    w.alert("EmergencyWaitLong", q, "critical", _y("20:12"), _y("22:55"), WAIT_ALERT,
            "临平分院急诊候诊 21 分钟，超过阈值 20 分钟", namespace=NS, hospital="H05")


# --- Unrelated: a full /var/log; the healthy services' changes ----------------------------------------------------------
def other_events(w: WorldBuilder) -> None:
    for moment in _every(w, "06:20", REFERENCE, 1500, 2400):
        w.log(moment, "vh-k8s-node", "WARN", DISK_LINE, instance=DISK_NODE, trace=False)
    w.alert("NodeFilesystemAlmostFull", "vh-k8s-node", "warning", _t("06:30"), None, "87%",
            f"{DISK_NODE} /var/log 使用率 87%，超过阈值 85%（工单 OPS-1019-04）", instance=DISK_NODE)
    w.alert("HostCpuHigh", "vh-k8s-node", "warning", _t("01:05"), _t("01:40"), "89%",
            "vh-k8s-node-03 CPU 89%（夜间数据库备份压缩）", instance="vh-k8s-node-03")
    w.log(_t("09:00:10.118"), "vh-member", "INFO", MEMBER_CONFIG, instance=ROLLOUTS["vh-member"][0][1][0], change="config")
    w.log(_t("07:00:10.204"), "vh-pay", "INFO", PAY_DEPLOY, instance=ROLLOUTS["vh-pay"][1][1][0], change="deploy")
    _rolled(w, "vh-pay", 1, "PayApplication 1.12.4 started in {s} seconds")


# --- Kubernetes state at 10:40 ----------------------------------------------------------------------------------------------
STEADY = (
    ("vh-app", 88, "2027-10-19T09:10:10+08:00", "release vh-app 6.8.3 (pipeline #5548)", "6.8.3"),
    ("vh-queue", 41, "2027-10-18T18:30:10+08:00", "release vh-queue 2.9.0 (pipeline #5519)", "2.9.0"),
    ("vh-his", 132, "2027-10-11T22:00:00+08:00", "release vh-his 7.4.2", "7.4.2"),
    ("vh-lab", 57, "2027-10-18T14:30:10+08:00", "release vh-lab 3.12.1 (pipeline #5521)", "3.12.1"),
    ("vh-pacs", 64, "2027-10-19T08:15:10+08:00", "release vh-pacs 5.3.2 (pipeline #5540)", "5.3.2"),
    ("vh-pharmacy", 39, "2027-10-08T22:00:00+08:00", "release vh-pharmacy 3.3.9", "3.3.9"),
    ("vh-claim", 29, "2027-10-19T06:50:10+08:00", "release vh-claim 2.8.1 (pipeline #5537)", "2.8.1"),
    ("vh-boarding", 17, "2027-09-27T22:00:00+08:00", "release vh-boarding 1.6.0", "1.6.0"),
    ("vh-notify", 23, "2027-10-05T22:00:00+08:00", "release vh-notify 2.2.5", "2.2.5"),
    ("vh-member", 31, "2027-09-30T22:00:00+08:00", "release vh-member 4.0.3", "4.0.3"),
    ("vh-pay", 45, "2027-10-19T07:00:10+08:00", "release vh-pay 1.12.4 (pipeline #5530)", "1.12.4"),
    ("vh-report", 26, "2027-10-12T22:00:00+08:00", "release vh-report 3.2.4", "3.2.4"),
)


def _deployment(w: WorldBuilder, service: str, revision: int, changed: str, cause: str, tag: str, pods: tuple[str, ...]) -> None:
    w.deployment(namespace=NS, name=service, service=service, replicas=len(pods), ready=len(pods), available=len(pods),
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
        _deployment(w, service, revision, changed, cause, tag, pods)
    hour_ago = REFERENCE - dt.timedelta(hours=1)
    for index, pod in enumerate(ON_EDR_NODE):
        w.event(type="Warning", reason="Unhealthy", object=f"Pod/{pod}",
                message=f"Readiness probe failed: Get \"http://10.42.7.{21 + index}:8080/health/render\": context deadline "
                        "exceeded (Client.Timeout exceeded while awaiting headers)",
                count=14 + 5 * index, first_seen=hour_ago + dt.timedelta(minutes=2 + index),
                last_seen=REFERENCE - dt.timedelta(minutes=1, seconds=13 * index))
    w.event(type="Normal", reason="SuccessfulRescale", object="HorizontalPodAutoscaler/vh-app",
            message="New size: 6; reason: All metrics below target", count=1,
            first_seen=_t("10:32:40"), last_seen=_t("10:32:40"))


# --- Metrics --------------------------------------------------------------------------------------------------------------------
def build_metrics(w: WorldBuilder) -> None:
    at = w.at
    morning = [(at("07:00"), REFERENCE)]
    evening = [(_y("14:30"), _y("23:30"))]
    w.series("lab_manual_review_pending", "vh-lab", "份",
             [(START, 2), (_y("15:00"), 2), (_y("16:30"), 31), (_y("19:09"), 84), (_y("19:10"), REVIEW_PEAK), (_y("19:11"), 83),
              (_y("20:20"), 70), (_y("21:30"), 12), (_y("22:30"), 3), (REFERENCE, 2)],
             start=START, fine=evening, spread=1.0, digits=0, threshold=30, hospital="H02")
    w.series("lab_qc_locked_tests", "vh-lab", "项",
             [(START, 0), (at("07:40"), 0), (at("07:41"), 3), (at("09:28"), 3), (at("09:29"), 0), (REFERENCE, 0)],
             start=START, fine=morning, digits=0, threshold=0, hospital="H01")
    w.series("pacs_unmatched_studies", "vh-pacs", "个",
             [(START, 0), (_y("18:10"), 0), (_y("18:55"), 6), (_y("20:30"), 26), (_y("21:29"), 37), (_y("21:31"), 0),
              (REFERENCE, 0)], start=START, fine=evening, digits=0, threshold=5, hospital="H03")
    w.series("pacs_study_arrival_delay_seconds", "vh-pacs", "秒", ARRIVAL_SERIES, start=START, fine=morning, spread=5, digits=0,
             threshold=300, hospital="H02")
    w.series("branch_uplink_utilization_percent", "vh-edge", "%", UPLINK_SERIES, start=START, fine=morning, spread=1, digits=0,
             threshold=90, instance="EDGE-H02")
    w.series("report_render_p95_seconds", "vh-report", "秒", RENDER_SERIES, start=START, fine=morning, spread=0.2, digits=1,
             threshold=5)
    w.series("node_edr_scan_queue", "vh-k8s-node", "个",
             [(START, 0), (at("01:32"), 0), (at("01:40"), 3), (at("08:25"), 4), (at("09:00"), 620), (at("10:00"), 880),
              (REFERENCE, 840)], start=START, fine=morning, spread=10, digits=0, instance=EDR_NODE)
    w.series("app_slot_requests_per_sec", "vh-app", "次/秒", SLOT_SERIES, start=START, fine=morning, spread=20, digits=0)
    w.series("app_slot_5xx_ratio", "vh-app", "%",
             [(START, 0.1), (at("09:30"), 0.1), (at("09:33"), 7.9), (at("09:40"), 31.5), (at("10:10"), 22.0), (at("10:16"), 0.4),
              (REFERENCE, 0.1)], start=START, fine=morning, spread=0.3, digits=1, threshold=5)
    w.series("booking_db_pool_active", "vh-app", "个",
             [(START, 12), (at("09:30"), 14), (at("09:33"), 60), (at("10:15"), 60), (at("10:17"), 18), (REFERENCE, 16)],
             start=START, fine=morning, digits=0, threshold=55)
    w.series("reminder_complaints_per_10m", "vh-notify", "次",
             [(START, 0), (at("09:00"), 0), (at("09:18"), 12), (at("09:40"), 19), (at("10:20"), 9), (at("10:25"), 1),
              (REFERENCE, 0)], start=START, fine=morning, spread=1, digits=0, threshold=10)
    w.series("claim_returned_per_hour", "vh-claim", "件",
             [(START, 1), (at("07:30"), 2), (at("07:42"), 41), (at("08:30"), 63), (at("09:40"), 55), (at("10:05"), 4),
              (REFERENCE, 1)], start=START, fine=morning, spread=2, digits=0, threshold=20)
    w.series("pharmacy_dispense_held_per_10m", "vh-pharmacy", "张",
             [(START, 0), (at("08:00"), 0), (at("08:20"), 9), (at("09:00"), 14), (at("09:40"), 11), (at("09:50"), 1),
              (REFERENCE, 0)], start=START, fine=morning, spread=1, digits=0, threshold=8)
    w.series("queue_emergency_wait_minutes", "vh-queue", "分钟", WAIT_SERIES, start=START, fine=evening, spread=1, digits=0,
             threshold=20, hospital="H05")
    w.series("node_filesystem_used_percent", "vh-k8s-node", "%",
             [(START, 71), (at("06:20"), 86), (at("06:30"), 87), (REFERENCE, 88)], start=START, digits=0, threshold=85,
             instance=DISK_NODE)
    for service, p99, threshold in (("vh-member", 160, 1000), ("vh-pay", 380, 2000)):
        w.series("http_5xx_ratio", service, "%", [(START, 0.03), (at("09:40"), 0.24), (at("10:10"), 0.09), (REFERENCE, 0.04)],
                 start=START, spread=0.02, digits=2, threshold=2)
        w.series("http_p99_latency", service, "ms", [(START, p99 - 30), (at("09:40"), p99 + 210), (REFERENCE, p99)],
                 start=START, spread=12, digits=0, threshold=threshold)


# --- Runbooks --------------------------------------------------------------------------------------------------------------------
RUNBOOKS: list[tuple[str, str, str]] = [
    ("runbooks/lab/manual-review.md", "检验人工审核积压处理手册", runbook(
        "检验人工审核积压处理手册", "适用于 vh-lab 某院区自动审核不通过、人工审核队列积压。",
        ["LabManualReviewBacklog：某院区人工审核积压超过 30 份"],
        ["按分析仪、物种、项目看自动审核不通过的结果。", "核对结果消息中的物种与宠物档案是否一致、使用的参考范围。",
         "看分析仪最近的维修、重装记录。"],
        ["分析仪接口配置（物种、单位）错误。", "试剂批号问题导致结果偏移。", "审核人员不足。"],
        ["恢复分析仪接口配置后重新审核；必要时增派审核人员。"])),
    ("runbooks/lab/qc-locked.md", "分析仪质控失控锁定处理手册", runbook(
        "分析仪质控失控锁定处理手册", "适用于 vh-lab 分析仪项目因质控失控被锁定。",
        ["LabQcLocked：分析仪项目因质控锁定"],
        ["看失控的质控品批号、水平与 z 值。", "核对质控品批号与靶值表是否对应。", "看试剂、定标是否更换。"],
        ["质控品批号与靶值表不一致。", "试剂或定标失效。", "分析仪故障。"],
        ["更正靶值或重新定标后重做质控；锁定期间样本转送其他院区。"])),
    ("runbooks/pacs/unmatched.md", "影像未匹配检查处理手册", runbook(
        "影像未匹配检查处理手册", "适用于 vh-pacs 检查无检查号、无法匹配 HIS 医嘱。",
        ["PacsUnmatchedStudies：未匹配检查超过 5 个"],
        ["看未匹配检查来自哪台设备（calling AE title）。", "看该设备的 Worklist 查询是否成功。", "看设备最近的更换、维修记录。"],
        ["设备 AE title 未登记或变更，Worklist 查询被拒。", "技师手工录入患者信息。", "HIS 医嘱未下发。"],
        ["登记设备 AE title，合并未匹配检查到医嘱。"])),
    ("runbooks/pacs/arrival-delay.md", "影像到达延迟处理手册", runbook(
        "影像到达延迟处理手册", "适用于 vh-pacs 某院区检查上传到 PACS 的延迟升高。",
        ["PacsStudyArrivalDelay：某院区影像到达延迟超过 300 秒"],
        ["看延迟是否只在一个院区、单个传输的速率。", "看该院区边缘网关上行带宽使用率与占用最多的 VLAN。", "看 PACS 存储写入是否正常。"],
        ["院区上行带宽被其他流量占满。", "PACS 存储慢。", "设备网络故障。"],
        ["限制占用带宽的流量或扩容专线；必要时本地缓存后补传。"])),
    ("runbooks/report/render-slow.md", "报告生成慢处理手册", runbook(
        "报告生成慢处理手册", "适用于 vh-report 报告 PDF 生成耗时升高。",
        ["ReportRenderSlow：报告生成 P95 超过 5 秒"],
        ["按 Pod 看生成耗时是否一致，慢的 Pod 在哪台节点上。", "看该节点最近的变更（安全软件、内核、存储）。",
         "看模板与字体是否变化。"],
        ["个别节点的主机软件拖慢文件读写。", "模板过大。", "CPU 不足。"],
        ["把 Pod 迁离异常节点并处理节点问题；扩容。"])),
    ("runbooks/app/slot-errors.md", "疫苗号源接口错误处理手册", runbook(
        "疫苗号源接口错误处理手册", "适用于 vh-app 疫苗号源与预约接口 5xx 升高。",
        ["AppSlotApiErrors：号源接口 5xx 比例超过 5%"],
        ["看请求量是否突增、请求来源（ref、渠道）。", "看 booking-db 连接池与慢查询。", "看最近的发布。"],
        ["外部活动、短信带来的突发流量。", "数据库连接池耗尽。", "发布引入的慢查询。"],
        ["号源查询加缓存、限流、排队页；扩容。"])),
    ("runbooks/notify/complaints.md", "提醒投诉处理手册", runbook(
        "提醒投诉处理手册", "适用于 vh-notify 提醒投诉、拒收激增。",
        ["ReminderComplaintsHigh：提醒投诉超过 10 次/10分钟"],
        ["看投诉集中在哪个院区、哪类提醒。", "核对被投诉宠物在 HIS 中的状态与接种记录来源（是否为导入数据）。"],
        ["宠物状态（离世、转出）不正确。", "接种记录重复。", "提醒模板错误。"],
        ["暂停问题数据的提醒，更正宠物状态后恢复。"])),
    ("runbooks/claim/returned.md", "理赔退回处理手册", runbook(
        "理赔退回处理手册", "适用于 vh-claim 保险公司退回理赔激增。",
        ["ClaimsReturnedHigh：理赔退回超过 20 件/小时"],
        ["看退回原因代码。", "看保险公司拉取附件的访问日志与返回码、附件 URL 的有效期。", "核对保险公司近期流程变化通知。"],
        ["附件无法下载（链接失效、权限）。", "材料不全。", "保单状态异常。"],
        ["修复附件访问后重新提交退回的理赔。"])),
    ("runbooks/pharmacy/held.md", "处方发药拦截处理手册", runbook(
        "处方发药拦截处理手册", "适用于 vh-pharmacy 发药安全校验拦截激增。",
        ["PharmacyDispenseHeld：发药拦截超过 8 张/10分钟"],
        ["看被拦药品、拦截原因代码与计算的剂量、体积。", "核对药品目录中该药的规格、浓度与最近的目录更新。"],
        ["药品目录的浓度、规格错误。", "体重录入错误。", "医生开具超量。"],
        ["更正药品目录后重新校验处方。"])),
    ("runbooks/queue/emergency-wait.md", "急诊候诊过长处理手册", runbook(
        "急诊候诊过长处理手册", "适用于 vh-queue 急诊候诊时间超过阈值。",
        ["EmergencyWaitLong：急诊候诊超过 20 分钟"],
        ["看急诊号的分诊类别与 priority、排队位置。", "看分诊类别最近的新增与修改。", "看值班医生人数。"],
        ["分诊类别优先级配置错误。", "值班医生不足。", "叫号屏故障。"],
        ["更正分诊优先级，手工优先叫急诊号。"])),
    ("runbooks/boarding/camera-offline.md", "寄养摄像头离线处理手册", runbook(
        "寄养摄像头离线处理手册", "适用于寄养区摄像头离线。",
        ["KennelCameraOffline"], ["看摄像头 Wi-Fi 信号。"], ["摄像头断电。"], ["重启摄像头电源适配器。"])),
    ("runbooks/pay/pos.md", "院内 POS 故障处理手册", runbook(
        "院内 POS 故障处理手册", "适用于院内收银 POS 无法刷卡。",
        ["PosTerminalDown"], ["看 POS 签到状态。"], ["POS 密钥过期。"], ["POS 重新签到并下载主密钥。"])),
]


def build_bundle(seed: int = SEED) -> Json:
    w = WorldBuilder(seed=seed, day=DAY, tz=TZ, reference=REFERENCE, instances=INSTANCES,
                     labels={"env": "prod", "cluster": "vh-prod", "region": "cn-east-1"})
    for service, (make, every) in NOISE.items():
        w.noise(service, make, START, every_s=every)
    species_default(w)
    qc_lot(w)
    ae_title(w)
    kennel_uplink(w)
    edr_pilot(w)
    district_sms(w)
    lz_import(w)
    insurer_batch(w)
    formulary_copy(w)
    triage_priority(w)
    other_events(w)
    k8s_state(w)
    build_metrics(w)
    documents = [{"title": title, "source": source, "content": content} for source, title, content in RUNBOOKS]
    return w.bundle(name="MaoHaiZi 毛孩子宠物医院 2027-10-19", services=SERVICES, documents=documents)


# --- Questions --------------------------------------------------------------------------------------------------------------------
#: Each incident's own words: in another incident's answer, a misattribution.
FAMILY = {
    "species": ("WO-LD-1018-02", "ld_fae_sunjie"),
    "qclot": ("2310A", "lab_h01_zhoumin"),
    "aetitle": ("DR_CB01", "WO-RY-1018-05"),
    "uplink": ("HD-continuous", "看宠云"),
    "edr": ("weian-edr", "SEC-1019-02"),
    "smsload": ("nyj_sms_1019", "农业农村局"),
    "deceased": ("IMPORT-LZ-1019", "已离世"),
    "presign": ("SignatureExpired", "ruichong-docbatch"),
    "formulary": ("FORM-1019", "MLX-INJ-5"),
    "triage": ("夜间急诊", "priority=0"),
}
#: The remedies of the runbooks for problems that did not happen.
UNRELATED_REMEDIES = ("重启摄像头电源适配器", "POS 重新签到并下载主密钥")
FIRING = ("ReportRenderSlow", "NodeFilesystemAlmostFull")
INCIDENT_WORDS = tuple(word for words in FAMILY.values() for word in words)


def _not(*own: str, told: tuple[str, ...] = ()) -> tuple[str, ...]:
    """The other incidents' words, plus the unrelated runbooks' remedies — less ``told``: another incident's words the asked
    service itself logs (the LIS logs both the reinstalled analyzer and the new QC lot; the PACS logs 城北's new AE title),
    which name no misattribution when an answer quotes them."""
    return tuple(word for family, words in FAMILY.items() if family not in own for word in words
                 if word not in told) + UNRELATED_REMEDIES


QUESTIONS: tuple[WorldQuestion, ...] = (
    WorldQuestion(
        "pethospital_lab_cat_review_cause",
        "昨天下午开始滨江分院好多猫的生化结果都卡在人工审核，审核的同事说肌酐、血糖几乎全标了偏高，检验系统那边怎么了？", "cause",
        asked_facts=(fact("autoverify FAIL", "manual review", "人工审核"),),
        cause_facts=(fact("species=CANINE", "CANINE"),
                     fact("LD-VC300-H02", "WO-LD-1018-02", "ld_fae_sunjie", "reinstalled", "重装")),
        forbidden=_not("species", told=FAMILY["qclot"]), service="vh-lab",
        diagnosis="昨天 14:50 朗迪 的工程师 ld_fae_sunjie 换主板后重装了滨江分院的生化分析仪 LD-VC300-H02（WO-LD-1018-02），LIS 接口"
                  "配置恢复成默认，物种字段一律发 species=CANINE → 猫的样本也按犬的参考范围（肌酐 44-133、血糖 3.9-6.9）审核，"
                  "猫的正常肌酐、血糖被标 H，autoverify FAIL 进人工审核，积压最多 87 份。20:15 厂商远程恢复物种映射。14:30 的 "
                  "vh-lab 3.12.1 发布不是原因（其他院区的猫样本照常通过）",
    ),
    WorldQuestion(
        "pethospital_lab_qc_locked_cause",
        "今天早上西溪总院的肌酐、尿素氮、血糖都做不了，仪器一直报质控失控，样本都送去滨江了，LIS 这边是怎么回事？", "cause",
        asked_facts=(fact("QC_LOCKED", "1-3s", "质控失控"),),
        cause_facts=(fact("2310A"),
                     fact("2306B", "target/SD table", "靶值")),
        forbidden=_not("qclot", told=FAMILY["species"]), service="vh-lab",
        diagnosis="07:35 lab_h01_zhoumin 在 LD-VC300-H01 上换用新开的一盒质控品，批号 2306B -> 2310A，但靶值表仍是 2306B 的 → 质控"
                  "结果按旧靶值算 z 值超过 3，Westgard 1-3s 失控，CREA、BUN、GLU 被锁定（QC_LOCKED），样本转送滨江。09:28 质控组"
                  "长录入 2310A 的靶值后重做质控通过。07:20 的 lab.autoverify.delta-check.hours 配置不是原因",
    ),
    WorldQuestion(
        "pethospital_pacs_unmatched_cause",
        "昨晚城北分院拍的 DR 片子在 HIS 里都看不到，影像那边显示一堆未匹配的检查，这是怎么回事？", "cause",
        asked_facts=(fact("UNMATCHED", "未匹配"),),
        cause_facts=(fact("DR_CB01"),
                     fact("not registered", "AE title", "WO-RY-1018-05", "锐影医疗", "MWL", "Worklist")),
        forbidden=_not("aetitle"), service="vh-pacs",
        diagnosis="昨天下午 锐影医疗 在城北分院更换了 DR 工作站（WO-RY-1018-05），新工作站的 calling AE title 是 DR_CB01，PACS 的设备"
                  "登记里只有 H03_DR01 → Worklist（MWL C-FIND）被拒，技师手工录入患者，检查上传时 accession 为空 → UNMATCHED，HIS "
                  "里看不到片子（最多 37 个）。21:30 登记 DR_CB01 并合并检查。17:50 的 pacs.viewer.default-layout 配置不是原因",
    ),
    WorldQuestion(
        "pethospital_pacs_binjiang_delay_cause",
        "今天早上滨江分院拍完的 X 光和 B 超，医生在诊室电脑上要等十几二十分钟才能看到，影像服务怎么了？", "cause",
        asked_facts=(fact("arrival delay", "到达延迟", "延迟"),),
        cause_facts=(fact("HD-continuous", "看宠云", "摄像头", "寄养"),
                     fact("EDGE-H02", "上行", "uplink", "WAN1", "98%")),
        forbidden=_not("uplink", told=FAMILY["aetitle"]), service="vh-pacs",
        diagnosis="08:02 寄养摄像头的云服务商 看宠云 把滨江分院寄养区 32 个摄像头的云存储从 SD-7d 升级成 HD-continuous（1080p 24 小时"
                  "连续上传），滨江分院 100M 上行（EDGE-H02 WAN1）被占到 98%，摄像头 VLAN 约 75 Mbps → DR、超声上传到 PACS 只有几百"
                  " KB/s，影像到达延迟最高 1137 秒。10:02 摄像头改回 SD 并限速。08:15 的 vh-pacs 5.3.2 发布不是原因",
    ),
    WorldQuestion(
        "pethospital_report_slow_cause",
        "报告中心从早上八点多开始出报告特别慢，宠主 App 里一直显示报告生成中，告警到现在都没消，怎么回事？", "cause",
        asked_facts=(fact("ReportRenderSlow", "render report", "生成慢", "P95"),),
        cause_facts=(fact(EDR_NODE, "node-07"),
                     fact("weian-edr", "EDR", "ON_ACCESS", "on-access", "SEC-1019-02", "POL-K8S-PILOT")),
        forbidden=_not("edr"), service="vh-report",
        diagnosis="01:32 安全部门在 vh-k8s-node-07 上试点 weian-edr（POL-K8S-PILOT，SEC-1019-02），对 /var/lib/containerd 等容器目录"
                  "开启 ON_ACCESS 实时扫描，扫描只有一个线程 → 这台节点上的两个报告 Pod 读字体、模板都要排队，夜里量小只慢到一两秒，"
                  "08:30 后扫描队列上百、单份报告 6–15 秒，P95 最高 13.8 秒，告警仍在触发；其他节点上的四个 Pod 一秒以内。08:20 的 "
                  "report.pdf.watermark.enabled 配置不是原因",
    ),
    WorldQuestion(
        "pethospital_app_slots_cause",
        "刚才九点半左右 App 上约疫苗一直提示系统繁忙，号源刷不出来，App 后端怎么了？", "cause",
        asked_facts=(fact("503", "系统繁忙", "pool exhausted"),),
        cause_facts=(fact("nyj_sms_1019", "农业农村局", "短信"),
                     fact("2486", "暴涨", "请求量", "app_slot_requests_per_sec")),
        forbidden=_not("smsload"), service="vh-app",
        diagnosis="09:30 区农业农村局 给全区登记犬主发了狂犬病免疫截止的短信，里面带着我们的预约链接（ref=nyj_sms_1019）→ 疫苗号源"
                  "接口从每秒 34 次涨到 2486 次（09:37），booking-db 连接池 60/60 耗尽，503 系统繁忙。10:15 号源查询加 30 秒缓存后恢复。"
                  "09:10 的 vh-app 6.8.3 发布不是原因",
    ),
    WorldQuestion(
        "pethospital_notify_deceased_cause",
        "今天早上好多宠主打电话投诉，说宠物早就去世了还收到疫苗到期提醒，提醒服务这是怎么回事？", "cause",
        asked_facts=(fact("疫苗提醒", "reminder sent", "VR-20271019", "疫苗到期"),),
        cause_facts=(fact("IMPORT-LZ-1019", "良渚", "导入"),
                     fact("已离世", "remarks", "status=ACTIVE")),
        forbidden=_not("deceased"), service="vh-notify",
        diagnosis="02:10 data_ops_qianyu 把收购的良渚分院（原 宠爱 HIS）的历史数据导入 HIS（IMPORT-LZ-1019），旧系统只在备注里写"
                  "“已离世”，导入时状态一律 status=ACTIVE → 09:00 的疫苗提醒批次 VR-20271019 给已去世宠物的主人发了提醒，投诉都来自"
                  "良渚分院。10:20 暂停导入宠物的提醒，1,143 只按备注标记 DECEASED。08:40 的提醒模板配置不是原因",
    ),
    WorldQuestion(
        "pethospital_claim_returned_cause",
        "早上瑞宠那边退回了一大批理赔，说材料读取不了，理赔服务是出什么问题了？", "cause",
        asked_facts=(fact("MATERIAL_UNREADABLE", "附件无法下载", "RETURNED"),),
        cause_facts=(fact("SignatureExpired", "X-Expires=1800", "expired", "过期"),
                     fact("ruichong-docbatch", "夜间批量", "02:00")),
        forbidden=_not("presign"), service="vh-claim",
        diagnosis="瑞宠保险 自昨晚 20:00 起把理赔审核改成夜间批量，02:00 统一拉取附件；我们提交时附件是 X-Expires=1800 的预签名 URL，"
                  "到 02:00 早已过期 → ruichong-docbatch 拉附件全部 403 SignatureExpired → 07:30 起回调 RETURNED "
                  "MATERIAL_UNREADABLE。09:40 附件 URL 有效期改为 72 小时并重新提交 286 件。06:50 的 vh-claim 2.8.1 发布不是原因",
    ),
    WorldQuestion(
        "pethospital_linping_emergency_wait_quantity", "昨晚临平分院急诊那边最长等了多少分钟才叫到号？", "quantity",
        asked_facts=(fact(str(WAIT_PEAK), "52 分钟"),), forbidden=_not("triage"), service="vh-queue",
        peak=Peak("vh-queue", "queue_emergency_wait_minutes", WAIT_PEAK),
        diagnosis="queue_emergency_wait_minutes（H05）峰值 52 分钟（21:47）；EmergencyWaitLong 触发时是 21 分钟。起因是 18:40 新建的"
                  "分诊类别 夜间急诊 priority=0，被当成最低优先级",
    ),
    WorldQuestion(
        "pethospital_binjiang_arrival_quantity", "滨江分院今天早上影像到达延迟最高到了多少秒？", "quantity",
        asked_facts=(fact(str(ARRIVAL_PEAK), "1137 秒"),), forbidden=_not("uplink", told=FAMILY["aetitle"]),
        service="vh-pacs", peak=Peak("vh-pacs", "pacs_study_arrival_delay_seconds", ARRIVAL_PEAK),
        diagnosis="pacs_study_arrival_delay_seconds（H02）峰值 1137 秒（09:26）；PacsStudyArrivalDelay 触发时是 318 秒。起因是寄养摄像头"
                  "升级高清云存储占满滨江上行",
    ),
    WorldQuestion(
        "pethospital_slot_requests_quantity", "疫苗号源接口今天上午的请求量最高到每秒多少次？", "quantity",
        asked_facts=(fact(str(SLOT_PEAK), "2,486"),), forbidden=_not("smsload"), service="vh-app",
        peak=Peak("vh-app", "app_slot_requests_per_sec", SLOT_PEAK),
        diagnosis="app_slot_requests_per_sec 峰值 2486 次/秒（09:37），平时三十多次；来源是区农业农村局短信里的预约链接",
    ),
    WorldQuestion(
        "pethospital_pharmacy_held_existence", "药房今天早上是不是报过警？好几个医生说美洛昔康注射液的处方发不出去。", "existence",
        asked_facts=(fact("PharmacyDispenseHeld"),),
        cause_facts=(fact("concentration=1.5mg/mL", "1.5mg/mL", "浓度"),
                     fact("FORM-1019", "MLX-INJ-5", "pharm_lead_gaowen")),
        forbidden=_not("formulary"), service="vh-pharmacy",
        diagnosis="报过：PharmacyDispenseHeld 08:20 触发、09:55 恢复。07:45 pharm_lead_gaowen 的药品目录更新 FORM-1019 把新供应商的美洛"
                  "昔康注射液 0.5%（5 mg/mL）作为 MLX-INJ-5 从 MLX-INJ-1.5 复制，浓度仍是 concentration=1.5mg/mL → 计算体积是实际的 "
                  "3.3 倍，超过最大 0.05 mL/kg 被拦 DOSE_VOLUME_OVER_MAX。09:40 FORM-1019-r1 改成 5 mg/mL。07:40 的 "
                  "pharmacy.label.print-copies 配置不是原因",
    ),
    WorldQuestion(
        "pethospital_member_healthy", "有会员说今天储值卡余额和积分显示不对，会员系统今天有没有出问题或者告警？", "existence",
        asked_facts=(HEALTHY,), forbidden=INCIDENT_WORDS, service="vh-member", healthy=True,
        diagnosis="没有：vh-member 只有积分、储值充值的 INFO 和重复绑卡的 WARN，5xx、p99 远低于阈值，无告警；09:00 的 "
                  "member.points.expire-reminder-days 配置与各故障无关",
    ),
    WorldQuestion(
        "pethospital_pay_healthy", "收银台的同事问今天早上支付有没有异常，支付服务有告警或者报错吗？", "existence",
        asked_facts=(HEALTHY,), forbidden=INCIDENT_WORDS, service="vh-pay", healthy=True,
        diagnosis="没有：vh-pay 只有支付、退款的 INFO 和重复回调的 WARN，5xx、p99 低于阈值，无告警；07:00 的 1.12.4 发布与各故障无关",
    ),
    WorldQuestion(
        "pethospital_alert_listing", "现在还有哪些告警没恢复？列一下。", "listing",
        asked_facts=tuple(fact(name) for name in FIRING), forbidden=("vh-member", "vh-pay"),
        diagnosis="2 条：ReportRenderSlow（08:52 起，vh-report，node-07 上两个 Pod 被 EDR 实时扫描拖慢）、NodeFilesystemAlmostFull"
                  "（06:30 起，vh-k8s-node-02 的 /var/log 87%，工单 OPS-1019-04，与各故障无关）；其余告警都已恢复",
    ),
    WorldQuestion(
        "pethospital_claim_changes_listing", "理赔服务从昨天到现在都做过哪些变更？发版和配置都列出来。", "listing",
        asked_facts=(fact("claim.invoice.ocr.timeout-ms"), fact("2.8.1"), fact("claim.attachment.url-expiry-sec", "259200")),
        forbidden=_not("presign"), service="vh-claim",
        diagnosis="三次：昨天 15:10 claim.invoice.ocr.timeout-ms 3000 -> 5000、今天 06:50 发布 2.8.1、09:40 "
                  "claim.attachment.url-expiry-sec 1800 -> 259200（理赔被退回之后的修复）",
    ),
)

WORLD = World(name=NAME, title="MaoHaiZi 毛孩子宠物医院（宠物医院连锁）", build=build_bundle, questions=QUESTIONS)
