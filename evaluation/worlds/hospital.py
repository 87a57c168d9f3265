"""World "hospital": 仁和医疗 RenHe Health, the online services of a regional hospital group (``rh-*`` services: Java,
Go, Python and Node.js on Kubernetes behind APISIX; the HIS integration gateway, Redis Cluster, MySQL, MinIO, RabbitMQ,
the 众康 HIS with its Oracle database, two coturn servers and the 医保 private-line router on virtual machines), seen on
Tuesday 2026-12-15 from 06:00 to the reference time 16:30 (+08:00): the 07:00 slot release (放号) of expert clinics seven
days ahead, the outpatient morning, lunch and the afternoon clinics. Nothing here was written for the offline agents; ten
incidents of families neither the demo nor the other worlds have, in ordinary noise:

(1) 06:59:40        rh-appointment: scalpers' scripts (``python-requests/2.31.0``, ``okhttp/3.12.13``, 412 IPs of cloud
                    data centres) hammer the slot query at the release; the route's request rate
    07:00–07:17     (``apisix_route_requests_per_second``) goes from ~40 to 5263 at 07:03. Every query is an ``HGETALL`` of
                    a department's slot hash ``appt:slots:{20261222}:<dept>``; the hash tag puts the whole visit date on
                    cluster slot 12590, i.e. on one master, rh-redis-03 → its CPU at 99 % → Redisson ``Command execution
                    timeout`` / ``RedisResponseTimeoutException`` → slot pages and bookings 500. 07:16:20 the security team
                    blocks the IPs and puts a per-IP limit on the route (APISIX); 07:35 a 1 s local cache. The 06:40
                    booking-limit config push is a decoy.
(2) 12:28:11        rh-his (众康 HIS): the vendor's upgrade script V5.3.2_20261215_reg_channel.sql (HIS-CR-20261215-02) adds
                    a column and recreates ``PKG_REG_APPOINT`` — "Warning: Package Body created with compilation errors"
    12:28–13:05     (``PLS-00201: identifier 'V_CHANNEL_CODE' must be declared``), the script still ends "0 ORA- errors"
                    → every booking confirmation through rh-his-gateway fails with ``ORA-04063: package body
                    "HIS.PKG_REG_APPOINT" has errors`` → rh-appointment's second incident of the day. 13:04:48 the vendor
                    recompiles the corrected body (a few ORA-04068 as the pooled sessions pick it up). rh-appointment's
                    11:50 deploy 2.31.0 is a decoy.
(3) 09:05 / 09:12   rh-notify: the publicity office adds 118.31.72.19 (康随 follow-up system, live today) to the WeChat
                    official account's IP whitelist; that system fetches its own ``access_token`` with the hospital's
    09:17–10:04,    AppSecret every 30 min, which invalidates the token rh-notify caches until its own refresh → template
    10:17–11:04     messages fail with ``errcode=40001 … access_token is invalid or not latest`` (lab-report and payment
                    notices lost; appointment reminders fall back to SMS), in two stretches around rh-notify's 10:04
                    refresh. 11:02 the vendor switches to the hospital's token API, 11:04 forced refresh. The 08:55 SMS
                    channel-weight push is a decoy; rh-lab-report, whose patients complain, publishes normally.
(4) 09:41:07        rh-yb-network: the carrier's MSTP line to the provincial 医保 platform goes down (fibre cut, carrier
                    ticket 10000-YB-2026121500417); the router fails over to the IPsec backup Tunnel100 (ip mtu 1400) and
    09:41–10:36     the firewall drops ICMP fragmentation-needed → a PMTU black hole: small calls (1101, 2201) work, the
                    large fee-detail upload 2204 and settlement 2207 of rh-payment hit ``SocketTimeoutException: Read timed
                    out`` → 医保 settlement fails, self-pay works. 10:35:40 ``tcp adjust-mss 1360`` on Tunnel100; the line
                    itself is back at 15:10. rh-payment's 08:10 deploy 3.12.1 is a decoy.
(5) 10:44:12        rh-data-report: an operator reruns the failed 02:00 health-commission upload by hand; the job pod lands
                    on rh-k8s-node-07 (joined the day before from an image without the conntrack tuning:
    10:48–11:33     ``nf_conntrack_max`` 131072 instead of 1048576) and opens one HTTPS connection per record → ``nf_conntrack:
                    table full, dropping packet`` on that node only → the one rh-prescription pod and the one rh-lab-report
                    pod on node-07 time out (``dial tcp …: i/o timeout``, ``ConnectTimeoutError``), readiness flaps; the
                    pods on other nodes are fine. 11:31 job deleted, 11:32 sysctl raised. rh-prescription's 10:20 rule-set
                    config is a decoy.
(6) 13:09:52        rh-pharmacy: a pharmacist runs the full stock sync by hand while the HIS export of the same file is still
                    being uploaded → 212 of 4816 rows read, FULL mode sets the 4604 SKUs not in the file to 0 →
    13:10–13:52     ``pharmacy_sku_zero_stock`` peaks at 4641 at 13:51 → rh-prescription rejects routing to the pharmacy
                    (库存不足 stock=0). 13:51 rerun on the complete file. The 11:20 low-stock threshold push is a decoy.
(7) 13:41:27        rh-minio: an administrator adds ``mc ilm rule add --expire-days 1`` to the bucket rh-lab-reports (the
                    ticket meant the temporary export bucket); from 13:52 the scanner expires every report PDF older
    13:52 → now     than a day (delete markers, versioning is on) → rh-lab-report answers ``NoSuchKey`` for earlier
                    reports, today's open fine. 15:21 rule removed, 15:34 a job starts removing the 1214337 delete markers
                    (64.8 % at 16:29): LabReportFileMissing still firing. rh-lab-report's 13:20 deploy 1.9.4 is a decoy.
(8) 14:02:11        rh-payment: WeChat Pay starts signing with its new platform certificate 5157F09E…; rh-payment only
                    holds the old one (auto-update off) → callbacks and order queries fail verification (``signature
    14:02–14:47     verification failed``) → paid orders stay 待支付 (1126 by 14:46). 14:46:30 the new certificate is added
                    to the config, WeChat's retries and a back-fill confirm them by 14:55; 15:05 auto-update on. The 13:30
                    order-expiry config push is a decoy. rh-payment's second incident of the day.
(9) 14:20:05        rh-turn: security-group hardening SEC-20261215-004 removes inbound UDP 49152–65535 (the TURN relay
                    ports) → allocations succeed on 3478 but no media reaches the relays (``rp=0``) → consults that need a
    14:21–15:35     relay end ``ICE failed``; ``webrtc_ice_failure_ratio`` peaks at 43.7 % at 15:12. 15:34:40 the rule is
                    restored. rh-telemed's 13:50 deploy 4.2.0 and 14:05 waiting-room config are decoys.
(10) 15:42:18       rh-his-gateway: an integration engineer sets ``org.apache.cxf`` to DEBUG with Arthas on both VMs to chase
                    a LIS issue → every SOAP payload is logged, the system disk is saturated, the synchronous Log4j2
    15:42 → now     RollingFile appender blocks the request threads (``BLOCKED … RollingFileManager``) → p99 climbs to 9412 ms
                    at 16:21; callers see slow HIS calls. Not reverted at 16:30. The gateway's 14:35 release 2.14.3 is
                    a decoy.

Healthy: rh-patient (deploy 5.4.0 at 08:30 is a decoy) and rh-queue (a voice-speed config at 13:00 is a decoy) —
INFO/WARN noise only, under their thresholds, no alert, no pod on node-07. Still firing at 16:30: KubeJobFailed (the
02:00 upload job, unrelated to the day's trouble but why it was rerun), LabReportFileMissing, HostDiskIOUtilHigh and
HisGatewayLatencyHigh. Kubernetes: the deployments and their pods (with their nodes), the failed 02:00 job pod, the restore
job, and the events of the last hour (event TTL 1 h).
Run ``python -m evaluation.worlds hospital`` to print the bundle.
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
    k8s_suffix,
    pod_names,
    termination,
)
from evaluation.worlds.spec import HEALTHY, Peak, World, WorldQuestion, fact

NAME = "hospital"
SEED = 20261215
TZ = dt.timezone(dt.timedelta(hours=8))
DAY = dt.date(2026, 12, 15)
START = dt.datetime(2026, 12, 15, 6, 0, tzinfo=TZ)
REFERENCE = dt.datetime(2026, 12, 15, 16, 30, tzinfo=TZ)
NS = "renhe-online"
MONTH = "Dec"  # nginx's $time_local, independent of the locale

_t = functools.partial(clock_on, DAY, TZ)  # a clock on the world's day, for module-level constants

# --- The lines the questions are about (the tests find each one in the bundle) ----------------
# (1) the slot release
APPT_LIMIT_CONFIG = ("[nacos] config changed: dataId=rh-appointment.yaml group=APPT key=appt.booking.max-per-patient-per-day "
                     "old=3 new=2 operator=yiwu_zhanghong md5=5d1c77e0a9b2")
SLOT_RELEASE = ("slot release job: visit_date=2026-12-22 departments=38 doctors=412 slots=21604 written to "
                "appt:slots:{20261222}:* (cluster slot 12590, master rh-redis-03 10.20.5.13:6379) took=2.1s")
SLOT_KEY = "appt:slots:{{20261222}}:{dept}"
REDIS_TIMEOUT = ("GET /api/appt/v1/slots failed date=2026-12-22 dept={dept} after {took}ms: "
                 "org.redisson.client.RedisTimeoutException: Command execution timeout for command: (HGETALL), params: "
                 "[appt:slots:{{20261222}}:{dept}], Redis client: [addr=redis://10.20.5.13:6379]")
REDIS_RESPONSE_TIMEOUT = ("POST /api/appt/v1/bookings failed patient={pid} dept={dept}: org.redisson.client."
                          "RedisResponseTimeoutException: Redis server response timeout (3000 ms) occured after 3 retry "
                          "attempts, is non-idempotent command: true. Increase nettyThreads and/or timeout settings. Try to "
                          "define pingConnectionInterval setting. Command: (EVALSHA), params: [9f3c1d0e27ab, 1, "
                          "appt:slots:{{20261222}}:{dept}, {doc}-AM-{seq}], channel: [id: 0x{chan}, L:/{ip}:{port} - "
                          "R:10.20.5.13/10.20.5.13:6379]")
BOT_ANALYSIS = ("sec_huangwei (安全运营): route appt-slot-query 06:59–07:09: 412 client IPs in 5 data-centre ASNs (AS37963, "
                "AS45090, AS58466, AS4808, AS55990) sent 81.4% of the requests, User-Agent python-requests/2.31.0 or "
                "okhttp/3.12.13, no Referer, 18–40 req/s per IP, only dept 0112/0203/0402 expert slots — 号贩子刷号脚本")
APISIX_BLOCK = ("apisix admin API: PATCH /apisix/admin/routes/appt-slot-query by sec_huangwei: plugins ip-restriction "
                "(blacklist 412 IPs, message \"访问受限\") and limit-count (count=20, time_window=60, key=remote_addr, "
                "rejected_code=503) enabled")
APPT_LOCAL_CACHE = ("[nacos] config changed: dataId=rh-appointment.yaml group=APPT key=appt.slots.local-cache.ttl-ms old=0 "
                    "new=1000 operator=dev_wuhao md5=0b9e4f3d7a61")
RPS_PEAK = 5263
RPS_ALERT_VALUE = "4380"

# (2) the HIS upgrade script
APPT_DEPLOY = ("deploy finished: rh-appointment 2.31.0 (was 2.30.4) rolled out by jenkins pipeline=#2871; changes: "
               "就诊人选择页改版, 预约成功页展示院内导航")
HIS_SCRIPT = ("众康HIS 升级 HIS-CR-20261215-02（挂号渠道字段）: zk_impl_wangpeng@rh-hisdb-01 sqlplus HIS/******@HISDB "
              "@V5.3.2_20261215_reg_channel.sql")
HIS_ALTER = "SQL> ALTER TABLE HIS.REG_APPOINT ADD (CHANNEL_CODE VARCHAR2(8));  Table altered."
HIS_PKG_WARNING = ("SQL> CREATE OR REPLACE PACKAGE BODY HIS.PKG_REG_APPOINT AS ... END PKG_REG_APPOINT;  Warning: Package "
                   "Body created with compilation errors.")
HIS_SHOW_ERRORS = ("SQL> SHOW ERRORS PACKAGE BODY HIS.PKG_REG_APPOINT  LINE/COL ERROR: 412/7 PL/SQL: Statement ignored; "
                   "412/34 PLS-00201: identifier 'V_CHANNEL_CODE' must be declared")
HIS_SCRIPT_DONE = ("V5.3.2_20261215_reg_channel.sql finished: 14 statements, 0 ORA- errors, spool "
                   "/home/oracle/upgrade/V5.3.2/reg_channel.log")
HIS_INVALID = ("dba_zhengyu: SELECT object_type, status, last_ddl_time FROM dba_objects WHERE object_name='PKG_REG_APPOINT' "
               "→ PACKAGE VALID 2026-11-02 21:14:05; PACKAGE BODY INVALID 2026-12-15 12:28:11")
HIS_RECOMPILE = ("zk_impl_wangpeng: 修正 PKG_REG_APPOINT 包体（补 V_CHANNEL_CODE 声明）后 ALTER PACKAGE HIS.PKG_REG_APPOINT "
                 "COMPILE BODY;  Package body altered. (dba_objects status=VALID)")
HISGW_ORA = ("调用 HIS 存储过程失败 proc=HIS.PKG_REG_APPOINT.P_CONFIRM appoint_id={aid}: java.sql.SQLException: ORA-04063: "
             "package body \"HIS.PKG_REG_APPOINT\" has errors\nORA-06508: PL/SQL: could not find program unit being called: "
             "\"HIS.PKG_REG_APPOINT\"\nORA-06512: at line 1")
HISGW_ORA_STATE = ("调用 HIS 存储过程失败 proc=HIS.PKG_REG_APPOINT.P_CONFIRM appoint_id={aid}: java.sql.SQLException: "
                   "ORA-04068: existing state of packages has been discarded\nORA-04061: existing state of package body "
                   "\"HIS.PKG_REG_APPOINT\" has been invalidated\nORA-06512: at line 1 (retried on a new call: ok)")
APPT_CONFIRM_FAIL = ("挂号确认失败 order_no={order} patient={pid} doctor={doc} dept={dept}: HIS 接口返回 code=HIS_PROC_ERROR "
                     "msg=ORA-04063: package body \"HIS.PKG_REG_APPOINT\" has errors (took {ms}ms)，号源已释放")

# (3) the WeChat access_token
WX_APPID = "wx7f3e21c9a84d5b06"
NOTIFY_SMS_CONFIG = ("[nacos] config changed: dataId=rh-notify.yaml group=NOTIFY key=sms.channel.weight "
                     "old=aliyun:80,tencent:20 new=aliyun:60,tencent:40 operator=ops_zhouqi md5=a4c09e2b71f3")
TOKEN_REFRESH = (f"wechat token job: access_token refreshed appid={WX_APPID} expires_in=7200, cached in redis "
                 f"wx:token:{WX_APPID}, next refresh at {{next}}")
WX_40001 = ("wechat template send failed msg_id={mid} openid={oid} template={tpl} errcode=40001 errmsg=\"invalid "
            "credential, access_token is invalid or not latest rid: {rid}\"")
WX_WHITELIST = ("sre_wangxin: 微信公众平台 > 设置与开发 > 安全中心 > IP白名单 操作记录: 2026-12-15 09:05 宣传科_liuyan 添加 "
                "118.31.72.19（康随随访系统，今日上线，用本院公众号 AppSecret 自行调用 cgi-bin/token，每 30 分钟获取一次）")
VENDOR_SWITCH = ("sre_wangxin: 康随随访系统已停止自行获取 access_token，改调本院中控接口 GET /internal/wechat/token"
                 "（rh-notify）")
TOKEN_FORCE = f"wechat token job: access_token force refreshed by sre_wangxin appid={WX_APPID} expires_in=7200"
TOKEN_CONFIG = ("[nacos] config changed: dataId=rh-notify.yaml group=NOTIFY key=wechat.token.refresh-on-invalid old=false "
                "new=true operator=sre_wangxin md5=3e8d61c0f5a2")

# (4) the 医保 line and the MTU black hole
PAY_DEPLOY = ("deploy finished: rh-payment 3.12.1 (was 3.12.0) rolled out by jenkins pipeline=#2866; changes: 电子发票重开入口, "
              "缴费记录分页")
YB_LINK_DOWN = ("%%01IFNET/4/LINK_STATE(l)[112]:The line protocol IP on the interface GigabitEthernet0/0/1 has entered the "
                "DOWN state.")
YB_FAILOVER = ("%%01RM/4/STATICRT_TRACK(l)[115]:Static route 10.95.0.0/16 via 172.30.1.1 (GigabitEthernet0/0/1, track nqa "
               "admin yb-mstp) withdrawn; floating static route via Tunnel100 (preference 80, IPsec to 115.236.60.14) active")
YB_TICKET = ("netops_gaojian: 电信报障 10000-YB-2026121500417: 医保 MSTP 专线（电路 HZ-MSTP-0571-88213）光缆中断，"
             "预计 15:00 前修复；当前走备份 IPsec 隧道 Tunnel100")
YB_TCPDUMP = ("netops_gaojian: tcpdump -i Tunnel100 host 10.95.12.30: segments of 1460 bytes to 10.95.12.30:8080 retransmitted "
              "(seq 1:1461 x6), no ICMP type 3 code 4 (fragmentation-needed) comes back — rh-fw-01 policy deny-icmp-untrust "
              "drops it; Tunnel100 ip mtu 1400 (IPsec overhead 73 bytes), GigabitEthernet0/0/2 mtu 1500")
YB_MSS_FIX = ("netops_gaojian: interface Tunnel100: tcp adjust-mss 1360 (NET-20261215-009, rh-yb-ar-01 "
              "\"display current-configuration interface Tunnel100\" confirmed)")
YB_LINK_UP = ("%%01IFNET/4/LINK_STATE(l)[131]:The line protocol IP on the interface GigabitEthernet0/0/1 has entered the "
              "UP state.")
PAY_YB_TIMEOUT = ("医保接口调用失败 infno={infno} ({label}) msgid={msgid} items={items} request_bytes={size}: "
                  "java.net.SocketTimeoutException: Read timed out (connect 21ms, readTimeout 30000ms) "
                  "url=http://10.95.12.30:8080/fsi/api/rsfComIfsService/callService")
PAY_YB_ROLLBACK = ("门诊医保结算失败 settle_id={sid} patient={pid}: {infno} 调用超时，已撤销预结算，提示患者改自费或到窗口结算")

# (5) node-07's conntrack table
RX_RULESET_CONFIG = ("[nacos] config changed: dataId=rh-prescription.yaml group=RX key=rx.audit.ruleset old=2026.11 "
                     "new=2026.12 operator=yaojuke_chenli md5=6f2a90c3d1e8")
DATA_JOB_0200 = 29954520  # the Unix minute of 2026-12-15 02:00 +08:00: the CronJob's job of the night
DATA_JOB_NIGHT = f"rh-data-report-{DATA_JOB_0200}"
DATA_JOB_MANUAL = "rh-data-report-manual-" + k8s_suffix("rh-data-report-manual", 5)
DATA_POD_MANUAL = f"{DATA_JOB_MANUAL}-{k8s_suffix(DATA_JOB_MANUAL + '#pod', 5)}"
DATA_POD_NIGHT = f"{DATA_JOB_NIGHT}-{k8s_suffix(DATA_JOB_NIGHT + '#pod', 5)}"
DATA_JOB_CREATE = (f"kubectl create job {DATA_JOB_MANUAL} --from=cronjob/rh-data-report -n {NS} by xinxi_zhoubin "
                   "(卫健委要求 12:00 前补报 2026-12-14 数据，凌晨 02:00 的任务失败)")
DATA_UPLOAD_RECORDS = 2418226
DATA_JOB_START = ("upload started: date=2026-12-14 tables=outp_visit,outp_fee,rx_detail,lab_result "
                  f"records={DATA_UPLOAD_RECORDS} workers=64 endpoint=https://10.99.18.20:8443/hip/api/v2/upload "
                  "(requests.post per record, no session)")
CONNTRACK_FULL = "kernel: nf_conntrack: nf_conntrack: table full, dropping packet"
CONNTRACK_FINDING = (f"sre_liming: rh-k8s-node-07: conntrack -C 131072 = net.netfilter.nf_conntrack_max 131072 "
                     "(rh-k8s-node-01..06: 1048576; node-07/08 joined 2026-12-14 from image rh-node-2026.12 without "
                     "/etc/sysctl.d/90-k8s-tuning.conf); top source 10.244.7.45 (pod "
                     f"{DATA_POD_MANUAL}) 97k entries to 10.99.18.20:8443, mostly TIME_WAIT")
DATA_JOB_DELETE = f"kubectl delete job {DATA_JOB_MANUAL} -n {NS} by sre_liming (rh-k8s-node-07 conntrack 表满)"
SYSCTL_FIX = ("sre_liming: sysctl -w net.netfilter.nf_conntrack_max=1048576 on rh-k8s-node-07 and rh-k8s-node-08; "
              "90-k8s-tuning.conf added to the node image pipeline (OPS-20261215-027)")
RX_IO_TIMEOUT = ("submit rx failed rx_no={rx}: call his-gateway: Post \"http://10.20.8.10:8080/his/rx/submit\": dial tcp "
                 "10.20.8.10:8080: i/o timeout")
RX_STOCK_IO_TIMEOUT = ("stock check failed rx_no={rx} sku={sku}: Get \"http://rh-pharmacy.renhe-online.svc.cluster.local:8080"
                       "/api/stock/check?sku={sku}\": dial tcp 10.96.41.7:8080: i/o timeout")
LAB_CONNECT_TIMEOUT = ("pull LIS reports failed: HTTPConnectionPool(host='10.20.8.10', port=8080): Max retries exceeded with "
                       "url: /his/lis/reports?since={since} (Caused by ConnectTimeoutError(<urllib3.connection."
                       "HTTPConnection object at 0x7f3a{addr}>, 'Connection to 10.20.8.10 timed out. (connect timeout=3)'))")

# (6) the stock sync on a half-uploaded file
PHARM_THRESHOLD_CONFIG = ("[nacos] config changed: dataId=rh-pharmacy.yaml group=PHARM key=stock.low-stock-threshold.default "
                          "old=10 new=20 operator=yaojuke_chenli md5=c8b1e07a2d94")
STOCK_FILE = "/data/his-export/drug_stock_20261215.csv"
HIS_EXPORT_START = ("HIS 药库库存导出 EXP_DRUG_STOCK started by yaojuke_chenli（HIS 客户端 > 药库管理 > 导出库存）: 4816 items "
                    "→ sftp://10.20.8.30/his-export/drug_stock_20261215.csv")
HIS_EXPORT_DONE = "HIS 药库库存导出 EXP_DRUG_STOCK finished: 4816 rows, 371944 bytes, sftp put drug_stock_20261215.csv done"
PHARM_MANUAL = (f"库存全量同步 triggered manually by yaojuke_chenli（药剂科）from 药房管理后台: reason=\"上午入库的 312 种药库存"
                f"未更新\" file={STOCK_FILE} mode=FULL")
PHARM_READ = (f"stock full sync reading {STOCK_FILE}: size=16384 bytes rows=212 (header ok, last line complete, no row-count "
              "check)")
PHARM_ZEROED = ("stock full sync done (manual): rows=212 skus_updated=212 skus_not_in_file=4604 -> stock set to 0 (mode=FULL) "
                "took=38.4s")
PHARM_RERUN_NOTE = ("dev_tangyu: drug_stock_20261215.csv is complete now (4816 rows, HIS export finished 13:12:05), the 13:09 "
                    "sync read it while it was still being uploaded; rerun full sync")
PHARM_RESTORED = ("stock full sync done (manual): rows=4816 skus_updated=4816 skus_not_in_file=0 -> stock set to 0 for none "
                  "(mode=FULL) took=41.9s")
RX_NO_STOCK = "rx route to pharmacy rejected rx_no={rx} drug={drug} ({code}) need={n}: 库存不足 stock=0 (门诊西药房)"
ZERO_STOCK_PEAK = 4641

# (7) the lifecycle rule on the report bucket
LAB_DEPLOY = ("deploy finished: rh-lab-report 1.9.4 (was 1.9.3) rolled out by jenkins pipeline=#2879; changes: 报告 PDF 加医院"
              "水印, 危急值标红")
ILM_ADD = ("storage_zhaojun@rh-jump-01: mc ilm rule add --expire-days 1 rh-minio/rh-lab-reports (OPS-20261215-031 清理 1 天前"
           "的临时导出文件)")
ILM_ADDED = "mc: Lifecycle configuration rule added with ID `ctp8k3r6q0bs73fq4r0g` to rh-minio/rh-lab-reports."
LAB_NO_SUCH_KEY = ("report pdf download failed report_id={rid} patient={pid}: S3 operation failed; code: NoSuchKey, message: "
                   "The specified key does not exist., resource: /rh-lab-reports/{key}, request_id: {req}, host_id: "
                   "dd9025bab4ad464b049177c95eb6ebf374d3b3fd1af9251148b658df7ac2e3e8, bucket_name: rh-lab-reports, "
                   "object_name: {key}")
ILM_LS = ("sre_liming: mc ilm rule ls rh-minio/rh-lab-reports → ID ctp8k3r6q0bs73fq4r0g Enabled Expiration: 1 day (added "
          "13:41:27 by storage_zhaojun, OPS-20261215-031); bucket versioning Enabled, the expired objects are delete markers")
ILM_RM = "sre_liming: mc ilm rule rm --id ctp8k3r6q0bs73fq4r0g rh-minio/rh-lab-reports"
RESTORE_JOB = "rh-lab-report-restore-markers"
RESTORE_POD = f"{RESTORE_JOB}-{k8s_suffix(RESTORE_JOB + '#pod', 5)}"
RESTORE_START = (f"restore job {RESTORE_JOB} started: removing the delete markers written by ILM expiry since 13:52 "
                 "(1214337 objects) in rh-lab-reports, workers=8 (storage on-call sre_liming)")
EXPIRED_OBJECTS = 1214337

# (8) WeChat Pay's new platform certificate
OLD_SERIAL = "3775B6A45ACD588826D15E583A95F5DD8A2C7E19"
NEW_SERIAL = "5157F09EFDC096DE15EBE81A47057A7232F1B8E1"
PAY_CERT_CHECK = (f"wechatpay platform certificate serial={OLD_SERIAL} expires 2026-12-20T10:11:45+08:00 (in 5 days); "
                  f"local wechatpay.platform-certs=[{OLD_SERIAL}], wechatpay.cert.auto-update=false")
PAY_EXPIRE_CONFIG = ("[nacos] config changed: dataId=rh-payment.yaml group=PAY key=pay.order.expire-minutes old=30 new=15 "
                     "operator=caiwu_lina md5=9d03b6e1f47c")
PAY_VERIFY_FAIL = ("微信支付回调验签失败 out_trade_no={otn} Wechatpay-Serial={new}（本地平台证书只有 {old}）: "
                   "com.wechat.pay.java.core.exception.ValidationException: Processing WechatPay notification,signature "
                   "verification failed,signType[WECHATPAY2-SHA256-RSA2048]\tserial[{new}]")
PAY_QUERY_FAIL = ("补单任务查单失败 out_trade_no={otn}: com.wechat.pay.java.core.exception.ValidationException: Validate "
                  "response failed,the WechatPay signature is incorrect.\nRequest-ID[{rid}]\tserial[{new}]")
PAY_CERT_NOTE = (f"dev_xuli: 回调与查单的 Wechatpay-Serial 都是 {NEW_SERIAL}，不在本地平台证书列表 [{OLD_SERIAL}] 里；"
                 "旧证书 12-20 到期，微信支付已开始用新平台证书签名")
PAY_CERT_DOWNLOAD = ("dev_xuli: java -jar CertificateDownloader.jar -m 1611820342 -f apiclient_key.pem -s "
                     f"5E1B27C04A9D3F66 -k ******** -o /tmp/wxcerts → wechatpay_{NEW_SERIAL}.pem (notBefore 2026-12-10, "
                     "notAfter 2031-12-09)")
PAY_CERT_CONFIG = (f"[nacos] config changed: dataId=rh-payment.yaml group=PAY key=wechatpay.platform-certs old=[{OLD_SERIAL}] "
                   f"new=[{OLD_SERIAL}, {NEW_SERIAL}] operator=dev_xuli md5=17fa2c9e0b63")
PAY_CERT_RELOADED = f"wechatpay platform certificates reloaded: [{OLD_SERIAL}, {NEW_SERIAL}]"
PAY_AUTO_UPDATE = ("[nacos] config changed: dataId=rh-payment.yaml group=PAY key=wechatpay.cert.auto-update old=false "
                   "new=true operator=dev_xuli md5=e25b8d4a9c10")
PAY_BACKFILL = ("补单完成: 14:02–14:47 回调验签失败的 1126 笔缴费单已按查单结果确认支付并推送 HIS 记账，0 笔需人工处理")

# (9) the TURN relay ports
TELEMED_DEPLOY = ("deploy finished: rh-telemed 4.2.0 (was 4.1.3) rolled out by jenkins pipeline=#2881; changes: 问诊页 AI "
                  "降噪默认开启, 医生端候诊列表按等待时长排序")
TELEMED_CONFIG = ("[nacos] config changed: dataId=rh-telemed.yaml group=TELEMED key=consult.waiting-room.timeout-seconds "
                  "old=600 new=900 operator=hlwyy_sunmei md5=b7e3a1905fd2")
TURN_IPS = {"rh-turn-01": "47.98.120.31", "rh-turn-02": "47.98.120.33"}
SG_REVOKE = ("ActionTrail: RevokeSecurityGroup sg-bp1rh7turn9x3 (rh-turn-01, rh-turn-02) by RAM user sec_huangwei "
             "(SEC-20261215-004 公网安全组收敛，关闭非必要高位端口): ingress udp 49152/65535 0.0.0.0/0 removed; remaining "
             "ingress tcp 443, tcp 3478, udp 3478")
SG_RESTORE = ("ActionTrail: AuthorizeSecurityGroup sg-bp1rh7turn9x3 by RAM user sec_huangwei (rollback of SEC-20261215-004): "
              "ingress udp 49152/65535 0.0.0.0/0 added")
TELEMED_ICE_FAILED = ("consult {cid} ICE failed after 30s doctor={doc} patient={pid} patient_network={net}: host/srflx "
                      "pairs failed, relay {turn}:3478 allocated but no media received; consult ended reason=ICE_FAILED")
TURN_NOTE = ("hlwyy_tangjun: coturn 上 14:20 以后的 relay 会话都是 rp=0 rb=0（对端媒体到不了中继端口），ALLOCATE 都成功；"
             "已找安全组确认")
ICE_PEAK = 43.7
ICE_ALERT_VALUE = "27.5%"

# (10) DEBUG logging on the HIS gateway
ARTHAS = ("[arthas@{pid}]$ logger --name org.apache.cxf --level debug → update logger level success. (jiekou_sunqiang via "
          "ssh from 10.20.1.45, 排查 LIS 报告缺项 工单 IT-20261215-118)")
HISGW_IOSTAT = ("sre_wangxin: iostat -x 5 on rh-his-gw-01: vda w/s 2288 wMB/s 116.9 w_await 418ms %util 99.7; "
                "/opt/his-gw/logs/his-gw.log growing ~7 GB/h since 15:42")
HISGW_JSTACK = ("sre_wangxin: jstack 21877 on rh-his-gw-01: 193/200 http-nio-8080-exec threads BLOCKED (on object monitor) "
                "at org.apache.logging.log4j.core.appender.OutputStreamManager.writeBytes(OutputStreamManager.java:352) - "
                "waiting to lock <0x00000006c1a3e2f8> (a org.apache.logging.log4j.core.appender.rolling.RollingFileManager)")
HISGW_P99_PEAK = 9412
HISGW_DEPLOY = ("deploy finished: rh-his-gateway 2.14.3 (was 2.14.2) by ansible-playbook his-gw-deploy.yml (serial 1, "
                "rh-his-gw-01 then rh-his-gw-02); changes: LIS 报告新增危急值字段映射, HikariPool-HIS leakDetectionThreshold "
                "60s")

# Healthy services' changes, the unrelated alerts
PATIENT_DEPLOY = ("deploy finished: rh-patient 5.4.0 (was 5.3.9) rolled out by jenkins pipeline=#2868; changes: 就诊人关系"
                  "支持\"其他\", 实名认证改用公安二代证核验 v2 接口")
QUEUE_CONFIG = ("[nacos] config changed: dataId=rh-queue.yaml group=QUEUE key=queue.call.voice-speed old=1.0 new=0.9 "
                "operator=menzhen_liping md5=2a7c5e9f0b18")
JOB_FAILED_SUMMARY = (f"Job {NS}/{DATA_JOB_NIGHT} 失败（BackoffLimitExceeded）：CronJob rh-data-report 02:00 的卫健委数据"
                      "上报未完成（省平台 02:00–04:00 维护，HTTP 502）")

# --- Pods, nodes, hosts -----------------------------------------------------------------------
ROLLOUTS: dict[str, list[tuple[str, tuple[str, ...]]]] = {
    "rh-gateway": [("06:00", pod_names("rh-gateway", "3.8.0", 2))],
    "rh-appointment": [("06:00", pod_names("rh-appointment", "2.30.4", 3)),
                       ("11:50:40", pod_names("rh-appointment", "2.31.0", 3))],
    "rh-payment": [("06:00", pod_names("rh-payment", "3.12.0", 3)), ("08:10:40", pod_names("rh-payment", "3.12.1", 3))],
    "rh-prescription": [("06:00", pod_names("rh-prescription", "1.18.2", 3))],
    "rh-lab-report": [("06:00", pod_names("rh-lab-report", "1.9.3", 3)), ("13:20:40", pod_names("rh-lab-report", "1.9.4", 3))],
    "rh-telemed": [("06:00", pod_names("rh-telemed", "4.1.3", 3)), ("13:50:40", pod_names("rh-telemed", "4.2.0", 3))],
    "rh-pharmacy": [("06:00", pod_names("rh-pharmacy", "2.7.1", 2))],
    "rh-notify": [("06:00", pod_names("rh-notify", "1.22.0", 2))],
    "rh-patient": [("06:00", pod_names("rh-patient", "5.3.9", 3)), ("08:30:40", pod_names("rh-patient", "5.4.0", 3))],
    "rh-queue": [("06:00", pod_names("rh-queue", "1.6.2", 2))],
}
NODES = tuple(f"rh-k8s-node-{n:02d}" for n in range(1, 9))
NOISY_NODE = "rh-k8s-node-07"
RX_PODS = ROLLOUTS["rh-prescription"][0][1]
RX_ON_NODE7 = RX_PODS[2]
LAB_OLD = ROLLOUTS["rh-lab-report"][0][1]
LAB_ON_NODE7 = LAB_OLD[1]
VMS = {
    "rh-his-gateway": ["rh-his-gw-01", "rh-his-gw-02"],
    "rh-his": ["rh-hisdb-01", "his-app-01", "his-app-02"],
    "rh-redis": [f"rh-redis-{n:02d}" for n in range(1, 7)],
    "rh-mysql": ["rh-mysql-01", "rh-mysql-02"],
    "rh-minio": [f"rh-minio-{n:02d}" for n in range(1, 5)],
    "rh-rabbitmq": ["rh-mq-01", "rh-mq-02", "rh-mq-03"],
    "rh-turn": ["rh-turn-01", "rh-turn-02"],
    "rh-yb-network": ["rh-yb-ar-01", "rh-fw-01"],
    "rh-k8s-nodes": list(NODES),
    "rh-data-report": [DATA_POD_MANUAL],
}
INSTANCES: dict[str, list[str]] = {service: list(steps[-1][1]) for service, steps in ROLLOUTS.items()} | VMS


def node_of(pod: str, service: str, index: int) -> str:
    """Where a pod runs: the two on node-07 by name, every other one spread over the other seven nodes."""
    if pod in (RX_ON_NODE7, LAB_ON_NODE7):
        return NOISY_NODE
    others = [node for node in NODES if node != NOISY_NODE]
    return others[(index * 3 + len(service)) % len(others)]


def pod_ip(pod: str, node: str) -> str:
    """The pod's address in its node's pod CIDR (10.244.<node number>.0/24)."""
    return f"10.244.{int(node[-2:])}.{10 + int(hashlib.sha256(pod.encode()).hexdigest()[:4], 16) % 240}"


def _pods_with_nodes(service: str, step: int = -1) -> list[tuple[str, str]]:
    return [(pod, node_of(pod, service, i)) for i, pod in enumerate(ROLLOUTS[service][step][1])]


SERVICES: list[Json] = [
    {"name": "rh-gateway", "aliases": ["入口网关", "API 网关", "APISIX", "网关"],
     "description": "APISIX 3.8（Kubernetes，2 个副本）：api.renhe-health.cn 与微信公众号 H5 / App 的 /api/* 入口，按路由转发到 "
                    "renhe-online 命名空间的服务；路由 appt-slot-query（号源查询）、appt-booking、pay-*、wxpay-notify、rx-*、"
                    "report-*、telemed-*；插件 prometheus、limit-count、ip-restriction。"},
    {"name": "rh-appointment", "aliases": ["挂号服务", "预约挂号", "挂号", "预约服务"],
     "description": "预约挂号（Java 17，Spring Boot，3 个副本）：每天 07:00 放 7 天后的号源；号源按就诊日期与科室存在 Redis "
                    "Cluster rh-redis 的 hash appt:slots:{yyyyMMdd}:<科室>（Redisson，超时 3000ms，重试 3 次），订单在 MySQL "
                    "rh-mysql 库 rh_appt；挂号确认经 rh-his-gateway 调 HIS 存储过程 PKG_REG_APPOINT.P_CONFIRM；签到事件发 "
                    "RabbitMQ 给 rh-queue。"},
    {"name": "rh-payment", "aliases": ["缴费服务", "门诊缴费", "缴费", "支付服务"],
     "description": "门诊缴费（Java 17，3 个副本）：微信支付 APIv3（wechatpay-java，回调 /api/pay/wxpay/notify，平台证书列表在 "
                    "nacos 配置 wechatpay.platform-certs）、支付宝、医保移动支付（国家医保信息平台接口 1101/2201/2204/2206/2207，"
                    "经 rh-yb-network 的医保专线到 10.95.12.30，读超时 30s）；费用明细与记账经 rh-his-gateway 调 HIS；"
                    "库 rh_pay（MySQL）。"},
    {"name": "rh-prescription", "aliases": ["电子处方", "处方服务", "处方流转"],
     "description": "电子处方（Go 1.22，3 个副本）：医生开方、合理用药审核（规则库 rx.audit.ruleset）、BJCA 电子签名、处方经 "
                    "rh-his-gateway 上传 HIS；流转到药房前向 rh-pharmacy 校验库存；库 rh_rx（MySQL）。"},
    {"name": "rh-lab-report", "aliases": ["检验报告", "报告查询", "报告服务"],
     "description": "检验检查报告（Python 3.11，Django + Celery，3 个副本）：每分钟经 rh-his-gateway 从 LIS 拉取已审核报告，"
                    "生成 PDF 存 MinIO 桶 rh-lab-reports（rh-minio，开启版本控制），向 RabbitMQ 发 notify.report_ready 由 "
                    "rh-notify 推送微信；患者在公众号查看历史报告 PDF。"},
    {"name": "rh-telemed", "aliases": ["视频问诊", "互联网医院", "在线问诊", "远程问诊"],
     "description": "互联网医院视频问诊（Node.js 20，socket.io 信令，3 个副本）：WebRTC 媒体点对点或经 TURN 中继（rh-turn，"
                    "coturn，3478 端口，中继端口 UDP 49152–65535），TURN 临时凭证由本服务签发。"},
    {"name": "rh-pharmacy", "aliases": ["药房库存", "药品库存", "药房服务", "库存服务"],
     "description": "药房库存（Java 17，2 个副本，PostgreSQL rh_pharmacy）：门诊西药房 / 中药房 / 线上药房的库存；每天 06:10 "
                    "全量同步 HIS 药库导出文件 /data/his-export/drug_stock_YYYYMMDD.csv（HIS 经 SFTP 上传），每 5 分钟增量同步；"
                    "药房管理后台有“库存全量同步”按钮（mode=FULL：文件里没有的药品库存置 0）。"},
    {"name": "rh-his-gateway", "aliases": ["HIS 接口网关", "HIS 网关", "集成平台", "HIS 接口"],
     "description": "HIS 集成网关（Java 11，Spring Boot + Apache CXF，虚拟机 rh-his-gw-01 / rh-his-gw-02，nginx VIP 10.20.8.10）："
                    "对内提供 REST，对众康 HIS 与 LIS 走 WebService/SOAP 与 Oracle 存储过程（HISDB，HikariCP 池 HikariPool-HIS）；"
                    "Log4j2 RollingFile 写在系统盘 /opt/his-gw/logs。"},
    {"name": "rh-notify", "aliases": ["消息通知", "通知服务", "短信服务", "微信通知", "消息推送"],
     "description": "消息通知（Go，2 个副本）：消费 RabbitMQ notify.* 队列，微信公众号模板消息（access_token 由本服务的 token "
                    "任务获取并缓存在 Redis，约 115 分钟刷新一次，对外提供中控接口 /internal/wechat/token）与短信（阿里云、"
                    "腾讯云）。"},
    {"name": "rh-patient", "aliases": ["患者中心", "就诊人管理", "用户中心", "登录服务"],
     "description": "患者账号与就诊人（Java 17，3 个副本）：微信授权登录、实名认证、就诊人绑定、就诊卡；库 rh_patient（MySQL），"
                    "会话在 Redis Cluster。"},
    {"name": "rh-queue", "aliases": ["排队叫号", "候诊叫号", "叫号服务", "叫号系统"],
     "description": "候诊排队与叫号（Node.js，2 个副本）：从 RabbitMQ 收签到事件，驱动诊区叫号屏（WebSocket）与语音播报。"},
    {"name": "rh-data-report", "aliases": ["数据上报", "卫健委上报"],
     "description": "卫健委全民健康信息平台数据上报（Python，Kubernetes CronJob，每天 02:00）：把前一天的门诊、费用、处方、检验"
                    "数据逐条 POST 到省平台 https://10.99.18.20:8443/hip/api/v2/upload，16 个线程。"},
    {"name": "rh-his", "aliases": ["HIS", "HIS 系统", "HISDB", "HIS 数据库"],
     "description": "众康 HIS 5.3（厂商驻场维护）：Oracle 19c HISDB 在 rh-hisdb-01，应用服务器 his-app-01/02；挂号、收费、药库、"
                    "LIS 的存储过程包 PKG_REG_APPOINT、PKG_OUTP_FEE、PKG_LIS_REPORT；药库库存导出经 SFTP 给 rh-pharmacy。"},
    {"name": "rh-redis", "aliases": ["Redis 集群", "Redis", "号源缓存"],
     "description": "Redis 6.2 Cluster：主 rh-redis-01（10.20.5.11，slot 0–5460）、rh-redis-02（10.20.5.12，5461–10922）、"
                    "rh-redis-03（10.20.5.13，10923–16383），从 rh-redis-04..06；号源、会话、微信 access_token。"},
    {"name": "rh-mysql", "aliases": ["MySQL", "业务库"],
     "description": "MySQL 8.0 主从 rh-mysql-01（10.20.3.21）/ rh-mysql-02：库 rh_appt、rh_pay、rh_rx、rh_patient、rh_report。"},
    {"name": "rh-minio", "aliases": ["MinIO", "对象存储", "报告存储"],
     "description": "MinIO 四节点纠删码集群 minio.renhe.internal（rh-minio-01..04）：桶 rh-lab-reports（检验报告 PDF，版本控制"
                    "开启）、rh-lab-export-tmp（临时导出）、rh-rx-pdf；运维经跳板机 rh-jump-01 用 mc 管理。"},
    {"name": "rh-rabbitmq", "aliases": ["RabbitMQ", "消息队列"],
     "description": "RabbitMQ 3.12 三节点集群 rh-mq-01..03，vhost /renhe：队列 notify.wechat、notify.sms、notify.report_ready、"
                    "queue.checkin。"},
    {"name": "rh-turn", "aliases": ["TURN 服务器", "coturn", "媒体中继"],
     "description": "coturn 4.6 两台云主机 rh-turn-01（47.98.120.31）、rh-turn-02（47.98.120.33），realm turn.renhe-health.cn，"
                    "监听 3478，中继端口 UDP 49152–65535，安全组 sg-bp1rh7turn9x3。"},
    {"name": "rh-yb-network", "aliases": ["医保专线", "医保网络", "专线路由器"],
     "description": "到省医保平台（10.95.0.0/16）的网络：华为 AR6140 路由器 rh-yb-ar-01，主用电信 MSTP 专线 GigabitEthernet0/0/1"
                    "（NQA yb-mstp 探测），备份为经互联网的 IPsec 隧道 Tunnel100（ip mtu 1400）；防火墙 rh-fw-01（USG6000E）。"},
    {"name": "rh-k8s-nodes", "aliases": ["K8s 节点", "工作节点", "Kubernetes 节点"],
     "description": "Kubernetes 工作节点 rh-k8s-node-01..08（containerd，kube-proxy iptables 模式，Pod 网段 10.244.<节点号>.0/24）；"
                    "node-07、node-08 于 2026-12-14 用新镜像 rh-node-2026.12 加入。"},
]

QUIET: dict[str, list[tuple[str, str]]] = {
    "rh-appointment": [("07:00:00", "07:18:00"), ("12:28:30", "13:05:30")],
    "rh-payment": [("09:41:20", "10:36:30"), ("14:02:00", "14:56:00")],
    "rh-prescription": [("10:48:20", "11:33:30"), ("13:10:30", "13:53:00")],
    "rh-lab-report": [("10:48:20", "11:33:30"), ("13:52:00", "16:30:00")],
    "rh-telemed": [("14:20:30", "15:36:00")],
    "rh-pharmacy": [("13:09:50", "13:53:00")],
    "rh-notify": [("09:17:30", "11:05:00")],
    "rh-his-gateway": [("12:28:30", "13:05:30"), ("15:42:18", "16:30:00")],
    "rh-turn": [("14:20:00", "15:36:00")],
}
WINDOWS = {
    "bots": (_t("06:59:40"), _t("07:16:20")),
    "slots_down": (_t("07:00:25"), _t("07:17:30")),
    "ora": (_t("12:28:30"), _t("13:04:50")),
    "yb": (_t("09:41:10"), _t("10:35:40")),
    "node7": (_t("10:48:20"), _t("11:32:40")),
    "stock": (_t("13:10:31"), _t("13:52:04")),
    "ilm": (_t("13:52:00"), REFERENCE),
    "wxpay": (_t("14:02:00"), _t("14:46:45")),
    "turn": (_t("14:20:30"), _t("15:34:45")),
    "debug": (_t("15:42:18"), REFERENCE),
}


def _inside(window: str, t: dt.datetime) -> bool:
    a, b = WINDOWS[window]
    return a <= t < b


# --- Small generated values ---------------------------------------------------------------------
Line = tuple[str, str, dict[str, Any]]

DEPTS = [("0112", "心血管内科"), ("0121", "消化内科"), ("0135", "呼吸与危重症医学科"), ("0203", "骨科"), ("0311", "妇科"),
         ("0402", "儿科"), ("0507", "眼科"), ("0518", "耳鼻咽喉科"), ("0601", "皮肤科"), ("0712", "内分泌科")]
HOT_DEPTS = ("0112", "0203", "0402")
DRUGS = [("86011203", "阿莫西林胶囊 0.25g*24粒"), ("86900231", "硝苯地平控释片 30mg*7片"),
         ("86012544", "盐酸二甲双胍缓释片 0.5g*30片"), ("86978812", "阿托伐他汀钙片 20mg*7片"),
         ("86903311", "吸入用布地奈德混悬液 2ml:1mg*5支"), ("86017720", "奥美拉唑肠溶胶囊 20mg*14粒"),
         ("86905518", "头孢克洛缓释片 0.375g*6片"), ("86022135", "氯雷他定片 10mg*6片"), ("86906612", "甲钴胺片 0.5mg*20片"),
         ("86033017", "孟鲁司特钠咀嚼片 4mg*5片")]
LAB_ITEMS = ["血常规", "肝功能", "肾功能", "血脂四项", "糖化血红蛋白", "尿常规", "甲状腺功能五项", "凝血四项", "C反应蛋白"]
SURNAMES = "王李张刘陈杨黄赵吴周徐孙马朱胡郭何林罗高"
GIVEN = "伟芳娜敏静丽强磊洋艳勇军杰娟涛明超秀霞平刚桂"
WECHAT_UA = ("Mozilla/5.0 (iPhone; CPU iPhone OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 "
             "MicroMessenger/8.0.50(0x1800322c) NetType/4G Language/zh_CN",
             "Mozilla/5.0 (Linux; Android 14; V2309A Build/UP1A.231005.007; wv) AppleWebKit/537.36 (KHTML, like Gecko) "
             "Version/4.0 Chrome/122.0.6261.120 Mobile Safari/537.36 XWEB/1220133 MMWEBSDK/20240404 MicroMessenger/8.0.49."
             "2600(0x28003133) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN",
             "RenHeHealth/3.14.2 (iPhone; iOS 17.6.1; Scale/3.00)", "RenHeHealth/3.14.2 (Android 13; HONOR ANY-AN00)")
BOT_UA = ("python-requests/2.31.0", "okhttp/3.12.13")
BOT_NETS = ("47.96", "47.110", "39.105", "121.41", "101.132", "118.89", "106.14")


def _patient(w: WorldBuilder) -> str:
    return f"P{w.rng.randint(1000000, 9899999)}"


def _masked(w: WorldBuilder) -> str:
    return f"{w.rng.choice(SURNAMES)}*{w.rng.choice(GIVEN)}"


def _doctor(w: WorldBuilder) -> str:
    return f"D{w.rng.randint(10400, 10811)}"


def _openid(w: WorldBuilder) -> str:
    alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-"
    return "oR3x5" + "".join(w.rng.choice(alphabet) for _ in range(23))


def _phone(w: WorldBuilder) -> str:
    return f"1{w.rng.choice([35, 36, 38, 39, 58, 59, 87, 88])}****{w.rng.randint(1000, 9999)}"


def _no(prefix: str, w: WorldBuilder, t: dt.datetime) -> str:
    return f"{prefix}{t:%Y%m%d%H%M}{w.rng.randint(10000, 99999)}"


def _report_id(w: WorldBuilder, day: dt.date) -> str:
    return f"LR{day:%Y%m%d}{w.rng.randint(100, 2999):05d}"


def _consult(w: WorldBuilder, t: dt.datetime) -> str:
    return f"CS{t:%Y%m%d%H%M}{w.rng.randint(100, 999)}"


def _uuid(w: WorldBuilder) -> str:
    return f"{w.hex(8)}-{w.hex(4)}-{w.hex(4)}-{w.hex(4)}-{w.hex(12)}"


def _client_ip(w: WorldBuilder) -> str:
    return f"{w.rng.choice([36, 39, 112, 117, 183, 223])}.{w.rng.randint(1, 254)}.{w.rng.randint(1, 254)}.{w.rng.randint(1, 254)}"


def _bot_ip(w: WorldBuilder) -> str:
    return f"{w.rng.choice(BOT_NETS)}.{w.rng.randint(1, 254)}.{w.rng.randint(1, 254)}"


def _upstream(w: WorldBuilder, service: str, t: dt.datetime) -> str:
    pods = ROLLOUTS[service][0][1]
    for clock, step in ROLLOUTS[service]:
        if w.at(clock) <= t:
            pods = step
    pod = w.rng.choice(pods)
    index = pods.index(pod)
    return f"{pod_ip(pod, node_of(pod, service, index))}:8080"


def apisix_line(w: WorldBuilder, t: dt.datetime, method: str, path: str, status: int, rt: float, upstream: str, *,
                ua: str | None = None, client: str | None = None, upstream_status: str | None = None) -> str:
    """An APISIX access line (its default access_log_format)."""
    size = 0 if status in (101, 204) else w.rng.randint(200, 18000) if status < 400 else w.rng.randint(60, 420)
    up_status = upstream_status or ("-" if status == 403 or (status == 503 and upstream == "-") else str(status))
    up_rt = "-" if upstream == "-" else f"{max(rt - 0.001, 0):.3f}"
    referer = "-" if ua in BOT_UA else "https://m.renhe-health.cn/"
    return (f'{client or _client_ip(w)} - - [{t.day:02d}/{MONTH}/{t.year}:{t:%H:%M:%S} +0800] api.renhe-health.cn '
            f'"{method} {path} HTTP/1.1" {status} {size} {rt:.3f} "{referer}" "{ua or w.rng.choice(WECHAT_UA)}" '
            f'{upstream} {up_status} {up_rt} "http://api.renhe-health.cn{path}"')


# --- Noise -------------------------------------------------------------------------------------
def _gateway(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = w.pod_at(ROLLOUTS["rh-gateway"], t)
    roll = w.rng.random()
    visit = DAY + dt.timedelta(days=w.rng.randint(0, 7))
    dept = w.rng.choice(DEPTS)[0]
    ua: str | None = None
    client: str | None = None
    if roll < 0.2 or (_inside("bots", t) and roll < 0.85):
        method, path = "GET", f"/api/appt/v1/slots?date={visit:%Y-%m-%d}&deptId={dept}"
        upstream = _upstream(w, "rh-appointment", t)
        bot = _inside("bots", t) and w.rng.random() < 0.81
        if bot or (t < w.at("07:30") and t >= w.at("07:16:20") and w.rng.random() < 0.5):
            ua, client = w.rng.choice(BOT_UA), _bot_ip(w)
            path = f"/api/appt/v1/slots?date=2026-12-22&deptId={w.rng.choice(HOT_DEPTS)}"
        if ua in BOT_UA and t >= w.at("07:16:20"):
            status, rt, upstream = w.rng.choice([403, 403, 503]), 0.0, "-"
        elif _inside("slots_down", t):
            status = w.rng.choice([500, 500, 200])
            rt = w.rng.uniform(3.0, 9.2) if status == 500 else w.rng.uniform(0.8, 2.9)
        else:
            status, rt = 200, w.rng.uniform(0.004, 0.03)
    elif roll < 0.28:
        method, path = "POST", "/api/appt/v1/bookings"
        upstream = _upstream(w, "rh-appointment", t)
        if _inside("slots_down", t):
            status, rt = w.rng.choice([500, 500, 200]), w.rng.uniform(3.0, 9.5)
        elif _inside("ora", t):
            status, rt = w.rng.choice([500, 500, 500, 500, 200]), w.rng.uniform(0.08, 0.3)
        elif _inside("debug", t):
            status, rt = 200, w.rng.uniform(2.5, 9.8)
        else:
            status, rt = 200, w.rng.uniform(0.09, 0.4)
    elif roll < 0.36:
        method, path = "POST", f"/api/pay/v1/orders/{_no('MZ', w, t)}/wxpay"
        upstream = _upstream(w, "rh-payment", t)
        status, rt = 200, w.rng.uniform(0.06, 0.25)
    elif roll < 0.41:
        method, path = "POST", "/api/pay/v1/insurance/settle"
        upstream = _upstream(w, "rh-payment", t)
        if _inside("yb", t):
            status, rt = w.rng.choice([500, 500, 500, 200]), 30.0 + w.rng.uniform(0.02, 0.4)
        else:
            status, rt = 200, w.rng.uniform(0.8, 2.6)
    elif roll < 0.45:
        method, path = "POST", "/api/pay/wxpay/notify"
        upstream, ua = _upstream(w, "rh-payment", t), "Mozilla/4.0"
        client = f"{w.rng.choice(['101.226.103', '175.24.211', '175.24.214'])}.{w.rng.randint(2, 250)}"
        status, rt = (401 if _inside("wxpay", t) else 200), w.rng.uniform(0.01, 0.05)
    elif roll < 0.53:
        method, path = "POST", "/api/rx/v1/prescriptions"
        upstream = _upstream(w, "rh-prescription", t)
        on7 = upstream.startswith("10.244.7.")
        if _inside("node7", t) and on7:
            status, rt = w.rng.choice([504, 502, 500]), w.rng.uniform(3.0, 6.0)
        else:
            status, rt = 200, w.rng.uniform(0.12, 0.6)
    elif roll < 0.63:
        day = DAY - dt.timedelta(days=w.rng.choice([0, 0, 1, 3, 6, 12, 30]))
        method, path = "GET", f"/api/report/v1/reports/{_report_id(w, day)}/pdf"
        upstream = _upstream(w, "rh-lab-report", t)
        old = day < DAY - dt.timedelta(days=1) or (day < DAY and t.hour >= 14)
        if _inside("ilm", t) and old:
            status, rt = 404, w.rng.uniform(0.01, 0.04)
        elif _inside("node7", t) and upstream.startswith("10.244.7."):
            status, rt = w.rng.choice([504, 502]), w.rng.uniform(3.0, 5.0)
        else:
            status, rt = 200, w.rng.uniform(0.03, 0.2)
    elif roll < 0.7:
        method, path = "POST", f"/api/telemed/v1/consults/{_consult(w, t)}/join"
        upstream = _upstream(w, "rh-telemed", t)
        status, rt = 200, w.rng.uniform(0.02, 0.09)
    elif roll < 0.8:
        method, path = w.rng.choice([("POST", "/api/patient/v1/login/wechat"), ("GET", "/api/patient/v1/members"),
                                     ("GET", "/api/patient/v1/cards/default")])
        upstream = _upstream(w, "rh-patient", t)
        status, rt = 200, w.rng.uniform(0.01, 0.12)
    elif roll < 0.9:
        method, path = "GET", f"/api/queue/v1/status?deptId={dept}&patientId={_patient(w)}"
        upstream = _upstream(w, "rh-queue", t)
        status, rt = 200, w.rng.uniform(0.005, 0.04)
    else:
        sku = w.rng.choice(DRUGS)[0]
        method, path = "GET", f"/api/pharmacy/v1/stock?sku={sku}"
        upstream = _upstream(w, "rh-pharmacy", t)
        status, rt = 200, w.rng.uniform(0.008, 0.05)
    line = apisix_line(w, t, method, path, status, rt, upstream, ua=ua, client=client)
    return "WARN" if status >= 500 else "INFO", line, {"instance": pod, "log_type": "access"}


def _appointment(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = w.pod_at(ROLLOUTS["rh-appointment"], t)
    roll = w.rng.random()
    dept = w.rng.choice(DEPTS)[0]
    visit = DAY + dt.timedelta(days=w.rng.randint(0, 7))
    slow_his = _inside("debug", t)
    if roll < 0.38:
        return "INFO", (f"slots query date={visit:%Y-%m-%d} dept={dept} fields={w.rng.randint(380, 640)} from redis "
                        f"{SLOT_KEY.format(dept=dept).replace('20261222', f'{visit:%Y%m%d}')} in {w.ms(1, 6)}ms"), {
            "instance": pod}
    if roll < 0.62:
        took = w.ms(2600, 9800) if slow_his else w.ms(90, 380)
        return ("WARN" if slow_his else "INFO"), (
            f"booking confirmed order_no={_no('GH', w, t)} patient={_patient(w)} doctor={_doctor(w)} dept={dept} "
            f"visit={visit:%Y-%m-%d} {w.rng.choice(['AM', 'PM'])} seq={w.rng.randint(1, 40)} his_appoint_id="
            f"{w.rng.randint(88000000, 88999999)} took={took}ms" + (" (HIS 接口响应慢 > 2000ms)" if slow_his else "")), {
            "instance": pod}
    if roll < 0.72:
        return "INFO", f"booking cancelled order_no={_no('GH', w, t)} by patient, slot released", {"instance": pod}
    if roll < 0.8:
        return "INFO", (f"HIS 号源同步: departments=38 doctors=412 changed={w.rng.randint(0, 9)} conflicts=0 "
                        f"took={w.ms(600, 1800)}ms"), {"instance": pod, "job": "his-slot-sync"}
    if roll < 0.88:
        limit = 2 if t >= w.at("06:40:18") else 3
        return "WARN", (f"booking rejected patient={_patient(w)}: 已达到当日预约上限 ({limit})"), {"instance": pod}
    if roll < 0.95:
        active = w.rng.randint(0, 5)
        return "DEBUG", f"HikariPool-1 - Pool stats (total=30, active={active}, idle={30 - active}, waiting=0)", {
            "instance": pod, "logger": "com.zaxxer.hikari.pool.HikariPool"}
    return "INFO", f"checkin event published patient={_patient(w)} dept={dept} -> queue.checkin", {"instance": pod}


def _payment(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = w.pod_at(ROLLOUTS["rh-payment"], t)
    roll = w.rng.random()
    if roll < 0.3:
        channel = w.rng.choice(["wxpay", "wxpay", "alipay", "医保+wxpay"])
        took = w.ms(2400, 8800) if _inside("debug", t) else w.ms(60, 240)
        return "INFO", (f"缴费成功 order={_no('MZ', w, t)} patient={_patient(w)} amount={w.rng.randint(12, 980)}."
                        f"{w.rng.randint(0, 99):02d} channel={channel} HIS 记账 ok took={took}ms"), {"instance": pod}
    if roll < 0.45:
        serial = NEW_SERIAL if t >= w.at("14:02") else OLD_SERIAL  # from 14:02 WeChat Pay signs with its new one
        return "INFO", (f"微信支付回调处理成功 out_trade_no={_no('MZ', w, t)} transaction_id=42000{w.rng.randint(10**17, 10**18 - 1)}"
                        f" trade_state=SUCCESS serial={serial}"), {"instance": pod}
    if roll < 0.58:
        infno, label, size = w.rng.choice([("1101", "人员信息获取", w.rng.randint(480, 760)),
                                           ("2201", "门诊挂号", w.rng.randint(900, 1300)),
                                           ("2204", "门诊费用明细信息上传", w.rng.randint(6000, 52000)),
                                           ("2207", "门诊结算", w.rng.randint(1900, 3800))])
        return "INFO", (f"医保接口调用成功 infno={infno} ({label}) msgid=H33010500123{t:%Y%m%d%H%M%S}{w.rng.randint(1000, 9999)} "
                        f"request_bytes={size} took={w.ms(90, 900)}ms"), {"instance": pod}
    if roll < 0.68:
        return "WARN", f"用户取消支付 order={_no('MZ', w, t)} channel=wxpay (USERPAYING -> CLOSED)", {"instance": pod}
    if roll < 0.76:
        return "INFO", (f"补单任务: 待支付超过 10 分钟的订单 {w.rng.randint(0, 6)} 笔，查单确认 0 笔已支付"), {
            "instance": pod, "job": "order-compensate"}
    if roll < 0.84:
        return "INFO", (f"HIS 费用查询 patient={_patient(w)} items={w.rng.randint(1, 40)} took="
                        f"{w.ms(2600, 9400) if _inside('debug', t) else w.ms(40, 180)}ms"), {"instance": pod}
    if roll < 0.92:
        return "INFO", f"电子发票开具成功 invoice_no=3300{w.rng.randint(10**11, 10**12 - 1)} order={_no('MZ', w, t)}", {
            "instance": pod}
    return "DEBUG", f"HikariPool-1 - Pool stats (total=40, active={w.rng.randint(0, 6)}, idle=34, waiting=0)", {
        "instance": pod, "logger": "com.zaxxer.hikari.pool.HikariPool"}


def _prescription(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = w.pod_at(ROLLOUTS["rh-prescription"], t)
    roll = w.rng.random()
    rx = _no("RX", w, t)
    ruleset = "2026.12" if t >= w.at("10:20:30") else "2026.11"
    if roll < 0.35:
        return "INFO", (f"rx submitted rx_no={rx} doctor={_doctor(w)} dept={w.rng.choice(DEPTS)[1]} drugs={w.rng.randint(1, 5)} "
                        f"signed by BJCA cert_sn=1003{w.rng.randint(10**11, 10**12 - 1)} his_rx_id={w.rng.randint(5100000, 5199999)} "
                        f"took={w.ms(140, 520)}ms"), {"instance": pod}
    if roll < 0.55:
        return "INFO", f"rx audit passed rx_no={rx} ruleset={ruleset} warnings=0", {"instance": pod}
    if roll < 0.75:
        code, drug = w.rng.choice(DRUGS)
        return "INFO", (f"rx routed to pharmacy rx_no={rx} pharmacy=门诊西药房 stock check ok sku={code} ({drug}) "
                        f"available={w.rng.randint(30, 2400)}"), {"instance": pod}
    if roll < 0.85:
        return "WARN", (f"rx audit warning rx_no={rx} ruleset={ruleset} rule=R-DDI-0412 (阿托伐他汀钙片 + 克拉霉素 相互作用), "
                        "doctor override with reason"), {"instance": pod}
    if roll < 0.93:
        return "INFO", f"rx pdf rendered rx_no={rx} uploaded to rh-rx-pdf ({w.rng.randint(60, 180)} KB)", {"instance": pod}
    return "INFO", f"ca sign session refreshed doctor={_doctor(w)} (BJCA cloud sign, valid 8h)", {"instance": pod}


def _lab(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = w.pod_at(ROLLOUTS["rh-lab-report"], t)
    roll = w.rng.random()
    if roll < 0.3:
        rid = _report_id(w, DAY)
        items = "、".join(w.rng.sample(LAB_ITEMS, w.rng.randint(1, 3)))
        return "INFO", (f"report ready report_id={rid} patient={_patient(w)} items={items} pdf uploaded to rh-lab-reports/"
                        f"reports/{DAY:%Y/%m/%d}/{rid}.pdf ({w.rng.randint(90, 320)} KB), published notify.report_ready"), {
            "instance": pod, "task": "lab.tasks.render_report"}
    if roll < 0.6:
        day = DAY - dt.timedelta(days=w.rng.choice([0, 0, 1, 3, 6, 12, 30, 90]))
        rid = _report_id(w, day)
        return "INFO", (f"GET /api/report/v1/reports/{rid}/pdf 200 report_date={day:%Y-%m-%d} bytes="
                        f"{w.rng.randint(90000, 330000)} took={w.ms(18, 120)}ms"), {"instance": pod}
    if roll < 0.8:
        took = w.ms(2800, 9600) if _inside("debug", t) else w.ms(80, 600)
        return ("WARN" if took > 2000 else "INFO"), (
            f"LIS pull: {w.rng.randint(0, 38)} audited reports since {(t - dt.timedelta(minutes=1)):%H:%M} "
            f"took={took}ms" + (" (slow HIS gateway)" if took > 2000 else "")), {"instance": pod,
                                                                                  "task": "lab.tasks.pull_lis"}
    if roll < 0.9:
        return "INFO", f"GET /api/report/v1/reports?patientId={_patient(w)}&days=90 200 count={w.rng.randint(1, 24)}", {
            "instance": pod}
    return "WARN", (f"report {_report_id(w, DAY)} recalled by 检验科 (复核), pdf replaced, patient notified"), {"instance": pod}


def _telemed(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = w.pod_at(ROLLOUTS["rh-telemed"], t)
    roll = w.rng.random()
    net = w.rng.choice(["wifi", "wifi", "4g", "5g"])
    if roll < 0.35:
        mode = w.rng.choice(["host", "srflx", "srflx", "relay"]) if net == "wifi" else w.rng.choice(["srflx", "relay", "relay"])
        return "INFO", (f"consult {_consult(w, t)} connected doctor=dr_{w.rng.randint(1001, 1320)} patient=pt_"
                        f"{w.rng.randint(8800000, 8899999)} patient_network={net} ice={mode} rtt={w.ms(24, 140)}ms"), {
            "instance": pod}
    if roll < 0.6:
        return "INFO", (f"consult {_consult(w, t)} ended duration={w.rng.randint(180, 1100)}s reason=NORMAL "
                        f"avg_bitrate={w.rng.randint(420, 1300)}kbps"), {"instance": pod}
    if roll < 0.8:
        dept = w.rng.choice(DEPTS)[1]
        return "INFO", (f"waiting room dept={dept} waiting={w.rng.randint(0, 14)} doctors_online={w.rng.randint(1, 6)}"), {
            "instance": pod, "task": "waiting-room-stats"}
    if roll < 0.9:
        return "INFO", f"turn credential issued user={int(t.timestamp()) + 86400}:pt_{w.rng.randint(8800000, 8899999)} ttl=86400", {
            "instance": pod}
    return "WARN", (f"consult {_consult(w, t)} patient network changed wifi->4g, iceRestart ok after "
                    f"{w.rng.randint(2, 6)}s"), {"instance": pod}


def _pharmacy(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = w.pod_at(ROLLOUTS["rh-pharmacy"], t)
    roll = w.rng.random()
    code, drug = w.rng.choice(DRUGS)
    if roll < 0.3:
        a, b = w.rng.randint(8, 60), w.rng.randint(0, 9)
        return "INFO", (f"stock incremental sync: {a + b} changes from HIS (dispense {a}, receipt {b}) took={w.ms(180, 700)}ms"), {
            "instance": pod, "job": "stock-incremental-sync"}
    if roll < 0.65:
        return "INFO", (f"stock check sku={code} ({drug}) need={w.rng.randint(1, 4)} available={w.rng.randint(30, 2400)} ok"), {
            "instance": pod}
    if roll < 0.85:
        return "INFO", (f"dispense confirmed rx_no={_no('RX', w, t)} window={w.rng.randint(1, 8)}号窗口 items={w.rng.randint(1, 5)}"), {
            "instance": pod}
    threshold = 20 if t >= w.at("11:20:40") else 10
    return "WARN", (f"low stock sku={code} ({drug}) available={w.rng.randint(2, threshold)} threshold={threshold}"), {
        "instance": pod}


HIS_PROCS = ("HIS.PKG_OUTP_FEE.P_QUERY_FEE", "HIS.PKG_OUTP_FEE.P_CHARGE", "HIS.PKG_REG_APPOINT.P_CONFIRM",
             "HIS.PKG_REG_APPOINT.P_CANCEL", "HIS.PKG_LIS_REPORT.P_LIST_AUDITED")


def _his_gateway(w: WorldBuilder, t: dt.datetime) -> Line:
    host = w.instance("rh-his-gateway")
    roll = w.rng.random()
    thread = f"http-nio-8080-exec-{w.rng.randint(1, 200)}"
    if roll < 0.55:
        proc = w.rng.choice(HIS_PROCS)
        return "INFO", (f"[{thread}] INFO  c.r.his.gw.HisInvoker - invoke proc={proc} patient={_patient(w)} "
                        f"took={w.ms(12, 260)}ms"), {"instance": host}
    if roll < 0.75:
        return "INFO", (f"[{thread}] INFO  c.r.his.gw.ws.LisClient - ws=LisReportService.listFinished since="
                        f"{(t - dt.timedelta(minutes=1)):%H:%M} rows={w.rng.randint(0, 38)} took={w.ms(60, 420)}ms"), {
            "instance": host}
    if roll < 0.85:
        return "INFO", f"[{thread}] INFO  c.r.his.gw.ws.RxClient - ws=RxService.submit rx_no={_no('RX', w, t)} took={w.ms(40, 300)}ms", {
            "instance": host}
    if roll < 0.95:
        active = w.rng.randint(1, 9)
        return "DEBUG", (f"[HikariPool-HIS housekeeper] DEBUG com.zaxxer.hikari.pool.HikariPool - HikariPool-HIS - Pool stats "
                         f"(total=40, active={active}, idle={40 - active}, waiting=0)"), {"instance": host}
    return "WARN", (f"[{thread}] WARN  c.r.his.gw.HisInvoker - HIS returned business error proc=HIS.PKG_OUTP_FEE.P_CHARGE "
                    "code=FEE_ALREADY_SETTLED (duplicate submit from client, ignored)"), {"instance": host}


def _notify(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = w.pod_at(ROLLOUTS["rh-notify"], t)
    roll = w.rng.random()
    if roll < 0.5:
        tpl = w.rng.choice(["APPT_REMIND", "LAB_REPORT_READY", "LAB_REPORT_READY", "PAY_SUCCESS", "QUEUE_CALL"])
        return "INFO", (f"wechat template sent msg_id={w.rng.randint(10**15, 10**16 - 1)} openid={_openid(w)} template={tpl} "
                        f"took={w.ms(40, 180)}ms"), {"instance": pod}
    if roll < 0.75:
        vendor = "aliyun" if w.rng.random() < (0.6 if t >= w.at("08:55:10") else 0.8) else "tencent"
        return "INFO", (f"sms sent via {vendor} phone={_phone(w)} template=SMS_27461022 biz_id={w.rng.randint(10**14, 10**15 - 1)}"
                        f"^0 took={w.ms(60, 300)}ms"), {"instance": pod}
    if roll < 0.85:
        return "WARN", (f"wechat template send failed openid={_openid(w)} template=APPT_REMIND errcode=43004 errmsg=\"require "
                        f"subscribe rid: {w.hex(8)}-{w.hex(8)}-{w.hex(8)}\" (user unsubscribed, dropped)"), {"instance": pod}
    if roll < 0.95:
        return "INFO", (f"consumer stats queue=notify.report_ready delivered={w.rng.randint(20, 200)} acked="
                        f"{w.rng.randint(20, 200)} ready=0"), {"instance": pod}
    return "INFO", "GET /internal/wechat/token 200 caller=rh-appointment (cache hit)", {"instance": pod}


def _patient_noise(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = w.pod_at(ROLLOUTS["rh-patient"], t)
    roll = w.rng.random()
    if roll < 0.45:
        return "INFO", (f"wechat login ok patient={_patient(w)} openid={_openid(w)} channel="
                        f"{w.rng.choice(['mp', 'mp', 'app-ios', 'app-android'])} took={w.ms(20, 160)}ms"), {"instance": pod}
    if roll < 0.65:
        return "INFO", (f"member added patient={_patient(w)} member={_masked(w)} relation="
                        f"{w.rng.choice(['本人', '子女', '父母', '配偶'])} card=electronic"), {"instance": pod}
    if roll < 0.8:
        version = "v2" if t >= w.at("08:30:40") else "v1"
        return "INFO", (f"实名认证通过 patient={_patient(w)} name={_masked(w)} via 公安二代证核验 {version} took={w.ms(300, 1200)}ms"), {
            "instance": pod}
    if roll < 0.9:
        return "WARN", (f"实名认证不通过 patient={_patient(w)} reason=姓名与身份证号不一致 attempt={w.rng.randint(1, 3)}"), {
            "instance": pod}
    return "INFO", f"session refreshed patient={_patient(w)} ttl=7d", {"instance": pod}


def _queue(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = w.pod_at(ROLLOUTS["rh-queue"], t)
    roll = w.rng.random()
    code, dept = w.rng.choice(DEPTS)
    room = f"{w.rng.randint(2, 6)}-{w.rng.randint(1, 24):02d}"
    if roll < 0.45:
        return "INFO", (f"call next dept={dept} room={room} doctor={_doctor(w)} -> {w.rng.choice('ABC')}{w.rng.randint(1, 90):03d} "
                        f"{_masked(w)} voice={'0.9' if t >= w.at('13:00:20') else '1.0'}x"), {"instance": pod}
    if roll < 0.75:
        return "INFO", f"checkin received patient={_patient(w)} dept={dept} position={w.rng.randint(1, 40)}", {"instance": pod}
    if roll < 0.9:
        return "INFO", f"screens online {w.rng.randint(61, 64)}/64, ws clients {w.rng.randint(180, 260)}", {
            "instance": pod, "task": "screen-heartbeat"}
    return "WARN", (f"screen {w.rng.randint(2, 6)}F-诊区{w.rng.choice('ABCD')}-{w.rng.randint(1, 8):02d} reconnected after "
                    f"{w.rng.randint(3, 40)}s (ws ping timeout)"), {"instance": pod}


def _redis(w: WorldBuilder, t: dt.datetime) -> Line:
    node = w.rng.choice(VMS["rh-redis"][:3])
    roll = w.rng.random()
    if roll < 0.5:
        return "INFO", (f"cluster_state:ok cluster_slots_ok:16384 connected_clients:{w.rng.randint(210, 340)} "
                        f"instantaneous_ops_per_sec:{w.rng.randint(800, 4200)} used_memory_human:{w.rng.uniform(2.1, 3.4):.2f}G"), {
            "instance": node, "job": "redis-info-collector"}
    if roll < 0.8:
        return "INFO", "Background saving terminated with success", {"instance": node}
    return "INFO", (f"slowlog id={31000 + int((t - START).total_seconds() // 300)} duration={w.rng.randint(10100, 14800)}us cmd=\"SCAN 0 MATCH "
                    "sess:* COUNT 1000\" client=10.20.1.45:51022 name=ops-session-audit"), {"instance": node,
                                                                                             "log_type": "slowlog"}


def _mysql(w: WorldBuilder, t: dt.datetime) -> Line:
    roll = w.rng.random()
    if roll < 0.6:
        qt = w.rng.uniform(1.1, 2.7)
        return "INFO", (f"slow_log: Query_time: {qt:.6f}  Lock_time: 0.0000{w.rng.randint(10, 99)} Rows_sent: {w.rng.randint(1, 40)}  "
                        f"Rows_examined: {w.rng.randint(80000, 260000)} user=report_ro db=rh_pay: SELECT channel, DATE(paid_at), "
                        "SUM(amount) FROM pay_order WHERE paid_at >= CURDATE() - INTERVAL 30 DAY GROUP BY 1, 2"), {
            "instance": "rh-mysql-02", "log_type": "slowlog"}
    return "WARN", (f"[Warning] [MY-010055] [Server] IP address '10.244.{w.rng.randint(1, 8)}.{w.rng.randint(10, 250)}' could "
                    "not be resolved: Name or service not known"), {"instance": "rh-mysql-01"}


def _his(w: WorldBuilder, t: dt.datetime) -> Line:
    roll = w.rng.random()
    if roll < 0.55:
        return "INFO", (f"HIS 门诊收费: 窗口 {w.rng.randint(1, 18)} 收费员 sf{w.rng.randint(101, 160)} 结算 "
                        f"{w.rng.randint(3, 30)} 笔"), {"instance": w.rng.choice(["his-app-01", "his-app-02"])}
    return "INFO", (f"HIS LIS 审核: 检验科 审核报告 {w.rng.randint(5, 60)} 份 (仪器 {w.rng.choice(['XN-1000', 'AU5800', 'cobas e601'])})"), {
        "instance": w.rng.choice(["his-app-01", "his-app-02"])}


def his_log_switches(w: WorldBuilder) -> None:
    """HISDB's alert log: a redo log switch every 10–14 minutes, the sequence counting up."""
    moment, seq = w.at("06:04:51.220"), 88197
    while moment < REFERENCE:
        group = seq % 3 + 1
        w.log(moment, "rh-his", "INFO", f"Thread 1 advanced to log sequence {seq} (LGWR switch)  Current log# {group} seq# "
              f"{seq} mem# 0: +DATA/HISDB/ONLINELOG/group_{group}.262.1148722013", instance="rh-hisdb-01", trace=False,
              log_type="alert.log")
        moment += dt.timedelta(seconds=w.rng.randint(600, 840), milliseconds=w.rng.randint(0, 999))
        seq += 1


def _minio(w: WorldBuilder, t: dt.datetime) -> Line:
    node = w.instance("rh-minio")
    if w.rng.random() < 0.4:
        return "INFO", (f"cluster health: 4/4 nodes online, 16/16 drives online, usage {w.rng.randint(60, 62)}%, "
                        "healing 0 objects"), {"instance": "minio-exporter", "job": "minio-health"}
    return "INFO", (f"API: PutObject(bucket=rh-rx-pdf, object=rx/{DAY:%Y/%m/%d}/{_no('RX', w, t)}.pdf) 200 "
                    f"{w.rng.randint(60, 180)}KB"), {"instance": node, "log_type": "audit"}


def _rabbitmq(w: WorldBuilder, t: dt.datetime) -> Line:
    node = w.instance("rh-rabbitmq")
    roll = w.rng.random()
    src = f"10.244.{w.rng.choice([1, 2, 3, 4, 5, 6, 8])}.{w.rng.randint(10, 250)}:{w.rng.randint(32000, 60999)}"
    if roll < 0.5:
        return "INFO", f"accepting AMQP connection <0.{w.rng.randint(1000, 9999)}.0> ({src} -> 10.20.7.41:5672)", {"instance": node}
    if roll < 0.85:
        user = w.rng.choice(["notify", "appointment", "lab_report", "queue"])
        return "INFO", (f"connection <0.{w.rng.randint(1000, 9999)}.0> ({src} -> 10.20.7.41:5672): user '{user}' authenticated "
                        "and granted access to vhost '/renhe'"), {"instance": node}
    return "WARN", (f"closing AMQP connection <0.{w.rng.randint(1000, 9999)}.0> ({src} -> 10.20.7.41:5672, vhost: '/renhe', "
                    "user: 'queue'): client unexpectedly closed TCP connection"), {"instance": node}


def _turn_user(w: WorldBuilder, t: dt.datetime) -> str:
    """A TURN REST username: the credential's expiry (issued by rh-telemed for 24 h) and the doctor or patient."""
    who = f"dr_{w.rng.randint(1001, 1320)}" if w.rng.random() < 0.5 else f"pt_{w.rng.randint(8800000, 8899999)}"
    return f"{int(t.timestamp()) + 86400 - w.rng.randint(0, 1800)}:{who}"


def _turn_session(w: WorldBuilder) -> str:
    return f"{w.rng.randint(1, 2):03d}0000000000{w.rng.randint(10000, 99999)}"


def _turn(w: WorldBuilder, t: dt.datetime) -> Line:
    node = w.instance("rh-turn")
    roll = w.rng.random()
    user = _turn_user(w, t)
    sid = _turn_session(w)
    if roll < 0.35:
        return "INFO", (f"session {sid}: realm <turn.renhe-health.cn> user <{user}>: incoming packet ALLOCATE processed, "
                        "success"), {"instance": node}
    if roll < 0.55:
        return "INFO", (f"session {sid}: peer {_client_ip(w)} lifetime updated: 300"), {"instance": node}
    if roll < 0.8:
        rp = w.rng.randint(8000, 60000)
        return "INFO", (f"session {sid}: usage: realm=<turn.renhe-health.cn>, username=<{user}>, rp={rp}, rb={rp * 780}, "
                        f"sp={rp - w.rng.randint(0, 400)}, sb={rp * 760}"), {"instance": node}
    return "INFO", (f"session {sid}: closed (2nd stage), user <{user}> realm <turn.renhe-health.cn> origin <>, local "
                    f"0.0.0.0:3478, remote {_client_ip(w)}:{w.rng.randint(20000, 60999)}, reason: allocation timeout"), {
        "instance": node}


def _yb_network(w: WorldBuilder, t: dt.datetime) -> Line:
    roll = w.rng.random()
    if roll < 0.5:
        via = "Tunnel100" if _t("09:41:13") <= t < _t("15:10:30") else "GigabitEthernet0/0/1"
        return "INFO", (f"yb-probe: 10.95.12.30:8080 tcp connect {w.ms(8, 22) if via.startswith('Tunnel') else w.ms(3, 9)}ms "
                        f"via {via}"), {"instance": "rh-yb-ar-01", "job": "yb-probe"}
    if roll < 0.8:
        return "INFO", (f"%%01SHELL/5/CMDRECORD(s)[{w.rng.randint(20, 90)}]:Recorded command information. (Task=VT0, "
                        "Ip=10.20.1.46, VpnName=, User=netmon, AuthenticationMethod=\"Local-user\", Command=\"display "
                        "interface brief\")"), {"instance": "rh-yb-ar-01"}
    return "INFO", (f"policy permit-his-yb: session 10.20.8.{w.rng.randint(11, 12)}:{w.rng.randint(32000, 60999)} -> "
                    f"10.95.12.30:8080 tcp closed, bytes {w.rng.randint(2000, 60000)}"), {"instance": "rh-fw-01"}


def _nodes(w: WorldBuilder, t: dt.datetime) -> Line:
    node = w.rng.choice(NODES)
    if w.rng.random() < 0.5:
        return "INFO", (f"kubelet[1187]: I1215 {t:%H:%M:%S}.{w.rng.randint(100000, 999999)}    1187 image_gc_manager.go:316] "
                        f"\"Disk usage on image filesystem is within threshold\" usage={w.rng.randint(28, 61)} "
                        "highThreshold=85"), {"instance": node}
    return "INFO", (f"containerd[912]: time=\"{t:%Y-%m-%dT%H:%M:%S}.{w.rng.randint(100000000, 999999999)}+08:00\" level=info "
                    "msg=\"ImageCreate event name:\\\"registry.renhe.internal/pause:3.9\\\"\""), {"instance": node}


NOISE = {
    "rh-gateway": (_gateway, 12), "rh-appointment": (_appointment, 45), "rh-payment": (_payment, 45),
    "rh-prescription": (_prescription, 50), "rh-lab-report": (_lab, 60), "rh-telemed": (_telemed, 60),
    "rh-pharmacy": (_pharmacy, 90), "rh-his-gateway": (_his_gateway, 35), "rh-notify": (_notify, 50),
    "rh-patient": (_patient_noise, 50), "rh-queue": (_queue, 60), "rh-redis": (_redis, 300), "rh-mysql": (_mysql, 420),
    "rh-his": (_his, 420), "rh-minio": (_minio, 400), "rh-rabbitmq": (_rabbitmq, 300), "rh-turn": (_turn, 70),
    "rh-yb-network": (_yb_network, 240), "rh-k8s-nodes": (_nodes, 400),
}


# --- Rollouts: the lines a Spring Boot / Node / Go service writes when a new version comes up ------
def rollouts(w: WorldBuilder) -> None:
    starts = {"rh-appointment": ("Started AppointmentApplication in {s} seconds (process running for {p})", APPT_DEPLOY),
              "rh-payment": ("Started PaymentApplication in {s} seconds (process running for {p})", PAY_DEPLOY),
              "rh-patient": ("Started PatientApplication in {s} seconds (process running for {p})", PATIENT_DEPLOY),
              "rh-lab-report": ("[gunicorn] Booting worker with pid: {pid} (rh-lab-report 1.9.4, 4 workers)", LAB_DEPLOY),
              "rh-telemed": ("rh-telemed 4.2.0 listening on :8080 (node v20.17.0, socket.io 4.7.5) in {s}s", TELEMED_DEPLOY)}
    for service, (started, deploy) in starts.items():
        clock, pods = ROLLOUTS[service][1]
        at = w.at(clock)
        w.log(at - dt.timedelta(seconds=35), service, "INFO", deploy, instance=pods[0], change="deploy")
        for index, pod in enumerate(pods):
            seconds = w.rng.randint(90, 160) / 10
            w.log(at + dt.timedelta(seconds=12 * index, milliseconds=w.rng.randint(0, 900)), service, "INFO",
                  started.format(s=seconds, p=round(seconds + 2.3, 1), pid=w.rng.randint(40, 90)), instance=pod)


# --- Incident 1: scalpers at the slot release, one Redis master saturated ----------------------
RPS = [(START, 34), (_t("06:40"), 38), (_t("06:58"), 44), (_t("06:59"), 610), (_t("07:00"), 4380), (_t("07:01"), 5020),
       (_t("07:02"), 5190), (_t("07:03"), RPS_PEAK), (_t("07:04"), 5170), (_t("07:06"), 5080), (_t("07:09"), 4870),
       (_t("07:12"), 4690), (_t("07:16"), 4410), (_t("07:17"), 2120), (_t("07:20"), 1210), (_t("07:30"), 520),
       (_t("07:45"), 240), (_t("08:00"), 130), (_t("09:00"), 88), (_t("12:00"), 52), (_t("14:00"), 71), (REFERENCE, 44)]
REDIS3_CPU = [(START, 8.0), (_t("06:59"), 13.0), (_t("07:00"), 96.4), (_t("07:01"), 99.2), (_t("07:03"), 99.6),
              (_t("07:09"), 99.4), (_t("07:16"), 99.1), (_t("07:17"), 44.0), (_t("07:19"), 21.0), (_t("07:30"), 14.0),
              (REFERENCE, 9.0)]


def slot_release(w: WorldBuilder) -> None:
    old = ROLLOUTS["rh-appointment"][0][1]
    w.log(w.at("06:40:18.402"), "rh-appointment", "INFO", APPT_LIMIT_CONFIG, instance=old[0], change="config")
    w.log(w.at("07:00:00.214"), "rh-appointment", "INFO", SLOT_RELEASE, instance=old[1], job="slot-release")
    # rh-redis-03: the info collector every minute, the slow log full of the same HGETALL.
    minute = w.at("06:50")
    while minute < w.at("07:30"):
        cpu = interpolate(REDIS3_CPU, minute)
        ops = int(4000 + cpu * 60 + w.rng.randint(-300, 300))  # big HGETALLs: the CPU goes up, the op count hardly
        kbps = int((cpu / 100) ** 1.5 * 780000) + w.rng.randint(0, 4000)
        w.log(minute + dt.timedelta(milliseconds=w.rng.randint(10, 300)), "rh-redis", "INFO",
              f"rh-redis-03 (master, slots 10923-16383): instantaneous_ops_per_sec:{ops} instantaneous_output_kbps:"
              f"{kbps} connected_clients:{int(300 + cpu ** 2 * 0.45)} used_cpu_main_thread:{cpu:.1f}%",
              instance="rh-redis-03", trace=False, job="redis-info-collector")
        minute += dt.timedelta(minutes=1)
    moment, slow_id = w.at("07:00:04.118"), 418204
    while moment < w.at("07:17:10"):
        dept = w.rng.choice(HOT_DEPTS)
        slow_id += w.rng.randint(40, 400)
        w.log(moment, "rh-redis", "INFO",
              f"slowlog id={slow_id} duration={w.rng.randint(1080, 2950)}us cmd=\"HGETALL "
              f"{SLOT_KEY.format(dept=dept)}\" client=10.244.{w.rng.choice([2, 4, 5])}.{w.rng.randint(10, 250)}:"
              f"{w.rng.randint(40000, 60999)} name=redisson", instance="rh-redis-03", trace=False, log_type="slowlog")
        moment += dt.timedelta(seconds=w.rng.randint(3, 9), milliseconds=w.rng.randint(0, 999))
    # rh-appointment: every Redis call queues behind the saturated master.
    moment = w.at("07:00:00.830")
    while moment < w.at("07:18:00"):
        pod = w.rng.choice(old)
        dept = w.rng.choice(HOT_DEPTS if w.rng.random() < 0.8 else [d for d, _ in DEPTS])
        roll = w.rng.random()
        failing = _inside("slots_down", moment)
        if failing and roll < 0.55:
            w.log(moment, "rh-appointment", "ERROR", REDIS_TIMEOUT.format(dept=dept, took=w.rng.randint(3004, 9240)),
                  instance=pod, http_status=500)
        elif failing and roll < 0.72:
            node = w.rng.choice([2, 4, 5])
            w.log(moment, "rh-appointment", "ERROR",
                  REDIS_RESPONSE_TIMEOUT.format(pid=_patient(w), dept=dept, doc=_doctor(w), seq=w.rng.randint(1, 30),
                                                chan=w.hex(8), ip=f"10.244.{node}.{w.rng.randint(10, 250)}",
                                                port=w.rng.randint(40000, 60999)), instance=pod, http_status=500)
        elif failing and roll < 0.8:
            w.log(moment, "rh-appointment", "WARN",
                  f"Tomcat thread pool busy: http-nio-8080 currentThreadsBusy={w.rng.randint(182, 200)}/200, "
                  f"acceptCount queue {w.rng.randint(20, 100)}", instance=pod, logger="o.a.t.util.threads")
        else:
            took = w.rng.randint(800, 2950) if failing else w.rng.randint(1, 6)
            w.log(moment, "rh-appointment", "WARN" if failing else "INFO",
                  f"slots query date=2026-12-22 dept={dept} fields={w.rng.randint(380, 640)} from redis "
                  f"{SLOT_KEY.format(dept=dept)} in {took}ms", instance=pod)
        moment += dt.timedelta(seconds=w.rng.randint(1, 3), milliseconds=w.rng.randint(0, 999))
    w.log(w.at("07:09:30.552"), "rh-gateway", "INFO", BOT_ANALYSIS, instance="soc-console")
    w.log(w.at("07:16:20.107"), "rh-gateway", "INFO", APISIX_BLOCK, instance="apisix-admin", change="config")
    for index, pod in enumerate(ROLLOUTS["rh-gateway"][0][1]):
        w.log(w.at("07:16:21.310") + dt.timedelta(milliseconds=90 * index), "rh-gateway", "INFO",
              "[lua] config_etcd.lua:612: sync_data(): route appt-slot-query updated, plugins: ip-restriction, "
              "limit-count, prometheus", instance=pod)
    w.log(w.at("07:35:12.630"), "rh-appointment", "INFO", APPT_LOCAL_CACHE, instance=old[2], change="config")
    w.alert("ApisixRouteRequestSurge", "rh-appointment", "warning", w.at("07:01"), w.at("07:24"), RPS_ALERT_VALUE,
            f"路由 appt-slot-query 请求量 {RPS_ALERT_VALUE} req/s，超过阈值 1500 req/s", route="appt-slot-query")
    w.alert("RedisNodeCpuHigh", "rh-redis", "critical", w.at("07:01"), w.at("07:19"), "99.2%",
            "rh-redis-03 主线程 CPU 99.2%，超过阈值 80%", instance="rh-redis-03")
    w.alert("AppointmentApiErrorRateHigh", "rh-appointment", "critical", w.at("07:02"), w.at("07:20"), "38.5%",
            "挂号接口错误率 38.5%，超过阈值 5%", namespace=NS)


# --- Incident 2: the HIS upgrade script leaves PKG_REG_APPOINT invalid -----------------------------
def his_upgrade(w: WorldBuilder) -> None:
    for clock, level, message, extra in (
            ("12:28:05.331", "INFO", HIS_SCRIPT, {"change": "ddl", "ticket": "HIS-CR-20261215-02"}),
            ("12:28:09.870", "INFO", HIS_ALTER, {}),
            ("12:28:11.204", "WARN", HIS_PKG_WARNING, {}),
            ("12:28:11.611", "WARN", HIS_SHOW_ERRORS, {}),
            ("12:28:12.050", "INFO", HIS_SCRIPT_DONE, {})):
        w.log(w.at(clock), "rh-his", level, message, instance="rh-hisdb-01", trace=False, **extra)
    w.log(w.at("12:52:30.118"), "rh-his", "INFO", HIS_INVALID, instance="dba-console", trace=False)
    w.log(w.at("13:04:48.402"), "rh-his", "INFO", HIS_RECOMPILE, instance="rh-hisdb-01", trace=False, change="ddl",
          ticket="HIS-CR-20261215-02")
    pods = ROLLOUTS["rh-appointment"][1][1]
    moment = w.at("12:28:31.540")
    while moment < w.at("13:05:30"):
        host = w.instance("rh-his-gateway")
        roll = w.rng.random()
        aid = w.rng.randint(88000000, 88999999)
        thread = f"http-nio-8080-exec-{w.rng.randint(1, 200)}"
        if moment < w.at("13:04:48") and roll < 0.45:
            w.log(moment, "rh-his-gateway", "ERROR", f"[{thread}] ERROR c.r.his.gw.HisInvoker - " + HISGW_ORA.format(aid=aid),
                  instance=host)
            w.log(moment + dt.timedelta(milliseconds=w.rng.randint(6, 30)), "rh-appointment", "ERROR",
                  APPT_CONFIRM_FAIL.format(order=_no("GH", w, moment), pid=_patient(w), doc=_doctor(w),
                                           dept=w.rng.choice(DEPTS)[0], ms=w.rng.randint(40, 160)),
                  instance=w.rng.choice(pods), http_status=500)
        elif moment < w.at("13:05:20") and moment >= w.at("13:04:50") and roll < 0.3:
            w.log(moment, "rh-his-gateway", "WARN", f"[{thread}] WARN  c.r.his.gw.HisInvoker - " +
                  HISGW_ORA_STATE.format(aid=aid), instance=host)
        elif roll < 0.7:
            proc = w.rng.choice([p for p in HIS_PROCS if "P_CONFIRM" not in p])
            w.log(moment, "rh-his-gateway", "INFO",
                  f"[{thread}] INFO  c.r.his.gw.HisInvoker - invoke proc={proc} patient={_patient(w)} took={w.ms(12, 240)}ms",
                  instance=host)
        elif roll < 0.85:
            w.log(moment, "rh-appointment", "INFO",
                  f"slots query date={(DAY + dt.timedelta(days=w.rng.randint(0, 7))):%Y-%m-%d} dept={w.rng.choice(DEPTS)[0]} "
                  f"fields={w.rng.randint(380, 640)} in {w.ms(1, 6)}ms", instance=w.rng.choice(pods))
        elif moment >= w.at("13:04:50"):
            w.log(moment, "rh-appointment", "INFO",
                  f"booking confirmed order_no={_no('GH', w, moment)} patient={_patient(w)} doctor={_doctor(w)} "
                  f"his_appoint_id={aid} took={w.ms(90, 380)}ms", instance=w.rng.choice(pods))
        else:
            w.log(moment, "rh-appointment", "INFO",
                  f"booking created order_no={_no('GH', w, moment)} patient={_patient(w)} status=LOCKED, confirming with HIS",
                  instance=w.rng.choice(pods))
        moment += dt.timedelta(seconds=w.rng.randint(2, 7), milliseconds=w.rng.randint(0, 999))
    w.log(w.at("12:41:10.224"), "rh-appointment", "INFO",
          "dev_wuhao: 失败都在 HIS 确认这一步（HIS_PROC_ERROR），号源查询正常；2.30.4 调的是同一个存储过程，先不回滚 2.31.0",
          instance="dev-console")
    w.alert("HisProcErrorsHigh", "rh-his-gateway", "critical", w.at("12:30"), w.at("13:06"), "142",
            "HIS 存储过程调用失败 142 次/5 分钟（阈值 20），proc=HIS.PKG_REG_APPOINT.P_CONFIRM", instance="rh-his-gw-01")
    w.alert("AppointmentConfirmFailureHigh", "rh-appointment", "critical", w.at("12:31"), w.at("13:07"), "96.4%",
            "挂号确认失败率 96.4%，超过阈值 5%", namespace=NS)


# --- Incident 3: another system refreshes the official account's access_token -------------------------
FAIL_WINDOWS = ((_t("09:17:33"), _t("10:04:07")), (_t("10:17:35"), _t("11:04:10")))


def _token_refreshes() -> list[tuple[dt.datetime, str]]:
    """rh-notify's own refreshes: every 115 min from 06:14:02, restarted by the forced refresh at 11:04:10."""
    out = []
    moment = _t("06:14:02")
    while moment < _t("11:04:10"):
        out.append((moment, "scheduled"))
        moment += dt.timedelta(minutes=115, seconds=2)
    moment = _t("11:04:10")
    out.append((moment, "forced"))
    moment += dt.timedelta(minutes=115, seconds=2)
    while moment < REFERENCE:
        out.append((moment, "scheduled"))
        moment += dt.timedelta(minutes=115, seconds=2)
    return out


def wechat_token(w: WorldBuilder) -> None:
    pods = ROLLOUTS["rh-notify"][0][1]
    w.log(w.at("08:55:10.318"), "rh-notify", "INFO", NOTIFY_SMS_CONFIG, instance=pods[0], change="config")
    for moment, kind in _token_refreshes():
        if kind == "forced":
            w.log(moment, "rh-notify", "INFO", TOKEN_FORCE, instance=pods[1], change="ops", job="wechat-token")
        else:
            nxt = moment + dt.timedelta(minutes=115, seconds=2)
            w.log(moment, "rh-notify", "INFO", TOKEN_REFRESH.format(next=f"{nxt:%H:%M:%S}"), instance=pods[1],
                  job="wechat-token")
    moment = w.at("09:17:30.402")
    while moment < w.at("11:05:00"):
        pod = w.rng.choice(pods)
        failing = any(a <= moment < b for a, b in FAIL_WINDOWS)
        tpl = w.rng.choice(["LAB_REPORT_READY", "LAB_REPORT_READY", "LAB_REPORT_READY", "PAY_SUCCESS", "APPT_REMIND",
                            "QUEUE_CALL"])
        mid = w.rng.randint(10**15, 10**16 - 1)
        if failing and w.rng.random() < 0.93:
            w.log(moment, "rh-notify", "ERROR",
                  WX_40001.format(mid=mid, oid=_openid(w), tpl=tpl, rid=f"{w.hex(8)}-{w.hex(8)}-{w.hex(8)}"), instance=pod)
            if tpl == "APPT_REMIND":
                w.log(moment + dt.timedelta(milliseconds=w.rng.randint(60, 300)), "rh-notify", "INFO",
                      f"fallback to sms msg_id={mid} phone={_phone(w)} template=SMS_27461022 (appointment reminder)",
                      instance=pod)
            elif w.rng.random() < 0.3:
                w.log(moment + dt.timedelta(milliseconds=w.rng.randint(5, 40)), "rh-notify", "WARN",
                      f"message {mid} from notify.report_ready dropped: errcode=40001 is not retryable", instance=pod)
        else:
            w.log(moment, "rh-notify", "INFO",
                  f"wechat template sent msg_id={mid} openid={_openid(w)} template={tpl} took={w.ms(40, 180)}ms", instance=pod)
        moment += dt.timedelta(seconds=w.rng.randint(3, 10), milliseconds=w.rng.randint(0, 999))
    w.log(w.at("10:58:20.615"), "rh-notify", "INFO", WX_WHITELIST, instance="ops-console")
    w.log(w.at("11:02:40.090"), "rh-notify", "INFO", VENDOR_SWITCH, instance="ops-console")
    w.log(w.at("11:06:30.744"), "rh-notify", "INFO", TOKEN_CONFIG, instance=pods[0], change="config")
    w.alert("WechatTemplateSendFailureHigh", "rh-notify", "critical", w.at("09:20"), w.at("10:06"), "96.8%",
            "微信模板消息发送失败率 96.8%，超过阈值 5%", namespace=NS)
    w.alert("WechatTemplateSendFailureHigh", "rh-notify", "critical", w.at("10:20"), w.at("11:07"), "97.3%",
            "微信模板消息发送失败率 97.3%，超过阈值 5%", namespace=NS)


# --- Incident 4: the 医保 line fails over to the IPsec tunnel, large requests vanish ------------------
def yb_line(w: WorldBuilder) -> None:
    new = ROLLOUTS["rh-payment"][1][1]
    w.log(w.at("06:00:31.207"), "rh-payment", "WARN", PAY_CERT_CHECK, instance=ROLLOUTS["rh-payment"][0][1][0],
          job="wechatpay-cert-check")
    for index, pod in enumerate(new):
        w.log(w.at("08:10:58") + dt.timedelta(seconds=12 * index, milliseconds=w.rng.randint(0, 900)), "rh-payment", "WARN",
              PAY_CERT_CHECK, instance=pod, job="wechatpay-cert-check")
    network = [
        ("09:41:07.118", "rh-yb-ar-01", "WARN", YB_LINK_DOWN),
        ("09:41:07.309", "rh-yb-ar-01", "WARN", "%%01IFNET/4/IF_STATE(l)[113]:Interface GigabitEthernet0/0/1 has turned "
                                                "into DOWN state."),
        ("09:41:12.500", "rh-yb-ar-01", "WARN", "%%01NQA/4/PROBEFAIL(l)[114]:NQA entry probe failed. (OwnerIndex=admin, "
                                                "TestName=yb-mstp)"),
        ("09:41:13.022", "rh-yb-ar-01", "WARN", YB_FAILOVER),
        ("09:41:13.870", "rh-yb-ar-01", "INFO", "%%01IKE/6/IPSEC_SA_NEGO_SUCCESS(l)[116]:IPSec SA negotiation succeeded. "
                                                "(PeerAddress=115.236.60.14, Interface=Tunnel100)"),
        ("09:52:18.440", "ops-console", "INFO", YB_TICKET),
        ("10:22:40.913", "ops-console", "INFO", YB_TCPDUMP),
        ("15:10:22.771", "rh-yb-ar-01", "INFO", YB_LINK_UP),
        ("15:10:27.503", "rh-yb-ar-01", "INFO", "%%01NQA/4/PROBESUCCESS(l)[132]:NQA entry probe succeeded. "
                                                "(OwnerIndex=admin, TestName=yb-mstp)"),
        ("15:10:28.012", "rh-yb-ar-01", "INFO", "%%01RM/4/STATICRT_TRACK(l)[133]:Static route 10.95.0.0/16 via 172.30.1.1 "
                                                "(GigabitEthernet0/0/1) active again; floating route via Tunnel100 standby"),
    ]
    for clock, instance, level, message in network:
        w.log(w.at(clock), "rh-yb-network", level, message, instance=instance, trace=False)
    w.log(w.at("10:35:40.266"), "rh-yb-network", "INFO", YB_MSS_FIX, instance="rh-yb-ar-01", trace=False, change="network",
          ticket="NET-20261215-009")
    moment = w.at("09:41:20.705")
    while moment < w.at("10:36:30"):
        pod = w.rng.choice(new)
        roll = w.rng.random()
        started = moment - dt.timedelta(seconds=30)
        black_hole = w.at("09:41:13") <= started < w.at("10:35:40")
        msgid = f"H33010500123{started:%Y%m%d%H%M%S}{w.rng.randint(1000, 9999)}"
        if roll < 0.45:
            infno, label = w.rng.choice([("2204", "门诊费用明细信息上传"), ("2207", "门诊结算")])
            items = w.rng.randint(8, 90)
            size = (items * 530 + w.rng.randint(600, 1400)) if infno == "2204" else w.rng.randint(1900, 3800)
            if black_hole:
                w.log(moment, "rh-payment", "ERROR",
                      PAY_YB_TIMEOUT.format(infno=infno, label=label, msgid=msgid, items=items, size=size), instance=pod)
                if w.rng.random() < 0.5:
                    w.log(moment + dt.timedelta(milliseconds=w.rng.randint(20, 200)), "rh-payment", "WARN",
                          PAY_YB_ROLLBACK.format(sid=f"YB{started:%Y%m%d%H%M%S}{w.rng.randint(100, 999)}", pid=_patient(w),
                                                 infno=infno), instance=pod)
            else:
                w.log(moment, "rh-payment", "INFO",
                      f"医保接口调用成功 infno={infno} ({label}) msgid={msgid} request_bytes={size} took={w.ms(300, 1600)}ms",
                      instance=pod)
        elif roll < 0.65:
            infno, label, size = w.rng.choice([("1101", "人员信息获取", w.rng.randint(480, 760)),
                                               ("2201", "门诊挂号", w.rng.randint(900, 1300))])
            w.log(moment, "rh-payment", "INFO",
                  f"医保接口调用成功 infno={infno} ({label}) msgid={msgid} request_bytes={size} took={w.ms(40, 180)}ms",
                  instance=pod)
        elif roll < 0.9:
            w.log(moment, "rh-payment", "INFO",
                  f"缴费成功 order={_no('MZ', w, moment)} patient={_patient(w)} amount={w.rng.randint(12, 980)}."
                  f"{w.rng.randint(0, 99):02d} channel={w.rng.choice(['wxpay', 'alipay'])} HIS 记账 ok took={w.ms(60, 240)}ms",
                  instance=pod)
        else:
            w.log(moment, "rh-payment", "INFO",
                  f"微信支付回调处理成功 out_trade_no={_no('MZ', w, moment)} transaction_id=42000"
                  f"{w.rng.randint(10**17, 10**18 - 1)} trade_state=SUCCESS serial={OLD_SERIAL}", instance=pod)
        moment += dt.timedelta(seconds=w.rng.randint(2, 6), milliseconds=w.rng.randint(0, 999))
    w.alert("YbLinePrimaryDown", "rh-yb-network", "critical", w.at("09:41"), w.at("15:11"), "down",
            "医保 MSTP 专线 GigabitEthernet0/0/1 中断，已切换备份 IPsec 隧道 Tunnel100", instance="rh-yb-ar-01")
    w.alert("YbSettleFailureRateHigh", "rh-payment", "critical", w.at("09:44"), w.at("10:38"), "88.9%",
            "医保结算失败率 88.9%，超过阈值 5%", namespace=NS)


# --- Incident 5: node-07's conntrack table, filled by the rerun upload job ---------------------------
CONNTRACK = [(START, 20400), (_t("10:44"), 24310), (_t("10:45"), 61200), (_t("10:46"), 98400), (_t("10:47"), 119304),
             (_t("10:48"), 131072), (_t("11:32"), 131072), (_t("11:33"), 96100), (_t("11:34"), 61800), (_t("11:36"), 30900),
             (_t("11:40"), 23500), (REFERENCE, 21800)]


def node7_conntrack(w: WorldBuilder) -> None:
    w.log(w.at("10:20:30.611"), "rh-prescription", "INFO", RX_RULESET_CONFIG, instance=RX_PODS[0], change="config")
    w.log(w.at("10:44:12.330"), "rh-data-report", "INFO", DATA_JOB_CREATE, instance="kube-audit", change="ops")
    w.log(w.at("10:44:13.905"), "rh-data-report", "INFO",
          f"Successfully assigned {NS}/{DATA_POD_MANUAL} to {NOISY_NODE}", instance="default-scheduler")
    w.log(w.at("10:44:31.118"), "rh-data-report", "INFO", DATA_JOB_START, instance=DATA_POD_MANUAL)
    done, retries = 0, 0
    moment = w.at("10:45:31.402")
    while moment < w.at("11:31:05"):
        full = moment >= w.at("10:48:20")
        rate = w.rng.randint(60, 140) if full else w.rng.randint(1040, 1160)
        done += rate * 60
        retries += w.rng.randint(900, 2400) if full else w.rng.randint(0, 40)
        w.log(moment, "rh-data-report", "INFO", f"uploaded {done}/{DATA_UPLOAD_RECORDS} rate={rate}/s retries={retries}",
              instance=DATA_POD_MANUAL)
        if full:
            w.log(moment + dt.timedelta(seconds=w.rng.randint(5, 40)), "rh-data-report", "WARN",
                  f"record outp_fee/{w.rng.randint(10**7, 10**8)} retry 3/5: HTTPSConnectionPool(host='10.99.18.20', "
                  "port=8443): Max retries exceeded with url: /hip/api/v2/upload (Caused by ConnectTimeoutError(<urllib3."
                  f"connection.HTTPSConnection object at 0x7f19{w.hex(8)}>, 'Connection to 10.99.18.20 timed out. (connect "
                  "timeout=5)'))",
                  instance=DATA_POD_MANUAL)
        moment += dt.timedelta(seconds=60, milliseconds=w.rng.randint(0, 999))
    w.log(w.at("11:31:06.204"), "rh-data-report", "WARN",
          f"Received SIGTERM, stopping workers: uploaded {done}/{DATA_UPLOAD_RECORDS}, progress saved to checkpoint",
          instance=DATA_POD_MANUAL)
    w.log(w.at("11:31:05.010"), "rh-data-report", "INFO", DATA_JOB_DELETE, instance="kube-audit", change="ops")
    # the node: the kernel drops new flows, the kubelet's probes of the two pods there fail
    moment = w.at("10:48:20.316")
    while moment < w.at("11:32:40"):
        w.log(moment, "rh-k8s-nodes", "WARN", CONNTRACK_FULL, instance=NOISY_NODE, trace=False)
        if w.rng.random() < 0.5:
            w.log(moment + dt.timedelta(milliseconds=w.rng.randint(1, 9)), "rh-k8s-nodes", "WARN",
                  f"kernel: net_ratelimit: {w.rng.randint(300, 4200)} callbacks suppressed", instance=NOISY_NODE, trace=False)
        moment += dt.timedelta(seconds=w.rng.randint(6, 25), milliseconds=w.rng.randint(0, 999))
    for pod, container, index in ((RX_ON_NODE7, "prescription", 2), (LAB_ON_NODE7, "lab-report", 1)):
        ip = pod_ip(pod, NOISY_NODE)
        uid = _uuid(w)
        moment = w.at("10:48:41") + dt.timedelta(seconds=11 * index)
        while moment < w.at("11:32:40"):
            w.log(moment, "rh-k8s-nodes", "WARN",
                  f"kubelet[1187]: I1215 {moment:%H:%M:%S}.{w.rng.randint(100000, 999999)}    1187 prober.go:107] "
                  f"\"Probe failed\" probeType=\"Readiness\" pod=\"{NS}/{pod}\" podUID=\"{uid}\" containerName=\"{container}\" "
                  f"probeResult=\"failure\" output=\"Get \\\"http://{ip}:8080/healthz\\\": context deadline exceeded "
                  "(Client.Timeout exceeded while awaiting headers)\"", instance=NOISY_NODE, trace=False)
            moment += dt.timedelta(seconds=w.rng.randint(40, 120), milliseconds=w.rng.randint(0, 999))
    w.log(w.at("11:21:40.338"), "rh-k8s-nodes", "INFO",
          f"sre_liming: 报错只来自 {NOISY_NODE} 上的 Pod（{RX_ON_NODE7}、{LAB_ON_NODE7}），其他节点上的副本正常",
          instance="ops-console", trace=False)
    w.log(w.at("11:29:10.781"), "rh-k8s-nodes", "INFO", CONNTRACK_FINDING, instance="ops-console", trace=False)
    w.log(w.at("11:32:40.452"), "rh-k8s-nodes", "INFO", SYSCTL_FIX, instance=NOISY_NODE, trace=False, change="ops",
          ticket="OPS-20261215-027")
    # rh-prescription: only the pod on node-07 cannot open new connections
    moment = w.at("10:48:22.610")
    while moment < w.at("11:33:30"):
        pod = w.rng.choice(RX_PODS)
        rx = _no("RX", w, moment)
        if pod == RX_ON_NODE7 and _inside("node7", moment) and w.rng.random() < 0.75:
            if w.rng.random() < 0.6:
                w.log(moment, "rh-prescription", "ERROR", RX_IO_TIMEOUT.format(rx=rx), instance=pod, http_status=504)
            else:
                w.log(moment, "rh-prescription", "ERROR", RX_STOCK_IO_TIMEOUT.format(rx=rx, sku=w.rng.choice(DRUGS)[0]),
                      instance=pod, http_status=500)
        elif w.rng.random() < 0.6:
            w.log(moment, "rh-prescription", "INFO",
                  f"rx submitted rx_no={rx} doctor={_doctor(w)} dept={w.rng.choice(DEPTS)[1]} drugs={w.rng.randint(1, 5)} "
                  f"signed by BJCA his_rx_id={w.rng.randint(5100000, 5199999)} took={w.ms(140, 520)}ms", instance=pod)
        else:
            code, drug = w.rng.choice(DRUGS)
            w.log(moment, "rh-prescription", "INFO",
                  f"rx routed to pharmacy rx_no={rx} pharmacy=门诊西药房 stock check ok sku={code} ({drug}) "
                  f"available={w.rng.randint(30, 2400)}", instance=pod)
        moment += dt.timedelta(seconds=w.rng.randint(3, 9), milliseconds=w.rng.randint(0, 999))
    # rh-lab-report: the pod on node-07 cannot reach the HIS gateway nor MinIO
    moment = w.at("10:48:25.117")
    while moment < w.at("11:33:30"):
        pod = w.rng.choice(LAB_OLD)
        if pod == LAB_ON_NODE7 and _inside("node7", moment) and w.rng.random() < 0.75:
            if w.rng.random() < 0.6:
                w.log(moment, "rh-lab-report", "ERROR",
                      LAB_CONNECT_TIMEOUT.format(since=f"{moment - dt.timedelta(minutes=1):%H%M}", addr=w.hex(8)),
                      instance=pod, task="lab.tasks.pull_lis")
            else:
                rid = _report_id(w, DAY - dt.timedelta(days=w.rng.choice([0, 1, 3, 12])))
                w.log(moment, "rh-lab-report", "ERROR",
                      f"GET /api/report/v1/reports/{rid}/pdf 500: urllib3.exceptions.ConnectTimeoutError: "
                      f"(<urllib3.connection.HTTPConnection object at 0x7f3a{w.hex(8)}>, 'Connection to minio.renhe.internal "
                      "timed out. (connect timeout=3)')", instance=pod, http_status=500)
        elif w.rng.random() < 0.5:
            rid = _report_id(w, DAY)
            w.log(moment, "rh-lab-report", "INFO",
                  f"report ready report_id={rid} patient={_patient(w)} items={w.rng.choice(LAB_ITEMS)} pdf uploaded to "
                  f"rh-lab-reports/reports/{DAY:%Y/%m/%d}/{rid}.pdf ({w.rng.randint(90, 320)} KB), published "
                  "notify.report_ready", instance=pod, task="lab.tasks.render_report")
        else:
            day = DAY - dt.timedelta(days=w.rng.choice([0, 1, 3, 6, 30]))
            w.log(moment, "rh-lab-report", "INFO",
                  f"GET /api/report/v1/reports/{_report_id(w, day)}/pdf 200 report_date={day:%Y-%m-%d} bytes="
                  f"{w.rng.randint(90000, 330000)} took={w.ms(18, 120)}ms", instance=pod)
        moment += dt.timedelta(seconds=w.rng.randint(4, 12), milliseconds=w.rng.randint(0, 999))
    w.alert("NodeConntrackTableNearlyFull", "rh-k8s-nodes", "critical", w.at("10:47"), w.at("11:34"), "119304",
            f"{NOISY_NODE} nf_conntrack 条目 119304 / 131072（91%），超过阈值 90%", instance=NOISY_NODE)
    w.alert("RxApiErrorRateHigh", "rh-prescription", "critical", w.at("10:51"), w.at("11:36"), "27.9%",
            "处方接口错误率 27.9%，超过阈值 5%", namespace=NS)
    w.alert("LabReportApiErrorRateHigh", "rh-lab-report", "warning", w.at("10:52"), w.at("11:36"), "24.6%",
            "检验报告接口错误率 24.6%，超过阈值 5%", namespace=NS)


# --- Incident 6: the full stock sync read a file still being uploaded ---------------------------------
ZERO_STOCK = [(START, 41), (_t("06:10"), 38), (_t("09:00"), 40), (_t("13:10"), 41), (_t("13:11"), 4607), (_t("13:20"), 4618),
              (_t("13:30"), 4627), (_t("13:40"), 4634), (_t("13:50"), 4639), (_t("13:51"), ZERO_STOCK_PEAK),
              (_t("13:52"), 2210), (_t("13:53"), 43), (_t("15:00"), 42), (REFERENCE, 40)]


def stock_sync(w: WorldBuilder) -> None:
    pods = ROLLOUTS["rh-pharmacy"][0][1]
    w.log(w.at("06:10:05.118"), "rh-pharmacy", "INFO",
          f"stock full sync (scheduled): file={STOCK_FILE} size=371944 bytes rows=4816 skus_updated=4816 "
          "skus_not_in_file=0 took=40.8s", instance=pods[0], job="stock-full-sync")
    w.log(w.at("11:20:40.503"), "rh-pharmacy", "INFO", PHARM_THRESHOLD_CONFIG, instance=pods[1], change="config")
    w.log(w.at("13:08:40.226"), "rh-his", "INFO", HIS_EXPORT_START, instance="his-app-01", trace=False)
    w.log(w.at("13:12:05.610"), "rh-his", "INFO", HIS_EXPORT_DONE, instance="his-app-01", trace=False)
    w.log(w.at("13:09:52.774"), "rh-pharmacy", "INFO", PHARM_MANUAL, instance=pods[0], change="data-sync",
          job="stock-full-sync")
    w.log(w.at("13:09:53.020"), "rh-pharmacy", "INFO", PHARM_READ, instance=pods[0], job="stock-full-sync")
    w.log(w.at("13:10:31.416"), "rh-pharmacy", "INFO", PHARM_ZEROED, instance=pods[0], job="stock-full-sync")
    w.log(w.at("13:51:20.045"), "rh-pharmacy", "INFO", PHARM_RERUN_NOTE, instance="dev-console")
    w.log(w.at("13:51:22.310"), "rh-pharmacy", "INFO",
          f"库存全量同步 triggered manually by dev_tangyu from 药房管理后台: reason=\"13:09 同步读到未传完的文件\" "
          f"file={STOCK_FILE} mode=FULL", instance=pods[0], change="data-sync", job="stock-full-sync")
    w.log(w.at("13:52:04.117"), "rh-pharmacy", "INFO", PHARM_RESTORED, instance=pods[0], job="stock-full-sync")
    moment = w.at("13:10:33.208")
    while moment < w.at("13:53:00"):
        code, drug = w.rng.choice(DRUGS)
        zeroed = moment < w.at("13:52:04")
        roll = w.rng.random()
        if zeroed and roll < 0.55:
            rx = _no("RX", w, moment)
            need = w.rng.randint(1, 4)
            w.log(moment, "rh-prescription", "WARN", RX_NO_STOCK.format(rx=rx, drug=drug, code=code, n=need),
                  instance=w.rng.choice(RX_PODS))
            w.log(moment - dt.timedelta(milliseconds=w.rng.randint(3, 20)), "rh-pharmacy", "INFO",
                  f"stock check sku={code} ({drug}) need={need} available=0 -> insufficient", instance=w.rng.choice(pods))
        elif roll < 0.7:
            a, b = w.rng.randint(8, 60), w.rng.randint(0, 9)
            w.log(moment, "rh-pharmacy", "INFO",
                  f"stock incremental sync: {a + b} changes from HIS (dispense {a}, receipt {b}) took={w.ms(180, 700)}ms",
                  instance=w.rng.choice(pods), job="stock-incremental-sync")
        elif roll < 0.85:
            w.log(moment, "rh-prescription", "INFO",
                  f"rx submitted rx_no={_no('RX', w, moment)} doctor={_doctor(w)} dept={w.rng.choice(DEPTS)[1]} "
                  f"drugs={w.rng.randint(1, 5)} signed by BJCA took={w.ms(140, 520)}ms", instance=w.rng.choice(RX_PODS))
        else:
            w.log(moment, "rh-prescription", "INFO",
                  f"rx routed to pharmacy rx_no={_no('RX', w, moment)} pharmacy=门诊西药房 stock check ok sku={code} ({drug}) "
                  f"available={w.rng.randint(30, 2400)}", instance=w.rng.choice(RX_PODS))
        moment += dt.timedelta(seconds=w.rng.randint(2, 7), milliseconds=w.rng.randint(0, 999))
    w.alert("PharmacyZeroStockSkusHigh", "rh-pharmacy", "critical", w.at("13:12"), w.at("13:54"), "4607",
            "零库存药品 4607 种，超过阈值 500", namespace=NS)
    w.alert("RxRouteRejectedHigh", "rh-prescription", "warning", w.at("13:14"), w.at("13:55"), "96 次/分钟",
            "处方流转被药房拒绝 96 次/分钟，超过阈值 20", namespace=NS)


# --- Incident 7: an expiry rule on the report bucket -----------------------------------------------------
NOT_FOUND = [(START, 0.0), (_t("13:51"), 0.0), (_t("13:52"), 4.0), (_t("13:55"), 38.0), (_t("14:10"), 109.0),
             (_t("14:30"), 176.0), (_t("14:40"), 212.0), (_t("14:50"), 201.0), (_t("15:20"), 183.0), (_t("15:34"), 171.0),
             (_t("15:50"), 131.0), (_t("16:10"), 94.0), (REFERENCE, 66.0)]
BUCKET_OBJECTS = [(START, 3411620), (_t("13:52"), 3413004), (_t("14:00"), 3152100), (_t("14:20"), 2703800),
                  (_t("14:40"), 2411500), (_t("15:00"), 2268000), (_t("15:21"), 2198690), (_t("15:34"), 2199950),
                  (_t("16:00"), 2612300), (_t("16:25"), 2971100), (REFERENCE, 3043500)]


def _restored_share(t: dt.datetime) -> float:
    """The share of the expired reports back (delete markers removed) at ``t``."""
    return max(0.0, min(1.0, (t - _t("15:34:05")).total_seconds() / (_t("16:59:00") - _t("15:34:05")).total_seconds()))


def report_bucket(w: WorldBuilder) -> None:
    w.log(w.at("13:41:27.302"), "rh-minio", "INFO", ILM_ADD, instance="rh-jump-01", trace=False, change="storage",
          ticket="OPS-20261215-031")
    w.log(w.at("13:41:27.918"), "rh-minio", "INFO", ILM_ADDED, instance="rh-jump-01", trace=False)
    minute = w.at("14:00:00")
    while minute <= w.at("15:20:00"):
        expired = int(interpolate(BUCKET_OBJECTS, minute - dt.timedelta(minutes=10)) - interpolate(BUCKET_OBJECTS, minute))
        w.log(minute + dt.timedelta(milliseconds=w.rng.randint(10, 900)), "rh-minio", "INFO",
              f"bucket rh-lab-reports: ilm expired {expired} objects in the last 10m (delete markers added, versions kept)",
              instance="minio-exporter", trace=False)
        minute += dt.timedelta(minutes=10)
    w.log(w.at("15:18:40.206"), "rh-minio", "INFO", ILM_LS, instance="rh-jump-01", trace=False)
    w.log(w.at("15:21:03.551"), "rh-minio", "INFO", ILM_RM, instance="rh-jump-01", trace=False, change="storage",
          ticket="OPS-20261215-031")
    w.log(w.at("15:21:04.012"), "rh-minio", "INFO",
          "mc: Rule ID `ctp8k3r6q0bs73fq4r0g` from target rh-minio/rh-lab-reports removed.", instance="rh-jump-01",
          trace=False)
    w.log(w.at("15:33:50.440"), "rh-minio", "INFO",
          f"kubectl create job {RESTORE_JOB} --image=registry.renhe.internal/ops/minio-tools:2026.12 -n {NS} by sre_liming "
          "(remove ILM delete markers in rh-lab-reports)", instance="kube-audit", change="ops")
    w.log(w.at("15:34:05.118"), "rh-minio", "INFO", RESTORE_START, instance=RESTORE_POD)
    moment = w.at("15:39:05")
    while moment < REFERENCE:
        share = _restored_share(moment)
        w.log(moment + dt.timedelta(milliseconds=w.rng.randint(0, 900)), "rh-minio", "INFO",
              f"restore: {int(EXPIRED_OBJECTS * share)}/{EXPIRED_OBJECTS} delete markers removed ({share * 100:.1f}%)",
              instance=RESTORE_POD)
        moment += dt.timedelta(minutes=5)
    pods = ROLLOUTS["rh-lab-report"][1][1]
    moment = w.at("13:52:02.331")
    while moment < REFERENCE:
        pod = w.rng.choice(pods)
        roll = w.rng.random()
        if roll < 0.55:
            day = DAY - dt.timedelta(days=w.rng.choice([0, 0, 1, 2, 3, 6, 12, 30, 90]))
            rid = _report_id(w, day)
            key = f"reports/{day:%Y/%m/%d}/{rid}.pdf"
            gone = day <= DAY - dt.timedelta(days=2) or (day < DAY and moment >= w.at("14:10"))
            if gone and w.rng.random() >= _restored_share(moment):
                w.log(moment, "rh-lab-report", "ERROR",
                      LAB_NO_SUCH_KEY.format(rid=rid, pid=_patient(w), key=key, req=w.hex(16).upper()), instance=pod,
                      http_status=404)
                w.log(moment + dt.timedelta(milliseconds=3), "rh-lab-report", "WARN",
                      f"GET /api/report/v1/reports/{rid}/pdf 404 report_date={day:%Y-%m-%d} 报告文件不存在", instance=pod)
            else:
                w.log(moment, "rh-lab-report", "INFO",
                      f"GET /api/report/v1/reports/{rid}/pdf 200 report_date={day:%Y-%m-%d} bytes={w.rng.randint(90000, 330000)} "
                      f"took={w.ms(18, 120)}ms", instance=pod)
        elif roll < 0.8:
            rid = _report_id(w, DAY)
            w.log(moment, "rh-lab-report", "INFO",
                  f"report ready report_id={rid} patient={_patient(w)} items={w.rng.choice(LAB_ITEMS)} pdf uploaded to "
                  f"rh-lab-reports/reports/{DAY:%Y/%m/%d}/{rid}.pdf ({w.rng.randint(90, 320)} KB), published "
                  "notify.report_ready", instance=pod, task="lab.tasks.render_report")
        else:
            slow = _inside("debug", moment)
            took = w.ms(2800, 9600) if slow else w.ms(80, 600)
            w.log(moment, "rh-lab-report", "WARN" if slow else "INFO",
                  f"LIS pull: {w.rng.randint(0, 38)} audited reports since {(moment - dt.timedelta(minutes=1)):%H:%M} "
                  f"took={took}ms" + (" (slow HIS gateway)" if slow else ""), instance=pod, task="lab.tasks.pull_lis")
        moment += dt.timedelta(seconds=w.rng.randint(6, 16), milliseconds=w.rng.randint(0, 999))
    w.alert("LabReportFileMissing", "rh-lab-report", "critical", w.at("13:55"), None, "38 次/分钟",
            "检验报告 PDF 不存在（NoSuchKey）38 次/分钟，超过阈值 5", namespace=NS)


# --- Incident 8: WeChat Pay signs with its new platform certificate ------------------------------------
VERIFY_FAILED = [(START, 0), (_t("14:02"), 0), (_t("14:03"), 21), (_t("14:05"), 48), (_t("14:10"), 63), (_t("14:20"), 78),
                 (_t("14:30"), 87), (_t("14:40"), 81), (_t("14:46"), 71), (_t("14:47"), 12), (_t("14:48"), 0),
                 (REFERENCE, 0)]
UNCONFIRMED = [(START, 3), (_t("14:02"), 4), (_t("14:15"), 412), (_t("14:30"), 806), (_t("14:46"), 1126), (_t("14:50"), 530),
               (_t("14:55"), 8), (REFERENCE, 3)]


def wechat_pay_cert(w: WorldBuilder) -> None:
    pods = ROLLOUTS["rh-payment"][1][1]
    w.log(w.at("13:30:12.884"), "rh-payment", "INFO", PAY_EXPIRE_CONFIG, instance=pods[0], change="config")
    moment = w.at("14:02:00.540")
    while moment < w.at("14:56:00"):
        pod = w.rng.choice(pods)
        roll = w.rng.random()
        otn = _no("MZ", w, moment - dt.timedelta(minutes=w.rng.randint(0, 3)))
        if _inside("wxpay", moment) and moment >= w.at("14:02:11") and roll < 0.5:
            w.log(moment, "rh-payment", "ERROR", PAY_VERIFY_FAIL.format(otn=otn, new=NEW_SERIAL, old=OLD_SERIAL), instance=pod)
            w.log(moment + dt.timedelta(milliseconds=2), "rh-payment", "WARN",
                  f"POST /api/pay/wxpay/notify 401 {{\"code\":\"FAIL\",\"message\":\"签名错误\"}} out_trade_no={otn}",
                  instance=pod)
        elif not _inside("wxpay", moment) and roll < 0.45:
            w.log(moment, "rh-payment", "INFO",
                  f"微信支付回调处理成功 out_trade_no={otn} transaction_id=42000{w.rng.randint(10**17, 10**18 - 1)} "
                  f"trade_state=SUCCESS serial={NEW_SERIAL} (第 {w.rng.randint(2, 8)} 次通知)", instance=pod)
        elif roll < 0.7:
            w.log(moment, "rh-payment", "INFO",
                  f"缴费成功 order={_no('MZ', w, moment)} patient={_patient(w)} amount={w.rng.randint(12, 980)}."
                  f"{w.rng.randint(0, 99):02d} channel={w.rng.choice(['alipay', '医保+alipay'])} HIS 记账 ok "
                  f"took={w.ms(60, 240)}ms", instance=pod)
        elif roll < 0.85:
            w.log(moment, "rh-payment", "INFO",
                  f"医保接口调用成功 infno=2207 (门诊结算) msgid=H33010500123{moment:%Y%m%d%H%M%S}{w.rng.randint(1000, 9999)} "
                  f"request_bytes={w.rng.randint(1900, 3800)} took={w.ms(300, 1600)}ms", instance=pod)
        else:
            w.log(moment, "rh-payment", "INFO",
                  f"wxpay order created out_trade_no={otn} amount={w.rng.randint(12, 980)}.{w.rng.randint(0, 99):02d} "
                  "prepay_id=wx15" + w.hex(24), instance=pod)
        moment += dt.timedelta(seconds=w.rng.randint(2, 6), milliseconds=w.rng.randint(0, 999))
    for clock, pending in (("14:10:00", 296), ("14:20:00", 581), ("14:30:00", 806), ("14:40:00", 1004)):
        at = w.at(clock) + dt.timedelta(milliseconds=w.rng.randint(100, 900))
        for k in range(3):
            w.log(at + dt.timedelta(seconds=k, milliseconds=w.rng.randint(0, 900)), "rh-payment", "ERROR",
                  PAY_QUERY_FAIL.format(otn=_no("MZ", w, at - dt.timedelta(minutes=12)), rid=w.hex(28).upper(),
                                        new=NEW_SERIAL), instance=pods[0], job="order-compensate")
        w.log(at + dt.timedelta(seconds=40), "rh-payment", "WARN",
              f"补单任务: 待支付超过 10 分钟的订单 {pending} 笔，查单验签失败 {pending} 笔，确认 0 笔", instance=pods[0],
              job="order-compensate")
    w.log(w.at("14:38:05.119"), "rh-payment", "INFO", PAY_CERT_NOTE, instance="dev-console")
    w.log(w.at("14:44:30.602"), "rh-payment", "INFO", PAY_CERT_DOWNLOAD, instance="dev-console")
    w.log(w.at("14:46:30.215"), "rh-payment", "INFO", PAY_CERT_CONFIG, instance=pods[1], change="config")
    for index, pod in enumerate(pods):
        w.log(w.at("14:46:41.300") + dt.timedelta(milliseconds=310 * index), "rh-payment", "INFO", PAY_CERT_RELOADED,
              instance=pod, logger="nacos-listener")
    w.log(w.at("14:55:20.733"), "rh-payment", "INFO", PAY_BACKFILL, instance=pods[0], job="order-compensate")
    w.log(w.at("15:05:10.448"), "rh-payment", "INFO", PAY_AUTO_UPDATE, instance=pods[2], change="config")
    w.alert("WxpayNotifyVerifyFailed", "rh-payment", "critical", w.at("14:04"), w.at("14:50"), "63 次/分钟",
            "微信支付回调验签失败 63 次/分钟，超过阈值 5", namespace=NS)
    w.alert("PayOrderPendingHigh", "rh-payment", "warning", w.at("14:15"), w.at("14:58"), "412 笔",
            "超过 10 分钟仍待支付的缴费单 412 笔，超过阈值 50", namespace=NS)


# --- Incident 9: the TURN relay ports closed by a security-group change --------------------------------
ICE = [(START, 1.2), (_t("14:20"), 1.3), (_t("14:22"), 18.4), (_t("14:24"), 27.5), (_t("14:30"), 35.2), (_t("14:45"), 39.8),
       (_t("15:00"), 41.6), (_t("15:10"), 42.4), (_t("15:12"), ICE_PEAK), (_t("15:14"), 42.3), (_t("15:20"), 41.9),
       (_t("15:34"), 40.6), (_t("15:36"), 6.2), (_t("15:38"), 1.4), (REFERENCE, 1.2)]
RELAY_MBPS = [(START, 21.0), (_t("09:00"), 36.0), (_t("12:00"), 24.0), (_t("14:20"), 39.0), (_t("14:21"), 0.6),
              (_t("15:34"), 0.4), (_t("15:36"), 31.0), (REFERENCE, 37.0)]


def turn_ports(w: WorldBuilder) -> None:
    new = ROLLOUTS["rh-telemed"][1][1]
    w.log(w.at("14:05:30.902"), "rh-telemed", "INFO", TELEMED_CONFIG, instance=new[0], change="config")
    w.log(w.at("14:20:05.417"), "rh-turn", "INFO", SG_REVOKE, instance="aliyun-actiontrail", trace=False, change="security",
          ticket="SEC-20261215-004")
    moment = w.at("14:20:31.208")
    while moment < w.at("15:36:00"):
        node = w.rng.choice(VMS["rh-turn"])
        user = _turn_user(w, moment)
        sid = _turn_session(w)
        closed = _inside("turn", moment)
        roll = w.rng.random()
        if roll < 0.4:
            w.log(moment, "rh-turn", "INFO", f"session {sid}: realm <turn.renhe-health.cn> user <{user}>: incoming packet "
                  "ALLOCATE processed, success", instance=node, trace=False)
        elif roll < 0.6:
            w.log(moment, "rh-turn", "INFO", f"session {sid}: realm <turn.renhe-health.cn> user <{user}>: incoming packet "
                  "CREATE_PERMISSION processed, success", instance=node, trace=False)
        else:
            sp = w.rng.randint(120, 400)
            rp = 0 if closed else w.rng.randint(8000, 60000)
            w.log(moment, "rh-turn", "INFO", f"session {sid}: usage: realm=<turn.renhe-health.cn>, username=<{user}>, "
                  f"rp={rp}, rb={rp * 780}, sp={sp if closed else rp}, sb={(sp if closed else rp) * 120}", instance=node,
                  trace=False)
        moment += dt.timedelta(seconds=w.rng.randint(8, 25), milliseconds=w.rng.randint(0, 999))
    w.log(w.at("15:29:50.664"), "rh-turn", "INFO", TURN_NOTE, instance="ops-console", trace=False)
    w.log(w.at("15:34:40.130"), "rh-turn", "INFO", SG_RESTORE, instance="aliyun-actiontrail", trace=False,
          change="security", ticket="SEC-20261215-004")
    moment = w.at("14:20:33.815")
    while moment < w.at("15:36:00"):
        pod = w.rng.choice(new)
        net = w.rng.choice(["wifi", "4g", "4g", "5g"])
        cid = _consult(w, moment)
        doc, pid = f"dr_{w.rng.randint(1001, 1320)}", f"pt_{w.rng.randint(8800000, 8899999)}"
        needs_relay = w.rng.random() < (0.8 if net != "wifi" else 0.2)
        if _inside("turn", moment) and needs_relay:
            w.log(moment - dt.timedelta(seconds=18), "rh-telemed", "WARN",
                  f"consult {cid} iceConnectionState=checking for 12s, iceRestart attempt 1/1", instance=pod)
            w.log(moment, "rh-telemed", "ERROR",
                  TELEMED_ICE_FAILED.format(cid=cid, doc=doc, pid=pid, net=net, turn=w.rng.choice(list(TURN_IPS.values()))),
                  instance=pod)
        else:
            mode = "relay" if needs_relay else w.rng.choice(["host", "srflx"])
            w.log(moment, "rh-telemed", "INFO",
                  f"consult {cid} connected doctor={doc} patient={pid} patient_network={net} ice={mode} rtt={w.ms(24, 140)}ms",
                  instance=pod)
        moment += dt.timedelta(seconds=w.rng.randint(5, 14), milliseconds=w.rng.randint(0, 999))
    w.alert("TelemedCallFailureHigh", "rh-telemed", "critical", w.at("14:24"), w.at("15:38"), ICE_ALERT_VALUE,
            f"视频问诊 ICE 连接失败率 {ICE_ALERT_VALUE}，超过阈值 10%", namespace=NS)


# --- Incident 10: DEBUG logging on the HIS gateway ---------------------------------------------------
HISGW_P99 = [(START, 214), (_t("07:00"), 236), (_t("08:00"), 262), (_t("10:00"), 248), (_t("12:00"), 221),
             (_t("15:42"), 238), (_t("15:44"), 1850), (_t("15:46"), 3920), (_t("15:50"), 5610), (_t("16:00"), 7340),
             (_t("16:10"), 8650), (_t("16:18"), 9120), (_t("16:21"), HISGW_P99_PEAK), (_t("16:24"), 9050),
             (REFERENCE, 8870)]
DISK_UTIL = [(START, 11.0), (_t("15:42"), 12.0), (_t("15:43"), 84.0), (_t("15:44"), 99.2), (_t("16:21"), 99.8),
             (REFERENCE, 99.6)]


def his_gateway_debug(w: WorldBuilder) -> None:
    w.log(w.at("14:35:20.118"), "rh-his-gateway", "INFO", HISGW_DEPLOY, instance="rh-his-gw-01", change="deploy")
    for index, host in enumerate(VMS["rh-his-gateway"]):
        w.log(w.at("14:36:02.604") + dt.timedelta(seconds=48 * index), "rh-his-gateway", "INFO",
              f"Started HisGatewayApplication in {w.rng.randint(210, 260) / 10} seconds (process running for "
              f"{w.rng.randint(265, 290) / 10}) version=2.14.3", instance=host)
    for clock, host, pid in (("15:42:18.604", "rh-his-gw-01", 21877), ("15:43:05.219", "rh-his-gw-02", 22140)):
        w.log(w.at(clock), "rh-his-gateway", "INFO", ARTHAS.format(pid=pid), instance=host, change="loglevel",
              ticket="IT-20261215-118")
    moment = w.at("15:42:19.330")
    while moment < REFERENCE:
        host = "rh-his-gw-01" if moment < w.at("15:43:05") else w.rng.choice(VMS["rh-his-gateway"])
        thread = f"http-nio-8080-exec-{w.rng.randint(1, 200)}"
        roll = w.rng.random()
        p99 = interpolate(HISGW_P99, moment)
        if roll < 0.3:
            service = w.rng.choice(["OutpFeeService", "LisReportService", "RegAppointService"])
            w.log(moment, "rh-his-gateway", "DEBUG",
                  f"[{thread}] DEBUG o.a.cxf.ext.logging.slf4j.Slf4jVerboseEventSender - RESP_IN\n    Address: "
                  f"http://his-app-01:7001/his/ws/{service}\n    Content-Type: text/xml;charset=UTF-8\n    ResponseCode: 200\n"
                  f"    ExchangeId: {_uuid(w)}\n    Payload: <soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/"
                  f"envelope/\"><soap:Body><ns2:queryResponse xmlns:ns2=\"http://ws.his.zhongkang.com/\"><return><patientId>"
                  f"{_patient(w)}</patientId><patientName>{_masked(w)}</patientName>... ({w.rng.randint(18000, 96000)} bytes)",
                  instance=host)
        elif roll < 0.45:
            w.log(moment, "rh-his-gateway", "DEBUG",
                  f"[{thread}] DEBUG o.a.cxf.phase.PhaseInterceptorChain - Invoking handleMessage on interceptor "
                  f"org.apache.cxf.ext.logging.LoggingInInterceptor@{w.hex(8)}", instance=host)
        elif roll < 0.8:
            proc = w.rng.choice(HIS_PROCS)
            took = int(p99 * w.rng.uniform(0.35, 0.95))
            w.log(moment, "rh-his-gateway", "WARN" if took > 3000 else "INFO",
                  f"[{thread}] {'WARN ' if took > 3000 else 'INFO '} c.r.his.gw.HisInvoker - invoke proc={proc} "
                  f"patient={_patient(w)} took={took}ms" + (" (slow > 3000ms)" if took > 3000 else ""), instance=host)
        else:
            w.log(moment, "rh-his-gateway", "INFO",
                  f"[{thread}] INFO  c.r.his.gw.ws.LisClient - ws=LisReportService.listFinished since="
                  f"{(moment - dt.timedelta(minutes=1)):%H:%M} rows={w.rng.randint(0, 38)} took={int(p99 * 0.6)}ms",
                  instance=host)
        moment += dt.timedelta(seconds=w.rng.randint(3, 9), milliseconds=w.rng.randint(0, 999))
    for host, first in (("rh-his-gw-01", "15:51:12"), ("rh-his-gw-02", "15:53:40")):
        moment, n = w.at(first), 1
        while moment < REFERENCE:
            w.log(moment, "rh-his-gateway", "INFO",
                  f"log4j2 rollover: /opt/his-gw/logs/his-gw.log -> his-gw-2026-12-15-{n}.log.gz (SizeBasedTriggeringPolicy "
                  "1 GB)", instance=host, trace=False)
            moment += dt.timedelta(minutes=8, seconds=w.rng.randint(-40, 40))
            n += 1
    w.log(w.at("16:08:15.330"), "rh-his-gateway", "INFO", HISGW_IOSTAT, instance="ops-console")
    w.log(w.at("16:12:40.902"), "rh-his-gateway", "INFO", HISGW_JSTACK, instance="ops-console")
    w.alert("HostDiskIOUtilHigh", "rh-his-gateway", "warning", w.at("15:45"), None, "99.7%",
            "rh-his-gw-01 磁盘 vda %util 99.7%，超过阈值 90%", instance="rh-his-gw-01")
    w.alert("HisGatewayLatencyHigh", "rh-his-gateway", "critical", w.at("15:47"), None, "3920ms",
            "HIS 网关接口 p99 3920ms，超过阈值 3000ms", instance="rh-his-gateway")


# --- Healthy services' changes, the unrelated alerts ----------------------------------------------------
def other_changes(w: WorldBuilder) -> None:
    w.log(w.at("13:00:20.316"), "rh-queue", "INFO", QUEUE_CONFIG, instance=ROLLOUTS["rh-queue"][0][1][0], change="config")
    w.alert("KubeJobFailed", "rh-data-report", "warning", dt.datetime(2026, 12, 15, 2, 31, tzinfo=TZ), None, "1",
            JOB_FAILED_SUMMARY, namespace=NS, job_name=DATA_JOB_NIGHT)
    w.alert("RabbitMQQueueBacklog", "rh-rabbitmq", "warning", w.at("08:02"), w.at("08:07"), "5210",
            "队列 notify.sms 积压 5210 条（08:00 就诊提醒批量发送），超过阈值 5000", queue="notify.sms")


# --- Kubernetes state at 16:30 ---------------------------------------------------------------------------
#: (service, revision, changed, change cause, image tag)
STEADY = (
    ("rh-gateway", 14, "2026-11-20T22:10:00+08:00", "apisix 3.8.0 (chart apisix 2.7.0)", "3.8.0"),
    ("rh-appointment", 63, "2026-12-15T11:50:05+08:00", "release rh-appointment 2.31.0 (pipeline #2871)", "2.31.0"),
    ("rh-payment", 48, "2026-12-15T08:10:05+08:00", "release rh-payment 3.12.1 (pipeline #2866)", "3.12.1"),
    ("rh-prescription", 29, "2026-12-09T21:40:00+08:00", "release rh-prescription 1.18.2", "1.18.2"),
    ("rh-lab-report", 37, "2026-12-15T13:20:05+08:00", "release rh-lab-report 1.9.4 (pipeline #2879)", "1.9.4"),
    ("rh-telemed", 33, "2026-12-15T13:50:05+08:00", "release rh-telemed 4.2.0 (pipeline #2881)", "4.2.0"),
    ("rh-pharmacy", 21, "2026-12-02T22:15:00+08:00", "release rh-pharmacy 2.7.1", "2.7.1"),
    ("rh-notify", 26, "2026-12-08T21:30:00+08:00", "release rh-notify 1.22.0", "1.22.0"),
    ("rh-patient", 41, "2026-12-15T08:30:05+08:00", "release rh-patient 5.4.0 (pipeline #2868)", "5.4.0"),
    ("rh-queue", 12, "2026-11-26T22:00:00+08:00", "release rh-queue 1.6.2", "1.6.2"),
)


def k8s_state(w: WorldBuilder) -> None:
    for service, revision, changed, cause, tag in STEADY:
        pods = _pods_with_nodes(service)
        for pod, node in pods:
            w.pod(namespace=NS, name=pod, service=service, phase="Running", ready="1/1", restarts=0, last_termination=None,
                  waiting_reason=None, node=node, observed_at=REFERENCE)
        replicaset = pods[0][0].rsplit("-", 1)[0]
        w.deployment(namespace=NS, name=service, service=service, replicas=len(pods), ready=len(pods), available=len(pods),
                     image=f"registry.renhe.internal/online/{service}:{tag}", revision=revision,
                     changed_at=dt.datetime.fromisoformat(changed), change_cause=cause,
                     conditions=[condition("Available", "True", "MinimumReplicasAvailable",
                                           "Deployment has minimum availability."),
                                 condition("Progressing", "True", "NewReplicaSetAvailable",
                                           f'ReplicaSet "{replicaset}" has successfully progressed.')],
                     observed_at=REFERENCE)
    # The night's upload job: failed, kept by failedJobsHistoryLimit; the restore job, still running.
    w.pod(namespace=NS, name=DATA_POD_NIGHT, service="rh-data-report", phase="Failed", ready="0/1", restarts=0,
          last_termination=termination("Error", 1, dt.datetime(2026, 12, 15, 2, 31, 4, tzinfo=TZ)), waiting_reason=None,
          node="rh-k8s-node-03", observed_at=REFERENCE)
    w.pod(namespace=NS, name=RESTORE_POD, service=RESTORE_JOB, phase="Running", ready="1/1", restarts=0,
          last_termination=None, waiting_reason=None, node="rh-k8s-node-05", observed_at=REFERENCE)
    created = w.at("15:33:52")
    events = (
        ("Normal", "SuccessfulCreate", f"Job/{RESTORE_JOB}", f"Created pod: {RESTORE_POD}", created),
        ("Normal", "Scheduled", f"Pod/{RESTORE_POD}", f"Successfully assigned {NS}/{RESTORE_POD} to rh-k8s-node-05", created),
        ("Normal", "Pulling", f"Pod/{RESTORE_POD}", 'Pulling image "registry.renhe.internal/ops/minio-tools:2026.12"',
         created + dt.timedelta(seconds=1)),
        ("Normal", "Pulled", f"Pod/{RESTORE_POD}", 'Successfully pulled image "registry.renhe.internal/ops/minio-tools:'
                                                   '2026.12" in 9.412s (9.412s including waiting)',
         created + dt.timedelta(seconds=10)),
        ("Normal", "Created", f"Pod/{RESTORE_POD}", "Created container restore", created + dt.timedelta(seconds=11)),
        ("Normal", "Started", f"Pod/{RESTORE_POD}", "Started container restore", created + dt.timedelta(seconds=12)),
    )
    for kind, reason, obj, message, at in events:
        w.event(type=kind, reason=reason, object=obj, message=message, count=1, first_seen=at, last_seen=at)


# --- Metrics --------------------------------------------------------------------------------------
def build_metrics(w: WorldBuilder) -> None:
    at = w.at
    release = [(at("06:50"), at("07:40"))]
    w.series("apisix_route_requests_per_second", "rh-appointment", "req/s", RPS, start=START, fine=release, spread=12,
             digits=0, threshold=1500, route="appt-slot-query")
    for node in ("rh-redis-01", "rh-redis-02"):
        w.series("redis_cpu_usage_percent", "rh-redis", "%", [(START, 7.0), (at("07:00"), 16.0), (at("07:20"), 9.0),
                                                               (REFERENCE, 8.0)], start=START, fine=release, spread=1.5,
                 digits=1, threshold=80, instance=node)
    w.series("redis_cpu_usage_percent", "rh-redis", "%", REDIS3_CPU, start=START, fine=release, spread=0.2, digits=1,
             threshold=80, instance="rh-redis-03")
    noon = [(at("12:20"), at("13:15"))]
    late = [(at("15:30"), REFERENCE)]
    w.series("http_5xx_rate", "rh-appointment", "%",
             [(START, 0.1), (at("07:00"), 0.2), (at("07:01"), 38.5), (at("07:03"), 46.2), (at("07:09"), 44.0),
              (at("07:16"), 41.3), (at("07:17"), 9.8), (at("07:18"), 0.6), (at("07:19"), 0.1), (at("12:28"), 0.1),
              (at("12:29"), 6.2), (at("12:35"), 11.4), (at("13:04"), 10.8), (at("13:05"), 0.4), (at("13:06"), 0.1),
              (REFERENCE, 0.1)], start=START, fine=release + noon, spread=0.05, digits=1, threshold=5)
    w.series("http_p99_latency", "rh-appointment", "ms",
             [(START, 120), (at("07:00"), 180), (at("07:01"), 9100), (at("07:16"), 9240), (at("07:17"), 2900),
              (at("07:19"), 150), (at("15:42"), 160), (at("15:50"), 5200), (at("16:21"), 9350), (REFERENCE, 8800)],
             start=START, fine=release + late, spread=10, digits=0)  # no latency rule: the service alerts on errors
    w.series("appt_confirm_failure_ratio", "rh-appointment", "%",
             [(START, 0.2), (at("12:28"), 0.2), (at("12:29"), 88.0), (at("12:31"), 96.4), (at("13:04"), 97.1),
              (at("13:05"), 3.0), (at("13:06"), 0.2), (REFERENCE, 0.2)], start=START, fine=noon, spread=0.1, digits=1,
             threshold=5)
    token = [(at("09:10"), at("11:15"))]
    w.series("wechat_template_send_failure_ratio", "rh-notify", "%",
             [(START, 0.6), (at("09:17"), 0.6), (at("09:18"), 96.8), (at("10:04"), 97.0), (at("10:05"), 0.7),
              (at("10:17"), 0.8), (at("10:18"), 97.3), (at("11:04"), 96.9), (at("11:05"), 0.6), (REFERENCE, 0.5)],
             start=START, fine=token, spread=0.1, digits=1, threshold=5)
    yb = [(at("09:30"), at("10:45"))]
    w.series("yb_settle_failure_ratio", "rh-payment", "%",
             [(START, 0.4), (at("09:41"), 0.4), (at("09:42"), 62.0), (at("09:45"), 88.9), (at("10:20"), 91.5),
              (at("10:35"), 90.2), (at("10:36"), 30.0), (at("10:37"), 1.1), (at("10:38"), 0.4), (REFERENCE, 0.4)],
             start=START, fine=yb, spread=0.3, digits=1, threshold=5)
    w.series("yb_line_up", "rh-yb-network", "", [(START, 1), (at("09:41"), 1), (at("09:42"), 0), (at("15:10"), 0),
                                                  (at("15:11"), 1), (REFERENCE, 1)],
             start=START, fine=yb + [(at("15:00"), at("15:20"))], digits=0, interface="GigabitEthernet0/0/1")
    wx = [(at("13:55"), at("15:05"))]
    w.series("http_5xx_rate", "rh-payment", "%",
             [(START, 0.1), (at("09:41"), 0.1), (at("09:42"), 7.9), (at("10:20"), 9.4), (at("10:36"), 0.3),
              (at("10:37"), 0.1), (REFERENCE, 0.1)], start=START, fine=yb, spread=0.05, digits=1, threshold=5)
    w.series("wxpay_notify_verify_failed_per_min", "rh-payment", "次/分钟", VERIFY_FAILED, start=START, fine=wx, spread=2,
             digits=0, threshold=5)
    w.series("pay_orders_unconfirmed", "rh-payment", "笔", UNCONFIRMED, start=START, fine=wx, spread=3, digits=0,
             threshold=50)
    node7 = [(at("10:35"), at("11:45"))]
    w.series("node_nf_conntrack_entries", "rh-k8s-nodes", "个", CONNTRACK, start=START, fine=node7, spread=0, digits=0,
             threshold=117965, instance=NOISY_NODE)
    for node in ("rh-k8s-node-03", "rh-k8s-node-05"):
        w.series("node_nf_conntrack_entries", "rh-k8s-nodes", "个", [(START, 31000), (at("10:00"), 38200),
                                                                      (at("12:00"), 34100), (REFERENCE, 36400)],
                 start=START, fine=node7, spread=600, digits=0, threshold=943718, instance=node)
    stock = [(at("13:00"), at("14:00"))]
    w.series("http_5xx_rate", "rh-prescription", "%",
             [(START, 0.1), (at("10:48"), 0.2), (at("10:50"), 27.9), (at("11:10"), 31.2), (at("11:32"), 29.0),
              (at("11:34"), 3.0), (at("11:36"), 0.2), (REFERENCE, 0.1)], start=START, fine=node7, spread=0.1, digits=1,
             threshold=5)
    w.series("rx_route_rejected_per_min", "rh-prescription", "次/分钟",
             [(START, 0), (at("13:10"), 0), (at("13:11"), 58), (at("13:14"), 96), (at("13:30"), 118), (at("13:51"), 104),
              (at("13:52"), 31), (at("13:53"), 0), (REFERENCE, 0)], start=START, fine=stock, spread=2, digits=0,
             threshold=20)
    w.series("http_5xx_rate", "rh-lab-report", "%",
             [(START, 0.1), (at("10:48"), 0.1), (at("10:50"), 24.6), (at("11:10"), 26.1), (at("11:32"), 23.8),
              (at("11:34"), 2.0), (at("11:36"), 0.1), (REFERENCE, 0.1)], start=START, fine=node7, spread=0.1, digits=1,
             threshold=5)
    ilm = [(at("13:40"), REFERENCE)]
    w.series("lab_report_pdf_not_found_per_min", "rh-lab-report", "次/分钟", NOT_FOUND, start=START, fine=ilm, spread=3,
             digits=0, threshold=5)
    w.series("minio_bucket_objects_current", "rh-minio", "个", BUCKET_OBJECTS, start=START, fine=ilm, spread=0, digits=0,
             bucket="rh-lab-reports")
    w.series("pharmacy_sku_zero_stock", "rh-pharmacy", "个", ZERO_STOCK, start=START, fine=stock, spread=0, digits=0,
             threshold=500)
    turn = [(at("14:10"), at("15:50"))]
    w.series("webrtc_ice_failure_ratio", "rh-telemed", "%", ICE, start=START, fine=turn, spread=0.2, digits=1, threshold=10)
    w.series("telemed_consults_in_progress", "rh-telemed", "个",
             [(START, 2), (at("08:00"), 31), (at("11:30"), 44), (at("12:00"), 12), (at("14:00"), 38), (at("14:20"), 41),
              (at("14:30"), 24), (at("15:34"), 22), (at("15:45"), 40), (REFERENCE, 35)], start=START, fine=turn, spread=2,
             digits=0)
    w.series("turn_relay_received_mbps", "rh-turn", "Mbps", RELAY_MBPS, start=START, fine=turn, spread=0.3, digits=1)
    w.series("http_server_requests_p99", "rh-his-gateway", "ms", HISGW_P99, start=START, fine=late, spread=40, digits=0,
             threshold=3000)
    for host in VMS["rh-his-gateway"]:
        w.series("node_disk_io_util_percent", "rh-his-gateway", "%", DISK_UTIL, start=START, fine=late, spread=0.2,
                 digits=1, threshold=90, instance=host)
    # The healthy ones.
    for service, p99, threshold in (("rh-patient", 140, 1500), ("rh-queue", 60, 1000)):
        w.series("http_5xx_rate", service, "%", [(START, 0.04), (at("08:30"), 0.2), (at("09:00"), 0.08), (REFERENCE, 0.05)],
                 start=START, spread=0.03, digits=2, threshold=5)
        w.series("http_p99_latency", service, "ms", [(START, p99 - 30), (at("09:30"), p99 + 90), (at("11:00"), p99 + 20),
                                                      (REFERENCE, p99 - 10)], start=START, spread=10, digits=0,
                 threshold=threshold)


# --- Runbooks (written by different teams, each its own way) ----------------------------------------------
RUNBOOKS: list[tuple[str, str, str]] = [
    ("ops/appointment/slot-release.md", "放号高峰挂号异常处理手册", """# 放号高峰挂号异常处理手册

> 维护：互联网医院研发组。每天 07:00 放 7 天后的号，07:00–07:15 是全天最高峰。

## 现象

- 号源页一直转圈或提示“系统繁忙”，挂号提交失败，患者投诉“号一放就没了”。
- 挂号服务日志出现 `RedisTimeoutException`、`RedisResponseTimeoutException`，Tomcat 线程打满。
- 相关告警：**AppointmentApiErrorRateHigh**、**RedisNodeCpuHigh**、**ApisixRouteRequestSurge**。

## 常见原因

- 请求量异常：号贩子 / 抢号插件用脚本高频刷号源接口（UA 常见 python-requests、okhttp，无 Referer，来自云厂商 IDC 网段）。
- 热点 key：号源 hash 按日期做 hash tag，同一天的号源都落在同一个 Redis 主节点上，HGETALL 大 hash 把该节点单线程打满。
- 放号任务写入慢或失败（看 slot release job 日志）。

## 排查步骤

1. APISIX 监控看路由 `appt-slot-query` 的请求量，和前 7 天同一时刻对比。
2. 按 UA、来源 IP / ASN 统计访问日志，确认是否有集中的脚本流量。
3. 看 Redis 各主节点 CPU 与慢日志，确认是不是单个节点打满、是不是同一个 key。

## 处理方案

- 找安全运营在 APISIX 上对脚本 IP 加 ip-restriction 黑名单，对路由加按 IP 的 limit-count。
- 打开号源本地缓存（`appt.slots.local-cache.ttl-ms`，1 秒即可）。
- 长期：号源 hash 拆分，避免同一日期全部落到一个 slot；放号接入人机验证。
"""),
    ("ops/his/his-proc-errors.md", "HIS 接口调用报 ORA 错误处理手册", """# HIS 接口调用报 ORA 错误处理手册

适用于 rh-his-gateway 调 HIS 存储过程返回 ORA- 错误，挂号确认、缴费记账、报告拉取失败。

## 现象

- HIS 网关日志 `调用 HIS 存储过程失败 proc=...`，带 ORA-04063 / ORA-06508 / ORA-04068 等。
- 告警 **HisProcErrorsHigh**，以及上游的 **AppointmentConfirmFailureHigh** 等。

## 常见原因

- HIS 厂商在生产库执行升级脚本，包或包体重建后编译失败，对象状态 INVALID（ORA-04063：package body has errors）。
- 依赖的表结构被改，包体失效后自动重编译失败。
- 包被重编译后，连接池里已有会话的包状态失效（ORA-04068，一次性，重试即可）。

## 排查步骤

1. 查 `dba_objects` 中对应包 / 包体的 status 与 last_ddl_time。
2. 找 HIS 厂商驻场确认当天是否执行过升级脚本，要 spool 日志，注意 “Warning: ... created with compilation errors”。
3. `SHOW ERRORS PACKAGE BODY ...` 看编译错误。

## 处理方案

- 由厂商修正后 `ALTER PACKAGE ... COMPILE BODY`，确认 status=VALID。
- 无法马上修复时，回退到升级前的包体版本（厂商保留的备份脚本）。
- 之后：升级脚本必须在非门诊时间执行并检查编译警告。
"""),
    ("ops/notify/wechat-template.md", "微信公众号模板消息发送失败处理手册", """# 微信公众号模板消息发送失败处理手册

## 现象

患者收不到挂号、缴费、报告出具等微信提醒；rh-notify 日志 `wechat template send failed ... errcode=...`；
告警 **WechatTemplateSendFailureHigh**。

## 常见原因

| errcode | 含义 | 说明 |
|---|---|---|
| 40001 | invalid credential, access_token is invalid or not latest | access_token 被别的系统用同一个 AppSecret 重新获取后失效；或 AppSecret 被重置 |
| 42001 | access_token expired | 本地缓存的 token 过期未刷新 |
| 43004 | require subscribe | 患者已取消关注，正常现象 |
| 45009 | reach max api daily quota limit | 接口调用量超过日限额 |

## 排查步骤

1. 统计 errcode 分布，43004 占少量属于正常。
2. 40001 集中出现：在微信公众平台“安全中心 > IP 白名单”和“开发者密码”操作记录里查，最近是否有新系统接入、是否有人重置 AppSecret。
3. 核对所有使用本公众号 AppID 的系统，是否都通过 rh-notify 的中控接口 `/internal/wechat/token` 取 token。

## 处理方案

- 让其他系统停止自行调用 cgi-bin/token，统一走中控接口；rh-notify 强制刷新一次 token。
- 打开 `wechat.token.refresh-on-invalid`，遇到 40001 立即刷新重发。
- 丢失的报告提醒可按时间段从 notify.report_ready 的记录补发。
"""),
    ("ops/network/yb-line.md", "医保专线中断与医保接口超时处理手册", """# 医保专线中断与医保接口超时处理手册

维护：网络组。医保专线主用电信 MSTP（GigabitEthernet0/0/1），备份为互联网 IPsec 隧道 Tunnel100，NQA 探测自动切换。

## 现象

- 缴费服务医保接口 `Read timed out`，医保结算失败、自费正常。
- 告警 **YbLinePrimaryDown**、**YbSettleFailureRateHigh**。

## 常见原因

- 运营商专线中断，切到备份隧道后带宽小、延迟高。
- 备份隧道 MTU 小（IPsec 封装开销），而防火墙拦了 ICMP “需要分片”报文，大包被丢（PMTU 黑洞）：小请求（1101 人员信息、签到）正常，大请求（2204 费用明细上传、2207 结算）超时。
- 省医保平台自身故障或维护（看医保局通知群）。

## 排查步骤

1. 路由器 `display interface brief`、NQA 结果，确认当前走主线还是 Tunnel100。
2. 按交易号统计：是否只有报文大的交易失败。
3. 在隧道口抓包：大包是否反复重传、有没有 ICMP type 3 code 4 回来。

## 处理方案

- 隧道接口配置 `tcp adjust-mss 1360`（或放通 ICMP 需要分片报文），立即生效。
- 向电信报障，跟进修复时间；主线恢复后确认路由切回。
- 结算失败的患者按撤销预结算处理，引导窗口结算。
"""),
    ("ops/payment/wxpay-verify.md", "微信支付回调与查单验签失败处理手册", """# 微信支付回调与查单验签失败处理手册

## 现象

患者已付款但缴费单一直“待支付”；rh-payment 日志 `微信支付回调验签失败`、`Validate response failed,the WechatPay
signature is incorrect`；告警 **WxpayNotifyVerifyFailed**、**PayOrderPendingHigh**。

## 常见原因

- 微信支付平台证书轮换：微信开始用新平台证书签名（HTTP 头 Wechatpay-Serial 是新序列号），本地只配置了旧证书、没开自动更新。
- 商户 APIv3 密钥被修改，回调报文解密失败。
- 服务器时间偏差导致时间戳校验失败。

## 排查步骤

1. 看验签失败日志里的 Wechatpay-Serial，对比 nacos 配置 `wechatpay.platform-certs`。
2. 看商户平台“API 安全”是否有人改过 APIv3 密钥。
3. 查服务器 NTP 状态。

## 处理方案

- 用 CertificateDownloader 下载最新平台证书，加入 `wechatpay.platform-certs`（新旧证书并存），配置热加载后回调即恢复。
- 开启 `wechatpay.cert.auto-update`。
- 微信会按 15s/15s/30s/3m/10m… 重发通知；验签恢复后由补单任务按查单结果确认剩余订单，核对 HIS 记账。
"""),
    ("ops/k8s/node-network.md", "单个节点上 Pod 连接超时处理手册", """# 单个节点上 Pod 连接超时处理手册

## 现象

- 同一个服务只有部分副本报 `dial tcp ...: i/o timeout`、`ConnectTimeoutError`，其余副本正常。
- 这些 Pod 在同一个节点上；kubelet 就绪探针失败、Pod 反复 NotReady。

## 常见原因

- 节点 conntrack 表满（内核日志 `nf_conntrack: table full, dropping packet`），新连接被丢：常见于同节点上有大量短连接的任务（批量上报、爬取、压测），或节点 `nf_conntrack_max` 没有按标准调优。
- 节点网卡或驱动故障、丢包。
- 节点上 kube-proxy / CNI 异常。

## 排查步骤

1. `kubectl get pod -o wide` 确认报错 Pod 所在节点。
2. 登录节点看 `dmesg`、`conntrack -C`、`sysctl net.netfilter.nf_conntrack_max`，和其他节点对比。
3. `conntrack -L` 按源地址统计，找出占用最多的 Pod。

## 处理方案

- 停掉或迁走制造大量短连接的任务；临时 `sysctl -w net.netfilter.nf_conntrack_max=1048576`。
- 新节点镜像必须包含 /etc/sysctl.d/90-k8s-tuning.conf。
- 必要时 cordon 节点并驱逐 Pod。
"""),
    ("ops/pharmacy/stock-sync.md", "药房库存同步异常处理手册", """# 药房库存同步异常处理手册

## 现象

药品库存大面积显示为 0，处方流转提示“库存不足”；告警 **PharmacyZeroStockSkusHigh**、**RxRouteRejectedHigh**。

## 常见原因

- 全量同步（mode=FULL）读到的 HIS 导出文件不完整（HIS 还在导出 / SFTP 还在上传，或文件被截断），文件里没有的药品被置 0。
- HIS 药库数据本身异常（盘点中）。
- 增量同步中断，库存长时间不更新。

## 排查步骤

1. 看 stock full sync 日志里的 rows 与 skus_not_in_file，正常应为 4800 行左右、0 个置零。
2. 核对导出文件的大小、行数与 HIS 导出任务的完成时间。

## 处理方案

- 等 HIS 导出完成后用完整文件重新执行全量同步。
- 不要在 HIS 导出过程中点“库存全量同步”；同步前校验行数（低于前一天 90% 拒绝执行）。
"""),
    ("ops/lab/report-pdf.md", "检验报告 PDF 打不开处理手册", """# 检验报告 PDF 打不开处理手册

## 现象

患者查看报告提示“报告文件不存在”，rh-lab-report 日志 `NoSuchKey`；告警 **LabReportFileMissing**。

## 常见原因

- 对象被删除：桶上配置了生命周期（ILM）过期规则，或有人手工删除。rh-lab-reports 开了版本控制，删除只是加了删除标记（delete marker），旧版本还在。
- 报告生成失败、PDF 没有上传。
- 对象路径规则变更（报告日期目录）。

## 排查步骤

1. `mc ilm rule ls rh-minio/rh-lab-reports` 查看生命周期规则。
2. `mc ls --versions` 看缺失对象是否只有 delete marker。
3. 看报告生成日志 report ready 是否成功上传。

## 处理方案

- 删除误加的生命周期规则（`mc ilm rule rm --id ...`）。
- 批量删除 delete marker 恢复对象（运维工具 minio-tools 的 restore 任务）；恢复期间按报告日期优先处理近期报告。
- 生命周期规则变更必须双人复核桶名。
"""),
    ("ops/telemed/ice-failed.md", "视频问诊无法接通处理手册", """# 视频问诊无法接通处理手册

## 现象

视频问诊一直“正在连接”，30 秒后断开；rh-telemed 日志 `ICE failed`；告警 **TelemedCallFailureHigh**。
Wi-Fi 下的患者多数正常，4G/5G（对称 NAT）患者和院内医生工作站需要 TURN 中继，受影响最大。

## 常见原因

- TURN 中继不可用：coturn 进程异常、中继端口（UDP 49152–65535）被安全组或防火墙拦截（此时 ALLOCATE 仍然成功，但 usage 里 rp=0）。
- TURN 临时凭证过期或签名密钥不一致（401）。
- 患者网络限制 UDP。

## 排查步骤

1. 看 coturn 日志：ALLOCATE 是否成功、relay 会话 usage 的 rp / rb 是否为 0。
2. 查云上安全组 sg-bp1rh7turn9x3 的入方向规则和 ActionTrail 操作记录。
3. 用 trickle-ice 页面从 4G 网络测试 relay 候选。

## 处理方案

- 恢复安全组入方向 udp 49152/65535。
- 凭证问题：核对 rh-telemed 与 coturn 的 static-auth-secret。
- 临时：引导患者切换 Wi-Fi 或改为图文问诊。
"""),
    ("ops/his/gateway-slow.md", "HIS 网关响应变慢处理手册", """# HIS 网关响应变慢处理手册

## 现象

HIS 网关 p99 超过 3 秒（**HisGatewayLatencyHigh**），挂号确认、缴费、报告拉取都变慢；有时伴随 **HostDiskIOUtilHigh**。

## 常见原因

- 日志量暴增：有人把 CXF / HTTP 客户端的日志级别临时调成 DEBUG（常用 Arthas `logger --level debug`），SOAP 报文全量落盘，系统盘写满带宽，Log4j2 同步写文件时请求线程阻塞在 RollingFileManager 上。
- HIS 数据库慢（看 AWR、等待事件）。
- 网关 JVM 内存或线程问题。

## 排查步骤

1. `iostat -x` 看系统盘 %util、写带宽；看 /opt/his-gw/logs 的增长速度和滚动频率。
2. `jstack` 看 http-nio 线程是否大量 BLOCKED 在 log4j 的 OutputStreamManager。
3. 问集成组当天有没有人用 Arthas 改日志级别。

## 处理方案

- 用 Arthas 把日志级别改回 INFO：`logger --name org.apache.cxf --level info`，两台都要改。
- 清理多余的 DEBUG 日志文件；报文排查改用抓包或单笔 trace，不要在高峰期全量打印。
"""),
    ("ops/common/db-pool.md", "应用数据库连接池耗尽处理手册", """# 应用数据库连接池耗尽处理手册

## 现象

应用日志 `HikariPool-1 - Connection is not available, request timed out`，连接池 active 长时间等于上限。

## 常见原因

- 慢 SQL 或长事务占住连接。
- 代码没有归还连接（连接泄漏）。

## 排查步骤

1. 看连接池 active / idle / waiting 指标。
2. 开启 leakDetectionThreshold 找未归还连接的代码位置。

## 处理方案

- 数据库空闲时可临时调大 maximumPoolSize。
- 优化慢 SQL，拆分长事务。
"""),
    ("ops/notify/sms.md", "短信发送失败处理手册", """# 短信发送失败处理手册

## 现象

短信提醒大面积发送失败，阿里云返回 isv.* 错误码。

## 常见原因

- 短信签名或模板审核未通过 / 被撤销（isv.SMS_SIGNATURE_ILLEGAL、isv.SMS_TEMPLATE_ILLEGAL）。
- 触发运营商流控（isv.BUSINESS_LIMIT_CONTROL）。
- 账户余额不足（isv.AMOUNT_NOT_ENOUGH）。

## 排查步骤

1. 统计错误码，登录短信控制台查看签名、模板状态与余额。

## 处理方案

- 在 nacos 中把 sms.channel.weight 调整为全部走备用短信通道（腾讯云）。
- 联系厂商加急审核或充值。
"""),
    ("ops/his/tablespace.md", "HIS 数据库表空间不足处理手册", """# HIS 数据库表空间不足处理手册

## 现象

HIS 写入报 ORA-01653: unable to extend table ... in tablespace HIS_DATA，收费、挂号写入失败。

## 常见原因

- 表空间数据文件未开自动扩展，或已到 32G 上限。
- 大批量归档数据写入。

## 排查步骤

1. 查 dba_data_files、dba_free_space 的使用率。

## 处理方案

- ALTER TABLESPACE HIS_DATA ADD DATAFILE '+DATA' SIZE 10G AUTOEXTEND ON。
- 联系厂商清理历史归档表。
"""),
    ("ops/rx/ca-sign.md", "CA 电子签名服务异常处理手册", """# CA 电子签名服务异常处理手册

## 现象

医生开处方时签名失败，处方无法提交，日志中 BJCA 返回错误或超时。

## 常见原因

- BJCA 云签服务故障。
- 医生证书过期或手机端未授权。

## 排查步骤

1. 看签名失败是否集中在某个医生，还是所有医生。
2. 访问 BJCA 服务状态页。

## 处理方案

- 大面积故障时启用 CA 签名降级：先开具后补签（医务处审批），恢复后统一后补签。
- 个别医生：重新下发证书。
"""),
]


def build_bundle(seed: int = SEED) -> Json:
    w = WorldBuilder(seed=seed, day=DAY, tz=TZ, reference=REFERENCE, instances=INSTANCES,
                     labels={"env": "prod", "cluster": "rh-hz-prod"})
    for service, (make, every) in NOISE.items():
        quiet = [(w.at(a), w.at(b)) for a, b in QUIET.get(service, [])]
        w.noise(service, make, START, every_s=every, quiet=quiet)
    his_log_switches(w)
    rollouts(w)
    slot_release(w)
    his_upgrade(w)
    wechat_token(w)
    yb_line(w)
    node7_conntrack(w)
    stock_sync(w)
    report_bucket(w)
    wechat_pay_cert(w)
    turn_ports(w)
    his_gateway_debug(w)
    other_changes(w)
    k8s_state(w)
    build_metrics(w)
    documents = [{"title": title, "source": source, "content": content} for source, title, content in RUNBOOKS]
    return w.bundle(name="RenHe 仁和医疗 2026-12-15", services=SERVICES, documents=documents)


# --- Questions ---------------------------------------------------------------------------------
#: Each incident's signature and the word of its own cause: in another incident's answer, a misattribution.
FAMILY = {
    "bots": ("python-requests", "HGETALL"),
    "ora": ("ORA-04063", "PLS-00201"),
    "token": ("errcode=40001", "access_token"),
    "mtu": ("adjust-mss", "Tunnel100"),
    "wxpay": ("Wechatpay-Serial", "平台证书"),
    "conntrack": ("nf_conntrack", "rh-k8s-node-07"),
    "stock": ("skus_not_in_file", "库存不足"),
    "ilm": ("NoSuchKey", "expire-days"),
    "turn": ("ICE failed", "SEC-20261215-004"),
    "debug": ("arthas", "RollingFileManager"),
}
#: The remedies of the runbooks for problems that did not happen.
UNRELATED_REMEDIES = ("maximumPoolSize", "备用短信通道", "ADD DATAFILE", "后补签")
FIRING = ("KubeJobFailed", "LabReportFileMissing", "HostDiskIOUtilHigh", "HisGatewayLatencyHigh")
INCIDENT_WORDS = tuple(word for words in FAMILY.values() for word in words)


def _not(*own: str) -> tuple[str, ...]:
    """The other incidents' words, plus the unrelated runbooks' remedies. ``own`` names the families whose words are
    part of the asked service's own story (a service with two incidents, a caller that logs the other's symptom)."""
    return tuple(word for family, words in FAMILY.items() if family not in own for word in words) + UNRELATED_REMEDIES


QUESTIONS: tuple[WorldQuestion, ...] = (
    WorldQuestion(
        "hospital_appt_release_cause",
        "早上七点放号那会儿挂号页面一直转圈，专家号一放出来就没了，挂号服务到底怎么了？", "cause",
        asked_facts=(fact("RedisTimeoutException", "RedisResponseTimeoutException", "Command execution timeout",
                          "Redis 超时", "Redis 命令超时"),),
        cause_facts=(fact("python-requests", "号贩子", "刷号", "爬虫", "抢号脚本", "机器人"),
                     fact("HGETALL", "热点 key", "热 key", "hot key", "rh-redis-03", "大 key")),
        forbidden=_not("bots", "ora"), service="rh-appointment",
        diagnosis="06:59:40 起号贩子脚本（python-requests/okhttp，412 个 IDC IP）在 07:00 放号时狂刷号源查询，路由 appt-slot-query "
                  "请求量从约 40 涨到 5263 req/s（07:03）；每次查询都是 HGETALL appt:slots:{20261222}:<科室>，hash tag 让整天的号源落在 "
                  "slot 12590 即 rh-redis-03 一个主节点上 → 其主线程 CPU 99% → Redisson Command execution timeout / "
                  "RedisResponseTimeoutException → 号源页和挂号 500（07:00–07:17）；07:16 安全组在 APISIX 封 IP 加限流后恢复，"
                  "07:35 加本地缓存。06:40 的每日预约上限配置不是原因",
    ),
    WorldQuestion(
        "hospital_appt_confirm_cause",
        "中午十二点半以后患者挂号一到确认那一步就报错，早上那个不是已经好了吗？挂号服务又咋了？", "cause",
        asked_facts=(fact("ORA-04063", "ORA-06508", "has errors"),),
        cause_facts=(fact("V5.3.2_20261215_reg_channel.sql", "HIS-CR-20261215-02", "升级脚本", "V5.3.2"),
                     fact("compilation errors", "PLS-00201", "编译错误", "编译失败", "INVALID")),
        forbidden=_not("bots", "ora"), service="rh-appointment",
        diagnosis="12:28 众康 HIS 厂商在生产库执行升级脚本 V5.3.2_20261215_reg_channel.sql（HIS-CR-20261215-02），重建的 "
                  "PKG_REG_APPOINT 包体编译出错（PLS-00201: V_CHANNEL_CODE 未声明，状态 INVALID），脚本却报 0 个 ORA 错误 → "
                  "HIS 网关每次调 P_CONFIRM 都是 ORA-04063: package body \"HIS.PKG_REG_APPOINT\" has errors → 挂号确认全部失败"
                  "（12:28–13:05），号源查询正常；13:04 厂商修正后重编译恢复。11:50 的 2.31.0 发布不是原因，也不是早上的 Redis 问题",
    ),
    WorldQuestion(
        "hospital_report_wechat_cause",
        "上午好多患者说检验报告出来了却没收到微信提醒，报告服务那边看着一切正常，问题出在哪？", "cause",
        asked_facts=(fact("errcode=40001", "40001", "invalid credential", "access_token is invalid"),),
        cause_facts=(fact("康随", "随访系统", "118.31.72.19", "IP白名单", "IP 白名单"),),
        forbidden=_not("token"), service="rh-notify",
        diagnosis="报告服务正常发布了 notify.report_ready，失败在消息通知 rh-notify：09:05 宣传科把康随随访系统（118.31.72.19）加进"
                  "公众号 IP 白名单，它用本院 AppSecret 每 30 分钟自己调 cgi-bin/token，把 rh-notify 缓存的 access_token 顶掉 → "
                  "09:17–10:04、10:17–11:04 模板消息 errcode=40001 invalid credential, access_token is invalid or not latest，"
                  "报告提醒被丢弃（挂号提醒走了短信兜底）；11:02 对方改用中控接口、11:04 强制刷新后恢复。08:55 的短信通道权重调整不是原因",
    ),
    WorldQuestion(
        "hospital_pay_insurance_cause",
        "上午九点四十以后医保结算一直超时，自费的倒是都能缴，缴费服务这是咋了？", "cause",
        asked_facts=(fact("Read timed out", "SocketTimeoutException"),),
        cause_facts=(fact("MTU", "adjust-mss", "MSS", "分片", "fragmentation"),
                     fact("Tunnel100", "IPsec", "备份隧道", "MSTP", "GigabitEthernet0/0/1", "专线中断")),
        forbidden=_not("mtu", "wxpay"), service="rh-payment",
        diagnosis="09:41 电信医保 MSTP 专线光缆中断，路由器切到备份 IPsec 隧道 Tunnel100（ip mtu 1400），防火墙丢弃 ICMP "
                  "需要分片报文 → PMTU 黑洞：1101、2201 这类小报文正常，2204 费用明细上传、2207 结算这类大报文 SocketTimeoutException: "
                  "Read timed out（30s）→ 医保结算失败、自费正常；10:35 在 Tunnel100 上配 tcp adjust-mss 1360 后恢复，专线 15:10 修复。"
                  "08:10 的 3.12.1 发布不是原因",
    ),
    WorldQuestion(
        "hospital_pay_wechat_cause",
        "下午两点多一堆患者投诉微信上钱扣了，缴费单却一直是待支付，缴费服务又出啥事了？", "cause",
        asked_facts=(fact("signature verification failed", "验签失败", "signature is incorrect"),),
        cause_facts=(fact(NEW_SERIAL, "平台证书", "platform certificate", "Wechatpay-Serial"),),
        forbidden=_not("wxpay"), service="rh-payment",
        diagnosis=f"14:02 起微信支付改用新平台证书（序列号 {NEW_SERIAL}）签名，rh-payment 只配了旧证书 {OLD_SERIAL[:8]}… 且没开自动"
                  "更新 → 回调与查单全部验签失败（signature verification failed / signature is incorrect）→ 已付款订单停在待支付，"
                  "14:46 积压 1126 笔；14:46:30 把新证书加进 wechatpay.platform-certs 后回调恢复，14:55 补单完成，15:05 打开自动更新。"
                  "13:30 的订单过期时间配置不是原因，也不是上午的医保专线问题",
    ),
    WorldQuestion(
        "hospital_rx_node_cause",
        "十一点前后处方服务一直报 i/o timeout，可三个 pod 里就一个在报错，另外两个好好的，这是为啥？", "cause",
        asked_facts=(fact("i/o timeout", "dial tcp"),),
        cause_facts=(fact("nf_conntrack", "conntrack", "连接跟踪"), fact(NOISY_NODE, "node-07"),
                     fact("rh-data-report", "数据上报", "10.99.18.20")),
        forbidden=_not("conntrack", "stock"), service="rh-prescription",
        diagnosis=f"出错的是 {NOISY_NODE} 上的副本 {RX_ON_NODE7}：10:44 有人手工重跑卫健委数据上报任务 rh-data-report，Pod 调度到 "
                  "node-07，逐条新建 HTTPS 连接；node-07 是 12-14 用新镜像加入的，nf_conntrack_max 只有 131072（其他节点 1048576）"
                  " → 10:48 起 nf_conntrack: table full, dropping packet → 该节点上的 Pod 新连接全被丢（dial tcp …: i/o timeout，"
                  "检验报告在该节点的副本同样超时）；11:31 删除任务、11:32 调大 sysctl 后恢复。10:20 的合理用药规则库配置不是原因",
    ),
    WorldQuestion(
        "hospital_telemed_cause",
        "下午两点半左右开始好多患者视频问诊接不通，一直卡在“正在连接”，医生那边也看不到人，互联网医院这是怎么了？", "cause",
        asked_facts=(fact("ICE failed", "ICE_FAILED", "ICE 失败"),),
        cause_facts=(fact("SEC-20261215-004", "RevokeSecurityGroup", "sg-bp1rh7turn9x3", "安全组", "security group"),
                     fact("49152", "中继端口", "relay port")),
        forbidden=_not("turn"), service="rh-telemed",
        diagnosis="14:20 安全加固工单 SEC-20261215-004 在 TURN 服务器的安全组 sg-bp1rh7turn9x3 上删除了入方向 udp 49152/65535（中继"
                  "端口）→ ALLOCATE 仍成功但中继收不到对端媒体（rp=0）→ 需要中继的问诊（4G/5G 患者、院内医生）ICE failed，"
                  "失败率最高 43.7%（15:12）；15:34 恢复规则后正常。13:50 的 4.2.0 发布和 14:05 的候诊超时配置不是原因",
    ),
    WorldQuestion(
        "hospital_report_pdf_cause",
        "下午开始患者翻以前的检验报告老提示文件不存在，今天新出的倒能看，报告服务怎么回事？", "cause",
        asked_facts=(fact("NoSuchKey", "The specified key does not exist"),),
        cause_facts=(fact("mc ilm rule add", "ILM", "生命周期", "lifecycle", "Lifecycle configuration"),
                     fact("--expire-days 1", "expire-days", "Expiration: 1 day")),
        forbidden=_not("ilm"), service="rh-lab-report",
        diagnosis="13:41 存储管理员执行 mc ilm rule add --expire-days 1 rh-minio/rh-lab-reports（工单 OPS-20261215-031 本意是清临时"
                  "导出桶）→ 13:52 起扫描器把一天前的报告 PDF 全部过期（版本控制下加了 delete marker，共 1214337 个）→ 查看历史报告 "
                  "NoSuchKey: The specified key does not exist，今天的报告正常；15:21 删除规则，15:34 起恢复任务移除 delete marker，"
                  "16:29 完成 64.8%，至今未完全恢复。13:20 的 1.9.4 发布不是原因",
    ),
    WorldQuestion(
        "hospital_telemed_failure_quantity", "下午视频问诊接不通的比例最高到过多少？", "quantity",
        asked_facts=(fact(str(ICE_PEAK)),), forbidden=_not("turn"), service="rh-telemed",
        peak=Peak("rh-telemed", "webrtc_ice_failure_ratio", ICE_PEAK),
        diagnosis=f"webrtc_ice_failure_ratio 峰值 {ICE_PEAK}%（15:12）；TelemedCallFailureHigh 触发时的值 {ICE_ALERT_VALUE} 不是峰值",
    ),
    WorldQuestion(
        "hospital_pharmacy_zero_quantity", "下午一点多药房库存出岔子那阵，最多的时候有多少种药显示没货？", "quantity",
        asked_facts=(fact(str(ZERO_STOCK_PEAK)),), forbidden=_not("stock"), service="rh-pharmacy",
        peak=Peak("rh-pharmacy", "pharmacy_sku_zero_stock", ZERO_STOCK_PEAK),
        diagnosis=f"pharmacy_sku_zero_stock 峰值 {ZERO_STOCK_PEAK} 种（13:51，重新全量同步之前）；13:10 全量同步只读到 212 行，"
                  "4604 种药被置 0；PharmacyZeroStockSkusHigh 触发时是 4607",
    ),
    WorldQuestion(
        "hospital_his_latency_quantity", "HIS 网关刚才慢得要命，接口 p99 最高到多少毫秒了？", "quantity",
        asked_facts=(fact(str(HISGW_P99_PEAK)),), forbidden=_not("debug", "ora"), service="rh-his-gateway",
        peak=Peak("rh-his-gateway", "http_server_requests_p99", HISGW_P99_PEAK),
        diagnosis=f"http_server_requests_p99 最高 {HISGW_P99_PEAK}ms（16:21），告警触发时是 3920ms；15:42 起 org.apache.cxf 被 Arthas "
                  "调成 DEBUG，报文全量落盘，线程阻塞在 RollingFileManager，至今未恢复",
    ),
    WorldQuestion(
        "hospital_notify_alert_existence", "消息通知那边上午有没有报过微信消息发送失败的告警？", "existence",
        asked_facts=(fact("WechatTemplateSendFailureHigh"),), forbidden=_not("token"), service="rh-notify",
        diagnosis="有，两次：WechatTemplateSendFailureHigh 09:20–10:06（96.8%）与 10:20–11:07（97.3%），阈值 5%，都已恢复",
    ),
    WorldQuestion(
        "hospital_patient_healthy", "患者中心早上八点半发了个版，它今天有没有告警或者报错？", "existence",
        asked_facts=(HEALTHY,), forbidden=INCIDENT_WORDS, service="rh-patient", healthy=True,
        diagnosis="没有：只有登录、就诊人、实名认证的 INFO 与实名认证不通过的 WARN，5xx 最高约 0.2%（阈值 5%），p99 远低于 1500ms，"
                  "无告警；08:30 的 5.4.0 发布与当天各故障无关",
    ),
    WorldQuestion(
        "hospital_queue_healthy", "叫号系统下午一点改过语音配置，现在有没有什么告警？", "existence",
        asked_facts=(HEALTHY,), forbidden=INCIDENT_WORDS, service="rh-queue", healthy=True,
        diagnosis="没有告警；5xx 与 p99 都远低于阈值，13:00 的 voice-speed 1.0 -> 0.9 之后叫号正常，只有叫号屏偶尔重连的 WARN",
    ),
    WorldQuestion(
        "hospital_alert_listing", "现在还有哪些告警没恢复？帮我列一下。", "listing",
        asked_facts=tuple(fact(name) for name in FIRING), forbidden=("rh-patient", "rh-queue"),
        diagnosis="4 条：KubeJobFailed（凌晨 02:00 的数据上报任务失败，02:31 起）、LabReportFileMissing（13:55 起，报告恢复中）、"
                  "HostDiskIOUtilHigh 与 HisGatewayLatencyHigh（HIS 网关 15:45 / 15:47 起，DEBUG 日志未恢复）；挂号、缴费、处方、"
                  "通知、药房、视频问诊的告警都已恢复",
    ),
    WorldQuestion(
        "hospital_pay_changes_listing", "缴费服务今天下午都动过些什么？改配置、换证书都算上。", "listing",
        asked_facts=(fact("pay.order.expire-minutes"), fact("wechatpay.platform-certs"), fact("wechatpay.cert.auto-update")),
        forbidden=_not("wxpay"), service="rh-payment",
        diagnosis="三次配置变更：13:30 pay.order.expire-minutes 30 -> 15（与故障无关）、14:46 wechatpay.platform-certs 加入新平台证书 "
                  f"{NEW_SERIAL[:8]}…（修复回调验签）、15:05 wechatpay.cert.auto-update false -> true；08:10 的 3.12.1 发布在上午",
    ),
)

WORLD = World(name=NAME, title="RenHe 仁和医疗（医院互联网服务）", build=build_bundle, questions=QUESTIONS)
