"""Label and calibration views: thin adapters over diagnosis.services.reviews (STYLE §1).

The admin wraps them in ``admin_site.admin_view`` (staff login) and its model permission checks;
the web UI in ``login_required``. Either way a label is written only by staff holding the model
permission of the record it writes (``diagnosis.add_runlabel`` / ``diagnosis.add_claimlabel``,
issue 25 item 7): anyone else gets 403 and nothing changes.
"""

from __future__ import annotations

import uuid
from typing import Any, Final

from django.contrib import messages
from django.contrib.auth import get_permission_codename
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.text import slugify
from django.views.decorators.http import require_POST

from diagnosis.models import DiagnosisRun
from diagnosis.reviews.forms import KIND_CLAIM, ClaimLabelForm, RunLabelForm
from diagnosis.reviews.models import ClaimLabel, RunLabel
from diagnosis.reviews.selectors import calibration, evaluation_history, evaluation_history_chart
from diagnosis.reviews.services import (
    MSG_NOT_REVIEWER,
    LabelRefused,
    claim_label_record,
    run_label_record,
    user_can_review,
)
from diagnosis.selectors.runs import RunAudit, runs_visible_to

MSG_SAVED_RUN: Final = "已保存对本次运行判定的标注。"
MSG_SAVED_CLAIM: Final = "已保存对声明 {claim_id} 的标注。"
MSG_INVALID: Final = "标注无效：{errors}"
MSG_NO_LABEL_PERMISSION: Final = "没有标注权限（需要 {permission}）。"


def label_permission(kind: str | None) -> str:
    """The model permission a label of ``kind`` needs (the record it writes)."""
    model = ClaimLabel if kind == KIND_CLAIM else RunLabel
    return f"{model._meta.app_label}.{get_permission_codename('add', model._meta)}"


def user_can_label(user: Any, kind: str | None) -> bool:
    return user_can_review(user) and bool(user.has_perm(label_permission(kind)))


def _back(request: HttpRequest, fallback: str) -> HttpResponseRedirect:
    target = request.POST.get("next") or fallback
    if not url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()}, require_https=request.is_secure()):
        target = fallback
    return HttpResponseRedirect(target)


@require_POST
def run_label_post(request: HttpRequest, run_id: uuid.UUID, *, fallback_url: str) -> HttpResponse:
    if not user_can_review(request.user):
        raise PermissionDenied(MSG_NOT_REVIEWER)
    kind = request.POST.get("kind")
    if not user_can_label(request.user, kind):
        raise PermissionDenied(MSG_NO_LABEL_PERMISSION.format(permission=label_permission(kind)))
    run = get_object_or_404(runs_visible_to(request.user), pk=run_id)
    claim = kind == KIND_CLAIM
    form = ClaimLabelForm(request.POST) if claim else RunLabelForm(request.POST)
    if not form.is_valid():
        errors = "；".join(message for messages_ in form.errors.values() for message in messages_)
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


def label_forms_context(run: DiagnosisRun, user: Any, audit: RunAudit) -> dict:
    """What the label section of a run page needs: every reviewer's labels for staff who may label
    or read labels (``view_runlabel``), and the forms this user may submit (run form with ``add_runlabel``, claim rows with ``add_claimlabel``).
    Each claim row shows the claim's id, its text as the answer page shows it and the Verifier's
    class in Chinese; a claim select starts on "请选择…" unless this reviewer labelled it before."""
    from diagnosis.reviews.selectors import labels_of_run

    can_label_run = user_can_label(user, "run")
    can_label_claims = user_can_label(user, KIND_CLAIM)
    # Reviewers' labels and notes are for reviewers: staff who may label, or read labels.
    if not (can_label_run or can_label_claims or (user_can_review(user) and user.has_perm("diagnosis.view_runlabel"))):
        return {}
    labels = labels_of_run(run)
    mine_run = next((label for label in labels["run"] if label.reviewer_id == getattr(user, "pk", None)), None)
    mine_claims = {label.claim_id: label for label in labels["claims"] if label.reviewer_id == getattr(user, "pk", None)}
    return {
        "review": {
            "run_form": (
                RunLabelForm(
                    initial={"label": mine_run.label, "note": mine_run.note} if mine_run else None, auto_id="id_run_%s"
                )
                if can_label_run
                else None
            ),
            "claims": [
                {
                    "claim_id": statement.claim_id,
                    "text": statement.text,
                    "classification": statement.classification,
                    "classification_label": statement.classification_label,
                    "mine": mine_claims.get(statement.claim_id),
                    "form": ClaimLabelForm(
                        auto_id=f"id_claim_{slugify(statement.claim_id)}_%s",  # one id per row
                        initial={
                            "claim_id": statement.claim_id,
                            **({"label": mine_claims[statement.claim_id].label} if statement.claim_id in mine_claims else {}),
                        }
                    ),
                }
                for statement in audit.statements
            ]
            if can_label_claims
            else [],
            "labels": labels,
            "finished": run.status in (DiagnosisRun.Status.COMPLETED, DiagnosisRun.Status.FAILED),
        }
    }
