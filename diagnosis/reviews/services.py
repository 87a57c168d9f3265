"""Writes of reviewer labels and of the evaluate history (issue 14 item 3).

A label is a reviewer's judgement *about* an audit record, stored beside it: the run, its
invocations, events and ``self_evaluation`` are never changed by labelling. Only staff may label
(the admin audit console and the staff web UI are theirs); one label per reviewer per run and per
claim — labelling again replaces that reviewer's earlier judgement, keeping who and when.
"""

from __future__ import annotations

import subprocess
from typing import Any, Final

from django.conf import settings

from diagnosis.models import DiagnosisRun
from diagnosis.prompts_catalog import prompt_audit
from diagnosis.reviews.models import ClaimLabel, EvaluationRecord, RunLabel
from diagnosis.reviews.selectors import claim_classifications, run_prompt_version
from diagnosis.selectors.runs import TERMINAL_STATUSES

NOTE_MAX_CHARS: Final = 2000

MSG_NOT_REVIEWER: Final = "只有审阅人（员工账号）可以标注运行。"
MSG_RUN_NOT_FINISHED: Final = "运行尚未结束，不能标注。"
MSG_UNKNOWN_LABEL: Final = "未知的标注：{label}"
MSG_UNKNOWN_CLAIM: Final = "该运行没有经过核验的声明 {claim_id}。"


class LabelRefused(ValueError):
    def __init__(self, message: str, *, code: str) -> None:
        super().__init__(message)
        self.message = message
        self.code = code


def user_can_review(user: Any) -> bool:
    return bool(getattr(user, "is_authenticated", False) and user.is_active and user.is_staff)


def _check(run: DiagnosisRun, reviewer: Any) -> None:
    if not user_can_review(reviewer):
        raise LabelRefused(MSG_NOT_REVIEWER, code="not_reviewer")
    if run.status not in TERMINAL_STATUSES:
        raise LabelRefused(MSG_RUN_NOT_FINISHED, code="run_not_finished")


def run_label_record(*, run: DiagnosisRun, reviewer: Any, label: str, note: str = "") -> RunLabel:
    _check(run, reviewer)
    if label not in RunLabel.Label.values:
        raise LabelRefused(MSG_UNKNOWN_LABEL.format(label=label), code="unknown_label")
    record, _ = RunLabel.objects.update_or_create(
        run=run,
        reviewer=reviewer,
        defaults={
            "label": label,
            "note": note.strip()[:NOTE_MAX_CHARS],
            "verdict": run.verdict,
            "provider": run.provider,
            "model": run.model,
            "prompt_version": run_prompt_version(run),
        },
    )
    return record


def claim_label_record(*, run: DiagnosisRun, reviewer: Any, claim_id: str, label: str, note: str = "") -> ClaimLabel:
    _check(run, reviewer)
    if label not in ClaimLabel.Label.values:
        raise LabelRefused(MSG_UNKNOWN_LABEL.format(label=label), code="unknown_label")
    classifications = claim_classifications(run)
    if claim_id not in classifications:
        raise LabelRefused(MSG_UNKNOWN_CLAIM.format(claim_id=claim_id[:64]), code="unknown_claim")
    record, _ = ClaimLabel.objects.update_or_create(
        run=run,
        claim_id=claim_id,
        reviewer=reviewer,
        defaults={"label": label, "note": note.strip()[:NOTE_MAX_CHARS], "classification": classifications[claim_id]},
    )
    return record


def git_revision() -> str:
    """The checked-out commit, or "" outside a git work tree (an installed package)."""
    try:
        done = subprocess.run(
            ["git", "rev-parse", "HEAD"], cwd=settings.BASE_DIR, capture_output=True, text=True, timeout=5, check=False
        )
    except (OSError, subprocess.SubprocessError):
        return ""
    return done.stdout.strip()[:64] if done.returncode == 0 else ""


def evaluation_record_save(*, summary: dict[str, Any], provider: str, model: str = "") -> EvaluationRecord:
    metrics = dict(summary.get("metrics") or {})
    return EvaluationRecord.objects.create(
        git_revision=git_revision(),
        prompt_version=str(prompt_audit().get("version") or "")[:64],
        provider=provider[:32],
        model=model[:128],
        scenarios=int(metrics.get("scenarios") or 0),
        figures={"ok": bool(summary.get("ok")), "metrics": metrics},
    )
