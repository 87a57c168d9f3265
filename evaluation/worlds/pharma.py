"""World "pharma": 康链医药 KangLian Pharma Distribution, a pharmaceutical wholesaler of Guangdong (``kl-*`` services: order
intake from hospitals and pharmacies with the provincial procurement platform's sync, credit control, the customer master,
pharmacist review, the GSP warehouse's WMS, drug traceability codes and their upload to the national platform, quality
(licences, recall locks), the hospitals' SPD integration, supplier EDI, cold-chain transport, e-invoicing and returns on a
Kubernetes cluster; the nodes, the vehicles' telematics gateway, the traceability database and the data warehouse outside
it), seen from Monday 2026-12-14 22:00 to the reference time Tuesday 2026-12-15 20:00 (+08:00), a working day (hospital
orders from 08:00, the warehouse's night shift until 02:00). Nothing here was written for the offline agents; ten
incidents of families the other worlds do not have, in ordinary noise:

(1) 09:05:40        kl-gsp-qa: QA enters the renewed 药品经营许可证 (粤AA0200087 → 粤AA0200312) in the enterprise profile; it
                    syncs to kl-trace-upload, whose bills now carry the new number while the national platform (码上放心) still
    09:20–11:37     has the old one on record → every upload bill rejected ``ENT_LICENSE_MISMATCH`` and the pending codes pile
                    up to 186420 at 11:32 (``trace_codes_pending_upload``; the alert fired at 50816). 11:36 the upload header
                    is overridden with the registered number until the regulator syncs. The 08:40 deploy 2.9.0 of the upload
                    service and an 08:00 platform notice about a future SM3 signature are decoys.
(2) 07:52:10        kl-wms: a warehouse operator applies request WMS-REQ-1207 (药店客户近效期放宽 to 90 days) to the allocation
                    rule ALLOC-HOSP instead of ALLOC-RETAIL → FEFO now picks lots with 90–179 days left for hospitals →
    10:40–16:30     from 10:40 the hospitals' SPD systems reject them at receipt (效期不足6个月) through kl-spd-gateway, and
                    kl-returns opens RMAs. 14:08 the rules are put right; trucks picked before keep arriving until 16:30. The
                    10:05 ack-timeout config of the SPD gateway is a decoy.
(3) 13:18:30        kl-gsp-qa: QA enters the manufacturer's recall of 阿莫西林胶囊 lot 20261103 as recall lock RC-20261215-02
                    with product ALL and the lot pattern ``2026110*`` → 37 lots of 11 products go QA_HOLD in the WMS →
    13:21–15:02     kl-order-hub cannot allocate them (``ALLOC_SHORT``, lines back-ordered though the shelves are full). 15:00
                    the lock is narrowed to the one product and lot. The 12:40 split config of the order hub is a decoy.
                    (The order hub thus has two incidents today: a time phrase picks one.)
(4) 02:10:05        kl-vehicle-gw: the T-box vendor's OTA campaign OTA-TB-20261215-01 upgrades the six refrigerated trucks parked
                    in the depot to TB-4.1.0, which reports compartment temperatures in °F (``unit=F``, a field the gateway's
    06:30–10:45     decoder ignores) → from the first departures kl-coldchain-tms reads 41–46 as °C: ``TEMP_EXCURSION`` on
                    the six trucks, shipments flagged for QA at delivery, while the drivers' displays show 4–7 °C. 10:40 the
                    vendor pushes ``temp_unit=C``. The 06:05 deploy 3.6.0 of the TMS is a decoy.
(5) 01:10:22        kl-mdm: a sales administrator's customer-master import CM-IMP-20261215-01 sets payment_terms_days of the
                    nine customers of 市一医院集团 to 18 instead of 180 → the 02:00 CronJob kl-credit-aging marks them
    08:00–10:50     OVERDUE_HOLD → from the first hospital orders kl-order-hub holds theirs ``CREDIT_HOLD``. 10:41 the terms
                    are corrected, 10:46 credit re-evaluated, 10:50 the orders released. The 07:20 deploy 7.4.1 of the order
                    hub is a decoy.
(6) 17:10:02        kl-k8s-node-03: unattended-upgrades installs a kernel and, with ``Automatic-Reboot "true"`` from the node
                    image kl-node-2026.12, reboots the node without a drain → the kl-pharm-review pod there dies with its
    17:10–18:10     pharmacists' websocket sessions; their 143 claimed orders keep their claim locks (TTL 3600 s) → no one
                    can open them (``ALREADY_CLAIMED``, ``REVIEW_STUCK_CLAIMED``) until the locks expire at 18:09. The 16:30
                    claim batch-size config of the review service is a decoy. (The review service has two incidents today.)
(7) 07:30:15        kl-supplier-edi: the EDI developer publishes map ASN_HRYY v12 (华润医药's DESADV with UDI), whose batch_no
                    comes from ``RFF+BT`` while 华润 sends it in ``PIA`` → every ASN line reaches the WMS with an empty lot →
    09:10–12:25     receiving scans ``LOT_MISMATCH`` and the lines are held in the 待验区; held lines peak 612 at 12:10
                    (``wms_receiving_held_lines``; the alert fired at 152). 12:18 the map is rolled back and the ASNs re-sent.
                    The 08:20 deploy 5.8.2 of the WMS is a decoy.
(8) 10:02:05        kl-order-hub: the provincial procurement platform (阳光采购平台) comes back from its 06:00–10:00 maintenance
                    (GD-YG-20261215) and pushes the morning's backlog: order intake from 3/s to 96/s at 10:06 (only in
    10:02–11:35     ``order_intake_per_second``, by source in ``..._by_source``) → kl-pharm-review's queue peaks 2846 at 10:48
                    (``pharm_review_queue_depth``; the alert fired at 820), SLA breaches. The 09:40 notification config of the
                    review service is a decoy.
(9) 14:30:10        kl-einvoice: finance runs the batch INV-BATCH-20261215-01 (11 月返利红冲重开, 3860 invoices ¥41.2M)
                    through the 乐企 direct connection → the month's 数电票 授信额度 is left with ¥61,240 at 15:08 → from
    15:12 → now     15:12 every invoice fails ``4007 可用授信额度不足``; 16:20 an increase is applied for, not approved by 20:00
                    (EinvoiceIssueFailures firing, 1487 invoices pending). The 14:05 deploy 4.2.0 of e-invoicing is a decoy.
(10) 23:30:02 (-1d) kl-trace-db: the nightly pg_partman maintenance fails again (``permission denied for schema trace`` since a
                    DBA role clean-up, 7 runs) → the premade daily partitions of trace.trace_scan end with 2026-12-14 → from
    00:00–01:40     00:00 every outbound scan insert of kl-trace-code fails ``no partition of relation "trace_scan" found for
                    row`` and the warehouse's review stations hold cartons. 01:38 the DBA grants and runs the maintenance. The
                    23:10 flush config of the trace-code service is a decoy.

Healthy: kl-crm (deploy 5.0.2 at 10:30 is a decoy) and kl-sales-app (a config at 15:40 is a decoy) — INFO/WARN noise only,
under their thresholds, no alert. Still firing at 20:00: VehicleGpsSignalLost (粤A·C5L09 in the workshop since the evening
before, unrelated) and EinvoiceIssueFailures (the quota); HostCpuHigh on kl-dw 01:05–01:50 is the nightly ETL, unrelated.
Kubernetes: the deployments and their pods with their nodes (the review and returns pods on kl-k8s-node-03 restarted once at
17:10), the credit-aging CronJob's pods and the events of the last hour (the 19:15 e-invoice retry).
Run ``python -m evaluation.worlds pharma`` to print the bundle.
"""

from __future__ import annotations

import datetime as dt
import functools
import hashlib
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

NAME = "pharma"
SEED = 20261215
TZ = dt.timezone(dt.timedelta(hours=8))
DAY = dt.date(2026, 12, 15)
EVE = dt.date(2026, 12, 14)
START = dt.datetime(2026, 12, 14, 22, 0, tzinfo=TZ)
REFERENCE = dt.datetime(2026, 12, 15, 20, 0, tzinfo=TZ)
NS = "kanglian-prod"

_t = functools.partial(clock_on, DAY, TZ)  # a clock on the world's day, for module-level constants
_y = functools.partial(clock_on, EVE, TZ)  # a clock on the evening before

# --- The lines the questions are about (the tests find each one in the bundle) ----------------
# (1) the licence number on the upload bills
OLD_LICENSE, NEW_LICENSE = "粤AA0200087", "粤AA0200312"
LICENSE_UPDATE = (f"enterprise profile updated by qa_liminghui: 药品经营许可证 {OLD_LICENSE} -> {NEW_LICENSE} (换证, 有效期至 "
                  "2031-12-14), synced to kl-mdm, kl-trace-upload")
PROFILE_RELOAD = f"enterprise profile reloaded from kl-gsp-qa: license {NEW_LICENSE}, credit code 91440101MA5CKL2X7R"
UPLOAD_REJECTED = ("upload bill {bill} ({kind}, {codes} codes) rejected by 码上放心平台: code=ENT_LICENSE_MISMATCH msg=上报企业"
                   f"许可证号 {NEW_LICENSE} 与平台备案 {OLD_LICENSE} 不一致")
LICENSE_OVERRIDE = (f"[nacos] config changed: dataId=kl-trace-upload.yaml group=TRACE key=trace.upload.enterprise-license-override "
                    f"old='' new={OLD_LICENSE} operator=trace_dev_xiaoling md5=6b1e0c9d2a74 (until platform registry synced, "
                    "QA-2026-1215-07)")
UPLOAD_DEPLOY = ("deploy finished: kl-trace-upload 2.9.0 (was 2.8.4) rolled out by ci-bot pipeline=#3318; changes: upload "
                 "batch size 5000 -> 4000")
SM3_NOTICE = ("platform notice 码上放心 GG-2026-1211: 2026-12-20 起开放 SM3 签名 (sign_method=sm3)，HMAC-MD5 继续兼容至 "
              "2027-03-31")
PENDING_PEAK = 186420
PENDING_ALERT_VALUE = "50816 条"

# (2) the hospitals' allocation rule
RULE_EDIT = ("allocation rule ALLOC-HOSP (customer group HOSP 医院) edited by wms_ops_chenjie: min_remaining_days 180 -> 90 "
             "(request WMS-REQ-1207 药店客户近效期放宽)")
RULE_FIX = ("allocation rule ALLOC-HOSP edited by wms_ops_chenjie: min_remaining_days 90 -> 180 (revert, WMS-REQ-1207 "
            "belongs to ALLOC-RETAIL)")
RULE_RETAIL = "allocation rule ALLOC-RETAIL (customer group RETAIL 药店) edited by wms_ops_chenjie: min_remaining_days 180 -> 90"
SPD_REJECT = ("SPD receipt from {hospital} ({customer}) delivery {dn} line {line} {sku} {name} lot {lot} exp {exp}: REJECTED "
              "reason=效期不足6个月 (剩余 {days} 天)")
SPD_CONFIG = ("[nacos] config changed: dataId=kl-spd-gateway.yaml group=SPD key=spd.ack.timeout-seconds old=30 new=60 "
              "operator=spd_dev_huangyu md5=c07e1a5b94d2")

# (3) the recall lock's lot pattern
RECALL = "RC-20261215-02"
RECALL_LOCK = (f"recall lock {RECALL} created by qa_zhoulan (厂家召回通知 ZY-2026-118 阿莫西林胶囊 0.25g*24 批号 20261103): "
               "product=ALL lot pattern 2026110* -> 37 lots of 11 products set QA_HOLD")
RECALL_FIX = (f"recall lock {RECALL} edited by qa_zhoulan: product=ALL lot 2026110* -> product=P000318 lot 20261103; 36 lots "
              "released QA_HOLD -> AVAILABLE")
ALLOC_SHORT = ("order {order} customer {customer} {cname} line {line} {sku} {name} requested {qty} allocatable 0 (on hand "
               "{onhand}, QA_HOLD {onhand}): ALLOC_SHORT, line back-ordered")
ORDER_SPLIT_CONFIG = ("[nacos] config changed: dataId=kl-order-hub.yaml group=ORDER key=order.split.max-lines old=50 new=80 "
                      "operator=order_dev_zhengkai md5=2f8d7a61c0e3")

# (4) the T-box firmware's Fahrenheit
OTA = "OTA-TB-20261215-01"
OTA_CAMPAIGN = (f"OTA campaign {OTA} started by vendor account hongtu_ota: T-box firmware TB-4.0.7 -> TB-4.1.0 for fleet "
                "KL-CC (22 vehicles, depot Wi-Fi only)")
OTA_DONE = f"OTA campaign {OTA} finished: 6/22 vehicles upgraded to TB-4.1.0 (16 not in depot, retry next night)"
UNIT_IGNORED = ("vehicle {plate} frame v2.3 (fw TB-4.1.0): field 'unit'=F not in decoder schema v2.2, ignored; temperatures "
                "stored as received")
UNIT_FIX = ("OTA config push by hongtu_ota: temp_unit=C for 6 vehicles on TB-4.1.0 (firmware default unit F), acknowledged "
            "6/6")
TEMP_EXCURSION = ("shipment {shipment} vehicle {plate} compartment temp {temp:.1f}°C > 8.0°C (range 2-8°C): TEMP_EXCURSION, "
                  "{count} cold-chain lines flagged for QA review at delivery")
TMS_DEPLOY = ("deploy finished: kl-coldchain-tms 3.6.0 (was 3.5.2) rolled out by ci-bot pipeline=#3307; changes: route sheet "
              "PDF for drivers")

# (5) the payment terms of a hospital group
TERMS_IMPORT = ("customer master import CM-IMP-20261215-01 by sales_adm_wuqian: 214 rows updated (contact, address, "
                "payment_terms_days); group 市一医院集团 (9 customers) payment_terms_days 180 -> 18")
TERMS_FIX = ("customer master edit by sales_adm_wuqian (correction of CM-IMP-20261215-01): group 市一医院集团 (9 customers) "
             "payment_terms_days 18 -> 180")
AGING_CRON = "kl-credit-aging"
AGING_JOB = job_name(AGING_CRON, _t("02:00"))
AGING_POD = job_pod(AGING_JOB)
AGING_HOLD = ("customer {customer} {name} AR ¥{ar:,.2f} older than 18 days (terms from kl-mdm) -> credit status NORMAL -> "
              "OVERDUE_HOLD")
CREDIT_HOLD = ("order {order} customer {customer} {name} held: CREDIT_HOLD (credit status OVERDUE_HOLD from kl-credit), "
               "{lines} lines ¥{amount:,.2f}")
CREDIT_RELEASE = "credit re-evaluation by fin_credit_luojia: 9 customers of 市一医院集团 OVERDUE_HOLD -> NORMAL"
ORDER_DEPLOY = ("deploy finished: kl-order-hub 7.4.1 (was 7.4.0) rolled out by ci-bot pipeline=#3302; changes: 集采中选价 "
                "display on order confirmation")

# (6) the node rebooted by unattended-upgrades
BAD_NODE = "kl-k8s-node-03"
UPGRADE = ("unattended-upgrade[31877]: Packages that will be upgraded: linux-image-5.15.0-131-generic "
           "linux-modules-5.15.0-131-generic openssl")
AUTO_REBOOT = ("unattended-upgrade[31877]: Automatic-Reboot \"true\" (/etc/apt/apt.conf.d/50unattended-upgrades from node "
               "image kl-node-2026.12), rebooting now; no drain")
NODE_BACK = "kubelet[1402]: node kl-k8s-node-03 status Ready, kernel 5.15.0-131-generic, boot id 6c1f0e2a"
STUCK_CLAIM = ("order {order} claimed by pharmacist {ph} (session {session} on {pod}) since {since}, claim lock not renewed for "
               "300s, expires {expires} (ttl 3600s): REVIEW_STUCK_CLAIMED")
CLAIM_DENIED = "open order {order} by pharmacist {ph} denied: claimed by session {session} (not this session): ALREADY_CLAIMED"
CLAIMS_EXPIRED = "claim locks expired for 143 orders (sessions of {pod}), returned to review queue"
CLAIM_CONFIG = ("[nacos] config changed: dataId=kl-pharm-review.yaml group=REVIEW key=review.claim.batch-size old=20 new=30 "
                "operator=review_dev_linna md5=94a2d6e1f03b")

# (7) the EDI map's batch number
EDI_MAP = ("map ASN_HRYY v11 -> v12 published by edi_dev_tangwei (华润医药 DESADV D.01B with UDI): udi <- GIN+BJ, batch_no "
           "<- RFF+BT (was PIA+1:BT)")
EDI_ASN = "DESADV {asn} from 华润医药 (HRYY) {lines} lines -> kl-wms (map ASN_HRYY {version}), batch_no filled {filled}/{lines}"
EDI_ROLLBACK = "map ASN_HRYY v12 -> v11 rolled back by edi_dev_tangwei; 17 ASNs of 2026-12-15 re-sent to kl-wms"
LOT_MISMATCH = ("receiving {asn} supplier HRYY line {line} {sku} {name}: scanned lot {lot}, ASN lot '': LOT_MISMATCH, line "
                "held in 待验区 R-02")
WMS_DEPLOY = ("deploy finished: kl-wms 5.8.2 (was 5.8.1) rolled out by ci-bot pipeline=#3311; changes: putaway suggestion "
              "for 阴凉库")
WMS_WAVE_CONFIG = ("[nacos] config changed: dataId=kl-wms.yaml group=WMS key=wms.wave.max-lines old=400 new=500 "
                   "operator=wms_dev_pengtao md5=7e3c9b0a1d56")
HELD_PEAK = 612
HELD_ALERT_VALUE = "152 行"

# (8) the provincial platform's backlog
YG_MAINT = "yg-platform sync: 阳光采购平台 in maintenance (HTTP 503, 公告 GD-YG-20261215 06:00-10:00), retry in 300s"
YG_BACK = "yg-platform sync: platform back online, backlog push started: 8412 hospital orders since 06:00"
YG_DONE = "yg-platform sync: backlog push finished, 8412 orders received 10:02-11:04, 6120 routed to kl-pharm-review"
REVIEW_BREACH = ("review queue depth {depth} (pharmacists online {online}), oldest waiting {oldest} min > SLA 30 min: "
                 "REVIEW_SLA_BREACHED")
REVIEW_NOTIFY_CONFIG = ("[nacos] config changed: dataId=kl-pharm-review.yaml group=REVIEW key=review.notify.wecom-enabled "
                        "old=false new=true operator=review_dev_linna md5=3c5f1e8a0b92")
QUEUE_PEAK = 2846
QUEUE_ALERT_VALUE = "820 单"
INTAKE_PEAK = 96

# (9) the e-invoice quota
INV_BATCH = "INV-BATCH-20261215-01"
BATCH_START = (f"batch {INV_BATCH} started by fin_ops_sunyue: 11 月返利红冲重开 3860 invoices ¥41,236,800.00 via 乐企直连, "
               "授信额度 remaining ¥41,702,560.00")
BATCH_DONE = f"batch {INV_BATCH} finished: 3860/3860 issued, 授信额度 remaining ¥61,240.00 (of ¥60,000,000.00 for 2026-12)"
QUOTA_FAIL = ("issue invoice for delivery {dn} customer {customer} ¥{amount:,.2f}: 乐企 returned 4007 可用授信额度不足 (remaining "
              "¥12,480.00), invoice queued")
QUOTA_APPLY = "授信额度调增申请 TZ-20261215-01 submitted by fin_ops_sunyue to 电子税务局: +¥30,000,000.00, status 审核中"
EINVOICE_DEPLOY = ("deploy finished: kl-einvoice 4.2.0 (was 4.1.3) rolled out by ci-bot pipeline=#3315; changes: OFD layout "
                   "for 药品批号 column")

# (10) the trace partitions
PARTMAN_FAIL = ("cron partman-maint 23:30: CALL partman.run_maintenance_proc() failed: ERROR: permission denied for schema trace "
                "(role partman_maint); consecutive failures 7 (since 2026-12-08); trace.trace_scan premade partitions ahead: 0 "
                "(last trace_scan_p20261214)")
NO_PARTITION = ("insert scan batch station={station} ({n} codes) failed: ERROR: no partition of relation \"trace_scan\" found "
                "for row (SQLSTATE 23514)")
PG_NO_PARTITION = ("ERROR:  no partition of relation \"trace_scan\" found for row; DETAIL:  Partition key of the failing row "
                   "contains (scanned_at) = (2026-12-15 {clock}+08)")
PARTMAN_FIX = ("dba_gaofeng: GRANT CREATE ON SCHEMA trace TO partman_maint (revoked by clean-up DBA-1187); run_maintenance_proc "
               "done: created trace_scan_p20261215 .. trace_scan_p20261222")
SCAN_CONFIG = ("[nacos] config changed: dataId=kl-trace-code.yaml group=TRACE key=trace.scan.batch-flush-ms old=500 new=300 "
               "operator=trace_dev_xiaoling md5=e1d4a8c27b30")

# Healthy services' changes and the unrelated alerts
CRM_DEPLOY = ("deploy finished: kl-crm 5.0.2 (was 5.0.1) rolled out by ci-bot pipeline=#3313; changes: visit report export")
SALES_CONFIG = ("[nacos] config changed: dataId=kl-sales-app.yaml group=SALES key=sales.visit.checkin-radius-m old=300 new=500 "
                "operator=sales_dev_gaoqin md5=0d9b3f6e2c18")
GPS_LOST_PLATE = "粤A·C5L09"

# --- Pods, nodes, vehicles ---------------------------------------------------------------------
ROLLOUTS: dict[str, list[tuple[str, tuple[str, ...]]]] = {
    "kl-order-hub": [("00:00", pod_names("kl-order-hub", "7.4.0", 4)), ("07:21:00", pod_names("kl-order-hub", "7.4.1", 4))],
    "kl-credit": [("00:00", pod_names("kl-credit", "3.2.0", 2))],
    "kl-mdm": [("00:00", pod_names("kl-mdm", "2.7.3", 2))],
    "kl-pharm-review": [("00:00", pod_names("kl-pharm-review", "2.11.0", 3))],
    "kl-wms": [("00:00", pod_names("kl-wms", "5.8.1", 3)), ("08:21:00", pod_names("kl-wms", "5.8.2", 3))],
    "kl-trace-code": [("00:00", pod_names("kl-trace-code", "1.15.2", 3))],
    "kl-trace-upload": [("00:00", pod_names("kl-trace-upload", "2.8.4", 2)),
                        ("08:41:00", pod_names("kl-trace-upload", "2.9.0", 2))],
    "kl-gsp-qa": [("00:00", pod_names("kl-gsp-qa", "4.3.0", 2))],
    "kl-spd-gateway": [("00:00", pod_names("kl-spd-gateway", "3.1.2", 3))],
    "kl-supplier-edi": [("00:00", pod_names("kl-supplier-edi", "6.0.5", 2))],
    "kl-coldchain-tms": [("00:00", pod_names("kl-coldchain-tms", "3.5.2", 2)),
                         ("06:06:00", pod_names("kl-coldchain-tms", "3.6.0", 2))],
    "kl-einvoice": [("00:00", pod_names("kl-einvoice", "4.1.3", 3)), ("14:06:00", pod_names("kl-einvoice", "4.2.0", 3))],
    "kl-returns": [("00:00", pod_names("kl-returns", "1.12.0", 2))],
    "kl-crm": [("00:00", pod_names("kl-crm", "5.0.1", 2)), ("10:31:00", pod_names("kl-crm", "5.0.2", 2))],
    "kl-sales-app": [("00:00", pod_names("kl-sales-app", "2.2.0", 2))],
}
NODES = [f"kl-k8s-node-{n:02d}" for n in range(1, 7)]
VMS = {
    "kl-k8s-node": NODES,
    "kl-vehicle-gw": ["vgw-01", "vgw-02"],
    "kl-trace-db": ["pg-trace-01", "pg-trace-02"],
    "kl-dw": ["dw-etl-01"],
}
INSTANCES: dict[str, list[str]] = {service: list(steps[-1][1]) for service, steps in ROLLOUTS.items()} | VMS

REVIEW_PODS = ROLLOUTS["kl-pharm-review"][0][1]
REVIEW_BAD_POD = REVIEW_PODS[1]
RETURNS_BAD_POD = ROLLOUTS["kl-returns"][0][1][0]
#: The pods the scheduler put on the node unattended-upgrades rebooted (nothing else of ours runs there).
ON_BAD_NODE = (REVIEW_BAD_POD, RETURNS_BAD_POD)
_GOOD_NODES = [node for node in NODES if node != BAD_NODE]


def node_of(pod: str) -> str:
    """The node a pod runs on: the two pods on the rebooted node, the others spread over the five others."""
    if pod in ON_BAD_NODE:
        return BAD_NODE
    return _GOOD_NODES[int(hashlib.sha256(pod.encode()).hexdigest(), 16) % len(_GOOD_NODES)]


PLATES = ["粤A·D3K72", "粤A·F8M21", "粤A·G2P55", "粤A·H7Q30", "粤A·J4R18", "粤A·K9S63", "粤A·L1T47", "粤A·M6U02",
          "粤A·N3V89", "粤A·P5W14", "粤A·Q8X36", "粤A·R2Y71", "粤A·S7Z25", "粤A·T4A58", "粤A·U9B03", "粤A·V1C67",
          "粤A·W6D40", "粤A·X3E92", "粤A·Y8F15", "粤A·Z5G84", "粤A·B2H39", GPS_LOST_PLATE]
#: The six trucks parked in the depot at night: the ones the OTA campaign reached, one after the other.
FAHRENHEIT = PLATES[0:6]
UPGRADED_AT = {plate: _t("02:14:30") + dt.timedelta(minutes=14 * index) for index, plate in enumerate(FAHRENHEIT)}

SERVICES: list[Json] = [
    {"name": "kl-order-hub", "aliases": ["订单中心", "接单", "接单系统", "订单", "订单系统", "订单接入"],
     "description": "订单中心（Java 17，4 个副本）：接收医院（经 kl-spd-gateway 与省阳光采购平台同步）、药店（B2B 商城）的订单，"
                    "信用检查（kl-credit）、药师审核（kl-pharm-review）后下发 WMS 分配库存；分配不足的行转缺货（back-order）。"},
    {"name": "kl-credit", "aliases": ["信用", "信用控制", "信控", "授信", "额度控制"],
     "description": "客户信用控制（Java，2 个副本）：信用额度、逾期判断；每天 02:00 CronJob kl-credit-aging 按 kl-mdm 的账期"
                    "（payment_terms_days）计算应收账龄，逾期客户置为 OVERDUE_HOLD，其订单冻结。"},
    {"name": "kl-mdm", "aliases": ["主数据", "客户主数据", "MDM", "客户档案"],
     "description": "主数据（Java，2 个副本）：客户、商品、供应商档案；支持 Excel 批量导入（CM-IMP-*）。"},
    {"name": "kl-pharm-review", "aliases": ["药师审核", "审方", "药师审方", "审核系统", "审方系统"],
     "description": "药师审核（Java，3 个副本）：冷链、高警示、特殊管理药品的订单由执业药师审核；药师领取（claim）订单后在"
                    "自己的会话里审核，领取锁在 Redis（ttl 3600s，由会话所在 Pod 每 30s 续期）；SLA 30 分钟。"},
    {"name": "kl-wms", "aliases": ["WMS", "仓库", "仓储", "仓库系统", "收货", "GSP 仓库"],
     "description": "GSP 仓储管理（Java，3 个副本）：收货（按 ASN 扫码核对批号，不符的行放待验区）、上架、按 FEFO（近效期先出）"
                    "分配批次，分配规则按客户组（ALLOC-HOSP 医院、ALLOC-RETAIL 药店）限制最短剩余效期、出库复核扫追溯码。"},
    {"name": "kl-trace-code", "aliases": ["追溯码", "追溯码服务", "追溯码管理", "扫码", "出库复核扫码"],
     "description": "追溯码管理（Go，3 个副本）：出库复核台扫描的药品追溯码写入追溯库 kl-trace-db（PostgreSQL，trace.trace_scan "
                    "按天分区），再交 kl-trace-upload 上报。"},
    {"name": "kl-trace-upload", "aliases": ["追溯码上传", "追溯上报", "码上放心", "追溯平台上报", "上报服务"],
     "description": "追溯码上报（Python，2 个副本）：把出入库单据及其追溯码上报到国家药品追溯协同平台（码上放心），单据头带企业"
                    "许可证号（取自 kl-gsp-qa 的企业资料）。"},
    {"name": "kl-gsp-qa", "aliases": ["质量管理", "质管", "QA", "GSP 质量", "首营", "召回"],
     "description": "质量管理（Java，2 个副本）：企业与客户证照、首营审核、召回锁定（按商品、批号锁库存为 QA_HOLD）、GSP 报表。"},
    {"name": "kl-spd-gateway", "aliases": ["SPD", "医院对接", "SPD 对接", "医院 SPD", "医院验收"],
     "description": "医院 SPD 对接网关（Go，3 个副本）：与各医院 SPD 系统交换订单、送货单与验收结果（医院要求药品剩余效期不少于 "
                    "6 个月）；验收拒收的行由 kl-returns 生成退货单。"},
    {"name": "kl-supplier-edi", "aliases": ["供应商 EDI", "EDI", "到货通知", "ASN"],
     "description": "供应商 EDI（Java，2 个副本）：接收供应商的 DESADV 到货通知，按每个供应商的映射（map）转换成 ASN 发给 kl-wms。"},
    {"name": "kl-coldchain-tms", "aliases": ["冷链运输", "冷链监控", "冷链", "TMS", "运输系统", "冷链车"],
     "description": "冷链运输管理（Java，2 个副本）：冷藏车派车、在途温度（取自 kl-vehicle-gw 的 T-box 数据，2-8°C），超温的运单"
                    "在送达时交 QA 评估。"},
    {"name": "kl-einvoice", "aliases": ["电子发票", "开票", "发票", "开票系统", "数电票"],
     "description": "电子发票（Java，3 个副本）：送货后经乐企直连开具数电票；每月授信额度由税务机关核定；每小时 CronJob "
                    "kl-einvoice-retry 重试排队的发票。"},
    {"name": "kl-returns", "aliases": ["退货", "退货系统", "RMA"],
     "description": "退货（Java，2 个副本）：医院拒收与客户退货的退货单（RMA）、冷链退货温度记录核对。"},
    {"name": "kl-crm", "aliases": ["CRM", "客户关系"],
     "description": "客户关系管理（Node.js，2 个副本）：客户拜访、商机、投诉工单。"},
    {"name": "kl-sales-app", "aliases": ["销售 App", "销售助手", "业务员 App"],
     "description": "销售代表 App 后端（Go，2 个副本）：拜访签到、客户库存查询、下单助手。"},
    {"name": "kl-k8s-node", "aliases": ["K8s 节点", "工作节点", "节点"],
     "description": "集群 kl-prod 的 6 个节点 kl-k8s-node-01..06（Ubuntu 22.04，节点镜像 kl-node-2026.12）。"},
    {"name": "kl-vehicle-gw", "aliases": ["车辆网关", "T-box 网关", "车载终端网关", "车联网"],
     "description": "冷藏车 T-box 接入网关（vgw-01/02）：解码车载终端上报的帧（温度探头、车门、GPS），转发给 kl-coldchain-tms；"
                    "T-box 固件由供应商 OTA 升级。"},
    {"name": "kl-trace-db", "aliases": ["追溯库", "追溯数据库", "PostgreSQL"],
     "description": "追溯数据库（PostgreSQL 15，pg-trace-01 主、pg-trace-02 备）：trace.trace_scan 按天分区，由 pg_partman "
                    "每晚 23:30 预建 7 天的分区。"},
    {"name": "kl-dw", "aliases": ["数据仓库", "数仓", "ETL"], "description": "数据仓库（dw-etl-01）：夜间 ETL 与报表。"},
]

WINDOWS = {
    "partition": (_t("00:00"), _t("01:39")),
    "credit": (_t("08:00"), _t("10:50")),
    "fahrenheit": (_t("06:30"), _t("10:45")),
    "alloc": (_t("07:52:10"), _t("14:08:10")),  # hospital orders allocated under the 90-day rule
    "spd": (_t("10:40"), _t("16:30")),
    "edi": (_t("09:10"), _t("12:25")),
    "license": (_t("09:20"), _t("11:37")),
    "backlog": (_t("10:02"), _t("11:35")),
    "recall": (_t("13:18:30"), _t("15:00:20")),
    "quota": (_t("15:12"), REFERENCE),
    "reboot": (_t("17:10:02"), _t("17:14:40")),  # the node down until its pods start again
    "claims": (_t("17:10:02"), _t("18:09:55")),
}


def _inside(window: str, t: dt.datetime) -> bool:
    a, b = WINDOWS[window]
    return a <= t < b


def _day(t: dt.datetime) -> bool:
    return _t("08:00") <= t < _t("19:00")


# --- Business vocabulary -------------------------------------------------------------------------
Line = tuple[str, str, dict[str, Any]]
#: 市一医院集团: the nine customers whose payment terms the import shortened
GROUP = {"C10023": "市第一人民医院", "C10024": "市一医院东院区", "C10025": "市一医院南沙分院", "C10026": "市一医院妇儿中心",
         "C10027": "市一医院康复医院", "C10028": "市一医院口腔医院", "C10029": "市一医院增城分院", "C10030": "市一医院体检中心",
         "C10031": "市一医院从化分院"}
OTHER_HOSPITALS = {"C10102": "穗康医院", "C10117": "市妇幼保健院", "C10150": "白云区人民医院", "C10188": "番禺中心医院",
                   "C10203": "省中西医结合医院", "C10231": "花都区人民医院"}
HOSPITALS = GROUP | OTHER_HOSPITALS
PHARMACIES = {"P20001": "康佳大药房", "P20017": "百和堂药店", "P20045": "仁心大药房", "P20088": "益民药房连锁",
              "P20102": "南粤医药超市"}
#: SKU → (name, cold chain)
SKUS = {"P000318": ("阿莫西林胶囊 0.25g*24", False), "P000402": ("头孢克肟片 0.1g*6", False),
        "P000517": ("门冬胰岛素注射液 3ml", True), "P000611": ("人血白蛋白 10g", True),
        "P000733": ("氯化钾缓释片 0.5g*24", False), "P000845": ("阿托伐他汀钙片 20mg*7", False),
        "P000912": ("硝苯地平控释片 30mg*7", False), "P001024": ("奥美拉唑肠溶胶囊 20mg*14", False),
        "P001136": ("二甲双胍缓释片 0.5g*30", False), "P001250": ("注射用头孢曲松钠 1g", False),
        "P001377": ("重组人干扰素α2b注射液", True), "P001489": ("盐酸氨溴索口服溶液 100ml", False)}
#: The lots the recall pattern caught (one per product, 2026-11-0x production), the amoxicillin lot the recall meant.
RECALLED = {"P000318": "20261103", "P000402": "20261101", "P000733": "20261105", "P000845": "20261102",
            "P000912": "20261107", "P001024": "20261104", "P001136": "20261106", "P001250": "20261108",
            "P001489": "20261109", "P000517": "20261102", "P000611": "20261104"}
SUPPLIERS = {"GYYY": "国药控股", "SHYY": "上海医药", "JZT": "九州通", "BYSZ": "白云山制药", "HRYY": "华润医药"}
PHARMACISTS = [f"PH-{n:02d}" for n in range(1, 13)]
STATIONS = [f"RV-{n:02d}" for n in range(1, 9)]


def _order(w: WorldBuilder, t: dt.datetime) -> str:
    return f"SO{t:%y%m%d}{w.rng.randint(100000, 999999)}"


def _dn(w: WorldBuilder, t: dt.datetime) -> str:
    return f"DN{t:%y%m%d}{w.rng.randint(10000, 99999)}"


def _lot(w: WorldBuilder) -> str:
    """A lot number of ordinary stock: produced May–October (never caught by the recall's 2026110* pattern)."""
    return f"2026{w.rng.randint(5, 10):02d}{w.rng.randint(1, 28):02d}"


def _old_lot(w: WorldBuilder) -> str:
    """A lot of last spring's production: on a 24-month shelf life, three to six months left in December 2026."""
    return f"2025{w.rng.randint(3, 6):02d}{w.rng.randint(1, 28):02d}"


def _pod(w: WorldBuilder, service: str, t: dt.datetime) -> str:
    return w.pod_at(ROLLOUTS[service], t)


def _review_pod(w: WorldBuilder, t: dt.datetime) -> str:
    pods = [p for p in REVIEW_PODS if not (p == REVIEW_BAD_POD and _inside("reboot", t))]
    return w.rng.choice(pods)


# --- Noise: every service's ordinary day ----------------------------------------------------------
def _order_hub(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "kl-order-hub", t)
    roll = w.rng.random()
    if not _day(t):
        if roll < 0.5:
            customer = w.rng.choice(list(PHARMACIES))
            return "INFO", (f"order {_order(w, t)} received source=b2b-mall customer {customer} {PHARMACIES[customer]} lines="
                            f"{w.rng.randint(1, 18)}"), {"instance": pod}
        return "INFO", f"GET /actuator/health 200 took={w.ms(1, 6)}ms", {"instance": pod, "log_type": "access"}
    if roll < 0.35:
        customer = w.rng.choice([c for c in HOSPITALS if not (c in GROUP and _inside("credit", t))])
        # The provincial platform sends nothing during its maintenance (its backlog is the incident's own lines).
        source = "spd" if _t("06:00") <= t < _t("10:02:05") else w.rng.choice(["spd", "yg-platform"])
        return "INFO", (f"order {_order(w, t)} received source={source} customer {customer} "
                        f"{HOSPITALS[customer]} lines={w.rng.randint(2, 40)} credit ok"), {"instance": pod}
    if roll < 0.55:
        customer = w.rng.choice(list(PHARMACIES))
        return "INFO", (f"order {_order(w, t)} received source=b2b-mall customer {customer} {PHARMACIES[customer]} lines="
                        f"{w.rng.randint(1, 18)} credit ok"), {"instance": pod}
    if roll < 0.8 and not _inside("recall", t):
        return "INFO", (f"order {_order(w, t)} allocated by kl-wms lines={w.rng.randint(2, 40)} short=0 took="
                        f"{w.ms(40, 260)}ms"), {"instance": pod}
    if roll < 0.93:
        return "INFO", f"GET /api/order/v2/orders/{_order(w, t)} 200 took={w.ms(4, 40)}ms", {"instance": pod,
                                                                                             "log_type": "access"}
    return "WARN", f"order {_order(w, t)} price check: 集采中选价 differs from catalogue by ¥0.01, catalogue price kept", {
        "instance": pod}


def _credit(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "kl-credit", t)
    customer = w.rng.choice([c for c in HOSPITALS if c not in GROUP] + list(PHARMACIES))
    if w.rng.random() < 0.7:
        return "INFO", (f"credit check customer {customer} order {_order(w, t)} ok (used {w.rng.randint(8, 70)}% of limit)"), {
            "instance": pod}
    return "INFO", f"receipt applied customer {customer} ¥{w.rng.uniform(2000, 380000):,.2f} (银企直连)", {"instance": pod}


def _mdm(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "kl-mdm", t)
    if w.rng.random() < 0.6:
        return "INFO", f"GET /api/mdm/v1/customers/{w.rng.choice(list(HOSPITALS) + list(PHARMACIES))} 200 took={w.ms(3, 25)}ms", {
            "instance": pod, "log_type": "access"}
    return "INFO", f"product master sync to kl-wms: {w.rng.randint(1, 40)} products changed", {"instance": pod}


def _review(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _review_pod(w, t)
    roll = w.rng.random()
    if not _day(t):
        return "INFO", f"review queue depth {w.rng.randint(0, 6)} (pharmacists online 1, night duty)", {"instance": pod}
    if roll < 0.55:
        return "INFO", (f"order {_order(w, t)} approved by pharmacist {w.rng.choice(PHARMACISTS)} in "
                        f"{w.rng.randint(40, 300)}s ({w.rng.choice(['冷链', '高警示', '特殊管理', '抗菌药物'])})"), {"instance": pod}
    if roll < 0.8:
        return "INFO", f"order {_order(w, t)} claimed by pharmacist {w.rng.choice(PHARMACISTS)}", {"instance": pod}
    if roll < 0.95 and not _inside("backlog", t):
        return "INFO", f"review queue depth {w.rng.randint(8, 60)} (pharmacists online 6), oldest waiting {w.rng.randint(1, 12)} min", {
            "instance": pod}
    return "WARN", f"order {_order(w, t)} returned to sales: 处方资质缺失 (customer licence scope)", {"instance": pod}


def _wms(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "kl-wms", t)
    roll = w.rng.random()
    sku = w.rng.choice(list(SKUS))
    name = SKUS[sku][0]
    if roll < 0.35:
        hospital = w.rng.random() < 0.5
        customer = w.rng.choice(list(HOSPITALS) if hospital else list(PHARMACIES))
        group, rule = ("HOSP", "ALLOC-HOSP") if hospital else ("RETAIL", "ALLOC-RETAIL")
        floor = 90 if (hospital and _inside("alloc", t)) or (not hospital and t >= _t("14:08:40")) else 180
        days = w.rng.randint(200, 640)
        exp = (t + dt.timedelta(days=days)).date()
        return "INFO", (f"alloc order {_order(w, t)} customer {customer} ({group}) {sku} {name} lot {_lot(w)} exp {exp} "
                        f"remaining {days}d FEFO rule {rule} (min {floor}d)"), {"instance": pod}
    if roll < 0.55 and not (_t("00:00") <= t < _t("01:40")):
        return "INFO", (f"outbound review station {w.rng.choice(STATIONS)} order {_order(w, t)} cartons={w.rng.randint(1, 8)} "
                        f"trace codes {w.rng.randint(20, 400)} saved, released to dock"), {"instance": pod}
    if roll < 0.75:
        supplier = w.rng.choice([s for s in SUPPLIERS if s != "HRYY"])
        return "INFO", (f"receiving ASN{t:%m%d}{w.rng.randint(1000, 9999)} supplier {supplier} line {w.rng.randint(1, 40)} "
                        f"{sku} lot {_lot(w)} matched, putaway {w.rng.choice(['常温库', '阴凉库', '冷库'])}"), {"instance": pod}
    if roll < 0.92:
        return "INFO", f"wave W{t:%m%d}-{w.rng.randint(1, 30):02d} released lines={w.rng.randint(80, 380)}", {"instance": pod}
    return "WARN", f"PDA HH-{w.rng.randint(1, 60):02d} battery low (12%), operator asked to swap", {"instance": pod}


def _trace_code(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "kl-trace-code", t)
    if w.rng.random() < 0.7 and not _inside("partition", t):
        return "INFO", (f"scan batch saved station={w.rng.choice(STATIONS)} codes={w.rng.randint(20, 400)} "
                        f"took={w.ms(4, 30)}ms"), {"instance": pod}
    return "INFO", f"code relation lookup (大包->小包) {w.rng.randint(10, 120)} codes via 码上放心 cache hit", {"instance": pod}


def _trace_upload(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "kl-trace-upload", t)
    if w.rng.random() < 0.65 and not _inside("license", t):
        kind = w.rng.choice(["outbound", "inbound", "return"])
        return "INFO", (f"upload bill {w.rng.choice(['CK', 'RK', 'TH'])}{t:%Y%m%d}{w.rng.randint(1000, 9999)} ({kind}, "
                        f"{w.rng.randint(200, 4000)} codes) accepted by 码上放心平台 took={w.ms(300, 1800)}ms"), {"instance": pod}
    return "INFO", f"pending codes check: {w.rng.randint(800, 2400)} waiting, next batch in 60s", {"instance": pod}


def _gsp_qa(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "kl-gsp-qa", t)
    roll = w.rng.random()
    if roll < 0.45:
        customer = w.rng.choice(list(PHARMACIES) + list(HOSPITALS))
        return "INFO", f"licence check customer {customer}: 许可证有效, 经营范围 covers order scope", {"instance": pod}
    if roll < 0.8:
        return "INFO", f"GET /api/qa/v1/recall-locks 200 took={w.ms(3, 20)}ms active=3", {"instance": pod, "log_type": "access"}
    return "WARN", (f"supplier {w.rng.choice(list(SUPPLIERS))} GMP certificate expires in {w.rng.randint(40, 85)} days, "
                    "reminder sent"), {"instance": pod}


def _spd(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "kl-spd-gateway", t)
    customer = w.rng.choice(list(HOSPITALS))
    roll = w.rng.random()
    if not _day(t):
        return "INFO", f"SPD heartbeat {HOSPITALS[customer]} ({customer}) ok", {"instance": pod}
    if roll < 0.4:
        return "INFO", (f"SPD receipt from {HOSPITALS[customer]} ({customer}) delivery {_dn(w, t)} accepted lines="
                        f"{w.rng.randint(2, 40)}"), {"instance": pod}
    if roll < 0.75:
        return "INFO", f"SPD order pulled from {HOSPITALS[customer]} ({customer}) lines={w.rng.randint(2, 40)} -> kl-order-hub", {
            "instance": pod}
    if roll < 0.93:
        return "INFO", f"delivery note {_dn(w, t)} pushed to SPD of {HOSPITALS[customer]} ({customer})", {"instance": pod}
    return "WARN", f"SPD of {HOSPITALS[customer]} ({customer}) ack slow took={w.ms(8000, 20000)}ms", {"instance": pod}


def _edi(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "kl-supplier-edi", t)
    supplier = w.rng.choice([s for s in SUPPLIERS if s != "HRYY"])
    lines = w.rng.randint(8, 60)
    if w.rng.random() < 0.7:
        return "INFO", (f"DESADV ASN{t:%m%d}{w.rng.randint(1000, 9999)} from {SUPPLIERS[supplier]} ({supplier}) {lines} lines -> "
                        f"kl-wms (map ASN_{supplier} v{w.rng.randint(4, 9)}), batch_no filled {lines}/{lines}"), {"instance": pod}
    return "INFO", f"AS2 MDN sent to {SUPPLIERS[supplier]} ({supplier}) ok", {"instance": pod}


def _tms(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "kl-coldchain-tms", t)
    # The upgraded trucks' readings are the incident's own lines from the upgrade to the unit fix.
    plates = [p for p in PLATES[:-1] if not (p in FAHRENHEIT and _t("03:40") <= t < _t("10:45"))]
    plate = w.rng.choice(plates)
    roll = w.rng.random()
    if _t("06:00") <= t < _t("19:30") and roll < 0.6:
        return "INFO", f"vehicle {plate} compartment temp {w.rng.uniform(3.1, 6.8):.1f}°C ok (2-8°C), door closed", {"instance": pod}
    if roll < 0.85:
        return "INFO", f"vehicle {plate} position update via kl-vehicle-gw, speed {w.rng.randint(0, 70)} km/h", {"instance": pod}
    return "WARN", f"vehicle {plate} door open {w.rng.randint(60, 240)}s at delivery (unloading)", {"instance": pod}


def _einvoice(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "kl-einvoice", t)
    customer = w.rng.choice(list(HOSPITALS) + list(PHARMACIES))
    if w.rng.random() < 0.6 and _day(t) and not _inside("quota", t):
        return "INFO", (f"invoice issued for delivery {_dn(w, t)} customer {customer} ¥{w.rng.uniform(800, 90000):,.2f} "
                        f"数电票 {w.rng.randint(10**19, 10**20 - 1)}"), {"instance": pod}
    return "INFO", f"GET /api/invoice/v1/invoices?customer={customer} 200 took={w.ms(8, 60)}ms", {"instance": pod,
                                                                                             "log_type": "access"}


def _returns(w: WorldBuilder, t: dt.datetime) -> Line:
    pods = [p for p in ROLLOUTS["kl-returns"][0][1] if not (p == RETURNS_BAD_POD and _inside("reboot", t))]
    pod = w.rng.choice(pods)
    customer = w.rng.choice(list(PHARMACIES))
    if w.rng.random() < 0.6:
        return "INFO", (f"RMA{t:%m%d}{w.rng.randint(100, 999)} created customer {customer} reason="
                        f"{w.rng.choice(['DAMAGED', 'WRONG_ITEM', 'CUSTOMER_CANCEL'])} lines={w.rng.randint(1, 4)}"), {"instance": pod}
    return "INFO", f"GET /api/returns/v1/rma?status=OPEN 200 took={w.ms(5, 40)}ms", {"instance": pod, "log_type": "access"}


def _crm(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "kl-crm", t)
    roll = w.rng.random()
    if roll < 0.5:
        return "INFO", f"visit report saved rep=S{w.rng.randint(100, 400)} customer {w.rng.choice(list(HOSPITALS))}", {
            "instance": pod}
    if roll < 0.88:
        return "INFO", f"GET /api/crm/v1/opportunities 200 took={w.ms(10, 90)}ms", {"instance": pod, "log_type": "access"}
    return "WARN", "(node:1) DeprecationWarning: Buffer() is deprecated due to security and usability issues", {"instance": pod}


def _sales(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "kl-sales-app", t)
    roll = w.rng.random()
    if roll < 0.5:
        return "INFO", f"check-in rep=S{w.rng.randint(100, 400)} at {w.rng.choice(list(PHARMACIES.values()))} distance {w.rng.randint(5, 280)}m", {
            "instance": pod}
    if roll < 0.9:
        return "INFO", f"GET /api/sales/v1/stock?sku={w.rng.choice(list(SKUS))} 200 took={w.ms(8, 60)}ms", {
            "instance": pod, "log_type": "access"}
    return "WARN", "check-in rejected: location permission denied on device, rep asked to enable GPS", {"instance": pod}


def _node(w: WorldBuilder, t: dt.datetime) -> Line:
    node = w.rng.choice([n for n in NODES if not (n == BAD_NODE and _inside("reboot", t))])
    roll = w.rng.random()
    stamp = f"I{t:%m%d} {t:%H:%M:%S}.{w.rng.randint(100000, 999999)}"
    if roll < 0.4:
        return "INFO", (f'kubelet[1402]: {stamp} image_gc_manager.go:391] "Disk usage on image filesystem is below the low '
                        f'threshold" usage={w.rng.randint(24, 52)} lowThreshold=80'), {"instance": node}
    if roll < 0.7:
        return "INFO", f"systemd[1]: Started Session {w.rng.randint(1000, 9000)} of User root.", {"instance": node}
    if roll < 0.85:
        return "INFO", "systemd[1]: apt-daily.timer: Adding random delay, next elapse in 6h", {"instance": node}
    return "INFO", (f"chronyd[{w.rng.randint(700, 900)}]: Selected source 10.8.0.1 (ntp.kanglian.local), offset "
                    f"{w.rng.uniform(-0.4, 0.4):.3f}ms"), {"instance": node}


def _fahrenheit(c: float) -> float:
    return c * 9 / 5 + 32


def _vehicle_gw(w: WorldBuilder, t: dt.datetime) -> Line:
    gw = w.rng.choice(VMS["kl-vehicle-gw"])
    plate = w.rng.choice(PLATES[:-1])
    celsius = w.rng.uniform(3.1, 7.2)
    if plate in FAHRENHEIT and UPGRADED_AT[plate] <= t < _t("10:40:10"):
        fw, value, unit = "TB-4.1.0", _fahrenheit(celsius), "F"
    elif plate in FAHRENHEIT and t >= _t("10:40:10"):
        fw, value, unit = "TB-4.1.0", celsius, "C"
    else:
        fw, value, unit = "TB-4.0.7", celsius, "-"
    return "INFO", (f"frame vehicle {plate} fw={fw} probe1={value:.1f} probe2={value + w.rng.uniform(-0.4, 0.4):.1f} unit={unit} "
                    f"door=closed gps={w.rng.uniform(22.9, 23.4):.4f},{w.rng.uniform(113.1, 113.6):.4f}"), {"instance": gw}


def _trace_db(w: WorldBuilder, t: dt.datetime) -> Line:
    roll = w.rng.random()
    if roll < 0.5:
        return "INFO", (f"LOG:  checkpoint complete: wrote {w.rng.randint(800, 9000)} buffers; write={w.rng.uniform(10, 90):.3f} s"), {
            "instance": "pg-trace-01"}
    if roll < 0.8:
        return "INFO", f"LOG:  automatic vacuum of table \"trace.trace_relation\": index scans: 1, tuples removed {w.rng.randint(100, 9000)}", {
            "instance": "pg-trace-01"}
    return "INFO", f"LOG:  replication lag to pg-trace-02 {w.rng.randint(0, 200)} kB", {"instance": "pg-trace-02"}


def _dw(w: WorldBuilder, t: dt.datetime) -> Line:
    return "INFO", f"ETL task ods_{w.rng.choice(['order', 'stock', 'invoice'])}_inc done rows={w.rng.randint(1000, 90000)}", {
        "instance": "dw-etl-01"}


NOISE = {
    "kl-order-hub": (_order_hub, 30), "kl-credit": (_credit, 120), "kl-mdm": (_mdm, 300), "kl-pharm-review": (_review, 60),
    "kl-wms": (_wms, 35), "kl-trace-code": (_trace_code, 60), "kl-trace-upload": (_trace_upload, 90),
    "kl-gsp-qa": (_gsp_qa, 240), "kl-spd-gateway": (_spd, 50), "kl-supplier-edi": (_edi, 240),
    "kl-coldchain-tms": (_tms, 60), "kl-einvoice": (_einvoice, 60), "kl-returns": (_returns, 200), "kl-crm": (_crm, 150),
    "kl-sales-app": (_sales, 150), "kl-k8s-node": (_node, 420), "kl-vehicle-gw": (_vehicle_gw, 90),
    "kl-trace-db": (_trace_db, 600), "kl-dw": (_dw, 900),
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


def _every(w: WorldBuilder, start: str | dt.datetime, end: str | dt.datetime, low: int, high: int) -> list[dt.datetime]:
    """Moments from ``start`` to ``end``, ``low``–``high`` seconds apart."""
    stop = end if isinstance(end, dt.datetime) else w.at(end)
    moment = start if isinstance(start, dt.datetime) else w.at(start)
    out = []
    while moment < stop:
        out.append(moment)
        moment += dt.timedelta(seconds=w.rng.randint(low, high), milliseconds=w.rng.randint(0, 999))
    return out


def _ops(w: WorldBuilder, clock: str, service: str, message: str) -> None:
    """An on-call engineer's note in the service's channel (the ops console relays it to the logs)."""
    w.log(w.at(clock), service, "INFO", message, instance="ops-console", trace=False)


# --- Incident 10: the trace partitions that were never premade ----------------------------------------
def trace_partitions(w: WorldBuilder) -> None:
    code, db, wms = "kl-trace-code", "kl-trace-db", "kl-wms"
    w.log(_y("23:10:20.118"), code, "INFO", SCAN_CONFIG, instance=ROLLOUTS[code][0][1][0], change="config")
    w.log(_y("23:30:02.441"), db, "ERROR", PARTMAN_FAIL, instance="pg-trace-01", trace=False, job="partman-maint")
    w.log(_y("23:30:02.602"), db, "INFO", "cron partman-maint 23:30 exited with status 3", instance="pg-trace-01", trace=False,
          job="partman-maint")
    pods = ROLLOUTS[code][0][1]
    wms_pods = ROLLOUTS[wms][0][1]
    for moment in _every(w, "00:00:03", "01:38:20", 8, 30):
        station = w.rng.choice(STATIONS)
        w.log(moment, code, "ERROR", NO_PARTITION.format(station=station, n=w.rng.randint(20, 400)), instance=w.rng.choice(pods))
        if w.rng.random() < 0.4:
            w.log(moment + dt.timedelta(milliseconds=w.rng.randint(2, 9)), db, "ERROR",
                  PG_NO_PARTITION.format(clock=f"{moment:%H:%M:%S}"), instance="pg-trace-01", trace=False)
        if w.rng.random() < 0.5:
            w.log(moment + dt.timedelta(milliseconds=w.rng.randint(30, 90)), wms, "WARN",
                  f"outbound review station {station} order {_order(w, moment)}: trace code scan not saved (kl-trace-code 500), "
                  "carton held at station", instance=w.rng.choice(wms_pods))
    _ops(w, "00:41:10.330", code, "trace_oncall_wenbo: 夜班出库复核台扫码全部保存失败，纸箱压在复核台，已叫 DBA")
    w.log(w.at("01:38:30.204"), db, "INFO", PARTMAN_FIX, instance="pg-trace-01", trace=False, change="ops")
    w.log(w.at("01:39:50.551"), code, "INFO", "scan batches resumed: 1412 held scans re-submitted from stations RV-01..RV-08",
          instance=pods[0])
    w.alert("TraceScanWriteErrors", code, "critical", w.at("00:02"), w.at("01:44"), "46 次/分钟",
            "追溯码扫码写入失败 46 次/分钟，超过阈值 5", namespace=NS)


# --- Incident 5: the payment terms the import shortened ------------------------------------------------
AR = {"C10023": 4812330.50, "C10024": 1260410.20, "C10025": 980220.00, "C10026": 1530870.60, "C10027": 402118.35,
      "C10028": 318940.00, "C10029": 866502.80, "C10030": 120336.00, "C10031": 733905.45}


def credit_terms(w: WorldBuilder) -> None:
    mdm, credit, hub = "kl-mdm", "kl-credit", "kl-order-hub"
    w.log(w.at("01:10:22.330"), mdm, "INFO", TERMS_IMPORT, instance=ROLLOUTS[mdm][0][1][0], trace=False, change="masterdata")
    at = w.at("02:00:04.118")
    w.log(at, credit, "INFO", f"credit aging start (CronJob {AGING_CRON}, schedule \"0 2 * * *\", job {AGING_JOB}): 3412 "
          "customers, payment terms from kl-mdm", instance=AGING_POD, job="aging")
    for index, (customer, name) in enumerate(GROUP.items()):
        w.log(at + dt.timedelta(seconds=40 + 3 * index), credit, "WARN", AGING_HOLD.format(customer=customer, name=name,
                                                                                     ar=AR[customer]),
              instance=AGING_POD, job="aging")
    w.log(w.at("02:01:31.660"), credit, "INFO", "credit aging done: 3412 customers, 9 newly OVERDUE_HOLD, 2 released",
          instance=AGING_POD, job="aging")
    w.log(w.at("07:20:10.441"), hub, "INFO", ORDER_DEPLOY, instance=ROLLOUTS[hub][1][1][0], change="deploy")
    _rolled(w, hub, "Started OrderHubApplication in {s} seconds (process running for 29.4)",
            "Commencing graceful shutdown. Waiting for active requests to complete")
    pods = ROLLOUTS[hub][1][1]
    held = 0
    for moment in _every(w, "08:00:20", "10:46:00", 15, 45):
        customer = w.rng.choice(list(GROUP))
        held += 1
        w.log(moment, hub, "WARN", CREDIT_HOLD.format(order=_order(w, moment), customer=customer, name=GROUP[customer],
                                                      lines=w.rng.randint(3, 40), amount=w.rng.uniform(3000, 98000)),
              instance=w.rng.choice(pods))
    _ops(w, "08:44:10.221", hub, "order_oncall_fangmin: 市一医院集团 9 家院区的订单全部信用冻结，医院药剂科在催，财务说他们"
         "上周刚回过款")
    w.log(w.at("10:41:05.118"), mdm, "INFO", TERMS_FIX, instance=ROLLOUTS[mdm][0][1][1], trace=False, change="masterdata")
    w.log(w.at("10:46:20.336"), credit, "INFO", CREDIT_RELEASE, instance=ROLLOUTS[credit][0][1][0], trace=False)
    w.log(w.at("10:50:02.551"), hub, "INFO", f"credit status change from kl-credit: released {held} held orders of 9 customers",
          instance=pods[0])
    w.alert("OrderCreditHoldsHigh", hub, "warning", w.at("08:12"), w.at("10:55"), "41 单/10分钟",
            "信用冻结订单 41 单/10分钟，超过阈值 10", namespace=NS)


# --- Incident 4: the T-box firmware reporting Fahrenheit -------------------------------------------------
def tbox_fahrenheit(w: WorldBuilder) -> None:
    gw, tms = "kl-vehicle-gw", "kl-coldchain-tms"
    w.log(w.at("02:10:05.204"), gw, "INFO", OTA_CAMPAIGN, instance="vgw-01", trace=False, change="firmware")
    for plate in FAHRENHEIT:
        moment = UPGRADED_AT[plate] - dt.timedelta(seconds=w.rng.randint(5, 30))
        w.log(moment, gw, "INFO", f"vehicle {plate} T-box upgraded TB-4.0.7 -> TB-4.1.0, rebooted, online", instance="vgw-01",
              trace=False)
        w.log(UPGRADED_AT[plate] + dt.timedelta(seconds=w.rng.randint(1, 20)), gw, "WARN", UNIT_IGNORED.format(plate=plate),
              instance=w.rng.choice(VMS[gw]), trace=False)
    w.log(w.at("03:40:12.118"), gw, "INFO", OTA_DONE, instance="vgw-01", trace=False)
    w.log(w.at("06:05:20.330"), tms, "INFO", TMS_DEPLOY, instance=ROLLOUTS[tms][1][1][0], change="deploy")
    _rolled(w, tms, "Started ColdchainTmsApplication in {s} seconds (process running for 22.8)",
            "Commencing graceful shutdown. Waiting for active requests to complete")
    pods = ROLLOUTS[tms][1][1]
    shipments = {plate: f"SH{DAY:%y%m%d}{w.rng.randint(1000, 9999)}" for plate in FAHRENHEIT}
    for moment in _every(w, "06:30:40", "10:40:00", 30, 90):
        plate = w.rng.choice(FAHRENHEIT)
        celsius = w.rng.uniform(4.0, 7.0)
        w.log(moment, tms, "ERROR", TEMP_EXCURSION.format(shipment=shipments[plate], plate=plate, temp=_fahrenheit(celsius),
                                                          count=w.rng.randint(3, 28)), instance=w.rng.choice(pods))
    _ops(w, "07:25:30.660", tms, "cc_oncall_ouyang: 6 台冷藏车平台一直报超温 40 多度，司机拍了车厢显示屏 4.6°C、5.8°C，货物正常")
    w.log(w.at("10:40:10.441"), gw, "INFO", UNIT_FIX, instance="vgw-01", trace=False, change="firmware")
    w.log(w.at("10:46:05.118"), tms, "INFO", "compartment temps back in range for 6 vehicles (粤A·D3K72 .. 粤A·K9S63); "
          "38 shipments keep the QA flag for review at delivery", instance=pods[0])
    w.alert("ColdChainVehicleTempExcursion", tms, "critical", w.at("06:36"), w.at("10:52"), "40.8°C",
            "冷藏车厢温度 40.8°C，超过 8.0°C", namespace=NS)


# --- Incident 2: the hospitals' allocation rule -----------------------------------------------------------
def shelf_life_rule(w: WorldBuilder) -> None:
    wms, spd, returns = "kl-wms", "kl-spd-gateway", "kl-returns"
    wms_pods = ROLLOUTS[wms][0][1]
    w.log(w.at("07:52:10.118"), wms, "INFO", RULE_EDIT, instance=wms_pods[0], trace=False, change="rule")
    for moment in _every(w, "08:10:00", "14:08:00", 60, 180):
        customer = w.rng.choice(list(HOSPITALS))
        sku = w.rng.choice(list(SKUS))
        days = w.rng.randint(92, 176)
        exp = (moment + dt.timedelta(days=days)).date()
        w.log(moment, wms, "INFO", f"alloc order {_order(w, moment)} customer {customer} (HOSP) {sku} {SKUS[sku][0]} lot "
              f"{_old_lot(w)} exp {exp} remaining {days}d FEFO rule ALLOC-HOSP (min 90d)", instance=w.rng.choice(_wms_pods(moment)))
    w.log(w.at("10:05:30.204"), spd, "INFO", SPD_CONFIG, instance=ROLLOUTS[spd][0][1][0], change="config")
    spd_pods = ROLLOUTS[spd][0][1]
    for moment in _every(w, "10:40:20", "16:30:00", 40, 130):
        customer = w.rng.choice(list(HOSPITALS))
        sku = w.rng.choice(list(SKUS))
        days = w.rng.randint(92, 176)
        exp = (moment + dt.timedelta(days=days)).date()
        dn = _dn(w, moment)
        trace = w.hex(32)
        w.log(moment, spd, "WARN", SPD_REJECT.format(hospital=HOSPITALS[customer], customer=customer, dn=dn,
                                                     line=w.rng.randint(1, 30), sku=sku, name=SKUS[sku][0], lot=_old_lot(w),
                                                     exp=exp, days=days), instance=w.rng.choice(spd_pods), trace_id=trace)
        w.log(moment + dt.timedelta(seconds=w.rng.randint(1, 4)), returns, "INFO",
              f"RMA{moment:%m%d}{w.rng.randint(100, 999)} auto-created for rejected delivery {dn} customer {customer} "
              "reason=SHORT_EXPIRY", instance=w.rng.choice([p for p in ROLLOUTS[returns][0][1] if p != RETURNS_BAD_POD]),
              trace_id=trace)
    _ops(w, "11:20:40.330", spd, "spd_oncall_liqian: 穗康医院、市妇幼药剂科验收拒收，说送去的药剩余效期不到 6 个月")
    w.log(w.at("14:08:10.441"), wms, "INFO", RULE_FIX, instance=_wms_pods(w.at("14:08"))[0], trace=False, change="rule")
    w.log(w.at("14:08:40.118"), wms, "INFO", RULE_RETAIL, instance=_wms_pods(w.at("14:08"))[0], trace=False, change="rule")
    w.alert("SpdReceiptRejectionsHigh", spd, "warning", w.at("10:52"), w.at("16:40"), "14 行/10分钟",
            "医院验收拒收 14 行/10分钟，超过阈值 5", namespace=NS)


def _wms_pods(moment: dt.datetime) -> tuple[str, ...]:
    steps = ROLLOUTS["kl-wms"]
    return steps[1][1] if moment >= _t(steps[1][0]) else steps[0][1]


# --- Incident 7: the EDI map without the batch number ----------------------------------------------------
HELD = [(START, 0), (_t("09:10"), 0), (_t("09:30"), 118), (_t("09:40"), 152), (_t("11:00"), 430),
        (_t("12:00"), 540), (_t("12:10"), HELD_PEAK), (_t("12:14"), 588), (_t("12:25"), 74), (_t("12:40"), 8), (REFERENCE, 4)]


def edi_batch(w: WorldBuilder) -> None:
    edi, wms = "kl-supplier-edi", "kl-wms"
    edi_pods = ROLLOUTS[edi][0][1]
    w.log(w.at("07:30:15.330"), edi, "INFO", EDI_MAP, instance=edi_pods[0], trace=False, change="mapping")
    asns = []
    for moment in _every(w, "07:40:00", "12:10:00", 600, 1200):
        asn = f"ASN{moment:%m%d}{w.rng.randint(1000, 9999)}"
        lines = w.rng.randint(12, 48)
        asns.append((moment, asn, lines))
        w.log(moment, edi, "INFO", EDI_ASN.format(asn=asn, lines=lines, version="v12", filled=0), instance=w.rng.choice(edi_pods))
    w.log(w.at("08:20:20.204"), wms, "INFO", WMS_DEPLOY, instance=ROLLOUTS[wms][1][1][0], change="deploy")
    _rolled(w, wms, "Started WmsApplication in {s} seconds (process running for 34.1)",
            "Commencing graceful shutdown. Waiting for active requests to complete")
    pods = ROLLOUTS[wms][1][1]
    for moment in _every(w, "09:10:30", "12:18:00", 20, 60):
        _, asn, lines = w.rng.choice([a for a in asns if a[0] < moment])
        sku = w.rng.choice(list(SKUS))
        w.log(moment, wms, "WARN", LOT_MISMATCH.format(asn=asn, line=w.rng.randint(1, lines), sku=sku, name=SKUS[sku][0],
                                                       lot=f"2611{w.rng.randint(100, 999)}"), instance=w.rng.choice(pods))
    _ops(w, "10:15:20.118", wms, "wms_oncall_guoliang: 华润到货收货扫码全部批号不符，货压在待验区 R-02，别的供应商正常")
    w.log(w.at("12:18:10.441"), edi, "INFO", EDI_ROLLBACK, instance=edi_pods[0], trace=False, change="mapping")
    for moment in _every(w, "12:18:30", "12:24:00", 15, 25):
        lines = w.rng.randint(12, 48)
        w.log(moment, edi, "INFO", EDI_ASN.format(asn=f"ASN{moment:%m%d}{w.rng.randint(1000, 9999)}", lines=lines,
                                                  version="v11", filled=f"{lines}"), instance=w.rng.choice(edi_pods))
    w.log(w.at("12:25:30.336"), wms, "INFO", "receiving: 588 held lines of supplier HRYY re-matched to re-sent ASNs, released "
          "from 待验区 R-02", instance=pods[0])
    w.alert("WmsReceivingHeldLinesHigh", wms, "warning", w.at("09:40"), w.at("12:30"), HELD_ALERT_VALUE,
            f"待验区挂起收货行 {HELD_ALERT_VALUE}，超过阈值 150", namespace=NS)


# --- Incident 1: the licence number on the upload bills ---------------------------------------------------
PENDING = [(START, 1400), (_t("09:18"), 1500), (_t("09:20"), 2300), (_t("09:58"), 50816), (_t("11:00"), 158200),
           (_t("11:30"), 184900), (_t("11:32"), PENDING_PEAK), (_t("11:36"), 185100), (_t("12:00"), 121000),
           (_t("12:40"), 4200), (_t("13:00"), 1800), (REFERENCE, 1600)]


def license_mismatch(w: WorldBuilder) -> None:
    qa, up = "kl-gsp-qa", "kl-trace-upload"
    w.log(w.at("08:00:05.118"), up, "WARN", SM3_NOTICE, instance=ROLLOUTS[up][0][1][0], trace=False)
    w.log(w.at("08:40:20.204"), up, "INFO", UPLOAD_DEPLOY, instance=ROLLOUTS[up][1][1][0], change="deploy")
    _rolled(w, up, "trace-upload 2.9.0: worker started, {s}s to load enterprise profile and platform token",
            "Shutting down: waiting for in-flight upload to finish")
    w.log(w.at("09:05:40.330"), qa, "INFO", LICENSE_UPDATE, instance=ROLLOUTS[qa][0][1][0], trace=False, change="masterdata")
    pods = ROLLOUTS[up][1][1]
    w.log(w.at("09:18:02.441"), up, "INFO", PROFILE_RELOAD, instance=pods[0], trace=False)
    for moment in _every(w, "09:20:10", "11:36:00", 25, 70):
        kind = w.rng.choice(["outbound", "outbound", "inbound"])
        bill = f"{'CK' if kind == 'outbound' else 'RK'}{moment:%Y%m%d}{w.rng.randint(1000, 9999)}"
        w.log(moment, up, "ERROR", UPLOAD_REJECTED.format(bill=bill, kind=kind, codes=w.rng.randint(600, 4000)),
              instance=w.rng.choice(pods))
    for moment in _every(w, "09:30:00", "11:36:00", 400, 700):
        w.log(moment, up, "WARN", f"pending codes check: {int(interpolate(PENDING, moment))} waiting, oldest bill "
              f"{int((moment - w.at('09:20')).total_seconds() // 60)} min (监管要求 24h 内上报)", instance=w.rng.choice(pods))
    _ops(w, "10:30:20.660", up, "trace_oncall_wenbo: 码上放心平台退回所有单据，提示许可证号不一致，已联系 QA")
    w.log(w.at("11:36:10.118"), up, "INFO", LICENSE_OVERRIDE, instance=pods[1], change="config")
    for moment in _every(w, "11:37:00", "12:40:00", 40, 80):
        w.log(moment, up, "INFO", f"backlog upload bill CK{moment:%Y%m%d}{w.rng.randint(1000, 9999)} (outbound, 4000 codes) "
              f"accepted by 码上放心平台 took={w.ms(900, 2400)}ms", instance=w.rng.choice(pods))
    w.alert("TraceUploadBacklogHigh", up, "warning", w.at("09:58"), w.at("12:45"), PENDING_ALERT_VALUE,
            f"待上报追溯码 {PENDING_ALERT_VALUE}，超过阈值 50000", namespace=NS)


# --- Incident 8: the provincial platform's backlog push -------------------------------------------------
QUEUE = [(START, 4), (_t("08:00"), 22), (_t("10:00"), 30), (_t("10:06"), 240), (_t("10:14"), 820), (_t("10:30"), 1990),
         (_t("10:46"), 2780), (_t("10:48"), QUEUE_PEAK), (_t("10:50"), 2790), (_t("11:10"), 1540), (_t("11:35"), 110),
         (_t("12:00"), 36), (_t("19:00"), 20), (REFERENCE, 6)]
INTAKE = [(START, 0.6), (_t("06:00"), 0.8), (_t("08:00"), 3.1), (_t("10:01"), 3.0), (_t("10:04"), 90), (_t("10:06"), INTAKE_PEAK),
          (_t("10:10"), 89), (_t("10:40"), 62), (_t("11:04"), 8), (_t("11:06"), 3.4), (_t("17:00"), 3.0), (_t("19:00"), 1.2),
          (REFERENCE, 0.9)]


def platform_backlog(w: WorldBuilder) -> None:
    hub, review = "kl-order-hub", "kl-pharm-review"
    hub_pods = ROLLOUTS[hub]
    for moment in _every(w, "06:00:30", "10:00:00", 290, 310):
        w.log(moment, hub, "WARN", YG_MAINT, instance=w.pod_at(hub_pods, moment), trace=False)
    w.log(w.at("09:40:10.204"), review, "INFO", REVIEW_NOTIFY_CONFIG, instance=REVIEW_PODS[0], change="config")
    w.log(w.at("10:02:05.118"), hub, "INFO", YG_BACK, instance=hub_pods[1][1][2], trace=False)
    for moment in _every(w, "10:02:10", "11:04:00", 4, 12):
        customer = w.rng.choice(list(OTHER_HOSPITALS))
        w.log(moment, hub, "INFO", f"order {_order(w, moment)} received source=yg-platform (backlog) customer {customer} "
              f"{HOSPITALS[customer]} lines={w.rng.randint(2, 40)} -> kl-pharm-review", instance=w.rng.choice(hub_pods[1][1]))
    w.log(w.at("11:04:30.336"), hub, "INFO", YG_DONE, instance=hub_pods[1][1][2], trace=False)
    for moment in _every(w, "10:20:00", "11:34:00", 90, 200):
        depth = int(interpolate(QUEUE, moment))
        oldest = int((moment - w.at("10:02")).total_seconds() // 60) if moment < w.at("11:05") else w.rng.randint(31, 50)
        w.log(moment, review, "WARN", REVIEW_BREACH.format(depth=depth, online=6, oldest=max(oldest, 31)),
              instance=_review_pod(w, moment))
    _ops(w, "10:35:40.441", review, "review_oncall_tanhui: 审方队列两千多单，6 个药师在线审不过来，已叫 2 位药师加班支援")
    w.alert("PharmReviewBacklogHigh", review, "warning", w.at("10:14"), w.at("11:40"), QUEUE_ALERT_VALUE,
            f"待审方订单 {QUEUE_ALERT_VALUE}，超过阈值 800", namespace=NS)


# --- Incident 3: the recall lock's lot pattern ----------------------------------------------------------
def recall_pattern(w: WorldBuilder) -> None:
    qa, wms, hub = "kl-gsp-qa", "kl-wms", "kl-order-hub"
    hub_pods, wms_pods = ROLLOUTS[hub][1][1], ROLLOUTS[wms][1][1]
    w.log(w.at("12:40:20.330"), hub, "INFO", ORDER_SPLIT_CONFIG, instance=hub_pods[0], change="config")
    w.log(w.at("13:18:30.118"), qa, "INFO", RECALL_LOCK, instance=ROLLOUTS[qa][0][1][1], trace=False, change="recall")
    for index, (sku, lot) in enumerate(RECALLED.items()):
        w.log(w.at("13:18:40") + dt.timedelta(milliseconds=180 * index), wms, "INFO",
              f"lot {lot} of {sku} {SKUS[sku][0]} status AVAILABLE -> QA_HOLD (recall lock {RECALL})", instance=wms_pods[2],
              trace=False)
    for moment in _every(w, "13:21:00", "15:00:00", 15, 50):
        sku = w.rng.choice(list(RECALLED))
        customer = w.rng.choice(list(HOSPITALS) + list(PHARMACIES))
        w.log(moment, hub, "WARN", ALLOC_SHORT.format(order=_order(w, moment), customer=customer,
                                                      cname=(HOSPITALS | PHARMACIES)[customer], line=w.rng.randint(1, 30),
                                                      sku=sku, name=SKUS[sku][0], qty=w.rng.choice([10, 20, 40, 100]),
                                                      onhand=w.rng.randint(300, 4800)), instance=w.rng.choice(hub_pods))
    _ops(w, "13:52:10.204", hub, "order_oncall_fangmin: 下午很多订单行缺货转欠货，仓库说货架上头孢克肟、氯化钾都有很多")
    w.log(w.at("15:00:20.441"), qa, "INFO", RECALL_FIX, instance=ROLLOUTS[qa][0][1][1], trace=False, change="recall")
    w.log(w.at("15:02:10.118"), hub, "INFO", "back-order re-allocation: 1184 lines allocated after stock status change",
          instance=hub_pods[0])
    w.alert("OrderBackorderLinesHigh", hub, "warning", w.at("13:30"), w.at("15:12"), "74 行/10分钟",
            "缺货转欠货 74 行/10分钟，超过阈值 30", namespace=NS)


# --- Incident 9: the e-invoice quota --------------------------------------------------------------------
QUOTA = [(START, 44020000.0), (_t("08:00"), 43980000.0), (_t("14:30"), 41702560.0), (_t("15:08"), 61240.0),
         (_t("15:12"), 12480.0), (REFERENCE, 12480.0)]
RETRY_CRON = "kl-einvoice-retry"


def einvoice_quota(w: WorldBuilder) -> None:
    inv = "kl-einvoice"
    w.log(w.at("14:05:10.204"), inv, "INFO", EINVOICE_DEPLOY, instance=ROLLOUTS[inv][1][1][0], change="deploy")
    _rolled(w, inv, "Started EinvoiceApplication in {s} seconds (process running for 31.7)",
            "Commencing graceful shutdown. Waiting for active requests to complete")
    pods = ROLLOUTS[inv][1][1]
    w.log(w.at("14:30:10.118"), inv, "INFO", BATCH_START, instance=pods[0], job="batch")
    done = 0
    for moment in _every(w, "14:35:00", "15:08:00", 280, 320):
        done = min(3860, done + w.rng.randint(520, 640))
        w.log(moment, inv, "INFO", f"batch {INV_BATCH} progress {done}/3860 (红字确认单 + 蓝票), 授信额度 remaining "
              f"¥{interpolate(QUOTA, moment):,.2f}", instance=pods[0], job="batch")
    w.log(w.at("15:08:20.336"), inv, "INFO", BATCH_DONE, instance=pods[0], job="batch")
    for moment in _every(w, "15:12:05", REFERENCE, 30, 90):
        if not _day(moment) and w.rng.random() < 0.6:
            continue
        customer = w.rng.choice(list(HOSPITALS) + list(PHARMACIES))
        w.log(moment, inv, "ERROR", QUOTA_FAIL.format(dn=_dn(w, moment), customer=customer, amount=w.rng.uniform(14000, 96000)),
              instance=w.rng.choice(pods))
    _ops(w, "15:48:30.551", inv, "inv_oncall_songjia: 下午三点以后数电票全部开不出，乐企返回 4007，财务在查额度")
    w.log(w.at("16:20:40.118"), inv, "INFO", QUOTA_APPLY, instance=pods[1], trace=False)
    for hour in range(16, 20):
        scheduled = w.at(f"{hour}:15:00")
        pod = job_pod(job_name(RETRY_CRON, scheduled))
        pending = int(interpolate(PENDING_INVOICES, scheduled))
        w.log(scheduled + dt.timedelta(seconds=6), inv, "WARN", f"retry run: {pending} queued invoices, 0 issued (4007 可用授信"
              "额度不足), next run in 60 min", instance=pod, job="retry")
    w.alert("EinvoiceIssueFailures", inv, "critical", w.at("15:18"), None, "42 次/10分钟",
            "发票开具失败 42 次/10分钟，超过阈值 10", namespace=NS)


PENDING_INVOICES = [(START, 0), (_t("15:12"), 0), (_t("16:00"), 310), (_t("17:00"), 820), (_t("18:00"), 1180),
                    (_t("19:00"), 1390), (REFERENCE, 1487)]


# --- Incident 6: the node unattended-upgrades rebooted --------------------------------------------------
def node_reboot(w: WorldBuilder) -> None:
    node, review = "kl-k8s-node", "kl-pharm-review"
    w.log(w.at("16:30:10.118"), review, "INFO", CLAIM_CONFIG, instance=REVIEW_PODS[0], change="config")
    w.log(w.at("17:06:40.204"), node, "INFO", "systemd[1]: Starting Daily apt upgrade and clean activities...",
          instance=BAD_NODE, trace=False)
    w.log(w.at("17:08:40.330"), node, "INFO", UPGRADE, instance=BAD_NODE, trace=False)
    w.log(w.at("17:10:01.441"), node, "INFO", AUTO_REBOOT, instance=BAD_NODE, trace=False, change="os-update")
    w.log(w.at("17:10:02.118"), node, "INFO", "systemd-logind[812]: System is rebooting.", instance=BAD_NODE, trace=False)
    w.log(w.at("17:13:31.204"), node, "INFO", "kernel: Linux version 5.15.0-131-generic (buildd@lcy02-amd64-045)",
          instance=BAD_NODE, trace=False)
    w.log(w.at("17:14:20.336"), node, "INFO", NODE_BACK, instance=BAD_NODE, trace=False)
    w.log(w.at("17:14:38.551"), review, "INFO", "Started PharmReviewApplication in 24.6 seconds (process running for 26.1)",
          instance=REVIEW_BAD_POD, trace=False)
    w.log(w.at("17:14:52.118"), "kl-returns", "INFO", "Started ReturnsApplication in 19.8 seconds (process running for 21.0)",
          instance=RETURNS_BAD_POD, trace=False)
    good = [p for p in REVIEW_PODS if p != REVIEW_BAD_POD]
    sessions = {ph: f"ws-{w.hex(8)}" for ph in PHARMACISTS[:5]}
    claimed = []
    for index in range(143):
        ph = PHARMACISTS[index % 5]
        since = w.at("16:40:00") + dt.timedelta(seconds=w.rng.randint(0, 1780))
        claimed.append((_order(w, since), ph, since))
    for moment in _every(w, "17:15:10", "18:09:30", 20, 50):
        order, ph, since = w.rng.choice(claimed)
        expires = w.at("18:09:50") + dt.timedelta(seconds=w.rng.randint(-40, 0))
        w.log(moment, review, "WARN", STUCK_CLAIM.format(order=order, ph=ph, session=sessions[ph], pod=REVIEW_BAD_POD,
                                                         since=f"{since:%H:%M:%S}", expires=f"{expires:%H:%M:%S}"),
              instance=w.rng.choice(good))
    for moment in _every(w, "17:16:00", "18:09:00", 60, 150):
        order, ph, _ = w.rng.choice(claimed)
        w.log(moment, review, "WARN", CLAIM_DENIED.format(order=order, ph=ph, session=sessions[ph]),
              instance=w.rng.choice(good))
    _ops(w, "17:38:20.204", review, "review_oncall_tanhui: 5 位药师五点多掉线重连后，之前领的一百多单打不开，提示已被领取")
    w.log(w.at("18:10:05.441"), review, "INFO", CLAIMS_EXPIRED.format(pod=REVIEW_BAD_POD), instance=good[0])
    w.alert("KubeNodeNotReady", node, "warning", w.at("17:11"), w.at("17:15"), "NotReady",
            f"{BAD_NODE} NotReady", instance=BAD_NODE)
    w.alert("PharmReviewClaimsStuck", review, "warning", w.at("17:20"), w.at("18:14"), "143 单",
            "领取后无心跳的审方单 143 单，超过阈值 20", namespace=NS)


# --- Healthy services' changes, the unrelated alerts --------------------------------------------------
def other_changes(w: WorldBuilder) -> None:
    crm = "kl-crm"
    w.log(w.at("10:30:30.702"), crm, "INFO", CRM_DEPLOY, instance=ROLLOUTS[crm][1][1][0], change="deploy")
    _rolled(w, crm, "kl-crm 5.0.2 listening on :3000 ({s}s)", "SIGTERM received, closing server")
    w.log(w.at("16:30:20.415"), "kl-wms", "INFO", WMS_WAVE_CONFIG, instance=ROLLOUTS["kl-wms"][1][1][0], change="config")
    w.log(w.at("15:40:20.415"), "kl-sales-app", "INFO", SALES_CONFIG, instance=ROLLOUTS["kl-sales-app"][0][1][0],
          change="config")
    w.alert("VehicleGpsSignalLost", "kl-coldchain-tms", "warning", dt.datetime(2026, 12, 14, 18, 20, tzinfo=TZ), None, "1",
            f"冷藏车 {GPS_LOST_PLATE} GPS 无信号（送修，维修厂 地下车间）", namespace=NS, vehicle=GPS_LOST_PLATE)
    w.log(_y("22:00:05.118"), "kl-coldchain-tms", "WARN", f"vehicle {GPS_LOST_PLATE} no GPS fix since 2026-12-14 18:20 "
          "(status 送修, 维修单 MR-1214-03)", instance=ROLLOUTS["kl-coldchain-tms"][0][1][0], trace=False)
    w.log(w.at("01:00:00.418"), "kl-dw", "INFO", "nightly ETL batch dw_daily started: 166 tasks (business date 2026-12-14)",
          instance="dw-etl-01", trace=False, job="etl")
    w.log(w.at("01:49:40.730"), "kl-dw", "INFO", "nightly ETL batch dw_daily finished: 166/166 tasks ok, 49m40s",
          instance="dw-etl-01", trace=False, job="etl")
    w.alert("HostCpuHigh", "kl-dw", "warning", w.at("01:05"), w.at("01:50"), "93.1%",
            "dw-etl-01 CPU 93.1%，超过阈值 85%（夜间 ETL）", instance="dw-etl-01")


# --- Kubernetes state at 20:00 -------------------------------------------------------------------------
#: (service, revision, rolled out, change cause, image tag) of every Deployment
STEADY = (
    ("kl-order-hub", 64, "2026-12-15T07:20:10+08:00", "release kl-order-hub 7.4.1 (pipeline #3302)", "7.4.1"),
    ("kl-credit", 21, "2026-11-26T21:00:00+08:00", "release kl-credit 3.2.0", "3.2.0"),
    ("kl-mdm", 33, "2026-12-03T21:30:00+08:00", "release kl-mdm 2.7.3", "2.7.3"),
    ("kl-pharm-review", 27, "2026-12-08T22:00:00+08:00", "release kl-pharm-review 2.11.0", "2.11.0"),
    ("kl-wms", 88, "2026-12-15T08:20:20+08:00", "release kl-wms 5.8.2 (pipeline #3311)", "5.8.2"),
    ("kl-trace-code", 19, "2026-12-01T22:00:00+08:00", "release kl-trace-code 1.15.2", "1.15.2"),
    ("kl-trace-upload", 24, "2026-12-15T08:40:20+08:00", "release kl-trace-upload 2.9.0 (pipeline #3318)", "2.9.0"),
    ("kl-gsp-qa", 41, "2026-11-30T21:00:00+08:00", "release kl-gsp-qa 4.3.0", "4.3.0"),
    ("kl-spd-gateway", 36, "2026-12-09T22:30:00+08:00", "release kl-spd-gateway 3.1.2", "3.1.2"),
    ("kl-supplier-edi", 52, "2026-11-24T21:00:00+08:00", "release kl-supplier-edi 6.0.5", "6.0.5"),
    ("kl-coldchain-tms", 30, "2026-12-15T06:05:20+08:00", "release kl-coldchain-tms 3.6.0 (pipeline #3307)", "3.6.0"),
    ("kl-einvoice", 45, "2026-12-15T14:05:10+08:00", "release kl-einvoice 4.2.0 (pipeline #3315)", "4.2.0"),
    ("kl-returns", 17, "2026-12-02T21:00:00+08:00", "release kl-returns 1.12.0", "1.12.0"),
    ("kl-crm", 58, "2026-12-15T10:30:30+08:00", "release kl-crm 5.0.2 (pipeline #3313)", "5.0.2"),
    ("kl-sales-app", 22, "2026-12-05T21:00:00+08:00", "release kl-sales-app 2.2.0", "2.2.0"),
)


def k8s_state(w: WorldBuilder) -> None:
    for service, revision, changed, cause, tag in STEADY:
        pods = ROLLOUTS[service][-1][1]
        for pod in pods:
            rebooted = pod in ON_BAD_NODE  # the node went down under them: one restart, the runtime could not say why
            w.pod(namespace=NS, name=pod, service=service, phase="Running", ready="1/1", restarts=1 if rebooted else 0,
                  last_termination=termination("Unknown", 255, w.at("17:10:02")) if rebooted else None,
                  waiting_reason=None, node=node_of(pod), observed_at=REFERENCE)
        w.deployment(namespace=NS, name=service, service=service, replicas=len(pods), ready=len(pods), available=len(pods),
                     image=f"harbor.kanglian.local/pharma/{service}:{tag}", revision=revision,
                     changed_at=dt.datetime.fromisoformat(changed), change_cause=cause,
                     conditions=[condition("Available", "True", "MinimumReplicasAvailable",
                                           "Deployment has minimum availability."),
                                 condition("Progressing", "True", "NewReplicaSetAvailable",
                                           f'ReplicaSet "{pods[0].rsplit("-", 1)[0]}" has successfully progressed.')],
                     observed_at=REFERENCE)
    # The CronJobs keep their last three jobs.
    for service, cronjob, moments in (
            ("kl-credit", AGING_CRON, tuple(dt.datetime(2026, 12, d, 2, 0, tzinfo=TZ) for d in (13, 14, 15))),
            ("kl-einvoice", RETRY_CRON, tuple(_t(f"{h}:15") for h in (17, 18, 19)))):
        for scheduled in moments:
            pod = job_pod(job_name(cronjob, scheduled))
            w.pod(namespace=NS, name=pod, service=service, phase="Succeeded", ready="0/1", restarts=0,
                  last_termination=termination("Completed", 0, scheduled + dt.timedelta(seconds=w.rng.randint(20, 95))),
                  waiting_reason=None, node=node_of(pod), observed_at=REFERENCE)
    # Events are what the API server keeps (TTL 1 h): the 19:15 retry and the old job it replaced.
    job = job_name(RETRY_CRON, _t("19:15"))
    pod = job_pod(job)
    old = job_name(RETRY_CRON, _t("16:15"))
    at = w.at("19:15:00")
    image = "harbor.kanglian.local/pharma/kl-einvoice:4.2.0"
    for kind, reason, message, delay in (
        (f"CronJob/{RETRY_CRON}", "SuccessfulCreate", f"Created job {job}", 0),
        (f"Job/{job}", "SuccessfulCreate", f"Created pod: {pod}", 0),
        (f"Pod/{pod}", "Scheduled", f"Successfully assigned {NS}/{pod} to {node_of(pod)}", 0),
        (f"Pod/{pod}", "Pulled", f'Container image "{image}" already present on machine', 1),
        (f"Pod/{pod}", "Created", "Created container retry", 1),
        (f"Pod/{pod}", "Started", "Started container retry", 2),
        (f"Job/{job}", "Completed", "Job completed", 40),
        (f"CronJob/{RETRY_CRON}", "SawCompletedJob", f"Saw completed job: {job}, status: Complete", 41),
        (f"CronJob/{RETRY_CRON}", "SuccessfulDelete", f"Deleted job {old}", 41),
    ):
        moment = at + dt.timedelta(seconds=delay)
        w.event(type="Normal", reason=reason, object=kind, message=message, count=1, first_seen=moment, last_seen=moment)


# --- Metrics --------------------------------------------------------------------------------------------
TEMPS = [(START, 4.2), (_t("06:00"), 4.4), (_t("06:30"), 4.6), (_t("06:36"), 40.8), (_t("08:00"), 42.9), (_t("09:58"), 45.7),
         (_t("10:30"), 43.6), (_t("10:44"), 42.1), (_t("10:46"), 6.1), (_t("12:00"), 5.2), (REFERENCE, 4.3)]


def build_metrics(w: WorldBuilder) -> None:
    at = w.at
    night = [(at("00:00"), at("02:10"))]
    morning = [(at("06:20"), at("12:50"))]
    afternoon = [(at("12:50"), at("16:40"))]
    evening = [(at("16:40"), REFERENCE)]
    w.series("trace_scan_write_errors_per_min", "kl-trace-code", "次",
             [(START, 0), (at("00:00"), 0), (at("00:01"), 46), (at("01:00"), 41), (at("01:38"), 44), (at("01:40"), 0),
              (REFERENCE, 0)], start=START, fine=night, spread=2, digits=0, threshold=5)
    w.series("order_credit_holds_per_10m", "kl-order-hub", "单",
             [(START, 0), (at("07:55"), 0), (at("08:05"), 22), (at("08:12"), 41), (at("09:30"), 63), (at("10:40"), 58),
              (at("10:50"), 0), (REFERENCE, 0)], start=START, fine=morning, spread=2, digits=0, threshold=10)
    w.series("coldchain_vehicle_temp_max_celsius", "kl-coldchain-tms", "°C", TEMPS, start=START, fine=morning, spread=0.2,
             digits=1, threshold=8)
    w.series("spd_receipt_rejected_lines_per_10m", "kl-spd-gateway", "行",
             [(START, 0), (at("10:40"), 0), (at("10:45"), 6), (at("11:30"), 14), (at("13:30"), 19), (at("14:30"), 16),
              (at("16:20"), 8), (at("16:35"), 0), (REFERENCE, 0)], start=START, fine=morning + afternoon, spread=1.5,
             digits=0, threshold=5)
    w.series("wms_receiving_held_lines", "kl-wms", "行", HELD, start=START, fine=morning, spread=4, digits=0, threshold=150)
    w.series("trace_codes_pending_upload", "kl-trace-upload", "条", PENDING, start=START, fine=morning, spread=300, digits=0,
             threshold=50000)
    w.series("order_intake_per_second", "kl-order-hub", "单/秒", INTAKE, start=START, fine=morning, spread=1.5, digits=1)
    for source, frames in (
        ("yg-platform", [(START, 0), (at("06:00"), 0), (at("10:01"), 0), (at("10:04"), 87), (at("10:06"), 93), (at("10:10"), 86),
                         (at("10:40"), 59), (at("11:04"), 5), (at("11:06"), 0.4), (REFERENCE, 0.2)]),
        ("spd", [(START, 0.3), (at("08:00"), 1.9), (at("12:00"), 2.2), (at("17:00"), 1.8), (REFERENCE, 0.4)]),
        ("b2b-mall", [(START, 0.3), (at("08:00"), 1.1), (at("12:00"), 1.2), (at("17:00"), 1.1), (REFERENCE, 0.5)]),
    ):
        w.series("order_intake_per_second_by_source", "kl-order-hub", "单/秒", frames, start=START, fine=morning,
                 spread=0 if source == "yg-platform" else 0.2, digits=1, source=source)
    w.series("pharm_review_queue_depth", "kl-pharm-review", "单", QUEUE, start=START, fine=morning, spread=8, digits=0,
             threshold=800)
    w.series("pharm_review_stuck_claims", "kl-pharm-review", "单",
             [(START, 0), (at("17:10"), 0), (at("17:11"), 143), (at("18:09"), 143), (at("18:10"), 0), (REFERENCE, 0)],
             start=START, fine=evening, digits=0, threshold=20)
    w.series("order_backorder_lines_per_10m", "kl-order-hub", "行",
             [(START, 2), (at("13:20"), 2), (at("13:25"), 38), (at("13:30"), 74), (at("14:30"), 81), (at("15:00"), 70),
              (at("15:05"), 3), (REFERENCE, 2)], start=START, fine=afternoon, spread=3, digits=0, threshold=30)
    w.series("einvoice_quota_remaining_yuan", "kl-einvoice", "元", QUOTA, start=START, fine=afternoon, digits=2)
    w.series("einvoice_pending_invoices", "kl-einvoice", "张", PENDING_INVOICES, start=START, fine=afternoon + evening,
             spread=6, digits=0, threshold=200)
    w.series("einvoice_issue_failures_per_10m", "kl-einvoice", "次",
             [(START, 0), (at("15:11"), 0), (at("15:14"), 31), (at("15:18"), 42), (at("17:00"), 44), (at("19:00"), 22),
              (REFERENCE, 14)], start=START, fine=afternoon + evening, spread=2, digits=0, threshold=10)
    w.series("node_ready", "kl-k8s-node", "", [(START, 1), (at("17:10"), 1), (at("17:11"), 0), (at("17:14"), 0),
                                               (at("17:15"), 1), (REFERENCE, 1)], start=START, fine=evening, digits=0,
             instance=BAD_NODE)
    for service, p99, threshold in (("kl-crm", 140, 1500), ("kl-sales-app", 80, 800)):
        w.series("http_5xx_ratio", service, "%", [(START, 0.02), (at("10:00"), 0.12), (at("11:00"), 0.05),
                                                  (REFERENCE, 0.04)], start=START, spread=0.02, digits=2, threshold=2)
        w.series("http_p99_latency", service, "ms", [(START, p99 - 30), (at("10:00"), p99 + 110), (at("11:00"), p99 + 10),
                                                     (REFERENCE, p99)], start=START, spread=10, digits=0,
                 threshold=threshold)


# --- Runbooks (the company's IT wiki, as the teams wrote them) ------------------------------------------------
RUNBOOKS: list[tuple[str, str, str]] = [
    ("runbooks/trace/upload-rejected.md", "追溯码上报被平台退回处理手册", runbook(
        "追溯码上报被平台退回处理手册", "适用于 kl-trace-upload 单据被码上放心平台退回、待上报追溯码积压。",
        ["TraceUploadBacklogHigh：待上报追溯码超过 50000 条"],
        ["看平台返回的错误码：签名错误、许可证号/企业信息不一致、码状态错误分别处理。",
         "企业信息不一致：核对单据头的许可证号与平台备案，查 kl-gsp-qa 最近的企业资料变更（换证）。",
         "确认监管 24 小时上报时限，评估积压。"],
        ["企业换证后本地资料已更新，平台备案尚未同步。", "平台 appkey/密钥变更。", "上游生产企业未上传码关联关系。"],
        ["上报单据头临时使用平台备案的许可证号，同时由 QA 向药监申请同步备案；同步后撤销覆盖。",
         "积压单据恢复后分批补传，关注 24 小时时限。"])),
    ("runbooks/trace/scan-write.md", "出库复核扫码保存失败处理手册", runbook(
        "出库复核扫码保存失败处理手册", "适用于 kl-trace-code 扫码批次写入追溯库失败、复核台压箱。",
        ["TraceScanWriteErrors：追溯码扫码写入失败超过 5 次/分钟"],
        ["看 kl-trace-db 的报错：连接数、锁、分区（no partition of relation）。",
         "分区缺失：查 pg_partman 维护任务的执行记录与权限。"],
        ["pg_partman 维护任务失败，预建分区用完。", "追溯库连接数打满。", "主备切换。"],
        ["恢复维护任务权限并手工执行 run_maintenance_proc 预建分区；复核台重新提交暂存的扫码。",
         "给维护任务失败加告警。"])),
    ("runbooks/spd/receipt-rejected.md", "医院验收拒收（效期不足）处理手册", runbook(
        "医院验收拒收（效期不足）处理手册", "适用于 kl-spd-gateway 医院 SPD 验收拒收、退货单增多。",
        ["SpdReceiptRejectionsHigh：医院验收拒收行数超过阈值"],
        ["看拒收原因：效期不足、破损、数量不符。", "效期不足：查 kl-wms 分配时的剩余效期与分配规则（按客户组的最短剩余效期）。",
         "查分配规则最近的修改记录。"],
        ["分配规则的最短剩余效期被改小，FEFO 把近效期批次分给了医院。", "医院提高了验收标准未通知。"],
        ["把分配规则恢复为医院要求（≥180 天）；在途的近效期货物与医院协商或安排换货。"])),
    ("runbooks/order/credit-hold.md", "订单信用冻结处理手册", runbook(
        "订单信用冻结处理手册", "适用于 kl-order-hub 大量 CREDIT_HOLD。",
        ["OrderCreditHoldsHigh：信用冻结订单超过阈值"],
        ["看被冻结的客户与信用状态（OVERDUE_HOLD / LIMIT_EXCEEDED）。",
         "OVERDUE_HOLD：查 kl-credit 夜间账龄任务对这些客户的判断，再查 kl-mdm 的账期是否被改动。"],
        ["客户账期（payment_terms_days）导入错误，账龄任务把未到期应收判为逾期。", "客户确实逾期未回款。"],
        ["更正账期后在 kl-credit 重新评估信用，释放订单。", "主数据批量导入增加差异复核。"])),
    ("runbooks/order/alloc-short.md", "订单缺货（可分配为 0）处理手册", runbook(
        "订单缺货（可分配为 0）处理手册", "适用于 kl-order-hub 大量 ALLOC_SHORT、欠货行增加。",
        ["OrderBackorderLinesHigh：缺货转欠货行数超过阈值"],
        ["对比在库数量与可分配数量：在库有货而可分配为 0，看库存状态（QA_HOLD、冻结）。",
         "查 kl-gsp-qa 最近的召回锁定、质量冻结记录及其范围。"],
        ["召回锁定范围过大（商品、批号通配），锁住了无关批次。", "库存同步延迟。"],
        ["把锁定范围收窄到召回的商品与批号，释放误锁批次后重新分配欠货行。"])),
    ("runbooks/coldchain/vehicle-temp.md", "冷藏车超温报警处理手册", runbook(
        "冷藏车超温报警处理手册", "适用于 kl-coldchain-tms 冷藏车温度超过 8°C。",
        ["ColdChainVehicleTempExcursion：冷藏车厢温度超过 8.0°C"],
        ["联系司机核对车厢显示屏读数与平台读数。", "读数不一致：查 kl-vehicle-gw 原始帧（固件版本、单位字段）与最近的 OTA 记录。",
         "读数一致：检查冷机与车门。"],
        ["车载终端固件升级后上报单位或格式变化，网关解码错误。", "冷机故障、车门未关。"],
        ["让终端供应商下发正确的单位配置或回退固件；网关解码按单位字段换算。", "真实超温的运单交 QA 评估。"])),
    ("runbooks/wms/receiving-held.md", "收货批号不符挂起处理手册", runbook(
        "收货批号不符挂起处理手册", "适用于 kl-wms 收货 LOT_MISMATCH、待验区挂起行增多。",
        ["WmsReceivingHeldLinesHigh：待验区挂起收货行超过 150 行"],
        ["看挂起行集中在哪个供应商，ASN 里的批号是否为空或与实物不符。", "查 kl-supplier-edi 该供应商的映射版本与最近发布记录。"],
        ["EDI 映射取错字段，ASN 批号为空。", "供应商发货批次与 ASN 不一致。"],
        ["回退映射并让 EDI 重发当天 ASN，WMS 重新匹配后释放挂起行。"])),
    ("runbooks/review/backlog.md", "药师审方积压处理手册", runbook(
        "药师审方积压处理手册", "适用于 kl-pharm-review 队列积压、REVIEW_SLA_BREACHED、审方单卡住。",
        ["PharmReviewBacklogHigh：待审方订单超过 800 单", "PharmReviewClaimsStuck：领取后无心跳的审方单超过 20 单"],
        ["看订单接入量曲线（按来源），是否有来源集中补推。", "单据被领取却打不开：查领取锁所在会话的 Pod 是否异常退出（重启、所在节点重启）。"],
        ["上游平台维护后集中补推订单。", "Pod 异常退出，领取锁未释放，要等锁过期。", "在线药师不足。"],
        ["临时增加在线药师；低风险品种按规则自动通过。", "Pod 异常退出后在管理台批量释放该 Pod 会话的领取锁。",
         "节点维护前先 drain。"])),
    ("runbooks/invoice/issue-failed.md", "数电票开具失败处理手册", runbook(
        "数电票开具失败处理手册", "适用于 kl-einvoice 开票失败、排队发票增多。",
        ["EinvoiceIssueFailures：发票开具失败超过 10 次/10分钟"],
        ["看乐企返回码：4007 授信额度不足、证书、网络。", "4007：查本月授信额度使用情况与最近的大批量开票（红冲重开、补开）。"],
        ["大批量开票用完当月授信额度。", "乐企证书过期。"],
        ["向主管税务机关申请调增授信额度；批量红冲重开分批安排在月初。", "额度恢复后由重试任务补开排队发票。"])),
    ("runbooks/wms/label-printer.md", "箱标打印机卡纸处理手册", runbook(
        "箱标打印机卡纸处理手册", "适用于出库箱标打印机报卡纸、打印不清。",
        ["WmsLabelPrinterError"], ["看打印机状态灯。"], ["标签纸卡住。", "色带用完。"], ["清理卡纸、更换色带后打印测试页。"])),
    ("runbooks/wms/pda.md", "手持 PDA 扫描枪无响应处理手册", runbook(
        "手持 PDA 扫描枪无响应处理手册", "适用于仓库手持终端扫描无响应。",
        ["WmsPdaOffline"], ["看 PDA 与扫描枪的蓝牙连接。"], ["蓝牙断开。", "电量耗尽。"], ["重新配对蓝牙或更换电池。"])),
    ("runbooks/crm/slow-query.md", "CRM 查询缓慢处理手册", runbook(
        "CRM 查询缓慢处理手册", "适用于 CRM 商机列表查询慢。",
        ["CrmSlow"], ["看慢查询日志。"], ["缺少索引。"], ["重建索引并更新统计信息。"])),
]


def build_bundle(seed: int = SEED) -> Json:
    w = WorldBuilder(seed=seed, day=DAY, tz=TZ, reference=REFERENCE, instances=INSTANCES,
                     labels={"env": "prod", "cluster": "kl-prod", "region": "gd-gz"})
    for service, (make, every) in NOISE.items():
        w.noise(service, make, START, every_s=every)
    trace_partitions(w)
    credit_terms(w)
    tbox_fahrenheit(w)
    shelf_life_rule(w)
    edi_batch(w)
    license_mismatch(w)
    platform_backlog(w)
    recall_pattern(w)
    einvoice_quota(w)
    node_reboot(w)
    other_changes(w)
    k8s_state(w)
    build_metrics(w)
    documents = [{"title": title, "source": source, "content": content} for source, title, content in RUNBOOKS]
    return w.bundle(name="KangLian 康链医药 2026-12-15", services=SERVICES, documents=documents)


# --- Questions ---------------------------------------------------------------------------------
#: Each incident's own words: in another incident's answer, a misattribution.
FAMILY = {
    "partition": ("no partition of relation", "partman"),
    "credit": ("CM-IMP-20261215-01", "payment_terms_days"),
    "fahrenheit": ("TB-4.1.0", OTA),
    "shelf": ("ALLOC-HOSP", "min_remaining_days"),
    "edi": ("ASN_HRYY v12", "RFF+BT"),
    "license": (NEW_LICENSE, "ENT_LICENSE_MISMATCH"),
    "backlog": ("GD-YG-20261215", "backlog push"),
    "recall": (RECALL, "2026110*"),
    "quota": (INV_BATCH, "授信额度"),
    "reboot": ("unattended-upgrade", "Automatic-Reboot"),
}
#: The remedies of the runbooks for problems that did not happen.
UNRELATED_REMEDIES = ("更换色带", "重新配对蓝牙", "重建索引")
FIRING = ("EinvoiceIssueFailures", "VehicleGpsSignalLost")
INCIDENT_WORDS = tuple(word for words in FAMILY.values() for word in words)


def _not(*own: str, told: tuple[str, ...] = ()) -> tuple[str, ...]:
    """The other incidents' words, plus the unrelated runbooks' remedies — less ``told``: another incident's words the
    asked service itself logs (the order hub logs the platform's backlog push; the WMS logs the hospital rule and the
    recall lock on its lots), which name no misattribution when an answer quotes them."""
    return tuple(word for family, words in FAMILY.items() if family not in own for word in words
                 if word not in told) + UNRELATED_REMEDIES


_HUB_TOLD = ("GD-YG-20261215", "backlog push")
_WMS_TOLD = ("ALLOC-HOSP", "min_remaining_days", RECALL)

QUESTIONS: tuple[WorldQuestion, ...] = (
    WorldQuestion(
        "pharma_trace_upload_rejected_cause", "上午追溯码往国家平台传一直被打回来，追溯码上报服务这是咋回事？", "cause",
        asked_facts=(fact("ENT_LICENSE_MISMATCH", "许可证号", "rejected", "被退回", "退回"),),
        cause_facts=(fact(NEW_LICENSE, "换证", "许可证"),
                     fact(OLD_LICENSE, "平台备案", "kl-gsp-qa", "qa_liminghui", "企业资料")),
        forbidden=_not("license"), service="kl-trace-upload",
        diagnosis=f"09:05 QA qa_liminghui 在 kl-gsp-qa 录入换证后的药品经营许可证 {OLD_LICENSE} -> {NEW_LICENSE}，同步到上报服务，"
                  "09:18 重新加载企业资料后单据头带新证号，而码上放心平台备案仍是旧证号 → 09:20 起每张单据被退回 "
                  "ENT_LICENSE_MISMATCH，待上报码积压到 186420 条（11:32）；11:36 上报头临时覆盖为备案证号后补传，12:40 清完。"
                  "08:40 的 2.9.0 发布与 08:00 的 SM3 签名公告都不是原因",
    ),
    WorldQuestion(
        "pharma_spd_short_expiry_cause", "今天好几家医院验收的时候拒收，说我们送去的药效期不够半年，医院对接这边是什么情况？",
        "cause",
        asked_facts=(fact("效期不足6个月", "效期不足", "REJECTED", "拒收"),),
        cause_facts=(fact("ALLOC-HOSP", "分配规则"), fact("min_remaining_days", "min 90d", "180 -> 90", "最短剩余效期", "90 天")),
        forbidden=_not("shelf"), service="kl-spd-gateway",
        diagnosis="07:52 仓库 wms_ops_chenjie 把本该改药店规则 ALLOC-RETAIL 的需求 WMS-REQ-1207（近效期放宽到 90 天）改在了医院规则 "
                  "ALLOC-HOSP 上：min_remaining_days 180 -> 90 → 08:10 起 FEFO 给医院分配剩余 90–179 天的批次 → 10:40 起医院 SPD "
                  "验收拒收（效期不足6个月），kl-returns 自动建退货单；14:08 规则改回，之前拣出的货到 16:30 仍被拒收。原因在 WMS "
                  "的分配规则，不在 SPD 网关；10:05 的 ack 超时配置不是原因",
    ),
    WorldQuestion(
        "pharma_order_credit_hold_cause", "早上市一医院集团那几家院区下的单全被信用冻结了，财务说人家刚回过款，订单中心咋回事？",
        "cause",
        asked_facts=(fact("CREDIT_HOLD", "OVERDUE_HOLD", "信用冻结"),),
        cause_facts=(fact("payment_terms_days", "账期", "180 -> 18", "18 days"),
                     fact("CM-IMP-20261215-01", "sales_adm_wuqian", "kl-mdm", "主数据导入", "kl-credit-aging")),
        forbidden=_not("credit", told=_HUB_TOLD), service="kl-order-hub",
        diagnosis="01:10 销售管理 sales_adm_wuqian 的客户主数据导入 CM-IMP-20261215-01 把市一医院集团 9 家的账期 payment_terms_days "
                  "180 改成了 18 → 02:00 账龄任务 kl-credit-aging 把超过 18 天的应收判为逾期，9 家置为 OVERDUE_HOLD → 08:00 起"
                  "它们的订单 CREDIT_HOLD；10:41 账期改回、10:46 重新评估、10:50 释放订单。07:20 的订单中心 7.4.1 发布不是原因；"
                  "下午的缺货是另一件事",
    ),
    WorldQuestion(
        "pharma_order_alloc_short_cause", "下午一点多开始好多订单行缺货转欠货，仓库说头孢克肟、氯化钾货架上都有，接单这边怎么了？",
        "cause",
        asked_facts=(fact("ALLOC_SHORT", "allocatable 0", "缺货", "back-ordered"),),
        cause_facts=(fact(RECALL, "召回锁定", "recall lock"), fact("2026110*", "product=ALL", "通配", "范围")),
        forbidden=_not("recall", told=_HUB_TOLD), service="kl-order-hub",
        diagnosis=f"13:18 QA qa_zhoulan 录入厂家召回（阿莫西林胶囊批号 20261103）的召回锁定 {RECALL} 时商品填了 ALL、批号用了通配 "
                  "2026110* → 11 个商品的批次被置为 QA_HOLD → 订单中心可分配为 0（在库有货）ALLOC_SHORT 转欠货；15:00 锁定收窄到"
                  "该商品该批号后释放，15:02 欠货行重新分配。12:40 的拆单配置不是原因；早上的信用冻结是另一件事",
    ),
    WorldQuestion(
        "pharma_vehicle_temp_cause", "今天早上有几辆冷藏车一直报超温四十多度，司机说车厢温度计才五六度，冷链运输系统是不是坏了？",
        "cause",
        asked_facts=(fact("TEMP_EXCURSION", "超温", "40.8"),),
        cause_facts=(fact("TB-4.1.0", OTA, "固件", "OTA"), fact("unit=F", "'unit'=F", "华氏", "Fahrenheit", "°F")),
        forbidden=_not("fahrenheit"), service="kl-coldchain-tms",
        diagnosis=f"02:10 T-box 供应商 hongtu_ota 的 OTA 任务 {OTA} 把停在场站的 6 台冷藏车升级到 TB-4.1.0，新固件温度按华氏度上报"
                  "（unit=F，网关解码 schema v2.2 忽略该字段）→ 06:30 出车后 TMS 把 41–46 当成摄氏度，TEMP_EXCURSION、运单被标记待 QA；"
                  "实际 4–7°C。10:40 供应商下发 temp_unit=C 后恢复。06:05 的 TMS 3.6.0 发布不是原因；粤A·C5L09 的 GPS 告警无关",
    ),
    WorldQuestion(
        "pharma_wms_receiving_held_cause", "上午华润的到货在收货扫码的时候全被挂到待验区了，别家都正常，WMS 收货这块怎么回事？",
        "cause",
        asked_facts=(fact("LOT_MISMATCH", "待验区", "held"),),
        cause_facts=(fact("ASN_HRYY v12", "ASN_HRYY", "映射", "map"), fact("RFF+BT", "batch_no", "批号为空", "filled 0")),
        forbidden=_not("edi", told=_WMS_TOLD), service="kl-wms",
        diagnosis="07:30 EDI 开发 edi_dev_tangwei 发布华润的映射 ASN_HRYY v12（加 UDI），批号改从 RFF+BT 取，而华润仍放在 PIA → 每张 "
                  "ASN 的 batch_no 都为空（filled 0）→ 09:10 起 WMS 收货扫到的批号与 ASN 的空批号不符 LOT_MISMATCH，挂在待验区 R-02，"
                  "最多 612 行（12:10）；12:18 映射回退到 v11 并重发当天 ASN，12:25 释放。08:20 的 WMS 5.8.2 发布不是原因",
    ),
    WorldQuestion(
        "pharma_review_claims_stuck_cause", "傍晚五点多有一百多张审方单卡住了，药师点开都说已被领取，谁也审不了，审方系统咋了？",
        "cause",
        asked_facts=(fact("ALREADY_CLAIMED", "REVIEW_STUCK_CLAIMED", "已被领取", "claim"),),
        cause_facts=(fact(BAD_NODE, "node-03", "03 节点", "节点重启"),
                     fact("unattended-upgrade", "Automatic-Reboot", "自动重启", "reboot", "内核")),
        forbidden=_not("reboot"), service="kl-pharm-review",
        diagnosis=f"17:10 节点 {BAD_NODE} 上的 unattended-upgrades 装了新内核，节点镜像带 Automatic-Reboot \"true\"，未 drain 直接重启"
                  f" → 该节点上的审方 Pod {REVIEW_BAD_POD} 连同 5 位药师的会话一起断掉，他们领取的 143 单领取锁（ttl 3600s）没释放 "
                  "→ 别人打不开（ALREADY_CLAIMED），监控报 REVIEW_STUCK_CLAIMED；18:09 锁过期后回到队列。16:30 的领取批量配置不是原因；"
                  "上午的审方积压是另一件事",
    ),
    WorldQuestion(
        "pharma_einvoice_quota_cause", "下午三点多开始电子发票一直开不出来，到现在还没好，开票系统什么情况？", "cause",
        asked_facts=(fact("4007", "可用授信额度不足", "额度不足"),),
        cause_facts=(fact(INV_BATCH, "红冲重开", "fin_ops_sunyue", "批量"), fact("授信额度", "remaining ¥61,240.00", "额度用完")),
        forbidden=_not("quota"), service="kl-einvoice",
        diagnosis=f"14:30 财务 fin_ops_sunyue 跑批 {INV_BATCH}（11 月返利红冲重开 3860 张 ¥41,236,800）→ 15:08 本月授信额度只剩 "
                  "¥61,240 → 15:12 起每张发票乐企返回 4007 可用授信额度不足，排队；16:20 已提交调增申请 TZ-20261215-01，到 20:00 "
                  "仍在审核中，EinvoiceIssueFailures 仍在告警，排队 1487 张。14:05 的 4.2.0 发布不是原因",
    ),
    WorldQuestion(
        "pharma_trace_pending_quantity", "上午追溯码最多有多少条堆着没传上去？", "quantity",
        asked_facts=(fact(str(PENDING_PEAK), "186,420"),), forbidden=_not("license"), service="kl-trace-upload",
        peak=Peak("kl-trace-upload", "trace_codes_pending_upload", PENDING_PEAK),
        diagnosis="trace_codes_pending_upload 峰值 186420 条（11:32）；TraceUploadBacklogHigh 触发时的 50816 条不是峰值。起因是 09:05 "
                  "换证后的许可证号与平台备案不一致（ENT_LICENSE_MISMATCH）",
    ),
    WorldQuestion(
        "pharma_review_backlog_quantity", "上午十点多药师审方那边最多压了多少单？", "quantity",
        asked_facts=(fact(str(QUEUE_PEAK)),), forbidden=_not("backlog", told=()), service="kl-pharm-review",
        peak=Peak("kl-pharm-review", "pharm_review_queue_depth", QUEUE_PEAK),
        diagnosis="pharm_review_queue_depth 峰值 2846 单（10:48）；PharmReviewBacklogHigh 触发时的 820 单不是峰值。起因是阳光采购平台"
                  "维护（GD-YG-20261215）结束后 10:02 补推 8412 单，订单接入从约 3 单/秒涨到 96 单/秒（10:06）",
    ),
    WorldQuestion(
        "pharma_receiving_held_quantity", "上午收货挂在待验区的最多有多少行？", "quantity",
        asked_facts=(fact(str(HELD_PEAK)),), forbidden=_not("edi", told=_WMS_TOLD), service="kl-wms",
        peak=Peak("kl-wms", "wms_receiving_held_lines", HELD_PEAK),
        diagnosis="wms_receiving_held_lines 峰值 612 行（12:10）；WmsReceivingHeldLinesHigh 触发时的 152 行不是峰值。起因是 EDI 映射 "
                  "ASN_HRYY v12 的批号为空",
    ),
    WorldQuestion(
        "pharma_trace_scan_alert_existence", "凌晨追溯码那边报过警没有？", "existence",
        asked_facts=(fact("TraceScanWriteErrors"),),
        cause_facts=(fact("no partition of relation", "trace_scan", "分区"),
                     fact("partman", "permission denied for schema trace", "DBA-1187")),
        forbidden=_not("partition"), service="kl-trace-code",
        diagnosis="报过：TraceScanWriteErrors 00:02 触发、01:44 恢复。追溯库每晚 23:30 的 pg_partman 维护自 12-08 起因权限被回收"
                  "（permission denied for schema trace，DBA-1187 清理）连续失败，预建分区只到 trace_scan_p20261214 → 00:00 起扫码写入 "
                  "no partition of relation \"trace_scan\"，复核台压箱；01:38 DBA 授权并手工建分区后恢复。23:10 的 flush 配置不是原因",
    ),
    WorldQuestion(
        "pharma_crm_healthy", "CRM 上午发了个版，现在有告警或者报错吗？", "existence",
        asked_facts=(HEALTHY,), forbidden=INCIDENT_WORDS, service="kl-crm", healthy=True,
        diagnosis="没有：只有拜访记录的 INFO 与 Node.js 的 DeprecationWarning，5xx 最高约 0.12%（阈值 2%），p99 远低于 1500ms，无告警；"
                  "10:30 的 5.0.2 发布与各故障无关",
    ),
    WorldQuestion(
        "pharma_sales_app_healthy", "销售助手 App 下午改了签到范围的配置，有没有出什么问题？", "existence",
        asked_facts=(HEALTHY,), forbidden=INCIDENT_WORDS, service="kl-sales-app", healthy=True,
        diagnosis="没有告警；5xx 远低于阈值 2%，p99 远低于 800ms；15:40 把签到半径改成 500m 后只有定位权限被拒的正常 WARN",
    ),
    WorldQuestion(
        "pharma_alert_listing", "现在还有哪些告警没恢复？列一下。", "listing",
        asked_facts=tuple(fact(name) for name in FIRING), forbidden=("kl-crm", "kl-sales-app"),
        diagnosis="2 条：EinvoiceIssueFailures（15:18 起，授信额度不足，调增申请审核中）、VehicleGpsSignalLost（粤A·C5L09 送修，"
                  "12-14 18:20 起，与今天的故障无关）；其余告警都已恢复",
    ),
    WorldQuestion(
        "pharma_wms_changes_listing", "WMS 今天都动过什么？发版、改规则、改配置都算上。", "listing",
        asked_facts=(fact("5.8.2"), fact("ALLOC-HOSP"), fact("ALLOC-RETAIL"), fact("wms.wave.max-lines", "max-lines")),
        forbidden=_not("shelf", told=(RECALL,)), service="kl-wms",
        diagnosis="四次：07:52 分配规则 ALLOC-HOSP 最短剩余效期 180 -> 90（本该改 ALLOC-RETAIL，导致医院拒收）、08:20 发布 5.8.2、"
                  "14:08 ALLOC-HOSP 改回 180 并把 ALLOC-RETAIL 改为 90、16:30 配置 wms.wave.max-lines 400 -> 500",
    ),
)

WORLD = World(name=NAME, title="KangLian 康链医药（医药批发配送）", build=build_bundle, questions=QUESTIONS)
