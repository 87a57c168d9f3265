"""World "ticketing": 云轨票务 RailGo, a train-ticket company on Java microservices (``ts-*``),
seen on 2026-11-30 from 08:00 to the reference time 18:00 (+08:00). Nothing here was written for
the offline agents; five incidents of families the demo does not have, in ordinary noise:

(1) 11:20–11:46  ts-seat-service: the new ``seat-release-job`` batch mode (deploy 3.8.0 at 10:52)
                 locks ``seat_inventory`` rows in the opposite order to seat allocation → InnoDB
                 deadlocks (peak 14/min at 11:32) → allocate 500s; stopped by a flag at 11:45:30.
(2) 14:32–14:58  ts-route-service: config-center push ``feature.route_cache_v2.enabled`` false →
                 true (releaseKey 20261130143205-7f3a) → NullPointerException on route search;
                 rolled back 14:58:10 (releaseKey 20261130145810-2c1d).
(3) 15:10–15:32  ts-travel-service: job ``trip-cache-preload`` fills the heap → G1 to-space
                 exhausted, Full GC pauses 812 / 1104 / 2761 (peak, 15:21:07) / 1530 ms → gateway
                 timeouts; aborted 15:31:20.
(4) 16:00–now    ts-notification-service: the SMS vendor's certificate (sms.dxcloud-partner.cn)
                 expired at 16:00 → SSLHandshakeException / CertificateExpiredException, every SMS fails.
(5) 17:00–now    ts-payment-service: ticket release ``SB-20261130-17`` at 17:00 → the bank gateway
                 rate-limits (429, X-RateLimit-Limit=200) — peak 1873 per minute at 17:14. A deploy of
                 ts-payment-service 2.14.1 at 16:40 is a decoy change.

Healthy: ts-station-service, ts-user-service (INFO noise only, 5xx well under the threshold).
Run ``python -m evaluation.worlds ticketing`` to print the bundle.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from evaluation.worlds.common import Json, WorldBuilder, runbook
from evaluation.worlds.spec import HEALTHY, Peak, World, WorldQuestion, fact

NAME = "ticketing"
SEED = 20261130
TZ = dt.timezone(dt.timedelta(hours=8))
DAY = dt.date(2026, 11, 30)
START = dt.datetime(2026, 11, 30, 8, 0, tzinfo=TZ)
REFERENCE = dt.datetime(2026, 11, 30, 18, 0, tzinfo=TZ)
NOISE_EVERY_S = 240

# --- The lines the questions are about (the tests find each one in the bundle) ----------------
SEAT_DEPLOY = ("deploy finished: ts-seat-service 3.8.0 (was 3.7.4) rolled out by ci-bot pipeline=#7712; "
               "changes: seat-release-job batch mode (release 500 holds per transaction)")
SEAT_JOB_START = ("job seat-release-job started: releasing unpaid seat holds older than 15m "
                  "(mode=batch, batch_size=500, order by train_id, seat_no DESC)")
SEAT_DEADLOCK = ("POST /api/v1/seats/allocate -> 500 (com.mysql.cj.jdbc.exceptions.MySQLTransactionRollbackException: "
                 "Deadlock found when trying to get lock; try restarting transaction) train={train} date=2026-12-{d:02d} seat={seat}")
SEAT_INNODB = ("InnoDB LATEST DETECTED DEADLOCK: (1) TRANSACTION seat-release-job UPDATE seat_inventory SET status='FREE' "
               "WHERE train_id='{train}' AND seat_no BETWEEN ... holds lock_mode X on idx_train_seat, waiting for {seat}; "
               "(2) TRANSACTION SeatAllocator.allocate UPDATE seat_inventory SET status='LOCKED' WHERE train_id='{train}' "
               "AND seat_no='{seat}' holds lock_mode X; WE ROLL BACK TRANSACTION (2)")
SEAT_STOP = "config changed: seat.release.batch.enabled true -> false (by ops_wangfang, releaseKey=20261130114530-a9e2)"
ROUTE_PUSH = ("[apollo] config changed: namespace=route-planner key=feature.route_cache_v2.enabled old=false new=true "
              "releaseKey=20261130143205-7f3a operator=zhou.min")
ROUTE_NPE = ('GET /api/v1/routes/search -> 500 (java.lang.NullPointerException: Cannot invoke '
             '"RouteCacheV2.segmentIndex()" because "cache" is null) from={a} to={b}')
ROUTE_ROLLBACK = ("[apollo] config changed: namespace=route-planner key=feature.route_cache_v2.enabled old=true new=false "
                  "releaseKey=20261130145810-2c1d operator=ops_liyang (rollback)")
TRAVEL_JOB = ("job trip-cache-preload started: loading 1248000 trip plans for 30 days into local cache "
              "(TripPlanCache maximumSize=unbounded)")
TRAVEL_ABORT = "job trip-cache-preload aborted by ops_sunhao; TripPlanCache.invalidateAll() freed 1.6G"
GC_PAUSES = (  # (clock, gc id, kind, before, after, ms) — 2761 ms is the longest
    ("15:12:31.204", 5120, "Pause Young (Normal) (G1 Evacuation Pause)", 2871, 2790, "812.406"),
    ("15:16:02.877", 5133, "Pause Young (Mixed) (G1 Evacuation Pause) (to-space exhausted)", 3301, 3250, "1104.918"),
    ("15:21:07.015", 5149, "Pause Full (G1 Compaction Pause)", 3566, 3388, "2761.233"),
    ("15:25:40.442", 5161, "Pause Full (G1 Compaction Pause)", 3570, 3402, "1530.770"),
    ("15:29:12.630", 5170, "Pause Young (Normal) (G1 Evacuation Pause)", 3390, 3120, "640.118"),
)
SMS_TLS = ("send sms failed provider=dxcloud host=sms.dxcloud-partner.cn:443 template={template}: "
           "javax.net.ssl.SSLHandshakeException: PKIX path validation failed: java.security.cert.CertPathValidatorException: "
           "validity check failed (caused by java.security.cert.CertificateExpiredException: NotAfter: Mon Nov 30 16:00:00 CST 2026)")
TICKET_RELEASE = ("ticket release window opened: sale_batch=SB-20261130-17 trains=G/D departures 2026-12-14 "
                  "seats=182000 (expected peak 9x normal pay traffic)")
PAY_DEPLOY = ("deploy finished: ts-payment-service 2.14.1 (was 2.14.0) rolled out by ci-bot pipeline=#7790; "
              "changes: settlement report columns")
PAY_429 = ("bank gateway pay.unionbank-gw.cn responded 429 Too Many Requests (X-RateLimit-Limit=200, "
           "X-RateLimit-Remaining=0, Retry-After=1s) order={order} attempt={attempt}/3")
PAY_FAILED = "payment failed after 3 attempts: upstream 429 Too Many Requests order={order} channel=unionbank"

STATIONS = ["上海虹桥", "南京南", "杭州东", "北京南", "合肥南", "苏州北", "武汉", "长沙南"]
TRAINS = ["G1234", "G7021", "D3107", "G1376", "G7589", "D2281"]
INSTANCES = {
    s: [f"{s}-{suffix}" for suffix in pods]
    for s, pods in {
        "ts-gateway": ("7d9c5f6b8-2kq7p", "7d9c5f6b8-xw4mz"),
        "ts-order-service": ("6c8b7d5f9-h2v8n", "6c8b7d5f9-q9t4r"),
        "ts-payment-service": ("5f7d8c9b6-m3k2s", "5f7d8c9b6-z8p1w"),
        "ts-seat-service": ("84b6c7d9f-c4x9l", "84b6c7d9f-t7r2k"),
        "ts-route-service": ("7b5c9d8f6-j6n3q", "7b5c9d8f6-v2m8e"),
        "ts-travel-service": ("9d6f7c8b5-b8w2x",),
        "ts-notification-service": ("6f8d7b9c5-r4k6t", "6f8d7b9c5-y1p9h"),
        "ts-station-service": ("5c9d8b7f6-a3e7u",),
        "ts-user-service": ("7c6b5d9f8-g5s2d", "7c6b5d9f8-n8c4f"),
    }.items()
}

SERVICES: list[Json] = [
    {"name": "ts-gateway", "aliases": ["票务网关", "网关"], "description": "对外入口（Spring Cloud Gateway），转发到各 ts-* 服务，读超时 3s。"},
    {"name": "ts-order-service", "aliases": ["订单服务"], "description": "下单与放票（Java），放票批次 sale_batch 由运营配置。"},
    {"name": "ts-payment-service", "aliases": ["支付服务"], "description": "支付（Java），调用银行网关 pay.unionbank-gw.cn（配额 200 次/秒），失败重试 3 次。"},
    {"name": "ts-seat-service", "aliases": ["座位服务", "选座服务"], "description": "选座与座位预占（Java），MySQL seat_db 表 seat_inventory；任务 seat-release-job 释放超时未支付的座位。"},
    {"name": "ts-route-service", "aliases": ["线路服务"], "description": "线路查询（Java），配置中心 Apollo 命名空间 route-planner。"},
    {"name": "ts-travel-service", "aliases": ["车次服务"], "description": "车次与余票查询（Java，G1，-Xmx3584m），本地缓存 TripPlanCache。"},
    {"name": "ts-notification-service", "aliases": ["通知服务", "短信服务"], "description": "短信与邮件通知；短信供应商 dxcloud（sms.dxcloud-partner.cn:443）。"},
    {"name": "ts-station-service", "aliases": ["车站服务"], "description": "车站基础数据查询（Java）。"},
    {"name": "ts-user-service", "aliases": ["用户服务", "账号服务"], "description": "登录、乘车人管理（Java）。"},
]

QUIET: dict[str, list[tuple[str, str]]] = {
    "ts-seat-service": [("11:20", "11:46")],
    "ts-route-service": [("14:32", "14:59")],
    "ts-travel-service": [("15:10", "15:32")],
    "ts-notification-service": [("16:00", "18:00")],
    "ts-payment-service": [("17:02", "18:00")],
}


# --- Noise -------------------------------------------------------------------------------------
def _order_id(w: WorldBuilder) -> str:
    return f"T{DAY:%Y%m%d}{w.rng.randint(1_000_000, 9_999_999)}"


def _gateway(w: WorldBuilder, t: dt.datetime) -> tuple[str, str, dict[str, Any]]:
    route = w.rng.choice(["/api/v1/travel/trips", "/api/v1/routes/search", "/api/v1/orders", "/api/v1/stations",
                          "/api/v1/users/passengers", "/api/v1/seats/allocate"])
    if w.rng.random() < 0.1:
        return "DEBUG", "GET /actuator/health 200 rt=1ms", {}
    return "INFO", f"{w.rng.choice(['GET', 'POST'])} {route} 200 rt={w.ms(8, 160)}ms", {"log_type": "access"}


def _order(w: WorldBuilder, t: dt.datetime) -> tuple[str, str, dict[str, Any]]:
    if w.rng.random() < 0.5:
        return "INFO", f"order created order={_order_id(w)} train={w.rng.choice(TRAINS)} seats={w.rng.randint(1, 3)}", {}
    if w.rng.random() < 0.5:
        return "INFO", f"订单超时关闭任务完成 closed={w.rng.randint(2, 30)} cost={w.ms(80, 400)}ms", {"job": "order-timeout-close"}
    return "DEBUG", f"GET /api/v1/orders/{_order_id(w)} -> 200 ({w.ms(5, 30)}ms)", {}


def _payment(w: WorldBuilder, t: dt.datetime) -> tuple[str, str, dict[str, Any]]:
    if w.rng.random() < 0.6:
        return "INFO", f"payment succeeded order={_order_id(w)} channel=unionbank cost={w.ms(120, 380)}ms", {}
    if w.rng.random() < 0.5:
        return "INFO", f"支付回调处理成功 order={_order_id(w)} amount={w.rng.randint(5000, 120000) / 100:.2f}", {}
    return "DEBUG", f"HikariPool-1 - Pool stats (total=40, active={w.rng.randint(2, 9)}, idle=31, waiting=0)", {}


def _seat(w: WorldBuilder, t: dt.datetime) -> tuple[str, str, dict[str, Any]]:
    if w.rng.random() < 0.65:
        return "INFO", (f"POST /api/v1/seats/allocate -> 200 ({w.ms(12, 60)}ms) train={w.rng.choice(TRAINS)} "
                        f"seat={w.rng.randint(1, 16):02d}{w.rng.choice('ABCDF')}"), {}
    return "INFO", f"job seat-release-job run: released={w.rng.randint(3, 40)} holds (mode=single)", {"job": "seat-release-job"}


def _route(w: WorldBuilder, t: dt.datetime) -> tuple[str, str, dict[str, Any]]:
    a, b = w.rng.sample(STATIONS, 2)
    if w.rng.random() < 0.8:
        return "INFO", f"GET /api/v1/routes/search -> 200 ({w.ms(10, 80)}ms) from={a} to={b}", {}
    return "DEBUG", "[apollo] long polling: no change for namespace=route-planner", {}


def _travel(w: WorldBuilder, t: dt.datetime) -> tuple[str, str, dict[str, Any]]:
    if w.rng.random() < 0.7:
        return "INFO", f"GET /api/v1/travel/trips -> 200 ({w.ms(20, 120)}ms) date=2026-12-{w.rng.randint(1, 14):02d}", {}
    before = w.rng.randint(1500, 2100)
    return "DEBUG", (f"[gc] GC({w.rng.randint(4000, 5100)}) Pause Young (Normal) (G1 Evacuation Pause) "
                     f"{before}M->{before - w.rng.randint(400, 700)}M(3584M) {w.rng.randint(9, 38)}.{w.rng.randint(100, 999)}ms"), {"logger": "gc"}


def _notification(w: WorldBuilder, t: dt.datetime) -> tuple[str, str, dict[str, Any]]:
    if w.rng.random() < 0.6:
        return "INFO", (f"sms sent provider=dxcloud template={w.rng.choice(['SMS_ORDER_PAID', 'SMS_TICKET_ISSUED'])} "
                        f"phone=1{w.rng.randint(30, 89)}****{w.rng.randint(0, 9999):04d} cost={w.ms(40, 120)}ms"), {}
    return "INFO", f"email sent provider=ses template=ticket_issued cost={w.ms(60, 200)}ms", {}


def _station(w: WorldBuilder, t: dt.datetime) -> tuple[str, str, dict[str, Any]]:
    if w.rng.random() < 0.85:
        return "INFO", f"GET /api/v1/stations/{w.rng.choice(STATIONS)} -> 200 ({w.ms(3, 15)}ms) cache=hit", {}
    return "INFO", "station catalog refreshed: 3287 stations, 0 changed", {"job": "station-refresh"}


def _user(w: WorldBuilder, t: dt.datetime) -> tuple[str, str, dict[str, Any]]:
    if w.rng.random() < 0.6:
        return "INFO", f"POST /api/v1/users/login -> 200 ({w.ms(15, 50)}ms)", {}
    if w.rng.random() < 0.8:
        return "INFO", f"乘车人信息更新成功 uid={w.rng.randint(10_000_000, 19_999_999)}", {}
    return "WARN", f"登录失败次数过多，账号临时锁定 15 分钟 uid={w.rng.randint(10_000_000, 19_999_999)} attempts=5", {}


NOISE = {
    "ts-gateway": _gateway, "ts-order-service": _order, "ts-payment-service": _payment, "ts-seat-service": _seat,
    "ts-route-service": _route, "ts-travel-service": _travel, "ts-notification-service": _notification,
    "ts-station-service": _station, "ts-user-service": _user,
}


# --- Incidents ---------------------------------------------------------------------------------
DEADLOCKS_PER_MIN = (2, 3, 5, 6, 8, 9, 10, 11, 12, 13, 12, 14, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1)  # 11:21–11:44


def seat_deadlocks(w: WorldBuilder) -> None:
    w.log(w.at("10:52:14.301"), "ts-seat-service", "INFO", SEAT_DEPLOY, change="deploy")
    w.log(w.at("11:20:00.012"), "ts-seat-service", "INFO", SEAT_JOB_START, job="seat-release-job")
    first = w.at("11:21")
    for minute, count in enumerate(DEADLOCKS_PER_MIN):
        for i in range(count):
            moment = first + dt.timedelta(minutes=minute, seconds=(60 * i) // count + w.rng.randint(0, 2),
                                          milliseconds=w.rng.randint(0, 999))
            seat = f"{w.rng.randint(1, 16):02d}{w.rng.choice('ABCDF')}"
            w.log(moment, "ts-seat-service", "ERROR",
                  SEAT_DEADLOCK.format(train=w.rng.choice(TRAINS), d=w.rng.randint(1, 14), seat=seat),
                  sql_state="40001", error_code=1213)
        if minute % 7 == 3:
            w.log(first + dt.timedelta(minutes=minute, seconds=59), "ts-seat-service", "WARN",
                  SEAT_INNODB.format(train=w.rng.choice(TRAINS), seat=f"{w.rng.randint(1, 16):02d}A"), logger="innodb-monitor")
    w.log(w.at("11:45:30.550"), "ts-seat-service", "INFO", SEAT_STOP, change="config")
    w.log(w.at("11:45:41.002"), "ts-seat-service", "INFO", "job seat-release-job stopped (batch mode disabled), released=41200 holds")
    w.alert("MySQLDeadlocks", "ts-seat-service", "warning", w.at("11:23"), w.at("11:47"), "5/min",
            "ts-seat-service InnoDB 死锁 5 次/分钟，超过阈值 2 次/分钟", db="seat_db")
    w.alert("SeatAllocateErrorRate", "ts-seat-service", "critical", w.at("11:26"), w.at("11:48"), "8.3%",
            "选座接口 5xx 比例 8.3% 超过阈值 2%")


def route_flag(w: WorldBuilder) -> None:
    w.log(w.at("14:32:05.118"), "ts-route-service", "INFO", ROUTE_PUSH, change="config", namespace="route-planner")
    moment = w.at("14:32:40")
    while moment < w.at("14:58:10"):
        a, b = w.rng.sample(STATIONS, 2)
        if w.rng.random() < 0.6:
            w.log(moment, "ts-route-service", "ERROR", ROUTE_NPE.format(a=a, b=b), http_status=500)
        else:
            w.log(moment, "ts-route-service", "INFO", f"GET /api/v1/routes/search -> 200 ({w.ms(10, 70)}ms) from={a} to={b}")
        moment += dt.timedelta(seconds=w.rng.randint(15, 30), milliseconds=w.rng.randint(0, 999))
    w.log(w.at("14:58:10.407"), "ts-route-service", "INFO", ROUTE_ROLLBACK, change="config", namespace="route-planner")
    w.log(w.at("14:58:41.900"), "ts-route-service", "INFO", "route search 5xx ratio back to 0.0% over the last 30s")
    w.alert("RouteSearch5xxHigh", "ts-route-service", "critical", w.at("14:34"), w.at("15:00"), "38.2%",
            "ts-route-service 5xx 比例 38.2% 超过阈值 5%")


def travel_gc(w: WorldBuilder) -> None:
    w.log(w.at("15:10:00.220"), "ts-travel-service", "INFO", TRAVEL_JOB, job="trip-cache-preload")
    for clock, gc_id, kind, before, after, ms in GC_PAUSES:
        w.log(w.at(clock), "ts-travel-service", "WARN", f"[gc] GC({gc_id}) {kind} {before}M->{after}M(3584M) {ms}ms", logger="gc")
    moment = w.at("15:10:30")
    while moment < w.at("15:31:20"):
        slow = w.at("15:15") <= moment < w.at("15:30")
        took = w.ms(1400, 3200) if slow else w.ms(40, 300)
        level = "WARN" if took > 1000 else "INFO"
        w.log(moment, "ts-travel-service", level,
              f"GET /api/v1/travel/trips -> 200 ({took}ms) date=2026-12-{w.rng.randint(1, 14):02d}"
              + (" slow request (threshold 1000ms)" if took > 1000 else ""))
        if slow and w.rng.random() < 0.5:
            w.log(moment + dt.timedelta(seconds=3), "ts-gateway", "ERROR",
                  "upstream timed out (3000ms) while reading response from ts-travel-service:8080, "
                  "request: GET /api/v1/travel/trips -> 504")
        moment += dt.timedelta(seconds=w.rng.randint(25, 50), milliseconds=w.rng.randint(0, 999))
    w.log(w.at("15:31:20.330"), "ts-travel-service", "INFO", TRAVEL_ABORT, job="trip-cache-preload")
    w.alert("JvmGcPauseLong", "ts-travel-service", "warning", w.at("15:16:30"), w.at("15:34"), "1104ms",
            "ts-travel-service GC 停顿 1104ms 超过阈值 500ms")
    w.alert("TravelLatencyP99High", "ts-travel-service", "warning", w.at("15:17"), w.at("15:35"), "2980ms",
            "ts-travel-service p99 延迟 2980ms 超过阈值 1000ms")


def sms_certificate(w: WorldBuilder) -> None:
    moment = w.at("16:00:07")
    while moment < REFERENCE:
        template = w.rng.choice(["SMS_ORDER_PAID", "SMS_TICKET_ISSUED", "SMS_LOGIN_CODE"])
        w.log(moment, "ts-notification-service", "ERROR", SMS_TLS.format(template=template), provider="dxcloud")
        if w.rng.random() < 0.4:
            w.log(moment + dt.timedelta(seconds=2), "ts-notification-service", "INFO",
                  f"email sent provider=ses template=ticket_issued cost={w.ms(60, 200)}ms")
        moment += dt.timedelta(seconds=w.rng.randint(50, 80), milliseconds=w.rng.randint(0, 999))
    for minute in range(10, 120, 20):
        w.log(w.at("16:00") + dt.timedelta(minutes=minute), "ts-notification-service", "WARN",
              f"sms retry queue depth {minute * 31} (provider=dxcloud, oldest=16:00:07)")
    w.alert("SSLCertExpiringSoon", "ts-notification-service", "warning",
            dt.datetime(2026, 11, 23, 16, 0, tzinfo=TZ), w.at("16:00"), "7d",
            "sms.dxcloud-partner.cn:443 证书将在 7 天内过期", probe="sms.dxcloud-partner.cn:443")
    w.alert("SSLCertExpired", "ts-notification-service", "critical", w.at("16:00"), None, "0d",
            "sms.dxcloud-partner.cn:443 证书已于 2026-11-30 16:00 过期（notAfter）", probe="sms.dxcloud-partner.cn:443")
    w.alert("SmsSendFailureHigh", "ts-notification-service", "critical", w.at("16:03"), None, "100%",
            "短信发送失败率 100% 超过阈值 5%", provider="dxcloud")


def payment_rate_limit(w: WorldBuilder) -> None:
    w.log(w.at("16:40:12.640"), "ts-payment-service", "INFO", PAY_DEPLOY, change="deploy")
    w.log(w.at("17:00:00.003"), "ts-order-service", "INFO", TICKET_RELEASE, change="sale", sale_batch="SB-20261130-17")
    moment = w.at("17:02:03")
    while moment < REFERENCE:
        order = _order_id(w)
        w.log(moment, "ts-payment-service", "WARN", PAY_429.format(order=order, attempt=w.rng.randint(1, 3)), upstream_status=429)
        if w.rng.random() < 0.4:
            w.log(moment + dt.timedelta(seconds=4), "ts-payment-service", "ERROR", PAY_FAILED.format(order=order))
        else:
            w.log(moment + dt.timedelta(seconds=5), "ts-payment-service", "INFO",
                  f"payment succeeded order={_order_id(w)} channel=unionbank cost={w.ms(300, 900)}ms")
        moment += dt.timedelta(seconds=w.rng.randint(20, 40), milliseconds=w.rng.randint(0, 999))
    w.alert("UpstreamRateLimited", "ts-payment-service", "warning", w.at("17:03"), None, "612/min",
            "调用银行网关 pay.unionbank-gw.cn 返回 429 共 612 次/分钟，超过阈值 50 次/分钟", upstream="pay.unionbank-gw.cn")
    w.alert("PaymentFailureRateHigh", "ts-payment-service", "critical", w.at("17:05"), None, "18.4%",
            "支付失败率 18.4% 超过阈值 3%")


def build_metrics(w: WorldBuilder) -> None:
    at = w.at
    w.series("innodb_deadlocks_per_min", "ts-seat-service", "次/分钟",
             [(at("08:00"), 0), (at("11:20"), 0), *((at("11:21") + dt.timedelta(minutes=i), v) for i, v in enumerate(DEADLOCKS_PER_MIN)),
              (at("11:45"), 0), (at("18:00"), 0)],
             start=START, fine=[(at("11:10"), at("11:55"))], digits=0, threshold=2, db="seat_db")
    w.series("http_5xx_rate", "ts-seat-service", "%", [(at("08:00"), 0.1), (at("11:20"), 0.1), (at("11:32"), 11.6),
                                                       (at("11:46"), 0.2), (at("18:00"), 0.1)],
             start=START, fine=[(at("11:10"), at("11:55"))], spread=0.05, digits=1, threshold=2)
    w.series("http_5xx_rate", "ts-route-service", "%", [(at("08:00"), 0.1), (at("14:32"), 0.1), (at("14:33"), 36.0),
                                                        (at("14:45"), 41.7), (at("14:58"), 38.0), (at("14:59"), 0.2),
                                                        (at("18:00"), 0.1)],
             start=START, fine=[(at("14:20"), at("15:10"))], spread=0.05, digits=1, threshold=5)
    gc = [(at("08:00"), 25), (at("15:10"), 30), (at("15:11"), 45), (at("15:12"), 812), (at("15:13"), 160),
          (at("15:15"), 240), (at("15:16"), 1105), (at("15:17"), 420), (at("15:20"), 480), (at("15:21"), 2761),
          (at("15:22"), 520), (at("15:24"), 610), (at("15:25"), 1531), (at("15:26"), 380), (at("15:28"), 300),
          (at("15:29"), 640), (at("15:30"), 210), (at("15:32"), 35), (at("18:00"), 28)]
    w.series("jvm_gc_pause_max", "ts-travel-service", "ms", gc, start=START, fine=[(at("15:05"), at("15:40"))],
             spread=4, digits=0, threshold=500)
    w.series("jvm_heap_used", "ts-travel-service", "MiB", [(at("08:00"), 1850), (at("15:10"), 1900), (at("15:16"), 3301),
                                                          (at("15:21"), 3566), (at("15:25"), 3570), (at("15:31"), 3402),
                                                          (at("15:32"), 1780), (at("18:00"), 1900)],
             start=START, fine=[(at("15:05"), at("15:40"))], spread=60, digits=0, threshold=3400)
    w.series("http_p99_latency", "ts-travel-service", "ms", [(at("08:00"), 140), (at("15:14"), 160), (at("15:21"), 3120),
                                                            (at("15:30"), 1800), (at("15:33"), 170), (at("18:00"), 150)],
             start=START, fine=[(at("15:05"), at("15:40"))], spread=15, digits=0, threshold=1000)
    w.series("sms_send_failure_rate", "ts-notification-service", "%",
             [(at("08:00"), 0.3), (at("16:00"), 0.3), (at("16:01"), 100), (at("18:00"), 100)],
             start=START, fine=[(at("15:50"), at("16:20"))], digits=1, threshold=5, provider="dxcloud")
    w.series("tls_cert_days_left", "ts-notification-service", "d",
             [(at("08:00"), 0.33), (at("16:00"), 0.0), (at("18:00"), -0.08)],
             start=START, coarse_minutes=30, digits=2, probe="sms.dxcloud-partner.cn:443")
    limited = [(at("08:00"), 0), (at("17:01"), 0), (at("17:02"), 140), (at("17:05"), 612), (at("17:10"), 1420),
               (at("17:14"), 1873), (at("17:20"), 1510), (at("17:40"), 820), (at("18:00"), 240)]
    w.series("bank_gateway_429_per_min", "ts-payment-service", "次/分钟", limited, start=START,
             fine=[(at("16:50"), at("18:00"))], spread=25, digits=0, threshold=50, upstream="pay.unionbank-gw.cn")
    w.series("payment_failure_rate", "ts-payment-service", "%", [(at("08:00"), 0.4), (at("17:01"), 0.4), (at("17:05"), 18.4),
                                                                 (at("17:14"), 22.6), (at("17:40"), 12.0), (at("18:00"), 6.1)],
             start=START, fine=[(at("16:50"), at("18:00"))], spread=0.3, digits=1, threshold=3)
    for service in ("ts-station-service", "ts-user-service"):
        w.series("http_5xx_rate", service, "%", [(at("08:00"), 0.1), (at("12:00"), 0.2), (at("18:00"), 0.1)],
                 start=START, spread=0.05, digits=1, threshold=5)
        w.series("http_p99_latency", service, "ms", [(at("08:00"), 40), (at("13:00"), 55), (at("18:00"), 42)],
                 start=START, spread=6, digits=0, threshold=800)


# --- Runbooks ----------------------------------------------------------------------------------
RUNBOOKS: list[tuple[str, str, str]] = [
    ("runbooks/tls-cert-expired.md", "TLS 证书过期处理手册", runbook(
        "TLS 证书过期处理手册", "适用于调用外部接口时 SSLHandshakeException、CertificateExpiredException、PKIX path validation failed。",
        ["**SSLCertExpiringSoon**：探测到证书 7 天内过期。", "**SSLCertExpired**：证书已过 notAfter。"],
        ["用 `openssl s_client -connect host:443 -servername host` 查看对端证书的 notAfter。",
         "确认是对端证书过期还是本地 truststore 缺少新的中间证书。", "统计受影响的调用方与失败量。"],
        ["对端（供应商）证书过期未续期。", "证书链变更后本地 truststore 未更新。", "机器时间偏差导致误判过期。"],
        ["联系供应商立即续期证书，并确认新证书链。", "临时切换到备用短信供应商。", "禁止为止血关闭证书校验；若必须，需经过安全评审。"])),
    ("runbooks/upstream-429.md", "上游限流（HTTP 429）处理手册", runbook(
        "上游限流（HTTP 429）处理手册", "适用于调用第三方/上游接口返回 429 Too Many Requests、X-RateLimit-Remaining=0。",
        ["**UpstreamRateLimited**：上游 429 次数超过阈值。"],
        ["对照 X-RateLimit-Limit 与本方实际调用 QPS。", "确认流量来源：活动、放票、重试放大。", "检查重试是否遵守 Retry-After。"],
        ["流量突增（活动、放票）超过上游配额。", "重试策略放大请求量（无退避的重试风暴）。", "多个实例共享同一配额却各自限速。"],
        ["客户端按配额做令牌桶限速并排队削峰。", "按 Retry-After 指数退避，减少重试次数。", "提前向上游申请临时提升配额。"])),
    ("runbooks/config-rollback.md", "配置与功能开关变更回滚手册", runbook(
        "配置与功能开关变更回滚手册", "适用于配置中心（Apollo）推送或功能开关切换后出现错误。",
        ["变更后 5 分钟内错误率升高的告警（如 5xx 比例）。"],
        ["在配置中心查看最近的发布记录与 releaseKey。", "对齐错误开始时间与推送时间。", "确认开关对应的代码路径是否已完整上线。"],
        ["开关打开了尚未完成初始化的代码路径。", "配置值格式错误。", "灰度范围配置错误导致全量生效。"],
        ["在配置中心回滚到上一个 releaseKey。", "开关改为按比例灰度发布。", "为新代码路径补充空值保护与启动自检。"])),
    ("runbooks/jvm-gc.md", "JVM GC 停顿排查手册", runbook(
        "JVM GC 停顿排查手册", "适用于 G1 长停顿、Full GC、to-space exhausted、接口因 GC 超时。",
        ["**JvmGcPauseLong**：单次 GC 停顿超过 500ms。"],
        ["查看 GC 日志中的 Pause Full 与 to-space exhausted。", "对照堆使用曲线与任务/发布时间。", "必要时 jmap -histo 查看大对象。"],
        ["无上限的本地缓存或大批量预热任务占满堆。", "Humongous 对象过多。", "堆设置过小。"],
        ["停止或分批执行预热任务，缓存设置 maximumSize。", "调整 -Xmx 与 G1 参数（如 G1HeapRegionSize）。", "将大任务移出在线服务。"])),
    ("runbooks/mysql-deadlock.md", "MySQL 死锁处理手册", runbook(
        "MySQL 死锁处理手册", "适用于 Deadlock found when trying to get lock、errorCode 1213、MySQLTransactionRollbackException。",
        ["**MySQLDeadlocks**：InnoDB 死锁次数超过阈值。"],
        ["SHOW ENGINE INNODB STATUS 查看 LATEST DETECTED DEADLOCK。", "找出两个事务的 SQL 与加锁顺序。", "对齐死锁开始时间与发布、批量任务。"],
        ["两个事务以相反顺序更新同一批行。", "批量任务在一个大事务里锁住大量行。", "缺少合适索引导致锁范围扩大。"],
        ["统一加锁顺序（按主键升序）。", "批量任务拆成小事务或暂停。", "业务侧对 1213 做有限次重试。"])),
    ("runbooks/thread-pool.md", "线程池耗尽处理手册", runbook(
        "线程池耗尽处理手册", "适用于 RejectedExecutionException、线程池队列满。",
        ["**ThreadPoolQueueFull**：线程池队列使用率超过 90%。"],
        ["jstack 查看线程状态。", "查看线程池 activeCount 与 queue size。"],
        ["下游变慢导致线程被占住。", "线程池配置过小。"],
        ["临时调大 corePoolSize 与队列长度。", "对慢下游加超时与熔断。"])),
    ("runbooks/db-pool.md", "数据库连接池耗尽处理手册", runbook(
        "数据库连接池耗尽处理手册", "适用于 HikariPool Connection is not available、连接池 active 打满。",
        ["**DBConnectionPoolExhausted**：连接池 active 等于上限。"],
        ["查看 HikariPool 的 active/idle/waiting。", "找出长时间占用连接的慢 SQL。"],
        ["慢 SQL 长时间占用连接。", "连接泄漏。"],
        ["临时调大 maximumPoolSize。", "优化慢 SQL，开启 leakDetectionThreshold。"])),
]


def build_bundle(seed: int = SEED) -> Json:
    w = WorldBuilder(seed=seed, day=DAY, tz=TZ, reference=REFERENCE, instances=INSTANCES, labels={"env": "prod", "cluster": "railgo-sh"})
    for service, make in NOISE.items():
        quiet = [(w.at(a), w.at(b)) for a, b in QUIET.get(service, [])]
        w.noise(service, make, START, every_s=NOISE_EVERY_S, quiet=quiet)
    seat_deadlocks(w)
    route_flag(w)
    travel_gc(w)
    sms_certificate(w)
    payment_rate_limit(w)
    build_metrics(w)
    documents = [{"title": title, "source": source, "content": content} for source, title, content in RUNBOOKS]
    return w.bundle(name="RailGo 云轨票务 2026-11-30", services=SERVICES, documents=documents)


# --- Questions ---------------------------------------------------------------------------------
INCIDENT_WORDS = ("Deadlock", "NullPointerException", "CertificateExpired", "Too Many Requests", "Pause Full")
UNRELATED_REMEDIES = ("corePoolSize", "maximumPoolSize")
FIRING = ("SSLCertExpired", "SmsSendFailureHigh", "UpstreamRateLimited", "PaymentFailureRateHigh")

QUESTIONS: tuple[WorldQuestion, ...] = (
    WorldQuestion(
        "ticketing_seat_deadlock_cause", "ts-seat-service 今天上午 11 点多选座大量失败，是什么原因？", "cause",
        asked_facts=(fact("Deadlock found", "死锁"),), cause_facts=(fact("seat-release-job"),),
        forbidden=("证书", "Too Many Requests", "NullPointerException", *UNRELATED_REMEDIES), service="ts-seat-service",
        diagnosis="seat-release-job 批量模式（10:52 发布 3.8.0）与选座以相反顺序锁 seat_inventory → InnoDB 死锁 → 500",
    ),
    WorldQuestion(
        "ticketing_seat_deadlock_quantity", "ts-seat-service 今天上午死锁最多的时候每分钟多少次？", "quantity",
        asked_facts=(fact("14次/分钟", "14 次/分钟", "14/min"),), forbidden=("证书", "Too Many Requests"), service="ts-seat-service",
        peak=Peak("ts-seat-service", "innodb_deadlocks_per_min", 14),
        diagnosis="innodb_deadlocks_per_min 峰值 14 次/分钟（11:32）",
    ),
    WorldQuestion(
        "ticketing_route_flag_cause", "ts-route-service 下午两点半以后查线路一直报 500，怎么回事？", "cause",
        asked_facts=(fact("NullPointerException"),), cause_facts=(fact("feature.route_cache_v2.enabled"),),
        forbidden=("证书", "Too Many Requests", "Deadlock", "死锁", *UNRELATED_REMEDIES), service="ts-route-service",
        diagnosis="14:32:05 配置中心推送 feature.route_cache_v2.enabled=true → RouteCacheV2 NPE；14:58:10 回滚",
    ),
    WorldQuestion(
        "ticketing_route_changes_listing", "ts-route-service 今天下午有哪些配置变更？", "listing",
        asked_facts=(fact("20261130143205-7f3a"), fact("20261130145810-2c1d")), forbidden=("证书", "Too Many Requests"),
        service="ts-route-service", diagnosis="两次 Apollo 推送：14:32:05 打开开关、14:58:10 回滚",
    ),
    WorldQuestion(
        "ticketing_gc_quantity", "ts-travel-service 今天 GC 停顿最长是多少毫秒？", "quantity",
        asked_facts=(fact("2761"),), forbidden=("Deadlock", "Too Many Requests"), service="ts-travel-service",
        peak=Peak("ts-travel-service", "jvm_gc_pause_max", 2761),
        diagnosis="最长一次 Pause Full 2761ms（15:21:07），不是告警里的 1104ms",
    ),
    WorldQuestion(
        "ticketing_gc_cause", "ts-travel-service 15 点 20 分左右接口超时，为什么？", "cause",
        asked_facts=(fact("Pause Full", "Full GC", "GC 停顿", "jvm_gc_pause_max"),), cause_facts=(fact("trip-cache-preload"),),
        forbidden=("Deadlock", "Too Many Requests", "证书", *UNRELATED_REMEDIES), service="ts-travel-service",
        diagnosis="15:10 trip-cache-preload 把 124.8 万条车次装进无上限缓存 → 堆满 → Full GC 最长 2761ms → 网关 504",
    ),
    WorldQuestion(
        "ticketing_tls_cause", "ts-notification-service 16 点之后短信全部发送失败，原因是什么？", "cause",
        asked_facts=(fact("SSLHandshakeException"),), cause_facts=(fact("CertificateExpiredException", "证书过期", "证书已于"),),
        forbidden=("Too Many Requests", "Deadlock", "死锁", *UNRELATED_REMEDIES), service="ts-notification-service",
        diagnosis="短信供应商 sms.dxcloud-partner.cn 证书 16:00 过期 → SSLHandshakeException，发送失败率 100%",
    ),
    WorldQuestion(
        "ticketing_tls_existence", "ts-notification-service 有没有证书相关的告警？", "existence",
        asked_facts=(fact("SSLCertExpired"),), forbidden=("Too Many Requests", "Deadlock"), service="ts-notification-service",
        diagnosis="有：SSLCertExpired 自 16:00 触发（此前 SSLCertExpiringSoon）",
    ),
    WorldQuestion(
        "ticketing_429_cause", "ts-payment-service 17 点以后支付失败变多，是怎么回事？", "cause",
        asked_facts=(fact("Too Many Requests", "HTTP 429", "返回 429"),), cause_facts=(fact("SB-20261130-17", "放票", "ticket release"),),
        forbidden=("证书", "Deadlock", "死锁", *UNRELATED_REMEDIES), service="ts-payment-service",
        diagnosis="17:00 放票 SB-20261130-17 流量超过银行网关配额（X-RateLimit-Limit=200）→ 429 → 重试 3 次后失败；16:40 的发布不是原因",
    ),
    WorldQuestion(
        "ticketing_429_quantity", "ts-payment-service 被银行网关限流每分钟最多多少次？", "quantity",
        asked_facts=(fact("1873"),), forbidden=("证书", "Deadlock"), service="ts-payment-service",
        peak=Peak("ts-payment-service", "bank_gateway_429_per_min", 1873),
        diagnosis="bank_gateway_429_per_min 峰值 1873 次/分钟（17:14）",
    ),
    WorldQuestion(
        "ticketing_alert_listing", "现在还有哪些告警在触发？", "listing",
        asked_facts=tuple(fact(name) for name in FIRING), forbidden=("ts-station-service", "ts-user-service"),
        diagnosis="4 条：SSLCertExpired、SmsSendFailureHigh（通知）、UpstreamRateLimited、PaymentFailureRateHigh（支付）",
    ),
    WorldQuestion(
        "ticketing_station_healthy", "ts-station-service 今天有没有报错或告警？", "existence",
        asked_facts=(HEALTHY,), forbidden=INCIDENT_WORDS, service="ts-station-service", healthy=True,
        diagnosis="没有：只有 INFO 日志，5xx 最高 0.2%（阈值 5%），无告警",
    ),
    WorldQuestion(
        "ticketing_user_healthy", "用户服务现在有告警吗？", "existence",
        asked_facts=(HEALTHY,), forbidden=INCIDENT_WORDS, service="ts-user-service", healthy=True,
        diagnosis="没有告警；5xx 最高 0.2%（阈值 5%）",
    ),
)

WORLD = World(name=NAME, title="RailGo 云轨票务（train-ticket 类微服务）", build=build_bundle, questions=QUESTIONS)
