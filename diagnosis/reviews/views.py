"""Label and calibration views: thin adapters over diagnosis.services.reviews (STYLE §1).

The admin wraps them in ``admin_site.admin_view`` (staff login); the web UI in ``login_required``.
Either way the service refuses non-staff, so a plain user's POST changes nothing (403).
"""

from __future__ import annotations

import uuid
from typing import Final

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_POST

from diagnosis.models import DiagnosisRun
from diagnosis.reviews.forms import KIND_CLAIM, ClaimLabelForm, RunLabelForm
from diagnosis.selectors.reviews import calibration, evaluation_history, evaluation_history_chart
from diagnosis.selectors.runs import runs_visible_to
from diagnosis.services.reviews import (
    MSG_NOT_REVIEWER,
    LabelRefused,
    claim_label_record,
    run_label_record,
    user_can_review,
)

MSG_SAVED_RUN: Final = "已保存对本次运行判定的标注。"
MSG_SAVED_CLAIM: Final = "已保存对声明 {claim_id} 的标注。"
MSG_INVALID: Final = "标注无效：{errors}"


def _back(request: HttpRequest, fallback: str) -> HttpResponseRedirect:
    target = request.POST.get("next") or fallback
    if not url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()}, require_https=request.is_secure()):
        target = fallback
    return HttpResponseRedirect(target)


@require_POST
def run_label_post(request: HttpRequest, run_id: uuid.UUID, *, fallback_url: str) -> HttpResponse:
    if not user_can_review(request.user):
        raise PermissionDenied(MSG_NOT_REVIEWER)
    run = get_object_or_404(runs_visible_to(request.user), pk=run_id)
    claim = request.POST.get("kind") == KIND_CLAIM
    form = ClaimLabelForm(request.POST) if claim else RunLabelForm(request.POST)
    if not form.is_valid():
        errors = "；".join(f"{field}: {'，'.join(msgs)}" for field, msgs in form.errors.items())
        messages.error(request, MSG_INVALID.format(errors=errors))
        return _back(request, fallback_url)
    data = form.cleaned_data
    try:
        if claim:
            claim_label_record(
                run=run, reviewer=request.user, claim_id=data["claim_id"], label=data["label"], note=data["note"]
            )
            messages.success(request, MSG_SAVED_CLAIM.format(claim_id=data["claim_id"]))
        else:
            run_label_record(run=run, reviewer=request.user, label=data["label"], note=data["note"])
            messages.success(request, MSG_SAVED_RUN)
    except LabelRefused as exc:
        messages.error(request, exc.message)
    return _back(request, fallback_url)


def calibration_page(request: HttpRequest, *, context: dict | None = None) -> HttpResponse:
    if not user_can_review(request.user):
        raise PermissionDenied(MSG_NOT_REVIEWER)
    history = list(evaluation_history())
    return render(
        request,
        "admin/diagnosis/calibration.html",
        {
            **(context or {}),
            "title": "判定校准 calibration",
            "table": calibration(),
            "history": history,
            "chart": evaluation_history_chart(history) if history else None,
        },
    )


def label_forms_context(run: DiagnosisRun, user: object) -> dict:
    """What the label section of a run page needs (empty for non-reviewers)."""
    from diagnosis.selectors.reviews import claim_classifications, labels_of_run

    if not user_can_review(user):
        return {}
    labels = labels_of_run(run)
    mine_run = next((label for label in labels["run"] if label.reviewer_id == getattr(user, "pk", None)), None)
    mine_claims = {label.claim_id: label for label in labels["claims"] if label.reviewer_id == getattr(user, "pk", None)}
    return {
        "review": {
            "run_form": RunLabelForm(initial={"label": mine_run.label, "note": mine_run.note} if mine_run else None),
            "claims": [
                {
                    "claim_id": claim_id,
                    "classification": classification,
                    "mine": mine_claims.get(claim_id),
                    "form": ClaimLabelForm(
                        initial={"claim_id": claim_id, **({"label": mine_claims[claim_id].label} if claim_id in mine_claims else {})}
                    ),
                }
                for claim_id, classification in claim_classifications(run).items()
            ],
            "labels": labels,
            "finished": run.status in (DiagnosisRun.Status.COMPLETED, DiagnosisRun.Status.FAILED),
        }
    }
