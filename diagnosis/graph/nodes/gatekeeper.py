"""Gatekeeper node: deterministic validation of the contract against *all* of this run's
invocations (both rounds), then the verified projection and the verdict ceiling."""

from __future__ import annotations

import gatekeeper
from diagnosis.graph.env import GraphEnv
from diagnosis.graph.state import GraphState
from diagnosis.tools.service import tool_invocation_facts
from diagnosis.verification.verifier_input import bounded_projection


def run(state: GraphState, env: GraphEnv) -> None:
    contract = state.executor_raw or ""
    result = gatekeeper.check(contract, tool_invocation_facts(env.run))
    projection = gatekeeper.project(contract, result)
    state.gatekeeper_result = result.model_dump(mode="json")
    state.verdict_ceiling = projection.verdict_ceiling
    output, evidence, notes = bounded_projection(
        projection.verified_executor_output, [e.model_dump(mode="json") for e in projection.verified_evidence]
    )
    state.verified_output, state.verified_evidence, state.projection_truncation = output, evidence, notes
