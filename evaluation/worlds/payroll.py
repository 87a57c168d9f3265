"""World "payroll": 薪云人力 XinYun HR, a payroll and HR SaaS serving enterprise customers (``xy-*`` services: the open API
gateway for customers' ERPs and its webhook dispatcher, the employee master, attendance import, payroll calculation runs,
individual income tax (个税) withholding, social-insurance and housing-fund (社保/公积金) declarations, bank salary
disbursement, payslips, notifications (SMS / WeCom), e-contracts, the employee self-service App's backend and billing on a
Kubernetes cluster; the nodes, the payroll PostgreSQL and its PgBouncer pair, the banks' front-end processors (前置机), the
App's Redis Cluster, the monitoring stack and the data warehouse outside it), seen from Sunday 2026-12-27 22:00 to the
reference time Monday 2026-12-28 20:30 (+08:00): the last payday Monday of the year (December salaries and year-end
bonuses, 社保 month close). Nothing here was written for the offline agents; ten incidents of families the other worlds do
not have, in ordinary noise:

(1) 23:10:15 (-1d)  xy-ess-redis: the cache admin cache_ops_dujuan scales the App's session cluster out (CHG-20261227-05): two
                    masters added, ``redis-cli --cluster reshard`` moves slots 5462–16383 off redis-ess-01 → xy-ess-app's
    23:14–10:21     ioredis client is in standalone mode against redis-ess-01 and does not follow ``MOVED`` → two thirds of
                    the session keys answer ``MOVED <slot> …`` → 401 ``SESSION_INVALID``; a trickle at night, from 07:00 on
                    payday every other employee is thrown back to the login page. 10:19 ``ess.redis.mode`` is set to cluster
                    and the pods restarted. The 22:30 watermark config of the App is a decoy.
(2) 00:00           xy-si-declare: nobody changes anything — the calendar reaches Monday 2026-12-28, which opens week 1 of
                    2027 in the JVM's zh_CN week rules (weeks from Monday, the week holding 1 January is week 1), and the
    08:40–11:39     declaration period is formatted with ``si.declare.period-pattern=YYYY-MM`` (week-based year, since 3.4.0
                    in September) → every 增员/补缴 batch goes out with 所属期 2027-12 (the hourly status query asks for
                    2027-12 from 00:05) → the 社保经办 gateway answers ``SB-4103`` and the 公积金 centre ``GJJ-207``. 11:38 the
                    pattern is set to ``yyyy-MM`` and the rejected batches re-submitted. The 07:50 deploy 3.6.2 is a decoy.
(3) 08:30:05        xy-tax: tax ops tax_ops_qinfang run the job deduction-sync from the admin console for ``tax_year=2027`` (the
                    bureau opened the 2027 confirmation of 专项附加扣除) → the December cumulative withholding looks deductions up
    09:00–15:06     by "latest record" without a tax year, takes the 2027 monthly amounts for all twelve months → December tax
                    far too low, often 0 → ``TAX_VARIANCE`` holds; held employees peak 6318 at 15:04
                    (``tax_variance_review_pending``; the alert fired at 742). 15:05 the lookup is pinned to the period's year
                    and the held employees recalculated. The 08:05 deploy 6.4.0 (2027 汇算 UI) is a decoy.
(4) 02:30:10        xy-bank-fep: 华商银行's update channel upgrades the front-end processor fep-hsb-01 to HSB-FEP 5.2.0, whose
                    regenerated config writes the salary files in ``GB2312`` (was GB18030) → characters outside GB2312 (喆,
    09:30–11:56     堃, 镕, 玥, 赟, 祎, 犇) become '?' → from the first batches at 09:30 the bank returns exactly those rows
                    ``E2011 收款人户名与账号不符``; other banks and other names are paid. 11:55 the charset is set back, 12:05 the
                    returned rows re-submitted. The 09:05 deploy 4.8.0 of xy-disburse is a decoy.
(5) 09:12:40        xy-k8s-node: infra_ops_wenjun adds xy-k8s-node-07 from node pool np-2026q4 (Ubuntu 22.04, cgroup v2) for
                    the payday (CHG-20261228-01); 10:02 the payslip HPA puts two new xy-payslip pods there; their JDK
    10:02–12:09     1.8.0_252 does not read cgroup v2 limits → max heap 15.70 GiB and 16 CPUs against a 3 GiB limit → the
                    two pods are OOMKilled again and again while rendering, the other four are fine. 12:08 the node is
                    cordoned and the two pods deleted. The 09:40 font config of the payslips is a decoy; the healthy
                    attendance pod on node-07 (deploy 09:25) is not affected.
(6) 10:35:10        xy-webhook: customer 恒丰集团 (T-3017) publishes 14206 payslips and its ERP endpoint
                    erp.hengfeng-group.com starts answering after 30 s → every one of the 32 shared dispatcher workers waits
    10:38–12:40     on it (``workers busy 32/32``) → other tenants' callbacks (payroll.approved …) queue; the oldest pending
                    peaks 2947 s at 11:52 (``webhook_oldest_pending_age_seconds``; the alert fired at 612). 12:03 the
                    subscription is paused, 12:10 a per-tenant concurrency limit set. The 10:10 deploy 2.3.0 is a decoy.
(7) 13:05:20        xy-pgbouncer: DBA dba_hanxue switches the payroll pool to ``pool_mode = transaction`` for connection
                    headroom (CHG-20261228-03) → pgjdbc's server-side prepared statements land on other server connections →
    13:06–14:19     xy-payroll-calc runs fail ``prepared statement "S_n" does not exist`` / ``already exists`` (retries
                    sometimes pass). 14:18 the pool is back in session mode. The 12:35 parallelism config is a decoy.
(8) 16:02:11        xy-payroll-db: support engineer support_l2_zhaolei fixes ticket TK-88213 in DBeaver with auto-commit off;
                    his UPDATE of payroll_calendar lacks the tenant and stays ``idle in transaction`` holding 1264 rows →
    16:03–17:07     every December approval's ``SELECT … FOR UPDATE`` waits → ``canceling statement due to lock timeout``;
                    waiting sessions peak 186 at 16:58 (``pg_lock_waiting_sessions``). 17:06 the DBA terminates pid 39102. The
                    15:20 deploy 8.12.1 of the calculation service is a decoy. (xy-payroll-calc thus has two incidents
                    today: a time phrase picks one.)
(9) 14:00           xy-econtract: e-sign vendor 签盾 releases API 3.9 (notice QD-NT-20261228 at 09:00): finished flows are
                    archived and called back with ``flowStatus=FINISHED_ARCHIVED`` → our enum SignFlowStatus cannot read it →
    14:02–15:51     HTTP 500 to every completion callback, contracts stay SIGNING and onboarding waits. 15:50 deploy 3.2.1 maps
                    the value, 16:05 the vendor re-pushes. The 13:30 reminder config is a decoy.
(10) 17:20:15       xy-monitoring: obs_eng_malin renames 41 recording rules (CHG-20261228-07), ``xy:notify_pending_messages`` →
                    ``xy:notify_pending_messages:sum``; the HPA of xy-notify reads the old name → ``FailedGetExternalMetric``,
    18:30 → now     it stays at 2 replicas (in the morning it scaled to 8) → when the customers publish year-end bonus
                    payslips at 18:30 the SMS/WeCom queue grows to 184300 at 20:30 (NotifyQueueBacklogHigh firing). The 18:05
                    SMS vendor-weight config is a decoy.

Healthy: xy-attendance (deploy 4.2.2 at 09:25 is a decoy; one of its pods runs on xy-k8s-node-07) and xy-billing (deploy
1.9.4 at 11:30 is a decoy) — INFO/WARN noise only, under their thresholds, no alert. Still firing at 20:30:
NotifyQueueBacklogHigh (the HPA) and SftpCertificateExpiringSoon (sftp.xinyunhr.com's certificate in 12 days, unrelated);
HostCpuHigh on xy-dw 00:40–01:30 is the nightly ETL, unrelated. Kubernetes: the deployments and their pods with their
nodes, the hourly declaration status CronJob's pods and the events of the last hour (the HPA's warnings, the 20:05 job).
Run ``python -m evaluation.worlds payroll`` to print the bundle.
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
)
from evaluation.worlds.spec import HEALTHY, Peak, World, WorldQuestion, fact

NAME = "payroll"
SEED = 20261228
TZ = dt.timezone(dt.timedelta(hours=8))
DAY = dt.date(2026, 12, 28)
EVE = dt.date(2026, 12, 27)
START = dt.datetime(2026, 12, 27, 22, 0, tzinfo=TZ)
REFERENCE = dt.datetime(2026, 12, 28, 20, 30, tzinfo=TZ)
NS = "xinyun-prod"

_t = functools.partial(clock_on, DAY, TZ)  # a clock on the world's day, for module-level constants
_y = functools.partial(clock_on, EVE, TZ)  # a clock on the evening before

# --- The lines the questions are about (the tests find each one in the bundle) ----------------
# (1) the App's session cluster resharded under a standalone client
RESHARD = ("redis-cli --cluster reshard by cache_ops_dujuan (CHG-20261227-05 ess-session 扩容): masters redis-ess-02, "
           "redis-ess-03 added; moving slots 5462-16383 from redis-ess-01")
RESHARD_DONE = ("cluster ess-session rebalanced: redis-ess-01 slots 0-5461, redis-ess-02 slots 5462-10922, redis-ess-03 slots "
                "10923-16383; cluster_state:ok")
SESSION_MOVED = ("session lookup user {emp} tenant {tenant} failed: ReplyError: MOVED {slot} {addr} (ioredis standalone, host "
                 "redis-ess-01:6379) -> 401 SESSION_INVALID, 请重新登录")
ESS_REDIS_FIX = ("[nacos] config changed: dataId=xy-ess-app.yaml group=ESS key=ess.redis.mode old=standalone new=cluster "
                 "(seeds redis-ess-01..03) operator=ess_dev_kongwei md5=51c9e0a7d2b4")
ESS_WATERMARK = ("[nacos] config changed: dataId=xy-ess-app.yaml group=ESS key=ess.payslip.watermark-enabled old=false new=true "
                 "operator=ess_dev_kongwei md5=0b7d3e92c1f5")

# (2) the declaration period formatted with the week-based year
SI_DEPLOY = ("deploy finished: xy-si-declare 3.6.2 (was 3.6.1) rolled out by ci-bot pipeline=#5521; changes: 深圳社保增员接口 "
             "新字段 参保险种组合")
SI_BOOT = ("xy-si-declare 3.6.2 started: locale zh_CN, si.declare.period-pattern=YYYY-MM, si.declare.city-gateways=12, "
           "gjj.centres=9")
SI_BATCH = ("declaration batch {batch} tenant {tenant} {tname} {kind} {n} 人 -> {office}, 所属期 {period} (business date "
            "{date})")
SI_REJECT_SB = ("社保经办接口 ({city}) rejected batch {batch}: SB-4103 申报所属期 202712 不在当前可申报期 (202612)")
SI_REJECT_GJJ = "公积金中心 ({city}) rejected batch {batch}: GJJ-207 缴存年月 202712 不合法"
SI_FIX = ("[nacos] config changed: dataId=xy-si-declare.yaml group=SI key=si.declare.period-pattern old=YYYY-MM new=yyyy-MM "
          "operator=si_dev_lujie md5=a37f0c19e6d8 (YYYY is the week-based year: 2026-12-28 formats as 2027)")
SI_RESUBMIT = "re-submitted 412 rejected batches of 2026-12-28 with 所属期 2026-12: 412 accepted"
SI_CRON = "xy-si-declare-status"

# (3) the next year's special deductions in December's withholding
TAX_DEPLOY = ("deploy finished: xy-tax 6.4.0 (was 6.3.2) rolled out by ci-bot pipeline=#5524; changes: 2027 年度汇算预填 UI, "
              "年终奖单独计税试算")
DEDUCTION_SYNC = ("job deduction-sync started by tax_ops_qinfang (admin console): download 专项附加扣除 tax_year=2027 for 1206 "
                  "withholding agents via 扣缴端接口")
DEDUCTION_DONE = "job deduction-sync finished: 182440 records tax_year=2027 stored in tax_special_deduction (1206 agents)"
TAX_LOADED = ("cumulative withholding {emp} tenant {tenant} 2026-12: special deductions from record {record} (latest by "
              "updated_at) monthly ¥{monthly:,.2f} x 12 months")
TAX_VARIANCE = ("TAX_VARIANCE employee {emp} tenant {tenant} {tname} 2026-12: withholding ¥{tax:,.2f} vs trial ¥{trial:,.2f} "
                "({pct:+.1f}%), cumulative special deductions ¥{cum:,.2f} -> held for review")
TAX_FIX = ("[nacos] config changed: dataId=xy-tax.yaml group=TAX key=tax.deduction.lookup-year old=latest new=period-year "
           "operator=tax_dev_yuhang md5=6e2b8d40f1c3")
TAX_RECALC = "recalculated December withholding for 6318 held employees (deductions of tax year 2026): 6318 released"
REVIEW_PEAK = 6318
REVIEW_ALERT_VALUE = "742 人"

# (4) the bank's front-end processor writing GB2312
FEP_UPDATE = ("HSB-FEP auto-update from 华商银行 update channel: 5.1.8 -> 5.2.0 (release note: 代发接口 V3, 电子回单批量下载); "
              "conf/fep.properties regenerated from 5.2.0 template (file.charset=GB2312), service restarted")
FEP_UNMAPPABLE = "file {file} written in GB2312: {k} characters not representable, replaced with '?' (rows {rows})"
FEP_FIX = ("conf/fep.properties edited by disb_ops_zhouyan: file.charset GB2312 -> GB18030 (as in 5.1.8), HSB-FEP "
           "restarted")
DISB_RETURNED = ("bank result {batch} row {row} employee {emp} 户名 {name} 账号 6230****{tail}: E2011 收款人户名与账号不符, "
                 "row returned")
DISB_DEPLOY = ("deploy finished: xy-disburse 4.8.0 (was 4.7.3) rolled out by ci-bot pipeline=#5526; changes: 华商银行代发 V3 "
               "回单解析")
DISB_RESUBMIT = "re-submitted 286 returned rows of 41 batches to 华商银行 via fep-hsb-01: 286 paid"

# (5) the new node's cgroup v2 under the payslip JVM
BAD_NODE = "xy-k8s-node-07"
NODE_JOIN = ("node xy-k8s-node-07 joined by infra_ops_wenjun (CHG-20261228-01 发薪日扩容): node pool np-2026q4, image "
             "ubuntu-22.04-k8s-1.28-202612, 16 vCPU / 62.8 GiB")
NODE_CGROUP = 'kubelet[1188]: I1228 09:12:41.402233 server.go:487] "Kubelet version" kubeletVersion="v1.28.9" cgroupVersion="v2"'
JVM_BIG = ("Started PayslipApplication in {s} seconds (JVM 1.8.0_252-b09, max heap 15.70 GiB, 16 processors, render workers "
           "16)")
JVM_OK = "Started PayslipApplication in {s} seconds (JVM 1.8.0_252-b09, max heap 768 MiB, 2 processors, render workers 2)"
OOM_KILL = ("kernel: Memory cgroup out of memory: Killed process {pid} (java) total-vm:{vm}kB, anon-rss:{rss}kB, "
            "file-rss:0kB, oom_memcg=/kubepods.slice/kubepods-burstable.slice/kubepods-burstable-pod{uid}.slice")
CORDON = ("sre_oncall_liuyang: kubectl cordon xy-k8s-node-07; kubectl delete pod {pods} (xy-payslip OOMKilled on node-07 only, "
          "rescheduled to node-01..06)")
PAYSLIP_FONT = ("[nacos] config changed: dataId=xy-payslip.yaml group=PAYSLIP key=payslip.pdf.font old=NotoSansSC "
                "new=SourceHanSansSC operator=payslip_dev_tangyi md5=c4a9e12f07b3")
ATTENDANCE_DEPLOY = ("deploy finished: xy-attendance 4.2.2 (was 4.2.1) rolled out by ci-bot pipeline=#5529; changes: 班次导入"
                     "支持跨天休息段")

# (6) one customer's slow webhook endpoint holding every dispatcher worker
HF_ENDPOINT = "https://erp.hengfeng-group.com/api/xinyun/callback"
HF_PUBLISH = "enqueued 14206 events payslip.published for T-3017 恒丰集团 (subscription SUB-3017-01 -> erp.hengfeng-group.com)"
HF_TIMEOUT = ("delivery {evt} payslip.published -> T-3017 {endpoint}: timeout after 30000ms (attempt {attempt}/3), workers "
              "busy 32/32")
WEBHOOK_LATE = "delivery {evt} {kind} -> {tenant} {tname} ok 200 in {ms}ms, queued {age}s before dispatch"
HF_PAUSE = ("subscription SUB-3017-01 (T-3017 恒丰集团) paused by webhook_ops_hejing: endpoint timing out since 10:35, "
            "customer IT notified (TK-90412)")
WEBHOOK_LIMIT = ("[nacos] config changed: dataId=xy-webhook.yaml group=WEBHOOK key=webhook.dispatch.per-tenant-max-"
                 "concurrency old=0 new=4 operator=webhook_ops_hejing md5=8d05c3f1a9e2")
WEBHOOK_DEPLOY = ("deploy finished: xy-webhook 2.3.0 (was 2.2.7) rolled out by ci-bot pipeline=#5531; changes: signature "
                  "header X-XY-Signature-256")
AGE_PEAK = 2947
AGE_ALERT_VALUE = "612 秒"

# (7) the pool in transaction mode under pgjdbc's prepared statements
PGB_CHANGE = ("pgbouncer.ini edited by dba_hanxue (CHG-20261228-03 发薪日连接余量): [databases] payroll pool_mode session -> "
              "transaction, default_pool_size 80 -> 40; RELOAD")
PGB_REVERT = ("pgbouncer.ini edited by dba_hanxue: [databases] payroll pool_mode transaction -> session (pgjdbc server-side "
              "prepared statements), default_pool_size 40 -> 80; RELOAD")
CALC_PREPARED = ("payroll run {run} tenant {tenant} {tname} step {step} failed: org.postgresql.util.PSQLException: ERROR: "
                 "prepared statement \"S_{n}\" {what} -> run FAILED (attempt {attempt}/3)")
CALC_REQUEUE = "re-queued 214 payroll runs failed between 13:06 and 14:18: 214 completed"
CALC_PARALLELISM = ("[nacos] config changed: dataId=xy-payroll-calc.yaml group=PAYROLL key=payroll.calc.parallelism old=8 "
                    "new=12 operator=calc_dev_fengrui md5=2a7c91e0d4b6")

# (8) the support engineer's uncommitted UPDATE
DBEAVER_UPDATE = ("LOG:  statement: UPDATE payroll.payroll_calendar SET approval_cutoff = '2026-12-29 18:00' WHERE period = "
                  "'2026-12' -- TK-88213 (user=support_l2_zhaolei application_name=DBeaver 24.1.0 - Main, autocommit off, "
                  "pid 39102)")
LOCK_WAIT = ("LOG:  process {pid} still waiting for ShareLock on transaction 918273645 after 1000.{ms:03d} ms; DETAIL:  "
             "Process holding the lock: 39102. STATEMENT:  SELECT * FROM payroll.payroll_calendar WHERE tenant_id = $1 AND "
             "period = $2 FOR UPDATE")
CALC_LOCK = ("approve payroll run {run} tenant {tenant} {tname} 2026-12: ERROR: canceling statement due to lock timeout "
             "(lock_timeout 10s, payroll_calendar) -> approval failed, 请稍后重试")
TERMINATE = ("dba_hanxue: pg_stat_activity pid 39102 user support_l2_zhaolei application 'DBeaver 24.1.0 - Main' state idle "
             "in transaction since 16:02:11 (1264 rows of payroll_calendar locked); SELECT pg_terminate_backend(39102)")
REFIX = "support_l2_zhaolei: TK-88213 re-done for tenant T-1045 only (1 row), committed"
CALC_DEPLOY = ("deploy finished: xy-payroll-calc 8.12.1 (was 8.12.0) rolled out by ci-bot pipeline=#5533; changes: 年终奖"
               "分摊到月 report")
LOCK_PEAK = 186
LOCK_ALERT_VALUE = "24 个会话"
CALC_BATCH = ("[nacos] config changed: dataId=xy-payroll-calc.yaml group=PAYROLL key=payroll.calc.batch-size old=500 new=800 "
              "operator=calc_dev_fengrui md5=f0e2a6c8b3d1")
CALC_RETRY = ("[nacos] config changed: dataId=xy-payroll-calc.yaml group=PAYROLL key=payroll.calc.retry.max-attempts old=3 "
              "new=5 operator=calc_dev_fengrui md5=7b3e1d9c05a4")

# (9) the e-sign vendor's new flow status
VENDOR_NOTICE = ("vendor notice 签盾 QD-NT-20261228: 2026-12-28 14:00 发布 API 3.9，签署完成的流程自动归档，回调 flowStatus 新增 "
                 "FINISHED_ARCHIVED")
CALLBACK_FAIL = ("callback POST /api/econtract/v1/callback/qiandun flow {flow} tenant {tenant}: 500 HttpMessageNotReadable"
                 "Exception: JSON parse error: Cannot deserialize value of type `com.xinyun.econtract.SignFlowStatus` from "
                 "String \"FINISHED_ARCHIVED\": not one of the values accepted for Enum class: [CREATED, SIGNING, FINISHED, "
                 "REJECTED, EXPIRED, REVOKED]")
CONTRACT_STUCK = ("contract {contract} employee {emp} tenant {tenant}: vendor callbacks exhausted (3/3), status SIGNING, "
                  "onboarding task {task} waiting for signed contract")
ECONTRACT_DEPLOY = ("deploy finished: xy-econtract 3.2.1 (was 3.2.0) rolled out by ci-bot pipeline=#5536; changes: "
                    "SignFlowStatus FINISHED_ARCHIVED -> FINISHED, unknown values read as UNKNOWN")
REPUSH = "签盾 re-pushed 1128 completion callbacks on request of econtract_dev_sunqi: 1128 contracts SIGNING -> FINISHED"
ECONTRACT_CONFIG = ("[nacos] config changed: dataId=xy-econtract.yaml group=ECONTRACT key=econtract.reminder.interval-hours "
                    "old=24 new=12 operator=econtract_dev_sunqi md5=93d1f6a20e7c")

# (10) the recording rule renamed under the HPA's external metric
RULE_RENAME = ("PrometheusRule xinyun-recording-rules updated by obs_eng_malin (CHG-20261228-07 recording rules renamed to "
               "level:metric:operations): 41 rules, e.g. xy:notify_pending_messages -> xy:notify_pending_messages:sum; "
               "prometheus reloaded")
ADAPTER_EMPTY = ("prometheus-adapter: external metric xy_notify_pending_messages (namespace xinyun-prod): query "
                 "'xy:notify_pending_messages{namespace=\"xinyun-prod\"}' returned no series")
NOTIFY_WAVE = ("push wave: tenant {tenant} {tname} published 2026-12 年终奖工资条 for {n} employees -> {n} SMS/WeCom messages "
               "queued")
NOTIFY_BACKLOG = "pending messages {pending}, consumers {pods} pods x 90/s, oldest waiting {oldest} min"
NOTIFY_CONFIG = ("[nacos] config changed: dataId=xy-notify.yaml group=NOTIFY key=notify.sms.vendor-weight old=aliyun:70,"
                 "tencent:30 new=aliyun:60,tencent:40 operator=notify_dev_zhuqing md5=e8a40b2c7d19")
HPA_METRIC_ERROR = ("unable to get external metric xinyun-prod/xy_notify_pending_messages/&LabelSelector{MatchLabels:map[string]"
                    "string{queue: notify-main,},MatchExpressions:[]LabelSelectorRequirement{},}: unable to fetch metrics from "
                    "external metrics API: the server could not find the metric xy_notify_pending_messages for ")
NOTIFY_ALERT_VALUE = "21400 条"

# Healthy services' changes and the unrelated alerts
BILLING_DEPLOY = ("deploy finished: xy-billing 1.9.4 (was 1.9.3) rolled out by ci-bot pipeline=#5530; changes: 2027 套餐价目表")
SFTP_HOST = "sftp.xinyunhr.com"

# --- Pods, nodes ---------------------------------------------------------------------------------
PAYSLIP_PODS = pod_names("xy-payslip", "2.5.0", 8)
#: The two pods the HPA added at 10:02 and the scheduler put on the new node; their replacements after 12:08.
ON_BAD_NODE_PAYSLIP = PAYSLIP_PODS[4:6]
REPLACEMENTS = PAYSLIP_PODS[6:8]
NOTIFY_PODS = pod_names("xy-notify", "3.1.4", 8)

ROLLOUTS: dict[str, list[tuple[str, tuple[str, ...]]]] = {
    "xy-gateway": [("00:00", pod_names("xy-gateway", "2.14.3", 3))],
    "xy-hr-core": [("00:00", pod_names("xy-hr-core", "5.9.0", 3))],
    "xy-attendance": [("00:00", pod_names("xy-attendance", "4.2.1", 3)),
                      ("09:26:00", pod_names("xy-attendance", "4.2.2", 3))],
    "xy-payroll-calc": [("00:00", pod_names("xy-payroll-calc", "8.12.0", 4)),
                        ("15:21:00", pod_names("xy-payroll-calc", "8.12.1", 4))],
    "xy-tax": [("00:00", pod_names("xy-tax", "6.3.2", 3)), ("08:06:00", pod_names("xy-tax", "6.4.0", 3))],
    "xy-si-declare": [("00:00", pod_names("xy-si-declare", "3.6.1", 2)),
                      ("07:51:00", pod_names("xy-si-declare", "3.6.2", 2))],
    "xy-disburse": [("00:00", pod_names("xy-disburse", "4.7.3", 2)), ("09:06:00", pod_names("xy-disburse", "4.8.0", 2))],
    "xy-payslip": [("00:00", PAYSLIP_PODS[0:4]), ("10:02:30", PAYSLIP_PODS[0:6]),
                   ("12:08:40", PAYSLIP_PODS[0:4] + REPLACEMENTS), ("14:10:00", PAYSLIP_PODS[0:4])],
    "xy-notify": [("00:00", NOTIFY_PODS[0:2]), ("10:05:00", NOTIFY_PODS[0:6]), ("10:20:00", NOTIFY_PODS[0:8]),
                  ("13:40:00", NOTIFY_PODS[0:2])],
    "xy-econtract": [("00:00", pod_names("xy-econtract", "3.2.0", 2)),
                     ("15:51:00", pod_names("xy-econtract", "3.2.1", 2))],
    "xy-ess-app": [("00:00", pod_names("xy-ess-app", "3.8.4", 3)), ("10:21:00", pod_names("xy-ess-app", "3.8.4@1028", 3))],
    "xy-webhook": [("00:00", pod_names("xy-webhook", "2.2.7", 2)), ("10:11:00", pod_names("xy-webhook", "2.3.0", 2))],
    "xy-billing": [("00:00", pod_names("xy-billing", "1.9.3", 2)), ("11:31:00", pod_names("xy-billing", "1.9.4", 2))],
}
NODES = [f"xy-k8s-node-{n:02d}" for n in range(1, 8)]
_OLD_NODES = NODES[:-1]
VMS = {
    "xy-k8s-node": NODES,
    "xy-payroll-db": ["pg-pay-01", "pg-pay-02"],
    "xy-pgbouncer": ["pgb-01", "pgb-02"],
    "xy-bank-fep": ["fep-hsb-01", "fep-icbc-01", "fep-cmb-01"],
    "xy-ess-redis": ["redis-ess-01", "redis-ess-02", "redis-ess-03"],
    "xy-monitoring": ["prom-01", "prom-adapter-01"],
    "xy-dw": ["dw-etl-01"],
}
INSTANCES: dict[str, list[str]] = {service: list(steps[-1][1]) for service, steps in ROLLOUTS.items()} | VMS

ATTENDANCE_ON_BAD_NODE = ROLLOUTS["xy-attendance"][1][1][1]
#: Everything the scheduler put on the node that joined at 09:12: the two payslip pods, one attendance pod.
ON_BAD_NODE = (*ON_BAD_NODE_PAYSLIP, ATTENDANCE_ON_BAD_NODE)


def node_of(pod: str) -> str:
    """The node a pod runs on: the pods on node-07, the others spread over the six older nodes."""
    if pod in ON_BAD_NODE:
        return BAD_NODE
    return _OLD_NODES[int(hashlib.sha256(pod.encode()).hexdigest(), 16) % len(_OLD_NODES)]


SERVICES: list[Json] = [
    {"name": "xy-gateway", "aliases": ["开放平台", "API 网关", "开放 API", "网关", "OpenAPI"],
     "description": "开放平台网关（Go，3 个副本）：客户 ERP（SAP、用友、金蝶）调用的开放 API，按租户鉴权与限流；SFTP 入口 "
                    f"{SFTP_HOST} 也挂在这里。"},
    {"name": "xy-hr-core", "aliases": ["员工主数据", "人事核心", "HR 核心", "组织人事", "员工档案"],
     "description": "人事核心（Java，3 个副本）：租户的员工档案、组织架构、入转调离；入职任务等电子合同签署完成后生效。"},
    {"name": "xy-attendance", "aliases": ["考勤", "考勤系统", "排班", "打卡", "考勤导入"],
     "description": "考勤（Go，3 个副本）：考勤机与企业微信打卡数据、Excel 考勤导入、排班与班次，月底把出勤结果交给算薪。"},
    {"name": "xy-payroll-calc", "aliases": ["算薪", "算薪服务", "工资核算", "薪资计算", "薪资核算", "算工资", "工资计算"],
     "description": "薪资核算（Java 17，4 个副本，pgjdbc 经 PgBouncer 连 xy-payroll-db）：按租户跑算薪（payroll run：应发、社保"
                    "公积金、个税（调 xy-tax）、实发），HR 审批时锁该租户该月的 payroll_calendar 行（SELECT … FOR UPDATE，"
                    "lock_timeout 10s），审批后交代发与工资条。"},
    {"name": "xy-tax", "aliases": ["个税", "个税服务", "个税计算", "扣缴", "个税申报"],
     "description": "个人所得税（Java，3 个副本）：累计预扣法计算每月预扣税额（累计收入 − 累计减除费用 − 累计专项附加扣除…），"
                    "与试算差异超过阈值的员工挂起待复核（TAX_VARIANCE）；经扣缴端接口下载员工的专项附加扣除、申报个税。"},
    {"name": "xy-si-declare", "aliases": ["社保申报", "社保", "公积金", "社保公积金", "增减员", "社保增员"],
     "description": "社保与公积金申报（Java，2 个副本）：客户 HR 提交的增员、减员、补缴按城市发往各地社保经办接口与公积金中心，"
                    f"申报所属期由业务日期格式化；每小时 CronJob {SI_CRON} 查询经办机构的审核状态。"},
    {"name": "xy-disburse", "aliases": ["代发", "工资代发", "银行代发", "发薪", "代发工资", "发放"],
     "description": "银行代发（Java，2 个副本）：审批后的实发工资按客户的代发银行生成代发文件，经各银行的前置机（银企直连 "
                    "xy-bank-fep）提交，银行逐笔返回结果（成功、退回）。"},
    {"name": "xy-payslip", "aliases": ["工资条", "工资条服务", "工资单", "电子工资条"],
     "description": "工资条（Java 8，JDK 1.8.0_252，4 个副本，HPA 最多 8 个，内存 limit 3 GiB）：审批后批量渲染员工的 PDF 工资条，"
                    "发布后由 xy-notify 通知员工、xy-webhook 回调客户。"},
    {"name": "xy-notify", "aliases": ["消息推送", "通知", "短信", "企微消息", "推送服务"],
     "description": "消息推送（Go，HPA 2–12 个副本，按外部指标 xy_notify_pending_messages 扩缩，来自 Prometheus 记录规则 "
                    "xy:notify_pending_messages，经 prometheus-adapter）：工资条短信、企业微信消息，每个 Pod 约 90 条/秒。"},
    {"name": "xy-econtract", "aliases": ["电子合同", "电子签", "合同签署", "劳动合同"],
     "description": "电子合同（Java，2 个副本）：经电子签供应商签盾（QianDun）发起劳动合同签署，签署状态由供应商回调。"},
    {"name": "xy-ess-app", "aliases": ["员工自助", "员工自助 App", "App", "员工 App", "自助 App", "ESS"],
     "description": "员工自助 App 后端（Node.js BFF，3 个副本）：登录、查工资条、考勤、个税明细；会话存在 Redis（xy-ess-redis，"
                    "ioredis 客户端）。"},
    {"name": "xy-webhook", "aliases": ["回调", "回调推送", "Webhook", "回调服务", "事件回调", "ERP 回调"],
     "description": "事件回调（Go，2 个副本）：把 payroll.approved、payslip.published、employee.onboarded 等事件推给客户 ERP "
                    "订阅的地址；32 个共享派发 worker，超时 30 秒，重试 3 次。"},
    {"name": "xy-billing", "aliases": ["计费", "计费系统", "账单", "订阅计费"],
     "description": "计费（Java，2 个副本）：按租户员工人数与模块订阅出账、开票。"},
    {"name": "xy-k8s-node", "aliases": ["K8s 节点", "工作节点", "节点"],
     "description": "集群 xy-prod 的节点 xy-k8s-node-01..06（节点池 np-2025q2，CentOS 7，cgroup v1）与 12-28 新加入的 "
                    "xy-k8s-node-07（节点池 np-2026q4）。"},
    {"name": "xy-payroll-db", "aliases": ["算薪数据库", "薪资库", "PostgreSQL", "数据库", "payroll 库"],
     "description": "薪资数据库（PostgreSQL 15，pg-pay-01 主、pg-pay-02 备，log_statement=mod，log_lock_waits=on）。"},
    {"name": "xy-pgbouncer", "aliases": ["PgBouncer", "连接池", "数据库连接池"],
     "description": "PgBouncer（pgb-01/02）：xy-payroll-calc 等服务经它连 xy-payroll-db。"},
    {"name": "xy-bank-fep", "aliases": ["前置机", "银企直连", "银行前置机", "FEP"],
     "description": "各银行的银企直连前置机（fep-hsb-01 华商银行、fep-icbc-01 工商银行、fep-cmb-01 招商银行），前置机客户端由"
                    "银行提供并经银行的更新通道升级。"},
    {"name": "xy-ess-redis", "aliases": ["App 会话 Redis", "ess-session", "会话缓存", "Redis"],
     "description": "员工 App 会话的 Redis Cluster ess-session（redis-ess-01，12-27 起扩到 3 个主节点）。"},
    {"name": "xy-monitoring", "aliases": ["监控", "Prometheus", "prometheus-adapter", "记录规则"],
     "description": "监控（prom-01 Prometheus 与记录规则，prom-adapter-01 prometheus-adapter 给 HPA 提供外部指标）。"},
    {"name": "xy-dw", "aliases": ["数据仓库", "数仓", "ETL"], "description": "数据仓库（dw-etl-01）：夜间 ETL 与经营报表。"},
]

WINDOWS = {
    "ess": (_y("23:14"), _t("10:21:30")),
    "si": (_t("08:40"), _t("11:39")),
    "tax": (_t("09:00"), _t("15:06")),
    "fep": (_t("09:30"), _t("11:56")),
    "payslip": (_t("10:02:30"), _t("12:09")),
    "webhook": (_t("10:35:10"), _t("12:40")),
    "prepared": (_t("13:05:20"), _t("14:19")),
    "lock": (_t("16:02:11"), _t("17:07")),
    "econtract": (_t("14:02"), _t("15:51")),
    "notify": (_t("18:30"), REFERENCE),
}


def _inside(window: str, t: dt.datetime) -> bool:
    a, b = WINDOWS[window]
    return a <= t < b


def _day(t: dt.datetime) -> bool:
    return _t("08:30") <= t < _t("19:30")


# --- Business vocabulary -------------------------------------------------------------------------
Line = tuple[str, str, dict[str, Any]]
TENANTS = {"T-1045": "顺和物流", "T-1120": "华瑞制造", "T-1388": "锦程餐饮", "T-1702": "东岳医药", "T-1936": "安和物业",
           "T-2204": "明德教育", "T-2560": "蓝海科技", "T-2911": "佳禾零售", "T-3017": "恒丰集团"}
#: The tenants that pay through 华商银行 (the others through 工商银行 or 招商银行).
HSB_TENANTS = ("T-1045", "T-1388", "T-2911", "T-1936")
OTHER_BANK = {"T-1120": "ICBC", "T-1702": "CMB", "T-2204": "ICBC", "T-2560": "CMB", "T-3017": "ICBC"}
BANKS = {"HSB": ("华商银行", "fep-hsb-01"), "ICBC": ("工商银行", "fep-icbc-01"), "CMB": ("招商银行", "fep-cmb-01")}
#: Names with a character outside GB2312 (the rows 华商银行 returned) and ordinary ones.
RARE_NAMES = ("王喆", "李堃", "陈镕", "张玥", "刘赟", "周祎", "孙犇", "赵堃", "黄喆", "吴玥")
NAMES = ("王伟", "李娜", "张敏", "刘洋", "陈静", "杨磊", "赵丽", "黄强", "周杰", "吴芳", "徐涛", "孙婷", "马超", "朱琳")
CITIES = ("深圳", "广州", "上海", "杭州", "成都", "武汉")
SI_KINDS = ("增员", "减员", "补缴")
HR_USERS = ("hr_liwen", "hr_zhaoyu", "hr_chenlu", "hr_mengqi", "hr_gaofei")


def _emp(w: WorldBuilder) -> str:
    return f"E{w.rng.randint(100000, 999999)}"


def _run(w: WorldBuilder, t: dt.datetime) -> str:
    return f"RUN-{t:%y%m%d}-{w.rng.randint(1000, 9999)}"


def _tenant(w: WorldBuilder, *, but: tuple[str, ...] = ()) -> str:
    return w.rng.choice([t for t in TENANTS if t not in but])


def _pod(w: WorldBuilder, service: str, t: dt.datetime) -> str:
    return w.pod_at(ROLLOUTS[service], t)


# --- Noise: every service's ordinary day ----------------------------------------------------------
def _gateway(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "xy-gateway", t)
    tenant = _tenant(w)
    roll = w.rng.random()
    if roll < 0.45:
        path = w.rng.choice(["/openapi/v2/employees", "/openapi/v2/payroll/runs", "/openapi/v2/attendance/records",
                             "/openapi/v2/payslips"])
        return "INFO", f"GET {path}?tenant={tenant} 200 took={w.ms(6, 90)}ms", {"instance": pod, "log_type": "access"}
    if roll < 0.8:
        return "INFO", (f"POST /openapi/v2/employees/batch tenant={tenant} items={w.rng.randint(1, 200)} 200 "
                        f"took={w.ms(40, 600)}ms"), {"instance": pod, "log_type": "access"}
    if roll < 0.93:
        return "INFO", f"oauth token issued client erp-{tenant.lower()} scope=payroll.read expires_in=7200", {"instance": pod}
    return "WARN", f"tenant {tenant} at {w.rng.randint(70, 88)}% of its API quota for this minute", {"instance": pod}


def _hr_core(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "xy-hr-core", t)
    tenant = _tenant(w)
    roll = w.rng.random()
    if roll < 0.35 and _day(t):
        return "INFO", f"employee {_emp(w)} tenant {tenant} {TENANTS[tenant]} transfer approved (dept change)", {"instance": pod}
    if roll < 0.7:
        return "INFO", f"GET /api/hr/v1/employees?tenant={tenant}&page={w.rng.randint(1, 40)} 200 took={w.ms(5, 60)}ms", {
            "instance": pod, "log_type": "access"}
    if roll < 0.9:
        return "INFO", f"org sync tenant {tenant}: {w.rng.randint(0, 12)} departments changed from 企业微信", {"instance": pod}
    return "WARN", f"employee {_emp(w)} tenant {tenant}: ID card photo OCR confidence 0.{w.rng.randint(61, 79)}, sent to manual check", {
        "instance": pod}


def _attendance(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "xy-attendance", t)
    tenant = _tenant(w)
    roll = w.rng.random()
    if not _day(t):
        return "INFO", f"punch sync from 企业微信 tenant {tenant}: {w.rng.randint(0, 40)} punches", {"instance": pod}
    if roll < 0.3:
        rows = w.rng.randint(2000, 42000)
        return "INFO", (f"attendance import tenant {tenant} {TENANTS[tenant]} file 考勤_2026-12.xlsx rows {rows} imported, "
                        f"0 errors, took={w.ms(900, 9000)}ms"), {"instance": pod}
    if roll < 0.55:
        return "INFO", f"punch sync from 企业微信 tenant {tenant}: {w.rng.randint(100, 3000)} punches", {"instance": pod}
    if roll < 0.75:
        return "INFO", f"monthly attendance result 2026-12 tenant {tenant} sent to xy-payroll-calc ({w.rng.randint(80, 9000)} employees)", {
            "instance": pod}
    if roll < 0.9:
        return "INFO", f"GET /api/attendance/v1/shifts?tenant={tenant} 200 took={w.ms(4, 50)}ms", {"instance": pod,
                                                                                                "log_type": "access"}
    return "WARN", f"punch of {_emp(w)} tenant {tenant} outside geofence ({w.rng.randint(310, 900)} m), flagged for HR", {
        "instance": pod}


def _calc(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "xy-payroll-calc", t)
    tenant = _tenant(w)
    roll = w.rng.random()
    if not _day(t):
        if roll < 0.5:
            return "INFO", f"GET /actuator/health 200 took={w.ms(1, 6)}ms", {"instance": pod, "log_type": "access"}
        return "INFO", f"scheduled trial run {_run(w, t)} tenant {tenant} 2026-12 done employees={w.rng.randint(60, 9000)}", {
            "instance": pod}
    if roll < 0.45:
        step = w.rng.choice(["GROSS", "SOCIAL", "TAX", "NET"])
        return "INFO", (f"payroll run {_run(w, t)} tenant {tenant} {TENANTS[tenant]} step {step} done employees="
                        f"{w.rng.randint(60, 9000)} took={w.rng.uniform(1.2, 48):.1f}s"), {"instance": pod}
    if roll < 0.65 and not _inside("lock", t):
        return "INFO", (f"approve payroll run {_run(w, t)} tenant {tenant} {TENANTS[tenant]} 2026-12 by "
                        f"{w.rng.choice(HR_USERS)}: approved, handed to xy-disburse and xy-payslip"), {"instance": pod}
    if roll < 0.9:
        return "INFO", f"GET /api/payroll/v1/runs?tenant={tenant}&period=2026-12 200 took={w.ms(8, 90)}ms", {
            "instance": pod, "log_type": "access"}
    return "WARN", (f"payroll run {_run(w, t)} tenant {tenant}: {w.rng.randint(1, 9)} employees without bank account, "
                    "excluded from disbursement"), {"instance": pod}


def _tax(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "xy-tax", t)
    tenant = _tenant(w)
    roll = w.rng.random()
    if roll < 0.45 and _day(t):
        return "INFO", (f"withholding 2026-12 tenant {tenant} {TENANTS[tenant]}: {w.rng.randint(60, 9000)} employees "
                        f"computed, took={w.rng.uniform(0.8, 22):.1f}s"), {"instance": pod}
    if roll < 0.75:
        return "INFO", f"GET /api/tax/v1/withholding?tenant={tenant}&period=2026-12 200 took={w.ms(6, 70)}ms", {
            "instance": pod, "log_type": "access"}
    if roll < 0.92:
        return "INFO", f"扣缴端 heartbeat ok ({w.ms(40, 300)}ms), session valid", {"instance": pod}
    return "WARN", f"扣缴端 response slow took={w.ms(3000, 8000)}ms (method queryDeclareStatus), retry ok", {"instance": pod}


def _si(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "xy-si-declare", t)
    tenant = _tenant(w)
    city = w.rng.choice(CITIES)
    if _day(t) and t >= _t("11:45") and w.rng.random() < 0.55:
        kind = w.rng.choice(SI_KINDS)
        office = f"社保经办接口 ({city})" if w.rng.random() < 0.7 else f"公积金中心 ({city})"
        return "INFO", (f"declaration batch SI{t:%m%d}{w.rng.randint(1000, 9999)} tenant {tenant} {TENANTS[tenant]} {kind} "
                        f"{w.rng.randint(1, 60)} 人 -> {office}, 所属期 2026-12: accepted"), {"instance": pod}
    if w.rng.random() < 0.5:
        return "INFO", f"GET /api/si/v1/city-rules?city={city} 200 took={w.ms(3, 30)}ms", {"instance": pod, "log_type": "access"}
    return "INFO", f"GET /actuator/health 200 took={w.ms(1, 5)}ms", {"instance": pod, "log_type": "access"}


def _disb_batch(w: WorldBuilder, t: dt.datetime, tenant: str, bank: str) -> str:
    return f"PAY{t:%m%d}{bank[:2]}{w.rng.randint(10000, 99999)}"


def _disburse(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "xy-disburse", t)
    roll = w.rng.random()
    if _t("09:30") <= t < _t("18:00") and roll < 0.6:
        # 华商银行's batches are the incident's own lines until the rows are re-submitted.
        tenant = _tenant(w, but=HSB_TENANTS if t < _t("12:06") else ())
        bank = "HSB" if tenant in HSB_TENANTS else OTHER_BANK[tenant]
        rows = w.rng.randint(80, 3200)
        batch = _disb_batch(w, t, tenant, bank)
        if roll < 0.3:
            return "INFO", (f"payroll batch {batch} tenant {tenant} {TENANTS[tenant]} {rows} rows ¥{rows * w.rng.uniform(6000, 14000):,.2f} "
                            f"-> {BANKS[bank][0]} via {BANKS[bank][1]}"), {"instance": pod}
        returned = 1 if w.rng.random() < 0.15 else 0
        note = ", 1 returned (E1009 账户已销户)" if returned else ""
        return "INFO", f"bank result {batch} {BANKS[bank][0]}: {rows - returned}/{rows} paid{note}", {"instance": pod}
    if roll < 0.8:
        bank = w.rng.choice(list(BANKS))
        return "INFO", f"电子回单 download {BANKS[bank][0]}: {w.rng.randint(0, 400)} receipts", {"instance": pod}
    return "INFO", f"GET /api/disburse/v1/batches?status=PROCESSING 200 took={w.ms(5, 40)}ms", {"instance": pod,
                                                                                                "log_type": "access"}


def _payslip(w: WorldBuilder, t: dt.datetime) -> Line:
    steps = ROLLOUTS["xy-payslip"]
    serving = steps[0][1]
    for clock, step in steps:
        if _t(clock) <= t:
            serving = step
    # The two pods on node-07 write the incident's own lines.
    pod = w.rng.choice([p for p in serving if p not in ON_BAD_NODE_PAYSLIP])
    tenant = _tenant(w)
    if _day(t) and w.rng.random() < 0.6:
        return "INFO", (f"payslips rendered tenant {tenant} {TENANTS[tenant]} 2026-12 batch of {w.rng.randint(50, 500)} "
                        f"PDFs took={w.rng.uniform(4, 60):.1f}s"), {"instance": pod}
    if w.rng.random() < 0.6:
        return "INFO", f"GET /api/payslip/v1/payslips/{_emp(w)}/2026-11 200 took={w.ms(8, 80)}ms", {"instance": pod,
                                                                                                 "log_type": "access"}
    return "WARN", f"template of tenant {tenant}: field 'overtime_hours' empty for {w.rng.randint(1, 30)} employees, shown as 0", {
        "instance": pod}


def _notify(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "xy-notify", t)
    tenant = _tenant(w)
    roll = w.rng.random()
    if roll < 0.45:
        vendor = "aliyun" if w.rng.random() < 0.65 else "tencent"
        return "INFO", f"SMS sent via {vendor} to 1{w.rng.randint(3000000000, 9999999999)} template PAYSLIP_READY tenant {tenant}", {
            "instance": pod}
    if roll < 0.85:
        return "INFO", f"WeCom message sent to {_emp(w)} tenant {tenant} (工资条已发布)", {"instance": pod}
    return "WARN", f"SMS to 1{w.rng.randint(3000000000, 9999999999)} failed: isv.MOBILE_NUMBER_ILLEGAL, dropped", {"instance": pod}


def _econtract(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "xy-econtract", t)
    tenant = _tenant(w)
    flow = f"QD{w.rng.randint(10**11, 10**12 - 1)}"
    roll = w.rng.random()
    if roll < 0.3 and _day(t):
        return "INFO", f"sign flow {flow} created tenant {tenant}: 劳动合同 for {_emp(w)}, signers 2", {"instance": pod}
    if roll < 0.55 and _day(t):
        # The completion callbacks are the incident's own lines while the new status cannot be read.
        status = "SIGNING" if _inside("econtract", t) or w.rng.random() < 0.5 else "FINISHED"
        return "INFO", f"callback flow {flow} tenant {tenant} flowStatus={status} ok", {"instance": pod}
    if roll < 0.85:
        return "INFO", f"GET /api/econtract/v1/contracts?tenant={tenant}&status=SIGNING 200 took={w.ms(6, 50)}ms", {
            "instance": pod, "log_type": "access"}
    return "WARN", f"sign flow {flow} tenant {tenant}: signer {_emp(w)} did not sign within 72h, reminder sent", {"instance": pod}


def _ess(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "xy-ess-app", t)
    tenant = _tenant(w)
    roll = w.rng.random()
    if roll < 0.4:
        return "INFO", f"GET /api/ess/v1/payslips/2026-12 200 user {_emp(w)} tenant {tenant} took={w.ms(20, 180)}ms", {
            "instance": pod, "log_type": "access"}
    if roll < 0.7:
        return "INFO", f"login ok user {_emp(w)} tenant {tenant} via {w.rng.choice(['app', 'wecom', 'h5'])}", {"instance": pod}
    if roll < 0.9:
        return "INFO", f"GET /api/ess/v1/attendance/2026-12 200 user {_emp(w)} took={w.ms(15, 120)}ms", {
            "instance": pod, "log_type": "access"}
    return "WARN", f"wecom oauth code expired for user {_emp(w)}, redirected to login", {"instance": pod}


def _webhook(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "xy-webhook", t)
    if _inside("webhook", t) or w.rng.random() < 0.3:
        return "INFO", f"GET /healthz 200 took={w.ms(1, 4)}ms", {"instance": pod, "log_type": "access"}
    tenant = _tenant(w)
    kind = w.rng.choice(["payroll.approved", "payslip.published", "employee.onboarded", "attendance.closed"])
    return "INFO", (f"delivery EVT{w.rng.randint(10**8, 10**9 - 1)} {kind} -> {tenant} {TENANTS[tenant]} ok 200 in "
                    f"{w.ms(40, 400)}ms, queued 0s before dispatch"), {"instance": pod}


def _billing(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "xy-billing", t)
    tenant = _tenant(w)
    roll = w.rng.random()
    if roll < 0.4:
        return "INFO", f"usage metering tenant {tenant}: {w.rng.randint(60, 15000)} active employees in 2026-12", {"instance": pod}
    if roll < 0.8:
        return "INFO", f"GET /api/billing/v1/invoices?tenant={tenant} 200 took={w.ms(8, 80)}ms", {"instance": pod,
                                                                                              "log_type": "access"}
    return "WARN", f"tenant {tenant}: subscription renews in {w.rng.randint(3, 28)} days, reminder mail queued", {"instance": pod}


def _node(w: WorldBuilder, t: dt.datetime) -> Line:
    node = w.rng.choice([n for n in NODES if n != BAD_NODE or t >= _t("09:13")])
    roll = w.rng.random()
    stamp = f"I{t:%m%d} {t:%H:%M:%S}.{w.rng.randint(100000, 999999)}"
    if roll < 0.4:
        return "INFO", (f'kubelet[1188]: {stamp} image_gc_manager.go:391] "Disk usage on image filesystem is below the low '
                        f'threshold" usage={w.rng.randint(21, 55)} lowThreshold=80'), {"instance": node}
    if roll < 0.7:
        return "INFO", f"systemd[1]: Started Session {w.rng.randint(1000, 9000)} of User root.", {"instance": node}
    return "INFO", (f"chronyd[{w.rng.randint(700, 900)}]: Selected source 10.16.0.1 (ntp.xinyun.local), offset "
                    f"{w.rng.uniform(-0.4, 0.4):.3f}ms"), {"instance": node}


def _db(w: WorldBuilder, t: dt.datetime) -> Line:
    roll = w.rng.random()
    if roll < 0.45:
        return "INFO", (f"LOG:  checkpoint complete: wrote {w.rng.randint(800, 12000)} buffers; write={w.rng.uniform(10, 90):.3f} s"), {
            "instance": "pg-pay-01"}
    if roll < 0.8:
        table = w.rng.choice(["payroll.payroll_item", "payroll.payroll_run", "tax.withholding_detail"])
        return "INFO", f"LOG:  automatic vacuum of table \"{table}\": index scans: 1, pages: {w.rng.randint(10, 900)} scanned", {
            "instance": "pg-pay-01"}
    return "INFO", f"LOG:  replication lag to pg-pay-02 {w.rng.randint(0, 300)} kB", {"instance": "pg-pay-02"}


def _pgbouncer(w: WorldBuilder, t: dt.datetime) -> Line:
    xacts = w.rng.randint(300, 1400) if _day(t) else w.rng.randint(20, 120)
    return "INFO", (f"LOG stats: {xacts} xacts/s, {xacts * w.rng.randint(6, 12)} queries/s, in {w.rng.uniform(0.5, 6):.1f} MB/s, "
                    f"xact {w.rng.randint(900, 4200)} us, query {w.rng.randint(150, 600)} us, wait 0 us"), {
        "instance": w.rng.choice(VMS["xy-pgbouncer"])}


def _fep(w: WorldBuilder, t: dt.datetime) -> Line:
    bank = w.rng.choice(list(BANKS))
    name, host = BANKS[bank]
    if w.rng.random() < 0.6:
        return "INFO", f"heartbeat to {name} ok ({w.ms(20, 180)}ms), session valid", {"instance": host}
    return "INFO", f"receipt file downloaded from {name}: {w.rng.randint(0, 300)} 电子回单", {"instance": host}


def _redis(w: WorldBuilder, t: dt.datetime) -> Line:
    host = "redis-ess-01" if t < _y("23:10") else w.rng.choice(VMS["xy-ess-redis"])
    if w.rng.random() < 0.5:
        return "INFO", f"{w.rng.randint(1000, 9000)}:M {t:%d %b %Y %H:%M:%S}.{w.rng.randint(100, 999)} * Background saving started", {
            "instance": host}
    return "INFO", f"{w.rng.randint(1000, 9000)}:M {t:%d %b %Y %H:%M:%S}.{w.rng.randint(100, 999)} * DB saved on disk", {
        "instance": host}


def _monitoring(w: WorldBuilder, t: dt.datetime) -> Line:
    if w.rng.random() < 0.6:
        return "INFO", f"prometheus: WAL checkpoint complete first={w.rng.randint(9000, 9999)} duration={w.rng.uniform(0.4, 3):.2f}s", {
            "instance": "prom-01"}
    return "INFO", f"prometheus-adapter: served {w.rng.randint(100, 900)} external metric requests in the last 5m", {
        "instance": "prom-adapter-01"}


def _dw(w: WorldBuilder, t: dt.datetime) -> Line:
    return "INFO", f"ETL task ods_{w.rng.choice(['payroll', 'tenant', 'usage'])}_inc done rows={w.rng.randint(1000, 90000)}", {
        "instance": "dw-etl-01"}


NOISE = {
    "xy-gateway": (_gateway, 45), "xy-hr-core": (_hr_core, 90), "xy-attendance": (_attendance, 80),
    "xy-payroll-calc": (_calc, 40), "xy-tax": (_tax, 70), "xy-si-declare": (_si, 150), "xy-disburse": (_disburse, 60),
    "xy-payslip": (_payslip, 60), "xy-notify": (_notify, 50), "xy-econtract": (_econtract, 120), "xy-ess-app": (_ess, 40),
    "xy-webhook": (_webhook, 60), "xy-billing": (_billing, 180), "xy-k8s-node": (_node, 420), "xy-payroll-db": (_db, 400),
    "xy-pgbouncer": (_pgbouncer, 600), "xy-bank-fep": (_fep, 300), "xy-ess-redis": (_redis, 600),
    "xy-monitoring": (_monitoring, 600), "xy-dw": (_dw, 900),
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


# --- Incident 1: the session cluster resharded under a standalone client ------------------------------
def _slot_moved(w: WorldBuilder, t: dt.datetime) -> int:
    """A slot already moved off redis-ess-01 at ``t`` (the reshard moved them in order from 23:12 to 23:38)."""
    a, b = _y("23:12"), _y("23:38")
    progress = 1.0 if t >= b else max((t - a).total_seconds() / (b - a).total_seconds(), 0.02)
    return w.rng.randint(5462, 5462 + int((16383 - 5462) * progress))


def ess_reshard(w: WorldBuilder) -> None:
    ess, redis = "xy-ess-app", "xy-ess-redis"
    pods = ROLLOUTS[ess][0][1]
    w.log(_y("22:30:20.118"), ess, "INFO", ESS_WATERMARK, instance=pods[0], change="config")
    w.log(_y("23:10:15.330"), redis, "INFO", RESHARD, instance="redis-ess-01", trace=False, change="cluster-scale")
    for index, moment in enumerate(_every(w, _y("23:12:00"), _y("23:38:00"), 150, 210)):
        first = 5462 + 1100 * index
        target = "redis-ess-02" if first <= 10922 else "redis-ess-03"
        w.log(moment, redis, "INFO", f"Moving slot {first}-{min(first + 1099, 16383)} from redis-ess-01 to {target}: "
              f"{w.rng.randint(9000, 16000)} keys migrated", instance="redis-ess-01", trace=False)
    w.log(_y("23:38:40.551"), redis, "INFO", RESHARD_DONE, instance="redis-ess-01", trace=False)
    moments = (_every(w, _y("23:14:05"), _t("06:30"), 120, 420) + _every(w, _t("06:30"), _t("07:00"), 20, 60)
               + _every(w, _t("07:00"), _t("10:21:00"), 6, 20))
    for moment in moments:
        slot = _slot_moved(w, moment)
        addr = "10.42.9.12:6379" if slot <= 10922 else "10.42.9.13:6379"
        tenant = _tenant(w)
        w.log(moment, ess, "WARN", SESSION_MOVED.format(emp=_emp(w), tenant=tenant, slot=slot, addr=addr),
              instance=w.rng.choice(pods))
    _ops(w, "08:05:20.204", ess, "ess_oncall_xiaoman: 早上大量员工反馈 App 登录后点两下又被踢回登录页，工资条打不开，"
         "约三分之二的请求 401")
    w.log(_t("10:19:40.336"), ess, "INFO", ESS_REDIS_FIX, instance=pods[0], change="config")
    _rolled(w, ess, "xy-ess-app listening on :8080, session store connected ({s}s)", "SIGTERM received, draining connections")
    w.alert("EssSessionErrorsHigh", ess, "warning", _t("07:08"), _t("10:26"), "64 次/分钟",
            "员工 App 会话失效 64 次/分钟，超过阈值 50", namespace=NS)


# --- Incident 2: the declaration period in the week-based year -------------------------------------------
def si_week_year(w: WorldBuilder) -> None:
    si = "xy-si-declare"
    scheduled = _y("22:05")
    while scheduled <= REFERENCE:
        pod = job_pod(job_name(SI_CRON, scheduled))
        wrong = _t("00:00") <= scheduled < _t("11:38:20")
        period = "2027-12" if wrong else "2026-12"
        found = 0 if wrong else w.rng.randint(8, 60)
        w.log(scheduled + dt.timedelta(seconds=w.rng.randint(4, 20)), si, "INFO",
              f"status query 所属期 {period} (business date {scheduled.date()}): {found} batches awaiting bureau review",
              instance=pod, trace=False, job="status-query")
        scheduled += dt.timedelta(hours=1)
    w.log(_t("07:50:10.441"), si, "INFO", SI_DEPLOY, instance=ROLLOUTS[si][1][1][0], change="deploy")
    _rolled(w, si, SI_BOOT + " ({s}s)", "Commencing graceful shutdown. Waiting for active requests to complete")
    pods = ROLLOUTS[si][1][1]
    for moment in _every(w, "08:40:10", "11:38:00", 20, 60):
        tenant, city = _tenant(w), w.rng.choice(CITIES)
        batch = f"SI{moment:%m%d}{w.rng.randint(1000, 9999)}"
        gjj = w.rng.random() < 0.3
        office = f"公积金中心 ({city})" if gjj else f"社保经办接口 ({city})"
        trace = w.hex(32)
        w.log(moment, si, "INFO", SI_BATCH.format(batch=batch, tenant=tenant, tname=TENANTS[tenant], kind=w.rng.choice(SI_KINDS),
                                                  n=w.rng.randint(1, 60), office=office, period="2027-12", date=DAY),
              instance=w.rng.choice(pods), trace_id=trace)
        reject = SI_REJECT_GJJ if gjj else SI_REJECT_SB
        w.log(moment + dt.timedelta(seconds=w.rng.randint(1, 4)), si, "ERROR", reject.format(city=city, batch=batch),
              instance=w.rng.choice(pods), trace_id=trace)
    _ops(w, "09:20:30.118", si, "si_oncall_panyue: 上午所有城市的增员、补缴一提交就被退回，社保报 SB-4103、公积金报 GJJ-207，"
         "说所属期不对")
    w.log(_t("11:38:20.204"), si, "INFO", SI_FIX, instance=pods[0], change="config")
    w.log(_t("11:40:05.330"), si, "INFO", SI_RESUBMIT, instance=pods[1], trace=False)
    w.alert("SiDeclarationRejectsHigh", si, "warning", _t("08:52"), _t("11:50"), "27 笔/10分钟",
            "社保/公积金申报被退回 27 笔/10分钟，超过阈值 10", namespace=NS)


# --- Incident 3: the next year's special deductions ------------------------------------------------------
def tax_deductions(w: WorldBuilder) -> None:
    tax = "xy-tax"
    w.log(_t("08:05:10.118"), tax, "INFO", TAX_DEPLOY, instance=ROLLOUTS[tax][1][1][0], change="deploy")
    _rolled(w, tax, "Started TaxApplication in {s} seconds (process running for 27.5)",
            "Commencing graceful shutdown. Waiting for active requests to complete")
    pods = ROLLOUTS[tax][1][1]
    w.log(_t("08:30:05.204"), tax, "INFO", DEDUCTION_SYNC, instance=pods[0], job="deduction-sync")
    for index, clock in enumerate(("08:36:10", "08:42:20", "08:48:30")):
        w.log(w.at(clock), tax, "INFO", f"job deduction-sync progress {300 * (index + 1) + w.rng.randint(0, 90)}/1206 agents",
              instance=pods[0], job="deduction-sync")
    w.log(_t("08:52:40.336"), tax, "INFO", DEDUCTION_DONE, instance=pods[0], job="deduction-sync")
    for moment in _every(w, "09:00:20", "15:05:00", 8, 30):
        tenant, emp = _tenant(w), _emp(w)
        monthly_2026 = w.rng.choice([1000, 1500, 2000, 3000, 4000])
        monthly_2027 = monthly_2026 + w.rng.choice([1000, 2000, 3000])
        trial = w.rng.uniform(180, 2600)
        rate = w.rng.choice([0.03, 0.1, 0.2])
        tax_due = max(trial - (monthly_2027 - monthly_2026) * 12 * rate, 0.0)
        trace = w.hex(32)
        if w.rng.random() < 0.25:
            w.log(moment - dt.timedelta(milliseconds=w.rng.randint(20, 200)), tax, "INFO",
                  TAX_LOADED.format(emp=emp, tenant=tenant, record=f"SAD-2027-{w.rng.randint(10**7, 10**8 - 1)}",
                                    monthly=monthly_2027), instance=w.rng.choice(pods), trace_id=trace)
        w.log(moment, tax, "WARN", TAX_VARIANCE.format(emp=emp, tenant=tenant, tname=TENANTS[tenant], tax=tax_due, trial=trial,
                                                       pct=(tax_due - trial) / trial * 100, cum=monthly_2027 * 12),
              instance=w.rng.choice(pods), trace_id=trace)
    _ops(w, "10:10:40.441", tax, "tax_oncall_jiangli: 多个客户反馈 12 月个税比 11 月少很多，不少员工 12 月预扣为 0，都挂起复核了")
    w.log(_t("15:05:10.551"), tax, "INFO", TAX_FIX, instance=pods[1], change="config")
    for index, moment in enumerate(_every(w, "15:08:00", "15:30:00", 240, 330)):
        w.log(moment, tax, "INFO", f"recalculating held employees {min(1200 * (index + 1), 6300)}/6318", instance=pods[1])
    w.log(_t("15:31:20.118"), tax, "INFO", TAX_RECALC, instance=pods[1])
    w.alert("TaxVarianceReviewHigh", tax, "warning", _t("09:25"), _t("15:20"), REVIEW_ALERT_VALUE,
            f"个税差异待复核 {REVIEW_ALERT_VALUE}，超过阈值 500", namespace=NS)


# --- Incident 4: the bank's front-end processor writing GB2312 ---------------------------------------------
def fep_charset(w: WorldBuilder) -> None:
    fep, disb = "xy-bank-fep", "xy-disburse"
    w.log(_t("02:30:10.204"), fep, "INFO", FEP_UPDATE, instance="fep-hsb-01", trace=False, change="vendor-update")
    w.log(_t("02:30:42.330"), fep, "INFO", "HSB-FEP 5.2.0 started, signed on to 华商银行 (session valid)", instance="fep-hsb-01",
          trace=False)
    w.log(_t("09:05:20.441"), disb, "INFO", DISB_DEPLOY, instance=ROLLOUTS[disb][1][1][0], change="deploy")
    _rolled(w, disb, "Started DisburseApplication in {s} seconds (process running for 24.1)",
            "Commencing graceful shutdown. Waiting for active requests to complete")
    pods = ROLLOUTS[disb][1][1]
    for moment in _every(w, "09:30:20", "11:48:00", 150, 400):
        tenant = w.rng.choice(HSB_TENANTS)
        rows = w.rng.randint(200, 3200)
        batch = _disb_batch(w, moment, tenant, "HSB")
        trace = w.hex(32)
        w.log(moment, disb, "INFO", f"payroll batch {batch} tenant {tenant} {TENANTS[tenant]} {rows} rows "
              f"¥{rows * w.rng.uniform(6000, 14000):,.2f} -> 华商银行 via fep-hsb-01", instance=w.rng.choice(pods), trace_id=trace)
        k = w.rng.randint(1, 4)
        bad_rows = sorted(w.rng.sample(range(1, rows + 1), k))
        w.log(moment + dt.timedelta(seconds=w.rng.randint(2, 6)), fep, "WARN",
              FEP_UNMAPPABLE.format(file=f"{batch}.txt", k=k, rows=", ".join(str(r) for r in bad_rows)),
              instance="fep-hsb-01", trace_id=trace)
        result = moment + dt.timedelta(seconds=w.rng.randint(120, 360))
        for row in bad_rows:
            w.log(result, disb, "WARN", DISB_RETURNED.format(batch=batch, row=row, emp=_emp(w), name=w.rng.choice(RARE_NAMES),
                                                             tail=w.rng.randint(1000, 9999)),
                  instance=w.rng.choice(pods), trace_id=trace)
        w.log(result + dt.timedelta(milliseconds=w.rng.randint(5, 40)), disb, "INFO",
              f"bank result {batch} 华商银行: {rows - k}/{rows} paid, {k} returned (E2011)", instance=w.rng.choice(pods),
              trace_id=trace)
    _ops(w, "10:40:15.118", disb, "disb_oncall_chenhao: 华商银行几批代发都有几笔被退回 E2011 户名与账号不符，员工说户名、卡号都没改过；"
         "工行、招行的批次正常")
    w.log(_t("11:55:30.204"), fep, "INFO", FEP_FIX, instance="fep-hsb-01", trace=False, change="config")
    w.log(_t("12:05:10.336"), disb, "INFO", DISB_RESUBMIT, instance=pods[0])
    w.alert("DisburseRowsReturnedHigh", disb, "warning", _t("09:46"), _t("12:10"), "23 笔/10分钟",
            "代发退回 23 笔/10分钟，超过阈值 20", namespace=NS)


# --- Incident 5: the new node's cgroup v2 under the payslip JVM ----------------------------------------------
KILLS = {ON_BAD_NODE_PAYSLIP[0]: ("10:09:12", "10:31:40", "10:58:05", "11:24:30", "11:51:10"),
         ON_BAD_NODE_PAYSLIP[1]: ("10:16:20", "10:44:02", "11:12:45", "11:40:15", "12:03:30")}


def node_cgroup(w: WorldBuilder) -> None:
    node, slip, att = "xy-k8s-node", "xy-payslip", "xy-attendance"
    w.log(_t("09:12:40.118"), node, "INFO", NODE_JOIN, instance=BAD_NODE, trace=False, change="node-add")
    w.log(_t("09:12:41.402"), node, "INFO", NODE_CGROUP, instance=BAD_NODE, trace=False)
    w.log(_t("09:25:30.204"), att, "INFO", ATTENDANCE_DEPLOY, instance=ROLLOUTS[att][1][1][0], change="deploy")
    _rolled(w, att, "xy-attendance 4.2.2 listening on :8080 ({s}s)", "SIGTERM received, draining connections")
    w.log(_t("09:40:20.330"), slip, "INFO", PAYSLIP_FONT, instance=PAYSLIP_PODS[0], change="config")
    good = PAYSLIP_PODS[0:4]
    for index, pod in enumerate(ON_BAD_NODE_PAYSLIP):
        starts = [_t("10:02:30") + dt.timedelta(seconds=25 * index)]
        starts += [_t(kill) + dt.timedelta(seconds=w.rng.randint(35, 55)) for kill in KILLS[pod]]
        for start in starts:
            w.log(start, slip, "INFO", JVM_BIG.format(s=w.rng.randint(180, 260) / 10), instance=pod, trace=False)
        for start, kill in zip(starts, KILLS[pod], strict=False):
            for moment in _every(w, start + dt.timedelta(seconds=40), _t(kill) - dt.timedelta(seconds=5), 90, 200):
                tenant = _tenant(w)
                used = min(3040, 700 + int((moment - start).total_seconds() * 1.6))
                w.log(moment, slip, "INFO", f"rendering tenant {tenant} {TENANTS[tenant]} 2026-12 batch of "
                      f"{w.rng.randint(300, 500)} PDFs on 16 workers, heap used {used} MiB", instance=pod)
            at = _t(kill)
            w.log(at, node, "WARN", OOM_KILL.format(pid=w.rng.randint(20000, 60000), vm=w.rng.randint(19_000_000, 21_000_000),
                                                    rss=w.rng.randint(3_080_000, 3_140_000), uid=w.hex(8)),
                  instance=BAD_NODE, trace=False)
            tenant = _tenant(w)
            w.log(at + dt.timedelta(seconds=w.rng.randint(1, 4)), slip, "ERROR",
                  f"render batch tenant {tenant} {TENANTS[tenant]} 2026-12: worker {pod} lost (connection reset), "
                  f"{w.rng.randint(300, 500)} PDFs re-queued", instance=w.rng.choice(good))
    for moment in _every(w, "10:09:30", "12:08:00", 30, 90):
        tenant = _tenant(w)
        w.log(moment, slip, "ERROR", f"payslip render failed tenant {tenant} employee {_emp(w)}: render worker gone, retry "
              f"{w.rng.randint(1, 3)}/3", instance=w.rng.choice(good))
    _ops(w, "10:50:30.441", slip, "payslip_oncall_wuyue: 工资条生成一直失败重试，xy-payslip 有两个 Pod 反复重启，另外四个正常")
    w.log(_t("12:08:10.551"), node, "INFO", CORDON.format(pods=" ".join(ON_BAD_NODE_PAYSLIP)), instance=BAD_NODE, trace=False,
          change="ops")
    for index, pod in enumerate(REPLACEMENTS):
        w.log(_t("12:08:40") + dt.timedelta(seconds=20 * index), slip, "INFO", JVM_OK.format(s=w.rng.randint(180, 260) / 10),
              instance=pod, trace=False)
        w.log(_t("14:10:05") + dt.timedelta(seconds=20 * index), slip, "INFO",
              "Commencing graceful shutdown (scale down). Waiting for active requests to complete", instance=pod, trace=False)
    w.alert("KubeContainerOOMKilled", slip, "warning", _t("10:10"), _t("12:15"), "1",
            "xy-payslip 容器 OOMKilled（exit code 137）", namespace=NS)
    w.alert("PayslipRenderFailuresHigh", slip, "warning", _t("10:14"), _t("12:20"), "14 次/10分钟",
            "工资条渲染失败 14 次/10分钟，超过阈值 10", namespace=NS)


# --- Incident 6: one customer's slow endpoint holding every dispatcher worker ---------------------------------
AGE: Keyframes = [(START, 1), (_t("10:35"), 1), (_t("10:38"), 40), (_t("10:48"), 612), (_t("11:20"), 1820),
                  (_t("11:51"), 2890), (_t("11:52"), AGE_PEAK), (_t("11:53"), 2900), (_t("12:03"), 2610), (_t("12:20"), 900),
                  (_t("12:40"), 4), (REFERENCE, 2)]


def webhook_hol(w: WorldBuilder) -> None:
    hook = "xy-webhook"
    w.log(_t("10:10:20.118"), hook, "INFO", WEBHOOK_DEPLOY, instance=ROLLOUTS[hook][1][1][0], change="deploy")
    _rolled(w, hook, "xy-webhook 2.3.0 listening on :8080, 32 dispatch workers ({s}s)", "SIGTERM received, draining workers")
    pods = ROLLOUTS[hook][1][1]
    w.log(_t("10:30:40.204"), hook, "INFO", HF_PUBLISH, instance=pods[0], trace=False)
    for moment in _every(w, "10:35:10", "12:03:10", 8, 20):
        w.log(moment, hook, "WARN", HF_TIMEOUT.format(evt=f"EVT{w.rng.randint(10**8, 10**9 - 1)}", endpoint=HF_ENDPOINT,
                                                      attempt=w.rng.randint(1, 3)), instance=w.rng.choice(pods))
    for moment in _every(w, "11:00:00", "12:03:00", 500, 700):
        w.log(moment, hook, "WARN", f"endpoint stats T-3017 erp.hengfeng-group.com: p50 29.8s (was 0.12s), consecutive timeouts "
              f"{w.rng.randint(300, 900)}", instance=pods[0])
    for moment in _every(w, "10:38:00", "12:40:00", 15, 45):
        tenant = _tenant(w, but=("T-3017",))
        age = int(interpolate(AGE, moment) * w.rng.uniform(0.55, 0.98))
        w.log(moment, hook, "INFO", WEBHOOK_LATE.format(evt=f"EVT{w.rng.randint(10**8, 10**9 - 1)}",
                                                        kind=w.rng.choice(["payroll.approved", "payslip.published",
                                                                           "employee.onboarded"]),
                                                        tenant=tenant, tname=TENANTS[tenant], ms=w.ms(40, 400), age=age),
              instance=w.rng.choice(pods))
    _ops(w, "10:50:20.330", hook, "webhook_oncall_lina: 华瑞、明德等客户反馈 payroll.approved 回调半小时以上才到，派发 worker 全忙")
    w.log(_t("12:03:20.441"), hook, "INFO", HF_PAUSE, instance=pods[0], trace=False, change="ops")
    w.log(_t("12:10:05.551"), hook, "INFO", WEBHOOK_LIMIT, instance=pods[1], change="config")
    w.log(_t("12:40:10.118"), hook, "INFO", "backlog drained: 9412 deliveries of 27 tenants sent, oldest pending 4s",
          instance=pods[0])
    w.alert("WebhookDeliveryDelayHigh", hook, "warning", _t("10:48"), _t("12:45"), AGE_ALERT_VALUE,
            f"最久未送达回调 {AGE_ALERT_VALUE}，超过阈值 300 秒", namespace=NS)


# --- Incident 7: the pool in transaction mode under pgjdbc's prepared statements ------------------------------
def pool_mode(w: WorldBuilder) -> None:
    calc, pgb, db = "xy-payroll-calc", "xy-pgbouncer", "xy-payroll-db"
    old = ROLLOUTS[calc][0][1]
    w.log(_t("07:40:10.204"), calc, "INFO", CALC_BATCH, instance=old[0], change="config")
    w.log(_t("12:35:10.330"), calc, "INFO", CALC_PARALLELISM, instance=old[1], change="config")
    w.log(_t("13:05:20.441"), pgb, "INFO", PGB_CHANGE, instance="pgb-01", trace=False, change="config")
    for host in VMS[pgb]:
        w.log(_t("13:05:21.118"), pgb, "INFO", "LOG RELOAD command issued", instance=host, trace=False)
    for moment in _every(w, "13:06:05", "14:18:30", 10, 35):
        tenant = _tenant(w)
        n = w.rng.randint(1, 40)
        what = "does not exist" if w.rng.random() < 0.7 else "already exists"
        w.log(moment, calc, "ERROR", CALC_PREPARED.format(run=_run(w, moment), tenant=tenant, tname=TENANTS[tenant],
                                                          step=w.rng.choice(["GROSS", "SOCIAL", "TAX", "NET"]), n=n, what=what,
                                                          attempt=w.rng.randint(1, 3)), instance=w.rng.choice(old))
        if w.rng.random() < 0.4:
            w.log(moment - dt.timedelta(milliseconds=w.rng.randint(2, 9)), db, "ERROR",
                  f"ERROR:  prepared statement \"S_{n}\" {what}", instance="pg-pay-01", trace=False)
    _ops(w, "13:30:40.551", calc, "calc_oncall_gaojian: 一点多开始算薪 run 大量失败，报 prepared statement 不存在或已存在，重试有的能过")
    w.log(_t("14:18:40.118"), pgb, "INFO", PGB_REVERT, instance="pgb-01", trace=False, change="config")
    for host in VMS[pgb]:
        w.log(_t("14:18:41.204"), pgb, "INFO", "LOG RELOAD command issued", instance=host, trace=False)
    w.log(_t("14:22:10.330"), calc, "INFO", CALC_REQUEUE, instance=old[0])
    w.alert("PayrollCalcRunFailures", calc, "warning", _t("13:10"), _t("14:25"), "38 次/10分钟",
            "算薪 run 失败 38 次/10分钟，超过阈值 5", namespace=NS)


# --- Incident 8: the support engineer's uncommitted UPDATE ----------------------------------------------------
def idle_lock(w: WorldBuilder) -> None:
    calc, db = "xy-payroll-calc", "xy-payroll-db"
    w.log(_t("15:20:10.441"), calc, "INFO", CALC_DEPLOY, instance=ROLLOUTS[calc][1][1][0], change="deploy")
    _rolled(w, calc, "Started PayrollCalcApplication in {s} seconds (process running for 33.2)",
            "Commencing graceful shutdown. Waiting for active requests to complete")
    pods = ROLLOUTS[calc][1][1]
    w.log(_t("16:02:08.551"), db, "INFO", "LOG:  connection authorized: user=support_l2_zhaolei database=payroll "
          "application_name=DBeaver 24.1.0 - Main", instance="pg-pay-01", trace=False)
    w.log(_t("16:02:11.204"), db, "INFO", DBEAVER_UPDATE, instance="pg-pay-01", trace=False, change="data-fix")
    for moment in _every(w, "16:03:05", "17:06:15", 12, 40):
        tenant = _tenant(w)
        w.log(moment, calc, "ERROR", CALC_LOCK.format(run=_run(w, moment), tenant=tenant, tname=TENANTS[tenant]),
              instance=w.rng.choice(pods))
    for moment in _every(w, "16:03:10", "17:06:10", 30, 90):
        w.log(moment, db, "INFO", LOCK_WAIT.format(pid=w.rng.randint(40000, 49999), ms=w.rng.randint(0, 999)),
              instance="pg-pay-01", trace=False)
    _ops(w, "16:30:10.118", calc, "calc_oncall_gaojian: 四点以后所有租户审批都失败 lock timeout，已叫 DBA 查锁")
    w.log(_t("17:06:20.330"), db, "INFO", TERMINATE, instance="pg-pay-01", trace=False, change="ops")
    w.log(_t("17:06:20.402"), db, "INFO", "FATAL:  terminating connection due to administrator command (pid 39102)",
          instance="pg-pay-01", trace=False)
    w.log(_t("17:08:05.441"), calc, "INFO", "approvals resumed: 311 queued approvals of 2026-12 done", instance=pods[0])
    w.log(_t("17:12:30.551"), db, "INFO", REFIX, instance="pg-pay-01", trace=False, change="data-fix")
    w.log(_t("18:40:30.118"), calc, "INFO", CALC_RETRY, instance=pods[2], change="config")
    w.alert("PayrollApprovalFailures", calc, "warning", _t("16:08"), _t("17:12"), "31 次/10分钟",
            "薪资审批失败 31 次/10分钟，超过阈值 5", namespace=NS)
    w.alert("PostgresLockWaitsHigh", db, "warning", _t("16:09"), _t("17:10"), LOCK_ALERT_VALUE,
            f"等待锁的会话 {LOCK_ALERT_VALUE}，超过阈值 20", instance="pg-pay-01")


# --- Incident 9: the e-sign vendor's new flow status ---------------------------------------------------------
def econtract_enum(w: WorldBuilder) -> None:
    ec, hr = "xy-econtract", "xy-hr-core"
    old = ROLLOUTS[ec][0][1]
    w.log(_t("09:00:05.204"), ec, "INFO", VENDOR_NOTICE, instance=old[0], trace=False)
    w.log(_t("13:30:20.330"), ec, "INFO", ECONTRACT_CONFIG, instance=old[1], change="config")
    for moment in _every(w, "14:02:10", "15:50:00", 20, 50):
        w.log(moment, ec, "ERROR", CALLBACK_FAIL.format(flow=f"QD{w.rng.randint(10**11, 10**12 - 1)}", tenant=_tenant(w)),
              instance=w.rng.choice(old))
    for moment in _every(w, "14:20:00", "15:50:00", 120, 300):
        emp, tenant = _emp(w), _tenant(w)
        task = f"ONB-{w.rng.randint(100000, 999999)}"
        w.log(moment, ec, "WARN", CONTRACT_STUCK.format(contract=f"LC{w.rng.randint(10**7, 10**8 - 1)}", emp=emp, tenant=tenant,
                                                        task=task), instance=w.rng.choice(old))
        w.log(moment + dt.timedelta(seconds=w.rng.randint(2, 30)), hr, "WARN",
              f"onboarding task {task} employee {emp} tenant {tenant}: waiting for labour contract signature, start date "
              "2026-12-29", instance=w.rng.choice(ROLLOUTS[hr][0][1]))
    _ops(w, "14:40:30.441", ec, "econtract_oncall_hu: 签盾的签署完成回调全部 500，合同一直是签署中，入职流程卡住")
    w.log(_t("15:50:10.551"), ec, "INFO", ECONTRACT_DEPLOY, instance=ROLLOUTS[ec][1][1][0], change="deploy")
    _rolled(w, ec, "Started EcontractApplication in {s} seconds (process running for 25.8)",
            "Commencing graceful shutdown. Waiting for active requests to complete")
    w.log(_t("16:05:20.118"), ec, "INFO", REPUSH, instance=ROLLOUTS[ec][1][1][0])
    w.alert("EcontractCallbackFailures", ec, "warning", _t("14:08"), _t("16:10"), "19 次/10分钟",
            "电子签回调处理失败 19 次/10分钟，超过阈值 5", namespace=NS)


# --- Incident 10: the recording rule renamed under the HPA's external metric ------------------------------------
PENDING: Keyframes = [(START, 30), (_t("10:00"), 300), (_t("10:20"), 9800), (_t("10:40"), 6200), (_t("11:30"), 1800),
                      (_t("12:30"), 400), (_t("18:29"), 500), (_t("18:52"), 21400), (_t("19:30"), 78200), (_t("20:00"), 131600),
                      (REFERENCE, 184300)]


def hpa_blind(w: WorldBuilder) -> None:
    notify, mon = "xy-notify", "xy-monitoring"
    steps = ROLLOUTS[notify]
    for clock, pods in ((steps[1][0], NOTIFY_PODS[2:6]), (steps[2][0], NOTIFY_PODS[6:8])):
        for index, pod in enumerate(pods):
            w.log(_t(clock) + dt.timedelta(seconds=8 * index), notify, "INFO",
                  f"xy-notify 3.1.4 started, consuming queue notify-main ({w.rng.randint(30, 60) / 10}s)", instance=pod,
                  trace=False)
    for index, pod in enumerate(NOTIFY_PODS[2:8]):
        w.log(_t("13:40:05") + dt.timedelta(seconds=6 * index), notify, "INFO", "SIGTERM received (scale down), draining",
              instance=pod, trace=False)
    for moment in _every(w, "10:01:00", "10:30:00", 120, 300):
        tenant = _tenant(w)
        n = w.rng.randint(800, 9000)
        w.log(moment, notify, "INFO", NOTIFY_WAVE.format(tenant=tenant, tname=TENANTS[tenant], n=n).replace("年终奖工资条", "工资条"),
              instance=w.pod_at(steps, moment))
    w.log(_t("17:20:15.204"), mon, "INFO", RULE_RENAME, instance="prom-01", trace=False, change="config")
    for moment in _every(w, "17:21:05", REFERENCE, 240, 480):
        w.log(moment, mon, "WARN", ADAPTER_EMPTY, instance="prom-adapter-01", trace=False)
    pods = NOTIFY_PODS[0:2]
    w.log(_t("18:05:30.330"), notify, "INFO", NOTIFY_CONFIG, instance=pods[0], change="config")
    for moment in _every(w, "18:30:10", "19:40:00", 120, 360):
        tenant = _tenant(w)
        n = w.rng.randint(2000, 14000)
        w.log(moment, notify, "INFO", NOTIFY_WAVE.format(tenant=tenant, tname=TENANTS[tenant], n=n), instance=w.rng.choice(pods))
    for moment in _every(w, "18:40:00", REFERENCE, 180, 360):
        pending = int(interpolate(PENDING, moment))
        oldest = int((moment - _t("18:30")).total_seconds() // 60)
        w.log(moment, notify, "WARN", NOTIFY_BACKLOG.format(pending=pending, pods=2, oldest=oldest), instance=w.rng.choice(pods))
    _ops(w, "19:10:40.441", notify, "notify_oncall_sheng: 年终奖工资条的短信和企微消息大量积压，员工收不到；xy-notify 只有 2 个 Pod 在发")
    w.alert("NotifyQueueBacklogHigh", notify, "critical", _t("18:52"), None, NOTIFY_ALERT_VALUE,
            f"待发送消息 {NOTIFY_ALERT_VALUE}，超过阈值 20000", namespace=NS)


# --- Unrelated: the SFTP certificate, the nightly ETL ------------------------------------------------------------
def other_changes(w: WorldBuilder) -> None:
    gw, billing = "xy-gateway", "xy-billing"
    w.log(_y("22:00:05.118"), gw, "WARN", f"tls: certificate for {SFTP_HOST} expires 2027-01-09 (12 days), renewal IT-2026-1203 "
          "scheduled 2026-12-30", instance=ROLLOUTS[gw][0][1][0], trace=False)
    w.alert("SftpCertificateExpiringSoon", gw, "warning", _y("09:00"), None, "12 天",
            f"{SFTP_HOST} 证书 12 天后到期（2027-01-09），续期工单 IT-2026-1203 已排期", namespace=NS)
    w.log(_t("11:30:30.702"), billing, "INFO", BILLING_DEPLOY, instance=ROLLOUTS[billing][1][1][0], change="deploy")
    _rolled(w, billing, "Started BillingApplication in {s} seconds (process running for 22.6)",
            "Commencing graceful shutdown. Waiting for active requests to complete")
    w.log(_t("00:35:00.418"), "xy-dw", "INFO", "nightly ETL batch dw_daily started: 212 tasks (business date 2026-12-27)",
          instance="dw-etl-01", trace=False, job="etl")
    w.log(_t("01:27:40.730"), "xy-dw", "INFO", "nightly ETL batch dw_daily finished: 212/212 tasks ok, 52m40s",
          instance="dw-etl-01", trace=False, job="etl")
    w.alert("HostCpuHigh", "xy-dw", "warning", _t("00:40"), _t("01:30"), "91.4%",
            "dw-etl-01 CPU 91.4%，超过阈值 85%（夜间 ETL）", instance="dw-etl-01")


# --- Kubernetes state at 20:30 -------------------------------------------------------------------------
#: (service, revision, rolled out, change cause, image tag) of every Deployment
STEADY = (
    ("xy-gateway", 57, "2026-12-16T21:00:00+08:00", "release xy-gateway 2.14.3", "2.14.3"),
    ("xy-hr-core", 88, "2026-12-21T21:30:00+08:00", "release xy-hr-core 5.9.0", "5.9.0"),
    ("xy-attendance", 46, "2026-12-28T09:25:30+08:00", "release xy-attendance 4.2.2 (pipeline #5529)", "4.2.2"),
    ("xy-payroll-calc", 131, "2026-12-28T15:20:10+08:00", "release xy-payroll-calc 8.12.1 (pipeline #5533)", "8.12.1"),
    ("xy-tax", 73, "2026-12-28T08:05:10+08:00", "release xy-tax 6.4.0 (pipeline #5524)", "6.4.0"),
    ("xy-si-declare", 39, "2026-12-28T07:50:10+08:00", "release xy-si-declare 3.6.2 (pipeline #5521)", "3.6.2"),
    ("xy-disburse", 52, "2026-12-28T09:05:20+08:00", "release xy-disburse 4.8.0 (pipeline #5526)", "4.8.0"),
    ("xy-payslip", 28, "2026-12-14T21:00:00+08:00", "release xy-payslip 2.5.0", "2.5.0"),
    ("xy-notify", 34, "2026-12-10T21:00:00+08:00", "release xy-notify 3.1.4", "3.1.4"),
    ("xy-econtract", 25, "2026-12-28T15:50:10+08:00", "release xy-econtract 3.2.1 (pipeline #5536)", "3.2.1"),
    ("xy-ess-app", 61, "2026-12-28T10:21:00+08:00", "kubectl rollout restart (ess.redis.mode=cluster)", "3.8.4"),
    ("xy-webhook", 19, "2026-12-28T10:10:20+08:00", "release xy-webhook 2.3.0 (pipeline #5531)", "2.3.0"),
    ("xy-billing", 44, "2026-12-28T11:30:30+08:00", "release xy-billing 1.9.4 (pipeline #5530)", "1.9.4"),
)
HPA_WARNINGS = 751


def k8s_state(w: WorldBuilder) -> None:
    for service, revision, changed, cause, tag in STEADY:
        pods = ROLLOUTS[service][-1][1]
        for pod in pods:
            w.pod(namespace=NS, name=pod, service=service, phase="Running", ready="1/1", restarts=0, last_termination=None,
                  waiting_reason=None, node=node_of(pod), observed_at=REFERENCE)
        w.deployment(namespace=NS, name=service, service=service, replicas=len(pods), ready=len(pods), available=len(pods),
                     image=f"harbor.xinyunhr.local/prod/{service}:{tag}", revision=revision,
                     changed_at=dt.datetime.fromisoformat(changed), change_cause=cause,
                     conditions=[condition("Available", "True", "MinimumReplicasAvailable",
                                           "Deployment has minimum availability."),
                                 condition("Progressing", "True", "NewReplicaSetAvailable",
                                           f'ReplicaSet "{pods[0].rsplit("-", 1)[0]}" has successfully progressed.')],
                     observed_at=REFERENCE)
    # The status CronJob keeps its last three jobs.
    for clock in ("18:05", "19:05", "20:05"):
        scheduled = _t(clock)
        pod = job_pod(job_name(SI_CRON, scheduled))
        w.pod(namespace=NS, name=pod, service="xy-si-declare", phase="Succeeded", ready="0/1", restarts=0,
              last_termination={"reason": "Completed", "exit_code": 0,
                                "at": (scheduled + dt.timedelta(seconds=w.rng.randint(20, 40))).isoformat()},
              waiting_reason=None, node=node_of(pod), observed_at=REFERENCE)
    # Events are what the API server keeps for an hour after their last update: the 20:05 job and the HPA's warnings.
    job = job_name(SI_CRON, _t("20:05"))
    pod = job_pod(job)
    old = job_name(SI_CRON, _t("17:05"))
    at = _t("20:05:00")
    image = "harbor.xinyunhr.local/prod/xy-si-declare:3.6.2"
    for kind, reason, message, delay in (
        (f"CronJob/{SI_CRON}", "SuccessfulCreate", f"Created job {job}", 0),
        (f"Job/{job}", "SuccessfulCreate", f"Created pod: {pod}", 0),
        (f"Pod/{pod}", "Scheduled", f"Successfully assigned {NS}/{pod} to {node_of(pod)}", 0),
        (f"Pod/{pod}", "Pulled", f'Container image "{image}" already present on machine', 1),
        (f"Pod/{pod}", "Created", "Created container status-query", 1),
        (f"Pod/{pod}", "Started", "Started container status-query", 2),
        (f"Job/{job}", "Completed", "Job completed", 30),
        (f"CronJob/{SI_CRON}", "SawCompletedJob", f"Saw completed job: {job}, status: Complete", 31),
        (f"CronJob/{SI_CRON}", "SuccessfulDelete", f"Deleted job {old}", 31),
    ):
        moment = at + dt.timedelta(seconds=delay)
        w.event(type="Normal", reason=reason, object=kind, message=message, count=1, first_seen=moment, last_seen=moment)
    first, last = _t("17:21:05"), _t("20:29:50")
    w.event(type="Warning", reason="FailedGetExternalMetric", object="HorizontalPodAutoscaler/xy-notify",
            message=HPA_METRIC_ERROR, count=HPA_WARNINGS, first_seen=first, last_seen=last)
    w.event(type="Warning", reason="FailedComputeMetricsReplicas", object="HorizontalPodAutoscaler/xy-notify",
            message="invalid metrics (1 invalid out of 1), first error is: failed to get external metric "
                    "xy_notify_pending_messages: " + HPA_METRIC_ERROR, count=HPA_WARNINGS, first_seen=first, last_seen=last)


# --- Metrics --------------------------------------------------------------------------------------------
REVIEW: Keyframes = [(START, 0), (_t("08:59"), 0), (_t("09:10"), 160), (_t("09:25"), 742), (_t("10:30"), 2210),
                     (_t("12:00"), 3960), (_t("13:30"), 5420), (_t("14:40"), 6080), (_t("15:04"), REVIEW_PEAK),
                     (_t("15:06"), 6290), (_t("15:20"), 2100), (_t("15:31"), 140), (_t("16:00"), 60), (REFERENCE, 40)]
LOCKS: Keyframes = [(START, 0), (_t("16:02"), 0), (_t("16:04"), 6), (_t("16:09"), 24), (_t("16:40"), 142), (_t("16:57"), 178),
                    (_t("16:58"), LOCK_PEAK), (_t("16:59"), 181), (_t("17:06"), 175), (_t("17:07"), 2), (_t("17:10"), 0),
                    (REFERENCE, 0)]


def build_metrics(w: WorldBuilder) -> None:
    at = w.at
    night = [(_y("23:00"), at("01:40"))]
    morning = [(at("06:30"), at("12:50"))]
    afternoon = [(at("12:50"), at("17:20"))]
    evening = [(at("17:20"), REFERENCE)]
    w.series("ess_session_errors_per_min", "xy-ess-app", "次",
             [(START, 0), (_y("23:13"), 0), (_y("23:16"), 2), (_y("23:40"), 3), (at("06:30"), 4), (at("07:00"), 41),
              (at("07:08"), 64), (at("08:00"), 560), (at("09:10"), 1284), (at("09:40"), 1120), (at("10:20"), 930),
              (at("10:22"), 3), (at("10:30"), 0), (REFERENCE, 0)], start=START, fine=night + morning, spread=3, digits=0,
             threshold=50)
    w.series("si_gateway_rejects_per_10m", "xy-si-declare", "笔",
             [(START, 0), (at("08:39"), 0), (at("08:45"), 9), (at("08:52"), 27), (at("10:00"), 41), (at("11:00"), 38),
              (at("11:38"), 35), (at("11:40"), 0), (REFERENCE, 0)], start=START, fine=morning, spread=2, digits=0,
             threshold=10)
    w.series("tax_variance_review_pending", "xy-tax", "人", REVIEW, start=START, fine=morning + afternoon, spread=5, digits=0,
             threshold=500)
    w.series("disburse_rows_returned_per_10m", "xy-disburse", "笔",
             [(START, 0), (at("09:29"), 0), (at("09:36"), 12), (at("09:46"), 23), (at("10:30"), 31), (at("11:20"), 28),
              (at("11:55"), 26), (at("11:58"), 1), (at("18:00"), 1), (at("18:10"), 0), (REFERENCE, 0)], start=START,
             fine=morning, spread=1.5, digits=0, threshold=20)
    w.series("payslip_render_failures_per_10m", "xy-payslip", "次",
             [(START, 0), (at("10:05"), 0), (at("10:10"), 9), (at("10:14"), 14), (at("11:00"), 22), (at("12:05"), 18),
              (at("12:10"), 0), (REFERENCE, 0)], start=START, fine=morning, spread=1.5, digits=0, threshold=10)
    w.series("webhook_oldest_pending_age_seconds", "xy-webhook", "秒", AGE, start=START, fine=morning, spread=3, digits=0,
             threshold=300)
    w.series("webhook_busy_workers", "xy-webhook", "个",
             [(START, 3), (at("10:35"), 6), (at("10:37"), 32), (at("12:03"), 32), (at("12:05"), 9), (at("12:40"), 5),
              (REFERENCE, 3)], start=START, fine=morning, digits=0)
    w.series("payroll_run_failures_per_10m", "xy-payroll-calc", "次",
             [(START, 0), (at("13:05"), 0), (at("13:08"), 17), (at("13:10"), 38), (at("13:50"), 44), (at("14:18"), 40),
              (at("14:21"), 0), (REFERENCE, 0)], start=START, fine=afternoon, spread=2, digits=0, threshold=5)
    w.series("payroll_approval_failures_per_10m", "xy-payroll-calc", "次",
             [(START, 0), (at("16:02"), 0), (at("16:05"), 12), (at("16:08"), 31), (at("16:50"), 47), (at("17:06"), 45),
              (at("17:08"), 0), (REFERENCE, 0)], start=START, fine=afternoon, spread=2, digits=0, threshold=5)
    w.series("pg_lock_waiting_sessions", "xy-payroll-db", "个", LOCKS, start=START, fine=afternoon, spread=2, digits=0,
             threshold=20, instance="pg-pay-01")
    w.series("pg_idle_in_transaction_max_seconds", "xy-payroll-db", "秒",
             [(START, 0), (at("16:02"), 0), (at("17:06"), 3840), (at("17:07"), 0), (REFERENCE, 0)], start=START,
             fine=afternoon, digits=0, instance="pg-pay-01")
    w.series("econtract_callback_failures_per_10m", "xy-econtract", "次",
             [(START, 0), (at("14:01"), 0), (at("14:05"), 11), (at("14:08"), 19), (at("15:00"), 24), (at("15:50"), 21),
              (at("15:53"), 0), (REFERENCE, 0)], start=START, fine=afternoon, spread=1.5, digits=0, threshold=5)
    w.series("notify_pending_messages", "xy-notify", "条", PENDING, start=START, fine=morning + evening, spread=40, digits=0,
             threshold=20000)
    w.series("kube_horizontalpodautoscaler_status_current_replicas", "xy-notify", "个",
             [(START, 2), (at("10:04"), 2), (at("10:05"), 6), (at("10:20"), 8), (at("13:39"), 8), (at("13:40"), 2),
              (REFERENCE, 2)], start=START, fine=morning + evening, digits=0, hpa="xy-notify")
    for service, p99, threshold in (("xy-attendance", 160, 1500), ("xy-billing", 90, 800)):
        w.series("http_5xx_ratio", service, "%", [(START, 0.02), (at("10:00"), 0.11), (at("11:00"), 0.05),
                                                  (REFERENCE, 0.03)], start=START, spread=0.02, digits=2, threshold=2)
        w.series("http_p99_latency", service, "ms", [(START, p99 - 40), (at("10:00"), p99 + 120), (at("11:00"), p99 + 10),
                                                     (REFERENCE, p99)], start=START, spread=10, digits=0,
                 threshold=threshold)


# --- Runbooks (the company's wiki, as the teams wrote them) ------------------------------------------------
RUNBOOKS: list[tuple[str, str, str]] = [
    ("runbooks/ess/session-invalid.md", "员工 App 会话失效处理手册", runbook(
        "员工 App 会话失效处理手册", "适用于 xy-ess-app 大量 401 SESSION_INVALID、员工反复被要求重新登录。",
        ["EssSessionErrorsHigh：会话失效超过 50 次/分钟"],
        ["看失败是否集中在部分用户：按会话 key 的分布、Redis 返回的错误（超时、MOVED、OOM）。",
         "查 xy-ess-redis 最近的变更（扩容、迁移、主从切换）与客户端的连接模式。"],
        ["Redis 集群拓扑变化（扩容迁移槽位）而客户端不是集群模式。", "会话过期时间配置过短。", "Redis 内存不足被驱逐。"],
        ["客户端改为集群模式（ioredis Cluster）后滚动重启；扩容前先确认客户端模式。", "调整会话过期时间。"])),
    ("runbooks/si/declare-rejected.md", "社保公积金申报被退回处理手册", runbook(
        "社保公积金申报被退回处理手册", "适用于 xy-si-declare 申报被社保经办接口或公积金中心退回。",
        ["SiDeclarationRejectsHigh：申报被退回超过 10 笔/10分钟"],
        ["看退回码：所属期不合法（SB-4103、GJJ-207）、基数超限、险种组合不支持。",
         "所属期不合法：核对提交的所属期与业务日期，查所属期格式配置。"],
        ["所属期计算或格式错误。", "经办机构调整了申报期。", "参保基数超过当地上下限。"],
        ["改正所属期（格式）后重新提交当天被退回的批次。", "基数问题由客户 HR 修改后重报。"])),
    ("runbooks/tax/variance.md", "个税差异挂起处理手册", runbook(
        "个税差异挂起处理手册", "适用于 xy-tax 大量员工 TAX_VARIANCE 挂起待复核。",
        ["TaxVarianceReviewHigh：个税差异待复核超过 500 人"],
        ["抽查挂起员工：累计收入、累计减除费用、累计专项附加扣除与上月对比。",
         "专项附加扣除异常：查扣除记录的来源与年度，查最近的扣除数据下载任务。"],
        ["专项附加扣除数据错误（年度、重复）。", "客户当月补发、年终奖计税方式选择变化。"],
        ["改正扣除数据的取数后重新计算挂起员工。", "年终奖计税方式问题与客户 HR 确认。"])),
    ("runbooks/disburse/returned.md", "代发退回处理手册", runbook(
        "代发退回处理手册", "适用于 xy-disburse 银行逐笔返回退回（户名不符、销户、冻结）。",
        ["DisburseRowsReturnedHigh：代发退回超过 20 笔/10分钟"],
        ["看退回码：E2011 户名与账号不符、E1009 销户、E1012 冻结。",
         "E2011 且员工资料未改：对比代发文件里的户名与系统户名，查前置机的文件编码与最近升级。"],
        ["代发文件编码导致户名变形（字符集）。", "员工确实改了银行卡未更新。"],
        ["恢复前置机的文件字符集后重新提交退回的行。", "员工资料问题由客户 HR 修改后补发。"])),
    ("runbooks/k8s/oomkilled.md", "容器 OOMKilled 处理手册", runbook(
        "容器 OOMKilled 处理手册", "适用于 Pod 反复 OOMKilled（exit code 137）。",
        ["KubeContainerOOMKilled：容器因内存超限被杀"],
        ["看被杀的 Pod 在哪些节点，是否只在部分节点；对比各 Pod 启动时的 JVM 最大堆与处理器数。",
         "查节点的操作系统、cgroup 版本与最近加入或变更的节点。"],
        ["JVM 没有识别容器的内存限制（老版本 JDK 与 cgroup v2），按宿主机内存定堆。", "内存泄漏。", "limit 设得过小。"],
        ["显式设置 -Xmx 或 MaxRAMPercentage，升级 JDK；问题节点先 cordon 并驱逐 Pod。", "内存泄漏按堆转储分析。"])),
    ("runbooks/webhook/delay.md", "事件回调延迟处理手册", runbook(
        "事件回调延迟处理手册", "适用于 xy-webhook 回调积压、客户 ERP 收到回调延迟。",
        ["WebhookDeliveryDelayHigh：最久未送达回调超过 300 秒"],
        ["看派发 worker 是否被占满，超时集中在哪个租户的地址。", "看事件量是否突增。"],
        ["某个客户的回调地址变慢或超时，占满共享 worker。", "事件量突增。"],
        ["暂停该租户的订阅并通知客户，设置每租户并发上限；积压按时间顺序补发。"])),
    ("runbooks/payroll/calc-failed.md", "算薪失败与审批失败处理手册", runbook(
        "算薪失败与审批失败处理手册", "适用于 xy-payroll-calc 算薪 run 失败、审批失败。",
        ["PayrollCalcRunFailures：算薪 run 失败超过 5 次/10分钟", "PayrollApprovalFailures：审批失败超过 5 次/10分钟"],
        ["看失败的数据库错误：连接、prepared statement、锁超时（lock timeout）。",
         "prepared statement 错误：查连接池（PgBouncer）的池模式最近是否变更。",
         "锁超时：在 xy-payroll-db 查 pg_stat_activity、pg_locks，找持锁会话（idle in transaction）。"],
        ["连接池改为事务模式，服务端预编译语句失效。", "有会话持锁不提交。", "数据库主备切换。"],
        ["连接池恢复会话模式或客户端关闭服务端预编译（prepareThreshold=0）。", "确认后终止持锁会话，重新审批。"])),
    ("runbooks/econtract/callback.md", "电子签回调失败处理手册", runbook(
        "电子签回调失败处理手册", "适用于 xy-econtract 处理签盾回调失败、合同停在签署中。",
        ["EcontractCallbackFailures：电子签回调处理失败超过 5 次/10分钟"],
        ["看回调处理的报错：验签失败、反序列化失败、超时。", "查签盾最近的接口版本公告。"],
        ["供应商接口新增字段或状态值，我方无法解析。", "验签密钥变更。"],
        ["兼容新的状态值后发布，请供应商重推回调。"])),
    ("runbooks/notify/backlog.md", "消息推送积压处理手册", runbook(
        "消息推送积压处理手册", "适用于 xy-notify 待发送消息积压、员工收不到工资条通知。",
        ["NotifyQueueBacklogHigh：待发送消息超过 20000 条"],
        ["看 xy-notify 的副本数是否随积压扩容，看 HPA 的事件与外部指标。",
         "查监控的记录规则与 prometheus-adapter 最近的变更。", "看短信供应商的回执与限速。"],
        ["HPA 取不到外部指标，副本数不扩。", "短信供应商限速。"],
        ["恢复 HPA 的外部指标（记录规则名）或临时手工扩容。", "切换短信供应商权重。"])),
    ("runbooks/attendance/device-offline.md", "考勤机离线处理手册", runbook(
        "考勤机离线处理手册", "适用于客户现场考勤机不上传打卡。",
        ["AttendanceDeviceOffline"], ["看考勤机网络。"], ["考勤机断网。", "考勤机死机。"], ["重启考勤机并检查网线。"])),
    ("runbooks/office/payslip-printer.md", "纸质工资条打印机处理手册", runbook(
        "纸质工资条打印机处理手册", "适用于客户现场打印纸质工资条模糊、卡纸。",
        ["PayslipPrinterError"], ["看打印机状态灯。"], ["色带用完。", "卡纸。"], ["更换打印色带，清理卡纸。"])),
    ("runbooks/gateway/sftp-cert.md", "SFTP 入口证书续期手册", runbook(
        "SFTP 入口证书续期手册", f"适用于 {SFTP_HOST} 证书即将到期。",
        ["SftpCertificateExpiringSoon：证书 14 天内到期"], ["确认续期工单与排期。"], ["证书到期。"],
        ["按工单续期并替换证书，通知客户更新指纹。"])),
]


def build_bundle(seed: int = SEED) -> Json:
    w = WorldBuilder(seed=seed, day=DAY, tz=TZ, reference=REFERENCE, instances=INSTANCES,
                     labels={"env": "prod", "cluster": "xy-prod", "region": "cn-sz"})
    for service, (make, every) in NOISE.items():
        w.noise(service, make, START, every_s=every)
    ess_reshard(w)
    si_week_year(w)
    fep_charset(w)
    tax_deductions(w)
    node_cgroup(w)
    webhook_hol(w)
    pool_mode(w)
    econtract_enum(w)
    idle_lock(w)
    hpa_blind(w)
    other_changes(w)
    k8s_state(w)
    build_metrics(w)
    documents = [{"title": title, "source": source, "content": content} for source, title, content in RUNBOOKS]
    return w.bundle(name="XinYun 薪云人力 2026-12-28", services=SERVICES, documents=documents)


# --- Questions ---------------------------------------------------------------------------------
#: Each incident's own words: in another incident's answer, a misattribution.
FAMILY = {
    "reshard": ("reshard", "CHG-20261227-05"),
    "weekyear": ("YYYY-MM", "SB-4103"),
    "deduction": ("tax_year=2027", "deduction-sync"),
    "charset": ("GB2312", "E2011"),
    "cgroup": ("cgroup v2", "OOMKilled"),
    "webhook": ("hengfeng-group.com", "32/32"),
    "pgbouncer": ("pool_mode", "prepared statement"),
    "lock": ("idle in transaction", "DBeaver"),
    "enum": ("FINISHED_ARCHIVED", "SignFlowStatus"),
    "hpa": ("FailedGetExternalMetric", "notify_pending_messages:sum"),
}
#: The remedies of the runbooks for problems that did not happen.
UNRELATED_REMEDIES = ("重启考勤机", "更换打印色带")
FIRING = ("NotifyQueueBacklogHigh", "SftpCertificateExpiringSoon")
INCIDENT_WORDS = tuple(word for words in FAMILY.values() for word in words)


def _not(*own: str, told: tuple[str, ...] = ()) -> tuple[str, ...]:
    """The other incidents' words, plus the unrelated runbooks' remedies — less ``told``: another incident's words the
    asked service itself logs (the database logs the pool's prepared-statement errors too), which name no
    misattribution when an answer quotes them."""
    return tuple(word for family, words in FAMILY.items() if family not in own for word in words
                 if word not in told) + UNRELATED_REMEDIES


QUESTIONS: tuple[WorldQuestion, ...] = (
    WorldQuestion(
        "payroll_disburse_name_mismatch_cause",
        "上午华商银行那几批代发，每批都有几个员工的工资被银行打回来，说名字和卡号对不上，可这些人的资料根本没改过，代发这边怎么回事？",
        "cause",
        asked_facts=(fact("E2011", "户名与账号不符"),),
        cause_facts=(fact("GB2312", "字符集", "charset", "编码"),
                     fact("HSB-FEP", "5.2.0", "前置机", "auto-update", "自动升级")),
        forbidden=_not("charset"), service="xy-disburse",
        diagnosis="02:30 华商银行的更新通道把前置机 fep-hsb-01 自动升级到 HSB-FEP 5.2.0，新模板生成的 conf/fep.properties 把代发文件"
                  "字符集写成 GB2312（原来 GB18030）→ 名字里有 GB2312 之外的字（喆、堃、镕、玥、赟、祎、犇）被替换成 '?' → 09:30 "
                  "起华商银行每批都逐笔退回这些行 E2011 收款人户名与账号不符；工行、招行和其他员工正常。11:55 字符集改回 GB18030，"
                  "12:05 退回的 286 笔重新提交成功。09:05 的 xy-disburse 4.8.0 发布不是原因",
    ),
    WorldQuestion(
        "payroll_si_period_cause",
        "今天上午客户提交的社保增员、补缴，还有公积金，一报上去就被打回来，说申报的月份不对，社保申报这边怎么了？", "cause",
        asked_facts=(fact("SB-4103", "GJJ-207", "不在当前可申报期", "202712"),),
        cause_facts=(fact("YYYY-MM", "YYYY", "week-based", "周年份", "week year"),
                     fact("2027-12", "所属期 2027", "跨年", "period-pattern")),
        forbidden=_not("weekyear"), service="xy-si-declare",
        diagnosis="没有人改动：申报所属期按 si.declare.period-pattern=YYYY-MM 格式化（9 月 3.4.0 起），YYYY 是按周计算的年份，"
                  "2026-12-28（周一）已属于 2027 年第 1 周 → 零点起所属期都成了 2027-12（状态查询也查 2027-12 为 0 笔），08:40 起"
                  "社保经办接口退回 SB-4103、公积金中心退回 GJJ-207；11:38 改成 yyyy-MM 后 412 个批次重报成功。07:50 的 3.6.2 "
                  "发布不是原因",
    ),
    WorldQuestion(
        "payroll_calc_prepared_cause",
        "下午一点多好多客户的算薪跑到一半就失败了，重试有时又能过，算薪服务这是怎么了？", "cause",
        asked_facts=(fact("prepared statement", "does not exist", "already exists"),),
        cause_facts=(fact("pool_mode", "transaction pooling", "事务模式", "PgBouncer", "pgbouncer"),
                     fact("dba_hanxue", "CHG-20261228-03", "pgbouncer.ini", "连接池模式")),
        forbidden=_not("pgbouncer"), service="xy-payroll-calc",
        diagnosis="13:05 DBA dba_hanxue 为发薪日腾连接（CHG-20261228-03）把 PgBouncer 上 payroll 库的 pool_mode 从 session 改成 "
                  "transaction → pgjdbc 的服务端预编译语句（S_n）落到别的服务端连接上 → 13:06 起算薪 run 报 prepared statement "
                  "\"S_n\" does not exist / already exists 失败，重试换到合适的连接时能过；14:18 改回 session 模式，14:22 重跑 214 个"
                  "失败的 run。12:35 的并行度配置不是原因；四点以后的审批失败是另一件事",
    ),
    WorldQuestion(
        "payroll_calc_approval_lock_cause",
        "四点以后客户审批工资一直失败，提示稍后重试，折腾了一个多小时，算薪服务又出什么事了？", "cause",
        asked_facts=(fact("lock timeout", "锁超时", "canceling statement"),),
        cause_facts=(fact("idle in transaction", "未提交", "DBeaver", "39102"),
                     fact("support_l2_zhaolei", "TK-88213", "payroll_calendar", "手工")),
        forbidden=_not("lock", told=("prepared statement",)), service="xy-payroll-calc",
        diagnosis="16:02 技术支持 support_l2_zhaolei 用 DBeaver（关闭自动提交）处理工单 TK-88213，UPDATE payroll_calendar 漏了租户"
                  "条件，锁住 12 月全部 1264 行且一直没提交（idle in transaction，pid 39102）→ 每次审批的 SELECT … FOR UPDATE 都在"
                  "等锁，10 秒后 canceling statement due to lock timeout；等锁会话最多 186 个（16:58）；17:06 DBA 终止 pid 39102，"
                  "17:08 排队的审批完成。15:20 的 8.12.1 发布不是原因；下午一点多的算薪失败是另一件事",
    ),
    WorldQuestion(
        "payroll_payslip_oom_cause",
        "上午工资条生成老是失败重试，有两个实例一直在重启，其他实例好好的，工资条服务怎么了？", "cause",
        asked_facts=(fact("OOMKilled", "out of memory", "exit code 137", "内存超限"),),
        cause_facts=(fact(BAD_NODE, "node-07", "07 节点", "新节点"),
                     fact("cgroup v2", "cgroup", "15.70 GiB", "max heap", "最大堆")),
        forbidden=_not("cgroup"), service="xy-payslip",
        diagnosis=f"09:12 infra_ops_wenjun 为发薪日加了节点 {BAD_NODE}（节点池 np-2026q4，Ubuntu 22.04，cgroup v2）；10:02 HPA 扩出的两个 "
                  "xy-payslip Pod 调度到这台节点，JDK 1.8.0_252 识别不了 cgroup v2 的限制，按宿主机 62.8 GiB 定最大堆 15.70 GiB、"
                  "16 个处理器（其他节点上是 768 MiB、2 个）→ 渲染时超过 3 GiB limit 被 OOMKilled，各重启 5 次；其余 4 个 Pod 正常。"
                  "12:08 cordon 节点并删除两个 Pod 后恢复。09:40 的字体配置不是原因；同在 node-07 的考勤 Pod 不受影响",
    ),
    WorldQuestion(
        "payroll_webhook_delay_cause",
        "上午好几个客户说他们 ERP 收不到我们的审批通过回调，要等四五十分钟才来，回调推送服务怎么了？", "cause",
        asked_facts=(fact("queued", "WebhookDeliveryDelayHigh", "积压", "排队"),),
        cause_facts=(fact("T-3017", "恒丰集团", "hengfeng-group.com"),
                     fact("timeout after 30000ms", "32/32", "workers busy", "共享 worker", "per-tenant")),
        forbidden=_not("webhook"), service="xy-webhook",
        diagnosis="10:30 恒丰集团（T-3017）发布 14206 份工资条，其 ERP 回调地址 erp.hengfeng-group.com 从 10:35 起 30 秒才超时返回 → "
                  "32 个共享派发 worker 全被它占住（workers busy 32/32）→ 其他租户的 payroll.approved 等回调排队，最久 2947 秒"
                  "（11:52）；12:03 暂停恒丰的订阅，12:10 设置每租户并发上限 4，12:40 积压发完。10:10 的 2.3.0 发布不是原因",
    ),
    WorldQuestion(
        "payroll_notify_backlog_cause",
        "晚上客户发年终奖工资条，员工的短信和企业微信消息一直收不到，到现在还堵着，消息推送怎么了？", "cause",
        asked_facts=(fact("NotifyQueueBacklogHigh", "pending messages", "待发送"),),
        cause_facts=(fact("FailedGetExternalMetric", "HPA", "HorizontalPodAutoscaler", "不扩容"),
                     fact("notify_pending_messages:sum", "recording rule", "记录规则", "obs_eng_malin", "CHG-20261228-07")),
        forbidden=_not("hpa"), service="xy-notify",
        diagnosis="17:20 监控组 obs_eng_malin 重命名 41 条记录规则（CHG-20261228-07），xy:notify_pending_messages 改成 "
                  "xy:notify_pending_messages:sum，prometheus-adapter 还查旧名 → xy-notify 的 HPA FailedGetExternalMetric，停在 2 个"
                  "副本（上午发工资条时扩到过 8 个）→ 18:30 起客户发布年终奖工资条，待发送消息涨到 184300 条（20:30），"
                  "NotifyQueueBacklogHigh 仍在告警。18:05 的短信供应商权重配置不是原因",
    ),
    WorldQuestion(
        "payroll_ess_relogin_cause",
        "早上好多员工反映 App 登录进去点两下就又让重新登录，工资条都看不了，员工自助 App 怎么回事？", "cause",
        asked_facts=(fact("MOVED", "SESSION_INVALID", "会话失效"),),
        cause_facts=(fact("reshard", "CHG-20261227-05", "cache_ops_dujuan", "redis-ess-02", "扩容"),
                     fact("standalone", "cluster mode", "集群模式", "ess.redis.mode")),
        forbidden=_not("reshard"), service="xy-ess-app",
        diagnosis="昨晚 23:10 cache_ops_dujuan 给 App 会话集群扩容（CHG-20261227-05），加了 redis-ess-02/03 并把槽位 5462–16383 迁出 "
                  "redis-ess-01；App 后端的 ioredis 是单机模式（standalone）连 redis-ess-01，不跟随 MOVED → 三分之二的会话 key 查询"
                  "返回 MOVED，401 SESSION_INVALID；夜里量小，早上 7 点后大量员工被踢回登录页。10:19 ess.redis.mode 改成 cluster 并"
                  "重启后恢复。昨晚 22:30 的水印配置不是原因",
    ),
    WorldQuestion(
        "payroll_webhook_age_quantity", "上午给客户 ERP 推的回调，积压最久的一条压了多少秒没发出去？", "quantity",
        asked_facts=(fact(str(AGE_PEAK), "2,947"),), forbidden=_not("webhook"), service="xy-webhook",
        peak=Peak("xy-webhook", "webhook_oldest_pending_age_seconds", AGE_PEAK),
        diagnosis="webhook_oldest_pending_age_seconds 峰值 2947 秒（11:52）；WebhookDeliveryDelayHigh 触发时的 612 秒不是峰值。起因是"
                  "恒丰集团的 ERP 地址超时占满 32 个共享派发 worker",
    ),
    WorldQuestion(
        "payroll_tax_review_quantity", "今天个税试算有差异、挂起等复核的员工最多到过多少人？", "quantity",
        asked_facts=(fact(str(REVIEW_PEAK), "6,318"),), forbidden=_not("deduction"), service="xy-tax",
        peak=Peak("xy-tax", "tax_variance_review_pending", REVIEW_PEAK),
        diagnosis="tax_variance_review_pending 峰值 6318 人（15:04）；TaxVarianceReviewHigh 触发时的 742 人不是峰值。起因是 08:30 "
                  "tax_ops_qinfang 跑的 deduction-sync 下载了 tax_year=2027 的专项附加扣除，12 月累计预扣按“最新记录”取到 2027 年的"
                  "月扣除额乘 12 个月，12 月税额偏低甚至为 0；15:05 取数按所属年度后重算放行。08:05 的 6.4.0 发布不是原因",
    ),
    WorldQuestion(
        "payroll_db_lock_waits_quantity", "下午四点多算薪数据库上最多有多少个会话在等锁？", "quantity",
        asked_facts=(fact(str(LOCK_PEAK)),), forbidden=_not("lock", told=("prepared statement",)), service="xy-payroll-db",
        peak=Peak("xy-payroll-db", "pg_lock_waiting_sessions", LOCK_PEAK),
        diagnosis="pg_lock_waiting_sessions 峰值 186 个（16:58）；PostgresLockWaitsHigh 触发时的 24 个不是峰值。持锁的是 "
                  "support_l2_zhaolei 在 DBeaver 里没提交的 UPDATE payroll_calendar（pid 39102，idle in transaction），17:06 被终止",
    ),
    WorldQuestion(
        "payroll_econtract_alert_existence", "电子合同这边今天报过警没有？", "existence",
        asked_facts=(fact("EcontractCallbackFailures"),),
        cause_facts=(fact("FINISHED_ARCHIVED", "SignFlowStatus", "枚举"),
                     fact("QD-NT-20261228", "API 3.9", "签盾")),
        forbidden=_not("enum"), service="xy-econtract",
        diagnosis="报过：EcontractCallbackFailures 14:08 触发、16:10 恢复。签盾 14:00 发布 API 3.9（09:00 的公告 QD-NT-20261228），"
                  "签署完成的流程回调 flowStatus=FINISHED_ARCHIVED，我方枚举 SignFlowStatus 没有这个值，回调全部 500，合同停在"
                  "签署中、入职任务等待；15:50 发布 3.2.1 兼容，16:05 签盾重推 1128 个回调。13:30 的提醒间隔配置不是原因",
    ),
    WorldQuestion(
        "payroll_attendance_healthy", "考勤上午发了个版，现在有告警或者报错吗？", "existence",
        asked_facts=(HEALTHY,), forbidden=INCIDENT_WORDS, service="xy-attendance", healthy=True,
        diagnosis="没有：只有导入、打卡同步的 INFO 和打卡超出地理围栏的 WARN，5xx 最高约 0.11%（阈值 2%），p99 远低于 1500ms，"
                  f"无告警；09:25 的 4.2.2 发布与各故障无关，它有一个 Pod 在 {BAD_NODE} 上，Go 服务不受 cgroup 版本影响",
    ),
    WorldQuestion(
        "payroll_billing_healthy", "计费系统中午发了版，有没有出什么问题？", "existence",
        asked_facts=(HEALTHY,), forbidden=INCIDENT_WORDS, service="xy-billing", healthy=True,
        diagnosis="没有告警；5xx 远低于阈值 2%，p99 远低于 800ms；11:30 发布 1.9.4 后只有用量计量、账单查询与续费提醒",
    ),
    WorldQuestion(
        "payroll_alert_listing", "现在还有哪些告警没恢复？列一下。", "listing",
        asked_facts=tuple(fact(name) for name in FIRING), forbidden=("xy-attendance", "xy-billing"),
        diagnosis="2 条：NotifyQueueBacklogHigh（18:52 起，HPA 取不到改名后的外部指标，xy-notify 停在 2 个副本）、"
                  f"SftpCertificateExpiringSoon（{SFTP_HOST} 证书 2027-01-09 到期，续期已排期，与今天的故障无关）；其余告警都已恢复",
    ),
    WorldQuestion(
        "payroll_calc_changes_listing", "算薪服务今天都有哪些变更？发版、改配置都算上。", "listing",
        asked_facts=(fact("payroll.calc.batch-size", "batch-size"), fact("payroll.calc.parallelism", "parallelism"),
                     fact("8.12.1"), fact("payroll.calc.retry.max-attempts", "max-attempts")),
        forbidden=_not("pgbouncer", "lock"), service="xy-payroll-calc",
        diagnosis="四次：07:40 配置 payroll.calc.batch-size 500 -> 800、12:35 配置 payroll.calc.parallelism 8 -> 12、15:20 发布 "
                  "8.12.1、18:40 配置 payroll.calc.retry.max-attempts 3 -> 5；都不是当天两次故障的原因（PgBouncer 的池模式与"
                  "数据库里未提交的 UPDATE 不是算薪服务的变更）",
    ),
)

WORLD = World(name=NAME, title="XinYun 薪云人力（薪酬人事 SaaS）", build=build_bundle, questions=QUESTIONS)
