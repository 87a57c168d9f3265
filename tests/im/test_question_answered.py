"""A question @mentioning the bot in a group is asked as the sender's bound account and answered
in a card: "正在排查…" replied at once, then updated with the verdict, the conclusion, up to three
confirmed statements and the run page link — all seen by the fake Feishu open API."""

from __future__ import annotations

import json

import pytest

from diagnosis.demo import DEMO_BUNDLE_PATH
from diagnosis.evidence.loader import evidence_bundle_load
from diagnosis.im import feishu
from diagnosis.im.models import ImCard, ImEvent, ImThread
from diagnosis.models import DiagnosisRun
from tests.im.conftest import SITE, post
from tests.im.events import message_event
from tests.im.fake_feishu import TENANT_TOKEN

DEMO_QUESTION = "payment-service 从 10:05 开始大量 500，原因是什么？"
FOLLOW_UP = "payment-service 的 500 和数据库连接池有关吗？"


@pytest.fixture
def demo(db):
    evidence_bundle_load(data=DEMO_BUNDLE_PATH.read_bytes(), source_name="demo_bundle.json")


def _texts(card: dict) -> str:
    return json.dumps(card, ensure_ascii=False)


@pytest.fixture
def answered(feishu, bound_user, demo):
    """The demo question asked in the group, once its card was updated."""
    response = post(message_event(DEMO_QUESTION, event_id="ev-1", message_id="om_q1"))
    assert response.status_code == 200 and response.json() == {}
    feishu.wait_for(lambda: len(feishu.updates()) == 1)
    return feishu


@pytest.mark.django_db(transaction=True)
def test_the_demo_question_gets_a_working_card_then_the_pass_verdict(answered, bound_user):
    run = DiagnosisRun.objects.get()
    assert run.question == DEMO_QUESTION and run.session.owner == bound_user
    assert run.verdict == "PASS"

    token = answered.of("POST", "/auth/v3/tenant_access_token/internal")
    assert len(token) == 1, "one token, cached for the reply and the update"
    assert token[0].body == {"app_id": "cli_a1b2c3d4e5f6", "app_secret": "fake-app-secret"}

    (reply,) = answered.replies()
    assert reply.path == "/open-apis/im/v1/messages/om_q1/reply"
    assert reply.authorization == f"Bearer {TENANT_TOKEN}"
    assert reply.body["msg_type"] == "interactive"
    working = json.loads(reply.body["content"])
    assert feishu.CARD_WORKING in working["header"]["title"]["content"]

    (update,) = answered.updates()
    card_id = ImCard.objects.get(run=run).message_id
    assert update.path == f"/open-apis/im/v1/messages/{card_id}"
    assert update.authorization == f"Bearer {TENANT_TOKEN}"
    card = json.loads(update.body["content"])
    assert card["header"]["title"]["content"].startswith(f"{feishu.CARD_TITLE} · PASS")
    assert card["header"]["template"] == "green"
    shown = _texts(card)
    assert f"{SITE}/runs/{run.pk}/" in shown
    assert feishu.CARD_CONFIRMED.strip("*") in shown
    statements = card["elements"][3]["text"]["content"].splitlines()
    assert 1 <= len(statements) <= feishu.CARD_STATEMENTS
    assert statements[0].startswith("1. ")
    assert card["elements"][1]["text"]["content"] != feishu.CARD_NO_CONCLUSION


@pytest.mark.django_db(transaction=True)
def test_a_follow_up_in_the_thread_is_asked_in_the_same_session(answered):
    first = DiagnosisRun.objects.get()
    response = post(message_event(FOLLOW_UP, event_id="ev-2", message_id="om_q2", root_id="om_q1"))
    assert response.status_code == 200
    answered.wait_for(lambda: len(answered.updates()) == 2)
    second = DiagnosisRun.objects.exclude(pk=first.pk).get()
    assert second.session_id == first.session_id
    assert ImThread.objects.get().thread_key == "om_q1"
    assert answered.replies()[1].path == "/open-apis/im/v1/messages/om_q2/reply"


@pytest.mark.django_db(transaction=True)
def test_a_redelivered_event_id_is_ignored(answered):
    again = post(message_event(DEMO_QUESTION, event_id="ev-1", message_id="om_q1"))
    assert again.status_code == 200
    assert DiagnosisRun.objects.count() == 1
    assert len(answered.replies()) == 1
    assert ImEvent.objects.filter(event_id="ev-1").count() == 1
