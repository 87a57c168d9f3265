"""World "airport": 云港机场 YunGang Airport, the ground-operations systems of a two-terminal hub (``yg-*`` services: the
flight information display system and its display players, the airline message gateway (SITA Type-B), the airport
operational database and its PostgreSQL pair, the check-in / DCS gateway, the baggage sorter's controller and its line
PLCs, the boarding e-gates, the stand and gate allocation, the A-CDM milestone exchange and its IBM MQ queue manager,
ground-vehicle dispatch, the passenger App's backend, the security-checkpoint queue sensors, the automatic public-address
announcements, parking and lost property on a Kubernetes cluster; the nodes, the PLCs, the MQ queue manager, the
database hosts, the display players and desktop IT's WSUS outside it), seen from Thursday 2027-01-21 20:00 to the
reference time Friday 2027-01-22 21:40 (+08:00), a 春运 Friday. Nothing here was written for the offline agents; ten
incidents of families neither the demo nor the other worlds have, in ordinary noise:

(1) 05:52:30        yg-typeb-gateway: the message admin msg_admin_tangli publishes parser profile MVT-PROFILE 2027.01 (to take
                    a charter operator's three-digit minute delays); its ``DL`` pattern now reads the four digits of an MVT's
    06:05–10:14     delay duration as minutes, not HHMM → ``DL93/0130`` is 130 min, not 90 → yg-aodb sets ETD 40 min late
                    for every delay of an hour or more (under an hour is right) → yg-fids shows those ETDs and flags
                    ``ETD_TOBT_MISMATCH`` against A-CDM's TOBT. 10:12 the profile is rolled back to MVT-PROFILE 2026.11 and
                    today's MVTs re-parsed. The 05:20 deploy 5.8.2 of the FIDS is a decoy.
(2) 07:55:20        yg-bhs-plc: the sorter contractor bhs_vendor_zhoukai (WO BHS-20270122-03) lowers the scan rate of the
                    automatic tag reader ATR-SL2 on sorter line SL-2 from 1000 to 500 scans/s (a laser-life bulletin) → at
    07:56–11:22     2.0 m/s belt speed tags get too few scans: ``NO_READ`` from 1.4 % to ~15 % → yg-bhs-sorter sends the bags
                    to manual encoding MES-2, whose queue peaks at 312 bags at 09:47 (``bhs_manual_encode_queue_bags``; the
                    alert fired at 85) and bags miss their flights. 11:20 the scan rate is restored. The 07:30 deploy 3.4.1
                    of the sorter controller is a decoy.
(3) 12:40:15        yg-aodb: basic-data operator basedata_ops_luyao imports aircraft type A339 (NL's new A330-900neo) with
                    ICAO aerodrome code C instead of E → yg-rms plans NL's A339 rotations on code-C contact stands 105–110 →
    13:05–16:20     the docking guidance refuses them (``DOCKING_REFUSED``: type not permitted), aircraft held on the
                    taxilane, apron control re-allocates by hand. 16:18 the type is corrected to E and the RMS re-plans.
                    The 12:15 towing-buffer config of the RMS is a decoy.
(4) 14:02:05        yg-dcs-gateway: airline HH's operations run reaccommodation batch REACC-HH-20270122-01 (3812 PNRs of
                    three cancelled Harbin flights) through channel HH-OPS on 48 threads → the gateway's request rate goes
    14:03–14:51     from ~140/s to 1486/s (14:21; ``dcs_gateway_requests_per_second``, by channel in ``..._by_channel``) and
                    its 64 host sessions are all taken → counters and kiosks of every airline time out
                    ``NO_FREE_HOST_SESSION``. 14:49 HH stops the batch. The 13:35 kiosk-timeout config is a decoy.
(5) 04:10–04:48     yg-k8s-node-04 is re-imaged by the OS patch wave (infra_ops_dengjie); the new kickstart sets the host's
                    timezone to Etc/UTC. 05:05 the e-gate service's deploy 2.9.0 (a decoy) schedules its pier-B pod on the
    05:46–09:01     fresh node; the pod mounts the host's /etc/localtime → it reads local time 8 h early and rejects every
                    pier-B boarding pass ``BOARDING_NOT_OPEN``; piers A and C are fine. 08:58 the node's localtime is
                    relinked to Asia/Shanghai, 09:01 the verifier is restarted (restarts 1).
(6) 16:47           ATC (空管) reports it restored its queue manager QM.ATC.ZGYG from backup after a disk fault at 16:40 →
                    16:52 our queue manager qm-yg-01 sees ``AMQ9526E`` (message sequence number error) on channel
    16:52–18:25     YG.TO.ATC and ATC.TO.YG, both RETRYING → A-CDM gets no TSAT/CTOT from ATC, its TSATs go stale →
                    yg-gse-dispatch plans pushback tugs on STD instead of TSAT, tugs arrive late, pushbacks wait. 18:22 the
                    MQ admin resets the channels' sequence numbers. The 16:30 deploy 4.2.0 of the dispatch is a decoy.
(7) 17:18:40        yg-queue-sensor: the camera vendor vendor_hik_liwei (WO-SEC-20270122-06, camera re-aimed after a
                    barrier move) redraws counting line L1 of 3D camera CAM-SC-T2-03 with direction BOTH → people leaving the
    17:20–19:06     queue are counted in again → the T2-S1 queue length doubles and the estimated wait peaks 52 min at
                    18:06 (``security_queue_wait_minutes``; the alert fired at 31) while lane throughput is normal; the App
                    shows the estimate. 19:05 direction IN restored. The 16:55 smoothing-window config is a decoy.
(8) 10:20:30        yg-desktop-it: desk_it_sunhao approves KB5050021 for WSUS group Terminal-Kiosks-All (which has held
                    OU=FIDS-Players-C since 01-20) with an install deadline 2027-01-22 19:00 → at 19:00 the 16 display
    19:00 → now     players of pier C restart mid evening bank; 9 fail the update (0x800f0922, "Undoing changes"), 6 come
                    back by 20:15, 3 stop at the BitLocker recovery screen and are still dark at 21:40
                    (FidsDisplayClientsOffline firing). The 18:30 layout config of the FIDS is a decoy. (The FIDS thus has
                    two incidents today: a time phrase picks one.)
(9) 22:40:10 (21st) yg-aodb-db: DBA dba_qinlan switches the AODB database over pg-aodb-01 → pg-aodb-02 (CHG-20270121-14,
                    minor upgrade); yg-aodb follows the VIP, but yg-pax-app's datasource is pinned to pg-aodb-01 → every
    22:41–08:06     flight follow is ``cannot execute INSERT in a read-only transaction``. 08:05 the App's datasource moves
                    to pg-aodb-vip. The 21:50 deploy 7.3.0 of the App backend (the night before) is a decoy.
(10) 00:00          yg-pa-broadcast: the TTS engine's license file expires (valid to 2027-01-21 23:59:59) → from the first
                    boarding call at 05:50 automatic announcements are chime only ``LICENSE_EXPIRED``; 08:40 the vendor
    05:50–08:41     installs the renewed license. The 05:30 template config of the PA is a decoy.

Healthy: yg-parking (a config at 10:30 is a decoy, plate-recognition WARN noise) and yg-lost-found (deploy 1.7.0 at 11:00 is
a decoy, one of its pods on yg-k8s-node-04 after the fix) — INFO/WARN noise only, under their thresholds, no alert. Still
firing at 21:40: FidsDisplayClientsOffline (the WSUS deadline) and QueueSensorCameraOffline (T1 camera CAM-SC-T1-07 since the
evening before, unrelated); TypeBQueueDepthHigh 00:10–00:24 is the SITA night batch of schedule messages, unrelated.
Kubernetes: the deployments and their pods with their nodes, the hourly A-CDM KPI CronJob's pods and the events of the last
hour. Run ``python -m evaluation.worlds airport`` to print the bundle.
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
    job_name,
    job_pod,
    pod_names,
    runbook,
    termination,
)
from evaluation.worlds.spec import HEALTHY, Peak, World, WorldQuestion, fact

NAME = "airport"
SEED = 20270122
TZ = dt.timezone(dt.timedelta(hours=8))
DAY = dt.date(2027, 1, 22)
EVE = dt.date(2027, 1, 21)
START = dt.datetime(2027, 1, 21, 20, 0, tzinfo=TZ)
REFERENCE = dt.datetime(2027, 1, 22, 21, 40, tzinfo=TZ)
NS = "yungang-ops"

_t = functools.partial(clock_on, DAY, TZ)  # a clock on the world's day, for module-level constants
_y = functools.partial(clock_on, EVE, TZ)  # a clock on the evening before

# --- The lines the questions are about (the tests find each one in the bundle) ----------------
# (1) the MVT parser profile reading the delay duration as minutes
PROFILE_PUBLISH = ("parser profile MVT-PROFILE 2026.11 -> MVT-PROFILE 2027.01 published by msg_admin_tangli (charter operator "
                   "ZX sends 3-digit minute delays): DL duration pattern '(\\d{2})(\\d{2})' HHMM -> '(\\d{3,4})' minutes")
PROFILE_ROLLBACK = ("parser profile MVT-PROFILE 2027.01 -> MVT-PROFILE 2026.11 rolled back by msg_admin_tangli (DL duration "
                    "HHMM); 23 MVT of 2027-01-22 re-parsed and re-sent to yg-aodb")
MVT_PARSED = "MVT {flight}/22 DL{code}/{dur} parsed ({profile}): delay {minutes} min, STD {std} -> ETD {etd}"
AODB_ETD = "flight {flight} ETD {std} -> {etd} (source MVT via yg-typeb-gateway, delay code {code})"
ETD_MISMATCH = ("flight {flight} gate {gate}: ETD {etd} (AODB) later than TOBT {tobt} (A-CDM) by {diff} min: ETD_TOBT_MISMATCH, "
                "display shows AODB ETD")
FIDS_DEPLOY = ("deploy finished: yg-fids 5.8.2 (was 5.8.1) rolled out by ci-bot pipeline=#7312; changes: Korean font for "
               "departure boards")

# (2) the ATR scan rate on sorter line SL-2
ATR_CHANGE = ("ATR-SL2 parameter change by bhs_vendor_zhoukai (WO BHS-20270122-03): scan rate 1000 -> 500 scans/s (laser life, "
              "vendor bulletin SB-2026-114), belt speed 2.0 m/s unchanged")
ATR_RESTORE = "ATR-SL2 parameter change by bhs_vendor_zhoukai (WO BHS-20270122-03): scan rate 500 -> 1000 scans/s (restored)"
NO_READ = "bag LPN {lpn} line SL-2 ATR NO_READ (0 of 4 faces decoded) -> manual encoding MES-2, queue {queue}"
SHORT_SHIPPED = "bag LPN {lpn} flight {flight}: not loaded, make-up MU-{mu} closed at STD-25 while bag at MES-2 (short-shipped)"
SORTER_DEPLOY = ("deploy finished: yg-bhs-sorter 3.4.1 (was 3.4.0) rolled out by ci-bot pipeline=#7315; changes: early-bag "
                 "store report")
ENCODE_PEAK = 312
ENCODE_ALERT_VALUE = "85 件"

# (3) the aircraft category of the A339
BASEDATA = ("basic data import by basedata_ops_luyao (file ACTYPE-20270122.xlsx): aircraft type A339 (Airbus A330-900neo, "
            "operator NL, wingspan 64.0 m) aerodrome reference code C, 3 registrations B-32LA/B-32LB/B-32LC")
BASEDATA_FIX = ("basic data change by basedata_ops_luyao: aircraft type A339 aerodrome reference code C -> E; yg-rms notified to "
                "re-plan")
RMS_PLAN = "stand plan {flight} A339 (code C) STA {sta} -> contact stand {stand} (rule R-CONTACT-PREF, max code C)"
DOCKING_REFUSED = ("VDGS stand {stand} {flight}: aircraft type A339 not in stand permitted list (A319,A320,A321,B737,B738,B38M): "
                   "DOCKING_REFUSED, aircraft held on taxilane")
MANUAL_REALLOC = "manual re-allocation {flight} stand {stand} -> {new} by apron_ctl_wanghe (VDGS DOCKING_REFUSED)"
RMS_CONFIG = ("[nacos] config changed: dataId=yg-rms.yaml group=RMS key=rms.towing.buffer-minutes old=10 new=15 "
              "operator=rms_dev_guoqing md5=3a9c0d17e2b4")

# (4) the reaccommodation batch through the DCS gateway
BATCH_START = ("channel HH-OPS batch REACC-HH-20270122-01 started: 3812 PNRs of HH1502/HH1506/HH1510 (HRB, cancelled for "
               "weather) -> POST /dcs/v1/pax/reaccommodate, 48 threads")
BATCH_STOP = "channel HH-OPS batch REACC-HH-20270122-01 stopped by HH ops (hh_occ_jiangmin): 2206 of 3812 PNRs done"
NO_SESSION = ("{channel} {op} flight {flight} pax {pax}: host session pool exhausted (64/64 in use, {waiting} waiting): "
              "NO_FREE_HOST_SESSION after 8000ms")
DCS_CONFIG = ("[nacos] config changed: dataId=yg-dcs-gateway.yaml group=DCS key=dcs.kiosk.idle-timeout-seconds old=90 new=60 "
              "operator=dcs_dev_liangyu md5=7b1e4c90d3a2")
QPS_PEAK = 1486

# (5) the node re-imaged with the UTC timezone
BAD_NODE = "yg-k8s-node-04"
REIMAGE = ("os-patch-wave-3 by infra_ops_dengjie: yg-k8s-node-04 re-imaged with rocky-9.5 image 2027.01 (kickstart "
           "ks-k8s-2027.01.cfg: timezone Etc/UTC --utc), uncordoned")
LOCALTIME_FIX = ("infra_ops_dengjie: yg-k8s-node-04 /etc/localtime relinked Etc/UTC -> Asia/Shanghai (ks-k8s-2027.01.cfg fixed "
                 "for the next wave)")
EGATE_DEPLOY = ("deploy finished: yg-egate 2.9.0 (was 2.8.4) rolled out by ci-bot pipeline=#7309; changes: face-match "
                "threshold per airline")
NOT_OPEN = ("gate {gate} flight {flight} STD {std} pax seq {seq}: BOARDING_NOT_OPEN (local time {local}, boarding window "
            "{open}-{close}), passenger sent to manual check")

# (6) the MQ channel's sequence number after ATC's restore
ATC_NOTICE = "atc_liaison_heyun: 空管通知 16:40 QM.ATC.ZGYG 磁盘故障，已从 01-22 04:00 备份恢复队列管理器，通道需我方确认"
AMQ9526 = ("AMQ9526E: Message sequence number error for channel '{channel}'. The local and remote queue managers do not agree "
           "on the next message sequence number (local {local}, remote 1)")
MQ_RETRY = "AMQ9999E: Channel '{channel}' to host '10.31.8.20(1414)' ended abnormally; channel status RETRYING, xmitq depth {depth}"
MQ_RESET = ("mq_admin_fengyi: RESET CHANNEL('YG.TO.ATC') SEQNUM(1) and RESET CHANNEL('ATC.TO.YG') SEQNUM(1) after ATC's QM "
            "restore; channels RUNNING, xmitq draining")
TSAT_STALE = "no TSAT/CTOT update from ATC for {mins} min: {n} departures with stale TSAT, A-CDM sequence frozen"
TSAT_MISSING = "pushback task {flight} stand {stand}: TSAT missing from A-CDM, planning tug on STD {std}"
TUG_LATE = "pushback {flight} stand {stand}: tug {tug} arrived {late} min after aircraft ready (TOBT {tobt}), pushback waited"
GSE_DEPLOY = ("deploy finished: yg-gse-dispatch 4.2.0 (was 4.1.3) rolled out by ci-bot pipeline=#7321; changes: electric "
              "tractor charge scheduling")

# (7) the counting line of the queue camera
CAMERA_CHANGE = ("CAM-SC-T2-03 configuration changed by vendor_hik_liwei (WO-SEC-20270122-06, camera re-aimed after barrier "
                 "move): counting line L1 redrawn, direction IN -> BOTH")
CAMERA_FIX = "CAM-SC-T2-03 configuration changed by vendor_hik_liwei: counting line L1 direction BOTH -> IN"
QUEUE_ESTIMATE = ("checkpoint T2-S1 queue {queue} pax (CAM-SC-T2-01..04 in {inflow}/min), lanes open {lanes}, throughput "
                  "{throughput} pax/h: estimated wait {wait} min")
QUEUE_CONFIG = ("[nacos] config changed: dataId=yg-queue-sensor.yaml group=SEC key=queue.estimate.smoothing-seconds old=60 "
                "new=120 operator=sec_dev_huwei md5=c02e7f19ab35")
WAIT_PEAK = 52
WAIT_ALERT_VALUE = "31 分钟"

# (8) the WSUS deadline on the pier C display players
WSUS_APPROVAL = ("WSUS: update KB5050021 (2027-01 Cumulative Update for Windows 10 IoT Enterprise LTSC) approved for install "
                 "for group Terminal-Kiosks-All by desk_it_sunhao, deadline 2027-01-22 19:00 (group members include "
                 "OU=FIDS-Players-C since 2027-01-20)")
PLAYER_RESTART = ("EventID 1074: The process C:\\Windows\\servicing\\TrustedInstaller.exe has initiated the restart of "
                  "computer {player} on behalf of user NT AUTHORITY\\SYSTEM: Operating System: Upgrade (Planned), KB5050021 "
                  "deadline reached")
PLAYER_FAIL = ("EventID 20: Installation Failure: Windows failed to install the following update with error 0x800f0922: "
               "KB5050021; Undoing changes made to your computer")
PLAYER_BITLOCKER = "EventID 24620: BitLocker recovery: boot configuration changed, recovery key required at console"
HEARTBEAT_LOST = "display client {player} (pier C, {screen}) heartbeat lost, last seen {last}, screen dark"
FIDS_LAYOUT_CONFIG = ("[nacos] config changed: dataId=yg-fids.yaml group=FIDS key=fids.layout.pier-c.rows old=12 new=14 "
                      "operator=fids_dev_mali md5=e51b0c9a7d43")
STUCK_PLAYERS = ("DP-C04", "DP-C09", "DP-C13")
FAILED_PLAYERS = ("DP-C02", "DP-C04", "DP-C05", "DP-C07", "DP-C09", "DP-C11", "DP-C12", "DP-C13", "DP-C15")

# (9) the App pinned to the old primary after the switchover
SWITCHOVER = ("patroni: switchover pg-aodb-01 -> pg-aodb-02 by dba_qinlan (CHG-20270121-14, minor upgrade 15.9 -> 15.10): new "
              "leader pg-aodb-02, pg-aodb-01 restarted as replica; pg-aodb-vip moved")
READ_ONLY = ("POST /api/v2/flights/follow user={user} flight {flight}: ERROR: cannot execute INSERT in a read-only transaction "
             "(jdbc:postgresql://pg-aodb-01:5432/aodb)")
APP_DATASOURCE = ("[nacos] config changed: dataId=yg-pax-app.yaml group=APP key=spring.datasource.url "
                  "old=jdbc:postgresql://pg-aodb-01:5432/aodb new=jdbc:postgresql://pg-aodb-vip:5432/aodb "
                  "operator=app_oncall_songjie md5=4f8a21d0c6e9")
APP_DEPLOY = ("deploy finished: yg-pax-app 7.3.0 (was 7.2.6) rolled out by ci-bot pipeline=#7301; changes: 春运 boarding "
              "reminder card")

# (10) the TTS license
TTS_EXPIRED = ("TTS engine init failed: license /opt/tts/license.lic expired (valid 2026-01-22 00:00:00 - 2027-01-21 23:59:59): "
               "LICENSE_EXPIRED")
TTS_CHIME = "auto announcement {kind} {flight} gate {gate}: TTS unavailable (LICENSE_EXPIRED), chime only"
TTS_RENEWED = ("license /opt/tts/license.lic renewed by pa_vendor_xujing (valid to 2028-01-21 23:59:59), TTS engine reloaded, "
               "3 voices zh-CN/en-US/ko-KR")
PA_CONFIG = ("[nacos] config changed: dataId=yg-pa-broadcast.yaml group=PA key=pa.template.boarding old=std-2026 "
             "new=chunyun-2027 operator=pa_dev_yuxin md5=90c4d2b1e8f3")

# Healthy services' changes and the unrelated alerts
PARKING_CONFIG = ("[nacos] config changed: dataId=yg-parking.yaml group=PARK key=parking.p2.grace-minutes old=15 new=20 "
                  "operator=park_dev_zhangwei md5=1d7e3b9a0c52")
LOSTFOUND_DEPLOY = ("deploy finished: yg-lost-found 1.7.0 (was 1.6.3) rolled out by ci-bot pipeline=#7318; changes: photo "
                    "upload for found items")
TYPEB_CONFIG = ("[nacos] config changed: dataId=yg-typeb-gateway.yaml group=MSG key=typeb.sita.heartbeat-seconds old=30 new=20 "
                "operator=msg_admin_tangli md5=62b0e8c4f1a9")
TYPEB_DEPLOY = ("deploy finished: yg-typeb-gateway 3.6.1 (was 3.6.0) rolled out by ci-bot pipeline=#7325; changes: LDM "
                "2-digit compartment codes")
T1_CAMERA_SUMMARY = "T1 安检口排队摄像头 CAM-SC-T1-07 离线，自 01-21 21:30 起（已报修）"

# --- Pods, nodes, flights -----------------------------------------------------------------------------
ROLLOUTS: dict[str, list[tuple[str, tuple[str, ...]]]] = {
    "yg-fids": [("00:00", pod_names("yg-fids", "5.8.1", 3)), ("05:21:00", pod_names("yg-fids", "5.8.2", 3))],
    "yg-typeb-gateway": [("00:00", pod_names("yg-typeb-gateway", "3.6.0", 2)),
                         ("15:41:00", pod_names("yg-typeb-gateway", "3.6.1", 2))],
    "yg-aodb": [("00:00", pod_names("yg-aodb", "6.2.3", 3))],
    "yg-dcs-gateway": [("00:00", pod_names("yg-dcs-gateway", "4.11.0", 4))],
    "yg-bhs-sorter": [("00:00", pod_names("yg-bhs-sorter", "3.4.0", 2)), ("07:31:00", pod_names("yg-bhs-sorter", "3.4.1", 2))],
    "yg-egate": [("00:00", pod_names("yg-egate", "2.8.4", 3)), ("05:06:00", pod_names("yg-egate", "2.9.0", 3))],
    "yg-rms": [("00:00", pod_names("yg-rms", "3.1.2", 2))],
    "yg-acdm": [("00:00", pod_names("yg-acdm", "2.5.0", 2))],
    "yg-gse-dispatch": [("00:00", pod_names("yg-gse-dispatch", "4.1.3", 2)),
                        ("16:31:00", pod_names("yg-gse-dispatch", "4.2.0", 2))],
    "yg-pax-app": [("00:00", pod_names("yg-pax-app", "7.2.6", 3)), ("21:51:00", pod_names("yg-pax-app", "7.3.0", 3))],
    "yg-queue-sensor": [("00:00", pod_names("yg-queue-sensor", "1.12.0", 2))],
    "yg-pa-broadcast": [("00:00", pod_names("yg-pa-broadcast", "2.2.4", 2))],
    "yg-parking": [("00:00", pod_names("yg-parking", "3.0.7", 2))],
    "yg-lost-found": [("00:00", pod_names("yg-lost-found", "1.6.3", 2)), ("11:01:00", pod_names("yg-lost-found", "1.7.0", 2))],
}
#: The App backend's rollout happened the evening before (the clocks above are on the 22nd; this one is the 21st).
APP_ROLLED_AT = _y("21:51:00")
NODES = [f"yg-k8s-node-{n:02d}" for n in range(1, 7)]
PLAYERS_C = [f"DP-C{n:02d}" for n in range(1, 17)]
VMS = {
    "yg-k8s-node": NODES,
    "yg-bhs-plc": ["plc-sl1", "plc-sl2", "plc-sl3"],
    "yg-mq": ["qm-yg-01"],
    "yg-aodb-db": ["pg-aodb-01", "pg-aodb-02"],
    "yg-fids-player": PLAYERS_C,
    "yg-desktop-it": ["wsus-01"],
}
INSTANCES: dict[str, list[str]] = {service: list(steps[-1][1]) for service, steps in ROLLOUTS.items()} | VMS

EGATE_PODS = ROLLOUTS["yg-egate"][1][1]
#: The e-gate verifier is sharded by pier; the 2.9.0 pod of pier B landed on the freshly re-imaged node.
EGATE_PIERS = {EGATE_PODS[0]: "A", EGATE_PODS[1]: "B", EGATE_PODS[2]: "C"}
EGATE_BAD_POD = EGATE_PODS[1]
LOSTFOUND_POD_ON_NODE = ROLLOUTS["yg-lost-found"][1][1][0]
#: What runs on the re-imaged node at 21:40: the pier-B verifier (restarted in place) and, after the fix, a lost-property pod.
ON_BAD_NODE = (EGATE_BAD_POD, LOSTFOUND_POD_ON_NODE)
_GOOD_NODES = [node for node in NODES if node != BAD_NODE]


def node_of(pod: str) -> str:
    if pod in ON_BAD_NODE:
        return BAD_NODE
    return _GOOD_NODES[int(hashlib.sha256(pod.encode()).hexdigest(), 16) % len(_GOOD_NODES)]


SERVICES: list[Json] = [
    {"name": "yg-fids", "aliases": ["航显", "航显系统", "FIDS", "航班信息显示", "航显屏", "显示屏"],
     "description": "航班信息显示系统服务端（Java，3 个副本）：从 yg-aodb 取航班计划与动态（ETD、登机口、状态），与 A-CDM 的 TOBT "
                    "做一致性校验，下发到各指廊的显示终端 DP-<指廊><序号>（Windows 10 IoT 播放器，心跳 30 秒）。"},
    {"name": "yg-fids-player", "aliases": ["航显终端", "显示终端", "播放器", "航显播放器"],
     "description": "航显显示终端（Windows 10 IoT LTSC 工控机），C 指廊 DP-C01..DP-C16；补丁由桌面运维的 WSUS 下发。"},
    {"name": "yg-typeb-gateway", "aliases": ["报文网关", "Type-B", "SITA 报文", "航司报文", "电报网关"],
     "description": "航司报文网关（Java，2 个副本）：经 SITA 收发 Type-B 电报（MVT 动态、LDM 载重、BSM 行李、PSM），按解析配置"
                    "（parser profile）解析后送 yg-aodb；MVT 的 DL 行是延误代码与延误时长（HHMM）。"},
    {"name": "yg-aodb", "aliases": ["AODB", "航班数据库", "运行数据库", "航班动态", "基础数据"],
     "description": "机场运行数据库（Java，3 个副本，PostgreSQL pg-aodb-01/02，经 pg-aodb-vip 访问）：航班计划与动态、机型等"
                    "基础数据（机型的机场参考代码 C/D/E 决定可用机位），向各系统发布。主要航司：HH 瀚海航空、NL 南岭航空、"
                    "DY 东岳航空、KX 凯翔航空。"},
    {"name": "yg-aodb-db", "aliases": ["AODB 数据库", "航班库", "PostgreSQL", "pg-aodb"],
     "description": "AODB 的 PostgreSQL 主备（Patroni，pg-aodb-01/pg-aodb-02），读写走 pg-aodb-vip。"},
    {"name": "yg-dcs-gateway", "aliases": ["值机", "值机系统", "DCS", "离港系统", "自助值机", "值机柜台"],
     "description": "值机 / 离港系统网关（Java，4 个副本）：柜台（COUNTER）、自助值机（KIOSK）、网上值机（WEB）和航司接口"
                    "（<航司>-OPS）的请求经 64 个主机会话（host session）转给航司的主机 DCS。"},
    {"name": "yg-bhs-sorter", "aliases": ["行李分拣", "行李系统", "BHS", "分拣机", "行李分拣系统"],
     "description": "行李分拣控制（SAC，Java，2 个副本）：按行李牌号（LPN）与 BSM 分配滑槽 / 装机转盘 MU-xx，读不到行李牌的送人工"
                    "补码站 MES-1/MES-2。"},
    {"name": "yg-bhs-plc", "aliases": ["分拣线 PLC", "PLC", "自动读码器", "ATR"],
     "description": "行李分拣线 SL-1..SL-3 的 PLC 网关（plc-sl1..3）与自动读码器 ATR-SLx（激光扫描，皮带速度 2.0 m/s）。"},
    {"name": "yg-egate", "aliases": ["闸机", "登机口闸机", "自助登机", "e-gate", "登机闸机"],
     "description": "登机口自助闸机校验服务（Go，3 个副本，按指廊分片 A/B/C）：校验登机牌与登机时间窗（STD-40 到 STD-10 分钟，"
                    "按容器本地时间，挂载宿主机 /etc/localtime）。"},
    {"name": "yg-rms", "aliases": ["机位分配", "资源分配", "RMS", "机位", "登机口分配", "停机位"],
     "description": "机位与登机口分配（Java，2 个副本）：按机型的机场参考代码把航班排到近机位 / 远机位，接收目视停靠引导（VDGS）"
                    "状态；机位 105–110 为 C 类近机位，201–215 为 E 类。"},
    {"name": "yg-acdm", "aliases": ["A-CDM", "协同决策", "ACDM", "放行排序"],
     "description": "机场协同决策平台（Java，2 个副本）：里程碑交换，TOBT 来自航司 / 地服，TSAT / CTOT 由空管经 IBM MQ 通道 "
                    "YG.TO.ATC / ATC.TO.YG（队列管理器 qm-yg-01）发来。"},
    {"name": "yg-mq", "aliases": ["MQ", "IBM MQ", "消息队列", "队列管理器"],
     "description": "与空管交换 A-CDM 报文的 IBM MQ 队列管理器 qm-yg-01（对端 QM.ATC.ZGYG，10.31.8.20:1414）。"},
    {"name": "yg-gse-dispatch", "aliases": ["车辆调度", "地勤车辆", "特种车调度", "推出拖车", "GSE"],
     "description": "地勤特种车辆调度（Java，2 个副本）：拖车、摆渡车、行李牵引车派工；推出拖车按 A-CDM 的 TSAT 派出。"},
    {"name": "yg-pax-app", "aliases": ["旅客 App", "App", "小程序", "旅客服务", "关注航班"],
     "description": "旅客 App 与小程序后端（Java，3 个副本）：航班查询、关注航班（写 AODB 库的 flight_follow 表）、安检排队"
                    "时间、停车缴费入口。"},
    {"name": "yg-queue-sensor", "aliases": ["安检排队", "排队监测", "安检排队系统", "排队时间"],
     "description": "安检排队监测（Python，2 个副本）：T1/T2 安检口的 3D 客流摄像头 CAM-SC-<航站楼>-xx 计数，按排队人数与通道"
                    "通过量估算等候时间，推送 App 与现场屏。"},
    {"name": "yg-pa-broadcast", "aliases": ["广播", "自动广播", "登机广播", "PA"],
     "description": "自动广播（Python，2 个副本）：按航班状态自动播报登机、催促登机、登机口变更，TTS 引擎离线授权文件 "
                    "/opt/tts/license.lic。"},
    {"name": "yg-parking", "aliases": ["停车场", "停车", "停车系统", "停车楼"],
     "description": "停车场系统（Java，2 个副本）：P1/P2 停车楼出入口车牌识别、计费、无感支付。"},
    {"name": "yg-lost-found", "aliases": ["失物招领", "遗失物品", "失物"],
     "description": "失物招领（Node.js，2 个副本）：遗失物品登记、认领、到期处置。"},
    {"name": "yg-k8s-node", "aliases": ["K8s 节点", "工作节点", "节点"],
     "description": "集群 yg-prod 的 6 个节点 yg-k8s-node-01..06（Rocky Linux，按 OS 补丁批次重装，kickstart 模板）。"},
    {"name": "yg-desktop-it", "aliases": ["桌面运维", "WSUS", "补丁服务器"],
     "description": "桌面运维的 WSUS 服务器 wsus-01：Windows 终端（值机终端、自助机、航显播放器）的补丁审批与安装期限。"},
]

WINDOWS = {
    "readonly": (_y("22:40:10"), _t("08:05:30")),
    "tts": (START, _t("08:40:20")),
    "localtime": (_t("05:06:00"), _t("09:01:10")),
    "typeb": (_t("05:52:30"), _t("10:12:40")),
    "atr": (_t("07:55:20"), _t("11:20:10")),
    "category": (_t("12:40:15"), _t("16:18:40")),
    "rebooking": (_t("14:02:05"), _t("14:49:50")),
    "mq": (_t("16:52:10"), _t("18:22:30")),
    "queue": (_t("17:18:40"), _t("19:05:10")),
    "wsus": (_t("19:00:00"), REFERENCE),
}


def _inside(window: str, t: dt.datetime) -> bool:
    a, b = WINDOWS[window]
    return a <= t < b


def _busy(t: dt.datetime) -> bool:
    """Flights operate 06:00–23:59; the night is quiet."""
    return 6 <= t.hour < 24


# --- Business vocabulary -------------------------------------------------------------------------
Line = tuple[str, str, dict[str, Any]]
AIRLINES = ("HH", "NL", "DY", "KX")
DESTS = ("PEK", "PVG", "CAN", "CTU", "XIY", "HRB", "KMG", "SZX", "HGH", "WUH", "CKG", "TAO", "ICN", "NRT", "SIN")
TYPES = ("A320", "A321", "B738", "B38M", "A319", "A333", "B789")
PIERS = ("A", "B", "C")
GATES = {pier: [f"{pier}{n:02d}" for n in range(1, 16)] for pier in PIERS}


def _flight(w: WorldBuilder) -> str:
    return f"{w.rng.choice(AIRLINES)}{w.rng.randint(1001, 8999)}"


def _gate(w: WorldBuilder, piers: tuple[str, ...] = PIERS) -> str:
    return w.rng.choice(GATES[w.rng.choice(piers)])


def _lpn(w: WorldBuilder) -> str:
    return f"0{w.rng.randint(100, 999)}{w.rng.randint(100000, 999999)}"


def _pax(w: WorldBuilder) -> str:
    return f"{w.rng.choice('ABCDEFGHJKLMNPQRSTUVWXYZ')}{w.rng.choice('ABCDEFGHJKLMNPQRSTUVWXYZ')}{w.rng.randint(1000, 9999)}"


def _pod(w: WorldBuilder, service: str, t: dt.datetime) -> str:
    if service == "yg-pax-app":
        steps = ROLLOUTS[service]
        return w.rng.choice(steps[1][1] if t >= APP_ROLLED_AT else steps[0][1])
    return w.pod_at(ROLLOUTS[service], t) if t.date() == DAY else w.rng.choice(ROLLOUTS[service][0][1])


def _hm(t: dt.datetime, minutes: int = 0) -> str:
    return f"{t + dt.timedelta(minutes=minutes):%H:%M}"


# --- Noise: every service's ordinary day ----------------------------------------------------------
def _fids(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "yg-fids", t)
    roll = w.rng.random()
    if not _busy(t):
        return "INFO", f"display clients online {w.rng.randint(186, 188)}/188 (night mode, arrivals board only)", {"instance": pod}
    if roll < 0.45:
        flight = _flight(w)
        return "INFO", (f"board update flight {flight} gate {_gate(w)} status {w.rng.choice(['值机', '登机', '催促登机', '起飞', '到达'])} "
                        f"pushed to {w.rng.randint(6, 40)} displays took={w.ms(20, 140)}ms"), {"instance": pod}
    if roll < 0.7:
        return "INFO", f"TOBT/ETD check: {w.rng.randint(60, 140)} departures consistent", {"instance": pod, "logger": "check"}
    if roll < 0.9:
        online = 188 - len(players_down(t))
        return "INFO", f"display clients online {online}/188", {"instance": pod, "logger": "clients"}
    return "WARN", f"display client DP-{w.rng.choice('AB')}{w.rng.randint(1, 20):02d} slow ack {w.ms(2100, 4800)}ms (content 1.8 MB)", {
        "instance": pod}


#: Players back after a successful install, after the rollback, and the three at the BitLocker screen.
BACK_AFTER_INSTALL = tuple(p for p in PLAYERS_C if p not in FAILED_PLAYERS)
BACK_AFTER_ROLLBACK = tuple(p for p in FAILED_PLAYERS if p not in STUCK_PLAYERS)


def players_down(t: dt.datetime) -> set[str]:
    """The pier C players dark at ``t``: all sixteen while they restart, the nine failed ones until the rollback, the
    three at the BitLocker recovery screen until now."""
    if t < _t("19:00:05"):
        return set()
    if t < _t("19:08"):
        return set(PLAYERS_C)
    if t < _t("20:15"):
        return set(FAILED_PLAYERS)
    return set(STUCK_PLAYERS)


def _player(w: WorldBuilder, t: dt.datetime) -> Line:
    player = w.rng.choice([p for p in PLAYERS_C if p not in players_down(t)])
    if w.rng.random() < 0.7:
        return "INFO", f"fids-kiosk: content rev {w.rng.randint(40000, 49999)} rendered in {w.ms(80, 400)}ms", {"instance": player}
    return "INFO", "EventID 7036: The Windows Update service entered the running state.", {"instance": player}


def _typeb(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "yg-typeb-gateway", t)
    roll = w.rng.random()
    flight = _flight(w)
    if roll < 0.35:
        kind = w.rng.choice(["AD", "AA", "EA"])
        return "INFO", f"MVT {flight}/22 {kind}{_hm(t, w.rng.randint(-20, 40)).replace(':', '')} parsed, sent to yg-aodb", {
            "instance": pod}
    if roll < 0.6:
        return "INFO", (f"BSM {flight}/22 LPN {_lpn(w)} .V/1LYGG parsed, sent to yg-bhs-sorter"), {"instance": pod}
    if roll < 0.78:
        return "INFO", f"LDM {flight}/22 parsed: pax {w.rng.randint(90, 280)} bags {w.rng.randint(60, 260)}", {"instance": pod}
    if roll < 0.93:
        return "INFO", f"SITA link YGGXSXH in={w.rng.randint(30, 160)} out={w.rng.randint(10, 90)} msgs/min", {"instance": pod}
    return "WARN", f"SITA link YGGXSXH heartbeat late {w.ms(1200, 2900)}ms (threshold 1000ms), link up", {"instance": pod}


def _aodb(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "yg-aodb", t)
    roll = w.rng.random()
    if roll < 0.5:
        return "INFO", (f"flight {_flight(w)} update {w.rng.choice(['ATD', 'ATA', 'gate', 'stand', 'ETA'])} published to "
                        f"{w.rng.randint(9, 14)} subscribers"), {"instance": pod}
    if roll < 0.8:
        return "INFO", f"HikariPool-1 stats (total=40, active={w.rng.randint(2, 12)}, idle=28, waiting=0) url=pg-aodb-vip", {
            "instance": pod, "logger": "pool"}
    return "INFO", f"GET /api/aodb/v3/flights?date=2027-01-22 200 took={w.ms(8, 60)}ms", {"instance": pod, "log_type": "access"}


def _aodb_db(w: WorldBuilder, t: dt.datetime) -> Line:
    leader = "pg-aodb-02" if t >= WINDOWS["readonly"][0] else "pg-aodb-01"
    if w.rng.random() < 0.6:
        return "INFO", (f"patroni: no action. I am ({leader}), the leader with the lock"), {"instance": leader}
    return "INFO", (f"checkpoint complete: wrote {w.rng.randint(300, 4000)} buffers; distance={w.rng.randint(4000, 60000)} kB"), {
        "instance": leader}


def _dcs(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "yg-dcs-gateway", t)
    roll = w.rng.random()
    if not _busy(t):
        return "INFO", f"host sessions in use {w.rng.randint(1, 4)}/64", {"instance": pod, "logger": "pool"}
    channel = w.rng.choice(["COUNTER", "COUNTER", "KIOSK", "KIOSK", "WEB"])
    if roll < 0.55 and not _inside("rebooking", t):
        return "INFO", (f"{channel} checkin flight {_flight(w)} pax {_pax(w)} seat {w.rng.randint(3, 45)}{w.rng.choice('ABCDEF')} "
                        f"ok took={w.ms(300, 1400)}ms"), {"instance": pod}
    if roll < 0.75:
        return "INFO", f"{channel} bag tag printed flight {_flight(w)} LPN {_lpn(w)}", {"instance": pod}
    if roll < 0.92 and not _inside("rebooking", t):
        return "INFO", f"host sessions in use {w.rng.randint(14, 38)}/64", {"instance": pod, "logger": "pool"}
    return "WARN", f"KIOSK K-{w.rng.randint(1, 60):02d} boarding pass printer paper low", {"instance": pod}


def _sorter(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "yg-bhs-sorter", t)
    roll = w.rng.random()
    line = w.rng.choice(["SL-1", "SL-3"] if _inside("atr", t) else ["SL-1", "SL-2", "SL-3"])
    if not _busy(t):
        return "INFO", f"line {line} idle, belt stopped (energy save)", {"instance": pod}
    if roll < 0.6:
        return "INFO", (f"bag LPN {_lpn(w)} line {line} ATR read ok -> make-up MU-{w.rng.randint(1, 24):02d} flight {_flight(w)}"), {
            "instance": pod}
    if roll < 0.8:
        return "INFO", f"line {line} throughput {w.rng.randint(900, 1600)} bags/h, no-read {w.rng.uniform(0.8, 1.9):.1f}%", {
            "instance": pod, "logger": "stats"}
    if roll < 0.93:
        return "INFO", f"early bag store EBS-1 occupancy {w.rng.randint(80, 420)}/1200", {"instance": pod}
    return "WARN", f"bag LPN {_lpn(w)} line {line} ATR NO_READ (damaged tag) -> manual encoding MES-1", {"instance": pod}


def _plc(w: WorldBuilder, t: dt.datetime) -> Line:
    plc = w.rng.choice(VMS["yg-bhs-plc"])
    n = plc[-1]
    rate = 500 if plc == "plc-sl2" and _inside("atr", t) else 1000
    if w.rng.random() < 0.7:
        return "INFO", f"ATR-SL{n} status ok scan rate {rate} scans/s, laser hours {31000 + int(n) * 412}", {"instance": plc}
    return "INFO", f"SL-{n} belt speed 2.0 m/s, motor current {w.rng.uniform(11, 14):.1f} A", {"instance": plc}


def _egate(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "yg-egate", t)
    pier = EGATE_PIERS.get(pod, w.rng.choice(PIERS))
    if t >= _t("05:06") and pod == EGATE_BAD_POD and _inside("localtime", t):
        pod, pier = EGATE_PODS[0], "A"
    gate = w.rng.choice(GATES[pier])
    roll = w.rng.random()
    if not (6 <= t.hour < 24):
        return "INFO", f"gate {gate} idle, self-test ok", {"instance": pod}
    if roll < 0.6:
        return "INFO", (f"gate {gate} flight {_flight(w)} pax seq {w.rng.randint(1, 280):03d} boarded (boarding pass + face "
                        f"{w.rng.uniform(0.82, 0.97):.2f}) took={w.ms(600, 1500)}ms"), {"instance": pod}
    if roll < 0.85:
        return "INFO", f"gate {gate} boarding list loaded from yg-dcs-gateway: {w.rng.randint(90, 280)} pax", {"instance": pod}
    return "WARN", f"gate {gate} face match low score {w.rng.uniform(0.55, 0.7):.2f}, passenger sent to agent", {"instance": pod}


def _rms(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "yg-rms", t)
    roll = w.rng.random()
    stand = w.rng.choice([*range(101, 105), *range(111, 121), *range(201, 216)])
    if roll < 0.5:
        return "INFO", f"stand plan {_flight(w)} {w.rng.choice(TYPES)} -> stand {stand} ok", {"instance": pod}
    if roll < 0.8:
        return "INFO", f"VDGS stand {stand} docking complete, aircraft parked", {"instance": pod}
    return "INFO", f"gate plan recomputed: {w.rng.randint(0, 4)} changes in next 3h", {"instance": pod}


def _acdm(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "yg-acdm", t)
    roll = w.rng.random()
    flight = _flight(w)
    if roll < 0.4 and not _inside("mq", t):
        return "INFO", f"TSAT {flight} {_hm(t, w.rng.randint(10, 60))} received from ATC (ATC.TO.YG)", {"instance": pod}
    if roll < 0.75:
        return "INFO", f"TOBT {flight} {_hm(t, w.rng.randint(20, 90))} updated by ground handler", {"instance": pod}
    return "INFO", f"milestone M{w.rng.choice([3, 6, 9, 13, 15])} {flight} recorded", {"instance": pod}


def _mq(w: WorldBuilder, t: dt.datetime) -> Line:
    if _inside("mq", t):
        return "INFO", "AMQ8024I: IBM MQ channel initiator started; 2 channels in RETRYING state", {"instance": "qm-yg-01"}
    channel = w.rng.choice(["YG.TO.ATC", "ATC.TO.YG"])
    return "INFO", f"channel '{channel}' RUNNING, msgs {w.rng.randint(100, 900)} in last 10 min, xmitq depth 0", {
        "instance": "qm-yg-01"}


def _gse(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "yg-gse-dispatch", t)
    roll = w.rng.random()
    if not _busy(t):
        return "INFO", f"vehicles on charge {w.rng.randint(20, 40)}, tasks 0", {"instance": pod}
    if roll < 0.4 and not _inside("mq", t):
        return "INFO", (f"pushback task {_flight(w)} stand {w.rng.randint(101, 215)}: tug TUG-{w.rng.randint(1, 18):02d} on TSAT, "
                        f"arrived {w.rng.randint(3, 8)} min early"), {"instance": pod}
    if roll < 0.75:
        return "INFO", (f"task {w.rng.choice(['行李牵引', '摆渡车', '清水车', '污水车', '配餐车'])} {_flight(w)} assigned "
                        f"{w.rng.choice(['BT', 'BUS', 'WT', 'LT', 'CT'])}-{w.rng.randint(1, 40):02d}"), {"instance": pod}
    if roll < 0.92:
        return "INFO", f"vehicle positions: {w.rng.randint(160, 210)} reporting, 0 stale", {"instance": pod}
    return "WARN", f"electric tractor BT-{w.rng.randint(1, 40):02d} battery {w.rng.randint(12, 19)}%, sent to charge", {"instance": pod}


def _pax_app(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "yg-pax-app", t)
    roll = w.rng.random()
    if roll < 0.4:
        return "INFO", f"GET /api/v2/flights/{_flight(w)} 200 took={w.ms(8, 80)}ms", {"instance": pod, "log_type": "access"}
    if roll < 0.6 and not _inside("readonly", t):
        return "INFO", f"POST /api/v2/flights/follow user=U{w.rng.randint(10**7, 10**8 - 1)} flight {_flight(w)} 200", {
            "instance": pod, "log_type": "access"}
    if roll < 0.8:
        return "INFO", f"GET /api/v2/security/wait?terminal=T{w.rng.choice('12')} 200 took={w.ms(5, 40)}ms", {
            "instance": pod, "log_type": "access"}
    if roll < 0.94:
        return "INFO", f"push sent: {w.rng.randint(20, 900)} follow notifications (gate/status changes)", {"instance": pod}
    return "WARN", "wechat template message rate limited (45009), retry in 60s", {"instance": pod}


def _queue(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "yg-queue-sensor", t)
    roll = w.rng.random()
    if roll < 0.5 and not (_inside("queue", t)):
        queue = w.rng.randint(40, 160) if _busy(t) else w.rng.randint(0, 12)
        throughput = w.rng.randint(560, 720) if _busy(t) else w.rng.randint(40, 120)
        return "INFO", (f"checkpoint T{w.rng.choice('12')}-S1 queue {queue} pax, throughput {throughput} pax/h: estimated wait "
                        f"{max(1, round(queue * 60 / max(throughput, 1)))} min"), {"instance": pod}
    if roll < 0.8:
        cams = [f"CAM-SC-T2-0{n}" for n in range(1, 5)] + [f"CAM-SC-T1-0{n}" for n in range(1, 7)]
        return "INFO", f"camera {w.rng.choice(cams)} heartbeat ok, fps 15", {"instance": pod}
    return "WARN", "camera CAM-SC-T1-07 no heartbeat for 600s (offline)", {"instance": pod}


def _pa(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "yg-pa-broadcast", t)
    if not (6 <= t.hour < 24) or _inside("tts", t):
        return "INFO", f"zone {w.rng.choice(['T2-A', 'T2-B', 'T2-C', 'T1'])} ambient level {w.rng.randint(48, 66)} dB", {
            "instance": pod}
    if w.rng.random() < 0.7:
        return "INFO", (f"auto announcement {w.rng.choice(['BOARDING', 'FINAL_CALL', 'GATE_CHANGE'])} {_flight(w)} gate {_gate(w)} "
                        f"played zh-CN/en-US ({w.rng.randint(18, 40)}s)"), {"instance": pod}
    return "INFO", f"zone {w.rng.choice(['T2-A', 'T2-B', 'T2-C', 'T1'])} ambient level {w.rng.randint(58, 74)} dB", {"instance": pod}


def _parking(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "yg-parking", t)
    roll = w.rng.random()
    plate = f"云A{w.rng.choice('ABCDEFGHJKLMN')}{w.rng.randint(1000, 9999)}"
    if roll < 0.45:
        return "INFO", f"P{w.rng.choice('12')} entry {plate} lane E{w.rng.randint(1, 4)} opened", {"instance": pod}
    if roll < 0.8:
        return "INFO", (f"P{w.rng.choice('12')} exit {plate} fee ¥{w.rng.choice([0, 10, 20, 40, 60, 80])} paid "
                        f"{w.rng.choice(['无感支付', '微信', '支付宝'])} took={w.ms(200, 900)}ms"), {"instance": pod}
    if roll < 0.93:
        return "INFO", f"P2 free spaces {w.rng.randint(300, 1400)}/3200", {"instance": pod}
    return "WARN", f"P{w.rng.choice('12')} exit lane X{w.rng.randint(1, 6)} plate not recognized (confidence 0.41), manual review", {
        "instance": pod}


def _lost(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "yg-lost-found", t)
    roll = w.rng.random()
    if roll < 0.45:
        return "INFO", f"item LF-{w.rng.randint(10000, 99999)} registered: {w.rng.choice(['充电宝', '钱包', '身份证', '雨伞', '耳机'])}", {
            "instance": pod}
    if roll < 0.85:
        return "INFO", f"GET /api/lf/v1/items?date=2027-01-22 200 took={w.ms(10, 90)}ms", {"instance": pod, "log_type": "access"}
    return "WARN", f"item LF-{w.rng.randint(10000, 99999)} unclaimed > 90 days: disposal scheduled", {"instance": pod}


def _node(w: WorldBuilder, t: dt.datetime) -> Line:
    node = w.rng.choice(NODES)
    roll = w.rng.random()
    if roll < 0.5:
        return "INFO", (f'kubelet[{w.rng.randint(1800, 2400)}]: "Disk usage on image filesystem is below the low threshold" '
                        f"usage={w.rng.randint(28, 55)} lowThreshold=80"), {"instance": node}
    if roll < 0.8:
        return "INFO", f"systemd[1]: Started Session {w.rng.randint(1000, 9000)} of User root.", {"instance": node}
    return "INFO", (f"chronyd[{w.rng.randint(700, 900)}]: Selected source 10.20.0.1 (ntp.yungang.local), offset "
                    f"{w.rng.uniform(-0.4, 0.4):.3f}ms"), {"instance": node}


def _desktop(w: WorldBuilder, t: dt.datetime) -> Line:
    return "INFO", (f"WSUS: {w.rng.randint(1400, 1600)} computers reported, {w.rng.randint(0, 30)} need updates, sync with "
                    "Microsoft Update ok"), {"instance": "wsus-01"}


NOISE = {
    "yg-fids": (_fids, 40), "yg-fids-player": (_player, 600), "yg-typeb-gateway": (_typeb, 45), "yg-aodb": (_aodb, 60),
    "yg-aodb-db": (_aodb_db, 600), "yg-dcs-gateway": (_dcs, 35), "yg-bhs-sorter": (_sorter, 45), "yg-bhs-plc": (_plc, 400),
    "yg-egate": (_egate, 40), "yg-rms": (_rms, 150), "yg-acdm": (_acdm, 90), "yg-mq": (_mq, 600),
    "yg-gse-dispatch": (_gse, 70), "yg-pax-app": (_pax_app, 45), "yg-queue-sensor": (_queue, 120),
    "yg-pa-broadcast": (_pa, 120), "yg-parking": (_parking, 120), "yg-lost-found": (_lost, 240), "yg-k8s-node": (_node, 480),
    "yg-desktop-it": (_desktop, 1800),
}


def _rolled(w: WorldBuilder, service: str, started: str, stopping: str, at: dt.datetime | None = None) -> None:
    """The pods of a rollout: each new pod says it started, each old one that it stops (in the runtime's words)."""
    steps = ROLLOUTS[service]
    at = at or w.at(steps[-1][0])
    old = steps[-2][1]
    for index, new in enumerate(steps[-1][1]):
        moment = at + dt.timedelta(seconds=25 * index, milliseconds=w.rng.randint(0, 999))
        w.log(moment, service, "INFO", started.format(s=w.rng.randint(90, 260) / 10, node=node_of(new)), instance=new,
              trace=False)
        if index < len(old):
            w.log(moment + dt.timedelta(seconds=12), service, "INFO", stopping, instance=old[index], trace=False)


def _every(w: WorldBuilder, start: str | dt.datetime, end: str | dt.datetime, low: int, high: int) -> list[dt.datetime]:
    """Moments from ``start`` to ``end``, ``low``–``high`` seconds apart."""
    moment = start if isinstance(start, dt.datetime) else w.at(start)
    stop = end if isinstance(end, dt.datetime) else w.at(end)
    out = []
    while moment < stop:
        out.append(moment)
        moment += dt.timedelta(seconds=w.rng.randint(low, high), milliseconds=w.rng.randint(0, 999))
    return out


def _ops(w: WorldBuilder, moment: str | dt.datetime, service: str, message: str) -> None:
    """An on-call engineer's note in the service's channel (the ops console relays it to the logs)."""
    w.log(moment if isinstance(moment, dt.datetime) else w.at(moment), service, "INFO", message, instance="ops-console",
          trace=False)


# --- Incident 1: the MVT parser profile reading the delay duration as minutes -------------------------------
#: (clock of the MVT, flight, gate, minutes to STD, delay code, duration as sent)
DELAY_MVTS = (
    ("05:31:12", "DY5521", "A04", 60, "81", "0045"), ("05:44:40", "HH1207", "B06", 75, "93", "0130"),
    ("06:05:18", "KX3316", "C03", 70, "93", "0100"), ("06:21:47", "NL8102", "A09", 80, "41", "0130"),
    ("06:38:02", "HH1231", "B07", 65, "87", "0045"), ("06:52:33", "DY5547", "C11", 90, "93", "0200"),
    ("07:10:20", "KX3340", "A02", 75, "71", "0115"), ("07:26:41", "HH1255", "B03", 60, "93", "0030"),
    ("07:44:09", "NL8130", "C05", 85, "81", "0140"), ("08:02:55", "DY5563", "A12", 70, "93", "0100"),
    ("08:19:30", "HH1279", "B10", 95, "41", "0230"), ("08:37:16", "KX3362", "C08", 60, "93", "0050"),
    ("08:55:48", "NL8154", "A06", 80, "93", "0130"), ("09:12:04", "HH1291", "B02", 75, "87", "0100"),
    ("09:30:37", "DY5589", "C14", 90, "93", "0145"), ("09:47:22", "KX3384", "A10", 65, "71", "0040"),
    ("10:03:11", "NL8176", "B12", 85, "93", "0115"), ("10:31:40", "HH1313", "C02", 80, "93", "0130"),
)


def _hhmm(duration: str) -> int:
    return int(duration[:2]) * 60 + int(duration[2:])


def mvt_profile(moment: dt.datetime) -> str:
    published, rolled_back = WINDOWS["typeb"]
    return "MVT-PROFILE 2027.01" if published <= moment < rolled_back else "MVT-PROFILE 2026.11"


def mvt_parsing(w: WorldBuilder) -> None:
    typeb, aodb, fids = "yg-typeb-gateway", "yg-aodb", "yg-fids"
    fids_pods = ROLLOUTS[fids][1][1]
    w.log(w.at("05:20:30.220"), fids, "INFO", FIDS_DEPLOY, instance=fids_pods[0], change="deploy")
    _rolled(w, fids, "Started FidsServerApplication in {s} seconds (process running for 31.2)",
            "Commencing graceful shutdown. Waiting for active requests to complete")
    w.log(w.at("05:52:30.604"), typeb, "INFO", PROFILE_PUBLISH, instance=ROLLOUTS[typeb][0][1][0], trace=False,
          change="profile")
    wrong: list[tuple[str, str, str, str, str, int]] = []
    for clock, flight, gate, ahead, code, duration in DELAY_MVTS:
        moment = w.at(clock)
        profile = mvt_profile(moment)
        minutes = int(duration) if profile == "MVT-PROFILE 2027.01" else _hhmm(duration)
        std = moment + dt.timedelta(minutes=ahead)
        etd = std + dt.timedelta(minutes=minutes)
        trace = w.hex(32)
        w.log(moment, typeb, "INFO", MVT_PARSED.format(flight=flight, code=code, dur=duration, profile=profile, minutes=minutes,
                                                       std=_hm(std), etd=_hm(etd)),
              instance=w.rng.choice(ROLLOUTS[typeb][0][1]), trace_id=trace)
        w.log(moment + dt.timedelta(milliseconds=w.rng.randint(40, 200)), aodb, "INFO",
              AODB_ETD.format(flight=flight, std=_hm(std), etd=_hm(etd), code=code), instance=w.rng.choice(ROLLOUTS[aodb][0][1]),
              trace_id=trace)
        if minutes != _hhmm(duration):
            tobt = std + dt.timedelta(minutes=_hhmm(duration))
            wrong.append((flight, gate, _hm(etd), _hm(tobt), _hm(std), minutes - _hhmm(duration)))
            for check in _every(w, moment + dt.timedelta(seconds=w.rng.randint(20, 60)),
                                min(std + dt.timedelta(minutes=_hhmm(duration)), w.at("10:14:00")), 240, 420):
                w.log(check, fids, "WARN", ETD_MISMATCH.format(flight=flight, gate=gate, etd=_hm(etd), tobt=_hm(tobt),
                                                               diff=minutes - _hhmm(duration)),
                      instance=w.rng.choice(fids_pods), logger="check")
    _ops(w, "07:48:15.330", fids, "fids_oncall_mali: 值机和登机口反馈航显上的延误航班预计起飞时间比航司通知的晚，旅客按航显的时间"
         "去登机口，有人差点误机")
    w.log(w.at("10:12:40.118"), typeb, "INFO", PROFILE_ROLLBACK, instance=ROLLOUTS[typeb][0][1][0], trace=False,
          change="profile")
    for index, (flight, _gate, _etd, tobt_clock, scheduled, _diff) in enumerate(wrong):
        moment = w.at("10:12:55") + dt.timedelta(seconds=3 * index, milliseconds=w.rng.randint(0, 900))
        if dt.datetime.fromisoformat(f"2027-01-22T{tobt_clock}:00+08:00") < moment:
            continue  # already gone
        w.log(moment, aodb, "INFO", f"flight {flight} ETD corrected -> {tobt_clock} (re-parsed MVT, STD {scheduled})",
              instance=w.rng.choice(ROLLOUTS[aodb][0][1]))
    w.alert("FidsEtdTobtMismatch", fids, "warning", w.at("06:12"), w.at("10:20"), "6 个航班",
            "航显 ETD 与 A-CDM TOBT 不一致的航班 6 个，超过阈值 3", namespace=NS)


# --- Incident 2: the ATR scan rate on sorter line SL-2 ----------------------------------------------------
ENCODE_QUEUE = [(START, 2), (_t("06:00"), 3), (_t("07:55"), 4), (_t("08:10"), 52), (_t("08:14"), 85), (_t("09:00"), 214),
                (_t("09:40"), 288), (_t("09:47"), ENCODE_PEAK), (_t("09:55"), 281), (_t("10:30"), 236), (_t("11:20"), 171),
                (_t("11:50"), 38), (_t("12:10"), 5), (REFERENCE, 3)]


def atr_scan_rate(w: WorldBuilder) -> None:
    sorter, plc = "yg-bhs-sorter", "yg-bhs-plc"
    w.log(w.at("07:30:20.412"), sorter, "INFO", SORTER_DEPLOY, instance=ROLLOUTS[sorter][1][1][0], change="deploy")
    _rolled(w, sorter, "Started SortAllocationController in {s} seconds, 24 make-ups, 3 lines",
            "Commencing graceful shutdown. Waiting for active requests to complete")
    w.log(w.at("07:55:20.330"), plc, "INFO", ATR_CHANGE, instance="plc-sl2", trace=False, change="parameter")
    pods = ROLLOUTS[sorter][1][1]
    for moment in _every(w, "07:56:05", "11:20:00", 8, 25):
        w.log(moment, sorter, "WARN", NO_READ.format(lpn=_lpn(w), queue=int(interpolate(ENCODE_QUEUE, moment))),
              instance=w.rng.choice(pods))
    for moment in _every(w, "07:56:30", "11:22:00", 30, 90):
        line = w.rng.choice(["SL-2", "SL-2", "SL-1", "SL-3"])
        rate = w.rng.uniform(13.2, 16.4) if line == "SL-2" else w.rng.uniform(0.9, 1.8)
        level = "WARN" if line == "SL-2" else "INFO"
        w.log(moment, sorter, level, f"line {line} throughput {w.rng.randint(1100, 1500)} bags/h, no-read {rate:.1f}%",
              instance=w.rng.choice(pods), logger="stats")
        if line != "SL-2":
            w.log(moment + dt.timedelta(seconds=4), sorter, "INFO", f"bag LPN {_lpn(w)} line {line} ATR read ok -> make-up "
                  f"MU-{w.rng.randint(1, 24):02d} flight {_flight(w)}", instance=w.rng.choice(pods))
    for moment in _every(w, "08:41:00", "11:45:00", 180, 480):
        w.log(moment, sorter, "ERROR", SHORT_SHIPPED.format(lpn=_lpn(w), flight=_flight(w), mu=f"{w.rng.randint(1, 24):02d}"),
              instance=w.rng.choice(pods))
    _ops(w, "09:20:40.118", sorter, "bhs_oncall_tanglei: 人工补码站 MES-2 排长队，补码员加到 6 人，SL-2 线读不到行李牌的特别多")
    w.log(w.at("11:20:10.551"), plc, "INFO", ATR_RESTORE, instance="plc-sl2", trace=False, change="parameter")
    w.alert("BhsManualEncodeQueueHigh", sorter, "critical", w.at("08:14"), w.at("11:48"), ENCODE_ALERT_VALUE,
            f"人工补码站待处理行李 {ENCODE_ALERT_VALUE}，超过阈值 80 件", namespace=NS, station="MES-2")
    w.alert("BhsNoReadRateHigh", sorter, "warning", w.at("08:01"), w.at("11:26"), "14.6%",
            "SL-2 线读码失败率 14.6%，超过阈值 3%", namespace=NS, line="SL-2")


# --- Incident 3: the A339 imported as code C ----------------------------------------------------------------
A339_FLIGHTS = (("NL8861", "13:05", 107, 212), ("NL8873", "13:50", 105, 214), ("NL8817", "14:40", 109, 211),
                ("NL8829", "15:35", 106, 213), ("NL8845", "16:05", 110, 215))


def aircraft_category(w: WorldBuilder) -> None:
    rms, aodb = "yg-rms", "yg-aodb"
    pods = ROLLOUTS[rms][0][1]
    w.log(w.at("12:15:40.204"), rms, "INFO", RMS_CONFIG, instance=pods[0], change="config")
    w.log(w.at("12:40:15.330"), aodb, "INFO", BASEDATA, instance=ROLLOUTS[aodb][0][1][1], trace=False, change="basedata")
    for index, (flight, sta, stand, _new) in enumerate(A339_FLIGHTS):
        w.log(w.at(f"12:42:{10 + index * 7:02d}"), rms, "INFO", RMS_PLAN.format(flight=flight, sta=sta, stand=stand),
              instance=pods[1])
    for flight, sta, stand, new in A339_FLIGHTS:
        arrived = w.at(sta) + dt.timedelta(minutes=2, seconds=w.rng.randint(0, 50))
        w.log(arrived, rms, "ERROR", DOCKING_REFUSED.format(stand=stand, flight=flight), instance=w.rng.choice(pods))
        w.log(arrived + dt.timedelta(minutes=w.rng.randint(6, 11)), rms, "INFO",
              MANUAL_REALLOC.format(flight=flight, stand=stand, new=new), instance=w.rng.choice(pods))
        w.log(arrived + dt.timedelta(minutes=w.rng.randint(19, 26)), rms, "INFO",
              f"VDGS stand {new} {flight} docking complete, aircraft parked (taxilane hold {w.rng.randint(17, 25)} min)",
              instance=w.rng.choice(pods))
    _ops(w, "14:05:12.660", rms, "apron_ctl_wanghe: 南岭的 A330 第二次被排到 C 类近机位，VDGS 拒绝停靠，飞机在滑行道等，"
         "人工改到远机位")
    w.log(w.at("16:18:40.441"), aodb, "INFO", BASEDATA_FIX, instance=ROLLOUTS[aodb][0][1][1], trace=False, change="basedata")
    w.log(w.at("16:19:30.118"), rms, "INFO", "stand plan re-planned after basic data change: 7 A339 rotations moved to code E "
          "stands 201-215", instance=pods[1])
    w.alert("RmsDockingRefused", rms, "warning", w.at("13:08"), w.at("16:30"), "2 次/小时",
            "VDGS 拒绝停靠 2 次/小时，超过阈值 0", namespace=NS)


# --- Incident 4: the reaccommodation batch through the DCS gateway ----------------------------------------------
QPS = [(START, 22), (_t("06:00"), 96), (_t("09:00"), 152), (_t("13:00"), 146), (_t("14:02"), 150), (_t("14:03"), 1120),
       (_t("14:15"), 1390), (_t("14:21"), QPS_PEAK), (_t("14:25"), 1410), (_t("14:49"), 1372), (_t("14:50"), 158),
       (_t("18:00"), 131), (REFERENCE, 64)]


def reaccommodation(w: WorldBuilder) -> None:
    dcs = "yg-dcs-gateway"
    pods = ROLLOUTS[dcs][0][1]
    w.log(w.at("13:35:20.118"), dcs, "INFO", DCS_CONFIG, instance=pods[0], change="config")
    w.log(w.at("14:02:05.336"), dcs, "INFO", BATCH_START, instance=pods[2], trace=False)
    for moment in _every(w, "14:02:10", "14:49:45", 5, 15):
        w.log(moment, dcs, "INFO", f"HH-OPS POST /dcs/v1/pax/reaccommodate pnr={w.hex(6).upper()} HH1502 -> "
              f"{w.rng.choice(['HH1518', 'HH1522', 'HH2506'])} 200 took={w.ms(2100, 7800)}ms",
              instance=w.rng.choice(pods), log_type="access")
    for moment in _every(w, "14:03:20", "14:50:30", 6, 20):
        channel = w.rng.choice(["COUNTER", "COUNTER", "KIOSK", "KIOSK", "WEB"])
        op = w.rng.choice(["checkin", "checkin", "seatmap", "bag tag"])
        w.log(moment, dcs, "ERROR", NO_SESSION.format(channel=channel, op=op, flight=_flight(w), pax=_pax(w),
                                                      waiting=w.rng.randint(140, 320)), instance=w.rng.choice(pods))
    for moment in _every(w, "14:05:00", "14:50:00", 120, 200):
        w.log(moment, dcs, "WARN", "host sessions in use 64/64, waiting " + str(w.rng.randint(150, 330)),
              instance=w.rng.choice(pods), logger="pool")
    _ops(w, "14:18:30.204", dcs, "dcs_oncall_liangyu: 各航司柜台和自助值机大面积超时，排队到了值机岛外")
    _ops(w, "14:44:10.551", dcs, "dcs_oncall_liangyu: 按渠道看请求量，HH-OPS 约 1340 次/秒，已联系瀚海 AOC 暂停批量改签")
    w.log(w.at("14:49:50.441"), dcs, "INFO", BATCH_STOP, instance=pods[2], trace=False)
    w.alert("DcsCheckinTimeoutsHigh", dcs, "critical", w.at("14:06"), w.at("14:55"), "23.6%",
            "值机请求超时率 23.6%，超过阈值 5%", namespace=NS)


# --- Incident 5: the node re-imaged with the UTC timezone ---------------------------------------------------------
BOARDING_PIER_B = ("HH1203", "DY5530", "KX3318", "NL8106", "HH1239", "DY5551", "KX3344", "NL8128", "HH1263", "DY5570",
                   "KX3366", "NL8150", "HH1287")


def node_localtime(w: WorldBuilder) -> None:
    node, egate, lost = "yg-k8s-node", "yg-egate", "yg-lost-found"
    w.log(w.at("04:10:05.118"), node, "INFO", f"os-patch-wave-3: {BAD_NODE} cordoned and drained (12 pods evicted)",
          instance=BAD_NODE, trace=False)
    w.log(w.at("04:47:40.336"), node, "INFO", REIMAGE, instance=BAD_NODE, trace=False, change="os")
    w.log(w.at("04:48:12.204"), node, "INFO", "kubelet[1911]: Started kubelet, node registered, timezone Etc/UTC (+0000)",
          instance=BAD_NODE, trace=False)
    old = ROLLOUTS[egate][0][1]
    w.log(w.at("05:05:40.551"), egate, "INFO", EGATE_DEPLOY, instance=EGATE_PODS[0], change="deploy")
    for index, pod in enumerate(EGATE_PODS):
        moment = w.at("05:06:00") + dt.timedelta(seconds=25 * index, milliseconds=w.rng.randint(0, 999))
        local = moment - dt.timedelta(hours=8) if pod == EGATE_BAD_POD else moment
        w.log(moment, egate, "INFO", f"egate-verifier 2.9.0 pier {EGATE_PIERS[pod]} started on node {node_of(pod)}, "
              f"TZ from /etc/localtime (hostPath), local time {local:%H:%M:%S}", instance=pod, trace=False)
        w.log(moment + dt.timedelta(seconds=12), egate, "INFO", "received SIGTERM, closing gate sessions", instance=old[index],
              trace=False)
    for moment in _every(w, "05:46:10", "09:01:00", 6, 20):
        flight = BOARDING_PIER_B[min(int((moment - w.at("05:46")).total_seconds() // 900), len(BOARDING_PIER_B) - 1)]
        std = moment + dt.timedelta(minutes=w.rng.randint(15, 38))
        gate = GATES["B"][int(hashlib.sha256(flight.encode()).hexdigest(), 16) % 15]
        w.log(moment, egate, "WARN", NOT_OPEN.format(gate=gate, flight=flight, std=_hm(std), seq=f"{w.rng.randint(1, 260):03d}",
                                                     local=f"{moment - dt.timedelta(hours=8):%H:%M:%S}",
                                                     open=_hm(std, -40), close=_hm(std, -10)), instance=EGATE_BAD_POD)
    _ops(w, "06:22:30.118", egate, "egate_oncall_zhaoyi: B 指廊所有闸机提示未到登机时间，A、C 指廊正常；B 区改人工核验登机")
    w.log(w.at("08:58:30.336"), node, "INFO", LOCALTIME_FIX, instance=BAD_NODE, trace=False, change="os")
    _ops(w, "09:01:05.204", egate, "egate_oncall_zhaoyi: node-04 时区修正后重启 B 区校验容器")
    w.log(w.at("09:01:12.551"), egate, "INFO", f"egate-verifier 2.9.0 pier B started on node {BAD_NODE}, TZ from "
          "/etc/localtime (hostPath), local time 09:01:12", instance=EGATE_BAD_POD, trace=False)
    w.log(w.at("11:00:30.118"), lost, "INFO", LOSTFOUND_DEPLOY, instance=ROLLOUTS[lost][1][1][0], change="deploy")
    _rolled(w, lost, "lost-found 1.7.0 listening on :3000 (node {node}), ready in {s}s", "SIGTERM received, closing server")
    w.alert("EgateRejectsHigh", egate, "critical", w.at("05:52"), w.at("09:08"), "46 次/10分钟",
            "B 指廊闸机拒绝 46 次/10分钟，超过阈值 20", namespace=NS, pier="B")


# --- Incident 6: the MQ channels' sequence numbers after ATC's restore -----------------------------------------------
XMITQ = [(START, 0), (_t("16:52"), 0), (_t("17:20"), 520), (_t("17:50"), 1090), (_t("18:22"), 1738), (_t("18:26"), 40),
         (_t("18:30"), 0), (REFERENCE, 0)]
PUSHBACKS = (("HH1421", 112, "17:05"), ("DY5712", 204, "17:16"), ("KX3520", 118, "17:24"), ("NL8230", 209, "17:37"),
             ("HH1445", 114, "17:48"), ("DY5730", 202, "17:59"), ("KX3538", 116, "18:10"), ("NL8252", 207, "18:19"))


def mq_sequence(w: WorldBuilder) -> None:
    gse, acdm, mq = "yg-gse-dispatch", "yg-acdm", "yg-mq"
    w.log(w.at("16:30:20.412"), gse, "INFO", GSE_DEPLOY, instance=ROLLOUTS[gse][1][1][0], change="deploy")
    _rolled(w, gse, "Started GseDispatchApplication in {s} seconds (process running for 22.7)",
            "Commencing graceful shutdown. Waiting for active requests to complete")
    _ops(w, "16:47:20.118", acdm, ATC_NOTICE)
    for index, channel in enumerate(("YG.TO.ATC", "ATC.TO.YG")):
        w.log(w.at(f"16:52:{10 + index * 4:02d}.330"), mq, "ERROR", AMQ9526.format(channel=channel, local=48211 - index * 17059),
              instance="qm-yg-01", trace=False)
    for moment in _every(w, "16:55:00", "18:22:00", 180, 360):
        w.log(moment, mq, "ERROR", MQ_RETRY.format(channel="YG.TO.ATC", depth=int(interpolate(XMITQ, moment))),
              instance="qm-yg-01", trace=False)
    acdm_pods = ROLLOUTS[acdm][0][1]
    for moment in _every(w, "17:02:00", "18:23:00", 280, 320):
        mins = int((moment - w.at("16:52")).total_seconds() // 60)
        w.log(moment, acdm, "WARN", TSAT_STALE.format(mins=mins, n=min(6 + mins // 3, 38)), instance=w.rng.choice(acdm_pods))
    gse_pods = ROLLOUTS[gse][1][1]
    for moment in _every(w, "16:55:30", "18:22:00", 60, 180):
        std = moment + dt.timedelta(minutes=w.rng.randint(25, 45))
        w.log(moment, gse, "WARN", TSAT_MISSING.format(flight=_flight(w), stand=w.rng.randint(101, 215), std=_hm(std)),
              instance=w.rng.choice(gse_pods))
    for flight, stand, clock in PUSHBACKS:
        ready = w.at(clock)
        w.log(ready + dt.timedelta(minutes=w.rng.randint(7, 14)), gse, "WARN",
              TUG_LATE.format(flight=flight, stand=stand, tug=f"TUG-{w.rng.randint(1, 18):02d}", late=w.rng.randint(7, 14),
                              tobt=clock), instance=w.rng.choice(gse_pods))
    _ops(w, "17:35:40.336", gse, "gse_oncall_fanjun: 推出拖车派晚，机组报准备好了等车推出，拖车按 STD 派的")
    w.log(w.at("18:22:30.204"), mq, "INFO", MQ_RESET, instance="qm-yg-01", trace=False, change="ops")
    w.log(w.at("18:24:10.441"), acdm, "INFO", "TSAT/CTOT updates from ATC resumed: 1738 queued messages processed, 38 TSAT "
          "refreshed", instance=acdm_pods[0])
    w.alert("MqChannelRetrying", mq, "critical", w.at("16:55"), w.at("18:25"), "RETRYING",
            "通道 YG.TO.ATC / ATC.TO.YG 状态 RETRYING", instance="qm-yg-01")
    w.alert("AcdmTsatStale", acdm, "warning", w.at("17:05"), w.at("18:28"), "12 个航班",
            "TSAT 超过 10 分钟未更新的航班 12 个，超过阈值 5", namespace=NS)
    w.alert("GsePushbackLate", gse, "warning", w.at("17:14"), w.at("18:40"), "4 次/30分钟",
            "推出拖车晚到 4 次/30分钟，超过阈值 3", namespace=NS)


# --- Incident 7: the counting line of the queue camera -------------------------------------------------------------
WAIT = [(START, 4), (_t("06:00"), 8), (_t("08:00"), 13), (_t("12:00"), 11), (_t("17:18"), 12), (_t("17:30"), 31),
        (_t("17:50"), 44), (_t("18:04"), 49), (_t("18:06"), WAIT_PEAK), (_t("18:08"), 48), (_t("18:40"), 45),
        (_t("19:05"), 41), (_t("19:07"), 14), (_t("19:12"), 13), (REFERENCE, 9)]


def queue_counting(w: WorldBuilder) -> None:
    queue = "yg-queue-sensor"
    pods = ROLLOUTS[queue][0][1]
    w.log(w.at("16:55:10.118"), queue, "INFO", QUEUE_CONFIG, instance=pods[0], change="config")
    w.log(w.at("17:18:40.336"), queue, "INFO", CAMERA_CHANGE, instance="CAM-SC-T2-03", trace=False, change="camera")
    for moment in _every(w, "17:19:30", "19:05:00", 60, 110):
        wait = round(interpolate(WAIT, moment))
        throughput = w.rng.randint(610, 700)
        w.log(moment, queue, "WARN" if wait >= 30 else "INFO",
              QUEUE_ESTIMATE.format(queue=round(wait * throughput / 60), inflow=w.rng.randint(21, 26), lanes=8,
                                    throughput=throughput, wait=wait), instance=w.rng.choice(pods))
    for moment in _every(w, "17:20:00", "19:05:00", 240, 400):
        w.log(moment, queue, "INFO", f"camera inflow last 5 min: CAM-SC-T2-01 {w.rng.randint(11, 14)}/min, CAM-SC-T2-02 "
              f"{w.rng.randint(10, 13)}/min, CAM-SC-T2-03 {w.rng.randint(38, 47)}/min, CAM-SC-T2-04 {w.rng.randint(10, 14)}/min",
              instance=w.rng.choice(pods))
    _ops(w, "18:20:30.551", queue, "sec_duty_liuna: 现场看 T2 安检排队不长，8 条通道正常放行，屏上和 App 上却显示要等 50 分钟，"
         "旅客来问")
    w.log(w.at("19:05:10.204"), queue, "INFO", CAMERA_FIX, instance="CAM-SC-T2-03", trace=False, change="camera")
    w.alert("SecurityQueueWaitHigh", queue, "warning", w.at("17:31"), w.at("19:12"), WAIT_ALERT_VALUE,
            f"T2-S1 安检预计等候 {WAIT_ALERT_VALUE}，超过阈值 30 分钟", namespace=NS, checkpoint="T2-S1")


# --- Incident 8: the WSUS deadline on the pier C display players ------------------------------------------------------
SCREENS = {p: f"{'gate' if n % 2 else 'departures'} board C{n:02d}" for n, p in enumerate(PLAYERS_C, 1)}


def wsus_deadline(w: WorldBuilder) -> None:
    fids, player, desk = "yg-fids", "yg-fids-player", "yg-desktop-it"
    fids_pods = ROLLOUTS[fids][1][1]
    w.log(w.at("10:20:30.412"), desk, "INFO", WSUS_APPROVAL, instance="wsus-01", trace=False, change="patch")
    w.log(w.at("18:30:15.118"), fids, "INFO", FIDS_LAYOUT_CONFIG, instance=fids_pods[1], change="config")
    w.log(w.at("18:45:00.204"), desk, "INFO", "WSUS: deadline 2027-01-22 19:00 for KB5050021: 16 computers pending install "
          "(OU=FIDS-Players-C)", instance="wsus-01", trace=False)
    for index, name in enumerate(PLAYERS_C):
        moment = w.at("19:00:05") + dt.timedelta(seconds=index * 2, milliseconds=w.rng.randint(0, 900))
        w.log(moment, player, "INFO", PLAYER_RESTART.format(player=name), instance=name, trace=False)
        w.log(moment + dt.timedelta(seconds=w.rng.randint(35, 50)), fids, "ERROR",
              HEARTBEAT_LOST.format(player=name, screen=SCREENS[name], last=f"{moment:%H:%M:%S}"),
              instance=w.rng.choice(fids_pods))
    for index, name in enumerate(BACK_AFTER_INSTALL):
        moment = w.at("19:06:00") + dt.timedelta(seconds=index * 17, milliseconds=w.rng.randint(0, 900))
        w.log(moment, player, "INFO", "EventID 19: Installation Successful: Windows successfully installed the following update: "
              "KB5050021", instance=name, trace=False)
        w.log(moment + dt.timedelta(seconds=30), fids, "INFO", f"display client {name} back online", instance=w.rng.choice(fids_pods))
    for index, name in enumerate(FAILED_PLAYERS):
        moment = w.at("19:24:00") + dt.timedelta(seconds=index * 80, milliseconds=w.rng.randint(0, 900))
        w.log(moment, player, "ERROR", PLAYER_FAIL, instance=name, trace=False)
    for index, name in enumerate(STUCK_PLAYERS):
        w.log(w.at("19:46:00") + dt.timedelta(seconds=index * 40), player, "ERROR", PLAYER_BITLOCKER, instance=name, trace=False)
    for index, name in enumerate(BACK_AFTER_ROLLBACK):
        moment = w.at("20:05:00") + dt.timedelta(seconds=index * 95, milliseconds=w.rng.randint(0, 900))
        w.log(moment, player, "INFO", "EventID 43: Windows update rollback completed, KB5050021 not installed", instance=name,
              trace=False)
        w.log(moment + dt.timedelta(seconds=40), fids, "INFO", f"display client {name} back online (content re-synced)",
              instance=w.rng.choice(fids_pods))
    for moment in _every(w, "19:10:00", REFERENCE, 540, 660):
        down = sorted(players_down(moment))
        w.log(moment, fids, "WARN", f"display clients offline pier C: {len(down)}/16 ({', '.join(down)})",
              instance=w.rng.choice(fids_pods), logger="clients")
    _ops(w, "19:18:20.118", fids, "fids_oncall_mali: C 指廊航显屏大面积黑屏，正是晚高峰，登机口靠人工广播和手写牌")
    _ops(w, "20:32:40.336", fids, "fids_oncall_mali: 还剩 DP-C04、DP-C09、DP-C13 三台黑屏，桌面运维去现场取恢复密钥")
    w.alert("FidsDisplayClientsOffline", fids, "critical", w.at("19:02"), None, "9",
            "C 指廊航显终端离线 9 台", namespace=NS, pier="C")


# --- Incident 9: the App's datasource pinned to the old primary ------------------------------------------------------
def pinned_datasource(w: WorldBuilder) -> None:
    app, db, aodb = "yg-pax-app", "yg-aodb-db", "yg-aodb"
    new_pods = ROLLOUTS[app][1][1]
    w.log(_y("21:50:20.336"), app, "INFO", APP_DEPLOY, instance=new_pods[0], change="deploy")
    _rolled(w, app, "Started PaxAppApplication in {s} seconds (process running for 26.4)",
            "Commencing graceful shutdown. Waiting for active requests to complete", at=APP_ROLLED_AT)
    w.log(_y("22:40:10.118"), db, "INFO", SWITCHOVER, instance="pg-aodb-02", trace=False, change="database")
    w.log(_y("22:40:18.551"), db, "INFO", "LOG:  database system is ready to accept read-only connections (standby, following "
          "pg-aodb-02)", instance="pg-aodb-01", trace=False)
    w.log(_y("22:40:26.204"), aodb, "WARN", "HikariPool-1 - Connection reset, reconnected to pg-aodb-vip (leader pg-aodb-02)",
          instance=ROLLOUTS[aodb][0][1][0])
    stamps = (_every(w, _y("22:41:05"), _t("00:30:00"), 90, 300) + _every(w, _t("00:30:00"), _t("06:00:00"), 600, 1500)
              + _every(w, _t("06:00:00"), _t("08:05:20"), 10, 40))
    for moment in stamps:
        w.log(moment, app, "ERROR", READ_ONLY.format(user=f"U{w.rng.randint(10**7, 10**8 - 1)}", flight=_flight(w)),
              instance=w.rng.choice(new_pods))
    _ops(w, "07:38:10.441", app, "app_oncall_songjie: 旅客反馈关注航班一直失败，客服工单 60 多个，接口报只读事务")
    w.log(w.at("08:05:30.118"), app, "INFO", APP_DATASOURCE, instance=new_pods[1], change="config")
    w.log(w.at("08:05:42.330"), app, "INFO", "HikariPool-1 - Start completed. url=jdbc:postgresql://pg-aodb-vip:5432/aodb",
          instance=new_pods[1])
    w.alert("PaxAppFollowErrors", app, "warning", _y("22:46"), w.at("08:12"), "100%",
            "关注航班失败率 100%，超过阈值 5%", namespace=NS)


# --- Incident 10: the TTS license -------------------------------------------------------------------------------------
def tts_license(w: WorldBuilder) -> None:
    pa = "yg-pa-broadcast"
    pods = ROLLOUTS[pa][0][1]
    for index, pod in enumerate(pods):
        w.log(w.at(f"00:00:0{3 + index}.118"), pa, "ERROR", TTS_EXPIRED, instance=pod, trace=False)
    w.log(w.at("05:30:10.204"), pa, "INFO", PA_CONFIG, instance=pods[0], change="config")
    for moment in _every(w, "05:50:20", "08:40:00", 30, 90):
        kind = w.rng.choice(["BOARDING", "BOARDING", "FINAL_CALL", "GATE_CHANGE"])
        w.log(moment, pa, "WARN", TTS_CHIME.format(kind=kind, flight=_flight(w), gate=_gate(w)), instance=w.rng.choice(pods))
    _ops(w, "06:35:40.336", pa, "pa_oncall_yuxin: 登机广播只有提示音没有语音，通知各登机口人工广播")
    w.log(w.at("08:40:20.551"), pa, "INFO", TTS_RENEWED, instance=pods[0], trace=False, change="license")
    w.alert("PaAutoAnnouncementFailures", pa, "warning", w.at("05:56"), w.at("08:45"), "42 次/10分钟",
            "自动广播失败 42 次/10分钟，超过阈值 5", namespace=NS)


# --- Healthy services' changes, the unrelated alerts --------------------------------------------------
def other_changes(w: WorldBuilder) -> None:
    typeb = "yg-typeb-gateway"
    w.log(w.at("10:30:20.702"), "yg-parking", "INFO", PARKING_CONFIG, instance=ROLLOUTS["yg-parking"][0][1][0], change="config")
    w.log(w.at("13:20:40.118"), typeb, "INFO", TYPEB_CONFIG, instance=ROLLOUTS[typeb][0][1][1], change="config")
    w.log(w.at("15:40:30.336"), typeb, "INFO", TYPEB_DEPLOY, instance=ROLLOUTS[typeb][1][1][0], change="deploy")
    _rolled(w, typeb, "Started TypeBGatewayApplication in {s} seconds, SITA link YGGXSXH up",
            "Commencing graceful shutdown. Waiting for active requests to complete")
    w.log(w.at("00:09:40.204"), typeb, "INFO", "SITA night batch: 1840 SSM/ASM schedule messages received, queued for yg-aodb",
          instance=ROLLOUTS[typeb][0][1][0], trace=False)
    w.log(w.at("00:23:50.551"), typeb, "INFO", "SITA night batch processed: 1840 SSM/ASM, queue empty",
          instance=ROLLOUTS[typeb][0][1][0], trace=False)
    w.alert("TypeBQueueDepthHigh", typeb, "warning", w.at("00:10"), w.at("00:24"), "1840",
            "报文队列积压 1840 条，超过阈值 1000（夜间时刻报文批量）", namespace=NS)
    w.alert("QueueSensorCameraOffline", "yg-queue-sensor", "warning", _y("21:30"), None, "1", T1_CAMERA_SUMMARY,
            namespace=NS, camera="CAM-SC-T1-07")


# --- Kubernetes state at 21:40 -------------------------------------------------------------------------
#: (service, revision, rolled out, change cause, image tag) of every Deployment
STEADY = (
    ("yg-fids", 64, "2027-01-22T05:20:30+08:00", "release yg-fids 5.8.2 (pipeline #7312)", "5.8.2"),
    ("yg-typeb-gateway", 41, "2027-01-22T15:40:30+08:00", "release yg-typeb-gateway 3.6.1 (pipeline #7325)", "3.6.1"),
    ("yg-aodb", 88, "2027-01-12T23:00:00+08:00", "release yg-aodb 6.2.3", "6.2.3"),
    ("yg-dcs-gateway", 57, "2027-01-14T23:30:00+08:00", "release yg-dcs-gateway 4.11.0", "4.11.0"),
    ("yg-bhs-sorter", 33, "2027-01-22T07:30:20+08:00", "release yg-bhs-sorter 3.4.1 (pipeline #7315)", "3.4.1"),
    ("yg-egate", 29, "2027-01-22T05:05:40+08:00", "release yg-egate 2.9.0 (pipeline #7309)", "2.9.0"),
    ("yg-rms", 22, "2027-01-08T22:00:00+08:00", "release yg-rms 3.1.2", "3.1.2"),
    ("yg-acdm", 18, "2027-01-05T22:30:00+08:00", "release yg-acdm 2.5.0", "2.5.0"),
    ("yg-gse-dispatch", 46, "2027-01-22T16:30:20+08:00", "release yg-gse-dispatch 4.2.0 (pipeline #7321)", "4.2.0"),
    ("yg-pax-app", 93, "2027-01-21T21:50:20+08:00", "release yg-pax-app 7.3.0 (pipeline #7301)", "7.3.0"),
    ("yg-queue-sensor", 15, "2027-01-11T21:00:00+08:00", "release yg-queue-sensor 1.12.0", "1.12.0"),
    ("yg-pa-broadcast", 12, "2026-12-28T22:00:00+08:00", "release yg-pa-broadcast 2.2.4", "2.2.4"),
    ("yg-parking", 27, "2027-01-06T23:00:00+08:00", "release yg-parking 3.0.7", "3.0.7"),
    ("yg-lost-found", 11, "2027-01-22T11:00:30+08:00", "release yg-lost-found 1.7.0 (pipeline #7318)", "1.7.0"),
)
KPI_CRON = "yg-acdm-kpi-hourly"
#: The hourly A-CDM KPI report keeps its last three jobs.
KPI_RUNS = tuple(_t(f"{h}:15") for h in (19, 20, 21))


def k8s_state(w: WorldBuilder) -> None:
    for service, revision, changed, cause, tag in STEADY:
        pods = ROLLOUTS[service][-1][1]
        for pod in pods:
            restarted = pod == EGATE_BAD_POD
            w.pod(namespace=NS, name=pod, service=service, phase="Running", ready="1/1", restarts=1 if restarted else 0,
                  last_termination=termination("Error", 143, w.at("09:01:08")) if restarted else None,
                  waiting_reason=None, node=node_of(pod), observed_at=REFERENCE)
        w.deployment(namespace=NS, name=service, service=service, replicas=len(pods), ready=len(pods), available=len(pods),
                     image=f"harbor.yungang.local/ops/{service}:{tag}", revision=revision,
                     changed_at=dt.datetime.fromisoformat(changed), change_cause=cause,
                     conditions=[condition("Available", "True", "MinimumReplicasAvailable",
                                           "Deployment has minimum availability."),
                                 condition("Progressing", "True", "NewReplicaSetAvailable",
                                           f'ReplicaSet "{pods[0].rsplit("-", 1)[0]}" has successfully progressed.')],
                     observed_at=REFERENCE)
    for scheduled in KPI_RUNS:
        pod = job_pod(job_name(KPI_CRON, scheduled))
        w.pod(namespace=NS, name=pod, service="yg-acdm", phase="Succeeded", ready="0/1", restarts=0,
              last_termination=termination("Completed", 0, scheduled + dt.timedelta(seconds=w.rng.randint(40, 90))),
              waiting_reason=None, node=node_of(pod), observed_at=REFERENCE)
        w.log(scheduled + dt.timedelta(seconds=8), "yg-acdm", "INFO", f"KPI report {scheduled:%H}:00: {w.rng.randint(30, 48)} "
              f"departures, TOBT adherence {w.rng.uniform(78, 92):.1f}%, TSAT adherence {w.rng.uniform(80, 94):.1f}%",
              instance=pod, trace=False, job="kpi")
    # Events are what the API server keeps (TTL 1 h): the 21:15 KPI job and the old job it replaced.
    job = job_name(KPI_CRON, _t("21:15"))
    pod = job_pod(job)
    old = job_name(KPI_CRON, _t("18:15"))
    at = w.at("21:15:00")
    image = "harbor.yungang.local/ops/yg-acdm:2.5.0"
    for kind, reason, message, delay in (
        (f"CronJob/{KPI_CRON}", "SuccessfulCreate", f"Created job {job}", 0),
        (f"Job/{job}", "SuccessfulCreate", f"Created pod: {pod}", 0),
        (f"Pod/{pod}", "Scheduled", f"Successfully assigned {NS}/{pod} to {node_of(pod)}", 0),
        (f"Pod/{pod}", "Pulled", f'Container image "{image}" already present on machine', 1),
        (f"Pod/{pod}", "Created", "Created container kpi", 1),
        (f"Pod/{pod}", "Started", "Started container kpi", 2),
        (f"Job/{job}", "Completed", "Job completed", 48),
        (f"CronJob/{KPI_CRON}", "SawCompletedJob", f"Saw completed job: {job}, status: Complete", 49),
        (f"CronJob/{KPI_CRON}", "SuccessfulDelete", f"Deleted job {old}", 49),
    ):
        moment = at + dt.timedelta(seconds=delay)
        w.event(type="Normal", reason=reason, object=kind, message=message, count=1, first_seen=moment, last_seen=moment)


# --- Metrics --------------------------------------------------------------------------------------------
DISPLAYS_OFFLINE = [(START, 0), (_t("19:00"), 0), (_t("19:02"), 16), (_t("19:06"), 16), (_t("19:10"), 9), (_t("20:05"), 9),
                    (_t("20:15"), 3), (REFERENCE, 3)]


def build_metrics(w: WorldBuilder) -> None:
    at = w.at
    night = [(START, at("00:30"))]
    morning = [(at("05:30"), at("10:30"))]
    late_morning = [(at("07:45"), at("12:15"))]
    afternoon = [(at("12:30"), at("16:40"))]
    rebook = [(at("13:50"), at("15:00"))]
    evening = [(at("16:40"), REFERENCE)]
    w.series("fids_etd_tobt_mismatch_flights", "yg-fids", "个",
             [(START, 0), (at("06:05"), 0), (at("06:12"), 1), (at("07:00"), 3), (at("08:30"), 6), (at("09:30"), 5),
              (at("10:13"), 4), (at("10:15"), 0), (REFERENCE, 0)], start=START, fine=morning, digits=0, threshold=3)
    w.series("fids_display_clients_offline", "yg-fids", "台", DISPLAYS_OFFLINE, start=START, fine=evening, digits=0,
             threshold=2, pier="C")
    w.series("fids_display_clients_offline", "yg-fids", "台", [(START, 0), (REFERENCE, 0)], start=START, fine=evening,
             digits=0, threshold=2, pier="B")
    w.series("bhs_manual_encode_queue_bags", "yg-bhs-sorter", "件", ENCODE_QUEUE, start=START, fine=late_morning, spread=2,
             digits=0, threshold=80, station="MES-2")
    for line, noread in (("SL-2", [(START, 1.4), (at("07:55"), 1.4), (at("07:58"), 14.2), (at("09:30"), 15.1),
                                   (at("11:20"), 14.6), (at("11:22"), 1.5), (REFERENCE, 1.3)]),
                         ("SL-1", [(START, 1.2), (REFERENCE, 1.3)])):
        w.series("bhs_noread_ratio", "yg-bhs-sorter", "%", noread, start=START, fine=late_morning, spread=0.2, digits=1,
                 threshold=3, line=line)
    w.series("rms_docking_refused_per_hour", "yg-rms", "次",
             [(START, 0), (at("13:05"), 0), (at("13:07"), 1), (at("14:00"), 1), (at("14:42"), 2), (at("15:40"), 2),
              (at("16:10"), 2), (at("16:20"), 0), (REFERENCE, 0)], start=START, fine=afternoon, digits=0, threshold=0.5)
    w.series("dcs_gateway_requests_per_second", "yg-dcs-gateway", "次/秒", QPS, start=START, fine=rebook, spread=15, digits=0)
    channels: tuple[tuple[str, Keyframes, float], ...] = (
        ("HH-OPS", [(START, 0), (at("14:02"), 0), (at("14:03"), 960), (at("14:21"), 1342), (at("14:49"), 1250),
                    (at("14:50"), 0), (REFERENCE, 0)], 0.0),
        ("COUNTER", [(START, 6), (at("06:00"), 48), (at("14:02"), 74), (at("14:05"), 61), (at("14:49"), 58),
                     (at("14:52"), 78), (REFERENCE, 30)], 3.0),
        ("KIOSK", [(START, 8), (at("06:00"), 38), (at("14:02"), 56), (at("14:05"), 47), (at("14:49"), 45),
                   (at("14:52"), 60), (REFERENCE, 22)], 3.0),
    )
    for channel, frames, spread in channels:
        # HH's batch is exact: nothing of it outside its run.
        w.series("dcs_gateway_requests_per_second_by_channel", "yg-dcs-gateway", "次/秒", frames, start=START, fine=rebook,
                 spread=spread, digits=0, channel=channel)
    w.series("dcs_host_sessions_in_use", "yg-dcs-gateway", "个",
             [(START, 2), (at("06:00"), 18), (at("14:02"), 31), (at("14:04"), 64), (at("14:49"), 64), (at("14:51"), 29),
              (REFERENCE, 12)], start=START, fine=rebook, digits=0, threshold=60)
    w.series("dcs_checkin_timeout_ratio", "yg-dcs-gateway", "%",
             [(START, 0.1), (at("14:03"), 0.2), (at("14:06"), 23.6), (at("14:30"), 31.8), (at("14:49"), 29.5),
              (at("14:52"), 0.3), (REFERENCE, 0.1)], start=START, fine=rebook, spread=0.3, digits=1, threshold=5)
    piers: tuple[tuple[str, Keyframes], ...] = (("B", [(START, 0), (at("05:45"), 0), (at("05:52"), 46), (at("07:30"), 88), (at("09:00"), 71),
                                (at("09:02"), 1), (REFERENCE, 1)]),
                         ("A", [(START, 0), (at("06:00"), 2), (REFERENCE, 2)]))
    for pier, frames in piers:
        w.series("egate_rejects_per_10m", "yg-egate", "次", frames, start=START, fine=morning, spread=1, digits=0,
                 threshold=20, pier=pier)
    w.series("mq_channel_xmitq_depth", "yg-mq", "条", XMITQ, start=START, fine=evening, spread=4, digits=0, threshold=200,
             channel="YG.TO.ATC")
    w.series("acdm_tsat_stale_flights", "yg-acdm", "个",
             [(START, 0), (at("16:55"), 0), (at("17:05"), 12), (at("17:50"), 26), (at("18:22"), 38), (at("18:28"), 0),
              (REFERENCE, 0)], start=START, fine=evening, digits=0, threshold=5)
    w.series("gse_pushback_late_per_30m", "yg-gse-dispatch", "次",
             [(START, 0), (at("17:00"), 0), (at("17:14"), 4), (at("17:50"), 5), (at("18:25"), 4), (at("18:40"), 0),
              (REFERENCE, 0)], start=START, fine=evening, digits=0, threshold=3)
    w.series("security_queue_wait_minutes", "yg-queue-sensor", "分钟", WAIT, start=START, fine=evening, spread=0.4, digits=0,
             threshold=30, checkpoint="T2-S1")
    w.series("security_lane_throughput_pax_per_hour", "yg-queue-sensor", "人/小时",
             [(START, 60), (at("06:00"), 610), (at("17:00"), 660), (at("19:00"), 650), (REFERENCE, 420)], start=START,
             fine=evening, spread=25, digits=0, checkpoint="T2-S1")
    w.series("pax_app_follow_failure_ratio", "yg-pax-app", "%",
             [(START, 0.2), (_y("22:40"), 0.2), (_y("22:42"), 100), (at("08:05"), 100), (at("08:07"), 0.3), (REFERENCE, 0.2)],
             start=START, fine=night + morning, digits=1, threshold=5)
    w.series("pa_auto_announcements_failed_per_10m", "yg-pa-broadcast", "次",
             [(START, 0), (at("05:50"), 0), (at("05:56"), 12), (at("07:00"), 42), (at("08:30"), 46), (at("08:41"), 0),
              (REFERENCE, 0)], start=START, fine=morning, spread=1, digits=0, threshold=5)
    for service, p99, threshold in (("yg-parking", 180, 1500), ("yg-lost-found", 90, 800)):
        w.series("http_5xx_ratio", service, "%", [(START, 0.03), (at("08:00"), 0.12), (at("11:00"), 0.06),
                                                  (REFERENCE, 0.04)], start=START, spread=0.02, digits=2, threshold=2)
        w.series("http_p99_latency", service, "ms", [(START, p99 - 40), (at("08:00"), p99 + 110), (at("11:00"), p99 + 20),
                                                     (REFERENCE, p99)], start=START, spread=10, digits=0,
                 threshold=threshold)


# --- Runbooks (the airport IT wiki, as the teams wrote them) ------------------------------------------------
RUNBOOKS: list[tuple[str, str, str]] = [
    ("runbooks/fids/etd-mismatch.md", "航显延误时间与 TOBT 不一致处理手册", runbook(
        "航显延误时间与 TOBT 不一致处理手册", "适用于 yg-fids 报 ETD_TOBT_MISMATCH、航显预计起飞时间与航司通知不一致。",
        ["FidsEtdTobtMismatch：ETD 与 TOBT 不一致的航班超过阈值"],
        ["看不一致航班的 ETD 来源（AODB 的 source=MVT 还是人工）。", "到 yg-typeb-gateway 查这些航班的 MVT 原文与解析结果，"
         "核对 DL 行延误时长（HHMM）与解析出的分钟数。", "查报文网关最近的解析配置（parser profile）发布记录。"],
        ["报文解析配置变更，延误时长按错误的格式解析。", "航司 MVT 报文本身延误时长填错。", "地服未及时更新 TOBT。"],
        ["回退解析配置并重新解析当天的 MVT，让 AODB 更正 ETD。", "解析配置发布前用历史报文回归。"])),
    ("runbooks/fids/display-offline.md", "航显终端离线、黑屏处理手册", runbook(
        "航显终端离线、黑屏处理手册", "适用于 yg-fids 报显示终端心跳丢失、成片航显屏黑屏。",
        ["FidsDisplayClientsOffline：航显终端离线超过阈值"],
        ["看离线终端是否集中在同一指廊、同一时刻（同时重启多半是补丁或断电）。", "查终端的 Windows 事件日志（1074 重启、20 安装"
         "失败、BitLocker 恢复）。", "向桌面运维确认 WSUS 对航显终端所在组的补丁审批与安装期限。"],
        ["补丁安装期限到达，终端在运营时段强制重启，安装失败回滚或停在 BitLocker 恢复界面。", "指廊弱电间断电。",
         "交换机故障。"],
        ["现场输入 BitLocker 恢复密钥，让终端回滚补丁后恢复。", "把航显终端移出通用补丁组，只在夜间维护窗口安装。"])),
    ("runbooks/bhs/no-read.md", "行李分拣读码失败、人工补码积压处理手册", runbook(
        "行李分拣读码失败、人工补码积压处理手册", "适用于 yg-bhs-sorter 某条分拣线 NO_READ 变多、人工补码站积压。",
        ["BhsNoReadRateHigh：分拣线读码失败率超过 3%", "BhsManualEncodeQueueHigh：人工补码站待处理行李超过 80 件"],
        ["按分拣线看读码失败率，确认是否只有一条线。", "查该线 ATR 的参数（扫描频率、触发窗口）与最近的变更工单。",
         "现场检查 ATR 镜头是否脏污。"],
        ["ATR 参数被修改（扫描频率降低），在当前皮带速度下扫描次数不足。", "ATR 镜头脏污或激光器老化。", "行李牌打印质量差。"],
        ["恢复 ATR 参数，补码站加人，早到行李优先补码。", "ATR 参数变更须经过读码率验证。"])),
    ("runbooks/rms/docking-refused.md", "目视停靠引导拒绝停靠处理手册", runbook(
        "目视停靠引导拒绝停靠处理手册", "适用于 yg-rms 收到 VDGS DOCKING_REFUSED、飞机在滑行道等待。",
        ["RmsDockingRefused：VDGS 拒绝停靠"],
        ["看被拒绝的机型与机位：机位允许机型表里有没有这个机型。", "到 AODB 查该机型的基础数据（机场参考代码、翼展）是否正确、"
         "最近是否导入或修改过。"],
        ["机型基础数据的机场参考代码错误，分配规则把大飞机排到小机位。", "机位允许机型表未更新。", "VDGS 设备故障。"],
        ["更正机型基础数据后让 RMS 重新分配，已到达的航班人工改机位。", "新机型引入时核对翼展与参考代码。"])),
    ("runbooks/dcs/host-session.md", "值机主机会话耗尽处理手册", runbook(
        "值机主机会话耗尽处理手册", "适用于 yg-dcs-gateway 报 NO_FREE_HOST_SESSION、柜台与自助值机超时。",
        ["DcsCheckinTimeoutsHigh：值机请求超时率超过 5%"],
        ["看主机会话占用（dcs_host_sessions_in_use）是否到 64。", "按渠道（channel）看请求量，找出突增的渠道（航司接口、批处理）。"],
        ["航司接口渠道的批量操作（批量改签、批量值机）占满主机会话。", "航司主机 DCS 响应变慢。"],
        ["联系该航司暂停或限速批量操作；在网关给航司接口渠道设置会话上限。"])),
    ("runbooks/egate/boarding-not-open.md", "登机闸机提示未到登机时间处理手册", runbook(
        "登机闸机提示未到登机时间处理手册", "适用于 yg-egate 大量 BOARDING_NOT_OPEN、旅客无法自助登机。",
        ["EgateRejectsHigh：闸机拒绝次数超过阈值"],
        ["看拒绝是否集中在某个指廊（校验服务按指廊分片），对应哪个 Pod，这个 Pod 在哪个节点（kubectl get pod -o wide）。",
         "对比日志里的 local time 与实际时间。", "在节点上检查时间与时区（timedatectl、/etc/localtime）。"],
        ["Pod 挂载宿主机 /etc/localtime，节点时区被改成 UTC，登机时间窗按错误的本地时间判断。", "航班 STD 数据错误。",
         "节点时钟不同步。"],
        ["修正节点时区后重启该 Pod，或把 Pod 调度到其他节点。", "重装模板（kickstart）固定 Asia/Shanghai。"])),
    ("runbooks/acdm/tsat-stale.md", "A-CDM TSAT 不更新处理手册", runbook(
        "A-CDM TSAT 不更新处理手册", "适用于 yg-acdm TSAT 长时间不更新、推出拖车按 STD 派工。",
        ["AcdmTsatStale：TSAT 超过 10 分钟未更新", "MqChannelRetrying：与空管的 MQ 通道 RETRYING"],
        ["在 qm-yg-01 上查看通道 YG.TO.ATC / ATC.TO.YG 状态与错误（AMQ9526E 为序列号不一致）。", "与空管确认对端队列管理器是否"
         "重启、恢复过。"],
        ["对端队列管理器从备份恢复，通道序列号不一致，通道停在 RETRYING。", "网络中断。", "对端证书或通道认证变更。"],
        ["双方确认后 RESET CHANNEL 重置序列号，检查积压报文是否送达。", "推出拖车改为人工按 TOBT 派工。"])),
    ("runbooks/security/queue-estimate.md", "安检排队时间异常处理手册", runbook(
        "安检排队时间异常处理手册", "适用于 yg-queue-sensor 预计等候时间突增。",
        ["SecurityQueueWaitHigh：安检预计等候超过 30 分钟"],
        ["让现场确认实际排队长度与通道放行速度。", "看各摄像头的进入计数，是否某一台明显偏高。", "查摄像头最近的配置与维修工单"
         "（计数线、方向）。"],
        ["摄像头计数线方向设置错误（双向计数），排队人数被重复计算。", "客流高峰、开放通道不足。"],
        ["恢复摄像头计数方向并校准。", "客流高峰时增开通道。"])),
    ("runbooks/app/db-errors.md", "旅客 App 写库失败处理手册", runbook(
        "旅客 App 写库失败处理手册", "适用于 yg-pax-app 关注航班等写操作失败。",
        ["PaxAppFollowErrors：关注航班失败率超过 5%"],
        ["看错误信息：read-only transaction 表示连到了备库。", "核对应用数据源地址是 VIP 还是某台主机。",
         "查数据库最近的主备切换记录。"],
        ["主备切换后应用数据源写死旧主库地址。", "数据库只读维护。"],
        ["把数据源改为 VIP 并重新加载连接池。", "数据源地址统一走 VIP，切换演练覆盖所有应用。"])),
    ("runbooks/pa/tts.md", "自动广播无语音处理手册", runbook(
        "自动广播无语音处理手册", "适用于 yg-pa-broadcast 自动广播只有提示音、TTS 不可用。",
        ["PaAutoAnnouncementFailures：自动广播失败超过阈值"],
        ["看 TTS 引擎初始化错误（授权、声库）。", "检查授权文件有效期。"],
        ["TTS 授权文件过期。", "声库文件损坏。", "音频矩阵故障。"],
        ["联系厂商更新授权文件并重载引擎，期间登机口人工广播。", "授权到期前 30 天提醒。"])),
    ("runbooks/dcs/kiosk-printer.md", "自助值机登机牌打印机缺纸处理手册", runbook(
        "自助值机登机牌打印机缺纸处理手册", "适用于自助值机登机牌打印机缺纸。",
        ["KioskPrinterPaperLow"], ["看打印机传感器状态。"], ["登机牌纸用完。"], ["更换登机牌纸卷后走纸测试。"])),
    ("runbooks/parking/barrier.md", "停车场道闸不抬杆处理手册", runbook(
        "停车场道闸不抬杆处理手册", "适用于停车场出口道闸不抬杆。",
        ["ParkingBarrierStuck"], ["看道闸控制器状态。"], ["道闸电机故障。", "地感线圈故障。"], ["现场手动抬杆并报修道闸电机。"])),
]


def build_bundle(seed: int = SEED) -> Json:
    w = WorldBuilder(seed=seed, day=DAY, tz=TZ, reference=REFERENCE, instances=INSTANCES,
                     labels={"env": "prod", "cluster": "yg-prod", "site": "ZGYG"})
    for service, (make, every) in NOISE.items():
        # The pier C players say nothing while all sixteen restart.
        quiet = [(_t("19:00:05"), _t("19:08"))] if service == "yg-fids-player" else []
        w.noise(service, make, START, every_s=every, quiet=quiet)
    pinned_datasource(w)
    tts_license(w)
    node_localtime(w)
    mvt_parsing(w)
    atr_scan_rate(w)
    aircraft_category(w)
    reaccommodation(w)
    mq_sequence(w)
    queue_counting(w)
    wsus_deadline(w)
    other_changes(w)
    k8s_state(w)
    build_metrics(w)
    documents = [{"title": title, "source": source, "content": content} for source, title, content in RUNBOOKS]
    return w.bundle(name="YunGang 云港机场 2027-01-22", services=SERVICES, documents=documents)


# --- Questions ---------------------------------------------------------------------------------
#: Each incident's own words: in another incident's answer, a misattribution.
FAMILY = {
    "typeb": ("MVT-PROFILE 2027.01", "msg_admin_tangli"),
    "atr": ("ATR-SL2", "scans/s"),
    "category": ("aerodrome reference code", "basedata_ops_luyao"),
    "rebooking": ("REACC-HH-20270122-01", "HH-OPS"),
    "localtime": ("Etc/UTC", "os-patch-wave-3"),
    "mq": ("AMQ9526E", "QM.ATC.ZGYG"),
    "queue": ("CAM-SC-T2-03", "WO-SEC-20270122-06"),
    "wsus": ("KB5050021", "BitLocker"),
    "readonly": ("read-only transaction", "CHG-20270121-14"),
    "tts": ("LICENSE_EXPIRED", "license.lic"),
}
#: The remedies of the runbooks for problems that did not happen.
UNRELATED_REMEDIES = ("更换登机牌纸卷", "手动抬杆")
FIRING = ("FidsDisplayClientsOffline", "QueueSensorCameraOffline")
INCIDENT_WORDS = tuple(word for words in FAMILY.values() for word in words)


def _not(*own: str) -> tuple[str, ...]:
    """The other incidents' words, plus the unrelated runbooks' remedies."""
    return tuple(word for family, words in FAMILY.items() if family not in own for word in words) + UNRELATED_REMEDIES


QUESTIONS: tuple[WorldQuestion, ...] = (
    WorldQuestion(
        "airport_fids_etd_cause",
        "今天上午航显上好几个延误航班的预计起飞时间比航司报给现场的晚了四十来分钟，旅客按航显去登机口差点误机，航显这是怎么了？",
        "cause",
        asked_facts=(fact("ETD_TOBT_MISMATCH", "later than TOBT", "不一致"),),
        cause_facts=(fact("MVT-PROFILE 2027.01", "MVT-PROFILE", "parser profile", "解析配置"),
                     fact("HHMM", "minutes", "按分钟", "延误时长")),
        forbidden=_not("typeb"), service="yg-fids",
        diagnosis="05:52 报文管理员 msg_admin_tangli 在报文网关 yg-typeb-gateway 发布解析配置 MVT-PROFILE 2027.01（为了接包机公司 ZX "
                  "的三位分钟数延误），DL 行延误时长从 HHMM 改成按分钟读 → DL93/0130 读成 130 分钟而不是 90 分钟，一小时以上的延误"
                  "都多算 40 分钟（0200 多 80 分钟；一小时以内的正确）→ AODB 的 ETD 偏晚，航显照 AODB 显示并报 ETD_TOBT_MISMATCH；"
                  "10:12 回退到 MVT-PROFILE 2026.11 并重新解析当天 MVT 后恢复。原因在报文网关的解析配置，不在航显；05:20 的航显 "
                  "5.8.2 发布不是原因；晚上 C 指廊黑屏是另一件事",
    ),
    WorldQuestion(
        "airport_fids_dark_cause",
        "晚上七点 C 指廊一排航显屏突然全黑了，后来亮了一部分，到现在还有几块是黑的，航显系统咋回事？", "cause",
        asked_facts=(fact("heartbeat lost", "screen dark", "offline", "黑屏", "离线"),),
        cause_facts=(fact("KB5050021", "WSUS", "Windows 更新", "补丁"),
                     fact("deadline", "安装期限", "强制重启", "BitLocker", "0x800f0922")),
        forbidden=_not("wsus"), service="yg-fids",
        diagnosis="10:20 桌面运维 desk_it_sunhao 在 WSUS 给 Terminal-Kiosks-All 组审批 KB5050021，安装期限 19:00，而这个组 01-20 起"
                  "包含了 OU=FIDS-Players-C → 19:00 C 指廊 16 台航显播放器在晚高峰强制重启；7 台装好后回来，9 台安装失败 0x800f0922 "
                  "回滚，其中 6 台 20:15 前回来，DP-C04、DP-C09、DP-C13 停在 BitLocker 恢复界面，到 21:40 仍黑屏"
                  "（FidsDisplayClientsOffline 还在告警）。需要现场输入恢复密钥，并把航显终端移出通用补丁组。18:30 的 C 指廊布局配置"
                  "不是原因；上午的延误时间不一致是另一件事",
    ),
    WorldQuestion(
        "airport_bhs_noread_cause",
        "上午 T2 好多行李被甩到人工补码，补码站排老长，还有行李没赶上飞机，行李分拣系统怎么了？", "cause",
        asked_facts=(fact("NO_READ", "manual encoding", "MES-2", "人工补码", "读码失败"),),
        cause_facts=(fact("ATR-SL2", "scan rate", "扫描频率", "读码器"),
                     fact("500 scans/s", "1000 -> 500", "BHS-20270122-03", "bhs_vendor_zhoukai")),
        forbidden=_not("atr"), service="yg-bhs-sorter",
        diagnosis="07:55 分拣系统承包商 bhs_vendor_zhoukai（工单 WO BHS-20270122-03）按厂商通告把 SL-2 线自动读码器 ATR-SL2 的扫描频率"
                  "从 1000 降到 500 次/秒，皮带速度仍是 2.0 m/s，行李牌扫描次数不够 → SL-2 读码失败率从约 1.4% 升到约 15%，读不到的"
                  "行李都进人工补码站 MES-2，积压最多 312 件（09:47），部分行李在装机转盘关闭前没补完，漏装；11:20 恢复 1000 次/秒后"
                  "消化。原因在 PLC / 读码器参数，不在分拣控制；07:30 的分拣控制 3.4.1 发布不是原因",
    ),
    WorldQuestion(
        "airport_stand_docking_cause",
        "下午好几架南岭的 A330 被排到近机位，飞机到了机位靠不上，只能在滑行道上干等，机位分配是不是出问题了？", "cause",
        asked_facts=(fact("DOCKING_REFUSED", "not in stand permitted list", "拒绝停靠"),),
        cause_facts=(fact("aerodrome reference code C", "code C", "C 类", "参考代码"),
                     fact("basedata_ops_luyao", "ACTYPE-20270122", "基础数据", "basic data")),
        forbidden=_not("category"), service="yg-rms",
        diagnosis="12:40 基础数据操作员 basedata_ops_luyao 在 AODB 导入南岭（NL）新引进的 A339（A330-900neo，翼展 64.0 m），机场参考代码"
                  "填成 C（应为 E）→ RMS 按 C 类把 NL8861、NL8873、NL8817、NL8829、NL8845 排到 105–110 号 C 类近机位 → 到达后 VDGS "
                  "按机位允许机型表 DOCKING_REFUSED，飞机在滑行道等 17–25 分钟，机坪管制人工改到 211–215 远机位；16:18 参考代码改回 E、"
                  "RMS 重新分配后恢复。原因在 AODB 机型基础数据，不在分配规则；12:15 的拖曳缓冲配置不是原因",
    ),
    WorldQuestion(
        "airport_dcs_timeout_cause",
        "下午两点多值机柜台和自助值机一直转圈超时，哪家航司都一样，值机系统怎么了？", "cause",
        asked_facts=(fact("NO_FREE_HOST_SESSION", "host session pool exhausted", "主机会话"),),
        cause_facts=(fact("REACC-HH-20270122-01", "HH-OPS", "批量改签", "reaccommodate"),
                     fact(str(QPS_PEAK), "请求量", "requests_per_second", "1342")),
        forbidden=_not("rebooking"), service="yg-dcs-gateway",
        diagnosis="14:02 瀚海航空（HH）AOC 经航司接口渠道 HH-OPS 跑批量改签 REACC-HH-20270122-01（哈尔滨天气取消的 HH1502/1506/1510 共 "
                  "3812 个 PNR，48 线程）→ 值机网关请求量从约 140 次/秒涨到 1486 次/秒（14:21，HH-OPS 约 1342），64 个主机会话全被"
                  "占满 → 各航司柜台、自助机、网上值机 NO_FREE_HOST_SESSION 超时；14:49 HH 停掉批处理后恢复。13:35 的自助机空闲超时"
                  "配置不是原因",
    ),
    WorldQuestion(
        "airport_egate_not_open_cause",
        "早上 B 指廊的登机闸机一直提示还没到登机时间，旅客全堵在登机口，A、C 指廊都正常，闸机这边什么情况？", "cause",
        asked_facts=(fact("BOARDING_NOT_OPEN", "未到登机时间", "not open"),),
        cause_facts=(fact(BAD_NODE, "node-04", "04 节点"),
                     fact("Etc/UTC", "UTC", "localtime", "时区")),
        forbidden=_not("localtime"), service="yg-egate",
        diagnosis=f"04:10–04:48 OS 补丁批次 os-patch-wave-3 重装了 {BAD_NODE}，新 kickstart 把时区设成 Etc/UTC；05:05 闸机校验服务发布 "
                  "2.9.0 时 B 指廊分片的 Pod 调度到了这台刚重装的节点，它挂载宿主机 /etc/localtime，本地时间比实际早 8 小时 → 所有 "
                  "B 指廊登机牌都判 BOARDING_NOT_OPEN（日志里 local time 是前一天 21–01 点）；A、C 指廊的 Pod 在其他节点，正常。08:58 "
                  "节点时区改回 Asia/Shanghai，09:01 重启该容器后恢复。05:05 的发布只是让 Pod 落到这个节点，不是原因",
    ),
    WorldQuestion(
        "airport_pushback_tug_cause",
        "傍晚推出拖车老是来晚，好几个航班机组说准备好了在等车推出，车辆调度是怎么了？", "cause",
        asked_facts=(fact("TSAT missing", "after aircraft ready", "TSAT 缺失", "没有 TSAT"),),
        cause_facts=(fact("AMQ9526E", "sequence number", "序列号", "RETRYING"),
                     fact("QM.ATC.ZGYG", "空管", "ATC", "A-CDM")),
        forbidden=_not("mq"), service="yg-gse-dispatch",
        diagnosis="16:40 空管的队列管理器 QM.ATC.ZGYG 因磁盘故障从备份恢复 → 16:52 我方 qm-yg-01 上通道 YG.TO.ATC、ATC.TO.YG 报 "
                  "AMQ9526E 序列号不一致，一直 RETRYING → A-CDM 收不到空管的 TSAT/CTOT，TSAT 停止更新 → 车辆调度按 STD 派推出拖车，"
                  "拖车晚到 7–14 分钟；18:22 MQ 管理员 RESET CHANNEL 重置序列号后积压报文送达、恢复。原因在与空管的 MQ 通道（经 "
                  "A-CDM），不在车辆调度；16:30 的调度 4.2.0 发布不是原因",
    ),
    WorldQuestion(
        "airport_app_follow_cause",
        "从昨晚开始旅客 App 上关注航班就一直失败，到今天早上才好，App 后台出什么事了？", "cause",
        asked_facts=(fact("read-only transaction", "只读"),),
        cause_facts=(fact("pg-aodb-01",),
                     fact("switchover", "主备切换", "CHG-20270121-14", "pg-aodb-vip")),
        forbidden=_not("readonly"), service="yg-pax-app",
        diagnosis="昨晚 22:40 DBA dba_qinlan 按变更 CHG-20270121-14 把 AODB 库从 pg-aodb-01 切到 pg-aodb-02（小版本升级），pg-aodb-01 "
                  "变成备库；AODB 走 VIP 没事，但 App 后端的数据源写死 pg-aodb-01 → 关注航班写入全部 cannot execute INSERT in a "
                  "read-only transaction，夜里量少、早上 6 点后大量失败；08:05 数据源改成 pg-aodb-vip 后恢复。昨晚 21:50 的 App 7.3.0 "
                  "发布不是原因",
    ),
    WorldQuestion(
        "airport_encode_queue_quantity", "上午行李人工补码那边最多压了多少件行李？", "quantity",
        asked_facts=(fact(str(ENCODE_PEAK)),), forbidden=_not("atr"), service="yg-bhs-sorter",
        peak=Peak("yg-bhs-sorter", "bhs_manual_encode_queue_bags", ENCODE_PEAK),
        diagnosis="bhs_manual_encode_queue_bags{station=MES-2} 峰值 312 件（09:47）；BhsManualEncodeQueueHigh 触发时的 85 件不是峰值。"
                  "起因是 07:55 ATR-SL2 扫描频率从 1000 降到 500 次/秒",
    ),
    WorldQuestion(
        "airport_dcs_rate_quantity", "下午两点多值机网关一秒钟最多收到多少个请求？", "quantity",
        asked_facts=(fact(str(QPS_PEAK)),), forbidden=_not("rebooking"), service="yg-dcs-gateway",
        peak=Peak("yg-dcs-gateway", "dcs_gateway_requests_per_second", QPS_PEAK),
        diagnosis="dcs_gateway_requests_per_second 峰值 1486 次/秒（14:21），平时约 140；其中渠道 HH-OPS 的批量改签约 1342 次/秒",
    ),
    WorldQuestion(
        "airport_security_wait_quantity", "傍晚 T2 安检那边显示的排队时间最长到了多少分钟？", "quantity",
        asked_facts=(fact(str(WAIT_PEAK)),), forbidden=_not("queue"), service="yg-queue-sensor",
        peak=Peak("yg-queue-sensor", "security_queue_wait_minutes", WAIT_PEAK),
        diagnosis="security_queue_wait_minutes{checkpoint=T2-S1} 峰值 52 分钟（18:06）；SecurityQueueWaitHigh 触发时的 31 分钟不是峰值。"
                  "但这是估算值：17:18 摄像头厂商重画 CAM-SC-T2-03 的计数线并设成双向（BOTH），离队的人又被计入，排队人数翻倍；"
                  "通道放行量一直正常（约 610–700 人/小时），19:05 改回 IN 后恢复",
    ),
    WorldQuestion(
        "airport_pa_alert_existence", "自动广播今天早上报过警没有？", "existence",
        asked_facts=(fact("PaAutoAnnouncementFailures"),),
        cause_facts=(fact("LICENSE_EXPIRED", "license.lic", "授权"),),
        forbidden=_not("tts"), service="yg-pa-broadcast",
        diagnosis="报过：PaAutoAnnouncementFailures 05:56 触发、08:45 恢复。TTS 引擎授权文件 /opt/tts/license.lic 有效期到 "
                  "2027-01-21 23:59:59，零点起 LICENSE_EXPIRED，05:50 第一次登机广播起自动广播只有提示音；08:40 厂商 pa_vendor_xujing "
                  "更新授权后恢复。05:30 的春运广播模板配置不是原因",
    ),
    WorldQuestion(
        "airport_parking_healthy", "停车场系统上午改过配置，现在有告警或者报错吗？", "existence",
        asked_facts=(HEALTHY,), forbidden=INCIDENT_WORDS, service="yg-parking", healthy=True,
        diagnosis="没有：只有出入场、缴费的 INFO 和车牌识别置信度低转人工的 WARN，5xx 最高约 0.12%（阈值 2%），p99 远低于 1500ms，"
                  "无告警；10:30 把 P2 免费时长 15 改成 20 分钟与各故障无关",
    ),
    WorldQuestion(
        "airport_lost_found_healthy", "失物招领今天上午发了个版，有没有出问题？", "existence",
        asked_facts=(HEALTHY,), forbidden=INCIDENT_WORDS, service="yg-lost-found", healthy=True,
        diagnosis="没有告警；5xx 远低于阈值 2%，p99 远低于 800ms；11:00 发布 1.7.0 后只有正常的登记、查询和超期待处置 WARN。它有一个 "
                  f"Pod 在 {BAD_NODE} 上，但那是早上时区修好以后，与闸机的问题无关",
    ),
    WorldQuestion(
        "airport_alert_listing", "现在还有哪些告警没恢复？帮我列一下。", "listing",
        asked_facts=tuple(fact(name) for name in FIRING), forbidden=("yg-parking", "yg-lost-found"),
        diagnosis="2 条：FidsDisplayClientsOffline（19:02 起，C 指廊航显终端，WSUS 补丁期限强制重启后还有 3 台停在 BitLocker 恢复界面）、"
                  "QueueSensorCameraOffline（T1 摄像头 CAM-SC-T1-07 自 01-21 21:30 离线，已报修，与今天的故障无关）；其余告警都已恢复",
    ),
    WorldQuestion(
        "airport_typeb_changes_listing", "报文网关今天都有哪些变更？发版、改配置、改解析规则都算上。", "listing",
        asked_facts=(fact("MVT-PROFILE 2027.01"), fact("MVT-PROFILE 2026.11"),
                     fact("typeb.sita.heartbeat-seconds", "heartbeat-seconds"), fact("3.6.1")),
        forbidden=_not("typeb"), service="yg-typeb-gateway",
        diagnosis="四次：05:52 发布解析配置 MVT-PROFILE 2027.01（DL 时长按分钟读，导致 ETD 偏晚）、10:12 回退到 MVT-PROFILE 2026.11"
                  "（修复）、13:20 配置 typeb.sita.heartbeat-seconds 30 -> 20、15:40 发布 3.6.1（LDM 两位舱位代码，与故障无关）",
    ),
)

WORLD = World(name=NAME, title="YunGang 云港机场（地面运行系统）", build=build_bundle, questions=QUESTIONS)
