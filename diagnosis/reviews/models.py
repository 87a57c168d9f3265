"""Reviewer labels and evaluation history (issue 14 item 3): records of the ``diagnosis`` app,
defined with the reviews feature and registered by ``DiagnosisConfig.import_models``."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from diagnosis.models import DiagnosisRun
from diagnosis.reviews import calibration as cal


# Labels are their own records: the audit records they judge stay read-only. One label per
# reviewer per run (and per claim); labelling again replaces the reviewer's earlier judgement.
class RunLabel(models.Model):
    class Label(models.TextChoices):  # the vocabulary lives in diagnosis.reviews.calibration
        VERDICT_CORRECT = cal.VERDICT_CORRECT, cal.RUN_LABEL_NAMES[cal.VERDICT_CORRECT]
        VERDICT_TOO_HIGH = cal.VERDICT_TOO_HIGH, cal.RUN_LABEL_NAMES[cal.VERDICT_TOO_HIGH]
        VERDICT_TOO_LOW = cal.VERDICT_TOO_LOW, cal.RUN_LABEL_NAMES[cal.VERDICT_TOO_LOW]

    run = models.ForeignKey(DiagnosisRun, on_delete=models.CASCADE, related_name="labels")
    reviewer = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="run_labels")
    label = models.CharField(max_length=32, choices=Label.choices)
    note = models.TextField(blank=True, default="")
    # What was judged, as it was when judged (the calibration groups by these).
    verdict = models.CharField(max_length=16, blank=True, default="")
    provider = models.CharField(max_length=32, blank=True, default="")
    model = models.CharField(max_length=128, blank=True, default="")
    prompt_version = models.CharField(max_length=64, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-updated_at"]
        constraints = [models.UniqueConstraint(fields=["run", "reviewer"], name="run_label_one_per_reviewer")]
        indexes = [models.Index(fields=["verdict"], name="run_label_verdict")]
        verbose_name = "运行标注"
        verbose_name_plural = "运行标注"

    def __str__(self) -> str:
        return f"{self.get_label_display()} · {self.reviewer}"


class ClaimLabel(models.Model):
    class Label(models.TextChoices):
        CORRECT = cal.CLAIM_CORRECT, cal.CLAIM_LABEL_NAMES[cal.CLAIM_CORRECT]
        WRONG = cal.CLAIM_WRONG, cal.CLAIM_LABEL_NAMES[cal.CLAIM_WRONG]

    run = models.ForeignKey(DiagnosisRun, on_delete=models.CASCADE, related_name="claim_labels")
    claim_id = models.CharField(max_length=64)
    reviewer = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="claim_labels")
    label = models.CharField(max_length=16, choices=Label.choices)
    classification = models.CharField(max_length=32, blank=True, default="")  # the Verifier's, when judged
    note = models.TextField(blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["run", "claim_id"]
        constraints = [
            models.UniqueConstraint(fields=["run", "claim_id", "reviewer"], name="claim_label_one_per_reviewer")
        ]
        verbose_name = "声明标注"
        verbose_name_plural = "声明标注"

    def __str__(self) -> str:
        return f"{self.claim_id}: {self.get_label_display()}"


class EvaluationRecord(models.Model):
    """The figures of one ``manage.py evaluate --save`` run, with what produced them."""

    git_revision = models.CharField(max_length=64, blank=True, default="")
    prompt_version = models.CharField(max_length=64, blank=True, default="")
    provider = models.CharField(max_length=32, blank=True, default="")
    # The model asked (``evaluate --provider openai --models``); "" for the offline provider.
    model = models.CharField(max_length=128, blank=True, default="")
    scenarios = models.PositiveIntegerField(default=0)
    # The suite's summary (metrics.summary_json), or one model's figures (model_figures.model_metrics).
    figures = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at"]
        verbose_name = "评测记录"
        verbose_name_plural = "评测记录"

    def __str__(self) -> str:
        return f"{self.created_at:%Y-%m-%d %H:%M} {self.git_revision[:10]} {self.prompt_version}"
