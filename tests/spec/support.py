"""Small helpers shared by the spec tests (no fixtures here; see conftest.py)."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from dataclasses import replace
from typing import Any

from diagnosis.agents.base import Provider
from diagnosis.agents.offline import build_provider as build_offline_provider
from diagnosis.composer import templates as T

#: Every heading the fixed templates (and the Composer prompt) use, by what follows it.
CONFIRMED_HEADINGS = (T.H_PASS_CONCLUSION, T.H_CONFIRMED, T.H_REJECT_FACTS)
UNCONFIRMED_HEADINGS = (T.H_DIRECTIONS, T.H_GAPS, T.H_NEXT_STEPS, T.H_SUGGESTIONS)


def stated_as_confirmed(answer: str) -> str:
    """The part of a user-facing answer that presents things as established: everything that is
    not under a "directions / gaps / next steps / suggestions" heading (a lead line or prose
    without any heading counts as stated)."""
    kept: list[str] = []
    unconfirmed = False
    for line in answer.splitlines():
        head = line.strip().rstrip("：:")
        if head in CONFIRMED_HEADINGS:
            unconfirmed = False
            continue
        if head in UNCONFIRMED_HEADINGS:
            unconfirmed = True
            continue
        if not unconfirmed:
            kept.append(line)
    return "\n".join(kept)


def with_offline_verifier(provider: Provider) -> Provider:
    """A scripted provider whose Verifier is the real offline Verifier (the "model" under test)."""
    return replace(provider, verifier=build_offline_provider().verifier)


def payload(verifier_input: str) -> dict[str, Any]:
    return json.loads(verifier_input)


def claim_checks_reply(
    checks: Iterable[Mapping[str, Any]], *, verdict: str = "PASS", gaps: Iterable[Mapping[str, Any]] = ()
) -> Callable[[str], dict[str, Any]]:
    """A Verifier script item returning exactly ``checks`` (whatever the input holds)."""
    checks, gaps = [dict(c) for c in checks], [dict(g) for g in gaps]
    return lambda _input: {
        "verdict": verdict,
        "groundedness_score": 0.9,
        "critical_fact_count": len(checks),
        "claim_checks": checks,
        "evidence_gaps": gaps,
        "rationale": "scripted",
    }


class RecordingExecutor:
    """Wraps a real Executor agent and keeps its final contract text (to observe, not replace)."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.contents: list[str] = []

    def execute(self, request, tools, ctx):  # noqa: ANN001 - the ExecutorAgent protocol
        reply = self.inner.execute(request, tools, ctx)
        self.contents.append(reply.content)
        return reply
