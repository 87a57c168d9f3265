"""One poisoned bundle cannot take the site down (issue 25 item 1).

The issue's hostile bundle (``reference_time`` 0001-01-01T00:00:00+08:00, a log at
9999-12-31T23:59:59-12:00) is refused whole. Then the same times — and a few more — are written
straight into the tables (SQL, bypassing the loader: rows stored before the check, or edited by
hand), and every page and API list is walked: none answers 500, and the pages that show the
scope's clock say it is invalid. Runs on PostgreSQL (year 1 BC / year 10000 rows, which psycopg
cannot load) and on SQLite (text no date parser reads, and 9999-12-31 23:59 UTC, which overflows
when shown in UTC+8).
"""

from __future__ import annotations

import pytest
from django.db import connection
from rest_framework.test import APIClient

from contracts.time_bounds import MSG_INVALID_TIME
from diagnosis.evidence.bundle import BundleError
from diagnosis.evidence.loader import evidence_bundle_load
from diagnosis.models import (
    Alert,
    DiagnosisRun,
    EvidenceBundle,
    EvidenceScope,
    K8sDeployment,
    K8sEvent,
    K8sPod,
    LogRecord,
    MetricPoint,
    MetricSeries,
)
from tests.evidence.builders import small_bundle

pytestmark = pytest.mark.django_db(transaction=False)

SCOPE = "hostile-times"
QUESTION = "payment-service 10:05 开始大量 500，原因是什么？"

#: (too early, too late) as each database keeps them when written by hand.
STORED = {
    "postgresql": ("0001-01-01 00:00:00+08:00", "9999-12-31 23:59:59-12:00"),  # 1 BC; 10000-01-01 UTC
    "sqlite": ("0000-12-31 16:00:00", "10000-01-01 11:59:59"),
}
#: Readable by Python, but outside the bounds — and 9999-12-31 23:59 UTC overflows in UTC+8.
READABLE_BUT_OUT = ("1960-01-01 00:00:00+00:00", "9999-12-31 23:59:59+00:00")


def hostile_bundle() -> dict:
    data = small_bundle()
    data["name"] = SCOPE
    data["reference_time"] = "0001-01-01T00:00:00+08:00"
    for item in data["logs"]:
        item["timestamp"] = "9999-12-31T23:59:59-12:00"
    return data


def _stored_text(value: str) -> str:
    if connection.vendor == "sqlite":  # Django keeps naive UTC text on SQLite
        return value.replace("+00:00", "")
    return value


def _poison(model, pk: int, **columns: str) -> None:
    table = model._meta.db_table
    assignments = ", ".join(f"{connection.ops.quote_name(model._meta.get_field(c).column)} = %s" for c in columns)
    with connection.cursor() as cursor:
        cursor.execute(f"UPDATE {table} SET {assignments} WHERE id = %s", [*columns.values(), pk])  # noqa: S608


def poison_scope() -> EvidenceScope:
    """A bundle loaded normally, then its scope, bundle and evidence rows given impossible times."""
    data = small_bundle()
    data["name"] = SCOPE
    data["k8s"] = {
        "pods": [{"namespace": "prod", "name": "payment-service-7d9f8c-x2k4p", "phase": "Running", "ready": "1/1",
                  "observed_at": "2026-11-28T10:30:00+08:00",
                  "last_termination": {"reason": "OOMKilled", "exit_code": 137, "at": "2026-11-28T10:01:00+08:00"}}],
        "events": [{"type": "Warning", "reason": "BackOff", "object": "Pod/payment-service-7d9f8c-x2k4p",
                    "first_seen": "2026-11-28T10:00:00+08:00", "last_seen": "2026-11-28T10:10:00+08:00"}],
        "deployments": [{"namespace": "prod", "name": "payment-service", "changed_at": "2026-11-28T09:00:00+08:00",
                         "observed_at": "2026-11-28T10:30:00+08:00"}],
    }  # fmt: skip
    evidence_bundle_load(data=data)
    early, late = STORED[connection.vendor]
    readable_early, readable_late = (_stored_text(v) for v in READABLE_BUT_OUT)
    scope = EvidenceScope.objects.get(name=SCOPE)
    _poison(EvidenceScope, scope.pk, reference_time=early)
    bundle_pk = EvidenceBundle.objects.filter(scope=scope).values_list("pk", flat=True).get()
    _poison(EvidenceBundle, bundle_pk, reference_time=late)
    logs = list(LogRecord.objects.filter(scope=scope).order_by("pk").values_list("pk", flat=True))
    for pk, when in zip(logs, (early, late, readable_late), strict=True):
        _poison(LogRecord, pk, timestamp=when)
    alert_pk = Alert.objects.filter(scope=scope).values_list("pk", flat=True).get()
    _poison(Alert, alert_pk, starts_at=readable_early, ends_at=late)
    points = list(MetricPoint.objects.filter(series__scope=scope).order_by("pk").values_list("pk", flat=True))
    for pk, when in zip(points, (early, late, readable_late), strict=True):
        _poison(MetricPoint, pk, timestamp=when)
    _poison(K8sPod, K8sPod.objects.get(scope=scope).pk, observed_at=late, terminated_at=early)
    _poison(K8sEvent, K8sEvent.objects.get(scope=scope).pk, first_seen=early, last_seen=readable_late)
    _poison(K8sDeployment, K8sDeployment.objects.get(scope=scope).pk, changed_at=early, observed_at=late)
    return scope


def _walk(client, urls: list[str]) -> dict[str, str]:
    pages = {}
    for url in urls:
        response = client.get(url)
        assert response.status_code < 500, f"{url} answered {response.status_code}"
        assert response.status_code == 200, f"{url} answered {response.status_code}"
        pages[url] = response.content.decode()
    return pages


def test_the_issue_s_hostile_bundle_is_refused_whole_naming_both_elements():
    with pytest.raises(BundleError) as refused:
        evidence_bundle_load(data=hostile_bundle())
    assert "reference_time: 时间 0001-01-01T00:00:00+08:00 超出允许范围" in refused.value.message
    assert "logs[0].timestamp: 时间 9999-12-31T23:59:59-12:00 超出允许范围" in refused.value.message
    assert not EvidenceScope.objects.filter(name=SCOPE).exists()


def _walk_everything(api_user, reviewer, client, *, scope: EvidenceScope | None) -> None:
    """Every page and API list, for a plain user and for a reviewer; ``scope``: the poisoned one
    (None: it was refused, so a chat in it is a Chinese 400)."""
    api = APIClient()
    api.force_authenticate(api_user)
    chat = api.post("/api/chat", {"question": QUESTION, "scope": SCOPE}, format="json")
    if scope is None:
        assert chat.status_code == 400 and chat.json()["error"]["code"] == "unknown_scope", chat.content
        chat = api.post("/api/chat", {"question": QUESTION}, format="json")
    assert chat.status_code in (200, 201), chat.content
    run = DiagnosisRun.objects.get(pk=chat.json()["run_id"])
    assert run.status == DiagnosisRun.Status.COMPLETED and run.final_answer
    follow_up = api.post("/api/chat", {"question": "那 order-service 呢？", "session_id": str(run.session_id)}, format="json")
    assert follow_up.status_code in (200, 201), follow_up.content

    scopes = api.get("/api/scopes")
    assert scopes.status_code == 200
    if scope is not None:
        listed = next(s for s in scopes.json() if s["name"] == SCOPE)
        assert listed["reference_time"] is None and listed["reference_time_valid"] is False
    for url in ("/api/runs", f"/api/runs/{run.pk}", "/api/sessions", f"/api/sessions/{run.session_id}"):
        assert api.get(url).status_code == 200, url

    client.force_login(api_user)
    pages = _walk(client, ["/", f"/?session={run.session_id}", "/sessions/", f"/sessions/{run.session_id}/", f"/runs/{run.pk}/"])
    if scope is not None:
        assert MSG_INVALID_TIME in pages["/"]  # the ask form's scope list shows the clock as invalid

    client.force_login(reviewer)
    admin = "/admin/diagnosis"
    urls = [
        "/", "/admin/", f"{admin}/evidencescope/", f"{admin}/evidencebundle/", f"{admin}/logrecord/", f"{admin}/alert/",
        f"{admin}/metricseries/", f"{admin}/diagnosisrun/", f"{admin}/diagnosisrun/{run.pk}/change/",
        f"{admin}/diagnosissession/", f"/runs/{run.pk}/",
    ]  # fmt: skip
    if scope is not None:
        urls += [
            f"{admin}/evidencescope/{scope.pk}/change/",
            f"{admin}/logrecord/{LogRecord.objects.filter(scope=scope).first().pk}/change/",
            f"{admin}/alert/{Alert.objects.get(scope=scope).pk}/change/",
            f"{admin}/metricseries/{MetricSeries.objects.get(scope=scope).pk}/change/",
        ]
    pages = _walk(client, urls)
    if scope is not None:
        assert MSG_INVALID_TIME in pages[f"{admin}/evidencescope/"]
        assert MSG_INVALID_TIME in pages[f"{admin}/evidencebundle/"]


def test_every_page_and_api_list_survives_the_hostile_bundle_and_out_of_range_rows(api_user, reviewer, client):
    other = small_bundle()
    other["name"] = "ordinary"
    evidence_bundle_load(data=other)  # someone else's evidence, loaded before
    with pytest.raises(BundleError):
        evidence_bundle_load(data=hostile_bundle())
    _walk_everything(api_user, reviewer, client, scope=None)
    _walk_everything(api_user, reviewer, client, scope=poison_scope())  # rows written by hand, bypassing the loader
