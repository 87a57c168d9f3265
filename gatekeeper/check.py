"""`check()`: validate one Executor contract against this run's invocations (DESIGN §5.2, §8).

Pure function over plain data. It never raises (DESIGN §9: bad input gets a clear error, never
a crash): schema problems become `schema.executor_v2`, junk invocations become unusable rows,
and anything unforeseen becomes a reject-level result rather than an exception.

Status and severity (DESIGN §5.2): a binding's severity is the worst catalog severity of its
failed rules; the result's severity is the worst over all bindings and the schema rule;
`status` is `fail` when any rule failed, `warn` when only warnings were raised (a backfill, a
legacy id, a code fence, a refused catalog, a contract without claims), else `pass`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from contracts.executor import ExecutorContract, Limits, parse_contract
from contracts.gatekeeper import CheckedBinding, GatekeeperResult
from contracts.verdict import Severity, Status
from gatekeeper import rule_ids as R
from gatekeeper.backfill import resolve_invocation
from gatekeeper.bindings import ExcerptParams, check_binding
from gatekeeper.catalog import Catalog, packaged_catalog
from gatekeeper.invocations import index_invocations
from gatekeeper.severity import worst

WARN_NO_CLAIMS: Final = "contract has no claims: nothing can be verified"
ERR_INTERNAL: Final = "gatekeeper could not evaluate the contract ({error}); failing closed"
MAX_REPORTED_LINES: Final = 200
MORE_LINES: Final = "... and {count} more"


def limits_from_catalog(catalog: Catalog) -> Limits:
    """The schema work bounds configured on `schema.executor_v2`."""
    params = catalog.rules[R.SCHEMA_EXECUTOR_V2].params
    return Limits(**{name: params[name] for name in Limits.model_fields if name in params})


def _bounded(lines: list[str]) -> list[str]:
    # Audit records are persisted; keep them readable even for a pathological contract.
    if len(lines) <= MAX_REPORTED_LINES:
        return lines
    return lines[:MAX_REPORTED_LINES] + [MORE_LINES.format(count=len(lines) - MAX_REPORTED_LINES)]


def _status(failed_rules: list[str], warnings: list[str]) -> Status:
    if failed_rules:
        return Status.FAIL
    return Status.WARN if warnings else Status.PASS


def check(
    contract: str | Mapping[str, Any] | ExecutorContract | object,
    invocations: Sequence[Mapping[str, Any]] | object,
    *,
    catalog: Catalog | None = None,
) -> GatekeeperResult:
    """Validate `contract` (Executor output: str, mapping or parsed model) against `invocations`
    (a sequence of `{invocation_id, tool_name, status, evidence_refs}` mappings)."""
    catalog = catalog or packaged_catalog()
    try:
        return _check(contract, invocations, catalog)
    except Exception as exc:  # the promise is "never raises": fail closed instead
        return GatekeeperResult(
            status=Status.FAIL,
            severity=Severity.REJECT,
            rule_set_version=catalog.rule_set_version,
            rules=catalog.summary(),
            failed_rules=[R.SCHEMA_EXECUTOR_V2],
            warnings=list(catalog.load_warnings),
            errors=[ERR_INTERNAL.format(error=type(exc).__name__)],
        )


def _check(contract: Any, invocations: Any, catalog: Catalog) -> GatekeeperResult:
    warnings = list(catalog.load_warnings)
    parsed = parse_contract(contract, limits=limits_from_catalog(catalog))
    warnings.extend(parsed.warnings)
    if parsed.contract is None:
        return GatekeeperResult(
            status=Status.FAIL,
            severity=catalog.severity(R.SCHEMA_EXECUTOR_V2),
            rule_set_version=catalog.rule_set_version,
            rules=catalog.summary(),
            failed_rules=[R.SCHEMA_EXECUTOR_V2],
            warnings=_bounded(warnings),
            errors=parsed.errors,
        )
    index = index_invocations(
        invocations, max_ref_text_chars=catalog.param(R.EVIDENCE_EXCERPT_MISMATCH, "max_ref_text_chars")
    )
    warnings.extend(index.warnings)
    if not parsed.contract.claims:
        warnings.append(WARN_NO_CLAIMS)
    params = ExcerptParams.from_catalog(catalog)
    checked: list[CheckedBinding] = []
    errors: list[str] = []
    for claim_index, claim in enumerate(parsed.contract.claims):
        for binding_index, binding in enumerate(claim.evidence_bindings):
            where = f"claims[{claim_index}].evidence_bindings[{binding_index}] (claim {claim.claim_id})"
            resolution = resolve_invocation(binding, index, where=where)
            if resolution.warning:
                warnings.append(resolution.warning)
            result = check_binding(
                claim_id=claim.claim_id,
                binding_index=binding_index,
                binding=binding,
                resolution=resolution,
                index=index,
                catalog=catalog,
                params=params,
            )
            checked.append(result)
            errors.extend(f"{where}: {message}" for message in result.messages)
    failed = {rule_id for binding in checked for rule_id in binding.failed_rules}
    failed_rules = [rule_id for rule_id in R.RULE_ORDER if rule_id in failed]
    return GatekeeperResult(
        status=_status(failed_rules, warnings),
        severity=worst(binding.severity for binding in checked),
        rule_set_version=catalog.rule_set_version,
        rules=catalog.summary(),
        checked_bindings=checked,
        failed_rules=failed_rules,
        warnings=_bounded(warnings),
        errors=_bounded(errors),
    )
