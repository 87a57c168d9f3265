"""DingTalk's robot (HTTP callback): a signed question from a bound sender is answered "正在排查…"
at once and its result (verdict PASS for the demo question) posted to the session webhook when the
run ends; a forged signature is refused; an unbound sender is refused in Chinese; a redelivered
msgId is ignored; a session webhook outside DingTalk's is refused (no request is sent there)."""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import time

import pytest
from django.test import Client

from diagnosis.demo import DEMO_BUNDLE_PATH
from diagnosis.evidence.loader import evidence_bundle_load
from diagnosis.im import dingtalk
from diagnosis.im.models import ImAccountBinding, ImCard, Platform
from diagnosis.im.services import MESSAGE_BAD_SIGNATURE
from diagnosis.models import DiagnosisRun
from tests.im.conftest import SITE

URL = "/api/im/dingtalk/events"
APP_SECRET = "dingtalk-app-secret"
STAFF_ID = "manager4220"
DEMO_QUESTION = "payment-service 从 10:05 开始大量 500，原因是什么？"


@pytest.fixture
def robot(feishu, settings):
    settings.DINGTALK_APP_SECRET = APP_SECRET
    settings.DINGTALK_WEBHOOK_BASE = f"{feishu.base_url}/robot/"
    return feishu


def callback(robot, text: str, *, msg_id: str, staff_id: str = STAFF_ID, webhook: str | None = None) -> dict:
    """The documented body of a group message that @mentions the robot."""
    now = int(time.time() * 1000)
    return {
        "conversationId": "cid2ezEkBsd1NDaLM6fQ==",
        "atUsers": [{"dingtalkId": "$:LWCP_v1:$robot"}],
        "chatbotCorpId": "dinge8a565xxxx",
        "chatbotUserId": "$:LWCP_v1:$robot",
        "msgId": msg_id,
        "senderNick": "张三",
        "isAdmin": False,
        "senderStaffId": staff_id,
        "sessionWebhookExpiredTime": now + 5_400_000,
        "createAt": now,
        "senderCorpId": "dinge8a565xxxx",
        "conversationType": "2",
        "senderId": f"$:LWCP_v1:${staff_id}",
        "conversationTitle": "值班群",
        "isInAtList": True,
        "sessionWebhook": webhook or f"{robot.base_url}/robot/sendBySession?session=abc123",
        "text": {"content": f" {text}"},
        "robotCode": "dingxxxxxx",
        "msgtype": "text",
    }


def signed(secret: str = APP_SECRET) -> dict[str, str]:
    timestamp = str(int(time.time() * 1000))
    mac = hmac.new(secret.encode(), f"{timestamp}\n{secret}".encode(), hashlib.sha256).digest()
    return {"HTTP_TIMESTAMP": timestamp, "HTTP_SIGN": base64.b64encode(mac).decode()}


def post(body: dict, headers: dict[str, str]):
    return Client().post(URL, data=json.dumps(body, ensure_ascii=False), content_type="application/json", **headers)


@pytest.fixture
def bound(api_user):
    ImAccountBinding.objects.create(platform=Platform.DINGTALK, im_user_id=STAFF_ID, user=api_user)
    return api_user


@pytest.mark.django_db(transaction=True)
def test_the_demo_question_is_answered_working_then_pass_on_the_session_webhook(robot, bound):
    evidence_bundle_load(data=DEMO_BUNDLE_PATH.read_bytes(), source_name="demo_bundle.json")
    response = post(callback(robot, DEMO_QUESTION, msg_id="msg-1"), signed())
    assert response.status_code == 200
    assert response.json()["text"]["content"].startswith("正在排查…")
    robot.wait_for(lambda: robot.of("POST", "/robot/sendBySession"))
    run = DiagnosisRun.objects.get()
    assert run.verdict == "PASS" and run.session.owner == bound
    (sent,) = robot.of("POST", "/robot/sendBySession")
    assert sent.path == "/robot/sendBySession?session=abc123"
    text = sent.body["text"]["content"]
    assert text.startswith(dingtalk.RESULT_TITLE.format(badge="PASS"))
    assert dingtalk.RESULT_CONFIRMED in text and "1. " in text
    assert f"{SITE}/runs/{run.pk}/" in text
    assert ImCard.objects.get(run=run).reply_url == "", "the session webhook is forgotten once used"

    again = post(callback(robot, DEMO_QUESTION, msg_id="msg-1"), signed())
    assert again.json() == {} and DiagnosisRun.objects.count() == 1


@pytest.mark.django_db
def test_a_forged_signature_is_refused(robot, bound):
    response = post(callback(robot, DEMO_QUESTION, msg_id="msg-f"), signed("guessed"))
    assert response.status_code == 401
    assert response.json() == {"detail": MESSAGE_BAD_SIGNATURE}


@pytest.mark.django_db
def test_an_unbound_sender_is_refused_in_chinese(robot, bound):
    response = post(callback(robot, DEMO_QUESTION, msg_id="msg-s", staff_id="stranger"), signed())
    assert response.json() == {"msgtype": "text", "text": {"content": dingtalk.MESSAGE_UNKNOWN_USER}}
    assert not DiagnosisRun.objects.exists()


@pytest.mark.django_db
def test_a_session_webhook_outside_dingtalk_is_refused(robot, bound):
    body = callback(robot, DEMO_QUESTION, msg_id="msg-x", webhook="http://127.0.0.1:9/robot/sendBySession?x=1")
    response = post(body, signed())
    assert response.status_code == 400
    assert not DiagnosisRun.objects.exists()


def test_only_dingtalks_own_host_is_a_session_webhook():
    base = "https://oapi.dingtalk.com"
    assert dingtalk.webhook_allowed("https://oapi.dingtalk.com/robot/sendBySession?session=1", base)
    assert not dingtalk.webhook_allowed("https://oapi.dingtalk.com.example.net/robot/sendBySession", base)
    assert not dingtalk.webhook_allowed("http://oapi.dingtalk.com/robot/sendBySession", base)
    assert not dingtalk.webhook_allowed("https://user@oapi.dingtalk.com/robot/sendBySession", base)
