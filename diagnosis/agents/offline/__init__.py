"""The offline provider (``LLM_PROVIDER=offline``, the default): deterministic agents with no
network that reason over the loaded data (DESIGN §7 "offline").

Pure reasoning lives in Django-free modules — ``planning`` (question → tool calls; the question
itself is read by ``diagnosis.reading``), ``refs`` (tool evidence as read), ``templates`` and
``anomaly`` (Drain3 templates and how anomalous they are), ``onsets`` (level shifts and onsets read
from each series against its own baseline), ``episodes`` (the span of the incident a time phrase
points at), ``selection`` (which evidence answers
the question), ``changes`` (change events), ``neighbours`` (the services the failing lines point
at), ``runbooks`` (runbook hits → guidance), ``claims`` (→ Executor V2 contract), ``followups``
(the executor's next reads), ``checks`` (claim vs. evidence classification) and ``verifying``
(Verifier input → reply) — and ``agents`` adapts them to the role interfaces.
"""

from __future__ import annotations

from diagnosis.agents.base import Provider

PROVIDER_NAME = "offline"


def build_provider() -> Provider:
    from diagnosis.agents.offline.agents import (
        OfflineComposer,
        OfflineExecutor,
        OfflinePlanner,
        OfflineVerifier,
    )

    return Provider(
        name=PROVIDER_NAME,
        planner=OfflinePlanner(),
        executor=OfflineExecutor(),
        verifier=OfflineVerifier(),
        composer=OfflineComposer(),
        model_by_role={},
    )
