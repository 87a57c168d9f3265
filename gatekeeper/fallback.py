"""The fallback Gatekeeper pass (spec "Gatekeeper fallback pass includes rule metadata").

Used by callers that cannot run the Gatekeeper at all. It reports the built-in default rule set
version and rule metadata, so the audit trail still says which rules *would* have applied, and
a warning saying nothing was validated. Its status is `pass` because the spec names it a
"fallback pass"; the warning keeps it distinguishable from a real pass.
"""

from __future__ import annotations

from typing import Final

from contracts.gatekeeper import GatekeeperResult
from contracts.verdict import Severity, Status
from gatekeeper.catalog import DEFAULT_CATALOG

WARN_FALLBACK: Final = (
    "gatekeeper fallback pass: no gatekeeper or rule catalog was available, nothing was validated"
)


def fallback_result() -> GatekeeperResult:
    return GatekeeperResult(
        status=Status.PASS,
        severity=Severity.NONE,
        rule_set_version=DEFAULT_CATALOG.rule_set_version,
        rules=DEFAULT_CATALOG.summary(),
        warnings=[WARN_FALLBACK],
    )
