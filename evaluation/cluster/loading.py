"""Loading a cluster recording into the evaluation's data — the one Django edge of the cluster
evaluation. The runner loads each recording into its own evidence scope
(``evaluation-cluster-<recording>``, DESIGN §10.3) and drops it after its questions."""

from __future__ import annotations

from typing import Any

from evaluation.cluster.bundle import BUNDLE_PREFIX, recording_bundle
from evaluation.cluster.spec import Recording


def recording_load(recording: Recording, scope: str) -> Any:
    """Load ``recording`` (its logs and the kinds the mapping knows) into ``scope``; the load report."""
    from diagnosis.evidence.loader import evidence_bundle_load

    return evidence_bundle_load(data=recording_bundle(recording), source_name=BUNDLE_PREFIX + recording.name, scope=scope)
