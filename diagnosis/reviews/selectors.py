"""Reads for reviewer labels, the calibration table and the evaluate history."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet

from diagnosis.models import DiagnosisRun
from diagnosis.reviews.calibration import CalibrationTable, LabelledRun, calibration_table
from diagnosis.reviews.history import HistoryChart, HistoryPoint, history_chart
from diagnosis.reviews.models import ClaimLabel, EvaluationRecord, RunLabel
from diagnosis.schemas.self_evaluation import SelfEvaluation

HISTORY_LIMIT = 60


def run_prompt_version(run: DiagnosisRun) -> str:
    prompt_audit = SelfEvaluation.stored(run.self_evaluation).verifier.prompt_audit
    return (prompt_audit.version or "")[:64] if prompt_audit is not None else ""


def claim_classifications(run: DiagnosisRun) -> dict[str, str]:
    """claim_id → the Verifier's classification, for the claims it checked in this run."""
    checks = SelfEvaluation.stored(run.self_evaluation).verifier.claim_checks
    return {check.claim_id: check.verification for check in checks if "claim_id" in check.model_fields_set}


def labels_of_run(run: DiagnosisRun) -> dict[str, Any]:
    """Every reviewer's labels of ``run`` (for the admin and web forms)."""
    return {
        "run": list(RunLabel.objects.filter(run=run).select_related("reviewer")),
        "claims": list(ClaimLabel.objects.filter(run=run).select_related("reviewer")),
    }


def labelled_runs() -> list[LabelledRun]:
    wrong: dict[tuple[str, int], list[str]] = {}
    for run_id, reviewer_id, classification in ClaimLabel.objects.filter(label=ClaimLabel.Label.WRONG).values_list(
        "run_id", "reviewer_id", "classification"
    ):
        wrong.setdefault((str(run_id), reviewer_id), []).append(classification or "?")
    return [
        LabelledRun(
            run_id=str(row["run_id"]),
            verdict=row["verdict"],
            provider=row["provider"],
            model=row["model"],
            prompt_version=row["prompt_version"],
            label=row["label"],
            note=row["note"],
            wrong_claim_classifications=tuple(sorted(wrong.get((str(row["run_id"]), row["reviewer_id"]), []))),
        )
        for row in RunLabel.objects.values(
            "run_id", "reviewer_id", "verdict", "provider", "model", "prompt_version", "label", "note"
        ).order_by("run_id", "reviewer_id")
    ]


def calibration() -> CalibrationTable:
    return calibration_table(labelled_runs())


def evaluation_history(limit: int = HISTORY_LIMIT) -> QuerySet[EvaluationRecord]:
    return EvaluationRecord.objects.order_by("-created_at")[:limit]


def evaluation_history_chart(records: list[EvaluationRecord]) -> HistoryChart:
    return history_chart(
        [
            HistoryPoint(
                at=record.created_at,
                label=" · ".join([record.git_revision[:10] or "—", record.prompt_version or "—",
                                  *([record.model] if record.model else [])]),
                metrics=dict((record.figures or {}).get("metrics") or {}),
            )
            for record in records
        ]
    )
