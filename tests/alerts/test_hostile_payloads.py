"""Whatever a token holder sends, the intake answers 4xx JSON with a Chinese message and writes
nothing — never a 500, never a half-made run."""

from __future__ import annotations

import json
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from diagnosis.alerts.models import AlertGroupRun
from diagnosis.alerts.payload import MAX_ALERTS, MAX_LABELS, MAX_VALUE_CHARS
from diagnosis.models import DiagnosisRun, DiagnosisSession
from tests.alerts.conftest import URL, payload, post, variant

pytestmark = pytest.mark.django_db
CJK = re.compile(r"[\u4e00-\u9fff]")


def _alert(body, **changes):
    out = variant(body)
    out["alerts"] = [{**out["alerts"][0], **changes}]
    return out


def _without(body, key):
    return {k: v for k, v in body.items() if k != key}


def _alert_without(body, key):
    out = variant(body)
    out["alerts"] = [{k: v for k, v in out["alerts"][0].items() if k != key}]
    return out


F = payload("firing_payment")
HOSTILE = {
    "version 3": variant(F, version="3"),
    "version as a number": variant(F, version=4),
    "no version": _without(F, "version"),
    "no groupKey": _without(F, "groupKey"),
    "empty groupKey": variant(F, groupKey=""),
    "groupKey too long": variant(F, groupKey="k" * 5000),
    "no alerts": _without(F, "alerts"),
    "empty alerts": variant(F, alerts=[]),
    "alerts not a list": variant(F, alerts={"0": F["alerts"][0]}),
    "alert not an object": variant(F, alerts=["firing"]),
    "too many alerts": variant(F, alerts=[F["alerts"][0]] * (MAX_ALERTS + 1)),
    "group status pending": variant(F, status="pending"),
    "alert status unknown": _alert(F, status="active"),
    "alert without labels": _alert_without(F, "labels"),
    "alert without startsAt": _alert_without(F, "startsAt"),
    "startsAt not a time": _alert(F, startsAt="yesterday at ten"),
    "startsAt without a zone": _alert(F, startsAt="2026-11-28T10:06:00"),
    "startsAt as a Unix number": _alert(F, startsAt=1764295560),
    "startsAt month 13": _alert(F, startsAt="2026-13-28T10:06:00Z"),
    "label value a number": _alert(F, labels={"alertname": 5}),
    "label value an object": _alert(F, labels={"alertname": {"nested": "x"}}),
    "label value too long": _alert(F, labels={"alertname": "x" * (MAX_VALUE_CHARS + 1)}),
    "too many labels": _alert(F, labels={f"l{i}": "v" for i in range(MAX_LABELS + 1)}),
    "label key too long": _alert(F, labels={"k" * 200: "v"}),
    "commonLabels a list": variant(F, commonLabels=["service"]),
    "truncatedAlerts negative": variant(F, truncatedAlerts=-1),
    "truncatedAlerts a string": variant(F, truncatedAlerts="many"),
}


@pytest.mark.parametrize("body", HOSTILE.values(), ids=HOSTILE.keys())
def test_an_invalid_notification_is_a_chinese_400_and_writes_nothing(client, token, body):
    response = post(client, body, token)
    assert response.status_code == 400, response.content
    error = response.json()["error"]
    assert error["code"] == "invalid_alertmanager_payload"
    assert CJK.search(error["message"])
    assert not DiagnosisRun.objects.exists() and not DiagnosisSession.objects.exists()
    assert not AlertGroupRun.objects.exists()


RAW = {
    "not JSON": (b"{not json", "malformed_json"),
    "a JSON array": (b"[]", "not_an_object"),
    "JSON null": (b"null", "not_an_object"),
    "a JSON string": (b'"firing"', "not_an_object"),
    "not UTF-8": ('{"version": "4", "receiver": "\u00e9"}'.encode("latin-1"), "invalid_utf8"),
    "a lone surrogate": (b'{"version": "4", "groupKey": "\\ud800"}', "invalid_unicode"),
    "nested too deep": (b'{"a":' * 100 + b"1" + b"}" * 100, "json_too_deep"),
    "NaN": (b'{"version": NaN}', "malformed_json"),
}


@pytest.mark.parametrize(("raw", "code"), RAW.values(), ids=RAW.keys())
def test_a_body_that_is_not_a_json_object_is_400_from_the_strict_parser(client, token, raw, code):
    response = post(client, raw, token)
    assert response.status_code == 400
    assert response.json()["error"]["code"] == code
    assert CJK.search(response.json()["error"]["message"])


def test_a_huge_body_is_413(client, token, settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 10_000
    body = variant(F, commonAnnotations={"summary": "x" * 20_000})
    response = post(client, body, token)
    assert response.status_code == 413
    assert response.json()["error"]["code"] == "request_too_large"
    assert not DiagnosisRun.objects.exists()


def test_a_body_that_is_not_json_by_content_type_is_415(client, token):
    response = post(client, "version=4", token, content_type="text/plain")
    assert response.status_code == 415
    assert not DiagnosisRun.objects.exists()


def test_only_post_is_allowed(client, token):
    response = client.get(URL, HTTP_AUTHORIZATION=f"Bearer {token}")
    assert response.status_code == 405


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=10), inner, max_size=3),
    max_leaves=12,
)
FIELDS = st.sampled_from(sorted(F) + ["alerts.0.labels", "alerts.0.startsAt", "alerts.0.status"])


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(field=FIELDS, value=JSON)
def test_any_value_in_any_field_never_gets_a_server_error(client, token, field, value):
    body = variant(F)
    if field.startswith("alerts.0."):
        body["alerts"] = [{**F["alerts"][0], field.split(".")[-1]: value}]
    else:
        body[field] = value
    response = post(client, json.dumps(body), token)
    assert response.status_code < 500
    if response.status_code >= 400:
        assert CJK.search(response.json()["error"]["message"])
