"""``Idempotency-Key`` semantics of ``POST /api/chat`` (and the SSE twin).

- same key + same body → the run the first request created (the stored response is rebuilt
  from that row; no second run);
- same key while that run is still queued/running → ``IdempotencyInFlight`` (409);
- same key with another body → ``IdempotencyMismatch`` (422).

Keys are scoped per user (the partial unique constraint ``owner + idempotency_key`` on
DiagnosisRun). Two concurrent first requests race on that constraint, not on a read-then-write
check: the loser's INSERT fails, and it then sees the winner's run (in flight → 409).

The fingerprint is the sha256 of the canonical JSON of the *validated* body (sorted keys, no
whitespace, UTF-8, ``session_id`` as a string or null), so key order or spacing in the client's
JSON does not turn a retry into a mismatch.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass
from typing import Any
from uuid import UUID

from django.db import IntegrityError, transaction

from diagnosis.models import DiagnosisRun
from diagnosis.services.runs import diagnosis_run_create, diagnosis_session_resolve, scope_resolve

IDEMPOTENCY_KEY_MAX_CHARS = 128  # DiagnosisRun.idempotency_key max_length
IDEMPOTENCY_KEY_PATTERN = r"^[\x21-\x7e]{1,128}$"  # printable ASCII, no spaces (the OpenAPI pattern too)
_KEY_PATTERN = re.compile(IDEMPOTENCY_KEY_PATTERN)

MESSAGE_KEY_INVALID = "Idempotency-Key 无效：须为 1–128 个可打印 ASCII 字符（不含空格）。"
MESSAGE_IN_FLIGHT = "使用该 Idempotency-Key 的请求仍在处理中，请稍后重试。"
MESSAGE_MISMATCH = "该 Idempotency-Key 已用于另一个不同的请求体。"

IN_FLIGHT_STATUSES = (DiagnosisRun.Status.QUEUED, DiagnosisRun.Status.RUNNING)


class IdempotencyError(Exception):
    code = "idempotency_error"
    status_code = 400

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class IdempotencyKeyInvalid(IdempotencyError):
    code = "idempotency_key_invalid"
    status_code = 400


class IdempotencyInFlight(IdempotencyError):
    code = "idempotency_in_flight"
    status_code = 409


class IdempotencyMismatch(IdempotencyError):
    code = "idempotency_key_reused"
    status_code = 422


@dataclass(frozen=True)
class RunStart:
    run: DiagnosisRun
    replayed: bool  # True: an earlier request with the same key and body created this run


def idempotency_key_clean(raw: str | None) -> str | None:
    """The header value, or None when absent; raises ``IdempotencyKeyInvalid`` if malformed.

    A header that is present is taken as sent: blank or padded is malformed, not "no key" — the
    OpenAPI schema documents exactly ``IDEMPOTENCY_KEY_PATTERN``, so a client whose key
    generator misbehaves learns it instead of silently losing idempotency."""
    if raw is None:
        return None
    if not _KEY_PATTERN.fullmatch(raw):
        raise IdempotencyKeyInvalid(MESSAGE_KEY_INVALID)
    return raw


def request_fingerprint(*, question: str, session_id: UUID | str | None, scope: str | None = None) -> str:
    body: dict[str, Any] = {"question": question, "session_id": str(session_id) if session_id else None}
    if scope:
        body["scope"] = scope  # absent when not sent: keys of earlier requests still match
    canonical = json.dumps(
        body,
        ensure_ascii=False,
        sort_keys=True,
        separators=(",", ":"),
    )
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


def idempotent_run_lookup(*, owner: Any, key: str, fingerprint: str) -> DiagnosisRun | None:
    """The run an earlier request with ``key`` created, if any.

    Raises ``IdempotencyMismatch`` when that request had another body and
    ``IdempotencyInFlight`` while its run has not finished.
    """
    run = DiagnosisRun.objects.filter(owner=owner, idempotency_key=key).select_related("session").first()
    if run is None:
        return None
    if run.request_fingerprint != fingerprint:
        raise IdempotencyMismatch(MESSAGE_MISMATCH)
    if run.status in IN_FLIGHT_STATUSES:
        raise IdempotencyInFlight(MESSAGE_IN_FLIGHT)
    return run


def diagnosis_run_create_idempotent(
    *,
    owner: Any,
    question: str,
    session_id: UUID | str | None = None,
    scope: str | None = None,
    idempotency_key: str | None = None,
) -> RunStart:
    """Create the run for one chat request, honouring ``idempotency_key``. ``scope`` names the
    evidence scope of a new session (default: the default scope) or must match the session's.

    Raises ``SessionNotFound`` / ``InvalidQuestion`` / ``UnknownScope`` / ``ScopeMismatch`` (from
    the runs service) and the ``IdempotencyError`` subclasses above. Does not execute the run.
    """
    fingerprint = request_fingerprint(question=question, session_id=session_id, scope=scope)
    if idempotency_key:
        existing = idempotent_run_lookup(owner=owner, key=idempotency_key, fingerprint=fingerprint)
        if existing is not None:
            return RunStart(existing, replayed=True)
    try:
        # A savepoint: the losing INSERT of a key race must not poison an outer transaction.
        with transaction.atomic():
            chosen = scope_resolve(scope) if scope else None
            session = (
                diagnosis_session_resolve(owner=owner, session_id=session_id, scope=chosen) if session_id else None
            )
            run = diagnosis_run_create(
                owner=owner,
                question=question,
                session=session,
                scope=chosen,
                idempotency_key=idempotency_key,
                request_fingerprint=fingerprint,
            )
    except IntegrityError:
        if not idempotency_key:
            raise
        existing = idempotent_run_lookup(owner=owner, key=idempotency_key, fingerprint=fingerprint)
        if existing is None:
            raise
        return RunStart(existing, replayed=True)
    return RunStart(run, replayed=False)
