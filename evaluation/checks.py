"""Scenario-specific checks: small factories returning ``Check`` functions over an
``Observation`` (``None`` when the check holds, else a readable reason). Pure."""

from __future__ import annotations

from collections.abc import Sequence

from evaluation.scenario import Check, Observation


def _ve(obs: Observation) -> dict:
    return obs.verifier_evaluation or {}


def failed_rule(rule_id: str) -> Check:
    """The Gatekeeper failed ``rule_id``."""

    def check(obs: Observation) -> str | None:
        failed = (_ve(obs).get("gatekeeper_result") or {}).get("failed_rules") or []
        return None if rule_id in failed else f"gatekeeper rule {rule_id} not failed (failed: {failed})"

    return check


def gatekeeper(*, status: str | None = None, severity: str | None = None) -> Check:
    def check(obs: Observation) -> str | None:
        result = _ve(obs).get("gatekeeper_result") or {}
        if status is not None and result.get("status") != status:
            return f"gatekeeper status {result.get('status')!r}, expected {status!r}"
        if severity is not None and result.get("severity") != severity:
            return f"gatekeeper severity {result.get('severity')!r}, expected {severity!r}"
        return None

    return check


def ceiling(expected: str) -> Check:
    def check(obs: Observation) -> str | None:
        got = _ve(obs).get("verdict_ceiling")
        return None if got == expected else f"verdict ceiling {got!r}, expected {expected!r}"

    return check


def verifier_calls(expected: int) -> Check:
    """The Verifier agent was called exactly ``expected`` times (0: bypassed)."""

    def check(obs: Observation) -> str | None:
        return None if obs.verifier_calls == expected else f"verifier called {obs.verifier_calls}×, expected {expected}×"

    return check


def planner_calls(expected: int) -> Check:
    def check(obs: Observation) -> str | None:
        return None if obs.planner_calls == expected else f"planner called {obs.planner_calls}×, expected {expected}×"

    return check


def composer_not_called() -> Check:
    def check(obs: Observation) -> str | None:
        return None if obs.composer_calls == 0 else f"composer called {obs.composer_calls}× on a fallback path"

    return check


def composer_status(expected: str) -> Check:
    def check(obs: Observation) -> str | None:
        got = (_ve(obs).get("composer_output") or {}).get("status")
        return None if got == expected else f"composer_output.status {got!r}, expected {expected!r}"

    return check


def verified_claims(expected: Sequence[str]) -> Check:
    """Exactly these claim ids reached the Verifier (the verified projection)."""

    def check(obs: Observation) -> str | None:
        claims = (_ve(obs).get("verified_executor_output") or {}).get("claims") or []
        got = sorted(str(c.get("claim_id")) for c in claims)
        return None if got == sorted(expected) else f"verified claims {got}, expected {sorted(expected)}"

    return check


def confirmed_claims(expected: Sequence[str]) -> Check:
    """Exactly these claim ids are in the Composer material's ``confirmed`` list."""

    def check(obs: Observation) -> str | None:
        got = sorted(str(c.get("claim_id")) for c in obs.confirmed_material or [])
        return None if got == sorted(expected) else f"confirmed claims {got}, expected {sorted(expected)}"

    return check


def dropped_refs() -> Check:
    """The Verifier's refs to unverified evidence were dropped and recorded."""

    def check(obs: Observation) -> str | None:
        return None if _ve(obs).get("dropped_evidence_refs") else "no dropped evidence refs recorded"

    return check


def verification(claim_id: str, expected: str) -> Check:
    def check(obs: Observation) -> str | None:
        for c in _ve(obs).get("claim_checks") or []:
            if c.get("claim_id") == claim_id:
                got = c.get("verification")
                return None if got == expected else f"{claim_id} judged {got!r}, expected {expected!r}"
        return f"no claim check for {claim_id}"

    return check


def verifier_attempts(expected: int) -> Check:
    def check(obs: Observation) -> str | None:
        got = _ve(obs).get("verifier_attempts")
        return None if got == expected else f"verifier attempts {got}, expected {expected}"

    return check


def parse_status(expected: str) -> Check:
    def check(obs: Observation) -> str | None:
        got = (_ve(obs).get("executor_output_parse_status") or {}).get("status")
        return None if got == expected else f"executor_output_parse_status {got!r}, expected {expected!r}"

    return check


def tool_status(expected: str) -> Check:
    """At least one tool invocation ended with ``expected`` (no_hit, deduped …)."""

    def check(obs: Observation) -> str | None:
        return None if expected in obs.tool_statuses else f"no {expected} invocation (saw {obs.tool_statuses})"

    return check


def answer_contains(*texts: str) -> Check:
    def check(obs: Observation) -> str | None:
        missing = [t for t in texts if t not in obs.final_answer]
        return None if not missing else f"answer lacks {missing}"

    return check


def answer_lacks(*texts: str) -> Check:
    """Strings that must not appear anywhere in the answer (not even as a gap)."""

    def check(obs: Observation) -> str | None:
        present = [t for t in texts if t in obs.final_answer]
        return None if not present else f"answer contains {present}"

    return check
