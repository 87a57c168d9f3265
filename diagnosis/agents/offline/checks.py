"""Claim vs. evidence: does the verified evidence of a claim carry the claim's concrete facts?

The offline Verifier's core (pure, no Django). A claim's *facts* are what could be wrong in it:

- ``kv``: ``key=value`` pairs (``waiting=37``, ``active=50``);
- ``time``: clock times (``10:05``, ``10:05:12``);
- ``code``: HTTP / status codes (4xx, 5xx, ``5xx``);
- ``service``: service names (``payment-service``);
- ``number``: other numbers with their unit (``3000ms``, ``12.5%``, ``37``);
- ``ident``: identifiers (``HikariPool``, ``OOMKilled``, ``HighErrorRate``, ``http_5xx_rate``);
- ``word``: plain English words (soft: wording, not a fact);
- ``term``: Chinese domain words from ``vocabulary.KEY_TERMS`` (soft: a gloss of the evidence).

Each fact is looked up in the claim's evidence (the Gatekeeper's ``matched_text`` items):

- a fact of a kind whose *different* value is in the evidence is a **conflict** (claim 502,
  evidence 500; claim waiting=73, evidence waiting=37; claim order-service, evidence
  payment-service); a status code, an error code / exception name (``ERR_DB_TIMEOUT``,
  ``NullPointerException``) or a service name absent from the evidence is a fabricated key
  entity and also a conflict (spec 001 "fabricates a key entity, error code" → REJECT);
- a number, identifier or service absent without a conflicting value is a **hard miss**;
- a clock time absent from evidence that has no time at all, an English word or a Chinese gloss
  the evidence does not show is a **soft miss** (interpretation).

Classification (spec derivability classes): any conflict → ``contradicted``; no fact found at all
→ ``unsupported``; a hard miss → ``unsupported``; a generalisation the evidence does not carry
("全部", "持续") → ``overstated``; soft misses or interpretive wording ("导致", "耗尽") →
``reasonable_inference``; otherwise ``direct_observation``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from contracts.verdict import ClaimVerification
from diagnosis.reading.text import fold, nfkc, words
from diagnosis.reading.vocabulary import (
    INTERPRETATION_MARKERS,
    KEY_TERMS_BY_WORD,
    OVERSTATEMENT_MARKERS,
    any_spelling_in,
    rules,
)

DIRECT: str = ClaimVerification.DIRECT_OBSERVATION
INFERENCE: str = ClaimVerification.REASONABLE_INFERENCE
OVERSTATED: str = ClaimVerification.OVERSTATED
UNSUPPORTED: str = ClaimVerification.UNSUPPORTED
CONTRADICTED: str = ClaimVerification.CONTRADICTED

_UNIT_ALIASES: dict[str, str] = rules("units")["aliases"]
_UNITS = r"(?:ms|毫秒|秒|s|sec|secs|seconds|min|mins|minutes|分钟|小时|h|hr|hours|%|mb|gb|kb|tb|mib|gib|kib|mi|gi|ki|b|qps|rps|核|cores?)"

_KV = re.compile(
    r"(?<![a-z0-9_])([a-z][a-z0-9_.]*)\s*[=＝]\s*(-?\d+(?:\.\d+)?)\s*(" + _UNITS + r")?(?![a-z0-9_.])"
)
_DATE = re.compile(r"(?<![0-9])(\d{4})-(\d{2})-(\d{2})(?![0-9])")
_TIME = re.compile(r"(?<![0-9.:+])(?<![0-9]-)([01]?\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?(?![0-9])")
_IDENT = re.compile(r"(?<![A-Za-z0-9_])[A-Za-z][A-Za-z0-9_]*(?:[-.][A-Za-z0-9_]+)*")
_CODE_CLASS = re.compile(r"(?<![a-z0-9_.])([1-5])xx(?![a-z0-9_])")
_NUMBER = re.compile(r"(?<![a-z0-9_.])(-?\d+(?:\.\d+)?)\s*(" + _UNITS + r")?(?![a-z0-9_]|\.\d)")
_SERVICE = re.compile(
    r"^[a-z][a-z0-9]*(?:-[a-z0-9]+)*-(?:service|svc|server|api|gateway|worker|job|app|web|db|center|srv)$"
)
_ENGLISH_FILLER = frozenset(rules("units")["english"]["filler"])


@dataclass(frozen=True)
class Fact:
    kind: str  # kv | time | date | code | service | number | ident | word
    value: str  # canonical comparable value
    key: str = ""  # kv key / number unit
    text: str = ""  # as written

    def show(self) -> str:
        return self.text or self.value


@dataclass
class Facts:
    items: list[Fact] = field(default_factory=list)
    terms: list[str] = field(default_factory=list)  # Chinese key terms
    interpretation: list[str] = field(default_factory=list)
    overstatement: list[str] = field(default_factory=list)

    def of(self, kind: str) -> list[Fact]:
        return [f for f in self.items if f.kind == kind]


def _num(value: str) -> str:
    number = float(value)
    return str(int(number)) if number.is_integer() else repr(number)


def _unit(unit: str | None) -> str:
    unit = (unit or "").strip()
    return _UNIT_ALIASES.get(unit, unit)


def _mask(text: str, spans: list[tuple[int, int]]) -> str:
    chars = list(text)
    for a, b in spans:
        chars[a:b] = " " * (b - a)
    return "".join(chars)


def extract(text: str) -> Facts:
    """The facts of ``text`` (a claim or an evidence text)."""
    raw = nfkc(text)
    folded = raw.casefold()
    if len(folded) != len(raw):  # casefold changed lengths (ß …): fall back to lower()
        folded = raw.lower()
    facts = Facts()
    add = facts.items.append
    spans: list[tuple[int, int]] = []

    def scan(regex: re.Pattern[str], source: str) -> list[re.Match[str]]:
        """The matches in ``source`` outside what the earlier scans matched (masked out)."""
        found = list(regex.finditer(_mask(source, spans)))
        spans.extend(m.span() for m in found)
        return found

    for m in scan(_KV, folded):
        add(Fact("kv", _num(m.group(2)), m.group(1), m.group(0)))
    for m in scan(_DATE, folded):
        add(Fact("date", m.group(0), "", m.group(0)))
    for m in scan(_TIME, folded):
        value = f"{int(m.group(1)):02d}:{m.group(2)}" + (f":{m.group(3)}" if m.group(3) else "")
        add(Fact("time", value, "", m.group(0)))
    for m in scan(_CODE_CLASS, folded):
        add(Fact("code", f"{m.group(1)}xx", "", m.group(0)))
    # Identifiers are read on the un-folded text so CamelCase is visible.
    for m in scan(_IDENT, raw):
        token, lowered = m.group(0), m.group(0).lower()
        if _SERVICE.match(lowered):
            add(Fact("service", lowered, "", token))
        elif _strong_identifier(token):
            add(Fact("ident", lowered, "", token))
        elif len(token) >= 3 and lowered not in _ENGLISH_FILLER:
            add(Fact("word", lowered, "", token))
    for m in scan(_NUMBER, folded):
        unit, value = _unit(m.group(2)), _num(m.group(1))
        is_code = not unit and re.fullmatch(r"[45]\d\d", m.group(1)) is not None
        add(Fact("code" if is_code else "number", value, unit, m.group(0).strip()))
    for word in words(raw):
        if word in KEY_TERMS_BY_WORD and word not in facts.terms:
            facts.terms.append(word)
    facts.interpretation = [w for w in INTERPRETATION_MARKERS if w in raw]
    facts.overstatement = [w for w in OVERSTATEMENT_MARKERS if w in raw]
    return facts


# Error codes and exception/error class names: ERR_DB_TIMEOUT, ECONNRESET, ORA-00060,
# NullPointerException, OutOfMemoryError. Absent from the evidence, one of these is a fabricated
# key entity, not a mere gap (spec 001 "fabricates a key entity, error code" → REJECT).
_ERROR_CODE_LIKE = re.compile(
    r"^(?:[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+|E[A-Z]{4,}|[A-Z]{2,6}-\d{2,6}|[A-Za-z][A-Za-z0-9]*(?:Exception|Error))$"
)


def error_code_like(token: str) -> bool:
    return bool(_ERROR_CODE_LIKE.match(token))


def _strong_identifier(token: str) -> bool:
    """CamelCase, ALLCAPS, or carrying digits / ``_`` / ``-`` / ``.``: a name, not a word."""
    if any(ch.isdigit() or ch in "_-." for ch in token):
        return True
    if len(token) >= 2 and token.isupper():
        return True
    return any(ch.isupper() for ch in token[1:])


def _token_in(value: str, folded_text: str) -> bool:
    """``value`` occurs in the text and is not glued to a longer word or number."""
    start = folded_text.find(value)
    while start >= 0:
        end = start + len(value)
        before = folded_text[start - 1] if start > 0 else " "
        after = folded_text[end] if end < len(folded_text) else " "
        if not (before.isascii() and (before.isalnum() or before == "_")) and not (
            after.isascii() and (after.isalnum() or after == "_")
        ):
            return True
        start = folded_text.find(value, start + 1)
    return False


@dataclass
class CheckResult:
    verification: str
    detail: str
    matched: list[str] = field(default_factory=list)
    hard_missing: list[str] = field(default_factory=list)
    soft_missing: list[str] = field(default_factory=list)
    conflicts: list[str] = field(default_factory=list)
    overstated: list[str] = field(default_factory=list)
    interpretation: list[str] = field(default_factory=list)


def _time_matches(claim: str, times: set[str]) -> bool:
    return any(t == claim or t.startswith(claim + ":") or claim.startswith(t + ":") for t in times)


def check_claim(claim_text: str, evidence_texts: Sequence[str]) -> CheckResult:
    """Classify one claim against the texts of its verified evidence (see module doc)."""
    claim = extract(claim_text)
    evidence = [extract(t) for t in evidence_texts if t]
    raw_evidence = "\n".join(t for t in evidence_texts if t)
    folded_evidence = fold(raw_evidence)
    ev_items = [f for e in evidence for f in e.items]

    def values(kind: str) -> set[str]:
        return {f.value for f in ev_items if f.kind == kind}

    ev_numbers = {(f.value, f.key) for f in ev_items if f.kind in ("number", "kv")}
    ev_number_values = {f.value for f in ev_items if f.kind in ("number", "kv", "code")}
    ev_kv: dict[str, set[str]] = {}
    for f in ev_items:
        if f.kind == "kv":
            ev_kv.setdefault(f.key, set()).add(f.value)
    ev_codes = values("code")
    ev_services = values("service")
    ev_times = values("time")

    result = CheckResult(verification=DIRECT, detail="")
    for fact in claim.items:
        shown = fact.show()
        if fact.kind == "kv":
            if fact.value in ev_kv.get(fact.key, set()):
                result.matched.append(shown)
            elif fact.key in ev_kv:
                result.conflicts.append(f"{shown}（证据为 {fact.key}={'/'.join(sorted(ev_kv[fact.key]))}）")
            elif fact.value in ev_number_values:
                result.soft_missing.append(shown)
            else:
                result.hard_missing.append(shown)
        elif fact.kind == "time":
            if _time_matches(fact.value, ev_times):
                result.matched.append(shown)
            elif ev_times:
                result.conflicts.append(f"时间 {shown}（证据中的时间为 {'、'.join(sorted(ev_times))}）")
            else:
                result.soft_missing.append(shown)
        elif fact.kind == "date":
            if fact.value in values("date"):
                result.matched.append(shown)
            else:
                result.soft_missing.append(shown)
        elif fact.kind == "code":
            if fact.value in ev_codes or (
                fact.value.endswith("xx") and any(c[0] == fact.value[0] for c in ev_codes)
            ):
                result.matched.append(shown)
            elif ev_codes:
                result.conflicts.append(f"错误码 {shown}（证据为 {'、'.join(sorted(ev_codes))}）")
            else:
                result.conflicts.append(f"错误码 {shown}（证据中没有这个错误码）")
        elif fact.kind == "service":
            if fact.value in ev_services or _token_in(fact.value, folded_evidence):
                result.matched.append(shown)
            elif ev_services:
                result.conflicts.append(f"服务 {shown}（证据中的服务为 {'、'.join(sorted(ev_services))}）")
            else:
                result.hard_missing.append(shown)
        elif fact.kind == "number":
            if (fact.value, fact.key) in ev_numbers or (
                fact.value in ev_number_values and (not fact.key or (fact.value, "") in ev_numbers)
            ):
                result.matched.append(shown)
            elif fact.key and any(unit == fact.key for _, unit in ev_numbers):
                same_unit = sorted({v + u for v, u in ev_numbers if u == fact.key})
                result.conflicts.append(f"{shown}（证据中的同类数值为 {'、'.join(same_unit)}）")
            else:
                result.hard_missing.append(shown)
        elif fact.kind == "ident":
            if _token_in(fact.value, folded_evidence):
                result.matched.append(shown)
            elif error_code_like(fact.text or fact.value):
                result.conflicts.append(f"错误码/异常 {shown}（证据中没有这个错误码或异常）")
            else:
                result.hard_missing.append(shown)
        else:  # word
            if fact.value in folded_evidence:
                result.matched.append(shown)
            else:
                result.soft_missing.append(shown)
    for term in claim.terms:
        # A word the evidence itself says (积压 5120 个任务) supports itself, whatever its glosses.
        if term in raw_evidence or any_spelling_in(KEY_TERMS_BY_WORD[term].evidence, raw_evidence):
            result.matched.append(term)
        else:
            result.soft_missing.append(term)
    result.overstated = [
        w for w in claim.overstatement if not any_spelling_in(OVERSTATEMENT_MARKERS[w], raw_evidence)
    ]
    result.interpretation = [w for w in claim.interpretation if w not in folded_evidence]

    substantive = [f for f in claim.items if f.kind != "word"]
    if result.conflicts:
        result.verification = CONTRADICTED
    elif not result.matched or not evidence_texts:
        result.verification = UNSUPPORTED
    elif result.hard_missing:
        result.verification = UNSUPPORTED
    elif result.overstated:
        result.verification = OVERSTATED
    elif result.soft_missing or result.interpretation or not substantive:
        result.verification = INFERENCE
    else:
        result.verification = DIRECT
    result.detail = _detail(result)
    return result


def _join(items: Sequence[str], limit: int = 8) -> str:
    shown = list(dict.fromkeys(items))
    more = f" 等 {len(shown)} 项" if len(shown) > limit else ""
    return "、".join(shown[:limit]) + more


def _detail(r: CheckResult) -> str:
    parts: list[str] = []
    if r.verification == CONTRADICTED:
        parts.append(f"与证据冲突：{_join(r.conflicts)}")
    if r.matched:
        parts.append(f"证据中出现：{_join(r.matched)}")
    if r.hard_missing:
        parts.append(f"证据中找不到：{_join(r.hard_missing)}")
    if r.overstated:
        parts.append(f"“{_join(r.overstated)}”超出证据所示范围")
    if r.interpretation:
        parts.append(f"“{_join(r.interpretation)}”是对证据的解读")
    if r.soft_missing:
        parts.append(f"未逐字出现：{_join(r.soft_missing)}")
    if not parts:
        parts.append("声明中没有可与证据核对的具体事实")
    verdict = {
        DIRECT: "声明的具体事实均直接出现在证据中",
        INFERENCE: "具体事实有证据支持，部分表述属于合理推断",
        OVERSTATED: "声明的范围强于证据",
        UNSUPPORTED: "证据不足以支持该声明",
        CONTRADICTED: "声明与证据相矛盾",
    }[r.verification]
    return f"{verdict}。" + "；".join(parts) + "。"
