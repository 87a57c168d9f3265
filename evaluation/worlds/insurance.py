"""World "insurance": 安衡保险 AnHeng Insurance, an online property-and-casualty insurer selling health, accident and
critical-illness cover through its App and channel partners (``ah-*`` services: quotation, policy issuance, the
underwriting rules engine, the channel API, payment collection and renewal deductions, claims intake and claims OCR,
e-signature, notification, the customer-service IVR and the actuarial batch on Kubernetes; the core policy admin system,
its Oracle database, the bank front-end, the signing HSMs, Kafka and the voice SBCs outside it), seen on an ordinary
working day, Tuesday 2026-12-22, from 00:00 to the reference time 17:40 (+08:00). Nothing here was written for the
offline agents; ten incidents of families neither the demo nor the other worlds have, in ordinary noise:

(1) 00:20:33        ah-core-db: the DBA shrinks the undo tablespace after a space alert (CHG-20261222-0003) and sets
                    ``undo_retention=900`` (was 10800) → the actuarial CronJob ``ah-actuarial-reserve`` (01:00) runs its
    01:00–03:12     51-minute consistent read in step 3 ``reserve_calc`` → ``ORA-01555: snapshot too old`` at 03:12, the
    (rerun → 11:48) job fails, no reserve report. 08:52 the DBA restores 10800, 09:05 the actuaries rerun it by hand
                    (done 11:48). The 00:05 image update 2.4.1 of the CronJob is a decoy. ActuarialBatchFailed 03:13–11:49.
(2) 05:00:03        ah-payment: the renewal-deduction CronJob submits three bank batches; 建设银行's reply for
                    ``RN20261222-CCB-01`` is late, the payment service marks the batch ``TIMEOUT`` at 06:00 and ignores
    06:14–11:05     the reply that arrives at 06:14 → 06:20 the operator pay_ops_linxiao resubmits it as
                    ``RN20261222-CCB-02`` (a new batch number, so the bank does not deduplicate) → 6763 customers debited
                    twice; the 09:30 bank-statement reconciliation flags ``DUPLICATE_DEDUCTION``; refunds 10:40–11:03. The
                    04:35 deploy 3.12.1 of the payment service is a decoy.
(3) 02:06:41        ah-core-db: the nightly job CLAIM_IDX_RELOAD truncates and reloads CLAIMS.T_CLAIM_POLICY_IDX; the
                    optimizer-statistics autotask of the 02:00 window gathers the table while it is empty
    07:25–10:19     (``num_rows=0``) → from the morning traffic the policy lookup of claims intake (sql_id 8fz2k1m9qv3xd)
                    runs a full scan under nested loops → ah-claims' report intake waits 7–12 s and times out. 10:18 the
                    DBA re-gathers the statistics and purges the cursor. The 07:12 photo-count config of ah-claims is a decoy.
(4) 09:26:18        ah-underwriting: the underwriter uw_zhangmin publishes ruleset ``health-uw v57`` from the rules console
                    with R-THY-012 ``answers['Q7'] != '否'``; AH-MED-26's questionnaire has no Q7, null != '否' is true →
    09:27–11:05     every 百万医疗 application is REFERred to manual underwriting → ah-policy-issue leaves them in
                    ``MANUAL_UW`` (人工核保中); the manual queue peaks at 1384 at 11:04 (``uw_manual_queue_size``). 11:04 v58
                    makes the rule null-safe and the queue is re-underwritten. The 09:10 deploy 5.8.0 of ah-policy-issue is
                    a decoy.
(5) 10:14:55        ah-archive: data_ops_chenyu runs a one-off Job ``ah-archive-export-20261222`` (claim images for a
                    regulator's inspection) without resource requests (QoS BestEffort, 32 workers); the scheduler puts it
    10:16–11:42     on ah-k8s-node-05 → the two ah-claims-ocr pods scheduled there are starved of CPU, their OCR tasks take
                    9–16 s or time out while the other two pods stay at ~2 s. 11:42 the job is deleted and re-created with
                    limits on the batch node. The 10:00 deploy 3.3.0 of the OCR service is a decoy.
(6) 12:02–12:58     ah-agent-api: the channel partner 惠选网 (HXW) pushes an unannounced renewal pre-quotation batch through
                    the channel API, ~170 quotes/s against its usual ~9 — visible only in the request-rate series
                    (``agent_api_requests_per_sec{partner="HXW"}``, ``quote_requests_per_sec``) → ah-quote's rating workers
                    saturate, p99 peaks at 4210 ms at 12:31 (QuoteLatencyHigh fired at 2150ms) and App quotations time out.
                    The 11:48 rate-table cache config of the quote service is a decoy.
(7) 13:30:05        ah-core: core_dev_wuhao changes ``premium.rounding.mode HALF_UP -> HALF_EVEN`` (REQ-2026-0877, to align
                    monthly premiums with finance) → premiums ending in exactly half a cent now round to even; the channel
    13:31–15:20     partners still round half up → ah-agent-api rejects ~12 % of channel orders ``PREMIUM_MISMATCH`` (diff
                    0.01). 15:20 the parameter is reverted. The 13:10 deploy 2.19.0 of ah-agent-api is a decoy. (The channel
                    API thus sees two incidents today: a time phrase picks one.)
(8) 14:20:40        ah-hsm: after its firmware maintenance (CHG-20261222-0015) the security team puts hsm-03 back in the
                    signing pool without replicating the seal key → every signature routed to hsm-03 fails
    14:21–15:35     (``AH-SEAL-2026`` not found, ``CKR_KEY_HANDLE_INVALID``) → ah-esign answers 502 SIGN_FAILED for a third of
                    the requests → ah-policy-issue's e-policy generation fails and succeeds on retry. 15:35 hsm-03 out of the
                    pool, 16:08 the key replicated and hsm-03 back. The 14:00 watermark config of ah-policy-issue is a decoy.
                    (ah-policy-issue thus has two incidents today.)
(9) 15:02:14        ah-kafka: troubleshooting one stuck partition, kafka_ops_maojun resets the consumer group
                    ``notify-claims`` ``--to-earliest`` on all six partitions of claims.payout.events (7 days, 41208
    15:02–15:39     events) → ah-notify re-sends a week of 理赔到账 SMS; the send rate peaks at 1712 per minute at 15:09
                    (``notify_sms_sent_per_min``; NotifySmsVolumeHigh fired at 1208). 15:36 the consumer is stopped, 15:39
                    the offsets are restored. The 14:50 SMS-provider weights config of ah-notify is a decoy.
(10) 16:05:00       ah-sbc: 中国联通 cuts our SIP trunk over to its new SBC (notice UNI-HZ-2026-1222), which offers only
                    G.729 and AMR-WB; our ``unicom-trunk`` allows PCMA/PCMU → every call over that trunk is refused
    16:05 → now     ``488 Not Acceptable Here`` (OPTIONS still 200, so no trunk-down alarm) → ah-ivr's inbound calls fall
                    by ~45 %, only telecom-trunk calls arrive; still failing at 17:40 (SbcCallFailureRateHigh and
                    IvrInboundCallsDropped firing). The 15:50 menu-flow config of the IVR is a decoy.

Healthy: ah-invoice (deploy 2.7.0 at 10:30 is a decoy) and ah-crm (a config at 14:40 is a decoy) — INFO/WARN noise only,
under their thresholds, no alert. Still firing at 17:40: OfficeVpnTunnelDown (the 苏州分公司 IPsec tunnel since 08:12, a
carrier line fault, unrelated), SbcCallFailureRateHigh and IvrInboundCallsDropped (the trunk codec); HostCpuHigh on
core-app-01 00:32–01:25 is the core system's nightly end-of-day batch, unrelated too. Kubernetes: the deployments and
their pods with their nodes (two OCR pods on ah-k8s-node-05), the job pods of the CronJobs and of the re-created export
job, and the events of the last hour.
Run ``python -m evaluation.worlds insurance`` to print the bundle.
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

NAME = "insurance"
SEED = 20261222
TZ = dt.timezone(dt.timedelta(hours=8))
DAY = dt.date(2026, 12, 22)
START = dt.datetime(2026, 12, 22, 0, 0, tzinfo=TZ)
REFERENCE = dt.datetime(2026, 12, 22, 17, 40, tzinfo=TZ)
NS = "anheng-prod"

_t = functools.partial(clock_on, DAY, TZ)  # a clock on the world's day, for module-level constants


# --- The lines the questions are about (the tests find each one in the bundle) ----------------
# (1) the undo retention and the actuarial batch
ACT_CRON = "ah-actuarial-reserve"
ACT_JOB = job_name(ACT_CRON, _t("01:00"))
ACT_POD = job_pod(ACT_JOB)
ACT_RERUN_JOB = f"{ACT_CRON}-manual-0905"
ACT_RERUN_POD = job_pod(ACT_RERUN_JOB)
ACT_IMAGE = ("cronjob ah-actuarial-reserve image ah-actuarial 2.4.0 -> 2.4.1 updated by ci-bot pipeline=#3120; changes: "
             "IFRS17 CSM 报表新增再保分出列")
UNDO_CHANGE = ("dba_zhoujie (CHG-20261222-0003 UNDOTBS1 空间告警): ALTER SYSTEM SET undo_retention=900 SCOPE=BOTH SID='*' "
               "(was 10800); datafile +DATA/AHCORE/undotbs01.dbf resized 64G -> 32G")
SNAPSHOT_TOO_OLD = ("step 3/5 reserve_calc failed: ORA-01555: snapshot too old: rollback segment number 14 with name "
                    "\"_SYSSMU14_2817736412$\" too small (query Q_RESERVE_BASE ran 51m08s)")
DB_1555 = ("ORA-01555 caused by SQL statement below (SQL ID: 4kq8x9w2m7bzc, Query Duration=3068 sec, SCN: "
           "0x0015.6b2c19a3), module=ah-actuarial-reserve; tuned undo retention 900 sec")
UNDO_REVERT = ("dba_zhoujie: ALTER SYSTEM SET undo_retention=10800 SCOPE=BOTH SID='*' (revert CHG-20261222-0003, "
               "ORA-01555 in ah-actuarial-reserve)")
ACT_DONE = "reserve valuation done: valuation date 2026-12-21, report RSV-20261221 published to 精算报表平台"

# (2) the renewal deductions charged twice
PAY_CRON = "ah-payment-renewal-deduct"
PAY_JOB = job_name(PAY_CRON, _t("05:00"))
PAY_POD = job_pod(PAY_JOB)
PAY_DEPLOY = ("deploy finished: ah-payment 3.12.1 (was 3.12.0) rolled out by ci-bot pipeline=#3124; changes: 支付宝代扣签约页"
              "文案, 对账报表导出 Excel")
CCB_TIMEOUT = ("batch RN20261222-CCB-01: no reply file from ah-bank-gw after 3600s, status SUBMITTED -> TIMEOUT "
               "(6981 records, 9,382,114.60)")
CCB_LATE_REPLY = ("reply file RN20261222-CCB-01 ignored: batch in status TIMEOUT, stored as late reply (6850 success, "
                  "131 failed), no receipts posted")
RERUN = ("pay_ops_linxiao: resubmit batch RN20261222-CCB-01 (status TIMEOUT) as new batch RN20261222-CCB-02, 6981 records "
         "(ops console 续期扣款重发)")
CCB2_POSTED = "reply file RN20261222-CCB-02: 6791 success, 190 failed (余额不足 188, 账户冻结 2); receipts posted"
DUPLICATES = 6763
RECON = (f"bank statement reconciliation CCB 2026-12-22: {DUPLICATES} accounts debited twice for the same installment "
         "(RN20261222-CCB-01 late reply + RN20261222-CCB-02), flagged DUPLICATE_DEDUCTION")
REFUND = (f"pay_ops_linxiao: refund batch RF20261222-CCB-01 created for {DUPLICATES} duplicate deductions (bank debited "
          "RN20261222-CCB-01 although the batch had timed out)")

# (3) the statistics gathered on an empty table
RELOAD_START = ("DBMS_SCHEDULER job CLAIMS.CLAIM_IDX_RELOAD started: TRUNCATE TABLE CLAIMS.T_CLAIM_POLICY_IDX; INSERT "
                "/*+ APPEND */ INTO CLAIMS.T_CLAIM_POLICY_IDX SELECT ... FROM AHCORE.T_POLICY_INSURED")
STATS_EMPTY = ("autotask ORA$AT_OS_OPT_SY_4521 (window AH_NIGHT_WINDOW 02:00-06:00): DBMS_STATS gathered "
               "CLAIMS.T_CLAIM_POLICY_IDX num_rows=0 blocks=0 (stale after TRUNCATE)")
RELOAD_DONE = ("DBMS_SCHEDULER job CLAIMS.CLAIM_IDX_RELOAD completed: 3214806 rows inserted into CLAIMS.T_CLAIM_POLICY_IDX, "
               "elapsed 00:41:13 (job option gather_stats=false)")
SLOW_SQL = ("slow SQL sql_id=8fz2k1m9qv3xd plan_hash_value=3391822114 (NESTED LOOPS / TABLE ACCESS FULL "
            "T_CLAIM_POLICY_IDX, card=1) elapsed {s:.1f}s module=ah-claims")
LOOKUP_SLOW = "policy lookup for report intake slow: id_type=身份证 insured={who} took={ms}ms (ah-core /policy/by-insured)"
LOOKUP_TIMEOUT = ("report intake {rpt} failed: policy lookup timeout after 10000ms (ah-core /policy/by-insured), "
                  "user asked to retry")
STATS_FIX = ("dba_zhoujie: DBMS_STATS.GATHER_TABLE_STATS('CLAIMS','T_CLAIM_POLICY_IDX') num_rows=3214806; "
             "DBMS_SHARED_POOL.PURGE cursor 8fz2k1m9qv3xd; new plan_hash_value=1187349920 (INDEX RANGE SCAN "
             "IDX_CPI_ID_NO)")
CLAIMS_CONFIG = ("[nacos] config changed: dataId=ah-claims.yaml group=CLAIMS key=claims.intake.photo-max-count old=9 new=12 "
                 "operator=claims_dev_luyao md5=5d1b77c02e9a")

# (4) the underwriting rule's null comparison
POLICY_DEPLOY = ("deploy finished: ah-policy-issue 5.8.0 (was 5.7.3) rolled out by ci-bot pipeline=#3127; changes: 投保流程"
                 "埋点, 受益人比例校验")
RULE_PUBLISH = ("ruleset health-uw v56 -> v57 published by uw_zhangmin via rules console: added R-THY-012 '甲状腺结节 -> "
                "人工核保' when answers['Q7'] != '否'; products AH-MED-26, AH-MED-26P, AH-CI-25")
REFER = ("decision app={app} product={product} result=REFER rule=R-THY-012 (answers.Q7=null) bmi={bmi:.1f} "
         "took={ms}ms")
MANUAL_UW = ("application {app} product={product} status UW_PENDING -> MANUAL_UW (underwriting REFER), customer shown "
             "'人工核保中'")
RULE_FIX = ("ruleset health-uw v57 -> v58 published by uw_zhangmin: R-THY-012 when answers.get('Q7') == '是' "
            "(null-safe)")
RE_UW = "re-underwrite 1384 pending applications with health-uw v58: 1291 ACCEPT, 93 REFER"
UW_QUEUE_PEAK = 1384

# (5) the export job without resource requests on one node
BAD_NODE = "ah-k8s-node-05"
BATCH_NODE = "ah-k8s-node-08"
OCR_DEPLOY = ("deploy finished: ah-claims-ocr 3.3.0 (was 3.2.5) rolled out by ci-bot pipeline=#3129; changes: 新增港澳"
              "通行证识别模板")
EXPORT_JOB = "ah-archive-export-20261222"
EXPORT_POD = job_pod(EXPORT_JOB)
EXPORT_RERUN_JOB = f"{EXPORT_JOB}-r2"
EXPORT_RERUN_POD = job_pod(EXPORT_RERUN_JOB)
EXPORT_START = ("archive export start (job ah-archive-export-20261222 by data_ops_chenyu, 监管检查调阅): claim images "
                "2019-01..2023-12, 18.4M objects, transcode workers=32, resources: none set")
EXPORT_ADMIT = (f'kubelet: SyncLoop ADD source="api" pod="{NS}/{EXPORT_POD}" qosClass=BestEffort (no requests/limits)')
NODE_SATURATED = ("node pressure: cpu {cpu:.1f}% of 16 cores, PSI cpu some avg10={psi:.1f}, top pod {pod} {cores:.1f} "
                  "cores")
OCR_SLOW = "ocr task {task} doc={doc} pages={pages} took={ms}ms (queue wait {wait}ms)"
OCR_TIMEOUT = "ocr task {task} doc={doc} timeout after 15000ms, returned to queue"
EXPORT_FIX = ("data_ops_chenyu: job ah-archive-export-20261222 deleted; re-created as ah-archive-export-20261222-r2 with "
              "requests cpu=2 limits cpu=4, nodeSelector pool=batch")

# (6) the partner's batch through the channel API
QUOTE_CONFIG = ("[nacos] config changed: dataId=ah-quote.yaml group=QUOTE key=quote.rate-table.cache-ttl-seconds old=300 "
                "new=600 operator=quote_dev_xuning md5=e07c4a9b1d33")
QUOTE_SLOW = "quote calc slow product={product} took={ms}ms: rating worker pool busy 64/64, queued {queued}"
QUOTE_TIMEOUT = "quote request timeout after 5000ms product={product} client=app, returned QUOTE_TIMEOUT"
QUOTE_P99_PEAK = 4210
QUOTE_ALERT_VALUE = "p99 2150ms"

# (7) the core system's rounding mode
AGENT_DEPLOY = ("deploy finished: ah-agent-api 2.19.0 (was 2.18.4) rolled out by ci-bot pipeline=#3131; changes: 渠道 PAB "
                "保单查询接口新增字段")
ROUNDING = ("core_dev_wuhao (REQ-2026-0877 月缴保费尾差与财务对齐): T_SYS_PARAM premium.rounding.mode HALF_UP -> HALF_EVEN, "
            "param cache refreshed on core-app-01, core-app-02")
MISMATCH = ("order {order} partner={partner} product={product} rejected: PREMIUM_MISMATCH partner_premium={partner_premium} "
            "core_premium={core_premium} (diff 0.01)")
CORE_CALC = "premium calc order={order} product={product} raw={raw} rounded={rounded} mode={mode}"
ROUNDING_REVERT = ("core_dev_wuhao: T_SYS_PARAM premium.rounding.mode HALF_EVEN -> HALF_UP (revert REQ-2026-0877, channel "
                   "PREMIUM_MISMATCH), param cache refreshed")

# (8) the HSM back in the pool without its key
POLICY_WATERMARK = ("[nacos] config changed: dataId=ah-policy-issue.yaml group=POLICY key=policy.epolicy.watermark.text "
                    "old=安衡保险 new=安衡保险·电子保单 operator=policy_dev_yangfan md5=9f04be3c1a7d")
HSM_BACK = ("sec_ops_liqiang (CHG-20261222-0015 HSM 固件升级 7.7.1 -> 7.8.2 完成): hsm-03 re-enabled in signing pool "
            "seal-pool (weight 1/3)")
HSM_EMPTY = "partition PAR-SEAL: 0 objects (key replication from hsm-01 not run after firmware restore)"
SIGN_FAIL = ("sign request {req} policy={policy} failed on hsm-03: key label AH-SEAL-2026 not found (0 objects), "
             "CKR_KEY_HANDLE_INVALID; answered 502 SIGN_FAILED")
EPOLICY_FAIL = "e-policy {policy} generation failed: ah-esign returned 502 SIGN_FAILED, retry 1/3 scheduled"
EPOLICY_RETRY = "e-policy {policy} generated on retry 1 (ah-esign ok, took {ms}ms)"
HSM_OUT = "sec_ops_liqiang: hsm-03 removed from seal-pool (ah-esign SIGN_FAILED on hsm-03)"
HSM_FIX = ("sec_ops_liqiang: key AH-SEAL-2026 replicated hsm-01 -> hsm-03 (partition PAR-SEAL 3 objects), hsm-03 "
           "re-enabled in seal-pool")
POLICY_BENEFICIARY = ("[nacos] config changed: dataId=ah-policy-issue.yaml group=POLICY key=policy.beneficiary.max-count "
                      "old=5 new=8 operator=policy_dev_yangfan md5=21c8d0e4f6b5")

# (9) the consumer group reset to earliest
NOTIFY_CONFIG = ("[nacos] config changed: dataId=ah-notify.yaml group=NOTIFY key=notify.sms.provider.weights "
                 "old=aliyun:70,tencent:30 new=aliyun:50,tencent:50 operator=notify_dev_zhaoqi md5=0b6e2f9d8c14")
OFFSET_RESET = ("kafka_ops_maojun: kafka-consumer-groups.sh --group notify-claims --topic claims.payout.events "
                "--reset-offsets --to-earliest --execute (all 6 partitions; retention 7d, 41208 messages)")
NOTIFY_REJOIN = ("consumer notify-claims rejoined group (generation 214): claims.payout.events partitions 0-5 assigned, "
                 "fetch positions 0,0,0,0,0,0 (committed)")
RESEND = ("sms sent template=CLAIM_PAID claim={claim} to {phone} provider={provider} took={ms}ms (event time {event})")
NOTIFY_STOP = "notify_oncall_wenjie: consumer notify-claims paused (CLAIM_PAID 短信量异常，客户投诉重复短信)"
OFFSET_RESTORE = ("kafka_ops_maojun: kafka-consumer-groups.sh --group notify-claims --reset-offsets --from-file "
                  "notify-claims-offsets-1458.csv --execute (offsets exported 14:58 restored)")
SMS_PEAK = 1712
SMS_ALERT_VALUE = "1208 条/分钟"

# (10) the carrier's new SBC and the codecs
IVR_CONFIG = ("ivr flow main-menu v33 -> v34 published by cc_ops_tangli: 按键 5 新增车险报案转人工")
CARRIER_CUT = ("trunk unicom-trunk: carrier peer changed 112.64.18.10 -> 112.64.22.40 (联通割接通知 UNI-HZ-2026-1222), "
               "OPTIONS 200 OK")
CODEC_REJECT = ("INVITE from unicom-trunk (112.64.22.40) caller={caller} to 95xxx rejected 488 Not Acceptable Here: no "
                "common codec (offer G729,AMR-WB,telephone-event; allowed PCMA,PCMU)")
CARRIER_TICKET = ("voice_ops_panjie: 已向联通报障（工单 UNI-TT-88213），对方新 SBC 只给 G729/AMR-WB；unicom-trunk 增加 "
                  "G729 需要转码授权，评估中")

# Healthy services' changes and the unrelated alerts
INVOICE_DEPLOY = ("deploy finished: ah-invoice 2.7.0 (was 2.6.4) rolled out by ci-bot pipeline=#3130; changes: 电子发票"
                  "红冲申请单")
CRM_CONFIG = ("[nacos] config changed: dataId=ah-crm.yaml group=CRM key=crm.points.birthday-bonus old=100 new=200 "
              "operator=crm_dev_huangyi md5=7a3c5e0f92d1")
VPN_SUMMARY = "苏州分公司 IPsec 隧道 vpn-gw-hq <-> vpn-gw-sz 中断（DPD 超时，运营商线路故障 ISP-CT-20261222-117），自 08:12 起"

# --- Pods, nodes, machines --------------------------------------------------------------------
ROLLOUTS: dict[str, list[tuple[str, tuple[str, ...]]]] = {
    "ah-quote": [("00:00", pod_names("ah-quote", "4.6.2", 4))],
    "ah-policy-issue": [("00:00", pod_names("ah-policy-issue", "5.7.3", 3)),
                        ("09:11:00", pod_names("ah-policy-issue", "5.8.0", 3))],
    "ah-underwriting": [("00:00", pod_names("ah-underwriting", "3.9.1", 3))],
    "ah-agent-api": [("00:00", pod_names("ah-agent-api", "2.18.4", 3)), ("13:11:00", pod_names("ah-agent-api", "2.19.0", 3))],
    "ah-payment": [("00:00", pod_names("ah-payment", "3.12.0", 2)), ("04:36:00", pod_names("ah-payment", "3.12.1", 2))],
    "ah-claims": [("00:00", pod_names("ah-claims", "4.3.0", 3))],
    "ah-claims-ocr": [("00:00", pod_names("ah-claims-ocr", "3.2.5", 4)), ("10:01:00", pod_names("ah-claims-ocr", "3.3.0", 4))],
    "ah-esign": [("00:00", pod_names("ah-esign", "1.22.2", 3))],
    "ah-notify": [("00:00", pod_names("ah-notify", "2.5.1", 2))],
    "ah-ivr": [("00:00", pod_names("ah-ivr", "1.14.0", 2))],
    "ah-invoice": [("00:00", pod_names("ah-invoice", "2.6.4", 2)), ("10:31:00", pod_names("ah-invoice", "2.7.0", 2))],
    "ah-crm": [("00:00", pod_names("ah-crm", "3.1.2", 2))],
}
NODES = [f"ah-k8s-node-{n:02d}" for n in range(1, 9)]
HSMS = ["hsm-01", "hsm-02", "hsm-03"]
VMS = {
    "ah-core": ["core-app-01", "core-app-02"],
    "ah-core-db": ["coredb-01", "coredb-02"],
    "ah-bank-gw": ["bankgw-01"],
    "ah-hsm": HSMS,
    "ah-kafka": ["kafka-01", "kafka-02", "kafka-03"],
    "ah-sbc": ["sbc-01", "sbc-02"],
    "ah-k8s-node": NODES,
    "ah-office-net": ["vpn-gw-hq"],
    "ah-actuarial": [ACT_POD, ACT_RERUN_POD],
    "ah-archive": [EXPORT_POD, EXPORT_RERUN_POD],
}
INSTANCES: dict[str, list[str]] = {service: list(steps[-1][1]) for service, steps in ROLLOUTS.items()} | VMS

OCR_PODS = ROLLOUTS["ah-claims-ocr"][1][1]
#: The two OCR pods the scheduler put on the node where the export job landed (nothing else of ours runs there).
ON_BAD_NODE = (OCR_PODS[1], OCR_PODS[3])
_APP_NODES = [node for node in NODES if node not in (BAD_NODE, BATCH_NODE)]
JOB_SERVICES = ("ah-actuarial", "ah-archive", "ah-payment", "ah-notify")


def node_of(pod: str) -> str:
    """The node a pod runs on: the two OCR pods and the first export job on node-05, job pods on the batch node,
    the others spread over the six application nodes."""
    if pod in ON_BAD_NODE or pod == EXPORT_POD:
        return BAD_NODE
    if pod in JOB_PODS:
        return BATCH_NODE
    return _APP_NODES[int(hashlib.sha256(pod.encode()).hexdigest(), 16) % len(_APP_NODES)]


PARTNERS = {"HXW": "惠选网", "YBT": "易保通", "PAB": "鹏安保险经纪"}

SERVICES: list[Json] = [
    {"name": "ah-quote", "aliases": ["报价", "报价服务", "算费", "保费试算", "报价接口"],
     "description": "报价服务（Java 17，4 个副本）：App、H5 与渠道（经 ah-agent-api）的保费试算；费率表缓存在本地，"
                    "每个副本 64 个算费线程（rating worker pool）。"},
    {"name": "ah-policy-issue", "aliases": ["出单", "出单系统", "投保", "投保出单", "承保"],
     "description": "投保出单（Java 17，3 个副本）：投保单提交、调用 ah-underwriting 核保、调用 ah-core 生成保单、调用 "
                    "ah-esign 签章生成电子保单 PDF；核保结论为 REFER 时进入人工核保（MANUAL_UW，App 显示“人工核保中”）。"},
    {"name": "ah-underwriting", "aliases": ["核保", "核保引擎", "核保规则", "智能核保", "规则引擎"],
     "description": "核保规则引擎（Java，3 个副本，Drools）：按健康告知问卷（answers）与规则集 health-uw 给出 ACCEPT / "
                    "DECLINE / REFER；规则由核保人员在规则控制台发布；REFER 的投保单进入人工核保队列。"},
    {"name": "ah-agent-api", "aliases": ["渠道接口", "渠道 API", "代理接口", "合作渠道", "开放平台"],
     "description": "渠道开放 API（Go，3 个副本）：惠选网（HXW）、易保通（YBT）、鹏安保险经纪（PAB）等合作渠道的报价、下单、"
                    "保单查询；渠道按我司费率表自算保费随单提交，下单时与 ah-core 重算的保费逐分比对。"},
    {"name": "ah-payment", "aliases": ["收付费", "支付", "续期扣款", "扣款", "收费系统"],
     "description": "收付费（Java，2 个副本）：首期支付回调、续期批量代扣（CronJob ah-payment-renewal-deduct 每天 05:00 "
                    "生成各银行批次，经 ah-bank-gw 发送、等待回盘）、退费、与银行流水对账。"},
    {"name": "ah-claims", "aliases": ["理赔", "理赔报案", "报案", "理赔系统"],
     "description": "理赔（Java，3 个副本）：App 报案（先按被保人证件号查保单，读 ah-core-db 的 CLAIMS.T_CLAIM_POLICY_IDX）、"
                    "材料上传（送 ah-claims-ocr 识别）、立案与赔付。"},
    {"name": "ah-claims-ocr", "aliases": ["OCR", "理赔 OCR", "单据识别", "材料识别", "票据识别"],
     "description": "理赔单据识别（Python + PaddleOCR，4 个副本，CPU 推理）：医疗发票、费用清单、出院小结、身份证、银行卡。"},
    {"name": "ah-esign", "aliases": ["电子签章", "电子签名", "签章服务", "e签"],
     "description": "电子签章（Java，3 个副本）：电子保单 PDF 签章，签名私钥 AH-SEAL-2026 存放在签名服务器 HSM 池 "
                    "seal-pool（hsm-01..03，轮询）。"},
    {"name": "ah-notify", "aliases": ["通知", "短信", "消息通知", "短信服务"],
     "description": "通知（Go，2 个副本）：短信（阿里云、腾讯云通道）、邮件、App 推送；消费 Kafka 主题 claims.payout.events"
                    "（消费组 notify-claims）发送理赔到账短信 CLAIM_PAID。"},
    {"name": "ah-ivr", "aliases": ["客服热线", "IVR", "呼叫中心", "95 热线", "客服电话"],
     "description": "客服 IVR（FreeSWITCH + Java 应用，2 个副本）：95xxx 热线自助语音菜单与转人工；呼入经 ah-sbc 的两条 "
                    "SIP 中继（unicom-trunk、telecom-trunk）进来。"},
    {"name": "ah-invoice", "aliases": ["电子发票", "发票", "开票"],
     "description": "电子发票（Java，2 个副本）：保费发票开具、红冲。"},
    {"name": "ah-crm", "aliases": ["客户中心", "CRM", "会员积分", "客户管理"],
     "description": "客户中心（Java，2 个副本）：客户资料、会员积分、权益。"},
    {"name": "ah-actuarial", "aliases": ["精算", "精算跑批", "准备金评估", "精算批处理"],
     "description": "精算批处理（Python，CronJob ah-actuarial-reserve 每天 01:00）：准备金评估 5 步（extract、cashflow、"
                    "reserve_calc、ifrs17_csm、report），从核心库一致性读取在保保单。"},
    {"name": "ah-archive", "aliases": ["影像归档", "归档任务", "影像导出"],
     "description": "理赔影像归档（Go，按需 Job）：把历史理赔影像转码导出到归档存储。"},
    {"name": "ah-core", "aliases": ["核心系统", "核心", "保单核心", "PAS"],
     "description": "核心业务系统（虚拟机 core-app-01/02）：保单、批改、保费计算（参数表 T_SYS_PARAM，含 premium.rounding"
                    ".mode）、日终批处理（每天 00:30）。"},
    {"name": "ah-core-db", "aliases": ["核心库", "Oracle", "核心数据库"],
     "description": "Oracle 19c RAC（coredb-01/02）：核心库 AHCORE 与理赔索引 schema CLAIMS；夜间维护窗口 AH_NIGHT_WINDOW "
                    "（02:00-06:00）收集优化器统计信息。"},
    {"name": "ah-bank-gw", "aliases": ["银行前置", "代扣前置", "银企直连"],
     "description": "银行代扣前置机 bankgw-01：与招商银行（CMB）、建设银行（CCB）、工商银行（ICBC）批量代扣文件交换（SFTP）。"},
    {"name": "ah-hsm", "aliases": ["HSM", "签名服务器", "密码机"],
     "description": "签名服务器（HSM）hsm-01..03，组成 seal-pool 为 ah-esign 提供签名；分区 PAR-SEAL 的密钥需在成员间复制。"},
    {"name": "ah-kafka", "aliases": ["Kafka", "消息队列"],
     "description": "Kafka 集群 kafka-01..03：理赔、支付、保单事件；运维操作记录在 kafka-admin 日志。"},
    {"name": "ah-sbc", "aliases": ["SBC", "语音网关", "SIP 中继"],
     "description": "会话边界控制器 sbc-01/02：联通（unicom-trunk）与电信（telecom-trunk）SIP 中继，允许编解码 PCMA/PCMU。"},
    {"name": "ah-k8s-node", "aliases": ["K8s 节点", "工作节点", "节点"],
     "description": "生产集群 ah-k8s-prod 的节点 ah-k8s-node-01..08（16 核），08 为批处理节点（pool=batch）。"},
    {"name": "ah-office-net", "aliases": ["办公网", "分公司专线", "VPN"],
     "description": "总部与分公司的 IPsec 隧道（vpn-gw-hq）。"},
]

WINDOWS = {
    "lookup": (_t("07:25"), _t("10:19")),
    "rule": (_t("09:26:18"), _t("11:05")),
    "export": (_t("10:16"), _t("11:42:05")),
    "quote": (_t("12:02"), _t("12:58")),
    "rounding": (_t("13:30:05"), _t("15:20:30")),
    "hsm": (_t("14:20:40"), _t("15:34:55")),
    "resend": (_t("15:02:14"), _t("15:36:10")),
    "sip": (_t("16:05"), REFERENCE),
}


def _inside(window: str, t: dt.datetime) -> bool:
    a, b = WINDOWS[window]
    return a <= t < b


def _traffic(t: dt.datetime) -> float:
    """The day's traffic relative to its peak: quiet at night, a morning and an evening hump."""
    return interpolate([(START, 0.05), (_t("06:30"), 0.08), (_t("08:30"), 0.7), (_t("10:30"), 1.0), (_t("12:00"), 0.85),
                        (_t("14:30"), 1.0), (_t("17:40"), 0.9)], t)


# --- Business vocabulary -------------------------------------------------------------------------
Line = tuple[str, str, dict[str, Any]]
PRODUCTS = ["AH-MED-26", "AH-MED-26P", "AH-CI-25", "AH-ACC-24", "AH-TRV-25"]
MEDICAL = ("AH-MED-26", "AH-MED-26P")
DOCS = ["医疗发票", "费用清单", "出院小结", "身份证", "银行卡", "诊断证明"]


def _app(w: WorldBuilder, t: dt.datetime) -> str:
    return f"A{t:%y%m%d}{w.rng.randint(100000, 999999)}"


def _policy_no(w: WorldBuilder) -> str:
    return f"P2026{w.rng.randint(10**9, 10**10 - 1)}"


def _phone(w: WorldBuilder) -> str:
    return f"1{w.rng.choice('3578')}{w.rng.randint(0, 9)}****{w.rng.randint(1000, 9999)}"


def _pod(w: WorldBuilder, service: str, t: dt.datetime) -> str:
    return w.pod_at(ROLLOUTS[service], t)


def _hsm_pool(t: dt.datetime) -> list[str]:
    """The pool members that sign: hsm-03 is away for its firmware until 14:20, fails until 15:35, is out until 16:08."""
    return HSMS if t >= _t("16:08:30") else HSMS[:2]


def round_premium(thousandths: int, mode: str) -> int:
    """A premium in thousandths of a yuan rounded to cents, the way the core system's parameter says."""
    cents, rest = divmod(thousandths, 10)
    if rest > 5 or (rest == 5 and (mode == "HALF_UP" or cents % 2 == 1)):
        cents += 1
    return cents


def _yuan(cents: int) -> str:
    return f"{cents // 100}.{cents % 100:02d}"


def _mode(t: dt.datetime) -> str:
    return "HALF_EVEN" if _inside("rounding", t) else "HALF_UP"


# --- Noise: every service's ordinary day ----------------------------------------------------------
def _quote(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "ah-quote", t)
    roll = w.rng.random()
    product = w.rng.choice(PRODUCTS)
    slow = _inside("quote", t)
    if roll < 0.6:
        took = w.ms(1400, 4600) if slow else w.ms(40, 260)
        return "INFO", (f"quote ok product={product} source={w.rng.choice(['app', 'h5', 'channel'])} premium="
                        f"{w.rng.randint(180, 4800)}.{w.rng.randint(0, 99):02d} took={took}ms"), {"instance": pod}
    if roll < 0.85:
        return "INFO", f"POST /api/quote/v3/calc 200 took={w.ms(1500, 4800) if slow else w.ms(50, 280)}ms", {
            "instance": pod, "log_type": "access"}
    if roll < 0.95:
        return "INFO", f"rate table {product} v{w.rng.randint(12, 19)} served from cache (age {w.rng.randint(10, 290)}s)", {
            "instance": pod}
    return "WARN", f"quote rejected product={product}: age {w.rng.randint(66, 80)} outside 0-65", {"instance": pod}


def _policy(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "ah-policy-issue", t)
    roll = w.rng.random()
    products = [p for p in PRODUCTS if not (p in MEDICAL and _inside("rule", t))]
    product = w.rng.choice(products)
    if roll < 0.4:
        return "INFO", (f"policy issued {_policy_no(w)} app={_app(w, t)} product={product} premium="
                        f"{w.rng.randint(180, 4800)}.{w.rng.randint(0, 99):02d} channel={w.rng.choice(['app', 'HXW', 'YBT', 'PAB'])}"), {
            "instance": pod}
    if roll < 0.6:
        return "INFO", f"e-policy {_policy_no(w)} generated (ah-esign ok, took {w.ms(120, 420)}ms)", {"instance": pod}
    if roll < 0.8:
        return "INFO", f"POST /api/policy/v2/applications 201 took={w.ms(80, 320)}ms", {"instance": pod, "log_type": "access"}
    if roll < 0.92:
        return "INFO", (f"application {_app(w, t)} product={product} status UW_PENDING -> UW_PASSED (ACCEPT)"), {
            "instance": pod}
    return "WARN", f"application {_app(w, t)} beneficiary id check failed (format), user asked to correct", {"instance": pod}


def _uw(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "ah-underwriting", t)
    roll = w.rng.random()
    products = [p for p in PRODUCTS if not (p in MEDICAL and _inside("rule", t))]
    product = w.rng.choice(products)
    version = "v58" if t >= _t("11:04:50") else "v57" if t >= _t("09:26:18") else "v56"
    if roll < 0.7:
        return "INFO", (f"decision app={_app(w, t)} product={product} result=ACCEPT ruleset health-uw {version} fired=0 "
                        f"took={w.ms(8, 40)}ms"), {"instance": pod}
    if roll < 0.85:
        return "INFO", (f"decision app={_app(w, t)} product={product} result=DECLINE rule=R-HBP-003 (高血压 3 级) "
                        f"took={w.ms(8, 40)}ms"), {"instance": pod}
    if roll < 0.95:
        return "INFO", f"manual underwriting task closed by uw_{w.rng.choice(['liwen', 'hezhi', 'qianmo'])}: ACCEPT", {
            "instance": pod}
    return "WARN", f"questionnaire answers incomplete app={_app(w, t)}: Q3 missing, defaulted to '否'", {"instance": pod}


def _agent(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "ah-agent-api", t)
    roll = w.rng.random()
    partner = w.rng.choice(["HXW", "HXW", "YBT", "YBT", "PAB"])
    if roll < 0.45:
        return "INFO", (f"POST /channel/v2/{w.rng.choice(['quote', 'quote', 'order', 'policy'])} partner={partner} 200 "
                        f"took={w.ms(60, 300)}ms"), {"instance": pod, "log_type": "access"}
    if roll < 0.8:
        cents = w.rng.randint(18000, 480000)
        return "INFO", (f"order {_order(w, t)} partner={partner} product={w.rng.choice(PRODUCTS)} premium={_yuan(cents)} "
                        f"accepted, policy {_policy_no(w)}"), {"instance": pod}
    if roll < 0.93:
        return "INFO", f"callback to partner {partner} policy status ISSUED: 200 took={w.ms(40, 200)}ms", {"instance": pod}
    return "WARN", (f"order {_order(w, t)} partner={partner} rejected: INSURED_AGE_OUT_OF_RANGE"), {"instance": pod}


def _order(w: WorldBuilder, t: dt.datetime) -> str:
    return f"CO{t:%m%d}{w.rng.randint(1000000, 9999999)}"


def _payment(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "ah-payment", t)
    roll = w.rng.random()
    if roll < 0.45:
        return "INFO", (f"receipt posted policy={_policy_no(w)} installment {w.rng.randint(2, 12)}/12 amount="
                        f"{w.rng.randint(40, 900)}.{w.rng.randint(0, 99):02d} channel={w.rng.choice(['alipay', 'wechat'])}"), {
            "instance": pod}
    if roll < 0.75:
        return "INFO", f"pay callback {w.rng.choice(['alipay', 'wechat'])} trade {w.hex(16)} SUCCESS verified", {"instance": pod}
    if roll < 0.9:
        return "INFO", f"GET /api/pay/v1/orders 200 took={w.ms(10, 80)}ms", {"instance": pod, "log_type": "access"}
    return "WARN", (f"single deduction failed policy={_policy_no(w)} channel=alipay reason=余额不足, retry tomorrow"), {
        "instance": pod}


def _claims(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "ah-claims", t)
    roll = w.rng.random()
    if roll < 0.35 and not _inside("lookup", t):
        return "INFO", (f"report intake RPT{t:%y%m%d}{w.rng.randint(10000, 99999)} policy lookup ok took="
                        f"{w.ms(60, 320)}ms, {w.rng.randint(1, 3)} policies found"), {"instance": pod}
    if roll < 0.6:
        return "INFO", (f"claim CLM{t:%y%m%d}{w.rng.randint(10000, 99999)} status "
                        f"{w.rng.choice(['REGISTERED -> MATERIALS_PENDING', 'MATERIALS_PENDING -> REVIEW', 'REVIEW -> PAID'])}"), {
            "instance": pod}
    if roll < 0.85:
        return "INFO", f"GET /api/claims/v1/claims/mine 200 took={w.ms(20, 120)}ms", {"instance": pod, "log_type": "access"}
    return "WARN", "material upload rejected: image 1.2MB below min resolution 1024x768, user asked to retake", {"instance": pod}


def _ocr(w: WorldBuilder, t: dt.datetime) -> Line:
    pods = [p for p in ROLLOUTS["ah-claims-ocr"][-1][1] if not (p in ON_BAD_NODE and _inside("export", t))]
    pod = w.rng.choice(pods) if t >= _t("10:01") else _pod(w, "ah-claims-ocr", t)
    roll = w.rng.random()
    doc = w.rng.choice(DOCS)
    if roll < 0.75:
        return "INFO", (f"ocr task T{w.hex(10)} doc={doc} pages={w.rng.randint(1, 5)} took={w.ms(900, 2600)}ms "
                        f"confidence=0.{w.rng.randint(91, 99)}"), {"instance": pod}
    if roll < 0.92:
        return "INFO", f"queue claims-ocr depth={w.rng.randint(0, 6)} workers busy {w.rng.randint(1, 6)}/8", {"instance": pod}
    return "WARN", f"ocr task T{w.hex(10)} doc={doc}: low confidence 0.{w.rng.randint(55, 70)}, routed to manual entry", {
        "instance": pod}


def _esign(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "ah-esign", t)
    roll = w.rng.random()
    if roll < 0.7:
        return "INFO", (f"sign request S{w.hex(10)} policy={_policy_no(w)} signed on {w.rng.choice(_hsm_pool(t))} "
                        f"took={w.ms(40, 160)}ms"), {"instance": pod}
    if roll < 0.9:
        return "INFO", f"timestamp token from TSA ok serial={w.hex(12)}", {"instance": pod}
    return "WARN", "PDF render slow: 1.8s (font cache cold)", {"instance": pod}


def _notify(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "ah-notify", t)
    roll = w.rng.random()
    provider = w.rng.choice(["aliyun", "aliyun", "tencent"] if t < _t("14:50:30") else ["aliyun", "tencent"])
    if roll < 0.65:
        template = w.rng.choice(["POLICY_ISSUED", "DEDUCT_OK", "OTP", "CLAIM_PAID", "RENEWAL_REMIND"])
        return "INFO", (f"sms sent template={template} to {_phone(w)} provider={provider} took={w.ms(30, 180)}ms"), {
            "instance": pod}
    if roll < 0.85:
        return "INFO", f"push sent app_user={w.rng.randint(10**7, 10**8 - 1)} template=POLICY_ISSUED", {"instance": pod}
    return "WARN", f"sms delivery report: {_phone(w)} UNDELIV (空号) provider={provider}", {"instance": pod}


def _ivr(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "ah-ivr", t)
    roll = w.rng.random()
    trunk = "telecom-trunk" if _inside("sip", t) else w.rng.choice(["unicom-trunk", "telecom-trunk"])
    if roll < 0.55:
        return "INFO", (f"call {w.hex(12)} answered trunk={trunk} ani={_phone(w)} menu="
                        f"{w.rng.choice(['1 保单查询', '2 理赔报案', '3 续期缴费', '4 发票', '0 人工'])} "
                        f"duration={w.rng.randint(20, 260)}s"), {"instance": pod}
    if roll < 0.85:
        return "INFO", f"transfer to agent queue service wait={w.rng.randint(5, 60)}s agents idle {w.rng.randint(2, 14)}", {
            "instance": pod}
    return "WARN", f"caller hung up in queue after {w.rng.randint(60, 120)}s (trunk={trunk})", {"instance": pod}


def _invoice(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "ah-invoice", t)
    roll = w.rng.random()
    if roll < 0.6:
        return "INFO", (f"invoice issued INV{t:%y%m%d}{w.rng.randint(100000, 999999)} policy={_policy_no(w)} amount="
                        f"{w.rng.randint(100, 5000)}.00 took={w.ms(120, 480)}ms"), {"instance": pod}
    if roll < 0.9:
        return "INFO", f"GET /api/invoice/v1/invoices 200 took={w.ms(15, 90)}ms", {"instance": pod, "log_type": "access"}
    return "WARN", "buyer tax id format invalid (17 chars), user asked to correct", {"instance": pod}


def _crm(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "ah-crm", t)
    roll = w.rng.random()
    if roll < 0.5:
        return "INFO", f"points granted customer=C{w.rng.randint(10**7, 10**8 - 1)} +{w.rng.choice([10, 20, 50])} (policy issued)", {
            "instance": pod}
    if roll < 0.85:
        return "INFO", f"GET /api/crm/v1/profile 200 took={w.ms(10, 70)}ms", {"instance": pod, "log_type": "access"}
    return "WARN", f"duplicate customer merge candidate C{w.rng.randint(10**7, 10**8 - 1)} (same id_no, different phone)", {
        "instance": pod}


def _core(w: WorldBuilder, t: dt.datetime) -> Line:
    vm = w.rng.choice(VMS["ah-core"])
    roll = w.rng.random()
    if roll < 0.35:
        raw = w.rng.randint(180000, 4800000)
        mode = _mode(t)
        return "INFO", CORE_CALC.format(order=f"Q{w.hex(8)}", product=w.rng.choice(PRODUCTS), raw=f"{raw / 1000:.3f}",
                                        rounded=_yuan(round_premium(raw, mode)), mode=mode), {"instance": vm}
    if roll < 0.7:
        return "INFO", f"policy service /core/policy/{_policy_no(w)} took={w.ms(8, 60)}ms", {"instance": vm}
    if roll < 0.9:
        return "INFO", f"endorsement E{w.rng.randint(10**6, 10**7 - 1)} applied (受益人变更)", {"instance": vm}
    return "WARN", "ESB call to 再保系统 slow: 2.4s", {"instance": vm}


def _coredb(w: WorldBuilder, t: dt.datetime) -> Line:
    vm = w.rng.choice(VMS["ah-core-db"])
    if w.rng.random() < 0.6:
        return "INFO", f"Thread {vm[-1]} advanced to log sequence {w.rng.randint(88000, 89000)} (LGWR switch)", {"instance": vm}
    return "INFO", f"ARC{w.rng.randint(0, 3)}: archived log sequence {w.rng.randint(88000, 89000)} to +FRA", {"instance": vm}


def _bankgw(w: WorldBuilder, t: dt.datetime) -> Line:
    bank = w.rng.choice(["CMB", "CCB", "ICBC"])
    if w.rng.random() < 0.6:
        return "INFO", f"heartbeat {bank} front ok rtt={w.ms(8, 40)}ms", {"instance": "bankgw-01"}
    return "INFO", f"realtime single deduction {bank} {w.hex(10)} SUCCESS took={w.ms(200, 900)}ms", {"instance": "bankgw-01"}


def _hsm(w: WorldBuilder, t: dt.datetime) -> Line:
    hsm = w.rng.choice(_hsm_pool(t))
    return "INFO", f"partition PAR-SEAL sessions={w.rng.randint(6, 18)} sign ops/s={w.rng.randint(2, 30)} temp=41C", {
        "instance": hsm}


def _kafka(w: WorldBuilder, t: dt.datetime) -> Line:
    broker = w.rng.choice(VMS["ah-kafka"])
    topic = w.rng.choice(["policy.events", "claims.payout.events", "payment.events"])
    if w.rng.random() < 0.7:
        return "INFO", f"[Log partition={topic}-{w.rng.randint(0, 5)}] Rolled new log segment at offset {w.rng.randint(10**5, 10**6)}", {
            "instance": broker}
    return "INFO", f"[ReplicaManager] ISR for {topic}-{w.rng.randint(0, 5)} is 3/3", {"instance": broker}


def _sbc(w: WorldBuilder, t: dt.datetime) -> Line:
    sbc = w.rng.choice(VMS["ah-sbc"])
    calls = max(1, int(90 * _traffic(t)))
    if w.rng.random() < 0.5:
        unicom = 0 if _inside("sip", t) else w.rng.randint(calls // 3, calls // 2 + 1)
        return "INFO", f"calls active unicom-trunk={unicom} telecom-trunk={w.rng.randint(calls // 3, calls // 2 + 1)}", {
            "instance": sbc}
    return "INFO", f"OPTIONS ping {w.rng.choice(['unicom-trunk', 'telecom-trunk'])} 200 OK rtt={w.ms(6, 30)}ms", {"instance": sbc}


def _node(w: WorldBuilder, t: dt.datetime) -> Line:
    node = w.rng.choice(NODES)
    roll = w.rng.random()
    stamp = f"I1222 {t:%H:%M:%S}.{w.rng.randint(100000, 999999)}"
    if roll < 0.45:
        return "INFO", (f'kubelet[{w.rng.randint(1800, 2400)}]: {stamp} image_gc_manager.go:391] "Disk usage on image '
                        f'filesystem is below the low threshold" usage={w.rng.randint(28, 55)} lowThreshold=80'), {
            "instance": node}
    if roll < 0.8:
        return "INFO", f"systemd[1]: Started Session {w.rng.randint(1000, 9000)} of User root.", {"instance": node}
    return "INFO", (f"chronyd[{w.rng.randint(700, 900)}]: Selected source 10.8.0.1 (ntp.anheng.local), offset "
                    f"{w.rng.uniform(-0.4, 0.4):.3f}ms"), {"instance": node}


def _office(w: WorldBuilder, t: dt.datetime) -> Line:
    if t >= _t("08:12"):
        return "WARN", "IPsec tunnel hq<->sz down: DPD timeout, peer 58.211.40.18 unreachable, retrying", {"instance": "vpn-gw-hq"}
    return "INFO", f"IPsec tunnel hq<->sz up, rx {w.rng.randint(20, 400)} kbps tx {w.rng.randint(20, 400)} kbps", {
        "instance": "vpn-gw-hq"}


NOISE = {
    "ah-quote": (_quote, 40), "ah-policy-issue": (_policy, 45), "ah-underwriting": (_uw, 50), "ah-agent-api": (_agent, 50),
    "ah-payment": (_payment, 70), "ah-claims": (_claims, 60), "ah-claims-ocr": (_ocr, 50), "ah-esign": (_esign, 70),
    "ah-notify": (_notify, 60), "ah-ivr": (_ivr, 60), "ah-invoice": (_invoice, 150), "ah-crm": (_crm, 140),
    "ah-core": (_core, 90), "ah-core-db": (_coredb, 600), "ah-bank-gw": (_bankgw, 400), "ah-hsm": (_hsm, 600),
    "ah-kafka": (_kafka, 600), "ah-sbc": (_sbc, 300), "ah-k8s-node": (_node, 420), "ah-office-net": (_office, 1200),
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


SPRING = "Started {app} in {{s}} seconds (process running for 24.1)"
SHUTDOWN = "Commencing graceful shutdown. Waiting for active requests to complete"


# --- Incident 1: the undo retention and the actuarial batch ------------------------------------------
def undo_retention(w: WorldBuilder) -> None:
    act, db = "ah-actuarial", "ah-core-db"
    w.log(w.at("00:05:10.442"), act, "INFO", ACT_IMAGE, instance="ci-bot", trace=False, change="deploy")
    w.log(w.at("00:20:33.118"), db, "INFO", UNDO_CHANGE, instance="coredb-01", trace=False, change="config")
    steps = (("01:00:04.215", "INFO", "reserve valuation start (CronJob ah-actuarial-reserve, schedule \"0 1 * * *\"): "
              "valuation date 2026-12-21, steps=5 (extract, cashflow, reserve_calc, ifrs17_csm, report)"),
             ("01:38:51.602", "INFO", "step 1/5 extract: 4812337 in-force policies read from AHCORE (as of 2026-12-21)"),
             ("02:21:36.330", "INFO", "step 2/5 cashflow projection done: 4812337 policies x 1200 months, 42m45s"),
             ("02:21:36.905", "INFO", "step 3/5 reserve_calc: query Q_RESERVE_BASE running (consistent read as of SCN "
              "91827346611)"),
             ("03:12:44.870", "ERROR", SNAPSHOT_TOO_OLD),
             ("03:12:45.014", "ERROR", "reserve valuation aborted at step 3/5, exit 1 (backoffLimit 0, no retry)"))
    for clock, level, message in steps:
        w.log(w.at(clock), act, level, message, instance=ACT_POD, trace=False, job="reserve")
    w.log(w.at("03:12:44.866"), db, "WARN", DB_1555, instance="coredb-01", trace=False)
    w.log(w.at("08:41:20.330"), act, "INFO", "act_wanglin: 准备金日报 RSV-20261221 未生成，夜间任务 03:12 失败，联系 DBA",
          instance="ops-console", trace=False)
    w.log(w.at("08:52:10.551"), db, "INFO", UNDO_REVERT, instance="coredb-01", trace=False, change="config")
    rerun = (("09:05:22.118", "INFO", f"reserve valuation start (job {ACT_RERUN_JOB} created by act_wanglin): valuation "
              "date 2026-12-21, steps=5"),
             ("09:43:40.227", "INFO", "step 1/5 extract: 4812337 in-force policies read from AHCORE (as of 2026-12-21)"),
             ("10:25:02.661", "INFO", "step 2/5 cashflow projection done: 4812337 policies x 1200 months, 41m22s"),
             ("11:17:31.904", "INFO", "step 3/5 reserve_calc done: Q_RESERVE_BASE 52m29s"),
             ("11:41:15.330", "INFO", "step 4/5 ifrs17_csm done: 318 portfolios"),
             ("11:48:30.602", "INFO", ACT_DONE))
    for clock, level, message in rerun:
        w.log(w.at(clock), act, level, message, instance=ACT_RERUN_POD, trace=False, job="reserve")
    w.alert("ActuarialBatchFailed", act, "critical", w.at("03:13"), w.at("11:49"), "1 job failed",
            "精算准备金评估任务 ah-actuarial-reserve 失败（step 3/5）", namespace=NS)


# --- Incident 2: the renewal deductions charged twice --------------------------------------------------
def double_deduction(w: WorldBuilder) -> None:
    pay, gw = "ah-payment", "ah-bank-gw"
    pods = ROLLOUTS[pay][1][1]
    w.log(w.at("04:35:20.330"), pay, "INFO", PAY_DEPLOY, instance=pods[0], change="deploy")
    _rolled(w, pay, SPRING.format(app="PaymentApplication"), SHUTDOWN)
    batches = (("CMB", 6213, "8,120,337.25"), ("CCB", 6981, "9,382,114.60"), ("ICBC", 5232, "6,904,218.90"))
    w.log(w.at("05:00:03.112"), pay, "INFO", "renewal deduction run 2026-12-22 (CronJob ah-payment-renewal-deduct): 18426 "
          "installments due (CMB 6213, CCB 6981, ICBC 5232)", instance=PAY_POD, trace=False, job="renewal-deduct")
    for index, (bank, records, amount) in enumerate(batches):
        at = w.at("05:00:40") + dt.timedelta(seconds=9 * index, milliseconds=w.rng.randint(0, 900))
        w.log(at, pay, "INFO", f"batch RN20261222-{bank}-01 submitted to ah-bank-gw: {records} records, amount {amount}",
              instance=PAY_POD, trace=False, job="renewal-deduct")
        w.log(at + dt.timedelta(seconds=2), gw, "INFO", f"file RN20261222-{bank}-01.txt sent to {bank} batch deduction "
              f"(sftp), ack received, {records} records", instance="bankgw-01", trace=False)
    for clock, bank, ok, failed in (("05:34:12.551", "CMB", 6170, 43), ("05:41:40.118", "ICBC", 5188, 44)):
        w.log(w.at(clock), gw, "INFO", f"reply file RN20261222-{bank}-01_RESULT.txt received from {bank} ({ok + failed} "
              f"records: {ok} success, {failed} failed), forwarded to ah-payment", instance="bankgw-01", trace=False)
        w.log(w.at(clock) + dt.timedelta(seconds=3), pay, "INFO", f"reply file RN20261222-{bank}-01: {ok} success, "
              f"{failed} failed (余额不足, 账户冻结); receipts posted", instance=pods[0], job="renewal-reply")
    w.log(w.at("06:00:41.204"), pay, "WARN", CCB_TIMEOUT, instance=pods[1], job="batch-watchdog")
    w.log(w.at("06:14:22.660"), gw, "INFO", "reply file RN20261222-CCB-01_RESULT.txt received from CCB (6981 records: "
          "6850 success, 131 failed), forwarded to ah-payment", instance="bankgw-01", trace=False)
    w.log(w.at("06:14:23.015"), pay, "WARN", CCB_LATE_REPLY, instance=pods[0], job="renewal-reply")
    w.log(w.at("06:20:11.337"), pay, "INFO", RERUN, instance="ops-console", trace=False, change="ops")
    w.log(w.at("06:20:40.502"), pay, "INFO", "batch RN20261222-CCB-02 submitted to ah-bank-gw: 6981 records, amount "
          "9,382,114.60", instance=pods[1], job="renewal-deduct")
    w.log(w.at("06:20:42.610"), gw, "INFO", "file RN20261222-CCB-02.txt sent to CCB batch deduction (sftp), ack "
          "received, 6981 records", instance="bankgw-01", trace=False)
    w.log(w.at("07:28:05.228"), gw, "INFO", "reply file RN20261222-CCB-02_RESULT.txt received from CCB (6981 records: "
          "6791 success, 190 failed), forwarded to ah-payment", instance="bankgw-01", trace=False)
    w.log(w.at("07:28:08.441"), pay, "INFO", CCB2_POSTED, instance=pods[1], job="renewal-reply")
    for moment in _every(w, "07:36:00", "10:30:00", 90, 240):
        w.log(moment, "ah-ivr", "INFO", f"call {w.hex(12)} answered trunk={w.rng.choice(['unicom-trunk', 'telecom-trunk'])} "
              f"ani={_phone(w)} menu=3 续期缴费 -> 扣款疑问 transfer to agent queue billing",
              instance=w.rng.choice(ROLLOUTS["ah-ivr"][0][1]))
    w.log(w.at("09:30:05.118"), pay, "ERROR", RECON, instance=pods[0], job="reconcile")
    w.log(w.at("10:12:40.330"), pay, "INFO", REFUND, instance="ops-console", trace=False, change="ops")
    w.log(w.at("10:40:12.502"), pay, "INFO", f"refund batch RF20261222-CCB-01 submitted to ah-bank-gw: {DUPLICATES} records",
          instance=pods[1], job="refund")
    w.log(w.at("11:03:30.776"), pay, "INFO", f"refund batch RF20261222-CCB-01: {DUPLICATES} success; duplicate deductions "
          "settled", instance=pods[1], job="refund")
    w.alert("PaymentDuplicateDeduction", pay, "critical", w.at("09:32"), w.at("11:05"), f"{DUPLICATES} 笔",
            f"银行流水对账发现同一期保费重复扣款 {DUPLICATES} 笔", namespace=NS, bank="CCB")


# --- Incident 3: the statistics gathered on an empty table ------------------------------------------------
def empty_stats(w: WorldBuilder) -> None:
    db, claims = "ah-core-db", "ah-claims"
    w.log(w.at("02:00:02.330"), db, "INFO", RELOAD_START, instance="coredb-01", trace=False, job="scheduler")
    w.log(w.at("02:06:41.117"), db, "INFO", STATS_EMPTY, instance="coredb-01", trace=False, job="autotask")
    w.log(w.at("02:41:15.604"), db, "INFO", RELOAD_DONE, instance="coredb-01", trace=False, job="scheduler")
    pods = ROLLOUTS[claims][0][1]
    w.log(w.at("07:12:10.227"), claims, "INFO", CLAIMS_CONFIG, instance=pods[0], change="config")
    curve = [(w.at("07:25"), 2.6), (w.at("07:50"), 6.8), (w.at("08:30"), 10.4), (w.at("08:47"), 11.9), (w.at("09:10"), 10.8),
             (w.at("10:17"), 9.9)]
    for moment in _every(w, "07:25:10", "10:18:00", 50, 140):
        seconds = interpolate(curve, moment) * w.rng.uniform(0.85, 1.0)
        w.log(moment, db, "WARN", SLOW_SQL.format(s=seconds), instance=w.rng.choice(VMS[db]), trace=False)
    for moment in _every(w, "07:25:30", "10:18:00", 30, 80):
        seconds = interpolate(curve, moment) * w.rng.uniform(0.8, 1.05)
        if seconds >= 10:
            w.log(moment, claims, "ERROR", LOOKUP_TIMEOUT.format(rpt=f"RPT{moment:%y%m%d}{w.rng.randint(10000, 99999)}"),
                  instance=w.rng.choice(pods))
        else:
            w.log(moment, claims, "WARN", LOOKUP_SLOW.format(who=f"3205**********{w.rng.randint(1000, 9999)}",
                                                             ms=int(seconds * 1000)), instance=w.rng.choice(pods))
    w.log(w.at("10:12:30.441"), db, "INFO", "dba_zhoujie: sql_id 8fz2k1m9qv3xd plan 3391822114 full scan on "
          "T_CLAIM_POLICY_IDX, stats num_rows=0 (last analyzed 02:06:41)", instance="ops-console", trace=False)
    w.log(w.at("10:18:02.118"), db, "INFO", STATS_FIX, instance="coredb-01", trace=False, change="ops")
    w.alert("ClaimsIntakeLatencyHigh", claims, "warning", w.at("07:52"), w.at("10:24"), "p99 9840ms",
            "理赔报案查保单 p99 9840ms，超过阈值 3000ms", namespace=NS)


# --- Incident 4: the underwriting rule's null comparison ---------------------------------------------------
def null_rule(w: WorldBuilder) -> None:
    uw, policy = "ah-underwriting", "ah-policy-issue"
    ppods = ROLLOUTS[policy][1][1]
    w.log(w.at("09:10:30.118"), policy, "INFO", POLICY_DEPLOY, instance=ppods[0], change="deploy")
    _rolled(w, policy, SPRING.format(app="PolicyIssueApplication"), SHUTDOWN)
    w.log(w.at("09:26:18.402"), uw, "INFO", RULE_PUBLISH, instance="rules-console", trace=False, change="rules")
    upods = ROLLOUTS[uw][0][1]
    for moment in _every(w, "09:27:00", "11:04:40", 15, 40):
        app, product = _app(w, moment), w.rng.choice(MEDICAL)
        trace = w.hex(32)
        w.log(moment, uw, "INFO", REFER.format(app=app, product=product, bmi=w.rng.uniform(18.5, 27.5), ms=w.ms(9, 40)),
              instance=w.rng.choice(upods), trace_id=trace)
        w.log(moment + dt.timedelta(milliseconds=w.rng.randint(40, 120)), policy, "WARN",
              MANUAL_UW.format(app=app, product=product), instance=w.rng.choice(ppods), trace_id=trace)
    w.log(w.at("10:31:12.660"), uw, "INFO", "uw_lead_sunhui: 人工核保队列 1000+，抽查全部命中 R-THY-012，AH-MED-26 的问卷"
          "没有 Q7", instance="ops-console", trace=False)
    w.log(w.at("11:04:50.226"), uw, "INFO", RULE_FIX, instance="rules-console", trace=False, change="rules")
    w.log(w.at("11:05:30.118"), uw, "INFO", RE_UW, instance=upods[0], job="re-underwrite")
    for moment in _every(w, "11:06:00", "11:38:00", 40, 90):
        w.log(moment, policy, "INFO", f"application {_app(w, moment)} product={w.rng.choice(MEDICAL)} status MANUAL_UW -> "
              "UW_PASSED (re-underwritten ACCEPT), policy issued", instance=w.rng.choice(ppods))
    w.alert("UwAutoApproveRatioLow", uw, "warning", w.at("09:41"), w.at("11:12"), "31.2%",
            "自动核保通过率 31.2%，低于阈值 80%", namespace=NS)
    w.alert("PolicyIssuePendingHigh", policy, "warning", w.at("09:48"), w.at("11:30"), "412 单",
            "待人工核保的投保单 412 单，超过阈值 200", namespace=NS)


# --- Incident 5: the export job without resource requests on one node ---------------------------------------
def best_effort_job(w: WorldBuilder) -> None:
    ocr, node, archive = "ah-claims-ocr", "ah-k8s-node", "ah-archive"
    w.log(w.at("10:00:40.330"), ocr, "INFO", OCR_DEPLOY, instance=OCR_PODS[0], change="deploy")
    _rolled(w, ocr, "ocr-service 3.3.0: uvicorn running on http://0.0.0.0:8080, models loaded in {s}s", "Shutting down: "
            "waiting for in-flight tasks")
    w.log(w.at("10:14:55.207"), archive, "INFO", EXPORT_START, instance=EXPORT_POD, trace=False, job="archive-export")
    w.log(w.at("10:14:58.601"), node, "INFO", EXPORT_ADMIT, instance=BAD_NODE, trace=False)
    for moment in _every(w, "10:20:00", "11:40:00", 600, 900):
        w.log(moment, archive, "INFO", f"archive export progress: {w.rng.randint(8, 30) / 10:.1f}M objects done, "
              f"{w.rng.randint(900, 1400)} objects/s", instance=EXPORT_POD, trace=False, job="archive-export")
    for moment in _every(w, "10:16:30", "11:42:00", 120, 300):
        w.log(moment, node, "WARN", NODE_SATURATED.format(cpu=w.rng.uniform(96.5, 99.4), psi=w.rng.uniform(58, 78),
                                                          pod=EXPORT_POD, cores=w.rng.uniform(14.6, 15.4)),
              instance=BAD_NODE, trace=False)
    for moment in _every(w, "10:16:20", "11:42:00", 12, 40):
        pod = w.rng.choice(ON_BAD_NODE)
        doc = w.rng.choice(DOCS)
        if w.rng.random() < 0.2:
            w.log(moment, ocr, "ERROR", OCR_TIMEOUT.format(task=f"T{w.hex(10)}", doc=doc), instance=pod)
        else:
            w.log(moment, ocr, "WARN", OCR_SLOW.format(task=f"T{w.hex(10)}", doc=doc, pages=w.rng.randint(1, 5),
                                                       ms=w.ms(9000, 14900), wait=w.ms(3000, 7000)), instance=pod)
    w.log(w.at("11:30:12.330"), node, "INFO", "k8s_ops_hewei: ah-k8s-node-05 CPU 98%，ah-archive-export-20261222 Pod 未设 "
          "requests/limits 占满 16 核，同节点 OCR Pod 变慢", instance="ops-console", trace=False)
    w.log(w.at("11:42:05.118"), archive, "INFO", EXPORT_FIX, instance="ops-console", trace=False, change="ops")
    w.log(w.at("11:43:01.550"), archive, "INFO", "archive export resumed from checkpoint 3.1M objects, transcode "
          "workers=4", instance=EXPORT_RERUN_POD, trace=False, job="archive-export")
    w.log(w.at("16:22:40.902"), archive, "INFO", "archive export done: 18.4M objects, 2.9TB, exit 0",
          instance=EXPORT_RERUN_POD, trace=False, job="archive-export")
    w.alert("OcrLatencyHigh", ocr, "warning", w.at("10:22"), w.at("11:46"), "p95 8.7s",
            "理赔单据识别 p95 8.7s，超过阈值 5s", namespace=NS)
    w.alert("NodeCpuSaturation", node, "warning", w.at("10:20"), w.at("11:45"), "98.7%",
            "ah-k8s-node-05 CPU 98.7%，超过阈值 90%", instance=BAD_NODE)


# --- Incident 6: the partner's batch through the channel API -------------------------------------------------
P99 = [(START, 280), (_t("12:02"), 310), (_t("12:05"), 1900), (_t("12:20"), 3600), (_t("12:31"), QUOTE_P99_PEAK),
       (_t("12:40"), 3720), (_t("12:57"), 3500), (_t("12:59"), 420), (_t("13:05"), 300), (REFERENCE, 290)]


def partner_batch(w: WorldBuilder) -> None:
    quote = "ah-quote"
    pods = ROLLOUTS[quote][0][1]
    w.log(w.at("11:48:20.441"), quote, "INFO", QUOTE_CONFIG, instance=pods[0], change="config")
    for moment in _every(w, "12:03:00", "12:58:00", 20, 55):
        p99 = interpolate(P99, moment)
        w.log(moment, quote, "WARN", QUOTE_SLOW.format(product=w.rng.choice(PRODUCTS), ms=int(p99 * w.rng.uniform(0.7, 0.95)),
                                                       queued=w.rng.randint(80, 260)), instance=w.rng.choice(pods))
    for moment in _every(w, "12:08:00", "12:56:00", 45, 120):
        w.log(moment, quote, "ERROR", QUOTE_TIMEOUT.format(product=w.rng.choice(PRODUCTS)), instance=w.rng.choice(pods))
    w.alert("QuoteLatencyHigh", quote, "warning", w.at("12:09"), w.at("13:02"), QUOTE_ALERT_VALUE,
            f"报价 p99 延迟 {QUOTE_ALERT_VALUE}，超过阈值 1500ms", namespace=NS)


# --- Incident 7: the core system's rounding mode ---------------------------------------------------------------
def rounding_mode(w: WorldBuilder) -> None:
    agent, core = "ah-agent-api", "ah-core"
    pods = ROLLOUTS[agent][1][1]
    w.log(w.at("13:10:40.330"), agent, "INFO", AGENT_DEPLOY, instance=pods[0], change="deploy")
    _rolled(w, agent, "agent-api 2.19.0 listening on :8080, partners loaded 3, ready in {s}s", "received SIGTERM, draining")
    w.log(w.at("13:30:05.227"), core, "INFO", ROUNDING, instance="core-app-01", trace=False, change="config")
    for moment in _every(w, "13:31:00", "15:20:20", 25, 70):
        cents = w.rng.randint(9000, 240000) * 2  # an even cent: a half rounds down to it, half up away from it
        thousandths = cents * 10 + 5
        order, product, trace = _order(w, moment), w.rng.choice(PRODUCTS), w.hex(32)
        w.log(moment, core, "INFO", CORE_CALC.format(order=order, product=product, raw=f"{thousandths / 1000:.3f}",
                                                     rounded=_yuan(round_premium(thousandths, "HALF_EVEN")), mode="HALF_EVEN"),
              instance=w.rng.choice(VMS[core]), trace_id=trace)
        w.log(moment + dt.timedelta(milliseconds=w.rng.randint(15, 60)), agent, "WARN",
              MISMATCH.format(order=order, partner=w.rng.choice(["HXW", "YBT", "PAB"]), product=product,
                              partner_premium=_yuan(round_premium(thousandths, "HALF_UP")),
                              core_premium=_yuan(round_premium(thousandths, "HALF_EVEN"))),
              instance=w.rng.choice(pods), trace_id=trace)
    w.log(w.at("15:12:10.118"), agent, "INFO", "channel_ops_gaoyan: HXW、YBT 渠道反馈 13:30 后约 12% 的订单被拒 "
          "PREMIUM_MISMATCH，差额都是 0.01", instance="ops-console", trace=False)
    w.log(w.at("15:20:30.602"), core, "INFO", ROUNDING_REVERT, instance="core-app-01", trace=False, change="config")
    w.alert("ChannelOrderRejectRateHigh", agent, "warning", w.at("13:42"), w.at("15:26"), "11.8%",
            "渠道下单拒绝率 11.8%，超过阈值 5%", namespace=NS)


# --- Incident 8: the HSM back in the pool without its key --------------------------------------------------------
def hsm_without_key(w: WorldBuilder) -> None:
    policy, esign, hsm = "ah-policy-issue", "ah-esign", "ah-hsm"
    ppods, epods = ROLLOUTS[policy][1][1], ROLLOUTS[esign][0][1]
    w.log(w.at("14:00:20.330"), policy, "INFO", POLICY_WATERMARK, instance=ppods[1], change="config")
    w.log(w.at("14:20:40.118"), hsm, "INFO", HSM_BACK, instance="hsm-mgmt", trace=False, change="maintenance")
    w.log(w.at("14:20:41.006"), hsm, "WARN", HSM_EMPTY, instance="hsm-03", trace=False)
    for moment in _every(w, "14:21:00", "15:34:50", 20, 60):
        policy_no, trace = _policy_no(w), w.hex(32)
        w.log(moment, esign, "ERROR", SIGN_FAIL.format(req=f"S{w.hex(10)}", policy=policy_no), instance=w.rng.choice(epods),
              trace_id=trace)
        w.log(moment + dt.timedelta(milliseconds=w.rng.randint(20, 80)), policy, "WARN", EPOLICY_FAIL.format(policy=policy_no),
              instance=w.rng.choice(ppods), trace_id=trace)
        w.log(moment + dt.timedelta(seconds=30, milliseconds=w.rng.randint(0, 900)), policy, "INFO",
              EPOLICY_RETRY.format(policy=policy_no, ms=w.ms(140, 480)), instance=w.rng.choice(ppods))
    w.log(w.at("15:34:55.660"), hsm, "INFO", HSM_OUT, instance="hsm-mgmt", trace=False, change="ops")
    w.log(w.at("16:08:30.221"), hsm, "INFO", HSM_FIX, instance="hsm-mgmt", trace=False, change="ops")
    w.log(w.at("16:45:12.330"), policy, "INFO", POLICY_BENEFICIARY, instance=ppods[2], change="config")
    w.alert("EsignFailureRateHigh", esign, "warning", w.at("14:26"), w.at("15:38"), "33.1%",
            "电子签章失败率 33.1%，超过阈值 5%", namespace=NS)


# --- Incident 9: the consumer group reset to earliest ---------------------------------------------------------------
SMS_RATE = [(START, 6), (_t("07:00"), 20), (_t("09:00"), 48), (_t("15:02"), 52), (_t("15:04"), 1320), (_t("15:09"), SMS_PEAK),
            (_t("15:15"), 1590), (_t("15:30"), 1240), (_t("15:36"), 1180), (_t("15:37"), 40), (_t("15:40"), 62),
            (_t("16:00"), 50), (REFERENCE, 44)]


def offset_reset(w: WorldBuilder) -> None:
    notify, kafka = "ah-notify", "ah-kafka"
    pods = ROLLOUTS[notify][0][1]
    w.log(w.at("14:50:30.118"), notify, "INFO", NOTIFY_CONFIG, instance=pods[0], change="config")
    w.log(w.at("14:58:02.441"), kafka, "INFO", "kafka_ops_maojun: consumer group notify-claims partition "
          "claims.payout.events-3 lag stuck at 1 for 20m, offsets exported to notify-claims-offsets-1458.csv",
          instance="kafka-admin", trace=False)
    w.log(w.at("15:02:14.330"), kafka, "INFO", OFFSET_RESET, instance="kafka-admin", trace=False, change="ops")
    w.log(w.at("15:02:20.602"), notify, "INFO", NOTIFY_REJOIN, instance=pods[0], trace=False)
    for moment in _every(w, "15:02:21", "15:36:00", 2, 6):
        days = w.rng.randint(1, 6)
        event = (moment - dt.timedelta(days=days, minutes=w.rng.randint(0, 600))).strftime("%Y-%m-%dT%H:%M:%S")
        w.log(moment, notify, "INFO", RESEND.format(claim=f"CLM{moment - dt.timedelta(days=days):%y%m%d}"
                                                          f"{w.rng.randint(10000, 99999)}", phone=_phone(w),
                                                    provider=w.rng.choice(["aliyun", "tencent"]), ms=w.ms(30, 200), event=event),
              instance=w.rng.choice(pods))
    w.log(w.at("15:21:40.118"), "ah-ivr", "INFO", "cc_lead_zhengna: 多名客户来电反映收到多条几天前的理赔到账短信",
          instance="ops-console", trace=False)
    w.log(w.at("15:36:10.227"), notify, "INFO", NOTIFY_STOP, instance="ops-console", trace=False)
    w.log(w.at("15:39:30.551"), kafka, "INFO", OFFSET_RESTORE, instance="kafka-admin", trace=False, change="ops")
    w.log(w.at("15:40:02.118"), notify, "INFO", "consumer notify-claims resumed: claims.payout.events partitions 0-5 at "
          "committed positions, lag 0", instance=pods[0], trace=False)
    w.alert("NotifySmsVolumeHigh", notify, "warning", w.at("15:06"), w.at("15:42"), SMS_ALERT_VALUE,
            f"短信发送量 {SMS_ALERT_VALUE}，超过阈值 500 条/分钟", namespace=NS)
    w.alert("KafkaConsumerLagHigh", kafka, "warning", w.at("15:05"), w.at("15:40"), "38410",
            "消费组 notify-claims 积压 38410，超过阈值 5000", group="notify-claims")


# --- Incident 10: the carrier's new SBC and the codecs -----------------------------------------------------------
def trunk_codec(w: WorldBuilder) -> None:
    ivr, sbc = "ah-ivr", "ah-sbc"
    pods = ROLLOUTS[ivr][0][1]
    w.log(w.at("15:50:10.441"), ivr, "INFO", IVR_CONFIG, instance=pods[0], change="config")
    w.log(w.at("16:05:00.118"), sbc, "INFO", CARRIER_CUT, instance="sbc-01", trace=False)
    for moment in _every(w, "16:05:03", REFERENCE, 6, 20):
        w.log(moment, sbc, "WARN", CODEC_REJECT.format(caller=_phone(w)), instance=w.rng.choice(VMS[sbc]), trace=False)
    for moment in _every(w, "16:15:00", REFERENCE, 500, 700):
        w.log(moment, ivr, "WARN", f"inbound calls last 10m {w.rng.randint(1080, 1220)} (-{w.rng.randint(41, 47)}% vs same "
              "time last week), all on telecom-trunk", instance=pods[0], job="stats")
    w.log(w.at("16:32:40.330"), ivr, "INFO", "cc_lead_zhengna: 客户反映拨 95xxx 直接忙音/无法接通，坐席空闲多",
          instance="ops-console", trace=False)
    w.log(w.at("17:20:12.602"), sbc, "INFO", CARRIER_TICKET, instance="ops-console", trace=False)
    w.alert("SbcCallFailureRateHigh", sbc, "critical", w.at("16:08"), None, "44.6%",
            "呼入呼叫失败率 44.6%，超过阈值 5%", instance="sbc-01")
    w.alert("IvrInboundCallsDropped", ivr, "critical", w.at("16:16"), None, "-43%",
            "热线进线量较上周同期下降 43%，超过阈值 30%", namespace=NS)


# --- Healthy services' changes, the unrelated alerts --------------------------------------------------
def other_changes(w: WorldBuilder) -> None:
    invoice = "ah-invoice"
    w.log(w.at("10:30:40.702"), invoice, "INFO", INVOICE_DEPLOY, instance=ROLLOUTS[invoice][1][1][0], change="deploy")
    _rolled(w, invoice, SPRING.format(app="InvoiceApplication"), SHUTDOWN)
    w.log(w.at("14:40:10.415"), "ah-crm", "INFO", CRM_CONFIG, instance=ROLLOUTS["ah-crm"][0][1][0], change="config")
    w.log(w.at("00:30:00.418"), "ah-core", "INFO", "EOD batch 2026-12-21 started: 保单状态、应收、佣金计提 (core-app-01)",
          instance="core-app-01", trace=False, job="eod")
    w.log(w.at("01:22:12.730"), "ah-core", "INFO", "EOD batch 2026-12-21 finished: 14 steps ok, 52m12s",
          instance="core-app-01", trace=False, job="eod")
    w.alert("HostCpuHigh", "ah-core", "warning", w.at("00:32"), w.at("01:25"), "94.1%",
            "core-app-01 CPU 94.1%，超过阈值 85%（日终批处理）", instance="core-app-01")
    w.alert("OfficeVpnTunnelDown", "ah-office-net", "warning", w.at("08:12"), None, "down", VPN_SUMMARY,
            instance="vpn-gw-hq")


# --- Kubernetes state at 17:40 -------------------------------------------------------------------------
#: (service, revision, rolled out, change cause, image tag) of every Deployment
STEADY = (
    ("ah-quote", 61, "2026-12-15T21:00:00+08:00", "release ah-quote 4.6.2", "4.6.2"),
    ("ah-policy-issue", 94, "2026-12-22T09:10:30+08:00", "release ah-policy-issue 5.8.0 (pipeline #3127)", "5.8.0"),
    ("ah-underwriting", 47, "2026-12-10T21:30:00+08:00", "release ah-underwriting 3.9.1", "3.9.1"),
    ("ah-agent-api", 52, "2026-12-22T13:10:40+08:00", "release ah-agent-api 2.19.0 (pipeline #3131)", "2.19.0"),
    ("ah-payment", 73, "2026-12-22T04:35:20+08:00", "release ah-payment 3.12.1 (pipeline #3124)", "3.12.1"),
    ("ah-claims", 58, "2026-12-08T21:00:00+08:00", "release ah-claims 4.3.0", "4.3.0"),
    ("ah-claims-ocr", 33, "2026-12-22T10:00:40+08:00", "release ah-claims-ocr 3.3.0 (pipeline #3129)", "3.3.0"),
    ("ah-esign", 27, "2026-11-30T20:30:00+08:00", "release ah-esign 1.22.2", "1.22.2"),
    ("ah-notify", 39, "2026-12-03T20:00:00+08:00", "release ah-notify 2.5.1", "2.5.1"),
    ("ah-ivr", 18, "2026-11-26T21:00:00+08:00", "release ah-ivr 1.14.0", "1.14.0"),
    ("ah-invoice", 22, "2026-12-22T10:30:40+08:00", "release ah-invoice 2.7.0 (pipeline #3130)", "2.7.0"),
    ("ah-crm", 30, "2026-12-01T21:00:00+08:00", "release ah-crm 3.1.2", "3.1.2"),
)
ACT_JOBS = tuple(job_name(ACT_CRON, dt.datetime(2026, 12, d, 1, 0, tzinfo=TZ)) for d in (20, 21))
PAY_JOBS = tuple(job_name(PAY_CRON, dt.datetime(2026, 12, d, 5, 0, tzinfo=TZ)) for d in (20, 21, 22))
RETRY_CRON = "ah-notify-sms-retry"
RETRY_JOB = job_name(RETRY_CRON, _t("17:00"))
RETRY_POD = job_pod(RETRY_JOB)
JOB_PODS = frozenset({ACT_POD, ACT_RERUN_POD, EXPORT_RERUN_POD, RETRY_POD, *(job_pod(j) for j in ACT_JOBS + PAY_JOBS)})


def k8s_state(w: WorldBuilder) -> None:
    for service, revision, changed, cause, tag in STEADY:
        pods = ROLLOUTS[service][-1][1]
        for pod in pods:
            w.pod(namespace=NS, name=pod, service=service, phase="Running", ready="1/1", restarts=0, last_termination=None,
                  waiting_reason=None, node=node_of(pod), observed_at=REFERENCE)
        w.deployment(namespace=NS, name=service, service=service, replicas=len(pods), ready=len(pods), available=len(pods),
                     image=f"harbor.anheng.local/prod/{service}:{tag}", revision=revision,
                     changed_at=dt.datetime.fromisoformat(changed), change_cause=cause,
                     conditions=[condition("Available", "True", "MinimumReplicasAvailable",
                                           "Deployment has minimum availability."),
                                 condition("Progressing", "True", "NewReplicaSetAvailable",
                                           f'ReplicaSet "{pods[0].rsplit("-", 1)[0]}" has successfully progressed.')],
                     observed_at=REFERENCE)
    # The job pods the controllers keep: the actuarial CronJob's last runs (today's failed), its manual rerun, the
    # deduction CronJob's last three, the re-created export job, the SMS retry job of 17:00.
    done: list[tuple[str, str, dt.datetime, str, int]] = [
        *((job_pod(j), "ah-actuarial", dt.datetime.fromtimestamp(int(j.rsplit("-", 1)[1]) * 60 + 10980, tz=TZ),
           "Completed", 0) for j in ACT_JOBS),
        (ACT_POD, "ah-actuarial", w.at("03:12:45"), "Error", 1),
        (ACT_RERUN_POD, "ah-actuarial", w.at("11:48:31"), "Completed", 0),
        *((job_pod(j), "ah-payment", dt.datetime.fromtimestamp(int(j.rsplit("-", 1)[1]) * 60 + 52, tz=TZ), "Completed", 0)
          for j in PAY_JOBS),
        (EXPORT_RERUN_POD, "ah-archive", w.at("16:22:41"), "Completed", 0),
        (RETRY_POD, "ah-notify", w.at("17:00:09"), "Completed", 0),
    ]
    for pod, service, ended, reason, code in done:
        w.pod(namespace=NS, name=pod, service=service, phase="Failed" if code else "Succeeded", ready="0/1", restarts=0,
              last_termination=termination(reason, code, ended), waiting_reason=None, node=node_of(pod),
              observed_at=REFERENCE)
    # Events are what the API server keeps (TTL 1 h): the 17:00 SMS retry job.
    at = w.at("17:00:00")
    image = "harbor.anheng.local/prod/ah-notify:2.5.1"
    for kind, reason, message, delay in (
        (f"CronJob/{RETRY_CRON}", "SuccessfulCreate", f"Created job {RETRY_JOB}", 0),
        (f"Job/{RETRY_JOB}", "SuccessfulCreate", f"Created pod: {RETRY_POD}", 0),
        (f"Pod/{RETRY_POD}", "Scheduled", f"Successfully assigned {NS}/{RETRY_POD} to {node_of(RETRY_POD)}", 0),
        (f"Pod/{RETRY_POD}", "Pulled", f'Container image "{image}" already present on machine', 1),
        (f"Pod/{RETRY_POD}", "Created", "Created container sms-retry", 1),
        (f"Pod/{RETRY_POD}", "Started", "Started container sms-retry", 2),
        (f"Job/{RETRY_JOB}", "Completed", "Job completed", 9),
        (f"CronJob/{RETRY_CRON}", "SawCompletedJob", f"Saw completed job: {RETRY_JOB}, status: Complete", 10),
    ):
        moment = at + dt.timedelta(seconds=delay)
        w.event(type="Normal", reason=reason, object=kind, message=message, count=1, first_seen=moment, last_seen=moment)
    w.log(w.at("17:00:03.220"), "ah-notify", "INFO", "sms retry run: 14 failed messages of the last hour re-sent, 0 left",
          instance=RETRY_POD, trace=False, job="sms-retry")


# --- Metrics --------------------------------------------------------------------------------------------
def build_metrics(w: WorldBuilder) -> None:
    at = w.at
    night = [(at("00:10"), at("01:40")), (at("02:00"), at("03:30"))]
    morning = [(at("07:10"), at("11:50"))]
    noon = [(at("11:50"), at("13:10"))]
    afternoon = [(at("13:20"), at("16:20"))]
    late = [(at("15:55"), REFERENCE)]
    w.series("oracle_undo_retention_seconds", "ah-core-db", "s",
             [(START, 10800), (at("00:20"), 10800), (at("00:21"), 900), (at("08:52"), 900), (at("08:53"), 10800),
              (REFERENCE, 10800)], start=START, fine=night, digits=0, instance="coredb-01")
    w.series("host_cpu_usage_percent", "ah-core", "%",
             [(START, 31.0), (at("00:30"), 33.0), (at("00:34"), 88.0), (at("00:50"), 94.1), (at("01:22"), 90.2),
              (at("01:25"), 34.0), (at("09:00"), 48.0), (at("15:00"), 52.0), (REFERENCE, 46.0)], start=START, fine=night,
             spread=1.5, digits=1, threshold=85, instance="core-app-01")
    w.series("payment_unmatched_bank_debits", "ah-payment", "笔",
             [(START, 0), (at("09:29"), 0), (at("09:30"), DUPLICATES), (at("11:03"), DUPLICATES), (at("11:04"), 0),
              (REFERENCE, 0)], start=START, fine=morning, digits=0, threshold=0.5)
    w.series("claims_policy_lookup_p99_ms", "ah-claims", "ms",
             [(START, 220), (at("07:20"), 240), (at("07:30"), 2600), (at("07:50"), 6800), (at("08:30"), 10400),
              (at("08:47"), 11930), (at("09:10"), 10800), (at("10:17"), 9900), (at("10:19"), 260), (REFERENCE, 230)],
             start=START, fine=morning, spread=60, digits=0, threshold=3000)
    w.series("uw_auto_approve_ratio", "ah-underwriting", "%",
             [(START, 93.4), (at("09:26"), 93.1), (at("09:35"), 31.2), (at("10:00"), 27.8), (at("11:05"), 28.4),
              (at("11:10"), 92.6), (REFERENCE, 93.0)], start=START, fine=morning, spread=0.6, digits=1)
    w.series("uw_manual_queue_size", "ah-underwriting", "单",
             [(START, 18), (at("09:26"), 21), (at("09:40"), 190), (at("10:00"), 480), (at("10:30"), 860),
              (at("11:00"), 1330), (at("11:04"), UW_QUEUE_PEAK), (at("11:10"), 1120), (at("11:20"), 520), (at("11:40"), 93),
              (at("12:00"), 40), (REFERENCE, 22)], start=START, fine=morning, spread=3, digits=0)
    w.series("policy_issued_per_10m", "ah-policy-issue", "单",
             [(START, 20), (at("07:00"), 60), (at("09:00"), 410), (at("09:27"), 420), (at("09:35"), 150), (at("11:04"), 160),
              (at("11:10"), 880), (at("11:40"), 450), (REFERENCE, 430)], start=START, fine=morning, spread=12, digits=0)
    for pod in OCR_PODS:
        bad = pod in ON_BAD_NODE
        w.series("ocr_task_p95_seconds", "ah-claims-ocr", "s",
                 [(at("10:01"), 1.9), (at("10:16"), 2.0), (at("10:20"), 12.8 if bad else 2.1), (at("11:42"), 13.1 if bad else 2.0),
                  (at("11:44"), 2.0), (REFERENCE, 1.9)], start=at("10:01"), fine=morning, spread=0.2, digits=1,
                 threshold=8, pod=pod)
    for node in NODES:
        frames = [(START, 34.0), (at("09:00"), 41.0), (at("15:00"), 44.0), (REFERENCE, 39.0)]
        if node == BAD_NODE:
            frames = [(START, 31.0), (at("10:15"), 38.0), (at("10:17"), 98.7), (at("11:42"), 98.2), (at("11:44"), 36.0),
                      (REFERENCE, 35.0)]
        elif node == BATCH_NODE:
            frames = [(START, 12.0), (at("01:00"), 14.0), (at("01:02"), 71.0), (at("03:12"), 70.0), (at("03:13"), 11.0),
                      (at("09:05"), 12.0), (at("09:07"), 72.0), (at("11:48"), 70.0), (at("11:50"), 28.0), (at("16:22"), 27.0),
                      (at("16:24"), 10.0), (REFERENCE, 10.0)]
        w.series("node_cpu_usage_percent", "ah-k8s-node", "%", frames, start=START, fine=morning, spread=1.2, digits=1,
                 threshold=90, instance=node)
    w.series("quote_requests_per_sec", "ah-quote", "req/s",
             [(START, 3), (at("07:00"), 8), (at("09:00"), 31), (at("12:02"), 36), (at("12:04"), 204), (at("12:31"), 214),
              (at("12:57"), 209), (at("12:58"), 38), (at("15:00"), 35), (REFERENCE, 33)], start=START, fine=noon, spread=1.5,
             digits=1)
    w.series("quote_p99_latency_ms", "ah-quote", "ms", P99, start=START, fine=noon, spread=30, digits=0, threshold=1500)
    for partner, day, surge in (("HXW", 9, 171), ("YBT", 6, 6), ("PAB", 3, 3)):
        frames = [(START, 0.5), (at("07:00"), day * 0.5), (at("09:00"), day), (at("12:02"), day), (at("12:04"), surge),
                  (at("12:57"), surge), (at("12:58"), day), (REFERENCE, day)]
        w.series("agent_api_requests_per_sec", "ah-agent-api", "req/s", frames, start=START, fine=noon, spread=0.6,
                 digits=1, partner=partner)
    w.series("channel_order_reject_ratio", "ah-agent-api", "%",
             [(START, 1.2), (at("13:30"), 1.3), (at("13:33"), 12.1), (at("14:30"), 12.9), (at("15:20"), 11.7),
              (at("15:22"), 1.4), (REFERENCE, 1.2)], start=START, fine=afternoon, spread=0.3, digits=1, threshold=5)
    w.series("esign_failure_ratio", "ah-esign", "%",
             [(START, 0.1), (at("14:20"), 0.1), (at("14:22"), 33.1), (at("15:34"), 32.8), (at("15:36"), 0.2),
              (REFERENCE, 0.1)], start=START, fine=afternoon, spread=0.4, digits=1, threshold=5)
    w.series("notify_sms_sent_per_min", "ah-notify", "条/分钟", SMS_RATE, start=START, fine=afternoon, spread=8, digits=0,
             threshold=500)
    w.series("kafka_consumergroup_lag", "ah-kafka", "条",
             [(START, 0), (at("15:02"), 1), (at("15:03"), 41208), (at("15:20"), 20400), (at("15:36"), 2860),
              (at("15:38"), 2860), (at("15:40"), 0), (REFERENCE, 0)], start=START, fine=afternoon, digits=0,
             threshold=5000, group="notify-claims")
    for trunk, failing in (("unicom-trunk", 99.3), ("telecom-trunk", 0.4)):
        w.series("sbc_call_failure_ratio", "ah-sbc", "%",
                 [(START, 0.4), (at("16:05"), 0.5), (at("16:06"), failing), (REFERENCE, failing)], start=START, fine=late,
                 spread=0.2, digits=1, threshold=5, trunk=trunk)
    w.series("ivr_inbound_calls_per_min", "ah-ivr", "通/分钟",
             [(START, 6), (at("07:00"), 40), (at("09:00"), 190), (at("16:05"), 205), (at("16:07"), 114), (REFERENCE, 108)],
             start=START, fine=late, spread=5, digits=0)
    w.series("office_vpn_tunnel_up", "ah-office-net", "",
             [(START, 1), (at("08:11"), 1), (at("08:12"), 0), (REFERENCE, 0)], start=START, digits=0, instance="vpn-gw-hq")
    for service, p99, threshold in (("ah-invoice", 420, 1500), ("ah-crm", 90, 1000)):
        w.series("http_5xx_ratio", service, "%", [(START, 0.03), (at("10:30"), 0.21), (at("11:00"), 0.05),
                                                  (REFERENCE, 0.04)], start=START, spread=0.02, digits=2, threshold=2)
        w.series("http_p99_latency", service, "ms", [(START, p99 - 30), (at("10:30"), p99 + 160), (at("11:00"), p99 + 20),
                                                     (REFERENCE, p99)], start=START, spread=10, digits=0, threshold=threshold)


# --- Runbooks (the IT wiki's pages, as the teams wrote them) ------------------------------------------
RUNBOOKS: list[tuple[str, str, str]] = [
    ("runbooks/payment/renewal-batch.md", "续期批量代扣异常处理手册", runbook(
        "续期批量代扣异常处理手册", "适用于 ah-payment 续期批扣批次超时、回盘异常、重复扣款。",
        ["PaymentDuplicateDeduction：对账发现同一期保费重复扣款"],
        ["看批次状态与回盘：超时（TIMEOUT）的批次银行侧是否实际已扣款（查 ah-bank-gw 的回盘记录）。",
         "重发前必须先向银行确认原批次结果；重发用新批次号时银行不会去重。", "对账：按银行流水核对同一期是否两笔。"],
        ["银行回盘晚于超时时间，原批次被标记超时后又被人工重发，银行对两个批次号各扣一次。", "银行侧重复推送回盘。",
         "客户在 App 手工缴费与批扣同时发生。"],
        ["对重复扣款的保单发起退款批次并短信告知客户。", "超时批次先查询银行结果（批次查询接口），禁止直接重发。",
         "收到迟到回盘时应入账而不是忽略。"])),
    ("runbooks/underwriting/manual-queue.md", "自动核保通过率下降、人工核保积压处理手册", runbook(
        "自动核保通过率下降、人工核保积压处理手册", "适用于 ah-underwriting 自动核保通过率骤降、大量投保单进入人工核保。",
        ["UwAutoApproveRatioLow：自动核保通过率低于 80%", "PolicyIssuePendingHigh：待人工核保投保单超过 200"],
        ["看 REFER 的决策日志命中的是哪条规则（rule=）。", "查规则控制台最近发布的规则集版本与条件。",
         "核对命中规则引用的问卷题在对应产品的问卷中是否存在。"],
        ["新发布的规则条件对空值（问卷没有该题）判断为真，所有投保单被转人工。", "问卷版本与规则集版本不一致。",
         "核保人员误把阈值改严。"],
        ["回退或修正规则（空值安全的写法），发布新版本。", "用新规则集对待人工的投保单批量重新核保。",
         "规则发布前在预发布环境用各产品样本回放。"])),
    ("runbooks/claims/intake-slow.md", "理赔报案查保单缓慢处理手册", runbook(
        "理赔报案查保单缓慢处理手册", "适用于 ah-claims 报案时按证件号查保单慢、超时。",
        ["ClaimsIntakeLatencyHigh：报案查保单 p99 超过 3000ms"],
        ["在 ah-core-db 上看慢 SQL 的 sql_id 与执行计划（plan_hash_value）是否变化。",
         "查 T_CLAIM_POLICY_IDX 的统计信息（num_rows、last_analyzed）。", "查夜间重建该表的任务与统计信息收集的时间先后。"],
        ["表在截断重建期间被自动任务收集了统计信息（num_rows=0），优化器选了全表扫描的计划。", "索引失效（UNUSABLE）。",
         "核心库整体负载高。"],
        ["重新收集统计信息并清除该 SQL 的游标，必要时固定执行计划（SQL Plan Baseline）。",
         "重建任务结束后收集统计信息并锁定（LOCK_TABLE_STATS）。"])),
    ("runbooks/claims/ocr-latency.md", "理赔单据识别变慢处理手册", runbook(
        "理赔单据识别变慢处理手册", "适用于 ah-claims-ocr 识别耗时变长、超时。",
        ["OcrLatencyHigh：识别 p95 超过 5s"],
        ["按 Pod 看耗时：是全部副本还是个别副本慢；个别副本慢时看它们所在的节点（kubectl get pod -o wide）。",
         "看节点 CPU 与 PSI、同节点上有没有未设 requests/limits 的 Pod。", "看识别队列深度与上游流量。"],
        ["同节点上的批处理任务没有设置资源请求（BestEffort）抢占 CPU。", "新模型版本推理变慢。", "上传图片分辨率过大。"],
        ["删除或限制抢占 CPU 的任务（设置 requests/limits，调度到批处理节点）。", "必要时 cordon 节点并迁移 OCR Pod。",
         "命名空间设置 LimitRange 默认值。"])),
    ("runbooks/channel/premium-mismatch.md", "渠道下单保费校验不通过处理手册", runbook(
        "渠道下单保费校验不通过处理手册", "适用于 ah-agent-api 渠道订单被拒 PREMIUM_MISMATCH。",
        ["ChannelOrderRejectRateHigh：渠道下单拒绝率超过 5%"],
        ["看差额：差 0.01 多为舍入规则不一致，差额较大多为费率表版本不一致。",
         "查 ah-core 保费计算参数（T_SYS_PARAM）最近的变更。", "与渠道核对其费率表版本与舍入方式。"],
        ["核心系统的保费舍入方式被修改，与渠道约定的四舍五入不一致。", "渠道使用的费率表版本过旧。", "渠道折扣配置错误。"],
        ["恢复与渠道约定的舍入方式，或与渠道同步变更后再上线。", "参数表变更需通知渠道运营并评审。"])),
    ("runbooks/esign/sign-failed.md", "电子签章失败处理手册", runbook(
        "电子签章失败处理手册", "适用于 ah-esign 签章失败、电子保单生成失败。",
        ["EsignFailureRateHigh：签章失败率超过 5%"],
        ["按失败日志里的 HSM 成员聚合：是否集中在某一台。", "查该 HSM 的分区对象与密钥标签是否齐全。",
         "查 HSM 池最近的维护、上下线记录。"],
        ["HSM 维护后重新加入签名池，但签章密钥未复制到该成员。", "时间戳服务（TSA）不可用。", "签章证书过期。"],
        ["先把异常成员移出签名池，复制密钥后再加入。", "HSM 入池前用测试签名验证每个密钥标签。"])),
    ("runbooks/ivr/inbound-drop.md", "热线进线量骤降处理手册", runbook(
        "热线进线量骤降处理手册", "适用于 ah-ivr 进线量突然下降、客户反映打不进来。",
        ["IvrInboundCallsDropped：进线量较上周同期下降超过 30%", "SbcCallFailureRateHigh：呼入呼叫失败率超过 5%"],
        ["按中继看 SBC 的呼叫失败：失败是否集中在某一条运营商中继。", "看拒绝的 SIP 响应码（408/480/488/503）和 SDP 里的编解码。",
         "查运营商的割接通知。"],
        ["运营商割接后 SDP 只提供我方未允许的编解码（488 Not Acceptable Here）。", "中继注册失败或线路故障。",
         "IVR 流程发布错误导致挂断。"],
        ["向运营商报障要求恢复 PCMA/PCMU；或在 SBC 启用转码。", "临时把 95xxx 号码路由切到另一条中继。"])),
    ("runbooks/notify/duplicate-sms.md", "重复短信处理手册", runbook(
        "重复短信处理手册", "适用于 ah-notify 短信量异常、客户收到重复短信。",
        ["NotifySmsVolumeHigh：短信发送量超过 500 条/分钟", "KafkaConsumerLagHigh：消费组积压超过 5000"],
        ["看重复短信的事件时间：是否是几天前的事件被重新消费。", "查消费组的位点变更记录（kafka-admin 操作日志）。",
         "核对去重窗口。"],
        ["消费组位点被重置（例如 --to-earliest），历史事件被重新消费。", "生产者重复发送。", "去重缓存失效。"],
        ["先暂停消费，用重置前导出的位点恢复。", "位点操作只针对问题分区，操作前导出位点。", "延长通知去重窗口。"])),
    ("runbooks/actuarial/reserve-batch.md", "精算准备金跑批失败处理手册", runbook(
        "精算准备金跑批失败处理手册", "适用于 ah-actuarial 夜间准备金评估任务失败。",
        ["ActuarialBatchFailed：精算准备金评估任务失败"],
        ["看失败步骤与错误码：ORA-01555 是一致性读的回滚数据被覆盖。", "查核心库 undo_retention 与 UNDO 表空间的最近变更。",
         "确认重跑窗口不影响白天业务。"],
        ["undo_retention 被调小或 UNDO 表空间缩小，长查询的一致性读找不到旧版本（snapshot too old）。",
         "任务与日终批处理重叠。"],
        ["恢复 undo_retention（至少大于最长查询时间）后重跑任务。", "UNDO 参数变更需评估夜间长查询。"])),
    ("runbooks/invoice/tax-ukey.md", "电子发票开具失败（税控设备）处理手册", runbook(
        "电子发票开具失败（税控设备）处理手册", "适用于 ah-invoice 开票报税控设备离线。",
        ["InvoiceTaxDeviceOffline"], ["看税控服务器与 UKey 状态。"], ["税控 UKey 松动或证书锁死。"],
        ["插拔税控 UKey 并重启税控服务。"])),
    ("runbooks/notify/sms-balance.md", "短信通道余额不足处理手册", runbook(
        "短信通道余额不足处理手册", "适用于短信供应商返回余额不足。",
        ["SmsBalanceLow"], ["登录供应商控制台查看余额。"], ["套餐用尽。"], ["充值短信套餐并开启余额预警。"])),
    ("runbooks/portal/captcha.md", "App 登录图形验证码异常处理手册", runbook(
        "App 登录图形验证码异常处理手册", "适用于登录页验证码加载失败。",
        ["CaptchaErrorRateHigh"], ["看验证码服务的错误日志。"], ["验证码服务缓存失效。"], ["重置验证码服务缓存。"])),
]


def build_bundle(seed: int = SEED) -> Json:
    w = WorldBuilder(seed=seed, day=DAY, tz=TZ, reference=REFERENCE, instances=INSTANCES,
                     labels={"env": "prod", "cluster": "ah-k8s-prod", "region": "cn-hangzhou"})
    for service, (make, every) in NOISE.items():
        w.noise(service, make, START, every_s=every)
    undo_retention(w)
    double_deduction(w)
    empty_stats(w)
    null_rule(w)
    best_effort_job(w)
    partner_batch(w)
    rounding_mode(w)
    hsm_without_key(w)
    offset_reset(w)
    trunk_codec(w)
    other_changes(w)
    k8s_state(w)
    build_metrics(w)
    documents = [{"title": title, "source": source, "content": content} for source, title, content in RUNBOOKS]
    return w.bundle(name="AnHeng 安衡保险 2026-12-22", services=SERVICES, documents=documents)


# --- Questions ---------------------------------------------------------------------------------
#: Each incident's own words: in another incident's answer, a misattribution.
FAMILY = {
    "undo": ("ORA-01555", "undo_retention"),
    "deduct": ("RN20261222-CCB-02", "DUPLICATE_DEDUCTION"),
    "stats": ("num_rows=0", "8fz2k1m9qv3xd"),
    "rule": ("R-THY-012", "health-uw v57"),
    "export": ("ah-archive-export", "BestEffort"),
    "partner": ("惠选网", "agent_api_requests_per_sec"),
    "rounding": ("HALF_EVEN", "REQ-2026-0877"),
    "hsm": ("hsm-03", "AH-SEAL-2026"),
    "offset": ("to-earliest", "notify-claims"),
    "codec": ("488 Not Acceptable", "unicom-trunk"),
}
#: The remedies of the runbooks for problems that did not happen.
UNRELATED_REMEDIES = ("插拔税控", "充值短信", "重置验证码")
FIRING = ("OfficeVpnTunnelDown", "SbcCallFailureRateHigh", "IvrInboundCallsDropped")
INCIDENT_WORDS = tuple(word for words in FAMILY.values() for word in words)


def _not(*own: str, told: tuple[str, ...] = ()) -> tuple[str, ...]:
    """The other incidents' words, plus the unrelated runbooks' remedies — less ``told``: another incident's words the
    asked service itself shows, which name no misattribution when an answer quotes them."""
    return tuple(word for family, words in FAMILY.items() if family not in own for word in words
                 if word not in told) + UNRELATED_REMEDIES


QUESTIONS: tuple[WorldQuestion, ...] = (
    WorldQuestion(
        "insurance_payment_double_deduction_cause",
        "早上好多客户打进来说续期保费被扣了两遍，收付费那边咋回事？", "cause",
        asked_facts=(fact("DUPLICATE_DEDUCTION", "debited twice", "重复扣款", "扣了两次", "扣两次"),),
        cause_facts=(fact("RN20261222-CCB-02", "resubmit", "重发", "重跑", "pay_ops_linxiao"),
                     fact("TIMEOUT", "late reply", "超时", "迟到的回盘", "回盘晚")),
        forbidden=_not("deduct"), service="ah-payment",
        diagnosis="05:00 续期批扣 CronJob 向三家银行发了批次；建设银行的 RN20261222-CCB-01 回盘慢，06:00 收付费按 3600 秒超时把"
                  "批次标成 TIMEOUT，06:14 银行回盘到了（6850 笔成功）却因批次已超时被忽略、没有入账；06:20 运维 "
                  "pay_ops_linxiao 在控制台把它用新批次号 RN20261222-CCB-02 重发，银行不按新批次号去重又扣了一遍 → 6763 个客户同一期"
                  "被扣两次，09:30 银行流水对账标出 DUPLICATE_DEDUCTION；10:40 发起退款批次，11:03 退款成功。04:35 的 3.12.1 发布"
                  "不是原因",
    ),
    WorldQuestion(
        "insurance_policy_manual_uw_cause",
        "上午九点半以后 App 上投的医疗险基本都卡在“人工核保中”，出单系统咋回事？", "cause",
        asked_facts=(fact("MANUAL_UW", "人工核保", "REFER"),),
        cause_facts=(fact("R-THY-012"), fact("Q7=null", "Q7", "问卷", "null", "空值")),
        forbidden=_not("rule"), service="ah-policy-issue",
        diagnosis="09:26 核保人员 uw_zhangmin 在规则控制台发布规则集 health-uw v57，新增 R-THY-012（甲状腺结节转人工），条件写成 "
                  "answers['Q7'] != '否'；百万医疗 AH-MED-26/26P 的问卷没有第 7 题，空值不等于“否”为真 → 所有医疗险投保单核保结论"
                  "都是 REFER，出单系统把它们转入 MANUAL_UW（App 显示人工核保中），人工核保队列最高 1384 单；11:04 发布 v58 改成"
                  "空值安全的写法并批量重新核保，1291 单通过。原因在核保规则引擎，不在出单系统；09:10 的出单 5.8.0 发布不是原因",
    ),
    WorldQuestion(
        "insurance_uw_queue_quantity", "上午人工核保那边最多压了多少单？", "quantity",
        asked_facts=(fact(str(UW_QUEUE_PEAK)),), forbidden=_not("rule"), service="ah-underwriting",
        peak=Peak("ah-underwriting", "uw_manual_queue_size", UW_QUEUE_PEAK),
        diagnosis="uw_manual_queue_size 峰值 1384 单（11:04）；UwAutoApproveRatioLow 的 31.2% 是自动核保通过率，不是积压量。起因是 "
                  "09:26 发布的规则 R-THY-012 对空问卷题判真",
    ),
    WorldQuestion(
        "insurance_claims_lookup_cause",
        "早上八点多客户在 App 上报案，查保单那一步一直转圈，有的直接超时，理赔系统是不是出问题了？", "cause",
        asked_facts=(fact("policy lookup timeout", "policy lookup for report intake slow", "查保单慢", "查保单超时"),),
        cause_facts=(fact("T_CLAIM_POLICY_IDX"),
                     fact("num_rows=0", "统计信息", "DBMS_STATS", "执行计划", "plan_hash_value", "TABLE ACCESS FULL")),
        forbidden=_not("stats"), service="ah-claims",
        diagnosis="凌晨 02:00 核心库的 CLAIM_IDX_RELOAD 任务截断并重建 CLAIMS.T_CLAIM_POLICY_IDX，02:06 维护窗口里的统计信息自动"
                  "任务正好在表为空时收集了统计信息（num_rows=0），02:41 重建完 321 万行却没再收集 → 早上报案流量起来后，按证件号查"
                  "保单的 SQL（8fz2k1m9qv3xd）走了嵌套循环 + 全表扫描，7–12 秒，报案查保单超时；10:18 DBA 重新收集统计信息并清掉"
                  "游标，计划换回索引范围扫描。原因在核心库，不在理赔系统；07:12 的照片张数配置不是原因",
    ),
    WorldQuestion(
        "insurance_ocr_slow_cause",
        "上午十点多理赔材料识别特别慢，有的要十几秒还超时，但也不是每单都慢，OCR 服务咋了？", "cause",
        asked_facts=(fact("timeout after 15000ms", "queue wait", "识别超时", "识别慢"),),
        cause_facts=(fact(BAD_NODE, "node-05", "05 节点"),
                     fact("ah-archive-export-20261222", "archive-export", "BestEffort", "导出任务", "requests/limits")),
        forbidden=_not("export"), service="ah-claims-ocr",
        diagnosis=f"10:14 数据运维 data_ops_chenyu 临时跑了导出 Job {EXPORT_JOB}（监管调阅理赔影像，32 个转码线程），没有设置 "
                  f"requests/limits（BestEffort），被调度到 {BAD_NODE}，吃满 16 核 → 这个节点上的两个 OCR Pod（{ON_BAD_NODE[0]}、"
                  f"{ON_BAD_NODE[1]}）抢不到 CPU，识别 9–15 秒甚至 15 秒超时，另外两个副本仍是 2 秒左右，所以只是部分单子慢；11:42 "
                  "删除该 Job 并带 limits 调度到批处理节点重建后恢复。10:00 的 OCR 3.3.0 发布不是原因",
    ),
    WorldQuestion(
        "insurance_quote_slow_cause",
        "中午十二点多报价特别慢，App 上好多人报价转圈超时，报价服务咋回事？", "cause",
        asked_facts=(fact("QUOTE_TIMEOUT", "quote request timeout", "rating worker pool busy", "报价超时", "报价慢"),),
        cause_facts=(fact("HXW", "惠选网"), fact("requests_per_sec", "请求量", "QPS", "流量", "调用量")),
        forbidden=_not("partner"), service="ah-quote",
        diagnosis="12:02–12:58 渠道惠选网（HXW）经渠道 API 调报价接口，请求量从平时约 9 次/秒涨到约 171 次/秒"
                  "（agent_api_requests_per_sec{partner=HXW}，报价总请求量 quote_requests_per_sec 从 36 涨到 214），像是在批量跑"
                  "续保预报价；报价服务的算费线程池打满（64/64），p99 最高 4210ms（12:31），App 的报价请求 5 秒超时。日志里看不出"
                  "来源，只有按渠道的请求量曲线能看出来；11:48 的费率表缓存 TTL 配置不是原因",
    ),
    WorldQuestion(
        "insurance_quote_latency_quantity", "中午那阵报价最慢的时候，99 分位耗时到了多少？", "quantity",
        asked_facts=(fact(str(QUOTE_P99_PEAK)),), forbidden=_not("partner"), service="ah-quote",
        peak=Peak("ah-quote", "quote_p99_latency_ms", QUOTE_P99_PEAK),
        diagnosis="quote_p99_latency_ms 峰值 4210ms（12:31）；QuoteLatencyHigh 触发时的 2150ms 不是峰值。起因是惠选网的批量报价"
                  "请求",
    ),
    WorldQuestion(
        "insurance_channel_premium_cause",
        "下午一点半以后渠道那边说有一部分单子下单被拒，报保费不一致，渠道接口咋回事？", "cause",
        asked_facts=(fact("PREMIUM_MISMATCH", "保费不一致"),),
        cause_facts=(fact("HALF_EVEN", "rounding", "舍入", "premium.rounding.mode"),
                     fact("REQ-2026-0877", "core_dev_wuhao", "T_SYS_PARAM")),
        forbidden=_not("rounding", told=("agent_api_requests_per_sec",)), service="ah-agent-api",
        diagnosis="13:30 核心系统开发 core_dev_wuhao 为月缴保费尾差对齐（REQ-2026-0877）把参数 premium.rounding.mode 从 HALF_UP 改成"
                  " HALF_EVEN → 算出来正好半分的保费改成向偶数舍入，渠道仍按四舍五入自算保费 → 渠道接口比对时约 12% 的订单差 0.01 "
                  "被拒 PREMIUM_MISMATCH；15:20 参数改回 HALF_UP 后恢复。原因在核心系统的参数，不在渠道接口；13:10 的 2.19.0 发布"
                  "不是原因；中午惠选网的报价请求量是另一件事",
    ),
    WorldQuestion(
        "insurance_epolicy_sign_cause",
        "下午两点多出单后有一部分电子保单没生成出来，重试一下又好了，出单系统咋回事？", "cause",
        asked_facts=(fact("SIGN_FAILED", "generation failed", "电子保单生成失败"),),
        cause_facts=(fact("hsm-03"), fact("AH-SEAL-2026", "CKR_KEY_HANDLE_INVALID", "CHG-20261222-0015", "密钥")),
        forbidden=_not("hsm"), service="ah-policy-issue",
        diagnosis="14:20 安全组 sec_ops_liqiang 在 HSM 固件升级（CHG-20261222-0015）完成后把 hsm-03 放回签名池 seal-pool，但没有把"
                  "签章密钥 AH-SEAL-2026 复制过去 → 轮询到 hsm-03 的签名全部失败（CKR_KEY_HANDLE_INVALID），电子签章返回 502 "
                  "SIGN_FAILED，约三分之一的电子保单生成失败、重试落到别的 HSM 就成功；15:35 hsm-03 移出签名池，16:08 复制密钥后"
                  "重新加入。原因在 HSM，不在出单系统；14:00 的水印配置不是原因；上午的人工核保是另一件事",
    ),
    WorldQuestion(
        "insurance_claim_sms_quantity", "下午那阵客户收到一堆重复的理赔到账短信，一分钟最多发出去多少条？", "quantity",
        asked_facts=(fact(str(SMS_PEAK)),), forbidden=_not("offset"), service="ah-notify",
        peak=Peak("ah-notify", "notify_sms_sent_per_min", SMS_PEAK),
        diagnosis="notify_sms_sent_per_min 峰值 1712 条/分钟（15:09）；NotifySmsVolumeHigh 触发时的 1208 不是峰值。15:02 Kafka 运维"
                  "把消费组 notify-claims 的位点 --to-earliest 重置了全部 6 个分区，一周的理赔到账事件被重新消费",
    ),
    WorldQuestion(
        "insurance_ivr_calls_cause",
        "客服热线四点以后进线量掉了快一半，好多客户说打不进来，现在好了没？IVR 是不是有问题？", "cause",
        asked_facts=(fact("IvrInboundCallsDropped", "inbound calls last 10m", "进线量下降"),
                     fact("firing", "未恢复", "还没恢复", "仍在告警", "还在告警")),
        cause_facts=(fact("488", "Not Acceptable Here"), fact("G729", "codec", "编解码", "unicom-trunk", "联通")),
        forbidden=_not("codec"), service="ah-ivr",
        diagnosis="16:05 中国联通按割接通知 UNI-HZ-2026-1222 把我们的 SIP 中继切到新 SBC，对方 SDP 只给 G729/AMR-WB，我方 "
                  "unicom-trunk 只允许 PCMA/PCMU → 走联通中继的呼入全部被 ah-sbc 以 488 Not Acceptable Here 拒绝（OPTIONS 仍然 200，"
                  "所以没有中继断开告警），IVR 只收到电信中继的来电，进线量下降约 45%；到 17:40 仍未恢复（SbcCallFailureRateHigh、"
                  "IvrInboundCallsDropped 还在告警），已向联通报障。原因在 SBC 与运营商，不在 IVR；15:50 的菜单流程发布不是原因",
    ),
    WorldQuestion(
        "insurance_actuarial_alert_existence", "精算夜里跑的准备金评估报过警没有？", "existence",
        asked_facts=(fact("ActuarialBatchFailed"),),
        cause_facts=(fact("ORA-01555", "snapshot too old"), fact("undo_retention", "CHG-20261222-0003", "UNDO")),
        forbidden=_not("undo"), service="ah-actuarial",
        diagnosis="报过：ActuarialBatchFailed 03:13 触发、11:49 恢复。00:20 DBA 为 UNDO 表空间告警（CHG-20261222-0003）把核心库 "
                  "undo_retention 从 10800 改成 900 → 01:00 的 ah-actuarial-reserve 第 3 步 reserve_calc 一致性读跑了 51 分钟，03:12 "
                  "ORA-01555 snapshot too old 失败；08:52 DBA 改回 10800，09:05 精算手工重跑，11:48 出报表。00:05 的镜像 2.4.1 更新"
                  "不是原因",
    ),
    WorldQuestion(
        "insurance_alert_listing", "现在还有哪些告警没恢复？帮我列一下。", "listing",
        asked_facts=tuple(fact(name) for name in FIRING), forbidden=("ah-invoice", "ah-crm"),
        diagnosis="3 条：OfficeVpnTunnelDown（苏州分公司 IPsec 隧道 08:12 起中断，运营商线路故障，与今天的故障无关）、"
                  "SbcCallFailureRateHigh（16:08 起，联通中继 488）、IvrInboundCallsDropped（16:16 起，热线进线量下降）；其余告警"
                  "都已恢复",
    ),
    WorldQuestion(
        "insurance_policy_changes_listing", "出单系统今天都动过啥？发版、改配置都算上。", "listing",
        asked_facts=(fact("5.8.0"), fact("policy.epolicy.watermark.text", "watermark", "水印"),
                     fact("policy.beneficiary.max-count", "beneficiary.max-count", "受益人")),
        forbidden=_not("rule", "hsm"), service="ah-policy-issue",
        diagnosis="三次：09:10 发布 5.8.0（投保流程埋点、受益人比例校验，与故障无关）、14:00 电子保单水印配置 "
                  "policy.epolicy.watermark.text、16:45 受益人上限 policy.beneficiary.max-count 5 -> 8；上午的人工核保和下午的签章"
                  "失败都不是这些变更引起的",
    ),
    WorldQuestion(
        "insurance_invoice_healthy", "电子发票上午十点半发了个版，现在有告警或者报错吗？", "existence",
        asked_facts=(HEALTHY,), forbidden=INCIDENT_WORDS, service="ah-invoice", healthy=True,
        diagnosis="没有：只有开票的 INFO 和购方税号格式的 WARN，5xx 最高约 0.2%（阈值 2%），p99 远低于 1500ms，无告警；10:30 的 "
                  "2.7.0 发布与各故障无关",
    ),
    WorldQuestion(
        "insurance_crm_healthy", "客户中心下午改过积分配置，有没有出什么问题？", "existence",
        asked_facts=(HEALTHY,), forbidden=INCIDENT_WORDS, service="ah-crm", healthy=True,
        diagnosis="没有告警；5xx 远低于阈值 2%，p99 远低于 1000ms，14:40 把生日积分改成 200 后只有正常的客户合并候选 WARN",
    ),
)

WORLD = World(name=NAME, title="AnHeng 安衡保险（互联网保险公司）", build=build_bundle, questions=QUESTIONS)
