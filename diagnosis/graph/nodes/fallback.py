"""Fallback node: the deterministic pre-verification fallback. Renders the Chinese fallback
message for the reason; no model runs, no verdict is fabricated, no raw Executor text is shown."""

from __future__ import annotations

from typing import Final

from contracts import reasons as R
from contracts.answer import ComposerOutput
from diagnosis.composer.templates import render_fallback
from diagnosis.graph.env import GraphEnv
from diagnosis.graph.state import GraphState

STATUS_FALLBACK: Final = "fallback"


def run(state: GraphState, env: GraphEnv) -> None:
    reason = state.fallback_reason or R.INTERNAL_ERROR
    state.fallback_reason = reason
    state.final_answer = render_fallback(reason)
    state.composer_output = ComposerOutput(
        source="template", status=STATUS_FALLBACK, reason=reason, attempts=0, chars=len(state.final_answer),
        route="fallback",
    )
    if state.current.verifier_status == "not_started":
        state.current.verifier_status = "skipped"
