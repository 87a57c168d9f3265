"""Reading a persisted run the way a user and an auditor do (issue 24 stories)."""

from __future__ import annotations

from typing import Any

from diagnosis.agents.offline import build_provider
from diagnosis.models import DiagnosisRun
from diagnosis.services.runs import diagnosis_run_create, diagnosis_run_execute


def ask(owner, question: str, session=None) -> DiagnosisRun:
    run = diagnosis_run_create(owner=owner, question=question, session=session)
    diagnosis_run_execute(run_id=run.pk, provider=build_provider())
    run.refresh_from_db()
    assert run.status == DiagnosisRun.Status.COMPLETED, run.error
    return run


def evaluation(run: DiagnosisRun) -> dict[str, Any]:
    return (run.self_evaluation or {}).get("verifier_evaluation") or {}


def answer_model(run: DiagnosisRun) -> dict[str, Any]:
    return (evaluation(run).get("composer_output") or {}).get("answer") or {}


def conclusion(run: DiagnosisRun) -> str:
    return "".join(s["text"] for s in answer_model(run).get("conclusion") or [])


def section(answer: str, heading: str) -> list[str]:
    lines, inside = [], False
    for line in answer.splitlines():
        if not line.startswith("- ") and not line.startswith(" "):
            inside = line.startswith(heading)
        elif inside:
            lines.append(line)
    return lines
