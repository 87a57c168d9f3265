"""The DingTalk side of the IM bot, pure (no Django, no I/O): the request signature of the robot's
HTTP callback, the question a message asks, and the messages the bot answers with.

Per DingTalk's robot documentation (企业内部机器人, HTTP 模式): each callback carries the headers
``timestamp`` (ms) and ``sign = base64(HMAC-SHA256(AppSecret, timestamp + "\\n" + AppSecret))``;
a timestamp more than an hour away is refused. DingTalk robots cannot update a message they sent:
the bot answers "正在排查…" in the callback's response and posts the result to the
``sessionWebhook`` when the run ends. Text messages, not markdown: the statements quote log and
alert text, which must not render as links or mentions.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
from collections.abc import Sequence
from typing import Any, Final
from urllib.parse import urlsplit

from contracts.im import DingTalkMessage

SIGNATURE_MAX_SKEW_MS: Final = 3600 * 1000
QUESTION_MAX_CHARS: Final = 2000
STATEMENT_MAX_CHARS: Final = 300
MESSAGE_STATEMENTS: Final = 3

WORKING: Final = "正在排查…（问题：{question}）"
RESULT_TITLE: Final = "【诊断结果】{badge}"
RESULT_CONCLUSION: Final = "结论：{conclusion}"
RESULT_NO_CONCLUSION: Final = "本次没有得出经核验的结论。"
RESULT_CONFIRMED: Final = "已确认的事实："
RESULT_NONE_CONFIRMED: Final = "没有经证据核实的事实（详见诊断页）。"
RESULT_LINK: Final = "详情：{link}"
MESSAGE_UNKNOWN_USER: Final = "你的钉钉账号尚未绑定诊断系统账号，请联系管理员在后台「IM 账号绑定」中登记后再提问。"
MESSAGE_EMPTY_QUESTION: Final = "请在 @ 机器人后写下要排查的问题，例如：payment-service 从 10:05 开始大量 500，原因是什么？"
MESSAGE_NOT_TEXT: Final = "目前只支持文字提问。"


def signature(*, timestamp: str, app_secret: str) -> str:
    mac = hmac.new(app_secret.encode("utf-8"), f"{timestamp}\n{app_secret}".encode(), hashlib.sha256)
    return base64.b64encode(mac.digest()).decode("ascii")


def signature_valid(*, timestamp: str, claimed: str, app_secret: str, now_ms: int) -> bool:
    try:
        skew = abs(now_ms - int(timestamp))
    except ValueError:
        return False
    expected = signature(timestamp=timestamp, app_secret=app_secret)
    return skew <= SIGNATURE_MAX_SKEW_MS and hmac.compare_digest(expected, claimed)


def webhook_allowed(url: str, base: str) -> bool:
    """Whether a session webhook is on ``base``'s scheme and host, under its path (so that
    ``https://oapi.dingtalk.com.example.net/`` is not taken for ``https://oapi.dingtalk.com``)."""
    got, allowed = urlsplit(url), urlsplit(base)
    return (
        got.scheme == allowed.scheme
        and got.netloc.lower() == allowed.netloc.lower()
        and not got.username
        and got.path.startswith(allowed.path or "/")
    )


def question_text(message: DingTalkMessage) -> str | None:
    """What a text message asks (DingTalk already removed the @mention); None when not text."""
    if message.msgtype != "text" or message.text is None:
        return None
    return " ".join(message.text.content.split())[:QUESTION_MAX_CHARS]


def thread_key(message: DingTalkMessage) -> str:
    """DingTalk robots have no threads: a person's questions in one conversation are one session."""
    return f"{message.conversationId}/{message.senderStaffId or message.senderId}"


def _short(text: str, limit: int) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def text_message(text: str) -> dict[str, Any]:
    return {"msgtype": "text", "text": {"content": text}}


def working_message(question: str) -> dict[str, Any]:
    return text_message(WORKING.format(question=_short(question, 200)))


def result_message(
    *, verdict: str | None, verdict_label: str, conclusion: Sequence[str], confirmed: Sequence[str], link: str
) -> dict[str, Any]:
    badge = f"{verdict} · {verdict_label}" if verdict else verdict_label
    lines = [
        RESULT_TITLE.format(badge=badge),
        RESULT_CONCLUSION.format(conclusion=" ".join(conclusion) or RESULT_NO_CONCLUSION),
    ]
    statements = [_short(s, STATEMENT_MAX_CHARS) for s in confirmed[:MESSAGE_STATEMENTS]]
    if statements:
        lines.append(RESULT_CONFIRMED)
        lines.extend(f"{i}. {s}" for i, s in enumerate(statements, 1))
    else:
        lines.append(RESULT_NONE_CONFIRMED)
    if link:
        lines.append(RESULT_LINK.format(link=link))
    return text_message("\n".join(lines))
