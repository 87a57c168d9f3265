"""What a question is about: services, symptoms and its scope (pure, no Django).

- Services are found by canonical name and aliases of the loaded catalog, longest match first,
  case-insensitively; an ASCII name must stand alone (``payments-service`` never matches
  ``payment-service``). Names that look like a service but are not in the catalog
  (``refund-service``, ``risk-svc``, ``退款服务``, ``风控系统``, ``营销平台``) are reported as unknown
  mentions, so the agents can say the data has no such service instead of answering about
  another one. A Chinese name is what stands between the last lead-in word (question words,
  times, pronouns: 看下/十点/为什么 …) and a 服务/系统/集群/平台/应用 suffix — not what jieba makes
  of it (风控 is 风/控 to jieba).
- Symptoms come from ``vocabulary.SYMPTOMS`` (ordered by first appearance).
- A *narrow* question asks to confirm one thing (``…有告警吗？``, ``是否有 500``) and gets one or two
  observation claims (spec 001 "Narrow scope produces minimal observation claims"); a question
  asking for a cause or an analysis is broad.
- What the question wants back: a figure (多少/使用率/峰值 → ``quantity``), an extreme (最慢/最高 →
  ``extreme``), a list of alerts (哪些告警/还有哪些没有恢复 → ``listing="alerts"``, ``unresolved``)
  or the services showing a symptom (哪个服务在报错 → ``listing="services"``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import replace
from functools import lru_cache
from typing import Any, Protocol

from contracts.reading import QuestionFacts, ServiceMention
from diagnosis.reading.spelling import any_spelling_in, first_position
from diagnosis.reading.text import fold, nfkc
from diagnosis.reading.told import said_words, story_runs, told_messages
from diagnosis.reading.vocabulary import (
    K8S_TRIGGERS,
    KEY_TERMS,
    QUESTION_WORDS,
    SYMPTOMS,
    SYMPTOMS_BY_ID,
    rules,
)


class _ServiceLike(Protocol):
    name: str
    aliases: list[str]


_ASCII_NAME_CHARS = "abcdefghijklmnopqrstuvwxyz0123456789_-"
# Letters of other alphabets (Latin with accents, Greek, Cyrillic) count as part of a name: a
# homoglyph such as pаyment-service (Cyrillic а) is one unknown name, not "yment-service" (issue 25).
LOOKALIKE_LETTERS = "\u00c0-\u024f\u0370-\u03ff\u0400-\u052f"
_UNKNOWN_ASCII = re.compile(
    rf"(?<![a-z0-9_\-{LOOKALIKE_LETTERS}])([a-z{LOOKALIKE_LETTERS}][a-z0-9{LOOKALIKE_LETTERS}]*(?:[-_][a-z0-9{LOOKALIKE_LETTERS}]+)*[-_]"
    r"(?:service|svc|server|api|gateway|worker|job|app|web|center|centre|srv|system|platform))"
    rf"(?![a-z0-9_\-{LOOKALIKE_LETTERS}])"
)
# What makes a word a service: 服务/系统/集群/平台/应用 after it (not 服务器, 系统盘, 应用层 …).
_SUFFIX = r"(?:服务|系统|集群|平台|应用)(?!器|端|化|商|费|号|盘|性|级|层|程序)"
_SUFFIX_RE = re.compile(_SUFFIX)
_HAN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff]")
_MAX_LEAD = 12
# An ASCII word before a suffix (``risk 服务``); not before 集群 (``redis 集群`` is infrastructure).
_ASCII_BEFORE_SUFFIX = re.compile(
    r"(?<![a-z0-9_\-])([a-z][a-z0-9_\-]{1,40})\s*((?:服务|系统|平台|应用)(?!器|端|化|商|费|号|盘|性|级|层|程序))"
)
# Words that end the lead-in before a service name: question and request words, times, pronouns,
# conjunctions. The name is what follows the last of them, whatever jieba makes of it (风控 is
# 风/控 to jieba; 看下风控 is 看/下风/控).
_LEAD_IN_WORDS = QUESTION_WORDS["lead_in"]
_LEAD_IN = re.compile(
    "|".join(re.escape(w) for w in sorted(_LEAD_IN_WORDS, key=len, reverse=True))
    # 十点 / 十点零五分
    + r"|[零〇一二两三四五六七八九十]+[点时号](?:[零〇一二两三四五六七八九十]+分)?"
)
_AFTER_DIGITS = re.compile(r"^[点时号分秒]+")  # a lead right after ASCII digits: 10 点以后风控
_NOT_A_SERVICE_NAME = frozenset(QUESTION_WORDS["not_a_service_name"])
_MAX_CJK_NAME = 8


def _cjk_unknown_name(lead: str, *, after_digits: bool = False) -> str:
    """The service name at the end of ``lead`` (the Han characters before a 服务-like suffix):
    what follows the last lead-in word, or "" when that is no name (too short, generic)."""
    prefix = _AFTER_DIGITS.match(lead) if after_digits else None
    cut = max([prefix.end() if prefix else 0, *(m.end() for m in _LEAD_IN.finditer(lead))])
    name = lead[cut:]
    if not 2 <= len(name) <= _MAX_CJK_NAME:
        return ""
    if name in _NOT_A_SERVICE_NAME or any(name.endswith(w) for w in _NOT_A_SERVICE_NAME if len(w) >= 2):
        return ""
    return name


def _ascii_bounded(text: str, start: int, end: int, name: str) -> bool:
    if name[:1] in _ASCII_NAME_CHARS and start > 0 and text[start - 1] in _ASCII_NAME_CHARS:
        return False
    return not (name[-1:] in _ASCII_NAME_CHARS and end < len(text) and text[end] in _ASCII_NAME_CHARS)


# An alias with a 集群/服务 … suffix (``ES 集群``, ``风控服务``): people drop the suffix, so the name
# before it names the service too — an ASCII name alone (「ES 那边怎么了」), a Chinese one (two Han
# characters at least) when the question points at it (「风控那几个 pod」: ``pointing``).
_ASCII_STEM = re.compile(r"^([a-z][a-z0-9.\-]*(?: [a-z][a-z0-9.\-]*)*)\s*" + _SUFFIX + "$")
_HAN_STEM = re.compile(r"^([\u3400-\u4dbf\u4e00-\u9fff]{2,})(?:" + _SUFFIX + "|(任务|批处理|作业))$")
_POINTING = tuple(QUESTION_WORDS["pointing"])
_POINTING_BEFORE = tuple(QUESTION_WORDS["pointing_before"])


_HAN_RUN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff]{2,6}")


def _owner_of(after: str, catalog: Sequence[Any]) -> str:
    """The one service whose description names the thing a question points at (the Han words right
    after 那个 …: 死信队列 → the consumer that moves messages to its dead-letter topic), longest
    reading first; "" when none or several do (风控那几个 pod: every service has pods)."""
    run = _HAN_RUN.match(after.lstrip())
    if not run:
        return ""
    words = run.group(0)
    for size in range(len(words), 1, -1):
        owners = [s.name for s in catalog if words[:size] in fold(getattr(s, "description", "") or "")]
        if owners:
            return owners[0] if len(owners) == 1 else ""
    return ""


def service_spellings(service: _ServiceLike) -> list[str]:
    """How a question may name ``service`` (folded): its name, its aliases and the stem of an
    alias with a service suffix (a Chinese stem followed by a ``pointing`` word) or of a job's
    alias (结算任务: ``pointing_before`` words, then the stem — 那批结算)."""
    out: list[str] = []
    for spelling in [service.name, *(service.aliases or [])]:
        if isinstance(spelling, str) and (folded := fold(spelling).strip()):
            out.append(folded)
            if (stem := _ASCII_STEM.match(folded)) and len(stem.group(1)) >= 2:
                out.append(stem.group(1))
            elif (stem := _HAN_STEM.match(folded)) and stem.group(2):  # a job: 那批结算
                out += [word + stem.group(1) for word in _POINTING_BEFORE]
            elif stem:
                out += [stem.group(1) + word for word in _POINTING]
    return list(dict.fromkeys(out))


def find_services(question: str, services: Iterable[_ServiceLike]) -> list[ServiceMention]:
    """Services named in ``question``, in order of appearance, each once."""
    text = fold(question)
    catalog = list(services)
    candidates: list[tuple[str, str]] = []
    for service in catalog:
        candidates += [(spelling, service.name) for spelling in service_spellings(service)]
    # Longest spelling first, so 支付服务 wins over 支付 and payment-service over payment.
    candidates.sort(key=lambda c: (-len(c[0]), c[0]))
    taken: list[tuple[int, int]] = []
    found: dict[str, ServiceMention] = {}
    for spelling, canonical in candidates:
        start = text.find(spelling)
        while start >= 0:
            end = start + len(spelling)
            unclaimed = all(end <= a or start >= b for a, b in taken)
            if unclaimed and _ascii_bounded(text, start, end, spelling):
                taken.append((start, end))
                if spelling.endswith(_POINTING):  # 退款那个死信队列: whose is the thing pointed at?
                    canonical = _owner_of(text[end:], catalog) or canonical
                previous = found.get(canonical)
                if previous is None or start < previous.start:
                    found[canonical] = ServiceMention(canonical, True, spelling, start)
            start = text.find(spelling, start + 1)

    # A modifier, not a subject: a service named right before another one's name (理赔材料识别: 理赔
    # then 材料识别, the OCR service) — a Chinese compound names its last part.
    heads = {m.start for m in found.values()}
    for name, mention in list(found.items()):
        if mention.start + len(mention.text) in heads and text.count(mention.text) == 1:
            del found[name]

    # A head whose modifier is another service's word (视觉终检: 视觉 of 视觉检测, 终检 of the quality
    # system): the compound names the other service when its description gives it that head's role
    # ("VQ-305 为三号线终检") — the vision station that does the final inspection.
    by_name = {s.name: s for s in catalog}
    for name, mention in list(found.items()):
        owner = _modified_by(text, mention, catalog)
        # Not when the question names the head's service elsewhere too (催费短信 … 短信通知服务怎么了).
        again = any(text.find(w, mention.start + 1) >= 0 for w in service_spellings(by_name[name]))
        if owner and owner not in found and not again:
            del found[name]
            found[owner] = ServiceMention(owner, True, mention.text, mention.start)

    def free(start: int, end: int) -> bool:
        return all(end <= a or start >= b for a, b in taken)

    unknown: dict[str, ServiceMention] = {}

    def add_unknown(name: str, text_: str, start: int, span: tuple[int, int]) -> None:
        unknown.setdefault(name, ServiceMention(name, False, text_, start))
        taken.append(span)

    for m in _UNKNOWN_ASCII.finditer(text):
        if free(*m.span(1)) and m.group(1) not in found:
            add_unknown(m.group(1), m.group(1), m.start(1), m.span(1))
    for m in _ASCII_BEFORE_SUFFIX.finditer(text):
        name = m.group(1).strip("-_")
        if free(*m.span(1)) and name and name not in found:
            add_unknown(name, m.group(0), m.start(1), m.span(1))
    for m in _SUFFIX_RE.finditer(text):
        suffix_start, suffix_end = m.span()
        if not free(suffix_start, suffix_end):
            continue  # part of a known alias (订单系统)
        # The lead: the Han characters before the suffix, back to the end of any mention found
        # before it (支付服务和风控服务) — left to right, so an earlier unknown mention counts too.
        lead_start = suffix_start
        floor = max([0, *(b for _, b in taken if b <= suffix_start)])
        while lead_start > max(floor, suffix_start - _MAX_LEAD) and _HAN.match(text[lead_start - 1]):
            lead_start -= 1
        after_digits = text[:lead_start].rstrip()[-1:].isdigit()
        name = _cjk_unknown_name(text[lead_start:suffix_start], after_digits=after_digits)
        start = suffix_start - len(name)
        if name and name + m.group(0) not in found:
            add_unknown(name + m.group(0), name + m.group(0), start, (start, suffix_end))
    if not found and not unknown:
        found.update(_described(text, catalog) or _alias_part(text, catalog))
    mentions = list(found.values()) + list(unknown.values())
    mentions.sort(key=lambda m: m.start)
    return mentions


# An identifier with a separator inside (a consumer group, a host, a table): push-dispatcher, geo.qb.internal.
_IDENTIFIER = re.compile(r"(?<![a-z0-9_.\-])[a-z0-9]+(?:[-_.][a-z0-9]+)+(?![a-z0-9_\-]|\.[a-z0-9])")


_SUFFIX_WORD = re.compile(_SUFFIX)


def _alias_part(text: str, services: Iterable[_ServiceLike]) -> dict[str, ServiceMention]:
    """A service a question points at by a part of one of its Chinese aliases (小车那边: 小车 of
    物流小车 and 小车调度) when exactly one service's aliases hold that part — the longest such part
    followed by a ``pointing`` word; none when it is a service suffix (系统) or several services
    share it (a common word)."""
    catalog = list(services)
    held: dict[str, set[str]] = {}
    for s in catalog:
        for alias in s.aliases or []:
            for run in _HAN_RUN_ANY.findall(fold(alias)):
                for size in range(2, len(run) + 1):
                    for i in range(len(run) - size + 1):
                        held.setdefault(run[i:i + size], set()).add(s.name)
    best: tuple[int, int, str, str] | None = None
    for run in _HAN_RUN_ANY.finditer(text):
        word = run.group(0)
        for size in range(len(word), 1, -1):
            for i in range(len(word) - size + 1):
                part = word[i:i + size]
                owners = held.get(part, set())
                pointed = text[run.start() + i + size:].startswith(_POINTING)
                if len(owners) == 1 and pointed and not _SUFFIX_WORD.fullmatch(part):
                    found = (-size, run.start() + i, part, next(iter(owners)))
                    best = min(best, found) if best else found
    if best is None:
        return {}
    _, start, part, name = best
    return {name: ServiceMention(name, True, part, start)}


_HAN_RUN_ANY = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff]{2,}")


def _modified_by(text: str, mention: ServiceMention, catalog: Sequence[Any]) -> str:
    """The one other service whose alias holds the Han word right before ``mention`` (its modifier,
    two characters or more) and whose description names ``mention``'s words; "" when none or several."""
    lead = re.search(r"[\u3400-\u4dbf\u4e00-\u9fff]+$", text[:mention.start])
    if not lead or _HAN_RUN_ANY.fullmatch(mention.text) is None:
        return ""
    word = lead.group(0)
    for size in range(len(word), 1, -1):
        part = word[-size:]
        owners = [
            s.name for s in catalog
            if s.name != mention.name and any(part in fold(a) for a in s.aliases or [])
            and mention.text in fold(getattr(s, "description", "") or "")
        ]  # fmt: skip
        if owners:
            return owners[0] if len(owners) == 1 else ""
    return ""


def _described(text: str, services: Iterable[_ServiceLike]) -> dict[str, ServiceMention]:
    """Services a question names only by what their description names — 消费组 push-dispatcher,
    geo.qb.internal — when exactly one description names it (else it implies no service)."""
    catalog = list(services)
    out: dict[str, ServiceMention] = {}
    for m in _IDENTIFIER.finditer(text):
        if len(m.group(0)) < 5:
            continue
        owners = [
            s.name
            for s in catalog
            if re.search(rf"(?<![a-z0-9_.\-]){re.escape(m.group(0))}(?![a-z0-9_\-]|\.[a-z0-9])", fold(getattr(s, "description", "") or ""))
        ]
        if len(owners) == 1 and owners[0] not in out:
            out[owners[0]] = ServiceMention(owners[0], True, m.group(0), m.start())
    return out


def find_symptoms(question: str) -> list[str]:
    """Ids of the symptoms ``question`` names, in order of first appearance."""
    hits: list[tuple[int, int, str]] = []
    for order, symptom in enumerate(SYMPTOMS):
        position = first_position(symptom.triggers, question)
        if position >= 0:
            hits.append((position, order, symptom.id))
    hits.sort()
    return [h[2] for h in hits]


@lru_cache(maxsize=8192)
def evidence_symptoms(text: str, *, implied: bool = True) -> frozenset[str]:
    """Symptom ids an evidence text shows (with what they imply unless ``implied`` is False: a
    5xx response is an error). Cached: one run asks about the same evidence lines many times."""
    shown = frozenset(s.id for s in SYMPTOMS if any_spelling_in(s.evidence, text))
    if not implied:
        return shown
    return shown | {i for s in shown for i in SYMPTOMS_BY_ID[s].implies}


_WORDS = QUESTION_WORDS  # cause, confirm, quantity, extreme_max/min, listing, unresolved, current
# 几次 / 几个 ask for a count; 几点 is a time, 十几分钟 / 几十 an approximate figure, 好几个 "several"
# and 几乎 "almost", not a question.
_QUANTITY_RE = re.compile(r"(?<![十百千万好])几(?![十百千万点时号天日分秒周年月乎])")
_WHICH_SERVICE = re.compile(
    r"(?:哪个|哪些|哪几个|几个|什么|啥)(?:服务|系统|应用|模块|组件)|which (?:service|system|app)"
)

_METRIC_NAME = re.compile(r"(?<![A-Za-z0-9_])[a-z][a-z0-9]*(?:_[a-z0-9]+)+(?![A-Za-z0-9_])")


# The measure word a "how much" asks in (多少秒, 几个, 多少 MB): an ASCII word or one CJK character
# right after 多少 / 几. Whether it is a unit at all is for the evidence to say (a series measured in
# it); 多少请求 names a thing, and no series is measured in 请.
_ASKED_UNIT = re.compile(r"(?:多少|(?<!好)几(?!乎))\s*([a-z%]+|[\u4e00-\u9fff])")


# Every spelling of a unit the figures are read in (units.toml): 多少分钟 asks in 分钟, not in 分.
_UNIT_WORDS: frozenset[str] = frozenset(fold(u) for table in ("measure", "aliases") for u in rules("units")[table])
# A figure named as a ratio (卡顿率, 判废率, 使用率 …最高多少): asked in percent, whatever it is called.
_RATIO_ASKED = re.compile(r"[\u4e00-\u9fff]率\s*(?:最高|最低|峰值|最大|最小|是多少|多少|有多|到|冲到|达到|升到|涨到|掉到|降到)")


def asked_unit(question: str) -> str:
    """The measure word the question asks a figure in ("秒", "条", "mb"; "%" for a ratio asked by
    its name: 卡顿率最高到过多少), "" when none is said."""
    folded = fold(question)
    m = _ASKED_UNIT.search(folded)
    if m:
        # A unit of more than one character (分钟, 小时, 毫秒) is read whole, not as its first one.
        after = folded[m.start(1):]
        return max((u for u in _UNIT_WORDS if after.startswith(u)), key=len, default=m.group(1))
    return "%" if _RATIO_ASKED.search(folded) else ""


def metric_named(question: str) -> str:
    """The snake_case metric name a question spells out (threads_running), "" when none."""
    m = _METRIC_NAME.search(nfkc(question))
    return m.group(0) if m else ""


ALERT_NAME = re.compile(r"(?<![A-Za-z0-9_])[A-Z][a-z0-9]+(?:[A-Z][A-Za-z0-9]*)+(?![A-Za-z0-9_])")


def asks(words: str, question: str) -> bool:
    """The question uses a word of the ``words`` list of questions.toml (cause, quantity …)."""
    return any_spelling_in(_WORDS[words], question)


def asks_extreme(question: str) -> str:
    """ "max" for a superlative such as 最慢/峰值/最多, "min" for 最低/最少, else ""."""
    return "max" if asks("extreme_max", question) else "min" if asks("extreme_min", question) else ""


_ITEM_WORD = re.compile(r"(?<![a-z0-9_\-])[a-z][a-z0-9]*(?![a-z0-9_\-])")


# The words naming a kind of thing (pod, 容器 …), not which one: k8s.toml's "kubernetes" trigger.
_KIND_WORDS = next(words for id_, words, _ in K8S_TRIGGERS if id_ == "kubernetes")


def item_words(question: str, mentions: Sequence[ServiceMention]) -> tuple[str, ...]:
    """The words a listing's items must show: the question's ASCII words that are not part of a
    service it names, a question word or a kind word (哪些 Pod 处于 Pending → pending)."""
    named = {part for m in mentions for part in re.split(r"[-_\s]+", m.text)}
    skip = named | set(QUESTION_WORDS["not_terms"])
    words = (w for w in _ITEM_WORD.findall(fold(question)) if w not in skip)
    return tuple(dict.fromkeys(w for w in words if not any_spelling_in(_KIND_WORDS, w)))


def asks_listing(question: str, mentions: Sequence[ServiceMention], symptoms: Sequence[str], *, alerts_told: bool) -> str:
    """ "alerts" for a question that enumerates alerts (哪些告警, 有什么告警, 还有哪些没有恢复),
    "services" for "which service …" with no service named, "items" for a list of what its
    words name (哪些 Pod 处于 Pending; not what changed: that is a change listing), else "" — and ""
    when the alerts' state is only told beside a why (``alerts_told``: ``_alert_state_told``)."""
    listing, unresolved = asks("listing", question), asks("unresolved", question)
    if ("alert" in symptoms and (listing or unresolved)) or (unresolved and listing):
        return "" if alerts_told else "alerts"
    if not mentions and _WHICH_SERVICE.search(fold(question)):
        return "services"
    if listing and not asks("change", question) and item_words(question, mentions):
        return "items"
    return ""


def _asks_something(clause: str, *, last: bool) -> bool:
    """A clause asks: a list, a cause or a figure; a yes/no (还在…, …吗) only where the question ends."""
    kinds = ("listing", "cause", "why", "quantity", *(("existence", "confirm") if last else ()))
    return any(asks(words, clause) for words in kinds)


def _alert_state_told(question: str) -> bool:
    """The alerts' state is told, not asked: every clause that names it (告警到现在都没恢复) asks
    nothing, and another clause asks why (…，选座服务怎么了？) — the asker's story before a cause
    question, not a list of the firing alerts (有哪些告警还没恢复 asks in its own clause)."""
    clauses = [c for c in _CLAUSE_MARK.split(fold(question)) if c.strip()]
    stating = [c for c in clauses if asks("unresolved", c) or asks("listing", c) or "alert" in find_symptoms(c)]
    return bool(stating) and not any(_asks_something(c, last=c == clauses[-1]) for c in stating) and any(
        asks("cause", c) or asks("why", c) for c in clauses if c not in stating)


def is_narrow(facts: QuestionFacts, mentions: Sequence[ServiceMention], symptoms: Sequence[str]) -> bool:
    """A confirmation of one specific service, alert or symptom (spec 001 narrow-scope rule): a
    question read as ``facts`` about ``mentions`` and ``symptoms`` (its own, or a follow-up's
    resolved from the previous turn or the plan's ``asked``)."""
    if facts.cause or len(mentions) > 1:
        return False
    # One named service, or one named alert (an identifier such as HighErrorRate).
    specific = len(mentions) == 1 or bool(facts.alert_names)
    return specific and facts.confirm and len(symptoms) <= 2


def k8s_triggers(question: str) -> tuple[str, ...]:
    """Ids of the ``k8s.toml`` triggers whose words the question contains."""
    return tuple(id_ for id_, words, _ in K8S_TRIGGERS if any_spelling_in(words, question))


def shows_items(facts: QuestionFacts, text: str) -> bool:
    """An evidence text is an item of an "items" listing: it shows every item word."""
    return all(any_spelling_in((w,), text) for w in facts.items)


_CLAUSE_MARK = re.compile(r"[，,。？?！!；;]")


# A service asked about "itself" (OCR 服务本身, 它自己): that one, whatever else the story names.
_ITSELF = re.compile(r"本身|自己|自身")
_ITSELF_HEADS = ("服务", "系统", "平台", "那边")


def _itself(text: str, mentions: Sequence[ServiceMention], start: int) -> ServiceMention | None:
    """The service the last clause (from ``start``) asks about itself (简历解析说调 OCR 超时，OCR
    服务本身有没有异常; 审计日志…，它自己是不是有问题: the pronoun is the topic, the first service
    named) — None when it says no such thing (…它自己又跑起来了，谁动了定时任务: a story, not the ask)."""
    known = [m for m in mentions if m.known]
    clause = text[start:]
    if not (asks("cause", clause) or asks("confirm", clause) or asks("why", clause)):
        return None
    for marker in _ITSELF.finditer(text, start):
        before = text[: marker.start()].rstrip()
        head = next((h for h in _ITSELF_HEADS if before.endswith(h)), "")
        before = before[: len(before) - len(head)].rstrip()
        if before.endswith("它") and known:
            return known[0]
        own = [m for m in known if m.text and before.endswith(m.text)]
        if own:
            return max(own, key=lambda m: len(m.text))
    return None


def asking_clause(question: str) -> str:
    """The question's last clause (…，数值预报调度这是怎么回事), folded."""
    text = fold(question)
    ends = [m.end() for m in _CLAUSE_MARK.finditer(text.rstrip("？?！!。. "))]
    return text[ends[-1] if ends else 0 :]


def _addressed(question: str, mentions: list[ServiceMention]) -> list[ServiceMention]:
    """The services the question's last clause asks about (…站内信倒是有，通知服务咋了？) when the
    story before it names others too (收不到分享邀请的邮件): those are its context, not what is asked;
    the one asked about itself (``_itself``) alone."""
    text = fold(question)
    ends = [m.end() for m in _CLAUSE_MARK.finditer(text.rstrip("？?！!。. "))]
    start = ends[-1] if ends else 0
    own = _itself(text, mentions, start)
    if own is not None:
        return [own]
    clause = text[start:]
    known = [m for m in mentions if m.known]
    # Whether a service logged errors or raised alerts (…在自助机上充值失败，自助机后台有没有报错或者告警)
    # asks its own records, whatever failure the story tells and wherever it named that service first.
    if _asks_own_records(clause):
        named = [m for m in known if m.text and m.text in clause]
        if named and len(named) < len(known):
            return [m for m in mentions if m in named or not m.known]
    asked = [m for m in known if m.start >= start]
    told = [m for m in known if m.start < start]
    if not asked or not told or not (asks("cause", clause) or asks("confirm", clause) or asks("why", clause)):
        return mentions
    # A story that tells a failure (搜索服务一直吐 503，ES 那边怎么了) keeps its services asked beside
    # the suspect: the failing one is where the symptom is read.
    if find_symptoms(text[:start]):
        return mentions
    return [m for m in mentions if m.start >= start or not m.known]


# What a service's own records show: its errors and its alerts.
_OWN_RECORDS = frozenset({"error", "alert"})


def _asks_own_records(clause: str) -> bool:
    """The asking clause asks whether its subject logged errors or raised alerts (有没有报错或者告警,
    报过警没有) — a yes/no about that service's records, not a cause nor a guess at the culprit
    (是 X 出了问题吗)."""
    return (
        asks("confirm", clause) and not asks("cause", clause) and not asks("why", clause)
        and bool(_OWN_RECORDS & set(find_symptoms(clause)))
    )


def _part_of_another(mentions: list[ServiceMention], catalog: Sequence[Any]) -> list[ServiceMention]:
    """A bare word that one service is called by but that is part of another named service's own
    name (App, when 巡更 App is the patrol system's and the question names 巡更): that service's part,
    not a second service."""
    names = {s.name: [fold(a) for a in [s.name, *(s.aliases or [])]] for s in catalog}
    known = [m for m in mentions if m.known]
    return [
        m for m in mentions
        if not m.known or not any(
            n.name != m.name and any(fold(m.text) in a and fold(m.text) != a for a in names.get(n.name, []))
            for n in known
        )
    ]


_JOINED = re.compile(r"[和与及跟、]|以及")
_EACH = re.compile(r"分别|各自")


def joined_mentions(question: str, mentions: Sequence[ServiceMention]) -> bool:
    """The question asks about each of several services (A 和 B, A、B, 分别): two incidents may be
    answered at once."""
    if _EACH.search(question):
        return True
    folded = fold(question)
    spots = sorted((m.start, m.start + len(m.text)) for m in mentions)
    return any(0 <= b - a_end <= 3 and _JOINED.search(folded[a_end:b]) for (_, a_end), (b, _) in zip(spots, spots[1:], strict=False))


_TECH_WORD = re.compile(r"(?<![A-Za-z0-9_])[A-Z][A-Z0-9]{2,}(?![A-Za-z0-9_])")


def described_service(question: str, catalog: Sequence[Any]) -> ServiceMention | None:
    """The service a question names by a technical word of its description alone (ELISA of "LIS：…
    ELISA 酶免仪结果…", RTG of the yard-crane dispatch): a word of capitals the question spells that
    exactly one service's description holds whole — None when several or none do."""
    text = nfkc(question)
    for m in _TECH_WORD.finditer(text):
        word = re.compile(rf"(?<![A-Za-z0-9_]){re.escape(m.group(0))}(?![A-Za-z0-9_])")
        owners = [s for s in catalog if word.search(nfkc(getattr(s, "description", "") or ""))]
        if len(owners) == 1:
            return ServiceMention(owners[0].name, True, fold(m.group(0)), m.start())
    return None


def analyse(question: str, services: Iterable[Any]) -> QuestionFacts:
    catalog = list(services)
    mentions = _addressed(question, _part_of_another(find_services(question, catalog), catalog))
    if not any(m.known for m in mentions) and (described := described_service(question, catalog)) is not None:
        mentions = [described, *mentions]  # named by no alias: by the one description with its word
    services = catalog
    symptoms = find_symptoms(question)
    alerts_told = _alert_state_told(question)
    listing = asks_listing(question, mentions, symptoms, alerts_told=alerts_told)
    facts = QuestionFacts(
        services=tuple(mentions),
        symptoms=tuple(symptoms),
        narrow=False,  # below: read off the facts themselves
        cause=asks("cause", question),
        confirm=asks("confirm", question),
        why=asks("why", question),
        # a figure (内存用到多少, 磁盘使用率, 峰值); 几次 / 几个 too, not 几点 (a time)
        quantity=asks("quantity", question) or bool(_QUANTITY_RE.search(fold(question))),
        extreme=asks_extreme(question),
        listing=listing,
        # only what is still firing: 未恢复/还在触发/firing, or "now" (现在有哪些告警)
        unresolved=asks("unresolved", question) or asks("current", question),
        alert_names=tuple(dict.fromkeys(m.group(0) for m in ALERT_NAME.finditer(nfkc(question)))),
        change=asks("change", question),
        items=item_words(question, mentions) if listing == "items" else (),
        metric=metric_named(question),
        measured=tuple(k.term for k in KEY_TERMS if k.term in fold(question)),
        rate=next((r for r in ("minute", "second") if asks(f"per_{r}", question)), ""),
        unit=asked_unit(question),
        survey=asks("survey_which", question) or (
            asks("survey", question) and asks("cause", question)
            # 集群明明空着，数值预报调度这是怎么回事: the cluster is the story; the named service is asked
            and not (any(m.known for m in mentions) and not asks("survey", asking_clause(question)))),
        k8s_triggers=k8s_triggers(question),
        told=told_messages(question),
        story=story_runs(question),
        said=said_words(question, [m.text for m in mentions]),
        joined=joined_mentions(question, mentions),
        alert_told="alert" in symptoms and alerts_told,
    )
    if facts.quantity and not (facts.metric or facts.symptoms or facts.measured):
        # A figure named by a technical word alone (ELISA 的反应性比例最高到了百分之多少): the series
        # whose name holds that word measures it (lis_elisa_reactive_percent).
        facts = replace(facts, metric=next((fold(m.group(0)) for m in _TECH_WORD.finditer(nfkc(question))), ""))
    return replace(facts, narrow=is_narrow(facts, mentions, symptoms))
