"""Completed runs with a verdict, provider, model, prompt catalog version and claim checks."""

from __future__ import annotations

from diagnosis.models import DiagnosisRun
from tests.factories import make_run


def make_judged_run(
    owner,
    *,
    verdict: str = "PASS",
    provider: str = "offline",
    model: str = "offline-rules",
    prompt_version: str = "2026.11.1",
    claims: tuple[tuple[str, str], ...] = (("c1", "direct_observation"), ("c2", "reasonable_inference")),
) -> DiagnosisRun:
    run = make_run(owner)
    outcome = {"PASS": "pass", "LOW_CONFID": "low_confid", "REJECT": "reject", "": "fallback"}[verdict]
    DiagnosisRun.objects.filter(pk=run.pk).update(
        status=DiagnosisRun.Status.COMPLETED,
        outcome=outcome,
        verdict=verdict,
        provider=provider,
        model=model,
        self_evaluation={
            "verifier_evaluation": {
                "effective_verdict": verdict or None,
                "prompt_audit": {"version": prompt_version, "prompts": []},
                "claim_checks": [
                    {"claim_id": claim_id, "verification": classification, "is_critical": True, "detail": "", "evidence_refs": []}
                    for claim_id, classification in claims
                ],
            }
        },
    )
    run.refresh_from_db()
    return run
