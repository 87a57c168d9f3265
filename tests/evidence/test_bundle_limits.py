"""NUL bytes and oversize values are refused cleanly: a message, no traceback, nothing written."""

from __future__ import annotations

import pytest

from diagnosis.evidence import bundle as schema
from diagnosis.evidence.bundle import BundleError, bundle_decode, bundle_parse
from diagnosis.evidence.loader import evidence_bundle_load
from tests.evidence.builders import log, small_bundle, table_counts

pytestmark = pytest.mark.django_db


def _rejected(data) -> str:
    before = table_counts()
    with pytest.raises(BundleError) as caught:
        evidence_bundle_load(data=data)
    assert table_counts() == before
    assert "Traceback" not in caught.value.message
    return caught.value.message


@pytest.mark.parametrize(
    ("mutate", "expected"),
    [
        (lambda d: d["documents"][0].update(content="# 手册\n\n正文\x00尾部"), "documents[0].content: contains NUL byte"),
        (lambda d: d["logs"][1].update(message="bad\x00line"), "logs[1].message: contains NUL byte"),
        (lambda d: d["logs"][0]["attributes"].update({"k\x00": 1}), "logs[0].attributes: key contains NUL byte"),
        (lambda d: d["alerts"][0]["labels"].update(team="pay\x00"), "alerts[0].labels.team: contains NUL byte"),
        (lambda d: d.update(name="x\x00"), "name: contains NUL byte"),
        (lambda d: d["logs"][2].update(message="\ud800 lone surrogate"), "logs[2].message: contains an unpaired Unicode surrogate"),
    ],
)
def test_nul_bytes_anywhere_are_refused(mutate, expected):
    data = small_bundle()
    mutate(data)

    assert expected in _rejected(data)


def test_nul_bytes_written_as_json_escapes_are_refused():
    raw = '{"bundle_version": 1, "documents": [{"title": "t", "source": "s", "content": "a\\u0000b"}]}'

    assert "documents[0].content: contains NUL byte" in _rejected(raw)


@pytest.mark.parametrize(
    ("mutate", "expected"),
    [
        (lambda d: d["logs"][0].update(message="错" * 3000), "logs[0].message: is 9000 bytes, over the 8192-byte limit"),
        (lambda d: d["documents"][0].update(content="# 手册\n\n" + "a" * 205_000), "documents[0].content: is 205010 bytes, over the 204800-byte limit"),
        (lambda d: d["logs"][0].update(instance="p" * 201), "logs[0].instance: String should have at most 200 characters"),
        (lambda d: d["services"][0].update(name="s" * 101), "services[0].name: String should have at most 100 characters"),
        (lambda d: d["alerts"][0].update(value="9" * 101), "alerts[0].value: String should have at most 100 characters"),
        (lambda d: d["logs"][0].update(attributes={"blob": "x" * 5000}), "logs[0].attributes: is 5012 bytes as JSON, over the 4096-byte limit"),
        (lambda d: d["metrics"][0]["points"].append(["2026-11-28T10:07:00+08:00", 1e400]), "metrics[0].points[3][1]: must be a finite number"),
    ],
)
def test_oversize_values_are_refused(mutate, expected):
    data = small_bundle()
    mutate(data)

    assert expected in _rejected(data)


def test_too_many_logs_are_refused_before_validating_them():
    data = small_bundle()
    data["logs"] = [log(1)] * (schema.MAX_LOGS + 1)

    assert _rejected(data) == f"logs: {schema.MAX_LOGS + 1} items, over the limit of {schema.MAX_LOGS}"


def test_too_many_metric_points_in_all_are_refused(monkeypatch):
    monkeypatch.setattr(schema, "MAX_POINTS_TOTAL", 4)
    data = small_bundle()
    data["metrics"].append(dict(data["metrics"][0], name="other"))

    assert "metrics: 6 points in all, over the limit of 4" in _rejected(data)


def test_an_oversize_file_is_refused_before_parsing():
    with pytest.raises(BundleError) as caught:
        bundle_decode(b" " * (schema.MAX_BUNDLE_BYTES + 1))

    assert caught.value.message == f"bundle is {schema.MAX_BUNDLE_BYTES + 1} bytes, over the {schema.MAX_BUNDLE_BYTES}-byte limit"


def test_huge_integer_literals_are_refused_cleanly():
    with pytest.raises(BundleError) as caught:
        bundle_parse('{"bundle_version": ' + "9" * 5000 + "}")

    assert caught.value.message.startswith("malformed JSON:")
