"""The reaper (issue 12 item 2): close runs whose process died before they reached a terminal
state, so nothing stays ``queued``/``running`` forever.

A run is stale when it is still open ``RUN_STALE_AFTER_S`` after it started (or, never started,
after it was created). The reaper ends it through the run finaliser as ``failed`` with reason
``stale_run`` and the Chinese fallback answer; the finaliser's "first ending wins" makes a reap
racing a live worker safe either way.

Tool invocations: a ``ToolInvocation`` row is written once, after its tool returned, with its
final status — there is no "open" invocation to close; a call in flight when the process died
leaves no row (and so cannot be cited as evidence).

Idempotency-Key: a reaped run is terminal, so a retry with the same key and body replays it
(``failed`` with the stale answer) instead of answering 409. It does not start anew: the key
names one request, and the (owner, key) unique constraint keeps one run per key; a client that
wants another attempt sends a new key.

Who runs it: ``manage.py reap_runs`` (cron, by hand); Celery beat every RUN_REAPER_INTERVAL_S
when RUN_EXECUTION=celery; in inline mode a daemon thread of each web server process, started
from the ASGI/WSGI entry module (see ``reaper_thread_start``).
"""

from __future__ import annotations

import logging
import threading
from datetime import datetime, timedelta
from typing import Final
from uuid import UUID

from django.conf import settings
from django.db import DatabaseError, connections
from django.db.models import Q
from django.utils import timezone

from contracts import reasons as R
from diagnosis.audit.finalise import KIND_STALE, OPEN_STATUSES, run_finalise
from diagnosis.metrics import observe_reaped
from diagnosis.models import DiagnosisRun
from diagnosis.services.runs import failure_terminal

logger = logging.getLogger(__name__)

REAP_BATCH: Final = 500
STALE_ERROR: Final = "stale_run: no terminal state within {seconds}s of {since} (its process is gone)"


def stale_runs(*, older_than_s: float, now: datetime | None = None) -> list[UUID]:
    cutoff = (now or timezone.now()) - timedelta(seconds=older_than_s)
    return list(
        DiagnosisRun.objects.filter(status__in=OPEN_STATUSES)
        .filter(Q(started_at__lt=cutoff) | Q(started_at__isnull=True, created_at__lt=cutoff))
        .order_by("created_at")
        .values_list("pk", flat=True)[:REAP_BATCH]
    )


def stale_runs_reap(*, older_than_s: float | None = None, now: datetime | None = None) -> list[UUID]:
    """Close every stale run; the ids of the runs this call closed."""
    seconds = settings.RUN_STALE_AFTER_S if older_than_s is None else older_than_s
    reaped: list[UUID] = []
    for run_id in stale_runs(older_than_s=seconds, now=now):
        run = DiagnosisRun.objects.filter(pk=run_id).only("status", "started_at").first()
        if run is None:
            continue
        since = "start" if run.started_at else "creation"
        terminal = failure_terminal(
            kind=KIND_STALE, reason=R.STALE_RUN, error=STALE_ERROR.format(seconds=int(seconds), since=since)
        )
        if run_finalise(run_id=run_id, terminal=terminal):
            reaped.append(run_id)
    observe_reaped(len(reaped))
    if reaped:
        logger.warning("reaped %d stale run(s): %s", len(reaped), ", ".join(str(r) for r in reaped))
    return reaped


_thread_lock = threading.Lock()
_thread: threading.Thread | None = None


def reaper_pass() -> None:
    """One pass of the in-process reaper; never raises. A database that is unavailable (read-only,
    down, not migrated yet) is logged as one line per pass — the same cause every few seconds until
    an operator fixes it, not a traceback each time (issue 25); anything else with its traceback."""
    try:
        stale_runs_reap()
    except DatabaseError as exc:
        logger.warning("reaper pass failed: %s: %s", type(exc).__name__, " ".join(str(exc).split())[:300])
    except Exception:  # noqa: BLE001 - a bug: keep its traceback, and keep the thread alive
        logger.exception("reaper pass failed")
    finally:
        connections.close_all()  # this thread's connections only


def _reaper_loop(interval_s: float) -> None:
    while True:
        reaper_pass()
        threading.Event().wait(interval_s)


def reaper_thread_start() -> bool:
    """Start the in-process reaper of an inline-mode web server (once per process).

    Called from ``superbiz/asgi.py`` and ``superbiz/wsgi.py``, which only servers import: unlike
    ``AppConfig.ready`` it does not run for ``migrate``, the test suite, shells or Celery
    workers; unlike a first-request hook it also closes runs of a server that gets no traffic,
    and it keeps closing them after start-up (a run killed 1 s before the restart is stale only
    RUN_STALE_AFTER_S later). Several server processes each run one: harmless, the finaliser
    lets exactly one close a run. In celery mode Celery beat reaps instead.
    """
    global _thread
    if settings.RUN_EXECUTION != "inline" or not settings.RUN_REAPER_IN_WEB:
        return False
    with _thread_lock:
        if _thread is not None and _thread.is_alive():
            return False
        _thread = threading.Thread(
            target=_reaper_loop, args=(settings.RUN_REAPER_INTERVAL_S,), name="diagnosis-reaper", daemon=True
        )
        _thread.start()
    return True
