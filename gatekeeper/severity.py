"""Severity order, the verdict names and the verdict ceiling (DESIGN §5.2, spec "Gatekeeper severity
SHALL constrain effective verdict").

``Verdict`` is the one definition of the three verdict names for the whole project (the
Gatekeeper ceiling, the Verifier's and the rule verdict, the Django ``DiagnosisRun.Verdict``
choices): the Gatekeeper is the lowest layer every other one imports, so the names live here.
They are ``StrEnum`` members, so they compare, hash and serialise (JSON) as the plain strings of
the persisted shapes.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum
from typing import Final


class Verdict(StrEnum):
    """A run's verdict (also the Gatekeeper's ceiling), REJECT < LOW_CONFID < PASS."""

    PASS = "PASS"
    LOW_CONFID = "LOW_CONFID"
    REJECT = "REJECT"


class Severity(StrEnum):
    """A binding's / a result's Gatekeeper severity, none < low_confid < reject."""

    NONE = "none"
    LOW_CONFID = "low_confid"
    REJECT = "reject"


class Status(StrEnum):
    """The Gatekeeper result's status."""

    PASS = "pass"
    WARN = "warn"
    FAIL = "fail"


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
