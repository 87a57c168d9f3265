"""Celery tasks (RUN_EXECUTION=celery): thin adapters around the run services.

Re-delivery is harmless: ``diagnosis_run_execute`` claims a run only while it is queued, so a
message delivered again after its worker died re-runs the run only if it never started; a run
that did start is left to the reaper (``reap_stale_runs_task``, on the beat schedule)."""

from __future__ import annotations

from celery import shared_task

from diagnosis.services.reaper import stale_runs_reap
from diagnosis.services.runs import diagnosis_run_execute


@shared_task(name="diagnosis.tasks.diagnosis_run_execute_task", acks_late=True, ignore_result=True)
def diagnosis_run_execute_task(run_id: str) -> str:
    run = diagnosis_run_execute(run_id=run_id)
    return str(run.status)


@shared_task(name="diagnosis.tasks.reap_stale_runs_task", ignore_result=True)
def reap_stale_runs_task() -> int:
    return len(stale_runs_reap())
