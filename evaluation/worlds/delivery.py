"""World "delivery": 快送外卖 QuickBite, a food-delivery platform (``qb-*`` services: Java and Go on
Kubernetes plus a few virtual machines), seen on 2026-12-03 from 07:00 to the reference time 13:00
(+08:00). Nothing here was written for the offline agents; five incidents of families neither the
demo nor the other worlds have, in ordinary noise:

(1) 07:05:18        qb-merchant-service: config-sync applies MR !2231 to ``/etc/logrotate.d/qb-merchant``
                    (``compress -> nocompress``, ``rotate 24 -> 72``) → the hourly rotated access logs stay
                    raw and the ``/data`` volume of qb-merchant-vm-01 fills: ``disk_usage_percent`` crosses
                    90 at 09:05, peaks at 99.7% at 09:40;
    09:31–09:50     image uploads fail with ``java.io.IOException: No space left on device`` (500s); ops
                    delete the raw rotated logs at 09:50:41 and revert the config at 10:02:15.
(2) 08:05:40        qb-ops-audit: ops_zhaolei stops and disables ``chronyd`` on qb-node-07 for a firmware
                    upgrade (ticket MT-20261203-007); the node reboots with its clock 94 s behind;
    08:16–08:57     the qb-account-service pod there (…-t6wzr) rejects fresh JWTs: ``token used before
                    issued`` → 401, users are sent back to the login page; skew peaks at 94.37 s (08:56);
                    ``chronyc makestep`` at 08:57:30.
(3) 10:12:31        coredns: ConfigMap kube-system/coredns (CHG-20261203-0031) changes ``forward .
                    /etc/resolv.conf`` to public resolvers ``223.5.5.5 223.6.6.6``, which do not know the
                    private zone ``qb.internal`` → NXDOMAIN;
    10:13–10:47     qb-rider-dispatch cannot resolve ``geo.qb.internal`` (qb-geo-service): ``lookup
                    geo.qb.internal on 10.96.0.10:53: no such host`` → dispatch fails; rolled back 10:47:52.
(4) 11:05:40        qb-push-service 4.2.0 refreshes the vendor device token over HTTP before every send
                    (~600 ms/record): a 500-record batch takes > ``max.poll.interval.ms`` 300000 → consumer
                    poll timeout, LeaveGroup, CommitFailedException, rebalance storm from 11:11; lag of group
                    ``push-dispatcher`` peaks at 48213 at 12:36. ``max-poll-records`` 500 -> 100 at 12:30:20
                    stops the storm; rollback to 4.1.3 at 12:36:30 drains the lag (still above 10000 at 13:00).
(5) 12:02:07 → now  qb-slb: listener ``lb-coupon-internal`` idle_timeout 60s -> 15s (CHG-20261203-0117); the
                    pricing service's Apache HttpClient pool keeps idle connections for 30 s → reused stale
                    connections get ``java.net.SocketException: Connection reset by peer`` → intermittent
                    502s of ``/api/v2/pricing/quote`` at qb-gateway. The qb-pricing-service 3.17.2 deploy at
                    12:31:05 is a decoy (after the resets began), as are qb-order-service's 09:10 config
                    change and qb-search-service's 12:44 deploy.

Healthy: qb-geo-service (the dispatcher blamed it; its own evidence is clean), qb-search-service,
qb-coupon-service (INFO noise only, 5xx well under the threshold, no alert).
Run ``python -m evaluation.worlds delivery`` to print the bundle.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from evaluation.worlds.common import Json, WorldBuilder, runbook
from evaluation.worlds.spec import HEALTHY, Peak, World, WorldQuestion, fact

NAME = "delivery"
SEED = 20261203
TZ = dt.timezone(dt.timedelta(hours=8))
DAY = dt.date(2026, 12, 3)
START = dt.datetime(2026, 12, 3, 7, 0, tzinfo=TZ)
REFERENCE = dt.datetime(2026, 12, 3, 13, 0, tzinfo=TZ)
NOISE_EVERY_S = 200

# --- The lines the questions are about (the tests find each one in the bundle) ----------------
LOGROTATE_CHANGE = ("config-sync: applied /etc/logrotate.d/qb-merchant from config-repo@3e9a7c1 (MR !2231 \"keep raw "
                    "access logs for audit\", author ops_liuyang): compress -> nocompress, rotate 24 -> 72")
LOGROTATE_REVERT = ("config-sync: applied /etc/logrotate.d/qb-merchant from config-repo@8b0d4e2 (revert MR !2231, "
                    "author ops_liuyang): nocompress -> compress, rotate 72 -> 24")
UPLOAD_ENOSPC = ("POST /api/v1/merchant/{mid}/dishes/{did}/image -> 500 (java.io.IOException: No space left on device) "
                 "tmp=/data/uploads/tmp/upload_{tmp}.part size={kb}KB")
LOGBACK_ENOSPC = ("ERROR in ch.qos.logback.core.rolling.RollingFileAppender[FILE] - IO failure in appender "
                  "java.io.IOException: No space left on device (/data/logs/qb-merchant/app.log)")
CHRONY_STOP = ('command: user=ops_zhaolei asset=qb-node-07 (10.0.3.27) cmd="systemctl stop chronyd && systemctl disable '
               'chronyd" ticket=MT-20261203-007 (BMC/BIOS firmware upgrade)')
CHRONY_FIX = ('command: user=ops_zhaolei asset=qb-node-07 (10.0.3.27) cmd="systemctl enable --now chronyd && chronyc '
              'makestep" ticket=MT-20261203-007')
JWT_REJECT = ("jwt validation failed: token used before issued (iat={iat} nbf={iat} now={now}) sub=u_{uid} kid=qb-2026-11 "
              "path={path} -> 401")
DNS_CHANGE = ('ConfigMap kube-system/coredns updated by ops_sunwei via kubectl apply (CHG-20261203-0031 "unify upstream '
              'resolvers"): Corefile forward . /etc/resolv.conf -> forward . 223.5.5.5 223.6.6.6')
DNS_ROLLBACK = ("ConfigMap kube-system/coredns updated by ops_sunwei via kubectl apply (rollback CHG-20261203-0031): "
                "Corefile forward . 223.5.5.5 223.6.6.6 -> forward . /etc/resolv.conf")
DISPATCH_DNS = ('dispatch order={order} failed: eta request: Post "http://geo.qb.internal:8080/v1/eta/batch": dial tcp: '
                'lookup geo.qb.internal on 10.96.0.10:53: no such host')
PUSH_DEPLOY = ("deploy finished: qb-push-service 4.2.0 (was 4.1.3) rolled out by ci-bot pipeline=#5531; changes: refresh "
               "vendor device token (HTTP) before every send")
PUSH_CONFIG = ("[apollo] config changed: namespace=push-dispatcher key=spring.kafka.consumer.max-poll-records old=500 "
               "new=100 releaseKey=20261203123020-5b7e operator=ops_hejun")
PUSH_ROLLBACK = ("deploy finished: qb-push-service 4.1.3 (was 4.2.0) rolled out by ops_hejun pipeline=#5549 (rollback); "
                 "changes: revert vendor device token refresh")
KAFKA_CLIENT = "[Consumer clientId=consumer-push-dispatcher-{n}, groupId=push-dispatcher] "
POLL_TIMEOUT = ("consumer poll timeout has expired. This means the time between subsequent calls to poll() was longer than "
                "the configured max.poll.interval.ms, which typically implies that the poll loop is spending too much time "
                "processing messages. You can address this either by increasing max.poll.interval.ms or by reducing the "
                "maximum size of batches returned in poll() with max.poll.records.")
LEAVE_GROUP = ("Member consumer-push-dispatcher-{n}-{member} sending LeaveGroup request to coordinator "
               "kafka-1.kafka-headless.mq.svc.cluster.local:9092 (id: 2147483646 rack: null) due to consumer poll timeout "
               "has expired.")
COMMIT_FAILED = ("failed to commit offsets of batch records=500 took={took}s: org.apache.kafka.clients.consumer."
                 "CommitFailedException: Offset commit cannot be completed since the consumer is not part of an active "
                 "group for auto partition assignment; it is likely that the consumer was kicked out of the group.")
LB_CHANGE = ('listener updated: lb-coupon-internal (10.40.2.15:80 -> qb-coupon-service) idle_timeout 60s -> 15s, applied by '
             'netops_chenlei via terraform apply (CHG-20261203-0117 "align idle timeout with security baseline")')
HTTP_RETRY = ("org.apache.http.impl.execchain.RetryExec - I/O exception (java.net.SocketException) caught when processing "
              "request to {}->http://10.40.2.15:80: Connection reset by peer")
QUOTE_RESET = ("quote failed cart={cart} city={city}: coupon check POST http://10.40.2.15:80/v1/coupons/check: "
               "java.net.SocketException: Connection reset by peer -> 502")
PRICING_DEPLOY = ("deploy finished: qb-pricing-service 3.17.2 (was 3.17.1) rolled out by ci-bot pipeline=#5547; changes: "
                  "late-night delivery surcharge copy text")
SEARCH_DEPLOY = ("deploy finished: qb-search-service 2.9.3 (was 2.9.2) rolled out by ci-bot pipeline=#5550; changes: "
                 "synonym dictionary update (奶茶/茶饮)")
ORDER_CONFIG = ("[apollo] config changed: namespace=order-core key=order.auto_cancel.unpaid_minutes old=15 new=20 "
                "releaseKey=20261203091012-c41d operator=pm_wuting")

SKEWED_POD = "qb-account-service-6d9b8c7f5-t6wzr"
MERCHANT_VM = "qb-merchant-vm-01"
DISK_PEAK = 99.7
LAG_PEAK = 48213
SKEW_PEAK = 94.37
CITIES = ["310100", "330100", "320100", "440300", "510100"]
DISHES = ["黄焖鸡米饭", "酸菜鱼", "麻辣香锅", "牛肉粉", "鸡排饭", "奶茶", "煲仔饭", "炸鸡"]
INSTANCES = {
    s: [f"{s}-{suffix}" for suffix in pods]
    for s, pods in {
        "qb-gateway": ("6f9d8c7b5-2mxkq", "6f9d8c7b5-9vz4h"),
        "qb-order-service": ("7c8d9b6f4-h3k8n", "7c8d9b6f4-w5q2r"),
        "qb-pricing-service": ("5b7c9d8f6-m2x7s", "5b7c9d8f6-p9k4t"),
        "qb-coupon-service": ("8d6f7c9b5-r8n2v",),
        "qb-rider-dispatch": ("9f7b6c8d5-c6j3x", "9f7b6c8d5-l4w9z"),
        "qb-push-service": ("6c9d7b8f5-a7k2m", "6c9d7b8f5-e3q8w", "6c9d7b8f5-u5z1p"),
        "qb-account-service": ("6d9b8c7f5-4kx2m", "6d9b8c7f5-9qpl7", "6d9b8c7f5-t6wzr"),
        "qb-search-service": ("7f8c6d9b5-g2v7k", "7f8c6d9b5-y8m3d"),
        "coredns": ("5d78c9869d-7xk2p", "5d78c9869d-rq4lw"),
    }.items()
}
INSTANCES |= {
    "qb-merchant-service": [MERCHANT_VM],
    "qb-geo-service": ["qb-geo-vm-01", "qb-geo-vm-02"],
    "qb-slb": ["lb-coupon-internal"],
    "qb-ops-audit": ["jumpserver-01"],
}
ACCOUNT_OK_PODS = INSTANCES["qb-account-service"][:2]
PUSH_PODS = INSTANCES["qb-push-service"]

SERVICES: list[Json] = [
    {"name": "qb-gateway", "aliases": ["网关", "API 网关"],
     "description": "App 与商家端的对外入口（Kong），转发到 qb-order-service、qb-pricing-service、qb-account-service、"
                    "qb-merchant-service、qb-search-service，上游超时 5s。"},
    {"name": "qb-order-service", "aliases": ["订单服务"],
     "description": "下单与订单状态机（Java）；下单时调用 qb-pricing-service 算价、qb-rider-dispatch 派单，"
                    "订单状态变更写入 Kafka topic order-status-events。"},
    {"name": "qb-pricing-service", "aliases": ["算价服务", "计价服务"],
     "description": "配送费与优惠计算（Java）；调用 qb-coupon-service 核销优惠券，经内网负载均衡 lb-coupon-internal"
                    "（10.40.2.15:80，由 qb-slb 管理），Apache HttpClient 连接池，keep-alive 30s。"},
    {"name": "qb-coupon-service", "aliases": ["优惠券服务"], "description": "优惠券查询与核销（Java）。"},
    {"name": "qb-merchant-service", "aliases": ["商家服务"],
     "description": "商家、菜单与菜品图片上传（Java，单台虚拟机 qb-merchant-vm-01）；图片先写本地数据盘 /data/uploads "
                    "再转存 OSS；访问日志在 /data/logs，由 logrotate 每小时切割。"},
    {"name": "qb-rider-dispatch", "aliases": ["骑手调度", "派单服务"],
     "description": "骑手派单（Go）；调用 qb-geo-service（内网域名 geo.qb.internal:8080）算 ETA 与距离；"
                    "Pod 的 DNS 为集群 CoreDNS 10.96.0.10。"},
    {"name": "qb-geo-service", "aliases": ["地理服务", "地图服务"],
     "description": "地理位置、路径规划与 ETA（Go），部署在 GIS 虚拟机 qb-geo-vm-01/02，内网域名 geo.qb.internal。"},
    {"name": "qb-push-service", "aliases": ["推送服务"],
     "description": "订单状态推送（Java）；消费 Kafka topic order-status-events（消费组 push-dispatcher，3 个实例，"
                    "max.poll.interval.ms=300000），调用 APNs、华为、小米推送通道。"},
    {"name": "qb-account-service", "aliases": ["账号服务", "登录服务", "用户服务"],
     "description": "登录与 JWT 签发/校验（Go，HS256，leeway=0），3 个副本分别在节点 qb-node-03、qb-node-05、qb-node-07。"},
    {"name": "qb-search-service", "aliases": ["搜索服务"], "description": "商家与菜品搜索（Java，Elasticsearch）。"},
    {"name": "coredns", "aliases": ["集群 DNS", "域名解析"],
     "description": "Kubernetes 集群 DNS（kube-system/coredns，Service IP 10.96.0.10）；非集群域名按 Corefile 的 forward 转发。"},
    {"name": "qb-slb", "aliases": ["内网负载均衡", "SLB"],
     "description": "内网负载均衡的监听与后端（Terraform 管理）；lb-coupon-internal 转发到 qb-coupon-service。"},
    {"name": "qb-ops-audit", "aliases": ["堡垒机", "运维审计"],
     "description": "堡垒机（JumpServer）会话与命令审计，记录运维在主机上执行的命令与维护工单。"},
]

QUIET: dict[str, list[tuple[str, str]]] = {
    "qb-merchant-service": [("09:31", "09:51")],
    "qb-rider-dispatch": [("10:13", "10:48")],
    "qb-push-service": [("11:05", "12:37")],
}


# --- Noise -------------------------------------------------------------------------------------
def _order_id(w: WorldBuilder) -> str:
    return f"QB{DAY:%Y%m%d}{w.rng.randint(10_000_000, 99_999_999)}"


def _merchant_id(w: WorldBuilder) -> str:
    return f"M{w.rng.randint(100_000, 999_999)}"


def _uid(w: WorldBuilder) -> int:
    return w.rng.randint(10_000_000, 89_999_999)


def _gateway(w: WorldBuilder, t: dt.datetime) -> tuple[str, str, dict[str, Any]]:
    route, upstream = w.rng.choice([
        ("POST /api/v2/orders", "qb-order-service"), ("POST /api/v2/pricing/quote", "qb-pricing-service"),
        ("GET /api/v1/account/profile", "qb-account-service"), ("GET /api/v1/search", "qb-search-service"),
        ("GET /api/v1/merchant/menu", "qb-merchant-service"), ("GET /api/v2/orders/track", "qb-order-service"),
    ])
    if w.rng.random() < 0.08:
        return "DEBUG", "GET /status 200 rt=0ms", {}
    return "INFO", f"{route} 200 upstream={upstream} rt={w.ms(6, 180)}ms", {"log_type": "access"}


def _order(w: WorldBuilder, t: dt.datetime) -> tuple[str, str, dict[str, Any]]:
    roll = w.rng.random()
    if roll < 0.45:
        return "INFO", (f"order created order={_order_id(w)} merchant={_merchant_id(w)} items={w.rng.randint(1, 4)} "
                        f"amount={w.rng.randint(1500, 12000) / 100:.2f}"), {}
    if roll < 0.85:
        status = w.rng.choice(["MERCHANT_ACCEPTED", "RIDER_ASSIGNED", "RIDER_PICKED_UP", "DELIVERED"])
        return "INFO", (f"order {_order_id(w)} status -> {status} published to order-status-events "
                        f"partition={w.rng.randint(0, 5)} offset={w.rng.randint(18_000_000, 19_000_000)}"), {}
    return "INFO", f"订单超时取消任务完成 cancelled={w.rng.randint(0, 12)} cost={w.ms(40, 300)}ms", {"job": "order-auto-cancel"}


def _pricing(w: WorldBuilder, t: dt.datetime) -> tuple[str, str, dict[str, Any]]:
    if w.rng.random() < 0.75:
        return "INFO", (f"quote ok cart=c{w.hex(10)} city={w.rng.choice(CITIES)} delivery_fee={w.rng.randint(0, 8)}.00 "
                        f"discount={w.rng.randint(0, 15)}.00 took={w.ms(12, 60)}ms"), {}
    return "DEBUG", (f"http pool stats route=10.40.2.15:80 leased={w.rng.randint(1, 9)} available={w.rng.randint(8, 24)} "
                     "max=200"), {"logger": "PoolingHttpClientConnectionManager"}


def _coupon(w: WorldBuilder, t: dt.datetime) -> tuple[str, str, dict[str, Any]]:
    if w.rng.random() < 0.8:
        return "INFO", f"POST /v1/coupons/check 200 coupon=CP{w.rng.randint(100000, 999999)} valid=true took={w.ms(2, 12)}ms", {}
    return "INFO", f"coupon cache refreshed: {w.rng.randint(3100, 3400)} active templates", {"job": "coupon-cache"}


def _merchant(w: WorldBuilder, t: dt.datetime) -> tuple[str, str, dict[str, Any]]:
    mid = _merchant_id(w)
    if w.rng.random() < 0.55:
        return "INFO", f"GET /api/v1/merchant/{mid}/menu -> 200 ({w.ms(8, 40)}ms)", {}
    if w.rng.random() < 0.7:
        return "INFO", (f"POST /api/v1/merchant/{mid}/dishes/D{w.rng.randint(10000, 99999)}/image -> 200 "
                        f"size={w.rng.randint(180, 2400)}KB stored=oss://qb-dish-images/{mid}/{w.hex(12)}.jpg"), {}
    return "INFO", f"商家营业状态更新 merchant={mid} open=true", {}


def _dispatch(w: WorldBuilder, t: dt.datetime) -> tuple[str, str, dict[str, Any]]:
    if w.rng.random() < 0.7:
        return "INFO", (f"order={_order_id(w)} assigned rider=R{w.rng.randint(100000, 999999)} eta={w.rng.randint(18, 42)}m "
                        f"distance={w.rng.randint(5, 60) / 10:.1f}km cost={w.ms(30, 120)}ms"), {}
    return "DEBUG", f"POST http://geo.qb.internal:8080/v1/eta/batch 200 points={w.rng.randint(4, 40)} ({w.ms(8, 40)}ms)", {}


def _geo(w: WorldBuilder, t: dt.datetime) -> tuple[str, str, dict[str, Any]]:
    if w.rng.random() < 0.8:
        return "INFO", f"POST /v1/eta/batch 200 points={w.rng.randint(4, 40)} took={w.ms(5, 30)}ms", {}
    return "INFO", f"road graph tile cache hit_ratio=0.{w.rng.randint(95, 99)} tiles={w.rng.randint(41000, 43000)}", {}


def _push_ok(w: WorldBuilder, cost: tuple[int, int] = (30, 120)) -> str:
    return (f"push delivered channel={w.rng.choice(['apns', 'hms', 'mipush'])} order={_order_id(w)} "
            f"event={w.rng.choice(['RIDER_ASSIGNED', 'RIDER_PICKED_UP', 'RIDER_ARRIVED', 'DELIVERED'])} "
            f"cost={w.ms(*cost)}ms")


def _push(w: WorldBuilder, t: dt.datetime) -> tuple[str, str, dict[str, Any]]:
    if w.rng.random() < 0.7:
        return "INFO", _push_ok(w), {}
    return "INFO", f"{KAFKA_CLIENT.format(n=w.rng.randint(1, 3))}processed batch records={w.rng.randint(120, 500)} took={w.rng.randint(30, 90) / 10:.1f}s", {}


def _account(w: WorldBuilder, t: dt.datetime) -> tuple[str, str, dict[str, Any]]:
    roll = w.rng.random()
    if roll < 0.4:
        return "INFO", f"POST /api/v1/account/login -> 200 token issued sub=u_{_uid(w)} ttl=7200s ({w.ms(20, 60)}ms)", {}
    if roll < 0.8:
        return "INFO", f"GET /api/v1/account/profile -> 200 sub=u_{_uid(w)} ({w.ms(3, 15)}ms)", {}
    return "INFO", f"POST /api/v1/account/token/refresh -> 200 sub=u_{_uid(w)} ({w.ms(5, 20)}ms)", {}


def _search(w: WorldBuilder, t: dt.datetime) -> tuple[str, str, dict[str, Any]]:
    if w.rng.random() < 0.85:
        return "INFO", f"GET /api/v1/search?q={w.rng.choice(DISHES)} city={w.rng.choice(CITIES)} hits={w.rng.randint(20, 900)} took={w.ms(9, 70)}ms", {}
    return "INFO", f"index qb-merchants refresh ok docs={w.rng.randint(812000, 815000)}", {"job": "index-refresh"}


def _coredns(w: WorldBuilder, t: dt.datetime) -> tuple[str, str, dict[str, Any]]:
    target = w.rng.choice(["qb-order-service", "qb-pricing-service", "qb-account-service", "qb-search-service"])
    return "INFO", (f'[INFO] 10.244.{w.rng.randint(1, 9)}.{w.rng.randint(2, 250)}:{w.rng.randint(30000, 60000)} - '
                    f'{w.rng.randint(1000, 65000)} "A IN {target}.qb-prod.svc.cluster.local. udp 62 false 1232" NOERROR '
                    f"qr,aa,rd 132 0.000{w.rng.randint(100, 400)}s"), {}


def _slb(w: WorldBuilder, t: dt.datetime) -> tuple[str, str, dict[str, Any]]:
    return "INFO", (f"health check lb=lb-coupon-internal backend=10.12.6.{w.rng.choice([41, 42])}:8080 status=healthy "
                    f"rt={w.ms(1, 4)}ms"), {}


def _audit(w: WorldBuilder, t: dt.datetime) -> tuple[str, str, dict[str, Any]]:
    user = w.rng.choice(["ops_liuyang", "ops_sunwei", "ops_hejun", "dev_maqiang"])
    asset = w.rng.choice(["qb-node-03", "qb-node-05", "qb-node-11", "qb-geo-vm-02", "qb-bastion-tools"])
    if w.rng.random() < 0.5:
        return "INFO", f"session opened: user={user} asset={asset} protocol=ssh", {}
    cmd = w.rng.choice(["kubectl -n qb-prod get pods", "uptime", "tail -n 200 /var/log/messages", "free -m"])
    return "INFO", f'command: user={user} asset={asset} cmd="{cmd}"', {}


NOISE = {
    "qb-gateway": (_gateway, 90), "qb-order-service": (_order, NOISE_EVERY_S), "qb-pricing-service": (_pricing, NOISE_EVERY_S),
    "qb-coupon-service": (_coupon, NOISE_EVERY_S), "qb-merchant-service": (_merchant, NOISE_EVERY_S),
    "qb-rider-dispatch": (_dispatch, NOISE_EVERY_S), "qb-geo-service": (_geo, NOISE_EVERY_S),
    "qb-push-service": (_push, NOISE_EVERY_S), "qb-account-service": (_account, NOISE_EVERY_S),
    "qb-search-service": (_search, NOISE_EVERY_S), "coredns": (_coredns, 300), "qb-slb": (_slb, 600),
    "qb-ops-audit": (_audit, 1500),
}


# --- Incidents ---------------------------------------------------------------------------------
def merchant_disk(w: WorldBuilder) -> None:
    w.log(w.at("07:00:01.114"), "qb-merchant-service", "INFO",
          "logrotate: rotated /data/logs/qb-merchant/access.log -> access.log.1.gz (compressed 13.6G -> 1.3G)",
          instance=MERCHANT_VM, job="logrotate")
    w.log(w.at("07:05:18.402"), "qb-merchant-service", "INFO", LOGROTATE_CHANGE, instance=MERCHANT_VM, change="config")
    for hour, size in ((8, "14.1G"), (9, "15.8G")):
        w.log(w.at(f"{hour:02d}:00:01.2{hour}0"), "qb-merchant-service", "INFO",
              f"logrotate: rotated /data/logs/qb-merchant/access.log -> access.log.1 ({size}, nocompress)",
              instance=MERCHANT_VM, job="logrotate")
    w.log(w.at("09:05:40.017"), "qb-merchant-service", "WARN", "disk watermark: /data usage 90.4% (warn at 90%)",
          instance=MERCHANT_VM)
    moment = w.at("09:31:06")
    while moment < w.at("09:50:40"):
        mid = _merchant_id(w)
        if w.rng.random() < 0.55:
            w.log(moment, "qb-merchant-service", "ERROR",
                  UPLOAD_ENOSPC.format(mid=mid, did=f"D{w.rng.randint(10000, 99999)}", tmp=w.hex(16), kb=w.rng.randint(400, 2600)),
                  instance=MERCHANT_VM, http_status=500)
            w.log(moment + dt.timedelta(milliseconds=35), "qb-gateway", "WARN",
                  f"POST /api/v1/merchant/{mid}/dishes/image 500 upstream=qb-merchant-service rt={w.ms(20, 90)}ms",
                  log_type="access")
        else:
            w.log(moment, "qb-merchant-service", "INFO", f"GET /api/v1/merchant/{mid}/menu -> 200 ({w.ms(8, 40)}ms)",
                  instance=MERCHANT_VM)
        if w.rng.random() < 0.12:
            w.log(moment + dt.timedelta(seconds=1), "qb-merchant-service", "ERROR", LOGBACK_ENOSPC, instance=MERCHANT_VM,
                  logger="logback")
        moment += dt.timedelta(seconds=w.rng.randint(12, 30), milliseconds=w.rng.randint(0, 999))
    w.log(w.at("09:49:12.530"), "qb-ops-audit", "INFO", "session opened: user=ops_liuyang asset=qb-merchant-vm-01 protocol=ssh")
    w.log(w.at("09:50:41.771"), "qb-ops-audit", "INFO",
          "command: user=ops_liuyang asset=qb-merchant-vm-01 cmd=\"find /data/logs/qb-merchant -name 'access.log.*' "
          "! -name '*.gz' -mmin +60 -delete\"")
    w.log(w.at("09:51:20.006"), "qb-merchant-service", "INFO", "disk watermark: /data usage 71.3% (ok)", instance=MERCHANT_VM)
    w.log(w.at("10:02:15.338"), "qb-merchant-service", "INFO", LOGROTATE_REVERT, instance=MERCHANT_VM, change="config")
    w.log(w.at("10:02:31.902"), "qb-merchant-service", "INFO",
          "logrotate: compressed leftover /data/logs/qb-merchant/access.log.1 (15.8G -> 1.5G)", instance=MERCHANT_VM, job="logrotate")
    w.alert("DataVolumeUsageHigh", "qb-merchant-service", "warning", w.at("08:31"), w.at("09:52"), "80.2%",
            "qb-merchant-vm-01 /data 使用率 80.2% 超过阈值 80%", mount="/data", host=MERCHANT_VM)
    w.alert("DataVolumeUsageCritical", "qb-merchant-service", "critical", w.at("09:06"), w.at("09:52"), "90.4%",
            "qb-merchant-vm-01 /data 使用率 90.4% 超过阈值 90%，预计 40 分钟内写满", mount="/data", host=MERCHANT_VM)
    w.alert("MerchantImageUploadErrors", "qb-merchant-service", "critical", w.at("09:34"), w.at("09:54"), "42.8%",
            "菜品图片上传接口 5xx 比例 42.8% 超过阈值 5%")


def account_clock(w: WorldBuilder) -> None:
    w.log(w.at("08:04:12.208"), "qb-ops-audit", "INFO",
          'session opened: user=ops_zhaolei asset=qb-node-07 protocol=ssh ticket=MT-20261203-007 "BMC/BIOS firmware upgrade"')
    w.log(w.at("08:05:40.661"), "qb-ops-audit", "INFO", CHRONY_STOP, change="maintenance", ticket="MT-20261203-007")
    w.log(w.at("08:06:02.115"), "qb-ops-audit", "INFO",
          'command: user=ops_zhaolei asset=qb-node-07 (10.0.3.27) cmd="kubectl drain qb-node-07 --ignore-daemonsets '
          '--delete-emptydir-data"')
    w.log(w.at("08:11:30.480"), "qb-ops-audit", "INFO",
          'command: user=ops_zhaolei asset=qb-node-07 (10.0.3.27) cmd="ipmitool mc reset cold && ./fw-flash.sh BIOS-2.19.1 && reboot"')
    w.log(w.at("08:11:33.002"), "qb-account-service", "INFO", "received SIGTERM, draining connections", instance=SKEWED_POD)
    w.log(w.at("08:14:55.913"), "qb-ops-audit", "INFO",
          'command: user=ops_zhaolei asset=qb-node-07 (10.0.3.27) cmd="kubectl uncordon qb-node-07"')
    w.log(w.at("08:15:21.340"), "qb-account-service", "INFO",
          "qb-account-service 2.6.4 starting on node=qb-node-07 listen=:8080 jwt.alg=HS256 jwt.leeway=0s", instance=SKEWED_POD)
    moment = w.at("08:16:04")
    while moment < w.at("08:57:30"):
        issued = moment - dt.timedelta(seconds=w.rng.randint(1, 40))
        skewed_now = moment - dt.timedelta(seconds=94, milliseconds=300)
        path = w.rng.choice(["/api/v1/account/profile", "/api/v1/account/profile", "/api/v1/account/token/refresh"])
        w.log(moment, "qb-account-service", "ERROR",
              JWT_REJECT.format(iat=issued.isoformat(timespec="seconds"), now=skewed_now.isoformat(timespec="seconds"),
                                uid=_uid(w), path=path),
              instance=SKEWED_POD, http_status=401)
        w.log(moment + dt.timedelta(milliseconds=12), "qb-gateway", "WARN",
              f"GET {path} 401 upstream=qb-account-service rt={w.ms(2, 9)}ms", log_type="access")
        if w.rng.random() < 0.5:
            w.log(moment + dt.timedelta(seconds=2), "qb-account-service", "INFO",
                  f"POST /api/v1/account/login -> 200 token issued sub=u_{_uid(w)} ttl=7200s ({w.ms(20, 60)}ms)",
                  instance=w.rng.choice(ACCOUNT_OK_PODS))
        moment += dt.timedelta(seconds=w.rng.randint(15, 40), milliseconds=w.rng.randint(0, 999))
    w.log(w.at("08:57:30.114"), "qb-ops-audit", "INFO", CHRONY_FIX, change="maintenance", ticket="MT-20261203-007")
    w.alert("NodeClockSkewDetected", "qb-account-service", "warning", w.at("08:17"), w.at("09:00"), "94.2s",
            "节点 qb-node-07 时钟与 NTP 参考时间相差 94.2s，超过阈值 0.05s（该节点运行 qb-account-service-6d9b8c7f5-t6wzr）",
            node="qb-node-07")
    w.alert("AccountUnauthorizedSpike", "qb-account-service", "critical", w.at("08:19"), w.at("08:59"), "31.6%",
            "qb-account-service 401 比例 31.6% 超过阈值 5%")


def dispatch_dns(w: WorldBuilder) -> None:
    w.log(w.at("10:12:31.207"), "coredns", "INFO", DNS_CHANGE, instance="kube-audit", change="config",
          configmap="kube-system/coredns")
    for pod, offset in zip(INSTANCES["coredns"], ("10:12:58.410", "10:13:02.877"), strict=True):
        w.log(w.at(offset), "coredns", "INFO", "[INFO] Reloading", instance=pod)
        w.log(w.at(offset) + dt.timedelta(milliseconds=210), "coredns", "INFO",
              "[INFO] plugin/reload: Running configuration SHA512 = 9c2e41f0b7d3a58e", instance=pod)
        w.log(w.at(offset) + dt.timedelta(milliseconds=230), "coredns", "INFO", "[INFO] Reloading complete", instance=pod)
    moment = w.at("10:13:05")
    while moment < w.at("10:47:52"):
        order = _order_id(w)
        w.log(moment, "qb-rider-dispatch", "ERROR", DISPATCH_DNS.format(order=order))
        client = f"10.244.{w.rng.randint(3, 6)}.{w.rng.randint(10, 90)}:{w.rng.randint(30000, 60000)}"
        w.log(moment - dt.timedelta(milliseconds=30), "coredns", "INFO",
              f'[INFO] {client} - {w.rng.randint(1000, 65000)} "A IN geo.qb.internal. udp 44 false 1232" NXDOMAIN '
              f"qr,rd,ra 119 0.0{w.rng.randint(18, 45)}s")
        if w.rng.random() < 0.6:
            w.log(moment + dt.timedelta(milliseconds=5), "qb-rider-dispatch", "WARN",
                  f"order={order} queued for re-dispatch (attempt {w.rng.randint(1, 5)}/5)")
        if w.rng.random() < 0.15:
            w.log(moment + dt.timedelta(seconds=1), "qb-order-service", "WARN",
                  f"order {order} still unassigned after 120s (dispatch failed), notifying merchant")
        moment += dt.timedelta(seconds=w.rng.randint(10, 25), milliseconds=w.rng.randint(0, 999))
    w.log(w.at("10:47:52.631"), "coredns", "INFO", DNS_ROLLBACK, instance="kube-audit", change="config",
          configmap="kube-system/coredns")
    for pod, offset in zip(INSTANCES["coredns"], ("10:48:20.104", "10:48:24.551"), strict=True):
        w.log(w.at(offset), "coredns", "INFO", "[INFO] Reloading", instance=pod)
        w.log(w.at(offset) + dt.timedelta(milliseconds=190), "coredns", "INFO", "[INFO] Reloading complete", instance=pod)
    w.log(w.at("10:48:41.300"), "qb-rider-dispatch", "INFO", "re-dispatch backlog drained: 1312 orders assigned")
    w.alert("CoreDNSNXDomainHigh", "coredns", "warning", w.at("10:15"), w.at("10:50"), "1180/min",
            "CoreDNS NXDOMAIN 响应 1180 次/分钟，超过阈值 300 次/分钟", namespace="kube-system")
    w.alert("DnsLookupFailuresHigh", "qb-rider-dispatch", "critical", w.at("10:15"), w.at("10:51"), "100%",
            "qb-rider-dispatch 解析 geo.qb.internal 失败率 100% 超过阈值 5%", target="geo.qb.internal")
    w.alert("DispatchAssignFailureHigh", "qb-rider-dispatch", "critical", w.at("10:16"), w.at("10:52"), "71.2%",
            "派单失败率 71.2% 超过阈值 10%")


def push_rebalance(w: WorldBuilder) -> None:
    w.log(w.at("11:05:40.118"), "qb-push-service", "INFO", PUSH_DEPLOY, instance=PUSH_PODS[0], change="deploy")
    events: list[tuple[dt.datetime, int]] = []  # (poll timeout moment, consumer number)
    for n, first in enumerate(("11:11:48", "11:13:20", "11:15:02"), 1):
        moment = w.at(first)
        while moment < w.at("12:30:20"):
            events.append((moment, n))
            moment += dt.timedelta(minutes=5, seconds=w.rng.randint(8, 40), milliseconds=w.rng.randint(0, 999))
    generation = 413
    for moment, n in sorted(events):
        pod, client = PUSH_PODS[n - 1], KAFKA_CLIENT.format(n=n)
        member = f"{w.hex(8)}-{w.hex(4)}-{w.hex(4)}-{w.hex(4)}-{w.hex(12)}"
        w.log(moment, "qb-push-service", "WARN", client + POLL_TIMEOUT, instance=pod, logger="ConsumerCoordinator")
        w.log(moment + dt.timedelta(milliseconds=4), "qb-push-service", "INFO", client + LEAVE_GROUP.format(n=n, member=member),
              instance=pod, logger="ConsumerCoordinator")
        took = 300 + w.rng.randint(5, 25) + w.rng.randint(0, 9) / 10
        w.log(moment + dt.timedelta(seconds=w.rng.randint(5, 20)), "qb-push-service", "ERROR",
              client + COMMIT_FAILED.format(took=f"{took:.1f}"), instance=pod, logger="PushBatchListener")
        w.log(moment + dt.timedelta(seconds=21), "qb-push-service", "INFO", client + "(Re-)joining group", instance=pod,
              logger="ConsumerCoordinator")
        w.log(moment + dt.timedelta(seconds=24), "qb-push-service", "INFO",
              client + f"Successfully joined group with generation Generation{{generationId={generation}, "
              f"memberId='consumer-push-dispatcher-{n}-{w.hex(8)}', protocol='range'}}", instance=pod, logger="ConsumerCoordinator")
        parts = sorted(w.rng.sample(range(6), 2))
        w.log(moment + dt.timedelta(seconds=24, milliseconds=80), "qb-push-service", "INFO",
              client + f"Adding newly assigned partitions: order-status-events-{parts[0]}, order-status-events-{parts[1]}",
              instance=pod, logger="ConsumerCoordinator")
        generation += 1
    moment = w.at("11:06:10")
    while moment < w.at("12:36:30"):
        refresh = w.ms(520, 640)
        w.log(moment, "qb-push-service", "INFO", _push_ok(w, (refresh + 20, refresh + 90)) + f" (token refresh {refresh}ms)")
        moment += dt.timedelta(seconds=w.rng.randint(30, 70), milliseconds=w.rng.randint(0, 999))
    w.log(w.at("12:30:20.442"), "qb-push-service", "INFO", PUSH_CONFIG, instance=PUSH_PODS[1], change="config")
    for n, clock in enumerate(("12:31:32", "12:32:41", "12:33:55"), 1):
        w.log(w.at(clock), "qb-push-service", "INFO",
              f"{KAFKA_CLIENT.format(n=n)}processed batch records=100 took={60 + n * 1.3:.1f}s", instance=PUSH_PODS[n - 1])
    w.log(w.at("12:36:30.905"), "qb-push-service", "INFO", PUSH_ROLLBACK, instance=PUSH_PODS[0], change="deploy")
    w.alert("KafkaConsumerLagHigh", "qb-push-service", "critical", w.at("11:24"), None, "10422",
            "消费组 push-dispatcher（topic order-status-events）积压 10422 条，超过阈值 10000 条", group="push-dispatcher",
            topic="order-status-events")
    w.alert("PushDeliveryDelayed", "qb-push-service", "warning", w.at("11:31"), None, "186s",
            "订单状态推送 p99 延迟 186s 超过阈值 60s")


def pricing_resets(w: WorldBuilder) -> None:
    w.log(w.at("12:02:07.551"), "qb-slb", "INFO", LB_CHANGE, instance="terraform-runner", change="config",
          listener="lb-coupon-internal:80")
    moment = w.at("12:03:11")
    while moment < REFERENCE:
        pod = w.rng.choice(INSTANCES["qb-pricing-service"])
        w.log(moment, "qb-pricing-service", "INFO", HTTP_RETRY, instance=pod, logger="RetryExec")
        if w.rng.random() < 0.55:
            w.log(moment + dt.timedelta(milliseconds=6), "qb-pricing-service", "ERROR",
                  QUOTE_RESET.format(cart=f"c{w.hex(10)}", city=w.rng.choice(CITIES)), instance=pod, http_status=502)
            w.log(moment + dt.timedelta(milliseconds=20), "qb-gateway", "ERROR",
                  f"POST /api/v2/pricing/quote 502 upstream=qb-pricing-service rt={w.ms(15, 60)}ms", log_type="access")
        moment += dt.timedelta(seconds=w.rng.randint(25, 95), milliseconds=w.rng.randint(0, 999))
    w.log(w.at("12:31:05.207"), "qb-pricing-service", "INFO", PRICING_DEPLOY, instance=INSTANCES["qb-pricing-service"][0],
          change="deploy")
    w.alert("UpstreamConnectionResets", "qb-pricing-service", "warning", w.at("12:07"), None, "14/min",
            "qb-pricing-service 调用 10.40.2.15:80（lb-coupon-internal）连接被重置 14 次/分钟，超过阈值 10 次/分钟",
            upstream="10.40.2.15:80")
    w.alert("Gateway502RateHigh", "qb-gateway", "warning", w.at("12:09"), None, "1.6%",
            "网关 POST /api/v2/pricing/quote 502 比例 1.6% 超过阈值 1%", route="/api/v2/pricing/quote")


def other_changes(w: WorldBuilder) -> None:
    w.log(w.at("09:10:12.480"), "qb-order-service", "INFO", ORDER_CONFIG, change="config", namespace="order-core")
    w.log(w.at("12:44:51.030"), "qb-search-service", "INFO", SEARCH_DEPLOY, change="deploy")


def build_metrics(w: WorldBuilder) -> None:
    at = w.at
    disk = [(at("07:00"), 61.8), (at("07:05"), 62.0), (at("08:00"), 74.5), (at("09:00"), 88.6), (at("09:05"), 90.4),
            (at("09:20"), 96.9), (at("09:30"), 98.8), (at("09:36"), 99.4), (at("09:38"), 99.5), (at("09:40"), DISK_PEAK),
            (at("09:42"), 99.5), (at("09:49"), 99.6), (at("09:50"), 99.4), (at("09:51"), 71.3), (at("10:02"), 71.6),
            (at("10:03"), 63.9), (at("13:00"), 64.6)]
    w.series("disk_usage_percent", "qb-merchant-service", "%", disk, start=START, fine=[(at("08:50"), at("10:10"))],
             spread=0.03, digits=1, threshold=90, mount="/data", host=MERCHANT_VM)
    w.series("http_5xx_rate", "qb-merchant-service", "%", [(START, 0.1), (at("09:30"), 0.1), (at("09:33"), 38.0),
                                                           (at("09:41"), 42.8), (at("09:50"), 35.0), (at("09:52"), 0.2),
                                                           (REFERENCE, 0.1)],
             start=START, fine=[(at("09:20"), at("10:00"))], spread=0.05, digits=1, threshold=5)
    skew = [(START, 0.002), (at("08:11"), 0.003), (at("08:14"), 0.003), (at("08:15"), 94.18), (at("08:56"), SKEW_PEAK), (at("08:57"), 0.004),
            (REFERENCE, 0.002)]
    w.series("node_clock_skew_seconds", "qb-account-service", "s", skew, start=START, fine=[(at("08:00"), at("09:05"))],
             digits=3, threshold=0.05, node="qb-node-07")
    w.series("http_401_rate", "qb-account-service", "%", [(START, 0.6), (at("08:15"), 0.6), (at("08:17"), 28.0),
                                                          (at("08:33"), 31.6), (at("08:56"), 27.0), (at("08:58"), 0.7),
                                                          (REFERENCE, 0.6)],
             start=START, fine=[(at("08:05"), at("09:05"))], spread=0.2, digits=1, threshold=5)
    w.series("dns_lookup_failure_rate", "qb-rider-dispatch", "%", [(START, 0.0), (at("10:12"), 0.0), (at("10:13"), 100.0),
                                                                   (at("10:47"), 100.0), (at("10:48"), 0.0), (REFERENCE, 0.0)],
             start=START, fine=[(at("10:05"), at("10:55"))], digits=1, threshold=5, target="geo.qb.internal")
    w.series("dispatch_failure_rate", "qb-rider-dispatch", "%", [(START, 0.4), (at("10:12"), 0.4), (at("10:14"), 64.0),
                                                                 (at("10:30"), 71.2), (at("10:47"), 69.5), (at("10:49"), 0.5),
                                                                 (REFERENCE, 0.4)],
             start=START, fine=[(at("10:05"), at("10:55"))], spread=0.3, digits=1, threshold=10)
    w.series("coredns_nxdomain_per_min", "coredns", "次/分钟", [(START, 40), (at("10:12"), 42), (at("10:13"), 1120),
                                                               (at("10:30"), 1180), (at("10:47"), 1150), (at("10:48"), 45),
                                                               (REFERENCE, 41)],
             start=START, fine=[(at("10:05"), at("10:55"))], spread=6, digits=0, threshold=300, namespace="kube-system")
    lag = [(START, 120), (at("11:10"), 140), (at("11:12"), 1500), (at("11:30"), 13900), (at("12:00"), 33400),
           (at("12:30"), 46800), (at("12:35"), 48050), (at("12:36"), LAG_PEAK), (at("12:37"), 47900),
           (at("12:45"), 31200), (REFERENCE, 12350)]
    w.series("kafka_consumer_lag", "qb-push-service", "条", lag, start=START, fine=[(at("11:00"), REFERENCE)], spread=40,
             digits=0, threshold=10000, group="push-dispatcher", topic="order-status-events")
    w.series("push_delivery_delay_p99", "qb-push-service", "s", [(START, 2), (at("11:10"), 3), (at("11:30"), 186),
                                                                (at("12:30"), 910), (at("12:36"), 960), (REFERENCE, 240)],
             start=START, fine=[(at("11:00"), REFERENCE)], spread=3, digits=0, threshold=60)
    w.series("http_client_connection_resets_per_min", "qb-pricing-service", "次/分钟",
             [(START, 0), (at("12:02"), 0), (at("12:04"), 9), (at("12:06"), 14), (at("12:20"), 17), (at("12:40"), 15),
              (REFERENCE, 16)],
             start=START, fine=[(at("11:55"), REFERENCE)], spread=2, digits=0, threshold=10, upstream="10.40.2.15:80")
    w.series("http_502_rate", "qb-gateway", "%", [(START, 0.0), (at("12:02"), 0.0), (at("12:08"), 1.6), (at("12:20"), 2.1),
                                                  (REFERENCE, 1.9)],
             start=START, fine=[(at("11:55"), REFERENCE)], spread=0.15, digits=2, threshold=1, route="/api/v2/pricing/quote")
    for service, p99 in (("qb-geo-service", 35), ("qb-search-service", 80), ("qb-coupon-service", 14),
                         ("qb-order-service", 120)):
        w.series("http_5xx_rate", service, "%", [(START, 0.1), (at("10:00"), 0.2), (REFERENCE, 0.1)], start=START,
                 spread=0.05, digits=1, threshold=5)
        w.series("http_p99_latency", service, "ms", [(START, p99), (at("12:00"), p99 + 12), (REFERENCE, p99)], start=START,
                 spread=4, digits=0, threshold=1000)


# --- Runbooks ----------------------------------------------------------------------------------
RUNBOOKS: list[tuple[str, str, str]] = [
    ("runbooks/disk-full.md", "磁盘空间不足（No space left on device）处理手册", runbook(
        "磁盘空间不足（No space left on device）处理手册",
        "适用于写文件报 No space left on device / ENOSPC、数据盘使用率告警（DataVolumeUsageHigh / DataVolumeUsageCritical）。",
        ["**DataVolumeUsageHigh**：数据盘使用率超过 80%。", "**DataVolumeUsageCritical**：数据盘使用率超过 90%。"],
        ["`df -h /data` 与 `du -sh /data/* | sort -h` 找出占用最大的目录。",
         "`lsof +L1` 检查已删除但仍被进程占用的文件。", "查看最近的日志切割（logrotate）与清理任务配置变更。"],
        ["日志切割配置变更后不再压缩（nocompress）或保留份数过多。", "上传临时文件未清理。", "已删除的大文件仍被进程持有句柄。"],
        ["清理或压缩已切割的旧日志，先恢复写入。", "回滚 logrotate 配置（恢复 compress 与原保留份数）。", "必要时扩容数据盘，并为使用率设置 80%/90% 两级告警。"])),
    ("runbooks/dns-resolution.md", "内网域名解析失败处理手册", runbook(
        "内网域名解析失败处理手册",
        "适用于 no such host、UnknownHostException、NXDOMAIN 激增，尤其是 *.qb.internal 内网域名。",
        ["**DnsLookupFailuresHigh**：服务的 DNS 解析失败率超过 5%。", "**CoreDNSNXDomainHigh**：CoreDNS NXDOMAIN 响应激增。"],
        ["在 Pod 内 `nslookup geo.qb.internal 10.96.0.10`，对比直接问内网 DNS `10.20.0.10` 的结果。",
         "`kubectl -n kube-system get configmap coredns -o yaml` 查看 Corefile 的 forward 与 stub 配置及最近变更。",
         "确认 ndots 与 search 域是否导致额外查询。"],
        ["Corefile 的 forward 上游被改为公网 DNS，公网 DNS 不认识私有域 qb.internal（NXDOMAIN）。",
         "内网 DNS 服务器不可用。", "Pod 的 resolv.conf 被改动（dnsPolicy / dnsConfig）。"],
        ["回滚 ConfigMap kube-system/coredns，等待 reload 完成。", "为 qb.internal 配置单独的 server 块，显式转发到内网 DNS。",
         "变更 Corefile 前在预发集群验证内网域名解析。"])),
    ("runbooks/kafka-consumer-lag.md", "Kafka 消费积压与频繁 Rebalance 处理手册", runbook(
        "Kafka 消费积压与频繁 Rebalance 处理手册",
        "适用于消费组 lag 持续上涨、consumer poll timeout has expired、CommitFailedException、消费者反复重新加入消费组。",
        ["**KafkaConsumerLagHigh**：消费组积压超过阈值。", "**PushDeliveryDelayed**：推送延迟超过阈值。"],
        ["查看消费者日志中的 poll timeout、LeaveGroup 与 generation 变化频率。",
         "估算单批处理耗时：max.poll.records × 单条耗时，是否超过 max.poll.interval.ms。", "对齐积压开始时间与发布记录。"],
        ["单批处理耗时超过 max.poll.interval.ms，消费者被踢出消费组，引发 rebalance 风暴。", "消费者实例数少于分区数或实例崩溃。",
         "下游（推送通道）变慢。"],
        ["降低 max.poll.records 或适当调大 max.poll.interval.ms。", "把慢的同步调用（如逐条刷新 token）改为缓存或异步。",
         "回滚引入慢处理的版本，确认 lag 回落。"])),
    ("runbooks/jwt-clock-skew.md", "JWT 校验失败与时钟偏差处理手册", runbook(
        "JWT 校验失败与时钟偏差处理手册",
        "适用于登录后立即 401、token used before issued、token is not valid yet、nbf/iat 校验失败。",
        ["**NodeClockSkewDetected**：节点时钟与 NTP 偏差超过 0.05s。", "**AccountUnauthorizedSpike**：401 比例超过 5%。"],
        ["按实例统计 401：是否集中在某一个 Pod / 节点。", "在节点上 `chronyc tracking`、`timedatectl` 查看同步状态与偏差。",
         "查堡垒机审计与维护工单，确认是否有人停过 chronyd/NTP。"],
        ["节点 chronyd 被停止或未开机自启，重启后硬件时钟偏差。", "签发与校验的机器时间不一致且 leeway=0。", "虚拟机迁移后时间跳变。"],
        ["`systemctl enable --now chronyd && chronyc makestep` 立即校时。", "校时前先将该节点 cordon 并驱逐认证服务 Pod。",
         "为 JWT 校验设置 30s leeway，并对节点时钟偏差告警。"])),
    ("runbooks/connection-reset-502.md", "连接被重置（Connection reset by peer）与间歇性 502 处理手册", runbook(
        "连接被重置（Connection reset by peer）与间歇性 502 处理手册",
        "适用于 HTTP 客户端 Connection reset by peer、NoHttpResponseException、网关间歇性 502。",
        ["**UpstreamConnectionResets**：调用方连接被重置次数超过阈值。", "**Gateway502RateHigh**：网关 502 比例超过 1%。"],
        ["确认 reset 是否只发生在复用的空闲连接上（间歇、与流量无关）。",
         "对比客户端连接池 keep-alive / 空闲回收时间与负载均衡的 idle timeout。", "查看负载均衡监听配置的最近变更。"],
        ["负载均衡 idle timeout 小于客户端连接池的 keep-alive 时间，复用到已被关闭的连接。", "上游服务重启或主动关闭连接。",
         "中间设备（NAT、防火墙）回收空闲连接。"],
        ["恢复负载均衡 idle timeout，或把客户端空闲连接回收时间设为小于它（evictIdleConnections）。",
         "开启连接复用前校验（validateAfterInactivity）。", "对幂等请求允许一次重试。"])),
    ("runbooks/redis-memory.md", "Redis 内存打满处理手册", runbook(
        "Redis 内存打满处理手册", "适用于 OOM command not allowed when used memory > 'maxmemory'、Redis 驱逐激增。",
        ["**RedisMemoryHigh**：used_memory 超过 maxmemory 的 90%。"],
        ["`INFO memory` 查看 used_memory 与 maxmemory。", "`redis-cli --bigkeys` 找大 key。"],
        ["大 key 或无过期时间的 key 堆积。", "maxmemory 设置过小。"],
        ["临时调大 maxmemory，并设置 maxmemory-policy allkeys-lru。", "拆分大 key，补充过期时间。"])),
    ("runbooks/mysql-replication-lag.md", "MySQL 主从延迟处理手册", runbook(
        "MySQL 主从延迟处理手册", "适用于从库 Seconds_Behind_Master 持续升高、读到旧数据。",
        ["**MySQLReplicationLag**：从库延迟超过 30s。"],
        ["`SHOW SLAVE STATUS` 查看 Seconds_Behind_Master 与 SQL 线程状态。", "找出主库上的大事务。"],
        ["主库大事务或批量 DDL。", "从库单线程回放跟不上。"],
        ["从库开启并行复制 slave_parallel_workers。", "大事务拆小，DDL 走 online 工具。"])),
]


def build_bundle(seed: int = SEED) -> Json:
    w = WorldBuilder(seed=seed, day=DAY, tz=TZ, reference=REFERENCE, instances=INSTANCES,
                     labels={"env": "prod", "cluster": "qb-sh-prod"})
    for service, (make, every) in NOISE.items():
        quiet = [(w.at(a), w.at(b)) for a, b in QUIET.get(service, [])]
        w.noise(service, make, START, every_s=every, quiet=quiet)
    merchant_disk(w)
    account_clock(w)
    dispatch_dns(w)
    push_rebalance(w)
    pricing_resets(w)
    other_changes(w)
    build_metrics(w)
    documents = [{"title": title, "source": source, "content": content} for source, title, content in RUNBOOKS]
    return w.bundle(name="QuickBite 快送外卖 2026-12-03", services=SERVICES, documents=documents)


# --- Questions ---------------------------------------------------------------------------------
#: Each incident's signature and the word of its own remedy: in another incident's answer, a misattribution.
FAMILY = {
    "disk": ("No space left", "logrotate"),
    "clock": ("token used before issued", "chronyd"),
    "dns": ("no such host", "Corefile"),
    "kafka": ("max.poll", "CommitFailedException"),
    "lb": ("Connection reset", "idle_timeout"),
}
UNRELATED_REMEDIES = ("maxmemory", "slave_parallel_workers")
FIRING = ("KafkaConsumerLagHigh", "PushDeliveryDelayed", "UpstreamConnectionResets", "Gateway502RateHigh")
INCIDENT_WORDS = tuple(word for words in FAMILY.values() for word in words)


def _not(*own: str) -> tuple[str, ...]:
    """The other incidents' words, plus the unrelated runbooks' remedies."""
    return tuple(word for family, words in FAMILY.items() if family not in own for word in words) + UNRELATED_REMEDIES


QUESTIONS: tuple[WorldQuestion, ...] = (
    WorldQuestion(
        "delivery_merchant_upload_cause", "好多商家反馈菜品图传不上去，qb-merchant-service 九点半前后到底出了什么事？", "cause",
        asked_facts=(fact("No space left on device", "ENOSPC", "磁盘已满", "磁盘写满", "磁盘空间不足"),),
        cause_facts=(fact("nocompress", "MR !2231", "不再压缩"),), forbidden=_not("disk"), service="qb-merchant-service",
        diagnosis="07:05 MR !2231 把 logrotate 改成 nocompress、保留 72 份 → /data 被未压缩日志写满（峰值 99.7%）→ "
                  "图片上传 No space left on device → 500；09:50 清理、10:02 回滚配置",
    ),
    WorldQuestion(
        "delivery_merchant_disk_quantity", "商家服务那台机器的 /data 盘，使用率最高冲到过多少？", "quantity",
        asked_facts=(fact(str(DISK_PEAK)),), forbidden=_not("disk"), service="qb-merchant-service",
        peak=Peak("qb-merchant-service", "disk_usage_percent", DISK_PEAK),
        diagnosis="disk_usage_percent 峰值 99.7%（09:40），告警里的 90.4% 是触发时的值",
    ),
    WorldQuestion(
        "delivery_account_401_cause", "八点多不少用户刚登录完又被弹回登录页，账号服务一直回 401，为啥？", "cause",
        asked_facts=(fact("token used before issued"),),
        cause_facts=(fact("chronyd", "时钟偏差", "时钟不同步", "clock skew", "NodeClockSkewDetected"),),
        forbidden=_not("clock"), service="qb-account-service",
        diagnosis="08:05 堡垒机上 ops_zhaolei 在 qb-node-07 停掉并禁用 chronyd（固件升级工单 MT-20261203-007），重启后时钟慢 94s → "
                  "该节点上的 Pod 校验新签发的 JWT 报 token used before issued → 401；08:57 chronyc makestep 恢复",
    ),
    WorldQuestion(
        "delivery_account_skew_quantity", "账号服务跑在 qb-node-07 上的那个实例，机器时钟最多偏出去几秒？", "quantity",
        asked_facts=(fact(str(SKEW_PEAK)),), forbidden=_not("clock"), service="qb-account-service",
        peak=Peak("qb-account-service", "node_clock_skew_seconds", SKEW_PEAK),
        diagnosis="node_clock_skew_seconds 峰值 94.37s（08:56），告警触发时为 94.2s",
    ),
    WorldQuestion(
        "delivery_dispatch_dns_cause", "十点一刻起骑手调度大面积派不出单，根因在哪？", "cause",
        asked_facts=(fact("no such host"),), cause_facts=(fact("223.5.5.5", "CHG-20261203-0031", "ConfigMap kube-system/coredns"),),
        forbidden=_not("dns"), service="qb-rider-dispatch",
        diagnosis="10:12:31 CoreDNS ConfigMap 把 forward 改成公网 223.5.5.5/223.6.6.6，私有域 qb.internal NXDOMAIN → "
                  "lookup geo.qb.internal: no such host → 派单失败；10:47:52 回滚。qb-geo-service 本身正常",
    ),
    WorldQuestion(
        "delivery_dispatch_dns_existence", "骑手调度上午报过 DNS 相关的告警没有？", "existence",
        asked_facts=(fact("DnsLookupFailuresHigh"),), forbidden=_not("dns"), service="qb-rider-dispatch",
        diagnosis="有：DnsLookupFailuresHigh 10:15–10:51（已恢复），解析 geo.qb.internal 失败率 100%",
    ),
    WorldQuestion(
        "delivery_push_lag_cause", "推送服务 11 点以后订单状态推送越来越慢，消息全堆着，是哪儿出的问题？", "cause",
        asked_facts=(fact("max.poll.interval.ms", "poll timeout", "LeaveGroup", "rebalance", "CommitFailedException"),),
        cause_facts=(fact("4.2.0"),), forbidden=_not("kafka"), service="qb-push-service",
        diagnosis="11:05 发布 4.2.0 每条消息前同步刷新厂商 token（~600ms）→ 500 条一批超过 max.poll.interval.ms → "
                  "poll timeout、LeaveGroup、CommitFailedException、rebalance 风暴 → 积压；12:30 改 max-poll-records、12:36 回滚",
    ),
    WorldQuestion(
        "delivery_push_lag_quantity", "push-dispatcher 这个消费组，积压最多的时候堆了多少条？", "quantity",
        asked_facts=(fact(str(LAG_PEAK)),), forbidden=_not("kafka"), service="qb-push-service",
        peak=Peak("qb-push-service", "kafka_consumer_lag", LAG_PEAK),
        diagnosis="kafka_consumer_lag 峰值 48213 条（12:36，回滚前）",
    ),
    WorldQuestion(
        "delivery_push_changes_listing", "qb-push-service 今天都动过哪些东西？发版和改配置都算。", "listing",
        asked_facts=(fact("4.2.0 (was 4.1.3)", "4.1.3 → 4.2.0", "4.1.3 -> 4.2.0"), fact("20261203123020-5b7e", "max-poll-records"),
                     fact("4.1.3 (was 4.2.0)", "4.2.0 → 4.1.3", "4.2.0 -> 4.1.3", "pipeline=#5549")),
        forbidden=_not("kafka"), service="qb-push-service",
        diagnosis="三次：11:05 发布 4.2.0、12:30 max-poll-records 500 -> 100、12:36 回滚到 4.1.3",
    ),
    WorldQuestion(
        "delivery_pricing_502_cause", "中午开始网关时不时冒 502，基本都是算价接口，qb-pricing-service 这是怎么了？", "cause",
        asked_facts=(fact("Connection reset by peer", "Connection reset", "连接被重置"),),
        cause_facts=(fact("idle_timeout", "idle timeout", "空闲超时", "CHG-20261203-0117"),),
        forbidden=_not("lb"), service="qb-pricing-service",
        diagnosis="12:02 qb-slb 把 lb-coupon-internal 的 idle_timeout 从 60s 改成 15s，小于 HttpClient 连接池 keep-alive 30s → "
                  "复用到被 LB 关掉的连接 Connection reset by peer → 502；12:31 的 3.17.2 发布在故障之后，不是原因",
    ),
    WorldQuestion(
        "delivery_alert_listing", "到现在还没恢复的告警有哪几条？", "listing",
        asked_facts=tuple(fact(name) for name in FIRING), forbidden=("qb-search-service", "qb-coupon-service"),
        diagnosis="4 条：KafkaConsumerLagHigh、PushDeliveryDelayed（推送）、UpstreamConnectionResets（算价）、"
                  "Gateway502RateHigh（网关）；磁盘、时钟、DNS 的告警都已恢复",
    ),
    WorldQuestion(
        "delivery_geo_healthy", "qb-geo-service 自己今天有没有异常，有告警吗？", "existence",
        asked_facts=(HEALTHY,), forbidden=tuple(w for w in INCIDENT_WORDS if w != "no such host"), service="qb-geo-service",
        healthy=True,
        diagnosis="没有：只有 INFO 日志，5xx 最高约 0.2%（阈值 5%），无告警；10 点多派单失败是 DNS 解析不到它，不是它本身的问题",
    ),
    WorldQuestion(
        "delivery_search_healthy", "搜索服务中午刚发过版，现在有告警吗？", "existence",
        asked_facts=(HEALTHY,), forbidden=INCIDENT_WORDS, service="qb-search-service", healthy=True,
        diagnosis="没有告警；12:44 发布 2.9.3 后 5xx 仍远低于阈值 5%",
    ),
)

WORLD = World(name=NAME, title="QuickBite 快送外卖（外卖平台微服务）", build=build_bundle, questions=QUESTIONS)
