"""Runbook hits → hypotheses and recommended actions (pure, no Django): guidance, never facts
(spec "Runbook and skill guidance do not become incident facts")."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from diagnosis.agents.offline.refs import Ref

MAX_HYPOTHESES = 3
MAX_ACTIONS = 3
MAX_RUNBOOK_DOCS = 2

_CAUSE_HEADING = ("常见原因", "可能原因", "原因", "根因")
_ACTION_HEADING = ("处理方案", "处理步骤", "处理措施", "应急", "止血", "解决", "恢复步骤", "建议", "处置")
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


def ranked_sections(refs: Sequence[Ref]) -> list[Ref]:
    """Runbook hits of the best documents, best document first, each section once.

    Documents are ranked by the summed scores of their hits in the first lookup listed (the
    evidence-driven one when there is one): a runbook matching on several sections beats one
    matching on a single generic section."""
    hits = [r for r in refs if r.kind == "hit"]
    if not hits:
        return []
    lead = hits[0].invocation_id
    doc_score: dict[str, float] = {}
    first_seen: dict[str, int] = {}
    for i, ref in enumerate(hits):
        title = str(ref.element.get("document_title") or "")
        first_seen.setdefault(title, i)
        if ref.invocation_id == lead:
            score = ref.element.get("score")
            doc_score[title] = doc_score.get(title, 0.0) + (
                float(score) if isinstance(score, int | float) else 1.0
            )
    docs = sorted(first_seen, key=lambda t: (-doc_score.get(t, 0.0), first_seen[t]))[:MAX_RUNBOOK_DOCS]
    out: list[Ref] = []
    seen: set[tuple[str, str]] = set()
    for title in docs:
        for ref in hits:
            section = (title, str(ref.element.get("heading_path") or ""))
            if str(ref.element.get("document_title") or "") == title and section not in seen:
                seen.add(section)
                out.append(ref)
    return out


def runbook_guidance(refs: Sequence[Ref]) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """(hypotheses, recommended_actions) from the best runbooks' sections — guidance, never facts."""
    hypotheses: list[dict[str, Any]] = []
    actions: list[dict[str, Any]] = []
    for ref in ranked_sections(refs):
        title = str(ref.element.get("document_title") or "")
        path = str(ref.element.get("heading_path") or "").split(" / ")
        heading = path[-1] if len(path) > 1 else ""  # a document's intro is no guidance section
        body = str(ref.element.get("text") or "")
        if any(h in heading for h in _CAUSE_HEADING):
            for item in _bullets(body):
                if len(hypotheses) >= MAX_HYPOTHESES:
                    break
                head, sep, rest = item.partition("：")
                text = head if sep and 2 <= len(head) <= 30 else _shorten(item, 80)
                detail = _shorten(rest, 100) if sep else ""
                hypotheses.append(
                    {
                        "hypothesis_id": f"h{len(hypotheses) + 1}",
                        "text": text,
                        "rationale": f"《{title}》「{heading}」列出的常见原因（手册内容，未经本次证据验证）"
                        + (f"：{detail}" if detail else ""),
                    }
                )
        elif any(h in heading for h in _ACTION_HEADING):
            for item in _bullets(body):
                if len(actions) >= MAX_ACTIONS:
                    break
                actions.append(
                    {
                        "action": _shorten(item),
                        "priority": "high" if not actions else "medium",
                        "basis": "runbook",
                    }
                )
    return hypotheses, actions
