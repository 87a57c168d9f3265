"""Channel writes: read-modify-write of one channel, the rest of the container preserved."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from diagnosis.audit.self_evaluation import self_evaluation_read, self_evaluation_update_channel
from diagnosis.models import DiagnosisRun
from diagnosis.schemas.self_evaluation import RuleEvaluation, VerifierEvaluation
from tests.factories import make_run

pytestmark = pytest.mark.django_db


def test_first_write_initialises_the_container_from_null(api_user):
    run = make_run(api_user)
    assert run.self_evaluation is None

    self_evaluation_update_channel(run_id=run.pk, channel="rule_evaluation", value=RuleEvaluation(score=0.5))

    stored = DiagnosisRun.objects.get(pk=run.pk).self_evaluation
    assert set(stored) == {"rule_evaluation"}
    assert stored["rule_evaluation"]["score"] == 0.5


def test_rule_evaluation_write_preserves_verifier_evaluation(api_user):
    run = make_run(api_user)
    self_evaluation_update_channel(run_id=run.pk, channel="verifier_evaluation", value=VerifierEvaluation(verdict="PASS"))

    self_evaluation_update_channel(run_id=run.pk, channel="rule_evaluation", value={"score": 0.9, "evidence_calls": 3})

    container = self_evaluation_read(run_id=run.pk)
    assert container.verifier_evaluation.verdict == "PASS"
    assert container.rule_evaluation.score == 0.9


def test_verifier_evaluation_write_preserves_rule_evaluation(api_user):
    run = make_run(api_user)
    self_evaluation_update_channel(run_id=run.pk, channel="rule_evaluation", value={"score": 0.7})

    self_evaluation_update_channel(run_id=run.pk, channel="verifier_evaluation", value={"verdict": "LOW_CONFID"})

    container = self_evaluation_read(run_id=run.pk)
    assert container.rule_evaluation.score == 0.7
    assert container.verifier_evaluation.verdict == "LOW_CONFID"


def test_unknown_channels_are_preserved(api_user):
    run = make_run(api_user)
    DiagnosisRun.objects.filter(pk=run.pk).update(self_evaluation={"legacy_channel": {"x": [1, 2]}})

    self_evaluation_update_channel(run_id=run.pk, channel="verifier_evaluation", value={"verdict": "REJECT"})

    stored = DiagnosisRun.objects.get(pk=run.pk).self_evaluation
    assert stored["legacy_channel"] == {"x": [1, 2]}
    assert stored["verifier_evaluation"]["verdict"] == "REJECT"


def test_model_save_never_writes_back_a_stale_container(api_user):
    run = make_run(api_user)
    stale = DiagnosisRun.objects.get(pk=run.pk)  # loaded before the channel write: container is None
    self_evaluation_update_channel(run_id=run.pk, channel="rule_evaluation", value={"score": 1.0})

    stale.final_answer = "已更新"
    stale.save()

    fresh = DiagnosisRun.objects.get(pk=run.pk)
    assert fresh.final_answer == "已更新"
    assert fresh.self_evaluation["rule_evaluation"]["score"] == 1.0


def test_channel_value_is_validated_by_its_model(api_user):
    run = make_run(api_user)

    with pytest.raises(ValidationError):
        self_evaluation_update_channel(run_id=run.pk, channel="rule_evaluation", value={"score": 7})

    assert DiagnosisRun.objects.get(pk=run.pk).self_evaluation is None


def test_mutate_sees_the_locked_current_channel_value(api_user):
    run = make_run(api_user)
    self_evaluation_update_channel(run_id=run.pk, channel="rule_evaluation", value={"updates": 2})

    self_evaluation_update_channel(
        run_id=run.pk, channel="rule_evaluation", mutate=lambda old: {**old, "updates": old["updates"] + 1}
    )

    assert self_evaluation_read(run_id=run.pk).rule_evaluation.updates == 3
