"""The Feishu (Lark) side of the IM bot, pure (no Django, no I/O): the request signature, the
decryption of an encrypted body, the question a message asks, and the cards the bot replies with.

Per Feishu's event subscription documentation: with an Encrypt Key set, a body is
``{"encrypt": base64(iv + AES-256-CBC(json))}`` with the key ``sha256(encrypt_key)`` and PKCS#7
padding, and each request carries ``X-Lark-Signature = sha256(timestamp + nonce + encrypt_key +
body)`` (hex). The card shows the verdict, the conclusion, up to ``CARD_STATEMENTS`` confirmed
statements and the run page link — nothing else of the evidence leaves.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import json
import re
from collections.abc import Sequence
from typing import Any, Final

from cryptography.hazmat.primitives import padding
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes
from pydantic import ValidationError

from contracts.im import FeishuMessage, FeishuTextContent

CARD_STATEMENTS: Final = 3
STATEMENT_MAX_CHARS: Final = 300
QUESTION_MAX_CHARS: Final = 2000

CARD_TITLE: Final = "事故诊断"
CARD_WORKING: Final = "正在排查…"
CARD_QUESTION: Final = "问题：{question}"
CARD_CONCLUSION: Final = "**结论**"
CARD_CONFIRMED: Final = "**已确认的事实**"
CARD_NONE_CONFIRMED: Final = "没有经证据核实的事实（详见诊断页）。"
CARD_NO_CONCLUSION: Final = "本次没有得出经核验的结论。"
CARD_LINK: Final = "查看完整诊断"
MESSAGE_UNKNOWN_USER: Final = "你的飞书账号尚未绑定诊断系统账号，请联系管理员在后台「IM 账号绑定」中登记后再提问。"
MESSAGE_EMPTY_QUESTION: Final = "请在 @ 机器人后写下要排查的问题，例如：payment-service 从 10:05 开始大量 500，原因是什么？"
MESSAGE_NOT_TEXT: Final = "目前只支持文字提问。"

#: The card header's colour per verdict (Feishu card template names); grey for no verdict.
VERDICT_COLOURS: Final = {"PASS": "green", "LOW_CONFID": "orange", "REJECT": "red"}
NO_VERDICT_COLOUR: Final = "grey"

_MENTION_KEY: Final = re.compile(r"@_user_\d+")


class UndecryptableBody(ValueError):
    """An ``encrypt`` value that is not what Feishu's scheme produces with this key."""


def signature(*, timestamp: str, nonce: str, encrypt_key: str, body: bytes) -> str:
    digest = hashlib.sha256()
    digest.update((timestamp + nonce + encrypt_key).encode("utf-8"))
    digest.update(body)
    return digest.hexdigest()


def signature_valid(*, timestamp: str, nonce: str, encrypt_key: str, body: bytes, claimed: str) -> bool:
    expected = signature(timestamp=timestamp, nonce=nonce, encrypt_key=encrypt_key, body=body)
    return hmac.compare_digest(expected, claimed.strip().lower())


def decrypt(encrypt: str, encrypt_key: str) -> bytes:
    try:
        data = base64.b64decode(encrypt, validate=True)
    except (binascii.Error, ValueError):
        raise UndecryptableBody("not base64") from None
    if len(data) < 32 or len(data) % 16:
        raise UndecryptableBody("not whole AES blocks")
    key = hashlib.sha256(encrypt_key.encode("utf-8")).digest()
    decryptor = Cipher(algorithms.AES(key), modes.CBC(data[:16])).decryptor()
    padded = decryptor.update(data[16:]) + decryptor.finalize()
    unpadder = padding.PKCS7(128).unpadder()
    try:
        return unpadder.update(padded) + unpadder.finalize()
    except ValueError:
        raise UndecryptableBody("bad padding") from None


def question_text(message: FeishuMessage) -> str | None:
    """What a text message asks, its @mentions removed; None for a message that is not text."""
    if message.message_type != "text":
        return None
    try:
        text = FeishuTextContent.model_validate_json(message.content).text
    except ValidationError:
        return None
    return " ".join(_MENTION_KEY.sub(" ", text).split())[:QUESTION_MAX_CHARS]


def thread_key(message: FeishuMessage) -> str:
    """The conversation a message belongs to: its thread's root message, or itself when it starts one."""
    return message.root_id or message.message_id


def _short(text: str, limit: int) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def _markdown(text: str) -> dict[str, Any]:
    return {"tag": "div", "text": {"tag": "lark_md", "content": text}}


def _plain(text: str) -> dict[str, Any]:
    return {"tag": "div", "text": {"tag": "plain_text", "content": text}}


def _card(title: str, colour: str, elements: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "config": {"wide_screen_mode": True, "update_multi": True},
        "header": {"template": colour, "title": {"tag": "plain_text", "content": title}},
        "elements": elements,
    }


def working_card(question: str) -> dict[str, Any]:
    """The card replied at once, while the run executes."""
    return _card(
        f"{CARD_TITLE} · {CARD_WORKING}",
        "blue",
        [_plain(CARD_QUESTION.format(question=_short(question, 200))), _plain(CARD_WORKING)],
    )


def result_card(
    *,
    verdict: str | None,
    verdict_label: str,
    conclusion: Sequence[str],
    confirmed: Sequence[str],
    link: str,
) -> dict[str, Any]:
    """The card the working card becomes when the run has ended. Statements and conclusion go in
    as plain text: they quote log and alert text, which must not render as links or mentions."""
    badge = f"{verdict} · {verdict_label}" if verdict else verdict_label
    elements: list[dict[str, Any]] = [_markdown(CARD_CONCLUSION), _plain(" ".join(conclusion) or CARD_NO_CONCLUSION)]
    statements = [_short(s, STATEMENT_MAX_CHARS) for s in confirmed[:CARD_STATEMENTS]]
    elements.append(_markdown(CARD_CONFIRMED))
    elements.append(_plain("\n".join(f"{i}. {s}" for i, s in enumerate(statements, 1)) or CARD_NONE_CONFIRMED))
    if link:
        elements.append(
            {
                "tag": "action",
                "actions": [
                    {"tag": "button", "text": {"tag": "plain_text", "content": CARD_LINK}, "type": "primary", "url": link}
                ],
            }
        )
    return _card(f"{CARD_TITLE} · {badge}", VERDICT_COLOURS.get(verdict or "", NO_VERDICT_COLOUR), elements)


def card_content(card: dict[str, Any]) -> str:
    """A card as the open API's ``content`` field carries it: a JSON string."""
    return json.dumps(card, ensure_ascii=False)


def text_content(text: str) -> str:
    return json.dumps({"text": text}, ensure_ascii=False)
