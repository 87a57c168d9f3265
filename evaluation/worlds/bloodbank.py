"""World "bloodbank": 赤心血站 ChiXin Blood Center, a provincial blood center (江楚省血液中心) — ``bx-*`` services: the donor
registry and the 赤心献血 mini-program's appointment backend, the mobile donation buses' and street booths' tablets syncing
to the center (through an SSL VPN and under an MDM), the laboratory information system LIS fed by the NAT and ELISA
instruments, component processing, ISBT 128 bag labelling at three label stations, the cold-chain monitoring of the storage
fridges and freezers with their temperature probes and gateways, the inventory, the hospitals' ordering portal, the courier
dispatch to the hospitals (partner 速递同城), SMS reminders and the donors' points and honours, on a Kubernetes cluster; the
report server, the domain controllers and the nodes outside it — seen from Sunday 2027-06-13 10:30 to the reference time
Monday 2027-06-14 10:30 (+08:00): 世界献血者日, with twelve extra street donation points and a campaign push. Nothing here was
written for the offline agents; ten incidents of families the other worlds do not have, in ordinary noise:

(1) 11:05 (eve)     bx-lis ← bx-mdm / bx-bus-sync: itdesk_liuyang publishes kiosk policy v12 to the buses' tablets (MDM-0613-02,
                    single-app mode) allowing only ``com.chixin.donor`` → the sync companion ``com.chixin.donor.sync`` is
    19:35–22:55     suspended on every bus tablet, nothing uploads after 11:05 → the evening's bus specimens reach the lab with
                    no donation record for their DIN and are set aside (LisSpecimenUnmatched). 22:40 policy v13 adds the package,
                    the backlog uploads and the specimens are re-matched. The 18:30 ``lis.reception.tube-label.printer`` config is
                    a decoy. (bx-lis's first incident.)
(2) 07:30           bx-lis ← its ELISA-02 workstation: the analyser vendor 康析仪器's engineer kx_fae_wanglei re-images the
                    workstation (preventive maintenance PM-ELISA-0614) with the regional format ``de-DE`` → the results carry a
    08:20–09:58     decimal comma (``S/CO 0,41``), the LIS drops the comma as a thousands separator and reads 41 → REACTIVE →
                    most of ELISA-02's results go to repeat testing, the reactive rate peaks 34.6% at 09:12 (LisElisaReactiveHigh
                    fired at 5.2%). 09:55 zh-CN again, six plates re-imported. ELISA-01 is fine. The 08:00
                    ``lis.autoverify.batch-size`` config is a decoy. (bx-lis's second incident.)
(3) 00:30           bx-inventory ← bx-coldchain: the facilities vendor's UPS maintenance in 库房楼 B 区 (WO-FAC-0614-01, 00:30–04:30)
                    takes the B-area probe gateways offline; their ring buffer holds 120 readings → on reconnection at 04:32 only
    07:30–09:05     02:32–04:31 is backfilled → the 07:30 GMP review finds a 122-minute monitoring gap in RBC-B-01..09 and
                    quarantines 1,486 red-cell units (冷链记录不完整) → hospital orders partly filled (InventoryQuarantineSpike).
                    09:05 QA releases them on the paper records. The 07:00 deploy 6.3.2 of bx-inventory is a decoy.
(4) 03:05           bx-dispatch on bx-k8s-node-07: reinstalled after a disk replacement (HW-0613-05), its DHCP scope adds the
                    search domain ``corp.chixin.local`` (wildcard record → 10.20.0.15, the OA portal) → the two dispatch pods the
    07:41 → now     07:40 HPA scale-out puts there resolve ``open.sudi56.com`` under ndots:5 to the portal → ``x509: certificate
                    is valid for portal.corp.chixin.local`` → courier orders not created for the dispatches they handle; the
                    failure rate peaks 41.7% at 08:26 (DispatchCourierCreateFailed fired at 12.5%, still firing). The three pods
                    on other nodes are fine. The 07:20 ``dispatch.round.routine-times`` config is a decoy.
(5) 08:30           bx-booking ← the mini-program 4.6.0: its new 「附近献血点」 card asks every site's slots separately (86 requests
                    per home-page view) → slot requests up forty-fold with page views barely up, the booking database's pool
    08:32–10:15     exhausted, appointments time out; 3,137 slot requests per second at 09:04 (BookingLatencyHigh). 10:05 a
                    per-session rate limit and 4.6.1 submitted. The 09:00 世界献血者日 campaign push is a decoy.
(6) 09:35           bx-order ← its own deploy 5.2.0: the new inventory client puts ``group=O+`` into the query string unencoded →
                    bx-inventory decodes the plus as a space and logs ``group='O '`` → unknown blood group, 0 units → every
    09:36–10:12     RhD-positive order is refused 库存不足 while RhD-negative ones pass (OrderStockCheckFailed). 10:12 rollback to
                    5.1.4. The 09:20 ``inventory.stock.cache-ttl-sec`` config of bx-inventory is a decoy.
(7) 17:20 (eve)     bx-label: the equipment department replaces the printer of label station LBL-03 (EQ-0613-22, Zebra ZT410 203
                    dpi → ZT411 300 dpi); the bag label template BAG_LABEL_V7 is laid out in 203-dpi dots → LBL-03's barcodes
    06:32–09:12     print at two thirds of their size and the second-check scanners cannot read them in the morning shift →
                    manual entry (LabelVerifyFailHigh). 09:12 the station's template scale 1.478. The 05:50 deploy 2.8.1 is a decoy.
(8) 13:30 (eve)     bx-coldchain: the annual calibration CAL-2027-06 (省计量院, jl_tech_zhanghui) re-installs probes P-3318 and
                    P-3322 swapped → plasma freezer FFP-A-05 reads 3.9°C, red-cell fridge RBC-A-02 reads -27.6°C → both alarm,
    14:42–17:40     642 plasma and 158 red-cell units quarantined; 17:35 the probe mapping corrected, released. The 14:00
                    ``coldchain.alarm.repeat-min`` config is a decoy.
(9) 16:10 (eve)     bx-bus-sync ← bx-vpn: itdesk_majun creates 12 VPN accounts for the street booths' tablets (IT-0613-31) on a
                    gateway licensed for 50 concurrent users (SSLVPN-CU-50) → on the morning of the campaign the last tablets are
    08:05–09:48     refused ``concurrent user license limit reached (50/50)`` and cannot sync (BusSyncTabletsOffline). 09:45 a
                    temporary licence SSLVPN-CU-100. The 07:50 ``bussync.upload.batch-size`` config is a decoy.
(10) 06:00          bx-component ← bx-report: itdesk_majun rotates the password of the LIS service account ``svc_lis_api``
                    (IT-0614-02) and updates the k8s secret; the legacy report server's ETL still binds with the old one every
    06:05–08:28     minute → the domain locks the account out → the component system's LIS release checks fail ``account
                    locked`` and finished components pile up unreleased, 684 at 08:26 (ComponentReleaseBacklog). 08:25 the
                    report job's credential fixed, account unlocked. The 05:40 ``component.release.poll-sec`` config is a decoy.

Healthy: bx-sms (its 08:10 config is a decoy) and bx-honor (its 09:10 deploy 1.9.0 is a decoy) — INFO/WARN noise only, under
their thresholds, no alert. Still firing at 10:30: DispatchCourierCreateFailed (4) and NodeDiskSmartPending (bx-k8s-node-02, a
hardware ticket). Kubernetes: the deployments and their pods with their nodes, the events of the last hour. Run
``python -m evaluation.worlds bloodbank`` to print the bundle.
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

NAME = "bloodbank"
SEED = 20270614
TZ = dt.timezone(dt.timedelta(hours=8))
DAY = dt.date(2027, 6, 14)
EVE = dt.date(2027, 6, 13)
START = dt.datetime(2027, 6, 13, 10, 30, tzinfo=TZ)
REFERENCE = dt.datetime(2027, 6, 14, 10, 30, tzinfo=TZ)
NS = "chixin-blood"
REGISTRY = "harbor.chixin.local/blood"

_t = functools.partial(clock_on, DAY, TZ)
_y = functools.partial(clock_on, EVE, TZ)

HOSPITALS = ("省人民医院", "江城市第一医院", "江城市中心医院", "省妇幼保健院", "江城大学附属医院", "江南区人民医院", "东湖区中医院")
SITES = ("人民广场献血屋", "江汉路献血屋", "光谷献血屋", "东湖献血屋", "火车站献血屋", "大学城献血屋")
BUSES = ("BUS-02", "BUS-05", "BUS-07", "BUS-09", "BUS-11")
GROUPS_POS = ("A+", "B+", "O+", "AB+")
PRODUCTS = ("去白悬浮红细胞", "单采血小板", "新鲜冰冻血浆", "冷沉淀")

# --- (1) the kiosk policy without the sync companion ----------------------------------------------------------------------
MDM_V12 = ("kiosk policy v12 published by itdesk_liuyang to group BUS-TABLETS (38 devices) (MDM-0613-02: 献血车平板锁定单应用"
           "模式): allowed packages [com.chixin.donor]")
MDM_APPLIED = "device {dev} applied kiosk policy v12; package com.chixin.donor.sync suspended (not in allowed packages)"
MDM_V13 = ("kiosk policy v13 published by itdesk_liuyang to group BUS-TABLETS (38 devices) (MDM-0613-02 更正): allowed packages "
           "[com.chixin.donor, com.chixin.donor.sync]")
BUS_UPLOAD = "upload from {dev} ({bus}): {n} donation records (DIN {din}..), queue 0"
BUS_BACKLOG = "upload from {dev} ({bus}): {n} donation records (backlog, oldest collected 11:0{m}), queue 0"
BUS_SUMMARY = "sync summary: {u} uploads in the last 30 min, {t} tablets on duty"
LIS_NO_RECORD = "specimen reception tube {din} from {bus}: no donation record for DIN, set aside (待核对)"
LIS_RECEIVED = "specimen reception tube {din} from {site}: donation record found, routed to NAT pool {pool} and ELISA"
LIS_REMATCH = "re-matched 1,126 set-aside specimens of buses BUS-02/05/07/09/11 against uploaded donation records"
LIS_PRINTER = ("[apollo] config changed: appId=bx-lis key=lis.reception.tube-label.printer old=LP-01 new=LP-02 "
               "operator=lis_dev_zhouqi")
LIS_NIGHT_NOTE = ("lis_oncall_chenjing: 献血车标本 1100 多管在 LIS 里查不到献血记录，先放待核对；献血屋的都正常，夜班 NAT 和"
                  "酶免只能往后排")
NIGHT_ALERT = "86 管/15分钟"

# --- (2) the ELISA workstation's decimal comma ------------------------------------------------------------------------
ELISA_REIMAGE = ("instrument workstation ELISA-02 (康析 KX-EIA 3000) re-imaged by vendor engineer kx_fae_wanglei (preventive "
                 "maintenance PM-ELISA-0614): image KX-WS-2027.1, regional format de-DE, interface service restarted")
ELISA_OK = "{inst} plate {plate} well {well} DIN {din} {marker} S/CO {sco} -> {val} NONREACTIVE (cutoff 1.00)"
ELISA_BAD = ("ELISA-02 plate {plate} well {well} DIN {din} {marker} S/CO {sco} -> {val} REACTIVE (cutoff 1.00), queued for "
             "repeat testing")
ELISA_REPEAT = "repeat test DIN {din} {marker} on ELISA-01 (duplicate): S/CO {a} / {b} NONREACTIVE"
LIS_BATCH = ("[apollo] config changed: appId=bx-lis key=lis.autoverify.batch-size old=96 new=192 operator=lis_dev_zhouqi")
ELISA_FIX = ("lis_oncall_sunhao: ELISA-02 workstation regional format de-DE -> zh-CN (decimal point), plates P0614-04..P0614-09 "
             "re-imported")
ELISA_REIMPORT = "re-imported 6 plates from ELISA-02: 1,031 results, 2 reactive (0.2%)"
ELISA_NOTE = "lis_oncall_sunhao: 上午 ELISA-02 的板子一片反应性，ELISA-01 复检全是阴性"
MARKERS = ("HBsAg", "抗-HCV", "抗-HIV", "抗-TP")
REACTIVE_PEAK = 34.6
REACTIVE_ALERT = "5.2%"

# --- (3) the gateways' ring buffer ----------------------------------------------------------------------------------------
UPS_NOTICE = ("facility maintenance WO-FAC-0614-01 (恒电物业 UPS 年检): 库房楼 B 区 network closet power off 00:30-04:30, "
              "probes on battery")
GW_OFFLINE = "gateway {gw} offline (last seen 00:30:{s:02d}), probes {probes} buffering locally"
GW_BACK = ("gateway {gw} reconnected after 242 min; backfill 120 readings per probe (02:32-04:31), buffer capacity 120 readings "
           "(ring, 1/min)")
B_FRIDGES = tuple(f"RBC-B-{n:02d}" for n in range(1, 10))
B_UNITS = (171, 166, 158, 172, 160, 169, 163, 155, 172)  # 1,486
REVIEW = ("daily cold-chain review 2027-06-14 07:30: fridge {f} monitoring gap 00:30-02:32 (122 min > 30 min) -> {n} units "
          "to QUARANTINE (冷链记录不完整)")
INV_QUARANTINE = ("coldchain review: 1,486 units 去白悬浮红细胞 in RBC-B-01..RBC-B-09 AVAILABLE -> QUARANTINE (冷链记录不完整)")
ORDER_PARTIAL = "order {o} from {h}: 去白悬浮红细胞 {g} {q}U requested, {a}U allocated (partial, stock quarantined)"
QA_RELEASE = ("qa_manager_linhui: RBC-B-01..RBC-B-09 paper temperature records 00:30-02:32 reviewed (2.9-4.6°C), 1,486 units "
              "QUARANTINE -> AVAILABLE")
INV_DEPLOY = ("deploy finished: bx-inventory 6.3.2 (was 6.3.1) rolled out by ci-bot pipeline=#5512; changes: 效期预警页, 库存"
              "导出字段")
QUARANTINE_ALERT = "1486 袋"

# --- (4) node-07's search domain ---------------------------------------------------------------------------------------------
BAD_NODE = "bx-k8s-node-07"
DISK_NODE = "bx-k8s-node-02"
NODE_DRAIN = ("kubectl drain bx-k8s-node-07 by dc_ops_fengtao: HW-0613-05 (system disk replacement, reinstall via PXE on VLAN "
              "120)")
NODE_DHCP = ("NetworkManager: dhcp4 (ens192): option domain_search => 'chixin.local corp.chixin.local' (DHCP scope VLAN 120)")
NODE_BACK = "kubelet: node bx-k8s-node-07 Ready; uncordoned by dc_ops_fengtao (HW-0613-05 closed)"
NODE_RESOLV = ("kubelet: host resolv.conf search chixin.local corp.chixin.local; pods with dnsPolicy ClusterFirst get search "
               "chixin-blood.svc.cluster.local svc.cluster.local cluster.local chixin.local corp.chixin.local, options ndots:5")
HPA_SCALE = "HPA bx-dispatch: scaled 3 -> 5 (cpu 81% of request, target 60%)"
COURIER_OK = "courier order {c} created for dispatch {d} to {h} (速递同城, eta {m} min) took={ms}ms"
COURIER_X509 = ("POST https://open.sudi56.com/v2/orders failed: x509: certificate is valid for portal.corp.chixin.local, not "
                "open.sudi56.com (dial 10.20.0.15:443)")
COURIER_RETRY = "dispatch {d} to {h}: courier order not created, retry {r}/3"
DISPATCH_ROUND = ("[apollo] config changed: appId=bx-dispatch key=dispatch.round.routine-times old=10:00,14:00 new=09:30,14:00 "
                  "operator=dispatch_dev_panyi")
DISPATCH_NOTE = ("dispatch_oncall_heyu: 叫不到骑手的都是 07:40 新扩的两个 Pod，别的 Pod 正常；那两个 Pod 里 open.sudi56.com 解析到 "
                 "10.20.0.15")
FAIL_PEAK = 41.7
FAIL_ALERT = "12.5%"

# --- (5) the mini-program's per-site slot requests -----------------------------------------------------------------------------
MP_RELEASE = ("mini-program 赤心献血 4.6.0 released to all users by fe_lead_xuran (WeChat review passed 08:12); changes: 首页"
              "「附近献血点」卡片, 预约流程提示")
SLOTS_NEW = "GET /api/v1/sites/{sid}/slots?date=2027-06-14 200 took={ms}ms ua=miniprogram/4.6.0 page=pages/index/index"
SLOTS_OLD = "GET /api/v1/slots?sites=nearby&date=2027-06-14 200 took={ms}ms ua=miniprogram/4.5.3"
DB_POOL = "booking-db pool exhausted: active 80/80, waiting {w}, wait p99 {s:.1f}s"
APPT_TIMEOUT = "POST /api/v1/appointments 504 after 5000ms site {sid} openid o{oid}: 预约失败 (db pool wait)"
CAMPAIGN = ("ops_yunying_tangli: 世界献血者日 公众号推送 + 订阅消息 sent to 412,380 followers (campaign WBDD-2027)")
BOOK_LIMIT = ("[apollo] config changed: appId=bx-booking key=booking.slots.per-session-rate-limit old=0 new=5 "
              "operator=booking_oncall_luming")
MP_461 = "fe_lead_xuran: mini-program 4.6.1 submitted for WeChat review (附近献血点 一次批量查询 /api/v1/slots?sites=)"
BOOKING_NOTE = ("booking_oncall_luming: slots 请求四十倍，页面访问量只多了一倍；4.6.0 首页每个献血点单独查一次号源")
SLOTS_PEAK = 3137

# --- (6) the plus sign of O+ ---------------------------------------------------------------------------------------------------
ORDER_DEPLOY = ("deploy finished: bx-order 5.2.0 (was 5.1.4) rolled out by ci-bot pipeline=#5530; changes: 库存查询改用新 HTTP "
                "客户端, 订单页改版")
STOCK_OK = "stock query from bx-order: product={p} group='{g}' -> {n} available"
STOCK_BAD = "stock query from bx-order: product={p} group='{g} ' -> unknown blood group, 0 available"
ORDER_REFUSED = "order {o} from {h}: {p} {g} {q}U: 库存不足 (stock check returned 0)"
ORDER_OK = "order {o} from {h}: {p} {g} {q}U allocated, dispatch {d}"
ORDER_ROLLBACK = ("deploy finished: bx-order 5.1.4 (rollback of 5.2.0) by order_oncall_gaoming; changes: 回滚库存查询客户端")
INV_CACHE = ("[apollo] config changed: appId=bx-inventory key=inventory.stock.cache-ttl-sec old=30 new=60 "
             "operator=inventory_dev_qinlu")
ORDER_NOTE = "order_oncall_gaoming: 九点半以后阳性血型的订单全部库存不足，阴性的正常"

# --- (7) the 300 dpi printer ---------------------------------------------------------------------------------------------
PRINTER_SWAP = ("printer of label station LBL-03 replaced by 设备科 eq_tech_wuqiang (EQ-0613-22): Zebra ZT410 (203 dpi) -> "
                "ZT411 (300 dpi, 12 dots/mm), test page OK")
LABEL_JOB = "label job DIN {din} {p} {g}: template BAG_LABEL_V7 (^PW812 ^LL1218, dots) sent to {st}"
LABEL_VERIFY_OK = "verify DIN {din} at {st}: DIN, product code, ABO/RhD, expiry barcodes read, match bag"
LABEL_NOREAD = ("verify DIN {din} at LBL-03: DIN barcode no read (module width 0.17 mm, scanner min 0.19 mm) -> manual entry")
LABEL_DEPLOY = ("deploy finished: bx-label 2.8.1 (was 2.8.0) rolled out by ci-bot pipeline=#5507; changes: 打印队列监控, 标签"
                "预览")
LABEL_SCALE = ("[apollo] config changed: appId=bx-label key=label.station.LBL-03.template-scale old=1.0 new=1.478 "
               "operator=label_admin_songjia")
LABEL_NOTE = "label_admin_songjia: 早班 LBL-03 打出来的条码明显偏小，核对扫不出，LBL-01、LBL-02 正常"

# --- (8) the swapped probes -----------------------------------------------------------------------------------------------
CALIBRATION = ("annual calibration CAL-2027-06 by 省计量院 jl_tech_zhanghui: probes of storage area A removed 13:30-14:35 "
               "(RBC-A-01..RBC-A-04, FFP-A-01..FFP-A-06), readings paused")
PROBE_BACK = "probe {p} re-installed by jl_tech_zhanghui (CAL-2027-06), reporting on channel {f}"
READING = "{f} probe {p}: {c:.1f}°C (range {lo}..{hi}), door closed"
SWAP_FIX = ("[apollo] config changed: appId=bx-coldchain key=coldchain.probe.mapping old=P-3318:FFP-A-05,P-3322:RBC-A-02 "
            "new=P-3318:RBC-A-02,P-3322:FFP-A-05 operator=cc_oncall_lixin")
SWAP_NOTE = ("cc_oncall_lixin: FFP-A-05 面板显示 -28°C，RBC-A-02 面板 4°C；校准回装时 P-3318 和 P-3322 两个探头装反了")
ALARM_REPEAT = ("[apollo] config changed: appId=bx-coldchain key=coldchain.alarm.repeat-min old=10 new=5 "
                "operator=cc_dev_huangyi")
GW_BUFFER = ("[apollo] config changed: appId=bx-coldchain key=coldchain.gateway.buffer-readings old=120 new=720 "
             "operator=cc_oncall_lixin")
INV_FFP_Q = "coldchain alarm: 642 units 新鲜冰冻血浆 in FFP-A-05 AVAILABLE -> QUARANTINE (温度超限 3.9°C)"
INV_RBC_Q = "coldchain alarm: 158 units 去白悬浮红细胞 in RBC-A-02 AVAILABLE -> QUARANTINE (温度过低 -27.6°C)"
INV_SWAP_RELEASE = "coldchain alarm cleared (probe mapping corrected): 800 units in FFP-A-05, RBC-A-02 QUARANTINE -> AVAILABLE"

# --- (9) the VPN's concurrent users ---------------------------------------------------------------------------------------
VPN_ACCOUNTS = ("itdesk_majun created 12 SSL VPN accounts bus-t39..bus-t50 for 世界献血者日 街头献血点 tablets (IT-0613-31)")
VPN_LICENSE = "license check: concurrent users {n}/50 (SSLVPN-CU-50, valid to 2028-03-31)"
VPN_REJECT = "user {u} login rejected: concurrent user license limit reached (50/50)"
VPN_TEMP = ("itdesk_majun imported temporary license SSLVPN-CU-100 (100 concurrent users, valid 30 days) from vendor 安网科技")
BUS_NEVER = "tablet {dev} ({site}) registered for today, no connection since 07:30"
BUS_BATCH = ("[apollo] config changed: appId=bx-bus-sync key=bussync.upload.batch-size old=50 new=100 "
             "operator=bussync_dev_yangfan")
STREET = ("中山公园街头点", "江城广场街头点", "科技园街头点", "南站街头点", "体育中心街头点", "汉江路街头点", "万达街头点",
          "大学城街头点")
LATE_TABLETS = tuple(f"bus-t{n}" for n in range(43, 51))

# --- (10) the locked service account --------------------------------------------------------------------------------------
PWD_ROTATE = ("itdesk_majun rotated the password of service account svc_lis_api (IT-0614-02, quarterly rotation); k8s secret "
              "lis-api-credentials updated")
REPORT_BIND = "ETL lis_hourly_pull: LDAP bind as svc_lis_api failed: 49 invalid credentials (data 52e)"
AD_LOCK = "account svc_lis_api locked out: 5 bad password attempts from 10.30.8.21 (bx-report-01), lockout 30 min"
RELEASE_FAIL = "LIS release check for DIN {din} failed: 401 account svc_lis_api locked (data 775), component stays 待放行"
RELEASE_OK = "LIS release check for DIN {din}: released ({p}), moved to storage"
REPORT_FIX = "itdesk_majun: bx-report-01 ETL credential of svc_lis_api updated, account unlocked"
COMP_POLL = ("[apollo] config changed: appId=bx-component key=component.release.poll-sec old=60 new=30 "
             "operator=comp_dev_liang")
COMP_NOTE = "comp_oncall_wenjing: 早上做完的成分一袋都放行不了，LIS 放行接口一直报账号锁定"
BACKLOG_PEAK = 684

# --- healthy services' changes, unrelated ----------------------------------------------------------------------------
SMS_WINDOW = ("[apollo] config changed: appId=bx-sms key=sms.reminder.send-window old=09:00-20:00 new=09:30-20:00 "
              "operator=sms_dev_tianyu")
HONOR_DEPLOY = ("deploy finished: bx-honor 1.9.0 (was 1.8.3) rolled out by ci-bot pipeline=#5525; changes: 荣誉证书样式, 积分"
                "明细分页")
SMART_LINE = "smartd: /dev/sdb Reallocated_Sector_Ct 8 -> 16, Current_Pending_Sector 4 (ticket HW-0614-02)"

# --- pods, nodes ---------------------------------------------------------------------------------------------------------
DISPATCH_ALL = pod_names("bx-dispatch", "3.4.0", 5)
DISPATCH_BASE = DISPATCH_ALL[:3]
ON_BAD_NODE = DISPATCH_ALL[3:5]
ORDER_OLD = pod_names("bx-order", "5.1.4", 6)
ROLLOUTS: dict[str, list[tuple[dt.datetime, tuple[str, ...]]]] = {
    "bx-donor": [(START, pod_names("bx-donor", "3.12.0", 3))],
    "bx-booking": [(START, pod_names("bx-booking", "2.9.4", 4))],
    "bx-bus-sync": [(START, pod_names("bx-bus-sync", "2.1.7", 2))],
    "bx-lis": [(START, pod_names("bx-lis", "5.4.2", 3))],
    "bx-component": [(START, pod_names("bx-component", "4.0.3", 2))],
    "bx-label": [(START, pod_names("bx-label", "2.8.0", 2)), (_t("05:51:00"), pod_names("bx-label", "2.8.1", 2))],
    "bx-coldchain": [(START, pod_names("bx-coldchain", "1.6.1", 2))],
    "bx-inventory": [(START, pod_names("bx-inventory", "6.3.1", 3)), (_t("07:01:00"), pod_names("bx-inventory", "6.3.2", 3))],
    "bx-order": [(START, ORDER_OLD[:3]), (_t("09:36:00"), pod_names("bx-order", "5.2.0", 3)), (_t("10:13:00"), ORDER_OLD[3:])],
    "bx-dispatch": [(START, DISPATCH_BASE), (_t("07:41:00"), DISPATCH_ALL)],
    "bx-sms": [(START, pod_names("bx-sms", "1.5.2", 2))],
    "bx-honor": [(START, pod_names("bx-honor", "1.8.3", 2)), (_t("09:11:00"), pod_names("bx-honor", "1.9.0", 2))],
}
GENERAL_NODES = [f"bx-k8s-node-{n:02d}" for n in (1, 2, 3, 4, 5, 6, 8)]
NODES = [*GENERAL_NODES, BAD_NODE]
GATEWAYS = ("GW-A1", "GW-A2", "GW-B1", "GW-B2", "GW-B3", "GW-C1")
INSTANCES: dict[str, list[str]] = {service: list(steps[-1][1]) for service, steps in ROLLOUTS.items()} | {
    "bx-k8s-node": NODES, "bx-mdm": ["mdm-console"], "bx-vpn": ["sslvpn-01"], "bx-report": ["bx-report-01"],
    "bx-ad": ["dc01", "dc02"]}


def node_of(pod: str) -> str:
    """The two HPA replicas of the dispatch on node-07 (back empty from its reinstall); every other pod elsewhere."""
    if pod in ON_BAD_NODE:
        return BAD_NODE
    return GENERAL_NODES[int(hashlib.sha256(pod.encode()).hexdigest(), 16) % len(GENERAL_NODES)]


SERVICES: list[Json] = [
    {"name": "bx-donor", "aliases": ["献血者", "献血者档案", "献血登记", "献血者登记"],
     "description": "献血者档案与登记（3 个副本）：献血者身份、献血史、屏蔽与间隔期校验，献血屋与献血车登记时查询。"},
    {"name": "bx-booking", "aliases": ["献血预约", "预约", "小程序", "赤心献血", "预约服务"],
     "description": "赤心献血 小程序与 App 的预约后端（4 个副本）：献血点号源 /api/v1/slots、预约 /api/v1/appointments；"
                    "预约库 booking-db（PostgreSQL，连接池 80）。"},
    {"name": "bx-bus-sync", "aliases": ["献血车同步", "平板同步", "献血车", "街头献血点", "采血平板"],
     "description": "献血车与街头献血点平板的数据同步（2 个副本）：平板上的同步组件 com.chixin.donor.sync 经 SSL VPN 上传献血"
                    "记录（DIN、献血者、采血量、采血时间），并下载当天的预约。"},
    {"name": "bx-lis", "aliases": ["LIS", "检验系统", "检验", "实验室", "酶免", "核酸检测"],
     "description": "检验信息系统 LIS（3 个副本）：标本接收（按 DIN 匹配献血记录）、NAT 核酸混样检测与 ELISA 酶免检测仪器"
                    "结果接入（ELISA-01、ELISA-02 工作站，ASTM 接口）、自动审核、检测结论与放行接口。"},
    {"name": "bx-component", "aliases": ["成分制备", "成分科", "血液成分", "成分"],
     "description": "成分制备（2 个副本）：全血离心分离、成分登记，每袋成分用服务账号 svc_lis_api 向 LIS 查询放行后入库。"},
    {"name": "bx-label", "aliases": ["贴签", "标签", "血袋标签", "ISBT 128", "贴签核对"],
     "description": "血袋标签（2 个副本）：按 ISBT 128 打印 DIN、产品码、ABO/RhD、效期条码，标签站 LBL-01..03 打印后扫码"
                    "二次核对。"},
    {"name": "bx-coldchain", "aliases": ["冷链", "冷链监控", "温度监控", "储血冰箱", "温度探头"],
     "description": "冷链监控（2 个副本）：储血冰箱、血浆冷冻柜、血小板振荡箱的温度探头经网关（GW-A1..C1）每分钟上报；超限"
                    "告警，每天 07:30 做 GMP 冷链记录复核（断档超过 30 分钟的冰箱内血液隔离）。"},
    {"name": "bx-inventory", "aliases": ["库存", "血液库存", "库存系统", "血库"],
     "description": "血液库存（3 个副本）：入库、隔离、放行、出库；按品种与 ABO/RhD 提供可用库存查询给订血平台。"},
    {"name": "bx-order", "aliases": ["订血", "订血平台", "医院订血", "订单", "医院订单"],
     "description": "医院订血平台（3 个副本）：医院输血科下单，查询 bx-inventory 可用库存后分配，交 bx-dispatch 配送。"},
    {"name": "bx-dispatch", "aliases": ["配送", "配送调度", "送血", "骑手", "速递同城"],
     "description": "配送调度（HPA 3–6 个副本）：出库单向合作方 速递同城 open.sudi56.com 下骑手单（冷链运血箱），急诊单立即派送，"
                    "常规单按轮次。"},
    {"name": "bx-sms", "aliases": ["短信", "短信提醒", "献血提醒", "通知"],
     "description": "短信提醒（2 个副本）：预约提醒、可再次献血提醒、检测结果通知。"},
    {"name": "bx-honor", "aliases": ["积分", "荣誉", "献血积分", "无偿献血荣誉", "献血荣誉"],
     "description": "献血积分与荣誉（2 个副本）：献血积分、荣誉证书、奉献奖申报。"},
    {"name": "bx-mdm", "aliases": ["MDM", "移动设备管理", "平板管理"],
     "description": "移动设备管理（SaaS）：献血车与街头点平板的策略、单应用模式（kiosk）与应用白名单。"},
    {"name": "bx-vpn", "aliases": ["VPN", "SSL VPN", "VPN 网关"],
     "description": "SSL VPN 网关 sslvpn-01：献血车与街头点平板接入中心，按并发用户数授权。"},
    {"name": "bx-report", "aliases": ["报表", "报表服务器", "ETL"],
     "description": "老报表服务器 bx-report-01（虚拟机）：每小时用 svc_lis_api 从 LIS 拉取检测数据做报表。"},
    {"name": "bx-ad", "aliases": ["域控", "AD", "域账号"],
     "description": "域控制器 dc01、dc02：员工与服务账号（svc_*），5 次密码错误锁定 30 分钟。"},
    {"name": "bx-k8s-node", "aliases": ["K8s 节点", "节点", "服务器"],
     "description": "集群 bx-prod 的节点 bx-k8s-node-01..08。"},
]

WINDOWS = {
    "kiosk": (_y("19:35"), _y("22:56")),
    "comma": (_t("08:20"), _t("09:56")),
    "gap": (_t("07:30"), _t("09:05")),
    "search": (_t("07:41"), REFERENCE),
    "fanout": (_t("08:32"), _t("10:15")),
    "plus": (_t("09:35"), _t("10:13")),
    "dpi": (_t("06:30"), _t("09:13")),
    "swap": (_y("14:35"), _y("17:36")),
    "license": (_t("08:05"), _t("09:48")),
    "lockout": (_t("06:04"), _t("08:27")),
}


def _inside(window: str, t: dt.datetime) -> bool:
    a, b = WINDOWS[window]
    return a <= t < b


def _lab_day(t: dt.datetime) -> bool:
    clock = t.timetz().replace(tzinfo=None)
    return dt.time(7, 0) <= clock < dt.time(21, 0)


# --- Business vocabulary ---------------------------------------------------------------------------------------------------
Line = tuple[str, str, dict[str, Any]]


def _din(w: WorldBuilder) -> str:
    return f"W3216 27 {w.rng.randint(100000, 999999)}"


def _order_id(w: WorldBuilder) -> str:
    return f"H0614-{w.rng.randint(100, 999)}"


def _dispatch_id(w: WorldBuilder) -> str:
    return f"D{w.rng.randint(10**6, 10**7 - 1)}"


def _pod(w: WorldBuilder, service: str, t: dt.datetime) -> str:
    pods = ROLLOUTS[service][0][1]
    for moment, step in ROLLOUTS[service]:
        if moment <= t:
            pods = step
    if service == "bx-dispatch":
        pods = tuple(p for p in pods if p not in ON_BAD_NODE)  # the pods on node-07 write their own lines
    return w.rng.choice(pods)


# --- Noise: every service's ordinary day -------------------------------------------------------------------------------
def _donor(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "bx-donor", t)
    roll = w.rng.random()
    if roll < 0.5:
        return "INFO", (f"donor lookup D{w.rng.randint(10**7, 10**8 - 1)} at {w.rng.choice(SITES)}: eligible, last donation "
                        f"{w.rng.randint(190, 900)} days ago took={w.ms(15, 60)}ms"), {"instance": pod}
    if roll < 0.8:
        return "INFO", f"donor registered D{w.rng.randint(10**7, 10**8 - 1)} (first-time, {w.rng.choice(SITES)})", {"instance": pod}
    if roll < 0.97:
        return "WARN", (f"donor D{w.rng.randint(10**7, 10**8 - 1)}: interval not reached (last whole blood "
                        f"{w.rng.randint(40, 170)} days ago), deferred"), {"instance": pod}
    return "WARN", "real-name check slow: 公安 interface took 2.4s, cached result used", {"instance": pod}


def _booking(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "bx-booking", t)
    roll = w.rng.random()
    if roll < 0.5:
        return "INFO", SLOTS_OLD.format(ms=w.ms(20, 80)), {"instance": pod, "log_type": "access"}
    if roll < 0.8 and not _inside("fanout", t):
        return "INFO", (f"POST /api/v1/appointments 200 site S{w.rng.randint(1, 86):02d} openid o{w.hex(10)} "
                        f"took={w.ms(40, 160)}ms"), {"instance": pod, "log_type": "access"}
    if roll < 0.97:
        return "INFO", f"booking-db pool: active {w.rng.randint(4, 22)}/80, waiting 0", {"instance": pod}
    return "WARN", f"appointment o{w.hex(10)} cancelled by donor less than 1 h before slot", {"instance": pod}


def _bus_sync(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "bx-bus-sync", t)
    clock = t.timetz().replace(tzinfo=None)
    blocked = _y("11:05") <= t < _y("22:40")
    on_duty = (t.date() == EVE and dt.time(8, 0) <= clock < dt.time(17, 0)) or (t.date() == DAY and clock >= dt.time(7, 40))
    if on_duty and not blocked and w.rng.random() < 0.7:
        bus = w.rng.choice(BUSES)
        return "INFO", BUS_UPLOAD.format(dev=f"{bus}-T{w.rng.randint(1, 2)}", bus=bus, n=w.rng.randint(2, 14), din=_din(w)), {
            "instance": pod}
    uploads = 0 if (blocked or not on_duty) else w.rng.randint(20, 60)
    return "INFO", BUS_SUMMARY.format(u=uploads, t=9 if t.date() == EVE else 29), {"instance": pod}


def _lis(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "bx-lis", t)
    roll = w.rng.random()
    if roll < 0.35:
        return "INFO", LIS_RECEIVED.format(din=_din(w), site=w.rng.choice(SITES), pool=f"NP{w.rng.randint(1000, 9999)}"), {
            "instance": pod}
    if roll < 0.7:
        inst = "ELISA-01" if _t("07:30") <= t < _t("09:58") or w.rng.random() < 0.5 else "ELISA-02"
        val = w.rng.uniform(0.05, 0.6)
        return "INFO", ELISA_OK.format(inst=inst, plate=f"P{t:%m%d}-0{w.rng.randint(1, 3)}", well=_well(w), din=_din(w),
                                       marker=w.rng.choice(MARKERS), sco=f"{val:.2f}", val=f"{val:.2f}"), {
            "instance": f"{inst}-WS", "trace": False}
    if roll < 0.9:
        return "INFO", f"NAT pool NP{w.rng.randint(1000, 9999)} (6 samples) HBV/HCV/HIV non-reactive, members released", {
            "instance": pod}
    return "WARN", f"specimen {_din(w)}: hemolysed, recollection requested", {"instance": pod}


def _well(w: WorldBuilder) -> str:
    return f"{w.rng.choice('ABCDEFGH')}{w.rng.randint(1, 12)}"


def _component(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "bx-component", t)
    roll = w.rng.random()
    if roll < 0.4 and not _inside("lockout", t):
        return "INFO", RELEASE_OK.format(din=_din(w), p=w.rng.choice(PRODUCTS)), {"instance": pod}
    if roll < 0.8:
        return "INFO", (f"centrifuge CF-0{w.rng.randint(1, 4)} run done: {w.rng.randint(8, 12)} bags, program P3 "
                        f"({w.rng.randint(3800, 4200)} g, 10 min)"), {"instance": pod}
    return "INFO", f"component registered DIN {_din(w)}: {w.rng.choice(PRODUCTS)} {w.rng.randint(180, 290)} ml", {"instance": pod}


def _label(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "bx-label", t)
    st = w.rng.choice(("LBL-01", "LBL-02"))
    din = _din(w)
    if w.rng.random() < 0.5:
        return "INFO", LABEL_JOB.format(din=din, p=w.rng.choice(PRODUCTS), g=w.rng.choice(GROUPS_POS), st=st), {"instance": pod}
    return "INFO", LABEL_VERIFY_OK.format(din=din, st=st), {"instance": st, "trace": False}


A_OTHER = {"RBC-A-01": (2, 6), "RBC-A-03": (2, 6), "FFP-A-01": (-40, -18), "FFP-A-02": (-40, -18), "PLT-A-01": (20, 24),
           "RBC-C-01": (2, 6), "FFP-C-01": (-40, -18)}


def _coldchain(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "bx-coldchain", t)
    roll = w.rng.random()
    if roll < 0.75:
        calibrating = _y("13:30") <= t < _y("14:36")
        fridge = w.rng.choice([f for f in A_OTHER if not (calibrating and f[4] == "A" and f != "PLT-A-01")])
        lo, hi = A_OTHER[fridge]
        mid = {2: 4.0, -40: -28.0, 20: 22.0}[lo]
        return "INFO", READING.format(f=fridge, p=f"P-{2000 + sum(map(ord, fridge)) % 900}", c=w.jitter(mid, 0.8), lo=lo, hi=hi), {
            "instance": pod}
    if roll < 0.95:
        gw = w.rng.choice(("GW-A1", "GW-A2", "GW-C1"))
        return "INFO", f"gateway {gw} heartbeat: {w.rng.randint(8, 14)} probes, rssi -{w.rng.randint(55, 72)} dBm", {"instance": pod}
    return "WARN", f"PLT-A-01 door opened {w.rng.randint(40, 110)}s (stocking), temperature within range", {"instance": pod}


def _inventory(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "bx-inventory", t)
    roll = w.rng.random()
    if roll < 0.4:
        return "INFO", (f"units received into storage: {w.rng.randint(4, 40)} x {w.rng.choice(PRODUCTS)} from component"), {
            "instance": pod}
    if roll < 0.75 and not _inside("plus", t):
        p = w.rng.choice(PRODUCTS)
        return "INFO", STOCK_OK.format(p=p, g=w.rng.choice(GROUPS_POS), n=w.rng.randint(60, 420)), {"instance": pod}
    if roll < 0.95:
        return "INFO", f"expiry check: {w.rng.randint(0, 6)} units 单采血小板 expire within 24 h", {"instance": pod}
    return "WARN", f"unit {_din(w)} returned by hospital (未开封, cold box logger OK), re-inspection queued", {"instance": pod}


def _order(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "bx-order", t)
    roll = w.rng.random()
    p = w.rng.choice(("单采血小板", "新鲜冰冻血浆", "冷沉淀")) if (_inside("gap", t) or _inside("plus", t)) else w.rng.choice(PRODUCTS)
    if roll < 0.7:
        return "INFO", ORDER_OK.format(o=_order_id(w), h=w.rng.choice(HOSPITALS), p=p, g=w.rng.choice(("A-", "O-", "B-", "AB-"))
                                       if _inside("plus", t) else w.rng.choice(GROUPS_POS), q=w.rng.randint(1, 12),
                                       d=_dispatch_id(w)), {"instance": pod}
    if roll < 0.95:
        return "INFO", f"GET /portal/api/stock/summary 200 hospital {w.rng.choice(HOSPITALS)} took={w.ms(30, 120)}ms", {
            "instance": pod, "log_type": "access"}
    return "WARN", f"order {_order_id(w)}: hospital cancelled before allocation (手术取消)", {"instance": pod}


def _dispatch(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "bx-dispatch", t)
    if w.rng.random() < 0.6:
        return "INFO", COURIER_OK.format(c=f"SD{w.rng.randint(10**9, 10**10 - 1)}", d=_dispatch_id(w), h=w.rng.choice(HOSPITALS),
                                         m=w.rng.randint(12, 45), ms=w.ms(80, 300)), {"instance": pod}
    if w.rng.random() < 0.9:
        return "INFO", f"delivery {_dispatch_id(w)} signed by {w.rng.choice(HOSPITALS)} 输血科, cold box logger 4.{w.rng.randint(0, 9)}°C", {
            "instance": pod}
    return "WARN", f"courier callback for SD{w.rng.randint(10**9, 10**10 - 1)} arrived twice, ignored", {"instance": pod}


def _sms(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "bx-sms", t)
    roll = w.rng.random()
    if roll < 0.75:
        return "INFO", f"reminder batch sent: {w.rng.randint(20, 400)} 预约提醒/可再次献血提醒, carrier receipts {w.rng.randint(95, 100)}%", {
            "instance": pod}
    if roll < 0.95:
        return "INFO", f"test result notices sent: {w.rng.randint(10, 200)}", {"instance": pod}
    return "WARN", f"sms to 1{w.rng.randint(30, 99)}****{w.rng.randint(1000, 9999)}: carrier receipt delayed, kept", {"instance": pod}


def _honor(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "bx-honor", t)
    roll = w.rng.random()
    if roll < 0.75:
        return "INFO", f"points credited: donor D{w.rng.randint(10**7, 10**8 - 1)} +{w.rng.choice((200, 300, 400))} took={w.ms(10, 40)}ms", {
            "instance": pod}
    if roll < 0.95:
        return "INFO", f"GET /api/v1/honor/certificate 200 took={w.ms(60, 240)}ms", {"instance": pod, "log_type": "access"}
    return "WARN", "certificate render: donor photo missing, default avatar used", {"instance": pod}


def _mdm(w: WorldBuilder, t: dt.datetime) -> Line:
    return "INFO", f"device check-in: {w.rng.randint(30, 50)} devices online, compliance 100%", {"instance": "mdm-console",
                                                                                                   "trace": False}


def _vpn(w: WorldBuilder, t: dt.datetime) -> Line:
    clock = t.timetz().replace(tzinfo=None)
    busy = (t.date() == EVE and dt.time(8, 0) <= clock < dt.time(17, 30)) or (t.date() == DAY and clock >= dt.time(7, 30))
    n = w.rng.randint(20, 34) if busy else w.rng.randint(2, 8)
    if t.date() == DAY and dt.time(8, 0) <= clock < dt.time(9, 46):
        n = 50
    return "INFO", VPN_LICENSE.format(n=n), {"instance": "sslvpn-01", "trace": False}


def _report(w: WorldBuilder, t: dt.datetime) -> Line:
    return "INFO", f"ETL dw_daily_collect: {w.rng.randint(200, 3000)} rows loaded", {"instance": "bx-report-01", "trace": False}


def _ad(w: WorldBuilder, t: dt.datetime) -> Line:
    return "INFO", f"replication dc01 <-> dc02 ok, {w.rng.randint(0, 40)} changes", {"instance": w.rng.choice(("dc01", "dc02")),
                                                                                    "trace": False}


def _node(w: WorldBuilder, t: dt.datetime) -> Line:
    node = w.rng.choice(GENERAL_NODES)
    if w.rng.random() < 0.6:
        return "INFO", f"kubelet: image garbage collection: usage {w.rng.randint(20, 60)}% below threshold 80%", {
            "instance": node, "trace": False}
    return "INFO", f"chronyd: selected source ntp.chixin.local, offset {w.rng.uniform(-0.4, 0.4):.3f}ms", {
        "instance": node, "trace": False}


NOISE = {
    "bx-donor": (_donor, 60), "bx-booking": (_booking, 30), "bx-bus-sync": (_bus_sync, 120), "bx-lis": (_lis, 45),
    "bx-component": (_component, 90), "bx-label": (_label, 90), "bx-coldchain": (_coldchain, 60),
    "bx-inventory": (_inventory, 60), "bx-order": (_order, 60), "bx-dispatch": (_dispatch, 60), "bx-sms": (_sms, 150),
    "bx-honor": (_honor, 150), "bx-mdm": (_mdm, 900), "bx-vpn": (_vpn, 600), "bx-report": (_report, 1800),
    "bx-ad": (_ad, 1200), "bx-k8s-node": (_node, 600),
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


# --- Incident 1: the kiosk policy without the sync companion --------------------------------------------------------------
def kiosk_policy(w: WorldBuilder) -> None:
    mdm, sync, lis = "bx-mdm", "bx-bus-sync", "bx-lis"
    w.log(_y("11:05:12.118"), mdm, "INFO", MDM_V12, instance="mdm-console", trace=False, change="ops")
    for index, bus in enumerate(BUSES):
        for k in (1, 2):
            w.log(_y("11:06:00") + dt.timedelta(seconds=37 * index + 11 * k, milliseconds=w.rng.randint(0, 999)), mdm, "INFO",
                  MDM_APPLIED.format(dev=f"{bus}-T{k}"), instance="mdm-console", trace=False)
    w.log(_y("18:30:10.204"), lis, "INFO", LIS_PRINTER, instance=ROLLOUTS[lis][0][1][0], change="config")
    for moment in _every(w, _y("19:35"), _y("22:40"), 6, 14):
        w.log(moment, lis, "WARN", LIS_NO_RECORD.format(din=_din(w), bus=w.rng.choice(BUSES)), instance=_pod(w, lis, moment))
    _ops(w, _y("21:30:10.330"), lis, LIS_NIGHT_NOTE)
    w.log(_y("22:40:20.441"), mdm, "INFO", MDM_V13, instance="mdm-console", trace=False, change="ops")
    for index, bus in enumerate(BUSES):
        for k in (1, 2):
            w.log(_y("22:42:00") + dt.timedelta(seconds=41 * index + 13 * k, milliseconds=w.rng.randint(0, 999)), sync, "INFO",
                  BUS_BACKLOG.format(dev=f"{bus}-T{k}", bus=bus, n=w.rng.randint(90, 140), m=w.rng.randint(5, 9)),
                  instance=_pod(w, sync, _y("22:42")))
    w.log(_y("22:55:10.551"), lis, "INFO", LIS_REMATCH, instance=ROLLOUTS[lis][0][1][1])
    w.alert("LisSpecimenUnmatched", lis, "warning", _y("19:50"), _y("23:05"), NIGHT_ALERT,
            "标本接收无献血记录 86 管/15分钟，超过阈值 20", namespace=NS)


# --- Incident 2: ELISA-02's decimal comma -------------------------------------------------------------------------------
def elisa_comma(w: WorldBuilder) -> None:
    lis = "bx-lis"
    w.log(_t("07:30:40.118"), lis, "INFO", ELISA_REIMAGE, instance="ELISA-02-WS", trace=False)
    w.log(_t("08:00:10.204"), lis, "INFO", LIS_BATCH, instance=ROLLOUTS[lis][0][1][2], change="config")
    plates = [f"P0614-0{n}" for n in range(4, 10)]
    for moment in _every(w, "08:20", "09:52", 8, 20):
        plate = plates[min(5, int((moment - _t("08:20")).total_seconds() // 920))]
        val = w.rng.uniform(0.05, 0.6)
        sco = f"{val:.2f}".replace(".", ",")
        din = _din(w)
        marker = w.rng.choice(MARKERS)
        if w.rng.random() < 0.82:
            w.log(moment, lis, "WARN", ELISA_BAD.format(plate=plate, well=_well(w), din=din, marker=marker, sco=sco,
                                                         val=f"{int(sco.replace(',', '')):.2f}"),
                  instance="ELISA-02-WS", trace=False)
            repeat = moment + dt.timedelta(minutes=w.rng.randint(25, 50))
            if w.rng.random() < 0.3 and repeat < REFERENCE:
                w.log(repeat, lis, "INFO",
                      ELISA_REPEAT.format(din=din, marker=marker, a=f"{val:.2f}", b=f"{w.jitter(val, 0.03):.2f}"),
                      instance="ELISA-01-WS", trace=False)
        else:
            w.log(moment, lis, "INFO", f"ELISA-02 plate {plate} well {_well(w)} DIN {din} {marker} S/CO 0,00 -> 0.00 "
                  "NONREACTIVE (cutoff 1.00)", instance="ELISA-02-WS", trace=False)
    _ops(w, "09:20:10.330", lis, ELISA_NOTE)
    _ops(w, "09:55:10.441", lis, ELISA_FIX)
    w.log(_t("09:58:20.551"), lis, "INFO", ELISA_REIMPORT, instance=ROLLOUTS[lis][0][1][0])
    w.alert("LisElisaReactiveHigh", lis, "critical", _t("08:34"), _t("10:05"), REACTIVE_ALERT,
            "ELISA 反应性比例 5.2%，超过阈值 3%", namespace=NS)


# --- Incident 3: the gateways' ring buffer -----------------------------------------------------------------------------
def gateway_gap(w: WorldBuilder) -> None:
    cc, inv, order = "bx-coldchain", "bx-inventory", "bx-order"
    pods = ROLLOUTS[cc][0][1]
    for moment in _every(w, START + dt.timedelta(minutes=2), REFERENCE, 880, 920):
        if _t("00:30") <= moment < _t("04:32"):
            continue
        for index, fridge in enumerate(B_FRIDGES[:3]):
            w.log(moment + dt.timedelta(seconds=index), cc, "INFO",
                  READING.format(f=fridge, p=f"P-41{index + 1:02d}", c=w.jitter(3.8, 0.7), lo=2, hi=6),
                  instance=w.rng.choice(pods))
    _ops(w, "00:28:10.118", cc, UPS_NOTICE)
    for index, gw in enumerate(("GW-B1", "GW-B2", "GW-B3")):
        probes = ", ".join(B_FRIDGES[3 * index:3 * index + 3])
        w.log(_t("00:31:00") + dt.timedelta(seconds=5 * index), cc, "WARN", GW_OFFLINE.format(gw=gw, s=10 + index, probes=probes),
              instance=pods[0], trace=False)
        w.log(_t("04:32:10") + dt.timedelta(seconds=7 * index), cc, "INFO", GW_BACK.format(gw=gw), instance=gw, trace=False)
    w.log(_t("07:00:10.204"), inv, "INFO", INV_DEPLOY, instance=ROLLOUTS[inv][1][1][0], change="deploy")
    _rolled(w, inv, 1, "InventoryApplication 6.3.2 started in {s} seconds")
    for index, (fridge, n) in enumerate(zip(B_FRIDGES, B_UNITS, strict=True)):
        w.log(_t("07:30:20") + dt.timedelta(seconds=2 * index), cc, "WARN", REVIEW.format(f=fridge, n=n), instance=pods[1],
              trace=False, job="gmp-review")
    w.log(_t("07:30:50.330"), inv, "WARN", INV_QUARANTINE, instance=ROLLOUTS[inv][1][1][1])
    for moment in _every(w, "07:35", "09:04", 90, 240):
        q = w.rng.randint(6, 20)
        w.log(moment, order, "WARN", ORDER_PARTIAL.format(o=_order_id(w), h=w.rng.choice(HOSPITALS), g=w.rng.choice(GROUPS_POS),
                                                          q=q, a=w.rng.randint(1, q // 2)), instance=_pod(w, order, moment))
    _ops(w, "09:05:10.441", inv, QA_RELEASE)
    w.log(_t("09:30:10.551"), cc, "INFO", GW_BUFFER, instance=pods[0], change="config")
    w.alert("InventoryQuarantineSpike", inv, "warning", _t("07:35"), _t("09:10"), QUARANTINE_ALERT,
            "隔离血液 1486 袋，超过阈值 200", namespace=NS)


# --- Incident 4: node-07's search domain ----------------------------------------------------------------------------------
def node_search_domain(w: WorldBuilder) -> None:
    dsp, node = "bx-dispatch", "bx-k8s-node"
    w.log(_y("15:40:10.118"), node, "INFO", NODE_DRAIN, instance=BAD_NODE, trace=False)
    w.log(_t("03:02:40.204"), node, "INFO", NODE_DHCP, instance=BAD_NODE, trace=False)
    w.log(_t("03:05:10.330"), node, "INFO", NODE_BACK, instance=BAD_NODE, trace=False)
    w.log(_t("03:05:12.441"), node, "INFO", NODE_RESOLV, instance=BAD_NODE, trace=False)
    w.log(_t("07:20:10.551"), dsp, "INFO", DISPATCH_ROUND, instance=DISPATCH_BASE[0], change="config")
    _ops(w, "07:40:05.118", dsp, HPA_SCALE)
    _rolled(w, dsp, 1, "DispatchApplication 3.4.0 started in {s} seconds")
    for moment in _every(w, "07:42", REFERENCE - dt.timedelta(seconds=1), 25, 70):
        pod = w.rng.choice(ON_BAD_NODE)
        d = _dispatch_id(w)
        h = w.rng.choice(HOSPITALS)
        w.log(moment, dsp, "ERROR", COURIER_X509, instance=pod)
        w.log(moment + dt.timedelta(milliseconds=w.rng.randint(20, 90)), dsp, "WARN",
              COURIER_RETRY.format(d=d, h=h, r=w.rng.randint(1, 3)), instance=pod)
    _ops(w, "08:50:20.204", dsp, DISPATCH_NOTE)
    w.alert("DispatchCourierCreateFailed", dsp, "critical", _t("07:55"), None, FAIL_ALERT,
            "骑手下单失败率 12.5%，超过阈值 5%", namespace=NS)


# --- Incident 5: the mini-program's per-site slot requests ------------------------------------------------------------------
def slot_fanout(w: WorldBuilder) -> None:
    bk = "bx-booking"
    w.log(_t("08:30:10.118"), bk, "INFO", MP_RELEASE, instance="wx-console", trace=False, change="deploy")
    for moment in _every(w, "08:31", "10:05", 2, 6):
        pod = _pod(w, bk, moment)
        w.log(moment, bk, "INFO", SLOTS_NEW.format(sid=f"S{w.rng.randint(1, 86):02d}", ms=w.ms(300, 4800)), instance=pod,
              log_type="access")
    for moment in _every(w, "08:38", "10:14", 30, 90):
        w.log(moment, bk, "WARN", DB_POOL.format(w=w.rng.randint(60, 380), s=w.rng.uniform(2.2, 4.9)),
              instance=_pod(w, bk, moment))
    for moment in _every(w, "08:40", "10:14", 20, 60):
        w.log(moment, bk, "ERROR", APPT_TIMEOUT.format(sid=f"S{w.rng.randint(1, 86):02d}", oid=w.hex(10)),
              instance=_pod(w, bk, moment), log_type="access")
    _ops(w, "09:00:05.204", bk, CAMPAIGN)
    _ops(w, "09:40:10.330", bk, BOOKING_NOTE)
    w.log(_t("10:05:10.441"), bk, "INFO", BOOK_LIMIT, instance=ROLLOUTS[bk][0][1][0], change="config")
    _ops(w, "10:08:20.551", bk, MP_461)
    w.alert("BookingLatencyHigh", bk, "warning", _t("08:41"), _t("10:20"), "2.3s",
            "预约接口 P99 2.3 秒，超过阈值 2 秒", namespace=NS)


# --- Incident 6: the plus sign of O+ ---------------------------------------------------------------------------------------
def plus_sign(w: WorldBuilder) -> None:
    order, inv = "bx-order", "bx-inventory"
    w.log(_t("09:20:10.118"), inv, "INFO", INV_CACHE, instance=ROLLOUTS[inv][1][1][0], change="config")
    w.log(_t("09:35:10.204"), order, "INFO", ORDER_DEPLOY, instance=ROLLOUTS[order][1][1][0], change="deploy")
    _rolled(w, order, 1, "OrderApplication 5.2.0 started in {s} seconds")
    for moment in _every(w, "09:36:30", "10:12", 25, 60):
        g = w.rng.choice(("A", "B", "O", "AB"))
        p = w.rng.choice(("去白悬浮红细胞", "单采血小板"))
        w.log(moment, inv, "WARN", STOCK_BAD.format(p=p, g=g), instance=_pod(w, inv, moment))
        w.log(moment + dt.timedelta(milliseconds=w.rng.randint(30, 120)), order, "WARN",
              ORDER_REFUSED.format(o=_order_id(w), h=w.rng.choice(HOSPITALS), p=p, g=f"{g}+", q=w.rng.randint(2, 12)),
              instance=_pod(w, order, moment))
        if w.rng.random() < 0.35:
            g2 = w.rng.choice(("A-", "O-", "B-"))
            w.log(moment + dt.timedelta(seconds=w.rng.randint(5, 20)), inv, "INFO",
                  STOCK_OK.format(p=p, g=g2, n=w.rng.randint(8, 40)), instance=_pod(w, inv, moment))
    _ops(w, "10:02:10.330", order, ORDER_NOTE)
    w.log(_t("10:12:10.441"), order, "INFO", ORDER_ROLLBACK, instance=ROLLOUTS[order][2][1][0], change="deploy")
    _rolled(w, order, 2, "OrderApplication 5.1.4 started in {s} seconds")
    w.alert("OrderStockCheckFailed", order, "warning", _t("09:42"), _t("10:20"), "38 次/10分钟",
            "订单库存校验失败 38 次/10分钟，超过阈值 10", namespace=NS)


# --- Incident 7: LBL-03's 300 dpi printer ------------------------------------------------------------------------------------
def printer_dpi(w: WorldBuilder) -> None:
    lbl = "bx-label"
    w.log(_y("17:20:30.118"), lbl, "INFO", PRINTER_SWAP, instance="LBL-03", trace=False)
    w.log(_t("05:50:10.204"), lbl, "INFO", LABEL_DEPLOY, instance=ROLLOUTS[lbl][1][1][0], change="deploy")
    _rolled(w, lbl, 1, "LabelApplication 2.8.1 started in {s} seconds")
    for moment in _every(w, "06:32", "09:12", 30, 80):
        din = _din(w)
        w.log(moment, lbl, "INFO", LABEL_JOB.format(din=din, p=w.rng.choice(PRODUCTS), g=w.rng.choice(GROUPS_POS), st="LBL-03"),
              instance=_pod(w, lbl, moment))
        w.log(moment + dt.timedelta(seconds=w.rng.randint(20, 50)), lbl, "WARN", LABEL_NOREAD.format(din=din), instance="LBL-03",
              trace=False)
    _ops(w, "08:15:10.330", lbl, LABEL_NOTE)
    w.log(_t("09:12:10.441"), lbl, "INFO", LABEL_SCALE, instance=ROLLOUTS[lbl][1][1][1], change="config")
    for moment in _every(w, "09:14", REFERENCE - dt.timedelta(minutes=1), 60, 150):
        din = _din(w)
        w.log(moment, lbl, "INFO", LABEL_JOB.format(din=din, p=w.rng.choice(PRODUCTS), g=w.rng.choice(GROUPS_POS), st="LBL-03"),
              instance=_pod(w, lbl, moment))
        w.log(moment + dt.timedelta(seconds=w.rng.randint(20, 50)), lbl, "INFO", LABEL_VERIFY_OK.format(din=din, st="LBL-03"),
              instance="LBL-03", trace=False)
    w.alert("LabelVerifyFailHigh", lbl, "warning", _t("06:50"), _t("09:20"), "18 次/10分钟",
            "贴签核对扫码失败 18 次/10分钟，超过阈值 10", namespace=NS)


# --- Incident 8: the swapped probes ------------------------------------------------------------------------------------
def probe_swap(w: WorldBuilder) -> None:
    cc, inv = "bx-coldchain", "bx-inventory"
    pods = ROLLOUTS[cc][0][1]
    w.log(_y("13:30:10.118"), cc, "INFO", CALIBRATION, instance="ops-console", trace=False, change="ops")
    w.log(_y("14:00:10.204"), cc, "INFO", ALARM_REPEAT, instance=pods[0], change="config")
    w.log(_y("14:35:20.330"), cc, "INFO", PROBE_BACK.format(p="P-3318", f="FFP-A-05"), instance="GW-A2", trace=False)
    w.log(_y("14:35:50.441"), cc, "INFO", PROBE_BACK.format(p="P-3322", f="RBC-A-02"), instance="GW-A1", trace=False)
    for moment in _every(w, START + dt.timedelta(minutes=4), REFERENCE, 580, 620):
        if _y("13:30") <= moment < _y("14:36"):
            continue
        swapped = _y("14:36") <= moment < _y("17:35:30")
        for fridge, lo, hi in (("FFP-A-05", -40, -18), ("RBC-A-02", 2, 6)):
            if swapped:
                probe = "P-3318" if fridge == "FFP-A-05" else "P-3322"
                celsius = w.jitter(3.9, 0.2) if fridge == "FFP-A-05" else w.jitter(-27.6, 0.3)
            else:
                probe = "P-3322" if fridge == "FFP-A-05" else "P-3318"
                celsius = w.jitter(-28.2, 0.6) if fridge == "FFP-A-05" else w.jitter(4.0, 0.5)
            level = "WARN" if swapped else "INFO"
            w.log(moment + dt.timedelta(seconds=2 if fridge == "RBC-A-02" else 0), cc, level,
                  READING.format(f=fridge, p=probe, c=celsius, lo=lo, hi=hi), instance=w.rng.choice(pods))
    w.log(_y("14:50:10.551"), inv, "WARN", INV_FFP_Q, instance=ROLLOUTS[inv][0][1][0])
    w.log(_y("14:50:12.118"), inv, "WARN", INV_RBC_Q, instance=ROLLOUTS[inv][0][1][0])
    _ops(w, _y("17:25:10.204"), cc, SWAP_NOTE)
    w.log(_y("17:35:10.330"), cc, "INFO", SWAP_FIX, instance=pods[1], change="config")
    w.log(_y("17:40:10.441"), inv, "INFO", INV_SWAP_RELEASE, instance=ROLLOUTS[inv][0][1][1])
    w.alert("ColdChainTempHigh", cc, "critical", _y("14:42"), _y("17:40"), "3.9°C",
            "FFP-A-05 温度 3.9°C，高于上限 -18°C", namespace=NS, fridge="FFP-A-05")
    w.alert("ColdChainTempLow", cc, "critical", _y("14:42"), _y("17:40"), "-27.6°C",
            "RBC-A-02 温度 -27.6°C，低于下限 2°C", namespace=NS, fridge="RBC-A-02")


# --- Incident 9: the VPN's concurrent users ------------------------------------------------------------------------------
def vpn_license(w: WorldBuilder) -> None:
    vpn, sync = "bx-vpn", "bx-bus-sync"
    w.log(_y("16:10:10.118"), vpn, "INFO", VPN_ACCOUNTS, instance="sslvpn-01", trace=False, change="ops")
    w.log(_t("07:50:10.204"), sync, "INFO", BUS_BATCH, instance=ROLLOUTS[sync][0][1][0], change="config")
    for moment in _every(w, "08:05", "09:45", 40, 120):
        w.log(moment, vpn, "WARN", VPN_REJECT.format(u=w.rng.choice(LATE_TABLETS)), instance="sslvpn-01", trace=False)
    for moment in _every(w, "08:20", "09:46", 600, 900):
        for index, dev in enumerate(LATE_TABLETS):
            w.log(moment + dt.timedelta(seconds=index), sync, "WARN", BUS_NEVER.format(dev=dev, site=STREET[index]),
                  instance=_pod(w, sync, moment))
    w.log(_t("09:45:10.330"), vpn, "INFO", VPN_TEMP, instance="sslvpn-01", trace=False, change="ops")
    for index, dev in enumerate(LATE_TABLETS):
        w.log(_t("09:47:00") + dt.timedelta(seconds=9 * index), sync, "INFO",
              BUS_UPLOAD.format(dev=dev, bus=STREET[index], n=w.rng.randint(20, 60), din=_din(w)), instance=_pod(w, sync, REFERENCE))
    w.alert("BusSyncTabletsOffline", sync, "warning", _t("08:20"), _t("09:55"), "8 台",
            "街头点平板 8 台未连接，超过阈值 2", namespace=NS)


# --- Incident 10: the locked service account -----------------------------------------------------------------------------
def account_lockout(w: WorldBuilder) -> None:
    comp, report, ad = "bx-component", "bx-report", "bx-ad"
    w.log(_t("05:40:10.118"), comp, "INFO", COMP_POLL, instance=ROLLOUTS[comp][0][1][0], change="config")
    _ops(w, "06:00:10.204", ad, PWD_ROTATE)
    for moment in _every(w, "06:01", "08:25", 55, 65):
        w.log(moment, report, "ERROR", REPORT_BIND, instance="bx-report-01", trace=False)
    for clock in ("06:04:12.330", "06:34:20.441", "07:04:18.551", "07:34:22.118", "08:04:15.204"):
        w.log(_t(clock), ad, "WARN", AD_LOCK, instance="dc01", trace=False)
    for moment in _every(w, "06:05", "08:27", 20, 55):
        w.log(moment, comp, "ERROR", RELEASE_FAIL.format(din=_din(w)), instance=_pod(w, comp, moment))
    _ops(w, "07:10:10.330", comp, COMP_NOTE)
    _ops(w, "08:25:10.441", report, REPORT_FIX)
    w.log(_t("08:28:30.551"), comp, "INFO", f"LIS release check resumed: {BACKLOG_PEAK - 12} pending components released",
          instance=ROLLOUTS[comp][0][1][1])
    w.alert("ComponentReleaseBacklog", comp, "warning", _t("06:40"), _t("08:35"), "150 袋",
            "待放行成分 150 袋，超过阈值 100", namespace=NS)


# --- Unrelated: a disk's pending sectors; the healthy services' changes ---------------------------------------------------
def other_events(w: WorldBuilder) -> None:
    for moment in _every(w, "05:12", REFERENCE, 1500, 2400):
        w.log(moment, "bx-k8s-node", "WARN", SMART_LINE, instance=DISK_NODE, trace=False)
    w.alert("NodeDiskSmartPending", "bx-k8s-node", "warning", _t("05:20"), None, "4 sectors",
            f"{DISK_NODE} /dev/sdb 待映射扇区 4，硬件工单 HW-0614-02", instance=DISK_NODE)
    w.alert("HostCpuHigh", "bx-k8s-node", "warning", _t("01:35"), _t("02:05"), "87%",
            "bx-k8s-node-03 CPU 87%（夜间库存快照导出）", instance="bx-k8s-node-03")
    w.log(_t("08:10:10.118"), "bx-sms", "INFO", SMS_WINDOW, instance=ROLLOUTS["bx-sms"][0][1][0], change="config")
    w.log(_t("09:10:10.204"), "bx-honor", "INFO", HONOR_DEPLOY, instance=ROLLOUTS["bx-honor"][1][1][0], change="deploy")
    _rolled(w, "bx-honor", 1, "HonorApplication 1.9.0 started in {s} seconds")


# --- Kubernetes state at 10:30 ----------------------------------------------------------------------------------------------------
STEADY = (
    ("bx-donor", 57, "2027-06-02T22:10:00+08:00", "release bx-donor 3.12.0", "3.12.0"),
    ("bx-booking", 88, "2027-06-09T22:10:00+08:00", "release bx-booking 2.9.4", "2.9.4"),
    ("bx-bus-sync", 21, "2027-05-26T22:10:00+08:00", "release bx-bus-sync 2.1.7", "2.1.7"),
    ("bx-lis", 64, "2027-06-01T22:10:00+08:00", "release bx-lis 5.4.2", "5.4.2"),
    ("bx-component", 33, "2027-05-19T22:10:00+08:00", "release bx-component 4.0.3", "4.0.3"),
    ("bx-label", 40, "2027-06-14T05:50:10+08:00", "release bx-label 2.8.1 (pipeline #5507)", "2.8.1"),
    ("bx-coldchain", 26, "2027-05-30T22:10:00+08:00", "release bx-coldchain 1.6.1", "1.6.1"),
    ("bx-inventory", 71, "2027-06-14T07:00:10+08:00", "release bx-inventory 6.3.2 (pipeline #5512)", "6.3.2"),
    ("bx-order", 53, "2027-06-14T10:12:10+08:00", "rollback to bx-order 5.1.4 (order_oncall_gaoming)", "5.1.4"),
    ("bx-sms", 18, "2027-05-21T22:10:00+08:00", "release bx-sms 1.5.2", "1.5.2"),
    ("bx-honor", 15, "2027-06-14T09:10:10+08:00", "release bx-honor 1.9.0 (pipeline #5525)", "1.9.0"),
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
    for pod in DISPATCH_ALL:
        w.pod(namespace=NS, name=pod, service="bx-dispatch", phase="Running", ready="1/1", restarts=0, last_termination=None,
              waiting_reason=None, node=node_of(pod), observed_at=REFERENCE)
    _deployment(w, "bx-dispatch", 46, "2027-06-07T22:10:00+08:00", "release bx-dispatch 3.4.0", "3.4.0", 5, DISPATCH_ALL)
    new_rs = ROLLOUTS["bx-order"][1][1][0].rsplit("-", 1)[0]
    old_rs = ORDER_OLD[0].rsplit("-", 1)[0]
    w.event(type="Normal", reason="ScalingReplicaSet", object="Deployment/bx-order",
            message=f"Scaled up replica set {new_rs} to 3", count=1, first_seen=_t("09:35:12"), last_seen=_t("09:35:12"))
    w.event(type="Normal", reason="ScalingReplicaSet", object="Deployment/bx-order",
            message=f"Scaled down replica set {old_rs} to 0 from 3", count=1, first_seen=_t("09:36:20"), last_seen=_t("09:36:20"))
    w.event(type="Normal", reason="ScalingReplicaSet", object="Deployment/bx-order",
            message=f"Scaled up replica set {old_rs} to 3", count=1, first_seen=_t("10:12:12"), last_seen=_t("10:12:12"))
    w.event(type="Normal", reason="DeploymentRollback", object="Deployment/bx-order",
            message="Rolled back deployment \"bx-order\" to revision 51", count=1, first_seen=_t("10:12:11"),
            last_seen=_t("10:12:11"))


# --- Metrics --------------------------------------------------------------------------------------------------------------------
RELEASE_SERIES: Keyframes = [(START, 20), (_t("06:04"), 22), (_t("06:40"), 150), (_t("07:30"), 430), (_t("08:00"), 560),
                             (_t("08:25"), 676), (_t("08:26"), BACKLOG_PEAK), (_t("08:29"), 40), (_t("09:00"), 26),
                             (REFERENCE, 25)]
REACTIVE_SERIES: Keyframes = [(START, 0.4), (_t("08:15"), 0.4), (_t("08:20"), 2.0), (_t("08:34"), 5.2), (_t("09:11"), 33.0),
                              (_t("09:12"), REACTIVE_PEAK), (_t("09:13"), 33.1), (_t("09:55"), 30.0), (_t("09:58"), 0.5),
                              (REFERENCE, 0.4)]
SLOTS_SERIES: Keyframes = [(START, 55), (_y("20:00"), 40), (_y("23:30"), 6), (_t("06:30"), 20), (_t("08:30"), 70),
                           (_t("08:35"), 900), (_t("09:00"), 2100), (_t("09:03"), 3050), (_t("09:04"), SLOTS_PEAK),
                           (_t("09:05"), 3020), (_t("09:30"), 2500), (_t("10:05"), 2300), (_t("10:08"), 400), (_t("10:15"), 120),
                           (REFERENCE, 110)]
FAIL_SERIES: Keyframes = [(START, 0.3), (_t("07:41"), 0.3), (_t("07:50"), 6.0), (_t("07:55"), 12.5), (_t("08:10"), 33.0),
                          (_t("08:25"), 40.2), (_t("08:26"), FAIL_PEAK), (_t("08:27"), 40.1), (_t("09:00"), 38.0),
                          (_t("10:00"), 37.0), (REFERENCE, 38.5)]


def build_metrics(w: WorldBuilder) -> None:
    at = w.at
    morning = [(at("05:30"), at("10:30"))]
    evening = [(_y("14:00"), _y("23:30"))]
    w.series("lis_specimen_unmatched_per_15m", "bx-lis", "管",
             [(START, 0), (_y("19:30"), 0), (_y("19:50"), 86), (_y("20:30"), 140), (_y("21:30"), 121), (_y("22:40"), 90),
              (_y("22:56"), 0), (REFERENCE, 0)], start=START, fine=evening, spread=3, digits=0, threshold=20)
    w.series("lis_elisa_reactive_percent", "bx-lis", "%", REACTIVE_SERIES, start=START, fine=morning, spread=0.6, digits=1,
             threshold=3)
    w.series("inventory_quarantined_units", "bx-inventory", "袋",
             [(START, 12), (_y("14:49"), 12), (_y("14:50"), 812), (_y("17:40"), 812), (_y("17:41"), 12), (at("07:30"), 12),
              (at("07:31"), 1498), (at("09:05"), 1498), (at("09:06"), 14), (REFERENCE, 14)],
             start=START, fine=[*evening, *morning], digits=0, threshold=200)
    w.series("inventory_available_units", "bx-inventory", "袋",
             [(START, 3420), (at("07:30"), 3350), (at("07:31"), 1864), (at("09:05"), 1790), (at("09:06"), 3270),
              (REFERENCE, 3240)], start=START, fine=morning, spread=10, digits=0, product="去白悬浮红细胞")
    w.series("coldchain_temperature_celsius", "bx-coldchain", "°C",
             [(START, -28.2), (_y("14:35"), -28.1), (_y("14:36"), 3.9), (_y("17:35"), 3.9), (_y("17:36"), -28.0),
              (REFERENCE, -28.2)], start=START, fine=evening, spread=0.2, digits=1, threshold=-18, fridge="FFP-A-05")
    w.series("dispatch_courier_create_fail_percent", "bx-dispatch", "%", FAIL_SERIES, start=START, fine=morning, spread=0.8,
             digits=1, threshold=5)
    w.series("booking_slot_requests_per_sec", "bx-booking", "次/秒", SLOTS_SERIES, start=START, fine=morning, spread=30,
             digits=0)
    w.series("booking_page_views_per_sec", "bx-booking", "次/秒",
             [(START, 14), (_y("23:30"), 2), (at("06:30"), 8), (at("08:30"), 18), (at("09:00"), 20), (at("09:05"), 36),
              (at("09:30"), 32), (REFERENCE, 27)], start=START, fine=morning, spread=2, digits=0)
    w.series("booking_p99_latency_ms", "bx-booking", "ms",
             [(START, 120), (at("08:32"), 200), (at("08:41"), 2300), (at("09:04"), 4800), (at("10:05"), 4200),
              (at("10:15"), 300), (REFERENCE, 180)], start=START, fine=morning, spread=40, digits=0, threshold=2000)
    w.series("order_stock_check_failures_per_10m", "bx-order", "次",
             [(START, 0), (at("09:35"), 0), (at("09:42"), 38), (at("10:00"), 52), (at("10:12"), 44), (at("10:14"), 0),
              (REFERENCE, 0)], start=START, fine=morning, spread=2, digits=0, threshold=10)
    w.series("label_verify_fail_per_10m", "bx-label", "次",
             [(START, 0), (at("06:30"), 0), (at("06:50"), 18), (at("07:40"), 24), (at("09:12"), 20), (at("09:15"), 0),
              (REFERENCE, 0)], start=START, fine=morning, spread=1.5, digits=0, threshold=10)
    w.series("bus_sync_tablets_offline", "bx-bus-sync", "台",
             [(START, 0), (at("08:04"), 0), (at("08:20"), 8), (at("09:46"), 8), (at("09:48"), 0), (REFERENCE, 0)],
             start=START, fine=morning, digits=0, threshold=2)
    w.series("vpn_concurrent_users", "bx-vpn", "个",
             [(START, 28), (_y("17:30"), 5), (at("07:30"), 12), (at("08:04"), 50), (at("09:45"), 50), (at("09:47"), 58),
              (REFERENCE, 57)], start=START, fine=morning, digits=0)
    w.series("component_pending_release", "bx-component", "袋", RELEASE_SERIES, start=START, fine=morning, spread=3, digits=0,
             threshold=100)
    w.series("node_disk_pending_sectors", "bx-k8s-node", "个",
             [(START, 0), (at("05:10"), 0), (at("05:20"), 4), (REFERENCE, 4)], start=START, digits=0, threshold=0,
             instance=DISK_NODE)
    for service, p99, threshold in (("bx-sms", 260, 1500), ("bx-honor", 180, 1000)):
        w.series("http_5xx_ratio", service, "%", [(START, 0.03), (at("09:00"), 0.28), (at("10:00"), 0.1), (REFERENCE, 0.05)],
                 start=START, spread=0.03, digits=2, threshold=2)
        w.series("http_p99_latency", service, "ms", [(START, p99 - 40), (at("09:10"), p99 + 220), (REFERENCE, p99)],
                 start=START, spread=15, digits=0, threshold=threshold)


# --- Runbooks --------------------------------------------------------------------------------------------------------------------
RUNBOOKS: list[tuple[str, str, str]] = [
    ("runbooks/lis/specimen-unmatched.md", "标本接收无献血记录处理手册", runbook(
        "标本接收无献血记录处理手册", "适用于 bx-lis 标本接收时按 DIN 查不到献血记录。",
        ["LisSpecimenUnmatched：标本接收无献血记录超过 20 管/15分钟"],
        ["按来源（献血屋、献血车、街头点）分组看无记录的标本。", "查 bx-bus-sync 各平板最后一次上传时间与上传量。",
         "查平板的设备策略、应用状态与网络接入。"],
        ["采血平板未上传献血记录（网络、应用、设备策略）。", "标本管贴错 DIN。"],
        ["恢复平板上传后重新匹配待核对标本。"])),
    ("runbooks/lis/elisa-reactive.md", "酶免反应性比例异常处理手册", runbook(
        "酶免反应性比例异常处理手册", "适用于 bx-lis ELISA 反应性比例突然升高。",
        ["LisElisaReactiveHigh：ELISA 反应性比例超过 3%"],
        ["按仪器、板号看反应性是否集中在某台仪器。", "对照仪器原始结果（OD、CO、S/CO）与 LIS 解析后的值。",
         "查仪器工作站最近的维护记录。"],
        ["仪器接口解析错误。", "试剂批号问题。", "加样或洗板故障。"],
        ["修正接口后重新导入受影响的板；用另一台仪器复检。"])),
    ("runbooks/inventory/quarantine.md", "血液隔离激增处理手册", runbook(
        "血液隔离激增处理手册", "适用于 bx-inventory 隔离血液数量激增。",
        ["InventoryQuarantineSpike：隔离血液超过 200 袋"],
        ["看隔离原因（冷链记录不完整、温度超限、检测）。", "冷链原因的：查 bx-coldchain 对应冰箱的读数、网关在线记录与复核结论。"],
        ["冷链记录断档或温度超限。", "检测结果待定。"],
        ["核对纸质温度记录或现场温度后由质量管理放行。"])),
    ("runbooks/dispatch/courier-failed.md", "骑手下单失败处理手册", runbook(
        "骑手下单失败处理手册", "适用于 bx-dispatch 向 速递同城 下单失败。",
        ["DispatchCourierCreateFailed：骑手下单失败率超过 5%"],
        ["按 Pod 看失败是否集中，失败的 Pod 在哪台节点。", "在失败的 Pod 里解析 open.sudi56.com，看得到的 IP 与证书。",
         "查合作方接口状态。"],
        ["合作方接口故障。", "个别节点的 DNS 配置异常。", "出口网络故障。"],
        ["把 Pod 迁离异常节点并修正节点配置；急诊单人工叫车。"])),
    ("runbooks/booking/latency.md", "预约接口变慢处理手册", runbook(
        "预约接口变慢处理手册", "适用于 bx-booking 预约接口延迟升高、预约失败。",
        ["BookingLatencyHigh：预约接口 P99 超过 2 秒"],
        ["对比请求量与页面访问量，看哪类接口的请求涨得多。", "按 ua（小程序版本）分组看请求。", "看 booking-db 连接池。"],
        ["客户端版本的请求方式变化。", "活动推送带来的流量。", "数据库慢查询。"],
        ["对异常接口限流；客户端修复后发版。"])),
    ("runbooks/order/stock-check.md", "订单库存校验失败处理手册", runbook(
        "订单库存校验失败处理手册", "适用于 bx-order 下单时库存校验失败、提示库存不足。",
        ["OrderStockCheckFailed：库存校验失败超过 10 次/10分钟"],
        ["按品种与血型看失败是否集中。", "对照 bx-inventory 收到的查询参数。", "看 bx-order 最近的发布。"],
        ["库存查询参数错误。", "库存确实不足。"],
        ["回滚有问题的发布；通知医院重新下单。"])),
    ("runbooks/label/verify-fail.md", "贴签核对扫码失败处理手册", runbook(
        "贴签核对扫码失败处理手册", "适用于 bx-label 贴签后二次核对扫码失败。",
        ["LabelVerifyFailHigh：贴签核对扫码失败超过 10 次/10分钟"],
        ["按标签站看失败是否集中。", "量条码尺寸与模块宽度，对照扫描器最小可读宽度。", "查标签站打印机、色带与模板的变更。"],
        ["打印机更换或参数变化。", "色带、标签纸问题。", "扫描器故障。"],
        ["修正打印参数后重新打印；失败的血袋人工核对。"])),
    ("runbooks/coldchain/temperature.md", "储血设备温度超限处理手册", runbook(
        "储血设备温度超限处理手册", "适用于 bx-coldchain 冰箱、冷冻柜温度超限。",
        ["ColdChainTempHigh：温度高于上限", "ColdChainTempLow：温度低于下限"],
        ["核对设备面板温度与独立温度计。", "看探头编号与设备的对应关系、最近的校准与更换记录。", "检查门封、压缩机。"],
        ["设备故障。", "探头故障或安装位置错误。", "门未关好。"],
        ["确认真实温度；真实超限时转移血液并隔离。"])),
    ("runbooks/bussync/tablets-offline.md", "采血平板离线处理手册", runbook(
        "采血平板离线处理手册", "适用于 bx-bus-sync 献血车、街头点平板未连接。",
        ["BusSyncTabletsOffline：未连接平板超过 2 台"],
        ["看 bx-vpn 的登录记录与拒绝原因。", "看平板的网络与 4G 信号。"],
        ["VPN 登录失败（账号、授权）。", "平板网络故障。"],
        ["恢复 VPN 接入；临时纸质登记后补录。"])),
    ("runbooks/component/release-backlog.md", "成分待放行积压处理手册", runbook(
        "成分待放行积压处理手册", "适用于 bx-component 待放行成分积压。",
        ["ComponentReleaseBacklog：待放行成分超过 100 袋"],
        ["看 LIS 放行接口的报错。", "服务账号被锁的：在域控查锁定来源主机。"],
        ["LIS 放行接口故障。", "服务账号被锁定或密码失效。", "检测结果未出。"],
        ["修正使用旧密码的系统并解锁账号。"])),
    ("runbooks/platelet/agitator.md", "血小板振荡箱故障处理手册", runbook(
        "血小板振荡箱故障处理手册", "适用于血小板振荡保存箱停振。",
        ["PlateletAgitatorStopped"], ["看振荡电机电流。"], ["振荡电机损坏。"], ["更换振荡箱电机，血小板转移到备用振荡箱。"])),
    ("runbooks/bus/generator.md", "献血车发电机故障处理手册", runbook(
        "献血车发电机故障处理手册", "适用于献血车车载发电机停机。",
        ["BusGeneratorDown"], ["看发电机油位与负载。"], ["燃油不足。"], ["启用备用发电机，采血暂停。"])),
]


def build_bundle(seed: int = SEED) -> Json:
    w = WorldBuilder(seed=seed, day=DAY, tz=TZ, reference=REFERENCE, instances=INSTANCES,
                     labels={"env": "prod", "cluster": "bx-prod", "region": "cn-central-1"})
    for service, (make, every) in NOISE.items():
        w.noise(service, make, START, every_s=every)
    kiosk_policy(w)
    elisa_comma(w)
    gateway_gap(w)
    node_search_domain(w)
    slot_fanout(w)
    plus_sign(w)
    printer_dpi(w)
    probe_swap(w)
    vpn_license(w)
    account_lockout(w)
    other_events(w)
    k8s_state(w)
    build_metrics(w)
    documents = [{"title": title, "source": source, "content": content} for source, title, content in RUNBOOKS]
    return w.bundle(name="ChiXin 赤心血站 2027-06-14", services=SERVICES, documents=documents)


# --- Questions --------------------------------------------------------------------------------------------------------------------
#: Each incident's own words: in another incident's answer, a misattribution.
FAMILY = {
    "kiosk": ("com.chixin.donor.sync", "MDM-0613-02"),
    "comma": ("de-DE", "PM-ELISA-0614"),
    "gap": ("WO-FAC-0614-01", "buffer capacity 120"),
    "search": ("corp.chixin.local", "HW-0613-05"),
    "fanout": ("4.6.0", "附近献血点"),
    "plus": ("5.2.0", "unknown blood group"),
    "dpi": ("300 dpi", "EQ-0613-22"),
    "swap": ("P-3318", "CAL-2027-06"),
    "license": ("50/50", "SSLVPN-CU-50"),
    "lockout": ("svc_lis_api", "IT-0614-02"),
}
#: The remedies of the runbooks for problems that did not happen.
UNRELATED_REMEDIES = ("更换振荡箱电机", "启用备用发电机")
FIRING = ("DispatchCourierCreateFailed", "NodeDiskSmartPending")
INCIDENT_WORDS = tuple(word for words in FAMILY.values() for word in words)


def _not(*own: str, told: tuple[str, ...] = ()) -> tuple[str, ...]:
    """The other incidents' words, plus the unrelated runbooks' remedies — less ``told``: another incident's words the asked
    service itself logs (the LIS logs both of its incidents; the inventory logs the refused stock queries of the plus sign;
    the cold chain logs the gateways' buffer), which name no misattribution when an answer quotes them."""
    return tuple(word for family, words in FAMILY.items() if family not in own for word in words
                 if word not in told) + UNRELATED_REMEDIES


QUESTIONS: tuple[WorldQuestion, ...] = (
    WorldQuestion(
        "bloodbank_lis_bus_specimens_cause",
        "昨晚献血车送回来的标本，LIS 接收的时候一大堆提示查不到献血记录，只能先放待核对，夜班检测都往后推了，检验系统那边是怎么回事？",
        "cause",
        asked_facts=(fact("no donation record", "查不到献血记录", "待核对"),),
        cause_facts=(fact("com.chixin.donor.sync", "kiosk policy v12", "MDM-0613-02", "itdesk_liuyang", "kiosk"),
                     fact("0 uploads", "未上传", "没有上传", "没上传", "backlog")),
        forbidden=_not("kiosk", told=FAMILY["comma"]), service="bx-lis",
        diagnosis="昨天 11:05 信息科 itdesk_liuyang 给献血车平板发布 MDM kiosk 策略 v12（MDM-0613-02，单应用模式），白名单只有 "
                  "com.chixin.donor，同步组件 com.chixin.donor.sync 被停用 → 11:05 以后献血车平板一条献血记录都没上传；晚上 19:35 起"
                  "献血车标本到实验室，按 DIN 查不到献血记录，1100 多管放待核对（献血屋的标本正常）。22:40 策略 v13 补上同步组件，积压"
                  "上传后 22:55 重新匹配。18:30 的 lis.reception.tube-label.printer 配置不是原因",
    ),
    WorldQuestion(
        "bloodbank_lis_elisa_reactive_cause",
        "今天早上八点多开始酶免结果出了一大片反应性，拿去复检又全是阴性，LIS 是不是出问题了？", "cause",
        asked_facts=(fact("REACTIVE", "反应性"),),
        cause_facts=(fact("ELISA-02"),
                     fact("de-DE", "0,", "逗号", "decimal comma", "小数点", "regional format", "PM-ELISA-0614", "kx_fae_wanglei")),
        forbidden=_not("comma", told=FAMILY["kiosk"]), service="bx-lis",
        diagnosis="07:30 康析仪器 工程师 kx_fae_wanglei 做预防性维护（PM-ELISA-0614），重装了 ELISA-02 的工作站，区域格式是 de-DE → "
                  "结果里的 S/CO 用逗号作小数点（0,41），LIS 把逗号当千分位去掉读成 41 → 判 REACTIVE、转复检；08:20–09:55 ELISA-02 "
                  "的结果大多是反应性，反应性比例最高 34.6%，ELISA-01 复检阴性。09:55 改回 zh-CN、重新导入 6 块板。08:00 的 "
                  "lis.autoverify.batch-size 配置不是原因",
    ),
    WorldQuestion(
        "bloodbank_inventory_quarantine_cause",
        "今天一早库存里突然多了一千多袋隔离的红细胞，好几家医院的订单只能部分满足，库存系统这是怎么了？", "cause",
        asked_facts=(fact("1,486", "1486", "冷链记录不完整"),),
        cause_facts=(fact("monitoring gap", "122 min", "断档", "00:30-02:32"),
                     fact("WO-FAC-0614-01", "UPS", "buffer capacity 120", "ring", "GW-B1")),
        forbidden=_not("gap", told=FAMILY["plus"]), service="bx-inventory",
        diagnosis="00:30–04:30 物业做库房楼 B 区 UPS 年检（WO-FAC-0614-01），B 区探头网关 GW-B1..B3 断网；网关环形缓存只存 120 条"
                  "（每分钟一条），04:32 恢复后只补回 02:32 以后的读数，00:30–02:32 断档 122 分钟 → 07:30 GMP 冷链复核把 RBC-B-01..09 "
                  "的 1,486 袋去白悬浮红细胞隔离（冷链记录不完整），医院订单只能部分分配。09:05 质量管理核对纸质温度记录后放行。07:00 的 "
                  "bx-inventory 6.3.2 发布不是原因",
    ),
    WorldQuestion(
        "bloodbank_dispatch_courier_cause",
        "早上七点多开始好多送血单叫不到速递同城的骑手，配送调度的告警到现在还在响，到底怎么回事？", "cause",
        asked_facts=(fact("x509", "certificate is valid for", "courier order not created"),),
        cause_facts=(fact(BAD_NODE, "node-07"),
                     fact("corp.chixin.local", "search", "ndots", "10.20.0.15", "HW-0613-05")),
        forbidden=_not("search"), service="bx-dispatch",
        diagnosis="bx-k8s-node-07 换系统盘重装（HW-0613-05），03:05 回来时 DHCP 给了搜索域 corp.chixin.local，该域有通配记录指向 "
                  "10.20.0.15（OA 门户）；07:40 HPA 把 bx-dispatch 从 3 扩到 5，新的 2 个 Pod 落在 node-07 上，ndots:5 下 "
                  "open.sudi56.com 先按搜索域解析到 10.20.0.15 → x509: certificate is valid for portal.corp.chixin.local → 这两个 Pod "
                  "处理的配送单下不了骑手单，失败率最高 41.7%，告警仍在触发；其他节点的 3 个 Pod 正常。07:20 的 "
                  "dispatch.round.routine-times 配置不是原因",
    ),
    WorldQuestion(
        "bloodbank_booking_slow_cause",
        "八点半以后献血预约小程序特别卡，好多人预约失败，是不是世界献血者日的推送把流量冲上来了？", "cause",
        asked_facts=(fact("504", "预约失败", "db pool", "pool exhausted"),),
        cause_facts=(fact("4.6.0"),
                     fact("附近献血点", "/api/v1/sites/", "每个献血点", "per site")),
        forbidden=_not("fanout"), service="bx-booking",
        diagnosis="不是推送：08:30 小程序 4.6.0 全量发布，首页新的「附近献血点」卡片对每个献血点单独请求 /api/v1/sites/{id}/slots（每次"
                  "访问 86 个请求）→ slots 请求涨了四十倍（最高每秒 3137 次），页面访问量只多了一倍，booking-db 连接池耗尽，预约 504。"
                  "09:00 的推送只让访问量从每秒 20 到 36。10:05 加了按会话限流，4.6.1 已提交审核",
    ),
    WorldQuestion(
        "bloodbank_order_positive_cause",
        "九点半以后医院订 A 型、O 型这些阳性的血全都提示库存不足，阴性的反而能订，订血平台这是怎么了？", "cause",
        asked_facts=(fact("库存不足"),),
        cause_facts=(fact("5.2.0"),
                     fact("unknown blood group", "'O '", "'A '", "加号", "空格", "+")),
        forbidden=_not("plus"), service="bx-order",
        diagnosis="09:35 bx-order 发布 5.2.0，库存查询改用新 HTTP 客户端，把 group=O+ 原样拼进查询串、没有编码 → bx-inventory 把加号"
                  "解码成空格，收到 group='O ' → unknown blood group、可用 0 → 所有 RhD 阳性的订单 库存不足，阴性的不受影响。10:12 "
                  "回滚到 5.1.4。09:20 bx-inventory 的 inventory.stock.cache-ttl-sec 配置不是原因",
    ),
    WorldQuestion(
        "bloodbank_label_noread_cause",
        "成分科早班贴完签核对的时候老是扫不出血袋条码，只能一袋袋手工录，贴签系统怎么回事？", "cause",
        asked_facts=(fact("no read", "扫不出", "manual entry", "手工"),),
        cause_facts=(fact("LBL-03"),
                     fact("300 dpi", "ZT411", "EQ-0613-22", "203", "打印机")),
        forbidden=_not("dpi"), service="bx-label",
        diagnosis="昨天 17:20 设备科 把标签站 LBL-03 的打印机从 Zebra ZT410（203 dpi）换成 ZT411（300 dpi，EQ-0613-22），标签模板 "
                  "BAG_LABEL_V7 按 203 dpi 的点数排版 → LBL-03 打出的条码只有原来的三分之二大，模块宽度 0.17 mm 小于扫描器最小 0.19 mm，"
                  "早班核对扫不出、转手工录入；LBL-01、LBL-02 正常。09:12 设置 LBL-03 模板缩放 1.478 后恢复。05:50 的 bx-label 2.8.1 "
                  "发布不是原因",
    ),
    WorldQuestion(
        "bloodbank_coldchain_swap_cause",
        "昨天下午冷链监控报血浆冷冻柜升温、红细胞冰箱又报温度过低，六百多袋血浆都被隔离了，后来说是误报，冷链那边到底怎么回事？",
        "cause",
        asked_facts=(fact("FFP-A-05"),),
        cause_facts=(fact("P-3318", "P-3322", "装反", "swapped"),
                     fact("CAL-2027-06", "校准", "calibration", "jl_tech_zhanghui")),
        forbidden=_not("swap", told=FAMILY["gap"]), service="bx-coldchain",
        diagnosis="昨天 13:30–14:35 省计量院 做年度校准（CAL-2027-06），回装时把探头 P-3318 和 P-3322 装反：血浆冷冻柜 FFP-A-05 读到的是"
                  "红细胞冰箱的 3.9°C，RBC-A-02 读到冷冻柜的 -27.6°C → 两条告警，642 袋血浆和 158 袋红细胞被隔离；17:25 值班看面板发现，"
                  "17:35 改正探头映射、17:40 放行。14:00 的 coldchain.alarm.repeat-min 配置不是原因",
    ),
    WorldQuestion(
        "bloodbank_booking_slots_quantity", "今天上午预约小程序的号源查询请求最高到了每秒多少次？", "quantity",
        asked_facts=(fact(str(SLOTS_PEAK), "3,137"),), forbidden=_not("fanout"),
        service="bx-booking", peak=Peak("bx-booking", "booking_slot_requests_per_sec", SLOTS_PEAK),
        diagnosis="booking_slot_requests_per_sec 峰值 3137 次/秒（09:04）；BookingLatencyHigh 告警的是 P99 2.3 秒。起因是小程序 "
                  "4.6.0 的附近献血点卡片",
    ),
    WorldQuestion(
        "bloodbank_elisa_reactive_quantity", "今天上午 ELISA 的反应性比例最高到了百分之多少？", "quantity",
        asked_facts=(fact(f"{REACTIVE_PEAK}%", str(REACTIVE_PEAK)),), forbidden=_not("comma", told=FAMILY["kiosk"]),
        service="bx-lis", peak=Peak("bx-lis", "lis_elisa_reactive_percent", REACTIVE_PEAK),
        diagnosis="lis_elisa_reactive_percent 峰值 34.6%（09:12）；LisElisaReactiveHigh 触发时是 5.2%。起因是 ELISA-02 工作站的区域"
                  "格式 de-DE",
    ),
    WorldQuestion(
        "bloodbank_component_backlog_quantity", "早上成分科待放行的血最多积压了多少袋？", "quantity",
        asked_facts=(fact(str(BACKLOG_PEAK), "684 袋"),), forbidden=_not("lockout"),
        service="bx-component", peak=Peak("bx-component", "component_pending_release", BACKLOG_PEAK),
        diagnosis="component_pending_release 峰值 684 袋（08:26）；ComponentReleaseBacklog 触发时是 150 袋。起因是 svc_lis_api 密码"
                  "轮换后 bx-report-01 仍用旧密码，账号被锁",
    ),
    WorldQuestion(
        "bloodbank_bussync_existence", "今天上午街头献血点的平板是不是报过同步相关的告警？护士说有几台一直连不上。", "existence",
        asked_facts=(fact("BusSyncTabletsOffline"),),
        cause_facts=(fact("license limit reached", "50/50", "SSLVPN-CU-50", "授权"),
                     fact("IT-0613-31", "12 SSL VPN accounts", "bus-t4", "VPN")),
        forbidden=_not("license"), service="bx-bus-sync",
        diagnosis="报过：BusSyncTabletsOffline 08:20 触发、09:55 恢复。昨天 16:10 信息科 itdesk_majun 为街头献血点新建了 12 个 VPN 账号"
                  "（IT-0613-31），VPN 网关只授权 50 个并发用户（SSLVPN-CU-50）→ 早上最后上线的 8 台平板 bus-t43..bus-t50 被拒绝 "
                  "concurrent user license limit reached (50/50)，一直无法同步；09:45 导入临时授权 SSLVPN-CU-100 后恢复。07:50 的 "
                  "bussync.upload.batch-size 配置不是原因",
    ),
    WorldQuestion(
        "bloodbank_sms_healthy", "有献血者说今天没收到预约提醒短信，短信提醒服务今天有没有出问题或者告警？", "existence",
        asked_facts=(HEALTHY,), forbidden=INCIDENT_WORDS, service="bx-sms", healthy=True,
        diagnosis="没有：bx-sms 只有提醒批次与结果通知的 INFO 和运营商回执延迟的 WARN，5xx、p99 低于阈值，无告警；08:10 的 "
                  "sms.reminder.send-window 配置只是把发送窗口从 09:00 推到 09:30",
    ),
    WorldQuestion(
        "bloodbank_honor_healthy", "积分荣誉那边今天有没有什么异常或者告警？", "existence",
        asked_facts=(HEALTHY,), forbidden=INCIDENT_WORDS, service="bx-honor", healthy=True,
        diagnosis="没有：bx-honor 只有积分入账、荣誉证书的 INFO 和缺照片的 WARN，5xx、p99 远低于阈值，无告警；09:10 的 1.9.0 发布与"
                  "各故障无关",
    ),
    WorldQuestion(
        "bloodbank_alert_listing", "现在还有哪些告警没恢复？列一下。", "listing",
        asked_facts=tuple(fact(name) for name in FIRING), forbidden=("bx-sms", "bx-honor"),
        diagnosis="2 条：DispatchCourierCreateFailed（07:55 起，bx-dispatch，node-07 上的 2 个 Pod 下不了骑手单）、"
                  "NodeDiskSmartPending（05:20 起，bx-k8s-node-02 磁盘待映射扇区，硬件工单 HW-0614-02，与各故障无关）；其余都已恢复",
    ),
    WorldQuestion(
        "bloodbank_coldchain_changes_listing", "冷链监控从昨天上午到现在都有哪些变更？操作和配置都列一下。", "listing",
        asked_facts=(fact("CAL-2027-06", "校准"), fact("coldchain.alarm.repeat-min"), fact("coldchain.probe.mapping"),
                     fact("coldchain.gateway.buffer-readings")),
        forbidden=_not("swap", "gap"), service="bx-coldchain",
        diagnosis="四次：昨天 13:30 年度校准 CAL-2027-06（探头拆下回装）、14:00 coldchain.alarm.repeat-min 10 -> 5、17:35 "
                  "coldchain.probe.mapping 改正 P-3318/P-3322、今天 09:30 coldchain.gateway.buffer-readings 120 -> 720（断档之后）",
    ),
)

WORLD = World(name=NAME, title="ChiXin 赤心血站（省血液中心）", build=build_bundle, questions=QUESTIONS)
