"""World "library": 书香城 ShuXiang City Library, the 江城市图书馆 network of a central library 总馆 and 19 branch libraries
(``sx-*`` services: the self-service platform behind the RFID self-checkout kiosks and the 24-hour book drops with its SIP2
gateway, the RFID security gates, the integrated library system ILS (catalogue, circulation, holds, the night batch window),
the catalogue search OPAC, inter-branch book logistics 物流调拨 with the central sorter, study-seat reservation, e-book lending
with the DRM licences of the vendor 书云, reader cards and identity (身份证 and 社保卡 linking), overdue-fine payment, the reader
App backend, event sign-up and notifications on a Kubernetes cluster; the branches' network and the nodes outside it), seen
from Monday 2027-06-07 11:00 to the reference time Tuesday 2027-06-08 11:00 (+08:00): an ordinary Tuesday morning, the day the
new 新城分馆 opens. Nothing here was written for the offline agents; ten incidents of families the other worlds do not have,
in ordinary noise:

(1) 21:40 (eve)     sx-gate ← sx-kiosk: the kiosk vendor 智图科技's engineer zt_fae_chenlu (remote maintenance WO-ZT-0607-11)
                    pushes tag profile TP-2.3 to the four kiosks of 河西分馆; from the morning their checkouts write the
    09:00–10:20     tags' AFI as 0x07 (在馆) instead of 0xC2 (出馆) → readers leaving with books they just borrowed set off
                    河西's gates (GateAlarmRateHigh fired at 14, peak 41 per 10 minutes). 10:12 the vendor rolls back to TP-2.2.
                    The 08:50 ``gate.alarm.sound-level`` config is a decoy.
(2) 02:15           sx-opac on sx-k8s-node-05: infra_ops_penghao's Ansible run ANS-0608-03 (PostgreSQL hugepages, hosts
                    db_hosts — the inventory lists node-05) reserves ``vm.nr_hugepages=24576`` (48 GiB of 62.8 GiB) on the
    09:10 → now     node → with the morning's search load the kernel's global OOM killer kills the OPAC pods there far under
                    their 6 GiB limits → restarts and 502s (OpacPodRestartsHigh, still firing). The two pods on node-06 are
                    fine. The 08:30 ``opac.search.suggest.enabled`` config is a decoy.
(3) 17:30 (eve)     sx-seat: seat_admin_liqing moves every branch's reservation opening to 07:00 (SEAT-0607-01; it was staggered
                    06:30 / 07:00 / 07:30 by branch group) → at 07:00:00 all 20 branches' students at once: 14,820 requests
    07:00–07:26     per minute at 07:01 (SeatRequestRateHigh fired at 6120), booking queue full, 503s (SeatBookingErrorsHigh).
                    09:10 the staggered times restored from tomorrow. The 06:40 deploy 3.2.1 is a decoy.
(4) 16:40 (eve)     sx-kiosk ← sx-ils: coll_ops_wangmin submits weeding batch WD-0607-02 (剔旧注销, 东湖分馆 copies before
    23:00           2003) with the barcode range 31010001200000–31010001299999 instead of …1209999; the night batch withdraws
    09:00–10:02     96,412 items, 3,218 of them on loan → this morning's returns of those books are refused at every branch's
                    kiosks, "此书已注销" (KioskCheckinRejectHigh). 09:58 undone for the 86,793 items outside the intended range.
                    The 08:45 ``kiosk.receipt.qrcode.enabled`` config is a decoy.
(5) 19:20 (eve)     sx-kiosk at 柳林分馆 ← the carrier 城联通信: the cutover of the branch's MSTP line CL-MSTP-0417, announced for
    19:20–20:38     00:00–02:00 (CT-2027060712), is done at 19:20 → 柳林's router loses its uplink, its three kiosks go offline
                    and lend offline; at 20:38 the link is back and 11 of the 96 offline checkouts are refused (KioskBranchOffline).
                    The 19:05 ``kiosk.idle.logout-seconds`` config is a decoy. (sx-kiosk's second incident, the evening before.)
(6) 23:30 (eve)     sx-logistics ← sx-ils: ils_ops_zhaoyu's branch import BR-IMPORT-0607 creates 新城分馆 (XC, opening today)
    05:00           with ``sort_chute=12`` — 南苑分馆's chute → the 05:00 chute map puts both on chute 12, the sorter drops 新城's
    09:35–10:30     opening transfers into 南苑's crates → 南苑 receives other branches' books, 新城 gets none
                    (TransferMisroutedHigh). 10:15 XC moved to chute 21, 10:25 the map rebuilt. The 08:10 deploy 1.9.4 is a decoy.
(7) 20:10 (eve)     sx-ebook ← sx-app: App 4.8.0 clears its storage at every cold start, device id included → each launch
                    binds a new device at 书云's DRM, whose limit is 3 per reader → from the morning ``DEVICE_LIMIT_EXCEEDED``,
    07:00–10:36     e-book loans refused, peak 317 per 10 minutes at 09:12 (EbookLicenseFailuresHigh fired at 52). 10:35 书云
                    raises the limit and resets the bindings (DRM-0608-02). The 07:30 catalogue sync config is a decoy.
(8) 02:00           sx-reader ← 江城市人社局: the night card-status file RS-CARD-20270608 carries 8,406 cards status 9 (注销)
                    reason 换发 — the third-generation 社保卡 replacing them, ``new_card_no`` in the same record; the sync only
    09:00 → now     unlinks the old cards → readers tapping their new 社保卡 are "not linked" (ReaderSscAuthFailHigh, still
                    firing; the patch relinking by new_card_no is being written). The 08:20 deploy 2.6.3 is a decoy.
(9) 10:02           sx-payment at 东湖分馆: WeChat Pay's risk control freezes the branch's sub-merchant 1652203401 (case
    10:03–10:52     WXRISK-77120318, many small same-amount payments) → its fine payments fail ``SUB_MCH_FROZEN``
                    (FinePaymentFailHigh); 10:52 unfrozen on appeal. The 09:50 ``payment.order.expire-minutes`` is a decoy.
(10) 22:30 (eve)    sx-ils ← sx-kiosk: the book-drop vendor 启书电子 upgrades 总馆's two 24-hour book drops to v2.5.0
    08:31           (WO-QS-0607-05), which upload the night's returns with SIP2 ``no_block=N`` → the ILS checks them in at the
    09:05–10:48     upload time, 08:31, and fines the books due yesterday one day → fine disputes, peak 27 an hour at 10:00
                    (OverdueFineDisputesHigh fired at 12). 10:28 rolled back, 10:35 the fines reversed. The 07:55
                    ``circ.holds.pickup-days`` config is a decoy.

Healthy: sx-activity (its 09:30 deploy 2.1.4 is a decoy) and sx-notify (its 08:15 config is a decoy) — INFO/WARN noise only,
under their thresholds, no alert. Unrelated: UpsOnBattery at 北塘 yesterday afternoon, NodeFilesystemAlmostFull on
sx-k8s-node-02 (image layers, still firing). Still firing at 11:00: OpacPodRestartsHigh (2), ReaderSscAuthFailHigh (8) and
NodeFilesystemAlmostFull. Kubernetes: the deployments and their pods with their nodes, the events of the last hour. Run
``python -m evaluation.worlds library`` to print the bundle.
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
    termination,
)
from evaluation.worlds.spec import HEALTHY, Peak, World, WorldQuestion, fact

NAME = "library"
SEED = 20270608
TZ = dt.timezone(dt.timedelta(hours=8))
DAY = dt.date(2027, 6, 8)
EVE = dt.date(2027, 6, 7)
START = dt.datetime(2027, 6, 7, 11, 0, tzinfo=TZ)
REFERENCE = dt.datetime(2027, 6, 8, 11, 0, tzinfo=TZ)
NS = "shuxiang-lib"
REGISTRY = "harbor.jclib.local/shuxiang"

_t = functools.partial(clock_on, DAY, TZ)
_y = functools.partial(clock_on, EVE, TZ)

BRANCHES = {"ZG": "总馆", "DH": "东湖分馆", "HX": "河西分馆", "LL": "柳林分馆", "NY": "南苑分馆", "BT": "北塘分馆",
            "XS": "西山分馆", "GY": "桂园分馆", "JB": "江滨分馆", "FQ": "枫桥分馆", "SQ": "石桥分馆", "ML": "梅岭分馆",
            "BL": "白鹭分馆", "YT": "云台分馆", "FH": "凤凰分馆", "LW": "龙湾分馆", "ZS": "樟树分馆", "JS": "金沙分馆",
            "HT": "荷塘分馆", "XC": "新城分馆"}
#: The branches open before today (新城 opens today and has no kiosks in service yet).
OPEN_BRANCHES = tuple(code for code in BRANCHES if code != "XC")
#: The sorter's chutes at 总馆, one a branch (新城 was meant to get chute 21).
CHUTES = {code: index + 1 for index, code in enumerate(("ZG", "DH", "HX", "LL", "BT", "XS", "GY", "JB", "FQ", "SQ", "ML", "NY",
                                                        "BL", "YT", "FH", "LW", "ZS", "JS", "HT"))}  # 20: exceptions
ROOMS = ("自习室A", "自习室B", "阅览区2F", "阅览区3F", "研修间")
TITLES = ("三体", "活着", "人类简史", "百年孤独", "明朝那些事儿", "长安的荔枝", "额尔古纳河右岸", "置身事内", "平凡的世界",
          "万历十五年", "小王子", "围城", "乡土中国", "蛤蟆先生去看心理医生")

# --- (1) the kiosks' tag profile at 河西 --------------------------------------------------------------------------------
AFI_BRANCH = "HX"
AFI_KIOSKS = ("SSK-HX-01", "SSK-HX-02", "SSK-HX-03", "SSK-HX-04")
TAG_PUSH = ("[vendor] tag profile pushed to kiosks SSK-HX-01..04 (河西分馆) by vendor account zt_fae_chenlu (智图科技 远程维护 "
            "WO-ZT-0607-11: 新增 ISO 28560-3 标签支持): profile TP-2.2 -> TP-2.3")
TAG_ROLLBACK = ("[vendor] tag profile pushed to kiosks SSK-HX-01..04 (河西分馆) by vendor account zt_fae_chenlu (智图科技 回退 "
                "WO-ZT-0608-03): profile TP-2.3 -> TP-2.2")
CHECKOUT = ("{dev} checkout item {item} reader {reader}: SIP2 12 ok=1 due 2027-06-29, tag AFI set {afi} ({word}) took={ms}ms")
GATE_ALARM = ("gate {gate} alarm: tag {item} afi=0x07, circ status CHARGED to {reader} (checkout {clock} at {dev}) -> 馆员"
              "核查后放行")
GATE_REAL = "gate {gate} alarm: tag {item} afi=0x07, circ status AVAILABLE (not checked out) -> 馆员核查"
GATE_SOUND = ("[apollo] config changed: appId=sx-gate key=gate.alarm.sound-level old=3 new=2 operator=gate_admin_hexin")
GATE_PEAK = 41
GATE_ALERT = "14 次/10分钟"

# --- (2) hugepages on node-05 -------------------------------------------------------------------------------------------
BAD_NODE = "sx-k8s-node-05"
SEARCH_NODE = "sx-k8s-node-06"
FS_NODE = "sx-k8s-node-02"
ANSIBLE = ("ansible-playbook db-tuning.yml --limit db_hosts by infra_ops_penghao (ANS-0608-03, PostgreSQL 大页内存预配置): "
           "sysctl vm.nr_hugepages=24576 applied, tuned profile sx-db-hugepages activated")
HUGEPAGES = ("kernel: HugePages_Total: 24576, HugePages_Free: 24576, Hugepagesize: 2048 kB (48.0 GiB reserved); MemTotal 62.8 "
             "GiB, MemAvailable 12.6 GiB")
MEMINFO = "node-exporter: meminfo MemTotal 62.8 GiB, HugePages_Total {hp} ({gib} GiB, 0 in use), MemAvailable {avail:.1f} GiB"
OOM_INVOKED = "kernel: java invoked oom-killer: gfp_mask=0x100cca(GFP_HIGHUSER_MOVABLE), order=0, oom_score_adj=936"
OOM_KILLED = ("kernel: Out of memory: Killed process {pid} (java) total-vm:9.6GB, anon-rss:{rss:.1f}GB, file-rss:0kB, "
              "shmem-rss:0kB, UID:1000 pgtables:9.2MB oom_score_adj:936")
OPAC_SUGGEST = ("[apollo] config changed: appId=sx-opac key=opac.search.suggest.enabled old=false new=true "
                "operator=opac_dev_wenjing")
OPAC_502 = ("GET /opac/search?q={q} 502 upstream {pod} ({ip}:8080) connection reset by peer, retried elsewhere took={ms}ms")
OPAC_STARTED = "OpacApplication 5.4.2 started in {s} seconds (JVM running for {j} seconds); facet cache warm-up 1.2M titles"
OPAC_RESTARTS = {0: 6, 1: 5}  # the restarts of the two pods on node-05, whatever the noise

# --- (3) every branch's seats opening at 07:00 ---------------------------------------------------------------------------
SEAT_OPEN = ("[seat-admin] config changed: seat.reservation.open-time groupA 06:30 -> 07:00, groupC 07:30 -> 07:00 (groupB "
             "07:00 unchanged) by seat_admin_liqing (SEAT-0607-01 统一各馆开放预约时间); 20 branches open at 07:00:00 from "
             "2027-06-08")
SEAT_DEPLOY = ("deploy finished: sx-seat 3.2.1 (was 3.2.0) rolled out by ci-bot pipeline=#2214; changes: 签到提醒文案, 研修间"
               "照片")
SEAT_RESTORE = ("[seat-admin] config changed: seat.reservation.open-time groupA 07:00 -> 06:30, groupC 07:00 -> 07:30 by "
                "seat_oncall_dupeng (SEAT-0608-01 恢复错峰开放, from 2027-06-09)")
SEAT_503 = ("POST /api/seat/reserve 503 branch {b} room {room} reader {reader}: booking queue full (pending {p}/2000) "
            "took={ms}ms")
SEAT_LOCK = "seat lock seat:{b}:{room}:{seat} wait timeout after 800ms (redis lock contention), reader {reader} told 请重试"
SEAT_PEAK = 14820
SEAT_ALERT = "6120 次/分钟"

# --- (4) the weeding batch -------------------------------------------------------------------------------------------
WEED_SUBMIT = ("batch WD-0607-02 submitted by coll_ops_wangmin: 剔旧注销 东湖分馆 2003 年前入藏复本, barcode range "
               "31010001200000-31010001299999, scheduled 23:00 (night batch window)")
WEED_RUN = ("batch WD-0607-02 finished: 96,412 items -> WITHDRAWN (on loan 3,218, on hold shelf 41, in transit 12), 0 errors, "
            "took 14m12s")
WEED_ITEM = "item {item} ({title}) status {old} -> WITHDRAWN (batch WD-0607-02)"
CHECKIN_REFUSED = "{dev} checkin item {item}: SIP2 10 ok=0 AF此书已注销，请到服务台办理 (ILS status WITHDRAWN) took={ms}ms"
ILS_REFUSED = "SIP2 checkin item {item} from {dev}: refused, item status WITHDRAWN"
KIOSK_QR = ("[apollo] config changed: appId=sx-kiosk key=kiosk.receipt.qrcode.enabled old=false new=true "
            "operator=kiosk_admin_tianye")
WEED_UNDO = ("batch WD-0607-02-R (undo) by ils_oncall_gaojie: 86,793 items restored WITHDRAWN -> previous status (range "
             "31010001210000-31010001299999); 9,619 items 31010001200000-31010001209999 kept withdrawn as intended")

# --- (5) 柳林's line cut over early ----------------------------------------------------------------------------------------
LL_KIOSKS = ("SSK-LL-01", "SSK-LL-02", "SSK-LL-03")
LINK_DOWN = ("%LINK-3-UPDOWN: Interface GigabitEthernet0/0/1 (MSTP 城联通信 CL-MSTP-0417 to 总馆), changed state to down")
LINK_UP = ("%LINK-3-UPDOWN: Interface GigabitEthernet0/0/1 (MSTP 城联通信 CL-MSTP-0417 to 总馆), changed state to up")
KIOSK_IDLE = ("[apollo] config changed: appId=sx-kiosk key=kiosk.idle.logout-seconds old=60 new=90 "
              "operator=kiosk_admin_tianye")
KIOSK_MISSED = "kiosk {dev} (柳林分馆) heartbeat missed for 120s (last seen {last}), marked OFFLINE"
CARRIER_NOTE = ("net_oncall_xugang: 城联通信 回复 CL-MSTP-0417 割接提前到 19:20 执行（通知的窗口是 00:00–02:00，工单 "
                "CT-2027060712）")
OFFLINE_UPLOAD = "kiosk {dev} (柳林分馆) back ONLINE: uploading {n} offline transactions (19:21-20:37)"
OFFLINE_REFUSED = ("{dev} offline checkout item {item} reader {reader} at {clock}: SIP2 12 ok=0 AF该书已被其他读者预约 "
                   "(hold for {other}) -> 读者需到馆归还")
OFFLINE_DONE = "offline upload 柳林分馆: 96 transactions, 85 accepted, 11 refused (item on hold for another reader)"

# --- (6) 新城 on 南苑's chute ----------------------------------------------------------------------------------------------
BRANCH_IMPORT = ("branch master import BR-IMPORT-0607 by ils_ops_zhaoyu: branch XC 新城分馆 created (opening 2027-06-08): "
                 "route_code=R05, sort_chute=12, pickup_location=true, holds_fill=true; 1,840 opening-day transfers queued")
CHUTE_MAP_OK = "chute map CM-20270607 built from ILS branch table: 19 branches, 19 chutes"
CHUTE_MAP = "chute map CM-20270608 built from ILS branch table: 20 branches, 19 chutes"
SORTED = "sorter SRT-01 item {item} transfer {tr} {src}->{dst} chute {chute}"
MISROUTED = ("receive at NY 南苑分馆 crate C12-0608-{crate:02d} item {item}: destination XC 新城分馆 (transfer {tr}), not for "
             "this branch -> misrouted, back to 总馆")
XC_EMPTY = "receive at XC 新城分馆: route R05 arrived with 0 crates ({n} opening-day transfers expected)"
LOGI_DEPLOY = ("deploy finished: sx-logistics 1.9.4 (was 1.9.3) rolled out by ci-bot pipeline=#2209; changes: 周转箱标签打印, "
               "司机签收页")
CHUTE_FIX = "branch XC 新城分馆 updated by ils_ops_zhaoyu (BR-IMPORT-0607-r1): sort_chute 12 -> 21"
CHUTE_REBUILT = "chute map CM-20270608-2 rebuilt from ILS branch table: 20 branches, 20 chutes; 新城 re-sort at 11:30 run"

# --- (7) App 4.8.0's device ids ---------------------------------------------------------------------------------------------
APP_RELEASE = ("app release 书香城 App 4.8.0 (was 4.7.3) published by app_rm_sunyi to Android markets and App Store, full "
               "rollout; changes: 阅读器改版, 夜间模式, 启动时清理缓存")
EBOOK_BOUND = ("licence issued reader {reader} title EB{t} 《{title}》 device {dev} (app 4.8.0): new device bound {k}/3, "
               "loan 21 days")
EBOOK_REFUSED = ("licence refused reader {reader} title EB{t} 《{title}》 device {dev} (app 4.8.0): DEVICE_LIMIT_EXCEEDED "
                 "bound 3/3 (devices bound {b1}, {b2}, {b3})")
EBOOK_SYNC = ("[apollo] config changed: appId=sx-ebook key=ebook.catalog.sync-interval-min old=60 new=30 "
              "operator=ebook_dev_ruanqi")
EBOOK_NOTE = "ebook_oncall_maxin: 超限读者绑的 3 台设备都是昨晚之后绑的，app 都是 4.8.0，同一台手机每次打开都是新设备号"
EBOOK_RESET = ("书云 DRM-0608-02 done for library SXC-JC: device limit 3 -> 10 until 2027-06-30, bindings of 18,224 readers "
               "reset (requested by ebook_oncall_maxin)")
EBOOK_PEAK = 317
EBOOK_ALERT = "52 次/10分钟"

# --- (8) the third-generation 社保卡 --------------------------------------------------------------------------------------
SSC_FILE = ("人社 card status file RS-CARD-20270608 (江城市人社局) imported: 312,480 records; status 9 (注销) 8,406 (reason "
            "换发 8,406), status 2 (挂失) 112; linked readers updated 8,518")
SSC_UNLINK = ("reader {reader}: 社保卡 {old} status 9 (注销, reason=换发, new_card_no={new}) -> link removed, reader "
              "SSC_UNLINKED")
SSC_NOT_LINKED = "auth card {card} type=SSC at {dev}: no reader linked -> 请到服务台绑定社保卡"
SSC_OLD = "auth card {card} type=SSC at {dev}: card cancelled by 人社 (status 9) -> 请使用新社保卡"
READER_DEPLOY = ("deploy finished: sx-reader 2.6.3 (was 2.6.2) rolled out by ci-bot pipeline=#2217; changes: 电子读者证二维码"
                 "刷新间隔, 日志脱敏")
SSC_NOTE = ("reader_dev_hanbo: 人社 换发 的 8,406 张卡，文件里带 new_card_no，我们同步只处理了注销；补丁按 new_card_no 重新绑定，"
            "预计 11:30 上线")

# --- (9) 东湖's WeChat sub-merchant ----------------------------------------------------------------------------------------
SUB_MCH = "1652203401"
FROZEN = ("WeChat Pay notice: sub_mch_id 1652203401 (东湖分馆) trading permission frozen by risk control, case WXRISK-77120318 "
          "(风险类型: 短时间大量同金额小额交易)")
PAY_FROZEN = ("pay fine order {order} reader {reader} ¥{fee:.2f} branch DH sub_mch 1652203401 via WeChat: SUB_MCH_FROZEN "
              "子商户号交易权限已冻结")
PAY_EXPIRE = ("[apollo] config changed: appId=sx-payment key=payment.order.expire-minutes old=15 new=10 "
              "operator=pay_dev_songjia")
PAY_APPEAL = "fin_ops_liyan: 已向微信支付提交申诉 WXRISK-77120318，东湖分馆 前台先改用支付宝收款"
UNFROZEN = "WeChat Pay notice: sub_mch_id 1652203401 (东湖分馆) trading permission restored (case WXRISK-77120318 appeal accepted)"

# --- (10) the book drops' no-block flag ---------------------------------------------------------------------------------
DROPS = ("BD-ZG-01", "BD-ZG-02")
DROP_FIRMWARE = ("[vendor] firmware BD-ZG-01, BD-ZG-02 (总馆 24 小时还书箱) v2.4.0 -> v2.5.0 pushed by vendor account "
                 "qs_fae_liming (启书电子 远程升级 WO-QS-0607-05)")
DROP_UPLOAD = "bookdrop {drop} overnight batch: {n} returns uploaded to ILS (SIP2 09 checkin, no_block={flag})"
DROP_CHECKIN_OK = ("SIP2 checkin item {item} from {drop} no_block=Y: returned {returned} (drop time, due {due}) -> on time")
DROP_CHECKIN_LATE = ("SIP2 checkin item {item} from {drop} no_block=N: returned 2027-06-08 08:31:{s:02d} (due 2027-06-07) -> "
                     "overdue 1 day, fine ¥0.10 assessed reader {reader}")
FINE_DISPUTE = "fine dispute {d} reader {reader}: 昨晚 {clock} 投入总馆还书箱，今天被计逾期 1 天 ¥0.10"
HOLDS_PICKUP = ("[apollo] config changed: appId=sx-ils key=circ.holds.pickup-days old=7 new=5 operator=circ_admin_fanxin")
DROP_ROLLBACK = ("[vendor] firmware BD-ZG-01, BD-ZG-02 v2.5.0 -> v2.4.0 pushed by vendor account qs_fae_liming (启书电子 回退 "
                 "WO-QS-0608-01)")
FINE_REVERSAL = ("fine reversal FR-0608-01 by circ_oncall_yewen: 263 fines on BD-ZG-01/02 returns uploaded 2027-06-08 08:31 "
                 "recalculated with the drop time, ¥26.30 reversed")
DISPUTE_PEAK = 27
DISPUTE_ALERT = "12 件/小时"

# --- healthy services' decoys, unrelated ----------------------------------------------------------------------------------
ACTIVITY_DEPLOY = ("deploy finished: sx-activity 2.1.4 (was 2.1.3) rolled out by ci-bot pipeline=#2219; changes: 讲座海报尺寸, "
                   "报名导出")
NOTIFY_CONFIG = ("[apollo] config changed: appId=sx-notify key=notify.wechat.template.due-soon old=TPL-0412 new=TPL-0603 "
                 "operator=notify_dev_kongyu")
FS_LINE = "node-exporter: filesystem /var/lib/containerd {pct}% used (image layers), image GC threshold 85%"

# --- pods, nodes -------------------------------------------------------------------------------------------------------
OPAC_PODS = pod_names("sx-opac", "5.4.2", 4)
ON_BAD_NODE = OPAC_PODS[:2]
ROLLOUTS: dict[str, list[tuple[dt.datetime, tuple[str, ...]]]] = {
    "sx-kiosk": [(START, pod_names("sx-kiosk", "3.7.2", 3))],
    "sx-gate": [(START, pod_names("sx-gate", "2.3.0", 2))],
    "sx-ils": [(START, pod_names("sx-ils", "9.1.4", 4))],
    "sx-opac": [(START, OPAC_PODS)],
    "sx-logistics": [(START, pod_names("sx-logistics", "1.9.3", 2)), (_t("08:11:00"), pod_names("sx-logistics", "1.9.4", 2))],
    "sx-seat": [(START, pod_names("sx-seat", "3.2.0", 3)), (_t("06:41:00"), pod_names("sx-seat", "3.2.1", 3))],
    "sx-ebook": [(START, pod_names("sx-ebook", "2.8.5", 3))],
    "sx-reader": [(START, pod_names("sx-reader", "2.6.2", 3)), (_t("08:21:00"), pod_names("sx-reader", "2.6.3", 3))],
    "sx-payment": [(START, pod_names("sx-payment", "1.12.0", 2))],
    "sx-app": [(START, pod_names("sx-app", "6.3.1", 4))],
    "sx-activity": [(START, pod_names("sx-activity", "2.1.3", 2)), (_t("09:31:00"), pod_names("sx-activity", "2.1.4", 2))],
    "sx-notify": [(START, pod_names("sx-notify", "1.5.7", 2))],
}
GENERAL_NODES = [f"sx-k8s-node-{n:02d}" for n in (1, 2, 3, 4)]
NODES = [*GENERAL_NODES, BAD_NODE, SEARCH_NODE]
ROUTERS = [f"{code}-RTR-01" for code in OPEN_BRANCHES]
INSTANCES: dict[str, list[str]] = {service: list(steps[-1][1]) for service, steps in ROLLOUTS.items()} | {
    "sx-k8s-node": NODES, "sx-branch-net": ["net-probe"]}


def node_of(pod: str) -> str:
    """The OPAC runs on the search pool (node-05 and node-06, tainted for it); every other pod on the general nodes."""
    if pod in OPAC_PODS:
        return BAD_NODE if pod in ON_BAD_NODE else SEARCH_NODE
    return GENERAL_NODES[int(hashlib.sha256(pod.encode()).hexdigest(), 16) % len(GENERAL_NODES)]


def pod_ip(pod: str) -> str:
    node = int(node_of(pod)[-2:])
    return f"10.42.{node}.{11 + int(hashlib.sha256(pod.encode()).hexdigest(), 16) % 200}"


SERVICES: list[Json] = [
    {"name": "sx-kiosk", "aliases": ["自助借还", "自助借还机", "自助机", "自助设备", "还书箱", "24 小时还书箱", "SIP2 网关"],
     "description": "自助设备平台（3 个副本）：各馆 RFID 自助借还机 SSK-<馆>-nn 与总馆 24 小时还书箱 BD-ZG-nn 的管理、心跳、"
                    "标签配置下发，以及它们到 ILS 的 SIP2 网关；借出时写标签 AFI 0xC2（出馆），归还时写 0x07（在馆）。网络断开时"
                    "借还机脱机借书，恢复后上传脱机交易。"},
    {"name": "sx-gate", "aliases": ["安全门", "门禁", "防盗门", "RFID 安全门", "通道门"],
     "description": "RFID 安全门（2 个副本）：各馆出入口安全门读取标签 AFI，AFI 为 0x07 的图书出门时报警，并向 ILS 查询流通状态"
                    "显示给馆员；统计进出馆人次。"},
    {"name": "sx-ils", "aliases": ["ILS", "图书馆集成系统", "集成系统", "流通", "编目", "预约", "馆藏", "逾期费计算"],
     "description": "图书馆集成系统（4 个副本 + Oracle）：编目、流通（借还、续借、逾期费计算）、预约与调拨需求、分馆主数据；"
                    "每天 23:00 起跑夜间批处理；SIP2 服务端。"},
    {"name": "sx-opac", "aliases": ["OPAC", "书目检索", "馆藏检索", "检索", "联机目录"],
     "description": "馆藏书目检索 OPAC（Java，4 个副本，调度在检索节点池 sx-k8s-node-05/06，每个 Pod 内存上限 6Gi）：网站、App "
                    "与馆内查询机的检索、分面、相关推荐。"},
    {"name": "sx-logistics", "aliases": ["物流调拨", "调拨", "物流", "分拣", "分拣机", "周转箱"],
     "description": "馆际物流调拨（2 个副本）：ILS 产生的调拨单、总馆分拣机 SRT-01 按分馆格口（每天 05:00 由 ILS 分馆表生成"
                    "格口表 CM-yyyymmdd）分拣入周转箱，物流车按线路 R01–R05 送到各馆，各馆扫描签收。"},
    {"name": "sx-seat", "aliases": ["座位预约", "座位", "抢座", "自习室预约", "研修间预约"],
     "description": "自习座位预约（3 个副本 + Redis）：读者每天按分馆分组的开放时间预约当天座位，扫码签到，30 分钟未签到自动"
                    "释放。"},
    {"name": "sx-ebook", "aliases": ["电子书", "电子书借阅", "DRM", "数字阅读", "书云"],
     "description": "电子书借阅（3 个副本）：向电子书商 书云 的 DRM 许可服务申请借阅许可，许可绑定读者设备（书云 每位读者最多 "
                    "3 台设备），借期 21 天。"},
    {"name": "sx-reader", "aliases": ["读者证", "读者", "身份认证", "社保卡", "身份证", "读者身份"],
     "description": "读者证与身份（3 个副本）：读者证、身份证与社保卡关联，借还机与门禁刷卡认证；每天 02:00 同步 江城市人社局 的"
                    "社保卡状态文件。"},
    {"name": "sx-payment", "aliases": ["逾期费", "缴费", "逾期费支付", "支付", "罚款"],
     "description": "逾期费与赔书款支付（2 个副本）：微信支付（各馆特约商户子商户号）与支付宝，支付成功后通知 ILS 销账。"},
    {"name": "sx-app", "aliases": ["App", "书香城 App", "小程序", "App 后端", "读者 App"],
     "description": "书香城 App 与小程序后端（4 个副本）：借阅查询、续借、预约、电子书阅读器、座位预约入口、电子读者证。"},
    {"name": "sx-activity", "aliases": ["活动报名", "活动", "讲座", "读者活动"],
     "description": "读者活动与讲座报名（2 个副本）。"},
    {"name": "sx-notify", "aliases": ["通知", "短信", "到书通知", "催还提醒", "消息推送"],
     "description": "通知（2 个副本）：预约到书、到期提醒、催还的短信与微信模板消息。"},
    {"name": "sx-branch-net", "aliases": ["分馆网络", "专线", "MSTP", "分馆路由器"],
     "description": "分馆到总馆的 MSTP 专线与分馆路由器 <馆>-RTR-01（集群外，探针 net-probe）。"},
    {"name": "sx-k8s-node", "aliases": ["K8s 节点", "节点", "服务器"],
     "description": "集群 sx-prod 的节点 sx-k8s-node-01..06（05、06 为检索节点池）。"},
]

WINDOWS = {
    "afi": (_t("09:00"), _t("10:20")),
    "hugepages": (_t("09:10"), REFERENCE),
    "seatopen": (_t("06:59"), _t("07:26")),
    "weeding": (_t("09:00"), _t("10:02")),
    "mstp": (_y("19:20"), _y("20:39")),
    "chute": (_t("09:35"), _t("10:31")),
    "deviceid": (_t("07:00"), _t("10:36")),
    "ssc": (_t("09:00"), REFERENCE),
    "frozen": (_t("10:02"), _t("10:53")),
    "bookdrop": (_t("08:31"), _t("10:48")),
}


def _inside(window: str, t: dt.datetime) -> bool:
    a, b = WINDOWS[window]
    return a <= t < b


def _open(t: dt.datetime) -> bool:
    """The branches are open 09:00–21:00."""
    return dt.time(9, 0) <= t.timetz().replace(tzinfo=None) < dt.time(21, 0)


# --- Business vocabulary ---------------------------------------------------------------------------------------------------
Line = tuple[str, str, dict[str, Any]]


def _item(w: WorldBuilder) -> str:
    """A barcode outside the weeding batch's range (31010001200000–31010001299999)."""
    return f"3101000{w.rng.randint(1_300_000, 9_999_999)}"


def _weeded_item(w: WorldBuilder) -> str:
    return f"310100012{w.rng.randint(10_000, 99_999)}"


def _reader(w: WorldBuilder) -> str:
    return f"R{w.rng.randint(20_000_000, 29_999_999)}"


def _ssc(w: WorldBuilder, generation: str) -> str:
    return f"3101{generation}{w.rng.randint(10**7, 10**8 - 1)}"


def _device(w: WorldBuilder) -> str:
    return f"d-{w.hex(12)}"


def _branch(w: WorldBuilder, t: dt.datetime, *, avoid: tuple[str, ...] = ()) -> str:
    """An open branch whose kiosks are ordinary at ``t``."""
    codes = [c for c in OPEN_BRANCHES if c not in avoid]
    if _inside("afi", t):
        codes = [c for c in codes if c != AFI_BRANCH]
    if _inside("mstp", t):
        codes = [c for c in codes if c != "LL"]
    return w.rng.choice(codes)


def _kiosk(w: WorldBuilder, branch: str) -> str:
    return f"SSK-{branch}-{w.rng.randint(1, 3 if branch == 'LL' else 4):02d}"


def _pod(w: WorldBuilder, service: str, t: dt.datetime) -> str:
    pods = ROLLOUTS[service][0][1]
    for moment, step in ROLLOUTS[service]:
        if moment <= t:
            pods = step
    return w.rng.choice(pods)


def _search(w: WorldBuilder) -> str:
    return w.rng.choice(TITLES)


# --- Noise: every service's ordinary day -------------------------------------------------------------------------------
def _kiosk_noise(w: WorldBuilder, t: dt.datetime) -> Line:
    if not _open(t):
        pod = _pod(w, "sx-kiosk", t)
        return "INFO", f"device heartbeat sweep: {w.rng.randint(78, 80)}/80 kiosks, 2/2 book drops online (idle)", {
            "instance": pod}
    b = _branch(w, t)
    dev = _kiosk(w, b)
    roll = w.rng.random()
    if roll < 0.4:
        return "INFO", CHECKOUT.format(dev=dev, item=_item(w), reader=_reader(w), afi="0xC2", word="出馆", ms=w.ms(600, 1400)), {
            "instance": dev}
    if roll < 0.75:
        return "INFO", (f"{dev} checkin item {_item(w)}: SIP2 10 ok=1, tag AFI set 0x07 (在馆), sorted to bin "
                        f"{w.rng.randint(1, 3)} took={w.ms(500, 1200)}ms"), {"instance": dev}
    if roll < 0.9:
        return "INFO", f"{dev} patron login reader {_reader(w)} via {w.rng.choice(('读者证', '身份证', '社保卡', '电子读者证'))}: ok", {
            "instance": dev}
    if roll < 0.98:
        return "WARN", f"{dev} rfid: {w.rng.randint(2, 5)} tags in field, item count mismatch on pad, asked reader to spread books", {
            "instance": dev}
    return "WARN", f"{dev} receipt printer paper low ({w.rng.randint(5, 12)}%)", {"instance": dev}


def _gate_noise(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "sx-gate", t)
    if not _open(t):
        return "INFO", f"gates idle: {w.rng.randint(38, 40)}/40 gate controllers online", {"instance": pod}
    b = _branch(w, t)
    gate = f"{b}-G{w.rng.randint(1, 2)}"
    if w.rng.random() < 0.96:
        return "INFO", f"gate {gate} passages in {w.rng.randint(20, 160)} out {w.rng.randint(20, 150)} (10 min), alarms 0", {
            "instance": pod}
    return "WARN", GATE_REAL.format(gate=gate, item=_item(w)), {"instance": pod}


def _ils_noise(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "sx-ils", t)
    roll = w.rng.random()
    if not _open(t) and roll < 0.7:
        return "INFO", f"SIP2 sessions {w.rng.randint(2, 8)}/256, oracle sessions {w.rng.randint(20, 40)}/300", {"instance": pod}
    if roll < 0.35:
        return "INFO", f"circulation: checkout item {_item(w)} reader {_reader(w)} due 2027-06-29", {"instance": pod}
    if roll < 0.6:
        return "INFO", (f"holds: hold H{w.rng.randint(10**6, 10**7 - 1)} trapped item {_item(w)}, pickup "
                        f"{BRANCHES[w.rng.choice(OPEN_BRANCHES)]}"), {"instance": pod}
    if roll < 0.8:
        return "INFO", f"SIP2 sessions {w.rng.randint(60, 90)}/256, oracle sessions {w.rng.randint(60, 140)}/300", {"instance": pod}
    if roll < 0.95:
        return "INFO", f"cataloguing: MARC record {w.rng.randint(10**6, 10**7 - 1)} 《{_search(w)}》 updated by cat_{w.rng.choice(('lin', 'zhou', 'qian'))}", {
            "instance": pod}
    return "WARN", f"renewal refused item {_item(w)} reader {_reader(w)}: hold queue 3", {"instance": pod}


def _opac_noise(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "sx-opac", t)
    if w.rng.random() < 0.85:
        return "INFO", (f"GET /opac/search?q={_search(w)} 200 hits={w.rng.randint(3, 400)} took={w.ms(40, 260)}ms"), {
            "instance": pod, "log_type": "access"}
    return "INFO", f"GET /opac/record/{w.rng.randint(10**6, 10**7 - 1)} 200 holdings={w.rng.randint(1, 20)} took={w.ms(20, 90)}ms", {
        "instance": pod, "log_type": "access"}


def _logistics_noise(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "sx-logistics", t)
    src, dst = w.rng.sample(OPEN_BRANCHES, 2)
    if w.rng.random() < 0.7:
        return "INFO", (f"transfer TR{w.rng.randint(10**6, 10**7 - 1)} created: item {_item(w)} {src}->{dst} (hold "
                        f"H{w.rng.randint(10**6, 10**7 - 1)})"), {"instance": pod}
    return "INFO", f"van route R0{w.rng.randint(1, 5)} GPS ok, {w.rng.randint(0, 6)} stops left", {"instance": pod}


def _seat_noise(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "sx-seat", t)
    b = _branch(w, t)
    room = w.rng.choice(ROOMS)
    roll = w.rng.random()
    if not _open(t) and t.timetz().replace(tzinfo=None) < dt.time(6, 0):
        return "INFO", f"seat map cache refreshed: {w.rng.randint(5200, 5300)} seats in 20 branches", {"instance": pod}
    if roll < 0.5:
        return "INFO", (f"POST /api/seat/reserve 200 branch {b} room {room} seat {w.rng.randint(1, 120):03d} reader "
                        f"{_reader(w)} took={w.ms(30, 120)}ms"), {"instance": pod, "log_type": "access"}
    if roll < 0.8:
        return "INFO", f"check-in seat {b}:{room}:{w.rng.randint(1, 120):03d} reader {_reader(w)} via QR ok", {"instance": pod}
    if roll < 0.95:
        return "INFO", f"auto-release: {w.rng.randint(1, 14)} seats released (no check-in within 30 min)", {"instance": pod}
    return "WARN", f"check-in seat {b}:{room}:{w.rng.randint(1, 120):03d} refused: reader {_reader(w)} not at the branch (QR of another room)", {
        "instance": pod}


def _ebook_noise(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "sx-ebook", t)
    roll = w.rng.random()
    if roll < 0.55:
        return "INFO", (f"licence issued reader {_reader(w)} title EB{w.rng.randint(10**5, 10**6 - 1)} 《{_search(w)}》 device "
                        f"{_device(w)} (app 4.7.3): known device, loan 21 days"), {"instance": pod}
    if roll < 0.75:
        return "INFO", f"licence returned early reader {_reader(w)} title EB{w.rng.randint(10**5, 10**6 - 1)}", {"instance": pod}
    if roll < 0.95:
        return "INFO", f"catalog sync from 书云: +{w.rng.randint(0, 20)} titles, -{w.rng.randint(0, 4)} taken down by publisher", {
            "instance": pod}
    return "WARN", f"书云 licence API slow: {w.ms(1200, 2400)}ms (p95 300ms), served", {"instance": pod}


def _reader_noise(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "sx-reader", t)
    roll = w.rng.random()
    if not _open(t) and roll < 0.6:
        return "INFO", f"e-card QR tokens rotated for {w.rng.randint(200, 900)} readers", {"instance": pod}
    b = _branch(w, t)
    dev = _kiosk(w, b)
    if roll < 0.45:
        return "INFO", f"auth card {_reader(w)} type=READER at {dev}: ok", {"instance": pod}
    if roll < 0.65:
        return "INFO", f"auth card {_ssc(w, 'A')} type=SSC at {dev}: ok (linked reader {_reader(w)})", {"instance": pod}
    if roll < 0.85:
        return "INFO", f"auth 身份证 ****{w.rng.randint(1000, 9999)} at {dev}: ok (linked reader {_reader(w)})", {"instance": pod}
    if roll < 0.97:
        return "INFO", f"real-name check for new reader {_reader(w)} via 公安 interface: passed ({w.ms(200, 600)}ms)", {"instance": pod}
    return "WARN", f"auth card {_reader(w)} type=READER at {dev}: card reported lost, refused", {"instance": pod}


def _payment_noise(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "sx-payment", t)
    b = _branch(w, t, avoid=("DH",) if _inside("frozen", t) else ())
    channel = w.rng.choice(("WeChat", "WeChat", "Alipay"))
    if w.rng.random() < 0.9:
        return "INFO", (f"pay fine order F{w.rng.randint(10**7, 10**8 - 1)} reader {_reader(w)} ¥{w.rng.randint(1, 60) / 10:.2f} "
                        f"branch {b} via {channel}: SUCCESS, ILS fee cleared"), {"instance": pod}
    return "WARN", f"pay fine order F{w.rng.randint(10**7, 10**8 - 1)} via {channel}: USERPAYING timeout, closed after 10 min", {
        "instance": pod}


def _app_noise(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "sx-app", t)
    version = "4.7.3" if t < _y("20:10") or w.rng.random() < 0.4 else "4.8.0"
    path = w.rng.choice(("/api/v2/loans", "/api/v2/holds", "/api/v2/ecard", "/api/v2/search/suggest", "/api/v2/loans/renew"))
    return "INFO", f"GET {path} 200 reader {_reader(w)} app={version} took={w.ms(20, 140)}ms", {"instance": pod, "log_type": "access"}


def _activity_noise(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "sx-activity", t)
    roll = w.rng.random()
    if roll < 0.7:
        return "INFO", (f"sign-up event EV-0612-{w.rng.randint(1, 9):02d} ({w.rng.choice(('周末亲子共读', '非遗讲座', '读书会'))}) "
                        f"reader {_reader(w)}: ok, {w.rng.randint(10, 180)}/200"), {"instance": pod}
    if roll < 0.95:
        return "INFO", f"event list cached: {w.rng.randint(30, 42)} events this month", {"instance": pod}
    return "WARN", f"sign-up event EV-0612-0{w.rng.randint(1, 9)} refused: reader {_reader(w)} already signed up", {"instance": pod}


def _notify_noise(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "sx-notify", t)
    roll = w.rng.random()
    if roll < 0.5:
        return "INFO", f"wechat template sent: {w.rng.randint(20, 400)} 到书通知, delivered {w.rng.randint(96, 100)}%", {"instance": pod}
    if roll < 0.85:
        return "INFO", f"sms batch sent: {w.rng.randint(50, 900)} 到期提醒, carrier receipts {w.rng.randint(95, 100)}%", {"instance": pod}
    if roll < 0.97:
        return "WARN", f"sms to 1{w.rng.randint(30, 99)}****{w.rng.randint(1000, 9999)} receipt delayed by carrier, kept", {
            "instance": pod}
    return "WARN", f"wechat template to reader {_reader(w)} skipped: user unsubscribed", {"instance": pod}


def _net_noise(w: WorldBuilder, t: dt.datetime) -> Line:
    codes = [c for c in OPEN_BRANCHES if not (c == "LL" and _inside("mstp", t))]
    b = w.rng.choice(codes)
    return "INFO", f"probe {b}-RTR-01 rtt {w.rng.uniform(2, 9):.1f}ms loss 0%", {"instance": "net-probe", "trace": False}


def _node_noise(w: WorldBuilder, t: dt.datetime) -> Line:
    node = w.rng.choice(GENERAL_NODES)
    if w.rng.random() < 0.6:
        return "INFO", f"kubelet: image garbage collection: usage {w.rng.randint(20, 60)}% below threshold 85%", {
            "instance": node if node != FS_NODE else GENERAL_NODES[0], "trace": False}
    return "INFO", f"chronyd: selected source ntp.jclib.local, offset {w.rng.uniform(-0.4, 0.4):.3f}ms", {
        "instance": node, "trace": False}


NOISE = {
    "sx-kiosk": (_kiosk_noise, 25), "sx-gate": (_gate_noise, 90), "sx-ils": (_ils_noise, 40), "sx-opac": (_opac_noise, 30),
    "sx-logistics": (_logistics_noise, 240), "sx-seat": (_seat_noise, 60), "sx-ebook": (_ebook_noise, 60),
    "sx-reader": (_reader_noise, 45), "sx-payment": (_payment_noise, 120), "sx-app": (_app_noise, 40),
    "sx-activity": (_activity_noise, 200), "sx-notify": (_notify_noise, 150), "sx-branch-net": (_net_noise, 300),
    "sx-k8s-node": (_node_noise, 600),
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


# --- Incident 1: 河西's kiosks write the in-library AFI on checkout ---------------------------------------------------------
GATE_SERIES: Keyframes = [(START, 1), (_y("21:00"), 0), (_t("09:00"), 0), (_t("09:18"), 14), (_t("09:40"), 33),
                          (_t("09:51"), 38), (_t("09:52"), GATE_PEAK), (_t("09:53"), 37), (_t("10:12"), 26), (_t("10:22"), 2),
                          (REFERENCE, 1)]


def afi_profile(w: WorldBuilder) -> None:
    kiosk, gate = "sx-kiosk", "sx-gate"
    w.log(_y("21:40:12.118"), kiosk, "INFO", TAG_PUSH, instance=ROLLOUTS[kiosk][0][1][0], trace=False, change="ops")
    w.log(_t("08:50:10.204"), gate, "INFO", GATE_SOUND, instance=ROLLOUTS[gate][0][1][0], change="config")
    rollback = _t("10:12:05.330")
    for moment in _every(w, "09:00:30", "10:40", 30, 80):
        dev = w.rng.choice(AFI_KIOSKS)
        item, reader = _item(w), _reader(w)
        bad = moment < rollback
        w.log(moment, kiosk, "INFO", CHECKOUT.format(dev=dev, item=item, reader=reader, afi="0x07" if bad else "0xC2",
                                                       word="在馆" if bad else "出馆", ms=w.ms(600, 1400)), instance=dev)
        if bad and w.rng.random() < 0.75:
            out = moment + dt.timedelta(seconds=w.rng.randint(40, 400))
            w.log(out, gate, "WARN", GATE_ALARM.format(gate=f"HX-G{w.rng.randint(1, 2)}", item=item, reader=reader,
                                                        clock=f"{moment:%H:%M:%S}", dev=dev), instance=ROLLOUTS[gate][0][1][1])
    _ops(w, "09:35:20.441", gate, "gate_oncall_shenyu: 河西分馆 两个门一直响，馆员说响的都是刚在自助机借的书，查流通状态是已借出")
    w.log(rollback, kiosk, "INFO", TAG_ROLLBACK, instance=ROLLOUTS[kiosk][0][1][0], trace=False, change="ops")
    _ops(w, "10:18:40.551", kiosk, "kiosk_oncall_tianye: 河西 前台把今天 09:00 以后借出的 146 册重写 AFI 0xC2")
    w.alert("GateAlarmRateHigh", gate, "warning", _t("09:18"), _t("10:25"), GATE_ALERT,
            "河西分馆 安全门报警 14 次/10分钟，超过阈值 10", namespace=NS, branch=AFI_BRANCH)


# --- Incident 2: hugepages on node-05 -------------------------------------------------------------------------------------
def hugepages(w: WorldBuilder) -> None:
    node, opac = "sx-k8s-node", "sx-opac"
    w.log(_t("02:15:40.118"), node, "INFO", ANSIBLE, instance=BAD_NODE, trace=False)
    w.log(_t("02:15:52.204"), node, "INFO", HUGEPAGES, instance=BAD_NODE, trace=False)
    for moment in _every(w, START + dt.timedelta(minutes=4), REFERENCE, 590, 610):
        for n in (BAD_NODE, SEARCH_NODE):
            reserved = n == BAD_NODE and moment > _t("02:15:52")
            busy = _open(moment)
            avail = (w.rng.uniform(0.3, 1.9) if busy else w.rng.uniform(11.0, 12.6)) if reserved else (
                w.rng.uniform(34, 41) if busy else w.rng.uniform(44, 48))
            w.log(moment + dt.timedelta(seconds=2 if n == SEARCH_NODE else 0), node, "INFO",
                  MEMINFO.format(hp=24576 if reserved else 0, gib="48.0" if reserved else "0.0", avail=avail), instance=n,
                  trace=False)
    w.log(_t("08:30:10.330"), opac, "INFO", OPAC_SUGGEST, instance=OPAC_PODS[2], change="config")
    kills: list[tuple[dt.datetime, int]] = []
    for index, count in OPAC_RESTARTS.items():
        first = _t("09:10:20") + dt.timedelta(minutes=4 * index)
        for k in range(count):
            kills.append((first + dt.timedelta(minutes=17 * k + w.rng.randint(0, 6), seconds=w.rng.randint(0, 59)), index))
    for moment, index in sorted(kills):
        pod = ON_BAD_NODE[index]
        w.log(moment, node, "WARN", OOM_INVOKED, instance=BAD_NODE, trace=False)
        w.log(moment + dt.timedelta(milliseconds=40), node, "ERROR",
              OOM_KILLED.format(pid=w.rng.randint(20000, 90000), rss=w.rng.uniform(3.6, 4.3)), instance=BAD_NODE, trace=False)
        for k in range(w.rng.randint(3, 7)):
            w.log(moment + dt.timedelta(seconds=2 + 5 * k, milliseconds=w.rng.randint(0, 999)), opac, "WARN",
                  OPAC_502.format(q=_search(w), pod=pod, ip=pod_ip(pod), ms=w.ms(900, 3000)), instance="ingress-nginx",
                  log_type="access", trace=False)
        w.log(moment + dt.timedelta(seconds=w.rng.randint(55, 80)), opac, "INFO",
              OPAC_STARTED.format(s=w.rng.randint(380, 460) / 10, j=w.rng.randint(470, 520) / 10), instance=pod, trace=False)
    _ops(w, "10:20:30.441", opac, "opac_oncall_jiangtao: 重启的只有 node-05 上的两个 Pod，容器内存才用了 4G 左右，离 6Gi 上限还远")
    w.alert("OpacPodRestartsHigh", opac, "warning", _t("09:25"), None, "3 次/30分钟",
            "sx-opac Pod 30 分钟内重启 3 次，超过阈值 2", namespace=NS)


# --- Incident 3: every branch's seats at 07:00 -----------------------------------------------------------------------------
SEAT_SERIES: Keyframes = [(START, 520), (_y("21:00"), 120), (_y("22:00"), 8), (_t("06:00"), 6), (_t("06:29"), 30),
                          (_t("06:31"), 60), (_t("06:59"), 240), (_t("07:00"), 12_300), (_t("07:01"), SEAT_PEAK),
                          (_t("07:02"), 13_640), (_t("07:05"), 9_100), (_t("07:15"), 4_300), (_t("07:26"), 1_400),
                          (_t("07:40"), 760), (_t("09:00"), 640), (REFERENCE, 560)]
SEAT_ERRORS: Keyframes = [(START, 0.2), (_t("06:59"), 0.2), (_t("07:00"), 12.6), (_t("07:02"), 31.4), (_t("07:10"), 18.0),
                          (_t("07:24"), 4.0), (_t("07:27"), 0.4), (REFERENCE, 0.2)]


def seat_rush(w: WorldBuilder) -> None:
    seat = "sx-seat"
    w.log(_y("17:30:20.118"), seat, "INFO", SEAT_OPEN, instance=ROLLOUTS[seat][0][1][0], change="config")
    w.log(_t("06:40:10.204"), seat, "INFO", SEAT_DEPLOY, instance=ROLLOUTS[seat][1][1][0], change="deploy")
    _rolled(w, seat, 1, "SeatApplication 3.2.1 started in {s} seconds")
    w.log(_t("07:00:00.412"), seat, "INFO", "reservation opened for 2027-06-08: 20 branches, 5,236 seats (group A, B, C)",
          instance=ROLLOUTS[seat][1][1][0], trace=False)
    for moment in _every(w, "07:00:01", "07:25", 1, 5):
        b = w.rng.choice(OPEN_BRANCHES)
        room = w.rng.choice(ROOMS)
        if w.rng.random() < 0.6:
            w.log(moment, seat, "WARN", SEAT_503.format(b=b, room=room, reader=_reader(w), p=w.rng.randint(1990, 2000),
                                                         ms=w.ms(800, 3000)), instance=_pod(w, seat, moment),
                  log_type="access")
        else:
            w.log(moment, seat, "WARN", SEAT_LOCK.format(b=b, room=room, seat=f"{w.rng.randint(1, 120):03d}", reader=_reader(w)),
                  instance=_pod(w, seat, moment))
    _ops(w, "07:20:10.330", seat, "seat_oncall_dupeng: 七点整 20 个馆一起开放，请求是平时高峰的三倍多，排队满了")
    w.log(_t("09:10:20.441"), seat, "INFO", SEAT_RESTORE, instance=ROLLOUTS[seat][1][1][1], change="config")
    w.alert("SeatRequestRateHigh", seat, "warning", _t("07:00"), _t("07:26"), SEAT_ALERT,
            "座位预约请求 6120 次/分钟，超过阈值 5000", namespace=NS)
    w.alert("SeatBookingErrorsHigh", seat, "critical", _t("07:01"), _t("07:25"), "12.6%",
            "座位预约失败率 12.6%，超过阈值 5%", namespace=NS)


# --- Incident 4: the weeding batch's range ----------------------------------------------------------------------------------
def weeding(w: WorldBuilder) -> None:
    ils, kiosk = "sx-ils", "sx-kiosk"
    pods = ROLLOUTS[ils][0][1]
    w.log(_y("16:40:30.118"), ils, "INFO", WEED_SUBMIT, instance=pods[0], job="night-batch")
    w.log(_y("23:00:05.204"), ils, "INFO", "night batch window opened: 4 batches queued (WD-0607-02, OVD-NOTICE, HOLD-EXPIRE, "
          "STAT-DAILY)", instance=pods[0], job="night-batch")
    for index in range(10):
        w.log(_y("23:01:10") + dt.timedelta(seconds=61 * index), ils, "INFO",
              WEED_ITEM.format(item=_weeded_item(w), title=_search(w), old=w.rng.choice(("AVAILABLE", "AVAILABLE", "CHARGED"))),
              instance=pods[0], trace=False, job="night-batch")
    w.log(_y("23:14:17.330"), ils, "INFO", WEED_RUN, instance=pods[0], job="night-batch")
    w.log(_t("08:45:10.441"), kiosk, "INFO", KIOSK_QR, instance=ROLLOUTS[kiosk][0][1][1], change="config")
    undo = _t("09:58:20.551")
    for moment in _every(w, "09:00:40", undo, 20, 70):
        b = _branch(w, moment)
        dev = _kiosk(w, b)
        item = _weeded_item(w)
        w.log(moment, ils, "WARN", ILS_REFUSED.format(item=item, dev=dev), instance=w.rng.choice(pods))
        w.log(moment + dt.timedelta(milliseconds=w.rng.randint(80, 300)), kiosk, "WARN",
              CHECKIN_REFUSED.format(dev=dev, item=item, ms=w.ms(700, 1500)), instance=dev)
    _ops(w, "09:40:10.118", kiosk, "kiosk_oncall_tianye: 还书失败的条码都是 310100012 开头，ILS 里状态是已注销，各馆服务台排队")
    w.log(undo, ils, "INFO", WEED_UNDO, instance=pods[1], job="night-batch")
    w.alert("KioskCheckinRejectHigh", kiosk, "warning", _t("09:14"), _t("10:12"), "7.9%",
            "自助还书失败率 7.9%，超过阈值 5%", namespace=NS)


# --- Incident 5: 柳林's line cut over at 19:20 ---------------------------------------------------------------------------------
def mstp_cutover(w: WorldBuilder) -> None:
    kiosk, net = "sx-kiosk", "sx-branch-net"
    down, up = _y("19:20:14.118"), _y("20:38:02.204")
    w.log(_y("19:05:10.330"), kiosk, "INFO", KIOSK_IDLE, instance=ROLLOUTS[kiosk][0][1][2], change="config")
    w.log(down, net, "ERROR", LINK_DOWN, instance="LL-RTR-01", trace=False)
    for moment in _every(w, down + dt.timedelta(seconds=50), up, 240, 360):
        w.log(moment, net, "WARN", "probe LL-RTR-01 timeout loss 100%", instance="net-probe", trace=False)
    for index, dev in enumerate(LL_KIOSKS):
        last = down - dt.timedelta(seconds=3 + 7 * index)
        w.log(down + dt.timedelta(seconds=120 + 4 * index), kiosk, "WARN", KIOSK_MISSED.format(dev=dev, last=f"{last:%H:%M:%S}"),
              instance=ROLLOUTS[kiosk][0][1][0], trace=False)
    _ops(w, _y("19:40:20.441"), kiosk, "kiosk_oncall_tianye: 柳林分馆 馆员电话，三台自助机都显示脱机模式，只能脱机借书不能还书")
    _ops(w, _y("20:05:30.551"), net, CARRIER_NOTE)
    w.log(up, net, "INFO", LINK_UP, instance="LL-RTR-01", trace=False)
    for index, dev in enumerate(LL_KIOSKS):
        w.log(up + dt.timedelta(seconds=30 + 5 * index), kiosk, "INFO", OFFLINE_UPLOAD.format(dev=dev, n=(31, 40, 25)[index]),
              instance=dev, trace=False)
    for index in range(11):
        clock = _y("19:21") + dt.timedelta(minutes=w.rng.randint(0, 75))
        dev = w.rng.choice(LL_KIOSKS)
        w.log(up + dt.timedelta(seconds=45 + 6 * index), kiosk, "WARN",
              OFFLINE_REFUSED.format(dev=dev, item=_item(w), reader=_reader(w), clock=f"{clock:%H:%M}", other=_reader(w)),
              instance=dev, trace=False)
    w.log(up + dt.timedelta(seconds=130), kiosk, "INFO", OFFLINE_DONE, instance=ROLLOUTS[kiosk][0][1][0], trace=False)
    w.alert("KioskBranchOffline", kiosk, "warning", _y("19:25"), _y("20:42"), "3 台离线",
            "柳林分馆 3 台自助借还机离线超过 5 分钟", namespace=NS, branch="LL")


# --- Incident 6: 新城 on 南苑's chute -------------------------------------------------------------------------------------------
def chute_collision(w: WorldBuilder) -> None:
    ils, logi = "sx-ils", "sx-logistics"
    w.log(_y("11:05:10.118"), logi, "INFO", CHUTE_MAP_OK, instance=ROLLOUTS[logi][0][1][0], job="chute-map")
    w.log(_y("23:30:40.204"), ils, "INFO", BRANCH_IMPORT, instance=ROLLOUTS[ils][0][1][2], job="branch-import")
    w.log(_t("05:00:10.330"), logi, "INFO", CHUTE_MAP, instance=ROLLOUTS[logi][0][1][0], job="chute-map")
    xc_items: list[tuple[str, str]] = []
    for moment in _every(w, "06:00", "07:40", 3, 9):
        src = w.rng.choice(OPEN_BRANCHES)
        tr = f"TR{w.rng.randint(10**6, 10**7 - 1)}"
        item = _item(w)
        if w.rng.random() < 0.3:
            dst, chute = "XC", 12
            xc_items.append((item, tr))
        else:
            dst = w.rng.choice([c for c in OPEN_BRANCHES if c != src])
            chute = CHUTES[dst]
        w.log(moment, logi, "INFO", SORTED.format(item=item, tr=tr, src=src, dst=dst, chute=chute),
              instance=ROLLOUTS[logi][0][1][1], trace=False, job="sorter")
    w.log(_t("07:41:10.441"), logi, "INFO", "sorter SRT-01 run finished: 2,964 items in 212 crates, 0 exceptions",
          instance=ROLLOUTS[logi][0][1][1], trace=False, job="sorter")
    w.log(_t("08:10:10.551"), logi, "INFO", LOGI_DEPLOY, instance=ROLLOUTS[logi][1][1][0], change="deploy")
    _rolled(w, logi, 1, "LogisticsApplication 1.9.4 started in {s} seconds")
    w.log(_t("09:40:20.118"), logi, "WARN", XC_EMPTY.format(n="1,840"), instance=ROLLOUTS[logi][1][1][0], trace=False)
    for index, moment in enumerate(_every(w, "09:35", "10:30", 40, 110)):
        item, tr = xc_items[index % len(xc_items)]
        w.log(moment, logi, "WARN", MISROUTED.format(crate=1 + index // 12, item=item, tr=tr), instance="NY-RCV-01", trace=False)
    _ops(w, "10:02:30.204", logi, "logi_oncall_pengfei: 南苑 收到的错箱全是新城分馆的调拨，都出自 12 号格口")
    w.log(_t("10:15:10.330"), ils, "INFO", CHUTE_FIX, instance=ROLLOUTS[ils][0][1][2], job="branch-import")
    w.log(_t("10:25:40.441"), logi, "INFO", CHUTE_REBUILT, instance=ROLLOUTS[logi][1][1][0], job="chute-map")
    w.alert("TransferMisroutedHigh", logi, "warning", _t("09:50"), _t("10:40"), "15 件/小时",
            "南苑分馆 调拨错送 15 件/小时，超过阈值 10", namespace=NS, branch="NY")


# --- Incident 7: App 4.8.0's device ids ---------------------------------------------------------------------------------------
EBOOK_SERIES: Keyframes = [(START, 0), (_t("07:00"), 0), (_t("07:30"), 9), (_t("07:55"), 30), (_t("08:05"), 52), (_t("08:40"), 180),
                           (_t("09:11"), 290), (_t("09:12"), EBOOK_PEAK), (_t("09:13"), 288), (_t("10:00"), 240),
                           (_t("10:35"), 170), (_t("10:37"), 0), (REFERENCE, 0)]


def device_ids(w: WorldBuilder) -> None:
    app, ebook = "sx-app", "sx-ebook"
    w.log(_y("20:10:10.118"), app, "INFO", APP_RELEASE, instance=ROLLOUTS[app][0][1][0], trace=False, change="deploy")
    w.log(_t("07:30:10.204"), ebook, "INFO", EBOOK_SYNC, instance=ROLLOUTS[ebook][0][1][0], change="config")
    pods = ROLLOUTS[ebook][0][1]
    bindings: dict[str, list[dt.datetime]] = {}
    readers = [_reader(w) for _ in range(90)]
    for moment in _every(w, _y("20:20"), _y("23:30"), 60, 200) + _every(w, "07:00", "10:35:40", 6, 30):
        reader = w.rng.choice(readers)
        bound = bindings.setdefault(reader, [])
        t = w.rng.randint(10**5, 10**6 - 1)
        if moment < _t("07:00") and len(bound) >= 2:
            continue  # the evening's readers open the App once or twice; the mornings' reach the limit
        if len(bound) < 3:
            bound.append(moment)
            w.log(moment, ebook, "INFO", EBOOK_BOUND.format(reader=reader, t=t, title=_search(w), dev=_device(w), k=len(bound)),
                  instance=w.rng.choice(pods))
        else:
            b1, b2, b3 = (f"{b:%m-%d %H:%M}" for b in bound)
            w.log(moment, ebook, "WARN", EBOOK_REFUSED.format(reader=reader, t=t, title=_search(w), dev=_device(w), b1=b1, b2=b2,
                                                               b3=b3), instance=w.rng.choice(pods))
    _ops(w, "09:30:40.330", ebook, EBOOK_NOTE)
    _ops(w, "10:35:50.441", ebook, EBOOK_RESET)
    w.alert("EbookLicenseFailuresHigh", ebook, "warning", _t("08:05"), _t("10:45"), EBOOK_ALERT,
            "电子书借阅许可失败 52 次/10分钟，超过阈值 30", namespace=NS)


# --- Incident 8: the third-generation 社保卡 ------------------------------------------------------------------------------------
def ssc_replacement(w: WorldBuilder) -> None:
    reader = "sx-reader"
    pods = ROLLOUTS[reader]
    w.log(_t("02:00:20.118"), reader, "INFO", SSC_FILE, instance=pods[0][1][0], job="ssc-sync")
    new_cards: list[str] = []
    old_cards: list[str] = []
    for index in range(12):
        old, new = _ssc(w, "A"), _ssc(w, "B")
        old_cards.append(old)
        new_cards.append(new)
        w.log(_t("02:00:30") + dt.timedelta(seconds=3 * index, milliseconds=w.rng.randint(0, 999)), reader, "INFO",
              SSC_UNLINK.format(reader=_reader(w), old=old, new=new), instance=pods[0][1][0], trace=False, job="ssc-sync")
    w.log(_t("08:20:10.204"), reader, "INFO", READER_DEPLOY, instance=pods[1][1][0], change="deploy")
    _rolled(w, reader, 1, "ReaderApplication 2.6.3 started in {s} seconds")
    for moment in _every(w, "09:00:20", REFERENCE, 15, 50):
        b = _branch(w, moment)
        dev = _kiosk(w, b) if w.rng.random() < 0.7 else f"{b}-G{w.rng.randint(1, 2)}"
        if w.rng.random() < 0.85:
            w.log(moment, reader, "WARN", SSC_NOT_LINKED.format(card=_ssc(w, "B"), dev=dev), instance=_pod(w, reader, moment))
        else:
            w.log(moment, reader, "WARN", SSC_OLD.format(card=w.rng.choice(old_cards), dev=dev), instance=_pod(w, reader, moment))
    _ops(w, "09:45:10.330", reader, "reader_oncall_zhuqian: 刷社保卡失败的都是 3101B 开头的新卡，服务台说读者都是刚换的三代社保卡")
    _ops(w, "10:40:20.441", reader, SSC_NOTE)
    w.alert("ReaderSscAuthFailHigh", reader, "warning", _t("09:08"), None, "26 次/10分钟",
            "社保卡认证失败 26 次/10分钟，超过阈值 20", namespace=NS)


# --- Incident 9: 东湖's sub-merchant frozen ------------------------------------------------------------------------------------
def sub_merchant(w: WorldBuilder) -> None:
    pay = "sx-payment"
    pods = ROLLOUTS[pay][0][1]
    w.log(_t("09:50:10.118"), pay, "INFO", PAY_EXPIRE, instance=pods[0], change="config")
    w.log(_t("10:02:31.204"), pay, "WARN", FROZEN, instance=pods[1], trace=False)
    for moment in _every(w, "10:03", "10:52", 40, 130):
        w.log(moment, pay, "ERROR", PAY_FROZEN.format(order=f"F{w.rng.randint(10**7, 10**8 - 1)}", reader=_reader(w),
                                                      fee=w.rng.randint(1, 40) / 10), instance=w.rng.choice(pods))
    _ops(w, "10:40:10.330", pay, PAY_APPEAL)
    w.log(_t("10:52:40.441"), pay, "INFO", UNFROZEN, instance=pods[1], trace=False)
    w.alert("FinePaymentFailHigh", pay, "warning", _t("10:06"), _t("10:56"), "38.5%",
            "东湖分馆 逾期费支付失败率 38.5%，超过阈值 10%", namespace=NS, branch="DH")


# --- Incident 10: the book drops' no-block flag ---------------------------------------------------------------------------------
DISPUTES: Keyframes = [(START, 0), (_t("09:00"), 0), (_t("09:30"), 8), (_t("09:40"), 12), (_t("09:59"), 24),
                       (_t("10:00"), DISPUTE_PEAK), (_t("10:01"), 23), (_t("10:30"), 15), (_t("10:48"), 4), (REFERENCE, 1)]


def book_drop(w: WorldBuilder) -> None:
    kiosk, ils = "sx-kiosk", "sx-ils"
    pods = ROLLOUTS[ils][0][1]
    w.log(_y("22:30:15.118"), kiosk, "INFO", DROP_FIRMWARE, instance=ROLLOUTS[kiosk][0][1][0], trace=False, change="ops")
    w.log(_t("07:55:10.204"), ils, "INFO", HOLDS_PICKUP, instance=pods[1], change="config")
    for index, drop in enumerate(DROPS):
        w.log(_t("08:31:02") + dt.timedelta(seconds=5 * index), kiosk, "INFO",
              DROP_UPLOAD.format(drop=drop, n=(412, 377)[index], flag="N"), instance=drop, trace=False)
    readers = []
    for s in range(3, 57):
        reader = _reader(w)
        readers.append(reader)
        w.log(_t("08:31:00") + dt.timedelta(seconds=s, milliseconds=w.rng.randint(0, 999)), ils, "INFO",
              DROP_CHECKIN_LATE.format(item=_item(w), drop=w.rng.choice(DROPS), s=s, reader=reader), instance=pods[2],
              trace=False)
    for moment in _every(w, "09:05", "10:48", 90, 260):
        w.log(moment, ils, "WARN", FINE_DISPUTE.format(d=f"D{w.rng.randint(10**5, 10**6 - 1)}", reader=w.rng.choice(readers),
                                                       clock=f"{w.rng.randint(21, 23)}:{w.rng.randint(0, 59):02d}"),
              instance=w.rng.choice(pods))
    w.log(_t("10:28:30.330"), kiosk, "INFO", DROP_ROLLBACK, instance=ROLLOUTS[kiosk][0][1][0], trace=False, change="ops")
    _ops(w, "10:35:40.441", ils, FINE_REVERSAL)
    w.alert("OverdueFineDisputesHigh", ils, "warning", _t("09:40"), _t("10:48"), DISPUTE_ALERT,
            "逾期费申诉 12 件/小时，超过阈值 10", namespace=NS)


def book_drop_yesterday(w: WorldBuilder) -> None:
    """Yesterday morning's upload, before the firmware: the drop time was kept (``no_block=Y``)."""
    kiosk, ils = "sx-kiosk", "sx-ils"
    w.log(_y("11:20:00.000"), kiosk, "INFO", "bookdrop BD-ZG-01 late batch: 6 returns uploaded to ILS (SIP2 09 checkin, "
          "no_block=Y)", instance="BD-ZG-01", trace=False)
    for s in range(6):
        w.log(_y("11:20:01") + dt.timedelta(seconds=s), ils, "INFO",
              DROP_CHECKIN_OK.format(item=_item(w), drop="BD-ZG-01", returned=f"2027-06-07 11:{w.rng.randint(0, 19):02d}",
                                     due="2027-06-07"), instance=ROLLOUTS[ils][0][1][2], trace=False)


# --- Unrelated: UPS, a node's image filesystem; the healthy services' changes ------------------------------------------------
def other_events(w: WorldBuilder) -> None:
    w.log(_y("14:10:20.118"), "sx-branch-net", "WARN", "BT-UPS-01: on battery (mains lost), runtime 42 min", instance="BT-RTR-01",
          trace=False)
    w.log(_y("14:22:40.204"), "sx-branch-net", "INFO", "BT-UPS-01: mains restored, charging", instance="BT-RTR-01", trace=False)
    w.alert("UpsOnBattery", "sx-branch-net", "warning", _y("14:11"), _y("14:23"), "on battery",
            "北塘分馆 UPS 市电中断，电池供电", instance="BT-UPS-01")
    for moment in _every(w, "06:00", REFERENCE, 1500, 2100):
        w.log(moment, "sx-k8s-node", "WARN", FS_LINE.format(pct=w.rng.randint(86, 88)), instance=FS_NODE, trace=False)
    w.alert("NodeFilesystemAlmostFull", "sx-k8s-node", "warning", _t("06:10"), None, "86%",
            f"{FS_NODE} /var/lib/containerd 使用率 86%，超过阈值 85%", instance=FS_NODE)
    w.log(_t("09:30:10.330"), "sx-activity", "INFO", ACTIVITY_DEPLOY, instance=ROLLOUTS["sx-activity"][1][1][0], change="deploy")
    _rolled(w, "sx-activity", 1, "ActivityApplication 2.1.4 started in {s} seconds")
    w.log(_t("08:15:10.441"), "sx-notify", "INFO", NOTIFY_CONFIG, instance=ROLLOUTS["sx-notify"][0][1][0], change="config")


# --- Kubernetes state at 11:00 ----------------------------------------------------------------------------------------------------
STEADY = (
    ("sx-kiosk", 48, "2027-05-26T22:10:00+08:00", "release sx-kiosk 3.7.2", "3.7.2"),
    ("sx-gate", 21, "2027-05-12T22:10:00+08:00", "release sx-gate 2.3.0", "2.3.0"),
    ("sx-ils", 77, "2027-05-20T22:30:00+08:00", "release sx-ils 9.1.4", "9.1.4"),
    ("sx-logistics", 36, "2027-06-08T08:10:10+08:00", "release sx-logistics 1.9.4 (pipeline #2209)", "1.9.4"),
    ("sx-seat", 59, "2027-06-08T06:40:10+08:00", "release sx-seat 3.2.1 (pipeline #2214)", "3.2.1"),
    ("sx-ebook", 40, "2027-05-31T22:10:00+08:00", "release sx-ebook 2.8.5", "2.8.5"),
    ("sx-reader", 44, "2027-06-08T08:20:10+08:00", "release sx-reader 2.6.3 (pipeline #2217)", "2.6.3"),
    ("sx-payment", 29, "2027-05-18T22:10:00+08:00", "release sx-payment 1.12.0", "1.12.0"),
    ("sx-app", 83, "2027-06-03T22:10:00+08:00", "release sx-app 6.3.1", "6.3.1"),
    ("sx-activity", 18, "2027-06-08T09:30:10+08:00", "release sx-activity 2.1.4 (pipeline #2219)", "2.1.4"),
    ("sx-notify", 25, "2027-05-09T22:10:00+08:00", "release sx-notify 1.5.7", "1.5.7"),
)


def _deployment(w: WorldBuilder, service: str, revision: int, changed: str, cause: str, tag: str, pods: tuple[str, ...],
                ready: int) -> None:
    w.deployment(namespace=NS, name=service, service=service, replicas=len(pods), ready=ready, available=ready,
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
        _deployment(w, service, revision, changed, cause, tag, pods, len(pods))
    last_kill = {0: _t("10:43:12"), 1: _t("10:51:40")}
    for index, pod in enumerate(OPAC_PODS):
        bad = pod in ON_BAD_NODE
        w.pod(namespace=NS, name=pod, service="sx-opac", phase="Running", ready="0/1" if bad and index == 1 else "1/1",
              restarts=OPAC_RESTARTS[index] if bad else 0,
              last_termination=termination("OOMKilled", 137, last_kill[index]) if bad else None, waiting_reason=None,
              node=node_of(pod), observed_at=REFERENCE)
    _deployment(w, "sx-opac", 52, "2027-05-28T22:10:00+08:00", "release sx-opac 5.4.2", "5.4.2", OPAC_PODS, 3)
    hour_ago = REFERENCE - dt.timedelta(hours=1)
    w.event(type="Warning", reason="SystemOOM", object=f"Node/{BAD_NODE}",
            message="System OOM encountered, victim process: java, pid: 61877", count=4,
            first_seen=hour_ago + dt.timedelta(minutes=4), last_seen=_t("10:51:40"))
    for index, pod in enumerate(ON_BAD_NODE):
        w.event(type="Warning", reason="Unhealthy", object=f"Pod/{pod}",
                message=f"Readiness probe failed: Get \"http://{pod_ip(pod)}:8080/actuator/health/readiness\": dial tcp "
                        f"{pod_ip(pod)}:8080: connect: connection refused",
                count=7 + 3 * index, first_seen=hour_ago + dt.timedelta(minutes=5 + index),
                last_seen=REFERENCE - dt.timedelta(minutes=7, seconds=13 * index))
        w.event(type="Normal", reason="Pulled", object=f"Pod/{pod}",
                message=f"Container image \"{REGISTRY}/sx-opac:5.4.2\" already present on machine", count=3 + index,
                first_seen=hour_ago + dt.timedelta(minutes=6 + index), last_seen=REFERENCE - dt.timedelta(minutes=8 - index))
    w.event(type="Warning", reason="FreeDiskSpaceFailed", object=f"Node/{FS_NODE}",
            message="Failed to garbage collect required amount of images. Attempted to free 4215828480 bytes, but only found "
                    "1073741824 bytes eligible to free.", count=2, first_seen=hour_ago + dt.timedelta(minutes=12),
            last_seen=REFERENCE - dt.timedelta(minutes=18))


# --- Metrics --------------------------------------------------------------------------------------------------------------------
def build_metrics(w: WorldBuilder) -> None:
    at = w.at
    morning = [(at("06:30"), REFERENCE)]
    w.series("gate_alarms_per_10m", "sx-gate", "次", GATE_SERIES, start=START, fine=morning, spread=1.5, digits=0, threshold=10,
             branch=AFI_BRANCH)
    w.series("opac_http_5xx_ratio", "sx-opac", "%",
             [(START, 0.05), (at("09:09"), 0.06), (at("09:11"), 3.8), (at("09:30"), 1.2), (at("09:45"), 4.6), (at("10:10"), 2.1),
              (at("10:45"), 4.1), (REFERENCE, 1.6)], start=START, fine=morning, spread=0.3, digits=2, threshold=2)
    w.series("node_memory_available_gib", "sx-k8s-node", "GiB",
             [(START, 38.0), (_y("21:00"), 46.0), (at("02:15"), 46.5), (at("02:16"), 12.6), (at("09:00"), 6.0), (at("09:10"), 0.4),
              (at("10:00"), 0.9), (REFERENCE, 0.6)], start=START, fine=morning, spread=0.2, digits=1, instance=BAD_NODE)
    w.series("node_memory_available_gib", "sx-k8s-node", "GiB",
             [(START, 37.0), (_y("21:00"), 45.0), (at("09:00"), 41.0), (REFERENCE, 35.0)], start=START, spread=1.0, digits=1,
             instance=SEARCH_NODE)
    w.series("kube_pod_container_status_restarts_total", "sx-opac", "次",
             [(START, 0), (at("09:10"), 0), (at("09:11"), 1), (at("09:40"), 4), (at("10:10"), 7), (at("10:40"), 10),
              (at("10:52"), 11), (REFERENCE, 11)], start=START, fine=morning, digits=0)
    w.series("seat_requests_per_min", "sx-seat", "次/分钟", SEAT_SERIES, start=START, fine=morning, spread=40, digits=0,
             threshold=5000)
    w.series("seat_booking_error_ratio", "sx-seat", "%", SEAT_ERRORS, start=START, fine=morning, spread=0.1, digits=1,
             threshold=5)
    w.series("kiosk_checkin_reject_ratio", "sx-kiosk", "%",
             [(START, 0.3), (at("09:00"), 0.3), (at("09:14"), 7.9), (at("09:40"), 11.2), (at("09:58"), 9.6), (at("10:02"), 0.4),
              (REFERENCE, 0.3)], start=START, fine=morning, spread=0.2, digits=1, threshold=5)
    w.series("kiosk_online", "sx-kiosk", "台",
             [(START, 3), (_y("19:20"), 3), (_y("19:22"), 0), (_y("20:38"), 0), (_y("20:39"), 3), (REFERENCE, 3)], start=START,
             fine=[(_y("19:00"), _y("21:00"))], digits=0, branch="LL")
    w.series("transfer_misrouted_per_hour", "sx-logistics", "件",
             [(START, 0), (at("09:30"), 0), (at("09:50"), 15), (at("10:10"), 34), (at("10:30"), 20), (at("10:40"), 2),
              (REFERENCE, 0)], start=START, fine=morning, spread=1, digits=0, threshold=10, branch="NY")
    w.series("ebook_license_failures_per_10m", "sx-ebook", "次", EBOOK_SERIES, start=START, fine=morning, spread=8, digits=0,
             threshold=30)
    w.series("reader_ssc_auth_failures_per_10m", "sx-reader", "次",
             [(START, 1), (at("09:00"), 1), (at("09:08"), 26), (at("09:40"), 44), (at("10:20"), 51), (REFERENCE, 47)],
             start=START, fine=morning, spread=3, digits=0, threshold=20)
    w.series("fine_payment_fail_ratio", "sx-payment", "%",
             [(START, 0.8), (at("10:02"), 0.8), (at("10:06"), 38.5), (at("10:30"), 61.0), (at("10:52"), 55.0), (at("10:56"), 1.0),
              (REFERENCE, 0.7)], start=START, fine=morning, spread=2, digits=1, threshold=10, branch="DH")
    w.series("overdue_fine_disputes_per_hour", "sx-ils", "件", DISPUTES, start=START, fine=morning, spread=1, digits=0,
             threshold=10)
    w.series("node_filesystem_used_percent", "sx-k8s-node", "%",
             [(START, 78), (at("06:00"), 85), (at("06:10"), 86), (REFERENCE, 87)], start=START, digits=0, threshold=85,
             instance=FS_NODE)
    for service, p99, threshold in (("sx-activity", 260, 1500), ("sx-notify", 190, 1000)):
        w.series("http_5xx_ratio", service, "%", [(START, 0.03), (at("09:30"), 0.22), (at("10:20"), 0.08), (REFERENCE, 0.04)],
                 start=START, spread=0.02, digits=2, threshold=2)
        w.series("http_p99_latency", service, "ms", [(START, p99 - 30), (at("09:30"), p99 + 180), (REFERENCE, p99)],
                 start=START, spread=12, digits=0, threshold=threshold)


# --- Runbooks --------------------------------------------------------------------------------------------------------------------
RUNBOOKS: list[tuple[str, str, str]] = [
    ("runbooks/gate/alarm-rate.md", "安全门报警激增处理手册", runbook(
        "安全门报警激增处理手册", "适用于 sx-gate 某馆安全门报警次数激增。",
        ["GateAlarmRateHigh：单馆安全门报警超过 10 次/10分钟"],
        ["看报警图书的流通状态：未借出（真实报警）还是已借出。", "已借出仍报警：看借出时写入的标签 AFI，对应借还机的标签配置与"
         "最近的厂商维护。", "看安全门灵敏度与配置变更。"],
        ["借还机借出时未改写 AFI（标签配置、读写器故障）。", "安全门灵敏度过高。", "非本馆标签。"],
        ["回退借还机标签配置，对已借出图书重写 AFI。"])),
    ("runbooks/opac/pod-restarts.md", "检索服务 Pod 重启处理手册", runbook(
        "检索服务 Pod 重启处理手册", "适用于 sx-opac Pod 反复重启、检索 502。",
        ["OpacPodRestartsHigh：30 分钟内重启超过 2 次"],
        ["看重启原因（OOMKilled、探针失败）与容器内存用量是否接近上限。", "按节点看重启的 Pod，看节点内核日志与内存（含大页）。"],
        ["容器内存超限。", "节点内存不足，内核 OOM。", "启动慢探针超时。"],
        ["把 Pod 迁离异常节点并恢复节点配置；必要时调整内存上限。"])),
    ("runbooks/seat/booking.md", "座位预约失败处理手册", runbook(
        "座位预约失败处理手册", "适用于 sx-seat 预约失败率、请求量激增。",
        ["SeatRequestRateHigh：预约请求超过 5000 次/分钟", "SeatBookingErrorsHigh：预约失败率超过 5%"],
        ["看请求量的时间分布与开放预约时间配置。", "看 Redis 锁等待与预约排队长度。"],
        ["各馆同时开放预约造成瞬时高峰。", "抢座脚本。", "Redis 慢。"],
        ["恢复错峰开放；扩容预约服务。"])),
    ("runbooks/kiosk/checkin-reject.md", "自助还书失败处理手册", runbook(
        "自助还书失败处理手册", "适用于 sx-kiosk 自助还书失败率升高。",
        ["KioskCheckinRejectHigh：自助还书失败率超过 5%"],
        ["看 SIP2 回应里的屏显信息（AF）与 ILS 中图书状态。", "看失败条码的范围与最近的批处理（剔旧、注销、调拨）。"],
        ["图书状态被批处理改错。", "SIP2 会话异常。", "标签损坏。"],
        ["回滚错误的批处理，恢复图书状态。"])),
    ("runbooks/kiosk/offline.md", "分馆自助借还机离线处理手册", runbook(
        "分馆自助借还机离线处理手册", "适用于某分馆借还机同时离线。",
        ["KioskBranchOffline：分馆借还机离线超过 5 分钟"],
        ["看分馆路由器与专线状态、探针丢包。", "联系运营商确认线路故障或割接。", "恢复后核对脱机交易上传结果。"],
        ["专线中断或运营商割接。", "分馆断电。", "借还机软件故障。"],
        ["联系运营商恢复线路；处理被拒绝的脱机交易。"])),
    ("runbooks/logistics/misroute.md", "调拨错送处理手册", runbook(
        "调拨错送处理手册", "适用于 sx-logistics 分馆签收时发现非本馆图书。",
        ["TransferMisroutedHigh：单馆调拨错送超过 10 件/小时"],
        ["看错送图书的目的馆与分拣格口。", "核对当天格口表 CM-yyyymmdd 与 ILS 分馆表的格口字段。"],
        ["分馆格口配置重复或错误。", "周转箱装错车。", "标签打印错误。"],
        ["更正格口并重建格口表，错送图书返回总馆重新分拣。"])),
    ("runbooks/ebook/license.md", "电子书借阅许可失败处理手册", runbook(
        "电子书借阅许可失败处理手册", "适用于 sx-ebook 借阅许可失败激增。",
        ["EbookLicenseFailuresHigh：许可失败超过 30 次/10分钟"],
        ["看 书云 返回的错误码（设备数、复本数、许可过期）。", "设备超限：看读者绑定设备的时间与 App 版本。"],
        ["读者设备标识变化导致设备数超限。", "复本许可用完。", "书云 接口故障。"],
        ["联系 书云 重置设备绑定，修复 App。"])),
    ("runbooks/reader/ssc-auth.md", "社保卡认证失败处理手册", runbook(
        "社保卡认证失败处理手册", "适用于 sx-reader 社保卡刷卡认证失败激增。",
        ["ReaderSscAuthFailHigh：社保卡认证失败超过 20 次/10分钟"],
        ["看失败的卡号段与失败原因（未绑定、已注销）。", "看夜间 人社 社保卡状态文件的注销、换发记录。"],
        ["人社 批量换卡后新卡未绑定。", "状态文件同步错误。", "读卡器故障。"],
        ["按换发记录重新绑定新卡；服务台人工绑定。"])),
    ("runbooks/payment/fine-fail.md", "逾期费支付失败处理手册", runbook(
        "逾期费支付失败处理手册", "适用于 sx-payment 逾期费支付失败率升高。",
        ["FinePaymentFailHigh：逾期费支付失败率超过 10%"],
        ["按分馆与支付渠道看失败，看渠道返回码。", "看微信支付商户平台的风险通知。"],
        ["子商户号被渠道风控冻结。", "渠道证书或密钥问题。", "ILS 销账失败。"],
        ["向渠道申诉解冻，临时改用其他渠道收款。"])),
    ("runbooks/ils/fine-dispute.md", "逾期费申诉处理手册", runbook(
        "逾期费申诉处理手册", "适用于 sx-ils 逾期费申诉激增。",
        ["OverdueFineDisputesHigh：逾期费申诉超过 10 件/小时"],
        ["看被申诉逾期费的还书方式与还书时间（借还机、还书箱、服务台）。", "还书箱：核对上传时使用的还书时间（no_block 标志）。"],
        ["还书箱或借还机上传时未带实际还书时间。", "闭馆日历错误。", "费率配置错误。"],
        ["按实际还书时间重算并冲销逾期费。"])),
    ("runbooks/kiosk/printer.md", "借还机凭条打印机故障处理手册", runbook(
        "借还机凭条打印机故障处理手册", "适用于借还机凭条打印机缺纸、卡纸。",
        ["KioskPrinterFault"], ["看打印机状态。"], ["缺纸、卡纸。"], ["更换热敏纸卷。"])),
    ("runbooks/gate/counter.md", "进出馆人次计数异常处理手册", runbook(
        "进出馆人次计数异常处理手册", "适用于安全门人次计数为 0 或翻倍。",
        ["GateCounterAnomaly"], ["看计数器红外对射。"], ["红外对射被遮挡。"], ["清洁并校准红外计数器。"])),
]


def build_bundle(seed: int = SEED) -> Json:
    w = WorldBuilder(seed=seed, day=DAY, tz=TZ, reference=REFERENCE, instances=INSTANCES,
                     labels={"env": "prod", "cluster": "sx-prod", "region": "jc-1"})
    for service, (make, every) in NOISE.items():
        w.noise(service, make, START, every_s=every)
    afi_profile(w)
    hugepages(w)
    seat_rush(w)
    weeding(w)
    mstp_cutover(w)
    chute_collision(w)
    device_ids(w)
    ssc_replacement(w)
    sub_merchant(w)
    book_drop_yesterday(w)
    book_drop(w)
    other_events(w)
    k8s_state(w)
    build_metrics(w)
    documents = [{"title": title, "source": source, "content": content} for source, title, content in RUNBOOKS]
    return w.bundle(name="ShuXiang 书香城 2027-06-08", services=SERVICES, documents=documents)


# --- Questions --------------------------------------------------------------------------------------------------------------------
#: Each incident's own words: in another incident's answer, a misattribution.
FAMILY = {
    "afi": ("TP-2.3", "WO-ZT-0607-11"),
    "hugepages": ("nr_hugepages", "ANS-0608-03"),
    "seatopen": ("SEAT-0607-01", "open-time"),
    "weeding": ("WD-0607-02", "WITHDRAWN"),
    "mstp": ("CL-MSTP-0417", "CT-2027060712"),
    "chute": ("BR-IMPORT-0607", "sort_chute"),
    "deviceid": ("DEVICE_LIMIT_EXCEEDED", "4.8.0"),
    "ssc": ("RS-CARD-20270608", "new_card_no"),
    "frozen": ("SUB_MCH_FROZEN", "WXRISK-77120318"),
    "bookdrop": ("no_block=N", "WO-QS-0607-05"),
}
#: The remedies of the runbooks for problems that did not happen.
UNRELATED_REMEDIES = ("更换热敏纸卷", "清洁并校准红外计数器")
FIRING = ("OpacPodRestartsHigh", "ReaderSscAuthFailHigh", "NodeFilesystemAlmostFull")
INCIDENT_WORDS = tuple(word for words in FAMILY.values() for word in words)


def _not(*own: str, told: tuple[str, ...] = ()) -> tuple[str, ...]:
    """The other incidents' words, plus the unrelated runbooks' remedies — less ``told``: another incident's words the asked
    service itself logs (the self-service platform relays the kiosk vendor's tag profiles, the book drops' firmware and the
    ILS's refusals of withdrawn books; the ILS runs the weeding batch, imports the branches and checks in the book drops'
    returns), which name no misattribution when an answer quotes them."""
    return tuple(word for family, words in FAMILY.items() if family not in own for word in words
                 if word not in told) + UNRELATED_REMEDIES


KIOSK_TOLD = FAMILY["afi"] + FAMILY["weeding"] + FAMILY["bookdrop"]
ILS_TOLD = FAMILY["weeding"] + FAMILY["chute"] + FAMILY["bookdrop"]

QUESTIONS: tuple[WorldQuestion, ...] = (
    WorldQuestion(
        "library_hexi_gate_alarm_cause",
        "河西分馆今天一开门安全门就响个不停，读者刚在自助机借的书出门也报警，安全门这边怎么了？", "cause",
        asked_facts=(fact("CHARGED", "已借出", "报警", "alarm"),),
        cause_facts=(fact("SSK-HX", "借还机", "kiosk"),
                     fact("TP-2.3", "WO-ZT-0607-11", "zt_fae_chenlu", "智图科技")),
        forbidden=_not("afi"), service="sx-gate",
        diagnosis="昨晚 21:40 借还机厂商 智图科技 的工程师 zt_fae_chenlu（远程维护 WO-ZT-0607-11）给河西分馆 4 台自助借还机下发标签"
                  "配置 TP-2.3，借出时把标签 AFI 写成 0x07（在馆）而不是 0xC2（出馆）→ 今天 09:00 开馆后读者借出的书出门时安全门"
                  "报警，流通状态都是 CHARGED（已借出），报警最高 41 次/10分钟。10:12 厂商回退到 TP-2.2，前台重写 146 册的 AFI。"
                  "08:50 的 gate.alarm.sound-level 配置不是原因",
    ),
    WorldQuestion(
        "library_opac_502_cause",
        "九点多开始馆藏检索时不时报 502，读者查书查一半就出错，书目检索服务怎么了？", "cause",
        asked_facts=(fact("502", "OOMKilled", "重启"),),
        cause_facts=(fact(BAD_NODE, "node-05"),
                     fact("nr_hugepages", "HugePages", "大页", "ANS-0608-03", "infra_ops_penghao")),
        forbidden=_not("hugepages"), service="sx-opac",
        diagnosis="02:15 infra_ops_penghao 的 Ansible 任务 ANS-0608-03（给数据库主机配大页，hosts db_hosts，清单里混进了 node-05）在 "
                  "sx-k8s-node-05 上设置 vm.nr_hugepages=24576，预留 48 GiB 大页，节点只剩十来 GiB 普通内存 → 09:10 检索负载上来后"
                  "内核全局 OOM 反复杀掉调度在 node-05 上的两个 sx-opac Pod（容器只用了 4 GB 左右，远低于 6Gi 上限），Pod 重启、"
                  "请求打到它们上面返回 502；node-06 上的两个 Pod 正常。告警仍在触发。08:30 的 opac.search.suggest.enabled 配置不"
                  "是原因",
    ),
    WorldQuestion(
        "library_seat_open_rush_cause",
        "今天早上七点座位预约一开放就大面积失败，学生们说一直转圈然后提示请重试，座位预约怎么回事？", "cause",
        asked_facts=(fact("503", "booking queue full", "wait timeout", "请重试"),),
        cause_facts=(fact("SEAT-0607-01", "open-time", "seat_admin_liqing"),
                     fact("07:00:00", "同时开放", "一起开放", "错峰", "20 branches")),
        forbidden=_not("seatopen"), service="sx-seat",
        diagnosis="昨天 17:30 座位管理员 seat_admin_liqing（SEAT-0607-01）把各馆分组错峰的开放预约时间（06:30 / 07:00 / 07:30）统一"
                  "改成 07:00 → 今天 07:00:00 20 个馆的读者同时抢座，请求最高 14,820 次/分钟（07:01），预约排队满 503、Redis 锁等待"
                  "超时，失败率最高 31.4%，07:26 回落。09:10 恢复错峰（SEAT-0608-01，明天生效）。06:40 的 sx-seat 3.2.1 发布不是原因",
    ),
    WorldQuestion(
        "library_kiosk_withdrawn_cause",
        "今天上午九点多好几个馆的自助借还机还书老失败，屏幕上提示此书已注销，这是怎么回事？", "cause",
        asked_facts=(fact("此书已注销", "WITHDRAWN", "ok=0"),),
        cause_facts=(fact("WD-0607-02", "剔旧", "coll_ops_wangmin"),
                     fact("31010001299999", "barcode range", "条码范围", "96,412")),
        forbidden=_not("weeding", told=KIOSK_TOLD), service="sx-kiosk",
        diagnosis="昨天 16:40 采编部 coll_ops_wangmin 提交剔旧注销批处理 WD-0607-02（东湖分馆 2003 年前入藏复本），条码范围写成了 "
                  "31010001200000-31010001299999（应到 31010001209999），23:00 夜间批处理把 96,412 册改成 WITHDRAWN，其中 3,218 册"
                  "在借 → 今天开馆后这些书在各馆自助机归还时 ILS 拒绝（SIP2 10 ok=0，此书已注销）。09:58 WD-0607-02-R 把范围外的 "
                  "86,793 册恢复。08:45 的 kiosk.receipt.qrcode.enabled 配置不是原因",
    ),
    WorldQuestion(
        "library_liulin_kiosk_offline_cause",
        "昨晚七点多柳林分馆的自助借还机全部脱机了，馆员说只能脱机借书不能还，是什么原因？", "cause",
        asked_facts=(fact("OFFLINE", "脱机", "heartbeat missed", "离线"),),
        cause_facts=(fact("CL-MSTP-0417", "MSTP", "专线", "GigabitEthernet0/0/1"),
                     fact("城联通信", "CT-2027060712", "割接")),
        forbidden=_not("mstp", told=KIOSK_TOLD), service="sx-kiosk",
        diagnosis="运营商 城联通信 把柳林分馆到总馆的 MSTP 专线 CL-MSTP-0417 的割接（通知窗口 00:00–02:00，工单 CT-2027060712）提前"
                  "到昨晚 19:20 执行，柳林路由器上联口 down，3 台借还机心跳丢失、转脱机模式；20:38 线路恢复，上传 96 笔脱机交易，"
                  "11 笔因图书已被他人预约被拒。19:05 的 kiosk.idle.logout-seconds 配置不是原因",
    ),
    WorldQuestion(
        "library_nanyuan_misroute_cause",
        "南苑分馆今天签收的调拨箱里一堆新城分馆的书，新城那边一箱都没收到，物流调拨这是出什么问题了？", "cause",
        asked_facts=(fact("misrouted", "错送", "0 crates"),),
        cause_facts=(fact("sort_chute=12", "chute 12", "12 号格口", "格口"),
                     fact("BR-IMPORT-0607", "ils_ops_zhaoyu", "branch master import")),
        forbidden=_not("chute", told=()), service="sx-logistics",
        diagnosis="昨晚 23:30 ils_ops_zhaoyu 导入分馆主数据 BR-IMPORT-0607 新建今天开馆的 新城分馆（XC），sort_chute 填成 12——那是"
                  "南苑分馆 的格口 → 05:00 生成的格口表 CM-20270608 两个馆共用 12 号格口（20 个馆 19 个格口），早上分拣时新城的开馆"
                  "调拨全进了南苑的周转箱 → 南苑签收时大量错送，新城 0 箱。10:15 改为 21 号格口，10:25 重建格口表。08:10 的 "
                  "sx-logistics 1.9.4 发布不是原因",
    ),
    WorldQuestion(
        "library_ebook_device_limit_cause",
        "今天好多读者在 App 里借电子书提示设备数已达上限，可他们就一台手机，电子书借阅这边怎么了？", "cause",
        asked_facts=(fact("DEVICE_LIMIT_EXCEEDED", "3/3", "设备数"),),
        cause_facts=(fact("4.8.0"),
                     fact("new device", "新设备", "启动时清理缓存", "设备号")),
        forbidden=_not("deviceid"), service="sx-ebook",
        diagnosis="昨晚 20:10 书香城 App 4.8.0 全量发布，启动时清理缓存连设备标识一起清掉，每次冷启动都是新设备号 → 书云 DRM 每位"
                  "读者最多绑 3 台设备，读者打开几次 App 后借书就被拒 DEVICE_LIMIT_EXCEEDED（bound 3/3，三台都是昨晚之后绑的），"
                  "最高 317 次/10分钟（09:12）。10:35 书云 DRM-0608-02 临时放宽到 10 台并重置绑定。07:30 的 "
                  "ebook.catalog.sync-interval-min 配置不是原因",
    ),
    WorldQuestion(
        "library_ssc_not_linked_cause",
        "用社保卡当读者证的读者今天一刷卡就提示未绑定，让去服务台，读者证这边是怎么了？", "cause",
        asked_facts=(fact("no reader linked", "未绑定", "请到服务台绑定社保卡"),),
        cause_facts=(fact("RS-CARD-20270608", "换发", "人社"),
                     fact("new_card_no", "3101B", "三代社保卡", "新卡")),
        forbidden=_not("ssc"), service="sx-reader",
        diagnosis="02:00 同步 江城市人社局 的社保卡状态文件 RS-CARD-20270608，其中 8,406 张卡状态 9（注销）原因 换发——三代社保卡换发，"
                  "记录里带着 new_card_no；我们的同步只处理了注销、解除了旧卡绑定，没有按 new_card_no 绑定新卡 → 今天读者刷新卡 "
                  "3101B… 提示未绑定，刷旧卡提示已注销。告警仍在触发，补丁预计 11:30 上线。08:20 的 sx-reader 2.6.3 发布不是原因",
    ),
    WorldQuestion(
        "library_seat_requests_quantity", "今天早上七点抢座的时候，座位预约请求最高到了每分钟多少次？", "quantity",
        asked_facts=(fact(str(SEAT_PEAK), "14,820"),), forbidden=_not("seatopen"), service="sx-seat",
        peak=Peak("sx-seat", "seat_requests_per_min", SEAT_PEAK),
        diagnosis="seat_requests_per_min 峰值 14820 次/分钟（07:01）；SeatRequestRateHigh 触发时是 6120。起因是各馆开放预约时间统一"
                  "到 07:00（SEAT-0607-01）",
    ),
    WorldQuestion(
        "library_ebook_failures_quantity", "电子书借阅许可失败最多的时候，每 10 分钟失败了多少次？", "quantity",
        asked_facts=(fact(str(EBOOK_PEAK), "317 次"),), forbidden=_not("deviceid"), service="sx-ebook",
        peak=Peak("sx-ebook", "ebook_license_failures_per_10m", EBOOK_PEAK),
        diagnosis="ebook_license_failures_per_10m 峰值 317 次（09:12）；EbookLicenseFailuresHigh 触发时是 52。起因是 App 4.8.0 每次"
                  "启动换设备号",
    ),
    WorldQuestion(
        "library_fine_disputes_quantity", "今天上午逾期费申诉最多的时候一小时有多少件？", "quantity",
        asked_facts=(fact(str(DISPUTE_PEAK), "27 件"),), forbidden=_not("bookdrop", told=ILS_TOLD), service="sx-ils",
        peak=Peak("sx-ils", "overdue_fine_disputes_per_hour", DISPUTE_PEAK),
        diagnosis="overdue_fine_disputes_per_hour 峰值 27 件（10:00）；OverdueFineDisputesHigh 触发时是 12。起因是总馆还书箱固件 "
                  "v2.5.0 以 no_block=N 上传，还书时间成了 08:31 上传时间",
    ),
    WorldQuestion(
        "library_donghu_payment_existence", "东湖分馆十点多交逾期费是不是出过问题？有没有报过警？", "existence",
        asked_facts=(fact("FinePaymentFailHigh"),),
        cause_facts=(fact("SUB_MCH_FROZEN", "冻结", "frozen"),
                     fact("WXRISK-77120318", "风险管控", "risk control", "风控")),
        forbidden=_not("frozen"), service="sx-payment",
        diagnosis="出过：FinePaymentFailHigh 10:06 触发、10:56 恢复。10:02 微信支付风控冻结了东湖分馆的子商户号 1652203401（案件 "
                  "WXRISK-77120318，短时间大量同金额小额交易），东湖的微信逾期费支付全部 SUB_MCH_FROZEN；10:40 申诉，10:52 解冻。"
                  "09:50 的 payment.order.expire-minutes 配置不是原因",
    ),
    WorldQuestion(
        "library_activity_healthy", "有读者说周六的讲座报不上名，活动报名系统今天有没有出问题或者告警？", "existence",
        asked_facts=(HEALTHY,), forbidden=INCIDENT_WORDS, service="sx-activity", healthy=True,
        diagnosis="没有：sx-activity 只有报名与活动列表缓存的 INFO 和重复报名被拒的 WARN，5xx、p99 远低于阈值，无告警；09:30 的 2.1.4 "
                  "发布与各故障无关",
    ),
    WorldQuestion(
        "library_notify_healthy", "今天好几位读者说没收到预约到书的通知，通知服务有没有报错或者告警？", "existence",
        asked_facts=(HEALTHY,), forbidden=INCIDENT_WORDS, service="sx-notify", healthy=True,
        diagnosis="没有：sx-notify 只有到书通知、到期提醒的 INFO 和运营商回执延迟、用户退订的 WARN，5xx、p99 低于阈值，无告警；"
                  "08:15 的 notify.wechat.template.due-soon 配置与此无关（新城分馆的预约书今天被错送到南苑，到书通知自然没发）",
    ),
    WorldQuestion(
        "library_alert_listing", "现在还有哪些告警没恢复？列一下。", "listing",
        asked_facts=tuple(fact(name) for name in FIRING), forbidden=("sx-activity", "sx-notify"),
        diagnosis="3 条：OpacPodRestartsHigh（09:25 起，node-05 上的 sx-opac Pod 被内核 OOM 反复杀掉）、ReaderSscAuthFailHigh（09:08 "
                  "起，三代社保卡未绑定）、NodeFilesystemAlmostFull（06:10 起，sx-k8s-node-02 镜像层占满 /var/lib/containerd，与各"
                  "故障无关）；其余告警都已恢复",
    ),
    WorldQuestion(
        "library_seat_changes_listing", "座位预约系统从昨天到现在都做过哪些变更？发版和配置都列一下。", "listing",
        asked_facts=(fact("SEAT-0607-01"), fact("3.2.1"), fact("SEAT-0608-01")),
        forbidden=_not("seatopen"), service="sx-seat",
        diagnosis="三次：昨天 17:30 seat.reservation.open-time 统一到 07:00（SEAT-0607-01）、今天 06:40 发布 3.2.1、09:10 恢复错峰开放"
                  "（SEAT-0608-01，明天生效）",
    ),
)

WORLD = World(name=NAME, title="ShuXiang 书香城（市图书馆总分馆）", build=build_bundle, questions=QUESTIONS)
