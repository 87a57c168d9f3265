"""World "recruit": 聘途网 PinTu Zhaopin, an online recruitment platform (``pt-*`` services: the App's API gateway, job posting
and moderation, resume upload and parsing with its OCR service, job search, recommendations, the employer–candidate IM 聊一聊,
video interviews, SMS and e-mail notices, paid employer memberships with enterprise verification, background checks with the
vendor 睿信背调 (RX), and the campus-recruiting applications 网申 on a Kubernetes cluster; the nodes outside it), seen from
Monday 2026-09-14 16:00 to the reference time Tuesday 2026-09-15 21:30 (+08:00): the first day of the 2027届 autumn campus
season, with an evening 宣讲会 (campus talk) streamed at 19:00. Nothing here was written for the offline agents; ten incidents of
families the other worlds do not have, in ordinary noise:

(1) 03:10           pt-job: the nightly ``wordlist-sync`` pulls the content-security vendor 安识's list v20260915, which puts
                    日结 / 日结工资 / 当天结算 into category 刷单诈骗 with action REVIEW → every part-time job mentioning 日结
    08:30–12:40     goes to MANUAL_REVIEW; nobody posts at night, the queue only grows once employers post in the morning:
                    ``job_moderation_queue_pending`` peaks 4862 at 10:52 (JobModerationBacklogHigh fired at 1520). 11:35
                    audit_lead_zhaoyan overrides the three words to TAG, the queue drains by 12:40. The 08:05 deploy 5.14.0 is
                    a decoy.
(2) 14:30           pt-job (a second incident, afternoon): the employers' Android App 7.12.0 goes to 20% gray with a new salary
                    input that sends 元 where the API takes thousands → ``SALARY_OUT_OF_RANGE`` on job posts from that client
    14:32–16:40     only; 16:40 the gray is paused and 7.12.1 forced.
(3) 07:05           pt-resume: pt-k8s-node-07 is re-imaged (INFRA-2291: kernel 5.10.134-17.al8) and rejoins; at 07:12 the
                    descheduler moves three pt-resume workers onto it. That kernel's VXLAN checksum offload on flannel.1
    07:13–14:20     corrupts the node's cross-node service traffic → the three workers' OCR calls to pt-ocr time out and
                    scanned resumes end PARSE_FAILED; Word/text resumes (no OCR) parse fine there, the five other workers are
                    fine, pt-ocr itself sees only fewer requests. ``resume_parse_failure_ratio`` peaks 34.6% at 10:18
                    (ResumeParseFailureHigh fired at 12.6%). 14:20 ``ethtool -K flannel.1 tx-checksum-ip-generic off``. The
                    09:30 ``resume.parse.max-pages`` config is a decoy.
(4) 18:40 (eve)     pt-recommend: ml_ops_lina promotes two-tower model job2vec v12 in the registry; the 02:00 item-embedding
    02:00           export takes "latest promoted" → the ANN index is reloaded at 02:06 with job2vec-v12 item vectors while the
    02:06–13:10     service's query tower is still job2vec-v11 → nonsense recall, CTR 8.6% → about 2%; nothing errors.
                    RecommendCtrLow 08:20–13:30. 13:10 re-export pinned to v11. The 22:40 (eve) deploy 3.8.1 is a decoy.
(5) 17:20           pt-im: im_dev_gaoyang cuts ``im.offline.stream.maxlen`` 1000000 → 100000 (OPS-7781, Redis memory) → in the
    19:10–21:05     宣讲会 evening the employers' greetings fill the offline streams in minutes; candidates offline longer than the
                    stream's span reconnect to ``trimmed before delivery`` gaps — messages lost. 21:05 maxlen back, 21:18
                    replay from the Kafka archive. The 16:40 deploy 2.31.0 is a decoy.
(6) 10:40           pt-interview ← pt-notify: deploy 4.6.0 upgrades ics-kit 1.4 → 2.0.1, which writes the invite's local clock
                    with a ``Z`` (``DTSTART:20260915T150000Z``) → candidates' calendars show the interview 8 hours late →
    14:00–18:30     afternoon NO_SHOW ratio up to about 44% (InterviewNoShowHigh). 18:30 deploy 4.6.1 (TZID=Asia/Shanghai)
                    and the affected invites are re-sent. The 13:20 room-duration config of pt-interview is a decoy.
(7) 09:00           pt-member ← the business-registry vendor 企信通 (QXT): with no notice its ``regStatus`` turns from 存续 into
                    the registry's full wording '存续（在营、开业、在册）' → the enterprise verification before a first membership
    09:00–12:15     order answers ENTERPRISE_STATUS_ABNORMAL. 12:15 ``member.verify.active-status`` prefix match. The 08:50
                    autumn coupon config is a decoy.
(8) 09:30           pt-bgcheck: legal_ops_songyu publishes the new consent template AUTH-TPL-v3 without the candidate's ID number
    09:35 → now     → 睿信背调 rejects every new order AUTH_DOC_INCOMPLETE; still firing (vendor ticket RX-55120). The 15:00
                    callback-timeout config is a decoy.
(9) 13:50           pt-notify: notify_ops_liqing fills SMS_INTERVIEW_V3's ``company`` with ``company.registered_name`` → 云信
    13:50 → now     refuses every company name over 20 characters (isv.PARAM_LENGTH_LIMIT); still firing. The 16:20
                    ``mail.smtp.pool-size`` config is a decoy.
(10) 16:20 (eve)    pt-campus: campus_ops_hejing creates the 2027届 project CP-2027-AUTUMN by copying CP-2026-AUTUMN, keeping
    10:00–10:48     ``graduate_years [2026]`` → when 网申 opens at 10:00 every 2027届 student is rejected APPLY_REJECTED;
                    ``campus_apply_rejected_per_min`` peaks 1873 at 10:03 (CampusApplyRejectsHigh fired at 420). 10:48 the
                    years are fixed and the rejected applications restored. The 09:40 deploy 3.2.0 is a decoy.

Healthy: pt-search (the 11:00 synonyms config is a decoy) and pt-ocr (its request rate dips while node-07's workers cannot
reach it) — INFO/WARN noise only, under their thresholds, no alert. A concurrent unrelated incident: 12:05–12:20 the cloud's
object storage is slow for pt-interview's recording uploads (RecordingUploadSlow). Still firing at 21:30:
BgcheckOrderRejectsHigh, SmsSendFailuresHigh and SslCertificateExpiringSoon (api-campus.pintu-zp.com in 12 days, unrelated).
Kubernetes: the deployments and their pods with their nodes, the events of the last hour (pt-im's HPA). Run
``python -m evaluation.worlds recruit`` to print the bundle.
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
    pod_names,
    runbook,
)
from evaluation.worlds.spec import HEALTHY, Peak, World, WorldQuestion, fact

NAME = "recruit"
SEED = 20260915
TZ = dt.timezone(dt.timedelta(hours=8))
DAY = dt.date(2026, 9, 15)
EVE = dt.date(2026, 9, 14)
START = dt.datetime(2026, 9, 14, 16, 0, tzinfo=TZ)
REFERENCE = dt.datetime(2026, 9, 15, 21, 30, tzinfo=TZ)
NS = "pintu-prod"

_t = functools.partial(clock_on, DAY, TZ)  # a clock on the world's day, for module-level constants
_y = functools.partial(clock_on, EVE, TZ)  # a clock on the evening before

# --- The lines the questions are about (the tests find each one in the bundle) ----------------
# (1) the vendor's nightly word list puts 日结 under 刷单诈骗
WORDLIST_OLD, WORDLIST_NEW = "v20260908", "v20260915"
WORDLIST_SYNC = ("wordlist-sync: pulled 安识内容安全 word list v20260915 (was v20260908): +214 words, -9 words; category 刷单诈骗 "
                 "now includes '日结', '日结工资', '当天结算' (action REVIEW)")
MOD_REVIEW = ("job {job} '{title}' by employer {emp} -> MANUAL_REVIEW: hit word '日结' (list v20260915, category 刷单诈骗), "
              "queued for reviewers")
MOD_PASS = "job {job} '{title}' by employer {emp} -> AUTO_PASS (list {ver}) took={ms}ms"
MOD_TAGGED = "job {job} '{title}' by employer {emp} -> AUTO_PASS tagged 日结 (list v20260915 + override AUD-3321) took={ms}ms"
QUEUE_STATS = "moderation queue: {pending} pending, reviewers online {r}, oldest item {age} min"
MOD_FIX = ("word list override by audit_lead_zhaoyan (ticket AUD-3321): '日结', '日结工资', '当天结算' category 刷单诈骗 action "
           "REVIEW -> TAG (招聘场景白名单); re-evaluating pending items")
MOD_DRAINED = "re-evaluated {n} pending items under override AUD-3321: {k} auto-passed, {m} left for reviewers"
JOB_DEPLOY = ("deploy finished: pt-job 5.14.0 (was 5.13.2) rolled out by ci-bot pipeline=#7702; changes: 工作地点支持多选, "
              "职位模板字段排序")
PART_TIME_TITLES = ("周末兼职理货员（日结）", "餐厅服务员 日结工资", "展会兼职礼仪 当天结算", "快递分拣 日结 夜班", "活动执行兼职（日结）",
                    "超市促销员 日结")
QUEUE_PEAK = 4862
QUEUE_ALERT_VALUE = "1520 条"

# (2) the employers' Android App sends the salary in 元 where the API takes thousands
APP_GRAY = ("mobile release: 招聘方 App Android 7.12.0 gray 20% by app_release_bot (MR-0915-03; changes: 薪资输入组件改版, "
            "职位预览)")
SALARY_REJECT = ("POST /api/job/v2/jobs 422 rejected SALARY_OUT_OF_RANGE: salary {lo}-{hi}K·{m}薪 exceeds 200K (client "
                 "zhaopin-android/7.12.0, employer {emp})")
APP_PAUSE = ("mobile release: 招聘方 App Android 7.12.0 gray paused by app_release_bot (MR-0915-03: 薪资单位 元/千元 错位); "
             "7.12.1 forced for installed clients")

# (3) a re-imaged node whose VXLAN checksum offload breaks its pods' cross-node service traffic
BAD_NODE = "pt-k8s-node-07"
NODE_REIMAGE = ("node pt-k8s-node-07 re-imaged by infra_ops_tangkai (ticket INFRA-2291): image alinux3-k8s-2026.08, kernel "
                "5.10.134-17.al8.x86_64, containerd 1.7.20; node Ready, uncordoned")
FLANNEL_UP = "flanneld[2211]: VXLAN device flannel.1 created on pt-k8s-node-07 (vni 1, mtu 1450, backend vxlan)"
DESCHEDULE = ("descheduler: LowNodeUtilization evicted 3 pods of deployment pt-resume from pt-k8s-node-02, pt-k8s-node-04 "
              "(utilization above 70%); underutilized nodes: pt-k8s-node-07")
OCR_TIMEOUT = ("parse {rid}: OCR call POST http://pt-ocr.pintu-prod.svc:8080/v1/ocr/pdf failed: connect timed out after 3000ms "
               "(attempt 3/3), resume marked PARSE_FAILED")
PARSE_OCR_OK = "parse {rid}: scanned {kind}, {pages} pages, OCR {ms}ms, fields extracted {n}/42, status PARSED"
PARSE_TEXT_OK = "parse {rid}: {kind} text layer, {pages} pages, no OCR needed, fields extracted {n}/42, status PARSED"
ETHTOOL_FIX = ("infra_ops_tangkai: ethtool -K flannel.1 tx-checksum-ip-generic off on pt-k8s-node-07 (VXLAN checksum offload "
               "bug in kernel 5.10.134-17, ticket INFRA-2297); persisted via node-init")
RESUME_MAXPAGES = ("[nacos] config changed: dataId=pt-resume.yaml group=RESUME key=resume.parse.max-pages old=10 new=20 "
                   "operator=resume_dev_kongwei md5=3b9e7a21c0d4")
PARSE_FAIL_PEAK = 34.6
PARSE_FAIL_ALERT_VALUE = "12.6%"

# (4) item embeddings from job2vec v12 under a query tower still on v11
MODEL_PROMOTE = ("model registry: job2vec-v12 promoted to production by ml_ops_lina (offline recall@50 0.412 vs job2vec-v11 "
                 "0.398); online query tower upgrade scheduled with pt-recommend 3.9.0 (REC-880)")
EMB_EXPORT = ("item-embedding-export: exported 1,842,310 job embeddings from job2vec-v12 (latest promoted) to "
              "oss://pt-ml/emb/job/20260915/, dim 128")
INDEX_RELOAD = ("ANN index reloaded from oss://pt-ml/emb/job/{day}/: item tower {item}, {n:,} vectors; query tower in service: "
                "job2vec-v11")
RECALL_WARN = ("recall quality: mean top-50 cosine {c:.2f} (7-day baseline 0.61), {k} of last 1000 requests fell back to the "
               "hot-jobs list")
REC_FIX = ("rec_dev_chenyu: re-ran item-embedding-export --model-version job2vec-v11 and reloaded the ANN index (REC-884); "
           "job2vec-v12 waits for the 3.9.0 query tower")
REC_DEPLOY = ("deploy finished: pt-recommend 3.8.1 (was 3.8.0) rolled out by ci-bot pipeline=#7688; changes: 召回渠道权重, "
              "校招职位加权")
CTR_ALERT_VALUE = "3.4%"

# (5) the IM offline streams cut to 100000 entries
IM_MAXLEN = ("[nacos] config changed: dataId=pt-im.yaml group=IM key=im.offline.stream.maxlen old=1000000 new=100000 "
             "operator=im_dev_gaoyang md5=6e1d0b9f3a72 (OPS-7781 Redis 内存优化)")
IM_MAXLEN_FIX = ("[nacos] config changed: dataId=pt-im.yaml group=IM key=im.offline.stream.maxlen old=100000 new=1000000 "
                 "operator=im_dev_gaoyang md5=a04c8e2d71b5")
STREAM_STATS = "offline stream im:offline:{{shard{n}}}: XADD MAXLEN ~ {cap}, length {length}, oldest entry age {age} min"
SYNC_GAP = ("sync for user {uid} (offline {off} min): last_ack {ack} older than stream first entry {first}, {lost} messages "
            "trimmed before delivery")
IM_REPLAY = "replayed {n} trimmed messages for {u} users from Kafka topic im-archive (19:00-21:05)"
IM_DEPLOY = ("deploy finished: pt-im 2.31.0 (was 2.30.4) rolled out by ci-bot pipeline=#7731; changes: 已读回执样式, "
             "表情包面板")

# (6) the invites' calendar files with the local clock marked UTC
NOTIFY_DEPLOY = ("deploy finished: pt-notify 4.6.0 (was 4.5.3) rolled out by ci-bot pipeline=#7712; changes: 邮件模板引擎升级, "
                 "ics-kit 1.4.2 -> 2.0.1")
NOTIFY_HOTFIX = ("deploy finished: pt-notify 4.6.1 (was 4.6.0) rolled out by ci-bot pipeline=#7740; changes: 面试邀请 ics 的 "
                 "DTSTART/DTEND 带 TZID=Asia/Shanghai（不再写 Z）")
INVITE = ("interview invite {iv} sent to candidate {cand} by email (ics {dtstart}, ics-kit {kit}) for {start:%m-%d %H:%M} "
          "with {company}")
INVITE_RESENT = "re-sent {n} interview invites first sent since 10:40 with corrected ics (TZID=Asia/Shanghai)"
JOINED = "room {iv} ({pos}): candidate joined at {at:%H:%M:%S}, interview started with {hr}"
NO_SHOW = "room {iv} ({pos}): candidate not joined 15 min after start {start:%H:%M}, marked NO_SHOW ({hr} waited)"
INTERVIEW_ROOM = ("[nacos] config changed: dataId=pt-interview.yaml group=INTERVIEW key=interview.room.max-duration-min old=60 "
                  "new=90 operator=interview_dev_sunli md5=c7f13a9e4b20")

# (7) the business-registry vendor's new regStatus wording
STATUS_OLD, STATUS_NEW = "存续", "存续（在营、开业、在册）"
VERIFY_OK = ("enterprise verify {ent} '{name}' via 企信通 QXT /v3/company/basic: regStatus '{st}', ok; first membership order "
             "{order} created ({plan})")
VERIFY_FAIL = ("enterprise verify {ent} '{name}' via 企信通 QXT /v3/company/basic: regStatus '存续（在营、开业、在册）' not in "
               "member.verify.active-status [存续, 在业] -> ENTERPRISE_STATUS_ABNORMAL; order {order} blocked")
MEMBER_FIX = ("[nacos] config changed: dataId=pt-member.yaml group=MEMBER key=member.verify.active-status old=[存续, 在业] "
              "new=[存续*, 在业*, 开业*] operator=member_dev_yuting md5=0f5b2c8d9e13")
MEMBER_COUPON = ("[nacos] config changed: dataId=pt-member.yaml group=MEMBER key=member.coupon.autumn-2026.enabled old=false "
                 "new=true operator=member_ops_qianyi md5=94d7e0a3b1c6")

# (8) the consent template without the candidate's ID number
CONSENT_PUBLISH = ("consent template AUTH-TPL-v3 (个人信息授权书 2026 版) published by legal_ops_songyu, replaces AUTH-TPL-v2; "
                   "fields: name, company, check_items, signed_at")
BG_REJECT = ("order {bg} to 睿信背调 RX rejected: AUTH_DOC_INCOMPLETE 授权书缺少被调查人证件号码 (template AUTH-TPL-v3, "
             "candidate {cand})")
BG_OK = ("order {bg} accepted by 睿信背调 RX: report ETA {d} working days (template AUTH-TPL-v2, candidate {cand})")
BG_TIMEOUT = ("[nacos] config changed: dataId=pt-bgcheck.yaml group=BG key=bgcheck.rx.callback-timeout old=5s new=10s "
              "operator=bgcheck_dev_renjie md5=2a6f9c0e7d31")

# (9) the interview SMS filled with the company's registered name
SMS_TEMPLATE = ("[nacos] config changed: dataId=pt-notify.yaml group=NOTIFY key=sms.template.SMS_INTERVIEW_V3.company "
                "old=company.short_name new=company.registered_name operator=notify_ops_liqing md5=5c0a7e91d2f8 "
                "(法务要求短信使用企业全称)")
SMS_OK = "sms SMS_INTERVIEW_V3 to {phone}: 云信 SendSms OK BizId {biz} (company '{company}')"
SMS_FAIL = ("sms SMS_INTERVIEW_V3 to {phone}: 云信 SendSms failed isv.PARAM_LENGTH_LIMIT 参数超出长度限制 (variable company, "
            "{n} chars > 20)")
MAIL_POOL = ("[nacos] config changed: dataId=pt-notify.yaml group=NOTIFY key=mail.smtp.pool-size old=20 new=40 "
             "operator=notify_ops_liqing md5=e8b3d1f0a547")
SMS_VAR_LIMIT = 20

# (10) the 2027 campus project copied from last year's
CAMPUS_CLONE = ("campus project CP-2027-AUTUMN '2027届秋季校园招聘' created by campus_ops_hejing (copied from CP-2026-AUTUMN): "
                "apply window 2026-09-15 10:00 - 2026-10-31 23:59, graduate_years [2026], degrees [本科, 硕士, 博士]")
APPLY_REJECT = ("apply {app} to CP-2027-AUTUMN position {pos} rejected APPLY_REJECTED: graduate_year 2027 不在项目要求 [2026] 内 "
                "(student {sid}, {school})")
APPLY_OK = "apply {app} to {proj} position {pos} submitted (student {sid}, {school}, graduate_year {y})"
CAMPUS_FIX = ("campus project CP-2027-AUTUMN updated by campus_ops_hejing: graduate_years [2026] -> [2027]; rejected "
              "applications since 10:00 restored to 待提交 and students notified")
CAMPUS_DEPLOY = ("deploy finished: pt-campus 3.2.0 (was 3.1.4) rolled out by ci-bot pipeline=#7709; changes: 宣讲会日程页, "
                 "网申进度提醒")
APPLY_PEAK = 1873
APPLY_ALERT_VALUE = "420 份/分钟"

# Healthy services' changes and the unrelated ones
SEARCH_SYNONYMS = ("[nacos] config changed: dataId=pt-search.yaml group=SEARCH key=search.synonyms.version old=20260901 "
                   "new=20260915 (管培生, 储备干部, 校招) operator=search_dev_hanxue md5=7d20c4e9b1a3")
CERT_HOST = "api-campus.pintu-zp.com"

# --- Pods, nodes ---------------------------------------------------------------------------------
RESUME_ALL = pod_names("pt-resume", "4.2.0", 11)
RESUME_START = RESUME_ALL[0:8]
#: The three workers the descheduler moved at 07:12 (their replacements land on node-07).
RESUME_EVICTED = RESUME_ALL[5:8]
RESUME_MOVED = RESUME_ALL[8:11]
RESUME_NOW = RESUME_ALL[0:5] + RESUME_MOVED
IM_PODS_OLD = pod_names("pt-im", "2.30.4", 4)
IM_PODS = pod_names("pt-im", "2.31.0", 6)
REC_PODS = pod_names("pt-recommend", "3.8.1", 3)

ROLLOUTS: dict[str, list[tuple[dt.datetime, tuple[str, ...]]]] = {
    "pt-gateway": [(START, pod_names("pt-gateway", "3.18.2", 3))],
    "pt-job": [(START, pod_names("pt-job", "5.13.2", 4)), (_t("08:06:00"), pod_names("pt-job", "5.14.0", 4))],
    "pt-resume": [(START, RESUME_START), (_t("07:12:30"), RESUME_NOW)],
    "pt-ocr": [(START, pod_names("pt-ocr", "2.9.1", 4))],
    "pt-search": [(START, pod_names("pt-search", "6.3.0", 3))],
    "pt-recommend": [(START, pod_names("pt-recommend", "3.8.0", 3)), (_y("22:41:00"), REC_PODS)],
    "pt-im": [(START, IM_PODS_OLD), (_t("16:41:00"), IM_PODS[0:4]), (_t("19:05:30"), IM_PODS)],
    "pt-interview": [(START, pod_names("pt-interview", "5.2.0", 3))],
    "pt-notify": [(START, pod_names("pt-notify", "4.5.3", 3)), (_t("10:41:00"), pod_names("pt-notify", "4.6.0", 3)),
                  (_t("18:31:00"), pod_names("pt-notify", "4.6.1", 3))],
    "pt-member": [(START, pod_names("pt-member", "2.14.1", 2))],
    "pt-bgcheck": [(START, pod_names("pt-bgcheck", "1.9.0", 2))],
    "pt-campus": [(START, pod_names("pt-campus", "3.1.4", 3)), (_t("09:41:00"), pod_names("pt-campus", "3.2.0", 3))],
}
NODES = [f"pt-k8s-node-{n:02d}" for n in range(1, 11)]
GENERAL_NODES = [node for node in NODES if node != BAD_NODE]
INSTANCES: dict[str, list[str]] = {service: list(steps[-1][1]) for service, steps in ROLLOUTS.items()} | {
    "pt-k8s-node": NODES}


def node_of(pod: str) -> str:
    """The node a pod runs on: the three moved resume workers on node-07, every other pod on the other nine."""
    if pod in RESUME_MOVED:
        return BAD_NODE
    return GENERAL_NODES[int(hashlib.sha256(pod.encode()).hexdigest(), 16) % len(GENERAL_NODES)]


SERVICES: list[Json] = [
    {"name": "pt-gateway", "aliases": ["网关", "API 网关", "App 接口", "接口网关"],
     "description": "聘途网 App（求职者端、招聘方端）与网站的 API 网关（3 个副本）。"},
    {"name": "pt-job", "aliases": ["职位", "职位发布", "发职位", "职位审核", "审核", "内容审核"],
     "description": "职位发布与审核（Java，4 个副本）：招聘方发布职位，按内容安全词库（供应商 安识，每晚 03:10 由 wordlist-sync "
                    "同步）自动审核，命中 REVIEW 类词的进入人工审核队列。"},
    {"name": "pt-resume", "aliases": ["简历", "简历上传", "简历解析", "附件简历", "解析"],
     "description": "简历上传与解析（8 个 worker）：PDF、Word、图片简历抽取字段；扫描件与图片经 ClusterIP 服务 pt-ocr 做 OCR。"},
    {"name": "pt-ocr", "aliases": ["OCR", "文字识别", "OCR 服务"],
     "description": "OCR 服务（GPU 推理，4 个副本）：给简历解析识别扫描件与图片中的文字。"},
    {"name": "pt-search", "aliases": ["搜索", "职位搜索", "搜职位"],
     "description": "职位搜索（Elasticsearch，3 个副本）：关键词、城市、薪资筛选。"},
    {"name": "pt-recommend", "aliases": ["推荐", "职位推荐", "推荐流", "猜你喜欢", "双塔"],
     "description": "职位推荐（3 个副本）：双塔模型 job2vec，用户侧 query tower 随服务发布，职位侧向量每晚 02:00 由 "
                    "item-embedding-export 导出后载入 ANN 索引。"},
    {"name": "pt-im", "aliases": ["聊一聊", "IM", "消息", "沟通", "招呼"],
     "description": "招聘方与求职者的即时消息（WebSocket，4–8 个副本，HPA）：离线消息写入 Redis Stream（im:offline:*），用户"
                    "上线后按 last_ack 补拉；所有消息另存 Kafka im-archive。"},
    {"name": "pt-interview", "aliases": ["视频面试", "面试", "面试间", "面试房间"],
     "description": "视频面试（3 个副本）：面试房间、入会、录制；邀请由 pt-notify 以邮件（附 .ics 日历）和短信发给候选人。"},
    {"name": "pt-notify", "aliases": ["通知", "短信", "邮件", "消息通知", "通知服务"],
     "description": "短信与邮件通知（3 个副本）：短信经 云信 SendSms（模板变量有长度限制），邮件经 SMTP；面试邀请邮件带 ics-kit "
                    "生成的 .ics。"},
    {"name": "pt-member", "aliases": ["会员", "企业会员", "VIP", "付费", "企业认证"],
     "description": "招聘方付费会员（2 个副本）：首次购买前经 企信通 QXT 工商接口做企业认证（经营状态须在 "
                    "member.verify.active-status 内）。"},
    {"name": "pt-bgcheck", "aliases": ["背调", "背景调查", "背调订单"],
     "description": "背景调查（2 个副本）：招聘方下单后连同候选人签署的授权书发给供应商 睿信背调 RX。"},
    {"name": "pt-campus", "aliases": ["校招", "网申", "校园招聘", "秋招"],
     "description": "校园招聘与网申（3 个副本）：校招项目（届别、学历、网申时间）与学生的网申提交。"},
    {"name": "pt-k8s-node", "aliases": ["K8s 节点", "节点", "工作节点"],
     "description": "集群 pt-prod 的工作节点 pt-k8s-node-01..10（flannel VXLAN 网络）。"},
]

WINDOWS = {
    "wordlist": (_t("03:10:05"), _t("11:35:20")),
    "salary": (_t("14:32"), _t("16:40:10")),
    "vxlan": (_t("07:13"), _t("14:20:10")),
    "embedding": (_t("02:06"), _t("13:10:40")),
    "maxlen": (_t("19:10"), _t("21:05:20")),
    "ics": (_t("10:40:10"), _t("18:30:10")),
    "regstatus": (_t("09:00"), _t("12:15:10")),
    "consent": (_t("09:30:10"), REFERENCE),
    "sms": (_t("13:50:10"), REFERENCE),
    "campus": (_t("10:00"), _t("10:48:20")),
}


def _inside(window: str, t: dt.datetime) -> bool:
    a, b = WINDOWS[window]
    return a <= t < b


def _day(t: dt.datetime) -> bool:
    """Working hours, on either day."""
    return dt.time(7, 30) <= t.timetz().replace(tzinfo=None) < dt.time(22, 0)


# --- Business vocabulary -------------------------------------------------------------------------
Line = tuple[str, str, dict[str, Any]]
CITIES = ("上海", "北京", "深圳", "杭州", "成都", "武汉", "南京", "广州")
JOB_TITLES = ("Java 开发工程师", "产品经理", "销售代表", "会计", "UI 设计师", "数据分析师", "客服专员", "行政助理", "测试工程师",
              "运营专员")
#: (short name, registered name): the registered names of four are longer than the SMS variable's 20 characters.
COMPANIES = (("腾飞云智", "深圳市腾飞云智人力资源科技服务有限公司上海第二分公司"), ("青禾数字", "杭州青禾数字科技有限公司"),
             ("星河启明", "北京星河启明教育科技集团股份有限公司北京市海淀区第三分公司"),
             ("澜图智造", "上海澜图智能制造装备股份有限公司苏州工业园区研发中心分公司"), ("蓉信外包", "成都蓉信金融外包服务有限公司"),
             ("粤海通", "广州市粤海通国际物流供应链管理有限公司南沙自贸区分公司"), ("紫金软件", "南京紫金软件技术有限公司"),
             ("芯原半导体", "武汉光谷芯原半导体有限公司"))
SCHOOLS = ("复旦大学", "浙江大学", "武汉大学", "华中科技大学", "南京大学", "四川大学", "中山大学", "西安交通大学")
HRS = ("hr_zhangmin", "hr_liuyang", "hr_chenjing", "hr_wanglei", "hr_zhoutong")
SEARCH_TERMS = ("Java", "产品经理", "管培生", "会计", "销售", "数据分析", "兼职", "实习")


def _job(w: WorldBuilder) -> str:
    return f"J{w.rng.randint(10**7, 10**8 - 1)}"


def _emp(w: WorldBuilder) -> str:
    return f"E{w.rng.randint(100000, 999999)}"


def _uid(w: WorldBuilder) -> str:
    return f"U{w.rng.randint(10**7, 10**8 - 1)}"


def _rid(w: WorldBuilder) -> str:
    return f"R{w.rng.randint(10**8, 10**9 - 1)}"


def _phone(w: WorldBuilder) -> str:
    return f"1{w.rng.choice('3578')}{w.rng.randint(0, 9)}****{w.rng.randint(1000, 9999)}"


def _pod(w: WorldBuilder, service: str, t: dt.datetime) -> str:
    pods = ROLLOUTS[service][0][1]
    for moment, step in ROLLOUTS[service]:
        if moment <= t:
            pods = step
    return w.rng.choice(pods)


# --- Noise: every service's ordinary day ----------------------------------------------------------
def _gateway(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "pt-gateway", t)
    roll = w.rng.random()
    if roll < 0.3:
        return "INFO", f"GET /api/search/v3/jobs?city={w.rng.choice(CITIES)} 200 took={w.ms(20, 120)}ms upstream pt-search", {
            "instance": pod, "log_type": "access"}
    if roll < 0.5:
        return "INFO", f"GET /api/recommend/v2/feed 200 took={w.ms(15, 90)}ms upstream pt-recommend", {
            "instance": pod, "log_type": "access"}
    if roll < 0.7:
        return "INFO", f"GET /api/im/v1/conversations 200 took={w.ms(8, 60)}ms upstream pt-im", {"instance": pod,
                                                                                             "log_type": "access"}
    if roll < 0.9:
        return "INFO", f"POST /api/resume/v1/upload 202 took={w.ms(40, 260)}ms upstream pt-resume", {
            "instance": pod, "log_type": "access"}
    return "WARN", (f"limit: client {w.rng.randint(10, 250)}.{w.rng.randint(0, 255)}.x.x over 30 req/s on /api/search, "
                    "throttled"), {"instance": pod}


def _job_noise(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "pt-job", t)
    roll = w.rng.random()
    if roll < 0.45 and _day(t):
        ver = WORDLIST_NEW if t >= WINDOWS["wordlist"][0] else WORDLIST_OLD
        title = f"{w.rng.choice(CITIES)} {w.rng.choice(JOB_TITLES)}"
        return "INFO", MOD_PASS.format(job=_job(w), title=title, emp=_emp(w), ver=ver, ms=w.ms(20, 90)), {"instance": pod}
    if roll < 0.75:
        return "INFO", f"GET /api/job/v2/jobs/{_job(w)} 200 took={w.ms(5, 40)}ms", {"instance": pod, "log_type": "access"}
    if roll < 0.92:
        return "INFO", f"job {_job(w)} refreshed by employer {_emp(w)} (置顶 {w.rng.randint(1, 7)} 天)", {"instance": pod}
    return "WARN", f"job {_job(w)} image {w.hex(8)}.jpg rejected: watermark of another platform", {"instance": pod}


def _resume(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "pt-resume", t)
    roll = w.rng.random()
    kind = w.rng.choice(("pdf", "pdf", "docx", "jpg"))
    if roll < 0.6:
        if kind == "docx" or (kind == "pdf" and w.rng.random() < 0.5) or (pod in RESUME_MOVED and _inside("vxlan", t)):
            return "INFO", PARSE_TEXT_OK.format(rid=_rid(w), kind="docx" if kind == "jpg" else kind,
                                                pages=w.rng.randint(1, 4), n=w.rng.randint(30, 42)), {"instance": pod}
        return "INFO", PARSE_OCR_OK.format(rid=_rid(w), kind=kind, pages=w.rng.randint(1, 4), ms=w.ms(300, 1400),
                                           n=w.rng.randint(26, 40)), {"instance": pod}
    if roll < 0.85:
        return "INFO", f"upload {_rid(w)} stored oss://pt-resume/{t:%Y%m%d}/{w.hex(12)}.{kind} ({w.rng.randint(80, 4000)} KB)", {
            "instance": pod}
    if roll < 0.95:
        return "WARN", f"parse {_rid(w)}: encrypted pdf, asked candidate to re-upload", {"instance": pod}
    return "ERROR", f"parse {_rid(w)}: corrupt docx (zip central directory not found), status PARSE_FAILED", {"instance": pod}


def _ocr(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "pt-ocr", t)
    roll = w.rng.random()
    if roll < 0.7:
        return "INFO", (f"POST /v1/ocr/pdf 200 pages={w.rng.randint(1, 4)} chars={w.rng.randint(600, 4200)} "
                        f"took={w.ms(280, 1300)}ms"), {"instance": pod, "log_type": "access"}
    if roll < 0.9:
        return "INFO", f"gpu0 util {w.rng.randint(20, 70)}%, batch queue {w.rng.randint(0, 6)}", {"instance": pod}
    return "WARN", f"page {w.rng.randint(1, 3)} low contrast (score 0.{w.rng.randint(20, 45)}), binarized before recognition", {
        "instance": pod}


def _search(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "pt-search", t)
    roll = w.rng.random()
    if roll < 0.8:
        return "INFO", (f"GET /api/search/v3/jobs?q={w.rng.choice(SEARCH_TERMS)}&city={w.rng.choice(CITIES)} 200 "
                        f"hits={w.rng.randint(20, 9000)} took={w.ms(10, 90)}ms"), {"instance": pod, "log_type": "access"}
    if roll < 0.93:
        return "INFO", f"index jobs_v7 refresh: {w.rng.randint(50, 900)} docs updated", {"instance": pod}
    return "WARN", f"slow query q={w.rng.choice(SEARCH_TERMS)} took={w.ms(500, 1100)}ms (es shard {w.rng.randint(0, 5)})", {
        "instance": pod}


def _recommend(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "pt-recommend", t)
    roll = w.rng.random()
    if roll < 0.6:
        return "INFO", f"GET /api/recommend/v2/feed user {_uid(w)} 200 items=20 took={w.ms(15, 80)}ms", {
            "instance": pod, "log_type": "access"}
    if roll < 0.9:
        return "INFO", f"recall: {w.rng.randint(300, 900)} candidates from ANN + hot + city, rank top 20 in {w.ms(6, 25)}ms", {
            "instance": pod}
    return "WARN", f"user {_uid(w)} has no behaviour features, cold-start list used", {"instance": pod}


def _im(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "pt-im", t)
    roll = w.rng.random()
    if roll < 0.45:
        return "INFO", f"msg {w.hex(12)} {_uid(w)} -> {_uid(w)} delivered online took={w.ms(3, 30)}ms", {"instance": pod}
    if roll < 0.75:
        return "INFO", f"ws connections {w.rng.randint(8000, 60000)}, offline pushes queued {w.rng.randint(100, 4000)} (last 1m)", {
            "instance": pod}
    if roll < 0.93:
        return "INFO", f"sync for user {_uid(w)} (offline {w.rng.randint(1, 300)} min): {w.rng.randint(0, 40)} messages delivered", {
            "instance": pod}
    if roll < 0.98:
        return "WARN", f"ws {w.hex(8)} ping timeout after 60s, closed", {"instance": pod}
    return "ERROR", f"ws {w.hex(8)} write failed: broken pipe (client gone)", {"instance": pod}


def _interview(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "pt-interview", t)
    roll = w.rng.random()
    if roll < 0.5:
        return "INFO", f"room IV{w.rng.randint(10**6, 10**7 - 1)} heartbeat: 2 participants, bitrate {w.rng.randint(600, 1800)} kbps", {
            "instance": pod}
    if roll < 0.85:
        return "INFO", (f"recording IV{w.rng.randint(10**6, 10**7 - 1)} uploaded to oss://pt-interview/rec/ "
                        f"({w.rng.randint(40, 400)} MB) in {w.rng.uniform(1.5, 6):.1f}s"), {"instance": pod}
    return "WARN", f"room IV{w.rng.randint(10**6, 10**7 - 1)}: candidate network jitter {w.ms(80, 300)}ms, switched to 480p", {
        "instance": pod}


def _notify(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "pt-notify", t)
    roll = w.rng.random()
    if roll < 0.4:
        return "INFO", f"sms SMS_LOGIN_CODE to {_phone(w)}: 云信 SendSms OK BizId {w.rng.randint(10**8, 10**9 - 1)}", {
            "instance": pod}
    if roll < 0.75:
        return "INFO", f"mail {w.rng.choice(['resume_viewed', 'new_match', 'weekly_digest'])} to {w.hex(6)}@{w.rng.choice(['qq.com', '163.com', 'gmail.com'])} sent", {
            "instance": pod}
    if roll < 0.95:
        return "INFO", f"push batch {w.rng.randint(200, 5000)} notices via App push ok", {"instance": pod}
    return "WARN", f"mail to {w.hex(6)}@163.com deferred 451 (greylisted), retry in 300s", {"instance": pod}


def _member(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "pt-member", t)
    roll = w.rng.random()
    if roll < 0.45:
        return "INFO", f"GET /api/member/v1/benefits employer {_emp(w)} 200 took={w.ms(4, 30)}ms", {"instance": pod,
                                                                                                  "log_type": "access"}
    if roll < 0.75:
        return "INFO", (f"renewal order {w.rng.randint(10**7, 10**8 - 1)} paid by employer {_emp(w)} plan "
                        f"{w.rng.choice(['直聘卡月卡', '直聘卡季卡', '企业版年费'])} via {w.rng.choice(['wechat', 'alipay', 'corporate'])}"), {
            "instance": pod}
    if roll < 0.93:
        return "INFO", f"benefit quota reset for {w.rng.randint(20, 400)} employers (chat credits)", {"instance": pod}
    return "WARN", f"payment callback for order {w.rng.randint(10**7, 10**8 - 1)} arrived twice, ignored (idempotent)", {
        "instance": pod}


def _bgcheck(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "pt-bgcheck", t)
    roll = w.rng.random()
    if roll < 0.5:
        return "INFO", f"RX callback: order BG{w.rng.randint(10**6, 10**7 - 1)} report ready ({w.rng.choice(['无异常', '1 项待核实'])})", {
            "instance": pod}
    if roll < 0.9:
        return "INFO", f"GET /api/bgcheck/v1/orders?employer={_emp(w)} 200 took={w.ms(6, 40)}ms", {"instance": pod,
                                                                                                  "log_type": "access"}
    return "WARN", f"RX callback for order BG{w.rng.randint(10**6, 10**7 - 1)} signature retried (clock skew 2s tolerated)", {
        "instance": pod}


def _campus(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "pt-campus", t)
    roll = w.rng.random()
    if roll < 0.5:
        return "INFO", f"GET /api/campus/v1/talks?school={w.rng.choice(SCHOOLS)} 200 took={w.ms(6, 50)}ms", {
            "instance": pod, "log_type": "access"}
    if roll < 0.85:
        return "INFO", f"student {_uid(w)} saved draft resume for campus ({w.rng.randint(40, 100)}% complete)", {"instance": pod}
    return "WARN", f"talk live {w.rng.choice(SCHOOLS)} reminder for {w.rng.randint(50, 900)} students delayed 30s (queue)", {
        "instance": pod}


def _node(w: WorldBuilder, t: dt.datetime) -> Line:
    node = w.rng.choice([n for n in NODES if n != BAD_NODE or not _t("06:40") <= t < _t("07:05")])
    roll = w.rng.random()
    stamp = f"I{t:%m%d} {t:%H:%M:%S}.{w.rng.randint(100000, 999999)}"
    if roll < 0.4:
        return "INFO", (f'kubelet[1388]: {stamp} image_gc_manager.go:391] "Disk usage on image filesystem is below the low '
                        f'threshold" usage={w.rng.randint(21, 58)} lowThreshold=80'), {"instance": node}
    if roll < 0.7:
        return "INFO", f"systemd[1]: Started Session {w.rng.randint(1000, 9000)} of User root.", {"instance": node}
    return "INFO", (f"chronyd[{w.rng.randint(700, 900)}]: Selected source 100.100.61.88 (ntp.cloud), offset "
                    f"{w.rng.uniform(-0.4, 0.4):.3f}ms"), {"instance": node}


NOISE = {
    "pt-gateway": (_gateway, 40), "pt-job": (_job_noise, 50), "pt-resume": (_resume, 45), "pt-ocr": (_ocr, 60),
    "pt-search": (_search, 50), "pt-recommend": (_recommend, 60), "pt-im": (_im, 45), "pt-interview": (_interview, 90),
    "pt-notify": (_notify, 60), "pt-member": (_member, 120), "pt-bgcheck": (_bgcheck, 150), "pt-campus": (_campus, 90),
    "pt-k8s-node": (_node, 420),
}


def _every(w: WorldBuilder, start: str | dt.datetime, end: str | dt.datetime, low: int, high: int) -> list[dt.datetime]:
    """Moments from ``start`` to ``end``, ``low``–``high`` seconds apart."""
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


# --- Incident 1: the vendor's word list puts 日结 under 刷单诈骗 -------------------------------------------------
#: The moderation queue: (clock, pending) keyframes; the peak is what the question asks.
QUEUE: Keyframes = [(START, 35), (_t("03:10"), 12), (_t("08:00"), 60), (_t("08:30"), 260), (_t("09:12"), 1520),
                    (_t("10:00"), 3380), (_t("10:51"), 4790), (_t("10:52"), QUEUE_PEAK), (_t("10:53"), 4770),
                    (_t("11:35"), 4410), (_t("12:10"), 1400), (_t("12:40"), 90), (_t("14:00"), 70), (REFERENCE, 40)]


def job_wordlist(w: WorldBuilder) -> None:
    job = "pt-job"
    w.log(_t("03:10:05.118"), job, "INFO", WORDLIST_SYNC, instance="wordlist-sync", trace=False, job="wordlist-sync")
    w.log(_t("08:05:10.204"), job, "INFO", JOB_DEPLOY, instance=ROLLOUTS[job][1][1][0], change="deploy")
    _rolled(w, job, 1, "Started JobApplication in {s} seconds (process running for 33.0)",
            "Commencing graceful shutdown. Waiting for active requests to complete")
    posts = (_every(w, START + dt.timedelta(minutes=7), "07:30", 900, 2400) + _every(w, "07:30", "12:30", 25, 70)
             + _every(w, "12:30", REFERENCE, 60, 200))
    fix = WINDOWS["wordlist"][1]
    for moment in posts:
        title = w.rng.choice(PART_TIME_TITLES)
        pod = _pod(w, job, moment)
        if moment < WINDOWS["wordlist"][0]:
            w.log(moment, job, "INFO", MOD_PASS.format(job=_job(w), title=title, emp=_emp(w), ver=WORDLIST_OLD,
                                                       ms=w.ms(20, 90)), instance=pod)
        elif moment < fix:
            w.log(moment, job, "WARN", MOD_REVIEW.format(job=_job(w), title=title, emp=_emp(w)), instance=pod)
        else:
            w.log(moment, job, "INFO", MOD_TAGGED.format(job=_job(w), title=title, emp=_emp(w), ms=w.ms(20, 90)),
                  instance=pod)
    for moment in _every(w, START, REFERENCE, 600, 600):
        pending = int(interpolate(QUEUE, moment))
        w.log(moment, job, "WARN" if pending > 1500 else "INFO",
              QUEUE_STATS.format(pending=pending, r=w.rng.randint(10, 12) if _day(moment) else 2,
                                 age=max(1, pending // 30)),
              instance=_pod(w, job, moment), trace=False)
    _ops(w, "09:50:20.330", job, "job_oncall_lumin: 大量招聘方反馈上午发的职位一直“审核中”，兼职类最多；审核组 12 人都在线，"
         "人工审核排不过来")
    w.log(fix, job, "INFO", MOD_FIX, instance=ROLLOUTS[job][1][1][1], trace=False, change="config")
    w.log(_t("11:41:30.441"), job, "INFO", MOD_DRAINED.format(n=4410, k=4296, m=114), instance=ROLLOUTS[job][1][1][1],
          trace=False)
    w.alert("JobModerationBacklogHigh", job, "warning", _t("09:12"), _t("12:35"), QUEUE_ALERT_VALUE,
            f"职位人工审核队列积压 {QUEUE_ALERT_VALUE}，超过阈值 1500", namespace=NS)


# --- Incident 2: the App's new salary input sends 元 -----------------------------------------------------------
def job_salary(w: WorldBuilder) -> None:
    job = "pt-job"
    _ops(w, "14:30:10.118", job, APP_GRAY)
    for moment in _every(w, "14:32:00", "16:40:10", 15, 60):
        lo = w.rng.choice((4000, 6000, 8000, 12000, 15000))
        w.log(moment, job, "WARN", SALARY_REJECT.format(lo=lo, hi=lo + w.rng.choice((2000, 4000, 10000)),
                                                        m=w.rng.choice((12, 13, 14)), emp=_emp(w)),
              instance=_pod(w, job, moment), log_type="access")
    _ops(w, "15:20:30.204", job, "job_oncall_lumin: 部分招聘方反馈发职位提示“薪资异常”，都是安卓招聘方 App")
    _ops(w, "16:40:10.330", job, APP_PAUSE)
    w.alert("JobPublishRejectsHigh", job, "warning", _t("15:05"), _t("16:50"), "18 次/10分钟",
            "职位发布被拒 18 次/10分钟，超过阈值 10", namespace=NS)


# --- Incident 3: the re-imaged node's VXLAN checksum offload ---------------------------------------------------
PARSE_FAIL: Keyframes = [(START, 0.4), (_t("07:13"), 0.4), (_t("07:20"), 8.1), (_t("08:41"), 12.6),
                         (_t("09:30"), 24.0), (_t("10:17"), 33.9), (_t("10:18"), PARSE_FAIL_PEAK), (_t("10:19"), 33.7),
                         (_t("12:00"), 29.5), (_t("14:20"), 27.0), (_t("14:23"), 0.5), (REFERENCE, 0.4)]


def resume_node(w: WorldBuilder) -> None:
    node, resume = "pt-k8s-node", "pt-resume"
    w.log(_t("06:40:05.118"), node, "INFO", "node pt-k8s-node-07 cordoned and drained by infra_ops_tangkai for re-image "
          "(ticket INFRA-2291)", instance=BAD_NODE, trace=False)
    w.log(_t("07:05:10.204"), node, "INFO", NODE_REIMAGE, instance=BAD_NODE, trace=False, change="ops")
    w.log(_t("07:05:40.330"), node, "INFO", FLANNEL_UP, instance=BAD_NODE, trace=False)
    w.log(_t("07:12:20.441"), node, "INFO", DESCHEDULE, instance="descheduler", trace=False)
    for index, (old, new) in enumerate(zip(RESUME_EVICTED, RESUME_MOVED, strict=True)):
        at = _t("07:12:25") + dt.timedelta(seconds=3 * index)
        w.log(at, resume, "INFO", "SIGTERM received (evicted), finishing current parse", instance=old, trace=False)
        w.log(at + dt.timedelta(seconds=28), resume, "INFO", "resume-worker 4.2.0 started: queue resume:parse, ocr endpoint "
              "http://pt-ocr.pintu-prod.svc:8080", instance=new, trace=False)
    w.log(_t("09:30:10.551"), resume, "INFO", RESUME_MAXPAGES, instance=RESUME_NOW[0], change="config")
    a, b = WINDOWS["vxlan"]
    for moment in _every(w, a, b, 6, 25):
        w.log(moment, resume, "ERROR", OCR_TIMEOUT.format(rid=_rid(w)), instance=w.rng.choice(RESUME_MOVED))
    _ops(w, "11:05:20.118", resume, "resume_oncall_wupeng: 候选人反馈上传的简历一直“解析失败”；失败都集中在 3 个 worker 上，"
         "其余 5 个正常，pt-ocr 那边没有报错")
    w.log(_t("14:20:10.204"), node, "INFO", ETHTOOL_FIX, instance=BAD_NODE, trace=False, change="ops")
    w.alert("ResumeParseFailureHigh", resume, "warning", _t("08:41"), _t("14:30"), PARSE_FAIL_ALERT_VALUE,
            f"简历解析失败率 {PARSE_FAIL_ALERT_VALUE}，超过阈值 5%", namespace=NS)


# --- Incident 4: item embeddings of v12 under a v11 query tower --------------------------------------------------
def recommend_embeddings(w: WorldBuilder) -> None:
    rec = "pt-recommend"
    w.log(_y("18:40:10.441"), rec, "INFO", MODEL_PROMOTE, instance="ml-registry", trace=False, change="model")
    w.log(_y("22:40:10.118"), rec, "INFO", REC_DEPLOY, instance=REC_PODS[0], change="deploy")
    _rolled(w, rec, 1, "Started RecommendApplication in {s} seconds (query tower job2vec-v11)",
            "Commencing graceful shutdown. Waiting for active requests to complete")
    w.log(_t("02:00:40.204"), rec, "INFO", EMB_EXPORT, instance="item-embedding-export", trace=False, job="item-embedding-export")
    for index, pod in enumerate(REC_PODS):
        w.log(_t("02:06:00") + dt.timedelta(seconds=7 * index, milliseconds=w.rng.randint(0, 900)), rec, "INFO",
              INDEX_RELOAD.format(day="20260915", item="job2vec-v12", n=1_842_310), instance=pod, trace=False)
    for moment in _every(w, "02:10:00", WINDOWS["embedding"][1], 500, 800):
        w.log(moment, rec, "WARN", RECALL_WARN.format(c=w.rng.uniform(0.09, 0.15), k=w.rng.randint(180, 420)),
              instance=w.rng.choice(REC_PODS))
    _ops(w, "09:15:30.330", rec, "rec_oncall_dingyi: 用户反馈首页推荐的职位完全不对口（Java 推了保洁、会计推了司机），接口都是 "
         "200、没有报错")
    _ops(w, "13:10:10.441", rec, REC_FIX, change="ops")
    for index, pod in enumerate(REC_PODS):
        w.log(_t("13:10:40") + dt.timedelta(seconds=7 * index, milliseconds=w.rng.randint(0, 900)), rec, "INFO",
              INDEX_RELOAD.format(day="20260915-v11", item="job2vec-v11", n=1_842_310), instance=pod, trace=False)
    w.alert("RecommendCtrLow", rec, "warning", _t("08:20"), _t("13:30"), CTR_ALERT_VALUE,
            f"推荐点击率 {CTR_ALERT_VALUE}，低于阈值 5%", namespace=NS)


# --- Incident 5: the IM offline streams cut to 100000 entries -------------------------------------------------
def im_maxlen(w: WorldBuilder) -> None:
    im = "pt-im"
    w.log(_t("16:40:10.118"), im, "INFO", IM_DEPLOY, instance=IM_PODS[0], change="deploy")
    _rolled(w, im, 1, "Started ImApplication in {s} seconds (ws port 8443)",
            "Commencing graceful shutdown. Draining websocket connections")
    w.log(_t("17:20:10.204"), im, "INFO", IM_MAXLEN, instance=IM_PODS[1], change="config")
    for moment in _every(w, "17:30:00", REFERENCE, 600, 600):
        cap = 100_000 if moment < WINDOWS["maxlen"][1] else 1_000_000
        evening = _t("19:00") <= moment < _t("21:05")
        length = cap if (evening or cap == 100_000 and moment >= _t("18:30")) else w.rng.randint(40_000, 90_000)
        age = w.rng.randint(18, 40) if evening and cap == 100_000 else w.rng.randint(180, 600)
        w.log(moment, im, "INFO", STREAM_STATS.format(n=w.rng.randint(0, 15), cap=cap, length=length, age=age),
              instance=_pod(w, im, moment), trace=False)
    for moment in _every(w, WINDOWS["maxlen"][0], WINDOWS["maxlen"][1], 8, 40):
        first = int((moment - dt.timedelta(minutes=w.rng.randint(18, 40))).timestamp() * 1000)
        ack = first - w.rng.randint(60_000, 3_000_000)
        w.log(moment, im, "WARN", SYNC_GAP.format(uid=_uid(w), off=w.rng.randint(45, 240), ack=f"{ack}-0",
                                                  first=f"{first}-0", lost=w.rng.randint(1, 60)),
              instance=_pod(w, im, moment))
    _ops(w, "19:50:40.330", im, "im_oncall_fanxin: 宣讲会开始后大量候选人反馈招聘方发的消息看不到，招聘方那边显示已送达")
    w.log(WINDOWS["maxlen"][1], im, "INFO", IM_MAXLEN_FIX, instance=IM_PODS[2], change="config")
    w.log(_t("21:18:20.441"), im, "INFO", IM_REPLAY.format(n=41_862, u=6_214), instance=IM_PODS[3], trace=False)
    w.alert("ImOfflineSyncGapHigh", im, "warning", _t("19:25"), _t("21:15"), "140 次/5分钟",
            "离线消息补拉缺口 140 次/5分钟，超过阈值 50", namespace=NS)


# --- Incident 6: the invites' ics with the local clock marked UTC; Incident 9: the SMS company name --------------------
def _ics(start: dt.datetime, sent: dt.datetime) -> tuple[str, str]:
    """The invite's DTSTART and the ics-kit that wrote it, as pt-notify wrote it at ``sent``."""
    if _inside("ics", sent):
        return f"DTSTART:{start:%Y%m%dT%H%M%S}Z", "2.0.1"
    kit = "1.4.2" if sent < WINDOWS["ics"][0] else "2.0.2"
    return f"DTSTART;TZID=Asia/Shanghai:{start:%Y%m%dT%H%M%S}", kit


def interview_invites(w: WorldBuilder) -> None:
    notify, iv_service = "pt-notify", "pt-interview"
    w.log(_t("10:40:10.118"), notify, "INFO", NOTIFY_DEPLOY, instance=ROLLOUTS[notify][1][1][0], change="deploy")
    _rolled(w, notify, 1, "Started NotifyApplication in {s} seconds (ics-kit 2.0.1)",
            "Commencing graceful shutdown. Waiting for active requests to complete")
    w.log(_t("13:20:10.204"), iv_service, "INFO", INTERVIEW_ROOM, instance=ROLLOUTS[iv_service][0][1][0], change="config")
    w.log(_t("13:50:10.330"), notify, "INFO", SMS_TEMPLATE, instance=ROLLOUTS[notify][1][1][1], change="config")
    w.log(_t("16:20:10.441"), notify, "INFO", MAIL_POOL, instance=ROLLOUTS[notify][1][1][2], change="config")
    w.log(_t("18:30:10.551"), notify, "INFO", NOTIFY_HOTFIX, instance=ROLLOUTS[notify][2][1][0], change="deploy")
    _rolled(w, notify, 2, "Started NotifyApplication in {s} seconds (ics-kit 2.0.2)",
            "Commencing graceful shutdown. Waiting for active requests to complete")
    # Invites are sent through the working day for interviews from an hour to a day later.
    resent = 0
    for sent in _every(w, "08:30:00", "20:30:00", 60, 240):
        start = (sent + dt.timedelta(minutes=w.rng.randint(180, 480))).replace(second=0, microsecond=0)
        start = start.replace(minute=start.minute - start.minute % 15)
        if start.hour >= 21 or start < _t("09:00"):
            start = (start + dt.timedelta(days=1)).replace(hour=w.rng.choice((10, 14, 16)), minute=0)
        short, registered = w.rng.choice(COMPANIES)
        cand = _uid(w)
        iv = f"IV{w.rng.randint(10**6, 10**7 - 1)}"
        dtstart, kit = _ics(start, sent)
        trace = w.hex(32)
        pod = _pod(w, notify, sent)
        w.log(sent, notify, "INFO", INVITE.format(iv=iv, cand=cand, dtstart=dtstart, kit=kit, start=start, company=short),
              instance=pod, trace_id=trace)
        company = registered if _inside("sms", sent) else short
        sms_at = sent + dt.timedelta(milliseconds=w.rng.randint(200, 900))
        if len(company) > SMS_VAR_LIMIT:
            w.log(sms_at, notify, "ERROR", SMS_FAIL.format(phone=_phone(w), n=len(company)), instance=pod, trace_id=trace)
        else:
            w.log(sms_at, notify, "INFO", SMS_OK.format(phone=_phone(w), biz=w.rng.randint(10**8, 10**9 - 1),
                                                        company=company), instance=pod, trace_id=trace)
        wrong = _inside("ics", sent) and start < _t("18:31")
        resent += _inside("ics", sent) and start >= _t("18:31")
        check = start + dt.timedelta(minutes=15)
        if start.date() != DAY or check >= REFERENCE:
            continue
        pos = w.rng.choice(JOB_TITLES)
        hr = w.rng.choice(HRS)
        room_pod = _pod(w, iv_service, start)
        if w.rng.random() < (0.78 if wrong else 0.06):
            w.log(check + dt.timedelta(milliseconds=w.rng.randint(0, 900)), iv_service, "WARN",
                  NO_SHOW.format(iv=iv, pos=pos, start=start, hr=hr), instance=room_pod, trace_id=trace)
        else:
            at = start + dt.timedelta(seconds=w.rng.randint(-240, 300))
            w.log(at, iv_service, "INFO", JOINED.format(iv=iv, pos=pos, at=at, hr=hr), instance=room_pod, trace_id=trace)
    w.log(_t("18:33:40.118"), notify, "INFO", INVITE_RESENT.format(n=resent), instance=ROLLOUTS[notify][2][1][1], trace=False)
    _ops(w, "15:30:20.204", iv_service, "interview_oncall_xiaodan: 下午很多候选人没进面试间，面试官干等；联系上的候选人说日历里面试"
         "是在晚上")
    _ops(w, "14:40:30.330", notify, "notify_oncall_kexin: 招聘方反馈部分面试邀请短信没收到，云信控制台显示参数超长")
    w.alert("InterviewNoShowHigh", iv_service, "warning", _t("14:45"), _t("19:10"), "22.0%",
            "面试爽约率 22.0%，超过阈值 20%", namespace=NS)
    w.alert("SmsSendFailuresHigh", notify, "warning", _t("14:10"), None, "7.8%", "短信发送失败率 7.8%，超过阈值 5%",
            namespace=NS)


# --- Incident 7: the registry vendor's new regStatus wording -------------------------------------------------
def member_verify(w: WorldBuilder) -> None:
    member = "pt-member"
    pods = ROLLOUTS[member][0][1]
    w.log(_t("08:50:10.118"), member, "INFO", MEMBER_COUPON, instance=pods[0], change="config")
    for moment in _every(w, "07:40:00", REFERENCE, 90, 360):
        short, registered = w.rng.choice(COMPANIES)
        ent = f"ENT{w.rng.randint(10**5, 10**6 - 1)}"
        order = w.rng.randint(10**7, 10**8 - 1)
        if _inside("regstatus", moment):
            w.log(moment, member, "WARN", VERIFY_FAIL.format(ent=ent, name=registered, order=order), instance=w.rng.choice(pods))
        else:
            status = STATUS_NEW if moment >= WINDOWS["regstatus"][0] else STATUS_OLD
            w.log(moment, member, "INFO", VERIFY_OK.format(ent=ent, name=registered, st=status, order=order,
                                                           plan=w.rng.choice(["直聘卡月卡", "企业版年费"])),
                  instance=w.rng.choice(pods))
    _ops(w, "10:05:10.204", member, "member_oncall_yuting: 新注册的招聘方买会员时提示“企业认证失败，企业状态异常”，老客户续费正常")
    _ops(w, "11:50:20.330", member, "member_oncall_yuting: 企信通客服回复：09:00 起经营状态改为返回工商登记原文，未发公告")
    w.log(WINDOWS["regstatus"][1], member, "INFO", MEMBER_FIX, instance=pods[1], change="config")
    w.alert("MemberVerifyFailuresHigh", member, "warning", _t("09:20"), _t("12:25"), "38 次/10分钟",
            "企业认证失败 38 次/10分钟，超过阈值 10", namespace=NS)


# --- Incident 8: the consent template without the ID number --------------------------------------------------
def bgcheck_consent(w: WorldBuilder) -> None:
    bg = "pt-bgcheck"
    pods = ROLLOUTS[bg][0][1]
    w.log(WINDOWS["consent"][0], bg, "INFO", CONSENT_PUBLISH, instance=pods[0], trace=False, change="config")
    w.log(_t("15:00:10.118"), bg, "INFO", BG_TIMEOUT, instance=pods[1], change="config")
    for moment in _every(w, "08:00:00", REFERENCE, 120, 420):
        order, cand = f"BG{w.rng.randint(10**6, 10**7 - 1)}", _uid(w)
        if _inside("consent", moment + dt.timedelta(minutes=-5)):  # a candidate signs a few minutes before the order
            w.log(moment, bg, "ERROR", BG_REJECT.format(bg=order, cand=cand), instance=w.rng.choice(pods))
        else:
            w.log(moment, bg, "INFO", BG_OK.format(bg=order, cand=cand, d=w.rng.randint(3, 7)), instance=w.rng.choice(pods))
    _ops(w, "11:40:40.204", bg, "bgcheck_oncall_renjie: 招聘方反馈背调订单一直“待授权”；睿信说授权书不合格，已提工单 RX-55120")
    w.alert("BgcheckOrderRejectsHigh", bg, "warning", _t("09:50"), None, "24 单/10分钟",
            "背调订单被供应商拒绝 24 单/10分钟，超过阈值 10", namespace=NS)


# --- Incident 10: the 2027 campus project copied from last year's ------------------------------------------------
CAMPUS_REJECTS: Keyframes = [(START, 0), (_t("10:00"), 0), (_t("10:01"), 420), (_t("10:02"), 1510), (_t("10:03"), APPLY_PEAK),
                             (_t("10:04"), 1650), (_t("10:20"), 980), (_t("10:47"), 610), (_t("10:49"), 0), (REFERENCE, 0)]


def campus_years(w: WorldBuilder) -> None:
    campus = "pt-campus"
    w.log(_y("16:20:10.118"), campus, "INFO", CAMPUS_CLONE, instance=ROLLOUTS[campus][0][1][0], change="config")
    w.log(_y("22:05:00.204"), campus, "INFO", "campus project CP-2027-AUTUMN opens 网申 at 2026-09-15 10:00: 4,812 positions from "
          "1,206 employers", instance=ROLLOUTS[campus][0][1][1], trace=False)
    w.log(_t("09:40:10.330"), campus, "INFO", CAMPUS_DEPLOY, instance=ROLLOUTS[campus][1][1][0], change="deploy")
    _rolled(w, campus, 1, "Started CampusApplication in {s} seconds (process running for 29.8)",
            "Commencing graceful shutdown. Waiting for active requests to complete")
    pods = ROLLOUTS[campus][1][1]
    a, b = WINDOWS["campus"]
    for moment in _every(w, a, b, 1, 4):
        w.log(moment, campus, "WARN", APPLY_REJECT.format(app=f"AP{w.rng.randint(10**7, 10**8 - 1)}",
                                                          pos=f"P{w.rng.randint(10000, 99999)}", sid=_uid(w),
                                                          school=w.rng.choice(SCHOOLS)), instance=w.rng.choice(pods))
    for moment in _every(w, "10:49:00", REFERENCE, 5, 40):
        w.log(moment, campus, "INFO", APPLY_OK.format(app=f"AP{w.rng.randint(10**7, 10**8 - 1)}", proj="CP-2027-AUTUMN",
                                                      pos=f"P{w.rng.randint(10000, 99999)}", sid=_uid(w),
                                                      school=w.rng.choice(SCHOOLS), y=2027), instance=_pod(w, campus, moment))
    _ops(w, "10:15:20.441", campus, "campus_oncall_xuran: 秋招网申 10 点一开放，学生投递全部提示“不符合项目要求”，客服电话打爆")
    w.log(b, campus, "INFO", CAMPUS_FIX, instance=pods[1], trace=False, change="config")
    w.alert("CampusApplyRejectsHigh", campus, "critical", _t("10:02"), _t("10:55"), APPLY_ALERT_VALUE,
            f"网申被拒 {APPLY_ALERT_VALUE}，超过阈值 200", namespace=NS)


# --- Unrelated: the storage blip, the certificate; the healthy services' changes -----------------------------------
def other_events(w: WorldBuilder) -> None:
    iv = "pt-interview"
    for moment in _every(w, "12:05:10", "12:20:00", 15, 60):
        w.log(moment, iv, "WARN", f"recording IV{w.rng.randint(10**6, 10**7 - 1)} upload to oss://pt-interview/rec/ took "
              f"{w.rng.uniform(14, 32):.1f}s (object storage cn-shanghai slow), retrying part {w.rng.randint(2, 9)}",
              instance=_pod(w, iv, moment))
    _ops(w, "12:24:10.118", iv, "interview_oncall_xiaodan: 云厂商状态页：华东2 对象存储 12:05–12:20 部分请求延迟升高，已恢复，录制"
         "都已补传")
    w.alert("RecordingUploadSlow", iv, "warning", _t("12:08"), _t("12:22"), "21.4s", "录制上传耗时 21.4s，超过阈值 10s",
            namespace=NS)
    w.log(_y("22:00:05.204"), "pt-gateway", "WARN", f"tls: certificate for {CERT_HOST} expires 2026-09-27 (12 days), renewal "
          "ticket IT-2026-0914 scheduled 2026-09-18", instance=ROLLOUTS["pt-gateway"][0][1][0], trace=False)
    w.alert("SslCertificateExpiringSoon", "pt-gateway", "warning", _y("09:00"), None, "12 天",
            f"{CERT_HOST} 证书 12 天后到期（2026-09-27），续期工单 IT-2026-0914 已排期", domain=CERT_HOST)
    w.log(_t("11:00:10.330"), "pt-search", "INFO", SEARCH_SYNONYMS, instance=ROLLOUTS["pt-search"][0][1][0], change="config")


# --- Kubernetes state at 21:30 -------------------------------------------------------------------------
#: (service, revision, rolled out, change cause, image tag) of every Deployment
STEADY = (
    ("pt-gateway", 71, "2026-09-08T21:00:00+08:00", "release pt-gateway 3.18.2", "3.18.2"),
    ("pt-job", 133, "2026-09-15T08:05:10+08:00", "release pt-job 5.14.0 (pipeline #7702)", "5.14.0"),
    ("pt-resume", 58, "2026-09-03T21:00:00+08:00", "release pt-resume 4.2.0", "4.2.0"),
    ("pt-ocr", 27, "2026-08-26T21:00:00+08:00", "release pt-ocr 2.9.1", "2.9.1"),
    ("pt-search", 64, "2026-09-01T21:00:00+08:00", "release pt-search 6.3.0", "6.3.0"),
    ("pt-recommend", 49, "2026-09-14T22:40:10+08:00", "release pt-recommend 3.8.1 (pipeline #7688)", "3.8.1"),
    ("pt-im", 92, "2026-09-15T16:40:10+08:00", "release pt-im 2.31.0 (pipeline #7731)", "2.31.0"),
    ("pt-interview", 36, "2026-09-07T21:00:00+08:00", "release pt-interview 5.2.0", "5.2.0"),
    ("pt-notify", 84, "2026-09-15T18:30:10+08:00", "release pt-notify 4.6.1 (pipeline #7740)", "4.6.1"),
    ("pt-member", 41, "2026-09-02T21:00:00+08:00", "release pt-member 2.14.1", "2.14.1"),
    ("pt-bgcheck", 19, "2026-08-31T21:00:00+08:00", "release pt-bgcheck 1.9.0", "1.9.0"),
    ("pt-campus", 57, "2026-09-15T09:40:10+08:00", "release pt-campus 3.2.0 (pipeline #7709)", "3.2.0"),
)
REGISTRY = "registry.pintu.local/prod"


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
    # Events are what the API server keeps for an hour after their last update: the IM's HPA in the 宣讲会 evening.
    w.event(type="Normal", reason="SuccessfulRescale", object="HorizontalPodAutoscaler/pt-im",
            message="New size: 6; reason: cpu resource utilization (percentage of request) above target", count=3,
            first_seen=_t("19:05:10"), last_seen=_t("21:02:40"))
    w.event(type="Normal", reason="ScalingReplicaSet", object="Deployment/pt-im",
            message=f'Scaled up replica set {IM_PODS[0].rsplit("-", 1)[0]} to 6 from 4', count=3,
            first_seen=_t("19:05:10"), last_seen=_t("21:02:40"))


# --- Metrics --------------------------------------------------------------------------------------------
def build_metrics(w: WorldBuilder) -> None:
    at = w.at
    morning = [(at("07:00"), at("12:45"))]
    afternoon = [(at("13:00"), at("19:00"))]
    evening = [(at("19:00"), REFERENCE)]
    w.series("job_moderation_queue_pending", "pt-job", "条", QUEUE, start=START, fine=morning, spread=25, digits=0,
             threshold=1500)
    w.series("job_publish_rejected_per_10m", "pt-job", "次",
             [(START, 1), (at("14:30"), 1), (at("14:40"), 9), (at("15:05"), 18), (at("15:50"), 27), (at("16:40"), 24),
              (at("16:50"), 2), (REFERENCE, 1)], start=START, fine=afternoon, spread=1, digits=0, threshold=10)
    w.series("job_posts_per_min", "pt-job", "条",
             [(START, 4), (at("02:00"), 1), (at("08:00"), 20), (at("10:00"), 61), (at("12:00"), 38), (at("15:00"), 52),
              (at("18:00"), 30), (REFERENCE, 12)], start=START, spread=3, digits=0)
    w.series("resume_parse_failure_ratio", "pt-resume", "%", PARSE_FAIL, start=START, fine=morning + afternoon, spread=0.3,
             digits=1, threshold=5)
    w.series("resume_uploads_per_min", "pt-resume", "份",
             [(START, 140), (at("03:00"), 30), (at("08:00"), 420), (at("10:15"), 1310), (at("12:00"), 880), (at("15:00"), 960),
              (at("19:30"), 1180), (REFERENCE, 610)], start=START, spread=40, digits=0)
    w.series("ocr_requests_per_sec", "pt-ocr", "次/秒",
             [(START, 4.1), (at("03:00"), 1.2), (at("07:13"), 6.2), (at("07:20"), 5.1), (at("10:15"), 13.0),
              (at("14:20"), 9.4), (at("14:24"), 14.8), (at("19:30"), 16.1), (REFERENCE, 8.0)], start=START, spread=0.6,
             digits=1)
    w.series("recommend_ctr", "pt-recommend", "%",
             [(START, 8.4), (at("02:05"), 8.5), (at("02:10"), 2.6), (at("08:20"), 3.4), (at("10:00"), 2.1), (at("13:10"), 2.2),
              (at("13:20"), 8.1), (REFERENCE, 8.6)], start=START, fine=[(at("01:50"), at("02:30")), (at("13:00"), at("13:40"))],
             spread=0.3, digits=1)
    w.series("recommend_recall_cosine_top50", "pt-recommend", "",
             [(START, 0.61), (at("02:05"), 0.61), (at("02:07"), 0.12), (at("13:10"), 0.12), (at("13:12"), 0.6),
              (REFERENCE, 0.61)], start=START, spread=0.02, digits=2)
    w.series("im_offline_sync_gaps_per_5m", "pt-im", "次",
             [(START, 0), (at("19:09"), 0), (at("19:20"), 96), (at("19:25"), 140), (at("20:05"), 410), (at("21:05"), 330),
              (at("21:08"), 0), (REFERENCE, 0)], start=START, fine=evening, spread=6, digits=0, threshold=50)
    w.series("im_offline_stream_length", "pt-im", "条",
             [(START, 52_000), (at("09:00"), 61_000), (at("17:20"), 88_000), (at("17:21"), 100_000), (at("21:05"), 100_000),
              (at("21:15"), 240_000), (REFERENCE, 260_000)], start=START, digits=0)
    w.series("im_messages_per_sec", "pt-im", "条/秒",
             [(START, 210), (at("03:00"), 40), (at("09:00"), 900), (at("12:00"), 1100), (at("18:55"), 1300),
              (at("19:20"), 4200), (at("20:10"), 3900), (at("21:00"), 2100), (REFERENCE, 1400)], start=START, fine=evening,
             spread=40, digits=0)
    w.series("interview_no_show_ratio", "pt-interview", "%",
             [(START, 6.0), (at("13:30"), 6.3), (at("14:00"), 9.5), (at("14:45"), 22.0), (at("15:30"), 38.9),
              (at("16:30"), 43.7), (at("18:00"), 39.0), (at("18:45"), 12.0), (at("19:10"), 6.5), (REFERENCE, 5.8)],
             start=START, fine=afternoon, spread=0.8, digits=1, threshold=20)
    w.series("sms_send_failure_ratio", "pt-notify", "%",
             [(START, 0.3), (at("13:50"), 0.3), (at("14:00"), 6.2), (at("14:10"), 7.8), (at("16:00"), 9.1), (at("18:00"), 8.4),
              (REFERENCE, 6.9)], start=START, fine=afternoon, spread=0.4, digits=1, threshold=5)
    w.series("member_verify_failures_per_10m", "pt-member", "次",
             [(START, 0), (at("09:00"), 0), (at("09:20"), 38), (at("10:30"), 61), (at("12:15"), 47), (at("12:20"), 0),
              (REFERENCE, 0)], start=START, fine=morning, spread=2, digits=0, threshold=10)
    w.series("bgcheck_order_rejects_per_10m", "pt-bgcheck", "单",
             [(START, 0), (at("09:30"), 0), (at("09:50"), 24), (at("11:00"), 31), (at("16:00"), 29), (at("19:00"), 14),
              (REFERENCE, 9)], start=START, fine=morning, spread=2, digits=0, threshold=10)
    w.series("campus_apply_rejected_per_min", "pt-campus", "份/分钟", CAMPUS_REJECTS, start=START,
             fine=[(at("09:30"), at("11:30"))], spread=20, digits=0, threshold=200)
    w.series("campus_apply_submitted_per_min", "pt-campus", "份/分钟",
             [(START, 0), (at("10:48"), 0), (at("10:50"), 2950), (at("11:10"), 1400), (at("14:00"), 620), (at("19:40"), 1900),
              (REFERENCE, 540)], start=START, fine=[(at("09:30"), at("11:30"))], spread=20, digits=0)
    w.series("gateway_requests_per_sec", "pt-gateway", "次/秒",
             [(START, 1900), (at("03:00"), 400), (at("09:00"), 5200), (at("10:05"), 8900), (at("12:30"), 4700),
              (at("19:20"), 9400), (REFERENCE, 5100)], start=START, spread=180, digits=0)
    for service, p99, threshold in (("pt-search", 140, 800), ("pt-ocr", 1100, 3000)):
        w.series("http_5xx_ratio", service, "%", [(START, 0.03), (at("10:15"), 0.21), (at("13:00"), 0.08), (REFERENCE, 0.04)],
                 start=START, spread=0.03, digits=2, threshold=2)
        w.series("http_p99_latency", service, "ms", [(START, p99 - 40), (at("10:15"), p99 + 260), (at("14:00"), p99 + 30),
                                                     (REFERENCE, p99)], start=START, spread=15, digits=0, threshold=threshold)


# --- Runbooks (the company's wiki, as the teams wrote them) ------------------------------------------------
RUNBOOKS: list[tuple[str, str, str]] = [
    ("runbooks/job/moderation-backlog.md", "职位审核积压处理手册", runbook(
        "职位审核积压处理手册", "适用于 pt-job 人工审核队列积压、职位长时间“审核中”。",
        ["JobModerationBacklogHigh：人工审核队列超过 1500 条"],
        ["看进入人工审核的原因分布（命中的词、类别、词库版本）。", "查词库最近一次同步与规则变更。"],
        ["词库更新把常见招聘用语列为需审核。", "审核人员不足。", "恶意批量发布。"],
        ["对误伤的词加场景白名单后重新评估队列；必要时临时增加审核人员。"])),
    ("runbooks/job/publish-rejects.md", "职位发布被拒处理手册", runbook(
        "职位发布被拒处理手册", "适用于 pt-job 发布接口大量 4xx。",
        ["JobPublishRejectsHigh：职位发布被拒超过 10 次/10分钟"],
        ["按拒绝原因与客户端版本分组。", "查最近的客户端发版与灰度。"],
        ["客户端发版后字段格式、单位变化。", "服务端校验规则变更。"],
        ["暂停问题客户端版本的灰度；必要时服务端兼容。"])),
    ("runbooks/resume/parse-failed.md", "简历解析失败处理手册", runbook(
        "简历解析失败处理手册", "适用于 pt-resume 解析失败率升高。",
        ["ResumeParseFailureHigh：简历解析失败率超过 5%"],
        ["按失败原因与 worker 分组，失败是否集中在部分 Pod、这些 Pod 在哪些节点。",
         "对 OCR 调用超时：从失败 Pod 所在节点与其它节点分别访问 pt-ocr 的 ClusterIP 对比。", "查节点最近的变更（重装、内核、网络插件）。"],
        ["某个节点的容器网络异常（跨节点流量被丢弃）。", "pt-ocr 过载或故障。", "简历文件损坏。"],
        ["修复或隔离问题节点（cordon 后驱逐 Pod）；OCR 过载则扩容。"])),
    ("runbooks/recommend/ctr-drop.md", "推荐点击率下降处理手册", runbook(
        "推荐点击率下降处理手册", "适用于 pt-recommend 点击率骤降、推荐不对口。",
        ["RecommendCtrLow：推荐点击率低于 5%"],
        ["看召回质量（top-50 相似度）与降级比例。", "核对 ANN 索引的职位向量模型版本与服务内用户塔版本是否一致。",
         "查模型注册表最近的发布与每晚的向量导出。"],
        ["职位向量与用户塔来自不同模型版本。", "特征缺失。", "排序模型异常。"],
        ["按服务内用户塔的版本重新导出职位向量并重载索引。"])),
    ("runbooks/im/missing-messages.md", "聊一聊消息缺失处理手册", runbook(
        "聊一聊消息缺失处理手册", "适用于 pt-im 用户上线后离线消息缺失。",
        ["ImOfflineSyncGapHigh：离线补拉缺口超过 50 次/5分钟"],
        ["看离线 Stream 的长度、最老消息的时长与补拉缺口。", "查 Stream 长度上限等配置的最近变更。"],
        ["离线 Stream 上限过小，高峰时消息在送达前被裁剪。", "Redis 故障切换丢数据。"],
        ["恢复 Stream 上限，从 Kafka 归档回放缺失的消息。"])),
    ("runbooks/interview/no-show.md", "面试爽约率升高处理手册", runbook(
        "面试爽约率升高处理手册", "适用于 pt-interview 候选人未入会比例升高。",
        ["InterviewNoShowHigh：面试爽约率超过 20%"],
        ["联系候选人确认是否收到邀请、看到的时间。", "查 pt-notify 发出的邀请邮件与 .ics（DTSTART、时区）、短信是否送达。",
         "查 pt-notify 最近的发布。"],
        ["邀请的时间或时区错误。", "邀请短信、邮件未送达。", "面试间入会故障。"],
        ["修复邀请后重发受影响的面试邀请，通知面试官改期。"])),
    ("runbooks/notify/sms-failures.md", "短信发送失败处理手册", runbook(
        "短信发送失败处理手册", "适用于 pt-notify 短信失败率升高。",
        ["SmsSendFailuresHigh：短信发送失败率超过 5%"],
        ["按模板与云信错误码分组（isv.*）。", "查模板与变量取值最近的变更。"],
        ["模板变量超过云信的长度限制。", "模板或签名审核未通过。", "余额不足。"],
        ["恢复变量取值或申请新模板；余额问题充值。"])),
    ("runbooks/member/verify-failed.md", "企业认证失败处理手册", runbook(
        "企业认证失败处理手册", "适用于 pt-member 企业认证失败、无法购买会员。",
        ["MemberVerifyFailuresHigh：企业认证失败超过 10 次/10分钟"],
        ["看失败原因与 企信通 返回的字段值。", "向 企信通 确认接口是否变更。"],
        ["工商接口返回格式或取值变化。", "企业确实吊销、注销。"],
        ["调整 member.verify.active-status 的匹配；对确属异常的企业人工复核。"])),
    ("runbooks/bgcheck/rejected.md", "背调订单被拒处理手册", runbook(
        "背调订单被拒处理手册", "适用于 pt-bgcheck 订单被 睿信背调 拒绝。",
        ["BgcheckOrderRejectsHigh：背调订单被拒超过 10 单/10分钟"],
        ["看 睿信 的拒绝码与授权书模板版本。", "查授权书模板最近的发布。"],
        ["授权书缺少供应商要求的字段。", "候选人未签署。"],
        ["回退到上一版授权书模板，重新发起被拒订单。"])),
    ("runbooks/campus/apply-rejected.md", "网申被拒处理手册", runbook(
        "网申被拒处理手册", "适用于 pt-campus 网申大量被拒。",
        ["CampusApplyRejectsHigh：网申被拒超过 200 份/分钟"],
        ["看被拒原因（届别、学历、院校）。", "核对校招项目配置：网申时间、graduate_years、学历要求。"],
        ["项目配置错误（从往年项目复制未修改）。", "职位条件设置过严。"],
        ["修正项目配置，恢复被拒的网申并通知学生。"])),
    ("runbooks/venue/checkin.md", "招聘会现场签到机故障处理手册", runbook(
        "招聘会现场签到机故障处理手册", "适用于线下招聘会签到机无法扫码。",
        ["CheckinKioskOffline"], ["看签到机电源与网络。"], ["签到机死机。", "现场网络中断。"], ["重启签到机，切换 4G 热点。"])),
    ("runbooks/callcenter/line.md", "外呼线路故障处理手册", runbook(
        "外呼线路故障处理手册", "适用于客服外呼接通率骤降。",
        ["OutboundCallFailureHigh"], ["看运营商线路状态。"], ["线路故障。"], ["切换备用外呼线路。"])),
    ("runbooks/gateway/cert.md", "证书续期手册", runbook(
        "证书续期手册", f"适用于 {CERT_HOST} 等域名证书即将到期。",
        ["SslCertificateExpiringSoon：证书 14 天内到期"], ["确认续期工单与排期。"], ["证书到期。"], ["按工单续期并上传。"])),
]


def build_bundle(seed: int = SEED) -> Json:
    w = WorldBuilder(seed=seed, day=DAY, tz=TZ, reference=REFERENCE, instances=INSTANCES,
                     labels={"env": "prod", "cluster": "pt-prod", "region": "cn-shanghai"})
    for service, (make, every) in NOISE.items():
        w.noise(service, make, START, every_s=every)
    job_wordlist(w)
    job_salary(w)
    resume_node(w)
    recommend_embeddings(w)
    im_maxlen(w)
    interview_invites(w)
    member_verify(w)
    bgcheck_consent(w)
    campus_years(w)
    other_events(w)
    k8s_state(w)
    build_metrics(w)
    documents = [{"title": title, "source": source, "content": content} for source, title, content in RUNBOOKS]
    return w.bundle(name="PinTu 聘途网 2026-09-15", services=SERVICES, documents=documents)


# --- Questions ---------------------------------------------------------------------------------
#: Each incident's own words: in another incident's answer, a misattribution.
FAMILY = {
    "wordlist": ("日结", WORDLIST_NEW),
    "salary": ("SALARY_OUT_OF_RANGE", "7.12.0"),
    "vxlan": ("tx-checksum", "flannel.1"),
    "embedding": ("job2vec-v12", "item tower"),
    "maxlen": ("im.offline.stream.maxlen", "trimmed before delivery"),
    "ics": ("ics-kit 2.0", "NO_SHOW"),
    "regstatus": ("regStatus", "ENTERPRISE_STATUS_ABNORMAL"),
    "consent": ("AUTH-TPL-v3", "AUTH_DOC_INCOMPLETE"),
    "sms": ("PARAM_LENGTH_LIMIT", "registered_name"),
    "campus": ("graduate_years", "CP-2026-AUTUMN"),
}
#: The remedies of the runbooks for problems that did not happen.
UNRELATED_REMEDIES = ("重启签到机", "切换备用外呼线路")
FIRING = ("BgcheckOrderRejectsHigh", "SmsSendFailuresHigh", "SslCertificateExpiringSoon")
INCIDENT_WORDS = tuple(word for words in FAMILY.values() for word in words)


def _not(*own: str, told: tuple[str, ...] = ()) -> tuple[str, ...]:
    """The other incidents' words, plus the unrelated runbooks' remedies — less ``told``: another incident's words the
    asked service itself logs (pt-job's afternoon salary rejections are its own second incident; pt-notify writes both the
    invites' calendar files and the SMS), which name no misattribution when an answer quotes them."""
    return tuple(word for family, words in FAMILY.items() if family not in own for word in words
                 if word not in told) + UNRELATED_REMEDIES


QUESTIONS: tuple[WorldQuestion, ...] = (
    WorldQuestion(
        "recruit_job_review_cause",
        "今天上午招聘方发的兼职职位一直卡在“审核中”，审核组说人都在线，职位审核这边到底卡在哪？", "cause",
        asked_facts=(fact("MANUAL_REVIEW", "人工审核", "审核中"),),
        cause_facts=(fact("日结", "日结工资", "当天结算"),
                     fact(WORDLIST_NEW, "wordlist-sync", "词库", "安识", "刷单诈骗")),
        forbidden=_not("wordlist", told=FAMILY["salary"]), service="pt-job",
        diagnosis="03:10 每晚的 wordlist-sync 同步了 安识 的词库 v20260915，把 日结、日结工资、当天结算 列入 刷单诈骗 类（动作 REVIEW）"
                  "→ 提到 日结 的兼职职位都进人工审核（MANUAL_REVIEW）；夜里没人发职位，早上招聘方集中发布后队列越积越多，"
                  "10:52 积压 4862 条。11:35 audit_lead_zhaoyan 把这三个词改为只打标签（AUD-3321），12:40 前消化完。08:05 的 "
                  "pt-job 5.14.0 发布不是原因；下午的 SALARY_OUT_OF_RANGE 是安卓招聘方 App 7.12.0 的另一件事",
    ),
    WorldQuestion(
        "recruit_resume_parse_cause",
        "从早上七点多开始，不少候选人说传上去的简历一直解析失败，重传一次有时又好了，简历解析这是什么原因？", "cause",
        asked_facts=(fact("PARSE_FAILED", "解析失败", "connect timed out", "超时"),),
        cause_facts=(fact(BAD_NODE, "node-07", "07 节点"),
                     fact("tx-checksum", "flannel.1", "VXLAN", "checksum", "校验和", "INFRA-2291", "重装", "re-imaged",
                          "5.10.134-17")),
        forbidden=_not("vxlan"), service="pt-resume",
        diagnosis=f"07:05 {BAD_NODE} 重装（INFRA-2291，内核 5.10.134-17）后重新加入集群，07:12 descheduler 把 3 个 pt-resume worker "
                  "挪到这台节点；该内核的 flannel.1 VXLAN 校验和卸载有问题，这台节点上 Pod 的跨节点服务流量被丢弃 → 这 3 个 worker "
                  "调 pt-ocr（ClusterIP）连接超时，扫描件和图片简历 PARSE_FAILED，不需要 OCR 的 Word/文本简历正常，另外 5 个 "
                  "worker 正常，所以重传可能成功；失败率最高 34.6%（10:18）。14:20 在节点上 ethtool -K flannel.1 "
                  "tx-checksum-ip-generic off 后恢复。09:30 的 resume.parse.max-pages 配置不是原因，pt-ocr 本身正常",
    ),
    WorldQuestion(
        "recruit_recommend_mismatch_cause",
        "首页推荐今天怎么回事？用户说给程序员推保洁、给会计推司机，点击率掉得厉害，接口倒是一个错都没报。", "cause",
        asked_facts=(fact("RecommendCtrLow", "点击率", "CTR", "cosine", "相似度"),),
        cause_facts=(fact("job2vec-v12", "v12"),
                     fact("job2vec-v11", "query tower", "用户塔", "版本不一致", "item-embedding-export")),
        forbidden=_not("embedding"), service="pt-recommend",
        diagnosis="昨晚 18:40 ml_ops_lina 在模型注册表把双塔模型 job2vec-v12 提为生产；02:00 的 item-embedding-export 按“最新生产版”"
                  "导出了 v12 的职位向量，02:06 ANN 索引重载，而服务里的用户塔（query tower）还是 job2vec-v11 → 两边向量不在"
                  "同一空间，召回相似度 0.61 → 0.12，推荐不对口，点击率 8.6% → 约 2%，接口不报错。13:10 按 v11 重新导出并重载"
                  "索引后恢复。昨晚 22:40 的 3.8.1 发布不是原因",
    ),
    WorldQuestion(
        "recruit_im_lost_messages_cause",
        "刚才宣讲会那会儿，好多学生说 HR 发的消息收不到，HR 那边却显示已送达，聊一聊是不是丢消息了？为什么？", "cause",
        asked_facts=(fact("trimmed before delivery", "丢失", "缺口", "gap", "ImOfflineSyncGapHigh"),),
        cause_facts=(fact("im.offline.stream.maxlen", "maxlen", "MAXLEN", "100000"),
                     fact("im_dev_gaoyang", "OPS-7781", "old=1000000 new=100000", "17:20")),
        forbidden=_not("maxlen"), service="pt-im",
        diagnosis="17:20 im_dev_gaoyang 为省 Redis 内存（OPS-7781）把 im.offline.stream.maxlen 从 1000000 改成 100000 → 19:00 宣讲会"
                  "后招聘方批量打招呼，离线 Stream 几十分钟就写满、XADD MAXLEN 把旧消息裁掉；离线超过 Stream 跨度的学生上线补拉时"
                  "last_ack 早于 Stream 第一条，消息在送达前被裁剪（trimmed before delivery）。21:05 改回 1000000，21:18 从 Kafka "
                  "im-archive 回放。16:40 的 2.31.0 发布不是原因",
    ),
    WorldQuestion(
        "recruit_interview_noshow_cause",
        "下午两点以后的视频面试，候选人大面积没进房间，面试官都在干等，这是什么原因？", "cause",
        asked_facts=(fact("NO_SHOW", "爽约", "未入会", "没进"),),
        cause_facts=(fact("pt-notify", "4.6.0", "ics-kit"),
                     fact("DTSTART", ".ics", "日历", "时区", "UTC", "TZID")),
        forbidden=_not("ics"), service="pt-interview",
        diagnosis="10:40 pt-notify 发布 4.6.0，ics-kit 1.4.2 升到 2.0.1，面试邀请邮件里的 .ics 把本地时间加 Z 写成 UTC"
                  "（DTSTART:20260915T150000Z）→ 候选人日历里的面试时间晚了 8 小时，10:40 以后发出邀请的下午面试大量 NO_SHOW，"
                  "爽约率最高约 44%。18:30 发布 4.6.1（TZID=Asia/Shanghai）并重发受影响的邀请。13:20 面试间时长配置不是原因",
    ),
    WorldQuestion(
        "recruit_member_verify_cause",
        "上午新入驻的企业买会员一直提示企业认证失败、企业状态异常，老客户续费倒没事，会员这边是怎么了？", "cause",
        asked_facts=(fact("ENTERPRISE_STATUS_ABNORMAL", "企业状态异常", "认证失败"),),
        cause_facts=(fact("regStatus", STATUS_NEW, "经营状态"),
                     fact("企信通", "QXT", "供应商", "工商接口")),
        forbidden=_not("regstatus"), service="pt-member",
        diagnosis="工商数据供应商 企信通 QXT 09:00 起没有公告地把 regStatus 从“存续”改为登记原文“存续（在营、开业、在册）”，"
                  "pt-member 的 member.verify.active-status 只认 [存续, 在业] → 新企业首次购买前的认证都返回 "
                  "ENTERPRISE_STATUS_ABNORMAL，续费不做认证所以正常。12:15 改为前缀匹配后恢复。08:50 的秋招优惠券配置不是原因",
    ),
    WorldQuestion(
        "recruit_bgcheck_rejected_cause",
        "背调订单从上午开始全被睿信退回来了，HR 那边一直显示待授权，什么原因？", "cause",
        asked_facts=(fact("AUTH_DOC_INCOMPLETE", "授权书缺少", "被拒", "退回"),),
        cause_facts=(fact("AUTH-TPL-v3", "授权书模板", "新版授权书"),
                     fact("证件号码", "身份证号", "legal_ops_songyu")),
        forbidden=_not("consent"), service="pt-bgcheck",
        diagnosis="09:30 legal_ops_songyu 发布新版授权书模板 AUTH-TPL-v3（替换 v2），字段里没有被调查人证件号码 → 之后签署的授权书"
                  "发给 睿信背调 都被拒（AUTH_DOC_INCOMPLETE 授权书缺少被调查人证件号码），至今仍在告警，工单 RX-55120。"
                  "15:00 的回调超时配置不是原因",
    ),
    WorldQuestion(
        "recruit_campus_apply_cause",
        "秋招网申十点一开，学生投递全提示“不符合项目要求”，是哪里出的问题？", "cause",
        asked_facts=(fact("APPLY_REJECTED", "不在项目要求", "被拒"),),
        cause_facts=(fact("graduate_years", "毕业年份", "[2026]"),
                     fact("CP-2026-AUTUMN", "复制", "copied", "campus_ops_hejing")),
        forbidden=_not("campus"), service="pt-campus",
        diagnosis="昨天 16:20 campus_ops_hejing 复制 2026 届项目 CP-2026-AUTUMN 建了 2027 届秋招项目 CP-2027-AUTUMN，graduate_years "
                  "还是 [2026] → 10:00 网申开放后 2027 届学生全部 APPLY_REJECTED（graduate_year 2027 不在项目要求内），峰值每分钟 "
                  "1873 份。10:48 改为 [2027] 并恢复被拒的网申。09:40 的 pt-campus 3.2.0 发布不是原因",
    ),
    WorldQuestion(
        "recruit_review_queue_quantity", "上午职位人工审核队列最多积压了多少条？", "quantity",
        asked_facts=(fact(str(QUEUE_PEAK), "4,862"),), forbidden=_not("wordlist", told=FAMILY["salary"]), service="pt-job",
        peak=Peak("pt-job", "job_moderation_queue_pending", QUEUE_PEAK),
        diagnosis="job_moderation_queue_pending 峰值 4862 条（10:52）；JobModerationBacklogHigh 触发时的 1520 条不是峰值。起因是 03:10 "
                  "同步的词库 v20260915 把 日结 列入 刷单诈骗",
    ),
    WorldQuestion(
        "recruit_parse_failure_quantity", "今天简历解析失败率最高到过多少？", "quantity",
        asked_facts=(fact(str(PARSE_FAIL_PEAK), "34.6%"),), forbidden=_not("vxlan"), service="pt-resume",
        peak=Peak("pt-resume", "resume_parse_failure_ratio", PARSE_FAIL_PEAK),
        diagnosis=f"resume_parse_failure_ratio 峰值 34.6%（10:18）；ResumeParseFailureHigh 触发时的 12.6% 不是峰值。起因是 {BAD_NODE} "
                  "重装后的 VXLAN 校验和卸载问题，那台节点上 3 个 worker 的 OCR 调用超时",
    ),
    WorldQuestion(
        "recruit_campus_rejects_quantity", "网申刚开放那阵子，每分钟被拒的网申峰值是多少份？", "quantity",
        asked_facts=(fact(str(APPLY_PEAK), "1,873"),), forbidden=_not("campus"), service="pt-campus",
        peak=Peak("pt-campus", "campus_apply_rejected_per_min", APPLY_PEAK),
        diagnosis="campus_apply_rejected_per_min 峰值 1873 份/分钟（10:03）；CampusApplyRejectsHigh 触发时的 420 份/分钟不是峰值。"
                  "起因是 CP-2027-AUTUMN 从 2026 届项目复制，graduate_years 仍为 [2026]",
    ),
    WorldQuestion(
        "recruit_sms_failure_existence", "面试邀请短信今天有没有发失败的？有 HR 说候选人压根没收到短信。", "existence",
        asked_facts=(fact("SmsSendFailuresHigh", "PARAM_LENGTH_LIMIT", "发送失败"),),
        cause_facts=(fact("registered_name", "企业全称", "SMS_INTERVIEW_V3"),
                     fact("参数超出长度限制", "长度限制", "chars > 20", "超过 20")),
        forbidden=_not("sms", told=FAMILY["ics"]), service="pt-notify",
        diagnosis="有：13:50 notify_ops_liqing 把短信模板 SMS_INTERVIEW_V3 的 company 变量从 company.short_name 改成 "
                  "company.registered_name（企业全称）→ 全称超过 20 个字符的企业，云信 返回 isv.PARAM_LENGTH_LIMIT 参数超出长度"
                  "限制，面试邀请短信发送失败；SmsSendFailuresHigh 14:10 起至今仍在告警。16:20 的 mail.smtp.pool-size 配置不是原因",
    ),
    WorldQuestion(
        "recruit_search_healthy", "职位搜索今天有没有报错或者告警？上午刚改过同义词。", "existence",
        asked_facts=(HEALTHY,), forbidden=INCIDENT_WORDS, service="pt-search", healthy=True,
        diagnosis="没有：只有搜索请求与索引刷新的 INFO 和慢查询 WARN，5xx 最高约 0.21%（阈值 2%），p99 远低于 800ms，无告警；"
                  "11:00 的同义词配置与各故障无关",
    ),
    WorldQuestion(
        "recruit_ocr_healthy", "简历解析那边说调 OCR 超时，OCR 服务本身今天有没有异常？", "existence",
        asked_facts=(HEALTHY,), forbidden=INCIDENT_WORDS, service="pt-ocr", healthy=True,
        diagnosis=f"没有：pt-ocr 5xx 远低于阈值 2%，p99 远低于 3000ms，无告警、无重启；07:13–14:20 请求量偏低，是因为 {BAD_NODE} "
                  "上的 3 个解析 worker 的请求到不了它（那台节点的网络问题），不是 OCR 本身的问题",
    ),
    WorldQuestion(
        "recruit_alert_listing", "现在还有哪些告警在响？列一下。", "listing",
        asked_facts=tuple(fact(name) for name in FIRING), forbidden=("pt-search", "pt-ocr"),
        diagnosis="3 条：BgcheckOrderRejectsHigh（09:50 起，授权书模板 AUTH-TPL-v3 缺证件号码）、SmsSendFailuresHigh（14:10 起，"
                  f"短信模板变量用企业全称超长）、SslCertificateExpiringSoon（{CERT_HOST} 证书 2026-09-27 到期，续期已排期，与今天的"
                  "故障无关）；其余告警都已恢复",
    ),
    WorldQuestion(
        "recruit_notify_changes_listing", "通知服务今天都做过哪些变更？发版和改配置都列出来。", "listing",
        asked_facts=(fact("4.6.0"), fact("sms.template.SMS_INTERVIEW_V3.company", "registered_name"),
                     fact("mail.smtp.pool-size", "pool-size"), fact("4.6.1")),
        forbidden=_not("sms", "ics"), service="pt-notify",
        diagnosis="四次：10:40 发布 4.6.0（ics-kit 2.0.1，导致面试邀请时间错 8 小时）、13:50 短信模板 SMS_INTERVIEW_V3 的 company "
                  "改用 registered_name（导致长企业名短信失败）、16:20 mail.smtp.pool-size 20 -> 40、18:30 发布 4.6.1（ics 带 TZID）",
    ),
)

WORLD = World(name=NAME, title="PinTu 聘途网（招聘平台）", build=build_bundle, questions=QUESTIONS)
