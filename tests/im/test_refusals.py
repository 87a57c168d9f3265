"""Who and what the bot does not answer: an unbound sender (told so in Chinese), a forged
signature (401), a stale event (a replay: ignored), a wrong verification token (401)."""

from __future__ import annotations

import json
import time

import pytest

from diagnosis.im import feishu as feishu_core
from diagnosis.im.models import ImEvent
from diagnosis.im.services import MESSAGE_BAD_SIGNATURE, MESSAGE_BAD_TOKEN
from diagnosis.models import DiagnosisRun
from tests.im.conftest import post
from tests.im.events import STRANGER_OPEN_ID, encrypted, message_event, signed_headers


@pytest.mark.django_db(transaction=True)
def test_an_unbound_sender_is_refused_in_chinese(feishu, bound_user):
    response = post(message_event("订单服务为什么重启？", event_id="ev-s", message_id="om_s", open_id=STRANGER_OPEN_ID))
    assert response.status_code == 200
    feishu.wait_for(lambda: len(feishu.replies()) == 1)
    (reply,) = feishu.replies()
    assert reply.path == "/open-apis/im/v1/messages/om_s/reply"
    assert reply.body == {"msg_type": "text", "content": json.dumps({"text": feishu_core.MESSAGE_UNKNOWN_USER}, ensure_ascii=False)}
    assert not DiagnosisRun.objects.exists()


@pytest.mark.django_db(transaction=True)
def test_an_encrypted_signed_event_is_decrypted_and_handled(encrypting, bound_user):
    body = encrypted(message_event("订单服务为什么重启？", event_id="ev-e", message_id="om_e", open_id=STRANGER_OPEN_ID))
    raw = json.dumps(body).encode()
    response = post(body, **signed_headers(raw))
    assert response.status_code == 200
    encrypting.wait_for(lambda: len(encrypting.replies()) == 1)
    assert encrypting.replies()[0].path == "/open-apis/im/v1/messages/om_e/reply"


@pytest.mark.django_db
def test_a_forged_signature_is_refused(encrypting, bound_user):
    body = encrypted(message_event("订单服务为什么重启？", event_id="ev-f", message_id="om_f"))
    headers = signed_headers(json.dumps(body).encode(), key="not-the-key")
    response = post(body, **headers)
    assert response.status_code == 401
    assert response.json() == {"detail": MESSAGE_BAD_SIGNATURE}
    assert not ImEvent.objects.exists()


@pytest.mark.django_db
def test_an_unsigned_event_is_refused_when_an_encrypt_key_is_set(encrypting, bound_user):
    response = post(encrypted(message_event("订单服务为什么重启？", event_id="ev-u", message_id="om_u")))
    assert response.status_code == 401


@pytest.mark.django_db
def test_an_event_with_the_wrong_token_is_refused(feishu, bound_user):
    response = post(message_event("订单服务为什么重启？", event_id="ev-t", message_id="om_t", token="guessed"))
    assert response.status_code == 401
    assert response.json() == {"detail": MESSAGE_BAD_TOKEN}


@pytest.mark.django_db
def test_a_stale_event_is_ignored_as_a_replay(feishu, bound_user, settings):
    old = int((time.time() - settings.FEISHU_EVENT_MAX_AGE_S - 60) * 1000)
    response = post(message_event("订单服务为什么重启？", event_id="ev-old", message_id="om_old", created_ms=old))
    assert response.status_code == 200
    assert not ImEvent.objects.exists()
    time.sleep(0.3)
    assert feishu.calls == []
