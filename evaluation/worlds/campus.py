"""World "campus": 学而在线 XueEr Online, an online-education platform for schools (``xe-*`` services: Java, Go,
Python and Node.js on Kubernetes; MySQL, Redis, an NFS pair, a ZooKeeper ensemble and RocketMQ on virtual
machines; ingress-nginx in front), seen on Monday 2026-12-07 from 06:00 to the reference time 12:30 (+08:00): the
dawn release window and a morning of live classes (periods at 08:00, 09:00, 10:00, 10:55 and 11:50), homework and
quizzes. Nothing here was written for the offline agents; five incidents of families neither the demo nor the
other worlds have, in ordinary noise:

(1) 07:56:31        xe-course-admin: after publishing the 2027 spring catalogue, the academic-affairs operator
                    jiaowu_wangli presses 课程管理 > 发布 > 刷新课程缓存, which calls ``caches['course'].clear()`` —
                    django-redis runs ``FLUSHDB`` on ``xe-redis-course-01`` db 0, the cache xe-course-catalog shares
                    (1842117 keys, hit ratio 97.8 % → 3 %). The 08:00 period starts: every student opens the same
                    hot course pages, every miss runs the same four-table join on MySQL ``xe-mysql-course-01``
    07:57–08:13     → ``threads_running`` peaks at 486 at 08:04 (the alert fired at 212), CPU ~99 % → the catalogue's
                    queries hit their 3 s timeout (``MySQLTimeoutException: Statement cancelled due to timeout or client
                    request``) → course pages 500/504. 08:05 the DBA pt-kills 1127 queries, 08:07:55 JetCache
                    ``penetrationProtect`` on, 08:08:30 a manual run of the warm-up job (done 08:14:50). The cause
                    is on another service; the 07:30 page-size config push of the catalogue is a decoy.
(2) 09:12:02        xe-nfs-01 (the NFS primary for homework files) hangs (hard LOCKUP); keepalived moves the VIP
                    10.30.8.50 to xe-nfs-02, which promotes DRBD and runs ``exportfs -ra`` with its own
                    /etc/exports — still ``ro`` since the DR drill MT-20261128-007 →
    09:13:38–10:06  xe-homework-service (and its celery worker): every write under /data/homework fails with
                    ``OSError: [Errno 30] Read-only file system``; downloads of earlier homework keep working.
                    10:06:48 the storage on-call switches the export to rw. The 08:50 homework deploy 2.17.0 is a decoy.
(3) 10:18:32        xe-exam-service: ``helm upgrade`` chart go-service 1.8.3 -> 1.9.0 (CHG-20261207-0031) rewrites the
                    ingress to path ``/api/v2/exam(/|$)(.*)`` with ``rewrite-target: /$2`` → the service receives
    10:18–10:51     ``/sessions/…`` instead of ``/api/v2/exam/sessions/…`` → 404 for every exam call from outside (internal
                    calls still work): the chemistry test in progress cannot save answers, the 10:30 physics quiz
                    cannot start (0/1286). ``helm rollback`` at 10:51:20. The 10:05 anti-cheat config push is a decoy.
(4) 06:14:20 → now  xe-notify-service 3.4.0 adds ``dedup.SessionCache`` (a map per push session, never evicted) →
                    working set climbs all morning (reconnects add sessions) until the 1 GiB limit: OOMKilled at
                    09:42, 09:57, 10:09, then every ~55 min per pod (10 restarts by 12:30, the last at 12:24:40);
                    class reminders lost or late. The 09:31 batch-size config push is a decoy. Not fixed yet.
(5) 10:44:02        vCenter Storage vMotion moves xe-zk-2's dataLogDir disk from SSD ds-ssd-03 to SATA ds-sata-07
                    (MT-20261207-004) → ``fsync-ing the write ahead log … took 1–9 s`` → the ensemble loses its
    10:46–11:22     leader eight times; xe-live-scheduler's Curator LeaderLatch loses its ZooKeeper session
                    (SUSPENDED / session expired → "leadership lost") and never finishes reconciling → live rooms
                    are not dispatched to media nodes; ``live_rooms_pending_dispatch`` peaks at 143 at 11:22. 11:22:10
                    xe-zk-2 is stopped (the ensemble runs on two nodes: ZookeeperNodeDown stays firing), the backlog
                    drains by 11:36. The scheduler's own 10:12 deploy 3.1.2 is a decoy.

Healthy: xe-account-service (deploy 4.2.0 at 07:35 is a decoy) and xe-vod-service (a transcode profile pushed at
09:30 is a decoy) — INFO/WARN noise only, 5xx well under the threshold, no alert. Still firing at 12:30:
RocketMQBrokerSlaveOffline (since 21:05 the evening before: broker-b's slave host is in hardware repair, unrelated),
ZookeeperNodeDown (xe-zk-2 stopped on purpose) and ContainerOOMKilled (notify). Kubernetes events are what the API
keeps (event TTL 1 h): the notify pods' restarts and the nodes' OOMKilling events of the last hour.
Run ``python -m evaluation.worlds campus`` to print the bundle.
"""

from __future__ import annotations

import datetime as dt
import functools
from typing import Any

from evaluation.worlds.common import (
    Json,
    WorldBuilder,
    clock_on,
    condition,
    interpolate,
    k8s_suffix,
    pod_names,
    replicaset_name,
    runbook,
    termination,
)
from evaluation.worlds.spec import HEALTHY, Peak, World, WorldQuestion, fact

NAME = "campus"
SEED = 20261207
TZ = dt.timezone(dt.timedelta(hours=8))
DAY = dt.date(2026, 12, 7)
START = dt.datetime(2026, 12, 7, 6, 0, tzinfo=TZ)
REFERENCE = dt.datetime(2026, 12, 7, 12, 30, tzinfo=TZ)
NS = "xe-campus"
MONTH = "Dec"  # nginx's $time_local, independent of the locale


_t = functools.partial(clock_on, DAY, TZ)  # a clock on the world's day, for module-level constants




# --- The lines the questions are about (the tests find each one in the bundle) ----------------
CATALOG_CONFIG = ("[nacos] config changed: dataId=xe-course-catalog.yaml group=CATALOG key=catalog.list.default-page-size "
                  "old=20 new=30 operator=dev_luyao md5=2c91f0d7ab34")
CATALOG_PUBLISH = ("course catalogue published: term=2027-spring courses=3812 sections=41206 price_changed=214 by "
                   "jiaowu_wangli (课程管理 > 发布)")
CACHE_PURGE = ("cache purge by jiaowu_wangli (课程管理 > 发布 > 刷新课程缓存): caches['course'].clear() -> FLUSHDB on "
               "redis://xe-redis-course-01:6379/0, keys before: 1842117; reason: 2027 春季课程价格未刷新")
COURSE_SQL = ("SELECT c.id, c.title, c.cover_url, c.price, t.name, s.id, s.title, s.start_at, s.live_room_id FROM course c "
              "JOIN teacher t ON t.id = c.teacher_id JOIN course_section s ON s.course_id = c.id LEFT JOIN course_stat cs ON "
              "cs.course_id = c.id WHERE c.id = {cid} AND s.term = '2026-autumn' ORDER BY s.seq")
CATALOG_TIMEOUT = ("GET /api/v1/courses/{cid}/detail failed after {took}ms: org.springframework.dao.QueryTimeoutException: "
                   "### Error querying database.  Cause: com.mysql.cj.jdbc.exceptions.MySQLTimeoutException: Statement "
                   "cancelled due to timeout or client request ### The error may involve com.xueer.catalog.mapper."
                   "CourseMapper.selectCourseDetail ### SQL: {sql}")
JETCACHE_STAT = ("jetcache stat {frm}~{to} cache=courseDetail_remote qps={qps:.2f} rate={rate:.2f}% get={get} hit={hit} "
                 "fail=0 expire={expire} avgLoadTime={avg:.1f}ms maxLoadTime={mx}ms")
PT_KILL = ("dba_sunhao: pt-kill --host xe-mysql-course-01 --match-command Query --match-info 'FROM course c JOIN teacher t' "
           "--busy-time 5 --kill-query --run-time 120 -> killed 1127 queries (all the same statement, course_app from the "
           "xe-course-catalog pods)")
CATALOG_PROTECT = ("[nacos] config changed: dataId=xe-course-catalog.yaml group=CATALOG "
                   "key=jetcache.remote.courseDetail.penetrationProtect old=false new=true operator=dev_luyao md5=7e04b9d1c2f8")
WARMUP_JOB = ("kubectl create job xe-course-cache-warmup-manual-4kx7p --from=cronjob/xe-course-cache-warmup -n xe-campus "
              "by oncall_zhaolei (the 05:30 run's cache was flushed at 07:56)")
WARMUP_DONE = "cache warm-up done: 3812 courses of term 2026-autumn loaded, 0 failed, took 6m18s (concurrency=4)"
THREADS_PEAK = 486
THREADS_ALERT_VALUE = "212"

NFS_LOCKUP = "kernel: NMI watchdog: Watchdog detected hard LOCKUP on cpu 14"
NFS_MASTER = "Keepalived_vrrp[1043]: (VI_NFS) Entering MASTER STATE"
NFS_PROMOTE = ("nfs-failover.sh[22810]: becoming MASTER for VIP 10.30.8.50: drbdadm primary r_homework; mount /dev/drbd0 "
               "/export/homework; exportfs -ra")
NFS_EXPORT_RO = ("nfs-failover.sh[22810]: exportfs -v: /export/homework 10.42.0.0/16(ro,sync,wdelay,hide,no_subtree_check,"
                 "sec=sys,secure,root_squash,no_all_squash)")
NFS_EXPORTS_DIFF = ("storage_oncall_liuqiang: diff /etc/exports xe-nfs-01 xe-nfs-02: '/export/homework 10.42.0.0/16(rw,sync,"
                    "no_subtree_check,root_squash)' vs '/export/homework 10.42.0.0/16(ro,sync,no_subtree_check,root_squash)' "
                    "— xe-nfs-02 left read-only after the DR drill MT-20261128-007")
NFS_FIX = ("storage_oncall_liuqiang: /etc/exports on xe-nfs-02: /export/homework ro -> rw (revert of DR drill "
           "MT-20261128-007); exportfs -ra")
NFS_EXPORT_RW = ("exportfs -v: /export/homework 10.42.0.0/16(rw,sync,wdelay,hide,no_subtree_check,sec=sys,secure,"
                 "root_squash,no_all_squash)")
HOMEWORK_DEPLOY = ("deploy finished: xe-homework-service 2.17.0 (was 2.16.3) rolled out by ci-bot pipeline=#6134; changes: "
                   "voice comments on homework annotations")
HOMEWORK_EROFS = ("submission upload failed homework_id={hw} student_id={sid} file={f}: OSError: [Errno 30] Read-only file "
                  "system: '/data/homework/2026/12/07/{hw}/{sid}/{f}'")

EXAM_DEPLOY = ("deploy finished: xe-exam-service 2.6.1 (was 2.6.0) rolled out by ci-bot pipeline=#6122; changes: export of "
               "subjective-question scores")
EXAM_CONFIG = ("[nacos] config changed: dataId=xe-exam-service.yaml group=EXAM key=exam.anti-cheat.screen-switch-limit "
               "old=5 new=3 operator=jiaowu_zhoumin md5=4be27d90c1a6")
EXAM_HELM = ('helm upgrade xe-exam-service xe-charts/go-service 1.8.3 -> 1.9.0 -n xe-campus (release revision 41 -> 42) by '
             'platform_chenhao (CHG-20261207-0031 "unify ingress path rules for the v2 APIs"): ingress path /api/v2/exam '
             "(Prefix) -> /api/v2/exam(/|$)(.*) (ImplementationSpecific), annotation "
             "nginx.ingress.kubernetes.io/rewrite-target: /$2 added; image xe-exam-service:2.6.1 unchanged")
EXAM_ROLLBACK = ("helm rollback xe-exam-service 41 -n xe-campus by platform_chenhao (rollback CHG-20261207-0031): release "
                 "revision 42 -> 43, chart go-service 1.8.3, ingress path /api/v2/exam (Prefix), rewrite-target removed")
EXAM_404 = '[GIN] {ts} | 404 | {lat:>11} | {ip:>15} | {method:<7} "{path}"'
EXAM_START_LOW = ("exam EX20261207-0105 (高二物理周测 第14周) start window check at +5min: 0/1286 candidates started "
                  "(expected > 80%)")

NOTIFY_DEPLOY = ("deploy finished: xe-notify-service 3.4.0 (was 3.3.2) rolled out by ci-bot pipeline=#6117; changes: "
                 "de-duplicate class-reminder pushes per push session (internal/dedup.SessionCache), reconnect backoff "
                 "tuned")
NOTIFY_CONFIG = "config reloaded: push.reminder.batch-size 200 -> 500 (operator=ops_hejing, nacos md5=91d3e2a0b7c4)"
NOTIFY_PPROF = ("oncall_fengtao exec in pod {pod}: go tool pprof -top http://localhost:6060/debug/pprof/heap -> flat "
                "721.4MB 78.2% github.com/xueer/notify/internal/dedup.(*SessionCache).Remember; 96.1MB 10.4% "
                "github.com/gorilla/websocket.newConn; sessions_cached={sessions} ws_conns={conns}")
MEMORY_LIMIT_MIB = 1024

ZK_VMOTION = ("vCenter task RelocateVM_Task (Storage vMotion) on xe-zk-2 by infra_majun (MT-20261207-004 \"free SSD "
              "capacity for the exam database\"): disk 'Hard disk 2' (/data/zookeeper/datalog, dataLogDir) ds-ssd-03 -> "
              "ds-sata-07, completed")
ZK_FSYNC = ("fsync-ing the write ahead log in SyncThread:2 took {ms}ms which will adversely effect operation latency.File "
            "size is 67108880 bytes. See the ZooKeeper troubleshooting guide")
ZK_STOP = ("zk_ops_wangtao: systemctl stop zookeeper on xe-zk-2 (MT-20261207-004 follow-up): ensemble runs on xe-zk-1 and "
           "xe-zk-3 until the datalog disk is back on SSD")
SCHED_DEPLOY = ("deploy finished: xe-live-scheduler 3.1.2 (was 3.1.1) rolled out by ci-bot pipeline=#6139; changes: "
                "cross-campus classroom conflict check")
SCHED_LOST = ("leadership lost (ZooKeeper connection SUSPENDED), dispatcher stopped; {n} rooms in flight returned to "
              "pending")
PENDING_PEAK = 143

ACCOUNT_DEPLOY = ("deploy finished: xe-account-service 4.2.0 (was 4.1.7) rolled out by ci-bot pipeline=#6120; changes: "
                  "slider captcha for teacher login on the web")
VOD_CONFIG = ("[nacos] config changed: dataId=xe-vod-service.yaml group=VOD key=transcode.profile.hls-720p.video-bitrate "
              "old=1800k new=1500k operator=media_tangjie md5=c07a5e13f9d2")
MQ_SLAVE_SUMMARY = ("RocketMQ broker-b 没有在线的从节点：broker-b-s（宿主机 xe-mq-04，硬件报修 MT-20261206-012）自 21:05 离线，"
                    "broker-b 以 ASYNC_MASTER 单副本运行")

# --- Pods -------------------------------------------------------------------------------------
ROLLOUTS: dict[str, list[tuple[str, tuple[str, ...]]]] = {
    "xe-ingress": [("06:00", pod_names("xe-ingress", "1.10.1", 2))],
    "xe-account-service": [("06:00", pod_names("xe-account-service", "4.1.7", 3)),
                           ("07:35:40", pod_names("xe-account-service", "4.2.0", 3))],
    "xe-course-catalog": [("06:00", pod_names("xe-course-catalog", "5.8.2", 4))],
    "xe-course-admin": [("06:00", pod_names("xe-course-admin", "3.2.0", 2))],
    "xe-homework-service": [("06:00", pod_names("xe-homework-service", "2.16.3", 3)),
                            ("08:50:50", pod_names("xe-homework-service", "2.17.0", 3))],
    "xe-exam-service": [("06:00", pod_names("xe-exam-service", "2.6.0", 4)), ("07:40:40", pod_names("xe-exam-service", "2.6.1", 4))],
    "xe-live-scheduler": [("06:00", pod_names("xe-live-scheduler", "3.1.1", 2)),
                          ("10:12:40", pod_names("xe-live-scheduler", "3.1.2", 2))],
    "xe-live-classroom": [("06:00", pod_names("xe-live-classroom", "1.14.0", 4))],
    "xe-notify-service": [("06:00", pod_names("xe-notify-service", "3.3.2", 3)),
                          ("06:14:50", pod_names("xe-notify-service", "3.4.0", 3))],
    "xe-vod-service": [("06:00", pod_names("xe-vod-service", "2.3.5", 3))],
}
HOMEWORK_WORKERS = pod_names("xe-homework-worker", "2.17.0", 2)
VMS = {
    "xe-mysql-course": ["xe-mysql-course-01", "xe-mysql-course-02"],
    "xe-redis-course": ["xe-redis-course-01", "xe-redis-course-02"],
    "xe-nfs": ["xe-nfs-01", "xe-nfs-02"],
    "xe-zk": ["xe-zk-1", "xe-zk-2", "xe-zk-3"],
    "xe-rocketmq": ["xe-mq-01", "xe-mq-02", "xe-mq-03"],
}
INSTANCES: dict[str, list[str]] = {service: list(steps[-1][1]) for service, steps in ROLLOUTS.items()} | VMS
NODES = [f"xe-bj-node-{n:02d}" for n in range(1, 11)]
NOTIFY_PODS = ROLLOUTS["xe-notify-service"][1][1]
NOTIFY_NODES = ("xe-bj-node-04", "xe-bj-node-07", "xe-bj-node-09")
NOTIFY_IMAGE = "registry.xueer.internal/notify/xe-notify-service:3.4.0"
SCHED_PODS = ROLLOUTS["xe-live-scheduler"][1][1]
EXAM_PODS = ROLLOUTS["xe-exam-service"][1][1]
CATALOG_PODS = ROLLOUTS["xe-course-catalog"][0][1]

HOT_COURSES = [(10233, "高三数学一轮复习（周一班）"), (10241, "高三物理一轮复习"), (10257, "高二英语阅读精讲"),
               (10262, "高二物理力学专题"), (10288, "高一化学必修一"), (10291, "高三语文作文提升"),
               (10305, "高二数学导数专题"), (10317, "高一英语语法"), (10322, "高三化学有机专题"), (10349, "高二生物遗传")]
MEDIA_NODES = [f"xe-media-{n:02d}" for n in range(1, 41)]
SCHOOLS = ["SCH021", "SCH034", "SCH047", "SCH052", "SCH088", "SCH103"]

SERVICES: list[Json] = [
    {"name": "xe-ingress", "aliases": ["入口网关", "Ingress", "ingress-nginx"],
     "description": "ingress-nginx 1.10（IngressClass nginx）：www.xueer.com 与 App 的 /api/* 入口，按各服务 Helm chart 里的 "
                    "Ingress 转发到 xe-campus 命名空间的服务；访问日志为 nginx 默认格式加 upstream 字段。"},
    {"name": "xe-account-service", "aliases": ["账号服务", "用户中心", "登录服务"],
     "description": "学生与教师账号、登录、SSO 票据（Java 17，Spring Boot，3 个副本）；每 10 分钟从各学校教务系统同步花名册。"},
    {"name": "xe-course-catalog", "aliases": ["课程服务", "课程目录", "选课服务"],
     "description": "课程目录与课程详情 /api/v1/courses/*（Java 17，Spring Boot + MyBatis，4 个副本）：课程详情经 JetCache 缓存在 "
                    "Redis xe-redis-course（db 0，与教务后台共用），未命中时查 MySQL xe-mysql-course 的库 xe_course（四表联查，"
                    "查询超时 3s，HikariCP 连接池每 Pod 50）；每天 05:30 由 CronJob xe-course-cache-warmup 预热本学期课程。"},
    {"name": "xe-course-admin", "aliases": ["教务后台", "课程管理后台"],
     "description": "教务运营后台（Python 3.11，Django + django-redis + celery，2 个副本）：课程与排课录入、学期课程发布；"
                    "Django 缓存 caches['course'] 指向 redis://xe-redis-course-01:6379/0。"},
    {"name": "xe-homework-service", "aliases": ["作业服务", "作业提交"],
     "description": "作业布置、提交与批改（Python 3.11，Django + gunicorn，3 个副本；celery worker xe-homework-worker 生成缩略图、"
                    "同步成绩）：学生上传的图片与附件写在 NFS 卷 /data/homework（PV homework-files，server 10.30.8.50 即 "
                    "xe-nfs 的 VIP，path /export/homework），元数据在 MySQL xe_campus。"},
    {"name": "xe-exam-service", "aliases": ["考试服务", "在线考试", "测验服务"],
     "description": "在线考试与周测 /api/v2/exam/*（Go 1.22，gin，4 个副本）：进入考场、拉题、保存答案、交卷；以 Helm chart "
                    "xe-charts/go-service 部署，Ingress 随 chart 发布；教师端统计走集群内 /internal/exam/*。"},
    {"name": "xe-live-scheduler", "aliases": ["排课调度", "直播调度", "调度服务"],
     "description": "直播课调度（Java 17，2 个副本，主备）：通过 ZooKeeper（Curator LeaderLatch /xe/live-scheduler/leader，"
                    "会话超时 10s）选主，只有 leader 把开课的直播教室分配到媒体节点 xe-media-*；接手 leader 后先从 "
                    "/xe/live/rooms 对账教室状态再开始分配。"},
    {"name": "xe-live-classroom", "aliases": ["直播教室", "直播课堂", "上课服务"],
     "description": "直播教室信令（Node.js 20，4 个副本）：老师开课、学生进出教室、举手连麦；开课前等待 xe-live-scheduler "
                    "分配媒体节点。"},
    {"name": "xe-notify-service", "aliases": ["通知服务", "消息通知", "消息推送", "上课提醒"],
     "description": "消息推送（Go 1.22，3 个副本，容器内存 limit 1Gi，requests = limits）：上课提醒、作业批改通知经 App 长连接"
                    "（WebSocket）与厂商通道下发；消费 RocketMQ topic class-reminder 与 homework-events。"},
    {"name": "xe-vod-service", "aliases": ["点播服务", "视频点播", "录播"],
     "description": "课程回放与录播（Go，3 个副本）：播放鉴权、转码任务（HLS 多码率）、CDN 刷新。"},
    {"name": "xe-mysql-course", "aliases": ["课程库", "课程数据库"],
     "description": "MySQL 8.0 主从：主库 xe-mysql-course-01（10.30.6.31，16 核），从库 xe-mysql-course-02；库 xe_course，"
                    "应用账号 course_app（xe-course-catalog）、report_ro。"},
    {"name": "xe-redis-course", "aliases": ["课程缓存", "课程 Redis"],
     "description": "Redis 7.0 主从 + 哨兵：xe-redis-course-01（主）、xe-redis-course-02；db 0 是课程缓存（JetCache 与 "
                    "xe-course-admin 共用），maxmemory 16G。"},
    {"name": "xe-nfs", "aliases": ["作业存储", "NFS 存储", "NFS"],
     "description": "作业文件 NFS 高可用对：xe-nfs-01（10.30.8.51）与 xe-nfs-02（10.30.8.52），DRBD 资源 r_homework 同步复制，"
                    "keepalived VRRP 实例 VI_NFS 持有 VIP 10.30.8.50，切换脚本 nfs-failover.sh 在新主上挂载并按本机 "
                    "/etc/exports 导出 /export/homework。"},
    {"name": "xe-zk", "aliases": ["ZooKeeper", "ZK 集群"],
     "description": "ZooKeeper 3.6 三节点集群（虚拟机）：xe-zk-1 10.30.9.11、xe-zk-2 10.30.9.12、xe-zk-3 10.30.9.13，"
                    "tickTime 2000、syncLimit 5；dataLogDir 在单独的数据盘上。xe-live-scheduler 用它选主与保存教室状态。"},
    {"name": "xe-rocketmq", "aliases": ["RocketMQ", "消息队列"],
     "description": "RocketMQ 4.9：NameServer 两台，broker-a、broker-b 各一主一从（ASYNC_MASTER）；topic class-reminder、"
                    "homework-events、exam-events。"},
]

QUIET: dict[str, list[tuple[str, str]]] = {
    "xe-course-catalog": [("07:57:10", "08:13:00")],
    "xe-homework-service": [("09:12:02", "10:07:30")],
    "xe-exam-service": [("10:18:35", "10:51:30")],
    "xe-live-scheduler": [("10:44:00", "11:40:00")],
    "xe-live-classroom": [("10:46:00", "11:38:00")],
}
WINDOWS = {
    "catalog": (_t("07:57:10"), _t("08:12:40")),
    "nfs_hang": (_t("09:12:02"), _t("09:13:38")),
    "nfs_ro": (_t("09:13:38"), _t("10:06:50")),
    "exam_404": (_t("10:18:35"), _t("10:51:22")),
}


def _inside(window: str, t: dt.datetime) -> bool:
    a, b = WINDOWS[window]
    return a <= t < b


# --- Noise -------------------------------------------------------------------------------------
Line = tuple[str, str, dict[str, Any]]


def _student(w: WorldBuilder) -> str:
    return f"S{w.rng.choice([2023, 2024, 2025])}{w.rng.randint(10000, 99999)}"


def _teacher(w: WorldBuilder) -> str:
    return f"T{w.rng.randint(2010, 2024)}{w.rng.randint(1000, 9999)}"


def _homework(w: WorldBuilder, day: dt.date = DAY) -> str:
    return f"HW{day:%Y%m%d}-{w.rng.randint(1, 480):04d}"


def _room(w: WorldBuilder) -> str:
    return f"R{DAY:%Y%m%d}{w.rng.randint(10000, 99999)}"


def _image_name(w: WorldBuilder, day: dt.date = DAY) -> str:
    """A phone photo's name: the day and a clock of the evening before or the morning."""
    hour = w.rng.choice([7, 8, 9, 10, 19, 20, 21])
    return f"IMG_{day:%Y%m%d}_{hour:02d}{w.rng.randint(0, 59):02d}{w.rng.randint(0, 59):02d}.jpg"


def _upstream_ip(w: WorldBuilder) -> str:
    return f"10.42.{w.rng.randint(1, 9)}.{w.rng.randint(10, 250)}"


UAS = ["XueEr/5.12.0 (iPad; iOS 17.6.1)", "XueEr/5.12.0 (Android 13; HUAWEI MatePad 11)",
       "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36",
       "XueEr/5.11.4 (Android 12; Xiaomi Pad 6)"]


def access_line(w: WorldBuilder, t: dt.datetime, method: str, path: str, status: int, upstream: str, rt: float,
                *, upstream_status: str | None = None) -> str:
    """An ingress-nginx access line (nginx's combined format plus the upstream fields of ingress-nginx)."""
    size = 0 if status == 204 else w.rng.randint(180, 24000) if status < 400 else w.rng.randint(18, 180)
    client = f"{w.rng.choice([36, 58, 111, 117, 223])}.{w.rng.randint(1, 254)}.{w.rng.randint(1, 254)}.{w.rng.randint(1, 254)}"
    up = upstream_status or str(status)
    return (f'{client} - - [{t.day:02d}/{MONTH}/{t.year}:{t:%H:%M:%S} +0800] "{method} {path} HTTP/2.0" {status} {size} '
            f'"https://www.xueer.com/" "{w.rng.choice(UAS)}" {w.rng.randint(60, 900)} {rt:.3f} [{NS}-{upstream}-8080] [] '
            f"{_upstream_ip(w)}:8080 {size} {rt:.3f} {up} {w.hex(32)}")


def _ingress(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = w.pod_at(ROLLOUTS["xe-ingress"], t)
    roll = w.rng.random()
    cid = w.rng.choice(HOT_COURSES)[0]
    if roll < 0.24:
        method, path, upstream = "GET", f"/api/v1/courses/{cid}/detail", "xe-course-catalog"
        if _inside("catalog", t):
            status = w.rng.choice([500, 500, 500, 504, 200])
            rt = {500: w.rng.uniform(3.0, 3.2), 504: 10.0 + w.rng.random() / 100}.get(status, w.rng.uniform(1.0, 9.0))
        else:
            status, rt = 200, w.rng.uniform(0.004, 0.06)
    elif roll < 0.32:
        method, upstream = "GET", "xe-course-catalog"
        path = "/api/v1/courses?term=2026-autumn&grade=" + w.rng.choice(["g10", "g11", "g12"])
        status, rt = 200, w.rng.uniform(0.01, 0.09)
    elif roll < 0.42:
        method, path, upstream = "POST", f"/api/v1/homework/{_homework(w)}/submissions", "xe-homework-service"
        if _inside("nfs_hang", t):
            status, rt = 504, 60.0 + w.rng.random() / 100
        elif _inside("nfs_ro", t):
            status, rt = w.rng.choice([500, 500, 201]), w.rng.uniform(0.2, 0.9)
        else:
            status, rt = 201, w.rng.uniform(0.3, 1.8)
    elif roll < 0.50:
        day = DAY - dt.timedelta(days=w.rng.randint(0, 6))
        method, upstream = "GET", "xe-homework-service"
        path = f"/api/v1/homework/{_homework(w, day)}/submissions/{_student(w)}/files/{_image_name(w, day)}"
        status, rt = 200, w.rng.uniform(0.02, 0.3)
    elif roll < 0.60:
        upstream = "xe-exam-service"
        method, path = w.rng.choice([
            ("GET", f"/api/v2/exam/exams/EX{DAY:%Y%m%d}-{w.rng.choice(['0098', '0105', '0112'])}"),
            ("PUT", f"/api/v2/exam/sessions/{w.rng.randint(880000, 889999)}/answers/q{w.rng.randint(1, 25)}"),
            ("GET", f"/api/v2/exam/sessions/{w.rng.randint(880000, 889999)}/questions"),
        ])
        if _inside("exam_404", t):
            status, rt = 404, w.rng.uniform(0.001, 0.006)
        else:
            status, rt = 200, w.rng.uniform(0.006, 0.12)
    elif roll < 0.72:
        upstream = "xe-account-service"
        method, path = w.rng.choice([("POST", "/api/v1/account/login"), ("GET", "/api/v1/account/profile"),
                                     ("POST", "/api/v1/account/token/refresh")])
        status, rt = 200, w.rng.uniform(0.008, 0.16)
    elif roll < 0.82:
        method, upstream = "GET", "xe-vod-service"
        path = f"/api/v1/vod/videos/V{w.rng.randint(2025000000, 2026129999)}/playinfo"
        status, rt = 200, w.rng.uniform(0.01, 0.09)
    elif roll < 0.94:
        method, path, upstream = "POST", f"/api/v1/live/rooms/{_room(w)}/enter", "xe-live-classroom"
        status, rt = 200, w.rng.uniform(0.02, 0.2)
    else:
        method, path, upstream = "GET", "/api/v1/notify/unread?limit=20", "xe-notify-service"
        status, rt = 200, w.rng.uniform(0.004, 0.03)
    line = access_line(w, t, method, path, status, upstream, rt)
    return "WARN" if status >= 500 else "INFO", line, {"instance": pod, "log_type": "access"}


def _account(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = w.pod_at(ROLLOUTS["xe-account-service"], t)
    roll = w.rng.random()
    if roll < 0.45:
        who = _student(w) if w.rng.random() < 0.85 else _teacher(w)
        return "INFO", (f"login ok uid={who} role={'student' if who.startswith('S') else 'teacher'} client="
                        f"{w.rng.choice(['app-ios', 'app-android', 'web'])} via=password ({w.ms(18, 140)}ms)"), {"instance": pod}
    if roll < 0.75:
        return "INFO", f"token refreshed uid={_student(w)} ttl=7200s ({w.ms(2, 14)}ms)", {"instance": pod}
    if roll < 0.85:
        return "WARN", (f"login failed uid={_student(w)} reason=BAD_PASSWORD attempt={w.rng.randint(1, 4)}"), {"instance": pod}
    if roll < 0.95:
        school = w.rng.choice(SCHOOLS)
        return "INFO", (f"roster sync job school={school}: classes={w.rng.randint(18, 64)} students={w.rng.randint(800, 3200)} "
                        f"changed={w.rng.randint(0, 6)} took={w.ms(400, 2600)}ms"), {"instance": pod, "job": "roster-sync"}
    return "INFO", "[nacos] config listener: dataId=xe-account-service.yaml md5 unchanged, no reload", {"instance": pod}


def _catalog(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = w.pod_at(ROLLOUTS["xe-course-catalog"], t)
    roll = w.rng.random()
    cid = w.rng.choice(HOT_COURSES)[0]
    if roll < 0.55:
        return "INFO", (f"course detail served course_id={cid} cache=HIT took={w.ms(2, 9)}ms"), {"instance": pod}
    if roll < 0.65:
        return "INFO", (f"course detail served course_id={w.rng.randint(10400, 13900)} cache=MISS loaded from db in "
                        f"{w.ms(22, 70)}ms"), {"instance": pod}
    if roll < 0.8:
        get = w.rng.randint(9000, 26000)
        rate = w.rng.uniform(97.2, 98.6)
        frm = (t - dt.timedelta(minutes=1)).strftime("%H:%M:00")
        return "INFO", JETCACHE_STAT.format(frm=frm, to=t.strftime("%H:%M:00"), qps=get / 60, rate=rate, get=get,
                                            hit=int(get * rate / 100), expire=w.rng.randint(20, 90),
                                            avg=w.rng.uniform(28, 55), mx=w.ms(90, 240)), {"instance": pod,
                                                                                           "logger": "JetCacheMonitor"}
    if roll < 0.9:
        return "INFO", (f"scheduled task refreshCourseRanking finished: 3812 courses ranked in {w.ms(1200, 2400)}ms"), {
            "instance": pod, "job": "refreshCourseRanking"}
    active = w.rng.randint(0, 4)
    return "DEBUG", f"HikariPool-1 - Pool stats (total=50, active={active}, idle={50 - active}, waiting=0)", {
        "instance": pod, "logger": "com.zaxxer.hikari.pool.HikariPool"}


def _admin(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = w.pod_at(ROLLOUTS["xe-course-admin"], t)
    roll = w.rng.random()
    user = w.rng.choice(["jiaowu_wangli", "jiaowu_zhoumin", "jiaowu_qianhui"])
    if roll < 0.5:
        path = w.rng.choice(["/admin/course/course/?term__id__exact=12", "/admin/course/section/?course__id=10233",
                             "/admin/schedule/timetable/?date=2026-12-07", "/admin/course/course/10262/change/"])
        return "INFO", f'"GET {path} HTTP/1.1" 200 {w.rng.randint(8000, 64000)} user={user}', {"instance": pod,
                                                                                                "log_type": "access"}
    if roll < 0.85:
        return "INFO", (f"celery task course_admin.tasks.sync_teacher_schedule[{w.hex(8)}-{w.hex(4)}-{w.hex(4)}-{w.hex(4)}-"
                        f"{w.hex(12)}] succeeded in {w.rng.uniform(0.8, 3.2):.2f}s: {{'teachers': {w.rng.randint(380, 420)}, "
                        f"'changed': {w.rng.randint(0, 4)}}}"), {"instance": pod, "task": "sync_teacher_schedule"}
    if roll < 0.95:
        return "INFO", f"price audit job: {w.rng.randint(3700, 3812)} courses checked, 0 mismatches", {"instance": pod,
                                                                                                         "job": "price-audit"}
    return "WARN", "Forbidden (CSRF token missing.): /admin/course/section/add/", {"instance": pod,
                                                                                 "logger": "django.security.csrf"}


def _homework_noise(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = w.pod_at(ROLLOUTS["xe-homework-service"], t)
    roll = w.rng.random()
    if roll < 0.4:
        files = w.rng.randint(1, 5)
        return "INFO", (f"POST /api/v1/homework/{_homework(w)}/submissions 201 student={_student(w)} files={files} "
                        f"bytes={files * w.rng.randint(400000, 1800000)} took={w.ms(300, 1800)}ms"), {"instance": pod}
    if roll < 0.7:
        day = DAY - dt.timedelta(days=w.rng.randint(0, 6))
        return "INFO", (f"GET /api/v1/homework/{_homework(w, day)}/submissions/{_student(w)}/files/{_image_name(w, day)} 200 "
                        f"bytes={w.rng.randint(300000, 1900000)} took={w.ms(12, 240)}ms"), {"instance": pod}
    if roll < 0.85:
        return "INFO", (f"Task homework.tasks.make_thumbnail[{w.hex(8)}-{w.hex(4)}-{w.hex(4)}-{w.hex(4)}-{w.hex(12)}] "
                        f"succeeded in {w.rng.uniform(0.2, 0.9):.3f}s: 'ok'"), {"instance": w.rng.choice(HOMEWORK_WORKERS),
                                                                              "task": "make_thumbnail"}
    if roll < 0.93:
        return "INFO", (f"Task homework.tasks.sync_scores_to_gradebook[{w.hex(8)}-{w.hex(4)}-{w.hex(4)}-{w.hex(4)}-"
                        f"{w.hex(12)}] succeeded in {w.rng.uniform(0.6, 2.4):.3f}s: {{'synced': {w.rng.randint(20, 60)}}}"), {
            "instance": w.rng.choice(HOMEWORK_WORKERS), "task": "sync_scores_to_gradebook"}
    return "WARN", (f"submission rejected: homework {_homework(w, DAY - dt.timedelta(days=1))} deadline passed "
                    f"(student {_student(w)})"), {"instance": pod}


def _gin(t: dt.datetime, status: int, latency: str, ip: str, method: str, path: str) -> str:
    return f'[GIN] {t:%Y/%m/%d - %H:%M:%S} | {status} | {latency:>11} | {ip:>15} | {method:<7} "{path}"'


def _exam(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = w.pod_at(ROLLOUTS["xe-exam-service"], t)
    roll = w.rng.random()
    ip = _upstream_ip(w)
    if roll < 0.7:
        method, path = w.rng.choice([
            ("GET", f"/api/v2/exam/exams/EX{DAY:%Y%m%d}-{w.rng.choice(['0098', '0105', '0112'])}"),
            ("PUT", f"/api/v2/exam/sessions/{w.rng.randint(880000, 889999)}/answers/q{w.rng.randint(1, 25)}"),
            ("GET", f"/api/v2/exam/sessions/{w.rng.randint(880000, 889999)}/questions"),
        ])
        return "INFO", _gin(t, 200, f"{w.rng.uniform(2, 60):.4f}ms", ip, method, path), {"instance": pod}
    if roll < 0.82:
        return "INFO", _gin(t, 200, f"{w.rng.uniform(3, 30):.4f}ms", ip, "GET",
                            f"/internal/exam/stats?class_id=CL{w.rng.randint(2100, 2399)}"), {"instance": pod}
    if roll < 0.92:
        return "INFO", (f"paper sync job: {w.rng.randint(3, 18)} papers synced from question bank (took "
                        f"{w.ms(300, 1400)}ms)"), {"instance": pod, "job": "paper-sync"}
    return "INFO", (f"anti-cheat: session {w.rng.randint(880000, 889999)} screen switch count={w.rng.randint(1, 2)}"), {
        "instance": pod}


def _scheduler(w: WorldBuilder, t: dt.datetime) -> Line:
    pods = SCHED_PODS if t >= w.at("10:12:40") else ROLLOUTS["xe-live-scheduler"][0][1]
    roll = w.rng.random()
    if roll < 0.45:
        return "INFO", (f"dispatch tick: pending=0 live={w.rng.randint(150, 260)} media_nodes=39/40 (leader)"), {
            "instance": pods[0]}
    if roll < 0.75:
        return "INFO", (f"dispatched room {_room(w)} (course C{w.rng.randint(10200, 13900)}, teacher {_teacher(w)}) to "
                        f"{w.rng.choice(MEDIA_NODES)}, waited {w.rng.randint(1, 4)}s"), {"instance": pods[0]}
    if roll < 0.9:
        return "INFO", (f"timetable sync task: {w.rng.randint(1180, 1230)} sections today, {w.rng.randint(0, 3)} changed"), {
            "instance": pods[0], "task": "timetable-sync"}
    return "DEBUG", f"standby: leader is {pods[0]}", {"instance": pods[1]}


def _classroom(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = w.pod_at(ROLLOUTS["xe-live-classroom"], t)
    roll = w.rng.random()
    if roll < 0.3:
        return "INFO", (f"room {_room(w)} class started teacher={_teacher(w)} students={w.rng.randint(28, 56)} "
                        f"media={w.rng.choice(MEDIA_NODES)}"), {"instance": pod}
    if roll < 0.8:
        return "INFO", f"student {_student(w)} joined room {_room(w)} rtt={w.ms(18, 120)}ms", {"instance": pod}
    return "WARN", (f"student {_student(w)} left room {_room(w)} reason=network reconnects={w.rng.randint(1, 3)}"), {
        "instance": pod}


def _notify(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = w.pod_at(ROLLOUTS["xe-notify-service"], t)
    roll = w.rng.random()
    if roll < 0.5:
        return "INFO", (f"push sent type=class_reminder user={_student(w)} course=C{w.rng.randint(10200, 13900)} channel=ws "
                        f"latency={w.ms(8, 90)}ms"), {"instance": pod}
    if roll < 0.7:
        return "INFO", (f"push sent type=homework_graded user={_student(w)} channel="
                        f"{w.rng.choice(['apns', 'hms', 'mipush', 'ws'])} latency={w.ms(40, 400)}ms"), {"instance": pod}
    if roll < 0.85:
        return "INFO", (f"task reminder-scan: {w.rng.randint(40, 900)} reminders due in next 10m, enqueued to "
                        "class-reminder"), {"instance": pod, "task": "reminder-scan"}
    return "WARN", f"apns: device token unregistered user={_student(w)}, token removed", {"instance": pod}


def _vod(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = w.pod_at(ROLLOUTS["xe-vod-service"], t)
    roll = w.rng.random()
    vid = f"V{w.rng.randint(2025000000, 2026129999)}"
    if roll < 0.55:
        return "INFO", (f"playinfo vid={vid} user={_student(w)} definition={w.rng.choice(['480p', '720p', '1080p'])} "
                        f"cdn={w.rng.choice(['ali', 'tencent'])} took={w.ms(6, 60)}ms"), {"instance": pod}
    if roll < 0.8:
        return "INFO", (f"transcode task {w.hex(12)} done vid={vid} profile=hls-{w.rng.choice(['480p', '720p', '1080p'])} "
                        f"duration={w.rng.randint(600, 2900)}s took={w.rng.randint(40, 300)}s"), {"instance": pod,
                                                                                           "task": "transcode"}
    if roll < 0.9:
        return "INFO", f"cdn refresh job: {w.rng.randint(2, 40)} urls refreshed (ali ok, tencent ok)", {"instance": pod,
                                                                                                  "job": "cdn-refresh"}
    return "WARN", f"playinfo vid={vid} denied for user={_student(w)}: course not enrolled", {"instance": pod}


def _mysql(w: WorldBuilder, t: dt.datetime) -> Line:
    roll = w.rng.random()
    if roll < 0.45:
        return "INFO", (f"event_scheduler: ev_purge_expired_sessions executed, rows={w.rng.randint(200, 4000)}"), {
            "instance": "xe-mysql-course-01", "job": "ev_purge_expired_sessions"}
    if roll < 0.85:
        qt = w.rng.uniform(1.0, 2.6)
        return "INFO", (f"slow_log: Query_time: {qt:.6f}  Lock_time: 0.0000{w.rng.randint(10, 99)} Rows_sent: "
                        f"{w.rng.randint(10, 60)}  Rows_examined: {w.rng.randint(30000, 90000)} user=report_ro db=xe_course: "
                        "SELECT course_id, count(*) AS n FROM enrollment WHERE created_at >= '2026-12-01' GROUP BY course_id "
                        "ORDER BY n DESC LIMIT 50"), {"instance": "xe-mysql-course-02", "log_type": "slowlog"}
    return "WARN", (f"[Warning] [MY-010055] [Server] IP address '10.30.2.{w.rng.randint(10, 60)}' could not be resolved: "
                    "Name or service not known"), {"instance": "xe-mysql-course-01"}


def _zk(w: WorldBuilder, t: dt.datetime) -> Line:
    node = w.rng.choice(VMS["xe-zk"])
    if t >= w.at("11:22:10") and node == "xe-zk-2":
        node = "xe-zk-1"
    roll = w.rng.random()
    if roll < 0.5:
        return "INFO", f"Accepted socket connection from /{_upstream_ip(w)}:{w.rng.randint(32000, 60999)}", {"instance": node}
    if roll < 0.85:
        return "INFO", f"Processing mntr command from /10.30.2.15:{w.rng.randint(32000, 60999)}", {"instance": node}
    return "INFO", "Purge task completed.", {"instance": node, "task": "PurgeTask"}


def _rocketmq(w: WorldBuilder, t: dt.datetime) -> Line:
    roll = w.rng.random()
    if roll < 0.45:
        broker = w.rng.choice(["broker-a", "broker-b"])
        return "INFO", (f"[{broker}] stats: put tps {w.rng.uniform(40, 260):.2f}, get tps {w.rng.uniform(80, 520):.2f}, "
                        "topics class-reminder/homework-events/exam-events"), {
            "instance": w.rng.choice(["xe-mq-01", "xe-mq-03"])}
    if roll < 0.7:
        return "INFO", "CleanCommitLogService: 0 expired commitlog files deleted, disk usage 41%", {
            "instance": w.rng.choice(["xe-mq-01", "xe-mq-03"]), "task": "CleanCommitLogService"}
    if roll < 0.85:
        return "INFO", f"ConsumerManager: group notify-reminder-consumer online clients={w.rng.randint(3, 3)}", {
            "instance": "xe-mq-02"}
    return "WARN", ("[broker-b] HAService: no slave connected, running without replica (brokerRole=ASYNC_MASTER, slave "
                    "broker-b-s 10.30.11.24 offline)"), {"instance": "xe-mq-03"}


NOISE = {
    "xe-ingress": (_ingress, 15), "xe-account-service": (_account, 70), "xe-course-catalog": (_catalog, 60),
    "xe-course-admin": (_admin, 240), "xe-homework-service": (_homework_noise, 75), "xe-exam-service": (_exam, 75),
    "xe-live-scheduler": (_scheduler, 90), "xe-live-classroom": (_classroom, 60), "xe-notify-service": (_notify, 60),
    "xe-vod-service": (_vod, 90), "xe-mysql-course": (_mysql, 420), "xe-zk": (_zk, 300), "xe-rocketmq": (_rocketmq, 300),
}


def redis_saves(w: WorldBuilder) -> None:
    """Redis's own routine: an RDB save every five minutes (save 300 100), the CoW report, the replica's sync."""
    moment = w.at("06:02:11")
    while moment < REFERENCE:
        if not (w.at("07:55") <= moment < w.at("08:20")):
            pid = w.rng.randint(40000, 69999)
            took = w.rng.randint(48, 75)
            cow = w.rng.randint(600, 900)
            w.log(moment, "xe-redis-course", "INFO", "100 changes in 300 seconds. Saving...", instance="xe-redis-course-01",
                  trace=False)
            w.log(moment + dt.timedelta(milliseconds=w.rng.randint(30, 90)), "xe-redis-course", "INFO",
                  f"Background saving started by pid {pid}", instance="xe-redis-course-01", trace=False)
            done = moment + dt.timedelta(seconds=took)
            if done < REFERENCE:
                w.log(done, "xe-redis-course", "INFO", "DB saved on disk", instance="xe-redis-course-01", trace=False)
                w.log(done + dt.timedelta(milliseconds=2), "xe-redis-course", "INFO",
                      f"Fork CoW for RDB: current {cow} MB, peak {cow} MB, average {cow * 2 // 3} MB",
                      instance="xe-redis-course-01", trace=False)
                w.log(done + dt.timedelta(milliseconds=120), "xe-redis-course", "INFO",
                      "Background saving terminated with success", instance="xe-redis-course-01", trace=False)
        moment += dt.timedelta(seconds=300 + w.rng.randint(0, 9), milliseconds=w.rng.randint(0, 999))


def nfs_routine(w: WorldBuilder) -> None:
    """The NFS pair's own routine: the hourly LVM snapshot on the primary, mountd, nfsd thread stats."""
    moment = w.at("06:00:40")
    while moment < REFERENCE:
        primary = "xe-nfs-01" if moment < w.at("09:12:02") else "xe-nfs-02"
        roll = w.rng.random()
        if moment.minute < 5 and roll < 0.6:
            w.log(moment, "xe-nfs", "INFO",
                  f"snapshot job: lvcreate -s -L 20G -n lv_homework_snap_{moment:%H}00 vg_homework/lv_homework (kept 24)",
                  instance=primary, trace=False, job="homework-snapshot")
        elif roll < 0.5:
            w.log(moment, "xe-nfs", "INFO",
                  f"rpc.mountd[1208]: authenticated mount request from {_upstream_ip(w).replace('10.42', '10.20')}:"
                  f"{w.rng.randint(600, 1023)} for /export/homework (/export/homework)", instance=primary, trace=False)
        else:
            w.log(moment, "xe-nfs", "INFO",
                  f"nfsd stats: threads=64 busy={w.rng.randint(2, 19)} ops/s read={w.rng.randint(80, 600)} "
                  f"write={w.rng.randint(20, 260)}", instance=primary, trace=False)
        moment += dt.timedelta(seconds=w.rng.randint(240, 420), milliseconds=w.rng.randint(0, 999))


# --- Incident 1: the course cache flushed, the stampede on MySQL ----------------------------------
HIT_RATIO = [(START, 97.8), (_t("07:56"), 97.9), (_t("07:57"), 3.2), (_t("08:00"), 4.9), (_t("08:04"), 6.1),
             (_t("08:06"), 9.4), (_t("08:08"), 18.0), (_t("08:10"), 52.5), (_t("08:12"), 81.0), (_t("08:14"), 90.2),
             (_t("08:18"), 95.6), (_t("08:30"), 97.3), (REFERENCE, 97.7)]
THREADS = [(START, 6), (_t("07:56"), 8), (_t("07:57"), 64), (_t("07:58"), 212), (_t("08:00"), 371), (_t("08:02"), 433),
           (_t("08:03"), 452), (_t("08:04"), THREADS_PEAK), (_t("08:05"), 203), (_t("08:06"), 398), (_t("08:08"), 310),
           (_t("08:10"), 122), (_t("08:12"), 41), (_t("08:15"), 12), (REFERENCE, 7)]
CATALOG_IPS = ("10.42.3.17", "10.42.5.41", "10.42.6.22", "10.42.8.9")


def _catalog_error_share(t: dt.datetime) -> float:
    for clock, share in (("08:05", 0.7), ("08:07:55", 0.55), ("08:10", 0.35), ("08:12:40", 0.12)):
        if t < _t(clock):
            return share
    return 0.0


def catalog_stampede(w: WorldBuilder) -> None:
    w.log(w.at("07:30:12.418"), "xe-course-catalog", "INFO", CATALOG_CONFIG, instance=CATALOG_PODS[1], change="config")
    admin = ROLLOUTS["xe-course-admin"][0][1]
    w.log(w.at("07:55:48.230"), "xe-course-admin", "INFO", CATALOG_PUBLISH, instance=admin[0], change="publish")
    w.log(w.at("07:56:31.904"), "xe-course-admin", "INFO", CACHE_PURGE, instance=admin[0], change="cache")
    w.log(w.at("07:56:33.871"), "xe-course-admin", "INFO",
          '"POST /admin/course/publish/cache-refresh/ HTTP/1.1" 302 0 user=jiaowu_wangli', instance=admin[0],
          log_type="access")
    # Redis: nothing logs a FLUSHDB; the next saves are tiny until the warm-up refills the keyspace.
    every_minute = "10000 changes in 60 seconds"
    for clock, rule, pid in (("08:01:32.118", "100 changes in 300 seconds", 71422), ("08:09:40.503", every_minute, 71893),
                             ("08:10:41.022", every_minute, 72011), ("08:11:42.610", every_minute, 72140),
                             ("08:12:43.317", every_minute, 72268), ("08:13:44.082", every_minute, 72391),
                             ("08:14:45.771", every_minute, 72530)):
        moment = w.at(clock)
        w.log(moment, "xe-redis-course", "INFO", f"{rule}. Saving...", instance="xe-redis-course-01", trace=False)
        w.log(moment + dt.timedelta(milliseconds=40), "xe-redis-course", "INFO", f"Background saving started by pid {pid}",
              instance="xe-redis-course-01", trace=False)
        w.log(moment + dt.timedelta(milliseconds=w.rng.randint(300, 2400)), "xe-redis-course", "INFO", "DB saved on disk",
              instance="xe-redis-course-01", trace=False)
    # The catalogue: misses, each a four-table join that does not finish within 3 s.
    moment = w.at("07:57:10.284")
    while moment < w.at("08:13:00"):
        pod_index = w.rng.randrange(len(CATALOG_PODS))
        pod = CATALOG_PODS[pod_index]
        cid, _ = w.rng.choice(HOT_COURSES)
        roll = w.rng.random()
        share = _catalog_error_share(moment)
        if roll < share:
            took = w.rng.randint(3001, 3019)
            w.log(moment, "xe-course-catalog", "ERROR",
                  CATALOG_TIMEOUT.format(cid=cid, took=took, sql=COURSE_SQL.format(cid="?").replace("'2026-autumn'", "?")),
                  instance=pod, http_status=500, course_id=cid)
        elif roll < share + 0.06:
            w.log(moment, "xe-course-catalog", "WARN",
                  f"HikariPool-1 - Pool stats (total=50, active=50, idle=0, waiting={w.rng.randint(40, 260)})", instance=pod,
                  logger="com.zaxxer.hikari.pool.HikariPool")
        else:
            load = w.rng.randint(1800, 2990) if share >= 0.35 else w.rng.randint(60, 900)
            w.log(moment, "xe-course-catalog", "INFO", f"course detail served course_id={cid} cache=MISS loaded from db in "
                  f"{load}ms", instance=pod)
        moment += dt.timedelta(seconds=w.rng.randint(1, 3), milliseconds=w.rng.randint(0, 999))
    minute = w.at("07:58")
    while minute <= w.at("08:13"):
        rate = interpolate(HIT_RATIO, minute - dt.timedelta(seconds=30))
        get = w.rng.randint(31000, 42000)
        avg = 2900.0 - 30 * rate if rate < 50 else 40 + (100 - rate) * 20
        w.log(minute + dt.timedelta(milliseconds=w.rng.randint(5, 80)), "xe-course-catalog", "INFO",
              JETCACHE_STAT.format(frm=(minute - dt.timedelta(minutes=1)).strftime("%H:%M:00"), to=minute.strftime("%H:%M:00"),
                                   qps=get / 60, rate=rate, get=get, hit=int(get * rate / 100), expire=0, avg=avg,
                                   mx=w.rng.randint(3000, 3019) if rate < 50 else w.rng.randint(400, 2900)),
              instance=CATALOG_PODS[minute.minute % len(CATALOG_PODS)], logger="JetCacheMonitor")
        minute += dt.timedelta(minutes=1)
    w.log(w.at("08:07:55.301"), "xe-course-catalog", "INFO", CATALOG_PROTECT, instance=CATALOG_PODS[0], change="config")
    w.log(w.at("08:08:30.114"), "xe-course-catalog", "INFO", WARMUP_JOB, instance="kube-audit")
    warmup = "xe-course-cache-warmup-manual-4kx7p-" + k8s_suffix("warmup-pod", 5)
    w.log(w.at("08:08:41.562"), "xe-course-catalog", "INFO",
          "cache warm-up started: term=2026-autumn courses=3812 concurrency=4 (hot courses first)", instance=warmup,
          job="xe-course-cache-warmup")
    for clock, done in (("08:10:40.118", 1204), ("08:12:50.906", 2790)):
        w.log(w.at(clock), "xe-course-catalog", "INFO", f"cache warm-up progress {done}/3812", instance=warmup,
              job="xe-course-cache-warmup")
    w.log(w.at("08:14:50.233"), "xe-course-catalog", "INFO", WARMUP_DONE, instance=warmup, job="xe-course-cache-warmup")
    # MySQL: the same statement over and over in the slow log, the page cleaner falling behind.
    moment = w.at("07:57:05.611")
    while moment < w.at("08:15"):
        running = interpolate(THREADS, moment)
        qt = min(2.9 + running / 40 + w.rng.uniform(-0.8, 0.8), 14.5) if running > 60 else w.rng.uniform(1.1, 2.8)
        cid, _ = w.rng.choice(HOT_COURSES)
        w.log(moment, "xe-mysql-course", "INFO",
              f"slow_log: Query_time: {qt:.6f}  Lock_time: 0.0000{w.rng.randint(10, 99)} Rows_sent: {w.rng.randint(12, 48)}  "
              f"Rows_examined: {w.rng.randint(181000, 192000)} user=course_app host={w.rng.choice(CATALOG_IPS)} db=xe_course: "
              + COURSE_SQL.format(cid=cid), instance="xe-mysql-course-01", log_type="slowlog")
        moment += dt.timedelta(seconds=w.rng.randint(2, 6), milliseconds=w.rng.randint(0, 999))
    for clock, took, flushed in (("08:01:07.402", 4312, 2011), ("08:03:19.880", 5120, 1876), ("08:06:44.015", 3207, 2240)):
        w.log(w.at(clock), "xe-mysql-course", "INFO",
              f"[Note] [MY-011953] [InnoDB] Page cleaner took {took}ms to flush {flushed} and evict 0 pages",
              instance="xe-mysql-course-01")
    w.log(w.at("08:05:12.640"), "xe-mysql-course", "INFO", PT_KILL, instance="dms-console")
    w.alert("RedisCacheHitRatioLow", "xe-redis-course", "warning", w.at("07:58"), w.at("08:17"), "6.2%",
            "xe-redis-course-01 db0 缓存命中率 6.2%，低于阈值 80%", instance="xe-redis-course-01")
    w.alert("MySQLThreadsRunningHigh", "xe-mysql-course", "critical", w.at("07:58"), w.at("08:15"), THREADS_ALERT_VALUE,
            f"xe-mysql-course-01 threads_running {THREADS_ALERT_VALUE}，超过阈值 100", instance="xe-mysql-course-01")
    w.alert("CourseApiErrorRateHigh", "xe-course-catalog", "critical", w.at("07:59"), w.at("08:14"), "41.7%",
            "课程详情接口 /api/v1/courses/*/detail 错误率 41.7%，超过阈值 5%", namespace=NS)


# --- Incident 2: the NFS failover onto a read-only export -----------------------------------------
def _uuid(w: WorldBuilder) -> str:
    return f"{w.hex(8)}-{w.hex(4)}-{w.hex(4)}-{w.hex(4)}-{w.hex(12)}"


def homework_readonly(w: WorldBuilder) -> None:
    new = ROLLOUTS["xe-homework-service"][1][1]
    w.log(w.at("08:50:20.604"), "xe-homework-service", "INFO", HOMEWORK_DEPLOY, instance=new[0], change="deploy")
    nfs = [
        ("09:12:02.317", "xe-nfs-01", "ERROR", NFS_LOCKUP),
        ("09:12:02.318", "xe-nfs-01", "ERROR", "kernel: Kernel panic - not syncing: Hard LOCKUP"),
        ("09:12:05.822", "xe-nfs-02", "WARN", "Keepalived_vrrp[1043]: (VI_NFS) Receive advertisement timeout"),
        ("09:12:05.823", "xe-nfs-02", "INFO", NFS_MASTER),
        ("09:12:06.114", "xe-nfs-02", "WARN", "kernel: drbd r_homework xe-nfs-01: PingAck did not arrive in time."),
        ("09:12:06.116", "xe-nfs-02", "WARN",
         "kernel: drbd r_homework xe-nfs-01: conn( Connected -> NetworkFailure ) peer( Primary -> Unknown )"),
        ("09:12:07.020", "xe-nfs-02", "INFO", NFS_PROMOTE),
        ("09:12:07.402", "xe-nfs-02", "INFO", "kernel: drbd r_homework: role( Secondary -> Primary )"),
        ("09:12:08.118", "xe-nfs-02", "INFO", "kernel: XFS (drbd0): Mounting V5 Filesystem"),
        ("09:12:08.406", "xe-nfs-02", "INFO", "kernel: XFS (drbd0): Starting recovery (logdev: internal)"),
        ("09:12:08.977", "xe-nfs-02", "INFO", "kernel: XFS (drbd0): Ending recovery (logdev: internal)"),
        ("09:12:09.210", "xe-nfs-02", "INFO", NFS_EXPORT_RO),
        ("09:12:09.244", "xe-nfs-02", "INFO", "kernel: NFSD: starting 90-second grace period (net f0000000)"),
        ("09:12:09.601", "xe-nfs-02", "INFO", "Keepalived_vrrp[1043]: Sending gratuitous ARP on eth0 for 10.30.8.50"),
        ("09:16:21.530", "xe-nfs-01", "INFO", "kernel: Linux version 5.14.0-427.13.1.el9_4.x86_64 (booted by the IPMI watchdog "
                                              "after the hard LOCKUP)"),
        ("09:16:58.771", "xe-nfs-01", "INFO", "Keepalived_vrrp[1187]: (VI_NFS) Entering BACKUP STATE (init)"),
        ("09:17:02.440", "xe-nfs-01", "INFO",
         "kernel: drbd r_homework xe-nfs-02: conn( Connecting -> Connected ) peer( Unknown -> Primary ) role( Secondary )"),
        ("09:17:58.015", "xe-nfs-01", "INFO", "kernel: drbd r_homework xe-nfs-02: Resync done (total 55 sec; paused 0 sec; "
                                              "41220 K/sec)"),
        ("10:01:30.662", "ops-console", "INFO", NFS_EXPORTS_DIFF),
        ("10:06:49.120", "xe-nfs-02", "INFO", NFS_EXPORT_RW),
    ]
    for clock, instance, level, message in nfs:
        w.log(w.at(clock), "xe-nfs", level, message, instance=instance, trace=False)
    w.log(w.at("10:06:48.305"), "xe-nfs", "INFO", NFS_FIX, instance="xe-nfs-02", change="config", trace=False)
    for index, node in enumerate(("xe-bj-node-02", "xe-bj-node-05", "xe-bj-node-08")):
        w.log(w.at("09:12:04") + dt.timedelta(milliseconds=310 * index + 41), "xe-nfs", "WARN",
              "kernel: nfs: server 10.30.8.50 not responding, still trying", instance=node, trace=False)
        w.log(w.at("09:13:38") + dt.timedelta(milliseconds=220 * index + 17), "xe-nfs", "INFO",
              "kernel: nfs: server 10.30.8.50 OK", instance=node, trace=False)
    # The homework service: stuck writes during the switch (gunicorn kills its workers after 30 s), then EROFS.
    for index, pod in enumerate(new):
        for k in range(2):
            moment = w.at("09:12:34") + dt.timedelta(seconds=11 * index + 19 * k, milliseconds=w.rng.randint(0, 999))
            pid = w.rng.randint(180, 420)
            w.log(moment, "xe-homework-service", "ERROR", f"[CRITICAL] WORKER TIMEOUT (pid:{pid})", instance=pod,
                  logger="gunicorn.error")
            w.log(moment + dt.timedelta(milliseconds=180), "xe-homework-service", "INFO",
                  f"Booting worker with pid: {pid + w.rng.randint(90, 200)}", instance=pod, logger="gunicorn.error")
    moment = w.at("09:13:39.402")
    while moment < w.at("10:07:30"):
        pod = w.rng.choice(new)
        roll = w.rng.random()
        readonly = moment < w.at("10:06:50")
        hw, sid = _homework(w), _student(w)
        if readonly and roll < 0.45:
            f = _image_name(w)
            w.log(moment, "xe-homework-service", "ERROR", HOMEWORK_EROFS.format(hw=hw, sid=sid, f=f), instance=pod,
                  homework_id=hw)
            w.log(moment + dt.timedelta(milliseconds=4), "xe-homework-service", "WARN",
                  f"POST /api/v1/homework/{hw}/submissions 500 student={sid} files={w.rng.randint(1, 4)} "
                  f"took={w.ms(180, 900)}ms", instance=pod)
        elif readonly and roll < 0.53:
            teacher = _teacher(w)
            w.log(moment, "xe-homework-service", "ERROR",
                  f"annotation save failed homework_id={hw} student_id={sid} teacher={teacher}: OSError: [Errno 30] "
                  f"Read-only file system: '/data/homework/annotations/2026/12/07/{hw}/{sid}/{w.hex(12)}.png'", instance=pod)
        elif readonly and roll < 0.63:
            w.log(moment, "xe-homework-service", "ERROR",
                  f"Task homework.tasks.make_thumbnail[{_uuid(w)}] raised unexpected: OSError(30, 'Read-only file system')",
                  instance=w.rng.choice(HOMEWORK_WORKERS), task="make_thumbnail")
        elif roll < 0.88:
            day = DAY - dt.timedelta(days=w.rng.randint(0, 6))
            w.log(moment, "xe-homework-service", "INFO",
                  f"GET /api/v1/homework/{_homework(w, day)}/submissions/{sid}/files/{_image_name(w, day)} 200 "
                  f"bytes={w.rng.randint(300000, 1900000)} took={w.ms(12, 260)}ms", instance=pod)
        else:
            files = 0 if readonly else w.rng.randint(1, 4)
            w.log(moment, "xe-homework-service", "INFO",
                  f"POST /api/v1/homework/{hw}/submissions 201 student={sid} files={files} "
                  f"bytes={files * w.rng.randint(400000, 1800000)} took={w.ms(60, 900)}ms", instance=pod)
        moment += dt.timedelta(seconds=w.rng.randint(3, 11), milliseconds=w.rng.randint(0, 999))
    w.log(w.at("10:09:12.550"), "xe-homework-service", "INFO",
          "retry job: 377 failed make_thumbnail tasks requeued (OSError 30 between 09:13 and 10:06)",
          instance=HOMEWORK_WORKERS[0], job="thumbnail-retry")
    w.alert("HostDown", "xe-nfs", "critical", w.at("09:12:40"), w.at("09:16:30"), "0",
            "xe-nfs-01（10.30.8.51）node_exporter 无法访问", instance="xe-nfs-01")
    w.alert("DRBDPeerDisconnected", "xe-nfs", "warning", w.at("09:12:30"), w.at("09:18:10"), "NetworkFailure",
            "DRBD 资源 r_homework 在 xe-nfs-02 上与对端断开（conn NetworkFailure）", instance="xe-nfs-02")
    w.alert("HomeworkUploadFailureRateHigh", "xe-homework-service", "critical", w.at("09:15"), w.at("10:09"), "71.8%",
            "作业上传失败率 71.8%，超过阈值 5%", namespace=NS)


# --- Incident 3: the exam ingress rewritten, every exam call a 404 --------------------------------
def _ingress_reload(w: WorldBuilder, at: dt.datetime) -> None:
    pods = ROLLOUTS["xe-ingress"][0][1]
    for index, pod in enumerate(pods):
        base = at + dt.timedelta(milliseconds=140 * index)
        if index == 0:
            w.log(base, "xe-ingress", "INFO",
                  f'"successfully validated configuration, accepting" ingress="{NS}/xe-exam-service"', instance=pod,
                  trace=False, logger="admission")
        w.log(base + dt.timedelta(milliseconds=310), "xe-ingress", "INFO",
              f'Event(v1.ObjectReference{{Kind:"Ingress", Namespace:"{NS}", Name:"xe-exam-service", '
              f'APIVersion:"networking.k8s.io/v1"}}): type: \'Normal\' reason: \'Sync\' Scheduled for sync', instance=pod,
              trace=False)
        w.log(base + dt.timedelta(milliseconds=820), "xe-ingress", "INFO",
              '"Configuration changes detected, backend reload required"', instance=pod, trace=False)
        w.log(base + dt.timedelta(seconds=1, milliseconds=260), "xe-ingress", "INFO", '"Backend successfully reloaded"',
              instance=pod, trace=False)


def exam_ingress(w: WorldBuilder) -> None:
    w.log(w.at("07:40:10.882"), "xe-exam-service", "INFO", EXAM_DEPLOY, instance=EXAM_PODS[0], change="deploy")
    w.log(w.at("10:05:30.417"), "xe-exam-service", "INFO", EXAM_CONFIG, instance=EXAM_PODS[2], change="config")
    w.log(w.at("10:18:32.066"), "xe-exam-service", "INFO", EXAM_HELM, instance="helm", change="helm",
          ticket="CHG-20261207-0031")
    _ingress_reload(w, w.at("10:18:33.120"))
    moment = w.at("10:18:35.200")
    while moment < w.at("10:51:22"):
        pod = w.rng.choice(EXAM_PODS)
        ip = _upstream_ip(w)
        roll = w.rng.random()
        if roll < 0.12:
            w.log(moment, "xe-exam-service", "INFO",
                  _gin(moment, 200, f"{w.rng.uniform(3, 30):.4f}ms", ip, "GET",
                       f"/internal/exam/stats?class_id=CL{w.rng.randint(2100, 2399)}"), instance=pod)
        elif roll < 0.16:
            w.log(moment, "xe-exam-service", "INFO",
                  f"paper sync job: {w.rng.randint(3, 18)} papers synced from question bank (took {w.ms(300, 1400)}ms)",
                  instance=pod, job="paper-sync")
        else:
            session = w.rng.randint(880000, 889999)
            if moment < w.at("10:25"):
                method, path = w.rng.choice([("PUT", f"/sessions/{session}/answers/q{w.rng.randint(1, 25)}"),
                                             ("GET", f"/sessions/{session}/questions"),
                                             ("GET", f"/exams/EX{DAY:%Y%m%d}-0098")])
            else:
                method, path = w.rng.choice([("POST", f"/exams/EX{DAY:%Y%m%d}-0105/sessions"),
                                             ("GET", f"/exams/EX{DAY:%Y%m%d}-0105"),
                                             ("PUT", f"/sessions/{session}/answers/q{w.rng.randint(1, 25)}"),
                                             ("POST", f"/sessions/{session}/submit")])
            w.log(moment, "xe-exam-service", "INFO",
                  _gin(moment, 404, f"{w.rng.uniform(8, 40):.3f}µs", ip, method, path), instance=pod)
        moment += dt.timedelta(seconds=w.rng.randint(1, 4), milliseconds=w.rng.randint(0, 999))
    w.log(w.at("10:35:00.012"), "xe-exam-service", "WARN", EXAM_START_LOW, instance=EXAM_PODS[1], job="exam-window-check")
    w.log(w.at("10:40:00.008"), "xe-exam-service", "WARN",
          "exam EX20261207-0098 (高一化学单元测) ended: 612 sessions auto-submitted at deadline, 588 of them with no answer "
          "saved after 10:18", instance=EXAM_PODS[3], job="exam-auto-submit")
    w.log(w.at("10:51:20.540"), "xe-exam-service", "INFO", EXAM_ROLLBACK, instance="helm", change="helm",
          ticket="CHG-20261207-0031")
    _ingress_reload(w, w.at("10:51:21.030"))
    w.log(w.at("10:53:10.207"), "xe-exam-service", "INFO",
          "exam EX20261207-0105 start window extended to 11:05 by jiaowu_zhoumin (考生无法进入考场)", instance=EXAM_PODS[0])
    w.log(w.at("10:55:00.010"), "xe-exam-service", "INFO",
          "exam EX20261207-0105 (高二物理周测 第14周) start window check: 1198/1286 candidates started", instance=EXAM_PODS[1],
          job="exam-window-check")
    w.alert("IngressHigh4xxRate", "xe-ingress", "warning", w.at("10:21"), w.at("10:55"), "68.4%",
            f"ingress {NS}/xe-exam-service 4xx 比例 68.4%，超过阈值 20%", ingress="xe-exam-service", namespace=NS)
    w.alert("ExamStartRateLow", "xe-exam-service", "critical", w.at("10:35"), w.at("10:57"), "0.0%",
            "考试 EX20261207-0105 开考 5 分钟进入率 0.0%，低于 80%", namespace=NS, exam="EX20261207-0105")


# --- Incident 4: the push-session map that is never evicted -----------------------------------------
#: Each 3.4.0 pod's first container start and its OOM kills (fixed, not drawn: the restart count a question
#: asks for does not depend on the noise drawn before). The container restarts ~2 s after the kill.
NOTIFY_FIRST_START = ("06:14:50", "06:15:20", "06:15:50")
NOTIFY_KILLS = (("09:42:18", "10:38:51", "11:33:05", "12:24:40"),
                ("09:57:44", "10:55:12", "11:51:30"),
                ("10:09:02", "11:06:37", "12:02:15"))
NOTIFY_RESTART_S = 2
BASE_MIB = 64.0
ENTRIES_PER_MIB = 1310  # SessionCache entries per MiB of leaked working set (from the 11:58 heap profile)


def notify_cycles(index: int) -> list[tuple[dt.datetime, dt.datetime | None]]:
    """(container start, OOM kill or None while it still runs) of pod ``index``."""
    kills = [_t(clock) for clock in NOTIFY_KILLS[index]]
    starts = [_t(NOTIFY_FIRST_START[index])] + [kill + dt.timedelta(seconds=NOTIFY_RESTART_S) for kill in kills]
    return list(zip(starts, [*kills, None], strict=True))


def memory_at(index: int, moment: dt.datetime) -> float | None:
    """Working set (MiB) of pod ``index`` at ``moment``; None before the pod existed. It reaches the 1 GiB limit
    exactly at each kill: slowly in the quiet dawn, then ~17 MiB a minute once the morning's reconnects pile up."""
    cycles = notify_cycles(index)
    if moment < cycles[0][0]:
        return None
    for number, (start, kill) in enumerate(cycles):
        if moment < start:
            return BASE_MIB  # between a kill and the restart
        if kill is not None and moment >= kill:
            continue
        if number == 0 and kill is not None:
            frames = [(start, BASE_MIB), (_t("07:00"), 96.0), (_t("07:45"), 250.0), (kill, float(MEMORY_LIMIT_MIB))]
            return interpolate(frames, moment)
        if kill is None:  # still running: as fast as the cycle before
            previous_start, previous_kill = cycles[number - 1]
            assert previous_kill is not None
            duration = (previous_kill - previous_start).total_seconds()
        else:
            duration = (kill - start).total_seconds()
        return BASE_MIB + (MEMORY_LIMIT_MIB - BASE_MIB) * (moment - start).total_seconds() / duration
    return BASE_MIB


def notify_restarts_at(moment: dt.datetime) -> int:
    """Container restarts summed over the notify pods at ``moment`` (what kube-state-metrics sums)."""
    return sum(1 for index in range(len(NOTIFY_PODS)) for start, _ in notify_cycles(index)[1:] if start <= moment)


NOTIFY_RESTARTS = notify_restarts_at(REFERENCE)


def _online(moment: dt.datetime) -> float:
    """Students with the app open (all pods together)."""
    return interpolate([(START, 2400.0), (_t("07:00"), 6100.0), (_t("07:50"), 12600.0), (_t("11:45"), 12200.0),
                        (REFERENCE, 9800.0)], moment)


def notify_leak(w: WorldBuilder) -> None:
    old = ROLLOUTS["xe-notify-service"][0][1]
    w.log(w.at("06:14:20.512"), "xe-notify-service", "INFO", NOTIFY_DEPLOY, instance=NOTIFY_PODS[0], change="deploy")
    for index, pod in enumerate(old):
        w.log(w.at(NOTIFY_FIRST_START[index]) + dt.timedelta(seconds=8), "xe-notify-service", "INFO",
              f"shutting down: draining {w.rng.randint(780, 840)} websocket connections (SIGTERM)", instance=pod)
    w.log(w.at("09:31:20.077"), "xe-notify-service", "INFO", NOTIFY_CONFIG, instance=NOTIFY_PODS[1], change="config")
    for index, pod in enumerate(NOTIFY_PODS):
        cycles = notify_cycles(index)
        for number, (start, kill) in enumerate(cycles):
            w.log(start + dt.timedelta(milliseconds=420), "xe-notify-service", "INFO",
                  "notify-server 3.4.0 starting (go1.22.5, GOMAXPROCS=2, GOMEMLIMIT unset)", instance=pod)
            w.log(start + dt.timedelta(seconds=1, milliseconds=730), "xe-notify-service", "INFO",
                  "ws: listening on :8080; rocketmq consumer notify-reminder-consumer started (topics class-reminder, "
                  "homework-events)", instance=pod)
            if number:
                backlog = w.rng.randint(1800, 4600)
                w.log(start + dt.timedelta(seconds=19, milliseconds=w.rng.randint(0, 900)), "xe-notify-service", "WARN",
                      f"rocketmq: consumer group notify-reminder-consumer rebalanced, redelivering {backlog} class-reminder "
                      "messages", instance=pod)
                for other in NOTIFY_PODS:
                    if other != pod:
                        w.log(start + dt.timedelta(seconds=8, milliseconds=w.rng.randint(0, 900)), "xe-notify-service",
                              "WARN", f"ws: reconnect burst: {w.rng.randint(1900, 2600)} clients reconnected in last 10s",
                              instance=other)
                late = start + dt.timedelta(seconds=25)
                for _ in range(w.rng.randint(4, 7)):
                    late += dt.timedelta(seconds=w.rng.randint(6, 30), milliseconds=w.rng.randint(0, 999))
                    delay = w.rng.randint(140, 520)
                    course = f"C{w.rng.randint(10200, 13900)}"
                    if delay > 300:
                        w.log(late, "xe-notify-service", "WARN",
                              f"push dropped type=class_reminder user={_student(w)} course={course}: class already started "
                              f"(delay {delay}s)", instance=pod)
                    else:
                        w.log(late, "xe-notify-service", "WARN",
                              f"push late type=class_reminder user={_student(w)} course={course} delay={delay}s "
                              "(redelivered)", instance=pod)
            moment = start + dt.timedelta(minutes=5 - start.minute % 5, seconds=10 * index - start.second,
                                          milliseconds=3 + 17 * index)
            end = kill or REFERENCE
            while moment < end:
                rss = memory_at(index, moment)
                assert rss is not None
                conns = int(_online(moment) / 3 + w.rng.randint(-120, 120))
                w.log(moment, "xe-notify-service", "INFO",
                      f"runtime stats: rss={rss:.0f}MiB heap_inuse={rss * 0.82:.0f}MiB goroutines={2 * conns + 41} "
                      f"ws_conns={conns} sessions_cached={int((rss - BASE_MIB) * ENTRIES_PER_MIB)}", instance=pod,
                      logger="stats", trace=False)
                moment += dt.timedelta(minutes=5)
    rss = memory_at(2, w.at("11:58:40"))
    assert rss is not None
    w.log(w.at("11:58:40.318"), "xe-notify-service", "INFO",
          NOTIFY_PPROF.format(pod=NOTIFY_PODS[2], sessions=int((rss - BASE_MIB) * ENTRIES_PER_MIB),
                              conns=int(_online(w.at("11:58:40")) / 3)), instance="kube-exec-audit")
    w.alert("ContainerOOMKilled", "xe-notify-service", "warning", w.at("09:43"), None, "OOMKilled",
            f"Pod {NS}/{NOTIFY_PODS[0]} 容器 notify-server 被 OOMKilled 后重启（内存 limit 1Gi），近 1 小时有 OOM 重启",
            namespace=NS, container="notify-server")


def notify_k8s(w: WorldBuilder) -> None:
    horizon = REFERENCE - dt.timedelta(hours=1)  # the API server's event TTL
    pids = {("11:33:05", 0): 28817, ("11:51:30", 1): 31402, ("12:02:15", 2): 19974, ("12:24:40", 0): 30155}
    for index, pod in enumerate(NOTIFY_PODS):
        cycles = notify_cycles(index)
        kills = [kill for _, kill in cycles if kill is not None and kill <= REFERENCE]
        w.pod(namespace=NS, name=pod, service="xe-notify-service", phase="Running", ready="1/1", restarts=len(kills),
              last_termination=termination("OOMKilled", 137, kills[-1]), waiting_reason=None, node=NOTIFY_NODES[index],
              observed_at=REFERENCE)
        restarts = [start for start, _ in cycles[1:]]
        w.event(type="Normal", reason="Pulled", object=f"Pod/{pod}",
                message=f'Container image "{NOTIFY_IMAGE}" already present on machine', count=len(restarts),
                first_seen=restarts[0] - dt.timedelta(seconds=1), last_seen=restarts[-1] - dt.timedelta(seconds=1))
        for reason, message in (("Created", "Created container notify-server"), ("Started", "Started container notify-server")):
            w.event(type="Normal", reason=reason, object=f"Pod/{pod}", message=message, count=len(cycles),
                    first_seen=cycles[0][0], last_seen=restarts[-1])
        for kill in kills:
            if kill < horizon:
                continue
            pid = pids[(kill.strftime("%H:%M:%S"), index)]
            rss_kb = MEMORY_LIMIT_MIB * 1024 - w.rng.randint(900, 4000)
            w.event(type="Warning", reason="OOMKilling", object=f"Node/{NOTIFY_NODES[index]}",
                    message=(f"Memory cgroup out of memory: Killed process {pid} (notify-server) total-vm:"
                             f"{w.rng.randint(1890000, 1990000)}kB, anon-rss:{rss_kb}kB, file-rss:{w.rng.randint(9000, 12000)}kB, "
                             f"shmem-rss:0kB, UID:10001 pgtables:{w.rng.randint(2200, 2500)}kB oom_score_adj:-997"),
                    count=1, first_seen=kill, last_seen=kill)
    w.deployment(namespace=NS, name="xe-notify-service", service="xe-notify-service", replicas=3, ready=3, available=3,
                 image=NOTIFY_IMAGE, revision=19, changed_at=w.at("06:14:20"),
                 change_cause="release xe-notify-service 3.4.0 (pipeline #6117)",
                 conditions=[condition("Available", "True", "MinimumReplicasAvailable", "Deployment has minimum availability."),
                             condition("Progressing", "True", "NewReplicaSetAvailable",
                                       f'ReplicaSet "{replicaset_name("xe-notify-service", "3.4.0")}" has successfully progressed.')],
                 observed_at=REFERENCE)


# --- Incident 5: ZooKeeper loses its leader over and over, the scheduler its lock -----------------
ZK_IPS = {1: "10.30.9.11", 2: "10.30.9.12", 3: "10.30.9.13"}
#: (election finished, new leader's sid, new epoch). Before: xe-zk-3 leads in epoch 0x1a. xe-zk-2 never wins: each
#: time it rejoins it needs a snapshot, the slow disk stalls the sync and the leader loses its quorum.
ELECTIONS = (("10:46:12", 1, 0x1B), ("10:51:40", 3, 0x1C), ("10:55:03", 1, 0x1D), ("11:01:27", 3, 0x1E),
             ("11:05:50", 1, 0x1F), ("11:12:18", 3, 0x20), ("11:16:44", 1, 0x21), ("11:20:31", 3, 0x22))
RECONCILE_S = 150  # the scheduler's room reconciliation while ZooKeeper reads are slow
PENDING = [(START, 0), (_t("10:40"), 0), (_t("10:44"), 1), (_t("10:46"), 5), (_t("10:48"), 22), (_t("10:49"), 27),
           (_t("10:51"), 24), (_t("10:52"), 33), (_t("10:55"), 58), (_t("10:57"), 74), (_t("11:00"), 70), (_t("11:01"), 68),
           (_t("11:04"), 87), (_t("11:05"), 84), (_t("11:08"), 103), (_t("11:12"), 96), (_t("11:14"), 117),
           (_t("11:16"), 114), (_t("11:19"), 137), (_t("11:20"), 135), (_t("11:22"), PENDING_PEAK), (_t("11:23"), 142),
           (_t("11:25"), 104), (_t("11:28"), 61), (_t("11:32"), 22), (_t("11:36"), 4), (_t("11:40"), 1), (REFERENCE, 0)]
FSYNC_P99 = [(START, 3.0), (_t("10:43"), 4.0), (_t("10:44"), 1180.0), (_t("10:46"), 9412.0), (_t("10:50"), 4381.0),
             (_t("10:55"), 8120.0), (_t("11:00"), 5230.0), (_t("11:05"), 7710.0), (_t("11:10"), 4920.0), (_t("11:15"), 8840.0),
             (_t("11:20"), 6130.0), (_t("11:22"), 7020.0)]


def _zxid(epoch: int, counter: int) -> str:
    return f"0x{epoch:x}{counter:08x}"


def _session(w: WorldBuilder, server: int) -> str:
    return f"0x{server}{w.hex(14)}"


def zk_flapping(w: WorldBuilder) -> None:
    old = ROLLOUTS["xe-live-scheduler"][0][1]
    w.log(w.at("10:12:05.330"), "xe-live-scheduler", "INFO", SCHED_DEPLOY, instance=SCHED_PODS[0], change="deploy")
    for index, pod in enumerate(SCHED_PODS):
        w.log(w.at("10:12:40") + dt.timedelta(seconds=14 * index, milliseconds=206), "xe-live-scheduler", "INFO",
              f"Started LiveSchedulerApplication in {w.rng.randint(120, 160) / 10} seconds (process running for "
              f"{w.rng.randint(165, 190) / 10})", instance=pod)
        w.log(w.at("10:12:58") + dt.timedelta(seconds=14 * index), "xe-live-scheduler", "INFO",
              "Commencing graceful shutdown. Waiting for active requests to complete", instance=old[index])
    w.log(w.at("10:12:58.911"), "xe-live-scheduler", "INFO",
          "acquired leadership (LeaderLatch /xe/live-scheduler/leader), reconciling room state before dispatch",
          instance=SCHED_PODS[0])
    w.log(w.at("10:13:00.604"), "xe-live-scheduler", "INFO", "reconcile done: 188 room nodes under /xe/live/rooms read in "
          "1.6s; dispatcher started", instance=SCHED_PODS[0])
    w.log(w.at("10:44:02.118"), "xe-zk", "INFO", ZK_VMOTION, instance="vcenter", change="storage", trace=False,
          ticket="MT-20261207-004")
    # xe-zk-2's slow disk: the warning ZooKeeper writes when an fsync of its transaction log is slow.
    moment = w.at("10:44:19.846")
    while moment < w.at("11:22:05"):
        w.log(moment, "xe-zk", "WARN", ZK_FSYNC.format(ms=w.rng.randint(1100, 9400)), instance="xe-zk-2", trace=False,
              thread="SyncThread:2")
        moment += dt.timedelta(seconds=w.rng.randint(14, 48), milliseconds=w.rng.randint(0, 999))
    # The ensemble: the leader stalls syncing xe-zk-2, loses its quorum, everyone is LOOKING again.
    leader, counter = 3, 0x3AB12
    sched_leader: str | None = SCHED_PODS[0]
    sessions = {pod: _session(w, 1 + i) for i, pod in enumerate(SCHED_PODS)}
    for number, (clock, new_leader, epoch) in enumerate(ELECTIONS):
        done = w.at(clock)
        healthy = 4 - leader
        stalled = done - dt.timedelta(seconds=9, milliseconds=w.rng.randint(100, 700))
        w.log(stalled, "xe-zk", "WARN", "Exception when following the leader java.net.SocketTimeoutException: Read timed out",
              instance=f"xe-zk-{healthy}", trace=False)
        w.log(stalled + dt.timedelta(milliseconds=40), "xe-zk", "WARN", ZK_FSYNC.format(ms=w.rng.randint(8200, 9800)),
              instance="xe-zk-2", trace=False, thread="SyncThread:2")
        w.log(done - dt.timedelta(milliseconds=640), "xe-zk", "INFO",
              f"Shutdown called. For the reason Not sufficient followers synced, only synced with sids: [ {leader} ]",
              instance=f"xe-zk-{leader}", trace=False)
        took = w.rng.randint(190, 460)
        proposed = _zxid(epoch - 1, counter)
        for sid in (1, 2, 3):
            w.log(done - dt.timedelta(milliseconds=took + 20), "xe-zk", "INFO", "LOOKING", instance=f"xe-zk-{sid}", trace=False)
            w.log(done - dt.timedelta(milliseconds=took), "xe-zk", "INFO",
                  f"New election. My id = {sid}, proposed zxid={proposed if sid != 2 else _zxid(epoch - 1, counter - 0x2F1)}",
                  instance=f"xe-zk-{sid}", trace=False)
            role = "LEADING" if sid == new_leader else "FOLLOWING"
            w.log(done + dt.timedelta(milliseconds=7 * sid), "xe-zk", "INFO",
                  f"{role} - LEADER ELECTION TOOK - {took + 3 * sid} MS", instance=f"xe-zk-{sid}", trace=False)
        w.log(done + dt.timedelta(milliseconds=610), "xe-zk", "INFO",
              f"Synchronizing with Learner sid: 2 maxCommittedLog={proposed} minCommittedLog={_zxid(epoch - 1, counter - 500)} "
              f"lastProcessedZxid={_zxid(epoch - 1, counter - 0x2F1)}", instance=f"xe-zk-{new_leader}", trace=False)
        w.log(done + dt.timedelta(milliseconds=640), "xe-zk", "INFO",
              f"Sending snapshot last zxid of peer is {_zxid(epoch - 1, counter - 0x2F1)}, zxid of leader is "
              f"{_zxid(epoch, 0)}, send zxid of db as {_zxid(epoch, 0)}, 1 concurrent snapshot sync, snapshot sync was "
              "not exempt from throttle", instance=f"xe-zk-{new_leader}", trace=False)
        leader, counter = new_leader, w.rng.randint(0x400, 0x9FF)
        # The scheduler: both pods lose the connection while the leader stalls, the lock with it.
        suspended = done - dt.timedelta(seconds=7, milliseconds=w.rng.randint(100, 400))
        for index, pod in enumerate(SCHED_PODS):
            at = suspended + dt.timedelta(milliseconds=90 * index)
            w.log(at, "xe-live-scheduler", "WARN",
                  f"Client session timed out, have not heard from server in {w.rng.randint(6660, 6695)}ms for sessionid "
                  f"{sessions[pod]}, closing socket connection and attempting reconnect", instance=pod,
                  logger="org.apache.zookeeper.ClientCnxn")
            w.log(at + dt.timedelta(milliseconds=3), "xe-live-scheduler", "INFO", "State change: SUSPENDED", instance=pod,
                  logger="org.apache.curator.framework.state.ConnectionStateManager")
            if pod == sched_leader:
                w.log(at + dt.timedelta(milliseconds=9), "xe-live-scheduler", "WARN",
                      SCHED_LOST.format(n=w.rng.randint(0, 6)), instance=pod, logger="com.xueer.live.LeaderService")
            server = w.rng.choice([1, 3])
            back = done + dt.timedelta(seconds=2, milliseconds=300 * index + w.rng.randint(0, 900))
            w.log(back, "xe-live-scheduler", "INFO", f"Opening socket connection to server xe-zk-{server}/{ZK_IPS[server]}:2181.",
                  instance=pod, logger="org.apache.zookeeper.ClientCnxn")
            w.log(back + dt.timedelta(milliseconds=4), "xe-live-scheduler", "INFO",
                  f"Socket connection established, initiating session, client: /10.42.{4 + index}.{31 + index}:"
                  f"{w.rng.randint(40000, 60999)}, server: xe-zk-{server}/{ZK_IPS[server]}:2181", instance=pod,
                  logger="org.apache.zookeeper.ClientCnxn")
            if number % 2 == 0:
                w.log(back + dt.timedelta(milliseconds=30), "xe-live-scheduler", "WARN",
                      f"Unable to reconnect to ZooKeeper service, session {sessions[pod]} has expired", instance=pod,
                      logger="org.apache.zookeeper.ClientCnxn")
                w.log(back + dt.timedelta(milliseconds=33), "xe-live-scheduler", "INFO", "State change: LOST", instance=pod,
                      logger="org.apache.curator.framework.state.ConnectionStateManager")
                sessions[pod] = _session(w, server)
            w.log(back + dt.timedelta(milliseconds=90), "xe-live-scheduler", "INFO",
                  f"Session establishment complete on server xe-zk-{server}/{ZK_IPS[server]}:2181, session id = "
                  f"{sessions[pod]}, negotiated timeout = 10000", instance=pod, logger="org.apache.zookeeper.ClientCnxn")
            w.log(back + dt.timedelta(milliseconds=95), "xe-live-scheduler", "INFO", "State change: RECONNECTED",
                  instance=pod, logger="org.apache.curator.framework.state.ConnectionStateManager")
        sched_leader = SCHED_PODS[(number + 1) % 2]
        acquired = done + dt.timedelta(seconds=8, milliseconds=w.rng.randint(0, 900))
        w.log(acquired, "xe-live-scheduler", "INFO",
              "acquired leadership (LeaderLatch /xe/live-scheduler/leader), reconciling room state before dispatch",
              instance=sched_leader, logger="com.xueer.live.LeaderService")
        reconciled = acquired + dt.timedelta(seconds=RECONCILE_S)
        following = w.at(ELECTIONS[number + 1][0]) - dt.timedelta(seconds=7) if number + 1 < len(ELECTIONS) else None
        if following is None:
            continue  # the last one finishes once xe-zk-2 is stopped (below)
        if reconciled < following:
            w.log(reconciled, "xe-live-scheduler", "INFO",
                  f"reconcile done: 214 room nodes under /xe/live/rooms read in {RECONCILE_S + w.rng.random():.1f}s; "
                  "dispatcher started", instance=sched_leader, logger="com.xueer.live.LeaderService")
            moment = reconciled + dt.timedelta(seconds=w.rng.randint(4, 12))
            while moment < following:
                wait = int((moment - w.at("10:45:30")).total_seconds()) - w.rng.randint(0, 240)
                w.log(moment, "xe-live-scheduler", "INFO",
                      f"dispatched room {_room(w)} (course C{w.rng.randint(10200, 13900)}, teacher {_teacher(w)}) to "
                      f"{w.rng.choice(MEDIA_NODES)}, waited {max(wait, 40)}s (zk write {w.rng.randint(31, 92) / 10}s)",
                      instance=sched_leader)
                moment += dt.timedelta(seconds=w.rng.randint(9, 20), milliseconds=w.rng.randint(0, 999))
        else:
            w.log(following + dt.timedelta(milliseconds=12), "xe-live-scheduler", "WARN",
                  f"reconcile aborted: ZooKeeper connection SUSPENDED ({w.rng.randint(120, 200)}/214 room nodes read)",
                  instance=sched_leader, logger="com.xueer.live.LeaderService")
    # 11:22: xe-zk-2 out; the last leader finishes its reconciliation and works off the backlog.
    w.log(w.at("11:22:10.402"), "xe-zk", "INFO", ZK_STOP, instance="ops-console", change="ops", trace=False,
          ticket="MT-20261207-004")
    w.log(w.at("11:22:10.913"), "xe-zk", "INFO", "shutdown of request processor complete", instance="xe-zk-2", trace=False)
    w.log(w.at("11:22:11.020"), "xe-zk", "WARN", f"******* GOODBYE /{ZK_IPS[2]}:40112 ********", instance="xe-zk-3",
          trace=False)
    assert sched_leader is not None
    w.log(w.at("11:22:52.118"), "xe-live-scheduler", "INFO",
          "reconcile done: 214 room nodes under /xe/live/rooms read in 124.7s; dispatcher started", instance=sched_leader,
          logger="com.xueer.live.LeaderService")
    moment = w.at("11:22:55.730")
    while moment < w.at("11:36:30"):
        wait = int((moment - w.at("10:45:30")).total_seconds()) - w.rng.randint(0, 900)
        w.log(moment, "xe-live-scheduler", "INFO",
              f"dispatched room {_room(w)} (course C{w.rng.randint(10200, 13900)}, teacher {_teacher(w)}) to "
              f"{w.rng.choice(MEDIA_NODES)}, waited {max(wait, 60)}s", instance=sched_leader)
        moment += dt.timedelta(seconds=w.rng.randint(3, 9), milliseconds=w.rng.randint(0, 999))
    # What the scheduler's watchdog and the classroom saw meanwhile; the ordinary ticks before and after.
    moment = w.at("10:44:10.517")
    while moment < w.at("11:40"):
        pending = round(interpolate(PENDING, moment))
        if w.at("10:46") <= moment < w.at("11:36"):
            oldest = int((moment - w.at("10:45:30")).total_seconds()) if moment < w.at("11:30") else w.rng.randint(60, 400)
            w.log(moment, "xe-live-scheduler", "WARN",
                  f"room watchdog: {pending} rooms pending dispatch, oldest waiting {oldest}s", instance=SCHED_PODS[1],
                  logger="com.xueer.live.RoomWatchdog")
        else:
            w.log(moment, "xe-live-scheduler", "INFO", f"dispatch tick: pending={pending} live={w.rng.randint(150, 260)} "
                  "media_nodes=39/40 (leader)", instance=SCHED_PODS[0] if moment < w.at("11:00") else sched_leader)
        moment += dt.timedelta(seconds=60, milliseconds=w.rng.randint(0, 999))
    classroom = ROLLOUTS["xe-live-classroom"][0][1]
    moment = w.at("10:46:05.093")
    while moment < w.at("11:38"):
        pod = w.rng.choice(classroom)
        roll = w.rng.random()
        waited = max(int((moment - w.at("10:45:30")).total_seconds()) - w.rng.randint(0, 600), 30)
        if moment < w.at("11:23"):
            if roll < 0.35:
                w.log(moment, "xe-live-classroom", "WARN", f"room {_room(w)} (teacher {_teacher(w)}) waiting for media node "
                      f"assignment for {waited}s", instance=pod)
            elif roll < 0.55:
                w.log(moment, "xe-live-classroom", "ERROR",
                      f"start class failed: room {_room(w)} teacher={_teacher(w)} error=ROOM_PENDING_DISPATCH (waited "
                      f"{waited}s), students waiting={w.rng.randint(20, 56)}", instance=pod)
            else:
                w.log(moment, "xe-live-classroom", "INFO", f"student {_student(w)} joined room {_room(w)} "
                      f"rtt={w.ms(18, 120)}ms", instance=pod)
        elif roll < 0.5:
            w.log(moment, "xe-live-classroom", "INFO",
                  f"room {_room(w)} class started teacher={_teacher(w)} students={w.rng.randint(28, 56)} "
                  f"media={w.rng.choice(MEDIA_NODES)} (delayed {waited}s)", instance=pod)
        else:
            w.log(moment, "xe-live-classroom", "INFO", f"student {_student(w)} joined room {_room(w)} "
                  f"rtt={w.ms(18, 120)}ms", instance=pod)
        moment += dt.timedelta(seconds=w.rng.randint(4, 14), milliseconds=w.rng.randint(0, 999))
    w.alert("ZookeeperFsyncSlow", "xe-zk", "warning", w.at("10:45"), w.at("11:23"), "5296ms",
            "xe-zk-2 事务日志 fsync p99 5296ms，超过阈值 1000ms", instance="xe-zk-2")
    w.alert("ZookeeperLeaderChangesFrequent", "xe-zk", "warning", w.at("10:56"), w.at("11:31"), "3",
            "ZooKeeper 集群 10 分钟内 leader 变更 3 次（阈值 2）", ensemble="xe-zk")
    w.alert("LiveRoomDispatchBacklog", "xe-live-scheduler", "critical", w.at("10:50"), w.at("11:34"), "31",
            "待分配媒体节点的直播教室 31 个，超过阈值 20", namespace=NS)
    w.alert("LiveClassStartFailuresHigh", "xe-live-classroom", "warning", w.at("10:52"), w.at("11:30"), "18.5%",
            "老师开课失败率 18.5%，超过阈值 10%", namespace=NS)
    w.alert("ZookeeperNodeDown", "xe-zk", "warning", w.at("11:24"), None, "0",
            f"xe-zk-2（{ZK_IPS[2]}:2181）不可达：集群 3 个节点中 2 个在线", instance="xe-zk-2")


# --- Healthy services' changes, the unrelated alert ---------------------------------------------------
def other_changes(w: WorldBuilder) -> None:
    w.log(w.at("07:35:10.226"), "xe-account-service", "INFO", ACCOUNT_DEPLOY,
          instance=ROLLOUTS["xe-account-service"][1][1][0], change="deploy")
    w.log(w.at("09:30:05.913"), "xe-vod-service", "INFO", VOD_CONFIG, instance=ROLLOUTS["xe-vod-service"][0][1][1],
          change="config")
    w.alert("RocketMQBrokerSlaveOffline", "xe-rocketmq", "warning", dt.datetime(2026, 12, 6, 21, 5, tzinfo=TZ), None,
            "0 slaves", MQ_SLAVE_SUMMARY, broker="broker-b")


#: Deployments that are what they look like at 12:30: (service, revision, changed, change cause, image tag)
STEADY = (
    ("xe-account-service", 52, "2026-12-07T07:35:10+08:00", "release xe-account-service 4.2.0 (pipeline #6120)", "4.2.0"),
    ("xe-course-catalog", 37, "2026-12-03T22:10:00+08:00", "release xe-course-catalog 5.8.2", "5.8.2"),
    ("xe-course-admin", 21, "2026-12-02T21:40:00+08:00", "release xe-course-admin 3.2.0", "3.2.0"),
    ("xe-homework-service", 44, "2026-12-07T08:50:20+08:00", "release xe-homework-service 2.17.0 (pipeline #6134)", "2.17.0"),
    ("xe-exam-service", 31, "2026-12-07T07:40:10+08:00", "release xe-exam-service 2.6.1 (pipeline #6122)", "2.6.1"),
    ("xe-live-scheduler", 18, "2026-12-07T10:12:05+08:00", "release xe-live-scheduler 3.1.2 (pipeline #6139)", "3.1.2"),
    ("xe-live-classroom", 27, "2026-11-28T22:30:00+08:00", "release xe-live-classroom 1.14.0", "1.14.0"),
    ("xe-vod-service", 16, "2026-11-30T21:55:00+08:00", "release xe-vod-service 2.3.5", "2.3.5"),
)


def steady_k8s(w: WorldBuilder) -> None:
    for service, revision, changed, cause, tag in STEADY:
        pods = ROLLOUTS[service][-1][1]
        for index, pod in enumerate(pods):
            w.pod(namespace=NS, name=pod, service=service, phase="Running", ready="1/1", restarts=0, last_termination=None,
                  waiting_reason=None, node=NODES[(index * 3 + len(service)) % len(NODES)], observed_at=REFERENCE)
        w.deployment(namespace=NS, name=service, service=service, replicas=len(pods), ready=len(pods), available=len(pods),
                     image=f"registry.xueer.internal/{service.removeprefix('xe-')}/{service}:{tag}", revision=revision,
                     changed_at=dt.datetime.fromisoformat(changed), change_cause=cause,
                     conditions=[condition("Available", "True", "MinimumReplicasAvailable",
                                           "Deployment has minimum availability."),
                                 condition("Progressing", "True", "NewReplicaSetAvailable",
                                           f'ReplicaSet "{pods[0].rsplit("-", 1)[0]}" has successfully progressed.')],
                     observed_at=REFERENCE)


# --- Metrics --------------------------------------------------------------------------------------
def build_metrics(w: WorldBuilder) -> None:
    at = w.at
    stampede = [(at("07:45"), at("08:30"))]
    w.series("http_5xx_rate", "xe-course-catalog", "%",
             [(START, 0.1), (at("07:57"), 0.1), (at("07:58"), 28.4), (at("08:00"), 41.7), (at("08:04"), 44.9),
              (at("08:06"), 36.0), (at("08:08"), 27.5), (at("08:10"), 12.2), (at("08:12"), 3.1), (at("08:13"), 0.4),
              (at("08:14"), 0.1), (REFERENCE, 0.1)], start=START, fine=stampede, spread=0.05, digits=1, threshold=5)
    w.series("http_p99_latency", "xe-course-catalog", "ms",
             [(START, 62), (at("07:57"), 70), (at("07:58"), 3010), (at("08:10"), 3005), (at("08:12"), 1400),
              (at("08:14"), 120), (at("08:16"), 64), (REFERENCE, 60)], start=START, fine=stampede, spread=8, digits=0,
             threshold=2000)
    w.series("redis_keyspace_hit_ratio", "xe-redis-course", "%", HIT_RATIO, start=START, fine=stampede, spread=0.3,
             digits=1, instance="xe-redis-course-01", db="db0")
    w.series("redis_db_keys", "xe-redis-course", "个",
             [(START, 1836420), (at("07:56"), 1842117), (at("07:57"), 2104), (at("08:04"), 9830), (at("08:08"), 31200),
              (at("08:15"), 402000), (at("09:00"), 1106000), (at("10:30"), 1611000), (REFERENCE, 1793000)],
             start=START, fine=stampede, digits=0, instance="xe-redis-course-01", db="db0")
    w.series("mysql_global_status_threads_running", "xe-mysql-course", "个", THREADS, start=START, fine=stampede,
             spread=3, digits=0, threshold=100, instance="xe-mysql-course-01")
    w.series("node_cpu_usage_percent", "xe-mysql-course", "%",
             [(START, 18.0), (at("07:56"), 24.0), (at("07:57"), 71.0), (at("07:58"), 97.2), (at("08:04"), 99.4),
              (at("08:05"), 88.0), (at("08:06"), 98.6), (at("08:10"), 63.0), (at("08:12"), 35.0), (at("08:15"), 26.0),
              (REFERENCE, 21.0)], start=START, fine=stampede, spread=0.3, digits=1, threshold=85,
             instance="xe-mysql-course-01")
    readonly = [(at("09:00"), at("10:20"))]
    w.series("homework_upload_failure_rate", "xe-homework-service", "%",
             [(START, 0.3), (at("09:12"), 0.3), (at("09:13"), 2.0), (at("09:14"), 68.9), (at("09:30"), 74.6),
              (at("10:06"), 71.8), (at("10:07"), 0.9), (at("10:08"), 0.3), (REFERENCE, 0.3)], start=START, fine=readonly,
             spread=0.2, digits=1, threshold=5)
    w.series("http_5xx_rate", "xe-homework-service", "%",
             [(START, 0.1), (at("09:12"), 0.1), (at("09:13"), 9.0), (at("09:14"), 38.2), (at("10:06"), 36.5),
              (at("10:07"), 0.4), (at("10:08"), 0.1), (REFERENCE, 0.1)], start=START, fine=readonly, spread=0.05, digits=1,
             threshold=5)
    exam = [(at("10:10"), at("11:00"))]
    w.series("ingress_4xx_ratio", "xe-ingress", "%",
             [(START, 0.4), (at("10:18"), 0.4), (at("10:19"), 68.4), (at("10:51"), 71.0), (at("10:52"), 1.2),
              (at("10:53"), 0.5), (REFERENCE, 0.4)], start=START, fine=exam, spread=0.3, digits=1, threshold=20,
             ingress="xe-exam-service", namespace=NS)
    w.series("exam_answer_saves_per_min", "xe-exam-service", "次/分钟",
             [(START, 40), (at("08:00"), 60), (at("09:55"), 80), (at("10:01"), 5200), (at("10:18"), 5400), (at("10:19"), 0),
              (at("10:51"), 0), (at("10:52"), 3100), (at("10:56"), 6800), (at("11:40"), 6200), (at("11:50"), 300),
              (REFERENCE, 50)], start=START, fine=exam, spread=30, digits=0)
    w.series("http_5xx_rate", "xe-exam-service", "%", [(START, 0.05), (REFERENCE, 0.05)], start=START, spread=0.03,
             digits=2, threshold=5)
    # The notify pods' working sets (MiB; limit 1024) and what the leaking map holds.
    grid: set[dt.datetime] = set()
    for index, pod in enumerate(NOTIFY_PODS):
        frames: list[tuple[dt.datetime, float]] = []
        first = notify_cycles(index)[0][0]
        moment = first.replace(second=0) + dt.timedelta(minutes=1)
        marks = {moment}
        while moment <= REFERENCE:
            marks.add(moment)
            moment += dt.timedelta(minutes=5 - moment.minute % 5)
        for _, kill in notify_cycles(index):
            if kill is not None:
                marks |= {kill.replace(second=0), kill.replace(second=0) + dt.timedelta(minutes=1)}
        for mark in sorted(marks):
            value = memory_at(index, mark)
            assert value is not None
            frames.append((mark, round(value, 1)))
        grid |= marks
        w.series("container_memory_working_set", "xe-notify-service", "MiB", frames, start=frames[0][0], coarse_minutes=5,
                 digits=1, namespace=NS, pod=pod, container="notify-server")
    entries = []
    for mark in sorted(grid):
        values = [memory_at(index, mark) for index in range(len(NOTIFY_PODS))]
        entries.append((mark, float(sum(int((v - BASE_MIB) * ENTRIES_PER_MIB) for v in values if v is not None))))
    w.series("notify_dedup_session_cache_entries", "xe-notify-service", "个", entries, start=entries[0][0],
             coarse_minutes=5, digits=0, namespace=NS)
    minutes = [at("09:30") + dt.timedelta(minutes=m) for m in range(int((REFERENCE - at("09:30")).total_seconds() // 60) + 1)]
    w.series("kube_pod_container_status_restarts_total", "xe-notify-service", "次",
             [(START, 0), *((m, notify_restarts_at(m)) for m in minutes)], start=START, fine=[(at("09:30"), REFERENCE)],
             digits=0, namespace=NS, container="notify-server")
    # ZooKeeper and the scheduler.
    zk = [(at("10:30"), at("11:45"))]
    w.series("zookeeper_fsync_time_p99", "xe-zk", "ms", FSYNC_P99, start=START, fine=zk, spread=40, digits=0,
             threshold=1000, instance="xe-zk-2")
    series = w.metrics[-1]
    series["points"] = [point for point in series["points"] if point[0] <= "2026-12-07T11:22:00+08:00"]  # stopped
    for node in ("xe-zk-1", "xe-zk-3"):
        w.series("zookeeper_fsync_time_p99", "xe-zk", "ms", [(START, 3.0), (REFERENCE, 4.0)], start=START, fine=zk,
                 spread=1.5, digits=0, threshold=1000, instance=node)
    w.series("live_rooms_pending_dispatch", "xe-live-scheduler", "个", PENDING, start=START,
             fine=[(at("10:35"), at("11:50"))], spread=1, digits=0, threshold=20)
    w.series("class_start_failure_rate", "xe-live-classroom", "%",
             [(START, 0.4), (at("10:46"), 0.4), (at("10:50"), 12.0), (at("10:55"), 18.5), (at("11:15"), 24.1),
              (at("11:22"), 26.0), (at("11:25"), 6.0), (at("11:30"), 1.0), (at("11:35"), 0.4), (REFERENCE, 0.4)],
             start=START, fine=[(at("10:35"), at("11:50"))], spread=0.3, digits=1, threshold=10)
    # The healthy ones.
    for service, p99, threshold in (("xe-account-service", 120, 1500), ("xe-vod-service", 150, 2000)):
        w.series("http_5xx_rate", service, "%", [(START, 0.05), (at("07:50"), 0.2), (at("08:10"), 0.1), (REFERENCE, 0.06)],
                 start=START, spread=0.03, digits=2, threshold=5)
        w.series("http_p99_latency", service, "ms", [(START, p99 - 40), (at("07:50"), p99 + 110), (at("08:10"), p99 + 20),
                                                      (REFERENCE, p99 - 20)], start=START, spread=12, digits=0,
                 threshold=threshold)


# --- Runbooks ----------------------------------------------------------------------------------
RUNBOOKS: list[tuple[str, str, str]] = [
    ("runbooks/cache-stampede.md", "缓存被清空后的回源风暴（缓存击穿）处理手册", runbook(
        "缓存被清空后的回源风暴（缓存击穿）处理手册",
        "适用于缓存命中率骤降、大量相同的查询同时回源数据库，数据库 threads_running / CPU 打满，应用查询超时"
        "（MySQLTimeoutException: Statement cancelled due to timeout、QueryTimeoutException）。",
        ["**RedisCacheHitRatioLow**：缓存命中率低于 80%。", "**MySQLThreadsRunningHigh**：threads_running 超过 100。",
         "**CourseApiErrorRateHigh**：课程接口错误率超过 5%。"],
        ["看 redis_db_keys / 命中率曲线：key 数是缓慢下降（过期、淘汰）还是一下子归零（FLUSHDB、FLUSHALL、主从切换后空实例）。",
         "查同一时间的操作记录：后台“刷新缓存”按钮、运维脚本、Redis 重启或切换；django-redis 的 cache.clear() 就是 FLUSHDB。",
         "在数据库的慢日志里看是不是同一条语句、同一批 id 被反复执行。"],
        ["缓存被整体清空（FLUSHDB / FLUSHALL，或没有持久化的实例重启），热点 key 同时失效。",
         "大量 key 设置了相同的过期时间，同一时刻集中过期。", "缓存加载没有互斥，每个请求都自己回源。"],
        ["先止血：对热点查询限流，必要时 pt-kill 掉堆积的同类查询，让数据库喘口气。",
         "打开加载互斥（JetCache penetrationProtect / single-flight），再跑预热任务把热点数据装回缓存。",
         "后台的刷新缓存改为按前缀删除（SCAN + UNLINK），线上 Redis 用 rename-command 禁用 FLUSHDB / FLUSHALL。",
         "过期时间加随机抖动。"])),
    ("runbooks/nfs-readonly.md", "NFS 共享存储写入报只读文件系统处理手册", runbook(
        "NFS 共享存储写入报只读文件系统处理手册",
        "适用于应用写 NFS 挂载目录时报 OSError: [Errno 30] Read-only file system / EROFS，而读取正常。",
        ["**HomeworkUploadFailureRateHigh**：作业上传失败率超过 5%。", "**HostDown**：NFS 服务器不可达。",
         "**DRBDPeerDisconnected**：DRBD 复制断开。"],
        ["确认 VIP 当前在哪台 NFS 服务器上（keepalived 日志 Entering MASTER STATE），最近有没有主备切换。",
         "在当前主上执行 `exportfs -v`，看导出选项是 rw 还是 ro；对比两台服务器的 /etc/exports。",
         "在服务端执行 `mount | grep export` 确认底层文件系统本身没有因错误被挂成只读（dmesg 里的 XFS / ext4 报错）。"],
        ["主备两台的导出配置不一致，切换后新主以 ro 导出（演练、迁移后没有恢复）。",
         "服务端文件系统出错后被内核重新挂载为只读。", "客户端以 ro 选项挂载。"],
        ["把新主的导出改回 rw 并 `exportfs -ra`，客户端无需重新挂载即可恢复写入。",
         "/etc/exports 纳入配置管理，两台服务器保持一致；切换脚本里校验导出选项。",
         "恢复后补跑失败的任务（缩略图等），提醒用户重新提交失败的上传。"])),
    ("runbooks/ingress-404.md", "Ingress 某个路径大面积 404 处理手册", runbook(
        "Ingress 某个路径大面积 404 处理手册",
        "适用于 ingress-nginx 上某一组路径突然全部返回 404，其他服务正常。",
        ["**IngressHigh4xxRate**：某个 Ingress 的 4xx 比例超过 20%。", "**ExamStartRateLow**：考试开考后进入率过低。"],
        ["看访问日志的 upstream 与 upstream_status：404 是 ingress 自己返回（default backend）还是后端返回的。",
         "看后端服务日志里收到的路径，和客户端请求的路径是否一致（前缀被去掉或改写）。",
         "`kubectl get ingress -o yaml`、`helm history` 对比最近的 path、pathType、rewrite-target 注解变更。"],
        ["Ingress 的 rewrite-target / path 正则变更，把路径前缀改写掉了，后端路由匹配不到。",
         "path 或 pathType 写错，请求落到 default backend。", "后端 Service 名称或端口配置错误。"],
        ["helm rollback 到上一个版本（或恢复原 path 与注解），ingress-nginx 会自动重载配置。",
         "路径改写类变更先在预发用真实路径回归，再上生产；避免在考试、上课高峰发布。"])),
    ("runbooks/container-memory-leak.md", "容器内存持续上涨直至 OOMKilled 处理手册", runbook(
        "容器内存持续上涨直至 OOMKilled 处理手册",
        "适用于 Pod 的 working set 随时间单调上涨，到达 limit 后被内核杀掉（OOMKilled，退出码 137），重启后又从低位开始上涨。",
        ["**ContainerOOMKilled**：容器因 OOMKilled 重启。"],
        ["看内存曲线开始上涨的时间，与发布记录对齐（泄漏往往在发布后数小时才打满）。",
         "抓 heap profile（Go: /debug/pprof/heap，Java: heap dump），找占用最多且持续增长的对象。",
         "看应用自身的缓存 / map 大小指标是否只增不减。"],
        ["新版本引入了没有上限、没有过期的缓存或 map（按会话、按用户、按请求累积）。",
         "goroutine / 线程泄漏。", "limit 设置低于正常峰值。"],
        ["回滚引入泄漏的版本；临时调大 limit 只能推迟 OOM。",
         "给缓存加容量上限与 TTL（LRU），会话结束时清理；Go 服务设置 GOMEMLIMIT 让 GC 更早回收。",
         "OOM 期间丢失的消息按消费位点重放。"])),
    ("runbooks/zookeeper-instability.md", "ZooKeeper 频繁选主与客户端会话过期处理手册", runbook(
        "ZooKeeper 频繁选主与客户端会话过期处理手册",
        "适用于 ZooKeeper 集群反复 LOOKING / 选主，客户端报 Client session timed out、session expired，"
        "Curator 连接状态 SUSPENDED / LOST，依赖 ZooKeeper 选主或加锁的服务失去领导权。",
        ["**ZookeeperFsyncSlow**：事务日志 fsync p99 超过 1s。",
         "**ZookeeperLeaderChangesFrequent**：10 分钟内 leader 变更超过 2 次。", "**ZookeeperNodeDown**：节点不可达。",
         "**LiveRoomDispatchBacklog**：待分配的直播教室超过 20 个。"],
        ["看各节点日志里的 fsync-ing the write ahead log … took Nms，找出磁盘慢的节点。",
         "核对该节点最近的变更：磁盘迁移（Storage vMotion）、数据盘更换、同机其他负载、网络变更。",
         "看选主日志（LEADING / FOLLOWING - LEADER ELECTION TOOK）出现的时间与间隔。"],
        ["某个节点的 dataLogDir 所在磁盘变慢（迁到机械盘、共享存储争用），同步快照时拖垮 leader，集群反复选主。",
         "节点间网络丢包或延迟。", "JVM 长时间 GC。", "快照过大、syncLimit 过小。"],
        ["先把有问题的节点停掉（三节点集群两节点仍可工作），集群会稳定下来。",
         "把 dataLogDir 放回独立的 SSD，确认 fsync 延迟正常后再加回集群。",
         "依赖方：会话超时不要设得过短；接手 leader 后的对账要能增量进行。"])),
    ("runbooks/rocketmq-slave-offline.md", "RocketMQ 从节点离线处理手册", runbook(
        "RocketMQ 从节点离线处理手册",
        "适用于 broker 的从节点离线，主节点以单副本运行。",
        ["**RocketMQBrokerSlaveOffline**：broker 没有在线的从节点。"],
        ["确认从节点宿主机状态与报修单。", "确认主节点磁盘与写入正常。"],
        ["宿主机硬件故障或维护。", "主从网络中断。"],
        ["宿主机修复后启动从节点，等待 HA 追平。", "单副本期间避免对该 broker 做变更。"])),
    ("runbooks/hikari-pool-exhausted.md", "应用数据库连接池耗尽处理手册", runbook(
        "应用数据库连接池耗尽处理手册",
        "适用于 HikariPool-1 - Connection is not available, request timed out，连接池 active 长时间等于上限而数据库本身空闲。",
        ["**DBConnectionPoolExhausted**：应用连接池 active 等于上限超过 1 分钟。"],
        ["看连接池 active / idle / waiting 指标。", "找出长时间占用连接的慢 SQL、长事务与未归还的连接。"],
        ["代码没有归还连接（连接泄漏）。", "长事务占用连接。"],
        ["开启 leakDetectionThreshold 找出未归还连接的代码位置。", "数据库空闲时可临时调大 maximumPoolSize。"])),
    ("runbooks/vod-cdn-origin.md", "点播 CDN 回源异常处理手册", runbook(
        "点播 CDN 回源异常处理手册",
        "适用于点播播放失败、CDN 回源 5xx 或回源带宽打满。",
        ["**VodCdnOrigin5xxHigh**：CDN 回源 5xx 比例超过 1%。", "**VodPlayFailureRateHigh**：播放失败率超过 2%。"],
        ["按 CDN 厂商统计回源状态码与带宽。", "确认源站对象存储与转码输出是否正常。"],
        ["CDN 厂商节点故障。", "源站带宽打满。"],
        ["在 CDN 调度中把流量切到备用厂商。", "对热门视频做预热，降低回源。"])),
    ("runbooks/live-push-stream.md", "直播推流断流处理手册", runbook(
        "直播推流断流处理手册",
        "适用于老师端推流中断、学生端黑屏卡顿，媒体节点上行码率掉零。",
        ["**LivePushStreamInterrupted**：推流中断超过 10 秒。"],
        ["看老师端上行网络与推流 SDK 日志。", "看媒体节点的入流码率与丢包。"],
        ["老师端网络抖动。", "媒体节点故障。"],
        ["让老师端切换备用推流域名或改用 4G 热点。", "把教室迁移到其他媒体节点。"])),
]


def build_bundle(seed: int = SEED) -> Json:
    w = WorldBuilder(seed=seed, day=DAY, tz=TZ, reference=REFERENCE, instances=INSTANCES,
                     labels={"env": "prod", "cluster": "xe-bj-prod"})
    for service, (make, every) in NOISE.items():
        quiet = [(w.at(a), w.at(b)) for a, b in QUIET.get(service, [])]
        w.noise(service, make, START, every_s=every, quiet=quiet)
    redis_saves(w)
    nfs_routine(w)
    catalog_stampede(w)
    homework_readonly(w)
    exam_ingress(w)
    notify_leak(w)
    zk_flapping(w)
    other_changes(w)
    notify_k8s(w)
    steady_k8s(w)
    build_metrics(w)
    documents = [{"title": title, "source": source, "content": content} for source, title, content in RUNBOOKS]
    return w.bundle(name="XueEr 学而在线 2026-12-07", services=SERVICES, documents=documents)


# --- Questions ---------------------------------------------------------------------------------
#: Each incident's signature and the word of its own cause: in another incident's answer, a misattribution.
FAMILY = {
    "stampede": ("FLUSHDB", "Statement cancelled due to timeout"),
    "nfs": ("Read-only file system", "exportfs"),
    "ingress": ("rewrite-target", "CHG-20261207-0031"),
    "leak": ("OOMKilled", "SessionCache"),
    "zk": ("fsync", "leadership lost"),
}
#: The remedies of the runbooks for problems that did not happen.
UNRELATED_REMEDIES = ("maximumPoolSize", "备用厂商", "备用推流")
FIRING = ("RocketMQBrokerSlaveOffline", "ContainerOOMKilled", "ZookeeperNodeDown")
INCIDENT_WORDS = tuple(word for words in FAMILY.values() for word in words)


def _not(*own: str) -> tuple[str, ...]:
    """The other incidents' words, plus the unrelated runbooks' remedies."""
    return tuple(word for family, words in FAMILY.items() if family not in own for word in words) + UNRELATED_REMEDIES


QUESTIONS: tuple[WorldQuestion, ...] = (
    WorldQuestion(
        "campus_catalog_timeout_cause",
        "早上快八点那会儿课程详情页全打不开，学生进不去课，课程服务日志里一堆查询超时，到底咋回事？", "cause",
        asked_facts=(fact("Statement cancelled due to timeout", "MySQLTimeoutException", "QueryTimeoutException", "查询超时",
                          "SQL 超时"),),
        cause_facts=(fact("FLUSHDB", "cache purge", "caches['course'].clear()", "缓存被清空", "清空了缓存", "缓存清空",
                          "清空缓存"),
                     fact("hit_ratio", "命中率", "hit rate", "cache=MISS", "缓存击穿", "回源")),
        forbidden=_not("stampede"), service="xe-course-catalog",
        diagnosis="07:56:31 教务后台 xe-course-admin 发布春季课程后点了“刷新课程缓存”，caches['course'].clear() 在 "
                  "xe-redis-course-01 db0 上执行 FLUSHDB（184 万个 key 全清，和课程服务共用）→ 命中率 97.8% → 3%，08:00 上课时"
                  "大量相同的课程详情查询同时回源 MySQL → threads_running 最高 486、CPU 99% → 查询超过 3s 被取消"
                  "（MySQLTimeoutException: Statement cancelled due to timeout）→ 500/504；08:05 pt-kill、08:07 打开 "
                  "penetrationProtect、08:08 手工预热，08:13 前后恢复。07:30 的分页配置推送与此无关",
    ),
    WorldQuestion(
        "campus_course_db_threads_quantity", "八点那阵课程库的 threads_running 最高冲到多少？", "quantity",
        asked_facts=(fact(str(THREADS_PEAK)),), forbidden=_not("stampede"), service="xe-mysql-course",
        peak=Peak("xe-mysql-course", "mysql_global_status_threads_running", THREADS_PEAK),
        diagnosis="mysql_global_status_threads_running 峰值 486（08:04）；MySQLThreadsRunningHigh 触发时的值 212 不是峰值",
    ),
    WorldQuestion(
        "campus_homework_upload_cause",
        "第二节课上课那会儿学生交作业一直失败，一传图片就报错，可翻以前交的作业又都能看，作业服务这是怎么了？", "cause",
        asked_facts=(fact("Read-only file system", "Errno 30", "EROFS", "只读文件系统", "只读"),),
        cause_facts=(fact("xe-nfs-02", "failover", "主备切换", "切换到备机", "VRRP", "MASTER STATE"),
                     fact("ro,sync", "/etc/exports", "exportfs", "MT-20261128-007", "只读导出", "导出为只读")),
        forbidden=_not("nfs"), service="xe-homework-service",
        diagnosis="09:12 NFS 主 xe-nfs-01 硬件死机（hard LOCKUP），keepalived 把 VIP 10.30.8.50 切到 xe-nfs-02，它按本机 "
                  "/etc/exports 以 ro 导出 /export/homework（11-28 容灾演练 MT-20261128-007 后没改回）→ 09:13:38 起作业服务与 "
                  "worker 写 /data/homework 全部 OSError: [Errno 30] Read-only file system，读旧作业正常；10:06 导出改回 rw 后恢复。"
                  "08:50 的 2.17.0 发布不是原因",
    ),
    WorldQuestion(
        "campus_homework_alert_existence", "作业服务今天上午有没有报过上传失败率的告警？", "existence",
        asked_facts=(fact("HomeworkUploadFailureRateHigh"),), forbidden=_not("nfs"), service="xe-homework-service",
        diagnosis="有：HomeworkUploadFailureRateHigh 09:15 触发（71.8%，阈值 5%），10:09 恢复",
    ),
    WorldQuestion(
        "campus_exam_404_cause", "十点半的物理周测学生都进不去，一点开始答题就 404，考试服务出什么问题了？", "cause",
        asked_facts=(fact("404"),),
        cause_facts=(fact("rewrite-target", "rewrite", "路径重写", "改写"),
                     fact("CHG-20261207-0031", "1.8.3 -> 1.9.0", "helm upgrade", "go-service 1.9.0")),
        forbidden=_not("ingress"), service="xe-exam-service",
        diagnosis="10:18:32 helm upgrade（chart go-service 1.8.3 -> 1.9.0，CHG-20261207-0031）把考试服务的 Ingress 改成 "
                  "/api/v2/exam(/|$)(.*) 加 rewrite-target: /$2 → 后端收到的是 /sessions/…、/exams/… 而不是 /api/v2/exam/… → "
                  "gin 全部 404（集群内 /internal 调用正常）；化学单元测交不上答案，物理周测 0/1286 进场；10:51 helm rollback 后恢复。"
                  "10:05 的切屏次数配置与此无关",
    ),
    WorldQuestion(
        "campus_exam_changes_listing", "考试服务十点到十一点之间都动过什么？发版、改配置、helm 这些都算上。", "listing",
        asked_facts=(fact("screen-switch-limit", "切屏"), fact("1.8.3 -> 1.9.0", "CHG-20261207-0031", "helm upgrade"),
                     fact("helm rollback", "rollback", "回滚")),
        forbidden=_not("ingress"), service="xe-exam-service",
        diagnosis="三次：10:05 anti-cheat.screen-switch-limit 5 -> 3（与故障无关）、10:18 helm upgrade go-service 1.8.3 -> 1.9.0"
                  "（Ingress 加 rewrite-target，CHG-20261207-0031）、10:51 helm rollback 到 revision 41；07:40 的 2.6.1 发布在时间范围之外",
    ),
    WorldQuestion(
        "campus_notify_restart_cause",
        "上午好多学生说没收到上课提醒，通知服务的 pod 隔一阵就重启一回，刚才又重启了一个，啥情况？", "cause",
        asked_facts=(fact("OOMKilled", "OOM", "内存超限", "内存溢出"),),
        cause_facts=(fact("3.4.0"), fact("SessionCache", "sessions_cached", "内存泄漏", "memory leak", "泄漏")),
        forbidden=_not("leak"), service="xe-notify-service",
        diagnosis="06:14 发布的 xe-notify-service 3.4.0 新增 dedup.SessionCache，按推送会话缓存且从不清理 → 断线重连不断新增会话，"
                  "内存一路上涨到 limit 1Gi → 09:42 起三个 Pod 轮流 OOMKilled（137），重启后约 55 分钟再打满，至 12:30 共 10 次，"
                  "最近一次 12:24:40；重启期间上课提醒延迟或丢弃。09:31 的 batch-size 配置推送不是原因，至今未回滚",
    ),
    WorldQuestion(
        "campus_notify_restarts_quantity", "消息通知那几个 pod 到现在累计重启了多少回？", "quantity",
        asked_facts=(fact(f"{NOTIFY_RESTARTS} 次", f"{NOTIFY_RESTARTS}次", f"{NOTIFY_RESTARTS} restarts",
                          f"restarts={NOTIFY_RESTARTS}"),),
        forbidden=_not("leak"), service="xe-notify-service",
        peak=Peak("xe-notify-service", "kube_pod_container_status_restarts_total", NOTIFY_RESTARTS),
        diagnosis=f"kube_pod_container_status_restarts_total 现在是 {NOTIFY_RESTARTS} 次，即 3 个 Pod 的 restarts 之和（4 + 3 + 3），"
                  "每次都是 OOMKilled",
    ),
    WorldQuestion(
        "campus_live_dispatch_cause",
        "十点四十几开始好多老师开不了直播课，教室一直显示分配中，排课调度那边咋了？", "cause",
        asked_facts=(fact("leadership lost", "session expired", "has expired", "SUSPENDED", "会话过期", "失去 leader",
                          "失去leader", "丢失 leader"),),
        cause_facts=(fact("fsync", "磁盘延迟", "写盘慢"),
                     fact("xe-zk-2", "Storage vMotion", "ds-sata-07", "MT-20261207-004")),
        forbidden=_not("zk"), service="xe-live-scheduler",
        diagnosis="10:44 Storage vMotion（MT-20261207-004）把 xe-zk-2 的 dataLogDir 数据盘从 SSD 迁到 SATA（ds-sata-07）→ fsync "
                  "一次 1–9s，每次它重新加入都拖垮 leader，ZooKeeper 10:46–11:20 选主 8 次 → 调度服务的 ZooKeeper 会话 "
                  "SUSPENDED / 过期，LeaderLatch 反复 leadership lost，对账做不完就又丢了，直播教室分配停摆（积压最高 143 个）；"
                  "11:22 停掉 xe-zk-2 后稳定，11:36 前积压清完。10:12 的 3.1.2 发布不是原因",
    ),
    WorldQuestion(
        "campus_live_backlog_quantity", "直播调度积压最多的时候有多少个教室在排队等分配？", "quantity",
        asked_facts=(fact(str(PENDING_PEAK)),), forbidden=_not("zk"), service="xe-live-scheduler",
        peak=Peak("xe-live-scheduler", "live_rooms_pending_dispatch", PENDING_PEAK),
        diagnosis="live_rooms_pending_dispatch 峰值 143 个（11:22，停掉 xe-zk-2 之前）；LiveRoomDispatchBacklog 触发时是 31",
    ),
    WorldQuestion(
        "campus_alert_listing", "现在还有哪些告警没恢复？帮我列一下。", "listing",
        asked_facts=tuple(fact(name) for name in FIRING), forbidden=("xe-account-service", "xe-vod-service"),
        diagnosis="3 条：RocketMQBrokerSlaveOffline（broker-b 从节点宿主机报修，昨晚 21:05 起，与今天的故障无关）、"
                  "ContainerOOMKilled（通知服务，09:43 起）、ZookeeperNodeDown（11:22 主动停掉的 xe-zk-2）；课程、作业、考试、"
                  "调度的告警都已恢复",
    ),
    WorldQuestion(
        "campus_account_healthy", "账号服务七点半刚发过版，它现在有没有告警或者异常？", "existence",
        asked_facts=(HEALTHY,), forbidden=INCIDENT_WORDS, service="xe-account-service", healthy=True,
        diagnosis="没有：只有登录、花名册同步之类的 INFO 与密码错误的 WARN，5xx 最高约 0.2%（阈值 5%），无告警；07:35 的 4.2.0 "
                  "发布与各故障无关",
    ),
    WorldQuestion(
        "campus_vod_healthy", "点播服务今天上午报过警没？九点半刚改过转码配置，心里有点没底。", "existence",
        asked_facts=(HEALTHY,), forbidden=INCIDENT_WORDS, service="xe-vod-service", healthy=True,
        diagnosis="没有告警；5xx 远低于阈值 5%，p99 远低于 2000ms，09:30 的 hls-720p 码率调整后播放正常",
    ),
)

WORLD = World(name=NAME, title="XueEr 学而在线（在线教育平台微服务）", build=build_bundle, questions=QUESTIONS)
