"""The conclusion of an answer (DESIGN §10.5; issue 24 item 2): 1–3 Chinese sentences saying what
is failing, since when, the line that says why, and what changed before it — each naming the
claims it rests on. Pure.

- ``compose_conclusion`` writes it deterministically from the material's typed claim facts
  (claim type, onset order, the change before the first anomaly) — the offline composer, and the
  fallback when a model's sentences do not pass the guard. Never free text: every word that is
  not the system's own connective comes from the cited claims (times, names, quoted lines).
- ``guard_sentences`` checks a model's sentences (and, uniformly, the deterministic ones): every
  number, time, identifier, code and service name of a sentence must occur in the claims it
  cites; tool text may stand only inside 「…」; a REJECT has no conclusion. A sentence that fails
  is dropped and recorded with the reason.
- ``parse_conclusion_reply`` reads a composer reply ``{"conclusion": [{"text", "claims"}]}``.

An order of events is a fact (both times are verified); that one caused the other is not — the
conclusion says "此前…" and leaves the causal reading to 可能的方向（未验证）.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Final

from pydantic import ValidationError

from contracts.asked import EXISTENCE, LISTING, QUANTITY, Asked
from contracts.composer import ClaimFacts, ComposerMaterial, ConfirmedItem
from diagnosis.composer.answer import ConclusionReply, Sentence, parse_time
from diagnosis.composer.leak_guard import FORBIDDEN_MARKERS, unknown_tokens
from diagnosis.reading.asking import exact_terms as hard_terms
from diagnosis.reading.entities import find_symptoms
from diagnosis.reading.text import fold
from diagnosis.reading.vocabulary import EFFECTS, SYMPTOMS_BY_ID
from diagnosis.tools.quoting import ToolText, copied_spans, quote, quote_name

MAX_SENTENCES: Final = 3
MAX_SENTENCE_CHARS: Final = 300
MAX_LABELS: Final = 4
MAX_CAUSE_CHARS: Final = 120
#: Symptom ids too generic to describe a failure when a specific one is shown.
GENERIC_SYMPTOMS: Final = frozenset({"error", "alert"})

# --- Chinese wording (STYLE §6) --------------------------------------------------------------------
FAILING: Final = "{service}自 {at} 起出现异常（{what}）"
FAILING_VIA: Final = "{service}自 {at} 起记录到与 {asked}有关的异常（{what}）"
FAILING_ALERT: Final = "，告警{name} {at} 起{state}"
FIRING: Final = "正在触发"
FIRED: Final = "触发（{end} 恢复）"
CHAIN: Final = "在此之前或同时：{steps}"
CHAIN_STEP: Final = "{at} 起{service}出现异常（{what}）{gist}"
GIST: Final = "：{quoted}"
MAX_GIST_CHARS: Final = 72
MIN_GIST_CHARS: Final = 16
#: Where a log line's head ends: its first clause, before a parenthesis or a list of values.
_GIST_CUT: Final = re.compile(r",\s|;\s|:\s|\s\(|，|；|：")
CHAIN_SERVICE: Final = " {name}"
MAX_CHAIN: Final = 2
CHAIN_SLACK: Final = timedelta(minutes=5)
CHAIN_LOOKBACK: Final = timedelta(minutes=15)  # how long before the onset a step of its chain may begin
WHY_LINE: Final = "最内层的报错是{quoted}"
BEFORE: Final = "异常开始前，{at} {service}记录了一次{change}{gist}（与异常的因果关系未经验证）"
HEALTHY: Final = "{service}在所问时间内没有发现异常：{parts}"
HEALTHY_LOGS: Final = "没有 {level} 及以上级别的日志"
HEALTHY_KEYWORD: Final = "没有含{keyword}的日志"
HEALTHY_SERIES: Final = "指标{name}未超过阈值"
HEALTHY_NOTHING: Final = "查询结果中没有异常记录"
ROOT: Final = "集群巡检的结论：{text}"
ROOT_CHAIN: Final = "影响链：{steps}"
MAX_ROOT_CHAIN: Final = 3
LISTED_ALERTS: Final = "{scope}{state}的告警：{names}"
LISTED_FIRING: Final = "正在触发"
LISTED_OBJECTS: Final = "{scope}符合所问条件的 Kubernetes 对象（{count} 个）：{names}"
LISTED_CHANGES: Final = "{scope}在所问时间内的变更：{items}"
ALL_SCOPE: Final = "各服务"
SEPARATOR: Final = "、"
END: Final = "。"
ANOMALY: Final = "异常"
ANOMALY_WORD: Final = "报错"
CROSSED: Final = "指标{name}超过阈值"
ALERTED: Final = "告警{name}"
GENERIC_LABELS: Final = frozenset({"报错", "告警"})

REASON_UNKNOWN_CLAIM: Final = "cites a claim that is not confirmed"
REASON_NO_CLAIM: Final = "cites no claim"
REASON_TOKENS: Final = "names what its claims do not: {tokens}"
REASON_TOOL_TEXT: Final = "states tool text outside a quotation"
REASON_RAW: Final = "contains contract or field names"
REASON_REJECT: Final = "a REJECT answer has no conclusion"
REASON_TOO_LONG: Final = "longer than {limit} characters"


# --- Reading the facts -------------------------------------------------------------------------------
def clock(value: str, day: str) -> str:
    """``10:05:12`` (``10:06`` on the minute), with ``MM-DD`` when not on ``day``."""
    moment = parse_time(value)
    if moment is None:
        return ""
    fmt = "%H:%M:%S" if moment.second else "%H:%M"
    return moment.strftime(fmt if moment.strftime("%Y-%m-%d") == day else "%m-%d " + fmt)


def symptom_words(facts: Iterable[ClaimFacts], allowed: str) -> list[str]:
    """The Chinese labels of the symptoms ``facts`` show (specific before generic), those whose
    every token the ``allowed`` text has (a label "HTTP 5xx 错误" only where the evidence says HTTP)."""
    ids: list[str] = []
    for f in facts:
        ids += [s for s in f.symptoms if s not in ids]
    ordered = [s for s in ids if s not in GENERIC_SYMPTOMS] + [s for s in ids if s in GENERIC_SYMPTOMS]
    labels: list[str] = []
    for symptom in ordered:
        if labels and symptom in GENERIC_SYMPTOMS:
            break  # a specific word was found: the generic one adds nothing
        known = SYMPTOMS_BY_ID.get(symptom)
        if known is None:
            continue
        label = known.label.split("/")[0].strip()
        if label and not unknown_tokens(label, allowed) and label not in labels:
            labels.append(f" {label}" if label[:1].isascii() else label)
    return labels[:MAX_LABELS]


def _allowed(items: Iterable[ConfirmedItem]) -> str:
    return "\n".join(text for item in items for text in item.texts())


@dataclass(frozen=True)
class _View:
    material: ComposerMaterial
    day: str

    @property
    def facts(self) -> list[ClaimFacts]:
        return list(self.material.facts)

    def item(self, claim_id: str) -> ConfirmedItem:
        return next(i for i in self.material.confirmed if i.claim_id == claim_id)

    def allowed(self, ids: Iterable[str]) -> str:
        return _allowed(self.item(i) for i in ids)

    def at(self, f: ClaimFacts) -> str:
        return clock(f.at, self.day)

    def gist(self, f: ClaimFacts) -> str:
        """``：「…」`` — the head of the claim's first quoted line, verbatim (what the step *is*: the
        pool line, the job that started), or "" when its evidence is not a log line."""
        head = gist(" ".join(f.line.split())) if f.kind == "log" else ""
        if not head or head not in " ".join(self.allowed([f.claim_id]).split()):
            return ""  # only what the claim's own evidence says, verbatim
        return GIST.format(quoted=quote(head))


def gist(text: str) -> str:
    """The head of a line: up to its first clause break past ``MIN_GIST_CHARS``, at most
    ``MAX_GIST_CHARS`` (cut at a space), verbatim — a quotation must stay a copy of the evidence."""
    cut = next((m.start() for m in _GIST_CUT.finditer(text) if m.start() >= MIN_GIST_CHARS), len(text))
    head = text[: min(cut, MAX_GIST_CHARS)]
    if len(head) < len(text) and cut > MAX_GIST_CHARS and " " in head[MIN_GIST_CHARS:]:
        head = head[: head.rindex(" ")]
    return head.rstrip(" ,;:-")


def _asked(material: ComposerMaterial) -> Asked:
    return material.asked if material.asked is not None else Asked()


def _spaced(name: str) -> str:
    return f"{name} " if name.isascii() else name


def _what(facts: Sequence[ClaimFacts], view: _View) -> str:
    """The symptoms the facts show, in words; a series or an alert without one is named itself."""
    words = [w.strip() for w in symptom_words(facts, view.allowed(f.claim_id for f in facts))]
    specific = [w for w in words if w not in GENERIC_LABELS]
    if not specific and len(facts) == 1 and facts[0].name and facts[0].kind in ("series", "alert"):
        return (CROSSED if facts[0].kind == "series" else ALERTED).format(name=quote(facts[0].name))
    return SEPARATOR.join(words) or ANOMALY_WORD


def explains(f: ClaimFacts, asked_symptoms: frozenset[str]) -> bool:
    """A fact that can say *why*: the innermost link of an exception chain, or a symptom that is not
    an outward effect and not the asked one (a pool, a disk, a cache, a lock …)."""
    return bool(f.cause) or bool(set(f.symptoms) - EFFECTS - asked_symptoms)


def _failing(view: _View, asked: Asked, asked_symptoms: frozenset[str], *, alone: bool = False) -> list[Sentence]:
    """What is failing since when — the asked symptom's evidence about the asked service (its own,
    or a caller's line naming it), its alert — then what else went wrong by then that can explain
    it (another service, a mechanism, the innermost error) in time order, then the change before
    it all. ``alone``: only the first sentence, and only of the asked services' own evidence."""
    anomalies = [f for f in view.facts if f.anomalous and f.claim_type != "timeline" and parse_time(f.at)]
    anomalies.sort(key=lambda f: (parse_time(f.at), f.claim_id))
    exact = hard_terms(asked.dimension.terms)

    def said(f: ClaimFacts) -> str:
        return fold(view.allowed([f.claim_id]))

    def shows_asked(f: ClaimFacts) -> bool:
        return bool(asked_symptoms & set(f.symptoms)) or (bool(exact) and all(fold(t) in said(f) for t in exact))

    def about_asked(f: ClaimFacts) -> bool:
        return not asked.services or f.service in asked.services or (
            not alone and any(fold(s) in said(f) for s in asked.services))

    own = [f for f in anomalies if f.service in asked.services] or ([] if alone else anomalies)
    symptom = [f for f in anomalies if shows_asked(f) and about_asked(f)] or own
    if not symptom:
        return []
    first = symptom[0]
    main = first.service
    described = [f for f in symptom if f.service == main and f.kind != "alert"][:3] or [first]
    what = _what(described, view)
    named = [t for t in exact if all(fold(t) in said(f) for f in described[:1])]
    what = SEPARATOR.join([*named, *(w for w in what.split(SEPARATOR) if w != ANOMALY_WORD or not named)])
    cited = list(dict.fromkeys(f.claim_id for f in described))
    if asked.services and main not in asked.services:
        text = FAILING_VIA.format(service=_spaced(main), at=view.at(first), asked=_spaced("、".join(asked.services)), what=what)
    else:
        text = FAILING.format(service=_spaced(main), at=view.at(first), what=what)
    alerts = [f for f in anomalies if f.kind == "alert" and f.name and about_asked(f)]
    alert = next((f for f in alerts if shows_asked(f)), None) or next(iter(alerts), None)
    if alert is not None and alert.claim_id not in cited:
        state = FIRED.format(end=clock(alert.ended_at, view.day)) if alert.ended_at else FIRING
        text += FAILING_ALERT.format(name=quote(alert.name), at=view.at(alert), state=state)
        cited.append(alert.claim_id)
    sentences = [Sentence(text=text + END, claims=list(dict.fromkeys(cited)))]
    if alone:
        return sentences
    # Why: what else went wrong by the time it began (with a few minutes' slack) that can explain it.
    start = parse_time(first.at)
    horizon = start + CHAIN_SLACK if start is not None else None
    # A line logged just before the onset (a failover, a restart) belongs to the chain even when no
    # symptom word marks it; what began long before the onset is background, not this failure's chain.
    near = [f for f in view.facts if not f.anomalous and f.kind == "log" and f.level in ("WARN", "ERROR")
            and f.claim_type != "timeline" and start is not None and (t := parse_time(f.at)) is not None
            and start - CHAIN_SLACK <= t <= start]
    chain = [f for f in [*anomalies, *near] if f.claim_id not in cited and horizon is not None and start is not None
             and (t := parse_time(f.at)) is not None and start - CHAIN_LOOKBACK <= t <= horizon
             and (f.service != main or explains(f, asked_symptoms) or not shows_asked(f))]
    # The closest to the onset first (at most ``MAX_CHAIN``), told in time order.
    def distance(f: ClaimFacts) -> float:
        at = parse_time(f.at)
        return abs((at - start).total_seconds()) if at is not None and start is not None else float("inf")

    chain = sorted(sorted(chain, key=distance)[:MAX_CHAIN], key=lambda f: (f.at, f.claim_id))
    steps: list[str] = []
    used: list[str] = []
    for f in chain:
        who = CHAIN_SERVICE.format(name=_spaced(f.service)) if f.service and f.service != main else ""
        step = CHAIN_STEP.format(at=view.at(f), service=who, what=_what([f], view), gist=view.gist(f))
        if step not in steps:
            steps.append(step)
            used.append(f.claim_id)
        if len(steps) >= MAX_CHAIN:
            break
    # The innermost error says why most plainly; else what went wrong before it, in order.
    why = next((f for f in [*symptom, *chain] if f.cause and len(f.cause) <= MAX_CAUSE_CHARS), None)
    if why is not None:
        sentences.append(Sentence(text=WHY_LINE.format(quoted=quote(why.cause)) + END, claims=[why.claim_id]))
    elif steps:
        sentences.append(Sentence(text=CHAIN.format(steps="；".join(steps)) + END, claims=used))
    # The change that came before the first anomaly (its order is a fact, its effect is not).
    onset = parse_time(anomalies[0].at)
    changes = [f for f in view.facts if f.claim_type == "timeline" and (t := parse_time(f.at)) and onset and t <= onset]
    if changes:
        change = max(changes, key=lambda f: (parse_time(f.at), bool(f.change), f.claim_id))
        sentences.append(Sentence(text=BEFORE.format(at=view.at(change), service=_spaced(change.service),
                                                     change=change.change or "变更", gist=view.gist(change)) + END,
                                  claims=[change.claim_id]))
    return sentences[:MAX_SENTENCES]


def _healthy(view: _View, asked: Asked) -> list[Sentence]:
    quiet = [f for f in view.facts if not f.anomalous and f.claim_type == "negative_observation"]
    if not quiet:
        return []
    parts: list[str] = []
    for f in quiet:
        if f.kind == "query" and f.name:
            parts.append(HEALTHY_KEYWORD.format(keyword=quote(f.name)))
        elif f.kind == "query" and f.level:
            parts.append(HEALTHY_LOGS.format(level=f.level))
        elif f.kind == "series" and f.name:
            parts.append(HEALTHY_SERIES.format(name=quote(f.name)))
    services = list(dict.fromkeys(f.service for f in quiet if f.service)) or asked.services
    who = SEPARATOR.join(services) or ALL_SCOPE
    text = HEALTHY.format(service=_spaced(who), parts="，".join(dict.fromkeys(parts)) or HEALTHY_NOTHING)
    return [Sentence(text=text + END, claims=[f.claim_id for f in quiet])]


def _survey(view: _View) -> list[Sentence]:
    """A cluster survey's answer (issue 26): the confirmed root cause — the component and what its
    elements show — first, then the callers' lines tied to it (the chain), in one sentence each; a
    survey that found no fault says so. [] when no root cause (nor the no-fault finding) is confirmed."""
    roots = [f for f in view.facts if f.claim_type == "root_cause"]
    if not roots:
        clean = [f for f in view.facts if f.claim_type == "negative_observation" and f.kind == "k8s"]
        return [Sentence(text=view.item(f.claim_id).text.rstrip(END) + END, claims=[f.claim_id])
                for f in clean[:1]]  # fmt: skip
    root = roots[0]
    sentences = [Sentence(text=ROOT.format(text=view.item(root.claim_id).text.rstrip(END)) + END,
                          claims=[root.claim_id])]  # fmt: skip
    chain = [f for f in view.facts if f.kind == "log" and f.claim_type == "observation" and f.claim_id != root.claim_id]
    steps = [view.item(f.claim_id).text for f in chain[:MAX_ROOT_CHAIN]]
    if steps:
        sentences.append(Sentence(text=ROOT_CHAIN.format(steps="；".join(steps)) + END,
                                  claims=[f.claim_id for f in chain[:MAX_ROOT_CHAIN]]))  # fmt: skip
    return sentences


def _listing(view: _View, asked: Asked) -> list[Sentence]:
    alerts = [f for f in view.facts if f.kind == "alert"]
    changes = [f for f in view.facts if f.claim_type == "timeline"]
    scope = SEPARATOR.join(asked.services) or ALL_SCOPE
    if alerts:
        names = list(dict.fromkeys(n for f in alerts for n in (f.names or [f.name]) if n))
        state = LISTED_FIRING if not any(f.ended_at for f in alerts) else ""
        text = LISTED_ALERTS.format(scope=_spaced(scope), state=state, names=SEPARATOR.join(map(quote, names)))
        return [Sentence(text=text + END,
                         claims=[f.claim_id for f in alerts])]
    objects = [f for f in view.facts if f.kind == "k8s" and f.name]
    if objects and not changes:
        names = list(dict.fromkeys(f.name for f in objects))
        text = LISTED_OBJECTS.format(scope=_spaced(scope), count=len(names), names=SEPARATOR.join(map(quote_name, names)))
        return [Sentence(text=text + END, claims=[f.claim_id for f in objects])]
    if changes:
        items = [f"{view.at(f)} {f.change or '变更'}" for f in changes]
        return [Sentence(text=LISTED_CHANGES.format(scope=_spaced(scope), items=SEPARATOR.join(items)) + END,
                         claims=[f.claim_id for f in changes])]
    return []


def _figure(view: _View) -> list[Sentence]:
    figure = next((f for f in view.facts if f.kind == "series"), None) or next(
        (f for f in view.facts if f.kind == "alert"), None)
    if figure is None:
        return []
    text = view.item(figure.claim_id).text.rstrip("。")
    return [Sentence(text=text + END, claims=[figure.claim_id])] if text else []


def compose_conclusion(material: ComposerMaterial) -> list[Sentence]:
    """The deterministic conclusion (see the module docstring); [] for a REJECT or nothing confirmed."""
    if material.route == "reject" or not material.confirmed or not material.facts:
        return []
    asked = _asked(material)
    end = parse_time(asked.window.end) if asked.window is not None else None
    day = end.strftime("%Y-%m-%d") if end is not None else ""
    view = _View(material, day)
    symptoms = frozenset(find_symptoms(material.question))
    if asked.kind == LISTING or ("alert" in symptoms and any(f.kind == "alert" for f in material.facts)):
        sentences = _listing(view, asked)
    elif asked.kind == QUANTITY:
        sentences = _figure(view)
    elif len(asked.services) > 1:
        # Several services asked at once: what each shows (its first sentence), in the asked order.
        sentences = [f for service in asked.services
                     for f in _failing(view, asked.model_copy(update={"services": [service]}), symptoms, alone=True)]
        sentences = sentences[:MAX_SENTENCES]
    elif surveyed := _survey(view):
        sentences = surveyed
    else:
        sentences = _failing(view, asked, symptoms)
        if not sentences and asked.kind in (EXISTENCE, "cause"):
            sentences = _healthy(view, asked)
    return sentences or _figure(view)


# --- The guard ----------------------------------------------------------------------------------------
@dataclass
class GuardedConclusion:
    kept: list[Sentence] = field(default_factory=list)
    dropped: list[dict[str, str]] = field(default_factory=list)  # {"text", "reason"}


def guard_sentences(
    sentences: Sequence[Sentence],
    material: ComposerMaterial,
    *,
    service_names: Iterable[Sequence[str]] = (),
    tool_texts: Sequence[ToolText] = (),
) -> GuardedConclusion:
    """Each sentence checked against the claims it cites (see the module docstring)."""
    out = GuardedConclusion()
    confirmed = {i.claim_id: i for i in material.confirmed}
    names = [list(group) for group in service_names]
    flat = [n for group in names for n in group]
    for sentence in sentences[:MAX_SENTENCES]:
        reason = ""
        cited = [confirmed[c] for c in sentence.claims if c in confirmed]
        if material.route == "reject":
            reason = REASON_REJECT
        elif not sentence.claims:
            reason = REASON_NO_CLAIM
        elif len(cited) != len(sentence.claims):
            reason = REASON_UNKNOWN_CLAIM
        elif len(sentence.text) > MAX_SENTENCE_CHARS:
            reason = REASON_TOO_LONG.format(limit=MAX_SENTENCE_CHARS)
        elif any(marker in sentence.text.casefold() for marker in FORBIDDEN_MARKERS):
            reason = REASON_RAW
        elif copied_spans(sentence.text, tool_texts, names=flat):
            reason = REASON_TOOL_TEXT
        elif leaked := unknown_tokens(sentence.text, _allowed(cited), names):
            reason = REASON_TOKENS.format(tokens="、".join(leaked[:6]))
        if reason:
            out.dropped.append({"text": sentence.text[:200], "reason": reason})
        else:
            out.kept.append(sentence)
    return out


_FENCE: Final = re.compile(r"\A```[ \t]*(?:json)?[ \t]*\r?\n(.*?)\r?\n?[ \t]*```\Z", re.DOTALL | re.IGNORECASE)


def parse_conclusion_reply(text: str) -> list[Sentence] | None:
    """``{"conclusion": [{"text": "…", "claims": ["c1"]}]}`` (one surrounding code fence allowed);
    ``None`` when the reply is not such an object."""
    if not isinstance(text, str):
        return None
    body = text.strip()
    fenced = _FENCE.match(body)
    if fenced:
        body = fenced.group(1).strip()
    try:
        value = json.loads(body)
    except (ValueError, RecursionError):
        return None
    if not isinstance(value, dict) or not isinstance(value.get("conclusion"), list):
        return None
    try:
        # Sentences past the bound are never read, so they cannot spoil the reply either.
        reply = ConclusionReply.model_validate({**value, "conclusion": value["conclusion"][:MAX_SENTENCES]})
    except ValidationError:
        return None
    return [s for s in reply.conclusion if s.text.strip()]
