"""Does the verified answer answer the question? (DESIGN §10.1; pure, no Django.)

A run can have every confirmed statement grounded and still not answer what was asked (an
unrelated latency alert confirmed for "how full is the Redis pool?"). This module decides it
deterministically from ``asked`` and the Verifier's claim checks — no model judges its own
relevance.

A critical claim **covers** the question when all of these hold:

- it is confirmed as a direct observation (``direct_observation``); an inference or anything
  weaker is at most *partial*;
- its evidence is an observation of this incident (not only runbook/knowledge text);
- its service is a target: a target service's name or alias appears in the claim or in its
  verified evidence (a gateway line naming ``upstream=billing-service`` is explicitly related);
  with no target service asked, any service will do;
- its time overlaps the asked window: the timestamps of its evidence (a range ``09:55–10:30``
  counts as one, a firing alert is open-ended); evidence without any timestamp is not held
  against it;
- per kind: ``quantity`` — it names every dimension term (in the claim or its evidence, by the
  term's known spellings: 连接池 ↔ pool) and the claim states a number (not a time, a date or a
  part of an identifier; with no term the vocabulary knows, a figure of the claim's own, not one
  inside a quoted line); ``existence`` — a negative observation (the system-side ``/query``
  element, "→ 0 条记录") is as valid an answer as a positive one; ``listing`` — the answer lists
  claims only, so each covering claim is one listed item, naming one of the dimension terms (the
  kinds a question lists are alternatives); ``cause`` — an observation of the
  target service in the window.

Beyond who and when, what was asked (issue 24):

- the asked symptom: error codes, exception names and metric words among the dimension terms
  (``401``, ``KeyError``, ``P99``) must be named by a covering claim (its text or evidence; a
  negative observation names them through its query);
- a *why* question (为什么、原因 …) is answered only with a confirmed cause or trigger beside the
  symptom: a change line (``timeline``), the innermost link of an exception chain or an exception
  class, or another symptom than the asked one that can explain it (a pool or a disk exhausted, a
  slow query — ``vocabulary.EFFECTS`` are the ones that cannot); symptoms alone are ``partial``
  with the gap 原因未能确认;
- a listing of changes is answered by change lines only, whatever kind each says it is (the kinds
  the question names are what to include, not a filter);
- a listing of alerts (``listing_universe``: what the tools returned for the asked services and
  window) is answered only when every item is named;
- a window the scope's evidence does not cover (``data_span``), or one in the future, is
  ``unanswered`` with a gap saying which span the data covers — never answered by other days'
  evidence, never retried.

Run status: ``answered`` when every target service has a covering claim (or one claim covers
with no target asked); ``partial`` when some target has one, or a claim matches everything
but the number / the direct observation; ``unanswered`` otherwise. The coverage verdict is PASS
for ``answered`` else LOW_CONFID, and joins ``effective = min(model, rule, ceiling, coverage)``.
An answer short of ``answered`` names the gap in Chinese and the queries already tried. It
becomes a critical gap for the one EVIDENCE_GAP_ONLY round (``coverage_gap``) when more
evidence could close it: no critical claim is about the asked thing at all (whatever its
verification), a claim about it gave no figure, or an asked service has nothing — a claim that
is about the question but not directly verified is the Verifier's own gap to name.

Monotone by construction: a claim that does not cover cannot change the status, so adding an
unrelated grounded claim never raises the verdict, and removing the only covering claim of an
answered run always leaves it short of ``answered``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime, timedelta
from typing import Any, Final

from contracts.asked import CAUSE, EXISTENCE, LISTING, QUANTITY, Asked
from contracts.coverage import ANSWERED, PARTIAL, UNANSWERED, Coverage, CoverageStatus
from contracts.tools import LOOKUP_KNOWLEDGE, QUERY_LOGS, QUERY_METRICS
from contracts.verifier import ClaimCheck, EvidenceGap
from diagnosis.reading.asking import exact_terms as hard_terms
from diagnosis.reading.entities import asking_clause, evidence_symptoms
from diagnosis.reading.evidence_text import anomalous
from diagnosis.reading.text import fold
from diagnosis.reading.vocabulary import EFFECTS, KEY_TERMS_BY_WORD, SYMPTOMS, any_spelling_in
from diagnosis.verification.verdict import DIRECT_OBSERVATION, REASONABLE_INFERENCE

#: Tools whose evidence is guidance, never an observation that answers an incident question.
GUIDANCE_TOOLS: Final = frozenset({LOOKUP_KNOWLEDGE})
NEGATIVE_OBSERVATION: Final = "negative_observation"
MAX_TRIED: Final = 6

# --- Chinese texts (STYLE §6) ------------------------------------------------------------------
GAP: Final = "没有找到直接回答『{subject}』的证据"
GAP_TRIED: Final = "{gap}（已查询：{tried}）"
SUBJECT_QUANTITY: Final = "{who}{what}{measure}"
SUBJECT_CAUSE: Final = "{who}在 {window} 的异常及原因"
SUBJECT_EXISTENCE: Final = "{who}在 {window} 是否有{what}"
SUBJECT_LISTING: Final = "{who}在 {window} 的{what}清单"
ALL_SERVICES: Final = "各服务"
DEFAULT_WHAT: Final = "报错或告警"
R_COVERS: Final = "{claim}：回答了问题（{why}）"
R_NO_CLAIM: Final = "没有关键的、直接观察到的声明"
R_NOT_DIRECT: Final = "{claim}：只是推断，未直接观察到"
R_GUIDANCE: Final = "{claim}：依据处理手册，不是本次事件的观察"
R_OTHER_SERVICE: Final = "{claim}：不涉及所问的服务 {services}"
R_OTHER_TIME: Final = "{claim}：时间不在所问的窗口 {window} 内"
R_NO_TERM: Final = "{claim}：没有涉及所问的「{terms}」"
R_NO_NUMBER: Final = "{claim}：涉及「{terms}」但没有给出数值"
R_NOT_SYMPTOM: Final = "{claim}：问题没有指明服务，这条没有显示所问的现象，可能是同一时段的另一起故障"
R_SERVICE_UNCOVERED: Final = "所问的服务 {service} 没有任何声明回答"
R_NO_CAUSE: Final = "所问的是原因：已确认的只有现象，没有确认的原因或诱因（变更、最内层报错、资源耗尽等）"
R_NOT_CHANGE: Final = "{claim}：所问的是变更，这条不是变更记录"
R_NOT_ROOT: Final = "{claim}：所问的是哪个组件出了问题，这条不是确认的根因（也不是集群无故障的结论）"
GAP_NO_ROOT: Final = "未能确认是哪个组件出了问题：{subject}"
R_LISTING_INCOMPLETE: Final = "只列出了 {total} 项中的 {listed} 项，缺少：{missing}"
R_FUTURE: Final = "所问的时间 {window} 在未来（现在是 {now}）"
R_NO_DATA: Final = "所问的时间 {window} 不在已加载证据的时间范围（{start} 至 {end}）内"
GAP_NO_CAUSE: Final = "原因未能确认：{subject}"
#: The question reports trouble, and what was confirmed of the asked services shows none.
GAP_NOT_SEEN: Final = "问题中描述的故障没有在已确认的证据中出现（所查服务未见异常），原因未能确认：{subject}"
R_NOT_SEEN: Final = "所问的是故障原因：覆盖问题的声明都没有显示异常（未超阈值、无报错），用户描述的故障没有被证据看到"
GAP_LISTING: Final = "只列出了 {total} 项中的 {listed} 项（缺少 {missing}）"
GAP_FUTURE: Final = "所问的时间 {window} 还没有到（现在是 {now}），无法预测未来；已加载的证据覆盖 {start} 至 {end}"
GAP_NO_DATA: Final = "所问的时间 {window} 没有可用的证据：已加载的证据只覆盖 {start} 至 {end}"
MAX_MISSING_NAMED: Final = 4
#: How long after the asked symptom began another anomaly may begin and still count as its cause.
CAUSE_SLACK: Final = timedelta(minutes=5)
WHY_NEGATIVE: Final = "查询范围内没有发现（否定观察）"
WHY_NUMBER: Final = "给出了「{terms}」的数值"
WHY_OBSERVED: Final = "所问服务在窗口内的直接观察"
WHY_ROOT: Final = "确认了出问题的组件及其原因（根因）"
#: What answers a survey question (which component is at fault): a root cause naming a component,
#: or the finding that the cluster has no fault (a negative observation of the whole survey).
SURVEY_ANSWERS: Final = frozenset({"root_cause", "negative_observation"})
MEASURE_WORDS: Final[tuple[tuple[tuple[str, ...], str], ...]] = (
    (("使用率", "利用率", "usage", "utilization"), "使用率"),
    (("用了", "用到", "用量", "占用"), "用量"),
    (("峰值", "最高", "最大", "最慢", "最长", "最多", "peak"), "峰值"),
)
DEFAULT_MEASURE: Final = "数值"


# --- Reading claims --------------------------------------------------------------------------
_DATETIME = re.compile(r"(\d{4}-\d{2}-\d{2})[ T](\d{1,2}:\d{2}(?::\d{2})?)(?:\s*[–~-]\s*(\d{1,2}:\d{2}(?::\d{2})?))?")
_TIME_OR_DATE = re.compile(r"\d{4}-\d{2}-\d{2}|\d{1,2}:\d{2}(?::\d{2})?|\d{1,2}-\d{1,2}(?=\s)")
# A number that is part of an identifier (HikariPool-1, http_5xx_rate, inv_2, /records/3, c1).
_IDENT_NUMBER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*[-_]?\d[A-Za-z0-9_]*|/[A-Za-z_]+/\d+")
_NUMBER = re.compile(r"(?<![\w.])\d+(?:\.\d+)?")
_FIRING = ("firing", "正在触发")
_ENGLISH_WORD = re.compile(r"[a-z]{3,}(?<!s)")  # a plain English word with a plural (job → jobs)
_EXCEPTION_CLASS = re.compile(r"(?<![A-Za-z0-9_])[A-Z][A-Za-z0-9]*(?:Exception|Error)(?![A-Za-z0-9_])")
_CAUSE_MARKERS = ("caused by", "nested exception", "cause:", "reason=", "exit code", "exitcode", "errno")


def _folded_names(names: Sequence[str]) -> list[str]:
    return [fold(n).strip() for n in names if isinstance(n, str) and fold(n).strip()]


def _names_in(text: str, spellings: Iterable[str]) -> bool:
    for spelling in spellings:
        start = text.find(spelling)
        while start >= 0:
            end = start + len(spelling)
            before = text[start - 1] if start else " "
            after = text[end] if end < len(text) else " "
            ascii_edge = spelling[:1].isascii() and spelling[:1].isalnum()
            if not ascii_edge or (not (before.isascii() and (before.isalnum() or before in "-_")) and not (
                after.isascii() and (after.isalnum() or after in "-_")
            )):
                return True
            start = text.find(spelling, start + 1)
    return False


def _parse(day: str, clock: str, tz: Any) -> datetime | None:
    try:
        value = datetime.fromisoformat(f"{day}T{clock if clock.count(':') == 2 else clock + ':00'}")
    except ValueError:
        return None
    return value.replace(tzinfo=tz)


def evidence_span(texts: Iterable[str], tz: Any) -> tuple[datetime, datetime] | None:
    """The time span the texts' timestamps cover (a firing alert is open-ended); None without any."""
    points: list[datetime] = []
    open_ended = False
    for text in texts:
        for m in _DATETIME.finditer(text):
            start = _parse(m.group(1), m.group(2), tz)
            if start is None:
                continue
            points.append(start)
            if m.group(3):
                end = _parse(m.group(1), m.group(3), tz)
                if end is not None:
                    points.append(end if end >= start else end + timedelta(days=1))
        if any(w in fold(text) for w in _FIRING):
            open_ended = True
    if not points:
        return None
    return min(points), (datetime.max.replace(tzinfo=tz) if open_ended else max(points))


_QUOTED: Final = re.compile(r"「[^」]*」")


def states_number(claim_text: str) -> bool:
    """The claim states a figure: a number that is not a time, a date or part of an identifier."""
    text = _IDENT_NUMBER.sub(" ", _TIME_OR_DATE.sub(" ", claim_text))
    return bool(_NUMBER.search(text))


def term_spellings(term: str) -> tuple[str, ...]:
    """A dimension term and the evidence spellings that name the same thing (连接池 ↔ pool): a
    symptom's evidence words and the metrics that measure it (积压 ↔ queue_depth), an English
    word's plural too (任务 ↔ job ↔ jobs)."""
    folded = fold(term).strip()
    spellings = [folded]
    key = KEY_TERMS_BY_WORD.get(term.strip())
    if key is not None:
        spellings.extend(key.evidence)
    for symptom in SYMPTOMS:
        # The term names the symptom (积压, 500 → the 5xx the evidence shows as "5xx 比例").
        if folded in {t.rstrip("*") for t in symptom.triggers} or any_spelling_in(symptom.triggers, folded):
            spellings.extend([*symptom.evidence, *symptom.metric_terms])
    spellings += [s + "s" for s in spellings if _ENGLISH_WORD.fullmatch(s)]
    return tuple(dict.fromkeys(s for s in spellings if s))


def _terms_named(terms: Sequence[str], folded_text: str) -> bool:
    return all(any_spelling_in(term_spellings(t), folded_text) for t in terms)


def explains(text: str, asked_symptoms: Iterable[str]) -> bool:
    """Whether an evidence text can say *why*: an exception class or chain, or a symptom that is
    not an outward effect and not the asked one (``vocabulary.EFFECTS``)."""
    folded = fold(text)
    if _EXCEPTION_CLASS.search(text.replace("Internal Server Error", "")) or any(m in folded for m in _CAUSE_MARKERS):
        return True
    return bool(evidence_symptoms(text, implied=False) - EFFECTS - set(asked_symptoms))


def _fmt(moment: datetime) -> str:
    return f"{moment:%Y-%m-%d %H:%M}"


def _out_of_data(asked: Asked, data_span: tuple[datetime, datetime] | None, now: datetime | None) -> Coverage | None:
    """An asked window in the future or outside the scope's evidence: unanswered, no retry."""
    span = _window(asked)
    if span is None:
        return None
    label = window_label(asked)
    zone = span[0].tzinfo
    data_span = (data_span[0].astimezone(zone), data_span[1].astimezone(zone)) if data_span is not None else None
    now = now.astimezone(zone) if now is not None else None
    if now is not None and span[0] >= now:
        start, end = data_span or (span[0], now)
        return Coverage(status=UNANSWERED, reasons=[R_FUTURE.format(window=label, now=_fmt(now))],
                        gap=GAP_FUTURE.format(window=label, now=_fmt(now), start=_fmt(start), end=_fmt(end)))
    if data_span is not None and (span[1] <= data_span[0] or span[0] >= data_span[1]):
        start, end = data_span
        return Coverage(status=UNANSWERED, reasons=[R_NO_DATA.format(window=label, start=_fmt(start), end=_fmt(end))],
                        gap=GAP_NO_DATA.format(window=label, start=_fmt(start), end=_fmt(end)))
    return None


# --- The check -------------------------------------------------------------------------------
def _window(asked: Asked) -> tuple[datetime, datetime] | None:
    if asked.window is None:
        return None
    try:
        start, end = datetime.fromisoformat(asked.window.start), datetime.fromisoformat(asked.window.end)
    except ValueError:
        return None
    if start.tzinfo is None or end.tzinfo is None:
        return None
    return start, end


def window_label(asked: Asked) -> str:
    span = _window(asked)
    if span is None:
        return "所问时间"
    start, end = span
    end_fmt = "%H:%M" if start.date() == end.date() else "%m-%d %H:%M"
    return f"{start:%m-%d %H:%M}–{end.strftime(end_fmt)}"


def measure_word(question: str) -> str:
    folded = fold(question)
    for words, measure in MEASURE_WORDS:
        if any(w in folded for w in words):
            return measure
    return DEFAULT_MEASURE


def gap_subject(asked: Asked, question: str) -> str:
    who = "、".join(asked.services) + " 的 " if asked.services else ""
    terms = " ".join(asked.dimension.terms)
    if asked.kind == QUANTITY:
        what = terms or asked.dimension.metric or "所问指标"
        return SUBJECT_QUANTITY.format(who=who, what=what, measure=measure_word(question))
    whom = "、".join(asked.services) + " " if asked.services else ALL_SERVICES
    window = window_label(asked)
    if asked.kind == EXISTENCE:
        return SUBJECT_EXISTENCE.format(who=whom, window=window, what=terms or DEFAULT_WHAT)
    if asked.kind == LISTING:
        return SUBJECT_LISTING.format(who=whom, window=window, what=terms or "告警或服务")
    return SUBJECT_CAUSE.format(who=whom, window=window)


def _suggestion(asked: Asked) -> tuple[str, str]:
    tool = QUERY_METRICS if asked.kind == LISTING or (asked.kind == QUANTITY and asked.dimension.metric) else QUERY_LOGS
    parts = [*asked.services, *asked.dimension.terms]
    if asked.dimension.metric:
        parts.append(asked.dimension.metric)
    return tool, " ".join(dict.fromkeys(parts))[:200]


def check_coverage(
    *,
    asked: Asked,
    question: str,
    claims: Sequence[Mapping[str, Any]],
    claim_checks: Sequence[ClaimCheck],
    verified_evidence: Sequence[Mapping[str, Any]],
    catalog: Sequence[Sequence[str]] = (),
    tried: Sequence[str] = (),
    why: bool = False,
    changes: bool = False,
    asked_symptoms: Sequence[str] = (),
    listing_universe: Sequence[str] = (),
    data_span: tuple[datetime, datetime] | None = None,
    now: datetime | None = None,
    survey: bool = False,
) -> Coverage:
    """The coverage of one verified round (see the module docstring). ``why``: the question asks
    for a cause; ``changes``: it lists changes; ``asked_symptoms``: the symptom ids it names;
    ``listing_universe``: the items a complete listing names; ``data_span``: the time the scope's
    evidence covers; ``now``: the reference time; ``survey``: it asks which component of the cluster
    is at fault — only a confirmed root cause (or the survey's no-fault finding) answers it."""
    outside = _out_of_data(asked, data_span, now)
    if outside is not None:
        return outside
    by_id = {str(c.get("claim_id")): c for c in claims}
    evidence: dict[str, list[Mapping[str, Any]]] = {}
    for item in verified_evidence:
        evidence.setdefault(str(item.get("claim_id")), []).append(item)
    spellings = {
        str(names[0]): _folded_names(names) for names in catalog if names and str(names[0]) in asked.services
    }
    for service in asked.services:
        spellings.setdefault(service, [fold(service)])
    span = _window(asked)
    tz = span[0].tzinfo if span else None
    terms = asked.dimension.terms or ([asked.dimension.metric] if asked.dimension.metric else [])
    exact = hard_terms(terms)
    explained = False
    onsets: list[tuple[bool, datetime]] = []  # (shows the asked symptom, when it began) of observations

    covering: list[str] = []
    covered_services: set[str] = set()
    troubled_services: set[str] = set()  # covered by a claim that shows trouble (not "nothing logged")
    reasons: list[str] = []
    near = False
    addressed = False
    number_missing = False
    for check in claim_checks:
        if check.is_critical is False:
            continue
        claim_id = check.claim_id
        claim = by_id.get(claim_id)
        if claim is None:
            continue
        own = evidence.get(claim_id, [])
        if own and all(e.get("tool_name") in GUIDANCE_TOOLS for e in own):
            reasons.append(R_GUIDANCE.format(claim=claim_id))
            continue
        claim_text = str(claim.get("claim_text") or "")
        texts = [claim_text, *(str(e.get("matched_text") or "") for e in own)]
        # Confirmed as a PASS confirms (a direct observation, or a reasonable inference from one).
        direct = check.verification in (DIRECT_OBSERVATION, REASONABLE_INFERENCE)
        answers_survey = survey and claim.get("claim_type") in SURVEY_ANSWERS  # a root cause, or no fault to explain
        if direct and (claim.get("claim_type") == "timeline" or answers_survey or explains("\n".join(texts), asked_symptoms)):
            explained = True  # a change, an innermost error or a mechanism (here or on a neighbour) can say why
        if direct and claim.get("claim_type") != NEGATIVE_OBSERVATION and tz is not None:
            began = evidence_span([str(e.get("matched_text") or "") for e in own] or [claim_text], tz)
            joined = "\n".join(texts)
            shows = bool(evidence_symptoms(joined) & set(asked_symptoms)) or (bool(exact) and _terms_named(exact, fold(joined)))
            if began is not None:
                onsets.append((shows, began[0]))
        folded = fold("\n".join(texts))
        services = [s for s, names in spellings.items() if _names_in(folded, names)]
        if survey and claim.get("claim_type") == "root_cause" and not services:
            services = list(spellings)  # the survey's chain tied the asked services' lines to it
        if asked.services and not services:
            reasons.append(R_OTHER_SERVICE.format(claim=claim_id, services="、".join(asked.services)))
            continue
        claim_span = evidence_span([str(e.get("matched_text") or "") for e in own] or [claim_text], tz) if tz else None
        if span and claim_span and (claim_span[1] < span[0] or claim_span[0] > span[1]):
            reasons.append(R_OTHER_TIME.format(claim=claim_id, window=window_label(asked)))
            continue
        if survey and claim.get("claim_type") not in SURVEY_ANSWERS:
            reasons.append(R_NOT_ROOT.format(claim=claim_id))
            continue
        if asked.kind == LISTING and changes and claim.get("claim_type") != "timeline":
            reasons.append(R_NOT_CHANGE.format(claim=claim_id))
            continue
        root = survey and claim.get("claim_type") == "root_cause"  # answers where the asked trouble comes from
        if (not asked.services and asked.kind == CAUSE and not survey
                and claim.get("claim_type") != NEGATIVE_OBSERVATION
                and not (evidence_symptoms("\n".join(texts)) & set(asked_symptoms))
                and not (exact and _terms_named(exact, folded))):
            # No service asked: "any service will do" only for evidence of the symptom described —
            # else another incident failing in the same window answers the question.
            reasons.append(R_NOT_SYMPTOM.format(claim=claim_id))
            continue
        if asked.kind != QUANTITY and exact and not root and not _terms_named(exact, folded):
            reasons.append(R_NO_TERM.format(claim=claim_id, terms=" ".join(exact)))
            continue
        because = WHY_OBSERVED
        if asked.kind == QUANTITY and terms:
            if not _terms_named(terms, folded):
                reasons.append(R_NO_TERM.format(claim=claim_id, terms=" ".join(terms)))
                continue
            if not states_number(claim_text):
                reasons.append(R_NO_NUMBER.format(claim=claim_id, terms=" ".join(terms)))
                near = number_missing = True
                continue
            because = WHY_NUMBER.format(terms=" ".join(terms))
        elif asked.kind == QUANTITY and not states_number(_QUOTED.sub(" ", claim_text)):
            # Nothing names what is measured: the figure is the claim's own (a series' peak, an
            # alert's value, a count), not a number inside a quoted line ("1 thread gauge fail").
            reasons.append(R_NO_NUMBER.format(claim=claim_id, terms="所问指标"))
            near = number_missing = True
            continue
        elif asked.kind in (EXISTENCE, LISTING) and claim.get("claim_type") == NEGATIVE_OBSERVATION:
            because = WHY_NEGATIVE
        elif asked.kind == LISTING and terms and not changes and not any(_terms_named([t], folded) for t in terms):
            # A list of pods / configuration items is not answered by an error line of the service;
            # each item is one of the kinds listed. A listing of changes is answered by its change
            # lines (above): the kinds it names are what to include (发版、配置都列一下), whatever the
            # line calls itself ("constraint changed by school_dir_linxue").
            reasons.append(R_NO_TERM.format(claim=claim_id, terms=" ".join(terms)))
            continue
        if survey:
            because = WHY_ROOT
        addressed = True  # about the asked services, window and dimension, however verified
        verification: str = check.verification
        if survey and claim.get("claim_type") == "root_cause" and verification == REASONABLE_INFERENCE:
            verification = DIRECT_OBSERVATION  # naming the component is the survey's inference from what its facts show
        if verification != DIRECT_OBSERVATION:
            if verification == REASONABLE_INFERENCE:
                near = True
                reasons.append(R_NOT_DIRECT.format(claim=claim_id))
            continue
        covering.append(claim_id)
        covered_services.update(services)
        if claim.get("claim_type") != NEGATIVE_OBSERVATION and anomalous("\n".join(texts)):
            troubled_services.update(services)
        reasons.append(R_COVERS.format(claim=claim_id, why=because))

    uncovered = [s for s in asked.services if s not in covered_services]
    if asked.kind == QUANTITY and covering and uncovered and not _joined(question, asked.services, catalog):
        # One figure is asked (理赔到账短信一分钟最多发多少条: the SMS service's rate, not one per
        # service the words touch) unless the question joins the services (A 和 B 各用到多少).
        uncovered = []
    if covering and not uncovered:
        status: CoverageStatus = ANSWERED
    elif covering or near:
        status = PARTIAL
    else:
        status = UNANSWERED
    shortfall = ""
    # Temporal order: something else that went wrong by the time the asked symptom began can say why.
    asked_onset = min((t for shows, t in onsets if shows), default=None)
    if asked_onset is not None and any(not shows and t <= asked_onset + CAUSE_SLACK for shows, t in onsets):
        explained = True
    covering_text = [
        "\n".join([str(by_id[c].get("claim_text") or ""), *(str(e.get("matched_text") or "") for e in evidence.get(c, []))])
        for c in covering
    ]
    if status == ANSWERED and asked.kind == CAUSE and not survey and not any(anomalous(t) for t in covering_text):
        # "付完款还显示待支付，订单服务是不是出问题了？" answered by a series under its threshold: the
        # trouble the user reports was not seen, which is no answer to what is wrong.
        status, shortfall = PARTIAL, GAP_NOT_SEEN.format(subject=gap_subject(asked, question))
        reasons.append(R_NOT_SEEN)
    # The story names one service, the asking clause another (业主在 App 上反馈物业费涨了，计费那边是怎么回事):
    # the one asked about must show trouble — the story's service failing for another reason beside
    # "billing logged nothing" does not say what went wrong with billing.
    addressed_here = [s for s, names in spellings.items() if _names_in(asking_clause(question), names)]
    if (status == ANSWERED and asked.kind == CAUSE and not survey and len(asked.services) > 1
            and addressed_here and not set(addressed_here) & troubled_services):
        status, shortfall = PARTIAL, GAP_NOT_SEEN.format(subject=gap_subject(asked, question))
        reasons.append(R_NOT_SEEN)
    if status == ANSWERED and why and not explained:
        status, shortfall = PARTIAL, GAP_NO_CAUSE.format(subject=gap_subject(asked, question))
        reasons.append(R_NO_CAUSE)
    listed_text = fold("\n".join(
        str(by_id[c].get("claim_text") or "") + "\n" + "\n".join(str(e.get("matched_text") or "") for e in evidence.get(c, []))
        for c in covering
    ))
    missing = [n for n in dict.fromkeys(listing_universe) if not _names_in(listed_text, [fold(n)])]
    if status == ANSWERED and missing:
        total = len(set(listing_universe))
        named = "、".join(missing[:MAX_MISSING_NAMED])
        status = PARTIAL
        shortfall = GAP_LISTING.format(total=total, listed=total - len(missing), missing=named)
        reasons.append(R_LISTING_INCOMPLETE.format(total=total, listed=total - len(missing), missing=named))
    if not covering and not reasons:
        reasons.append(R_NO_CLAIM)
    if covering:
        reasons.extend(R_SERVICE_UNCOVERED.format(service=s) for s in uncovered)
    gap = ""
    tool, query = "", ""
    tried_list = [str(t) for t in tried][:MAX_TRIED]
    if survey and status != ANSWERED and not shortfall:
        shortfall = GAP_NO_ROOT.format(subject=gap_subject(asked, question))
    if shortfall:
        gap = shortfall
    elif status != ANSWERED:
        gap = GAP.format(subject=gap_subject(asked, question))
        if tried_list:
            gap = GAP_TRIED.format(gap=gap, tried="；".join(tried_list))
        # More evidence can close it when no claim is about the asked thing at all, a claim
        # about it gave no figure, or an asked service has nothing. A claim that is about it but
        # not directly verified is the Verifier's gap to name, not this one.
        if not addressed or number_missing or (covering and uncovered):
            tool, query = _suggestion(asked)
    return Coverage(
        status=status,
        covering_claims=covering,
        reasons=reasons[:40],
        gap=gap,
        tried=tried_list,
        suggested_tool=tool,
        suggested_query=query,
    )


_JOINED: Final = re.compile(r"[和与及跟、]|以及|分别|各自|各")


def _joined(question: str, services: Sequence[str], catalog: Sequence[Sequence[str]]) -> bool:
    """The question asks a figure of each service: it says 分别 / 各, or joins two of their names
    (A 和 B)."""
    if re.search(r"分别|各自|各", question):
        return True
    folded = fold(question)
    spots = sorted(
        (folded.find(n), n) for names in catalog if names and str(names[0]) in services
        for n in _folded_names(names) if n and n in folded
    )  # fmt: skip
    return any(_JOINED.search(folded[a + len(n):b]) for (a, n), (b, _) in zip(spots, spots[1:], strict=False)
               if 0 <= b - (a + len(n)) <= 3)


def coverage_gap(coverage: Coverage) -> EvidenceGap | None:
    """An unanswered (or partly answered) question as a critical evidence gap (``claim_id`` None:
    it belongs to no claim), for the EVIDENCE_GAP_ONLY round."""
    if coverage.status == ANSWERED or not coverage.suggested_tool:
        return None
    return EvidenceGap(
        claim_id=None,
        gap=coverage.gap,
        is_critical=True,
        suggested_tool=coverage.suggested_tool,
        suggested_query=coverage.suggested_query,
    )
