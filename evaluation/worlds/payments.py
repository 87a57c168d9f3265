"""World "payments": 融汇支付 RongPay, a payment service provider (``rp-*`` services: Java, Go and Python on
Kubernetes, two PostgreSQL 14 clusters on virtual machines, Kafka, Redis, outside partners — the banks behind
rp-bank-gateway, the SMS vendors behind rp-sms-gateway, the merchants' notify URLs), seen on Monday 2026-11-30
from 00:00 to the reference time 09:30 (+08:00): the night change window, the nightly batches and the
morning peak. Nothing here was written for the offline agents; five incidents of families neither the demo
nor the other worlds have, in ordinary noise:

(1) 00:42:15        rp-notify-service 2.14.0 (night change window CHG-20261130-0007) moves the merchant notify
                    sender to ``pkg/notifyhttp`` (one http.Client per merchant) and never closes the connections →
                    ``process_open_fds`` climbs all night and with the morning traffic reaches the ulimit 65536;
    07:51–08:24     ``socket: too many open files`` / ``accept4: too many open files`` → merchants' payment-result
                    callbacks fail (retried later); 08:12 the on-call counts 63907 sockets in CLOSE_WAIT; rollback
                    to 2.13.2 at 08:24:05.
(2) 02:00:03        rp-pg-settle: the standby rp-pg-settle-02 is in maintenance (MT-20261129-031), so cron
                    ``dba_full_backup`` runs ``pg_basebackup -c fast`` (no --max-rate) on the primary rp-pg-settle-01
                    → disk util 100 %, ``node_cpu_iowait_percent`` peaks at 87.6 at 02:41 (the alert fired at 64.2);
    02:14–03:50     rp-settlement-service's T+1 clearing batch (02:10) gets ``canceling statement due to statement
                    timeout`` on partition after partition; the backup ends 03:52:40, the batch 04:38, the clearing
                    file reaches the bank 04:41, after the 04:30 cut-off.
(3) 06:38:20        rp-refund-service 3.8.0 publishes RefundEvent v2 with ``amount`` as a decimal string in yuan
                    (was integer fen) → rp-ledger-service (Go) ``json: cannot unmarshal string into Go struct field
                    RefundEvent.amount of type int64``, three attempts, then ``refund-events.dlq``; the dead letters
                    peak at 4862 at 08:33, after ledger 4.6.1 (both formats, 08:31:40); replay 08:33:40–08:49:53.
(4) 08:05:12 → now  rp-risk-engine: Helm chart java-service 2.3.1 -> 2.4.0 (CHG-20261130-0052, "platform probe
                    baseline") sets ``livenessProbe.timeoutSeconds 5 -> 1``; /actuator/health takes 1.2–2.4 s on a
                    warming JVM → ``Liveness probe failed: … context deadline exceeded`` three times → Killing,
                    exit 143, back-off; all pods cycle, rp-payment-core falls back to local risk rules. The on-call
                    scales 3 -> 5 at 08:51:30 (the new pods cycle too). The 00:35 deploy 3.12.0 and the 07:31 ruleset
                    push are decoys.
(5) 08:30:12        rp-report-service: HPA maxReplicas 4 -> 16 (CHG-20261130-0061); the Monday 09:00 weekly
    09:01–09:16     statement export scales it 4 -> 8 -> 16 pods, each with a fixed HikariCP pool of 20 → rp_report
                    holds 259 of the 397 usable connections of rp-pg-core (max_connections 400, 3 reserved) →
                    rp-payment-core cannot replace its retired connections: ``FATAL: remaining connection slots are
                    reserved for non-replication superuser connections`` / ``sorry, too many clients already`` →
                    unified-order 500s; maxReplicas back to 4 at 09:14:50. The cause is on another service; the
                    08:45 payment-core config push is a decoy.

Healthy: rp-bank-gateway (deploy 1.22.3 at 00:20 is a decoy), rp-sms-gateway (provider weights pushed at 08:12 are
a decoy), rp-merchant-portal — INFO/WARN noise only, 5xx well under the threshold, no alert. Still firing at
09:30: the known PostgresReplicaDown of rp-pg-settle-02 (since 22:14 the evening before) and the risk engine's.
Run ``python -m evaluation.worlds payments`` to print the bundle.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from evaluation.worlds.common import Json, WorldBuilder, condition, runbook, termination
from evaluation.worlds.spec import HEALTHY, Peak, World, WorldQuestion, fact

NAME = "payments"
SEED = 20261130
TZ = dt.timezone(dt.timedelta(hours=8))
DAY = dt.date(2026, 11, 30)
START = dt.datetime(2026, 11, 30, 0, 0, tzinfo=TZ)
REFERENCE = dt.datetime(2026, 11, 30, 9, 30, tzinfo=TZ)
NS = "rongpay"
NOISE_EVERY_S = 120

# --- The lines the questions are about (the tests find each one in the bundle) ----------------
NOTIFY_DEPLOY = ("deploy finished: rp-notify-service 2.14.0 (was 2.13.2) rolled out by ci-bot pipeline=#7702 "
                 "(CHG-20261130-0007, night change window); changes: merchant notify sender moved to pkg/notifyhttp "
                 "(one http.Client per merchant, for merchant CA / mTLS)")
NOTIFY_DIAL = ('notify pay_no={pay} mch_id={mch} attempt={attempt} failed: Post "https://{host}/pay/notify": dial tcp '
               "{ip}:443: socket: too many open files")
NOTIFY_CA = ("notify pay_no={pay} mch_id={mch} attempt={attempt} failed: load merchant CA: open "
             "/etc/rongpay/merchant-ca/{mch}.pem: too many open files")
NOTIFY_ACCEPT = "http: Accept error: accept tcp [::]:8080: accept4: too many open files; retrying in 1s"
NOTIFY_KAFKA = ("kafka consumer group=notify-dispatch topic=pay-result-events partition={p}: fetch failed: dial tcp "
                "10.20.8.{b}:9092: socket: too many open files")
NOTIFY_SS = ('oncall_tangwei exec in pod {pod}: "ss -tan state close-wait | wc -l" -> 63907; "ls /proc/1/fd | wc -l" -> '
             "65536 (ulimit -n 65536); the CLOSE_WAIT peers are merchant notify endpoints :443")
NOTIFY_ROLLBACK = ("deploy finished: rp-notify-service 2.13.2 (was 2.14.0) rolled out by oncall_tangwei pipeline=#7741 "
                   "(rollback)")

BACKUP_FALLBACK = ("cron dba_full_backup: standby rp-pg-settle-02 unavailable (MT-20261129-031 disk replacement), "
                   "taking tonight's base backup from the primary rp-pg-settle-01")
BACKUP_START = ("cron dba_full_backup: started pg_basebackup -h 10.30.6.21 -U replicator -D "
                "/backup/rp-pg-settle/base_20261130 -Ft -z -X stream -c fast -P")
BACKUP_CHECKPOINT = "[30218] LOG:  checkpoint starting: immediate force wait"
BACKUP_DONE = ("cron dba_full_backup: pg_basebackup finished: 1.38 TB in 1:52:37 -> /backup/rp-pg-settle/base_20261130 "
               "(exit 0)")
CLEARING_START = ("clearing batch BATCH-20261130 started: settle_date=2026-11-29 partitions=32 parallelism=8 "
                  "db=rp-pg-settle/rp_settle")
CLEARING_TIMEOUT = ("clearing partition {part}/32 failed: org.springframework.dao.QueryTimeoutException: "
                    "PreparedStatementCallback; SQL [{sql}]; ERROR: canceling statement due to statement timeout; nested "
                    "exception is org.postgresql.util.PSQLException: ERROR: canceling statement due to statement timeout")
PG_SETTLE_TIMEOUT = "[{pid}] user=rp_settle,db=rp_settle ERROR:  canceling statement due to statement timeout; STATEMENT:  {sql}"
CLEARING_DONE = "clearing batch BATCH-20261130 finished: partitions=32 ok=32 retried={retried} retries={retries} took=2h28m12s"
CLEARING_LATE = ("clearing file RP_CLR_20261129_01.txt uploaded to sftp://clearing.icbc-gw.internal/in/ at 04:41:05, "
                 "after the 04:30 cut-off (the bank takes it in its 06:00 run)")
CLEARING_SQL = (
    "SELECT mch_id, channel, sum(amount), sum(fee), count(*) FROM clearing_detail WHERE settle_date = $1 AND "
    "partition_no = $2 GROUP BY mch_id, channel",
    "INSERT INTO clearing_summary (settle_date, mch_id, channel, amount, fee, cnt) SELECT $1, mch_id, channel, "
    "sum(amount), sum(fee), count(*) FROM clearing_detail WHERE settle_date = $1 AND partition_no = $2 GROUP BY 2, 3",
    "UPDATE clearing_detail SET status = 'CLEARED' WHERE settle_date = $1 AND partition_no = $2 AND status = 'PENDING'",
)

REFUND_DEPLOY = ("deploy finished: rp-refund-service 3.8.0 (was 3.7.4) rolled out by ci-bot pipeline=#7731; changes: "
                 'RefundEvent v2 for open API v3: amount serialized as decimal string in yuan ("12.50"), was integer '
                 "fen (1250)")
LEDGER_RETRY = ("consume refund-events[{p}]@{offset} key={refund} failed (attempt {attempt}/3, retry in {delay}s): "
                "decode RefundEvent: json: cannot unmarshal string into Go struct field RefundEvent.amount of type int64")
LEDGER_DLQ = ("refund-events[{p}]@{offset} key={refund} moved to refund-events.dlq after 3 attempts: decode RefundEvent: "
              "json: cannot unmarshal string into Go struct field RefundEvent.amount of type int64")
LEDGER_CONFIG = ("[nacos] config changed: dataId=rp-ledger-service.yaml group=LEDGER key=ledger.posting.batch-flush-interval "
                 "old=500ms new=300ms operator=dev_qianyu md5=9c41e07b2d5a")
LEDGER_FIX = ("deploy finished: rp-ledger-service 4.6.1 (was 4.6.0) rolled out by dev_qianyu pipeline=#7749; changes: "
              "RefundEvent.amount accepts integer fen (v1) or decimal-string yuan (v2)")
LEDGER_REPLAY = ("dlq-replay started by oncall_wuhao: refund-events.dlq -> refund-events (group ledger-refund-posting), "
                 "messages={n}, rate=5/s")
LEDGER_REPLAY_DONE = "dlq-replay finished: {n} messages re-published to refund-events, {n} posted, 0 failed"

RISK_DEPLOY = ("deploy finished: rp-risk-engine 3.12.0 (was 3.11.5) rolled out by ci-bot pipeline=#7699 "
               "(CHG-20261130-0005, night change window); changes: device fingerprint features v4")
RISK_RULESET = ("ruleset published: risk-core v2026.11.30.1 (was v2026.11.27.2) by risk_ops_hanmei: 3 velocity rules "
                "for the 双十二 warm-up, rules=412")
RISK_HELM = ("helm upgrade rp-risk-engine rongpay-charts/java-service 2.3.1 -> 2.4.0 -n rongpay (release revision 37 -> "
             '38) by platform_zhoujie (CHG-20261130-0052 "apply platform probe baseline"): livenessProbe.timeoutSeconds '
             "5 -> 1; livenessProbe path /actuator/health, periodSeconds 10, failureThreshold 3 and image "
             "rp-risk-engine:3.12.0 unchanged")
RISK_SCALE = ("deployment rp-risk-engine scaled 3 -> 5 replicas by oncall_wuhao (kubectl scale deploy/rp-risk-engine "
              "--replicas=5)")
LIVENESS_FAILED = ('Liveness probe failed: Get "http://{ip}:8081/actuator/health": context deadline exceeded '
                   "(Client.Timeout exceeded while awaiting headers)")
RISK_FALLBACK = ("risk check degraded to local rules out_trade_no={otn} amount={amount}: POST "
                 "http://rp-risk-engine.rongpay.svc.cluster.local:8080/v2/risk/evaluate failed: {reason}")

HPA_CHANGE = ("HorizontalPodAutoscaler rongpay/rp-report-service updated by ops_luoxin via kubectl apply "
              '(CHG-20261130-0061 "Monday weekly statement export peak"): maxReplicas 4 -> 16 (minReplicas 4, target '
              "cpu utilization 60%)")
HPA_ROLLBACK = ("HorizontalPodAutoscaler rongpay/rp-report-service updated by ops_luoxin via kubectl apply (rollback "
                "CHG-20261130-0061): maxReplicas 16 -> 4")
STATEMENT_JOB = ("scheduled job weekly-statement-export started: merchants=18342 period=2026-11-23~2026-11-29 "
                 "parallelism=16")
PG_RESERVED = "FATAL:  remaining connection slots are reserved for non-replication superuser connections"
PG_TOO_MANY = "FATAL:  sorry, too many clients already"
PAY_CREATE_FAILED = ("POST /v3/pay/unifiedorder -> 500 out_trade_no={otn} mch_id={mch} (org.springframework.jdbc."
                     "CannotGetJdbcConnectionException: Failed to obtain JDBC Connection; nested exception is java.sql."
                     "SQLTransientConnectionException: HikariPool-1 - Connection is not available, request timed out "
                     "after 3000ms. Caused by: org.postgresql.util.PSQLException: {fatal})")
PG_SNAPSHOT = ("dba_zhengyu: pg_stat_activity on rp-pg-core-01 by usename: rp_report=259 rp_pay=66 rp_ledger=40 "
               "rp_refund=30 pg_monitor=2 (total 397 of max_connections 400, superuser_reserved_connections 3); "
               "rp_report connections come from 16 pods of rp-report-service")
PAY_CONFIG = ("[apollo] config changed: namespace=payment-core key=payment.order.expire-minutes old=30 new=15 "
              "releaseKey=20261130084530-7c2e operator=pm_songjia")

BANK_DEPLOY = ("deploy finished: rp-bank-gateway 1.22.3 (was 1.22.2) rolled out by ci-bot pipeline=#7695 "
               "(CHG-20261130-0003, night change window); changes: CMB channel remark field mapping (附言 up to 60 chars)")
SMS_CONFIG = ("config reloaded: sms.providers.weight aliyun=70,tencent=30 -> aliyun=50,tencent=50 (operator=ops_fanglei, "
              "CHG-20261130-0058)")
SETTLE_CONFIG = ("[apollo] config changed: namespace=settlement key=settlement.report.mail-to old=settle-ops@rongpay.com "
                 "new=settle-ops@rongpay.com,fin-recon@rongpay.com releaseKey=20261130010530-1a9e operator=fin_liting")

IOWAIT_PEAK = 87.6
DLQ_PEAK = 4862
IOWAIT_ALERT_VALUE = "64.2%"

# --- Pods: (first clock they serve traffic, the pods of that ReplicaSet) -------------------------
# pod-template hashes and pod suffixes use the alphabet Kubernetes generates names from.
ROLLOUTS: dict[str, list[tuple[str, tuple[str, ...]]]] = {
    "rp-api-gateway": [("00:00", ("7b9c8d6f5-4kq2m", "7b9c8d6f5-w8x9n"))],
    "rp-payment-core": [("00:00", ("6d8f7c9b5-2hq7k", "6d8f7c9b5-5mz8p", "6d8f7c9b5-9vt4x", "6d8f7c9b5-c4w6r",
                                   "6d8f7c9b5-k7n2s", "6d8f7c9b5-x5p9l", "6d8f7c9b5-g2r8v", "6d8f7c9b5-q6j4t"))],
    "rp-risk-engine": [("00:00", ("6b5d8f7c9-m4x2h", "6b5d8f7c9-r7k9w", "6b5d8f7c9-z2p5n")),
                       ("00:35:40", ("79d6c5f8b4-f4q8s", "79d6c5f8b4-j6w2d", "79d6c5f8b4-p9t5k"))],
    "rp-bank-gateway": [("00:00", ("8f6c7d5b9-d2k7m", "8f6c7d5b9-s5w8q", "8f6c7d5b9-v9h4z"))],
    "rp-notify-service": [("00:00", ("6f7d8c9b4-c8r2w", "6f7d8c9b4-l5x7q", "6f7d8c9b4-n4t9v")),
                          ("00:42:40", ("84b6d7f5c9-g7k2x", "84b6d7f5c9-m9q4s", "84b6d7f5c9-w2z6p")),
                          ("08:24:30", ("6f7d8c9b4-b4h8t", "6f7d8c9b4-k2v5r", "6f7d8c9b4-s8n6d"))],
    "rp-refund-service": [("00:00", ("7d5c9b8f6-h2m9q", "7d5c9b8f6-x7r4k", "7d5c9b8f6-z5w2t")),
                          ("06:38:40", ("9f8b6c7d5-c6p2n", "9f8b6c7d5-j4x8w", "9f8b6c7d5-q9l5m"))],
    "rp-ledger-service": [("00:00", ("5b9d7f8c6-d7w4k", "5b9d7f8c6-m2q8x", "5b9d7f8c6-r5t9z", "5b9d7f8c6-v8h2n")),
                          ("08:32:10", ("c7f9b5d8-g4k7s", "c7f9b5d8-n8x2p", "c7f9b5d8-t2m6w", "c7f9b5d8-z9q4r"))],
    "rp-settlement-service": [("00:00", ("8c7b6d9f5-f2x8k", "8c7b6d9f5-p7q4m"))],
    "rp-report-service": [("00:00", ("6c9d8b7f4-b2k8w", "6c9d8b7f4-h6n4x", "6c9d8b7f4-q8t2m", "6c9d8b7f4-w5r7z"))],
    "rp-merchant-portal": [("00:00", ("4d9b8c6f7-k9w2p", "4d9b8c6f7-t4x7m"))],
    "rp-sms-gateway": [("00:00", ("7f5d9c8b6-n2q7x", "7f5d9c8b6-w6k4t"))],
}
ROLLOUTS = {service: [(clock, tuple(f"{service}-{pod}" for pod in pods)) for clock, pods in steps]
            for service, steps in ROLLOUTS.items()}
VMS = {
    "rp-pg-core": ["rp-pg-core-01", "rp-pg-core-02"],
    "rp-pg-settle": ["rp-pg-settle-01", "rp-pg-settle-02"],
}
INSTANCES: dict[str, list[str]] = {service: list(steps[-1][1]) for service, steps in ROLLOUTS.items()} | VMS
NODES = [f"rp-hz-node-{n:02d}" for n in range(1, 9)]
REPORT_PODS = ROLLOUTS["rp-report-service"][0][1]
REPORT_SCALED = tuple(f"rp-report-service-6c9d8b7f4-{suffix}" for suffix in (
    "c4m8p", "d9x2k", "f6q7t", "g8w4n", "j2z9r", "k5p6v", "l7h2s", "m4t8x", "n9c5w", "r2v7q", "s6k4z", "x8m2d"))
NOTIFY_LEAKING = ROLLOUTS["rp-notify-service"][1][1]
RISK_RS = "rp-risk-engine-5c8f7d9b6"
RISK_IMAGE = "registry.rongpay.internal/risk/rp-risk-engine:3.12.0"
RISK_OLD = ROLLOUTS["rp-risk-engine"][-1][1]
#: The risk engine's pods after the Helm upgrade: (name, pod IP, node, first container start).
RISK_PODS: tuple[tuple[str, str, str, str], ...] = (
    (f"{RISK_RS}-2kxqp", "10.42.3.17", NODES[2], "08:05:20"),
    (f"{RISK_RS}-h7m4w", "10.42.5.23", NODES[4], "08:06:03"),
    (f"{RISK_RS}-t9zr6", "10.42.1.41", NODES[0], "08:06:46"),
    (f"{RISK_RS}-b8nvl", "10.42.6.12", NODES[5], "08:51:38"),
    (f"{RISK_RS}-x8d2c", "10.42.2.35", NODES[1], "08:51:39"),
)
#: Liveness: initialDelaySeconds 40, periodSeconds 10, failureThreshold 3, timeoutSeconds 1 → the third failed
#: probe ~61 s after the container started; Spring's graceful shutdown takes ~3 s; back-off 10 s doubling to 5 min.
RISK_LIFETIME_S = 61
RISK_GRACE_S = 3
RISK_READY_AFTER_S = 36

MERCHANTS = [("1900008721", "pay-cb.xiaomanyao-shop.cn", "203.0.113.24"), ("1900013305", "api.hualian-mart.com", "203.0.113.87"),
             ("1900020918", "notify.kuaile-coffee.cn", "198.51.100.12"), ("1900031442", "open.jiayuan-edu.com", "198.51.100.63"),
             ("1900047716", "cb.tongcheng-fresh.cn", "203.0.113.140"), ("1900052287", "pay.lvyoujia.com", "198.51.100.201")]
CHANNELS = ["ICBC", "CMB", "CCB", "ABC", "UNIONPAY"]

SERVICES: list[Json] = [
    {"name": "rp-api-gateway", "aliases": ["开放平台网关", "API 网关"],
     "description": "商户开放接口 /v3/* 的入口（Kong），转发到 rp-payment-core、rp-refund-service、rp-notify-service；"
                    "商户后台流量经 rp-merchant-portal。上游超时 5s。"},
    {"name": "rp-payment-core", "aliases": ["支付核心", "下单服务", "统一下单"],
     "description": "统一下单与支付 /v3/pay/unifiedorder（Java 17，Spring Boot，8 个副本）：下单时同步调用 rp-risk-engine "
                    "做风控（超时 800ms，失败时降级为本地规则），经 rp-bank-gateway 扣款；订单写 PostgreSQL rp-pg-core 的库 "
                    "rp_pay（用户 rp_pay，每个 Pod 一个 HikariCP 连接池，20 个连接，maxLifetime 30 分钟）；支付结果发到 Kafka "
                    "topic pay-result-events。"},
    {"name": "rp-risk-engine", "aliases": ["风控引擎", "风控服务", "实时风控"],
     "description": "实时风控决策 /v2/risk/evaluate（Java 17，Spring Boot + Drools 规则集 risk-core，3 个副本），特征来自 "
                    "Redis rp-redis-risk 与特征服务 rp-feature-store；以 Helm chart rongpay-charts/java-service 部署，"
                    "健康检查接口 /actuator/health（端口 8081，包含 redis、featureStore、ruleEngine 三项检查）。"},
    {"name": "rp-bank-gateway", "aliases": ["银行通道", "渠道网关", "银行网关"],
     "description": "银行与银联通道网关（Go）：经专线对接工行 ICBC、招行 CMB、建行 CCB、农行 ABC 与银联 UNIONPAY 的快捷"
                    "支付与退款接口。"},
    {"name": "rp-notify-service", "aliases": ["通知服务", "商户通知", "支付结果通知"],
     "description": "商户异步通知（Go，3 个副本）：消费 Kafka topic pay-result-events（消费组 notify-dispatch），向商户的 "
                    "notify_url 发 HTTPS 回调，商户未返回 SUCCESS 时按 15s/1m/5m/30m 重试；容器 nofile 上限 65536。"},
    {"name": "rp-refund-service", "aliases": ["退款服务"],
     "description": "退款受理（Go，3 个副本）：调用 rp-bank-gateway 原路退款，成功后把 RefundEvent 发到 Kafka topic "
                    "refund-events（12 个分区，由 rp-ledger-service 记账）。"},
    {"name": "rp-ledger-service", "aliases": ["账务服务", "记账服务", "ledger"],
     "description": "复式记账（Go，4 个副本）：消费 payment-events 与 refund-events（消费组 ledger-refund-posting），分录"
                    "写入 rp-pg-core 的库 rp_ledger；一条消息处理 3 次仍失败则转入死信 topic refund-events.dlq，"
                    "由 dlq-replay 工具人工重放。"},
    {"name": "rp-settlement-service", "aliases": ["清算服务", "结算服务", "清算批处理"],
     "description": "T+1 清算与结算（Java）：每天 02:10 跑清算批次（32 个分区，并行 8），读写 PostgreSQL rp-pg-settle 的库 "
                    "rp_settle（statement_timeout 30s），04:30 前把清算文件上传到银行 SFTP。"},
    {"name": "rp-report-service", "aliases": ["报表服务", "对账单服务"],
     "description": "商户报表与周/月对账单（Java，Spring Boot）：读 rp-pg-core 的库 rp_pay（用户 rp_report，每个 Pod 一个"
                    "固定大小的 HikariCP 连接池，20 个连接，启动即建满）；HPA rongpay/rp-report-service 按 CPU 扩缩，"
                    "minReplicas 4；每周一 09:00 生成上周对账单。"},
    {"name": "rp-merchant-portal", "aliases": ["商户后台", "商户平台"],
     "description": "商户后台（Python，Django）：订单查询、退款申请、对账单下载，报表数据来自 rp-report-service。"},
    {"name": "rp-sms-gateway", "aliases": ["短信网关", "短信服务"],
     "description": "短信网关（Python）：支付验证码与交易提醒短信，经阿里云短信与腾讯云短信两家供应商按权重发送。"},
    {"name": "rp-pg-core", "aliases": ["核心库", "支付库"],
     "description": "PostgreSQL 14 集群：主库 rp-pg-core-01（10.30.5.11），备库 rp-pg-core-02；库 rp_pay、rp_ledger；"
                    "max_connections 400，superuser_reserved_connections 3。用户 rp_pay、rp_report、rp_ledger、rp_refund。"},
    {"name": "rp-pg-settle", "aliases": ["清算库", "结算库"],
     "description": "PostgreSQL 14 集群：主库 rp-pg-settle-01（10.30.6.21），备库 rp-pg-settle-02；库 rp_settle。每晚 02:00 "
                    "由 cron dba_full_backup 做全量基础备份，平时在备库上做。"},
]

QUIET: dict[str, list[tuple[str, str]]] = {
    "rp-settlement-service": [("02:10", "04:42")],
    "rp-notify-service": [("07:51", "08:24:30")],
    "rp-risk-engine": [("08:05:10", "09:30")],
    "rp-payment-core": [("09:01:30", "09:16:30")],
}


# --- Noise -------------------------------------------------------------------------------------
Line = tuple[str, str, dict[str, Any]]


def _mch(w: WorldBuilder) -> str:
    return f"19000{w.rng.randint(10000, 99999)}"


def _otn(w: WorldBuilder) -> str:
    return f"M{w.rng.randint(10, 99)}{DAY:%Y%m%d}{w.rng.randint(10_000_000, 99_999_999)}"


def _pay_no(w: WorldBuilder) -> str:
    return f"RP{DAY:%Y%m%d}{w.rng.randint(1_000_000_000, 9_999_999_999)}"


def _refund_no(w: WorldBuilder) -> str:
    return f"RF{DAY:%Y%m%d}{w.rng.randint(100_000_000, 999_999_999)}"


def _fen(w: WorldBuilder) -> int:
    return w.rng.choice([990, 1250, 1800, 2560, 3680, 4500, 8800, 12900, 19900, 36800, 59900])


def _gateway(w: WorldBuilder, t: dt.datetime) -> Line:
    route, upstream = w.rng.choice([
        ("POST /v3/pay/unifiedorder", "rp-payment-core"), ("POST /v3/pay/unifiedorder", "rp-payment-core"),
        ("GET /v3/pay/orders/{otn}", "rp-payment-core"), ("POST /v3/pay/refund", "rp-refund-service"),
        ("GET /v3/pay/refunds/{otn}", "rp-refund-service"), ("GET /v3/notify/records", "rp-notify-service"),
    ])
    pod = w.pod_at(ROLLOUTS["rp-api-gateway"], t)
    if w.rng.random() < 0.06:
        return "DEBUG", "GET /status 200 0ms", {"instance": pod}
    path = route.replace("{otn}", _otn(w))
    return "INFO", (f'{t:%Y-%m-%dT%H:%M:%S} "{path} HTTP/1.1" 200 upstream={upstream} mch_id={_mch(w)} '
                    f"latency={w.ms(12, 260)}ms"), {"log_type": "access", "instance": pod}


def _payment(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = w.pod_at(ROLLOUTS["rp-payment-core"], t)
    roll = w.rng.random()
    if roll < 0.45:
        return "INFO", (f"order created out_trade_no={_otn(w)} mch_id={_mch(w)} amount={_fen(w)} channel="
                        f"{w.rng.choice(CHANNELS)} ({w.ms(18, 90)}ms)"), {"instance": pod}
    if roll < 0.85:
        return "INFO", (f"payment succeeded pay_no={_pay_no(w)} channel={w.rng.choice(CHANNELS)} bank_rt="
                        f"{w.ms(120, 680)}ms published to pay-result-events"), {"instance": pod}
    if roll < 0.95:
        return "WARN", (f"payment declined pay_no={_pay_no(w)} channel={w.rng.choice(CHANNELS)} bank_code=51 "
                        "(insufficient funds)"), {"instance": pod}
    return "DEBUG", (f"datasource rp_pay pool: total=20 active={w.rng.randint(2, 9)} idle={w.rng.randint(11, 18)} "
                     "pending=0"), {"instance": pod, "logger": "PoolMetrics"}


def _risk(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = w.pod_at(ROLLOUTS["rp-risk-engine"], t)
    if w.rng.random() < 0.06:
        return "WARN", (f"slow health check GET /actuator/health took {w.ms(1100, 1600)}ms (redis={w.ms(2, 9)}ms "
                        f"featureStore={w.ms(20, 60)}ms ruleEngine={w.ms(1000, 1500)}ms)"), {"instance": pod}
    decision = "REVIEW" if w.rng.random() < 0.03 else "PASS"
    return "INFO", (f"risk evaluate out_trade_no={_otn(w)} decision={decision} score={w.rng.randint(2, 48)} "
                    f"rules_hit={0 if decision == 'PASS' else 1} took={w.ms(9, 45)}ms"), {"instance": pod}


def _bank(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = w.pod_at(ROLLOUTS["rp-bank-gateway"], t)
    channel = w.rng.choice(CHANNELS)
    roll = w.rng.random()
    if roll < 0.7:
        return "INFO", (f"channel={channel} op=pay txn={_pay_no(w)} resp_code=00 rt={w.ms(110, 620)}ms"), {"instance": pod}
    if roll < 0.82:
        return "INFO", f"channel={channel} op=refund txn={_refund_no(w)} resp_code=00 rt={w.ms(150, 700)}ms", {"instance": pod}
    if roll < 0.92:
        return "WARN", (f"channel={channel} op=pay txn={_pay_no(w)} resp_code=51 (余额不足) rt={w.ms(110, 400)}ms"), {
            "instance": pod}
    return "INFO", f"line heartbeat channel={channel} leased-line=ok rtt={w.ms(3, 12)}ms", {"instance": pod}


def _notify(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = w.pod_at(ROLLOUTS["rp-notify-service"], t)
    mch, host, _ = w.rng.choice(MERCHANTS)
    if w.rng.random() < 0.88:
        return "INFO", (f"notify pay_no={_pay_no(w)} mch_id={mch} url=https://{host}/pay/notify status=200 body=SUCCESS "
                        f"rt={w.ms(30, 240)}ms"), {"instance": pod}
    return "WARN", (f"notify pay_no={_pay_no(w)} mch_id={mch} merchant answered status=200 body=FAIL, retry scheduled "
                    f"attempt=2 in 15s"), {"instance": pod}


def _refund(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = w.pod_at(ROLLOUTS["rp-refund-service"], t)
    fen = _fen(w)
    if w.rng.random() < 0.45:
        return "INFO", (f"refund accepted refund_no={_refund_no(w)} out_trade_no={_otn(w)} amount={fen} "
                        f"channel={w.rng.choice(CHANNELS)}"), {"instance": pod}
    amount = f'"{fen / 100:.2f}"' if t >= w.at("06:38:20") else str(fen)
    return "INFO", (f"published RefundEvent refund_no={_refund_no(w)} amount={amount} topic=refund-events "
                    f"partition={w.rng.randint(0, 11)} offset={w.rng.randint(1_180_000, 1_190_000)}"), {"instance": pod}


def _ledger(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = w.pod_at(ROLLOUTS["rp-ledger-service"], t)
    roll = w.rng.random()
    refunds_flow = not (w.at("06:38:50") <= t < w.at("08:33:40"))
    if roll < 0.55:
        return "INFO", (f"posted payment pay_no={_pay_no(w)} entries=2 debit=1122.01 credit=2241.{w.rng.randint(10, 99)} "
                        f"({w.ms(3, 14)}ms)"), {"instance": pod}
    if roll < 0.75 and refunds_flow:
        return "INFO", (f"posted refund refund_no={_refund_no(w)} entries=2 debit=2241.{w.rng.randint(10, 99)} "
                        f"credit=1122.01 ({w.ms(3, 14)}ms)"), {"instance": pod}
    return "INFO", f"posting batch flushed entries={w.rng.randint(40, 260)} took={w.ms(12, 60)}ms", {"instance": pod}


def _settlement(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = w.pod_at(ROLLOUTS["rp-settlement-service"], t)
    if w.rng.random() < 0.6:
        return "INFO", (f"GET /internal/settlement/{_mch(w)}?date=2026-11-29 -> 200 ({w.ms(8, 60)}ms)"), {"instance": pod}
    return "INFO", (f"withdrawal T+0 mch_id={_mch(w)} amount={w.rng.randint(1000, 900000)} status=SUBMITTED "
                    f"channel={w.rng.choice(CHANNELS)}"), {"instance": pod}


def _report(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = w.pod_at(ROLLOUTS["rp-report-service"], t)
    if w.rng.random() < 0.7:
        return "INFO", (f"GET /api/report/daily-summary?mch_id={_mch(w)}&date=2026-11-29 -> 200 rows="
                        f"{w.rng.randint(20, 4000)} ({w.ms(30, 420)}ms)"), {"instance": pod}
    return "INFO", (f"statement export mch_id={_mch(w)} period=2026-11 rows={w.rng.randint(200, 60000)} took="
                    f"{w.ms(400, 5200)}ms"), {"instance": pod}


def _portal(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = w.pod_at(ROLLOUTS["rp-merchant-portal"], t)
    path = w.rng.choice(["/portal/api/orders?page=1", "/portal/api/refunds?page=1", "/portal/api/statements",
                         "/portal/api/account/balance"])
    if w.rng.random() < 0.08:
        return "WARN", f"login failed mch_id={_mch(w)} reason=captcha_mismatch", {"instance": pod}
    return "INFO", f"GET {path} 200 mch_id={_mch(w)} {w.ms(20, 380)}ms", {"instance": pod, "log_type": "access"}


def _sms(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = w.pod_at(ROLLOUTS["rp-sms-gateway"], t)
    provider = w.rng.choice(["aliyun", "aliyun", "tencent"])
    mobile = f"1{w.rng.choice([38, 39, 58, 86, 87])}****{w.rng.randint(1000, 9999)}"
    if w.rng.random() < 0.9:
        template = w.rng.choice(["SMS_284910233 (支付验证码)", "SMS_284910457 (交易提醒)"])
        return "INFO", (f"sms sent provider={provider} template={template} mobile={mobile} biz_id={w.hex(16)} "
                        f"rt={w.ms(80, 420)}ms"), {"instance": pod}
    return "WARN", (f"sms rejected provider={provider} mobile={mobile} code=isv.BUSINESS_LIMIT_CONTROL "
                    "(daily limit per mobile)"), {"instance": pod}


def _pg_core(w: WorldBuilder, t: dt.datetime) -> Line:
    pid = w.rng.randint(20000, 39999)
    if w.rng.random() < 0.5:
        return "INFO", (f"[{pid}] LOG:  automatic vacuum of table \"rp_pay.public.pay_order\": index scans: 1, pages: 0 "
                        f"removed, {w.rng.randint(180000, 220000)} remain"), {"instance": "rp-pg-core-01"}
    return "INFO", (f"[{pid}] LOG:  checkpoint complete: wrote {w.rng.randint(8000, 30000)} buffers "
                    f"({w.rng.randint(1, 6)}.{w.rng.randint(0, 9)}%); write={w.rng.randint(200, 270)}.{w.rng.randint(100, 999)} s"), {
        "instance": "rp-pg-core-01"}


def _pg_settle(w: WorldBuilder, t: dt.datetime) -> Line:
    pid = w.rng.randint(20000, 39999)
    if w.rng.random() < 0.5:
        return "INFO", (f"[{pid}] LOG:  automatic analyze of table \"rp_settle.public.clearing_detail\" system usage: "
                        f"CPU: user: {w.rng.randint(1, 4)}.{w.rng.randint(10, 99)} s"), {"instance": "rp-pg-settle-01"}
    return "INFO", (f"[{pid}] LOG:  checkpoint complete: wrote {w.rng.randint(2000, 12000)} buffers "
                    f"({w.rng.randint(0, 3)}.{w.rng.randint(0, 9)}%); write={w.rng.randint(200, 270)}.{w.rng.randint(100, 999)} s"), {
        "instance": "rp-pg-settle-01"}


NOISE = {
    "rp-api-gateway": (_gateway, 40), "rp-payment-core": (_payment, 60), "rp-risk-engine": (_risk, 90),
    "rp-bank-gateway": (_bank, 90), "rp-notify-service": (_notify, 75), "rp-refund-service": (_refund, 150),
    "rp-ledger-service": (_ledger, 120), "rp-settlement-service": (_settlement, 300), "rp-report-service": (_report, 180),
    "rp-merchant-portal": (_portal, 150), "rp-sms-gateway": (_sms, NOISE_EVERY_S), "rp-pg-core": (_pg_core, 600),
    "rp-pg-settle": (_pg_settle, 600),
}


# --- Incidents ---------------------------------------------------------------------------------
def notify_fds(w: WorldBuilder) -> None:
    w.log(w.at("00:42:15.630"), "rp-notify-service", "INFO", NOTIFY_DEPLOY, instance=NOTIFY_LEAKING[0], change="deploy")
    moment = w.at("07:51:03")
    while moment < w.at("08:24:05"):
        pod = w.rng.choice(NOTIFY_LEAKING)
        mch, host, ip = w.rng.choice(MERCHANTS)
        attempt = w.rng.randint(1, 3)
        roll = w.rng.random()
        if roll < 0.55:
            w.log(moment, "rp-notify-service", "ERROR",
                  NOTIFY_DIAL.format(pay=_pay_no(w), mch=mch, attempt=attempt, host=host, ip=ip), instance=pod)
            w.log(moment + dt.timedelta(milliseconds=2), "rp-notify-service", "WARN",
                  f"notify retry scheduled mch_id={mch} attempt={attempt + 1} in {('15s', '1m', '5m')[attempt - 1]}",
                  instance=pod)
        elif roll < 0.7:
            w.log(moment, "rp-notify-service", "ERROR", NOTIFY_CA.format(pay=_pay_no(w), mch=mch, attempt=attempt),
                  instance=pod)
        elif roll < 0.8:
            w.log(moment, "rp-notify-service", "ERROR", NOTIFY_ACCEPT, instance=pod, logger="net/http")
        elif roll < 0.9:
            w.log(moment, "rp-notify-service", "WARN", NOTIFY_KAFKA.format(p=w.rng.randint(0, 11), b=w.rng.randint(11, 13)),
                  instance=pod)
        else:
            w.log(moment, "rp-notify-service", "INFO",
                  f"notify pay_no={_pay_no(w)} mch_id={mch} url=https://{host}/pay/notify status=200 body=SUCCESS "
                  f"rt={w.ms(40, 300)}ms", instance=pod)
        moment += dt.timedelta(seconds=w.rng.randint(8, 22), milliseconds=w.rng.randint(0, 999))
    w.log(w.at("08:12:31.402"), "rp-notify-service", "INFO", NOTIFY_SS.format(pod=NOTIFY_LEAKING[1]),
          instance="kube-exec-audit")
    new = ROLLOUTS["rp-notify-service"][2][1]
    w.log(w.at("08:24:05.310"), "rp-notify-service", "INFO", NOTIFY_ROLLBACK, instance=new[0], change="deploy")
    w.log(w.at("08:26:40.118"), "rp-notify-service", "INFO",
          "notify retry queue draining: pending=21408 oldest=07:51:05 workers=64", instance=new[1])
    w.log(w.at("08:52:10.904"), "rp-notify-service", "INFO", "notify retry queue drained: pending=0 (21408 redelivered, "
          "37 merchants still answering FAIL)", instance=new[2])
    w.alert("ProcessOpenFdsNearLimit", "rp-notify-service", "warning", w.at("07:41"), w.at("08:26"), "59120/65536",
            "rp-notify-service 进程打开的文件描述符 59120，超过上限 65536 的 90%", namespace=NS)
    w.alert("MerchantNotifyFailureRateHigh", "rp-notify-service", "critical", w.at("07:53"), w.at("08:27"), "62.5%",
            "商户支付结果通知失败率 62.5% 超过阈值 5%", namespace=NS)


def settlement_backup(w: WorldBuilder) -> None:
    w.log(w.at("01:05:30.221"), "rp-settlement-service", "INFO", SETTLE_CONFIG, change="config")
    w.log(w.at("02:00:01.004"), "rp-pg-settle", "WARN", BACKUP_FALLBACK, instance="rp-pg-settle-01", job="dba_full_backup")
    w.log(w.at("02:00:03.517"), "rp-pg-settle", "INFO", BACKUP_START, instance="rp-pg-settle-01", job="dba_full_backup")
    w.log(w.at("02:00:03.790"), "rp-pg-settle", "INFO", BACKUP_CHECKPOINT, instance="rp-pg-settle-01")
    w.log(w.at("02:02:31.066"), "rp-pg-settle", "INFO",
          "[30218] LOG:  checkpoint complete: wrote 412877 buffers (78.7%); write=146.902 s, sync=1.204 s",
          instance="rp-pg-settle-01")
    pods = ROLLOUTS["rp-settlement-service"][0][1]
    w.log(w.at("02:10:00.012"), "rp-settlement-service", "INFO", CLEARING_START, instance=pods[0], job="clearing")
    moment = w.at("02:10:40")
    done, part = 0, 1
    attempts: dict[int, int] = {}  # partition → attempts so far (a partition fails for good after 5)
    while moment < w.at("03:50:30"):
        pod = w.rng.choice(pods)
        sql = w.rng.choice(CLEARING_SQL)
        jdbc = sql.replace("$1", "?").replace("$2", "?")
        if moment >= w.at("02:14") and attempts.get(part, 1) < 4 and w.rng.random() < 0.6:
            attempts[part] = attempts.get(part, 1) + 1
            w.log(moment, "rp-settlement-service", "ERROR", CLEARING_TIMEOUT.format(part=part, sql=jdbc), instance=pod,
                  job="clearing")
            w.log(moment + dt.timedelta(milliseconds=12), "rp-settlement-service", "WARN",
                  f"clearing partition {part}/32 re-queued (attempt {attempts[part]}/5)", instance=pod, job="clearing")
            w.log(moment - dt.timedelta(milliseconds=30), "rp-pg-settle", "ERROR",
                  PG_SETTLE_TIMEOUT.format(pid=w.rng.randint(40000, 49999), sql=sql), instance="rp-pg-settle-01")
        else:
            took = w.ms(8000, 29000)
            w.log(moment, "rp-settlement-service", "WARN", f"slow SQL {took}ms on clearing partition {part}/32: {jdbc}",
                  instance=pod, job="clearing")
            w.log(moment - dt.timedelta(milliseconds=20), "rp-pg-settle", "INFO",
                  f"[{w.rng.randint(40000, 49999)}] user=rp_settle,db=rp_settle LOG:  duration: {took}.{w.rng.randint(100, 999)} "
                  f"ms  execute <unnamed>: {sql}", instance="rp-pg-settle-01")
        part = part % 32 + 1
        moment += dt.timedelta(seconds=w.rng.randint(25, 70), milliseconds=w.rng.randint(0, 999))
    w.log(w.at("03:52:40.733"), "rp-pg-settle", "INFO", BACKUP_DONE, instance="rp-pg-settle-01", job="dba_full_backup")
    moment = w.at("03:53:10")
    while moment < w.at("04:38"):
        done = min(done + w.rng.randint(1, 3), 31)
        w.log(moment, "rp-settlement-service", "INFO",
              f"clearing partition {w.rng.randint(1, 32)}/32 done rows={w.rng.randint(180000, 260000)} "
              f"took={w.ms(40, 180)}s (batch progress {done}/32)", instance=w.rng.choice(pods), job="clearing")
        moment += dt.timedelta(seconds=w.rng.randint(90, 200))
    w.log(w.at("04:38:12.480"), "rp-settlement-service", "INFO",
          CLEARING_DONE.format(retried=len(attempts), retries=sum(a - 1 for a in attempts.values())), instance=pods[0],
          job="clearing")
    w.log(w.at("04:41:05.902"), "rp-settlement-service", "WARN", CLEARING_LATE, instance=pods[0], job="clearing-file")
    w.alert("HostIOWaitHigh", "rp-pg-settle", "warning", w.at("02:06"), w.at("03:56"), IOWAIT_ALERT_VALUE,
            f"rp-pg-settle-01 CPU iowait {IOWAIT_ALERT_VALUE} 超过阈值 30%", instance="rp-pg-settle-01")
    w.alert("SqlStatementTimeouts", "rp-settlement-service", "critical", w.at("02:16"), w.at("03:51"), "27/min",
            "rp-settlement-service SQL 语句超时 27 次/分钟，超过阈值 5 次/分钟", namespace=NS)
    w.alert("ClearingFileLate", "rp-settlement-service", "critical", w.at("04:31"), w.at("04:42"), "BATCH-20261130",
            "清算文件未在 04:30 截止前上传银行（批次 BATCH-20261130 仍在运行）", namespace=NS)
    w.alert("PostgresReplicaDown", "rp-pg-settle", "warning", dt.datetime(2026, 11, 29, 22, 14, tzinfo=TZ), None,
            "0 standbys", "rp-pg-settle-01 没有在线的备库：rp-pg-settle-02 复制连接断开（MT-20261129-031 换盘维护中）",
            instance="rp-pg-settle-01")


def ledger_poison(w: WorldBuilder) -> None:
    old, new = ROLLOUTS["rp-ledger-service"][0][1], ROLLOUTS["rp-ledger-service"][1][1]
    w.log(w.at("05:50:20.512"), "rp-ledger-service", "INFO", LEDGER_CONFIG, instance=old[0], change="config")
    w.log(w.at("06:38:20.114"), "rp-refund-service", "INFO", REFUND_DEPLOY, instance=ROLLOUTS["rp-refund-service"][1][1][0],
          change="deploy")
    offsets = {p: 1_183_000 + 977 * p for p in range(12)}
    moment = w.at("06:39:02")
    while moment < w.at("08:32:40"):
        pod = w.rng.choice(old)
        p = w.rng.randint(0, 11)
        offsets[p] += w.rng.randint(3, 40)
        refund = _refund_no(w)
        step = moment
        for attempt, delay in ((1, 2), (2, 4)):
            w.log(step, "rp-ledger-service", "WARN",
                  LEDGER_RETRY.format(p=p, offset=offsets[p], refund=refund, attempt=attempt, delay=delay), instance=pod,
                  group="ledger-refund-posting")
            step += dt.timedelta(seconds=delay, milliseconds=w.rng.randint(5, 30))
        w.log(step, "rp-ledger-service", "ERROR", LEDGER_DLQ.format(p=p, offset=offsets[p], refund=refund), instance=pod,
              group="ledger-refund-posting")
        moment += dt.timedelta(seconds=w.rng.randint(20, 45), milliseconds=w.rng.randint(0, 999))
    w.log(w.at("08:31:40.220"), "rp-ledger-service", "INFO", LEDGER_FIX, instance=new[0], change="deploy")
    w.log(w.at("08:33:40.005"), "rp-ledger-service", "INFO", LEDGER_REPLAY.format(n=DLQ_PEAK), instance="ops-console",
          job="dlq-replay")
    for clock, left in (("08:38:00", 3562), ("08:44:00", 1762)):
        w.log(w.at(clock), "rp-ledger-service", "INFO", f"dlq-replay progress: {DLQ_PEAK - left}/{DLQ_PEAK} re-published, "
              f"{left} left", instance="ops-console", job="dlq-replay")
    w.log(w.at("08:49:53.610"), "rp-ledger-service", "INFO", LEDGER_REPLAY_DONE.format(n=DLQ_PEAK), instance="ops-console",
          job="dlq-replay")
    w.alert("LedgerRefundPostingFailures", "rp-ledger-service", "critical", w.at("06:42"), w.at("08:36"), "100%",
            "消费组 ledger-refund-posting 处理 refund-events 的失败率 100%，超过阈值 5%", namespace=NS,
            group="ledger-refund-posting")
    w.alert("LedgerDLQBacklog", "rp-ledger-service", "warning", w.at("06:44"), w.at("08:50"), "118",
            "死信 topic refund-events.dlq 待处理 118 条，超过阈值 100 条", namespace=NS, topic="refund-events.dlq")


def risk_cycles(first_start: dt.datetime, lifetime_s: int) -> list[tuple[dt.datetime, dt.datetime]]:
    """(container start, liveness kill) of one risk-engine pod: fixed, not drawn from the builder's random
    stream, so the restart count a question expects does not depend on the noise drawn before."""
    cycles: list[tuple[dt.datetime, dt.datetime]] = []
    start, n = first_start, 0
    while start < REFERENCE:
        kill = start + dt.timedelta(seconds=lifetime_s)
        cycles.append((start, kill))
        start = kill + dt.timedelta(seconds=RISK_GRACE_S + min(10 * 2**n, 300))
        n += 1
    return cycles


def risk_pod_cycles() -> list[tuple[str, str, str, list[tuple[dt.datetime, dt.datetime]]]]:
    out = []
    for index, (name, ip, node, clock) in enumerate(RISK_PODS):
        h, m, s = (int(part) for part in clock.split(":"))
        first = dt.datetime(DAY.year, DAY.month, DAY.day, h, m, s, tzinfo=TZ)
        out.append((name, ip, node, risk_cycles(first, RISK_LIFETIME_S + index % 3)))
    return out


def restarts_at(moment: dt.datetime) -> int:
    """Container restarts summed over the risk engine's pods at ``moment`` (what kube-state-metrics sums)."""
    return sum(max(sum(1 for start, _ in cycles if start <= moment) - 1, 0) for _, _, _, cycles in risk_pod_cycles())


def ready_at(moment: dt.datetime) -> int:
    """Ready risk-engine pods at ``moment``: the new pods between readiness and the kill, the old pods until
    their replacement was ready (the rolling update, maxSurge 1, maxUnavailable 0)."""
    ready = 0
    cycles = risk_pod_cycles()
    for index, (_, _, _, pod_cycles) in enumerate(cycles):
        ready += any(start + dt.timedelta(seconds=RISK_READY_AFTER_S) <= moment < kill for start, kill in pod_cycles)
        if index < len(RISK_OLD):
            replaced = pod_cycles[0][0] + dt.timedelta(seconds=RISK_READY_AFTER_S)
            ready += moment < replaced
    return ready


RESTARTS = restarts_at(REFERENCE)


def risk_probe(w: WorldBuilder) -> None:
    w.log(w.at("00:35:10.442"), "rp-risk-engine", "INFO", RISK_DEPLOY, instance="helm", change="deploy")
    w.log(w.at("07:31:05.318"), "rp-risk-engine", "INFO", RISK_RULESET, instance=RISK_OLD[0], change="config",
          ruleset="risk-core")
    w.log(w.at("08:05:12.204"), "rp-risk-engine", "INFO", RISK_HELM, instance="helm", change="helm",
          ticket="CHG-20261130-0052")
    w.log(w.at("08:51:30.660"), "rp-risk-engine", "INFO", RISK_SCALE, instance="kube-audit", change="scale")
    cycles = risk_pod_cycles()
    for index, (_, _, _, pod_cycles) in enumerate(cycles[: len(RISK_OLD)]):
        replaced = pod_cycles[0][0] + dt.timedelta(seconds=RISK_READY_AFTER_S)
        w.log(replaced + dt.timedelta(milliseconds=400), "rp-risk-engine", "INFO",
              "Commencing graceful shutdown. Waiting for active requests to complete", instance=RISK_OLD[index])
        w.log(replaced + dt.timedelta(seconds=2, milliseconds=120), "rp-risk-engine", "INFO", "Graceful shutdown complete",
              instance=RISK_OLD[index])
    for name, _, _, pod_cycles in cycles:
        for start, kill in pod_cycles:
            w.log(start + dt.timedelta(seconds=1, milliseconds=w.rng.randint(100, 900)), "rp-risk-engine", "INFO",
                  f"Starting RiskEngineApplication v3.12.0 using Java 17.0.9 with PID 1 ({name})", instance=name)
            boot = w.rng.randint(330, 348) / 10
            if start + dt.timedelta(seconds=boot + 0.9) < REFERENCE:
                w.log(start + dt.timedelta(seconds=boot + 0.9), "rp-risk-engine", "INFO",
                      f"Started RiskEngineApplication in {boot} seconds (process running for {boot + 1.4:.1f})",
                      instance=name)
            for probe in (40, 50, 60):
                moment = start + dt.timedelta(seconds=probe, milliseconds=w.rng.randint(600, 2400))
                if moment < min(kill, REFERENCE) and w.rng.random() < 0.5:
                    w.log(moment, "rp-risk-engine", "WARN",
                          f"slow health check GET /actuator/health took {w.ms(1200, 2400)}ms (redis={w.ms(3, 12)}ms "
                          f"featureStore={w.ms(40, 160)}ms ruleEngine={w.ms(1100, 2200)}ms, warming up)", instance=name)
            moment = start + dt.timedelta(seconds=37)
            while moment < min(kill, REFERENCE) and w.rng.random() < 0.7:
                w.log(moment, "rp-risk-engine", "INFO",
                      f"risk evaluate out_trade_no={_otn(w)} decision=PASS score={w.rng.randint(2, 48)} rules_hit=0 "
                      f"took={w.ms(120, 900)}ms", instance=name)
                moment += dt.timedelta(seconds=w.rng.randint(6, 14))
            if kill + dt.timedelta(seconds=RISK_GRACE_S) <= REFERENCE:
                w.log(kill + dt.timedelta(milliseconds=150), "rp-risk-engine", "INFO",
                      "Commencing graceful shutdown. Waiting for active requests to complete", instance=name)
                w.log(kill + dt.timedelta(seconds=2, milliseconds=400), "rp-risk-engine", "INFO", "Graceful shutdown complete",
                      instance=name)
    moment = w.at("08:06:30")
    while moment < REFERENCE:
        reason = w.rng.choice([
            "Connect to rp-risk-engine.rongpay.svc.cluster.local:8080 [rp-risk-engine.rongpay.svc.cluster.local/"
            "10.96.41.7] failed: Connection refused",
            "Connect to rp-risk-engine.rongpay.svc.cluster.local:8080 [rp-risk-engine.rongpay.svc.cluster.local/"
            "10.96.41.7] failed: Connection refused",
            "Read timed out after 800ms",
        ])
        w.log(moment, "rp-payment-core", "WARN", RISK_FALLBACK.format(otn=_otn(w), amount=_fen(w), reason=reason),
              instance=w.pod_at(ROLLOUTS["rp-payment-core"], moment))
        moment += dt.timedelta(seconds=w.rng.randint(20, 50), milliseconds=w.rng.randint(0, 999))
    w.alert("RiskCheckFallbackHigh", "rp-payment-core", "warning", w.at("08:09"), None, "78.0%",
            "rp-payment-core 下单风控降级为本地规则的比例 78.0%，超过阈值 5%", namespace=NS)
    w.alert("KubeDeploymentReplicasMismatch", "rp-risk-engine", "warning", w.at("08:22"), None, "0/3",
            f"Deployment {NS}/rp-risk-engine has not matched the expected number of replicas for longer than 15 minutes.",
            namespace=NS)
    w.alert("KubePodCrashLooping", "rp-risk-engine", "warning", w.at("08:24"), None, "CrashLoopBackOff",
            f'Pod {NS}/{RISK_PODS[0][0]} (risk-engine) is in waiting state (reason: "CrashLoopBackOff").', namespace=NS,
            pod=RISK_PODS[0][0])


def risk_k8s(w: WorldBuilder) -> None:
    old_rs = RISK_OLD[0].rsplit("-", 1)[0]
    for index, (name, ip, node, pod_cycles) in enumerate(risk_pod_cycles()):
        starts = [start for start, _ in pod_cycles]
        kills = [kill for _, kill in pod_cycles if kill <= REFERENCE]
        start, kill = pod_cycles[-1]
        running = kill > REFERENCE
        ready = running and start + dt.timedelta(seconds=RISK_READY_AFTER_S) <= REFERENCE
        last = termination("Error", 143, kills[-1] + dt.timedelta(seconds=RISK_GRACE_S)) if kills else None
        w.pod(namespace=NS, name=name, service="rp-risk-engine", phase="Running", ready="1/1" if ready else "0/1",
              restarts=len(starts) - 1, last_termination=last, waiting_reason=None if running else "CrashLoopBackOff",
              node=node, observed_at=REFERENCE)
        created = starts[0] - dt.timedelta(seconds=6)
        w.event(type="Normal", reason="Scheduled", object=f"Pod/{name}", message=f"Successfully assigned {NS}/{name} to {node}",
                count=1, first_seen=created, last_seen=created)
        w.event(type="Normal", reason="Pulled", object=f"Pod/{name}",
                message=f'Container image "{RISK_IMAGE}" already present on machine', count=len(starts),
                first_seen=starts[0] - dt.timedelta(seconds=1), last_seen=starts[-1] - dt.timedelta(seconds=1))
        probed = [start + dt.timedelta(seconds=30) for start in starts if start + dt.timedelta(seconds=30) <= REFERENCE]
        w.event(type="Warning", reason="Unhealthy", object=f"Pod/{name}",
                message=(f'Readiness probe failed: Get "http://{ip}:8081/actuator/health/readiness": dial tcp {ip}:8081: '
                         "connect: connection refused"),
                count=3 * len(probed), first_seen=starts[0] + dt.timedelta(seconds=20), last_seen=probed[-1])
        if kills:
            w.event(type="Warning", reason="Unhealthy", object=f"Pod/{name}", message=LIVENESS_FAILED.format(ip=ip),
                    count=3 * len(kills), first_seen=starts[0] + dt.timedelta(seconds=41), last_seen=kills[-1])
            w.event(type="Normal", reason="Killing", object=f"Pod/{name}",
                    message="Container risk-engine failed liveness probe, will be restarted", count=len(kills),
                    first_seen=kills[0], last_seen=kills[-1])
        if len(kills) >= 2:
            w.event(type="Warning", reason="BackOff", object=f"Pod/{name}",
                    message=f"Back-off restarting failed container risk-engine in pod {name}_{NS}({w.hex(8)}-{w.hex(4)}-"
                            f"{w.hex(4)}-{w.hex(4)}-{w.hex(12)})",
                    count=sum(min(10 * 2**n, 300) // 10 for n in range(len(kills))),
                    first_seen=kills[1] + dt.timedelta(seconds=RISK_GRACE_S + 1), last_seen=kills[-1] + dt.timedelta(seconds=4))
        if index < len(RISK_OLD):
            replaced = starts[0] + dt.timedelta(seconds=RISK_READY_AFTER_S)
            w.event(type="Normal", reason="Killing", object=f"Pod/{RISK_OLD[index]}", message="Stopping container risk-engine",
                    count=1, first_seen=replaced, last_seen=replaced)
    for clock, message in (("08:05:14", f"Scaled up replica set {RISK_RS} to 1"),
                           ("08:05:56", f"Scaled down replica set {old_rs} to 2"),
                           ("08:05:57", f"Scaled up replica set {RISK_RS} to 2"),
                           ("08:06:39", f"Scaled down replica set {old_rs} to 1"),
                           ("08:06:40", f"Scaled up replica set {RISK_RS} to 3"),
                           ("08:07:22", f"Scaled down replica set {old_rs} to 0"),
                           ("08:51:31", f"Scaled up replica set {RISK_RS} to 5")):
        w.event(type="Normal", reason="ScalingReplicaSet", object="Deployment/rp-risk-engine", message=message, count=1,
                first_seen=w.at(clock), last_seen=w.at(clock))
    ready_pods = ready_at(REFERENCE)
    w.deployment(namespace=NS, name="rp-risk-engine", service="rp-risk-engine", replicas=len(RISK_PODS), ready=ready_pods,
                 available=ready_pods, image=RISK_IMAGE, revision=24, changed_at=w.at("08:05:12"), change_cause=RISK_HELM,
                 conditions=[condition("Available", "False", "MinimumReplicasUnavailable",
                                       "Deployment does not have minimum availability."),
                             condition("Progressing", "True", "NewReplicaSetAvailable",
                                       f'ReplicaSet "{RISK_RS}" has successfully progressed.')],
                 observed_at=REFERENCE)


def paycore_pg(w: WorldBuilder) -> None:
    w.log(w.at("08:30:12.408"), "rp-report-service", "INFO", HPA_CHANGE, instance="kube-audit", change="hpa",
          ticket="CHG-20261130-0061")
    w.log(w.at("08:45:30.774"), "rp-payment-core", "INFO", PAY_CONFIG, instance=ROLLOUTS["rp-payment-core"][0][1][3],
          change="config")
    w.log(w.at("09:00:00.015"), "rp-report-service", "INFO", STATEMENT_JOB, instance=REPORT_PODS[0],
          job="weekly-statement-export")
    for index, pod in enumerate(REPORT_SCALED):
        started = w.at("09:01:05") if index < 4 else w.at("09:01:21")
        started += dt.timedelta(seconds=index % 4, milliseconds=w.rng.randint(0, 900))
        w.log(started + dt.timedelta(seconds=9), "rp-report-service", "INFO", "HikariPool-1 - Starting...", instance=pod)
        w.log(started + dt.timedelta(seconds=9, milliseconds=w.rng.randint(60, 300)), "rp-report-service", "INFO",
              "HikariPool-1 - Start completed.", instance=pod)
        boot = w.rng.randint(228, 262) / 10
        w.log(started + dt.timedelta(seconds=boot), "rp-report-service", "INFO",
              f"Started ReportApplication in {boot} seconds (process running for {boot + 1.1:.1f})", instance=pod)
    moment = w.at("09:01:41")
    pay_pods = ROLLOUTS["rp-payment-core"][0][1]
    while moment < w.at("09:16:20"):
        pod = w.rng.choice(pay_pods)
        otn, mch = _otn(w), _mch(w)
        if w.rng.random() < 0.6:
            fatal = PG_TOO_MANY if w.rng.random() < 0.15 else PG_RESERVED
            w.log(moment, "rp-payment-core", "ERROR", PAY_CREATE_FAILED.format(otn=otn, mch=mch, fatal=fatal.replace("  ", " ")),
                  instance=pod, http_status=500)
            w.log(moment + dt.timedelta(milliseconds=12), "rp-api-gateway", "WARN",
                  f'{moment:%Y-%m-%dT%H:%M:%S} "POST /v3/pay/unifiedorder HTTP/1.1" 500 upstream=rp-payment-core '
                  f"mch_id={mch} latency={w.ms(3000, 3100)}ms", instance=w.pod_at(ROLLOUTS["rp-api-gateway"], moment), log_type="access")
            w.log(moment - dt.timedelta(milliseconds=w.rng.randint(100, 2900)), "rp-pg-core", "FATAL",
                  f"[{w.rng.randint(50000, 59999)}] user=rp_pay,db=rp_pay,client=10.42.{w.rng.randint(1, 8)}."
                  f"{w.rng.randint(10, 60)} {fatal}", instance="rp-pg-core-01")
        elif w.rng.random() < 0.4:
            w.log(moment, "rp-payment-core", "WARN",
                  f"datasource rp_pay pool: total={w.rng.randint(6, 11)} active={w.rng.randint(6, 11)} idle=0 "
                  f"pending={w.rng.randint(20, 60)} (HikariPool-1)", instance=pod, logger="PoolMetrics")
        else:
            w.log(moment, "rp-payment-core", "INFO",
                  f"order created out_trade_no={otn} mch_id={mch} amount={_fen(w)} channel={w.rng.choice(CHANNELS)} "
                  f"({w.ms(900, 2900)}ms)", instance=pod)
        moment += dt.timedelta(seconds=w.rng.randint(6, 16), milliseconds=w.rng.randint(0, 999))
    w.log(w.at("09:09:30.220"), "rp-pg-core", "INFO", PG_SNAPSHOT, instance="dms-console")
    w.log(w.at("09:14:50.117"), "rp-report-service", "INFO", HPA_ROLLBACK, instance="kube-audit", change="hpa",
          ticket="CHG-20261130-0061")
    w.log(w.at("09:15:02.530"), "rp-report-service", "INFO",
          "weekly-statement-export paused by ops_luoxin: 6120/18342 merchants done, resumes at 20:00 with parallelism=4",
          instance=REPORT_PODS[0], job="weekly-statement-export")
    w.log(w.at("09:16:35.802"), "rp-payment-core", "INFO", "datasource rp_pay pool: total=20 active=7 idle=13 pending=0 "
          "(HikariPool-1)", instance=pay_pods[2], logger="PoolMetrics")
    for clock, size, reason in (("09:01:02", 8, "cpu resource utilization (percentage of request) above target"),
                                ("09:01:18", 16, "cpu resource utilization (percentage of request) above target"),
                                ("09:14:51", 4, "Current number of replicas above Spec.MaxReplicas")):
        w.event(type="Normal", reason="SuccessfulRescale", object="HorizontalPodAutoscaler/rp-report-service",
                message=f"New size: {size}; reason: {reason}", count=1, first_seen=w.at(clock), last_seen=w.at(clock))
        w.event(type="Normal", reason="ScalingReplicaSet", object="Deployment/rp-report-service",
                message=f"Scaled {'down' if size == 4 else 'up'} replica set rp-report-service-6c9d8b7f4 to {size}", count=1,
                first_seen=w.at(clock), last_seen=w.at(clock))
    w.event(type="Normal", reason="Killing", object=f"Pod/{REPORT_SCALED[0]}", message="Stopping container report",
            count=1, first_seen=w.at("09:14:52"), last_seen=w.at("09:14:52"))
    w.alert("PostgresConnectionsNearMax", "rp-pg-core", "critical", w.at("09:02"), w.at("09:17"), "397/400",
            "rp-pg-core-01 连接数 397，达到 max_connections 400 的 99%（阈值 90%）", instance="rp-pg-core-01")
    w.alert("PaymentCreateFailureRateHigh", "rp-payment-core", "critical", w.at("09:03"), w.at("09:18"), "36.9%",
            "统一下单失败率 36.9% 超过阈值 5%", namespace=NS)


def other_changes(w: WorldBuilder) -> None:
    w.log(w.at("00:20:40.118"), "rp-bank-gateway", "INFO", BANK_DEPLOY, instance=ROLLOUTS["rp-bank-gateway"][0][1][0],
          change="deploy")
    w.log(w.at("08:12:05.640"), "rp-sms-gateway", "INFO", SMS_CONFIG, instance=ROLLOUTS["rp-sms-gateway"][0][1][0],
          change="config")


#: Deployments that are what they look like at 09:30: (service, replicas, revision, changed, change cause, image tag)
STEADY = (
    ("rp-api-gateway", 2, 18, "2026-11-24T22:40:00+08:00", "release rp-api-gateway 3.4.1", "3.4.1"),
    ("rp-payment-core", 8, 61, "2026-11-26T23:10:00+08:00", "release rp-payment-core 7.18.0", "7.18.0"),
    ("rp-bank-gateway", 3, 33, "2026-11-30T00:20:15+08:00", "release rp-bank-gateway 1.22.3 (CHG-20261130-0003)", "1.22.3"),
    ("rp-notify-service", 3, 29, "2026-11-30T08:24:05+08:00", "rollback rp-notify-service to 2.13.2 (oncall_tangwei)",
     "2.13.2"),
    ("rp-refund-service", 3, 22, "2026-11-30T06:38:20+08:00", "release rp-refund-service 3.8.0", "3.8.0"),
    ("rp-ledger-service", 4, 40, "2026-11-30T08:31:40+08:00", "release rp-ledger-service 4.6.1", "4.6.1"),
    ("rp-settlement-service", 2, 15, "2026-11-20T23:05:00+08:00", "release rp-settlement-service 2.9.0", "2.9.0"),
    ("rp-report-service", 4, 27, "2026-11-25T22:30:00+08:00", "release rp-report-service 5.9.2", "5.9.2"),
    ("rp-merchant-portal", 2, 44, "2026-11-27T22:15:00+08:00", "release rp-merchant-portal 4.3.0", "4.3.0"),
    ("rp-sms-gateway", 2, 12, "2026-11-18T22:50:00+08:00", "release rp-sms-gateway 1.7.4", "1.7.4"),
)


def steady_k8s(w: WorldBuilder) -> None:
    for service, replicas, revision, changed, cause, tag in STEADY:
        pods = ROLLOUTS[service][-1][1]
        assert len(pods) == replicas, service
        for index, pod in enumerate(pods):
            w.pod(namespace=NS, name=pod, service=service, phase="Running", ready="1/1", restarts=0, last_termination=None,
                  waiting_reason=None, node=NODES[(index + len(service)) % len(NODES)], observed_at=REFERENCE)
        w.deployment(namespace=NS, name=service, service=service, replicas=replicas, ready=replicas, available=replicas,
                     image=f"registry.rongpay.internal/{service.removeprefix('rp-')}/{service}:{tag}", revision=revision,
                     changed_at=dt.datetime.fromisoformat(changed), change_cause=cause,
                     conditions=[condition("Available", "True", "MinimumReplicasAvailable",
                                           "Deployment has minimum availability."),
                                 condition("Progressing", "True", "NewReplicaSetAvailable",
                                           f'ReplicaSet "{pods[0].rsplit("-", 1)[0]}" has successfully progressed.')],
                     observed_at=REFERENCE)
    for service, clock, rs, old_rs, size in (
        ("rp-notify-service", "08:24:06", "rp-notify-service-6f7d8c9b4", "rp-notify-service-84b6d7f5c9", 3),
        ("rp-ledger-service", "08:31:41", "rp-ledger-service-c7f9b5d8", "rp-ledger-service-5b9d7f8c6", 4),
        ("rp-refund-service", "06:38:21", "rp-refund-service-9f8b6c7d5", "rp-refund-service-7d5c9b8f6", 3),
    ):
        first = w.at(clock)
        w.event(type="Normal", reason="ScalingReplicaSet", object=f"Deployment/{service}",
                message=f"Scaled up replica set {rs} to {size}", count=1, first_seen=first,
                last_seen=first + dt.timedelta(seconds=48))
        w.event(type="Normal", reason="ScalingReplicaSet", object=f"Deployment/{service}",
                message=f"Scaled down replica set {old_rs} to 0 from 1", count=1, first_seen=first + dt.timedelta(seconds=50),
                last_seen=first + dt.timedelta(seconds=50))


def build_metrics(w: WorldBuilder) -> None:
    at = w.at
    iowait = [(START, 2.1), (at("02:00"), 2.3), (at("02:02"), 38.0), (at("02:05"), 64.2), (at("02:20"), 78.5),
              (at("02:40"), 86.1), (at("02:41"), IOWAIT_PEAK), (at("02:42"), 84.9), (at("03:10"), 80.2), (at("03:45"), 71.0),
              (at("03:52"), 8.0), (at("03:55"), 2.4), (REFERENCE, 2.0)]
    w.series("node_cpu_iowait_percent", "rp-pg-settle", "%", iowait, start=START, fine=[(at("01:50"), at("04:00"))],
             spread=0.8, digits=1, threshold=30, instance="rp-pg-settle-01")
    w.series("node_disk_io_util_percent", "rp-pg-settle", "%", [(START, 11), (at("02:00"), 12), (at("02:02"), 99.6),
                                                                (at("03:52"), 99.8), (at("03:54"), 14), (REFERENCE, 10)],
             start=START, fine=[(at("01:50"), at("04:00"))], spread=0.2, digits=1, threshold=90, instance="rp-pg-settle-01",
             device="nvme1n1")
    w.series("db_query_p99_latency", "rp-settlement-service", "ms", [(START, 90), (at("02:00"), 95), (at("02:05"), 2400),
                                                                     (at("02:15"), 24800), (at("02:40"), 29600),
                                                                     (at("03:50"), 27000), (at("03:53"), 1800),
                                                                     (at("04:38"), 900), (at("04:40"), 110), (REFERENCE, 100)],
             start=START, fine=[(at("01:50"), at("04:45"))], spread=250, digits=0, threshold=5000)
    w.series("sql_statement_timeouts_per_min", "rp-settlement-service", "次/分钟",
             [(START, 0), (at("02:13"), 0), (at("02:16"), 27), (at("02:45"), 34), (at("03:30"), 29), (at("03:50"), 18),
              (at("03:52"), 0), (REFERENCE, 0)],
             start=START, fine=[(at("01:50"), at("04:45"))], spread=2, digits=0, threshold=5)
    dlq = [(START, 0), (at("06:39"), 0), (at("06:44"), 118), (at("07:00"), 520), (at("07:30"), 1660), (at("08:00"), 3150),
           (at("08:33"), DLQ_PEAK), (at("08:34"), DLQ_PEAK - 100), (at("08:49"), DLQ_PEAK - 4600), (at("08:50"), 0),
           (REFERENCE, 0)]
    w.series("dlq_pending_messages", "rp-ledger-service", "条", dlq, start=START, fine=[(at("06:30"), at("09:00"))],
             digits=0, threshold=100, topic="refund-events.dlq")
    w.series("refund_posting_failure_rate", "rp-ledger-service", "%",
             [(START, 0.0), (at("06:38"), 0.0), (at("06:40"), 100.0), (at("08:32"), 100.0), (at("08:34"), 0.0),
              (REFERENCE, 0.0)],
             start=START, fine=[(at("06:30"), at("09:00"))], digits=1, threshold=5, group="ledger-refund-posting")
    fds = [(START, 280), (at("00:42"), 290), (at("00:43"), 240), (at("02:00"), 3100), (at("04:00"), 6900),
           (at("06:00"), 14200), (at("07:00"), 31800), (at("07:30"), 52600), (at("07:41"), 59120), (at("07:50"), 65210),
           (at("07:51"), 65536), (at("08:24"), 65536), (at("08:25"), 410), (REFERENCE, 380)]
    w.series("process_open_fds", "rp-notify-service", "个", fds, start=START, fine=[(at("07:20"), at("08:40"))], digits=0,
             threshold=58982)
    w.series("notify_failure_rate", "rp-notify-service", "%", [(START, 0.8), (at("07:50"), 0.9), (at("07:52"), 58.0),
                                                               (at("08:10"), 66.4), (at("08:24"), 63.0), (at("08:26"), 1.2),
                                                               (REFERENCE, 0.9)],
             start=START, fine=[(at("07:20"), at("08:40"))], spread=0.3, digits=1, threshold=5)
    w.series("notify_retry_pending", "rp-notify-service", "条", [(START, 40), (at("07:51"), 55), (at("08:25"), 21408),
                                                                 (at("08:52"), 0), (REFERENCE, 30)],
             start=START, fine=[(at("07:20"), at("09:00"))], spread=10, digits=0)
    w.series("pg_backends", "rp-pg-core", "个", [(START, 296), (at("08:00"), 310), (at("09:01"), 318), (at("09:02"), 397),
                                                 (at("09:15"), 397), (at("09:16"), 300), (at("09:18"), 312), (REFERENCE, 313)],
             start=START, fine=[(at("08:50"), at("09:25"))], digits=0, threshold=360, instance="rp-pg-core-01")
    for user, frames in (("rp_report", [(START, 80), (at("09:01"), 92), (at("09:02"), 171), (at("09:05"), 214),
                                        (at("09:09"), 259), (at("09:14"), 266), (at("09:15"), 266), (at("09:16"), 80),
                                        (REFERENCE, 80)]),
                         ("rp_pay", [(START, 150), (at("08:00"), 158), (at("09:01"), 160), (at("09:02"), 154),
                                     (at("09:05"), 111), (at("09:09"), 66), (at("09:14"), 59), (at("09:15"), 59),
                                     (at("09:16"), 148), (at("09:18"), 160), (REFERENCE, 160)])):
        w.series("pg_stat_activity_count", "rp-pg-core", "个", frames, start=START, fine=[(at("08:50"), at("09:25"))],
                 digits=0, instance="rp-pg-core-01", usename=user)
    w.series("kube_hpa_status_current_replicas", "rp-report-service", "个",
             [(START, 4), (at("09:01"), 8), (at("09:02"), 16), (at("09:14"), 16), (at("09:15"), 4), (REFERENCE, 4)],
             start=START, fine=[(at("08:50"), at("09:25"))], digits=0, hpa="rp-report-service")
    w.series("payment_create_failure_rate", "rp-payment-core", "%", [(START, 0.3), (at("09:01"), 0.3), (at("09:02"), 18.2),
                                                                     (at("09:05"), 36.9), (at("09:09"), 41.3),
                                                                     (at("09:15"), 33.0), (at("09:16"), 2.0),
                                                                     (at("09:17"), 0.3), (REFERENCE, 0.3)],
             start=START, fine=[(at("08:50"), at("09:25"))], spread=0.2, digits=1, threshold=5)
    w.series("http_p99_latency", "rp-payment-core", "ms", [(START, 180), (at("08:06"), 190), (at("08:08"), 960),
                                                           (at("09:01"), 940), (at("09:03"), 3080), (at("09:16"), 3050),
                                                           (at("09:17"), 920), (REFERENCE, 930)],
             start=START, fine=[(at("08:00"), at("09:25"))], spread=20, digits=0, threshold=1500)
    w.series("risk_fallback_rate", "rp-payment-core", "%", [(START, 0.1), (at("08:06"), 0.1), (at("08:08"), 41.0),
                                                            (at("08:12"), 78.0), (at("08:51"), 81.0), (at("09:00"), 74.0),
                                                            (REFERENCE, 76.0)],
             start=START, fine=[(at("08:00"), REFERENCE)], spread=3, digits=1, threshold=5)
    minutes = [at("08:00") + dt.timedelta(minutes=m) for m in range(int((REFERENCE - at("08:00")).total_seconds() // 60) + 1)]
    w.series("kube_pod_container_status_restarts_total", "rp-risk-engine", "次",
             [(START, 0), *((m, restarts_at(m)) for m in minutes)], start=START, fine=[(at("08:00"), REFERENCE)], digits=0,
             namespace=NS, container="risk-engine")
    w.series("kube_deployment_status_replicas_available", "rp-risk-engine", "个",
             [(START, 3), *((m, ready_at(m)) for m in minutes)], start=START, fine=[(at("08:00"), REFERENCE)], digits=0,
             namespace=NS)
    w.series("http_5xx_rate", "rp-api-gateway", "%", [(START, 0.05), (at("09:01"), 0.06), (at("09:02"), 9.8),
                                                      (at("09:09"), 11.4), (at("09:16"), 0.4), (at("09:17"), 0.06),
                                                      (REFERENCE, 0.05)],
             start=START, fine=[(at("08:50"), at("09:25"))], spread=0.02, digits=2, threshold=1)
    for service, p99, threshold in (("rp-bank-gateway", 540, 3000), ("rp-sms-gateway", 380, 2000),
                                    ("rp-merchant-portal", 320, 2000), ("rp-refund-service", 260, 2000)):
        w.series("http_5xx_rate", service, "%", [(START, 0.1), (at("08:30"), 0.2), (REFERENCE, 0.1)], start=START,
                 spread=0.05, digits=1, threshold=5)
        w.series("http_p99_latency", service, "ms", [(START, p99 - 60), (at("08:30"), p99 + 40), (REFERENCE, p99)],
                 start=START, spread=15, digits=0, threshold=threshold)
    w.series("bank_channel_success_rate", "rp-bank-gateway", "%", [(START, 99.4), (at("08:30"), 99.2), (REFERENCE, 99.3)],
             start=START, spread=0.2, digits=1)
    w.series("sms_delivery_success_rate", "rp-sms-gateway", "%", [(START, 98.9), (at("08:12"), 98.7), (REFERENCE, 98.8)],
             start=START, spread=0.2, digits=1)


# --- Runbooks ----------------------------------------------------------------------------------
RUNBOOKS: list[tuple[str, str, str]] = [
    ("runbooks/fd-exhaustion.md", "文件描述符耗尽（too many open files）处理手册", runbook(
        "文件描述符耗尽（too many open files）处理手册",
        "适用于 Go / Java 服务报 too many open files、accept4: too many open files、socket: too many open files，"
        "进程打开文件数接近 ulimit -n。",
        ["**ProcessOpenFdsNearLimit**：进程打开的文件描述符超过上限的 90%。",
         "**MerchantNotifyFailureRateHigh**：商户通知失败率超过 5%。"],
        ["`ls /proc/<pid>/fd | wc -l` 与 `ulimit -n` 对比，确认是否真的打满。",
         "`ss -tan state close-wait | wc -l`、`ss -tanp` 看句柄是不是 socket、对端是谁；大量 CLOSE_WAIT 说明本端没有关闭连接。",
         "把 process_open_fds 开始上涨的时间与发布记录对齐。"],
        ["新版本的 HTTP 客户端用法有误：每个请求新建 client、响应体没有关闭（Go 没有 resp.Body.Close()），连接一直不释放。",
         "文件打开后没有关闭。", "ulimit -n 设置过小。"],
        ["回滚引入泄漏的版本；重启只能暂时释放句柄。", "修复代码：复用 http.Client，`defer resp.Body.Close()` 并读完响应体。",
         "对 process_open_fds 设置 80% / 90% 两级告警，发布后观察句柄曲线。", "失败的通知在恢复后按重试队列补发。"])),
    ("runbooks/pg-max-connections.md", "PostgreSQL 连接数打满（too many clients）处理手册", runbook(
        "PostgreSQL 连接数打满（too many clients）处理手册",
        "适用于 FATAL: sorry, too many clients already、FATAL: remaining connection slots are reserved for "
        "non-replication superuser connections（SQLState 53300），应用拿不到新连接。",
        ["**PostgresConnectionsNearMax**：连接数超过 max_connections 的 90%。",
         "**PaymentCreateFailureRateHigh**：统一下单失败率超过 5%。"],
        ["`SELECT usename, client_addr, state, count(*) FROM pg_stat_activity GROUP BY 1, 2, 3 ORDER BY 4 DESC;` 找出占用最多的用户与来源。",
         "查看共用这个库的各服务最近的扩容：HPA 事件（SuccessfulRescale）、kubectl scale、发布。",
         "核算 Σ(副本数 × 每个 Pod 的连接池大小) 是否超过 max_connections - superuser_reserved_connections。"],
        ["共用同一个库的另一个服务扩容（HPA 上限调高或手工扩容），固定大小的连接池一启动就占满连接。",
         "连接泄漏或大量 idle in transaction。", "max_connections 规划过小。"],
        ["先把扩容的服务缩回（或调低 HPA 上限），释放连接，出错服务会自动恢复。",
         "按 max_connections 规划各服务 副本数 × 连接池 的总和；多副本服务前置 PgBouncer（transaction 模式）。",
         "不要调大出错服务自己的连接池：只会更快占满数据库连接。"])),
    ("runbooks/mq-poison-message.md", "消息反序列化失败与死信堆积处理手册", runbook(
        "消息反序列化失败与死信堆积处理手册",
        "适用于消费者报 json: cannot unmarshal … into Go struct field、InvalidFormatException、JsonMappingException，"
        "消息反复重试后进入死信 topic（*.dlq）。",
        ["**LedgerRefundPostingFailures**：消费失败率超过 5%。", "**LedgerDLQBacklog**：死信待处理消息超过 100 条。"],
        ["从消费日志确认失败的字段与类型（例如 amount 是字符串还是整数）。",
         "从死信 topic 取一条消息，与消费方的结构体 / schema 对比。", "对齐第一条失败的时间与生产方的发布记录。"],
        ["生产方发布修改了字段类型或格式（如金额由整数分改为字符串元），没有与消费方协调兼容。", "消费方版本落后于新的事件版本。",
         "个别脏数据。"],
        ["消费方发布兼容新旧两种格式的版本（或生产方回滚到旧格式）。", "修复后用 dlq-replay 把死信重放回原 topic，核对记账结果。",
         "事件 schema 纳入兼容性检查（schema registry），字段类型变更走版本号。"])),
    ("runbooks/db-host-io.md", "数据库主机 IO 饱和（iowait 高）处理手册", runbook(
        "数据库主机 IO 饱和（iowait 高）处理手册",
        "适用于数据库主机 iowait 高、磁盘 util 接近 100%，SQL 变慢、canceling statement due to statement timeout。",
        ["**HostIOWaitHigh**：CPU iowait 超过 30%。", "**SqlStatementTimeouts**：SQL 语句超时超过 5 次/分钟。",
         "**ClearingFileLate**：清算文件未在截止时间前上传。"],
        ["`iostat -x 1`、`iotop -oPa` 找出占用 IO 的进程。", "查看同一时间的定时任务：备份（pg_basebackup / pg_dump）、"
         "VACUUM FULL、批量导入。", "在 pg_stat_activity 中确认慢 SQL 是在等 IO（wait_event_type = IO）。"],
        ["全量备份在主库上运行且未限速（例如备库维护时备份脚本改用主库）。", "大批量导入或 VACUUM FULL。",
         "磁盘故障或 RAID 重建。"],
        ["备份放在备库上做；必须在主库做时加 `--max-rate` 限速，并避开清算批处理时段。",
         "与批处理冲突时先暂停备份，让批处理先跑完。", "清算批次完成后尽快补传清算文件并通知银行。"])),
    ("runbooks/k8s-liveness-restarts.md", "Pod 被存活探针反复杀掉重启处理手册", runbook(
        "Pod 被存活探针反复杀掉重启处理手册",
        "适用于 Pod 反复重启、事件里有 Unhealthy（Liveness probe failed）与 Killing（failed liveness probe, will be "
        "restarted），容器退出码 143（SIGTERM）而不是 137（OOMKilled）。",
        ["**KubePodCrashLooping**：Pod 处于 CrashLoopBackOff。",
         "**KubeDeploymentReplicasMismatch**：Deployment 可用副本数长时间少于期望值。",
         "**RiskCheckFallbackHigh**：下单风控降级比例超过 5%。"],
        ["`kubectl describe pod` 看 Events：Liveness probe failed 的原因（context deadline exceeded 表示探针超时）。",
         "`kubectl get deploy -o yaml` 或 `helm get values` 对比 livenessProbe 的 timeoutSeconds / periodSeconds / "
         "failureThreshold 最近是否变过。", "在 Pod 内 `curl -w '%{time_total}'` 测健康检查接口的实际耗时。"],
        ["livenessProbe 的 timeoutSeconds 短于健康检查接口的耗时（JVM 预热、依赖检查）。",
         "liveness 检查了外部依赖（Redis、下游服务），依赖一慢就被杀。", "initialDelaySeconds 短于应用启动时间。"],
        ["回滚探针配置（helm rollback 或恢复原 values），Pod 会停止被杀。",
         "liveness 只检查进程自身，依赖检查放到 readiness；慢启动的应用加 startupProbe。",
         "探针基线变更先在预发验证每个应用健康检查接口的耗时。"])),
    ("runbooks/hikari-pool-exhausted.md", "应用数据库连接池耗尽（HikariPool Connection is not available）处理手册", runbook(
        "应用数据库连接池耗尽（HikariPool Connection is not available）处理手册",
        "适用于 HikariPool-1 - Connection is not available, request timed out，连接池 active 长时间等于上限、"
        "数据库自身连接数正常。",
        ["**DBConnectionPoolExhausted**：应用连接池 active 等于上限超过 1 分钟。"],
        ["查看连接池 active / idle / pending 指标。", "找出长时间占用连接的慢 SQL 与长事务。"],
        ["慢 SQL 或长事务长时间占用连接。", "代码没有归还连接（连接泄漏）。"],
        ["开启 leakDetectionThreshold 找出未归还连接的代码位置。", "临时调大应用连接池上限，优化慢 SQL、缩短事务。"])),
    ("runbooks/bank-channel-timeout.md", "银行通道超时与渠道切换处理手册", runbook(
        "银行通道超时与渠道切换处理手册",
        "适用于 rp-bank-gateway 某个银行通道大量超时、返回 96（系统故障）或专线中断。",
        ["**BankChannelTimeoutHigh**：单个通道超时率超过 5%。", "**BankChannelSuccessRateLow**：通道成功率低于 95%。"],
        ["按 channel 统计超时与返回码。", "确认专线心跳与银行公告的维护窗口。"],
        ["银行侧系统维护或故障。", "专线中断。"],
        ["在渠道路由中把故障银行切到备用通道（银联或第三方通道）。", "联系银行确认恢复时间，恢复后逐步切回。"])),
]


def build_bundle(seed: int = SEED) -> Json:
    w = WorldBuilder(seed=seed, day=DAY, tz=TZ, reference=REFERENCE, instances=INSTANCES,
                     labels={"env": "prod", "cluster": "rp-hz-prod"})
    for service, (make, every) in NOISE.items():
        quiet = [(w.at(a), w.at(b)) for a, b in QUIET.get(service, [])]
        w.noise(service, make, START, every_s=every, quiet=quiet)
    notify_fds(w)
    settlement_backup(w)
    ledger_poison(w)
    risk_probe(w)
    paycore_pg(w)
    other_changes(w)
    risk_k8s(w)
    steady_k8s(w)
    build_metrics(w)
    documents = [{"title": title, "source": source, "content": content} for source, title, content in RUNBOOKS]
    return w.bundle(name="RongPay 融汇支付 2026-11-30", services=SERVICES, documents=documents)


# --- Questions ---------------------------------------------------------------------------------
#: Each incident's signature and the word of its own cause: in another incident's answer, a misattribution.
FAMILY = {
    "fd": ("too many open files", "CLOSE_WAIT"),
    "pgconn": ("too many clients", "maxReplicas"),
    "poison": ("cannot unmarshal", "refund-events.dlq"),
    "backup": ("pg_basebackup", "statement timeout"),
    "probe": ("Liveness probe failed", "timeoutSeconds"),
}
UNRELATED_REMEDIES = ("leakDetectionThreshold", "备用通道")
FIRING = ("PostgresReplicaDown", "RiskCheckFallbackHigh", "KubeDeploymentReplicasMismatch", "KubePodCrashLooping")
INCIDENT_WORDS = tuple(word for words in FAMILY.values() for word in words)


def _not(*own: str) -> tuple[str, ...]:
    """The other incidents' words, plus the unrelated runbooks' remedies."""
    return tuple(word for family, words in FAMILY.items() if family not in own for word in words) + UNRELATED_REMEDIES


QUESTIONS: tuple[WorldQuestion, ...] = (
    WorldQuestion(
        "payments_settlement_timeout_cause",
        "凌晨两点多清算批处理一直报 SQL 超时，拖到快五点才跑完，清算文件都没赶上银行的截止时间，到底咋回事？", "cause",
        asked_facts=(fact("statement timeout", "canceling statement", "语句超时"),),
        cause_facts=(fact("pg_basebackup", "dba_full_backup", "全量备份", "基础备份", "base backup"),
                     fact("iowait", "IO 等待", "I/O 等待", "IO 饱和", "磁盘 IO", "磁盘 I/O", "HostIOWaitHigh")),
        forbidden=_not("backup"), service="rp-settlement-service",
        diagnosis="02:00 cron dba_full_backup 因备库 rp-pg-settle-02 换盘维护（MT-20261129-031）改在主库 rp-pg-settle-01 上跑 "
                  "pg_basebackup（-c fast，不限速）→ 磁盘 util 100%、iowait 峰值 87.6% → 02:10 开始的清算批处理 SQL 被 "
                  "statement_timeout（30s）取消、分区反复重试 → 04:38 才跑完，清算文件 04:41 上传，晚于 04:30 截止；03:52 备份结束后恢复",
    ),
    WorldQuestion(
        "payments_settle_iowait_quantity", "清算库那台机器凌晨的 iowait 最高冲到过多少？", "quantity",
        asked_facts=(fact(str(IOWAIT_PEAK)),), forbidden=_not("backup"), service="rp-pg-settle",
        peak=Peak("rp-pg-settle", "node_cpu_iowait_percent", IOWAIT_PEAK),
        diagnosis="node_cpu_iowait_percent 峰值 87.6%（02:41）；HostIOWaitHigh 触发时的值 64.2% 不是峰值",
    ),
    WorldQuestion(
        "payments_ledger_refund_cause", "快七点那会儿开始，退款在账务里一笔都没记上，商户对账单对不上，ledger 这是出啥毛病了？",
        "cause",
        asked_facts=(fact("cannot unmarshal string", "json: cannot unmarshal", "反序列化失败"),),
        cause_facts=(fact("3.8.0", "rp-refund-service 3.8.0"),),
        forbidden=_not("poison"), service="rp-ledger-service",
        diagnosis="06:38 rp-refund-service 发布 3.8.0，RefundEvent 的 amount 从整数分改成字符串元（\"12.50\"）→ rp-ledger-service "
                  "解码报 json: cannot unmarshal string into Go struct field RefundEvent.amount of type int64，重试 3 次后进 "
                  "refund-events.dlq → 退款未记账；08:31 ledger 4.6.1 兼容两种格式，08:33–08:49 重放死信",
    ),
    WorldQuestion(
        "payments_ledger_dlq_quantity", "退款那个死信队列，最多的时候堆了多少条？", "quantity",
        asked_facts=(fact(str(DLQ_PEAK)),), forbidden=_not("poison"), service="rp-ledger-service",
        peak=Peak("rp-ledger-service", "dlq_pending_messages", DLQ_PEAK),
        diagnosis="dlq_pending_messages（refund-events.dlq）峰值 4862 条（08:33，ledger 4.6.1 上线后、重放开始前）",
    ),
    WorldQuestion(
        "payments_notify_fd_cause", "早上八点左右好多商户说收不到支付结果回调，通知服务那边出啥事了？", "cause",
        asked_facts=(fact("too many open files", "文件描述符耗尽", "句柄耗尽"),),
        cause_facts=(fact("2.14.0", "pkg/notifyhttp"),),
        forbidden=_not("fd"), service="rp-notify-service",
        diagnosis="00:42 夜间窗口发布 rp-notify-service 2.14.0（pkg/notifyhttp，每个商户一个 http.Client），连接从不关闭 → "
                  "打开的文件描述符整夜上涨，07:51 到达上限 65536 → socket/accept4: too many open files → 回调失败；08:12 查到 "
                  "63907 个 CLOSE_WAIT，08:24 回滚到 2.13.2 后恢复，重试队列 08:52 补发完",
    ),
    WorldQuestion(
        "payments_notify_fd_alert_existence", "通知服务今天早上有没有报过打开文件数快到上限的告警？", "existence",
        asked_facts=(fact("ProcessOpenFdsNearLimit"),), forbidden=_not("fd"), service="rp-notify-service",
        diagnosis="有：ProcessOpenFdsNearLimit 07:41 触发（59120/65536），08:26 回滚后恢复",
    ),
    WorldQuestion(
        "payments_paycore_pg_cause", "九点刚过那会儿下单接口报了十几分钟 500，支付核心日志里全是数据库连接的错，这是啥原因？",
        "cause",
        asked_facts=(fact("remaining connection slots are reserved", "too many clients", "max_connections"),),
        cause_facts=(fact("rp-report-service", "报表服务"),
                     fact("New size: 16", "4 -> 16", "16 个副本", "16 replicas", "扩到 16", "扩容到 16", "扩到了 16")),
        forbidden=_not("pgconn"), service="rp-payment-core",
        diagnosis="08:30 把 rp-report-service 的 HPA maxReplicas 从 4 调到 16（CHG-20261130-0061），09:00 周对账单导出让它 "
                  "4 -> 8 -> 16 扩容，每个 Pod 固定 20 个连接 → rp_report 占了 rp-pg-core 可用 397 个连接中的 259 个 → 支付核心"
                  "补不上过期的连接：remaining connection slots are reserved / too many clients → 下单 500；09:14 maxReplicas "
                  "调回 4 后恢复。原因在另一个服务；08:45 支付核心的配置推送与此无关",
    ),
    WorldQuestion(
        "payments_risk_restart_cause", "风控那几个 pod 八点过后就反复重启，到现在也没稳住，啥原因？", "cause",
        asked_facts=(fact("Liveness probe failed", "liveness probe", "存活探针"),),
        cause_facts=(fact("timeoutSeconds", "CHG-20261130-0052", "探针超时"),),
        forbidden=_not("probe"), service="rp-risk-engine",
        diagnosis="08:05 Helm chart java-service 2.3.1 -> 2.4.0（CHG-20261130-0052，平台探针基线）把 livenessProbe.timeoutSeconds "
                  "从 5 改成 1，而 /actuator/health 预热时要 1.2–2.4s → Liveness probe failed: context deadline exceeded → "
                  "Killing、退出码 143、back-off；08:51 扩到 5 个也一样。00:35 的 3.12.0 发布和 07:31 规则集发布不是原因",
    ),
    WorldQuestion(
        "payments_risk_restarts_quantity", "rp-risk-engine 的容器到现在累计重启了多少次？", "quantity",
        asked_facts=(fact(str(RESTARTS)),), forbidden=_not("probe"), service="rp-risk-engine",
        peak=Peak("rp-risk-engine", "kube_pod_container_status_restarts_total", RESTARTS),
        diagnosis=f"kube_pod_container_status_restarts_total 现在是 {RESTARTS} 次，即 5 个 Pod 的 restarts 之和",
    ),
    WorldQuestion(
        "payments_risk_changes_listing", "风控引擎今天七点以后都动过哪些东西？发版、改配置、扩缩容都算上。", "listing",
        asked_facts=(fact("v2026.11.30.1"), fact("CHG-20261130-0052", "timeoutSeconds 5 -> 1", "2.3.1 -> 2.4.0"),
                     fact("3 -> 5", "--replicas=5")),
        forbidden=_not("probe"), service="rp-risk-engine",
        diagnosis="三次：07:31 规则集 risk-core v2026.11.30.1 发布（与故障无关）、08:05 Helm 升级把 livenessProbe.timeoutSeconds "
                  "5 -> 1（CHG-20261130-0052）、08:51 值班扩容 3 -> 5；00:35 的 3.12.0 发布在时间范围之外",
    ),
    WorldQuestion(
        "payments_alert_listing", "现在还有哪些告警没恢复？列一下。", "listing",
        asked_facts=tuple(fact(name) for name in FIRING), forbidden=("rp-bank-gateway", "rp-sms-gateway"),
        diagnosis="4 条：PostgresReplicaDown（清算库备库维护，昨晚 22:14 起）、RiskCheckFallbackHigh（支付核心）、"
                  "KubeDeploymentReplicasMismatch、KubePodCrashLooping（风控）；通知、清算、账务、核心库的告警都已恢复",
    ),
    WorldQuestion(
        "payments_bank_gateway_healthy", "银行通道网关今天有没有告警？凌晨刚发过版，有点不放心。", "existence",
        asked_facts=(HEALTHY,), forbidden=INCIDENT_WORDS, service="rp-bank-gateway", healthy=True,
        diagnosis="没有：只有 INFO 与余额不足之类的业务 WARN，5xx 最高约 0.2%（阈值 5%），无告警；00:20 的 1.22.3 发布与各故障无关",
    ),
    WorldQuestion(
        "payments_sms_healthy", "短信网关八点多改过供应商权重，它自己现在有没有异常或者告警？", "existence",
        asked_facts=(HEALTHY,), forbidden=INCIDENT_WORDS, service="rp-sms-gateway", healthy=True,
        diagnosis="没有告警；5xx 远低于阈值 5%，08:12 的供应商权重调整后发送成功率不变",
    ),
)

WORLD = World(name=NAME, title="RongPay 融汇支付（支付机构微服务）", build=build_bundle, questions=QUESTIONS)
