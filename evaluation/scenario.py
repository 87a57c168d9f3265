"""The shapes of the evaluation suite: a ``Scenario`` (question + provider + expectations) and an
``Observation`` (what one run of it produced, as plain data).

Pure: no Django, no I/O. Providers are *factories* (a scripted provider consumes its script, so
every run needs a fresh one); ``None`` means the real offline provider.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Final, Literal

from contracts import reasons as R
from diagnosis.agents.base import Provider

# --- Outcome labels ---------------------------------------------------------------------------
PASS: Final = "pass"
LOW_CONFID: Final = "low_confid"
REJECT: Final = "reject"
#: A non-question answered with a clarification: no verdict, no tool call (issue 24).
CLARIFY: Final = "clarify"
FALLBACK_PREFIX: Final = "fallback:"


def fallback(reason: str) -> str:
    """The outcome label of a fallback run, e.g. ``fallback:gatekeeper_reject``."""
    if reason not in R.FALLBACK_REASONS:
        raise ValueError(f"unknown fallback reason {reason!r}")
    return FALLBACK_PREFIX + reason


ALL_FALLBACKS: Final[frozenset[str]] = frozenset(fallback(r) for r in R.FALLBACK_REASONS)

# --- Route coverage labels (issue 4 item 10: "every route and every fallback reason") ---------
ROUTE_PASS: Final = "pass"
ROUTE_LOW_CONFID: Final = "low_confid (no retry)"
ROUTE_RETRY: Final = "low_confid → evidence retry → composer"
ROUTE_REJECT: Final = "reject (degraded)"
REQUIRED_ROUTES: Final[tuple[str, ...]] = (
    ROUTE_PASS,
    ROUTE_LOW_CONFID,
    ROUTE_RETRY,
    ROUTE_REJECT,
    *(fallback(r) for r in R.FALLBACK_REASONS),
)

HONEST: Final = "honest"
ADVERSARIAL: Final = "adversarial"
Kind = Literal["honest", "adversarial"]

ProviderFactory = Callable[[], Provider]


@dataclass(frozen=True)
class Observation:
    """What one scenario run produced — plain data read back from the persisted run plus what the
    runner saw of the agents (call counts, the Composer material)."""

    name: str
    status: str  # run status: completed | failed
    outcome: str  # pass | low_confid | reject | fallback
    fallback_reason: str
    verdict: str
    evidence_retry_count: int
    final_answer: str
    verifier_evaluation: dict[str, Any]
    # The Composer material's ``confirmed`` list of the last Composer call (None: never called).
    confirmed_material: list[dict[str, Any]] | None
    planner_calls: int
    verifier_calls: int
    composer_calls: int
    nodes_started: list[str]
    tool_statuses: list[str]
    elapsed_ms: float
    queries: int
    error: str = ""
    # Issue 29 item 3 (the per-model figures): what the run spent and what its Gatekeeper rejected.
    prompt_tokens: int = 0
    completion_tokens: int = 0
    gatekeeper_severity: str = ""  # "" when no Gatekeeper result was stored (a fallback before it)
    rejected_bindings: int = 0

    @property
    def label(self) -> str:
        """``pass`` / ``low_confid`` / ``reject`` / ``fallback:<reason>``."""
        if self.outcome == "fallback":
            return FALLBACK_PREFIX + (self.fallback_reason or "?")
        return self.outcome or "?"

    @property
    def route(self) -> str:
        """The route coverage label of this run."""
        if self.outcome == "fallback":
            return self.label
        if self.evidence_retry_count > 0:
            return ROUTE_RETRY
        return {PASS: ROUTE_PASS, LOW_CONFID: ROUTE_LOW_CONFID, REJECT: ROUTE_REJECT}.get(self.outcome, self.outcome)


#: A scenario-specific check over an observation: ``None`` when it holds, else why not.
Check = Callable[[Observation], "str | None"]


@dataclass(frozen=True)
class Scenario:
    """One question, one provider, and what must come out of it.

    - ``expected``: the acceptable outcome labels (a set for honest questions, usually one label
      for adversarial ones).
    - ``expect_retry``: whether an evidence retry must (True) / must not (False) happen; ``None``
      when either is acceptable.
    - ``fabricated``: values that are *not* in the data (an altered digit, a fake service, an
      invented root cause); any of them in confirmed material is a leak.
    - ``key_facts``: strings that must appear in the confirmed material when the outcome is
      ``pass`` (service name, a key number).
    - ``gap_mentions``: strings the answer must contain when the outcome is not ``pass`` (the gap
      is stated, e.g. the unknown service's name).
    - ``no_confirmed``: the run must confirm nothing (a question about a service without data).
    - ``honest_claims``: which claims count for honest-claim acceptance — ``"all"`` (every claim of
      an honest run) or the ids of the honest claims of a mixed adversarial contract.
    - ``world`` / ``forbidden_advice``: see the fields.
    - ``known_issue``: a real misbehaviour found by this scenario (xfail-like: a mismatch is
      reported but does not fail the suite; a scenario that now matches is reported as fixed).
    """

    name: str
    question: str
    expected: frozenset[str]
    kind: Kind = ADVERSARIAL
    group: str = ""
    provider: ProviderFactory | None = None
    expect_retry: bool | None = False
    fabricated: tuple[str, ...] = ()
    key_facts: tuple[str, ...] = ()
    gap_mentions: tuple[str, ...] = ()
    no_confirmed: bool = False
    honest_claims: Literal["all"] | tuple[str, ...] = ()
    checks: tuple[Check, ...] = ()
    known_issue: str = ""
    description: str = ""
    # The evidence world the question is about: "" = the demo; "story" = issue 10's story bundle
    # (run alone, in a transaction rolled back afterwards).
    world: str = ""
    # Advice words that do not fit this question's evidence (an unrelated runbook's remedy): any
    # of them under the answer's suggestions counts as misattributed advice.
    forbidden_advice: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if not self.expected:
            raise ValueError(f"{self.name}: no expected outcome")
        known = {PASS, LOW_CONFID, REJECT, CLARIFY} | ALL_FALLBACKS
        unknown = set(self.expected) - known
        if unknown:
            raise ValueError(f"{self.name}: unknown expected outcome(s) {sorted(unknown)}")


@dataclass
class ScenarioResult:
    """A scenario judged against its observation (``metrics.judge``)."""

    scenario: Scenario
    observation: Observation
    route_ok: bool
    failures: list[str] = field(default_factory=list)  # every failed expectation, readable
    leaks: list[str] = field(default_factory=list)  # every leak found (also in failures)
    audit_problems: list[str] = field(default_factory=list)  # also in failures
    honest_claims_valid: int = 0
    honest_claims_confirmed: int = 0
    pass_unanswered: bool = False  # a PASS that does not answer the question (also in failures)
    advice_misattributed: bool = False  # advice shown that does not fit (also in failures)

    @property
    def matched(self) -> bool:
        return not self.failures

    @property
    def counts_as_failure(self) -> bool:
        """A mismatch that fails the suite: a known issue's mismatch does not, a leak always does."""
        return bool(self.leaks or self.audit_problems or self.pass_unanswered or self.advice_misattributed) or (
            not self.matched and not self.scenario.known_issue
        )
