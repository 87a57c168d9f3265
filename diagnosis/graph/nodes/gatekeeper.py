"""Gatekeeper node: deterministic validation of the contract against *all* of this run's
invocations (both rounds), then the verified projection and the verdict ceiling."""

from __future__ import annotations

import gatekeeper
from diagnosis.graph.env import GraphEnv
from diagnosis.graph.state import GraphState
from diagnosis.verification.verifier_input import bounded_projection


def run(state: GraphState, env: GraphEnv) -> None:
    contract = state.current.executor_raw or ""
    result = gatekeeper.check(contract, [i.as_fact() for i in env.run_invocations()])
    projection = gatekeeper.project(contract, result)
    state.current.gatekeeper_result = result
    state.current.verdict_ceiling = projection.verdict_ceiling
    output, evidence, notes = bounded_projection(projection.verified_executor_output, projection.verified_evidence)
    state.current.verified_output, state.current.verified_evidence, state.current.projection_truncation = output, evidence, notes
