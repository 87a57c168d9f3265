"""The admin's own views beside the run page (label, calibration) ask for the model permission they
act on, like the admin's standard views (issue 25 item 7): reading runs and the calibration table
needs ``diagnosis.view_diagnosisrun``, labelling needs ``diagnosis.add_runlabel`` (a run's verdict)
or ``diagnosis.add_claimlabel`` (a claim's classification). A staff user without them gets 403 —
and writes nothing — in the admin and in the web UI's label form alike."""

from __future__ import annotations

import pytest
from django.urls import reverse

from diagnosis.reviews.models import ClaimLabel, RunLabel
from diagnosis.reviews.services import run_label_record
from tests.personas import grant_permissions, make_user
from tests.reviews.builders import make_judged_run

pytestmark = pytest.mark.django_db

RUN_LABEL = {"kind": "run", "label": "verdict_correct", "note": "看过证据"}
CLAIM_LABEL = {"kind": "claim", "claim_id": "c1", "label": "correct"}


def _staff_with(*codenames: str):
    return grant_permissions(make_user("staff_" + "_".join(codenames or ("none",))[:100], staff=True), *codenames)


@pytest.fixture
def judged_run(api_user, reviewer):
    run = make_judged_run(api_user)
    run_label_record(run=run, reviewer=reviewer, label="verdict_too_high", note="REVIEWER-NOTE-秘密")
    return run


def test_staff_without_permissions_get_403_on_every_run_view_and_write_nothing(client, judged_run):
    client.force_login(_staff_with())
    label_url = reverse("admin:diagnosis_diagnosisrun_label", args=[judged_run.pk])
    assert client.get(reverse("admin:diagnosis_diagnosisrun_changelist")).status_code == 403
    assert client.get(reverse("admin:diagnosis_diagnosisrun_change", args=[judged_run.pk])).status_code == 403
    assert client.post(label_url, RUN_LABEL).status_code == 403
    assert client.post(label_url, CLAIM_LABEL).status_code == 403
    calibration = client.get(reverse("admin:diagnosis_calibration"))
    assert calibration.status_code == 403 and "REVIEWER-NOTE" not in calibration.content.decode()
    web_label = reverse("web:run-label", args=[judged_run.pk])
    assert client.post(web_label, RUN_LABEL).status_code == 403
    assert client.post(web_label, CLAIM_LABEL).status_code == 403
    assert RunLabel.objects.count() == 1 and not ClaimLabel.objects.exists()


def test_view_permission_reads_runs_and_calibration_but_does_not_label(client, judged_run):
    client.force_login(_staff_with("view_diagnosisrun"))
    assert client.get(reverse("admin:diagnosis_diagnosisrun_change", args=[judged_run.pk])).status_code == 200
    calibration = client.get(reverse("admin:diagnosis_calibration"))
    assert calibration.status_code == 200 and "REVIEWER-NOTE" in calibration.content.decode()
    page = client.get(reverse("admin:diagnosis_diagnosisrun_change", args=[judged_run.pk])).content.decode()
    assert 'id="review-run-form"' not in page  # no form the user could not submit
    label_url = reverse("admin:diagnosis_diagnosisrun_label", args=[judged_run.pk])
    assert client.post(label_url, RUN_LABEL).status_code == 403
    assert client.post(label_url, CLAIM_LABEL).status_code == 403
    assert RunLabel.objects.count() == 1 and not ClaimLabel.objects.exists()


def test_label_permissions_let_a_reviewer_label_runs_and_claims(client, judged_run):
    user = _staff_with("view_diagnosisrun", "add_runlabel", "add_claimlabel")
    client.force_login(user)
    page = client.get(reverse("admin:diagnosis_diagnosisrun_change", args=[judged_run.pk])).content.decode()
    assert 'id="review-run-form"' in page
    label_url = reverse("admin:diagnosis_diagnosisrun_label", args=[judged_run.pk])
    assert client.post(label_url, RUN_LABEL).status_code == 302
    assert client.post(label_url, CLAIM_LABEL).status_code == 302
    assert RunLabel.objects.filter(reviewer=user).count() == 1
    assert ClaimLabel.objects.filter(reviewer=user, claim_id="c1").count() == 1


def test_a_run_label_permission_alone_does_not_label_claims(client, judged_run):
    client.force_login(_staff_with("view_diagnosisrun", "add_runlabel"))
    label_url = reverse("admin:diagnosis_diagnosisrun_label", args=[judged_run.pk])
    assert client.post(label_url, CLAIM_LABEL).status_code == 403
    assert client.post(label_url, RUN_LABEL).status_code == 302
    assert not ClaimLabel.objects.exists()


def test_the_web_label_form_needs_the_same_permissions(client, judged_run):
    user = _staff_with("add_runlabel")
    client.force_login(user)
    response = client.post(reverse("web:run-label", args=[judged_run.pk]), RUN_LABEL)
    assert response.status_code == 302
    assert RunLabel.objects.filter(reviewer=user).exists()
    page = client.get(reverse("web:run-detail", args=[judged_run.pk])).content.decode()
    assert 'id="review-run-form"' in page and 'class="review-claim-form"' not in page
