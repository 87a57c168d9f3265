"""Claims resting on the system-side ``/query`` element (DESIGN §10.1). Pure, no Django.

A ``/query`` element (``contracts.elements.QueryElement``) says what was asked of a tool and how
many elements it returned (``query_logs service=edge-gateway level>=ERROR 2026-11-28 08:00–12:00 →
0 条记录``). It is valid evidence for exactly that statement: a claim whose only verified evidence
is ``/query`` elements may be a ``direct_observation`` only when it **restates one exactly** — the
element's complete text (tool, scope, window, count) occurs in the claim — and, when the element's
count is 0, the claim is a ``negative_observation`` (a no-hit is no evidence for a positive fact,
spec 000). Anything else ("没有任何错误", another window, another count, a fragment) is not
directly observed.

The element is read typed, by the invocation id the Gatekeeper verified the binding against
(``queries``: the run's elements by invocation id, from the tool layer's stored outputs), never
parsed back from the text; the verified ``matched_text`` only tells whether the Gatekeeper
verified the whole element or a fragment of it. The shared reply parser
(``verification.protocol``) downgrades a model's ``direct_observation`` that fails this check, for
every provider.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from contracts.elements import QueryElement
from diagnosis.tools.query_ref import QUERY_RAW_PATH
from gatekeeper.normalize import normalize

NEGATIVE_OBSERVATION: Final = "negative_observation"


def query_evidence(evidence: Sequence[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    return [e for e in evidence if e.get("raw_path") == QUERY_RAW_PATH]


def rests_only_on_query(evidence: Sequence[Mapping[str, Any]]) -> bool:
    """The claim's verified evidence is non-empty and every item is a ``/query`` element."""
    return bool(evidence) and len(query_evidence(evidence)) == len(evidence)


def restates_query(
    claim: Mapping[str, Any], evidence: Sequence[Mapping[str, Any]], queries: Mapping[str, QueryElement]
) -> bool:
    """Whether ``claim`` restates one of its ``/query`` elements exactly (see the module docstring).

    ``evidence`` is the claim's verified evidence; ``queries`` the run's ``/query`` elements by
    invocation id. An item whose ``matched_text`` (the span of the element's text the Gatekeeper
    verified) is not the whole text verified only a fragment, which restates nothing."""
    claim_text = normalize(str(claim.get("claim_text") or ""))
    negative = claim.get("claim_type") == NEGATIVE_OBSERVATION
    for item in query_evidence(evidence):
        element = queries.get(str(item.get("source_invocation_id")))
        if element is None:
            continue
        text = normalize(element.text)
        if normalize(str(item.get("matched_text") or "")) != text:
            continue
        if element.count == 0 and not negative:
            continue
        if text in claim_text:
            return True
    return False


def query_direct_allowed(
    claim: Mapping[str, Any], evidence: Sequence[Mapping[str, Any]], queries: Mapping[str, QueryElement]
) -> bool:
    """False exactly when a ``direct_observation`` of ``claim`` is not allowed: it rests only on
    ``/query`` elements and restates none of them (claims with other evidence are not judged here)."""
    return not rests_only_on_query(evidence) or restates_query(claim, evidence, queries)
