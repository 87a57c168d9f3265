"""Runbook hits → hypotheses and recommended actions (pure, no Django): guidance, never facts
(spec "Runbook and skill guidance do not become incident facts")."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from contracts.composer import ConfirmedEvidence, ConfirmedItem
from diagnosis.agents.offline.refs import Ref
from diagnosis.composer.advice import RUNBOOK_FIT_MIN, runbook_fit
from diagnosis.reading.entities import evidence_symptoms
from diagnosis.reading.vocabulary import ACTION_HEADINGS, CAUSE_HEADINGS

MAX_HYPOTHESES = 3
MAX_ACTIONS = 3
MAX_RUNBOOK_DOCS = 2
TITLE_BOOST = 0.5  # a title naming the evidence's symptoms is worth half again the search score

_BULLET = re.compile(r"^\s*(?:[-*•]|\d+[.、)])\s+(.*\S)\s*$")
_MARKDOWN = re.compile(r"\*\*|__|`")


def _bullets(text: str) -> list[str]:
    items = []
    for line in text.splitlines():
        m = _BULLET.match(line)
        if not m:
            continue
        item = _MARKDOWN.sub("", m.group(1)).strip()
        if len(item) < 6 or item.endswith(("：", ":")):
            continue  # a sub-heading ("止血（5 分钟内）：") rather than an action
        items.append(item)
    if not items:
        items = [s.strip() for s in re.split(r"(?<=[。；;])", _MARKDOWN.sub("", text)) if len(s.strip()) >= 6]
    return items


def _shorten(text: str, limit: int = 120) -> str:
    if len(text) <= limit:
        return text
    cut = max(text.rfind(p, 0, limit) for p in "。；;，,")
    return text[: cut + 1] if cut >= limit // 3 else text[: limit - 1] + "…"


# Every runbook is about errors and alerts: those symptoms count half when matching a title.
_GENERIC_SYMPTOMS = frozenset({"error", "alert"})


def symptom_weights(cited: Iterable[Ref], asked: Iterable[str]) -> dict[str, float]:
    """How strongly the cited evidence (one per claim) and the question show each symptom."""
    weights: dict[str, float] = {}
    for symptoms in [ref.symptoms for ref in cited] + [frozenset(asked)]:
        for s in symptoms:
            weights[s] = weights.get(s, 0.0) + (0.5 if s in _GENERIC_SYMPTOMS else 1.0)
    return weights


def title_match(title: str, weights: Mapping[str, float]) -> float:
    """How well a runbook's title names the symptoms of the evidence (上游超时与网关 504 排查手册 →
    timeout, 5xx)."""
    # What the title names, not what that implies (a 504 runbook is no general error runbook).
    return sum(weights.get(s, 0.0) for s in evidence_symptoms(title, implied=False))


def _title(ref: Ref) -> str:
    return str(ref.element.get("document_title") or "")


def _heading(ref: Ref) -> str:
    path = str(ref.element.get("heading_path") or "").split(" / ")
    return path[-1] if len(path) > 1 else ""  # a document's intro is no guidance section


def ranked_documents(
    refs: Sequence[Ref], weights: Mapping[str, float] | None = None, *, require_match: bool = False
) -> list[str]:
    """Titles of the runbooks among the hits, best first.

    By the summed scores of their hits in the first lookup listed — the one made with the terms
    of the evidence the claims rest on (数据库 连接池 HikariPool …), so the runbook of the mechanism
    the evidence shows leads (pool exhaustion behind the 500s) rather than the one the question's
    words or the service description favoured; a runbook matching on several sections beats one
    matching on a single generic section. A runbook whose title names a symptom of that evidence
    (``weights``: a timeout line → 上游超时…手册, a lag series → Kafka 消费堆积…) counts half again
    as much, and when the leader is such a runbook the others are dropped (a generic word in the
    search does not bring the disk runbook's advice to a Kafka lag).

    ``require_match`` (a listing, which is no diagnosis): only runbooks whose title names an
    evidence symptom, best named first — a runbook the search merely ranked is noise there."""
    hits = [r for r in refs if r.kind == "hit"]
    if not hits:
        return []
    lead = hits[0].invocation_id
    doc_score: dict[str, float] = {}
    first_seen: dict[str, int] = {}
    for i, ref in enumerate(hits):
        title = _title(ref)
        first_seen.setdefault(title, i)
        if ref.invocation_id == lead:
            score = ref.element.get("score")
            doc_score[title] = doc_score.get(title, 0.0) + (
                float(score) if isinstance(score, int | float) else 1.0
            )
    match = {t: title_match(t, weights) if weights else 0.0 for t in first_seen}
    if require_match:
        matched = [t for t in first_seen if match[t] > 0]
        return sorted(matched, key=lambda t: (-match[t], -doc_score.get(t, 0.0), first_seen[t]))

    def boosted(title: str) -> float:
        return doc_score.get(title, 0.0) * (1 + TITLE_BOOST if match[title] > 0 else 1)

    docs = sorted(first_seen, key=lambda t: (-boosted(t), -match[t], first_seen[t]))
    return [t for t in docs if match[t] > 0] if docs and match[docs[0]] > 0 else docs


def ranked_sections(
    refs: Sequence[Ref], weights: Mapping[str, float] | None = None, *, require_match: bool = False
) -> list[Ref]:
    """Runbook hits of the best documents (``ranked_documents``), best document first, each
    section once."""
    hits = [r for r in refs if r.kind == "hit"]
    out: list[Ref] = []
    seen: set[tuple[str, str]] = set()
    for title in ranked_documents(hits, weights, require_match=require_match)[:MAX_RUNBOOK_DOCS]:
        for ref in hits:
            section = (title, str(ref.element.get("heading_path") or ""))
            if _title(ref) == title and section not in seen:
                seen.add(section)
                out.append(ref)
    return out


def runbook_to_read(
    refs: Sequence[Ref], weights: Mapping[str, float] | None = None, *, require_match: bool = False
) -> str:
    """The title of the leading runbook (``ranked_documents``) when its title names a symptom of
    the evidence and its guidance sections (causes and actions) were not among the hits — worth
    one more lookup by that title — else "" (a runbook the search merely ranked is not read)."""
    docs = ranked_documents(refs, weights, require_match=require_match)
    if not docs or not weights or title_match(docs[0], weights) <= 0:
        return ""
    headings = [_heading(r) for r in refs if r.kind == "hit" and _title(r) == docs[0]]
    has_causes = any(any(h in heading for h in CAUSE_HEADINGS) for heading in headings)
    has_actions = any(any(h in heading for h in ACTION_HEADINGS) for heading in headings)
    return "" if has_causes and has_actions else docs[0]


def fits_claims(title: str, claims: Sequence[Mapping[str, Any]]) -> bool:
    """The runbook fits what the claims show (the composer's one threshold, ``RUNBOOK_FIT_MIN``):
    enough of its title's distinctive words are in the claims and their excerpts."""
    confirmed = [
        ConfirmedItem(claim_id=str(c.get("claim_id") or ""), text=str(c.get("claim_text") or ""), evidence=[
            ConfirmedEvidence(matched_text=str(b.get("evidence_excerpt") or "")) for b in c.get("evidence_bindings") or []
        ])
        for c in claims
    ]
    return runbook_fit(title, confirmed) >= RUNBOOK_FIT_MIN


def runbook_guidance(
    refs: Sequence[Ref],
    weights: Mapping[str, float] | None = None,
    *,
    require_match: bool = False,
    claims: Sequence[Mapping[str, Any]] | None = None,
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """(hypotheses, recommended_actions) from the best runbooks' sections — guidance, never
    facts; with ``claims``, only from runbooks that fit them (``fits_claims``)."""
    hypotheses: list[dict[str, Any]] = []
    actions: list[dict[str, Any]] = []
    fit: dict[str, bool] = {}
    for ref in ranked_sections(refs, weights, require_match=require_match):
        title = _title(ref)
        if claims is not None and not fit.setdefault(title, fits_claims(title, claims)):
            continue
        heading = _heading(ref)
        body = str(ref.element.get("text") or "")
        if any(h in heading for h in CAUSE_HEADINGS):
            for n, item in enumerate(_bullets(body)[: MAX_HYPOTHESES - len(hypotheses)], len(hypotheses) + 1):
                head, sep, rest = item.partition("：")
                text = head if sep and 2 <= len(head) <= 30 else _shorten(item, 80)
                detail = _shorten(rest, 100) if sep else ""
                why = f"《{title}》「{heading}」列出的常见原因（手册内容，未经本次证据验证）"
                why += f"：{detail}" if detail else ""
                hypotheses.append({"hypothesis_id": f"h{n}", "text": text, "rationale": why})
        elif any(h in heading for h in ACTION_HEADINGS):
            for item in _bullets(body)[: MAX_ACTIONS - len(actions)]:
                priority = "medium" if actions else "high"
                actions.append({"action": _shorten(item), "priority": priority, "basis": "runbook"})
    return hypotheses, actions
