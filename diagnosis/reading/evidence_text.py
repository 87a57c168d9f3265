"""How an evidence line reads (pure, no Django): the last link of its exception chain and the
Chinese key terms it shows. Shared by the offline agents (which choose and word claims) and the
composer (which words a conclusion from confirmed claims)."""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache
from typing import Final

from diagnosis.reading.vocabulary import GLOSS_TERMS, KEY_TERMS_BY_WORD, any_spelling_in, rules

MIN_CAUSE_CHARS: Final = 12  # a shorter last link names nothing ("caused by: null")
_EVIDENCE = rules("terms")["evidence"]
_CAUSE_MARKERS, _CAUSE_ENDS = tuple(_EVIDENCE["cause_markers"]), tuple(_EVIDENCE["cause_ends"])


_EXCEPTION_LINE: Final = re.compile(r"^(?:[A-Za-z_][\w.$]*(?:Error|Exception|Exit|Interrupt|Warning)\b|Caused by:)")


def innermost(message: str) -> str:
    """The last link of an exception chain in ``message`` — after the last "Caused by:" /
    "nested exception is" / "Cause:" of its first line, up to a section that follows it (MyBatis's
    "### The error may involve …"); for a stack trace written over several lines, its last
    exception line (Python's final ``KeyError: 'DATABASE_URL'``, Java's last ``Caused by:``); the
    whole first line without either."""
    lines = [line.strip() for line in message.split("\n") if line.strip()]
    caused = [line for line in lines[1:] if _EXCEPTION_LINE.match(line)]
    if caused:
        last = caused[-1]
        return last[len("Caused by:"):].strip() if last.startswith("Caused by:") else last
    line = message.split("\n", 1)[0]
    folded = line.casefold()
    cut = max((folded.rfind(marker) + len(marker) for marker in _CAUSE_MARKERS if marker in folded), default=0)
    if not cut or len(line) - cut < MIN_CAUSE_CHARS:
        return line
    ends = [i for i in (folded.find(end, cut) for end in _CAUSE_ENDS) if i > cut]
    return line[cut : min(ends, default=len(line))].strip()


def gloss(text: str, limit: int = 3) -> list[str]:
    """Chinese key terms whose evidence spellings occur in ``text``, in reading order."""
    return list(_gloss(text, limit))


@lru_cache(maxsize=4096)
def _gloss(text: str, limit: int) -> tuple[str, ...]:
    """``gloss``, cached (issue 30): a run glosses the same evidence lines for every selection."""
    found = [t for t in GLOSS_TERMS if any_spelling_in(KEY_TERMS_BY_WORD[t].evidence, text)]
    # Keep the most specific: drop a term contained in a longer found term (连接 ⊂ 连接池).
    return tuple([t for t in found if not any(t != o and t in o for o in found)][:limit])


# What an anomaly looks like in confirmed evidence (folded). A firing alert, a crossed
# threshold, an ERROR/WARN/FATAL line, a 5xx, a timeout, an exception, a kill, a pod or
# deployment not healthy.
# "Not over the threshold", "not firing": what a healthy line says about itself.
_NEGATED: Final = re.compile(
    r"(?:未|没有|没|无|不|从未)(?:超过阈值|超过|越过|触发|报错|异常|超时|失败|告警)|not (?:firing|crossed|exceeded)|no errors?"
)
_RATIO: Final = re.compile(r"(?<![\d.])(\d{1,6})\s*/\s*(\d{1,6})(?![\d.])")
NEAR_FULL: Final = 0.9
# Readiness (就绪 1/1, ready 0/1) is a ratio too, but a full one is healthy: fewer ready than wanted is the anomaly.
_READY: Final = re.compile(r"(?:就绪|ready)[\s:：=]*(\d{1,6})\s*/\s*(\d{1,6})(?![\d.])")
# Words inside identifiers (``edge_5xx_rate``, ``http_error_total``) are metric names, not anomalies.
_ANOMALY: Final = re.compile(
    r"(?<![a-z_])(error|fatal|warn|warning|critical|exception|firing|timed out|timeout|refused|oomkilled|killed|"
    r"unavailable|crashloop)(?![a-z_])|(?<![\w.])5\d\d(?![\w.%])|超过阈值|越过阈值|触发|报错|异常|超时|失败|耗尽"
    # Kubernetes state that is not healthy: a waiting reason, a Pending pod, not ready, not available.
    r"|(?<![a-z_])(?:[a-z]*backoff|errimagepull|crashloop[a-z]*|createcontainer[a-z]*error|pending|evicted|"
    r"failedscheduling|notready|oomkill[a-z]*)(?![a-z_])|未就绪|不可用"
)


def _folded(text: object) -> str:
    return " ".join(unicodedata.normalize("NFKC", str(text or "")).casefold().split())


def anomalous(text: object) -> bool:
    """The text shows something wrong: an ERROR/WARN/FATAL word, a 5xx, a timeout, an exception, a
    kill, a crossed threshold, a firing alert, a pod or node not ready, a resource at ≥ ``NEAR_FULL``
    of its limit — not a negated one ("未超过阈值", "not firing")."""
    folded = _NEGATED.sub(" ", _folded(text))
    if _ANOMALY.search(folded) or any(int(a) < int(b) for a, b in _READY.findall(folded)):
        return True
    folded = _READY.sub(" ", folded)
    # A resource at ≥ NEAR_FULL of its limit (pool usage 198/200, active=50/50).
    return any(int(b) > 0 and int(a) / int(b) >= NEAR_FULL for a, b in _RATIO.findall(folded))
