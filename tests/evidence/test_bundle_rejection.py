"""A bad bundle is rejected whole: the message names the element, and nothing is written."""

from __future__ import annotations

import json

import pytest
from django.db import DatabaseError

from diagnosis.evidence import loader
from diagnosis.evidence.bundle import BundleError
from diagnosis.evidence.loader import evidence_bundle_load
from tests.evidence.builders import small_bundle, table_counts

pytestmark = pytest.mark.django_db


@pytest.fixture
def loaded():
    """Some evidence already in the stores, so "nothing written" is checked against real rows."""
    other = small_bundle()
    other["name"] = "已有证据"
    evidence_bundle_load(data=other)
    return table_counts()


def _mutate(path: str, value):
    def apply(data):
        *parents, last = path.split(".")
        target = data
        for part in parents:
            target = target[int(part)] if part.isdigit() else target[part]
        if value is _DELETE:
            del target[last]
        elif isinstance(target, list):
            target[int(last)] = value
        else:
            target[last] = value
        return data

    return apply


_DELETE = object()


def _with_many_logs(data):
    data["logs"] = [dict(data["logs"][0], trace_id=f"t{i}") for i in range(40)]
    data["logs"][37]["timestamp"] = "2026-11-28 10:05"
    return data


@pytest.mark.parametrize(
    ("mutate", "expected"),
    [
        pytest.param(_mutate("logs.1.timestamp", "yesterday"), "logs[1].timestamp: not an ISO 8601 timestamp", id="bad-timestamp"),
        pytest.param(_mutate("logs.2.timestamp", "2026-11-28T10:05:14"), "logs[2].timestamp: timestamp '2026-11-28T10:05:14' has no UTC offset", id="naive-timestamp"),
        pytest.param(_mutate("alerts.0.startsAt", "2026-11-28T10:06:00+08:00"), "alerts[0].startsAt: unknown key", id="unknown-key"),
        pytest.param(_mutate("metrics.0.points.2.1", "12.5"), "metrics[0].points[2][1]: Input should be a valid number", id="wrong-type"),
        pytest.param(_mutate("logs.0.level", "LOUD"), "logs[0].level: unknown log level 'LOUD'", id="bad-level"),
        pytest.param(_with_many_logs, "logs[37].timestamp", id="bad-element-deep-in-a-list"),
        pytest.param(_mutate("alerts.0.state", "pending"), "alerts[0].state: unknown alert state", id="bad-alert-state"),
        pytest.param(_mutate("alerts.0.state", "resolved"), "alerts[0].ends_at: required when state is resolved", id="resolved-without-end"),
        pytest.param(_mutate("logs.0.message", _DELETE), "logs[0].message: required field is missing", id="missing-field"),
        pytest.param(_mutate("services.1.name", "payment-service"), "services[1].name: 'payment-service' is already used by services[0]", id="duplicate-service"),
        pytest.param(_mutate("metrics.0.points.1.0", "2026-11-28T10:04:00+08:00"), "metrics[0].points[1]: duplicate timestamp", id="duplicate-point"),
        pytest.param(_mutate("bundle_version", 2), "bundle_version: unsupported bundle_version 2", id="unsupported-version"),
        pytest.param(_mutate("documents.0.content", "  \n "), "documents[0].content: must contain text", id="blank-document"),
        pytest.param(_mutate("logs", {"0": {}}), "logs: must be a list, not an object", id="section-not-a-list"),
    ],
)
def test_schema_violations_are_rejected_whole_naming_the_element(loaded, mutate, expected):
    data = mutate(small_bundle())

    with pytest.raises(BundleError) as caught:
        evidence_bundle_load(data=json.dumps(data))

    assert expected in caught.value.message
    assert table_counts() == loaded


def test_a_typo_in_a_key_suggests_the_real_key(loaded):
    data = small_bundle()
    data["logs"][0]["mesage"] = data["logs"][0].pop("message")

    with pytest.raises(BundleError) as caught:
        evidence_bundle_load(data=data)

    assert "logs[0].mesage: unknown key (did you mean 'message'?)" in caught.value.message
    assert table_counts() == loaded


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ('{"bundle_version": 1,\n "logs": [\n  {"timestamp": }\n ]}', "malformed JSON at line 3, column 17"),
        ('{"bundle_version": 1, "name": "x",}', "malformed JSON at line 1, column 35"),
        (b"\xff\xfe{}", "not valid UTF-8"),
        ('{"bundle_version": NaN}', "NaN is not a valid JSON number"),
        ("[1, 2]", "bundle must be a JSON object, not a list"),
        ("[" * 50_000 + "]" * 50_000, "nested too deeply"),
        ("", "malformed JSON at line 1, column 1"),
    ],
)
def test_malformed_json_is_rejected_with_its_position(loaded, raw, expected):
    with pytest.raises(BundleError) as caught:
        evidence_bundle_load(data=raw)

    assert expected in caught.value.message
    assert table_counts() == loaded


def test_a_database_error_in_the_middle_of_writing_rolls_everything_back(loaded, monkeypatch):
    data = small_bundle()
    data["name"] = "写到一半失败"
    data["logs"] = [dict(entry, trace_id=entry["trace_id"] + "-new") for entry in data["logs"]]
    data["metrics"][0]["name"] = "http_5xx_rate_new"
    written = []
    real_load_metrics = loader._load_metrics

    def load_metrics_then_fail(*args, **kwargs):
        real_load_metrics(*args, **kwargs)
        written.append(table_counts())
        raise DatabaseError("simulated: server closed the connection unexpectedly")

    monkeypatch.setattr(loader, "_load_metrics", load_metrics_then_fail)

    with pytest.raises(BundleError) as caught:
        evidence_bundle_load(data=data)

    assert written and written[0]["LogRecord"] > loaded["LogRecord"]  # rows really were written first…
    assert "nothing was written" in caught.value.message
    assert "simulated: server closed the connection" in caught.value.message
    assert table_counts() == loaded  # …and rolled back


def test_a_document_refused_by_ingestion_rolls_back_the_whole_bundle(loaded, monkeypatch):
    data = small_bundle()
    data["logs"] = [dict(entry, trace_id=entry["trace_id"] + "-doc") for entry in data["logs"]]
    data["documents"][0]["source"] = "runbooks/other.md"

    def refuse(**kwargs):
        raise ValueError("知识文档没有可检索的正文 (document has no searchable text)")

    monkeypatch.setattr(loader, "knowledge_document_ingest", refuse)

    with pytest.raises(BundleError) as caught:
        evidence_bundle_load(data=data)

    assert caught.value.message.startswith("documents[0]: 知识文档没有可检索的正文")
    assert table_counts() == loaded


def test_many_errors_are_listed_and_bounded(loaded):
    data = small_bundle()
    data["logs"] = [dict(data["logs"][0], level="LOUD", trace_id=str(i)) for i in range(25)]

    with pytest.raises(BundleError) as caught:
        evidence_bundle_load(data=data)

    message = caught.value.message
    assert message.startswith("invalid evidence bundle (25 errors):")
    assert "logs[9].level" in message
    assert "logs[10].level" not in message
    assert "… and 15 more" in message
    assert table_counts() == loaded
