"""Advice that fits the evidence (issue 10 item 3; DESIGN §10.1 ``dropped_actions``). Pure, no Django.

A recommended action reaches the user only when its basis fits what this run *confirmed*:

- ``basis: evidence`` — it cites (``claim_ids``) at least one confirmed claim;
- ``basis: runbook`` — it comes from a runbook section retrieved in this run (its text is in the
  section, or most of its words are), and that runbook fits the confirmed evidence — not the
  question: the share of the runbook title's distinctive words found in the confirmed claims
  and their evidence (across languages through the retrieval synonyms: 连接池 ↔ pool) is at
  least ``RUNBOOK_FIT_MIN``;
- no remediation at all when the confirmed facts show no anomaly (only negative observations or
  healthy lines): the answer says so instead (``NO_ANOMALY_NOTE``);
- an item — a runbook's cause or action — that names an observable (a Kubernetes state such as
  ``ImagePullBackOff``, an exception class, an error code) the confirmed evidence does not show
  is for another case than this one, however well the runbook fits (``names_unseen``): the
  runbook's "镜像 tag 不存在（ImagePullBackOff）" is no direction for pods in CrashLoopBackOff.

Everything else is dropped and recorded as ``{"action", "basis", "reason"}``.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from contracts.composer import ConfirmedItem
from contracts.executor import Hypothesis, RecommendedAction
from diagnosis.reading.evidence_text import anomalous
from diagnosis.retrieval.synonyms import expand
from diagnosis.retrieval.tokenize import tokenize_query

#: The one threshold of runbook fit: share of the runbook title's distinctive words that the
#: confirmed evidence names.
RUNBOOK_FIT_MIN: Final = 0.5
#: An action paraphrased by a model still "comes from" a section when this share of its words is there.
ACTION_SECTION_MIN: Final = 0.6

NO_MATCHING_EVIDENCE: Final = "no_matching_evidence"
NO_CONFIRMED_CLAIM: Final = "no_confirmed_claim"
NO_RUNBOOK_SECTION: Final = "no_runbook_section"
NO_ANOMALY: Final = "no_anomaly"
OTHER_CASE: Final = "names_what_the_evidence_does_not_show"
UNKNOWN_BASIS: Final = "unknown_basis"

NO_ANOMALY_NOTE: Final = "本次确认的事实中没有发现异常（未发现 5xx 超阈值或正在触发的告警），暂不需要处置。"

# Title words that say what kind of document it is, not what it is about.
_GENERIC_TITLE_WORDS: Final = frozenset(
    {"处理", "手册", "处理手册", "排查", "排障", "指南", "处置", "流程", "通用", "runbook", "升高", "问题", "与", "和", "及",
     "错误", "异常", "失败", "告警", "服务", "接口",
     # English function words of a quoted error in a title ("too many clients", "Connection is not
     # available"): what it is about is the other words.
     "a", "an", "the", "is", "are", "not", "no", "of", "to", "too", "many", "in", "on", "for", "and", "or", "by"}
)  # fmt: skip
def _fold(text: Any) -> str:
    return " ".join(unicodedata.normalize("NFKC", str(text or "")).casefold().split())


@dataclass
class AdviceFit:
    kept: list[RecommendedAction] = field(default_factory=list)
    dropped: list[dict[str, str]] = field(default_factory=list)
    dropped_hypotheses: list[dict[str, str]] = field(default_factory=list)
    anomaly: bool = True
    scores: dict[str, float] = field(default_factory=dict)  # runbook title → fit score


def shows_anomaly(confirmed: Sequence[ConfirmedItem]) -> bool:
    """True when a confirmed, non-negative claim (or its evidence) shows something wrong."""
    for item in confirmed:
        if item.claim_type == "negative_observation":
            continue
        if any(anomalous(t) for t in item.texts()):
            return True
    return False


def _evidence_terms(confirmed: Sequence[ConfirmedItem]) -> tuple[set[str], str]:
    texts = [item.text for item in confirmed]
    texts += [e.matched_text for item in confirmed for e in item.evidence]
    joined = "\n".join(texts)
    return set(expand(tokenize_query(joined))), _fold(joined)


# An observable state a runbook item names — a Kubernetes waiting or termination reason
# (ImagePullBackOff, OOMKilled, CrashLoopBackOff), an exception class, an HTTP code — as opposed to
# the objects an action works on (ConfigMap, Secret, Deployment).
_OBSERVABLE: Final = re.compile(
    r"(?<![A-Za-z0-9_])(?:[A-Za-z]*(?:BackOff|Killed|Error|Exception|Failed|Failure|Pending|NotReady|Evicted|Unavailable)"
    r"|ErrImage[A-Za-z]*|[1-5]\d\d)(?![A-Za-z0-9_])"
)


def names_unseen(text: str, confirmed: Sequence[ConfirmedItem]) -> bool:
    """The item names observables and the confirmed evidence shows none of them."""
    named = {m.group(0).casefold() for m in _OBSERVABLE.finditer(str(text or ""))}
    if not named:
        return False
    _, folded = _evidence_terms(confirmed)
    return not any(n in folded for n in named)


def title_terms(title: str) -> list[str]:
    terms = [t for t in tokenize_query(title) if t not in _GENERIC_TITLE_WORDS]
    # lcut_for_search also yields the pieces of a compound (数据库连接池 → 数据, 据库 …): keep the
    # longest reading only.
    return [t for t in terms if not any(t != o and t in o for o in terms)]


# What a runbook's text names that evidence can show verbatim: an alert (TelemedCallFailureHigh), a
# service or host (rh-telemed), a quoted message (`ICE failed`).
_RUNBOOK_IDENTIFIER: Final = re.compile(
    r"`([^`\n]{4,80})`|(?<![A-Za-z0-9_])([A-Z][a-z0-9]+(?:[A-Z][A-Za-z0-9]+)+)(?![A-Za-z0-9_])"
    r"|(?<![a-z0-9_.\-])([a-z][a-z0-9]*(?:-[a-z0-9]+)+)(?![a-z0-9_\-])"
)


def runbook_fit(title: str, confirmed: Sequence[ConfirmedItem], question: str = "", body: str = "") -> float:
    """Share of the runbook title's distinctive words named by the confirmed evidence.

    With the ``question``: evidence that only echoes the question's own words (行情 … 延迟 for
    行情通道缺包与行情延迟) confirms nothing of what the runbook is about (缺包) — when the title
    has words the question did not say, the evidence must name one of them, or show an identifier
    the runbook's retrieved text (``body``) names (its alert, its service, a quoted message)."""
    terms = title_terms(title)
    if not terms:
        return 0.0
    evidence, folded = _evidence_terms(confirmed)
    hits = [t for t in terms if t in evidence or t in folded]
    if question:
        asked, asked_folded = set(expand(tokenize_query(question))), _fold(question)
        own = [t for t in terms if t not in asked and t not in asked_folded]
        named = {_fold(next(g for g in m.groups() if g)) for m in _RUNBOOK_IDENTIFIER.finditer(body)}
        # … or a word of its text the evidence writes and the question did not ("timed out").
        named |= {w for w in _BODY_WORD.findall(_fold(body)) if w not in _GENERIC_TITLE_WORDS}
        shown = any(n and n not in asked_folded and _word_in(n, folded) for n in named)
        if own and not shown and not any(t in own for t in hits):
            return 0.0
        # The runbook names its alerts (QuoteChannelStale), the evidence shows alerts, and none of
        # them is one of the runbook's: it is the runbook of another alarm.
        alerts = {m.group(2) for m in _RUNBOOK_IDENTIFIER.finditer(body) if m.group(2)}
        seen = {m.group(2) for item in confirmed for t in item.texts() for m in _RUNBOOK_IDENTIFIER.finditer(t) if m.group(2)}
        if alerts and seen and not alerts & seen:
            return 0.0
    return len(hits) / len(terms)


_BODY_WORD: Final = re.compile(r"(?<![a-z0-9_.\-])[a-z]{4,}(?![a-z0-9_\-])")


def _word_in(word: str, text: str) -> bool:
    """``word`` in ``text`` as a whole token (an identifier or an English word, not a part of one)."""
    return re.search(rf"(?<![a-z0-9_]){re.escape(word)}(?![a-z0-9_])", text) is not None


def _body(title: str, sections: Sequence[Mapping[str, Any]]) -> str:
    """The retrieved text of one runbook (every section of it this run's lookups returned)."""
    return "\n".join(str(s.get("text") or "") for s in sections if str(s.get("document_title") or "") == title)


def _source_section(action: str, sections: Sequence[Mapping[str, Any]]) -> Mapping[str, Any] | None:
    wanted = _fold(action).rstrip("…").strip()
    if not wanted:
        return None
    for section in sections:
        if wanted in _fold(section.get("text")):
            return section
    words = set(tokenize_query(action))
    best, best_share = None, 0.0
    for section in sections:
        if not words:
            break
        share = len(words & set(tokenize_query(str(section.get("text") or "")))) / len(words)
        if share > best_share:
            best, best_share = section, share
    return best if best_share >= ACTION_SECTION_MIN else None


def fit_actions(
    actions: Iterable[RecommendedAction],
    *,
    confirmed: Sequence[ConfirmedItem],
    runbook_sections: Sequence[Mapping[str, Any]],
    question: str = "",
) -> AdviceFit:
    """Split ``actions`` into kept and dropped (see the module docstring). ``confirmed`` is the
    composer material's confirmed list (claim_id, text, claim_type, evidence[matched_text]);
    ``runbook_sections`` the knowledge hits this run retrieved (document_title, heading_path, text)."""
    # Nothing confirmed is not "healthy": the other rules apply (and drop what rests on nothing).
    result = AdviceFit(anomaly=shows_anomaly(confirmed) if confirmed else True)
    confirmed_ids = {c.claim_id for c in confirmed}
    for action in actions:
        text = action.action
        basis = action.basis or ""
        reason = ""
        if not result.anomaly:
            reason = NO_ANOMALY
        elif basis == "evidence":
            if not confirmed_ids & set(action.claim_ids or []):
                reason = NO_CONFIRMED_CLAIM
        elif basis == "runbook":
            section = _source_section(text, runbook_sections)
            if section is None:
                reason = NO_RUNBOOK_SECTION
            elif names_unseen(text, confirmed):
                reason = OTHER_CASE
            else:
                title = str(section.get("document_title") or section.get("heading_path") or "")
                score = result.scores.setdefault(
                    title, runbook_fit(title, confirmed, question, _body(title, runbook_sections))
                )
                if score < RUNBOOK_FIT_MIN:
                    reason = NO_MATCHING_EVIDENCE
        else:
            reason = UNKNOWN_BASIS
        if reason:
            result.dropped.append({"action": text[:400], "basis": basis, "reason": reason})
        else:
            result.kept.append(action)
    return result


def fit_hypotheses(
    hypotheses: Iterable[Hypothesis],
    *,
    confirmed: Sequence[ConfirmedItem],
    runbook_sections: Sequence[Mapping[str, Any]],
    question: str = "",
) -> tuple[list[Hypothesis], list[dict[str, str]]]:
    """Hypotheses taken from a runbook (its 常见原因) that does not fit the confirmed evidence are
    dropped like its advice: a DNS runbook's causes are no direction for a failure that shows no
    DNS trouble. A hypothesis found in no retrieved section (the model's own) is kept — it is
    shown as unverified anyway. Returns (kept, dropped)."""
    kept: list[Hypothesis] = []
    dropped: list[dict[str, str]] = []
    scores: dict[str, float] = {}
    for hypothesis in hypotheses:
        text = hypothesis.text
        section = _source_section(text, runbook_sections)
        if section is not None and confirmed and names_unseen(text, confirmed):
            title = str(section.get("document_title") or section.get("heading_path") or "")
            dropped.append({"hypothesis": text[:400], "runbook": title[:200], "reason": OTHER_CASE})
            continue
        if section is not None and confirmed:
            title = str(section.get("document_title") or section.get("heading_path") or "")
            fit = runbook_fit(title, confirmed, question, _body(title, runbook_sections))
            if scores.setdefault(title, fit) < RUNBOOK_FIT_MIN:
                dropped.append({"hypothesis": text[:400], "runbook": title[:200], "reason": NO_MATCHING_EVIDENCE})
                continue
        kept.append(hypothesis)
    return kept, dropped
