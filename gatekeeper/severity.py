"""Severity order, the verdict names and the verdict ceiling (DESIGN §5.2, spec "Gatekeeper severity
SHALL constrain effective verdict").

The names themselves (``Verdict``, ``Severity``, ``Status``) are contracts (``contracts.verdict``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from contracts.verdict import Severity, Verdict

#: The verdict ceiling is a verdict.
Ceiling = Verdict

NONE: Final = Severity.NONE
LOW_CONFID: Final = Severity.LOW_CONFID
REJECT: Final = Severity.REJECT

_RANK: Final[dict[str, int]] = {Severity.NONE: 0, Severity.LOW_CONFID: 1, Severity.REJECT: 2}
_CEILING: Final[dict[str, Verdict]] = {
    Severity.NONE: Verdict.PASS,
    Severity.LOW_CONFID: Verdict.LOW_CONFID,
    Severity.REJECT: Verdict.REJECT,
}


def severity_rank(severity: str) -> int:
    """Rank of a severity; anything unknown ranks as reject (fail closed)."""
    return _RANK.get(severity, _RANK[REJECT])


def worst(severities: Iterable[str]) -> Severity:
    """The worst severity of `severities` (none < low_confid < reject); `none` when empty."""
    best = Severity.NONE
    for severity in severities:
        if severity_rank(severity) > severity_rank(best):
            best = Severity(severity) if severity in _RANK else Severity.REJECT
    return best


def ceiling_for_severity(severity: str) -> Verdict:
    """Normalised verdict ceiling: none→PASS, low_confid→LOW_CONFID, reject→REJECT.

    Any value outside the three severities maps to REJECT: an unreadable audit must never
    raise the ceiling.
    """
    return _CEILING.get(severity, Verdict.REJECT)
