"""Alert intake services (STYLE §1): create a receiver, receive one Alertmanager notification.

A notification with firing alerts is one *group notification*: its group key and the sorted
fingerprints of its firing alerts say which incident it is (``fingerprints_hash``). The first one
creates a run through the run services (``diagnosis_run_create`` — the path ``POST /api/chat``
takes, so the session is made exactly as for a person's question) owned by the receiver's
service account, marks its session ``origin=alert`` and records an ``AlertGroupRun``; the run is
then submitted (inline or Celery, ``RUN_EXECUTION``) *after* that transaction commits. The same
group and fingerprints again within ``ALERT_DEDUP_WINDOW_S`` of the first — Alertmanager re-sends on
``repeat_interval``, and retries when a request times out — finds that record and starts nothing;
so does a notification of the same group whose firing alerts are a subset of the record's (some
alerts of the group resolved, the rest still firing: the same incident, already being diagnosed).

Concurrency: the receiver's row is locked (``select_for_update``) for the check-then-create, so two
identical notifications arriving together are serialised on PostgreSQL; SQLite's ``BEGIN
IMMEDIATE`` (superbiz.sqlite) serialises writers anyway. A resolved group notification (no firing
alerts left) is recorded on the group's latest record — which fingerprints, and when all of them
have resolved, ``resolved_at`` — and never starts a run. Resolved alerts inside a firing
notification (a partly resolved group) are recorded the same way. A resolved alert of a group that
has no record yet is remembered (``AlertEarlyResolution``, for ``EARLY_RESOLUTION_KEEP``): when its
firing copy arrives late, the record it creates is marked resolved for that alert, so it does not
stay ``firing`` forever (issue 25).
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import timedelta
from typing import Any, Final
from zoneinfo import ZoneInfo

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from diagnosis.alerts.models import AlertEarlyResolution, AlertGroupRun, AlertReceiver
from diagnosis.alerts.payload import AlertmanagerAlert, AlertmanagerPayload
from diagnosis.alerts.question import AlertFacts, alert_question, group_facts
from diagnosis.alerts.tokens import token_digest, token_generate
from diagnosis.models import DiagnosisRun, DiagnosisSession
from diagnosis.services.runs import diagnosis_run_create, diagnosis_run_submit

RESULT_STARTED: Final = "started"
RESULT_DEDUPLICATED: Final = "deduplicated"
RESULT_RESOLVED: Final = "resolved"
RESULT_RESOLVED_UNKNOWN: Final = "resolved_unknown"

#: The stored copy of the first notification: at most this many characters of JSON.
PAYLOAD_MAX_CHARS: Final = 64 * 1024
RECEIVER_NAME_PATTERN: Final = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,99}")
SERVICE_ACCOUNT_PREFIX: Final = "alerts-"
#: How long a resolution that overtook its firing copy is remembered: far longer than any
#: delivery retry (Alertmanager gives up on a notification within minutes).
EARLY_RESOLUTION_KEEP: Final = timedelta(days=1)

MESSAGE_RECEIVER_NAME: Final = "接收器名称无效：须为 1–100 个字母、数字、点、下划线或连字符，且以字母或数字开头。"
MESSAGE_RECEIVER_EXISTS: Final = "接收器 {name} 已存在。"


class ReceiverInvalid(ValueError):
    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


@dataclass(frozen=True)
class IntakeResult:
    result: str  # RESULT_*
    group: AlertGroupRun | None
    run: DiagnosisRun | None


# --- Receivers -------------------------------------------------------------------------------
def alert_receiver_create(*, name: str) -> tuple[AlertReceiver, str]:
    """A new receiver and its service account (``alerts-<name>``, no usable password, not staff);
    returns the receiver and the token — the only time the token exists outside the sender."""
    if not RECEIVER_NAME_PATTERN.fullmatch(name or ""):
        raise ReceiverInvalid(MESSAGE_RECEIVER_NAME)
    if AlertReceiver.objects.filter(name=name).exists():
        raise ReceiverInvalid(MESSAGE_RECEIVER_EXISTS.format(name=name))
    token = token_generate()
    with transaction.atomic():
        user_model = get_user_model()
        account, created = user_model.objects.get_or_create(username=f"{SERVICE_ACCOUNT_PREFIX}{name}"[:150])
        if created:
            account.set_unusable_password()
            account.save()
        receiver = AlertReceiver.objects.create(name=name, token_hash=token_digest(token), service_account=account)
    return receiver, token


# --- Notifications ---------------------------------------------------------------------------
def fingerprint_of(alert: AlertmanagerAlert) -> str:
    """Alertmanager's fingerprint, or (a sender without one) a digest of the label set."""
    if alert.fingerprint:
        return alert.fingerprint
    canonical = json.dumps(sorted(alert.labels.items()), ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()[:16]


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def dedup_key(group_key: str, fingerprints: Sequence[str]) -> str:
    return _digest(json.dumps([group_key, sorted(set(fingerprints))], ensure_ascii=False, separators=(",", ":")))


def _stored_payload(payload: AlertmanagerPayload) -> dict[str, Any]:
    data = payload.model_dump(mode="json")
    if len(json.dumps(data, ensure_ascii=False)) <= PAYLOAD_MAX_CHARS:
        return data
    # Too large to keep whole: the group's own fields, and how many alerts there were.
    head = {k: v for k, v in data.items() if k != "alerts"}
    if len(json.dumps(head, ensure_ascii=False)) > PAYLOAD_MAX_CHARS:
        head = {k: head[k] for k in ("version", "status", "receiver", "truncatedAlerts")}
    return {**head, "alerts_count": len(payload.alerts), "stored": "truncated"}


def _facts(payload: AlertmanagerPayload) -> AlertFacts:
    return group_facts(
        common_labels=payload.commonLabels, common_annotations=payload.commonAnnotations, firing=payload.firing()
    )


def _record_resolved(group: AlertGroupRun, fingerprints: set[str], now: Any, *, notification: bool = True) -> None:
    group.resolved_fingerprints = sorted(set(group.resolved_fingerprints or []) | (fingerprints & set(group.fingerprints)))
    group.last_received_at = now
    group.notifications += 1 if notification else 0
    if set(group.fingerprints) <= set(group.resolved_fingerprints):
        group.status = AlertGroupRun.Status.RESOLVED
        group.resolved_at = now
    group.save(update_fields=["resolved_fingerprints", "last_received_at", "notifications", "status", "resolved_at"])


def _remember_early_resolutions(receiver: AlertReceiver, payload: AlertmanagerPayload, now: Any) -> None:
    AlertEarlyResolution.objects.filter(received_at__lt=now - EARLY_RESOLUTION_KEEP).delete()
    group_key_hash = _digest(payload.groupKey)
    AlertEarlyResolution.objects.bulk_create(
        AlertEarlyResolution(
            receiver=receiver, group_key_hash=group_key_hash, fingerprint=fingerprint_of(alert),
            ends_at=alert.endsAt or now, received_at=now,
        )  # fmt: skip
        for alert in payload.resolved()
    )


def _resolved_early(receiver: AlertReceiver, payload: AlertmanagerPayload, now: Any) -> set[str]:
    """The firing alerts of ``payload`` whose resolution already arrived: one remembered for the
    same group and fingerprint that ended after the alert started (a later start is a new firing)."""
    starts = {fingerprint_of(a): a.startsAt for a in payload.firing()}
    early = AlertEarlyResolution.objects.filter(
        receiver=receiver, group_key_hash=_digest(payload.groupKey), fingerprint__in=list(starts),
        received_at__gte=now - EARLY_RESOLUTION_KEEP,
    ).values_list("fingerprint", "ends_at")  # fmt: skip
    return {fingerprint for fingerprint, ends_at in early if starts[fingerprint] <= ends_at}


def _latest_of_group(receiver: AlertReceiver, group_key: str, fingerprints: set[str]) -> AlertGroupRun | None:
    candidates = AlertGroupRun.objects.filter(receiver=receiver, group_key_hash=_digest(group_key)).order_by(
        "-first_received_at"
    )[:50]
    return next((g for g in candidates if fingerprints & set(g.fingerprints)), None)


def _start_run(*, receiver: AlertReceiver, payload: AlertmanagerPayload, key: str, fingerprints: list[str], now: Any) -> AlertGroupRun:
    facts = _facts(payload)
    question = alert_question(facts, tz=ZoneInfo(settings.TIME_ZONE))
    run = diagnosis_run_create(owner=receiver.service_account, question=question)
    # Same transaction as the session's creation: an alert-started session is never seen as a user's.
    DiagnosisSession.objects.filter(pk=run.session_id).update(origin=DiagnosisSession.Origin.ALERT)
    return AlertGroupRun.objects.create(
        receiver=receiver,
        group_key=payload.groupKey,
        group_key_hash=_digest(payload.groupKey),
        fingerprints_hash=key,
        fingerprints=fingerprints,
        run=run,
        alert_name=(facts.alert_names[0] if facts.alert_names else "")[:200],
        service=facts.service[:200],
        first_received_at=now,
        last_received_at=now,
        payload=_stored_payload(payload),
    )


def alert_notification_receive(*, receiver: AlertReceiver, payload: AlertmanagerPayload) -> IntakeResult:
    """Record one group notification; start (and submit) a run for a new firing group."""
    now = timezone.now()
    firing = sorted({fingerprint_of(a) for a in payload.firing()})
    resolved = {fingerprint_of(a) for a in payload.resolved()}
    window = timedelta(seconds=settings.ALERT_DEDUP_WINDOW_S)
    with transaction.atomic():
        # Serialises this receiver's intake: the dedup check and the create cannot interleave.
        AlertReceiver.objects.select_for_update().filter(pk=receiver.pk).values_list("pk", flat=True).get()
        if resolved:
            earlier = _latest_of_group(receiver, payload.groupKey, resolved)
            if earlier is not None:
                _record_resolved(earlier, resolved, now)
        if not firing:
            group = _latest_of_group(receiver, payload.groupKey, resolved)
            if group is None:
                _remember_early_resolutions(receiver, payload, now)
                return IntakeResult(RESULT_RESOLVED_UNKNOWN, None, None)
            return IntakeResult(RESULT_RESOLVED, group, group.run)
        key = dedup_key(payload.groupKey, firing)
        # The same incident: a firing record of this group, recent enough, that already covers
        # every alert firing now (the same fingerprints, or a group that has since shrunk).
        recent = AlertGroupRun.objects.select_related("run").filter(
            receiver=receiver,
            group_key_hash=_digest(payload.groupKey),
            status=AlertGroupRun.Status.FIRING,
            first_received_at__gte=now - window,
        )
        existing = next((g for g in recent.order_by("-first_received_at")[:50] if set(firing) <= set(g.fingerprints)), None)
        if existing is not None:
            existing.last_received_at = now
            existing.notifications += 1
            existing.save(update_fields=["last_received_at", "notifications"])
            return IntakeResult(RESULT_DEDUPLICATED, existing, existing.run)
        group = _start_run(receiver=receiver, payload=payload, key=key, fingerprints=firing, now=now)
        already = _resolved_early(receiver, payload, now)
        if already:
            _record_resolved(group, already, now, notification=False)  # it was counted when it arrived
    # After the commit: a retry of this notification (e.g. Alertmanager timing out while an inline
    # run executes) already finds the record.
    diagnosis_run_submit(run=group.run)
    group.run.refresh_from_db()
    return IntakeResult(RESULT_STARTED, group, group.run)
