"""Feishu's documented event shapes (event subscription, schema 2.0), built for the tests; and
Feishu's side of the encryption and the signature."""

from __future__ import annotations

import base64
import hashlib
import json
import os
import time

from cryptography.hazmat.primitives import padding
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes

APP_ID = "cli_a1b2c3d4e5f6"
APP_SECRET = "fake-app-secret"
VERIFICATION_TOKEN = "v-token-123"
ENCRYPT_KEY = "test-encrypt-key"
BOUND_OPEN_ID = "ou_bound_user"
STRANGER_OPEN_ID = "ou_stranger"
CHAT_ID = "oc_group_chat"


def challenge(token: str = VERIFICATION_TOKEN) -> dict:
    return {"challenge": "ajls384kdjx98XX", "token": token, "type": "url_verification"}


def message_event(
    text: str,
    *,
    event_id: str,
    message_id: str,
    open_id: str = BOUND_OPEN_ID,
    root_id: str | None = None,
    token: str = VERIFICATION_TOKEN,
    created_ms: int | None = None,
) -> dict:
    """``im.message.receive_v1``: a group message that @mentions the bot."""
    return {
        "schema": "2.0",
        "header": {
            "event_id": event_id,
            "event_type": "im.message.receive_v1",
            "create_time": str(created_ms if created_ms is not None else int(time.time() * 1000)),
            "token": token,
            "app_id": APP_ID,
            "tenant_key": "2ca1d211f64f6438",
        },
        "event": {
            "sender": {
                "sender_id": {"union_id": "on_8ed6aa67826108097d9ee143816345", "user_id": None, "open_id": open_id},
                "sender_type": "user",
                "tenant_key": "2ca1d211f64f6438",
            },
            "message": {
                "message_id": message_id,
                "root_id": root_id,
                "parent_id": root_id,
                "create_time": "1609073151345",
                "chat_id": CHAT_ID,
                "chat_type": "group",
                "message_type": "text",
                "content": json.dumps({"text": f"@_user_1 {text}"}, ensure_ascii=False),
                "mentions": [
                    {
                        "key": "@_user_1",
                        "id": {"union_id": "on_bot", "user_id": None, "open_id": "ou_bot"},
                        "name": "诊断机器人",
                        "tenant_key": "2ca1d211f64f6438",
                    }
                ],
            },
        },
    }


def encrypted(body: dict, key: str = ENCRYPT_KEY) -> dict:
    plain = json.dumps(body, ensure_ascii=False).encode("utf-8")
    padder = padding.PKCS7(128).padder()
    padded = padder.update(plain) + padder.finalize()
    iv = os.urandom(16)
    encryptor = Cipher(algorithms.AES(hashlib.sha256(key.encode()).digest()), modes.CBC(iv)).encryptor()
    return {"encrypt": base64.b64encode(iv + encryptor.update(padded) + encryptor.finalize()).decode()}


def signed_headers(raw: bytes, key: str = ENCRYPT_KEY) -> dict[str, str]:
    timestamp, nonce = str(int(time.time())), "nonce-abc"
    digest = hashlib.sha256((timestamp + nonce + key).encode() + raw).hexdigest()
    return {
        "HTTP_X_LARK_REQUEST_TIMESTAMP": timestamp,
        "HTTP_X_LARK_REQUEST_NONCE": nonce,
        "HTTP_X_LARK_SIGNATURE": digest,
    }
