"""Who may label, where, and what labelling leaves untouched (issue 14 item 3)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from diagnosis.models import DiagnosisRun
from diagnosis.reviews.models import ClaimLabel, RunLabel
from diagnosis.reviews.services import MSG_NOT_REVIEWER, LabelRefused, claim_label_record, run_label_record
from tests.factories import make_run
from tests.personas import REVIEW_PERMISSIONS, grant_permissions
from tests.reviews.builders import make_judged_run

pytestmark = pytest.mark.django_db


def _snapshot(run: DiagnosisRun) -> tuple:
    run.refresh_from_db()
    return run.self_evaluation, run.verdict, run.outcome, run.final_answer, run.status


def test_a_reviewer_labels_a_run_on_the_admin_run_page_and_the_audit_record_is_unchanged(client, reviewer, api_user):
    run = make_judged_run(api_user)
    before = _snapshot(run)
    client.force_login(reviewer)
    page = client.get(reverse("admin:diagnosis_diagnosisrun_change", args=[run.pk]))
    assert page.status_code == 200
    html = page.content.decode()
    assert 'id="review-run-form"' in html and "本次有效判定是否正确" in html
    # the label forms sit after the read-only change form, not nested in it
    assert html.index("</form>") < html.index('id="review-run-form"')
    url = reverse("admin:diagnosis_diagnosisrun_label", args=[run.pk])
    response = client.post(url, {"kind": "run", "label": "verdict_too_high", "note": "没有回答用量"}, follow=True)
    assert response.status_code == 200 and "已保存对本次运行判定的标注" in response.content.decode()
    label = RunLabel.objects.get(run=run)
    assert (label.reviewer, label.label, label.note, label.verdict, label.prompt_version) == (
        reviewer, "verdict_too_high", "没有回答用量", "PASS", "2026.11.1"
    )
    assert _snapshot(run) == before


def test_labelling_again_replaces_the_reviewers_own_label_only(reviewer, staff, api_user):
    run = make_judged_run(api_user)
    run_label_record(run=run, reviewer=reviewer, label="verdict_correct")
    run_label_record(run=run, reviewer=staff, label="verdict_too_low")
    run_label_record(run=run, reviewer=reviewer, label="verdict_too_high", note="复核后改判")
    assert sorted(RunLabel.objects.filter(run=run).values_list("reviewer__username", "label")) == [
        ("reviewer", "verdict_too_high"), ("staff", "verdict_too_low")
    ]


def test_a_claim_check_is_labelled_with_the_verifiers_classification_kept(client, staff, api_user):
    run = make_judged_run(api_user)
    staff = grant_permissions(staff, *REVIEW_PERMISSIONS)
    client.force_login(staff)
    url = reverse("web:run-label", args=[run.pk])
    response = client.post(url, {"kind": "claim", "claim_id": "c2", "label": "wrong", "note": "只是推断"})
    assert response.status_code == 302 and response["Location"] == reverse("web:run-detail", args=[run.pk])
    label = ClaimLabel.objects.get(run=run)
    assert (label.claim_id, label.label, label.classification, label.reviewer) == ("c2", "wrong", "reasonable_inference", staff)


def test_reviewers_see_the_label_forms_in_the_web_ui_and_others_do_not(client, staff, api_user):
    run = make_judged_run(api_user)
    client.force_login(api_user)
    assert 'id="review-run-form"' not in client.get(reverse("web:run-detail", args=[run.pk])).content.decode()
    client.force_login(staff)  # staff without the label permissions: no form they could not submit
    assert 'id="review-run-form"' not in client.get(reverse("web:run-detail", args=[run.pk])).content.decode()
    client.force_login(grant_permissions(staff, *REVIEW_PERMISSIONS))
    assert 'id="review-run-form"' in client.get(reverse("web:run-detail", args=[run.pk])).content.decode()


def test_a_plain_user_cannot_label_even_their_own_run(client, api_user):
    run = make_judged_run(api_user)
    client.force_login(api_user)
    response = client.post(reverse("web:run-label", args=[run.pk]), {"kind": "run", "label": "verdict_correct"})
    assert response.status_code == 403
    admin = client.post(reverse("admin:diagnosis_diagnosisrun_label", args=[run.pk]), {"kind": "run", "label": "verdict_correct"})
    assert admin.status_code == 302 and reverse("admin:login") in admin["Location"]
    assert not RunLabel.objects.exists()
    with pytest.raises(LabelRefused, match=MSG_NOT_REVIEWER):
        run_label_record(run=run, reviewer=api_user, label="verdict_correct")


def test_anonymous_label_posts_go_to_the_login_page(client, api_user):
    run = make_judged_run(api_user)
    response = client.post(reverse("web:run-label", args=[run.pk]), {"kind": "run", "label": "verdict_correct"})
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    assert not RunLabel.objects.exists()


@pytest.mark.parametrize(
    ("post", "message"),
    [
        ({"kind": "run", "label": "verdict_perfect"}, "标注无效"),
        ({"kind": "claim", "claim_id": "c9", "label": "wrong"}, "该运行没有经过核验的声明 c9"),
        ({"kind": "claim", "claim_id": "c1", "label": "maybe"}, "标注无效"),
    ],
)
def test_bad_labels_are_refused_in_chinese_and_nothing_is_written(client, reviewer, api_user, post, message):
    run = make_judged_run(api_user)
    client.force_login(reviewer)
    response = client.post(reverse("admin:diagnosis_diagnosisrun_label", args=[run.pk]), post, follow=True)
    assert message in response.content.decode()
    assert not RunLabel.objects.exists() and not ClaimLabel.objects.exists()


def test_a_run_still_going_cannot_be_labelled(reviewer, api_user):
    run = make_run(api_user)  # queued
    with pytest.raises(LabelRefused, match="运行尚未结束"):
        run_label_record(run=run, reviewer=reviewer, label="verdict_correct")
    with pytest.raises(LabelRefused):
        claim_label_record(run=run, reviewer=reviewer, claim_id="c1", label="correct")


def test_staff_cannot_label_a_run_id_that_does_not_exist(client, staff):
    client.force_login(grant_permissions(staff, *REVIEW_PERMISSIONS))
    response = client.post(
        reverse("web:run-label", args=["00000000-0000-0000-0000-000000000000"]), {"kind": "run", "label": "verdict_correct"}
    )
    assert response.status_code == 404


def test_an_outside_redirect_target_is_ignored(client, reviewer, api_user):
    run = make_judged_run(api_user)
    client.force_login(reviewer)
    response = client.post(
        reverse("web:run-label", args=[run.pk]), {"kind": "run", "label": "verdict_correct", "next": "https://evil.example/"}
    )
    assert response["Location"] == reverse("web:run-detail", args=[run.pk])


def test_the_calibration_page_is_for_staff_who_may_read_runs(client, api_user, staff):
    url = reverse("admin:diagnosis_calibration")
    client.force_login(api_user)
    assert client.get(url).status_code == 302  # to the admin login
    client.force_login(staff)
    assert client.get(url).status_code == 403  # staff, but without diagnosis.view_diagnosisrun
    client.force_login(grant_permissions(staff, "view_diagnosisrun"))
    assert client.get(url).status_code == 200
