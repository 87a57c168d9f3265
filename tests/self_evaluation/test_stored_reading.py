"""Every reader of the stored self-evaluation goes through ``SelfEvaluation.stored`` (issue 28 item 2).

The reader accepts every shape the writers produce (graph runs of the demo data, a crash ending,
old runs lacking newer keys) and reads it back byte for byte; a stored value that does not validate
reads as a run without any channel — its pages still render, never a 500.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse

from contracts import reasons as R
from diagnosis.audit.finalise import KIND_CRASH, run_finalise
from diagnosis.demo import DEMO_BUNDLE_PATH
from diagnosis.evidence.loader import evidence_bundle_load
from diagnosis.models import DiagnosisRun
from diagnosis.reviews.selectors import claim_classifications, run_prompt_version
from diagnosis.schemas.self_evaluation import SelfEvaluation, VerifierEvaluation
from diagnosis.selectors.runs import run_audit_view, run_followup_reading
from diagnosis.selectors.sessions import session_context_for_run, session_conversation
from diagnosis.services.runs import diagnosis_run_create, diagnosis_run_execute, failure_terminal
from tests.admin.example_run import make_example_run
from tests.factories import make_run

pytestmark = pytest.mark.django_db

DEMO_QUESTIONS = (
    "支付服务 10 点后为什么一直 500？",  # cause
    "订单系统昨晚内存用到多少了？",  # quantity
    "现在还有哪些告警没有恢复？",  # listing
    "退款服务今天有没有报错？",  # a service the catalog does not know
    "你好",  # nothing to diagnose: a clarification
)
MALFORMED = [
    pytest.param([1, 2], id="a-list"),
    pytest.param("text", id="a-string"),
    pytest.param({"verifier_evaluation": "not an object"}, id="channel-not-an-object"),
    pytest.param({"verifier_evaluation": {"claim_checks": "not a list"}}, id="checks-not-a-list"),
    pytest.param({"verifier_evaluation": {"claim_checks": [{"claim_id": 7, "is_critical": "yes"}]}},
                 id="check-of-wrong-types"),
    pytest.param({"verifier_evaluation": {"asked": {"source": "followup", "kind": 5}}}, id="asked-of-wrong-types"),
    pytest.param({"rule_evaluation": {"score": 7}}, id="score-out-of-range"),
]
#: Shapes an older version stored: channels missing, keys of later versions absent.
HISTORIC = [
    pytest.param(None, id="null-column"),
    pytest.param({}, id="empty-container"),
    pytest.param({"rule_evaluation": {"evidence_calls": 1, "success": 1, "score": 0.5}}, id="rule-channel-only"),
    pytest.param({"verifier_evaluation": {"verifier_status": "failed", "failure_reason": "internal_error"}},
                 id="failed-before-the-verifier"),
    pytest.param({"verifier_evaluation": {"verifier_status": "completed", "effective_verdict": "PASS",
                                          "claim_checks": [{"claim_id": "c1", "verification": "direct_observation"}],
                                          "verified_evidence": []}}, id="before-later-keys"),
]


def _audit_rows(run: DiagnosisRun) -> dict[str, Any]:
    audit = run_audit_view(run)
    return {name: value for name, value in vars(audit).items() if name not in ("run", "raw_json", "invocations", "events")}


def _ask_demo_questions(owner) -> list[DiagnosisRun]:
    evidence_bundle_load(data=DEMO_BUNDLE_PATH.read_bytes(), source_name=DEMO_BUNDLE_PATH.name)
    runs = []
    for question in DEMO_QUESTIONS:
        run = diagnosis_run_execute(run_id=diagnosis_run_create(owner=owner, question=question).pk)
        run.refresh_from_db()
        runs.append(run)
    crashed = diagnosis_run_create(owner=owner, question="支付服务为什么报错？")
    run_finalise(run_id=crashed.pk, terminal=failure_terminal(kind=KIND_CRASH, reason=R.INTERNAL_ERROR, error="x"))
    crashed.refresh_from_db()
    return [*runs, crashed]


def test_the_reader_accepts_every_shape_the_writers_produce_and_reads_it_back_unchanged(staff):
    runs = _ask_demo_questions(staff)
    assert {run.outcome for run in runs} >= {DiagnosisRun.Outcome.FALLBACK, DiagnosisRun.Outcome.CLARIFY}
    for run in [*runs, make_example_run(staff)]:
        stored = run.self_evaluation
        read = SelfEvaluation.model_validate(stored)  # strict: raises where .stored would fall back
        assert read.model_dump(mode="json", exclude_unset=True) == stored
        assert SelfEvaluation.stored(stored) == read
        assert read.verifier_evaluation is not None, run.question


@pytest.mark.parametrize("stored", HISTORIC)
def test_a_historic_shape_reads_with_defaults_for_what_it_lacks(stored):
    read = SelfEvaluation.stored(stored)
    assert read == SelfEvaluation.model_validate(stored or {})
    assert isinstance(read.verifier, VerifierEvaluation)


@pytest.mark.parametrize("stored", MALFORMED)
def test_malformed_stored_json_reads_as_an_empty_container(stored):
    assert SelfEvaluation.stored(stored) == SelfEvaluation()


@pytest.mark.parametrize("stored", MALFORMED)
def test_a_run_whose_stored_self_evaluation_is_malformed_still_renders_its_detail_page_and_list_entry(
    client, staff, reviewer, stored
):
    run = make_run(staff)
    DiagnosisRun.objects.filter(pk=run.pk).update(
        self_evaluation=stored, status=DiagnosisRun.Status.COMPLETED, outcome=DiagnosisRun.Outcome.PASS,
        verdict=DiagnosisRun.Verdict.PASS, final_answer="答案",
    )
    run.refresh_from_db()
    missing = make_run(staff, session=run.session)
    DiagnosisRun.objects.filter(pk=missing.pk).update(
        self_evaluation=None, status=DiagnosisRun.Status.COMPLETED, outcome=DiagnosisRun.Outcome.PASS,
        verdict=DiagnosisRun.Verdict.PASS, final_answer="答案",
    )
    missing.refresh_from_db()

    # The same rows as a run with nothing stored.
    assert _audit_rows(run) == _audit_rows(missing)
    assert run_followup_reading(run) == ""
    assert run_prompt_version(run) == "" and claim_classifications(run) == {}
    assert [turn.reading for turn in session_conversation(run.session)] == ["", ""]
    later = diagnosis_run_create(owner=staff, question="那订单服务呢？", session=run.session)
    assert session_context_for_run(later) is None

    client.force_login(staff)
    for url in (reverse("web:run-detail", args=[run.pk]), reverse("web:session-detail", args=[run.session.pk]),
                reverse("web:session-list"), reverse("api:run-detail", args=[run.pk])):
        assert client.get(url).status_code == 200, url
    client.force_login(reviewer)
    for url in (reverse("admin:diagnosis_diagnosisrun_change", args=[run.pk]),
                reverse("admin:diagnosis_diagnosisrun_changelist")):
        assert client.get(url).status_code == 200, url
