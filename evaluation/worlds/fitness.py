"""World "fitness": 动力健身 DongLi Fitness, a chain of ten gyms in Beijing with a member App (``dl-*`` services: the door
access that opens the stores' entry and exit gates by face or by the App's QR code, the face recognition that enrols the
members' photos and answers the gates' 1:N searches, member login, the App backend, group-class booking 团课预约 with its
no-show rule, membership billing and the monthly auto-renewal through 微信委托代扣, personal-trainer scheduling 私教排课,
the smart equipment (treadmills uploading workouts, scan-to-login on their screens), marketing campaigns, the stores'
devices and operations console, notifications, smart lockers and the member mall, on a Kubernetes cluster; the managed
Redis and the nodes outside it), seen from Sunday 2027-01-03 09:30 to the reference time Monday 2027-01-04 10:00 (+08:00):
the first Monday after the New Year promotion 新年焕新季, stores open 06:30–23:00. Nothing here was written for the offline
agents; ten incidents of families the other worlds do not have, in ordinary noise:

(1) 19:40 (eve)     dl-access at 望京店 (WJ): store manager store_mgr_liuyang sets the exit gates WJ-EXIT-01/02 to ``FREE_PASS``
                    for the New Year party crowd and never sets them back → members leaving after 19:40 are not recorded, their
    06:30–08:12     anti-passback state stays IN overnight → at the 06:30 opening they are denied ``ANTI_PASSBACK`` at the
                    entry gates, queue at the front desk (AntiPassbackDenyHigh). 08:12 the gates back to NORMAL and the state
                    reset for 463 members. The 06:15 ``access.qr.refresh-sec`` config is a decoy.
(2) 03:12           dl-face on dl-k8s-node-04: the cloud's live migration (SystemMaintenance.LiveMigrate) leaves the node's
                    kernel marking ``tsc`` unstable and switching to clocksource ``hpet`` → the two face pods scheduled there
    06:35 → now     by the 05:50 rollout take 0.9–3.5 s per 1:N search, past the gates' 800 ms budget → gates fall back to the
                    QR prompt; face_verify_p99_ms peaks 2380 at 08:07 (FaceVerifyLatencyHigh fired at 1210ms, still firing).
                    The four pods on other nodes answer in ~100 ms. The 05:50 deploy 3.8.2 is a decoy.
(3) 14:05 (eve)     dl-face ← dl-app-api: App 6.4.0's new camera component (CameraKit 2.0) uploads face photos as landscape
                    pixels with ``exif_orientation=6``; the enrolment job does not apply the orientation → faces detected 0,
    14:20–09:25     ENROL_FAILED (NO_FACE) while the App told the member 录入成功 → the promotion's new members are refused
                    ``FACE_NOT_ENROLLED`` at the gates this morning (FaceEnrolFailureHigh). 09:20 ``face.enrol.apply-exif-
                    orientation`` true, 09:25 2,318 photos re-enrolled. The 15:10 ``face.enrol.min-quality`` config is a decoy.
(4) 23:40 (eve)     dl-auth: sec_ops_tianhao revokes every member's refresh token (SEC-0103, after the evening's credential
                    stuffing) → at the opening every member must log in by SMS code; the code requests peak 1846 per minute
    06:30–08:35     at 07:32 (a load pattern), and members on the stores' Wi-Fi share one egress IP per store → refused
                    ``LIMIT_IP`` (20 codes / 10 min per IP) → no App, no QR (SmsCodeRefusedHigh). 08:35 the stores' egress
                    IPs whitelisted. The 06:05 ``auth.sms.code-ttl-sec`` config is a decoy.
(5) 10:18 (eve)     dl-booking ← dl-store: the 奥体店 (AT) core switch replaced by the property's network contractor (WO-AT-0103);
                    the check-in pad CK-AT-01 of 操房1 stays offline → eight Sunday classes end ``checked in 0`` → the 02:00
    02:00           no-show penalty job marks 214 no-shows there and restricts members at 3 strikes → this morning they are
    06:30–08:55     refused ``BOOKING_BANNED`` (BookingBannedRefusalsHigh). 08:55 marks reverted; 09:05 the pad back online. The
                    22:30 deploy 5.3.1 of dl-booking is a decoy. (dl-booking's first incident.)
(6) 21:30 (eve)     dl-billing: mkt_op_chenxi extends the promotion price book PB-NY2027 (月卡连续包月 ¥99) to 01-10 for the
                    stores' offline sales and widens its channels APP → ALL (MKT-0103-02) → the 06:00 auto-renewal takes the
    06:00–09:50     lowest active price: 2,288 renewals deducted ``amount=99.00`` instead of 199.00 — seen only in the values of
                    the renewal lines (RenewalAmountBelowBaseline at 09:00). 09:30 channels back to APP,STORE, a supplementary
                    charge planned. The 05:40 deploy 4.2.0 of dl-billing is a decoy.
(7) 21:05 (eve)     dl-coach: store_mgr_hejing deletes room 私教房B (GM-PT-B) of 国贸店 after its merge into 私教房A → the deletion
                    cancels 312 booked PT sessions (``ROOM_REMOVED``); the members' notices wait for the quiet hours' end →
    07:00–08:50     at 07:00 members and coaches find their sessions gone (PtComplaintHigh; PtSessionCancelSpike resolved
                    unnoticed at night). 08:50 the sessions restored into GM-PT-A. The 20:40 deploy 2.9.3 is a decoy.
(8) 23:30 (eve)     dl-equipment at 万达店 (WD): the mall's overnight power maintenance (WO-WD-0103) leaves the treadmills'
                    RTCs at ``2000-01-01`` → this morning's workouts are uploaded with ``started_at=2000-01-01…`` and rejected
    06:40–09:05     ``STALE_TIMESTAMP``; the rejections peak 57 per 10 minutes at 07:50 (WorkoutUploadRejectHigh fired at 21).
                    09:05 the clocks synced and the workouts re-accepted. The 05:30 ``equipment.upload.batch-size`` config is
                    a decoy. (dl-equipment's first incident.)
(9) 20:00 (eve)     dl-equipment ← dl-promo: campaign NY-BURN-21 (分享 3 位好友解锁体验课) on h5.dlfit.cn → 09:12 WeChat blocks the
    09:12 → now     domain for 诱导分享 → the treadmills' scan-to-login page on the same domain no longer opens in WeChat, every
                    login QR expires (TreadmillLoginTimeoutHigh, still firing). 09:40 the campaign taken down, an appeal filed.
                    The 09:00 deploy 1.12.0 of dl-equipment is a decoy. (dl-equipment's second incident.)
(10) 09:05          dl-booking ← dl-redis: the managed Redis r-2zedlbook01 fails over to its replica (primary host fault) →
    09:05–09:41     the new primary has an empty script cache and the booking pods, which load their seat-lock Lua scripts
                    only at start-up, get ``NOSCRIPT`` on every EVALSHA → no class can be booked (BookingErrorRateHigh). 09:40
                    rollout restart. The 08:40 ``booking.waitlist.promote-before-min`` config is a decoy. (dl-booking's
                    second incident.)

Healthy: dl-locker (its 07:30 deploy 2.1.4 is a decoy) and dl-mall (its 08:45 config is a decoy) — INFO/WARN noise only,
under their thresholds, no alert. Unrelated: HostCpuHigh on dl-k8s-node-02 during the night's data-warehouse sync, a
credential-stuffing LoginFailureSpike on Sunday evening (the reason for (4)), StoreDeviceOffline for CK-AT-01. Still firing
at 10:00: FaceVerifyLatencyHigh (2) and TreadmillLoginTimeoutHigh (9). Kubernetes: the deployments and their pods with
their nodes, the events of the last hour. Run ``python -m evaluation.worlds fitness`` to print the bundle.
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

NAME = "fitness"
SEED = 20270104
TZ = dt.timezone(dt.timedelta(hours=8))
DAY = dt.date(2027, 1, 4)
EVE = dt.date(2027, 1, 3)
START = dt.datetime(2027, 1, 3, 9, 30, tzinfo=TZ)
REFERENCE = dt.datetime(2027, 1, 4, 10, 0, tzinfo=TZ)
NS = "dongli-fitness"
REGISTRY = "registry.dlfit.local/app"

_t = functools.partial(clock_on, DAY, TZ)
_y = functools.partial(clock_on, EVE, TZ)

STORES = {"WJ": "望京店", "GM": "国贸店", "AT": "奥体店", "WD": "万达店", "SL": "三里屯店", "ZG": "中关村店", "WK": "五道口店",
          "YZ": "亦庄店", "TZ": "通州店", "XD": "西单店"}
#: Each store's Wi-Fi egress address (one NAT per store): what dl-auth sees of the members logging in at a store.
STORE_IPS = {s: f"113.46.201.{18 + 7 * i}" for i, s in enumerate(STORES)}
GALLERY = {"WJ": 6120, "GM": 8410, "AT": 5230, "WD": 4870, "SL": 7030, "ZG": 6650, "WK": 5940, "YZ": 3820, "TZ": 4410,
           "XD": 5580}
CLASSES = ("动感单车", "BODYPUMP 杠铃操", "燃脂 HIIT", "流瑜伽", "普拉提", "BODYCOMBAT 搏击操", "蹦床", "核心塑形")
COACHES = ("王磊", "李娜", "张伟", "刘洋", "陈静", "赵鹏", "孙悦", "周杰", "吴迪", "郑爽", "冯涛", "何雪")
MALL_ITEMS = ("乳清蛋白粉 2磅", "筋膜枪", "运动毛巾", "BCAA 支链氨基酸", "瑜伽垫", "护腕", "代餐奶昔")

# --- (1) 望京店's exit gates left on FREE_PASS ------------------------------------------------------------------------------
APB_STORE = "WJ"
FREE_PASS_ON = ("store 望京店 (WJ) exit gates WJ-EXIT-01, WJ-EXIT-02 mode NORMAL -> FREE_PASS by store_mgr_liuyang "
                "(新年派对散场，出口常开放行)")
FREE_PASS_OFF = "store 望京店 (WJ) exit gates WJ-EXIT-01, WJ-EXIT-02 mode FREE_PASS -> NORMAL by access_oncall_zhaolei"
APB_RESET = ("anti-passback state reset for 望京店 (WJ) by access_oncall_zhaolei: 463 members IN since 2027-01-03 -> OUT")
EXIT_BEAT = "gate {g} heartbeat: mode={mode}, passes recorded {n} (last 30 min), door {door}"
APB_DENY = "entry {g} member {m} (face): denied ANTI_PASSBACK, last event IN at 望京店 2027-01-03 {last}, no exit since"
ACCESS_QR = ("[nacos] config changed: dataId=dl-access.yaml key=access.qr.refresh-sec old=30 new=60 "
             "operator=access_dev_sunyu")
APB_NOTE = "access_oncall_zhaolei: 望京店被 ANTI_PASSBACK 拒的会员，最后一条记录都是昨晚入场，没有离场记录"

# --- (2) node-04's clocksource after a live migration ------------------------------------------------------------------------
BAD_NODE = "dl-k8s-node-04"
LIVE_MIGRATE = ("阿里云 ECS 系统事件 SystemMaintenance.LiveMigrate on i-2ze8dlk8s04 (dl-k8s-node-04): 宿主机维护热迁移 executed "
                "03:10:05-03:12:31, instance kept running")
TSC_UNSTABLE = ("kernel: clocksource: timekeeping watchdog on CPU5: Marking clocksource 'tsc' as unstable because the skew "
                "is too large")
HPET = "kernel: clocksource: Switched to clocksource hpet"
NODE_STAT = "node-exporter: current_clocksource {cs}, cpu sys {sys}%, user {user}%, load average {load:.1f}"
FACE_DEPLOY = ("deploy finished: dl-face 3.8.2 (was 3.8.1) rolled out by ci-bot pipeline=#5521; changes: 比对日志字段, "
               "底库加载进度")
FACE_SEARCH = "1:N search store {s} gallery {n} faces: top1 {score:.2f} took {ms}ms"
FACE_OVER = "1:N search store {s} gallery {n} faces: took {ms}ms, over the gate budget 800ms (gate {g} fell back to QR)"
GATE_FACE_TIMEOUT = "entry {g} member {m}: face verify timed out (800ms), QR prompted"
FACE_NOTE = ("face_oncall_penghao: 比对慢的只有 dl-face 的两个 Pod，其余四个 100ms 左右；慢的两个 sys CPU 很高，六个 Pod 都是 "
             "3.8.2")
FACE_PEAK = 2380
FACE_ALERT = "1210ms"

# --- (3) App 6.4.0's face photos with EXIF orientation 6 ---------------------------------------------------------------------
APP_RELEASE = ("client release: 动力健身 App 6.4.0 (iOS/Android) phased rollout 100% by app_rm_qinxue; changes: 新相机组件 "
               "CameraKit 2.0, 人脸录入页改版")
PHOTO_UP = "face photo uploaded member {m} from App {ver} ({os}), {wh} jpeg {kb}KB: accepted, enrolment queued"
ENROL_OK = ("enrol job member {m}: photo {wh} exif_orientation=1, faces detected 1, quality {q:.2f} -> ENROLLED "
            "(store {s})")
ENROL_FAIL = "enrol job member {m}: photo {wh} exif_orientation=6, faces detected 0 -> ENROL_FAILED (NO_FACE)"
ENROL_ROTATED = ("enrol job member {m}: photo {wh} exif_orientation=6 (applied), faces detected 1, quality {q:.2f} -> "
                 "ENROLLED (store {s})")
ENROL_QUALITY = ("[nacos] config changed: dataId=dl-face.yaml key=face.enrol.min-quality old=0.60 new=0.55 "
                 "operator=face_dev_wuqi")
GATE_NOT_ENROLLED = "entry {g} member {m} (joined 2027-01-03): face not matched: FACE_NOT_ENROLLED, QR prompted"
ENROL_NOTE = "face_oncall_penghao: 刷脸 FACE_NOT_ENROLLED 的都是周日下午以后在 App 上录脸的新会员，录入任务检出 0 张人脸"
EXIF_FIX = ("[nacos] config changed: dataId=dl-face.yaml key=face.enrol.apply-exif-orientation old=false new=true "
            "operator=face_oncall_penghao")
REENROL = ("re-enrol job RE-0104 by face_oncall_penghao: 2,318 photos uploaded since 2027-01-03 14:05 re-processed, "
           "2,301 ENROLLED, 17 NO_FACE")

# --- (4) every session revoked, SMS logins behind the stores' NAT -----------------------------------------------------------
STUFFING = "login failed for {p} from {ip}: wrong password ({n} attempts from this ip in 10 min)"
REVOKE = ("all member refresh tokens revoked by sec_ops_tianhao (SEC-0103: 周日晚撞库 credential stuffing from 45.136.x.x): "
          "1,284,377 sessions invalidated, members must log in again by SMS code")
SMS_SENT = "sms code sent to {p} (login), ip {ip}"
SMS_LIMIT = "sms code refused for {p}: LIMIT_IP (ip {ip} requested {n} codes in 10 min, limit 20)"
SMS_LOGIN = "login ok member {m} by sms code, ip {ip}, new refresh token issued"
SMS_TTL = ("[nacos] config changed: dataId=dl-auth.yaml key=auth.sms.code-ttl-sec old=300 new=180 "
           "operator=auth_dev_lujing")
SMS_NOTE = "auth_oncall_mali: 被 LIMIT_IP 拒的 IP 都是门店 Wi-Fi 的出口 IP，一个门店一个出口"
SMS_WHITELIST = ("[nacos] config changed: dataId=dl-auth.yaml key=auth.sms.ip-limit.whitelist old=\"\" "
                 "new=\"store-egress (10 IPs)\" operator=auth_oncall_mali")
SMS_PEAK = 1846

# --- (5) 奥体店's check-in pad offline, the no-show job ------------------------------------------------------------------------
PAD = "CK-AT-01"
AT_SWITCH = ("store 奥体店 (AT) network maintenance WO-AT-0103 by 讯联网络 (物业网络服务商): core switch replaced 10:05-10:25, "
             "store network back 10:26")
PAD_OFFLINE = "device CK-AT-01 (团课签到平板, 奥体店 操房1) offline: last heartbeat 2027-01-03 10:18:44 ({n} min ago)"
PAD_BACK = "device CK-AT-01 (团课签到平板, 奥体店 操房1) online again: switch port re-patched by 讯联网络 (WO-AT-0104)"
CLASS_END = "class {cid} {name} ({store} {room}) ended: booked {b}, checked in {c}"
#: 奥体店 操房1's classes after the pad went offline: their booked seats are the 214 no-shows.
AT_CLASSES = (("1030", "BODYPUMP 杠铃操", 26), ("1200", "燃脂 HIIT", 28), ("1400", "流瑜伽", 24), ("1530", "动感单车", 27),
              ("1700", "BODYCOMBAT 搏击操", 29), ("1830", "动感单车", 30), ("1930", "燃脂 HIIT", 28), ("2030", "核心塑形", 22))
NOSHOW_RUN = ("no-show penalty run for 2027-01-03: 1,102 no-shows marked (奥体店 214), 41 members reached 3 strikes -> "
              "booking restricted until 2027-01-10")
BANNED = "book class {cid} member {m}: refused BOOKING_BANNED (no-show strikes 3, restricted until 2027-01-10)"
NOSHOW_REVERT = ("booking_oncall_xiayu: reverted 214 no-show marks of 奥体店 操房1 classes on 2027-01-03 (会员实际已到店); "
                 "restricted members 41 -> 4")
BOOK_DEPLOY = ("deploy finished: dl-booking 5.3.1 (was 5.3.0) rolled out by ci-bot pipeline=#5508; changes: 候补排队提示, "
               "课程海报压缩")

# --- (6) the promotion's price book on the renewals ------------------------------------------------------------------------
PB_EDIT = ("price book PB-NY2027 (新年焕新季 月卡连续包月 ¥99) edited by mkt_op_chenxi (MKT-0103-02 延长门店线下成交期): "
           "valid_to 2027-01-03 23:59 -> 2027-01-10 23:59, channels APP -> ALL")
RENEW = ("auto-renew member {m} contract {c} (微信委托代扣): plan MONTHLY_AUTO price_book={pb} amount={amt} -> {result}")
RENEW_EVE = "auto-renew retry round 2027-01-03 18:00: 131 contracts, 97 deducted ¥19,303.00, 34 failed (余额不足)"
RENEW_RUN = "auto-renew run 2027-01-04 06:00: 2,416 contracts due, 2,288 deducted ¥226,512.00, 128 failed (余额不足)"
BILL_DEPLOY = ("deploy finished: dl-billing 4.2.0 (was 4.1.7) rolled out by ci-bot pipeline=#5530; changes: 电子发票抬头, "
               "续费短信文案")
RENEW_NOTE = "billing_oncall_dengyu: 今天早上的月卡续费都扣了 99 元，平时是 199"
PB_FIX = "price book PB-NY2027 edited by billing_oncall_dengyu: channels ALL -> APP,STORE (续费不适用活动价)"
SUPPLEMENT = ("supplementary charge plan SUP-0104 by billing_oncall_dengyu: 2,288 renewals of 2027-01-04 short ¥100.00 each, "
              "members notified first, charge on 2027-01-06")

# --- (7) 国贸店's deleted PT room -------------------------------------------------------------------------------------------
COACH_DEPLOY = ("deploy finished: dl-coach 2.9.3 (was 2.9.2) rolled out by ci-bot pipeline=#5502; changes: 教练排班导出, "
                "课包余额展示")
ROOM_DELETE = "room 私教房B (GM-PT-B, 国贸店) deleted by store_mgr_hejing in store console (装修后与私教房A合并)"
ROOM_CASCADE = ("room GM-PT-B deleted: 312 booked PT sessions 2027-01-04..2027-02-28 cancelled (reason ROOM_REMOVED), "
                "19 coaches notified, member notices queued for 07:00 (quiet hours)")
PT_CANCELLED = "PT session {sid} coach {coach} member {m} 国贸店 {when} -> CANCELLED (ROOM_REMOVED)"
NOTIFY_RELEASE = "quiet-hours queue released at 07:00: 312 私教课取消通知, 1,906 课程提醒"
PT_ARRIVED = ("member {m} checked in for PT session {sid} (国贸店 {hhmm}, coach {coach}): session CANCELLED (ROOM_REMOVED), "
              "front desk asked")
PT_COMPLAINT = "complaint {c} member {m}: 私教课 {sid} 被取消，没有人提前沟通 (国贸店, coach {coach})"
COACH_EMPTY = "coach {coach} (国贸店) opened today's schedule: {n} sessions (was {was} yesterday evening)"
ROOM_RESTORE = ("coach_oncall_luoyi: restored 312 sessions cancelled by the deletion of GM-PT-B into room 私教房A (GM-PT-A); "
                "GM-PT-B archived instead of deleted")

# --- (8) 万达店's treadmills back at 2000-01-01 -----------------------------------------------------------------------------
RTC_STORE = "WD"
WD_POWER = ("store 万达店 (WD) power maintenance WO-WD-0103 by 万达广场物业: mains off 2027-01-03 23:30 - 2027-01-04 04:30 "
            "(高压配电检修)")
WD_POWER_BACK = "store 万达店 (WD) mains restored 04:28 (WO-WD-0103 closed by 万达广场物业)"
TM_BOOT = "treadmill {tm} (舒华 X9) boot: firmware 3.4.1, device clock {clock}, rtc_battery LOW"
WORKOUT = "workout upload from {tm} member {m}: started_at={start}, {mins} min, {km:.1f} km -> {result}"
STALE = "rejected STALE_TIMESTAMP (older than 7 days)"
EQ_BATCH = ("[nacos] config changed: dataId=dl-equipment.yaml key=equipment.upload.batch-size old=50 new=100 "
            "operator=eq_dev_gaoming")
RTC_NOTE = "equipment_oncall_yangfan: 被拒的训练记录全是万达店的跑步机，其他门店正常"
TM_SYNC = ("equipment_oncall_yangfan: pushed time sync to 24 treadmills at 万达店 (WD), device clocks now 2027-01-04; "
           "186 rejected workouts re-accepted with the server's receive time")
REJECT_PEAK = 57
REJECT_ALERT = "21 条/10分钟"

# --- (9) WeChat blocks the campaign's domain, the treadmills' login page with it ----------------------------------------------
CAMPAIGN = ("campaign NY-BURN-21 launched by mkt_op_chenxi: 燃脂挑战 H5 https://h5.dlfit.cn/ny/burn, 分享 3 位好友解锁免费"
            "体验课")
SHARES = "campaign NY-BURN-21: {n} shares, {k} unlocks in the last 30 min"
DOMAIN_OK = "wechat domain check h5.dlfit.cn: OK"
DOMAIN_BLOCKED = "wechat domain check h5.dlfit.cn: BLOCKED (微信提示：网页包含诱导分享类内容，已停止访问该网页)"
TM_LOGIN = "treadmill {tm} login by member {m} via WeChat scan (https://h5.dlfit.cn/eq/login) took {s:.1f}s"
TM_EXPIRED = "treadmill {tm} login QR expired after 120s: no scan callback from https://h5.dlfit.cn/eq/login"
EQ_DEPLOY = ("deploy finished: dl-equipment 1.12.0 (was 1.11.6) rolled out by ci-bot pipeline=#5536; changes: 训练记录分页, "
             "设备固件清单")
LOGIN_NOTE = "equipment_oncall_yangfan: 跑步机扫码登录全部超时，会员说微信里打开登录页提示已停止访问"
CAMPAIGN_OFF = "mkt_op_chenxi: NY-BURN-21 分享解锁已下线，已向微信提交域名申诉 APPEAL-0104-77"

# --- (10) the managed Redis's failover, NOSCRIPT ------------------------------------------------------------------------------
REDIS = "r-2zedlbook01"
REDIS_HA = ("阿里云 Redis r-2zedlbook01: HA switchover 主备切换 (primary host fault), replica promoted, new primary "
            "10.8.3.17, 09:05:31-09:05:39")
SHA_LOCK = "7c3f9a41d2e08b5c6f1e2d3a4b5c6d7e8f901a2b"
SHA_RELEASE = "e1d2c3b4a5968778695a4b3c2d1e0f9a8b7c6d5e"
NOSCRIPT_ERR = ("book class {cid} member {m}: seat lock failed: NOSCRIPT No matching script. Please use EVAL. "
                "(EVALSHA seat_lock " + SHA_LOCK[:12] + ")")
SCRIPTS_LOADED = ("SeatLockScripts: SCRIPT LOAD seat_lock sha " + SHA_LOCK[:12] + ", seat_release sha " + SHA_RELEASE[:12]
                  + "; BookingApplication 5.3.1 started in {s} seconds")
WAITLIST_CFG = ("[nacos] config changed: dataId=dl-booking.yaml key=booking.waitlist.promote-before-min old=30 new=60 "
                "operator=booking_dev_fanxin")
NOSCRIPT_NOTE = "booking_oncall_xiayu: 9:05 起约课全部失败，报错都一样"
BOOK_RESTART = "kubectl rollout restart deployment/dl-booking by booking_oncall_xiayu (reload seat-lock Lua scripts)"

# --- healthy services' decoys, unrelated ------------------------------------------------------------------------------
LOCKER_DEPLOY = ("deploy finished: dl-locker 2.1.4 (was 2.1.3) rolled out by ci-bot pipeline=#5533; changes: 柜门超时提醒文案")
MALL_CONFIG = ("[nacos] config changed: dataId=dl-mall.yaml key=mall.home.recommend-slots old=4 new=6 "
               "operator=mall_dev_qiuyue")
DW_SYNC = "data-warehouse sync job dw-sync-0104 on dl-k8s-node-02: exported 41 tables (members, visits, orders) in 38 min"

# --- pods, nodes --------------------------------------------------------------------------------------------------------
FACE_NEW = pod_names("dl-face", "3.8.2", 6)
FACE_FAST = FACE_NEW[:4]
FACE_SLOW = FACE_NEW[4:]
BOOK_RESTARTED = pod_names("dl-booking", "5.3.1@restart-20270104", 4)
ROLLOUTS: dict[str, list[tuple[dt.datetime, tuple[str, ...]]]] = {
    "dl-access": [(START, pod_names("dl-access", "4.7.3", 4))],
    "dl-face": [(START, pod_names("dl-face", "3.8.1", 6)), (_t("05:51:00"), FACE_NEW)],
    "dl-auth": [(START, pod_names("dl-auth", "2.6.0", 4))],
    "dl-app-api": [(START, pod_names("dl-app-api", "6.12.4", 6))],
    "dl-booking": [(START, pod_names("dl-booking", "5.3.0", 4)), (_y("22:31:00"), pod_names("dl-booking", "5.3.1", 4)),
                   (_t("09:41:00"), BOOK_RESTARTED)],
    "dl-billing": [(START, pod_names("dl-billing", "4.1.7", 3)), (_t("05:41:00"), pod_names("dl-billing", "4.2.0", 3))],
    "dl-coach": [(START, pod_names("dl-coach", "2.9.2", 3)), (_y("20:41:00"), pod_names("dl-coach", "2.9.3", 3))],
    "dl-equipment": [(START, pod_names("dl-equipment", "1.11.6", 4)), (_t("09:01:00"), pod_names("dl-equipment", "1.12.0", 4))],
    "dl-promo": [(START, pod_names("dl-promo", "3.3.0", 2))],
    "dl-store": [(START, pod_names("dl-store", "2.4.1", 2))],
    "dl-notify": [(START, pod_names("dl-notify", "1.8.0", 3))],
    "dl-locker": [(START, pod_names("dl-locker", "2.1.3", 2)), (_t("07:31:00"), pod_names("dl-locker", "2.1.4", 2))],
    "dl-mall": [(START, pod_names("dl-mall", "1.6.2", 3))],
}
GENERAL_NODES = [f"dl-k8s-node-{n:02d}" for n in (1, 2, 3, 5, 6, 7, 8)]
NODES = [*GENERAL_NODES, BAD_NODE]
INSTANCES: dict[str, list[str]] = {service: list(steps[-1][1]) for service, steps in ROLLOUTS.items()} | {
    "dl-k8s-node": NODES, "dl-redis": [REDIS]}


def node_of(pod: str) -> str:
    """The two face pods of the 05:50 rollout on node-04; every other pod elsewhere."""
    if pod in FACE_SLOW:
        return BAD_NODE
    return GENERAL_NODES[int(hashlib.sha256(pod.encode()).hexdigest(), 16) % len(GENERAL_NODES)]


SERVICES: list[Json] = [
    {"name": "dl-access", "aliases": ["门禁", "闸机", "门禁闸机", "进门", "入场", "刷脸进门", "扫码进门"],
     "description": "门禁（Go，4 个副本 + 各门店边缘网关 edge-XX）：十家门店入口、出口闸机的开闸判定——刷脸（调 dl-face 1:N 比对，"
                    "预算 800ms，超时提示扫码）或 App 会员码（QR）；会籍校验、反潜回（anti-passback：上次是入场、没有离场记录则"
                    "不许再入场）；出口闸机可由店长在门店后台设为 FREE_PASS 常开放行（不记录离场）。"},
    {"name": "dl-face", "aliases": ["人脸", "人脸识别", "人脸比对", "刷脸", "人脸库", "人脸录入"],
     "description": "人脸识别（C++/Go，6 个副本）：会员在 App 上传人脸照片后的异步录入任务（检测、质量、入底库），各门店底库的 "
                    "1:N 比对（闸机、储物柜调用）。"},
    {"name": "dl-auth", "aliases": ["登录", "会员登录", "账号", "验证码", "短信验证码", "认证"],
     "description": "会员登录与账号（4 个副本）：密码登录、短信验证码登录（每个 IP 10 分钟最多 20 条）、refresh token；风控。"},
    {"name": "dl-app-api", "aliases": ["App", "动力健身 App", "App 后端", "小程序"],
     "description": "动力健身 App 后端（6 个副本）：首页、课程、会员码、人脸照片上传、订单；App 客户端版本发布记录。"},
    {"name": "dl-booking", "aliases": ["约课", "团课", "团课预约", "预约", "约课系统", "课程预约"],
     "description": "团课预约（Java，4 个副本）：约课、取消、候补；座位锁用云 Redis（r-2zedlbook01）上的 Lua 脚本（启动时 SCRIPT "
                    "LOAD，之后 EVALSHA）；课后按签到平板的签到记录统计爽约，每天 02:00 爽约处罚任务：累计 3 次限制约课 7 天。"},
    {"name": "dl-billing", "aliases": ["计费", "会籍计费", "自动续费", "续费", "扣费", "会籍"],
     "description": "会籍计费（3 个副本）：办卡订单、价格本（price book，按渠道 APP/STORE/RENEWAL 生效）、月卡连续包月每天 06:00 "
                    "通过微信委托代扣自动续费、18:00 失败重试。"},
    {"name": "dl-coach", "aliases": ["私教", "私教排课", "教练", "私教课", "排课"],
     "description": "私教排课（3 个副本）：教练排班、私教课预约、私教房间资源；门店后台维护房间。"},
    {"name": "dl-equipment", "aliases": ["智能器械", "跑步机", "器械", "训练记录", "运动记录"],
     "description": "智能器械（4 个副本）：跑步机（舒华 X9）屏幕上的扫码登录（会员用微信扫二维码，打开 h5.dlfit.cn 登录页），"
                    "训练结束后上传训练记录（started_at 取设备时钟；早于 7 天的记录拒收）。"},
    {"name": "dl-promo", "aliases": ["营销", "活动", "营销活动", "新年活动", "H5 活动"],
     "description": "营销活动（2 个副本）：新年焕新季、燃脂挑战等 H5 活动页（h5.dlfit.cn），微信域名状态巡检。"},
    {"name": "dl-store", "aliases": ["门店", "门店设备", "门店运营", "门店后台", "签到平板"],
     "description": "门店设备与运营后台（2 个副本）：各门店设备心跳（闸机、团课签到平板、储物柜、跑步机），门店工单与物业通知。"},
    {"name": "dl-notify", "aliases": ["通知", "推送", "短信", "消息"],
     "description": "通知（3 个副本）：App 推送与短信；22:00–07:00 免打扰期间的通知排队到 07:00 发送。"},
    {"name": "dl-locker", "aliases": ["储物柜", "智能储物柜", "柜子"],
     "description": "智能储物柜（2 个副本）：刷脸或扫码开柜、柜门状态、超时提醒。"},
    {"name": "dl-mall", "aliases": ["商城", "会员商城", "补剂商城"],
     "description": "会员商城（3 个副本）：蛋白粉、装备等商品的下单与支付。"},
    {"name": "dl-redis", "aliases": ["Redis", "云 Redis", "r-2zedlbook01"],
     "description": "阿里云 Redis 主备版 r-2zedlbook01（集群外托管）：团课座位锁。"},
    {"name": "dl-k8s-node", "aliases": ["K8s 节点", "节点", "服务器", "ECS"],
     "description": "集群 dl-prod 的节点 dl-k8s-node-01..08（阿里云 ECS）。"},
]

WINDOWS = {
    "freepass": (_y("19:40"), _t("08:12")),
    "apb": (_t("06:30"), _t("08:12")),
    "clock": (_t("06:35"), REFERENCE),
    "exif": (_y("14:05"), _t("09:25")),
    "sms": (_t("06:30"), _t("08:35")),
    "pad": (_y("10:18"), _t("09:05")),
    "banned": (_t("06:30"), _t("08:55")),
    "rtc": (_t("06:40"), _t("09:05")),
    "blocked": (_t("09:12"), REFERENCE),
    "noscript": (_t("09:05:40"), _t("09:41")),
}


def _inside(window: str, t: dt.datetime) -> bool:
    a, b = WINDOWS[window]
    return a <= t < b


def _open(t: dt.datetime) -> bool:
    """The stores are open 06:30–23:00."""
    clock = t.timetz().replace(tzinfo=None)
    return dt.time(6, 30) <= clock < dt.time(23, 0)


# --- Business vocabulary ----------------------------------------------------------------------------------------------
Line = tuple[str, str, dict[str, Any]]


def _member(w: WorldBuilder) -> str:
    return f"M{w.rng.randint(10**7, 10**8 - 1)}"


def _phone(w: WorldBuilder) -> str:
    return f"1{w.rng.choice('3578')}{w.rng.randint(0, 9)}****{w.rng.randint(1000, 9999)}"


def _home_ip(w: WorldBuilder) -> str:
    return f"{w.rng.choice((36, 39, 111, 117, 123, 223))}.{w.rng.randint(1, 254)}.{w.rng.randint(1, 254)}.{w.rng.randint(1, 254)}"


def _store(w: WorldBuilder, *, avoid: tuple[str, ...] = ()) -> str:
    return w.rng.choice([s for s in STORES if s not in avoid])


def _pod(w: WorldBuilder, service: str, t: dt.datetime) -> str:
    pods = ROLLOUTS[service][0][1]
    for moment, step in ROLLOUTS[service]:
        if moment <= t:
            pods = step
    if service == "dl-face":
        pods = tuple(p for p in pods if p not in FACE_SLOW)  # the slow pods write their own lines
    return w.rng.choice(pods)


def _class_id(store: str, day: dt.date, hhmm: str) -> str:
    return f"C-{store}-{day:%m%d}-{hhmm}"


# --- Noise: every service's ordinary day ---------------------------------------------------------------------------------
def _access(w: WorldBuilder, t: dt.datetime) -> Line:
    if not _open(t):
        s = _store(w)
        return "INFO", f"edge-{s} whitelist sync: version v{w.rng.randint(41000, 41999)}, {GALLERY[s] + 300} members, ok", {
            "instance": f"edge-{s}", "trace": False}
    roll = w.rng.random()
    s = _store(w)
    if roll < 0.45:
        return "INFO", (f"entry {s}-ENTRY-0{w.rng.randint(1, 2)} member {_member(w)} via face (score "
                        f"{w.rng.uniform(0.86, 0.98):.2f}, {w.ms(60, 160)}ms) -> gate open"), {"instance": f"edge-{s}"}
    if roll < 0.65:
        return "INFO", f"entry {s}-ENTRY-0{w.rng.randint(1, 2)} member {_member(w)} via QR -> gate open", {
            "instance": f"edge-{s}"}
    if roll < 0.97:
        s = _store(w, avoid=(APB_STORE,) if _inside("freepass", t) else ())
        return "INFO", f"exit {s}-EXIT-0{w.rng.randint(1, 2)} member {_member(w)} via {w.rng.choice(('face', 'QR'))} -> gate open", {
            "instance": f"edge-{s}"}
    return "WARN", f"entry {s}-ENTRY-0{w.rng.randint(1, 2)}: tailgating suspected (2 persons, 1 pass), front desk notified", {
        "instance": f"edge-{s}"}


def _face(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "dl-face", t)
    s = _store(w)
    if not _open(t):
        return "INFO", f"gallery sync store {s}: {GALLERY[s]} faces, index rebuilt in {w.ms(800, 3000)}ms", {"instance": pod}
    if w.rng.random() < 0.93:
        return "INFO", FACE_SEARCH.format(s=s, n=GALLERY[s], score=w.rng.uniform(0.86, 0.98), ms=w.ms(55, 150)), {
            "instance": pod}
    return "WARN", f"capture from {s}-ENTRY-0{w.rng.randint(1, 2)} rejected: blur score {w.rng.uniform(0.2, 0.4):.2f}, gate asked to retry", {
        "instance": pod}


def _auth(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "dl-auth", t)
    roll = w.rng.random()
    if roll < 0.7:
        return "INFO", f"token refreshed member {_member(w)}, ip {_home_ip(w)}", {"instance": pod}
    if roll < 0.9:
        return "INFO", SMS_SENT.format(p=_phone(w), ip=_home_ip(w)), {"instance": pod}
    if roll < 0.97:
        return "INFO", f"login ok member {_member(w)} by password, ip {_home_ip(w)}", {"instance": pod}
    return "WARN", f"login failed for {_phone(w)}: wrong sms code (1 of 5)", {"instance": pod}


def _app(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "dl-app-api", t)
    roll = w.rng.random()
    s = _store(w)
    if roll < 0.35:
        return "INFO", f"GET /api/v3/home member {_member(w)} 200 {w.ms(20, 90)}ms", {"instance": pod, "log_type": "access"}
    if roll < 0.6:
        return "INFO", f"GET /api/v3/classes?store={s}&date={t:%Y-%m-%d} 200 {w.ms(30, 140)}ms", {
            "instance": pod, "log_type": "access"}
    if roll < 0.8:
        return "INFO", f"GET /api/v3/member/qrcode member {_member(w)} 200 {w.ms(10, 40)}ms", {
            "instance": pod, "log_type": "access"}
    if roll < 0.97:
        return "INFO", f"GET /api/v3/stores/{s}/occupancy 200 {w.ms(10, 50)}ms", {"instance": pod, "log_type": "access"}
    return "WARN", f"upload avatar member {_member(w)}: image too large ({w.rng.randint(11, 19)}MB), asked to compress", {
        "instance": pod}


def _booking(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "dl-booking", t)
    s = _store(w)
    day = DAY if t.date() == EVE else (DAY + dt.timedelta(days=1))
    cid = _class_id(s, day, w.rng.choice(("0700", "0930", "1200", "1830", "1930", "2030")))
    roll = w.rng.random()
    if roll < 0.5 and not _inside("noscript", t):
        seats = w.rng.randint(20, 30)
        return "INFO", f"book class {cid} {w.rng.choice(CLASSES)} member {_member(w)} -> BOOKED (seats {w.rng.randint(3, seats)}/{seats})", {
            "instance": pod}
    if roll < 0.7:
        return "INFO", f"GET /booking/v2/classes?store={s} 200 {w.ms(15, 80)}ms", {"instance": pod, "log_type": "access"}
    if roll < 0.85 and not _inside("noscript", t):
        return "INFO", f"cancel class {cid} member {_member(w)} -> CANCELLED (>2h before start, no penalty)", {"instance": pod}
    if roll < 0.97:
        return "INFO", f"waitlist class {cid}: {w.rng.randint(1, 9)} waiting", {"instance": pod}
    return "WARN", f"book class {cid} member {_member(w)}: class full, added to waitlist", {"instance": pod}


def _billing(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "dl-billing", t)
    roll = w.rng.random()
    order = f"O{w.rng.randint(10**10, 10**11 - 1)}"
    if roll < 0.3:
        channel = "APP" if w.rng.random() < 0.7 or t.date() == EVE else "STORE"
        return "INFO", f"order {order} paid ¥99.00 price_book=PB-NY2027 channel {channel} (新年焕新季 月卡连续包月)", {
            "instance": pod}
    if roll < 0.5:
        return "INFO", f"order {order} paid ¥2,388.00 price_book=PB-STD-2027 channel {w.rng.choice(('APP', 'STORE'))} (年卡)", {
            "instance": pod}
    if roll < 0.75:
        return "INFO", (f"contract signed member {_member(w)} WX-PAPAY-{w.rng.randint(10**8, 10**9 - 1)} plan MONTHLY_AUTO "
                        "(微信委托代扣)"), {"instance": pod}
    if roll < 0.97:
        return "INFO", f"invoice issued for order {order}, 电子发票 ok", {"instance": pod}
    return "WARN", f"payment callback for order {order} arrived twice, second ignored (idempotent)", {"instance": pod}


def _coach(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "dl-coach", t)
    s = _store(w, avoid=("GM",))
    roll = w.rng.random()
    sid = f"PT-{w.rng.randint(10**6, 10**7 - 1)}"
    if roll < 0.45:
        return "INFO", f"PT session {sid} coach {w.rng.choice(COACHES)} member {_member(w)} {STORES[s]} -> BOOKED", {
            "instance": pod}
    if roll < 0.75:
        return "INFO", f"PT session {sid} coach {w.rng.choice(COACHES)} {STORES[s]} -> COMPLETED, 课包 -1", {"instance": pod}
    if roll < 0.97:
        return "INFO", f"coach {w.rng.choice(COACHES)} updated availability for next week ({w.rng.randint(8, 30)} slots)", {
            "instance": pod}
    return "WARN", f"PT session {sid}: member late 15 min, coach marked LATE", {"instance": pod}


def _equipment(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "dl-equipment", t)
    if not _open(t):
        return "INFO", f"firmware manifest check: {w.rng.randint(230, 240)} treadmills, 0 pending", {"instance": pod}
    s = _store(w, avoid=(RTC_STORE,) if t >= _y("23:00") else ())
    tm = f"TM-{s}-{w.rng.randint(1, 24):02d}"
    mins = w.rng.randint(12, 60)
    start = (t - dt.timedelta(minutes=mins, seconds=w.rng.randint(5, 50))).replace(tzinfo=None)
    if w.rng.random() < 0.96:
        return "INFO", WORKOUT.format(tm=tm, m=_member(w), start=start.isoformat(timespec="seconds"), mins=mins,
                                      km=mins * w.rng.uniform(0.11, 0.17), result="accepted"), {"instance": pod}
    return "WARN", f"treadmill {tm}: belt motor temperature {w.rng.randint(61, 68)}°C, above 60°C warning", {"instance": pod}


def _promo(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "dl-promo", t)
    return "INFO", (f"campaign NY-RENEW-2027 (新年焕新季): {w.rng.randint(300, 4000)} views, {w.rng.randint(5, 90)} orders in "
                    "the last 10 min"), {"instance": pod}


def _store_noise(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "dl-store", t)
    s = _store(w, avoid=("AT", "WD"))
    if w.rng.random() < 0.9:
        total = w.rng.randint(38, 52)
        return "INFO", f"store {STORES[s]} ({s}): devices online {total}/{total}", {"instance": pod}
    return "WARN", f"store {STORES[s]} ({s}): 空调 AC-{w.rng.randint(1, 6)} filter due for cleaning (工单已建)", {"instance": pod}


def _notify(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "dl-notify", t)
    if not _open(t):
        return "INFO", f"quiet hours: {w.rng.randint(10, 90)} notifications queued for 07:00", {"instance": pod}
    if w.rng.random() < 0.8:
        return "INFO", f"push sent: {w.rng.randint(40, 600)} 课程提醒, {w.rng.randint(0, 40)} 订单通知", {"instance": pod}
    return "INFO", f"sms sent: {w.rng.randint(10, 120)} 到期提醒, receipts {w.rng.randint(96, 100)}%", {"instance": pod}


def _locker(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "dl-locker", t)
    s = _store(w)
    if not _open(t):
        return "INFO", f"locker bank {s}-L{w.rng.randint(1, 6)}: all doors closed, {w.rng.randint(0, 3)} items left, battery ok", {
            "instance": pod}
    roll = w.rng.random()
    if roll < 0.8:
        return "INFO", (f"locker {s}-L{w.rng.randint(1, 6)}-{w.rng.randint(1, 80):03d} opened by member {_member(w)} via "
                        f"{w.rng.choice(('QR', 'face'))} took {w.ms(150, 600)}ms"), {"instance": pod}
    if roll < 0.96:
        return "INFO", f"locker {s}-L{w.rng.randint(1, 6)}-{w.rng.randint(1, 80):03d} released (member left)", {"instance": pod}
    return "WARN", f"locker {s}-L{w.rng.randint(1, 6)}-{w.rng.randint(1, 80):03d} door open > 10 min, reminder pushed", {
        "instance": pod}


def _mall(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "dl-mall", t)
    if w.rng.random() < 0.9:
        return "INFO", (f"mall order MO{w.rng.randint(10**8, 10**9 - 1)} paid ¥{w.rng.randint(39, 699)}.00 "
                        f"({w.rng.choice(MALL_ITEMS)}) took {w.ms(80, 300)}ms"), {"instance": pod}
    return "WARN", f"sku {w.rng.choice(MALL_ITEMS)}: stock {w.rng.randint(1, 9)} left, below reorder point", {"instance": pod}


def _redis(w: WorldBuilder, t: dt.datetime) -> Line:
    primary = "10.8.3.17" if t >= _t("09:05:39") else "10.8.3.12"
    return "INFO", (f"{REDIS} (primary {primary}): used_memory {w.rng.uniform(1.8, 2.3):.1f}G, connected_clients "
                    f"{w.rng.randint(380, 440)}, ops/s {w.rng.randint(800, 4200)}"), {"instance": REDIS, "trace": False}


def _node(w: WorldBuilder, t: dt.datetime) -> Line:
    node = w.rng.choice(GENERAL_NODES)
    if w.rng.random() < 0.5:
        return "INFO", NODE_STAT.format(cs="tsc", sys=w.rng.randint(3, 9), user=w.rng.randint(15, 45),
                                        load=w.rng.uniform(1.0, 5.0)), {"instance": node, "trace": False}
    return "INFO", f"kubelet: image garbage collection: usage {w.rng.randint(20, 60)}% below threshold 80%", {
        "instance": node, "trace": False}


NOISE = {
    "dl-access": (_access, 30), "dl-face": (_face, 40), "dl-auth": (_auth, 40), "dl-app-api": (_app, 25),
    "dl-booking": (_booking, 40), "dl-billing": (_billing, 90), "dl-coach": (_coach, 120), "dl-equipment": (_equipment, 60),
    "dl-promo": (_promo, 600), "dl-store": (_store_noise, 300), "dl-notify": (_notify, 180), "dl-locker": (_locker, 60),
    "dl-mall": (_mall, 150), "dl-redis": (_redis, 600), "dl-k8s-node": (_node, 600),
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


# --- Incident 1: 望京店's exit gates on FREE_PASS -----------------------------------------------------------------------------
APB_SERIES: Keyframes = [(START, 0), (_t("06:30"), 0), (_t("06:41"), 18), (_t("07:10"), 34), (_t("07:40"), 30),
                         (_t("08:10"), 14), (_t("08:14"), 0), (REFERENCE, 0)]


def free_pass(w: WorldBuilder) -> None:
    access = "dl-access"
    w.log(_y("19:40:12.118"), access, "INFO", FREE_PASS_ON, instance="ops-console", trace=False, change="ops")
    # Exit-gate heartbeats of 望京店 and of one other store, every half hour.
    for moment in _every(w, START + dt.timedelta(minutes=2), REFERENCE, 1795, 1805):
        for gate in ("WJ-EXIT-01", "WJ-EXIT-02", "GM-EXIT-01"):
            free = gate.startswith("WJ") and _inside("freepass", moment)
            opened = _open(moment)
            w.log(moment + dt.timedelta(seconds=len(gate) % 5), access, "INFO",
                  EXIT_BEAT.format(g=gate, mode="FREE_PASS" if free else "NORMAL",
                                   n=0 if free or not opened else w.rng.randint(20, 140),
                                   door="open" if free else "closed"), instance=f"edge-{gate[:2]}", trace=False)
    # Sunday evening at 望京店: members come in (recorded), leave after 19:40 (not recorded).
    stayed: list[tuple[str, dt.datetime]] = []
    for moment in _every(w, _y("18:10"), _y("22:30"), 25, 70):
        member = _member(w)
        w.log(moment, access, "INFO", f"entry WJ-ENTRY-0{w.rng.randint(1, 2)} member {member} via "
              f"{w.rng.choice(('face', 'QR'))} -> gate open", instance="edge-WJ")
        stayed.append((member, moment))
    w.log(_t("06:15:20.204"), access, "INFO", ACCESS_QR, instance=ROLLOUTS[access][0][1][0], change="config")
    # Monday: those of them who come back are denied.
    comers = w.rng.sample(stayed, k=min(len(stayed), 90))
    times = sorted(_every(w, "06:31", "08:11", 40, 90))
    for (member, last), moment in zip(comers, times, strict=False):
        w.log(moment, access, "WARN", APB_DENY.format(g=f"WJ-ENTRY-0{w.rng.randint(1, 2)}", m=member,
                                                      last=f"{last:%H:%M:%S}"), instance="edge-WJ")
    _ops(w, _t("07:20:10.330"), access, APB_NOTE)
    w.log(_t("08:12:05.441"), access, "INFO", FREE_PASS_OFF, instance="ops-console", trace=False, change="ops")
    _ops(w, _t("08:12:40.551"), access, APB_RESET)
    w.alert("AntiPassbackDenyHigh", access, "warning", _t("06:41"), _t("08:20"), "18 次/10分钟",
            "望京店入口反潜回拒绝 18 次/10分钟，超过阈值 10", namespace=NS, store="WJ")


# --- Incident 2: node-04's clocksource ---------------------------------------------------------------------------------------
FACE_SERIES: Keyframes = [(START, 150), (_y("23:00"), 140), (_t("06:30"), 150), (_t("06:40"), 640), (_t("06:52"), 1210),
                          (_t("07:40"), 1900), (_t("08:06"), 2190), (_t("08:07"), FACE_PEAK), (_t("08:08"), 2230),
                          (_t("09:00"), 1750), (REFERENCE, 1520)]


def clocksource(w: WorldBuilder) -> None:
    face, node = "dl-face", "dl-k8s-node"
    w.log(_t("03:12:35.118"), node, "INFO", LIVE_MIGRATE, instance=BAD_NODE, trace=False)
    w.log(_t("03:12:41.204"), node, "WARN", TSC_UNSTABLE, instance=BAD_NODE, trace=False)
    w.log(_t("03:12:41.330"), node, "INFO", HPET, instance=BAD_NODE, trace=False)
    for moment in _every(w, START + dt.timedelta(minutes=4), REFERENCE, 590, 610):
        after = moment >= _t("03:12:41")
        busy = after and moment >= _t("06:35")
        w.log(moment, node, "INFO", NODE_STAT.format(cs="hpet" if after else "tsc",
                                                     sys=w.rng.randint(38, 61) if busy else w.rng.randint(3, 9),
                                                     user=w.rng.randint(20, 35) if busy else w.rng.randint(2, 12),
                                                     load=w.rng.uniform(9, 14) if busy else w.rng.uniform(0.3, 1.5)),
              instance=BAD_NODE, trace=False)
    w.log(_t("05:50:10.441"), face, "INFO", FACE_DEPLOY, instance=FACE_NEW[0], change="deploy")
    _rolled(w, face, 1, "FaceServer 3.8.2 started in {s} seconds, galleries loaded")
    for moment in _every(w, "06:35", REFERENCE, 5, 12):
        pod = w.rng.choice(FACE_SLOW)
        s = _store(w)
        took = w.ms(900, 3500)
        if took > 1400 and w.rng.random() < 0.6:
            gate = f"{s}-ENTRY-0{w.rng.randint(1, 2)}"
            w.log(moment, face, "WARN", FACE_OVER.format(s=s, n=GALLERY[s], ms=took, g=gate), instance=pod)
            w.log(moment - dt.timedelta(milliseconds=took - 800), "dl-access", "WARN",
                  GATE_FACE_TIMEOUT.format(g=gate, m=_member(w)), instance=f"edge-{s}")
        else:
            w.log(moment, face, "INFO", FACE_SEARCH.format(s=s, n=GALLERY[s], score=w.rng.uniform(0.86, 0.98), ms=took),
                  instance=pod)
    _ops(w, _t("07:40:20.118"), face, FACE_NOTE)
    w.alert("FaceVerifyLatencyHigh", face, "critical", _t("06:52"), None, FACE_ALERT,
            "刷脸比对 P99 1210ms，超过阈值 1000ms", namespace=NS)


# --- Incident 3: App 6.4.0's photos with EXIF orientation 6 -------------------------------------------------------------------
ENROL_SERIES: Keyframes = [(START, 2), (_y("14:05"), 2), (_y("14:30"), 36), (_y("14:40"), 41), (_y("22:00"), 44),
                           (_t("07:00"), 43), (_t("09:20"), 42), (_t("09:30"), 3), (REFERENCE, 2)]


def exif(w: WorldBuilder) -> None:
    app, face, access = "dl-app-api", "dl-face", "dl-access"
    w.log(_y("14:05:10.118"), app, "INFO", APP_RELEASE, instance="ops-console", trace=False, change="release")
    w.log(_y("15:10:20.204"), face, "INFO", ENROL_QUALITY, instance=ROLLOUTS[face][0][1][0], change="config")
    failed: list[str] = []
    for moment in _every(w, START + dt.timedelta(minutes=1), REFERENCE - dt.timedelta(minutes=1), 120, 420):
        if not (_y("07:00") <= moment < _y("23:30") or moment >= _t("06:30")):
            continue
        member = _member(w)
        new_app = moment >= _y("14:05:10") and w.rng.random() < 0.9
        os_name = w.rng.choice(("iOS", "Android"))
        wh = "1920x1080" if new_app else "1080x1920"
        w.log(moment, app, "INFO", PHOTO_UP.format(m=member, ver="6.4.0" if new_app else "6.3.2", os=os_name, wh=wh,
                                                   kb=w.rng.randint(280, 520)), instance=_pod(w, app, moment))
        done = moment + dt.timedelta(seconds=w.rng.randint(4, 30))
        if new_app and done >= _t("09:20:10"):
            w.log(done, face, "INFO", ENROL_ROTATED.format(m=member, wh=wh, q=w.rng.uniform(0.7, 0.93), s=_store(w)),
                  instance=_pod(w, face, done))
        elif new_app:
            w.log(done, face, "WARN", ENROL_FAIL.format(m=member, wh=wh), instance=_pod(w, face, done))
            if moment < _t("00:00"):
                failed.append(member)
        else:
            w.log(done, face, "INFO", ENROL_OK.format(m=member, wh=wh, q=w.rng.uniform(0.7, 0.93), s=_store(w)),
                  instance=_pod(w, face, done))
    # This morning the new members come to the stores and are not in the galleries.
    comers = w.rng.sample(failed, k=min(len(failed), 60))
    for member, moment in zip(comers, sorted(_every(w, "06:33", "09:20", 60, 200)), strict=False):
        s = _store(w, avoid=(APB_STORE,))
        w.log(moment, access, "WARN", GATE_NOT_ENROLLED.format(g=f"{s}-ENTRY-0{w.rng.randint(1, 2)}", m=member),
              instance=f"edge-{s}")
    _ops(w, _t("08:30:10.330"), face, ENROL_NOTE)
    w.log(_t("09:20:10.441"), face, "INFO", EXIF_FIX, instance=FACE_FAST[0], change="config")
    _ops(w, _t("09:25:30.551"), face, REENROL)
    w.alert("FaceEnrolFailureHigh", face, "warning", _y("14:40"), _t("09:35"), "41%",
            "人脸录入失败率 41%，超过阈值 20%", namespace=NS)


# --- Incident 4: all sessions revoked, SMS codes limited per store IP --------------------------------------------------------
SMS_SERIES: Keyframes = [(START, 24), (_y("20:00"), 30), (_y("23:50"), 12), (_t("06:00"), 35), (_t("06:30"), 620),
                         (_t("07:00"), 1310), (_t("07:31"), 1702), (_t("07:32"), SMS_PEAK), (_t("07:33"), 1688),
                         (_t("08:00"), 1420), (_t("08:35"), 880), (_t("09:00"), 520), (REFERENCE, 260)]


def sms_login(w: WorldBuilder) -> None:
    auth = "dl-auth"
    for moment in _every(w, _y("20:10"), _y("21:40"), 4, 15):
        ip = f"45.136.{w.rng.randint(12, 15)}.{w.rng.randint(2, 250)}"
        w.log(moment, auth, "WARN", STUFFING.format(p=_phone(w), ip=ip, n=w.rng.randint(40, 400)), instance=_pod(w, auth, moment))
    w.alert("LoginFailureSpike", auth, "warning", _y("20:18"), _y("21:45"), "2,310 次/10分钟",
            "密码登录失败 2,310 次/10分钟，超过阈值 500", namespace=NS)
    w.log(_y("23:40:10.118"), auth, "INFO", REVOKE, instance="ops-console", trace=False, change="ops")
    w.log(_t("06:05:20.204"), auth, "INFO", SMS_TTL, instance=ROLLOUTS[auth][0][1][0], change="config")
    for moment in _every(w, "06:30", "09:30", 5, 12):
        pod = _pod(w, auth, moment)
        at_store = w.rng.random() < 0.45
        if at_store:
            s = _store(w)
            ip = STORE_IPS[s]
            if _inside("sms", moment) and w.rng.random() < 0.8:
                w.log(moment, auth, "WARN", SMS_LIMIT.format(p=_phone(w), ip=ip, n=w.rng.randint(21, 96)), instance=pod)
                continue
        else:
            ip = _home_ip(w)
        w.log(moment, auth, "INFO", SMS_SENT.format(p=_phone(w), ip=ip), instance=pod)
        w.log(moment + dt.timedelta(seconds=w.rng.randint(15, 60)), auth, "INFO", SMS_LOGIN.format(m=_member(w), ip=ip),
              instance=pod)
    _ops(w, _t("07:50:10.330"), auth, SMS_NOTE)
    w.log(_t("08:35:10.441"), auth, "INFO", SMS_WHITELIST, instance=ROLLOUTS[auth][0][1][1], change="config")
    w.alert("SmsCodeRefusedHigh", auth, "warning", _t("06:48"), _t("08:45"), "212 次/10分钟",
            "短信验证码被拒 212 次/10分钟，超过阈值 100", namespace=NS)


# --- Incident 5: 奥体店's check-in pad, the no-show job -------------------------------------------------------------------------
def no_show(w: WorldBuilder) -> None:
    store, booking = "dl-store", "dl-booking"
    w.log(_y("10:05:10.118"), store, "INFO", AT_SWITCH, instance="ops-console", trace=False)
    for moment in _every(w, START + dt.timedelta(minutes=5), REFERENCE, 1780, 1820):
        if _inside("pad", moment):
            minutes = int((moment - _y("10:18:44")).total_seconds() // 60)
            w.log(moment, store, "WARN", PAD_OFFLINE.format(n=minutes), instance=_pod(w, store, moment), trace=False)
            w.log(moment + dt.timedelta(seconds=2), store, "INFO", "store 奥体店 (AT): devices online 41/42",
                  instance=_pod(w, store, moment), trace=False)
        else:
            w.log(moment, store, "INFO", "store 奥体店 (AT): devices online 42/42", instance=_pod(w, store, moment), trace=False)
    w.alert("StoreDeviceOffline", store, "warning", _y("10:48"), _t("09:06"), "1 台",
            "奥体店 团课签到平板 CK-AT-01 离线超过 30 分钟", namespace=NS, device=PAD)
    # Sunday's classes: the other stores' rooms check in, 奥体店 操房1 checks in nobody after 10:18.
    ordinary = ("0900", "1030", "1200", "1400", "1530", "1700", "1830", "1930", "2030")
    for hhmm in ordinary:
        end = _y(f"{hhmm[:2]}:{hhmm[2:]}") + dt.timedelta(minutes=60)
        if end <= START:
            continue
        for s in ("GM", "SL", "ZG", "WK"):
            booked = w.rng.randint(18, 30)
            w.log(end + dt.timedelta(seconds=w.rng.randint(5, 50)), booking, "INFO",
                  CLASS_END.format(cid=_class_id(s, EVE, hhmm), name=w.rng.choice(CLASSES), store=STORES[s], room="操房1",
                                   b=booked, c=booked - w.rng.randint(0, 3)), instance=_pod(w, booking, end))
        rooms = ("操房1", "操房2") if hhmm == "0900" else ("操房2",)
        for room in rooms:
            booked = w.rng.randint(18, 30)
            slot = hhmm if room == "操房1" else f"{hhmm[:2]}{int(hhmm[2:]) + 15:02d}"
            w.log(end + dt.timedelta(seconds=w.rng.randint(5, 50)), booking, "INFO",
                  CLASS_END.format(cid=_class_id("AT", EVE, slot), name=w.rng.choice(CLASSES), store="奥体店", room=room,
                                   b=booked, c=booked - w.rng.randint(0, 3)), instance=_pod(w, booking, end))
    for hhmm, name, booked in AT_CLASSES:
        end = _y(f"{hhmm[:2]}:{hhmm[2:]}") + dt.timedelta(minutes=60)
        w.log(end + dt.timedelta(seconds=w.rng.randint(5, 50)), booking, "INFO",
              CLASS_END.format(cid=_class_id("AT", EVE, hhmm), name=name, store="奥体店", room="操房1", b=booked, c=0),
              instance=_pod(w, booking, end))
    w.log(_y("22:30:10.204"), booking, "INFO", BOOK_DEPLOY, instance=ROLLOUTS[booking][1][1][0], change="deploy")
    _rolled(w, booking, 1, SCRIPTS_LOADED)
    w.log(_t("02:00:40.330"), booking, "INFO", NOSHOW_RUN, instance=ROLLOUTS[booking][1][1][1], trace=False,
          job="noshow-penalty")
    banned = [_member(w) for _ in range(37)]
    for moment in _every(w, "06:32", "08:54", 90, 240):
        s = _store(w)
        cid = _class_id(s, DAY, w.rng.choice(("1200", "1830", "1930", "2030")))
        w.log(moment, booking, "WARN", BANNED.format(cid=cid, m=w.rng.choice(banned)), instance=_pod(w, booking, moment))
    _ops(w, _t("08:55:10.441"), booking, NOSHOW_REVERT)
    w.log(_t("09:05:20.551"), store, "INFO", PAD_BACK, instance="ops-console", trace=False)
    w.alert("BookingBannedRefusalsHigh", booking, "warning", _t("07:15"), _t("09:15"), "14 次/10分钟",
            "因爽约被限制约课的拒绝 14 次/10分钟，超过阈值 10", namespace=NS)


# --- Incident 6: the promotion's price book on the renewals --------------------------------------------------------------------
def price_book(w: WorldBuilder) -> None:
    billing = "dl-billing"
    pods = ROLLOUTS[billing]
    for moment in _every(w, _y("18:00:05"), _y("18:04"), 6, 14):
        ok = w.rng.random() < 0.74
        w.log(moment, billing, "INFO", RENEW.format(m=_member(w), c=f"WX-PAPAY-{w.rng.randint(10**8, 10**9 - 1)}",
                                                    pb="PB-STD-2027", amt="199.00",
                                                    result="DEDUCTED" if ok else "FAILED (NOT_ENOUGH 余额不足)"),
              instance=pods[0][1][0], job="auto-renew")
    w.log(_y("18:04:30.118"), billing, "INFO", RENEW_EVE, instance=pods[0][1][0], job="auto-renew")
    w.log(_y("21:30:10.204"), billing, "INFO", PB_EDIT, instance="ops-console", trace=False, change="ops")
    w.log(_t("05:40:10.330"), billing, "INFO", BILL_DEPLOY, instance=pods[1][1][0], change="deploy")
    _rolled(w, billing, 1, "BillingApplication 4.2.0 started in {s} seconds")
    for moment in _every(w, "06:00:05", "06:41", 20, 60):
        ok = w.rng.random() < 0.95
        w.log(moment, billing, "INFO", RENEW.format(m=_member(w), c=f"WX-PAPAY-{w.rng.randint(10**8, 10**9 - 1)}",
                                                    pb="PB-NY2027", amt="99.00",
                                                    result="DEDUCTED" if ok else "FAILED (NOT_ENOUGH 余额不足)"),
              instance=pods[1][1][1], job="auto-renew")
    w.log(_t("06:42:10.441"), billing, "INFO", RENEW_RUN, instance=pods[1][1][1], job="auto-renew")
    _ops(w, _t("09:10:10.551"), billing, RENEW_NOTE)
    w.log(_t("09:30:10.118"), billing, "INFO", PB_FIX, instance="ops-console", trace=False, change="ops")
    _ops(w, _t("09:45:20.204"), billing, SUPPLEMENT)
    w.alert("RenewalAmountBelowBaseline", billing, "warning", _t("09:00"), _t("09:50"), "¥226,512（基线 ¥452,000）",
            "今日自动续费金额 ¥226,512，低于基线 ¥452,000 的 70%", namespace=NS)


# --- Incident 7: the deleted PT room --------------------------------------------------------------------------------------------
def pt_room(w: WorldBuilder) -> None:
    coach, notify = "dl-coach", "dl-notify"
    w.log(_y("20:40:10.118"), coach, "INFO", COACH_DEPLOY, instance=ROLLOUTS[coach][1][1][0], change="deploy")
    _rolled(w, coach, 1, "CoachApplication 2.9.3 started in {s} seconds")
    w.log(_y("21:05:12.204"), coach, "INFO", ROOM_DELETE, instance="ops-console", trace=False, change="ops")
    w.log(_y("21:05:13.330"), coach, "INFO", ROOM_CASCADE, instance=ROLLOUTS[coach][1][1][1], trace=False)
    sessions: list[tuple[str, str, str, str]] = []
    base = _y("21:05:13.500")
    for index in range(24):
        hhmm = f"{7 + index % 13:02d}:{'00' if index % 2 else '30'}"
        sid, who, member = f"PT-{w.rng.randint(10**6, 10**7 - 1)}", w.rng.choice(COACHES[:8]), _member(w)
        w.log(base + dt.timedelta(milliseconds=37 * index), coach, "INFO",
              PT_CANCELLED.format(sid=sid, coach=who, m=member, when=f"2027-01-04 {hhmm}"),
              instance=ROLLOUTS[coach][1][1][1], trace=False)
        sessions.append((sid, who, member, hhmm))
    w.alert("PtSessionCancelSpike", coach, "warning", _y("21:07"), _y("22:07"), "312 节/小时",
            "私教课取消 312 节/小时，超过阈值 20", namespace=NS)
    w.log(_t("07:00:02.441"), notify, "INFO", NOTIFY_RELEASE, instance=ROLLOUTS[notify][0][1][0])
    for who in COACHES[:6]:
        moment = _t("07:00") + dt.timedelta(minutes=w.rng.randint(2, 40), seconds=w.rng.randint(0, 59))
        w.log(moment, coach, "INFO", COACH_EMPTY.format(coach=who, n=0, was=w.rng.randint(4, 7)),
              instance=_pod(w, coach, moment))
    for sid, who, member, hhmm in sessions:
        start = _t(hhmm)
        if not (_t("07:00") <= start < _t("08:50")):
            continue
        w.log(start - dt.timedelta(minutes=w.rng.randint(3, 12)), coach, "WARN",
              PT_ARRIVED.format(m=member, sid=sid, hhmm=hhmm, coach=who), instance=_pod(w, coach, start))
    for moment in _every(w, "07:05", "08:50", 300, 700):
        sid, who, member, _ = w.rng.choice(sessions)
        w.log(moment, coach, "WARN", PT_COMPLAINT.format(c=f"CP{w.rng.randint(10**5, 10**6 - 1)}", m=member, sid=sid,
                                                         coach=who), instance=_pod(w, coach, moment))
    _ops(w, _t("08:50:10.551"), coach, ROOM_RESTORE)
    w.alert("PtComplaintHigh", coach, "warning", _t("07:25"), _t("09:00"), "9 次/小时",
            "私教课投诉 9 次/小时，超过阈值 5", namespace=NS)


# --- Incident 8: 万达店's treadmills back at 2000-01-01 -----------------------------------------------------------------------
REJECT_SERIES: Keyframes = [(START, 0), (_t("06:40"), 0), (_t("06:50"), 12), (_t("06:58"), 21), (_t("07:30"), 44),
                            (_t("07:49"), 50), (_t("07:50"), REJECT_PEAK), (_t("07:51"), 49), (_t("08:30"), 38),
                            (_t("09:00"), 31), (_t("09:06"), 0), (REFERENCE, 0)]


def treadmill_clock(w: WorldBuilder) -> None:
    store, eq = "dl-store", "dl-equipment"
    w.log(_y("18:20:10.118"), store, "INFO", WD_POWER, instance="ops-console", trace=False)
    w.log(_t("04:28:20.204"), store, "INFO", WD_POWER_BACK, instance="ops-console", trace=False)
    w.log(_t("05:30:10.330"), eq, "INFO", EQ_BATCH, instance=ROLLOUTS[eq][0][1][0], change="config")
    boots: dict[str, dt.datetime] = {}
    for index in range(1, 25):
        tm = f"TM-WD-{index:02d}"
        boot = _t("04:28:30") + dt.timedelta(seconds=3 * index, milliseconds=w.rng.randint(0, 999))
        boots[tm] = boot
        w.log(boot + dt.timedelta(seconds=7), eq, "INFO", TM_BOOT.format(tm=tm, clock="2000-01-01T00:00:07"),
              instance=tm, trace=False)
    for moment in _every(w, "06:40", "09:05", 40, 110):
        tm = w.rng.choice(list(boots))
        mins = w.rng.randint(15, 55)
        device = dt.datetime(2000, 1, 1) + (moment - boots[tm]) - dt.timedelta(minutes=mins)
        w.log(moment, eq, "WARN", WORKOUT.format(tm=tm, m=_member(w), start=device.isoformat(timespec="seconds"), mins=mins,
                                                 km=mins * w.rng.uniform(0.11, 0.17), result=STALE),
              instance=_pod(w, eq, moment))
    _ops(w, _t("08:20:10.441"), eq, RTC_NOTE)
    _ops(w, _t("09:05:10.551"), eq, TM_SYNC)
    for moment in _every(w, "09:10", REFERENCE, 200, 500):
        tm = f"TM-WD-{w.rng.randint(1, 24):02d}"
        mins = w.rng.randint(15, 40)
        start = (moment - dt.timedelta(minutes=mins)).replace(tzinfo=None)
        w.log(moment, eq, "INFO", WORKOUT.format(tm=tm, m=_member(w), start=start.isoformat(timespec="seconds"), mins=mins,
                                                 km=mins * w.rng.uniform(0.11, 0.17), result="accepted"),
              instance=_pod(w, eq, moment))
    w.alert("WorkoutUploadRejectHigh", eq, "warning", _t("06:58"), _t("09:15"), REJECT_ALERT,
            "万达店训练记录被拒 21 条/10分钟，超过阈值 15", namespace=NS, store="WD")


# --- Incident 9: WeChat blocks h5.dlfit.cn ------------------------------------------------------------------------------------
LOGIN_SERIES: Keyframes = [(START, 3), (_t("09:12"), 3), (_t("09:20"), 64), (_t("09:40"), 118), (REFERENCE, 131)]


def wechat_block(w: WorldBuilder) -> None:
    promo, eq = "dl-promo", "dl-equipment"
    w.log(_y("20:00:10.118"), promo, "INFO", CAMPAIGN, instance="ops-console", trace=False, change="ops")
    for moment in _every(w, _y("20:30"), _t("09:40"), 1795, 1805):
        n = w.rng.randint(800, 4200) if _open(moment) else w.rng.randint(30, 300)
        w.log(moment, promo, "INFO", SHARES.format(n=n, k=n // 3), instance=_pod(w, promo, moment))
    checks = [START + dt.timedelta(minutes=7 + 5 * k, seconds=3) for k in range(int((REFERENCE - START).total_seconds() // 300))]
    for moment in (check for check in checks if check < REFERENCE):
        blocked = moment >= _t("09:12")
        w.log(moment, promo, "WARN" if blocked else "INFO", DOMAIN_BLOCKED if blocked else DOMAIN_OK,
              instance=_pod(w, promo, moment), trace=False, job="domain-monitor")
    w.log(_t("09:00:10.204"), eq, "INFO", EQ_DEPLOY, instance=ROLLOUTS[eq][1][1][0], change="deploy")
    _rolled(w, eq, 1, "EquipmentApplication 1.12.0 started in {s} seconds")
    for moment in _every(w, START, REFERENCE, 30, 120):
        if not _open(moment):
            continue
        tm = f"TM-{_store(w)}-{w.rng.randint(1, 24):02d}"
        if moment >= _t("09:12:30"):
            w.log(moment, eq, "WARN", TM_EXPIRED.format(tm=tm), instance=_pod(w, eq, moment))
        else:
            w.log(moment, eq, "INFO", TM_LOGIN.format(tm=tm, m=_member(w), s=w.rng.uniform(2.0, 6.0)),
                  instance=_pod(w, eq, moment))
    _ops(w, _t("09:30:10.330"), eq, LOGIN_NOTE)
    _ops(w, _t("09:40:10.441"), promo, CAMPAIGN_OFF)
    w.alert("TreadmillLoginTimeoutHigh", eq, "critical", _t("09:20"), None, "64 次/10分钟",
            "跑步机扫码登录超时 64 次/10分钟，超过阈值 30", namespace=NS)


# --- Incident 10: the managed Redis's failover, NOSCRIPT -------------------------------------------------------------------
def noscript(w: WorldBuilder) -> None:
    booking, redis = "dl-booking", "dl-redis"
    w.log(_t("08:40:10.118"), booking, "INFO", WAITLIST_CFG, instance=ROLLOUTS[booking][1][1][0], change="config")
    w.log(_t("09:05:40.204"), redis, "WARN", REDIS_HA, instance=REDIS, trace=False)
    for moment in _every(w, "09:05:45", "09:40:50", 3, 9):
        s = _store(w)
        cid = _class_id(s, DAY + dt.timedelta(days=w.rng.randint(0, 6)), w.rng.choice(("0700", "1200", "1830", "1930")))
        w.log(moment, booking, "ERROR", NOSCRIPT_ERR.format(cid=cid, m=_member(w)), instance=_pod(w, booking, moment))
    _ops(w, _t("09:30:10.330"), booking, NOSCRIPT_NOTE)
    w.log(_t("09:40:10.441"), booking, "INFO", BOOK_RESTART, instance="ops-console", trace=False, change="restart")
    _rolled(w, booking, 2, SCRIPTS_LOADED)
    w.alert("BookingErrorRateHigh", booking, "critical", _t("09:07"), _t("09:48"), "58.3%",
            "约课失败率 58.3%，超过阈值 5%", namespace=NS)


# --- Unrelated: the night's sync; the healthy services' changes ----------------------------------------------------------------
def other_events(w: WorldBuilder) -> None:
    w.log(_t("02:41:10.118"), "dl-k8s-node", "INFO", DW_SYNC, instance="dl-k8s-node-02", trace=False)
    w.alert("HostCpuHigh", "dl-k8s-node", "warning", _t("02:05"), _t("02:42"), "91%",
            "dl-k8s-node-02 CPU 91%（夜间数仓同步）", instance="dl-k8s-node-02")
    w.log(_t("07:30:10.204"), "dl-locker", "INFO", LOCKER_DEPLOY, instance=ROLLOUTS["dl-locker"][1][1][0], change="deploy")
    _rolled(w, "dl-locker", 1, "LockerApplication 2.1.4 started in {s} seconds")
    w.log(_t("08:45:10.330"), "dl-mall", "INFO", MALL_CONFIG, instance=ROLLOUTS["dl-mall"][0][1][0], change="config")


# --- Kubernetes state at 10:00 --------------------------------------------------------------------------------------------------
STEADY = (
    ("dl-access", 57, "2026-12-21T00:40:00+08:00", "release dl-access 4.7.3", "4.7.3"),
    ("dl-face", 44, "2027-01-04T05:50:10+08:00", "release dl-face 3.8.2 (pipeline #5521)", "3.8.2"),
    ("dl-auth", 31, "2026-12-14T00:40:00+08:00", "release dl-auth 2.6.0", "2.6.0"),
    ("dl-app-api", 126, "2026-12-28T00:40:00+08:00", "release dl-app-api 6.12.4", "6.12.4"),
    ("dl-billing", 68, "2027-01-04T05:40:10+08:00", "release dl-billing 4.2.0 (pipeline #5530)", "4.2.0"),
    ("dl-coach", 39, "2027-01-03T20:40:10+08:00", "release dl-coach 2.9.3 (pipeline #5502)", "2.9.3"),
    ("dl-equipment", 25, "2027-01-04T09:00:10+08:00", "release dl-equipment 1.12.0 (pipeline #5536)", "1.12.0"),
    ("dl-promo", 48, "2026-12-24T00:40:00+08:00", "release dl-promo 3.3.0", "3.3.0"),
    ("dl-store", 22, "2026-12-10T00:40:00+08:00", "release dl-store 2.4.1", "2.4.1"),
    ("dl-notify", 17, "2026-11-30T00:40:00+08:00", "release dl-notify 1.8.0", "1.8.0"),
    ("dl-locker", 14, "2027-01-04T07:30:10+08:00", "release dl-locker 2.1.4 (pipeline #5533)", "2.1.4"),
    ("dl-mall", 29, "2026-12-17T00:40:00+08:00", "release dl-mall 1.6.2", "1.6.2"),
    ("dl-booking", 53, "2027-01-04T09:40:10+08:00", "kubectl rollout restart deployment/dl-booking (booking_oncall_xiayu)",
     "5.3.1"),
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
    eq_old, eq_new = ROLLOUTS["dl-equipment"][0][1], ROLLOUTS["dl-equipment"][1][1]
    bk_old, bk_new = ROLLOUTS["dl-booking"][1][1], ROLLOUTS["dl-booking"][2][1]
    for service, old, new, at in (("dl-equipment", eq_old, eq_new, _t("09:00:12")), ("dl-booking", bk_old, bk_new,
                                                                                      _t("09:40:12"))):
        old_rs, new_rs = old[0].rsplit("-", 1)[0], new[0].rsplit("-", 1)[0]
        for index in range(len(new)):
            moment = at + dt.timedelta(seconds=20 * index)
            w.event(type="Normal", reason="ScalingReplicaSet", object=f"Deployment/{service}",
                    message=f"Scaled up replica set {new_rs} to {index + 1}", count=1, first_seen=moment, last_seen=moment)
            w.event(type="Normal", reason="ScalingReplicaSet", object=f"Deployment/{service}",
                    message=f"Scaled down replica set {old_rs} to {len(old) - index - 1}", count=1,
                    first_seen=moment + dt.timedelta(seconds=15), last_seen=moment + dt.timedelta(seconds=15))
            w.event(type="Normal", reason="Killing", object=f"Pod/{old[index]}",
                    message=f"Stopping container {service}", count=1, first_seen=moment + dt.timedelta(seconds=15),
                    last_seen=moment + dt.timedelta(seconds=15))


# --- Metrics --------------------------------------------------------------------------------------------------------------------
def build_metrics(w: WorldBuilder) -> None:
    at = w.at
    morning = [(at("06:00"), at("10:00"))]
    w.series("access_antipassback_denied_per_10m", "dl-access", "次", APB_SERIES, start=START, fine=morning, spread=1.5,
             digits=0, threshold=10, store="WJ")
    w.series("store_occupancy_persons", "dl-access", "人",
             [(START, 110), (_y("18:00"), 255), (_y("19:40"), 318), (_y("22:59"), 463), (at("06:30"), 463), (at("08:11"), 561),
              (at("08:12"), 78), (REFERENCE, 96)], start=START, fine=morning, digits=0, store="WJ")
    w.series("store_occupancy_persons", "dl-access", "人",
             [(START, 140), (_y("19:00"), 290), (_y("22:59"), 35), (_y("23:00"), 0), (at("06:30"), 0), (at("08:00"), 176),
              (REFERENCE, 150)], start=START, fine=morning, digits=0, store="GM")
    w.series("face_verify_p99_ms", "dl-face", "ms", FACE_SERIES, start=START, fine=morning, spread=40, digits=0,
             threshold=1000)
    w.series("node_cpu_sys_percent", "dl-k8s-node", "%",
             [(START, 5), (at("03:12"), 5), (at("03:13"), 7), (at("06:30"), 8), (at("06:45"), 46), (REFERENCE, 52)],
             start=START, fine=morning, spread=2, digits=0, instance=BAD_NODE)
    w.series("face_enrol_failure_ratio", "dl-face", "%", ENROL_SERIES, start=START, spread=1.5, digits=1, threshold=20)
    w.series("auth_sms_code_requests_per_min", "dl-auth", "次/分钟", SMS_SERIES, start=START, fine=morning, spread=60,
             digits=0)
    w.series("auth_sms_code_refused_per_10m", "dl-auth", "次",
             [(START, 2), (at("06:30"), 2), (at("06:48"), 212), (at("07:30"), 690), (at("08:30"), 420), (at("08:40"), 4),
              (REFERENCE, 2)], start=START, fine=morning, spread=5, digits=0, threshold=100)
    w.series("booking_refused_banned_per_10m", "dl-booking", "次",
             [(START, 0), (at("06:30"), 0), (at("07:15"), 14), (at("08:00"), 19), (at("08:55"), 12), (at("09:00"), 0),
              (REFERENCE, 0)], start=START, fine=morning, spread=1, digits=0, threshold=10)
    w.series("booking_error_ratio", "dl-booking", "%",
             [(START, 0.3), (at("09:05"), 0.3), (at("09:06"), 55.0), (at("09:07"), 58.3), (at("09:40"), 71.0),
              (at("09:42"), 0.8), (REFERENCE, 0.3)], start=START, fine=morning, spread=0.2, digits=1, threshold=5)
    w.series("renewal_deducted_avg_yuan", "dl-billing", "元",
             [(START, 199), (at("05:59"), 199), (at("06:00"), 99), (REFERENCE, 99)], start=START, digits=0)
    w.series("pt_sessions_cancelled_per_hour", "dl-coach", "节",
             [(START, 4), (_y("21:00"), 3), (_y("21:06"), 312), (_y("22:06"), 312), (_y("22:07"), 2), (REFERENCE, 3)],
             start=START, fine=[(_y("20:50"), _y("22:20"))], digits=0, threshold=20)
    w.series("pt_complaints_per_hour", "dl-coach", "次",
             [(START, 0), (at("07:00"), 1), (at("07:25"), 6), (at("08:10"), 9), (at("08:55"), 4), (at("09:05"), 0),
              (REFERENCE, 0)], start=START, fine=morning, digits=0, threshold=5)
    w.series("workout_upload_rejected_per_10m", "dl-equipment", "条", REJECT_SERIES, start=START, fine=morning, spread=3,
             digits=0, threshold=15, store="WD")
    w.series("treadmill_login_expired_per_10m", "dl-equipment", "次", LOGIN_SERIES, start=START, fine=morning, spread=2,
             digits=0, threshold=30)
    w.series("node_cpu_percent", "dl-k8s-node", "%",
             [(START, 35), (at("02:00"), 30), (at("02:05"), 91), (at("02:40"), 88), (at("02:45"), 28), (REFERENCE, 40)],
             start=START, spread=2, digits=0, threshold=85, instance="dl-k8s-node-02")
    for service, p99, threshold in (("dl-locker", 520, 2000), ("dl-mall", 310, 1500)):
        w.series("http_5xx_ratio", service, "%", [(START, 0.05), (at("07:30"), 0.28), (at("09:00"), 0.11), (REFERENCE, 0.06)],
                 start=START, spread=0.03, digits=2, threshold=2)
        w.series("http_p99_latency", service, "ms", [(START, p99 - 60), (at("08:00"), p99 + 240), (REFERENCE, p99)],
                 start=START, spread=20, digits=0, threshold=threshold)


# --- Runbooks --------------------------------------------------------------------------------------------------------------------
RUNBOOKS: list[tuple[str, str, str]] = [
    ("runbooks/access/antipassback.md", "反潜回拒绝处理手册", runbook(
        "反潜回拒绝处理手册", "适用于 dl-access 某门店入口 ANTI_PASSBACK 拒绝增多。",
        ["AntiPassbackDenyHigh：某门店入口反潜回拒绝超过 10 次/10分钟"],
        ["看被拒会员最后一条进出记录的时间与门店。", "看该门店出口闸机的心跳：模式（NORMAL / FREE_PASS）、记录的通行数。",
         "看门店后台最近对闸机的操作。"],
        ["出口闸机常开或故障，离场未记录。", "会员尾随出场。", "边缘网关离线，离场记录未上报。"],
        ["恢复出口闸机模式，批量重置该门店的反潜回状态。"])),
    ("runbooks/face/verify-latency.md", "刷脸比对慢处理手册", runbook(
        "刷脸比对慢处理手册", "适用于 dl-face 1:N 比对耗时升高、闸机超时转扫码。",
        ["FaceVerifyLatencyHigh：刷脸比对 P99 超过 1000ms"],
        ["按 Pod 看比对耗时是否一致；慢的 Pod 在哪台节点上。", "看节点的 CPU（user / sys）、时钟源与最近的云平台系统事件。",
         "看底库大小是否突增。"],
        ["个别节点异常（内核、时钟源、宿主机）。", "底库过大。", "版本性能回退。"],
        ["把 Pod 迁离异常节点（cordon + 删除 Pod）并处理节点；扩容。"])),
    ("runbooks/face/enrol.md", "人脸录入失败处理手册", runbook(
        "人脸录入失败处理手册", "适用于 dl-face 录入任务失败率升高、会员刷脸 FACE_NOT_ENROLLED。",
        ["FaceEnrolFailureHigh：人脸录入失败率超过 20%"],
        ["按 App 版本、机型看失败的照片：尺寸、方向、检出人脸数、质量分。", "看 App 最近的客户端发布。"],
        ["照片方向、尺寸异常。", "质量阈值过高。", "检测模型故障。"],
        ["修正照片处理后重跑录入任务；通知会员重新录入。"])),
    ("runbooks/auth/sms-code.md", "短信验证码发送受限处理手册", runbook(
        "短信验证码发送受限处理手册", "适用于 dl-auth 验证码请求被拒（LIMIT_IP、LIMIT_PHONE）。",
        ["SmsCodeRefusedHigh：验证码被拒超过 100 次/10分钟"],
        ["看被拒请求的 IP 分布：是否集中在少数出口。", "看验证码请求量为什么升高（登录态是否大面积失效）。"],
        ["大量会员同时重新登录。", "多个会员共用出口 IP。", "短信轰炸攻击。"],
        ["对可信出口 IP 放宽限制；分批失效登录态。"])),
    ("runbooks/booking/banned.md", "爽约限制约课处理手册", runbook(
        "爽约限制约课处理手册", "适用于 dl-booking BOOKING_BANNED 拒绝增多、会员投诉被误限。",
        ["BookingBannedRefusalsHigh：因爽约被限制约课的拒绝超过 10 次/10分钟"],
        ["看被限会员的爽约记录来自哪些课、哪个门店。", "看那些课的签到人数，签到平板是否在线。"],
        ["签到设备离线，到课会员未签到。", "课程时间被改动。"],
        ["撤销误判的爽约记录，解除限制。"])),
    ("runbooks/billing/renewal.md", "自动续费金额异常处理手册", runbook(
        "自动续费金额异常处理手册", "适用于 dl-billing 自动续费金额偏离基线。",
        ["RenewalAmountBelowBaseline：今日自动续费金额低于基线 70%"],
        ["看续费记录里的 price_book 与 amount。", "看价格本最近的修改：有效期与适用渠道。"],
        ["活动价格本覆盖了续费渠道。", "大批扣款失败。"],
        ["修正价格本渠道；差额补扣前先通知会员。"])),
    ("runbooks/coach/pt-cancel.md", "私教课异常取消处理手册", runbook(
        "私教课异常取消处理手册", "适用于 dl-coach 私教课集中取消、会员投诉。",
        ["PtSessionCancelSpike：私教课取消超过 20 节/小时", "PtComplaintHigh：私教课投诉超过 5 次/小时"],
        ["看取消的 reason 与门店、房间。", "看门店后台对教练、房间的操作。"],
        ["房间、教练被删除或停用。", "教练请假。"],
        ["恢复被取消的课程，联系会员。"])),
    ("runbooks/equipment/workout-reject.md", "训练记录被拒处理手册", runbook(
        "训练记录被拒处理手册", "适用于 dl-equipment 训练记录被拒收。",
        ["WorkoutUploadRejectHigh：训练记录被拒超过 15 条/10分钟"],
        ["看被拒记录的门店、设备与 started_at。", "看设备启动时上报的时钟；门店最近是否断电。"],
        ["设备时钟错误。", "记录重复上传。"],
        ["给设备下发时间同步，重新接收被拒记录。"])),
    ("runbooks/equipment/scan-login.md", "跑步机扫码登录失败处理手册", runbook(
        "跑步机扫码登录失败处理手册", "适用于 dl-equipment 扫码登录超时。",
        ["TreadmillLoginTimeoutHigh：扫码登录超时超过 30 次/10分钟"],
        ["看是否所有门店都超时。", "在微信里打开登录页的域名，看是否能访问；看域名巡检结果。"],
        ["登录页域名被微信拦截。", "登录服务故障。"],
        ["下线违规内容并申诉；登录页换到独立域名。"])),
    ("runbooks/booking/errors.md", "约课失败处理手册", runbook(
        "约课失败处理手册", "适用于 dl-booking 约课失败率升高。",
        ["BookingErrorRateHigh：约课失败率超过 5%"],
        ["看失败的报错；座位锁（Redis Lua 脚本）是否报错。", "看云 Redis 的事件（主备切换、重启）。"],
        ["Redis 切换后脚本缓存为空。", "Redis 连接数满。", "数据库慢。"],
        ["重启服务重新加载脚本；客户端改为 NOSCRIPT 时自动 SCRIPT LOAD 重试。"])),
    ("runbooks/locker/battery.md", "储物柜电量低处理手册", runbook(
        "储物柜电量低处理手册", "适用于储物柜锁体电池电量低。",
        ["LockerBatteryLow"], ["看各柜体电量。"], ["电池老化。"], ["更换储物柜锁体电池。"])),
    ("runbooks/equipment/belt.md", "跑步机跑带异响处理手册", runbook(
        "跑步机跑带异响处理手册", "适用于跑步机跑带打滑、异响、电机温度高。",
        ["TreadmillBeltMotorHot"], ["看电机温度与跑带张紧度。"], ["跑带缺油。"], ["给跑带补充硅油。"])),
]


def build_bundle(seed: int = SEED) -> Json:
    w = WorldBuilder(seed=seed, day=DAY, tz=TZ, reference=REFERENCE, instances=INSTANCES,
                     labels={"env": "prod", "cluster": "dl-prod", "region": "cn-beijing"})
    for service, (make, every) in NOISE.items():
        w.noise(service, make, START, every_s=every)
    free_pass(w)
    clocksource(w)
    exif(w)
    sms_login(w)
    no_show(w)
    price_book(w)
    pt_room(w)
    treadmill_clock(w)
    wechat_block(w)
    noscript(w)
    other_events(w)
    k8s_state(w)
    build_metrics(w)
    documents = [{"title": title, "source": source, "content": content} for source, title, content in RUNBOOKS]
    return w.bundle(name="DongLi 动力健身 2027-01-04", services=SERVICES, documents=documents)


# --- Questions --------------------------------------------------------------------------------------------------------------------
#: Each incident's own words: in another incident's answer, a misattribution.
FAMILY = {
    "freepass": ("FREE_PASS", "store_mgr_liuyang"),
    "clocksource": ("hpet", "LiveMigrate"),
    "exif": ("exif_orientation", "6.4.0"),
    "sms": ("SEC-0103", "LIMIT_IP"),
    "noshow": ("CK-AT-01", "BOOKING_BANNED"),
    "pricebook": ("PB-NY2027", "MKT-0103-02"),
    "room": ("GM-PT-B", "ROOM_REMOVED"),
    "rtc": ("2000-01-01", "STALE_TIMESTAMP"),
    "wechat": ("h5.dlfit.cn", "诱导分享"),
    "noscript": ("NOSCRIPT", "r-2zedlbook01"),
}
#: The remedies of the runbooks for problems that did not happen.
UNRELATED_REMEDIES = ("更换储物柜锁体电池", "给跑带补充硅油")
FIRING = ("FaceVerifyLatencyHigh", "TreadmillLoginTimeoutHigh")
INCIDENT_WORDS = tuple(word for words in FAMILY.values() for word in words)


def _not(*own: str, told: tuple[str, ...] = ()) -> tuple[str, ...]:
    """The other incidents' words, plus the unrelated runbooks' remedies — less ``told``: another incident's words the asked
    service itself logs (the face service logs the enrolment's photo orientation; the booking service both the no-show
    restrictions and the seat-lock errors; the equipment service the login page's domain and the treadmills' clocks), which
    name no misattribution when an answer quotes them."""
    return tuple(word for family, words in FAMILY.items() if family not in own for word in words
                 if word not in told) + UNRELATED_REMEDIES


QUESTIONS: tuple[WorldQuestion, ...] = (
    WorldQuestion(
        "fitness_wangjing_antipassback_cause",
        "今天一早望京店的闸机老是不让会员进，提示什么反潜回，前台排了好长的队，门禁这是怎么了？", "cause",
        asked_facts=(fact("ANTI_PASSBACK", "反潜回"),),
        cause_facts=(fact("FREE_PASS", "常开放行"),
                     fact("WJ-EXIT-01", "WJ-EXIT-02", "出口闸机", "exit gates", "no exit since", "离场")),
        forbidden=_not("freepass"), service="dl-access",
        diagnosis="昨晚 19:40 望京店店长 store_mgr_liuyang 为新年派对散场把出口闸机 WJ-EXIT-01/02 设成 FREE_PASS 常开放行，之后没有"
                  "改回 → 19:40 以后离场的会员没有离场记录，反潜回状态一直是“入场” → 今早 06:30 开门后这些会员再入场被 ANTI_PASSBACK "
                  "拒绝（last event IN at 望京店 2027-01-03 …, no exit since），前台排队。08:12 出口闸机恢复 NORMAL 并为 463 名会员"
                  "重置反潜回状态。06:15 的 access.qr.refresh-sec 配置不是原因",
    ),
    WorldQuestion(
        "fitness_face_verify_slow_cause",
        "刷脸进门这两个小时特别慢，好多人要等一会儿才提示扫码，人脸比对服务怎么了？", "cause",
        asked_facts=(fact("fell back to QR", "QR prompted", "over the gate budget", "timed out (800ms)", "超时"),),
        cause_facts=(fact(BAD_NODE, "node-04"),
                     fact("hpet", "clocksource", "LiveMigrate", "热迁移", "tsc")),
        forbidden=_not("clocksource", told=("exif_orientation",)), service="dl-face",
        diagnosis="dl-k8s-node-04 凌晨 03:10–03:12 被云平台热迁移（SystemMaintenance.LiveMigrate），内核判定 tsc 不稳定、时钟源切到 "
                  "hpet，取时间的系统调用变慢、sys CPU 高；05:50 发布 3.8.2 时两个 dl-face Pod 调度到了这台节点，开门后它们的 1:N 比对"
                  "要 0.9–3.5 秒，超过闸机 800ms 预算 → 转扫码；P99 最高 2380ms（08:07），告警仍在触发。其他节点上的四个 Pod 100ms "
                  "左右。05:50 的 3.8.2 发布不是原因",
    ),
    WorldQuestion(
        "fitness_new_member_face_cause",
        "新年活动办卡的新会员，早上到店刷脸全都认不出来，说没录入人脸，可他们明明在 App 上录过，这是怎么回事？", "cause",
        asked_facts=(fact("FACE_NOT_ENROLLED", "ENROL_FAILED", "NO_FACE", "未录入"),),
        cause_facts=(fact("exif_orientation=6", "exif_orientation", "EXIF"),
                     fact("6.4.0", "CameraKit", "新相机组件")),
        forbidden=_not("exif"), service="dl-face",
        diagnosis="昨天 14:05 App 6.4.0 全量发布，新相机组件 CameraKit 2.0 上传的人脸照片是横向像素 1920x1080 加 exif_orientation=6，"
                  "录入任务不按 EXIF 方向旋转 → faces detected 0、ENROL_FAILED (NO_FACE)，而 App 已提示录入成功 → 今早这些新会员刷脸"
                  "FACE_NOT_ENROLLED。09:20 打开 face.enrol.apply-exif-orientation，09:25 重跑 2,318 张照片。15:10 的 "
                  "face.enrol.min-quality 配置不是原因",
    ),
    WorldQuestion(
        "fitness_sms_login_limit_cause",
        "早上好多会员在店里收不到登录验证码，App 提示发送过于频繁，登录服务怎么了？", "cause",
        asked_facts=(fact("LIMIT_IP", "发送过于频繁"),),
        cause_facts=(fact("SEC-0103", "refresh tokens revoked", "sessions invalidated", "sec_ops_tianhao"),
                     fact("门店 Wi-Fi", "store-egress", "出口 IP", "113.46.201")),
        forbidden=_not("sms"), service="dl-auth",
        diagnosis="昨晚 23:40 安全值班 sec_ops_tianhao 因撞库（SEC-0103）吊销了全部会员的 refresh token（1,284,377 个会话）→ 今早开门"
                  "后所有会员都要短信验证码重新登录，验证码请求最高 1846 次/分钟；门店会员走门店 Wi-Fi，一个门店一个出口 IP，每 IP "
                  "10 分钟 20 条的限制被打满 → LIMIT_IP。08:35 把门店出口 IP 加入白名单。06:05 的 auth.sms.code-ttl-sec 配置不是原因",
    ),
    WorldQuestion(
        "fitness_booking_banned_cause",
        "今天早上一堆会员说自己被限制约课了，说是爽约三次，可他们昨天明明去上课了，约课系统怎么回事？", "cause",
        asked_facts=(fact("BOOKING_BANNED", "restricted until 2027-01-10", "限制约课"),),
        cause_facts=(fact("CK-AT-01", "签到平板"),
                     fact("checked in 0", "奥体店", "WO-AT-0103")),
        forbidden=_not("noshow", told=("NOSCRIPT",)), service="dl-booking",
        diagnosis="昨天 10:05 物业网络服务商 讯联网络 更换奥体店核心交换机（WO-AT-0103），操房1 的团课签到平板 CK-AT-01 之后一直离线 → "
                  "昨天 10:30 以后操房1 的 8 节课都是 checked in 0 → 02:00 爽约处罚任务把奥体店 214 人次记为爽约，累计 3 次的会员被"
                  "限制约课到 01-10 → 今早约课被 BOOKING_BANNED 拒绝。08:55 撤销误判，09:05 平板恢复在线。昨晚 22:30 的 5.3.1 发布"
                  "不是原因",
    ),
    WorldQuestion(
        "fitness_renewal_99_cause",
        "今天早上自动续费扣的钱怎么都是 99 块？月卡续费不是 199 吗？计费这边怎么回事？", "cause",
        asked_facts=(fact("amount=99.00", "99.00", "¥99", "226,512"),),
        cause_facts=(fact("PB-NY2027"),
                     fact("channels APP -> ALL", "MKT-0103-02", "mkt_op_chenxi", "渠道")),
        forbidden=_not("pricebook"), service="dl-billing",
        diagnosis="昨晚 21:30 营销 mkt_op_chenxi 为门店线下成交把新年活动价格本 PB-NY2027（月卡连续包月 ¥99）有效期延到 01-10，同时把"
                  "适用渠道从 APP 改成 ALL（MKT-0103-02）→ 续费渠道也命中活动价，06:00 自动续费 2,288 笔全部 price_book=PB-NY2027 "
                  "amount=99.00，共 ¥226,512（昨天 18:00 的重试轮还是 PB-STD-2027 199.00）。09:30 渠道改回 APP,STORE，差额先通知后"
                  "补扣。05:40 的 4.2.0 发布不是原因",
    ),
    WorldQuestion(
        "fitness_guomao_pt_cancel_cause",
        "国贸店一早好多会员来上私教课，结果课都被取消了，教练那边也说课表空了，私教排课这边发生了什么？", "cause",
        asked_facts=(fact("CANCELLED", "取消"),),
        cause_facts=(fact("GM-PT-B", "私教房B"),
                     fact("ROOM_REMOVED", "store_mgr_hejing", "deleted")),
        forbidden=_not("room"), service="dl-coach",
        diagnosis="昨晚 21:05 国贸店店长 store_mgr_hejing 在门店后台删除了装修后并入私教房A 的房间 私教房B（GM-PT-B），删除连带取消了该"
                  "房间 312 节已预约的私教课（ROOM_REMOVED），会员通知因免打扰排到今早 07:00 才发出 → 会员到店、教练打开课表才发现。"
                  "08:50 把 312 节课恢复到 GM-PT-A。20:40 的 dl-coach 2.9.3 发布不是原因",
    ),
    WorldQuestion(
        "fitness_booking_noscript_cause",
        "九点多那会儿约课一直报错，谁都约不上，约课服务怎么了？", "cause",
        asked_facts=(fact("NOSCRIPT", "No matching script"),),
        cause_facts=(fact("r-2zedlbook01", "HA switchover", "主备切换"),
                     fact("EVALSHA", "SCRIPT LOAD", "Lua", "脚本")),
        forbidden=_not("noscript", told=("BOOKING_BANNED",)), service="dl-booking",
        diagnosis="09:05 云 Redis r-2zedlbook01 因宿主机故障主备切换，新主节点的脚本缓存是空的；约课的座位锁 Lua 脚本只在启动时 "
                  "SCRIPT LOAD，之后用 EVALSHA → 每次约课 NOSCRIPT No matching script，约课全部失败。09:40 rollout restart 重新加载"
                  "脚本后恢复。08:40 的 booking.waitlist.promote-before-min 配置不是原因",
    ),
    WorldQuestion(
        "fitness_sms_code_quantity", "今天早上登录验证码请求最多的时候每分钟多少次？", "quantity",
        asked_facts=(fact(str(SMS_PEAK), "1,846"),), forbidden=_not("sms"), service="dl-auth",
        peak=Peak("dl-auth", "auth_sms_code_requests_per_min", SMS_PEAK),
        diagnosis="auth_sms_code_requests_per_min 峰值 1846 次/分钟（07:32）；起因是昨晚吊销了全部会员的登录态",
    ),
    WorldQuestion(
        "fitness_face_p99_quantity", "刷脸比对的 P99 今天最高到了多少毫秒？", "quantity",
        asked_facts=(fact(str(FACE_PEAK), "2,380"),), forbidden=_not("clocksource", told=("exif_orientation",)),
        service="dl-face", peak=Peak("dl-face", "face_verify_p99_ms", FACE_PEAK),
        diagnosis="face_verify_p99_ms 峰值 2380ms（08:07）；FaceVerifyLatencyHigh 触发时是 1210ms。起因是 node-04 热迁移后的时钟源 hpet",
    ),
    WorldQuestion(
        "fitness_wanda_workout_reject_quantity", "万达店跑步机的训练记录被拒，最多的时候十分钟被拒了多少条？", "quantity",
        asked_facts=(fact(str(REJECT_PEAK), "57 条"),), forbidden=_not("rtc", told=("h5.dlfit.cn",)),
        service="dl-equipment", peak=Peak("dl-equipment", "workout_upload_rejected_per_10m", REJECT_PEAK),
        diagnosis="workout_upload_rejected_per_10m（store WD）峰值 57 条（07:50）；WorkoutUploadRejectHigh 触发时是 21 条。起因是夜间"
                  "停电后跑步机时钟回到 2000-01-01",
    ),
    WorldQuestion(
        "fitness_treadmill_login_existence", "刚才跑步机扫码登录是不是出问题了？有没有告警？", "existence",
        asked_facts=(fact("TreadmillLoginTimeoutHigh"),),
        cause_facts=(fact("BLOCKED", "诱导分享", "已停止访问"),
                     fact("NY-BURN-21", "分享 3 位好友")),
        forbidden=_not("wechat", told=FAMILY["rtc"]), service="dl-equipment",
        diagnosis="有：TreadmillLoginTimeoutHigh 09:20 触发，仍在触发。昨晚 20:00 上线的燃脂挑战 NY-BURN-21（分享 3 位好友解锁体验课）"
                  "放在 h5.dlfit.cn，09:12 微信以诱导分享拦截了整个域名，跑步机扫码登录页也在这个域名上，会员扫码打不开 → 登录二维码"
                  "全部超时。09:40 活动下线并申诉。09:00 的 dl-equipment 1.12.0 发布不是原因",
    ),
    WorldQuestion(
        "fitness_locker_healthy", "有会员说储物柜打不开，储物柜服务今天有没有报错或者告警？", "existence",
        asked_facts=(HEALTHY,), forbidden=INCIDENT_WORDS, service="dl-locker", healthy=True,
        diagnosis="没有：dl-locker 只有开柜、释放的 INFO 和柜门未关提醒的 WARN，5xx、p99 远低于阈值，无告警；07:30 的 2.1.4 发布与各"
                  "故障无关",
    ),
    WorldQuestion(
        "fitness_mall_healthy", "会员商城今天早上有没有出什么问题？有没有告警？", "existence",
        asked_facts=(HEALTHY,), forbidden=INCIDENT_WORDS, service="dl-mall", healthy=True,
        diagnosis="没有：dl-mall 只有订单支付的 INFO 和库存低的 WARN，5xx、p99 低于阈值，无告警；08:45 的 "
                  "mall.home.recommend-slots 配置与此无关",
    ),
    WorldQuestion(
        "fitness_alert_listing", "现在还有哪些告警没恢复？列一下。", "listing",
        asked_facts=tuple(fact(name) for name in FIRING), forbidden=("dl-locker", "dl-mall"),
        diagnosis="2 条：FaceVerifyLatencyHigh（06:52 起，dl-face，node-04 上的两个 Pod 慢）、TreadmillLoginTimeoutHigh（09:20 起，"
                  "dl-equipment，登录页域名被微信拦截）；其余告警都已恢复",
    ),
    WorldQuestion(
        "fitness_booking_changes_listing", "约课服务从昨天到现在都做过哪些变更？发版、配置、重启都列一下。", "listing",
        asked_facts=(fact("5.3.1"), fact("booking.waitlist.promote-before-min"), fact("rollout restart")),
        forbidden=_not("noscript", "noshow"), service="dl-booking",
        diagnosis="三次：昨晚 22:30 发布 5.3.1、08:40 booking.waitlist.promote-before-min 30 -> 60、09:40 rollout restart（NOSCRIPT "
                  "之后重新加载座位锁脚本）",
    ),
)

WORLD = World(name=NAME, title="DongLi 动力健身（连锁健身房与会员 App）", build=build_bundle, questions=QUESTIONS)
