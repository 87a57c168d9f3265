"""Receiver tokens: made by ``manage.py create_alert_receiver``, shown once, stored as sha256.

Why sha256 and not Django's password hashers: a token is 32 random bytes (256 bits) from
``secrets``, not a password a person chose, so there is nothing for a slow, salted hash to protect
against — no dictionary, no feasible brute force — and an unsalted digest can be looked up by an
index in one query. A salted PBKDF2 would cost every webhook request ~100 ms of CPU per receiver
tried and force a scan over all receivers (DRF-knox and GitHub's token scanning reason the same way).
The database holds only the digest: a leaked table does not let anyone post alerts.

Comparison: the lookup is by digest (an index walk reveals nothing about the token: finding a token
for a digest prefix is a preimage search), and the found digest is compared again with
``hmac.compare_digest`` so the check itself is constant-time whatever the database does.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from typing import Final

TOKEN_PREFIX: Final = "sbza_"
TOKEN_BYTES: Final = 32
#: The longest token accepted in a header (longer is refused before hashing).
TOKEN_MAX_CHARS: Final = 128


def token_generate() -> str:
    return TOKEN_PREFIX + secrets.token_urlsafe(TOKEN_BYTES)


def token_digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def token_matches(token: str, digest: str) -> bool:
    return hmac.compare_digest(token_digest(token), digest)
