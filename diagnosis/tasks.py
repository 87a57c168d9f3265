"""Celery task (RUN_EXECUTION=celery): a thin adapter around ``diagnosis_run_execute``.

Re-delivery is harmless: a run that is no longer queued is returned unchanged."""

from __future__ import annotations

from celery import shared_task

from diagnosis.services.runs import diagnosis_run_execute


@shared_task(name="diagnosis.tasks.diagnosis_run_execute_task", acks_late=True, ignore_result=True)
def diagnosis_run_execute_task(run_id: str) -> str:
    run = diagnosis_run_execute(run_id=run_id)
    return str(run.status)
