"""The answer a user reads (DESIGN §10.5; issue 24 item 2): one pydantic model for every channel
(web, API, CLI, notifications), stored in ``verifier_evaluation.composer_output.answer``, and its
plain-text rendering. Pure.

Order: 结论 → 关键证据 → 时间线 → 可能的方向 → 建议 → 证据缺口. The conclusion comes first (1–3
sentences, each naming the claims it rests on); the key evidence is at most ``MAX_KEY_EVIDENCE``
confirmed statements chosen for what was asked (the figure of a quantity question, every item of
a listing, the line that says *why* before the wrapper that says *that*); changes, onsets, peaks
and recoveries form the timeline; everything else confirmed is ``other_evidence`` (collapsed in
the UI, whole in the API and audit). Each quoted tool line appears once. Invocation ids and raw
paths stay in the audit views: the text a user reads never contains them.

Deviation from DESIGN §10.5, on purpose: the model also carries ``directions`` (the unverified
hypotheses, shown under 可能的方向（未验证）) — the design's sketch has no place for them, and
dropping them would hide what the runbooks and the order of events suggest.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Final, Literal

from pydantic import BaseModel, ConfigDict, Field

from contracts.composer import ClaimFacts, ComposerMaterial, ConfirmedItem
from diagnosis.reading.vocabulary import EFFECTS
from diagnosis.tools.quoting import quote

MAX_KEY_EVIDENCE: Final = 5
MAX_TIMELINE: Final = 8

Outcome = Literal["pass", "low_confid", "reject", "fallback", "clarify"]
TimelineKind = Literal["change", "onset", "peak", "recovery"]

# --- Headings and fixed lines (STYLE §6) ---------------------------------------------------------
H_CONCLUSION: Final = "结论（已验证）"
H_KEY_EVIDENCE: Final = "关键证据"
H_TIMELINE: Final = "时间线"
H_DIRECTIONS: Final = "可能的方向（未验证）"
H_ADVICE: Final = "建议"
H_CONFIRMED: Final = "确认的信息"
H_GAPS: Final = "证据缺口"
H_NEXT_STEPS: Final = "下一步建议"
H_REJECT_FACTS: Final = "已确认的事实"
LEAD_LOW_CONFID: Final = "部分确认：{known}；仍缺：{missing}"
KNOWN_NOTHING: Final = "暂无可以由证据直接确认的信息"
MISSING_DEFAULT: Final = "直接回答问题的证据"
LEAD_REJECT: Final = "当前证据不足以支持可靠的结论，本次不对故障成因下判断。下面只列出已被证据确认的事实、证据缺口和下一步建议。"
NONE_CONFIRMED: Final = "- 暂无可以由证据直接确认的信息。"
NONE_GAPS: Final = "- 未发现可以直接支撑结论的证据。"
DEFAULT_NEXT_STEP: Final = "人工复核本次查询到的日志、告警与指标，必要时扩大时间范围或换用其他关键词重新提问。"
OTHER_EVIDENCE: Final = "另有 {count} 条已核验的证据未在此列出（见运行详情）。"
ITEM: Final = "- {text}"
TIMELINE_ITEM: Final = "- {at} {text}"
ONSET: Final = "{service} 开始出现异常（{what}）"
PEAK: Final = "{name}达到峰值"
RECOVERY: Final = "告警{name}恢复"
ANOMALY: Final = "异常"
ONSET_SAME_S: Final = 60  # onsets of one service this close, saying no more, are one onset
GENERIC_ONSET: Final = "报错"  # the label of an error line with no more specific symptom


class Sentence(BaseModel):
    model_config = ConfigDict(extra="forbid")

    text: str
    claims: list[str] = Field(default_factory=list)


class ConclusionReply(BaseModel):
    """A model composer's reply: ``{"conclusion": [{"text", "claims"}]}`` (other keys ignored)."""

    model_config = ConfigDict(extra="ignore")

    conclusion: list[Sentence]


class KeyEvidence(BaseModel):
    model_config = ConfigDict(extra="forbid")

    claim_id: str
    text: str  # the confirmed statement (its tool text already quoted)
    quote: str = ""  # the verified excerpt it rests on
    at: str = ""
    series: str | None = None  # the series a chart of it shows


class TimelineEntry(BaseModel):
    model_config = ConfigDict(extra="forbid")

    at: str
    text: str
    claim_id: str
    kind: TimelineKind


class AdviceItem(BaseModel):
    model_config = ConfigDict(extra="forbid")

    text: str
    runbook: str = ""
    fits_claims: list[str] = Field(default_factory=list)


class Answer(BaseModel):
    """DESIGN §10.5 (plus ``directions``)."""

    model_config = ConfigDict(extra="forbid")

    verdict: Literal["PASS", "LOW_CONFID", "REJECT"] | None = None
    outcome: Outcome
    conclusion: list[Sentence] = Field(default_factory=list)
    key_evidence: list[KeyEvidence] = Field(default_factory=list)
    timeline: list[TimelineEntry] = Field(default_factory=list)
    directions: list[str] = Field(default_factory=list)
    advice: list[AdviceItem] = Field(default_factory=list)
    gaps: list[str] = Field(default_factory=list)
    other_evidence: list[str] = Field(default_factory=list)
    # A clarification or a fallback: the one fixed message, no sections.
    message: str = ""


# --- Choosing ------------------------------------------------------------------------------------
def parse_time(value: str) -> datetime | None:
    try:
        moment = datetime.fromisoformat(value)
    except (TypeError, ValueError):
        return None
    return moment if moment.tzinfo is not None else None


def _key_rank(facts: ClaimFacts | None, asked_symptoms: frozenset[str], kind: str, asked: Sequence[str]) -> tuple[int, ...]:
    """Lower is more telling: the asked figure's series for a quantity question; else what can say
    *why* (an exception chain's innermost cause, a mechanism — a pool, a disk, a cache — or a
    neighbour that went red) before what says *that* (the asked symptom), failures before quiet
    evidence, lines and alerts before series."""
    if facts is None:
        return (9, 9, 9)
    shows_asked = bool(asked_symptoms & set(facts.symptoms))
    if kind == "quantity":
        return (0 if facts.kind == "series" and shows_asked else 1 if facts.kind == "series" else 2, 0, 0)
    mechanism = bool(facts.cause) or bool(set(facts.symptoms) - EFFECTS - asked_symptoms)
    neighbour = bool(asked) and facts.service not in asked
    if not facts.anomalous:
        tier = 4
    elif mechanism or neighbour:
        tier = 0
    elif shows_asked:
        tier = 1
    else:
        tier = 2
    return (tier, 1 if facts.kind == "series" else 0, 0)


def choose_key_evidence(material: ComposerMaterial, asked_symptoms: frozenset[str] = frozenset()) -> list[str]:
    """The ids of the key statements, best first: every listed item of a listing, else at most
    ``MAX_KEY_EVIDENCE`` ranked by ``_key_rank`` (stable: the executor's order breaks ties).
    Changes belong to the timeline, not here, unless a listing asks for them."""
    facts = {f.claim_id: f for f in material.facts}
    kind = material.asked.kind if material.asked is not None else "cause"
    ids = [item.claim_id for item in material.confirmed]
    if kind == "listing":
        return ids
    candidates = [i for i in ids if (f := facts.get(i)) is None or f.claim_type != "timeline"]
    asked = material.asked.services if material.asked is not None else []
    ranked = sorted(candidates, key=lambda i: _key_rank(facts.get(i), asked_symptoms, kind, asked))
    return ranked[:MAX_KEY_EVIDENCE]


def _clock(value: str, day: str) -> str:
    moment = parse_time(value)
    if moment is None:
        return ""
    fmt = "%H:%M:%S" if moment.second else "%H:%M"
    return moment.strftime(fmt if moment.strftime("%Y-%m-%d") == day else "%m-%d " + fmt)


def build_timeline(material: ComposerMaterial, labels: dict[str, str], day: str) -> list[TimelineEntry]:
    """Changes, onsets of failures, peaks and recoveries of the confirmed claims, in time order."""
    entries: list[tuple[datetime, TimelineEntry]] = []
    texts = {i.claim_id: i.text for i in material.confirmed}
    for f in material.facts:
        at = parse_time(f.at)
        if f.claim_type == "timeline" and at is not None:
            entries.append((at, TimelineEntry(at=f.at, text=texts.get(f.claim_id, ""), claim_id=f.claim_id,
                                              kind="change")))
        elif f.anomalous and at is not None:
            what = (labels.get(f.claim_id) or ANOMALY).strip()
            entries.append((at, TimelineEntry(at=f.at, text=ONSET.format(service=f.service, what=what).strip(),
                                              claim_id=f.claim_id, kind="onset")))
            end = parse_time(f.ended_at)
            if end is not None and f.name:
                entries.append((end, TimelineEntry(at=f.ended_at, text=RECOVERY.format(name=quote(f.name)),
                                                   claim_id=f.claim_id, kind="recovery")))
        if f.kind == "series" and f.anomalous and (peak := parse_time(f.peak_at)) is not None and f.name:
            entries.append((peak, TimelineEntry(at=f.peak_at, text=PEAK.format(name=quote(f.name)), claim_id=f.claim_id,
                                                kind="peak")))
    def generic(entry: TimelineEntry) -> bool:
        return entry.kind == "onset" and entry.text.endswith((f"（{ANOMALY}）", f"（{GENERIC_ONSET}）"))

    # At one moment the specific words first: a second claim saying only "异常/报错" then adds nothing.
    entries.sort(key=lambda e: (e[0].replace(microsecond=0), generic(e[1]), e[1].claim_id))
    seen: set[tuple[datetime, str]] = set()
    onsets: list[tuple[datetime, str, frozenset[str]]] = []  # (moment, service, words) of the kept onsets
    services = {f.claim_id: f.service for f in material.facts}
    out: list[TimelineEntry] = []
    for at, entry in entries:
        moment = at.replace(microsecond=0)  # the second the line shows
        if (moment, entry.text) in seen or (generic(entry) and any(m == moment for m, _ in seen)):
            continue
        if entry.kind == "onset":
            # The alert, the series and the line of one onset: the first says it, the others repeat it.
            service, words = services.get(entry.claim_id, ""), _words(labels.get(entry.claim_id) or ANOMALY)
            if any(s == service and words <= w and abs((moment - m).total_seconds()) <= ONSET_SAME_S
                   for m, s, w in onsets):
                continue
            onsets.append((moment, service, words))
        seen.add((moment, entry.text))
        out.append(entry)
    return out[:MAX_TIMELINE]


def _words(label: str) -> frozenset[str]:
    return frozenset(w.strip() for w in label.split("、") if w.strip())


# --- Rendering -------------------------------------------------------------------------------------
def _short_gap(gap: str) -> str:
    """The gap without its list of queries already tried (the first line must be short)."""
    return gap.split("（已查询", 1)[0].strip()


def _timeline_line(entry: TimelineEntry, day: str) -> str:
    at = _clock(entry.at, day) or entry.at
    # A change's statement starts with its own time ("10:00:00 payment-service 记录任务…"); on
    # another day only the date goes in front of it.
    if entry.text.startswith(at):
        return ITEM.format(text=entry.text)
    date, _, clock_part = at.rpartition(" ")
    if date and clock_part and entry.text.startswith(clock_part[:5]):
        return TIMELINE_ITEM.format(at=date, text=entry.text)
    return TIMELINE_ITEM.format(at=at, text=entry.text)


def render_answer(answer: Answer, day: str = "") -> str:
    """The plain-text answer (CLI, API ``answer``, notifications): conclusion first."""
    if answer.message:
        return answer.message
    texts = [ITEM.format(text=k.text) for k in answer.key_evidence]
    timeline = [_timeline_line(t, day) for t in answer.timeline]
    directions = [ITEM.format(text=d) for d in answer.directions]
    advice = [ITEM.format(text=a.text) for a in answer.advice]
    gaps = [ITEM.format(text=g) for g in answer.gaps]
    conclusion = "".join(s.text for s in answer.conclusion)
    out: list[str] = []
    if answer.outcome == "pass":
        out += [H_CONCLUSION, conclusion] if conclusion else [H_CONCLUSION]
        out += ([H_KEY_EVIDENCE, *texts] if texts else []) if conclusion else texts or [NONE_CONFIRMED]
        out += [H_TIMELINE, *timeline] if timeline else []
        out += [H_DIRECTIONS, *directions] if directions else []
        out += [H_ADVICE, *advice] if advice else []
    elif answer.outcome == "low_confid":
        missing = _short_gap(answer.gaps[0]) if answer.gaps else MISSING_DEFAULT
        out.append(LEAD_LOW_CONFID.format(known=conclusion.rstrip("。") or KNOWN_NOTHING, missing=missing))
        out += [H_CONFIRMED, *(texts or [NONE_CONFIRMED])]
        out += [H_TIMELINE, *timeline] if timeline else []
        out += [H_DIRECTIONS, *directions] if directions else []
        out += [H_GAPS, *(gaps or [NONE_GAPS])]
        out += [H_NEXT_STEPS, *(advice or [ITEM.format(text=DEFAULT_NEXT_STEP)])]
    else:
        out += [LEAD_REJECT, H_REJECT_FACTS, *(texts or [NONE_CONFIRMED])]
        out += [H_GAPS, *(gaps or [NONE_GAPS])]
        out += [H_NEXT_STEPS, *(advice or [ITEM.format(text=DEFAULT_NEXT_STEP)])]
    if answer.other_evidence:
        out.append(OTHER_EVIDENCE.format(count=len(answer.other_evidence)))
    return "\n".join(out)


def quote_of(item: ConfirmedItem) -> str:
    return item.evidence[0].matched_text if item.evidence else ""


def key_items(material: ComposerMaterial, ids: Sequence[str]) -> list[KeyEvidence]:
    by_id = {i.claim_id: i for i in material.confirmed}
    facts = {f.claim_id: f for f in material.facts}
    out: list[KeyEvidence] = []
    for claim_id in ids:
        item = by_id[claim_id]
        f = facts.get(claim_id)
        out.append(KeyEvidence(claim_id=claim_id, text=item.text, quote=quote_of(item),
                               at=f.at if f else "", series=f.name if f is not None and f.kind == "series" else None))
    return out
