"""When an alert-started run ends, its verdict and confirmed statements are POSTed to
ALERT_NOTIFY_URL — a real HTTP server on 127.0.0.1 here. A slow, failing or redirecting receiver is
logged (without the URL, a secret for every robot) and never fails the run."""

from __future__ import annotations

import logging
import socket
import time

import pytest
from django.db import transaction

from diagnosis.alerts.models import AlertGroupRun
from diagnosis.alerts.notify import alert_run_notify
from diagnosis.audit.finalise import KIND_SUCCESS, RunTerminal, run_finalise
from diagnosis.audit.signals import run_ended
from diagnosis.demo import DEMO_BUNDLE_PATH
from diagnosis.evidence.loader import evidence_bundle_load
from diagnosis.models import DiagnosisRun
from diagnosis.services.runs import diagnosis_run_create, diagnosis_run_execute
from tests.alerts.conftest import post
from tests.alerts.webhook_server import webhook_server

SITE = "https://diagnosis.example.com"


@pytest.fixture
def notify_to(settings):
    def configure(url: str, fmt: str = "generic", timeout: float = 2.0) -> None:
        settings.ALERT_NOTIFY_URL = url
        settings.ALERT_NOTIFY_FORMAT = fmt
        settings.ALERT_NOTIFY_TIMEOUT_S = timeout
        settings.SITE_URL = SITE

    return configure


@pytest.mark.django_db(transaction=True)
def test_an_ended_alert_run_posts_verdict_confirmed_statements_and_link(client, token, firing, notify_to):
    evidence_bundle_load(data=DEMO_BUNDLE_PATH.read_bytes(), source_name="demo_bundle.json")
    with webhook_server() as server:
        notify_to(server.url)
        response = post(client, firing, token)
        assert response.status_code == 201
    run = DiagnosisRun.objects.get(pk=response.json()["run_id"])
    assert len(server.received) == 1, "exactly one notification, after the run ended"
    sent = server.received[0]
    assert sent.path == "/robot/send?access_token=SECRET-ROBOT-TOKEN"
    assert sent.headers["Content-Type"].startswith("application/json")
    body = sent.body
    assert body["event"] == "diagnosis_run_finished"
    assert body["run_id"] == str(run.pk) and body["session_id"] == str(run.session_id)
    assert body["outcome"] == run.outcome and body["verdict"] == run.verdict
    assert body["alert"]["alert_name"] == "HighErrorRate" and body["alert"]["service"] == "payment-service"
    assert body["link"] == f"{SITE}/runs/{run.pk}/"
    # The composer's confirmed material: each statement is one the answer states as confirmed.
    assert body["confirmed"], run.final_answer
    for statement in body["confirmed"]:
        assert statement in run.final_answer
    assert AlertGroupRun.objects.get().notified_at is not None


@pytest.mark.django_db(transaction=True)
def test_a_user_run_sends_nothing(api_user, notify_to):
    with webhook_server() as server:
        notify_to(server.url)
        run = diagnosis_run_create(owner=api_user, question="payment-service 为什么报错？")
        diagnosis_run_execute(run_id=run.pk)
    assert server.received == []


@pytest.fixture
def ended_alert_run(db, client, token, firing, settings):
    settings.ALERT_NOTIFY_URL = ""
    run_id = post(client, firing, token).json()["run_id"]
    return DiagnosisRun.objects.get(pk=run_id)


def _no_secret_in(caplog) -> None:
    text = "\n".join(r.getMessage() for r in caplog.records)
    assert "SECRET-ROBOT-TOKEN" not in text and "access_token" not in text and "127.0.0.1" not in text


def test_a_slow_receiver_is_cut_off_by_the_timeout_and_logged(ended_alert_run, notify_to, caplog):
    with webhook_server("slow") as server:
        notify_to(server.url, timeout=0.3)
        started = time.monotonic()
        with caplog.at_level(logging.WARNING, logger="diagnosis.alerts.notify"):
            assert alert_run_notify(run_id=ended_alert_run.pk) is False
        elapsed = time.monotonic() - started
    assert elapsed < 1.5
    assert "timeout" in caplog.text
    _no_secret_in(caplog)
    assert AlertGroupRun.objects.get().notify_error == "timeout"
    ended_alert_run.refresh_from_db()
    assert ended_alert_run.status == DiagnosisRun.Status.COMPLETED


@pytest.mark.parametrize(("mode", "error"), [("error", "HTTP 500"), ("robot_error", "errcode 310000"), ("redirect", "HTTP 302")])
def test_a_refusing_receiver_is_logged_not_raised(ended_alert_run, notify_to, caplog, mode, error):
    with webhook_server(mode) as server:
        notify_to(server.url)
        with caplog.at_level(logging.WARNING, logger="diagnosis.alerts.notify"):
            assert alert_run_notify(run_id=ended_alert_run.pk) is False
    assert [r.path for r in server.received] == ["/robot/send?access_token=SECRET-ROBOT-TOKEN"]  # no redirect followed
    assert error in caplog.text
    _no_secret_in(caplog)
    group = AlertGroupRun.objects.get()
    assert group.notify_error == error and group.notified_at is None


def test_an_unreachable_receiver_is_logged_not_raised(ended_alert_run, notify_to, caplog):
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]  # closed again below: nothing listens there
    notify_to(f"http://127.0.0.1:{port}/robot/send?access_token=SECRET-ROBOT-TOKEN")
    with caplog.at_level(logging.WARNING, logger="diagnosis.alerts.notify"):
        assert alert_run_notify(run_id=ended_alert_run.pk) is False
    assert "not delivered" in caplog.text
    _no_secret_in(caplog)


@pytest.mark.parametrize("fmt", ["dingtalk", "wecom", "feishu"])
def test_robot_formats_arrive_as_text_messages(ended_alert_run, notify_to, fmt):
    with webhook_server() as server:
        notify_to(server.url, fmt=fmt)
        assert alert_run_notify(run_id=ended_alert_run.pk) is True
    body = server.received[0].body
    text = body["content"]["text"] if fmt == "feishu" else body["text"]["content"]
    assert (body.get("msgtype") or body.get("msg_type")) == "text"
    assert text.startswith("【告警诊断】HighErrorRate · payment-service")
    assert text.endswith(f"详情：{SITE}/runs/{ended_alert_run.pk}/")


def test_without_a_url_nothing_is_sent(ended_alert_run, settings):
    settings.ALERT_NOTIFY_URL = ""
    assert alert_run_notify(run_id=ended_alert_run.pk) is False


@pytest.mark.django_db(transaction=True)
def test_a_failing_subscriber_never_fails_the_runs_ending(api_user):
    def broken(sender, run_id, **kwargs):
        raise RuntimeError("subscriber bug")

    run = diagnosis_run_create(owner=api_user, question="payment-service 为什么报错？")
    terminal = RunTerminal(kind=KIND_SUCCESS, status=DiagnosisRun.Status.COMPLETED, outcome="pass", final_answer="答")
    run_ended.connect(broken, dispatch_uid="test-broken")
    try:
        assert run_finalise(run_id=run.pk, terminal=terminal) is True  # raises nothing
    finally:
        run_ended.disconnect(dispatch_uid="test-broken")
    run.refresh_from_db()
    assert run.status == DiagnosisRun.Status.COMPLETED and run.final_answer == "答"


@pytest.mark.django_db(transaction=True)
def test_subscribers_hear_of_an_ending_once_it_is_committed(api_user):
    heard: list[str] = []
    run = diagnosis_run_create(owner=api_user, question="payment-service 为什么报错？")
    terminal = RunTerminal(kind=KIND_SUCCESS, status=DiagnosisRun.Status.COMPLETED, outcome="pass", final_answer="答")

    def listen(sender, run_id, **kwargs):
        heard.append(DiagnosisRun.objects.get(pk=run_id).status)

    run_ended.connect(listen, dispatch_uid="test-listen")
    try:
        with transaction.atomic():
            run_finalise(run_id=run.pk, terminal=terminal)
            assert heard == []  # not before the commit
        assert run_finalise(run_id=run.pk, terminal=terminal) is False  # already ended: no second signal
    finally:
        run_ended.disconnect(dispatch_uid="test-listen")
    assert heard == [DiagnosisRun.Status.COMPLETED]


