"""World "cinema": 星幕影城 XingMu Cinemas, a national cinema chain's online ticketing and digital projection (``xm-*`` services:
seat selection and seat locks 选座锁座, orders and ticket issuing to each cinema's local ticketing system (LTS), ticket checking
at the gates 检票, scheduling and prices 排片与票价, member cards 会员卡, coupons 券, concessions 卖品, KDM key delivery and the
device registry (TDL), DCP content delivery by satellite and terrestrial lines, the performance-test platform, SMS and push, the
film content CMS on a Kubernetes cluster; the cinemas' own TMS servers and the nodes outside it), seen from Thursday 2027-06-10
21:40 to the reference time Friday 2027-06-11 21:40 (+08:00): the release day of the blockbuster 《星河远征》, its 首映夜 in the
evening. Nothing here was written for the offline agents; ten incidents of families the other worlds do not have, in ordinary
noise:

(1) 23:50 (eve)     xm-tms ← xm-kdm: 影科技术's engineer yk_fae_chenlei replaces the media block (IMB) of 杭州湖滨店 1号厅 XMAX
                    (SR-YK-0610-118, serial 412-00218 → 412-03377); the new certificate never reaches HQ's device registry, so
    04:10           the 02:00 TDL export has "0 device changes" and 华影发行's KDM batch KDM-XHYZ-0611 binds that screen's KDM to
    18:40–20:35     the old IMB (the TMS keeps it unassigned at ingest) → hall 1, closed all day for the 首映礼, fails its
                    pre-show check KDM_RECIPIENT_MISMATCH and the 19:30 premiere show is cancelled (PreshowKdmCheckFailed). 19:44
                    the registry fixed, 20:28 an emergency KDM. The 18:00 ``tms.preshow.check-lead-minutes`` config and the
                    18:05 deploy 2.9.0 of xm-kdm are decoys.
(2) 03:30           xm-tms: the TMS's nightly content-purge (policy PURGE-24H: no valid KDM for 24 h) deletes the OV of 《星河远征》
                    at the eight cinemas of last week's 点映 (their preview KDMs expired Wednesday; the release KDMs arrive only
    08:20–11:10     at 04:10) → the release VF references the OV's reels → morning shows fail ASSET_MISSING and are cancelled
                    (PreshowAssetMissing). 09:05 purge disabled, the OV re-delivered over the terrestrial fast lane by 11:05. The
                    02:10 TMS agent 4.3.2 rollout is a decoy. (xm-tms's second incident, in the morning.)
(3) 16:50           xm-checkin ← xm-seat: cinema_ops_lina republishes the seat layout of 上海静安店 4号厅 (HALL-SH0203-04 v7, two
                    wheelchair spaces, seat ids regenerated) → the seats sold under v6 for the 19:45 premiere show are free
    19:26–20:05     under v7 and sold again → two parties per seat at the gates (DuplicateSeatCheckin). 20:20 the seat states
                    re-mapped. The 19:00 ``checkin.open-before-minutes`` config is a decoy.
(4) 10:20           xm-order ← xm-schedule: hq_pricing_zhoumin imports 华影发行's 首映夜 price floor PF-HY-20270611 (effective
                    18:00) → 金卡 members' 7 折 prices fall under it (银卡 8 折 do not) → from 18:00 the cinemas' LTS reject
    18:00–20:50     those tickets ``code=4107 低于发行最低限价`` and the orders are refunded; the failure ratio peaks 23.7% at 19:31
                    (TicketIssueFailRateHigh fired at 6.2%). 20:50 ``order.price.distributor-floor.enforce``. The 17:40
                    ``order.issue.lts-timeout-ms`` config is a decoy.
(5) 11:30           xm-seat on xm-k8s-node-07: re-imaged by infra_ops_guohao (INFRA-0611-03) with an image whose
                    ``transparent_hugepage`` is ``[always]`` (enabled and defrag; the other nodes ``madvise``), uncordoned
    18:50 → now     17:20; the 17:30 scheduled scale-out 8 → 12 puts three seat pods there → in the evening rush their seat locks
                    stall in direct compaction (compact_stall), 504 SEAT_LOCK_TIMEOUT; the p99 peaks 3874 ms at 20:07
                    (SeatLockLatencyHigh fired at 1520ms, still firing). The other nine pods are fine. The 18:40
                    ``seat.lock.max-seats-per-order`` config is a decoy.
(6) 15:08–15:50     xm-seat ← xm-perf: qa_perf_wujing starts the load test PT-0611-02 (JMeter, 600 threads, accounts
                    ``pt_user_*``, scenario seat-lock-hold) with env=prod instead of stress → up to 2864 lock requests/s at
                    15:31; the test holds 18,342 premiere seats and real users get 409 SEAT_LOCKED (SeatLockConflictHigh). 15:50
                    the locks released. The 15:05 ``seat.map.cache-ttl-sec`` config is a decoy. (xm-seat's first incident.)
(7) 18:29           xm-concession ← the 云柜 POS vendor: its cloud starts the monthly stocktake MST-2027-06 at 18:29 instead of
                    03:30 at the nine cinemas on 云柜 YG-POS → their stock syncs say ``mode=STOCKTAKE`` with every SKU at qty 0
    18:30–19:50     → the App shows their whole concession menu 售罄 at the evening peak (ConcessionSoldOutHigh). 19:48 the
                    vendor cancels the task. The 18:20 deploy 2.6.0 of xm-concession is a decoy.
(8) 00:30           xm-promo ← xm-member: the benefit batch BEN-20270611 issues 412,306 首映 XMAX/IMAX upgrade coupons with
    08:00–12:30     ``valid_to=2027-06-11T00:00:00+08:00`` (the day's start, not its end) → every redemption COUPON_EXPIRED
                    (CouponRedeemFailHigh). 12:30 BEN-20270611-r2 sets 23:59:59. The 08:50 ``promo.coupon.stack-limit`` config
                    is a decoy.
(9) 23:00 (eve)     xm-dcp ← the satellite operator 中卫影传: carrier change SAT-CHG-0610 (12.380 GHz H → 12.420 GHz V); the
                    receivers on firmware 3.1.7 stay on the old carrier (their status says so only by its values) → the 01:00
    05:00–12:40     broadcast of the Atmos version misses 14 cinemas at most (07:30; DcpDeliveryIncomplete fired at 4 家). 08:35
                    manual retune, 09:00–12:40 rebroadcast. The 00:20 deploy 1.12.0 of xm-dcp is a decoy.
(10) 22:40 (eve)    xm-member ← xm-order: deploy 5.14.0 moves the unpaid-order close to a delay message that no longer unfreezes
                    the member-card hold → holds pile up overnight; from late morning cards with money decline 余额不足 (balance,
    10:30–16:45     frozen, available in the decline lines) (MemberCardPayDeclinedHigh). 16:40 5.14.1, 16:45 23,418 stale holds
                    released. The 12:10 ``member.pay.sms-verify-threshold-yuan`` config is a decoy.

Healthy: xm-notify (its 17:00 channel-weight config is a decoy) and xm-cms (its 16:00 deploy 4.1.1 is a decoy) — INFO/WARN noise
only, under their thresholds, no alert. Unrelated: HostCpuHigh on xm-k8s-node-02 during the nightly box-office report. Still
firing at 21:40: SeatLockLatencyHigh (5) and NodeFilesystemAlmostFull (xm-k8s-node-03's image filesystem, INFRA-0611-07).
Kubernetes: the deployments and their pods with their nodes, the events of the last hour. Run ``python -m evaluation.worlds
cinema`` to print the bundle.
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

NAME = "cinema"
SEED = 20270611
TZ = dt.timezone(dt.timedelta(hours=8))
DAY = dt.date(2027, 6, 11)
EVE = dt.date(2027, 6, 10)
START = dt.datetime(2027, 6, 10, 21, 40, tzinfo=TZ)
REFERENCE = dt.datetime(2027, 6, 11, 21, 40, tzinfo=TZ)
NS = "xingmu-cinema"
REGISTRY = "harbor.xmcinema.local/ticketing"

_t = functools.partial(clock_on, DAY, TZ)
_y = functools.partial(clock_on, EVE, TZ)

CINEMAS = {
    "BJ0101": "北京三里屯店", "BJ0105": "北京朝阳大悦城店", "BJ0108": "北京西单店", "BJ0112": "北京望京店", "SH0203": "上海静安店",
    "SH0207": "上海五角场店", "SH0211": "上海徐家汇店", "SH0215": "上海前滩店", "HZ0106": "杭州湖滨店", "HZ0110": "杭州滨江店",
    "NJ0301": "南京新街口店", "NJ0304": "南京河西店", "SU0309": "苏州观前店", "SZ0402": "深圳海岸城店", "SZ0405": "深圳福田店",
    "GZ0408": "广州天河店", "GZ0411": "广州番禺店", "CD0501": "成都春熙路店", "CD0504": "成都高新店", "CQ0805": "重庆解放碑店",
    "WH0603": "武汉江汉路店", "CS0611": "长沙五一广场店", "XA0702": "西安钟楼店", "ZZ0707": "郑州二七店", "TJ0112": "天津滨江道店",
    "QD0903": "青岛万象城店", "JN0906": "济南泉城路店", "XM1002": "厦门中山路店", "FZ1005": "福州东街口店", "HF1101": "合肥天鹅湖店",
    "NC1201": "南昌红谷滩店", "KM1303": "昆明南屏街店", "NB0115": "宁波天一店", "SY1402": "沈阳中街店", "DL1405": "大连西安路店",
    "GY1307": "贵阳花果园店",
}
#: The eight cinemas of last week's 点映 (preview screenings): the OV was ingested there on 06-03.
PREVIEW = ("BJ0108", "SH0211", "NJ0301", "GZ0408", "CD0501", "WH0603", "XA0702", "CQ0805")
#: The fourteen cinemas whose satellite receivers run firmware 3.1.7.
SAT_OLD = ("BJ0112", "SH0215", "NJ0304", "SU0309", "SZ0405", "GZ0411", "CD0504", "CS0611", "ZZ0707", "JN0906", "FZ1005",
           "NC1201", "KM1303", "GY1307")
#: The nine cinemas whose concession POS is 云柜 YG-POS (the others run 辰星 CX-POS).
YUNGUI = ("TJ0112", "QD0903", "XM1002", "HF1101", "NB0115", "SY1402", "DL1405", "SZ0402", "HZ0110")
KDM_CINEMA = "HZ0106"
SEAT_CINEMA = "SH0203"
FILMS = ("星河远征", "山海旧梦", "熊猫快递", "追光者2", "南方小镇")
XHYZ = "星河远征"
CPL_OV = "XingHeYZ_FTR-1_F_CN-XX_51_2K_HY_20270603_XMC_SMPTE_OV"
CPL_VF = "XingHeYZ_FTR-1_F_CN-ZH-EN_51_2K_HY_20270609_XMC_SMPTE_VF"
CPL_ATMOS = "XingHeYZ_FTR-1_F_CN-ZH-EN_ATMOS_2K_HY_20270609_XMC_SMPTE_VF"
OTHER_CPLS = ("ShanHaiJM_FTR_F_CN-XX_51_2K_BN_20270521_XMC_SMPTE_OV", "XiongMaoKD_FTR_F_CN-XX_51_2K_ZY_20270528_XMC_SMPTE_OV",
              "ZhuiGuangZhe2_FTR_S_CN-XX_51_2K_HX_20270514_XMC_SMPTE_OV", "NanFangXZ_FTR_F_CN-XX_51_2K_ZY_20270604_XMC_SMPTE_OV")
CHANNELS = ("微信支付", "支付宝", "云闪付", "会员卡")
#: List prices of 《星河远征》 by hall format, and the member discounts.
LIST_PRICE = {"2D": 49.0, "3D": 59.0, "XMAX": 75.0}
DISCOUNT = {"金卡": 0.70, "银卡": 0.80}

# --- (1) the KDM bound to the replaced media block ------------------------------------------------------------------------
KDM_SCREEN = "HZ0106-01"
OLD_IMB, NEW_IMB = "412-00218", "412-03377"
IMB_REPLACED = ("screen HZ0106-01 (1号厅 XMAX): media block replaced by 影科技术 engineer yk_fae_chenlei (SR-YK-0610-118, IMB 板卡"
                "故障): IMB serial 412-00218 -> 412-03377, security manager certificate dnQualifier 9vQ3xPbL0sK2mE7rT1uW5yZ8aB4= "
                "installed")
IMB_CLOSED = "SR-YK-0610-118 closed by yk_fae_chenlei: 测试画面正常，3D 正常，声音正常"
TDL_EXPORT = ("TDL export TDL-20270611 to 华影发行, 中影数字, 博纳发行: 1,046 screens, 0 device changes since TDL-20270610")
KDM_BATCH = ("KDM batch KDM-XHYZ-0611 from 华影发行 received: 1,046 KDMs for CPL " + CPL_VF + " and " + CPL_ATMOS
             + ", valid 2027-06-11 00:00 - 2027-07-15 23:59, recipients from TDL-20270611")
KDM_DIST = "KDM batch KDM-XHYZ-0611 distributed to 186 cinema TMS"
KDM_INGEST_OK = "KDM ingest KDM-XHYZ-0611: {n} of {n} KDMs matched screens of {c}"
KDM_ORPHAN = ("KDM ingest KDM-XHYZ-0611: 5 of 6 KDMs matched screens of HZ0106; 1 KDM recipient IMB serial 412-00218 matches no "
              "screen, kept unassigned")
HALL1_CLOSED = "screen HZ0106-01 (1号厅 XMAX) closed for 首映礼 stage setup until 19:00, first show S-HZ0106-01-0611-1930"
KDM_CHECK = ("preshow check show S-HZ0106-01-0611-1930 screen HZ0106-01: no valid KDM for CPL " + CPL_VF + ": KDM recipient "
             "serial 412-00218 does not match IMB 412-03377 (KDM_RECIPIENT_MISMATCH)")
SHOW_CANCELLED_KDM = ("show S-HZ0106-01-0611-1930 (星河远征 首映场, 杭州湖滨店 1号厅) cancelled by cinema hz0106_mgr_sunyu "
                      "(放映故障): 212 tickets refunded, 46 moved to S-HZ0106-03-0611-2010")
KDM_NOTE = "kdm_oncall_lujia: 湖滨店 1 号厅的 KDM 都是发给 412-00218 的，TMS 上这块 IMB 现在是 412-03377"
KDM_REGISTRY_FIX = ("device registry: screen HZ0106-01 IMB certificate updated by kdm_oncall_lujia (412-00218 -> 412-03377, from "
                    "SR-YK-0610-118); TDL delta TDL-20270611-D1 sent to 华影发行")
KDM_EMERGENCY = ("emergency KDM KDM-XHYZ-0611-E07 from 华影发行 received for screen HZ0106-01 (recipient IMB 412-03377), "
                 "distributed to HZ0106")
KDM_INGEST_FIX = ("KDM ingest KDM-XHYZ-0611-E07: screen HZ0106-01 KDM valid for CPL " + CPL_VF + "; show S-HZ0106-01-0611-2240 "
                  "ready")
TMS_LEAD = ("[apollo] config changed: appId=xm-tms key=tms.preshow.check-lead-minutes old=30 new=50 operator=tms_ops_haoran")
KDM_DEPLOY = ("deploy finished: xm-kdm 2.9.0 (was 2.8.4) rolled out by ci-bot pipeline=#7741; changes: KDM 到期看板, 发行方邮件"
              "解析")

# --- (2) the content purge under the preview cinemas ------------------------------------------------------------------------
PURGE_DELETED = ("content-purge (policy PURGE-24H: no valid KDM for 24 h): deleted 2 packages, 431.8 GB freed: " + CPL_OV
                 + " (last KDM KDM-XHYZ-PRE expired 2027-06-09 23:59), " + OTHER_CPLS[2])
PURGE_KEPT = ("content-purge (policy PURGE-24H: no valid KDM for 24 h): deleted {n} packages, {gb} GB freed; " + CPL_OV
              + " kept (ingested 2027-06-10 14:{m:02d}, no KDM yet, younger than 24 h)")
ASSET_MISSING = ("preshow check show {show} screen {screen}: CPL " + CPL_VF + " incomplete: 6 of 8 reels reference assets of "
                 + CPL_OV + " not in library (ASSET_MISSING)")
SHOW_CANCELLED = "show {show} (星河远征, {name}) cancelled by cinema (放映故障): {n} tickets refunded"
PURGE_NOTE = "tms_oncall_fanxin: 8 家影城星河远征早场都报素材缺失，缺的都是 OV 里的画面和声音文件，这 8 家都是上周点映的店"
PURGE_OFF = "[apollo] config changed: appId=xm-tms key=tms.content-purge.enabled old=true new=false operator=tms_oncall_fanxin"
REDELIVERY = ("fast-lane re-delivery RD-0611-01 requested by tms_oncall_fanxin: " + CPL_OV + " (412.6 GB) to 8 cinemas over "
              "terrestrial lines")
REINGEST = "ingest " + CPL_OV + " complete, hash OK; CPL " + CPL_VF + " complete"
REDELIVERY_DONE = "fast-lane re-delivery RD-0611-01 finished: 8 of 8 cinemas complete"
TMS_AGENT_DEPLOY = ("deploy finished: xm-tms agent 4.3.2 (was 4.3.1) rolled out to 186 cinema TMS by ci-bot pipeline=#7735; "
                    "changes: 日志压缩上传, 片头字幕检测")

# --- (3) the seat layout republished under sold tickets -----------------------------------------------------------------------
SEAT_SHOW = "S-SH0203-04-0611-1945"
LAYOUT_PUBLISH = ("seat layout HALL-SH0203-04 (上海静安店 4号厅) layout v7 published by cinema_ops_lina: row 6 rebuilt with 2 "
                  "wheelchair spaces, seat ids regenerated (186 -> 188 seats), applies to unstarted shows")
LAYOUT_APPLIED = ("layout HALL-SH0203-04 v6 -> v7 applied to shows S-SH0203-04-0611-1945, S-SH0203-04-0611-2250: sold seats "
                  "carried by seat id: 0 of 83")
DOUBLE_LOCK = ("POST /seat/v2/lock show=S-SH0203-04-0611-1945 seats={seat} (layout v7) user=U{u} 200 locked ttl=900s "
               "took={ms}ms")
DUP_CHECKIN = ("ticket T{t} show S-SH0203-04-0611-1945 seat {seat} checked in at gate SH0203-G{g}; seat already checked in by "
               "ticket T{other} (ordered 2027-06-{d} {hm})")
CHECKIN_NOTE = "checkin_oncall_yuqing: 静安店 4 号厅首映场一个座位来了两拨观众，后到的那张票都是今天 16:50 以后下的单"
SEAT_NOTE_MAP = "seat_oncall_tangwei: 静安店 4 号厅 16:50 发布过新座位图，之前卖出的座位在新图上显示可售"
LAYOUT_REMAP = ("seat states of HALL-SH0203-04 shows 1945, 2250 re-mapped v6 -> v7 by seat_oncall_tangwei: 46 double-sold "
                "seats, later orders moved to free seats or refunded")
CHECKIN_OPEN = ("[apollo] config changed: appId=xm-checkin key=checkin.open-before-minutes old=20 new=30 "
                "operator=checkin_dev_wenjie")

# --- (4) the distributor's price floor ------------------------------------------------------------------------------------
PF_IMPORT = ("price floor notice PF-HY-20270611 from 华影发行 imported by hq_pricing_zhoumin: 《星河远征》 2D ¥39.00, 3D ¥45.00, "
             "XMAX ¥55.00, effective 2027-06-11 18:00 (首映夜最低限价)")
PRICES_PUBLISHED = ("prices republished for 《星河远征》: 2,314 shows, list 2D ¥49.00 / 3D ¥59.00 / XMAX ¥75.00, member price = "
                    "list x card discount (金卡 0.70, 银卡 0.80)")
FLOOR = {"2D": 39.0, "3D": 45.0, "XMAX": 55.0}
ISSUE_REJECT = ("issue order {o} show {show} to LTS {c}: rejected code=4107 低于发行最低限价 (ticket ¥{p:.2f}, floor ¥{f:.2f}, "
                "金卡 0.70 x ¥{lst:.2f}) -> auto refund")
ISSUE_OK = "issue order {o} show {show} ({film}) to LTS {c}: ok {n} tickets ¥{p:.2f} {kind} took={ms}ms"
FLOOR_NOTE = "order_oncall_zhaoyi: 六点以后星河远征会员出票失败都是 4107，失败的全是金卡，银卡和非会员正常"
FLOOR_FIX = ("[apollo] config changed: appId=xm-order key=order.price.distributor-floor.enforce old=false new=true "
             "operator=order_oncall_zhaoyi")
ORDER_LTS_TIMEOUT = ("[apollo] config changed: appId=xm-order key=order.issue.lts-timeout-ms old=5000 new=8000 "
                     "operator=order_dev_kaiwen")
FAIL_PEAK = 23.7
FAIL_ALERT = "6.2%"

# --- (5) node-07's transparent huge pages ------------------------------------------------------------------------------------
BAD_NODE = "xm-k8s-node-07"
DISK_NODE = "xm-k8s-node-03"
NODE_REIMAGE = ("node xm-k8s-node-07 drained and re-imaged by infra_ops_guohao: node pool np-general image "
                "xm-node-ubuntu2204-20270608 (INFRA-0611-03, rolling 1/6, cordoned for validation)")
NODE_REGISTERED = "kubelet: node xm-k8s-node-07 registered, kernel 5.15.0-112-generic, containerd 1.7.18"
THP_LINE = ("node-baseline-audit: transparent_hugepage enabled=[always] madvise never, defrag=[always] defer defer+madvise "
            "madvise never, swap off, vm.max_map_count 262144")
THP_OK = ("node-baseline-audit: transparent_hugepage enabled=always [madvise] never, defrag=always defer defer+madvise "
          "[madvise] never, swap off, vm.max_map_count 262144")
NODE_UNCORDON = "node xm-k8s-node-07 uncordoned by infra_ops_guohao (INFRA-0611-03 image validation passed)"
SEAT_SCALE = "KEDA cron scaler premiere-evening: deployment xm-seat scaled 8 -> 12 replicas (17:30-23:59)"
NODE_STALL = ("node-exporter: compact_stall {s}/min, thp_fault_alloc {f}/min, khugepaged cpu {k}%, memory PSI some avg10 "
              "{psi:.1f}, cpu busy {b}%")
SLOW_LOCK = "POST /seat/v2/lock show={show} seats={n} user=U{u} 200 locked ttl=900s took={ms}ms"
LOCK_TIMEOUT = ("POST /seat/v2/lock show={show} seats={n}: handler exceeded 1500ms budget ({ms}ms) -> 504 SEAT_LOCK_TIMEOUT, "
                "client will retry")
THP_NOTE = "seat_oncall_tangwei: 锁座慢的都是 17:30 扩出来的三个 Pod，其他 Pod 几十毫秒；Redis 正常"
SEAT_MAX = ("[apollo] config changed: appId=xm-seat key=seat.lock.max-seats-per-order old=6 new=4 "
            "operator=seat_dev_linfeng")
LATENCY_PEAK = 3874
LATENCY_ALERT = "1520ms"

# --- (6) the load test against production ---------------------------------------------------------------------------------
PERF_EARLIER = ("PT-0610-05 finished by qa_perf_wujing: scenario order-create, env=stress (base-url "
                "https://api-stress.xmcinema.com), 400 threads, 38 min")
PERF_START = ("PT-0611-02 started by qa_perf_wujing: scenario seat-lock-hold (选座锁座并保持), JMeter 600 threads, accounts "
              "pt_user_0001..pt_user_0600, env=prod (base-url https://api.xmcinema.com)")
PERF_STOP = "PT-0611-02 stopped by qa_perf_wujing (aborted after 39 min)"
PT_LOCK = ("POST /seat/v2/lock show={show} seats={n} user=pt_user_{u:04d} ua=Apache-HttpClient/4.5.14 (JMeter 5.6) 200 "
           "locked ttl=900s took={ms}ms")
USER_409 = "POST /seat/v2/lock show={show} seats={n} user=U{u} 409 SEAT_LOCKED ({seat} held by another order)"
LOCK_NOTE = "seat_oncall_tangwei: 首映场的座大片被锁，锁座的账号都是 pt_user_ 开头，UA 是 JMeter"
LOCKS_RELEASED = ("seat locks held by pt_user_* released by seat_oncall_tangwei: 18,342 seats in 1,206 shows; pt_user_* blocked "
                  "at the prod gateway")
SEAT_CACHE = "[apollo] config changed: appId=xm-seat key=seat.map.cache-ttl-sec old=5 new=3 operator=seat_dev_linfeng"
LOCK_RPS_PEAK = 2864
CONFLICT_ALERT = "12.4%"

# --- (7) the POS vendor's stocktake ---------------------------------------------------------------------------------------
STOCK_SYNC = "stock sync from POS {pos} at {c} {name}: mode={mode}, {n} SKUs, {z} at qty 0"
STOCKTAKE_START = "POS 云柜 YG-POS at {c} {name}: task MST-2027-06 (月度盘点) started by vendor cloud, sales counters in 盘点模式"
MENU_SOLDOUT = "GET /concession/v1/menu cinema={c}: {n}/{n} SKUs sold out (stock 0), menu shown as 售罄"
STOCK_NOTE = "concession_oncall_mengqi: App 上卖品全售罄的 9 家店，柜台都说有货，都是云柜 POS 的店"
STOCKTAKE_CANCEL = ("POS 云柜 YG-POS at {c} {name}: task MST-2027-06 cancelled by vendor (云柜工单 YG-20270611-033: 盘点任务误排"
                    "在 18:29，应为次日 03:30)")
CONC_DEPLOY = ("deploy finished: xm-concession 2.6.0 (was 2.5.3) rolled out by ci-bot pipeline=#7752; changes: 首映限定套餐, "
               "卖品页改版")

# --- (8) the coupons valid to the day's start ----------------------------------------------------------------------------
BEN_BATCH = ("benefit batch BEN-20270611 (首映礼 XMAX/IMAX 升级券) issued 412,306 coupons of type UPG-XHYZ to 金卡/银卡 members, "
             "valid for 2027-06-11 (end_date 2027-06-11)")
BEN_SAMPLE = "coupon UPG-XHYZ-{n} issued to member M{m} ({card}) valid_from=2027-06-11T00:00:00+08:00 valid_to=2027-06-11T00:00:00+08:00"
COUPON_EXPIRED = ("redeem coupon UPG-XHYZ-{n} order {o} member M{m}: rejected COUPON_EXPIRED (valid_to "
                  "2027-06-11T00:00:00+08:00)")
COUPON_NOTE = "promo_oncall_jiahui: 会员首映升级券一用就提示过期，都是今天凌晨刚发的券"
BEN_FIX = ("benefit batch BEN-20270611-r2 by member_ops_xiaoqing: valid_to of 412,306 UPG-XHYZ coupons set to "
           "2027-06-11T23:59:59+08:00")
PROMO_STACK = "[apollo] config changed: appId=xm-promo key=promo.coupon.stack-limit old=1 new=2 operator=promo_dev_ruoxi"

# --- (9) the satellite carrier change ---------------------------------------------------------------------------------------
SAT_NOTICE = ("carrier change notice SAT-CHG-0610 from 中卫影传: cinema delivery carrier moves 12.380 GHz H -> 12.420 GHz V "
              "at 2027-06-10 23:00 (NIT version 41)")
RX_STATUS = "receiver RX-{c} status: lock={lock}, freq {f}, Eb/N0 {e:.1f} dB, firmware {fw}, disk {d}%"
BC_START = ("broadcast BC-XHYZ-ATMOS started on 12.420 GHz V: " + CPL_ATMOS + " (96.4 GB), window 01:00-05:00")
BC_END = "broadcast BC-XHYZ-ATMOS finished; completion reported by receivers at their next check-in"
DL_MISSING = "delivery BC-XHYZ-ATMOS at RX-{c} ({name}): 0% received, status INCOMPLETE"
DL_LOCAL = ("receiver RX-NC1201 retuned locally by the projectionist of 南昌红谷滩店; missing segments of BC-XHYZ-ATMOS requested "
            "over the terrestrial fast lane (FL-0611-03)")
DCP_NOTE = "dcp_oncall_baiyu: 没收到杜比全景声版本的店，接收机还停在 12.380 GHz，固件都是 3.1.7"
RETUNE = ("manual retune pushed by dcp_oncall_baiyu to 13 receivers on firmware 3.1.7: 12.420 GHz V (NIT version 41)")
RB_START = "rebroadcast RB-XHYZ-ATMOS-2 started on 12.420 GHz V for 13 receivers, window 09:00-12:40"
RB_DONE = "rebroadcast RB-XHYZ-ATMOS-2 finished: 13 of 13 receivers complete"
DCP_DEPLOY = ("deploy finished: xm-dcp 1.12.0 (was 1.11.5) rolled out by ci-bot pipeline=#7733; changes: 接收机状态面板, 分发"
              "报表导出")
ATMOS_PEAK = 14
ATMOS_ALERT = "4 家"

# --- (10) the holds no longer unfrozen ------------------------------------------------------------------------------------
ORDER_DEPLOY = ("deploy finished: xm-order 5.14.0 (was 5.13.2) rolled out by ci-bot pipeline=#7730; changes: 订单取消流程重构, "
                "超时关单改为延迟消息")
CLOSE_OLD = "order {o} unpaid 15m -> closed, seats released, card hold H{h} unfrozen ¥{a:.2f} (pay=会员卡 M{m})"
CLOSE_NEW = "order {o} unpaid 15m -> closed by delay message, seats released (pay=会员卡 M{m})"
CLOSE_FIXED = ("order {o} unpaid 15m -> closed by delay message, seats released, card hold H{h} unfrozen ¥{a:.2f} "
               "(pay=会员卡 M{m})")
HOLD_FROZEN = "card hold H{h} card M{m} ¥{a:.2f} for order {o} frozen"
PAY_DECLINED = ("card pay M{m} order {o} ¥{a:.2f}: declined 余额不足 (balance ¥{b:.2f}, frozen ¥{f:.2f}, available ¥{v:.2f})")
MEMBER_NOTE = "member_oncall_xiaoqing: 提示余额不足的卡冻结金额都很高，冻结单对应的订单都已经超时关单了"
ORDER_FIX_DEPLOY = ("deploy finished: xm-order 5.14.1 (was 5.14.0) rolled out by ci-bot pipeline=#7748; changes: 超时关单补调会员卡"
                    "解冻")
HOLDS_RELEASED = ("stale holds released by member_oncall_xiaoqing: 23,418 holds of orders closed since 2027-06-10 22:40, "
                  "¥1,874,210.50 unfrozen")
MEMBER_SMS = ("[apollo] config changed: appId=xm-member key=member.pay.sms-verify-threshold-yuan old=200 new=300 "
              "operator=member_dev_yutong")

# --- healthy services' decoys, unrelated ------------------------------------------------------------------------------------
NOTIFY_CONFIG = ("[apollo] config changed: appId=xm-notify key=notify.sms.channel-weight old=\"ct:50,cm:50\" new=\"ct:40,cm:60\" "
                 "operator=notify_dev_anqi")
CMS_DEPLOY = "deploy finished: xm-cms 4.1.1 (was 4.1.0) rolled out by ci-bot pipeline=#7746; changes: 海报裁剪, 影片详情页缓存"
DISK_LINE = ("kubelet: image filesystem /var/lib/containerd {p}% used (threshold 85%), image GC freed 0 B (all images in use), "
             "ticket INFRA-0611-07")

# --- pods, nodes -------------------------------------------------------------------------------------------------------
SEAT_ALL = pod_names("xm-seat", "3.21.4", 12)
SEAT_BASE = SEAT_ALL[:8]
ON_BAD_NODE = SEAT_ALL[8:11]
ROLLOUTS: dict[str, list[tuple[dt.datetime, tuple[str, ...]]]] = {
    "xm-seat": [(START, SEAT_BASE), (_t("17:31:00"), SEAT_ALL)],
    "xm-order": [(START, pod_names("xm-order", "5.13.2", 6)), (_y("22:41:00"), pod_names("xm-order", "5.14.0", 6)),
                 (_t("16:41:00"), pod_names("xm-order", "5.14.1", 6))],
    "xm-checkin": [(START, pod_names("xm-checkin", "2.3.7", 4))],
    "xm-schedule": [(START, pod_names("xm-schedule", "6.0.2", 3))],
    "xm-member": [(START, pod_names("xm-member", "3.9.1", 4))],
    "xm-promo": [(START, pod_names("xm-promo", "2.12.0", 3))],
    "xm-concession": [(START, pod_names("xm-concession", "2.5.3", 4)), (_t("18:21:00"), pod_names("xm-concession", "2.6.0", 4))],
    "xm-kdm": [(START, pod_names("xm-kdm", "2.8.4", 2)), (_t("18:06:00"), pod_names("xm-kdm", "2.9.0", 2))],
    "xm-dcp": [(START, pod_names("xm-dcp", "1.11.5", 2)), (_t("00:21:00"), pod_names("xm-dcp", "1.12.0", 2))],
    "xm-perf": [(START, pod_names("xm-perf", "1.4.0", 1))],
    "xm-notify": [(START, pod_names("xm-notify", "1.8.2", 2))],
    "xm-cms": [(START, pod_names("xm-cms", "4.1.0", 2)), (_t("16:01:00"), pod_names("xm-cms", "4.1.1", 2))],
}
GENERAL_NODES = [f"xm-k8s-node-{n:02d}" for n in (1, 2, 3, 4, 5, 6)]
NODES = [*GENERAL_NODES, BAD_NODE]
TMS_INSTANCES = [f"tms-{code}" for code in CINEMAS] + ["tms-fleet-manager"]
INSTANCES: dict[str, list[str]] = {service: list(steps[-1][1]) for service, steps in ROLLOUTS.items()} | {
    "xm-k8s-node": NODES, "xm-tms": TMS_INSTANCES}


def node_of(pod: str) -> str:
    """Three of the seat pods the evening scale-out created are on node-07 (back empty from its re-image); every other pod is
    elsewhere."""
    if pod in ON_BAD_NODE:
        return BAD_NODE
    if pod == SEAT_ALL[11]:
        return "xm-k8s-node-02"
    return GENERAL_NODES[int(hashlib.sha256(pod.encode()).hexdigest(), 16) % len(GENERAL_NODES)]


SERVICES: list[Json] = [
    {"name": "xm-seat", "aliases": ["选座", "锁座", "选座服务", "座位", "座位图", "座位库存"],
     "description": "选座与锁座（Java，8 个副本，首映夜 KEDA 定时扩到 12）：影厅座位图、App/小程序选座后锁座（Redis，TTL 900 秒），"
                    "支付成功后转为已售；影城运营在后台发布影厅座位图（layout 版本）。"},
    {"name": "xm-order", "aliases": ["订单", "出票", "订单服务", "下单", "出票服务"],
     "description": "订单与出票（6 个副本）：创建订单、支付后向各影城本地售票系统（LTS）出票，出票失败自动退款；未支付订单 15 分钟"
                    "超时关单，释放座位与会员卡冻结金额。"},
    {"name": "xm-checkin", "aliases": ["检票", "检票系统", "闸机", "入场"],
     "description": "检票（4 个副本 + 各影城检票闸机 {影城}-G1..G4）：电子票验票入场，记录每个座位的入场。"},
    {"name": "xm-schedule", "aliases": ["排片", "票价", "排片服务", "影讯", "场次"],
     "description": "排片与票价（3 个副本）：总部排片下发到各影城 LTS，按影厅制式定挂牌价与会员价（会员价 = 挂牌价 × 卡折扣），"
                    "导入发行方的限价通知。"},
    {"name": "xm-member", "aliases": ["会员", "会员卡", "会员服务", "储值卡", "会员权益"],
     "description": "会员卡（4 个副本）：储值会员卡支付（下单时冻结金额，支付或关单时解冻）、充值、会员等级与权益券的批量发放。"},
    {"name": "xm-promo", "aliases": ["券", "优惠券", "营销", "券核销", "兑换券"],
     "description": "券与营销（3 个副本）：下单时核销兑换券、团购券、银行立减与会员权益券（如首映升级券）。"},
    {"name": "xm-concession", "aliases": ["卖品", "卖品服务", "爆米花", "小食", "套餐"],
     "description": "卖品（4 个副本）：App 卖品菜单与下单、取餐码；库存每 5 分钟从各影城卖品 POS（辰星 CX-POS 或 云柜 YG-POS）同步。"},
    {"name": "xm-kdm", "aliases": ["KDM", "密钥", "KDM 分发", "设备库", "TDL"],
     "description": "KDM 密钥管理（2 个副本）：维护全国影厅的放映设备库（IMB 证书），每天 02:00 向发行方导出 TDL；接收发行方 KDM 并"
                    "分发到各影城 TMS。"},
    {"name": "xm-dcp", "aliases": ["DCP", "片源", "数字拷贝", "卫星", "内容分发"],
     "description": "DCP 内容分发（2 个副本）：经 中卫影传 卫星广播与地面专线（fast lane）把 DCP 分发到各影城，汇总各影城卫星接收机"
                    "（RX-{影城}）状态与接收进度。"},
    {"name": "xm-tms", "aliases": ["TMS", "放映", "放映系统", "放映管理", "影院管理系统"],
     "description": "各影城的 TMS 放映管理服务器（tms-{影城}，不在集群内）：片库与 KDM 导入、放映列表、开场前检查（内容完整、KDM "
                    "有效）、夜间片库清理 content-purge；放映机与 IMB。"},
    {"name": "xm-perf", "aliases": ["压测平台", "压测", "性能测试"],
     "description": "压测平台（1 个副本）：测试组的 JMeter 压测任务，目标环境 stress 或 prod。"},
    {"name": "xm-notify", "aliases": ["短信", "推送", "通知", "取票短信", "短信推送"],
     "description": "短信与推送（2 个副本）：出票后的取票码短信、开场提醒推送。"},
    {"name": "xm-cms", "aliases": ["影讯内容", "内容", "海报", "CMS", "影片资料"],
     "description": "影片内容（2 个副本）：影片资料、海报、预告片与影讯页内容。"},
    {"name": "xm-k8s-node", "aliases": ["K8s 节点", "节点", "服务器"],
     "description": "集群 xm-prod 的节点 xm-k8s-node-01..07。"},
]

WINDOWS = {
    "kdm": (_t("18:40"), _t("20:35")),
    "purge": (_t("08:20"), _t("11:10")),
    "seatmap": (_t("16:50"), _t("20:25")),
    "floor": (_t("18:00"), _t("20:50")),
    "thp": (_t("17:31"), REFERENCE),
    "loadtest": (_t("15:08"), _t("15:50")),
    "stocktake": (_t("18:29"), _t("19:50")),
    "couponend": (_t("08:00"), _t("12:30")),
    "satellite": (_y("23:00"), _t("12:40")),
    "freeze": (_y("22:40"), _t("16:45")),
}


def _inside(window: str, t: dt.datetime) -> bool:
    a, b = WINDOWS[window]
    return a <= t < b


def _open(t: dt.datetime) -> bool:
    """The cinemas' hours: to 23:30 the evening before, from 08:30 on the day."""
    clock = t.timetz().replace(tzinfo=None)
    return clock < dt.time(23, 30) if t.date() == EVE else clock >= dt.time(8, 30)


# --- Business vocabulary ---------------------------------------------------------------------------------------------------
Line = tuple[str, str, dict[str, Any]]


def _uid(w: WorldBuilder) -> int:
    return w.rng.randint(10**7, 10**8 - 1)


def _member(w: WorldBuilder) -> int:
    return w.rng.randint(10**9, 10**10 - 1)


def _order_id(w: WorldBuilder) -> str:
    return f"O2027061{w.rng.randint(0, 1)}{w.rng.randint(10**7, 10**8 - 1)}"


def _seat(w: WorldBuilder) -> str:
    return f"{w.rng.randint(1, 14)}排{w.rng.randint(1, 18)}座"


def _hall_format(hall: int) -> str:
    return "XMAX" if hall == 1 else "3D" if hall in (2, 5) else "2D"


def _show(w: WorldBuilder, t: dt.datetime, *, film: str | None = None, cinemas: tuple[str, ...] = (),
          ahead: tuple[int, int] = (20, 200)) -> tuple[str, str, str]:
    """A show (id, cinema, film) starting ``ahead`` minutes after ``t`` (the next morning's when that falls in the night), away
    from the halls in trouble: 静安店 4号厅 and 湖滨店 1号厅."""
    c = w.rng.choice(cinemas or tuple(CINEMAS))
    hall = w.rng.randint(1, 8)
    if (c, hall) in ((SEAT_CINEMA, 4), (KDM_CINEMA, 1)):
        hall = 6
    start = t + dt.timedelta(minutes=w.rng.randint(*ahead))
    start = start.replace(minute=start.minute - start.minute % 5, second=0, microsecond=0)
    if start.timetz().replace(tzinfo=None) < dt.time(9, 0):
        start = start.replace(hour=w.rng.randint(9, 11))
    chosen = film or w.rng.choice(FILMS)
    return f"S-{c}-{hall:02d}-{start:%m%d}-{start:%H%M}", c, chosen


def _pod(w: WorldBuilder, service: str, t: dt.datetime) -> str:
    pods = ROLLOUTS[service][0][1]
    for moment, step in ROLLOUTS[service]:
        if moment <= t:
            pods = step
    if service == "xm-seat":
        pods = tuple(p for p in pods if p not in ON_BAD_NODE)  # the slow pods write their own lines
    return w.rng.choice(pods)


def _version(t: dt.datetime) -> str:
    """xm-order's release at ``t``."""
    return "5.13.2" if t < _y("22:41") else "5.14.0" if t < _t("16:41") else "5.14.1"


# --- Noise: every service's ordinary day -------------------------------------------------------------------------------
def _seat_noise(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "xm-seat", t)
    roll = w.rng.random()
    film = w.rng.choice(FILMS[1:]) if _inside("loadtest", t) else None
    show, _, _ = _show(w, t, film=film)
    if roll < 0.45:
        return "INFO", (f"POST /seat/v2/lock show={show} seats={w.rng.randint(1, 4)} user=U{_uid(w)} 200 locked ttl=900s "
                        f"took={w.ms(18, 90)}ms"), {"instance": pod, "log_type": "access"}
    if roll < 0.7:
        cap = w.rng.choice((120, 168, 186, 240, 380))
        return "INFO", f"GET /seat/v2/map show={show} 200 sold {w.rng.randint(0, cap)}/{cap} took={w.ms(8, 40)}ms", {
            "instance": pod, "log_type": "access"}
    if roll < 0.85:
        return "INFO", f"order {_order_id(w)} paid: {w.rng.randint(1, 4)} locked seats of {show} converted to sold", {"instance": pod}
    if roll < 0.97:
        return "INFO", (f"seat-lock redis: keys {w.rng.randint(2000, 90000)}, expired last min {w.rng.randint(10, 900)}, "
                        f"used_memory {w.rng.randint(600, 1400)} MB"), {"instance": pod}
    return "WARN", USER_409.format(show=show, n=w.rng.randint(1, 3), u=_uid(w), seat=_seat(w)), {"instance": pod,
                                                                                                  "log_type": "access"}


def _order_noise(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "xm-order", t)
    roll = w.rng.random()
    show, c, film = _show(w, t)
    if roll < 0.4:
        kind = w.rng.choice(("非会员", "非会员", "银卡", "金卡"))
        if film == XHYZ and kind == "金卡" and _inside("floor", t):
            kind = "非会员"
        price = w.rng.randint(35, 90) + 0.0
        if film == XHYZ:
            price = LIST_PRICE[_hall_format(int(show.split("-")[2]))] * DISCOUNT.get(kind, 1.0)
        return "INFO", ISSUE_OK.format(o=_order_id(w), show=show, film=film, c=c, n=w.rng.randint(1, 4), p=price, kind=kind,
                                       ms=w.ms(300, 1400)), {"instance": pod}
    if roll < 0.6:
        channel = w.rng.choice(CHANNELS[:3])
        return "INFO", f"order {_order_id(w)} paid via {channel} ¥{w.rng.randint(35, 300)}.00", {"instance": pod}
    if roll < 0.72:
        closed = "closed by delay message" if _version(t) != "5.13.2" else "closed"
        return "INFO", (f"order {_order_id(w)} unpaid 15m -> {closed}, seats released (pay={w.rng.choice(CHANNELS[:3])})"), {
            "instance": pod}
    if roll < 0.92:
        return "INFO", f"LTS {c} heartbeat ok, latency {w.ms(30, 180)}ms, vendor {w.rng.choice(('辰星', '鼎新', '满天星'))}", {
            "instance": pod}
    return "WARN", f"issue order {_order_id(w)} to LTS {c}: timeout after 5000ms, retry 1 ok", {"instance": pod}


def _checkin_noise(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "xm-checkin", t)
    c = w.rng.choice(tuple(CINEMAS))
    if not _open(t):
        return "INFO", f"gate {c}-G{w.rng.randint(1, 4)} heartbeat ok, offline whitelist {w.rng.randint(0, 400)} tickets", {
            "instance": pod, "trace": False}
    show, c, _ = _show(w, t, ahead=(0, 30))
    if w.rng.random() < 0.9:
        return "INFO", (f"ticket T{w.rng.randint(10**11, 10**12 - 1)} show {show} seat {_seat(w)} checked in at gate "
                        f"{c}-G{w.rng.randint(1, 4)}"), {"instance": pod}
    return "WARN", f"ticket T{w.rng.randint(10**11, 10**12 - 1)} show {show}: not open yet, gate {c}-G{w.rng.randint(1, 4)}", {
        "instance": pod}


def _schedule_noise(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "xm-schedule", t)
    c = w.rng.choice(tuple(CINEMAS))
    roll = w.rng.random()
    if roll < 0.5:
        return "INFO", f"schedule sync to LTS {c}: {w.rng.randint(20, 60)} shows of 2027-06-1{w.rng.randint(1, 3)}, 0 conflicts", {
            "instance": pod}
    if roll < 0.9:
        return "INFO", f"prices published for {c} {CINEMAS[c]}: {w.rng.randint(20, 60)} shows", {"instance": pod}
    return "WARN", (f"show S-{c}-0{w.rng.randint(2, 8)}-0612-{w.rng.randint(10, 22)}{w.rng.choice(('00', '30'))}: 清场 "
                    f"{w.rng.randint(10, 14)} min below the 15 min guideline (accepted)"), {"instance": pod}


def _member_noise(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "xm-member", t)
    roll = w.rng.random()
    if roll < 0.4:
        amount = w.rng.randint(35, 160) + 0.0
        return "INFO", (f"card pay M{_member(w)} order {_order_id(w)} ¥{amount:.2f} ok (balance after "
                        f"¥{w.rng.randint(200, 3000)}.{w.rng.randint(0, 99):02d})"), {"instance": pod}
    if roll < 0.65:
        return "INFO", HOLD_FROZEN.format(h=w.rng.randint(10**8, 10**9 - 1), m=_member(w), a=w.rng.randint(35, 160) + 0.0,
                                          o=_order_id(w)), {"instance": pod}
    if roll < 0.85:
        return "INFO", f"top-up M{_member(w)} ¥{w.rng.choice((200, 300, 500, 1000))}.00 via {w.rng.choice(CHANNELS[:2])} ok", {
            "instance": pod}
    if roll < 0.97:
        return "INFO", f"member level recalculated for M{_member(w)}: {w.rng.choice(('银卡', '金卡'))} kept", {"instance": pod}
    return "WARN", f"card M{_member(w)} pay PIN wrong ({w.rng.randint(1, 3)} of 5)", {"instance": pod}


def _promo_noise(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "xm-promo", t)
    roll = w.rng.random()
    kind = w.rng.choice(("VCH", "MT", "DY", "BANK"))
    if roll < 0.6:
        return "INFO", (f"redeem coupon {kind}-{w.rng.randint(10**7, 10**8 - 1)} order {_order_id(w)}: ok "
                        f"¥{w.rng.randint(5, 40)}.00 off"), {"instance": pod}
    if roll < 0.9:
        return "INFO", f"coupon pool {kind}: remaining {w.rng.randint(2000, 90000)}", {"instance": pod}
    return "WARN", f"redeem coupon DY-{w.rng.randint(10**7, 10**8 - 1)}: 券码不存在 (user input)", {"instance": pod}


def _concession_noise(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "xm-concession", t)
    roll = w.rng.random()
    c = w.rng.choice([code for code in CINEMAS if not (code in YUNGUI and _inside("stocktake", t))])
    if roll < 0.4 and _open(t):
        return "INFO", (f"concession order CO{w.rng.randint(10**9, 10**10 - 1)} at {c} paid ¥{w.rng.randint(25, 120)}.00: "
                        f"爆米花(大) x{w.rng.randint(1, 2)}, 可乐(中) x{w.rng.randint(1, 3)}, pickup {w.rng.randint(100, 999)}"), {
            "instance": pod}
    if roll < 0.75:
        pos = "云柜 YG-POS" if c in YUNGUI else "辰星 CX-POS"
        return "INFO", STOCK_SYNC.format(pos=pos, c=c, name=CINEMAS[c], mode="NORMAL", n=36, z=w.rng.randint(0, 3)), {
            "instance": pod}
    if roll < 0.95:
        return "INFO", f"GET /concession/v1/menu cinema={c} 200 skus=36 took={w.ms(10, 60)}ms", {"instance": pod,
                                                                                               "log_type": "access"}
    return "WARN", f"concession order CO{w.rng.randint(10**9, 10**10 - 1)} at {c}: not picked up 30 min after show start, reminder sent", {
        "instance": pod}


def _kdm_noise(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "xm-kdm", t)
    if w.rng.random() < 0.5:
        return "INFO", f"KDM expiry scan: {w.rng.randint(20, 400)} KDMs expire within 48 h, reminders sent to distributors", {
            "instance": pod}
    return "INFO", f"KDM inbox poll 华影发行/中影数字/博纳发行: {w.rng.randint(0, 6)} new KDM mails", {"instance": pod}


def _dcp_noise(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "xm-dcp", t)
    if w.rng.random() < 0.75:
        if t < _y("23:00"):
            c = w.rng.choice(tuple(CINEMAS))
            freq, fw = "12.380 GHz H", "3.1.7" if c in SAT_OLD else "3.4.2"
        else:
            c = w.rng.choice([code for code in CINEMAS if code not in SAT_OLD])
            freq, fw = "12.420 GHz V", "3.4.2"
        return "INFO", RX_STATUS.format(c=c, lock="YES", f=freq, e=w.rng.uniform(8.2, 11.0), fw=fw, d=w.rng.randint(40, 78)), {
            "instance": pod}
    return "INFO", f"terrestrial fast lane: {w.rng.randint(0, 3)} transfers active, {w.rng.randint(0, 900)} GB queued", {
        "instance": pod}


def _tms_noise(w: WorldBuilder, t: dt.datetime) -> Line:
    avoid = PREVIEW if _inside("purge", t) else ()
    c = w.rng.choice([code for code in CINEMAS if code not in avoid])
    instance = f"tms-{c}"
    if not _open(t) or t < _t("09:00") and t.date() == DAY:
        return "INFO", (f"library {w.rng.randint(40, 90)} packages, {w.rng.randint(48, 80)}% used; projectors "
                        f"{w.rng.randint(6, 9)}/{w.rng.randint(9, 10)} idle, heartbeat ok"), {"instance": instance, "trace": False}
    roll = w.rng.random()
    show, _, film = _show(w, t, cinemas=(c,), ahead=(45, 55) if roll < 0.5 else (0, 1))
    hall = show.split("-")[2]
    cpl = CPL_VF if film == XHYZ else w.rng.choice(OTHER_CPLS)
    if roll < 0.5:
        return "INFO", f"preshow check show {show} screen {c}-{hall}: content complete, KDM valid, SPL ok", {
            "instance": instance, "trace": False}
    if roll < 0.95:
        return "INFO", (f"show {show} started: SPL {cpl}, laser {w.rng.randint(3000, 19000)} h, sound 7.1, on time"), {
            "instance": instance, "trace": False}
    return "WARN", f"screen {c}-{hall}: projector filter temperature {w.rng.randint(41, 46)}°C (limit 50°C)", {
        "instance": instance, "trace": False}


def _perf_noise(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "xm-perf", t)
    return "INFO", f"perf platform: {w.rng.randint(8, 12)} load agents idle, {w.rng.randint(0, 3)} plans scheduled", {
        "instance": pod}


def _notify_noise(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "xm-notify", t)
    roll = w.rng.random()
    if roll < 0.6:
        return "INFO", f"sms batch sent: {w.rng.randint(20, 600)} 取票码短信, carrier receipts {w.rng.randint(96, 100)}%", {
            "instance": pod}
    if roll < 0.95:
        return "INFO", f"push sent: {w.rng.randint(100, 4000)} 开场提醒", {"instance": pod}
    return "WARN", f"sms to 1{w.rng.randint(30, 99)}****{w.rng.randint(1000, 9999)}: receipt delayed by carrier, kept", {
        "instance": pod}


def _cms_noise(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "xm-cms", t)
    roll = w.rng.random()
    if roll < 0.7:
        return "INFO", f"GET /cms/v1/films/{w.rng.randint(1000, 1400)} 200 took={w.ms(6, 40)}ms", {"instance": pod,
                                                                                                 "log_type": "access"}
    if roll < 0.95:
        return "INFO", f"poster crop job: {w.rng.randint(2, 40)} images, cdn purge ok", {"instance": pod}
    return "WARN", f"poster {w.rng.randint(1000, 1400)}-{w.rng.randint(1, 9)} larger than 2 MB, recompressed", {"instance": pod}


def _node_noise(w: WorldBuilder, t: dt.datetime) -> Line:
    node = w.rng.choice([n for n in GENERAL_NODES if n != DISK_NODE])
    if w.rng.random() < 0.6:
        return "INFO", f"kubelet: image garbage collection: usage {w.rng.randint(30, 62)}% below threshold 85%", {
            "instance": node, "trace": False}
    return "INFO", f"node-exporter: load average {w.rng.uniform(1.0, 6.0):.1f}, memory available {w.rng.randint(20, 60)}%", {
        "instance": node, "trace": False}


NOISE = {
    "xm-seat": (_seat_noise, 30), "xm-order": (_order_noise, 30), "xm-checkin": (_checkin_noise, 45),
    "xm-schedule": (_schedule_noise, 300), "xm-member": (_member_noise, 60), "xm-promo": (_promo_noise, 90),
    "xm-concession": (_concession_noise, 60), "xm-kdm": (_kdm_noise, 600), "xm-dcp": (_dcp_noise, 300),
    "xm-tms": (_tms_noise, 120), "xm-perf": (_perf_noise, 1800), "xm-notify": (_notify_noise, 120),
    "xm-cms": (_cms_noise, 180), "xm-k8s-node": (_node_noise, 600),
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


# --- Incident 1: the KDM for the old media block ---------------------------------------------------------------------------
def kdm_recipient(w: WorldBuilder) -> None:
    tms, kdm = "xm-tms", "xm-kdm"
    w.log(_y("23:50:12.118"), tms, "INFO", IMB_REPLACED, instance=f"tms-{KDM_CINEMA}", trace=False, change="ops")
    w.log(_y("23:58:40.204"), tms, "INFO", IMB_CLOSED, instance=f"tms-{KDM_CINEMA}", trace=False)
    w.log(_t("02:00:30.330"), kdm, "INFO", TDL_EXPORT, instance=ROLLOUTS[kdm][0][1][0], job="tdl-export")
    w.log(_t("04:10:20.441"), kdm, "INFO", KDM_BATCH, instance=ROLLOUTS[kdm][0][1][0], job="kdm-intake")
    w.log(_t("04:12:10.551"), kdm, "INFO", KDM_DIST, instance=ROLLOUTS[kdm][0][1][1], job="kdm-intake")
    others = [c for c in CINEMAS if c != KDM_CINEMA]
    for index, c in enumerate(others[:12]):
        w.log(_t("04:13:00") + dt.timedelta(seconds=13 * index, milliseconds=w.rng.randint(0, 999)), tms, "INFO",
              KDM_INGEST_OK.format(n=w.rng.randint(5, 9), c=c), instance=f"tms-{c}", trace=False)
    w.log(_t("04:14:30.118"), tms, "WARN", KDM_ORPHAN, instance=f"tms-{KDM_CINEMA}", trace=False)
    w.log(_t("08:30:10.204"), tms, "INFO", HALL1_CLOSED, instance=f"tms-{KDM_CINEMA}", trace=False)
    w.log(_t("18:00:10.330"), tms, "INFO", TMS_LEAD, instance="tms-fleet-manager", trace=False, change="config")
    w.log(_t("18:05:10.441"), kdm, "INFO", KDM_DEPLOY, instance=ROLLOUTS[kdm][1][1][0], change="deploy")
    _rolled(w, kdm, 1, "KdmApplication 2.9.0 started in {s} seconds")
    for moment in _every(w, "18:40:05", "19:28", 290, 310):
        w.log(moment, tms, "ERROR", KDM_CHECK, instance=f"tms-{KDM_CINEMA}", trace=False)
    _ops(w, "19:05:20.551", tms, "hz0106_mgr_sunyu: 1 号厅 19:30 首映场开场检查一直报 KDM 不匹配，IMB 昨晚刚换过")
    w.log(_t("19:28:10.118"), "xm-order", "INFO", SHOW_CANCELLED_KDM, instance=_pod(w, "xm-order", _t("19:28")))
    _ops(w, "19:20:30.204", kdm, KDM_NOTE)
    w.log(_t("19:44:10.330"), kdm, "INFO", KDM_REGISTRY_FIX, instance=ROLLOUTS[kdm][1][1][0], change="ops")
    w.log(_t("20:28:20.441"), kdm, "INFO", KDM_EMERGENCY, instance=ROLLOUTS[kdm][1][1][1], job="kdm-intake")
    w.log(_t("20:31:40.551"), tms, "INFO", KDM_INGEST_FIX, instance=f"tms-{KDM_CINEMA}", trace=False)
    w.alert("PreshowKdmCheckFailed", tms, "critical", _t("18:41"), _t("20:35"), "1 场",
            "杭州湖滨店 1号厅 开场前检查 KDM 无效 1 场", namespace=NS, cinema=KDM_CINEMA)


# --- Incident 2: the content purge at the preview cinemas -----------------------------------------------------------------------
def content_purge(w: WorldBuilder) -> None:
    tms, dcp, order = "xm-tms", "xm-dcp", "xm-order"
    w.log(_t("02:10:10.118"), tms, "INFO", TMS_AGENT_DEPLOY, instance="tms-fleet-manager", trace=False, change="deploy")
    for index, c in enumerate(PREVIEW):
        w.log(_t("03:30:05") + dt.timedelta(seconds=41 * index, milliseconds=w.rng.randint(0, 999)), tms, "INFO", PURGE_DELETED,
              instance=f"tms-{c}", trace=False, job="content-purge")
    for index, c in enumerate([c for c in CINEMAS if c not in PREVIEW][:10]):
        w.log(_t("03:30:20") + dt.timedelta(seconds=37 * index, milliseconds=w.rng.randint(0, 999)), tms, "INFO",
              PURGE_KEPT.format(n=w.rng.randint(0, 2), gb=w.rng.choice(("0.0", "118.4", "96.2", "203.5")), m=w.rng.randint(2, 40)),
              instance=f"tms-{c}", trace=False, job="content-purge")
    cancelled = 0
    for moment in _every(w, "08:20", "11:05", 60, 150):
        c = w.rng.choice(PREVIEW)
        hall = w.rng.randint(2, 8)
        start = moment + dt.timedelta(minutes=40)
        show = f"S-{c}-{hall:02d}-0611-{start:%H}{(start.minute // 10) * 10:02d}"
        w.log(moment, tms, "ERROR", ASSET_MISSING.format(show=show, screen=f"{c}-{hall:02d}"), instance=f"tms-{c}", trace=False)
        if w.rng.random() < 0.35 and cancelled < 24:
            cancelled += 1
            w.log(moment + dt.timedelta(minutes=w.rng.randint(15, 30)), order, "INFO",
                  SHOW_CANCELLED.format(show=show, name=CINEMAS[c], n=w.rng.randint(18, 140)), instance=_pod(w, order, moment))
    _ops(w, "08:45:10.204", tms, PURGE_NOTE)
    w.log(_t("09:05:10.330"), tms, "INFO", PURGE_OFF, instance="tms-fleet-manager", trace=False, change="config")
    w.log(_t("09:10:20.441"), dcp, "INFO", REDELIVERY, instance=ROLLOUTS[dcp][1][1][0], job="fast-lane")
    for index, c in enumerate(PREVIEW):
        w.log(_t("10:38:00") + dt.timedelta(minutes=3 * index, seconds=w.rng.randint(0, 50)), tms, "INFO", REINGEST,
              instance=f"tms-{c}", trace=False)
    w.log(_t("11:05:30.551"), dcp, "INFO", REDELIVERY_DONE, instance=ROLLOUTS[dcp][1][1][0], job="fast-lane")
    w.alert("PreshowAssetMissing", tms, "critical", _t("08:22"), _t("11:10"), "3 家",
            "开场前检查素材缺失的影城 3 家，超过阈值 0", namespace=NS)


# --- Incident 3: the seat layout v7 ------------------------------------------------------------------------------------------------
def seat_layout(w: WorldBuilder) -> None:
    seat, checkin = "xm-seat", "xm-checkin"
    w.log(_t("16:50:20.118"), seat, "INFO", LAYOUT_PUBLISH, instance=_pod(w, seat, _t("16:50")), change="ops")
    w.log(_t("16:50:21.204"), seat, "INFO", LAYOUT_APPLIED, instance=_pod(w, seat, _t("16:50")))
    resold: list[tuple[str, dt.datetime]] = []
    taken: set[str] = set()
    for moment in _every(w, "16:52", "19:40", 150, 290):
        label = f"{w.rng.randint(3, 12)}排{w.rng.randint(3, 16)}座"
        if label in taken:
            continue
        taken.add(label)
        w.log(moment, seat, "INFO", DOUBLE_LOCK.format(seat=label, u=_uid(w), ms=w.ms(18, 80)), instance=_pod(w, seat, moment),
              log_type="access")
        resold.append((label, moment))
    w.log(_t("19:00:10.330"), checkin, "INFO", CHECKIN_OPEN, instance=ROLLOUTS[checkin][0][1][0], change="config")
    gates = _every(w, "19:15", "20:05", 25, 70)
    dups = iter(resold)
    for index, moment in enumerate(gates):
        duplicate = moment >= _t("19:26") and index % 2 == 0
        pair = next(dups, None) if duplicate else None
        if pair is not None:
            label, _ = pair
            w.log(moment, checkin, "WARN", DUP_CHECKIN.format(t=w.rng.randint(10**11, 10**12 - 1), seat=label,
                                                                g=w.rng.randint(1, 3), other=w.rng.randint(10**11, 10**12 - 1),
                                                                d=w.rng.choice(("07", "08", "09", "10")),
                                                                hm=f"{w.rng.randint(9, 22):02d}:{w.rng.randint(0, 59):02d}"),
                  instance=f"gate-{SEAT_CINEMA}", trace=False)
        else:
            w.log(moment, checkin, "INFO", f"ticket T{w.rng.randint(10**11, 10**12 - 1)} show {SEAT_SHOW} seat "
                  f"{w.rng.randint(1, 14)}排{w.rng.randint(1, 18)}座 checked in at gate SH0203-G{w.rng.randint(1, 3)}",
                  instance=f"gate-{SEAT_CINEMA}", trace=False)
    _ops(w, "19:50:10.441", checkin, CHECKIN_NOTE)
    _ops(w, "20:05:20.551", seat, SEAT_NOTE_MAP)
    w.log(_t("20:20:10.118"), seat, "INFO", LAYOUT_REMAP, instance=_pod(w, seat, _t("20:20")), change="ops")
    w.alert("DuplicateSeatCheckin", checkin, "warning", _t("19:41"), _t("20:25"), "5 次/10分钟",
            "上海静安店 同一座位重复检票 5 次/10分钟，超过阈值 3", namespace=NS, cinema=SEAT_CINEMA)


# --- Incident 4: the distributor's price floor ------------------------------------------------------------------------------------
FAIL_SERIES: Keyframes = [(START, 0.3), (_t("17:59"), 0.4), (_t("18:00"), 0.9), (_t("18:08"), 6.2), (_t("19:00"), 18.5),
                          (_t("19:30"), 22.6), (_t("19:31"), FAIL_PEAK), (_t("19:32"), 22.4), (_t("20:30"), 17.0),
                          (_t("20:50"), 15.2), (_t("20:53"), 0.6), (REFERENCE, 0.4)]


def price_floor(w: WorldBuilder) -> None:
    sched, order = "xm-schedule", "xm-order"
    w.log(_t("10:20:10.118"), sched, "INFO", PF_IMPORT, instance=ROLLOUTS[sched][0][1][0], job="price-floor-import")
    w.log(_t("10:21:40.204"), sched, "INFO", PRICES_PUBLISHED, instance=ROLLOUTS[sched][0][1][0], job="price-publish")
    w.log(_t("17:40:10.330"), order, "INFO", ORDER_LTS_TIMEOUT, instance=_pod(w, order, _t("17:40")), change="config")
    for moment in _every(w, "18:00:20", "20:50", 12, 30):
        show, c, _ = _show(w, moment, film=XHYZ)
        fmt = _hall_format(int(show.split("-")[2]))
        listed = LIST_PRICE[fmt]
        if w.rng.random() < 0.55:
            w.log(moment, order, "WARN", ISSUE_REJECT.format(o=_order_id(w), show=show, c=c, p=listed * DISCOUNT["金卡"],
                                                             f=FLOOR[fmt], lst=listed), instance=_pod(w, order, moment))
        else:
            kind = w.rng.choice(("非会员", "银卡"))
            price = listed if kind == "非会员" else listed * DISCOUNT["银卡"]
            w.log(moment, order, "INFO", ISSUE_OK.format(o=_order_id(w), show=show, film=XHYZ, c=c, n=w.rng.randint(1, 4),
                                                         p=price, kind=kind, ms=w.ms(300, 1400)), instance=_pod(w, order, moment))
    _ops(w, "18:30:10.441", order, FLOOR_NOTE)
    w.log(_t("20:50:10.551"), order, "INFO", FLOOR_FIX, instance=_pod(w, order, _t("20:50")), change="config")
    w.alert("TicketIssueFailRateHigh", order, "critical", _t("18:08"), _t("20:58"), FAIL_ALERT,
            "出票失败率 6.2%，超过阈值 5%", namespace=NS)


# --- Incident 5: transparent huge pages on node-07 ------------------------------------------------------------------------------
LATENCY_SERIES: Keyframes = [(START, 160), (_y("23:30"), 70), (_t("09:00"), 90), (_t("15:10"), 140), (_t("15:31"), 420),
                             (_t("15:50"), 150), (_t("17:30"), 160), (_t("18:50"), 240), (_t("19:02"), 1520),
                             (_t("19:40"), 2900), (_t("20:06"), 3690), (_t("20:07"), LATENCY_PEAK), (_t("20:08"), 3710),
                             (_t("20:40"), 3100), (_t("21:10"), 2500), (REFERENCE, 2240)]


def node_thp(w: WorldBuilder) -> None:
    seat, node = "xm-seat", "xm-k8s-node"
    for index, n in enumerate(NODES):
        w.log(_t("03:00:10") + dt.timedelta(seconds=7 * index), node, "INFO", THP_OK, instance=n, trace=False,
              job="node-baseline-audit")
    w.log(_t("11:30:10.118"), node, "INFO", NODE_REIMAGE, instance=BAD_NODE, trace=False, change="ops")
    w.log(_t("11:36:20.204"), node, "INFO", NODE_REGISTERED, instance=BAD_NODE, trace=False)
    w.log(_t("11:37:05.330"), node, "INFO", THP_LINE, instance=BAD_NODE, trace=False, job="node-baseline-audit")
    w.log(_t("17:20:10.441"), node, "INFO", NODE_UNCORDON, instance=BAD_NODE, trace=False)
    _ops(w, "17:30:05.551", seat, SEAT_SCALE)
    _rolled(w, seat, 1, "SeatApplication 3.21.4 started in {s} seconds")
    for moment in _every(w, "17:32", "18:50", 20, 40):
        show, _, _ = _show(w, moment)
        w.log(moment, seat, "INFO", SLOW_LOCK.format(show=show, n=w.rng.randint(1, 4), u=_uid(w), ms=w.ms(22, 95)),
              instance=w.rng.choice(ON_BAD_NODE), log_type="access")
    w.log(_t("18:40:10.118"), seat, "INFO", SEAT_MAX, instance=_pod(w, seat, _t("18:40")), change="config")
    for moment in _every(w, "18:50", REFERENCE, 9, 17):
        show, _, _ = _show(w, moment)
        took = w.ms(1600, 4300)
        if w.rng.random() < 0.55:
            w.log(moment, seat, "WARN", LOCK_TIMEOUT.format(show=show, n=w.rng.randint(1, 4), ms=took),
                  instance=w.rng.choice(ON_BAD_NODE), log_type="access")
        else:
            w.log(moment, seat, "INFO", SLOW_LOCK.format(show=show, n=w.rng.randint(1, 4), u=_uid(w), ms=took),
                  instance=w.rng.choice(ON_BAD_NODE), log_type="access")
    for moment in _every(w, "17:35", REFERENCE, 280, 320):
        stalled = moment >= _t("18:50")
        w.log(moment, node, "INFO", NODE_STALL.format(s=w.rng.randint(900, 2400) if stalled else w.rng.randint(0, 20),
                                                      f=w.rng.randint(6000, 14000) if stalled else w.rng.randint(200, 900),
                                                      k=w.rng.randint(28, 46) if stalled else w.rng.randint(1, 4),
                                                      psi=w.rng.uniform(30, 52) if stalled else w.rng.uniform(0, 2),
                                                      b=w.rng.randint(38, 55) if stalled else w.rng.randint(20, 35)),
              instance=BAD_NODE, trace=False)
    _ops(w, "19:30:20.204", seat, THP_NOTE)
    w.alert("SeatLockLatencyHigh", seat, "critical", _t("19:02"), None, LATENCY_ALERT,
            "锁座 P99 延迟 1520ms，超过阈值 1500ms", namespace=NS)


# --- Incident 6: the load test on production ---------------------------------------------------------------------------------------
LOCK_RPS: Keyframes = [(START, 260), (_y("23:30"), 40), (_t("02:00"), 6), (_t("08:30"), 60), (_t("12:00"), 150),
                       (_t("15:08"), 170), (_t("15:12"), 2050), (_t("15:30"), 2790), (_t("15:31"), LOCK_RPS_PEAK),
                       (_t("15:32"), 2805), (_t("15:47"), 2400), (_t("15:49"), 190), (_t("17:30"), 420), (_t("19:00"), 1180),
                       (_t("19:40"), 1380), (_t("20:30"), 1100), (REFERENCE, 640)]


def load_test(w: WorldBuilder) -> None:
    seat, perf = "xm-seat", "xm-perf"
    w.log(_y("22:10:10.118"), perf, "INFO", PERF_EARLIER, instance=ROLLOUTS[perf][0][1][0], job="perf-test")
    w.log(_t("15:05:10.204"), seat, "INFO", SEAT_CACHE, instance=_pod(w, seat, _t("15:05")), change="config")
    w.log(_t("15:08:30.330"), perf, "INFO", PERF_START, instance=ROLLOUTS[perf][0][1][0], job="perf-test")
    for moment in _every(w, "15:09", "15:47:30", 1, 3):
        show, _, _ = _show(w, moment, film=XHYZ)
        w.log(moment, seat, "INFO", PT_LOCK.format(show=show, n=w.rng.randint(2, 6), u=w.rng.randint(1, 600), ms=w.ms(40, 260)),
              instance=_pod(w, seat, moment), log_type="access")
    for moment in _every(w, "15:12", "15:50", 8, 20):
        show, _, _ = _show(w, moment, film=XHYZ)
        w.log(moment, seat, "WARN", USER_409.format(show=show, n=w.rng.randint(1, 3), u=_uid(w), seat=_seat(w)),
              instance=_pod(w, seat, moment), log_type="access")
    _ops(w, "15:25:10.441", seat, LOCK_NOTE)
    w.log(_t("15:47:40.551"), perf, "INFO", PERF_STOP, instance=ROLLOUTS[perf][0][1][0], job="perf-test")
    w.log(_t("15:50:10.118"), seat, "INFO", LOCKS_RELEASED, instance=_pod(w, seat, _t("15:50")), change="ops")
    w.alert("SeatLockConflictHigh", seat, "warning", _t("15:18"), _t("16:05"), CONFLICT_ALERT,
            "锁座冲突（409）比例 12.4%，超过阈值 10%", namespace=NS)


# --- Incident 7: the POS vendor's stocktake -------------------------------------------------------------------------------------
def stocktake(w: WorldBuilder) -> None:
    conc = "xm-concession"
    w.log(_t("18:20:10.118"), conc, "INFO", CONC_DEPLOY, instance=ROLLOUTS[conc][1][1][0], change="deploy")
    _rolled(w, conc, 1, "ConcessionApplication 2.6.0 started in {s} seconds")
    for index, c in enumerate(YUNGUI):
        w.log(_t("18:29:02") + dt.timedelta(seconds=5 * index, milliseconds=w.rng.randint(0, 999)), conc, "INFO",
              STOCKTAKE_START.format(c=c, name=CINEMAS[c]), instance=_pod(w, conc, _t("18:29")), trace=False)
    for moment in _every(w, "18:30", "19:47:50", 40, 90):
        c = w.rng.choice(YUNGUI)
        w.log(moment, conc, "INFO", STOCK_SYNC.format(pos="云柜 YG-POS", c=c, name=CINEMAS[c], mode="STOCKTAKE", n=36, z=36),
              instance=_pod(w, conc, moment))
    for moment in _every(w, "18:31", "19:49", 20, 50):
        c = w.rng.choice(YUNGUI)
        w.log(moment, conc, "WARN", MENU_SOLDOUT.format(c=c, n=36), instance=_pod(w, conc, moment), log_type="access")
    _ops(w, "19:10:10.204", conc, STOCK_NOTE)
    for index, c in enumerate(YUNGUI):
        moment = _t("19:48:02") + dt.timedelta(seconds=4 * index, milliseconds=w.rng.randint(0, 999))
        w.log(moment, conc, "INFO", STOCKTAKE_CANCEL.format(c=c, name=CINEMAS[c]), instance=_pod(w, conc, moment), trace=False)
        w.log(moment + dt.timedelta(seconds=50), conc, "INFO",
              STOCK_SYNC.format(pos="云柜 YG-POS", c=c, name=CINEMAS[c], mode="NORMAL", n=36, z=w.rng.randint(0, 2)),
              instance=_pod(w, conc, moment))
    w.alert("ConcessionSoldOutHigh", conc, "warning", _t("18:36"), _t("19:58"), "9 家",
            "卖品全部售罄的影城 9 家，超过阈值 3", namespace=NS)


# --- Incident 8: the coupons valid to the day's start ------------------------------------------------------------------------------
def coupon_end(w: WorldBuilder) -> None:
    member, promo = "xm-member", "xm-promo"
    w.log(_t("00:30:10.118"), member, "INFO", BEN_BATCH, instance=ROLLOUTS[member][0][1][0], job="benefit-issue")
    coupons = [w.rng.randint(10**7, 10**8 - 1) for _ in range(40)]
    for index, number in enumerate(coupons[:10]):
        w.log(_t("00:30:30") + dt.timedelta(seconds=9 * index), member, "INFO",
              BEN_SAMPLE.format(n=number, m=_member(w), card=w.rng.choice(("金卡", "银卡"))), instance=ROLLOUTS[member][0][1][0],
              trace=False, job="benefit-issue")
    w.log(_t("08:50:10.204"), promo, "INFO", PROMO_STACK, instance=_pod(w, promo, _t("08:50")), change="config")
    for moment in _every(w, "08:02", "12:30", 45, 120):
        w.log(moment, promo, "WARN", COUPON_EXPIRED.format(n=w.rng.choice(coupons), o=_order_id(w), m=_member(w)),
              instance=_pod(w, promo, moment))
    _ops(w, "09:40:10.330", promo, COUPON_NOTE)
    w.log(_t("12:30:10.441"), member, "INFO", BEN_FIX, instance=ROLLOUTS[member][0][1][1], job="benefit-issue")
    for moment in _every(w, "12:32", "14:00", 200, 500):
        w.log(moment, promo, "INFO", f"redeem coupon UPG-XHYZ-{w.rng.choice(coupons)} order {_order_id(w)}: ok, XMAX 升级",
              instance=_pod(w, promo, moment))
    w.alert("CouponRedeemFailHigh", promo, "warning", _t("09:12"), _t("12:48"), "18.6%",
            "券核销失败率 18.6%，超过阈值 10%", namespace=NS)


# --- Incident 9: the satellite carrier change ------------------------------------------------------------------------------------
ATMOS_SERIES: Keyframes = [(START, 0), (_t("05:05"), 0), (_t("05:20"), 4), (_t("06:00"), 7), (_t("06:40"), 10),
                           (_t("07:20"), 13), (_t("07:29"), 13), (_t("07:30"), ATMOS_PEAK), (_t("07:31"), 13), (_t("09:00"), 13),
                           (_t("11:00"), 9), (_t("12:30"), 2), (_t("12:40"), 0), (REFERENCE, 0)]


def satellite(w: WorldBuilder) -> None:
    dcp = "xm-dcp"
    old, new = ROLLOUTS[dcp][0][1], ROLLOUTS[dcp][1][1]
    w.log(_y("22:30:10.118"), dcp, "INFO", SAT_NOTICE, instance=old[0], trace=False)
    for moment in _every(w, _y("23:05"), _t("08:35"), 500, 800):
        c = w.rng.choice([c for c in SAT_OLD if c != "NC1201" or moment < _t("07:31")])
        w.log(moment, dcp, "INFO", RX_STATUS.format(c=c, lock="NO", f="12.380 GHz H", e=0.0, fw="3.1.7", d=w.rng.randint(40, 70)),
              instance=_pod(w, dcp, moment))
    for moment in _every(w, "08:40", REFERENCE, 900, 1500):
        c = w.rng.choice(SAT_OLD)
        w.log(moment, dcp, "INFO", RX_STATUS.format(c=c, lock="YES", f="12.420 GHz V", e=w.rng.uniform(8.2, 10.6), fw="3.1.7",
                                                    d=w.rng.randint(50, 80)), instance=_pod(w, dcp, moment))
    w.log(_t("00:20:10.204"), dcp, "INFO", DCP_DEPLOY, instance=new[0], change="deploy")
    _rolled(w, dcp, 1, "DcpApplication 1.12.0 started in {s} seconds")
    w.log(_t("01:00:10.330"), dcp, "INFO", BC_START, instance=new[0], job="broadcast")
    w.log(_t("05:00:20.441"), dcp, "INFO", BC_END, instance=new[0], job="broadcast")
    for index, c in enumerate(SAT_OLD):
        moment = _t("05:10") + dt.timedelta(minutes=10 * index, seconds=w.rng.randint(0, 59))
        w.log(moment, dcp, "WARN", DL_MISSING.format(c=c, name=CINEMAS[c]), instance=w.rng.choice(new))
    for index, c in enumerate([c for c in CINEMAS if c not in SAT_OLD][:10]):
        w.log(_t("05:06") + dt.timedelta(minutes=3 * index, seconds=w.rng.randint(0, 59)), dcp, "INFO",
              f"delivery BC-XHYZ-ATMOS at RX-{c} ({CINEMAS[c]}): 100% received, hash OK", instance=w.rng.choice(new))
    w.log(_t("07:31:10.551"), dcp, "INFO", DL_LOCAL, instance=new[1])
    _ops(w, "07:50:10.118", dcp, DCP_NOTE)
    w.log(_t("08:35:10.204"), dcp, "INFO", RETUNE, instance=new[0], change="ops")
    w.log(_t("09:00:10.330"), dcp, "INFO", RB_START, instance=new[0], job="broadcast")
    w.log(_t("12:40:10.441"), dcp, "INFO", RB_DONE, instance=new[0], job="broadcast")
    w.alert("DcpDeliveryIncomplete", dcp, "warning", _t("05:20"), _t("12:50"), ATMOS_ALERT,
            "杜比全景声版本未送达的影城 4 家，超过阈值 0", namespace=NS)


# --- Incident 10: the holds no longer unfrozen -------------------------------------------------------------------------------------
FROZEN_SERIES: Keyframes = [(START, 182_000), (_y("22:40"), 184_000), (_t("02:00"), 420_000), (_t("09:00"), 910_000),
                            (_t("12:00"), 1_420_000), (_t("16:44"), 2_060_000), (_t("16:46"), 186_000), (REFERENCE, 214_000)]
DECLINE_SERIES: Keyframes = [(START, 0.6), (_t("10:20"), 0.9), (_t("11:30"), 3.2), (_t("13:05"), 8.4), (_t("15:00"), 12.9),
                             (_t("16:40"), 14.1), (_t("16:48"), 0.8), (REFERENCE, 0.6)]


def hold_leak(w: WorldBuilder) -> None:
    order, member = "xm-order", "xm-member"
    w.log(_y("22:40:10.118"), order, "INFO", ORDER_DEPLOY, instance=ROLLOUTS[order][1][1][0], change="deploy")
    _rolled(w, order, 1, "OrderApplication 5.14.0 started in {s} seconds")
    for moment in _every(w, START + dt.timedelta(minutes=2), _t("16:40"), 120, 420):
        if not _open(moment) and w.rng.random() < 0.7:
            continue
        o, m = _order_id(w), _member(w)
        if moment < _y("22:41"):
            w.log(moment, order, "INFO", CLOSE_OLD.format(o=o, h=w.rng.randint(10**8, 10**9 - 1), a=w.rng.randint(40, 160) + 0.0,
                                                          m=m), instance=_pod(w, order, moment))
        else:
            w.log(moment, order, "INFO", CLOSE_NEW.format(o=o, m=m), instance=_pod(w, order, moment))
    w.log(_t("12:10:10.204"), member, "INFO", MEMBER_SMS, instance=_pod(w, member, _t("12:10")), change="config")
    for moment in _every(w, "10:30", "16:45", 40, 110):
        amount = w.rng.randint(45, 160) + 0.0
        balance = w.rng.randint(int(amount) + 20, 600) + w.rng.randint(0, 99) / 100
        available = round(w.rng.uniform(0, 30), 2)
        w.log(moment, member, "WARN", PAY_DECLINED.format(m=_member(w), o=_order_id(w), a=amount, b=balance,
                                                          f=balance - available, v=available),
              instance=_pod(w, member, moment))
    _ops(w, "15:40:10.330", member, MEMBER_NOTE)
    w.log(_t("16:40:10.441"), order, "INFO", ORDER_FIX_DEPLOY, instance=ROLLOUTS[order][2][1][0], change="deploy")
    _rolled(w, order, 2, "OrderApplication 5.14.1 started in {s} seconds")
    w.log(_t("16:45:20.551"), member, "INFO", HOLDS_RELEASED, instance=ROLLOUTS[member][0][1][2], job="hold-release")
    for moment in _every(w, "16:46", "21:30", 600, 1200):
        o, m = _order_id(w), _member(w)
        w.log(moment, order, "INFO", CLOSE_FIXED.format(o=o, h=w.rng.randint(10**8, 10**9 - 1), a=w.rng.randint(40, 160) + 0.0,
                                                        m=m), instance=_pod(w, order, moment))
    w.alert("MemberCardPayDeclinedHigh", member, "warning", _t("13:05"), _t("16:55"), "8.4%",
            "会员卡支付拒绝率 8.4%，超过阈值 8%", namespace=NS)


# --- Unrelated: node-03's image filesystem, node-02's CPU; the healthy services' changes ------------------------------------------
def other_events(w: WorldBuilder) -> None:
    for moment in _every(w, "20:08", REFERENCE, 500, 700):
        w.log(moment, "xm-k8s-node", "WARN", DISK_LINE.format(p=w.rng.randint(86, 88)), instance=DISK_NODE, trace=False)
    w.alert("NodeFilesystemAlmostFull", "xm-k8s-node", "warning", _t("20:12"), None, "86%",
            f"{DISK_NODE} 镜像文件系统使用率 86%，超过阈值 85%（工单 INFRA-0611-07）", instance=DISK_NODE)
    w.alert("HostCpuHigh", "xm-k8s-node", "warning", _t("02:00"), _t("02:35"), "91%",
            "xm-k8s-node-02 CPU 91%（夜间票房日报批处理）", instance="xm-k8s-node-02")
    w.log(_t("17:00:10.118"), "xm-notify", "INFO", NOTIFY_CONFIG, instance=ROLLOUTS["xm-notify"][0][1][0], change="config")
    w.log(_t("16:00:10.204"), "xm-cms", "INFO", CMS_DEPLOY, instance=ROLLOUTS["xm-cms"][1][1][0], change="deploy")
    _rolled(w, "xm-cms", 1, "CmsApplication 4.1.1 started in {s} seconds")


# --- Kubernetes state at 21:40 ------------------------------------------------------------------------------------------------
STEADY = (
    ("xm-order", 88, "2027-06-11T16:40:10+08:00", "release xm-order 5.14.1 (pipeline #7748)", "5.14.1"),
    ("xm-checkin", 31, "2027-05-28T01:00:00+08:00", "release xm-checkin 2.3.7", "2.3.7"),
    ("xm-schedule", 54, "2027-06-02T01:00:00+08:00", "release xm-schedule 6.0.2", "6.0.2"),
    ("xm-member", 47, "2027-06-04T01:00:00+08:00", "release xm-member 3.9.1", "3.9.1"),
    ("xm-promo", 39, "2027-06-07T01:00:00+08:00", "release xm-promo 2.12.0", "2.12.0"),
    ("xm-concession", 26, "2027-06-11T18:20:10+08:00", "release xm-concession 2.6.0 (pipeline #7752)", "2.6.0"),
    ("xm-kdm", 18, "2027-06-11T18:05:10+08:00", "release xm-kdm 2.9.0 (pipeline #7741)", "2.9.0"),
    ("xm-dcp", 22, "2027-06-11T00:20:10+08:00", "release xm-dcp 1.12.0 (pipeline #7733)", "1.12.0"),
    ("xm-perf", 9, "2027-05-20T01:00:00+08:00", "release xm-perf 1.4.0", "1.4.0"),
    ("xm-notify", 14, "2027-05-30T01:00:00+08:00", "release xm-notify 1.8.2", "1.8.2"),
    ("xm-cms", 35, "2027-06-11T16:00:10+08:00", "release xm-cms 4.1.1 (pipeline #7746)", "4.1.1"),
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
    for pod in SEAT_ALL:
        w.pod(namespace=NS, name=pod, service="xm-seat", phase="Running", ready="1/1", restarts=0, last_termination=None,
              waiting_reason=None, node=node_of(pod), observed_at=REFERENCE)
    _deployment(w, "xm-seat", 73, "2027-06-03T01:00:00+08:00", "release xm-seat 3.21.4", "3.21.4", 12, SEAT_ALL)
    hour_ago = REFERENCE - dt.timedelta(hours=1)
    for index, pod in enumerate(ON_BAD_NODE):
        w.event(type="Warning", reason="Unhealthy", object=f"Pod/{pod}",
                message=f"Readiness probe failed: Get \"http://10.44.7.{21 + index}:8080/actuator/health\": context deadline "
                        "exceeded (Client.Timeout exceeded while awaiting headers)",
                count=7 + 3 * index, first_seen=hour_ago + dt.timedelta(minutes=4 + index),
                last_seen=REFERENCE - dt.timedelta(minutes=3, seconds=13 * index))
    w.event(type="Warning", reason="ImageGCFailed", object=f"Node/{DISK_NODE}",
            message="failed to garbage collect required amount of images. Attempted to free 4831838208 bytes, but only found "
                    "0 bytes eligible to free.", count=6, first_seen=hour_ago + dt.timedelta(minutes=2),
            last_seen=REFERENCE - dt.timedelta(minutes=6))


# --- Metrics --------------------------------------------------------------------------------------------------------------------
def build_metrics(w: WorldBuilder) -> None:
    at = w.at
    day = [(at("08:00"), REFERENCE)]
    w.series("seat_lock_requests_per_sec", "xm-seat", "次/秒", LOCK_RPS, start=START, fine=day, spread=35, digits=0)
    w.series("seat_lock_conflict_ratio", "xm-seat", "%",
             [(START, 1.1), (at("15:10"), 1.3), (at("15:18"), 12.4), (at("15:35"), 31.5), (at("15:50"), 24.0),
              (at("16:05"), 1.6), (REFERENCE, 1.4)], start=START, fine=day, spread=0.4, digits=1, threshold=10)
    w.series("seat_lock_latency_p99_ms", "xm-seat", "ms", LATENCY_SERIES, start=START, fine=day, spread=40, digits=0,
             threshold=1500)
    w.series("node_compact_stall_per_min", "xm-k8s-node", "次/分钟",
             [(START, 3), (at("11:30"), 0), (at("17:30"), 4), (at("18:50"), 60), (at("19:10"), 1400), (at("20:05"), 2300),
              (REFERENCE, 1900)], start=START, fine=day, spread=20, digits=0, instance=BAD_NODE)
    w.series("duplicate_seat_checkins_per_10m", "xm-checkin", "次",
             [(START, 0), (at("19:25"), 0), (at("19:41"), 5), (at("19:55"), 9), (at("20:08"), 4), (at("20:25"), 0),
              (REFERENCE, 0)], start=START, fine=day, digits=0, threshold=3, cinema=SEAT_CINEMA)
    w.series("ticket_issue_fail_ratio", "xm-order", "%", FAIL_SERIES, start=START, fine=day, spread=0.3, digits=1, threshold=5)
    w.series("member_card_frozen_amount_yuan", "xm-member", "元", FROZEN_SERIES, start=START, spread=4000, digits=0)
    w.series("member_pay_declined_ratio", "xm-member", "%", DECLINE_SERIES, start=START, fine=day, spread=0.3, digits=1,
             threshold=8)
    w.series("coupon_redeem_fail_ratio", "xm-promo", "%",
             [(START, 1.2), (at("08:00"), 1.5), (at("09:12"), 18.6), (at("10:30"), 27.9), (at("12:30"), 24.0),
              (at("12:40"), 1.4), (REFERENCE, 1.1)], start=START, fine=day, spread=0.5, digits=1, threshold=10)
    w.series("concession_soldout_cinemas", "xm-concession", "家",
             [(START, 0), (at("18:29"), 0), (at("18:36"), 9), (at("19:49"), 9), (at("19:52"), 0), (REFERENCE, 0)],
             start=START, fine=day, digits=0, threshold=3)
    w.series("concession_orders_per_min", "xm-concession", "单/分钟",
             [(START, 90), (_y("23:30"), 8), (at("08:30"), 20), (at("12:00"), 120), (at("18:00"), 260), (at("18:30"), 250),
              (at("18:40"), 196), (at("19:50"), 205), (at("19:55"), 300), (REFERENCE, 190)], start=START, fine=day,
             spread=8, digits=0)
    w.series("dcp_atmos_undelivered_cinemas", "xm-dcp", "家", ATMOS_SERIES, start=START, fine=[(at("05:00"), at("13:00"))],
             digits=0, threshold=0)
    w.series("preshow_check_failures_per_10m", "xm-tms", "次",
             [(START, 0), (at("08:19"), 0), (at("08:22"), 3), (at("09:00"), 6), (at("10:40"), 4), (at("11:10"), 0),
              (at("18:39"), 0), (at("18:41"), 2), (at("19:28"), 2), (at("19:30"), 0), (REFERENCE, 0)], start=START,
             fine=day, digits=0, threshold=0)
    w.series("node_filesystem_used_percent", "xm-k8s-node", "%",
             [(START, 71), (at("18:00"), 79), (at("20:12"), 86), (REFERENCE, 87)], start=START, spread=0.3, digits=0,
             threshold=85, instance=DISK_NODE)
    for service, p99, threshold in (("xm-notify", 210, 1000), ("xm-cms", 95, 800)):
        w.series("http_5xx_ratio", service, "%", [(START, 0.03), (at("19:30"), 0.22), (REFERENCE, 0.06)],
                 start=START, spread=0.03, digits=2, threshold=2)
        w.series("http_p99_latency", service, "ms", [(START, p99 - 30), (at("19:40"), p99 + 180), (REFERENCE, p99)],
                 start=START, spread=12, digits=0, threshold=threshold)


# --- Runbooks --------------------------------------------------------------------------------------------------------------------
RUNBOOKS: list[tuple[str, str, str]] = [
    ("runbooks/tms/preshow-kdm.md", "开场前检查 KDM 无效处理手册", runbook(
        "开场前检查 KDM 无效处理手册", "适用于 xm-tms 开场前检查报 KDM 无效、场次无法放映。",
        ["PreshowKdmCheckFailed：开场前检查 KDM 无效"],
        ["看 KDM 的有效期与接收方（recipient）证书序列号，和影厅 IMB 当前序列号是否一致。",
         "查该影厅最近的设备维修、IMB/SM 更换记录，设备库与最近一次 TDL 导出是否包含新证书。"],
        ["影厅更换 IMB 后新证书未登记到设备库，发行方按旧 TDL 生成 KDM。", "KDM 尚未生效或已过期。", "KDM 未分发到影城。"],
        ["更新设备库并向发行方发送 TDL 增量，申请紧急 KDM；必要时调整场次到其他影厅。"])),
    ("runbooks/tms/asset-missing.md", "片源素材缺失处理手册", runbook(
        "片源素材缺失处理手册", "适用于 xm-tms 开场前检查报 ASSET_MISSING、CPL 不完整。",
        ["PreshowAssetMissing：开场前检查素材缺失"],
        ["看缺失的素材属于哪个包（OV/VF），片库里是否还有。", "查夜间 content-purge 的删除记录与策略。"],
        ["片库清理删除了仍被引用的包。", "卫星接收不完整。", "硬盘拷贝损坏。"],
        ["暂停片库清理，地面专线补发缺失的包后重新导入。"])),
    ("runbooks/checkin/duplicate-seat.md", "同一座位重复检票处理手册", runbook(
        "同一座位重复检票处理手册", "适用于 xm-checkin 同一场次同一座位多次检票。",
        ["DuplicateSeatCheckin：同一座位重复检票超过 3 次/10分钟"],
        ["对比两张票的下单时间与座位 ID、座位图版本。", "查该影厅最近的座位图发布记录。"],
        ["座位图重新发布后已售座位未迁移，座位被重复售出。", "检票闸机离线重复上传。"],
        ["迁移座位状态，为后下单的观众调座或退款。"])),
    ("runbooks/order/issue-fail.md", "出票失败率升高处理手册", runbook(
        "出票失败率升高处理手册", "适用于 xm-order 向影城售票系统出票失败率升高。",
        ["TicketIssueFailRateHigh：出票失败率超过 5%"],
        ["按影城售票系统返回码分组看失败原因。", "看失败订单的票价、会员卡类型与发行方限价。"],
        ["票价低于发行最低限价被影城售票系统拒绝。", "影城售票系统离线。", "座位已被影城本地售出。"],
        ["下单时按发行限价保护会员价；联系影城恢复售票系统。"])),
    ("runbooks/seat/lock-latency.md", "锁座延迟升高处理手册", runbook(
        "锁座延迟升高处理手册", "适用于 xm-seat 锁座 P99 延迟升高、锁座超时。",
        ["SeatLockLatencyHigh：锁座 P99 延迟超过 1500ms"],
        ["按 Pod 看锁座耗时，慢的 Pod 在哪台节点上。", "看节点的内存压力、内存规整（compaction）与内核参数基线。",
         "看 Redis 延迟。"],
        ["个别节点内核配置异常。", "Redis 慢。", "流量突增。"],
        ["把 Pod 迁离异常节点并修正节点基线；扩容。"])),
    ("runbooks/seat/lock-conflict.md", "锁座冲突激增处理手册", runbook(
        "锁座冲突激增处理手册", "适用于 xm-seat 409 SEAT_LOCKED 比例升高、用户选不了座。",
        ["SeatLockConflictHigh：锁座冲突比例超过 10%"],
        ["看持有锁的账号、UA 与来源。", "看锁座请求量曲线。"],
        ["异常账号或脚本大量锁座不支付。", "热门场次正常抢座。"],
        ["释放异常账号持有的锁并封禁。"])),
    ("runbooks/concession/soldout.md", "卖品大面积售罄处理手册", runbook(
        "卖品大面积售罄处理手册", "适用于 xm-concession 多家影城卖品同时显示售罄。",
        ["ConcessionSoldOutHigh：卖品全部售罄的影城超过 3 家"],
        ["看这些影城 POS 同步的模式与库存数。", "联系 POS 厂商确认是否有盘点或维护任务。"],
        ["POS 盘点模式下库存被置为 0。", "库存同步失败。"],
        ["请厂商取消或改期盘点任务，恢复库存同步。"])),
    ("runbooks/promo/redeem-fail.md", "券核销失败处理手册", runbook(
        "券核销失败处理手册", "适用于 xm-promo 券核销失败率升高。",
        ["CouponRedeemFailHigh：券核销失败率超过 10%"],
        ["按失败原因与券类型分组。", "看失败券的有效期与发券批次。"],
        ["发券批次的有效期写错。", "券库存耗尽。", "券适用场次规则错误。"],
        ["修正券的有效期或补发。"])),
    ("runbooks/dcp/delivery.md", "DCP 未送达处理手册", runbook(
        "DCP 未送达处理手册", "适用于 xm-dcp 卫星广播后影城未收齐。",
        ["DcpDeliveryIncomplete：有影城未收齐片源"],
        ["看未送达影城接收机的锁定状态、频点、固件版本。", "核对卫星运营商的变更通知。"],
        ["接收机未跟随载波变更。", "接收机磁盘满。", "天线故障。"],
        ["手动下发频点后补播，或走地面专线。"])),
    ("runbooks/member/pay-declined.md", "会员卡支付拒绝处理手册", runbook(
        "会员卡支付拒绝处理手册", "适用于 xm-member 会员卡支付拒绝率升高。",
        ["MemberCardPayDeclinedHigh：会员卡支付拒绝率超过 8%"],
        ["按拒绝原因分组。", "看被拒卡的余额、冻结金额与冻结单对应订单的状态。"],
        ["冻结金额未释放。", "卡被风控冻结。", "密码错误次数超限。"],
        ["释放已关闭订单的冻结金额。"])),
    ("runbooks/tms/lamp.md", "放映机光源告警处理手册", runbook(
        "放映机光源告警处理手册", "适用于放映机氙灯或激光光源寿命告警。",
        ["ProjectorLampHoursHigh"], ["看光源累计小时数。"], ["光源到寿。"], ["更换氙灯灯泡。"])),
    ("runbooks/checkin/glasses.md", "3D 眼镜不足处理手册", runbook(
        "3D 眼镜不足处理手册", "适用于影城 3D 眼镜库存不足。",
        ["Glasses3DStockLow"], ["看各影城 3D 眼镜库存。"], ["回收清洗不及时。"], ["从邻近影城调拨 3D 眼镜。"])),
]


def build_bundle(seed: int = SEED) -> Json:
    w = WorldBuilder(seed=seed, day=DAY, tz=TZ, reference=REFERENCE, instances=INSTANCES,
                     labels={"env": "prod", "cluster": "xm-prod", "region": "cn-east-1"})
    for service, (make, every) in NOISE.items():
        w.noise(service, make, START, every_s=every)
    kdm_recipient(w)
    content_purge(w)
    seat_layout(w)
    price_floor(w)
    node_thp(w)
    load_test(w)
    stocktake(w)
    coupon_end(w)
    satellite(w)
    hold_leak(w)
    other_events(w)
    k8s_state(w)
    build_metrics(w)
    documents = [{"title": title, "source": source, "content": content} for source, title, content in RUNBOOKS]
    return w.bundle(name="XingMu 星幕影城 2027-06-11", services=SERVICES, documents=documents)


# --- Questions --------------------------------------------------------------------------------------------------------------------
#: Each incident's own words: in another incident's answer, a misattribution.
FAMILY = {
    "kdm": ("412-00218", "SR-YK-0610-118"),
    "purge": ("content-purge", "PURGE-24H"),
    "seatmap": ("HALL-SH0203-04", "cinema_ops_lina"),
    "floor": ("PF-HY-20270611", "低于发行最低限价"),
    "thp": ("transparent_hugepage", "compact_stall"),
    "loadtest": ("PT-0611-02", "pt_user_"),
    "stocktake": ("STOCKTAKE", "MST-2027-06"),
    "couponend": ("BEN-20270611", "COUPON_EXPIRED"),
    "satellite": ("SAT-CHG-0610", "12.380 GHz"),
    "freeze": ("delay message", "余额不足"),
}
#: The remedies of the runbooks for problems that did not happen.
UNRELATED_REMEDIES = ("更换氙灯灯泡", "调拨 3D 眼镜")
FIRING = ("SeatLockLatencyHigh", "NodeFilesystemAlmostFull")
INCIDENT_WORDS = tuple(word for words in FAMILY.values() for word in words)


def _not(*own: str, told: tuple[str, ...] = ()) -> tuple[str, ...]:
    """The other incidents' words and the unrelated runbooks' remedies — less ``told``: another incident's words the asked
    service itself logs (xm-tms has two incidents, so has xm-seat; xm-seat publishes the layout of 静安店 4号厅; xm-order closes
    the unpaid orders by delay message; xm-member issues the coupons), which name no misattribution when an answer quotes
    them."""
    return tuple(word for family, words in FAMILY.items() if family not in own for word in words
                 if word not in told) + UNRELATED_REMEDIES


SEAT_TOLD = FAMILY["seatmap"] + ("pt_user_",)
ORDER_TOLD = FAMILY["freeze"]

QUESTIONS: tuple[WorldQuestion, ...] = (
    WorldQuestion(
        "cinema_tms_kdm_cause",
        "杭州湖滨店 1 号厅今晚七点半的首映场放不了，开场前检查一直说没有有效的 KDM，放映系统这是怎么回事？", "cause",
        asked_facts=(fact("KDM_RECIPIENT_MISMATCH", "no valid KDM", "KDM 无效", "不匹配"),),
        cause_facts=(fact("412-00218", "412-03377", "IMB", "media block"),
                     fact("SR-YK-0610-118", "影科技术", "yk_fae_chenlei", "TDL", "device registry", "设备库", "0 device changes")),
        forbidden=_not("kdm", told=FAMILY["purge"]), service="xm-tms",
        diagnosis="昨晚 23:50 影科技术 工程师 yk_fae_chenlei（SR-YK-0610-118）更换了湖滨店 1 号厅 XMAX 的 IMB（412-00218 → "
                  "412-03377），新证书没有登记到总部设备库；02:00 的 TDL-20270611 仍是 0 device changes，04:10 华影发行的 "
                  "KDM-XHYZ-0611 按旧 IMB 生成，TMS 导入时就留作未分配 → 1 号厅白天闭厅布置首映礼，18:40 开场前检查 "
                  "KDM_RECIPIENT_MISMATCH，19:30 首映场取消退票。19:44 更新设备库发 TDL 增量，20:28 紧急 KDM 到达。18:00 的 "
                  "tms.preshow.check-lead-minutes 配置和 18:05 的 xm-kdm 2.9.0 发布不是原因",
    ),
    WorldQuestion(
        "cinema_tms_asset_missing_cause",
        "今天早上八点多有好几家影城星河远征的早场都开不了，说片源素材缺失，放映管理那边出什么事了？", "cause",
        asked_facts=(fact("ASSET_MISSING", "not in library", "素材缺失"),),
        cause_facts=(fact("content-purge", "PURGE-24H", "片库清理"),
                     fact(CPL_OV, "_OV", "OV", "点映", "KDM-XHYZ-PRE")),
        forbidden=_not("purge", told=FAMILY["kdm"]), service="xm-tms",
        diagnosis="03:30 TMS 的夜间片库清理 content-purge（PURGE-24H：24 小时无有效 KDM 即删除）在上周点映的 8 家影城删掉了星河远征"
                  "的 OV 包（点映 KDM 周三已过期，正式 KDM 04:10 才到）；正式放映用的 VF 引用 OV 的画面和声音 → 08:20 起早场开场前"
                  "检查 ASSET_MISSING，场次取消。09:05 关闭清理，地面专线补发 OV，11:05 前重新导入。02:10 的 TMS agent 4.3.2 "
                  "升级不是原因",
    ),
    WorldQuestion(
        "cinema_checkin_duplicate_seat_cause",
        "静安店 4 号厅晚上那场首映，好几拨观众拿着同一个座位的票进场，检票这边是怎么回事？", "cause",
        asked_facts=(fact("already checked in", "重复检票", "同一座位", "同一个座位"),),
        cause_facts=(fact("HALL-SH0203-04", "layout v7", "座位图"),
                     fact("seat ids regenerated", "cinema_ops_lina", "0 of 83", "v6")),
        forbidden=_not("seatmap"), service="xm-checkin",
        diagnosis="16:50 影城运营 cinema_ops_lina 为 4 号厅发布新座位图 HALL-SH0203-04 v7（第 6 排加 2 个轮椅位，座位 ID 重新生成），"
                  "应用到未开场的场次时 v6 已售的 83 个座位按 ID 一个也没带过去 → 19:45 首映场这些座位在 v7 上显示可售又被卖出，检票时"
                  "同一座位两拨观众（DuplicateSeatCheckin）。20:20 迁移座位状态、调座退款。19:00 的 checkin.open-before-minutes "
                  "配置不是原因",
    ),
    WorldQuestion(
        "cinema_order_issue_fail_cause",
        "六点以后好多会员买星河远征出票失败被自动退款，订单这边怎么了？", "cause",
        asked_facts=(fact("4107", "低于发行最低限价", "出票失败"),),
        cause_facts=(fact("PF-HY-20270611", "最低限价", "price floor", "限价"),
                     fact("金卡", "0.70", "7 折", "会员价")),
        forbidden=_not("floor", told=ORDER_TOLD), service="xm-order",
        diagnosis="10:20 hq_pricing_zhoumin 导入华影发行的首映夜最低限价 PF-HY-20270611（2D ¥39、3D ¥45、XMAX ¥55，18:00 起执行）；"
                  "金卡会员价是挂牌价 × 0.70（2D ¥34.30、3D ¥41.30、XMAX ¥52.50）低于限价 → 18:00 起影城售票系统拒绝出票 "
                  "code=4107 低于发行最低限价，订单自动退款，失败率最高 23.7%；银卡 0.80 与非会员不受影响。20:50 开启 "
                  "order.price.distributor-floor.enforce。17:40 的 order.issue.lts-timeout-ms 配置不是原因",
    ),
    WorldQuestion(
        "cinema_seat_lock_latency_cause",
        "晚上七点左右开始选座锁座特别慢，好多用户锁座超时，告警到现在都没恢复，选座服务怎么了？", "cause",
        asked_facts=(fact("SEAT_LOCK_TIMEOUT", "exceeded 1500ms", "锁座超时", "504"),),
        cause_facts=(fact(BAD_NODE, "node-07"),
                     fact("transparent_hugepage", "[always]", "compact_stall", "透明大页", "THP")),
        forbidden=_not("thp", told=SEAT_TOLD), service="xm-seat",
        diagnosis="xm-k8s-node-07 11:30 由 infra_ops_guohao 用新镜像 xm-node-ubuntu2204-20270608 重装（INFRA-0611-03），新镜像 "
                  "transparent_hugepage enabled/defrag 都是 [always]（其他节点 madvise），17:20 解除封锁；17:30 首映夜定时扩容 "
                  "8 → 12，新的 3 个 Pod 调度到 node-07 → 晚高峰内存规整 compact_stall 每分钟上千次，这 3 个 Pod 锁座 1.6–4.3 秒，"
                  "504 SEAT_LOCK_TIMEOUT，P99 最高 3874ms，告警仍在触发；其他 9 个 Pod 正常。18:40 的 "
                  "seat.lock.max-seats-per-order 配置不是原因",
    ),
    WorldQuestion(
        "cinema_seat_locked_cause",
        "下午三点多首映场的座位突然几乎全被锁了，用户都选不了座，是怎么回事？", "cause",
        asked_facts=(fact("SEAT_LOCKED", "409", "被锁"),),
        cause_facts=(fact("PT-0611-02", "pt_user_", "JMeter", "压测"),
                     fact("env=prod", "qa_perf_wujing", "api.xmcinema.com", "生产")),
        forbidden=_not("loadtest", told=SEAT_TOLD), service="xm-seat",
        diagnosis="15:08 测试 qa_perf_wujing 在压测平台启动 PT-0611-02（JMeter 600 线程，账号 pt_user_*，选座锁座并保持），目标环境"
                  "写成了 env=prod（https://api.xmcinema.com）→ 锁座请求最高每秒 2864 次，压测账号锁住 18,342 个首映座位，真实用户"
                  "锁座 409 SEAT_LOCKED。15:47 停止，15:50 释放压测账号的锁并封禁。15:05 的 seat.map.cache-ttl-sec 配置不是原因",
    ),
    WorldQuestion(
        "cinema_concession_soldout_cause",
        "六点半左右好几家影城 App 上的卖品全部显示售罄，可柜台明明有货，卖品这边怎么了？", "cause",
        asked_facts=(fact("sold out", "售罄"),),
        cause_facts=(fact("STOCKTAKE", "MST-2027-06", "盘点"),
                     fact("云柜", "YG-POS")),
        forbidden=_not("stocktake"), service="xm-concession",
        diagnosis="18:29 卖品 POS 厂商 云柜 的云端在 9 家用 云柜 YG-POS 的影城启动月度盘点任务 MST-2027-06（本应次日 03:30），POS "
                  "同步过来 mode=STOCKTAKE、36 个 SKU 库存全为 0 → App 卖品菜单全部售罄（ConcessionSoldOutHigh）。19:48 厂商取消"
                  "任务后恢复。18:20 的 xm-concession 2.6.0 发布不是原因",
    ),
    WorldQuestion(
        "cinema_member_pay_declined_cause",
        "今天中午以后好多会员卡付款提示余额不足，卡里明明有钱，会员这边怎么回事？", "cause",
        asked_facts=(fact("余额不足"),),
        cause_facts=(fact("frozen", "冻结"),
                     fact("5.14.0", "delay message", "超时关单", "unfrozen", "解冻")),
        forbidden=_not("freeze", told=FAMILY["couponend"]), service="xm-member",
        diagnosis="昨晚 22:40 xm-order 发布 5.14.0，超时关单改为延迟消息后不再解冻会员卡冻结金额 → 冻结金额一夜累积，今天 10:30 起"
                  "有余额的卡 available 不足被拒 余额不足（MemberCardPayDeclinedHigh）。16:40 发布 5.14.1，16:45 释放 23,418 笔"
                  "冻结共 ¥1,874,210.50。12:10 的 member.pay.sms-verify-threshold-yuan 配置不是原因",
    ),
    WorldQuestion(
        "cinema_seat_lock_rate_quantity", "下午那阵异常的锁座请求，每秒最多打到了多少次？", "quantity",
        asked_facts=(fact(str(LOCK_RPS_PEAK), "2,864"),), forbidden=_not("loadtest", told=SEAT_TOLD), service="xm-seat",
        peak=Peak("xm-seat", "seat_lock_requests_per_sec", LOCK_RPS_PEAK),
        diagnosis="seat_lock_requests_per_sec 峰值 2864 次/秒（15:31）；SeatLockConflictHigh 触发时是冲突比例 12.4%。起因是压测 "
                  "PT-0611-02 打到了生产",
    ),
    WorldQuestion(
        "cinema_seat_latency_quantity", "今晚锁座 P99 延迟最高到了多少毫秒？", "quantity",
        asked_facts=(fact(str(LATENCY_PEAK), "3,874"),), forbidden=_not("thp", told=SEAT_TOLD), service="xm-seat",
        peak=Peak("xm-seat", "seat_lock_latency_p99_ms", LATENCY_PEAK),
        diagnosis="seat_lock_latency_p99_ms 峰值 3874ms（20:07）；SeatLockLatencyHigh 触发时是 1520ms。起因是 node-07 的透明大页 "
                  "[always]",
    ),
    WorldQuestion(
        "cinema_dcp_atmos_quantity", "今天早上星河远征杜比全景声版本最多有几家影城没收到？", "quantity",
        asked_facts=(fact(str(ATMOS_PEAK), "14 家"),), forbidden=_not("satellite"), service="xm-dcp",
        peak=Peak("xm-dcp", "dcp_atmos_undelivered_cinemas", ATMOS_PEAK),
        diagnosis="dcp_atmos_undelivered_cinemas 峰值 14 家（07:30）；DcpDeliveryIncomplete 05:20 触发时是 4 家。起因是卫星载波变更 "
                  "SAT-CHG-0610 后固件 3.1.7 的接收机仍锁在 12.380 GHz",
    ),
    WorldQuestion(
        "cinema_promo_coupon_existence", "券这边今天上午是不是报过警？好多会员说首映升级券一用就提示过期。", "existence",
        asked_facts=(fact("CouponRedeemFailHigh"),),
        cause_facts=(fact("valid_to", "2027-06-11T00:00:00", "有效期"),
                     fact("BEN-20270611", "benefit batch", "发券批次")),
        forbidden=_not("couponend"), service="xm-promo",
        diagnosis="报过：CouponRedeemFailHigh 09:12 触发、12:48 恢复。00:30 xm-member 的权益批次 BEN-20270611 发出 412,306 张首映升级"
                  "券 UPG-XHYZ，valid_to 写成 2027-06-11T00:00:00+08:00（当天零点而不是当天结束）→ 核销全部 COUPON_EXPIRED；12:30 "
                  "BEN-20270611-r2 改为 23:59:59。08:50 的 promo.coupon.stack-limit 配置不是原因",
    ),
    WorldQuestion(
        "cinema_notify_healthy", "好几个用户说今晚没收到取票短信，短信推送这边有没有报错或者告警？", "existence",
        asked_facts=(HEALTHY,), forbidden=INCIDENT_WORDS, service="xm-notify", healthy=True,
        diagnosis="没有：xm-notify 只有取票码短信、开场提醒推送的 INFO 和运营商回执延迟的 WARN，5xx、p99 远低于阈值，无告警；17:00 的 "
                  "notify.sms.channel-weight 配置与各故障无关",
    ),
    WorldQuestion(
        "cinema_cms_healthy", "App 上星河远征的海报和影片资料今天有没有出问题？影片内容服务有没有告警？", "existence",
        asked_facts=(HEALTHY,), forbidden=INCIDENT_WORDS, service="xm-cms", healthy=True,
        diagnosis="没有：xm-cms 只有影片详情请求与海报裁剪的 INFO 和大图重新压缩的 WARN，5xx、p99 低于阈值，无告警；16:00 的 4.1.1 "
                  "发布与各故障无关",
    ),
    WorldQuestion(
        "cinema_alert_listing", "现在还有哪些告警没恢复？列一下。", "listing",
        asked_facts=tuple(fact(name) for name in FIRING), forbidden=("xm-notify", "xm-cms"),
        diagnosis="2 条：SeatLockLatencyHigh（19:02 起，xm-seat，node-07 上的 3 个 Pod 慢）、NodeFilesystemAlmostFull（20:12 起，"
                  "xm-k8s-node-03 镜像文件系统 86%，工单 INFRA-0611-07，与各故障无关）；其余告警都已恢复",
    ),
    WorldQuestion(
        "cinema_order_changes_listing", "订单服务从昨晚到现在都做过哪些变更？发版和配置都列一下。", "listing",
        asked_facts=(fact("5.14.0"), fact("5.14.1"), fact("order.issue.lts-timeout-ms"),
                     fact("order.price.distributor-floor.enforce")),
        forbidden=UNRELATED_REMEDIES, service="xm-order",
        diagnosis="四次：昨晚 22:40 发布 5.14.0、16:40 发布 5.14.1（会员卡冻结金额不释放的修复）、17:40 order.issue.lts-timeout-ms "
                  "5000 -> 8000、20:50 order.price.distributor-floor.enforce false -> true（金卡低于限价的修复）",
    ),
)

WORLD = World(name=NAME, title="XingMu 星幕影城（在线票务、卖品、会员与数字放映）", build=build_bundle, questions=QUESTIONS)
