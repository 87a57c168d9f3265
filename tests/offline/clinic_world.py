"""A clinic's booking platform for the neighbour reads (not the demo, not the evaluation worlds):
the failing service's database and the other tenant of that database.

Reference time 2027-03-09 15:00 (+08:00):

- booking-api (预约服务) writes PostgreSQL clinic-pg (库 booking_db). From 14:02 to 14:15 it answers
  500: ``… PSQLException: FATAL: sorry, too many clients already``.
- clinic-pg (PostgreSQL 集群) reaches max_connections: alert ``PgConnectionsNearMax`` from 14:03,
  ``pg_connections`` crosses 270 at 14:02.
- report-job reads the same database (booking_db); at 13:58 an operator scales it 2 -> 12 replicas
  (20 connections each) — the cause, on another service.
- sms-sender (短信服务, unrelated) deploys 2.3.0 at 13:59 — a decoy; booking-api's own config push
  at 13:40 is another; at 11:00 clinic-pg's disk alert fired and resolved (no lead).
"""

from __future__ import annotations

from typing import Any

from diagnosis.evidence.loader import evidence_bundle_load
from tests.offline.bundle_rows import Day

DAY = "2027-03-09"
D = Day(DAY)
BOOK_500 = ("POST /api/book -> 500 booking_no=B{n} (org.springframework.jdbc.CannotGetJdbcConnectionException: Failed "
            "to obtain JDBC Connection; nested exception is org.postgresql.util.PSQLException: FATAL: sorry, too many "
            "clients already)")  # fmt: skip
SCALE = "deployment report-job scaled 2 -> 12 replicas by ops_qian (kubectl scale deploy/report-job --replicas=12)"
SMS_DEPLOY = "deploy finished: sms-sender 2.3.0 (was 2.2.9) rolled out by ci-bot"
OWN_PUSH = "[apollo] config changed: key=booking.hold-minutes old=10 new=15 operator=pm_wu"





BUNDLE: dict[str, Any] = {
    "bundle_version": 1,
    "name": "clinic-world",
    "reference_time": D.at("15:00:00"),
    "services": [
        {"name": "booking-api", "aliases": ["预约服务"],
         "description": "挂号预约（Java）：读写 PostgreSQL clinic-pg 的库 booking_db（用户 booking，HikariCP 20 个连接），"
                        "调用 sms-sender 发预约短信"},
        {"name": "clinic-pg", "aliases": ["预约库"],
         "description": "PostgreSQL 14 集群：主库 clinic-pg-01；库 booking_db；max_connections 300，"
                        "superuser_reserved_connections 3；用户 booking、report"},
        {"name": "report-job", "aliases": ["报表任务"],
         "description": "报表导出（Java）：读 booking_db（用户 report，每个 Pod 20 个连接）"},
        {"name": "sms-sender", "aliases": ["短信服务"], "description": "短信发送（Go）"},
    ],  # fmt: skip
    "logs": [
        D.log("13:40:00", "booking-api", "INFO", OWN_PUSH),
        D.log("13:58:10", "report-job", "INFO", SCALE),
        D.log("13:59:00", "sms-sender", "INFO", SMS_DEPLOY),
        *[D.log(f"14:{m:02d}:{s:02d}", "booking-api", "ERROR", BOOK_500.format(n=m * 100 + s))
          for m in range(2, 16) for s in (5, 35)],
        *[D.log(f"14:{m:02d}:20", "booking-api", "INFO", f"GET /api/slots -> 200 dept=D{m}") for m in range(0, 60, 3)],
    ],  # fmt: skip
    "alerts": [
        {"name": "PgConnectionsNearMax", "service": "clinic-pg", "severity": "critical", "state": "resolved",
         "starts_at": D.at("14:03:00"), "ends_at": D.at("14:16:00"), "value": "297/300",
         "summary": "clinic-pg-01 连接数 297，达到 max_connections 300 的 99%", "labels": {}},
        {"name": "PgDiskUsageHigh", "service": "clinic-pg", "severity": "warning", "state": "resolved",
         "starts_at": D.at("11:00:00"), "ends_at": D.at("11:20:00"), "value": "86%",
         "summary": "clinic-pg-01 磁盘使用率 86% 超过阈值 85%", "labels": {}},
    ],  # fmt: skip
    "metrics": [
        D.series("pg_connections", "clinic-pg", "个", 270, {"13:50:00": 120, "14:00:00": 180, "14:02:00": 290,
                                                          "14:05:00": 297, "14:20:00": 130, "15:00:00": 110}),
    ],  # fmt: skip
    "documents": [],
}


def load_clinic_world() -> None:
    evidence_bundle_load(data=BUNDLE, source_name="clinic-world")
