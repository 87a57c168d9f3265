"""Canonical Verifier input (DESIGN §5.3) → Verifier reply object (§5.4), pure and deterministic.

Reads only the verified projection: each claim is checked against the ``matched_text`` of its
own verified evidence (``checks.check_claim``); nothing else is evidence. Critical claims are
those that carry the answer: root_cause / impact claims and every claim about the asked
service(s); a claim about a service the question did not ask about is not critical. Evidence gaps
come from critical claims the evidence does not carry (unsupported / overstated, with a tool and
a query that could close them) — the Verifier input carries claims only (no Executor
``missing_info``: the Composer states that itself). The verdict follows the same rules as the deterministic arithmetic
(``diagnosis.verification.verdict``), capped by the ceiling; the graph recomputes it anyway.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from contracts.tools import QUERY_LOGS, QUERY_METRICS
from contracts.verifier import ClaimCheck
from diagnosis.agents.offline.checks import (
    CONTRADICTED,
    DIRECT,
    INFERENCE,
    OVERSTATED,
    UNSUPPORTED,
    check_claim,
    extract,
)
from diagnosis.reading.entities import find_symptoms
from diagnosis.reading.vocabulary import SYMPTOMS_BY_ID
from diagnosis.verification.query_claims import query_evidence, rests_only_on_query
from diagnosis.verification.verdict import (
    LOW_CONFID,
    PASS,
    groundedness_from_claim_checks,
    rule_verdict,
    verdict_min,
)
from gatekeeper.normalize import normalize

REQUIRED_KEYS = ("diagnosis_context", "verified_executor_output", "verified_evidence", "verdict_ceiling")
CRITICAL_TYPES = frozenset({"root_cause", "impact"})
MAX_GAPS = 8


class VerifierInputError(ValueError):
    """The input is not a canonical Verifier input."""


def parse_input(text: str) -> dict[str, Any]:
    try:
        payload = json.loads(text)
    except (TypeError, ValueError, RecursionError) as exc:
        raise VerifierInputError(f"verifier input is not JSON: {str(exc)[:120]}") from None
    if not isinstance(payload, dict):
        raise VerifierInputError("verifier input is not a JSON object")
    missing = [k for k in REQUIRED_KEYS if k not in payload]
    if missing:
        raise VerifierInputError(f"verifier input lacks {', '.join(missing)}")
    output = payload["verified_executor_output"]
    if not isinstance(output, dict) or not isinstance(output.get("claims", []), list):
        raise VerifierInputError("verified_executor_output must be an object with a claims list")
    if not isinstance(payload["verified_evidence"], list):
        raise VerifierInputError("verified_evidence must be a list")
    if not isinstance(payload["diagnosis_context"], dict):
        raise VerifierInputError("diagnosis_context must be an object")
    return payload


def _services(text: str) -> set[str]:
    return {f.value for f in extract(text).of("service")}


def _is_critical(claim: Mapping[str, Any], asked_services: set[str]) -> bool:
    if claim.get("claim_type") in CRITICAL_TYPES:
        return True
    claimed = _services(str(claim.get("claim_text") or ""))
    # A claim about another service than the asked one does not carry the answer.
    return not (asked_services and claimed and not (claimed & asked_services))


def _suggested_query(claim_text: str, question: str) -> str:
    facts = extract(claim_text)
    bits = [f.show() for f in facts.of("service")][:1]
    bits += [SYMPTOMS_BY_ID[s].label for s in find_symptoms(claim_text + " " + question)][:2]
    bits += [f.show() for f in facts.of("ident")][:2]
    times = [f.value for f in facts.of("time")]
    if times:
        bits.append(f"{times[0][:5]} 前后")
    return " ".join(dict.fromkeys(b for b in bits if b)) or question[:80]


def verify(payload: Mapping[str, Any]) -> dict[str, Any]:
    context = payload.get("diagnosis_context") or {}
    question = str(context.get("original_query") or "")
    output = payload.get("verified_executor_output") or {}
    claims = [c for c in output.get("claims") or [] if isinstance(c, Mapping) and c.get("claim_id")]
    ceiling = str(payload.get("verdict_ceiling") or LOW_CONFID)
    evidence_by_claim: dict[str, list[Mapping[str, Any]]] = {}
    for item in payload.get("verified_evidence") or []:
        if isinstance(item, Mapping):
            evidence_by_claim.setdefault(str(item.get("claim_id")), []).append(item)

    asked = _services(question)
    checks: list[dict[str, Any]] = []
    gaps: list[dict[str, Any]] = []
    for claim in claims:
        claim_id = str(claim["claim_id"])
        text = str(claim.get("claim_text") or "")
        evidence = evidence_by_claim.get(claim_id, [])
        verification, detail = _classify(claim, text, evidence)
        critical = _is_critical(claim, asked)
        checks.append(
            {
                "claim_id": claim_id,
                "verification": verification,
                "is_critical": critical,
                "detail": detail,
                "evidence_refs": [
                    {
                        "claim_id": claim_id,
                        "source_invocation_id": e.get("source_invocation_id"),
                        "tool_name": e.get("tool_name"),
                        "raw_path": e.get("raw_path"),
                    }
                    for e in evidence
                ],
            }
        )
        if critical and verification in (UNSUPPORTED, OVERSTATED):
            tools = [
                str(e.get("tool_name"))
                for e in evidence
                if e.get("tool_name") in (QUERY_LOGS, QUERY_METRICS)
            ]
            gaps.append(
                {
                    "claim_id": claim_id,
                    "gap": f"{text[:80]}：{detail[:160]}",
                    "is_critical": True,
                    "suggested_tool": tools[0] if tools else QUERY_LOGS,
                    "suggested_query": _suggested_query(text, question),
                }
            )
    if checks and not any(c["is_critical"] for c in checks):
        checks[0]["is_critical"] = True  # the first claim carries the answer when nothing else does

    typed = [ClaimCheck.model_validate(c) for c in checks]
    verdict = verdict_min(rule_verdict(typed), ceiling) if checks else LOW_CONFID
    if verdict == PASS and ceiling != PASS:
        verdict = LOW_CONFID
    counts = {
        k: sum(1 for c in checks if c["verification"] == k)
        for k in (DIRECT, INFERENCE, OVERSTATED, UNSUPPORTED, CONTRADICTED)
    }
    critical_count = sum(1 for c in checks if c["is_critical"])
    return {
        "verdict": verdict,
        "groundedness_score": round(groundedness_from_claim_checks(typed), 4),
        "critical_fact_count": critical_count,
        "claim_checks": checks,
        "evidence_gaps": gaps,
        "rationale": _rationale(verdict, counts, critical_count, len(checks), ceiling),
    }


def _quotes_a_query(claim_text: str, evidence: list[Mapping[str, Any]]) -> bool:
    """The claim contains the whole verified text of one of its ``/query`` items: all a reader of
    the Verifier input can see of a restatement. The shared reply parser checks the rest against
    the typed element (a fragment, or a positive claim on a no-hit, is downgraded there:
    ``verification.query_claims``)."""
    text = normalize(claim_text)
    return any(
        (quoted := normalize(str(item.get("matched_text") or ""))) and quoted in text
        for item in query_evidence(evidence)
    )


def _classify(claim: Mapping[str, Any], text: str, evidence: list[Mapping[str, Any]]) -> tuple[str, str]:
    """(verification, detail) of one claim. A claim resting only on ``/query`` elements (what a
    query asked and how many it returned) is a direct observation exactly when it restates one;
    the text matcher judges every other claim."""
    if rests_only_on_query(evidence):
        if _quotes_a_query(text, evidence):
            return DIRECT, "声明逐字复述了查询范围与结果条数"
        return UNSUPPORTED, "声明没有逐字复述查询的范围与结果条数（查询本身只能证明该查询的结果）"
    result = check_claim(text, [str(e.get("matched_text") or "") for e in evidence])
    return result.verification, result.detail


def _rationale(verdict: str, counts: Mapping[str, int], critical: int, total: int, ceiling: str) -> str:
    if not total:
        return "没有通过校验的声明可供核对，只能依据缺失信息给出证据缺口。"
    names = {
        DIRECT: "直接观察",
        INFERENCE: "合理推断",
        OVERSTATED: "表述过度",
        UNSUPPORTED: "缺少支持",
        CONTRADICTED: "与证据矛盾",
    }
    parts = [f"{names[k]} {n} 条" for k, n in counts.items() if n]
    text = f"共核对 {total} 条声明（关键 {critical} 条）：" + "，".join(parts) + "。"
    if verdict == PASS:
        text += "关键事实均有直接证据或合理推断支持。"
    elif verdict == "REJECT":
        text += "存在与证据矛盾的关键声明。"
    elif ceiling != PASS:
        text += "Gatekeeper 上限为 LOW_CONFID，结论不能高于低置信。"
    else:
        text += "部分关键事实缺少直接证据。"
    return text
