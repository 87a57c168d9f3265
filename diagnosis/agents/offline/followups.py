"""The offline Executor's follow-up reads (pure, no Django): what to look at next, given what the
planned calls returned — the way an engineer reads a runbook after the first log lines.

1. ``services_to_sweep``: a "which service …" question read across all services returns the
   newest lines (often one noisy service) at ERROR level; each other service — those with an
   alert or series about the asked symptom first — gets its own WARN-and-above read, so a
   service that logs its failures at WARN or less often is not missed.
2. ``evidence_knowledge_query``: once relevant lines are found, look the runbooks up by what
   those lines *show* (their Chinese glosses and identifiers such as ``HikariPool`` or
   ``OOMKilled``), not only by the question's words.
3. ``hypothesis_checks``: each cause a runbook lists (常见原因) that names a symptom with a telling
   log word (慢查询 → ``slow``, 内存 → ``oom`` …) is checked against the asked service's logs. What
   is found becomes evidence like any other line; the runbook's cause itself stays a hypothesis.
4. ``runbooks.runbook_to_read``: the runbook whose title names what the evidence shows, read by
   its title when its causes/actions were not among the hits.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from diagnosis.agents.offline.refs import Origin as Origin  # re-exported for the executor
from diagnosis.agents.offline.refs import Ref, gloss, innermost
from diagnosis.agents.offline.runbooks import ranked_sections
from diagnosis.agents.offline.selection import Candidate, Focus, log_candidates
from diagnosis.reading.entities import find_symptoms
from diagnosis.reading.vocabulary import CAUSE_HEADINGS, SYMPTOMS_BY_ID

MAX_QUERY_TERMS = 8
MAX_CHECKS = 2
MAX_SERVICE_SWEEP = 6

_IDENTIFIER = re.compile(r"(?<![A-Za-z0-9_])([A-Z][a-z]+(?:[A-Z][A-Za-z]*)+|[A-Z]{2,}[a-z]+[A-Za-z]*)")


def services_to_sweep(refs: Sequence[Ref], focus: Focus, catalog: Sequence[str]) -> list[str]:
    """Services of ``catalog`` without a line showing the asked symptom among ``refs``, those with
    an alert or series showing it first (firing before resolved), then in catalog order; at most
    MAX_SERVICE_SWEEP."""
    covered = {c.first.service for c in log_candidates(refs, focus) if c.score >= 10}
    signal: dict[str, int] = {}
    for ref in refs:
        if ref.kind in ("alert", "series") and ref.symptoms & focus.primary:
            firing = str(ref.element.get("state") or "") == "firing" or bool(ref.element.get("crossed_at"))
            signal[ref.service] = max(signal.get(ref.service, 0), 2 if firing else 1)
    order = {name: i for i, name in enumerate(catalog)}
    candidates = [name for name in catalog if name not in covered]
    candidates.sort(key=lambda name: (-signal.get(name, 0), order[name]))
    return candidates[:MAX_SERVICE_SWEEP]


def evidence_knowledge_query(candidates: Sequence[Candidate]) -> str:
    """Runbook search words for what the top evidence lines show ("" when they show nothing)."""
    terms: list[str] = []
    for candidate in candidates[:3]:
        # An exception chain is looked up by its innermost cause (PSQLException: FATAL: remaining
        # connection slots …), not by the wrappers around it (CannotGetJdbcConnectionException …).
        text = innermost(candidate.first.message) if candidate.kind == "log" else candidate.first.text
        terms.extend(gloss(text))
        terms.extend(m.group(1) for m in _IDENTIFIER.finditer(text.split("\n", 1)[0]))
    unique = list(dict.fromkeys(terms))[:MAX_QUERY_TERMS]
    # The runbook sections that guide: causes to check and actions to take.
    return " ".join(unique + ["常见原因", "处理方案"]) if unique else ""


def runbook_causes(refs: Sequence[Ref], weights: Mapping[str, float] | None = None) -> list[str]:
    """Texts of the cause sections of the best runbooks (by ``runbooks.ranked_documents``), best first."""
    return [
        str(r.element.get("text") or "")
        for r in ranked_sections(refs, weights)
        if any(h in str(r.element.get("heading_path") or "").split(" / ")[-1] for h in CAUSE_HEADINGS)
    ]


def hypothesis_checks(
    cause_texts: Sequence[str], *, asked: Sequence[str], used_keywords: set[str]
) -> list[tuple[str, str]]:
    """(symptom id, log keyword) pairs worth one query each, in runbook order, at most MAX_CHECKS.

    Only symptoms the question did not already ask about (those were planned) and whose keyword
    no earlier call of this round used."""
    checks: dict[str, str] = {}  # keyword → the first symptom naming it
    for line in (line for text in cause_texts[:2] for line in text.splitlines()):
        for symptom_id in find_symptoms(line):
            keyword = SYMPTOMS_BY_ID[symptom_id].log_keyword
            if keyword and symptom_id not in asked and keyword not in used_keywords:
                checks.setdefault(keyword, symptom_id)
    return [(symptom_id, keyword) for keyword, symptom_id in checks.items()][:MAX_CHECKS]
