"""Analyzer findings as Executor claims (DESIGN §5.1, §10.6), pure: each finding is one claim whose
``claim_text`` is the finding's ``text_zh`` and whose bindings are its evidence elements, each
quoting the element's ref text verbatim — so the Gatekeeper's excerpt check passes by
construction, and a reader sees the facts the finding states.

An excerpt is the ref text's head (``Pod boutique/adservice-…（服务 adservice）``) and the
clauses that hold what the finding rests on in that element (``Finding.stated``: the values its
text states, the text its conditions found), joined by `` … ``. Clauses end at the ref texts'
Chinese separators (，；, and the head's ：), which no token crosses, so no fragment cuts a token
in two.

Not wired into the offline agents yet (issue 26 phase 2, the survey).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from diagnosis.k8s_analysis.engine import Finding
from diagnosis.k8s_analysis.state import TOOL, ClusterState

SOURCE_TYPE = "k8s"
CLAIM_TYPE = "observation"  # a finding states what the cluster's state shows
ELLIPSIS = " … "


def clauses(text: str) -> list[tuple[int, int]]:
    """The [start, end) spans of ``text``: its head up to the first ``：``, then the parts between
    ``，`` / ``；`` — not inside （…）, and a ``label：value`` part stays whole."""
    spans, start, depth, head = [], 0, 0, True
    for at, char in enumerate(text):
        if char == "（":
            depth += 1
        elif char == "）":
            depth = max(0, depth - 1)
        elif depth == 0 and (char in "，；" or (head and char == "：")):
            spans.append((start, at))
            start, head = at + 1, False
    spans.append((start, len(text)))
    return spans


def excerpt_for(text: str, needles: Sequence[str]) -> str:
    """The head clause of ``text`` and every clause a needle occurs in, verbatim, joined by an
    ellipsis where clauses are skipped."""
    spans = clauses(text)
    chosen = {0}
    folded = text.casefold()
    for needle in needles:
        at = text.find(needle)
        if at < 0:
            at = folded.find(needle.casefold())
        if at < 0 or not needle:
            continue
        end = at + len(needle)
        chosen.update(i for i, (s, e) in enumerate(spans) if s < end and e > at)
    segments: list[list[int]] = []
    for i in sorted(chosen):
        if segments and segments[-1][1] == i - 1:
            segments[-1][1] = i
        else:
            segments.append([i, i])
    return ELLIPSIS.join(text[spans[a][0] : spans[b][1]].strip() for a, b in segments)


def finding_claim(finding: Finding, state: ClusterState, number: int) -> dict[str, Any]:
    """Claim ``c{number}`` of ``finding``: its text, bound to each evidence element of ``state``."""
    elements = state.by_ref()
    bindings = []
    for ref in finding.evidence:
        element = elements[ref]
        bindings.append(
            {
                "source_type": SOURCE_TYPE,
                "tool_name": TOOL,
                "source_invocation_id": element.invocation_id,
                "raw_path": element.raw_path,
                "evidence_excerpt": excerpt_for(element.text, finding.stated.get(ref, [])),
            }
        )
    return {
        "claim_id": f"c{number}",
        "claim_type": CLAIM_TYPE,
        "claim_text": finding.text_zh,
        "support_level": "direct",
        "evidence_bindings": bindings,
    }


def finding_claims(findings: Sequence[Finding], state: ClusterState, *, first_id: int = 1) -> list[dict[str, Any]]:
    """One claim per finding, in the findings' (ranked) order, ids from ``c{first_id}``."""
    return [finding_claim(finding, state, first_id + i) for i, finding in enumerate(findings)]
