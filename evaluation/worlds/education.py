"""World "education": 启航教育 QiHang Education, a K-12 online education and exam platform in Hangzhou (``qh-*`` services: the
App gateway, teachers' login through the province's 统一身份认证, the roster imported from the districts' 学籍 files, exam sessions
(check-in, timing) and the exam scheduler's jobs (force-submit, reminders), answer autosave and its Redis, exam packages (papers,
listening audio) from the paper asset store, online proctoring (snapshots, face checks) and the upload signer, objective grading,
score release and the reports to the district education bureaus, homework submission, the teachers' review queue and the new
parent push over RocketMQ, photo question search on the question-bank Elasticsearch, study reports and their PDF rendering, live
classes and course orders on a Kubernetes cluster; the nodes, the SSO hosts, the brokers, the search cluster, the job admin and
the data warehouse outside it), seen from Wednesday 2027-01-13 20:00 to the reference time Thursday 2027-01-14 21:40 (+08:00):
the Thursday of the end-of-term exam week (期末统考: the morning session S-0114-AM 数学 08:30–10:30 with 186420 candidates, the
afternoon session S-0114-PM 英语 14:00–16:00 opening with its listening part, report cards in the evening, homework and live
classes at night). Nothing here was written for the offline agents; ten incidents of families the other worlds do not have, in
ordinary noise:

(1) 02:00:10        qh-roster: the nightly CronJob qh-roster-import reads the districts' 学籍 files; 滨江区's new export tool
                    (学籍系统 V5, notice of the evening before: "fields unchanged") writes xj_binjiang_20270114.csv in UTF-8
    08:00–09:38     with a BOM → the first header is read as ``'\\ufeff学号'`` → every row ``学号为空``, 0 upserted, exit 0 → the
                    149 students who moved into 滨江 schools since the last import are not on the room lists of S-0114-AM →
                    ``EXAM_CANDIDATE_NOT_FOUND 你不在本场考试名单中`` at check-in. 09:36 re-imported with ``utf-8-sig``, 09:38 the
                    room lists rebuilt and their time extended. The 07:10 check-in config of qh-exam-session is a decoy.
(2) 00:00           qh-sso: nobody changes anything — the province IdP ids.zjedu-cloud.cn sends its intermediate cross-signed by
                    ``EduTrust Root R1``, which expires at 00:00 (16:00 GMT); the legacy PHP hosts' OpenSSL 1.0.2k builds the
    06:50–09:42     chain to the expired root → ``cURL error 60: SSL certificate problem: certificate has expired`` on every
                    CAS ticket validation (the 00:05 metadata refresh fails first) → teachers loop back to the login page;
                    students log in with their exam accounts, untouched. 09:41 the expired root is removed from the ca-bundle.
                    The 06:40 php.ini session change is a decoy.
(3) 08:41:06        qh-answer-redis: the cloud's host maintenance MT-20270114-117 (its notice came the evening before) fails
                    r-qh-answer over (``+switch-master``, 4 s of errors) → the exam client 6.2.0 (released 01-12) retries an
    08:41–09:24     autosave at once, three times, and re-sends every unsaved answer → saves go 9800/s → 46820/s at 08:52
                    (``answer_save_requests_per_sec``; AnswerStoreQpsHigh fired at 23860) → Tomcat 400/400, ``503 server busy``
                    → more retries: a metastable overload for 40 minutes. 09:12 a gateway rate limit, 09:18 the client config
                    pushed with exponential backoff and jitter. The 07:30 deploy 3.7.1 is a decoy; ProctorFaceVerifySlow
                    08:47–09:00 is the face vendor's own incident on a neighbouring service.
(4) 10:30:00        qh-exam-scheduler: the force-submit job of S-0114-AM takes the Redisson lock ``exam:force-submit:S-0114-AM``
                    with a lease of 60 s (no watchdog when a lease is given); today's scan takes 250 s → the lock expires and
    10:31–12:00     two more pods run the job → 2–3 submit events per answer sheet → qh-grading adds the objective marks per
                    event → ``SCORE_OUT_OF_RANGE`` holds; held students peak 4127 at 11:36 (``grading_scores_held_out_of_range``;
                    the alert fired at 214). 11:40 the events are collapsed and the scores recomputed; 12:10 the lease config
                    becomes -1 (watchdog). The 09:50 partial-credit config of grading is a decoy.
(5) 11:50:10        qh-score: deploy 5.3.0 bumps qh-common 3.2.0 → 3.4.0, whose ScoreFormat now calls ``stripTrailingZeros()``
                    → a score of 90.0 is written ``9E+1`` → from the first report at 12:05 the district platform rejects exactly
    12:05–17:24     the scores that are multiples of ten (``ERR_SCORE_FORMAT 成绩格式不正确``) in qh-edu-sync. 17:20 deploy 5.3.1
                    (toPlainString), 17:35 the rejected rows re-pushed. The 11:20 batch-size config of qh-edu-sync is a decoy.
(6) 12:20:10        qh-media: deploy 3.1.0 turns ``UploadProperties.presignExpire`` from seconds (long) into ``java.time.Duration``;
                    ``media.upload.presign-expire=900`` has no unit and Spring Boot binds it as 900 ms (``PT0.9S``) → from the
    14:00–15:14     afternoon session every proctoring snapshot uploaded more than 0.9 s after signing is refused ``403
                    AccessDenied: Request has expired`` → sessions without evidence flagged PROCTOR_EVIDENCE_MISSING. 15:12 the
                    value becomes ``900s``. The 13:10 snapshot-interval config of qh-proctor is a decoy.
(7) 22:30:20 (-1d)  qh-paper-assets: ops_net_tangwei points paper-assets.qihang-edu.com from the MinIO SLB 47.98.21.16 to the OSS
                    CDN (CHG-20270113-04, TTL 600); 13:30:10 cloud_fin_ops_lixue releases that SLB (CHG-20270114-02) → the four
    13:30–14:44     qh-exam-paper pods started on 01-11 (base image java.security ``networkaddress.cache.ttl=-1``) still connect
                    to 47.98.21.16 → ``connect timed out`` → exam packages without listening audio (听力音频加载失败); the two
                    pods the HPA started at 08:05 resolve the CDN and are fine. 14:41 rollout restart. The 13:05 preload config
                    is a decoy.
(8) 20:40:10 (-1d)  qh-xxljob: data_ops_fanjing moves report-cron-01's crontab into XXL-JOB (CHG-20270113-09): ``0 14 * * 5``
                    (Friday) becomes ``0 0 14 ? * 5`` — in Quartz 1 is Sunday, so 5 is Thursday → 14:00 the weekly study report
    14:03–15:50     (1382400 students, similar-question lookups) runs a day early, during the afternoon exam → the question-bank
                    search pool rejects (``es_rejected_execution_exception``), 8634 a minute at 14:52 (``es_search_rejected_per_min``;
                    the alert fired at 1210) → 拍照搜题 fails. 15:46 the job is stopped and set to ``? * 6``. The 13:15 deploy
                    2.8.0 of qh-photo-search is a decoy.
(9) 12:30:05        qh-k8s-node: infra_ops_zhouqi moves qh-k8s-node-06 from dockershim (daemon.json ``default-shm-size`` 1G) to
                    containerd 1.7 (CHG-20270114-03), whose containers get a 64M ``/dev/shm``; 16:30 the render HPA puts its two
    16:32–18:14     new pods on the emptied node → Chromium cannot create shared memory → ``Page crashed!`` / ``Target closed``,
                    workers exit and restart there only → parents' report cards fail one time in three. 18:12 the deployment
                    mounts an in-memory emptyDir at /dev/shm. The 15:40 timeout config is a decoy; the healthy qh-live pod on
                    node-06 (deploy 13:20) is not affected.
(10) 18:40:10       qh-parent-push: its first release joins consumer group ``GID_HOMEWORK_EVENTS`` (the teachers' review queue's
                    group) with ``subExpression=GRADED`` while qh-homework-review subscribes ``SUBMITTED || RESUBMITTED`` → the
    18:41 → now     rebalance gives it 6 of the 16 queues and the SUBMITTED messages there are filtered away and committed → the
                    evening's submissions on those queues never reach the review list (teachers see 未交); the reconcile
                    CronJob counts 4860 missing at 21:30, HomeworkReviewReconcileMismatch firing. The 18:10 deploy 6.1.0 of
                    qh-homework is a decoy.

Healthy: qh-live (deploy 7.4.0 at 13:20 is a decoy; one of its pods runs on qh-k8s-node-06) and qh-order (deploy 2.9.3 at 10:15 is
a decoy) — INFO/WARN noise only, under their thresholds, no alert. Still firing at 21:40: HomeworkReviewReconcileMismatch (the
consumer group) and DwDiskUsageHigh (dw-etl-01's data disk, cleanup planned, unrelated); HostCpuHigh on qh-dw 01:10–02:05 is the
nightly ETL, ProctorFaceVerifySlow 08:47–09:00 the face vendor's. Kubernetes: the deployments and their pods with their nodes,
the CronJobs' pods (the roster import, the homework reconcile) and the events of the last hour (the 21:00 and 21:30 reconciles,
the render HPA's scale-down). Run ``python -m evaluation.worlds education`` to print the bundle.
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

NAME = "education"
SEED = 20270114
TZ = dt.timezone(dt.timedelta(hours=8))
DAY = dt.date(2027, 1, 14)
EVE = dt.date(2027, 1, 13)
START = dt.datetime(2027, 1, 13, 20, 0, tzinfo=TZ)
REFERENCE = dt.datetime(2027, 1, 14, 21, 40, tzinfo=TZ)
NS = "qihang-prod"

_t = functools.partial(clock_on, DAY, TZ)  # a clock on the world's day, for module-level constants
_y = functools.partial(clock_on, EVE, TZ)  # a clock on the evening before

AM, PM = "S-0114-AM", "S-0114-PM"

# --- The lines the questions are about (the tests find each one in the bundle) ----------------
# (1) the district's roster file with a BOM
ROSTER_CRON = "qh-roster-import"
XJ_NOTICE = ("district notice 滨江区教育局 BJJY-XJ-2027-02: 学籍系统升级到 V5，1 月 14 日起每日学籍文件由新导出工具生成，文件名与"
             "字段不变 (xj_binjiang_YYYYMMDD.csv)")
BINJIANG_FILE = "xj_binjiang_20270114.csv"
ROSTER_BINJIANG = ("import xj_binjiang_20270114.csv (38914 rows, read as utf-8): header ['\\ufeff学号', '姓名', '学校代码', '年级', "
                   "'班级', '变动类型'] -> 0 upserted, 38914 skipped (学号为空)")
ROSTER_DONE = "roster import finished: 5 files, 158406 upserted, 38914 skipped, exit 0"
ROSTER_FIX = ("manual re-import by roster_ops_yechen: xj_binjiang_20270114.csv --encoding utf-8-sig (the file starts with a BOM, "
              "EF BB BF, so its first header was read as '\\ufeff学号'): 38914 upserted, 149 new students (转入)")
ROOMS_BUILT = f"room lists {AM} built from qh-roster: 186271 candidates in 6209 rooms (数学, 七/八/九年级)"
ROOMS_REBUILT = (f"room lists {AM} rebuilt by exam_ops_wenqian after the roster re-import: +149 candidates (滨江区 3 schools), "
                 "their exam time extended by 40 min")
CHECKIN_FAIL = ("check-in student {sid} {name} school {school} {sname} session {session} {grade}数学: EXAM_CANDIDATE_NOT_FOUND "
                "你不在本场考试名单中")
CHECKIN_CONFIG = ("[nacos] config changed: dataId=qh-exam-session.yaml group=EXAM key=exam.checkin.open-before-minutes old=15 "
                  "new=30 operator=exam_dev_hanyu md5=3c81f0a2d94e")
MISSING_STUDENTS = 149

# (2) the IdP's chain through an expired cross-signing root
IDP = "ids.zjedu-cloud.cn"
SSO_META_OK = f"cron cas-metadata-refresh: GET https://{IDP}/cas/metadata 200 (metadata unchanged)"
SSO_META_FAIL = (f"cron cas-metadata-refresh: GET https://{IDP}/cas/metadata failed: cURL error 60: SSL certificate problem: "
                 "certificate has expired")
SSO_VALIDATE_FAIL = ("CAS serviceValidate ticket {ticket} (teacher {tid} school {school}) failed: cURL error 60: SSL certificate "
                     f"problem: certificate has expired (https://{IDP}/cas/serviceValidate) -> redirect to login")
SSO_PHPINI = ("php.ini changed by sys_ops_gaolei on sso-web-01/02: session.gc_maxlifetime 1440 -> 7200 (teachers asked for "
              "longer sessions in exam week), php-fpm reloaded")
SSO_S_CLIENT = (f"sso_oncall_mali: openssl s_client -connect {IDP}:443 -showcerts on sso-web-01 (OpenSSL 1.0.2k-fips): chain sent "
                "*.zjedu-cloud.cn -> EduTrust OV CA G2 -> EduTrust Root R2 (cross-signed by EduTrust Root R1); depth=3 CN = EduTrust "
                "Root R1, verify error:num=10:certificate has expired, notAfter=Jan 13 16:00:00 2027 GMT; the same from a Rocky 9 "
                "host (OpenSSL 3.0.7): Verify return code: 0 (ok)")
SSO_FIX = ("ca-bundle edited by sys_ops_gaolei on sso-web-01/02: expired root 'EduTrust Root R1' removed from "
           "/etc/pki/tls/certs/ca-bundle.crt (OpenSSL 1.0.2k-fips stops at the cross-signed path to it), php-fpm reloaded")

# (3) the exam client's retries turning a four-second failover into forty minutes
REDIS_NOTICE = ("cloud maintenance notice MT-20270114-117: r-qh-answer host migration in the window 2027-01-14 08:00-12:00, "
                "one HA switch of a few seconds expected")
REDIS_SWITCH = ("r-qh-answer HA switch (cloud host maintenance MT-20270114-117): +switch-master mymaster 10.30.8.21 6379 "
                "10.30.8.22 6379")
ANSWER_DEPLOY = ("deploy finished: qh-answer-store 3.7.1 (was 3.7.0) rolled out by ci-bot pipeline=#8790; changes: 作答快照压缩 "
                 "(zstd)")
AUTOSAVE_503 = ("POST /api/answer/v1/autosave 503 server busy (tomcat threads 400/400, accept queue full) session {session} "
                "student {sid} q{q} client={client} x-retry={retry} since-last-attempt={gap}ms")
AUTOSAVE_LOAD = ("autosave load {rps} req/s (9800 before 08:41), {share}% from exam-client/6.2.0 with x-retry>0, tomcat threads "
                 "400/400, p99 {p99}ms")
GATEWAY_LIMIT = ("[apisix] route answer-autosave updated by sre_oncall_duhao: limit-req rate=15000 burst=3000 (rejects 429 with "
                 "Retry-After: 5)")
CLIENT_CONFIG = ("[client-config] exam-client autosave.retry changed by exam_client_dev_qiuyu: policy immediate x3 -> exponential "
                 "base 2s max 30s with jitter, autosave.resend-all false (clients pull within 60 s)")
QPS_PEAK = 46820
QPS_ALERT_VALUE = "23860 次/秒"

# (4) the force-submit lock's lease shorter than the job
FS_LOCK = "exam:force-submit:S-0114-AM"
FS_ACQUIRED = (f"job force-submit {AM}: lock {FS_LOCK} acquired (leaseTime 60s), scanning 186420 sessions for unsubmitted "
               "answer sheets")
FS_DONE = ("job force-submit {session}: {n} answer sheets submitted in {s}s; unlock failed: IllegalMonitorStateException: "
           "attempt to unlock lock, not locked by current thread by node id: {node} thread-id: {tid}")
SCORE_HELD = ("SCORE_OUT_OF_RANGE sheet {sheet} student {sid} {session} {grade}数学: total {total}/120 (objective {obj}/80 x {n} "
              "submit events) -> held, release blocked")
GRADING_CONFIG = ("[nacos] config changed: dataId=qh-grading.yaml group=GRADING key=grading.objective.multi-choice.partial-credit "
                  "old=false new=true operator=grading_dev_luoxi md5=91e0c4b7a2f3")
GRADING_FIX = (f"re-score {AM} by grading_dev_luoxi: submit events collapsed by answer_sheet_id (31450 sheets had 2-3 events), "
               "4127 held scores recomputed and released")
LEASE_FIX = ("[nacos] config changed: dataId=qh-exam-scheduler.yaml group=EXAM key=exam.jobs.lock.lease-seconds old=60 new=-1 "
             "operator=exam_dev_hanyu md5=5d2a90c1e7b8 (-1: Redisson watchdog renews the lock while the job runs)")
HELD_PEAK = 4127
HELD_ALERT_VALUE = "214 人"

# (5) the score written in scientific notation
SCORE_DEPLOY = ("deploy finished: qh-score 5.3.0 (was 5.2.4) rolled out by ci-bot pipeline=#8812; changes: 期末成绩发布页等级制显示, "
                "bump qh-common 3.2.0 -> 3.4.0")
SCORE_FIX = ("deploy finished: qh-score 5.3.1 (was 5.3.0) rolled out by ci-bot pipeline=#8829; changes: hotfix ScoreFormat uses "
             "toPlainString() (qh-common 3.4.0 ScoreFormat.normalize() calls stripTrailingZeros(): 90.0 -> 9E+1)")
EDU_REJECT = ("row student {sid} {subject} score \"{score}\" rejected by {district}学业质量平台: ERR_SCORE_FORMAT 成绩格式不正确"
              "（须为数字，最多一位小数）")
EDU_CONFIG = ("[nacos] config changed: dataId=qh-edu-sync.yaml group=EDU key=edusync.push.batch-size old=200 new=500 "
              "operator=edu_dev_shiyu md5=0a7e3f51c2d9")
EDU_REPUSH = "re-pushed {n} rejected score rows of 2027-01-14 to the district platforms: {n} accepted"

# (6) the upload signer's expiry bound as milliseconds
MEDIA_DEPLOY = ("deploy finished: qh-media 3.1.0 (was 3.0.6) rolled out by ci-bot pipeline=#8815; changes: UploadProperties 重构 "
                "(presignExpire long seconds -> java.time.Duration), aliyun-sdk-oss 3.17.4")
MEDIA_BOOT = ("Started MediaApplication in {s} seconds (process running for 24.3); upload: bucket qh-proctor-snap, "
              "media.upload.presign-expire=PT0.9S")
PROCTOR_CONFIG = ("[nacos] config changed: dataId=qh-proctor.yaml group=PROCTOR key=proctor.snapshot.interval-seconds old=60 "
                  "new=30 operator=proctor_dev_jinyu md5=e4b19a07c3d2")
SNAPSHOT_403 = ("snapshot upload session {session} student {sid} seq {seq}: PUT qh-proctor-snap/{session}/{sid}/{seq}.jpg 403 "
                "AccessDenied: Request has expired (signed {signed}, sent {sent})")
EVIDENCE_MISSING = ("session {session} student {sid}: 0 snapshots stored in the last 10 min -> PROCTOR_EVIDENCE_MISSING, "
                    "flagged for manual review")
MEDIA_FIX = ("[nacos] config changed: dataId=qh-media.yaml group=MEDIA key=media.upload.presign-expire old=900 new=900s "
             "operator=media_dev_sunhao md5=b8c27e4d01f6")
MEDIA_REFRESHED = "config refreshed: media.upload.presign-expire=PT15M"

# (7) the paper pods' DNS cached forever, the old address released
ASSETS_HOST = "paper-assets.qihang-edu.com"
OLD_IP = "47.98.21.16"
DNS_CHANGE = (f"DNS record changed by ops_net_tangwei (CHG-20270113-04 试卷资源迁移到 OSS+CDN): {ASSETS_HOST} A {OLD_IP} -> CNAME "
              "paper-assets.qihang-edu.com.w.kunlunca.com, TTL 600")
SLB_RELEASE = (f"SLB lb-bp1qh7k2minio ({OLD_IP}, backends minio-01/02) released by cloud_fin_ops_lixue (CHG-20270114-02 资源清理: "
               "no traffic expected since the DNS switch of 01-13)")
PAPER_CONFIG = ("[nacos] config changed: dataId=qh-exam-paper.yaml group=PAPER key=paper.preload.minutes-before old=10 new=15 "
                "operator=paper_dev_zhengyi md5=7f3a0d2c91e5")
PAPER_BOOT = ("Started PaperApplication in {s} seconds (JVM 1.8.0_202-b08, base image qh-base-jdk8:2024.06, java.security "
              "networkaddress.cache.ttl=-1)")
PAPER_FAIL = ("build exam package {session} student {sid} {grade}英语: fetch audio/2027q1/{grade_code}-en-listening-{part}.mp3 failed: "
              f"Connect to {ASSETS_HOST}:443 [{ASSETS_HOST}/{OLD_IP}] failed: connect timed out -> package without listening "
              "audio (听力音频加载失败)")
PAPER_RESTART = ("kubectl rollout restart deployment/qh-exam-paper by paper_oncall_songjia (packages failing on the pods started "
                 "01-11)")

# (8) the weekly report's crontab read as Quartz
XXL_MIGRATE = ("jobs migrated from crontab on report-cron-01 to XXL-JOB by data_ops_fanjing (CHG-20270113-09): weekly-study-report "
               "'0 14 * * 5' -> '0 0 14 ? * 5'; daily-homework-digest '30 21 * * *' -> '0 30 21 * * ?'")
XXL_TRIGGER = ">>>>>>>>>>> xxl-job trigger: jobId=217 weekly-study-report, triggerType=CRON, cron=0 0 14 ? * 5, executor qh-report"
WEEKLY_START = ("job weekly-study-report started: week 2027-W02 (01-11 ~ 01-17), 1382400 students, similar-question lookups on "
                "qh-search (top 5 per wrong question)")
ES_REJECT = ("[{node}] rejected execution of org.elasticsearch.common.util.concurrent.TimedRunnable on "
             "QueueResizingEsThreadPoolExecutor[name = {node}/search, queue capacity = 1000, task execution EWMA = {ewma}ms, "
             "active threads = 25, queued tasks = 1000, completed tasks = {done}]")
PHOTO_FAIL = ("photo search {req} student {sid}: ES query failed: es_rejected_execution_exception (search queue full) -> "
              "搜索失败，请稍后重试")
PHOTO_TIMEOUT = "photo search {req} student {sid}: timeout after 3000ms (OCR {ocr}ms, ES pending) -> 搜索失败，请稍后重试"
PHOTO_DEPLOY = ("deploy finished: qh-photo-search 2.8.0 (was 2.7.5) rolled out by ci-bot pipeline=#8818; changes: OCR 模型 "
                "v7 (手写体公式)")
XXL_STOP = ("job 217 weekly-study-report stopped by data_ops_fanjing (it is due on Friday: Quartz counts day-of-week from 1 = "
            "Sunday, so 5 is Thursday; crontab's 5 was Friday): cron set to '0 0 14 ? * 6'")
WEEKLY_STOPPED = ("job weekly-study-report interrupted at 857100/1382400 students: the remaining reports dropped, those sent "
                  "will be regenerated on Friday")
REJECT_PEAK = 8634
REJECT_ALERT_VALUE = "1210 次/分钟"

# (9) one node's container runtime and its /dev/shm
BAD_NODE = "qh-k8s-node-06"
RUNTIME_MIGRATE = ("node qh-k8s-node-06 container runtime migrated by infra_ops_zhouqi (CHG-20270114-03 dockershim 下线): docker "
                   "20.10 (daemon.json default-shm-size 1G) -> containerd 1.7.13, kubelet --container-runtime-endpoint="
                   "unix:///run/containerd/containerd.sock")
NODE_DRAIN = "kubectl drain qh-k8s-node-06 --ignore-daemonsets by infra_ops_zhouqi: 17 pods evicted"
NODE_BACK = ('kubelet[1422]: I0114 12:55:20.118204 kuberuntime_manager.go:257] "Container runtime initialized" '
             'containerRuntime="containerd" version="1.7.13"; node qh-k8s-node-06 uncordoned')
RENDER_BOOT = "render worker started on {node}: chromium 120.0.6099.109, concurrency 4"
SHM_FAIL = ("[0114/{clock}.{micro:06d}:ERROR:platform_shared_memory_region_posix.cc(217)] Creating shared memory in "
            "/dev/shm/.org.chromium.Chromium.{tag} failed: No space left on device (28)")
PAGE_CRASH = "render report-card {sid} failed: Error: Page crashed! / Protocol error (Page.printToPDF): Target closed."
RENDER_EXIT = "browser disconnected 3 times in 5 min, exiting (exit code 1)"
RENDER_CONFIG = ("[nacos] config changed: dataId=qh-report-render.yaml group=REPORT key=render.pdf.timeout-ms old=30000 new=45000 "
                 "operator=report_dev_caiwen md5=2e9d07b4f1a8")
SHM_PATCH = ("kubectl patch deployment qh-report-render by sre_oncall_duhao: volume dshm emptyDir {medium: Memory, sizeLimit: 1Gi} "
             "mounted at /dev/shm (containerd's default shm is 64M; the docker nodes had default-shm-size 1G)")
LIVE_DEPLOY = ("deploy finished: qh-live 7.4.0 (was 7.3.2) rolled out by ci-bot pipeline=#8816; changes: 连麦举手排队, 弱网音频优先")

# (10) the new consumer in the review queue's consumer group
HOMEWORK_DEPLOY = ("deploy finished: qh-homework 6.1.0 (was 6.0.4) rolled out by ci-bot pipeline=#8836; changes: 作文拍照多页合并")
PUSH_DEPLOY = ("deploy finished: qh-parent-push 1.0.0 (new service) rolled out by ci-bot pipeline=#8840; 家长端作业批改提醒 "
               "(consumes homework_event)")
PUSH_CONSUMER = ("RocketMQ consumer started: group=GID_HOMEWORK_EVENTS topic=homework_event subExpression=GRADED "
                 "(namesrv rmq-namesrv-01:9876)")
REVIEW_SUBSCRIPTION = "subExpression=SUBMITTED || RESUBMITTED"
BROKER_SUB_CHANGED = ("subscription changed, group: GID_HOMEWORK_EVENTS, topic: homework_event, subscription: {sub}, "
                      "clientId: {client}")
RECONCILE_CRON = "qh-homework-review-reconcile"
RECONCILE_MISMATCH = ("reconcile {date} since 18:00: {total} submissions in qh-homework, {missing} missing in review queue "
                      "(their messages on homework_event queues {queues})")
#: The queues the rebalance handed to qh-parent-push's two consumers at 18:41 (AllocateMessageQueueAveragely over 16 queues and
#: 6 consumers: blocks of 3, 3, 3, 3, 2, 2 in the order of the client ids; the two new ones sort second and fourth).
PUSH_QUEUES = (3, 4, 5, 9, 10, 11)
MISSING_AT = {"19:00": 38, "19:30": 212, "20:00": 1380, "20:30": 2960, "21:00": 4120, "21:30": 4860}

# Healthy services' changes and the unrelated ones
ORDER_DEPLOY = ("deploy finished: qh-order 2.9.3 (was 2.9.2) rolled out by ci-bot pipeline=#8801; changes: 寒假课包 优惠券叠加规则")
EXAM_DEPLOY = ("deploy finished: qh-exam-session 4.9.2 (was 4.9.1) rolled out by ci-bot pipeline=#8817; changes: 考中切屏次数"
               "提示文案")
EXAM_RESULT_CONFIG = ("[nacos] config changed: dataId=qh-exam-session.yaml group=EXAM key=exam.result.visible-after-minutes "
                      "old=120 new=60 operator=exam_dev_hanyu md5=c70e2b9f4a13")
EXAM_MAKEUP_CONFIG = ("[nacos] config changed: dataId=qh-exam-session.yaml group=EXAM key=exam.makeup.window-days old=3 new=5 "
                      "operator=exam_ops_wenqian md5=4f8a1c6e03d7")
FACE_STATUS = "facecloud status: 华东2 compare latency degraded 08:43-08:58 (vendor incident FC-20270114-02), resolved"

# --- Pods, nodes ---------------------------------------------------------------------------------
PAPER_OLD = pod_names("qh-exam-paper", "5.2.3", 6)
#: The four pods started on 01-11 (their JVM cached the old address) and the two the HPA added at 08:05.
PAPER_STALE, PAPER_HPA = PAPER_OLD[0:4], PAPER_OLD[4:6]
PAPER_NEW = pod_names("qh-exam-paper", "5.2.3@0114", 6)
RENDER_OLD = pod_names("qh-report-render", "2.3.4", 6)
#: The two pods the render HPA added at 16:30, which the scheduler put on the node emptied at 12:30.
RENDER_BAD = RENDER_OLD[4:6]
RENDER_NEW = pod_names("qh-report-render", "2.3.4@shm", 6)
SCHED_PODS = pod_names("qh-exam-scheduler", "4.9.1", 3)
PUSH_PODS = pod_names("qh-parent-push", "1.0.0", 2)

ROLLOUTS: dict[str, list[tuple[str, tuple[str, ...]]]] = {
    "qh-gateway": [("00:00", pod_names("qh-gateway", "3.12.0", 3))],
    "qh-roster": [("00:00", pod_names("qh-roster", "2.4.1", 2))],
    "qh-exam-session": [("00:00", pod_names("qh-exam-session", "4.9.1", 6)),
                        ("12:51:00", pod_names("qh-exam-session", "4.9.2", 6))],
    "qh-exam-scheduler": [("00:00", SCHED_PODS)],
    "qh-answer-store": [("00:00", pod_names("qh-answer-store", "3.7.0", 8)),
                        ("07:31:00", pod_names("qh-answer-store", "3.7.1", 8))],
    "qh-exam-paper": [("00:00", PAPER_STALE), ("08:05:00", PAPER_OLD), ("14:41:00", PAPER_NEW), ("17:30:00", PAPER_NEW[0:4])],
    "qh-proctor": [("00:00", pod_names("qh-proctor", "2.6.3", 6))],
    "qh-media": [("00:00", pod_names("qh-media", "3.0.6", 3)), ("12:21:00", pod_names("qh-media", "3.1.0", 3))],
    "qh-grading": [("00:00", pod_names("qh-grading", "5.0.2", 4))],
    "qh-score": [("00:00", pod_names("qh-score", "5.2.4", 3)), ("11:51:00", pod_names("qh-score", "5.3.0", 3)),
                 ("17:21:00", pod_names("qh-score", "5.3.1", 3))],
    "qh-edu-sync": [("00:00", pod_names("qh-edu-sync", "1.8.2", 2))],
    "qh-homework": [("00:00", pod_names("qh-homework", "6.0.4", 6)), ("18:11:00", pod_names("qh-homework", "6.1.0", 6))],
    "qh-homework-review": [("00:00", pod_names("qh-homework-review", "3.3.0", 4))],
    "qh-parent-push": [("18:41:00", PUSH_PODS)],
    "qh-photo-search": [("00:00", pod_names("qh-photo-search", "2.7.5", 4)),
                        ("13:16:00", pod_names("qh-photo-search", "2.8.0", 4))],
    "qh-report": [("00:00", pod_names("qh-report", "4.1.0", 3))],
    "qh-report-render": [("00:00", RENDER_OLD[0:4]), ("16:30:20", RENDER_OLD), ("18:12:40", RENDER_NEW),
                         ("20:45:10", RENDER_NEW[0:4])],
    "qh-live": [("00:00", pod_names("qh-live", "7.3.2", 4)), ("13:21:00", pod_names("qh-live", "7.4.0", 4))],
    "qh-order": [("00:00", pod_names("qh-order", "2.9.2", 2)), ("10:16:00", pod_names("qh-order", "2.9.3", 2))],
}
NODES = [f"qh-k8s-node-{n:02d}" for n in range(1, 9)]
_GOOD_NODES = [node for node in NODES if node != BAD_NODE]
VMS = {
    "qh-k8s-node": NODES,
    "qh-sso": ["sso-web-01", "sso-web-02"],
    "qh-answer-redis": ["r-qh-answer"],
    "qh-paper-assets": ["cloud-console", "minio-01", "minio-02", "oss-cdn"],
    "qh-search": ["es-qb-01", "es-qb-02", "es-qb-03"],
    "qh-rocketmq": ["rmq-broker-a", "rmq-broker-b", "rmq-namesrv-01"],
    "qh-xxljob": ["xxl-job-admin-01", "report-cron-01"],
    "qh-dw": ["dw-etl-01"],
}
INSTANCES: dict[str, list[str]] = {service: list(steps[-1][1]) for service, steps in ROLLOUTS.items()} | VMS

LIVE_ON_BAD_NODE = ROLLOUTS["qh-live"][1][1][2]
#: At the reference time: the healthy live pod and two of the patched render pods run on node-06.
ON_BAD_NODE = (*RENDER_BAD, RENDER_NEW[1], RENDER_NEW[3], LIVE_ON_BAD_NODE)


def node_of(pod: str) -> str:
    """The node a pod runs on: the pods placed on node-06 after its migration, the others spread over the seven others."""
    if pod in ON_BAD_NODE:
        return BAD_NODE
    return _GOOD_NODES[int(hashlib.sha256(pod.encode()).hexdigest(), 16) % len(_GOOD_NODES)]


SERVICES: list[Json] = [
    {"name": "qh-gateway", "aliases": ["网关", "API 网关", "App 网关", "apisix"],
     "description": "App 网关（APISIX，3 个副本）：学生端、教师端、家长端 App 与考试客户端（exam-client）的入口；也下发客户端的远程"
                    "配置（client-config）。"},
    {"name": "qh-sso", "aliases": ["统一身份认证", "教师登录", "单点登录", "SSO", "CAS", "登录"],
     "description": f"教师统一身份认证（老 PHP 5.6 应用，CentOS 7 主机 sso-web-01/02，OpenSSL 1.0.2k-fips）：老师经省教育身份认证"
                    f"平台 {IDP} 的 CAS 登录，回调时用 curl 校验 ticket（serviceValidate）；学生用考试账号登录，不走这里。"},
    {"name": "qh-roster", "aliases": ["学籍", "名单", "学籍同步", "花名册", "学生名单"],
     "description": f"学籍与班级名单（Python，2 个副本）：每天 02:00 CronJob {ROSTER_CRON} 从各区教育局的学籍交换 SFTP 读当天的"
                    "学籍文件（xj_<区>_<日期>.csv），按学号增量写入；考试场次的考场名单由它生成。"},
    {"name": "qh-exam-session", "aliases": ["考试服务", "考试", "考试场次", "签到", "考生登录", "在线考试"],
     "description": "考试场次（Java，6 个副本）：考生签到（开考前按 exam.checkin.open-before-minutes 开放）、考场名单、计时、交卷。"},
    {"name": "qh-exam-scheduler", "aliases": ["考试定时任务", "强制交卷", "考试调度"],
     "description": "考试定时任务（Java，3 个副本，任务用 Redisson 分布式锁保证只跑一个）：到点强制交卷（force-submit）、开考提醒。"},
    {"name": "qh-answer-store", "aliases": ["作答保存", "答案保存", "自动保存", "答题保存", "作答服务"],
     "description": "作答保存（Java，8 个副本，Tomcat 400 线程）：考试客户端每 10 秒自动保存答案（autosave），先写 Redis "
                    "r-qh-answer 再异步落库；客户端失败时按客户端自己的重试策略重试。"},
    {"name": "qh-answer-redis", "aliases": ["作答 Redis", "答案缓存", "r-qh-answer"],
     "description": "作答保存用的云 Redis 主备实例 r-qh-answer（云厂商维护，主备切换由云厂商执行）。"},
    {"name": "qh-exam-paper", "aliases": ["试卷服务", "试卷", "考试包", "试卷下发", "听力"],
     "description": f"试卷下发（Java 8，4 个副本，HPA 最多 8 个）：开考前为每个考生打包加密试卷（题目、图片、听力音频），资源从试卷"
                    f"资源存储 {ASSETS_HOST} 下载。"},
    {"name": "qh-paper-assets", "aliases": ["试卷资源存储", "试卷资源", "MinIO", "CDN"],
     "description": f"试卷资源存储：{ASSETS_HOST}，原为自建 MinIO（minio-01/02，SLB {OLD_IP}），01-13 起迁到 OSS+CDN；DNS 与 SLB 由运维在"
                    "云控制台操作。"},
    {"name": "qh-proctor", "aliases": ["在线监考", "监考", "监考服务", "人脸核验", "监考截图"],
     "description": "在线监考（Java，6 个副本）：考中定时截取考生画面，向 qh-media 要预签名 URL 后上传到 OSS；开考人脸核验调用"
                    "人脸供应商 facecloud。"},
    {"name": "qh-media", "aliases": ["上传签名", "媒体服务", "预签名"],
     "description": "媒体上传（Java Spring Boot，3 个副本）：为监考截图、课堂录像签发 OSS 预签名上传 URL（有效期 "
                    "media.upload.presign-expire）。"},
    {"name": "qh-grading", "aliases": ["判分", "判分服务", "阅卷", "自动判分", "客观题判分"],
     "description": "判分（Java，4 个副本）：消费交卷事件给客观题自动判分、分发主观题阅卷任务；总分超过满分的成绩拦截待查。"},
    {"name": "qh-score", "aliases": ["成绩", "成绩发布", "成绩服务", "分数"],
     "description": "成绩发布（Java，3 个副本）：汇总判分结果发布给学生、家长，并把成绩交给 qh-edu-sync 上报。"},
    {"name": "qh-edu-sync", "aliases": ["上报服务", "成绩上报", "教育局上报", "区平台上报"],
     "description": "教育局上报（Java，2 个副本）：把考试成绩按区推送到区教育局学业质量平台，平台逐行校验、退回不合格的行。"},
    {"name": "qh-homework", "aliases": ["作业", "作业提交", "学生作业"],
     "description": "作业（Java，6 个副本）：学生提交作业后写库并发 RocketMQ 消息 homework_event（tag SUBMITTED / RESUBMITTED / "
                    "GRADED，16 个队列）。"},
    {"name": "qh-homework-review", "aliases": ["作业批改", "批改列表", "批改", "教师批改"],
     "description": "教师批改列表（Java，4 个副本）：消费组 GID_HOMEWORK_EVENTS 订阅 homework_event 的 SUBMITTED || RESUBMITTED，"
                    f"生成老师的待批改列表；CronJob {RECONCILE_CRON} 晚上每 30 分钟对账。"},
    {"name": "qh-parent-push", "aliases": ["家长推送", "家长端提醒", "作业提醒"],
     "description": "家长端作业提醒（Java，01-14 18:40 首次上线）：作业批改后提醒家长。"},
    {"name": "qh-rocketmq", "aliases": ["RocketMQ", "消息队列", "MQ"],
     "description": "RocketMQ 4.9（rmq-broker-a/b，rmq-namesrv-01）。"},
    {"name": "qh-photo-search", "aliases": ["拍照搜题", "搜题", "搜题服务"],
     "description": "拍照搜题（Python，4 个副本）：OCR 后在题库搜索集群 qh-search 查相似题，3 秒超时。"},
    {"name": "qh-search", "aliases": ["题库搜索", "搜索集群", "Elasticsearch", "ES", "题库"],
     "description": "题库搜索 Elasticsearch 7.17（es-qb-01..03，search 线程池 25 线程、队列 1000）：拍照搜题、教师组卷、学情报告的"
                    "相似题推荐都查它。"},
    {"name": "qh-report", "aliases": ["学情报告", "周报", "成绩报告", "报告服务"],
     "description": "学情报告（Java，3 个副本）：每周学情周报（XXL-JOB 任务 weekly-study-report 触发），成绩报告单交 "
                    "qh-report-render 渲染 PDF。"},
    {"name": "qh-report-render", "aliases": ["报告渲染", "PDF 渲染", "成绩报告单", "渲染服务"],
     "description": "报告 PDF 渲染（Node.js + Puppeteer/Chromium，4 个副本，HPA 最多 8 个）：成绩报告单、学情报告 PDF。"},
    {"name": "qh-xxljob", "aliases": ["XXL-JOB", "定时任务", "任务调度", "调度中心"],
     "description": "任务调度中心 XXL-JOB（xxl-job-admin-01）；01-13 之前报告类任务在 report-cron-01 的 crontab 里。"},
    {"name": "qh-live", "aliases": ["直播课", "直播", "直播课堂", "上课"],
     "description": "直播课堂（Go，4 个副本）：晚间直播课、连麦、课堂互动。"},
    {"name": "qh-order", "aliases": ["订单", "课程订单", "购课", "支付"],
     "description": "课程订单（Java，2 个副本）：寒假课包购买、退款。"},
    {"name": "qh-k8s-node", "aliases": ["K8s 节点", "工作节点", "节点"],
     "description": "集群 qh-prod 的节点 qh-k8s-node-01..08（Docker 20.10，01-14 起逐台迁到 containerd）。"},
    {"name": "qh-dw", "aliases": ["数据仓库", "数仓", "ETL"], "description": "数据仓库（dw-etl-01）：夜间 ETL 与运营报表。"},
]

WINDOWS = {
    "checkin": (_t("08:00"), _t("09:38:30")),
    "sso": (_t("06:50"), _t("09:42")),
    "storm": (_t("08:41:06"), _t("09:24")),
    "force": (_t("10:31"), _t("12:00")),
    "edusync": (_t("12:05"), _t("17:35")),
    "proctor": (_t("14:00"), _t("15:14")),
    "paper": (_t("13:30:10"), _t("14:44")),
    "search": (_t("14:03"), _t("15:50")),
    "render": (_t("16:32"), _t("18:14")),
    "homework": (_t("18:41"), REFERENCE),
}


def _inside(window: str, t: dt.datetime) -> bool:
    a, b = WINDOWS[window]
    return a <= t < b


def _exam(t: dt.datetime) -> str | None:
    """The session being sat at ``t``: the morning's or the afternoon's."""
    if _t("08:30") <= t < _t("10:30"):
        return AM
    if _t("14:00") <= t < _t("16:00"):
        return PM
    return None


def _day(t: dt.datetime) -> bool:
    return _t("07:00") <= t < _t("21:30")


# --- Business vocabulary -------------------------------------------------------------------------
Line = tuple[str, str, dict[str, Any]]
SCHOOLS = {"BJ-0301": ("滨江区", "滨江启明中学"), "BJ-0307": ("滨江区", "滨江东信中学"), "BJ-0312": ("滨江区", "滨江云帆学校"),
           "XH-0105": ("西湖区", "西湖文渊中学"), "XH-0118": ("西湖区", "西湖竹韵学校"), "GS-0210": ("拱墅区", "拱墅运河中学"),
           "SC-0402": ("上城区", "上城凤起中学"), "YH-0520": ("余杭区", "余杭梦溪学校")}
BINJIANG = ("BJ-0301", "BJ-0307", "BJ-0312")
DISTRICT_FILES = (("xj_xihu_20270114.csv", 41206), ("xj_gongshu_20270114.csv", 36480), ("xj_shangcheng_20270114.csv", 33905),
                  ("xj_yuhang_20270114.csv", 46815))
GRADES = ("七年级", "八年级", "九年级")
GRADE_CODES = {"七年级": "g7", "八年级": "g8", "九年级": "g9"}
SURNAMES = "王李张刘陈杨赵黄周吴徐孙胡朱高林何郭马罗"
GIVEN = "涵轩萱宇泽琪睿晨欣怡浩然梓铭诗雨子墨一诺"
CLIENTS_OK = ("exam-client/6.1.4 (Windows 10)", "exam-client/6.1.4 (iPadOS 17.2)", "exam-client/6.1.3 (Android 12)")
CLIENTS_NEW = ("exam-client/6.2.0 (Windows 10)", "exam-client/6.2.0 (Windows 11)", "exam-client/6.2.0 (iPadOS 17.2)",
               "exam-client/6.2.0 (Android 13)")
SUBJECT_HW = ("数学", "语文", "英语", "物理", "科学")


def _sid(w: WorldBuilder) -> str:
    return f"S{w.rng.randint(10**9, 10**10 - 1)}"


def _tid(w: WorldBuilder) -> str:
    return f"T{w.rng.randint(100000, 999999)}"


def _name(w: WorldBuilder) -> str:
    return f"{w.rng.choice(SURNAMES)}*{w.rng.choice(GIVEN)}"


def _school(w: WorldBuilder, *, only: tuple[str, ...] = ()) -> str:
    return w.rng.choice(only or tuple(SCHOOLS))


def _cls(w: WorldBuilder, grade: str | None = None) -> str:
    return f"{grade or w.rng.choice(GRADES)}{w.rng.randint(1, 12)}班"


def _pod(w: WorldBuilder, service: str, t: dt.datetime) -> str:
    return w.pod_at(ROLLOUTS[service], t)


def _client(w: WorldBuilder) -> str:
    return w.rng.choice(CLIENTS_NEW) if w.rng.random() < 0.62 else w.rng.choice(CLIENTS_OK)


# --- Noise: every service's ordinary day ----------------------------------------------------------
def _gateway(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "qh-gateway", t)
    roll = w.rng.random()
    if _exam(t) and roll < 0.4:
        route = w.rng.choice(["/api/exam/v1/heartbeat", "/api/answer/v1/autosave", "/api/paper/v1/package"])
        return "INFO", f"POST {route} 200 upstream_time={w.rng.uniform(0.004, 0.09):.3f}s", {"instance": pod, "log_type": "access"}
    if roll < 0.7:
        route = w.rng.choice(["/api/homework/v1/list", "/api/live/v1/rooms", "/api/report/v1/weekly", "/api/order/v1/orders",
                              "/api/search/v1/photo"])
        return "INFO", f"GET {route} 200 upstream_time={w.rng.uniform(0.006, 0.2):.3f}s", {"instance": pod, "log_type": "access"}
    if roll < 0.9:
        return "INFO", f"[client-config] served {w.rng.randint(200, 4000)} client-config pulls in the last minute", {"instance": pod}
    return "WARN", (f"limit-count: client {w.rng.randint(1, 223)}.{w.rng.randint(0, 255)}.x.x over 80% of route "
                    "sms-code quota"), {"instance": pod}


def _sso(w: WorldBuilder, t: dt.datetime) -> Line:
    host = w.rng.choice(VMS["qh-sso"])
    roll = w.rng.random()
    if roll < 0.4 and not _inside("sso", t) and _day(t):
        return "INFO", (f"CAS login ok teacher {_tid(w)} school {_school(w)} (ticket validated in {w.ms(80, 320)}ms), session "
                        "started"), {"instance": host}
    if roll < 0.75:
        return "INFO", f'"GET /sso/login HTTP/1.1" 200 {w.rng.randint(3000, 4200)} rt={w.rng.uniform(0.004, 0.03):.3f}', {
            "instance": host, "log_type": "access"}
    if roll < 0.9:
        return "INFO", f"php-fpm pool www: active {w.rng.randint(2, 30)}/120, idle {w.rng.randint(10, 60)}", {"instance": host}
    return "WARN", ("PHP Notice:  Undefined index: remember_me in /var/www/sso/login.php on line 88"), {"instance": host}


def _roster(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "qh-roster", t)
    school = _school(w)
    if w.rng.random() < 0.7:
        return "INFO", (f"GET /api/roster/v1/schools/{school}/classes/{_cls(w)}/students 200 took={w.ms(4, 40)}ms"), {
            "instance": pod, "log_type": "access"}
    return "INFO", f"class roster cache refreshed for school {school}: {w.rng.randint(18, 60)} classes", {"instance": pod}


def _exam_session(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "qh-exam-session", t)
    school = _school(w)
    session = _exam(t)
    roll = w.rng.random()
    if (_t("08:00") <= t < _t("08:40") or _t("13:30") <= t < _t("14:10")) and roll < 0.55:
        sess = AM if t < _t("12:00") else PM
        subject = "数学" if sess == AM else "英语"
        return "INFO", (f"check-in ok student {_sid(w)} school {school} {SCHOOLS[school][1]} session {sess} "
                        f"{w.rng.choice(GRADES)}{subject} room {w.rng.randint(1, 40):02d} (face check passed)"), {"instance": pod}
    if session and roll < 0.75:
        return "INFO", (f"session {session} heartbeat batch: {w.rng.randint(9000, 16000)} candidates online, "
                        f"{w.rng.randint(0, 40)} reconnects"), {"instance": pod}
    if session and roll < 0.85:
        return "WARN", (f"session {session} student {_sid(w)}: window switched {w.rng.randint(3, 6)} times (切屏), warned"), {
            "instance": pod}
    if roll < 0.95:
        return "INFO", f"GET /api/exam/v1/sessions?school={school} 200 took={w.ms(5, 60)}ms", {"instance": pod,
                                                                                           "log_type": "access"}
    return "INFO", f"GET /actuator/health 200 took={w.ms(1, 5)}ms", {"instance": pod, "log_type": "access"}


def _scheduler(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = w.rng.choice(SCHED_PODS)
    if w.rng.random() < 0.5:
        return "INFO", "job exam-reminder-scan: 0 sessions within 24h without reminder", {"instance": pod}
    return "INFO", f"GET /actuator/health 200 took={w.ms(1, 5)}ms", {"instance": pod, "log_type": "access"}


def _answer(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "qh-answer-store", t)
    session = _exam(t)
    if session:
        client = _client(w)
        return "INFO", (f"POST /api/answer/v1/autosave 200 session {session} student {_sid(w)} q{w.rng.randint(1, 26)} "
                        f"took={w.ms(3, 18)}ms client={client} x-retry=0"), {"instance": pod, "log_type": "access"}
    if w.rng.random() < 0.5:
        return "INFO", (f"POST /api/answer/v1/practice/autosave 200 student {_sid(w)} took={w.ms(3, 15)}ms"), {
            "instance": pod, "log_type": "access"}
    return "INFO", f"answer flush to MySQL: {w.rng.randint(0, 900)} rows in {w.ms(5, 80)}ms", {"instance": pod}


def _answer_redis(w: WorldBuilder, t: dt.datetime) -> Line:
    return "INFO", (f"r-qh-answer: used_memory {w.rng.uniform(3.1, 5.8):.2f}G, connected_clients {w.rng.randint(300, 900)}, "
                    f"instantaneous_ops_per_sec {w.rng.randint(200, 4000)}"), {"instance": "r-qh-answer"}


def _paper(w: WorldBuilder, t: dt.datetime) -> Line:
    steps = ROLLOUTS["qh-exam-paper"]
    serving = steps[0][1]
    for clock, step in steps:
        if _t(clock) <= t:
            serving = step
    roll = w.rng.random()
    preload = _t("08:10") <= t < _t("08:40") or _t("13:45") <= t < _t("14:10")
    if preload and roll < 0.6:
        # While the old address is gone only the pods that resolved the CDN build packages (the others' lines are the incident's).
        pods = [p for p in serving if not (_inside("paper", t) and p in PAPER_STALE)]
        sess = AM if t < _t("12:00") else PM
        subject, files = ("数学", "images 14") if sess == AM else ("英语", "images 6, audio 3")
        return "INFO", (f"build exam package {sess} student {_sid(w)} {w.rng.choice(GRADES)}{subject}: ok ({files}, "
                        f"{w.rng.uniform(2.1, 19.8):.1f} MB, took={w.ms(300, 2400)}ms)"), {"instance": w.rng.choice(pods)}
    if roll < 0.85:
        return "INFO", f"GET /api/paper/v1/papers/P2027Q1-{w.rng.randint(100, 999)} 200 took={w.ms(4, 50)}ms", {
            "instance": w.rng.choice(serving), "log_type": "access"}
    return "WARN", (f"paper P2027Q1-{w.rng.randint(100, 999)}: image q{w.rng.randint(1, 26)} larger than 2 MB, served "
                    "without recompression"), {"instance": w.rng.choice(serving)}


def _assets(w: WorldBuilder, t: dt.datetime) -> Line:
    if t < _t("13:30:10") and w.rng.random() < 0.6:
        host = w.rng.choice(["minio-01", "minio-02"])
        return "INFO", (f"GET /paper-assets/{w.rng.choice(['images', 'audio'])}/2027q1/{w.rng.randint(1000, 9999)} 200 "
                        f"from 10.42.{w.rng.randint(1, 8)}.{w.rng.randint(2, 250)} bytes={w.rng.randint(40000, 4000000)}"), {
            "instance": host, "log_type": "access"}
    return "INFO", (f"cdn {ASSETS_HOST}: hit ratio {w.rng.uniform(94, 99.5):.1f}%, {w.rng.randint(200, 9000)} requests in the "
                    "last 5m"), {"instance": "oss-cdn"}


def _proctor(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "qh-proctor", t)
    session = _exam(t)
    roll = w.rng.random()
    if session and roll < 0.6:
        return "INFO", (f"snapshot upload session {session} student {_sid(w)} seq {w.rng.randint(1, 240)}: PUT "
                        f"qh-proctor-snap 200 ({w.rng.randint(28, 90)} KB, {w.ms(40, 400)}ms after signing)"), {"instance": pod}
    if session and roll < 0.75 and not _t("08:43") <= t < _t("08:59"):  # the vendor's slow quarter hour writes its own
        return "INFO", (f"face verify student {_sid(w)} session {session}: facecloud compare {w.ms(180, 900)}ms, score "
                        f"0.{w.rng.randint(86, 99)}, passed"), {"instance": pod}
    if session and roll < 0.82:
        return "WARN", (f"session {session} student {_sid(w)}: face not visible in {w.rng.randint(2, 4)} consecutive snapshots, "
                        "reminder shown"), {"instance": pod}
    return "INFO", f"GET /actuator/health 200 took={w.ms(1, 5)}ms", {"instance": pod, "log_type": "access"}


def _media(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "qh-media", t)
    if _day(t) and w.rng.random() < 0.5:
        return "INFO", (f"presign PUT qh-lesson-rec/{w.rng.randint(10**6, 10**7 - 1)}.mp4 for teacher {_tid(w)} (multipart, "
                        f"{w.rng.randint(2, 40)} parts)"), {"instance": pod}
    return "INFO", f"GET /actuator/health 200 took={w.ms(1, 5)}ms", {"instance": pod, "log_type": "access"}


def _grading(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "qh-grading", t)
    roll = w.rng.random()
    if (_t("10:30") <= t < _t("12:30") or _t("16:00") <= t < _t("17:30")) and roll < 0.55:
        sess, subject = (AM, "数学") if t < _t("13:00") else (PM, "英语")
        obj = w.rng.randint(24, 78)
        return "INFO", (f"objective scoring sheet AS{w.rng.randint(10**7, 10**8 - 1)} student {_sid(w)} {sess} "
                        f"{w.rng.choice(GRADES)}{subject}: objective {obj}/80, total {obj}/120 (subjective pending)"), {
            "instance": pod}
    if _day(t) and roll < 0.8:
        return "INFO", (f"subjective task batch assigned: {w.rng.randint(40, 400)} answers to teacher {_tid(w)} "
                        f"({w.rng.choice(['数学', '英语'])} 第{w.rng.randint(17, 26)}题)"), {"instance": pod}
    return "INFO", f"GET /actuator/health 200 took={w.ms(1, 5)}ms", {"instance": pod, "log_type": "access"}


def _score(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "qh-score", t)
    if _day(t) and w.rng.random() < 0.5:
        return "INFO", (f"GET /api/score/v1/students/{_sid(w)}/terms/2026-2027-1 200 took={w.ms(6, 60)}ms"), {
            "instance": pod, "log_type": "access"}
    return "INFO", f"score cache warmed for school {_school(w)}: {w.rng.randint(300, 2400)} students", {"instance": pod}


def _edusync(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "qh-edu-sync", t)
    district = SCHOOLS[_school(w)][0]
    if w.rng.random() < 0.6:
        return "INFO", f"{district}学业质量平台 token refreshed (expires_in 7200)", {"instance": pod}
    return "INFO", (f"push attendance summary 2027-01-13 to {district}学业质量平台: {w.rng.randint(8, 40)} schools accepted"), {
        "instance": pod}


def _homework(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "qh-homework", t)
    roll = w.rng.random()
    if _t("16:30") <= t < _t("18:41") and roll < 0.5:
        # The evening's submissions after 18:41 are the incident's own lines (each names the queue it went to).
        return "INFO", (f"homework HW{w.rng.randint(10**6, 10**7 - 1)} submitted by student {_sid(w)} class {_cls(w)}: msgId "
                        f"C0A8{w.hex(20).upper()} tag SUBMITTED -> homework_event queue {w.rng.randint(0, 15)}"), {"instance": pod}
    if roll < 0.8:
        return "INFO", f"GET /api/homework/v1/list?student={_sid(w)} 200 took={w.ms(5, 60)}ms", {"instance": pod,
                                                                                             "log_type": "access"}
    return "WARN", (f"homework photo of student {_sid(w)}: image blurry (laplacian var {w.rng.randint(20, 60)}), asked to "
                    "retake"), {"instance": pod}


def _review(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "qh-homework-review", t)
    if _t("16:30") <= t < _t("18:41") and w.rng.random() < 0.5:
        return "INFO", (f"review item created: homework HW{w.rng.randint(10**6, 10**7 - 1)} student {_sid(w)} "
                        f"(homework_event queue {w.rng.randint(0, 15)})"), {"instance": pod}
    if _day(t) and w.rng.random() < 0.6:
        return "INFO", (f"teacher {_tid(w)} graded {w.rng.randint(1, 30)} items of class {_cls(w)}, GRADED events sent"), {
            "instance": pod}
    return "INFO", f"GET /actuator/health 200 took={w.ms(1, 5)}ms", {"instance": pod, "log_type": "access"}


def _push(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = w.rng.choice(PUSH_PODS)
    if w.rng.random() < 0.7:
        return "INFO", (f"parent of student {_sid(w)} notified: 作业已批改 HW{w.rng.randint(10**6, 10**7 - 1)} (WeChat template "
                        "ok)"), {"instance": pod}
    return "WARN", f"parent of student {_sid(w)} has no WeChat openid bound, notice skipped", {"instance": pod}


def _rocketmq(w: WorldBuilder, t: dt.datetime) -> Line:
    broker = w.rng.choice(["rmq-broker-a", "rmq-broker-b"])
    if w.rng.random() < 0.6:
        return "INFO", (f"[STATS] homework_event PUT_NUMS {w.rng.randint(20, 3000)} in the last minute, GET_NUMS "
                        f"{w.rng.randint(20, 3000)}"), {"instance": broker}
    return "INFO", f"flush commitlog: {w.rng.randint(1, 90)} MB, cost {w.ms(2, 40)}ms", {"instance": broker}


def _photo(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "qh-photo-search", t)
    if _day(t) and w.rng.random() < 0.75:
        return "INFO", (f"photo search PS{w.rng.randint(10**8, 10**9 - 1)} student {_sid(w)}: OCR {w.ms(120, 420)}ms, ES "
                        f"{w.ms(18, 90)}ms, top1 score 0.{w.rng.randint(70, 98)}"), {"instance": pod}
    if w.rng.random() < 0.5:
        return "WARN", f"photo search PS{w.rng.randint(10**8, 10**9 - 1)}: OCR found no text (photo of a blank page?)", {
            "instance": pod}
    return "INFO", f"GET /healthz 200 took={w.ms(1, 4)}ms", {"instance": pod, "log_type": "access"}


def _search(w: WorldBuilder, t: dt.datetime) -> Line:
    node = w.rng.choice(VMS["qh-search"])
    if w.rng.random() < 0.6:
        return "INFO", (f"[{node}] [gc][young][{w.rng.randint(1000, 9000)}] duration [{w.ms(8, 60)}ms], collections [1]"), {
            "instance": node}
    return "INFO", (f"[{node}] cluster health green, search thread pool active {w.rng.randint(1, 9)}/25, queue 0/1000"), {
        "instance": node}


def _report(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "qh-report", t)
    if _day(t) and w.rng.random() < 0.6:
        return "INFO", f"GET /api/report/v1/students/{_sid(w)}/weekly/2027-W01 200 took={w.ms(8, 80)}ms", {
            "instance": pod, "log_type": "access"}
    return "INFO", f"GET /actuator/health 200 took={w.ms(1, 5)}ms", {"instance": pod, "log_type": "access"}


def _render(w: WorldBuilder, t: dt.datetime) -> Line:
    steps = ROLLOUTS["qh-report-render"]
    serving = steps[0][1]
    for clock, step in steps:
        if _t(clock) <= t:
            serving = step
    pod = w.rng.choice([p for p in serving if p not in RENDER_BAD])
    if _day(t) and w.rng.random() < 0.7:
        return "INFO", (f"rendered {w.rng.choice(['report-card', 'study-report'])} {_sid(w)} in {w.rng.uniform(0.8, 3.4):.1f}s "
                        f"({w.rng.randint(2, 6)} pages)"), {"instance": pod}
    return "INFO", f"GET /healthz 200 took={w.ms(1, 4)}ms", {"instance": pod, "log_type": "access"}


def _xxljob(w: WorldBuilder, t: dt.datetime) -> Line:
    job = w.rng.choice(["homework-due-reminder", "live-class-reminder", "order-timeout-close"])
    return "INFO", f">>>>>>>>>>> xxl-job trigger: {job} success, executor handled in {w.ms(20, 900)}ms", {
        "instance": "xxl-job-admin-01"}


def _live(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "qh-live", t)
    room = f"LR{w.rng.randint(10**5, 10**6 - 1)}"
    roll = w.rng.random()
    if _t("18:30") <= t < _t("21:00") and roll < 0.5:
        return "INFO", f"room {room}: {w.rng.randint(20, 900)} students online, teacher {_tid(w)} pushing 720p", {"instance": pod}
    if roll < 0.8:
        return "INFO", f"GET /api/live/v1/rooms/{room} 200 took={w.ms(3, 40)}ms", {"instance": pod, "log_type": "access"}
    return "WARN", f"room {room}: student {_sid(w)} uplink loss {w.rng.randint(8, 25)}%, switched to audio-only", {"instance": pod}


def _order(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "qh-order", t)
    roll = w.rng.random()
    if _day(t) and roll < 0.4:
        return "INFO", (f"order O{w.rng.randint(10**9, 10**10 - 1)} paid: 寒假课包 ¥{w.rng.choice([399, 699, 1299, 1999])} "
                        f"via {w.rng.choice(['wechat', 'alipay'])}"), {"instance": pod}
    if roll < 0.8:
        return "INFO", f"GET /api/order/v1/orders?parent=P{w.rng.randint(10**6, 10**7 - 1)} 200 took={w.ms(5, 60)}ms", {
            "instance": pod, "log_type": "access"}
    return "WARN", f"order O{w.rng.randint(10**9, 10**10 - 1)} unpaid after 30 min, closed", {"instance": pod}


def _node(w: WorldBuilder, t: dt.datetime) -> Line:
    node = w.rng.choice([n for n in NODES if n != BAD_NODE or not _t("12:30") <= t < _t("12:56")])
    roll = w.rng.random()
    stamp = f"I{t:%m%d} {t:%H:%M:%S}.{w.rng.randint(100000, 999999)}"
    if roll < 0.4:
        return "INFO", (f'kubelet[1422]: {stamp} image_gc_manager.go:391] "Disk usage on image filesystem is below the low '
                        f'threshold" usage={w.rng.randint(21, 55)} lowThreshold=80'), {"instance": node}
    if roll < 0.7:
        return "INFO", f"systemd[1]: Started Session {w.rng.randint(1000, 9000)} of User root.", {"instance": node}
    return "INFO", (f"chronyd[{w.rng.randint(700, 900)}]: Selected source 10.20.0.1 (ntp.qihang.local), offset "
                    f"{w.rng.uniform(-0.4, 0.4):.3f}ms"), {"instance": node}


def _dw(w: WorldBuilder, t: dt.datetime) -> Line:
    return "INFO", f"ETL task ods_{w.rng.choice(['exam', 'homework', 'order'])}_inc done rows={w.rng.randint(1000, 90000)}", {
        "instance": "dw-etl-01"}


NOISE = {
    "qh-gateway": (_gateway, 60), "qh-sso": (_sso, 150), "qh-roster": (_roster, 300), "qh-exam-session": (_exam_session, 60),
    "qh-exam-scheduler": (_scheduler, 300), "qh-answer-store": (_answer, 50), "qh-answer-redis": (_answer_redis, 600),
    "qh-exam-paper": (_paper, 80), "qh-paper-assets": (_assets, 300), "qh-proctor": (_proctor, 70), "qh-media": (_media, 180),
    "qh-grading": (_grading, 80), "qh-score": (_score, 180), "qh-edu-sync": (_edusync, 300), "qh-homework": (_homework, 60),
    "qh-homework-review": (_review, 120), "qh-rocketmq": (_rocketmq, 600), "qh-photo-search": (_photo, 60),
    "qh-search": (_search, 420), "qh-report": (_report, 180), "qh-report-render": (_render, 90), "qh-xxljob": (_xxljob, 600),
    "qh-live": (_live, 60), "qh-order": (_order, 150), "qh-k8s-node": (_node, 420), "qh-dw": (_dw, 900),
}
#: Where a service's ordinary lines stop because its incident writes its own.
QUIET = {"qh-answer-store": ("storm",), "qh-photo-search": ("search",)}


def _rolled(w: WorldBuilder, service: str, started: str, stopping: str, *, step: int = -1) -> None:
    """The pods of a rollout step: each new pod says it started, each old one that it stops (in the runtime's words)."""
    steps = ROLLOUTS[service]
    at = w.at(steps[step][0])
    old = steps[step - 1][1]
    for index, new in enumerate(steps[step][1]):
        moment = at + dt.timedelta(seconds=25 * index, milliseconds=w.rng.randint(0, 999))
        w.log(moment, service, "INFO", started.format(s=w.rng.randint(90, 260) / 10, node=node_of(new)), instance=new, trace=False)
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


def _clock(moment: dt.datetime) -> str:
    return f"{moment:%H:%M:%S}.{moment.microsecond // 1000:03d}"


SPRING_STOP = "Commencing graceful shutdown. Waiting for active requests to complete"


# --- Incident 1: the district's roster file with a BOM ---------------------------------------------------
def roster_bom(w: WorldBuilder) -> None:
    roster, exam = "qh-roster", "qh-exam-session"
    pods = ROLLOUTS[roster][0][1]
    w.log(_y("20:10:20.118"), roster, "INFO", XJ_NOTICE, instance=pods[0], trace=False)
    job = job_pod(job_name(ROSTER_CRON, _t("02:00")))
    moment = _t("02:00:10.204")
    w.log(moment, roster, "INFO", "roster import started: 5 district files from sftp xj-exchange:/outbox/20270114/",
          instance=job, trace=False, job="roster-import")
    header = "header ['学号', '姓名', '学校代码', '年级', '班级', '变动类型']"
    for index, (file, rows) in enumerate(DISTRICT_FILES):
        moment += dt.timedelta(seconds=w.rng.randint(40, 90), milliseconds=w.rng.randint(0, 999))
        w.log(moment, roster, "INFO", f"import {file} ({rows} rows, read as utf-8): {header} -> {rows} upserted, 0 skipped",
              instance=job, trace=False, job="roster-import")
        if index == 1:  # 滨江区's file comes third
            moment += dt.timedelta(seconds=w.rng.randint(30, 50), milliseconds=w.rng.randint(0, 999))
            for row in range(2, 7):
                w.log(moment + dt.timedelta(milliseconds=row), roster, "WARN", f"{BINJIANG_FILE} row {row}: 学号为空, skipped",
                      instance=job, trace=False, job="roster-import")
            w.log(moment + dt.timedelta(milliseconds=9), roster, "WARN",
                  f"{BINJIANG_FILE}: 38909 more rows skipped for the same reason (not logged)", instance=job, trace=False,
                  job="roster-import")
            w.log(moment + dt.timedelta(seconds=1), roster, "WARN", ROSTER_BINJIANG, instance=job, trace=False,
                  job="roster-import")
    w.log(moment + dt.timedelta(seconds=3), roster, "INFO", ROSTER_DONE, instance=job, trace=False, job="roster-import")

    epods = ROLLOUTS[exam][0][1]
    w.log(_t("07:10:20.330"), exam, "INFO", CHECKIN_CONFIG, instance=epods[0], change="config")
    w.log(_t("07:40:15.441"), exam, "INFO", ROOMS_BUILT, instance=epods[1])
    students = [(_sid(w), _name(w), w.rng.choice(BINJIANG), w.rng.choice(GRADES)) for _ in range(MISSING_STUDENTS)]
    fix = _t("09:38:30")
    for sid, name, school, grade in students:
        if w.rng.random() < 0.15:
            continue  # absent or sat the exam on paper
        first = _t("08:00:20") + dt.timedelta(seconds=w.rng.randint(0, 2400), milliseconds=w.rng.randint(0, 999))
        attempts = [first + dt.timedelta(seconds=sum(w.rng.randint(30, 400) for _ in range(k))) for k in range(w.rng.randint(1, 4))]
        for moment in attempts:
            if moment < fix:
                w.log(moment, exam, "WARN", CHECKIN_FAIL.format(sid=sid, name=name, school=school, sname=SCHOOLS[school][1],
                                                                session=AM, grade=grade), instance=w.rng.choice(epods))
        if w.rng.random() < 0.9:
            late = fix + dt.timedelta(seconds=w.rng.randint(60, 900), milliseconds=w.rng.randint(0, 999))
            w.log(late, exam, "INFO", f"check-in ok student {sid} school {school} {SCHOOLS[school][1]} session {AM} {grade}数学 "
                  f"room {w.rng.randint(41, 44):02d} (late check-in, time extended 40 min)", instance=w.rng.choice(epods))
    _ops(w, "08:25:30.118", exam, "exam_oncall_wenqian: 滨江区启明、东信、云帆三所学校有学生签到提示“你不在本场考试名单中”，班主任说"
         "这些学生学籍里都有，大多是最近转进来的")
    w.log(_t("09:36:20.204"), roster, "INFO", ROSTER_FIX, instance=pods[0], change="data-fix")
    w.log(fix, exam, "INFO", ROOMS_REBUILT, instance=epods[2])
    w.alert("ExamCheckinFailuresHigh", exam, "warning", _t("08:12"), _t("09:45"), "26 次/10分钟",
            "考生签到失败 26 次/10分钟，超过阈值 20", namespace=NS)


# --- Incident 2: the IdP's chain through an expired cross-signing root -------------------------------------
def sso_chain(w: WorldBuilder) -> None:
    sso = "qh-sso"
    fixed = _t("09:41:10.118")
    scheduled = _y("20:05:00")
    while scheduled <= REFERENCE:
        failing = _t("00:00") <= scheduled < fixed
        w.log(scheduled + dt.timedelta(seconds=w.rng.randint(1, 4), milliseconds=w.rng.randint(0, 999)), sso,
              "WARN" if failing else "INFO", SSO_META_FAIL if failing else SSO_META_OK, instance="sso-web-01", trace=False,
              job="cas-metadata-refresh")
        scheduled += dt.timedelta(hours=1)
    w.log(_t("06:40:10.204"), sso, "INFO", SSO_PHPINI, instance="sso-web-01", trace=False, change="config")
    moments = (_every(w, "06:50:05", "07:00:00", 30, 90) + _every(w, "07:00:00", "08:10:00", 8, 20)
               + _every(w, "08:10:00", "09:41:00", 10, 30))
    for moment in moments:
        school = _school(w)
        w.log(moment, sso, "ERROR", SSO_VALIDATE_FAIL.format(ticket=f"ST-{w.rng.randint(10**5, 10**6 - 1)}-{w.hex(16)}",
                                                             tid=_tid(w), school=school), instance=w.rng.choice(VMS[sso]))
    _ops(w, "07:40:20.330", sso, "sso_oncall_mali: 大量老师反馈统一身份认证登录后一直转圈又跳回登录页；学生用考试账号登录正常")
    _ops(w, "08:55:40.441", sso, SSO_S_CLIENT)
    w.log(fixed, sso, "INFO", SSO_FIX, instance="sso-web-01", trace=False, change="config")
    w.alert("SsoLoginFailuresHigh", sso, "warning", _t("07:06"), _t("09:50"), "64 次/10分钟",
            "教师统一身份认证登录失败 64 次/10分钟，超过阈值 30", instance="sso-web-01")


# --- Incident 3: the exam client's retries turning a four-second failover into forty minutes --------------
QPS: Keyframes = [(START, 0), (_t("08:24"), 0), (_t("08:31"), 9600), (_t("08:41"), 9800), (_t("08:42"), 23860),
                  (_t("08:45"), 35200), (_t("08:51"), 46100), (_t("08:52"), QPS_PEAK), (_t("08:53"), 46300), (_t("09:10"), 43900),
                  (_t("09:18"), 41800), (_t("09:21"), 18200), (_t("09:25"), 9700), (_t("10:29"), 9900), (_t("10:31"), 300),
                  (_t("10:40"), 0), (_t("13:54"), 0), (_t("14:01"), 7600), (_t("15:58"), 7800), (_t("16:01"), 200),
                  (_t("16:10"), 0), (REFERENCE, 0)]


def answer_storm(w: WorldBuilder) -> None:
    store, redis, gw = "qh-answer-store", "qh-answer-redis", "qh-gateway"
    w.log(_y("20:30:05.330"), redis, "INFO", REDIS_NOTICE, instance="r-qh-answer", trace=False)
    w.log(_t("07:30:10.441"), store, "INFO", ANSWER_DEPLOY, instance=ROLLOUTS[store][1][1][0], change="deploy")
    _rolled(w, store, "Started AnswerStoreApplication in {s} seconds (process running for 26.1)", SPRING_STOP)
    pods = ROLLOUTS[store][1][1]
    gpods = ROLLOUTS[gw][0][1]
    w.log(_t("08:41:06.118"), redis, "WARN", REDIS_SWITCH, instance="r-qh-answer", trace=False)
    w.log(_t("08:41:10.330"), redis, "INFO", "r-qh-answer: new master 10.30.8.22:6379 accepting writes, replica resync started",
          instance="r-qh-answer", trace=False)
    for moment in _every(w, _t("08:41:06.300"), _t("08:41:10.200"), 0, 1):
        w.log(moment, store, "ERROR", f"autosave session {AM} student {_sid(w)}: RedisCommandExecutionException: READONLY You "
              "can't write against a read only replica. (10.30.8.21:6379)", instance=w.rng.choice(pods))
    for moment in _every(w, "08:41:10", "09:22:00", 2, 6):
        rps = interpolate(QPS, moment)
        if w.rng.random() < 0.55:
            if w.rng.random() < 0.85:
                client, retry, gap = w.rng.choice(CLIENTS_NEW), w.rng.randint(1, 3), w.ms(15, 90)
            else:
                client, retry, gap = w.rng.choice(CLIENTS_OK), 1, w.ms(2000, 2600)
            w.log(moment, store, "WARN", AUTOSAVE_503.format(session=AM, sid=_sid(w), q=w.rng.randint(1, 26), client=client,
                                                             retry=retry, gap=gap), instance=w.rng.choice(pods))
        else:
            client = w.rng.choice(CLIENTS_NEW) if w.rng.random() < 0.8 else w.rng.choice(CLIENTS_OK)
            retry = w.rng.randint(1, 3) if "6.2.0" in client else w.rng.randint(0, 1)
            w.log(moment, store, "INFO", f"POST /api/answer/v1/autosave 200 session {AM} student {_sid(w)} q{w.rng.randint(1, 26)} "
                  f"took={w.ms(900, 4800)}ms client={client} x-retry={retry}", instance=w.rng.choice(pods),
                  log_type="access")
        if w.rng.random() < 0.02 + 0.02 * (rps > 40000):
            w.log(moment, store, "WARN", AUTOSAVE_LOAD.format(rps=int(rps), share=w.rng.randint(74, 81), p99=w.ms(4200, 9800)),
                  instance=w.rng.choice(pods))
    for moment in _every(w, "08:41:20", "09:22:00", 10, 30):
        w.log(moment, gw, "WARN", f"[error] upstream responded 503 while proxying POST /api/answer/v1/autosave, upstream: "
              f"10.42.{w.rng.randint(1, 8)}.{w.rng.randint(2, 250)}:8080, {w.rng.randint(900, 4200)} such in the last 10s",
              instance=w.rng.choice(gpods))
    _ops(w, "08:50:10.204", store, "exam_oncall_zhaoyi: 开考后十来分钟起大量考生提示“答案保存失败，请检查网络”；Redis 主备切换只用了 4 秒，"
         "请求量却一直降不下来")
    w.log(_t("09:12:10.330"), gw, "INFO", GATEWAY_LIMIT, instance=gpods[0], change="config")
    w.log(_t("09:18:20.441"), gw, "INFO", CLIENT_CONFIG, instance=gpods[1], change="config")
    w.log(_t("09:24:05.551"), store, "INFO", "autosave load 9650 req/s, x-retry>0 0.4%, tomcat threads 61/400, p99 14ms",
          instance=pods[0])
    w.alert("AnswerStoreQpsHigh", store, "warning", _t("08:42"), _t("09:26"), QPS_ALERT_VALUE,
            f"作答保存请求 {QPS_ALERT_VALUE}，超过阈值 20000 次/秒", namespace=NS)
    w.alert("AnswerSaveErrorsHigh", store, "critical", _t("08:43"), _t("09:30"), "38.6%",
            "作答保存失败率 38.6%，超过阈值 5%", namespace=NS)


def face_vendor(w: WorldBuilder) -> None:
    """Unrelated: the face vendor's own slow quarter hour on the proctoring service, beside the autosave overload."""
    proctor = "qh-proctor"
    pods = ROLLOUTS[proctor][0][1]
    for moment in _every(w, "08:43:20", "08:58:30", 8, 25):
        w.log(moment, proctor, "WARN", f"face verify student {_sid(w)} session {AM}: facecloud compare took {w.ms(3100, 5400)}ms "
              f"(over 3000ms), score 0.{w.rng.randint(86, 99)}, passed", instance=w.rng.choice(pods))
    w.log(_t("08:59:10.118"), proctor, "INFO", FACE_STATUS, instance=pods[0], trace=False)
    w.alert("ProctorFaceVerifySlow", proctor, "warning", _t("08:47"), _t("09:00"), "4200ms",
            "人脸核验 p99 4200ms，超过阈值 3000ms", namespace=NS)


# --- Incident 4: the force-submit lock's lease shorter than the job ----------------------------------------
#: When each scheduler pod took the expired lock, and how many answer sheets were still unsubmitted then (the first pod's
#: job submits about 165 sheets a second).
FORCE_RUNS = ((SCHED_PODS[0], "10:30:00.120", 41380, 250.1), (SCHED_PODS[1], "10:31:00.402", 31450, 190.6),
              (SCHED_PODS[2], "10:32:00.917", 21520, 130.4))


def force_submit(w: WorldBuilder) -> None:
    sched, grading = "qh-exam-scheduler", "qh-grading"
    gpods = ROLLOUTS[grading][0][1]
    for clock, sess, n in (("07:00:00", AM, 186420), ("13:00:00", PM, 142806)):
        at = _t(clock) + dt.timedelta(milliseconds=w.rng.randint(100, 900))
        w.log(at, sched, "INFO", f"job exam-reminder {sess}: lock exam:reminder:{sess} acquired (leaseTime 60s), {n} reminders "
              f"queued in {w.rng.uniform(4, 9):.1f}s, unlocked", instance=w.rng.choice(SCHED_PODS))
    w.log(_t("09:50:20.204"), grading, "INFO", GRADING_CONFIG, instance=gpods[0], change="config")
    for pod, clock, n, took in FORCE_RUNS:
        start = _t(clock)
        w.log(start, sched, "INFO", FS_ACQUIRED, instance=pod)
        w.log(start + dt.timedelta(seconds=6), sched, "INFO", f"job force-submit {AM}: {n} answer sheets still unsubmitted",
              instance=pod)
        done = 0
        moment = start + dt.timedelta(seconds=36)
        while moment < start + dt.timedelta(seconds=took):
            done = min(n, done + w.rng.randint(4800, 6000))
            w.log(moment, sched, "INFO", f"job force-submit {AM} progress {done}/{n} submitted", instance=pod)
            moment += dt.timedelta(seconds=30, milliseconds=w.rng.randint(0, 999))
        w.log(start + dt.timedelta(seconds=took), sched, "WARN",
              FS_DONE.format(session=AM, n=n, s=took, node=f"{w.hex(8)}-{w.hex(4)}-{w.hex(4)}-{w.hex(4)}-{w.hex(12)}",
                             tid=w.rng.randint(80, 140)), instance=pod)
    # The scheduler pods check every minute for a session to force-submit; a pod running the job checks no more.
    for clock, pod in (("10:30:00.514", SCHED_PODS[1]), ("10:30:00.733", SCHED_PODS[2]), ("10:31:00.911", SCHED_PODS[2])):
        w.log(_t(clock), sched, "INFO", f"job force-submit {AM}: lock {FS_LOCK} held by another node, skipped", instance=pod)
    w.log(_t("10:34:20.330"), sched, "INFO", f"session {AM} status FORCE_SUBMITTED", instance=SCHED_PODS[0])
    for moment in _every(w, "10:31:40", "11:40:00", 5, 14):
        obj = w.rng.randint(41, 78)
        n = 3 if obj <= 60 else w.rng.choice((2, 3))
        grade = w.rng.choice(GRADES)
        w.log(moment, grading, "WARN", SCORE_HELD.format(sheet=f"AS{w.rng.randint(10**7, 10**8 - 1)}", sid=_sid(w), session=AM,
                                                         grade=grade, total=obj * n, obj=obj, n=n),
              instance=w.rng.choice(gpods))
    _ops(w, "11:05:30.441", grading, "grading_oncall_yuxin: 七八九年级数学有学生总分超过满分（比如 138/120），成绩发布被拦截，拦截人数"
         "还在涨")
    w.log(_t("11:40:10.551"), grading, "INFO", GRADING_FIX, instance=gpods[1], change="data-fix")
    w.log(_t("12:10:20.118"), sched, "INFO", LEASE_FIX, instance=SCHED_PODS[0], change="config")
    start = _t("16:00:00.240")
    w.log(start, sched, "INFO", f"job force-submit {PM}: lock exam:force-submit:{PM} acquired (watchdog, lease renewed every "
          "10s), scanning 142806 sessions for unsubmitted answer sheets", instance=SCHED_PODS[1])
    for other in (SCHED_PODS[0], SCHED_PODS[2]):
        for minute in (0, 1, 2):
            w.log(start + dt.timedelta(minutes=minute, milliseconds=w.rng.randint(300, 800)), sched, "INFO",
                  f"job force-submit {PM}: lock exam:force-submit:{PM} held by another node, skipped", instance=other)
    w.log(start + dt.timedelta(seconds=188.3), sched, "INFO", f"job force-submit {PM}: 30911 answer sheets submitted in 188.3s, "
          "unlocked", instance=SCHED_PODS[1])
    w.alert("GradingScoreOutOfRange", grading, "warning", _t("10:38"), _t("11:50"), HELD_ALERT_VALUE,
            f"成绩超出满分被拦截 {HELD_ALERT_VALUE}，超过阈值 100", namespace=NS)


# --- Incident 5: the score written in scientific notation -------------------------------------------------
SCIENTIFIC = {50: "5E+1", 60: "6E+1", 70: "7E+1", 80: "8E+1", 90: "9E+1", 100: "1E+2", 110: "1.1E+2", 120: "1.2E+2"}


def score_sci(w: WorldBuilder) -> None:
    score, edu = "qh-score", "qh-edu-sync"
    epods = ROLLOUTS[edu][0][1]
    for moment in _every(w, "10:40:00", "11:30:00", 400, 700):
        school = _school(w)
        n = w.rng.randint(12, 60)
        w.log(moment, edu, "INFO", f"push batch EDU{moment:%m%d}{w.rng.randint(1000, 9999)} {SCHOOLS[school][0]} {school} "
              f"补考成绩 (01-12) {n} rows -> {SCHOOLS[school][0]}学业质量平台: {n} accepted", instance=w.rng.choice(epods))
    w.log(_t("11:20:10.118"), edu, "INFO", EDU_CONFIG, instance=epods[0], change="config")
    w.log(_t("11:50:10.204"), score, "INFO", SCORE_DEPLOY, instance=ROLLOUTS[score][1][1][0], change="deploy")
    _rolled(w, score, "Started ScoreApplication in {s} seconds (process running for 23.9)", SPRING_STOP, step=1)
    w.log(_t("12:02:10.330"), score, "INFO", f"scores of {AM} released: 186271 students, handed to qh-edu-sync",
          instance=ROLLOUTS[score][1][1][0])
    w.log(_t("16:42:10.441"), score, "INFO", f"scores of {PM} released: 142806 students (objective part), handed to qh-edu-sync",
          instance=ROLLOUTS[score][1][1][1])
    rejected = 0
    for moment in _every(w, "12:05:00", "14:20:00", 60, 150) + _every(w, "16:45:00", "17:19:00", 60, 150):
        subject = "数学" if moment < _t("15:00") else "英语"
        school = _school(w)
        district = SCHOOLS[school][0]
        n = w.rng.randint(300, 500)
        bad = round(n * w.rng.uniform(0.08, 0.12))
        rejected += bad
        batch = f"EDU{moment:%m%d}{w.rng.randint(1000, 9999)}"
        trace = w.hex(32)
        pod = w.rng.choice(epods)
        w.log(moment, edu, "WARN", f"push batch {batch} {district} {school} {subject} {n} rows -> {district}学业质量平台: "
              f"{n - bad} accepted, {bad} rejected (ERR_SCORE_FORMAT)", instance=pod, trace_id=trace)
        for _ in range(w.rng.randint(1, 3)):
            value = w.rng.choice(tuple(SCIENTIFIC))
            w.log(moment + dt.timedelta(milliseconds=w.rng.randint(5, 90)), edu, "WARN",
                  EDU_REJECT.format(sid=_sid(w), subject=subject, score=SCIENTIFIC[value], district=district), instance=pod,
                  trace_id=trace)
    for moment in _every(w, "17:36:00", "18:30:00", 90, 200):
        school = _school(w)
        n = w.rng.randint(300, 500)
        w.log(moment, edu, "INFO", f"push batch EDU{moment:%m%d}{w.rng.randint(1000, 9999)} {SCHOOLS[school][0]} {school} 英语 "
              f"{n} rows -> {SCHOOLS[school][0]}学业质量平台: {n} accepted", instance=w.rng.choice(epods))
    _ops(w, "12:40:20.551", edu, "edu_oncall_fangyi: 区教育局平台退回约一成成绩行，报“成绩格式不正确”，老师核对分数都是对的")
    w.log(_t("17:20:10.118"), score, "INFO", SCORE_FIX, instance=ROLLOUTS[score][2][1][0], change="deploy")
    _rolled(w, score, "Started ScoreApplication in {s} seconds (process running for 24.2)", SPRING_STOP, step=2)
    w.log(_t("17:35:20.204"), edu, "INFO", EDU_REPUSH.format(n=rejected), instance=epods[1])
    w.alert("EduSyncRowsRejectedHigh", edu, "warning", _t("12:14"), _t("17:40"), "27 行/10分钟",
            "上报被区平台退回 27 行/10分钟，超过阈值 20", namespace=NS)


# --- Incident 6: the upload signer's expiry bound as milliseconds ------------------------------------------
def presign(w: WorldBuilder) -> None:
    media, proctor = "qh-media", "qh-proctor"
    ppods = ROLLOUTS[proctor][0][1]
    for moment in _every(w, "08:30:00", "10:30:00", 280, 320):
        w.log(moment, media, "INFO", f"presign stats 5m: {w.rng.randint(30000, 38000)} PUT URLs signed for qh-proctor-snap, expiry "
              "900s", instance=w.pod_at(ROLLOUTS[media], moment))
    w.log(_t("12:20:10.330"), media, "INFO", MEDIA_DEPLOY, instance=ROLLOUTS[media][1][1][0], change="deploy")
    _rolled(w, media, MEDIA_BOOT, SPRING_STOP)
    mpods = ROLLOUTS[media][1][1]
    w.log(_t("13:10:20.441"), proctor, "INFO", PROCTOR_CONFIG, instance=ppods[0], change="config")
    fixed = _t("15:12:10.551")
    for moment in _every(w, "14:00:00", "16:00:00", 280, 320):
        expiry = "PT0.9S" if moment < fixed else "PT15M"
        w.log(moment, media, "INFO", f"presign stats 5m: {w.rng.randint(26000, 31000)} PUT URLs signed for qh-proctor-snap, "
              f"expiry {expiry}", instance=w.rng.choice(mpods))
    for moment in _every(w, "14:00:20", "15:12:05", 5, 12):
        signed = moment - dt.timedelta(milliseconds=w.rng.randint(1200, 7500))
        w.log(moment, proctor, "WARN", SNAPSHOT_403.format(session=PM, sid=_sid(w), seq=w.rng.randint(1, 240),
                                                           signed=_clock(signed), sent=_clock(moment)),
              instance=w.rng.choice(ppods))
    for moment in _every(w, "14:10:00", "15:12:00", 20, 60):
        w.log(moment, proctor, "WARN", EVIDENCE_MISSING.format(session=PM, sid=_sid(w)), instance=w.rng.choice(ppods))
    _ops(w, "14:25:10.118", proctor, "proctor_oncall_jinyu: 下午场监考截图大量上传失败（403），很多考生被标记为监考证据缺失，要人工复核")
    w.log(fixed, media, "INFO", MEDIA_FIX, instance=mpods[0], change="config")
    for pod in mpods:
        w.log(fixed + dt.timedelta(seconds=1, milliseconds=w.rng.randint(0, 900)), media, "INFO", MEDIA_REFRESHED, instance=pod)
    w.alert("ProctorSnapshotUploadFailures", proctor, "warning", _t("14:04"), _t("15:20"), "31.2%",
            "监考截图上传失败率 31.2%，超过阈值 5%", namespace=NS)


# --- Incident 7: the paper pods' DNS cached forever, the old address released --------------------------------
def dns_ttl(w: WorldBuilder) -> None:
    assets, paper = "qh-paper-assets", "qh-exam-paper"
    w.log(_y("22:30:20.118"), assets, "INFO", DNS_CHANGE, instance="cloud-console", trace=False, change="dns")
    for index, pod in enumerate(PAPER_HPA):
        w.log(_t("08:05:00") + dt.timedelta(seconds=20 * index, milliseconds=w.rng.randint(0, 999)), paper, "INFO",
              PAPER_BOOT.format(s=w.rng.randint(180, 260) / 10), instance=pod, trace=False)
    w.log(_t("13:05:20.330"), paper, "INFO", PAPER_CONFIG, instance=PAPER_STALE[0], change="config")
    w.log(_t("13:30:10.204"), assets, "INFO", SLB_RELEASE, instance="cloud-console", trace=False, change="decommission")
    moments = _every(w, "13:30:40", "13:45:00", 30, 90) + _every(w, "13:45:00", "14:42:30", 6, 15)
    for moment in moments:
        # The rolling restart from 14:41 stops the stale pods one by one (each 12 s after its replacement started).
        stale = [pod for index, pod in enumerate(PAPER_STALE) if moment < _t("14:41:11") + dt.timedelta(seconds=25 * index)]
        if not stale:
            continue
        grade = w.rng.choice(GRADES)
        w.log(moment, paper, "ERROR", PAPER_FAIL.format(session=PM, sid=_sid(w), grade=grade, grade_code=GRADE_CODES[grade],
                                                        part=w.rng.randint(1, 3)), instance=w.rng.choice(stale))
    _ops(w, "14:08:30.441", paper, "paper_oncall_songjia: 英语听力开始后大量考生听力音频加载失败，重进考试有时又好了")
    w.log(_t("14:41:00.551"), paper, "INFO", PAPER_RESTART, instance="ops-console", trace=False, change="restart")
    _rolled(w, paper, PAPER_BOOT, SPRING_STOP, step=2)
    w.log(_t("14:44:10.118"), paper, "INFO", "listening audio re-fetched for 3816 affected candidates of S-0114-PM, their "
          "listening part re-opened (+25 min)", instance=PAPER_NEW[0])
    for index, pod in enumerate(PAPER_NEW[4:6]):
        w.log(_t("17:30:05") + dt.timedelta(seconds=6 * index), paper, "INFO", "Commencing graceful shutdown (scale down). "
              "Waiting for active requests to complete", instance=pod, trace=False)
    w.alert("ExamPaperAssetFetchFailures", paper, "critical", _t("13:48"), _t("14:50"), "18 次/10分钟",
            "考试包资源下载失败 18 次/10分钟，超过阈值 10", namespace=NS)


# --- Incident 8: the weekly report's crontab read as Quartz -------------------------------------------------
REJECTS: Keyframes = [(START, 0), (_t("14:02"), 0), (_t("14:03"), 240), (_t("14:06"), 1210), (_t("14:30"), 5200),
                      (_t("14:51"), 8410), (_t("14:52"), REJECT_PEAK), (_t("14:53"), 8390), (_t("15:30"), 6100),
                      (_t("15:46"), 5400), (_t("15:50"), 30), (_t("15:56"), 0), (REFERENCE, 0)]


def weekly_report(w: WorldBuilder) -> None:
    xxl, report, search, photo = "qh-xxljob", "qh-report", "qh-search", "qh-photo-search"
    rpods = ROLLOUTS[report][0][1]
    w.log(_y("20:40:10.118"), xxl, "INFO", XXL_MIGRATE, instance="xxl-job-admin-01", trace=False, change="config")
    w.log(_y("20:41:30.204"), xxl, "INFO", "crontab -r by data_ops_fanjing (jobs moved to XXL-JOB, CHG-20270113-09)",
          instance="report-cron-01", trace=False)
    for moment in (_y("21:30:00.210"), _t("21:30:00.188")):
        w.log(moment, xxl, "INFO", ">>>>>>>>>>> xxl-job trigger: jobId=218 daily-homework-digest, triggerType=CRON, "
              "cron=0 30 21 * * ?, executor qh-report", instance="xxl-job-admin-01", trace=False)
        w.log(moment + dt.timedelta(seconds=2), report, "INFO", f"job daily-homework-digest: {w.rng.randint(1150000, 1250000)} "
              f"parents, digest of {moment.date()} queued", instance=w.rng.choice(rpods), job="daily-homework-digest")
    w.log(_t("13:15:10.330"), photo, "INFO", PHOTO_DEPLOY, instance=ROLLOUTS[photo][1][1][0], change="deploy")
    _rolled(w, photo, "qh-photo-search 2.8.0 ready on :8000, OCR model v7 loaded ({s}s)", "SIGTERM received, shutting down "
            "gunicorn workers")
    ppods = ROLLOUTS[photo][1][1]
    w.log(_t("14:00:00.102"), xxl, "INFO", XXL_TRIGGER, instance="xxl-job-admin-01", trace=False)
    w.log(_t("14:00:01.330"), report, "INFO", WEEKLY_START, instance=rpods[0], job="weekly-study-report")
    stopped = _t("15:46:10.441")
    for index, moment in enumerate(_every(w, "14:05:00", "15:46:00", 290, 310)):
        done = min(857100, 42500 * (index + 1) + w.rng.randint(0, 900))
        w.log(moment, report, "INFO", f"job weekly-study-report progress {done}/1382400 students, {int(done * 0.97)} parents "
              f"notified, qh-search {w.rng.randint(6800, 8200)} queries/s", instance=rpods[0], job="weekly-study-report")
    for moment in _every(w, "14:01:00", "15:46:00", 40, 90):
        wrong = w.rng.randint(3, 19)
        w.log(moment, report, "INFO", f"weekly report 2027-W02 (01-11 ~ 01-17) sent to parent of student {_sid(w)}: 本周错题 "
              f"{wrong} 道, 举一反三 {wrong * 5} 题", instance=w.rng.choice(rpods), job="weekly-study-report")
    for moment in _every(w, "14:03:00", "15:50:00", 8, 25):
        node = w.rng.choice(VMS[search])
        w.log(moment, search, "WARN", ES_REJECT.format(node=node, ewma=w.rng.randint(180, 900),
                                                       done=w.rng.randint(10**8, 9 * 10**8)), instance=node)
    for moment in _every(w, "14:02:00", "15:46:00", 50, 110):
        node = w.rng.choice(VMS[search])
        took = w.rng.uniform(2.1, 6.8)
        w.log(moment, search, "WARN", f"[{node}] [qb_questions][{w.rng.randint(0, 5)}] took[{took:.1f}s], "
              f"took_millis[{int(took * 1000)}], search_type[QUERY_THEN_FETCH], total_shards[6], source[{{\"query\":{{"
              f"\"more_like_this\":{{\"like\":[{{\"_id\":\"Q{w.rng.randint(10**6, 10**7 - 1)}\"}}]}}}},\"size\":5}}], "
              "id[weekly-study-report]", instance=node, log_type="slowlog")
    for moment in _every(w, "14:03:00", "15:50:00", 4, 10):
        req, sid = f"PS{w.rng.randint(10**8, 10**9 - 1)}", _sid(w)
        roll = w.rng.random()
        if roll < 0.35:
            w.log(moment, photo, "ERROR", PHOTO_FAIL.format(req=req, sid=sid), instance=w.rng.choice(ppods))
        elif roll < 0.65:
            w.log(moment, photo, "ERROR", PHOTO_TIMEOUT.format(req=req, sid=sid, ocr=w.ms(120, 420)), instance=w.rng.choice(ppods))
        else:
            w.log(moment, photo, "INFO", f"photo search {req} student {sid}: OCR {w.ms(120, 420)}ms, ES {w.ms(1100, 2900)}ms, "
                  f"top1 score 0.{w.rng.randint(70, 98)}", instance=w.rng.choice(ppods))
    _ops(w, "14:20:40.551", photo, "search_oncall_tianyu: 两点以后学生拍照搜题大量转圈后提示搜索失败，老师组卷搜题也很慢")
    w.log(stopped, xxl, "INFO", XXL_STOP, instance="xxl-job-admin-01", trace=False, change="config")
    w.log(stopped + dt.timedelta(seconds=30), report, "INFO", WEEKLY_STOPPED, instance=rpods[0], job="weekly-study-report")
    w.alert("SearchThreadPoolRejected", search, "warning", _t("14:06"), _t("15:56"), REJECT_ALERT_VALUE,
            f"题库搜索 search 线程池拒绝 {REJECT_ALERT_VALUE}，超过阈值 100", instance="es-qb-02")
    w.alert("PhotoSearchTimeoutsHigh", photo, "warning", _t("14:05"), _t("15:55"), "22.4%",
            "拍照搜题失败率 22.4%，超过阈值 5%", namespace=NS)


# --- Incident 9: one node's container runtime and its /dev/shm ---------------------------------------------
def node_shm(w: WorldBuilder) -> None:
    node, render, report, live = "qh-k8s-node", "qh-report-render", "qh-report", "qh-live"
    w.log(_t("12:30:05.118"), node, "INFO", RUNTIME_MIGRATE, instance=BAD_NODE, trace=False, change="runtime-migration")
    w.log(_t("12:30:40.204"), node, "INFO", NODE_DRAIN, instance=BAD_NODE, trace=False)
    w.log(_t("12:55:20.118"), node, "INFO", NODE_BACK, instance=BAD_NODE, trace=False)
    w.log(_t("13:20:10.330"), live, "INFO", LIVE_DEPLOY, instance=ROLLOUTS[live][1][1][0], change="deploy")
    _rolled(w, live, "qh-live 7.4.0 listening on :8080 (node {node}), first room sync in {s}s", "SIGTERM received, draining "
            "rooms", step=1)
    w.log(_t("15:40:20.441"), render, "INFO", RENDER_CONFIG, instance=RENDER_OLD[0], change="config")
    rpods = ROLLOUTS[report][0][1]
    w.log(_t("16:30:05.118"), report, "INFO", "report-card wave: scores of S-0114-AM/PM visible to parents from 16:30, 成绩报告单 "
          "PDFs requested via qh-report-render", instance=rpods[1])
    replaced = _t("18:12:40")
    for index, pod in enumerate(RENDER_BAD):
        boot = _t("16:30:20") + dt.timedelta(seconds=25 * index, milliseconds=w.rng.randint(0, 999))
        backoff = 10
        while boot < replaced:
            w.log(boot, render, "INFO", RENDER_BOOT.format(node=BAD_NODE), instance=pod, trace=False)
            moment = boot
            for _ in range(3):
                moment += dt.timedelta(seconds=w.rng.randint(45, 100), milliseconds=w.rng.randint(0, 999))
                if moment >= replaced:
                    break
                w.log(moment, render, "ERROR", SHM_FAIL.format(clock=f"{moment:%H%M%S}", micro=w.rng.randint(0, 999999),
                                                               tag=w.hex(6)), instance=pod, trace=False)
                w.log(moment + dt.timedelta(milliseconds=w.rng.randint(20, 200)), render, "ERROR",
                      PAGE_CRASH.format(sid=_sid(w)), instance=pod)
            else:
                w.log(moment + dt.timedelta(seconds=1), render, "ERROR", RENDER_EXIT, instance=pod, trace=False)
                boot = moment + dt.timedelta(seconds=backoff + 2, milliseconds=w.rng.randint(0, 999))
                backoff = min(backoff * 2, 300)
                continue
            break
    for moment in _every(w, "16:33:00", "18:13:00", 25, 70):
        w.log(moment, report, "WARN", f"report-card PDF for student {_sid(w)}: render on {w.rng.choice(RENDER_BAD)} failed "
              f"(500), retry {w.rng.randint(1, 3)}/3", instance=w.rng.choice(rpods))
    _ops(w, "17:05:10.204", render, "report_oncall_caiwen: 家长下载成绩报告单经常失败、要点好几次；qh-report-render 有两个 Pod 一直在"
         "重启，另外四个正常")
    w.log(_t("18:12:10.330"), render, "INFO", SHM_PATCH, instance="ops-console", trace=False, change="config")
    _rolled(w, render, RENDER_BOOT, "SIGTERM received, closing browser", step=2)
    for index, pod in enumerate(RENDER_NEW[4:6]):
        w.log(_t("20:45:10") + dt.timedelta(seconds=5 * index), render, "INFO", "SIGTERM received (scale down), closing browser",
              instance=pod, trace=False)
    w.alert("ReportRenderFailuresHigh", render, "warning", _t("16:38"), _t("18:20"), "14 次/10分钟",
            "报告 PDF 渲染失败 14 次/10分钟，超过阈值 10", namespace=NS)


# --- Incident 10: the new consumer in the review queue's consumer group ------------------------------------
def _allocated(queues: int, consumers: int, index: int) -> list[int]:
    """RocketMQ's AllocateMessageQueueAveragely: the ``index``-th consumer's block of queues."""
    size, rest = divmod(queues, consumers)
    start = index * size + min(index, rest)
    return list(range(start, start + size + (1 if index < rest else 0)))


REVIEW_ORDER = (0, 2, 4, 5)  # the review consumers' places among the six client ids after 18:41 (the new ones are 1 and 3)


def homework_mq(w: WorldBuilder) -> None:
    hw, review, push, mq = "qh-homework", "qh-homework-review", "qh-parent-push", "qh-rocketmq"
    rvpods = ROLLOUTS[review][0][1]
    w.log(_t("18:10:10.118"), hw, "INFO", HOMEWORK_DEPLOY, instance=ROLLOUTS[hw][1][1][0], change="deploy")
    _rolled(w, hw, "Started HomeworkApplication in {s} seconds (process running for 25.2)", SPRING_STOP)
    hpods = ROLLOUTS[hw][1][1]
    w.log(_t("18:40:10.204"), push, "INFO", PUSH_DEPLOY, instance=PUSH_PODS[0], change="deploy")
    clients = {pod: f"10.42.{w.rng.randint(1, 8)}.{w.rng.randint(2, 250)}@1" for pod in (*rvpods, *PUSH_PODS)}
    for index, pod in enumerate(PUSH_PODS):
        at = _t("18:41:00") + dt.timedelta(seconds=20 * index, milliseconds=w.rng.randint(0, 999))
        w.log(at, push, "INFO", f"Started ParentPushApplication in {w.rng.randint(180, 260) / 10} seconds", instance=pod, trace=False)
        w.log(at + dt.timedelta(seconds=2), push, "INFO", PUSH_CONSUMER, instance=pod, trace=False)
        w.log(at + dt.timedelta(seconds=23), push, "INFO", "rebalance: group=GID_HOMEWORK_EVENTS topic=homework_event "
              f"cidAllSize=6, allocated queues {_allocated(16, 6, 1 + 2 * index)}", instance=pod, trace=False)
    for index, pod in enumerate(rvpods):
        w.log(_t("18:41:24") + dt.timedelta(milliseconds=w.rng.randint(0, 999)), review, "INFO",
              f"rebalance: group=GID_HOMEWORK_EVENTS topic=homework_event cidAllSize=6 (was 4), {REVIEW_SUBSCRIPTION}, "
              f"allocated queues {_allocated(16, 6, REVIEW_ORDER[index])} (was {_allocated(16, 4, index)})", instance=pod,
              trace=False)
    for index, moment in enumerate(_every(w, "18:41:05", REFERENCE, 30, 90)):
        pod = w.rng.choice(PUSH_PODS) if index % 2 == 0 else w.rng.choice(rvpods)
        sub = "GRADED" if pod in PUSH_PODS else "SUBMITTED || RESUBMITTED"
        w.log(moment, mq, "WARN", BROKER_SUB_CHANGED.format(sub=sub, client=clients[pod]),
              instance=w.rng.choice(["rmq-broker-a", "rmq-broker-b"]), trace=False)
    owner = {queue: pod for index, pod in enumerate(rvpods) for queue in _allocated(16, 6, REVIEW_ORDER[index])}
    for moment in _every(w, "18:41:00", REFERENCE, 8, 20):
        queue = w.rng.randint(0, 15)
        sid, hwid = _sid(w), f"HW{w.rng.randint(10**6, 10**7 - 1)}"
        trace = w.hex(32)
        w.log(moment, hw, "INFO", f"homework {hwid} submitted by student {sid} class {_cls(w)}: msgId C0A8{w.hex(20).upper()} "
              f"tag SUBMITTED -> homework_event queue {queue}", instance=w.rng.choice(hpods), trace_id=trace)
        if queue in owner:
            w.log(moment + dt.timedelta(milliseconds=w.rng.randint(30, 900)), review, "INFO",
                  f"review item created: homework {hwid} student {sid} (homework_event queue {queue})", instance=owner[queue],
                  trace_id=trace)
    queues = ", ".join(str(q) for q in PUSH_QUEUES)
    for clock, missing in MISSING_AT.items():
        scheduled = _t(clock)
        job = job_pod(job_name(RECONCILE_CRON, scheduled))
        total = int(missing / 0.375) + w.rng.randint(0, 40)
        w.log(scheduled + dt.timedelta(seconds=w.rng.randint(8, 20)), review, "WARN",
              RECONCILE_MISMATCH.format(date=DAY, total=total, missing=missing, queues=queues), instance=job, trace=False,
              job="reconcile")
    _ops(w, "19:50:30.330", review, "homework_oncall_lijie: 多位老师反映学生已提交的作业在批改列表里显示未交，学生端显示已提交")
    _ops(w, "21:20:10.441", review, "homework_oncall_lijie: 对账缺失数还在涨，学生重交也不一定能进批改列表，继续排查")
    w.alert("HomeworkReviewReconcileMismatch", review, "critical", _t("19:31"), None, "212 份",
            "作业对账：已提交但未进入批改列表 212 份，超过阈值 50", namespace=NS)


# --- The healthy services' changes, the exam session's own changes, the unrelated ones ------------------------
def other_changes(w: WorldBuilder) -> None:
    exam, order, dw = "qh-exam-session", "qh-order", "qh-dw"
    w.log(_t("10:15:10.204"), order, "INFO", ORDER_DEPLOY, instance=ROLLOUTS[order][1][1][0], change="deploy")
    _rolled(w, order, "Started OrderApplication in {s} seconds (process running for 21.7)", SPRING_STOP)
    w.log(_t("12:50:10.330"), exam, "INFO", EXAM_DEPLOY, instance=ROLLOUTS[exam][1][1][0], change="deploy")
    _rolled(w, exam, "Started ExamSessionApplication in {s} seconds (process running for 28.4)", SPRING_STOP)
    w.log(_t("13:10:10.441"), exam, "INFO", f"room lists {PM} built from qh-roster: 142806 candidates in 4764 rooms (英语, "
          "七/八/九年级)", instance=ROLLOUTS[exam][1][1][1])
    w.log(_t("16:20:10.551"), exam, "INFO", EXAM_RESULT_CONFIG, instance=ROLLOUTS[exam][1][1][0], change="config")
    w.log(_t("19:30:10.118"), exam, "INFO", EXAM_MAKEUP_CONFIG, instance=ROLLOUTS[exam][1][1][2], change="config")
    w.log(_y("23:40:10.204"), dw, "WARN", "dw-etl-01 /data 86.2% used (raw exam logs of the term), cleanup DW-1123 planned for "
          "Saturday", instance="dw-etl-01", trace=False)
    w.log(_t("01:05:00.418"), dw, "INFO", "nightly ETL batch dw_daily started: 236 tasks (business date 2027-01-13)",
          instance="dw-etl-01", trace=False, job="etl")
    w.log(_t("02:01:40.730"), dw, "INFO", "nightly ETL batch dw_daily finished: 236/236 tasks ok, 56m40s", instance="dw-etl-01",
          trace=False, job="etl")
    w.alert("HostCpuHigh", dw, "warning", _t("01:10"), _t("02:05"), "92.3%", "dw-etl-01 CPU 92.3%，超过阈值 85%（夜间 ETL）",
            instance="dw-etl-01")
    w.alert("DwDiskUsageHigh", dw, "warning", _y("23:40"), None, "86.2%", "dw-etl-01 /data 使用率 86.2%，超过阈值 85%，清理工单 "
            "DW-1123 已排期", instance="dw-etl-01")


# --- Kubernetes state at 21:40 -------------------------------------------------------------------------
#: (service, revision, rolled out, change cause, image tag) of every Deployment
STEADY = (
    ("qh-gateway", 41, "2026-12-22T21:00:00+08:00", "release qh-gateway 3.12.0", "3.12.0"),
    ("qh-roster", 23, "2026-12-18T21:00:00+08:00", "release qh-roster 2.4.1", "2.4.1"),
    ("qh-exam-session", 87, "2027-01-14T12:50:10+08:00", "release qh-exam-session 4.9.2 (pipeline #8817)", "4.9.2"),
    ("qh-exam-scheduler", 52, "2026-12-29T21:00:00+08:00", "release qh-exam-scheduler 4.9.1", "4.9.1"),
    ("qh-answer-store", 64, "2027-01-14T07:30:10+08:00", "release qh-answer-store 3.7.1 (pipeline #8790)", "3.7.1"),
    ("qh-exam-paper", 38, "2027-01-14T14:41:00+08:00", "kubectl rollout restart deployment/qh-exam-paper", "5.2.3"),
    ("qh-proctor", 29, "2027-01-07T21:00:00+08:00", "release qh-proctor 2.6.3", "2.6.3"),
    ("qh-media", 18, "2027-01-14T12:20:10+08:00", "release qh-media 3.1.0 (pipeline #8815)", "3.1.0"),
    ("qh-grading", 44, "2027-01-05T21:00:00+08:00", "release qh-grading 5.0.2", "5.0.2"),
    ("qh-score", 57, "2027-01-14T17:20:10+08:00", "release qh-score 5.3.1 (pipeline #8829)", "5.3.1"),
    ("qh-edu-sync", 15, "2026-12-15T21:00:00+08:00", "release qh-edu-sync 1.8.2", "1.8.2"),
    ("qh-homework", 102, "2027-01-14T18:10:10+08:00", "release qh-homework 6.1.0 (pipeline #8836)", "6.1.0"),
    ("qh-homework-review", 33, "2026-12-28T21:00:00+08:00", "release qh-homework-review 3.3.0", "3.3.0"),
    ("qh-parent-push", 1, "2027-01-14T18:40:10+08:00", "release qh-parent-push 1.0.0 (pipeline #8840)", "1.0.0"),
    ("qh-photo-search", 26, "2027-01-14T13:15:10+08:00", "release qh-photo-search 2.8.0 (pipeline #8818)", "2.8.0"),
    ("qh-report", 40, "2027-01-04T21:00:00+08:00", "release qh-report 4.1.0", "4.1.0"),
    ("qh-report-render", 21, "2027-01-14T18:12:10+08:00", "kubectl patch: volume dshm emptyDir (medium Memory, 1Gi) at /dev/shm",
     "2.3.4"),
    ("qh-live", 73, "2027-01-14T13:20:10+08:00", "release qh-live 7.4.0 (pipeline #8816)", "7.4.0"),
    ("qh-order", 48, "2027-01-14T10:15:10+08:00", "release qh-order 2.9.3 (pipeline #8801)", "2.9.3"),
)
#: The CronJobs keep their last three jobs: the roster import's nights, the evening's reconciles.
CRON_PODS = (("qh-roster", ROSTER_CRON, ("2027-01-12T02:00", "2027-01-13T02:00", "2027-01-14T02:00"), 540),
             ("qh-homework-review", RECONCILE_CRON, ("2027-01-14T20:30", "2027-01-14T21:00", "2027-01-14T21:30"), 25))


def _cron_events(w: WorldBuilder, cronjob: str, scheduled: dt.datetime, old: dt.datetime, image: str, container: str) -> None:
    job = job_name(cronjob, scheduled)
    pod = job_pod(job)
    for kind, reason, message, delay in (
        (f"CronJob/{cronjob}", "SuccessfulCreate", f"Created job {job}", 0),
        (f"Job/{job}", "SuccessfulCreate", f"Created pod: {pod}", 0),
        (f"Pod/{pod}", "Scheduled", f"Successfully assigned {NS}/{pod} to {node_of(pod)}", 0),
        (f"Pod/{pod}", "Pulled", f'Container image "{image}" already present on machine', 1),
        (f"Pod/{pod}", "Created", f"Created container {container}", 1),
        (f"Pod/{pod}", "Started", f"Started container {container}", 2),
        (f"Job/{job}", "Completed", "Job completed", 26),
        (f"CronJob/{cronjob}", "SawCompletedJob", f"Saw completed job: {job}, status: Complete", 27),
        (f"CronJob/{cronjob}", "SuccessfulDelete", f"Deleted job {job_name(cronjob, old)}", 27),
    ):
        moment = scheduled + dt.timedelta(seconds=delay)
        w.event(type="Normal", reason=reason, object=kind, message=message, count=1, first_seen=moment, last_seen=moment)


def k8s_state(w: WorldBuilder) -> None:
    for service, revision, changed, cause, tag in STEADY:
        pods = ROLLOUTS[service][-1][1]
        for pod in pods:
            w.pod(namespace=NS, name=pod, service=service, phase="Running", ready="1/1", restarts=0, last_termination=None,
                  waiting_reason=None, node=node_of(pod), observed_at=REFERENCE)
        w.deployment(namespace=NS, name=service, service=service, replicas=len(pods), ready=len(pods), available=len(pods),
                     image=f"harbor.qihang.local/prod/{service}:{tag}", revision=revision,
                     changed_at=dt.datetime.fromisoformat(changed), change_cause=cause,
                     conditions=[condition("Available", "True", "MinimumReplicasAvailable",
                                           "Deployment has minimum availability."),
                                 condition("Progressing", "True", "NewReplicaSetAvailable",
                                           f'ReplicaSet "{pods[0].rsplit("-", 1)[0]}" has successfully progressed.')],
                     observed_at=REFERENCE)
    for service, cronjob, clocks, runtime in CRON_PODS:
        for clock in clocks:
            scheduled = dt.datetime.fromisoformat(clock).replace(tzinfo=TZ)
            pod = job_pod(job_name(cronjob, scheduled))
            w.pod(namespace=NS, name=pod, service=service, phase="Succeeded", ready="0/1", restarts=0,
                  last_termination={"reason": "Completed", "exit_code": 0,
                                    "at": (scheduled + dt.timedelta(seconds=runtime)).isoformat()},
                  waiting_reason=None, node=node_of(pod), observed_at=REFERENCE)
    # Events are what the API server keeps for an hour after their last update: the render HPA's scale-down, two reconciles.
    at = _t("20:45:05")
    rs = RENDER_NEW[0].rsplit("-", 1)[0]
    w.event(type="Normal", reason="SuccessfulRescale", object="HorizontalPodAutoscaler/qh-report-render",
            message="New size: 4; reason: All metrics below target", count=1, first_seen=at, last_seen=at)
    w.event(type="Normal", reason="ScalingReplicaSet", object="Deployment/qh-report-render",
            message=f"Scaled down replica set {rs} to 4 from 6", count=1, first_seen=at, last_seen=at)
    for pod in RENDER_NEW[4:6]:
        moment = at + dt.timedelta(seconds=5)
        w.event(type="Normal", reason="Killing", object=f"Pod/{pod}", message="Stopping container render", count=1,
                first_seen=moment, last_seen=moment)
    image = "harbor.qihang.local/prod/qh-homework-review:3.3.0"
    for clock, old in (("21:00", "19:30"), ("21:30", "20:00")):
        _cron_events(w, RECONCILE_CRON, _t(clock), _t(old), image, "reconcile")


# --- Metrics --------------------------------------------------------------------------------------------
HELD: Keyframes = [(START, 0), (_t("10:31"), 0), (_t("10:34"), 40), (_t("10:38"), 214), (_t("11:00"), 2980), (_t("11:35"), 4090),
                   (_t("11:36"), HELD_PEAK), (_t("11:37"), 4101), (_t("11:40"), 4060), (_t("11:48"), 130), (_t("12:00"), 0),
                   (REFERENCE, 0)]
MISSING: Keyframes = [(START, 0), (_t("18:59"), 0)] + [(_t(clock), value) for clock, value in MISSING_AT.items()] + [
    (REFERENCE, MISSING_AT["21:30"])]


def build_metrics(w: WorldBuilder) -> None:
    at = w.at
    morning = [(at("06:30"), at("12:30"))]
    afternoon = [(at("12:30"), at("18:30"))]
    evening = [(at("18:30"), REFERENCE)]
    w.series("exam_checkin_failures_per_10m", "qh-exam-session", "次",
             [(START, 0), (at("07:59"), 0), (at("08:05"), 9), (at("08:12"), 26), (at("08:25"), 61), (at("08:40"), 48),
              (at("09:00"), 35), (at("09:36"), 22), (at("09:40"), 0), (REFERENCE, 0)], start=START, fine=morning, spread=1.5,
             digits=0, threshold=20)
    w.series("sso_login_failures_per_10m", "qh-sso", "次",
             [(START, 0), (at("06:49"), 0), (at("06:55"), 12), (at("07:06"), 64), (at("07:40"), 188), (at("08:10"), 152),
              (at("09:00"), 96), (at("09:40"), 70), (at("09:43"), 0), (REFERENCE, 0)], start=START, fine=morning, spread=2,
             digits=0, threshold=30, instance="sso-web-01")
    w.series("answer_save_requests_per_sec", "qh-answer-store", "次/秒", QPS, start=START, fine=morning + afternoon,
             spread=120, digits=0, threshold=20000)
    w.series("answer_save_error_ratio", "qh-answer-store", "%",
             [(START, 0), (at("08:41"), 0.1), (at("08:42"), 14.2), (at("08:43"), 38.6), (at("08:52"), 61.4), (at("09:18"), 52.0),
              (at("09:22"), 8.0), (at("09:25"), 0.2), (at("10:30"), 0.1), (REFERENCE, 0.05)], start=START, fine=morning,
             spread=0.05, digits=1, threshold=5)
    w.series("proctor_face_verify_p99_ms", "qh-proctor", "ms",
             [(START, 620), (at("08:42"), 900), (at("08:44"), 2600), (at("08:47"), 4200), (at("08:52"), 5100), (at("08:58"), 4300),
              (at("09:00"), 980), (REFERENCE, 640)], start=START, fine=morning, spread=20, digits=0, threshold=3000)
    w.series("grading_scores_held_out_of_range", "qh-grading", "人", HELD, start=START, fine=morning, spread=3, digits=0,
             threshold=100)
    w.series("edusync_rows_rejected_per_10m", "qh-edu-sync", "行",
             [(START, 0), (at("12:04"), 0), (at("12:10"), 16), (at("12:14"), 27), (at("13:00"), 44), (at("14:20"), 38),
              (at("14:30"), 0), (at("16:44"), 0), (at("16:50"), 58), (at("17:20"), 41), (at("17:25"), 0), (REFERENCE, 0)],
             start=START, fine=afternoon, spread=2, digits=0, threshold=20)
    w.series("proctor_snapshot_upload_failure_ratio", "qh-proctor", "%",
             [(START, 0.2), (at("13:59"), 0.2), (at("14:02"), 18.4), (at("14:04"), 31.2), (at("14:30"), 88.5), (at("15:12"), 86.0),
              (at("15:14"), 0.4), (REFERENCE, 0.2)], start=START, fine=afternoon, spread=0.1, digits=1, threshold=5)
    w.series("proctor_sessions_evidence_missing", "qh-proctor", "个",
             [(START, 0), (at("14:08"), 0), (at("14:10"), 640), (at("15:10"), 5286), (at("15:20"), 5110), (at("16:00"), 5100),
              (at("18:00"), 820), (REFERENCE, 120)], start=START, fine=afternoon, spread=4, digits=0)
    w.series("paper_asset_fetch_failures_per_10m", "qh-exam-paper", "次",
             [(START, 0), (at("13:29"), 0), (at("13:35"), 4), (at("13:48"), 18), (at("14:05"), 96), (at("14:25"), 71),
              (at("14:40"), 52), (at("14:44"), 0), (REFERENCE, 0)], start=START, fine=afternoon, spread=2, digits=0,
             threshold=10)
    w.series("es_search_rejected_per_min", "qh-search", "次", REJECTS, start=START, fine=afternoon, spread=30, digits=0,
             threshold=100, instance="es-qb-02")
    w.series("photo_search_timeout_ratio", "qh-photo-search", "%",
             [(START, 0.3), (at("14:02"), 0.4), (at("14:05"), 22.4), (at("14:50"), 47.8), (at("15:46"), 39.0), (at("15:51"), 0.5),
              (REFERENCE, 0.3)], start=START, fine=afternoon, spread=0.1, digits=1, threshold=5)
    w.series("report_render_failures_per_10m", "qh-report-render", "次",
             [(START, 0), (at("16:31"), 0), (at("16:36"), 6), (at("16:38"), 14), (at("17:20"), 33), (at("18:12"), 29),
              (at("18:16"), 0), (REFERENCE, 0)], start=START, fine=afternoon, spread=1.5, digits=0, threshold=10)
    w.series("homework_review_missing_submissions", "qh-homework-review", "份", MISSING, start=START, fine=evening, digits=0,
             threshold=50)
    w.series("rocketmq_group_consumer_count", "qh-rocketmq", "个",
             [(START, 4), (at("18:40"), 4), (at("18:41"), 6), (REFERENCE, 6)], start=START, fine=evening, digits=0,
             group="GID_HOMEWORK_EVENTS")
    for service, p99, threshold in (("qh-live", 140, 1200), ("qh-order", 90, 800)):
        w.series("http_5xx_ratio", service, "%", [(START, 0.02), (at("13:30"), 0.09), (at("19:30"), 0.12),
                                                  (REFERENCE, 0.04)], start=START, spread=0.02, digits=2, threshold=2)
        w.series("http_p99_latency", service, "ms", [(START, p99 - 40), (at("13:30"), p99 + 60), (at("19:30"), p99 + 140),
                                                     (REFERENCE, p99)], start=START, spread=10, digits=0,
                 threshold=threshold)


# --- Runbooks (the company's wiki, as the teams wrote them) ------------------------------------------------
RUNBOOKS: list[tuple[str, str, str]] = [
    ("runbooks/exam/checkin.md", "考生签到失败处理手册", runbook(
        "考生签到失败处理手册", "适用于 qh-exam-session 考生签到失败、提示不在考场名单。",
        ["ExamCheckinFailuresHigh：考生签到失败超过 20 次/10分钟"],
        ["看失败码：EXAM_CANDIDATE_NOT_FOUND（名单里没有）、人脸核验失败、场次未开放。",
         "EXAM_CANDIDATE_NOT_FOUND 集中在某个区或学校：查考场名单的来源 qh-roster，看当天学籍导入的结果（导入、跳过的行数）。"],
        ["学籍导入失败或跳过了行，新转入的学生不在名单里。", "考场编排后学生调班。"],
        ["修正学籍导入后重建考场名单，为受影响考生延长考试时间。", "个别考生由考务老师手工加入考场。"])),
    ("runbooks/sso/cas-login.md", "教师统一身份认证登录失败处理手册", runbook(
        "教师统一身份认证登录失败处理手册", "适用于 qh-sso 老师经省统一身份认证登录后跳回登录页。",
        ["SsoLoginFailuresHigh：教师登录失败超过 30 次/10分钟"],
        ["看 ticket 校验（serviceValidate）的报错：超时、证书校验失败、ticket 无效。",
         "证书校验失败：在 SSO 主机上用 openssl s_client 看对方的证书链与本机 CA 库，换一台新系统的主机对比。"],
        ["对方证书链变化或链上证书过期，本机 OpenSSL / CA 库过旧。", "主机时间不准。", "对方认证平台故障。"],
        ["更新本机 CA 库或移除过期的根证书，必要时升级 OpenSSL。", "联系省平台确认证书链。"])),
    ("runbooks/answer/autosave.md", "作答保存失败处理手册", runbook(
        "作答保存失败处理手册", "适用于 qh-answer-store 自动保存失败、考生提示答案保存失败。",
        ["AnswerSaveErrorsHigh：作答保存失败率超过 5%", "AnswerStoreQpsHigh：作答保存请求超过 20000 次/秒"],
        ["看请求量是否远高于在考人数对应的正常量（约每 10 秒每人一次）；看请求头 x-retry 与客户端版本的分布。",
         "看 r-qh-answer 是否有主备切换、连接错误。"],
        ["客户端重试过猛（无退避），一次短暂故障引发重试风暴。", "Redis 故障或主备切换。", "数据库落库慢。"],
        ["网关对自动保存限流，推送客户端远程配置改为指数退避加抖动；必要时为考生延长时间。", "Redis 故障按云厂商工单处理。"])),
    ("runbooks/paper/asset-fetch.md", "考试包资源下载失败处理手册", runbook(
        "考试包资源下载失败处理手册", "适用于 qh-exam-paper 打包时下载图片、听力音频失败。",
        ["ExamPaperAssetFetchFailures：考试包资源下载失败超过 10 次/10分钟"],
        ["看失败集中在哪些 Pod、连的是哪个地址；对比资源域名当前的 DNS 解析。",
         "查 qh-paper-assets 最近的迁移、DNS 与负载均衡变更。"],
        ["资源存储迁移后部分实例仍连旧地址（JVM DNS 缓存）。", "资源文件缺失。", "CDN 故障。"],
        ["重启仍缓存旧地址的实例，设置 JVM 的 DNS 缓存时间；为受影响考生重新打包并延长听力时间。"])),
    ("runbooks/search/rejected.md", "题库搜索拒绝与拍照搜题失败处理手册", runbook(
        "题库搜索拒绝与拍照搜题失败处理手册", "适用于 qh-search 线程池拒绝、qh-photo-search 搜索失败或超时。",
        ["SearchThreadPoolRejected：search 线程池拒绝超过 100 次/分钟", "PhotoSearchTimeoutsHigh：拍照搜题失败率超过 5%"],
        ["看慢查询日志里是谁在查（请求 id、查询类型），看同时段运行的批量任务。",
         "查任务调度中心最近触发的大任务与它们的调度表达式。"],
        ["批量任务（报告、索引重建）在高峰时段大量查询。", "分片不均或节点故障。"],
        ["暂停或限速批量任务，改到低峰时段。", "扩容搜索节点。"])),
    ("runbooks/report/render.md", "报告 PDF 渲染失败处理手册", runbook(
        "报告 PDF 渲染失败处理手册", "适用于 qh-report-render 成绩报告单、学情报告 PDF 渲染失败。",
        ["ReportRenderFailuresHigh：报告 PDF 渲染失败超过 10 次/10分钟"],
        ["看失败是否集中在部分 Pod、这些 Pod 在哪些节点；看 Chromium 的 stderr。",
         "查这些节点最近的变更（系统、容器运行时）。"],
        ["Chromium 共享内存不足（/dev/shm 太小）导致页面崩溃。", "模板里的图片过大。", "渲染超时。"],
        ["为渲染容器挂载内存型 emptyDir 到 /dev/shm，或启动参数加 --disable-dev-shm-usage。", "调整渲染超时。"])),
    ("runbooks/edusync/rejected.md", "成绩上报退回处理手册", runbook(
        "成绩上报退回处理手册", "适用于 qh-edu-sync 向区教育局平台上报成绩被逐行退回。",
        ["EduSyncRowsRejectedHigh：上报被退回超过 20 行/10分钟"],
        ["看退回码与被退回行的原始值（学号、科目、分数）；对比被退回与被接受的行有什么不同。",
         "查成绩服务 qh-score 最近的发布与依赖升级。"],
        ["成绩格式（数值的写法）不符合平台要求。", "学号与平台学籍不一致。"],
        ["修正格式后重新推送被退回的行。", "学籍问题由学校在平台上核对。"])),
    ("runbooks/homework/reconcile.md", "作业对账不一致处理手册", runbook(
        "作业对账不一致处理手册", "适用于 qh-homework-review 对账发现已提交作业未进入批改列表。",
        ["HomeworkReviewReconcileMismatch：已提交未进入批改列表超过 50 份"],
        ["看缺失的消息落在 homework_event 的哪些队列，这些队列当前分给了哪些消费者。",
         "在 RocketMQ 控制台查消费组 GID_HOMEWORK_EVENTS 的在线消费者与订阅关系是否一致。"],
        ["同一消费组里的消费者订阅不一致，部分队列的消息被过滤掉。", "消费者长时间未确认。"],
        ["让不同用途的服务使用各自的消费组，回溯消费位点补投缺失的消息。"])),
    ("runbooks/proctor/snapshot.md", "在线监考异常处理手册", runbook(
        "在线监考异常处理手册", "适用于 qh-proctor 监考截图上传失败、人脸核验慢。",
        ["ProctorSnapshotUploadFailures：监考截图上传失败率超过 5%", "ProctorFaceVerifySlow：人脸核验 p99 超过 3000ms"],
        ["截图上传 403：看 OSS 返回的错误（签名不匹配、请求已过期）与签名到上传的间隔，查 qh-media 的预签名配置与发布。",
         "人脸核验慢：看 facecloud 的状态页。"],
        ["预签名 URL 有效期过短或签名错误。", "人脸供应商延迟。"],
        ["修正预签名有效期后考生截图恢复，证据缺失的考生人工复核。", "人脸供应商故障期间放宽核验超时。"])),
    ("runbooks/grading/out-of-range.md", "成绩超出满分处理手册", runbook(
        "成绩超出满分处理手册", "适用于 qh-grading 总分超过满分被拦截。",
        ["GradingScoreOutOfRange：成绩超出满分被拦截超过 100 人"],
        ["看被拦截答卷的判分记录：客观题分是否被计了多次、来自几次交卷事件。",
         "查交卷事件的来源：强制交卷任务是否重复执行（分布式锁的持有与过期）。"],
        ["交卷事件重复，判分按事件累加。", "试卷满分配置错误。"],
        ["按答卷去重交卷事件后重算并放行；修正任务的锁。"])),
    ("runbooks/classroom/recorder-offline.md", "教室录播主机离线处理手册", runbook(
        "教室录播主机离线处理手册", "适用于学校教室的录播主机不上传课堂录像。",
        ["ClassroomRecorderOffline"], ["看录播主机的网络与存储。"], ["录播主机断网。", "硬盘满。"],
        ["重启录播主机并检查网线。"])),
    ("runbooks/exam/scanner-jam.md", "答题卡扫描仪卡纸处理手册", runbook(
        "答题卡扫描仪卡纸处理手册", "适用于线下阅卷点答题卡扫描仪卡纸、双张。",
        ["AnswerSheetScannerError"], ["看扫描仪面板的报错。"], ["纸张受潮。", "进纸轮磨损。"],
        ["清理扫描仪进纸通道，更换进纸轮。"])),
    ("runbooks/dw/disk.md", "数据仓库磁盘使用率处理手册", runbook(
        "数据仓库磁盘使用率处理手册", "适用于 dw-etl-01 数据盘使用率高。",
        ["DwDiskUsageHigh：数据盘使用率超过 85%"], ["看哪些分区占用最大。"], ["原始日志未归档。"],
        ["按清理工单归档过期分区。"])),
]


def build_bundle(seed: int = SEED) -> Json:
    w = WorldBuilder(seed=seed, day=DAY, tz=TZ, reference=REFERENCE, instances=INSTANCES,
                     labels={"env": "prod", "cluster": "qh-prod", "region": "cn-hangzhou"})
    for service, (make, every) in NOISE.items():
        quiet = [WINDOWS[window] for window in QUIET.get(service, ())]
        w.noise(service, make, START, every_s=every, quiet=quiet)
    w.noise("qh-parent-push", _push, _t("18:42"), every_s=90)
    roster_bom(w)
    sso_chain(w)
    answer_storm(w)
    face_vendor(w)
    force_submit(w)
    score_sci(w)
    presign(w)
    dns_ttl(w)
    weekly_report(w)
    node_shm(w)
    homework_mq(w)
    other_changes(w)
    k8s_state(w)
    build_metrics(w)
    documents = [{"title": title, "source": source, "content": content} for source, title, content in RUNBOOKS]
    return w.bundle(name="QiHang 启航教育 2027-01-14", services=SERVICES, documents=documents)


# --- Questions ---------------------------------------------------------------------------------
#: Each incident's own words: in another incident's answer, a misattribution.
FAMILY = {
    "bom": ("utf-8-sig", "学号为空"),
    "chain": ("EduTrust Root R1", "certificate has expired"),
    "retry": ("exam-client/6.2.0", "+switch-master"),
    "lock": ("exam:force-submit", "SCORE_OUT_OF_RANGE"),
    "sci": ("9E+1", "stripTrailingZeros"),
    "presign": ("PT0.9S", "Request has expired"),
    "dns": ("networkaddress.cache.ttl", OLD_IP),
    "cron": ("weekly-study-report", "0 0 14 ? * 5"),
    "shm": ("/dev/shm", "containerd"),
    "mq": ("GID_HOMEWORK_EVENTS", "subExpression=GRADED"),
}
#: The remedies of the runbooks for problems that did not happen.
UNRELATED_REMEDIES = ("重启录播主机", "清理扫描仪进纸通道")
FIRING = ("HomeworkReviewReconcileMismatch", "DwDiskUsageHigh")
INCIDENT_WORDS = tuple(word for words in FAMILY.values() for word in words)


def _not(*own: str) -> tuple[str, ...]:
    """The other incidents' words, plus the unrelated runbooks' remedies."""
    return tuple(word for family, words in FAMILY.items() if family not in own for word in words) + UNRELATED_REMEDIES


QUESTIONS: tuple[WorldQuestion, ...] = (
    WorldQuestion(
        "education_exam_checkin_cause",
        "早上八点多滨江那边几所学校有学生进不了数学考试，签到时提示“你不在本场考试名单中”，可班主任说这些孩子学籍里明明有，考试服务"
        "这边怎么回事？", "cause",
        asked_facts=(fact("EXAM_CANDIDATE_NOT_FOUND", "不在本场考试名单"),),
        cause_facts=(fact("BOM", "utf-8-sig", "\\ufeff", "字节序标记"),
                     fact("学号为空", BINJIANG_FILE, "0 upserted", "学籍导入", "roster import")),
        forbidden=_not("bom"), service="qh-exam-session",
        diagnosis="滨江区教育局的学籍系统升级到 V5，新导出工具把 xj_binjiang_20270114.csv 写成带 BOM 的 UTF-8；02:00 qh-roster 的导入"
                  "按 utf-8 读，首列表头成了 '\\ufeff学号'，找不到学号列 → 38914 行全部“学号为空”被跳过，0 行写入，任务仍 exit 0 → 昨天以来"
                  "转入滨江三所学校的 149 名学生不在 07:40 生成的 S-0114-AM 考场名单里 → 08:00 起签到报 EXAM_CANDIDATE_NOT_FOUND 你不在"
                  "本场考试名单中；09:36 roster_ops_yechen 用 utf-8-sig 重新导入，09:38 重建考场名单并为他们延长 40 分钟。07:10 的签到"
                  "开放时间配置不是原因",
    ),
    WorldQuestion(
        "education_teacher_sso_cause",
        "早上老师们用统一身份认证登录，输完账号密码一直转圈然后又跳回登录页，学生那边登录倒是正常，登录这块怎么了？", "cause",
        asked_facts=(fact("certificate has expired", "cURL error 60", "证书已过期"),),
        cause_facts=(fact("EduTrust Root R1", "cross-signed", "交叉签名", "根证书过期"),
                     fact("OpenSSL 1.0.2k", "OpenSSL 1.0.2", "ca-bundle", "CA 库")),
        forbidden=_not("chain"), service="qh-sso",
        diagnosis=f"没有人改动：省统一身份认证平台 {IDP} 的证书链把中间证书交叉签到 EduTrust Root R1，这个根证书 00:00（GMT 01-13 "
                  "16:00）到期；老 PHP 主机 sso-web-01/02 的 OpenSSL 1.0.2k 会选这条到过期根的路径 → 00:05 起元数据刷新、06:50 起每次 "
                  "CAS ticket 校验都报 cURL error 60: SSL certificate problem: certificate has expired → 老师登录后被重定向回登录页；学生用"
                  "考试账号不走 SSO，不受影响。09:41 从 ca-bundle 删掉过期的 EduTrust Root R1 后恢复。06:40 的 php.ini 会话时长调整不是原因",
    ),
    WorldQuestion(
        "education_autosave_cause",
        "上午考试开考没多久，好多学生答题时提示“答案保存失败，请检查网络”，前后持续了半个多小时，作答保存服务是怎么了？", "cause",
        asked_facts=(fact("503", "server busy", "AnswerSaveErrorsHigh"),),
        cause_facts=(fact("exam-client/6.2.0", "6.2.0", "no backoff", "retry storm", "重试风暴", "x-retry"),
                     fact("+switch-master", "failover", "主备切换", "MT-20270114-117")),
        forbidden=_not("retry"), service="qh-answer-store",
        diagnosis="08:41:06 云厂商按维护通知 MT-20270114-117 对作答 Redis r-qh-answer 做主备切换（+switch-master），只有约 4 秒写失败；"
                  "但 01-12 发布的考试客户端 6.2.0 自动保存失败后立即重试 3 次、还重发所有未保存的答案，没有退避 → 请求从 9800 次/秒涨到 "
                  "46820 次/秒（08:52），Tomcat 线程 400/400，大量 503 server busy，失败又引发更多重试，形成持续 40 分钟的重试风暴；"
                  "09:12 网关限流、09:18 推送客户端远程配置改为指数退避加抖动后 09:24 恢复。07:30 的 3.7.1 发布不是原因；08:47 的人脸核验"
                  "变慢是人脸供应商自己的事，与此无关",
    ),
    WorldQuestion(
        "education_listening_audio_cause",
        "下午英语考试一开始，好多学生的听力音频放不出来，重进考试有时候又好了，试卷服务怎么了？", "cause",
        asked_facts=(fact("connect timed out", "without listening audio", "听力音频加载失败"),),
        cause_facts=(fact("networkaddress.cache.ttl", "DNS 缓存", "DNS cache"),
                     fact(OLD_IP, "CHG-20270114-02", "CHG-20270113-04", "lb-bp1qh7k2minio", "SLB")),
        forbidden=_not("dns"), service="qh-exam-paper",
        diagnosis=f"昨晚 22:30 ops_net_tangwei 把 {ASSETS_HOST} 从自建 MinIO 的 SLB {OLD_IP} 切到 OSS+CDN（CHG-20270113-04），今天 13:30 "
                  "cloud_fin_ops_lixue 释放了旧 SLB（CHG-20270114-02）；qh-exam-paper 的基础镜像 java.security 设了 "
                  "networkaddress.cache.ttl=-1，01-11 启动的 4 个 Pod 永久缓存旧地址，仍连 47.98.21.16 → connect timed out，考试包没有"
                  "听力音频；08:05 HPA 扩出的 2 个 Pod 解析到 CDN，正常，所以重进考试落到它们上时能好。14:41 滚动重启后恢复，14:44 为 "
                  "3816 名考生补发音频并重开听力。13:05 的预加载时间配置不是原因",
    ),
    WorldQuestion(
        "education_photo_search_cause",
        "两点以后学生拍照搜题老是转圈，然后提示搜索失败，写作业都卡住了，搜题这是怎么了？", "cause",
        asked_facts=(fact("es_rejected_execution_exception", "搜索失败", "timeout after 3000ms"),),
        cause_facts=(fact("weekly-study-report", "学情周报", "周报"),
                     fact("0 0 14 ? * 5", "Quartz", "day-of-week", "XXL-JOB", "星期四")),
        forbidden=_not("cron"), service="qh-photo-search",
        diagnosis="昨晚 20:40 data_ops_fanjing 把 report-cron-01 的 crontab 迁到 XXL-JOB（CHG-20270113-09），每周五 14:00 的 "
                  "weekly-study-report（'0 14 * * 5'）写成 '0 0 14 ? * 5'，而 Quartz 的星期从 1=周日算，5 是周四 → 今天（周四）14:00 学情"
                  "周报提前一天开跑，为 138 万学生查相似题，正赶上下午考试和作业 → 题库搜索 search 线程池队列满，es_rejected_execution_"
                  "exception，最多 8634 次/分钟（14:52）→ 拍照搜题超时、搜索失败；15:46 停掉任务并改成 '0 0 14 ? * 6' 后恢复。13:15 的"
                  "拍照搜题 2.8.0 发布不是原因",
    ),
    WorldQuestion(
        "education_report_pdf_cause",
        "傍晚家长下载成绩报告单老是失败，点好几次才能出来，报告渲染那边怎么了？", "cause",
        asked_facts=(fact("Page crashed", "Target closed"),),
        cause_facts=(fact("/dev/shm", "shm", "共享内存", "No space left on device"),
                     fact(BAD_NODE, "node-06", "containerd")),
        forbidden=_not("shm"), service="qh-report-render",
        diagnosis=f"12:30 infra_ops_zhouqi 把 {BAD_NODE} 的容器运行时从 dockershim（daemon.json default-shm-size 1G）迁到 containerd 1.7"
                  "（CHG-20270114-03），containerd 给容器的 /dev/shm 默认只有 64M；16:30 渲染 HPA 扩出的两个 Pod 被调度到这台刚清空的"
                  "节点 → Chromium 创建共享内存失败（No space left on device）→ Page crashed! / Target closed，连崩 3 次进程退出、反复重启"
                  "，约三分之一的报告单请求失败；其余 4 个 Pod 正常。18:12 给 Deployment 挂内存型 emptyDir 到 /dev/shm 后恢复。15:40 的"
                  "渲染超时配置不是原因；同在 node-06 的 qh-live Pod 不受影响",
    ),
    WorldQuestion(
        "education_edusync_format_cause",
        "中午以后往区教育局平台报的成绩被退回来一部分，说成绩格式不正确，可老师核对分数都是对的，上报服务怎么回事？", "cause",
        asked_facts=(fact("ERR_SCORE_FORMAT", "成绩格式不正确"),),
        cause_facts=(fact("9E+1", "1E+2", "科学计数法", "scientific notation", "stripTrailingZeros"),
                     fact("qh-score 5.3.0", "5.3.0", "qh-common 3.4.0")),
        forbidden=_not("sci"), service="qh-edu-sync",
        diagnosis="11:50 qh-score 发布 5.3.0，顺带把 qh-common 从 3.2.0 升到 3.4.0，新版 ScoreFormat 调用 stripTrailingZeros()，整十的分数"
                  "被写成科学计数法（90.0 → 9E+1、100 → 1E+2）→ 12:05 起 qh-edu-sync 推送的成绩里整十分的行被区学业质量平台退回 "
                  "ERR_SCORE_FORMAT 成绩格式不正确（约一成）；上午 5.2.4 推的补考成绩全部接受。17:20 qh-score 5.3.1 改用 toPlainString()，"
                  "17:35 重推被退回的行全部接受。11:20 qh-edu-sync 的批量大小配置不是原因",
    ),
    WorldQuestion(
        "education_homework_missing_cause",
        "今晚好多老师反映学生明明交了作业，批改列表里却显示未交，作业批改这边到底怎么了？", "cause",
        asked_facts=(fact("HomeworkReviewReconcileMismatch", "missing in review queue", "未进入批改列表"),),
        cause_facts=(fact("GID_HOMEWORK_EVENTS", "同一个消费组", "consumer group", "消费组"),
                     fact("qh-parent-push", "subExpression=GRADED", "tag GRADED", "订阅不一致")),
        forbidden=_not("mq"), service="qh-homework-review",
        diagnosis="18:40 新服务 qh-parent-push 首次上线，消费组沿用了教师批改列表的 GID_HOMEWORK_EVENTS，却只订阅 GRADED（批改列表订阅 "
                  "SUBMITTED || RESUBMITTED）→ 同组订阅不一致，重平衡后 16 个队列里 3、4、5、9、10、11 分给了 qh-parent-push，这些队列上"
                  "的 SUBMITTED 消息被过滤并提交位点 → 晚上约 37.5% 的作业提交进不了批改列表，老师看到“未交”；对账 21:30 缺 4860 份，"
                  "HomeworkReviewReconcileMismatch 仍在告警。应给 qh-parent-push 独立消费组并回溯补投。18:10 的 qh-homework 6.1.0 发布"
                  "不是原因",
    ),
    WorldQuestion(
        "education_autosave_qps_quantity", "上午答案保存请求最猛的时候，一秒钟打进来多少个请求？", "quantity",
        asked_facts=(fact(str(QPS_PEAK), "46,820"),), forbidden=_not("retry"), service="qh-answer-store",
        peak=Peak("qh-answer-store", "answer_save_requests_per_sec", QPS_PEAK),
        diagnosis="answer_save_requests_per_sec 峰值 46820 次/秒（08:52）；AnswerStoreQpsHigh 触发时的 23860 次/秒不是峰值。起因是 "
                  "r-qh-answer 4 秒的主备切换后，考试客户端 6.2.0 无退避地立即重试，形成重试风暴",
    ),
    WorldQuestion(
        "education_score_held_quantity", "上午数学考完，因为总分超过满分被拦下来的学生最多有多少人？", "quantity",
        asked_facts=(fact(str(HELD_PEAK), "4,127"),), forbidden=_not("lock"), service="qh-grading",
        peak=Peak("qh-grading", "grading_scores_held_out_of_range", HELD_PEAK),
        diagnosis="grading_scores_held_out_of_range 峰值 4127 人（11:36）；GradingScoreOutOfRange 触发时的 214 人不是峰值。起因是 10:30 "
                  "强制交卷任务的 Redisson 锁 exam:force-submit:S-0114-AM 只租 60 秒（指定了租期就没有看门狗），任务跑了 250 秒，锁过期后"
                  "另外两个 Pod 又各跑了一遍 → 同一答卷 2–3 次交卷事件，判分按事件累加客观题分 → SCORE_OUT_OF_RANGE；11:40 去重重算后放行，"
                  "12:10 租期改为 -1",
    ),
    WorldQuestion(
        "education_search_rejected_quantity", "下午题库搜索集群最忙的时候，一分钟拒掉了多少个查询？", "quantity",
        asked_facts=(fact(str(REJECT_PEAK), "8,634"),), forbidden=_not("cron"), service="qh-search",
        peak=Peak("qh-search", "es_search_rejected_per_min", REJECT_PEAK),
        diagnosis="es_search_rejected_per_min 峰值 8634 次/分钟（14:52）；SearchThreadPoolRejected 触发时的 1210 次/分钟不是峰值。起因是"
                  "学情周报 weekly-study-report 因 Quartz 星期写法（'0 0 14 ? * 5' 是周四）提前一天在下午开跑",
    ),
    WorldQuestion(
        "education_proctor_alert_existence", "下午在线监考那边报过警没有？", "existence",
        asked_facts=(fact("ProctorSnapshotUploadFailures"),),
        cause_facts=(fact("PT0.9S", "Request has expired", "900ms", "0.9 秒"),
                     fact("qh-media 3.1.0", "3.1.0", "java.time.Duration", "presign-expire")),
        forbidden=_not("presign"), service="qh-proctor",
        diagnosis="报过：ProctorSnapshotUploadFailures 14:04 触发、15:20 恢复。12:20 qh-media 发布 3.1.0，把预签名有效期 presignExpire 从"
                  "秒（long）改成 java.time.Duration，配置 media.upload.presign-expire=900 没写单位，Spring Boot 按毫秒绑定成 PT0.9S → "
                  "下午场监考截图签名后超过 0.9 秒才上传的都被 OSS 拒绝 403 Request has expired，大量考生被标记监考证据缺失；15:12 配置改成 "
                  "900s 后恢复。13:10 的截图间隔配置不是原因；上午 08:47 的 ProctorFaceVerifySlow 是人脸供应商的延迟，不是下午的事",
    ),
    WorldQuestion(
        "education_live_healthy", "直播课中午发了个版，现在有告警或者报错吗？", "existence",
        asked_facts=(HEALTHY,), forbidden=INCIDENT_WORDS, service="qh-live", healthy=True,
        diagnosis="没有：只有直播间在线人数、房间查询的 INFO 和学生弱网切纯音频的 WARN，5xx 最高约 0.12%（阈值 2%），p99 远低于 1200ms，"
                  f"无告警；13:20 的 7.4.0 发布与各故障无关，它有一个 Pod 在 {BAD_NODE} 上，Go 服务不用 /dev/shm，不受影响",
    ),
    WorldQuestion(
        "education_order_healthy", "课程订单上午发了版，有没有出什么问题？", "existence",
        asked_facts=(HEALTHY,), forbidden=INCIDENT_WORDS, service="qh-order", healthy=True,
        diagnosis="没有告警；5xx 远低于阈值 2%，p99 远低于 800ms；10:15 发布 2.9.3 后只有寒假课包下单、支付与超时关单",
    ),
    WorldQuestion(
        "education_alert_listing", "现在还在响的告警有哪些？列一下。", "listing",
        asked_facts=tuple(fact(name) for name in FIRING), forbidden=("qh-live", "qh-order"),
        diagnosis="2 条：HomeworkReviewReconcileMismatch（19:31 起，qh-parent-push 加入了批改列表的消费组 GID_HOMEWORK_EVENTS，订阅不一致，"
                  "部分队列的提交消息被过滤）、DwDiskUsageHigh（dw-etl-01 数据盘 86.2%，清理工单 DW-1123 已排期，与今天的故障无关）；"
                  "其余告警都已恢复",
    ),
    WorldQuestion(
        "education_exam_session_changes_listing", "考试服务今天都动过什么？发版、改配置都算上。", "listing",
        asked_facts=(fact("exam.checkin.open-before-minutes", "open-before-minutes"), fact("4.9.2"),
                     fact("exam.result.visible-after-minutes", "visible-after-minutes"),
                     fact("exam.makeup.window-days", "window-days")),
        forbidden=_not("bom"), service="qh-exam-session",
        diagnosis="四次：07:10 配置 exam.checkin.open-before-minutes 15 -> 30、12:50 发布 4.9.2、16:20 配置 exam.result.visible-after-"
                  "minutes 120 -> 60、19:30 配置 exam.makeup.window-days 3 -> 5；都不是当天故障的原因（早上的签到失败来自 qh-roster 带 "
                  "BOM 的学籍文件，强制交卷任务在 qh-exam-scheduler 上）",
    ),
)

WORLD = World(name=NAME, title="QiHang 启航教育（K12 直播课与在线考试平台）", build=build_bundle, questions=QUESTIONS)
