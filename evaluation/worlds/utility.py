"""World "utility": 暖城燃气 NuanCheng Gas, a northern city's gas and district-heating utility (``nc-*`` services: the NB-IoT
meter intake behind the carrier's AEP platform, meter-reading ingestion, billing with its nightly balance recalculation,
prepaid gas and its remote valves, the payment channels, the customer App, SMS notification and the dunning job, field
dispatch for the crews' App, GIS with its geodatabase, the alarm centre, heating control and the customer-service tickets
on a Kubernetes cluster; the public edge nginx, the SCADA gateway to the pressure stations, the SCADA historian, the legacy
batch host, the data-centre switches and the nodes outside it), seen from Monday 2026-12-21 17:00 to the reference time
Tuesday 2026-12-22 16:30 (+08:00), in the heating season. Nothing here was written for the offline agents; ten incidents of
families neither the demo nor the other worlds have, in ordinary noise (Y: Monday evening, T: Tuesday):

(1) Y17:40:12       nc-heat-control: the dispatcher heat_disp_wanglei applies the schedule template SCH-COMM-NIGHT (the office
                    buildings' night setback, 22:00–06:00 secondary supply 45 °C) to the station group 城北居民 (HX-N-01..12)
    Y22:00–T01:40   instead of 城北商业 → from 22:00 the residential flats of 城北 get 45 °C water, rooms fall to 16 °C →
                    heating complaints in nc-crm peak 386 an hour (Y23:50; ``crm_tickets_created_per_hour``, the alert fired at
                    112). T00:55 the night dispatcher puts the group back on SCH-RES-STD. The Y21:20 forecast-refresh config
                    of the heating control is a decoy.
(2) Y22:30–Y23:12   nc-pay-channel: the bank CCB moved its day-end batch window to 22:30–23:30 from 12-21 (its notice
                    CCB-NOTICE-2026-118), the channel router still knows 23:30–00:10 → top-ups routed to ccb-direct answer
                    ``E0917 日终批量处理中`` → nc-customer-app top-ups fail ``CHANNEL_BUSY``. Y23:12 the on-call sets the window
                    to 22:30-23:40. The App's Y21:50 deploy 4.3.0 is a decoy.
(3) T01:00–T04:30   nc-iot-gateway: the carrier's maintenance CT-HB-NM-20261222-017 takes 38 eNodeB cells of 城北 down;
    T04:31–T06:10   when they come back 41260 NB-IoT meters re-attach and report their buffered readings at once →
                    AEP pushes up to 2870 requests/s (T04:36, ``aep_push_requests_per_second``; ~30/s at night), the gateway's
                    800/s limiter answers 503, AEP retries; nc-meter-ingest lags up to 612400 readings (T04:58). The meter
                    ingest's T00:40 deploy 3.6.2 is a decoy.
(4) Y21:10:33       nc-billing: bill_ops_liuyan imports tariff TRF-2026-HS (采暖季阶梯气价) with effective_from=2026-11-15 (the
    T01:00          file says 20261222) → the nightly CronJob nc-billing-balance-recalc re-bills 37 days of 186420 prepaid
    T06:02–T09:55   accounts: 2316 go to a balance ≤ 0 → nc-prepay queues valve closes, delivered as the meters wake
                    (``VALVE_CLOSED reason=BALANCE_EXHAUSTED``) → households without gas in the morning. T09:40 the date is
                    corrected, T09:55 re-run, T10:02 valves reopened. The prepay's T05:30 notice-threshold config is a decoy.
(5) T09:00          nc-dunning: the dunning job moved to the CronJob nc-dunning-daily yesterday (MIG-0412), but the legacy
    T09:00–T09:48   crontab line on nc-batch-01 still runs → two batches DUN-20261222 of 18420 SMS → customers get each
                    reminder twice, the SMS vendor's per-number limit answers ``isv.BUSINESS_LIMIT_CONTROL``, outage notices
                    fail too. T09:48 the crontab line is commented out. The notify's T08:40 template config is a decoy.
(6) T08:20:15       nc-ingress: ops_sec_kongwei replaces the certificate of api-field.nuancheng.cn (SEC-CERT-1193: new CA
    T08:20–T10:41   TrustAsia, new key pair) → the field App NCField 3.7.x pins the old key: ``Certificate pinning failure``,
                    nginx logs ``alert certificate unknown`` → nc-field-dispatch: crews' devices silent, work orders not
                    acknowledged and escalated. T10:40 the old certificate (expires 2027-01-05) is put back. The dispatch's
                    T08:00 deploy 5.2.0 is a decoy.
(7) T11:30:10       nc-gis: gis_admin_liqiang runs a geodatabase compress on gasnet at noon (usually Sunday night) → it waits
    T11:31–T12:24   for and then holds an AccessExclusiveLock on the state tables → the isolation trace (关阀分析) times out
                    → for the 中山路 leak (INC-20261222-0031) nc-field-dispatch cannot produce a valve isolation plan. T12:24
                    the compress is cancelled. The dispatch's T11:05 radius config is a decoy. (The field dispatch thus has
                    two incidents today: a time phrase picks one.)
(8) T13:10:22       nc-scada-gw: the contractor commissions station RS-033's new RTU with IEC 104 common address 21 (copied
    T13:11–T14:35   from the RS-021 template, ticket OT-CMS-0266) → the gateway serves two links under address 21, RS-021's
                    outlet pressure PT-102 flips between 0.38 MPa and RS-033's 0.0029 MPa → nc-alarm-center raises and clears
                    LL alarms, a crew finds the pressure normal. T14:35 RS-033 gets address 33. The alarm centre's T12:40
                    deploy 3.1.0 is a decoy.
(9) T09:20:05       nc-historian: scada_eng_zhoubin switches 1824 points of gate station GS-02 to excdev 0 and no
    T15:05–T15:40   compression for a metering dispute (OT-REQ-0871, planned revert 10:20 never done) → the archive volume
                    fills: 95 % high-water mark at 15:05, archiving suspended, 96.4 % at 15:18
                    (``historian_archive_volume_used_percent``), events dropped; 15:40 old archives moved to the NAS. The
                    growth alert still fires at 16:30 (the points are still uncompressed). Its 02:05 HostCpuHigh is the
                    nightly backup.
(10) T14:03:40      nc-dc-net: NET-CHG-1207 replaces a line card of sw-b-07 and re-adds port-channel 15's member with
     T14:04–T14:50  ``channel-group mode on`` (was active) → the LACP bond of nc-k8s-node-05 flaps ens2f1 → only the pods
                    there (an App pod and a CRM pod) time out to Redis and MySQL; the App answers slowly or 504 on a quarter
                    of requests. T14:50 the member is back to LACP. The App's T13:30 config is a decoy. (The App thus has two
                    incidents: last night's top-ups and this afternoon's.)

Healthy: nc-einvoice (deploy 2.2.0 at T10:00 is a decoy) and nc-inspection (its WARN lines report hazards found in homes,
routine) — INFO/WARN only, under their thresholds, no alert. Still firing at 16:30: MeterBatteryLow (1204 meters of 城南,
since days), HistorianArchiveGrowthHigh (the GS-02 points) and CertificateExpiringSoon (the old field certificate put back).
Kubernetes: the deployments and their pods with their nodes (two on nc-k8s-node-05), the CronJobs' pods and the events of the
last hour (the 16:00 low-balance job). Run ``python -m evaluation.worlds utility`` to print the bundle.
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

NAME = "utility"
SEED = 20261222
TZ = dt.timezone(dt.timedelta(hours=8))
DAY = dt.date(2026, 12, 22)
YESTERDAY = dt.date(2026, 12, 21)
START = dt.datetime(2026, 12, 21, 17, 0, tzinfo=TZ)
REFERENCE = dt.datetime(2026, 12, 22, 16, 30, tzinfo=TZ)
NS = "nuancheng-gas"

_t = functools.partial(clock_on, DAY, TZ)  # a clock today
_y = functools.partial(clock_on, YESTERDAY, TZ)  # a clock yesterday evening

# --- The lines the questions are about (the tests find each one in the bundle) ----------------
# (1) the night setback on the residential group
HEAT_SCHEDULE = ("schedule template SCH-COMM-NIGHT (夜间降温 22:00-06:00, 二次供水设定 45.0°C) applied to station group 城北居民 "
                 "(HX-N-01..HX-N-12) by heat_disp_wanglei, replacing SCH-RES-STD")
HEAT_NIGHT = "schedule SCH-COMM-NIGHT night period started on group 城北居民: supply setpoint 58.0°C -> 45.0°C (12 stations)"
HEAT_FIX = ("station group 城北居民 schedule SCH-COMM-NIGHT -> SCH-RES-STD by heat_disp_night_zhaoyang (居民不降温), supply "
            "setpoint 45.0°C -> 57.5°C (12 stations)")
HEAT_CONFIG = ("[nacos] config changed: dataId=nc-heat-control.yaml group=HEAT key=weather.forecast.refresh-minutes old=60 new=30 "
               "operator=heat_dev_yuming md5=2c7e91a0f4b3")
HEAT_COMPLAINT = ("ticket {ticket} created category=供暖不热 channel=96777 address=城北 {estate} {building}号楼 reported room "
                  "temperature {room}°C")
COMPLAINT_PEAK = 386
COMPLAINT_ALERT_VALUE = "112 件/小时"

# (2) the bank's day-end batch window
CCB_FAIL = ("ccb-direct pay order={order} amount=¥{amount:.2f} failed: respCode=E0917 respMsg=日终批量处理中,请稍后再试 "
            "(channel maintenance window configured 23:30-00:10)")
TOPUP_FAIL = ("POST /api/v1/topup order={order} account={account} amount=¥{amount:.2f} bank=CCB result=FAILED code=CHANNEL_BUSY "
              "msg=银行系统繁忙，请稍后再试")
CCB_WINDOW_FIX = ("[nacos] config changed: dataId=nc-pay-channel.yaml group=PAY key=channel.ccb-direct.maintenance-window "
                  "old=23:30-00:10 new=22:30-23:40 operator=pay_oncall_sunhao md5=7a1d03e5c9b2")
CCB_NOTE = ("pay_oncall_sunhao: 建行代扣渠道 22:30 起返回 E0917 日终批量处理中；查到建行 12-10 的通知 CCB-NOTICE-2026-118："
            "自 12-21 起日终批处理窗口提前为 22:30-23:30")
APP_DEPLOY = ("deploy finished: nc-customer-app 4.3.0 (was 4.2.7) rolled out by ci-bot pipeline=#3318; changes: 账单页改版, "
              "采暖费入口")

# (3) the re-attach herd after the carrier's maintenance
CARRIER_NOTICE = ("change calendar: carrier maintenance CT-HB-NM-20261222-017 (中国电信 城北 eNodeB 扩容割接) 01:00-04:30, "
                  "38 cells, NB-IoT meters of 城北 offline during the window")
AEP_OFFLINE = "AEP notify deviceOnlineOffline: {n} devices offline in the last 5 min (cells {cells})"
AEP_REATTACH = "AEP notify deviceOnlineOffline: {n} devices online in the last 60 s (cells {cells})"
PUSH_REJECTED = ("POST /aep/v1/push dataReport from AEP rejected 503: rate limit 800/s exceeded (current {rate}/s), AEP will "
                 "retry messageId={msg}")
INGEST_DEPLOY = ("deploy finished: nc-meter-ingest 3.6.2 (was 3.6.1) rolled out by ci-bot pipeline=#3309; changes: 温压补偿 "
                 "系数表刷新")
PUSH_PEAK = 2870
LAG_PEAK = 612400
LAG_ALERT_VALUE = "51860 条"

# (4) the tariff's effective date and the nightly balance recalculation
TARIFF_IMPORT = ("tariff TRF-2026-HS imported by bill_ops_liuyan (file 采暖季气价调整_20261222.xlsx): 居民第二阶梯 3.28 -> 3.58 "
                 "元/m³, 第三阶梯 3.94 -> 4.30 元/m³, effective_from=2026-11-15")
RECALC_CRON = "nc-billing-balance-recalc"
RECALC_JOB = job_name(RECALC_CRON, _t("01:00"))
RECALC_POD = job_pod(RECALC_JOB)
RECALC_DONE = ("balance recalc done: rebilled 37 days (2026-11-15..2026-12-21) for 186420 prepaid accounts under TRF-2026-HS, "
               "adjustment -¥1,284,310.52; 2316 accounts balance <= 0 -> valve close requested (BALANCE_EXHAUSTED)")
VALVE_QUEUED = ("valve-close requests from nc-billing: 2316 accounts (reason BALANCE_EXHAUSTED), queued as AEP cached "
                "commands for the next device wake-up")
VALVE_CLOSED = ("valve close delivered meter={meter} account={account} balance=¥{balance:.2f} reason=BALANCE_EXHAUSTED "
                "ack=VALVE_CLOSED")
TARIFF_FIX = ("tariff TRF-2026-HS effective_from 2026-11-15 -> 2026-12-22 by bill_ops_liuyan (approved by bill_lead_hejun)")
RECALC_RERUN = ("balance recalc (manual run by bill_ops_liuyan): TRF-2026-HS from 2026-12-22, adjustment +¥1,284,310.52 "
                "reversed, 2316 accounts restored -> valve open requested (BALANCE_RESTORED)")
PREPAY_CONFIG = ("[nacos] config changed: dataId=nc-prepay.yaml group=PREPAY key=prepay.low-balance.notice-yuan old=20 new=30 "
                 "operator=prepay_dev_guoning md5=e41b7c2d90a6")

# (5) the dunning crontab left behind
DUNNING_CRON = "nc-dunning-daily"
DUNNING_JOB = job_name(DUNNING_CRON, _t("09:00"))
DUNNING_POD = job_pod(DUNNING_JOB)
MIGRATION = ("MIG-0412 催缴短信任务迁移到 Kubernetes: CronJob nc-dunning-daily (schedule \"0 9 * * *\") created by "
             "ops_batch_tianlu; legacy host nc-batch-01 to be retired")
LEGACY_CRON = ("CRON[28417]: (billing) CMD (/opt/dunning/run_dunning.sh --date=$(date +\\%F) >> /var/log/dunning/run.log "
               "2>&1)")
DUNNING_BATCH = "sms batch DUN-20261222 received from {source}: 18420 messages template=SMS_DUNNING_HS"
SMS_LIMIT = ("sms send failed template={template} mobile={mobile} bizId={biz}: code=isv.BUSINESS_LIMIT_CONTROL "
             "message=触发号码分钟级/小时级流控")
CRON_FIX = "ops_batch_tianlu: nc-batch-01 crontab line run_dunning.sh commented out (MIG-0412 follow-up)"
NOTIFY_CONFIG = ("[nacos] config changed: dataId=nc-notify.yaml group=SMS key=sms.template.dunning old=SMS_DUNNING_V2 "
                 "new=SMS_DUNNING_HS operator=notify_dev_tangjie md5=0b8e6f13a5d2")

# (6) the field App's pinned key
CERT_RENEW = ("certificate for api-field.nuancheng.cn replaced by ops_sec_kongwei (ticket SEC-CERT-1193): issuer GeoTrust RSA "
              "CN 2018 -> TrustAsia RSA OV TLS CA G3, new key pair, valid to 2027-12-21 (old certificate valid to 2027-01-05)")
CERT_ROLLBACK = ("certificate for api-field.nuancheng.cn rolled back to the previous one (GeoTrust, expires 2027-01-05) by "
                 "ops_sec_kongwei (SEC-CERT-1193); field App 3.8.0 pinning both keys to be released")
OLD_PIN = "sha256/Qm3xv0ZkE5pbX2r1VfYz8h9OaG4tJcLd6nWsKq7uI0A="
NEW_PIN = "sha256/9xQfT2mLr8UeZ4oPb6VhN1cYkJ3sDw5aGi0tXq7RnBE="
HANDSHAKE_FAIL = ("SSL_do_handshake() failed (SSL: error:0A000416:SSL routines::sslv3 alert certificate unknown:SSL alert "
                  "number 46) while SSL handshaking, client: {client}, server: 0.0.0.0:443, host: api-field.nuancheng.cn")
PIN_FAILURE = ("client log from {crew} (NCField 3.7.{patch}, Android {android}) via log.nuancheng.cn: sync failed: "
               f"javax.net.ssl.SSLPeerUnverifiedException: Certificate pinning failure! peer {NEW_PIN} pinned {OLD_PIN}")
UNACKED = ("work order {order} ({kind}) assigned to {crew} not acknowledged in 15 min, escalated to team leader {leader}")
DISPATCH_DEPLOY = ("deploy finished: nc-field-dispatch 5.2.0 (was 5.1.6) rolled out by ci-bot pipeline=#3321; changes: 安检复查"
                   "工单模板")

# (7) the geodatabase compress at noon
GIS_COMPRESS = ("gis_admin_liqiang: sdeadmin -o compress + analyze started on geodatabase gasnet (states 18412, lineages 2241), "
                "outside the Sunday 02:00 window")
GIS_LOCK = ("LOG:  process {pid} still waiting for AccessExclusiveLock on relation sde.sde_state_lineages of database gasnet "
            "after {ms}.{frac:03d} ms")
TRACE_FAIL = ("isolation trace incident={incident} start={pipe} failed: ERROR: canceling statement due to lock timeout "
              "(sde.sde_state_lineages) after 30000ms")
PLAN_FAIL = ("valve isolation plan for {incident} (中山路 DN200 中压管道泄漏) failed: GIS isolation trace timeout after 30000ms "
             "(retry {n}/3)")
GIS_CANCEL = ("gis_admin_liqiang: compress on gasnet cancelled (pg_cancel_backend 28817), rescheduled to Sunday 02:00 window")
DISPATCH_CONFIG = ("[nacos] config changed: dataId=nc-field-dispatch.yaml group=FIELD key=dispatch.nearest-crew.radius-km old=5 "
                   "new=8 operator=field_dev_zhangrui md5=9e2a4c71b0f8")
INCIDENT = "INC-20261222-0031"

# (8) the RTU commissioned with another station's common address
RTU_ADD = ("station RS-033 (解放路中低压调压站) link added by scada_vendor_gaopeng (ticket OT-CMS-0266): RTU 10.80.33.5:2404 "
           "IEC 104 common address 21, point table PT-RS-TEMPLATE-B")
RTU_DUP = ("IEC104 link RS-033 10.80.33.5:2404 STARTDT con; ASDU common address 21 already served by link RS-021 "
           "10.80.21.5:2404: points merged by address")
RTU_FIX = ("station RS-033 common address 21 -> 33 by scada_vendor_gaopeng (ticket OT-CMS-0266), link 10.80.33.5:2404 "
           "restarted, point table PT-RS-033")
LL_RAISED = ("alarm {alarm} RS-021 PT-102 出口压力 {value} MPa LL (低低限 0.30 MPa) raised, dispatcher notified")
LL_CLEARED = "alarm {alarm} RS-021 PT-102 出口压力 {value} MPa back to normal, cleared after {s}s"
SCADA_DEPLOY = ("deploy finished: nc-scada-gw 2.9.3 (was 2.9.2) on scada-gw-01/02 by scada_eng_zhoubin; changes: IEC 104 "
                "master reconnect backoff")
SCADA_T3 = ("config changed on scada-gw-01/02 by scada_eng_zhoubin: iec104.t3-seconds 20 -> 30 (test frame interval, per "
            "OT-REQ-0879)")
ALARM_DEPLOY = ("deploy finished: nc-alarm-center 3.1.0 (was 3.0.4) rolled out by ci-bot pipeline=#3324; changes: 报警合并规则")

# (9) the historian's uncompressed points
HIST_CONFIG = ("point attributes changed by scada_eng_zhoubin (ticket OT-REQ-0871 华能热电计量争议取证): 1824 points of GS-02 "
               "(北郊门站) excdev 0.05% -> 0, compressing 1 -> 0, scan 1s; planned revert 10:20")
HIST_SUSPENDED = ("archive volume /archive used 95.0% >= high-water mark 95%: archiving suspended, incoming events buffered "
                  "in memory")
HIST_DROP = "event queue full (2000000 events): dropping new events from interface piint-scada-gw ({n} dropped)"
HIST_MOVED = ("hist_ops_majun: archives 2026-09..2026-10 (412 GB) moved to nas-ot-02, archive volume 74%, archiving resumed")
DISK_PEAK = 96.4

# (10) the bond member re-added without LACP
BAD_NODE = "nc-k8s-node-05"
NET_CHANGE = ("NET-CHG-1207 by net_ops_linjie: sw-b-07 line card 2 replaced, port-channel 15 member Ethernet2/15 re-added with "
              "channel-group 15 mode on (was mode active)")
NET_FIX = ("NET-CHG-1207 by net_ops_linjie: Ethernet2/15 channel-group 15 mode on -> mode active (LACP), port-channel 15 up "
           "2/2 members")
BOND_DOWN = "kernel: bond0: (slave ens2f1): link status definitely down, disabling slave"
BOND_UP = "kernel: bond0: (slave ens2f1): link status definitely up, 10000 Mbps full duplex"
BOND_NO_PARTNER = ("kernel: bond0: (slave ens2f1): Warning: No 802.3ad response from the link partner for any adapters in "
                   "the bond")
APP_CONFIG = ("[nacos] config changed: dataId=nc-customer-app.yaml group=APP key=app.home.banner old=winter-safety "
              "new=heating-fee-2026 operator=app_dev_songqi md5=4f0c2b8e71d9")

# Healthy services' changes and the unrelated alerts
EINVOICE_DEPLOY = ("deploy finished: nc-einvoice 2.2.0 (was 2.1.9) rolled out by ci-bot pipeline=#3322; changes: 采暖费发票"
                   "项目编码")
INSPECTION_CONFIG = ("[nacos] config changed: dataId=nc-inspection.yaml group=INSP key=inspection.photo.max-count old=6 new=9 "
                     "operator=insp_dev_luxin md5=b3d91e07c6a2")
BATTERY_SUMMARY = "城南 NB-IoT 表计电池电压低于 3.1V 共 1204 块，自 12-19 起"

# --- Pods, nodes, stations --------------------------------------------------------------------
Rollout = list[tuple[dt.datetime, tuple[str, ...]]]
ROLLOUTS: dict[str, Rollout] = {
    "nc-iot-gateway": [(START, pod_names("nc-iot-gateway", "1.12.0", 3))],
    "nc-meter-ingest": [(START, pod_names("nc-meter-ingest", "3.6.1", 3)),
                        (_t("00:41"), pod_names("nc-meter-ingest", "3.6.2", 3))],
    "nc-billing": [(START, pod_names("nc-billing", "6.2.0", 3))],
    "nc-prepay": [(START, pod_names("nc-prepay", "2.9.4", 3))],
    "nc-pay-channel": [(START, pod_names("nc-pay-channel", "3.4.1", 3))],
    "nc-customer-app": [(START, pod_names("nc-customer-app", "4.2.7", 4)),
                        (_y("21:51"), pod_names("nc-customer-app", "4.3.0", 4))],
    "nc-notify": [(START, pod_names("nc-notify", "1.7.3", 2))],
    "nc-field-dispatch": [(START, pod_names("nc-field-dispatch", "5.1.6", 3)),
                          (_t("08:01"), pod_names("nc-field-dispatch", "5.2.0", 3))],
    "nc-gis": [(START, pod_names("nc-gis", "10.9.1", 2))],
    "nc-alarm-center": [(START, pod_names("nc-alarm-center", "3.0.4", 2)),
                        (_t("12:41"), pod_names("nc-alarm-center", "3.1.0", 2))],
    "nc-heat-control": [(START, pod_names("nc-heat-control", "2.4.0", 2))],
    "nc-crm": [(START, pod_names("nc-crm", "5.8.2", 2))],
    "nc-einvoice": [(START, pod_names("nc-einvoice", "2.1.9", 2)), (_t("10:01"), pod_names("nc-einvoice", "2.2.0", 2))],
    "nc-inspection": [(START, pod_names("nc-inspection", "1.5.0", 2))],
}
NODES = [f"nc-k8s-node-{n:02d}" for n in range(1, 8)]
VMS = {
    "nc-k8s-node": NODES,
    "nc-ingress": ["edge-nginx-01", "edge-nginx-02"],
    "nc-scada-gw": ["scada-gw-01", "scada-gw-02"],
    "nc-historian": ["historian-01"],
    "nc-batch": ["nc-batch-01"],
    "nc-dc-net": ["sw-a-03", "sw-a-04", "sw-b-07", "sw-b-08"],
}
INSTANCES: dict[str, list[str]] = {service: list(steps[-1][1]) for service, steps in ROLLOUTS.items()} | VMS
INSTANCES["nc-dunning"] = [DUNNING_POD]

APP_PODS = ROLLOUTS["nc-customer-app"][1][1]
APP_BAD_POD = APP_PODS[1]
CRM_PODS = ROLLOUTS["nc-crm"][0][1]
CRM_BAD_POD = CRM_PODS[0]
#: The pods the scheduler put on the node behind the flapping bond (nothing else of ours runs there).
ON_BAD_NODE = (APP_BAD_POD, CRM_BAD_POD)
_GOOD_NODES = [node for node in NODES if node != BAD_NODE]


def node_of(pod: str) -> str:
    """The node a pod runs on: the two pods on the bad node, the others spread over the six others."""
    if pod in ON_BAD_NODE:
        return BAD_NODE
    return _GOOD_NODES[int(hashlib.sha256(pod.encode()).hexdigest(), 16) % len(_GOOD_NODES)]


def pod_ip(pod: str) -> str:
    """The pod's address in its node's pod CIDR (10.42.<node>.0/24)."""
    node = int(node_of(pod)[-2:])
    return f"10.42.{node}.{int(hashlib.sha256(pod.encode()).hexdigest(), 16) % 200 + 20}"


SERVICES: list[Json] = [
    {"name": "nc-iot-gateway", "aliases": ["NB 表接入", "物联网接入", "表计接入网关", "AEP 接入", "NB-IoT 网关"],
     "description": "NB-IoT 表计接入网关（Go，3 个副本）：接收电信 AEP 平台推送的表计上报（dataReport）、上下线通知，"
                    "转发到 Kafka topic meter-readings；对 AEP 推送限流 800 次/秒，超过回 503，AEP 会重试。"},
    {"name": "nc-meter-ingest", "aliases": ["抄表入库", "抄表数据", "远传抄表", "读数入库"],
     "description": "抄表数据入库（Java，3 个副本）：消费 meter-readings，做温压补偿与读数校验后写入读数库，供计费与预付费使用。"},
    {"name": "nc-billing", "aliases": ["计费", "计费系统", "气价", "账务"],
     "description": "计费（Java，3 个副本）：阶梯气价、采暖季气价表（tariff）、账单；每天 01:00 CronJob "
                    "nc-billing-balance-recalc 按生效的气价重算预付费账户余额，余额 ≤ 0 的通知预付费关阀。"},
    {"name": "nc-prepay", "aliases": ["预付费", "预付费系统", "物联网表预付费", "远程关阀", "阀控"],
     "description": "预付费（Java，3 个副本）：NB-IoT 物联网表的预存气费、低余额提醒、远程关阀/开阀（命令经 AEP 缓存，在表"
                    "下次唤醒上报时下发）。"},
    {"name": "nc-pay-channel", "aliases": ["支付渠道", "收款渠道", "银行渠道", "代收"],
     "description": "支付渠道（Java，3 个副本）：微信、支付宝、银联和建行直连（ccb-direct）的收款与路由；每个渠道配置维护窗口，"
                    "窗口内自动改走备用渠道。"},
    {"name": "nc-customer-app", "aliases": ["客户 App", "App", "掌上燃气", "公众号", "网上营业厅", "App 后台"],
     "description": "客户 App 与公众号后端（Java，4 个副本）：查账单、余额、气费充值（调用 nc-pay-channel）、报修；缓存 Redis "
                    "nc-redis-app，数据库 MySQL nc-mysql-cs。"},
    {"name": "nc-notify", "aliases": ["短信", "短信通知", "通知服务", "短信平台"],
     "description": "短信通知（Python，2 个副本）：催缴、停气通知、低余额提醒，经短信服务商发送（同一号码有分钟级/小时级流控）。"},
    {"name": "nc-dunning", "aliases": ["催缴", "催费", "催缴任务"],
     "description": "欠费催缴任务：每天 09:00 CronJob nc-dunning-daily 找出欠费账户，按批次（DUN-<日期>）交给 nc-notify 发催缴短信"
                    "（12-21 起由旧批处理机 nc-batch-01 的 crontab 迁入，MIG-0412）。"},
    {"name": "nc-batch", "aliases": ["旧批处理机", "批处理服务器", "batch 机"],
     "description": "旧批处理服务器 nc-batch-01（CentOS，crontab 跑计费和催缴脚本，计划下线）。"},
    {"name": "nc-field-dispatch", "aliases": ["外勤派单", "派单", "抢修调度", "外勤", "工单派发", "派单系统"],
     "description": "外勤与抢修调度（Java，3 个副本）：给维修、安检、抢修师傅派工单，外勤 App NCField 经 api-field.nuancheng.cn "
                    "同步工单；抢修时向 nc-gis 请求关阀分析（isolation trace）生成关阀方案。"},
    {"name": "nc-ingress", "aliases": ["边缘网关", "nginx", "公网入口", "API 网关"],
     "description": "公网入口 nginx（edge-nginx-01/02）：api.nuancheng.cn（客户 App）、api-field.nuancheng.cn（外勤 App）的 TLS "
                    "终结与转发。"},
    {"name": "nc-gis", "aliases": ["GIS", "管网 GIS", "管网地图", "关阀分析"],
     "description": "管网 GIS（2 个副本，企业级地理数据库 gasnet 在 PostgreSQL nc-gisdb-01）：管网查询、编辑版本、爆管关阀分析"
                    "（isolation trace）；数据库压缩（compress）按规定在周日 02:00 窗口做。"},
    {"name": "nc-scada-gw", "aliases": ["SCADA", "SCADA 网关", "调压站采集", "场站采集"],
     "description": "SCADA 网关（scada-gw-01/02，OT 区）：IEC 60870-5-104 主站，采集门站 GS-xx、调压站 RS-xx 的 RTU（每站一个"
                    "公共地址 common address），转发给报警中心与历史库。"},
    {"name": "nc-historian", "aliases": ["历史库", "SCADA 历史库", "实时历史数据库", "历史数据"],
     "description": "SCADA 历史库（historian-01）：按例外偏差（excdev）与压缩存档场站测点，存档卷 /archive（高水位 95% 时暂停"
                    "存档）；调度大屏与大客户计量报表从这里取数。"},
    {"name": "nc-alarm-center", "aliases": ["报警中心", "调度报警", "报警平台", "告警中心"],
     "description": "报警中心（Java，2 个副本）：场站压力高低限报警、居民燃气泄漏报警器、抢修报警，推给调度员。"},
    {"name": "nc-heat-control", "aliases": ["供热调控", "热力调控", "换热站调控", "供热", "暖气"],
     "description": "供热调控（Python，2 个副本）：按气象补偿曲线与时段模板（居民 SCH-RES-STD、商业夜间降温 SCH-COMM-NIGHT）"
                    "给各换热站 HX-xx 下发二次供水温度设定。"},
    {"name": "nc-crm", "aliases": ["客服", "客服工单", "96777", "热线"],
     "description": "客服工单（Java，2 个副本）：96777 热线与线上投诉的工单（供暖不热、停气、短信投诉等）。"},
    {"name": "nc-einvoice", "aliases": ["电子发票", "开票", "发票"],
     "description": "电子发票（Java，2 个副本）：气费、采暖费电子发票开具与推送。"},
    {"name": "nc-inspection", "aliases": ["入户安检", "安检", "安检系统"],
     "description": "入户安检（Node.js，2 个副本）：安检员 App 上传的安检记录、隐患登记与整改通知。"},
    {"name": "nc-k8s-node", "aliases": ["K8s 节点", "工作节点", "节点"],
     "description": "集群 nc-prod 的 7 个节点 nc-k8s-node-01..07（01-03 在机房 A 区，04-07 在 B 区），bond0 = ens2f0 + ens2f1，"
                    "802.3ad（LACP）接 B 区交换机。"},
    {"name": "nc-dc-net", "aliases": ["机房网络", "交换机", "数据中心网络"],
     "description": "机房交换机 sw-a-03/04、sw-b-07/08：服务器双上联 port-channel（LACP）。"},
]

WINDOWS = {
    "heat": (_y("22:00"), _t("01:40")),
    "ccb": (_y("22:30"), _y("23:12:40")),
    "carrier": (_t("01:00"), _t("04:31")),
    "herd": (_t("04:31"), _t("06:10")),
    "valves": (_t("06:02"), _t("09:55")),
    "dunning": (_t("09:00"), _t("09:48")),
    "cert": (_t("08:20:15"), _t("10:40:30")),
    "gis": (_t("11:31"), _t("12:24:30")),
    "rtu": (_t("13:10:40"), _t("14:35:20")),
    "historian": (_t("15:05"), _t("15:40")),
    "bond": (_t("14:04"), _t("14:50:20")),
}


def _inside(window: str, t: dt.datetime) -> bool:
    a, b = WINDOWS[window]
    return a <= t < b


def _night(t: dt.datetime) -> bool:
    return _y("23:30") <= t < _t("06:30")


# --- Business vocabulary -------------------------------------------------------------------------
Line = tuple[str, str, dict[str, Any]]
DISTRICTS = ["城北", "城南", "城东", "城西", "开发区"]
ESTATES = ["锦绣花园", "北苑小区", "和平里", "铁路新村", "汇景苑", "丽水家园", "钢厂宿舍", "金地名郡"]
STATIONS_HX = [f"HX-N-{n:02d}" for n in range(1, 13)] + [f"HX-S-{n:02d}" for n in range(1, 9)] + [
    f"HX-C-{n:02d}" for n in range(1, 5)]
RS_STATIONS = ["RS-004", "RS-011", "RS-017", "RS-021", "RS-026", "RS-033", "RS-040"]
GATE_STATIONS = ["GS-01", "GS-02", "GS-03"]
CELLS_NORTH = [f"CN-{n:03d}" for n in range(101, 139)]
CELLS = CELLS_NORTH + [f"CS-{n:03d}" for n in range(201, 240)]
PAYS = ["WXPAY", "ALIPAY", "UNIONPAY", "CCB"]
KINDS = ["维修", "安检复查", "置换通气", "表具更换", "抢修"]


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
    """An on-call engineer's note in the service's channel (the ops console relays it to the logs)."""
    w.log(moment, service, "INFO", message, instance="ops-console", trace=False, **attributes)


def _account(w: WorldBuilder) -> str:
    return f"A{w.rng.randint(10000000, 39999999)}"


def _meter(w: WorldBuilder) -> str:
    return f"NC-MTR-{w.rng.randint(20000000, 29999999)}"


def _imei(w: WorldBuilder) -> str:
    return f"8665{w.rng.randint(10**10, 10**11 - 1)}"


def _order(w: WorldBuilder, prefix: str, t: dt.datetime) -> str:
    return f"{prefix}{t:%y%m%d}{w.rng.randint(10000000, 99999999)}"


def _mobile(w: WorldBuilder) -> str:
    return f"1{w.rng.choice(['35', '38', '39', '52', '58', '86', '89'])}****{w.rng.randint(1000, 9999)}"


def _crew(w: WorldBuilder) -> str:
    return f"F-{w.rng.randint(1001, 1212)}"


def _ticket(w: WorldBuilder, t: dt.datetime) -> str:
    return f"CS-{t:%Y%m%d}-{w.rng.randint(10000, 99999)}"


def _client_ip(w: WorldBuilder) -> str:
    return f"{w.rng.choice(['117.136', '223.104', '112.224', '39.144'])}.{w.rng.randint(1, 254)}.{w.rng.randint(1, 254)}"


# --- Noise: every service's ordinary day ----------------------------------------------------------
def _iot(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "nc-iot-gateway", t)
    roll = w.rng.random()
    cells = [c for c in CELLS if not (c in CELLS_NORTH and _inside("carrier", t))]
    cell = w.rng.choice(cells)
    if roll < 0.6:
        return "INFO", (f"dataReport imei={_imei(w)} meter={_meter(w)} cell={cell} reading={w.rng.uniform(100, 9000):.3f}m³ "
                        f"battery={w.rng.uniform(3.3, 3.6):.2f}V rsrp=-{w.rng.randint(85, 118)} reportType=SCHEDULED -> "
                        "meter-readings"), {"instance": pod}
    if roll < 0.8:
        return "INFO", f"POST /aep/v1/push 200 took={w.ms(2, 14)}ms", {"instance": pod, "log_type": "access"}
    if roll < 0.95:
        return "INFO", (f"kafka producer meter-readings: {w.rng.randint(800, 4000)} records/min, batch.size=64KB, "
                        f"errors=0"), {"instance": pod, "logger": "kafka"}
    return "WARN", f"dataReport imei={_imei(w)} rsrp=-{w.rng.randint(121, 128)} coverage class CE2 (weak signal)", {
        "instance": pod}


def _ingest(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "nc-meter-ingest", t)
    roll = w.rng.random()
    if roll < 0.55:
        return "INFO", (f"readings stored batch={w.rng.randint(200, 500)} partitions=24 lag={w.rng.randint(0, 900)} "
                        f"took={w.ms(40, 260)}ms"), {"instance": pod}
    if roll < 0.85:
        return "INFO", (f"temperature-pressure compensation meter={_meter(w)} raw={w.rng.uniform(0.1, 3):.3f}m³ "
                        f"std={w.rng.uniform(0.1, 3):.3f}Nm³ factor 0.9{w.rng.randint(10, 99)}"), {"instance": pod}
    if roll < 0.95:
        return "INFO", "consumer group meter-ingest rebalance not needed, 24/24 partitions assigned", {"instance": pod}
    return "WARN", f"reading rejected meter={_meter(w)}: reading decreased by {w.rng.uniform(0.001, 0.05):.3f}m³ (jitter)", {
        "instance": pod}


def _billing(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "nc-billing", t)
    roll = w.rng.random()
    if roll < 0.5:
        return "INFO", (f"bill generated account={_account(w)} period=2026-12 volume={w.rng.uniform(5, 60):.2f}m³ tier="
                        f"{w.rng.choice([1, 1, 1, 2])} amount=¥{w.rng.uniform(15, 260):.2f}"), {"instance": pod}
    if roll < 0.85:
        return "INFO", f"GET /api/billing/v1/accounts/{_account(w)}/bills 200 took={w.ms(6, 60)}ms", {
            "instance": pod, "log_type": "access"}
    return "INFO", f"tariff cache refreshed: 14 tariffs, version {w.rng.randint(880, 890)}", {"instance": pod}


def _prepay(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "nc-prepay", t)
    roll = w.rng.random()
    if roll < 0.45:
        return "INFO", (f"deduction account={_account(w)} meter={_meter(w)} volume={w.rng.uniform(0.1, 3):.3f}m³ balance="
                        f"¥{w.rng.uniform(40, 900):.2f}"), {"instance": pod}
    if roll < 0.75:
        return "INFO", (f"top-up credited account={_account(w)} amount=¥{w.rng.choice([50, 100, 200, 300, 500])}.00 "
                        "command=CREDIT queued"), {"instance": pod}
    if roll < 0.93:
        return "INFO", f"low-balance notice account={_account(w)} balance=¥{w.rng.uniform(5, 20):.2f} sent via nc-notify", {
            "instance": pod}
    return "WARN", f"AEP cached command for meter={_meter(w)} expired after 72h (meter not reporting), re-queued", {
        "instance": pod}


def _pay(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "nc-pay-channel", t)
    roll = w.rng.random()
    channel = w.rng.choice(["wxpay", "alipay", "unionpay", "ccb-direct"])
    if _y("22:30") <= t < _y("23:40") and channel == "ccb-direct":  # the incident's own lines, then CCB via unionpay
        channel = "unionpay"
    if roll < 0.6:
        return "INFO", (f"{channel} pay order={_order(w, 'TP', t)} amount=¥{w.rng.choice([50, 100, 200, 300])}.00 "
                        f"respCode=0000 took={w.ms(120, 900)}ms"), {"instance": pod}
    if roll < 0.85:
        return "INFO", f"{channel} notify verified order={_order(w, 'TP', t)} status=SUCCESS", {"instance": pod}
    if roll < 0.95:
        return "INFO", f"settlement file pulled {channel} {w.rng.randint(200, 4000)} records", {"instance": pod}
    return "WARN", f"{channel} query order={_order(w, 'TP', t)} pending, will re-query in 30s", {"instance": pod}


def _app(w: WorldBuilder, t: dt.datetime) -> Line:
    pods = [p for p in ROLLOUTS["nc-customer-app"][-1][1] if not (p == APP_BAD_POD and _inside("bond", t))]
    pod = _pod(w, "nc-customer-app", t) if t < _y("21:51") else w.rng.choice(pods)
    roll = w.rng.random()
    quiet = 0.3 if _night(t) else 1.0
    if roll < 0.35 * quiet:
        return "INFO", f"GET /api/v1/account/{_account(w)}/bills 200 took={w.ms(15, 120)}ms", {
            "instance": pod, "log_type": "access"}
    if roll < 0.55 * quiet:
        pay = w.rng.choice(PAYS if not _inside("ccb", t) else PAYS[:3])
        return "INFO", (f"POST /api/v1/topup order={_order(w, 'TP', t)} account={_account(w)} amount=¥"
                        f"{w.rng.choice([50, 100, 200, 300])}.00 bank={pay} result=SUCCESS took={w.ms(400, 1600)}ms"), {
            "instance": pod}
    if roll < 0.8:
        return "INFO", f"GET /api/v1/account/{_account(w)}/balance 200 took={w.ms(8, 60)}ms", {
            "instance": pod, "log_type": "access"}
    if roll < 0.95:
        return "INFO", f"redis nc-redis-app GET session hit ratio {w.rng.uniform(0.93, 0.99):.2f}", {
            "instance": pod, "logger": "cache"}
    return "WARN", "login SMS code expired (older than 300s), user asked to resend", {"instance": pod}


def _notify(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "nc-notify", t)
    roll = w.rng.random()
    template = w.rng.choice(["SMS_LOW_BALANCE", "SMS_TOPUP_OK", "SMS_BILL_READY", "SMS_INSPECTION_VISIT"])
    if roll < 0.75:
        return "INFO", (f"sms sent template={template} mobile={_mobile(w)} bizId={w.rng.randint(10**15, 10**16 - 1)} "
                        f"took={w.ms(80, 400)}ms"), {"instance": pod}
    if roll < 0.95:
        return "INFO", f"sms delivery receipts pulled: {w.rng.randint(20, 600)} DELIVRD, {w.rng.randint(0, 4)} UNDELIV", {
            "instance": pod}
    return "WARN", f"sms to {_mobile(w)} UNDELIV: MK:0001 (number powered off)", {"instance": pod}


def _dispatch(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "nc-field-dispatch", t)
    roll = w.rng.random()
    if _night(t):
        if roll < 0.7:
            return "INFO", f"field devices online {w.rng.randint(8, 14)}/212 (night shift)", {"instance": pod}
        return "INFO", f"GET /field/v2/orders/pending 200 took={w.ms(6, 40)}ms", {"instance": pod, "log_type": "access"}
    if roll < 0.4:
        return "INFO", (f"work order {_order(w, 'WO-', t)} ({w.rng.choice(KINDS)}) assigned to {_crew(w)} "
                        f"{w.rng.choice(DISTRICTS)}"), {"instance": pod}
    if roll < 0.65 and not _inside("cert", t):
        return "INFO", f"work order {_order(w, 'WO-', t)} acknowledged by {_crew(w)} in {w.rng.randint(1, 9)} min", {
            "instance": pod}
    if roll < 0.85 and not _inside("cert", t):
        return "INFO", f"POST /field/v2/sync 200 crew={_crew(w)} app=NCField/3.7.{w.rng.randint(2, 5)} took={w.ms(30, 200)}ms", {
            "instance": pod, "log_type": "access"}
    return "INFO", f"work order {_order(w, 'WO-', t)} closed by {_crew(w)}: {w.rng.choice(KINDS)} 完成", {"instance": pod}


def _ingress(w: WorldBuilder, t: dt.datetime) -> Line:
    edge = w.rng.choice(VMS["nc-ingress"])
    roll = w.rng.random()
    if roll < 0.5:
        return "INFO", (f'{_client_ip(w)} - - "GET /api/v1/account/{_account(w)}/bills HTTP/2.0" 200 {w.rng.randint(900, 4000)} '
                        f'host=api.nuancheng.cn rt={w.rng.uniform(0.01, 0.12):.3f}'), {"instance": edge, "log_type": "access"}
    if roll < 0.75 and not _inside("cert", t):
        return "INFO", (f'{_client_ip(w)} - - "POST /field/v2/sync HTTP/2.0" 200 {w.rng.randint(300, 2000)} '
                        f'host=api-field.nuancheng.cn ua="NCField/3.7.{w.rng.randint(2, 5)} (Android)" '
                        f'rt={w.rng.uniform(0.02, 0.2):.3f}'), {"instance": edge, "log_type": "access"}
    if roll < 0.9:
        return "INFO", f"nginx: worker process {w.rng.randint(2000, 2100)} ssl session cache usage {w.rng.randint(10, 40)}%", {
            "instance": edge}
    return "WARN", (f"limiting requests, excess: 10.{w.rng.randint(100, 999)} by zone \"per_ip\", client: {_client_ip(w)}, "
                    "host: api.nuancheng.cn"), {"instance": edge}


def _gis(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "nc-gis", t)
    roll = w.rng.random()
    if roll < 0.45:
        return "INFO", (f"GET /arcgis/rest/services/gasnet/MapServer/export bbox=... 200 took={w.ms(40, 300)}ms"), {
            "instance": pod, "log_type": "access"}
    if roll < 0.7:
        return "INFO", (f"query pipe segments district={w.rng.choice(DISTRICTS)} features={w.rng.randint(20, 800)} "
                        f"took={w.ms(20, 200)}ms"), {"instance": pod}
    if roll < 0.9 and not _inside("gis", t):
        return "INFO", (f"isolation trace drill start=PIPE-{w.rng.choice(['BS', 'JF', 'HP'])}-{w.rng.randint(100, 999):04d}: "
                        f"{w.rng.randint(2, 7)} valves, {w.rng.randint(40, 900)} customers affected, took={w.ms(300, 1500)}ms"), {
            "instance": pod}
    return "WARN", f"tile render slow level={w.rng.randint(14, 18)} took={w.ms(1200, 2500)}ms", {"instance": pod}


def _scada(w: WorldBuilder, t: dt.datetime) -> Line:
    gw = w.rng.choice(VMS["nc-scada-gw"])
    roll = w.rng.random()
    station = w.rng.choice([s for s in RS_STATIONS if s != "RS-033" or t >= _t("14:35:20")])
    if roll < 0.5:
        outlet = 0.38 if station in ("RS-004", "RS-021", "RS-040") else 0.0028
        value = outlet * w.rng.uniform(0.97, 1.03)
        return "INFO", (f"IEC104 {station} M_ME_NC_1 PT-102 outlet pressure {value:.4f} MPa quality=GOOD "
                        f"(interrogation {w.rng.randint(1, 9)})"), {"instance": gw}
    if roll < 0.75:
        gs = w.rng.choice(GATE_STATIONS)
        return "INFO", (f"IEC104 {gs} M_ME_NC_1 FT-101 flow {w.rng.uniform(18000, 42000):.0f} Nm³/h quality=GOOD"), {
            "instance": gw}
    if roll < 0.92:
        return "INFO", f"historian forward piint-scada-gw: {w.rng.randint(1100, 1500)} events/s, queue 0", {"instance": gw}
    return "WARN", f"IEC104 {station} TESTFR act without con within t1=15s, retry 1", {"instance": gw}


def _historian(w: WorldBuilder, t: dt.datetime) -> Line:
    roll = w.rng.random()
    if roll < 0.6:
        rate = w.rng.randint(1100, 1500) if t < _t("09:20:05") else w.rng.randint(46000, 49000)
        return "INFO", f"archive write rate {rate} events/s, compression ratio {'8.4' if rate < 2000 else '1.1'}", {
            "instance": "historian-01"}
    if roll < 0.85:
        return "INFO", f"pi archive check ok, active archive piarch.{w.rng.randint(410, 414)}", {"instance": "historian-01"}
    return "INFO", f"client query dashboard-01 points={w.rng.randint(40, 400)} took={w.ms(30, 300)}ms", {
        "instance": "historian-01"}


def _alarm(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "nc-alarm-center", t)
    roll = w.rng.random()
    if roll < 0.5:
        return "INFO", (f"household detector {w.rng.choice(DISTRICTS)} {w.rng.choice(ESTATES)} heartbeat batch "
                        f"{w.rng.randint(200, 900)} ok"), {"instance": pod}
    if roll < 0.8:
        return "INFO", f"alarm rules evaluated: {w.rng.randint(1800, 1900)} points, 0 new alarms", {"instance": pod}
    if roll < 0.95:
        return "INFO", f"station {w.rng.choice(RS_STATIONS[:-2])} door contact closed (inspection visit)", {"instance": pod}
    return "WARN", (f"household detector {w.rng.choice(ESTATES)} {w.rng.randint(1, 30)}-{w.rng.randint(1, 6)}-"
                    f"{w.rng.randint(101, 2402)} low battery"), {"instance": pod}


def _heat(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "nc-heat-control", t)
    roll = w.rng.random()
    stations = [s for s in STATIONS_HX if not (s.startswith("HX-N") and _inside("heat", t))]
    station = w.rng.choice(stations)
    if roll < 0.6:
        supply = w.rng.uniform(55, 60)  # the commercial group HX-C too: the setback never reached the group it was meant for
        return "INFO", (f"{station} secondary supply {supply:.1f}°C return {supply - w.rng.uniform(8, 12):.1f}°C "
                        f"outdoor {w.rng.uniform(-11, -6):.1f}°C"), {"instance": pod}
    if roll < 0.85:
        return "INFO", f"weather compensation curve WC-2026 outdoor {w.rng.uniform(-11, -6):.1f}°C -> target 57-59°C", {
            "instance": pod}
    return "WARN", "weather forecast provider answered in 4.2s (timeout 5s), using cached forecast", {"instance": pod}


def _crm(w: WorldBuilder, t: dt.datetime) -> Line:
    pods = [p for p in CRM_PODS if not (p == CRM_BAD_POD and _inside("bond", t))]
    pod = w.rng.choice(pods)
    roll = w.rng.random()
    if roll < 0.45:
        category = w.rng.choice(["账单咨询", "报修", "过户", "安检预约"])
        return "INFO", (f"ticket {_ticket(w, t)} created category={category} channel={w.rng.choice(['96777', 'App', '公众号'])}"), {
            "instance": pod}
    if roll < 0.8:
        return "INFO", f"ticket {_ticket(w, t)} closed by agent {w.rng.randint(1001, 1090)}", {"instance": pod}
    return "INFO", f"CTI queue 96777 waiting {w.rng.randint(0, 6)} agents online {w.rng.randint(8, 30)}", {"instance": pod}


def _einvoice(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "nc-einvoice", t)
    roll = w.rng.random()
    if roll < 0.55:
        return "INFO", (f"invoice issued no={w.rng.randint(10**19, 10**20 - 1)} account={_account(w)} amount=¥"
                        f"{w.rng.uniform(20, 900):.2f} item=天然气"), {"instance": pod}
    if roll < 0.9:
        return "INFO", f"GET /api/einvoice/v1/invoices 200 took={w.ms(10, 90)}ms", {"instance": pod, "log_type": "access"}
    return "WARN", f"tax platform answered in {w.rng.uniform(1.0, 2.0):.1f}s (slow), invoice issued without retry", {
        "instance": pod}


HAZARDS = ["HZ-03 软管超期使用", "HZ-07 燃气灶无熄火保护", "HZ-11 表前阀锈蚀", "HZ-02 私改燃气管道", "HZ-15 热水器烟道未出户"]


def _inspection(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "nc-inspection", t)
    roll = w.rng.random()
    household = f"{w.rng.choice(ESTATES)} {w.rng.randint(1, 30)}-{w.rng.randint(1, 6)}-{w.rng.randint(101, 2402)}"
    if roll < 0.5:
        return "INFO", f"inspection record uploaded household={household} result=PASS photos={w.rng.randint(3, 6)}", {
            "instance": pod}
    if roll < 0.75:
        return "INFO", f"GET /api/insp/v1/plans/today 200 took={w.ms(8, 70)}ms", {"instance": pod, "log_type": "access"}
    return "WARN", (f"hazard found household={household}: {w.rng.choice(HAZARDS)}, rectification notice issued "
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
        return "INFO", "kernel: bond0: (slave ens2f0): link status up, 802.3ad aggregator ID 1 active", {"instance": node}
    return "INFO", (f"chronyd[{w.rng.randint(700, 900)}]: Selected source 10.1.0.1 (ntp.nuancheng.local), offset "
                    f"{w.rng.uniform(-0.4, 0.4):.3f}ms"), {"instance": node}


def _batch(w: WorldBuilder, t: dt.datetime) -> Line:
    roll = w.rng.random()
    if roll < 0.5:
        return "INFO", f"CRON[{w.rng.randint(20000, 29999)}]: (root) CMD (/usr/lib64/sa/sa1 1 1)", {"instance": "nc-batch-01"}
    return "INFO", f"systemd-logind[812]: New session {w.rng.randint(100, 900)} of user billing.", {"instance": "nc-batch-01"}


def _dcnet(w: WorldBuilder, t: dt.datetime) -> Line:
    switch = w.rng.choice(VMS["nc-dc-net"])
    if w.rng.random() < 0.6:
        return "INFO", (f"%LACP-6-PORT_STATS: port-channel {w.rng.randint(10, 20)} members 2/2 bundled, lacp rate fast"), {
            "instance": switch}
    return "INFO", "%NTP-6-SYNC: synchronized to 10.1.0.1 stratum 2", {"instance": switch}


NOISE = {
    "nc-iot-gateway": (_iot, 45), "nc-meter-ingest": (_ingest, 70), "nc-billing": (_billing, 100), "nc-prepay": (_prepay, 75),
    "nc-pay-channel": (_pay, 60), "nc-customer-app": (_app, 35), "nc-notify": (_notify, 90),
    "nc-field-dispatch": (_dispatch, 60), "nc-ingress": (_ingress, 50), "nc-gis": (_gis, 100), "nc-scada-gw": (_scada, 55),
    "nc-historian": (_historian, 300), "nc-alarm-center": (_alarm, 60), "nc-heat-control": (_heat, 60),
    "nc-crm": (_crm, 90), "nc-einvoice": (_einvoice, 120), "nc-inspection": (_inspection, 120),
    "nc-k8s-node": (_node, 420), "nc-batch": (_batch, 900), "nc-dc-net": (_dcnet, 600),
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


SPRING_START = "Started {app} in {{s}} seconds (process running for 21.7)"
SPRING_STOP = "Commencing graceful shutdown. Waiting for active requests to complete"


# --- Incident 1: the night setback applied to the residential group -------------------------------------
COMPLAINTS = [(START, 4), (_y("22:00"), 5), (_y("22:30"), 38), (_y("22:55"), 112), (_y("23:20"), 268),
              (_y("23:48"), 371), (_y("23:50"), COMPLAINT_PEAK), (_y("23:52"), 374), (_t("00:30"), 322),
              (_t("00:55"), 281), (_t("01:40"), 96), (_t("02:30"), 18), (_t("06:00"), 6), (_t("08:00"), 9), (REFERENCE, 7)]
SUPPLY_NORTH = [(START, 58.2), (_y("22:00"), 58.0), (_y("22:12"), 45.6), (_t("00:55"), 45.2), (_t("01:10"), 55.9),
                (_t("01:25"), 57.6), (REFERENCE, 58.1)]


def night_setback(w: WorldBuilder) -> None:
    heat, crm = "nc-heat-control", "nc-crm"
    pods = ROLLOUTS[heat][0][1]
    w.log(_y("17:40:12.330"), heat, "INFO", HEAT_SCHEDULE, instance=pods[0], trace=False, change="schedule")
    w.log(_y("21:20:40.118"), heat, "INFO", HEAT_CONFIG, instance=pods[1], change="config")
    w.log(_y("22:00:05.204"), heat, "INFO", HEAT_NIGHT, instance=pods[0], trace=False)
    for index, station in enumerate(STATIONS_HX[:12]):
        w.log(_y("22:00:06") + dt.timedelta(seconds=2 * index, milliseconds=w.rng.randint(0, 999)), heat, "INFO",
              f"{station} setpoint secondary supply 58.0°C -> 45.0°C written via nc-scada-gw (schedule SCH-COMM-NIGHT)",
              instance=pods[0], trace=False)
    for moment in _every(w, _y("22:05"), _t("01:10"), 40, 90):
        station = w.rng.choice(STATIONS_HX[:12])
        supply = interpolate(SUPPLY_NORTH, moment) + w.rng.uniform(-0.4, 0.4)
        w.log(moment, heat, "INFO", f"{station} secondary supply {supply:.1f}°C return {supply - w.rng.uniform(5, 7):.1f}°C "
              f"outdoor {w.rng.uniform(-13, -10):.1f}°C (setpoint {'45.0' if moment < _t('00:55:40') else '57.5'}°C)",
              instance=w.rng.choice(pods))
    for moment in _every(w, _y("22:38"), _t("02:30"), 8, 30):
        rate = interpolate(COMPLAINTS, moment)
        if w.rng.random() * 400 > rate:
            continue
        w.log(moment, crm, "INFO", HEAT_COMPLAINT.format(ticket=_ticket(w, moment), estate=w.rng.choice(ESTATES),
                                                         building=w.rng.randint(1, 32), room=w.rng.randint(14, 17)),
              instance=w.rng.choice(CRM_PODS))
    _ops(w, _t("00:41:30.118"), crm, "crm_night_lead_fangli: 城北多个小区投诉暖气不热，室温 15-17°C，已转供热调度")
    w.log(_t("00:55:40.551"), heat, "INFO", HEAT_FIX, instance=pods[1], trace=False, change="schedule")
    w.alert("HeatComplaintSurge", crm, "warning", _y("22:55"), _t("01:40"), COMPLAINT_ALERT_VALUE,
            f"供暖不热投诉 {COMPLAINT_ALERT_VALUE}，超过阈值 60", namespace=NS, category="供暖不热")
    w.alert("HeatSupplyTemperatureLow", heat, "warning", _y("22:15"), _t("01:15"), "45.3°C",
            "城北居民组二次供水温度 45.3°C，低于 50°C", namespace=NS, group="城北居民")


# --- Incident 2: the bank's day-end batch window ---------------------------------------------------------
def bank_window(w: WorldBuilder) -> None:
    app, pay = "nc-customer-app", "nc-pay-channel"
    w.log(_y("21:50:20.441"), app, "INFO", APP_DEPLOY, instance=APP_PODS[0], change="deploy")
    _rolled(w, app, SPRING_START.format(app="CustomerAppApplication"), SPRING_STOP)
    pay_pods = ROLLOUTS[pay][0][1]
    for moment in _every(w, _y("22:30:08"), _y("23:12:30"), 10, 45):
        order, amount = _order(w, "TP", moment), float(w.rng.choice([50, 100, 200, 300, 500]))
        trace = w.hex(32)
        w.log(moment, pay, "ERROR", CCB_FAIL.format(order=order, amount=amount), instance=w.rng.choice(pay_pods),
              trace_id=trace)
        w.log(moment + dt.timedelta(milliseconds=w.rng.randint(30, 90)), app, "ERROR",
              TOPUP_FAIL.format(order=order, account=_account(w), amount=amount), instance=w.rng.choice(APP_PODS),
              trace_id=trace)
    for moment in _every(w, _y("22:31"), _y("23:12"), 280, 420):
        w.log(moment, pay, "WARN", f"channel ccb-direct failure ratio {w.rng.randint(88, 100)}% in last 5 min (respCode "
              "E0917 is a business code, circuit breaker not opened)", instance=w.rng.choice(pay_pods), logger="health")
    _ops(w, _y("23:05:12.330"), pay, CCB_NOTE)
    w.log(_y("23:12:40.118"), pay, "INFO", CCB_WINDOW_FIX, instance=pay_pods[0], change="config")
    w.log(_y("23:12:41.660"), pay, "INFO", "channel ccb-direct in maintenance window 22:30-23:40: routing CCB cards via "
          "unionpay", instance=pay_pods[0], trace=False)
    w.alert("TopupFailureRateHigh", app, "warning", _y("22:36"), _y("23:18"), "23.4%",
            "App 充值失败率 23.4%，超过阈值 5%", namespace=NS)


# --- Incident 3: the re-attach herd after the carrier's maintenance -----------------------------------------
PUSH_RATE = [(START, 34), (_y("20:00"), 41), (_t("00:00"), 30), (_t("01:00"), 29), (_t("01:05"), 17), (_t("04:30"), 16),
             (_t("04:32"), 2210), (_t("04:34"), 2760), (_t("04:36"), PUSH_PEAK), (_t("04:38"), 2790), (_t("04:50"), 2380),
             (_t("05:20"), 1460), (_t("05:45"), 620), (_t("06:00"), 140), (_t("06:10"), 62), (_t("08:00"), 58),
             (REFERENCE, 44)]
LAG = [(START, 300), (_t("04:31"), 420), (_t("04:40"), 198000), (_t("04:56"), 603900), (_t("04:58"), LAG_PEAK),
       (_t("05:00"), 604800), (_t("05:30"), 341000), (_t("06:00"), 62000), (_t("06:10"), 900), (REFERENCE, 400)]


def reattach_herd(w: WorldBuilder) -> None:
    iot, ingest = "nc-iot-gateway", "nc-meter-ingest"
    iot_pods = ROLLOUTS[iot][0][1]
    w.log(_t("00:40:15.204"), ingest, "INFO", INGEST_DEPLOY, instance=ROLLOUTS[ingest][1][1][0], change="deploy")
    _rolled(w, ingest, SPRING_START.format(app="MeterIngestApplication"), SPRING_STOP)
    _ops(w, _t("00:55:02.118"), iot, CARRIER_NOTICE, change="carrier")
    for index, moment in enumerate(_every(w, _t("01:01"), _t("01:16"), 240, 320)):
        w.log(moment, iot, "INFO", AEP_OFFLINE.format(n=[16120, 18930, 6210, 0][min(index, 3)],
                                                      cells=f"{CELLS_NORTH[0]}..{CELLS_NORTH[-1]}"),
              instance=iot_pods[0], trace=False)
    w.log(_t("03:55:40.330"), iot, "WARN", "AEP access token refreshed 300s early (clock drift 1.2s), subscriptions intact",
          instance=iot_pods[2], trace=False)
    w.log(_t("04:31:30.118"), iot, "INFO", AEP_REATTACH.format(n=41260, cells=f"{CELLS_NORTH[0]}..{CELLS_NORTH[-1]}"),
          instance=iot_pods[0], trace=False)
    for moment in _every(w, _t("04:31:40"), _t("06:08"), 2, 9):
        rate = int(interpolate(PUSH_RATE, moment))
        if rate > 800 and w.rng.random() < 0.55:
            w.log(moment, iot, "WARN" if rate < 2000 else "ERROR", PUSH_REJECTED.format(rate=rate, msg=w.hex(16)),
                  instance=w.rng.choice(iot_pods))
        else:
            w.log(moment, iot, "INFO", (f"dataReport imei={_imei(w)} meter={_meter(w)} cell={w.rng.choice(CELLS_NORTH)} "
                                        f"reading={w.rng.uniform(100, 9000):.3f}m³ reportType=CATCH_UP buffered="
                                        f"{w.rng.randint(1, 4)} -> meter-readings"), instance=w.rng.choice(iot_pods))
    ingest_pods = ROLLOUTS[ingest][1][1]
    for moment in _every(w, _t("04:38"), _t("06:10"), 60, 140):
        lag = int(interpolate(LAG, moment))
        w.log(moment, ingest, "WARN", f"consumer group meter-ingest lag {lag} on meter-readings, oldest record "
              f"{max(1, lag // 9000)} min old, readings for billing delayed", instance=w.rng.choice(ingest_pods))
    _ops(w, _t("05:20:44.551"), iot, "iot_oncall_fengtao: 城北基站割接结束后网关推送量暴涨到 2800+/s，限流回 503，AEP 在重试，"
         "抄表入库积压")
    w.log(_t("06:10:20.204"), ingest, "INFO", "consumer group meter-ingest caught up: lag 900, catch-up readings stored "
          "118240", instance=ingest_pods[0], trace=False)
    w.alert("AepPushRejectedHigh", iot, "critical", _t("04:33"), _t("05:48"), "41.2%",
            "AEP 推送被拒比例 41.2%（503 限流），超过阈值 5%", namespace=NS)
    w.alert("MeterIngestLagHigh", ingest, "warning", _t("04:41"), _t("06:12"), LAG_ALERT_VALUE,
            f"抄表入库消费积压 {LAG_ALERT_VALUE}，超过阈值 50000", namespace=NS, topic="meter-readings")


# --- Incident 4: the tariff's effective date and the valves ---------------------------------------------------
def tariff_valves(w: WorldBuilder) -> None:
    billing, prepay, app, crm = "nc-billing", "nc-prepay", "nc-customer-app", "nc-crm"
    bpods, ppods = ROLLOUTS[billing][0][1], ROLLOUTS[prepay][0][1]
    w.log(_y("21:10:33.604"), billing, "INFO", TARIFF_IMPORT, instance=bpods[0], trace=False, change="tariff")
    w.log(_t("01:00:03.412"), billing, "INFO", f"balance recalc start (CronJob {RECALC_CRON}, schedule \"0 1 * * *\", job "
          f"{RECALC_JOB}): 186420 prepaid accounts, tariff versions since last run: TRF-2026-HS", instance=RECALC_POD,
          job="balance-recalc")
    w.log(_t("01:14:40.118"), billing, "INFO", RECALC_DONE, instance=RECALC_POD, job="balance-recalc")
    w.log(_t("01:15:02.550"), prepay, "INFO", VALVE_QUEUED, instance=ppods[0], job="valve")
    w.log(_t("05:30:15.330"), prepay, "INFO", PREPAY_CONFIG, instance=ppods[1], change="config")
    for moment in _every(w, _t("06:02:10"), _t("09:55:00"), 8, 26):
        account, meter = _account(w), _meter(w)
        balance = -w.rng.uniform(0.5, 180)
        w.log(moment, prepay, "WARN", VALVE_CLOSED.format(meter=meter, account=account, balance=balance),
              instance=w.rng.choice(ppods))
        roll = w.rng.random()
        if roll < 0.25:
            w.log(moment + dt.timedelta(seconds=w.rng.randint(60, 900)), app, "INFO",
                  f"GET /api/v1/account/{account}/balance 200 balance=¥{balance:.2f} valve=CLOSED took={w.ms(8, 60)}ms",
                  instance=w.rng.choice(APP_PODS), log_type="access")
        elif roll < 0.45:
            w.log(moment + dt.timedelta(seconds=w.rng.randint(300, 1800)), crm, "INFO",
                  f"ticket {_ticket(w, moment)} created category=突然停气 channel=96777 account={account} 预付费表余额为负，"
                  "表已关阀", instance=w.rng.choice(CRM_PODS))
    _ops(w, _t("07:48:20.441"), prepay, "prepay_oncall_xiajun: 大量预付费用户早上没气，余额变负，表计关阀；正在查余额为何变负")
    w.log(_t("09:40:05.118"), billing, "INFO", TARIFF_FIX, instance=bpods[1], trace=False, change="tariff")
    w.log(_t("09:55:30.604"), billing, "INFO", RECALC_RERUN, instance=bpods[1], trace=False)
    w.log(_t("10:02:10.330"), prepay, "INFO", "valve-open requests from nc-billing: 2316 accounts (reason BALANCE_RESTORED), "
          "queued as AEP cached commands", instance=ppods[0], job="valve")
    for moment in _every(w, _t("10:05"), _t("11:30"), 20, 60):
        w.log(moment, prepay, "INFO", f"valve open delivered meter={_meter(w)} account={_account(w)} reason=BALANCE_RESTORED "
              "ack=VALVE_OPEN", instance=w.rng.choice(ppods))
    w.alert("PrepayValveClosuresHigh", prepay, "critical", _t("06:12"), _t("10:08"), "186 次/10分钟",
            "预付费关阀 186 次/10分钟，超过阈值 20", namespace=NS)


# --- Incident 5: the dunning crontab left behind -----------------------------------------------------------
def dunning_twice(w: WorldBuilder) -> None:
    notify, dunning, batch, crm = "nc-notify", "nc-dunning", "nc-batch", "nc-crm"
    npods = ROLLOUTS[notify][0][1]
    _ops(w, _y("18:20:30.118"), dunning, MIGRATION, change="migration")
    w.log(_t("08:40:12.204"), notify, "INFO", NOTIFY_CONFIG, instance=npods[0], change="config")
    w.log(_t("09:00:01.118"), batch, "INFO", LEGACY_CRON, instance="nc-batch-01", trace=False)
    w.log(_t("09:00:02.440"), batch, "INFO", "dunning run start host=nc-batch-01 date=2026-12-22: 18420 overdue accounts, "
          "sending batch DUN-20261222 via nc-notify", instance="nc-batch-01", trace=False)
    w.log(_t("09:00:04.612"), dunning, "INFO", f"dunning run start (CronJob {DUNNING_CRON}, job {DUNNING_JOB}) date=2026-12-22: "
          "18420 overdue accounts, sending batch DUN-20261222 via nc-notify", instance=DUNNING_POD, job="dunning")
    w.log(_t("09:00:05.330"), notify, "INFO", DUNNING_BATCH.format(source="nc-batch-01"), instance=npods[0], trace=False)
    w.log(_t("09:00:07.118"), notify, "INFO", DUNNING_BATCH.format(source=DUNNING_POD), instance=npods[1], trace=False)
    for moment in _every(w, _t("09:00:10"), _t("09:31"), 3, 9):
        w.log(moment, notify, "INFO", f"sms sent template=SMS_DUNNING_HS mobile={_mobile(w)} batch=DUN-20261222 bizId="
              f"{w.rng.randint(10**15, 10**16 - 1)}", instance=w.rng.choice(npods))
    for moment in _every(w, _t("09:04:30"), _t("09:47:30"), 6, 20):
        template = "SMS_OUTAGE_NOTICE" if w.rng.random() < 0.3 else "SMS_DUNNING_HS"
        w.log(moment, notify, "ERROR", SMS_LIMIT.format(template=template, mobile=_mobile(w),
                                                        biz=w.rng.randint(10**15, 10**16 - 1)), instance=w.rng.choice(npods))
    for moment in _every(w, _t("09:08"), _t("10:30"), 40, 150):
        w.log(moment, crm, "INFO", f"ticket {_ticket(w, moment)} created category=短信投诉 channel=96777 同一条催费短信收到两遍",
              instance=w.rng.choice(CRM_PODS))
    _ops(w, _t("09:26:40.551"), notify, "notify_oncall_renxu: 短信服务商限流报错激增，抢修停气通知也发不出去；热线反映催费短信重复")
    w.log(_t("09:31:10.204"), dunning, "INFO", "dunning run done: batch DUN-20261222 18420 messages handed to nc-notify",
          instance=DUNNING_POD, job="dunning")
    w.log(_t("09:33:40.330"), batch, "INFO", "dunning run done host=nc-batch-01: batch DUN-20261222 18420 messages handed "
          "to nc-notify", instance="nc-batch-01", trace=False)
    w.log(_t("09:48:20.118"), batch, "INFO", CRON_FIX, instance="ops-console", trace=False, change="ops")
    w.alert("SmsSendFailureRateHigh", notify, "warning", _t("09:08"), _t("09:55"), "18.6%",
            "短信发送失败率 18.6%（isv.BUSINESS_LIMIT_CONTROL），超过阈值 5%", namespace=NS)


# --- Incident 6: the field App's pinned key ----------------------------------------------------------------
def pinned_certificate(w: WorldBuilder) -> None:
    dispatch, ingress = "nc-field-dispatch", "nc-ingress"
    w.log(_t("08:00:20.441"), dispatch, "INFO", DISPATCH_DEPLOY, instance=ROLLOUTS[dispatch][1][1][0], change="deploy")
    _rolled(w, dispatch, SPRING_START.format(app="FieldDispatchApplication"), SPRING_STOP)
    pods = ROLLOUTS[dispatch][1][1]
    w.log(_t("08:20:15.118"), ingress, "INFO", CERT_RENEW, instance="ops-console", trace=False, change="certificate")
    w.log(_t("08:20:16.330"), ingress, "INFO", "nginx: signal process started, reload: api-field.nuancheng.cn certificate "
          "/etc/nginx/certs/api-field-2027.pem", instance="edge-nginx-01", trace=False)
    for moment in _every(w, _t("08:20:20"), _t("10:40:20"), 4, 15):
        w.log(moment, ingress, "WARN", HANDSHAKE_FAIL.format(client=_client_ip(w)), instance=w.rng.choice(VMS[ingress]),
              trace=False)
    for moment in _every(w, _t("08:24"), _t("10:40"), 240, 600):
        w.log(moment, ingress, "INFO", (f'{_client_ip(w)} - - "POST /field/v2/sync HTTP/2.0" 200 {w.rng.randint(300, 2000)} '
                                        'host=api-field.nuancheng.cn ua="NCField/3.8.0-beta2 (Android)" '
                                        f'rt={w.rng.uniform(0.02, 0.2):.3f}'), instance=w.rng.choice(VMS[ingress]),
              log_type="access")
    for moment in _every(w, _t("08:23"), _t("10:40"), 90, 240):
        w.log(moment, dispatch, "WARN", PIN_FAILURE.format(crew=_crew(w), patch=w.rng.randint(2, 5),
                                                           android=w.rng.choice([11, 12, 13, 14])),
              instance=w.rng.choice(pods), logger="app-telemetry")
    for moment in _every(w, _t("08:36"), _t("10:52"), 30, 110):
        w.log(moment, dispatch, "WARN", UNACKED.format(order=_order(w, "WO-", moment), kind=w.rng.choice(KINDS),
                                                       crew=_crew(w), leader=f"TL-{w.rng.randint(11, 29)}"),
              instance=w.rng.choice(pods))
    for moment in _every(w, _t("08:32"), _t("10:44"), 300, 420):
        w.log(moment, dispatch, "ERROR", f"field devices silent > 10 min: {w.rng.randint(141, 158)}/212 (NCField 3.7.x); "
              "3.8.0-beta2 devices syncing", instance=w.rng.choice(pods))
    _ops(w, _t("09:10:30.204"), dispatch, "field_oncall_dongyu: 外勤师傅反馈 App 一直转圈同步失败、收不到新工单，测试机 3.8.0-beta2 正常")
    w.log(_t("10:40:30.551"), ingress, "INFO", CERT_ROLLBACK, instance="ops-console", trace=False, change="certificate")
    w.log(_t("10:43:10.118"), dispatch, "INFO", "field devices back online 198/212, 61 escalated work orders re-sent",
          instance=pods[0], trace=False)
    w.alert("FieldOrdersUnacknowledged", dispatch, "warning", _t("08:41"), _t("10:55"), "37 单",
            "外勤工单 15 分钟未确认 37 单，超过阈值 10", namespace=NS)
    w.alert("CertificateExpiringSoon", ingress, "warning", _t("10:41"), None, "14 天",
            "api-field.nuancheng.cn 证书 2027-01-05 到期，剩余 14 天（阈值 30 天）", host="api-field.nuancheng.cn")


# --- Incident 7: the geodatabase compress at noon ------------------------------------------------------------
def gis_compress(w: WorldBuilder) -> None:
    gis, dispatch, alarm = "nc-gis", "nc-field-dispatch", "nc-alarm-center"
    gpods, dpods = ROLLOUTS[gis][0][1], ROLLOUTS[dispatch][1][1]
    w.log(_t("11:05:40.330"), dispatch, "INFO", DISPATCH_CONFIG, instance=dpods[2], change="config")
    w.log(_t("11:30:10.204"), gis, "INFO", GIS_COMPRESS, instance="nc-gisdb-01", trace=False, change="maintenance")
    for moment in _every(w, _t("11:31:00"), _t("12:24:00"), 60, 180):
        w.log(moment, gis, "WARN", GIS_LOCK.format(pid=w.rng.choice([28840, 28851, 28863, 28877]),
                                                   ms=w.rng.randint(1000, 30000), frac=w.rng.randint(0, 999)),
              instance="nc-gisdb-01", trace=False)
    w.log(_t("11:46:02.118"), alarm, "ERROR", f"gas leak alarm AL-20261222-0117 中山路 88 号 methane 2.1%LEL (detector), "
          f"incident {INCIDENT} opened", instance=ROLLOUTS[alarm][0][1][0])
    w.log(_t("11:47:10.550"), dispatch, "INFO", f"incident {INCIDENT} (中山路 DN200 中压管道泄漏) emergency crew E-03 dispatched, "
          "requesting valve isolation plan", instance=dpods[0])
    for moment in _every(w, _t("11:32:00"), _t("12:24:10"), 90, 240):
        w.log(moment, gis, "ERROR", TRACE_FAIL.format(incident=INCIDENT if moment > _t("11:47") else "DRILL",
                                                      pipe="PIPE-ZS-0412" if moment > _t("11:47") else "PIPE-BS-0218"),
              instance=w.rng.choice(gpods))
    for index, moment in enumerate(_every(w, _t("11:48:00"), _t("12:23:00"), 150, 330)):
        w.log(moment, dispatch, "ERROR", PLAN_FAIL.format(incident=INCIDENT, n=index % 3 + 1), instance=w.rng.choice(dpods))
    _ops(w, _t("11:58:30.441"), dispatch, f"repair_disp_wuming: {INCIDENT} 中山路抢修关阀方案出不来，现场按纸质管网图关阀 V-ZS-07、V-ZS-09")
    w.log(_t("12:24:20.118"), gis, "INFO", GIS_CANCEL, instance="nc-gisdb-01", trace=False, change="maintenance")
    w.log(_t("12:26:40.330"), dispatch, "INFO", f"valve isolation plan for {INCIDENT}: close V-ZS-07, V-ZS-09, V-ZS-12; 318 "
          "customers affected (GIS took 1180ms)", instance=dpods[1])
    w.alert("IsolationPlanFailures", dispatch, "critical", _t("11:52"), _t("12:30"), "4 次",
            "关阀方案生成失败 4 次，超过阈值 1", namespace=NS)


# --- Incident 8: the RTU commissioned with another station's common address ------------------------------------
def duplicate_common_address(w: WorldBuilder) -> None:
    scada, alarm = "nc-scada-gw", "nc-alarm-center"
    w.log(_t("10:30:05.118"), scada, "INFO", SCADA_DEPLOY, instance="scada-gw-01", trace=False, change="deploy")
    w.log(_t("12:40:30.204"), alarm, "INFO", ALARM_DEPLOY, instance=ROLLOUTS[alarm][1][1][0], change="deploy")
    _rolled(w, alarm, SPRING_START.format(app="AlarmCenterApplication"), SPRING_STOP)
    apods = ROLLOUTS[alarm][1][1]
    w.log(_t("13:10:22.330"), scada, "INFO", RTU_ADD, instance="scada-gw-01", trace=False, change="commissioning")
    w.log(_t("13:10:40.118"), scada, "WARN", RTU_DUP, instance="scada-gw-01", trace=False)
    serial = 40
    for moment in _every(w, _t("13:11:00"), _t("14:35:00"), 30, 80):
        low = w.rng.random() < 0.5
        value = w.rng.uniform(0.0027, 0.0031) if low else w.rng.uniform(0.376, 0.386)
        source = "10.80.33.5" if low else "10.80.21.5"
        w.log(moment, scada, "INFO", f"IEC104 RS-021 M_ME_NC_1 PT-102 outlet pressure {value:.4f} MPa quality=GOOD "
              f"(common address 21 from {source})", instance="scada-gw-01")
        if low:
            serial += 1
            alarm_id = f"AL-20261222-{serial:04d}"
            w.log(moment + dt.timedelta(milliseconds=w.rng.randint(200, 800)), alarm, "ERROR",
                  LL_RAISED.format(alarm=alarm_id, value=f"{value:.4f}"), instance=w.rng.choice(apods))
            w.log(moment + dt.timedelta(seconds=w.rng.randint(20, 70)), alarm, "INFO",
                  LL_CLEARED.format(alarm=alarm_id, value=f"{w.rng.uniform(0.376, 0.386):.4f}", s=w.rng.randint(20, 70)),
                  instance=w.rng.choice(apods))
    _ops(w, _t("13:38:10.204"), alarm, "scada_disp_qianli: RS-021 出口压力低低报警反复出现又自动恢复，已派抢修 E-05 到站核查")
    _ops(w, _t("14:05:50.441"), alarm, "scada_disp_qianli: E-05 现场确认 RS-021 出口压力表 0.38 MPa，调压器工作正常")
    w.log(_t("14:35:20.118"), scada, "INFO", RTU_FIX, instance="scada-gw-01", trace=False, change="commissioning")
    w.log(_t("15:50:10.330"), scada, "INFO", SCADA_T3, instance="scada-gw-01", trace=False, change="config")
    w.alert("StationAlarmFlapping", alarm, "critical", _t("13:18"), _t("14:45"), "64 次/10分钟",
            "场站报警反复触发/恢复 64 次/10分钟（RS-021 PT-102），超过阈值 20", namespace=NS, station="RS-021")


# --- Incident 9: the historian's uncompressed points ---------------------------------------------------------
DISK = [(START, 60.8), (_t("09:20"), 61.3), (_t("10:00"), 65.9), (_t("12:00"), 79.8), (_t("14:20"), 90.2),
        (_t("15:05"), 95.0), (_t("15:16"), 96.1), (_t("15:18"), DISK_PEAK), (_t("15:20"), 96.2), (_t("15:39"), 96.0),
        (_t("15:41"), 74.0), (REFERENCE, 77.6)]


def historian_fill(w: WorldBuilder) -> None:
    hist, scada = "nc-historian", "nc-scada-gw"
    w.log(_t("02:05:00.330"), hist, "INFO", "backup job piarch-nightly started: archives piarch.412..414 to nas-ot-02",
          instance="historian-01", trace=False, job="backup")
    w.log(_t("02:40:40.118"), hist, "INFO", "backup job piarch-nightly finished: 38.2 GB in 35m40s", instance="historian-01",
          trace=False, job="backup")
    w.log(_t("09:20:05.204"), hist, "INFO", HIST_CONFIG, instance="historian-01", trace=False, change="config")
    for moment in _every(w, _t("10:20"), _t("15:00"), 1800, 2400):
        w.log(moment, hist, "WARN", f"archive volume /archive used {interpolate(DISK, moment):.1f}%, growth 38.4 GB/h "
              "(GS-02 points uncompressed)", instance="historian-01", trace=False)
    w.log(_t("15:05:02.118"), hist, "WARN", HIST_SUSPENDED, instance="historian-01", trace=False)
    for index, moment in enumerate(_every(w, _t("15:24:10"), _t("15:40"), 90, 150)):
        w.log(moment, hist, "ERROR", HIST_DROP.format(n=(index + 1) * w.rng.randint(2_500_000, 3_100_000)),
              instance="historian-01", trace=False)
    for moment in _every(w, _t("15:05:30"), _t("15:40:30"), 40, 120):
        w.log(moment, scada, "WARN", f"historian write rejected ARCHIVE_SUSPENDED, store-and-forward buffer "
              f"{w.rng.randint(400_000, 2_000_000)} events", instance=w.rng.choice(VMS[scada]), trace=False)
    w.log(_t("15:40:10.330"), hist, "INFO", HIST_MOVED, instance="ops-console", trace=False, change="ops")
    w.alert("HostCpuHigh", hist, "warning", _t("02:08"), _t("02:41"), "91.3%",
            "historian-01 CPU 91.3%，超过阈值 85%（夜间备份）", instance="historian-01")
    w.alert("HistorianArchiveGrowthHigh", hist, "warning", _t("10:05"), None, "38.4 GB/h",
            "历史库存档增长 38.4 GB/h，超过阈值 5 GB/h", instance="historian-01")
    w.alert("HistorianDiskHigh", hist, "critical", _t("14:20"), _t("15:45"), "90.2%",
            "historian-01 /archive 使用率 90.2%，超过阈值 90%", instance="historian-01")


# --- Incident 10: the bond member re-added without LACP ------------------------------------------------------
def bond_flap(w: WorldBuilder) -> None:
    app, crm, node, net = "nc-customer-app", "nc-crm", "nc-k8s-node", "nc-dc-net"
    w.log(_t("13:30:20.118"), app, "INFO", APP_CONFIG, instance=APP_PODS[0], change="config")
    w.log(_t("14:03:40.330"), net, "INFO", NET_CHANGE, instance="sw-b-07", trace=False, change="network")
    w.log(_t("14:04:02.441"), node, "WARN", BOND_NO_PARTNER, instance=BAD_NODE, trace=False)
    down = True
    for moment in _every(w, _t("14:04:10"), _t("14:50:00"), 25, 95):
        w.log(moment, node, "WARN" if down else "INFO", BOND_DOWN if down else BOND_UP, instance=BAD_NODE, trace=False)
        down = not down
    for moment in _every(w, _t("14:04:20"), _t("14:50:10"), 6, 22):
        message = w.rng.choice([
            "redis nc-redis-app GET session failed: Command timed out after 2000 ms",
            "HikariPool-1 - Connection is not available, request timed out after 3000ms (nc-mysql-cs)",
            f"GET /api/v1/account/{_account(w)}/bills 504 upstream nc-billing read timeout after 5000ms"])
        w.log(moment, app, "ERROR", message, instance=APP_BAD_POD)
    for moment in _every(w, _t("14:05"), _t("14:50"), 60, 180):
        w.log(moment, crm, "ERROR", "HikariPool-1 - Connection is not available, request timed out after 3000ms "
              "(nc-mysql-crm)", instance=CRM_BAD_POD)
    for moment in _every(w, _t("14:06"), _t("14:50"), 30, 90):
        w.log(moment, "nc-ingress", "WARN", f"upstream timed out (110: Connection timed out) while reading response header "
              f"from upstream, client: {_client_ip(w)}, host: api.nuancheng.cn, upstream: "
              f"\"http://{pod_ip(APP_BAD_POD)}:8080/api/v1/account/bills\"", instance=w.rng.choice(VMS["nc-ingress"]),
              trace=False)
    _ops(w, _t("14:22:30.204"), app, "app_oncall_weiran: App 查账单、充值时好时坏，约四分之一请求超时，其余正常")
    w.log(_t("14:50:20.118"), net, "INFO", NET_FIX, instance="sw-b-07", trace=False, change="network")
    w.log(_t("14:50:24.551"), node, "INFO", "kernel: bond0: (slave ens2f1): link status definitely up, 802.3ad partner "
          "sw-b-07 Po15 aggregator ID 1", instance=BAD_NODE, trace=False)
    w.alert("AppApiLatencyHigh", app, "warning", _t("14:09"), _t("14:55"), "4.8s",
            "客户 App 接口 p99 4.8s，超过阈值 2s", namespace=NS)


# --- Healthy services' changes, the unrelated alerts --------------------------------------------------
def other_changes(w: WorldBuilder) -> None:
    w.log(_t("10:00:30.702"), "nc-einvoice", "INFO", EINVOICE_DEPLOY, instance=ROLLOUTS["nc-einvoice"][1][1][0],
          change="deploy")
    _rolled(w, "nc-einvoice", SPRING_START.format(app="EinvoiceApplication"), SPRING_STOP)
    w.log(_t("13:00:20.415"), "nc-inspection", "INFO", INSPECTION_CONFIG, instance=ROLLOUTS["nc-inspection"][0][1][0],
          change="config")
    w.alert("MeterBatteryLow", "nc-iot-gateway", "warning", dt.datetime(2026, 12, 19, 8, 0, tzinfo=TZ), None, "1204",
            BATTERY_SUMMARY, namespace=NS, district="城南")
    w.log(_t("08:00:05.118"), "nc-iot-gateway", "WARN", "城南 meters with battery < 3.1V: 1204 (replacement work orders "
          "scheduled 2026-12-28)", instance=ROLLOUTS["nc-iot-gateway"][0][1][0], trace=False)


# --- Kubernetes state at 16:30 -------------------------------------------------------------------------
#: (service, revision, rolled out, change cause, image tag) of every Deployment
STEADY = (
    ("nc-iot-gateway", 31, "2026-12-08T22:00:00+08:00", "release nc-iot-gateway 1.12.0", "1.12.0"),
    ("nc-meter-ingest", 44, "2026-12-22T00:40:15+08:00", "release nc-meter-ingest 3.6.2 (pipeline #3309)", "3.6.2"),
    ("nc-billing", 58, "2026-12-10T22:30:00+08:00", "release nc-billing 6.2.0", "6.2.0"),
    ("nc-prepay", 37, "2026-12-03T22:00:00+08:00", "release nc-prepay 2.9.4", "2.9.4"),
    ("nc-pay-channel", 26, "2026-11-26T22:00:00+08:00", "release nc-pay-channel 3.4.1", "3.4.1"),
    ("nc-customer-app", 73, "2026-12-21T21:50:20+08:00", "release nc-customer-app 4.3.0 (pipeline #3318)", "4.3.0"),
    ("nc-notify", 19, "2026-11-30T21:00:00+08:00", "release nc-notify 1.7.3", "1.7.3"),
    ("nc-field-dispatch", 52, "2026-12-22T08:00:20+08:00", "release nc-field-dispatch 5.2.0 (pipeline #3321)", "5.2.0"),
    ("nc-gis", 11, "2026-10-18T22:00:00+08:00", "release nc-gis 10.9.1", "10.9.1"),
    ("nc-alarm-center", 34, "2026-12-22T12:40:30+08:00", "release nc-alarm-center 3.1.0 (pipeline #3324)", "3.1.0"),
    ("nc-heat-control", 23, "2026-11-12T21:00:00+08:00", "release nc-heat-control 2.4.0", "2.4.0"),
    ("nc-crm", 47, "2026-12-05T22:00:00+08:00", "release nc-crm 5.8.2", "5.8.2"),
    ("nc-einvoice", 16, "2026-12-22T10:00:30+08:00", "release nc-einvoice 2.2.0 (pipeline #3322)", "2.2.0"),
    ("nc-inspection", 12, "2026-12-01T21:00:00+08:00", "release nc-inspection 1.5.0", "1.5.0"),
)
LOWBAL_CRON = "nc-prepay-lowbalance"
#: The CronJobs keep their last three jobs: (service, cronjob, scheduled moments)
JOBS = (
    ("nc-billing", RECALC_CRON, tuple(dt.datetime(2026, 12, d, 1, 0, tzinfo=TZ) for d in (20, 21, 22))),
    ("nc-dunning", DUNNING_CRON, (_t("09:00"),)),  # created yesterday at 18:20 (MIG-0412): one run so far
    ("nc-prepay", LOWBAL_CRON, tuple(_t(f"{h}:00") for h in (14, 15, 16))),
)


def lowbalance_pod(hour: int) -> str:
    return job_pod(job_name(LOWBAL_CRON, _t(f"{hour}:00")))


def k8s_state(w: WorldBuilder) -> None:
    for service, revision, changed, cause, tag in STEADY:
        pods = ROLLOUTS[service][-1][1]
        for pod in pods:
            w.pod(namespace=NS, name=pod, service=service, phase="Running", ready="1/1", restarts=0, last_termination=None,
                  waiting_reason=None, node=node_of(pod), observed_at=REFERENCE)
        w.deployment(namespace=NS, name=service, service=service, replicas=len(pods), ready=len(pods), available=len(pods),
                     image=f"harbor.nuancheng.local/gas/{service}:{tag}", revision=revision,
                     changed_at=dt.datetime.fromisoformat(changed), change_cause=cause,
                     conditions=[condition("Available", "True", "MinimumReplicasAvailable",
                                           "Deployment has minimum availability."),
                                 condition("Progressing", "True", "NewReplicaSetAvailable",
                                           f'ReplicaSet "{pods[0].rsplit("-", 1)[0]}" has successfully progressed.')],
                     observed_at=REFERENCE)
    for service, cronjob, moments in JOBS:
        for scheduled in moments:
            pod = job_pod(job_name(cronjob, scheduled))
            took = 2077 if cronjob == DUNNING_CRON else 877 if cronjob == RECALC_CRON else w.rng.randint(40, 90)
            w.pod(namespace=NS, name=pod, service=service, phase="Succeeded", ready="0/1", restarts=0,
                  last_termination=termination("Completed", 0, scheduled + dt.timedelta(seconds=took)),
                  waiting_reason=None, node=node_of(pod), observed_at=REFERENCE)
    # Events are what the API server keeps (TTL 1 h): the 16:00 low-balance run and the old job it replaced.
    job = job_name(LOWBAL_CRON, _t("16:00"))
    pod = job_pod(job)
    old = job_name(LOWBAL_CRON, _t("13:00"))
    image = "harbor.nuancheng.local/gas/nc-prepay:2.9.4"
    for kind, reason, message, delay in (
        (f"CronJob/{LOWBAL_CRON}", "SuccessfulCreate", f"Created job {job}", 0),
        (f"Job/{job}", "SuccessfulCreate", f"Created pod: {pod}", 0),
        (f"Pod/{pod}", "Scheduled", f"Successfully assigned {NS}/{pod} to {node_of(pod)}", 0),
        (f"Pod/{pod}", "Pulled", f'Container image "{image}" already present on machine', 1),
        (f"Pod/{pod}", "Created", "Created container lowbalance", 1),
        (f"Pod/{pod}", "Started", "Started container lowbalance", 2),
        (f"Job/{job}", "Completed", "Job completed", 61),
        (f"CronJob/{LOWBAL_CRON}", "SawCompletedJob", f"Saw completed job: {job}, status: Complete", 62),
        (f"CronJob/{LOWBAL_CRON}", "SuccessfulDelete", f"Deleted job {old}", 62),
    ):
        moment = _t("16:00") + dt.timedelta(seconds=delay)
        w.event(type="Normal", reason=reason, object=kind, message=message, count=1, first_seen=moment, last_seen=moment)
    for hour in (14, 15, 16):
        w.log(_t(f"{hour}:00:03.118"), "nc-prepay", "INFO", f"low-balance run (CronJob {LOWBAL_CRON}): "
              f"{w.rng.randint(300, 900)} accounts below ¥30, notices sent via nc-notify", instance=lowbalance_pod(hour),
              job="lowbalance")


# --- Metrics --------------------------------------------------------------------------------------------
def build_metrics(w: WorldBuilder) -> None:
    evening = [(_y("21:50"), _t("02:40"))]
    dawn = [(_t("04:20"), _t("06:30"))]
    morning = [(_t("05:50"), _t("11:00"))]
    noon = [(_t("11:00"), _t("12:40"))]
    afternoon = [(_t("13:00"), _t("15:50"))]
    w.series("heat_secondary_supply_celsius", "nc-heat-control", "°C", SUPPLY_NORTH, start=START, fine=evening, spread=0.3,
             digits=1, group="城北居民")
    w.series("heat_room_temperature_celsius_avg", "nc-heat-control", "°C",
             [(START, 21.4), (_y("22:00"), 21.3), (_y("23:30"), 18.1), (_t("00:55"), 16.2), (_t("02:30"), 19.8),
              (_t("03:30"), 21.0), (REFERENCE, 21.2)], start=START, fine=evening, spread=0.1, digits=1, group="城北居民")
    w.series("crm_tickets_created_per_hour", "nc-crm", "件", COMPLAINTS, start=START, fine=evening, spread=3, digits=0,
             threshold=60, category="供暖不热")
    w.series("app_topup_failure_ratio", "nc-customer-app", "%",
             [(START, 0.6), (_y("22:30"), 0.7), (_y("22:34"), 21.8), (_y("22:50"), 31.7), (_y("23:12"), 29.0),
              (_y("23:14"), 0.9), (REFERENCE, 0.6)], start=START, fine=evening, spread=0.4, digits=1, threshold=5)
    w.series("pay_channel_failures_per_min", "nc-pay-channel", "笔",
             [(START, 0), (_y("22:30"), 0), (_y("22:31"), 3), (_y("22:50"), 4), (_y("23:12"), 3), (_y("23:13"), 0),
              (REFERENCE, 0)], start=START, fine=evening, spread=0.5, digits=0, channel="ccb-direct")
    w.series("aep_push_requests_per_second", "nc-iot-gateway", "次/秒", PUSH_RATE, start=START, fine=dawn, spread=12,
             digits=0)
    w.series("aep_push_rejected_ratio", "nc-iot-gateway", "%",
             [(START, 0), (_t("04:31"), 0), (_t("04:33"), 38.6), (_t("04:36"), 72.1), (_t("05:20"), 45.0),
              (_t("05:45"), 1.8), (_t("05:50"), 0), (REFERENCE, 0)], start=START, fine=dawn, spread=0.5, digits=1,
             threshold=5)
    w.series("meter_readings_consumer_lag", "nc-meter-ingest", "条", LAG, start=START, fine=dawn, spread=200, digits=0,
             threshold=50000)
    w.series("prepay_valve_closures_per_10m", "nc-prepay", "次",
             [(START, 0), (_t("06:00"), 1), (_t("06:12"), 126), (_t("07:30"), 186), (_t("08:30"), 171), (_t("09:50"), 64),
              (_t("10:00"), 2), (REFERENCE, 0)], start=START, fine=morning, spread=4, digits=0, threshold=20)
    w.series("prepay_accounts_negative_balance", "nc-prepay", "户",
             [(START, 3), (_t("01:14"), 3), (_t("01:15"), 2316), (_t("09:55"), 2316), (_t("09:56"), 3), (REFERENCE, 4)],
             start=START, fine=[(_t("01:00"), _t("01:30"))] + morning, digits=0)
    w.series("sms_send_failure_ratio", "nc-notify", "%",
             [(START, 0.3), (_t("09:03"), 0.4), (_t("09:08"), 14.2), (_t("09:20"), 18.6), (_t("09:47"), 12.0),
              (_t("09:50"), 0.5), (REFERENCE, 0.3)], start=START, fine=morning, spread=0.3, digits=1, threshold=5)
    w.series("sms_sent_per_min", "nc-notify", "条",
             [(START, 12), (_t("08:59"), 30), (_t("09:01"), 1180), (_t("09:30"), 1210), (_t("09:34"), 40), (REFERENCE, 34)],
             start=START, fine=morning, spread=8, digits=0)
    w.series("field_orders_unacknowledged", "nc-field-dispatch", "单",
             [(START, 1), (_t("08:20"), 2), (_t("08:41"), 37), (_t("09:40"), 61), (_t("10:40"), 58), (_t("10:50"), 4),
              (REFERENCE, 2)], start=START, fine=morning, spread=1, digits=0, threshold=10)
    w.series("ingress_tls_handshake_errors_per_min", "nc-ingress", "次",
             [(START, 0), (_t("08:20"), 0), (_t("08:21"), 7), (_t("09:00"), 6), (_t("10:40"), 6), (_t("10:41"), 0),
              (REFERENCE, 0)], start=START, fine=morning, spread=1, digits=0, host="api-field.nuancheng.cn")
    w.series("gis_isolation_trace_failures_per_10m", "nc-gis", "次",
             [(START, 0), (_t("11:31"), 0), (_t("11:40"), 3), (_t("12:10"), 4), (_t("12:24"), 3), (_t("12:30"), 0),
              (REFERENCE, 0)], start=START, fine=noon, spread=0.3, digits=0, threshold=2)
    w.series("pg_locks_waiting", "nc-gis", "个",
             [(START, 0), (_t("11:30"), 0), (_t("11:31"), 6), (_t("12:00"), 14), (_t("12:24"), 11), (_t("12:25"), 0),
              (REFERENCE, 0)], start=START, fine=noon, spread=1, digits=0, instance="nc-gisdb-01")
    w.series("alarm_center_alarms_per_10m", "nc-alarm-center", "次",
             [(START, 2), (_t("13:10"), 2), (_t("13:18"), 64), (_t("14:00"), 71), (_t("14:35"), 58), (_t("14:45"), 3),
              (REFERENCE, 2)], start=START, fine=afternoon, spread=3, digits=0, threshold=20)
    w.series("historian_archive_volume_used_percent", "nc-historian", "%", DISK, start=START, fine=afternoon, spread=0.05,
             digits=1, threshold=90, instance="historian-01")
    w.series("historian_archive_events_per_second", "nc-historian", "个/秒",
             [(START, 1280), (_t("09:20"), 1300), (_t("09:21"), 47600), (REFERENCE, 47900)], start=START, spread=400,
             digits=0, instance="historian-01")
    w.series("node_bond_slave_link_flaps_per_10m", "nc-k8s-node", "次",
             [(START, 0), (_t("14:03"), 0), (_t("14:10"), 9), (_t("14:30"), 11), (_t("14:49"), 10), (_t("14:51"), 0),
              (REFERENCE, 0)], start=START, fine=afternoon, spread=1, digits=0, instance=BAD_NODE)
    w.series("node_bond_slave_link_flaps_per_10m", "nc-k8s-node", "次", [(START, 0), (REFERENCE, 0)], start=START,
             fine=afternoon, digits=0, instance="nc-k8s-node-04")
    w.series("app_api_p99_latency_ms", "nc-customer-app", "ms",
             [(START, 180), (_t("14:03"), 190), (_t("14:08"), 4420), (_t("14:30"), 4810), (_t("14:50"), 4390),
              (_t("14:52"), 210), (REFERENCE, 190)], start=START, fine=afternoon, spread=30, digits=0, threshold=2000)
    for service, p99, threshold in (("nc-einvoice", 120, 1500), ("nc-inspection", 150, 1500)):
        w.series("http_5xx_ratio", service, "%", [(START, 0.03), (_t("10:00"), 0.12), (_t("11:00"), 0.05),
                                                  (REFERENCE, 0.04)], start=START, spread=0.02, digits=2, threshold=2)
        w.series("http_p99_latency", service, "ms", [(START, p99 - 30), (_t("10:00"), p99 + 140), (_t("11:00"), p99 + 10),
                                                     (REFERENCE, p99)], start=START, spread=10, digits=0,
                 threshold=threshold)


# --- Runbooks (the utility's ops wiki, as the teams wrote them) ------------------------------------------------
RUNBOOKS: list[tuple[str, str, str]] = [
    ("runbooks/heat/cold-complaints.md", "供暖不热投诉集中处理手册", runbook(
        "供暖不热投诉集中处理手册", "适用于某片区短时间内大量“暖气不热”投诉。",
        ["HeatComplaintSurge：供暖不热投诉超过 60 件/小时", "HeatSupplyTemperatureLow：换热站二次供水温度低于 50°C"],
        ["按地址把投诉归到换热站组，看这些站的二次供水温度与设定值。", "设定值被拉低时，查 nc-heat-control 里该组当前的时段模板"
         "（SCH-RES-STD / SCH-COMM-NIGHT）及最近的模板变更。", "设定值正常而供水温度低，查一次网供热量与循环泵。"],
        ["居民站组被套用了商业建筑的夜间降温模板。", "气象补偿曲线参数错误。", "一次网热源出力不足、循环泵故障。"],
        ["把站组恢复为居民模板并立即下发设定值，通知热线统一答复。", "时段模板变更需要第二人复核站组。"])),
    ("runbooks/pay/topup-failures.md", "客户充值失败处理手册", runbook(
        "客户充值失败处理手册", "适用于 App、公众号气费充值失败率升高。",
        ["TopupFailureRateHigh：充值失败率超过 5%"],
        ["看失败集中在哪个支付渠道（nc-pay-channel 日志的 channel 与 respCode）。", "查银行的返回码含义：日终、系统维护类返回码说明"
         "银行在批处理窗口内。", "核对该渠道在 nc-pay-channel 配置的维护窗口是否与银行最新通知一致。"],
        ["银行调整了日终/批处理时间，我方渠道维护窗口未同步，窗口内交易没有切到备用渠道。", "渠道证书或密钥过期。",
         "银行前置机故障。"],
        ["按银行通知更新渠道维护窗口（或临时下线该渠道），交易改走银联备用渠道。", "银行通知纳入变更日历并指定负责人。"])),
    ("runbooks/iot/report-surge.md", "NB-IoT 表计上报突增处理手册", runbook(
        "NB-IoT 表计上报突增处理手册", "适用于 nc-iot-gateway 推送量暴涨、限流 503、抄表入库积压。",
        ["AepPushRejectedHigh：AEP 推送被拒比例超过 5%", "MeterIngestLagHigh：抄表入库积压超过 50000 条"],
        ["看推送量曲线与上报类型：补报（CATCH_UP）占多数说明是大批表重新入网。", "查运营商维护/割接通知，对照涉及的小区（cell）。",
         "看 AEP 上下线通知的时间与数量。"],
        ["基站割接结束后大量表计同时重新附着并补报，固件没有随机退避。", "AEP 平台故障后集中重推。", "网关实例故障导致限流阈值过低。"],
        ["临时提高网关限流并扩容消费端，让积压自然消化；必要时请运营商 AEP 降低推送速率。", "表计固件补报增加随机退避。"])),
    ("runbooks/prepay/mass-valve-close.md", "预付费表批量关阀处理手册", runbook(
        "预付费表批量关阀处理手册", "适用于短时间内大量预付费表因余额不足被关阀。",
        ["PrepayValveClosuresHigh：预付费关阀超过 20 次/10分钟"],
        ["先暂停关阀命令下发（prepay.valve.close.enabled=false）。", "看这些账户余额何时变负：是否集中在 nc-billing 夜间余额重算之后。",
         "查最近导入的气价（tariff）及其生效日期 effective_from。"],
        ["气价生效日期填错，夜间重算按新价追溯扣费，大批账户余额变负。", "抄表读数异常跳变。", "重复扣费。"],
        ["改正气价生效日期并重跑余额重算，下发开阀命令，热线统一答复。", "气价导入需要复核生效日期，重算前对余额变化做阈值拦截。"])),
    ("runbooks/sms/failures.md", "短信发送失败与重复短信处理手册", runbook(
        "短信发送失败与重复短信处理手册", "适用于 nc-notify 发送失败率升高、用户投诉重复短信。",
        ["SmsSendFailureRateHigh：短信发送失败率超过 5%"],
        ["看失败码：isv.BUSINESS_LIMIT_CONTROL 为服务商对同一号码的频控，说明同一号码短时间内收到多条。",
         "看同一批次（batch）是否被提交了两次、分别来自哪个主机或 Pod。", "查定时任务：是否新旧两处同时在跑（crontab 与 CronJob）。"],
        ["任务迁移后旧主机的 crontab 未删除，同一批短信发了两遍，触发号码频控，其他短信也被限流。", "服务商通道故障。"],
        ["停掉多余的定时任务（注释 crontab），补发失败的停气通知。", "批次号做幂等，重复提交直接拒绝。"])),
    ("runbooks/field/app-sync.md", "外勤 App 无法同步处理手册", runbook(
        "外勤 App 无法同步处理手册", "适用于外勤师傅 App 同步失败、收不到工单、工单未确认升级。",
        ["FieldOrdersUnacknowledged：外勤工单 15 分钟未确认超过 10 单"],
        ["看 nc-ingress 上 api-field.nuancheng.cn 的 TLS 握手错误（alert certificate unknown）与成功请求的 App 版本。",
         "看 App 上传的客户端日志（app-telemetry）里的异常。", "查最近的证书更换记录（签发机构、是否换了密钥）。"],
        ["证书换了密钥或签发机构，旧版 App 固定（pin）了旧公钥，握手被客户端拒绝。", "入口 nginx 故障。", "外勤 App 登录服务故障。"],
        ["先把 api-field 的证书回退到旧证书，再发布同时固定新旧公钥的 App 版本，之后再换证书。"])),
    ("runbooks/gis/isolation-trace.md", "关阀分析失败处理手册", runbook(
        "关阀分析失败处理手册", "适用于抢修时 nc-gis 关阀分析（isolation trace）超时、派单系统生成不了关阀方案。",
        ["IsolationPlanFailures：关阀方案生成失败"],
        ["看 nc-gis 的错误：lock timeout 说明地理数据库在锁等待。", "在 nc-gisdb-01 上看 pg_locks 与正在运行的维护任务（compress、"
         "reconcile、重建索引）。", "抢修现场先按纸质管网图关阀。"],
        ["工作时间运行地理数据库压缩（compress）或版本协调，锁住状态表。", "数据库连接池耗尽。", "管网拓扑数据损坏。"],
        ["取消正在运行的维护任务（pg_cancel_backend），放到周日 02:00 窗口。", "维护任务上线前登记变更并通知调度。"])),
    ("runbooks/scada/pressure-alarm-flapping.md", "场站压力报警反复触发处理手册", runbook(
        "场站压力报警反复触发处理手册", "适用于 nc-alarm-center 某站压力报警反复触发又自动恢复、现场压力正常。",
        ["StationAlarmFlapping：场站报警反复触发/恢复超过 20 次/10分钟"],
        ["在 nc-scada-gw 看该测点的值来自哪条链路（RTU 地址），是否两条链路的值交替出现。",
         "查当天的场站调试/投运记录：新 RTU 的 IEC 104 公共地址（common address）是否与已有站重复。", "核对现场仪表读数。"],
        ["新投运 RTU 沿用了模板里其他站的公共地址，网关把两站的测点按地址合并。", "变送器故障、接线松动。", "报警限值设错。"],
        ["让调试方把新 RTU 改为本站公共地址并重启链路；期间对该站报警做临时屏蔽并人工巡检。"])),
    ("runbooks/scada/historian-disk.md", "SCADA 历史库磁盘空间处理手册", runbook(
        "SCADA 历史库磁盘空间处理手册", "适用于 historian-01 存档卷 /archive 使用率高、存档暂停。",
        ["HistorianDiskHigh：/archive 使用率超过 90%", "HistorianArchiveGrowthHigh：存档增长超过 5 GB/h"],
        ["看存档写入速率何时上升，对照测点属性变更（excdev、compressing、扫描周期）。", "找出未压缩的测点组与对应工单。"],
        ["为取证临时关闭了一批测点的例外与压缩，事后未恢复。", "有测点值卡死抖动产生大量事件。", "归档迁移任务失败。"],
        ["把测点属性恢复为 excdev 0.05% 和 compressing 1，迁移旧存档到 NAS 释放空间。", "临时取证配置设到期自动恢复。"])),
    ("runbooks/app/api-timeouts.md", "客户 App 接口超时处理手册", runbook(
        "客户 App 接口超时处理手册", "适用于 nc-customer-app 部分请求超时、504、时好时坏。",
        ["AppApiLatencyHigh：App 接口 p99 超过 2s"],
        ["看超时是否都来自同一个 Pod，再看该 Pod 所在节点（kubectl get pod -o wide）。", "在节点上看网卡、bond 成员的 up/down 日志。",
         "看 Redis、MySQL 自身是否正常。"],
        ["节点网络故障（bond 成员反复 up/down、LACP 协商失败），只影响该节点上的 Pod。", "Redis 慢查询。", "数据库连接池耗尽。"],
        ["联系网络组核对交换机 port-channel 配置（mode active），必要时 cordon 节点、把 Pod 迁走。"])),
    ("runbooks/iot/meter-battery.md", "燃气表电池低电量处理手册", runbook(
        "燃气表电池低电量处理手册", "适用于 NB-IoT 表计电池电压低告警。",
        ["MeterBatteryLow"], ["按片区统计低电量表计。"], ["电池到寿命。"], ["批量派发换电池工单。"])),
    ("runbooks/einvoice/issue-failure.md", "电子发票开具失败处理手册", runbook(
        "电子发票开具失败处理手册", "适用于电子发票开具失败、税务平台报错。",
        ["EinvoiceIssueFailures"], ["看税务平台返回码。"], ["税务平台维护。"], ["待平台恢复后重推税务平台。"])),
    ("runbooks/crm/sip-phone.md", "客服坐席话机注册失败处理手册", runbook(
        "客服坐席话机注册失败处理手册", "适用于 96777 坐席话机离线。",
        ["CtiAgentPhoneOffline"], ["看话机注册状态。"], ["话机网络异常。"], ["重启 SIP 话机并重新注册。"])),
]


def build_bundle(seed: int = SEED) -> Json:
    w = WorldBuilder(seed=seed, day=DAY, tz=TZ, reference=REFERENCE, instances=INSTANCES,
                     labels={"env": "prod", "cluster": "nc-prod", "region": "hb-nc"})
    for service, (make, every) in NOISE.items():
        w.noise(service, make, START, every_s=every)
    night_setback(w)
    bank_window(w)
    reattach_herd(w)
    tariff_valves(w)
    dunning_twice(w)
    pinned_certificate(w)
    gis_compress(w)
    duplicate_common_address(w)
    historian_fill(w)
    bond_flap(w)
    other_changes(w)
    k8s_state(w)
    build_metrics(w)
    documents = [{"title": title, "source": source, "content": content} for source, title, content in RUNBOOKS]
    return w.bundle(name="NuanCheng 暖城燃气 2026-12-22", services=SERVICES, documents=documents)


# --- Questions ---------------------------------------------------------------------------------
#: Each incident's own words: in another incident's answer, a misattribution.
FAMILY = {
    "heat": ("SCH-COMM-NIGHT", "heat_disp_wanglei"),
    "ccb": ("E0917", "CCB-NOTICE-2026-118"),
    "herd": ("CT-HB-NM-20261222-017", "eNodeB"),
    "tariff": ("TRF-2026-HS", "effective_from"),
    "dunning": ("MIG-0412", "BUSINESS_LIMIT_CONTROL"),
    "cert": ("SEC-CERT-1193", "pinning"),
    "gis": ("sdeadmin", "gis_admin_liqiang"),
    "rtu": ("OT-CMS-0266", "common address 21"),
    "historian": ("OT-REQ-0871", "excdev"),
    "bond": ("NET-CHG-1207", "ens2f1"),
}
#: The remedies of the runbooks for problems that did not happen.
UNRELATED_REMEDIES = ("换电池工单", "重推税务平台", "重启 SIP 话机")
FIRING = ("MeterBatteryLow", "CertificateExpiringSoon", "HistorianArchiveGrowthHigh")
INCIDENT_WORDS = tuple(word for words in FAMILY.values() for word in words)


def _not(*own: str, told: tuple[str, ...] = ()) -> tuple[str, ...]:
    """The other incidents' words, plus the unrelated runbooks' remedies — less ``told``: another incident's words the
    asked service itself logs (the field dispatch logs its crews' pinning failures in the morning), which name no
    misattribution when an answer quotes them."""
    return tuple(word for family, words in FAMILY.items() if family not in own for word in words
                 if word not in told) + UNRELATED_REMEDIES


QUESTIONS: tuple[WorldQuestion, ...] = (
    WorldQuestion(
        "utility_heating_cold_night_cause",
        "昨晚城北好多小区暖气不热，屋里就十五六度，热线都打爆了，供热调控那边是怎么回事？", "cause",
        asked_facts=(fact("45.0°C", "45°C", "45 度", "供水温度"),),
        cause_facts=(fact("SCH-COMM-NIGHT", "夜间降温"), fact("城北居民", "heat_disp_wanglei", "居民组")),
        forbidden=_not("heat"), service="nc-heat-control",
        diagnosis="昨天 17:40 调度 heat_disp_wanglei 把商业建筑的夜间降温模板 SCH-COMM-NIGHT（22:00-06:00 二次供水设定 45°C）套到了站组"
                  "城北居民（HX-N-01..12），本该是城北商业 → 22:00 起 12 个居民换热站设定值 58.0 → 45.0°C，二次供水约 45°C，室温降到"
                  "16°C 左右，供暖不热投诉最高 386 件/小时（23:50）；00:55 夜班调度 heat_disp_night_zhaoyang 改回 SCH-RES-STD，设定 57.5°C，"
                  "02:30 前后室温恢复。21:20 的天气预报刷新配置不是原因",
    ),
    WorldQuestion(
        "utility_app_topup_last_night_cause",
        "昨晚十点半以后好多用户在 App 上交气费失败，提示银行系统繁忙，App 这边咋回事？", "cause",
        asked_facts=(fact("CHANNEL_BUSY", "银行系统繁忙", "充值失败"),),
        cause_facts=(fact("E0917", "日终批量"),
                     fact("maintenance window", "maintenance-window", "维护窗口", "CCB-NOTICE-2026-118", "22:30-23:30")),
        forbidden=_not("ccb"), service="nc-customer-app",
        diagnosis="建行（CCB）自 12-21 起把日终批处理窗口提前到 22:30-23:30（通知 CCB-NOTICE-2026-118），支付渠道 nc-pay-channel 里 "
                  "ccb-direct 的维护窗口还是 23:30-00:10 → 22:30 起建行卡充值仍路由到建行直连，银行返回 E0917 日终批量处理中，App 显示 "
                  "CHANNEL_BUSY 银行系统繁忙，充值失败率约 23%-32%；23:12 值班 pay_oncall_sunhao 把窗口改为 22:30-23:40 后改走银联。原因在"
                  "支付渠道配置与银行窗口，不在 App；21:50 的 App 4.3.0 发布不是原因；下午两点多的超时是另一件事",
    ),
    WorldQuestion(
        "utility_app_afternoon_flaky_cause",
        "下午两点多客户 App 查账单时好时坏，老转圈，刷新一下又好了，App 后台怎么了？", "cause",
        asked_facts=(fact("timed out", "超时", "504"),),
        cause_facts=(fact(BAD_NODE, "node-05", "05 节点"),
                     fact("bond0", "ens2f1", "802.3ad", "LACP", "NET-CHG-1207", "mode on")),
        forbidden=_not("bond"), service="nc-customer-app",
        diagnosis=f"14:03 网络组 NET-CHG-1207 更换 sw-b-07 线卡，把 port-channel 15 的成员 Ethernet2/15 用 channel-group mode on 加回"
                  f"（原来是 mode active/LACP）→ {BAD_NODE} 的 bond0 收不到 802.3ad 应答，成员 ens2f1 反复 down/up → 只有该节点上的 "
                  f"Pod 出不去：App 的 {APP_BAD_POD}（约四分之一请求）连 Redis、MySQL 超时，nginx upstream timed out/504，CRM 在该节点的 "
                  "Pod 也超时；14:50 改回 mode active 后恢复。13:30 的 App banner 配置不是原因；昨晚的充值失败是另一件事",
    ),
    WorldQuestion(
        "utility_prepay_no_gas_morning_cause",
        "今天早上好多预付费用户家里突然没气了，App 上余额成了负数，预付费那边出什么事了？", "cause",
        asked_facts=(fact("BALANCE_EXHAUSTED", "VALVE_CLOSED", "关阀"),),
        cause_facts=(fact("TRF-2026-HS", "effective_from=2026-11-15", "2026-11-15"),
                     fact(RECALC_CRON, "balance recalc", "余额重算", "重算")),
        forbidden=_not("tariff"), service="nc-prepay",
        diagnosis="昨天 21:10 计费 bill_ops_liuyan 导入采暖季气价 TRF-2026-HS，effective_from 填成 2026-11-15（文件名是 20261222）→ 今天 "
                  f"01:00 CronJob {RECALC_CRON} 按新价追溯重算 37 天，186420 个预付费账户共扣 ¥1,284,310.52，2316 户余额 ≤ 0 → 预付费排队"
                  "关阀命令，06:00 起表计唤醒上报时执行，VALVE_CLOSED reason=BALANCE_EXHAUSTED，用户早上没气；09:40 改正生效日期为 "
                  "2026-12-22，09:55 重算恢复余额，10:02 起下发开阀。原因在计费的气价生效日期与重算任务，不在预付费；05:30 的提醒阈值"
                  "配置不是原因",
    ),
    WorldQuestion(
        "utility_sms_twice_cause",
        "上午九点多好多用户投诉同一条催费短信收到两遍，抢修的停气通知也发不出去，短信通知服务怎么了？", "cause",
        asked_facts=(fact("isv.BUSINESS_LIMIT_CONTROL", "BUSINESS_LIMIT_CONTROL", "流控", "限流"),),
        cause_facts=(fact("nc-batch-01", "crontab", "CRON["), fact("MIG-0412", DUNNING_CRON, "迁移")),
        forbidden=_not("dunning"), service="nc-notify",
        diagnosis="催缴任务昨天按 MIG-0412 迁到 Kubernetes CronJob nc-dunning-daily，但旧批处理机 nc-batch-01 的 crontab 没删 → 09:00 两边"
                  "各跑一次，同一批次 DUN-20261222 的 18420 条催缴短信提交了两遍 → 用户收到两条，短信服务商对同一号码流控，返回 "
                  "isv.BUSINESS_LIMIT_CONTROL，连停气通知 SMS_OUTAGE_NOTICE 也失败；09:48 注释掉 crontab 后恢复。08:40 的短信模板配置"
                  "不是原因",
    ),
    WorldQuestion(
        "utility_field_app_morning_cause",
        "今天早上八点多开始外勤师傅的 App 一直同步失败、收不到新工单，派单系统怎么回事？", "cause",
        asked_facts=(fact("not acknowledged", "escalated", "未确认", "sync failed", "同步失败"),),
        cause_facts=(fact("SEC-CERT-1193", "TrustAsia", "new key pair", "换了证书", "证书更换"),
                     fact("Certificate pinning failure", "pinning", "证书锁定", "pinned")),
        forbidden=_not("cert"), service="nc-field-dispatch",
        diagnosis="08:20 安全组 ops_sec_kongwei 按 SEC-CERT-1193 把 api-field.nuancheng.cn 的证书换成 TrustAsia 签发、新密钥对的证书 → "
                  "外勤 App NCField 3.7.x 固定（pin）的是旧公钥，握手时客户端拒绝（Certificate pinning failure；nginx 记 alert "
                  "certificate unknown）→ 师傅设备同步失败，工单 15 分钟未确认升级到班长；只有测试的 3.8.0-beta2 能同步。10:40 证书回退到旧"
                  "证书（2027-01-05 到期，所以现在有 CertificateExpiringSoon）。08:00 的派单 5.2.0 发布不是原因；中午的关阀方案是另一件事",
    ),
    WorldQuestion(
        "utility_isolation_plan_noon_cause",
        "中午中山路抢修那会儿，派单系统里关阀方案一直出不来，最后只能按纸质图关阀，这是怎么回事？", "cause",
        asked_facts=(fact("isolation trace timeout", "timeout after 30000ms", "关阀方案", "关阀分析"),),
        cause_facts=(fact("compress", "gis_admin_liqiang", "压缩"), fact("AccessExclusiveLock", "lock timeout", "锁等待", "锁")),
        forbidden=_not("gis", told=("pinning",)), service="nc-field-dispatch",
        diagnosis=f"11:30 GIS 管理员 gis_admin_liqiang 在工作时间对地理数据库 gasnet 跑 compress（规定在周日 02:00 窗口）→ 等待并持有 "
                  f"sde.sde_state_lineages 的 AccessExclusiveLock → nc-gis 的关阀分析 lock timeout，{INCIDENT} 中山路泄漏抢修时派单系统"
                  "生成关阀方案 30 秒超时，现场按纸质图关阀；12:24 取消 compress 后 12:26 方案出来。11:05 的派单半径配置不是原因；早上的 App "
                  "同步失败是另一件事",
    ),
    WorldQuestion(
        "utility_alarm_rs021_flapping_cause",
        "下午一点多报警中心一直报 21 号调压站出口压力低低，一会儿又自己恢复，抢修到现场看压力是正常的，报警中心咋回事？", "cause",
        asked_facts=(fact("LL", "低低", "PT-102"),),
        cause_facts=(fact("common address 21", "公共地址", "ASDU"), fact("RS-033", "OT-CMS-0266")),
        forbidden=_not("rtu"), service="nc-alarm-center",
        diagnosis="13:10 调试方 scada_vendor_gaopeng 按 OT-CMS-0266 在 SCADA 网关投运 RS-033（解放路中低压调压站）的新 RTU，沿用模板的"
                  "IEC 104 公共地址 21 → 网关把 RS-033 与 RS-021 两条链路按地址 21 合并，RS-021 的 PT-102 出口压力在 0.38 MPa 与 RS-033 "
                  "的 0.0029 MPa 之间跳 → 报警中心反复报 LL 又恢复（StationAlarmFlapping）；14:35 RS-033 改为地址 33 后恢复。12:40 报警中心"
                  " 3.1.0 发布不是原因",
    ),
    WorldQuestion(
        "utility_push_rate_quantity", "今天凌晨四点半那阵 NB 表集中上报，接入网关一秒钟最多收到多少个推送请求？", "quantity",
        asked_facts=(fact(str(PUSH_PEAK)),), forbidden=_not("herd"), service="nc-iot-gateway",
        peak=Peak("nc-iot-gateway", "aep_push_requests_per_second", PUSH_PEAK),
        diagnosis="aep_push_requests_per_second 峰值 2870 次/秒（04:36），夜间平时约 30；城北 38 个 eNodeB 小区 01:00-04:30 割接"
                  "（CT-HB-NM-20261222-017），恢复后 41260 块表同时重新附着补报，超出网关 800/s 限流，503 + AEP 重试",
    ),
    WorldQuestion(
        "utility_historian_disk_quantity", "今天下午历史库那台服务器的磁盘最高用到了百分之多少？", "quantity",
        asked_facts=(fact(str(DISK_PEAK)),), forbidden=_not("historian"), service="nc-historian",
        peak=Peak("nc-historian", "historian_archive_volume_used_percent", DISK_PEAK),
        diagnosis="historian_archive_volume_used_percent 峰值 96.4%（15:18）；HistorianDiskHigh 触发时是 90.2%。09:20 scada_eng_zhoubin 为"
                  "取证（OT-REQ-0871）把 GS-02 的 1824 个测点改成 excdev 0、不压缩，计划 10:20 恢复但没恢复 → 存档每小时涨 38 GB，15:05 到"
                  "高水位暂停存档、15:24 起丢事件，15:40 迁走旧存档降到 74%；测点仍未恢复，增长告警还在",
    ),
    WorldQuestion(
        "utility_heating_complaints_quantity", "昨晚暖气不热的投诉，一个小时最多进来多少件？", "quantity",
        asked_facts=(fact(str(COMPLAINT_PEAK)),), forbidden=_not("heat"), service="nc-crm",
        peak=Peak("nc-crm", "crm_tickets_created_per_hour", COMPLAINT_PEAK),
        diagnosis="crm_tickets_created_per_hour{category=供暖不热} 峰值 386 件/小时（23:50）；HeatComplaintSurge 触发时是 112。起因是"
                  "城北居民换热站组被套用夜间降温模板 SCH-COMM-NIGHT",
    ),
    WorldQuestion(
        "utility_iot_alert_existence", "凌晨 NB 表接入网关那边报过警没有？", "existence",
        asked_facts=(fact("AepPushRejectedHigh"),),
        cause_facts=(fact("CT-HB-NM-20261222-017", "eNodeB", "割接", "基站"),),
        # The battery runbook's remedy is left out: MeterBatteryLow fires on this service too, an answer may name it.
        forbidden=tuple(word for word in _not("herd") if word != "换电池工单"), service="nc-iot-gateway",
        diagnosis="报过：AepPushRejectedHigh 04:33 触发、05:48 恢复（被拒比例 41.2%，503 限流）；抄表入库的 MeterIngestLagHigh 04:41-06:12。"
                  "起因是运营商城北 eNodeB 割接 CT-HB-NM-20261222-017 结束后 4 万多块表同时补报。另有 MeterBatteryLow（城南 1204 块表电池"
                  "低，12-19 起）还在告警，与此无关",
    ),
    WorldQuestion(
        "utility_einvoice_healthy", "电子发票上午十点发了个版，现在有告警或者报错吗？", "existence",
        asked_facts=(HEALTHY,), forbidden=INCIDENT_WORDS, service="nc-einvoice", healthy=True,
        diagnosis="没有：只有开票 INFO 和税务平台偶尔慢的 WARN，5xx 最高约 0.12%（阈值 2%），p99 远低于 1500ms，无告警；10:00 的 2.2.0 发布"
                  "与各故障无关",
    ),
    WorldQuestion(
        "utility_inspection_healthy", "入户安检系统日志里一堆隐患的 WARN，它今天是不是出问题了？", "existence",
        asked_facts=(HEALTHY,), forbidden=INCIDENT_WORDS, service="nc-inspection", healthy=True,
        diagnosis="没有：WARN 是安检员登记的入户隐患（软管超期等）和整改通知，属于正常业务；无 ERROR、无告警，5xx 与 p99 都远低于阈值",
    ),
    WorldQuestion(
        "utility_alert_listing", "现在还有哪些告警没恢复？帮我列一下。", "listing",
        asked_facts=tuple(fact(name) for name in FIRING), forbidden=("nc-einvoice", "nc-inspection"),
        diagnosis="3 条：MeterBatteryLow（城南 1204 块表电池低，12-19 起，已排换电池工单，与今天的故障无关）、CertificateExpiringSoon"
                  "（10:41 起，api-field 回退到的旧证书 2027-01-05 到期）、HistorianArchiveGrowthHigh（10:05 起，GS-02 测点仍未恢复压缩）；"
                  "其余告警都已恢复",
    ),
    WorldQuestion(
        "utility_scada_changes_listing", "SCADA 网关今天都做过哪些变更？发版、投运、改配置都列一下。", "listing",
        asked_facts=(fact("2.9.3"), fact("OT-CMS-0266", "RS-033"), fact("21 -> 33"), fact("iec104.t3-seconds", "t3-seconds")),
        forbidden=_not("rtu"), service="nc-scada-gw",
        diagnosis="四次：10:30 发布 2.9.3（重连退避，与故障无关）、13:10 投运 RS-033 新 RTU（OT-CMS-0266，公共地址 21，导致 RS-021 报警"
                  "反复）、14:35 RS-033 公共地址 21 -> 33（修复）、15:50 iec104.t3-seconds 20 -> 30",
    ),
)

WORLD = World(name=NAME, title="NuanCheng 暖城燃气（城市燃气与供热）", build=build_bundle, questions=QUESTIONS)
