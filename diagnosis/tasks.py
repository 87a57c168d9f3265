"""Celery tasks (RUN_EXECUTION=celery): thin adapters around the run services.

Re-delivery is harmless: ``diagnosis_run_execute`` claims a run only while it is queued, so a
message delivered again after its worker died re-runs the run only if it never started; a run
that did start is left to the reaper (``reap_stale_runs_task``, on the beat schedule).

Time limits: ``RUN_SOFT_TIME_LIMIT_S`` raises ``SoftTimeLimitExceeded`` inside the run, which the
graph ends with its ``internal_error`` fallback. When that does not end it — the child cannot take
the signal (stuck in C code, stopped, swapped out) or swallows it — Celery kills the child at
``RUN_HARD_TIME_LIMIT_S``; nothing of the run's own code runs any more, so the worker's main
process ends the run (:meth:`RunTask.on_failure`, called there for a hard time limit) through
the run finaliser: ``failed`` / ``run_time_limit`` with its Chinese answer. The message is
acknowledged (``acks_on_failure_or_timeout``), so it is not redelivered; if the main process
dies too, the reaper closes the run later. The finaliser's "first ending wins" makes a late
soft-limit ending and this one exclusive.
"""

from __future__ import annotations

import logging
from typing import Any

from celery import Task, shared_task
from celery.exceptions import TimeLimitExceeded
from django.db import connections

from contracts import reasons as R
from diagnosis.audit.finalise import KIND_CRASH, run_finalise
from diagnosis.services.reaper import stale_runs_reap
from diagnosis.services.runs import EXECUTE_TASK, diagnosis_run_execute, failure_terminal

logger = logging.getLogger(__name__)

HARD_LIMIT_ERROR = "run_time_limit: the worker child was killed at the hard time limit ({limit})"


def run_hard_limit_finalise(run_id: str, limit: Any) -> bool:
    """End ``run_id`` after Celery killed the child running it; ``False`` when it had ended."""
    terminal = failure_terminal(kind=KIND_CRASH, reason=R.RUN_TIME_LIMIT, error=HARD_LIMIT_ERROR.format(limit=limit))
    try:
        return run_finalise(run_id=run_id, terminal=terminal)
    finally:
        connections.close_all()  # the main process forks new children: leave it no open connection


class RunTask(Task):
    def on_failure(self, exc: Exception, task_id: str, args: Any, kwargs: Any, einfo: Any) -> None:
        if isinstance(exc, TimeLimitExceeded) and args:
            if run_hard_limit_finalise(str(args[0]), exc.args[0] if exc.args else "?"):
                logger.error("run %s killed at the hard time limit: failed / %s", args[0], R.RUN_TIME_LIMIT)


@shared_task(base=RunTask, name=EXECUTE_TASK, acks_late=True, ignore_result=True)
def diagnosis_run_execute_task(run_id: str) -> str:
    run = diagnosis_run_execute(run_id=run_id)
    return str(run.status)


@shared_task(name="diagnosis.tasks.reap_stale_runs_task", ignore_result=True)
def reap_stale_runs_task() -> int:
    return len(stale_runs_reap())
