"""World "telecom": 星海通信 XingHai Telecom, a regional mobile virtual network operator (numbers 170/171, its own HSS and
core on a host network's radio) and broadband ISP of Shenzhen (``xht-*`` services: online charging and the rating
catalogue, real-name account opening and its ID-card OCR adapter, SIM activation and HSS provisioning, the SMS gateway and
the verification-code service, number portability, CDR mediation, the usage centre, customer-service tickets, the owner
App's backend, loyalty and the points mall, number selection and e-invoices on a Kubernetes cluster; the broadband
RADIUS servers, the BNGs, the core network and the nodes outside it), seen on Tuesday 2026-12-22 from 00:00 to the
reference time 21:00 (+08:00). Nothing here was written for the offline agents; ten incidents of families neither the
demo nor the other worlds have, in ordinary noise:

(1) 01:10:20        xht-bng: in the night window netops_zhaoyi rotates the RADIUS shared secret (CHG-20261222-0031) — on
                    bng-sz-03 only, the pilot of the change; the RADIUS servers' clients.conf keeps the old secret →
    01:11–09:52     FreeRADIUS drops every request of that NAS (``invalid Message-Authenticator! (Shared secret is
                    incorrect.)``), the BNG sees no answer and sends PADT → PPPoE users of 南山 (bng-sz-03) who redial get
                    error 691; few at night, a flood when modems come back in the morning: 412 failures a minute at 08:07
                    (``bng_pppoe_auth_fail_per_min``; the alert fired at 96). 09:52 aaa_ops_liwei puts the new secret in
                    clients.conf. The 00:40 SQL pool config of xht-radius is a decoy.
(2) 19:32:10        xht-smsgw: smsgw_ops_wangqin raises the SMPP window of channel CMCC-SZ-02 from 10 to 64 and its rate
                    from 200 to 800/s to push the evening 冬至 greetings faster; the carrier's SMSC allows 200/s →
    19:33–20:50     ``ESME_RTHROTTLED`` (0x58), then unbinds the ESME → the shared submit queue reaches 186240 messages at
                    20:11 (``smsgw_queue_depth``; the alert fired at 52000) → verification codes of xht-otp arrive after
                    minutes, login with an expired code fails. 20:24 the window goes back to 10. The 19:20 deploy 2.9.3 of
                    xht-otp is a decoy. (The SMS gateway has two incidents today: a time phrase picks one.)
(3) 10:02:05        xht-mediation: PGW-03 re-sends the CDR file of 09:30 under a new name (``..._R1.dat``) after the
                    collector's rename timed out; the CronJob xht-mediation-collect dedups by file name only → batch
    10:05–13:20     MB-20261222-1002 loads 186412 records twice → xht-usage doubles the usage of 23107 subscribers and
                    sends quota-reached notices → complaints in xht-ticket. 13:18 billing_ops_chenjie reverses the batch.
                    The 09:30 cache config of xht-usage is a decoy.
(4) 09:00           the OCR vendor 云瞳 moves its ID-card model from idcard-ocr-5.1.3 to idcard-ocr-5.2.0 (no notice); the new
                    model returns the check character X in lower case → xht-realname's GB 11643 format check rejects
    09:01–14:10     every ID number ending in x (``ID_NUMBER_FORMAT_INVALID``): account opening fails in the shops for about
                    one customer in ten. 14:10 xht-ocr-adapter upper-cases the number (config). The 08:30 deploy 3.4.0 of
                    xht-realname is a decoy.
(5) 02:15:04        xht-hss-prov: the CronJob xht-hss-prov-card-import loads SIM batch B2612-SZ-0042 (20000 cards of vendor
                    HB); the vendor's file says TransportKeyVersion=4 (the K4 rotated on 12-15) but the import still
    08:10–16:45     decrypts with version 3 → every Ki of the batch is wrong, silently → the new cards are provisioned but
                    fail authentication (the MME sees ``MAC failure``) → xht-sim-activation waits for a first registration
                    that never comes (``FIRST_ATTACH_TIMEOUT``). 16:40 hss_ops_dengke re-imports with version 4. The 07:50
                    deploy 3.8.2 of the activation service is a decoy.
(6) 13:05:10        xht-k8s-node-05: secops_hanlu upgrades the host agent sec-agent 5.8.1 → 5.8.2 on the canary node; its
                    new fw-audit module holds the xtables lock every 2 s → kube-proxy there cannot apply its rules
    13:32–15:09     (``Another app is currently holding the xtables lock``) → after the 13:31 rollout of xht-ocs 4.6.1 the
                    node still sends Service traffic to the old OCS pods' addresses → only the pods on node-05 (one of
                    four App backends, one ticket pod) fail balance queries (``no route to host``). 15:08 the agent is
                    rolled back. The 13:15 banner config of xht-app-api is a decoy.
(7) 01:00:05        xht-mnp: the CronJob xht-mnp-npdb-sync cannot fetch the clearinghouse's daily delta — its SFTP server
                    has a new host key (``Host key verification failed``) — so the 02:00 porting cut-over of 2389 numbers
    07:05–11:31     is missing from our routing → xht-smsgw sends MT messages for numbers ported in today to the donor
                    network (UNDELIV) and for numbers ported out to our own HLR (UnknownSubscriber). 11:22 the host key is
                    updated and the sync rerun. The 06:45 signature config of xht-smsgw is a decoy.
(8) 01:20:10        xht-loyalty: loy_ops_sunmei sets ``points.expiry.cutoff`` to 2026-12-31 instead of 2025-12-31; the
                    02:30 CronJob xht-loyalty-points-expiry expires every point earned before it → 1382406 members at 0
    07:05–12:10     → xht-mall refuses redemptions (``INSUFFICIENT_POINTS``). 12:05 balances restored from the ledger
                    snapshot and the cutoff reverted. The 06:50 deploy 5.2.0 of the mall is a decoy.
(9) 16:00:10        xht-app-api: the owner App 8.3.0 is released; its new realtime usage widget polls the usage summary every
                    5 s instead of 300 s → the request rate of xht-usage, by App version, grows with the evening: 4860/s at
    17:00 → now     19:58 (``usage_http_requests_per_second``); p99 above 800 ms from 18:40. 20:30 the remote config
                    ``usage.widget.poll-seconds`` goes to 300, but the App reads it at its next launch: at 21:00 the rate
                    is still 2600/s and UsageApiLatencyHigh still firing.
(10) 13:50:20       xht-rating-catalog: roam_ops_zhoujie publishes the roaming zone table ROAM-ZONE-2026.12b from the
                    partners' CSV, where PLMN 45406 (SmarTone, Hong Kong) moved from zone Z1 (港澳台日包) to Z5 (¥60/MB)
    13:55–17:20     → xht-ocs rates Hong Kong data on SmarTone at ¥60/MB: prepaid users hit DIAMETER_CREDIT_LIMIT_REACHED
                    (4012), postpaid users get bill-shock notices. 17:14 ROAM-ZONE-2026.12c corrects the row. The 13:31
                    deploy 4.6.1 of xht-ocs is a decoy here (and the occasion, not the cause, of (6)).

Healthy: xht-num-pool (deploy 2.3.1 at 12:10 is a decoy; lock-retry WARNs) and xht-einvoice (a config at 15:30 is a
decoy; a certificate-expiry WARN 84 days ahead) — INFO/WARN noise only, under their thresholds, no alert. Still firing at
21:00: UsageApiLatencyHigh (9) and OltPonLosAlarm (a fibre cut by road works at 宝安 西乡 on olt-ba-07, unrelated).
Kubernetes: the deployments and their pods with their nodes (two on xht-k8s-node-05), the CronJobs' pods and the events of
the last hour (the mediation collector's runs). Run ``python -m evaluation.worlds telecom`` to print the bundle.
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

NAME = "telecom"
SEED = 20261222
TZ = dt.timezone(dt.timedelta(hours=8))
DAY = dt.date(2026, 12, 22)
START = dt.datetime(2026, 12, 22, 0, 0, tzinfo=TZ)
REFERENCE = dt.datetime(2026, 12, 22, 21, 0, tzinfo=TZ)
NS = "xinghai-bss"

_t = functools.partial(clock_on, DAY, TZ)  # a clock on the world's day, for module-level constants

# --- The lines the questions are about (the tests find each one in the bundle) ----------------
# (1) the RADIUS shared secret rotated on one NAS
BAD_NAS = "bng-sz-03"
BAD_NAS_IP = "10.31.3.1"
SECRET_ROTATE = ("netops_zhaoyi (CHG-20261222-0031 夜间窗口, pilot): bng-sz-03 radius-server group XH-AAA (10.8.0.11, "
                 "10.8.0.12) shared key rotated, key-id 7 -> 8 (cipher 0x1c9e55d0...); remaining NAS bng-sz-01/02/04 and "
                 "radius clients.conf scheduled for CHG-20261223-0004")
RADIUS_DROP = ("(%d) Dropping packet without response because of error: Received packet from client bng-sz-03 "
               "(10.31.3.1) with invalid Message-Authenticator!  (Shared secret is incorrect.)")
BNG_TIMEOUT = "%AAA-3-RADIUS_TIMEOUT: RADIUS server 10.8.0.{n}:1812 not responding (3 retries), failover to 10.8.0.{m}"
PPPOE_FAIL = ("%PPPOE-4-AUTH_FAIL: user {user}@xhbb interface GE2/0/{port}.{vlan} authentication failed: no RADIUS response, "
              "PADT sent (691)")
SECRET_FIX = ("aaa_ops_liwei: clients.conf client bng-sz-03 secret updated to key-id 8 on radius-01, radius-02 (CHG-20261222-"
              "0031 补做), radiusd HUP")
RADIUS_CONFIG = ("aaa_ops_liwei: mods-enabled/sql pool max 32 -> 48, idle_timeout 60 -> 120 on radius-01, radius-02; radiusd "
                 "HUP")
PPPOE_PEAK = 412
PPPOE_ALERT_VALUE = "96 次/分钟"

# (2) the SMPP window of one channel
SMPP_CHANGE = ("smsgw_ops_wangqin: channel CMCC-SZ-02 (SMPP 3.4, system_id XHT0431) window_size 10 -> 64, "
               "submit rate 200/s -> 800/s (冬至问候群发提速)")
SMPP_THROTTLED = ("channel CMCC-SZ-02 submit_sm seq={seq} dst={msisdn}: submit_sm_resp command_status=0x00000058 "
                  "ESME_RTHROTTLED, requeued (attempt {attempt}), in-flight {inflight}/64")
SMPP_UNBIND = "channel CMCC-SZ-02: unbind received from SMSC 211.136.{n}.20:7890 (window violation), rebinding in 5s"
SMPP_FIX = "smsgw_ops_wangqin: channel CMCC-SZ-02 window_size 64 -> 10, submit rate 800/s -> 200/s (回退)"
OTP_LATE = ("otp code for {msisdn} scene=login delivered after {s}s (smsgw queued), code valid 300s")
OTP_EXPIRED = "otp verify {msisdn} scene=login failed: OTP_EXPIRED (code sent {s}s ago, valid 300s)"
OTP_DEPLOY = ("deploy finished: xht-otp 2.9.3 (was 2.9.2) rolled out by ci-bot pipeline=#7741; changes: slider captcha for "
              "web login")
QUEUE_PEAK = 186240
QUEUE_ALERT_VALUE = "52000 条"

# (3) the CDR file loaded twice
CDR_FILE = "PGW03_20261222_0930_0417.dat"
CDR_RESENT = "PGW03_20261222_0930_0417_R1.dat"
CDR_FIRST = (f"collect PGW-03 {CDR_FILE}: 186412 records, batch MB-20261222-0947 loaded (dedup key: file name)")
CDR_RENAME = (f"collect PGW-03: rename {CDR_FILE} -> {CDR_FILE}.done on 10.33.8.3 timed out after 30s; file left on source")
CDR_DOUBLE = (f"collect PGW-03 {CDR_RESENT}: 186412 records, batch MB-20261222-1002 loaded (dedup key: file name; new "
              "file)")
CDR_REVERSE = (f"billing_ops_chenjie: batch MB-20261222-1002 ({CDR_RESENT}) reversed, 186412 records (duplicate of "
               "MB-20261222-0947); 23107 subscribers' usage recomputed")
USAGE_QUOTA = ("usage notify msisdn={msisdn} plan={plan}: domestic data {used:.1f}GB of {quota}GB (100%), quota-reached SMS "
               "sent, speed limited to 1Mbps")
USAGE_CONFIG = ("[nacos] config changed: dataId=xht-usage.yaml group=USAGE key=usage.summary.cache-ttl-seconds old=60 "
                "new=30 operator=usage_dev_fanyu md5=7c1e09d2ab54")
TICKET_DISPUTE = "ticket {tk} created channel={ch} type=流量异议 msisdn={msisdn}: 用户称今天上午流量突然多了 {gb:.1f}GB"

# (4) the OCR vendor's new model
OCR_MODEL_SEEN = ("vendor 云瞳 idcard OCR response header X-Model-Version changed: idcard-ocr-5.1.3 -> idcard-ocr-5.2.0 "
                  "(first seen req={req})")
ID_REJECT = ("open account order {order} shop={shop}: id_number {masked} from OCR fails GB 11643 format check "
             "^[0-9]{{17}}[0-9X]$: ID_NUMBER_FORMAT_INVALID, clerk asked to retake photo")
OCR_FIX = ("[nacos] config changed: dataId=xht-ocr-adapter.yaml group=OCR key=ocr.normalize.id-number-uppercase old=false "
           "new=true operator=ocr_dev_tangyi md5=0e4b7a9c1d32")
REALNAME_DEPLOY = ("deploy finished: xht-realname 3.4.0 (was 3.3.2) rolled out by ci-bot pipeline=#7702; changes: 电子协议签署页"
                   "改版")

# (5) the SIM batch imported with the old transport key
SIM_BATCH = "B2612-SZ-0042"
CARD_IMPORT = (f"card batch {SIM_BATCH} file HB_B2612_0042.out (vendor HB, 20000 cards, ICCID 8986991226120042xxxx): header "
               "TransportKeyVersion=4; decrypting Ki/OPc with K4 version 3 (card.import.k4-version=3); 20000 subscriptions "
               "written to HSS")
MAC_FAIL = ("MME mme-0{n}: attach IMSI {imsi}: UE Authentication Failure cause #20 (MAC failure), attach reject #3 "
            "(Illegal UE)")
FIRST_ATTACH = ("activation order {order} ICCID {iccid} msisdn={msisdn}: HSS provisioned, no first network registration "
                "within 30 min: FIRST_ATTACH_TIMEOUT, order pending")
CARD_FIX = (f"hss_ops_dengke: card batch {SIM_BATCH} re-imported with K4 version 4 (vendor header TransportKeyVersion=4); "
            "Ki/OPc of 20000 subscriptions replaced, 1326 activated cards included")
SIM_DEPLOY = ("deploy finished: xht-sim-activation 3.8.2 (was 3.8.1) rolled out by ci-bot pipeline=#7698; changes: 激活成功"
              "短信模板")

# (6) the xtables lock on one node
BAD_NODE = "xht-k8s-node-05"
AGENT_UPGRADE = ("sec-agent upgraded 5.8.1 -> 5.8.2 on xht-k8s-node-05 (canary group k8s-canary-b) by secops_hanlu: new "
                 "module fw-audit enabled (iptables rule audit every 2s)")
PROXY_FAIL = ('kube-proxy[{pid}]: E1222 {clock} proxier.go:1520] "Failed to execute iptables-restore" err="exit status 4: '
              'Another app is currently holding the xtables lock. Stopped waiting after 5s."')
AGENT_ROLLBACK = ("sec-agent rolled back 5.8.2 -> 5.8.1 on xht-k8s-node-05 by secops_hanlu (fw-audit disabled); kube-proxy "
                  "sync ok, 1432 rules restored")
BALANCE_FAIL = ("GET /api/v1/balance msisdn={msisdn}: upstream xht-ocs failed: dial tcp 10.96.41.20:8080: connect: no route "
                "to host (took {ms}ms)")
OCS_DEPLOY = ("deploy finished: xht-ocs 4.6.1 (was 4.6.0) rolled out by ci-bot pipeline=#7723; changes: Gy CCR-T usage "
              "reporting for 5G SA")
APP_BANNER = ("[nacos] config changed: dataId=xht-app-api.yaml group=APP key=app.home.banner old=winter-2026 new=dongzhi-2026 "
              "operator=app_ops_yexin md5=b39e5c07fa12")
OCS_VIP = "10.96.41.20"

# (7) the NPDB sync without the new host key
NPDB_CRON = "xht-mnp-npdb-sync"
NPDB_FAIL = ("npdb delta download sftp://npdb@sftp.csms-np.cn:22/delta/NPDB_DELTA_20261222.zip failed: Host key verification "
             "failed. (host key for sftp.csms-np.cn has changed)")
NPDB_STALE = ("NPDB delta 20261222 not applied (attempt {n}/3): porting data as of 2026-12-21 02:00, 4118502 ported numbers; "
              "02:00 cut-over of 2026-12-22 missing")
NPDB_FIX = ("mnp_ops_luhao: known_hosts updated for sftp.csms-np.cn (new ECDSA key SHA256:Vq3n...K9s, clearinghouse notice "
            "2026-12-21), npdb-sync rerun")
NPDB_APPLIED = ("NPDB delta 20261222 applied: 2389 changes (port-in 1206, port-out 1183), routing cache of xht-smsgw "
                "refreshed")
MT_DONOR = ("MT {mid} to {msisdn} routed CMCC-IC (number range owner, not ported): DLR stat=UNDELIV err=011")
MT_ONNET = ("MT {mid} to {msisdn} routed ONNET (own range, not ported): SRI-for-SM error UnknownSubscriber (HLR)")
SIGN_CONFIG = ("[nacos] config changed: dataId=xht-smsgw.yaml group=SMS key=sms.signature.filing-no old=XH-2025-07 "
               "new=XH-2026-18 operator=smsgw_ops_wangqin md5=6a2d91f0c3b8")

# (8) the points expiry cutoff
POINTS_CRON = "xht-loyalty-points-expiry"
POINTS_CONFIG = ("[nacos] config changed: dataId=xht-loyalty.yaml group=LOY key=points.expiry.cutoff old=2025-12-31 "
                 "new=2026-12-31 operator=loy_ops_sunmei md5=4f8a1c6e2d90 (CHG-20261222-0012 年度积分清零准备)")
POINTS_RUN = ("points-expiry done: cutoff 2026-12-31 (points earned on or before), 1382406 members expired, 9812330112 "
              "points; members at 0: 1382406")
REDEEM_FAIL = ("redeem order {order} member={member} item {sku} {name} needs {need} points, balance 0: INSUFFICIENT_POINTS")
POINTS_FIX = ("loy_dev_xuchen: points restored from ledger snapshot 2026-12-22T02:25 for 1382406 members; "
              "points.expiry.cutoff reverted to 2025-12-31 (CHG-20261222-0012 回退)")
MALL_DEPLOY = ("deploy finished: xht-mall 5.2.0 (was 5.1.9) rolled out by ci-bot pipeline=#7694; changes: 冬至专区 and "
               "coupon stacking")

# (9) the App's polling widget
APP_RELEASE = ("client release: 星海通信 App 8.3.0 (iOS, Android) published to 100% by app_release_bot; new: home realtime "
               "usage widget")
POLL_CONFIG = ("[nacos] config changed: dataId=xht-app-api.yaml group=APP key=usage.widget.poll-seconds old=5 new=300 "
               "operator=app_ops_yexin md5=d17c4e2b9a05 (clients apply at next launch)")
QPS_PEAK = 4860

# (10) the roaming zone table
ZONE_PUBLISH = ("roaming zone table ROAM-ZONE-2026.12b published by roam_ops_zhoujie from partner_zones_20261222.csv: 312 "
                "PLMNs, 1 changed: PLMN 45406 (SmarTone, HK) zone Z1 (港澳台日包 ¥25/天) -> Z5 (¥60/MB)")
ZONE_FIX = ("roaming zone table ROAM-ZONE-2026.12c published by roam_ops_zhoujie: PLMN 45406 (SmarTone, HK) zone Z5 -> Z1 "
            "(CSV 行错位已更正); xht-ocs reload requested")
CREDIT_LIMIT = ("Gy CCR-U session={sid} IMSI {imsi} visited PLMN 45406 RG 10 zone Z5 rate ¥60/MB: used {mb}MB ¥{amount:.2f}, "
                "Result-Code 4012 DIAMETER_CREDIT_LIMIT_REACHED (prepaid balance ¥{balance:.2f})")
BILL_SHOCK = "roaming spend alert IMSI {imsi} visited PLMN 45406 zone Z5: ¥{amount:.2f} today, notice SMS sent (postpaid)"

# Healthy services' changes and the unrelated alerts
NUMPOOL_DEPLOY = ("deploy finished: xht-num-pool 2.3.1 (was 2.3.0) rolled out by ci-bot pipeline=#7715; changes: 靓号规则 "
                  "AABB display")
EINVOICE_CONFIG = ("[nacos] config changed: dataId=xht-einvoice.yaml group=INV key=invoice.batch.size old=200 new=500 "
                   "operator=inv_dev_gaoling md5=2b6e8d0f4c71")
OLT_LOS = "olt-ba-07 PON 0/3/5 LOS: 37 ONTs offline (宝安 西乡 道路施工挖断光缆，外线已派单 WO-OSP-20261222-118)"

# --- Pods, nodes, network -------------------------------------------------------------------
ROLLOUTS: dict[str, list[tuple[str, tuple[str, ...]]]] = {
    "xht-ocs": [("00:00", pod_names("xht-ocs", "4.6.0", 4)), ("13:31:00", pod_names("xht-ocs", "4.6.1", 4))],
    "xht-rating-catalog": [("00:00", pod_names("xht-rating-catalog", "2.11.0", 2))],
    "xht-realname": [("00:00", pod_names("xht-realname", "3.3.2", 3)), ("08:31:00", pod_names("xht-realname", "3.4.0", 3))],
    "xht-ocr-adapter": [("00:00", pod_names("xht-ocr-adapter", "1.7.1", 2))],
    "xht-sim-activation": [("00:00", pod_names("xht-sim-activation", "3.8.1", 3)),
                           ("07:51:00", pod_names("xht-sim-activation", "3.8.2", 3))],
    "xht-hss-prov": [("00:00", pod_names("xht-hss-prov", "2.2.0", 2))],
    "xht-smsgw": [("00:00", pod_names("xht-smsgw", "2.14.0", 3))],
    "xht-otp": [("00:00", pod_names("xht-otp", "2.9.2", 3)), ("19:21:00", pod_names("xht-otp", "2.9.3", 3))],
    "xht-mnp": [("00:00", pod_names("xht-mnp", "1.12.0", 2))],
    "xht-mediation": [("00:00", pod_names("xht-mediation", "4.1.3", 2))],
    "xht-usage": [("00:00", pod_names("xht-usage", "3.5.0", 6))],
    "xht-ticket": [("00:00", pod_names("xht-ticket", "6.2.1", 3))],
    "xht-app-api": [("00:00", pod_names("xht-app-api", "8.0.4", 4))],
    "xht-loyalty": [("00:00", pod_names("xht-loyalty", "2.7.0", 2))],
    "xht-mall": [("00:00", pod_names("xht-mall", "5.1.9", 3)), ("06:51:00", pod_names("xht-mall", "5.2.0", 3))],
    "xht-num-pool": [("00:00", pod_names("xht-num-pool", "2.3.0", 2)), ("12:11:00", pod_names("xht-num-pool", "2.3.1", 2))],
    "xht-einvoice": [("00:00", pod_names("xht-einvoice", "1.9.0", 2))],
}
NODES = [f"xht-k8s-node-{n:02d}" for n in range(1, 7)]
BNGS = ["bng-sz-01", "bng-sz-02", "bng-sz-03", "bng-sz-04"]
DISTRICT = {"bng-sz-01": "福田", "bng-sz-02": "罗湖", "bng-sz-03": "南山", "bng-sz-04": "宝安"}
VMS = {
    "xht-k8s-node": NODES,
    "xht-radius": ["radius-01", "radius-02"],
    "xht-bng": [*BNGS, "olt-ba-07"],
    "xht-core": ["mme-01", "mme-02", "hss-fe-01", "hss-fe-02"],
}
INSTANCES: dict[str, list[str]] = {service: list(steps[-1][1]) for service, steps in ROLLOUTS.items()} | VMS

APP_PODS = ROLLOUTS["xht-app-api"][0][1]
TICKET_PODS = ROLLOUTS["xht-ticket"][0][1]
#: The pods the scheduler put on the node of the canary agent (nothing else of ours runs there).
ON_BAD_NODE = (APP_PODS[3], TICKET_PODS[1])
_GOOD_NODES = [node for node in NODES if node != BAD_NODE]


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
    {"name": "xht-ocs", "aliases": ["在线计费", "OCS", "计费", "实时计费", "话费余额", "余额"],
     "description": "在线计费系统（Java，4 个副本，Diameter Gy/Ro）：预付费与后付费用户的语音、短信、流量实时批价与扣费、余额查询"
                    "（GET /api/v1/balance，Service VIP 10.96.41.20:8080）；批价用 xht-rating-catalog 发布的资费与国际漫游区域表。"},
    {"name": "xht-rating-catalog", "aliases": ["资费目录", "产品目录", "资费", "漫游资费", "漫游区域表"],
     "description": "产品与资费目录（Java，2 个副本）：套餐、资费版本与国际漫游区域表（ROAM-ZONE，按拜访网络 PLMN 划分 Z1 港澳台日包"
                    "… Z5），发布后 xht-ocs 重新加载。"},
    {"name": "xht-realname", "aliases": ["实名开户", "开户", "实名制", "实名认证", "营业厅开户"],
     "description": "实名开户（Java，3 个副本）：营业厅与代理点开户，身份证拍照经 xht-ocr-adapter 识别，证件号按 GB 11643 校验"
                    "（17 位数字 + 数字或 X），再做公安联网核查与人像比对。"},
    {"name": "xht-ocr-adapter", "aliases": ["OCR", "身份证识别", "证件识别", "OCR 适配"],
     "description": "证件 OCR 适配层（Python，2 个副本）：调用外部厂商 云瞳 的身份证识别 API，把结果转成开户系统的字段。"},
    {"name": "xht-sim-activation", "aliases": ["号卡激活", "SIM 激活", "激活", "开卡", "新卡激活"],
     "description": "号卡激活（Java，3 个副本）：开户后把号码与 SIM 卡（ICCID/IMSI）写入 HSS（经 xht-hss-prov），等待首次入网注册"
                    "（30 分钟内无注册则 FIRST_ATTACH_TIMEOUT）。"},
    {"name": "xht-hss-prov", "aliases": ["HSS 开通", "开通网关", "放号", "写卡数据", "制卡数据导入"],
     "description": "HSS 开通网关（Java，2 个副本）：SPML 开通签约数据；每天 02:15 CronJob xht-hss-prov-card-import 导入卡商的"
                    "制卡数据文件（Ki/OPc 用传输密钥 K4 加密，按版本解密）。"},
    {"name": "xht-smsgw", "aliases": ["短信网关", "短信", "SMS 网关", "短信平台", "SMPP"],
     "description": "短信网关（Go，3 个副本）：验证码、通知与营销短信经 SMPP 通道（CMCC-SZ-01/02、CUCC-SZ-01、CTCC-SZ-01）提交"
                    "到各运营商短信中心，共用一个提交队列，验证码优先；按携号转网数据（NPDB）选路。"},
    {"name": "xht-otp", "aliases": ["验证码", "短信验证码", "登录验证码", "OTP"],
     "description": "验证码服务（Java，3 个副本）：App 与网厅登录、改密的短信验证码（有效期 300 秒），经 xht-smsgw 发送。"},
    {"name": "xht-mnp", "aliases": ["携号转网", "转网", "MNP", "号码携带"],
     "description": "携号转网（Java，2 个副本）：转入转出工单；每天 01:00 CronJob xht-mnp-npdb-sync 从清算中心 SFTP 下载 NPDB "
                    "增量，02:00 割接生效，供短信网关与话务选路。"},
    {"name": "xht-mediation", "aliases": ["计费采集", "话单采集", "CDR", "中间件", "Mediation", "话单"],
     "description": "话单采集与预处理（Java，2 个副本）：CronJob xht-mediation-collect 每 15 分钟从 PGW-01..04、MSC 采集 CDR 文件，"
                    "去重、格式化后按批次（MB-<日期>-<时分>）送 xht-usage 和离线计费。"},
    {"name": "xht-usage", "aliases": ["用量中心", "流量查询", "已用流量", "用量查询", "流量"],
     "description": "用量中心（Go，6 个副本，Redis + TiDB）：按话单批次累计用户已用流量与通话，套餐阈值提醒与限速通知；App 首页与"
                    "用量页的查询接口 GET /api/v1/usage/summary。"},
    {"name": "xht-ticket", "aliases": ["客服工单", "工单", "客服", "投诉"],
     "description": "客服工单（Java，3 个副本）：10086 式热线、App 在线客服与营业厅的咨询、投诉、异议工单；坐席查看用户余额。"},
    {"name": "xht-app-api", "aliases": ["掌厅", "App", "掌上营业厅", "App 后台", "星海 App"],
     "description": "星海通信 App 后台（Node.js，4 个副本）：登录、话费余额（调用 xht-ocs）、用量（调用 xht-usage）、账单、"
                    "积分商城入口；App 的远程配置（app.* 与 usage.widget.*）在此下发，客户端下次启动时读取。"},
    {"name": "xht-loyalty", "aliases": ["积分", "会员积分", "积分系统"],
     "description": "积分（Java，2 个副本）：消费积分累计；每天 02:30 CronJob xht-loyalty-points-expiry 清理截止日"
                    "（points.expiry.cutoff）及以前获得的积分。"},
    {"name": "xht-mall", "aliases": ["积分商城", "商城", "积分兑换"],
     "description": "积分商城（Java，3 个副本）：积分兑换话费券、流量包、实物；兑换前向 xht-loyalty 查询并扣减积分。"},
    {"name": "xht-num-pool", "aliases": ["选号", "号码资源", "选号系统", "号池"],
     "description": "号码资源与网上选号（Java，2 个副本）。"},
    {"name": "xht-einvoice", "aliases": ["电子发票", "发票"], "description": "电子发票（Java，2 个副本）：月结与充值发票开具。"},
    {"name": "xht-radius", "aliases": ["宽带认证", "RADIUS", "AAA", "宽带 AAA", "拨号认证"],
     "description": "宽带 AAA（FreeRADIUS 3.2，radius-01/02 = 10.8.0.11/12）：各 BNG 的 PPPoE 认证与计费；每台 NAS 在 clients.conf "
                    "里有自己的共享密钥（shared secret）。"},
    {"name": "xht-bng", "aliases": ["宽带", "BNG", "BRAS", "宽带拨号", "宽带接入", "OLT"],
     "description": "宽带接入：BNG bng-sz-01 福田、bng-sz-02 罗湖、bng-sz-03 南山（10.31.3.1）、bng-sz-04 宝安，PPPoE 拨号经 "
                    "xht-radius 认证（失败返回 691）；OLT olt-ba-07 等。"},
    {"name": "xht-core", "aliases": ["核心网", "MME", "HSS", "EPC"],
     "description": "移动核心网（mme-01/02、hss-fe-01/02）：终端附着、鉴权（AKA，用 HSS 中的 Ki/OPc 生成鉴权向量）。"},
    {"name": "xht-k8s-node", "aliases": ["K8s 节点", "工作节点", "节点"],
     "description": "集群 xht-prod 的 6 个节点 xht-k8s-node-01..06（Pod 网段 10.244.<节点号>.0/24，kube-proxy iptables 模式），"
                    "主机安全 sec-agent 按组升级。"},
]

WINDOWS = {
    "radius": (_t("01:10:20"), _t("09:52:30")),
    "smpp": (_t("19:32:10"), _t("20:50")),
    "cdr": (_t("10:05"), _t("13:20")),
    "ocr": (_t("09:00"), _t("14:10:30")),
    "sim": (_t("02:15"), _t("16:41")),
    "proxy": (_t("13:05:10"), _t("15:08:40")),
    "npdb": (_t("01:00"), _t("11:31")),
    "points": (_t("02:30"), _t("12:06")),
    "poll": (_t("16:00"), REFERENCE),
    "roam": (_t("13:50:20"), _t("17:14:30")),
}


def _inside(window: str, t: dt.datetime) -> bool:
    a, b = WINDOWS[window]
    return a <= t < b


def _day(t: dt.datetime) -> bool:
    return _t("07:00") <= t < _t("23:00")


# --- Business vocabulary -------------------------------------------------------------------------
Line = tuple[str, str, dict[str, Any]]
SHOPS = ["SZ-YYT-012", "SZ-YYT-027", "SZ-YYT-031", "SZ-YYT-044", "SZ-DL-105", "SZ-DL-118", "SZ-DL-126"]
PLANS = {"XH-5G-59": 30, "XH-5G-99": 60, "XH-5G-129": 100, "XH-4G-29": 10}
MALL_ITEMS = {"CPN-HF-30": ("30 元话费券", 3000), "PKG-DATA-5G": ("5GB 流量包", 1500), "VIP-IQY-M": ("爱奇艺月卡", 1800),
              "GIFT-TW-01": ("保温杯", 4200)}
CHANNELS = ["CMCC-SZ-01", "CMCC-SZ-02", "CUCC-SZ-01", "CTCC-SZ-01"]


def _msisdn(w: WorldBuilder) -> str:
    return f"{w.rng.choice(['170', '171'])}****{w.rng.randint(1000, 9999)}"


def _other_msisdn(w: WorldBuilder) -> str:
    return f"{w.rng.choice(['139', '138', '186', '189', '135'])}****{w.rng.randint(1000, 9999)}"


def _imsi(w: WorldBuilder) -> str:
    return f"460990{w.rng.randint(100000000, 899999999)}"


def _batch_imsi(w: WorldBuilder) -> str:
    return f"46099122604{w.rng.randint(1, 9999):04d}"


def _member(w: WorldBuilder) -> str:
    return f"XM{w.rng.randint(10000000, 99999999)}"


def _pod(w: WorldBuilder, service: str, t: dt.datetime) -> str:
    return w.pod_at(ROLLOUTS[service], t)


def _user(w: WorldBuilder, nas: str) -> str:
    return f"sz{nas[-2:]}{w.rng.randint(100000, 999999)}"


# --- Noise: every service's ordinary day ----------------------------------------------------------
def _ocs(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "xht-ocs", t)
    roll = w.rng.random()
    sid = f"pgw0{w.rng.randint(1, 4)}.xht.epc;{w.rng.randint(10**8, 10**9 - 1)}"
    if roll < 0.45:
        return "INFO", (f"Gy CCR-U session={sid} IMSI {_imsi(w)} RG {w.rng.choice([10, 20, 30])} used "
                        f"{w.rng.randint(1, 80)}MB granted 100MB Result-Code 2001"), {"instance": pod}
    if roll < 0.65:
        return "INFO", f"GET /api/v1/balance/{_msisdn(w)} 200 took={w.ms(3, 25)}ms", {"instance": pod, "log_type": "access"}
    if roll < 0.8:
        return "INFO", (f"Ro CCR-T voice session={sid} IMSI {_imsi(w)} {w.rng.randint(10, 900)}s ¥"
                        f"{w.rng.uniform(0, 2):.2f} Result-Code 2001"), {"instance": pod}
    if roll < 0.92:
        return "INFO", (f"Gy CCR-I session={sid} IMSI {_imsi(w)} visited PLMN {w.rng.choice(['45400', '46601', '44010'])} "
                        "zone Z1 daily pass active Result-Code 2001"), {"instance": pod}
    return "WARN", f"Gy CCR-U session={sid} Tx timer expired on PGW side, session terminated by peer", {"instance": pod}


def _catalog(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "xht-rating-catalog", t)
    if w.rng.random() < 0.6:
        return "INFO", (f"GET /api/catalog/v2/plans/{w.rng.choice(list(PLANS))} 200 took={w.ms(2, 20)}ms"), {
            "instance": pod, "log_type": "access"}
    return "INFO", "tariff snapshot 2026.12-r4 served to xht-ocs (4 subscribers of changes)", {"instance": pod}


def _id_number(w: WorldBuilder, upper: bool = True) -> str:
    tail = w.rng.choice("0123456789X")
    if tail == "X" and not upper:
        tail = "x"
    return f"4403{w.rng.randint(10, 99)}********{w.rng.randint(100, 999)}{tail}"


def _realname(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "xht-realname", t)
    shop = w.rng.choice(SHOPS)
    roll = w.rng.random()
    if not _day(t):
        return "INFO", f"GET /actuator/health 200 took={w.ms(1, 5)}ms", {"instance": pod, "log_type": "access"}
    if roll < 0.5:
        masked = _id_number(w)
        if _inside("ocr", t):  # the Xs go wrong in the window, in its own lines
            masked = masked[:-1] + w.rng.choice("0123456789")
        return "INFO", (f"open account order OA{t:%m%d}{w.rng.randint(10000, 99999)} shop={shop}: id_number {masked} "
                        f"format ok, NCIIC match, face compare {w.rng.uniform(0.86, 0.98):.2f} ok"), {"instance": pod}
    if roll < 0.8:
        return "INFO", (f"contract signed order OA{t:%m%d}{w.rng.randint(10000, 99999)} plan={w.rng.choice(list(PLANS))} "
                        f"shop={shop}"), {"instance": pod}
    return "WARN", (f"open account order OA{t:%m%d}{w.rng.randint(10000, 99999)} shop={shop}: face compare "
                    f"{w.rng.uniform(0.55, 0.7):.2f} below 0.72, retry"), {"instance": pod}


def _ocr(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "xht-ocr-adapter", t)
    model = "idcard-ocr-5.2.0" if t >= _t("09:00") else "idcard-ocr-5.1.3"
    if not _day(t) or w.rng.random() < 0.15:
        return "INFO", f"GET /healthz 200 took={w.ms(1, 4)}ms", {"instance": pod, "log_type": "access"}
    return "INFO", (f"ocr idcard req=R{w.hex(10)} side=front vendor=云瞳 model={model} fields=6 confidence "
                    f"{w.rng.uniform(0.93, 0.99):.2f} took={w.ms(180, 620)}ms"), {"instance": pod}


def _sim(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "xht-sim-activation", t)
    roll = w.rng.random()
    if not _day(t) or roll < 0.2:
        return "INFO", f"pending orders sweep: {w.rng.randint(0, 6)} waiting first registration", {"instance": pod}
    if roll < 0.7:
        return "INFO", (f"activation order AO{t:%m%d}{w.rng.randint(10000, 99999)} ICCID 89869912261{w.rng.randint(10, 39)}"
                        f"{w.rng.randint(1000000, 9999999)} msisdn={_msisdn(w)}: first network registration after "
                        f"{w.rng.randint(40, 600)}s, order completed"), {"instance": pod}
    return "INFO", (f"activation order AO{t:%m%d}{w.rng.randint(10000, 99999)}: HSS provisioned via xht-hss-prov "
                    f"took={w.ms(80, 400)}ms"), {"instance": pod}


def _hss_prov(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "xht-hss-prov", t)
    op = w.rng.choice(["addSubscription", "modifySubscription", "modifySubscription", "deleteSubscription"])
    return "INFO", f"SPML {op} IMSI {_imsi(w)} to hss-fe-0{w.rng.randint(1, 2)} ok took={w.ms(20, 160)}ms", {"instance": pod}


def _smsgw(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "xht-smsgw", t)
    roll = w.rng.random()
    channel = w.rng.choice(CHANNELS)
    if roll < 0.45:
        return "INFO", (f"MT {w.hex(12)} to {w.rng.choice([_msisdn(w), _other_msisdn(w)])} via {channel} class="
                        f"{w.rng.choice(['otp', 'notice', 'notice', 'marketing'])} DLR stat=DELIVRD in "
                        f"{w.rng.randint(2, 9)}s"), {"instance": pod}
    if roll < 0.7 and not (channel == "CMCC-SZ-02" and _inside("smpp", t)):
        return "INFO", (f"channel {channel} bound (SMPP 3.4) window {w.rng.randint(1, 8)}/10 submit "
                        f"{w.rng.randint(20, 180)}/s enquire_link ok"), {"instance": pod}
    if roll < 0.9:
        return "INFO", f"submit queue depth {w.rng.randint(40, 900)} (otp {w.rng.randint(0, 30)})", {"instance": pod}
    return "WARN", (f"MT {w.hex(12)} to {_other_msisdn(w)} via {channel}: DLR stat=UNDELIV err=001 (handset "
                    "unreachable), no retry"), {"instance": pod}


def _otp(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "xht-otp", t)
    roll = w.rng.random()
    msisdn = _msisdn(w)
    if roll < 0.45:
        return "INFO", (f"otp sent to {msisdn} scene={w.rng.choice(['login', 'login', 'reset-pwd', 'bind'])} via xht-smsgw "
                        f"took={w.ms(8, 40)}ms"), {"instance": pod}
    if roll < 0.85:
        return "INFO", f"otp verify {msisdn} scene=login ok after {w.rng.randint(9, 70)}s", {"instance": pod}
    return "WARN", f"otp verify {msisdn} scene=login failed: OTP_MISMATCH (attempt {w.rng.randint(1, 3)}/5)", {
        "instance": pod}


def _mnp(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "xht-mnp", t)
    roll = w.rng.random()
    if roll < 0.4:
        return "INFO", (f"port-in order PI{t:%m%d}{w.rng.randint(1000, 9999)} msisdn={_other_msisdn(w)} donor="
                        f"{w.rng.choice(['CMCC', 'CUCC', 'CTCC'])} status=AUTH_OK, cut-over 2026-12-23 02:00"), {
            "instance": pod}
    if roll < 0.75:
        return "INFO", (f"port-out eligibility query msisdn={_msisdn(w)} from CSMS: eligible, auth code sent"), {
            "instance": pod}
    return "INFO", f"GET /api/mnp/v1/orders?status=pending 200 took={w.ms(5, 40)}ms", {"instance": pod,
                                                                                        "log_type": "access"}


def _mediation(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "xht-mediation", t)
    if w.rng.random() < 0.6:
        return "INFO", (f"rated batch forwarded to xht-usage: {w.rng.randint(40000, 200000)} records, "
                        f"{w.rng.randint(8000, 30000)} subscribers"), {"instance": pod}
    return "INFO", f"offline billing export: {w.rng.randint(1, 4)} batches to bill cycle 2026-12", {"instance": pod}


def _usage(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "xht-usage", t)
    roll = w.rng.random()
    if roll < 0.5:
        version = w.rng.choice(["8.2.1", "8.2.1", "8.1.0", "web"])
        return "INFO", (f"GET /api/v1/usage/summary msisdn={_msisdn(w)} app={version} 200 took={w.ms(4, 40)}ms"), {
            "instance": pod, "log_type": "access"}
    if roll < 0.8:
        return "INFO", (f"usage batch applied from xht-mediation: {w.rng.randint(40000, 200000)} records, "
                        f"{w.rng.randint(8000, 30000)} subscribers updated"), {"instance": pod}
    if roll < 0.95:
        plan = w.rng.choice(list(PLANS))
        return "INFO", (f"usage notify msisdn={_msisdn(w)} plan={plan}: domestic data 80% of {PLANS[plan]}GB, reminder SMS "
                        "sent"), {"instance": pod}
    return "WARN", f"redis slowlog: HGETALL usage:{_msisdn(w)} took {w.ms(12, 40)}ms", {"instance": pod}


def _ticket(w: WorldBuilder, t: dt.datetime) -> Line:
    pods = [p for p in TICKET_PODS if not (p == TICKET_PODS[1] and _t("13:31") <= t < WINDOWS["proxy"][1])]
    pod = w.rng.choice(pods)
    roll = w.rng.random()
    if roll < 0.45 and _day(t):
        kind = w.rng.choice(["套餐咨询", "宽带报修", "话费查询", "携号转网咨询", "发票"])
        return "INFO", (f"ticket TK{t:%m%d}{w.rng.randint(10000, 99999)} created channel="
                        f"{w.rng.choice(['hotline', 'app', 'shop'])} type={kind}"), {"instance": pod}
    if roll < 0.75:
        return "INFO", (f"ticket TK{t:%m%d}{w.rng.randint(10000, 99999)} closed by agent A{w.rng.randint(100, 480)} in "
                        f"{w.rng.randint(3, 40)}m"), {"instance": pod}
    if roll < 0.92:
        return "INFO", (f"agent view msisdn={_msisdn(w)}: balance from xht-ocs ok took={w.ms(5, 30)}ms"), {"instance": pod}
    return "WARN", f"ticket TK{t:%m%d}{w.rng.randint(10000, 99999)} SLA 24h reminder sent to group 二线", {"instance": pod}


def _app(w: WorldBuilder, t: dt.datetime) -> Line:
    pods = [p for p in APP_PODS if not (p == APP_PODS[3] and _t("13:31") <= t < WINDOWS["proxy"][1])]
    pod = w.rng.choice(pods)
    roll = w.rng.random()
    msisdn = _msisdn(w)
    if roll < 0.35:
        return "INFO", f"GET /api/v1/balance msisdn={msisdn} 200 took={w.ms(12, 60)}ms", {"instance": pod,
                                                                                          "log_type": "access"}
    if roll < 0.6:
        return "INFO", f"POST /api/v1/login msisdn={msisdn} method={w.rng.choice(['otp', 'password', 'onekey'])} 200", {
            "instance": pod, "log_type": "access"}
    if roll < 0.8:
        return "INFO", f"GET /api/v1/bills/2026-11 msisdn={msisdn} 200 took={w.ms(20, 90)}ms", {"instance": pod,
                                                                                                "log_type": "access"}
    if roll < 0.93:
        return "INFO", f"GET /api/v1/mall/entry msisdn={msisdn} 200 took={w.ms(8, 40)}ms", {"instance": pod,
                                                                                            "log_type": "access"}
    return "WARN", f"POST /api/v1/login msisdn={msisdn} 401 wrong password (2/5)", {"instance": pod, "log_type": "access"}


def _loyalty(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "xht-loyalty", t)
    if w.rng.random() < 0.7:
        return "INFO", (f"points accrued member={_member(w)} bill 2026-11 points={w.rng.randint(20, 400)}"), {"instance": pod}
    return "INFO", f"GET /api/loy/v1/members/{_member(w)}/balance 200 took={w.ms(3, 18)}ms", {"instance": pod,
                                                                                            "log_type": "access"}


def _mall(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "xht-mall", t)
    roll = w.rng.random()
    if roll < 0.4 and _day(t) and not _inside("points", t):
        sku = w.rng.choice(list(MALL_ITEMS))
        name, need = MALL_ITEMS[sku]
        return "INFO", (f"redeem order RD{t:%m%d}{w.rng.randint(10000, 99999)} member={_member(w)} item {sku} {name} "
                        f"{need} points ok"), {"instance": pod}
    if roll < 0.8:
        return "INFO", f"GET /api/mall/v1/items?cat={w.rng.choice(['hf', 'data', 'vip', 'gift'])} 200 took={w.ms(6, 40)}ms", {
            "instance": pod, "log_type": "access"}
    return "WARN", f"item GIFT-TW-01 stock low ({w.rng.randint(3, 20)} left), supplier notified", {"instance": pod}


def _numpool(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "xht-num-pool", t)
    roll = w.rng.random()
    if roll < 0.5:
        return "INFO", (f"GET /api/num/v1/search?prefix=171&pattern=AABB 200 hits={w.rng.randint(0, 40)} took="
                        f"{w.ms(8, 60)}ms"), {"instance": pod, "log_type": "access"}
    if roll < 0.88:
        return "INFO", f"number 171****{w.rng.randint(1000, 9999)} reserved 30 min for order", {"instance": pod}
    return "WARN", "number lock contention on 170 pool, retry 1/3 succeeded", {"instance": pod}


def _einvoice(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "xht-einvoice", t)
    roll = w.rng.random()
    if roll < 0.55:
        return "INFO", f"invoice issued INV{t:%m%d}{w.rng.randint(100000, 999999)} recharge ¥{w.rng.choice([30, 50, 100])}", {
            "instance": pod}
    if roll < 0.9:
        return "INFO", f"GET /api/inv/v1/invoices?month=2026-11 200 took={w.ms(10, 70)}ms", {"instance": pod,
                                                                                             "log_type": "access"}
    return "WARN", "tax platform token refresh retry 1/3 (timeout 3s), ok on retry", {"instance": pod}


def _radius(w: WorldBuilder, t: dt.datetime) -> Line:
    server = w.rng.choice(VMS["xht-radius"])
    nases = [n for n in BNGS if not (n == BAD_NAS and _inside("radius", t))]
    nas = w.rng.choice(nases)
    roll = w.rng.random()
    if roll < 0.45:
        return "INFO", (f"({w.rng.randint(100000, 999999)}) Login OK: [{_user(w, nas)}@xhbb] (from client {nas} port "
                        f"{w.rng.randint(1, 48)} cli {w.hex(4)}.{w.hex(4)}.{w.hex(4)})"), {"instance": server}
    if roll < 0.85:
        return "INFO", (f"({w.rng.randint(100000, 999999)}) Accounting-Request Interim-Update from client {nas}: "
                        f"{_user(w, nas)}@xhbb ok"), {"instance": server}
    return "INFO", (f"({w.rng.randint(100000, 999999)}) Login incorrect (pap: Cleartext password does not match): "
                    f"[{_user(w, nas)}@xhbb] (from client {nas})"), {"instance": server}


def _bng(w: WorldBuilder, t: dt.datetime) -> Line:
    nases = [n for n in BNGS if not (n == BAD_NAS and _inside("radius", t))]
    nas = w.rng.choice(nases)
    roll = w.rng.random()
    if roll < 0.5:
        return "INFO", (f"%PPPOE-6-SESSION_UP: user {_user(w, nas)}@xhbb interface GE2/0/{w.rng.randint(1, 8)}."
                        f"{w.rng.randint(100, 3999)} ip 100.{64 + BNGS.index(nas)}.{w.rng.randint(0, 255)}."
                        f"{w.rng.randint(1, 254)}"), {"instance": nas}
    if roll < 0.85:
        return "INFO", f"%BNG-6-STATS: online sessions {w.rng.randint(18000, 26000)}, cpu {w.rng.randint(12, 35)}%", {
            "instance": nas}
    return "INFO", (f"%PPPOE-6-SESSION_DOWN: user {_user(w, nas)}@xhbb cause=user-request (PADT from client)"), {
        "instance": nas}


def _core(w: WorldBuilder, t: dt.datetime) -> Line:
    node = w.rng.choice(VMS["xht-core"])
    if node.startswith("mme"):
        if w.rng.random() < 0.7:
            return "INFO", (f"MME {node}: attach IMSI {_imsi(w)} accept, TAU period 54min, eNB "
                            f"{w.rng.randint(100000, 999999)}"), {"instance": node}
        return "INFO", f"MME {node}: S1 setup eNB {w.rng.randint(100000, 999999)} ok", {"instance": node}
    return "INFO", f"HSS {node}: S6a AIR IMSI {_imsi(w)} 1 vector sent, ULR ok", {"instance": node}


def _node(w: WorldBuilder, t: dt.datetime) -> Line:
    node = w.rng.choice(NODES)
    roll = w.rng.random()
    stamp = f"I1222 {t:%H:%M:%S}.{w.rng.randint(100000, 999999)}"
    if roll < 0.35:
        return "INFO", (f'kubelet[{w.rng.randint(1800, 2400)}]: {stamp} image_gc_manager.go:391] "Disk usage on image '
                        f'filesystem is below the low threshold" usage={w.rng.randint(28, 55)} lowThreshold=80'), {
            "instance": node}
    if roll < 0.55:
        return "INFO", f"systemd[1]: Started Session {w.rng.randint(1000, 9000)} of User root.", {"instance": node}
    if roll < 0.75:
        version = "5.8.2" if node == BAD_NODE and _inside("proxy", t) else "5.8.1"
        return "INFO", f"sec-agent[4120]: baseline scan finished, 0 findings (agent {version})", {"instance": node}
    if roll < 0.9 and not (node == BAD_NODE and _inside("proxy", t)):
        return "INFO", (f'kube-proxy[{w.rng.randint(2500, 2600)}]: {stamp} proxier.go:820] "SyncProxyRules complete" '
                        f'elapsed="{w.rng.randint(90, 400)}ms"'), {"instance": node}
    return "INFO", (f"chronyd[{w.rng.randint(700, 900)}]: Selected source 10.1.0.1 (ntp.xinghai.local), offset "
                    f"{w.rng.uniform(-0.4, 0.4):.3f}ms"), {"instance": node}


NOISE = {
    "xht-ocs": (_ocs, 30), "xht-rating-catalog": (_catalog, 300), "xht-realname": (_realname, 60), "xht-ocr-adapter": (_ocr, 90),
    "xht-sim-activation": (_sim, 90), "xht-hss-prov": (_hss_prov, 180), "xht-smsgw": (_smsgw, 30), "xht-otp": (_otp, 45),
    "xht-mnp": (_mnp, 240), "xht-mediation": (_mediation, 300), "xht-usage": (_usage, 30), "xht-ticket": (_ticket, 90),
    "xht-app-api": (_app, 25), "xht-loyalty": (_loyalty, 180), "xht-mall": (_mall, 60), "xht-num-pool": (_numpool, 150),
    "xht-einvoice": (_einvoice, 200), "xht-radius": (_radius, 40), "xht-bng": (_bng, 60), "xht-core": (_core, 60),
    "xht-k8s-node": (_node, 300),
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


def _ops(w: WorldBuilder, clock: str, service: str, message: str) -> None:
    """An on-call engineer's note in the service's channel (the ops console relays it to the logs)."""
    w.log(w.at(clock), service, "INFO", message, instance="ops-console", trace=False)


JAVA_STARTED = "Started {app} in {{s}} seconds (process running for 31.4)"
JAVA_STOPPING = "Commencing graceful shutdown. Waiting for active requests to complete"


# --- Incident 1: the RADIUS shared secret rotated on one NAS -------------------------------------------
PPPOE_FAILS = [(START, 0), (_t("01:10"), 0), (_t("01:12"), 6), (_t("05:30"), 9), (_t("06:30"), 38), (_t("07:00"), 96),
               (_t("07:40"), 318), (_t("08:05"), 396), (_t("08:07"), PPPOE_PEAK), (_t("08:09"), 394), (_t("09:00"), 251),
               (_t("09:50"), 182), (_t("09:53"), 2), (REFERENCE, 1)]


def radius_secret(w: WorldBuilder) -> None:
    radius, bng = "xht-radius", "xht-bng"
    w.log(w.at("00:40:12.304"), radius, "INFO", RADIUS_CONFIG, instance="radius-01", trace=False, change="config")
    w.log(w.at("00:52:31.118"), radius, "WARN", "rlm_sql (sql): Opening additional connection (33), 1 of 16 pending slots "
          "used", instance="radius-02", trace=False)
    w.log(w.at("01:10:20.551"), bng, "INFO", SECRET_ROTATE, instance=BAD_NAS, trace=False, change="network")
    for moment in _every(w, "01:11:05", "06:30:00", 240, 600) + _every(w, "06:30:00", "09:52:20", 8, 20):
        w.log(moment, radius, "ERROR", RADIUS_DROP % w.rng.randint(100000, 999999),
              instance=w.rng.choice(VMS[radius]), trace=False)
    for moment in _every(w, "01:11:20", "09:52:20", 60, 180):
        n = w.rng.choice([11, 12])
        w.log(moment, bng, "WARN", BNG_TIMEOUT.format(n=n, m=23 - n), instance=BAD_NAS, trace=False)
    for moment in _every(w, "01:12:00", "06:30:00", 300, 700) + _every(w, "06:30:00", "09:52:20", 10, 25):
        w.log(moment, bng, "WARN", PPPOE_FAIL.format(user=_user(w, BAD_NAS), port=w.rng.randint(1, 8),
                                                     vlan=w.rng.randint(100, 3999)), instance=BAD_NAS, trace=False)
    _ops(w, "08:21:40.330", radius, "aaa_oncall_liwei: 南山片区（bng-sz-03）大量宽带用户拨号报 691，福田、罗湖、宝安正常；"
         "radius 上这台 NAS 的请求全部被丢弃")
    w.log(w.at("09:52:30.118"), radius, "INFO", SECRET_FIX, instance="radius-01", trace=False, change="config")
    for moment in _every(w, "09:52:40", "09:58:00", 5, 15):
        w.log(moment, radius, "INFO", f"({w.rng.randint(100000, 999999)}) Login OK: [{_user(w, BAD_NAS)}@xhbb] (from "
              f"client {BAD_NAS} port {w.rng.randint(1, 48)})", instance=w.rng.choice(VMS[radius]), trace=False)
    w.alert("BroadbandPppoeAuthFailHigh", bng, "critical", w.at("07:05"), w.at("09:58"), PPPOE_ALERT_VALUE,
            f"{BAD_NAS} PPPoE 认证失败 {PPPOE_ALERT_VALUE}，超过阈值 50", instance=BAD_NAS)
    w.alert("RadiusRequestsDropped", radius, "warning", w.at("07:08"), w.at("09:57"), "64 次/分钟",
            "RADIUS 丢弃请求 64 次/分钟，超过阈值 20", instance="radius-01")


# --- Incident 2: the SMPP window of CMCC-SZ-02 -------------------------------------------------------
QUEUE = [(START, 300), (_t("19:32"), 900), (_t("19:40"), 52000), (_t("20:00"), 158000), (_t("20:10"), 184200),
         (_t("20:11"), QUEUE_PEAK), (_t("20:12"), 184600), (_t("20:24"), 169000), (_t("20:40"), 21000), (_t("20:52"), 1200),
         (REFERENCE, 700)]
OTP_DELAY = [(START, 6), (_t("19:33"), 6), (_t("19:45"), 64), (_t("20:05"), 262), (_t("20:11"), 334), (_t("20:24"), 301),
             (_t("20:40"), 42), (_t("20:50"), 7), (REFERENCE, 6)]


def smpp_window(w: WorldBuilder) -> None:
    sms, otp = "xht-smsgw", "xht-otp"
    w.log(w.at("19:20:30.221"), otp, "INFO", OTP_DEPLOY, instance=ROLLOUTS[otp][1][1][0], change="deploy")
    _rolled(w, otp, JAVA_STARTED.format(app="OtpApplication"), JAVA_STOPPING)
    pods = ROLLOUTS[sms][0][1]
    w.log(w.at("19:32:10.408"), sms, "INFO", SMPP_CHANGE, instance=pods[0], trace=False, change="config")
    seq = 880000
    for moment in _every(w, "19:33:00", "20:24:30", 4, 10):
        seq += w.rng.randint(300, 900)
        w.log(moment, sms, "WARN", SMPP_THROTTLED.format(seq=seq, msisdn=_other_msisdn(w), attempt=w.rng.randint(1, 6),
                                                         inflight=w.rng.randint(40, 64)), instance=w.rng.choice(pods))
    for clock in ("19:41:12", "19:52:40", "20:03:05", "20:15:31"):
        w.log(w.at(clock), sms, "ERROR", SMPP_UNBIND.format(n=w.rng.randint(10, 40)), instance=w.rng.choice(pods),
              trace=False)
    for moment in _every(w, "19:35:00", "20:52:00", 50, 70):
        depth = int(interpolate(QUEUE, moment))
        w.log(moment, sms, "WARN", f"submit queue depth {depth} (otp {depth // 40}), oldest {int(interpolate(OTP_DELAY, moment))}s",
              instance=w.rng.choice(pods), trace=False)
    otp_pods = ROLLOUTS[otp][1][1]
    for moment in _every(w, "19:36:00", "20:48:00", 8, 20):
        delay = int(interpolate(OTP_DELAY, moment) * w.rng.uniform(0.7, 1.2))
        msisdn = _msisdn(w)
        if delay > 300:
            w.log(moment, otp, "WARN", OTP_EXPIRED.format(msisdn=msisdn, s=delay), instance=w.rng.choice(otp_pods))
        else:
            w.log(moment, otp, "WARN", OTP_LATE.format(msisdn=msisdn, s=max(delay, 31)), instance=w.rng.choice(otp_pods))
    _ops(w, "19:58:12.604", otp, "otp_oncall_qianli: 用户反馈 App 登录验证码要等几分钟才到，到了已经过期，登录失败投诉增加")
    w.log(w.at("20:24:40.336"), sms, "INFO", SMPP_FIX, instance=pods[0], trace=False, change="config")
    w.alert("SmsgwQueueBacklogHigh", sms, "critical", w.at("19:40"), w.at("20:52"), QUEUE_ALERT_VALUE,
            f"短信提交队列积压 {QUEUE_ALERT_VALUE}，超过阈值 50000", namespace=NS)
    w.alert("OtpDeliveryLatencyHigh", otp, "warning", w.at("19:44"), w.at("20:42"), "p95 38s",
            "验证码送达 p95 38s，超过阈值 30s", namespace=NS)


# --- Incident 3: the CDR file loaded twice ---------------------------------------------------------
MEDIATION_CRON = "xht-mediation-collect"
PGWS = ("PGW-01", "PGW-02", "PGW-03", "PGW-04")


def _file_seq(pgw: str, quarter: dt.datetime) -> int:
    """A PGW numbers its CDR files in sequence, one per quarter of an hour."""
    base = {"PGW-01": 300, "PGW-02": 397, "PGW-03": 379, "PGW-04": 591}[pgw]
    return base + (quarter - START + dt.timedelta(days=1)).seconds // 900


def collect_pod(scheduled: dt.datetime) -> str:
    return job_pod(job_name(MEDIATION_CRON, scheduled))


def mediation_double(w: WorldBuilder) -> None:
    med, usage, ticket = "xht-mediation", "xht-usage", "xht-ticket"
    scheduled = START
    while scheduled <= REFERENCE - dt.timedelta(minutes=14):
        job, pod = job_name(MEDIATION_CRON, scheduled), collect_pod(scheduled)
        at = scheduled + dt.timedelta(seconds=4, milliseconds=w.rng.randint(0, 900))
        batch = f"MB-20261222-{scheduled + dt.timedelta(minutes=2):%H%M}"
        quarter = scheduled - dt.timedelta(minutes=15)
        w.log(at, med, "INFO", f"collect run start (CronJob {MEDIATION_CRON}, job {job}): PGW-01..04, MSC-01", instance=pod,
              trace=False, job="collect")
        for index, pgw in enumerate(PGWS):
            n = _file_seq(pgw, quarter)
            name = f"{pgw.replace('-', '')}_{quarter:%Y%m%d_%H%M}_{n:04d}.dat"
            records = 186412 if name == CDR_FILE else w.rng.randint(60000, 210000)
            moment = at + dt.timedelta(seconds=20 + 25 * index, milliseconds=w.rng.randint(0, 900))
            w.log(moment, med, "INFO", f"collect {pgw} {name}: {records} records, batch {batch} loaded (dedup key: file name)",
                  instance=pod, trace=False, job="collect")
            if name == CDR_FILE:
                w.log(moment + dt.timedelta(seconds=31), med, "WARN", CDR_RENAME, instance=pod, trace=False, job="collect")
        if batch == "MB-20261222-1002":
            w.log(w.at("10:02:05.118"), med, "INFO", CDR_DOUBLE, instance=pod, trace=False, job="collect")
        scheduled += dt.timedelta(minutes=15)
    w.log(w.at("09:30:20.441"), usage, "INFO", USAGE_CONFIG, instance=ROLLOUTS[usage][0][1][0], change="config")
    pods = ROLLOUTS[usage][0][1]
    w.log(w.at("10:03:10.330"), usage, "INFO", "usage batch applied from xht-mediation: 186412 records, 23107 subscribers "
          "updated", instance=pods[2], trace=False)
    for moment in _every(w, "10:05:00", "13:18:00", 12, 35):
        plan = w.rng.choice(list(PLANS))
        quota = PLANS[plan]
        w.log(moment, usage, "WARN", USAGE_QUOTA.format(msisdn=_msisdn(w), plan=plan, used=quota + w.rng.uniform(0, 2.5),
                                                        quota=quota), instance=w.rng.choice(pods))
    for moment in _every(w, "10:06:00", "13:15:00", 300, 700):
        w.log(moment, usage, "WARN", f"usage jump msisdn={_msisdn(w)}: +{w.rng.uniform(1.5, 9):.1f}GB in one batch (15-min "
              "average 0.2GB), applied", instance=w.rng.choice(pods))
    for moment in _every(w, "10:18:00", "13:45:00", 15, 45):
        w.log(moment, ticket, "INFO", TICKET_DISPUTE.format(tk=f"TK{moment:%m%d}{w.rng.randint(10000, 99999)}",
                                                            ch=w.rng.choice(["hotline", "app", "shop"]), msisdn=_msisdn(w),
                                                            gb=w.rng.uniform(1.5, 9)),
              instance=w.rng.choice([p for p in TICKET_PODS if p != TICKET_PODS[1]]))
    _ops(w, "11:05:30.118", usage, "usage_oncall_fanyu: 客服反馈大量用户上午已用流量突然翻倍，被限速到 1Mbps，投诉工单激增")
    w.log(w.at("13:18:20.551"), med, "INFO", CDR_REVERSE, instance=ROLLOUTS[med][0][1][0], trace=False, change="data")
    w.log(w.at("13:20:05.204"), usage, "INFO", "usage recomputed for 23107 subscribers from xht-mediation reversal, 4127 "
          "speed limits lifted, correction SMS queued", instance=pods[0], trace=False)
    w.alert("UsageQuotaNotifyHigh", usage, "warning", w.at("10:12"), w.at("13:32"), "412 次/10分钟",
            "套餐用尽提醒 412 次/10分钟，超过阈值 200", namespace=NS)
    w.alert("TicketInflowHigh", ticket, "warning", w.at("10:40"), w.at("13:55"), "186 张/10分钟",
            "客服工单流入 186 张/10分钟，超过阈值 120", namespace=NS)


# --- Incident 4: the OCR vendor's lower-case x ---------------------------------------------------------
def ocr_model(w: WorldBuilder) -> None:
    rn, ocr = "xht-realname", "xht-ocr-adapter"
    w.log(w.at("08:30:20.118"), rn, "INFO", REALNAME_DEPLOY, instance=ROLLOUTS[rn][1][1][0], change="deploy")
    _rolled(w, rn, JAVA_STARTED.format(app="RealnameApplication"), JAVA_STOPPING)
    w.log(w.at("09:00:41.226"), ocr, "INFO", OCR_MODEL_SEEN.format(req=f"R{w.hex(10)}"), instance=ROLLOUTS[ocr][0][1][0],
          trace=False)
    pods = ROLLOUTS[rn][1][1]
    for moment in _every(w, "09:01:30", "14:10:00", 60, 200):
        order = f"OA{moment:%m%d}{w.rng.randint(10000, 99999)}"
        w.log(moment, rn, "WARN", ID_REJECT.format(order=order, shop=w.rng.choice(SHOPS),
                                                   masked=f"4403{w.rng.randint(10, 99)}********{w.rng.randint(100, 999)}x"),
              instance=w.rng.choice(pods))
    _ops(w, "10:32:15.660", rn, "realname_oncall_gufan: 多家营业厅反馈部分客户身份证拍照后提示证件号码格式不对，重拍也不行，"
         "店员手工录入就能过")
    w.log(w.at("14:10:20.330"), ocr, "INFO", OCR_FIX, instance=ROLLOUTS[ocr][0][1][1], change="config")
    w.alert("RealnameOcrRejectHigh", rn, "warning", w.at("09:24"), w.at("14:16"), "11.8%",
            "开户证件号码校验失败率 11.8%，超过阈值 5%", namespace=NS)


# --- Incident 5: the SIM batch imported with the old transport key ---------------------------------------
CARD_CRON = "xht-hss-prov-card-import"
CARD_JOB = job_name(CARD_CRON, _t("02:15"))
CARD_POD = job_pod(CARD_JOB)


def sim_transport_key(w: WorldBuilder) -> None:
    prov, sim, core = "xht-hss-prov", "xht-sim-activation", "xht-core"
    w.log(w.at("02:15:04.330"), prov, "INFO", f"card import start (CronJob {CARD_CRON}, job {CARD_JOB}): 1 new file on "
          "sftp://cards.xinghai.local/in", instance=CARD_POD, trace=False, job="card-import")
    w.log(w.at("02:17:40.118"), prov, "INFO", CARD_IMPORT, instance=CARD_POD, trace=False, job="card-import")
    w.log(w.at("02:31:12.660"), prov, "INFO", f"card import done: batch {SIM_BATCH} 20000/20000 ok, 0 failed",
          instance=CARD_POD, trace=False, job="card-import")
    w.log(w.at("07:50:20.204"), sim, "INFO", SIM_DEPLOY, instance=ROLLOUTS[sim][1][1][0], change="deploy")
    _rolled(w, sim, JAVA_STARTED.format(app="SimActivationApplication"), JAVA_STOPPING)
    for moment in _every(w, "08:10:00", "16:40:00", 30, 90):
        imsi = _batch_imsi(w)
        node = w.rng.choice(["hss-fe-01", "hss-fe-02"])
        w.log(moment, core, "INFO", f"HSS {node}: S6a AIR IMSI {imsi} 1 vector sent", instance=node, trace=False)
        n = w.rng.randint(1, 2)
        w.log(moment + dt.timedelta(milliseconds=w.rng.randint(300, 900)), core, "WARN", MAC_FAIL.format(n=n, imsi=imsi),
              instance=f"mme-0{n}", trace=False)
    pods = ROLLOUTS[sim][1][1]
    for moment in _every(w, "08:41:00", "16:45:00", 90, 240):
        order = f"AO{moment:%m%d}{w.rng.randint(10000, 99999)}"
        w.log(moment, sim, "WARN", FIRST_ATTACH.format(order=order, iccid=f"8986991226120042{w.rng.randint(1, 9999):04d}",
                                                       msisdn=_msisdn(w)), instance=w.rng.choice(pods))
    _ops(w, "10:15:40.118", sim, "sim_oncall_hewen: 多家营业厅反馈今天新开的卡插上手机一直无服务，补换老卡的正常；"
         "激活单一直等首次注册")
    w.log(w.at("16:40:10.336"), prov, "INFO", CARD_FIX, instance=ROLLOUTS[prov][0][1][0], trace=False, change="data")
    for moment in _every(w, "16:43:00", "17:10:00", 60, 150):
        w.log(moment, sim, "INFO", f"activation order AO{moment:%m%d}{w.rng.randint(10000, 99999)} ICCID "
              f"8986991226120042{w.rng.randint(1, 9999):04d} msisdn={_msisdn(w)}: first network registration after "
              f"{w.rng.randint(20, 300)}s, order completed", instance=w.rng.choice(pods))
    w.alert("SimFirstAttachTimeoutHigh", sim, "warning", w.at("09:05"), w.at("17:05"), "38 单",
            "激活后首次注册超时 38 单（1 小时），超过阈值 10", namespace=NS)


# --- Incident 6: the xtables lock on node-05 ----------------------------------------------------------
def kube_proxy_lock(w: WorldBuilder) -> None:
    node, app, ticket, ocs = "xht-k8s-node", "xht-app-api", "xht-ticket", "xht-ocs"
    w.log(w.at("13:05:10.441"), node, "INFO", AGENT_UPGRADE, instance=BAD_NODE, trace=False, change="upgrade")
    for moment in _every(w, "13:05:40", "15:08:20", 30, 60):
        clock = f"{moment:%H:%M:%S}.{w.rng.randint(100000, 999999)}"
        w.log(moment, node, "ERROR", PROXY_FAIL.format(pid=2544, clock=clock), instance=BAD_NODE, trace=False)
    w.log(w.at("13:15:20.118"), app, "INFO", APP_BANNER, instance=APP_PODS[0], change="config")
    w.log(w.at("13:30:40.502"), ocs, "INFO", OCS_DEPLOY, instance=ROLLOUTS[ocs][1][1][0], change="deploy")
    _rolled(w, ocs, JAVA_STARTED.format(app="OcsApplication"), JAVA_STOPPING)
    for moment in _every(w, "13:32:30", "15:08:30", 6, 18):
        w.log(moment, app, "ERROR", BALANCE_FAIL.format(msisdn=_msisdn(w), ms=w.ms(3000, 3100)), instance=APP_PODS[3])
    for moment in _every(w, "13:33:00", "15:08:30", 60, 200):
        w.log(moment, ticket, "ERROR", f"agent view msisdn={_msisdn(w)}: balance from xht-ocs failed: dial tcp "
              f"{OCS_VIP}:8080: connect: no route to host", instance=TICKET_PODS[1])
    _ops(w, "14:05:22.330", app, "app_oncall_yexin: 用户反馈 App 查话费余额时好时坏，刷新一下又好了；xht-ocs 自己的接口正常")
    w.log(w.at("15:08:30.226"), node, "INFO", AGENT_ROLLBACK, instance=BAD_NODE, trace=False, change="upgrade")
    w.alert("AppApiBalanceErrorsHigh", app, "warning", w.at("13:38"), w.at("15:14"), "24.6%",
            "App 余额查询失败率 24.6%，超过阈值 5%", namespace=NS)


# --- Incident 7: the NPDB sync without the clearinghouse's new host key ------------------------------------
NPDB_JOB = job_name(NPDB_CRON, _t("01:00"))
NPDB_POD = job_pod(NPDB_JOB)
NPDB_RERUN = "xht-mnp-npdb-sync-rerun-1122"
NPDB_RERUN_POD = job_pod(NPDB_RERUN)


def npdb_sync(w: WorldBuilder) -> None:
    mnp, sms = "xht-mnp", "xht-smsgw"
    w.log(w.at("01:00:05.118"), mnp, "INFO", f"npdb sync start (CronJob {NPDB_CRON}, job {NPDB_JOB}): delta 20261222",
          instance=NPDB_POD, trace=False, job="npdb-sync")
    for n, clock in enumerate(("01:00:09.330", "01:30:09.551", "02:00:09.204"), 1):
        w.log(w.at(clock), mnp, "ERROR", NPDB_FAIL, instance=NPDB_POD, trace=False, job="npdb-sync")
        w.log(w.at(clock) + dt.timedelta(seconds=1), mnp, "WARN", NPDB_STALE.format(n=n), instance=NPDB_POD, trace=False,
              job="npdb-sync")
    w.log(w.at("02:00:30.118"), mnp, "INFO", "CSMS cut-over 2026-12-22 02:00 confirmed: our port-in 1206 numbers "
          "provisioned on HSS, port-out 1183 numbers released", instance=ROLLOUTS[mnp][0][1][0], trace=False)
    pods = ROLLOUTS[sms][0][1]
    w.log(w.at("06:45:10.441"), sms, "INFO", SIGN_CONFIG, instance=pods[1], change="config")
    for moment in _every(w, "07:05:00", "11:31:00", 20, 60):
        mid = w.hex(12)
        if w.rng.random() < 0.55:
            w.log(moment, sms, "WARN", MT_DONOR.format(mid=mid, msisdn=_other_msisdn(w)), instance=w.rng.choice(pods))
        else:
            w.log(moment, sms, "WARN", MT_ONNET.format(mid=mid, msisdn=_msisdn(w)), instance=w.rng.choice(pods))
    _ops(w, "10:41:30.226", sms, "smsgw_oncall_wangqin: 今天转网进来的新用户反馈收不到银行和我们的通知短信；170/171 号段部分"
         "号码下发返回 UnknownSubscriber")
    w.log(w.at("11:22:10.118"), mnp, "INFO", NPDB_FIX, instance=ROLLOUTS[mnp][0][1][1], trace=False, change="ops")
    w.log(w.at("11:31:05.330"), mnp, "INFO", NPDB_APPLIED, instance=NPDB_RERUN_POD, trace=False, job="npdb-sync")
    w.alert("SmsgwDeliveryFailureHigh", sms, "warning", w.at("07:42"), w.at("11:45"), "2.3%",
            "短信下发失败率 2.3%，超过阈值 2%", namespace=NS)


# --- Incident 8: the points expiry cutoff ---------------------------------------------------------------
POINTS_JOB = job_name(POINTS_CRON, _t("02:30"))
POINTS_POD = job_pod(POINTS_JOB)


def points_expiry(w: WorldBuilder) -> None:
    loy, mall = "xht-loyalty", "xht-mall"
    w.log(w.at("01:20:10.204"), loy, "INFO", POINTS_CONFIG, instance=ROLLOUTS[loy][0][1][0], change="config")
    w.log(w.at("02:30:04.118"), loy, "INFO", f"points-expiry start (CronJob {POINTS_CRON}, job {POINTS_JOB}): cutoff "
          "2026-12-31", instance=POINTS_POD, trace=False, job="points-expiry")
    w.log(w.at("02:41:30.551"), loy, "INFO", POINTS_RUN, instance=POINTS_POD, trace=False, job="points-expiry")
    w.log(w.at("06:50:30.330"), mall, "INFO", MALL_DEPLOY, instance=ROLLOUTS[mall][1][1][0], change="deploy")
    _rolled(w, mall, JAVA_STARTED.format(app="MallApplication"), JAVA_STOPPING)
    pods = ROLLOUTS[mall][1][1]
    for moment in _every(w, "07:05:00", "12:05:00", 20, 60):
        sku = w.rng.choice(list(MALL_ITEMS))
        name, need = MALL_ITEMS[sku]
        w.log(moment, mall, "WARN", REDEEM_FAIL.format(order=f"RD{moment:%m%d}{w.rng.randint(10000, 99999)}",
                                                       member=_member(w), sku=sku, name=name, need=need),
              instance=w.rng.choice(pods))
    _ops(w, "09:10:45.118", mall, "mall_oncall_renjie: 用户反馈积分商城兑换都提示积分不足，App 积分页显示 0，昨天还有几千分")
    w.log(w.at("12:05:20.204"), loy, "INFO", POINTS_FIX, instance=ROLLOUTS[loy][0][1][1], trace=False, change="data")
    w.alert("MallRedeemFailureHigh", mall, "warning", w.at("07:24"), w.at("12:14"), "63.5%",
            "积分兑换失败率 63.5%，超过阈值 5%", namespace=NS)


# --- Incident 9: the App's realtime widget polling the usage centre -----------------------------------------
QPS = [(START, 180), (_t("07:00"), 420), (_t("12:00"), 610), (_t("16:00"), 640), (_t("17:00"), 1350), (_t("18:00"), 2480),
       (_t("19:00"), 3620), (_t("19:56"), 4700), (_t("19:58"), QPS_PEAK), (_t("20:00"), 4740), (_t("20:30"), 4420),
       (_t("20:45"), 3300), (REFERENCE, 2600)]
P99 = [(START, 60), (_t("16:00"), 64), (_t("17:30"), 240), (_t("18:40"), 860), (_t("19:58"), 2340), (_t("20:30"), 2100),
       (_t("20:45"), 1500), (REFERENCE, 1100)]


def app_polling(w: WorldBuilder) -> None:
    app, usage = "xht-app-api", "xht-usage"
    w.log(w.at("16:00:10.118"), app, "INFO", APP_RELEASE, instance=APP_PODS[0], trace=False, change="release")
    pods = ROLLOUTS[usage][0][1]
    for moment in _every(w, "16:02:00", REFERENCE, 8, 20):
        p99 = interpolate(P99, moment)
        took = int(p99 * w.rng.uniform(0.2, 0.9))
        w.log(moment, usage, "INFO", f"GET /api/v1/usage/summary msisdn={_msisdn(w)} app=8.3.0 widget=realtime 200 "
              f"took={took}ms", instance=w.rng.choice(pods), log_type="access")
    for moment in _every(w, "18:40:00", REFERENCE, 60, 150):
        w.log(moment, usage, "WARN", f"redis pool exhausted (size 64), waited {int(interpolate(P99, moment) * 0.6)}ms for "
              "a connection", instance=w.rng.choice(pods))
    for moment in _every(w, "19:20:00", "20:50:00", 120, 300):
        w.log(moment, usage, "ERROR", f"GET /api/v1/usage/summary msisdn={_msisdn(w)} app=8.3.0 widget=realtime 504 "
              "took=3000ms (upstream tidb timeout)", instance=w.rng.choice(pods), log_type="access")
    _ops(w, "19:05:40.226", usage, "usage_oncall_fanyu: 按 App 版本看请求量，8.3.0 占八成以上，首页开着就 5 秒刷一次用量")
    w.log(w.at("20:30:15.441"), app, "INFO", POLL_CONFIG, instance=APP_PODS[1], trace=False, change="config")
    w.alert("UsageApiLatencyHigh", usage, "warning", w.at("18:40"), None, "p99 860ms",
            "用量查询 p99 860ms，超过阈值 800ms", namespace=NS)


# --- Incident 10: the roaming zone table ----------------------------------------------------------------
def roaming_zone(w: WorldBuilder) -> None:
    cat, ocs = "xht-rating-catalog", "xht-ocs"
    w.log(w.at("13:50:20.330"), cat, "INFO", ZONE_PUBLISH, instance=ROLLOUTS[cat][0][1][0], trace=False, change="tariff")
    pods = ROLLOUTS[ocs][1][1]
    w.log(w.at("13:51:02.118"), ocs, "INFO", "rating tables reloaded: roaming zones 312 PLMNs (from xht-rating-catalog), "
          "tariff 2026.12-r4", instance=pods[0], trace=False)
    for moment in _every(w, "13:55:00", "17:14:00", 15, 50):
        imsi, mb = _imsi(w), w.rng.randint(2, 40)
        sid = f"pgw0{w.rng.randint(1, 4)}.xht.epc;{w.rng.randint(10**8, 10**9 - 1)}"
        if w.rng.random() < 0.7:
            w.log(moment, ocs, "WARN", CREDIT_LIMIT.format(sid=sid, imsi=imsi, mb=mb, amount=mb * 60.0,
                                                           balance=w.rng.uniform(0, 50)), instance=w.rng.choice(pods))
        else:
            w.log(moment, ocs, "WARN", BILL_SHOCK.format(imsi=imsi, amount=w.rng.uniform(500, 4800)),
                  instance=w.rng.choice(pods))
    _ops(w, "15:20:30.551", ocs, "ocs_oncall_lumin: 客服反馈在香港漫游的用户流量被停、收到高额提醒，都是在香港用 SmarTone 网络的")
    w.log(w.at("17:14:30.204"), cat, "INFO", ZONE_FIX, instance=ROLLOUTS[cat][0][1][1], trace=False, change="tariff")
    w.log(w.at("17:15:10.118"), ocs, "INFO", "rating tables reloaded: roaming zones 312 PLMNs (from xht-rating-catalog), "
          "tariff 2026.12-r4", instance=pods[1], trace=False)
    w.alert("OcsCreditLimitReachedHigh", ocs, "warning", w.at("14:02"), w.at("17:24"), "48 次/分钟",
            "Gy 额度耗尽（4012）48 次/分钟，超过阈值 30", namespace=NS)


# --- Healthy services' changes, the unrelated alerts --------------------------------------------------
def other_changes(w: WorldBuilder) -> None:
    num = "xht-num-pool"
    w.log(w.at("12:10:30.702"), num, "INFO", NUMPOOL_DEPLOY, instance=ROLLOUTS[num][1][1][0], change="deploy")
    _rolled(w, num, JAVA_STARTED.format(app="NumPoolApplication"), JAVA_STOPPING)
    inv = ROLLOUTS["xht-einvoice"][0][1]
    w.log(w.at("15:30:20.415"), "xht-einvoice", "INFO", EINVOICE_CONFIG, instance=inv[0], change="config")
    w.log(w.at("09:00:00.118"), "xht-einvoice", "WARN", "certificate CN=einvoice.xinghai.com expires in 84 days "
          "(2027-03-16), renewal ticket opened", instance=inv[1], trace=False)
    w.log(w.at("18:20:12.330"), "xht-bng", "ERROR", OLT_LOS, instance="olt-ba-07", trace=False)
    w.alert("OltPonLosAlarm", "xht-bng", "major", w.at("18:20"), None, "37 ONT",
            "olt-ba-07 PON 0/3/5 LOS，37 个 ONT 离线（宝安 西乡）", instance="olt-ba-07")


# --- Kubernetes state at 21:00 -------------------------------------------------------------------------
#: (service, revision, rolled out, change cause, image tag) of every Deployment
STEADY = (
    ("xht-ocs", 88, "2026-12-22T13:30:40+08:00", "release xht-ocs 4.6.1 (pipeline #7723)", "4.6.1"),
    ("xht-rating-catalog", 31, "2026-12-08T22:00:00+08:00", "release xht-rating-catalog 2.11.0", "2.11.0"),
    ("xht-realname", 45, "2026-12-22T08:30:20+08:00", "release xht-realname 3.4.0 (pipeline #7702)", "3.4.0"),
    ("xht-ocr-adapter", 12, "2026-11-26T21:00:00+08:00", "release xht-ocr-adapter 1.7.1", "1.7.1"),
    ("xht-sim-activation", 39, "2026-12-22T07:50:20+08:00", "release xht-sim-activation 3.8.2 (pipeline #7698)", "3.8.2"),
    ("xht-hss-prov", 17, "2026-12-01T22:30:00+08:00", "release xht-hss-prov 2.2.0", "2.2.0"),
    ("xht-smsgw", 52, "2026-12-10T22:00:00+08:00", "release xht-smsgw 2.14.0", "2.14.0"),
    ("xht-otp", 27, "2026-12-22T19:20:30+08:00", "release xht-otp 2.9.3 (pipeline #7741)", "2.9.3"),
    ("xht-mnp", 20, "2026-12-03T21:00:00+08:00", "release xht-mnp 1.12.0", "1.12.0"),
    ("xht-mediation", 33, "2026-12-15T22:00:00+08:00", "release xht-mediation 4.1.3", "4.1.3"),
    ("xht-usage", 61, "2026-12-17T22:00:00+08:00", "release xht-usage 3.5.0", "3.5.0"),
    ("xht-ticket", 74, "2026-12-16T21:30:00+08:00", "release xht-ticket 6.2.1", "6.2.1"),
    ("xht-app-api", 96, "2026-12-18T22:00:00+08:00", "release xht-app-api 8.0.4", "8.0.4"),
    ("xht-loyalty", 22, "2026-12-02T21:00:00+08:00", "release xht-loyalty 2.7.0", "2.7.0"),
    ("xht-mall", 58, "2026-12-22T06:50:30+08:00", "release xht-mall 5.2.0 (pipeline #7694)", "5.2.0"),
    ("xht-num-pool", 19, "2026-12-22T12:10:30+08:00", "release xht-num-pool 2.3.1 (pipeline #7715)", "2.3.1"),
    ("xht-einvoice", 15, "2026-11-30T21:00:00+08:00", "release xht-einvoice 1.9.0", "1.9.0"),
)
#: The CronJobs keep their last three jobs: (service, cronjob, scheduled moments)
DAILY = (
    ("xht-hss-prov", CARD_CRON, dt.time(2, 15)),
    ("xht-mnp", NPDB_CRON, dt.time(1, 0)),
    ("xht-loyalty", POINTS_CRON, dt.time(2, 30)),
)
COLLECT_RUNS = tuple(_t(clock) for clock in ("20:15", "20:30", "20:45"))


def k8s_state(w: WorldBuilder) -> None:
    for service, revision, changed, cause, tag in STEADY:
        pods = ROLLOUTS[service][-1][1]
        for pod in pods:
            w.pod(namespace=NS, name=pod, service=service, phase="Running", ready="1/1", restarts=0, last_termination=None,
                  waiting_reason=None, node=node_of(pod), observed_at=REFERENCE)
        w.deployment(namespace=NS, name=service, service=service, replicas=len(pods), ready=len(pods), available=len(pods),
                     image=f"harbor.xinghai.local/bss/{service}:{tag}", revision=revision,
                     changed_at=dt.datetime.fromisoformat(changed), change_cause=cause,
                     conditions=[condition("Available", "True", "MinimumReplicasAvailable",
                                           "Deployment has minimum availability."),
                                 condition("Progressing", "True", "NewReplicaSetAvailable",
                                           f'ReplicaSet "{pods[0].rsplit("-", 1)[0]}" has successfully progressed.')],
                     observed_at=REFERENCE)
    for service, cronjob, clock in DAILY:
        for day in (20, 21, 22):
            scheduled = dt.datetime.combine(dt.date(2026, 12, day), clock, tzinfo=TZ)
            pod = job_pod(job_name(cronjob, scheduled))
            failed = cronjob == NPDB_CRON and day == 22  # the sync that could not verify the host key
            end = scheduled + dt.timedelta(seconds=3610 if failed else w.rng.randint(55, 960))
            w.pod(namespace=NS, name=pod, service=service, phase="Failed" if failed else "Succeeded", ready="0/1",
                  restarts=0, last_termination=termination("Error" if failed else "Completed", 1 if failed else 0, end),
                  waiting_reason=None, node=node_of(pod), observed_at=REFERENCE)
    w.pod(namespace=NS, name=NPDB_RERUN_POD, service="xht-mnp", phase="Succeeded", ready="0/1", restarts=0,
          last_termination=termination("Completed", 0, w.at("11:31:20")), waiting_reason=None, node=node_of(NPDB_RERUN_POD),
          observed_at=REFERENCE)
    for scheduled in COLLECT_RUNS:
        pod = collect_pod(scheduled)
        w.pod(namespace=NS, name=pod, service="xht-mediation", phase="Succeeded", ready="0/1", restarts=0,
              last_termination=termination("Completed", 0, scheduled + dt.timedelta(seconds=w.rng.randint(110, 160))),
              waiting_reason=None, node=node_of(pod), observed_at=REFERENCE)
    # Events are what the API server keeps (TTL 1 h): the collector's runs of the last hour.
    image = "harbor.xinghai.local/bss/xht-mediation:4.1.3"
    for scheduled in (_t("20:00"), *COLLECT_RUNS):
        job = job_name(MEDIATION_CRON, scheduled)
        pod = job_pod(job)
        old = job_name(MEDIATION_CRON, scheduled - dt.timedelta(minutes=45))
        for kind, reason, message, delay in (
            (f"CronJob/{MEDIATION_CRON}", "SuccessfulCreate", f"Created job {job}", 0),
            (f"Job/{job}", "SuccessfulCreate", f"Created pod: {pod}", 0),
            (f"Pod/{pod}", "Scheduled", f"Successfully assigned {NS}/{pod} to {node_of(pod)}", 0),
            (f"Pod/{pod}", "Pulled", f'Container image "{image}" already present on machine', 1),
            (f"Pod/{pod}", "Created", "Created container collect", 1),
            (f"Pod/{pod}", "Started", "Started container collect", 2),
            (f"Job/{job}", "Completed", "Job completed", 118),
            (f"CronJob/{MEDIATION_CRON}", "SawCompletedJob", f"Saw completed job: {job}, status: Complete", 119),
            (f"CronJob/{MEDIATION_CRON}", "SuccessfulDelete", f"Deleted job {old}", 119),
        ):
            moment = scheduled + dt.timedelta(seconds=delay)
            w.event(type="Normal", reason=reason, object=kind, message=message, count=1, first_seen=moment,
                    last_seen=moment)


# --- Metrics --------------------------------------------------------------------------------------------
def build_metrics(w: WorldBuilder) -> None:
    at = w.at
    night = [(at("01:00"), at("02:00"))]
    morning = [(at("06:30"), at("10:05"))]
    late_morning = [(at("10:00"), at("14:20"))]
    afternoon = [(at("13:00"), at("17:30"))]
    evening = [(at("16:00"), REFERENCE)]
    w.series("bng_pppoe_auth_fail_per_min", "xht-bng", "次", PPPOE_FAILS, start=START, fine=night + morning, spread=4,
             digits=0, threshold=50, instance=BAD_NAS)
    w.series("bng_online_sessions", "xht-bng", "个",
             [(START, 21800), (at("01:10"), 21400), (at("06:30"), 19800), (at("08:30"), 15200), (at("09:52"), 14100),
              (at("10:20"), 21900), (REFERENCE, 23400)], start=START, fine=morning, spread=60, digits=0, instance=BAD_NAS)
    w.series("radius_requests_dropped_per_min", "xht-radius", "次",
             [(START, 0), (at("01:10"), 0), (at("01:12"), 5), (at("06:30"), 30), (at("07:08"), 64), (at("08:07"), 298),
              (at("09:50"), 140), (at("09:53"), 0), (REFERENCE, 0)], start=START, fine=night + morning, spread=3, digits=0,
             threshold=20)
    w.series("smsgw_queue_depth", "xht-smsgw", "条", QUEUE, start=START, fine=evening, spread=300, digits=0,
             threshold=50000)
    w.series("smsgw_throttled_per_min", "xht-smsgw", "次",
             [(START, 0), (at("19:32"), 0), (at("19:34"), 2400), (at("20:10"), 3900), (at("20:24"), 3600), (at("20:25"), 0),
              (REFERENCE, 0)], start=START, fine=evening, spread=80, digits=0, channel="CMCC-SZ-02")
    w.series("smsgw_delivery_failure_ratio", "xht-smsgw", "%",
             [(START, 0.4), (at("07:00"), 0.5), (at("07:40"), 2.3), (at("09:30"), 4.6), (at("11:30"), 4.2),
              (at("11:35"), 0.6), (REFERENCE, 0.5)], start=START, fine=morning + late_morning, spread=0.2, digits=1,
             threshold=2)
    w.series("otp_delivery_p95_seconds", "xht-otp", "s", OTP_DELAY, start=START, fine=evening, spread=2, digits=0,
             threshold=30)
    w.series("usage_http_requests_per_second", "xht-usage", "次/秒", QPS, start=START, fine=evening, spread=40, digits=0)
    for version, frames in (
        ("8.3.0", [(START, 0), (at("16:00"), 0), (at("17:00"), 720), (at("18:00"), 1880), (at("19:00"), 2990),
                   (at("19:58"), 4190), (at("20:30"), 3870), (at("20:45"), 2760), (REFERENCE, 2080)]),
        ("other", [(START, 180), (at("07:00"), 420), (at("12:00"), 610), (at("16:00"), 640), (at("19:58"), 670),
                   (at("20:30"), 550), (REFERENCE, 520)]),
    ):
        # The new version's share is exact: nothing of it before its release.
        w.series("usage_http_requests_per_second_by_app_version", "xht-usage", "次/秒", frames, start=START, fine=evening,
                 spread=0 if version == "8.3.0" else 20, digits=0, app_version=version)
    w.series("usage_p99_latency_ms", "xht-usage", "ms", P99, start=START, fine=evening, spread=20, digits=0,
             threshold=800)
    w.series("usage_quota_notify_per_10m", "xht-usage", "次",
             [(START, 20), (at("10:00"), 40), (at("10:12"), 412), (at("11:00"), 530), (at("13:18"), 470),
              (at("13:25"), 60), (REFERENCE, 35)], start=START, fine=late_morning, spread=10, digits=0, threshold=200)
    w.series("ticket_created_per_10m", "xht-ticket", "张",
             [(START, 2), (at("07:00"), 40), (at("10:00"), 62), (at("10:40"), 186), (at("11:30"), 244), (at("13:30"), 170),
              (at("14:00"), 70), (REFERENCE, 48)], start=START, fine=late_morning, spread=6, digits=0, threshold=120)
    w.series("realname_id_check_reject_ratio", "xht-realname", "%",
             [(START, 0.3), (at("09:00"), 0.4), (at("09:20"), 11.8), (at("12:00"), 10.6), (at("14:10"), 10.9),
              (at("14:12"), 0.5), (REFERENCE, 0.4)], start=START, fine=[(at("08:50"), at("14:20"))], spread=0.3,
             digits=1, threshold=5)
    w.series("sim_first_attach_timeout_per_hour", "xht-sim-activation", "单",
             [(START, 0), (at("08:40"), 0), (at("09:05"), 38), (at("11:00"), 52), (at("16:40"), 47), (at("17:00"), 2),
              (REFERENCE, 1)], start=START, fine=[(at("08:30"), at("17:10"))], spread=2, digits=0, threshold=10)
    w.series("core_auth_failure_mac_per_min", "xht-core", "次",
             [(START, 0), (at("08:10"), 0), (at("08:12"), 3), (at("11:00"), 5), (at("16:40"), 4), (at("16:41"), 0),
              (REFERENCE, 0)], start=START, fine=[(at("08:00"), at("16:50"))], spread=0.5, digits=0)
    w.series("app_api_balance_error_ratio", "xht-app-api", "%",
             [(START, 0.1), (at("13:31"), 0.1), (at("13:33"), 24.6), (at("14:30"), 25.3), (at("15:08"), 24.8),
              (at("15:09"), 0.2), (REFERENCE, 0.1)], start=START, fine=afternoon, spread=0.8, digits=1, threshold=5)
    for node in (BAD_NODE, "xht-k8s-node-02"):
        frames = ([(START, 4), (at("13:05"), 4), (at("15:08"), 7383), (at("15:09"), 3), (REFERENCE, 5)] if node == BAD_NODE
                  else [(START, 4), (REFERENCE, 4)])
        w.series("kubeproxy_sync_proxy_rules_age_seconds", "xht-k8s-node", "s", frames, start=START, fine=afternoon,
                 spread=1, digits=0, instance=node)
    w.series("ocs_credit_limit_reached_per_min", "xht-ocs", "次",
             [(START, 2), (at("13:54"), 2), (at("14:02"), 48), (at("15:30"), 61), (at("17:14"), 55), (at("17:16"), 3),
              (REFERENCE, 2)], start=START, fine=afternoon, spread=3, digits=0, threshold=30)
    w.series("mall_redeem_failure_ratio", "xht-mall", "%",
             [(START, 0.5), (at("07:00"), 0.6), (at("07:10"), 63.5), (at("09:30"), 71.2), (at("12:05"), 68.0),
              (at("12:08"), 0.8), (REFERENCE, 0.6)], start=START, fine=[(at("06:50"), at("12:20"))], spread=1,
             digits=1, threshold=5)
    for service, p99, threshold in (("xht-num-pool", 120, 1000), ("xht-einvoice", 180, 1500)):
        w.series("http_5xx_ratio", service, "%", [(START, 0.02), (at("12:00"), 0.12), (at("15:00"), 0.05),
                                                  (REFERENCE, 0.04)], start=START, spread=0.02, digits=2, threshold=2)
        w.series("http_p99_latency", service, "ms", [(START, p99 - 30), (at("12:00"), p99 + 110), (at("15:00"), p99 + 10),
                                                     (REFERENCE, p99)], start=START, spread=10, digits=0,
                 threshold=threshold)


# --- Runbooks (the operator's IT wiki, as the teams wrote them) ------------------------------------------------
RUNBOOKS: list[tuple[str, str, str]] = [
    ("runbooks/broadband/pppoe-691.md", "宽带拨号 691 与 RADIUS 丢包处理手册", runbook(
        "宽带拨号 691 与 RADIUS 丢包处理手册", "适用于某个片区宽带用户 PPPoE 拨号失败（691）、xht-radius 丢弃请求。",
        ["BroadbandPppoeAuthFailHigh：BNG PPPoE 认证失败超过 50 次/分钟", "RadiusRequestsDropped：RADIUS 丢弃请求"],
        ["看失败是否集中在一台 BNG（NAS）。", "在 radius 日志里搜该 NAS：Login incorrect 是账号密码问题；"
         "invalid Message-Authenticator / Shared secret is incorrect 是共享密钥不一致。", "查网络变更单：这台 NAS 最近是否改过 "
         "radius-server key。"],
        ["NAS 与 RADIUS clients.conf 的共享密钥不一致（只改了一边）。", "用户欠费停机或密码错误。", "RADIUS 数据库连接池耗尽。"],
        ["把两边密钥改成一致（clients.conf 更新后 radiusd HUP，或 NAS 回退密钥）。", "密钥轮换先改 RADIUS 侧（同时接受新旧），"
         "再逐台改 NAS。"])),
    ("runbooks/sms/queue-backlog.md", "短信网关积压与验证码延迟处理手册", runbook(
        "短信网关积压与验证码延迟处理手册", "适用于 xht-smsgw 提交队列积压、验证码送达慢。",
        ["SmsgwQueueBacklogHigh：短信提交队列积压超过 50000 条", "OtpDeliveryLatencyHigh：验证码送达 p95 超过 30s"],
        ["看各通道的 submit_sm_resp 状态：ESME_RTHROTTLED（0x58）表示超过运营商签约速率。", "查通道参数最近的变更"
         "（window_size、submit rate）。", "看是否有营销群发占满队列。"],
        ["通道窗口或速率超过运营商短信中心的签约值，被限流甚至断开绑定。", "运营商短信中心故障。", "营销群发与验证码未分队列。"],
        ["把通道参数恢复到签约值（window 10、200/s）。", "营销群发改到夜间或单独通道，验证码走优先队列。"])),
    ("runbooks/usage/usage-doubled.md", "用户已用流量异常翻倍处理手册", runbook(
        "用户已用流量异常翻倍处理手册", "适用于 xht-usage 大量用户用量突增、套餐用尽提醒激增、流量异议工单。",
        ["UsageQuotaNotifyHigh：套餐用尽提醒超过阈值", "TicketInflowHigh：客服工单流入超过阈值"],
        ["抽几个投诉号码，对比用量明细里同一时段是否出现两次。", "查 xht-mediation 的采集日志：同一 PGW 同一时段的话单文件是否"
         "以不同文件名被加载了两次（重传文件 _R1 等）。"],
        ["话单文件重传后改名，按文件名去重没有识别，同一批话单入库两次。", "PGW 时钟错误导致话单时段错位。"],
        ["冲正重复批次并重算用量，解除误限速并发更正短信。", "去重改为按话单记录（计费 ID + 序号）而不是文件名。"])),
    ("runbooks/realname/id-format.md", "开户证件号码校验失败处理手册", runbook(
        "开户证件号码校验失败处理手册", "适用于 xht-realname 开户时证件号码格式校验失败（ID_NUMBER_FORMAT_INVALID）。",
        ["RealnameOcrRejectHigh：开户证件校验失败率超过 5%"],
        ["看失败的证件号码有什么共同点（末位、长度、地区码）。", "查 xht-ocr-adapter 返回字段和厂商模型版本是否变化。"],
        ["OCR 厂商模型升级，输出格式变化（如末位校验码 X 变成小写）。", "身份证照片反光、模糊。"],
        ["在 OCR 适配层规范化输出（大写 X、去空格）。", "要求厂商模型升级提前通知并在预发环境验证。"])),
    ("runbooks/sim/first-attach.md", "新卡激活后无服务处理手册", runbook(
        "新卡激活后无服务处理手册", "适用于 xht-sim-activation 激活单 FIRST_ATTACH_TIMEOUT、新卡插入手机无服务。",
        ["SimFirstAttachTimeoutHigh：激活后首次注册超时超过阈值"],
        ["看超时的卡是否属于同一批次（ICCID 段）。", "在核心网 MME 日志查这些 IMSI 的附着：鉴权失败原因 MAC failure "
         "说明 HSS 中的 Ki/OPc 与卡内不一致。", "查该批次制卡数据导入记录：传输密钥（K4）版本是否与卡商文件头一致。"],
        ["制卡数据用错误版本的传输密钥解密，Ki/OPc 写错。", "号码未在 HSS 开通。", "终端不支持该频段。"],
        ["用正确的 K4 版本重新导入该批次并覆盖 HSS 中的 Ki/OPc。", "导入任务校验文件头的密钥版本与配置一致，不一致则拒绝导入。"])),
    ("runbooks/app/balance-errors.md", "App 余额查询失败处理手册", runbook(
        "App 余额查询失败处理手册", "适用于 xht-app-api 查询话费余额失败、时好时坏。",
        ["AppApiBalanceErrorsHigh：App 余额查询失败率超过 5%"],
        ["看失败是否集中在某个 Pod，再看这个 Pod 所在节点（kubectl get pod -o wide）。", "在该节点看 kube-proxy 日志：规则同步"
         "是否失败（iptables-restore、xtables lock）。", "确认 xht-ocs 自身接口正常。"],
        ["节点上的 kube-proxy 无法同步规则，被调方发布后该节点仍把流量转到旧 Pod 地址。", "xht-ocs 过载。"],
        ["处理占用 xtables 锁的进程（回退主机代理等），确认 kube-proxy 同步成功。", "必要时 cordon 节点并把 Pod 迁走。"])),
    ("runbooks/mnp/ported-sms.md", "携号转网号码短信失败处理手册", runbook(
        "携号转网号码短信失败处理手册", "适用于 xht-smsgw 发给携号转网号码的短信失败（UNDELIV、UnknownSubscriber）。",
        ["SmsgwDeliveryFailureHigh：短信下发失败率超过 2%"],
        ["看失败号码是否是当天携入或携出的号码。", "查 xht-mnp 的 NPDB 同步任务是否成功、数据日期。"],
        ["NPDB 增量未同步，选路仍按号段归属。", "对端网络故障。"],
        ["修复同步（凭据、主机密钥）并重跑，刷新短信网关选路缓存。", "同步失败要告警，不能静默沿用旧数据。"])),
    ("runbooks/mall/insufficient-points.md", "积分商城兑换失败处理手册", runbook(
        "积分商城兑换失败处理手册", "适用于 xht-mall 兑换大量 INSUFFICIENT_POINTS。",
        ["MallRedeemFailureHigh：积分兑换失败率超过 5%"],
        ["看失败会员的积分余额，是否普遍为 0。", "查 xht-loyalty 夜间积分清理任务的截止日与清理数量，以及相关配置变更。"],
        ["积分清理任务的截止日配置错误，清掉了不该过期的积分。", "积分服务不可用。"],
        ["从积分流水快照恢复余额，回退截止日配置。", "清理任务设置数量上限，超过即停止并告警。"])),
    ("runbooks/usage/api-latency.md", "用量查询接口慢处理手册", runbook(
        "用量查询接口慢处理手册", "适用于 xht-usage 查询 p99 升高、App 用量页转圈。",
        ["UsageApiLatencyHigh：用量查询 p99 超过 800ms"],
        ["看请求量曲线，按 App 版本、调用方拆分，找出突增来源。", "看 Redis 连接池与数据库慢查询。"],
        ["新版本客户端轮询过于频繁。", "Redis 大 key。", "数据库慢查询。"],
        ["通过远程配置调大轮询间隔，必要时在网关按版本限流。", "客户端轮询要有下限并受服务端控制。"])),
    ("runbooks/ocs/roaming-rating.md", "国际漫游扣费异常处理手册", runbook(
        "国际漫游扣费异常处理手册", "适用于 xht-ocs 漫游用户大量 4012（额度耗尽）、高额提醒。",
        ["OcsCreditLimitReachedHigh：Gy 额度耗尽超过阈值"],
        ["看受影响会话的拜访网络（visited PLMN）和批价区域。", "查 xht-rating-catalog 最近发布的漫游区域表版本与变化行。"],
        ["漫游区域表把某个拜访网络放进了高价区域。", "用户未订购日包。"],
        ["更正区域表并发布新版本，OCS 重新加载；对误扣费用户退费。"])),
    ("runbooks/broadband/olt-los.md", "OLT PON 口 LOS 告警处理手册", runbook(
        "OLT PON 口 LOS 告警处理手册", "适用于某个 PON 口下 ONT 同时离线。", ["OltPonLosAlarm：PON 口 LOS"],
        ["看同一 PON 口下的 ONT 是否同时掉线。"], ["主干光缆被挖断。", "分光器故障。"], ["派单外线抢修光缆。"])),
    ("runbooks/shop/printer.md", "营业厅小票打印机故障处理手册", runbook(
        "营业厅小票打印机故障处理手册", "适用于营业厅打印受理单模糊、卡纸。", ["ShopPrinterError"], ["看打印机状态灯。"],
        ["色带耗尽。"], ["更换打印色带后打印测试页。"])),
    ("runbooks/num/stock.md", "号卡库存不足处理手册", runbook(
        "号卡库存不足处理手册", "适用于营业厅白卡库存告急。", ["ShopSimStockLow"], ["看各营业厅白卡库存。"],
        ["调拨不及时。"], ["补充号卡库存并调拨。"])),
    ("runbooks/invoice/tax.md", "电子发票开具失败处理手册", runbook(
        "电子发票开具失败处理手册", "适用于电子发票开具失败、税务平台令牌失效。", ["EinvoiceIssueFailed"],
        ["看税务平台返回码。"], ["税务平台令牌过期。"], ["重新登录税务平台获取令牌。"])),
]


def build_bundle(seed: int = SEED) -> Json:
    w = WorldBuilder(seed=seed, day=DAY, tz=TZ, reference=REFERENCE, instances=INSTANCES,
                     labels={"env": "prod", "cluster": "xht-prod", "region": "gd-sz"})
    for service, (make, every) in NOISE.items():
        w.noise(service, make, START, every_s=every)
    radius_secret(w)
    smpp_window(w)
    mediation_double(w)
    ocr_model(w)
    sim_transport_key(w)
    kube_proxy_lock(w)
    npdb_sync(w)
    points_expiry(w)
    app_polling(w)
    roaming_zone(w)
    other_changes(w)
    k8s_state(w)
    build_metrics(w)
    documents = [{"title": title, "source": source, "content": content} for source, title, content in RUNBOOKS]
    return w.bundle(name="XingHai 星海通信 2026-12-22", services=SERVICES, documents=documents)


# --- Questions ---------------------------------------------------------------------------------
#: Each incident's own words: in another incident's answer, a misattribution.
FAMILY = {
    "radius": ("Shared secret is incorrect", "CHG-20261222-0031"),
    "smpp": ("window_size 10 -> 64", "ESME_RTHROTTLED"),
    "cdr": (CDR_RESENT, "MB-20261222-1002"),
    "ocr": ("idcard-ocr-5.2.0", "ID_NUMBER_FORMAT_INVALID"),
    "sim": (SIM_BATCH, "MAC failure"),
    "proxy": ("xtables lock", "fw-audit"),
    "npdb": ("Host key verification failed", "NPDB delta 20261222"),
    "points": ("points.expiry.cutoff", "INSUFFICIENT_POINTS"),
    "poll": ("usage.widget.poll-seconds", "widget=realtime"),
    "roam": ("PLMN 45406", "ROAM-ZONE-2026.12b"),
}
#: The remedies of the runbooks for problems that did not happen.
UNRELATED_REMEDIES = ("更换打印色带", "补充号卡库存", "重新登录税务平台")
FIRING = ("UsageApiLatencyHigh", "OltPonLosAlarm")
INCIDENT_WORDS = tuple(word for words in FAMILY.values() for word in words)


def _not(*own: str, told: tuple[str, ...] = ()) -> tuple[str, ...]:
    """The other incidents' words, plus the unrelated runbooks' remedies — less ``told``: another incident's words the
    asked service itself logs (the SMS gateway logs the evening window change; the usage centre the widget's requests;
    the App backend the widget's remote config), which name no misattribution when an answer quotes them."""
    return tuple(word for family, words in FAMILY.items() if family not in own for word in words
                 if word not in told) + UNRELATED_REMEDIES


QUESTIONS: tuple[WorldQuestion, ...] = (
    WorldQuestion(
        "telecom_pppoe_691_cause",
        "今天早上南山那一片好多宽带用户拨号拨不上，光猫上报 691，福田罗湖都好好的，宽带认证这边怎么了？", "cause",
        asked_facts=(fact("Shared secret is incorrect", "invalid Message-Authenticator", "Dropping packet", "691"),),
        cause_facts=(fact(BAD_NAS, "sz-03"),
                     fact("CHG-20261222-0031", "key-id 7 -> 8", "shared key rotated", "共享密钥", "shared secret")),
        forbidden=_not("radius"), service="xht-radius",
        diagnosis="01:10 网络部 netops_zhaoyi 在夜间窗口按 CHG-20261222-0031 轮换 RADIUS 共享密钥，只在试点的 bng-sz-03（南山）上改了"
                  "（key-id 7 -> 8），radius-01/02 的 clients.conf 还是旧密钥 → FreeRADIUS 把这台 NAS 的请求全部丢弃（invalid "
                  "Message-Authenticator! (Shared secret is incorrect.)），BNG 收不到应答发 PADT，重拨的用户报 691；夜里少，早上光猫"
                  "重连时大量失败（08:07 最多 412 次/分钟）。09:52 aaa_ops_liwei 把 clients.conf 改成新密钥后恢复。00:40 的 sql 连接池"
                  "配置不是原因；其他三台 BNG 正常",
    ),
    WorldQuestion(
        "telecom_otp_slow_cause", "晚上八点左右好多用户说登录验证码要等好几分钟才到，到了也过期了，验证码服务咋了？", "cause",
        asked_facts=(fact("OTP_EXPIRED", "delivered after", "过期", "延迟"),),
        cause_facts=(fact("window_size 10 -> 64", "window_size", "窗口"),
                     fact("ESME_RTHROTTLED", "0x00000058", "限流", "throttled", "CMCC-SZ-02")),
        forbidden=_not("smpp"), service="xht-otp",
        diagnosis="19:32 短信网关运维 smsgw_ops_wangqin 为了冬至群发提速，把通道 CMCC-SZ-02 的 SMPP window_size 从 10 调到 64、速率 "
                  "200/s 调到 800/s，超过运营商签约的 200/s → 短信中心回 ESME_RTHROTTLED（0x58），几次因窗口违规解绑 → 共用的提交"
                  "队列 20:11 积压到 186240 条，验证码几分钟才送达、过了 300 秒有效期，登录 OTP_EXPIRED。20:24 窗口改回 10 后队列在 "
                  "20:50 前排空。原因在短信网关的通道参数，不在验证码服务；19:20 的 xht-otp 2.9.3 发布不是原因；上午的转网短信失败是另一件事",
    ),
    WorldQuestion(
        "telecom_usage_doubled_cause",
        "上午十点以后用量中心好些用户的已用流量一下子翻倍了，还被限速，客服那边投诉一大堆，这是咋回事？", "cause",
        asked_facts=(fact("quota-reached", "usage jump", "100%", "翻倍", "限速"),),
        cause_facts=(fact(CDR_RESENT, "_R1", "MB-20261222-1002", "重传"),
                     fact("dedup key: file name", "按文件名去重", "duplicate", "重复", "两次")),
        forbidden=_not("cdr", told=("widget=realtime",)), service="xht-usage",
        diagnosis=f"09:47 话单采集 CronJob xht-mediation-collect 从 PGW-03 取走 {CDR_FILE}（186412 条，批次 MB-20261222-0947）后改名"
                  f"超时，文件留在源端；PGW-03 以新名字 {CDR_RESENT} 重传，10:02 采集按文件名去重认为是新文件，批次 MB-20261222-1002 "
                  "把同一批话单又加载了一次 → 用量中心 23107 个用户的用量翻倍，大量套餐用尽提醒和 1Mbps 限速，客服流量异议工单激增。"
                  "13:18 billing_ops_chenjie 冲正重复批次、重算用量后恢复。原因在话单采集，不在用量中心；09:30 的缓存 TTL 配置不是原因；"
                  "晚上用量查询变慢是另一件事",
    ),
    WorldQuestion(
        "telecom_id_format_cause",
        "上午营业厅开户，有些客户身份证一拍就提示证件号码格式不对，重拍也不行，手输就能过，实名开户那边怎么了？", "cause",
        asked_facts=(fact("ID_NUMBER_FORMAT_INVALID", "GB 11643", "格式校验", "格式不对"),),
        cause_facts=(fact("idcard-ocr-5.2.0", "5.2.0", "模型"),
                     fact("id-number-uppercase", "小写", "大写", "lower case", "lowercase")),
        forbidden=_not("ocr"), service="xht-realname",
        diagnosis="09:00 起 OCR 厂商 云瞳 把身份证识别模型从 idcard-ocr-5.1.3 换成 idcard-ocr-5.2.0（没有通知），新模型把末位校验码 X "
                  "输出成小写 x → 实名开户按 GB 11643 ^[0-9]{17}[0-9X]$ 校验，末位是 x 的证件号全部 ID_NUMBER_FORMAT_INVALID（约一成客户），"
                  "手工录入的大写 X 能过。14:10 OCR 适配层打开 ocr.normalize.id-number-uppercase 后恢复。08:30 的 xht-realname 3.4.0 "
                  "发布不是原因",
    ),
    WorldQuestion(
        "telecom_new_sim_no_service_cause",
        "今天新开的卡不少插上手机一直没信号，激活那边一直显示等首次注册，补换的老卡倒没事，号卡激活怎么回事？", "cause",
        asked_facts=(fact("FIRST_ATTACH_TIMEOUT", "no first network registration", "首次注册"),),
        cause_facts=(fact(SIM_BATCH, "HB_B2612_0042"),
                     fact("K4 version 3", "TransportKeyVersion=4", "K4", "传输密钥", "MAC failure")),
        forbidden=_not("sim"), service="xht-sim-activation",
        diagnosis=f"02:15 HSS 开通网关的 CronJob {CARD_CRON} 导入卡商 HB 的批次 {SIM_BATCH}（2 万张卡）：文件头是 TransportKeyVersion=4"
                  "（K4 在 12-15 轮换过），导入仍按配置用 K4 version 3 解密 → 这批卡写进 HSS 的 Ki/OPc 全错但不报错 → 新卡开通成功，"
                  "插卡后鉴权失败（MME：Authentication Failure cause #20 MAC failure，attach reject），激活单等不到首次注册 "
                  "FIRST_ATTACH_TIMEOUT。16:40 hss_ops_dengke 用 version 4 重新导入后恢复。07:50 的激活服务 3.8.2 发布不是原因",
    ),
    WorldQuestion(
        "telecom_app_balance_flaky_cause",
        "下午一点半以后掌厅查话费余额时好时坏，大概四次里失败一次，刷新又好了，掌厅后台这是咋了？", "cause",
        asked_facts=(fact("no route to host", "余额查询失败", "查询失败"),),
        cause_facts=(fact(BAD_NODE, "node-05", "05 节点"),
                     fact("xtables lock", "kube-proxy", "iptables-restore", "sec-agent", "fw-audit")),
        forbidden=_not("proxy", told=("usage.widget.poll-seconds",)), service="xht-app-api",
        diagnosis=f"13:05 安全团队 secops_hanlu 把 {BAD_NODE} 上的主机代理 sec-agent 升到 5.8.2（灰度组 k8s-canary-b），新模块 fw-audit"
                  "每 2 秒审计 iptables、占着 xtables 锁 → 该节点 kube-proxy 的 iptables-restore 一直失败（Another app is currently "
                  "holding the xtables lock）；13:31 xht-ocs 发布 4.6.1 换了 Pod 地址，该节点仍把 Service 10.96.41.20 的流量转到旧 "
                  f"Pod → 只有调度在 node-05 上的 App 后台 Pod {APP_PODS[3]}（四个之一）查余额 no route to host，客服工单一个 Pod 同样；"
                  "15:08 代理回退后 kube-proxy 同步成功恢复。13:15 的 banner 配置不是原因；xht-ocs 本身正常",
    ),
    WorldQuestion(
        "telecom_ported_sms_cause",
        "今天上午短信网关发给一批号码的短信全失败了，都是今天刚携号转网的号，短信网关咋回事？", "cause",
        asked_facts=(fact("UNDELIV", "UnknownSubscriber", "下发失败"),),
        cause_facts=(fact("Host key verification failed", "host key", "主机密钥", "known_hosts"),
                     fact("NPDB", "npdb-sync", NPDB_CRON, "携号转网数据")),
        forbidden=_not("npdb", told=("window_size 10 -> 64", "ESME_RTHROTTLED")), service="xht-smsgw",
        diagnosis=f"01:00 携号转网的 CronJob {NPDB_CRON} 从清算中心 SFTP 下载 NPDB 增量失败：对方 12-21 换了主机密钥，Host key "
                  "verification failed，重试 3 次都失败 → 02:00 割接的 2389 个号码（携入 1206、携出 1183）没进我们的选路数据 → 短信网关"
                  "按号段选路：发给今天携入号码的短信送到原运营商（CMCC-IC，UNDELIV），发给携出号码的送到自己的 HLR（UnknownSubscriber）。"
                  "11:22 mnp_ops_luhao 更新 known_hosts 重跑同步，11:31 增量生效后恢复。06:45 的签名报备号配置不是原因；晚上的积压是另一件事",
    ),
    WorldQuestion(
        "telecom_mall_insufficient_points_cause",
        "积分商城上午兑换老是提示积分不足，用户说昨天明明还有好几千分，商城那边怎么回事？", "cause",
        asked_facts=(fact("INSUFFICIENT_POINTS", "积分不足", "balance 0"),),
        cause_facts=(fact("points.expiry.cutoff", "2026-12-31", "截止日"),
                     fact(POINTS_CRON, "points-expiry", "积分清理", "1382406")),
        forbidden=_not("points"), service="xht-mall",
        diagnosis=f"01:20 积分运营 loy_ops_sunmei 为年度清零做准备，把 points.expiry.cutoff 从 2025-12-31 改成 2026-12-31 → 02:30 CronJob "
                  f"{POINTS_CRON} 清掉了截止日及以前获得的全部积分：1382406 个会员归零 → 商城兑换全部 INSUFFICIENT_POINTS。12:05 从 "
                  "02:25 的积分流水快照恢复余额、截止日改回后恢复。原因在积分服务的清理任务，不在商城；06:50 的商城 5.2.0 发布不是原因",
    ),
    WorldQuestion(
        "telecom_pppoe_fail_quantity", "早上宽带拨号失败最厉害的时候，一分钟失败了多少次？", "quantity",
        asked_facts=(fact(str(PPPOE_PEAK)),), forbidden=_not("radius"), service="xht-bng",
        peak=Peak("xht-bng", "bng_pppoe_auth_fail_per_min", PPPOE_PEAK),
        diagnosis="bng_pppoe_auth_fail_per_min{instance=bng-sz-03} 峰值 412 次/分钟（08:07）；BroadbandPppoeAuthFailHigh 触发时的 96 "
                  "不是峰值。起因是 01:10 只在 bng-sz-03 上轮换了 RADIUS 共享密钥",
    ),
    WorldQuestion(
        "telecom_sms_backlog_quantity", "今晚短信网关最多压了多少条短信没发出去？", "quantity",
        asked_facts=(fact(str(QUEUE_PEAK)),), forbidden=_not("smpp"), service="xht-smsgw",
        peak=Peak("xht-smsgw", "smsgw_queue_depth", QUEUE_PEAK),
        diagnosis="smsgw_queue_depth 峰值 186240 条（20:11）；SmsgwQueueBacklogHigh 触发时的 52000 条不是峰值。19:32 CMCC-SZ-02 的 "
                  "window_size 10 -> 64 被短信中心限流（ESME_RTHROTTLED），20:24 回退",
    ),
    WorldQuestion(
        "telecom_usage_qps_quantity", "晚上流量查询那个接口，一秒钟最多被请求了多少次？", "quantity",
        asked_facts=(fact(str(QPS_PEAK)),), forbidden=_not("poll"), service="xht-usage",
        peak=Peak("xht-usage", "usage_http_requests_per_second", QPS_PEAK),
        diagnosis="usage_http_requests_per_second 峰值 4860 次/秒（19:58），平时约 600；其中 App 8.3.0 约 4190 次/秒：16:00 发布的 8.3.0 "
                  "首页实时用量组件每 5 秒轮询一次。20:30 远程配置 usage.widget.poll-seconds 改为 300，客户端下次启动才生效，21:00 仍约 "
                  "2600 次/秒，UsageApiLatencyHigh 仍在告警",
    ),
    WorldQuestion(
        "telecom_ocs_alert_existence", "下午在线计费那边报过警没有？", "existence",
        asked_facts=(fact("OcsCreditLimitReachedHigh"),),
        cause_facts=(fact("PLMN 45406", "45406", "SmarTone"), fact("ROAM-ZONE-2026.12b", "Z5", "漫游区域表")),
        forbidden=_not("roam"), service="xht-ocs",
        diagnosis="报过：OcsCreditLimitReachedHigh 14:02 触发、17:24 恢复。13:50 roam_ops_zhoujie 发布漫游区域表 ROAM-ZONE-2026.12b，"
                  "合作方 CSV 里 PLMN 45406（香港 SmarTone）从 Z1（港澳台日包）变成 Z5（¥60/MB）→ 在香港用 SmarTone 的用户流量按 "
                  "¥60/MB 批价，预付费 4012 DIAMETER_CREDIT_LIMIT_REACHED 断网，后付费收到高额提醒；17:14 发布 2026.12c 更正。13:31 的 "
                  "xht-ocs 4.6.1 发布不是原因",
    ),
    WorldQuestion(
        "telecom_num_pool_healthy", "选号系统中午发了个版，现在有没有告警或者报错？", "existence",
        asked_facts=(HEALTHY,), forbidden=INCIDENT_WORDS, service="xht-num-pool", healthy=True,
        diagnosis="没有：只有选号、预占的 INFO 和号池锁竞争重试成功的 WARN，5xx 最高约 0.12%（阈值 2%），p99 远低于 1000ms，无告警；"
                  "12:10 的 2.3.1 发布与各故障无关",
    ),
    WorldQuestion(
        "telecom_einvoice_healthy", "电子发票下午改过配置，有没有出啥问题？", "existence",
        asked_facts=(HEALTHY,), forbidden=INCIDENT_WORDS, service="xht-einvoice", healthy=True,
        diagnosis="没有告警；5xx 远低于阈值 2%，p99 远低于 1500ms；15:30 把批量开票条数改成 500 后只有税务平台令牌刷新重试成功的 WARN，"
                  "证书 84 天后到期的 WARN 也与故障无关",
    ),
    WorldQuestion(
        "telecom_alert_listing", "现在还有哪些告警没恢复？帮我列一下。", "listing",
        asked_facts=tuple(fact(name) for name in FIRING), forbidden=("xht-num-pool", "xht-einvoice"),
        diagnosis="2 条：UsageApiLatencyHigh（18:40 起，App 8.3.0 首页组件 5 秒轮询用量，20:30 已改远程配置，客户端下次启动才生效）、"
                  "OltPonLosAlarm（18:20 起，宝安西乡道路施工挖断光缆，olt-ba-07 一个 PON 口 37 个 ONT 离线，已派外线）；其余告警都已恢复",
    ),
    WorldQuestion(
        "telecom_smsgw_changes_listing", "短信网关今天都改过些啥？配置、通道参数都算上。", "listing",
        asked_facts=(fact("sms.signature.filing-no", "XH-2026-18"), fact("window_size 10 -> 64"),
                     fact("window_size 64 -> 10")),
        forbidden=_not("smpp", "npdb"), service="xht-smsgw",
        diagnosis="三次：06:45 签名报备号 sms.signature.filing-no XH-2025-07 -> XH-2026-18（与故障无关）、19:32 通道 CMCC-SZ-02 "
                  "window_size 10 -> 64 和速率 200/s -> 800/s（导致被限流、队列积压、验证码延迟）、20:24 改回 window_size 64 -> 10。"
                  "上午携号转网短信失败的原因是 xht-mnp 的 NPDB 同步，不是短信网关的变更",
    ),
)

WORLD = World(name=NAME, title="XingHai 星海通信（虚拟运营商与宽带）", build=build_bundle, questions=QUESTIONS)
