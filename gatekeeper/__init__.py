"""Gatekeeper: deterministic validation of Executor V2 evidence bindings (issue 3).

Pure Python over plain data — no Django, no `diagnosis` import (DESIGN §2). The graph calls:

    result = gatekeeper.check(contract, invocations)     # GatekeeperResult, DESIGN §5.2
    projection = gatekeeper.project(contract, result)    # VerifiedProjection, DESIGN §5.3

`contract` is the Executor output (str or mapping); `invocations` is a sequence of
`{invocation_id, tool_name, status, evidence_refs: [{raw_path, text, ...}]}` mappings.
"""

from __future__ import annotations

from contracts.executor import ContractParse, EvidenceBinding, ExecutorContract, Limits, parse_contract
from contracts.gatekeeper import (
    CheckedBinding,
    GatekeeperResult,
    RuleSummary,
    VerifiedEvidence,
    VerifiedProjection,
)
from contracts.verdict import Severity, Verdict
from gatekeeper.catalog import DEFAULT_CATALOG, DEFAULT_RULE_SET_VERSION, Catalog, RuleMeta, load_catalog
from gatekeeper.check import check
from gatekeeper.excerpt import MatchOutcome, excerpt_supported
from gatekeeper.fallback import fallback_result
from gatekeeper.normalize import normalize
from gatekeeper.projection import project
from gatekeeper.rule_ids import (
    EVIDENCE_EXCERPT_MISMATCH,
    EVIDENCE_INVOCATION_REF,
    EVIDENCE_RAW_PATH,
    EVIDENCE_RAW_PATH_MISSING,
    EVIDENCE_REFS_UNAVAILABLE,
    EVIDENCE_STALE_SUPPORT,
    RULE_ORDER,
    SCHEMA_EXECUTOR_V2,
)
from gatekeeper.severity import Ceiling, ceiling_for_severity

__all__ = [
    "Verdict",
    "DEFAULT_CATALOG",
    "DEFAULT_RULE_SET_VERSION",
    "EVIDENCE_EXCERPT_MISMATCH",
    "EVIDENCE_INVOCATION_REF",
    "EVIDENCE_RAW_PATH",
    "EVIDENCE_RAW_PATH_MISSING",
    "EVIDENCE_REFS_UNAVAILABLE",
    "EVIDENCE_STALE_SUPPORT",
    "RULE_ORDER",
    "SCHEMA_EXECUTOR_V2",
    "Catalog",
    "Ceiling",
    "CheckedBinding",
    "ContractParse",
    "EvidenceBinding",
    "ExecutorContract",
    "GatekeeperResult",
    "Limits",
    "MatchOutcome",
    "RuleMeta",
    "RuleSummary",
    "Severity",
    "VerifiedEvidence",
    "VerifiedProjection",
    "ceiling_for_severity",
    "check",
    "excerpt_supported",
    "fallback_result",
    "load_catalog",
    "normalize",
    "parse_contract",
    "project",
]
