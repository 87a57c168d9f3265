"""Every kind of page people open, with data behind it, for the page-walking browser tests (issue 27
items 3 and 4): the layout property and the accessibility checks walk the same list.

``build_site`` loads the demo world and makes what the pages show: a staff user's answered question
with a follow-up (a conversation), an answer that cites a metric series (a chart), an alert-started
run (Alertmanager over the API), a reviewer's label (the calibration table). ``PageKind.open`` brings
a page to the state a person reads it in — for the ask page, a question asked and its stages
streamed live.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass

from rest_framework.test import APIClient

from diagnosis.alerts.services import alert_receiver_create
from diagnosis.demo import DEMO_BUNDLE_PATH
from diagnosis.evidence.loader import evidence_bundle_load
from diagnosis.models import DiagnosisRun
from diagnosis.reviews.services import claim_label_record, run_label_record
from diagnosis.services.runs import diagnosis_run_create, diagnosis_run_execute
from tests.alerts.conftest import URL as ALERT_URL
from tests.alerts.conftest import payload
from tests.browser.asking import wait_until_answered
from tests.personas import PASSWORD

QUESTION = "payment-service 10:05 开始大量 500，原因是什么？"
FOLLOW_UP = "那它的 P99 呢？"
MEMORY = "订单服务昨晚内存最高到多少？"
LIVE_QUESTION = "订单服务最近半小时响应变慢了吗？"
WIDTHS = (390, 1280)


@dataclass(frozen=True)
class PageKind:
    name: str
    user: str  # "staff" (web UI) or "reviewer" (admin)
    path: str
    ready: str = "body"  # a selector that is there once the page shows its content
    action: Callable | None = None  # what a person does before reading it (ask a question)

    def open(self, page, base: str) -> None:
        page.goto(base + self.path)
        page.wait_for_selector(self.ready, state="attached", timeout=60_000)
        if self.action is not None:
            self.action(page)
        page.wait_for_load_state("networkidle")
        # Charts draw after their data arrives: wait until each is drawn (or said to have failed).
        page.wait_for_function(
            "() => [...document.querySelectorAll('.metric-chart')]"
            ".every(f => f.classList.contains('metric-chart-drawn') || f.classList.contains('metric-chart-failed'))",
            timeout=30_000,
        )


def _ask_and_watch(page) -> None:
    page.fill("#id_question", LIVE_QUESTION)
    page.click("#ask-submit")
    wait_until_answered(page)


def _run(owner, question: str, session=None) -> DiagnosisRun:
    run = diagnosis_run_create(owner=owner, question=question, session=session)
    run = diagnosis_run_execute(run_id=run.pk)
    run.refresh_from_db()
    return run


def _alert_run() -> DiagnosisRun:
    _, token = alert_receiver_create(name="prod-am")
    response = APIClient().post(
        ALERT_URL, json.dumps(payload("firing_payment"), ensure_ascii=False), content_type="application/json",
        HTTP_AUTHORIZATION=f"Bearer {token}",
    )
    assert response.status_code == 201, response.content
    return DiagnosisRun.objects.get(pk=response.json()["run_id"])


def build_site(*, staff, reviewer) -> list[PageKind]:
    evidence_bundle_load(data=DEMO_BUNDLE_PATH.read_bytes(), source_name=DEMO_BUNDLE_PATH.name)
    first = _run(staff, QUESTION)
    _run(staff, FOLLOW_UP, session=first.session)
    memory = _run(staff, MEMORY)
    alert = _alert_run()
    run_label_record(run=first, reviewer=reviewer, label="verdict_correct", note="证据充分")
    claim_label_record(run=first, reviewer=reviewer, claim_id=first.self_evaluation["verifier_evaluation"]["claim_checks"][0]["claim_id"], label="correct")
    admin_run = f"/admin/diagnosis/diagnosisrun/{first.pk}/change/"
    return [
        PageKind("home", "staff", "/", "#ask-form"),
        PageKind("ask-live-stages", "staff", "/", "#ask-form", action=_ask_and_watch),
        PageKind("run", "staff", f"/runs/{first.pk}/", "#statements"),
        PageKind("run-chart", "staff", f"/runs/{memory.pk}/", "#statements"),
        PageKind("conversation", "staff", f"/sessions/{first.session_id}/", "#conversation"),
        PageKind("session-list", "staff", "/sessions/", "table.list"),
        PageKind("alert-run", "staff", f"/runs/{alert.pk}/", "#statements"),
        PageKind("swagger", "staff", "/api/docs/", ".swagger-ui .opblock"),
        PageKind("redoc", "staff", "/api/redoc/", "#redoc-container h1"),
        PageKind("admin-run-list", "reviewer", "/admin/diagnosis/diagnosisrun/", "#result_list"),
        PageKind("admin-run", "reviewer", admin_run, "#audit-claim-checks"),
        PageKind("admin-alert-run", "reviewer", f"/admin/diagnosis/diagnosisrun/{alert.pk}/change/", "#audit-claim-checks"),
        PageKind("admin-calibration", "reviewer", "/admin/diagnosis/diagnosisrun/calibration/", ".calibration-page"),
    ]


def login(page, base: str, user: str) -> None:
    page.goto(f"{base}/accounts/login/")
    page.fill("#id_username", user)
    page.fill("#id_password", PASSWORD)
    page.click("button[type=submit]")
    page.wait_for_url(f"{base}/")
