"""World "charging": 闪充能源 ShanChong Energy, an electric-vehicle charging network operator in Shenzhen (``sc-*``
services: Go, Java, Python and Node.js on Kubernetes; MySQL, RabbitMQ 3.8 and InfluxDB 1.8 on virtual machines;
about 20 000 chargers speaking OCPP 1.6J over websockets to the gateway), seen on Monday 2026-12-14 from 00:00 to
the reference time 21:40 (+08:00): the night, the morning commute, lunch, and the evening charging peak. Nothing here
was written for the offline agents; ten incidents of families neither the demo nor the other worlds have, in
ordinary noise:

(1) 02:15:08        sc-tariff-service: the platform team's FinOps job ``kube-rightsizer`` applies recommendation
                    RS-20261214-017 (7-day p95 0.31 cores, a quiet weekend): CPU limit 2 -> 500m. The Go service keeps
    07:25–09:12     GOMAXPROCS=16 (no automaxprocs) → with the Monday commute the CFS quota throttles it
                    (``container_cpu_cfs_throttled_ratio`` 86.4 % at 08:10), quote p99 1.9 s; sc-session-service's
                    quotes time out after 800 ms and fall back to cached plans. 09:08:40 the limit is restored and the
                    deployment excluded from the rightsizer. The 06:50 cache-TTL config push is a decoy.
(2) 09:20:14        sc-vpc: netops swaps the NAT gateway's SNAT address to a new EIP 39.106.211.74 (ModifySnatEntry,
                    CHG-20261214-0007, a bandwidth upgrade) → the e-invoice platform 发票云 only whitelists the old
    09:20–10:38     egress IP → every invoice of sc-billing-service fails ``E1203 调用方IP 39.106.211.74 不在白名单内``
                    (backlog 1846); 10:37 the partner adds the IP (ticket FPY-77120), the backlog drains by 10:58. The
                    08:30 billing deploy 3.9.2 is a decoy.
(3) 10:06–11:18     sc-station-map: a crawler from 47.100.0.0/16 with ``okhttp/4.9.3``, no user, scans the country
                    grid through ``/api/v1/stations/nearby`` → ``station_nearby_requests_per_sec`` 190 → 2630 (10:41);
                    PostGIS sc-postgis-01 at 97 % CPU, statement timeouts, real users' map spins / 5xx. 11:18:20 secops
                    adds limit-req + an IP blacklist on the APISIX route (SEC-20261214-02). The 09:40 deploy 4.2.0 and
                    the HPA scale-out are decoys.
(4) 11:01:30        sc-pay-adapter: WeChat Pay starts signing notifications with its new platform certificate
                    6C1D9E2F…; the adapter loads platform certificates from a file (auto-update disabled; its 06:00 check
    11:01–11:47     even warned) → every callback ``微信支付回调验签失败`` → top-ups paid but not credited (1260 orders
                    pending). 11:46:10 the on-call downloads the certificate and hot-reloads; the 11:50 query-compensation
                    job and WeChat's retries clear the backlog by 11:58. The 10:20 Alipay timeout config is a decoy.
(5) 12:32:40        sc-mysql: the DBA starts ``pt-archiver`` (DBA-20261214-03, archive of 2025 sessions) with 20000-row
                    transactions → the replica sc-mysql-02 (which sc-app-api reads from) lags, Seconds_Behind_Master
    12:34–13:36     peaks at 1386 s at 13:14 → the App shows finished sessions as still charging, orders missing, users
                    press stop again (409 SESSION_ALREADY_STOPPED). 13:15:20 the archiver is stopped; caught up 13:36.
                    The app-api deploy 5.3.0 at 11:50 is a decoy.
(6) 14:00:04        the CronJob sc-meter-regulator-report (sc-meter-service) uploads yesterday's meter data to the city
                    regulator one record per new HTTPS connection (64 workers); its pod lands on sc-k8s-node-06, which
    14:05–14:46     joined on 12-11 from a new node image with nf_conntrack_max 262144 (older nodes 1048576) →
                    ``nf_conntrack: table full, dropping packet`` → only the pods on that node suffer: two of the six
                    sc-ocpp-gateway pods cannot forward StartTransaction/Authorize to the session service (``dial tcp …
                    i/o timeout`` → CALLERROR InternalError: those chargers cannot start), one sc-app-api pod times out,
                    readiness probes fail. 14:41 the job is deleted, 14:42 conntrack_max raised. The gateway's 13:40
                    heartbeat-interval config push is a decoy; the cause is on another service than the gateway.
(7) 15:02:40        sc-tariff-service: the operator yunying_chenmo imports the 南山 2027Q1 plan TP-SZ-NS-2027Q1 v1 from an
                    Excel whose service-fee column is in 分 (80.00 instead of 0.80 元/kWh) → from 15:19 sc-billing-service
    15:19–16:44     holds every 南山 order as over the sanity limit (``ON_HOLD``; 163 at 16:20). 16:12:05 v2 corrects the
                    unit; 16:25 a re-rate job releases the held orders. sc-billing-service has its second incident here.
(8) 16:48:31 → now  sc-meter-service 2.8.0 (deployed 07:40) tags meter points with ``txn`` → a new InfluxDB series per
                    session and measurement → ``influxdb_database_num_series`` climbs from 612 430 to the
                    ``max-series-per-database`` limit 1000000 → ``partial write: max-series-per-database limit exceeded``:
                    sessions started since have no charging curve in the App. Not fixed yet (MeterWriteErrorsHigh and
                    InfluxDBSeriesNearLimit firing). The 16:30 batch-size config push is a decoy.
(9) 09:31:10        sc-rabbitmq: the data team declares queue ``dw.session.events`` bound to ``session.events`` (#) for a
                    warehouse pilot (DW-1287) whose consumer never started → 3.4 M messages in a classic queue → 18:52
    18:52–19:18     ``memory resource limit alarm set on node 'rabbit@sc-mq-02'``, flapping → publishers blocked →
                    sc-session-service cannot publish: starts fail (``connection blocked: low on memory``), the App
                    spins. 19:14:30 the queue is purged (peak 3418226 ready), alarm cleared 19:16:40. The session
                    service's 18:20 deploy 4.11.3 is a decoy.
(10) 19:25:03       sc-energy-dispatch: the 深圳虚拟电厂管理平台 sends demand-response instruction DR-SZ-20261214-19
                    (削峰 19:30–21:00, 福田/南山, −4.8 MW) → SetChargingProfile 7.0 kW per connector on 1146 connectors
    19:30–21:00     via the gateway → average power of the area's sessions 55 → 19 kW, drivers complain of slow
                    charging. Ends 21:00:05 with ClearChargingProfile. The 17:10 forecast-horizon config is a decoy.

Healthy: sc-fleet-api (deploy 2.14.0 at 10:05 is a decoy) and sc-user-service (an SMS-limit config at 13:30 is a
decoy) — INFO/WARN noise only, under their thresholds, no alert, no pod on sc-k8s-node-06. Still firing at 21:40:
StationOfflineLong (站点 SZ-LG-0107 offline since 16:20 the day before: its 4G router, unrelated),
InfluxDBSeriesNearLimit and MeterWriteErrorsHigh. Kubernetes (event TTL 24 h on this cluster): the deployments and
their pods with their nodes, today's rollouts, the HPA of the station map, the regulator CronJob's run and the node's
ConntrackFull events.
Run ``python -m evaluation.worlds charging`` to print the bundle.
"""

from __future__ import annotations

import datetime as dt
import functools
from collections.abc import Iterator
from typing import Any

from evaluation.worlds.common import (
    Json,
    WorldBuilder,
    clock_on,
    condition,
    k8s_suffix,
    pod_names,
    replicaset_name,
    runbook,
)
from evaluation.worlds.spec import HEALTHY, Peak, World, WorldQuestion, fact

NAME = "charging"
SEED = 20261214
TZ = dt.timezone(dt.timedelta(hours=8))
DAY = dt.date(2026, 12, 14)
START = dt.datetime(2026, 12, 14, 0, 0, tzinfo=TZ)
REFERENCE = dt.datetime(2026, 12, 14, 21, 40, tzinfo=TZ)
NS = "sc-prod"
MONTH = "Dec"

_t = functools.partial(clock_on, DAY, TZ)


# --- The lines the questions are about (the tests find each one in the bundle) ----------------
RIGHTSIZE = ("kube-rightsizer: applied recommendation RS-20261214-017 to deployment/sc-tariff-service (sc-prod): cpu "
             "requests 1 -> 250m, limits 2 -> 500m, memory unchanged (window 7d, p95 0.31 cores, p99 0.44 cores)")
TARIFF_CONFIG = ("[nacos] config changed: dataId=sc-tariff-service.yaml group=PRICING key=quote.cache.ttl-seconds old=60 "
                 "new=120 operator=dev_xuning md5=5d1e0a93c7b2")
TARIFF_RESTORE = ("platform_zhaoyu: kubectl -n sc-prod patch deployment sc-tariff-service: cpu limits 500m -> 2, requests "
                  "250m -> 1; annotation rightsizer.shanchong.io/skip=true (revert RS-20261214-017)")
THROTTLE_PEAK = 86.4

BILLING_DEPLOY = ("deploy finished: sc-billing-service 3.9.2 (was 3.9.1) rolled out by ci-bot pipeline=#5218; changes: "
                  "receipt PDF uses Source Han Sans for enterprise titles")
EIP_ALLOCATE = ("ActionTrail: AllocateEipAddress eip-wz9f0c2d7q 39.106.211.74 (BGP, 200Mbps, common bandwidth package "
                "cbwp-wz93kx1d0) by netops_gaofeng")
SNAT_CHANGE = ("ActionTrail: ModifySnatEntry NatGatewayId=ngw-wz9k3x7m2p SnatEntryId=snat-wz9e1a8c6b SourceCIDR="
               "10.42.0.0/16 SnatIp 47.112.148.36 -> 39.106.211.74 by netops_gaofeng (CHG-20261214-0007 出口带宽扩容：SNAT "
               "改用共享带宽包 EIP)")
INVOICE_FAIL = ("invoice issue failed reqNo={req} orders={orders} amount={amount} buyer={buyer}: com.shanchong.billing."
                "invoice.FapiaoCloudException: code=E1203, message=调用方IP 39.106.211.74 不在白名单内 (POST "
                "https://openapi.fapiaoyun.com/v3/invoices/blue) — retry #{retry} in {wait}s")
INVOICE_TICKET = ("billing_oncall_qianyu: 发票云工单 FPY-77120 已处理，对方白名单新增 39.106.211.74（原 47.112.148.36 保留）；"
                  "开始重试积压开票请求")

MAP_DEPLOY = ("deploy finished: sc-station-map 4.2.0 (was 4.1.3) rolled out by ci-bot pipeline=#5231; changes: amenity "
              "filters 免费停车 / 带雨棚 in nearby search")
CRAWLER_UA = "okhttp/4.9.3"
MAP_WAF = ("secops_liwei: APISIX route station-nearby (/api/v1/stations/nearby): plugins limit-req rate=20 burst=40 "
           "key=remote_addr, ip-restriction blacklist 47.100.0.0/16 47.101.0.0/16, key-auth required for anonymous "
           "callers (SEC-20261214-02)")
NEARBY_PEAK = 2630

PAY_CERT_CHECK = ("platform certificate check: GET /v3/certificates returned 2 [5157F09EFDC096DE15EBE81A47057A72 expires "
                  "2026-12-21T10:20:11+08:00, 6C1D9E2F47A0B3158E2D6F44A901C7E3 effective 2026-12-14T11:00:00+08:00]; local "
                  "keystore /etc/wechatpay/platform has 1 [5157F09EFDC096DE15EBE81A47057A72]; auto-update disabled "
                  "(wechatpay.platform-cert.auto-update=false)")
PAY_CONFIG = ("[nacos] config changed: dataId=sc-pay-adapter.yaml group=PAY key=alipay.connect-timeout-ms old=3000 new=2000 "
              "operator=dev_hanlu md5=0b7e44c1a9d3")
PAY_VERIFY_FAIL = ("微信支付回调验签失败：Wechatpay-Serial=6C1D9E2F47A0B3158E2D6F44A901C7E3 在本地平台证书中不存在（已加载 1 个："
                   "5157F09EFDC096DE15EBE81A47057A72），Wechatpay-Nonce={nonce} Wechatpay-Timestamp={ts}，返回 401 FAIL，等待微信重试")
PAY_RELOAD = ("oncall_sunqi: CertificateDownloader 下载微信支付平台证书 6C1D9E2F47A0B3158E2D6F44A901C7E3 写入 "
              "/etc/wechatpay/platform，POST /actuator/wechatpay/reload-certificates -> loaded 2 platform certificates")
PAY_COMPENSATE = ("order query compensation job: 1260 WECHAT orders PAYING > 5min queried, 1251 SUCCESS credited, 9 NOTPAY "
                  "closed (took 41.8s)")

APP_DEPLOY = ("deploy finished: sc-app-api 5.3.0 (was 5.2.4) rolled out by ci-bot pipeline=#5240; changes: coupon center "
              "page, winter night-rate banner")
ARCHIVER = ("dba_zhoulin: pt-archiver --source h=sc-mysql-01,D=sc_order,t=charging_session --dest h=sc-archive-01,D="
            "sc_order_2025 --where \"created_at < '2025-01-01'\" --limit 20000 --txn-size 20000 --bulk-delete "
            "--bulk-insert --progress 100000 (DBA-20261214-03 年度归档)")
ARCHIVER_STOP = ("dba_zhoulin: pt-archiver stopped (kill -TERM 58213) after 1720000 rows, replica sc-mysql-02 lag 1370s; "
                 "remaining batches moved to 02:00 with --txn-size 1000 --sleep 1")
LAG_PEAK = 1386

GATEWAY_CONFIG = ("[nacos] config changed: dataId=sc-ocpp-gateway.yaml group=OCPP key=ocpp.heartbeat-interval-seconds "
                  "old=300 new=240 operator=iot_fanghao md5=e3a1770d5c26")
REPORT_JOB = "sc-meter-regulator-report-29953800"  # the Unix minute of 14:00 +08:00
CONNTRACK_FULL = "kernel: nf_conntrack: nf_conntrack: table full, dropping packet"
CONNTRACK_FIX = ("oncall_wujun: sc-k8s-node-06: conntrack -C 262144, net.netfilter.nf_conntrack_max = 262144 (other nodes "
                 "1048576; node-06 joined 12-11 from image aliyun_3_x64_20G_alibase_20261120); sysctl -w "
                 "net.netfilter.nf_conntrack_max=1048576")
JOB_DELETE = f"oncall_wujun: kubectl -n sc-prod delete job {REPORT_JOB} (regulator upload to be re-run with a pooled session)"
SESSION_SVC = "http://sc-session-service.sc-prod.svc.cluster.local:8080"
FORWARD_FAIL = ('forward {action} failed cp={cp} msgId={msg}: Post "' + SESSION_SVC + '/internal/ocpp/{path}": dial tcp '
                "10.96.41.17:8080: i/o timeout; replied CALLERROR InternalError")

TARIFF_IMPORT = ("tariff plan imported: TP-SZ-NS-2027Q1 v1 from 南山区2027Q1峰谷电价.xlsx by yunying_chenmo (运营后台 > 电价管理 > "
                 "导入): 46 stations, effective 2026-12-14 15:05:00; service fee (元/kWh) peak=80.00 flat=65.00 valley=40.00; "
                 "electricity (元/kWh) peak=1.0521 flat=0.6410 valley=0.2917")
TARIFF_FIX = ("tariff plan published: TP-SZ-NS-2027Q1 v2 by yunying_chenmo (更正服务费单位：分 -> 元): service fee (元/kWh) "
              "peak=0.80 flat=0.65 valley=0.40; v1 retired, sessions already started keep their locked plan")
HOLD_LINE = ("amount sanity check failed orderId={order} session={session} cp={cp} energy={kwh:.2f}kWh total={total:.2f} CNY "
             "unit_price={unit:.2f} CNY/kWh > limit 5.00 (plan TP-SZ-NS-2027Q1 v1) -> order ON_HOLD for manual review")
RERATE = ("re-rate job RR-20261214-01 by billing_oncall_qianyu: 163 ON_HOLD orders of plan TP-SZ-NS-2027Q1 v1 re-rated with "
          "v2, released; remaining v1 sessions will be rated with v2")
HOLD_PEAK = 163

METER_DEPLOY = ("deploy finished: sc-meter-service 2.8.0 (was 2.7.4) rolled out by ci-bot pipeline=#5209; changes: tag meter "
                "points with txn (transaction id) for per-session curve queries (MR !861)")
METER_CONFIG = "config reloaded: influx.write.batch-size 5000 -> 8000 (operator=ops_tangmin, nacos md5=8c2f91e04ab7)"
METER_PARTIAL = ('influx write failed db=meter batch={n}: {{"error":"partial write: max-series-per-database limit exceeded: '
                 '(1000000) dropped={dropped}"}}')
SERIES_LIMIT = 1000000

QUEUE_DECLARE = ("dw_zhangqi via management API: declared queue 'dw.session.events' (durable, classic, no x-max-length, "
                 "no TTL) in vhost '/', binding exchange 'session.events' -> 'dw.session.events' routing_key '#' (DW-1287 "
                 "实时数仓试点，消费端 Flink 作业待上线)")
MQ_ALARM_SET = "memory resource limit alarm set on node 'rabbit@sc-mq-02'."
MQ_ALARM_CLEAR = "memory resource limit alarm cleared on node 'rabbit@sc-mq-02'."
MQ_PURGE = ("oncall_wujun: rabbitmqctl purge_queue dw.session.events -p / (3418226 messages, 0 consumers; DW-1287 确认为试点"
            "数据可丢弃)")
SESSION_DEPLOY = ("deploy finished: sc-session-service 4.11.3 (was 4.11.2) rolled out by ci-bot pipeline=#5252; changes: "
                  "idle-fee grace period shown in session detail")
SESSION_BLOCKED = ("start session failed user={uid} cp={cp} connector={conn}: org.springframework.amqp.AmqpTimeoutException: "
                   "publish to exchange 'session.events' timed out after 5000ms: connection blocked by broker (low on "
                   "memory)")
MQ_BACKLOG_PEAK = 3418226
#: The memory alarm flaps around the watermark: publishers get through for a few seconds between these.
FLAPS = (("18:52:07.114", "18:53:41.502"), ("18:54:02.880", "18:58:19.007"), ("18:58:31.415", "19:03:52.660"),
         ("19:04:10.208", "19:08:47.935"), ("19:09:02.377", "19:16:40.228"))

DISPATCH_CONFIG = ("[nacos] config changed: dataId=sc-energy-dispatch.yaml group=ENERGY key=dispatch.forecast.horizon-hours "
                   "old=4 new=6 operator=energy_luoqing md5=a4c90e2b1f57")
DR_RECEIVED = ("DR instruction received DR-SZ-20261214-19 from 深圳虚拟电厂管理平台: 需求响应 削峰 window 19:30-21:00 area=福田,南山 "
               "target_reduction=4.8MW response=mandatory (contract VPP-2026-031)")
DR_PLAN = ("dispatch plan for DR-SZ-20261214-19: 38 stations, 1146 connectors, per-connector limit 7.0 kW (TxDefaultProfile "
           "stackLevel=5 chargingProfileId=7019), expected reduction 4.93MW")
DR_SENT = "SetChargingProfile sent for DR-SZ-20261214-19: 1146/1146, Accepted 1139, Rejected 7 (firmware without smart charging)"
DR_END = "DR event DR-SZ-20261214-19 ended: ClearChargingProfile id=7019 sent to 1146 connectors, Accepted 1139"

FLEET_DEPLOY = ("deploy finished: sc-fleet-api 2.14.0 (was 2.13.6) rolled out by ci-bot pipeline=#5226; changes: monthly "
                "statement CSV adds plate number column")
USER_CONFIG = ("[nacos] config changed: dataId=sc-user-service.yaml group=USER key=login.sms.daily-limit-per-phone old=10 "
               "new=8 operator=dev_songjia md5=6f03b8d21e9a")
OFFLINE_SUMMARY = ("站点 SZ-LG-0107（龙岗坂田站）8 台桩全部离线超过 12 小时：站点 4G 路由器故障，已派单 WO-20261213-0412 给运维外包")

# --- Pods and nodes ------------------------------------------------------------------------------
ROLLOUTS: dict[str, list[tuple[str, tuple[str, ...]]]] = {
    "sc-ocpp-gateway": [("00:00", pod_names("sc-ocpp-gateway", "1.19.1", 6))],
    "sc-session-service": [("00:00", pod_names("sc-session-service", "4.11.2", 4)),
                           ("18:20:40", pod_names("sc-session-service", "4.11.3", 4))],
    "sc-billing-service": [("00:00", pod_names("sc-billing-service", "3.9.1", 3)),
                           ("08:30:50", pod_names("sc-billing-service", "3.9.2", 3))],
    "sc-app-api": [("00:00", pod_names("sc-app-api", "5.2.4", 6)), ("11:50:45", pod_names("sc-app-api", "5.3.0", 6))],
    "sc-fleet-api": [("00:00", pod_names("sc-fleet-api", "2.13.6", 2)), ("10:05:50", pod_names("sc-fleet-api", "2.14.0", 2))],
    "sc-meter-service": [("00:00", pod_names("sc-meter-service", "2.7.4", 3)),
                         ("07:40:50", pod_names("sc-meter-service", "2.8.0", 3))],
    "sc-tariff-service": [("00:00", pod_names("sc-tariff-service", "1.12.0", 3)),
                          ("02:15:40", pod_names("sc-tariff-service", "1.12.0@RS-20261214-017", 3)),
                          ("09:09:30", pod_names("sc-tariff-service", "1.12.0@restore", 3))],
    "sc-station-map": [("00:00", pod_names("sc-station-map", "4.1.3", 4)), ("09:40:50", pod_names("sc-station-map", "4.2.0", 4)),
                       ("10:14:40", pod_names("sc-station-map", "4.2.0", 10)),
                       ("11:52:40", pod_names("sc-station-map", "4.2.0", 4))],
    "sc-pay-adapter": [("00:00", pod_names("sc-pay-adapter", "2.5.8", 3))],
    "sc-energy-dispatch": [("00:00", pod_names("sc-energy-dispatch", "1.7.2", 2))],
    "sc-user-service": [("00:00", pod_names("sc-user-service", "3.3.1", 3))],
}
NODES = [f"sc-k8s-node-{n:02d}" for n in range(1, 13)]
BAD_NODE = "sc-k8s-node-06"
VMS = {
    "sc-rabbitmq": ["sc-mq-01", "sc-mq-02", "sc-mq-03"],
    "sc-influxdb": ["sc-influx-01"],
    "sc-mysql": ["sc-mysql-01", "sc-mysql-02"],
    "sc-k8s-nodes": NODES,
    "sc-vpc": ["actiontrail"],
}
INSTANCES: dict[str, list[str]] = {service: list(steps[-1][1]) for service, steps in ROLLOUTS.items()} | VMS
GATEWAY_PODS = ROLLOUTS["sc-ocpp-gateway"][0][1]
APP_PODS = ROLLOUTS["sc-app-api"][1][1]
#: Where the scheduler put each pod that is running at the reference time (sc-k8s-node-06 has only these three).
PLACEMENT: dict[str, tuple[str, ...]] = {
    "sc-ocpp-gateway": ("sc-k8s-node-02", BAD_NODE, "sc-k8s-node-04", BAD_NODE, "sc-k8s-node-09", "sc-k8s-node-11"),
    "sc-app-api": ("sc-k8s-node-01", "sc-k8s-node-03", BAD_NODE, "sc-k8s-node-08", "sc-k8s-node-10", "sc-k8s-node-12"),
    "sc-session-service": ("sc-k8s-node-02", "sc-k8s-node-05", "sc-k8s-node-07", "sc-k8s-node-10"),
    "sc-billing-service": ("sc-k8s-node-03", "sc-k8s-node-08", "sc-k8s-node-11"),
    "sc-fleet-api": ("sc-k8s-node-04", "sc-k8s-node-09"),
    "sc-meter-service": ("sc-k8s-node-03", "sc-k8s-node-07", "sc-k8s-node-10"),
    "sc-tariff-service": ("sc-k8s-node-02", "sc-k8s-node-08", "sc-k8s-node-11"),
    "sc-station-map": ("sc-k8s-node-01", "sc-k8s-node-04", "sc-k8s-node-05", "sc-k8s-node-09"),
    "sc-pay-adapter": ("sc-k8s-node-07", "sc-k8s-node-09", "sc-k8s-node-12"),
    "sc-energy-dispatch": ("sc-k8s-node-03", "sc-k8s-node-10"),
    "sc-user-service": ("sc-k8s-node-01", "sc-k8s-node-05", "sc-k8s-node-12"),
}
ON_BAD_NODE = {pod for service, nodes in PLACEMENT.items() for pod, node in zip(ROLLOUTS[service][-1][1], nodes, strict=True)
               if node == BAD_NODE}
GATEWAY_OK = tuple(pod for pod in GATEWAY_PODS if pod not in ON_BAD_NODE)
REPORT_POD = f"{REPORT_JOB}-{k8s_suffix(REPORT_JOB, 5)}"

DISTRICTS = [("NS", "南山"), ("FT", "福田"), ("LH", "罗湖"), ("BA", "宝安"), ("LG", "龙岗"), ("LHU", "龙华"), ("GM", "光明")]
NS_PLAN_STATIONS = [f"SZ-NS-{n:04d}" for n in (12, 17, 23, 31, 38, 44, 52, 61, 66, 73, 79, 85, 91, 104, 112, 118, 127, 131,
                                                 140, 146, 153, 158, 166, 172, 181, 189, 196, 203, 207, 215, 222, 228, 231,
                                                 236, 244, 251, 258, 263, 270, 277, 281, 288, 293, 297, 302, 310)]
VENDORS = [("YKC", "YKC-DC120", "V3.2.17"), ("Sicon", "SC-DC160-2G", "2.8.4"), ("Infy", "REG1K0100G", "1.9.12"),
           ("StarCharge", "DC-60K-G2", "4.1.3")]

SERVICES: list[Json] = [
    {"name": "sc-ocpp-gateway", "aliases": ["充电桩网关", "桩网关", "OCPP 网关", "桩接入服务"],
     "description": "OCPP 1.6J 网关（Go 1.22，gorilla/websocket，6 个副本）：约 2 万台充电桩经 SLB 四层转发以 wss://ocpp.shanchong.com"
                    "/ocpp/{chargePointId} 长连接接入（Service type LoadBalancer，externalTrafficPolicy: Local，只有就绪探针）；"
                    "Authorize / StartTransaction / StopTransaction 同步转发到 sc-session-service 的 /internal/ocpp/*，"
                    "MeterValues 发布到 RabbitMQ exchange ocpp.meter；远程启停与 SetChargingProfile 由其他服务经 Redis 路由表"
                    "（ocpp:route:{cp}）找到持有连接的 Pod 下发。"},
    {"name": "sc-session-service", "aliases": ["充电会话服务", "会话服务", "启停服务", "充电订单服务"],
     "description": "充电会话（Java 17，Spring Boot + Spring AMQP，4 个副本）：App 与桩端的启动、停止，充电会话状态；写 MySQL sc-mysql "
                    "主库 sc_order.charging_session；启动时向 sc-tariff-service 锁定电价（超时 800ms，超时用缓存的电价快照）；"
                    "会话事件（started / progress / stopped）发布到 RabbitMQ exchange session.events（topic），由计费、车队同步、"
                    "站点可用性等消费。"},
    {"name": "sc-billing-service", "aliases": ["计费服务", "结算服务", "账单服务", "开票服务", "电子发票"],
     "description": "计费与开票（Java 17，Spring Boot，3 个副本）：消费 billing.session-stopped 队列按会话锁定的电价计费，单价超过 "
                    "5 元/kWh 的订单挂起（ON_HOLD）人工审核；扣款走钱包或 sc-pay-adapter；企业与个人电子发票调用第三方发票云 "
                    "openapi.fapiaoyun.com（按调用方 IP 白名单鉴权，出口经 VPC 的 NAT 网关 ngw-wz9k3x7m2p）。"},
    {"name": "sc-app-api", "aliases": ["用户 App 接口", "App 后端", "App 接口", "BFF"],
     "description": "车主 App 的后端（Node.js 20，NestJS，6 个副本）：找桩（调 sc-station-map）、扫码启停（调 sc-session-service）、"
                    "充电中状态与订单列表（读 MySQL 从库 sc-mysql-02，只读）、充电曲线（调 sc-meter-service）、钱包充值（调 "
                    "sc-pay-adapter）。"},
    {"name": "sc-fleet-api", "aliases": ["车队接口", "企业接口", "车队平台", "开放平台"],
     "description": "车队与企业客户开放接口（Python 3.11，FastAPI，2 个副本）：网约车、物流车队的车辆白名单（VIN 即插即充）、"
                    "对账单与月结报表；消费 RabbitMQ 队列 fleet.session.sync（会话事件），读 MySQL 从库。"},
    {"name": "sc-meter-service", "aliases": ["计量服务", "电表数据服务", "充电曲线", "表计服务"],
     "description": "计量数据（Go 1.22，3 个副本）：消费 RabbitMQ 队列 meter.values（桩端 MeterValues），批量写入 InfluxDB "
                    "sc-influxdb 的库 meter，并向 App 提供充电曲线；每天 14:00 的 CronJob sc-meter-regulator-report（Python "
                    "镜像）把前一天的 15 分钟电量数据上报深圳市充电设施监管平台 jg.szcharging.cn。"},
    {"name": "sc-tariff-service", "aliases": ["电价服务", "费率服务", "计价服务", "价格服务"],
     "description": "电价与服务费（Go 1.21，3 个副本，未使用 automaxprocs）：峰平谷分时电价方案（按站点绑定，MySQL sc_tariff），"
                    "报价接口 /internal/tariff/quote 供会话服务启动时锁价、App 展示；运营在运营后台 > 电价管理里导入 Excel 发布"
                    "方案。资源规格受平台的 kube-rightsizer（FinOps 资源治理）按历史用量自动调整。"},
    {"name": "sc-station-map", "aliases": ["站点地图", "找桩服务", "地图服务", "附近电站"],
     "description": "站点与找桩（Python 3.11，FastAPI + asyncpg，4 个副本，HPA 4–10）：/api/v1/stations/nearby 经 APISIX 对外"
                    "（App 与小程序），站点坐标与可用桩数在 PostGIS sc-postgis-01（PostgreSQL 15，statement_timeout 2s）。"},
    {"name": "sc-pay-adapter", "aliases": ["支付通道", "支付适配", "支付网关", "微信支付回调"],
     "description": "支付通道适配（Java 17，3 个副本）：微信支付 APIv3（wechatpay-java，平台证书从 /etc/wechatpay/platform 读取）"
                    "与支付宝的下单、回调验签、退款、查单补偿；钱包充值到账以回调为准。"},
    {"name": "sc-energy-dispatch", "aliases": ["有序充电", "负荷调度", "功率调度", "需求响应服务"],
     "description": "有序充电与负荷调度（Python 3.11，2 个副本）：接入深圳虚拟电厂管理平台的需求响应指令，按站点配电容量与响应目标"
                    "计算每个枪的功率上限，经 sc-ocpp-gateway 下发 SetChargingProfile / ClearChargingProfile。"},
    {"name": "sc-user-service", "aliases": ["用户中心", "账户服务", "会员服务", "登录服务"],
     "description": "车主账号、短信登录、会员等级与实名（Java 17，Spring Boot，3 个副本）；短信经阿里云短信服务。"},
    {"name": "sc-rabbitmq", "aliases": ["消息队列", "RabbitMQ", "MQ"],
     "description": "RabbitMQ 3.8.34 三节点集群（虚拟机 sc-mq-01/02/03，16G 内存，vm_memory_high_watermark 0.4），经典镜像队列；"
                    "exchange ocpp.meter、session.events，队列 meter.values、billing.session-stopped、fleet.session.sync 等。"},
    {"name": "sc-influxdb", "aliases": ["时序库", "InfluxDB", "表计时序库"],
     "description": "InfluxDB 1.8 单机（sc-influx-01，SSD 2T）：库 meter 存桩端计量点（功率、电量、电压、电流、SoC、枪温），"
                    "max-series-per-database 1000000，保留 400 天。"},
    {"name": "sc-mysql", "aliases": ["订单库", "MySQL", "会话库"],
     "description": "MySQL 8.0 主从：主库 sc-mysql-01（读写，会话服务、计费服务），从库 sc-mysql-02（App 后端与车队接口只读），"
                    "binlog ROW 格式，replica_parallel_type LOGICAL_CLOCK、4 个 worker。"},
    {"name": "sc-k8s-nodes", "aliases": ["K8s 节点", "集群节点", "宿主机"],
     "description": "ACK 集群 sc-sz-prod 的 12 个工作节点 sc-k8s-node-01 … 12（32 核 128G），内核与 kubelet 日志，"
                    "node-problem-detector；apiserver event-ttl 24h。"},
    {"name": "sc-vpc", "aliases": ["VPC 网络", "NAT 网关", "出口网关"],
     "description": "阿里云 VPC vpc-wz9sc-prod：NAT 网关 ngw-wz9k3x7m2p 为集群 10.42.0.0/16 提供 SNAT 出口，操作审计（ActionTrail）"
                    "记录网络变更。"},
]

WINDOWS = {
    "throttle": (_t("07:25"), _t("09:11:30")),
    "invoice": (_t("09:20:31"), _t("10:38:12")),
    "crawler": (_t("10:06"), _t("11:18:30")),
    "wechat": (_t("11:01:30"), _t("11:46:20")),
    "lag": (_t("12:34"), _t("13:36")),
    "conntrack": (_t("14:05:50"), _t("14:45:30")),
    "hold": (_t("15:19"), _t("16:25:30")),
    "series": (_t("16:48:31"), REFERENCE),
    "blocked": (_t("18:52:07"), _t("19:17:30")),
    "dr": (_t("19:30"), _t("21:00:05")),
}
QUIET: dict[str, list[str]] = {
    "sc-station-map": ["crawler"],
    "sc-session-service": ["blocked"],
}


def _inside(window: str, t: dt.datetime) -> bool:
    a, b = WINDOWS[window]
    return a <= t < b


# --- Small seeded values --------------------------------------------------------------------------
Line = tuple[str, str, dict[str, Any]]


def _station(w: WorldBuilder, district: str | None = None) -> str:
    code = district or w.rng.choice([d for d, _ in DISTRICTS])
    return f"SZ-{code}-{w.rng.randint(1, 320):04d}"


def _cp(w: WorldBuilder, district: str | None = None) -> str:
    return f"{_station(w, district)}-{w.rng.randint(1, 8):02d}"


def _uid(w: WorldBuilder) -> str:
    return f"u1{w.rng.randint(0, 9999999):07d}"


def _txn(w: WorldBuilder) -> int:
    return w.rng.randint(98_300_000, 98_620_000)


def _session(w: WorldBuilder, t: dt.datetime) -> str:
    return f"CS{t:%Y%m%d%H%M%S}{w.rng.randint(1000, 9999)}"


def _order(w: WorldBuilder, t: dt.datetime) -> str:
    return f"CO{t:%Y%m%d%H%M%S}{w.rng.randint(1000, 9999)}"


def _msg_id(w: WorldBuilder) -> str:
    return f"{w.hex(8)}-{w.hex(4)}"


def _pod_ip(w: WorldBuilder) -> str:
    return f"10.42.{w.rng.randint(1, 12)}.{w.rng.randint(10, 250)}"


def _client_ip(w: WorldBuilder) -> str:
    return f"{w.rng.choice([58, 113, 119, 183, 223])}.{w.rng.randint(1, 254)}.{w.rng.randint(1, 254)}.{w.rng.randint(1, 254)}"


def _utc(t: dt.datetime) -> str:
    return (t - dt.timedelta(hours=8)).strftime("%Y-%m-%dT%H:%M:%S.") + f"{t.microsecond // 1000:03d}Z"


def _plan(cp: str, t: dt.datetime) -> str:
    district = cp.split("-")[1]
    station = "-".join(cp.split("-")[:3])
    if station in NS_PLAN_STATIONS and t >= _t("15:05"):
        return "TP-SZ-NS-2027Q1 v2" if t >= _t("16:12:05") else "TP-SZ-NS-2027Q1 v1"
    return f"TP-SZ-{district}-2026Q4 v3"


def _period(t: dt.datetime) -> str:
    if t.hour < 8 or t.hour >= 23:
        return "valley"
    if 10 <= t.hour < 12 or 14 <= t.hour < 19:
        return "peak"
    return "flat"


def _curve_start(w: WorldBuilder, t: dt.datetime) -> dt.datetime:
    """When a session whose curve is read now started: after the series limit, only the older sessions have points."""
    started = t - dt.timedelta(minutes=w.rng.randint(20, 95))
    limit = WINDOWS["series"][0]
    return min(started, limit - dt.timedelta(minutes=w.rng.randint(1, 30))) if t >= limit else started


APP_UAS = ["ShanChong/6.4.2 (iPhone; iOS 17.5.1)", "ShanChong/6.4.2 (Android 14; HUAWEI Mate 60)",
           "ShanChong/6.4.1 (Android 13; Xiaomi 13)", "MiniProgram WeChat/8.0.50 (Android 12; OPPO Reno9)"]


# --- Noise -------------------------------------------------------------------------------------------
def _gateway(w: WorldBuilder, t: dt.datetime) -> Line:
    # Inside the node's trouble, the pods on sc-k8s-node-06 forward nothing: their lines are the incident's.
    pod = w.rng.choice(GATEWAY_OK) if _inside("conntrack", t) else w.rng.choice(GATEWAY_PODS)
    roll = w.rng.random()
    cp = _cp(w)
    if _inside("blocked", t) and 0.6 <= roll < 0.87:
        roll = 0.3  # the session service answers no start/stop while its publishers are blocked
    if roll < 0.28:
        if _inside("dr", t):  # the capped area's meter values are the incident's lines
            cp = _cp(w, w.rng.choice(["LH", "BA", "LG", "LHU", "GM"]))
        conn, txn = w.rng.randint(1, 2), _txn(w)
        return "INFO", (f"recv MeterValues cp={cp} connector={conn} transactionId={txn} Energy.Active.Import.Register="
                        f"{w.rng.uniform(10, 90000):.1f}kWh Power.Active.Import={w.rng.uniform(6, 118):.1f}kW SoC="
                        f"{w.rng.randint(12, 96)}% -> published ocpp.meter"), {"instance": pod}
    if roll < 0.46:
        return "INFO", (f"recv Heartbeat cp={cp} msgId={_msg_id(w)} -> currentTime={_utc(t)}"), {"instance": pod}
    if roll < 0.6:
        status = w.rng.choice(["Available", "Preparing", "Charging", "Charging", "Finishing", "SuspendedEV"])
        return "INFO", (f"recv StatusNotification cp={cp} connector={w.rng.randint(1, 2)} status={status} "
                        "errorCode=NoError"), {"instance": pod}
    if roll < 0.7:
        return "INFO", (f"recv StartTransaction cp={cp} connector={w.rng.randint(1, 2)} idTag={w.hex(8).upper()} "
                        f"meterStart={w.rng.randint(100000, 9000000)} -> transactionId={_txn(w)} idTagInfo.status=Accepted "
                        f"(session-service {w.ms(18, 90)}ms)"), {"instance": pod}
    if roll < 0.8:
        return "INFO", (f"recv StopTransaction cp={cp} transactionId={_txn(w)} meterStop={w.rng.randint(100000, 9000000)} "
                        f"reason={w.rng.choice(['EVDisconnected', 'Local', 'Remote', 'Remote'])} -> idTagInfo.status=Accepted "
                        f"(session-service {w.ms(15, 80)}ms)"), {"instance": pod}
    if roll < 0.87:
        return "INFO", (f"send RemoteStartTransaction cp={cp} connector={w.rng.randint(1, 2)} idTag=APP{_uid(w)} -> Accepted "
                        f"({w.rng.uniform(0.4, 2.6):.1f}s)"), {"instance": pod}
    if roll < 0.92:
        return "INFO", (f"ws stats: connected={w.rng.randint(3180, 3420)} frames_in={w.rng.randint(280, 520)}/s frames_out="
                        f"{w.rng.randint(260, 500)}/s goroutines={w.rng.randint(6600, 7200)}"), {"instance": pod}
    if roll < 0.96:
        return "WARN", (f"cp={cp} no frame or pong for {w.rng.randint(601, 900)}s, closing websocket (code 1001 going away)"), {
            "instance": pod}
    vendor, model, fw = w.rng.choice(VENDORS)
    if roll < 0.98:
        return "INFO", (f"recv BootNotification cp={cp} vendor={vendor} model={model} firmware={fw} -> Accepted "
                        "interval=300"), {"instance": pod}
    return "WARN", (f'recv CALLERROR cp={cp} msgId={_msg_id(w)} errorCode=NotSupported description="DataTransfer vendorId='
                    f'com.{vendor.lower()} not supported"'), {"instance": pod}


def _session_noise(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = w.pod_at(ROLLOUTS["sc-session-service"], t)
    roll = w.rng.random()
    cp = _cp(w)
    if roll < 0.3:
        return "INFO", (f"session started sessionId={_session(w, t)} cp={cp} connector={w.rng.randint(1, 2)} user={_uid(w)} "
                        f"transactionId={_txn(w)} tariffPlan={_plan(cp, t)} source={w.rng.choice(['APP', 'APP', 'RFID', 'VIN'])}"), {
            "instance": pod}
    if roll < 0.58:
        kwh = w.rng.uniform(6, 68)
        return "INFO", (f"session stopped sessionId={_session(w, t - dt.timedelta(minutes=w.rng.randint(20, 90)))} cp={cp} "
                        f"energy={kwh:.2f}kWh duration={w.rng.randint(14, 95)}m reason="
                        f"{w.rng.choice(['EVDisconnected', 'Remote', 'Local', 'SocLimitReached'])}"), {"instance": pod}
    if roll < 0.72:
        took = w.ms(180, 790) if _t("07:30") <= t < _t("09:11") else w.ms(4, 30)
        return "INFO", (f"tariff quote cp={cp} plan={_plan(cp, t)} period={_period(t)} took={took}ms"), {"instance": pod}
    if roll < 0.84:
        return "INFO", (f"published session.progress batch n={w.rng.randint(120, 900)} to exchange session.events "
                        f"({w.ms(3, 18)}ms)"), {"instance": pod, "logger": "SessionEventPublisher"}
    if roll < 0.92:
        return "WARN", (f"start rejected user={_uid(w)} cp={cp}: wallet balance {w.rng.uniform(0.5, 19.9):.2f} CNY < prepay "
                        "20.00 CNY"), {"instance": pod}
    return "WARN", (f"start rejected user={_uid(w)} cp={cp}: connector status Faulted (errorCode="
                    f"{w.rng.choice(['GroundFailure', 'OverCurrentFailure', 'ConnectorLockFailure'])})"), {"instance": pod}


def _billing(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = w.pod_at(ROLLOUTS["sc-billing-service"], t)
    roll = w.rng.random()
    if _inside("blocked", t) and roll < 0.5:
        roll = 0.5 + roll  # nothing to rate while session events are blocked
    cp = _cp(w, w.rng.choice(["FT", "LH", "BA", "LG", "LHU", "GM"]))
    if roll < 0.45:
        kwh = w.rng.uniform(6, 68)
        elec, fee = kwh * w.rng.uniform(0.3, 1.05), kwh * w.rng.uniform(0.4, 0.8)
        return "INFO", (f"order rated orderId={_order(w, t)} session={_session(w, t - dt.timedelta(minutes=40))} cp={cp} "
                        f"energy={kwh:.2f}kWh electricity={elec:.2f} service={fee:.2f} total={elec + fee:.2f} CNY "
                        f"plan={_plan(cp, t)}"), {"instance": pod}
    if roll < 0.62:
        return "INFO", (f"payment captured orderId={_order(w, t)} amount={w.rng.uniform(8, 120):.2f} channel="
                        f"{w.rng.choice(['WALLET', 'WALLET', 'WECHAT', 'ALIPAY', 'FLEET_CREDIT'])}"), {"instance": pod}
    if roll < 0.74 and not _inside("invoice", t):
        return "INFO", (f"invoice issued invoiceNo=2644{w.rng.randint(10**15, 10**16 - 1)} orders={w.rng.randint(1, 12)} "
                        f"amount={w.rng.uniform(20, 2400):.2f} type={w.rng.choice(['数电普票', '数电专票'])} via fapiaoyun "
                        f"({w.ms(380, 1400)}ms)"), {"instance": pod}
    if roll < 0.86:
        return "INFO", (f"daily reconciliation chunk {w.rng.randint(1, 48)}/48: wallet ledger vs orders matched "
                        f"{w.rng.randint(800, 3200)} rows, 0 diff"), {"instance": pod, "job": "reconcile"}
    if roll < 0.94:
        return "WARN", (f"invoice request rejected: buyer tax number format invalid taxNo=91440300MA5{w.hex(5).upper()} "
                        f"user={_uid(w)}"), {"instance": pod}
    return "INFO", (f"idle fee charged orderId={_order(w, t)} minutes={w.rng.randint(16, 70)} amount="
                    f"{w.rng.uniform(2, 30):.2f} CNY"), {"instance": pod}


def _app(w: WorldBuilder, t: dt.datetime) -> Line:
    pods = ROLLOUTS["sc-app-api"][0][1] if t < w.at("11:50:45") else APP_PODS
    if _inside("conntrack", t):
        pods = tuple(p for p in pods if p not in ON_BAD_NODE)
    pod = w.rng.choice(pods)
    roll = w.rng.random()
    uid = _uid(w)
    if roll < 0.25:
        lat, lng = 22.48 + w.rng.random() * 0.3, 113.85 + w.rng.random() * 0.4
        took = w.ms(2200, 3000) if _inside("crawler", t) else w.ms(30, 140)
        level = "WARN" if took > 1000 else "INFO"
        return level, (f"GET /v2/stations/nearby?lat={lat:.4f}&lng={lng:.4f} 200 {took}ms uid={uid}"), {"instance": pod}
    if roll < 0.45:
        return "INFO", (f"GET /v2/sessions/{_session(w, t - dt.timedelta(minutes=w.rng.randint(5, 60)))}/status 200 "
                        f"{w.ms(6, 30)}ms uid={uid} status=CHARGING"), {"instance": pod}
    if roll < 0.57 and not _inside("blocked", t):
        return "INFO", (f"POST /v2/sessions/start 200 {w.ms(900, 3200)}ms uid={uid} cp={_cp(w)}"), {"instance": pod}
    if roll < 0.65:
        return "INFO", (f"POST /v2/sessions/{_session(w, t - dt.timedelta(minutes=40))}/stop 200 {w.ms(300, 1400)}ms "
                        f"uid={uid}"), {"instance": pod}
    if roll < 0.75:
        return "INFO", (f"GET /v2/orders?page=1&size=20 200 {w.ms(12, 60)}ms uid={uid} count={w.rng.randint(1, 20)}"), {
            "instance": pod}
    if roll < 0.83:
        started = _curve_start(w, t)
        points = min(95, int((t - started).total_seconds() // 60))
        return "INFO", (f"GET /v2/sessions/{_session(w, started)}/curve 200 {w.ms(15, 70)}ms points={points}"), {
            "instance": pod}
    if roll < 0.9:
        return "INFO", (f"POST /v2/wallet/topup 200 {w.ms(120, 400)}ms uid={uid} channel="
                        f"{w.rng.choice(['wechat', 'wechat', 'alipay'])} amount={w.rng.choice([50, 100, 200, 300])}.00"), {
            "instance": pod}
    if roll < 0.96:
        return "INFO", f"GET /v2/coupons/available 200 {w.ms(10, 50)}ms uid={uid}", {"instance": pod}
    return "WARN", f"POST /v2/auth/refresh 401 {w.ms(3, 12)}ms reason=REFRESH_TOKEN_EXPIRED", {"instance": pod}


def _fleet(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = w.pod_at(ROLLOUTS["sc-fleet-api"], t)
    roll = w.rng.random()
    fleet = f"F{w.rng.randint(1001, 1188)}"
    if roll < 0.35:
        return "INFO", (f'{_pod_ip(w)}:{w.rng.randint(30000, 60999)} - "GET /fleet/v1/vehicles?fleet_id={fleet}&page='
                        f'{w.rng.randint(1, 9)} HTTP/1.1" 200 ({w.ms(18, 120)}ms)'), {"instance": pod, "log_type": "access"}
    if roll < 0.55:
        return "INFO", (f'{_pod_ip(w)}:{w.rng.randint(30000, 60999)} - "GET /fleet/v1/sessions?fleet_id={fleet}&date='
                        f'2026-12-{w.rng.randint(1, 14):02d} HTTP/1.1" 200 ({w.ms(30, 260)}ms)'), {"instance": pod,
                                                                                                  "log_type": "access"}
    if roll < 0.78:
        return "INFO", (f"consumed fleet.session.sync n={w.rng.randint(20, 400)} upserted={w.rng.randint(20, 400)} "
                        f"({w.ms(40, 300)}ms)"), {"instance": pod, "task": "fleet-sync"}
    if roll < 0.88:
        return "INFO", (f"statement draft refreshed fleet={fleet} month=2026-12 sessions={w.rng.randint(300, 9000)} "
                        f"amount={w.rng.uniform(5000, 260000):.2f}"), {"instance": pod, "job": "statement-draft"}
    if roll < 0.95:
        return "WARN", (f"401 invalid api key for fleet {fleet} (key revoked 2026-12-{w.rng.randint(1, 13):02d})"), {
            "instance": pod}
    return "WARN", (f"vehicle VIN LGXC{w.hex(4).upper()}{w.rng.randint(100000000, 999999999)} not in whitelist of fleet {fleet}, "
                    "plug-and-charge refused"), {"instance": pod}


def _meter(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = w.pod_at(ROLLOUTS["sc-meter-service"], t)
    roll = w.rng.random()
    if roll < 0.4 and not _inside("series", t):
        n = w.rng.randint(1800, 5000)
        return "INFO", (f"wrote batch db=meter points={n} in {w.ms(18, 90)}ms (queue meter.values unacked="
                        f"{w.rng.randint(0, 900)})"), {"instance": pod}
    if roll < 0.7:
        started = _curve_start(w, t)
        points = min(95, int((t - started).total_seconds() // 60))
        return "INFO", (f"curve served session={_session(w, started)} points={points} ({w.ms(6, 40)}ms)"), {"instance": pod}
    if roll < 0.85:
        return "INFO", (f"consumer meter.values prefetch=2000 delivered={w.rng.randint(900, 4100)}/s acked="
                        f"{w.rng.randint(900, 4100)}/s"), {"instance": pod}
    if roll < 0.95:
        return "INFO", (f"daily energy rollup chunk {w.rng.randint(1, 64)}/64 ok ({w.ms(200, 900)}ms)"), {"instance": pod,
                                                                                                   "job": "energy-rollup"}
    return "WARN", (f"meter value out of order cp={_cp(w)} transactionId={_txn(w)} ts older than last by "
                    f"{w.rng.randint(1, 40)}s, dropped"), {"instance": pod}


def _tariff(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = w.pod_at(ROLLOUTS["sc-tariff-service"], t)
    roll = w.rng.random()
    cp = _cp(w)
    if roll < 0.6:
        took = w.ms(300, 1900) if _inside("throttle", t) and t >= w.at("07:30") else w.ms(1, 9)
        level = "WARN" if took > 500 else "INFO"
        prefix = "quote slow" if took > 500 else "quote"
        return level, (f"{prefix} cp={cp} plan={_plan(cp, t)} period={_period(t)} price={w.rng.uniform(0.3, 1.1):.4f}+"
                       f"{w.rng.uniform(0.4, 0.8):.2f} took={took}ms"), {"instance": pod}
    if roll < 0.8:
        return "INFO", (f"plan cache refreshed: 212 plans, 1846 stations (took {w.ms(120, 260)}ms)"), {"instance": pod,
                                                                                                     "task": "plan-refresh"}
    if roll < 0.93:
        return "INFO", (f'{_pod_ip(w)} "GET /internal/tariff/stations/{_station(w)}/today HTTP/1.1" 200 '
                        f"{w.ms(1, 12)}ms"), {"instance": pod, "log_type": "access"}
    return "WARN", f"quote for unknown station {_station(w, 'GM')}-0{w.rng.randint(1, 8)}: no plan bound, default plan used", {
        "instance": pod}


def _station_map(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = w.pod_at(ROLLOUTS["sc-station-map"], t)
    roll = w.rng.random()
    if roll < 0.6:
        lat, lng = 22.48 + w.rng.random() * 0.3, 113.85 + w.rng.random() * 0.4
        return "INFO", (f'nearby lat={lat:.4f} lng={lng:.4f} radius=5000 -> {w.rng.randint(8, 50)} stations {w.ms(18, 90)}ms '
                        f'client={_client_ip(w)} ua="{w.rng.choice(APP_UAS)}" uid={_uid(w)}'), {"instance": pod}
    if roll < 0.8:
        return "INFO", (f'{_pod_ip(w)}:{w.rng.randint(30000, 60999)} - "GET /api/v1/stations/{_station(w)} HTTP/1.1" 200'), {
            "instance": pod, "log_type": "access"}
    if roll < 0.95:
        return "INFO", (f"availability sync: {w.rng.randint(60, 240)} stations updated from session.events "
                        f"({w.ms(20, 90)}ms)"), {"instance": pod, "task": "availability-sync"}
    return "WARN", f"station {_station(w)} has no geom, skipped in nearby index", {"instance": pod}


def _pay(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = w.rng.choice(ROLLOUTS["sc-pay-adapter"][0][1])
    roll = w.rng.random()
    trade = f"WT{t:%Y%m%d%H%M%S}{w.rng.randint(1000, 9999)}"
    if roll < 0.3:
        return "INFO", (f"wechatpay prepay created out_trade_no={trade} amount={w.rng.choice([50, 100, 200, 300])}.00 "
                        f"prepay_id=wx{t:%d%H%M%S}{w.hex(10)} ({w.ms(90, 320)}ms)"), {"instance": pod}
    if roll < 0.55 and not _inside("wechat", t):
        return "INFO", (f"wechatpay notify verified serial=5157F09EFDC096DE15EBE81A47057A72 out_trade_no={trade} "
                        f"transaction_id=42000{w.rng.randint(10**22, 10**23 - 1)} trade_state=SUCCESS -> wallet credited"), {
            "instance": pod}
    if roll < 0.75:
        return "INFO", (f"alipay notify verified out_trade_no={trade} trade_no=2026121422{w.rng.randint(10**17, 10**18 - 1)} "
                        "trade_status=TRADE_SUCCESS -> wallet credited"), {"instance": pod}
    if roll < 0.87:
        return "INFO", (f"refund success out_refund_no=RF{t:%Y%m%d}{w.rng.randint(100000, 999999)} amount="
                        f"{w.rng.uniform(1, 80):.2f} channel={w.rng.choice(['wechat', 'alipay'])}"), {"instance": pod}
    if roll < 0.95:
        return "INFO", (f"order query compensation: {w.rng.randint(0, 6)} orders PAYING > 5min queried, all settled"), {
            "instance": pod, "job": "query-compensation"}
    return "WARN", (f"alipay notify for out_trade_no={trade} arrived twice, duplicate ignored"), {"instance": pod}


def _dispatch(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = w.rng.choice(ROLLOUTS["sc-energy-dispatch"][0][1])
    roll = w.rng.random()
    if roll < 0.4:
        return "INFO", (f"load forecast updated: 212 stations, next peak {w.rng.uniform(24, 33):.1f} MW at "
                        f"{w.rng.choice(['19:30', '19:45', '20:00'])}"), {"instance": pod, "task": "forecast"}
    if roll < 0.7:
        return "INFO", "grid platform heartbeat ok (深圳虚拟电厂管理平台, latency 46ms)", {"instance": pod}
    if roll < 0.9:
        return "INFO", (f"station capacity check: {w.rng.randint(0, 3)} stations above 90% transformer load, no action"), {
            "instance": pod}
    return "WARN", (f"charger {_cp(w)} rejected GetCompositeSchedule: NotSupported"), {"instance": pod}


def _user(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = w.rng.choice(ROLLOUTS["sc-user-service"][0][1])
    roll = w.rng.random()
    phone = f"1{w.rng.choice([35, 38, 39, 58, 77, 86])}****{w.rng.randint(1000, 9999)}"
    if roll < 0.35:
        return "INFO", (f"login ok uid={_uid(w)} via={w.rng.choice(['sms', 'sms', 'wechat', 'apple'])} client="
                        f"{w.rng.choice(['ios', 'android', 'miniprogram'])} ({w.ms(20, 120)}ms)"), {"instance": pod}
    if roll < 0.6:
        return "INFO", (f"sms code sent phone={phone} template=SMS_278135042 bizId={w.rng.randint(10**15, 10**16 - 1)}"), {
            "instance": pod}
    if roll < 0.8:
        return "INFO", f"token refreshed uid={_uid(w)} ttl=7200s", {"instance": pod}
    if roll < 0.9:
        return "INFO", (f"member level recalculated uid={_uid(w)} level={w.rng.choice(['SILVER', 'GOLD', 'PLATINUM'])}"), {
            "instance": pod, "task": "member-level"}
    return "WARN", f"sms code mismatch phone={phone} attempt={w.rng.randint(1, 4)}", {"instance": pod}


def _rabbit(w: WorldBuilder, t: dt.datetime) -> Line:
    node = w.rng.choice(VMS["sc-rabbitmq"])
    pid = f"<0.{w.rng.randint(1000, 32000)}.{w.rng.randint(0, 40)}>"
    roll = w.rng.random()
    peer = f"{_pod_ip(w)}:{w.rng.randint(30000, 60999)}"
    local = {"sc-mq-01": "10.0.8.21", "sc-mq-02": "10.0.8.22", "sc-mq-03": "10.0.8.23"}[node]
    if roll < 0.35:
        return "INFO", f"{pid} accepting AMQP connection {pid} ({peer} -> {local}:5672)", {"instance": node}
    if roll < 0.65:
        user = w.rng.choice(["session_svc", "billing_svc", "meter_svc", "fleet_svc", "gateway_svc"])
        return "INFO", (f"{pid} connection {pid} ({peer} -> {local}:5672): user '{user}' authenticated and granted access "
                        "to vhost '/'"), {"instance": node}
    if roll < 0.9:
        return "INFO", f"{pid} closing AMQP connection {pid} ({peer} -> {local}:5672, vhost: '/', user: 'meter_svc')", {
            "instance": node}
    return "WARN", (f"{pid} closing AMQP connection {pid} ({peer} -> {local}:5672):\nclient unexpectedly closed TCP "
                    "connection"), {"instance": node}


def _influx(w: WorldBuilder, t: dt.datetime) -> Line:
    roll = w.rng.random()
    stamp = f"{t.day:02d}/{MONTH}/{t.year}:{t:%H:%M:%S} +0800"
    if roll < 0.45 and not _inside("series", t):
        return "INFO", (f'[httpd] {_pod_ip(w)} - meter_writer [{stamp}] "POST /write?db=meter&precision=ms HTTP/1.1 " 204 0 '
                        f'"-" "influxdb-client-go/1.3" {w.hex(8)}-d9b1-11f0-{w.hex(4)}-{w.hex(12)} {w.rng.randint(9000, 60000)}'), {
            "instance": "sc-influx-01"}
    if roll < 0.7:
        return "INFO", (f'[httpd] {_pod_ip(w)} - meter_reader [{stamp}] "GET /query?db=meter&q=SELECT+mean%28%22power%22%29+'
                        f'FROM+%22meter_power%22+WHERE+... HTTP/1.1" 200 {w.rng.randint(800, 9000)} "-" "influxdb-client-go/1.3" '
                        f'{w.hex(8)}-d9b1-11f0-{w.hex(4)}-{w.hex(12)} {w.rng.randint(3000, 40000)}'), {"instance": "sc-influx-01"}
    if roll < 0.85:
        return "INFO", (f'lvl=info msg="Snapshot for path written" log_id=0t{w.hex(8)} engine=tsm1 trace_id=0t{w.hex(8)} '
                        f'op_name=tsm1_cache_snapshot path=/var/lib/influxdb/data/meter/autogen/{w.rng.choice([1531, 1532])} '
                        f'duration={w.rng.uniform(80, 900):.3f}ms'), {"instance": "sc-influx-01"}
    return "INFO", (f'lvl=info msg="TSM compaction (start)" log_id=0t{w.hex(8)} engine=tsm1 tsm1_level={w.rng.randint(1, 3)} '
                    f'tsm1_strategy=level op_name=tsm1_compact_group'), {"instance": "sc-influx-01"}


def _mysql(w: WorldBuilder, t: dt.datetime) -> Line:
    roll = w.rng.random()
    if roll < 0.45:
        qt = w.rng.uniform(1.0, 2.8)
        return "INFO", (f"slow_log: Query_time: {qt:.6f}  Lock_time: 0.0000{w.rng.randint(10, 99)} Rows_sent: "
                        f"{w.rng.randint(10, 200)}  Rows_examined: {w.rng.randint(40000, 220000)} user=fleet_ro db=sc_order: "
                        "SELECT fleet_id, sum(energy_kwh) FROM charging_session WHERE stopped_at >= '2026-12-01' GROUP BY "
                        "fleet_id"), {"instance": "sc-mysql-02", "log_type": "slowlog"}
    if roll < 0.7:
        return "INFO", (f"[Note] [MY-010914] [Server] Aborted connection {w.rng.randint(100000, 999999)} to db: 'sc_order' "
                        f"user: 'app_ro' host: '{_pod_ip(w)}' (Got an error reading communication packets)"), {
            "instance": "sc-mysql-02"}
    if roll < 0.85:
        return "INFO", (f"binlog purge: PURGE BINARY LOGS BEFORE '2026-12-07 {t:%H}:00:00' (retention 7d)"), {
            "instance": "sc-mysql-01", "job": "binlog-purge"}
    return "WARN", (f"[Warning] [MY-010055] [Server] IP address '10.0.9.{w.rng.randint(10, 60)}' could not be resolved: "
                    "Name or service not known"), {"instance": "sc-mysql-01"}


def _nodes(w: WorldBuilder, t: dt.datetime) -> Line:
    node = w.rng.choice(NODES)
    roll = w.rng.random()
    if roll < 0.4:
        return "INFO", (f'kubelet[{w.rng.randint(1200, 1300)}]: I1214 {t:%H:%M:%S}.{w.rng.randint(100000, 999999)} '
                        f'{w.rng.randint(1200, 1300)} kubelet_volumes.go:160] "Cleaned up orphaned pod volumes dir" '
                        f'podUID="{w.hex(8)}-{w.hex(4)}-{w.hex(4)}-{w.hex(4)}-{w.hex(12)}"'), {"instance": node}
    if roll < 0.65:
        return "INFO", (f"containerd[{w.rng.randint(900, 990)}]: time=\"{_utc(t)}\" level=info msg=\"ImageCreate event "
                        f"name:\\\"registry.shanchong.internal/base/alpine:3.19\\\"\""), {"instance": node}
    if roll < 0.85:
        return "INFO", (f"chronyd[{w.rng.randint(700, 760)}]: Selected source 100.100.61.88 (ntp.cloud.aliyuncs.com), "
                        f"offset {w.rng.uniform(-0.0004, 0.0004):+.6f}s"), {"instance": node}
    return "WARN", ("kernel: TCP: request_sock_TCP: Possible SYN flooding on port 10250. Sending cookies.  Check SNMP "
                    "counters."), {"instance": node}


def _vpc(w: WorldBuilder, t: dt.datetime) -> Line:
    roll = w.rng.random()
    if roll < 0.5:
        disk = f"d-wz9{w.hex(14)}"
        return "INFO", (f"ActionTrail: CreateSnapshot {disk} by ecs-auto-snapshot-policy sp-wz9a1c7e3 (daily, kept 7)"), {
            "instance": "actiontrail", "trace": False}
    if roll < 0.8:
        return "INFO", ("ActionTrail: ModifyScalingGroup asg-wz9np01 DesiredCapacity=12 by "
                        "ack-cluster-autoscaler (no change)"), {"instance": "actiontrail", "trace": False}
    return "INFO", ("ActionTrail: DescribeNatGatewaySnatEntries ngw-wz9k3x7m2p by cms-monitor (read-only)"), {
        "instance": "actiontrail", "trace": False}


NOISE = {
    "sc-ocpp-gateway": (_gateway, 30), "sc-session-service": (_session_noise, 50), "sc-billing-service": (_billing, 70),
    "sc-app-api": (_app, 25), "sc-fleet-api": (_fleet, 110), "sc-meter-service": (_meter, 70),
    "sc-tariff-service": (_tariff, 70), "sc-station-map": (_station_map, 45), "sc-pay-adapter": (_pay, 70),
    "sc-energy-dispatch": (_dispatch, 240), "sc-user-service": (_user, 75), "sc-rabbitmq": (_rabbit, 300),
    "sc-influxdb": (_influx, 150), "sc-mysql": (_mysql, 360), "sc-k8s-nodes": (_nodes, 540), "sc-vpc": (_vpc, 3600),
}


def _every(w: WorldBuilder, start: dt.datetime, end: dt.datetime, low: int, high: int) -> Iterator[dt.datetime]:
    """Moments from ``start`` (give or take a second) to ``end`` (exclusive), ``low``–``high`` seconds apart."""
    moment = start + dt.timedelta(milliseconds=w.rng.randint(0, 999))
    while moment < end:
        yield moment
        moment += dt.timedelta(seconds=w.rng.randint(low, high), milliseconds=w.rng.randint(0, 999))


# --- (1) CPU limit lowered by the rightsizer, throttling at the morning peak --------------------------
def tariff_throttle(w: WorldBuilder) -> None:
    w.log(w.at("02:15:08.331"), "sc-tariff-service", "INFO", RIGHTSIZE, instance="kube-rightsizer", change="resources")
    w.log(w.at("06:50:12.604"), "sc-tariff-service", "INFO", TARIFF_CONFIG,
          instance=ROLLOUTS["sc-tariff-service"][1][1][0], change="config")
    session_pods = ROLLOUTS["sc-session-service"][0][1]
    for moment in _every(w, w.at("07:31:10"), w.at("09:10:40"), 20, 70):
        cp = _cp(w)
        w.log(moment, "sc-session-service", "WARN",
              f"tariff quote timed out after 800ms cp={cp} (GET http://sc-tariff-service.sc-prod.svc:8080/internal/tariff/"
              f"quote), falling back to cached plan snapshot {_plan(cp, moment)}", instance=w.rng.choice(session_pods))
    w.log(w.at("08:41:27.150"), "sc-tariff-service", "INFO",
          "oncall_jiangtao: kubectl top pod -l app=sc-tariff-service -> cpu 498m/499m/500m (limit 500m); "
          "container_cpu_cfs_throttled_periods_total rising 85% of periods", instance="oncall", trace=False)
    w.log(w.at("09:08:40.912"), "sc-tariff-service", "INFO", TARIFF_RESTORE, instance="kubectl", change="resources")
    w.alert("CPUThrottlingHigh", "sc-tariff-service", "warning", w.at("07:32"), w.at("09:15"), "52.3%",
            "sc-tariff-service 容器 CPU 被限流的周期占比 52.3%，超过阈值 25%（limit 500m）", namespace=NS,
            container="tariff")
    w.alert("TariffQuoteLatencyHigh", "sc-tariff-service", "warning", w.at("07:35"), w.at("09:14"), "640ms",
            "电价报价接口 p99 640ms，超过阈值 500ms", namespace=NS)


# --- (2) NAT egress IP swapped, the e-invoice platform's whitelist ------------------------------------
BUYERS = ["深圳市鹏程网约车服务有限公司", "深圳顺路物流有限公司", "个人", "个人", "个人", "深圳市南山区城市更新局",
          "深圳市恒达出租汽车有限公司"]


def invoice_whitelist(w: WorldBuilder) -> None:
    w.log(w.at("08:30:20.417"), "sc-billing-service", "INFO", BILLING_DEPLOY,
          instance=ROLLOUTS["sc-billing-service"][1][1][0], change="deploy")
    w.log(w.at("09:18:02.118"), "sc-vpc", "INFO", EIP_ALLOCATE, instance="actiontrail", trace=False)
    w.log(w.at("09:20:14.522"), "sc-vpc", "INFO", SNAT_CHANGE, instance="actiontrail", trace=False, change="network")
    pods = ROLLOUTS["sc-billing-service"][1][1]
    for moment in _every(w, w.at("09:20:31.207"), w.at("10:37:50"), 8, 26):
        orders = ",".join(_order(w, moment - dt.timedelta(minutes=w.rng.randint(5, 600))) for _ in range(w.rng.randint(1, 3)))
        w.log(moment, "sc-billing-service", "ERROR",
              INVOICE_FAIL.format(req=f"INV{moment:%Y%m%d}{w.rng.randint(100000, 999999)}", orders=f"[{orders}]",
                                  amount=f"{w.rng.uniform(20, 2400):.2f}", buyer=w.rng.choice(BUYERS),
                                  retry=w.rng.randint(1, 5), wait=w.rng.choice([60, 120, 300, 600])),
              instance=w.rng.choice(pods))
    w.log(w.at("10:37:50.004"), "sc-billing-service", "INFO", INVOICE_TICKET, instance=pods[0], trace=False)
    backlog = 1846
    for moment in _every(w, w.at("10:38:12.330"), w.at("10:58:10"), 40, 80):
        done = min(backlog, w.rng.randint(70, 130))
        backlog -= done
        w.log(moment, "sc-billing-service", "INFO",
              f"invoice retry batch: {done} issued, 0 failed, backlog {backlog}", instance=w.rng.choice(pods), job="invoice-retry")
    w.alert("InvoiceIssueFailureRateHigh", "sc-billing-service", "warning", w.at("09:24"), w.at("10:44"), "100%",
            "电子发票开具失败率 100%，超过阈值 10%", namespace=NS)


# --- (3) The crawler on the nearby-stations API -------------------------------------------------------
NEARBY_SQL = ("SELECT s.id, s.name, ST_Distance(s.geom, $1::geography) AS d, a.free_connectors FROM station s JOIN "
              "station_availability a ON a.station_id = s.id WHERE ST_DWithin(s.geom, $1::geography, $2) AND "
              "($3::text[] IS NULL OR s.amenities && $3) ORDER BY d LIMIT 50")


def _crawl_share(t: dt.datetime) -> float:
    return 0.45 if t < _t("10:10") else 0.85


def station_crawler(w: WorldBuilder) -> None:
    w.log(w.at("09:40:30.882"), "sc-station-map", "INFO", MAP_DEPLOY, instance=ROLLOUTS["sc-station-map"][1][1][0],
          change="deploy")
    grid = 0
    for moment in _every(w, w.at("10:06:00.310"), w.at("11:18:30"), 2, 7):
        pod = w.pod_at(ROLLOUTS["sc-station-map"], moment)
        roll = w.rng.random()
        if roll < _crawl_share(moment):
            lat = 22.40 + (grid // 60) * 0.02
            lng = 113.70 + (grid % 60) * 0.02
            grid += w.rng.randint(9, 14)  # the crawler's 24 clients share the grid; one line in a dozen is logged
            ip = f"47.{w.rng.choice([100, 101])}.{w.rng.randint(1, 254)}.{w.rng.randint(1, 254)}"
            if moment >= w.at("10:12") and w.rng.random() < 0.3:
                w.log(moment, "sc-station-map", "ERROR",
                      f"nearby query failed lat={lat:.4f} lng={lng:.4f} radius=5000 client={ip}: asyncpg.exceptions."
                      "QueryCanceledError: canceling statement due to statement timeout", instance=pod)
            else:
                took = w.ms(60, 240) if moment < w.at("10:12") else w.ms(900, 1990)
                w.log(moment, "sc-station-map", "INFO",
                      f'nearby lat={lat:.4f} lng={lng:.4f} radius=5000 -> {w.rng.randint(0, 50)} stations {took}ms client={ip} '
                      f'ua="{CRAWLER_UA}" uid=-', instance=pod)
        elif roll < 0.93:
            lat, lng = 22.48 + w.rng.random() * 0.3, 113.85 + w.rng.random() * 0.4
            if moment >= w.at("10:12") and w.rng.random() < 0.35:
                w.log(moment, "sc-station-map", "ERROR",
                      f"nearby query failed lat={lat:.4f} lng={lng:.4f} radius=5000 client={_client_ip(w)} uid={_uid(w)}: "
                      "asyncpg.exceptions.QueryCanceledError: canceling statement due to statement timeout", instance=pod)
            else:
                took = w.ms(80, 300) if moment < w.at("10:12") else w.ms(1100, 1990)
                w.log(moment, "sc-station-map", "WARN" if took > 1000 else "INFO",
                      f'nearby lat={lat:.4f} lng={lng:.4f} radius=5000 -> {w.rng.randint(8, 50)} stations {took}ms '
                      f'client={_client_ip(w)} ua="{w.rng.choice(APP_UAS)}" uid={_uid(w)}', instance=pod)
        else:
            if moment >= w.at("10:10"):
                w.log(moment, "sc-station-map", "WARN",
                      f"duration: {w.rng.uniform(1500, 1999):.3f} ms  execute <unnamed>: {NEARBY_SQL}",
                      instance="sc-postgis-01", log_type="postgres")
            else:
                w.log(moment, "sc-station-map", "INFO",
                      f"availability sync: {w.rng.randint(60, 240)} stations updated from session.events "
                      f"({w.ms(20, 90)}ms)", instance=pod, task="availability-sync")
    w.log(w.at("10:14:31.006"), "sc-station-map", "INFO",
          "HPA sc-station-map: New size: 10; reason: cpu resource utilization (percentage of request) above target",
          instance="kube-controller-manager", trace=False)
    w.log(w.at("10:52:18.441"), "sc-station-map", "INFO",
          "oncall_tianyu: top clients of /api/v1/stations/nearby last 10m (APISIX access log): 47.100.0.0/16 + "
          "47.101.0.0/16 = 83.6% of requests, ua okhttp/4.9.3, no token, lat/lng stepping 0.02 on a grid",
          instance="oncall", trace=False)
    w.log(w.at("11:18:20.150"), "sc-station-map", "INFO", MAP_WAF, instance="apisix-admin", change="waf")
    for moment in _every(w, w.at("11:18:40"), w.at("11:30"), 20, 50):
        pod = w.pod_at(ROLLOUTS["sc-station-map"], moment)
        lat, lng = 22.48 + w.rng.random() * 0.3, 113.85 + w.rng.random() * 0.4
        w.log(moment, "sc-station-map", "INFO",
              f'nearby lat={lat:.4f} lng={lng:.4f} radius=5000 -> {w.rng.randint(8, 50)} stations {w.ms(20, 90)}ms '
              f'client={_client_ip(w)} ua="{w.rng.choice(APP_UAS)}" uid={_uid(w)}', instance=pod)
    w.alert("StationDbCpuHigh", "sc-station-map", "warning", w.at("10:10"), w.at("11:22"), "97.5%",
            "PostGIS sc-postgis-01 CPU 97.5%，超过阈值 85%", instance="sc-postgis-01")
    w.alert("StationMapLatencyHigh", "sc-station-map", "warning", w.at("10:12"), w.at("11:24"), "2400ms",
            "找桩接口 /api/v1/stations/nearby p99 2400ms，超过阈值 1000ms", namespace=NS)
    w.alert("StationMapErrorRateHigh", "sc-station-map", "warning", w.at("10:16"), w.at("11:21"), "6.1%",
            "sc-station-map 5xx 比例 6.1%，超过阈值 5%", namespace=NS)


# --- (4) WeChat Pay's new platform certificate --------------------------------------------------------
def wechat_certificate(w: WorldBuilder) -> None:
    pods = ROLLOUTS["sc-pay-adapter"][0][1]
    w.log(w.at("06:00:05.220"), "sc-pay-adapter", "WARN", PAY_CERT_CHECK, instance=pods[0], job="platform-cert-check")
    w.log(w.at("10:20:44.093"), "sc-pay-adapter", "INFO", PAY_CONFIG, instance=pods[1], change="config")
    for moment in _every(w, w.at("11:01:30.118"), w.at("11:46:10"), 2, 9):
        w.log(moment, "sc-pay-adapter", "ERROR",
              PAY_VERIFY_FAIL.format(nonce=w.hex(32).upper(), ts=int(moment.timestamp())), instance=w.rng.choice(pods))
    w.log(w.at("11:33:12.540"), "sc-pay-adapter", "INFO",
          "oncall_sunqi: 微信支付商户平台公告：平台证书将于 2026-12-14 11:00 起切换，新证书序列号 6C1D9E2F47A0B3158E2D6F44A901C7E3",
          instance="oncall", trace=False)
    w.log(w.at("11:46:10.327"), "sc-pay-adapter", "INFO", PAY_RELOAD, instance=pods[0], trace=False)
    for moment in _every(w, w.at("11:46:20"), w.at("11:58"), 3, 12):
        trade = f"WT{moment - dt.timedelta(minutes=w.rng.randint(2, 45)):%Y%m%d%H%M%S}{w.rng.randint(1000, 9999)}"
        w.log(moment, "sc-pay-adapter", "INFO",
              f"wechatpay notify verified serial=6C1D9E2F47A0B3158E2D6F44A901C7E3 out_trade_no={trade} transaction_id=42000"
              f"{w.rng.randint(10**22, 10**23 - 1)} trade_state=SUCCESS -> wallet credited (retry)", instance=w.rng.choice(pods))
    w.log(w.at("11:50:02.881"), "sc-pay-adapter", "INFO", PAY_COMPENSATE, instance=pods[2], job="query-compensation")
    app = ROLLOUTS["sc-app-api"][0][1]
    for moment in _every(w, w.at("11:04"), w.at("11:47"), 25, 80):
        w.log(moment, "sc-app-api", "WARN",
              f"wallet topup WT{moment - dt.timedelta(minutes=2):%Y%m%d%H%M%S}{w.rng.randint(1000, 9999)} still PAYING after "
              f"{w.rng.randint(120, 900)}s uid={_uid(w)} channel=wechat amount={w.rng.choice([50, 100, 200])}.00",
              instance=w.rng.choice(app))
    w.alert("WechatPayNotifyVerifyFailed", "sc-pay-adapter", "critical", w.at("11:03"), w.at("11:49"), "38/min",
            "微信支付回调验签失败 38 次/分钟，超过阈值 5 次/分钟", namespace=NS)
    w.alert("PayOrdersPendingHigh", "sc-pay-adapter", "warning", w.at("11:12"), w.at("11:53"), "214",
            "支付中超过 5 分钟的订单 214 笔，超过阈值 200", namespace=NS)


# --- (5) pt-archiver and the replica the App reads from -----------------------------------------------
def replica_lag(w: WorldBuilder) -> None:
    w.log(w.at("11:50:15.602"), "sc-app-api", "INFO", APP_DEPLOY, instance=APP_PODS[0], change="deploy")
    w.log(w.at("12:32:40.215"), "sc-mysql", "INFO", ARCHIVER, instance="sc-mysql-01", change="dba")
    began, stopped = w.at("12:32:40"), w.at("13:15:20")
    for moment in _every(w, w.at("12:35:10"), stopped, 50, 90):
        rows = 20000 * int(86 * (moment - began) / (stopped - began))  # 1720000 rows in 20000-row chunks by 13:15:20
        w.log(moment, "sc-mysql", "INFO",
              f"pt-archiver progress: {moment:%Y-%m-%dT%H:%M:%S} elapsed={int((moment - began).total_seconds())} "
              f"count={rows} (sc_order.charging_session, created_at < '2025-01-01')", instance="sc-mysql-01", trace=False)
    for moment in _every(w, w.at("12:36:00"), w.at("13:35"), 110, 130):
        w.log(moment, "sc-mysql", "INFO",
              "[Note] [MY-010559] [Repl] Multi-threaded replica statistics for channel '': seconds elapsed = 120; events "
              f"assigned = {w.rng.randint(40000, 90000)}; worker queues filled over overrun level = {w.rng.randint(2, 9)}; "
              f"waited due to a Worker queue full = {w.rng.randint(100, 900)}; waited due to the total size = "
              f"{w.rng.randint(4000, 12000)}; waited at clock conflicts = {w.rng.randint(10**9, 9 * 10**9)} waited (count) "
              f"when Workers occupied = {w.rng.randint(1000, 5000)} waited when Workers occupied = "
              f"{w.rng.randint(10**10, 9 * 10**10)}", instance="sc-mysql-02", trace=False)
    w.log(w.at("13:15:20.774"), "sc-mysql", "INFO", ARCHIVER_STOP, instance="sc-mysql-01", change="dba")
    for moment in _every(w, w.at("12:41"), w.at("13:36"), 15, 45):
        pod = w.rng.choice(APP_PODS)
        session = _session(w, moment - dt.timedelta(minutes=w.rng.randint(30, 90)))
        roll = w.rng.random()
        if roll < 0.45:
            w.log(moment, "sc-app-api", "WARN",
                  f"POST /v2/sessions/{session}/stop 409 {w.ms(20, 60)}ms uid={_uid(w)} code=SESSION_ALREADY_STOPPED "
                  f"(stopped at {moment - dt.timedelta(minutes=w.rng.randint(3, 20)):%H:%M:%S})", instance=pod)
        elif roll < 0.75:
            w.log(moment, "sc-app-api", "WARN",
                  f"order not found for session {session} (stopped {w.rng.randint(3, 22)}m ago by session-service), "
                  "returning receipt pending", instance=pod)
        else:
            w.log(moment, "sc-app-api", "INFO",
                  f"GET /v2/sessions/{session}/status 200 {w.ms(6, 20)}ms uid={_uid(w)} status=CHARGING", instance=pod)
    w.alert("MySQLReplicationLagHigh", "sc-mysql", "warning", w.at("12:38"), w.at("13:37"), "112s",
            "sc-mysql-02 复制延迟 Seconds_Behind_Master=112s，超过阈值 60s", instance="sc-mysql-02")


# --- (6) The regulator upload fills the conntrack table of one node ------------------------------------
def conntrack_node(w: WorldBuilder) -> None:
    w.log(w.at("13:40:18.330"), "sc-ocpp-gateway", "INFO", GATEWAY_CONFIG, instance=GATEWAY_PODS[0], change="config")
    w.log(w.at("14:00:04.512"), "sc-meter-service", "INFO",
          "regulator report 2026-12-13: 1920000 records (20016 chargers x 96 quarters) -> https://jg.szcharging.cn/api/v1/"
          "meter/upload, workers=64, one POST per record", instance=REPORT_POD, job="regulator-report")
    sent = 0
    for moment in _every(w, w.at("14:01"), w.at("14:41"), 25, 60):
        if moment < w.at("14:05:50"):
            sent += w.rng.randint(90000, 130000)
            w.log(moment, "sc-meter-service", "INFO",
                  f"regulator report progress {sent}/1920000 ({w.rng.randint(3300, 3900)} req/s)", instance=REPORT_POD,
                  job="regulator-report")
        else:
            sent += w.rng.randint(2000, 9000)
            w.log(moment, "sc-meter-service", "ERROR",
                  "regulator upload failed: requests.exceptions.ConnectionError: HTTPSConnectionPool(host='jg.szcharging.cn', "
                  "port=443): Max retries exceeded with url: /api/v1/meter/upload (Caused by NewConnectionError('<urllib3."
                  f"connection.HTTPSConnection object at 0x7f{w.hex(10)}>: Failed to establish a new connection: [Errno 110] "
                  f"Connection timed out')) sent={sent}", instance=REPORT_POD, job="regulator-report")
    for moment in _every(w, w.at("14:05:51"), w.at("14:42:30"), 30, 90):
        w.log(moment, "sc-k8s-nodes", "WARN", CONNTRACK_FULL, instance=BAD_NODE, trace=False)
        w.log(moment + dt.timedelta(milliseconds=w.rng.randint(2, 40)), "sc-k8s-nodes", "WARN",
              f"kernel: net_ratelimit: {w.rng.randint(800, 4200)} callbacks suppressed", instance=BAD_NODE, trace=False)
    w.log(w.at("14:06:40.021"), "sc-k8s-nodes", "WARN",
          "node-problem-detector: ConntrackFull: conntrack table usage over 90%: 262144/262144", instance=BAD_NODE, trace=False)
    bad_gateways = tuple(p for p in GATEWAY_PODS if p in ON_BAD_NODE)
    for moment in _every(w, w.at("14:06:02"), w.at("14:45:30"), 3, 12):
        pod = w.rng.choice(bad_gateways)
        action, path = w.rng.choice([("StartTransaction", "start-transaction"), ("StartTransaction", "start-transaction"),
                                     ("Authorize", "authorize"), ("StopTransaction", "stop-transaction")])
        w.log(moment, "sc-ocpp-gateway", "ERROR",
              FORWARD_FAIL.format(action=action, cp=_cp(w), msg=_msg_id(w), path=path), instance=pod)
    bad_app = next(p for p in APP_PODS if p in ON_BAD_NODE)
    for moment in _every(w, w.at("14:06:30"), w.at("14:45"), 20, 70):
        w.log(moment, "sc-app-api", "ERROR",
              f"POST /v2/sessions/start 502 {w.ms(5001, 5012)}ms uid={_uid(w)} cp={_cp(w)}: upstream sc-session-service "
              "connect ETIMEDOUT 10.96.41.17:8080", instance=bad_app)
    w.log(w.at("14:38:52.117"), "sc-ocpp-gateway", "INFO",
          f"oncall_wujun: forward errors only from {bad_gateways[0]} and {bad_gateways[1]} (both on {BAD_NODE}); "
          "the other 4 pods forward normally", instance="oncall", trace=False)
    w.log(w.at("14:41:05.630"), "sc-meter-service", "INFO", JOB_DELETE, instance="kubectl", trace=False)
    w.log(w.at("14:42:30.288"), "sc-k8s-nodes", "INFO", CONNTRACK_FIX, instance=BAD_NODE, trace=False, change="sysctl")
    w.alert("NodeConntrackTableFull", "sc-k8s-nodes", "critical", w.at("14:06"), w.at("14:46"), "100%",
            f"{BAD_NODE} conntrack 表使用率 100%（262144/262144），超过阈值 90%", instance=BAD_NODE)
    w.alert("OcppForwardErrorsHigh", "sc-ocpp-gateway", "critical", w.at("14:08"), w.at("14:48"), "21.4%",
            "桩端请求转发会话服务失败率 21.4%，超过阈值 5%", namespace=NS)


# --- (7) A tariff imported in 分, orders held by the billing sanity check -------------------------------
def tariff_unit(w: WorldBuilder) -> None:
    admin = "tariff-admin"
    w.log(w.at("15:02:40.517"), "sc-tariff-service", "INFO", TARIFF_IMPORT, instance=admin, change="tariff")
    pods = ROLLOUTS["sc-billing-service"][1][1]
    for moment in _every(w, w.at("15:19:12"), w.at("16:25:30"), 15, 35):
        kwh = w.rng.uniform(8, 62)
        unit = 81.0521  # peak period (14:00–19:00): 80.00 service fee + 1.0521 electricity
        station = w.rng.choice(NS_PLAN_STATIONS)
        started = max(w.at("15:05"), moment - dt.timedelta(minutes=90)) + dt.timedelta(
            seconds=w.rng.randint(0, int(max(60.0, (moment - w.at("15:05")).total_seconds() - 600)) // 2))
        w.log(moment, "sc-billing-service", "ERROR",
              HOLD_LINE.format(order=_order(w, moment), session=_session(w, min(started, moment - dt.timedelta(minutes=12))),
                               cp=f"{station}-{w.rng.randint(1, 8):02d}", kwh=kwh, total=kwh * unit, unit=unit),
              instance=w.rng.choice(pods))
    w.log(w.at("16:08:44.250"), "sc-tariff-service", "INFO",
          "yunying_chenmo: 核对 TP-SZ-NS-2027Q1：Excel 服务费列单位为 分/kWh，按 元/kWh 导入，准备发布 v2", instance=admin,
          trace=False)
    w.log(w.at("16:12:05.904"), "sc-tariff-service", "INFO", TARIFF_FIX, instance=admin, change="tariff")
    w.log(w.at("16:25:31.442"), "sc-billing-service", "INFO", RERATE, instance=pods[0], job="re-rate")
    for moment in _every(w, w.at("16:26"), w.at("16:44"), 15, 40):
        kwh = w.rng.uniform(8, 62)
        w.log(moment, "sc-billing-service", "INFO",
              f"order released from ON_HOLD orderId={_order(w, moment - dt.timedelta(minutes=60))} re-rated total="
              f"{kwh * w.rng.choice([1.8521, 1.2910]):.2f} CNY (plan TP-SZ-NS-2027Q1 v2)", instance=w.rng.choice(pods))
    w.alert("BillingOrdersOnHoldHigh", "sc-billing-service", "warning", w.at("15:31"), w.at("16:44"), "52",
            "挂起待人工审核的订单 52 笔，超过阈值 50", namespace=NS)


# --- (8) A tag per session: the series limit of InfluxDB --------------------------------------------------
def series_limit(w: WorldBuilder) -> None:
    w.log(w.at("07:40:22.733"), "sc-meter-service", "INFO", METER_DEPLOY, instance=ROLLOUTS["sc-meter-service"][1][1][0],
          change="deploy")
    w.log(w.at("16:30:10.118"), "sc-meter-service", "INFO", METER_CONFIG, instance=ROLLOUTS["sc-meter-service"][1][1][1],
          change="config")
    pods = ROLLOUTS["sc-meter-service"][1][1]
    for moment in _every(w, w.at("16:48:31.402"), REFERENCE, 30, 90):
        n = 8000
        w.log(moment, "sc-meter-service", "ERROR", METER_PARTIAL.format(n=n, dropped=w.rng.randint(900, 3600)),
              instance=w.rng.choice(pods))
        if w.rng.random() < 0.5:
            stamp = f"{moment.day:02d}/{MONTH}/{moment.year}:{moment:%H:%M:%S} +0800"
            w.log(moment + dt.timedelta(milliseconds=w.rng.randint(1, 30)), "sc-influxdb", "WARN",
                  f'[httpd] {_pod_ip(w)} - meter_writer [{stamp}] "POST /write?db=meter&precision=ms HTTP/1.1 " 400 '
                  f'{w.rng.randint(120, 160)} "-" "influxdb-client-go/1.3" {w.hex(8)}-d9b1-11f0-{w.hex(4)}-{w.hex(12)} '
                  f"{w.rng.randint(20000, 90000)}", instance="sc-influx-01", trace=False)
    for moment in _every(w, w.at("16:48:32"), REFERENCE, 240, 420):
        w.log(moment, "sc-influxdb", "WARN",
              f'lvl=warn msg="max-series-per-database limit exceeded: db=meter ({SERIES_LIMIT}/{SERIES_LIMIT}) dropped='
              f'{w.rng.randint(900, 3600)} for series: meter_power,connector={w.rng.randint(1, 2)},cp={_cp(w)},txn={_txn(w)}" '
              "log_id=0tQx81Wl000 service=store", instance="sc-influx-01", trace=False)
    app = APP_PODS
    for moment in _every(w, w.at("17:05"), REFERENCE, 60, 180):
        w.log(moment, "sc-app-api", "WARN",
              f"GET /v2/sessions/{_session(w, moment - dt.timedelta(minutes=w.rng.randint(5, 30)))}/curve 200 "
              f"{w.ms(8, 20)}ms points=0 (session started after 16:48, no meter points)", instance=w.rng.choice(app))
    w.log(w.at("17:42:09.330"), "sc-meter-service", "INFO",
          "oncall_jiangtao: SHOW SERIES CARDINALITY ON meter -> 1000000; top tag key txn (per transaction, since 2.8.0); "
          "rollback of 2.8.0 and DROP SERIES WHERE txn != '' to be reviewed with the data team", instance="oncall", trace=False)
    w.alert("InfluxDBSeriesNearLimit", "sc-influxdb", "warning", w.at("15:05"), None, "900210",
            "InfluxDB 库 meter 的序列数 900210，超过阈值 900000（上限 1000000）", instance="sc-influx-01", database="meter")
    w.alert("MeterWriteErrorsHigh", "sc-meter-service", "critical", w.at("16:50"), None, "2400/min",
            "计量点写入 InfluxDB 被丢弃 2400 点/分钟，超过阈值 1000", namespace=NS)


# --- (9) A queue nobody consumes, the broker's memory alarm, blocked publishers ------------------------------
def rabbit_memory(w: WorldBuilder) -> None:
    w.log(w.at("09:31:10.661"), "sc-rabbitmq", "INFO", QUEUE_DECLARE, instance="sc-mq-02", trace=False, change="manual")
    w.log(w.at("18:20:40.091"), "sc-session-service", "INFO", SESSION_DEPLOY,
          instance=ROLLOUTS["sc-session-service"][1][1][0], change="deploy")
    for set_at, clear_at in FLAPS:
        moment = w.at(set_at)
        w.log(moment, "sc-rabbitmq", "WARN",
              f"<0.409.0> vm_memory_high_watermark set. Memory used:{w.rng.randint(6872000000, 6890000000)} "
              "allowed:6871947673", instance="sc-mq-02", trace=False)
        w.log(moment + dt.timedelta(milliseconds=1), "sc-rabbitmq", "WARN", f"<0.407.0> {MQ_ALARM_SET}", instance="sc-mq-02",
              trace=False)
        w.log(moment + dt.timedelta(milliseconds=2), "sc-rabbitmq", "WARN",
              "<0.407.0> \n**********************************************************\n*** Publishers will be blocked until "
              "this alarm clears ***\n**********************************************************", instance="sc-mq-02",
              trace=False)
        end = w.at(clear_at)
        w.log(end, "sc-rabbitmq", "INFO",
              f"<0.409.0> vm_memory_high_watermark clear. Memory used:{w.rng.randint(6100000000, 6860000000) if end < w.at('19:16') else 3120448512} "
              "allowed:6871947673", instance="sc-mq-02", trace=False)
        w.log(end + dt.timedelta(milliseconds=1), "sc-rabbitmq", "INFO", f"<0.407.0> {MQ_ALARM_CLEAR}", instance="sc-mq-02",
              trace=False)
    w.log(w.at("19:09:33.870"), "sc-rabbitmq", "INFO",
          "oncall_wujun: rabbitmqctl list_queues name messages_ready consumers memory -> dw.session.events 3418226 0 "
          "3871602184; billing.session-stopped 214 3; fleet.session.sync 0 2", instance="oncall", trace=False)
    w.log(w.at("19:14:30.512"), "sc-rabbitmq", "INFO", MQ_PURGE, instance="sc-mq-02", trace=False, change="manual")
    w.log(w.at("19:20:05.003"), "sc-rabbitmq", "INFO",
          "dw_zhangqi via management API: deleted queue 'dw.session.events' in vhost '/' (DW-1287 consumer to be deployed "
          "before re-declaring, with x-max-length 500000)", instance="sc-mq-02", trace=False, change="manual")
    pods = ROLLOUTS["sc-session-service"][1][1]
    blocked = [(w.at(a), w.at(b)) for a, b in FLAPS]
    for blocked_at, unblocked_at in blocked:
        w.log(blocked_at + dt.timedelta(milliseconds=w.rng.randint(30, 300)), "sc-session-service", "WARN",
              "o.s.a.r.c.CachingConnectionFactory : Connection blocked: low on memory", instance=w.rng.choice(pods))
        w.log(unblocked_at + dt.timedelta(milliseconds=w.rng.randint(30, 300)), "sc-session-service", "INFO",
              "o.s.a.r.c.CachingConnectionFactory : Connection unblocked", instance=w.rng.choice(pods))
    for moment in _every(w, w.at("18:52:10"), w.at("19:20"), 3, 11):
        pod = w.rng.choice(pods)
        if any(a <= moment < b for a, b in blocked):
            if w.rng.random() < 0.75:
                w.log(moment, "sc-session-service", "ERROR",
                      SESSION_BLOCKED.format(uid=_uid(w), cp=_cp(w), conn=w.rng.randint(1, 2)), instance=pod)
            else:
                w.log(moment, "sc-session-service", "ERROR",
                      f"stop session {_session(w, moment - dt.timedelta(minutes=45))} slow: publish session.stopped blocked "
                      "5000ms (connection blocked: low on memory), queued for retry", instance=pod)
        else:
            cp = _cp(w)
            w.log(moment, "sc-session-service", "INFO",
                  f"session started sessionId={_session(w, moment)} cp={cp} connector={w.rng.randint(1, 2)} user={_uid(w)} "
                  f"transactionId={_txn(w)} tariffPlan={_plan(cp, moment)} source=APP", instance=pod)
    for moment in _every(w, w.at("18:52:20"), w.at("19:16:40"), 15, 45):
        if any(a <= moment < b for a, b in blocked):
            w.log(moment, "sc-ocpp-gateway", "WARN",
                  f"forward StartTransaction cp={_cp(w)} msgId={_msg_id(w)} took {w.ms(5004, 5030)}ms: session-service "
                  "answered 500, replied idTagInfo.status=Invalid", instance=w.rng.choice(GATEWAY_PODS))
    for moment in _every(w, w.at("18:53"), w.at("19:17"), 20, 60):
        if any(a <= moment < b for a, b in blocked):
            w.log(moment, "sc-app-api", "WARN",
                  f"POST /v2/sessions/start 504 {w.ms(8001, 8010)}ms uid={_uid(w)} cp={_cp(w)}: upstream sc-session-service "
                  "timeout after 8000ms", instance=w.rng.choice(APP_PODS))
    w.alert("RabbitMQQueueMessagesHigh", "sc-rabbitmq", "warning", w.at("15:40"), w.at("19:16"), "1000300",
            "队列 dw.session.events 待消费消息 1000300 条，超过阈值 1000000，消费者 0", queue="dw.session.events")
    w.alert("RabbitMQMemoryAlarm", "sc-rabbitmq", "critical", w.at("18:52"), w.at("19:17"), "6.40GiB",
            "rabbit@sc-mq-02 触发内存告警（6.40GiB / 水位 6.40GiB），集群内所有发布者被阻塞", instance="sc-mq-02")
    w.alert("SessionStartFailureRateHigh", "sc-session-service", "critical", w.at("18:54"), w.at("19:21"), "41%",
            "充电启动失败率 41%，超过阈值 5%", namespace=NS)


# --- (10) The grid's demand response caps the power ------------------------------------------------------------
def demand_response(w: WorldBuilder) -> None:
    pods = ROLLOUTS["sc-energy-dispatch"][0][1]
    w.log(w.at("17:10:00.402"), "sc-energy-dispatch", "INFO", DISPATCH_CONFIG, instance=pods[1], change="config")
    w.log(w.at("19:25:03.118"), "sc-energy-dispatch", "INFO", DR_RECEIVED, instance=pods[0])
    w.log(w.at("19:29:40.551"), "sc-energy-dispatch", "INFO", DR_PLAN, instance=pods[0])
    for moment in _every(w, w.at("19:30:00.210"), w.at("19:30:40"), 1, 4):
        district = w.rng.choice(["FT", "NS"])
        w.log(moment, "sc-ocpp-gateway", "INFO",
              f"send SetChargingProfile cp={_cp(w, district)} connector=0 chargingProfileId=7019 purpose=TxDefaultProfile "
              "stackLevel=5 limit=7.0 kW -> Accepted", instance=w.rng.choice(GATEWAY_PODS))
    w.log(w.at("19:30:42.006"), "sc-energy-dispatch", "INFO", DR_SENT, instance=pods[0])
    for moment in _every(w, w.at("19:35"), w.at("21:00"), 200, 400):
        w.log(moment, "sc-energy-dispatch", "INFO",
              f"DR-SZ-20261214-19 tracking: area load {w.rng.uniform(5.9, 6.4):.2f}MW vs baseline 10.9MW, reduction "
              f"{w.rng.uniform(4.6, 5.0):.2f}MW", instance=pods[0])
    for moment in _every(w, w.at("19:32"), w.at("21:00"), 60, 160):
        district = w.rng.choice(["FT", "NS"])
        w.log(moment, "sc-ocpp-gateway", "INFO",
              f"recv MeterValues cp={_cp(w, district)} connector={w.rng.randint(1, 2)} transactionId={_txn(w)} "
              f"Energy.Active.Import.Register={w.rng.uniform(10, 90000):.1f}kWh Power.Active.Import={w.rng.uniform(6.6, 7.0):.1f}kW "
              f"Power.Offered=7.0kW SoC={w.rng.randint(12, 80)}% -> published ocpp.meter", instance=w.rng.choice(GATEWAY_PODS))
    w.log(w.at("21:00:05.330"), "sc-energy-dispatch", "INFO", DR_END, instance=pods[0])
    for moment in _every(w, w.at("21:00:06"), w.at("21:00:40"), 2, 5):
        w.log(moment, "sc-ocpp-gateway", "INFO",
              f"send ClearChargingProfile cp={_cp(w, w.rng.choice(['FT', 'NS']))} id=7019 -> Accepted",
              instance=w.rng.choice(GATEWAY_PODS))
    w.log(w.at("21:02:11.774"), "sc-energy-dispatch", "INFO",
          "DR-SZ-20261214-19 settlement report: average reduction 4.71MW (98.1% of target), uploaded to 深圳虚拟电厂管理平台",
          instance=pods[0])
    w.alert("AvgChargingPowerLow", "sc-session-service", "warning", w.at("19:36"), w.at("21:06"), "19.4kW",
            "福田、南山 38 个站点在充会话平均功率 19.4kW，低于近 7 日同时段基线 55kW 的 50%", namespace=NS, area="福田,南山")


# --- Healthy services' changes, the unrelated alerts ---------------------------------------------------------
def other_changes(w: WorldBuilder) -> None:
    w.log(w.at("10:05:20.337"), "sc-fleet-api", "INFO", FLEET_DEPLOY, instance=ROLLOUTS["sc-fleet-api"][1][1][0],
          change="deploy")
    w.log(w.at("13:30:05.812"), "sc-user-service", "INFO", USER_CONFIG, instance=ROLLOUTS["sc-user-service"][0][1][1],
          change="config")
    w.alert("StationOfflineLong", "sc-ocpp-gateway", "warning", dt.datetime(2026, 12, 13, 16, 20, tzinfo=TZ), None,
            "8 台", OFFLINE_SUMMARY, station="SZ-LG-0107")
    w.alert("NodeDiskIOHigh", "sc-influxdb", "warning", w.at("03:02"), w.at("03:18"), "94%",
            "sc-influx-01 磁盘 IO 使用率 94%，超过阈值 90%（每日 03:00 influxd backup -portable）", instance="sc-influx-01")
    w.alert("ChargerFaultRateHigh", "sc-ocpp-gateway", "warning", w.at("06:40"), w.at("06:58"), "2.3%",
            "上报 Faulted 的枪占比 2.3%，超过阈值 2%（光明区 SZ-GM-0041 等 3 站 GroundFailure，雨后绝缘检测）", namespace=NS)
    w.log(w.at("03:00:02.120"), "sc-influxdb", "INFO",
          "backup: influxd backup -portable -db meter /backup/influx/20261214 (daily, kept 7)", instance="sc-influx-01",
          trace=False, job="influx-backup")
    w.log(w.at("03:17:48.552"), "sc-influxdb", "INFO",
          "backup: completed 412 shards' files, 187.4 GB, took 17m46s", instance="sc-influx-01", trace=False,
          job="influx-backup")
    for moment in _every(w, w.at("06:38"), w.at("06:58"), 30, 90):
        w.log(moment, "sc-ocpp-gateway", "WARN",
              f"recv StatusNotification cp=SZ-GM-{w.rng.choice([41, 44, 47]):04d}-{w.rng.randint(1, 8):02d} connector=1 "
              "status=Faulted errorCode=GroundFailure vendorErrorCode=E0211", instance=w.rng.choice(GATEWAY_PODS))
    for moment in _every(w, w.at("00:10"), REFERENCE, 1500, 2400):
        w.log(moment, "sc-ocpp-gateway", "WARN",
              "station SZ-LG-0107 chargers 8/8 offline since 2026-12-13 16:18 (last BootNotification none)",
              instance=GATEWAY_PODS[0], trace=False)


# --- Kubernetes --------------------------------------------------------------------------------------------
#: (service, revision, changed, change cause, image tag)
DEPLOYMENTS = (
    ("sc-ocpp-gateway", 41, "2026-12-08T22:10:00+08:00", "release sc-ocpp-gateway 1.19.1", "1.19.1"),
    ("sc-session-service", 63, "2026-12-14T18:20:10+08:00", "release sc-session-service 4.11.3 (pipeline #5252)", "4.11.3"),
    ("sc-billing-service", 38, "2026-12-14T08:30:05+08:00", "release sc-billing-service 3.9.2 (pipeline #5218)", "3.9.2"),
    ("sc-app-api", 77, "2026-12-14T11:50:05+08:00", "release sc-app-api 5.3.0 (pipeline #5240)", "5.3.0"),
    ("sc-fleet-api", 22, "2026-12-14T10:05:05+08:00", "release sc-fleet-api 2.14.0 (pipeline #5226)", "2.14.0"),
    ("sc-meter-service", 31, "2026-12-14T07:40:05+08:00", "release sc-meter-service 2.8.0 (pipeline #5209)", "2.8.0"),
    ("sc-tariff-service", 27, "2026-12-14T09:08:40+08:00",
     "kubectl patch: cpu limits 500m -> 2 (revert RS-20261214-017)", "1.12.0"),
    ("sc-station-map", 19, "2026-12-14T09:40:10+08:00", "release sc-station-map 4.2.0 (pipeline #5231)", "4.2.0"),
    ("sc-pay-adapter", 24, "2026-11-30T21:40:00+08:00", "release sc-pay-adapter 2.5.8", "2.5.8"),
    ("sc-energy-dispatch", 12, "2026-12-02T22:05:00+08:00", "release sc-energy-dispatch 1.7.2", "1.7.2"),
    ("sc-user-service", 45, "2026-12-09T21:30:00+08:00", "release sc-user-service 3.3.1", "3.3.1"),
)


def _rollout_events(w: WorldBuilder, service: str, clock: str, old_rs: str, new_rs: str, replicas: int) -> None:
    start = w.at(clock)
    w.event(type="Normal", reason="ScalingReplicaSet", object=f"Deployment/{service}",
            message=f"Scaled up replica set {new_rs} to {replicas}", count=1, first_seen=start,
            last_seen=start + dt.timedelta(seconds=40))
    w.event(type="Normal", reason="ScalingReplicaSet", object=f"Deployment/{service}",
            message=f"Scaled down replica set {old_rs} to 0 from {replicas}", count=1,
            first_seen=start + dt.timedelta(seconds=45), last_seen=start + dt.timedelta(seconds=45))


def k8s_state(w: WorldBuilder) -> None:
    for service, revision, changed, cause, tag in DEPLOYMENTS:
        pods = ROLLOUTS[service][-1][1]
        for pod, node in zip(pods, PLACEMENT[service], strict=True):
            w.pod(namespace=NS, name=pod, service=service, phase="Running", ready="1/1", restarts=0, last_termination=None,
                  waiting_reason=None, node=node, observed_at=REFERENCE)
        w.deployment(namespace=NS, name=service, service=service, replicas=len(pods), ready=len(pods), available=len(pods),
                     image=f"registry.shanchong.internal/prod/{service}:{tag}", revision=revision,
                     changed_at=dt.datetime.fromisoformat(changed), change_cause=cause,
                     conditions=[condition("Available", "True", "MinimumReplicasAvailable",
                                           "Deployment has minimum availability."),
                                 condition("Progressing", "True", "NewReplicaSetAvailable",
                                           f'ReplicaSet "{pods[0].rsplit("-", 1)[0]}" has successfully progressed.')],
                     observed_at=REFERENCE)
    for service, clock in (("sc-meter-service", "07:40:10"), ("sc-billing-service", "08:30:10"),
                           ("sc-station-map", "09:40:10"), ("sc-fleet-api", "10:05:10"), ("sc-app-api", "11:50:10"),
                           ("sc-session-service", "18:20:15")):
        steps = ROLLOUTS[service]
        new = next(step for start, step in steps if w.at(start) > w.at(clock))
        old = steps[0][1]
        _rollout_events(w, service, clock, old[0].rsplit("-", 1)[0], new[0].rsplit("-", 1)[0], len(old))
    tariff = ROLLOUTS["sc-tariff-service"]
    _rollout_events(w, "sc-tariff-service", "02:15:10", replicaset_name("sc-tariff-service", "1.12.0"),
                    replicaset_name("sc-tariff-service", "1.12.0@RS-20261214-017"), 3)
    _rollout_events(w, "sc-tariff-service", "09:08:42", replicaset_name("sc-tariff-service", "1.12.0@RS-20261214-017"),
                    tariff[-1][1][0].rsplit("-", 1)[0], 3)
    w.event(type="Normal", reason="SuccessfulRescale", object="HorizontalPodAutoscaler/sc-station-map",
            message="New size: 10; reason: cpu resource utilization (percentage of request) above target", count=1,
            first_seen=w.at("10:14:31"), last_seen=w.at("10:14:31"))
    w.event(type="Normal", reason="SuccessfulRescale", object="HorizontalPodAutoscaler/sc-station-map",
            message="New size: 4; reason: All metrics below target", count=1, first_seen=w.at("11:52:31"),
            last_seen=w.at("11:52:31"))
    w.event(type="Normal", reason="SuccessfulCreate", object="CronJob/sc-meter-regulator-report",
            message=f"Created job {REPORT_JOB}", count=1, first_seen=w.at("14:00:00"), last_seen=w.at("14:00:00"))
    w.event(type="Normal", reason="SuccessfulCreate", object=f"Job/{REPORT_JOB}", message=f"Created pod: {REPORT_POD}",
            count=1, first_seen=w.at("14:00:00"), last_seen=w.at("14:00:00"))
    w.event(type="Normal", reason="Scheduled", object=f"Pod/{REPORT_POD}",
            message=f"Successfully assigned sc-prod/{REPORT_POD} to {BAD_NODE}", count=1, first_seen=w.at("14:00:01"),
            last_seen=w.at("14:00:01"))
    w.event(type="Normal", reason="Killing", object=f"Pod/{REPORT_POD}", message="Stopping container report", count=1,
            first_seen=w.at("14:41:06"), last_seen=w.at("14:41:06"))
    w.event(type="Warning", reason="ConntrackFull", object=f"Node/{BAD_NODE}",
            message="Conntrack table usage over 90%: 262144/262144", count=37, first_seen=w.at("14:06:40"),
            last_seen=w.at("14:43:10"))
    for pod in sorted(ON_BAD_NODE):
        port = 8080 if pod.startswith("sc-ocpp-gateway") else 3000
        w.event(type="Warning", reason="Unhealthy", object=f"Pod/{pod}",
                message=(f'Readiness probe failed: Get "http://{_pod_ip(w)}:{port}/healthz": context deadline exceeded '
                         "(Client.Timeout exceeded while awaiting headers)"),
                count=w.rng.randint(60, 140), first_seen=w.at("14:07:05"), last_seen=w.at("14:44:20"))


# --- Metrics --------------------------------------------------------------------------------------------------
def build_metrics(w: WorldBuilder) -> None:
    at = w.at
    morning = [(at("07:00"), at("09:30"))]
    w.series("container_cpu_cfs_throttled_ratio", "sc-tariff-service", "%",
             [(START, 0.4), (at("02:15"), 0.5), (at("06:00"), 1.8), (at("07:00"), 9.0), (at("07:20"), 21.0),
              (at("07:30"), 48.0), (at("07:45"), 71.0), (at("08:10"), THROTTLE_PEAK), (at("08:30"), 79.0),
              (at("08:50"), 62.0), (at("09:08"), 55.0), (at("09:11"), 3.1), (at("09:20"), 0.9), (at("12:00"), 1.2),
              (at("18:30"), 1.6), (REFERENCE, 0.9)], start=START, fine=morning, spread=0.4, digits=1, threshold=25,
             namespace=NS, container="tariff")
    w.series("container_cpu_usage_cores", "sc-tariff-service", "核",
             [(START, 0.12), (at("06:00"), 0.2), (at("07:20"), 0.46), (at("07:30"), 0.5), (at("09:08"), 0.5),
              (at("09:11"), 1.12), (at("09:30"), 0.74), (at("12:00"), 0.52), (at("18:30"), 0.81), (REFERENCE, 0.44)],
             start=START, fine=morning, spread=0.0, digits=2, namespace=NS, container="tariff")
    w.series("http_p99_latency", "sc-tariff-service", "ms",
             [(START, 14), (at("07:20"), 90), (at("07:30"), 640), (at("08:10"), 1930), (at("09:08"), 1100),
              (at("09:11"), 38), (at("09:20"), 18), (REFERENCE, 16)], start=START, fine=morning, spread=6, digits=0,
             threshold=500, namespace=NS)
    w.series("tariff_quote_fallback_per_min", "sc-session-service", "次/分钟",
             [(START, 0), (at("07:30"), 0), (at("07:32"), 96), (at("08:10"), 412), (at("09:08"), 231), (at("09:11"), 0),
              (REFERENCE, 0)], start=START, fine=morning, spread=4, digits=0, namespace=NS)
    invoice = [(at("09:00"), at("11:10"))]
    w.series("invoice_issue_failure_rate", "sc-billing-service", "%",
             [(START, 0.2), (at("09:20"), 0.3), (at("09:21"), 100.0), (at("10:38"), 100.0), (at("10:39"), 1.1),
              (at("10:45"), 0.3), (REFERENCE, 0.2)], start=START, fine=invoice, spread=0.0, digits=1, threshold=10,
             namespace=NS)
    w.series("invoice_pending", "sc-billing-service", "张",
             [(START, 6), (at("09:20"), 14), (at("10:38"), 1846), (at("10:58"), 30), (at("11:10"), 12), (REFERENCE, 9)],
             start=START, fine=invoice, spread=0.0, digits=0, namespace=NS)
    crawler = [(at("09:50"), at("11:40"))]
    w.series("station_nearby_requests_per_sec", "sc-station-map", "次/秒",
             [(START, 34), (at("06:00"), 48), (at("07:30"), 152), (at("09:00"), 178), (at("10:05"), 190),
              (at("10:06"), 610), (at("10:10"), 1480), (at("10:20"), 2160), (at("10:40"), 2580),
              (at("10:41"), NEARBY_PEAK), (at("10:42"), 2540), (at("11:00"), 2450), (at("11:17"), 2390),
              (at("11:19"), 240), (at("11:25"), 196), (at("12:00"), 231), (at("18:30"), 262), (at("21:00"), 170),
              (REFERENCE, 152)], start=START, fine=crawler, spread=4, digits=0, namespace=NS, route="station-nearby")
    w.series("http_p99_latency", "sc-station-map", "ms",
             [(START, 48), (at("10:05"), 66), (at("10:08"), 420), (at("10:12"), 2400), (at("11:17"), 2380),
              (at("11:20"), 90), (at("11:24"), 62), (REFERENCE, 55)], start=START, fine=crawler, spread=10, digits=0,
             threshold=1000, namespace=NS)
    w.series("http_5xx_rate", "sc-station-map", "%",
             [(START, 0.05), (at("10:10"), 0.2), (at("10:16"), 6.1), (at("10:40"), 7.9), (at("11:17"), 6.4),
              (at("11:20"), 0.3), (at("11:25"), 0.05), (REFERENCE, 0.05)], start=START, fine=crawler, spread=0.1,
             digits=2, threshold=5, namespace=NS)
    w.series("pg_cpu_usage_percent", "sc-station-map", "%",
             [(START, 12.0), (at("10:05"), 22.0), (at("10:10"), 97.5), (at("11:18"), 96.0), (at("11:21"), 31.0),
              (at("11:30"), 21.0), (REFERENCE, 14.0)], start=START, fine=crawler, spread=0.4, digits=1, threshold=85,
             instance="sc-postgis-01")
    wechat = [(at("10:50"), at("12:10"))]
    w.series("wechatpay_notify_verify_failures_per_min", "sc-pay-adapter", "次/分钟",
             [(START, 0), (at("11:01"), 0), (at("11:02"), 38), (at("11:30"), 61), (at("11:46"), 52), (at("11:47"), 0),
              (REFERENCE, 0)], start=START, fine=wechat, spread=2, digits=0, threshold=5, namespace=NS)
    w.series("pay_orders_pending", "sc-pay-adapter", "笔",
             [(START, 4), (at("11:01"), 16), (at("11:12"), 214), (at("11:45"), 1260), (at("11:50"), 80), (at("12:00"), 18),
              (REFERENCE, 6)], start=START, fine=wechat, spread=0.0, digits=0, threshold=200, namespace=NS)
    lag = [(at("12:20"), at("13:50"))]
    w.series("mysql_slave_status_seconds_behind_master", "sc-mysql", "s",
             [(START, 0), (at("12:33"), 0), (at("12:36"), 45), (at("12:40"), 160), (at("13:00"), 860),
              (at("13:14"), LAG_PEAK), (at("13:15"), 1371), (at("13:25"), 700), (at("13:36"), 0), (REFERENCE, 0)],
             start=START, fine=lag, digits=0, threshold=60, instance="sc-mysql-02")
    node = [(at("13:50"), at("15:00"))]
    w.series("node_nf_conntrack_usage_percent", "sc-k8s-nodes", "%",
             [(START, 6.0), (at("14:00"), 7.0), (at("14:03"), 61.0), (at("14:05"), 96.0), (at("14:06"), 100.0),
              (at("14:42"), 100.0), (at("14:43"), 26.0), (at("14:50"), 9.0), (REFERENCE, 6.5)], start=START, fine=node,
             spread=0.0, digits=1, threshold=90, instance=BAD_NODE)
    for other in ("sc-k8s-node-02", "sc-k8s-node-09"):
        w.series("node_nf_conntrack_usage_percent", "sc-k8s-nodes", "%", [(START, 2.0), (at("19:00"), 3.4), (REFERENCE, 2.4)],
                 start=START, fine=node, spread=0.3, digits=1, threshold=90, instance=other)
    w.series("ocpp_forward_error_rate", "sc-ocpp-gateway", "%",
             [(START, 0.05), (at("14:05"), 0.05), (at("14:07"), 21.4), (at("14:20"), 31.8), (at("14:41"), 30.2),
              (at("14:45"), 3.0), (at("14:48"), 0.1), (at("18:52"), 0.1), (at("18:55"), 3.8), (at("19:16"), 3.5),
              (at("19:18"), 0.1), (REFERENCE, 0.05)], start=START, fine=node + [(at("18:45"), at("19:25"))], spread=0.02,
             digits=2, threshold=5, namespace=NS)
    w.series("ocpp_connected_chargers", "sc-ocpp-gateway", "台",
             [(START, 19612), (at("06:40"), 19590), (at("12:00"), 19634), (at("14:06"), 19630), (at("14:30"), 19244),
              (at("14:46"), 19321), (at("15:10"), 19622), (REFERENCE, 19618)], start=START, fine=node, spread=6, digits=0,
             namespace=NS)
    hold = [(at("15:00"), at("17:00"))]
    w.series("billing_orders_on_hold", "sc-billing-service", "笔",
             [(START, 2), (at("15:19"), 3), (at("15:31"), 52), (at("16:12"), 149), (at("16:20"), HOLD_PEAK),
              (at("16:25"), 158), (at("16:40"), 20), (at("16:48"), 2), (REFERENCE, 2)], start=START, fine=hold, digits=0,
             threshold=50, namespace=NS)
    series = [(at("07:30"), at("08:00")), (at("16:40"), at("17:00"))]
    w.series("influxdb_database_num_series", "sc-influxdb", "个",
             [(START, 612210), (at("07:40"), 612430), (at("09:00"), 655000), (at("12:00"), 768000), (at("15:04"), 899650),
              (at("15:05"), 900210), (at("16:00"), 952000), (at("16:48"), SERIES_LIMIT), (REFERENCE, SERIES_LIMIT)],
             start=START, fine=series, digits=0, threshold=900000, instance="sc-influx-01", database="meter")
    w.series("meter_points_dropped_per_min", "sc-meter-service", "点/分钟",
             [(START, 0), (at("16:48"), 0), (at("16:49"), 2400), (at("18:00"), 8800), (at("19:30"), 6100),
              (at("21:00"), 5200), (REFERENCE, 4300)], start=START, fine=series, spread=80, digits=0, threshold=1000,
             namespace=NS)
    mq = [(at("18:40"), at("19:30"))]
    w.series("rabbitmq_queue_messages_ready", "sc-rabbitmq", "条",
             [(START, 0), (at("09:31"), 0), (at("12:00"), 410000), (at("15:40"), 1000300), (at("18:00"), 2510000),
              (at("18:52"), 3391000), (at("18:54"), 3396500), (at("18:59"), 3404100), (at("19:04"), 3409800),
              (at("19:09"), 3414900), (at("19:14"), MQ_BACKLOG_PEAK),
              (at("19:15"), 0), (REFERENCE, 0)], start=START, fine=mq, digits=0, threshold=1000000,
             queue="dw.session.events", vhost="/")
    w.series("rabbitmq_node_mem_used", "sc-rabbitmq", "GiB",
             [(START, 1.1), (at("09:31"), 1.2), (at("15:40"), 3.1), (at("18:00"), 5.3), (at("18:52"), 6.41),
              (at("18:53"), 6.3), (at("18:54"), 6.41), (at("18:58"), 6.4), (at("19:14"), 6.42), (at("19:16"), 2.9),
              (REFERENCE, 1.4)], start=START, fine=mq, spread=0.0, digits=2, threshold=6.4, instance="sc-mq-02")
    w.series("session_start_failure_rate", "sc-session-service", "%",
             [(START, 0.6), (at("18:52"), 0.6), (at("18:53"), 41.0), (at("19:05"), 78.5), (at("19:16"), 66.0),
              (at("19:17"), 6.0), (at("19:20"), 0.7), (REFERENCE, 0.6)], start=START, fine=mq, spread=0.2, digits=1,
             threshold=5, namespace=NS)
    dr = [(at("19:20"), at("21:10"))]
    w.series("charging_power_avg_kw", "sc-session-service", "kW",
             [(START, 48.0), (at("07:30"), 56.0), (at("12:00"), 58.0), (at("18:00"), 54.0), (at("19:29"), 55.2),
              (at("19:31"), 19.4), (at("20:30"), 18.6), (at("21:00"), 18.1), (at("21:02"), 51.0), (REFERENCE, 49.0)],
             start=START, fine=dr, spread=0.3, digits=1, namespace=NS, area="福田,南山")
    w.series("dispatch_active_charging_profiles", "sc-energy-dispatch", "个",
             [(START, 0), (at("19:29"), 0), (at("19:31"), 1139), (at("21:00"), 1139), (at("21:01"), 0), (REFERENCE, 0)],
             start=START, fine=dr, digits=0, namespace=NS)
    w.series("http_5xx_rate", "sc-app-api", "%",
             [(START, 0.08), (at("10:10"), 0.1), (at("10:20"), 2.9), (at("11:17"), 2.7), (at("11:20"), 0.1),
              (at("14:06"), 0.1), (at("14:08"), 1.9), (at("14:45"), 1.7), (at("14:47"), 0.1), (at("18:53"), 0.1),
              (at("18:55"), 3.4), (at("19:16"), 3.1), (at("19:18"), 0.1), (REFERENCE, 0.08)], start=START,
             fine=crawler + node + mq, spread=0.03, digits=2, threshold=5, namespace=NS)
    # The healthy ones.
    for service, p99, threshold in (("sc-fleet-api", 180, 1000), ("sc-user-service", 90, 800)):
        w.series("http_5xx_rate", service, "%", [(START, 0.04), (at("08:00"), 0.2), (at("10:10"), 0.12), (REFERENCE, 0.05)],
                 start=START, spread=0.03, digits=2, threshold=5, namespace=NS)
        w.series("http_p99_latency", service, "ms", [(START, p99 - 50), (at("08:10"), p99 + 90), (at("13:40"), p99 + 30),
                                                      (at("18:50"), p99 + 110), (REFERENCE, p99 - 20)],
                 start=START, spread=10, digits=0, threshold=threshold, namespace=NS)
    w.series("sms_send_failure_rate", "sc-user-service", "%", [(START, 0.8), (at("13:30"), 1.1), (REFERENCE, 0.9)],
             start=START, spread=0.3, digits=1, threshold=10, namespace=NS)


# --- Runbooks --------------------------------------------------------------------------------------------------
def symptom_runbook(title: str, symptoms: list[str], causes: list[str], steps: list[str], remedies: list[str]) -> str:
    """A runbook in the ops team's own layout: 现象 / 常见原因 / 排查步骤 / 处理方案."""
    def bullets(items: list[str]) -> str:
        return "\n".join(f"- {item}" for item in items)

    numbered = "\n".join(f"{i}. {step}" for i, step in enumerate(steps, 1))
    return (f"# {title}\n\n## 现象\n\n{bullets(symptoms)}\n\n## 常见原因\n\n{bullets(causes)}\n\n## 排查步骤\n\n{numbered}\n\n"
            f"## 处理方案\n\n{bullets(remedies)}\n")


RUNBOOKS: list[tuple[str, str, str]] = [
    ("runbooks/node-conntrack-full.md", "节点 conntrack 表满导致网络异常处理手册", symptom_runbook(
        "节点 conntrack 表满导致网络异常处理手册",
        ["同一节点上的多个 Pod 同时出现新建连接超时（dial tcp … i/o timeout、connect ETIMEDOUT），其他节点上的同服务 Pod 正常。",
         "节点内核日志刷 `nf_conntrack: table full, dropping packet`，node-problem-detector 上报 ConntrackFull 事件。",
         "就绪探针失败，Pod 被摘出 Service。"],
        ["节点上有 Pod 大量创建短连接（不复用连接的批量上报、爬取、压测），TIME_WAIT 条目占满 conntrack 表。",
         "节点的 net.netfilter.nf_conntrack_max 过小（新节点镜像没有调优 sysctl）。", "大量 UDP（DNS）查询。"],
        ["按节点聚合报错：`kubectl get pod -o wide` 看报错的 Pod 是否集中在同一个节点。",
         "在节点上执行 `conntrack -C` 与 `sysctl net.netfilter.nf_conntrack_max`，和其他节点对比。",
         "`conntrack -L | awk '{print $5}' | sort | uniq -c | sort -rn | head` 找出连接最多的源 Pod IP，对应到 Pod。"],
        ["先止血：停掉制造短连接的任务（kubectl delete job / 缩容），或把受影响服务的 Pod 驱逐到其他节点（cordon + delete pod）。",
         "临时调大 nf_conntrack_max（sysctl -w），并把调优写进节点池的初始化配置。",
         "批量上报类任务改用连接池（requests.Session / keep-alive），控制并发。"])),
    ("runbooks/rabbitmq-memory-alarm.md", "RabbitMQ 内存告警与发布端阻塞处理手册", symptom_runbook(
        "RabbitMQ 内存告警与发布端阻塞处理手册",
        ["RabbitMQ 日志出现 `memory resource limit alarm set`、`Publishers will be blocked until this alarm clears`。",
         "生产者日志出现 `Connection blocked`、发布超时；依赖发布消息的接口整体变慢或失败，消费者侧一切正常。"],
        ["某个队列长时间没有消费者或消费很慢，消息堆积在经典队列里占满内存。",
         "新建的队列/绑定把高频 exchange 的消息全部复制了一份（routing key #）。", "内存水位设置过低、节点内存被其他进程占用。"],
        ["`rabbitmqctl list_queues name messages_ready consumers memory` 找到消息多、消费者为 0 的队列。",
         "查这个队列是谁、什么时候创建的（管理界面审计、变更单）。", "确认告警节点，确认是否在反复 set / clear（水位附近抖动）。"],
        ["和队列负责人确认后清空或删除无人消费的队列（purge_queue / delete_queue），告警解除后发布端自动恢复。",
         "给非核心队列设置 x-max-length / 消息 TTL，或改用 lazy 队列，避免堆积拖垮整个集群。",
         "新增队列与绑定走变更流程，消费端上线后再绑定。"])),
    ("runbooks/influxdb-series-limit.md", "InfluxDB 序列数超限写入失败处理手册", runbook(
        "InfluxDB 序列数超限写入失败处理手册",
        "适用于 InfluxDB 1.x 写入返回 `partial write: max-series-per-database limit exceeded`，新的序列无法写入，已有序列照常写入。",
        ["**InfluxDBSeriesNearLimit**：库的序列数超过上限的 90%。", "**MeterWriteErrorsHigh**：计量点写入被丢弃超过 1000 点/分钟。"],
        ["看 influxdb_database_num_series 曲线从什么时候开始陡增，和发布、新功能对齐。",
         "`SHOW TAG KEYS` 与 `SHOW SERIES CARDINALITY` 找出基数最高的 tag（会话 id、订单号、时间戳等不该做 tag 的字段）。",
         "确认被丢弃的是哪些序列（新会话的曲线没有数据）。"],
        ["把高基数字段（transaction id、session id、用户 id）写成 tag 而不是 field。", "新接入大量设备。"],
        ["回滚引入高基数 tag 的版本，或把该字段改为 field。",
         "与数据方确认后 DROP SERIES 清理高基数序列，必要时临时调大 max-series-per-database（需评估内存）。",
         "丢失的曲线数据可从 RabbitMQ 重放或从桩端补采。"])),
    ("runbooks/payment-notify-verify.md", "支付回调验签失败处理手册", symptom_runbook(
        "支付回调验签失败处理手册",
        ["用户已付款但钱包未到账、订单停留在支付中；支付通道日志出现验签失败，回调返回 401/FAIL，微信/支付宝持续重试。"],
        ["微信支付平台证书更换（新序列号），本地没有新证书：证书从文件加载、未开启自动更新。",
         "商户 APIv3 密钥被修改，回调报文解密失败。", "支付宝公钥/证书模式切换后本地仍用旧公钥。"],
        ["看回调请求头 Wechatpay-Serial 与本地已加载证书的序列号是否一致。",
         "调用 GET /v3/certificates 查看微信当前的平台证书列表与生效时间；查商户平台公告。",
         "确认 APIv3 密钥最近是否被改过。"],
        ["下载新的平台证书（CertificateDownloader）并热加载，或开启自动更新证书。",
         "恢复后运行查单补偿任务，把支付中超过 5 分钟的订单主动查单入账；微信会按重试策略补发回调。"])),
    ("runbooks/partner-ip-whitelist.md", "第三方接口鉴权失败（IP 白名单 / 签名）处理手册", symptom_runbook(
        "第三方接口鉴权失败（IP 白名单 / 签名）处理手册",
        ["调用发票、短信、监管平台等外部接口全部失败，返回“IP 不在白名单”“签名错误”，接口本身可达。"],
        ["集群出口 IP 变化（NAT 网关 SNAT 地址、EIP 更换、出口切换到新的带宽包），对方白名单里只有旧 IP。",
         "对方轮换了 AppSecret / 证书。", "本机时间偏差导致签名过期。"],
        ["在 Pod 里 `curl -s ifconfig.me` 确认当前出口 IP，与对方白名单对比。",
         "查云上操作审计（ActionTrail）里 NAT 网关、EIP 的最近变更。", "对照对方返回码文档确认是 IP 还是签名问题。"],
        ["联系对方把新的出口 IP 加入白名单（旧 IP 保留到切换完成）；紧急情况下把 SNAT 改回原 EIP。",
         "出口 IP 变更前梳理依赖白名单的外部系统，提前报备。", "恢复后重试积压的请求。"])),
    ("runbooks/abnormal-traffic-crawler.md", "异常流量与爬虫处理手册", symptom_runbook(
        "异常流量与爬虫处理手册",
        ["某个公开接口（找桩、站点详情、价格）请求量突然成倍上涨，数据库 CPU 打满，正常用户变慢或报错；"
         "自动扩容后依然没有好转。"],
        ["爬虫或竞品抓取：无登录态、固定 UA（okhttp、python-requests）、来自云厂商 IP 段、按经纬度网格遍历。",
         "客户端版本 bug 导致的重试风暴。", "营销活动带来的真实流量。"],
        ["按来源 IP 段、UA、是否携带 token 聚合最近 10 分钟的访问日志。",
         "看请求参数是否有规律（经纬度等步长递增、分页遍历）。", "确认近期是否有活动或客户端发版。"],
        ["在 APISIX 上对该路由加 limit-req / limit-count，封禁异常 IP 段，匿名访问要求签名或 key-auth。",
         "对热点查询加缓存，避免每个请求都查 PostGIS。", "必要时联系法务与安全团队取证。"])),
    ("runbooks/mysql-replication-lag.md", "MySQL 主从复制延迟处理手册", runbook(
        "MySQL 主从复制延迟处理手册",
        "适用于从库 Seconds_Behind_Master 持续上涨，读从库的业务看到旧数据（状态不更新、刚产生的订单查不到）。",
        ["**MySQLReplicationLagHigh**：从库复制延迟超过 60 秒。"],
        ["`SHOW REPLICA STATUS\\G` 看 Seconds_Behind_Master、SQL 线程正在执行的事务。",
         "查主库同一时间的大事务：批量 DELETE / UPDATE、归档任务（pt-archiver）、DDL。",
         "看从库 worker 是否在等待（Multi-threaded replica statistics 中的 waited 计数）。"],
        ["主库执行大事务（一次删除/更新几万行），ROW 格式 binlog 在从库回放很慢。", "从库机器性能不足或有慢查询争用 IO。",
         "并行复制配置不当。"],
        ["停止或限速主库上的大事务（pt-archiver 调小 --txn-size、加 --sleep，放到凌晨低峰）。",
         "延迟期间把对一致性敏感的读请求临时切到主库。", "延迟追平后确认业务数据一致。"])),
    ("runbooks/container-cpu-throttling.md", "容器 CPU 限流（CFS throttling）处理手册", runbook(
        "容器 CPU 限流（CFS throttling）处理手册",
        "适用于容器 CPU 使用量贴着 limit、container_cpu_cfs_throttled 周期占比高，接口延迟随业务高峰上涨而节点 CPU 并不忙。",
        ["**CPUThrottlingHigh**：被限流的 CFS 周期占比超过 25%。"],
        ["看 container_cpu_usage 是否贴着 limit，限流占比从什么时候开始升高。",
         "查最近谁改了 resources（发布、资源治理工具、手工 patch）。",
         "Go 服务确认 GOMAXPROCS 是否等于节点核数（未使用 automaxprocs 时会远大于 limit）。"],
        ["limit 被调低（按低峰期用量推荐的规格），高峰期不够用。", "GOMAXPROCS / JVM 线程数与 limit 不匹配，突发调度被限流。"],
        ["恢复 limit，并把该服务排除出自动调整（或改用按高峰用量推荐）。",
         "Go 服务引入 automaxprocs 或设置 GOMAXPROCS 与 limit 一致。"])),
    ("runbooks/billing-amount-anomaly.md", "计费金额异常与订单挂起处理手册", symptom_runbook(
        "计费金额异常与订单挂起处理手册",
        ["计费服务大量订单因单价超限被挂起（ON_HOLD），用户投诉账单金额异常、订单一直待结算。"],
        ["电价方案录入错误：服务费或电价单位填错（分/元）、峰谷时段错位。", "桩端上报的电量异常（表计翻转、meterStop 错误）。",
         "优惠券叠加计算错误。"],
        ["按挂起订单聚合：集中在哪些站点、哪个电价方案及版本。", "对比该方案最近的导入/发布记录与上一版本的单价。",
         "抽查几单的 meterStart / meterStop 与桩端上报是否一致。"],
        ["发布更正后的方案版本；已按错误版本锁价的会话用重算任务（re-rate）按新版本重算并释放挂起订单。",
         "电价导入增加单位校验与审批，超过阈值的价格禁止发布。"])),
    ("runbooks/demand-response.md", "需求响应（有序充电）期间功率受限说明", symptom_runbook(
        "需求响应（有序充电）期间功率受限说明",
        ["某一区域大量用户反馈充电慢、功率上不去，桩本身无故障，会话平均功率明显低于基线。"],
        ["虚拟电厂管理平台下发需求响应（削峰）指令，有序充电服务按目标给桩下发了功率上限（SetChargingProfile）。",
         "站点变压器负载过高，本地负荷管理限功率。", "车辆 BMS 自身限功率（低温、高 SoC）。"],
        ["查有序充电服务在该时段是否收到需求响应指令、下发了哪些 ChargingProfile。",
         "看桩上报的 Power.Offered 是否等于下发的限值。", "确认响应结束时间与 ClearChargingProfile 是否下发成功。"],
        ["需求响应为合同约定的强制响应，期间不要手工解除限功率；由客服按统一口径答复用户。",
         "响应结束后确认限值全部清除、功率恢复。"])),
    ("runbooks/charger-batch-offline.md", "充电桩批量离线处理手册", symptom_runbook(
        "充电桩批量离线处理手册",
        ["同一站点或同一区域的桩大批量离线，网关上连接数下降，App 显示“桩离线”。"],
        ["站点停电或配电检修。", "站点 4G 路由器 / 物联卡欠费或流量用尽。", "桩厂商固件问题导致心跳异常。"],
        ["看离线桩是否集中在同一站点、同一厂商、同一固件版本。", "联系站点运维确认供电与网络。",
         "在物联卡平台查询卡状态与流量。"],
        ["物联卡续费/更换，重启站点路由器。", "联系运营商排查基站故障。", "固件问题联系厂商远程回滚。"])),
    ("runbooks/db-connection-pool.md", "数据库连接池耗尽处理手册", runbook(
        "数据库连接池耗尽处理手册",
        "适用于应用报 HikariPool - Connection is not available, request timed out，连接池 active 长时间等于上限。",
        ["**DBConnectionPoolExhausted**：应用连接池 active 等于上限超过 1 分钟。"],
        ["看连接池 active / idle / waiting 指标。", "找出长时间占用连接的慢 SQL、长事务与未归还的连接。"],
        ["代码没有归还连接（连接泄漏）。", "长事务占用连接。", "批量任务与在线流量共用连接池。"],
        ["开启 leakDetectionThreshold 定位未归还连接的代码。", "数据库空闲时可临时调大 maximumPoolSize。"])),
    ("runbooks/sms-send-failure.md", "短信验证码发送失败处理手册", runbook(
        "短信验证码发送失败处理手册",
        "适用于登录短信发送失败率升高、用户收不到验证码。",
        ["**SmsSendFailureRateHigh**：短信发送失败率超过 10%。"],
        ["按运营商、模板统计失败码。", "确认签名与模板审核状态、账户余额。"],
        ["短信服务商通道故障。", "模板或签名被驳回。", "单号码发送频率超限。"],
        ["切换备用短信通道。", "联系服务商确认通道状态。"])),
]


def build_bundle(seed: int = SEED) -> Json:
    w = WorldBuilder(seed=seed, day=DAY, tz=TZ, reference=REFERENCE, instances=INSTANCES,
                     labels={"env": "prod", "cluster": "sc-sz-prod"})
    for service, (make, every) in NOISE.items():
        quiet = [WINDOWS[name] for name in QUIET.get(service, [])]
        w.noise(service, make, START, every_s=every, quiet=quiet)
    tariff_throttle(w)
    invoice_whitelist(w)
    station_crawler(w)
    wechat_certificate(w)
    replica_lag(w)
    conntrack_node(w)
    tariff_unit(w)
    series_limit(w)
    rabbit_memory(w)
    demand_response(w)
    other_changes(w)
    k8s_state(w)
    build_metrics(w)
    documents = [{"title": title, "source": source, "content": content} for source, title, content in RUNBOOKS]
    return w.bundle(name="ShanChong 闪充能源 2026-12-14", services=SERVICES, documents=documents)


# --- Questions ---------------------------------------------------------------------------------------------
#: Each incident's words from the side of its cause (and its signature): in another incident's answer, a
#: misattribution. Words that sit in the evidence of the service asked about are not used for it (the tests check).
FAMILY = {
    "throttle": ("kube-rightsizer", "CPUThrottlingHigh"),
    "whitelist": ("ModifySnatEntry", "CHG-20261214-0007"),
    "crawler": (CRAWLER_UA, "SEC-20261214-02"),
    "wechat": ("6C1D9E2F47A0B3158E2D6F44A901C7E3", "平台证书"),
    "replica": ("pt-archiver", "Seconds_Behind_Master"),
    "conntrack": ("nf_conntrack", BAD_NODE),
    "tariff": ("yunying_chenmo", "峰谷电价.xlsx"),
    "series": ("max-series-per-database", "partial write"),
    "rabbit": ("dw.session.events", "vm_memory_high_watermark"),
    "dr": ("DR-SZ-20261214-19", "需求响应"),
}
#: The remedies of the runbooks for problems that did not happen.
UNRELATED_REMEDIES = ("物联卡", "maximumPoolSize", "备用短信通道")
FIRING = ("StationOfflineLong", "InfluxDBSeriesNearLimit", "MeterWriteErrorsHigh")
INCIDENT_WORDS = tuple(word for words in FAMILY.values() for word in words)


def _not(*own: str) -> tuple[str, ...]:
    """The other incidents' words, plus the unrelated runbooks' remedies."""
    return tuple(word for family, words in FAMILY.items() if family not in own for word in words) + UNRELATED_REMEDIES


QUESTIONS: tuple[WorldQuestion, ...] = (
    WorldQuestion(
        "charging_invoice_morning_cause",
        "早上九点多开始电子发票一张都开不出来，计费服务一直在报错，这是咋回事？", "cause",
        asked_facts=(fact("不在白名单", "白名单", "whitelist", "E1203"),),
        cause_facts=(fact("ModifySnatEntry", "SNAT", "CHG-20261214-0007", "出口 IP", "出口IP", "NAT 网关", "NAT网关",
                          "EIP"),),
        forbidden=_not("whitelist"), service="sc-billing-service",
        diagnosis="09:20:14 网络组把 NAT 网关的 SNAT 地址换成新 EIP 39.106.211.74（ModifySnatEntry，CHG-20261214-0007 出口带宽扩容），"
                  "发票云只认旧出口 IP → 计费服务开票全部返回 E1203 调用方IP 39.106.211.74 不在白名单内，积压 1846 张；10:37 对方加白名单"
                  "（工单 FPY-77120）后恢复，10:58 积压清完。08:30 的 3.9.2 发布与此无关",
    ),
    WorldQuestion(
        "charging_billing_hold_afternoon_cause",
        "下午三点多以后一堆订单卡在待结算，还有用户说账单金额离谱得吓人，计费那边啥情况？", "cause",
        asked_facts=(fact("ON_HOLD", "sanity", "人工审核", "挂起"),),
        cause_facts=(fact("TP-SZ-NS-2027Q1"), fact("80.00", "yunying_chenmo", "峰谷电价.xlsx", "服务费单位", "分 -> 元")),
        forbidden=_not("tariff"), service="sc-billing-service",
        diagnosis="15:02 运营 yunying_chenmo 从 Excel 导入南山 2027Q1 电价方案 TP-SZ-NS-2027Q1 v1，服务费列按分填写却按元导入"
                  "（峰时 80.00 元/kWh）→ 15:05 起这 46 个站点启动的会话锁定了错误单价，结束后计费单价约 81 元/kWh，超过 5 元上限被"
                  "挂起（ON_HOLD，最多 163 笔）；16:12 发布 v2 更正单位，16:25 重算任务释放挂起订单。与上午的开票白名单故障无关",
    ),
    WorldQuestion(
        "charging_gateway_start_cause",
        "下午两点多开始有一批桩扫码启动不了，网关日志里都是转发超时，可别的桩又都正常，这是怎么了？", "cause",
        asked_facts=(fact("i/o timeout", "dial tcp", "转发超时", "InternalError"),),
        cause_facts=(fact(BAD_NODE, "node-06"), fact("nf_conntrack", "conntrack", "table full")),
        forbidden=_not("conntrack"), service="sc-ocpp-gateway",
        diagnosis="14:00 监管上报 CronJob sc-meter-regulator-report 的 Pod 调度到 sc-k8s-node-06，每条记录新建一个 HTTPS 连接（64 并发），"
                  "该节点 nf_conntrack_max 只有 262144（12-11 新加入的节点镜像未调优）→ 14:06 起 nf_conntrack: table full, dropping "
                  "packet → 只有这台节点上的 2 个网关 Pod（和 1 个 App 后端 Pod）新建连接失败，转发 StartTransaction/Authorize 到会话服务 "
                  "dial tcp … i/o timeout，对应的桩启动失败；14:41 删除 Job、14:42 调大 conntrack_max 后恢复。13:40 的心跳间隔配置与此无关",
    ),
    WorldQuestion(
        "charging_wechat_topup_cause",
        "今天十一点多开始好多用户反馈微信充值付了钱，余额一直不到账，支付通道那边查下原因", "cause",
        asked_facts=(fact("验签失败", "verify failed", "验签"),),
        cause_facts=(fact("6C1D9E2F47A0B3158E2D6F44A901C7E3", "平台证书", "platform certificate", "证书序列号"),),
        forbidden=_not("wechat"), service="sc-pay-adapter",
        diagnosis="微信支付 11:00 起用新的平台证书（序列号 6C1D9E2F…）签名回调，支付通道的平台证书从本地文件加载、未开启自动更新（06:00 的"
                  "证书检查已经告警过），11:01:30 起每个回调都验签失败、返回 401，钱包不入账（支付中订单最多 1260 笔）；11:46 下载新证书热加载，"
                  "11:50 查单补偿与微信重试补齐。10:20 的支付宝超时配置与此无关",
    ),
    WorldQuestion(
        "charging_meter_curve_cause",
        "下午五点以后新开的单，App 里充电曲线全是空的，到现在都没好，计量服务到底怎么了？", "cause",
        asked_facts=(fact("max-series-per-database", "partial write", "序列数上限"),),
        cause_facts=(fact("2.8.0"), fact("txn", "transaction id", "高基数", "基数")),
        forbidden=_not("series"), service="sc-meter-service",
        diagnosis="07:40 发布的 sc-meter-service 2.8.0 给计量点加了 txn（交易号）tag，每个会话、每个指标都新增一条 InfluxDB 序列，库 meter "
                  "的序列数从 61 万涨到 16:48 触顶 max-series-per-database 1000000 → 之后新会话的点写入 partial write 被丢弃，App 曲线为空；"
                  "至今未修复（MeterWriteErrorsHigh 仍在告警）。16:30 的 batch-size 配置不是原因",
    ),
    WorldQuestion(
        "charging_session_evening_cause",
        "晚上七点那会儿 App 上点启动充电一直转圈，最后提示启动失败，充电会话服务那边怎么了？", "cause",
        asked_facts=(fact("connection blocked", "low on memory", "blocked", "阻塞"),),
        cause_facts=(fact("memory resource limit alarm", "vm_memory_high_watermark", "RabbitMQMemoryAlarm", "内存告警",
                          "内存水位"),
                     fact("dw.session.events")),
        forbidden=_not("rabbit"), service="sc-session-service",
        diagnosis="09:31 数据团队为数仓试点新建队列 dw.session.events 并用 # 绑定 session.events，消费端一直没上线 → 消息堆到 341 万条，"
                  "18:52 rabbit@sc-mq-02 触发 memory resource limit alarm（反复 set/clear），集群阻塞所有发布者 → 会话服务发布会话事件超时"
                  "（connection blocked: low on memory），启动失败率最高 78.5%；19:14 清空该队列、19:16 告警解除后恢复。18:20 的 4.11.3 发布不是原因",
    ),
    WorldQuestion(
        "charging_slow_power_evening_cause",
        "晚上七点半以后好多车主说充电特别慢，快充桩功率死活上不去，是桩坏了还是咋回事？", "cause",
        asked_facts=(fact("SetChargingProfile", "ChargingProfile", "7.0 kW", "限功率", "功率上限"),),
        cause_facts=(fact("DR-SZ-20261214-19", "需求响应", "虚拟电厂", "削峰"),),
        forbidden=_not("dr"),
        diagnosis="19:25 深圳虚拟电厂管理平台下发需求响应削峰指令 DR-SZ-20261214-19（19:30–21:00，福田、南山，目标 4.8MW），有序充电服务给 "
                  "38 个站点 1146 个枪下发 SetChargingProfile 限 7.0 kW → 区域在充会话平均功率从约 55kW 降到 19kW；桩没有故障，21:00 "
                  "ClearChargingProfile 后恢复。17:10 的预测时长配置与此无关",
    ),
    WorldQuestion(
        "charging_app_stale_status_cause",
        "中午一点前后好多用户说充完电了 App 还显示充电中，订单列表里也找不到刚结束的单，App 后端怎么回事？", "cause",
        asked_facts=(fact("Seconds_Behind_Master", "seconds_behind_master", "复制延迟", "主从延迟", "从库延迟",
                          "replication lag"),),
        cause_facts=(fact("pt-archiver", "归档"),),
        forbidden=_not("replica"), service="sc-app-api",
        diagnosis="12:32 DBA 在主库 sc-mysql-01 跑 pt-archiver 年度归档（每个事务 2 万行）→ App 后端读的从库 sc-mysql-02 复制延迟一路涨到 "
                  "1386 秒（13:14）→ 已结束的会话在 App 里仍显示充电中、订单查不到，用户重复点停止得到 409 SESSION_ALREADY_STOPPED；"
                  "13:15 停掉归档后 13:36 追平。11:50 的 App 后端 5.3.0 发布不是原因",
    ),
    WorldQuestion(
        "charging_nearby_rate_quantity", "上午找附近电站那个接口，访问量最高冲到每秒多少？", "quantity",
        asked_facts=(fact(str(NEARBY_PEAK)),), forbidden=_not("crawler"), service="sc-station-map",
        peak=Peak("sc-station-map", "station_nearby_requests_per_sec", NEARBY_PEAK),
        diagnosis="station_nearby_requests_per_sec 峰值 2630 次/秒（10:41），平时约 190；主要是 47.100/47.101 网段 okhttp/4.9.3 "
                  "的爬虫，11:18 限流封禁后回落",
    ),
    WorldQuestion(
        "charging_replica_lag_quantity", "中午订单数据不同步那阵，从库最长延迟了多久？", "quantity",
        asked_facts=(fact(str(LAG_PEAK)),), forbidden=_not("replica"), service="sc-mysql",
        peak=Peak("sc-mysql", "mysql_slave_status_seconds_behind_master", LAG_PEAK),
        diagnosis="mysql_slave_status_seconds_behind_master 峰值 1386 秒（13:14，约 23 分钟）；MySQLReplicationLagHigh 触发时的值 112s 不是峰值",
    ),
    WorldQuestion(
        "charging_mq_backlog_quantity", "晚上七点那会儿 MQ 里最多积压了多少条消息没人消费？", "quantity",
        asked_facts=(fact(str(MQ_BACKLOG_PEAK)),), forbidden=_not("rabbit"), service="sc-rabbitmq",
        peak=Peak("sc-rabbitmq", "rabbitmq_queue_messages_ready", MQ_BACKLOG_PEAK),
        diagnosis="队列 dw.session.events 的 rabbitmq_queue_messages_ready 峰值 3418226 条（19:14，清空之前）；"
                  "RabbitMQQueueMessagesHigh 触发时是 1000300",
    ),
    WorldQuestion(
        "charging_fleet_healthy", "车队接口上午十点刚发过版，今天它有没有告警或者报错？", "existence",
        asked_facts=(HEALTHY,), forbidden=INCIDENT_WORDS, service="sc-fleet-api", healthy=True,
        diagnosis="没有：只有车辆、会话查询与同步的 INFO 和 API key 失效之类的 WARN，5xx 最高约 0.2%（阈值 5%），p99 远低于 1000ms，"
                  "无告警；10:05 的 2.14.0 发布后一切正常",
    ),
    WorldQuestion(
        "charging_user_healthy", "用户中心下午改过短信验证码的配置，它现在正常吧？有没有报过警？", "existence",
        asked_facts=(HEALTHY,), forbidden=INCIDENT_WORDS, service="sc-user-service", healthy=True,
        diagnosis="正常：没有告警，5xx 与短信发送失败率都远低于阈值；13:30 的每日短信上限 10 -> 8 配置后没有异常",
    ),
    WorldQuestion(
        "charging_tariff_throttle_existence", "电价服务早上有没有报过 CPU 被限流的告警？", "existence",
        asked_facts=(fact("CPUThrottlingHigh"),), forbidden=_not("throttle", "tariff"), service="sc-tariff-service",
        diagnosis="有：CPUThrottlingHigh 07:32 触发（52.3%，阈值 25%），09:15 恢复；原因是 02:15 kube-rightsizer 把 CPU limit 从 2 "
                  "调到 500m（RS-20261214-017），早高峰被 CFS 限流（最高 86.4%），09:08 恢复 limit",
    ),
    WorldQuestion(
        "charging_alert_listing", "现在还有哪些告警没恢复？帮我列一下。", "listing",
        asked_facts=tuple(fact(name) for name in FIRING), forbidden=("sc-fleet-api", "sc-user-service"),
        diagnosis="3 条：StationOfflineLong（龙岗坂田站 4G 路由器故障，昨天 16:20 起，与今天的故障无关）、InfluxDBSeriesNearLimit（15:05 起）"
                  "与 MeterWriteErrorsHigh（16:50 起，计量点写入被丢弃，至今未修复）；其余告警都已恢复",
    ),
    WorldQuestion(
        "charging_tariff_changes_listing", "电价服务今天都动过些什么？配置、资源调整、电价发布都算上。", "listing",
        asked_facts=(fact("RS-20261214-017", "kube-rightsizer", "limits 2 -> 500m"), fact("quote.cache.ttl-seconds"),
                     fact("rightsizer.shanchong.io/skip", "cpu limits 500m -> 2"), fact("TP-SZ-NS-2027Q1 v1"),
                     fact("TP-SZ-NS-2027Q1 v2")),
        forbidden=_not("throttle", "tariff"), service="sc-tariff-service",
        diagnosis="五次：02:15 kube-rightsizer 把 CPU limit 2 -> 500m（RS-20261214-017）、06:50 quote.cache.ttl-seconds 60 -> 120、"
                  "09:08 恢复 limit 并加 rightsizer.shanchong.io/skip、15:02 导入 TP-SZ-NS-2027Q1 v1（服务费单位错误）、16:12 发布 v2 更正",
    ),
)

WORLD = World(name=NAME, title="ShanChong 闪充能源（电动汽车充电运营平台）", build=build_bundle, questions=QUESTIONS)
