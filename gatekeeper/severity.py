"""Severity order and the verdict ceiling (DESIGN §5.2, spec "Gatekeeper severity SHALL constrain
effective verdict")."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final, Literal

Severity = Literal["none", "low_confid", "reject"]
Ceiling = Literal["PASS", "LOW_CONFID", "REJECT"]
Status = Literal["pass", "warn", "fail"]

NONE: Final = "none"
LOW_CONFID: Final = "low_confid"
REJECT: Final = "reject"

_RANK: Final[dict[str, int]] = {NONE: 0, LOW_CONFID: 1, REJECT: 2}
_CEILING: Final[dict[str, Ceiling]] = {NONE: "PASS", LOW_CONFID: "LOW_CONFID", REJECT: "REJECT"}


def severity_rank(severity: str) -> int:
    """Rank of a severity; anything unknown ranks as reject (fail closed)."""
    return _RANK.get(severity, _RANK[REJECT])


def worst(severities: Iterable[str]) -> Severity:
    """The worst severity of `severities` (none < low_confid < reject); `none` when empty."""
    best: Severity = "none"
    for severity in severities:
        if severity_rank(severity) > severity_rank(best):
            best = severity if severity in _RANK else "reject"  # type: ignore[assignment]
    return best


def ceiling_for_severity(severity: str) -> Ceiling:
    """Normalised verdict ceiling: none→PASS, low_confid→LOW_CONFID, reject→REJECT.

    Any value outside the three severities maps to REJECT: an unreadable audit must never
    raise the ceiling.
    """
    return _CEILING.get(severity, "REJECT")
