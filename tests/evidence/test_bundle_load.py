"""Loading valid bundles: rows and report counts, idempotency, overlapping bundles merge."""

from __future__ import annotations

import datetime as dt
import json

import pytest

from diagnosis.evidence.loader import evidence_bundle_load
from diagnosis.models import (
    Alert,
    EvidenceBundle,
    KnowledgeDocument,
    LogRecord,
    MetricPoint,
    MetricSeries,
    Service,
)
from tests.evidence.builders import log, small_bundle, table_counts

pytestmark = pytest.mark.django_db


def test_loading_a_valid_bundle_creates_rows_and_reports_counts():
    report = evidence_bundle_load(data=json.dumps(small_bundle()), source_name="small.json")

    assert report.bundle_created is True
    counts = report.counts
    assert (counts.services.created, counts.logs.created, counts.alerts.created) == (2, 3, 1)
    assert (counts.metrics.created, counts.points.created, counts.documents.created) == (1, 3, 1)
    assert counts.written == 2 + 3 + 1 + 1 + 3 + 1
    bundle = EvidenceBundle.objects.get()
    assert bundle.name == "小证据包"
    assert bundle.reference_time == dt.datetime(2026, 11, 28, 2, 30, tzinfo=dt.UTC)
    assert bundle.counts["logs"] == {"created": 3, "updated": 0, "skipped": 0}
    assert LogRecord.objects.filter(bundle=bundle, level="ERROR").count() == 3
    assert Service.objects.get(name="payment-service").aliases == ["支付服务"]
    series = MetricSeries.objects.get()
    assert series.threshold == 5.0
    assert list(series.points.values_list("value", flat=True)) == [0.2, 3.2, 12.5]
    assert KnowledgeDocument.objects.get().chunks.exists()


def test_loading_the_same_bundle_twice_adds_nothing():
    evidence_bundle_load(data=json.dumps(small_bundle()))
    before = table_counts()

    again = evidence_bundle_load(data=json.dumps(small_bundle(), indent=2))  # same content, other spelling

    assert table_counts() == before
    assert again.bundle_created is False
    assert again.counts.written == 0
    assert again.counts.logs.skipped == 3
    assert again.counts.points.skipped == 3
    assert again.counts.documents.skipped == 1


def test_loading_again_restores_rows_deleted_since():
    evidence_bundle_load(data=small_bundle())
    LogRecord.objects.filter(trace_id="trace-13").delete()

    report = evidence_bundle_load(data=small_bundle())

    assert report.counts.logs.created == 1
    assert LogRecord.objects.count() == 3


def test_overlapping_bundles_in_one_scope_do_not_duplicate_shared_rows():
    evidence_bundle_load(data=small_bundle(), scope="incident")
    second = small_bundle()
    second["name"] = "后续证据包"
    second["services"] = [{"name": "payment-service", "aliases": ["支付", "支付服务"], "description": "支付下单与回调"}]
    second["logs"] = [log(13), log(14, "HikariPool-1 - Connection is not available (active=50, idle=0, waiting=37)"), log(15)]
    second["alerts"][0].update(state="resolved", ends_at="2026-11-28T10:40:00+08:00")
    # Same instants written in UTC: still the same points.
    second["metrics"][0]["points"] = [["2026-11-28T02:06:00Z", 12.5], ["2026-11-28T02:07:00Z", 13.9]]

    report = evidence_bundle_load(data=second, scope="incident")

    assert report.bundle_created is True
    assert EvidenceBundle.objects.filter(scope__name="incident").count() == 2
    assert (report.counts.logs.created, report.counts.logs.skipped) == (1, 2)
    assert LogRecord.objects.count() == 4
    assert report.counts.alerts.updated == 1
    alert = Alert.objects.get()
    assert alert.state == "resolved"
    assert alert.ends_at == dt.datetime(2026, 11, 28, 2, 40, tzinfo=dt.UTC)
    assert (report.counts.points.created, report.counts.points.skipped) == (1, 1)
    assert MetricSeries.objects.count() == 1
    assert MetricPoint.objects.count() == 4
    payment = Service.objects.get(name="payment-service")
    assert payment.aliases == ["支付服务", "支付"]
    assert payment.description == "支付下单与回调"
    assert report.counts.services.updated == 1
    assert report.counts.documents.skipped == 1
    assert KnowledgeDocument.objects.count() == 1


def test_a_resolved_alert_is_not_reopened_by_an_older_snapshot():
    resolved = small_bundle()
    resolved["alerts"][0].update(state="resolved", ends_at="2026-11-28T10:40:00+08:00")
    evidence_bundle_load(data=resolved)

    report = evidence_bundle_load(data=small_bundle())  # still shows the alert firing

    assert report.counts.alerts.skipped == 1
    assert Alert.objects.get().state == "resolved"


def test_log_levels_are_normalised_and_duplicate_lines_collapse():
    data = small_bundle()
    data["logs"] = [log(20, level="warning"), log(20, level="WARN"), log(21, level="err")]

    report = evidence_bundle_load(data=data)

    assert sorted(LogRecord.objects.values_list("level", flat=True)) == ["ERROR", "WARN"]
    assert (report.counts.logs.created, report.counts.logs.skipped) == (2, 1)


def test_every_section_is_optional():
    report = evidence_bundle_load(data={"bundle_version": 1}, source_name="empty.json")

    assert report.bundle_created is True
    assert report.counts.written == 0
    assert EvidenceBundle.objects.get().name == "empty.json"
