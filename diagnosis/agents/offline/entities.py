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
from dataclasses import dataclass
from typing import Any, Protocol

from diagnosis.agents.offline.text import fold, nfkc
from diagnosis.agents.offline.vocabulary import SYMPTOMS, SYMPTOMS_BY_ID, any_spelling_in


class _ServiceLike(Protocol):
    name: str
    aliases: list[str]


@dataclass(frozen=True)
class ServiceMention:
    name: str  # canonical name when known, else the name as written (folded)
    known: bool
    text: str  # the matched words (folded)
    start: int


_ASCII_NAME_CHARS = "abcdefghijklmnopqrstuvwxyz0123456789_-"
_UNKNOWN_ASCII = re.compile(
    r"(?<![a-z0-9_\-])([a-z][a-z0-9]*(?:[-_][a-z0-9]+)*[-_]"
    r"(?:service|svc|server|api|gateway|worker|job|app|web|center|centre|srv|system|platform))"
    r"(?![a-z0-9_\-])"
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
_LEAD_IN_WORDS = (
    "为什么", "为啥", "怎么", "怎样", "如何", "什么", "是否", "是不是", "有没有", "有无", "请问", "请帮",
    "帮我", "帮忙", "麻烦", "看看", "看下", "看一下", "查看", "查下", "查一下", "查查", "问下", "问一下",
    "确认下", "确认", "检查", "排查", "分析", "一下", "告诉我", "知道", "想问", "我们的", "我们", "你们",
    "他们", "这个", "那个", "哪个", "哪些", "哪几个", "所有", "全部", "各个", "每个", "整个", "其他",
    "其它", "某个", "一个", "这些", "那些", "多个", "几个", "今天", "昨天", "前天", "昨晚", "今晚",
    "今早", "昨日", "今日", "凌晨", "早上", "上午", "中午", "下午", "傍晚", "晚上", "夜里", "夜间",
    "半夜", "刚才", "刚刚", "现在", "目前", "当前", "最近", "近期", "以后", "之后", "然后", "以前",
    "之前", "前后", "左右", "期间", "时候", "开始", "小时前", "分钟前", "小时内", "分钟内", "以内",
    "之内", "小时", "分钟", "这两天", "两天", "几天", "还有", "还在", "还是", "已经",
    "正在", "一直", "或者", "以及", "的", "了", "和", "与", "跟", "及", "或", "是", "吗", "呢", "吧",
    "啊", "把", "被", "让", "也", "都", "就", "又", "再",
)  # fmt: skip
_LEAD_IN = re.compile(
    "|".join(re.escape(w) for w in sorted(_LEAD_IN_WORDS, key=len, reverse=True))
    # 十点 / 十点零五分
    + r"|[零〇一二两三四五六七八九十]+[点时号](?:[零〇一二两三四五六七八九十]+分)?"
)
_AFTER_DIGITS = re.compile(r"^[点时号分秒]+")  # a lead right after ASCII digits: 10 点以后风控
_NOT_A_SERVICE_NAME = frozenset(
    {
        "哪个", "这个", "那个", "什么", "所有", "各个", "整个", "相关", "下游", "上游", "后端", "前端",
        "其他", "其它", "某个", "一个", "这些", "那些", "哪些", "线上", "核心", "业务", "我们", "你们",
        "对应", "依赖", "全部", "多个", "几个", "该", "本", "这", "那", "微", "云", "数据", "外部",
        "后台", "基础", "公共", "内部", "三方", "整体", "生产", "测试", "监控", "日志", "告警", "报警",
        "运维", "操作", "文件", "数据库", "中间件", "分布式", "周边", "底层", "关联", "上下游",
    }
)  # fmt: skip
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


def find_services(question: str, services: Iterable[_ServiceLike]) -> list[ServiceMention]:
    """Services named in ``question``, in order of appearance, each once."""
    text = fold(question)
    candidates: list[tuple[str, str]] = []
    for service in services:
        for spelling in [service.name, *(service.aliases or [])]:
            if isinstance(spelling, str) and fold(spelling).strip():
                candidates.append((fold(spelling).strip(), service.name))
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
                previous = found.get(canonical)
                if previous is None or start < previous.start:
                    found[canonical] = ServiceMention(canonical, True, spelling, start)
            start = text.find(spelling, start + 1)

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
    mentions = list(found.values()) + list(unknown.values())
    mentions.sort(key=lambda m: m.start)
    return mentions


def find_symptoms(question: str) -> list[str]:
    """Ids of the symptoms ``question`` names, in order of first appearance."""
    text = fold(question)
    hits: list[tuple[int, int, str]] = []
    for order, symptom in enumerate(SYMPTOMS):
        positions = []
        for trigger in symptom.triggers:
            if trigger.startswith("re:"):
                m = re.search(trigger[3:], text)
                if m:
                    positions.append(m.start())
            else:
                idx = text.find(trigger)
                if idx >= 0:
                    positions.append(idx)
        if positions:
            hits.append((min(positions), order, symptom.id))
    hits.sort()
    return [h[2] for h in hits]


def evidence_symptoms(text: str, *, implied: bool = True) -> set[str]:
    """Symptom ids an evidence text shows (with what they imply unless ``implied`` is False: a
    5xx response is an error)."""
    folded = fold(text)
    shown = {s.id for s in SYMPTOMS if any_spelling_in(s.evidence, folded)}
    if not implied:
        return shown
    return shown | {i for s in shown for i in SYMPTOMS_BY_ID[s].implies}


_CAUSE_WORDS = (
    "原因", "为什么", "为啥", "怎么回事", "咋回事", "根因", "分析", "排查", "诊断", "怎么办", "如何处理",
    "怎么处理", "怎么解决", "如何解决", "什么问题", "发生了什么", "哪里出", "定位", "why", "cause", "root",
)  # fmt: skip
_CONFIRM_WORDS = (
    "吗", "么", "有没有", "有无", "是否", "是不是", "还在", "确认", "查一下", "查下", "看一下", "看下",
    "看看", "多少", "几条", "哪些", "什么时候", "何时", "几点", "any ", "is there", "are there",
)  # fmt: skip


# What the question wants back — a figure, an extreme, a list (see ``QuestionFacts``).
_QUANTITY_WORDS = (
    "多少", "多高", "多大", "多慢", "多久", "多长", "多快", "多严重", "峰值", "最高", "最大", "最多",
    "最慢", "最长", "最久", "最低", "最小", "最少", "最短", "使用率", "利用率", "占用", "用到", "用了",
    "用量", "达到", "how much", "how many", "how high", "how slow", "how long", "peak", "usage",
    "utilization", "utilisation",
)  # fmt: skip
_QUANTITY_RE = re.compile(r"几(?![点时号天日])")  # 几次 / 几个 g, not 几点 (a time)
_EXTREME_MAX = (
    "最慢", "最高", "最大", "峰值", "最多", "最长", "最久", "最严重", "peak", "highest", "slowest",
    "longest", "largest", "worst",
)  # fmt: skip
_EXTREME_MIN = ("最低", "最小", "最少", "最短", "最快", "lowest", "smallest", "shortest", "fastest")
_LIST_WORDS = (
    "哪些", "哪几", "有什么", "什么告警", "什么报警", "哪个告警", "列表", "列出", "清单", "都有", "全部告警",
    "所有告警", "which", "list",
)  # fmt: skip
_UNRESOLVED_WORDS = (
    "未恢复", "没有恢复", "没恢复", "尚未恢复", "还没恢复", "还没有恢复", "还在触发", "仍在触发", "正在触发",
    "还在告警", "还在报警", "未解决", "没解决", "未消除", "firing", "still active", "not resolved",
    "unresolved",
)  # fmt: skip
_CURRENT_WORDS = ("现在", "当前", "目前", "此刻", "眼下", "还有", "仍然", "依然", "now", "current")
_WHICH_SERVICE = re.compile(
    r"(?:哪个|哪些|哪几个|几个|什么|啥)(?:服务|系统|应用|模块|组件)|which (?:service|system|app)"
)

_ALERT_NAME = re.compile(r"(?<![A-Za-z0-9_])[A-Z][a-z0-9]+(?:[A-Z][A-Za-z0-9]*)+(?![A-Za-z0-9_])")


def asks_quantity(question: str) -> bool:
    """The question wants a figure (内存用到多少, 磁盘使用率, 峰值), not only a yes/no or a line."""
    text = fold(question)
    return any(w in text for w in _QUANTITY_WORDS) or bool(_QUANTITY_RE.search(text))


def asks_extreme(question: str) -> str:
    """ "max" for a superlative such as 最慢/峰值/最多, "min" for 最低/最少, else ""."""
    text = fold(question)
    if any(w in text for w in _EXTREME_MAX):
        return "max"
    if any(w in text for w in _EXTREME_MIN):
        return "min"
    return ""


def asks_listing(question: str, mentions: Sequence[ServiceMention], symptoms: Sequence[str]) -> str:
    """ "alerts" for a question that enumerates alerts (哪些告警, 有什么告警, 还有哪些没有恢复),
    "services" for "which service …" with no service named, else ""."""
    text = fold(question)
    listing = any(w in text for w in _LIST_WORDS)
    unresolved = any(w in text for w in _UNRESOLVED_WORDS)
    if ("alert" in symptoms and (listing or unresolved)) or (unresolved and listing):
        return "alerts"
    if not mentions and _WHICH_SERVICE.search(text):
        return "services"
    return ""


def asks_unresolved(question: str) -> bool:
    """Only what is still firing: 未恢复/还在触发/firing, or "now" (现在有哪些告警)."""
    text = fold(question)
    return any(w in text for w in _UNRESOLVED_WORDS + _CURRENT_WORDS)


def asks_cause(question: str) -> bool:
    text = fold(question)
    return any(w in text for w in _CAUSE_WORDS)


def is_narrow(question: str, mentions: Sequence[ServiceMention], symptoms: Sequence[str]) -> bool:
    """A confirmation of one specific service, alert or symptom (spec 001 narrow-scope rule)."""
    if asks_cause(question) or len(mentions) > 1:
        return False
    text = fold(question)
    # One named service, or one named alert (an identifier such as HighErrorRate).
    specific = len(mentions) == 1 or bool(_ALERT_NAME.search(nfkc(question)))
    return specific and any(w in text for w in _CONFIRM_WORDS) and len(symptoms) <= 2


@dataclass(frozen=True)
class QuestionFacts:
    """Everything the agents read off a question (no times: see time_expressions)."""

    services: tuple[ServiceMention, ...]
    symptoms: tuple[str, ...]
    narrow: bool
    cause: bool
    quantity: bool = False  # asks for a figure: answer from the asked dimension's series/alert
    extreme: str = ""  # "max" | "min": a superlative — cite the extreme line, not the first
    listing: str = ""  # "alerts" | "services": enumerate alerts / one claim per service
    unresolved: bool = False  # with listing "alerts": only those still firing
    alert_names: tuple[str, ...] = ()  # alert identifiers the question names (HighErrorRate)

    @property
    def known_services(self) -> list[str]:
        return [m.name for m in self.services if m.known]

    @property
    def unknown_services(self) -> list[str]:
        return [m.name for m in self.services if not m.known]


def analyse(question: str, services: Iterable[Any]) -> QuestionFacts:
    mentions = find_services(question, services)
    symptoms = find_symptoms(question)
    return QuestionFacts(
        services=tuple(mentions),
        symptoms=tuple(symptoms),
        narrow=is_narrow(question, mentions, symptoms),
        cause=asks_cause(question),
        quantity=asks_quantity(question),
        extreme=asks_extreme(question),
        listing=asks_listing(question, mentions, symptoms),
        unresolved=asks_unresolved(question),
        alert_names=tuple(dict.fromkeys(m.group(0) for m in _ALERT_NAME.finditer(nfkc(question)))),
    )
