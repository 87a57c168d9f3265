"""The committed demo world: it loads, is rich enough, is internally consistent, and is exactly
what the deterministic generator produces."""

from __future__ import annotations

import datetime as dt
import io
import json

import pytest
from django.core.management import call_command

from diagnosis.demo import DEMO_BUNDLE_PATH
from diagnosis.evidence.bundle import bundle_parse
from diagnosis.models import Alert, KnowledgeDocument, LogRecord, MetricSeries, Service
from evaluation import demo as demo_generator
from tests.evidence.builders import table_counts

SECTION_HEADINGS = ("## 告警说明", "## 排查步骤", "## 常见原因", "## 处理方案")
TZ = dt.timezone(dt.timedelta(hours=8))


@pytest.fixture(scope="module")
def demo() -> dict:
    return json.loads(DEMO_BUNDLE_PATH.read_text("utf-8"))


def at(day: int, clock: str) -> dt.datetime:
    hour, minute = (int(x) for x in clock.split(":"))
    return dt.datetime(2026, 11, day, hour, minute, tzinfo=TZ)


# --- generator ---------------------------------------------------------------------------------
def test_the_generator_is_deterministic():
    assert demo_generator.render(demo_generator.build_bundle()) == demo_generator.render(demo_generator.build_bundle())


def test_the_committed_demo_bundle_is_the_generators_output():
    assert DEMO_BUNDLE_PATH.read_text("utf-8") == demo_generator.render(demo_generator.build_bundle())
    assert demo_generator.main(["--check"]) == 0


def test_the_demo_bundle_is_valid():
    bundle = bundle_parse(DEMO_BUNDLE_PATH.read_bytes())

    assert bundle.reference_time == at(28, "10:30")


# --- richness ----------------------------------------------------------------------------------
def test_the_demo_world_is_rich_enough(demo):
    assert len(demo["services"]) >= 5
    assert all(service["aliases"] and service["description"] for service in demo["services"])
    assert len(demo["logs"]) >= 400
    assert {"DEBUG", "INFO", "WARN", "ERROR"} <= {entry["level"] for entry in demo["logs"]}
    assert {entry["service"] for entry in demo["logs"]} == {service["name"] for service in demo["services"]}
    assert len(demo["alerts"]) >= 8
    assert {"firing", "resolved"} == {alert["state"] for alert in demo["alerts"]}
    assert len(demo["metrics"]) >= 10
    assert len(demo["documents"]) >= 6
    for document in demo["documents"]:
        assert all(heading in document["content"] for heading in SECTION_HEADINGS), document["title"]


def test_the_logs_cover_the_relative_times_questions_use(demo):
    times = [dt.datetime.fromisoformat(entry["timestamp"]) for entry in demo["logs"]]
    windows = {
        "昨天晚上": (at(27, "18:00"), at(27, "23:59")),
        "今天凌晨": (at(28, "00:00"), at(28, "05:00")),
        "今天上午": (at(28, "06:00"), at(28, "10:30")),
        "半小时前": (at(28, "09:55"), at(28, "10:05")),
        "10:05": (at(28, "10:05"), at(28, "10:06")),
    }
    for label, (start, end) in windows.items():
        assert any(start <= t <= end for t in times), label
    assert max(times) <= at(28, "10:30")
    assert min(times) >= at(27, "00:00")


@pytest.mark.parametrize(
    "fragment",
    [
        "HikariPool-1 - Connection is not available, request timed out after 3000ms (active=50, idle=0, waiting=37)",
        "POST /api/pay -> HTTP 500 Internal Server Error",
        "java.lang.OutOfMemoryError: Java heap space",
        "reason=OOMKilled exitCode=137",
        "Back-off restarting failed container order-service",
        "slow query took 4870ms: SELECT sku_id, warehouse_id, available_qty FROM stock",
        "No space left on device",
        "upstream timed out (110: Connection timed out)",
        "支付回调处理成功",
    ],
)
def test_the_incident_signatures_are_in_the_logs(demo, fragment):
    assert any(fragment in entry["message"] for entry in demo["logs"])


# Alert → the series its rule watches, the rule's threshold, and whether ends_at follows the raw
# series (max_over_time / event rules resolve later, by design).
ALERT_RULES = [
    ("HighErrorRate", "payment-service", "http_5xx_rate", {}, 5.0, True),
    ("HighLatencyP99", "payment-service", "http_request_duration_p99_ms", {}, 1000.0, True),
    ("DBConnectionPoolHighUsage", "payment-service", "db_pool_active", {}, 45.0, True),
    ("DBConnectionPoolExhausted", "payment-service", "db_pool_pending", {}, 10.0, True),
    ("UpstreamErrorRate", "api-gateway", "http_5xx_rate", {"upstream": "payment-service"}, 5.0, True),
    ("HighMemoryUsage", "order-service", "memory_usage", {}, 1843.0, False),
    ("PodRestartLoop", "order-service", "container_restarts_30m", {}, 2.0, True),
    ("HighLatencyP99", "inventory-service", "http_request_duration_p99_ms", {}, 1000.0, True),
    ("MySQLSlowQueries", "inventory-service", "mysql_slow_queries", {}, 5.0, True),
    ("DiskSpaceLow", "search-service", "disk_usage", {}, 90.0, True),
    ("DiskSpaceCritical", "search-service", "disk_usage", {}, 95.0, True),
    ("HighCPUUsage", "search-service", "cpu_usage", {}, 85.0, True),
    ("Upstream504Rate", "api-gateway", "http_504_rate", {}, 2.0, True),
    ("RedisLatencyHigh", "user-service", "redis_command_p99_ms", {}, 500.0, True),
    ("KafkaConsumerLag", "notification-service", "kafka_consumer_lag", {}, 10000.0, True),
]


@pytest.mark.parametrize(("alert_name", "service", "metric", "labels", "threshold", "check_end"), ALERT_RULES)
def test_alerts_agree_with_their_metric_series(demo, alert_name, service, metric, labels, threshold, check_end):
    series = next(
        s for s in demo["metrics"]
        if s["name"] == metric and s["service"] == service and labels.items() <= s["labels"].items()
    )
    points = [(dt.datetime.fromisoformat(t), v) for t, v in series["points"]]
    alerts = [a for a in demo["alerts"] if a["name"] == alert_name and a["service"] == service]
    assert alerts
    for alert in alerts:
        starts = dt.datetime.fromisoformat(alert["starts_at"])
        before = [v for t, v in points if starts - dt.timedelta(minutes=5) <= t < starts]
        assert before and all(v <= threshold for v in before), "the series crosses the threshold when the alert starts"
        first = next((t, v) for t, v in points if t >= starts)
        assert first[0] == starts.replace(second=0) and first[1] > threshold
        if not alert_name.startswith("HighMemory"):
            assert f"{first[1]:g}" in alert["value"], (alert["value"], first[1])
        if alert["state"] == "firing":
            assert all(v > threshold for t, v in points if t >= starts)
        elif check_end:
            ends = dt.datetime.fromisoformat(alert["ends_at"])
            below = next(t for t, v in points if t > starts and v <= threshold)
            assert below == ends


# --- loading -----------------------------------------------------------------------------------
@pytest.mark.django_db
def test_load_demo_loads_the_world_and_twice_is_idempotent():
    out = io.StringIO()
    call_command("load_demo", stdout=out)
    assert "已加载证据包 (bundle loaded): SuperBiz 演示环境" in out.getvalue()
    after_first = table_counts()

    assert Service.objects.count() >= 5
    assert all(service.aliases for service in Service.objects.all())
    assert LogRecord.objects.count() >= 400
    assert MetricSeries.objects.filter(threshold__isnull=False).count() >= 10
    documents = KnowledgeDocument.objects.all()
    assert documents.count() >= 6
    for document in documents:
        headings = " ".join(document.chunks.values_list("heading_path", flat=True))
        assert all(h.removeprefix("## ") in headings for h in SECTION_HEADINGS), document.title
    incidents = {
        ("payment-service", "HighErrorRate", "firing"),
        ("order-service", "ContainerOOMKilled", "resolved"),
        ("inventory-service", "HighLatencyP99", "resolved"),
        ("search-service", "DiskSpaceLow", "resolved"),
        ("api-gateway", "Upstream504Rate", "resolved"),
    }
    assert incidents <= set(Alert.objects.values_list("service", "name", "state"))

    again = io.StringIO()
    call_command("load_demo", stdout=again)

    assert table_counts() == after_first
    assert "未新增内容" in again.getvalue()
