"""World "esign": 契信签 QiXin Sign, an electronic-contract and e-signature SaaS (``qx-*`` services: the open-platform API
gateway of the enterprise API customers, accounts and the willingness authentication by sign password, real-name identity
verification with the enterprises' micro-deposit check, the RA in front of the CA 安信CA (AXCA) issuing one-time event
certificates, the signing engine with its seals and 骑缝章, timestamping, signature verification, contract storage,
evidence anchoring on the judicial consortium chain 衡链, the signing flows, contract templates, notifications and billing
on a Kubernetes cluster; the nodes outside it), seen from Tuesday 2027-03-30 22:00 to the reference time Wednesday
2027-03-31 21:30 (+08:00): the last day of the quarter, when the enterprise customers push their quarter's contracts. Nothing
here was written for the offline agents; ten incidents of families the other worlds do not have, in ordinary noise:

(1) 00:40           qx-ca: the cloud's planned host maintenance live-migrates qx-k8s-node-05 (node pool np-crypto) onto a new
                    physical host without a virtio-rng device → rngd finds no entropy source and exits, the node's
    08:20–11:20     entropy_avail falls from ~3000 to tens of bits (kernel 4.19, blocking /dev/random) → the two qx-ca pods
                    there generate the event certificates' key pairs from the blocking source and time out
                    (CERT_ISSUE_TIMEOUT) once the morning's signings start; the four pods on node-06/07 are fine.
                    ``ca_event_cert_issue_failure_ratio`` peaks 31.7% at 10:07 (CaCertIssueFailuresHigh fired at 6.2%).
                    11:20 haveged on the node. The 08:05 event-certificate validity config is a decoy.
(2) 01:30           qx-verify ← qx-ca: ca_ops_zhoujie's revoke-batch RB-20270331-01 revokes 186,412 certificates of a tenant
                    after a key-compromise report → AXCA's 02:05 CRL grows 1.9 MB → 47.6 MB; qx-verify refreshes its CRL
    08:05–10:41     lazily at the cached one's nextUpdate (08:05) and its 10 s fetch timeout cannot download 47.6 MB → no valid
                    CRL → every AXCA signature verifies REVOCATION_UNKNOWN. 10:40 fetch timeout 120 s. The 07:30 report
                    template config is a decoy.
(3) 09:30           qx-sign ← qx-archive: storage_ops_liwen switches on ``archive.pdf.optimize-on-save`` (STO-1187, qpdf
                    object streams + linearize) → every partly signed contract saved after its first signature is
    09:33–11:58     rewritten, the first signature's ByteRange no longer covers the file → the next signer is refused
                    (SIGN_REJECTED_DOC_MODIFIED); single-signer contracts and those first signed before 09:30 are fine.
                    11:50 switched off, 11:58 the originals restored from bucket versioning. The 09:15 date-format config
                    of qx-sign is a decoy.
(4) 13:05           qx-sign (a second incident, afternoon): 锦城农商银行's quarter-end loan batch (借款合同 + 还款计划表,
                    512–648 pages) → the bank's 骑缝章 is one 496 px wide seal sliced over every page → 0 px slices,
    13:05–16:10     ``IllegalArgumentException: Width (0)`` → SIGN_FAILED for every contract over 496 pages (a 512-page
                    contract of another tenant failed the same way at 09:47). 16:10 ``max-pages-per-group`` 100, batch
                    retried. The 12:40 deploy 6.8.1 is a decoy.
(5) 09:05           qx-evidence: the chain operator restarts its access node hc-node-b2, whose txpool is not persisted →
                    our anchoring transaction nonce 88412 (sent at 09:04:58) is dropped, every later transaction waits in
    09:05–11:50     the node's queue behind the nonce gap → no receipts, no evidence certificates;
                    ``evidence_anchor_pending`` peaks 23817 at 11:48 (EvidenceAnchorBacklogHigh fired at 5120). 11:50 nonce
                    88412 re-sent, the backlog drains by 12:40. The 08:40 batch-size config is a decoy.
(6) 10:30           qx-auth: sec_ops_hanmei raises ``auth.sign-password.bcrypt-cost`` 10 → 14 (SEC-2027-019, rehash on
                    verify) → every sign-password check costs 16 times the CPU: slow in the morning, saturated in the
    14:00–16:30     quarter-end afternoon → 503s and timeouts of the willingness authentication;
                    ``auth_sign_password_verify_p99_ms`` peaks 8760 at 15:12 (SignPasswordVerifySlow fired at 2140 ms).
                    16:30 cost 11 and 6 replicas. The 13:40 deploy 3.12.1 is a decoy.
(7) 19:40           qx-gateway: gw_ops_tianyu adds the PII-masking plugin ``pii-mask`` to the openapi-v3 routes ahead of
                    hmac-auth → it re-encodes every JSON body → the Python SDK's ``\\u`` escaped bodies no longer match their
    19:40 → now     HMAC → 401 SIGNATURE_MISMATCH; the Java SDK's raw UTF-8 bodies pass. Still firing (rollback in the
                    21:45 window). The 19:10 upstream timeout config is a decoy.
(8) 09:00           qx-realname: the group treasury's quarter-end cash sweep CM-Q-END empties the micro-deposit payout
                    account CMB *8812 → every enterprise real-name micro-deposit fails ERR_4012 账户余额不足; individual
    09:00–11:10     real-name checks are fine. 11:08 topped up and taken out of the sweep. The 08:50 verify-attempts
                    config is a decoy.
(9) 20:00           qx-billing: the CronJob qx-billing-usage-stmt (every 15 min, concurrencyPolicy Allow) runs in quarter
                    close mode, each run takes far longer than 15 minutes and picks the same pending tenants → at 21:30
    20:00 → now     six runs at once, the billing database's CPU saturated, balance queries slow and deductions requeued;
                    still firing.
(10) 09:12:40       qx-template: the database account qx_tpl_app reaches the 180 days of ``default_password_lifetime``
                    (password set 2026-10-02 09:12:40) → new connections are refused ``Your password has expired``, the
    09:13–10:15     pool's connections retire one by one and contracts from templates fail more and more. 10:15 PASSWORD
                    EXPIRE NEVER. The 08:30 deploy 4.3.0 is a decoy.

Healthy: qx-tsa (the 10:00 pool-size config is a decoy) and qx-notify (deploy 5.2.0 at 14:30) — INFO/WARN noise only,
under their thresholds, no alert. Unrelated: 14:40–14:55 the object storage is slow for qx-archive's uploads
(ArchiveUploadSlow). Still firing at 21:30: GatewayAuthFailuresHigh, BillingDbCpuHigh and FlowsExpiringToday (contracts
whose signing deadline is today, a business alert). Kubernetes: the deployments and their pods with their nodes, the
usage-statement job pods, the events of the last hour. Run ``python -m evaluation.worlds esign`` to print the bundle.
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
    job_name,
    job_pod,
    pod_names,
    runbook,
)
from evaluation.worlds.spec import HEALTHY, Peak, World, WorldQuestion, fact

NAME = "esign"
SEED = 20270331
TZ = dt.timezone(dt.timedelta(hours=8))
DAY = dt.date(2027, 3, 31)
EVE = dt.date(2027, 3, 30)
START = dt.datetime(2027, 3, 30, 22, 0, tzinfo=TZ)
REFERENCE = dt.datetime(2027, 3, 31, 21, 30, tzinfo=TZ)
NS = "qixin-prod"
REGISTRY = "registry.qixinsign.local/prod"

_t = functools.partial(clock_on, DAY, TZ)  # a clock on the world's day, for module-level constants
_y = functools.partial(clock_on, EVE, TZ)  # a clock on the evening before

# --- The lines the questions are about (the tests find each one in the bundle) ----------------
# (1) a host migration leaves one node without an entropy source
BAD_NODE = "qx-k8s-node-05"
CRYPTO_NODES = ("qx-k8s-node-05", "qx-k8s-node-06", "qx-k8s-node-07")
HOST_MIGRATED = ("cloud event: instance i-bp17c2x9q0kd5m8w (qx-k8s-node-05) SystemMaintenance.Redeploy completed: "
                 "live-migrated to a new physical host (event e-bp1a4f0c2d, planned window 2027-03-31 00:30-02:30)")
RNGD_NO_DEVICE = "rngd[688]: Unable to open file: /dev/hwrng (No such device)"
RNGD_EXIT = "rngd[688]: can't open any entropy source, exiting"
RNGD_FAILED = "systemd[1]: rngd.service: Main process exited, code=exited, status=1/FAILURE"
HAVEGED_FIX = ("infra_ops_guoliang: qx-k8s-node-05 lost its virtio-rng device in the 00:40 host migration and rngd exited; "
               "installed and started haveged (entropy_avail 38 -> 3100), cloud ticket 2027033100188 to re-attach virtio-rng")
CERT_OK = ("issue event cert for signer {uid} (flow {flow}): SM2 key pair generated in {kg}ms, AXCA RA issued SN {sn} "
           "in {ra}ms")
CERT_SLOW = ("issue event cert for signer {uid} (flow {flow}): SM2 key pair generated in {kg}ms (slow), AXCA RA issued SN "
             "{sn} in {ra}ms")
CERT_TIMEOUT = ("issue event cert for signer {uid} (flow {flow}) failed: CERT_ISSUE_TIMEOUT after 30000ms in "
                "KeyPairGenerator.generateKeyPair (SecureRandom NativePRNGBlocking seed)")
CA_VALIDITY = ("[nacos] config changed: dataId=qx-ca.yaml group=CA key=ca.event-cert.validity-minutes old=30 new=60 "
               "operator=ca_dev_zhuqing md5=5d1e0a7c93b2")
CA_FAIL_PEAK = 31.7
CA_FAIL_ALERT_VALUE = "6.2%"

# (2) a bulk revocation grows the CRL past what the verifier can fetch
REVOKE_START = ("revoke-batch RB-20270331-01 started by ca_ops_zhoujie (ticket SEC-IR-0330, tenant T-20871 众联小贷 私钥泄露报告): "
                "186,412 certificates to AXCA RA revoke API, reason keyCompromise")
REVOKE_DONE = "revoke-batch RB-20270331-01 finished: 186,412 revoked, 0 failed, took 28m31s"
CRL_PUBLISHED = ("crl-watch: AXCA published CRL AXCA-SM2-CA #20270331 thisUpdate 2027-03-31T02:05:00+08:00 nextUpdate "
                 "2027-04-01T08:05:00+08:00: 191,530 entries, 47.6 MB (previous #20270330: 5,118 entries, 1.9 MB)")
CRL_CACHED = "CRL AXCA-SM2-CA #20270330 in cache (5,118 entries), nextUpdate 2027-03-31T08:05:00+08:00"
CRL_EXPIRED = ("CRL AXCA-SM2-CA #20270330 reached its nextUpdate 2027-03-31T08:05:00+08:00, refreshing from "
               "http://crl.axca.example.cn/sm2ca.crl")
CRL_FETCH_FAIL = ("CRL fetch http://crl.axca.example.cn/sm2ca.crl failed: read timeout after 10000ms (received {got} MB of "
                  "47.6 MB), no valid CRL for AXCA-SM2-CA, retry in 300s")
CRL_FETCHED = "CRL AXCA-SM2-CA #20270331 fetched in {s}s (47.6 MB, 191,530 entries), valid until 2027-04-01T08:05:00+08:00"
VERIFY_OK = ("verify {req} for tenant {tenant}: document intact, {n} signature(s) valid, signer certs not revoked ({crl}), "
             "timestamp ok -> VALID took={ms}ms")
VERIFY_UNKNOWN = ("verify {req} for tenant {tenant}: document intact, signer cert SN {sn} (AXCA-SM2-CA) revocation status "
                  "UNKNOWN, no valid CRL -> REVOCATION_UNKNOWN")
VERIFY_FIX = ("[nacos] config changed: dataId=qx-verify.yaml group=VERIFY key=verify.crl.fetch-timeout old=10s new=120s "
              "operator=verify_dev_luoxin md5=b83c1f02e9a4")
VERIFY_DECOY = ("[nacos] config changed: dataId=qx-verify.yaml group=VERIFY key=verify.report.template old=v3 new=v4 "
                "operator=verify_dev_luoxin md5=2f96d4a0c1e7")

# (3) the archive's optimize-on-save rewrites partly signed contracts
ARCHIVE_OPTIMIZE = ("[nacos] config changed: dataId=qx-archive.yaml group=ARCHIVE key=archive.pdf.optimize-on-save old=false "
                    "new=true operator=storage_ops_liwen md5=7a0e3c5b9d12 (STO-1187 季末存储成本优化: 保存时 qpdf "
                    "--object-streams=generate --linearize)")
ARCHIVE_OPTIMIZE_OFF = ("[nacos] config changed: dataId=qx-archive.yaml group=ARCHIVE key=archive.pdf.optimize-on-save "
                        "old=true new=false operator=storage_ops_liwen md5=c41d9e6f0a83")
ARCHIVE_RESTORED = ("restored {n} partly signed documents saved with optimize-on-save since 09:30 to their versions before "
                    "optimization (bucket versioning)")
SAVED_PLAIN = "saved {doc} v{v} after signature {i}/{n} ({a:.1f} MB, stored as signed)"
SAVED_OPTIMIZED = ("saved {doc} v{v} after signature {i}/{n} ({a:.1f} MB -> {b:.1f} MB, optimize-on-save: object streams, "
                   "linearized)")
SIGN_MODIFIED = ("sign flow {flow} signer {i}/{n} ({role}) doc {doc}: existing signature #1 ({first}) invalid: ByteRange "
                 "digest mismatch, document modified after signing -> SIGN_REJECTED_DOC_MODIFIED")
SIGN_DATE_FORMAT = ("[nacos] config changed: dataId=qx-sign.yaml group=SIGN key=sign.appearance.date-format old=yyyy-MM-dd "
                    "new=yyyy年MM月dd日 operator=sign_dev_xiayu md5=0e5a8b2d7c14")
OPT_ON = _t("09:30:10")
OPT_OFF = _t("11:50:10")
OPT_RESTORED = _t("11:58:20")

# (4) the bank's 骑缝章 sliced over more pages than the seal has pixels
SEAL_PX = 496
BANK = "锦城农商银行"
BANK_BATCH = ("batch BATCH-JC-20270331-LOAN created by tenant T-10388 锦城农商银行 via API: 1,240 contracts from template "
              "LOAN-2027Q1 (借款合同 + 还款计划表), 512-648 pages each, signers 借款人 + 锦城农商银行合同专用章 (骑缝章)")
BATCH_RETRY = "batch BATCH-JC-20270331-LOAN: re-submitted {n} contracts whose bank signature failed"
SIGN_OK = "sign flow {flow} signer {i}/{n} ({role}) doc {doc} ({pages} pages): SM2 signature appended{perf}, TSA token ok, took {ms}ms"
PERF_ONE = ", 骑缝章 over {pages} pages ({w} px per page)"
PERF_GROUPS = ", 骑缝章 over {pages} pages in {g} groups ({w} px per page)"
SIGN_PERF_FAIL = ("sign flow {flow} signer {i}/{n} ({role}) doc {doc} ({pages} pages): perforation seal 骑缝章 failed: "
                  "java.lang.IllegalArgumentException: Width (0) and height (496) cannot be <= 0 at "
                  "PerforationSealStamper.slice(PerforationSealStamper.java:88) -> SIGN_FAILED")
SIGN_DEPLOY = ("deploy finished: qx-sign 6.8.1 (was 6.8.0) rolled out by ci-bot pipeline=#5521; changes: 签署页水印, "
               "批量签署进度回调")
SIGN_PERF_FIX = ("[nacos] config changed: dataId=qx-sign.yaml group=SIGN key=sign.perforation-seal.max-pages-per-group old=0 "
                 "new=100 operator=sign_dev_xiayu md5=93b7c0e1f4d5 (骑缝章按每 100 页分组加盖)")
SIGN_BATCH_MAX = ("[nacos] config changed: dataId=qx-sign.yaml group=SIGN key=sign.batch.max-docs old=200 new=500 "
                  "operator=sign_ops_qiuyue md5=d62a1e8c0b97")
EARLY_BIG = ("F30917526", "D71640283", 512, "远航融资租赁")  # flow, doc, pages, tenant: the 09:47 one
PERF_FIX_AT = _t("16:10:10")

# (5) the chain node's restart drops one transaction: a nonce gap
DROPPED_NONCE = 88412
ANCHOR_SENT = "anchor batch {b}: {n} evidence hashes, merkle root 0x{root}, tx 0x{tx} nonce {k} sent to 衡链 node hc-node-b2"
ANCHOR_OK = "tx 0x{tx} nonce {k} confirmed in block {h} ({s:.1f}s), {n} evidence certificates issued"
CHAIN_RESET = ("衡链 rpc https://rpc-b2.hengchain.example.cn connection reset by peer; reconnected after 41s (node hc-node-b2 "
               "uptime 12s)")
ANCHOR_PENDING = ("anchor batch {b} tx nonce {k}: no receipt after {m} min, still pending (hc-node-b2 txpool: queued)")
CHAIN_NONCE = ("chain account 0x7a3fd2c21e: on-chain nonce 88412 (next expected), local next nonce {k}, {p} txs sent and "
               "unconfirmed")
ANCHOR_RESEND = ("evidence_dev_jiangtao: evidence-cli tx resend --nonce 88412 --batch {b} (dropped from hc-node-b2's txpool "
                 "in its 09:05 restart) -> tx 0x{tx} sent")
ANCHOR_DRAINED = ("confirmed {k} queued txs (nonce 88413..{last}) in blocks {h1}..{h2}; issuing {n} evidence certificates")
EVIDENCE_BATCH = ("[nacos] config changed: dataId=qx-evidence.yaml group=EVIDENCE key=evidence.anchor.batch-size old=200 "
                  "new=500 operator=evidence_dev_jiangtao md5=4e8b1d0a6c39")
PENDING_PEAK = 23817
PENDING_ALERT_VALUE = "5120 条"

# (6) the sign password's bcrypt cost raised to 14
AUTH_BCRYPT = ("[nacos] config changed: dataId=qx-auth.yaml group=AUTH key=auth.sign-password.bcrypt-cost old=10 new=14 "
               "operator=sec_ops_hanmei md5=e17c4a09b5d2 (SEC-2027-019 签署密码存储加固，校验成功后按新 cost 重新哈希)")
AUTH_BCRYPT_FIX = ("[nacos] config changed: dataId=qx-auth.yaml group=AUTH key=auth.sign-password.bcrypt-cost old=14 new=11 "
                   "operator=sec_ops_hanmei md5=6a0f2d8e1c47 (SEC-2027-019 回退为 11，压测后再评估)")
AUTH_VERIFY = "verify sign password for user {u} (flow {flow}): ok, bcrypt cost {c}, took {ms}ms"
AUTH_REHASH = "rehashed sign password for user {u}: bcrypt cost {a} -> {b} ({ms}ms)"
AUTH_REJECT = ("POST /v1/will/sign-password/verify 503: verify worker pool busy (8/8 running, queue 64/64), rejected after "
               "waiting 5000ms")
AUTH_DEPLOY = ("deploy finished: qx-auth 3.12.1 (was 3.12.0) rolled out by ci-bot pipeline=#5517; changes: 登录页验证码文案, "
               "短信验证码频控日志")
AUTH_SCALE = "auth_oncall_yangfan: qx-auth scaled 4 -> 6 replicas (kubectl scale deployment/qx-auth --replicas=6)"
BCRYPT_ON = _t("10:30:10")
BCRYPT_OFF = _t("16:30:10")
AUTH_P99_PEAK = 8760
AUTH_P99_ALERT_VALUE = "2140ms"

# (7) a PII-masking plugin re-encodes the bodies ahead of the HMAC check
GW_PLUGIN = ("[apisix] route group openapi-v3 plugins changed by gw_ops_tianyu (PRIV-2027-03 访问日志身份证号脱敏): + pii-mask "
             "(priority 2600, runs before hmac-auth 2530)")
GW_TIMEOUT = ("[apisix] route group openapi-v3 upstream timeout changed by gw_ops_tianyu: read 30s -> 60s (季末批量签署)")
GW_MASKED = "pii-mask: masked {k} id_number field(s) in request body of POST {path} (JSON re-encoded: {a} -> {b} bytes)"
GW_401 = ("POST {path} 401 SIGNATURE_MISMATCH app {app} ({sdk}): body digest in X-Qx-Signature does not match the received "
          "body ({a} bytes signed, {b} bytes received)")
GW_OK = "POST {path} 200 app {app} ({sdk}) took={ms}ms upstream {up}"
PY_SDK, JAVA_SDK = "qixin-sdk-python/2.4.1", "qixin-sdk-java/3.2.0"
GW_ON = _t("19:40:10")

# (8) the treasury's quarter-end sweep empties the micro-deposit account
SWEEP = ("bank-direct CMB: account *8812 debit 48,236.17 CNY to 集团资金池 *0001, memo '季末资金归集 CM-Q-END', balance "
         "0.00 CNY")
TOPUP = ("bank-direct CMB: account *8812 credit 50,000.00 CNY from 集团资金池 *0001, memo '打款备付金补足 FIN-0331-12', "
         "balance 50,000.00 CNY")
PAYOUT_BALANCE = "payout account CMB *8812 balance {b} CNY (micro-deposit float)"
DEPOSIT_OK = ("enterprise {ent} '{name}' micro-deposit 0.{c:02d} CNY to {bank} *{tail} sent (CMB serial {sn}), waiting for "
              "the amount to be entered")
DEPOSIT_FAIL = ("enterprise {ent} '{name}' micro-deposit 0.{c:02d} CNY to {bank} *{tail} failed: CMB bank-direct ERR_4012 "
                "账户余额不足; verification {vid} stays PAYING")
DEPOSIT_RETRY = "retried {n} PAYING micro-deposit verifications: {n} sent"
REALNAME_DECOY = ("[nacos] config changed: dataId=qx-realname.yaml group=REALNAME key=realname.micro-deposit.verify-attempts "
                  "old=3 new=5 operator=realname_dev_hexin md5=8c2e5b07d1f9")
SWEEP_AT = _t("09:00:03.412")
TOPUP_AT = _t("11:08:20.118")

# (9) the usage-statement CronJob's runs pile up
STMT_CRON = "qx-billing-usage-stmt"
STMT_NORMAL = "usage-stmt run {job}: {n} tenants checked, 0 statements pending, finished in {s}s"
STMT_QUARTER = ("usage-stmt run {job}: quarter close mode (2027Q1), {n} tenants with quarterly packages pending statements, "
                "started{prev}")
STMT_PROGRESS = "usage-stmt run {job}: {done}/{total} tenants, elapsed {m} min"
BILLING_SLOW = "GET /v1/packages/{t}/balance 200 took={ms}ms"
BILLING_TIMEOUT = ("deduct usage for contract {c} failed: HikariPool-1 - Connection is not available, request timed out "
                   "after 3000ms; requeued")
STMT_RUNS = tuple(_t(f"{h:02d}:{m:02d}") for h in (20, 21) for m in (0, 15, 30, 45) if (h, m) <= (21, 15))

# (10) the template database account's password lifetime
PW_EXPIRES = _t("09:12:40")
TPL_DEPLOY = ("deploy finished: qx-template 4.3.0 (was 4.2.9) rolled out by ci-bot pipeline=#5508; changes: 模板变量批量导入, "
              "条款库搜索")
TPL_CONN_FAIL = ("HikariPool-1 - new connection to qx-mysql-tpl:3306 as qx_tpl_app failed: java.sql.SQLException: Your "
                 "password has expired. To log in you must change it using a client that supports expired passwords. "
                 "(errno 1862)")
TPL_FAIL = ("create contract from template {tpl} for tenant {t} failed: HikariPool-1 - Connection is not available, request "
            "timed out after 5000ms")
TPL_OK = "create contract from template {tpl} for tenant {t}: {n} variables filled, doc {doc} ({pages} pages) took={ms}ms"
TPL_POOL = "HikariPool-1 - Pool stats (total={total}, active={a}, idle={i}, waiting={wt})"
TPL_DBA_FIX = ("dba_oncall_wangbo: ALTER USER 'qx_tpl_app'@'%' IDENTIFIED BY '******' PASSWORD EXPIRE NEVER on qx-mysql-tpl "
               "(password_last_changed 2026-10-02 09:12:40, default_password_lifetime=180 from parameter template "
               "pt-mysql80-baseline)")
PW_FIXED = _t("10:15:10")

# Healthy services' changes and the unrelated ones
TSA_POOL = ("[nacos] config changed: dataId=qx-tsa.yaml group=TSA key=tsa.upstream.pool-size old=16 new=32 "
            "operator=tsa_dev_yinan md5=1b7e0c4d92a6")
NOTIFY_DEPLOY = ("deploy finished: qx-notify 5.2.0 (was 5.1.7) rolled out by ci-bot pipeline=#5519; changes: 签署提醒短信"
                 "模板参数化, 邮件退订链接")

# --- Pods, nodes ---------------------------------------------------------------------------------
CA_PODS = pod_names("qx-ca", "2.7.3", 6)
CA_ON_BAD = CA_PODS[0:2]
AUTH_OLD = pod_names("qx-auth", "3.12.0", 4)
AUTH_NEW = pod_names("qx-auth", "3.12.1", 6)
ROLLOUTS: dict[str, list[tuple[dt.datetime, tuple[str, ...]]]] = {
    "qx-gateway": [(START, pod_names("qx-gateway", "2.19.4", 3))],
    "qx-auth": [(START, AUTH_OLD), (_t("13:41:00"), AUTH_NEW[0:4]), (_t("16:32:30"), AUTH_NEW)],
    "qx-realname": [(START, pod_names("qx-realname", "2.6.2", 3))],
    "qx-ca": [(START, CA_PODS)],
    "qx-sign": [(START, pod_names("qx-sign", "6.8.0", 6)), (_t("12:41:00"), pod_names("qx-sign", "6.8.1", 6))],
    "qx-tsa": [(START, pod_names("qx-tsa", "1.14.2", 3))],
    "qx-verify": [(START, pod_names("qx-verify", "3.5.1", 4))],
    "qx-archive": [(START, pod_names("qx-archive", "4.0.6", 4))],
    "qx-evidence": [(START, pod_names("qx-evidence", "2.3.0", 3))],
    "qx-flow": [(START, pod_names("qx-flow", "5.9.2", 4))],
    "qx-template": [(START, pod_names("qx-template", "4.2.9", 3)), (_t("08:31:00"), pod_names("qx-template", "4.3.0", 3))],
    "qx-notify": [(START, pod_names("qx-notify", "5.1.7", 3)), (_t("14:31:00"), pod_names("qx-notify", "5.2.0", 3))],
    "qx-billing": [(START, pod_names("qx-billing", "3.3.4", 2))],
}
NODES = [f"qx-k8s-node-{n:02d}" for n in range(1, 11)]
GENERAL_NODES = [node for node in NODES if node not in CRYPTO_NODES]
INSTANCES: dict[str, list[str]] = {service: list(steps[-1][1]) for service, steps in ROLLOUTS.items()} | {
    "qx-k8s-node": NODES}


def node_of(pod: str) -> str:
    """The node a pod runs on: qx-ca two by two on the crypto pool (node-05, 06, 07), every other pod on the general nodes."""
    if pod in CA_PODS:
        return CRYPTO_NODES[CA_PODS.index(pod) // 2]
    return GENERAL_NODES[int(hashlib.sha256(pod.encode()).hexdigest(), 16) % len(GENERAL_NODES)]


SERVICES: list[Json] = [
    {"name": "qx-gateway", "aliases": ["开放平台", "开放平台网关", "API 网关", "网关", "OpenAPI"],
     "description": "企业 API 客户的开放平台网关（APISIX，3 个副本）：openapi-v3 路由按 hmac-auth 校验请求签名"
                    "（X-Qx-Signature，对原始请求体计算 HMAC-SHA256），客户用 Java / Python SDK 接入。"},
    {"name": "qx-auth", "aliases": ["账号", "登录", "意愿认证", "签署密码", "认证服务"],
     "description": "账号与意愿认证（4 个副本）：签署前校验签署密码（bcrypt 哈希，cost 由 auth.sign-password.bcrypt-cost 配置）"
                    "或短信验证码。"},
    {"name": "qx-realname", "aliases": ["实名认证", "实名", "企业实名", "对公打款", "个人实名"],
     "description": "实名认证（3 个副本）：个人用运营商三要素、人脸比对；企业用对公打款（从招商银行打款账户 *8812 经银企直连给企业"
                    "对公账户打一笔随机小额，企业回填金额）。"},
    {"name": "qx-ca", "aliases": ["CA", "证书", "证书签发", "事件证书", "RA"],
     "description": "证书服务（6 个副本，节点池 np-crypto：qx-k8s-node-05/06/07）：作为 安信CA（AXCA）的 RA，为每次签署在 Pod "
                    "内生成 SM2 密钥对并申请一次性事件证书（JVM 使用阻塞随机源），也向 AXCA 提交证书吊销；crl-watch 监视 AXCA "
                    "发布的 CRL。"},
    {"name": "qx-sign", "aliases": ["签署", "签署服务", "签章", "盖章", "骑缝章", "签署引擎"],
     "description": "签署引擎（6 个副本）：从 qx-archive 读取合同 PDF，先校验文档上已有签名的完整性，再以增量更新追加 SM2 签名、"
                    "印章外观与骑缝章，向 qx-tsa 申请时间戳，签后存回 qx-archive。"},
    {"name": "qx-tsa", "aliases": ["时间戳", "时间戳服务", "TSA"],
     "description": "时间戳服务（3 个副本）：代理上游可信时间戳机构（联合信任 TSA）签发 RFC 3161 时间戳。"},
    {"name": "qx-verify", "aliases": ["验签", "验签服务", "合同核验", "签名验证"],
     "description": "验签服务（4 个副本）：给 API 客户和核验页验证合同签名；签名证书的吊销状态按 AXCA 发布的 CRL 判断（缓存的 "
                    "CRL 到 nextUpdate 才重新下载），证书由 qx-ca 经 AXCA 签发、吊销。"},
    {"name": "qx-archive", "aliases": ["合同存储", "存储", "归档", "文件存储"],
     "description": "合同文件存储（4 个副本）：合同 PDF 的各签署版本存于对象存储（开启版本控制），签署引擎读取与存回。"},
    {"name": "qx-evidence", "aliases": ["存证", "区块链存证", "上链", "存证凭证", "衡链"],
     "description": "存证服务（3 个副本）：签署完成的合同哈希按批组成默克尔树，以单一链上账户（nonce 顺序递增）发交易到司法"
                    "联盟链 衡链 的接入节点 hc-node-b2，交易确认后出具存证凭证。"},
    {"name": "qx-flow", "aliases": ["签署流程", "流程", "合同流程", "批量签署"],
     "description": "签署流程（4 个副本）：多方合同的签署顺序、批量签署、催签与截止时间。"},
    {"name": "qx-template", "aliases": ["模板", "合同模板", "模板发起"],
     "description": "合同模板（3 个副本）：从模板填变量生成合同；库为 MySQL qx-mysql-tpl（账号 qx_tpl_app，HikariCP 连接池 20，"
                    "maxLifetime 30 分钟）。"},
    {"name": "qx-notify", "aliases": ["通知", "短信", "邮件", "签署通知", "催签通知"],
     "description": "短信与邮件通知（3 个副本）：签署邀请、催签、签署完成通知。"},
    {"name": "qx-billing", "aliases": ["计费", "套餐", "账单", "扣费", "用量"],
     "description": "计费（2 个副本）：签署份数套餐的余量与扣费；CronJob qx-billing-usage-stmt 每 15 分钟生成用量账单，季末生成"
                    "季度账单。"},
    {"name": "qx-k8s-node", "aliases": ["K8s 节点", "节点", "工作节点"],
     "description": "集群 qx-prod 的工作节点 qx-k8s-node-01..10（云服务器，内核 4.19；节点池 np-crypto 为 node-05/06/07）。"},
]

WINDOWS = {
    "entropy": (_t("08:20"), _t("11:20:30")),
    "crl": (_t("08:05"), _t("10:41:00")),
    "optimize": (_t("09:33"), OPT_RESTORED),
    "perforation": (_t("13:05"), PERF_FIX_AT),
    "nonce": (_t("09:05"), _t("11:50:20")),
    "bcrypt": (_t("14:00"), BCRYPT_OFF),
    "hmac": (GW_ON, REFERENCE),
    "sweep": (SWEEP_AT, TOPUP_AT),
    "stmt": (_t("20:00"), REFERENCE),
    "password": (PW_EXPIRES, PW_FIXED),
}


def _inside(window: str, t: dt.datetime) -> bool:
    a, b = WINDOWS[window]
    return a <= t < b


def _day(t: dt.datetime) -> bool:
    """Working hours, on either day."""
    return dt.time(7, 30) <= t.timetz().replace(tzinfo=None) < dt.time(22, 0)


# --- Business vocabulary -------------------------------------------------------------------------
Line = tuple[str, str, dict[str, Any]]
TENANTS = (("T-10388", "锦城农商银行"), ("T-20455", "安和人力"), ("T-31007", "远航融资租赁"), ("T-40712", "青木地产"),
           ("T-52290", "众诚物流"), ("T-61834", "海石保险代理"), ("T-70021", "禾丰教育"), ("T-83516", "云栖装修"))
ENTERPRISES = (("江南精密机械有限公司", "工商银行"), ("杭州启明软件有限公司", "建设银行"), ("宁波港通货运代理有限公司", "农业银行"),
               ("绍兴织造进出口有限公司", "中国银行"), ("温州鹿城眼镜有限公司", "浙商银行"), ("嘉兴禾润食品有限公司", "交通银行"))
TEMPLATES = ("劳动合同 LAB-2027", "房屋租赁合同 RENT-07", "采购合同 PUR-2027Q1", "保密协议 NDA-03", "借款合同 LOAN-2027Q1",
             "服务协议 SVC-12")
ROLES = ("甲方", "乙方", "丙方")


def _uid(w: WorldBuilder) -> str:
    return f"U{w.rng.randint(10**7, 10**8 - 1)}"


def _flow(w: WorldBuilder) -> str:
    return f"F{w.rng.randint(10**7, 10**8 - 1)}"


def _doc(w: WorldBuilder) -> str:
    return f"D{w.rng.randint(10**7, 10**8 - 1)}"


def _phone(w: WorldBuilder) -> str:
    return f"1{w.rng.choice('3578')}{w.rng.randint(0, 9)}****{w.rng.randint(1000, 9999)}"


def _pod(w: WorldBuilder, service: str, t: dt.datetime) -> str:
    pods = ROLLOUTS[service][0][1]
    for moment, step in ROLLOUTS[service]:
        if moment <= t:
            pods = step
    return w.rng.choice(pods)


def _every(w: WorldBuilder, start: str | dt.datetime, end: str | dt.datetime, low: int, high: int) -> list[dt.datetime]:
    """Moments from ``start`` to ``end``, ``low``–``high`` seconds apart."""
    moment = start if isinstance(start, dt.datetime) else w.at(start)
    stop = end if isinstance(end, dt.datetime) else w.at(end)
    out = []
    while moment < stop:
        out.append(moment)
        moment += dt.timedelta(seconds=w.rng.randint(low, high), milliseconds=w.rng.randint(0, 999))
    return out


def _traffic(w: WorldBuilder, day: tuple[int, int], night: tuple[int, int]) -> list[dt.datetime]:
    """A service's requests over the whole span: ``day`` seconds apart in working hours, ``night`` apart otherwise."""
    out = []
    moment = START + dt.timedelta(seconds=w.rng.randint(1, 30))
    while moment < REFERENCE:
        out.append(moment)
        low, high = day if _day(moment) else night
        moment += dt.timedelta(seconds=w.rng.randint(low, high), milliseconds=w.rng.randint(0, 999))
    return out


def _ops(w: WorldBuilder, moment: str | dt.datetime, service: str, message: str, **attributes: Any) -> None:
    """An on-call engineer's note in the service's channel (the ops console relays it to the logs)."""
    w.log(moment if isinstance(moment, dt.datetime) else w.at(moment), service, "INFO", message, instance="ops-console",
          trace=False, **attributes)


def _rolled(w: WorldBuilder, service: str, step: int, started: str, stopping: str) -> None:
    """The pods of a rollout step: each new pod says it started, each old one that it stops."""
    steps = ROLLOUTS[service]
    at = steps[step][0]
    old = steps[step - 1][1]
    for index, new in enumerate(steps[step][1]):
        if new in old:
            continue
        moment = at + dt.timedelta(seconds=25 * index, milliseconds=w.rng.randint(0, 999))
        w.log(moment, service, "INFO", started.format(s=w.rng.randint(60, 260) / 10), instance=new, trace=False)
        if index < len(old) and old[index] not in steps[step][1]:
            w.log(moment + dt.timedelta(seconds=12), service, "INFO", stopping, instance=old[index], trace=False)


# --- Noise: every service's ordinary day ----------------------------------------------------------
def _gateway(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "qx-gateway", t)
    roll = w.rng.random()
    app = f"app_{w.hex(8)}"
    if roll < 0.75:
        path, up = w.rng.choice((("/v3/contracts", "qx-flow"), ("/v3/contracts/batch", "qx-flow"),
                                 ("/v3/templates/fill", "qx-template"), ("/v3/verify", "qx-verify"),
                                 ("/v3/realname/person", "qx-realname")))
        sdk = w.rng.choice((JAVA_SDK, JAVA_SDK, PY_SDK))
        if sdk == PY_SDK and t >= GW_ON and w.rng.random() < 0.9:  # bodies with Chinese text: \u escapes re-encoded
            signed = w.rng.randint(900, 4200)
            return "WARN", GW_401.format(path=path, app=app, sdk=sdk, a=signed, b=signed - w.rng.randint(40, 600)), {
                "instance": pod, "log_type": "access"}
        return "INFO", GW_OK.format(path=path, app=app, sdk=sdk, ms=w.ms(30, 400), up=up), {"instance": pod,
                                                                                           "log_type": "access"}
    if roll < 0.9:
        return "INFO", f"GET /v3/contracts/{_flow(w)}/status 200 app {app} took={w.ms(5, 40)}ms upstream qx-flow", {
            "instance": pod, "log_type": "access"}
    if roll < 0.97:
        return "WARN", f"POST /v3/contracts 401 APP_KEY_INVALID app {app}: app key disabled by tenant admin", {
            "instance": pod, "log_type": "access"}
    return "WARN", f"client {w.rng.randint(10, 250)}.{w.rng.randint(0, 255)}.x.x sent 3 requests with an expired X-Qx-Timestamp (> 300s)", {
        "instance": pod}


def _auth(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "qx-auth", t)
    roll = w.rng.random()
    if roll < 0.5:
        return "INFO", f"login user {_uid(w)} via {w.rng.choice(['password', 'sms', 'wechat'])} ok took={w.ms(20, 90)}ms", {
            "instance": pod}
    if roll < 0.8:
        return "INFO", f"sms code for will-auth sent to {_phone(w)} (flow {_flow(w)})", {"instance": pod}
    if roll < 0.95:
        return "INFO", f"session {w.hex(12)} refreshed for user {_uid(w)}", {"instance": pod}
    return "WARN", f"login user {_uid(w)} wrong password ({w.rng.randint(1, 4)}/5)", {"instance": pod}


def _realname(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "qx-realname", t)
    roll = w.rng.random()
    if roll < 0.55:
        return "INFO", (f"person {_uid(w)} carrier three-element check via 运营商 {w.rng.choice(['移动', '联通', '电信'])}: "
                        f"match took={w.ms(120, 600)}ms"), {"instance": pod}
    if roll < 0.85:
        return "INFO", f"person {_uid(w)} face compare score 0.{w.rng.randint(86, 99)} (threshold 0.82) pass", {"instance": pod}
    if roll < 0.96:
        return "WARN", f"person {_uid(w)} face compare score 0.{w.rng.randint(40, 79)} below threshold, asked to retry", {
            "instance": pod}
    return "ERROR", f"person {_uid(w)} carrier three-element check: name/ID/phone mismatch, REALNAME_REJECTED", {"instance": pod}


def _ca(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = w.rng.choice(CA_PODS)
    roll = w.rng.random()
    if roll < 0.6:
        return "INFO", f"AXCA RA connection pool: {w.rng.randint(2, 14)}/32 busy, p50 {w.ms(40, 90)}ms", {"instance": pod}
    if roll < 0.9:
        return "INFO", f"org cert for tenant {w.rng.choice(TENANTS)[0]} seal renewed, SN {w.hex(16).upper()}, valid 1 year", {
            "instance": pod}
    return "WARN", f"AXCA RA request {w.hex(10)} retried once after 502 from ra.axca.example.cn", {"instance": pod}


def _sign(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "qx-sign", t)
    roll = w.rng.random()
    if roll < 0.5:
        return "INFO", f"preview {_doc(w)} page {w.rng.randint(1, 30)} rendered at 120 dpi took={w.ms(30, 160)}ms", {
            "instance": pod}
    if roll < 0.85:
        return "INFO", f"seal appearance for {w.rng.choice(TENANTS[1:])[1]} cached ({w.rng.randint(180, 520)} px)", {
            "instance": pod}
    if roll < 0.97:
        return "WARN", f"signature field overlap on {_doc(w)} page {w.rng.randint(1, 12)}, moved 12 pt down", {"instance": pod}
    return "ERROR", f"sign {_doc(w)}: signer cancelled will-auth, signature not applied", {"instance": pod}


def _tsa(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "qx-tsa", t)
    roll = w.rng.random()
    if roll < 0.75:
        return "INFO", (f"timestamp for qx-sign sha256 {w.hex(16)}: token serial {w.hex(12).upper()} genTime "
                        f"{t:%H:%M:%S} took={w.ms(25, 180)}ms"), {"instance": pod}
    if roll < 0.93:
        return "INFO", f"upstream 联合信任 TSA pool {w.rng.randint(2, 12)}/{16 if t < _t('10:00:10') else 32} busy", {
            "instance": pod}
    return "WARN", f"upstream 联合信任 TSA answered in {w.ms(520, 900)}ms (> 500ms), within SLA", {"instance": pod}


def _verify(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "qx-verify", t)
    roll = w.rng.random()
    if roll < 0.55:
        return "INFO", f"GET /v1/verify/report/{w.hex(10)} 200 took={w.ms(5, 40)}ms", {"instance": pod, "log_type": "access"}
    if roll < 0.9:
        return "INFO", f"CRL SACA-RSA-CA #{t:%Y%m%d} in cache (812 entries)", {"instance": pod}
    return "WARN", f"verify {w.hex(10)}: PDF has 2 revisions after the last signature (form fields), reported as info", {
        "instance": pod}


def _archive(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "qx-archive", t)
    roll = w.rng.random()
    if roll < 0.6:
        return "INFO", f"GET /v1/docs/{_doc(w)} 200 ({w.rng.randint(1, 12)}.{w.rng.randint(0, 9)} MB) took={w.ms(20, 180)}ms", {
            "instance": pod, "log_type": "access"}
    if roll < 0.9:
        return "INFO", f"uploaded oss://qx-contracts/{t:%Y%m%d}/{w.hex(12)}.pdf in {w.ms(60, 600)}ms", {"instance": pod}
    if roll < 0.98:
        return "WARN", f"upload oss://qx-contracts/{t:%Y%m%d}/{w.hex(12)}.pdf part 2 retried once (RequestTimeTooSkewed)", {
            "instance": pod}
    return "ERROR", f"GET /v1/docs/{_doc(w)} 404: document deleted by tenant retention policy", {"instance": pod}


def _evidence(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "qx-evidence", t)
    roll = w.rng.random()
    if roll < 0.7:
        return "INFO", f"evidence for contract {_flow(w)} queued: sha256 {w.hex(16)}, waiting for an anchor batch", {
            "instance": pod}
    return "INFO", f"GET /v1/evidence/{w.hex(10)}/certificate 200 took={w.ms(5, 50)}ms", {"instance": pod,
                                                                                        "log_type": "access"}


def _flow_noise(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "qx-flow", t)
    roll = w.rng.random()
    tenant = w.rng.choice(TENANTS)
    if roll < 0.35:
        return "INFO", f"flow {_flow(w)} created by tenant {tenant[0]} {tenant[1]} ({w.rng.randint(1, 3)} signers)", {
            "instance": pod}
    if roll < 0.7:
        return "INFO", f"flow {_flow(w)} completed, all {w.rng.randint(1, 3)} signatures applied", {"instance": pod}
    if roll < 0.9:
        return "INFO", f"reminder sent for flow {_flow(w)} to signer {w.rng.choice(ROLES)} (deadline 2027-03-31 23:59)", {
            "instance": pod}
    return "WARN", f"flow {_flow(w)} declined by signer {w.rng.choice(ROLES)} (reason: 条款需修改)", {"instance": pod}


def _template(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "qx-template", t)
    roll = w.rng.random()
    if roll < 0.7:
        return "INFO", f"GET /v1/templates?tenant={w.rng.choice(TENANTS)[0]} 200 (cache) took={w.ms(2, 15)}ms", {
            "instance": pod, "log_type": "access"}
    return "WARN", f"template {w.rng.choice(TEMPLATES)} variable 签约日期 empty, default today used", {"instance": pod}


def _notify(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "qx-notify", t)
    roll = w.rng.random()
    if roll < 0.45:
        return "INFO", f"sms SIGN_INVITE to {_phone(w)}: SendSms OK BizId {w.rng.randint(10**8, 10**9 - 1)}", {"instance": pod}
    if roll < 0.8:
        return "INFO", f"mail contract_completed to {w.hex(6)}@{w.rng.choice(['qq.com', '163.com', 'corp.example.cn'])} sent", {
            "instance": pod}
    if roll < 0.95:
        return "INFO", f"sms SIGN_REMIND to {_phone(w)}: SendSms OK BizId {w.rng.randint(10**8, 10**9 - 1)}", {"instance": pod}
    return "WARN", f"mail to {w.hex(6)}@163.com deferred 451 (greylisted), retry in 300s", {"instance": pod}


def _billing(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "qx-billing", t)
    roll = w.rng.random()
    tenant = w.rng.choice(TENANTS)[0]
    if roll < 0.5:
        if _inside("stmt", t) and t >= _t("20:25"):
            return "WARN", BILLING_SLOW.format(t=tenant, ms=w.ms(2200, 7800)), {"instance": pod, "log_type": "access"}
        return "INFO", f"GET /v1/packages/{tenant}/balance 200 took={w.ms(4, 30)}ms", {"instance": pod, "log_type": "access"}
    if roll < 0.9:
        return "INFO", f"deducted 1 contract from package of tenant {tenant} (remaining {w.rng.randint(200, 90000)})", {
            "instance": pod}
    return "WARN", f"package of tenant {tenant} below 10% ({w.rng.randint(20, 900)} contracts left), reminder sent", {
        "instance": pod}


def _node(w: WorldBuilder, t: dt.datetime) -> Line:
    node = w.rng.choice(NODES)
    roll = w.rng.random()
    stamp = f"I{t:%m%d} {t:%H:%M:%S}.{w.rng.randint(100000, 999999)}"
    if roll < 0.4:
        return "INFO", (f'kubelet[1402]: {stamp} image_gc_manager.go:391] "Disk usage on image filesystem is below the low '
                        f'threshold" usage={w.rng.randint(21, 58)} lowThreshold=80'), {"instance": node}
    if roll < 0.7:
        return "INFO", f"systemd[1]: Started Session {w.rng.randint(1000, 9000)} of User root.", {"instance": node}
    return "INFO", (f"chronyd[{w.rng.randint(700, 900)}]: Selected source 100.100.61.88 (ntp.cloud), offset "
                    f"{w.rng.uniform(-0.4, 0.4):.3f}ms"), {"instance": node}


NOISE = {
    "qx-gateway": (_gateway, 30), "qx-auth": (_auth, 60), "qx-realname": (_realname, 60), "qx-ca": (_ca, 240),
    "qx-sign": (_sign, 60), "qx-tsa": (_tsa, 60), "qx-verify": (_verify, 90), "qx-archive": (_archive, 60),
    "qx-evidence": (_evidence, 120), "qx-flow": (_flow_noise, 60), "qx-template": (_template, 90), "qx-notify": (_notify, 60),
    "qx-billing": (_billing, 60), "qx-k8s-node": (_node, 420),
}


def _ms(delta_ms: int) -> dt.timedelta:
    return dt.timedelta(milliseconds=delta_ms)


# --- Incident 1: the node without an entropy source ------------------------------------------------------
#: The failure ratio of event-certificate issuance: (clock, %) keyframes; the peak is what the question asks.
CA_FAIL: Keyframes = [(START, 0.0), (_t("08:20"), 0.1), (_t("08:41"), 6.2), (_t("09:30"), 19.5), (_t("10:06"), 30.9),
                      (_t("10:07"), CA_FAIL_PEAK), (_t("10:08"), 30.6), (_t("11:00"), 24.0), (_t("11:20"), 22.5),
                      (_t("11:22"), 0.3), (REFERENCE, 0.1)]
ENTROPY_BAD: Keyframes = [(START, 3050), (_t("00:40"), 3080), (_t("00:42"), 160), (_t("03:00"), 240), (_t("07:00"), 260),
                          (_t("08:20"), 45), (_t("11:20"), 38), (_t("11:21"), 3100), (REFERENCE, 3150)]


def ca_entropy(w: WorldBuilder) -> None:
    node, ca = "qx-k8s-node", "qx-ca"
    w.log(_t("00:40:12.204"), node, "INFO", HOST_MIGRATED, instance=BAD_NODE, trace=False, source="cloud-events")
    w.log(_t("00:41:03.118"), node, "WARN", RNGD_NO_DEVICE, instance=BAD_NODE, trace=False)
    w.log(_t("00:41:03.120"), node, "ERROR", RNGD_EXIT, instance=BAD_NODE, trace=False)
    w.log(_t("00:41:03.330"), node, "WARN", RNGD_FAILED, instance=BAD_NODE, trace=False)
    w.log(_t("08:05:10.441"), ca, "INFO", CA_VALIDITY, instance=CA_PODS[3], change="config")
    a, b = WINDOWS["entropy"]
    for moment in _traffic(w, (10, 32), (90, 300)):
        pod = w.rng.choice(CA_PODS)
        uid, flow, sn = _uid(w), _flow(w), w.hex(16).upper()
        if pod in CA_ON_BAD and a <= moment < b:
            if w.rng.random() < 0.65:
                w.log(moment, ca, "ERROR", CERT_TIMEOUT.format(uid=uid, flow=flow), instance=pod)
            else:
                w.log(moment, ca, "WARN", CERT_SLOW.format(uid=uid, flow=flow, kg=w.ms(6000, 28500), sn=sn, ra=w.ms(40, 160)),
                      instance=pod)
        elif pod in CA_ON_BAD and _t("00:42") <= moment < a:
            w.log(moment, ca, "WARN", CERT_SLOW.format(uid=uid, flow=flow, kg=w.ms(1500, 7200), sn=sn, ra=w.ms(40, 160)),
                  instance=pod)
        else:
            w.log(moment, ca, "INFO", CERT_OK.format(uid=uid, flow=flow, kg=w.ms(2, 15), sn=sn, ra=w.ms(40, 160)), instance=pod)
    _ops(w, "09:55:20.118", ca, "ca_oncall_pengfei: 签署方反馈“证书签发超时”，重试有时能过；超时都出在 qx-ca 的两个 Pod 上，其余 4 个"
         "正常，AXCA RA 接口耗时正常")
    w.log(_t("11:20:10.204"), node, "INFO", HAVEGED_FIX, instance=BAD_NODE, trace=False, change="ops")
    w.alert("CaCertIssueFailuresHigh", ca, "warning", _t("08:41"), _t("11:35"), CA_FAIL_ALERT_VALUE,
            f"事件证书签发失败率 {CA_FAIL_ALERT_VALUE}，超过阈值 5%", namespace=NS)


# --- Incident 2: the bulk revocation's CRL that the verifier cannot fetch ---------------------------------------
CRL_FETCHED_AT = _t("10:40:36")


def verify_crl(w: WorldBuilder) -> None:
    ca, verify = "qx-ca", "qx-verify"
    pods = ROLLOUTS[verify][0][1]
    w.log(_t("01:30:05.118"), ca, "INFO", REVOKE_START, instance="revoke-batch", trace=False, job="revoke-batch")
    for index, moment in enumerate(_every(w, "01:35:00", "01:58:00", 290, 310)):
        w.log(moment, ca, "INFO", f"revoke-batch RB-20270331-01: {min(186_412, 33_000 * (index + 1)):,}/186,412 revoked",
              instance="revoke-batch", trace=False)
    w.log(_t("01:58:36.204"), ca, "INFO", REVOKE_DONE, instance="revoke-batch", trace=False, job="revoke-batch")
    w.log(_t("02:05:40.330"), ca, "INFO", CRL_PUBLISHED, instance="crl-watch", trace=False)
    w.log(_t("07:30:10.441"), verify, "INFO", VERIFY_DECOY, instance=pods[0], change="config")
    for moment in _every(w, START + dt.timedelta(minutes=3), "08:05:00", 3600, 3600):
        w.log(moment, verify, "INFO", CRL_CACHED, instance=w.rng.choice(pods), trace=False)
    a, b = WINDOWS["crl"]
    for index, pod in enumerate(pods):
        expired = a + _ms(300 * index + w.rng.randint(0, 200))
        w.log(expired, verify, "WARN", CRL_EXPIRED, instance=pod, trace=False)
        for moment in _every(w, expired + dt.timedelta(seconds=10), _t("10:40:10"), 300, 300):
            w.log(moment, verify, "ERROR", CRL_FETCH_FAIL.format(got=f"{w.rng.uniform(17.5, 21.5):.1f}"), instance=pod,
                  trace=False)
    w.log(_t("10:40:10.118"), verify, "INFO", VERIFY_FIX, instance=pods[1], change="config")
    for index, pod in enumerate(pods):
        w.log(CRL_FETCHED_AT + _ms(3900 * index + w.rng.randint(0, 900)), verify, "INFO",
              CRL_FETCHED.format(s=f"{w.rng.uniform(24.5, 28.5):.1f}"), instance=pod, trace=False)
    for moment in _traffic(w, (16, 55), (150, 450)):
        pod = _pod(w, verify, moment)
        tenant = w.rng.choice(TENANTS)[0]
        req = f"VR{w.rng.randint(10**8, 10**9 - 1)}"
        if w.rng.random() < 0.85:
            if a <= moment < b:
                w.log(moment, verify, "WARN", VERIFY_UNKNOWN.format(req=req, tenant=tenant, sn=w.hex(16).upper()), instance=pod)
                continue
            crl = "CRL AXCA-SM2-CA #20270330" if moment < a else "CRL AXCA-SM2-CA #20270331"
        else:
            crl = f"CRL SACA-RSA-CA #{moment:%Y%m%d}"
        w.log(moment, verify, "INFO", VERIFY_OK.format(req=req, tenant=tenant, n=w.rng.randint(1, 3), crl=crl,
                                                       ms=w.ms(30, 160)), instance=pod)
    _ops(w, "08:50:30.204", verify, "verify_oncall_maoli: API 客户反馈 8 点后验签接口大量返回“吊销状态未知”，签名本身都完整；"
         "SACA 的证书验签正常")
    w.alert("VerifyRevocationUnknownHigh", verify, "warning", _t("08:07"), _t("10:50"), "41.0%",
            "验签吊销状态未知比例 41.0%，超过阈值 5%", namespace=NS)


# --- Incidents 3 and 4: qx-sign's morning (the archive's optimize-on-save) and afternoon (the bank's 骑缝章) ----------
def sign_traffic(w: WorldBuilder) -> None:
    sign, archive, flow_service = "qx-sign", "qx-archive", "qx-flow"
    archive_pods = ROLLOUTS[archive][0][1]
    w.log(_t("09:15:10.204"), sign, "INFO", SIGN_DATE_FORMAT, instance=ROLLOUTS[sign][0][1][2], change="config")
    w.log(OPT_ON, archive, "INFO", ARCHIVE_OPTIMIZE, instance=archive_pods[0], change="config")
    w.log(OPT_OFF, archive, "INFO", ARCHIVE_OPTIMIZE_OFF, instance=archive_pods[1], change="config")
    w.log(OPT_RESTORED, archive, "INFO", ARCHIVE_RESTORED.format(n="1,386"), instance=archive_pods[2], trace=False)
    w.log(_t("12:40:10.330"), sign, "INFO", SIGN_DEPLOY, instance=ROLLOUTS[sign][1][1][0], change="deploy")
    _rolled(w, sign, 1, "Started SignApplication in {s} seconds (seal stamper, perforation seal, TSA client qx-tsa)",
            "Commencing graceful shutdown. Waiting for active requests to complete")
    for moment in _traffic(w, (12, 36), (120, 360)):
        pod = _pod(w, sign, moment)
        tenant = w.rng.choice(TENANTS[1:])  # the bank's loans come in its own batch
        n = w.rng.choice((1, 2, 2, 2, 3))
        i = w.rng.randint(1, n)
        pages = w.rng.choice((2, 3, 4, 6, 8, 12, 18, 26, 40)) if w.rng.random() < 0.97 else w.rng.randint(60, 320)
        flow, doc = _flow(w), _doc(w)
        if i >= 2:
            first = moment - dt.timedelta(minutes=w.rng.randint(3, 100), seconds=w.rng.randint(0, 59))
            if OPT_ON <= first < OPT_OFF and moment < OPT_RESTORED:
                size = w.rng.uniform(0.6, 6.0)
                w.log(first, archive, "INFO", SAVED_OPTIMIZED.format(doc=doc, v=2, i=1, n=n, a=size, b=size * 0.62),
                      instance=w.rng.choice(archive_pods))
                trace = w.hex(32)
                w.log(moment, sign, "ERROR", SIGN_MODIFIED.format(flow=flow, i=i, n=n, role=ROLES[i - 1], doc=doc,
                                                                  first=f"甲方 {tenant[1]}"), instance=pod, trace_id=trace)
                w.log(moment + _ms(w.rng.randint(80, 300)), flow_service, "WARN",
                      f"flow {flow} paused at signer {i}/{n}: qx-sign returned SIGN_REJECTED_DOC_MODIFIED",
                      instance=_pod(w, flow_service, moment), trace_id=trace)
                continue
        perf = ""
        if i == 1 and pages >= 4 and w.rng.random() < 0.4:
            perf = PERF_ONE.format(pages=pages, w=SEAL_PX // pages)
        w.log(moment, sign, "INFO", SIGN_OK.format(flow=flow, i=i, n=n, role=ROLES[i - 1], doc=doc, pages=pages, perf=perf,
                                                   ms=w.ms(180, 900)), instance=pod)
        if w.rng.random() < 0.5:
            size = w.rng.uniform(0.6, 6.0)
            saved = moment + _ms(w.rng.randint(200, 900))
            if i < n and OPT_ON <= saved < OPT_OFF:
                w.log(saved, archive, "INFO", SAVED_OPTIMIZED.format(doc=doc, v=i + 1, i=i, n=n, a=size, b=size * 0.62),
                      instance=w.rng.choice(archive_pods))
            else:
                w.log(saved, archive, "INFO", SAVED_PLAIN.format(doc=doc, v=i + 1, i=i, n=n, a=size),
                      instance=w.rng.choice(archive_pods))
    _ops(w, "10:20:40.441", sign, "sign_oncall_dongmei: 多方合同第二方签署时报“文档已被修改”签不下去；第一方都是 9:30 以后签的，"
         "单方合同和 9:30 以前第一方已签的都正常")
    w.alert("SignDocModifiedRejects", sign, "warning", _t("09:55"), _t("12:05"), "14 份/10分钟",
            "签署因已有签名失效被拒 14 份/10分钟，超过阈值 5", namespace=NS)
    # Afternoon: the bank's quarter-end loans over 496 pages, and the one of the morning.
    early_flow, early_doc, early_pages, early_tenant = EARLY_BIG
    w.log(_t("09:47:21.551"), sign, "ERROR", SIGN_PERF_FAIL.format(flow=early_flow, i=1, n=2, role="甲方", doc=early_doc,
                                                                   pages=early_pages), instance=_pod(w, sign, _t("09:47:21")))
    w.log(_t("09:47:21.880"), flow_service, "WARN", f"flow {early_flow} of tenant T-31007 {early_tenant} failed at signer 1/2: "
          "qx-sign SIGN_FAILED", instance=_pod(w, flow_service, _t("09:47:21")))
    w.log(_t("13:02:40.118"), flow_service, "INFO", BANK_BATCH, instance=ROLLOUTS[flow_service][0][1][0], trace=False)
    failed = 0
    for moment in _every(w, "13:05:00", PERF_FIX_AT, 8, 20):
        pages = w.rng.randint(512, 648)
        flow, doc = _flow(w), _doc(w)
        trace = w.hex(32)
        w.log(moment, sign, "ERROR", SIGN_PERF_FAIL.format(flow=flow, i=2, n=2, role=BANK, doc=doc, pages=pages),
              instance=_pod(w, sign, moment), trace_id=trace)
        failed += 1
        if w.rng.random() < 0.3:
            w.log(moment + _ms(w.rng.randint(80, 300)), flow_service, "WARN",
                  f"flow {flow} (batch BATCH-JC-20270331-LOAN) failed at signer 2/2: qx-sign SIGN_FAILED",
                  instance=_pod(w, flow_service, moment), trace_id=trace)
    _ops(w, "13:50:10.204", sign, f"sign_oncall_dongmei: {BANK}批量贷款合同银行方签署全部失败，其他客户正常；12:40 刚发过 6.8.1")
    w.log(PERF_FIX_AT, sign, "INFO", SIGN_PERF_FIX, instance=ROLLOUTS[sign][1][1][1], change="config")
    w.log(_t("16:14:30.330"), flow_service, "INFO", BATCH_RETRY.format(n=f"{failed * 2:,}"),
          instance=ROLLOUTS[flow_service][0][1][1], trace=False)
    for moment in _every(w, "16:15:00", "16:58:00", 6, 16):
        pages = w.rng.randint(512, 648)
        groups = -(-pages // 100)
        w.log(moment, sign, "INFO", SIGN_OK.format(flow=_flow(w), i=2, n=2, role=BANK, doc=_doc(w), pages=pages,
                                                   perf=PERF_GROUPS.format(pages=pages, g=groups, w=SEAL_PX // 100),
                                                   ms=w.ms(900, 2600)), instance=_pod(w, sign, moment))
    w.log(_t("18:30:10.441"), sign, "INFO", SIGN_BATCH_MAX, instance=ROLLOUTS[sign][1][1][2], change="config")
    w.alert("SignFailuresHigh", sign, "warning", _t("13:20"), _t("16:20"), "38 份/10分钟",
            "签署失败 38 份/10分钟，超过阈值 20", namespace=NS)


# --- Incident 5: the chain node's restart and the nonce gap ----------------------------------------------------
#: The evidence hashes waiting for an anchor: (clock, count) keyframes; the peak is what the question asks.
PENDING: Keyframes = [(START, 180), (_t("09:05"), 220), (_t("09:40"), 5120), (_t("10:30"), 14200), (_t("11:47"), 23600),
                      (_t("11:48"), PENDING_PEAK), (_t("11:49"), 23690), (_t("11:50"), 23650), (_t("12:10"), 9000),
                      (_t("12:40"), 300), (REFERENCE, 200)]
DROPPED_AT = _t("09:04:58.317")


def _block(t: dt.datetime) -> int:
    """The chain's height at ``t`` (a block every three seconds)."""
    return 5_800_000 + int((t - START).total_seconds() // 3)

RESEND_AT = _t("11:50:10.204")


def evidence_nonce(w: WorldBuilder) -> None:
    ev = "qx-evidence"
    pods = ROLLOUTS[ev][0][1]
    w.log(_t("08:40:10.118"), ev, "INFO", EVIDENCE_BATCH, instance=pods[0], change="config")
    before = _every(w, START + dt.timedelta(seconds=20), "09:04:40", 45, 75)
    after = _every(w, "09:06:10", REFERENCE, 45, 75)
    batches = [*before, DROPPED_AT, *after]
    first_nonce = DROPPED_NONCE - len(before)
    pending: list[tuple[dt.datetime, str, int, int]] = []
    for index, moment in enumerate(batches):
        nonce = first_nonce + index
        batch = f"AB{moment:%m%d}{index:05d}"
        hashes = w.rng.randint(40, 200) if moment < _t("08:40:10") else w.rng.randint(120, 500)
        tx = w.hex(16)
        pod = w.rng.choice(pods)
        w.log(moment, ev, "INFO", ANCHOR_SENT.format(b=batch, n=hashes, root=w.hex(16), tx=tx, k=nonce), instance=pod)
        if DROPPED_AT <= moment < RESEND_AT:
            pending.append((moment, batch, nonce, hashes))
            continue
        took = w.rng.uniform(2.0, 6.0)
        confirmed = moment + dt.timedelta(seconds=took)
        if moment >= RESEND_AT:
            confirmed = max(confirmed, _t("11:50:40") + _ms(w.rng.randint(0, 900)))
        w.log(confirmed, ev, "INFO", ANCHOR_OK.format(tx=tx, k=nonce, h=_block(confirmed), s=took, n=hashes), instance=pod)
    w.log(_t("09:05:41.118"), ev, "WARN", CHAIN_RESET, instance=pods[1], trace=False)
    for moment in _every(w, "09:10:00", RESEND_AT, 170, 190):
        waiting = [p for p in pending if p[0] < moment - dt.timedelta(minutes=2)]
        sent, batch, nonce, _ = waiting[w.rng.randint(0, min(3, len(waiting) - 1))]
        w.log(moment, ev, "WARN", ANCHOR_PENDING.format(b=batch, k=nonce, m=int((moment - sent).total_seconds() // 60)),
              instance=w.rng.choice(pods), trace=False)
    for moment in _every(w, "09:15:00", RESEND_AT, 300, 300):
        sent_before = [p for p in pending if p[0] < moment]
        w.log(moment, ev, "INFO", CHAIN_NONCE.format(k=sent_before[-1][2] + 1, p=len(sent_before)),
              instance=w.rng.choice(pods), trace=False)
    _ops(w, "10:25:30.330", ev, "evidence_oncall_jiangtao: 衡链运维回复：09:05 hc-node-b2 升级重启，交易池没有持久化，重启前未打包的"
         "交易已丢弃")
    dropped_batch = pending[0][1]
    _ops(w, RESEND_AT, ev, ANCHOR_RESEND.format(b=dropped_batch, tx=w.hex(16)), change="ops")
    w.log(_t("11:50:14.441"), ev, "INFO", ANCHOR_OK.format(tx=w.hex(16), k=DROPPED_NONCE, h=_block(_t("11:50:14")), s=4.2,
                                                         n=pending[0][3]), instance=pods[0])
    w.log(_t("11:50:31.551"), ev, "INFO", ANCHOR_DRAINED.format(k=len(pending) - 1, last=pending[-1][2],
                                                               h1=_block(_t("11:50:14")) + 1, h2=_block(_t("11:50:31")),
                                                               n=f"{sum(p[3] for p in pending[1:]):,}"),
          instance=pods[0], trace=False)
    w.log(_t("12:38:20.118"), ev, "INFO", "evidence certificate backlog cleared: all evidence anchored since 09:05 has its "
          "certificate", instance=pods[2], trace=False)
    w.alert("EvidenceAnchorBacklogHigh", ev, "warning", _t("09:40"), _t("12:35"), PENDING_ALERT_VALUE,
            f"存证上链积压 {PENDING_ALERT_VALUE}，超过阈值 5000", namespace=NS)


# --- Incident 6: the sign password's bcrypt cost ------------------------------------------------------------
AUTH_P99: Keyframes = [(START, 85), (_t("10:30"), 90), (_t("10:35"), 1150), (_t("12:00"), 1280), (_t("13:30"), 1500),
                       (_t("14:08"), 2140), (_t("14:40"), 5200), (_t("15:11"), 8400), (_t("15:12"), AUTH_P99_PEAK),
                       (_t("15:13"), 8350), (_t("16:00"), 7200), (_t("16:30"), 6900), (_t("16:36"), 240), (REFERENCE, 180)]


def auth_bcrypt(w: WorldBuilder) -> None:
    auth = "qx-auth"
    w.log(BCRYPT_ON, auth, "INFO", AUTH_BCRYPT, instance=AUTH_OLD[0], change="config")
    w.log(_t("13:40:10.118"), auth, "INFO", AUTH_DEPLOY, instance=AUTH_NEW[0], change="deploy")
    _rolled(w, auth, 1, "Started AuthApplication in {s} seconds (process running for 31.2)",
            "Commencing graceful shutdown. Waiting for active requests to complete")
    w.log(BCRYPT_OFF, auth, "INFO", AUTH_BCRYPT_FIX, instance=AUTH_NEW[1], change="config")
    _ops(w, "16:32:10.204", auth, AUTH_SCALE, change="ops")
    _rolled(w, auth, 2, "Started AuthApplication in {s} seconds (process running for 30.7)", "")
    for moment in _traffic(w, (10, 30), (90, 300)):
        pod = _pod(w, auth, moment)
        user, flow = _uid(w), _flow(w)
        if moment < BCRYPT_ON:
            w.log(moment, auth, "INFO", AUTH_VERIFY.format(u=user, flow=flow, c=10, ms=w.ms(55, 95)), instance=pod)
        elif moment < BCRYPT_OFF:
            if _inside("bcrypt", moment):
                if w.rng.random() < 0.28:
                    w.log(moment, auth, "ERROR", AUTH_REJECT, instance=pod, log_type="access")
                else:
                    took = w.ms(2500, 9000)
                    w.log(moment, auth, "WARN", AUTH_VERIFY.format(u=user, flow=flow, c=14, ms=took), instance=pod)
            elif moment < _t("12:30") and w.rng.random() < 0.4:
                w.log(moment, auth, "INFO", AUTH_VERIFY.format(u=user, flow=flow, c=10, ms=w.ms(60, 95)), instance=pod)
                w.log(moment + _ms(w.rng.randint(1000, 1300)), auth, "INFO",
                      AUTH_REHASH.format(u=user, a=10, b=14, ms=w.ms(950, 1280)), instance=pod)
            else:
                w.log(moment, auth, "INFO", AUTH_VERIFY.format(u=user, flow=flow, c=14, ms=w.ms(900, 1450)), instance=pod)
        else:
            w.log(moment, auth, "INFO", AUTH_VERIFY.format(u=user, flow=flow, c=11, ms=w.ms(120, 240)), instance=pod)
    _ops(w, "14:35:20.330", auth, "auth_oncall_yangfan: 签署时输完签署密码一直转圈，部分返回 503；qx-auth 的 CPU 打满了；13:40 刚发过 "
         "3.12.1")
    w.alert("SignPasswordVerifySlow", auth, "warning", _t("14:08"), _t("16:45"), AUTH_P99_ALERT_VALUE,
            f"签署密码校验 p99 {AUTH_P99_ALERT_VALUE}，超过阈值 2000ms", namespace=NS)


# --- Incident 7: the PII-masking plugin ahead of the HMAC check ----------------------------------------------
def gateway_plugin(w: WorldBuilder) -> None:
    gw = "qx-gateway"
    pods = ROLLOUTS[gw][0][1]
    w.log(_t("19:10:10.118"), gw, "INFO", GW_TIMEOUT, instance="apisix-admin", trace=False, change="config")
    w.log(GW_ON, gw, "INFO", GW_PLUGIN, instance="apisix-admin", trace=False, change="config")
    for moment in _every(w, GW_ON + dt.timedelta(seconds=5), REFERENCE, 20, 90):
        size = w.rng.randint(900, 4200)
        w.log(moment, gw, "INFO", GW_MASKED.format(k=w.rng.randint(1, 3), path=w.rng.choice(("/v3/contracts",
                                                                                              "/v3/realname/person")),
                                                   a=size, b=size - w.rng.randint(0, 600)), instance=w.rng.choice(pods))
    _ops(w, "21:10:20.330", gw, "gw_oncall_tianyu: 多家 API 客户反馈 19:40 以后调用开放平台报 401 签名不匹配，都用 Python SDK，"
         "Java SDK 的客户正常；回滚已提变更 CHG-0331-77，窗口 21:45")
    w.alert("GatewayAuthFailuresHigh", gw, "warning", _t("19:52"), None, "8.4%", "开放平台签名校验失败率 8.4%，超过阈值 3%",
            namespace=NS)


# --- Incident 8: the quarter-end cash sweep of the payout account -----------------------------------------------
def realname_sweep(w: WorldBuilder) -> None:
    rn = "qx-realname"
    pods = ROLLOUTS[rn][0][1]
    w.log(_t("08:50:10.204"), rn, "INFO", REALNAME_DECOY, instance=pods[0], change="config")
    for moment in _every(w, START + dt.timedelta(minutes=5), REFERENCE, 1800, 1800):
        if moment < SWEEP_AT:
            balance = 48_236.17 + 11.3 * (SWEEP_AT - moment).total_seconds() / 3600
        elif moment < TOPUP_AT:
            balance = 0.0
        else:
            balance = 50_000.0 - 61.7 * (moment - TOPUP_AT).total_seconds() / 3600
        w.log(moment, rn, "INFO", PAYOUT_BALANCE.format(b=f"{balance:,.2f}"), instance="bank-direct", trace=False)
    w.log(SWEEP_AT, rn, "INFO", SWEEP, instance="bank-direct", trace=False)
    for moment in _every(w, "08:00:00", "20:00:00", 90, 300):
        name, bank = w.rng.choice(ENTERPRISES)
        ent = f"ENT{w.rng.randint(10**5, 10**6 - 1)}"
        cents, tail = w.rng.randint(1, 99), w.rng.randint(1000, 9999)
        if SWEEP_AT <= moment < TOPUP_AT:
            w.log(moment, rn, "ERROR", DEPOSIT_FAIL.format(ent=ent, name=name, c=cents, bank=bank, tail=tail,
                                                           vid=f"EV{w.rng.randint(10**7, 10**8 - 1)}"),
                  instance=w.rng.choice(pods))
        else:
            w.log(moment, rn, "INFO", DEPOSIT_OK.format(ent=ent, name=name, c=cents, bank=bank, tail=tail,
                                                        sn=w.rng.randint(10**11, 10**12 - 1)), instance=w.rng.choice(pods))
    _ops(w, "10:40:10.118", rn, "realname_oncall_sunyi: 企业实名的对公打款 9 点以后全部失败，一直显示打款中；个人实名正常")
    _ops(w, "11:05:30.204", rn, "realname_oncall_sunyi: 财务回复：09:00 的季末资金归集 CM-Q-END 把打款账户 *8812 一起归集了；"
         "正在补足备付金并把 *8812 移出归集规则")
    w.log(TOPUP_AT, rn, "INFO", TOPUP, instance="bank-direct", trace=False)
    w.log(_t("11:10:05.330"), rn, "INFO", DEPOSIT_RETRY.format(n=214), instance=pods[1], trace=False)
    w.alert("EnterpriseVerifyPayoutFailures", rn, "warning", _t("09:12"), _t("11:15"), "22 次/10分钟",
            "企业实名打款失败 22 次/10分钟，超过阈值 10", namespace=NS)


# --- Incident 9: the usage-statement CronJob's runs pile up ------------------------------------------------------
STMT_TOTAL = 38_412


def billing_stmt(w: WorldBuilder) -> None:
    billing = "qx-billing"
    moment = START
    while moment < STMT_RUNS[0]:
        job = job_name(STMT_CRON, moment)
        w.log(moment + dt.timedelta(seconds=w.rng.randint(120, 240), milliseconds=w.rng.randint(0, 999)), billing, "INFO",
              STMT_NORMAL.format(job=job, n=f"{w.rng.randint(38_380, 38_412):,}", s=w.rng.randint(110, 230)),
              instance=job_pod(job), trace=False)
        moment += dt.timedelta(minutes=15)
    for index, run in enumerate(STMT_RUNS):
        job = job_name(STMT_CRON, run)
        prev = "" if index == 0 else f" (previous run {job_name(STMT_CRON, STMT_RUNS[index - 1])} still running)"
        w.log(run + _ms(w.rng.randint(4000, 9000)), billing, "INFO",
              STMT_QUARTER.format(job=job, n=f"{STMT_TOTAL:,}", prev=prev), instance=job_pod(job), trace=False)
        for tick in _every(w, run + dt.timedelta(minutes=5), REFERENCE, 300, 300):
            running = sum(1 for r in STMT_RUNS if r <= tick)
            elapsed = int((tick - run).total_seconds() // 60)
            done = min(STMT_TOTAL - 1, int(elapsed * 560 / running))
            w.log(tick, billing, "INFO", STMT_PROGRESS.format(job=job, done=f"{done:,}", total=f"{STMT_TOTAL:,}", m=elapsed),
                  instance=job_pod(job), trace=False)
    for moment in _every(w, "20:40:00", REFERENCE, 30, 120):
        w.log(moment, billing, "ERROR", BILLING_TIMEOUT.format(c=_flow(w)), instance=_pod(w, billing, moment))
    _ops(w, "21:20:10.441", billing, "billing_oncall_caiyu: 账单库 CPU 打满，套餐余量查询要 5 秒左右；现在 6 个 usage-stmt 同时在跑，"
         "季末这次单次要跑 50 分钟以上")
    w.alert("BillingDbCpuHigh", billing, "warning", _t("20:38"), None, "91%", "计费库 CPU 91%，超过阈值 85%", namespace=NS)


# --- Incident 10: the template account's password lifetime -----------------------------------------------------
def _template_failure(t: dt.datetime) -> float:
    if not _inside("password", t):
        return 0.0
    ramp = (t - PW_EXPIRES).total_seconds() / (30 * 60)
    return min(0.97, 0.02 + 0.95 * ramp)


def _pool_total(t: dt.datetime) -> int:
    if t < PW_EXPIRES or t >= PW_FIXED + dt.timedelta(minutes=1):
        return 20
    if t >= PW_FIXED:
        return 8
    return max(0, round(20 - 20 * (t - PW_EXPIRES).total_seconds() / (30 * 60)))


def template_password(w: WorldBuilder) -> None:
    tpl = "qx-template"
    w.log(_t("08:30:10.118"), tpl, "INFO", TPL_DEPLOY, instance=ROLLOUTS[tpl][1][1][0], change="deploy")
    _rolled(w, tpl, 1, "Started TemplateApplication in {s} seconds (HikariPool-1 - Start completed, 20 connections)",
            "Commencing graceful shutdown. Waiting for active requests to complete")
    for moment in _traffic(w, (15, 45), (150, 450)):
        pod = _pod(w, tpl, moment)
        tenant = w.rng.choice(TENANTS)[0]
        template = w.rng.choice(TEMPLATES)
        if w.rng.random() < _template_failure(moment):
            w.log(moment, tpl, "ERROR", TPL_FAIL.format(tpl=template, t=tenant), instance=pod)
        else:
            w.log(moment, tpl, "INFO", TPL_OK.format(tpl=template, t=tenant, n=w.rng.randint(8, 40), doc=_doc(w),
                                                     pages=w.rng.randint(2, 30), ms=w.ms(40, 260)), instance=pod)
    for moment in _every(w, START + dt.timedelta(minutes=2), REFERENCE, 600, 600):
        if _t("09:00") <= moment < _t("10:30"):
            continue
        w.log(moment, tpl, "INFO", TPL_POOL.format(total=20, a=w.rng.randint(1, 6), i=14, wt=0),
              instance=_pod(w, tpl, moment), trace=False)
    for moment in _every(w, "09:00:30", "10:30:00", 120, 120):
        total = _pool_total(moment)
        active = min(total, w.rng.randint(1, 6))
        waiting = 0 if total >= 6 else w.rng.randint(3, 12)
        w.log(moment, tpl, "WARN" if waiting else "INFO", TPL_POOL.format(total=total, a=active, i=total - active, wt=waiting),
              instance=_pod(w, tpl, moment), trace=False)
    for moment in _every(w, PW_EXPIRES + dt.timedelta(seconds=20), PW_FIXED, 20, 60):
        w.log(moment, tpl, "WARN", TPL_CONN_FAIL, instance=_pod(w, tpl, moment), trace=False)
    _ops(w, "09:50:20.118", tpl, "template_oncall_ruoxi: 模板发起合同 9:15 起失败越来越多，连接池里的连接一个个没了、新建连接全失败；"
         "8:30 刚发了 4.3.0")
    w.log(PW_FIXED, tpl, "INFO", TPL_DBA_FIX, instance="dba-console", trace=False, change="ops")
    w.alert("TemplateCreateFailuresHigh", tpl, "warning", _t("09:25"), _t("10:25"), "12.4%",
            "模板发起合同失败率 12.4%，超过阈值 5%", namespace=NS)


# --- Unrelated: the storage blip, the deadlines; the healthy services' changes -----------------------------------
def other_events(w: WorldBuilder) -> None:
    archive = "qx-archive"
    for moment in _every(w, "14:40:10", "14:55:00", 15, 60):
        w.log(moment, archive, "WARN", f"upload oss://qx-contracts/20270331/{w.hex(12)}.pdf took {w.rng.uniform(11, 24):.1f}s "
              f"(object storage cn-hangzhou slow), retrying part {w.rng.randint(2, 6)}", instance=_pod(w, archive, moment))
    _ops(w, "15:02:10.118", archive, "archive_oncall_ximeng: 云厂商状态页：华东1 对象存储 14:40–14:55 部分请求延迟升高，已恢复，"
         "上传已全部补传")
    w.alert("ArchiveUploadSlow", archive, "warning", _t("14:43"), _t("14:57"), "21.4s", "合同上传 p99 21.4s，超过阈值 10s",
            namespace=NS)
    flow = "qx-flow"
    for index, moment in enumerate(_every(w, "18:00:05", REFERENCE, 1800, 1800)):
        w.log(moment, flow, "INFO", f"deadline watch: {4_820 - 310 * index:,} flows with deadline 2027-03-31 23:59 not yet "
              "completed (reminders sent)", instance=ROLLOUTS[flow][0][1][2], trace=False)
    w.alert("FlowsExpiringToday", flow, "info", _t("18:00"), None, "4820 份",
            "今天 23:59 截止、尚未签完的合同 4820 份，超过阈值 3000（已发催签）", namespace=NS)
    w.log(_t("10:00:10.204"), "qx-tsa", "INFO", TSA_POOL, instance=ROLLOUTS["qx-tsa"][0][1][0], change="config")
    notify = "qx-notify"
    w.log(_t("14:30:10.330"), notify, "INFO", NOTIFY_DEPLOY, instance=ROLLOUTS[notify][1][1][0], change="deploy")
    _rolled(w, notify, 1, "Started NotifyApplication in {s} seconds (process running for 27.5)",
            "Commencing graceful shutdown. Waiting for active requests to complete")


# --- Kubernetes state at 21:30 -------------------------------------------------------------------------
#: (service, revision, rolled out, change cause, image tag) of every Deployment
STEADY = (
    ("qx-gateway", 58, "2027-03-16T21:00:00+08:00", "release qx-gateway 2.19.4", "2.19.4"),
    ("qx-auth", 77, "2027-03-31T13:40:10+08:00", "release qx-auth 3.12.1 (pipeline #5517)", "3.12.1"),
    ("qx-realname", 44, "2027-03-18T21:00:00+08:00", "release qx-realname 2.6.2", "2.6.2"),
    ("qx-ca", 39, "2027-03-10T21:00:00+08:00", "release qx-ca 2.7.3", "2.7.3"),
    ("qx-sign", 121, "2027-03-31T12:40:10+08:00", "release qx-sign 6.8.1 (pipeline #5521)", "6.8.1"),
    ("qx-tsa", 23, "2027-02-24T21:00:00+08:00", "release qx-tsa 1.14.2", "1.14.2"),
    ("qx-verify", 51, "2027-03-17T21:00:00+08:00", "release qx-verify 3.5.1", "3.5.1"),
    ("qx-archive", 33, "2027-03-09T21:00:00+08:00", "release qx-archive 4.0.6", "4.0.6"),
    ("qx-evidence", 28, "2027-03-02T21:00:00+08:00", "release qx-evidence 2.3.0", "2.3.0"),
    ("qx-flow", 96, "2027-03-24T21:00:00+08:00", "release qx-flow 5.9.2", "5.9.2"),
    ("qx-template", 62, "2027-03-31T08:30:10+08:00", "release qx-template 4.3.0 (pipeline #5508)", "4.3.0"),
    ("qx-notify", 47, "2027-03-31T14:30:10+08:00", "release qx-notify 5.2.0 (pipeline #5519)", "5.2.0"),
    ("qx-billing", 35, "2027-03-11T21:00:00+08:00", "release qx-billing 3.3.4", "3.3.4"),
)
#: The usage-statement runs kept as job pods: the last three that finished, and the six still running.
STMT_DONE = (_t("19:15"), _t("19:30"), _t("19:45"))


def k8s_state(w: WorldBuilder) -> None:
    for service, revision, changed, cause, tag in STEADY:
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
    for run in STMT_DONE:
        pod = job_pod(job_name(STMT_CRON, run))
        w.pod(namespace=NS, name=pod, service="qx-billing", phase="Succeeded", ready="0/1", restarts=0, last_termination=None,
              waiting_reason=None, node=node_of(pod), observed_at=REFERENCE)
    for run in STMT_RUNS:
        pod = job_pod(job_name(STMT_CRON, run))
        w.pod(namespace=NS, name=pod, service="qx-billing", phase="Running", ready="1/1", restarts=0, last_termination=None,
              waiting_reason=None, node=node_of(pod), observed_at=REFERENCE)
    # Events are what the API server keeps for an hour after their last update: the CronJob's latest runs.
    for run in STMT_RUNS:
        if REFERENCE - run <= dt.timedelta(hours=1):
            at = run + _ms(200)
            w.event(type="Normal", reason="SuccessfulCreate", object=f"CronJob/{STMT_CRON}",
                    message=f"Created job {job_name(STMT_CRON, run)}", count=1, first_seen=at, last_seen=at)
            w.event(type="Normal", reason="SuccessfulCreate", object=f"Job/{job_name(STMT_CRON, run)}",
                    message=f"Created pod: {job_pod(job_name(STMT_CRON, run))}", count=1, first_seen=at, last_seen=at)


# --- Metrics --------------------------------------------------------------------------------------------
def build_metrics(w: WorldBuilder) -> None:
    at = w.at
    night = [(at("00:30"), at("01:00")), (at("01:55"), at("02:15"))]
    morning = [(at("07:30"), at("12:45"))]
    afternoon = [(at("13:00"), at("17:00"))]
    evening = [(at("19:00"), REFERENCE)]
    for node, frames in ((BAD_NODE, ENTROPY_BAD), ("qx-k8s-node-06", [(START, 3020), (at("12:00"), 3070), (REFERENCE, 3040)])):
        w.series("node_entropy_available_bits", "qx-k8s-node", "bits", frames, start=START, fine=night + morning, spread=15,
                 digits=0, node=node)
    w.series("ca_event_cert_issue_failure_ratio", "qx-ca", "%", CA_FAIL, start=START, fine=morning, spread=0.3, digits=1,
             threshold=5)
    w.series("ca_event_cert_issued_per_min", "qx-ca", "张",
             [(START, 40), (at("03:00"), 6), (at("08:00"), 160), (at("10:00"), 420), (at("15:00"), 610), (at("19:00"), 380),
              (REFERENCE, 210)], start=START, spread=12, digits=0)
    w.series("ca_crl_size_mb", "qx-ca", "MB", [(START, 1.9), (at("02:05"), 1.9), (at("02:06"), 47.6), (REFERENCE, 47.6)],
             start=START, fine=night, digits=1, ca="AXCA-SM2-CA")
    w.series("verify_revocation_unknown_ratio", "qx-verify", "%",
             [(START, 0.0), (at("08:05"), 0.2), (at("08:06"), 41.0), (at("08:08"), 86.3), (at("10:40"), 85.1), (at("10:42"), 0.3),
              (REFERENCE, 0.1)], start=START, fine=morning, spread=0.8, digits=1, threshold=5)
    w.series("sign_doc_modified_rejects_per_10m", "qx-sign", "份",
             [(START, 0), (at("09:33"), 0), (at("09:55"), 14), (at("10:40"), 26), (at("11:50"), 21), (at("12:00"), 2),
              (at("12:05"), 0), (REFERENCE, 0)], start=START, fine=morning, spread=1, digits=0, threshold=5)
    w.series("sign_failures_per_10m", "qx-sign", "份",
             [(START, 1), (at("13:05"), 1), (at("13:20"), 38), (at("14:30"), 61), (at("16:10"), 57), (at("16:20"), 2),
              (REFERENCE, 1)], start=START, fine=afternoon, spread=2, digits=0, threshold=20)
    w.series("sign_requests_per_min", "qx-sign", "份",
             [(START, 30), (at("03:00"), 4), (at("09:00"), 180), (at("13:05"), 260), (at("16:00"), 290), (at("19:00"), 210),
              (REFERENCE, 150)], start=START, spread=10, digits=0)
    w.series("archive_upload_p99_ms", "qx-archive", "ms",
             [(START, 620), (at("14:40"), 650), (at("14:44"), 21400), (at("14:55"), 18800), (at("14:58"), 700), (REFERENCE, 640)],
             start=START, fine=afternoon, spread=40, digits=0, threshold=10000)
    w.series("evidence_anchor_pending", "qx-evidence", "条", PENDING, start=START, fine=morning, spread=60, digits=0,
             threshold=5000)
    w.series("auth_sign_password_verify_p99_ms", "qx-auth", "ms", AUTH_P99, start=START, fine=morning + afternoon, spread=40,
             digits=0, threshold=2000)
    w.series("auth_cpu_usage_percent", "qx-auth", "%",
             [(START, 12), (at("10:30"), 24), (at("10:35"), 52), (at("12:00"), 61), (at("14:00"), 94), (at("15:12"), 99),
              (at("16:30"), 97), (at("16:36"), 28), (REFERENCE, 22)], start=START, fine=afternoon, spread=1.5, digits=1)
    w.series("gateway_auth_failure_ratio", "qx-gateway", "%",
             [(START, 0.3), (at("19:40"), 0.3), (at("19:45"), 6.0), (at("19:52"), 8.4), (at("20:30"), 12.7), (at("21:00"), 11.9),
              (REFERENCE, 10.8)], start=START, fine=evening, spread=0.3, digits=1, threshold=3)
    w.series("gateway_requests_per_sec", "qx-gateway", "次/秒",
             [(START, 90), (at("03:00"), 15), (at("09:00"), 420), (at("15:00"), 610), (at("20:00"), 540), (REFERENCE, 380)],
             start=START, spread=15, digits=0)
    w.series("realname_payout_failures_per_10m", "qx-realname", "次",
             [(START, 0), (at("09:00"), 0), (at("09:12"), 22), (at("10:30"), 31), (at("11:08"), 27), (at("11:12"), 0),
              (REFERENCE, 0)], start=START, fine=morning, spread=1, digits=0, threshold=10)
    w.series("billing_mysql_cpu_percent", "qx-billing", "%",
             [(START, 18), (at("20:00"), 22), (at("20:15"), 48), (at("20:30"), 79), (at("20:38"), 91), (at("21:00"), 98.5),
              (REFERENCE, 99.2)], start=START, fine=evening, spread=1.0, digits=1, threshold=85)
    w.series("billing_stmt_jobs_running", "qx-billing", "个",
             [(START, 0), (STMT_RUNS[0] - dt.timedelta(minutes=1), 0), *[(run, k) for k, run in enumerate(STMT_RUNS, 1)],
              (REFERENCE, 6)], start=at("18:00"), fine=evening, digits=0)
    w.series("template_create_failure_ratio", "qx-template", "%",
             [(START, 0.1), (at("09:12"), 0.2), (at("09:20"), 8.5), (at("09:25"), 12.4), (at("09:35"), 46.0),
              (at("09:43"), 96.2), (at("10:15"), 95.4), (at("10:17"), 0.4), (REFERENCE, 0.1)], start=START, fine=morning,
             spread=0.4, digits=1, threshold=5)
    w.series("flows_expiring_today", "qx-flow", "份",
             [(START, 9_800), (at("09:00"), 9_200), (at("15:00"), 6_400), (at("18:00"), 4_820), (REFERENCE, 3_270)],
             start=START, spread=30, digits=0, threshold=3000)
    for service, p99, threshold in (("qx-tsa", 140, 1000), ("qx-notify", 210, 2000)):
        w.series("http_5xx_ratio", service, "%", [(START, 0.02), (at("15:00"), 0.18), (at("17:00"), 0.06), (REFERENCE, 0.03)],
                 start=START, spread=0.02, digits=2, threshold=2)
        w.series("http_p99_latency", service, "ms", [(START, p99 - 40), (at("15:00"), p99 + 230), (at("18:00"), p99 + 20),
                                                     (REFERENCE, p99)], start=START, spread=15, digits=0, threshold=threshold)


# --- Runbooks (the company's wiki, as the teams wrote them) ------------------------------------------------
RUNBOOKS: list[tuple[str, str, str]] = [
    ("runbooks/ca/issue-failures.md", "事件证书签发失败处理手册", runbook(
        "事件证书签发失败处理手册", "适用于 qx-ca 事件证书签发超时、失败率升高。",
        ["CaCertIssueFailuresHigh：事件证书签发失败率超过 5%"],
        ["按失败原因与 Pod 分组：失败集中在 AXCA RA 调用还是本地密钥生成，是否集中在部分 Pod、这些 Pod 在哪些节点。",
         "对本地密钥生成慢：看所在节点的熵池（node_entropy_available_bits）与 rngd / virtio-rng 状态。",
         "查节点最近的变更与云厂商事件（迁移、重启）。"],
        ["节点熵源缺失，阻塞随机源取不到熵。", "AXCA RA 接口慢或限流。", "RA 连接池耗尽。"],
        ["恢复节点熵源（virtio-rng / rngd，或临时启用 haveged），必要时 cordon 节点并迁走 Pod；RA 问题联系 AXCA。"])),
    ("runbooks/verify/revocation-unknown.md", "验签吊销状态未知处理手册", runbook(
        "验签吊销状态未知处理手册", "适用于 qx-verify 验签结果大量为 REVOCATION_UNKNOWN。",
        ["VerifyRevocationUnknownHigh：吊销状态未知比例超过 5%"],
        ["看各 CA 的 CRL 缓存状态、nextUpdate 与最近一次下载结果。", "核对 CRL 大小与下载超时设置；查 CA 侧最近的批量吊销。"],
        ["CRL 过期后下载失败（超时、过大、地址不通）。", "OCSP 不可用。"],
        ["调大 CRL 下载超时或改用增量 CRL / OCSP，确认新 CRL 已加载。"])),
    ("runbooks/sign/sign-failures.md", "签署失败处理手册", runbook(
        "签署失败处理手册", "适用于 qx-sign 签署失败、被拒升高。",
        ["SignFailuresHigh：签署失败超过 20 份/10分钟", "SignDocModifiedRejects：因已有签名失效被拒超过 5 份/10分钟"],
        ["按失败原因、租户、页数、签署顺序分组。", "对“已有签名失效”：核对文档在两次签署之间是否被改写（存储侧的处理、版本）。",
         "对印章、骑缝章异常：看印章尺寸与文档页数。", "查 qx-sign 与 qx-archive 最近的发布与配置变更。"],
        ["文档在签署之间被改写，原签名的 ByteRange 不再覆盖文件。", "印章或骑缝章参数与文档不匹配。", "时间戳服务不可用。"],
        ["停止改写文档的处理并从版本控制恢复原文件；骑缝章问题调整分组参数后重试批次。"])),
    ("runbooks/evidence/anchor-backlog.md", "存证上链积压处理手册", runbook(
        "存证上链积压处理手册", "适用于 qx-evidence 存证凭证迟迟不出、上链积压。",
        ["EvidenceAnchorBacklogHigh：存证上链积压超过 5000 条"],
        ["看交易是否发出、是否有回执；对比链上账户 nonce 与本地 nonce。", "联系 衡链 运维确认接入节点状态。"],
        ["交易丢失造成 nonce 断档，后续交易全部排队。", "接入节点不可用。", "链上拥堵。"],
        ["补发断档 nonce 的交易；节点不可用时切换备用接入节点。"])),
    ("runbooks/auth/will-auth-slow.md", "意愿认证缓慢处理手册", runbook(
        "意愿认证缓慢处理手册", "适用于 qx-auth 签署密码、短信验证码校验变慢或超时。",
        ["SignPasswordVerifySlow：签署密码校验 p99 超过 2000ms"],
        ["看 CPU 使用率与校验耗时、工作线程池排队。", "查密码哈希参数与最近的发布、配置变更。"],
        ["哈希计算成本上调后 CPU 不足。", "数据库慢。", "流量突增。"],
        ["回调哈希成本或扩容；评估后再分阶段上调。"])),
    ("runbooks/gateway/auth-failures.md", "开放平台签名校验失败处理手册", runbook(
        "开放平台签名校验失败处理手册", "适用于 qx-gateway 开放平台调用大量 401。",
        ["GatewayAuthFailuresHigh：签名校验失败率超过 3%"],
        ["按错误码、客户、SDK 版本分组。", "比较客户签名时的请求体长度与网关收到的长度。", "查网关插件与路由最近的变更。"],
        ["网关在验签前改写了请求体。", "客户密钥轮换未同步。", "客户端时间偏差超出窗口。"],
        ["回滚改写请求体的插件或把它挪到验签之后；密钥问题协助客户更新。"])),
    ("runbooks/realname/payout-failures.md", "企业实名打款失败处理手册", runbook(
        "企业实名打款失败处理手册", "适用于 qx-realname 对公打款失败。",
        ["EnterpriseVerifyPayoutFailures：企业实名打款失败超过 10 次/10分钟"],
        ["看银企直连返回码与打款账户余额。", "联系财务确认账户的资金调度。"],
        ["打款账户余额不足。", "银企直连通道故障。", "收款账户信息错误。"],
        ["补足打款账户余额后重试打款中的认证。"])),
    ("runbooks/billing/db-cpu.md", "计费库 CPU 高处理手册", runbook(
        "计费库 CPU 高处理手册", "适用于 qx-billing 的 MySQL CPU 持续过高。",
        ["BillingDbCpuHigh：计费库 CPU 超过 85%"],
        ["看正在执行的查询与来源；看账单 CronJob 有几个 Job 在同时运行。", "核对 CronJob 的 schedule 与 concurrencyPolicy。"],
        ["账单任务运行时间超过调度间隔，多次运行叠加。", "慢查询。"],
        ["暂停 CronJob（suspend），只保留一个运行；把 concurrencyPolicy 改为 Forbid。"])),
    ("runbooks/template/create-failures.md", "模板发起失败处理手册", runbook(
        "模板发起失败处理手册", "适用于 qx-template 从模板发起合同失败。",
        ["TemplateCreateFailuresHigh：模板发起失败率超过 5%"],
        ["看连接池状态与新建连接的报错。", "查数据库账号状态（锁定、密码过期）与最近的发布。"],
        ["数据库账号不可用（密码过期、锁定）。", "数据库故障。", "模板变量错误。"],
        ["恢复数据库账号（重置密码或设置不过期），确认连接池恢复。"])),
    ("runbooks/archive/upload-slow.md", "合同上传缓慢处理手册", runbook(
        "合同上传缓慢处理手册", "适用于 qx-archive 上传对象存储变慢。",
        ["ArchiveUploadSlow：合同上传 p99 超过 10s"], ["看云厂商状态页与对象存储的延迟。"], ["对象存储区域性延迟。"],
        ["等待恢复后补传失败的分片。"])),
    ("runbooks/kiosk/offline.md", "线下签约一体机离线处理手册", runbook(
        "线下签约一体机离线处理手册", "适用于营业网点签约一体机无法连接。",
        ["SignKioskOffline"], ["看一体机电源与网络。"], ["一体机死机。", "网点网络中断。"], ["重启签约一体机，切换 4G 热点。"])),
    ("runbooks/realname/face-vendor.md", "人脸识别服务商切换手册", runbook(
        "人脸识别服务商切换手册", "适用于人脸比对服务商整体不可用。",
        ["FaceVendorDown"], ["看服务商状态页与错误码。"], ["服务商故障。"], ["切换备用人脸识别服务商。"])),
]


def build_bundle(seed: int = SEED) -> Json:
    w = WorldBuilder(seed=seed, day=DAY, tz=TZ, reference=REFERENCE, instances=INSTANCES,
                     labels={"env": "prod", "cluster": "qx-prod", "region": "cn-hangzhou"})
    for service, (make, every) in NOISE.items():
        w.noise(service, make, START, every_s=every)
    ca_entropy(w)
    verify_crl(w)
    sign_traffic(w)
    evidence_nonce(w)
    auth_bcrypt(w)
    gateway_plugin(w)
    realname_sweep(w)
    billing_stmt(w)
    template_password(w)
    other_events(w)
    k8s_state(w)
    build_metrics(w)
    documents = [{"title": title, "source": source, "content": content} for source, title, content in RUNBOOKS]
    return w.bundle(name="QiXin 契信签 2027-03-31", services=SERVICES, documents=documents)


# --- Questions ---------------------------------------------------------------------------------
#: Each incident's own words: in another incident's answer, a misattribution.
FAMILY = {
    "entropy": ("rngd", "virtio-rng"),
    "crl": ("RB-20270331-01", "47.6 MB"),
    "optimize": ("optimize-on-save", "STO-1187"),
    "perforation": ("骑缝章", "max-pages-per-group"),
    "nonce": ("hc-node-b2", "on-chain nonce"),
    "bcrypt": ("bcrypt", "SEC-2027-019"),
    "hmac": ("pii-mask", "SIGNATURE_MISMATCH"),
    "sweep": ("CM-Q-END", "资金归集"),
    "stmt": ("usage-stmt", "quarter close mode"),
    "password": ("Your password has expired", "qx_tpl_app"),
}
#: The remedies of the runbooks for problems that did not happen.
UNRELATED_REMEDIES = ("重启签约一体机", "切换备用人脸识别服务商")
FIRING = ("GatewayAuthFailuresHigh", "BillingDbCpuHigh", "FlowsExpiringToday")
INCIDENT_WORDS = tuple(word for words in FAMILY.values() for word in words)


def _not(*own: str, told: tuple[str, ...] = ()) -> tuple[str, ...]:
    """The other incidents' words, plus the unrelated runbooks' remedies — less ``told``: another incident's words the
    asked service itself logs (qx-ca runs the revocation batch behind qx-verify's CRL; qx-sign's morning and afternoon
    incidents share its lines), which name no misattribution when an answer quotes them."""
    return tuple(word for family, words in FAMILY.items() if family not in own for word in words
                 if word not in told) + UNRELATED_REMEDIES


QUESTIONS: tuple[WorldQuestion, ...] = (
    WorldQuestion(
        "esign_ca_issue_cause",
        "上午签合同的时候“证书签发”老是超时，重试一下有时又能过，CA 这边是什么原因？", "cause",
        asked_facts=(fact("CERT_ISSUE_TIMEOUT", "超时", "timed out", "CaCertIssueFailuresHigh"),),
        cause_facts=(fact(BAD_NODE, "node-05", "05 节点"),
                     fact("rngd", "virtio-rng", "entropy", "熵", "/dev/random", "haveged", "live-migrated", "热迁移")),
        forbidden=_not("entropy", told=FAMILY["crl"]), service="qx-ca",
        diagnosis=f"00:40 云厂商计划内维护把 {BAD_NODE} 热迁移到新的物理机，新宿主没有 virtio-rng 设备，rngd 找不到熵源退出，节点"
                  "熵池从约 3000 降到几十 bit（内核 4.19，/dev/random 会阻塞）→ 这台节点上的 2 个 qx-ca Pod 生成事件证书 SM2 "
                  "密钥对时阻塞在 SecureRandom，早上签署量上来后大量 CERT_ISSUE_TIMEOUT；node-06/07 上的 4 个 Pod 正常，所以重试"
                  "可能成功，失败率最高 31.7%（10:07）。11:20 在节点上启用 haveged 后恢复。08:05 的事件证书有效期配置不是原因",
    ),
    WorldQuestion(
        "esign_verify_unknown_cause",
        "早上八点多开始，API 客户调验签接口大量返回“吊销状态未知”，签名本身都是好的，验签服务怎么了？", "cause",
        asked_facts=(fact("REVOCATION_UNKNOWN", "吊销状态未知", "UNKNOWN"),),
        cause_facts=(fact("47.6 MB", "CRL", "吊销列表"),
                     fact("RB-20270331-01", "186,412", "批量吊销", "revoke-batch")),
        forbidden=_not("crl"), service="qx-verify",
        diagnosis="01:30 ca_ops_zhoujie 在 qx-ca 跑了批量吊销 RB-20270331-01（某租户私钥泄露，吊销 186,412 张证书），02:05 AXCA 发布"
                  "的 CRL 从 1.9 MB 涨到 47.6 MB；qx-verify 只在缓存的 CRL 到 nextUpdate（08:05）时才重新下载，10 秒下载超时下"
                  "载不完 47.6 MB → 没有有效 CRL，AXCA 证书的签名一律 REVOCATION_UNKNOWN（SACA 的正常）。10:40 把 "
                  "verify.crl.fetch-timeout 调到 120s 后下载成功恢复。07:30 的验签报告模板配置不是原因",
    ),
    WorldQuestion(
        "esign_sign_modified_cause",
        "上午好多多方合同，第一方签完以后第二方一签就报“文档已被修改”，签不下去，这是怎么回事？", "cause",
        asked_facts=(fact("SIGN_REJECTED_DOC_MODIFIED", "document modified", "文档已被修改", "ByteRange", "digest mismatch"),),
        cause_facts=(fact("optimize-on-save", "qpdf", "linearize", "linearized"),
                     fact("qx-archive", "STO-1187", "storage_ops_liwen")),
        forbidden=_not("optimize", told=FAMILY["perforation"]), service="qx-sign",
        diagnosis="09:30 storage_ops_liwen 在 qx-archive 打开 archive.pdf.optimize-on-save（STO-1187 季末存储成本优化，保存时 qpdf "
                  "对象流 + linearize）→ 签署中的合同在第一方签完保存时被整体重写，第一方签名的 ByteRange 不再覆盖文件，下一位"
                  "签署方签署前校验已有签名时失败（SIGN_REJECTED_DOC_MODIFIED）；单方合同、9:30 以前第一方已签的合同正常。"
                  "11:50 关闭，11:58 从对象存储版本控制恢复原文件。09:15 qx-sign 的日期格式配置不是原因；下午的骑缝章失败是另一件事",
    ),
    WorldQuestion(
        "esign_sign_perforation_cause",
        "下午锦城农商行那批贷款合同，银行盖章那一步全失败了，别的客户的合同都能签，为什么？", "cause",
        asked_facts=(fact("SIGN_FAILED", "签署失败", "IllegalArgumentException", "SignFailuresHigh"),),
        cause_facts=(fact("骑缝章", "perforation seal"),
                     fact("496", "Width (0)", "页数", "还款计划表", "512")),
        forbidden=_not("perforation", told=FAMILY["optimize"]), service="qx-sign",
        diagnosis=f"13:05 起 {BANK} 的季末贷款批次 BATCH-JC-20270331-LOAN（借款合同 + 还款计划表，512–648 页）由银行盖合同专用章并"
                  "加盖骑缝章；骑缝章把 496 px 宽的印章按页数切片，页数超过 496 时每页宽度为 0 → IllegalArgumentException: "
                  "Width (0) and height (496) cannot be <= 0 → SIGN_FAILED，页数少的合同正常（09:47 另一家 512 页的合同也同样"
                  "失败，早于 12:40 的发布）。16:10 sign.perforation-seal.max-pages-per-group 设为 100 分组加盖、批次重试后恢复。"
                  "12:40 的 6.8.1 发布不是原因",
    ),
    WorldQuestion(
        "esign_evidence_backlog_cause",
        "存证凭证从九点多开始一直出不来，上链是卡住了吗？什么原因？", "cause",
        asked_facts=(fact("no receipt", "pending", "积压", "EvidenceAnchorBacklogHigh", "未确认"),),
        cause_facts=(fact("88412", "nonce"),
                     fact("hc-node-b2", "衡链", "交易池", "txpool", "重启")),
        forbidden=_not("nonce"), service="qx-evidence",
        diagnosis="09:05 衡链运维重启接入节点 hc-node-b2，交易池没有持久化，我们 09:04:58 发出的 nonce 88412 的交易被丢弃；链上账户"
                  "下一个期望 nonce 停在 88412，之后发出的 88413 起的交易都在节点队列里等待（nonce 断档），没有回执、不出存证"
                  "凭证，积压最高 23817 条（11:48）。11:50 补发 nonce 88412 后排队交易全部确认，12:40 前消化完。08:40 的 "
                  "batch-size 配置不是原因",
    ),
    WorldQuestion(
        "esign_auth_slow_cause",
        "下午签署的时候输完签署密码一直转圈，有的直接报错，意愿认证这边怎么回事？", "cause",
        asked_facts=(fact("503", "超时", "busy", "SignPasswordVerifySlow", "转圈"),),
        cause_facts=(fact("bcrypt", "bcrypt-cost"),
                     fact("old=10 new=14", "cost 14", "SEC-2027-019", "sec_ops_hanmei")),
        forbidden=_not("bcrypt"), service="qx-auth",
        diagnosis="10:30 sec_ops_hanmei 把 auth.sign-password.bcrypt-cost 从 10 调到 14（SEC-2027-019，校验成功后按新 cost 重新哈希）"
                  "→ 每次签署密码校验的 CPU 开销变为 16 倍，上午只是变慢（约 1 秒），下午季末签署高峰 CPU 打满，校验排队、503，"
                  "p99 最高 8760ms（15:12）。16:30 回调为 11 并扩容到 6 个副本后恢复。13:40 的 3.12.1 发布不是原因",
    ),
    WorldQuestion(
        "esign_realname_payout_cause",
        "企业实名认证的对公打款上午一直失败，页面一直显示打款中，这是什么原因？", "cause",
        asked_facts=(fact("ERR_4012", "余额不足", "打款失败", "PAYING"),),
        cause_facts=(fact("CM-Q-END", "资金归集", "归集"),
                     fact("*8812", "8812", "打款账户")),
        forbidden=_not("sweep"), service="qx-realname",
        diagnosis="09:00 集团财务的季末资金归集 CM-Q-END 把对公打款账户 招商银行 *8812 的 48,236.17 元归集到资金池，余额为 0 → 之后"
                  "企业实名的小额打款都被银企直连拒绝 ERR_4012 账户余额不足，认证停在 PAYING；个人实名不受影响。11:08 补足 50,000 "
                  "元并把 *8812 移出归集规则，11:10 重试。08:50 的 verify-attempts 配置不是原因",
    ),
    WorldQuestion(
        "esign_template_cause",
        "九点多开始用模板发起合同越来越多失败，十点一刻又好了，模板服务出了什么问题？", "cause",
        asked_facts=(fact("Connection is not available", "失败", "TemplateCreateFailuresHigh"),),
        cause_facts=(fact("Your password has expired", "密码过期", "password has expired", "PASSWORD EXPIRE"),
                     fact("qx_tpl_app", "default_password_lifetime", "2026-10-02")),
        forbidden=_not("password"), service="qx-template",
        diagnosis="数据库账号 qx_tpl_app 的密码 2026-10-02 09:12:40 设置，参数模板 default_password_lifetime=180，今天 09:12:40 到期 → "
                  "新建连接被拒（Your password has expired），HikariCP 连接池里的旧连接到 maxLifetime 逐个退役、补不上，失败越来越多，"
                  "09:43 起几乎全部失败。10:15 DBA ALTER USER ... PASSWORD EXPIRE NEVER 后恢复。08:30 的 4.3.0 发布不是原因",
    ),
    WorldQuestion(
        "esign_ca_failure_quantity", "今天上午事件证书签发失败率最高到过多少？", "quantity",
        asked_facts=(fact(str(CA_FAIL_PEAK), "31.7%"),), forbidden=_not("entropy", told=FAMILY["crl"]), service="qx-ca",
        peak=Peak("qx-ca", "ca_event_cert_issue_failure_ratio", CA_FAIL_PEAK),
        diagnosis=f"ca_event_cert_issue_failure_ratio 峰值 31.7%（10:07）；CaCertIssueFailuresHigh 触发时的 6.2% 不是峰值。起因是 "
                  f"{BAD_NODE} 热迁移后没有熵源，那台节点上 2 个 qx-ca Pod 的密钥生成阻塞超时",
    ),
    WorldQuestion(
        "esign_evidence_pending_quantity", "上午存证上链积压最多的时候有多少条？", "quantity",
        asked_facts=(fact(str(PENDING_PEAK), "23,817"),), forbidden=_not("nonce"), service="qx-evidence",
        peak=Peak("qx-evidence", "evidence_anchor_pending", PENDING_PEAK),
        diagnosis="evidence_anchor_pending 峰值 23817 条（11:48）；EvidenceAnchorBacklogHigh 触发时的 5120 条不是峰值。起因是 "
                  "hc-node-b2 重启丢了 nonce 88412 的交易",
    ),
    WorldQuestion(
        "esign_auth_p99_quantity", "签署密码校验的 p99 耗时今天最高到多少毫秒？", "quantity",
        asked_facts=(fact(str(AUTH_P99_PEAK), "8,760"),), forbidden=_not("bcrypt"), service="qx-auth",
        peak=Peak("qx-auth", "auth_sign_password_verify_p99_ms", AUTH_P99_PEAK),
        diagnosis="auth_sign_password_verify_p99_ms 峰值 8760ms（15:12）；SignPasswordVerifySlow 触发时的 2140ms 不是峰值。起因是 "
                  "10:30 bcrypt cost 10 → 14",
    ),
    WorldQuestion(
        "esign_gateway_existence", "开放平台网关现在有没有问题？有 API 客户说晚上调接口一直报签名错误。", "existence",
        asked_facts=(fact("SIGNATURE_MISMATCH", "GatewayAuthFailuresHigh", "签名不匹配", "401"),),
        cause_facts=(fact("pii-mask"),
                     fact("qixin-sdk-python", "Python SDK", "re-encoded", "请求体", "hmac-auth")),
        forbidden=_not("hmac"), service="qx-gateway",
        diagnosis="有：19:40 gw_ops_tianyu 给 openapi-v3 路由加了访问日志脱敏插件 pii-mask，优先级在 hmac-auth 之前，它把 JSON 请求体"
                  "重新编码 → Python SDK 发的 \\u 转义请求体长度变了，HMAC 对不上，401 SIGNATURE_MISMATCH；Java SDK 发原始 UTF-8 "
                  "的不受影响。GatewayAuthFailuresHigh 19:52 起至今仍在告警，回滚排在 21:45 的窗口。19:10 的上游超时配置不是原因",
    ),
    WorldQuestion(
        "esign_tsa_healthy", "时间戳服务今天有没有报错或者告警？上午刚调过上游连接池。", "existence",
        asked_facts=(HEALTHY,), forbidden=INCIDENT_WORDS, service="qx-tsa", healthy=True,
        diagnosis="没有：只有时间戳签发与上游连接池的 INFO 和上游偶尔慢于 500ms 的 WARN，5xx 最高约 0.18%（阈值 2%），p99 远低于 "
                  "1000ms，无告警；10:00 的 tsa.upstream.pool-size 配置与各故障无关",
    ),
    WorldQuestion(
        "esign_notify_healthy", "签署通知（短信、邮件）今天有没有异常？下午刚发过版。", "existence",
        asked_facts=(HEALTHY,), forbidden=INCIDENT_WORDS, service="qx-notify", healthy=True,
        diagnosis="没有：短信、邮件正常发送，只有邮件灰名单延迟的 WARN，5xx 最高约 0.18%（阈值 2%），p99 远低于 2000ms，无告警；"
                  "14:30 的 5.2.0 发布之后也正常",
    ),
    WorldQuestion(
        "esign_alert_listing", "现在还有哪些告警在响？列一下。", "listing",
        asked_facts=tuple(fact(name) for name in FIRING), forbidden=("qx-tsa", "qx-notify"),
        diagnosis="3 条：GatewayAuthFailuresHigh（19:52 起，pii-mask 插件在验签前改写请求体）、BillingDbCpuHigh（20:38 起，季末 "
                  "usage-stmt 每次运行超过 15 分钟、CronJob 叠加 6 个同时运行）、FlowsExpiringToday（今天截止未签完的合同数，业务"
                  "提醒）；其余告警都已恢复",
    ),
    WorldQuestion(
        "esign_sign_changes_listing", "签署服务今天都做过哪些变更？发版和改配置都列出来。", "listing",
        asked_facts=(fact("sign.appearance.date-format", "date-format"), fact("6.8.1"),
                     fact("sign.perforation-seal.max-pages-per-group", "max-pages-per-group"),
                     fact("sign.batch.max-docs", "max-docs")),
        forbidden=_not("optimize", "perforation"), service="qx-sign",
        diagnosis="四次：09:15 sign.appearance.date-format 改为 yyyy年MM月dd日、12:40 发布 6.8.1、16:10 "
                  "sign.perforation-seal.max-pages-per-group 0 -> 100（骑缝章分组，修复下午的失败）、18:30 sign.batch.max-docs "
                  "200 -> 500；上午的 optimize-on-save 是 qx-archive 的变更，不是签署服务的",
    ),
)

WORLD = World(name=NAME, title="QiXin 契信签（电子签约平台）", build=build_bundle, questions=QUESTIONS)
