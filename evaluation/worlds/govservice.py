"""World "govservice": 江川数政 JiangChuan ShuZheng, the operator of 江川省's provincial online government-services platform
(江川省一体化政务服务平台, the App and web hall 江川办; ``jc-*`` services: the unified identity login (real-name registration
checked against the 大数据局's population interface, face compare), the e-licence store (licences sealed by the province's
e-seal platform, shown with a 亮证码), the social-insurance and housing-fund queries over the data-exchange platform's
front database (前置库), the data-exchange platform itself (前置机 qzj-01/02: the bureaus' table exchanges, interface
proxying, the region-code dictionary), service-hall appointments, the halls' queue-ticket system on the 政务外网 side of the
isolation gateway (网闸 GAP-JC-01), the 一网通办 application and approval workflow with its item configuration and
electronic supervision (电子监察), non-tax fee payment to the treasury, SMS notices, application materials (chunked uploads,
OCR pre-check), the 好差评 evaluation service and the service guide / Q&A on a Kubernetes cluster; the nodes and the data
warehouse outside it), seen from Sunday 2027-02-28 20:00 to the reference time Monday 2027-03-01 17:40 (+08:00): the first
working day of the month and the day a batch of yearly changes takes effect. Nothing here was written for the offline
agents; ten incidents of families the other worlds do not have, in ordinary noise:

(1) 00:00:07        jc-license: the province's e-seal platform switches every issuing seal to SM2 (notice JCSEAL-2027-03 of the
                    evening before: SM3withSM2, OID 1.2.156.10197.1.501); the licence store's verifier (ofdrw-sign 1.13.2 on
    08:36–12:41     bcprov-jdk15on 1.56) has no SM2 → every licence issued today fails its signature check when shown
                    (``NoSuchAlgorithmException: unknown signature algorithm`` → 证照验签失败，暂无法亮证); licences of earlier
                    years, sealed SHA256withRSA, show fine. 12:40 release 3.9.0 (bcprov-jdk18on 1.78). The 08:20 亮证码 TTL
                    config is a decoy.
(2) 02:00:03        jc-social ← jc-exchange: 人社厅 re-sends the whole contribution table for the 2027 base adjustment (notice
                    JCRS-2027-11): exchange task RS-JFXX-FULL truncates 前置库 qzk_rs.t_sb_jfxx and reloads 256,880,112 rows
    02:00–09:51     city by city (梧岗 … 澜州市 last, 省本级 at the end) until 09:51:40 → a query for someone whose city is
                    not loaded yet finds 0 rows → 暂无缴费记录; housing-fund queries (another table) are fine. The empty share
                    is 100% at night, 68.1% when SocialEmptyResultRatioHigh fired at 07:35 (the rule needs morning traffic).
                    The 07:10 release 2.14.1 of jc-social is a decoy.
(3) 00:00:10        jc-workflow ← jc-exchange: the region-code dictionary follows the 民政部 announcement of 撤县设区 (580322
                    青溪县 → 580305 澜州市青溪区); the App's address picker now sends 580305, but the workflow's approval routes
    00:00–11:10     are configured per region and have none for it → every 青溪 application falls into the fallback queue
                    省级待分派 nobody works; the unassigned count peaks 1386 at 11:10 (``workflow_unassigned_applications``;
                    WorkflowUnassignedBacklogHigh fired at 212). 11:10 routes copied from 580322, 11:12 re-dispatched. The 07:40
                    release 5.6.2 is a decoy.
(4) 08:00           jc-payment: the treasury's non-tax system lengthens payment codes from 18 to 20 digits (notice
                    JCCZ-FS-2027-02); ``pay_order.pay_code`` is VARCHAR(18) under strict mode → ``Data truncation: Data too
    08:00–11:39     long for column 'pay_code'`` → 生成缴款单失败 for every new fee (不动产登记费, 护照工本费 …). 11:35–11:39 an
                    online DDL widens the column to VARCHAR(32), 11:41 the failed orders are re-created. The Sunday-night
                    release 4.2.0 is a decoy.
(5) 2/28 night      jc-sms: China Mobile and China Unicom update their anti-fraud keyword library (no change of ours; the SMS
                    vendor 云讯 confirms at 10:55) — 「公积金提取」 and 「退费」 are now high-risk words → the housing-fund
    08:10–15:31     withdrawal results (SMS_GJJ_TQ_RESULT) and fee refunds (SMS_FEE_REFUND) to those two carriers come back
                    ``UNDELIV err=RJ:0047``; China Telecom delivers them, verification codes are untouched. 15:31 both
                    templates reworded after the carriers' white-list review. The 09:20 carrier-weight config is a decoy.
(6) 14:21:41        jc-k8s-node-05 (jc-material): sec_ops_tangmin runs the 等保 2.0 hardening script dengbao_harden.sh on the
                    node (ticket DB-ZG-2027-031) — step 7 sets SELinux to enforcing; the material pods keep upload chunks on a
    14:21 → now     hostPath (/data/upload) labelled ``default_t`` → the kernel denies container_t writes (``avc: denied
                    { write }``) → the two jc-material pods scheduled on node-05 fail every chunk with
                    ``AccessDeniedException`` (材料上传失败，请重试, one upload in three); the four on other nodes, and the
                    healthy jc-review and jc-guide pods on node-05 (no hostPath), are fine. Still firing. The 13:40
                    upload-size config is a decoy; OcrLatencyHigh 11:22–11:34 is the OCR vendor's own incident.
(7) 23:32:10 (-1d)  jc-hallq ← jc-gap: the gateway vendor upgrades the isolation gateway's AV engine to 6.0.1, new with a
                    decompression-bomb check (ratio > 100:1 quarantined); jc-booking's 07:00 export of the day's 27,418
    08:30–10:16     bookings (48.6 MB of repetitive CSV, ratio 118.5:1) is quarantined → the halls' queue system never gets
                    its base file, only the half-hourly increments → citizens who booked before 07:00 hear 预约信息不存在 at
                    the kiosks and are sent to 现场取号. 10:15 the booking channel is exempted and the file released. The
                    Sunday-night release 1.12.0 of jc-hallq is a decoy; HallKioskOffline (one kiosk at 青溪, 16:52) is
                    unrelated and still firing.
(8) 13:55:20        jc-workflow: matter_admin_louyan imports 事项清单_2027版.xlsx — 37 items' 承诺办结时限 column was empty →
                    promise_days 0 → every application of those items accepted after the import is due at acceptance → the
    14:00–16:20     SLA check marks it overdue and 电子监察 issues a red card to the approving department (督办 SMS to its
                    head): 2318 red cards in all (``supervise_red_cards_total``; SupervisionRedCardSurge fired at 86 in ten
                    minutes). 16:20 re-published from the corrected sheet, 16:24 the red cards revoked. The 13:30
                    ``workflow.sla.remind-before-hours`` config is a decoy.
(9) 13:00:10        jc-auth ← jc-exchange: the 大数据局's yearly sharing-authorisation review (batch SJJ-FH-2027-Q1) sets
                    jc-auth's access to the population interface RK-0012 to 脱敏 (name and ID number masked) → every
    13:00–16:08     real-name check compares masked values with what the citizen typed → 实名认证失败：姓名与身份证号不一致 for
                    all new registrations (existing users log in fine; the few verified through CTID 网证 pass). 16:08 an
                    exception restores 明文. The 12:30 release 6.3.0 of jc-auth is a decoy.
(10) 02:14:33       jc-booking: the cloud's Redis maintenance MW-20270301-04 upgrades r-jcbooking 6.0.20 → 7.0.15 and its
                    parameter template leaves ``notify-keyspace-events`` empty → holds (10 min) abandoned by citizens still
    08:00–10:38     expire in Redis but no expired event reaches the release listener → the slots stay HELD in the database
                    → popular halls and items show 约满; held slots peak 6842 at 10:38 (``booking_slots_held``;
                    BookingHeldSlotsHigh fired at 1530). 10:38 ``CONFIG SET notify-keyspace-events Ex`` and a reconcile. The
                    07:30 release 4.7.0 is a decoy.

Healthy: jc-review (release 1.9.0 at 15:00 is a decoy; one pod on jc-k8s-node-05) and jc-guide (the 11:30 knowledge-base
publish; one pod on node-05) — INFO/WARN noise only, under their thresholds, no alert. Still firing at 17:40:
MaterialUploadFailuresHigh (node-05), HallKioskOffline (a kiosk's heartbeat at 青溪, unrelated) and HostDataDiskUsageHigh
(dw-etl-01's data disk, a clean-up ticket is scheduled); HostCpuHigh on jc-dw 01:00–01:50 is the nightly ETL. Kubernetes:
the deployments and their pods with their nodes, the events of the last hour (the HPAs scaling down). Run
``python -m evaluation.worlds govservice`` to print the bundle.
"""

from __future__ import annotations

import datetime as dt
import functools
import hashlib
from collections.abc import Sequence
from typing import Any

from evaluation.worlds.common import (
    Json,
    Keyframes,
    WorldBuilder,
    clock_on,
    condition,
    interpolate,
    pod_names,
    runbook,
)
from evaluation.worlds.spec import HEALTHY, Peak, World, WorldQuestion, fact

NAME = "govservice"
SEED = 20270301
TZ = dt.timezone(dt.timedelta(hours=8))
DAY = dt.date(2027, 3, 1)
EVE = dt.date(2027, 2, 28)
START = dt.datetime(2027, 2, 28, 20, 0, tzinfo=TZ)
REFERENCE = dt.datetime(2027, 3, 1, 17, 40, tzinfo=TZ)
NS = "jczw-prod"

_t = functools.partial(clock_on, DAY, TZ)  # a clock on the world's day, for module-level constants
_y = functools.partial(clock_on, EVE, TZ)  # a clock on the evening before

# --- The lines the questions are about (the tests find each one in the bundle) ----------------
# (1) the e-seal platform's switch to SM2 against a verifier without it
SEAL_NOTICE = ("platform notice 江川省电子印章平台 JCSEAL-2027-03: 自 2027-03-01 00:00 起电子证照签发用章统一切换为 SM2 国密印章"
               "（签名算法 SM3withSM2，OID 1.2.156.10197.1.501），RSA 印章（SHA256withRSA）停止签发")
SEAL_SWITCH = ("issuing seal profile refreshed from 电子印章平台 (JCSEAL-2027-03): seal JC-ZZQZ-0001 algorithm SM3withSM2 "
               "(OID 1.2.156.10197.1.501), cert serial 5A3F0C7D21E94B08; previous seal SHA256withRSA retired")
SEAL_SWITCH_AT = _t("00:00:07.412")
LICENSE_ISSUED = "licence {lid} {kind} issued to holder {holder} by {dept}: OFD signed by 电子印章平台 ({alg})"
LICENSE_SHOW_OK = "show licence {lid} {kind} (issued {issued}): signature verified ({alg}), 亮证码 issued (ttl {ttl}s)"
LICENSE_SHOW_FAIL = ("show licence {lid} {kind} (issued {issued}): signature verification failed: "
                     "java.security.NoSuchAlgorithmException: unknown signature algorithm OID 1.2.156.10197.1.501 "
                     "(ofdrw-sign 1.13.2, bcprov-jdk15on 1.56) -> 证照验签失败，暂无法亮证")
LICENSE_CONFIG = ("[nacos] config changed: dataId=jc-license.yaml group=LICENSE key=license.show.qrcode-ttl-seconds old=60 new=120 "
                  "operator=license_ops_qiaona md5=7e2b91c04fa3")
LICENSE_FIX = ("deploy finished: jc-license 3.9.0 (was 3.8.2) rolled out by ci-bot pipeline=#2217; changes: 验签支持 SM2/SM3 "
               "(bcprov-jdk18on 1.78, ofdrw-sign 2.3.1)")
LICENSE_FIX_AT = _t("12:40:10.118")
LICENSE_FIXED = _t("12:41:00")  # the first 3.9.0 pod serves

# (2) 人社厅's full reload of the contribution table into the front database
RS_ROWS = 256_880_112
RS_START_AT = _t("02:00:03.204")
RS_DONE_AT = _t("09:51:40.330")
RS_START = ("exchange task RS-JFXX-FULL started (人社厅 -> 前置库 qzk_rs.t_sb_jfxx): mode=FULL (人社厅通知 JCRS-2027-11：2027 年度"
            "缴费基数调整，重新下发全量缴费明细), step 1/3 TRUNCATE TABLE qzk_rs.t_sb_jfxx done in 3.1s")
RS_PROGRESS = ("exchange task RS-JFXX-FULL step 2/3 loading qzk_rs.t_sb_jfxx (参保地 {city}): {done:,} / 256,880,112 rows "
               "({pct:.1f}%), {rate:,} rows/s")
RS_CITY = "exchange task RS-JFXX-FULL: 参保地 {city} loaded ({rows:,} rows)"
RS_DONE = "exchange task RS-JFXX-FULL finished: 256,880,112 rows loaded, step 3/3 indexes rebuilt, elapsed 7h51m37s"
RS_INC_SKIPPED = "exchange task RS-JFXX-INC skipped tonight: superseded by RS-JFXX-FULL (JCRS-2027-11)"
#: The 人社厅 file's order: (参保地, loaded at, share of the queries).
CITIES = (("梧岗市", _t("03:40:12"), 0.10), ("临川市", _t("05:18:40"), 0.10), ("北河市", _t("06:51:05"), 0.12),
          ("江口市", _t("08:09:30"), 0.13), ("澜州市", _t("09:20:15"), 0.45), ("省本级", RS_DONE_AT, 0.10))
SOCIAL_EMPTY = ("query 社保缴费明细 user {uid} (参保地 {city}) 2026-03~2027-02: 0 rows from 前置库 qzk_rs.t_sb_jfxx -> "
                "暂无缴费记录")
SOCIAL_ROWS = "query 社保缴费明细 user {uid} (参保地 {city}) 2026-03~2027-02: {n} rows from 前置库 qzk_rs.t_sb_jfxx in {ms}ms"
SOCIAL_DEPLOY = ("deploy finished: jc-social 2.14.1 (was 2.14.0) rolled out by ci-bot pipeline=#2203; changes: 社保查询页适老化"
                 "大字版, 缴费证明 PDF 水印")
SOCIAL_ALERT_VALUE = "68.1%"

# (3) 撤县设区: a new region code without approval routes
NEW_REGION, OLD_REGION = "580305", "580322"
DICT_SYNC = ("区划代码字典 synced from 民政厅 (民政部 2027 年县级以上行政区划变更): 580322 青溪县 -> 580305 澜州市青溪区 (撤县设区, "
             "effective 2027-03-01), 580322 retired; pushed to subscribers jc-auth, jc-booking, jc-workflow, App 地址选择器")
WF_DICT = "region dictionary refreshed from jc-exchange: +580305 (澜州市青溪区), -580322 (retired); 1 code changed"
WF_NO_ROUTE = ("application {sq} item {code} {item} region 580305: no approval route for region 580305 in route table, "
               "assigned to fallback queue 省级待分派")
WF_ROUTED = "application {sq} item {code} {item} region {region} accepted, routed to queue {queue}"
WF_ROUTE_FIX = ("approval routes added by workflow_ops_heqing: region 580305 (澜州市青溪区) -> 青溪区行政审批局 queues, 146 item "
                "routes copied from retired 580322")
WF_ROUTE_FIX_AT = _t("11:10:20.441")
WF_REDISPATCH = "re-dispatched 1386 applications from 省级待分派 to 青溪区行政审批局 queues"
WF_DEPLOY = ("deploy finished: jc-workflow 5.6.2 (was 5.6.1) rolled out by ci-bot pipeline=#2206; changes: 审批意见常用语, "
             "批量签收")
UNASSIGNED_PEAK = 1386
UNASSIGNED_ALERT_VALUE = "212 件"

# (4) the treasury's 20-digit payment codes against a VARCHAR(18) column
PAY_SWITCH = _t("08:00:00")
PAY_NOTICE = ("platform notice 江川省财政厅非税收入收缴管理系统 JCCZ-FS-2027-02: 2027-03-01 08:00 起新开缴款书的缴款码由 18 位"
              "升级为 20 位（前 6 位为区划代码），已开出的 18 位缴款码继续有效")
PAY_OK = "payment order {po} for application {sq} ({fee} ¥{amt}): 缴款码 {code} created, pay before {due}"
PAY_FAIL = ("create payment order for application {sq} ({fee} ¥{amt}): 非税系统 returned 缴款码 {code} (20 digits); INSERT "
            "INTO pay_order failed: Data truncation: Data too long for column 'pay_code' at row 1 -> 生成缴款单失败，请稍后重试")
PAY_DDL = ("online DDL by dba_wangtao (工单 DBA-20270301-02): ALTER TABLE pay_order MODIFY pay_code VARCHAR(32) NOT NULL "
           "(was VARCHAR(18)) via gh-ost started")
PAY_DDL_AT = _t("11:35:10.204")
PAY_DDL_DONE = "online DDL pay_order done: gh-ost cut-over after 4m12s, pay_code VARCHAR(32)"
PAY_DDL_DONE_AT = _t("11:39:22.330")
PAY_RECREATE = "re-created {n} payment orders that failed since 08:00 (缴款码 20 位), applicants notified by SMS_PAY_REMIND"
PAY_DEPLOY = ("deploy finished: jc-payment 4.2.0 (was 4.1.7) rolled out by ci-bot pipeline=#2198; changes: 缴费结果页改版, "
              "财政电子票据下载")
PAY_REGIONS = ("580102", "580203", "580302", "580421", "580000")

# (5) the carriers' anti-fraud keyword library
TPL_GJJ, TPL_REFUND = "SMS_GJJ_TQ_RESULT", "SMS_FEE_REFUND"
TPL_VERIFY, TPL_REMIND, TPL_RESULT, TPL_DUBAN, TPL_PAY = ("SMS_VERIFY_CODE", "SMS_BOOKING_REMIND", "SMS_WF_RESULT",
                                                          "SMS_DUBAN", "SMS_PAY_REMIND")
KEYWORDS = {TPL_GJJ: "公积金提取", TPL_REFUND: "退费"}
BLOCKING = ("CMCC", "CUCC")
SMS_SUBMIT = "submit {mid} tpl {tpl} to {phone} via {carrier}: ok"
SMS_DELIVRD = "report {mid} tpl {tpl} {carrier}: DELIVRD in {s:.1f}s"
SMS_BLOCKED = "report {mid} tpl {tpl} to {phone} {carrier}: UNDELIV err=RJ:0047 (运营商内容拦截：命中反诈关键词「{kw}」)"
SMS_ROUTE_CONFIG = ("[nacos] config changed: dataId=jc-sms.yaml group=SMS key=sms.route.carrier-weight old=CMCC:60,CUCC:25,CTCC:15 "
                    "new=CMCC:50,CUCC:30,CTCC:20 operator=sms_ops_fangyi md5=94d1e0b7c3a2")
SMS_VENDOR = ("sms_oncall_fangyi: 服务商云讯回复——移动、联通 2/28 晚更新了反诈关键词库，「公积金提取」「退费」列入高危词，含这些词的"
              "短信一律拦截；需改写模板或报备白名单")
SMS_TPL_FIX = ("templates updated by sms_ops_fangyi after the carriers' white-list review (报备单 YX-BB-20270301-07): "
               "SMS_GJJ_TQ_RESULT '公积金提取申请已审核通过' -> '住房公积金支取业务已办结', SMS_FEE_REFUND '退费' -> '非税款项退付'")
SMS_TPL_FIX_AT = _t("15:31:10.551")
SMS_BLOCK_FROM = _t("08:00:00")

# (6) the 等保 hardening's SELinux on one node under hostPath upload chunks
BAD_NODE = "jc-k8s-node-05"
HARDEN_LOGIN = ("sshd[41207]: Accepted publickey for sec_ops_tangmin from 10.58.0.12 port 52214 ssh2 (堡垒机 JC-BH-02, 工单 "
                "DB-ZG-2027-031 等保2.0 三级测评整改)")
HARDEN_RUN = ("dengbao_harden.sh v2.4 (等保2.0 三级基线) on jc-k8s-node-05 by sec_ops_tangmin: [1/12] 口令复杂度 ok, [2/12] 登录失败"
              "锁定 ok, [5/12] auditd rules ok, [7/12] SELinux: SELINUX=permissive -> enforcing (/etc/selinux/config), setenforce 1 ok, "
              "[12/12] done (工单 DB-ZG-2027-031)")
ENFORCE_AT = _t("14:21:41.412")
HARDEN_STATUS = ("audit: type=MAC_STATUS msg=audit({epoch}.412:88213): enforcing=1 old_enforcing=0 auid=1003 ses=412 enabled=1 "
                 "old-enabled=1 lsm=selinux res=1")
AVC_DENIED = ('audit: type=AVC msg=audit({epoch}.{ms:03d}:{serial}): avc:  denied  {{ write }} for  pid={pid} comm="java" '
              'name="chunks" dev="vdb1" ino=2883912 scontext=system_u:system_r:container_t:s0:c{c1},c{c2} '
              "tcontext=system_u:object_r:default_t:s0 tclass=dir permissive=0")
UPLOAD_OK = "upload {up} {file} ({size} MB, {n} chunks) stored and merged on {pod}"
UPLOAD_FAIL = ("upload {up} chunk {k}/{n} ({file}) failed: java.nio.file.AccessDeniedException: /data/upload/chunks/{up}/{k}.part "
               "-> 材料上传失败，请重试")
MATERIAL_CONFIG = ("[nacos] config changed: dataId=jc-material.yaml group=MATERIAL key=material.upload.max-size-mb old=20 new=50 "
                   "operator=material_ops_kexin md5=2b7f04e1d9c6")
OCR_SLOW = "材料预审 {file}: OCR via 识云 took {ms}ms (> 3000ms), 预审 deferred to the retry queue"

# (7) the isolation gateway's new decompression-bomb check against the booking export
BASE_FILE = "booking_20270301.zip"
GAP_UPGRADE = ("AV engine upgraded by vendor 天盾 (td_support_liming, 维护窗口 周日 23:00-24:00, 工单 AQ-20270228-03): engine 5.8.2 -> "
               "6.0.1, signatures 20270228.01; new in 6.0: 压缩炸弹检测 (decompression bomb, 压缩比 > 100:1 quarantined)")
GAP_UPGRADE_AT = _y("23:32:10.118")
BOOKING_EXPORT = (f"export bookings of 2027-03-01 for 312 halls: {BASE_FILE} (27,418 bookings, 48.6 MB csv -> 0.41 MB zip, ratio "
                  "118.5:1) -> 网闸 outbox /ferry/out/booking")
BOOKING_EXPORT_AT = _t("07:00:20.204")
GAP_QUARANTINE = (f"ferry task FT-20270301-0007 {BASE_FILE} (互联网区 -> 政务外网, channel booking): AV engine 6.0.1 verdict "
                  "Heuristic.DecompressionBomb (ratio 118.5:1 > 100:1), file quarantined, not delivered")
GAP_EXEMPT = ("policy updated by sec_ops_huangbo (工单 AQ-20270301-05): channel booking exempt from decompression bomb detection "
              f"(files signed by jc-booking, sha256 verified); quarantined {BASE_FILE} released")
GAP_EXEMPT_AT = _t("10:15:30.330")
GAP_RELEASED = f"ferry task FT-20270301-0007 {BASE_FILE} released from quarantine, delivered to /ferry/in/booking in 2.4s"
HALLQ_WAIT = (f"import bookings: base file {BASE_FILE} not in /ferry/in/booking yet (expected by 07:05), {{n}} incremental "
              "files applied")
HALLQ_INC = "import bookings: incremental file {file} applied (+{n} bookings)"
HALLQ_BASE = f"import bookings: base file {BASE_FILE} applied: 27,418 bookings for 312 halls"
HALLQ_BASE_AT = _t("10:16:40.441")
HALLQ_NOT_FOUND = ("kiosk {kiosk} ({hall}) scan booking code {code} (booked {booked}): 预约信息不存在 (not in today's imported "
                   "bookings), citizen sent to 现场取号")
HALLQ_FOUND = "kiosk {kiosk} ({hall}) scan booking code {code} (booked {booked}): booking found, ticket {ticket} issued ({item})"
HALLQ_DEPLOY = ("release jc-hallq 1.12.0 (was 1.11.4) deployed to hallq-app-01/02 by ansible job #3391; changes: 老年人优先叫号, "
                "叫号屏显示办件进度")
KIOSK_LOST = "kiosk K03 (青溪政务服务中心) heartbeat lost (last seen 16:52:14), ticket printing unavailable at this kiosk"

# (8) an item sheet imported with its promise column empty
WF_SLA_CONFIG = ("[nacos] config changed: dataId=jc-workflow.yaml group=WORKFLOW key=workflow.sla.remind-before-hours old=24 new=8 "
                 "operator=workflow_ops_heqing md5=3c8d0a7f91e2")
WF_IMPORT = ("[事项配置] 事项要素批量导入 by matter_admin_louyan: 事项清单_2027版.xlsx, 37 items published as version 2027.1 "
             "(fields updated: 受理条件, 申请材料, 收费标准, promise_days)")
WF_IMPORT_AT = _t("13:55:20.204")
WF_ITEM = "[事项配置] item {code} {item} version 2027.1 published: legal_days {legal}, promise_days 0"
WF_OVERDUE = ("SLA check: application {sq} item {code} {item} accepted {acc} due {due} (promise_days 0) overdue -> 电子监察 "
              "红牌 issued to {dept}")
WF_SLA_SUMMARY = "SLA check: {n:,} in-progress applications, {o} overdue (promise date passed)"
WF_IMPORT_FIX = ("[事项配置] 37 items republished by matter_admin_louyan from 事项清单_2027版_修正.xlsx as version 2027.2: "
                 "promise_days restored (5-15 工作日), due dates of 2318 applications accepted since 13:55 recalculated")
WF_IMPORT_FIX_AT = _t("16:20:10.330")
WF_REVOKE = "电子监察: 2318 red cards issued 14:00-16:20 revoked by supervise_admin_gaoyun (事项配置错误，非办件超期)"
RED_CARDS = 2318
RED_ALERT_VALUE = "86 张/10分钟"

# (9) the sharing-authorisation review masking the population interface
MASK_CHANGE = ("共享授权复核 applied by data_gov_chenyu (大数据局 2027 年度数据共享授权复核, 批次 SJJ-FH-2027-Q1): consumer jc-auth, "
               "interface RK-0012 人口基础信息核验: field xm 明文 -> 脱敏 (保留首字), field sfzh 明文 -> 脱敏 (保留前 6 后 4)")
MASK_AT = _t("13:00:10.118")
MASK_FIX = ("共享授权复核 exception approved (工单 SJJ-GX-2027-118, 实名核验需比对明文): consumer jc-auth, interface RK-0012 fields "
            "xm, sfzh 脱敏 -> 明文, applied by data_gov_chenyu")
MASK_FIX_AT = _t("16:08:40.204")
RK_CALL = "interface RK-0012 人口基础信息核验 called by jc-auth: 200 in {ms}ms (xm {mode}, sfzh {mode})"
AUTH_OK = "实名核验 {req} user {uid}: RK-0012 match (xm, sfzh) -> 实名等级 L2, face compare {score:.2f} pass"
AUTH_MASKED = ("实名核验 {req} user {uid}: RK-0012 returned xm '{xm}' sfzh '{sfzh}', compare with submitted 姓名/身份证号: "
               "mismatch -> 实名认证失败：姓名与身份证号不一致")
AUTH_NO_RECORD = "实名核验 {req} user {uid}: RK-0012 no record for submitted 姓名/身份证号 -> 实名认证失败：姓名与身份证号不一致"
AUTH_CTID = "实名核验 {req} user {uid}: CTID 网证 verified (no RK-0012 lookup) -> 实名等级 L3"
AUTH_DEPLOY = ("deploy finished: jc-auth 6.3.0 (was 6.2.4) rolled out by ci-bot pipeline=#2221; changes: 登录页适老化, 支付宝"
               "一键登录")

# (10) a Redis upgrade's parameter template without keyspace events
REDIS_NOTICE = ("cloud maintenance notice 政务云 MW-20270301-04: Redis r-jcbooking minor version upgrade 6.0.20 -> 7.0.15 in the "
                "window 2027-03-01 02:00-04:00, one reconnect expected")
REDIS_RECONNECT = ("redis r-jcbooking connection lost (maintenance MW-20270301-04), reconnected in 6.2s to 7.0.15; keyspace "
                   "listener re-subscribed to __keyevent@0__:expired")
REDIS_RECONNECT_AT = _t("02:14:33.204")
HOLD_CREATED = "hold {hid} slot {slot} ({hall} {item} {date} {time}) by user {uid}: held 600s (SET booking:hold:{hid} EX 600)"
HOLD_CONFIRMED = "hold {hid} confirmed -> booking {code}"
HOLD_RELEASED = "hold {hid} expired (keyspace event __keyevent@0__:expired booking:hold:{hid}) -> slot {slot} released"
SLOTS_FULL = ("GET /api/booking/slots hall {hall} item {item} {date}: 0 available (capacity {cap}, booked {booked}, held {held}) "
              "-> 约满")
REDIS_CHECK = ('booking_oncall_pengfei: redis-cli -h r-jcbooking CONFIG GET notify-keyspace-events -> "" (was "Ex" before '
               "MW-20270301-04; the 7.0 parameter template does not carry it)")
REDIS_FIX = ("CONFIG SET notify-keyspace-events Ex on r-jcbooking and parameter template updated by booking_oncall_pengfei; "
             "reconcile released 6842 stale holds (expired in Redis, still HELD in the database)")
REDIS_FIX_AT = _t("10:38:40.551")
BOOKING_DEPLOY = ("deploy finished: jc-booking 4.7.0 (was 4.6.2) rolled out by ci-bot pipeline=#2204; changes: 一键改约, 大厅"
                  "导航地图")
HELD_PEAK = 6842
HELD_ALERT_VALUE = "1530 个"

# Healthy services' changes and the unrelated ones
REVIEW_DEPLOY = ("deploy finished: jc-review 1.9.0 (was 1.8.3) rolled out by ci-bot pipeline=#2226; changes: 差评回访录音关联, "
                 "评价页无障碍朗读")
GUIDE_KB = "knowledge base 2027-03 published by guide_ops_yanli: 186 entries updated (社保年度基数、个税汇算、护照办理)"
DW_DISK_SUMMARY = "dw-etl-01 数据盘使用率 86%（阈值 85%），清理工单 YW-20270226-03 已排期 03-03"

# --- Pods, nodes -------------------------------------------------------------------------------
AUTH_OLD, AUTH_NEW = pod_names("jc-auth", "6.2.4", 3), pod_names("jc-auth", "6.3.0", 3)
LICENSE_OLD, LICENSE_NEW = pod_names("jc-license", "3.8.2", 3), pod_names("jc-license", "3.9.0", 3)
SOCIAL_OLD, SOCIAL_NEW = pod_names("jc-social", "2.14.0", 3), pod_names("jc-social", "2.14.1", 3)
BOOKING_OLD, BOOKING_NEW = pod_names("jc-booking", "4.6.2", 3), pod_names("jc-booking", "4.7.0", 3)
WORKFLOW_OLD, WORKFLOW_NEW = pod_names("jc-workflow", "5.6.1", 4), pod_names("jc-workflow", "5.6.2", 4)
PAYMENT_OLD, PAYMENT_NEW = pod_names("jc-payment", "4.1.7", 2), pod_names("jc-payment", "4.2.0", 2)
SMS_PODS = pod_names("jc-sms", "2.3.0", 2)
MATERIAL_PODS = pod_names("jc-material", "3.4.0", 6)
#: The two material pods the scheduler put on node-05 when 3.4.0 rolled out (02-25).
ON_BAD_NODE = MATERIAL_PODS[4:6]
REVIEW_OLD, REVIEW_NEW = pod_names("jc-review", "1.8.3", 2), pod_names("jc-review", "1.9.0", 2)
GUIDE_PODS = pod_names("jc-guide", "2.5.1", 2)
EXCHANGE_HOSTS = ("qzj-01", "qzj-02")
HALLQ_HOSTS = ("hallq-app-01", "hallq-app-02")
GAP = "GAP-JC-01"

ROLLOUTS: dict[str, list[tuple[dt.datetime, tuple[str, ...]]]] = {
    "jc-auth": [(START, AUTH_OLD), (_t("12:31:00"), AUTH_NEW)],
    "jc-license": [(START, LICENSE_OLD), (LICENSE_FIXED, LICENSE_NEW)],
    "jc-social": [(START, SOCIAL_OLD), (_t("07:11:00"), SOCIAL_NEW)],
    "jc-exchange": [(START, EXCHANGE_HOSTS)],
    "jc-booking": [(START, BOOKING_OLD), (_t("07:31:00"), BOOKING_NEW)],
    "jc-hallq": [(START, HALLQ_HOSTS)],
    "jc-workflow": [(START, WORKFLOW_OLD), (_t("07:41:00"), WORKFLOW_NEW)],
    "jc-payment": [(START, PAYMENT_OLD), (_y("22:31:00"), PAYMENT_NEW)],
    "jc-sms": [(START, SMS_PODS)],
    "jc-material": [(START, MATERIAL_PODS)],
    "jc-review": [(START, REVIEW_OLD), (_t("15:01:00"), REVIEW_NEW)],
    "jc-guide": [(START, GUIDE_PODS)],
}
K8S_SERVICES = ("jc-auth", "jc-license", "jc-social", "jc-booking", "jc-workflow", "jc-payment", "jc-sms", "jc-material",
                "jc-review", "jc-guide")
NODES = [f"jc-k8s-node-{n:02d}" for n in range(1, 9)]
OTHER_NODES = [node for node in NODES if node != BAD_NODE]
#: The healthy pods that also run on node-05 (no hostPath volume).
HEALTHY_ON_BAD_NODE = (REVIEW_NEW[0], GUIDE_PODS[0])
VMS = {"jc-gap": [GAP], "jc-k8s-node": NODES, "jc-dw": ["dw-etl-01"]}
INSTANCES: dict[str, list[str]] = {service: list(steps[-1][1]) for service, steps in ROLLOUTS.items()} | VMS


def node_of(pod: str) -> str:
    """The node a pod runs on: two material pods and one pod each of jc-review and jc-guide on node-05, the rest elsewhere."""
    if pod in ON_BAD_NODE or pod in HEALTHY_ON_BAD_NODE:
        return BAD_NODE
    return OTHER_NODES[int(hashlib.sha256(pod.encode()).hexdigest(), 16) % len(OTHER_NODES)]


SERVICES: list[Json] = [
    {"name": "jc-auth", "aliases": ["统一身份认证", "认证", "实名认证", "登录", "统一认证", "注册"],
     "description": "江川办统一身份认证（Java，3 个副本）：自然人与法人登录、注册、实名核验（经数据共享交换平台调省大数据局的人口"
                    "基础信息核验接口比对姓名与身份证号，再做人脸比对；也可用 CTID 网证）。"},
    {"name": "jc-license", "aliases": ["电子证照", "证照", "亮证", "证照库", "电子证照库"],
     "description": "电子证照库（Java，3 个副本）：证照签发（经江川省电子印章平台加盖电子印章，OFD 格式）、亮证（验签后生成亮证码）"
                    "、用证核验。"},
    {"name": "jc-social", "aliases": ["社保查询", "公积金查询", "社保", "公积金", "社保公积金", "医保查询"],
     "description": "社保、公积金、医保查询（3 个副本）：读数据共享交换平台前置库中人社厅、公积金中心下发的明细。"},
    {"name": "jc-exchange", "aliases": ["数据共享交换", "交换平台", "前置库", "前置机", "数据共享", "共享交换平台"],
     "description": "数据共享交换平台（前置机 qzj-01/02）：与人社厅、公积金中心、民政厅、市场监管局、省大数据局等委办局的库表交换"
                    "任务与接口代理，区划代码等基础字典的分发。"},
    {"name": "jc-booking", "aliases": ["预约", "网上预约", "号源", "预约系统", "办事预约"],
     "description": "大厅办事预约（3 个副本）：号源查询、占号（Redis r-jcbooking 中保留 10 分钟，未确认则到期释放）、确认；每天 "
                    "07:00 导出当日预约，经网闸送到政务外网的叫号系统，之后每 30 分钟导出增量。"},
    {"name": "jc-hallq", "aliases": ["叫号", "取号", "大厅取号", "叫号系统", "取号机", "排队叫号"],
     "description": "政务大厅排队叫号系统（政务外网区，hallq-app-01/02）：自助取号机扫预约码取号、叫号屏、窗口叫号；从网闸摆渡区"
                    "导入网上预约（每天的基础文件与每 30 分钟的增量）。"},
    {"name": "jc-gap", "aliases": ["网闸", "安全隔离网闸", "摆渡", "隔离网闸"],
     "description": "内外网安全隔离与信息交换系统（网闸 GAP-JC-01）：互联网区与政务外网之间的文件摆渡，摆渡前做病毒扫描与内容"
                    "检查。"},
    {"name": "jc-workflow", "aliases": ["一网通办", "审批", "审批系统", "办件", "申办", "电子监察", "审批流"],
     "description": "一网通办申办审批（Java/Flowable，4 个副本）：受理、按区划代码与事项路由到审批部门队列、签收、审批、办结通知；"
                    "事项配置（办理时限等）与电子监察（超期亮红牌、督办）。"},
    {"name": "jc-payment", "aliases": ["缴费", "非税缴费", "缴款", "支付", "非税"],
     "description": "非税缴费（2 个副本）：向省财政厅非税收入收缴管理系统申请缴款码、生成缴款单、接收银行支付通知、开具财政电子"
                    "票据、退付。"},
    {"name": "jc-sms", "aliases": ["短信", "短信平台", "短信通知", "验证码短信"],
     "description": "短信平台（2 个副本）：经服务商云讯向移动、联通、电信下发验证码、办件结果、公积金提取结果、退付、预约提醒、"
                    "督办短信。"},
    {"name": "jc-material", "aliases": ["材料", "材料上传", "电子材料", "附件上传", "申请材料"],
     "description": "申请材料（Java，6 个副本）：分片上传（临时分片写在节点本地盘 hostPath /data/upload）、合并、OCR 预审（识云）。"},
    {"name": "jc-review", "aliases": ["好差评", "评价", "办事评价", "好差评系统"],
     "description": "政务服务好差评（2 个副本）：办件评价、差评整改派单、向国家政务服务平台推送评价数据。"},
    {"name": "jc-guide", "aliases": ["办事指南", "智能问答", "智能客服", "指南"],
     "description": "办事指南与智能问答（2 个副本）：事项办事指南查询、知识库问答、转人工。"},
    {"name": "jc-k8s-node", "aliases": ["K8s 节点", "工作节点", "节点"],
     "description": "集群 jczw-prod 的节点 jc-k8s-node-01..08（政务云互联网区）。"},
    {"name": "jc-dw", "aliases": ["数据仓库", "数仓", "ETL"], "description": "数据仓库（dw-etl-01）：夜间 ETL 与办件统计报表。"},
]

# --- Business vocabulary -------------------------------------------------------------------------
Line = tuple[str, str, dict[str, Any]]
SURNAMES = "王李张刘陈杨黄赵吴周徐孙马朱胡郭何林罗高"
#: (code, item, department, legal days)
ITEMS = (("XK-0117", "不动产抵押权首次登记", "不动产登记中心", 20), ("XK-0203", "个体工商户设立登记", "市场监管局", 15),
         ("XK-0708", "食品经营许可", "市场监管局", 20), ("GG-0515", "灵活就业人员参保登记", "人社局", 15),
         ("GG-0620", "生育津贴申领", "医保局", 20), ("XK-0331", "普通护照签发", "出入境管理局", 15),
         ("GG-0810", "城乡居民医保参保登记", "医保局", 10), ("GG-0412", "住房公积金提取", "公积金中心", 5))
#: The items of the 2027 sheet the tests see (the other 32 of the 37 are not in these lines).
IMPORTED = ITEMS[0:5]
REGIONS = (("580102", "澜州市行政审批局"), ("580203", "梧岗市行政审批局"), ("580302", "澜州市高新区行政审批局"),
           ("580421", "临川市行政审批局"), ("580521", "北河市行政审批局"))
LICENCE_KINDS = (("BL", "营业执照", "市场监管局"), ("RE", "不动产权证书", "不动产登记中心"), ("FB", "食品经营许可证", "市场监管局"),
                 ("MC", "结婚证", "民政局"), ("HK", "居民户口簿", "公安局"), ("PQ", "职业资格证书", "人社局"))
FEES = (("不动产登记费", "80.00"), ("不动产登记费", "550.00"), ("普通护照工本费", "120.00"), ("往来港澳通行证工本费", "60.00"),
        ("专业技术资格考试费", "65.00"))
HALLS = (("H-5801-01", "澜州市民中心"), ("H-5802-01", "梧岗市政务服务中心"), ("H-5804-01", "临川市政务服务中心"),
         ("H-5803-07", "青溪政务服务中心"), ("H-5805-01", "北河市政务服务中心"), ("H-5806-01", "江口市政务服务中心"))
HALL_ITEMS = ("不动产登记", "出入境证件", "企业开办", "社保医保", "公积金", "户籍")
CARRIERS = ("CMCC", "CUCC", "CTCC")
GUIDE_QUESTIONS = ("护照过期了怎么换", "个体户注册要带什么", "生育津贴怎么申请", "居住证怎么办理", "不动产证丢了怎么补",
                   "灵活就业怎么交社保", "公积金异地转移怎么办", "新生儿怎么上户口")
IMAGE_KINDS = ("身份证正面", "身份证反面", "营业执照", "房屋买卖合同", "户口簿首页", "出生医学证明", "结婚证")
# A six-digit string that must not show up by chance in a random id (it is one incident's region code).
_AVOID = (NEW_REGION,)


def _digits(w: WorldBuilder, n: int) -> str:
    while True:
        drawn = "".join(w.rng.choice("0123456789") for _ in range(n))
        if not any(word in drawn for word in _AVOID):
            return drawn


def _uid(w: WorldBuilder) -> str:
    return f"U{_digits(w, 8)}"


def _sq(w: WorldBuilder, day: dt.date = DAY) -> str:
    return f"SQ{day:%Y%m%d}{_digits(w, 6)}"


def _phone(w: WorldBuilder) -> str:
    return f"1{w.rng.choice('3589')}{w.rng.randint(0, 9)}****{w.rng.randint(1000, 9999)}"


def _holder(w: WorldBuilder) -> str:
    return f"{w.rng.choice(SURNAMES)}*{w.rng.choice(['', '*'])}"


def _mid(w: WorldBuilder) -> str:
    return f"M{w.hex(12)}"


def _pod(w: WorldBuilder, service: str, t: dt.datetime) -> str:
    steps = ROLLOUTS[service]
    pods = steps[0][1]
    for at, step in steps:
        if at <= t:
            pods = step
    return w.rng.choice(pods)


def _office(t: dt.datetime) -> bool:
    return _t("08:30") <= t < _t("17:30")


def _day(t: dt.datetime) -> bool:
    return _t("07:00") <= t < _t("22:00") or _y("20:00") <= t < _y("22:00")


def _moments(w: WorldBuilder, start: dt.datetime, end: dt.datetime, day: tuple[int, int],
             night: tuple[int, int]) -> list[dt.datetime]:
    """Moments from ``start`` to ``end``: ``day`` seconds apart in office hours, ``night`` seconds apart otherwise."""
    out = []
    moment = start
    while moment < end:
        out.append(moment)
        low, high = day if _office(moment) else night
        moment += dt.timedelta(seconds=w.rng.randint(low, high), milliseconds=w.rng.randint(0, 999))
    return out


def _every(w: WorldBuilder, start: str | dt.datetime, end: str | dt.datetime, low: int, high: int) -> list[dt.datetime]:
    moment = start if isinstance(start, dt.datetime) else w.at(start)
    stop = end if isinstance(end, dt.datetime) else w.at(end)
    out = []
    while moment < stop:
        out.append(moment)
        moment += dt.timedelta(seconds=w.rng.randint(low, high), milliseconds=w.rng.randint(0, 999))
    return out


def _ops(w: WorldBuilder, moment: dt.datetime, service: str, message: str) -> None:
    """An on-call engineer's note in the service's channel (the ops console relays it to the logs)."""
    w.log(moment, service, "INFO", message, instance="ops-console", trace=False)


def _rolled(w: WorldBuilder, service: str, step: int, started: str, stopping: str) -> None:
    """The pods of a rollout step: each new pod says it started, each old one that it stops."""
    steps = ROLLOUTS[service]
    at = steps[step][0]
    old = steps[step - 1][1]
    for index, new in enumerate(steps[step][1]):
        moment = at + dt.timedelta(seconds=25 * index, milliseconds=w.rng.randint(0, 999))
        w.log(moment, service, "INFO", started.format(s=w.rng.randint(60, 260) / 10), instance=new, trace=False)
        if index < len(old):
            w.log(moment + dt.timedelta(seconds=12), service, "INFO", stopping, instance=old[index], trace=False)


# --- Noise: every service's ordinary day ----------------------------------------------------------
def _auth(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "jc-auth", t)
    roll = w.rng.random()
    if roll < 0.4:
        how = w.rng.choice(["face", "sms", "password", "alipay", "wechat"])
        return "INFO", f"login ok {_uid(w)} via {how} took={w.ms(30, 260)}ms", {"instance": pod}
    if roll < 0.65:
        return "INFO", f"token refreshed for {_uid(w)}, session {w.hex(8)} expires in 7200s", {"instance": pod}
    if roll < 0.8:
        return "INFO", f"sms code requested by {_phone(w)} (login)", {"instance": pod}
    if roll < 0.95:
        return "INFO", f"GET /api/auth/userinfo 200 took={w.ms(4, 40)}ms", {"instance": pod, "log_type": "access"}
    return "WARN", f"login failed {_uid(w)}: wrong password ({w.rng.randint(2, 4)}/5)", {"instance": pod}


def _license(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "jc-license", t)
    roll = w.rng.random()
    if roll < 0.45:
        return "INFO", f"GET /api/license/list user {_uid(w)} 200 items={w.rng.randint(1, 9)} took={w.ms(8, 70)}ms", {
            "instance": pod, "log_type": "access"}
    if roll < 0.7:
        return "INFO", f"OFD preview rendered for licence JC{w.rng.choice(LICENCE_KINDS)[0]}{w.rng.randint(2019, 2026)}"\
                       f"{w.rng.randint(1, 12):02d}{w.rng.randint(1, 28):02d}{_digits(w, 6)} in {w.ms(60, 400)}ms", {
            "instance": pod}
    if roll < 0.9:
        return "INFO", (f"证照目录 sync from 国家电子证照共享平台: {w.rng.randint(400, 460)} catalog entries unchanged"), {
            "instance": pod}
    return "WARN", f"licence thumbnail cache miss for {_uid(w)}, re-rendered in {w.ms(400, 1200)}ms", {"instance": pod}


def _social(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "jc-social", t)
    roll = w.rng.random()
    if roll < 0.45:
        return "INFO", (f"query 公积金缴存明细 user {_uid(w)}: {w.rng.randint(12, 120)} rows from 前置库 qzk_gjj.t_gjj_jcxx in "
                        f"{w.ms(8, 60)}ms"), {"instance": pod}
    if roll < 0.7:
        return "INFO", f"query 医保个人账户 user {_uid(w)}: balance ok via 医保局接口 in {w.ms(80, 400)}ms", {"instance": pod}
    if roll < 0.92:
        return "INFO", f"GET /api/social/card 电子社保卡 user {_uid(w)} 200 took={w.ms(20, 120)}ms", {
            "instance": pod, "log_type": "access"}
    return "WARN", f"query 医保个人账户 user {_uid(w)}: 医保局接口 slow {w.ms(1500, 3800)}ms", {"instance": pod}


EXCHANGE_INTERFACES = (("SC-0031", "市场主体登记信息", "jc-workflow"), ("GJJ-0007", "公积金缴存信息", "jc-social"),
                       ("HY-0102", "婚姻登记信息", "jc-license"), ("BDC-0044", "不动产登记信息", "jc-workflow"),
                       ("YB-0210", "医保参保信息", "jc-social"))


def _exchange(w: WorldBuilder, t: dt.datetime) -> Line:
    host = w.rng.choice(EXCHANGE_HOSTS)
    roll = w.rng.random()
    code, name, consumer = w.rng.choice(EXCHANGE_INTERFACES)
    if roll < 0.6:
        return "INFO", f"interface {code} {name} called by {consumer}: 200 in {w.ms(20, 180)}ms", {"instance": host}
    if roll < 0.8:
        return "INFO", (f"exchange task GJJ-JCXX-INC (公积金中心 -> 前置库 qzk_gjj.t_gjj_jcxx): {w.rng.randint(800, 9000):,} rows, "
                        f"ok in {w.rng.randint(3, 40)}s"), {"instance": host}
    if roll < 0.93:
        return "INFO", f"前置机 {host} heartbeat: {w.rng.randint(8, 14)} bureaus connected, disk {w.rng.randint(41, 47)}%", {
            "instance": host}
    return "WARN", f"interface {code} {name} called by {consumer}: bureau front end slow {w.ms(1200, 2900)}ms", {"instance": host}


def _booking(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "jc-booking", t)
    roll = w.rng.random()
    hall_id, hall = w.rng.choice(HALLS)
    if roll < 0.45:
        return "INFO", f"GET /api/booking/halls/{hall_id}/items 200 took={w.ms(6, 50)}ms", {"instance": pod, "log_type": "access"}
    if roll < 0.7:
        return "INFO", f"booking YY{t:%Y%m%d}{_digits(w, 6)} cancelled by user {_uid(w)} ({hall})", {"instance": pod}
    if roll < 0.92:
        return "INFO", f"reminder queued for booking YY{t:%Y%m%d}{_digits(w, 6)} ({TPL_REMIND})", {"instance": pod}
    return "WARN", f"hall calendar of {hall_id} refreshed late ({w.ms(1200, 3000)}ms), served from cache", {"instance": pod}


def _hallq(w: WorldBuilder, t: dt.datetime) -> Line:
    host = w.rng.choice(HALLQ_HOSTS)
    _, hall = w.rng.choice(HALLS)
    if not _office(t):
        return "INFO", f"叫号屏 {hall} heartbeat ok (screens {w.rng.randint(2, 6)}, kiosks idle)", {"instance": host}
    roll = w.rng.random()
    ticket = f"{w.rng.choice('ABCDE')}{w.rng.randint(1, 399):03d}"
    if roll < 0.5:
        return "INFO", f"call ticket {ticket} to window {w.rng.randint(1, 40)} ({hall})", {"instance": host}
    if roll < 0.9:
        return "INFO", f"window {w.rng.randint(1, 40)} ({hall}) ticket {ticket} done in {w.rng.randint(3, 38)} min", {"instance": host}
    return "WARN", f"kiosk K{w.rng.randint(1, 12):02d} ({hall}) printer paper low", {"instance": host}


def _workflow(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "jc-workflow", t)
    roll = w.rng.random()
    code, item, dept, _ = w.rng.choice(ITEMS[:-1])
    region, queue = w.rng.choice(REGIONS)
    if roll < 0.35:
        return "INFO", WF_ROUTED.format(sq=_sq(w), code=code, item=item, region=region, queue=queue), {"instance": pod}
    if roll < 0.6:
        return "INFO", f"application {_sq(w)} signed (签收) by {queue} approver {w.rng.choice(['sp_', 'shp_'])}{w.hex(4)}", {
            "instance": pod}
    if roll < 0.82:
        return "INFO", f"application {_sq(w)} item {code} {item} approved by {dept}, notify {TPL_RESULT}", {"instance": pod}
    if roll < 0.96:
        return "WARN", (f"application {_sq(w)}: 材料 {w.rng.choice(IMAGE_KINDS)} 预审未通过（图像模糊），退回补正"), {"instance": pod}
    return "ERROR", (f"push 办件信息 to 国家政务服务平台 办件汇聚 failed: 502 Bad Gateway, retry {w.rng.randint(1, 3)}/5 in 60s"), {
        "instance": pod}


def _payment(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "jc-payment", t)
    roll = w.rng.random()
    fee, amt = w.rng.choice(FEES)
    if roll < 0.45:
        channel = w.rng.choice(["银联", "支付宝", "微信支付", "建设银行"])
        return "INFO", f"pay notify PO{_digits(w, 10)}: paid ¥{amt} via {channel} ({fee}), forwarded to 非税系统", {"instance": pod}
    if roll < 0.8:
        return "INFO", f"财政电子票据 {_digits(w, 10)} issued for PO{_digits(w, 10)} ({fee} ¥{amt})", {"instance": pod}
    if roll < 0.95:
        return "INFO", f"GET /api/payment/orders user {_uid(w)} 200 took={w.ms(8, 60)}ms", {"instance": pod, "log_type": "access"}
    return "WARN", f"pay notify PO{_digits(w, 10)} received twice from 银联, duplicate ignored", {"instance": pod}


def _sms(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "jc-sms", t)
    roll = w.rng.random()
    carrier = w.rng.choice(CARRIERS)
    if roll < 0.45:
        return "INFO", SMS_SUBMIT.format(mid=_mid(w), tpl=TPL_VERIFY, phone=_phone(w), carrier=carrier), {"instance": pod}
    if roll < 0.85:
        tpl = w.rng.choice([TPL_VERIFY, TPL_VERIFY, TPL_RESULT, TPL_REMIND])
        return "INFO", SMS_DELIVRD.format(mid=_mid(w), tpl=tpl, carrier=carrier, s=w.rng.uniform(1.2, 9.0)), {"instance": pod}
    if roll < 0.95:
        return "INFO", f"balance check 云讯: {w.rng.randint(180000, 240000):,} messages left", {"instance": pod}
    return "WARN", f"report {_mid(w)} tpl {TPL_VERIFY} {carrier}: UNDELIV err=MK:0001 (空号)", {"instance": pod}


def _material(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "jc-material", t)
    roll = w.rng.random()
    kind = w.rng.choice(IMAGE_KINDS)
    if roll < 0.5:
        return "INFO", f"材料预审 {kind}.jpg OCR ok via 识云 in {w.ms(300, 1400)}ms", {"instance": pod}
    if roll < 0.85:
        return "INFO", f"material MT{_digits(w, 10)} ({kind}) linked to application {_sq(w)}", {"instance": pod}
    return "WARN", f"材料 {kind}.jpg 分辨率过低 ({w.rng.randint(72, 140)} dpi)，提示补传", {"instance": pod}


def _review(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "jc-review", t)
    roll = w.rng.random()
    if roll < 0.45:
        stars = w.rng.choice([5, 5, 5, 4, 4, 3])
        return "INFO", f"evaluation EV{_digits(w, 10)} application {_sq(w)} rated {stars} 星 via {w.rng.choice(['App', '短信', '大厅评价器'])}", {
            "instance": pod}
    if roll < 0.75:
        return "INFO", f"pushed {w.rng.randint(40, 400)} evaluations to 国家政务服务平台 好差评: ok", {"instance": pod}
    if roll < 0.9:
        return "INFO", f"GET /api/review/stats?dept={w.rng.choice(REGIONS)[1]} 200 took={w.ms(10, 90)}ms", {
            "instance": pod, "log_type": "access"}
    return "WARN", f"差评 EV{_digits(w, 10)} (1 星) routed to 整改 queue of {w.rng.choice(ITEMS)[2]}, 回访 due in 3 days", {
        "instance": pod}


def _guide(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "jc-guide", t)
    roll = w.rng.random()
    question = w.rng.choice(GUIDE_QUESTIONS)
    if roll < 0.45:
        code, item, _, _ = w.rng.choice(ITEMS)
        return "INFO", f"GET /api/guide/item/{code} ({item}) 200 took={w.ms(5, 45)}ms", {"instance": pod, "log_type": "access"}
    if roll < 0.85:
        return "INFO", f"智能问答 '{question}' matched 知识 K{w.rng.randint(1000, 9999)} score 0.{w.rng.randint(80, 97)}", {
            "instance": pod}
    return "WARN", f"智能问答 '{question}' no confident answer (score 0.{w.rng.randint(40, 59)}), offered 转人工", {"instance": pod}


GAP_CHANNELS = (("workflow-sync", "wf_{n}.json.gz"), ("license-sync", "lic_{n}.zip"), ("stats", "stats_{n}.csv.gz"))


def _gap(w: WorldBuilder, t: dt.datetime) -> Line:
    channel, pattern = w.rng.choice(GAP_CHANNELS)
    engine = "6.0.1" if t >= GAP_UPGRADE_AT else "5.8.2"
    if w.rng.random() < 0.85:
        file = pattern.format(n=f"{t:%Y%m%d%H%M}")
        return "INFO", (f"ferry task FT-{t:%Y%m%d}-{w.rng.randint(1000, 9999)} {file} (channel {channel}): scanned clean (engine "
                        f"{engine}), delivered in {w.rng.uniform(0.4, 3.0):.1f}s"), {"instance": GAP}
    return "INFO", f"{GAP} heartbeat: inner/outer link up, ferry sessions {w.rng.randint(3, 18)}", {"instance": GAP}


def _node(w: WorldBuilder, t: dt.datetime) -> Line:
    node = w.rng.choice(NODES)
    roll = w.rng.random()
    stamp = f"I{t:%m%d} {t:%H:%M:%S}.{w.rng.randint(100000, 999999)}"
    if roll < 0.4:
        return "INFO", (f'kubelet[1187]: {stamp} image_gc_manager.go:391] "Disk usage on image filesystem is below the low '
                        f'threshold" usage={w.rng.randint(22, 57)} lowThreshold=80'), {"instance": node}
    if roll < 0.7:
        return "INFO", f"systemd[1]: Started Session {w.rng.randint(1000, 9000)} of User root.", {"instance": node}
    return "INFO", (f"chronyd[{w.rng.randint(700, 900)}]: Selected source 10.58.0.3 (ntp.govcloud), offset "
                    f"{w.rng.uniform(-0.4, 0.4):.3f}ms"), {"instance": node}


def _dw(w: WorldBuilder, t: dt.datetime) -> Line:
    return "INFO", f"ETL task ods_{w.rng.choice(['apply', 'evaluation', 'booking', 'payment'])}_inc done rows={w.rng.randint(1000, 90000)}", {
        "instance": "dw-etl-01"}


NOISE = {
    "jc-auth": (_auth, 40), "jc-license": (_license, 70), "jc-social": (_social, 60), "jc-exchange": (_exchange, 90),
    "jc-booking": (_booking, 60), "jc-hallq": (_hallq, 120), "jc-workflow": (_workflow, 45), "jc-payment": (_payment, 90),
    "jc-sms": (_sms, 50), "jc-material": (_material, 80), "jc-review": (_review, 90), "jc-guide": (_guide, 70),
    "jc-gap": (_gap, 300), "jc-k8s-node": (_node, 420), "jc-dw": (_dw, 900),
}


# --- Incident 1: the e-seal platform's SM2 seal against a verifier without SM2 -----------------------------------
def _licence_id(w: WorldBuilder, kind: str, day: dt.date) -> str:
    return f"JC{kind}{day:%Y%m%d}{_digits(w, 6)}"


def license_sm2(w: WorldBuilder) -> None:
    lic = "jc-license"
    w.log(_y("21:00:05.118"), lic, "INFO", SEAL_NOTICE, instance=LICENSE_OLD[0], trace=False)
    w.log(SEAL_SWITCH_AT, lic, "INFO", SEAL_SWITCH, instance=LICENSE_OLD[1], trace=False)
    w.log(_t("08:20:30.204"), lic, "INFO", LICENSE_CONFIG, instance=LICENSE_OLD[2], change="config")
    # Licences issued on Sunday evening (qualification certificates issued in batch) carry the old seal; today's the new one.
    issued_today: list[tuple[dt.datetime, str, str]] = []
    for moment in _every(w, START + dt.timedelta(minutes=5), _y("21:50"), 300, 900):
        kind, name, dept = LICENCE_KINDS[5]
        w.log(moment, lic, "INFO", LICENSE_ISSUED.format(lid=_licence_id(w, kind, EVE), kind=name, holder=_holder(w), dept=dept,
                                                         alg="SHA256withRSA"), instance=_pod(w, lic, moment))
    for moment in _every(w, "08:30:05", REFERENCE, 15, 45):
        kind, name, dept = w.rng.choice(LICENCE_KINDS)
        lid = _licence_id(w, kind, DAY)
        w.log(moment, lic, "INFO", LICENSE_ISSUED.format(lid=lid, kind=name, holder=_holder(w), dept=dept, alg="SM3withSM2"),
              instance=_pod(w, lic, moment))
        issued_today.append((moment, lid, name))
    for issued, lid, name in issued_today:
        if w.rng.random() < 0.4:
            continue
        show = issued + dt.timedelta(minutes=w.rng.uniform(1.5, 50))
        for _ in range(w.rng.randint(1, 3)):
            if show >= REFERENCE:
                break
            if show < LICENSE_FIXED:
                w.log(show, lic, "WARN", LICENSE_SHOW_FAIL.format(lid=lid, kind=name, issued=f"{DAY:%Y-%m-%d}"),
                      instance=_pod(w, lic, show))
            else:
                ttl = 120
                w.log(show, lic, "INFO", LICENSE_SHOW_OK.format(lid=lid, kind=name, issued=f"{DAY:%Y-%m-%d}", alg="SM3withSM2",
                                                                ttl=ttl), instance=_pod(w, lic, show))
            show += dt.timedelta(seconds=w.rng.randint(20, 240))
    for moment in _moments(w, START, REFERENCE, (12, 40), (240, 900)):
        kind, name, _ = w.rng.choice(LICENCE_KINDS)
        day = dt.date(w.rng.randint(2019, 2026), w.rng.randint(1, 12), w.rng.randint(1, 28))
        ttl = 120 if moment >= _t("08:20:30.204") else 60
        w.log(moment, lic, "INFO", LICENSE_SHOW_OK.format(lid=_licence_id(w, kind, day), kind=name, issued=f"{day:%Y-%m-%d}",
                                                          alg="SHA256withRSA", ttl=ttl), instance=_pod(w, lic, moment))
    _ops(w, _t("09:12:40.330"), lic, "license_oncall_duanmu: 大厅和 12345 反馈今天新发的证照亮证提示证照验签失败，往年的证照都能亮")
    w.log(LICENSE_FIX_AT, lic, "INFO", LICENSE_FIX, instance=LICENSE_NEW[0], change="deploy")
    _rolled(w, lic, 1, "Started LicenseApplication in {s} seconds (verifier providers: BC 1.78 with SM2/SM3)",
            "Commencing graceful shutdown. Waiting for active requests to complete")
    w.alert("LicenseVerifyFailuresHigh", lic, "warning", _t("08:42"), _t("12:50"), "46 次/5分钟",
            "电子证照验签失败 46 次/5分钟，超过阈值 20", namespace=NS)


# --- Incident 2: the full reload of the contribution table -------------------------------------------------------
def _loaded(city: str) -> dt.datetime:
    return next(at for name, at, _ in CITIES if name == city)


def social_reload(w: WorldBuilder) -> None:
    ex, social = "jc-exchange", "jc-social"
    w.log(RS_START_AT, ex, "INFO", RS_START, instance=EXCHANGE_HOSTS[0], trace=False, job="exchange")
    w.log(RS_START_AT + dt.timedelta(seconds=2), ex, "INFO", RS_INC_SKIPPED, instance=EXCHANGE_HOSTS[0], trace=False)
    elapsed = (RS_DONE_AT - RS_START_AT).total_seconds()
    rate = int(RS_ROWS / elapsed)
    previous = RS_START_AT
    for name, at, _ in CITIES[:-1]:
        rows = int(RS_ROWS * (at - previous).total_seconds() / elapsed)
        w.log(at, ex, "INFO", RS_CITY.format(city=name, rows=rows), instance=EXCHANGE_HOSTS[0], trace=False)
        previous = at
    for moment in _every(w, _t("02:30:00"), RS_DONE_AT, 1800, 1800):
        done = int(RS_ROWS * (moment - RS_START_AT).total_seconds() / elapsed)
        city = next(name for name, at, _ in CITIES if at > moment)
        w.log(moment, ex, "INFO", RS_PROGRESS.format(city=city, done=done, pct=100 * done / RS_ROWS,
                                                     rate=rate + w.rng.randint(-300, 300)),
              instance=EXCHANGE_HOSTS[0], trace=False)
    w.log(RS_DONE_AT, ex, "INFO", RS_DONE, instance=EXCHANGE_HOSTS[0], trace=False, job="exchange")
    names = [name for name, _, _ in CITIES]
    weights = [share for _, _, share in CITIES]
    for moment in _moments(w, START, REFERENCE, (8, 25), (90, 360)):
        city = w.rng.choices(names, weights)[0]
        pod = _pod(w, social, moment)
        if RS_START_AT <= moment < _loaded(city):
            w.log(moment, social, "WARN", SOCIAL_EMPTY.format(uid=_uid(w), city=city), instance=pod)
        else:
            w.log(moment, social, "INFO", SOCIAL_ROWS.format(uid=_uid(w), city=city, n=w.rng.randint(12, 180),
                                                             ms=w.ms(10, 90)), instance=pod)
    w.log(_t("07:10:10.441"), social, "INFO", SOCIAL_DEPLOY, instance=SOCIAL_NEW[0], change="deploy")
    _rolled(w, social, 1, "Started SocialQueryApplication in {s} seconds (process running for 22.6)",
            "Commencing graceful shutdown. Waiting for active requests to complete")
    _ops(w, _t("08:05:20.551"), social, "social_oncall_lujing: 12345 转来多起投诉，查社保缴费记录显示暂无缴费记录，公积金查询正常；"
         "刚才 07:10 发过 2.14.1")
    w.alert("ExchangeTaskOverrun", ex, "warning", _t("04:00"), _t("09:55"), "RS-JFXX-FULL 120 分钟",
            "交换任务 RS-JFXX-FULL 已运行超过 120 分钟（阈值 120）", task="RS-JFXX-FULL")
    w.alert("SocialEmptyResultRatioHigh", social, "warning", _t("07:35"), _t("10:00"), SOCIAL_ALERT_VALUE,
            f"社保缴费明细查询无记录比例 {SOCIAL_ALERT_VALUE}，超过阈值 20%（请求量大于 2 次/秒时生效）", namespace=NS)


def social_empty_keyframes() -> Keyframes:
    """The share of contribution queries that find nothing: the cities not loaded yet (0.4% of new insured otherwise)."""
    frames = [(START, 0.4), (_t("02:00"), 0.4), (_t("02:01"), 100.0)]
    left = 1.0
    for _, at, share in CITIES:
        minute = at.replace(second=0, microsecond=0)
        frames.append((minute, round(0.4 + 99.6 * left, 1)))
        left -= share
        frames.append((minute + dt.timedelta(minutes=1), round(0.4 + 99.6 * max(left, 0.0), 1)))
    frames.append((REFERENCE, 0.4))
    return frames


# --- Incident 3: a new region code without approval routes ---------------------------------------------------------
UNASSIGNED: Keyframes = [(START, 0), (_t("00:00"), 0), (_t("07:00"), 14), (_t("08:30"), 31), (_t("09:05"), 212),
                         (_t("10:00"), 790), (_t("11:09"), 1372), (_t("11:10"), UNASSIGNED_PEAK), (_t("11:11"), 904),
                         (_t("11:12"), 215), (_t("11:13"), 0), (REFERENCE, 0)]


def workflow_region(w: WorldBuilder) -> None:
    ex, wf = "jc-exchange", "jc-workflow"
    w.log(_t("00:00:10.204"), ex, "INFO", DICT_SYNC, instance=EXCHANGE_HOSTS[1], trace=False, change="data")
    w.log(_t("00:00:40.330"), wf, "INFO", WF_DICT, instance=WORKFLOW_OLD[0], trace=False)
    qingxi = (_every(w, START + dt.timedelta(minutes=7), _t("00:00"), 900, 2400)
              + _every(w, "00:05", "08:30", 900, 2400) + _every(w, "08:30", REFERENCE, 12, 35))
    for moment in qingxi:
        code, item, _, _ = w.rng.choice(ITEMS[:-1])
        pod = _pod(w, wf, moment)
        if moment < _t("00:00"):
            w.log(moment, wf, "INFO", WF_ROUTED.format(sq=_sq(w, EVE), code=code, item=item, region=OLD_REGION,
                                                       queue="青溪县行政审批局"), instance=pod)
        elif moment < WF_ROUTE_FIX_AT:
            w.log(moment, wf, "WARN", WF_NO_ROUTE.format(sq=_sq(w), code=code, item=item), instance=pod)
        else:
            w.log(moment, wf, "INFO", WF_ROUTED.format(sq=_sq(w), code=code, item=item, region=NEW_REGION,
                                                       queue="青溪区行政审批局"), instance=pod)
    w.log(_t("07:40:10.118"), wf, "INFO", WF_DEPLOY, instance=WORKFLOW_NEW[0], change="deploy")
    _rolled(w, wf, 1, "Started WorkflowApplication in {s} seconds (flowable 6.8.1, async executor on)",
            "Commencing graceful shutdown. Waiting for active requests to complete")
    _ops(w, _t("10:20:10.204"), wf, "workflow_oncall_zhaolei: 青溪区审批局反馈上午一件新件都没收到，群众端显示已提交待受理")
    w.log(WF_ROUTE_FIX_AT, wf, "INFO", WF_ROUTE_FIX, instance=WORKFLOW_NEW[1], change="config")
    w.log(_t("11:12:40.551"), wf, "INFO", WF_REDISPATCH, instance=WORKFLOW_NEW[2], trace=False)
    w.alert("WorkflowUnassignedBacklogHigh", wf, "warning", _t("09:05"), _t("11:20"), UNASSIGNED_ALERT_VALUE,
            f"省级待分派队列积压 {UNASSIGNED_ALERT_VALUE}，超过阈值 200", namespace=NS)


# --- Incident 4: the treasury's 20-digit payment codes --------------------------------------------------------------
def payment_code(w: WorldBuilder) -> None:
    pay = "jc-payment"
    w.log(_y("20:30:05.118"), pay, "INFO", PAY_NOTICE, instance=PAYMENT_OLD[0], trace=False)
    w.log(_y("22:30:10.204"), pay, "INFO", PAY_DEPLOY, instance=PAYMENT_NEW[0], change="deploy")
    _rolled(w, pay, 1, "Started PaymentApplication in {s} seconds (process running for 25.1)",
            "Commencing graceful shutdown. Waiting for active requests to complete")
    failed = 0
    for moment in _moments(w, START + dt.timedelta(minutes=2), REFERENCE, (20, 60), (600, 1800)):
        fee, amt = w.rng.choice(FEES)
        region = w.rng.choice(PAY_REGIONS)
        pod = _pod(w, pay, moment)
        sq = _sq(w, moment.date())
        if moment < PAY_SWITCH:
            code = f"{region}{moment:%y}{_digits(w, 10)}"
            w.log(moment, pay, "INFO", PAY_OK.format(po=f"PO{_digits(w, 10)}", sq=sq, fee=fee, amt=amt, code=code,
                                                     due=f"{moment + dt.timedelta(days=7):%Y-%m-%d}"), instance=pod)
        elif moment < PAY_DDL_DONE_AT:
            code = f"{region}{moment:%y}{_digits(w, 12)}"
            w.log(moment, pay, "ERROR", PAY_FAIL.format(sq=sq, fee=fee, amt=amt, code=code), instance=pod)
            failed += 1
        else:
            code = f"{region}{moment:%y}{_digits(w, 12)}"
            w.log(moment, pay, "INFO", PAY_OK.format(po=f"PO{_digits(w, 10)}", sq=sq, fee=fee, amt=amt, code=code,
                                                     due=f"{moment + dt.timedelta(days=7):%Y-%m-%d}"), instance=pod)
    _ops(w, _t("09:40:30.330"), pay, "pay_oncall_sunyu: 上午开始不动产、出入境缴费都提示生成缴款单失败，财政非税系统那边说他们正常")
    w.log(PAY_DDL_AT, pay, "INFO", PAY_DDL, instance="ops-console", trace=False, change="ops")
    w.log(PAY_DDL_DONE_AT, pay, "INFO", PAY_DDL_DONE, instance="ops-console", trace=False)
    w.log(_t("11:41:05.441"), pay, "INFO", PAY_RECREATE.format(n=318), instance=PAYMENT_NEW[1], trace=False)
    w.alert("PaymentOrderCreateFailuresHigh", pay, "critical", _t("08:12"), _t("11:45"), "23 次/5分钟",
            "缴款单生成失败 23 次/5分钟，超过阈值 10", namespace=NS)


# --- Incident 5: the carriers' anti-fraud keywords ---------------------------------------------------------------------
def _carrier(w: WorldBuilder, t: dt.datetime) -> str:
    weights = (50, 30, 20) if t >= _t("09:20:10") else (60, 25, 15)
    return w.rng.choices(CARRIERS, weights)[0]


def _send(w: WorldBuilder, t: dt.datetime, tpl: str, trace: str) -> None:
    sms = "jc-sms"
    mid, phone, carrier = _mid(w), _phone(w), _carrier(w, t)
    pod = _pod(w, sms, t)
    w.log(t, sms, "INFO", SMS_SUBMIT.format(mid=mid, tpl=tpl, phone=phone, carrier=carrier), instance=pod, trace_id=trace)
    report = t + dt.timedelta(seconds=w.rng.uniform(1.5, 12))
    if report >= REFERENCE:
        return
    if tpl in KEYWORDS and carrier in BLOCKING and SMS_BLOCK_FROM <= t < SMS_TPL_FIX_AT:
        w.log(report, sms, "WARN", SMS_BLOCKED.format(mid=mid, tpl=tpl, phone=phone, carrier=carrier, kw=KEYWORDS[tpl]),
              instance=pod, trace_id=trace)
    else:
        w.log(report, sms, "INFO", SMS_DELIVRD.format(mid=mid, tpl=tpl, carrier=carrier, s=(report - t).total_seconds()),
              instance=pod, trace_id=trace)


def sms_keywords(w: WorldBuilder) -> None:
    sms, wf, pay = "jc-sms", "jc-workflow", "jc-payment"
    for moment in _every(w, "08:10:00", "17:30", 30, 90):
        trace = w.hex(32)
        w.log(moment, wf, "INFO", f"application {_sq(w)} item GG-0412 住房公积金提取 approved by 公积金中心, notify {TPL_GJJ}",
              instance=_pod(w, wf, moment), trace_id=trace)
        _send(w, moment + dt.timedelta(milliseconds=w.rng.randint(200, 900)), TPL_GJJ, trace)
    for moment in _every(w, "09:00:00", "17:00", 240, 600):
        trace = w.hex(32)
        fee, amt = w.rng.choice(FEES)
        w.log(moment, pay, "INFO", f"refund PO{_digits(w, 10)} ¥{amt} ({fee}) approved by 财政, notify {TPL_REFUND}",
              instance=_pod(w, pay, moment), trace_id=trace)
        _send(w, moment + dt.timedelta(milliseconds=w.rng.randint(200, 900)), TPL_REFUND, trace)
    w.log(_t("09:20:10.118"), sms, "INFO", SMS_ROUTE_CONFIG, instance=SMS_PODS[0], change="config")
    _ops(w, _t("10:55:40.204"), sms, SMS_VENDOR)
    w.log(SMS_TPL_FIX_AT, sms, "INFO", SMS_TPL_FIX, instance=SMS_PODS[1], change="config")
    w.alert("SmsDeliveryFailureRateHigh", sms, "warning", _t("08:40"), _t("15:45"), "4.6%", "短信发送失败率 4.6%，超过阈值 3%",
            namespace=NS)


# --- Incident 6: SELinux enforcing on one node under the material pods' hostPath ----------------------------------------
def _epoch(moment: dt.datetime) -> int:
    return int(moment.timestamp())


def material_selinux(w: WorldBuilder) -> None:
    node, mat = "jc-k8s-node", "jc-material"
    w.log(_t("13:40:20.330"), mat, "INFO", MATERIAL_CONFIG, instance=MATERIAL_PODS[0], change="config")
    w.log(_t("14:20:05.118"), node, "INFO", HARDEN_LOGIN, instance=BAD_NODE, trace=False)
    w.log(_t("14:21:40.204"), node, "INFO", HARDEN_RUN, instance=BAD_NODE, trace=False)
    w.log(ENFORCE_AT, node, "INFO", HARDEN_STATUS.format(epoch=_epoch(ENFORCE_AT)), instance=BAD_NODE, trace=False)
    serial = 88214
    for moment in _moments(w, START, REFERENCE, (8, 25), (120, 600)):
        pod = w.rng.choice(MATERIAL_PODS)
        up = f"UP{_digits(w, 10)}"
        file = f"{w.rng.choice(IMAGE_KINDS)}.{w.rng.choice(['jpg', 'pdf'])}"
        chunks = w.rng.randint(1, 6)
        if pod in ON_BAD_NODE and moment >= ENFORCE_AT:
            serial += w.rng.randint(1, 40)
            w.log(moment - dt.timedelta(milliseconds=3), node, "WARN",
                  AVC_DENIED.format(epoch=_epoch(moment), ms=moment.microsecond // 1000, serial=serial,
                                    pid=w.rng.randint(2000, 9000), c1=w.rng.randint(100, 499), c2=w.rng.randint(500, 999)),
                  instance=BAD_NODE, trace=False)
            w.log(moment, mat, "ERROR", UPLOAD_FAIL.format(up=up, k=1, n=chunks, file=file), instance=pod)
        else:
            w.log(moment, mat, "INFO", UPLOAD_OK.format(up=up, file=file, size=round(w.rng.uniform(0.3, 9.5), 1), n=chunks,
                                                        pod=pod), instance=pod)
    _ops(w, _t("15:10:30.441"), mat, "material_oncall_yuhan: 两点半以后材料上传时好时坏，大概三个里有一个传不上去；失败的都集中在"
         "两个 Pod 上")
    for moment in _every(w, "11:20:10", "11:32:00", 15, 50):
        w.log(moment, mat, "WARN", OCR_SLOW.format(file=f"{w.rng.choice(IMAGE_KINDS)}.jpg", ms=w.ms(3100, 6400)),
              instance=w.rng.choice(MATERIAL_PODS))
    _ops(w, _t("11:36:20.551"), mat, "material_oncall_yuhan: 识云状态页：11:19–11:33 华东节点文字识别延迟升高，已恢复，延后的预审"
         "已自动重试")
    w.alert("OcrLatencyHigh", mat, "warning", _t("11:22"), _t("11:34"), "4200ms", "OCR p99 延迟 4200ms，超过阈值 3000ms",
            namespace=NS)
    w.alert("MaterialUploadFailuresHigh", mat, "warning", _t("14:35"), None, "31 次/5分钟",
            "材料上传失败 31 次/5分钟，超过阈值 20", namespace=NS)


# --- Incident 7: the isolation gateway's decompression-bomb check against the booking export ---------------------------
def hallq_gap(w: WorldBuilder) -> None:
    gap, booking, hallq = "jc-gap", "jc-booking", "jc-hallq"
    w.log(GAP_UPGRADE_AT, gap, "INFO", GAP_UPGRADE, instance=GAP, trace=False, change="ops")
    w.log(_y("21:30:10.204"), hallq, "INFO", HALLQ_DEPLOY, instance=HALLQ_HOSTS[0], change="deploy")
    for index, host in enumerate(HALLQ_HOSTS):
        w.log(_y("21:31:00") + dt.timedelta(seconds=40 * index), hallq, "INFO",
              "jc-hallq 1.12.0 started (kiosk api :8443, screen push :9000)", instance=host, trace=False)
    trace = w.hex(32)
    w.log(BOOKING_EXPORT_AT, booking, "INFO", BOOKING_EXPORT, instance=BOOKING_OLD[0], trace_id=trace, job="export")
    w.log(_t("07:00:52.330"), gap, "WARN", GAP_QUARANTINE, instance=GAP, trace_id=trace)
    increments = 0
    for moment in _every(w, "07:30:10", REFERENCE, 1800, 1800):
        trace = w.hex(32)
        n = w.rng.randint(180, 900)
        file = f"booking_20270301_inc_{moment:%H%M}.zip"
        ratio = w.rng.uniform(11, 26)
        w.log(moment, booking, "INFO", f"export incremental bookings: {file} ({n} bookings, ratio {ratio:.1f}:1) -> 网闸 outbox "
              "/ferry/out/booking", instance=_pod(w, booking, moment), trace_id=trace, job="export")
        w.log(moment + dt.timedelta(seconds=24), gap, "INFO",
              f"ferry task FT-20270301-{w.rng.randint(1000, 9999)} {file} (channel booking): scanned clean (engine 6.0.1), "
              f"delivered in {w.rng.uniform(0.4, 2.0):.1f}s", instance=GAP, trace_id=trace)
        w.log(moment + dt.timedelta(seconds=60), hallq, "INFO", HALLQ_INC.format(file=file, n=n), instance=HALLQ_HOSTS[0],
              trace_id=trace)
        increments += 1
        if moment < HALLQ_BASE_AT:
            w.log(moment + dt.timedelta(seconds=61), hallq, "WARN", HALLQ_WAIT.format(n=increments), instance=HALLQ_HOSTS[0],
                  trace=False)
    for moment in _every(w, "07:10:00", "07:30", 600, 600):
        w.log(moment, hallq, "WARN", HALLQ_WAIT.format(n=0), instance=HALLQ_HOSTS[0], trace=False)
    for moment in _every(w, "08:30:20", "17:30", 8, 30):
        hall_id, hall = w.rng.choice(HALLS)
        code = f"YY{DAY:%Y%m%d}{_digits(w, 6)}"
        if w.rng.random() < 0.82:
            booked = dt.datetime.combine(dt.date(2027, 2, w.rng.randint(22, 28)), dt.time(w.rng.randint(8, 22), w.rng.randint(0, 59)),
                                         TZ)
        else:
            latest = moment - dt.timedelta(minutes=35)
            span = max((latest - _t("07:00")).total_seconds(), 60)
            booked = _t("07:00") + dt.timedelta(seconds=w.rng.uniform(0, span))
        kiosk = f"K{w.rng.randint(1, 12):02d}"
        host = w.rng.choice(HALLQ_HOSTS)
        if booked < _t("07:00") and moment < HALLQ_BASE_AT:
            w.log(moment, hallq, "WARN", HALLQ_NOT_FOUND.format(kiosk=kiosk, hall=hall, code=code, booked=f"{booked:%m-%d %H:%M}"),
                  instance=host)
        else:
            ticket = f"{w.rng.choice('ABCDE')}{w.rng.randint(1, 399):03d}"
            w.log(moment, hallq, "INFO", HALLQ_FOUND.format(kiosk=kiosk, hall=hall, code=code, booked=f"{booked:%m-%d %H:%M}",
                                                            ticket=ticket, item=w.rng.choice(HALL_ITEMS)), instance=host)
    _ops(w, _t("09:15:10.441"), hallq, "hallq_oncall_weiwei: 各大厅反馈网上预约的群众扫码取号都说预约信息不存在，今天早上之后新预约"
         "的倒能取号；叫号系统昨晚刚升级 1.12.0")
    w.log(GAP_EXEMPT_AT, gap, "INFO", GAP_EXEMPT, instance=GAP, trace=False, change="config")
    w.log(_t("10:16:02.551"), gap, "INFO", GAP_RELEASED, instance=GAP, trace=False)
    w.log(HALLQ_BASE_AT, hallq, "INFO", HALLQ_BASE, instance=HALLQ_HOSTS[0], trace=False)
    w.alert("HallBookingNotFoundHigh", hallq, "warning", _t("08:48"), _t("10:30"), "57 次/10分钟",
            "取号机预约码查无记录 57 次/10分钟，超过阈值 30", zone="政务外网")
    # Unrelated: a kiosk at 青溪 stops sending heartbeats in the late afternoon.
    for moment in _every(w, "16:55:00", REFERENCE, 600, 600):
        w.log(moment, hallq, "WARN", KIOSK_LOST, instance=HALLQ_HOSTS[1], trace=False)
    w.alert("HallKioskOffline", hallq, "warning", _t("17:02"), None, "1 台", "青溪政务服务中心 自助终端 K03 心跳丢失超过 10 分钟",
            zone="政务外网", kiosk="K03")


# --- Incident 8: the item sheet with an empty promise column ---------------------------------------------------------
RED_TOTAL: Keyframes = [(START, 0), (_t("14:00"), 0), (_t("14:05"), 80), (_t("14:30"), 486), (_t("15:00"), 968),
                        (_t("15:30"), 1451), (_t("16:00"), 1932), (_t("16:20"), RED_CARDS), (REFERENCE, RED_CARDS)]


def workflow_promise(w: WorldBuilder) -> None:
    wf = "jc-workflow"
    w.log(_t("13:30:10.441"), wf, "INFO", WF_SLA_CONFIG, instance=WORKFLOW_NEW[3], change="config")
    w.log(WF_IMPORT_AT, wf, "INFO", WF_IMPORT, instance=WORKFLOW_NEW[0], change="data")
    for index, (code, item, _, legal) in enumerate(IMPORTED):
        w.log(WF_IMPORT_AT + dt.timedelta(seconds=1 + index), wf, "INFO", WF_ITEM.format(code=code, item=item, legal=legal),
              instance=WORKFLOW_NEW[0], trace=False)
    for moment in _every(w, START + dt.timedelta(seconds=40), REFERENCE, 300, 300):
        inside = _t("14:00") <= moment < WF_IMPORT_FIX_AT
        overdue = int(interpolate(RED_TOTAL, moment)) if inside else w.rng.randint(0, 3)
        w.log(moment, wf, "INFO", WF_SLA_SUMMARY.format(n=w.rng.randint(11800, 12600), o=overdue), instance=_pod(w, wf, moment),
              trace=False, job="sla-check")
    for moment in _every(w, "14:00:05", WF_IMPORT_FIX_AT, 6, 20):
        code, item, dept, _ = w.rng.choice(IMPORTED)
        accepted = moment - dt.timedelta(seconds=w.rng.randint(30, 290))
        accepted = max(accepted, WF_IMPORT_AT + dt.timedelta(seconds=10))
        w.log(moment, wf, "WARN", WF_OVERDUE.format(sq=_sq(w), code=code, item=item, acc=f"{accepted:%H:%M}",
                                                    due=f"{accepted:%H:%M}", dept=dept), instance=_pod(w, wf, moment))
    for moment in _every(w, "14:05:00", WF_IMPORT_FIX_AT, 40, 120):
        _send(w, moment, TPL_DUBAN, w.hex(32))
    _ops(w, _t("14:40:20.118"), wf, "workflow_oncall_zhaolei: 各部门反馈下午突然收到大量电子监察红牌和督办短信，办件都是刚受理的")
    w.log(WF_IMPORT_FIX_AT, wf, "INFO", WF_IMPORT_FIX, instance=WORKFLOW_NEW[1], change="data")
    w.log(_t("16:24:30.204"), wf, "INFO", WF_REVOKE, instance="ops-console", trace=False)
    w.alert("SupervisionRedCardSurge", wf, "critical", _t("14:05"), _t("16:30"), RED_ALERT_VALUE,
            f"电子监察红牌 {RED_ALERT_VALUE}，超过阈值 50", namespace=NS)


# --- Incident 9: the sharing-authorisation review masks the population interface ------------------------------------
def auth_masking(w: WorldBuilder) -> None:
    auth, ex = "jc-auth", "jc-exchange"
    w.log(_t("12:30:10.330"), auth, "INFO", AUTH_DEPLOY, instance=AUTH_NEW[0], change="deploy")
    _rolled(w, auth, 1, "Started AuthApplication in {s} seconds (process running for 24.8)",
            "Commencing graceful shutdown. Waiting for active requests to complete")
    w.log(MASK_AT, ex, "INFO", MASK_CHANGE, instance=EXCHANGE_HOSTS[1], trace=False, change="config")
    for moment in _moments(w, START, REFERENCE, (10, 35), (200, 600)):
        trace, req, uid = w.hex(32), f"RN{_digits(w, 10)}", _uid(w)
        pod = _pod(w, auth, moment)
        masked = MASK_AT <= moment < MASK_FIX_AT
        if w.rng.random() < 0.02:
            w.log(moment, auth, "INFO", AUTH_CTID.format(req=req, uid=uid), instance=pod, trace_id=trace)
            continue
        w.log(moment, ex, "INFO", RK_CALL.format(ms=w.ms(20, 120), mode="脱敏" if masked else "明文"),
              instance=w.rng.choice(EXCHANGE_HOSTS), trace_id=trace)
        at = moment + dt.timedelta(milliseconds=w.rng.randint(150, 600))
        if masked:
            sfzh = f"{w.rng.choice(PAY_REGIONS[:-1])}********{w.rng.randint(100, 999)}{w.rng.choice('0123456789X')}"
            w.log(at, auth, "WARN", AUTH_MASKED.format(req=req, uid=uid, xm=f"{w.rng.choice(SURNAMES)}**", sfzh=sfzh),
                  instance=pod, trace_id=trace)
        elif w.rng.random() < 0.03:
            w.log(at, auth, "WARN", AUTH_NO_RECORD.format(req=req, uid=uid), instance=pod, trace_id=trace)
        else:
            w.log(at, auth, "INFO", AUTH_OK.format(req=req, uid=uid, score=w.rng.uniform(0.82, 0.97)), instance=pod,
                  trace_id=trace)
    _ops(w, _t("13:40:10.441"), auth, "auth_oncall_xiaoyu: 一点以后新注册用户实名认证全部失败，提示姓名与身份证号不一致；老用户"
         "登录正常，12:30 刚发过 6.3.0")
    w.log(MASK_FIX_AT, ex, "INFO", MASK_FIX, instance=EXCHANGE_HOSTS[1], trace=False, change="config")
    w.alert("AuthRealnameFailRateHigh", auth, "critical", _t("13:08"), _t("16:20"), "27.5%", "实名核验失败率 27.5%，超过阈值 10%",
            namespace=NS)


# --- Incident 10: keyspace events lost in a Redis upgrade -------------------------------------------------------------
HELD: Keyframes = [(START, 6), (_t("02:14"), 3), (_t("07:00"), 16), (_t("08:00"), 140), (_t("08:30"), 520),
                   (_t("09:05"), 1530), (_t("10:00"), 4870), (_t("10:37"), 6771), (_t("10:38"), HELD_PEAK), (_t("10:39"), 214),
                   (_t("10:41"), 128), (_t("12:00"), 96), (_t("14:30"), 142), (_t("17:00"), 88), (REFERENCE, 40)]


def booking_keyspace(w: WorldBuilder) -> None:
    booking = "jc-booking"
    w.log(_y("20:10:05.118"), booking, "INFO", REDIS_NOTICE, instance=BOOKING_OLD[0], trace=False)
    w.log(REDIS_RECONNECT_AT, booking, "WARN", REDIS_RECONNECT, instance=BOOKING_OLD[1], trace=False)
    w.log(_t("07:30:10.204"), booking, "INFO", BOOKING_DEPLOY, instance=BOOKING_NEW[0], change="deploy")
    _rolled(w, booking, 1, "Started BookingApplication in {s} seconds (redis r-jcbooking, keyspace listener on)",
            "Commencing graceful shutdown. Waiting for active requests to complete")
    for moment in _moments(w, START, REFERENCE, (6, 18), (300, 900)):
        hid, uid = f"H{_digits(w, 9)}", _uid(w)
        hall_id, hall = w.rng.choice(HALLS)
        item = w.rng.choice(HALL_ITEMS)
        date = moment.date() + dt.timedelta(days=w.rng.randint(1, 7))
        slot = f"{hall_id}-{date:%m%d}-{w.rng.randint(1, 64):02d}"
        pod = _pod(w, booking, moment)
        trace = w.hex(32)
        w.log(moment, booking, "INFO", HOLD_CREATED.format(hid=hid, slot=slot, hall=hall, item=item, date=f"{date:%m-%d}",
                                                           time=f"{w.rng.choice([9, 10, 11, 14, 15, 16])}:{w.rng.choice(['00', '30'])}",
                                                           uid=uid), instance=pod, trace_id=trace)
        if w.rng.random() < 0.72:
            done = moment + dt.timedelta(seconds=w.rng.randint(30, 240))
            if done < REFERENCE:
                w.log(done, booking, "INFO", HOLD_CONFIRMED.format(hid=hid, code=f"YY{date:%Y%m%d}{_digits(w, 6)}"),
                      instance=pod, trace_id=trace)
            continue
        expiry = moment + dt.timedelta(seconds=600, milliseconds=w.rng.randint(0, 900))
        if expiry < REFERENCE and not (REDIS_RECONNECT_AT <= expiry < REDIS_FIX_AT):
            w.log(expiry, booking, "INFO", HOLD_RELEASED.format(hid=hid, slot=slot), instance=_pod(w, booking, expiry),
                  trace_id=trace)
    for moment in _every(w, "09:20:00", REDIS_FIX_AT, 20, 60):
        hall_id, _ = w.rng.choice(HALLS[:4])
        cap = w.rng.choice([40, 60, 80])
        booked = int(cap * w.rng.uniform(0.45, 0.7))
        date = DAY + dt.timedelta(days=w.rng.randint(1, 7))
        w.log(moment, booking, "WARN", SLOTS_FULL.format(hall=hall_id, item=w.rng.choice(HALL_ITEMS[:3]), date=f"{date:%Y-%m-%d}",
                                                         cap=cap, booked=booked, held=cap - booked),
              instance=_pod(w, booking, moment))
    _ops(w, _t("09:50:20.330"), booking, "booking_oncall_pengfei: 群众反馈多个大厅的不动产、出入境号源显示约满，但大厅实际预约量才"
         "六成左右")
    _ops(w, _t("10:31:20.441"), booking, REDIS_CHECK)
    w.log(REDIS_FIX_AT, booking, "INFO", REDIS_FIX, instance="ops-console", trace=False, change="ops")
    w.alert("BookingHeldSlotsHigh", booking, "warning", _t("09:05"), _t("10:45"), HELD_ALERT_VALUE,
            f"占用未释放的号源 {HELD_ALERT_VALUE}，超过阈值 1500", namespace=NS)


# --- Unrelated: the nightly ETL, the warehouse disk; the healthy services' changes ---------------------------------------
def other_events(w: WorldBuilder) -> None:
    w.log(_t("00:55:00.418"), "jc-dw", "INFO", "nightly ETL batch dw_daily started: 142 tasks (business date 2027-02-28)",
          instance="dw-etl-01", trace=False, job="etl")
    w.log(_t("01:48:40.730"), "jc-dw", "INFO", "nightly ETL batch dw_daily finished: 142/142 tasks ok, 53m40s",
          instance="dw-etl-01", trace=False, job="etl")
    w.alert("HostCpuHigh", "jc-dw", "warning", _t("01:00"), _t("01:50"), "91.6%", "dw-etl-01 CPU 91.6%，超过阈值 85%（夜间 ETL）",
            instance="dw-etl-01")
    w.log(_y("20:00:30.204"), "jc-dw", "WARN", f"data disk /data usage 85.9% (threshold 85%), {DW_DISK_SUMMARY}",
          instance="dw-etl-01", trace=False)
    w.alert("HostDataDiskUsageHigh", "jc-dw", "warning", _y("18:00"), None, "86%", DW_DISK_SUMMARY, instance="dw-etl-01")
    review = "jc-review"
    w.log(_t("15:00:10.330"), review, "INFO", REVIEW_DEPLOY, instance=REVIEW_NEW[0], change="deploy")
    _rolled(w, review, 1, "Started ReviewApplication in {s} seconds (process running for 19.4)",
            "Commencing graceful shutdown. Waiting for active requests to complete")
    w.log(_t("11:30:10.441"), "jc-guide", "INFO", GUIDE_KB, instance=GUIDE_PODS[1], change="config")


# --- Kubernetes state at 17:40 ---------------------------------------------------------------------------------------
#: (service, revision, rolled out, change cause, image tag) of every Deployment
STEADY = (
    ("jc-auth", 88, "2027-03-01T12:30:10+08:00", "release jc-auth 6.3.0 (pipeline #2221)", "6.3.0"),
    ("jc-license", 61, "2027-03-01T12:40:10+08:00", "release jc-license 3.9.0 (pipeline #2217)", "3.9.0"),
    ("jc-social", 47, "2027-03-01T07:10:10+08:00", "release jc-social 2.14.1 (pipeline #2203)", "2.14.1"),
    ("jc-booking", 73, "2027-03-01T07:30:10+08:00", "release jc-booking 4.7.0 (pipeline #2204)", "4.7.0"),
    ("jc-workflow", 132, "2027-03-01T07:40:10+08:00", "release jc-workflow 5.6.2 (pipeline #2206)", "5.6.2"),
    ("jc-payment", 54, "2027-02-28T22:30:10+08:00", "release jc-payment 4.2.0 (pipeline #2198)", "4.2.0"),
    ("jc-sms", 29, "2027-02-18T21:00:00+08:00", "release jc-sms 2.3.0", "2.3.0"),
    ("jc-material", 40, "2027-02-25T21:00:00+08:00", "release jc-material 3.4.0", "3.4.0"),
    ("jc-review", 22, "2027-03-01T15:00:10+08:00", "release jc-review 1.9.0 (pipeline #2226)", "1.9.0"),
    ("jc-guide", 35, "2027-02-22T21:00:00+08:00", "release jc-guide 2.5.1", "2.5.1"),
)
REGISTRY = "registry.jczw.gov.local/prod"


def k8s_state(w: WorldBuilder) -> None:
    for service, revision, changed, cause, tag in STEADY:
        pods = ROLLOUTS[service][-1][1]
        for pod in pods:
            w.pod(namespace=NS, name=pod, service=service, phase="Running", ready="1/1", restarts=0, last_termination=None,
                  waiting_reason=None, node=node_of(pod), observed_at=REFERENCE)
        w.deployment(namespace=NS, name=service, service=service, replicas=len(pods), ready=len(pods), available=len(pods),
                     image=f"{REGISTRY}/{service}:{tag}", revision=revision, changed_at=dt.datetime.fromisoformat(changed),
                     change_cause=cause,
                     conditions=[condition("Available", "True", "MinimumReplicasAvailable", "Deployment has minimum availability."),
                                 condition("Progressing", "True", "NewReplicaSetAvailable",
                                           f'ReplicaSet "{pods[0].rsplit("-", 1)[0]}" has successfully progressed.')],
                     observed_at=REFERENCE)
    # Events are what the API server keeps for an hour after their last update: the afternoon HPAs scaling back.
    w.event(type="Normal", reason="SuccessfulRescale", object="HorizontalPodAutoscaler/jc-workflow",
            message="New size: 4; reason: cpu resource utilization (percentage of request) below target", count=1,
            first_seen=_t("16:58:40"), last_seen=_t("16:58:40"))
    w.event(type="Normal", reason="SuccessfulRescale", object="HorizontalPodAutoscaler/jc-booking",
            message="New size: 3; reason: All metrics below target", count=1, first_seen=_t("17:05:10"),
            last_seen=_t("17:05:10"))
    w.event(type="Normal", reason="SuccessfulRescale", object="HorizontalPodAutoscaler/jc-auth",
            message="New size: 3; reason: All metrics below target", count=1, first_seen=_t("17:21:30"),
            last_seen=_t("17:21:30"))


# --- Metrics --------------------------------------------------------------------------------------------
def build_metrics(w: WorldBuilder) -> None:
    at = w.at
    night = [(at("01:50"), at("02:30"))]
    morning = [(at("06:50"), at("12:55"))]
    afternoon = [(at("12:55"), REFERENCE)]
    w.series("license_verify_failures_per_5m", "jc-license", "次",
             [(START, 0), (at("08:30"), 0), (at("08:42"), 46), (at("09:30"), 188), (at("10:30"), 297), (at("11:30"), 264),
              (at("12:40"), 251), (at("12:45"), 3), (at("12:50"), 0), (REFERENCE, 0)], start=START, fine=morning, spread=4,
             digits=0, threshold=20)
    w.series("license_show_requests_per_min", "jc-license", "次",
             [(START, 40), (at("00:00"), 12), (at("07:00"), 60), (at("09:30"), 420), (at("12:00"), 300), (at("14:30"), 410),
              (REFERENCE, 260)], start=START, spread=12, digits=0)
    w.series("social_empty_result_ratio", "jc-social", "%", social_empty_keyframes(), start=START, fine=night + morning,
             digits=1, threshold=20)
    w.series("social_query_requests_per_sec", "jc-social", "次/秒",
             [(START, 3.1), (at("00:00"), 1.2), (at("06:00"), 0.8), (at("07:30"), 2.4), (at("09:30"), 9.6), (at("12:00"), 6.8),
              (at("15:00"), 8.9), (REFERENCE, 5.2)], start=START, spread=0.4, digits=1)
    w.series("exchange_task_running_minutes", "jc-exchange", "分钟",
             [(START, 0), (at("02:00"), 0), (at("09:51"), 471), (at("09:52"), 0), (REFERENCE, 0)], start=START,
             fine=morning, digits=0, threshold=120, task="RS-JFXX-FULL")
    w.series("workflow_unassigned_applications", "jc-workflow", "件", UNASSIGNED, start=START, fine=morning, spread=4,
             digits=0, threshold=200, queue="省级待分派")
    w.series("workflow_applications_per_min", "jc-workflow", "件",
             [(START, 6), (at("00:00"), 2), (at("07:00"), 8), (at("09:30"), 61), (at("12:00"), 38), (at("14:30"), 66),
              (REFERENCE, 30)], start=START, spread=4, digits=0)
    w.series("supervise_red_cards_per_10m", "jc-workflow", "张",
             [(START, 0), (at("13:59"), 0), (at("14:05"), 86), (at("14:10"), 158), (at("14:40"), 171), (at("15:30"), 162),
              (at("16:10"), 166), (at("16:20"), 160), (at("16:25"), 78), (at("16:30"), 0), (REFERENCE, 0)], start=START,
             fine=afternoon, spread=5, digits=0, threshold=50)
    w.series("supervise_red_cards_total", "jc-workflow", "张", RED_TOTAL, start=START, fine=afternoon, digits=0)
    w.series("payment_order_create_failures_per_5m", "jc-payment", "次",
             [(START, 0), (at("08:00"), 0), (at("08:12"), 23), (at("09:00"), 41), (at("10:00"), 58), (at("11:00"), 52),
              (at("11:39"), 47), (at("11:42"), 0), (REFERENCE, 0)], start=START, fine=morning, spread=3, digits=0, threshold=10)
    w.series("payment_orders_per_min", "jc-payment", "单",
             [(START, 3), (at("00:00"), 1), (at("08:00"), 14), (at("10:00"), 32), (at("12:00"), 21), (at("15:00"), 29),
              (REFERENCE, 12)], start=START, spread=3, digits=0)
    w.series("sms_delivery_failure_ratio", "jc-sms", "%",
             [(START, 0.6), (at("08:05"), 0.7), (at("08:40"), 4.6), (at("10:00"), 9.8), (at("11:00"), 12.9), (at("13:00"), 11.2),
              (at("15:30"), 10.2), (at("15:35"), 0.9), (REFERENCE, 0.6)], start=START, fine=morning + afternoon, spread=0.3,
             digits=1, threshold=3)
    w.series("sms_submitted_per_min", "jc-sms", "条",
             [(START, 60), (at("00:00"), 20), (at("08:00"), 180), (at("10:00"), 420), (at("14:30"), 510), (REFERENCE, 240)],
             start=START, spread=20, digits=0)
    w.series("material_upload_failures_per_5m", "jc-material", "次",
             [(START, 0), (at("14:21"), 0), (at("14:30"), 24), (at("14:35"), 31), (at("15:00"), 66), (at("16:00"), 71),
              (at("17:00"), 58), (REFERENCE, 44)], start=START, fine=afternoon, spread=3, digits=0, threshold=20)
    w.series("ocr_latency_p99_ms", "jc-material", "ms",
             [(START, 900), (at("11:19"), 950), (at("11:22"), 4200), (at("11:28"), 6100), (at("11:32"), 5200), (at("11:34"), 980),
              (REFERENCE, 900)], start=START, fine=morning, spread=40, digits=0, threshold=3000)
    w.series("hallq_booking_not_found_per_10m", "jc-hallq", "次",
             [(START, 0), (at("08:29"), 0), (at("08:40"), 22), (at("08:48"), 57), (at("09:40"), 118), (at("10:15"), 96),
              (at("10:20"), 4), (at("10:25"), 0), (REFERENCE, 0)], start=START, fine=morning, spread=3, digits=0, threshold=30)
    w.series("booking_slots_held", "jc-booking", "个", HELD, start=START, fine=morning, spread=8, digits=0, threshold=1500)
    w.series("booking_requests_per_sec", "jc-booking", "次/秒",
             [(START, 4.0), (at("00:00"), 0.9), (at("08:00"), 22.0), (at("09:30"), 31.5), (at("12:00"), 14.0), (at("15:00"), 19.0),
              (REFERENCE, 9.0)], start=START, spread=1.5, digits=1)
    w.series("auth_realname_fail_ratio", "jc-auth", "%",
             [(START, 3.1), (at("13:00"), 3.0), (at("13:05"), 21.0), (at("13:08"), 27.5), (at("13:15"), 64.0), (at("13:30"), 97.8),
              (at("16:08"), 98.1), (at("16:12"), 30.0), (at("16:20"), 3.2), (REFERENCE, 3.0)], start=START, fine=afternoon,
             spread=0.4, digits=1, threshold=10)
    w.series("auth_login_requests_per_sec", "jc-auth", "次/秒",
             [(START, 18), (at("00:00"), 6), (at("07:00"), 22), (at("09:30"), 96), (at("12:00"), 71), (at("15:00"), 88),
              (REFERENCE, 54)], start=START, spread=5, digits=0)
    w.series("node_cpu_percent", "jc-dw", "%",
             [(START, 12), (at("00:55"), 14), (at("01:00"), 91.6), (at("01:30"), 93.0), (at("01:50"), 20), (REFERENCE, 11)],
             start=START, fine=[(at("00:40"), at("02:00"))], spread=2, digits=1, threshold=85, instance="dw-etl-01")
    w.series("node_disk_used_percent", "jc-dw", "%", [(START, 85.9), (at("01:50"), 86.2), (REFERENCE, 86.4)], start=START,
             spread=0.05, digits=1, threshold=85, instance="dw-etl-01", mountpoint="/data")
    for service, p99, threshold in (("jc-review", 120, 800), ("jc-guide", 180, 1200)):
        w.series("http_5xx_ratio", service, "%", [(START, 0.02), (at("10:00"), 0.11), (at("15:00"), 0.07), (REFERENCE, 0.03)],
                 start=START, spread=0.02, digits=2, threshold=2)
        w.series("http_p99_latency", service, "ms", [(START, p99 - 40), (at("10:00"), p99 + 140), (at("15:00"), p99 + 90),
                                                     (REFERENCE, p99)], start=START, spread=10, digits=0, threshold=threshold)


# --- Runbooks (the operator's wiki, as the teams wrote them) -----------------------------------------------------
RUNBOOKS: list[tuple[str, str, str]] = [
    ("runbooks/license/verify-failed.md", "电子证照验签失败处理手册", runbook(
        "电子证照验签失败处理手册", "适用于 jc-license 亮证、用证时验签失败。",
        ["LicenseVerifyFailuresHigh：验签失败超过 20 次/5分钟"],
        ["看失败的证照是哪些：签发时间、证照类型、签章算法是否相同。", "查电子印章平台的公告与签章证书变化。",
         "确认验签组件的版本是否支持证照使用的签名算法。"],
        ["印章证书或签名算法变化而验签组件不支持。", "证照文件损坏。", "印章证书过期或吊销。"],
        ["升级验签组件以支持新的算法后发布；必要时请印章平台临时补签。"])),
    ("runbooks/social/empty-result.md", "社保查询无记录处理手册", runbook(
        "社保查询无记录处理手册", "适用于 jc-social 查询缴费明细返回暂无记录。",
        ["SocialEmptyResultRatioHigh：无记录比例超过 20%"],
        ["看前置库对应表的数据量与最近的交换任务（全量/增量、开始与结束时间）。", "看无记录的查询是否集中在某些参保地。"],
        ["交换任务正在重建或清空前置库表。", "委办局未按时下发数据。", "查询条件变化。"],
        ["等待或加速交换任务完成；全量下发改为先装载临时表再切换。"])),
    ("runbooks/exchange/task-overrun.md", "交换任务超时处理手册", runbook(
        "交换任务超时处理手册", "适用于 jc-exchange 库表交换任务运行时间过长。",
        ["ExchangeTaskOverrun：任务运行超过 120 分钟"],
        ["看任务模式（全量/增量）、进度与速率。", "看前置库所在主机的磁盘与 IO。"],
        ["委办局下发全量数据。", "前置库性能下降。"],
        ["与委办局确认下发计划，避开办事高峰；必要时调整装载方式。"])),
    ("runbooks/workflow/unassigned.md", "办件未分派处理手册", runbook(
        "办件未分派处理手册", "适用于 jc-workflow 办件落入省级待分派队列、审批部门收不到件。",
        ["WorkflowUnassignedBacklogHigh：省级待分派积压超过 200 件"],
        ["看未分派办件的区划代码与事项，路由表中是否有对应的路由。", "查基础字典（区划、机构）最近的变更。"],
        ["区划或机构调整后路由表未同步。", "事项未配置审批部门。"],
        ["补齐路由规则后把待分派办件重新分派。"])),
    ("runbooks/workflow/red-card.md", "电子监察红牌激增处理手册", runbook(
        "电子监察红牌激增处理手册", "适用于 jc-workflow 短时间内大量办件超期、电子监察红牌与督办短信激增。",
        ["SupervisionRedCardSurge：红牌超过 50 张/10分钟"],
        ["看超期办件的事项、受理时间与应办结时间。", "查事项配置（办理时限、工作日历）最近的变更与导入。"],
        ["事项时限配置错误。", "工作日历错误。", "审批部门确实积压。"],
        ["修正事项配置后重算办结时限，撤销误发的红牌并说明情况。"])),
    ("runbooks/payment/order-failed.md", "缴款单生成失败处理手册", runbook(
        "缴款单生成失败处理手册", "适用于 jc-payment 生成缴款单失败。",
        ["PaymentOrderCreateFailuresHigh：缴款单生成失败超过 10 次/5分钟"],
        ["看失败发生在申请缴款码、写库还是回执环节。", "对照财政非税系统的公告与接口规范变化。"],
        ["财政接口变化（字段格式、长度）。", "财政接口不可用。", "数据库异常。"],
        ["按新规范调整字段与校验；财政接口故障时开启排队重试。"])),
    ("runbooks/sms/undeliv.md", "短信发送失败处理手册", runbook(
        "短信发送失败处理手册", "适用于 jc-sms 状态报告失败率升高。",
        ["SmsDeliveryFailureRateHigh：发送失败率超过 3%"],
        ["看失败集中在哪些模板、哪些运营商，状态报告的错误码。", "向短信服务商确认错误码含义与运营商规则变化。"],
        ["运营商内容拦截（关键词、签名）。", "服务商通道故障。", "号码空号停机。"],
        ["改写模板或报备白名单；通道故障时切换服务商。"])),
    ("runbooks/material/upload-failed.md", "材料上传失败处理手册", runbook(
        "材料上传失败处理手册", "适用于 jc-material 分片上传失败。",
        ["MaterialUploadFailuresHigh：上传失败超过 20 次/5分钟", "OcrLatencyHigh：OCR p99 超过 3000ms"],
        ["看失败是否集中在某些 Pod，这些 Pod 在哪些节点。", "看失败的异常（权限、空间、超时），节点上的系统日志与安全审计。",
         "查节点最近的变更（基线加固、内核与安全策略）。"],
        ["节点本地目录权限或安全策略变化。", "节点磁盘满。", "对象存储不可用。"],
        ["恢复节点的目录权限或安全上下文，或把 Pod 迁出问题节点。"])),
    ("runbooks/hallq/booking-missing.md", "大厅预约数据缺失处理手册", runbook(
        "大厅预约数据缺失处理手册", "适用于 jc-hallq 取号机扫预约码查无记录。",
        ["HallBookingNotFoundHigh：预约码查无记录超过 30 次/10分钟"],
        ["看当天的预约基础文件与增量是否导入。", "沿着导出、网闸摆渡、导入的链路查文件在哪一步停下。"],
        ["网闸摆渡失败（策略、病毒扫描、通道中断）。", "预约系统导出失败。", "导入程序异常。"],
        ["补送预约文件并导入；必要时让大厅按身份证号人工核验预约。"])),
    ("runbooks/booking/held-slots.md", "号源占用异常处理手册", runbook(
        "号源占用异常处理手册", "适用于 jc-booking 号源显示约满而实际预约不足。",
        ["BookingHeldSlotsHigh：占用未释放的号源超过 1500 个"],
        ["看占号（HELD）是否按时释放，释放日志是否中断。", "查 Redis 实例最近的维护与参数变化。"],
        ["占号到期未触发释放。", "确认接口异常导致占号不转预约。"],
        ["恢复到期释放机制后对账释放过期占号。"])),
    ("runbooks/auth/realname-failed.md", "实名认证失败处理手册", runbook(
        "实名认证失败处理手册", "适用于 jc-auth 实名核验失败率升高。",
        ["AuthRealnameFailRateHigh：实名核验失败率超过 10%"],
        ["看失败的核验返回了什么（无记录、不一致、超时）。", "查人口库接口与数据共享授权的变化。"],
        ["核验接口返回内容变化（字段、授权等级）。", "核验接口不可用。", "用户输入错误。"],
        ["恢复接口授权或调整比对方式；接口故障时开放 CTID 网证核验。"])),
    ("runbooks/hall/screen-black.md", "叫号屏黑屏处理手册", runbook(
        "叫号屏黑屏处理手册", "适用于政务大厅叫号屏黑屏、不刷新。",
        ["HallScreenOffline"], ["看叫号屏主机电源与网络。"], ["叫号屏主机死机。", "网络中断。"], ["重启叫号屏主机。"])),
    ("runbooks/hall/id-reader.md", "身份证读卡器故障处理手册", runbook(
        "身份证读卡器故障处理手册", "适用于窗口或自助终端身份证读卡器读不出证件。",
        ["IdReaderError"], ["看读卡器指示灯与驱动。"], ["读卡器 USB 松动。", "驱动异常。"],
        ["重新插拔读卡器 USB 线，必要时重装驱动。"])),
]


def build_bundle(seed: int = SEED) -> Json:
    w = WorldBuilder(seed=seed, day=DAY, tz=TZ, reference=REFERENCE, instances=INSTANCES,
                     labels={"env": "prod", "cluster": "jczw-prod", "region": "jc-govcloud-1"})
    for service, (make, every) in NOISE.items():
        w.noise(service, make, START, every_s=every)
    license_sm2(w)
    social_reload(w)
    workflow_region(w)
    payment_code(w)
    sms_keywords(w)
    material_selinux(w)
    hallq_gap(w)
    workflow_promise(w)
    auth_masking(w)
    booking_keyspace(w)
    other_events(w)
    k8s_state(w)
    build_metrics(w)
    documents = [{"title": title, "source": source, "content": content} for source, title, content in RUNBOOKS]
    return w.bundle(name="JiangChuan 江川数政 2027-03-01", services=SERVICES, documents=documents)


# --- Questions ---------------------------------------------------------------------------------
#: Each incident's own words: in another incident's answer, a misattribution.
FAMILY = {
    "seal": ("SM3withSM2", "JCSEAL-2027-03"),
    "reload": ("RS-JFXX-FULL", "TRUNCATE TABLE"),
    "region": (NEW_REGION, "省级待分派"),
    "paycode": ("Data too long", "JCCZ-FS-2027-02"),
    "keyword": ("RJ:0047", "反诈关键词"),
    "selinux": ("SELinux", "dengbao_harden"),
    "gap": ("DecompressionBomb", "压缩炸弹"),
    "promise": ("promise_days", "事项清单_2027版"),
    "masking": ("脱敏", "SJJ-FH-2027-Q1"),
    "keyspace": ("notify-keyspace-events", "MW-20270301-04"),
}
#: The remedies of the runbooks for problems that did not happen.
UNRELATED_REMEDIES = ("重启叫号屏主机", "重新插拔读卡器")
FIRING = ("MaterialUploadFailuresHigh", "HallKioskOffline", "HostDataDiskUsageHigh")
INCIDENT_WORDS = tuple(word for words in FAMILY.values() for word in words)


def _not(*own: str, told: Sequence[str] = ()) -> tuple[str, ...]:
    """The other incidents' words, plus the unrelated runbooks' remedies — less ``told``: another incident's words the
    asked service itself logs (the workflow logs both of its incidents), which name no misattribution when quoted."""
    return tuple(word for family, words in FAMILY.items() if family not in own for word in words
                 if word not in told) + UNRELATED_REMEDIES


QUESTIONS: tuple[WorldQuestion, ...] = (
    WorldQuestion(
        "gov_license_show_cause",
        "今天上午开始不少群众在江川办里亮证，提示“证照验签失败”，往年领的证都能亮，就今天新发的不行，电子证照这边怎么回事？",
        "cause",
        asked_facts=(fact("证照验签失败", "signature verification failed", "NoSuchAlgorithmException"),),
        cause_facts=(fact("SM2", "SM3withSM2", "国密", "JCSEAL-2027-03", "1.2.156.10197.1.501"),
                     fact("bcprov-jdk15on 1.56", "unknown signature algorithm", "不支持", "3.9.0")),
        forbidden=_not("seal"), service="jc-license",
        diagnosis="江川省电子印章平台按公告 JCSEAL-2027-03 在 3 月 1 日 00:00 把证照签发用章切换为 SM2 国密印章（SM3withSM2，OID "
                  "1.2.156.10197.1.501）；jc-license 的验签组件（ofdrw-sign 1.13.2 / bcprov-jdk15on 1.56）不支持 SM2 → 今天 08:30 "
                  "起签发的证照一亮证就 NoSuchAlgorithmException: unknown signature algorithm，证照验签失败；往年用 SHA256withRSA "
                  "签的证照不受影响。12:40 发布 3.9.0（bcprov-jdk18on 1.78 支持 SM2/SM3）后恢复。08:20 亮证码有效期的配置不是原因",
    ),
    WorldQuestion(
        "gov_social_empty_cause",
        "早上七点多到十点左右，12345 转来一堆投诉，说查社保缴费记录显示“暂无缴费记录”，公积金倒是查得到，这是什么原因？",
        "cause",
        asked_facts=(fact("暂无缴费记录", "0 rows"),),
        cause_facts=(fact("RS-JFXX-FULL", "全量", "mode=FULL", "TRUNCATE"),
                     fact("前置库", "qzk_rs.t_sb_jfxx", "t_sb_jfxx", "人社厅")),
        forbidden=_not("reload"), service="jc-social",
        diagnosis="人社厅为 2027 年度缴费基数调整重新下发全量缴费明细（JCRS-2027-11）：jc-exchange 的交换任务 RS-JFXX-FULL 02:00 先 "
                  "TRUNCATE 前置库 qzk_rs.t_sb_jfxx，再按参保地逐个城市装载 256,880,112 行，澜州市 09:20、省本级 09:51 才装完 → "
                  "参保地还没装载的人查缴费明细得到 0 行，显示暂无缴费记录；公积金在另一张表不受影响。早上 07:35 告警时无记录比例 "
                  "68.1%，夜里是 100%。09:51 任务完成后恢复。07:10 的 jc-social 2.14.1 发布不是原因",
    ),
    WorldQuestion(
        "gov_workflow_region_cause",
        "青溪那边的审批局说上午一件新件都没收到，群众端却显示已提交待受理，审批流到底卡在哪了？", "cause",
        asked_facts=(fact("省级待分派", "fallback queue", "no approval route"),),
        cause_facts=(fact("580305", "撤县设区", "青溪区"),
                     fact("580322", "route table", "路由", "区划代码字典")),
        forbidden=_not("region", told=FAMILY["promise"]), service="jc-workflow",
        diagnosis="民政部 2027 年区划变更：青溪县撤县设区，区划代码 580322 → 580305（澜州市青溪区），3 月 1 日 00:00 jc-exchange 的"
                  "区划代码字典同步后，App 地址选择器按 580305 提交；jc-workflow 的审批路由按区划配置，没有 580305 的路由 → 青溪的"
                  "申请全部落到兜底队列省级待分派，没人处理，最多积压 1386 件。11:10 workflow_ops_heqing 从 580322 复制 146 条路由，"
                  "11:12 重新分派后恢复。07:40 的 5.6.2 发布不是原因",
    ),
    WorldQuestion(
        "gov_payment_order_cause",
        "今天上午八点以后，不动产登记和出入境缴费一直提示“生成缴款单失败”，财政非税那边说他们系统正常，缴费这边为什么会这样？",
        "cause",
        asked_facts=(fact("生成缴款单失败", "Data too long for column", "Data truncation"),),
        cause_facts=(fact("20 位", "20 digits", "JCCZ-FS-2027-02"),
                     fact("VARCHAR(18)", "pay_code", "字段长度")),
        forbidden=_not("paycode"), service="jc-payment",
        diagnosis="财政厅非税收入收缴管理系统按公告 JCCZ-FS-2027-02 从 08:00 起把缴款码从 18 位升级为 20 位；jc-payment 的 "
                  "pay_order.pay_code 是 VARCHAR(18)，严格模式下写入报 Data truncation: Data too long for column 'pay_code' → "
                  "所有新缴费都生成缴款单失败。11:35 DBA 在线改成 VARCHAR(32)，11:39 完成，11:41 补建失败的缴款单。前一晚 22:30 的 "
                  "4.2.0 发布不是原因",
    ),
    WorldQuestion(
        "gov_sms_gjj_cause",
        "今天公积金提取审批通过的群众，好多人说没收到短信通知，登录验证码倒是都能收到，短信平台这是怎么了？", "cause",
        asked_facts=(fact("RJ:0047", "UNDELIV", "内容拦截"),),
        cause_facts=(fact("反诈关键词", "反诈", "关键词"),
                     fact("运营商", "CMCC", "CUCC", "移动", "联通")),
        forbidden=_not("keyword"), service="jc-sms",
        diagnosis="移动、联通 2/28 晚更新反诈关键词库，「公积金提取」「退费」列入高危词 → 从早上起，发往这两家运营商的公积金提取结果"
                  "（SMS_GJJ_TQ_RESULT）和退付通知（SMS_FEE_REFUND）状态报告都是 UNDELIV err=RJ:0047（运营商内容拦截）；电信能收到，"
                  "验证码等模板不含这些词。15:31 模板改写并报备白名单后恢复。09:20 的运营商权重配置不是原因",
    ),
    WorldQuestion(
        "gov_material_upload_cause",
        "下午两点半以后材料上传时好时坏，大概三次里有一次报“材料上传失败，请重试”，刚才还在报，是什么原因？", "cause",
        asked_facts=(fact("材料上传失败", "AccessDeniedException"),),
        cause_facts=(fact(BAD_NODE, "node-05", "05 节点"),
                     fact("SELinux", "enforcing", "avc", "dengbao_harden", "等保")),
        forbidden=_not("selinux"), service="jc-material",
        diagnosis=f"14:21 sec_ops_tangmin 在 {BAD_NODE} 上跑等保 2.0 加固脚本 dengbao_harden.sh（工单 DB-ZG-2027-031），第 7 步把 "
                  "SELinux 改成 enforcing；jc-material 的上传分片写在节点本地目录 hostPath /data/upload（default_t 标签）→ 内核拒绝"
                  "容器进程写入（avc: denied { write }），调度在 node-05 上的两个 jc-material Pod 每个分片都 AccessDeniedException，"
                  "约三分之一的上传失败；其他节点上的 4 个 Pod 正常，node-05 上的 jc-review、jc-guide 不用 hostPath 也不受影响。"
                  "到现在仍在告警（MaterialUploadFailuresHigh）。13:40 的上传大小配置不是原因",
    ),
    WorldQuestion(
        "gov_hallq_booking_cause",
        "今天早上大厅一开门，网上预约过的群众在取号机上扫码都提示“预约信息不存在”，只能现场取号，叫号系统怎么回事？", "cause",
        asked_facts=(fact("预约信息不存在", "not in today's imported bookings"),),
        cause_facts=(fact("网闸", "quarantined", "隔离", "GAP-JC-01"),
                     fact("压缩炸弹", "DecompressionBomb", "118.5:1", "压缩比")),
        forbidden=_not("gap"), service="jc-hallq",
        diagnosis="前一晚 23:32 网闸 GAP-JC-01 的病毒引擎升级到 6.0.1，新增压缩炸弹检测（压缩比 > 100:1 隔离）；07:00 jc-booking 导出的"
                  "当日预约基础文件 booking_20270301.zip（27,418 条，压缩比 118.5:1）被判为 Heuristic.DecompressionBomb 隔离，没摆渡"
                  "到政务外网 → 叫号系统只导入了 07:30 起的增量，07:00 以前预约的群众扫码都是预约信息不存在。10:15 预约通道豁免检测并"
                  "放行，10:16 基础文件导入后恢复。前一晚 21:30 的 jc-hallq 1.12.0 发布不是原因",
    ),
    WorldQuestion(
        "gov_auth_realname_cause",
        "下午一点以后，新注册的用户做实名认证全部失败，提示“姓名与身份证号不一致”，老用户登录没问题，认证这边出什么事了？",
        "cause",
        asked_facts=(fact("姓名与身份证号不一致", "mismatch"),),
        cause_facts=(fact("脱敏", "masked", "********"),
                     fact("共享授权复核", "授权复核", "SJJ-FH-2027-Q1", "data_gov_chenyu", "大数据局")),
        forbidden=_not("masking"), service="jc-auth",
        diagnosis="13:00 大数据局年度数据共享授权复核（批次 SJJ-FH-2027-Q1，data_gov_chenyu 执行）把 jc-auth 调用人口基础信息核验接口 "
                  "RK-0012 的 xm、sfzh 字段从明文改成脱敏 → 实名核验拿脱敏后的姓名、身份证号和用户提交的比对，全部 mismatch，提示姓名"
                  "与身份证号不一致；老用户登录不走核验，CTID 网证核验的少数用户能通过。16:08 授权例外审批后恢复明文。12:30 的 6.3.0 "
                  "发布不是原因",
    ),
    WorldQuestion(
        "gov_workflow_unassigned_quantity", "上午省级待分派队列里积压的申请最多到过多少件？", "quantity",
        asked_facts=(fact(str(UNASSIGNED_PEAK), "1,386"),), forbidden=_not("region", told=FAMILY["promise"]),
        service="jc-workflow", peak=Peak("jc-workflow", "workflow_unassigned_applications", UNASSIGNED_PEAK),
        diagnosis="workflow_unassigned_applications 峰值 1386 件（11:10，路由补上时）；WorkflowUnassignedBacklogHigh 触发时是 212 件，"
                  "不是峰值。起因是青溪撤县设区后新区划代码 580305 没有审批路由",
    ),
    WorldQuestion(
        "gov_booking_held_quantity", "今天上午预约系统里被占着没释放的号源，峰值是多少个？", "quantity",
        asked_facts=(fact(str(HELD_PEAK), "6,842"),), forbidden=_not("keyspace"), service="jc-booking",
        peak=Peak("jc-booking", "booking_slots_held", HELD_PEAK),
        diagnosis="booking_slots_held 峰值 6842 个（10:38）；BookingHeldSlotsHigh 触发时是 1530 个。凌晨 Redis r-jcbooking 维护升级"
                  "（MW-20270301-04）后 notify-keyspace-events 为空，过期的占号收不到过期事件、没有释放；10:38 CONFIG SET 并对账释放"
                  "了 6842 个",
    ),
    WorldQuestion(
        "gov_redcard_total_quantity", "今天下午电子监察一共亮了多少张红牌？", "quantity",
        asked_facts=(fact(str(RED_CARDS), "2,318"),), forbidden=_not("promise", told=FAMILY["region"]), service="jc-workflow",
        peak=Peak("jc-workflow", "supervise_red_cards_total", RED_CARDS),
        diagnosis="supervise_red_cards_total 到 16:20 共 2318 张（16:24 全部撤销）；SupervisionRedCardSurge 报的是 86 张/10分钟。起因是 "
                  "13:55 事项清单_2027版.xlsx 批量导入时 37 个事项的承诺办结时限为空，promise_days 变成 0，受理即超期",
    ),
    WorldQuestion(
        "gov_exchange_alert_existence", "数据共享交换平台从昨晚到现在有没有报过警？", "existence",
        asked_facts=(fact("ExchangeTaskOverrun"),),
        cause_facts=(fact("RS-JFXX-FULL", "全量", "mode=FULL"),),
        forbidden=_not("reload", "region", "masking"), service="jc-exchange",
        diagnosis="报过：ExchangeTaskOverrun 04:00 触发、09:55 恢复——人社厅全量下发缴费明细（RS-JFXX-FULL，JCRS-2027-11）从 02:00 "
                  "跑到 09:51，期间前置库 qzk_rs.t_sb_jfxx 先被清空再逐城装载（社保查询暂无缴费记录）。交换平台今天另有两次变更："
                  "00:00 区划代码字典同步（580322 → 580305）、13:00 共享授权复核把 RK-0012 改成脱敏（16:08 恢复），都没有交换平台"
                  "自己的告警",
    ),
    WorldQuestion(
        "gov_review_healthy", "好差评系统下午刚发了个版，现在有没有报错或者告警？", "existence",
        asked_facts=(HEALTHY,), forbidden=INCIDENT_WORDS, service="jc-review", healthy=True,
        diagnosis="没有：15:00 发布 1.9.0 之后只有评价、推送和差评整改派单的 INFO/WARN，5xx 最高约 0.11%（阈值 2%），p99 远低于 "
                  "800ms，无告警；它的一个 Pod 在 jc-k8s-node-05 上，也不受影响",
    ),
    WorldQuestion(
        "gov_guide_healthy", "办事指南和智能问答今天有没有出什么问题？", "existence",
        asked_facts=(HEALTHY,), forbidden=INCIDENT_WORDS, service="jc-guide", healthy=True,
        diagnosis="没有告警；5xx 远低于阈值 2%，p99 远低于 1200ms；11:30 知识库更新之后只有指南查询、问答和少量转人工的 WARN",
    ),
    WorldQuestion(
        "gov_alert_listing", "现在还有哪些告警没有恢复？帮我列一下。", "listing",
        asked_facts=tuple(fact(name) for name in FIRING), forbidden=("jc-review", "jc-guide"),
        diagnosis="3 条：MaterialUploadFailuresHigh（14:35 起，jc-k8s-node-05 的 SELinux enforcing 让该节点上的 jc-material Pod 写不"
                  "了上传分片）、HallKioskOffline（17:02 起，青溪政务服务中心自助终端 K03 心跳丢失，与上午的预约问题无关）、"
                  "HostDataDiskUsageHigh（dw-etl-01 数据盘 86%，清理工单已排期）；其余告警都已恢复",
    ),
    WorldQuestion(
        "gov_workflow_changes_listing", "审批系统今天都动过什么？发版、改配置、导数据都算上。", "listing",
        asked_facts=(fact("5.6.2"), fact("approval routes added", "580305", "路由"),
                     fact("workflow.sla.remind-before-hours", "remind-before-hours"),
                     fact("事项清单_2027版.xlsx", "批量导入"), fact("事项清单_2027版_修正.xlsx", "2027.2")),
        forbidden=_not("region", "promise"), service="jc-workflow",
        diagnosis="五次：07:40 发布 5.6.2（审批意见常用语、批量签收）、11:10 补 580305（青溪区）的审批路由、13:30 "
                  "workflow.sla.remind-before-hours 24 -> 8、13:55 事项清单_2027版.xlsx 批量导入（promise_days 变 0，导致红牌）、"
                  "16:20 按事项清单_2027版_修正.xlsx 重新发布 2027.2",
    ),
)

WORLD = World(name=NAME, title="JiangChuan 江川数政（政务服务平台）", build=build_bundle, questions=QUESTIONS)
