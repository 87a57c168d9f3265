"""The optional outbound notification of an alert-started run (``ALERT_NOTIFY_URL``).

Subscribed to ``diagnosis.audit.signals.run_ended`` (connected in ``DiagnosisConfig.ready``), so
it runs after the run's terminal transition has committed, outside any transaction, in the process
that ended the run (the web process inline, the Celery worker otherwise). One POST, bounded by
``ALERT_NOTIFY_TIMEOUT_S``, no redirects followed (the robot URL carries its access token, and a
3xx must not forward the body elsewhere). A failure is logged — without the URL, which is a
secret for every robot — and recorded on the alert record (``notify_error``); it never raises
and never changes the run.

The statements sent are the composer's confirmed material (``compose_material`` over the
persisted Verifier result, with the run's tool prose quoted), never raw tool or model text.
"""

from __future__ import annotations

import json
import logging
import urllib.error
import urllib.request
from dataclasses import replace
from typing import Any, Final
from uuid import UUID

from django.conf import settings
from django.urls import reverse
from django.utils import timezone

from contracts.gatekeeper import VerifiedOutput
from diagnosis.alerts.models import AlertGroupRun
from diagnosis.alerts.outbound import RunEnded, notification_message, robot_error
from diagnosis.composer.material import compose_material
from diagnosis.masking.config import Audience, for_audience_all
from diagnosis.models import DiagnosisRun, Service, ToolInvocation
from diagnosis.schemas.self_evaluation import SelfEvaluation
from diagnosis.tools.prose import tool_prose
from diagnosis.tools.quoting import ToolText

logger = logging.getLogger(__name__)

USER_AGENT: Final = "superbiz-diagnosis/alert-notify"
MAX_REPLY_BYTES: Final = 16 * 1024
VERDICTS: Final = ("PASS", "LOW_CONFID", "REJECT")


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, req, fp, code, msg, headers, newurl):  # type: ignore[no-untyped-def]
        return None  # the 3xx surfaces as an HTTPError


_OPENER: Final = urllib.request.build_opener(_NoRedirect())


def confirmed_statements(run: DiagnosisRun) -> list[str]:
    """The confirmed statements the composer was given for ``run`` (empty on a fallback)."""
    evaluation = SelfEvaluation.stored(run.self_evaluation).verifier
    verdict = evaluation.effective_verdict
    if run.outcome == DiagnosisRun.Outcome.FALLBACK or verdict is None:
        return []
    invocations = ToolInvocation.objects.filter(run=run).order_by("seq").only("tool_name", "output", "error")
    tool_texts = [ToolText(label, text) for inv in invocations for label, text in tool_prose(inv.tool_name, inv.output, inv.error)]
    names = [name for service in Service.objects.all() for name in service.all_names()]
    material, _ = compose_material(
        question=run.question,
        verdict=verdict,
        claim_checks=evaluation.claim_checks,
        evidence_gaps=evaluation.evidence_gaps,
        verified_output=evaluation.verified_executor_output or VerifiedOutput(),
        verified_evidence=evaluation.verified_evidence,
        tool_texts=tool_texts,
        service_names=names,
    )
    return [item.text for item in material.confirmed if item.text]


def run_ended_facts(group: AlertGroupRun) -> RunEnded:
    run = group.run
    path = reverse("web:run-detail", args=[run.pk])
    return RunEnded(
        run_id=str(run.pk),
        session_id=str(run.session_id),
        status=run.status,
        outcome=run.outcome,
        outcome_label=run.get_outcome_display() or run.get_status_display(),
        verdict=run.verdict,
        question=run.question,
        receiver=group.receiver.name,
        group_key=group.group_key,
        alert_name=group.alert_name,
        service=group.service,
        alert_status=group.status,
        confirmed=confirmed_statements(run),
        link=f"{settings.SITE_URL}{path}" if settings.SITE_URL else "",
        finished_at=run.finished_at.isoformat() if run.finished_at else "",
    )


#: The parts of a notification that carry run, alert or tool text (the rest are ids and enums).
_TEXT_FIELDS: Final = ("question", "receiver", "group_key", "alert_name", "service")


def for_channel(end: RunEnded) -> RunEnded:
    """``end`` as an outbound channel may read it (``MASK_ANSWERS``: the same rule as the API for
    a non-staff reader, ``masking.config.for_audience``), its parts masked as one message."""
    texts = [getattr(end, name) for name in _TEXT_FIELDS] + list(end.confirmed)
    shown = for_audience_all(texts, Audience.CHANNEL)
    parts = dict(zip(_TEXT_FIELDS, shown, strict=False))
    return replace(end, **parts, confirmed=shown[len(_TEXT_FIELDS) :])


def _post(url: str, body: dict[str, Any], timeout: float) -> str:
    """POST ``body``; "" on success, else a short reason that names no URL."""
    data = json.dumps(body, ensure_ascii=False).encode("utf-8")
    request = urllib.request.Request(
        url, data=data, method="POST", headers={"Content-Type": "application/json; charset=utf-8", "User-Agent": USER_AGENT}
    )
    try:
        with _OPENER.open(request, timeout=timeout) as response:
            raw = response.read(MAX_REPLY_BYTES)
    except urllib.error.HTTPError as exc:
        return f"HTTP {exc.code}"
    except urllib.error.URLError as exc:
        reason = exc.reason
        return "timeout" if isinstance(reason, TimeoutError) else f"{type(reason).__name__}"
    except TimeoutError:
        return "timeout"
    except OSError as exc:
        return type(exc).__name__
    except ValueError:  # http.client.InvalidURL and friends: their message holds the URL
        return "invalid URL"
    try:
        reply = json.loads(raw.decode("utf-8")) if raw.strip() else None
    except (UnicodeDecodeError, ValueError):
        reply = None
    return robot_error(reply)


def alert_run_notify(*, run_id: UUID | str) -> bool:
    """Send the notification of one ended run if it was alert-started and a URL is configured.
    True when sent and accepted; False otherwise (never raises for the receiver's faults)."""
    url = settings.ALERT_NOTIFY_URL
    if not url:
        return False
    group = AlertGroupRun.objects.select_related("run", "receiver").filter(run_id=run_id).first()
    if group is None:
        return False
    body = notification_message(for_channel(run_ended_facts(group)), settings.ALERT_NOTIFY_FORMAT)
    error = _post(url, body, settings.ALERT_NOTIFY_TIMEOUT_S)
    if error:
        logger.warning("alert notification for run %s not delivered: %s", run_id, error)
        AlertGroupRun.objects.filter(pk=group.pk).update(notify_error=error[:300])
        return False
    AlertGroupRun.objects.filter(pk=group.pk).update(notified_at=timezone.now(), notify_error="")
    return True


def on_run_ended(sender: Any, run_id: UUID | str, **kwargs: Any) -> None:
    try:
        alert_run_notify(run_id=run_id)
    except Exception as exc:  # noqa: BLE001 - a notification must never disturb the run's ending
        # The exception's type only: its message or traceback may carry the (secret) robot URL.
        logger.error("alert notification for run %s failed: %s", run_id, type(exc).__name__)
