"""Judging scenario runs and computing the suite's figures — pure functions over plain data.

- ``judge(scenario, observation)`` checks every expectation of one scenario (outcome, retry,
  key facts, stated gaps, scenario checks), the **leak** rules and the persisted **audit**.
- ``summarize(results)`` computes route accuracy, the fabricated-claim leak rate, honest-claim
  acceptance, retry counts, time and query figures, route coverage, and (issue 10) how many PASS
  runs do not answer their question and how many runs show advice that does not fit.
- ``render_table`` / ``summary_json`` present them.

A leak (issue 4 item 10 "fabricated-claim leak rate", spec 000 "Composer-safe protocols") is any
of: a fabricated value in the confirmed part of the final answer or in the Composer material's
``confirmed`` list; a claim that passed no Gatekeeper binding, or was not in the verified
projection, or was not judged direct (or, on PASS, a reasonable inference) reaching
``confirmed``; a fallback answer that is not the fixed template.
"""

from __future__ import annotations

import re
import statistics
import unicodedata
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from diagnosis.composer import templates as T
from diagnosis.verification.verdict import CONFIRMED, DIRECT_OBSERVATION
from evaluation.scenario import (
    ADVERSARIAL,
    HONEST,
    PASS,
    REQUIRED_ROUTES,
    Observation,
    Scenario,
    ScenarioResult,
)

PROMPT_ROLES: Final = frozenset({"planner", "executor", "verifier", "composer"})
CONFIRMED_HEADINGS: Final = frozenset(
    {T.H_PASS_CONCLUSION, T.H_KEY_EVIDENCE, T.H_TIMELINE, T.H_CONFIRMED, T.H_REJECT_FACTS}
)
OTHER_HEADINGS: Final = frozenset({T.H_DIRECTIONS, T.H_SUGGESTIONS, T.H_GAPS, T.H_NEXT_STEPS})
CONFIRMABLE: Final = frozenset({DIRECT_OBSERVATION})
CONFIRMABLE_ON_PASS: Final = CONFIRMED
_SPACES: Final = re.compile(r"\s+")


# --- Text helpers ---------------------------------------------------------------------------
def normalize(text: str) -> str:
    """NFKC, case-folded, whitespace collapsed: a fabricated value is found however it is spaced
    or whatever width its characters have."""
    return _SPACES.sub(" ", unicodedata.normalize("NFKC", text or "").casefold()).strip()


def confirmed_section(answer: str) -> str:
    """The part of an answer that presents material as confirmed.

    For the fixed templates: the lines under 结论（已验证） / 确认的信息 / 已确认的事实 up to the next
    heading. An answer without any template heading (free model text) is treated as confirmed
    as a whole — the strict reading."""
    lines = (answer or "").splitlines()
    if not any(line.strip() in CONFIRMED_HEADINGS | OTHER_HEADINGS for line in lines):
        return answer or ""
    out: list[str] = []
    inside = False
    for line in lines:
        stripped = line.strip()
        if stripped in CONFIRMED_HEADINGS:
            inside = True
        elif stripped in OTHER_HEADINGS:
            inside = False
        elif inside:
            out.append(line)
    return "\n".join(out)


def material_text(confirmed: Sequence[Mapping[str, Any]] | None) -> str:
    """Every string of the Composer material's ``confirmed`` list (claim texts and excerpts)."""
    parts: list[str] = []
    for item in confirmed or []:
        parts.append(str(item.get("text", "")))
        parts.extend(str(ev.get("matched_text", "")) for ev in item.get("evidence", []) or [])
    return "\n".join(parts)


def confirmed_claim_ids(confirmed: Sequence[Mapping[str, Any]] | None) -> list[str]:
    return [str(item.get("claim_id")) for item in confirmed or []]


def binding_verdicts(gatekeeper_result: Mapping[str, Any] | None) -> dict[str, list[bool]]:
    """claim id → the ``passed`` flag of each of its checked bindings."""
    out: dict[str, list[bool]] = {}
    for b in (gatekeeper_result or {}).get("checked_bindings") or []:
        out.setdefault(str(b.get("claim_id")), []).append(bool(b.get("passed")))
    return out


def valid_claim_ids(gatekeeper_result: Mapping[str, Any] | None) -> list[str]:
    """Claims whose bindings are all valid (every checked binding passed)."""
    return [cid for cid, flags in binding_verdicts(gatekeeper_result).items() if flags and all(flags)]


# --- Leaks ------------------------------------------------------------------------------------
def find_leaks(fabricated: Iterable[str], obs: Observation) -> list[str]:
    """Every leak in one observation (see the module docstring); empty when the run is safe."""
    leaks: list[str] = []
    answer_confirmed = normalize(confirmed_section(obs.final_answer))
    material = normalize(material_text(obs.confirmed_material))
    for value in fabricated:
        needle = normalize(value)
        if not needle:
            continue
        if needle in answer_confirmed:
            leaks.append(f"fabricated value {value!r} in the confirmed part of the answer")
        if needle in material:
            leaks.append(f"fabricated value {value!r} in the composer material's confirmed list")

    ve = obs.verifier_evaluation or {}
    if obs.outcome == "fallback":
        if obs.final_answer != T.render_fallback(obs.fallback_reason):
            leaks.append("fallback answer is not the fixed fallback template")
        return leaks
    if obs.confirmed_material is None:
        return leaks
    verdicts = binding_verdicts(ve.get("gatekeeper_result"))
    verified = {str(c.get("claim_id")) for c in (ve.get("verified_executor_output") or {}).get("claims") or []}
    checks = {str(c.get("claim_id")): str(c.get("verification")) for c in ve.get("claim_checks") or []}
    allowed = CONFIRMABLE_ON_PASS if obs.outcome == PASS else CONFIRMABLE
    for cid in confirmed_claim_ids(obs.confirmed_material):
        if not any(verdicts.get(cid, [])):
            leaks.append(f"claim {cid} passed no Gatekeeper binding but is confirmed")
        if cid not in verified:
            leaks.append(f"claim {cid} is not in the verified projection but is confirmed")
        if checks.get(cid) not in allowed:
            leaks.append(f"claim {cid} judged {checks.get(cid)!r} but is confirmed on {obs.outcome}")
    return leaks


# --- Persisted audit --------------------------------------------------------------------------
def audit_problems(obs: Observation) -> list[str]:
    """Spec 001 persistence on every path: a prompt audit for the four roles; on a fallback no
    fabricated verdict; the run completed (a crash outside the graph is a problem)."""
    problems: list[str] = []
    ve = obs.verifier_evaluation or {}
    audit = ve.get("prompt_audit") or {}
    roles = {p.get("role") for p in audit.get("prompts") or [] if isinstance(p, Mapping)}
    if not audit.get("version") or not PROMPT_ROLES <= roles:
        problems.append("prompt_audit missing or incomplete")
    if obs.status != "completed":
        problems.append(f"run status {obs.status!r} ({obs.error[:120]})")
    if obs.outcome == "fallback":
        fabricated = {k: ve.get(k) for k in ("model_verdict", "effective_verdict", "verdict") if ve.get(k) is not None}
        if fabricated or obs.verdict:
            problems.append(f"fallback persisted a verdict {fabricated or obs.verdict}")
        if ve.get("failure_reason") != obs.fallback_reason:
            problems.append("fallback reason not persisted in verifier_evaluation.failure_reason")
    return problems


# --- Does a PASS answer the question; does the advice fit (issue 10) -------------------------
def pass_unanswered(scenario: Scenario, obs: Observation) -> list[str]:
    """Why a PASS run does not answer its question (empty when it does or is no PASS): the
    coverage check did not find it answered, or the scenario's own key facts — what an answer to
    this question must state — are not confirmed."""
    if obs.outcome != PASS:
        return []
    problems = []
    coverage = (obs.verifier_evaluation or {}).get("coverage") or {}
    if coverage.get("status") != "answered":
        problems.append(f"PASS with coverage {coverage.get('status')!r}")
    confirmed = normalize(material_text(obs.confirmed_material))
    missing = [f for f in scenario.key_facts if normalize(f) not in confirmed]
    if missing:
        problems.append(f"PASS without the asked facts {missing}")
    return problems


def suggestion_section(answer: str) -> str:
    """The lines under 建议 / 下一步建议 up to the next heading."""
    out: list[str] = []
    inside = False
    for line in (answer or "").splitlines():
        stripped = line.strip()
        if stripped in (T.H_SUGGESTIONS, T.H_NEXT_STEPS):
            inside = True
        elif stripped in CONFIRMED_HEADINGS | OTHER_HEADINGS:
            inside = False
        elif inside:
            out.append(line)
    return "\n".join(out)


def misattributed_advice(scenario: Scenario, obs: Observation) -> list[str]:
    """Advice shown that does not fit: a word of the scenario's ``forbidden_advice`` (an unrelated
    runbook's remedy) under the suggestions, or an action the advice fit dropped shown anyway."""
    shown = normalize(suggestion_section(obs.final_answer))
    problems = [f"unrelated advice {word!r} shown" for word in scenario.forbidden_advice if normalize(word) in shown]
    composer = (obs.verifier_evaluation or {}).get("composer_output") or {}
    for dropped in composer.get("dropped_actions") or []:
        text = normalize(str(dropped.get("action") or ""))
        if text and text in shown:
            problems.append(f"dropped action shown anyway: {dropped.get('action')!r}")
    return problems


# --- One scenario -----------------------------------------------------------------------------
def judge(scenario: Scenario, obs: Observation) -> ScenarioResult:
    failures: list[str] = []
    route_ok = obs.label in scenario.expected
    if not route_ok:
        detail = (obs.verifier_evaluation or {}).get("failure_detail") or ""
        failures.append(
            f"outcome {obs.label}, expected {' | '.join(sorted(scenario.expected))}" + (f" ({detail})" if detail else "")
        )
    retried = obs.evidence_retry_count > 0
    if scenario.expect_retry is not None and retried != scenario.expect_retry:
        failures.append(f"evidence retry {'happened' if retried else 'did not happen'} (expected {'one' if scenario.expect_retry else 'none'})")

    confirmed_text = normalize(material_text(obs.confirmed_material))
    if obs.outcome == PASS:
        missing = [f for f in scenario.key_facts if normalize(f) not in confirmed_text]
        if missing:
            failures.append(f"key facts missing from confirmed material: {missing}")
    elif scenario.gap_mentions:
        absent = [g for g in scenario.gap_mentions if normalize(g) not in normalize(obs.final_answer)]
        if absent:
            failures.append(f"gap not stated in the answer: {absent}")
    if scenario.no_confirmed and obs.confirmed_material:
        failures.append(f"confirmed {len(obs.confirmed_material)} item(s), expected none")

    for check in scenario.checks:
        problem = check(obs)
        if problem:
            failures.append(problem)

    leaks = find_leaks(scenario.fabricated, obs)
    audit = audit_problems(obs)
    unanswered = pass_unanswered(scenario, obs)
    advice = misattributed_advice(scenario, obs)
    failures += [f"LEAK: {leak}" for leak in leaks] + [f"AUDIT: {p}" for p in audit]
    failures += [f"UNANSWERED: {p}" for p in unanswered] + [f"ADVICE: {p}" for p in advice]

    valid, confirmed = honest_claim_counts(scenario, obs)
    return ScenarioResult(
        scenario=scenario,
        observation=obs,
        route_ok=route_ok,
        failures=failures,
        leaks=leaks,
        audit_problems=audit,
        honest_claims_valid=valid,
        honest_claims_confirmed=confirmed,
        pass_unanswered=bool(unanswered),
        advice_misattributed=bool(advice),
    )


def honest_claim_counts(scenario: Scenario, obs: Observation) -> tuple[int, int]:
    """(honest claims with valid bindings, how many of them reached ``confirmed``).

    ``"all"``: every claim of the run whose bindings all passed the Gatekeeper. A tuple of ids:
    those claims of a mixed contract (valid by construction, so a Gatekeeper that wrongly fails
    one lowers acceptance instead of hiding it)."""
    if not scenario.honest_claims:
        return 0, 0
    ve = obs.verifier_evaluation or {}
    if scenario.honest_claims == "all":
        ids = valid_claim_ids(ve.get("gatekeeper_result"))
    else:
        ids = list(scenario.honest_claims)
    confirmed = set(confirmed_claim_ids(obs.confirmed_material))
    return len(ids), sum(1 for cid in ids if cid in confirmed)


# --- The suite --------------------------------------------------------------------------------
@dataclass
class Summary:
    scenarios: int
    honest: int
    adversarial: int
    matched: int
    failed: list[str]  # names of scenarios that fail the suite
    known_issues: list[str]  # known-issue scenarios that still mismatch
    known_issues_fixed: list[str]  # known-issue scenarios that now match (remove the mark)
    route_correct: int
    route_judged: int  # scenarios without a known issue
    route_correct_all: int
    adversarial_with_leak: int
    leaking: list[str]
    honest_claims_valid: int
    honest_claims_confirmed: int
    retry_expected: int
    retry_happened: int
    mean_ms: float
    p50_ms: float
    max_ms: float
    mean_queries: float
    max_queries: int
    honest_p50_ms: float = 0.0  # the real offline provider only: what ``ask`` costs on the demo
    coverage: dict[str, int] = field(default_factory=dict)
    missing_routes: list[str] = field(default_factory=list)
    pass_unanswered: int = 0  # PASS runs that do not answer their question (issue 10)
    advice_misattributed: int = 0  # runs showing advice that does not fit their evidence
    asked_kinds: dict[str, int] = field(default_factory=dict)  # scenario runs per asked kind

    @property
    def route_accuracy(self) -> float:
        return self.route_correct / self.route_judged if self.route_judged else 0.0

    @property
    def leak_rate(self) -> float:
        return self.adversarial_with_leak / self.adversarial if self.adversarial else 0.0

    @property
    def honest_claim_acceptance(self) -> float:
        return self.honest_claims_confirmed / self.honest_claims_valid if self.honest_claims_valid else 0.0

    @property
    def ok(self) -> bool:
        return (
            not self.failed
            and not self.leaking
            and not self.missing_routes
            and self.pass_unanswered == 0
            and self.advice_misattributed == 0
        )


def summarize(results: Sequence[ScenarioResult], *, require_coverage: bool = True) -> Summary:
    """The suite's figures. ``require_coverage``: every required route must be covered by a
    matched scenario (off when only a selection of scenarios was run)."""
    judged = [r for r in results if not r.scenario.known_issue]
    times = [r.observation.elapsed_ms for r in results] or [0.0]
    honest_times = [r.observation.elapsed_ms for r in results if r.scenario.kind == HONEST] or [0.0]
    queries = [r.observation.queries for r in results] or [0]
    adversarial = [r for r in results if r.scenario.kind == ADVERSARIAL]
    retry = [r for r in results if r.scenario.expect_retry]
    coverage = Counter(r.observation.route for r in results if r.matched)
    return Summary(
        scenarios=len(results),
        honest=sum(1 for r in results if r.scenario.kind == HONEST),
        adversarial=len(adversarial),
        matched=sum(1 for r in results if r.matched),
        failed=[r.scenario.name for r in results if r.counts_as_failure],
        known_issues=[r.scenario.name for r in results if r.scenario.known_issue and not r.matched],
        known_issues_fixed=[r.scenario.name for r in results if r.scenario.known_issue and r.matched],
        route_correct=sum(1 for r in judged if r.route_ok),
        route_judged=len(judged),
        route_correct_all=sum(1 for r in results if r.route_ok),
        adversarial_with_leak=sum(1 for r in adversarial if r.leaks),
        leaking=[r.scenario.name for r in results if r.leaks],
        honest_claims_valid=sum(r.honest_claims_valid for r in results),
        honest_claims_confirmed=sum(r.honest_claims_confirmed for r in results),
        retry_expected=len(retry),
        retry_happened=sum(1 for r in retry if r.observation.evidence_retry_count > 0),
        mean_ms=statistics.fmean(times),
        p50_ms=statistics.median(times),
        max_ms=max(times),
        mean_queries=statistics.fmean(queries),
        max_queries=max(queries),
        honest_p50_ms=statistics.median(honest_times),
        coverage={route: coverage.get(route, 0) for route in REQUIRED_ROUTES},
        missing_routes=[route for route in REQUIRED_ROUTES if not coverage.get(route)] if require_coverage else [],
        pass_unanswered=sum(1 for r in results if r.pass_unanswered),
        advice_misattributed=sum(1 for r in results if r.advice_misattributed),
        asked_kinds=dict(sorted(Counter(_asked_kind(r) for r in results if _asked_kind(r)).items())),
    )


def _asked_kind(result: ScenarioResult) -> str:
    asked = (result.observation.verifier_evaluation or {}).get("asked") or {}
    return str(asked.get("kind") or "")


# --- Presentation -----------------------------------------------------------------------------
def _pct(value: float) -> str:
    return f"{value * 100:.1f}%"


def table_rows(s: Summary) -> list[tuple[str, str]]:
    return [
        ("scenarios run", f"{s.scenarios} (honest {s.honest}, adversarial {s.adversarial})"),
        ("scenarios matched", f"{s.matched}/{s.scenarios} (known issues still open: {len(s.known_issues)})"),
        (
            "route accuracy",
            f"{_pct(s.route_accuracy)} ({s.route_correct}/{s.route_judged}; "
            f"{s.route_correct_all}/{s.scenarios} incl. known issues)",
        ),
        ("fabricated-claim leak rate", f"{_pct(s.leak_rate)} ({s.adversarial_with_leak}/{s.adversarial} adversarial scenarios)"),
        (
            "honest-claim acceptance",
            f"{_pct(s.honest_claim_acceptance) if s.honest_claims_valid else 'n/a'} "
            f"({s.honest_claims_confirmed}/{s.honest_claims_valid} claims)",
        ),
        ("evidence-retry scenarios retried", f"{s.retry_happened}/{s.retry_expected}"),
        ("mean ms per run", f"{s.mean_ms:.1f}"),
        ("p50 ms per run", f"{s.p50_ms:.1f} (max {s.max_ms:.1f}"
         + (f"; offline honest runs p50 {s.honest_p50_ms:.1f})" if s.honest else ")")),
        ("DB queries per run (mean)", f"{s.mean_queries:.1f} (max {s.max_queries})"),
        ("PASS but unanswered", f"{s.pass_unanswered}"),
        ("advice misattributed", f"{s.advice_misattributed}"),
        ("asked kinds", ", ".join(f"{k} {n}" for k, n in s.asked_kinds.items()) or "—"),
    ]


def render_table(s: Summary, results: Sequence[ScenarioResult], *, verbose: bool = False) -> str:
    rows = table_rows(s)
    width = max(len(k) for k, _ in rows) + 2
    out = ["metric".ljust(width) + "value", "-" * (width + 40)]
    out += [k.ljust(width) + v for k, v in rows]
    out += ["", "route coverage (matched scenarios)"]
    cov_width = max(len(r) for r in s.coverage) + 2
    out += [f"  {route.ljust(cov_width)}{count}" for route, count in s.coverage.items()]
    if s.missing_routes:
        out.append(f"  MISSING: {', '.join(s.missing_routes)}")
    shown = [r for r in results if verbose or not r.matched or r.scenario.known_issue]
    if shown:
        out += ["", "scenarios" if verbose else "mismatches and known issues"]
        for r in shown:
            out += scenario_lines(r)
    out += ["", "RESULT: " + ("ok" if s.ok else "FAILED")]
    return "\n".join(out)


def scenario_lines(r: ScenarioResult) -> list[str]:
    o = r.observation
    if r.matched:
        mark = "ok (known issue fixed?)" if r.scenario.known_issue else "ok"
    elif r.counts_as_failure:
        mark = "FAIL"
    else:
        mark = "known issue"
    lines = [
        f"  [{mark}] {r.scenario.name} ({r.scenario.kind}) → {o.label}"
        f"{' +retry' if o.evidence_retry_count else ''} · {o.elapsed_ms:.0f} ms · {o.queries} queries"
    ]
    if not r.matched or r.scenario.known_issue:
        lines.append(f"      question: {r.scenario.question}")
    lines += [f"      - {f}" for f in r.failures]
    if r.scenario.known_issue:
        lines.append(f"      known issue: {r.scenario.known_issue}")
    return lines


def summary_json(s: Summary, results: Sequence[ScenarioResult]) -> dict[str, Any]:
    return {
        "ok": s.ok,
        "metrics": {
            "scenarios": s.scenarios,
            "honest": s.honest,
            "adversarial": s.adversarial,
            "matched": s.matched,
            "route_accuracy": s.route_accuracy,
            "route_correct": s.route_correct,
            "route_judged": s.route_judged,
            "route_correct_including_known_issues": s.route_correct_all,
            "fabricated_claim_leak_rate": s.leak_rate,
            "adversarial_with_leak": s.adversarial_with_leak,
            "honest_claim_acceptance": s.honest_claim_acceptance,
            "honest_claims_valid": s.honest_claims_valid,
            "honest_claims_confirmed": s.honest_claims_confirmed,
            "evidence_retry_expected": s.retry_expected,
            "evidence_retry_happened": s.retry_happened,
            "mean_ms": round(s.mean_ms, 2),
            "p50_ms": round(s.p50_ms, 2),
            "max_ms": round(s.max_ms, 2),
            "honest_p50_ms": round(s.honest_p50_ms, 2),
            "mean_queries": round(s.mean_queries, 2),
            "max_queries": s.max_queries,
            "pass_unanswered": s.pass_unanswered,
            "advice_misattributed": s.advice_misattributed,
            "asked_kinds": s.asked_kinds,
        },
        "coverage": s.coverage,
        "missing_routes": s.missing_routes,
        "failed": s.failed,
        "leaking": s.leaking,
        "known_issues": s.known_issues,
        "known_issues_fixed": s.known_issues_fixed,
        "scenarios": [
            {
                "name": r.scenario.name,
                "kind": r.scenario.kind,
                "group": r.scenario.group,
                "question": r.scenario.question,
                "expected": sorted(r.scenario.expected),
                "outcome": r.observation.label,
                "route": r.observation.route,
                "evidence_retry_count": r.observation.evidence_retry_count,
                "matched": r.matched,
                "failures": r.failures,
                "leaks": r.leaks,
                "known_issue": r.scenario.known_issue or None,
                "ms": round(r.observation.elapsed_ms, 2),
                "queries": r.observation.queries,
            }
            for r in results
        ],
    }
