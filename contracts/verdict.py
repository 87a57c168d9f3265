"""The verdict names and classification sets of the whole project.

``Verdict`` is the one definition of the three verdict names (the Gatekeeper ceiling, the
Verifier's and the rule verdict, the Django ``DiagnosisRun.Verdict`` choices). They are
``StrEnum`` members, so they compare, hash and serialise (JSON) as the plain strings of the
persisted shapes.
"""

from __future__ import annotations

from enum import StrEnum


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


class ClaimVerification(StrEnum):
    """Claim-check derivability classes (spec "claim check verification values are constrained")."""

    DIRECT_OBSERVATION = "direct_observation"
    REASONABLE_INFERENCE = "reasonable_inference"
    OVERSTATED = "overstated"
    UNSUPPORTED = "unsupported"
    EXTERNAL_UNKNOWN = "external_unknown"
    CONTRADICTED = "contradicted"


class FactClass(StrEnum):
    """Legacy facts_checked classes (spec "facts_checked SHALL use a fixed classification set")."""

    DIRECT_EVIDENCE = "direct_evidence"
    INDIRECT_SUPPORT = "indirect_support"
    NO_EVIDENCE = "no_evidence"
    CONTRADICTED = "contradicted"
