"""World "property": 安居智慧物业 AnJu Smart Property, a property-management company running five smart residential
communities in Hangzhou — 锦华苑 (JH), 翠湖湾 (CH), 云栖府 (YQ), 南山名邸 (NS), 枫林小镇 (FL) — (``aj-*`` services: face gates
and unit-door access with the nightly face-library sync, parking with plate recognition and barrier gates and an open API
for parking aggregators, elevator IoT monitoring over 4G SIMs in a carrier data pool, property-fee billing, payment, the
owner App, visitor passes verified offline by each community's edge box, repair work orders with auto-dispatch, the staff
directory synced from HR, the guards' patrol App, energy metering with the daily common-area apportionment, notices and
decoration filings on a Kubernetes cluster; the edge nginx, the community edge boxes, the carrier's SIM platform, the
vCenter the nodes run on), seen from Monday 2027-01-25 17:00 to the reference time Tuesday 2027-01-26 16:30 (+08:00).
Nothing here was written for the offline agents; ten incidents of families neither the demo nor the other worlds have,
in ordinary noise (Y: Monday evening, T: Tuesday):

(1) Y17:12:30       aj-parking: the LPR vendor's engineer upgrades the six plate cameras of 枫林小镇 V5.5.80 -> V5.6.10 from the
    Y17:25–Y19:40   parking platform's device console (FW-UP-20270125-03) → the new firmware drops the province character
                    (浙A7K29M is read A7K29M) → residents' cars match no monthly pass, are held as temporary cars at entry and
                    have no entry record at exit → guards open by hand (``ParkingManualReleaseHigh``). Y19:38 the firmware is
                    rolled back (FW-UP-20270125-04). The Y17:05 temporary-car free-minutes config is a decoy.
(2) Y18:10:44       aj-basedata: the 翠湖湾 admin renames building 7's code CH-B07 -> CH-07 (楼栋编码统一 BD-STD-2027)
    T02:30          → the nightly CronJob aj-access-gate-face-sync diffs faces per building code: the device group CH-B07
    T06:10–T09:24   (the four unit doors of 7栋) has no source faces any more → 436 faces deleted from the doors → from the
                    morning the residents of 7栋 get ``FACE_NOT_REGISTERED`` at their unit doors (peak 41 rejects a minute at
                    07:42, ``access_face_rejects_per_min``). T09:20 the device group is mapped to CH-07 and re-synced. The
                    access gate's T01:10 deploy 2.14.0 is a decoy.
(3) Y17:25:18       aj-elevator-iot: the IoT admin turns on car snapshots (``snapshot.upload.interval-s 0 -> 60``) meant for
    T10:42          the 云栖府 pilot, with scope ALL → 312 gateways on 4G SIMs upload ~1.5 GB/h more → the carrier data pool
    T10:43–T12:15   ANJU-ELEV-POOL (500 GB) is used up at 10:42 and the carrier suspends data for its 312 SIMs (达量断网) → the
                    elevator gateways drop off MQTT, up to 312 offline (11:20, ``elevator_gateways_offline``; the alert fired
                    at 236). T11:52 an add-on pack is bought and the snapshots turned off, T11:58 data resumes. The pool's
                    usage alert (over 80 % since 01-22) still fires. The platform's T09:50 deploy 1.9.3 is a decoy.
(4) Y18:40:05       aj-billing: billing_ops_chenjing imports the 业委会-approved 2027 rate of 翠湖湾 (3.20 -> 3.50 元/㎡·月) but
    T01:00          selects 锦华苑 (JH 2.60 -> 3.50) → the nightly CronJob aj-billing-bill-refresh re-prices 1742 unpaid 2027
    T07:40–T11:20   annual bills of 锦华苑 (+34.6 %) and none of 翠湖湾 → owners see the new amount in the App, 213 pay it, fee
                    disputes surge. T11:20 the import is reverted and 翠湖湾's rate imported. The billing's T07:20 discount
                    config is a decoy.
(5) T08:30:05       aj-visitor: security rotates the visitor-pass signing key (SEC-KR-0107, kid vk-2027-02); the key push
    T08:48–T11:25   reaches six edge boxes, not edge-ch-02 (翠湖湾北门, its uplink down 08:12–08:41 for a modem swap; the
                    push is not retried) → passes issued after 08:30 are refused at the north gate only (``signing key
                    vk-2027-02 not in local keyring``), guards register visitors by hand. T11:25 the key is re-pushed. The
                    visitor service's T08:00 deploy 4.2.0 is a decoy.
(6) T02:00          aj-iam: the CronJob aj-iam-org-sync applies HR's restructure ORG-R-2027-01: 翠湖湾项目部/工程部 (14 staff)
    T07:10–T10:20   moves to 城东片区工程中心/翠湖湾组 → aj-workorder's dispatch rules CH-ENG-* still name the old unit, now
                    empty → 翠湖湾's repair orders fail auto-dispatch ``NO_AVAILABLE_ASSIGNEE`` and breach their SLA. T10:20
                    the rules are pointed at the new unit. The work order's T06:50 reminder config is a decoy.
(7) T05:40:12       aj-patrol: 南山名邸's security lead imports the re-surveyed patrol points in WGS84 (the App reports GCJ02)
    T06:00–T09:10   → every check-in is ~500 m from its point (``out of geofence``), the 06:00 and 08:00 rounds are missed.
                    T09:10 the points are converted to GCJ02. The patrol's T05:10 upload-batch config is a decoy.
(8) Y19:30:40       aj-energy: a meter-profile import sets register digits 5 -> 6 for 86 DDS1352 meters → Y22:40 the common-
    T03:00          area meter of 云栖府 5栋 rolls over 99998.62 -> 0.87, corrected with 10^6 → 900002.25 kWh → the CronJob
    T03:05–T10:50   aj-energy-apportion posts ¥4,148.61 of common-area electricity to each of 128 houses
                    (``EnergyConsumptionAnomaly``). T10:50 digits back to 5, re-apportioned. The energy's T01:30 deploy 2.3.1
                    is a decoy.
(9) T14:00–T15:10   aj-parking: the aggregator 速停车's server 6.2 (key AK-STC-01) polls the fee of every plate it knows every
                    15 s → ``parking_fee_query_requests_per_second`` up to 1487/s (14:37; ~35/s otherwise), the parking DB is
                    saturated, exit gates' fee queries time out, guards release cars by hand. T15:10 the key is limited to
                    50/s; its 429s still fire at 16:30. The parking's T13:30 deploy 3.9.0 is a decoy. (Parking thus has two
                    incidents: last evening's plates and this afternoon's exits.)
(10) T15:31         aj-vsphere: DRS moves the backup proxy VM bak-proxy-02 (16 vCPU) onto esx-b-07, where aj-k8s-node-04 runs,
     T15:35–T16:08  and its weekly job starts → CPU steal on node-04 up to 48 % → only the pods there (an owner-App pod and a
                    payment pod) answer in seconds: App 504s on a quarter of requests, WeChat Pay notifications handled late.
                    T16:08 the VM is moved away and an anti-affinity rule added. The App's T15:00 banner config is a decoy.
                    (The owner App thus has two incidents: the morning's fee disputes and this afternoon's slowness.)

Healthy: aj-announce (deploy 3.4.0 at T10:00 is a decoy; its WARN lines are notices held by the sensitive-word filter) and
aj-decoration (its WARN lines are violations the inspectors found in flats, routine) — INFO/WARN only, under their
thresholds, no alert. Still firing at 16:30: ElevatorSimPoolUsageHigh, EdgeBoxDiskUsageHigh (edge-yq-01's video cache, since
01-22) and ParkingOpenApiRateLimited (速停车 still throttled). Kubernetes: the deployments and their pods with their nodes (two on
aj-k8s-node-04), the CronJobs' pods and the events of the last hour. Run ``python -m evaluation.worlds property`` to print
the bundle.
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
    job_name,
    job_pod,
    pod_names,
    runbook,
    termination,
)
from evaluation.worlds.spec import HEALTHY, Peak, World, WorldQuestion, fact

NAME = "property"
SEED = 20270126
TZ = dt.timezone(dt.timedelta(hours=8))
DAY = dt.date(2027, 1, 26)
YESTERDAY = dt.date(2027, 1, 25)
START = dt.datetime(2027, 1, 25, 17, 0, tzinfo=TZ)
REFERENCE = dt.datetime(2027, 1, 26, 16, 30, tzinfo=TZ)
NS = "anju-property"

_t = functools.partial(clock_on, DAY, TZ)  # a clock today
_y = functools.partial(clock_on, YESTERDAY, TZ)  # a clock yesterday evening

COMMUNITIES = {"JH": "锦华苑", "CH": "翠湖湾", "YQ": "云栖府", "NS": "南山名邸", "FL": "枫林小镇"}

# --- The lines the questions are about (the tests find each one in the bundle) ----------------
# (1) the plate cameras' firmware dropping the province character
PARKING_CONFIG = ("[nacos] config changed: dataId=aj-parking.yaml group=PARKING key=temp-car.free-minutes old=15 new=30 "
                  "operator=parking_dev_linhao md5=3b9e0c7a51d2")
FW_UPGRADE = ("device firmware upgrade task FW-UP-20270125-03 by parking_vendor_zhoujie: 6 LPR cameras of 枫林小镇 (FL-IN-1, "
              "FL-IN-2, FL-OUT-1, FL-OUT-2, FL-B2-IN, FL-B2-OUT) model DS-TCG227 V5.5.80 -> V5.6.10")
FW_DONE = "device firmware upgrade task FW-UP-20270125-03 finished: 6/6 cameras rebooted on V5.6.10"
FW_ROLLBACK = ("device firmware upgrade task FW-UP-20270125-04 (rollback) by parking_vendor_zhoujie: 6 LPR cameras of 枫林小镇 "
               "V5.6.10 -> V5.5.80")
ENTRY_UNMATCHED = ("entry {lane} plate={plate} color=蓝 conf={conf:.2f}: no monthly pass matched -> TEMP car, gate held, "
                   "pay-to-enter QR shown")
EXIT_UNMATCHED = "exit {lane} plate={plate} conf={conf:.2f}: no entry record for plate -> fee unknown, gate held"
MANUAL_RELEASE = "manual release {lane} by guard {guard}: reason={reason}"
FL_GUARD_NOTE = ("fl_guard_lead_qianwei: 枫林小镇 业主车进出都不抬杆，岗亭屏幕上车牌少了省份简称，浙A7K29M 识别成 A7K29M，"
                 "只能手动开闸，门口排队")

# (2) the building code rename and the face-library sync
BUILDING_RENAME = ("building code changed: 翠湖湾 7栋 CH-B07 -> CH-07 by ch_admin_wangfang (楼栋编码统一 BD-STD-2027), 436 "
                   "residents, 2 units")
ACCESS_DEPLOY = ("deploy finished: aj-access-gate 2.14.0 (was 2.13.4) rolled out by ci-bot pipeline=#5127; changes: 访客"
                 "二维码开门记录补传")
FACE_CRON = "aj-access-gate-face-sync"
FACE_JOB = job_name(FACE_CRON, _t("02:30"))
FACE_POD = job_pod(FACE_JOB)
FACE_DELETE = ("face sync group CH-B07 (devices CH-07-1-UD, CH-07-1-UD-B, CH-07-2-UD, CH-07-2-UD-B): source 0 faces, devices "
               "436 faces -> delete 436")
FACE_SKIP = "face sync group CH-07: source 436 faces, 0 devices bound -> nothing to push"
FACE_DONE = "face sync done: 5 communities, 312 devices, added 37, deleted 462, unchanged 18840"
FACE_REJECT = "face verify device={device} result=FACE_NOT_REGISTERED score=0.00 (device library 0 faces) door stays closed"
FACE_FIX = ("device group CH-B07 -> CH-07 rebound by access_ops_yangjie (4 devices), manual face sync: group CH-07 add 436 "
            "faces")
FACE_NOTE = "ch_service_lead_zhoumin: 翠湖湾 7栋 两个单元门刷脸都提示未注册，业主只能用 App 开门，物业前台排队"

# (3) the elevator gateways' snapshots and the carrier data pool
SNAPSHOT_CONFIG = ("gateway config pushed by iot_admin_songyu: snapshot.upload.interval-s 0 -> 60 (轿厢抓拍试点 ELV-PILOT-07, "
                   "云栖府) scope=ALL, 318 gateways acknowledged")
ELEVATOR_DEPLOY = ("deploy finished: aj-elevator-iot 1.9.3 (was 1.9.2) rolled out by ci-bot pipeline=#5131; changes: 困人"
                   "告警工单模板")
POOL_NOTICE = ("CMP notice: pool ANJU-ELEV-POOL used 475.0 of 500 GB (95%) on 2027-01-26, billing cycle ends 2027-01-31; "
               "mail sent to iot_admin")
POOL_EXHAUSTED = ("CMP notice: pool ANJU-ELEV-POOL used 500.00 of 500 GB: 达量断网 — data service suspended for 312 SIMs "
                  "(policy STOP_ON_LIMIT)")
GATEWAY_OFFLINE = ("gateway {gw} ({community} {building}栋 {car}号梯) offline: MQTT keepalive timeout (90s), last will "
                   "received, last uplink {ago}s ago")
POOL_TOPUP = ("CMP order by iot_admin_songyu: add-on pack 100 GB for pool ANJU-ELEV-POOL, data service resumed for 312 SIMs")
SNAPSHOT_FIX = ("gateway config pushed by iot_admin_songyu: snapshot.upload.interval-s 60 -> 0 scope=ALL except "
                "ELV-PILOT-07 (12 gateways of 云栖府)")
ELEVATOR_NOTE = ("elevator_oncall_xiefeng: 10:43 起电梯网关大面积离线，维保公司看不到困人告警，按规定离线超 30 分钟须报市场监管；"
                 "网关本身有电，4G 信号正常")

# (4) the 2027 fee rate imported for the wrong community
RATE_IMPORT = ("fee rate import by billing_ops_chenjing (file 翠湖湾2027物业费调价_业委会决议.xlsx): community=JH 锦华苑 "
               "residential 2.60 -> 3.50 元/㎡·月 effective 2027-01-01, 1742 houses, rate version RV-JH-2027-02")
BILL_CRON = "aj-billing-bill-refresh"
BILL_JOB = job_name(BILL_CRON, _t("01:00"))
BILL_POD = job_pod(BILL_JOB)
BILL_REFRESH = ("bill refresh: 2027 annual bills re-priced for 1742 unpaid houses of JH 锦华苑 under RV-JH-2027-02 "
                "(+34.6%, +¥2,371,508.40); CH 翠湖湾 0 bills changed (RV-CH-2026-01)")
BILLING_CONFIG = ("[nacos] config changed: dataId=aj-billing.yaml group=BILLING key=early-payment.discount-end old=2027-01-31 "
                  "new=2027-02-10 operator=billing_dev_xuqing md5=8d04e6b1c37a")
FEE_DISPUTE = ("POST /api/v1/feedback house={house} category=物业费异议 text=2027年物业费单价怎么变成3.50了，去年是2.60 "
               "amount=¥{amount:,.2f}")
RATE_FIX = ("fee rate import RV-JH-2027-02 reverted by billing_ops_chenjing (approved by billing_lead_hewei): JH 锦华苑 3.50 -> "
            "2.60; CH 翠湖湾 3.20 -> 3.50 imported as RV-CH-2027-01")
REFUND_NOTE = "billing: 213 houses of JH 锦华苑 paid the 3.50 amount, difference refunded to the original payment (REF-20270126)"

# (5) the visitor-pass signing key rotated, one edge box missing it
VISITOR_DEPLOY = ("deploy finished: aj-visitor 4.2.0 (was 4.1.3) rolled out by ci-bot pipeline=#5129; changes: 访客邀请微信"
                  "卡片")
KEY_ROTATE = ("visitor pass signing key rotated by sec_ops_liuqiang (SEC-KR-0107): kid vk-2027-02 (ECDSA P-256) active for "
              "signing, vk-2027-01 verify-only for 7 days")
KEY_PUSH = ("key distribution vk-2027-02 to 7 edge boxes: 6 ok, edge-ch-02 failed: dial tcp 10.60.12.2:8443: connect timeout "
            "(no retry scheduled)")
EDGE_DOWN = "uplink wan0 down: carrier modem replacement (ticket NET-CH-0126), store-and-forward on"
EDGE_UP = "uplink wan0 up, 24 access records uploaded"
QR_REFUSED = ("QR verify failed gate={gate} pass={passid} kid=vk-2027-02: signing key vk-2027-02 not in local keyring "
              "(known: vk-2026-10, vk-2027-01), access denied")
QR_REPORTED = "pass {passid} refused at 翠湖湾北门 ({gate}) reported by edge-ch-02: SIGNATURE_KEY_UNKNOWN"
KEY_REPUSH = "key vk-2027-02 re-pushed to edge-ch-02 by sec_ops_liuqiang (SEC-KR-0107), keyring now vk-2026-10, vk-2027-01, vk-2027-02"
GATE_NOTE = "ch_guard_north_chenbo: 翠湖湾北门访客扫码都提示无效，南门正常，早上八点前发的码能进，先手工登记"

# (6) the org restructure emptying the dispatch group
ORG_CRON = "aj-iam-org-sync"
ORG_JOB = job_name(ORG_CRON, _t("02:00"))
ORG_POD = job_pod(ORG_JOB)
ORG_SYNC = ("org sync from HR (北森): restructure ORG-R-2027-01 effective 2027-01-26 applied: 翠湖湾项目部/工程部 (14 staff) -> "
            "城东片区工程中心/翠湖湾组; 翠湖湾项目部/工程部 now 0 members")
WO_CONFIG = ("[nacos] config changed: dataId=aj-workorder.yaml group=WO key=sla.reminder-minutes old=20 new=15 "
             "operator=wo_dev_tangyi md5=c61f2a9e04b8")
DISPATCH_FAIL = ("auto-dispatch failed order={order} ({kind}) house={house} rule={rule} group=翠湖湾项目部/工程部: "
                 "NO_AVAILABLE_ASSIGNEE (0 members on duty) -> dispatch pool")
SLA_BREACH = "order {order} ({kind}) not accepted within 30 min, escalated to 项目经理 ch_pm_zhaolei"
DISPATCH_FIX = ("dispatch rules CH-ENG-SD, CH-ENG-MJ, CH-ENG-TJ group 翠湖湾项目部/工程部 -> 城东片区工程中心/翠湖湾组 by "
                "wo_admin_sunli, 27 pooled orders re-dispatched")
WO_NOTE = "ch_service_lead_zhoumin: 翠湖湾早上的报修单全部卡在待派单，工程部师傅说 App 里没有新单"

# (7) the patrol points in the wrong coordinate system
PATROL_CONFIG = ("[nacos] config changed: dataId=aj-patrol.yaml group=PATROL key=offline-upload.batch-size old=20 new=50 "
                 "operator=patrol_dev_wuyue md5=1e7b3d09a4c5")
PATROL_IMPORT = ("patrol points imported by ns_security_lead_hujun: 南山名邸 46 points from 南山名邸巡更点位_测绘2027.xlsx "
                 "coord_sys=WGS84, replacing 46 points (GCJ02)")
CHECKIN_REJECT = ("checkin rejected guard={guard} point={point} round={round}: out of geofence distance={d}m > radius 30m "
                  "(device GCJ02 {lat:.6f},{lng:.6f})")
ROUND_MISSED = "round {round} 南山名邸 closed: {done}/46 points checked in, missed"
PATROL_FIX = ("patrol points of 南山名邸 converted WGS84 -> GCJ02 by patrol_admin_xuyan (46 points, mean shift 517m)")
PATROL_NOTE = "ns_security_lead_hujun: 南山名邸 巡更 App 每个点都提示不在巡更点范围内，早班 06:00 一圈全漏"

# (8) the meter register digits and the rollover
METER_IMPORT = ("meter profiles updated by energy_eng_gaoyang (import 电表档案_DDS1352_2027.xlsx): 86 meters model DDS1352 "
                "register digits 5 -> 6")
ROLLOVER = ("meter YQ-5-PUB-01 (云栖府 5栋 公区) reading 0.87 kWh < previous 99998.62 kWh: rollover corrected with register "
            "digits 6: delta = 1000000 - 99998.62 + 0.87 = 900002.25 kWh")
ENERGY_DEPLOY = ("deploy finished: aj-energy 2.3.1 (was 2.3.0) rolled out by ci-bot pipeline=#5124; changes: 水表抄表"
                 "失败重试")
APPORTION_CRON = "aj-energy-apportion"
APPORTION_JOB = job_name(APPORTION_CRON, _t("03:00"))
APPORTION_POD = job_pod(APPORTION_JOB)
APPORTION = ("apportion 2027-01-25 公摊电费: 云栖府 5栋 公区 900037.6 kWh x ¥0.59 = ¥531,022.18 over 128 houses "
             "(¥4,148.61 each), posted to bills")
APPORTION_FIX = ("meter profiles of 86 DDS1352 meters register digits 6 -> 5 by energy_eng_gaoyang; apportion 2027-01-25 "
                 "re-run: 云栖府 5栋 公区 35.35 kWh ¥20.86, 128 houses corrected")

# (9) the aggregator polling the parking fee API
PARKING_DEPLOY = ("deploy finished: aj-parking 3.9.0 (was 3.8.6) rolled out by ci-bot pipeline=#5133; changes: 月卡续费"
                  "提醒")
PARTNER_UA = "SuTingChe-Server/6.2"
FEE_QUERY = ("GET /open/v1/parking/fee?plate={plate} 200 appKey=AK-STC-01 took={ms}ms")
EXIT_TIMEOUT = ("exit {lane} plate={plate}: fee query timed out after 3000ms (parking-db), gate held, guard notified")
PARTNER_LIMIT = ("[nacos] config changed: dataId=aj-parking.yaml group=PARKING key=open-api.rate-limit.AK-STC-01 old=unlimited "
                 "new=50/s operator=parking_oncall_fanyu md5=5a2c8e7f10b3")
PARTNER_NOTE = ("parking_oncall_fanyu: 出口抬杆慢，查费接口 appKey=AK-STC-01（速停车）每 15 秒把两万多个车牌查一遍，已联系对方，"
                "先限流 50/s")
FEE_PEAK = 1487

# (10) the backup proxy VM next to node-04
BAD_NODE = "aj-k8s-node-04"
VMOTION = ("DRS migrated bak-proxy-02 (16 vCPU, Veeam backup proxy) esx-b-03 -> esx-b-07: host esx-b-03 entering maintenance "
           "mode (ticket INF-CHG-0412)")
BACKUP_START = "Veeam job BJ-NAS-weekly started on proxy bak-proxy-02 (16 concurrent tasks)"
VM_FIX = ("bak-proxy-02 migrated esx-b-07 -> esx-b-05 by infra_ops_dengkai, DRS rule anti-affinity k8s-nodes/backup-proxies "
          "added (INF-CHG-0412)")
APP_CONFIG = ("[nacos] config changed: dataId=aj-owner-app.yaml group=APP key=app.home.banner old=spring-festival-notice "
              "new=annual-fee-early-pay operator=app_dev_zhouxin md5=9f1d2b7c8e04")

# Healthy services' changes and the unrelated alerts
ANNOUNCE_DEPLOY = ("deploy finished: aj-announce 3.4.0 (was 3.3.2) rolled out by ci-bot pipeline=#5130; changes: 公告已读"
                   "统计")
DECORATION_CONFIG = ("[nacos] config changed: dataId=aj-decoration.yaml group=DECO key=deco.deposit.refund-days old=30 new=20 "
                     "operator=deco_dev_panrui md5=47ab0e3c9d16")

# --- Pods, nodes, devices ---------------------------------------------------------------------
Rollout = list[tuple[dt.datetime, tuple[str, ...]]]
ROLLOUTS: dict[str, Rollout] = {
    "aj-access-gate": [(START, pod_names("aj-access-gate", "2.13.4", 3)),
                       (_t("01:11"), pod_names("aj-access-gate", "2.14.0", 3))],
    "aj-parking": [(START, pod_names("aj-parking", "3.8.6", 3)), (_t("13:31"), pod_names("aj-parking", "3.9.0", 3))],
    "aj-elevator-iot": [(START, pod_names("aj-elevator-iot", "1.9.2", 3)),
                        (_t("09:51"), pod_names("aj-elevator-iot", "1.9.3", 3))],
    "aj-billing": [(START, pod_names("aj-billing", "5.4.1", 3))],
    "aj-payment": [(START, pod_names("aj-payment", "3.2.0", 3))],
    "aj-owner-app": [(START, pod_names("aj-owner-app", "6.8.2", 4))],
    "aj-visitor": [(START, pod_names("aj-visitor", "4.1.3", 2)), (_t("08:01"), pod_names("aj-visitor", "4.2.0", 2))],
    "aj-workorder": [(START, pod_names("aj-workorder", "7.1.5", 3))],
    "aj-iam": [(START, pod_names("aj-iam", "2.6.0", 2))],
    "aj-patrol": [(START, pod_names("aj-patrol", "2.2.4", 2))],
    "aj-energy": [(START, pod_names("aj-energy", "2.3.0", 2)), (_t("01:31"), pod_names("aj-energy", "2.3.1", 2))],
    "aj-basedata": [(START, pod_names("aj-basedata", "3.0.7", 2))],
    "aj-announce": [(START, pod_names("aj-announce", "3.3.2", 2)), (_t("10:01"), pod_names("aj-announce", "3.4.0", 2))],
    "aj-decoration": [(START, pod_names("aj-decoration", "1.8.0", 2))],
}
NODES = [f"aj-k8s-node-{n:02d}" for n in range(1, 7)]
EDGES = ["edge-jh-01", "edge-ch-01", "edge-ch-02", "edge-yq-01", "edge-ns-01", "edge-fl-01", "edge-fl-02"]
VMS = {
    "aj-k8s-node": NODES,
    "aj-ingress": ["edge-nginx-01", "edge-nginx-02"],
    "aj-edge": EDGES,
    "aj-iot-sim": ["cmp-ct-iot"],
    "aj-vsphere": ["vcenter-01"],
}
INSTANCES: dict[str, list[str]] = {service: list(steps[-1][1]) for service, steps in ROLLOUTS.items()} | VMS

APP_PODS = ROLLOUTS["aj-owner-app"][0][1]
APP_BAD_POD = APP_PODS[2]
PAY_PODS = ROLLOUTS["aj-payment"][0][1]
PAY_BAD_POD = PAY_PODS[0]
#: The pods the scheduler put on the node whose VM shares esx-b-07 with the backup proxy (nothing else of ours runs there).
ON_BAD_NODE = (APP_BAD_POD, PAY_BAD_POD)
_GOOD_NODES = [node for node in NODES if node != BAD_NODE]
#: The ESXi host of each node VM.
HOSTS = {"aj-k8s-node-01": "esx-b-01", "aj-k8s-node-02": "esx-b-03", "aj-k8s-node-03": "esx-b-05",
         "aj-k8s-node-04": "esx-b-07", "aj-k8s-node-05": "esx-b-01", "aj-k8s-node-06": "esx-b-05"}


def node_of(pod: str) -> str:
    """The node a pod runs on: the two pods on the bad node, the others spread over the five others."""
    if pod in ON_BAD_NODE:
        return BAD_NODE
    return _GOOD_NODES[int(hashlib.sha256(pod.encode()).hexdigest(), 16) % len(_GOOD_NODES)]


def pod_ip(pod: str) -> str:
    """The pod's address in its node's pod CIDR (10.244.<node>.0/24)."""
    node = int(node_of(pod)[-2:])
    return f"10.244.{node}.{int(hashlib.sha256(pod.encode()).hexdigest(), 16) % 200 + 20}"


SERVICES: list[Json] = [
    {"name": "aj-access-gate", "aliases": ["门禁", "门禁平台", "人脸门禁", "刷脸开门", "单元门", "人脸库"],
     "description": "门禁平台（Java，3 个副本）：小区大门闸机与单元门的人脸识别门禁、App 远程开门；每晚 02:30 CronJob "
                    "aj-access-gate-face-sync 按楼栋编码把住户人脸从基础数据同步到各楼栋的门禁设备组（增删差异）。"},
    {"name": "aj-basedata", "aliases": ["基础数据", "房屋档案", "楼栋档案", "住户档案"],
     "description": "基础数据（Java，2 个副本）：小区、楼栋（楼栋编码）、房屋、住户与人脸照片的主数据。"},
    {"name": "aj-parking", "aliases": ["停车", "停车系统", "停车场", "道闸", "车牌识别", "月卡"],
     "description": "停车系统（Java，3 个副本）：各小区出入口车牌识别相机（经社区边缘盒接入）、道闸抬杆、月卡匹配、临停计费与"
                    "出口查费；设备管理台可给相机推固件；对外开放平台 /open/v1 给停车聚合平台查费缴费（按 appKey 限流）；"
                    "数据库 parking-db。"},
    {"name": "aj-elevator-iot", "aliases": ["电梯物联网", "电梯监测", "电梯监测平台", "电梯", "困人告警"],
     "description": "电梯物联网监测（Go，3 个副本）：318 台电梯网关经 MQTT 上报运行状态、困人与故障告警，推给维保公司；312 台网关"
                    "用 4G 物联网卡（电信流量池 ANJU-ELEV-POOL，500 GB/月），6 台（南山名邸）走有线宽带。"},
    {"name": "aj-iot-sim", "aliases": ["物联网卡", "流量池", "CMP", "连接管理平台"],
     "description": "运营商物联网连接管理平台（CMP）的通知：流量池用量、达量断网、卡状态。"},
    {"name": "aj-billing", "aliases": ["计费", "物业费", "计费系统", "账单", "收费标准"],
     "description": "物业费计费（Java，3 个副本）：各小区收费标准（单价版本）、年度物业费账单、公摊费用入账；每天 01:00 CronJob "
                    "aj-billing-bill-refresh 按最新单价重算未缴账单。"},
    {"name": "aj-payment", "aliases": ["支付", "缴费", "支付服务", "微信支付"],
     "description": "支付（Java，3 个副本）：物业费、停车费的微信/支付宝支付下单、支付结果通知（回调 5 秒内须应答，否则微信重发）。"},
    {"name": "aj-owner-app", "aliases": ["业主 App", "App", "业主端", "App 后台", "小程序"],
     "description": "业主 App 与小程序后端（Java，4 个副本）：账单查询、缴费、报修、访客邀请、远程开门、意见反馈；缓存 Redis "
                    "aj-redis-app，数据库 MySQL aj-mysql-owner。"},
    {"name": "aj-visitor", "aliases": ["访客", "访客系统", "访客通行", "访客二维码", "访客码"],
     "description": "访客通行（Java，2 个副本）：业主邀请访客，签发带签名的访客二维码（ECDSA，按 kid 轮换密钥）；二维码在各小区"
                    "边缘盒上离线验签，密钥由本服务推送到边缘盒。"},
    {"name": "aj-edge", "aliases": ["边缘盒", "边缘服务器", "社区边缘", "岗亭服务器"],
     "description": "各小区出入口的边缘盒（edge-jh-01、edge-ch-01 南门、edge-ch-02 北门、edge-yq-01、edge-ns-01、edge-fl-01/02）："
                    "接入相机与闸机，离线验访客二维码，断网时缓存记录。"},
    {"name": "aj-workorder", "aliases": ["工单", "报修", "工单系统", "报事报修", "派单"],
     "description": "报事报修工单（Java，3 个副本）：业主报修按派单规则（如 CH-ENG-SD 水电）自动派给规则里组织单元的在岗师傅，"
                    "30 分钟未接单升级到项目经理。"},
    {"name": "aj-iam", "aliases": ["组织架构", "员工账号", "人员同步", "IAM"],
     "description": "员工组织与账号（Java，2 个副本）：每天 02:00 CronJob aj-iam-org-sync 从 HR 系统（北森）同步组织架构与人员。"},
    {"name": "aj-patrol", "aliases": ["巡更", "巡更系统", "巡检", "巡逻打卡", "巡更 App"],
     "description": "巡更巡检（Node.js，2 个副本）：保安巡更 App 按巡更点定位打卡（半径 30 米，App 上报 GCJ02 坐标），每 2 小时一圈。"},
    {"name": "aj-energy", "aliases": ["能耗", "能耗平台", "电表", "公摊", "能耗计量"],
     "description": "能耗计量（Python，2 个副本）：公区电表、水表远程抄表（按电表档案的寄存器位数做走字回零修正）；每天 03:00 "
                    "CronJob aj-energy-apportion 把前一天公区用电按户分摊（公摊电费）入账。"},
    {"name": "aj-announce", "aliases": ["社区公告", "公告", "通知公告"],
     "description": "社区公告（Node.js，2 个副本）：物业通知、停水停电公告的发布与推送，发布前过敏感词过滤。"},
    {"name": "aj-decoration", "aliases": ["装修报备", "装修", "装修管理"],
     "description": "装修报备（Java，2 个副本）：业主装修申请、押金、巡查记录与违规整改。"},
    {"name": "aj-ingress", "aliases": ["nginx", "公网入口", "网关", "API 网关"],
     "description": "公网入口 nginx（edge-nginx-01/02）：api.anjuwuye.com（业主 App）、open.anjuwuye.com（开放平台）。"},
    {"name": "aj-k8s-node", "aliases": ["K8s 节点", "工作节点", "节点"],
     "description": "集群 aj-prod 的 6 个节点 aj-k8s-node-01..06，都是 vSphere 虚拟机（esx-b-01/03/05/07 上）。"},
    {"name": "aj-vsphere", "aliases": ["vCenter", "虚拟化", "ESXi", "宿主机"],
     "description": "vCenter vcenter-01 与 ESXi 主机 esx-b-01..07：K8s 节点虚拟机、备份代理虚拟机 bak-proxy-01/02（开 DRS）。"},
]

WINDOWS = {
    "lpr": (_y("17:20:40"), _y("19:38:30")),
    "face": (_t("02:30:20"), _t("09:24:30")),
    "pool": (_t("10:42:10"), _t("12:15")),
    "bills": (_t("01:00"), _t("11:20:10")),
    "qr": (_t("08:30:05"), _t("11:25:20")),
    "dispatch": (_t("07:10"), _t("10:20:30")),
    "patrol": (_t("05:40:12"), _t("09:10:40")),
    "energy": (_y("22:40"), _t("10:50:40")),
    "partner": (_t("13:58"), _t("15:10:30")),
    "steal": (_t("15:33"), _t("16:08:30")),
}


def _inside(window: str, t: dt.datetime) -> bool:
    a, b = WINDOWS[window]
    return a <= t < b


def _night(t: dt.datetime) -> bool:
    return _y("23:30") <= t < _t("06:30")


# --- Business vocabulary -------------------------------------------------------------------------
Line = tuple[str, str, dict[str, Any]]
PLATE_CHARS = "ABCDEFGHJKLMNPQRSTUVWXYZ0123456789"
LANES = {code: [f"{code}-IN-1", f"{code}-IN-2", f"{code}-OUT-1", f"{code}-OUT-2"] for code in COMMUNITIES}
LANES["FL"] += ["FL-B2-IN", "FL-B2-OUT"]
REPAIR_KINDS = ["水电维修", "门窗维修", "管道疏通", "公区照明", "门禁故障"]
RULES = {"水电维修": "CH-ENG-SD", "门窗维修": "CH-ENG-MJ", "管道疏通": "CH-ENG-SD", "公区照明": "CH-ENG-TJ",
         "门禁故障": "CH-ENG-MJ"}
GATES_CH_NORTH = ["CH-N-PED-1", "CH-N-PED-2", "CH-N-CAR-1"]
ELEVATOR_COMMUNITIES = ["JH", "CH", "YQ", "FL"]  # 南山名邸's six gateways are on wired broadband


def _pod(w: WorldBuilder, service: str, t: dt.datetime) -> str:
    pods = ROLLOUTS[service][0][1]
    for moment, step in ROLLOUTS[service]:
        if moment <= t:
            pods = step
    return w.rng.choice(pods)


def _every(w: WorldBuilder, start: dt.datetime, end: dt.datetime, low: int, high: int) -> list[dt.datetime]:
    """Moments from ``start`` to ``end``, ``low``–``high`` seconds apart."""
    moment, out = start, []
    while moment < end:
        out.append(moment)
        moment += dt.timedelta(seconds=w.rng.randint(low, high), milliseconds=w.rng.randint(0, 999))
    return out


def _ops(w: WorldBuilder, moment: dt.datetime, service: str, message: str, **attributes: Any) -> None:
    """An on-call engineer's or a site lead's note in the service's channel (the ops console relays it to the logs)."""
    w.log(moment, service, "INFO", message, instance="ops-console", trace=False, **attributes)


def _plate(w: WorldBuilder) -> str:
    return "浙A" + "".join(w.rng.choice(PLATE_CHARS) for _ in range(5))


def _house(w: WorldBuilder, code: str, building: int | None = None) -> str:
    b = building if building is not None else w.rng.randint(1, 18)
    return f"{code}-{b}-{w.rng.randint(1, 3)}-{w.rng.randint(2, 28)}{w.rng.randint(1, 4):02d}"


def _order(w: WorldBuilder, prefix: str, t: dt.datetime) -> str:
    return f"{prefix}{t:%y%m%d}{w.rng.randint(100000, 999999)}"


def _pass(w: WorldBuilder, t: dt.datetime) -> str:
    return f"VP{t:%m%d}{w.rng.randint(100000, 999999)}"


def _guard(w: WorldBuilder, code: str) -> str:
    return f"G-{code}-{w.rng.randint(1, 24):02d}"


def _client_ip(w: WorldBuilder) -> str:
    return f"{w.rng.choice(['115.197', '60.176', '183.157', '223.93'])}.{w.rng.randint(1, 254)}.{w.rng.randint(1, 254)}"


def _gateway(w: WorldBuilder) -> tuple[str, str, int, int]:
    code = w.rng.choice(ELEVATOR_COMMUNITIES)
    building, car = w.rng.randint(1, 18), w.rng.randint(1, 3)
    return f"EG-{code}-{building:02d}-{car}", COMMUNITIES[code], building, car


# --- Noise: every service's ordinary day ----------------------------------------------------------
def _access(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "aj-access-gate", t)
    roll = w.rng.random()
    quiet = 0.35 if _night(t) else 1.0
    code = w.rng.choice(list(COMMUNITIES))
    building = w.rng.randint(1, 18)
    if code == "CH" and building == 7 and _inside("face", t):
        building = 6  # 7栋's doors open for nobody's face in the morning: their own lines say so
    if roll < 0.5 * quiet:
        return "INFO", (f"face verify device={code}-{building:02d}-{w.rng.randint(1, 2)}-UD result=PASS score="
                        f"{w.rng.uniform(0.86, 0.99):.2f} resident={_house(w, code, building)} door opened"), {"instance": pod}
    if roll < 0.7 * quiet:
        return "INFO", (f"remote open by app house={_house(w, code)} device={code}-MAIN-{w.rng.randint(1, 2)} ok "
                        f"took={w.ms(120, 600)}ms"), {"instance": pod}
    if roll < 0.9:
        return "INFO", f"device heartbeat batch {w.rng.randint(280, 312)}/312 online", {"instance": pod}
    return "WARN", (f"face verify device={code}-MAIN-{w.rng.randint(1, 2)} result=LOW_SCORE score="
                    f"{w.rng.uniform(0.55, 0.7):.2f} (mask or backlight), retry requested"), {"instance": pod}


def _basedata(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "aj-basedata", t)
    roll = w.rng.random()
    code = w.rng.choice(list(COMMUNITIES))
    if roll < 0.5:
        return "INFO", f"GET /api/base/v1/houses/{_house(w, code)} 200 took={w.ms(4, 40)}ms", {
            "instance": pod, "log_type": "access"}
    if roll < 0.8:
        return "INFO", f"resident face photo updated house={_house(w, code)} quality=0.{w.rng.randint(82, 98)}", {
            "instance": pod}
    return "INFO", f"resident moved in house={_house(w, code)} members={w.rng.randint(1, 5)} verified by 前台", {
        "instance": pod}


def _parking(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "aj-parking", t)
    roll = w.rng.random()
    codes = [c for c in COMMUNITIES if not (c == "FL" and _inside("lpr", t))]
    code = w.rng.choice(codes)
    lane = w.rng.choice(LANES[code])
    quiet = 0.4 if _night(t) else 1.0
    if roll < 0.4 * quiet:
        if "-IN" in lane:
            return "INFO", (f"entry {lane} plate={_plate(w)} color=蓝 conf={w.rng.uniform(0.93, 0.99):.2f}: monthly pass "
                            f"MP-{code}-{w.rng.randint(1, 900):04d} matched, gate opened"), {"instance": pod}
        took = w.ms(900, 2900) if _inside("partner", t) else w.ms(20, 90)  # slow but answered while the DB is saturated
        return "INFO", (f"exit {lane} plate={_plate(w)} conf={w.rng.uniform(0.93, 0.99):.2f}: fee ¥"
                        f"{w.rng.choice([0, 0, 5, 10, 15])}.00 query took={took}ms, gate opened"), {"instance": pod}
    if roll < 0.65 * quiet:
        return "INFO", (f"temp car paid plate={_plate(w)} community={COMMUNITIES[code]} amount=¥{w.rng.choice([5, 10, 15, 20])}"
                        f".00 channel={w.rng.choice(['wxpay', 'alipay'])}"), {"instance": pod}
    if roll < 0.85:
        caller = w.rng.choice(["AK-ALI-02", "AK-STC-01", "AK-ETC-03"])
        return "INFO", (f"GET /open/v1/parking/fee?plate={_plate(w)} 200 appKey={caller} took={w.ms(8, 40)}ms"), {
            "instance": pod, "log_type": "access"}
    if roll < 0.95:
        return "INFO", f"space count {COMMUNITIES[code]} free {w.rng.randint(3, 140)} pushed to guidance screens", {
            "instance": pod}
    return "WARN", (f"entry {lane} plate={_plate(w)} conf={w.rng.uniform(0.62, 0.78):.2f} low confidence (headlight glare), "
                    "matched by fuzzy rule"), {"instance": pod}


def _elevator(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "aj-elevator-iot", t)
    roll = w.rng.random()
    gw = _gateway(w)[0]
    if _inside("pool", t):  # only the wired gateways of 南山名邸 still report
        gw = f"EG-NS-{w.rng.randint(1, 6):02d}-1"
    if roll < 0.55:
        return "INFO", (f"status {gw} floor={w.rng.randint(1, 33)} dir={w.rng.choice(['UP', 'DOWN', 'IDLE'])} door=CLOSED "
                        f"speed={w.rng.uniform(0, 2.5):.1f}m/s run_count={w.rng.randint(100000, 900000)}"), {"instance": pod}
    if roll < 0.75:
        return "INFO", f"mqtt connections {w.rng.randint(300, 318) if not _inside('pool', t) else 6}, messages in {w.rng.randint(400, 900)}/s", {
            "instance": pod, "logger": "mqtt"}
    if roll < 0.92:
        return "INFO", f"maintenance record {gw} 半月保养 completed by 维保 {w.rng.choice(['奥的斯', '日立', '三菱'])}", {
            "instance": pod}
    return "WARN", f"{gw} door open time {w.rng.randint(31, 58)}s > 30s at floor {w.rng.randint(1, 30)} (moving furniture?)", {
        "instance": pod}


def _sim(w: WorldBuilder, t: dt.datetime) -> Line:
    if _t("10:42:10") <= t < _t("11:58"):
        return "WARN", (f"CMP: SIM 8986{w.rng.randint(10**15, 10**16 - 1)} PDP activation rejected: data service suspended "
                        "(pool limit reached)"), {"instance": "cmp-ct-iot"}
    if w.rng.random() < 0.7:
        return "INFO", f"CMP: SIM 8986{w.rng.randint(10**15, 10**16 - 1)} session online, APN cmiot-anju, RAT LTE-Cat1", {
            "instance": "cmp-ct-iot"}
    return "INFO", f"CMP: daily usage report pool ANJU-ELEV-POOL {w.rng.randint(308, 312)} SIMs active", {"instance": "cmp-ct-iot"}


def _billing(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "aj-billing", t)
    roll = w.rng.random()
    code = w.rng.choice(list(COMMUNITIES))
    if roll < 0.45:
        return "INFO", f"GET /api/billing/v1/houses/{_house(w, code)}/bills 200 took={w.ms(6, 60)}ms", {
            "instance": pod, "log_type": "access"}
    if roll < 0.8:
        return "INFO", (f"bill paid house={_house(w, code)} item={w.rng.choice(['2027物业费', '车位管理费', '公摊水电'])} "
                        f"amount=¥{w.rng.uniform(80, 6000):,.2f}"), {"instance": pod}
    return "INFO", f"rate cache refreshed: {w.rng.randint(38, 40)} rate versions", {"instance": pod}


def _payment(w: WorldBuilder, t: dt.datetime) -> Line:
    pods = [p for p in PAY_PODS if not (p == PAY_BAD_POD and _inside("steal", t))]
    pod = w.rng.choice(pods)
    roll = w.rng.random()
    if roll < 0.5:
        return "INFO", (f"wxpay jsapi order created out_trade_no={_order(w, 'PF', t)} amount=¥{w.rng.uniform(10, 6000):,.2f} "
                        f"took={w.ms(90, 300)}ms"), {"instance": pod}
    if roll < 0.85:
        return "INFO", f"wxpay notify verified out_trade_no={_order(w, 'PF', t)} trade_state=SUCCESS handled in {w.ms(30, 160)}ms", {
            "instance": pod}
    return "INFO", f"alipay settlement file pulled {w.rng.randint(100, 900)} records", {"instance": pod}


def _app(w: WorldBuilder, t: dt.datetime) -> Line:
    pods = [p for p in APP_PODS if not (p == APP_BAD_POD and _inside("steal", t))]
    pod = w.rng.choice(pods)
    roll = w.rng.random()
    quiet = 0.3 if _night(t) else 1.0
    code = w.rng.choice(list(COMMUNITIES))
    if roll < 0.35 * quiet:
        return "INFO", f"GET /api/v1/houses/{_house(w, code)}/bills 200 took={w.ms(20, 150)}ms", {
            "instance": pod, "log_type": "access"}
    if roll < 0.55 * quiet:
        return "INFO", f"POST /api/v1/pay/prepay house={_house(w, code)} 200 took={w.ms(150, 600)}ms", {
            "instance": pod, "log_type": "access"}
    if roll < 0.8:
        return "INFO", f"GET /api/v1/home 200 took={w.ms(15, 90)}ms", {"instance": pod, "log_type": "access"}
    if roll < 0.95:
        return "INFO", f"redis aj-redis-app GET session hit ratio {w.rng.uniform(0.93, 0.99):.2f}", {
            "instance": pod, "logger": "cache"}
    return "WARN", "login SMS code expired (older than 300s), user asked to resend", {"instance": pod}


def _visitor(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "aj-visitor", t)
    roll = w.rng.random()
    kid = "vk-2027-02" if t >= _t("08:30:05") else "vk-2027-01"
    if roll < 0.45:
        return "INFO", (f"pass {_pass(w, t)} issued house={_house(w, w.rng.choice(list(COMMUNITIES)))} valid 4h "
                        f"kid={kid}"), {"instance": pod}
    if roll < 0.8:
        gate = w.rng.choice(["JH-MAIN-PED", "CH-S-PED-1", "YQ-MAIN-PED", "NS-MAIN-PED", "FL-MAIN-PED"])
        return "INFO", f"pass {_pass(w, t)} used at {gate} (verified on edge)", {"instance": pod}
    return "INFO", f"GET /api/visitor/v1/passes?house=... 200 took={w.ms(6, 50)}ms", {"instance": pod, "log_type": "access"}


EDGE_GATES = {"edge-jh-01": "JH-MAIN-PED", "edge-ch-01": "CH-S-PED-1", "edge-ch-02": "CH-N-PED-1", "edge-yq-01": "YQ-MAIN-PED",
              "edge-ns-01": "NS-MAIN-PED", "edge-fl-01": "FL-MAIN-PED", "edge-fl-02": "FL-E-PED"}


def _edge(w: WorldBuilder, t: dt.datetime) -> Line:
    box = w.rng.choice(EDGES)
    if box == "edge-ch-02" and _t("08:12") <= t < _t("08:41"):
        box = "edge-ch-01"  # the north gate's box is off the network during its modem swap
    roll = w.rng.random()
    if roll < 0.4:
        # After the rotation the passes carry the new kid; at the north gate only the older passes still verify.
        new = t >= _t("08:40") and not (box == "edge-ch-02" and _inside("qr", t)) and (w.rng.random() < 0.8 or t >= _t("12:40"))
        kid = "vk-2027-02" if new else "vk-2027-01"
        return "INFO", f"QR verify ok gate={EDGE_GATES[box]} kid={kid} pass={_pass(w, t)}", {"instance": box}
    if roll < 0.8:
        return "INFO", f"camera and gate heartbeat ok ({w.rng.randint(4, 12)} devices), uplink rtt {w.ms(8, 40)}ms", {
            "instance": box}
    return "INFO", f"access records uploaded {w.rng.randint(10, 120)}", {"instance": box}


def _workorder(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "aj-workorder", t)
    roll = w.rng.random()
    code = w.rng.choice([c for c in COMMUNITIES if not (c == "CH" and _inside("dispatch", t))])
    kind = w.rng.choice(REPAIR_KINDS)
    if roll < 0.4 and not _night(t):
        return "INFO", (f"order {_order(w, 'WO-' + code + '-', t)} ({kind}) house={_house(w, code)} auto-dispatched to "
                        f"T-{code}-{w.rng.randint(1, 14):02d} rule={code}-ENG-SD"), {"instance": pod}
    if roll < 0.7:
        return "INFO", f"order {_order(w, 'WO-' + code + '-', t)} ({kind}) accepted in {w.rng.randint(2, 18)} min", {
            "instance": pod}
    return "INFO", f"order {_order(w, 'WO-' + code + '-', t)} closed, owner rating {w.rng.choice([4, 5, 5, 5])}", {
        "instance": pod}


def _iam(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "aj-iam", t)
    if w.rng.random() < 0.6:
        return "INFO", f"POST /oauth/token grant=password client=staff-app 200 took={w.ms(30, 120)}ms", {
            "instance": pod, "log_type": "access"}
    return "INFO", f"staff login staff=S{w.rng.randint(10000, 19999)} device=android ok", {"instance": pod}


def _patrol(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "aj-patrol", t)
    roll = w.rng.random()
    code = w.rng.choice([c for c in COMMUNITIES if not (c == "NS" and _inside("patrol", t))])
    if roll < 0.6:
        return "INFO", (f"checkin ok guard={_guard(w, code)} point={code}-P-{w.rng.randint(1, 46):02d} distance="
                        f"{w.rng.randint(2, 24)}m"), {"instance": pod}
    if roll < 0.85:
        return "INFO", f"offline records uploaded guard={_guard(w, code)} count={w.rng.randint(1, 12)}", {"instance": pod}
    return "WARN", (f"checkin guard={_guard(w, code)} point={code}-P-{w.rng.randint(1, 46):02d} gps accuracy "
                    f"{w.rng.randint(35, 60)}m (indoor), accepted by beacon"), {"instance": pod}


def _energy(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "aj-energy", t)
    roll = w.rng.random()
    code = w.rng.choice(list(COMMUNITIES))
    if roll < 0.6:
        return "INFO", (f"meter {code}-{w.rng.randint(1, 18)}-PUB-01 reading {w.rng.uniform(1000, 90000):.2f} kWh delta "
                        f"{w.rng.uniform(0.2, 3.5):.2f} kWh"), {"instance": pod}
    if roll < 0.85:
        return "INFO", f"DL/T645 poll concentrator {code}-CC-{w.rng.randint(1, 4)} {w.rng.randint(20, 40)} meters ok", {
            "instance": pod}
    return "WARN", f"meter {code}-{w.rng.randint(1, 18)}-W-{w.rng.randint(1, 3)} water meter no answer, retry 1", {
        "instance": pod}


def _ingress(w: WorldBuilder, t: dt.datetime) -> Line:
    edge = w.rng.choice(VMS["aj-ingress"])
    roll = w.rng.random()
    if roll < 0.6:
        return "INFO", (f'{_client_ip(w)} - - "GET /api/v1/home HTTP/2.0" 200 {w.rng.randint(900, 4000)} '
                        f'host=api.anjuwuye.com rt={w.rng.uniform(0.01, 0.1):.3f}'), {"instance": edge, "log_type": "access"}
    if roll < 0.85:
        return "INFO", (f'{_client_ip(w)} - - "GET /open/v1/parking/fee HTTP/1.1" 200 {w.rng.randint(200, 400)} '
                        f'host=open.anjuwuye.com ua="AliParking/3.1" rt={w.rng.uniform(0.01, 0.05):.3f}'), {
            "instance": edge, "log_type": "access"}
    return "INFO", f"nginx: worker process {w.rng.randint(2000, 2100)} ssl session cache usage {w.rng.randint(10, 40)}%", {
        "instance": edge}


HAZARD_NOTES = ["敏感词命中「维权」", "敏感词命中「拉横幅」", "外链未备案", "图片含二维码"]
VIOLATIONS = ["拆改承重墙嫌疑", "未报备动火作业", "建筑垃圾堆放楼道", "空调外机位置不符"]


def _announce(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "aj-announce", t)
    roll = w.rng.random()
    code = w.rng.choice(list(COMMUNITIES))
    if roll < 0.5:
        return "INFO", f"notice N{w.rng.randint(10000, 99999)} published {COMMUNITIES[code]} pushed to {w.rng.randint(300, 2400)} owners", {
            "instance": pod}
    if roll < 0.8:
        return "INFO", f"GET /api/notice/v1/list 200 took={w.ms(8, 60)}ms", {"instance": pod, "log_type": "access"}
    return "WARN", (f"notice N{w.rng.randint(10000, 99999)} held for review: {w.rng.choice(HAZARD_NOTES)} "
                    "(sensitive-word filter)"), {"instance": pod}


def _decoration(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "aj-decoration", t)
    roll = w.rng.random()
    house = _house(w, w.rng.choice(list(COMMUNITIES)))
    if roll < 0.5:
        return "INFO", f"decoration filing house={house} approved, deposit ¥{w.rng.choice([2000, 3000, 5000])}.00", {
            "instance": pod}
    if roll < 0.75:
        return "INFO", f"GET /api/deco/v1/filings 200 took={w.ms(8, 70)}ms", {"instance": pod, "log_type": "access"}
    return "WARN", (f"inspection violation house={house}: {w.rng.choice(VIOLATIONS)}, rectification notice issued "
                    "(整改通知已发)"), {"instance": pod}


def _node(w: WorldBuilder, t: dt.datetime) -> Line:
    node = w.rng.choice(NODES)
    roll = w.rng.random()
    stamp = f"I{t:%m%d} {t:%H:%M:%S}.{w.rng.randint(100000, 999999)}"
    if roll < 0.4:
        return "INFO", (f'kubelet[{w.rng.randint(1800, 2400)}]: {stamp} image_gc_manager.go:391] "Disk usage on image '
                        f'filesystem is below the low threshold" usage={w.rng.randint(28, 55)} lowThreshold=80'), {
            "instance": node}
    if roll < 0.7:
        return "INFO", f"systemd[1]: Started Session {w.rng.randint(1000, 9000)} of User root.", {"instance": node}
    if roll < 0.85:
        return "INFO", f"vmtoolsd[{w.rng.randint(600, 700)}]: Guest heartbeat ok, host {HOSTS[node]}", {"instance": node}
    return "INFO", (f"chronyd[{w.rng.randint(700, 900)}]: Selected source 10.8.0.1 (ntp.anju.local), offset "
                    f"{w.rng.uniform(-0.4, 0.4):.3f}ms"), {"instance": node}


def _vsphere(w: WorldBuilder, t: dt.datetime) -> Line:
    roll = w.rng.random()
    if roll < 0.5:
        host = w.rng.choice(["esx-b-01", "esx-b-03", "esx-b-05", "esx-b-07"])
        return "INFO", f"host {host} CPU usage {w.rng.randint(22, 48)}%, memory {w.rng.randint(55, 72)}%", {"instance": "vcenter-01"}
    if roll < 0.8:
        return "INFO", f"Task: Create virtual machine snapshot of bak-test-0{w.rng.randint(1, 3)} completed", {
            "instance": "vcenter-01"}
    return "INFO", "DRS: cluster AJ-PROD balanced, no recommendation", {"instance": "vcenter-01"}


NOISE = {
    "aj-access-gate": (_access, 40), "aj-basedata": (_basedata, 150), "aj-parking": (_parking, 35),
    "aj-elevator-iot": (_elevator, 45), "aj-iot-sim": (_sim, 600), "aj-billing": (_billing, 90),
    "aj-payment": (_payment, 60), "aj-owner-app": (_app, 30), "aj-visitor": (_visitor, 90), "aj-edge": (_edge, 120),
    "aj-workorder": (_workorder, 90), "aj-iam": (_iam, 240), "aj-patrol": (_patrol, 120), "aj-energy": (_energy, 100),
    "aj-ingress": (_ingress, 50), "aj-announce": (_announce, 150), "aj-decoration": (_decoration, 150),
    "aj-k8s-node": (_node, 420), "aj-vsphere": (_vsphere, 900),
}


def _rolled(w: WorldBuilder, service: str, started: str, stopping: str) -> None:
    """The pods of a rollout: each new pod says it started, each old one that it stops (in the runtime's words)."""
    steps = ROLLOUTS[service]
    at, old = steps[-1][0], steps[-2][1]
    for index, new in enumerate(steps[-1][1]):
        moment = at + dt.timedelta(seconds=25 * index, milliseconds=w.rng.randint(0, 999))
        w.log(moment, service, "INFO", started.format(s=w.rng.randint(90, 260) / 10), instance=new, trace=False)
        if index < len(old):
            w.log(moment + dt.timedelta(seconds=12), service, "INFO", stopping, instance=old[index], trace=False)


SPRING_START = "Started {app} in {{s}} seconds (process running for 19.4)"
SPRING_STOP = "Commencing graceful shutdown. Waiting for active requests to complete"


# --- Incident 1: the plate cameras' firmware drops the province character -------------------------------------
FL_ENTRY = ["FL-IN-1", "FL-IN-2", "FL-B2-IN"]
FL_EXIT = ["FL-OUT-1", "FL-OUT-2", "FL-B2-OUT"]


def plate_firmware(w: WorldBuilder) -> None:
    parking = "aj-parking"
    pods = ROLLOUTS[parking][0][1]
    w.log(_y("17:05:12.204"), parking, "INFO", PARKING_CONFIG, instance=pods[0], change="config")
    w.log(_y("17:12:30.118"), parking, "INFO", FW_UPGRADE, instance=pods[1], trace=False, change="firmware")
    w.log(_y("17:20:40.551"), parking, "INFO", FW_DONE, instance=pods[1], trace=False)
    for moment in _every(w, _y("17:21"), _y("19:38"), 6, 28):
        lane_in = w.rng.random() < 0.55
        plate = _plate(w)[1:]  # V5.6.10 reads 浙A7K29M as A7K29M
        lane = w.rng.choice(FL_ENTRY if lane_in else FL_EXIT)
        conf = w.rng.uniform(0.9, 0.98)
        template = ENTRY_UNMATCHED if lane_in else EXIT_UNMATCHED
        w.log(moment, parking, "WARN", template.format(lane=lane, plate=plate, conf=conf), instance=w.rng.choice(pods))
        if w.rng.random() < 0.6:
            w.log(moment + dt.timedelta(seconds=w.rng.randint(20, 90)), parking, "INFO",
                  MANUAL_RELEASE.format(lane=lane, guard=_guard(w, "FL"),
                                        reason="业主月卡车识别不符" if lane_in else "无入场记录"),
                  instance=w.rng.choice(pods))
    for moment in _every(w, _y("17:40"), _y("19:35"), 420, 900):
        w.log(moment, parking, "ERROR", f"枫林小镇 queue at {w.rng.choice(FL_ENTRY)}: {w.rng.randint(6, 19)} cars waiting, "
              f"manual releases {w.rng.randint(22, 41)} in last 10 min", instance=w.rng.choice(pods))
    _ops(w, _y("18:06:40.330"), parking, FL_GUARD_NOTE)
    w.log(_y("19:38:20.118"), parking, "INFO", FW_ROLLBACK, instance=pods[1], trace=False, change="firmware")
    w.log(_y("19:46:05.441"), parking, "INFO", "device firmware upgrade task FW-UP-20270125-04 finished: 6/6 cameras rebooted "
          "on V5.5.80", instance=pods[1], trace=False)
    w.alert("ParkingManualReleaseHigh", parking, "warning", _y("17:48"), _y("19:52"), "34 次/10分钟",
            "枫林小镇人工抬杆 34 次/10分钟，超过阈值 15", namespace=NS, community="枫林小镇")


# --- Incident 2: the building code rename and the nightly face sync ------------------------------------------
CH7_DOORS = ["CH-07-1-UD", "CH-07-1-UD-B", "CH-07-2-UD", "CH-07-2-UD-B"]
FACE_REJECTS = [(START, 0), (_t("06:05"), 0), (_t("06:15"), 4), (_t("06:50"), 19), (_t("07:20"), 33), (_t("07:40"), 38),
                (_t("07:41"), 37), (_t("07:42"), 41), (_t("07:43"), 37), (_t("07:44"), 36), (_t("08:10"), 29), (_t("08:50"), 17), (_t("09:20"), 9),
                (_t("09:24"), 0), (REFERENCE, 0)]
FACE_PEAK = 41


def face_wipe(w: WorldBuilder) -> None:
    access, base = "aj-access-gate", "aj-basedata"
    w.log(_y("18:10:44.330"), base, "INFO", BUILDING_RENAME, instance=ROLLOUTS[base][0][1][0], trace=False,
          change="masterdata")
    w.log(_t("01:10:20.118"), access, "INFO", ACCESS_DEPLOY, instance=ROLLOUTS[access][1][1][0], change="deploy")
    _rolled(w, access, SPRING_START.format(app="AccessGateApplication"), SPRING_STOP)
    w.log(_t("02:30:03.204"), access, "INFO", f"face sync start (CronJob {FACE_CRON}, job {FACE_JOB}): 5 communities, 312 "
          "devices, source aj-basedata", instance=FACE_POD, job="face-sync")
    w.log(_t("02:31:40.551"), access, "INFO", FACE_DELETE, instance=FACE_POD, job="face-sync")
    w.log(_t("02:31:40.912"), access, "INFO", FACE_SKIP, instance=FACE_POD, job="face-sync")
    for index, door in enumerate(CH7_DOORS):
        w.log(_t("02:32:05") + dt.timedelta(seconds=4 * index, milliseconds=w.rng.randint(0, 999)), access, "INFO",
              f"device {door} library delete 109 faces ok, library now 0 faces", instance=FACE_POD, job="face-sync")
    w.log(_t("02:38:10.118"), access, "INFO", FACE_DONE, instance=FACE_POD, job="face-sync")
    pods = ROLLOUTS[access][1][1]
    for moment in _every(w, _t("06:10"), _t("09:21"), 4, 40):
        rate = 1.0 if _t("06:50") <= moment < _t("08:50") else 0.45
        if w.rng.random() > rate:
            continue
        w.log(moment, access, "WARN", FACE_REJECT.format(device=w.rng.choice(CH7_DOORS)), instance=w.rng.choice(pods))
        if w.rng.random() < 0.4:
            w.log(moment + dt.timedelta(seconds=w.rng.randint(15, 80)), access, "INFO",
                  f"remote open by app house={_house(w, 'CH', 7)} device={w.rng.choice(CH7_DOORS)} ok took={w.ms(150, 700)}ms",
                  instance=w.rng.choice(pods))
    _ops(w, _t("07:55:30.204"), access, FACE_NOTE)
    w.log(_t("09:20:10.441"), access, "INFO", FACE_FIX, instance=pods[0], trace=False, change="ops")
    for index, door in enumerate(CH7_DOORS):
        w.log(_t("09:21:00") + dt.timedelta(seconds=60 * index, milliseconds=w.rng.randint(0, 999)), access, "INFO",
              f"device {door} library add 109 faces ok, library now 109 faces", instance=pods[0])
    w.alert("FaceRejectRateHigh", access, "warning", _t("06:40"), _t("09:40"), "19 次/分钟",
            "翠湖湾人脸未注册拒绝 19 次/分钟，超过阈值 10", namespace=NS, community="翠湖湾")


# --- Incident 3: the elevator snapshots and the carrier's data pool -------------------------------------------
POOL = [(START, 92.6), (_y("17:25"), 92.7), (_t("07:58"), 95.0), (_t("10:30"), 99.5), (_t("10:42"), 100.0),
        (_t("11:57"), 100.0), (_t("11:58"), 83.4), (REFERENCE, 84.1)]
OFFLINE = [(START, 2), (_t("10:42"), 2), (_t("10:46"), 118), (_t("10:50"), 236), (_t("11:05"), 297), (_t("11:20"), 312),
           (_t("11:21"), 310), (_t("11:58"), 310), (_t("12:05"), 96), (_t("12:15"), 3), (REFERENCE, 2)]
OFFLINE_PEAK = 312


def pool_exhausted(w: WorldBuilder) -> None:
    elevator, sim = "aj-elevator-iot", "aj-iot-sim"
    pods = ROLLOUTS[elevator][0][1]
    w.log(_y("17:25:18.441"), elevator, "INFO", SNAPSHOT_CONFIG, instance=pods[0], trace=False, change="config")
    for moment in _every(w, _y("17:26"), _t("10:42"), 600, 1500):
        gw, community, building, car = _gateway(w)
        w.log(moment, elevator, "INFO", f"snapshot uploaded {gw} ({community} {building}栋 {car}号梯) size="
              f"{w.rng.randint(62, 98)}KB -> oss://aj-elevator-snap/{moment:%Y%m%d}/", instance=w.rng.choice(pods))
    w.log(_t("07:58:02.118"), sim, "WARN", POOL_NOTICE, instance="cmp-ct-iot", trace=False)
    w.log(_t("09:50:30.204"), elevator, "INFO", ELEVATOR_DEPLOY, instance=ROLLOUTS[elevator][1][1][0], change="deploy")
    _rolled(w, elevator, "aj-elevator-iot started in {s}s: mqtt subscriber up, 318 gateways known",
            "aj-elevator-iot: SIGTERM received, draining mqtt subscriber")
    w.log(_t("10:42:10.330"), sim, "ERROR", POOL_EXHAUSTED, instance="cmp-ct-iot", trace=False)
    new_pods = ROLLOUTS[elevator][1][1]
    for moment in _every(w, _t("10:43:30"), _t("11:21"), 4, 14):
        gw, community, building, car = _gateway(w)
        w.log(moment, elevator, "WARN", GATEWAY_OFFLINE.format(gw=gw, community=community, building=building, car=car,
                                                               ago=w.rng.randint(95, 400)),
              instance=w.rng.choice(new_pods))
    for moment in _every(w, _t("10:50"), _t("11:58"), 240, 420):
        w.log(moment, elevator, "ERROR", f"gateways offline {w.rng.randint(236, 312)}/318: trapped-passenger alarms cannot "
              "reach maintenance companies for offline cars", instance=w.rng.choice(new_pods))
    _ops(w, _t("11:08:20.551"), elevator, ELEVATOR_NOTE)
    w.log(_t("11:52:40.204"), sim, "INFO", POOL_TOPUP, instance="cmp-ct-iot", trace=False, change="carrier")
    w.log(_t("11:55:10.118"), elevator, "INFO", SNAPSHOT_FIX, instance=new_pods[0], trace=False, change="config")
    w.log(_t("11:58:02.330"), sim, "INFO", "CMP notice: pool ANJU-ELEV-POOL 500.00 of 600 GB, data service active for 312 "
          "SIMs", instance="cmp-ct-iot", trace=False)
    for moment in _every(w, _t("11:59"), _t("12:15"), 20, 60):
        gw, community, building, car = _gateway(w)
        w.log(moment, elevator, "INFO", f"gateway {gw} ({community} {building}栋 {car}号梯) online, session restored",
              instance=w.rng.choice(new_pods))
    w.alert("ElevatorGatewaysOffline", elevator, "critical", _t("10:48"), _t("12:18"), "236 台",
            "电梯网关离线 236 台，超过阈值 20", namespace=NS)
    w.alert("ElevatorSimPoolUsageHigh", sim, "warning", dt.datetime(2027, 1, 22, 9, 0, tzinfo=TZ), None, "84.1%",
            "流量池 ANJU-ELEV-POOL 使用率 84.1%，超过阈值 80%", pool="ANJU-ELEV-POOL")


# --- Incident 4: the 2027 rate imported for the wrong community -----------------------------------------------
DISPUTES = [(START, 1), (_t("07:30"), 1), (_t("08:00"), 14), (_t("08:25"), 32), (_t("09:10"), 58), (_t("09:40"), 64),
            (_t("10:30"), 51), (_t("11:20"), 30), (_t("12:00"), 6), (REFERENCE, 2)]


def wrong_community_rate(w: WorldBuilder) -> None:
    billing, app, payment = "aj-billing", "aj-owner-app", "aj-payment"
    bpods = ROLLOUTS[billing][0][1]
    w.log(_y("18:40:05.604"), billing, "INFO", RATE_IMPORT, instance=bpods[0], trace=False, change="rate-import")
    w.log(_t("01:00:03.412"), billing, "INFO", f"bill refresh start (CronJob {BILL_CRON}, schedule \"0 1 * * *\", job "
          f"{BILL_JOB}): rate versions changed since last run: RV-JH-2027-02", instance=BILL_POD, job="bill-refresh")
    w.log(_t("01:06:40.118"), billing, "INFO", BILL_REFRESH, instance=BILL_POD, job="bill-refresh")
    w.log(_t("07:20:15.330"), billing, "INFO", BILLING_CONFIG, instance=bpods[1], change="config")
    for moment in _every(w, _t("07:40"), _t("11:20"), 10, 45):
        house = _house(w, "JH")
        area = w.rng.uniform(78, 142)
        amount = round(area * 3.5 * 12, 2)
        trace = w.hex(32)
        w.log(moment, app, "INFO", f"GET /api/v1/houses/{house}/bills/annual 200 year=2027 area={area:.2f}㎡ rate=3.50 "
              f"amount=¥{amount:,.2f} took={w.ms(20, 90)}ms", instance=w.rng.choice(APP_PODS), log_type="access",
              trace_id=trace)
        roll = w.rng.random()
        if roll < 0.3:
            w.log(moment + dt.timedelta(seconds=w.rng.randint(30, 300)), app, "WARN",
                  FEE_DISPUTE.format(house=house, amount=amount), instance=w.rng.choice(APP_PODS), trace_id=trace)
        elif roll < 0.42:
            w.log(moment + dt.timedelta(seconds=w.rng.randint(60, 400)), payment, "INFO",
                  f"wxpay notify verified out_trade_no={_order(w, 'PF', moment)} item=2027物业费 house={house} amount="
                  f"¥{amount:,.2f} trade_state=SUCCESS", instance=w.rng.choice(PAY_PODS))
    _ops(w, _t("10:05:40.204"), billing, "billing_lead_hewei: 锦华苑 2027 单价 3.50 是翠湖湾业委会刚通过的新价，锦华苑应为 2.60，"
         "查昨晚的单价导入")
    w.log(_t("11:20:10.441"), billing, "INFO", RATE_FIX, instance=bpods[2], trace=False, change="rate-import")
    w.log(_t("11:27:30.118"), billing, "INFO", REFUND_NOTE, instance=bpods[2], trace=False)
    w.alert("FeeDisputeSurge", app, "warning", _t("08:25"), _t("11:45"), "32 件/小时",
            "物业费异议反馈 32 件/小时，超过阈值 20", namespace=NS, category="物业费异议")


# --- Incident 5: the signing key rotated, one edge box without it ---------------------------------------------
def key_one_box(w: WorldBuilder) -> None:
    visitor, edge = "aj-visitor", "aj-edge"
    w.log(_t("08:00:20.441"), visitor, "INFO", VISITOR_DEPLOY, instance=ROLLOUTS[visitor][1][1][0], change="deploy")
    _rolled(w, visitor, SPRING_START.format(app="VisitorApplication"), SPRING_STOP)
    pods = ROLLOUTS[visitor][1][1]
    w.log(_t("08:12:04.118"), edge, "WARN", EDGE_DOWN, instance="edge-ch-02", trace=False)
    w.log(_t("08:30:05.204"), visitor, "INFO", KEY_ROTATE, instance=pods[0], trace=False, change="key-rotation")
    w.log(_t("08:30:38.551"), visitor, "WARN", KEY_PUSH, instance=pods[0], trace=False)
    w.log(_t("08:41:12.330"), edge, "INFO", EDGE_UP, instance="edge-ch-02", trace=False)
    for moment in _every(w, _t("08:48"), _t("11:25"), 25, 120):
        passid, gate = _pass(w, moment), w.rng.choice(GATES_CH_NORTH)
        w.log(moment, edge, "ERROR", QR_REFUSED.format(gate=gate, passid=passid), instance="edge-ch-02", trace=False)
        w.log(moment + dt.timedelta(seconds=w.rng.randint(2, 20)), visitor, "WARN",
              QR_REPORTED.format(passid=passid, gate=gate), instance=w.rng.choice(pods))
    _ops(w, _t("09:12:20.118"), visitor, GATE_NOTE)
    w.log(_t("11:25:20.204"), visitor, "INFO", KEY_REPUSH, instance=pods[1], trace=False, change="key-rotation")
    w.log(_t("11:25:31.441"), edge, "INFO", "keyring updated: vk-2026-10, vk-2027-01, vk-2027-02", instance="edge-ch-02",
          trace=False)
    w.alert("VisitorPassRejectsHigh", visitor, "warning", _t("09:05"), _t("11:30"), "9 次/10分钟",
            "访客码拒绝 9 次/10分钟（翠湖湾北门），超过阈值 5", namespace=NS, gate="翠湖湾北门")


# --- Incident 6: the restructure emptying the dispatch group --------------------------------------------------
UNASSIGNED = [(START, 0), (_t("07:10"), 0), (_t("07:40"), 6), (_t("08:30"), 17), (_t("09:30"), 24), (_t("10:15"), 27),
              (_t("10:25"), 1), (REFERENCE, 0)]


def org_restructure(w: WorldBuilder) -> None:
    wo, iam = "aj-workorder", "aj-iam"
    pods = ROLLOUTS[wo][0][1]
    w.log(_t("02:00:04.118"), iam, "INFO", f"org sync start (CronJob {ORG_CRON}, job {ORG_JOB}) source=北森 HR",
          instance=ORG_POD, job="org-sync")
    w.log(_t("02:03:12.330"), iam, "INFO", ORG_SYNC, instance=ORG_POD, job="org-sync")
    w.log(_t("02:03:30.204"), iam, "INFO", "org sync done: 3 units moved, 41 staff updated, 0 accounts disabled",
          instance=ORG_POD, job="org-sync")
    w.log(_t("06:50:40.441"), wo, "INFO", WO_CONFIG, instance=pods[0], change="config")
    pooled = []
    for moment in _every(w, _t("07:10"), _t("10:20"), 240, 600):
        kind = w.rng.choice(REPAIR_KINDS)
        order = _order(w, "WO-CH-", moment)
        w.log(moment, wo, "WARN", DISPATCH_FAIL.format(order=order, kind=kind, house=_house(w, "CH"), rule=RULES[kind]),
              instance=w.rng.choice(pods))
        pooled.append((moment, order, kind))
    for moment, order, kind in pooled:
        breach = moment + dt.timedelta(minutes=30, seconds=w.rng.randint(0, 50))
        if breach < _t("10:20:30"):
            w.log(breach, wo, "ERROR", SLA_BREACH.format(order=order, kind=kind), instance=w.rng.choice(pods))
    _ops(w, _t("08:52:10.118"), wo, WO_NOTE)
    w.log(_t("10:20:30.204"), wo, "INFO", DISPATCH_FIX, instance=pods[1], trace=False, change="config")
    w.alert("WorkOrderSlaBreach", wo, "warning", _t("07:45"), _t("10:40"), "6 单",
            "翠湖湾工单 30 分钟未接单 6 单，超过阈值 5", namespace=NS, community="翠湖湾")


# --- Incident 7: patrol points in WGS84 ------------------------------------------------------------------------
def patrol_datum(w: WorldBuilder) -> None:
    patrol = "aj-patrol"
    pods = ROLLOUTS[patrol][0][1]
    w.log(_t("05:10:30.118"), patrol, "INFO", PATROL_CONFIG, instance=pods[0], change="config")
    w.log(_t("05:40:12.330"), patrol, "INFO", PATROL_IMPORT, instance=pods[1], trace=False, change="import")
    for round_start in ("06:00", "08:00"):
        name = f"R-NS-{round_start.replace(':', '')}"
        start = _t(round_start)
        for moment in _every(w, start + dt.timedelta(minutes=2), start + dt.timedelta(minutes=55), 40, 110):
            w.log(moment, patrol, "WARN", CHECKIN_REJECT.format(
                guard=_guard(w, "NS"), point=f"NS-P-{w.rng.randint(1, 46):02d}", round=name, d=w.rng.randint(488, 546),
                lat=30.2412 + w.rng.uniform(-0.004, 0.004), lng=120.1418 + w.rng.uniform(-0.004, 0.004)),
                instance=w.rng.choice(pods))
        w.log(start + dt.timedelta(hours=1, seconds=5), patrol, "ERROR",
              ROUND_MISSED.format(round=name, done=0), instance=w.rng.choice(pods))
    _ops(w, _t("06:42:30.204"), patrol, PATROL_NOTE)
    w.log(_t("09:10:40.441"), patrol, "INFO", PATROL_FIX, instance=pods[0], trace=False, change="import")
    w.log(_t("11:30:05.118"), patrol, "INFO", "round R-NS-1000 南山名邸 closed: 46/46 points checked in", instance=pods[1])
    w.alert("PatrolRoundMissed", patrol, "warning", _t("06:45"), _t("09:20"), "1 圈",
            "南山名邸巡更漏巡 1 圈（0/46 点），超过阈值 0", namespace=NS, community="南山名邸")


# --- Incident 8: the register digits and the rollover ------------------------------------------------------
def meter_rollover(w: WorldBuilder) -> None:
    energy, billing, app = "aj-energy", "aj-billing", "aj-owner-app"
    pods = ROLLOUTS[energy][0][1]
    w.log(_y("19:30:40.204"), energy, "INFO", METER_IMPORT, instance=pods[0], trace=False, change="masterdata")
    w.log(_y("22:30:12.118"), energy, "INFO", "meter YQ-5-PUB-01 reading 99998.62 kWh delta 0.31 kWh", instance=pods[1])
    w.log(_y("22:40:09.330"), energy, "WARN", ROLLOVER, instance=pods[1])
    w.log(_t("01:30:20.551"), energy, "INFO", ENERGY_DEPLOY, instance=ROLLOUTS[energy][1][1][0], change="deploy")
    _rolled(w, energy, "uvicorn: Application startup complete ({s}s)", "uvicorn: Shutting down")
    w.log(_t("03:00:02.441"), energy, "INFO", f"apportion start (CronJob {APPORTION_CRON}, job {APPORTION_JOB}) day=2027-01-25 "
          "5 communities", instance=APPORTION_POD, job="apportion")
    w.log(_t("03:02:40.118"), energy, "INFO", APPORTION, instance=APPORTION_POD, job="apportion")
    w.log(_t("03:02:41.330"), energy, "WARN", "apportion check: 云栖府 5栋 公区 900037.6 kWh is 25403x the 7-day average "
          "35.4 kWh (check only, posted)", instance=APPORTION_POD, job="apportion")
    w.log(_t("03:03:05.204"), billing, "INFO", "公摊电费 2027-01-25 posted from aj-energy: 5 communities, 1 item above ¥500 "
          "per house (云栖府 5栋 ¥4,148.61)", instance=ROLLOUTS[billing][0][1][0], trace=False)
    for moment in _every(w, _t("07:25"), _t("10:50"), 300, 900):
        w.log(moment, app, "WARN", f"POST /api/v1/feedback house={_house(w, 'YQ', 5)} category=公摊异议 text=昨天公摊电费四千多，"
              "是不是算错了 amount=¥4,148.61", instance=w.rng.choice(APP_PODS))
    w.log(_t("10:50:40.551"), energy, "INFO", APPORTION_FIX, instance=pods[0], trace=False, change="masterdata")
    w.alert("EnergyConsumptionAnomaly", energy, "critical", _t("03:05"), _t("10:55"), "900037.6 kWh",
            "云栖府 5栋 公区日用电 900037.6 kWh，为 7 日均值 25403 倍", namespace=NS, meter="YQ-5-PUB-01")


# --- Incident 9: the aggregator polling the fee API ------------------------------------------------------------
FEE_RATE = [(START, 36), (_y("20:00"), 41), (_t("02:00"), 9), (_t("08:00"), 33), (_t("13:58"), 35), (_t("14:02"), 820),
            (_t("14:10"), 1310), (_t("14:30"), 1452), (_t("14:36"), 1466), (_t("14:37"), FEE_PEAK), (_t("14:38"), 1469),
            (_t("14:44"), 1440), (_t("15:10"), 1398),
            (_t("15:11"), 88), (_t("15:20"), 84), (REFERENCE, 82)]
STC_RATE = [(START, 3), (_t("13:58"), 3), (_t("14:02"), 790), (_t("14:37"), 1449), (_t("15:10"), 1360), (_t("15:11"), 50),
            (REFERENCE, 50)]
EXIT_LANES = [lane for code in COMMUNITIES for lane in LANES[code] if "-OUT" in lane]


def partner_polling(w: WorldBuilder) -> None:
    parking, ingress = "aj-parking", "aj-ingress"
    w.log(_t("13:30:20.118"), parking, "INFO", PARKING_DEPLOY, instance=ROLLOUTS[parking][1][1][0], change="deploy")
    _rolled(w, parking, SPRING_START.format(app="ParkingApplication"), SPRING_STOP)
    pods = ROLLOUTS[parking][1][1]
    for moment in _every(w, _t("13:58:10"), _t("16:30"), 3, 12):
        if moment < _t("15:10:30"):
            w.log(moment, parking, "INFO", FEE_QUERY.format(plate=_plate(w), ms=w.ms(400, 2900)),
                  instance=w.rng.choice(pods), log_type="access")
            w.log(moment + dt.timedelta(milliseconds=w.rng.randint(5, 40)), ingress, "INFO",
                  f'{w.rng.choice(["47.98.12.31", "47.98.12.32"])} - - "GET /open/v1/parking/fee HTTP/1.1" 200 312 '
                  f'host=open.anjuwuye.com ua="{PARTNER_UA}" rt={w.rng.uniform(0.4, 2.9):.3f}',
                  instance=w.rng.choice(VMS[ingress]), log_type="access", trace=False)
        elif w.rng.random() < 0.5:
            w.log(moment, parking, "WARN", "GET /open/v1/parking/fee 429 appKey=AK-STC-01 rate limit 50/s exceeded",
                  instance=w.rng.choice(pods), log_type="access")
    for moment in _every(w, _t("14:05"), _t("15:09"), 15, 60):
        w.log(moment, parking, "ERROR", EXIT_TIMEOUT.format(lane=w.rng.choice(EXIT_LANES), plate=_plate(w)),
              instance=w.rng.choice(pods))
    for moment in _every(w, _t("14:06"), _t("15:05"), 180, 400):
        w.log(moment, parking, "WARN", f"HikariPool-1 (parking-db) active {w.rng.randint(48, 50)}/50, waiting "
              f"{w.rng.randint(60, 240)}, slow query fee_calc avg {w.ms(700, 1900)}ms", instance=w.rng.choice(pods))
    _ops(w, _t("14:52:40.204"), parking, PARTNER_NOTE)
    w.log(_t("15:10:30.330"), parking, "INFO", PARTNER_LIMIT, instance=pods[0], change="config")
    w.alert("ParkingExitQueryTimeout", parking, "critical", _t("14:08"), _t("15:16"), "23 次/10分钟",
            "出口查费超时 23 次/10分钟，超过阈值 5", namespace=NS)
    w.alert("ParkingOpenApiRateLimited", parking, "warning", _t("15:12"), None, "1310 次/秒被拒",
            "开放平台 appKey=AK-STC-01 被限流 1310 次/秒", namespace=NS, caller="AK-STC-01")


# --- Incident 10: the backup proxy VM on node-04's host ------------------------------------------------------
STEAL = [(START, 0.4), (_t("15:31"), 0.5), (_t("15:34"), 31.0), (_t("15:45"), 44.2), (_t("15:52"), 48.3),
         (_t("16:05"), 45.1), (_t("16:08"), 41.7), (_t("16:10"), 0.9), (REFERENCE, 0.5)]


def cpu_steal(w: WorldBuilder) -> None:
    app, pay, node, vsphere, ingress = "aj-owner-app", "aj-payment", "aj-k8s-node", "aj-vsphere", "aj-ingress"
    w.log(_t("15:00:20.118"), app, "INFO", APP_CONFIG, instance=APP_PODS[0], change="config")
    w.log(_t("15:31:05.330"), vsphere, "INFO", VMOTION, instance="vcenter-01", trace=False, change="drs")
    w.log(_t("15:33:00.204"), vsphere, "INFO", BACKUP_START, instance="vcenter-01", trace=False, job="backup")
    w.log(_t("15:36:30.441"), vsphere, "WARN", "host esx-b-07 CPU usage 97%, ready time high on aj-k8s-node-04 (CPU ready "
          "18.4%)", instance="vcenter-01", trace=False)
    for moment in _every(w, _t("15:35"), _t("16:08"), 40, 140):
        w.log(moment, node, "WARN", f"kubelet[2107]: \"Probe failed\" probeType=\"Readiness\" pod=\"{NS}/"
              f"{w.rng.choice(ON_BAD_NODE)}\" output=\"context deadline exceeded (Client.Timeout exceeded while awaiting "
              "headers)\"", instance=BAD_NODE, trace=False)
    for moment in _every(w, _t("15:36"), _t("16:08"), 8, 30):
        message = w.rng.choice([
            f"GET /api/v1/home 200 took={w.ms(4200, 9800)}ms",
            f"GET /api/v1/houses/{_house(w, 'JH')}/bills 200 took={w.ms(5100, 11800)}ms",
            "redis aj-redis-app GET session failed: Command timed out after 2000 ms",
            "POST /api/v1/pay/prepay call aj-payment timed out after 5000ms"])
        w.log(moment, app, "ERROR" if "timed out" in message else "WARN", message, instance=APP_BAD_POD)
    for moment in _every(w, _t("15:37"), _t("16:08"), 25, 90):
        w.log(moment, pay, "WARN", f"wxpay notify out_trade_no={_order(w, 'PF', moment)} handled in {w.ms(5200, 9400)}ms "
              "(> 5000ms), WeChat will resend", instance=PAY_BAD_POD)
    for moment in _every(w, _t("15:37"), _t("16:08"), 30, 100):
        w.log(moment, ingress, "WARN", f"upstream timed out (110: Connection timed out) while reading response header from "
              f"upstream, client: {_client_ip(w)}, host: api.anjuwuye.com, upstream: "
              f"\"http://{pod_ip(APP_BAD_POD)}:8080/api/v1/home\"", instance=w.rng.choice(VMS[ingress]), trace=False)
    _ops(w, _t("15:50:10.204"), app, "app_oncall_liming: App 首页和缴费时好时坏，约四分之一请求 5 秒以上或 504，其他实例正常")
    w.log(_t("16:08:30.118"), vsphere, "INFO", VM_FIX, instance="vcenter-01", trace=False, change="drs")
    w.alert("AppApiLatencyHigh", app, "warning", _t("15:38"), _t("16:14"), "6.2s",
            "业主 App 接口 p99 6.2s，超过阈值 2s", namespace=NS)
    w.alert("PaymentNotifySlow", pay, "warning", _t("15:41"), _t("16:12"), "7.9s",
            "微信支付回调处理 p99 7.9s，超过阈值 5s", namespace=NS)


# --- Healthy services' changes, the unrelated alerts --------------------------------------------------
def other_changes(w: WorldBuilder) -> None:
    w.log(_t("10:00:30.702"), "aj-announce", "INFO", ANNOUNCE_DEPLOY, instance=ROLLOUTS["aj-announce"][1][1][0],
          change="deploy")
    _rolled(w, "aj-announce", "aj-announce listening on :3000 ({s}s)", "aj-announce: SIGTERM, closing server")
    w.log(_t("13:00:20.415"), "aj-decoration", "INFO", DECORATION_CONFIG, instance=ROLLOUTS["aj-decoration"][0][1][0],
          change="config")
    w.alert("EdgeBoxDiskUsageHigh", "aj-edge", "warning", dt.datetime(2027, 1, 22, 14, 0, tzinfo=TZ), None, "88%",
            "edge-yq-01 /data 使用率 88%（视频缓存），超过阈值 85%", instance="edge-yq-01")
    w.log(_t("08:00:05.118"), "aj-edge", "WARN", "/data used 88% (video cache 412 GB), cleanup of clips older than 30 days "
          "scheduled 2027-01-28", instance="edge-yq-01", trace=False)
    w.alert("HostMemoryHigh", "aj-edge", "warning", _t("03:10"), _t("03:42"), "91%",
            "edge-fl-01 内存 91%（夜间录像归档），超过阈值 90%", instance="edge-fl-01")
    w.log(_t("03:10:20.330"), "aj-edge", "INFO", "nightly clip archive started: 26 cameras -> nas-fl-01", instance="edge-fl-01",
          trace=False, job="archive")


# --- Kubernetes state at 16:30 -------------------------------------------------------------------------
#: (service, revision, rolled out, change cause, image tag) of every Deployment
STEADY = (
    ("aj-access-gate", 41, "2027-01-26T01:10:20+08:00", "release aj-access-gate 2.14.0 (pipeline #5127)", "2.14.0"),
    ("aj-parking", 57, "2027-01-26T13:30:20+08:00", "release aj-parking 3.9.0 (pipeline #5133)", "3.9.0"),
    ("aj-elevator-iot", 22, "2027-01-26T09:50:30+08:00", "release aj-elevator-iot 1.9.3 (pipeline #5131)", "1.9.3"),
    ("aj-billing", 48, "2027-01-12T22:00:00+08:00", "release aj-billing 5.4.1", "5.4.1"),
    ("aj-payment", 33, "2027-01-06T22:00:00+08:00", "release aj-payment 3.2.0", "3.2.0"),
    ("aj-owner-app", 86, "2027-01-19T22:30:00+08:00", "release aj-owner-app 6.8.2", "6.8.2"),
    ("aj-visitor", 29, "2027-01-26T08:00:20+08:00", "release aj-visitor 4.2.0 (pipeline #5129)", "4.2.0"),
    ("aj-workorder", 64, "2027-01-14T22:00:00+08:00", "release aj-workorder 7.1.5", "7.1.5"),
    ("aj-iam", 18, "2026-12-28T22:00:00+08:00", "release aj-iam 2.6.0", "2.6.0"),
    ("aj-patrol", 15, "2027-01-08T21:00:00+08:00", "release aj-patrol 2.2.4", "2.2.4"),
    ("aj-energy", 27, "2027-01-26T01:30:20+08:00", "release aj-energy 2.3.1 (pipeline #5124)", "2.3.1"),
    ("aj-basedata", 39, "2027-01-05T22:00:00+08:00", "release aj-basedata 3.0.7", "3.0.7"),
    ("aj-announce", 21, "2027-01-26T10:00:30+08:00", "release aj-announce 3.4.0 (pipeline #5130)", "3.4.0"),
    ("aj-decoration", 12, "2026-12-20T21:00:00+08:00", "release aj-decoration 1.8.0", "1.8.0"),
)
CLEANUP_CRON = "aj-visitor-pass-cleanup"
#: The CronJobs keep their last three jobs: (service, cronjob, scheduled moments, seconds the run took)
JOBS = (
    ("aj-billing", BILL_CRON, tuple(dt.datetime(2027, 1, d, 1, 0, tzinfo=TZ) for d in (24, 25, 26)), 400),
    ("aj-iam", ORG_CRON, tuple(dt.datetime(2027, 1, d, 2, 0, tzinfo=TZ) for d in (24, 25, 26)), 210),
    ("aj-access-gate", FACE_CRON, tuple(dt.datetime(2027, 1, d, 2, 30, tzinfo=TZ) for d in (24, 25, 26)), 490),
    ("aj-energy", APPORTION_CRON, tuple(dt.datetime(2027, 1, d, 3, 0, tzinfo=TZ) for d in (24, 25, 26)), 170),
    ("aj-visitor", CLEANUP_CRON, tuple(_t(f"{h}:00") for h in (14, 15, 16)), 0),
)


def cleanup_pod(hour: int) -> str:
    return job_pod(job_name(CLEANUP_CRON, _t(f"{hour}:00")))


def k8s_state(w: WorldBuilder) -> None:
    for service, revision, changed, cause, tag in STEADY:
        pods = ROLLOUTS[service][-1][1]
        for pod in pods:
            w.pod(namespace=NS, name=pod, service=service, phase="Running", ready="1/1", restarts=0, last_termination=None,
                  waiting_reason=None, node=node_of(pod), observed_at=REFERENCE)
        w.deployment(namespace=NS, name=service, service=service, replicas=len(pods), ready=len(pods), available=len(pods),
                     image=f"harbor.anju.local/property/{service}:{tag}", revision=revision,
                     changed_at=dt.datetime.fromisoformat(changed), change_cause=cause,
                     conditions=[condition("Available", "True", "MinimumReplicasAvailable",
                                           "Deployment has minimum availability."),
                                 condition("Progressing", "True", "NewReplicaSetAvailable",
                                           f'ReplicaSet "{pods[0].rsplit("-", 1)[0]}" has successfully progressed.')],
                     observed_at=REFERENCE)
    for service, cronjob, moments, took in JOBS:
        for scheduled in moments:
            pod = job_pod(job_name(cronjob, scheduled))
            w.pod(namespace=NS, name=pod, service=service, phase="Succeeded", ready="0/1", restarts=0,
                  last_termination=termination("Completed", 0, scheduled + dt.timedelta(seconds=took or w.rng.randint(20, 50))),
                  waiting_reason=None, node=node_of(pod), observed_at=REFERENCE)
    # Events are what the API server keeps (TTL 1 h): the readiness failures on node-04 and the 16:00 cleanup run.
    for pod, count, first, last in ((APP_BAD_POD, 41, "15:35:40", "16:07:50"), (PAY_BAD_POD, 27, "15:37:10", "16:06:20")):
        w.event(type="Warning", reason="Unhealthy", object=f"Pod/{pod}",
                message=f"Readiness probe failed: Get \"http://{pod_ip(pod)}:8080/actuator/health/readiness\": context deadline "
                        "exceeded (Client.Timeout exceeded while awaiting headers)",
                count=count, first_seen=_t(first), last_seen=_t(last))
    job = job_name(CLEANUP_CRON, _t("16:00"))
    pod = job_pod(job)
    old = job_name(CLEANUP_CRON, _t("13:00"))
    image = "harbor.anju.local/property/aj-visitor:4.2.0"
    for kind, reason, message, delay in (
        (f"CronJob/{CLEANUP_CRON}", "SuccessfulCreate", f"Created job {job}", 0),
        (f"Job/{job}", "SuccessfulCreate", f"Created pod: {pod}", 0),
        (f"Pod/{pod}", "Scheduled", f"Successfully assigned {NS}/{pod} to {node_of(pod)}", 0),
        (f"Pod/{pod}", "Pulled", f'Container image "{image}" already present on machine', 1),
        (f"Pod/{pod}", "Created", "Created container pass-cleanup", 1),
        (f"Pod/{pod}", "Started", "Started container pass-cleanup", 2),
        (f"Job/{job}", "Completed", "Job completed", 31),
        (f"CronJob/{CLEANUP_CRON}", "SawCompletedJob", f"Saw completed job: {job}, status: Complete", 32),
        (f"CronJob/{CLEANUP_CRON}", "SuccessfulDelete", f"Deleted job {old}", 32),
    ):
        moment = _t("16:00") + dt.timedelta(seconds=delay)
        w.event(type="Normal", reason=reason, object=kind, message=message, count=1, first_seen=moment, last_seen=moment)
    for hour in (14, 15, 16):
        w.log(_t(f"{hour}:00:03.118"), "aj-visitor", "INFO", f"pass cleanup (CronJob {CLEANUP_CRON}): "
              f"{w.rng.randint(200, 700)} expired passes archived", instance=cleanup_pod(hour), job="pass-cleanup")


# --- Metrics --------------------------------------------------------------------------------------------
def build_metrics(w: WorldBuilder) -> None:
    evening = [(_y("17:00"), _y("20:10"))]
    morning = [(_t("05:30"), _t("12:30"))]
    afternoon = [(_t("13:40"), _t("16:30"))]
    w.series("parking_unmatched_plates_per_10m", "aj-parking", "辆",
             [(START, 1), (_y("17:20"), 1), (_y("17:30"), 26), (_y("18:10"), 44), (_y("18:40"), 39), (_y("19:38"), 21),
              (_y("19:45"), 1), (REFERENCE, 1)], start=START, fine=evening, spread=2, digits=0, threshold=10,
             community="枫林小镇")
    w.series("parking_manual_releases_per_10m", "aj-parking", "次",
             [(START, 2), (_y("17:25"), 3), (_y("17:45"), 22), (_y("18:10"), 41), (_y("19:38"), 26), (_y("19:50"), 3),
              (_t("14:00"), 2), (_t("14:10"), 19), (_t("14:40"), 28), (_t("15:10"), 17), (_t("15:20"), 2),
              (REFERENCE, 2)], start=START, fine=evening + afternoon, spread=1.5, digits=0, threshold=15)
    w.series("parking_fee_query_requests_per_second", "aj-parking", "次/秒", FEE_RATE, start=START, fine=afternoon,
             spread=8, digits=0)
    w.series("parking_open_api_requests_per_second", "aj-parking", "次/秒", STC_RATE, start=START, fine=afternoon,
             spread=6, digits=0, caller="AK-STC-01")
    w.series("parking_exit_query_p99_ms", "aj-parking", "ms",
             [(START, 80), (_t("13:58"), 85), (_t("14:05"), 2400), (_t("14:30"), 3000), (_t("15:10"), 2900),
              (_t("15:12"), 95), (REFERENCE, 88)], start=START, fine=afternoon, spread=15, digits=0, threshold=1500)
    w.series("access_face_rejects_per_min", "aj-access-gate", "次", FACE_REJECTS, start=START, fine=morning, spread=1,
             digits=0, threshold=10, community="翠湖湾")
    w.series("elevator_gateways_offline", "aj-elevator-iot", "台", OFFLINE, start=START, fine=morning, digits=0,
             threshold=20)
    w.series("sim_pool_used_percent", "aj-iot-sim", "%", POOL, start=START, fine=morning, digits=1, threshold=80,
             pool="ANJU-ELEV-POOL")
    w.series("elevator_uplink_gb_per_hour", "aj-iot-sim", "GB",
             [(START, 0.55), (_y("17:25"), 0.55), (_y("17:40"), 2.06), (_t("10:42"), 2.08), (_t("10:43"), 0.0),
              (_t("11:58"), 0.0), (_t("12:05"), 0.61), (REFERENCE, 0.57)], start=START, fine=morning, spread=0.03,
             digits=2, pool="ANJU-ELEV-POOL")
    w.series("owner_app_fee_disputes_per_hour", "aj-owner-app", "件", DISPUTES, start=START, fine=morning, spread=2,
             digits=0, threshold=20)
    w.series("visitor_pass_rejects_per_10m", "aj-visitor", "次",
             [(START, 0), (_t("08:45"), 0), (_t("09:05"), 9), (_t("10:00"), 12), (_t("11:25"), 8), (_t("11:27"), 0),
              (REFERENCE, 0)], start=START, fine=morning, spread=1, digits=0, threshold=5, gate="翠湖湾北门")
    w.series("workorder_unassigned_orders", "aj-workorder", "单", UNASSIGNED, start=START, fine=morning, spread=0.5,
             digits=0, threshold=5, community="翠湖湾")
    w.series("patrol_checkin_rejects_per_10m", "aj-patrol", "次",
             [(START, 0), (_t("06:00"), 0), (_t("06:05"), 8), (_t("06:55"), 7), (_t("07:00"), 0), (_t("08:00"), 0),
              (_t("08:05"), 9), (_t("08:55"), 8), (_t("09:00"), 0), (REFERENCE, 0)], start=START, fine=morning,
             spread=0.5, digits=0, threshold=3, community="南山名邸")
    w.series("energy_meter_interval_kwh", "aj-energy", "kWh",
             [(START, 0.32), (_y("22:39"), 0.3), (_y("22:40"), 900002.25), (_y("22:41"), 0.31), (REFERENCE, 0.33)],
             start=START, fine=[(_y("22:30"), _y("22:50"))], spread=0.03, digits=2, meter="YQ-5-PUB-01")
    w.series("app_api_p99_latency_ms", "aj-owner-app", "ms",
             [(START, 210), (_t("15:33"), 220), (_t("15:38"), 5400), (_t("15:52"), 6240), (_t("16:08"), 5900),
              (_t("16:12"), 230), (REFERENCE, 215)], start=START, fine=afternoon, spread=30, digits=0, threshold=2000)
    w.series("payment_notify_p99_ms", "aj-payment", "ms",
             [(START, 140), (_t("15:35"), 150), (_t("15:41"), 7400), (_t("15:55"), 7920), (_t("16:08"), 7100),
              (_t("16:11"), 160), (REFERENCE, 150)], start=START, fine=afternoon, spread=20, digits=0, threshold=5000)
    w.series("node_cpu_steal_percent", "aj-k8s-node", "%", STEAL, start=START, fine=afternoon, spread=0.3, digits=1,
             instance=BAD_NODE)
    w.series("node_cpu_steal_percent", "aj-k8s-node", "%", [(START, 0.3), (REFERENCE, 0.4)], start=START, fine=afternoon,
             spread=0.1, digits=1, instance="aj-k8s-node-03")
    for service, p99, threshold in (("aj-announce", 110, 1500), ("aj-decoration", 160, 1500)):
        w.series("http_5xx_ratio", service, "%", [(START, 0.03), (_t("10:00"), 0.11), (_t("11:00"), 0.05),
                                                  (REFERENCE, 0.04)], start=START, spread=0.02, digits=2, threshold=2)
        w.series("http_p99_latency", service, "ms", [(START, p99 - 30), (_t("10:00"), p99 + 120), (_t("11:00"), p99 + 10),
                                                     (REFERENCE, p99)], start=START, spread=10, digits=0,
                 threshold=threshold)


# --- Runbooks (the property company's ops wiki, as the teams wrote them) ------------------------------------------
RUNBOOKS: list[tuple[str, str, str]] = [
    ("runbooks/parking/plate-mismatch.md", "业主车辆不抬杆（车牌识别/月卡匹配）处理手册", runbook(
        "业主车辆不抬杆（车牌识别/月卡匹配）处理手册", "适用于某小区业主月卡车入场不抬杆、出场无入场记录、人工抬杆激增。",
        ["ParkingManualReleaseHigh：人工抬杆超过 15 次/10分钟"],
        ["看 aj-parking 日志里识别出的车牌是否完整（省份简称、新能源绿牌位数），对照月卡登记的车牌。",
         "看出问题的车道是否是同一批相机，查设备管理台最近的固件升级任务。", "看识别置信度：低置信度多为逆光、脏污。"],
        ["相机固件升级后车牌输出格式变化（缺省份简称、位数不对），月卡匹配不上。", "相机镜头脏污、补光灯故障。",
         "月卡到期或未登记车牌。"],
        ["回退相机固件到上一版本，升级前先在一个车道试点。", "临时开启模糊匹配规则（忽略首字），人工抬杆登记。"])),
    ("runbooks/parking/exit-slow.md", "停车出口查费超时处理手册", runbook(
        "停车出口查费超时处理手册", "适用于出口道闸查费超时、抬杆慢、排队。",
        ["ParkingExitQueryTimeout：出口查费超时超过 5 次/10分钟"],
        ["看 parking-db 连接池与慢查询。", "按调用方（appKey）看开放平台 /open/v1/parking/fee 的请求量。",
         "看最近的发版与配置变更。"],
        ["开放平台某个调用方轮询查费，打满停车库。", "停车库慢查询、索引缺失。", "边缘盒与云端网络抖动。"],
        ["对该 appKey 限流（open-api.rate-limit），联系对方改为出场前按需查询。", "出口查费走只读副本。"])),
    ("runbooks/access/face-not-registered.md", "刷脸提示未注册处理手册", runbook(
        "刷脸提示未注册处理手册", "适用于某栋/某单元住户刷脸提示未注册（FACE_NOT_REGISTERED）。",
        ["FaceRejectRateHigh：人脸未注册拒绝超过 10 次/分钟"],
        ["看拒绝集中在哪些设备、设备人脸库是否为 0。", "查夜间人脸同步（aj-access-gate-face-sync）对这些设备组的增删记录。",
         "查基础数据里楼栋、单元编码最近是否改过。"],
        ["楼栋编码改了而设备组还绑旧编码，人脸同步按差异把设备库删空。", "住户人脸照片质量不合格未下发。", "设备存储满。"],
        ["把设备组改绑新编码后手动同步；人脸同步加删除比例保护（单组删除超过 30% 时中止）。",
         "临时引导住户用 App 开门。"])),
    ("runbooks/elevator/gateways-offline.md", "电梯网关大面积离线处理手册", runbook(
        "电梯网关大面积离线处理手册", "适用于 aj-elevator-iot 大量电梯网关同时离线。",
        ["ElevatorGatewaysOffline：电梯网关离线超过 20 台"],
        ["看离线网关的接入方式：4G 卡的都离线、有线的正常，说明是运营商侧。",
         "登录运营商 CMP 看流量池用量与卡状态（达量断网、停机）。", "看网关最近的配置推送是否增加了上行流量（抓拍、视频）。"],
        ["流量池用尽触发达量断网。", "MQTT 服务端证书或地址变更。", "机房到运营商专线中断。"],
        ["购买流量加油包恢复数据服务，关闭不必要的上行（抓拍）；离线超过 30 分钟按规定报市场监管并通知维保现场巡查。"])),
    ("runbooks/billing/fee-dispute.md", "物业费金额异常处理手册", runbook(
        "物业费金额异常处理手册", "适用于某小区业主集中反映物业费、公摊金额异常。",
        ["FeeDisputeSurge：物业费异议超过 20 件/小时"],
        ["看账单用的单价版本（rate version）和它的导入记录：导入人、文件、所选小区。",
         "对照业委会决议与收费公示。", "查夜间账单重算（aj-billing-bill-refresh）改了哪些小区的账单。"],
        ["单价导入选错小区或生效日期。", "面积数据错误。", "公摊电费异常（见能耗手册）。"],
        ["回退错误的单价版本、导入正确小区，已缴的差额原路退回；单价导入增加小区名与文件名一致性校验。"])),
    ("runbooks/visitor/qr-refused.md", "访客二维码验证失败处理手册", runbook(
        "访客二维码验证失败处理手册", "适用于访客扫码进不去、边缘盒验签失败。",
        ["VisitorPassRejectsHigh：访客码拒绝超过 5 次/10分钟"],
        ["看失败集中在哪个门岗的边缘盒，报错是否为本地密钥环缺少某 kid。", "查签名密钥最近的轮换与下发结果。",
         "看边缘盒当时是否在线。"],
        ["密钥轮换时某个边缘盒离线，新密钥没有下发（下发不重试）。", "访客码过期。", "边缘盒时间不准。"],
        ["给该边缘盒重新下发密钥；密钥轮换先下发、确认全部边缘盒就绪后再切换签名。"])),
    ("runbooks/workorder/not-dispatched.md", "报修工单无人接单处理手册", runbook(
        "报修工单无人接单处理手册", "适用于某小区报修单自动派单失败、超时升级。",
        ["WorkOrderSlaBreach：30 分钟未接单超过 5 单"],
        ["看派单失败原因：NO_AVAILABLE_ASSIGNEE 说明派单规则里的组织单元没有在岗人员。",
         "查 aj-iam 组织同步最近的调整（部门合并、人员调动）。", "核对排班。"],
        ["组织架构调整后派单规则仍指向旧组织单元。", "当班人员未打卡上岗。", "师傅 App 未登录。"],
        ["把派单规则改为新组织单元并重新派发池中工单；组织调整前通知工单管理员。"])),
    ("runbooks/patrol/checkin-out-of-range.md", "巡更打卡不在范围处理手册", runbook(
        "巡更打卡不在范围处理手册", "适用于某小区巡更打卡全部提示不在巡更点范围。",
        ["PatrolRoundMissed：漏巡"],
        ["看拒绝的距离：几百米且方向一致说明坐标系不一致（WGS84 与 GCJ02 相差约 500 米）。",
         "查巡更点最近的导入记录及其坐标系。", "个别点偏差多为室内 GPS 精度差，可用蓝牙信标。"],
        ["巡更点按 WGS84 导入，App 上报 GCJ02。", "手机定位权限关闭。", "巡更点半径设得太小。"],
        ["把巡更点转换为 GCJ02 重新导入，漏巡记录补登说明。"])),
    ("runbooks/energy/consumption-anomaly.md", "能耗异常与公摊电费异常处理手册", runbook(
        "能耗异常与公摊电费异常处理手册", "适用于某电表日用电量异常巨大、公摊电费异常。",
        ["EnergyConsumptionAnomaly：日用电量超过 7 日均值 20 倍"],
        ["看该电表读数是否回零（走字回零），回零修正用的寄存器位数与电表实际位数是否一致。",
         "查电表档案最近的批量导入。", "暂停该表的公摊入账。"],
        ["电表档案寄存器位数配错，回零修正多加了一个数量级。", "电表更换后未登记初始读数。", "通讯误码。"],
        ["改正电表档案并重跑分摊，冲正已入账的公摊电费；分摊任务对超过均值 20 倍的结果拦截而不是只告警。"])),
    ("runbooks/app/slow-instance.md", "业主 App 部分请求很慢处理手册", runbook(
        "业主 App 部分请求很慢处理手册", "适用于业主 App、支付部分请求很慢或 504、时好时坏。",
        ["AppApiLatencyHigh：App 接口 p99 超过 2s", "PaymentNotifySlow：支付回调处理 p99 超过 5s"],
        ["看慢请求是否都来自同一个 Pod，再看该 Pod 所在节点（kubectl get pod -o wide）。",
         "看该节点虚拟机的 CPU steal / CPU ready，以及 vCenter 里同一宿主机上新迁入的虚拟机。", "看 Redis、MySQL 自身是否正常。"],
        ["同一宿主机上的大虚拟机（备份代理）抢占 CPU，节点 steal 高，只影响该节点上的 Pod。", "Redis 慢查询。",
         "数据库连接池耗尽。"],
        ["把抢占的虚拟机迁走并加 DRS 反亲和规则，必要时 cordon 节点、把 Pod 迁走。"])),
    ("runbooks/locker/offline.md", "快递柜离线处理手册", runbook(
        "快递柜离线处理手册", "适用于小区快递柜离线。",
        ["ParcelLockerOffline"], ["看快递柜心跳。"], ["快递柜断电。"], ["联系快递柜厂商上门重启柜机"])),
    ("runbooks/intercom/sip.md", "可视对讲呼叫失败处理手册", runbook(
        "可视对讲呼叫失败处理手册", "适用于门口机呼叫室内机失败。",
        ["IntercomCallFailed"], ["看 SIP 注册。"], ["室内机离线。"], ["重新注册室内机 SIP 账号"])),
    ("runbooks/facility/water-leak.md", "水浸传感器报警处理手册", runbook(
        "水浸传感器报警处理手册", "适用于地下车库、水泵房水浸报警。",
        ["WaterLeakDetected"], ["通知值班工程人员到场。"], ["水泵故障、管道破裂。"], ["启动排水泵并关闭进水阀"])),
]


def build_bundle(seed: int = SEED) -> Json:
    w = WorldBuilder(seed=seed, day=DAY, tz=TZ, reference=REFERENCE, instances=INSTANCES,
                     labels={"env": "prod", "cluster": "aj-prod", "region": "hz"})
    for service, (make, every) in NOISE.items():
        w.noise(service, make, START, every_s=every)
    plate_firmware(w)
    face_wipe(w)
    pool_exhausted(w)
    wrong_community_rate(w)
    key_one_box(w)
    org_restructure(w)
    patrol_datum(w)
    meter_rollover(w)
    partner_polling(w)
    cpu_steal(w)
    other_changes(w)
    k8s_state(w)
    build_metrics(w)
    documents = [{"title": title, "source": source, "content": content} for source, title, content in RUNBOOKS]
    return w.bundle(name="AnJu 安居智慧物业 2027-01-26", services=SERVICES, documents=documents)


# --- Questions ---------------------------------------------------------------------------------
#: Each incident's own words: in another incident's answer, a misattribution.
FAMILY = {
    "lpr": ("FW-UP-20270125-03", "V5.6.10"),
    "face": ("CH-B07", "ch_admin_wangfang"),
    "pool": ("ANJU-ELEV-POOL", "达量断网"),
    "rate": ("RV-JH-2027-02", "billing_ops_chenjing"),
    "key": ("SEC-KR-0107", "vk-2027-02"),
    "org": ("ORG-R-2027-01", "NO_AVAILABLE_ASSIGNEE"),
    "patrol": ("WGS84", "ns_security_lead_hujun"),
    "meter": ("YQ-5-PUB-01", "register digits"),
    "partner": ("AK-STC-01", "速停车"),
    "steal": ("bak-proxy-02", "esx-b-07"),
}
#: The remedies of the runbooks for problems that did not happen.
UNRELATED_REMEDIES = ("重启柜机", "重新注册室内机", "启动排水泵")
FIRING = ("ElevatorSimPoolUsageHigh", "EdgeBoxDiskUsageHigh", "ParkingOpenApiRateLimited")
INCIDENT_WORDS = tuple(word for words in FAMILY.values() for word in words)


def _not(*own: str, told: tuple[str, ...] = ()) -> tuple[str, ...]:
    """The other incidents' words, plus the unrelated runbooks' remedies — less ``told``: another incident's words the
    asked service itself logs (the parking logs both its incidents; the owner App logs the fee disputes of the morning),
    which name no misattribution when an answer quotes them."""
    return tuple(word for family, words in FAMILY.items() if family not in own for word in words
                 if word not in told) + UNRELATED_REMEDIES


QUESTIONS: tuple[WorldQuestion, ...] = (
    WorldQuestion(
        "property_fl_cars_held_cause",
        "昨天傍晚下班那会儿枫林小镇好多业主的车进出都不抬杆，只能保安手动开，停车系统怎么了？", "cause",
        asked_facts=(fact("no monthly pass matched", "no entry record", "TEMP car", "临时车", "月卡", "无入场记录"),),
        cause_facts=(fact("V5.6.10", "FW-UP-20270125-03", "固件"), fact("省份", "province", "A7K29M")),
        forbidden=_not("lpr", told=FAMILY["partner"]), service="aj-parking",
        diagnosis="昨天 17:12 相机厂商工程师 parking_vendor_zhoujie 在停车平台设备管理台把枫林小镇 6 台车牌识别相机 DS-TCG227 从 V5.5.80 "
                  "升到 V5.6.10（FW-UP-20270125-03）→ 新固件输出的车牌少了省份简称（浙A7K29M 识别成 A7K29M）→ 入口匹配不上月卡，"
                  "按临时车拦下；出口找不到入场记录，算不了费 → 保安人工抬杆，ParkingManualReleaseHigh 17:48-19:52；19:38 回退固件 "
                  "V5.5.80（FW-UP-20270125-04）后恢复。17:05 的临停免费时长配置不是原因；今天下午出口查费超时是另一件事",
    ),
    WorldQuestion(
        "property_ch7_face_cause",
        "今天早上翠湖湾 7 栋好多住户刷脸开不了单元门，机器提示人脸未注册，门禁平台这是怎么回事？", "cause",
        asked_facts=(fact("FACE_NOT_REGISTERED", "未注册", "0 faces"),),
        cause_facts=(fact("CH-B07", "楼栋编码", "BD-STD-2027"), fact("delete 436", "face sync", "face-sync", "人脸同步")),
        forbidden=_not("face"), service="aj-access-gate",
        diagnosis="昨天 18:10 翠湖湾管理员 ch_admin_wangfang 在基础数据里把 7栋 楼栋编码 CH-B07 改成 CH-07（BD-STD-2027）→ 今天 02:30 "
                  "CronJob aj-access-gate-face-sync 按楼栋编码比对：设备组 CH-B07（7栋 4 台单元门设备）源数据 0 张人脸 → 把设备上的 "
                  "436 张人脸全删了，CH-07 组没有绑设备 → 06:10 起 7栋 住户刷脸 FACE_NOT_REGISTERED，拒绝最高 41 次/分钟（07:42），"
                  "只能用 App 开门；09:20 access_ops_yangjie 把设备组改绑 CH-07 并手动同步后恢复。01:10 的门禁 2.14.0 发布不是原因",
    ),
    WorldQuestion(
        "property_elevator_offline_cause",
        "上午十点四十以后电梯监测平台上几百台电梯一下子全掉线了，维保那边看不到困人告警，电梯物联网那边什么情况？", "cause",
        asked_facts=(fact("offline", "离线", "keepalive timeout"),),
        cause_facts=(fact("ANJU-ELEV-POOL", "流量池", "达量断网"), fact("snapshot", "抓拍", "interval-s")),
        forbidden=_not("pool"), service="aj-elevator-iot",
        diagnosis="昨天 17:25 iot_admin_songyu 给电梯网关推了轿厢抓拍配置 snapshot.upload.interval-s 0 -> 60，本来只给云栖府试点"
                  "（ELV-PILOT-07），却是 scope=ALL → 312 台 4G 网关每小时多传约 1.5 GB → 电信流量池 ANJU-ELEV-POOL（500 GB）"
                  "今天 10:42 用完，达量断网，312 张卡停了数据 → 网关 MQTT keepalive 超时离线，最多 312 台（11:20），只有南山名邸 6 台有线"
                  "的在线；11:52 买了 100 GB 加油包、11:55 关掉抓拍，11:58 恢复，12:15 基本上线。09:50 的平台 1.9.3 发布不是原因",
    ),
    WorldQuestion(
        "property_jh_fee_up_cause",
        "锦华苑好几个业主在 App 上反馈今年的物业费一下子涨了三成多，计费那边是怎么回事？", "cause",
        asked_facts=(fact("3.50",),),
        cause_facts=(fact("翠湖湾",), fact("RV-JH-2027-02", "billing_ops_chenjing", "单价导入", "rate import")),
        forbidden=_not("rate"), service="aj-billing",
        diagnosis="昨天 18:40 billing_ops_chenjing 导入翠湖湾业委会通过的 2027 年新单价（3.20 -> 3.50 元/㎡·月），却选成了锦华苑（JH），"
                  "生成单价版本 RV-JH-2027-02：锦华苑 2.60 -> 3.50 → 今天 01:00 CronJob aj-billing-bill-refresh 把锦华苑 1742 户未缴的"
                  "2027 年度账单按 3.50 重算（+34.6%），翠湖湾反而没变 → 业主在 App 看到涨价，物业费异议激增，213 户已按新价缴费；11:20 "
                  "回退并给翠湖湾正确导入，差额原路退回。07:20 的早缴优惠截止日配置不是原因",
    ),
    WorldQuestion(
        "property_ch_north_gate_visitors_cause",
        "上午翠湖湾北门的访客扫码一直进不去，南门倒是正常，保安只能手工登记，访客系统怎么了？", "cause",
        asked_facts=(fact("not in local keyring", "SIGNATURE_KEY_UNKNOWN", "access denied", "验签失败"),),
        cause_facts=(fact("vk-2027-02", "SEC-KR-0107", "密钥轮换", "key rotated"), fact("edge-ch-02",)),
        forbidden=_not("key"), service="aj-visitor",
        diagnosis="08:30 安全组 sec_ops_liuqiang 按 SEC-KR-0107 轮换访客码签名密钥，新 kid vk-2027-02 开始签名 → 密钥下发给 7 个边缘盒，"
                  "翠湖湾北门的 edge-ch-02 那时正在换光猫断网（08:12-08:41），下发失败且不重试 → 08:30 以后发的访客码在北门验签失败"
                  "（signing key vk-2027-02 not in local keyring），其他门岗正常，早先发的码还能进；11:25 给 edge-ch-02 重新下发后恢复。"
                  "08:00 的访客 4.2.0 发布不是原因",
    ),
    WorldQuestion(
        "property_ch_repairs_unassigned_cause",
        "今天早上翠湖湾业主报修的单子一直没人接，一个个都超时升级到项目经理了，工单系统什么情况？", "cause",
        asked_facts=(fact("NO_AVAILABLE_ASSIGNEE", "0 members", "派单失败", "auto-dispatch failed"),),
        cause_facts=(fact("ORG-R-2027-01", "org sync", "组织架构", "城东片区工程中心"),
                     fact("翠湖湾项目部/工程部", "CH-ENG-SD", "派单规则")),
        forbidden=_not("org", told=("NO_AVAILABLE_ASSIGNEE",)), service="aj-workorder",
        diagnosis="凌晨 02:00 CronJob aj-iam-org-sync 从北森同步组织调整 ORG-R-2027-01：翠湖湾项目部/工程部 14 人整体调到 城东片区工程中心/"
                  "翠湖湾组，原部门 0 人 → 工单派单规则 CH-ENG-SD/MJ/TJ 仍指向 翠湖湾项目部/工程部 → 07:10 起翠湖湾报修单自动派单失败 "
                  "NO_AVAILABLE_ASSIGNEE，进派单池，30 分钟未接单升级到项目经理 ch_pm_zhaolei；10:20 wo_admin_sunli 把规则改到新组织单元，"
                  "27 单重新派出。06:50 的 SLA 提醒配置不是原因",
    ),
    WorldQuestion(
        "property_ns_patrol_cause",
        "南山名邸的保安今天早上巡更一直打不上卡，App 说不在巡更点范围内，巡更系统是怎么回事？", "cause",
        asked_facts=(fact("out of geofence", "不在巡更点范围", "distance="),),
        cause_facts=(fact("WGS84", "WGS-84"), fact("GCJ02", "GCJ-02", "坐标系")),
        forbidden=_not("patrol"), service="aj-patrol",
        diagnosis="05:40 南山名邸安保主管 ns_security_lead_hujun 导入重新测绘的 46 个巡更点，坐标系是 WGS84，而巡更 App 上报的是 GCJ02 → "
                  "每次打卡都离巡更点约 500 米（out of geofence distance≈490-550m > 30m）→ 06:00、08:00 两圈全部漏巡（0/46）；09:10 "
                  "patrol_admin_xuyan 把点位转换成 GCJ02 后恢复。05:10 的离线上传批量配置不是原因",
    ),
    WorldQuestion(
        "property_app_afternoon_slow_cause",
        "下午三点半以后业主 App 时不时转圈打不开，缴费也老是超时，刷新几次又好了，App 后台怎么了？", "cause",
        asked_facts=(fact("timed out", "超时", "504"),),
        cause_facts=(fact(BAD_NODE, "node-04", "04 节点"), fact("steal", "bak-proxy-02", "esx-b-07", "CPU ready")),
        forbidden=_not("steal"), service="aj-owner-app",
        diagnosis=f"15:31 vCenter DRS 因 esx-b-03 进维护模式（INF-CHG-0412）把 16 vCPU 的备份代理 bak-proxy-02 迁到 esx-b-07，15:33 每周备份"
                  f"任务开跑 → 同宿主机上的 {BAD_NODE} CPU steal 最高 48.3% → 只有该节点上的 Pod 变慢：App 的 {APP_BAD_POD}（约四分之一"
                  f"请求）5-10 秒、Redis 超时、nginx upstream timed out/504，支付的 {PAY_BAD_POD} 微信回调处理超 5 秒；就绪探针失败；16:08 "
                  "把 bak-proxy-02 迁走并加反亲和规则后恢复。15:00 的 App banner 配置不是原因；上午的物业费异议是另一件事",
    ),
    WorldQuestion(
        "property_parking_fee_query_peak", "下午两点多停车场出口抬杆慢那阵，停车查费接口一秒钟最多被调了多少次？", "quantity",
        asked_facts=(fact(str(FEE_PEAK)),), forbidden=_not("partner", told=FAMILY["lpr"]), service="aj-parking",
        peak=Peak("aj-parking", "parking_fee_query_requests_per_second", FEE_PEAK),
        diagnosis="parking_fee_query_requests_per_second 峰值 1487 次/秒（14:37），平时约 35；几乎都是开放平台 appKey=AK-STC-01（速停车"
                  "服务端 6.2）每 15 秒把两万多个车牌查一遍，打满 parking-db，出口查费超时；15:10 限流 50/s",
    ),
    WorldQuestion(
        "property_elevator_offline_peak", "上午电梯掉线最严重的时候，一共掉了几台？", "quantity",
        asked_facts=(fact(str(OFFLINE_PEAK)),), forbidden=_not("pool"), service="aj-elevator-iot",
        peak=Peak("aj-elevator-iot", "elevator_gateways_offline", OFFLINE_PEAK),
        diagnosis="elevator_gateways_offline 峰值 312 台（11:20），告警触发时 236 台；流量池 ANJU-ELEV-POOL 10:42 用完达量断网，4G 网关"
                  "全部离线，只剩南山名邸 6 台有线网关",
    ),
    WorldQuestion(
        "property_ch7_face_reject_peak", "今天早上翠湖湾刷脸开门被拒，最多的时候一分钟拒了多少次？", "quantity",
        asked_facts=(fact(str(FACE_PEAK)),), forbidden=_not("face"), service="aj-access-gate",
        peak=Peak("aj-access-gate", "access_face_rejects_per_min", FACE_PEAK),
        diagnosis="access_face_rejects_per_min{community=翠湖湾} 峰值 41 次（07:42），告警触发时 19；7栋 4 台单元门设备的人脸库被夜间"
                  "人脸同步删空（楼栋编码 CH-B07 -> CH-07）",
    ),
    WorldQuestion(
        "property_energy_alert_existence", "凌晨能耗平台那边报过警没有？", "existence",
        asked_facts=(fact("EnergyConsumptionAnomaly"),),
        cause_facts=(fact("register digits", "寄存器位数", "rollover", "回零"),),
        forbidden=_not("meter"), service="aj-energy",
        diagnosis="报过：EnergyConsumptionAnomaly 03:05 触发、10:55 恢复——云栖府 5栋 公区电表 YQ-5-PUB-01 日用电 900037.6 kWh。昨天 19:30 "
                  "电表档案导入把 86 块 DDS1352 的寄存器位数 5 改成 6，22:40 该表走字回零（99998.62 -> 0.87）时按 6 位修正，多算了 "
                  "900002.25 kWh → 03:00 分摊给 128 户每户 ¥4,148.61；10:50 改回 5 位并重算",
    ),
    WorldQuestion(
        "property_announce_healthy", "社区公告系统上午发了个版，现在有告警或者报错吗？", "existence",
        asked_facts=(HEALTHY,), forbidden=INCIDENT_WORDS, service="aj-announce", healthy=True,
        diagnosis="没有：只有发布公告的 INFO 和敏感词过滤拦下待审的 WARN，5xx 最高约 0.11%（阈值 2%），p99 远低于 1500ms，无告警；"
                  "10:00 的 3.4.0 发布与各故障无关",
    ),
    WorldQuestion(
        "property_decoration_healthy", "装修报备系统日志里一堆违规的 WARN，它今天是不是出问题了？", "existence",
        asked_facts=(HEALTHY,), forbidden=INCIDENT_WORDS, service="aj-decoration", healthy=True,
        diagnosis="没有：WARN 是巡查员登记的装修违规和整改通知，属于正常业务；无 ERROR、无告警，5xx 与 p99 都远低于阈值",
    ),
    WorldQuestion(
        "property_alert_listing", "现在还有哪些告警没恢复？帮我列一下。", "listing",
        asked_facts=tuple(fact(name) for name in FIRING), forbidden=("aj-announce", "aj-decoration"),
        diagnosis="3 条：ElevatorSimPoolUsageHigh（流量池加油包后仍 84.1%，01-22 起）、EdgeBoxDiskUsageHigh（edge-yq-01 视频缓存 88%，"
                  "01-22 起，与今天的故障无关）、ParkingOpenApiRateLimited（15:12 起，速停车 AK-STC-01 仍在被限流）；其余告警都已恢复",
    ),
    WorldQuestion(
        "property_parking_changes_listing", "停车系统从昨天傍晚到现在都做过哪些变更？发版、相机固件、改配置都列出来。", "listing",
        asked_facts=(fact("temp-car.free-minutes"), fact("V5.6.10", "FW-UP-20270125-03"), fact("FW-UP-20270125-04"),
                     fact("3.9.0"), fact("open-api.rate-limit.AK-STC-01", "50/s")),
        forbidden=_not("lpr", "partner"), service="aj-parking",
        diagnosis="五次：昨天 17:05 临停免费时长 15 -> 30 分钟（与故障无关）、17:12 枫林小镇 6 台相机固件 V5.5.80 -> V5.6.10"
                  "（FW-UP-20270125-03，导致车牌缺省份简称）、19:38 回退到 V5.5.80（FW-UP-20270125-04）、今天 13:30 发布 3.9.0（与故障"
                  "无关）、15:10 对 AK-STC-01 限流 50/s",
    ),
)

WORLD = World(name=NAME, title="AnJu 安居智慧物业（智慧社区物业管理）", build=build_bundle, questions=QUESTIONS)
