"""World "marathon": 金陵城市马拉松 JinLing City Marathon, the race-operations platform of the company that organises it
(``mr-*`` services: online registration and the ballot 抽签, bib and chip assignment 号码布/芯片, the expo's kit pick-up 领物
and the start area's bag drop 存包, chip timing from the mats at the checkpoints 计时垫, the families' live runner tracking
亲友追踪, results publication 成绩发布, medical and aid-station dispatch 医疗调度, volunteer scheduling and check-in, payments
and refunds, SMS and push, race photos 赛事照片 and the shuttle buses 接驳巴士, on a Kubernetes cluster; the managed Redis,
the cloud account and the nodes outside it), seen from Saturday 2027-11-06 07:30 (the expo's first day) to the reference time
Sunday 2027-11-07 11:30 (+08:00), race morning: 全程 and 半程 start in waves at 07:30 (A), 07:38 (B) and 07:46 (全程 C), the
5 km 迷你跑 at 08:10. Nothing here was written for the offline agents; ten incidents of families the other worlds do not
have, in ordinary noise:

(1) 16:20 (Sat)     mr-tracking on mr-k8s-node-11: cloud_ops_zhaolei adds the vSwitch vsw-race-h (10.30.64.0/20, zone
                    cn-east-2h) to the race node pool because zone G is out of its instance type (CLD-1106-03); the managed
    07:20 → now     Redis r-jlm-track only lets in 10.30.0.0/18 and 10.31.0.0/20. 07:18 the HPA scales mr-tracking 6 → 10,
                    the autoscaler adds mr-k8s-node-11 in the new vSwitch and the four new pods land there → their Redis
                    connections time out (i/o timeout) and the runners their consumers own keep stale positions: families see
                    runners stuck (TrackingPositionStaleHigh, still firing). The six pods elsewhere are fine. The 07:10
                    ``tracking.push.interval-sec`` config is a decoy.
(2) 21:40 (Sat)     mr-timing ← mr-bib: bib_ops_lina imports the timing vendor 远驰计时's corrected chip map for C20001–C21800
                    (CM-1106-02, ``chipmap_waveC_v2.csv``, re-saved in a spreadsheet) whose chip codes lost their leading zeros
    07:46–09:12     (``chip_code=4718203`` where the mats read ``0004718203``) → from wave C's start every read of those chips is
                    an "unknown chip" in the orphan pool, the runners have no splits; peak 812 reads/min at 07:53
                    (TimingUnknownChipHigh fired at 126). 09:08 re-imported zero-padded (CM-1107-01), orphans re-matched. The
                    06:30 deploy 3.4.1 of mr-timing is a decoy.
(3) 08:00 (Sat)     mr-kit: the expo's 24 pick-up terminals log in to the venue Wi-Fi JLEXPO-STAFF, whose captive portal
    12:00–13:05     gives a 240-minute session → at noon the sessions end one after another, the portal intercepts the
                    terminals' HTTPS (``x509: certificate is valid for portal.jlexpo.com.cn``), they go offline and the pick-up
                    falls back to paper forms (PickupTerminalsOffline). 12:58 the venue NOC exempts the terminals' MACs. The
                    11:40 ``kit.queue.screen.refresh-sec`` config is a decoy.
(4) 17:05 (Sat)     mr-kit (its second incident, the next morning): 36 running clubs collect 2,140 kits as team pick-ups
                    (团领 TP-*), which leave the runners in ``kit_status=PROXY_PENDING`` until each confirms in the
    05:46–07:05     mini-program → at the start area's bag drop these runners are refused KIT_NOT_PICKED_UP and sent to the
                    manual desks (BagDropRejectsHigh). 06:58 PROXY_PENDING admitted. The 05:20 deploy 2.8.3 is a decoy.
(5) 10:28 → 11:02   mr-results: the title sponsor 金麦乳业's cheering H5 (h5.jinmai-cheer.cn) calls the open API
                    ``/open/v1/finishers`` from every viewer's browser with the partner key PK-JM-LEADER issued for one
                    server-side leaderboard → up to 6420 requests/s at 10:47 and 503s for the runners' own results queries
                    (ResultsApi5xxHigh fired at 7.9%). 11:00 the key limited to 20/s. The 10:10 deploy 5.2.0 is a decoy.
                    (mr-results' second incident, after (9).)
(6) 20:00 (Sat)     mr-payment: fin_ops_gaoli's withdrawal refund batch RF-1106-W refunds 3,412 runners through their
    20:01–21:30     original orders; 1,126 of them deferred their place from 2026 (DEF-2026) and their orders are more than a
                    year old → 微信支付/支付宝 refuse TRADE_OVERDUE (超过退款期限) (RefundFailureHigh). 21:20 moved to bank
                    transfer (TR-1106). The 19:40 ``refund.batch.size`` config is a decoy.
(7) 08:10 (Sun)     mr-medical: the 迷你跑's bibs were printed with a QR payload without the race code (``JLM27-03417``
    08:24–09:38     instead of ``JLM27|MR|M03417``); the medics' scan reads it as a legacy payload and resolves it in 全程 →
                    the profile of runner A03417, not the child or woman in front of them (MedicalScanMismatch). 09:35 legacy
                    payloads rejected, mini-run stations type the bib. The 07:20 deploy 1.9.0 is a decoy.
(8) 23:00 (Sat)     mr-volunteer ← the insurer: the nightly group-accident enrolment INS-1107 goes to 安康保险's new event
    05:02–06:10     product GA-2027B (ages 16–65) → 212 volunteers over 65 are rejected AGE_OUT_OF_RANGE and marked UNINSURED →
                    at the 05:00 check-in they are refused NOT_INSURED, water stations short-handed
                    (VolunteerCheckinRefused). 06:05 enrolled under GA-2027A (INS-1107-S). The 04:40 geofence config is a
                    decoy.
(9) 07:41 (Sun)     mr-results ← mr-timing: the starter box of wave HM-B misses the gun (07:38:04.22); timing_op_chenxi enters
    08:50–10:25     ``gun_time=07:30:00.00`` by hand → every 半程 B result's gun time is 8 minutes too long, the validator
                    warns of gun-chip gaps (ResultsGunChipGapHigh), runners complain of their SMS. 10:18 corrected from the
                    start-line video, 10:22 recomputed. The 08:40 ``results.publish.delay-sec`` config is a decoy.
(10) 08:05 (Sat)    mr-registration: reg_dba_huangtao's ballot archive job ARC-2027 moves every registration with
    08:20–14:45     ``lottery_status != 'WIN'`` to the archive — the 620 waitlist winners (``WAITLIST_WIN``) too → their
                    电子参赛证 is REG_NOT_FOUND on the expo's first day, peak 57 per minute at 10:12 (RegistrationNotFoundHigh
                    fired at 12). 14:40 restored (ARC-2027-R). The 07:50 deploy 4.1.2 is a decoy.

Healthy: mr-photo (its 09:40 deploy 3.0.4 is a decoy) and mr-shuttle (its 06:10 seat-release config is a decoy) — INFO/WARN
noise only, under their thresholds, no alert. Unrelated: HostCpuHigh on mr-k8s-node-03 during Saturday night's results
rehearsal; TimingReaderBatteryLow for the 40K mat's reader R-40K-B (a spare battery on its way). Still firing at 11:30:
TrackingPositionStaleHigh (1) and TimingReaderBatteryLow. Kubernetes: the deployments and their pods with their nodes, the
events of the last hour. Run ``python -m evaluation.worlds marathon`` to print the bundle.
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

NAME = "marathon"
SEED = 20271107
TZ = dt.timezone(dt.timedelta(hours=8))
DAY = dt.date(2027, 11, 7)
EVE = dt.date(2027, 11, 6)
START = dt.datetime(2027, 11, 6, 7, 30, tzinfo=TZ)
REFERENCE = dt.datetime(2027, 11, 7, 11, 30, tzinfo=TZ)
NS = "jinling-marathon"
REGISTRY = "harbor.jlmarathon.cn/race"

_t = functools.partial(clock_on, DAY, TZ)  # race day, Sunday
_y = functools.partial(clock_on, EVE, TZ)  # the expo's first day, Saturday


def _cfg(app: str, key: str, old: str, new: str, operator: str, note: str = "") -> str:
    line = f"[nacos] config changed: dataId={app}.yaml group=RACE_2027 key={key} old={old} new={new} operator={operator}"
    return f"{line} ({note})" if note else line


def _deploy(service: str, version: str, was: str, pipeline: int, changes: str) -> str:
    return f"deploy finished: {service} {version} (was {was}) rolled out by gitlab-ci pipeline=#{pipeline}; changes: {changes}"


CHECKPOINTS = ("CP-START", "CP-5K", "CP-10K", "CP-15K", "CP-HALF", "CP-25K", "CP-30K", "CP-35K", "CP-40K", "CP-FINISH")
CHANNELS = ("微信支付", "支付宝", "银联")
CLUBS = ("金陵跑团", "玄武湖跑团", "紫金山越野", "秦淮夜跑", "鼓楼跑协", "江宁跑者", "仙林悦跑", "河西跑团", "浦口速度", "栖霞跑友会")
WATER = tuple(f"W-{n:02d}" for n in range(1, 19))

# --- (1) the new vSwitch outside the Redis whitelist ------------------------------------------------------------------------
BAD_NODE = "mr-k8s-node-11"
WHITELIST_AUDIT = ("config audit: redis r-jlm-track (track-pos) security_ips [10.30.0.0/18, 10.31.0.0/20] group default, "
                   "unchanged since 2027-09-14")
VSWITCH_ADD = ("ActionTrail: CreateVSwitch vsw-race-h (10.30.64.0/20, cn-east-2h); ModifyScalingGroup asg-ng-race VSwitchIds "
               "+= vsw-race-h by cloud_ops_zhaolei (ticket CLD-1106-03: 可用区 G ecs.c7.2xlarge 库存不足)")
TRACK_PUSH = _cfg("mr-tracking", "tracking.push.interval-sec", "15", "10", "track_dev_yuhang")
HPA_SCALE = "HPA mr-tracking: scaled 6 -> 10 (cpu 74% of request, target 60%)"
AUTOSCALE = ("cluster-autoscaler: scale-up asg-ng-race 10 -> 11 for 4 unschedulable pods (mr-tracking), instance "
             "i-bp1c7race11 launched")
NODE_JOIN = ("kubelet: node mr-k8s-node-11 Ready, InternalIP 10.30.65.14, topology.kubernetes.io/zone=cn-east-2h, "
             "vswitch vsw-race-h")
REDIS_TIMEOUT = ("position update {bib} at {cp}: redis r-jlm-track.redis.rds.aliyuncs.com:6379 dial tcp 10.30.8.21:6379: "
                 "i/o timeout (pool track-pos, waited 3000ms), update dropped")
STALE = "GET /api/v2/track/{bib} 200 served stale position {cp} (age {s}s, redis unavailable) took={ms}ms"
TRACK_NOTE = "tracking_oncall_sunmo: 家属反馈跑者位置卡住不动，超时都来自新扩的 4 个 Pod，其他 6 个 Pod 正常"
STALE_ALERT = "8.4%"

# --- (2) chip codes without their leading zeros ------------------------------------------------------------------------------
CHIP_IMPORT = ("chip map import CM-1106-02 by bib_ops_lina from 远驰计时 file chipmap_waveC_v2.csv (re-saved, 更正 38 枚): "
               "1,800 rows, bibs C20001-C21800 updated, 0 rejects")
CHIP_SAMPLE = "bib {bib} chip assigned: chip_code={code}, chip_type=一次性贴片, source CM-1106-02"
UNKNOWN_CHIP = "mat {cp} reader {rd}: chip {code} rssi -{r} not assigned to any bib (unknown chip), read kept in orphan pool"
TIMING_DEPLOY = _deploy("mr-timing", "3.4.1", "3.4.0", 2291, "分段配速计算, 读卡日志采样")
TIMING_NOTE = "timing_oncall_heping: 未知芯片的读数都在 C 区出发之后，远驰说芯片都是按号码布贴好发出去的"
CHIP_REIMPORT = ("chip map import CM-1107-01 by bib_ops_lina from 远驰计时 file chipmap_waveC_v3.csv (chip_code zero-padded "
                 "to 10 digits): 1,800 rows, bibs C20001-C21800 updated, 0 rejects")
ORPHANS = "orphan pool re-matched after chip map CM-1107-01: 41,206 reads to 1,796 bibs, splits recomputed"
CHIP_PEAK = 812
CHIP_ALERT = "126 次/分钟"

# --- (3) the venue's captive portal ---------------------------------------------------------------------------------------
TERMINALS = tuple(f"T-{hall}{n:02d}" for hall in "AB" for n in range(1, 13))
TERMINAL_LOGIN = ("pickup terminal {t} online: venue Wi-Fi JLEXPO-STAFF portal authenticated (session 240 min), "
                  "api.jlmarathon.cn reachable")
TERMINAL_MISSING = "pickup terminal {t} heartbeat missing (last seen {last})"
TERMINAL_BACK = ("pickup terminal {t} back online after {m} min; last error while offline: x509: certificate is valid for "
                 "portal.jlexpo.com.cn, not api.jlmarathon.cn; offline queue flushed {n} pick-ups")
PAPER = "manual desk D{d}: pick-up bib {bib} recorded on paper form (terminals offline), ID checked by staff"
KIT_SCREEN = _cfg("mr-kit", "kit.queue.screen.refresh-sec", "10", "5", "kit_dev_zhouyi")
KIT_NOTE = "kit_oncall_wenjing: 领物区 24 台终端都连不上 API，现场用浏览器打开任何网址都跳到会展中心的 Wi-Fi 登录页"
VENUE_FIX = ("会展中心网络值班 (venue NOC): JLEXPO-STAFF 对 24 台领物终端 MAC 免认证放行；portal session 240 min 是场馆"
             "默认策略")

# --- (4) team pick-ups left PROXY_PENDING -----------------------------------------------------------------------------------
TEAM_PICKUP = ("team pick-up {tp} by club {club} (leader {leader}): {k} kits handed over, runners set kit_status=PROXY_PENDING "
               "(await runner confirmation in mini-program)")
BAG_REFUSED = "bag drop {lane} bib {bib}: refused KIT_NOT_PICKED_UP (kit_status=PROXY_PENDING), sent to 人工存包台"
BAG_OK = "bag drop {lane} bib {bib}: tag {tag} checked in, truck {truck}"
KIT_DEPLOY = _deploy("mr-kit", "2.8.3", "2.8.2", 2286, "存包小票, 交接日志")
BAG_NOTE = "kit_oncall_wenjing: 存包被拒的都说已经领了物资，查下来都是跑团团领的号码"
BAG_FIX = _cfg("mr-kit", "kit.bagdrop.allowed-status", "PICKED_UP", "PICKED_UP,PROXY_PENDING", "kit_oncall_wenjing")
TEAM_CONFIRM = "kit_oncall_wenjing: 团领 2,140 人批量确认为 PICKED_UP (KIT-1107-01)"
TEAM_KITS = 2140

# --- (5) the sponsor's cheering H5 on a partner key -----------------------------------------------------------------------
FINISHERS = ("GET /open/v1/finishers?race=FM&since={since}&limit=200 {status} key=PK-JM-LEADER referer=https://h5.jinmai-cheer.cn/"
             "jlm2027 ua=Mozilla/5.0 (iPhone) MicroMessenger took={ms}ms")
OWN_503 = "GET /api/v2/results/{bib} 503 upstream overloaded (results-db pool 200/200) took={ms}ms"
RESULTS_DEPLOY = _deploy("mr-results", "5.2.0", "5.1.3", 2295, "电子证书模板, 配速曲线")
RESULTS_NOTE = "results_oncall_lumin: 查询量突然暴涨，大部分请求带的是合作方 key PK-JM-LEADER，referer 是赞助商的加油页面"
RATE_LIMIT = _cfg("mr-results", "results.openapi.rate-limit.PK-JM-LEADER", "unlimited", "20/s", "results_oncall_lumin")
RESULTS_HPA = "HPA mr-results: scaled 6 -> 12 (cpu 91% of request, target 60%)"
RATE_PEAK = 6420
RESULTS_5XX_ALERT = "7.9%"

# --- (6) refunds of orders older than a year ------------------------------------------------------------------------------
REFUND_SIZE = _cfg("mr-payment", "refund.batch.size", "200", "500", "pay_dev_qinlan")
REFUND_BATCH = ("refund batch RF-1106-W created by fin_ops_gaoli: 3,412 退赛 refunds (50% of 报名费, 退赛截止 2027-10-31), "
                "refund to original payment order")
REFUND_OK = ("refund RF-1106-W-{n} registration R27-{reg} ¥{amt:.2f} via {ch} order {order} (paid 2027-{md}) SUCCESS")
REFUND_FAIL = ("refund RF-1106-W-{n} registration R27-{reg} (deferred_from=2026, DEF-2026) ¥{amt:.2f} via {ch} order {order} "
               "(paid 2026-{md}): FAIL TRADE_OVERDUE 订单已超过退款期限")
REFUND_NOTE = ("fin_ops_gaoli: 失败的 1,126 笔都是 2026 年延期到今年的选手，原订单已超过一年，改走银行转账 (TR-1106)")

# --- (7) the mini-run's bibs without their race code ----------------------------------------------------------------------
SCAN_LEGACY = ("bib scan by medic {m} at {st} (迷你跑 {km}km 医疗点): payload 'JLM27-{num}' (no race code, legacy format) -> "
               "runner A{num} (全程, {sex}, {year}, 血型 {blood}, 紧急联系人 {phone})")
SCAN_OK = ("bib scan by medic {m} at {st}: payload 'JLM27|{race}|{bib}' -> runner {bib} ({name}, {sex}, {year}, 血型 {blood})")
SCAN_WRONG = "medic {m} at {st}: 扫码信息与本人不符 (本人号码布 M{num}, {who})"
MEDICAL_DEPLOY = _deploy("mr-medical", "1.9.0", "1.8.4", 2289, "急救呼叫定位, AED 地图图层")
MEDICAL_NOTE = "medical_oncall_xuhan: 迷你跑医疗点扫出来的人全对不上，年龄性别都不对，全程医疗站扫码正常"
LEGACY_REJECT = _cfg("mr-medical", "medical.scan.legacy-payload", "RESOLVE_FM", "REJECT", "medical_oncall_xuhan",
                     "迷你跑医疗点改为手输号码")

# --- (8) the insurer's new age limit -----------------------------------------------------------------------------------------
INS_BATCH = ("volunteer group insurance enrolment INS-1107 to 安康保险 (团体意外险 product GA-2027B, cover 2027-11-07): "
             "4,212 volunteers submitted")
INS_RESULT = "insurer response INS-1107: 4,000 accepted, 212 rejected (AGE_OUT_OF_RANGE: insured age 16-65 for GA-2027B)"
INS_REJECT = "volunteer {v} (age {age}, 水站 {w}) insurance REJECTED AGE_OUT_OF_RANGE -> status UNINSURED"
CHECKIN_REFUSED = "check-in volunteer {v} at post 水站 {w}: refused NOT_INSURED (未投保不得上岗)"
CHECKIN_OK = "check-in volunteer {v} at post {post}: ok (face match {score}, within {d} m of post)"
GEOFENCE = _cfg("mr-volunteer", "volunteer.checkin.geofence-m", "300", "500", "vol_dev_tianyu")
VOL_NOTE = "volunteer_oncall_ningyu: 被拒签到的基本都是水站的老志愿者，系统显示未投保"
INS_FIX = ("volunteer group insurance enrolment INS-1107-S to 安康保险 (product GA-2027A, ages 16-75): 212 volunteers accepted, "
           "status UNINSURED -> INSURED")

# --- (9) a wave's gun time entered by hand -----------------------------------------------------------------------------------
GUN_MISSED = "start gun sensor wave HM-B: no trigger received from starter box SP-02 (radio), wave start pending"
GUN_MANUAL = "wave start table: wave HM-B gun_time=07:30:00.00 entered manually by timing_op_chenxi (source=manual, sensor missed)"
FIRST_B = "mat CP-START: first read of wave HM-B bibs at 07:38:06.91 (H35118)"
GAP_WARN = ("result HM {bib} wave HM-B: gun {gun} chip {chip} - gun-chip gap {gap:.1f}s exceeds wave window 360s "
            "(validator), published")
GUN_COMPLAINT = "complaint {c} runner {bib}: 短信里的枪声成绩比手表多了 8 分多钟"
PUBLISH_DELAY = _cfg("mr-results", "results.publish.delay-sec", "60", "30", "results_dev_fangqi")
GUN_NOTE = "results_oncall_lumin: 半程 B 区的枪声成绩普遍比净成绩多 8 分钟以上"
GUN_FIX = ("wave start table: wave HM-B gun_time 07:30:00.00 -> 07:38:04.22 by timing_oncall_heping (from start-line video, "
           "TK-1107-03)")
GUN_RECOMPUTE = "recomputed 3,904 results of wave HM-B after wave start change, rankings and certificates republished"

# --- (10) the ballot archive job ---------------------------------------------------------------------------------------------
REG_DEPLOY = _deploy("mr-registration", "4.1.2", "4.1.1", 2274, "转让记录导出, 报名页文案")
ARCHIVE = ("ballot archive job ARC-2027 by reg_dba_huangtao: moved 96,824 registrations of 2027 全程/半程 with "
           "lottery_status != 'WIN' to reg_archive_2027")
ARCHIVED = "ARC-2027 archived registration R27-{reg} lottery_status={status} race={race}"
NOT_FOUND = "GET /api/v3/my/registration user U{u} 404 REG_NOT_FOUND (电子参赛证) took={ms}ms"
REG_COMPLAINT = "user feedback F{f}: 候补中签交了钱，电子参赛证查不到，领不了物资"
REG_NOTE = "reg_oncall_mengyuan: 查不到报名的都是候补中签的选手"
REG_RESTORE = ("reg_dba_huangtao: restored 620 registrations lottery_status=WAITLIST_WIN from reg_archive_2027 (ARC-2027-R)")
NOTFOUND_PEAK = 57
NOTFOUND_ALERT = "12 次/分钟"

# --- healthy services' decoys, unrelated -----------------------------------------------------------------------------------
PHOTO_DEPLOY = _deploy("mr-photo", "3.0.4", "3.0.3", 2293, "以脸搜图结果分页")
SHUTTLE_CFG = _cfg("mr-shuttle", "shuttle.seat.release-min", "10", "15", "shuttle_dev_hejun")
BATTERY = "reader R-40K-B heartbeat: battery {b}%, 4G rssi -{r}, clock sync ok, reads buffered 0"

# --- pods, nodes -------------------------------------------------------------------------------------------------------------
TRACK_ALL = pod_names("mr-tracking", "2.6.1", 10)
TRACK_BASE = TRACK_ALL[:6]
ON_BAD_NODE = TRACK_ALL[6:]
RESULTS_ALL = pod_names("mr-results", "5.2.0", 12)
ROLLOUTS: dict[str, list[tuple[dt.datetime, tuple[str, ...]]]] = {
    "mr-registration": [(START, pod_names("mr-registration", "4.1.1", 3)), (_y("07:51:00"), pod_names("mr-registration", "4.1.2", 3))],
    "mr-bib": [(START, pod_names("mr-bib", "1.6.0", 2))],
    "mr-kit": [(START, pod_names("mr-kit", "2.8.2", 4)), (_t("05:21:00"), pod_names("mr-kit", "2.8.3", 4))],
    "mr-timing": [(START, pod_names("mr-timing", "3.4.0", 4)), (_t("06:31:00"), pod_names("mr-timing", "3.4.1", 4))],
    "mr-tracking": [(START, TRACK_BASE), (_t("07:21:00"), TRACK_ALL)],
    "mr-results": [(START, pod_names("mr-results", "5.1.3", 6)), (_t("10:11:00"), RESULTS_ALL[:6]),
                   (_t("10:41:00"), RESULTS_ALL)],
    "mr-medical": [(START, pod_names("mr-medical", "1.8.4", 2)), (_t("07:21:00"), pod_names("mr-medical", "1.9.0", 2))],
    "mr-volunteer": [(START, pod_names("mr-volunteer", "2.2.5", 2))],
    "mr-payment": [(START, pod_names("mr-payment", "3.7.2", 3))],
    "mr-notify": [(START, pod_names("mr-notify", "1.5.0", 2))],
    "mr-photo": [(START, pod_names("mr-photo", "3.0.3", 2)), (_t("09:41:00"), pod_names("mr-photo", "3.0.4", 2))],
    "mr-shuttle": [(START, pod_names("mr-shuttle", "1.3.1", 2))],
}
GENERAL_NODES = [f"mr-k8s-node-{n:02d}" for n in range(1, 11)]
NODES = [*GENERAL_NODES, BAD_NODE]
INSTANCES: dict[str, list[str]] = {service: list(steps[-1][1]) for service, steps in ROLLOUTS.items()} | {
    "mr-k8s-node": GENERAL_NODES, "mr-redis": ["r-jlm-track", "r-jlm-cache"], "mr-cloud": ["actiontrail"]}


def node_of(pod: str) -> str:
    """The four HPA replicas of the tracking service on node-11 (added for them); every other pod elsewhere."""
    if pod in ON_BAD_NODE:
        return BAD_NODE
    return GENERAL_NODES[int(hashlib.sha256(pod.encode()).hexdigest(), 16) % len(GENERAL_NODES)]


SERVICES: list[Json] = [
    {"name": "mr-registration", "aliases": ["报名", "报名系统", "抽签", "中签", "电子参赛证", "候补"],
     "description": "在线报名与抽签（3 个副本）：报名、抽签与候补中签、名额转让、电子参赛证（领物凭证）；库 reg-db。"},
    {"name": "mr-bib", "aliases": ["号码布", "芯片分配", "号码布芯片", "芯片库"],
     "description": "号码布与计时芯片分配（2 个副本）：号码布号段、每个号码布对应的芯片号 chip_code（10 位），芯片对照表由计时"
                    "厂商 远驰计时 提供后导入，供 mr-timing 匹配读数。"},
    {"name": "mr-kit", "aliases": ["领物", "领物系统", "物资领取", "存包", "博览会", "Expo"],
     "description": "参赛物资领取与存包（4 个副本）：会展中心 Expo 两个领物区共 24 台领物终端（场馆 Wi-Fi）、跑团团领、人工台；"
                    "赛日起点存包区的 PDA 扫码存包与存包车。"},
    {"name": "mr-timing", "aliases": ["计时", "芯片计时", "计时垫", "读卡", "计时系统"],
     "description": "芯片计时（4 个副本）：起点、5K…40K、终点计时垫的读卡器经 4G 上传读数，按 mr-bib 的芯片号匹配号码布，计算"
                    "分段；各出发区（wave）的发令时间表。"},
    {"name": "mr-tracking", "aliases": ["亲友追踪", "跑者追踪", "追踪", "实时位置", "追踪服务"],
     "description": "亲友实时追踪（Go，HPA 6–16 个副本）：消费计时分段推算跑者位置，写托管 Redis r-jlm-track，家属在 App 里"
                    "关注跑者、查看位置与预计到达时间。"},
    {"name": "mr-results", "aliases": ["成绩", "成绩发布", "成绩查询", "电子证书", "成绩服务"],
     "description": "成绩发布（HPA 6–16 个副本）：按发令时间与计时读数计算枪声成绩、净成绩，发布成绩与电子证书、成绩短信；对"
                    "合作方开放 /open/v1 接口（合作方 key）。"},
    {"name": "mr-medical", "aliases": ["医疗", "医疗调度", "急救", "医疗站", "补给站调度"],
     "description": "医疗与补给站调度（2 个副本）：医疗志愿者扫号码布二维码调出跑者信息（血型、紧急联系人），急救呼叫定位，"
                    "补给站物资调度。"},
    {"name": "mr-volunteer", "aliases": ["志愿者", "志愿者系统", "排班", "志愿者签到"],
     "description": "志愿者排班与签到（2 个副本）：岗位排班、每晚向保险公司投保团体意外险、赛日人脸签到（未投保不得上岗）。"},
    {"name": "mr-payment", "aliases": ["支付", "退款", "退费", "支付服务"],
     "description": "支付与退款（3 个副本）：报名费与增值服务订单，经 微信支付、支付宝、银联 收款，原路退款。"},
    {"name": "mr-notify", "aliases": ["短信", "推送", "通知"],
     "description": "短信与 App 推送（2 个副本）：赛前提醒、成绩短信、家属关注推送。"},
    {"name": "mr-photo", "aliases": ["照片", "赛事照片", "以脸搜图", "照片直播"],
     "description": "赛事照片（2 个副本）：摄影师上传、以脸搜图、照片下载。"},
    {"name": "mr-shuttle", "aliases": ["接驳车", "接驳巴士", "班车", "接驳"],
     "description": "接驳巴士预约（2 个副本）：赛前地铁站到起点、终点到存包区的接驳座位预约。"},
    {"name": "mr-redis", "aliases": ["Redis", "托管 Redis", "r-jlm-track"],
     "description": "托管 Redis（集群外）：r-jlm-track（跑者位置）、r-jlm-cache；按 IP 白名单 security_ips 放行。"},
    {"name": "mr-cloud", "aliases": ["云账号", "云平台", "操作审计", "VPC"],
     "description": "云账号的操作审计（ActionTrail）与配置审计：VPC、交换机、伸缩组、云数据库白名单的变更。"},
    {"name": "mr-k8s-node", "aliases": ["K8s 节点", "节点", "服务器"],
     "description": "集群 mr-prod 的节点 mr-k8s-node-01..11（节点池 ng-race 由 cluster-autoscaler 伸缩）。"},
]

WINDOWS = {
    "vswitch": (_t("07:20"), REFERENCE),
    "chips": (_t("07:46"), _t("09:12")),
    "portal": (_y("12:00"), _y("13:08")),
    "proxy": (_t("05:46"), _t("07:05")),
    "sponsor": (_t("10:28"), _t("11:02")),
    "refund": (_y("20:00"), _y("21:30")),
    "scan": (_t("08:24"), _t("09:38")),
    "insurer": (_t("05:02"), _t("06:10")),
    "gun": (_t("08:50"), _t("10:25")),
    "archive": (_y("08:20"), _y("14:45")),
}


def _inside(window: str, t: dt.datetime) -> bool:
    a, b = WINDOWS[window]
    return a <= t < b


def _race(t: dt.datetime) -> bool:
    return t >= _t("07:30")


def _expo(t: dt.datetime) -> bool:
    return _y("08:30") <= t < _y("20:00")


# --- Business vocabulary -----------------------------------------------------------------------------------------------------
Line = tuple[str, str, dict[str, Any]]


def _bib(w: WorldBuilder) -> str:
    roll = w.rng.random()
    if roll < 0.3:
        return f"A{w.rng.randint(1, 9999):05d}"
    if roll < 0.55:
        return f"B{w.rng.randint(10001, 19999)}"
    if roll < 0.7:
        return f"C{w.rng.randint(21801, 27999)}"
    return f"H{w.rng.randint(30001, 34999)}"


def _chip(w: WorldBuilder) -> str:
    return f"000{w.rng.randint(1_000_000, 9_999_999)}"


def _user(w: WorldBuilder) -> str:
    return f"U{w.rng.randint(10**7, 10**8 - 1)}"


def _phone(w: WorldBuilder) -> str:
    return f"1{w.rng.randint(30, 99)}****{w.rng.randint(1000, 9999)}"


def _pod(w: WorldBuilder, service: str, t: dt.datetime) -> str:
    pods = ROLLOUTS[service][0][1]
    for moment, step in ROLLOUTS[service]:
        if moment <= t:
            pods = step
    if service == "mr-tracking":
        pods = tuple(p for p in pods if p not in ON_BAD_NODE)  # the pods on node-11 write their own lines
    return w.rng.choice(pods)


# --- Noise: every service's ordinary weekend ---------------------------------------------------------------------------------
def _registration(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "mr-registration", t)
    roll = w.rng.random()
    if roll < 0.55:
        return "INFO", f"GET /api/v3/my/registration user {_user(w)} 200 (电子参赛证) took={w.ms(20, 90)}ms", {
            "instance": pod, "log_type": "access"}
    if roll < 0.8:
        return "INFO", f"GET /api/v3/races/2028/notice 200 took={w.ms(10, 40)}ms", {"instance": pod, "log_type": "access"}
    if roll < 0.95:
        return "INFO", f"reg-db pool: active {w.rng.randint(2, 18)}/100, slow queries 0", {"instance": pod}
    return "WARN", f"POST /api/v3/transfer user {_user(w)} 409 名额转让已截止", {"instance": pod}


def _bib_noise(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "mr-bib", t)
    if w.rng.random() < 0.7:
        return "INFO", f"bib lookup {_bib(w)}: chip_code={_chip(w)}, status ACTIVE", {"instance": pod}
    return "INFO", f"chip lookup cache: {w.rng.randint(29000, 31000)} bibs, hit {w.rng.uniform(99.0, 99.9):.1f}%", {"instance": pod}


def _kit(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "mr-kit", t)
    roll = w.rng.random()
    if _expo(t) and not _inside("portal", t):
        if roll < 0.6:
            return "INFO", (f"pick-up bib {_bib(w)} at terminal {w.rng.choice(TERMINALS)}: ID verified, kit size "
                            f"{w.rng.choice(('S', 'M', 'L', 'XL'))} handed over took={w.ms(300, 900)}ms"), {"instance": pod}
        if roll < 0.85:
            return "INFO", f"expo queue hall {w.rng.choice('AB')}: {w.rng.randint(20, 160)} waiting, est {w.rng.randint(3, 15)} min", {
                "instance": pod}
        return "WARN", f"pick-up bib {_bib(w)}: ID photo blurry, retried", {"instance": pod}
    if roll < 0.7:
        return "INFO", f"kit stock: T-shirt S/M/L/XL {w.rng.randint(300, 900)}/{w.rng.randint(800, 2000)}/{w.rng.randint(800, 2000)}/{w.rng.randint(200, 700)}", {
            "instance": pod}
    return "INFO", "mini-program kit status sync ok", {"instance": pod}


def _timing(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "mr-timing", t)
    if _race(t):
        cp = w.rng.choice(CHECKPOINTS)
        roll = w.rng.random()
        if roll < 0.65:
            n = w.rng.randint(40, 400)
            return "INFO", f"mat {cp} reader R-{cp[3:]}-{w.rng.choice('AB')}: batch {n} reads uploaded, matched {n}, lag {w.ms(300, 2500)}ms", {
                "instance": pod}
        if roll < 0.95:
            return "INFO", f"split computed bib {_bib(w)} at {cp} pace {w.rng.randint(4, 7)}'{w.rng.randint(0, 59):02d}\"/km", {
                "instance": pod}
        return "WARN", f"mat {cp} reader R-{cp[3:]}-{w.rng.choice('AB')}: 4G reconnect, {w.rng.randint(20, 300)} reads re-sent", {
            "instance": pod}
    cp = w.rng.choice(CHECKPOINTS)
    return "INFO", (f"reader R-{cp[3:]}-{w.rng.choice('AB')} heartbeat: battery {w.rng.randint(82, 100)}%, 4G rssi "
                    f"-{w.rng.randint(60, 85)}, clock sync ok"), {"instance": pod}


def _tracking(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "mr-tracking", t)
    roll = w.rng.random()
    if _race(t):
        if roll < 0.5:
            return "INFO", f"GET /api/v2/track/{_bib(w)} 200 position {w.rng.choice(CHECKPOINTS[1:])} took={w.ms(4, 30)}ms", {
                "instance": pod, "log_type": "access"}
        if roll < 0.9:
            return "INFO", (f"position update {_bib(w)} at {w.rng.choice(CHECKPOINTS[1:])}: ok (redis {w.ms(1, 4)}ms, eta "
                            f"finish {w.rng.randint(9, 13)}:{w.rng.randint(0, 59):02d})"), {"instance": pod}
        return "WARN", f"follow push to user {_user(w)}: device token expired, skipped", {"instance": pod}
    if roll < 0.7:
        return "INFO", f"POST /api/v2/follow user {_user(w)} runner {_bib(w)} 200 took={w.ms(8, 40)}ms", {
            "instance": pod, "log_type": "access"}
    return "INFO", f"followers total {w.rng.randint(380000, 420000)}, websocket sessions {w.rng.randint(200, 3000)}", {"instance": pod}


def _results(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "mr-results", t)
    roll = w.rng.random()
    if t >= _t("08:32"):
        if roll < 0.45:
            return "INFO", f"GET /api/v2/results/{_bib(w)} 200 took={w.ms(15, 80)}ms", {"instance": pod, "log_type": "access"}
        if roll < 0.85:
            return "INFO", (f"result published {_bib(w)}: gun {w.rng.randint(1, 3)}:{w.rng.randint(0, 59):02d}:"
                            f"{w.rng.randint(0, 59):02d}.{w.rng.randint(0, 9)}, certificate generated"), {"instance": pod}
        return "INFO", f"results SMS batch queued: {w.rng.randint(50, 400)} runners", {"instance": pod}
    if roll < 0.7:
        return "INFO", f"GET /api/v2/results/history user {_user(w)} 200 took={w.ms(10, 60)}ms", {"instance": pod, "log_type": "access"}
    return "INFO", "results pipeline idle: waiting for finish reads", {"instance": pod}


def _medical(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "mr-medical", t)
    roll = w.rng.random()
    if _race(t):
        if roll < 0.5:
            st = f"MS-{w.rng.choice(('5', '10', '15', '21', '25', '30', '35', '40'))}"
            return "INFO", (f"aid station {st}: water {w.rng.randint(40, 95)}%, ice {w.rng.randint(30, 90)}%, medics "
                            f"{w.rng.randint(4, 9)} on post"), {"instance": pod}
        if roll < 0.85:
            return "INFO", f"medic M{w.rng.randint(100, 480)} gps ok, battery {w.rng.randint(40, 99)}%", {"instance": pod}
        return "WARN", f"call C{w.rng.randint(1000, 9999)}: 抽筋, handled on site by medic M{w.rng.randint(100, 480)}", {"instance": pod}
    return "INFO", f"medical roster: {w.rng.randint(380, 420)} medics, {w.rng.randint(40, 46)} AED units registered", {"instance": pod}


def _volunteer(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "mr-volunteer", t)
    if w.rng.random() < 0.7:
        return "INFO", f"GET /api/vol/shift volunteer V{w.rng.randint(10000, 14999)} 200 took={w.ms(10, 50)}ms", {
            "instance": pod, "log_type": "access"}
    return "INFO", f"shift roster: {w.rng.randint(4200, 4230)} volunteers in {w.rng.randint(160, 170)} posts", {"instance": pod}


def _payment(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "mr-payment", t)
    roll = w.rng.random()
    if roll < 0.6:
        return "INFO", (f"order P{w.rng.randint(10**9, 10**10 - 1)} ¥{w.rng.choice((39, 59, 99, 168))}.00 via "
                        f"{w.rng.choice(CHANNELS)} paid (增值服务) took={w.ms(200, 700)}ms"), {"instance": pod}
    if roll < 0.9:
        return "INFO", f"{w.rng.choice(CHANNELS)} reconciliation file pulled: {w.rng.randint(100, 900)} records, 0 diff", {"instance": pod}
    return "WARN", f"order P{w.rng.randint(10**9, 10**10 - 1)} closed: unpaid after 15 min", {"instance": pod}


def _notify(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "mr-notify", t)
    if w.rng.random() < 0.75:
        return "INFO", f"sms batch sent: {w.rng.randint(50, 600)} messages, carrier receipts {w.rng.randint(96, 100)}%", {"instance": pod}
    return "INFO", f"app push sent: {w.rng.randint(200, 3000)} notifications", {"instance": pod}


def _photo(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "mr-photo", t)
    roll = w.rng.random()
    if roll < 0.6:
        return "INFO", f"face search user {_user(w)}: {w.rng.randint(0, 40)} photos matched took={w.ms(300, 1200)}ms", {"instance": pod}
    if roll < 0.92:
        return "INFO", f"photographer P{w.rng.randint(10, 99)} uploaded {w.rng.randint(20, 400)} photos", {"instance": pod}
    return "WARN", f"photo upload from P{w.rng.randint(10, 99)}: EXIF time missing, set to upload time", {"instance": pod}


def _shuttle(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "mr-shuttle", t)
    roll = w.rng.random()
    if roll < 0.7:
        return "INFO", (f"POST /api/shuttle/book user {_user(w)} route R{w.rng.randint(1, 6)} 200 seats left "
                        f"{w.rng.randint(0, 50)} took={w.ms(20, 90)}ms"), {"instance": pod}
    if roll < 0.95:
        return "INFO", f"shuttle bus 苏A{w.rng.randint(10000, 99999)} gps ok, route R{w.rng.randint(1, 6)}", {"instance": pod}
    return "WARN", f"booking user {_user(w)} route R{w.rng.randint(1, 6)}: 座位已满, waitlisted", {"instance": pod}


def _redis(w: WorldBuilder, t: dt.datetime) -> Line:
    return "INFO", (f"r-jlm-track: connected_clients {w.rng.randint(60, 120)}, ops {w.rng.randint(2000, 40000)}/s, used_memory "
                    f"{w.rng.uniform(1.1, 2.4):.1f}G"), {"instance": "r-jlm-track", "trace": False}


def _node(w: WorldBuilder, t: dt.datetime) -> Line:
    node = w.rng.choice(GENERAL_NODES)
    if w.rng.random() < 0.6:
        return "INFO", f"kubelet: image garbage collection: usage {w.rng.randint(20, 60)}% below threshold 80%", {
            "instance": node, "trace": False}
    return "INFO", f"chronyd: selected source ntp.cloud.aliyuncs.com, offset {w.rng.uniform(-0.4, 0.4):.3f}ms", {
        "instance": node, "trace": False}


NOISE = {
    "mr-registration": (_registration, 60), "mr-bib": (_bib_noise, 300), "mr-kit": (_kit, 45), "mr-timing": (_timing, 40),
    "mr-tracking": (_tracking, 30), "mr-results": (_results, 50), "mr-medical": (_medical, 120),
    "mr-volunteer": (_volunteer, 150), "mr-payment": (_payment, 90), "mr-notify": (_notify, 120), "mr-photo": (_photo, 120),
    "mr-shuttle": (_shuttle, 150), "mr-redis": (_redis, 600), "mr-k8s-node": (_node, 600),
}


def _every(w: WorldBuilder, start: dt.datetime, stop: dt.datetime, low: int, high: int) -> list[dt.datetime]:
    out = []
    moment = start
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
                  started.format(s=w.rng.randint(40, 200) / 10), instance=new, trace=False)


# --- Incident 1: node-11 outside the Redis whitelist -------------------------------------------------------------------------
STALE_SERIES: Keyframes = [(START, 0.4), (_t("07:20"), 0.6), (_t("07:32"), 8.4), (_t("08:00"), 31.0), (_t("08:40"), 38.9),
                           (_t("09:30"), 39.6), (_t("10:30"), 37.8), (REFERENCE, 38.2)]


def vswitch_whitelist(w: WorldBuilder) -> None:
    tr, cloud, node = "mr-tracking", "mr-cloud", "mr-k8s-node"
    w.log(_y("09:00:05.118"), cloud, "INFO", WHITELIST_AUDIT, instance="config-audit", trace=False)
    w.log(_y("16:20:10.204"), cloud, "INFO", VSWITCH_ADD, instance="actiontrail", trace=False, change="ops")
    w.log(_t("07:10:10.330"), tr, "INFO", TRACK_PUSH, instance=TRACK_BASE[0], change="config")
    _ops(w, _t("07:18:05.441"), tr, HPA_SCALE)
    w.log(_t("07:18:40.551"), node, "INFO", AUTOSCALE, instance="cluster-autoscaler", trace=False)
    w.log(_t("07:20:10.118"), node, "INFO", NODE_JOIN, instance=BAD_NODE, trace=False)
    _rolled(w, tr, 1, "tracking-server 2.6.1 started in {s}s, consumer group track-pos joined")
    for moment in _every(w, _t("07:21:30"), REFERENCE, 5, 14):
        pod = w.rng.choice(ON_BAD_NODE)
        cp = w.rng.choice(CHECKPOINTS[:5] if moment < _t("09:00") else CHECKPOINTS[3:])
        if w.rng.random() < 0.55:
            w.log(moment, tr, "WARN", REDIS_TIMEOUT.format(bib=_bib(w), cp=cp), instance=pod, trace=False)
        else:
            w.log(moment, tr, "WARN", STALE.format(bib=_bib(w), cp="CP-START", s=w.rng.randint(400, 9000), ms=w.ms(3000, 3100)),
                  instance=pod, log_type="access")
    for moment in _every(w, _t("07:21"), REFERENCE, 590, 610):
        w.log(moment, node, "INFO", f"node-exporter: load average {w.rng.uniform(0.5, 1.8):.1f}, cpu busy {w.rng.randint(3, 9)}%",
              instance=BAD_NODE, trace=False)
    _ops(w, _t("08:05:20.204"), tr, TRACK_NOTE)
    w.alert("TrackingPositionStaleHigh", tr, "critical", _t("07:32"), None, STALE_ALERT,
            "跑者位置超过 5 分钟未更新的比例 8.4%，超过阈值 5%", namespace=NS)


# --- Incident 2: the chip map without leading zeros --------------------------------------------------------------------------
CHIP_SERIES: Keyframes = [(START, 0), (_t("07:45"), 0), (_t("07:49"), 126), (_t("07:52"), 700), (_t("07:53"), CHIP_PEAK),
                          (_t("07:54"), 690), (_t("08:02"), 240), (_t("08:12"), 150), (_t("08:22"), 420), (_t("08:40"), 300),
                          (_t("08:55"), 260), (_t("09:08"), 220), (_t("09:10"), 0), (REFERENCE, 0)]
BAD_CHIPS = {f"C{20001 + i}": f"{4718203 + 37 * i}" for i in range(1800)}


def chip_zeros(w: WorldBuilder) -> None:
    bib, timing = "mr-bib", "mr-timing"
    bib_pod = ROLLOUTS[bib][0][1][0]
    w.log(_y("21:40:20.118"), bib, "INFO", CHIP_IMPORT, instance=bib_pod, job="chip-import")
    for index, b in enumerate(list(BAD_CHIPS)[:10]):
        w.log(_y("21:40:21") + dt.timedelta(seconds=index * 3), bib, "INFO",
              CHIP_SAMPLE.format(bib=b, code=BAD_CHIPS[b]), instance=bib_pod, trace=False)
    w.log(_t("06:30:10.204"), timing, "INFO", TIMING_DEPLOY, instance=ROLLOUTS[timing][1][1][0], change="deploy")
    _rolled(w, timing, 1, "TimingApplication 3.4.1 started in {s} seconds")
    bibs = list(BAD_CHIPS)
    for moment in _every(w, _t("07:46:20"), _t("09:08"), 3, 11):
        cp = "CP-START" if moment < _t("08:05") else "CP-5K" if moment < _t("08:35") else "CP-10K"
        code = BAD_CHIPS[w.rng.choice(bibs)]
        w.log(moment, timing, "WARN", UNKNOWN_CHIP.format(cp=cp, rd=f"R-{cp[3:]}-{w.rng.choice('AB')}", code=f"000{code}",
                                                         r=w.rng.randint(40, 70)), instance=_pod(w, timing, moment), trace=False)
    _ops(w, _t("08:30:10.330"), timing, TIMING_NOTE)
    w.log(_t("09:08:10.441"), bib, "INFO", CHIP_REIMPORT, instance=bib_pod, job="chip-import")
    w.log(_t("09:10:40.551"), timing, "INFO", ORPHANS, instance=ROLLOUTS[timing][1][1][1], trace=False)
    w.alert("TimingUnknownChipHigh", timing, "warning", _t("07:49"), _t("09:15"), CHIP_ALERT,
            "计时垫未知芯片读数 126 次/分钟，超过阈值 50", namespace=NS)


# --- Incident 3: the captive portal's 240-minute sessions --------------------------------------------------------------------
TERMINAL_SERIES: Keyframes = [(START, 0), (_y("08:00"), 0), (_y("08:20"), 24), (_y("12:00"), 24), (_y("12:18"), 1),
                              (_y("13:01"), 1), (_y("13:08"), 24), (_y("20:00"), 24), (_y("20:10"), 0), (REFERENCE, 0)]


def captive_portal(w: WorldBuilder) -> None:
    kit = "mr-kit"
    logins: dict[str, dt.datetime] = {}
    for index, term in enumerate(TERMINALS):
        logins[term] = _y("08:02:00") + dt.timedelta(seconds=40 * index + w.rng.randint(0, 20))
        w.log(logins[term], kit, "INFO", TERMINAL_LOGIN.format(t=term), instance=term, trace=False)
    w.log(_y("11:40:10.118"), kit, "INFO", KIT_SCREEN, instance=ROLLOUTS[kit][0][1][0], change="config")
    for term, login in logins.items():
        last = login + dt.timedelta(minutes=240) - dt.timedelta(seconds=w.rng.randint(5, 40))
        w.log(last + dt.timedelta(seconds=90), kit, "WARN", TERMINAL_MISSING.format(t=term, last=f"{last:%H:%M:%S}"),
              instance=ROLLOUTS[kit][0][1][w.rng.randrange(4)], trace=False)
        back = _y("13:01:00") + dt.timedelta(seconds=w.rng.randint(0, 400))
        w.log(back, kit, "INFO", TERMINAL_BACK.format(t=term, m=int((back - last).total_seconds() // 60), n=w.rng.randint(20, 60)),
              instance=term, trace=False)
    for moment in _every(w, _y("12:08"), _y("13:00"), 30, 90):
        w.log(moment, kit, "WARN", PAPER.format(d=w.rng.randint(1, 6), bib=_bib(w)), instance=ROLLOUTS[kit][0][1][3], trace=False)
    _ops(w, _y("12:35:10.204"), kit, KIT_NOTE)
    _ops(w, _y("12:58:20.330"), kit, VENUE_FIX)
    w.alert("PickupTerminalsOffline", kit, "critical", _y("12:06"), _y("13:08"), "22/24 台离线",
            "领物终端离线 22/24 台，超过阈值 4 台", namespace=NS)


# --- Incident 4: team pick-ups left PROXY_PENDING ----------------------------------------------------------------------------
BAG_SERIES: Keyframes = [(START, 0), (_t("05:40"), 0), (_t("05:58"), 46), (_t("06:30"), 131), (_t("06:50"), 118),
                         (_t("07:00"), 64), (_t("07:08"), 2), (REFERENCE, 0)]


def proxy_pending(w: WorldBuilder) -> None:
    kit = "mr-kit"
    team_bibs: list[str] = []
    sizes = [TEAM_KITS // 36 + (1 if i < TEAM_KITS % 36 else 0) for i in range(36)]
    for index, (moment, k) in enumerate(zip(_every(w, _y("17:05"), _y("19:30"), 200, 260), sizes, strict=False)):
        club = CLUBS[index % len(CLUBS)] + ("" if index < len(CLUBS) else f" {index // len(CLUBS) + 1} 队")
        w.log(moment, kit, "INFO", TEAM_PICKUP.format(tp=f"TP-{index + 1:03d}", club=club, leader=f"{w.rng.choice('王李张刘陈杨赵黄周吴')}**", k=k),
              instance=ROLLOUTS[kit][0][1][w.rng.randrange(4)], trace=False)
        team_bibs += [_bib(w) for _ in range(3)]
    w.log(_t("05:20:10.118"), kit, "INFO", KIT_DEPLOY, instance=ROLLOUTS[kit][1][1][0], change="deploy")
    _rolled(w, kit, 1, "KitApplication 2.8.3 started in {s} seconds")
    for moment in _every(w, _t("05:46"), _t("06:58"), 20, 55):
        w.log(moment, kit, "WARN", BAG_REFUSED.format(lane=f"BD-{w.rng.randint(1, 12):02d}", bib=w.rng.choice(team_bibs)),
              instance=_pod(w, kit, moment), trace=False)
    for moment in _every(w, _t("05:45"), _t("07:25"), 8, 25):
        w.log(moment, kit, "INFO", BAG_OK.format(lane=f"BD-{w.rng.randint(1, 12):02d}", bib=_bib(w), tag=f"BT{w.rng.randint(10**5, 10**6 - 1)}",
                                                 truck=f"T{w.rng.randint(1, 20):02d}"), instance=_pod(w, kit, moment), trace=False)
    _ops(w, _t("06:20:10.204"), kit, BAG_NOTE)
    w.log(_t("06:58:10.330"), kit, "INFO", BAG_FIX, instance=ROLLOUTS[kit][1][1][1], change="config")
    _ops(w, _t("07:05:20.441"), kit, TEAM_CONFIRM)
    w.alert("BagDropRejectsHigh", kit, "warning", _t("05:58"), _t("07:12"), "46 次/10分钟",
            "存包拒收 46 次/10分钟，超过阈值 20", namespace=NS)


# --- Incident 5: the sponsor's H5 on a partner key ---------------------------------------------------------------------------
RATE_SERIES: Keyframes = [(START, 20), (_t("08:30"), 60), (_t("09:40"), 150), (_t("10:27"), 185), (_t("10:31"), 900),
                          (_t("10:40"), 5200), (_t("10:46"), 6010), (_t("10:47"), RATE_PEAK), (_t("10:48"), 5980),
                          (_t("10:59"), 5600), (_t("11:01"), 240), (REFERENCE, 230)]


def sponsor_h5(w: WorldBuilder) -> None:
    res = "mr-results"
    w.log(_t("10:10:10.118"), res, "INFO", RESULTS_DEPLOY, instance=RESULTS_ALL[0], change="deploy")
    _rolled(w, res, 1, "ResultsApplication 5.2.0 started in {s} seconds")
    for moment in _every(w, _t("10:30:40"), _t("11:00:05"), 1, 4):
        since = (moment - dt.timedelta(seconds=w.rng.randint(3, 9))).strftime("%H:%M:%S")
        status = "503" if _t("10:36") <= moment < _t("11:00") and w.rng.random() < 0.3 else "200"
        w.log(moment, res, "INFO" if status == "200" else "WARN", FINISHERS.format(since=since, status=status, ms=w.ms(300, 3000)),
              instance=_pod(w, res, moment), log_type="access")
    for moment in _every(w, _t("10:36"), _t("11:01"), 8, 20):
        w.log(moment, res, "ERROR", OWN_503.format(bib=_bib(w), ms=w.ms(2900, 3100)), instance=_pod(w, res, moment),
              log_type="access")
    _ops(w, _t("10:40:05.204"), res, RESULTS_HPA)
    _rolled(w, res, 2, "ResultsApplication 5.2.0 started in {s} seconds")
    _ops(w, _t("10:45:10.330"), res, RESULTS_NOTE)
    w.log(_t("11:00:10.441"), res, "INFO", RATE_LIMIT, instance=RESULTS_ALL[1], change="config")
    for moment in _every(w, _t("11:00:20"), REFERENCE, 20, 60):
        w.log(moment, res, "WARN", FINISHERS.format(since=moment.strftime("%H:%M:%S"), status="429", ms=w.ms(1, 3)),
              instance=_pod(w, res, moment), log_type="access")
    w.alert("ResultsApi5xxHigh", res, "critical", _t("10:36"), _t("11:06"), RESULTS_5XX_ALERT,
            "成绩服务 5xx 比例 7.9%，超过阈值 2%", namespace=NS)


# --- Incident 6: refunds of orders older than a year -------------------------------------------------------------------------
def refund_overdue(w: WorldBuilder) -> None:
    pay = "mr-payment"
    pods = ROLLOUTS[pay][0][1]
    w.log(_y("19:40:10.118"), pay, "INFO", REFUND_SIZE, instance=pods[0], change="config")
    _ops(w, _y("20:00:05.204"), pay, REFUND_BATCH, job="refund-batch")
    for index, moment in enumerate(_every(w, _y("20:01"), _y("20:48"), 2, 6)):
        ch = w.rng.choice(CHANNELS[:2])
        order = f"{'4200' if ch == '微信支付' else '2088'}{w.rng.randint(10**11, 10**12 - 1)}"
        amount = w.rng.choice((100.0, 120.0, 60.0))
        if w.rng.random() < 0.33:
            w.log(moment, pay, "WARN", REFUND_FAIL.format(n=index + 1, reg=w.rng.randint(10**6, 10**7 - 1), amt=amount, ch=ch,
                                                          order=order, md=f"{w.rng.randint(8, 9):02d}-{w.rng.randint(1, 28):02d}"),
                  instance=w.rng.choice(pods), job="refund-batch")
        else:
            w.log(moment, pay, "INFO", REFUND_OK.format(n=index + 1, reg=w.rng.randint(10**6, 10**7 - 1), amt=amount, ch=ch,
                                                        order=order, md=f"0{w.rng.randint(3, 5)}-{w.rng.randint(1, 28):02d}"),
                  instance=w.rng.choice(pods), job="refund-batch")
    for moment in _every(w, _y("20:30"), _y("21:20"), 120, 300):
        w.log(moment, pay, "WARN", f"user feedback F{w.rng.randint(10**5, 10**6 - 1)}: 退赛退款显示失败，什么时候退回？",
              instance=w.rng.choice(pods))
    _ops(w, _y("21:20:10.330"), pay, REFUND_NOTE)
    w.alert("RefundFailureHigh", pay, "warning", _y("20:08"), _y("21:30"), "31.2%",
            "退款失败比例 31.2%，超过阈值 10%", namespace=NS)


# --- Incident 7: mini-run bibs without their race code -----------------------------------------------------------------------
def bib_qr_legacy(w: WorldBuilder) -> None:
    med = "mr-medical"
    w.log(_t("07:20:10.118"), med, "INFO", MEDICAL_DEPLOY, instance=ROLLOUTS[med][1][1][0], change="deploy")
    _rolled(w, med, 1, "MedicalApplication 1.9.0 started in {s} seconds")
    for moment in _every(w, _t("07:50"), REFERENCE, 200, 500):
        bib = _bib(w)
        race = "HM" if bib.startswith("H") else "FM"
        w.log(moment, med, "INFO", SCAN_OK.format(m=f"M{w.rng.randint(100, 480)}", st=f"MS-{w.rng.choice(('5', '10', '21', '30'))}",
                                                  race=race, bib=bib, name=f"{w.rng.choice('王李张刘陈')}**",
                                                  sex=w.rng.choice("男女"), year=w.rng.randint(1960, 2005),
                                                  blood=w.rng.choice(("A", "B", "O", "AB"))), instance=_pod(w, med, moment))
    for moment in _every(w, _t("08:24"), _t("09:34"), 200, 520):
        num = f"{w.rng.randint(1, 6000):05d}"
        medic = f"M{w.rng.randint(500, 540)}"
        st = f"MS-M{w.rng.randint(1, 3)}"
        w.log(moment, med, "INFO", SCAN_LEGACY.format(m=medic, st=st, km=st[-1], num=num, sex="男", year=w.rng.randint(1965, 1990),
                                                      blood=w.rng.choice(("A", "B", "O")), phone=_phone(w)),
              instance=_pod(w, med, moment))
        w.log(moment + dt.timedelta(seconds=w.rng.randint(40, 120)), med, "WARN",
              SCAN_WRONG.format(m=medic, st=st, num=num, who=w.rng.choice(("女, 约 30 岁", "男孩, 约 10 岁", "女孩, 约 12 岁",
                                                                               "女, 约 50 岁"))), instance=_pod(w, med, moment))
    _ops(w, _t("08:50:10.204"), med, MEDICAL_NOTE)
    w.log(_t("09:35:10.330"), med, "INFO", LEGACY_REJECT, instance=ROLLOUTS[med][1][1][1], change="config")
    w.alert("MedicalScanMismatch", med, "warning", _t("08:34"), _t("09:45"), "4 次/30分钟",
            "医疗扫码与本人不符 4 次/30分钟，超过阈值 3", namespace=NS)


# --- Incident 8: the insurer's age limit ----------------------------------------------------------------------------------
def insurer_age(w: WorldBuilder) -> None:
    vol = "mr-volunteer"
    pods = ROLLOUTS[vol][0][1]
    w.log(_y("23:00:10.118"), vol, "INFO", INS_BATCH, instance=pods[0], job="insurance-enrol")
    w.log(_y("23:02:40.204"), vol, "WARN", INS_RESULT, instance=pods[0], job="insurance-enrol")
    old = [(f"V{w.rng.randint(10000, 14999)}", w.rng.randint(66, 74), w.rng.choice(WATER)) for _ in range(60)]
    for index, (v, age, water) in enumerate(old[:20]):
        w.log(_y("23:02:41") + dt.timedelta(seconds=index), vol, "INFO", INS_REJECT.format(v=v, age=age, w=water),
              instance=pods[0], trace=False)
    w.log(_t("04:40:10.330"), vol, "INFO", GEOFENCE, instance=pods[1], change="config")
    for moment in _every(w, _t("04:50"), _t("07:10"), 6, 20):
        post = w.rng.choice((*[f"水站 {x}" for x in WATER], "起点存包", "终点医疗", "赛道 K12 护栏", "起点检录"))
        w.log(moment, vol, "INFO", CHECKIN_OK.format(v=f"V{w.rng.randint(10000, 14999)}", post=post,
                                                    score=f"0.{w.rng.randint(90, 99)}", d=w.rng.randint(5, 280)),
              instance=w.rng.choice(pods))
    for moment in _every(w, _t("05:02"), _t("06:05"), 15, 45):
        v, _age, water = w.rng.choice(old)
        w.log(moment, vol, "WARN", CHECKIN_REFUSED.format(v=v, w=water), instance=w.rng.choice(pods))
    _ops(w, _t("05:40:10.441"), vol, VOL_NOTE)
    w.log(_t("06:05:20.551"), vol, "INFO", INS_FIX, instance=pods[0], job="insurance-enrol")
    w.alert("VolunteerCheckinRefused", vol, "warning", _t("05:12"), _t("06:18"), "38 次/10分钟",
            "志愿者签到被拒 38 次/10分钟，超过阈值 20", namespace=NS)


# --- Incident 9: the wave's gun time by hand ---------------------------------------------------------------------------------
def gun_manual(w: WorldBuilder) -> None:
    timing, res = "mr-timing", "mr-results"
    tp = ROLLOUTS[timing][1][1]
    w.log(_t("07:38:09.118"), timing, "WARN", GUN_MISSED, instance=tp[0], trace=False)
    w.log(_t("07:38:06.910"), timing, "INFO", FIRST_B, instance=tp[2], trace=False)
    w.log(_t("07:41:30.204"), timing, "INFO", GUN_MANUAL, instance=tp[0], trace=False, change="ops")
    w.log(_t("08:40:10.330"), res, "INFO", PUBLISH_DELAY, instance=ROLLOUTS[res][0][1][0], change="config")
    for moment in _every(w, _t("08:50"), _t("10:18"), 25, 70):
        chip = dt.timedelta(minutes=w.rng.randint(72, 150), seconds=w.rng.randint(0, 59))
        lag = w.rng.uniform(5, 300)
        gun = chip + dt.timedelta(seconds=484.22 + lag)
        w.log(moment, res, "WARN", GAP_WARN.format(bib=f"H{w.rng.randint(35001, 39999)}", gun=_clock(gun), chip=_clock(chip),
                                                   gap=484.22 + lag), instance=_pod(w, res, moment), trace=False)
    for moment in _every(w, _t("09:10"), _t("10:20"), 200, 500):
        w.log(moment, res, "WARN", GUN_COMPLAINT.format(c=f"C{w.rng.randint(10**5, 10**6 - 1)}", bib=f"H{w.rng.randint(35001, 39999)}"),
              instance=_pod(w, res, moment))
    _ops(w, _t("09:40:10.441"), res, GUN_NOTE)
    w.log(_t("10:18:20.551"), timing, "INFO", GUN_FIX, instance=tp[1], trace=False, change="ops")
    w.log(_t("10:22:10.118"), res, "INFO", GUN_RECOMPUTE, instance=RESULTS_ALL[0], trace=False)
    w.alert("ResultsGunChipGapHigh", res, "warning", _t("09:02"), _t("10:26"), "23 条/10分钟",
            "成绩枪声-净成绩差异告警 23 条/10分钟，超过阈值 20", namespace=NS)


def _clock(delta: dt.timedelta) -> str:
    seconds = delta.total_seconds()
    return f"{int(seconds // 3600)}:{int(seconds % 3600 // 60):02d}:{seconds % 60:04.1f}"


# --- Incident 10: the ballot archive job -------------------------------------------------------------------------------------
NOTFOUND_SERIES: Keyframes = [(START, 0), (_y("08:15"), 0), (_y("08:40"), 12), (_y("09:30"), 33), (_y("10:11"), 50),
                              (_y("10:12"), NOTFOUND_PEAK), (_y("10:13"), 49), (_y("12:00"), 30), (_y("14:00"), 22),
                              (_y("14:40"), 18), (_y("14:45"), 0), (REFERENCE, 0)]


def ballot_archive(w: WorldBuilder) -> None:
    reg = "mr-registration"
    w.log(_y("07:50:10.118"), reg, "INFO", REG_DEPLOY, instance=ROLLOUTS[reg][1][1][0], change="deploy")
    _rolled(w, reg, 1, "RegistrationApplication 4.1.2 started in {s} seconds")
    w.log(_y("08:05:10.204"), reg, "INFO", ARCHIVE, instance="reg-dba", trace=False, job="arc-2027")
    for index in range(14):
        status = "WAITLIST_WIN" if index % 3 == 1 else "LOSE"
        w.log(_y("08:05:11") + dt.timedelta(seconds=index * 7), reg, "INFO",
              ARCHIVED.format(reg=w.rng.randint(10**6, 10**7 - 1), status=status, race=w.rng.choice(("FM", "HM"))),
              instance="reg-dba", trace=False)
    for moment in _every(w, _y("08:20"), _y("14:40"), 5, 20):
        w.log(moment, reg, "WARN", NOT_FOUND.format(u=w.rng.randint(10**7, 10**8 - 1), ms=w.ms(10, 40)),
              instance=_pod(w, reg, moment), log_type="access")
    for moment in _every(w, _y("08:40"), _y("14:30"), 300, 900):
        w.log(moment, reg, "WARN", REG_COMPLAINT.format(f=w.rng.randint(10**5, 10**6 - 1)), instance=_pod(w, reg, moment))
    _ops(w, _y("11:20:10.330"), reg, REG_NOTE)
    _ops(w, _y("14:40:20.441"), reg, REG_RESTORE)
    w.alert("RegistrationNotFoundHigh", reg, "warning", _y("08:40"), _y("14:50"), NOTFOUND_ALERT,
            "报名查询 REG_NOT_FOUND 12 次/分钟，超过阈值 10", namespace=NS)


# --- Unrelated: the 40K reader's battery, a rehearsal's CPU; the healthy services' changes -----------------------------------
def other_events(w: WorldBuilder) -> None:
    timing = "mr-timing"
    for index, moment in enumerate(_every(w, _t("10:00"), REFERENCE, 580, 620)):
        w.log(moment, timing, "WARN" if index >= 4 else "INFO", BATTERY.format(b=max(31 - 3 * index, 16), r=w.rng.randint(70, 80)),
              instance="R-40K-B", trace=False)
    w.alert("TimingReaderBatteryLow", timing, "warning", _t("10:50"), None, "19%",
            "读卡器 R-40K-B 电量 19%，低于 20%（备用电池已派送）", namespace=NS, reader="R-40K-B")
    w.alert("HostCpuHigh", "mr-k8s-node", "warning", _y("23:30"), _y("23:58"), "89%",
            "mr-k8s-node-03 CPU 89%（成绩系统赛前演练）", instance="mr-k8s-node-03")
    w.log(_t("09:40:10.118"), "mr-photo", "INFO", PHOTO_DEPLOY, instance=ROLLOUTS["mr-photo"][1][1][0], change="deploy")
    _rolled(w, "mr-photo", 1, "PhotoApplication 3.0.4 started in {s} seconds")
    w.log(_t("06:10:10.204"), "mr-shuttle", "INFO", SHUTTLE_CFG, instance=ROLLOUTS["mr-shuttle"][0][1][0], change="config")


# --- Kubernetes state at 11:30 -----------------------------------------------------------------------------------------------
STEADY = (
    ("mr-registration", 41, "2027-11-06T07:50:10+08:00", "release mr-registration 4.1.2 (pipeline #2274)", "4.1.2"),
    ("mr-bib", 12, "2027-10-20T22:00:00+08:00", "release mr-bib 1.6.0", "1.6.0"),
    ("mr-kit", 37, "2027-11-07T05:20:10+08:00", "release mr-kit 2.8.3 (pipeline #2286)", "2.8.3"),
    ("mr-timing", 29, "2027-11-07T06:30:10+08:00", "release mr-timing 3.4.1 (pipeline #2291)", "3.4.1"),
    ("mr-medical", 18, "2027-11-07T07:20:10+08:00", "release mr-medical 1.9.0 (pipeline #2289)", "1.9.0"),
    ("mr-volunteer", 22, "2027-10-28T22:00:00+08:00", "release mr-volunteer 2.2.5", "2.2.5"),
    ("mr-payment", 53, "2027-10-25T22:00:00+08:00", "release mr-payment 3.7.2", "3.7.2"),
    ("mr-notify", 15, "2027-10-12T22:00:00+08:00", "release mr-notify 1.5.0", "1.5.0"),
    ("mr-photo", 24, "2027-11-07T09:40:10+08:00", "release mr-photo 3.0.4 (pipeline #2293)", "3.0.4"),
    ("mr-shuttle", 9, "2027-10-30T22:00:00+08:00", "release mr-shuttle 1.3.1", "1.3.1"),
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
    for service, pods, revision, changed, tag in (("mr-tracking", TRACK_ALL, 33, "2027-11-04T22:00:00+08:00", "2.6.1"),
                                                  ("mr-results", RESULTS_ALL, 47, "2027-11-07T10:10:10+08:00", "5.2.0")):
        for pod in pods:
            w.pod(namespace=NS, name=pod, service=service, phase="Running", ready="1/1", restarts=0, last_termination=None,
                  waiting_reason=None, node=node_of(pod), observed_at=REFERENCE)
        _deployment(w, service, revision, changed, f"release {service} {tag}", tag, pods)
    hour_ago = REFERENCE - dt.timedelta(hours=1)
    for index, pod in enumerate(ON_BAD_NODE):
        w.event(type="Warning", reason="Unhealthy", object=f"Pod/{pod}",
                message=f"Readiness probe failed: Get \"http://10.30.65.{40 + index}:8080/readyz\": context deadline exceeded "
                        "(Client.Timeout exceeded while awaiting headers)",
                count=14 + 3 * index, first_seen=hour_ago + dt.timedelta(minutes=2 + index),
                last_seen=REFERENCE - dt.timedelta(minutes=1, seconds=13 * index))
    w.event(type="Normal", reason="SuccessfulRescale", object="HorizontalPodAutoscaler/mr-results",
            message="New size: 12; reason: cpu resource utilization (percentage of request) above target", count=1,
            first_seen=_t("10:40:05"), last_seen=_t("10:40:05"))
    for index, pod in enumerate(RESULTS_ALL[6:]):
        w.event(type="Normal", reason="Scheduled", object=f"Pod/{pod}",
                message=f"Successfully assigned {NS}/{pod} to {node_of(pod)}", count=1,
                first_seen=_t("10:40:06") + dt.timedelta(seconds=index), last_seen=_t("10:40:06") + dt.timedelta(seconds=index))


# --- Metrics -----------------------------------------------------------------------------------------------------------------
def build_metrics(w: WorldBuilder) -> None:
    race = [(_t("05:00"), REFERENCE)]
    expo = [(_y("08:00"), _y("15:00"))]
    w.series("tracking_stale_position_ratio", "mr-tracking", "%", STALE_SERIES, start=START, fine=race, spread=0.8, digits=1,
             threshold=5)
    w.series("tracking_redis_timeouts_per_min", "mr-tracking", "次/分钟",
             [(START, 0), (_t("07:21"), 0), (_t("07:25"), 180), (_t("08:30"), 420), (_t("09:30"), 390), (REFERENCE, 360)],
             start=START, fine=race, spread=20, digits=0)
    w.series("timing_unknown_chip_reads_per_min", "mr-timing", "次/分钟", CHIP_SERIES, start=START, fine=race, spread=15,
             digits=0, threshold=50)
    w.series("timing_reads_per_min", "mr-timing", "次/分钟",
             [(START, 0), (_t("07:29"), 0), (_t("07:40"), 9200), (_t("08:30"), 14800), (_t("10:00"), 12100),
              (REFERENCE, 9800)], start=START, fine=race, spread=300, digits=0)
    w.series("kit_terminals_online", "mr-kit", "台", TERMINAL_SERIES, start=START, fine=expo, digits=0)
    w.series("kit_bagdrop_rejects_per_10m", "mr-kit", "次", BAG_SERIES, start=START, fine=race, spread=3, digits=0, threshold=20)
    w.series("results_requests_per_sec", "mr-results", "次/秒", RATE_SERIES, start=START, fine=race, spread=25, digits=0)
    w.series("results_http_5xx_ratio", "mr-results", "%",
             [(START, 0.05), (_t("10:30"), 0.1), (_t("10:36"), 7.9), (_t("10:50"), 14.6), (_t("10:59"), 12.0),
              (_t("11:03"), 0.4), (REFERENCE, 0.1)], start=START, fine=race, spread=0.3, digits=1, threshold=2)
    w.series("results_gun_chip_gap_warnings_per_10m", "mr-results", "条",
             [(START, 0), (_t("08:48"), 0), (_t("09:02"), 23), (_t("09:40"), 41), (_t("10:18"), 30), (_t("10:24"), 0),
              (REFERENCE, 0)], start=START, fine=race, spread=2, digits=0, threshold=20)
    w.series("payment_refund_failure_ratio", "mr-payment", "%",
             [(START, 0.2), (_y("20:00"), 0.2), (_y("20:08"), 31.2), (_y("20:40"), 33.0), (_y("21:20"), 30.1),
              (_y("21:30"), 0.3), (REFERENCE, 0.2)], start=START, fine=[(_y("19:50"), _y("21:40"))], spread=1.0, digits=1,
             threshold=10)
    w.series("medical_scan_mismatch_per_30m", "mr-medical", "次",
             [(START, 0), (_t("08:20"), 0), (_t("08:34"), 4), (_t("09:00"), 7), (_t("09:35"), 6), (_t("09:45"), 0),
              (REFERENCE, 0)], start=START, fine=race, digits=0, threshold=3)
    w.series("volunteer_checkin_refused_per_10m", "mr-volunteer", "次",
             [(START, 0), (_t("05:00"), 0), (_t("05:12"), 38), (_t("05:40"), 52), (_t("06:05"), 40), (_t("06:15"), 1),
              (REFERENCE, 0)], start=START, fine=race, spread=3, digits=0, threshold=20)
    w.series("registration_not_found_per_min", "mr-registration", "次/分钟", NOTFOUND_SERIES, start=START, fine=expo, spread=3,
             digits=0, threshold=10)
    w.series("timing_reader_battery_percent", "mr-timing", "%",
             [(START, 100), (_t("07:00"), 98), (_t("10:00"), 31), (_t("10:50"), 19), (REFERENCE, 16)], start=START, digits=0,
             reader="R-40K-B")
    for service, p99, threshold in (("mr-photo", 900, 5000), ("mr-shuttle", 160, 1000)):
        w.series("http_5xx_ratio", service, "%", [(START, 0.03), (_t("08:30"), 0.22), (_t("10:30"), 0.35), (REFERENCE, 0.12)],
                 start=START, spread=0.03, digits=2, threshold=2)
        w.series("http_p99_latency", service, "ms", [(START, p99 - 60), (_t("06:00"), p99 + 180), (_t("10:40"), p99 + 420),
                                                     (REFERENCE, p99 + 200)], start=START, spread=20, digits=0,
                 threshold=threshold)


# --- Runbooks ---------------------------------------------------------------------------------------------------------------
RUNBOOKS: list[tuple[str, str, str]] = [
    ("runbooks/tracking/stale.md", "跑者位置不更新处理手册", runbook(
        "跑者位置不更新处理手册", "适用于 mr-tracking 亲友追踪中跑者位置长时间不更新。",
        ["TrackingPositionStaleHigh：位置超过 5 分钟未更新的跑者比例超过 5%"],
        ["看计时分段是否正常到达（mr-timing 读数）。", "按 Pod 看位置写入 Redis 的错误与耗时，出错的 Pod 在哪些节点上。",
         "看 Redis 的连接数、内存与访问控制。"],
        ["计时读数中断。", "部分 Pod 连不上 Redis（网络、访问控制）。", "消费组积压。"],
        ["把出错的 Pod 迁走或修复其网络访问；必要时重置消费位点重算位置。"])),
    ("runbooks/timing/unknown-chip.md", "未知芯片读数处理手册", runbook(
        "未知芯片读数处理手册", "适用于 mr-timing 计时垫读到不属于任何号码布的芯片。",
        ["TimingUnknownChipHigh：未知芯片读数超过 50 次/分钟"],
        ["看未知芯片集中在哪个出发区、哪个号段。", "在 mr-bib 中核对该号段的芯片号 chip_code 与读卡器读到的芯片号格式。",
         "看芯片对照表最近的导入记录。"],
        ["芯片对照表缺失或格式错误。", "跑者换了号码布。", "读卡器读到场外芯片。"],
        ["更正并重新导入芯片对照表，孤儿读数重新匹配。"])),
    ("runbooks/kit/terminals.md", "领物终端离线处理手册", runbook(
        "领物终端离线处理手册", "适用于 mr-kit 领物终端心跳丢失、领物改人工。",
        ["PickupTerminalsOffline：领物终端离线超过 4 台"],
        ["看离线终端是否同一区域、同一网络。", "看终端恢复后上报的离线期间错误。", "与场馆网络值班确认 Wi-Fi 策略。"],
        ["场馆网络故障或认证策略。", "终端断电。", "API 服务不可用。"],
        ["切换到人工登记；恢复网络后终端会补传离线领物记录。"])),
    ("runbooks/kit/bagdrop.md", "存包拒收处理手册", runbook(
        "存包拒收处理手册", "适用于 mr-kit 起点存包 PDA 拒收。",
        ["BagDropRejectsHigh：存包拒收超过 20 次/10分钟"],
        ["看拒收原因码与跑者的物资状态 kit_status。", "看这些跑者是怎样领的物资（本人、代领、团领）。"],
        ["跑者未领物。", "物资状态未更新。", "PDA 离线。"],
        ["核实身份后人工存包，修正物资状态。"])),
    ("runbooks/results/5xx.md", "成绩服务 5xx 处理手册", runbook(
        "成绩服务 5xx 处理手册", "适用于 mr-results 成绩查询 5xx 比例升高。",
        ["ResultsApi5xxHigh：5xx 比例超过 2%"],
        ["看请求量是否突增，按接口、key、referer 分组。", "看 results-db 连接池与慢查询。"],
        ["查询量突增（合作方、爬虫）。", "数据库慢。", "发布问题。"],
        ["对异常来源限流；扩容。"])),
    ("runbooks/results/gun-gap.md", "枪声成绩与净成绩差异处理手册", runbook(
        "枪声成绩与净成绩差异处理手册", "适用于 mr-results 枪声成绩与净成绩差异超过出发区时间窗。",
        ["ResultsGunChipGapHigh：枪声-净成绩差异告警超过 20 条/10分钟"],
        ["看告警集中在哪个出发区（wave）。", "在 mr-timing 出发时间表核对该出发区的发令时间与来源，和起点第一条读数对比。"],
        ["发令时间错误。", "起点计时垫漏读。"],
        ["更正发令时间并重算成绩。"])),
    ("runbooks/payment/refund.md", "退款失败处理手册", runbook(
        "退款失败处理手册", "适用于 mr-payment 批量退款失败比例升高。",
        ["RefundFailureHigh：退款失败比例超过 10%"],
        ["看失败的错误码与渠道。", "看失败订单的支付时间、报名来源。"],
        ["渠道限制（退款期限、余额）。", "订单状态不符。"],
        ["无法原路退回的改走银行转账。"])),
    ("runbooks/medical/scan.md", "医疗扫码信息不符处理手册", runbook(
        "医疗扫码信息不符处理手册", "适用于 mr-medical 医疗志愿者扫号码布调出的跑者信息与本人不符。",
        ["MedicalScanMismatch：扫码信息不符超过 3 次/30分钟"],
        ["看不符集中在哪些医疗点、哪个赛事项目。", "看扫码的二维码内容与解析结果。"],
        ["号码布二维码内容与解析规则不一致。", "跑者互换号码布。"],
        ["停用有问题的解析规则，改为手输号码并核对本人。"])),
    ("runbooks/volunteer/checkin.md", "志愿者签到被拒处理手册", runbook(
        "志愿者签到被拒处理手册", "适用于 mr-volunteer 赛日签到被拒。",
        ["VolunteerCheckinRefused：签到被拒超过 20 次/10分钟"],
        ["看被拒原因码（人脸、地理围栏、保险）。", "看前一晚团体意外险投保结果。"],
        ["未投保。", "人脸比对失败。", "不在岗位范围内。"],
        ["补投保后重新签到；人工核验。"])),
    ("runbooks/registration/not-found.md", "报名查询不到处理手册", runbook(
        "报名查询不到处理手册", "适用于 mr-registration 电子参赛证 REG_NOT_FOUND 升高。",
        ["RegistrationNotFoundHigh：REG_NOT_FOUND 超过 10 次/分钟"],
        ["看查不到的选手有什么共同点（中签方式、项目）。", "看报名库最近的数据操作（归档、迁移）。"],
        ["报名记录被误归档或删除。", "缓存未刷新。"],
        ["从归档恢复记录。"])),
    ("runbooks/timing/battery.md", "读卡器电量低处理手册", runbook(
        "读卡器电量低处理手册", "适用于 mr-timing 读卡器电量低。",
        ["TimingReaderBatteryLow"], ["看读卡器电量曲线。"], ["电池老化。"], ["派送备用电池并更换。"])),
    ("runbooks/shuttle/bus.md", "接驳车晚点处理手册", runbook(
        "接驳车晚点处理手册", "适用于接驳巴士晚点。",
        ["ShuttleBusLate"], ["看车辆 GPS。"], ["道路管制。"], ["调度备用大巴。"])),
]


def build_bundle(seed: int = SEED) -> Json:
    w = WorldBuilder(seed=seed, day=DAY, tz=TZ, reference=REFERENCE, instances=INSTANCES,
                     labels={"env": "prod", "cluster": "mr-prod", "region": "cn-east-2"})
    for service, (make, every) in NOISE.items():
        w.noise(service, make, START, every_s=every)
    vswitch_whitelist(w)
    chip_zeros(w)
    captive_portal(w)
    proxy_pending(w)
    sponsor_h5(w)
    refund_overdue(w)
    bib_qr_legacy(w)
    insurer_age(w)
    gun_manual(w)
    ballot_archive(w)
    other_events(w)
    k8s_state(w)
    build_metrics(w)
    documents = [{"title": title, "source": source, "content": content} for source, title, content in RUNBOOKS]
    return w.bundle(name="JinLing 金陵城市马拉松 2027-11-07", services=SERVICES, documents=documents)


# --- Questions --------------------------------------------------------------------------------------------------------------
#: Each incident's own words: in another incident's answer, a misattribution.
FAMILY = {
    "vswitch": ("vsw-race-h", "CLD-1106-03"),
    "chips": ("CM-1106-02", "chipmap_waveC_v2.csv"),
    "portal": ("JLEXPO-STAFF", "portal.jlexpo.com.cn"),
    "proxy": ("PROXY_PENDING", "KIT_NOT_PICKED_UP"),
    "sponsor": ("PK-JM-LEADER", "jinmai-cheer"),
    "refund": ("TRADE_OVERDUE", "RF-1106-W"),
    "scan": ("legacy format", "JLM27-"),
    "insurer": ("AGE_OUT_OF_RANGE", "GA-2027B"),
    "gun": ("gun_time=07:30:00.00", "timing_op_chenxi"),
    "archive": ("ARC-2027", "WAITLIST_WIN"),
}
#: The remedies of the runbooks for problems that did not happen.
UNRELATED_REMEDIES = ("派送备用电池并更换", "调度备用大巴")
FIRING = ("TrackingPositionStaleHigh", "TimingReaderBatteryLow")
INCIDENT_WORDS = tuple(word for words in FAMILY.values() for word in words)


def _not(*own: str, told: tuple[str, ...] = ()) -> tuple[str, ...]:
    """The other incidents' words, plus the unrelated runbooks' remedies — less ``told``: another incident's words the asked
    service itself logs (the kit service logs both its incidents; the results service both of its own; the timing service
    logs the wave start table), which name no misattribution when an answer quotes them."""
    return tuple(word for family, words in FAMILY.items() if family not in own for word in words
                 if word not in told) + UNRELATED_REMEDIES


QUESTIONS: tuple[WorldQuestion, ...] = (
    WorldQuestion(
        "marathon_tracking_stale_cause",
        "七点半开枪以后好多家属说亲友追踪里跑者的位置一直卡着不动，刷新也没用，追踪服务这是怎么了？", "cause",
        asked_facts=(fact("i/o timeout", "served stale position", "stale", "位置未更新", "超时"),),
        cause_facts=(fact(BAD_NODE, "node-11"),
                     fact("vsw-race-h", "10.30.64.0/20", "security_ips", "白名单", "whitelist", "CLD-1106-03")),
        forbidden=_not("vswitch"), service="mr-tracking",
        diagnosis="昨天 16:20 cloud_ops_zhaolei 因可用区 G 库存不足把新交换机 vsw-race-h（10.30.64.0/20，可用区 H）加进节点池"
                  "（CLD-1106-03），而托管 Redis r-jlm-track 的白名单只有 10.30.0.0/18 和 10.31.0.0/20；07:18 HPA 把 mr-tracking "
                  "从 6 扩到 10，autoscaler 在新交换机里加了 mr-k8s-node-11，新的 4 个 Pod 都在这台节点上，连 Redis i/o timeout，"
                  "它们消费的跑者位置更新被丢弃、位置停在起点，告警到现在仍在触发。其他节点上的 6 个 Pod 正常。07:10 的 "
                  "tracking.push.interval-sec 配置不是原因",
    ),
    WorldQuestion(
        "marathon_timing_unknown_chip_cause",
        "今天早上全程 C 区好多跑者在 App 里一个分段成绩都没有，计时那边是不是芯片出问题了？", "cause",
        asked_facts=(fact("unknown chip", "未知芯片", "orphan pool"),),
        cause_facts=(fact("CM-1106-02", "chipmap_waveC_v2.csv", "chip map", "芯片对照表"),
                     fact("前导零", "leading zero", "chip_code=4718203", "7 位")),
        forbidden=_not("chips", told=FAMILY["gun"]), service="mr-timing",
        diagnosis="昨晚 21:40 bib_ops_lina 导入 远驰计时 的更正芯片对照表 CM-1106-02（chipmap_waveC_v2.csv，在表格软件里另存过），"
                  "C20001-C21800 的芯片号丢了前导零（chip_code=4718203，读卡器读到的是 0004718203）→ C 区 07:46 出发后这些芯片的"
                  "读数全是 unknown chip、进孤儿池，跑者没有分段，最高 812 次/分钟。09:08 补零重导 CM-1107-01，孤儿读数重新匹配。"
                  "06:30 的 mr-timing 3.4.1 发布不是原因",
    ),
    WorldQuestion(
        "marathon_kit_terminals_offline_cause",
        "昨天中午十二点多领物区的终端突然全都掉线了，选手只能手写登记，领物系统那会儿怎么了？", "cause",
        asked_facts=(fact("heartbeat missing", "离线", "offline", "paper form"),),
        cause_facts=(fact("portal.jlexpo.com.cn", "JLEXPO-STAFF", "captive portal", "认证", "portal"),
                     fact("240 min", "240 分钟", "4 小时", "session")),
        forbidden=_not("portal", told=FAMILY["proxy"]), service="mr-kit",
        diagnosis="领物终端 08:02 起登录会展中心 Wi-Fi JLEXPO-STAFF，认证页（portal）会话 240 分钟；12:00 起会话陆续到期，portal "
                  "劫持终端的 HTTPS（x509: certificate is valid for portal.jlexpo.com.cn），24 台终端心跳丢失，领物改手写登记；12:58 "
                  "场馆网络对终端 MAC 免认证，13:01-13:08 终端恢复并补传。11:40 的 kit.queue.screen.refresh-sec 配置不是原因",
    ),
    WorldQuestion(
        "marathon_bagdrop_refused_cause",
        "今天一早起点存包，好多跑者被 PDA 拒收，说没领物，可人家明明穿着号码布，存包这边怎么回事？", "cause",
        asked_facts=(fact("KIT_NOT_PICKED_UP", "拒收", "refused"),),
        cause_facts=(fact("PROXY_PENDING"),
                     fact("团领", "team pick-up", "TP-0", "跑团")),
        forbidden=_not("proxy", told=FAMILY["portal"]), service="mr-kit",
        diagnosis="昨天 17:05-19:30 36 个跑团团领了 2,140 份物资，团领把跑者的 kit_status 置为 PROXY_PENDING（等跑者在小程序确认）；"
                  "存包只收 PICKED_UP → 05:46 起这些跑者被拒 KIT_NOT_PICKED_UP、转人工存包台。06:58 存包放行 PROXY_PENDING，07:05 "
                  "批量确认。05:20 的 mr-kit 2.8.3 发布不是原因",
    ),
    WorldQuestion(
        "marathon_results_503_cause",
        "十点半以后成绩查询大量 503，选手都查不到自己的成绩，成绩服务怎么了？", "cause",
        asked_facts=(fact("503", "5xx"),),
        cause_facts=(fact("PK-JM-LEADER", "金麦", "jinmai-cheer"),
                     fact("/open/v1/finishers", "H5", "合作方", "请求量")),
        forbidden=_not("sponsor", told=()), service="mr-results",
        diagnosis="10:28 起冠名赞助商 金麦乳业 的加油 H5（h5.jinmai-cheer.cn）在每个观众的浏览器里用合作方 key PK-JM-LEADER（原本发给"
                  "一个服务端排行榜）轮询 /open/v1/finishers，请求量最高 6420 次/秒（10:47），results-db 连接池占满，选手自己的"
                  "成绩查询 503；11:00 对该 key 限流 20/s。10:10 的 mr-results 5.2.0 发布不是原因",
    ),
    WorldQuestion(
        "marathon_refund_failed_cause",
        "昨晚的退赛退款批次失败了一大片，选手都在问钱什么时候退回来，支付这边怎么回事？", "cause",
        asked_facts=(fact("TRADE_OVERDUE", "超过退款期限"),),
        cause_facts=(fact("deferred_from=2026", "DEF-2026", "延期"),
                     fact("paid 2026", "2026 年", "去年", "超过一年")),
        forbidden=_not("refund"), service="mr-payment",
        diagnosis="20:00 fin_ops_gaoli 建退赛退款批次 RF-1106-W（3,412 笔，原路退回）；其中 1,126 人是从 2026 年延期到今年的"
                  "（DEF-2026），原支付订单已超过一年，微信支付/支付宝拒绝 TRADE_OVERDUE（订单已超过退款期限）；21:20 改走银行转账"
                  "（TR-1106）。19:40 的 refund.batch.size 配置不是原因",
    ),
    WorldQuestion(
        "marathon_medical_scan_mismatch_cause",
        "迷你跑那边的医疗点说扫号码布调出来的信息跟本人对不上，男女、年龄都不对，医疗调度系统怎么了？", "cause",
        asked_facts=(fact("不符", "mismatch", "对不上"),),
        cause_facts=(fact("JLM27-", "no race code", "legacy format", "赛事代码"),
                     fact("全程", "RESOLVE_FM")),
        forbidden=_not("scan"), service="mr-medical",
        diagnosis="迷你跑号码布的二维码里没有赛事代码（JLM27-03417，正常是 JLM27|MR|M03417），医疗扫码把它当旧格式（legacy "
                  "format）按全程解析 → 调出全程 A03417 的信息（男、四五十岁），与面前的迷你跑跑者不符；09:35 停用旧格式解析，迷你跑"
                  "医疗点改手输号码。07:20 的 mr-medical 1.9.0 发布不是原因",
    ),
    WorldQuestion(
        "marathon_volunteer_checkin_cause",
        "凌晨五点志愿者签到，好多水站的老志愿者被系统拒绝上岗，志愿者系统出什么事了？", "cause",
        asked_facts=(fact("NOT_INSURED", "未投保"),),
        cause_facts=(fact("AGE_OUT_OF_RANGE", "GA-2027B", "16-65", "年龄"),
                     fact("INS-1107", "安康保险", "保险")),
        forbidden=_not("insurer"), service="mr-volunteer",
        diagnosis="昨晚 23:00 团体意外险投保 INS-1107 走了 安康保险 的新产品 GA-2027B（承保 16-65 岁），212 名 65 岁以上的志愿者被拒"
                  "（AGE_OUT_OF_RANGE）、状态 UNINSURED → 05:00 签到时被拒 NOT_INSURED（未投保不得上岗），水站缺人；06:05 改投 "
                  "GA-2027A（16-75 岁）补保。04:40 的 volunteer.checkin.geofence-m 配置不是原因",
    ),
    WorldQuestion(
        "marathon_unknown_chip_quantity", "C 区出发那会儿，计时垫上的未知芯片读数最多的时候每分钟多少次？", "quantity",
        asked_facts=(fact(str(CHIP_PEAK), "812 次"),), forbidden=_not("chips", told=FAMILY["gun"]),
        service="mr-timing", peak=Peak("mr-timing", "timing_unknown_chip_reads_per_min", CHIP_PEAK),
        diagnosis="timing_unknown_chip_reads_per_min 峰值 812 次/分钟（07:53）；TimingUnknownChipHigh 触发时是 126。起因是芯片对照表 "
                  "CM-1106-02 的芯片号丢了前导零",
    ),
    WorldQuestion(
        "marathon_results_rate_quantity", "十点半以后成绩服务的请求量最高到了每秒多少？", "quantity",
        asked_facts=(fact(str(RATE_PEAK), "6,420"),), forbidden=_not("sponsor"),
        service="mr-results", peak=Peak("mr-results", "results_requests_per_sec", RATE_PEAK),
        diagnosis="results_requests_per_sec 峰值 6420 次/秒（10:47）；ResultsApi5xxHigh 触发时 5xx 比例 7.9%。起因是赞助商 H5 用合作方 "
                  "key PK-JM-LEADER 轮询 /open/v1/finishers",
    ),
    WorldQuestion(
        "marathon_registration_notfound_quantity", "昨天报名系统查不到电子参赛证的请求，最多的时候每分钟有多少次？", "quantity",
        asked_facts=(fact(str(NOTFOUND_PEAK), "57 次"),), forbidden=_not("archive"),
        service="mr-registration", peak=Peak("mr-registration", "registration_not_found_per_min", NOTFOUND_PEAK),
        diagnosis="registration_not_found_per_min 峰值 57 次/分钟（周六 10:12）；RegistrationNotFoundHigh 触发时是 12。起因是 08:05 "
                  "的归档任务 ARC-2027 按 lottery_status != 'WIN' 把候补中签（WAITLIST_WIN）的 620 条报名也归档了，14:40 恢复",
    ),
    WorldQuestion(
        "marathon_results_gun_existence", "成绩服务今天九点多是不是报过警？好几个半程选手说短信里的枪声成绩多了八分钟。", "existence",
        asked_facts=(fact("ResultsGunChipGapHigh"),),
        cause_facts=(fact("gun_time=07:30:00.00", "07:30:00.00", "timing_op_chenxi", "手工", "manually"),
                     fact("07:38:04.22", "07:38")),
        forbidden=_not("gun", told=FAMILY["sponsor"]), service="mr-results",
        diagnosis="报过：ResultsGunChipGapHigh 09:02 触发、10:26 恢复。07:38 半程 B 区发令时 SP-02 发令盒没有把信号传给计时，"
                  "timing_op_chenxi 07:41 手工把 HM-B 的发令时间录成 07:30:00.00（A 区的时间），实际是 07:38:04.22 → 半程 B 区所有"
                  "枪声成绩多 8 分多钟；10:18 按起点视频更正，10:22 重算。08:40 的 results.publish.delay-sec 配置不是原因",
    ),
    WorldQuestion(
        "marathon_photo_healthy", "有跑友说以脸搜图搜不到自己的照片，赛事照片服务今天有没有报错或者告警？", "existence",
        asked_facts=(HEALTHY,), forbidden=INCIDENT_WORDS, service="mr-photo", healthy=True,
        diagnosis="没有：mr-photo 只有以脸搜图、摄影师上传的 INFO 和 EXIF 时间缺失的 WARN，5xx、p99 远低于阈值，无告警；09:40 的 "
                  "3.0.4 发布与各故障无关（照片要等摄影师上传后才搜得到）",
    ),
    WorldQuestion(
        "marathon_shuttle_healthy", "接驳巴士预约今天早上有没有出问题？有没有告警？", "existence",
        asked_facts=(HEALTHY,), forbidden=INCIDENT_WORDS, service="mr-shuttle", healthy=True,
        diagnosis="没有：mr-shuttle 只有预约与车辆 GPS 的 INFO 和座位已满候补的 WARN，5xx、p99 低于阈值，无告警；06:10 的 "
                  "shuttle.seat.release-min 配置与此无关",
    ),
    WorldQuestion(
        "marathon_alert_listing", "现在还有哪些告警没恢复？列一下。", "listing",
        asked_facts=tuple(fact(name) for name in FIRING), forbidden=("mr-photo", "mr-shuttle"),
        diagnosis="2 条：TrackingPositionStaleHigh（07:32 起，mr-tracking，node-11 上的 4 个 Pod 连不上 Redis）、"
                  "TimingReaderBatteryLow（10:50 起，40K 读卡器 R-40K-B 电量低，备用电池派送中，与各故障无关）；其余告警都已恢复",
    ),
    WorldQuestion(
        "marathon_results_changes_listing", "成绩服务从昨天到现在都做过哪些变更？发版和配置都列一下。", "listing",
        asked_facts=(fact("results.publish.delay-sec"), fact("5.2.0"), fact("results.openapi.rate-limit.PK-JM-LEADER", "20/s")),
        forbidden=_not("sponsor", "gun"), service="mr-results",
        diagnosis="三次：08:40 results.publish.delay-sec 60 -> 30、10:10 发布 5.2.0、11:00 results.openapi.rate-limit.PK-JM-LEADER "
                  "unlimited -> 20/s（赞助商 H5 之后的限流）",
    ),
)

WORLD = World(name=NAME, title="JinLing 金陵城市马拉松（赛事运营）", build=build_bundle, questions=QUESTIONS)
