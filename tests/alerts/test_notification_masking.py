"""``MASK_ANSWERS=true`` applies to the outbound alert notification too (issue 25 item 5): the
DingTalk text carried a phone number, an e-mail address and an IP raw while the API showed the same
reader placeholders. One function decides per audience (``masking.config.for_audience``); a robot's
group chat is an audience nobody vouches for, so it reads placeholders like a non-staff user."""

from __future__ import annotations

import json

import pytest

from diagnosis.alerts.models import AlertGroupRun
from diagnosis.alerts.notify import alert_run_notify
from diagnosis.alerts.outbound import FORMATS
from diagnosis.demo import DEMO_BUNDLE_PATH
from diagnosis.evidence.loader import evidence_bundle_load
from tests.alerts.conftest import post, variant
from tests.alerts.webhook_server import webhook_server

pytestmark = pytest.mark.django_db

PHONE, EMAIL, IP = "13912345678", "ops.lead@example.org", "10.20.30.40"
PII = (PHONE, EMAIL, IP)
DB_LINE = f" (db {IP}:3306, DBA {EMAIL} {PHONE})"


@pytest.fixture
def pii_run(client, token, firing, settings):
    """An alert-started run whose alert summary and confirmed evidence name a phone, an e-mail and an IP."""
    settings.ALERT_NOTIFY_URL = ""
    bundle = json.loads(DEMO_BUNDLE_PATH.read_text(encoding="utf-8"))
    for line in bundle["logs"]:
        if line["message"].startswith("HikariPool-1 - Connection is not available"):
            line["message"] += DB_LINE
    evidence_bundle_load(data=bundle, source_name="demo-with-pii")
    summary = f"5xx 比例超过 5%，联系 {EMAIL} / {PHONE}，上游 {IP}"
    body = variant(firing, commonAnnotations={**firing["commonAnnotations"], "summary": summary})
    body["alerts"] = [{**firing["alerts"][0], "annotations": {"summary": summary}}]
    response = post(client, body, token)
    assert response.status_code == 201, response.content
    return AlertGroupRun.objects.select_related("run", "receiver").get()


def _sent(group, fmt: str, settings) -> str:
    """What the receiver got: the notification POSTed to a real local webhook server."""
    with webhook_server() as server:
        settings.ALERT_NOTIFY_URL, settings.ALERT_NOTIFY_FORMAT = server.url, fmt
        assert alert_run_notify(run_id=group.run_id) is True
    assert len(server.received) == 1
    return json.dumps(server.received[0].body, ensure_ascii=False)


def test_by_default_the_notification_carries_the_real_values(pii_run, settings):
    sent = _sent(pii_run, "dingtalk", settings)
    assert all(value in sent for value in PII), sent


@pytest.mark.parametrize("fmt", FORMATS)
def test_with_mask_answers_every_channel_reads_placeholders(pii_run, settings, fmt):
    settings.MASK_ANSWERS = True
    sent = _sent(pii_run, fmt, settings)
    for value in PII:
        assert value not in sent, f"{value} reached the {fmt} notification: {sent}"
    assert "<PHONE_1>" in sent and "<EMAIL_1>" in sent and "<IP_1>" in sent


def test_the_notification_and_the_api_show_the_same_reader_the_same_thing(pii_run, settings, api_user):
    settings.MASK_ANSWERS = True
    from diagnosis.masking.config import Audience, for_audience

    assert for_audience(pii_run.run.final_answer, Audience.CHANNEL) == for_audience(pii_run.run.final_answer, Audience.USER)
    assert for_audience(pii_run.run.final_answer, Audience.STAFF) == pii_run.run.final_answer
