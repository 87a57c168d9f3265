"""World "collab": 墨页文档 MoYe Docs, an online collaborative-document SaaS (``md-*`` services: the editor API, the realtime
sync gateway behind ingress-nginx, the document store and its op log, file conversion / export / preview, tenant imports,
search indexing, permissions and sharing, notifications, billing and seats, the storage gateway, SSO login, the template
centre and the audit log on a Kubernetes cluster; the nodes, the Elasticsearch cluster, the ACL MySQL and the op-log
database outside it), seen from Sunday evening 2027-02-28 20:00 to the reference time Monday 2027-03-01 18:40 (+08:00), the
first working day of the month. Nothing here was written for the offline agents; ten incidents of families neither the
demo nor the other worlds have, in ordinary noise:

(1) 02-28 22:15:30  md-doc-store: the DBA store_dba_xiekai cuts ``compaction.retain_ops_hours`` 168 → 2 to free the op-log
                    database's disk; the 03:00 CronJob ``md-doc-store-compact`` snapshots 41207 documents and truncates
    08:32–11:21     their op logs to the last two hours → on Monday morning every client that went offline over the weekend
                    reconnects with a base revision older than the oldest op kept → md-collab-gateway rejects its sync
                    ``OP_LOG_TRUNCATED`` and tells it to reload: offline edits discarded. 11:08 the retention is restored,
                    11:20 the gateway rebases offline ops onto the snapshot. The 08:05 deploy 3.14.2 of the gateway is a decoy.
(2) 13:38:05        md-ingress: the platform engineer plat_ops_luwei runs ``migrate_custom_domains.py`` on the bastion,
                    moving 1260 tenant custom domains from SLB certificates to one Ingress each, one every 6 s → every new
    13:38–15:26     Ingress makes ingress-nginx reload, and each reload closes the old workers' websockets after
                    worker-shutdown-timeout 10s → editors disconnect every few tens of seconds: md-collab-gateway's
                    reconnects go from ~40 to 9842 per minute (14:37, ``collab_ws_reconnects_per_minute``; the alert fired at
                    4120). 15:26 the script is paused at 1034/1260. The 13:15 presence-throttle config of the gateway is a
                    decoy. (The gateway thus has two incidents today: a time phrase picks one.)
(3) 09:40:20        md-convert: release 6.0.0 moves the converter onto ``debian:12-slim`` and leaves out ``fonts-noto-cjk`` →
                    LibreOffice finds no CJK font and substitutes DejaVu Sans: every Chinese PDF export and preview comes out
    09:42–12:13     as boxes (jobs succeed, WARN ``glyphs missing``, no alert). 12:12 release 6.0.1 puts the fonts back. The
                    09:20 timeout config of md-convert is a decoy.
(4) 14:02:10        md-import: the tenant 蓝海教育 (t-lanhai) starts a Confluence migration IMP-20270301-0042 (186204 pages,
                    412880 attachments) that enqueues its attachments into the shared ``convert.jobs`` queue → everybody
    14:05–16:25     else's exports and previews wait up to 15 minutes or expire ``EXPORT_QUEUE_TIMEOUT``; the queue peaks at
                    96318 at 15:12 (``convert_queue_depth``; ConvertQueueBacklogHigh fired at 12040). 15:58 the import is
                    paused and the tenant moved to ``convert.bulk``. The 13:50 max-pages config of md-convert is a decoy.
                    (md-convert thus has two incidents today.)
(5) 08:51           md-sso: the customer 华远集团's AD FS (AutoCertificateRollover) promotes its new token-signing certificate
                    9C4E1B07; t-huayuan's SAML metadata was uploaded by hand a year ago and never refreshes → every 华远
    08:51–10:43     login is rejected ``signature validation failed``. 10:42 their admin re-uploads the metadata and turns on
                    auto-refresh. The 08:20 deploy 2.9.4 of md-sso is a decoy; the metadata-check warning of 23:00 the
                    evening before said the old certificate expires in 15 days.
(6) 15:36           md-k8s-node-05: re-imaged on 02-26 with the ES data disks' ``largefile`` template (102400 inodes on its
                    root filesystem instead of 6553600) → on the first busy afternoon the storage gateway's upload parts
    15:52–16:41     (hostPath /var/tmp/md-upload) use the last inodes: the kubelet evicts the md-notify pod there, then the
                    md-storage-gw pod on that node fails every part ``no space left on device`` while ``df`` shows 41 % used;
                    the other storage pods are fine. 16:40 stale parts deleted, node cordoned for a re-image tonight
                    (KubeNodeUnschedulable still firing). The 15:20 part-size config of md-storage-gw is a decoy.
(7) 00:05:03        md-billing: the monthly CronJob ``md-billing-seat-trueup`` applies the new rule SEAT-RULE-2027.03 (external
                    guests with edit rights count as seats) → 37 tenants ``OVER_SEAT_LIMIT`` with no grace → from the morning
    08:18–11:42     md-editor-api opens their documents read-only ``SEAT_LIMIT_EXCEEDED``. 11:40 billing defers the guest
                    clause and re-runs the true-up. The 07:50 deploy 7.8.0 of the editor API is a decoy.
(8) 17:02:05        md-es: to replace a failing disk es_ops_dengqi excludes es-data-04 from allocation and raises
                    ``indices.recovery.max_bytes_per_sec`` 40mb → 500mb and concurrent recoveries 2 → 8 → the relocations
    17:04–18:20     saturate the other data nodes' disks, their write queues fill, bulk requests are rejected
                    ``es_rejected_execution_exception`` → md-search-indexer backs off and new documents are not searchable: the
                    lag peaks at 2843 s at 17:56 (``search_index_lag_seconds``; SearchIndexLagHigh fired at 318s). 17:58 the
                    recovery settings are put back. The harmless low-watermark warning of es-data-02 since 12:10 is a decoy.
(9) 11:01:50        md-mysql-acl: the DBA dba_hanlu runs ``ALTER TABLE acl_entries ADD INDEX`` (DDL-20270301-007) while a BI
                    report from bi-report-01 has been reading the table for half an hour → the ALTER waits for the metadata
    11:02–11:19     lock and every permission query queues behind it → md-permission's pool runs dry (1840 requests waiting at
                    11:14, ``permission_db_pool_pending``) and documents fail to open ``PERMISSION_CHECK_TIMEOUT``. 11:18 the
                    ALTER is killed. The 10:45 deploy 4.6.3 of md-permission is a decoy.
(10) 02-28 22:10    md-notify: 启明律师事务所's mail server answers ``550 5.4.1 Recipient address rejected`` for 85 minutes on
                    Sunday night; the bounce handler treats every 5xx as a hard bounce and puts 3127 qiming-law.com
    08:30–14:08     addresses on the suppression list → all Monday their @mention, share-invitation and comment emails are
                    skipped. 14:08 the addresses are removed and 5.4.x made a soft bounce. The 07:55 digest config of
                    md-notify is a decoy.

Healthy: md-template-center (deploy 2.4.0 at 10:30 is a decoy) and md-audit-log (a retention config at 15:00 is a decoy; its
impossible-travel warnings sound scary and are routine) — INFO/WARN only, under their thresholds, no alert. Still firing at
18:40: EsNodeDiskWatermarkLow (es-data-02 since 12:10, unrelated), KubeNodeUnschedulable (node-05 cordoned, awaiting its
re-image) and TenantCertificateExpiringSoon (a tenant's custom-domain certificate, unrelated); HostCpuHigh on
mysql-oplog-01 03:02–03:38 is the compaction's deletes. Kubernetes: the deployments and their pods with their nodes (two
on md-k8s-node-05, one of them the evicted md-notify pod), the CronJobs' pods and the events of the last hour (the 18:05
hourly usage job).
Run ``python -m evaluation.worlds collab`` to print the bundle.
"""

from __future__ import annotations

import datetime as dt
import functools
import hashlib
from collections.abc import Sequence
from typing import Any

from evaluation.worlds.common import (
    Json,
    WorldBuilder,
    clock_on,
    condition,
    interpolate,
    job_name,
    job_pod,
    k8s_suffix,
    pod_names,
    replicaset_name,
    runbook,
    termination,
)
from evaluation.worlds.spec import HEALTHY, Peak, World, WorldQuestion, fact

NAME = "collab"
SEED = 20270301
TZ = dt.timezone(dt.timedelta(hours=8))
DAY = dt.date(2027, 3, 1)
EVE = dt.date(2027, 2, 28)
START = dt.datetime(2027, 2, 28, 20, 0, tzinfo=TZ)
REFERENCE = dt.datetime(2027, 3, 1, 18, 40, tzinfo=TZ)
NS = "moye-prod"

_t = functools.partial(clock_on, DAY, TZ)  # a clock on the world's day, for module-level constants
_e = functools.partial(clock_on, EVE, TZ)  # a clock on the Sunday evening before

# --- The lines the questions are about (the tests find each one in the bundle) ----------------
# (1) the op log truncated by the compaction
OPLOG_CONFIG = ("[nacos] config changed: dataId=md-doc-store.yaml group=STORE key=compaction.retain_ops_hours old=168 new=2 "
                "operator=store_dba_xiekai md5=7c1e93a0b2d4 (oplog 库磁盘 82%，释放空间)")
COMPACT_CRON = "md-doc-store-compact"
COMPACT_JOB = job_name(COMPACT_CRON, _t("03:00"))
COMPACT_POD = job_pod(COMPACT_JOB)
COMPACT_START = (f"compaction run start (CronJob {COMPACT_CRON}, schedule \"0 3 * * *\", job {COMPACT_JOB}): snapshot "
                 "documents with ops since last snapshot, then truncate op log older than 2h")
COMPACT_DONE = ("compaction run done: 41207 docs snapshotted, 18604112 ops deleted (op log now keeps the last 2h per doc), "
                "table doc_ops 412 GB -> 97 GB, took 38m41s")
OPLOG_REJECT = ("sync reject doc={doc} client={client} tenant={tenant}: base_rev {base} < oldest retained rev {oldest}: "
                "OP_LOG_TRUNCATED, client told to reload ({ops} offline ops discarded)")
OPLOG_REVERT = ("[nacos] config changed: dataId=md-doc-store.yaml group=STORE key=compaction.retain_ops_hours old=2 new=168 "
                "operator=store_dba_xiekai md5=2f80d4c6a9e1")
GATEWAY_REBASE = ("[nacos] config changed: dataId=md-collab-gateway.yaml group=COLLAB key=sync.rebase-offline-ops-on-snapshot "
                  "old=false new=true operator=collab_dev_zhangyi md5=91b3e0d7c5a2")
GATEWAY_DEPLOY = ("deploy finished: md-collab-gateway 3.14.2 (was 3.14.1) rolled out by ci-bot pipeline=#8807; changes: "
                  "presence avatars batched per 200ms")

# (2) the custom-domain migration reloading ingress-nginx
MIGRATE_START = ("plat_ops_luwei: migrate_custom_domains.py started on ops-bastion-01: 1260 tenant custom domains from SLB "
                 "certificates to one Ingress each (ingressClass nginx), 1 every 6s")
RELOAD_REQUIRED = "controller.go:190] \"Configuration changes detected, backend reload required\""
RELOADED = "controller.go:210] \"Backend successfully reloaded\""
MIGRATE_PAUSE = ("plat_ops_luwei: migrate_custom_domains.py paused at 1034/1260 (每个新 Ingress 触发一次 reload，旧 worker 在 "
                 "worker-shutdown-timeout 10s 后断开全部 websocket)；剩余域名改为今晚合并成一次变更")
WS_CLOSED = ("websocket closed code=1006 (abnormal closure, upstream EOF) {n} connections in last 10s on this pod, clients "
             "reconnecting")
WS_STORM = "reconnect rate {n}/min on this pod (baseline ~10/min), session resume ok {ok}%, presence re-broadcast {p} docs"
PRESENCE_CONFIG = ("[nacos] config changed: dataId=md-collab-gateway.yaml group=COLLAB key=presence.broadcast-throttle-ms old=50 "
                   "new=100 operator=collab_dev_zhangyi md5=4d7a1c3e8b05")
RECONNECT_PEAK = 9842
RECONNECT_ALERT_VALUE = "4120/min"

# (3) the slim converter image without its CJK fonts
CONVERT_TIMEOUT_CONFIG = ("[nacos] config changed: dataId=md-convert.yaml group=CONVERT key=convert.job.timeout-seconds old=120 "
                          "new=180 operator=convert_dev_chenhao md5=b3a90e17d2c4")
CONVERT_DEPLOY = ("deploy finished: md-convert 6.0.0 (was 5.9.3) rolled out by ci-bot pipeline=#8812; changes: base image "
                  "debian:12-slim (image 2.1GB -> 780MB), LibreOffice 7.6.4")
FONT_FALLBACK = ("job {job} tenant={tenant} {kind} ok pages={pages} took={ms}ms; fontconfig: no match for 'Noto Sans CJK SC', "
                 "'SimSun', substituted 'DejaVu Sans': {glyphs} glyphs missing (U+4E2D, U+6587, U+6863 ...)")
CONVERT_FIX = ("deploy finished: md-convert 6.0.1 (was 6.0.0) rolled out by ci-bot pipeline=#8815; changes: add fonts-noto-cjk, "
               "fonts-wqy-zenhei back to the image (missing since the slim base image)")

# (4) the tenant's bulk import in the shared conversion queue
IMPORT_ID = "IMP-20270301-0042"
IMPORT_START = (f"import job {IMPORT_ID} started by tenant t-lanhai (蓝海教育) admin lanhai_it_wangqiang: source=confluence-export "
                "186204 pages, 412880 attachments; attachments enqueued to convert.jobs priority=normal; search indexing "
                "deferred to the nightly backfill")
QUEUE_WAIT = "job {job} tenant={tenant} {kind} waited {m}m{s:02d}s in queue convert.jobs (depth {depth})"
QUEUE_TIMEOUT = ("job {job} tenant={tenant} {kind} expired in queue convert.jobs after 900s: EXPORT_QUEUE_TIMEOUT "
                 "(depth {depth})")
IMPORT_PAUSE = (f"convert_oncall_chenhao: import {IMPORT_ID} paused (attachments enqueued 231406/412880); tenant t-lanhai jobs "
                "moved to queue convert.bulk (weight 1), import resumes tonight 22:00")
MAXPAGES_CONFIG = ("[nacos] config changed: dataId=md-convert.yaml group=CONVERT key=convert.pdf.max-pages old=500 new=800 "
                   "operator=convert_dev_chenhao md5=e5c2a7194f0b")
QUEUE_PEAK = 96318
QUEUE_ALERT_VALUE = "12040"

# (5) the IdP's rolled-over token-signing certificate
OLD_THUMB, NEW_THUMB = "3A7F52D1", "9C4E1B07"
SAML_META_WARN = (f"metadata check: tenant t-huayuan idp adfs.huayuan-group.com metadata source=manual upload (2026-03-18), "
                  f"auto-refresh off; signing certificate {OLD_THUMB} expires 2027-03-16 (15 days)")
SAML_FAIL = ("SAML response rejected tenant=t-huayuan user={user}@huayuan-group.com idp=adfs.huayuan-group.com: signature "
             f"validation failed: signing certificate thumbprint {NEW_THUMB} (CN=ADFS Signing - adfs.huayuan-group.com, valid "
             f"from 2027-02-24) not in trusted certificates [{OLD_THUMB}]")
SAML_FIX = (f"tenant t-huayuan SAML metadata re-uploaded by huayuan_it_admin via admin console: signing certificates "
            f"[{NEW_THUMB}, {OLD_THUMB}]; metadata URL https://adfs.huayuan-group.com/FederationMetadata/2007-06/"
            "FederationMetadata.xml, auto-refresh on (every 24h)")
SSO_DEPLOY = ("deploy finished: md-sso 2.9.4 (was 2.9.3) rolled out by ci-bot pipeline=#8803; changes: login page i18n (ja-JP)")

# (6) the node with too few inodes
BAD_NODE = "md-k8s-node-05"
INODE_PRESSURE = ("kubelet[1432]: eviction_manager.go:366] \"Eviction manager: attempting to reclaim\" resourceName=\"inodes\" "
                  "(nodefs.inodesFree 4.6% < 5%)")
INODE_EVICT = "kubelet[1432]: eviction_manager.go:594] \"Eviction manager: pod is evicted successfully\" pod=\"{ns}/{pod}\""
INODE_STUCK = ("kubelet[1432]: eviction_manager.go:395] \"Eviction manager: unable to evict any pods from the node\" "
               "resourceName=\"inodes\" (usage under hostPath /var/tmp/md-upload is not a pod's)")
UPLOAD_ENOSPC = ("upload part failed upload={upload} tenant={tenant} part {part}: open /var/tmp/md-upload/{upload}/part-{part}: "
                 "no space left on device")
INODE_NOTE = ("infra_oncall_gaojie: md-k8s-node-05 根分区 df -h 41%，df -i IUse% 100%（inodes 102400，同规格节点 6553600）；该节点 "
              "02-26 重装时误用了 ES 数据盘的 largefile 模板（mkfs.ext4 -T largefile）")
INODE_FIX = ("infra_oncall_gaojie: md-k8s-node-05 deleted 68212 stale part files under /var/tmp/md-upload (older than 2h), node "
             "cordoned; re-image with the standard template tonight 22:00 (CHG-20270301-031)")
PART_CONFIG = ("[nacos] config changed: dataId=md-storage-gw.yaml group=STORAGE key=upload.part-size-mb old=8 new=16 "
               "operator=storage_dev_maqing md5=0c6f2b9e7a13")

# (7) the seat true-up's new rule
SEAT_CRON = "md-billing-seat-trueup"
SEAT_JOB = job_name(SEAT_CRON, _t("00:05"))
SEAT_POD = job_pod(SEAT_JOB)
SEAT_START = (f"seat true-up 2027-03 start (CronJob {SEAT_CRON}, schedule \"5 0 1 * *\", job {SEAT_JOB}) rule SEAT-RULE-2027.03: "
              "external guests with edit rights count as seats")
SEAT_TENANT = "tenant {tenant} seats used {used} (members {members} + guests {guests}) > purchased {bought}: OVER_SEAT_LIMIT, grace 0 days"
SEAT_DONE = "seat true-up 2027-03 done: 2914 tenants, 37 OVER_SEAT_LIMIT (grace 0 days), notices queued to tenant admins"
SEAT_READONLY = ("open doc {doc} tenant={tenant} user={user}: SEAT_LIMIT_EXCEEDED (tenant seat status OVER_SEAT_LIMIT), editor "
                 "opened read-only")
SEAT_FIX = ("billing_pm_suyun: SEAT-RULE-2027.03 guest clause deferred to 2027-04-01 (customers not yet notified); true-up "
            "2027-03 re-run: 37 tenants OVER_SEAT_LIMIT -> ACTIVE")
EDITOR_DEPLOY = ("deploy finished: md-editor-api 7.8.0 (was 7.7.4) rolled out by ci-bot pipeline=#8801; changes: table column "
                 "resize, comment anchors")
READONLY_PEAK = 26.4

# (8) the shard relocation throttling the search indexer
ES_SETTINGS = ("es_ops_dengqi: PUT _cluster/settings transient cluster.routing.allocation.exclude._name=es-data-04, "
               "indices.recovery.max_bytes_per_sec 40mb -> 500mb, cluster.routing.allocation.node_concurrent_recoveries 2 -> 8 "
               "(CHG-20270301-029 更换 es-data-04 故障盘)")
ES_REJECT = ("[{node}] rejected execution of TransportShardBulkAction on EsThreadPoolExecutor[name = {node}/write, queue "
             "capacity = 10000, active threads = 8, queued tasks = 10000]")
ES_RECOVERY = "[{node}] recovery of [md-docs-v7][{shard}] from [es-data-04]: {pct}% done, {rate}mb/s, disk util {util}%"
ES_FIX = ("es_ops_dengqi: PUT _cluster/settings transient indices.recovery.max_bytes_per_sec 500mb -> 60mb, "
          "cluster.routing.allocation.node_concurrent_recoveries 8 -> 2")
ES_WATERMARK = ("[es-data-02] low disk watermark [85%] exceeded on [es-data-02][/data] free: 211.4gb[14.6%], replicas will "
                "not be assigned to this node")
BULK_REJECT = ("bulk index {n} docs to md-docs-v7 failed: 429 es_rejected_execution_exception ({k}/{n} items rejected), "
               "backoff {s}s, index lag {lag}s")
LAG_PEAK = 2843
LAG_ALERT_VALUE = "318s"

# (9) the ALTER waiting for the metadata lock
MDL_ALTER = ("dba_hanlu: ALTER TABLE acl_entries ADD INDEX idx_subject_type (subject_type, subject_id), ALGORITHM=INPLACE, "
             "LOCK=NONE started (DDL-20270301-007)")
MDL_BI = ("processlist: Id 88123 User bi_reader Host bi-report-01 Command Query Time {t} State Sending data Info: SELECT "
          "e.tenant_id, e.subject_type, count(*) FROM acl_entries e JOIN docs d ON ... GROUP BY 1,2")
MDL_WAIT = ("processlist: Id 88410 User dba_hanlu Command Query Time {t} State Waiting for table metadata lock Info: ALTER "
            "TABLE acl_entries ADD INDEX idx_subject_type ...; {n} more threads Waiting for table metadata lock (SELECT ... "
            "FROM acl_entries WHERE doc_id = ?)")
MDL_KILL = ("dba_hanlu: KILL 88410 (ALTER TABLE acl_entries waiting for table metadata lock behind BI query 88123 from "
            "bi-report-01); DDL-20270301-007 rescheduled to 02:00 with lock_wait_timeout=5")
PERM_POOL = ("HikariPool-1 - Connection is not available, request timed out after 3000ms (total=60, active=60, idle=0, "
             "waiting={n})")
PERM_TIMEOUT = "check doc={doc} user={user} action={action} failed: PERMISSION_CHECK_TIMEOUT after 3000ms"
PERM_DEPLOY = ("deploy finished: md-permission 4.6.3 (was 4.6.2) rolled out by ci-bot pipeline=#8809; changes: share link "
               "expiry picker")
POOL_PEAK = 1840

# (10) the bounces that filled the suppression list
BOUNCE_BATCH = ("bounce webhook DirectMail: {n} recipients @qiming-law.com '550 5.4.1 Recipient address rejected: Access "
                "denied' (mx.qiming-law.com) -> hard bounce, added to suppression list (e.g. {addr})")
BOUNCE_SUMMARY = ("bounce processing 2027-02-28: 3141 addresses added to suppression list (qiming-law.com 3127), rule: any 5xx "
                  "= hard bounce")
SUPPRESSED = ("email {kind} to {addr} (tenant t-qiming) skipped: address on suppression list since 2027-02-28 {clock} (hard "
              "bounce 550 5.4.1)")
SUPPRESSION_FIX = ("notify_oncall_hewen: removed 3127 qiming-law.com addresses from the suppression list (02-28 22:10-23:35 "
                   "bounces were the customer's mail gateway misconfiguration); bounce rule: 5.4.x now soft bounce")
DIGEST_CONFIG = ("[nacos] config changed: dataId=md-notify.yaml group=NOTIFY key=notify.digest.send-hour old=8 new=9 "
                 "operator=notify_dev_hewen md5=a1d8e4f0c73b")

# Healthy services' changes and the unrelated alerts
TEMPLATE_DEPLOY = ("deploy finished: md-template-center 2.4.0 (was 2.3.5) rolled out by ci-bot pipeline=#8810; changes: "
                   "2027 OKR templates")
AUDIT_CONFIG = ("[nacos] config changed: dataId=md-audit-log.yaml group=AUDIT key=audit.retention-days old=180 new=365 "
                "operator=sec_dev_yuanli md5=6e2b0f9d4c18")
CERT_SUMMARY = "租户自定义域名 wiki.beichen-tech.com 的证书 6 天后到期（租户自行上传，已邮件提醒租户管理员）"

# --- Pods, nodes, tenants -------------------------------------------------------------------------
ROLLOUTS: dict[str, list[tuple[str, tuple[str, ...]]]] = {
    "md-editor-api": [("00:00", pod_names("md-editor-api", "7.7.4", 4)), ("07:51:00", pod_names("md-editor-api", "7.8.0", 4))],
    "md-collab-gateway": [("00:00", pod_names("md-collab-gateway", "3.14.1", 4)),
                          ("08:06:00", pod_names("md-collab-gateway", "3.14.2", 4))],
    "md-doc-store": [("00:00", pod_names("md-doc-store", "2.9.0", 3))],
    "md-convert": [("00:00", pod_names("md-convert", "5.9.3", 4)), ("09:41:00", pod_names("md-convert", "6.0.0", 4)),
                   ("12:13:00", pod_names("md-convert", "6.0.1", 4))],
    "md-import": [("00:00", pod_names("md-import", "1.12.0", 2))],
    "md-search-indexer": [("00:00", pod_names("md-search-indexer", "3.3.2", 3))],
    "md-permission": [("00:00", pod_names("md-permission", "4.6.2", 3)), ("10:46:00", pod_names("md-permission", "4.6.3", 3))],
    "md-notify": [("00:00", pod_names("md-notify", "5.0.4", 3))],
    "md-billing": [("00:00", pod_names("md-billing", "4.3.0", 2))],
    "md-storage-gw": [("00:00", pod_names("md-storage-gw", "2.7.1", 3))],
    "md-sso": [("00:00", pod_names("md-sso", "2.9.3", 2)), ("08:21:00", pod_names("md-sso", "2.9.4", 2))],
    "md-ingress": [("00:00", pod_names("md-ingress", "1.10.1", 3))],
    "md-template-center": [("00:00", pod_names("md-template-center", "2.3.5", 2)),
                           ("10:31:00", pod_names("md-template-center", "2.4.0", 2))],
    "md-audit-log": [("00:00", pod_names("md-audit-log", "1.9.0", 2))],
}
# The kubelet evicted the md-notify pod on node-05 at 15:42; its ReplicaSet made a new one, scheduled on node-02.
NOTIFY_PODS = ROLLOUTS["md-notify"][0][1]
NOTIFY_EVICTED = NOTIFY_PODS[0]
NOTIFY_REPLACEMENT = f"{replicaset_name('md-notify', '5.0.4')}-{k8s_suffix('md-notify@5.0.4#evicted', 5)}"
ROLLOUTS["md-notify"].append(("15:42:20", (NOTIFY_REPLACEMENT, *NOTIFY_PODS[1:])))
STORAGE_PODS = ROLLOUTS["md-storage-gw"][0][1]
STORAGE_BAD_POD = STORAGE_PODS[1]
#: The pods the scheduler put on the node with too few inodes.
ON_BAD_NODE = (STORAGE_BAD_POD, NOTIFY_EVICTED)

NODES = [f"md-k8s-node-{n:02d}" for n in range(1, 9)]
ES_NODES = ["es-data-01", "es-data-02", "es-data-03", "es-data-04", "es-data-05"]
VMS = {
    "md-k8s-node": NODES,
    "md-es": ES_NODES + ["es-master-01", "es-master-02", "es-master-03"],
    "md-mysql-acl": ["mysql-acl-01", "mysql-acl-02"],
    "md-oplog-db": ["mysql-oplog-01", "mysql-oplog-02"],
}
INSTANCES: dict[str, list[str]] = {service: list(steps[-1][1]) for service, steps in ROLLOUTS.items()} | VMS
_GOOD_NODES = [node for node in NODES if node != BAD_NODE]


def node_of(pod: str) -> str:
    """The node a pod runs on: the two pods on node-05, the notify pod's replacement on node-02, the others spread over
    the seven others."""
    if pod in ON_BAD_NODE:
        return BAD_NODE
    if pod == NOTIFY_REPLACEMENT:
        return "md-k8s-node-02"
    return _GOOD_NODES[int(hashlib.sha256(pod.encode()).hexdigest(), 16) % len(_GOOD_NODES)]


#: tenant id → name; 华远 (SSO), 启明 (mail) and 蓝海 (import) are customers like the others in the noise.
TENANTS = {"t-huayuan": "华远集团", "t-qiming": "启明律师事务所", "t-lanhai": "蓝海教育", "t-beichen": "北辰科技",
           "t-yunqi": "云栖设计", "t-hengtai": "恒泰地产", "t-xingchen": "星辰传媒", "t-kaiyuan": "开元咨询",
           "t-minghe": "明禾医药", "t-zhiyuan": "致远软件", "t-jinshi": "金石资本", "t-qingmu": "青木教育"}
#: The 37 tenants over their seats under the new rule; a few are logged by name.
OVER_SEAT = ("t-yunqi", "t-kaiyuan", "t-qingmu", "t-jinshi", "t-minghe")
SERVICES: list[Json] = [
    {"name": "md-editor-api", "aliases": ["编辑器", "编辑器服务", "文档服务", "打开文档", "Editor API"],
     "description": "编辑器 API（Java 17，4 个副本）：打开、保存、历史版本、评论；打开文档时向 md-permission 校验权限、"
                    "按租户席位状态（md-billing）决定能否编辑，超出席位则只读打开。"},
    {"name": "md-collab-gateway", "aliases": ["协同网关", "实时协同", "实时同步", "同步网关", "协同", "websocket 网关"],
     "description": "实时协同网关（Go，4 个副本）：编辑器的 websocket 长连接（经 ingress-nginx），按文档转发操作（op）、"
                    "在线状态（presence）；客户端重连时带上 base_rev，网关从 md-doc-store 的 op log 补齐其后的操作。"},
    {"name": "md-doc-store", "aliases": ["文档存储", "op log", "快照", "文档库"],
     "description": "文档存储（Java，3 个副本）：文档快照与操作日志（op log，MySQL md-oplog-db）；每天 03:00 CronJob "
                    "md-doc-store-compact 做快照并截断已快照的 op log（保留 compaction.retain_ops_hours 小时）。"},
    {"name": "md-convert", "aliases": ["文件转换", "转换服务", "导出", "导出 PDF", "预览", "文件预览"],
     "description": "文件转换（Python + LibreOffice / Chromium，4 个副本）：导出 PDF/Word、上传文件预览、导入附件转换；"
                    "所有租户共用队列 convert.jobs，大批量任务应走 convert.bulk。"},
    {"name": "md-import", "aliases": ["导入", "导入服务", "迁移导入", "批量导入"],
     "description": "导入服务（Python，2 个副本）：Confluence、语雀、Word 批量导入，附件交给 md-convert。"},
    {"name": "md-search-indexer", "aliases": ["搜索", "搜索索引", "全文搜索", "索引"],
     "description": "搜索索引（Java，3 个副本）：消费文档变更，批量写入 Elasticsearch 索引 md-docs-v7（bulk），新文档通常 10 秒内"
                    "可搜。"},
    {"name": "md-es", "aliases": ["Elasticsearch", "ES", "ES 集群", "搜索集群"],
     "description": "Elasticsearch 8 集群：es-master-01..03，数据节点 es-data-01..05（本地 NVMe）。"},
    {"name": "md-permission", "aliases": ["权限", "权限服务", "分享", "权限与分享", "ACL"],
     "description": "权限与分享（Java，3 个副本，HikariCP 每副本 60 连接）：打开/编辑/评论前的权限校验、分享链接、继承权限；"
                    "数据在 MySQL md-mysql-acl 的 acl_entries 表。"},
    {"name": "md-mysql-acl", "aliases": ["权限库", "ACL 数据库", "MySQL"],
     "description": "权限数据库 MySQL 8.0（mysql-acl-01 主，mysql-acl-02 从）；BI 报表机 bi-report-01 直连主库只读账号 bi_reader。"},
    {"name": "md-oplog-db", "aliases": ["oplog 库", "操作日志库"],
     "description": "op log 数据库 MySQL 8.0（mysql-oplog-01 主，mysql-oplog-02 从），表 doc_ops。"},
    {"name": "md-notify", "aliases": ["通知", "通知服务", "邮件通知", "@提醒", "邀请邮件"],
     "description": "通知（Go，3 个副本）：@提醒、分享邀请、评论回复的站内信与邮件（经 DirectMail 发送），退信回调写入"
                    "抑制名单（suppression list）；每天的摘要邮件由 CronJob 发送。"},
    {"name": "md-billing", "aliases": ["计费", "席位", "账单", "订阅"],
     "description": "计费与席位（Java，2 个副本）：订阅、发票；每月 1 日 00:05 CronJob md-billing-seat-trueup 核算各租户已用席位"
                    "（规则 SEAT-RULE-*），超出则标记 OVER_SEAT_LIMIT；每小时 CronJob md-billing-usage-hourly 统计用量。"},
    {"name": "md-storage-gw", "aliases": ["存储网关", "文件存储", "附件上传", "上传"],
     "description": "存储网关（Go，3 个副本）：附件与图片的分片上传（分片先写节点上的 hostPath /var/tmp/md-upload，合并后进对象"
                    "存储）、下载签名。"},
    {"name": "md-sso", "aliases": ["SSO", "单点登录", "企业登录", "登录", "SAML"],
     "description": "单点登录（Java，2 个副本）：账号密码、企业微信、钉钉与企业 SAML 2.0 登录；每个 SAML 租户保存 IdP 元数据与"
                    "受信的签名证书（元数据 URL 自动刷新，或管理员手工上传）。"},
    {"name": "md-ingress", "aliases": ["入口网关", "Ingress", "ingress-nginx", "负载均衡"],
     "description": "ingress-nginx 1.10（3 个副本，worker-shutdown-timeout 10s）：docs.moye.cn、租户自定义域名与 /ws 的入口；"
                    "每个 Ingress 的增删改都会让 nginx reload。运维脚本在 ops-bastion-01 上执行。"},
    {"name": "md-template-center", "aliases": ["模板中心", "模板"],
     "description": "模板中心（Node.js，2 个副本）：官方与企业模板。"},
    {"name": "md-audit-log", "aliases": ["审计日志", "审计", "安全审计"],
     "description": "审计日志（Go，2 个副本）：登录、分享、导出等操作审计与风险登录识别，推送企业 SIEM。"},
    {"name": "md-k8s-node", "aliases": ["K8s 节点", "工作节点", "节点"],
     "description": "集群 md-prod 的 8 个节点 md-k8s-node-01..08（根分区 100 GiB ext4，kubelet 在 inodesFree < 5% 时驱逐 Pod）。"},
]

WINDOWS = {
    "oplog": (_t("08:32"), _t("11:21")),
    "reload": (_t("13:38:30"), _t("15:26:30")),
    "fonts": (_t("09:42"), _t("12:13")),
    "import": (_t("14:05"), _t("16:25")),
    "saml": (_t("08:51"), _t("10:43")),
    "inode": (_t("15:52"), _t("16:41")),
    "seat": (_t("08:18"), _t("11:42")),
    "es": (_t("17:04"), _t("18:20")),
    "mdl": (_t("11:02"), _t("11:19")),
    "bounce": (_t("08:30"), _t("14:08:30")),
}


def _inside(window: str, t: dt.datetime) -> bool:
    a, b = WINDOWS[window]
    return a <= t < b


def _working(t: dt.datetime) -> bool:
    return t.date() == DAY and _t("08:00") <= t < _t("19:30")


# --- Business vocabulary -------------------------------------------------------------------------
Line = tuple[str, str, dict[str, Any]]
KINDS = ("docx->pdf", "xlsx->pdf", "pptx->preview", "docx->preview", "md->pdf")
USERS = ("zhang.wei", "li.na", "wang.fang", "liu.yang", "chen.jie", "yang.min", "zhao.lei", "huang.li", "zhou.tao", "wu.xia")


def _tenant(w: WorldBuilder) -> str:
    return w.rng.choice(list(TENANTS))


def _doc(w: WorldBuilder) -> str:
    return f"D{w.rng.randint(10**9, 10**10 - 1)}"


def _user(w: WorldBuilder) -> str:
    return f"{w.rng.choice(USERS)}{w.rng.randint(1, 99)}"


def _job(w: WorldBuilder) -> str:
    return f"cv-{w.hex(10)}"


def _pod(w: WorldBuilder, service: str, t: dt.datetime) -> str:
    return w.pod_at(ROLLOUTS[service], t)


def _cjk(w: WorldBuilder) -> bool:
    """Most of our tenants' documents are in Chinese."""
    return w.rng.random() < 0.85


def _domain(tenant: str) -> str:
    return {"t-qiming": "qiming-law.com", "t-huayuan": "huayuan-group.com"}.get(tenant, f"{tenant[2:]}.com.cn")


# --- Noise: every service's ordinary day ----------------------------------------------------------
def _editor(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "md-editor-api", t)
    tenant = _tenant(w)
    roll = w.rng.random()
    busy = _working(t)
    if roll < (0.45 if busy else 0.25) and not (tenant in OVER_SEAT and _inside("seat", t)):
        return "INFO", (f"open doc {_doc(w)} tenant={tenant} user={_user(w)} mode=edit rev={w.rng.randint(10, 90000)} took="
                        f"{w.ms(18, 140)}ms"), {"instance": pod}
    if roll < 0.7:
        return "INFO", (f"save doc {_doc(w)} tenant={tenant} snapshot rev={w.rng.randint(10, 90000)} size="
                        f"{w.rng.randint(4, 900)}KB took={w.ms(9, 80)}ms"), {"instance": pod}
    if roll < 0.88:
        return "INFO", f"GET /api/v3/docs/{_doc(w)}/comments 200 took={w.ms(4, 40)}ms", {"instance": pod, "log_type": "access"}
    if roll < 0.96:
        return "INFO", f"GET /actuator/health 200 took={w.ms(1, 5)}ms", {"instance": pod, "log_type": "access"}
    return "WARN", f"doc {_doc(w)} history version list truncated to 500 entries (plan limit)", {"instance": pod}


def _gateway(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "md-collab-gateway", t)
    roll = w.rng.random()
    tenant = _tenant(w)
    if roll < 0.5:
        base = w.rng.randint(100, 90000)
        return "INFO", (f"sync doc={_doc(w)} client=c-{w.hex(8)} tenant={tenant} base_rev {base} -> {base + w.rng.randint(1, 40)} "
                        f"ops={w.rng.randint(1, 40)} took={w.ms(1, 12)}ms"), {"instance": pod}
    if roll < 0.7:
        return "INFO", (f"ws connected user={_user(w)} tenant={tenant} doc={_doc(w)} via ingress, conns on pod "
                        f"{w.rng.randint(800, 4200) if _working(t) else w.rng.randint(40, 400)}"), {"instance": pod}
    if roll < 0.9:
        return "INFO", f"presence broadcast doc={_doc(w)} peers={w.rng.randint(2, 18)} took={w.ms(0, 4)}ms", {"instance": pod}
    if roll < 0.97:
        return "INFO", f"ws closed code=1000 (normal) user={_user(w)} tenant={tenant} after {w.rng.randint(2, 240)}m", {
            "instance": pod}
    return "WARN", f"client c-{w.hex(8)} ping timeout after 45s (laptop sleep?), connection dropped", {"instance": pod}


def _doc_store(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "md-doc-store", t)
    if w.rng.random() < 0.6:
        return "INFO", (f"append ops doc={_doc(w)} n={w.rng.randint(1, 60)} rev {w.rng.randint(100, 90000)} took="
                        f"{w.ms(1, 9)}ms"), {"instance": pod}
    return "INFO", f"snapshot on demand doc={_doc(w)} size={w.rng.randint(10, 2000)}KB took={w.ms(20, 300)}ms", {"instance": pod}


def _convert(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "md-convert", t)
    tenant = _tenant(w)
    kind = w.rng.choice(KINDS)
    roll = w.rng.random()
    if roll < 0.6 and not _inside("import", t):
        pages = w.rng.randint(1, 120)
        if _inside("fonts", t) and kind != "xlsx->pdf" and _cjk(w):
            return "WARN", FONT_FALLBACK.format(job=_job(w), tenant=tenant, kind=kind, pages=pages, ms=w.ms(600, 9000),
                                                glyphs=w.rng.randint(200, 18000)), {"instance": pod}
        return "INFO", (f"job {_job(w)} tenant={tenant} {kind} ok pages={pages} took={w.ms(500, 8000)}ms fonts ok"), {
            "instance": pod}
    if roll < 0.85 and _inside("import", t):
        return "INFO", f"soffice worker {w.rng.randint(1, 24)} recycled after {w.rng.randint(180, 220)} jobs", {"instance": pod}
    if roll < 0.85:
        return "INFO", f"worker pool busy {w.rng.randint(1, 16)}/24, queue convert.jobs depth {w.rng.randint(0, 30)}", {
            "instance": pod, "logger": "stats"}
    return "WARN", f"job {_job(w)} tenant={tenant} {kind}: password-protected file, skipped preview", {"instance": pod}


def _import(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "md-import", t)
    source = w.rng.choice(["word", "yuque", "markdown-zip"])
    if w.rng.random() < 0.7:
        return "INFO", (f"import job IMP-{t:%Y%m%d}-{w.rng.randint(1, 39):04d} tenant={_tenant(w)} source={source} pages="
                        f"{w.rng.randint(1, 300)} done"), {"instance": pod}
    return "INFO", f"GET /api/import/v1/jobs?state=running 200 took={w.ms(3, 30)}ms", {"instance": pod, "log_type": "access"}


def _indexer(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "md-search-indexer", t)
    if w.rng.random() < 0.7 and not _inside("es", t):
        return "INFO", (f"bulk index {w.rng.randint(20, 500)} docs to md-docs-v7 ok took={w.ms(40, 300)}ms, index lag "
                        f"{w.rng.randint(2, 9)}s"), {"instance": pod}
    return "INFO", f"consumer doc-changes partition {w.rng.randint(0, 11)} committed offset", {"instance": pod}


def _es(w: WorldBuilder, t: dt.datetime) -> Line:
    node = w.rng.choice(ES_NODES)
    roll = w.rng.random()
    if roll < 0.5:
        return "INFO", (f"[{node}] [gc][young][{w.rng.randint(10000, 99999)}] duration [{w.ms(8, 60)}ms], collections "
                        "[1]/[1.1s], total [1.2h]"), {"instance": node}
    if roll < 0.8:
        return "INFO", f"[es-master-01] cluster health [GREEN], active shards {w.rng.randint(640, 642)}", {
            "instance": "es-master-01"}
    return "INFO", f"[{node}] [md-docs-v7] merge segments, {w.rng.randint(3, 30)} segments merged", {"instance": node}


def _permission(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "md-permission", t)
    roll = w.rng.random()
    if roll < 0.55 and not _inside("mdl", t):
        return "INFO", (f"check doc={_doc(w)} user={_user(w)} action={w.rng.choice(['view', 'edit', 'comment'])} "
                        f"allowed took={w.ms(1, 9)}ms"), {"instance": pod}
    if roll < 0.75 and not _inside("mdl", t):
        return "INFO", (f"share grant doc={_doc(w)} tenant={_tenant(w)} to {w.rng.randint(1, 8)} users role="
                        f"{w.rng.choice(['viewer', 'editor', 'commenter'])}"), {"instance": pod}
    if roll < 0.92 and _inside("mdl", t):
        return "INFO", "acl cache refresh skipped (db busy)", {"instance": pod}
    if roll < 0.92:
        return "INFO", (f"HikariPool-1 stats (total=60, active={w.rng.randint(2, 14)}, idle={w.rng.randint(40, 55)}, "
                        "waiting=0)"), {"instance": pod, "logger": "pool"}
    return "WARN", f"share link {w.hex(12)} opened after expiry, 410 returned", {"instance": pod}


def _mysql_acl(w: WorldBuilder, t: dt.datetime) -> Line:
    if w.rng.random() < 0.7:
        return "INFO", (f"status: Threads_running={w.rng.randint(2, 12)} Threads_connected={w.rng.randint(150, 190)} "
                        f"QPS={w.rng.randint(900, 4200)}"), {"instance": "mysql-acl-01"}
    return "INFO", f"replication: Seconds_Behind_Source=0 on mysql-acl-02, relay log {w.rng.randint(100, 999)}", {
        "instance": "mysql-acl-02"}


def _oplog_db(w: WorldBuilder, t: dt.datetime) -> Line:
    return "INFO", (f"status: Threads_running={w.rng.randint(2, 9)} Innodb_rows_inserted/s={w.rng.randint(200, 3000)}"), {
        "instance": "mysql-oplog-01"}


def _notify(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "md-notify", t)
    tenant = w.rng.choice([tn for tn in TENANTS if not (tn == "t-qiming" and _inside("bounce", t))])
    roll = w.rng.random()
    if roll < 0.5:
        kind = w.rng.choice(["mention", "share-invite", "comment-reply"])
        return "INFO", (f"email {kind} to {_user(w)}@{_domain(tenant)} (tenant {tenant}) accepted by DirectMail "
                        f"id={w.hex(12)}"), {"instance": pod}
    if roll < 0.8:
        return "INFO", f"in-app notification fanout doc={_doc(w)} recipients={w.rng.randint(1, 30)}", {"instance": pod}
    if roll < 0.95:
        return "INFO", "bounce webhook DirectMail: 1 recipient soft bounce 421 (mailbox busy), retry in 15m", {"instance": pod}
    return "WARN", "DirectMail send rate 92% of account quota in last minute, throttling to 80/s", {"instance": pod}


def _billing(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "md-billing", t)
    if w.rng.random() < 0.6:
        return "INFO", f"invoice INV-202703-{w.rng.randint(10000, 99999)} tenant={_tenant(w)} paid via WXPAY", {"instance": pod}
    return "INFO", f"GET /api/billing/v1/tenants/{_tenant(w)}/subscription 200 took={w.ms(3, 40)}ms", {
        "instance": pod, "log_type": "access"}


def _storage(w: WorldBuilder, t: dt.datetime) -> Line:
    pods = [p for p in ROLLOUTS["md-storage-gw"][0][1] if not (p == STORAGE_BAD_POD and _inside("inode", t))]
    pod = w.rng.choice(pods)
    roll = w.rng.random()
    if roll < 0.5:
        return "INFO", (f"upload {w.hex(12)} tenant={_tenant(w)} parts {w.rng.randint(1, 12)}/{w.rng.randint(12, 20)} merged, "
                        f"{w.rng.randint(1, 180)}MB committed to oss://moye-attachments"), {"instance": pod}
    if roll < 0.85:
        return "INFO", f"GET /api/storage/v1/sign?key=att/{w.hex(16)} 200 took={w.ms(1, 8)}ms", {"instance": pod,
                                                                                             "log_type": "access"}
    return "INFO", f"tmp cleaner: removed {w.rng.randint(0, 40)} part files older than 24h", {"instance": pod}


def _sso(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "md-sso", t)
    tenant = w.rng.choice([tn for tn in TENANTS if not (tn == "t-huayuan" and _inside("saml", t))])
    roll = w.rng.random()
    if roll < 0.45:
        how = "saml" if tenant in ("t-huayuan", "t-hengtai", "t-jinshi", "t-minghe") else w.rng.choice(["password", "wecom",
                                                                                                        "dingtalk"])
        return "INFO", f"login ok tenant={tenant} user={_user(w)} method={how} took={w.ms(40, 400)}ms", {"instance": pod}
    if roll < 0.8:
        return "INFO", f"token refresh tenant={tenant} ok", {"instance": pod}
    if roll < 0.93:
        return "INFO", f"GET /login/callback 302 took={w.ms(20, 120)}ms", {"instance": pod, "log_type": "access"}
    return "WARN", f"login failed tenant={tenant} user={_user(w)} method=password: wrong password (2/5)", {"instance": pod}


def _ingress(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "md-ingress", t)
    roll = w.rng.random()
    if roll < 0.75:
        path = w.rng.choice(["/api/v3/docs", "/ws", "/api/storage/v1/sign", "/login/callback", "/api/v3/search"])
        return "INFO", (f'{w.rng.randint(1, 223)}.{w.rng.randint(0, 255)}.{w.rng.randint(0, 255)}.{w.rng.randint(1, 254)} - - '
                        f'"GET {path} HTTP/1.1" {101 if path == "/ws" else 200} {w.rng.randint(200, 9000)} '
                        f'rt={w.rng.uniform(0.002, 0.09):.3f}'), {"instance": pod, "log_type": "access"}
    return "INFO", f"store.go:440] \"Found valid IngressClass\" ingress=\"{NS}/docs-main\" ingressclass=\"nginx\"", {
        "instance": pod}


def _template(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "md-template-center", t)
    roll = w.rng.random()
    if roll < 0.55:
        return "INFO", f"template T-{w.rng.randint(1000, 9999)} used by tenant={_tenant(w)} took={w.ms(10, 90)}ms", {"instance": pod}
    if roll < 0.92:
        return "INFO", f"GET /api/templates?category=okr 200 took={w.ms(5, 60)}ms", {"instance": pod, "log_type": "access"}
    return "WARN", f"template T-{w.rng.randint(1000, 9999)} thumbnail cache miss, regenerated", {"instance": pod}


def _audit(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "md-audit-log", t)
    roll = w.rng.random()
    if roll < 0.6:
        return "INFO", (f"audit event {w.rng.choice(['doc.share', 'doc.export', 'login', 'doc.delete'])} tenant={_tenant(w)} "
                        f"user={_user(w)} stored"), {"instance": pod}
    if roll < 0.85:
        return "INFO", f"SIEM push tenant={_tenant(w)} {w.rng.randint(10, 400)} events ok", {"instance": pod}
    if roll < 0.95:
        return "WARN", (f"risk: impossible travel login user={_user(w)} tenant={_tenant(w)} (上海 -> Frankfurt in 40m, VPN "
                        "egress likely), step-up MFA required"), {"instance": pod}
    return "WARN", f"SIEM push tenant={_tenant(w)} retry 1/5 (connection reset by peer), delivered on retry", {"instance": pod}


def _node(w: WorldBuilder, t: dt.datetime) -> Line:
    node = w.rng.choice(NODES)
    roll = w.rng.random()
    stamp = f"I{t:%m%d} {t:%H:%M:%S}.{w.rng.randint(100000, 999999)}"
    if roll < 0.4:
        return "INFO", (f'kubelet[1432]: {stamp} image_gc_manager.go:391] "Disk usage on image filesystem is below the low '
                        f'threshold" usage={41 if node == BAD_NODE else w.rng.randint(28, 55)} lowThreshold=80'), {"instance": node}
    if roll < 0.7:
        return "INFO", f"systemd[1]: Started Session {w.rng.randint(1000, 9000)} of User root.", {"instance": node}
    return "INFO", (f"chronyd[{w.rng.randint(700, 900)}]: Selected source 100.100.61.88, offset "
                    f"{w.rng.uniform(-0.4, 0.4):.3f}ms"), {"instance": node}


NOISE = {
    "md-editor-api": (_editor, 30), "md-collab-gateway": (_gateway, 25), "md-doc-store": (_doc_store, 200),
    "md-convert": (_convert, 45), "md-import": (_import, 400), "md-search-indexer": (_indexer, 60), "md-es": (_es, 400),
    "md-permission": (_permission, 40), "md-mysql-acl": (_mysql_acl, 600), "md-oplog-db": (_oplog_db, 900),
    "md-notify": (_notify, 60), "md-billing": (_billing, 500), "md-storage-gw": (_storage, 45), "md-sso": (_sso, 60),
    "md-ingress": (_ingress, 90), "md-template-center": (_template, 150), "md-audit-log": (_audit, 120),
    "md-k8s-node": (_node, 420),
}


def _rolled(w: WorldBuilder, service: str, started: str, stopping: str, step: int = -1) -> None:
    """The pods of a rollout: each new pod says it started, each old one that it stops (in the runtime's words)."""
    steps = ROLLOUTS[service]
    at = w.at(steps[step][0])
    old = steps[step - 1][1]
    for index, new in enumerate(steps[step][1]):
        moment = at + dt.timedelta(seconds=25 * index, milliseconds=w.rng.randint(0, 999))
        w.log(moment, service, "INFO", started.format(s=w.rng.randint(90, 260) / 10), instance=new, trace=False)
        if index < len(old):
            w.log(moment + dt.timedelta(seconds=12), service, "INFO", stopping, instance=old[index], trace=False)


def _when(w: WorldBuilder, moment: str | dt.datetime) -> dt.datetime:
    return moment if isinstance(moment, dt.datetime) else w.at(moment)


def _every(w: WorldBuilder, start: str | dt.datetime, end: str | dt.datetime, low: int, high: int) -> list[dt.datetime]:
    """Moments from ``start`` to ``end``, ``low``–``high`` seconds apart."""
    stop = _when(w, end)
    moment, out = _when(w, start), []
    while moment < stop:
        out.append(moment)
        moment += dt.timedelta(seconds=w.rng.randint(low, high), milliseconds=w.rng.randint(0, 999))
    return out


def _ops(w: WorldBuilder, clock: str, service: str, message: str) -> None:
    """An on-call engineer's note in the service's channel (the ops console relays it to the logs)."""
    w.log(w.at(clock), service, "INFO", message, instance="ops-console", trace=False)


SPRING = "Started {app} in {{s}} seconds (process running for 21.4)"
SHUTDOWN = "Commencing graceful shutdown. Waiting for active requests to complete"


# --- Incident 1: the op log truncated under the weekend's offline clients -----------------------------
def oplog_truncated(w: WorldBuilder) -> None:
    gw, store, db = "md-collab-gateway", "md-doc-store", "md-oplog-db"
    w.log(_e("22:15:30.204"), store, "INFO", OPLOG_CONFIG, instance=ROLLOUTS[store][0][1][0], change="config")
    w.log(w.at("03:00:04.412"), store, "INFO", COMPACT_START, instance=COMPACT_POD, job="compact")
    for moment in _every(w, "03:02:00", "03:38:00", 240, 420):
        done = int(41207 * (moment - w.at("03:00")).total_seconds() / (38 * 60 + 41))
        w.log(moment, store, "INFO", f"compaction progress {done}/41207 docs, truncating doc_ops below snapshot rev",
              instance=COMPACT_POD, job="compact")
    w.log(w.at("03:38:45.118"), store, "INFO", COMPACT_DONE, instance=COMPACT_POD, job="compact")
    w.alert("HostCpuHigh", db, "warning", w.at("03:02"), w.at("03:38"), "91.4%",
            "mysql-oplog-01 CPU 91.4%，超过阈值 85%", instance="mysql-oplog-01")
    w.log(w.at("08:05:20.330"), gw, "INFO", GATEWAY_DEPLOY, instance=ROLLOUTS[gw][1][1][0], change="deploy")
    _rolled(w, gw, "collab-gateway 3.14.2 listening on :8080 (ws /ws), drained in {s}s", "received SIGTERM, draining websockets")
    pods = ROLLOUTS[gw][1][1]
    for moment in _every(w, "08:32:10", "11:20:00", 8, 40):
        base = w.rng.randint(2000, 60000)
        w.log(moment, gw, "WARN", OPLOG_REJECT.format(doc=_doc(w), client=f"c-{w.hex(8)}", tenant=_tenant(w), base=base,
                                                      oldest=base + w.rng.randint(40, 3000), ops=w.rng.randint(1, 480)),
              instance=w.rng.choice(pods))
    _ops(w, "09:52:10.551", gw, "collab_oncall_zhangyi: 多个客户反馈周末离线编辑的文档周一联网后提示“文档已更新，请刷新”，"
         "刷新后离线改的内容没了")
    w.log(w.at("11:08:40.226"), store, "INFO", OPLOG_REVERT, instance=ROLLOUTS[store][0][1][1], change="config")
    w.log(w.at("11:20:10.604"), gw, "INFO", GATEWAY_REBASE, instance=pods[0], change="config")
    for moment in _every(w, "11:21:00", "12:10:00", 60, 240):
        base = w.rng.randint(2000, 60000)
        w.log(moment, gw, "INFO", f"sync rebase doc={_doc(w)} client=c-{w.hex(8)}: base_rev {base} older than op log, "
              f"{w.rng.randint(1, 300)} offline ops rebased onto snapshot rev {base + w.rng.randint(40, 3000)}",
              instance=w.rng.choice(pods))
    w.alert("CollabSyncRejectsHigh", gw, "warning", w.at("08:41"), w.at("11:32"), "212 次/10分钟",
            "协同同步被拒 212 次/10分钟，超过阈值 50", namespace=NS)


# --- Incident 2: the custom-domain migration reloading ingress-nginx ------------------------------------------
RECONNECTS = [(START, 12), (_t("08:00"), 30), (_t("09:30"), 46), (_t("13:38"), 42), (_t("13:39"), 3900),
              (_t("13:50"), 6200), (_t("14:30"), 9310), (_t("14:37"), RECONNECT_PEAK), (_t("14:44"), 9120),
              (_t("15:10"), 7600), (_t("15:26"), 7050), (_t("15:28"), 55), (_t("17:00"), 44), (REFERENCE, 31)]


def ingress_reloads(w: WorldBuilder) -> None:
    gw, ing = "md-collab-gateway", "md-ingress"
    gw_pods, ing_pods = ROLLOUTS[gw][1][1], ROLLOUTS[ing][0][1]
    # Ordinary reloads: a tenant adds a custom domain through the console now and then. Each one cuts the websockets
    # too, 10 s later; once an hour nobody notices.
    ordinary = _every(w, _e("20:30"), "13:30:00", 2400, 6000) + _every(w, "15:40:00", "18:30:00", 2400, 6000)
    for moment in ordinary:
        stamp = f"I{moment:%m%d} {moment:%H:%M:%S}"
        for pod in ing_pods:
            w.log(moment, ing, "INFO", f"{stamp} {RELOAD_REQUIRED}", instance=pod, trace=False)
            w.log(moment + dt.timedelta(milliseconds=w.rng.randint(600, 1400)), ing, "INFO", f"{stamp} {RELOADED}",
                  instance=pod, trace=False)
        closed = moment + dt.timedelta(seconds=10, milliseconds=w.rng.randint(100, 900))
        w.log(closed, gw, "WARN", WS_CLOSED.format(n=w.rng.randint(30, 400) if closed.hour < 8 else w.rng.randint(600, 2400)),
              instance=_pod(w, gw, closed))
    w.log(w.at("13:15:30.441"), gw, "INFO", PRESENCE_CONFIG, instance=gw_pods[1], change="config")
    w.log(w.at("13:38:05.118"), ing, "INFO", MIGRATE_START, instance="ops-bastion-01", trace=False, change="migration")
    created = 0
    for moment in _every(w, "13:38:30", "15:26:00", 22, 48):
        created = min(1034, created + w.rng.randint(4, 8))
        pod = w.rng.choice(ing_pods)
        stamp = f"I{moment:%m%d} {moment:%H:%M:%S}"
        w.log(moment, ing, "INFO", f"{stamp} store.go:366] \"Found valid IngressClass\" ingress=\"{NS}/custom-domain-"
              f"{w.hex(6)}\" ({created}/1260 migrated)", instance=pod, trace=False)
        w.log(moment + dt.timedelta(milliseconds=300), ing, "INFO", f"{stamp} {RELOAD_REQUIRED}", instance=pod, trace=False)
        w.log(moment + dt.timedelta(milliseconds=w.rng.randint(900, 1600)), ing, "INFO", f"{stamp} {RELOADED}", instance=pod,
              trace=False)
        # the old workers close their websockets 10 s later: every gateway pod sees its clients drop at once
        closed = moment + dt.timedelta(seconds=10, milliseconds=w.rng.randint(100, 900))
        for gw_pod in w.rng.sample(list(gw_pods), 2):
            w.log(closed, gw, "WARN", WS_CLOSED.format(n=w.rng.randint(600, 2400)), instance=gw_pod)
    for moment in _every(w, "13:40:00", "15:26:00", 150, 300):
        rate = int(interpolate(RECONNECTS, moment) / 4)
        w.log(moment, gw, "WARN", WS_STORM.format(n=rate, ok=w.rng.randint(93, 99), p=w.rng.randint(800, 3000)),
              instance=w.rng.choice(gw_pods), logger="stats")
    _ops(w, "14:18:40.204", gw, "collab_oncall_zhangyi: 全部租户都在报编辑器“连接已断开，正在重连”，每隔几十秒一波，网关自身 CPU、"
         "内存正常")
    _ops(w, "15:24:30.551", ing, "plat_ops_luwei: 协同值班反馈断线时间点与 ingress 的 reload 一一对应，暂停域名迁移脚本")
    w.log(w.at("15:26:10.336"), ing, "INFO", MIGRATE_PAUSE, instance="ops-bastion-01", trace=False, change="migration")
    w.alert("CollabReconnectStorm", gw, "warning", w.at("13:44"), w.at("15:31"), RECONNECT_ALERT_VALUE,
            f"协同网关重连 {RECONNECT_ALERT_VALUE}，超过阈值 1000/min", namespace=NS)


# --- Incident 3: the slim converter image without CJK fonts --------------------------------------------------
def slim_image(w: WorldBuilder) -> None:
    cv = "md-convert"
    w.log(w.at("09:20:15.204"), cv, "INFO", CONVERT_TIMEOUT_CONFIG, instance=ROLLOUTS[cv][0][1][0], change="config")
    w.log(w.at("09:40:20.118"), cv, "INFO", CONVERT_DEPLOY, instance=ROLLOUTS[cv][1][1][0], change="deploy")
    _rolled(w, cv, "convert 6.0.0 ready: 24 soffice workers, fc-list 41 fonts, started in {s}s",
            "received SIGTERM, finishing running jobs", step=1)
    _ops(w, "10:31:05.330", cv, "support_lina: 多个租户反馈上午导出的 PDF 和上传文件的预览里中文全变成方框，英文正常")
    w.log(w.at("12:12:30.441"), cv, "INFO", CONVERT_FIX, instance=ROLLOUTS[cv][2][1][0], change="deploy")
    _rolled(w, cv, "convert 6.0.1 ready: 24 soffice workers, fc-list 187 fonts, started in {s}s",
            "received SIGTERM, finishing running jobs", step=2)


# --- Incident 4: the tenant's bulk import in the shared conversion queue --------------------------------------
QUEUE = [(START, 6), (_t("08:00"), 14), (_t("14:02"), 18), (_t("14:10"), 6400), (_t("14:18"), 12040), (_t("14:40"), 41800),
         (_t("15:05"), 90100), (_t("15:12"), QUEUE_PEAK), (_t("15:20"), 94200), (_t("15:58"), 81300), (_t("16:10"), 30500),
         (_t("16:25"), 900), (_t("16:35"), 20), (REFERENCE, 12)]


def bulk_import(w: WorldBuilder) -> None:
    cv, imp = "md-convert", "md-import"
    cv_pods = ROLLOUTS[cv][2][1]
    w.log(w.at("13:50:40.330"), cv, "INFO", MAXPAGES_CONFIG, instance=cv_pods[1], change="config")
    w.log(w.at("14:02:10.204"), imp, "INFO", IMPORT_START, instance=ROLLOUTS[imp][0][1][0], trace=False)
    pages = 0
    for moment in _every(w, "14:05:00", "15:58:00", 240, 420):
        pages = min(186204, pages + w.rng.randint(6000, 11000))
        w.log(moment, imp, "INFO", f"import {IMPORT_ID} progress pages {pages}/186204, attachments enqueued "
              f"{int(pages * 1.24)}/412880", instance=ROLLOUTS[imp][0][1][0])
    for moment in _every(w, "14:05:30", "16:25:00", 10, 35):
        depth = int(interpolate(QUEUE, moment))
        roll = w.rng.random()
        if roll < 0.4:
            w.log(moment, cv, "INFO", f"job {_job(w)} tenant=t-lanhai source=import {IMPORT_ID} attachment->html ok pages="
                  f"{w.rng.randint(1, 40)}", instance=w.rng.choice(cv_pods))
            continue
        tenant = w.rng.choice([tn for tn in TENANTS if tn != "t-lanhai"])
        waited = min(900, int(depth / 105) + w.rng.randint(5, 60))
        if waited >= 900:
            w.log(moment, cv, "ERROR", QUEUE_TIMEOUT.format(job=_job(w), tenant=tenant, kind=w.rng.choice(KINDS), depth=depth),
                  instance=w.rng.choice(cv_pods))
        else:
            w.log(moment, cv, "WARN", QUEUE_WAIT.format(job=_job(w), tenant=tenant, kind=w.rng.choice(KINDS), m=waited // 60,
                                                        s=waited % 60, depth=depth), instance=w.rng.choice(cv_pods))
    _ops(w, "15:02:20.118", cv, "convert_oncall_chenhao: 大量租户反馈导出 PDF 一直排队、上传的文件预览一直显示“转换中”")
    w.log(w.at("15:58:20.551"), imp, "INFO", IMPORT_PAUSE, instance=ROLLOUTS[imp][0][1][0], trace=False, change="ops")
    w.alert("ConvertQueueBacklogHigh", cv, "warning", w.at("14:18"), w.at("16:31"), QUEUE_ALERT_VALUE,
            f"转换队列 convert.jobs 积压 {QUEUE_ALERT_VALUE}，超过阈值 5000", namespace=NS, queue="convert.jobs")


# --- Incident 5: the IdP's rolled-over signing certificate ---------------------------------------------------
def saml_rollover(w: WorldBuilder) -> None:
    sso = "md-sso"
    old_pods, pods = ROLLOUTS[sso][0][1], ROLLOUTS[sso][1][1]
    for tenant, idp in (("t-hengtai", "login.microsoftonline.com"), ("t-jinshi", "okta.jinshi-capital.com"),
                        ("t-minghe", "idp.minghe-pharma.cn")):
        w.log(_e("23:00:03.118") + dt.timedelta(seconds=w.rng.randint(1, 20)), sso, "INFO",
              f"metadata check: tenant {tenant} idp {idp} metadata refreshed from URL, signing certificates unchanged",
              instance=old_pods[0], job="metadata-check")
    w.log(_e("23:00:31.551"), sso, "WARN", SAML_META_WARN, instance=old_pods[0], job="metadata-check")
    w.log(w.at("08:20:30.204"), sso, "INFO", SSO_DEPLOY, instance=pods[0], change="deploy")
    _rolled(w, sso, SPRING.format(app="SsoApplication"), SHUTDOWN)
    for moment in _every(w, "08:51:12", "10:42:00", 6, 30):
        w.log(moment, sso, "ERROR", SAML_FAIL.format(user=_user(w)), instance=w.rng.choice(pods))
    _ops(w, "09:30:40.118", sso, "sso_oncall_qiuyan: 华远集团（t-huayuan）全员企业登录失败，其他 SAML 租户正常；已联系华远 IT")
    _ops(w, "10:21:15.336", sso, "sso_oncall_qiuyan: 华远 IT 回复：他们的 AD FS 开着 AutoCertificateRollover，今天 08:50 新的 "
         "token-signing 证书成为主证书；我们这边该租户元数据是手工上传的，不会自动刷新")
    w.log(w.at("10:42:15.660"), sso, "INFO", SAML_FIX, instance=pods[1], trace=False, change="config")
    for moment in _every(w, "10:43:00", "11:10:00", 20, 60):
        w.log(moment, sso, "INFO", f"login ok tenant=t-huayuan user={_user(w)} method=saml took={w.ms(60, 300)}ms",
              instance=w.rng.choice(pods))
    w.alert("SsoLoginFailuresHigh", sso, "critical", w.at("08:58"), w.at("10:50"), "34.1%",
            "SSO 登录失败率 34.1%，超过阈值 5%", namespace=NS)


# --- Incident 6: the node with too few inodes -----------------------------------------------------------
FILES_FREE = [(START, 40200), (_t("08:00"), 38900), (_t("12:00"), 21400), (_t("14:00"), 12800), (_t("15:00"), 8300),
              (_t("15:36"), 4700), (_t("15:52"), 0), (_t("16:40"), 0), (_t("16:41"), 70100), (REFERENCE, 69800)]


def inode_exhaustion(w: WorldBuilder) -> None:
    st, node, notify = "md-storage-gw", "md-k8s-node", "md-notify"
    w.log(w.at("15:20:40.118"), st, "INFO", PART_CONFIG, instance=STORAGE_PODS[0], change="config")
    w.log(w.at("15:36:20.204"), node, "WARN", f"kubelet[1432]: kubelet_node_status.go:650] \"Recording event message for "
          f"node\" node=\"{BAD_NODE}\" event=\"NodeHasDiskPressure\"", instance=BAD_NODE, trace=False)
    w.log(w.at("15:41:40.330"), node, "WARN", INODE_PRESSURE, instance=BAD_NODE, trace=False)
    w.log(w.at("15:42:05.441"), node, "WARN", "kubelet[1432]: eviction_manager.go:377] \"Eviction manager: must evict pod(s) "
          "to reclaim\" resourceName=\"inodes\"", instance=BAD_NODE, trace=False)
    w.log(w.at("15:42:19.880"), notify, "INFO", "received SIGTERM (evicted), draining in-flight sends", instance=NOTIFY_EVICTED,
          trace=False)
    w.log(w.at("15:42:20.551"), node, "WARN", INODE_EVICT.format(ns=NS, pod=NOTIFY_EVICTED), instance=BAD_NODE, trace=False)
    w.log(w.at("15:42:38.204"), notify, "INFO", "notify 5.0.4 started, 3 senders, DirectMail ok", instance=NOTIFY_REPLACEMENT,
          trace=False)
    for moment in _every(w, "15:47:00", "16:40:00", 240, 400):
        w.log(moment, node, "WARN", INODE_STUCK, instance=BAD_NODE, trace=False)
    for moment in _every(w, "15:52:10", "16:40:05", 6, 30):
        upload = w.hex(12)
        w.log(moment, st, "ERROR", UPLOAD_ENOSPC.format(upload=upload, tenant=_tenant(w), part=w.rng.randint(1, 20)),
              instance=STORAGE_BAD_POD)
    _ops(w, "16:12:30.118", st, f"storage_oncall_maqing: 部分用户附件上传失败、重试后成功；失败全部来自 {STORAGE_BAD_POD}，"
         "其余两个 Pod 正常")
    w.log(w.at("16:31:20.336"), node, "INFO", INODE_NOTE, instance="ops-console", trace=False)
    w.log(w.at("16:40:10.441"), node, "INFO", INODE_FIX, instance=BAD_NODE, trace=False, change="ops")
    w.alert("NodeFilesystemAlmostOutOfFiles", node, "warning", w.at("15:36"), w.at("16:46"), "4.6%",
            f"{BAD_NODE} 根分区可用 inode 4.6%，低于 5%", instance=BAD_NODE, mountpoint="/")
    w.alert("StorageUploadFailuresHigh", st, "warning", w.at("15:57"), w.at("16:48"), "6.8%",
            "附件分片上传失败率 6.8%，超过阈值 2%", namespace=NS)
    w.alert("KubeNodeUnschedulable", node, "warning", w.at("16:41"), None, "1",
            f"{BAD_NODE} 已 cordon，等待今晚 22:00 重装（CHG-20270301-031）", instance=BAD_NODE)


# --- Incident 7: the seat true-up's new rule -----------------------------------------------------------------
def seat_trueup(w: WorldBuilder) -> None:
    billing, editor = "md-billing", "md-editor-api"
    w.log(w.at("00:05:03.118"), billing, "INFO", SEAT_START, instance=SEAT_POD, job="seat-trueup")
    moment = w.at("00:05:40.204")
    for tenant in OVER_SEAT:
        moment += dt.timedelta(seconds=w.rng.randint(3, 20), milliseconds=w.rng.randint(0, 999))
        members, guests = w.rng.randint(40, 480), w.rng.randint(8, 60)
        bought = members + w.rng.randint(0, guests - 2)
        w.log(moment, billing, "WARN", SEAT_TENANT.format(tenant=tenant, used=members + guests, members=members, guests=guests,
                                                          bought=bought), instance=SEAT_POD, job="seat-trueup")
    w.log(w.at("00:07:12.336"), billing, "INFO", SEAT_DONE, instance=SEAT_POD, job="seat-trueup")
    w.log(w.at("07:50:20.441"), editor, "INFO", EDITOR_DEPLOY, instance=ROLLOUTS[editor][1][1][0], change="deploy")
    _rolled(w, editor, SPRING.format(app="EditorApiApplication"), SHUTDOWN)
    pods = ROLLOUTS[editor][1][1]
    for moment in _every(w, "08:18:20", "11:40:20", 10, 40):
        w.log(moment, editor, "WARN", SEAT_READONLY.format(doc=_doc(w), tenant=w.rng.choice(OVER_SEAT), user=_user(w)),
              instance=w.rng.choice(pods))
    _ops(w, "09:14:50.118", editor, "cs_lead_fanglin: 多家付费客户反馈今天打开文档全是只读，提示团队席位已超出，但他们没有加人")
    w.log(w.at("11:40:30.551"), billing, "INFO", SEAT_FIX, instance=ROLLOUTS[billing][0][1][0], trace=False, change="rule")
    w.alert("EditorReadOnlyOpensHigh", editor, "warning", w.at("08:30"), w.at("12:00"), "18.2%",
            "只读打开占比 18.2%，超过阈值 5%", namespace=NS)


# --- Incident 8: the shard relocation throttling the search indexer ------------------------------------------
LAG = [(START, 5), (_t("17:03"), 6), (_t("17:06"), 90), (_t("17:10"), 318), (_t("17:30"), 1320), (_t("17:50"), 2610),
       (_t("17:56"), LAG_PEAK), (_t("17:58"), 2790), (_t("18:10"), 1240), (_t("18:20"), 40), (_t("18:25"), 8),
       (REFERENCE, 6)]


def shard_relocation(w: WorldBuilder) -> None:
    es, idx = "md-es", "md-search-indexer"
    w.log(w.at("12:10:20.118"), es, "WARN", ES_WATERMARK, instance="es-data-02", trace=False)
    w.alert("EsNodeDiskWatermarkLow", es, "warning", w.at("12:11"), None, "85.4%",
            "es-data-02 磁盘使用 85.4%，超过低水位 85%（新副本不再分配到该节点）", instance="es-data-02")
    w.log(w.at("17:02:05.204"), es, "INFO", ES_SETTINGS, instance="es-master-01", trace=False, change="config")
    targets = ("es-data-01", "es-data-03", "es-data-05")
    for moment in _every(w, "17:03:00", "17:58:00", 60, 150):
        node = w.rng.choice(targets)
        w.log(moment, es, "INFO", ES_RECOVERY.format(node=node, shard=w.rng.randint(0, 23), pct=w.rng.randint(3, 97),
                                                     rate=w.rng.randint(430, 500), util=w.rng.randint(96, 100)),
              instance=node, trace=False)
    for moment in _every(w, "17:04:30", "17:58:30", 20, 60):
        node = w.rng.choice(targets)
        w.log(moment, es, "WARN", ES_REJECT.format(node=node), instance=node, trace=False)
    pods = ROLLOUTS[idx][0][1]
    for moment in _every(w, "17:04:40", "17:59:00", 10, 35):
        n = w.rng.randint(200, 500)
        w.log(moment, idx, "ERROR", BULK_REJECT.format(n=n, k=w.rng.randint(n // 3, n), s=w.rng.choice([2, 4, 8, 16, 30]),
                                                       lag=int(interpolate(LAG, moment))), instance=w.rng.choice(pods))
    _ops(w, "17:40:20.118", idx, "search_oncall_tangxin: 用户反馈下午五点后新建、修改的文档搜不到，旧文档搜索正常")
    w.log(w.at("17:58:10.336"), es, "INFO", ES_FIX, instance="es-master-01", trace=False, change="config")
    for moment in _every(w, "17:59:30", "18:20:00", 60, 120):
        w.log(moment, idx, "INFO", f"bulk index {w.rng.randint(400, 500)} docs to md-docs-v7 ok took={w.ms(300, 900)}ms, "
              f"catching up, index lag {int(interpolate(LAG, moment))}s", instance=w.rng.choice(pods))
    w.alert("SearchIndexLagHigh", idx, "warning", w.at("17:10"), w.at("18:28"), LAG_ALERT_VALUE,
            f"搜索索引延迟 {LAG_ALERT_VALUE}，超过阈值 300s", namespace=NS)


# --- Incident 9: the ALTER waiting for the metadata lock ---------------------------------------------------
POOL = [(START, 0), (_t("11:01"), 0), (_t("11:02"), 320), (_t("11:06"), 1210), (_t("11:14"), POOL_PEAK),
        (_t("11:16"), 1790), (_t("11:18"), 1650), (_t("11:19"), 12), (_t("11:20"), 0), (REFERENCE, 0)]


def metadata_lock(w: WorldBuilder) -> None:
    perm, db = "md-permission", "md-mysql-acl"
    pods = ROLLOUTS[perm][1][1]
    w.log(w.at("10:45:10.118"), perm, "INFO", PERM_DEPLOY, instance=pods[0], change="deploy")
    _rolled(w, perm, SPRING.format(app="PermissionApplication"), SHUTDOWN)
    w.log(w.at("10:31:02.204"), db, "INFO", "slow log: Id 88123 User bi_reader Host bi-report-01 started SELECT on acl_entries "
          "(report 月度分享统计)", instance="mysql-acl-01", trace=False)
    w.log(w.at("11:01:50.330"), db, "INFO", MDL_ALTER, instance="mysql-acl-01", trace=False, change="schema")
    for moment in _every(w, "11:02:30", "11:18:30", 55, 65):
        since_bi = int((moment - w.at("10:31:02")).total_seconds())
        since_alter = int((moment - w.at("11:01:50")).total_seconds())
        w.log(moment, db, "WARN", MDL_BI.format(t=since_bi), instance="mysql-acl-01", trace=False, logger="processlist")
        w.log(moment + dt.timedelta(milliseconds=5), db, "WARN",
              MDL_WAIT.format(t=since_alter, n=int(interpolate(POOL, moment) / 10) + 8), instance="mysql-acl-01", trace=False,
              logger="processlist")
    for moment in _every(w, "11:02:10", "11:19:00", 4, 15):
        if w.rng.random() < 0.5:
            w.log(moment, perm, "ERROR", PERM_POOL.format(n=int(interpolate(POOL, moment) / 3)), instance=w.rng.choice(pods))
        else:
            w.log(moment, perm, "WARN", PERM_TIMEOUT.format(doc=_doc(w), user=_user(w), action=w.rng.choice(["view", "edit"])),
                  instance=w.rng.choice(pods))
    _ops(w, "11:09:40.118", perm, "perm_oncall_guoyu: 大量用户打开文档转圈后报“权限校验超时”，连接池打满，数据库 CPU 很低")
    w.log(w.at("11:18:40.441"), db, "INFO", MDL_KILL, instance="mysql-acl-01", trace=False, change="ops")
    w.alert("PermissionCheckLatencyHigh", perm, "critical", w.at("11:04"), w.at("11:22"), "p99 3004ms",
            "权限校验 p99 3004ms，超过阈值 500ms", namespace=NS)


# --- Incident 10: the bounces that filled the suppression list ---------------------------------------------
def bounce_suppression(w: WorldBuilder) -> None:
    notify = "md-notify"
    pods = NOTIFY_PODS
    for moment in _every(w, _e("22:10:20"), _e("23:35:00"), 60, 110):
        n = w.rng.randint(30, 60)
        w.log(moment, notify, "WARN", BOUNCE_BATCH.format(n=n, addr=f"{_user(w)}@qiming-law.com"), instance=w.rng.choice(pods),
              trace=False, job="bounce")
    w.log(_e("23:40:05.118"), notify, "INFO", BOUNCE_SUMMARY, instance=pods[0], trace=False, job="bounce")
    w.log(w.at("07:55:10.204"), notify, "INFO", DIGEST_CONFIG, instance=pods[1], change="config")
    for moment in _every(w, "08:30:20", "14:08:00", 25, 90):
        clock = f"22:{w.rng.randint(10, 59):02d}" if w.rng.random() < 0.7 else f"23:{w.rng.randint(0, 35):02d}"
        w.log(moment, notify, "WARN", SUPPRESSED.format(kind=w.rng.choice(["mention", "share-invite", "comment-reply"]),
                                                        addr=f"{_user(w)}@qiming-law.com", clock=clock),
              instance=w.rng.choice(pods))
    _ops(w, "10:05:30.330", notify, "cs_lead_fanglin: 启明律所反馈全所从今早起收不到 @提醒和分享邀请邮件，站内信正常")
    w.log(w.at("14:08:30.441"), notify, "INFO", SUPPRESSION_FIX, instance=pods[2], trace=False, change="ops")


# --- Healthy services' changes, the unrelated alerts --------------------------------------------------
def other_changes(w: WorldBuilder) -> None:
    tc = "md-template-center"
    w.log(w.at("10:30:30.702"), tc, "INFO", TEMPLATE_DEPLOY, instance=ROLLOUTS[tc][1][1][0], change="deploy")
    _rolled(w, tc, "template-center 2.4.0 listening on :3000, {s}s to warm cache", "SIGTERM received, closing server")
    w.log(w.at("15:00:20.415"), "md-audit-log", "INFO", AUDIT_CONFIG, instance=ROLLOUTS["md-audit-log"][0][1][0],
          change="config")
    w.alert("TenantCertificateExpiringSoon", "md-ingress", "warning", _e("09:00"), None, "6 天", CERT_SUMMARY,
            namespace=NS, host="wiki.beichen-tech.com")


# --- Kubernetes state at 18:40 -------------------------------------------------------------------------
#: (service, revision, rolled out, change cause, image tag) of every Deployment
STEADY = (
    ("md-editor-api", 93, "2027-03-01T07:50:20+08:00", "release md-editor-api 7.8.0 (pipeline #8801)", "7.8.0"),
    ("md-collab-gateway", 61, "2027-03-01T08:05:20+08:00", "release md-collab-gateway 3.14.2 (pipeline #8807)", "3.14.2"),
    ("md-doc-store", 37, "2027-02-17T22:00:00+08:00", "release md-doc-store 2.9.0", "2.9.0"),
    ("md-convert", 52, "2027-03-01T12:12:30+08:00", "release md-convert 6.0.1 (pipeline #8815)", "6.0.1"),
    ("md-import", 19, "2027-02-10T21:30:00+08:00", "release md-import 1.12.0", "1.12.0"),
    ("md-search-indexer", 28, "2027-02-19T22:00:00+08:00", "release md-search-indexer 3.3.2", "3.3.2"),
    ("md-permission", 44, "2027-03-01T10:45:10+08:00", "release md-permission 4.6.3 (pipeline #8809)", "4.6.3"),
    ("md-notify", 33, "2027-02-24T21:00:00+08:00", "release md-notify 5.0.4", "5.0.4"),
    ("md-billing", 26, "2027-02-25T21:00:00+08:00", "release md-billing 4.3.0 (SEAT-RULE-2027.03)", "4.3.0"),
    ("md-storage-gw", 21, "2027-02-12T22:00:00+08:00", "release md-storage-gw 2.7.1", "2.7.1"),
    ("md-sso", 30, "2027-03-01T08:20:30+08:00", "release md-sso 2.9.4 (pipeline #8803)", "2.9.4"),
    ("md-ingress", 12, "2027-01-20T22:00:00+08:00", "helm upgrade ingress-nginx 4.10.1 (controller v1.10.1)", "1.10.1"),
    ("md-template-center", 17, "2027-03-01T10:30:30+08:00", "release md-template-center 2.4.0 (pipeline #8810)", "2.4.0"),
    ("md-audit-log", 14, "2027-02-03T21:00:00+08:00", "release md-audit-log 1.9.0", "1.9.0"),
)
USAGE_CRON = "md-billing-usage-hourly"
#: The CronJobs keep their last three jobs: (service, cronjob, scheduled moments)
JOBS = (
    ("md-doc-store", COMPACT_CRON, tuple(dt.datetime(2027, 2, d, 3, 0, tzinfo=TZ) for d in (27, 28)) + (_t("03:00"),)),
    ("md-billing", SEAT_CRON, (dt.datetime(2027, 1, 1, 0, 5, tzinfo=TZ), dt.datetime(2027, 2, 1, 0, 5, tzinfo=TZ),
                               _t("00:05"))),
    ("md-billing", USAGE_CRON, tuple(_t(f"{h}:05") for h in (16, 17, 18))),
)


def _deployment(w: WorldBuilder, service: str, revision: int, changed: str, cause: str, tag: str, pods: Sequence[str]) -> None:
    w.deployment(namespace=NS, name=service, service=service, replicas=len(pods), ready=len(pods), available=len(pods),
                 image=f"registry.moye.cn/prod/{service}:{tag}", revision=revision,
                 changed_at=dt.datetime.fromisoformat(changed), change_cause=cause,
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
    # The evicted pod stays in the API until someone deletes it: phase Failed, on the node that evicted it.
    w.pod(namespace=NS, name=NOTIFY_EVICTED, service="md-notify", phase="Failed", ready="0/1", restarts=0,
          last_termination=termination("Evicted", 137, w.at("15:42:20")), waiting_reason=None, node=BAD_NODE,
          observed_at=REFERENCE)
    for service, cronjob, moments in JOBS:
        for scheduled in moments:
            pod = job_pod(job_name(cronjob, scheduled))
            w.pod(namespace=NS, name=pod, service=service, phase="Succeeded", ready="0/1", restarts=0,
                  last_termination=termination("Completed", 0, scheduled + dt.timedelta(seconds=w.rng.randint(55, 240))),
                  waiting_reason=None, node=node_of(pod), observed_at=REFERENCE)
    # Events are what the API server keeps (TTL 1 h): the 18:05 hourly usage job and the old job it replaced.
    job = job_name(USAGE_CRON, _t("18:05"))
    pod = job_pod(job)
    old = job_name(USAGE_CRON, _t("15:05"))
    at = w.at("18:05:00")
    image = "registry.moye.cn/prod/md-billing:4.3.0"
    for kind, reason, message, delay in (
        (f"CronJob/{USAGE_CRON}", "SuccessfulCreate", f"Created job {job}", 0),
        (f"Job/{job}", "SuccessfulCreate", f"Created pod: {pod}", 0),
        (f"Pod/{pod}", "Scheduled", f"Successfully assigned {NS}/{pod} to {node_of(pod)}", 0),
        (f"Pod/{pod}", "Pulled", f'Container image "{image}" already present on machine', 1),
        (f"Pod/{pod}", "Created", "Created container usage", 1),
        (f"Pod/{pod}", "Started", "Started container usage", 2),
        (f"Job/{job}", "Completed", "Job completed", 71),
        (f"CronJob/{USAGE_CRON}", "SawCompletedJob", f"Saw completed job: {job}, status: Complete", 72),
        (f"CronJob/{USAGE_CRON}", "SuccessfulDelete", f"Deleted job {old}", 72),
    ):
        moment = at + dt.timedelta(seconds=delay)
        w.event(type="Normal", reason=reason, object=kind, message=message, count=1, first_seen=moment, last_seen=moment)


# --- Metrics --------------------------------------------------------------------------------------------
def build_metrics(w: WorldBuilder) -> None:
    at = w.at
    morning = [(at("08:00"), at("12:30"))]
    afternoon = [(at("13:30"), at("16:50"))]
    evening = [(at("16:50"), REFERENCE)]
    w.series("collab_sync_rejects_per_10m", "md-collab-gateway", "次",
             [(START, 1), (at("08:30"), 2), (at("08:41"), 212), (at("09:40"), 486), (at("10:30"), 301), (at("11:20"), 144),
              (at("11:25"), 3), (REFERENCE, 1)], start=START, fine=morning, spread=3, digits=0, threshold=50)
    w.series("collab_ws_reconnects_per_minute", "md-collab-gateway", "次/分钟", RECONNECTS, start=START, fine=afternoon,
             spread=40, digits=0, threshold=1000)
    w.series("collab_ws_connections", "md-collab-gateway", "个",
             [(START, 1800), (at("08:00"), 3100), (at("10:00"), 14200), (at("13:38"), 13800), (at("14:37"), 9100),
              (at("15:26"), 10200), (at("15:40"), 14100), (at("18:00"), 9800), (REFERENCE, 7600)], start=START,
             fine=afternoon, spread=150, digits=0)
    w.series("ingress_config_reloads_per_10m", "md-ingress", "次",
             [(START, 0), (at("13:38"), 1), (at("13:40"), 19), (at("14:30"), 23), (at("15:26"), 21), (at("15:28"), 0),
              (REFERENCE, 0)], start=START, fine=afternoon, spread=1, digits=0)
    w.series("convert_font_fallback_jobs_per_10m", "md-convert", "个",
             [(START, 0), (at("09:41"), 0), (at("09:45"), 96), (at("10:30"), 171), (at("11:40"), 158), (at("12:14"), 120),
              (at("12:16"), 0), (REFERENCE, 0)], start=START, fine=morning, spread=4, digits=0)
    w.series("convert_queue_depth", "md-convert", "个", QUEUE, start=START, fine=afternoon, spread=60, digits=0,
             threshold=5000, queue="convert.jobs")
    for tenant, frames in (
        ("t-lanhai", [(START, 0), (at("14:02"), 0), (at("14:10"), 6380), (at("15:12"), 96040), (at("15:58"), 81120),
                      (at("16:25"), 820), (at("16:35"), 0), (REFERENCE, 0)]),
        ("others", [(START, 6), (at("08:00"), 14), (at("14:02"), 18), (at("15:12"), 278), (at("16:25"), 80),
                    (at("16:35"), 20), (REFERENCE, 12)]),
    ):
        w.series("convert_queue_depth_by_tenant", "md-convert", "个", frames, start=START, fine=afternoon, digits=0,
                 queue="convert.jobs", tenant=tenant)
    w.series("sso_login_failure_ratio", "md-sso", "%",
             [(START, 0.8), (at("08:50"), 0.9), (at("08:58"), 34.1), (at("09:20"), 41.7), (at("10:40"), 30.2),
              (at("10:44"), 1.0), (REFERENCE, 0.7)], start=START, fine=morning, spread=0.3, digits=1, threshold=5)
    w.series("node_filesystem_files_free", "md-k8s-node", "个", FILES_FREE, start=START, fine=afternoon, digits=0,
             instance=BAD_NODE, mountpoint="/")
    w.series("node_filesystem_files_free", "md-k8s-node", "个", [(START, 5981200), (REFERENCE, 5978400)], start=START,
             fine=afternoon, spread=800, digits=0, instance="md-k8s-node-02", mountpoint="/")
    w.series("node_filesystem_avail_percent", "md-k8s-node", "%", [(START, 60.2), (at("15:52"), 58.9), (REFERENCE, 59.4)],
             start=START, fine=afternoon, spread=0.2, digits=1, instance=BAD_NODE, mountpoint="/")
    w.series("storage_upload_failure_ratio", "md-storage-gw", "%",
             [(START, 0.1), (at("15:51"), 0.1), (at("15:53"), 6.8), (at("16:20"), 8.9), (at("16:40"), 7.7), (at("16:42"), 0.2),
              (REFERENCE, 0.1)], start=START, fine=afternoon, spread=0.2, digits=1, threshold=2)
    w.series("editor_readonly_open_ratio", "md-editor-api", "%",
             [(START, 0.3), (at("08:17"), 0.4), (at("08:30"), 18.2), (at("09:30"), READONLY_PEAK), (at("11:00"), 21.5),
              (at("11:41"), 19.8), (at("11:44"), 0.5), (REFERENCE, 0.4)], start=START, fine=morning, spread=0.3, digits=1,
             threshold=5)
    w.series("search_index_lag_seconds", "md-search-indexer", "s", LAG, start=START, fine=evening, spread=3, digits=0,
             threshold=300)
    w.series("es_node_disk_io_util_percent", "md-es", "%",
             [(START, 22), (at("17:02"), 24), (at("17:04"), 99), (at("17:58"), 98), (at("18:02"), 41), (REFERENCE, 25)],
             start=START, fine=evening, spread=1.5, digits=0, instance="es-data-03")
    w.series("permission_check_p99_ms", "md-permission", "ms",
             [(START, 8), (at("11:01"), 9), (at("11:03"), 3004), (at("11:18"), 3001), (at("11:20"), 11), (REFERENCE, 8)],
             start=START, fine=morning, spread=2, digits=0, threshold=500)
    w.series("permission_db_pool_pending", "md-permission", "个", POOL, start=START, fine=morning, spread=0, digits=0)
    w.series("notify_email_suppressed_per_10m", "md-notify", "封",
             [(START, 0), (_e("22:10"), 0), (_e("22:20"), 3), (at("08:30"), 4), (at("09:30"), 131), (at("11:00"), 164),
              (at("14:05"), 119), (at("14:10"), 0), (REFERENCE, 0)], start=START, fine=morning, spread=3, digits=0)
    for service, p99, threshold in (("md-template-center", 120, 1000), ("md-audit-log", 60, 800)):
        w.series("http_5xx_ratio", service, "%", [(START, 0.02), (at("10:31"), 0.21), (at("11:00"), 0.05),
                                                  (REFERENCE, 0.03)], start=START, spread=0.02, digits=2, threshold=2)
        w.series("http_p99_latency", service, "ms", [(START, p99 - 30), (at("10:31"), p99 + 160), (at("11:00"), p99 + 10),
                                                     (REFERENCE, p99)], start=START, spread=10, digits=0,
                 threshold=threshold)


# --- Runbooks (the SRE wiki, as the teams wrote them) ------------------------------------------------
RUNBOOKS: list[tuple[str, str, str]] = [
    ("runbooks/collab/sync-reject.md", "协同同步被拒、离线编辑丢失处理手册", runbook(
        "协同同步被拒、离线编辑丢失处理手册", "适用于 md-collab-gateway 大量 sync reject、客户端被要求刷新、离线编辑丢失。",
        ["CollabSyncRejectsHigh：协同同步被拒次数超过阈值"],
        ["看拒绝原因码：OP_LOG_TRUNCATED（客户端 base_rev 早于 op log 保留的最早版本）、AUTH_EXPIRED、DOC_DELETED。",
         "OP_LOG_TRUNCATED：查 md-doc-store 的 op log 保留配置（compaction.retain_ops_hours）与最近一次 md-doc-store-compact "
         "的截断范围。", "看被拒客户端离线了多久：保留时长应大于客户端可能离线的时长（周末、长假）。"],
        ["op log 保留时长被调短，压缩任务截断了离线客户端仍需要的操作。", "客户端版本过旧，不支持断点续传。"],
        ["恢复 op log 保留时长（至少 7 天）。", "网关开启 sync.rebase-offline-ops-on-snapshot，把离线操作变基到快照上，"
         "避免丢弃。", "已截断的操作无法恢复，需通知受影响用户核对离线修改。"])),
    ("runbooks/collab/reconnect-storm.md", "编辑器频繁断线重连处理手册", runbook(
        "编辑器频繁断线重连处理手册", "适用于编辑器反复提示“连接已断开，正在重连”、协同网关重连数激增。",
        ["CollabReconnectStorm：协同网关重连次数超过 1000/min"],
        ["看断线的关闭码：1006（异常断开，通常是中间层断开）还是 1000/1001。",
         "把断线时间点与 ingress-nginx 的 \"Backend successfully reloaded\" 对齐：每次 reload 后旧 worker 在 "
         "worker-shutdown-timeout 到期时断开所有长连接。", "查 ingress 最近是否有大量 Ingress 对象创建、修改（脚本、迁移、证书）。"],
        ["频繁的 Ingress 变更导致 nginx 反复 reload，长连接被批量断开。", "网关 Pod 自身 OOM 或重启。", "客户端网络抖动。"],
        ["暂停批量变更 Ingress 的操作，改为合并成一次变更在低峰执行。", "长连接入口单独使用一组 ingress 控制器。"])),
    ("runbooks/convert/font-fallback.md", "导出 PDF、预览中文显示方框处理手册", runbook(
        "导出 PDF、预览中文显示方框处理手册", "适用于 md-convert 导出或预览的中文显示为方框（豆腐块）、字体被替换。",
        ["（无专门告警；看 convert_font_fallback_jobs_per_10m 与用户反馈）"],
        ["在转换日志中搜索 fontconfig 的 \"no match\" 与 \"glyphs missing\"。", "在转换 Pod 里执行 fc-list :lang=zh，确认中文字体存在。",
         "查最近的镜像变更（基础镜像、字体包）。"],
        ["镜像缺少中文字体包（fonts-noto-cjk、fonts-wqy-zenhei）。", "文档使用了未授权的商业字体。"],
        ["回滚镜像或补装字体包后重新发布；受影响的导出让用户重新导出。"])),
    ("runbooks/convert/queue-backlog.md", "转换队列积压处理手册", runbook(
        "转换队列积压处理手册", "适用于 md-convert 队列 convert.jobs 积压、导出一直排队、预览一直“转换中”。",
        ["ConvertQueueBacklogHigh：convert.jobs 积压超过 5000"],
        ["按租户拆分队列深度（convert_queue_depth_by_tenant），找出占满队列的租户。",
         "查 md-import 是否有大型导入任务在运行。"],
        ["单个租户的批量导入把附件转换全部塞进共享队列。", "转换 worker 卡死（soffice 僵死进程）。"],
        ["暂停该导入任务，把该租户的任务移到 convert.bulk 队列，低峰恢复。", "导入任务默认走 convert.bulk。"])),
    ("runbooks/sso/saml-failure.md", "企业 SAML 登录失败处理手册", runbook(
        "企业 SAML 登录失败处理手册", "适用于某个企业租户 SSO 登录全部失败。",
        ["SsoLoginFailuresHigh：SSO 登录失败率超过 5%"],
        ["看失败是否集中在一个租户、一个 IdP。", "看失败原因：signature validation failed 时对比响应里的证书指纹与租户受信证书。",
         "联系客户 IT 确认 IdP 是否轮换了签名证书（AD FS AutoCertificateRollover）。"],
        ["IdP 签名证书轮换，而该租户元数据为手工上传、不会自动刷新。", "IdP 与 SP 时钟偏差导致断言过期。"],
        ["让客户管理员重新上传元数据，或配置元数据 URL 开启自动刷新。", "证书到期前 30 天提醒手工上传元数据的租户。"])),
    ("runbooks/storage/upload-failure.md", "附件上传失败处理手册", runbook(
        "附件上传失败处理手册", "适用于 md-storage-gw 分片上传失败。",
        ["StorageUploadFailuresHigh：分片上传失败率超过 2%"],
        ["看失败是否集中在某个 Pod，再看该 Pod 所在节点（kubectl get pod -o wide）。",
         "no space left on device 时同时看 df -h 与 df -i：空间充足而 inode 用尽也会报这个错。",
         "看节点的 kubelet 驱逐日志（resourceName=inodes）。"],
        ["节点根分区 inode 用尽（小文件过多或文件系统 inode 数过少）。", "对象存储凭证过期。"],
        ["清理 /var/tmp/md-upload 下的过期分片，必要时 cordon 节点并用标准模板重装。", "分片临时目录改为 emptyDir 并设置 inode 监控。"])),
    ("runbooks/editor/readonly-seat.md", "文档只读打开、提示席位超出处理手册", runbook(
        "文档只读打开、提示席位超出处理手册", "适用于 md-editor-api 大量 SEAT_LIMIT_EXCEEDED、团队文档只读。",
        ["EditorReadOnlyOpensHigh：只读打开占比超过 5%"],
        ["确认受影响租户在 md-billing 的席位状态（OVER_SEAT_LIMIT）与标记时间。",
         "查最近一次席位核算（md-billing-seat-trueup）使用的规则版本与各租户已用席位的构成（成员、访客）。"],
        ["席位核算规则变更（例如把外部访客计入席位）而客户未被提前通知。", "租户确实新增了成员。"],
        ["回退或推迟规则并重跑核算，把误标记的租户恢复为 ACTIVE。", "规则变更给宽限期并提前通知客户。"])),
    ("runbooks/search/index-lag.md", "新文档搜不到（索引延迟）处理手册", runbook(
        "新文档搜不到（索引延迟）处理手册", "适用于 md-search-indexer 索引延迟、bulk 被拒。",
        ["SearchIndexLagHigh：索引延迟超过 300s"],
        ["看 indexer 的 bulk 错误：429 es_rejected_execution_exception 表示 ES 写入队列满。",
         "看 ES 集群是否有分片迁移、恢复（_cat/recovery），以及恢复限速 indices.recovery.max_bytes_per_sec。",
         "看数据节点磁盘 IO 使用率。"],
        ["分片迁移、恢复限速调得过高，占满数据节点磁盘 IO，写入被拒。", "索引 mapping 爆炸。"],
        ["把恢复限速与并发恢复数调回（40–60mb、2），迁移放到低峰。", "indexer 退避重试，延迟会自行追平。"])),
    ("runbooks/permission/check-timeout.md", "权限校验超时处理手册", runbook(
        "权限校验超时处理手册", "适用于 md-permission 连接池打满、PERMISSION_CHECK_TIMEOUT、文档打不开。",
        ["PermissionCheckLatencyHigh：权限校验 p99 超过 500ms"],
        ["看连接池等待数与数据库 CPU：池满而 CPU 低，多半是锁等待。",
         "在 md-mysql-acl 上看 processlist：是否有 Waiting for table metadata lock，排在谁后面（DDL、长查询）。"],
        ["DDL 在长事务或长查询之后等待元数据锁，后续所有查询排队。", "慢 SQL 占满连接。"],
        ["KILL 等锁的 DDL（或长查询），DDL 改在低峰并设置 lock_wait_timeout。", "BI 报表改读从库。"])),
    ("runbooks/notify/email-missing.md", "收不到通知邮件处理手册", runbook(
        "收不到通知邮件处理手册", "适用于某租户用户收不到 @提醒、分享邀请邮件。",
        ["（无专门告警；看 notify_email_suppressed_per_10m 与用户反馈）"],
        ["查该地址是否在抑制名单（suppression list）及加入原因（退信码）。", "查该租户域名最近是否有大量退信。"],
        ["客户邮件网关故障期间的退信被当作硬退信，整个域名的地址进入抑制名单。", "邮件被客户侧反垃圾拦截。"],
        ["从抑制名单移除误加的地址；5.4.x 等临时性错误按软退信处理。"])),
    ("runbooks/mobile/apns.md", "iOS 推送收不到处理手册", runbook(
        "iOS 推送收不到处理手册", "适用于 iOS App 推送全部失败。", ["PushApnsFailures"],
        ["看 APNs 返回码。"], ["推送证书过期。"], ["更新 APNs 证书后重启推送服务。"])),
    ("runbooks/office/addin.md", "Office 插件无法加载处理手册", runbook(
        "Office 插件无法加载处理手册", "适用于 Word/Excel 插件打不开墨页。", ["OfficeAddinLoadErrors"],
        ["看插件清单版本。"], ["插件缓存损坏。"], ["清除 Office 缓存后重新安装插件。"])),
]


def build_bundle(seed: int = SEED) -> Json:
    w = WorldBuilder(seed=seed, day=DAY, tz=TZ, reference=REFERENCE, instances=INSTANCES,
                     labels={"env": "prod", "cluster": "md-prod", "region": "cn-hangzhou"})
    for service, (make, every) in NOISE.items():
        w.noise(service, make, START, every_s=every)
    oplog_truncated(w)
    ingress_reloads(w)
    slim_image(w)
    bulk_import(w)
    saml_rollover(w)
    inode_exhaustion(w)
    seat_trueup(w)
    shard_relocation(w)
    metadata_lock(w)
    bounce_suppression(w)
    other_changes(w)
    k8s_state(w)
    build_metrics(w)
    documents = [{"title": title, "source": source, "content": content} for source, title, content in RUNBOOKS]
    return w.bundle(name="MoYe 墨页文档 2027-03-01", services=SERVICES, documents=documents)


# --- Questions ---------------------------------------------------------------------------------
#: Each incident's own words: in another incident's answer, a misattribution.
FAMILY = {
    "oplog": ("retain_ops_hours", "OP_LOG_TRUNCATED"),
    "reload": ("migrate_custom_domains", "reload required"),
    "fonts": ("fonts-noto-cjk", "debian:12-slim"),
    "import": (IMPORT_ID, "convert.bulk"),
    "saml": (NEW_THUMB, "AutoCertificateRollover"),
    "inode": ("largefile", "IUse%"),
    "seat": ("SEAT-RULE-2027.03", "OVER_SEAT_LIMIT"),
    "es": ("max_bytes_per_sec", "es-data-04"),
    "mdl": ("metadata lock", "DDL-20270301-007"),
    "bounce": ("suppression list", "5.4.1"),
}
#: The remedies of the runbooks for problems that did not happen.
UNRELATED_REMEDIES = ("更新 APNs 证书", "重新安装插件")
FIRING = ("EsNodeDiskWatermarkLow", "KubeNodeUnschedulable", "TenantCertificateExpiringSoon")
INCIDENT_WORDS = tuple(word for words in FAMILY.values() for word in words)


def _not(*own: str, told: tuple[str, ...] = ()) -> tuple[str, ...]:
    """The other incidents' words, plus the unrelated runbooks' remedies — less ``told``: another incident's words the
    asked service itself logs (the gateway logs the morning's OP_LOG_TRUNCATED; the converter logs both its releases and
    the import's jobs), which name no misattribution when an answer quotes them."""
    return tuple(word for family, words in FAMILY.items() if family not in own for word in words
                 if word not in told) + UNRELATED_REMEDIES


QUESTIONS: tuple[WorldQuestion, ...] = (
    WorldQuestion(
        "collab_offline_edits_lost_cause",
        "今天早上好几个客户说周末离线改的文档，周一一联网就提示要刷新，刷新完改的内容全没了，实时同步那边怎么回事？", "cause",
        asked_facts=(fact("OP_LOG_TRUNCATED", "told to reload", "offline ops discarded", "sync reject", "同步被拒"),),
        cause_facts=(fact("retain_ops_hours", "保留时长", "old=168 new=2"),
                     fact(COMPACT_CRON, "compaction", "压缩任务", "截断")),
        forbidden=_not("oplog"), service="md-collab-gateway",
        diagnosis="周日 22:15 DBA store_dba_xiekai 为了释放 oplog 库磁盘把 md-doc-store 的 compaction.retain_ops_hours 从 168 改成 2；"
                  "03:00 的 CronJob md-doc-store-compact 给 41207 个文档做快照并把 op log 截断到最近 2 小时 → 周一早上周末离线的"
                  "客户端带着更早的 base_rev 重连，网关在 op log 里补不齐，OP_LOG_TRUNCATED 让客户端刷新，离线修改被丢弃。11:08 恢复 "
                  "168 小时，11:20 网关开启 sync.rebase-offline-ops-on-snapshot 后恢复；已截断的操作找不回。08:05 的网关 3.14.2 "
                  "发布不是原因；下午的断线重连是另一件事",
    ),
    WorldQuestion(
        "collab_reconnect_cause",
        "下午一点半以后编辑器老是弹“连接已断开，正在重连”，隔几十秒就来一波，所有客户都有，协同网关咋了？", "cause",
        asked_facts=(fact("1006", "abnormal closure", "reconnect", "重连"),),
        cause_facts=(fact("migrate_custom_domains", "custom domain", "自定义域名", "Ingress"),
                     fact("Backend successfully reloaded", "backend reload", "nginx reload", "重载", "worker-shutdown-timeout")),
        forbidden=_not("reload", told=("OP_LOG_TRUNCATED",)), service="md-collab-gateway",
        diagnosis="13:38 平台运维 plat_ops_luwei 在 ops-bastion-01 上跑 migrate_custom_domains.py，把 1260 个租户自定义域名逐个迁成"
                  "独立的 Ingress（每 6 秒一个）→ 每个新 Ingress 都让 ingress-nginx reload，旧 worker 在 worker-shutdown-timeout 10s "
                  "后断开全部 websocket → 各网关 Pod 每隔几十秒一批 1006 断开，重连从每分钟约 40 次涨到 9842 次（14:37）。15:26 脚本"
                  "在 1034/1260 暂停后恢复。原因在入口网关的 reload，不在协同网关；13:15 的 presence 节流配置不是原因；早上的离线编辑"
                  "丢失是另一件事",
    ),
    WorldQuestion(
        "collab_pdf_boxes_cause", "上午导出的 PDF 里中文全变成一个个方框了，英文倒是正常，导出服务是不是出问题了？", "cause",
        asked_facts=(fact("glyphs missing", "substituted 'DejaVu Sans'", "no match for 'Noto Sans CJK SC'", "缺字", "字体替换"),),
        cause_facts=(fact("6.0.0", "debian:12-slim", "slim"), fact("fonts-noto-cjk", "中文字体", "CJK 字体", "字体包")),
        forbidden=_not("fonts", told=(IMPORT_ID, "convert.bulk")), service="md-convert",
        diagnosis="09:40 md-convert 发布 6.0.0，基础镜像换成 debian:12-slim（镜像 2.1GB → 780MB），漏掉了 fonts-noto-cjk 等中文字体 → "
                  "LibreOffice 找不到中文字体，用 DejaVu Sans 替代，导出和预览的中文全是方框（任务本身成功，只有 WARN glyphs missing，"
                  "没有告警）。12:12 发布 6.0.1 把字体装回后恢复，受影响的文件需要重新导出。09:20 的超时配置不是原因；下午的排队是另一件事",
    ),
    WorldQuestion(
        "collab_huayuan_sso_cause", "华远集团的人早上全都登不上墨页，说企业登录报错，别的公司都正常，SSO 怎么了？", "cause",
        asked_facts=(fact("signature validation failed", "签名校验失败", "SAML response rejected"),),
        cause_facts=(fact(NEW_THUMB, "AutoCertificateRollover", "token-signing", "证书轮换", "新证书"),
                     fact("metadata", "元数据", "manual upload", "手工上传")),
        forbidden=_not("saml"), service="md-sso",
        diagnosis=f"华远的 AD FS 开着 AutoCertificateRollover，今天 08:50 左右新的 token-signing 证书 {NEW_THUMB} 成为主证书；t-huayuan "
                  f"的 SAML 元数据是一年前手工上传的、不自动刷新，只信任旧证书 {OLD_THUMB} → 08:51 起华远所有 SAML 登录 signature "
                  "validation failed。昨晚 23:00 的元数据检查已提示旧证书 15 天后到期。10:42 华远管理员重新上传元数据并开启自动刷新"
                  "后恢复。08:20 的 md-sso 2.9.4 发布不是原因",
    ),
    WorldQuestion(
        "collab_upload_failures_cause", "下午四点前后有一部分人上传附件老失败，重试几次又好了，存储网关怎么回事？", "cause",
        asked_facts=(fact("no space left on device", "磁盘空间不足", "上传失败"),),
        cause_facts=(fact(BAD_NODE, "node-05", "05 节点"), fact("inode", "IUse%", "largefile")),
        forbidden=_not("inode"), service="md-storage-gw",
        diagnosis=f"失败全部来自调度在 {BAD_NODE} 上的 {STORAGE_BAD_POD}：这个节点 02-26 重装时误用了 ES 数据盘的 largefile 模板，根分区"
                  "只有 102400 个 inode（同规格 6553600）→ 周一下午上传分片（hostPath /var/tmp/md-upload）把 inode 用完，kubelet "
                  "15:42 驱逐了该节点上的 md-notify Pod 仍回收不了，15:52 起这个 Pod 写分片 no space left on device，而 df 只用了 41%；"
                  "另外两个存储 Pod 正常，所以重试落到别的 Pod 就成功。16:40 清理过期分片、cordon 节点，今晚重装。15:20 的分片大小配置"
                  "不是原因",
    ),
    WorldQuestion(
        "collab_readonly_seat_cause",
        "早上一上班好几个团队打开文档全是只读，提示团队席位超了，可他们根本没加人，编辑器怎么回事？", "cause",
        asked_facts=(fact("SEAT_LIMIT_EXCEEDED", "read-only", "只读"),),
        cause_facts=(fact("SEAT-RULE-2027.03", SEAT_CRON, "true-up", "席位核算"),
                     fact("guests", "访客", "external guests")),
        forbidden=_not("seat"), service="md-editor-api",
        diagnosis="00:05 计费的月度 CronJob md-billing-seat-trueup 按新规则 SEAT-RULE-2027.03 核算席位，把有编辑权限的外部访客也算进"
                  "席位 → 37 个租户被标成 OVER_SEAT_LIMIT 且没有宽限期 → 上班后编辑器对这些租户 SEAT_LIMIT_EXCEEDED、只读打开。"
                  "11:40 计费推迟访客条款并重跑核算后恢复。原因在 md-billing 的席位规则，不在编辑器；07:50 的编辑器 7.8.0 发布不是原因",
    ),
    WorldQuestion(
        "collab_permission_timeout_cause",
        "十一点出头打开文档一直转圈，最后报权限校验超时，过了十几分钟自己又好了，权限服务咋了？", "cause",
        asked_facts=(fact("PERMISSION_CHECK_TIMEOUT", "Connection is not available", "权限校验超时", "连接池"),),
        cause_facts=(fact("metadata lock", "元数据锁", "MDL"), fact("ALTER TABLE acl_entries", "DDL-20270301-007", "ALTER", "加索引"),
                     fact("bi-report-01", "bi_reader", "BI", "长查询")),
        forbidden=_not("mdl"), service="md-permission",
        diagnosis="11:01 DBA dba_hanlu 在 md-mysql-acl 上对 acl_entries 执行 ALTER TABLE ADD INDEX（DDL-20270301-007），而 BI 报表机 "
                  "bi-report-01 的长查询从 10:31 起一直在读这张表 → ALTER 等元数据锁（Waiting for table metadata lock），之后所有"
                  "权限查询都排在它后面 → 权限服务连接池打满（等待最多 1840），打开文档 PERMISSION_CHECK_TIMEOUT。11:18 KILL 掉 ALTER "
                  "后恢复。10:45 的权限服务 4.6.3 发布不是原因",
    ),
    WorldQuestion(
        "collab_qiming_mail_cause",
        "启明律所的人说从今天早上开始收不到任何 @ 提醒和分享邀请的邮件，站内信倒是有，通知服务咋了？", "cause",
        asked_facts=(fact("skipped", "suppression list", "抑制名单", "没有发送"),),
        cause_facts=(fact("550 5.4.1", "5.4.1", "hard bounce", "硬退信", "退信"),
                     fact("qiming-law.com", "mx.qiming-law.com", "客户邮件网关")),
        forbidden=_not("bounce"), service="md-notify",
        diagnosis="周日 22:10–23:35 启明律所的邮件网关对我们的邮件回 550 5.4.1 Recipient address rejected，通知服务的退信处理把所有 "
                  "5xx 当硬退信，3127 个 qiming-law.com 地址进了抑制名单 → 今天他们的 @提醒、分享邀请、评论回复邮件全部 skipped。"
                  "14:08 移除这些地址并把 5.4.x 改为软退信后恢复。07:55 的摘要发送时间配置不是原因；下午 md-notify 有一个 Pod 被 "
                  "node-05 驱逐，与此无关",
    ),
    WorldQuestion(
        "collab_reconnect_quantity", "下午编辑器断线那阵，协同网关一分钟里最多有多少次重连？", "quantity",
        asked_facts=(fact(str(RECONNECT_PEAK)),),
        cause_facts=(fact("migrate_custom_domains", "自定义域名", "backend reload", "Backend successfully reloaded"),),
        forbidden=_not("reload", told=("OP_LOG_TRUNCATED",)), service="md-collab-gateway",
        peak=Peak("md-collab-gateway", "collab_ws_reconnects_per_minute", RECONNECT_PEAK),
        diagnosis="collab_ws_reconnects_per_minute 峰值 9842 次/分钟（14:37），平时约 40；CollabReconnectStorm 触发时的 4120/min 不是"
                  "峰值。起因是 13:38 起的自定义域名迁移脚本让 ingress-nginx 反复 reload",
    ),
    WorldQuestion(
        "collab_search_lag_quantity", "傍晚新建的文档最长要等多久才能被搜出来？", "quantity",
        asked_facts=(fact(str(LAG_PEAK)),),
        cause_facts=(fact("max_bytes_per_sec", "es-data-04", "分片迁移", "relocation", "recovery"),),
        forbidden=_not("es"), service="md-search-indexer",
        peak=Peak("md-search-indexer", "search_index_lag_seconds", LAG_PEAK),
        diagnosis="search_index_lag_seconds 峰值 2843 秒（约 47 分钟，17:56）；SearchIndexLagHigh 触发时的 318s 不是峰值。17:02 ES 运维"
                  "为更换 es-data-04 的坏盘把它排除出分配，并把 indices.recovery.max_bytes_per_sec 从 40mb 调到 500mb、并发恢复 2 → 8 → "
                  "数据节点磁盘 IO 打满，写队列满，bulk 429 es_rejected_execution_exception；17:58 调回后 18:20 追平",
    ),
    WorldQuestion(
        "collab_permission_pool_quantity", "十一点那会儿权限服务里排队等数据库连接的请求最多堆了多少个？", "quantity",
        asked_facts=(fact(str(POOL_PEAK)),), forbidden=_not("mdl"), service="md-permission",
        peak=Peak("md-permission", "permission_db_pool_pending", POOL_PEAK),
        diagnosis="permission_db_pool_pending 峰值 1840（11:14）；起因是 11:01 的 ALTER TABLE acl_entries 排在 BI 长查询后面等元数据锁，"
                  "所有权限查询跟着排队",
    ),
    WorldQuestion(
        "collab_convert_alert_existence", "文件转换服务下午报过警没有？", "existence",
        asked_facts=(fact("ConvertQueueBacklogHigh"),),
        cause_facts=(fact(IMPORT_ID, "t-lanhai", "蓝海教育", "批量导入", "Confluence"),),
        forbidden=_not("import", told=("fonts-noto-cjk", "debian:12-slim")), service="md-convert",
        diagnosis="报过：ConvertQueueBacklogHigh 14:18 触发、16:31 恢复（convert.jobs 积压，峰值 96318）。14:02 蓝海教育（t-lanhai）开始 "
                  f"Confluence 迁移 {IMPORT_ID}，41 万个附件涌进共享队列 convert.jobs，其他租户的导出、预览排队甚至 EXPORT_QUEUE_TIMEOUT；"
                  "15:58 暂停导入并把该租户移到 convert.bulk。上午的中文方框问题没有告警",
    ),
    WorldQuestion(
        "collab_template_center_healthy", "模板中心上午发了个版，现在有告警或者报错吗？", "existence",
        asked_facts=(HEALTHY,), forbidden=INCIDENT_WORDS, service="md-template-center", healthy=True,
        diagnosis="没有：只有模板使用的 INFO 和缩略图缓存未命中的 WARN，5xx 最高约 0.21%（阈值 2%），p99 远低于 1000ms，无告警；10:30 的 "
                  "2.4.0 发布与各故障无关",
    ),
    WorldQuestion(
        "collab_audit_log_healthy", "审计日志今天一直在报异地登录的警告，它自己是不是有问题？", "existence",
        asked_facts=(HEALTHY,), forbidden=INCIDENT_WORDS, service="md-audit-log", healthy=True,
        diagnosis="没有问题：impossible travel 的 WARN 是风险识别的正常输出（要求 MFA 二次验证），SIEM 推送偶尔重试一次成功；5xx 远低于"
                  "阈值 2%，p99 远低于 800ms，没有告警；15:00 把保留期改为 365 天的配置无影响",
    ),
    WorldQuestion(
        "collab_alert_listing", "现在还有哪些告警没恢复？帮我列一下。", "listing",
        asked_facts=tuple(fact(name) for name in FIRING), forbidden=("md-template-center", "md-audit-log"),
        diagnosis="3 条：EsNodeDiskWatermarkLow（es-data-02 磁盘 85.4% 超过低水位，12:11 起，与故障无关）、KubeNodeUnschedulable"
                  "（md-k8s-node-05 已 cordon，等今晚重装）、TenantCertificateExpiringSoon（租户自定义域名 wiki.beichen-tech.com 的证书 6 天"
                  "后到期，昨天起）；其余告警都已恢复",
    ),
    WorldQuestion(
        "collab_gateway_changes_listing", "协同网关今天都改过些什么？发版、改配置都算上。", "listing",
        asked_facts=(fact("3.14.2"), fact("rebase-offline-ops-on-snapshot"), fact("broadcast-throttle-ms")),
        forbidden=UNRELATED_REMEDIES, service="md-collab-gateway",
        diagnosis="三次：08:05 发布 3.14.2（presence 头像合并，与故障无关）、11:20 配置 sync.rebase-offline-ops-on-snapshot false → true"
                  "（早上离线编辑丢失的缓解）、13:15 配置 presence.broadcast-throttle-ms 50 → 100（与下午断线无关）",
    ),
)

WORLD = World(name=NAME, title="MoYe 墨页文档（在线协同文档 SaaS）", build=build_bundle, questions=QUESTIONS)
