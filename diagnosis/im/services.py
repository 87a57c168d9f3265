"""The IM bot's actions (issue 31): receive a Feishu event, answer a question in a card.

``feishu_event_receive`` is what the endpoint calls: it checks the request (signature, verification
token, age, duplicate event id) and answers Feishu at once; the question itself is handled in a
worker thread (``feishu_message_answer``): the sender's account binding, the thread's session, the
run created and submitted through the one run service, a "正在排查…" card replied. When the run ends
(``diagnosis.audit.signals.run_ended``, in whichever process ended it) ``im_card_finish`` updates
the card from the run's stored record, read as the API and MCP read it (``run_report``).
"""

from __future__ import annotations

import hmac
import json
import logging
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from datetime import timedelta
from typing import Any, Final
from uuid import UUID

from django.conf import settings
from django.db import IntegrityError, connections, transaction
from django.utils import timezone
from pydantic import ValidationError

from contracts.im import (
    DingTalkMessage,
    FeishuChallenge,
    FeishuEncrypted,
    FeishuEnvelope,
    FeishuMessageReceived,
)
from diagnosis.api.report import run_report
from diagnosis.im import dingtalk, feishu
from diagnosis.im.client import ImApiError, card_update, dingtalk_session_post, message_reply
from diagnosis.im.models import ImAccountBinding, ImCard, ImEvent, ImThread, Platform
from diagnosis.masking.config import Audience, for_audience_all
from diagnosis.models import DiagnosisRun
from diagnosis.selectors.runs import run_with_audit_rows
from diagnosis.selectors.scopes import UnknownScope
from diagnosis.services.idempotency import diagnosis_run_create_idempotent
from diagnosis.services.runs import InvalidQuestion, ScopeMismatch, SessionNotFound, diagnosis_run_submit

logger = logging.getLogger(__name__)

EVENT_MESSAGE: Final = "im.message.receive_v1"
MESSAGE_NOT_CONFIGURED: Final = "飞书机器人未配置（FEISHU_APP_ID 为空）。"
MESSAGE_DINGTALK_NOT_CONFIGURED: Final = "钉钉机器人未配置（DINGTALK_APP_SECRET 为空）。"
MESSAGE_BAD_SIGNATURE: Final = "签名校验失败。"
MESSAGE_BAD_TOKEN: Final = "校验令牌不符。"
MESSAGE_BAD_BODY: Final = "无法解析的事件。"

_WORKERS: Final = ThreadPoolExecutor(max_workers=2, thread_name_prefix="im-bot")


class EventRefused(Exception):
    """A request the endpoint refuses; ``status`` and the Chinese ``message`` are its answer."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


@dataclass(frozen=True)
class EventAccepted:
    """What the endpoint answers Feishu with (200)."""

    body: dict[str, str]


def _same(a: str, b: str) -> bool:
    return hmac.compare_digest(a.encode("utf-8"), b.encode("utf-8"))


def _json(raw: bytes) -> Any:
    try:
        return json.loads(raw)
    except (UnicodeDecodeError, ValueError):
        raise EventRefused(400, MESSAGE_BAD_BODY) from None


def _plain_body(raw: bytes) -> bytes:
    """The event's JSON: ``raw`` itself, or decrypted with the Encrypt Key."""
    parsed = _json(raw)
    if not isinstance(parsed, dict) or "encrypt" not in parsed:
        return raw
    if not settings.FEISHU_ENCRYPT_KEY:
        raise EventRefused(400, MESSAGE_BAD_BODY)
    try:
        return feishu.decrypt(FeishuEncrypted.model_validate(parsed).encrypt, settings.FEISHU_ENCRYPT_KEY)
    except (ValidationError, feishu.UndecryptableBody):
        raise EventRefused(400, MESSAGE_BAD_BODY) from None


def _too_old(create_time_ms: str) -> bool:
    try:
        created = int(create_time_ms) / 1000
    except ValueError:
        return True
    return time.time() - created > settings.FEISHU_EVENT_MAX_AGE_S


def _first_delivery(platform: str, event_id: str) -> bool:
    """Record ``event_id``; False when it was already received (platforms redeliver until answered).
    Ids are kept twice as long as either platform's replay window, then forgotten (bounded)."""
    keep_s = 2 * max(settings.FEISHU_EVENT_MAX_AGE_S, dingtalk.SIGNATURE_MAX_SKEW_MS // 1000)
    ImEvent.objects.filter(received_at__lt=timezone.now() - timedelta(seconds=keep_s)).delete()
    try:
        with transaction.atomic():
            ImEvent.objects.create(platform=platform, event_id=event_id)
    except IntegrityError:
        return False
    return True


def feishu_event_receive(*, raw: bytes, timestamp: str, nonce: str, signature: str) -> EventAccepted:
    """Check one request to the event URL and answer it; a question is answered in the background.
    Raises ``EventRefused``."""
    plain = _plain_body(raw)
    parsed = _json(plain)
    if isinstance(parsed, dict) and parsed.get("type") == "url_verification":
        # As Feishu's own SDK does: the challenge proves the token (encrypted, it also proves the
        # Encrypt Key); it is not signed.
        try:
            challenge = FeishuChallenge.model_validate(parsed)
        except ValidationError:
            raise EventRefused(400, MESSAGE_BAD_BODY) from None
        if not _same(challenge.token, settings.FEISHU_VERIFICATION_TOKEN):
            raise EventRefused(401, MESSAGE_BAD_TOKEN)
        return EventAccepted({"challenge": challenge.challenge})
    if settings.FEISHU_ENCRYPT_KEY and not feishu.signature_valid(
        timestamp=timestamp, nonce=nonce, encrypt_key=settings.FEISHU_ENCRYPT_KEY, body=raw, claimed=signature
    ):
        raise EventRefused(401, MESSAGE_BAD_SIGNATURE)
    try:
        envelope = FeishuEnvelope.model_validate(parsed)
    except ValidationError:
        raise EventRefused(400, MESSAGE_BAD_BODY) from None
    if not _same(envelope.header.token, settings.FEISHU_VERIFICATION_TOKEN):
        raise EventRefused(401, MESSAGE_BAD_TOKEN)
    if envelope.header.event_type != EVENT_MESSAGE or _too_old(envelope.header.create_time):
        return EventAccepted({})
    try:
        received = FeishuMessageReceived.model_validate(envelope.event)
    except ValidationError:
        raise EventRefused(400, MESSAGE_BAD_BODY) from None
    addressed = received.message.chat_type == "p2p" or bool(received.message.mentions)
    if received.sender.sender_type != "user" or not addressed or not _first_delivery(Platform.FEISHU, envelope.header.event_id):
        return EventAccepted({})
    _WORKERS.submit(_answer_in_background, received)
    return EventAccepted({})


def _answer_in_background(received: FeishuMessageReceived) -> None:
    try:
        feishu_message_answer(received=received)
    except ImApiError as exc:
        logger.warning("feishu reply to %s not delivered: %s", received.message.message_id, exc)
    except Exception:
        logger.exception("feishu message %s not answered", received.message.message_id)
        raise
    finally:
        connections.close_all()


def _reply_text(message_id: str, text: str) -> None:
    message_reply(message_id=message_id, msg_type="text", content=feishu.text_content(text))


def _bound_user(platform: str, ids: list[str | None]) -> Any:
    binding = (
        ImAccountBinding.objects.select_related("user")
        .filter(platform=platform, im_user_id__in=[i for i in ids if i], active=True, user__is_active=True)
        .first()
    )
    return binding.user if binding is not None else None


class QuestionRefused(Exception):
    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def _ask_in_thread(*, platform: str, user: Any, question: str, key: str, chat_id: str) -> DiagnosisRun:
    """Create the run of ``question`` in the session of the thread ``key`` (a new one the first
    time). Raises ``QuestionRefused`` with the run service's Chinese message."""
    thread = ImThread.objects.select_related("session").filter(platform=platform, thread_key=key).first()
    # Another person's reply in someone's thread asks in a session of their own.
    session_id = thread.session_id if thread is not None and thread.session.owner_id == user.pk else None
    try:
        run = diagnosis_run_create_idempotent(owner=user, question=question, session_id=session_id).run
    except (InvalidQuestion, SessionNotFound, UnknownScope, ScopeMismatch) as exc:
        raise QuestionRefused(exc.message) from None
    if thread is None:
        ImThread.objects.get_or_create(
            platform=platform, thread_key=key, defaults={"chat_id": chat_id, "session": run.session}
        )
    return run


def feishu_message_answer(*, received: FeishuMessageReceived) -> None:
    """Ask the question of one received message as its sender's bound account, in the session of
    its thread, and reply with the card the run's end will update. Raises ``ImApiError``."""
    message = received.message
    sender = received.sender.sender_id
    user = _bound_user(Platform.FEISHU, [sender.open_id, sender.user_id])
    if user is None:
        _reply_text(message.message_id, feishu.MESSAGE_UNKNOWN_USER)
        return
    question = feishu.question_text(message)
    if question is None:
        _reply_text(message.message_id, feishu.MESSAGE_NOT_TEXT)
        return
    if not question:
        _reply_text(message.message_id, feishu.MESSAGE_EMPTY_QUESTION)
        return
    try:
        run = _ask_in_thread(
            platform=Platform.FEISHU,
            user=user,
            question=question,
            key=feishu.thread_key(message),
            chat_id=message.chat_id,
        )
    except QuestionRefused as exc:
        _reply_text(message.message_id, exc.message)
        return
    card_id = message_reply(
        message_id=message.message_id,
        msg_type="interactive",
        content=feishu.card_content(feishu.working_card(question)),
    )
    ImCard.objects.create(platform=Platform.FEISHU, run=run, message_id=card_id)
    # The runs' own worker pool (or Celery): this pool stays free for the next question.
    diagnosis_run_submit(run=run, background=True)


def dingtalk_message_receive(*, raw: bytes, timestamp: str, sign: str) -> dict[str, Any]:
    """Check one callback of DingTalk's robot and answer it: the message DingTalk shows in the
    conversation ("正在排查…", or why not), or nothing for a redelivery. The result is posted to
    the session webhook when the run ends. Raises ``EventRefused``."""
    now_ms = int(time.time() * 1000)
    if not dingtalk.signature_valid(timestamp=timestamp, claimed=sign, app_secret=settings.DINGTALK_APP_SECRET, now_ms=now_ms):
        raise EventRefused(401, MESSAGE_BAD_SIGNATURE)
    try:
        message = DingTalkMessage.model_validate_json(raw)
    except ValidationError:
        raise EventRefused(400, MESSAGE_BAD_BODY) from None
    # The reply address comes in the request: only DingTalk's own, never one a caller names.
    if not dingtalk.webhook_allowed(message.sessionWebhook, settings.DINGTALK_WEBHOOK_BASE):
        raise EventRefused(400, MESSAGE_BAD_BODY)
    if not _first_delivery(Platform.DINGTALK, message.msgId):
        return {}
    user = _bound_user(Platform.DINGTALK, [message.senderStaffId, message.senderId])
    if user is None:
        return dingtalk.text_message(dingtalk.MESSAGE_UNKNOWN_USER)
    question = dingtalk.question_text(message)
    if question is None:
        return dingtalk.text_message(dingtalk.MESSAGE_NOT_TEXT)
    if not question:
        return dingtalk.text_message(dingtalk.MESSAGE_EMPTY_QUESTION)
    try:
        run = _ask_in_thread(
            platform=Platform.DINGTALK,
            user=user,
            question=question,
            key=dingtalk.thread_key(message),
            chat_id=message.conversationId,
        )
    except QuestionRefused as exc:
        return dingtalk.text_message(exc.message)
    ImCard.objects.create(
        platform=Platform.DINGTALK, run=run, message_id=message.msgId, reply_url=message.sessionWebhook
    )
    diagnosis_run_submit(run=run, background=True)
    return dingtalk.working_message(question)


def _site_url(path: str) -> str:
    return f"{settings.SITE_URL}{path}"


def im_card_finish(*, run_id: UUID | str) -> bool:
    """Show an ended run's verdict, conclusion, up to three confirmed statements and the run page
    link where its question was asked (Feishu: the card updated; DingTalk: a message posted to the
    session webhook); False when the run was not asked over IM or the delivery failed."""
    card = ImCard.objects.filter(run_id=run_id).first()
    if card is None:
        return False
    run = run_with_audit_rows(DiagnosisRun.objects.select_related("session__owner")).get(pk=run_id)
    report = run_report(run, viewer=run.session.owner, absolute=_site_url if settings.SITE_URL else None)
    confirmed = [s.text for s in report.confirmed[: feishu.CARD_STATEMENTS]]
    # The chat's readers are unknown: what the card quotes is masked as for any outbound channel.
    shown = for_audience_all([*report.conclusion, *confirmed], Audience.CHANNEL)
    facts = {
        "verdict": report.verdict,
        "verdict_label": report.verdict_label,
        "conclusion": shown[: len(report.conclusion)],
        "confirmed": shown[len(report.conclusion) :],
        "link": report.links.web if settings.SITE_URL else "",
    }
    try:
        if card.platform == Platform.DINGTALK:
            dingtalk_session_post(url=card.reply_url, body=dingtalk.result_message(**facts))
        else:
            card_update(message_id=card.message_id, content=feishu.card_content(feishu.result_card(**facts)))
    except ImApiError as exc:
        logger.warning("%s answer of run %s not delivered: %s", card.platform, run_id, exc)
        ImCard.objects.filter(pk=card.pk).update(error=str(exc)[:300], reply_url="")
        return False
    ImCard.objects.filter(pk=card.pk).update(updated_at=timezone.now(), error="", reply_url="")
    return True


def on_run_ended(sender: Any, run_id: UUID | str, **kwargs: Any) -> None:
    try:
        im_card_finish(run_id=run_id)
    except Exception:  # noqa: BLE001 - a card must never disturb the run's ending
        logger.exception("IM answer of run %s failed", run_id)
