"""World "lending": 融信消费金融 RongXin Consumer Finance, a consumer-finance company's online lending platform (``rx-*``
services: the 融信借钱 App backend, credit applications 进件, anti-fraud, the decision engine that scores and prices, the
credit-bureau queries 征信 to 人行 and 百行, credit-line (额度) management, disbursement through the partner bank 锦江银行,
repayments and the morning auto-debit 代扣 through the payment channel 通汇支付, collections and reminders 催收提醒,
e-contracts and the accounting ledger 账务核算, on a Kubernetes cluster; the nodes outside it), seen from Sunday 2027-05-09
15:40 to the reference time Monday 2027-05-10 11:40 (+08:00): a Monday that is also the 10th, the day most instalments fall
due. Nothing here was written for the offline agents; ten incidents of families the other worlds do not have, in ordinary
noise:

(1) 19:00 (eve)     rx-disburse ← rx-limit: limit_ops_xuning raises ``limit.loan.single-max`` 50000 → 80000 for a weekend
                    campaign (MKT-0509) → loans above ¥50,000 are routed by 锦江银行 through 大额支付系统 (HVPS), which
    19:05–21:10     is closed on a Sunday evening → 312 loans stay PROCESSING (放款中) overnight (DisburseProcessingStuck);
    08:30–08:41     21:10 the limit is reverted, and HVPS credits the queued loans at its 08:30 opening. The 18:30
                    ``disburse.callback.poll-interval-sec`` config is a decoy.
(2) 16:10 (eve)     rx-disburse ← rx-app-api: app_pm_zhouyan's experiment EXP-BC-07 sets ``bindcard.allow-account-class``
                    I → I,II, so customers bind II类户 (electronic class-II accounts); a class-II account takes at most
    07:05–09:35     ¥10,000 a day from an unbound account → this morning's loans above ¥10,000 to such cards are returned by
                    the payee bank and marked REFUNDED (DisburseRefundHigh). 09:35 the binding rule back to I. The 06:40
                    deploy 5.7.2 of rx-disburse is a decoy. (rx-disburse's second incident, hours after the first.)
(3) 07:48 → now     rx-decision: the RAID controller of rx-k8s-node-06 starts its scheduled BBU learn cycle and switches
                    the /data volume from WriteBack to WriteThrough → the decision pods there append their audit log
                    (监管留痕, synchronous, hostPath /data/audit) at 150–400 ms a write → their strategy runs exceed the 300 ms
                    budget and fall back to MANUAL_REVIEW (人工审核); the pods on node-04/05 are fine. Still going at 11:40
                    (DecisionTimeoutHigh). The 07:30 strategy release STR-2027-05-v2 is a decoy.
(4) 10:05–10:48     rx-apply: a fraud ring's script (okhttp/3.12.1, one device dfp-7c1e09ab, 103.151.44.0/24) submits
                    applications with stolen identities, up to 1318 requests/s at 10:31 → the shared apply-submit pool is
                    saturated and customers' App submissions time out (ApplySubmitTimeoutHigh); 10:48 blocked (RISK-0510-02).
                    The 09:55 ``apply.ocr.timeout-ms`` config is a decoy.
(5) 17:20 (eve)     rx-limit ← rx-apply: data_ops_guoqiang's customer-profile migration CUST-MIG-0509 stores
                    ``id_valid_to`` as printed on the ID card, so a permanent card (over-46s) reads 长期 instead of 2099-12-31
    02:00           → the nightly id-expiry-check cannot parse 长期 and freezes 6,214 lines as ID_EXPIRED → older customers
    07:00–09:50     cannot borrow (LimitBorrowRefusedHigh). 09:40 the profiles patched, 09:50 lines unfrozen. The 01:30 deploy
                    4.6.0 of rx-limit is a decoy.
(6) 20:05 (eve)     rx-ledger ← rx-repay: fin_ops_tangli closes accounting period 2027-04 (月结关账) → at 09:10 rx-repay
    09:10–10:40     processes 通汇支付's April exception file TH-ERR-202704 (1,318 refunds of duplicate debits, value dates in
                    April) → every refund posting is rejected PERIOD_CLOSED and dead-lettered (LedgerPostingFailed). 10:35
                    the period opened for adjustments (ADJ-0510), 10:40 the DLQ replayed. The 01:00 deploy 2.14.0 is a decoy.
(7) 17:45 (eve)     rx-collection: col_ops_fangjie moves ``collection.audience.snapshot-at`` 10:00 → 06:00 (COL-0509) → the
    06:00           audience AUD-20270510 is taken before the 06:00 auto-debit batch has debited anyone → the 08:30 T0
    08:30–09:55     reminder goes to the 171,203 customers already debited; complaints (ReminderComplaintHigh). 09:55 paused
                    and reverted. The 08:10 ``collection.dialer.max-concurrency`` config is a decoy.
(8) 09:00–10:15     rx-app-api: app_ops_wanglei sets ``app.min-version.android`` 5.1.0 → 5.2.0 (REL-0510) while 5.2.0 is still
                    IN_REVIEW at 华为应用市场 → Huawei-channel users get 426 UPGRADE_REQUIRED and find no update
                    (AppUpgradeRequiredHigh). 10:15 reverted. The 00:40 deploy 8.3.0 is a decoy.
(9) 20:30 (eve)     rx-antifraud: risk_data_zhaoxin merges the industry list ALLIANCE-202705 (+1,706,552) into the blacklist
    03:00           → the nightly bloom-filter rebuild puts 2,611,907 ids into a filter sized expectedInsertions=1,000,000 →
    07:00–10:30     expectedFpp 0.170: clean applicants hit BLACKLIST_HIT (bloom) and are rejected; the reject ratio peaks
                    23.6% at 08:47 (AntifraudRejectRateHigh fired at 12.4%). 10:25 sized to 5,000,000 and rebuilt. The 01:10
                    deploy 3.8.1 is a decoy.
(10) 02:10          rx-repay: 通汇支付's card BIN table TH-BIN-20270510 marks the debit-card BINs 622155/622156 of 平安银行
    06:00 → now     CREDIT → the auto-debit refuses those cards before the channel, CARD_TYPE_CREDIT (信用卡不得用于还款); the
                    failure ratio peaks 17.3% at 06:42 (RepayDebitFailureHigh fired at 8.1%), again in the 10:00 retry round,
                    still firing at 11:40. The 05:50 ``repay.batch.parallelism`` config is a decoy.

Healthy: rx-bureau (征信查询; its 08:00 百行 timeout config is a decoy — approvals are slow because of node-06) and
rx-contract (合同; its 00:20 deploy is a decoy — the failed loans are disbursement's) — INFO/WARN noise only, under their
thresholds, no alert. Unrelated: HostCpuHigh on rx-k8s-node-02 during the ledger's end of day 00:30–01:05. Still firing at
11:40: DecisionTimeoutHigh and RepayDebitFailureHigh. Kubernetes: the deployments and their pods with their nodes, the
events of the last hour. Run ``python -m evaluation.worlds lending`` to print the bundle.
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

NAME = "lending"
SEED = 20270510
TZ = dt.timezone(dt.timedelta(hours=8))
DAY = dt.date(2027, 5, 10)
EVE = dt.date(2027, 5, 9)
START = dt.datetime(2027, 5, 9, 15, 40, tzinfo=TZ)
REFERENCE = dt.datetime(2027, 5, 10, 11, 40, tzinfo=TZ)
NS = "rongxin-lending"
REGISTRY = "harbor.rongxin.local/lending"

_t = functools.partial(clock_on, DAY, TZ)  # a clock on the world's day
_y = functools.partial(clock_on, EVE, TZ)  # a clock on the day before


def _cfg(app: str, key: str, old: str, new: str, operator: str, note: str = "") -> str:
    line = (f"[apollo] config changed: appId={app} cluster=prod namespace=application key={key} old={old} new={new} "
            f"operator={operator}")
    return f"{line} ({note})" if note else line


def _deploy(service: str, version: str, was: str, pipeline: int, changes: str) -> str:
    return (f"deploy finished: {service} {version} (was {was}) rolled out by jenkins pipeline=#{pipeline}; changes: "
            f"{changes}")


# --- (1) loans of 50,000 and more through a closed HVPS ---------------------------------------------------------
SINGLE_MAX_UP = _cfg("rx-limit", "limit.loan.single-max", "50000", "80000", "limit_ops_xuning", "MKT-0509 周末提额活动")
SINGLE_MAX_DOWN = _cfg("rx-limit", "limit.loan.single-max", "80000", "50000", "limit_ops_xuning")
DISBURSE_DECOY = _cfg("rx-disburse", "disburse.callback.poll-interval-sec", "30", "60", "disburse_dev_hanlu")
PROCESSING = ("loan {ln} ¥{amt:,.2f} to {bank} {card}: 锦江银行 status PROCESSING (amount above 50,000.00 routed via 大额支付系统 "
              "HVPS, 非营业时间, queued to 2027-05-10 08:30), customer sees 放款中")
CREDITED = "loan {ln} ¥{amt:,.2f}: 锦江银行 callback SUCCESS via HVPS at {clock}, credited after {h}h{m:02d}m PROCESSING"
HVPS_NOTE = ("disburse_oncall_pengyu: 晚上 7 点后 5 万以上的借款都卡在放款中，锦江银行回复大额走大额支付系统，周日晚上不营业，"
             "要到明早 08:30 才处理")
HVPS_LOANS = 312

# --- (2) class-II accounts bound for the first time --------------------------------------------------------------
CLASS_OPEN = _cfg("rx-app-api", "bindcard.allow-account-class", "I", "I,II", "app_pm_zhouyan",
                  "EXP-BC-07 绑卡转化实验: 允许绑定 II类户 电子账户")
CLASS_CLOSE = _cfg("rx-app-api", "bindcard.allow-account-class", "I,II", "I", "app_pm_zhouyan")
BIND_II = "bind card ok customer {c}: {bank} {card} account class II (电子账户, II类户)"
REFUNDED = ("loan {ln} ¥{amt:,.2f} to {bank} {card} (II类户): payee bank returned 收款账户为II类户，非绑定账户转入超过单日限额 "
            "10,000.00; funds back, status REFUNDED")
DISBURSE_DEPLOY = _deploy("rx-disburse", "5.7.2", "5.7.1", 7712, "放款回单字段补齐, 资方路由日志")
CLASS_NOTE = ("disburse_oncall_pengyu: 今早退回的借款全是放到 II类户 的、金额都超过 1 万；已通知客户改绑 I 类卡后重新放款")

# --- (3) one node's RAID cache in write-through during a BBU learn cycle ---------------------------------------
BAD_NODE = "rx-k8s-node-06"
BBU_START = ("megaraid_sas 0000:3b:00.0: BBU learn cycle started (scheduled, every 28 days); VD 0 (RAID1, /data) cache policy "
             "WriteBack -> WriteThrough until the learn cycle completes")
BBU_PROGRESS = "storcli: /c0/bbu learn cycle in progress, relative charge {c}%, VD 0 current cache policy WriteThrough"
DISK_SLOW = "node-exporter: sdb (VD 0, /data) write await {ms} ms, {w} writes/s, util {u}%"
STRATEGY_DECOY = ("strategy STR-2027-05-v2 published by strategy_ops_liwen (C 段 cutoff 600 -> 605, 新增 2 条多头规则); "
                  "champion 100%")
SLOW = ("application {ap} strategy {sv} exceeded budget 300ms (took {ms}ms; audit log append {al}ms on "
        "/data/audit/decision-audit.log) -> fallback MANUAL_REVIEW")
DECISION_NOTE = "decision_oncall_moyu: 八点前后开始一部分决策超时转人工审核，超时的请求都来自 rx-decision 的两个 Pod，CPU 很低"

# --- (4) a fraud ring's script on the application API ------------------------------------------------------------
SCRIPT_IP = "103.151.44"
SCRIPT_UA = "okhttp/3.12.1"
SCRIPT_DEVICE = "dfp-7c1e09ab"
SCRIPT_REQ = ("POST /api/v3/apply 202 from {ip} ua=" + SCRIPT_UA + " device=" + SCRIPT_DEVICE + " id=44{d}********{x} "
              "mobile=1{m}****{n} amount=20000 took={ms}ms")
POOL_FULL = "apply-submit pool saturated: active 200/200, queue {q}/2000, rejected {r} in last 10s"
APP_SUBMIT_TIMEOUT = ("POST /api/v3/loan/apply customer {c}: rx-apply timed out after 8000 ms, shown 提交超时，请稍后重试")
APPLY_DECOY = _cfg("rx-apply", "apply.ocr.timeout-ms", "3000", "5000", "apply_dev_sunhe")
SCRIPT_BLOCK = ("antifraud_oncall_qiaoyu: 103.151.44.0/24、设备 dfp-7c1e09ab 的申请全是冒用身份证的脚本 (okhttp/3.12.1)，"
                "已在网关封禁并加入设备黑名单 (RISK-0510-02)")
SCRIPT_PEAK = 1318
SCRIPT_ALERT = "86 次/分钟"

# --- (5) an ID card valid 长期 that the expiry check cannot parse -------------------------------------------------
MIGRATION = ("customer profile migration CUST-MIG-0509 by data_ops_guoqiang: 2,418,306 profiles moved to cust_profile_v2; "
             "id_valid_to now stored as printed on the ID card back (v1: normalised date)")
EXPIRY_JOB = ("id-expiry-check 2027-05-10: 3,912,440 active lines checked; 6,214 lines frozen (reason ID_EXPIRED); "
              "6,214 id_valid_to values unparseable, treated as expired")
PARSE_FAIL = ("id-expiry-check customer {c}: java.time.format.DateTimeParseException: Text '长期' could not be parsed at "
              "index 0 -> line frozen ID_EXPIRED")
FROZEN = ("POST /limit/use customer {c} ¥{amt:,}: LIMIT_FROZEN reason=ID_EXPIRED (id_valid_to=长期, frozen 2027-05-10 "
          "02:{mm:02d} by id-expiry-check), borrow refused")
LIMIT_DEPLOY = _deploy("rx-limit", "4.6.0", "4.5.3", 7698, "额度流水分表, 临额到期提醒")
LIMIT_DECOY = _cfg("rx-limit", "limit.query.cache-ttl-sec", "30", "60", "limit_dev_caoyi")
MIGRATION_PATCH = "CUST-MIG-0509 patch by data_ops_guoqiang: id_valid_to '长期' -> 2099-12-31 for 6,214 profiles"
UNFREEZE = "limit_ops_xuning: unfroze 6,214 lines frozen ID_EXPIRED by id-expiry-check 2027-05-10 (LIM-0510-01)"
LIMIT_NOTE = "limit_oncall_baiyun: 被冻结的客户都是 40 多岁以上的，身份证有效期是长期"

# --- (6) an accounting period closed under April's exception file ---------------------------------------------------
PERIOD_CLOSE = ("accounting period 2027-04 closed by fin_ops_tangli (月结关账): postings with value date <= 2027-04-30 "
                "are no longer accepted")
EXC_FILE = ("channel 通汇支付 exception file TH-ERR-202704 processed: 1,318 refunds of duplicate debits (value dates "
            "2027-04-26..2027-04-30) -> repay.refund events")
REJECTED = ("posting {ev} refund loan {ln} ¥{amt:.2f} value date 2027-04-{d}: rejected PERIOD_CLOSED (accounting period "
            "2027-04 closed), sent to ledger.posting.dlq")
PERIOD_OPEN = ("fin_ops_tangli: 2027-04 期间临时开放跨期调整入账 (ADJ-0510)，只接受 repay.refund")
DLQ_REPLAY = "ledger.posting.dlq replayed: 1,318 refund postings posted to 2027-04 (adjustment ADJ-0510), 0 rejected"
LEDGER_DEPLOY = _deploy("rx-ledger", "2.14.0", "2.13.6", 7703, "科目余额表导出, 计提日志")

# --- (7) the reminder audience taken before the auto-debit ------------------------------------------------------------
SNAPSHOT_EARLY = _cfg("rx-collection", "collection.audience.snapshot-at", "10:00", "06:00", "col_ops_fangjie",
                      "COL-0509 提前触达")
SNAPSHOT_BACK = _cfg("rx-collection", "collection.audience.snapshot-at", "06:00", "10:00", "col_ops_fangjie")
SNAPSHOT = "audience snapshot AUD-20270510 taken at 06:00:00: 214,608 loans due 2027-05-10 unpaid"
DEBIT_BATCH = "auto-debit batch AD-20270510-1 started: 214,530 instalments due 2027-05-10, parallelism {p}"
DEBIT_DONE = ("auto-debit batch AD-20270510-1 finished: 171,203 succeeded, 36,904 insufficient funds, 6,423 refused or "
              "failed")
REMINDER_BATCH = ("reminder batch RB-20270510-0830 (T0 到期未还提醒, template SMS-T0-02) sent to 214,608 customers of "
                  "AUD-20270510")
COMPLAINT = "complaint {cp} customer {c}: 收到到期未还提醒，但今天 {clock} 已代扣成功 (loan {ln})"
COLLECTION_DECOY = _cfg("rx-collection", "collection.dialer.max-concurrency", "80", "120", "col_ops_fangjie")
REMINDER_PAUSE = ("col_ops_fangjie: 暂停 T0 提醒；快照 AUD-20270510 在 06:00 代扣之前拍的，171,203 位已代扣成功的客户也收到了提醒，"
                  "发致歉短信")

# --- (8) a forced upgrade to a version one store has not published ------------------------------------------------------
FORCE = _cfg("rx-app-api", "app.min-version.android", "5.1.0", "5.2.0", "app_ops_wanglei", "REL-0510 强制升级")
UNFORCE = _cfg("rx-app-api", "app.min-version.android", "5.2.0", "5.1.0", "app_ops_wanglei")
STORES = ("app store status android 5.2.0 (submitted 2027-05-09 18:00): xiaomi=ONLINE oppo=ONLINE vivo=ONLINE "
          "honor=ONLINE huawei=IN_REVIEW")
UPGRADE = ("GET /api/v3/home 426 UPGRADE_REQUIRED customer {c} android {v} channel={ch} < app.min-version.android 5.2.0, "
           "upgrade dialog shown")
UPGRADE_NOTE = ("app_oncall_jiangtao: 华为应用市场 5.2.0 还在审核中，华为渠道的用户点升级找不到新版本，只能卸载；小米、OPPO、vivo "
                "已上架")
APP_DEPLOY = _deploy("rx-app-api", "8.3.0", "8.2.4", 7695, "借款页改版, 消息中心分页")

# --- (9) a bloom filter sized for a million holding 2.6 million ------------------------------------------------------------
ALLIANCE = ("blacklist import ALLIANCE-202705 (行业共享黑名单 2027-05) by risk_data_zhaoxin: +1,706,552 entries merged into "
            "bl_id_hash; total 2,611,907 (was 905,355)")
BLOOM_BUILD = ("blacklist bloom filter rebuilt from bl_id_hash: 2,611,907 entries, expectedInsertions=1,000,000, fpp=0.001 "
               "(configured); expectedFpp()=0.170")
BLOOM_HIT = ("application {ap} customer {c}: BLACKLIST_HIT (bloom filter bl_id_hash; exact list lookup skipped on bloom hit) "
             "-> REJECT")
BLOOM_CFG = _cfg("rx-antifraud", "antifraud.blacklist.bloom.expected-insertions", "1000000", "5000000", "antifraud_dev_yexin")
BLOOM_FIX = ("blacklist bloom filter rebuilt from bl_id_hash: 2,611,907 entries, expectedInsertions=5,000,000, fpp=0.001 "
             "(configured); expectedFpp()=0.0000069")
BLOOM_NOTE = "antifraud_oncall_qiaoyu: 抽查 50 个命中黑名单被拒的客户，精确名单里一个都查不到"
ANTIFRAUD_DEPLOY = _deploy("rx-antifraud", "3.8.1", "3.8.0", 7700, "设备指纹 SDK 升级, 规则命中日志")
REJECT_PEAK = 23.6
REJECT_ALERT = "12.4%"

# --- (10) a card BIN table calling two debit BINs credit ---------------------------------------------------------------------
BIN_SYNC = "card BIN table sync from 通汇支付: version TH-BIN-20270510, 4,126 BINs (+3 added, 2 changed)"
BIN_REFUSED = ("debit {ln} instalment ¥{amt:,.2f} card {bin}******{n} (平安银行): refused before channel, CARD_TYPE_CREDIT "
               "(cardbin {bin} type CREDIT in TH-BIN-20270510) — 信用卡不得用于偿还贷款")
REPAY_DECOY = _cfg("rx-repay", "repay.batch.parallelism", "16", "24", "repay_dev_yuhang")
RETRY_BATCH = "auto-debit retry batch AD-20270510-2 started: 43,327 instalments not yet paid"
RETRY_DONE = "auto-debit retry batch AD-20270510-2 finished: 8,912 succeeded, 34,415 refused or failed"
BIN_NOTE = ("repay_oncall_dengke: 平安银行 622155、622156 开头的借记卡全被判成信用卡，BIN 表是通汇凌晨推来的；已联系通汇核实，"
            "修正前让客户换卡主动还款")
FAIL_PEAK = 17.3
FAIL_ALERT = "8.1%"

# --- healthy services' changes -----------------------------------------------------------------------------------------------------
BUREAU_DECOY = _cfg("rx-bureau", "bureau.baihang.timeout-ms", "3000", "2500", "bureau_dev_shiyu")
CONTRACT_DEPLOY = _deploy("rx-contract", "3.2.0", "3.1.9", 7690, "借款合同模板 2027 版, 签章日志")

# --- pods, nodes ---------------------------------------------------------------------------------------------------------------------
ROLLOUTS: dict[str, list[tuple[dt.datetime, tuple[str, ...]]]] = {
    "rx-app-api": [(START, pod_names("rx-app-api", "8.2.4", 6)), (_t("00:41:00"), pod_names("rx-app-api", "8.3.0", 6))],
    "rx-apply": [(START, pod_names("rx-apply", "6.4.2", 4))],
    "rx-antifraud": [(START, pod_names("rx-antifraud", "3.8.0", 4)), (_t("01:11:00"), pod_names("rx-antifraud", "3.8.1", 4))],
    "rx-decision": [(START, pod_names("rx-decision", "7.1.5", 6))],
    "rx-bureau": [(START, pod_names("rx-bureau", "2.9.3", 2))],
    "rx-limit": [(START, pod_names("rx-limit", "4.5.3", 4)), (_t("01:31:00"), pod_names("rx-limit", "4.6.0", 4))],
    "rx-disburse": [(START, pod_names("rx-disburse", "5.7.1", 4)), (_t("06:41:00"), pod_names("rx-disburse", "5.7.2", 4))],
    "rx-repay": [(START, pod_names("rx-repay", "3.11.0", 4))],
    "rx-collection": [(START, pod_names("rx-collection", "2.6.1", 2))],
    "rx-contract": [(START, pod_names("rx-contract", "3.1.9", 2)), (_t("00:21:00"), pod_names("rx-contract", "3.2.0", 2))],
    "rx-ledger": [(START, pod_names("rx-ledger", "2.13.6", 2)), (_t("01:01:00"), pod_names("rx-ledger", "2.14.0", 2))],
}
DECISION_PODS = ROLLOUTS["rx-decision"][0][1]
#: The decision pods run on the nodes with a RAID1 /data for the audit log: two on each of node-04, 05 and 06.
AUDIT_NODES = ("rx-k8s-node-04", "rx-k8s-node-05", BAD_NODE)
ON_BAD_NODE = DECISION_PODS[4:6]
GENERAL_NODES = ("rx-k8s-node-01", "rx-k8s-node-02", "rx-k8s-node-03", "rx-k8s-node-07", "rx-k8s-node-08")
NODES = sorted((*GENERAL_NODES, *AUDIT_NODES))
INSTANCES: dict[str, list[str]] = {service: list(steps[-1][1]) for service, steps in ROLLOUTS.items()} | {
    "rx-k8s-node": NODES}


def node_of(pod: str) -> str:
    if pod in DECISION_PODS:
        return AUDIT_NODES[DECISION_PODS.index(pod) // 2]
    return GENERAL_NODES[int(hashlib.sha256(pod.encode()).hexdigest(), 16) % len(GENERAL_NODES)]


SERVICES: list[Json] = [
    {"name": "rx-app-api", "aliases": ["App", "App 后端", "融信借钱", "融信借钱 App", "客户端"],
     "description": "融信借钱 App 后端（6 个副本）：登录、首页、绑卡、借款申请入口、还款入口；按 app.min-version.android / ios "
                    "强制升级；绑卡规则 bindcard.allow-account-class。申请提交转给 rx-apply。"},
    {"name": "rx-apply", "aliases": ["进件", "申请", "借款申请", "授信申请", "进件服务"],
     "description": "进件（4 个副本）：App 与开放接口的授信、借款申请共用提交线程池 apply-submit（200 线程，队列 2000）；"
                    "依次调 rx-antifraud、rx-bureau、rx-decision；客户资料（cust_profile）也在这里。"},
    {"name": "rx-antifraud", "aliases": ["反欺诈", "风控反欺诈", "黑名单", "反欺诈服务"],
     "description": "反欺诈（4 个副本）：设备指纹、黑名单（自有与行业共享名单，按身份证号哈希存于 bl_id_hash，每晚 03:00 "
                    "重建 bloom filter 供申请时快速判断）、多头与关联规则。"},
    {"name": "rx-decision", "aliases": ["决策引擎", "决策", "评分", "授信评分", "策略", "审批"],
     "description": "决策引擎（6 个副本，HPA 6–10）：执行授信策略与评分卡、定价，单次预算 300 ms，超时转人工审核 "
                    "MANUAL_REVIEW；每次决策同步写审计日志（监管留痕）到节点本地 RAID1 卷 hostPath /data/audit，故只调度到有该卷"
                    "的 rx-k8s-node-04/05/06。"},
    {"name": "rx-bureau", "aliases": ["征信", "征信查询", "人行征信", "百行", "征信服务"],
     "description": "征信查询（2 个副本）：经人行征信前置机与百行征信接口查询个人信用报告，报告缓存 30 天。"},
    {"name": "rx-limit", "aliases": ["额度", "额度管理", "额度服务", "授信额度"],
     "description": "额度管理（4 个副本）：循环额度的占用、释放、冻结；单笔借款上限 limit.loan.single-max；每晚 02:00 "
                    "id-expiry-check 按客户资料 id_valid_to 冻结证件过期客户的额度。"},
    {"name": "rx-disburse", "aliases": ["放款", "放款服务", "出款", "资方放款"],
     "description": "放款（4 个副本）：借款经合作银行 锦江银行（联合贷资方）放到客户绑定的银行卡；银行按金额路由：5 万以下走"
                    "小额/超级网银，5 万以上走大额支付系统。放款中超过 30 分钟的借款会告警。"},
    {"name": "rx-repay", "aliases": ["还款", "代扣", "自动扣款", "还款服务"],
     "description": "还款（4 个副本）：每天 06:00 自动代扣批（AD-yyyymmdd-1），10:00 重试批，经 通汇支付 扣款；按 通汇 每晚推送"
                    "的卡 BIN 表识别卡类型，信用卡不得用于还款；App 主动还款；处理通汇的差错与退款文件。"},
    {"name": "rx-collection", "aliases": ["催收", "提醒", "还款提醒", "催收提醒", "贷后"],
     "description": "催收与提醒（2 个副本）：按人群快照（collection.audience.snapshot-at）发到期提醒、逾期提醒短信与外呼。"},
    {"name": "rx-contract", "aliases": ["合同", "电子合同", "签约", "合同服务"],
     "description": "合同（2 个副本）：生成借款合同与征信授权书，调用电子签章，归档。"},
    {"name": "rx-ledger", "aliases": ["账务", "账务核算", "核算", "总账", "记账"],
     "description": "会计核算（2 个副本）：消费 repay/disburse 的事件入账，按会计期间记账，日终计提；关账后的期间不再接受记账。"},
    {"name": "rx-k8s-node", "aliases": ["K8s 节点", "节点", "工作节点", "服务器"],
     "description": "集群 rx-prod 的节点：rx-k8s-node-01..08（自建机房物理机）；node-04/05/06 有本地 RAID1 /data 卷给决策审计日志。"},
]

WINDOWS = {
    "hvps": (_y("19:05"), _y("21:10:10")),
    "class2": (_t("07:05"), _t("09:35:10")),
    "bbu": (_t("07:48"), REFERENCE),
    "script": (_t("10:05"), _t("10:48:10")),
    "idexp": (_t("07:00"), _t("09:50:10")),
    "period": (_t("09:10:40"), _t("10:40:10")),
    "snapshot": (_t("08:30"), _t("09:55:10")),
    "upgrade": (_t("09:00:11"), _t("10:15:10")),
    "bloom": (_t("07:00"), _t("10:27:40")),
    "bin": (_t("06:00"), REFERENCE),
}


def _inside(window: str, t: dt.datetime) -> bool:
    a, b = WINDOWS[window]
    return a <= t < b


def _day(t: dt.datetime) -> bool:
    """Waking hours, when customers borrow and repay."""
    clock = t.timetz().replace(tzinfo=None)
    return dt.time(7, 0) <= clock or clock < dt.time(0, 30)


# --- Business vocabulary -------------------------------------------------------------------------------------------------------
Line = tuple[str, str, dict[str, Any]]
BANKS = ("工商银行", "建设银行", "农业银行", "招商银行", "中国银行", "交通银行", "平安银行", "邮储银行")
CHANNELS = ("huawei", "xiaomi", "oppo", "vivo", "honor", "appstore")


def _cust(w: WorldBuilder) -> str:
    return f"C{w.rng.randint(10**9, 10**10 - 1)}"


def _loan(w: WorldBuilder) -> str:
    return f"LN2027{w.rng.randint(10**9, 10**10 - 1)}"


def _app_id(w: WorldBuilder) -> str:
    return f"AP{w.rng.randint(10**10, 10**11 - 1)}"


def _card(w: WorldBuilder) -> str:
    return f"{w.rng.choice(('6222', '6217', '6228', '6214', '6225'))}****{w.rng.randint(1000, 9999)}"


def _pod(w: WorldBuilder, service: str, t: dt.datetime) -> str:
    pods = ROLLOUTS[service][0][1]
    for moment, step in ROLLOUTS[service]:
        if moment <= t:
            pods = step
    return w.rng.choice(pods)


def _every(w: WorldBuilder, start: str | dt.datetime, end: str | dt.datetime, low: int, high: int) -> list[dt.datetime]:
    moment = start if isinstance(start, dt.datetime) else w.at(start)
    stop = end if isinstance(end, dt.datetime) else w.at(end)
    out = []
    while moment < stop:
        out.append(moment)
        moment += dt.timedelta(seconds=w.rng.randint(low, high), milliseconds=w.rng.randint(0, 999))
    return out


def _ops(w: WorldBuilder, moment: str | dt.datetime, service: str, message: str, **attributes: Any) -> None:
    """An on-call engineer's note in the service's channel (the ops console relays it to the logs)."""
    w.log(moment if isinstance(moment, dt.datetime) else w.at(moment), service, "INFO", message, instance="ops-console",
          trace=False, **attributes)


def _rolled(w: WorldBuilder, service: str, step: int, started: str) -> None:
    at = ROLLOUTS[service][step][0]
    for index, new in enumerate(ROLLOUTS[service][step][1]):
        w.log(at + dt.timedelta(seconds=20 * index, milliseconds=w.rng.randint(0, 999)), service, "INFO",
              started.format(s=w.rng.randint(80, 260) / 10), instance=new, trace=False)


# --- Noise: every service's ordinary day ------------------------------------------------------------------------------------------
def _app(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "rx-app-api", t)
    roll = w.rng.random()
    if roll < 0.35:
        return "INFO", f"GET /api/v3/home 200 customer {_cust(w)} took={w.ms(12, 60)}ms", {"instance": pod, "log_type": "access"}
    if roll < 0.55:
        return "INFO", f"GET /api/v3/bills 200 customer {_cust(w)} items={w.rng.randint(1, 12)} took={w.ms(15, 80)}ms", {
            "instance": pod, "log_type": "access"}
    if roll < 0.7:
        return "INFO", (f"login ok customer {_cust(w)} ({w.rng.choice(['android 5.1.3', 'android 5.1.0', 'ios 5.1.3'])}, "
                        f"channel={w.rng.choice(CHANNELS)})"), {"instance": pod}
    if roll < 0.82:
        return "INFO", f"bind card ok customer {_cust(w)}: {w.rng.choice(BANKS)} {_card(w)} account class I", {"instance": pod}
    if roll < 0.99:
        return "WARN", f"push token invalid for customer {_cust(w)}, removed", {"instance": pod}
    return "WARN", f"face liveness retry for customer {_cust(w)}: 光线不足, attempt 2/3", {"instance": pod}


def _apply(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "rx-apply", t)
    roll = w.rng.random()
    if _inside("script", t) and roll < 0.5:
        return "WARN", POOL_FULL.format(q=w.rng.randint(1900, 2000), r=w.rng.randint(300, 1400)), {"instance": pod}
    if roll < 0.5:
        return "INFO", (f"application {_app_id(w)} customer {_cust(w)} submitted (App, amount {w.rng.choice([3000, 5000, 8000, 10000, 20000])}) "
                        f"took={w.ms(120, 600)}ms"), {"instance": pod, "log_type": "access"}
    if roll < 0.8:
        return "INFO", f"apply-submit pool: active {w.rng.randint(4, 40)}/200, queue 0/2000", {"instance": pod}
    if roll < 0.97:
        return "INFO", f"ocr id card front ok for customer {_cust(w)} took={w.ms(300, 1400)}ms", {"instance": pod}
    return "WARN", f"ocr id card back blurred for customer {_cust(w)}, asked to retake", {"instance": pod}


def _antifraud(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "rx-antifraud", t)
    roll = w.rng.random()
    if roll < 0.55:
        return "INFO", f"application {_app_id(w)} customer {_cust(w)}: rules 112 evaluated, hits 0 -> PASS took={w.ms(20, 90)}ms", {
            "instance": pod}
    if roll < 0.88:
        return "INFO", f"device fingerprint ok for customer {_cust(w)} (risk score {w.rng.randint(2, 30)})", {"instance": pod}
    if roll < 0.97:
        return "WARN", f"application {_app_id(w)} customer {_cust(w)}: MULTI_APPLY 5 platforms in 7 days -> REJECT", {
            "instance": pod}
    return "WARN", f"application {_app_id(w)} customer {_cust(w)}: EMULATOR device suspected -> REJECT", {"instance": pod}


def _decision(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "rx-decision", t)
    version = "STR-2027-05-v1" if t < _t("07:30:10") else "STR-2027-05-v2"
    if _inside("bbu", t) and pod in ON_BAD_NODE and _day(t):
        al = w.rng.randint(150, 400)
        return "WARN", SLOW.format(ap=_app_id(w), sv=version, ms=al + w.rng.randint(160, 240), al=al), {"instance": pod}
    roll = w.rng.random()
    if roll < 0.6:
        return "INFO", (f"application {_app_id(w)} strategy {version} decision {w.rng.choice(['APPROVE', 'APPROVE', 'REJECT'])} "
                        f"score {w.rng.randint(520, 760)} took={w.ms(60, 180)}ms (audit log append {w.ms(1, 4)}ms)"), {
            "instance": pod}
    if roll < 0.9:
        return "INFO", f"scorecard model xgb-v7 loaded, features cache hit {w.rng.randint(96, 99)}%", {"instance": pod}
    return "WARN", f"feature 运营商在网时长 missing for application {_app_id(w)}, default used", {"instance": pod}


def _bureau(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "rx-bureau", t)
    roll = w.rng.random()
    if roll < 0.5:
        return "INFO", (f"人行征信 query ok customer {_cust(w)} (reason 01 贷款审批, report 二代) took={w.ms(380, 1200)}ms"), {
            "instance": pod}
    if roll < 0.75:
        return "INFO", f"百行征信 query ok customer {_cust(w)} took={w.ms(150, 700)}ms", {"instance": pod}
    if roll < 0.95:
        return "INFO", f"report cache hit customer {_cust(w)} (report age {w.rng.randint(1, 29)} days)", {"instance": pod}
    return "WARN", f"人行征信 query customer {_cust(w)}: 无征信记录 (白户), decision continues without report", {"instance": pod}


def _limit(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "rx-limit", t)
    roll = w.rng.random()
    if roll < 0.5 and _day(t):
        return "INFO", f"POST /limit/use customer {_cust(w)} ¥{w.rng.choice([2000, 3000, 5000, 8000, 12000]):,} ok, available left ¥{w.rng.randint(0, 40) * 1000:,}", {
            "instance": pod}
    if roll < 0.8:
        return "INFO", f"GET /limit/detail customer {_cust(w)} 200 took={w.ms(3, 20)}ms", {"instance": pod, "log_type": "access"}
    if roll < 0.97:
        return "INFO", f"POST /limit/release loan {_loan(w)} repaid, ¥{w.rng.randint(5, 200) * 100:,} restored", {"instance": pod}
    return "WARN", f"POST /limit/use customer {_cust(w)}: insufficient available limit, refused", {"instance": pod}


def _disburse(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "rx-disburse", t)
    roll = w.rng.random()
    if roll < 0.6 and _day(t):
        return "INFO", (f"loan {_loan(w)} ¥{w.rng.choice([2000, 3000, 5000, 8000, 9000]):,.2f} to {w.rng.choice(BANKS)} "
                        f"{_card(w)}: 锦江银行 callback SUCCESS took={w.rng.randint(8, 90)}s"), {"instance": pod}
    if roll < 0.85:
        return "INFO", f"funder quota 锦江银行 today used ¥{w.rng.randint(20, 380)},{w.rng.randint(100, 999)},000 of ¥600,000,000", {
            "instance": pod}
    if roll < 0.98:
        return "INFO", f"callback poll: {w.rng.randint(0, 12)} loans in flight", {"instance": pod}
    return "WARN", f"loan {_loan(w)}: 锦江银行 callback late {w.rng.randint(60, 240)}s, polled", {"instance": pod}


def _repay(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "rx-repay", t)
    roll = w.rng.random()
    bank = w.rng.choice([b for b in BANKS if b != "平安银行"])
    if roll < 0.55 and _day(t):
        return "INFO", (f"App repayment loan {_loan(w)} ¥{w.rng.randint(300, 4000):,}.00 via 通汇支付 {bank} {_card(w)} "
                        f"SUCCESS took={w.ms(300, 1500)}ms"), {"instance": pod}
    if roll < 0.8:
        return "INFO", f"通汇支付 notify ok, {w.rng.randint(1, 60)} results", {"instance": pod}
    if roll < 0.96:
        return "WARN", f"App repayment loan {_loan(w)} via 通汇支付 {bank}: 余额不足 (resp 3012)", {"instance": pod}
    return "WARN", f"通汇支付 notify signature retry for batch N{w.rng.randint(10**5, 10**6 - 1)}", {"instance": pod}


def _collection(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "rx-collection", t)
    roll = w.rng.random()
    if roll < 0.5:
        return "INFO", f"dialer: M1 case {_loan(w)} call connected, duration {w.rng.randint(20, 240)}s", {"instance": pod}
    if roll < 0.8:
        return "INFO", f"reminder T-3 sent to customer {_cust(w)} (template SMS-T3-01)", {"instance": pod}
    return "WARN", f"dialer: case {_loan(w)} number unreachable (空号), marked for repair", {"instance": pod}


def _contract(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "rx-contract", t)
    roll = w.rng.random()
    if roll < 0.55:
        return "INFO", f"contract CT{w.rng.randint(10**9, 10**10 - 1)} generated and signed for loan {_loan(w)} took={w.ms(200, 900)}ms", {
            "instance": pod}
    if roll < 0.8:
        return "INFO", f"征信授权书 signed for customer {_cust(w)}", {"instance": pod}
    if roll < 0.95:
        return "INFO", f"archive batch: {w.rng.randint(100, 900)} contracts to OSS", {"instance": pod}
    return "WARN", f"e-seal signing slow {w.ms(1200, 2400)}ms for loan {_loan(w)}, within timeout", {"instance": pod}


def _ledger(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "rx-ledger", t)
    roll = w.rng.random()
    if roll < 0.6:
        return "INFO", (f"posted {w.rng.choice(['repay.success', 'disburse.success', 'repay.success'])} batch of "
                        f"{w.rng.randint(20, 600)} events, period 2027-05"), {"instance": pod}
    if roll < 0.9:
        return "INFO", f"consumer ledger-posting lag {w.rng.randint(0, 300)}", {"instance": pod}
    return "WARN", f"posting retry on optimistic lock, account 1122-{w.rng.randint(1000, 9999)}", {"instance": pod}


def _node(w: WorldBuilder, t: dt.datetime) -> Line:
    node = w.rng.choice(NODES)
    if w.rng.random() < 0.6:
        return "INFO", f"kubelet: image garbage collection: usage {w.rng.randint(20, 60)}% below threshold 80%", {"instance": node}
    return "INFO", f"chronyd: selected source ntp.rongxin.local, offset {w.rng.uniform(-0.4, 0.4):.3f}ms", {"instance": node}


NOISE = {
    "rx-app-api": (_app, 30), "rx-apply": (_apply, 45), "rx-antifraud": (_antifraud, 60), "rx-decision": (_decision, 30),
    "rx-bureau": (_bureau, 70), "rx-limit": (_limit, 50), "rx-disburse": (_disburse, 60), "rx-repay": (_repay, 50),
    "rx-collection": (_collection, 120), "rx-contract": (_contract, 90), "rx-ledger": (_ledger, 150),
    "rx-k8s-node": (_node, 600),
}


# --- Incident 1: HVPS closed on a Sunday evening --------------------------------------------------------------------------------
PROCESSING_SERIES: Keyframes = [(START, 2), (_y("19:05"), 2), (_y("19:40"), 118), (_y("20:30"), 246), (_y("21:10"), HVPS_LOANS),
                                (_t("08:30"), HVPS_LOANS), (_t("08:41"), 0), (REFERENCE, 1)]


def hvps(w: WorldBuilder) -> None:
    limit, disburse = "rx-limit", "rx-disburse"
    pods = ROLLOUTS[disburse][0][1]
    w.log(_y("18:30:10.118"), disburse, "INFO", DISBURSE_DECOY, instance=pods[0], change="config")
    w.log(_y("19:00:05.204"), limit, "INFO", SINGLE_MAX_UP, instance=ROLLOUTS[limit][0][1][0], change="config")
    loans: list[tuple[str, float, dt.datetime]] = []
    for moment in _every(w, _y("19:05"), _y("21:10"), 16, 32):
        amount = float(w.rng.choice((52000, 55000, 60000, 68000, 70000, 75000, 80000)))
        ln = _loan(w)
        w.log(moment, disburse, "WARN", PROCESSING.format(ln=ln, amt=amount, bank=w.rng.choice(BANKS), card=_card(w)),
              instance=w.rng.choice(pods))
        loans.append((ln, amount, moment))
    _ops(w, _y("20:20:30.441"), disburse, HVPS_NOTE)
    w.log(_y("21:10:05.330"), limit, "INFO", SINGLE_MAX_DOWN, instance=ROLLOUTS[limit][0][1][1], change="config")
    for index, (ln, amount, since) in enumerate(loans):
        credited = _t("08:30:20") + dt.timedelta(seconds=(600 * index) // max(len(loans), 1), milliseconds=w.rng.randint(0, 999))
        waited = credited - since
        w.log(credited, disburse, "INFO", CREDITED.format(ln=ln, amt=amount, clock=f"{credited:%H:%M:%S}",
                                                         h=waited.seconds // 3600, m=waited.seconds % 3600 // 60),
              instance=_pod(w, disburse, credited))
    w.alert("DisburseProcessingStuck", disburse, "warning", _y("19:40"), _t("08:45"), "45 笔",
            "放款中超过 30 分钟的借款 45 笔，超过阈值 30", namespace=NS)


# --- Incident 2: class-II accounts -------------------------------------------------------------------------------------------------
REFUND_SERIES: Keyframes = [(START, 0), (_t("07:05"), 0), (_t("07:40"), 14), (_t("08:30"), 26), (_t("09:10"), 21),
                            (_t("09:35"), 12), (_t("09:40"), 0), (REFERENCE, 0)]


def class_two(w: WorldBuilder) -> None:
    app, disburse = "rx-app-api", "rx-disburse"
    w.log(_y("16:10:20.118"), app, "INFO", CLASS_OPEN, instance=ROLLOUTS[app][0][1][0], change="config")
    for moment in _every(w, _y("16:15"), _t("09:35"), 300, 900):
        if _day(moment):
            w.log(moment, app, "INFO", BIND_II.format(c=_cust(w), bank=w.rng.choice(BANKS), card=_card(w)),
                  instance=_pod(w, app, moment))
    w.log(_t("06:40:10.204"), disburse, "INFO", DISBURSE_DEPLOY, instance=ROLLOUTS[disburse][1][1][0], change="deploy")
    _rolled(w, disburse, 1, "DisburseApplication 5.7.2 started in {s} seconds")
    for moment in _every(w, WINDOWS["class2"][0], _t("09:35"), 25, 70):
        amount = float(w.rng.choice((12000, 15000, 18000, 20000, 25000, 30000)))
        w.log(moment, disburse, "WARN", REFUNDED.format(ln=_loan(w), amt=amount, bank=w.rng.choice(BANKS), card=_card(w)),
              instance=_pod(w, disburse, moment))
    _ops(w, "09:20:40.330", disburse, CLASS_NOTE)
    w.log(_t("09:35:10.441"), app, "INFO", CLASS_CLOSE, instance=ROLLOUTS[app][1][1][1], change="config")
    w.alert("DisburseRefundHigh", disburse, "warning", _t("07:40"), _t("09:50"), "14 笔/10分钟",
            "放款退回 14 笔/10分钟，超过阈值 10", namespace=NS)


# --- Incident 3: node-06's BBU learn cycle ------------------------------------------------------------------------------------------
TIMEOUT_SERIES: Keyframes = [(START, 0.1), (_t("07:48"), 0.1), (_t("07:55"), 9.8), (_t("08:30"), 29.0), (_t("09:30"), 31.0),
                             (_t("10:30"), 30.0), (REFERENCE, 28.0)]


def bbu(w: WorldBuilder) -> None:
    node, decision = "rx-k8s-node", "rx-decision"
    w.log(_t("07:30:10.118"), decision, "INFO", STRATEGY_DECOY, instance=DECISION_PODS[0], change="config")
    w.log(_t("07:48:02.204"), node, "WARN", BBU_START, instance=BAD_NODE, trace=False)
    for index, moment in enumerate(_every(w, "08:00:00", REFERENCE, 1500, 1900)):
        w.log(moment, node, "INFO", BBU_PROGRESS.format(c=max(98 - 9 * index, 20)), instance=BAD_NODE, trace=False)
    for moment in _every(w, "07:49:00", REFERENCE, 240, 420):
        w.log(moment, node, "WARN", DISK_SLOW.format(ms=w.rng.randint(140, 420), w=w.rng.randint(300, 900),
                                                    u=w.rng.randint(92, 100)), instance=BAD_NODE, trace=False)
    for moment in _every(w, "08:00:00", REFERENCE, 900, 1500):
        good = w.rng.choice(AUDIT_NODES[:2])
        w.log(moment, node, "INFO", DISK_SLOW.format(ms=w.rng.randint(1, 3), w=w.rng.randint(300, 900), u=w.rng.randint(8, 20)),
              instance=good, trace=False)
    _ops(w, "08:40:20.330", decision, DECISION_NOTE)
    w.alert("DecisionTimeoutHigh", decision, "warning", _t("07:55"), None, "9.8%", "决策超时转人工 9.8%，超过阈值 5%",
            namespace=NS)


# --- Incident 4: the fraud ring's script ----------------------------------------------------------------------------------------------
SUBMIT_SERIES: Keyframes = [(START, 42), (_y("23:30"), 18), (_t("03:00"), 4), (_t("08:00"), 46), (_t("10:04"), 52),
                            (_t("10:06"), 980), (_t("10:30"), 1190), (_t("10:31"), SCRIPT_PEAK), (_t("10:32"), 1176),
                            (_t("10:47"), 1120), (_t("10:49"), 64), (REFERENCE, 55)]


def script(w: WorldBuilder) -> None:
    apply, app = "rx-apply", "rx-app-api"
    pods = ROLLOUTS[apply][0][1]
    w.log(_t("09:55:10.118"), apply, "INFO", APPLY_DECOY, instance=pods[0], change="config")
    for moment in _every(w, "10:05:10", "10:48:00", 4, 12):
        w.log(moment, apply, "INFO", SCRIPT_REQ.format(ip=f"{SCRIPT_IP}.{w.rng.randint(2, 250)}", d=w.rng.randint(1000, 9999),
                                                       x=w.rng.randint(1000, 9999), m=w.rng.choice(('36', '58', '77', '89')),
                                                       n=w.rng.randint(1000, 9999), ms=w.ms(2, 9)),
              instance=w.rng.choice(pods), log_type="access")
    for moment in _every(w, "10:07:00", "10:48:00", 15, 45):
        w.log(moment, app, "WARN", APP_SUBMIT_TIMEOUT.format(c=_cust(w)), instance=_pod(w, app, moment))
    _ops(w, "10:48:10.204", apply, SCRIPT_BLOCK)
    w.alert("ApplySubmitTimeoutHigh", apply, "critical", _t("10:09"), _t("10:55"), SCRIPT_ALERT,
            f"申请提交超时 {SCRIPT_ALERT}，超过阈值 50 次/分钟", namespace=NS)


# --- Incident 5: 长期 ----------------------------------------------------------------------------------------------------------------
REFUSED_SERIES: Keyframes = [(START, 3), (_t("07:00"), 3), (_t("07:25"), 52), (_t("08:30"), 96), (_t("09:30"), 88),
                             (_t("09:50"), 70), (_t("09:55"), 4), (REFERENCE, 3)]


def id_expiry(w: WorldBuilder) -> None:
    apply, limit = "rx-apply", "rx-limit"
    w.log(_y("17:20:10.118"), apply, "INFO", MIGRATION, instance=ROLLOUTS[apply][0][1][1], trace=False, change="data")
    w.log(_t("01:30:10.204"), limit, "INFO", LIMIT_DEPLOY, instance=ROLLOUTS[limit][1][1][0], change="deploy")
    _rolled(w, limit, 1, "LimitApplication 4.6.0 started in {s} seconds")
    for moment in _every(w, "02:00:20", "02:09:00", 40, 110):
        w.log(moment, limit, "WARN", PARSE_FAIL.format(c=_cust(w)), instance="id-expiry-check", trace=False)
    w.log(_t("02:09:40.330"), limit, "INFO", EXPIRY_JOB, instance="id-expiry-check", trace=False, job="id-expiry-check")
    for moment in _every(w, WINDOWS["idexp"][0], _t("09:50"), 20, 60):
        w.log(moment, limit, "WARN", FROZEN.format(c=_cust(w), amt=w.rng.choice((2000, 3000, 5000, 8000)),
                                                  mm=w.rng.randint(0, 9)), instance=_pod(w, limit, moment))
    w.log(_t("08:20:10.441"), limit, "INFO", LIMIT_DECOY, instance=ROLLOUTS[limit][1][1][1], change="config")
    _ops(w, "08:05:30.551", limit, LIMIT_NOTE)
    w.log(_t("09:40:10.118"), apply, "INFO", MIGRATION_PATCH, instance=ROLLOUTS[apply][0][1][1], trace=False, change="data")
    _ops(w, "09:50:10.204", limit, UNFREEZE)
    w.alert("LimitBorrowRefusedHigh", limit, "warning", _t("07:25"), _t("10:00"), "52 次/10分钟",
            "额度冻结拒绝借款 52 次/10分钟，超过阈值 40", namespace=NS)


# --- Incident 6: the closed period -------------------------------------------------------------------------------------------------------
POSTING_SERIES: Keyframes = [(START, 0), (_t("09:10"), 0), (_t("09:14"), 180), (_t("09:40"), 212), (_t("10:35"), 190),
                             (_t("10:40"), 0), (REFERENCE, 0)]


def period_closed(w: WorldBuilder) -> None:
    ledger, repay = "rx-ledger", "rx-repay"
    w.log(_y("20:05:10.118"), ledger, "INFO", PERIOD_CLOSE, instance=ROLLOUTS[ledger][0][1][0], trace=False, change="ops")
    w.log(_t("01:00:10.204"), ledger, "INFO", LEDGER_DEPLOY, instance=ROLLOUTS[ledger][1][1][0], change="deploy")
    _rolled(w, ledger, 1, "LedgerApplication 2.14.0 started in {s} seconds")
    w.log(_t("09:10:30.330"), repay, "INFO", EXC_FILE, instance=ROLLOUTS[repay][0][1][2], trace=False, job="exception-file")
    for moment in _every(w, WINDOWS["period"][0], _t("10:35"), 8, 30):
        w.log(moment, ledger, "ERROR", REJECTED.format(ev=f"EV{w.rng.randint(10**8, 10**9 - 1)}", ln=_loan(w),
                                                      amt=w.rng.randint(300, 5000) + w.rng.randint(0, 99) / 100,
                                                      d=w.rng.randint(26, 30)), instance=_pod(w, ledger, moment))
    _ops(w, "10:35:20.441", ledger, PERIOD_OPEN, change="ops")
    w.log(_t("10:40:05.551"), ledger, "INFO", DLQ_REPLAY, instance=ROLLOUTS[ledger][1][1][1], trace=False)
    w.alert("LedgerPostingFailed", ledger, "warning", _t("09:14"), _t("10:45"), "180 次/10分钟",
            "入账失败 180 次/10分钟，超过阈值 20", namespace=NS)


# --- Incident 7: the reminder audience before the debits ------------------------------------------------------------------------
COMPLAINT_SERIES: Keyframes = [(START, 0), (_t("08:30"), 0), (_t("08:50"), 22), (_t("09:20"), 41), (_t("09:55"), 30),
                               (_t("10:20"), 5), (_t("10:40"), 1), (REFERENCE, 0)]


def snapshot(w: WorldBuilder) -> list[str]:
    coll, repay = "rx-collection", "rx-repay"
    cpods, rpods = ROLLOUTS[coll][0][1], ROLLOUTS[repay][0][1]
    w.log(_y("17:45:10.118"), coll, "INFO", SNAPSHOT_EARLY, instance=cpods[0], change="config")
    w.log(_t("06:00:00.204"), coll, "INFO", SNAPSHOT, instance="audience-snapshot", trace=False, job="audience-snapshot")
    w.log(_t("06:00:05.330"), repay, "INFO", DEBIT_BATCH.format(p=24), instance=rpods[0], trace=False, job="auto-debit")
    debited: list[tuple[str, dt.datetime]] = []
    for moment in _every(w, "06:00:20", "07:41:00", 8, 30):
        ln = _loan(w)
        bank = w.rng.choice([b for b in BANKS if b != "平安银行"])
        w.log(moment, repay, "INFO", f"debit {ln} instalment ¥{w.rng.randint(300, 4000):,}.00 via 通汇支付 {bank} {_card(w)} "
              "SUCCESS", instance=w.rng.choice(rpods))
        debited.append((ln, moment))
    w.log(_t("07:41:20.441"), repay, "INFO", DEBIT_DONE, instance=rpods[0], trace=False, job="auto-debit")
    w.log(_t("08:10:10.551"), coll, "INFO", COLLECTION_DECOY, instance=cpods[1], change="config")
    w.log(_t("08:30:40.118"), coll, "INFO", REMINDER_BATCH, instance=cpods[0], trace=False, job="reminder")
    complained: list[str] = []
    for moment in _every(w, "08:34:00", "09:58:00", 40, 120):
        ln, paid = w.rng.choice(debited)
        w.log(moment, coll, "WARN", COMPLAINT.format(cp=f"CP{w.rng.randint(10**6, 10**7 - 1)}", c=_cust(w),
                                                    clock=f"{paid:%H:%M:%S}", ln=ln), instance=w.rng.choice(cpods))
        complained.append(ln)
    _ops(w, "09:55:10.204", coll, REMINDER_PAUSE)
    w.log(_t("09:55:40.330"), coll, "INFO", SNAPSHOT_BACK, instance=cpods[0], change="config")
    w.alert("ReminderComplaintHigh", coll, "warning", _t("09:05"), _t("10:20"), "31 次/10分钟",
            "提醒类投诉 31 次/10分钟，超过阈值 15", namespace=NS)
    return complained


# --- Incident 8: the forced upgrade --------------------------------------------------------------------------------------------------
UPGRADE_SERIES: Keyframes = [(START, 0), (_t("09:00"), 0), (_t("09:04"), 420), (_t("09:30"), 610), (_t("10:10"), 540),
                             (_t("10:15"), 380), (_t("10:17"), 0), (REFERENCE, 0)]


def force_upgrade(w: WorldBuilder) -> None:
    app = "rx-app-api"
    w.log(_t("00:40:10.118"), app, "INFO", APP_DEPLOY, instance=ROLLOUTS[app][1][1][0], change="deploy")
    _rolled(w, app, 1, "AppApiApplication 8.3.0 started in {s} seconds")
    w.log(_t("08:30:00.204"), app, "INFO", STORES, instance="release-bot", trace=False)
    w.log(_t("09:00:10.330"), app, "INFO", FORCE, instance=ROLLOUTS[app][1][1][2], change="config")
    for moment in _every(w, WINDOWS["upgrade"][0], _t("10:15:00"), 6, 20):
        channel = "huawei" if w.rng.random() < 0.8 else w.rng.choice(CHANNELS[1:5])
        w.log(moment, app, "WARN", UPGRADE.format(c=_cust(w), v=w.rng.choice(("5.1.0", "5.1.3", "5.1.3")), ch=channel),
              instance=_pod(w, app, moment))
    _ops(w, "09:25:30.441", app, UPGRADE_NOTE)
    w.log(WINDOWS["upgrade"][1], app, "INFO", UNFORCE, instance=ROLLOUTS[app][1][1][2], change="config")
    w.alert("AppUpgradeRequiredHigh", app, "warning", _t("09:06"), _t("10:20"), "420 次/分钟",
            "强制升级拦截 420 次/分钟，超过阈值 200", namespace=NS)


# --- Incident 9: the bloom filter ------------------------------------------------------------------------------------------------------
REJECT_SERIES: Keyframes = [(START, 5.8), (_t("07:00"), 6.0), (_t("07:14"), 12.4), (_t("08:00"), 20.6), (_t("08:46"), 21.9),
                            (_t("08:47"), REJECT_PEAK), (_t("08:48"), 21.8), (_t("09:40"), 20.9), (_t("10:26"), 19.8),
                            (_t("10:29"), 6.1), (REFERENCE, 5.9)]


def bloom(w: WorldBuilder) -> None:
    af = "rx-antifraud"
    w.log(_y("20:30:10.118"), af, "INFO", ALLIANCE, instance=ROLLOUTS[af][0][1][0], trace=False, change="data")
    w.log(_t("01:10:10.204"), af, "INFO", ANTIFRAUD_DEPLOY, instance=ROLLOUTS[af][1][1][0], change="deploy")
    _rolled(w, af, 1, "AntifraudApplication 3.8.1 started in {s} seconds")
    w.log(_t("03:00:40.330"), af, "INFO", BLOOM_BUILD, instance="bloom-rebuild", trace=False, job="bloom-rebuild")
    for moment in _every(w, WINDOWS["bloom"][0], _t("10:27"), 10, 40):
        w.log(moment, af, "WARN", BLOOM_HIT.format(ap=_app_id(w), c=_cust(w)), instance=_pod(w, af, moment))
    _ops(w, "08:15:20.441", af, BLOOM_NOTE)
    w.log(_t("10:25:10.551"), af, "INFO", BLOOM_CFG, instance=ROLLOUTS[af][1][1][1], change="config")
    w.log(_t("10:27:40.118"), af, "INFO", BLOOM_FIX, instance="bloom-rebuild", trace=False, job="bloom-rebuild")
    w.alert("AntifraudRejectRateHigh", af, "warning", _t("07:14"), _t("10:35"), REJECT_ALERT,
            f"反欺诈拒绝率 {REJECT_ALERT}，超过阈值 10%", namespace=NS)


# --- Incident 10: the BIN table -----------------------------------------------------------------------------------------------------------
FAIL_SERIES: Keyframes = [(START, 1.2), (_t("06:00"), 1.3), (_t("06:04"), 8.1), (_t("06:41"), 15.9), (_t("06:42"), FAIL_PEAK),
                          (_t("06:43"), 15.8), (_t("07:40"), 14.2), (_t("07:46"), 8.6), (_t("09:59"), 8.2), (_t("10:05"), 14.6),
                          (_t("10:40"), 13.9), (_t("10:46"), 8.4), (REFERENCE, 8.3)]


def bin_table(w: WorldBuilder) -> None:
    repay = "rx-repay"
    rpods = ROLLOUTS[repay][0][1]
    w.log(_t("02:10:30.118"), repay, "INFO", BIN_SYNC, instance="cardbin-sync", trace=False, job="cardbin-sync")
    w.log(_t("05:50:10.204"), repay, "INFO", REPAY_DECOY, instance=rpods[1], change="config")
    rounds = _every(w, "06:00:30", "07:40:00", 10, 35) + _every(w, "10:00:40", "10:40:00", 10, 35)
    w.log(_t("10:00:05.330"), repay, "INFO", RETRY_BATCH, instance=rpods[0], trace=False, job="auto-debit")
    for moment in rounds + _every(w, "07:45:00", "10:00:00", 120, 300) + _every(w, "10:45:00", REFERENCE, 120, 300):
        w.log(moment, repay, "WARN", BIN_REFUSED.format(ln=_loan(w), amt=float(w.rng.randint(300, 4000)),
                                                       bin=w.rng.choice(("622155", "622156")), n=w.rng.randint(1000, 9999)),
              instance=w.rng.choice(rpods))
    w.log(_t("10:40:20.441"), repay, "INFO", RETRY_DONE, instance=rpods[0], trace=False, job="auto-debit")
    _ops(w, "11:20:10.551", repay, BIN_NOTE)
    w.alert("RepayDebitFailureHigh", repay, "warning", _t("06:04"), None, FAIL_ALERT,
            f"代扣失败率 {FAIL_ALERT}，超过阈值 5%", namespace=NS)


# --- Unrelated: the ledger's end of day; the healthy services' changes -----------------------------------------------------------------
def other_events(w: WorldBuilder) -> None:
    w.log(_t("00:30:05.118"), "rx-ledger", "INFO", "end of day 2027-05-09 started: interest accrual for 3,906,114 loans",
          instance="ledger-eod", trace=False, job="ledger-eod")
    w.log(_t("01:04:40.204"), "rx-ledger", "INFO", "end of day 2027-05-09 finished in 34m35s; business date 2027-05-10",
          instance="ledger-eod", trace=False, job="ledger-eod")
    w.alert("HostCpuHigh", "rx-k8s-node", "warning", _t("00:35"), _t("01:05"), "88.4%",
            "rx-k8s-node-02 CPU 88.4%，超过阈值 85%", instance="rx-k8s-node-02")
    w.log(_t("00:20:10.330"), "rx-contract", "INFO", CONTRACT_DEPLOY, instance=ROLLOUTS["rx-contract"][1][1][0],
          change="deploy")
    _rolled(w, "rx-contract", 1, "ContractApplication 3.2.0 started in {s} seconds")
    w.log(_t("08:00:10.441"), "rx-bureau", "INFO", BUREAU_DECOY, instance=ROLLOUTS["rx-bureau"][0][1][0], change="config")


# --- Kubernetes state at 11:40 -----------------------------------------------------------------------------------------------------------
#: (service, revision, rolled out, change cause, image tag)
DEPLOYMENTS = (
    ("rx-app-api", 142, "2027-05-10T00:40:10+08:00", "release rx-app-api 8.3.0 (pipeline #7695)", "8.3.0"),
    ("rx-apply", 77, "2027-04-27T00:40:00+08:00", "release rx-apply 6.4.2", "6.4.2"),
    ("rx-antifraud", 65, "2027-05-10T01:10:10+08:00", "release rx-antifraud 3.8.1 (pipeline #7700)", "3.8.1"),
    ("rx-decision", 93, "2027-05-06T00:40:00+08:00", "release rx-decision 7.1.5", "7.1.5"),
    ("rx-bureau", 31, "2027-04-15T00:40:00+08:00", "release rx-bureau 2.9.3", "2.9.3"),
    ("rx-limit", 58, "2027-05-10T01:30:10+08:00", "release rx-limit 4.6.0 (pipeline #7698)", "4.6.0"),
    ("rx-disburse", 84, "2027-05-10T06:40:10+08:00", "release rx-disburse 5.7.2 (pipeline #7712)", "5.7.2"),
    ("rx-repay", 71, "2027-04-29T00:40:00+08:00", "release rx-repay 3.11.0", "3.11.0"),
    ("rx-collection", 40, "2027-04-20T00:40:00+08:00", "release rx-collection 2.6.1", "2.6.1"),
    ("rx-contract", 36, "2027-05-10T00:20:10+08:00", "release rx-contract 3.2.0 (pipeline #7690)", "3.2.0"),
    ("rx-ledger", 52, "2027-05-10T01:00:10+08:00", "release rx-ledger 2.14.0 (pipeline #7703)", "2.14.0"),
)


def k8s_state(w: WorldBuilder) -> None:
    for service, revision, changed, cause, tag in DEPLOYMENTS:
        pods = ROLLOUTS[service][-1][1]
        for pod in pods:
            w.pod(namespace=NS, name=pod, service=service, phase="Running", ready="1/1", restarts=0, last_termination=None,
                  waiting_reason=None, node=node_of(pod), observed_at=REFERENCE)
        w.deployment(namespace=NS, name=service, service=service, replicas=len(pods), ready=len(pods), available=len(pods),
                     image=f"{REGISTRY}/{service}:{tag}", revision=revision, changed_at=dt.datetime.fromisoformat(changed),
                     change_cause=cause,
                     conditions=[condition("Available", "True", "MinimumReplicasAvailable",
                                           "Deployment has minimum availability."),
                                 condition("Progressing", "True", "NewReplicaSetAvailable",
                                           f'ReplicaSet "{pods[0].rsplit("-", 1)[0]}" has successfully progressed.')],
                     observed_at=REFERENCE)
    hour_ago = REFERENCE - dt.timedelta(hours=1)
    for index, pod in enumerate(ON_BAD_NODE):
        w.event(type="Warning", reason="Unhealthy", object=f"Pod/{pod}",
                message=('Readiness probe failed: Get "http://10.42.6.' + str(31 + index) + ':8080/actuator/health/readiness": '
                         "context deadline exceeded (Client.Timeout exceeded while awaiting headers)"),
                count=9 + 4 * index, first_seen=hour_ago + dt.timedelta(minutes=3 + index),
                last_seen=REFERENCE - dt.timedelta(seconds=70 + 40 * index))


# --- Metrics ---------------------------------------------------------------------------------------------------------------------------------
def build_metrics(w: WorldBuilder) -> None:
    at = w.at
    morning = [(at("06:00"), at("11:00"))]
    evening = [(_y("18:50"), _y("21:30"))]
    w.series("disburse_processing_loans", "rx-disburse", "笔", PROCESSING_SERIES, start=START,
             fine=evening + [(at("08:20"), at("08:50"))], digits=0, threshold=30)
    w.series("disburse_refunded_per_10m", "rx-disburse", "笔", REFUND_SERIES, start=START, fine=morning, spread=1.5, digits=0,
             threshold=10)
    w.series("decision_timeout_ratio", "rx-decision", "%", TIMEOUT_SERIES, start=START, fine=morning, spread=1.2, digits=1,
             threshold=5)
    w.series("decision_manual_review_queue", "rx-decision", "件",
             [(START, 120), (_y("23:00"), 40), (at("07:48"), 60), (at("09:00"), 1480), (at("10:30"), 2950),
              (REFERENCE, 3410)], start=START, fine=morning, spread=30, digits=0)
    w.series("node_disk_write_await_ms", "rx-k8s-node", "ms",
             [(START, 1.2), (at("07:47"), 1.3), (at("07:49"), 210.0), (at("09:00"), 260.0), (REFERENCE, 240.0)],
             start=START, fine=morning, spread=20, digits=1, threshold=50, instance=BAD_NODE, device="sdb")
    w.series("apply_submit_requests_per_sec", "rx-apply", "次/秒", SUBMIT_SERIES, start=START, fine=morning, spread=25,
             digits=0)
    w.series("apply_submit_timeouts_per_min", "rx-apply", "次",
             [(START, 0), (at("10:05"), 0), (at("10:09"), 86), (at("10:30"), 140), (at("10:48"), 120), (at("10:50"), 0),
              (REFERENCE, 0)], start=START, fine=morning, spread=5, digits=0, threshold=50)
    w.series("limit_borrow_refused_per_10m", "rx-limit", "次", REFUSED_SERIES, start=START, fine=morning, spread=3, digits=0,
             threshold=40)
    w.series("ledger_posting_failures_per_10m", "rx-ledger", "次", POSTING_SERIES, start=START, fine=morning, spread=6, digits=0,
             threshold=20)
    w.series("collection_complaints_per_10m", "rx-collection", "次", COMPLAINT_SERIES, start=START, fine=morning, spread=2,
             digits=0, threshold=15)
    w.series("app_upgrade_required_per_min", "rx-app-api", "次", UPGRADE_SERIES, start=START, fine=morning, spread=20,
             digits=0, threshold=200)
    w.series("antifraud_reject_ratio", "rx-antifraud", "%", REJECT_SERIES, start=START, fine=morning, spread=0.6, digits=1,
             threshold=10)
    w.series("repay_debit_failure_ratio", "rx-repay", "%", FAIL_SERIES, start=START, fine=morning, spread=0.5, digits=1,
             threshold=5)
    w.series("node_cpu_percent", "rx-k8s-node", "%",
             [(START, 31), (at("00:30"), 33), (at("00:35"), 88.4), (at("01:00"), 86.0), (at("01:05"), 35), (REFERENCE, 30)],
             start=START, fine=[(at("00:20"), at("01:20"))], spread=1.5, digits=1, threshold=85, instance="rx-k8s-node-02")
    for service, p99, threshold in (("rx-bureau", 900, 3000), ("rx-contract", 700, 2500)):
        w.series("http_5xx_ratio", service, "%", [(START, 0.04), (at("09:00"), 0.21), (at("10:30"), 0.08), (REFERENCE, 0.05)],
                 start=START, spread=0.03, digits=2, threshold=2)
        w.series("http_p99_latency", service, "ms", [(START, p99 - 80), (at("09:30"), p99 + 240), (at("11:00"), p99 + 60),
                                                     (REFERENCE, p99)], start=START, spread=25, digits=0, threshold=threshold)


# --- Runbooks (the company's wiki, as the teams wrote them) ----------------------------------------------------------------------------------
RUNBOOKS: list[tuple[str, str, str]] = [
    ("runbooks/disburse/stuck.md", "放款中积压处理手册", runbook(
        "放款中积压处理手册", "适用于 rx-disburse 借款长时间处于放款中（PROCESSING）。",
        ["DisburseProcessingStuck：放款中超过 30 分钟的借款超过 30 笔"],
        ["看积压借款的金额、收款行、资方返回的状态说明。", "问资方（锦江银行）是否在日切、维护或走了非实时通道。",
         "查额度、产品参数（单笔上限等）最近的变更。"],
        ["资方系统维护或日切。", "支付通道非营业时间。", "回调丢失。"],
        ["联系资方确认处理时间，安抚客户；必要时撤销重放。"])),
    ("runbooks/disburse/refund.md", "放款退回处理手册", runbook(
        "放款退回处理手册", "适用于 rx-disburse 放款被收款行退回（REFUNDED）。",
        ["DisburseRefundHigh：放款退回超过 10 笔/10分钟"],
        ["按退回原因、收款行、账户类型、金额分组。", "查绑卡规则与收款账户限额。"],
        ["收款账户状态异常（冻结、销户）。", "收款账户限额。", "户名不符。"],
        ["通知客户更换收款卡后重新放款。"])),
    ("runbooks/decision/timeout.md", "决策超时转人工处理手册", runbook(
        "决策超时转人工处理手册", "适用于 rx-decision 决策超时比例升高、申请大量转人工审核。",
        ["DecisionTimeoutHigh：决策超时转人工超过 5%"],
        ["看超时集中在哪些 Pod、哪些节点，耗时花在哪一步（特征、模型、审计日志写入）。", "看节点的磁盘写延迟与存储控制器状态。",
         "对比最近的策略发布。"],
        ["节点磁盘写慢（审计日志同步写）。", "外部特征源慢。", "策略规则过多。"],
        ["把 Pod 挪离问题节点（cordon 后删除 Pod）；处理节点存储问题。"])),
    ("runbooks/apply/timeout.md", "申请提交超时处理手册", runbook(
        "申请提交超时处理手册", "适用于 rx-apply 申请提交超时、App 提示提交超时。",
        ["ApplySubmitTimeoutHigh：申请提交超时超过 50 次/分钟"],
        ["看提交线程池 apply-submit 的占用与拒绝。", "按来源 IP、UA、设备看请求是否集中在少数来源。", "看下游反欺诈、征信、决策耗时。"],
        ["异常流量（脚本、撞库）。", "下游变慢。", "线程池配置过小。"],
        ["封禁异常来源，加限流；扩容。"])),
    ("runbooks/limit/frozen.md", "额度冻结拒绝借款处理手册", runbook(
        "额度冻结拒绝借款处理手册", "适用于 rx-limit 大量客户因额度冻结无法借款。",
        ["LimitBorrowRefusedHigh：额度冻结拒绝借款超过 40 次/10分钟"],
        ["按冻结原因分组（逾期、证件过期、风险）。", "看冻结是哪个批量任务做的、依据的客户资料字段值。"],
        ["批量任务误冻结。", "客户资料错误。", "真实风险。"],
        ["修正数据后批量解冻。"])),
    ("runbooks/ledger/posting.md", "入账失败处理手册", runbook(
        "入账失败处理手册", "适用于 rx-ledger 记账失败、事件进入 DLQ。",
        ["LedgerPostingFailed：入账失败超过 20 次/10分钟"],
        ["按失败原因分组。", "看失败事件的来源与起息日、会计期间状态。"],
        ["会计期间已关闭。", "科目未配置。", "重复事件。"],
        ["按财务要求处理跨期调整后重放 DLQ。"])),
    ("runbooks/collection/complaint.md", "催收提醒投诉处理手册", runbook(
        "催收提醒投诉处理手册", "适用于 rx-collection 提醒类投诉激增。",
        ["ReminderComplaintHigh：提醒类投诉超过 15 次/10分钟"],
        ["看被投诉的提醒批次、模板与人群快照。", "核对快照时间与代扣批的时间先后。"],
        ["人群快照过期或取数时间不对。", "模板错误。", "发送频率过高。"],
        ["暂停批次，修正人群，发致歉短信。"])),
    ("runbooks/app/upgrade.md", "强制升级拦截处理手册", runbook(
        "强制升级拦截处理手册", "适用于 rx-app-api 强制升级拦截激增。",
        ["AppUpgradeRequiredHigh：强制升级拦截超过 200 次/分钟"],
        ["看被拦截用户的版本与渠道。", "核对各应用市场新版本的上架状态。"],
        ["新版本在部分应用市场未上架。", "最低版本配置错误。"],
        ["回退最低版本配置，待全部渠道上架后再强制升级。"])),
    ("runbooks/antifraud/reject.md", "反欺诈拒绝率升高处理手册", runbook(
        "反欺诈拒绝率升高处理手册", "适用于 rx-antifraud 拒绝率升高。",
        ["AntifraudRejectRateHigh：反欺诈拒绝率超过 10%"],
        ["按命中规则分组。", "对黑名单命中：抽样到精确名单核对。", "查名单导入与重建任务。"],
        ["名单数据问题。", "规则阈值变更。", "真实攻击。"],
        ["修正名单或规则后重跑被拒申请。"])),
    ("runbooks/repay/debit.md", "代扣失败率升高处理手册", runbook(
        "代扣失败率升高处理手册", "适用于 rx-repay 代扣失败率升高。",
        ["RepayDebitFailureHigh：代扣失败率超过 5%"],
        ["按失败原因、银行、卡 BIN 分组。", "区分通道返回的失败与本地规则拒绝。", "查 BIN 表与通道通知。"],
        ["余额不足（还款日常见）。", "通道或银行故障。", "卡类型、签约问题。"],
        ["修正后重扣；通知客户主动还款。"])),
    ("runbooks/bureau/query.md", "征信查询失败处理手册", runbook(
        "征信查询失败处理手册", "适用于 rx-bureau 征信查询失败或超时。",
        ["BureauQueryFailed：征信查询失败超过 5%"],
        ["看人行前置机与百行接口的返回码。"], ["前置机故障。", "专线中断。"], ["切换备用前置机；联系征信中心。"])),
    ("runbooks/contract/seal.md", "电子签章失败处理手册", runbook(
        "电子签章失败处理手册", "适用于 rx-contract 签章失败。",
        ["ContractSealFailed"], ["看签章服务返回码。"], ["签章证书问题。"], ["更换签章证书，重签。"])),
]


def build_bundle(seed: int = SEED) -> Json:
    w = WorldBuilder(seed=seed, day=DAY, tz=TZ, reference=REFERENCE, instances=INSTANCES,
                     labels={"env": "prod", "cluster": "rx-prod", "idc": "sz-futian"})
    for service, (make, every) in NOISE.items():
        w.noise(service, make, START, every_s=every)
    hvps(w)
    class_two(w)
    bbu(w)
    script(w)
    id_expiry(w)
    period_closed(w)
    snapshot(w)
    force_upgrade(w)
    bloom(w)
    bin_table(w)
    other_events(w)
    k8s_state(w)
    build_metrics(w)
    documents = [{"title": title, "source": source, "content": content} for source, title, content in RUNBOOKS]
    return w.bundle(name="RongXin 融信消费金融 2027-05-10", services=SERVICES, documents=documents)


# --- Questions -------------------------------------------------------------------------------------------------------------------------------
#: Each incident's own words: in another incident's answer, a misattribution.
FAMILY = {
    "hvps": ("大额支付系统", "MKT-0509"),
    "class2": ("II类户", "EXP-BC-07"),
    "bbu": ("WriteThrough", "BBU learn"),
    "script": (SCRIPT_IP, SCRIPT_UA),
    "idexp": ("ID_EXPIRED", "CUST-MIG-0509"),
    "period": ("PERIOD_CLOSED", "TH-ERR-202704"),
    "snapshot": ("collection.audience.snapshot-at", "AUD-20270510"),
    "upgrade": ("app.min-version.android", "UPGRADE_REQUIRED"),
    "bloom": ("ALLIANCE-202705", "expectedInsertions"),
    "bin": ("CARD_TYPE_CREDIT", "TH-BIN-20270510"),
}
#: The remedies of the runbooks for problems that did not happen.
UNRELATED_REMEDIES = ("切换备用前置机", "更换签章证书")
FIRING = ("DecisionTimeoutHigh", "RepayDebitFailureHigh")
INCIDENT_WORDS = tuple(word for words in FAMILY.values() for word in words)


def _not(*own: str, told: tuple[str, ...] = ()) -> tuple[str, ...]:
    """The other incidents' words and the unrelated runbooks' remedies — less ``told``: another incident's words the asked
    service itself logs (rx-disburse has two incidents; rx-app-api binds the class-II cards; rx-apply holds the customer
    profiles; rx-limit carries the single-loan maximum; rx-repay processes the exception file), which name no
    misattribution when an answer quotes them."""
    return tuple(word for family, words in FAMILY.items() if family not in own for word in words
                 if word not in told) + UNRELATED_REMEDIES


QUESTIONS: tuple[WorldQuestion, ...] = (
    WorldQuestion(
        "lending_disburse_hvps_cause",
        "昨晚七点多开始好多用户借款一直显示放款中，今天早上八点半以后才到账，放款这边怎么回事？", "cause",
        asked_facts=(fact("PROCESSING", "放款中"),),
        cause_facts=(fact("大额支付系统", "HVPS", "非营业时间"),
                     fact("limit.loan.single-max", "MKT-0509", "80000", "单笔上限", "提额")),
        forbidden=_not("hvps", told=("II类户",)), service="rx-disburse",
        diagnosis="昨晚 19:00 limit_ops_xuning 为周末提额活动 MKT-0509 把 rx-limit 的 limit.loan.single-max 从 50000 改成 80000；"
                  "5 万以上的借款被锦江银行路由到大额支付系统（HVPS），周日晚上不营业 → 312 笔借款一直 PROCESSING（放款中），"
                  "直到今天 08:30 大额开门后 08:41 前陆续到账。21:10 上限改回 50000。18:30 的 "
                  "disburse.callback.poll-interval-sec 配置不是原因",
    ),
    WorldQuestion(
        "lending_disburse_refund_cause",
        "今天早上有一批借款放款失败钱被退回来了，金额都在一万以上，放款服务又出什么问题了？", "cause",
        asked_facts=(fact("REFUNDED", "退回"),),
        cause_facts=(fact("II类户", "II 类", "电子账户", "单日限额"),
                     fact("bindcard.allow-account-class", "EXP-BC-07", "绑卡")),
        forbidden=_not("class2", told=("大额支付系统",)), service="rx-disburse",
        diagnosis="昨天 16:10 app_pm_zhouyan 的绑卡转化实验 EXP-BC-07 把 rx-app-api 的 bindcard.allow-account-class 从 I 改成 "
                  "I,II，客户开始绑定 II类户（电子账户）；II 类户从非绑定账户每天最多转入 1 万元 → 今早放到这些卡上、金额超过 "
                  "1 万的借款被收款行退回（REFUNDED）。09:35 改回只允许 I 类。06:40 的 rx-disburse 5.7.2 发布不是原因；昨晚的"
                  "放款中是另一件事（大额支付系统）",
    ),
    WorldQuestion(
        "lending_decision_timeout_cause",
        "决策引擎八点前后开始一部分请求超时，好多申请掉进人工审核，是不是早上新发的策略有问题？", "cause",
        asked_facts=(fact("MANUAL_REVIEW", "人工审核", "exceeded budget", "超时"),),
        cause_facts=(fact(BAD_NODE, "node-06", "06 节点"),
                     fact("WriteThrough", "BBU", "learn cycle", "write await", "RAID")),
        forbidden=_not("bbu"), service="rx-decision",
        diagnosis="不是策略：07:48 rx-k8s-node-06 的 RAID 卡开始例行的 BBU learn cycle，/data 卷从 WriteBack 切到 WriteThrough，"
                  "写延迟到 150–400 ms；决策每次同步写审计日志到 /data/audit，调度在 node-06 上的两个 rx-decision Pod 因此超过 "
                  "300 ms 预算、转人工审核（MANUAL_REVIEW），node-04/05 上的 Pod 正常。到 11:40 仍在持续（DecisionTimeoutHigh）。"
                  "07:30 发布的策略 STR-2027-05-v2 不是原因",
    ),
    WorldQuestion(
        "lending_apply_timeout_cause",
        "十点多 App 上提交借款申请一直转圈然后提示提交超时，进件服务怎么了？", "cause",
        asked_facts=(fact("timed out", "提交超时", "超时"),),
        cause_facts=(fact(SCRIPT_IP, "103.151.44.0/24", SCRIPT_UA, SCRIPT_DEVICE, "脚本"),
                     fact("apply-submit", "saturated", "线程池")),
        forbidden=_not("script", told=("CUST-MIG-0509",)), service="rx-apply",
        diagnosis="10:05 起一个黑产脚本（okhttp/3.12.1、同一设备 dfp-7c1e09ab、来自 103.151.44.0/24）用冒用的身份证大量提交申请，"
                  "最高 1318 次/秒（10:31），把 rx-apply 共用的提交线程池 apply-submit 占满（200/200、队列 2000），App 用户的"
                  "提交超时。10:48 在网关封禁并加入设备黑名单（RISK-0510-02）后恢复。09:55 的 apply.ocr.timeout-ms 配置不是原因",
    ),
    WorldQuestion(
        "lending_limit_frozen_cause",
        "一早好多四五十岁的老客户说额度被冻结了，提示证件过期，可他们身份证是长期有效的，额度这边怎么回事？", "cause",
        asked_facts=(fact("ID_EXPIRED", "LIMIT_FROZEN", "冻结"),),
        cause_facts=(fact("长期", "DateTimeParseException"),
                     fact("CUST-MIG-0509", "id_valid_to", "2099-12-31", "迁移")),
        forbidden=_not("idexp", told=("MKT-0509",)), service="rx-limit",
        diagnosis="昨天 17:20 data_ops_guoqiang 的客户资料迁移 CUST-MIG-0509 把 id_valid_to 改成照身份证背面原样存储，长期有效的"
                  "证件（46 岁以上）存成了“长期”而不是原来的 2099-12-31；02:00 的 id-expiry-check 解析不了“长期”"
                  "（DateTimeParseException），当作过期冻结了 6,214 个额度（ID_EXPIRED）→ 早上这些客户借款被拒。09:40 修正资料、"
                  "09:50 解冻。01:30 的 rx-limit 4.6.0 发布不是原因",
    ),
    WorldQuestion(
        "lending_ledger_posting_cause",
        "账务核算九点多开始一直报入账失败，DLQ 里堆了一千多条，是怎么回事？", "cause",
        asked_facts=(fact("PERIOD_CLOSED", "入账失败", "rejected"),),
        cause_facts=(fact("2027-04", "关账", "accounting period"),
                     fact("TH-ERR-202704", "差错文件", "exception file", "refund", "退款")),
        forbidden=_not("period"), service="rx-ledger",
        diagnosis="昨晚 20:05 fin_ops_tangli 做了 4 月月结关账（会计期间 2027-04 关闭）；今天 09:10 rx-repay 处理通汇支付 4 月的差错"
                  "文件 TH-ERR-202704，1,318 笔重复扣款退款的起息日都在 4 月 → 入账全部 PERIOD_CLOSED、进了 DLQ。10:35 财务临时开放"
                  "跨期调整（ADJ-0510），10:40 重放 DLQ。01:00 的 rx-ledger 2.14.0 发布不是原因",
    ),
    WorldQuestion(
        "lending_app_upgrade_cause",
        "九点以后很多安卓用户说 App 一打开就提示必须升级，可应用市场里找不到新版本，App 后端这是怎么了？", "cause",
        asked_facts=(fact("UPGRADE_REQUIRED", "426", "强制升级"),),
        cause_facts=(fact("app.min-version.android", "5.2.0", "REL-0510"),
                     fact("huawei", "华为", "IN_REVIEW", "审核中")),
        forbidden=_not("upgrade", told=("II类户", "EXP-BC-07")), service="rx-app-api",
        diagnosis="09:00 app_ops_wanglei 把 app.min-version.android 从 5.1.0 改成 5.2.0（REL-0510 强制升级），而 5.2.0 在华为"
                  "应用市场还在审核中（IN_REVIEW）→ 华为渠道的用户收到 426 UPGRADE_REQUIRED，却找不到新版本。10:15 改回 5.1.0。"
                  "00:40 的 rx-app-api 8.3.0 发布不是原因",
    ),
    WorldQuestion(
        "lending_antifraud_blacklist_cause",
        "今天一早反欺诈拒了好多人，说命中黑名单，客服抽查都是正常客户，反欺诈这边怎么回事？", "cause",
        asked_facts=(fact("BLACKLIST_HIT", "黑名单"),),
        cause_facts=(fact("bloom", "布隆", "expectedFpp"),
                     fact("ALLIANCE-202705", "expectedInsertions", "2,611,907", "行业共享黑名单")),
        forbidden=_not("bloom"), service="rx-antifraud",
        diagnosis="昨晚 20:30 risk_data_zhaoxin 把行业共享黑名单 ALLIANCE-202705（+1,706,552）并进 bl_id_hash，共 2,611,907 条；"
                  "03:00 重建的 bloom filter 仍按 expectedInsertions=1,000,000 建，expectedFpp 到 0.170 → 正常客户大量 bloom 误"
                  "命中 BLACKLIST_HIT 被拒，拒绝率最高 23.6%。10:25 调到 5,000,000 并重建。01:10 的 rx-antifraud 3.8.1 发布不是原因",
    ),
    WorldQuestion(
        "lending_antifraud_reject_quantity", "今天早上反欺诈拒绝率最高到了多少？", "quantity",
        asked_facts=(fact(str(REJECT_PEAK), "23.6%"),), forbidden=_not("bloom"), service="rx-antifraud",
        peak=Peak("rx-antifraud", "antifraud_reject_ratio", REJECT_PEAK),
        diagnosis="antifraud_reject_ratio 峰值 23.6%（08:47）；AntifraudRejectRateHigh 触发时是 12.4%。起因是黑名单 bloom filter "
                  "容量按 100 万建却装了 261 万条",
    ),
    WorldQuestion(
        "lending_apply_requests_quantity", "十点多那波异常申请，进件每秒最多打进来多少次？", "quantity",
        asked_facts=(fact(str(SCRIPT_PEAK), "1,318"),), forbidden=_not("script", told=("CUST-MIG-0509",)), service="rx-apply",
        peak=Peak("rx-apply", "apply_submit_requests_per_sec", SCRIPT_PEAK),
        diagnosis="apply_submit_requests_per_sec 峰值 1318 次/秒（10:31），平时四五十；ApplySubmitTimeoutHigh 触发时是 86 次/分钟"
                  "（超时次数，不是请求量）。来源是 103.151.44.0/24 的脚本",
    ),
    WorldQuestion(
        "lending_repay_failure_quantity", "今天代扣失败率最高到了百分之多少？", "quantity",
        asked_facts=(fact(str(FAIL_PEAK), "17.3%"),), forbidden=_not("bin", told=("TH-ERR-202704",)), service="rx-repay",
        peak=Peak("rx-repay", "repay_debit_failure_ratio", FAIL_PEAK),
        diagnosis="repay_debit_failure_ratio 峰值 17.3%（06:42）；RepayDebitFailureHigh 触发时是 8.1%，到 11:40 仍未恢复。起因是"
                  "通汇支付的 BIN 表 TH-BIN-20270510 把平安银行 622155/622156 借记卡标成信用卡",
    ),
    WorldQuestion(
        "lending_collection_alert_existence", "催收提醒今天早上报过警没有？有客户投诉刚扣完款就收到到期未还的短信。", "existence",
        asked_facts=(fact("ReminderComplaintHigh"),),
        cause_facts=(fact("collection.audience.snapshot-at", "AUD-20270510", "快照"),
                     fact("06:00", "COL-0509", "代扣之前")),
        forbidden=_not("snapshot"), service="rx-collection",
        diagnosis="报过：ReminderComplaintHigh 09:05 触发、10:20 恢复。昨天 17:45 col_ops_fangjie 把 collection.audience.snapshot-at "
                  "从 10:00 改到 06:00（COL-0509 提前触达），人群快照 AUD-20270510 在 06:00 代扣之前拍下，08:30 的 T0 提醒发给了"
                  "已代扣成功的 171,203 位客户。09:55 暂停并改回。08:10 的 collection.dialer.max-concurrency 配置不是原因",
    ),
    WorldQuestion(
        "lending_bureau_healthy", "今天审批明显变慢，征信查询那边有没有出问题或者告警？", "existence",
        asked_facts=(HEALTHY,), forbidden=INCIDENT_WORDS, service="rx-bureau", healthy=True,
        diagnosis="没有：rx-bureau 只有人行、百行查询成功与白户的 INFO/WARN，5xx、p99 低于阈值，无告警；08:00 的 "
                  "bureau.baihang.timeout-ms 配置与此无关。审批变慢是 rx-k8s-node-06 上的决策 Pod 写审计日志慢、超时转人工",
    ),
    WorldQuestion(
        "lending_contract_healthy", "有用户说借款失败了，是不是合同签署那边出问题了？今天合同服务有没有报错告警？", "existence",
        asked_facts=(HEALTHY,), forbidden=INCIDENT_WORDS, service="rx-contract", healthy=True,
        diagnosis="没有：rx-contract 只有合同生成签署、征信授权书与归档的 INFO 和签章稍慢的 WARN，5xx、p99 低于阈值，无告警；00:20 的 "
                  "3.2.0 发布与此无关。借款失败在放款（II 类户退回）与额度（证件过期冻结）那边",
    ),
    WorldQuestion(
        "lending_alert_listing", "现在还有哪些告警没恢复？列一下。", "listing",
        asked_facts=tuple(fact(name) for name in FIRING), forbidden=("rx-bureau", "rx-contract"),
        diagnosis="2 条：DecisionTimeoutHigh（07:55 起，rx-k8s-node-06 BBU learn cycle 期间写穿，决策超时转人工）、"
                  "RepayDebitFailureHigh（06:04 起，BIN 表把平安银行借记卡标成信用卡）；其余告警都已恢复",
    ),
    WorldQuestion(
        "lending_limit_changes_listing", "额度服务从昨天下午到现在都做过哪些变更？配置和发版都列出来。", "listing",
        asked_facts=(fact("old=50000 new=80000"), fact("old=80000 new=50000"), fact("4.6.0"),
                     fact("limit.query.cache-ttl-sec")),
        forbidden=_not("hvps", "idexp"), service="rx-limit",
        diagnosis="四次：昨晚 19:00 limit.loan.single-max 50000 -> 80000（MKT-0509，导致 5 万以上借款走大额支付系统卡在放款中）、"
                  "21:10 改回 50000、01:30 发布 4.6.0、08:20 limit.query.cache-ttl-sec 30 -> 60",
    ),
)

WORLD = World(name=NAME, title="RongXin 融信消费金融（线上信贷）", build=build_bundle, questions=QUESTIONS)
