"""The small operations vocabulary the offline agents reason with (pure data, no Django).

Three tables:

- ``SYMPTOMS``: what a question can ask about (HTTP 5xx, errors, timeouts, latency, restarts/OOM,
  memory, CPU, disk, alerts, connection pools, slow queries), how a question names it, how an
  evidence line shows it, and which tool calls look for it.
- ``KEY_TERMS``: Chinese domain words a claim may use, each with the evidence spellings that
  support it (Chinese or English, folded). The executor glosses evidence only with terms whose
  spelling is in the evidence; the verifier checks every key term of a claim the same way, so
  an honest Chinese gloss of an English log line counts as a direct observation.
- ``INTERPRETATION_MARKERS`` / ``OVERSTATEMENT_MARKERS``: wording that goes beyond what a line
  shows (a cause, "exhausted") or generalises it ("all", "continuously").
"""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class Symptom:
    id: str
    label: str  # Chinese, for plans, gaps and missing_info
    triggers: tuple[str, ...]  # folded substrings of a question that name it
    evidence: tuple[str, ...]  # folded substrings (or ``re:`` regexes) of evidence text that show it
    log_level: str | None = "ERROR"  # minimum level of the logs to read for it
    log_keyword: str | None = None  # a literal message substring worth a dedicated query
    metrics: bool = True  # worth a query_metrics call
    knowledge_terms: tuple[str, ...] = ()  # Chinese search words for the runbooks
    # Folded substrings of a metric series or alert *name* that measure it (memory_usage,
    # HighMemoryUsage → memory): the series and alerts that answer "how much".
    metric_terms: tuple[str, ...] = ()
    measure: str = ""  # the kind of quantity that measures it: time | size | percent | count
    implies: tuple[str, ...] = ()  # symptoms an evidence line showing it also shows (5xx → error)


# A restart of a process/container (not "try restarting transaction").
_RESTART = r"re:restart(?:ed|s|count|ing (?:failed )?container)|crashloop|back-off restarting"
# A 5xx status code, not part of a longer number, a decimal or a duration ("500ms").
_HTTP_5XX = r"re:(?<![\d.])5(?:\d\d|xx)(?![\d.%]|\s*(?:ms|毫秒|秒|s(?![a-z])))"

SYMPTOMS: tuple[Symptom, ...] = (
    Symptom(
        id="http_5xx",
        label="HTTP 5xx 错误",
        triggers=("5xx", "服务端错误", _HTTP_5XX),
        evidence=(_HTTP_5XX, "internal server error", "bad gateway", "service unavailable"),
        log_level="ERROR",
        knowledge_terms=("500", "错误率"),
        metric_terms=("5xx", "error_rate", "errorrate"),
        measure="percent",
        implies=("error",),
    ),
    Symptom(
        id="error",
        label="报错/异常",
        triggers=("报错", "错误", "异常", "出错", "失败", "error", "exception", "故障", "挂了", "不可用"),
        evidence=("error", "exception", "fail", "fatal", "错误", "异常", "失败"),
        log_level="ERROR",
        knowledge_terms=("错误", "异常"),
        metric_terms=("error", "5xx", "fail"),
        measure="percent",
    ),
    Symptom(
        id="timeout",
        label="超时",
        triggers=("超时", "timeout", "timed out", "time out", "504"),
        evidence=("timed out", "timeout", "time out", "超时", "504"),
        log_level="WARN",
        log_keyword="timeout",
        knowledge_terms=("超时",),
        metric_terms=("timeout", "504"),
        measure="time",
    ),
    Symptom(
        id="connection_pool",
        label="连接池",
        triggers=(
            "连接池",
            "connection pool",
            "hikari",
            "druid",
            "连接数",
            "连接不够",
            "拿不到连接",
            "获取连接",
        ),
        evidence=("pool", "连接池", "connection is not available", "too many connections"),
        log_level="WARN",
        log_keyword="pool",
        knowledge_terms=("数据库", "连接池"),
        metric_terms=("pool", "connection"),
        measure="count",
    ),
    Symptom(
        id="latency",
        label="延迟/慢",
        triggers=("延迟", "慢", "latency", "p99", "p95", "p90", "响应时间", "耗时", "卡顿"),
        evidence=(
            "latency",
            "slow",
            "duration",
            "elapsed",
            "p99",
            "p95",
            "took",
            "延迟",
            "慢",
            "耗时",
            "响应时间",
        ),
        log_level="WARN",
        log_keyword="slow",
        knowledge_terms=("延迟", "慢查询"),
        metric_terms=("latency", "duration", "p99", "p95", "p90", "response_time"),
        measure="time",
    ),
    Symptom(
        id="slow_query",
        label="慢查询",
        triggers=("慢查询", "慢sql", "slow query", "slow sql", "sql慢", "查询慢"),
        evidence=(
            "slow query",
            "slow sql",
            "慢查询",
            "rows examined",
            "rows_examined",
            "query_time",
            "query time",
        ),
        log_level="WARN",
        log_keyword="slow",
        knowledge_terms=("慢查询", "数据库"),
        metric_terms=("slow",),
        measure="time",
    ),
    Symptom(
        id="restart",
        label="重启/OOM",
        triggers=(
            "重启",
            r"re:(?<![a-z0-9])oom",
            "restart",
            "crash",
            "崩溃",
            "被杀",
            "killed",
            "crashloop",
            "宕机",
        ),
        evidence=(
            r"re:(?<![a-z0-9])oom",
            _RESTART,
            "killed",
            "crashloop",
            "back-off",
            "exit code",
            "重启",
            "outofmemory",
        ),
        log_level="WARN",
        log_keyword="oom",
        knowledge_terms=("重启", "内存", "oom"),
        metric_terms=("restart", "oom", "crash"),
        measure="count",
    ),
    Symptom(
        id="memory",
        label="内存",
        triggers=("内存", "memory", "heap", r"re:(?<![a-z0-9])gc(?![a-z0-9])", r"re:(?<![a-z0-9])oom"),
        evidence=(
            "memory",
            "heap",
            r"re:(?<![a-z0-9])oom",
            r"re:(?<![a-z0-9])gc(?![a-z0-9])",
            r"re:(?<![a-z0-9])rss(?![a-z0-9])",
            "内存",
            "outofmemory",
        ),
        log_level="WARN",
        knowledge_terms=("内存",),
        metric_terms=("memory", "mem_", "heap", "rss"),
        measure="size",
    ),
    Symptom(
        id="cpu",
        label="CPU",
        triggers=("cpu", "负载", r"re:(?<![a-z0-9])load(?![a-z0-9])", "throttl"),
        evidence=("cpu", r"re:(?<![a-z0-9])load(?![a-z0-9])", "throttl", "负载"),
        log_level="WARN",
        knowledge_terms=("cpu", "负载"),
        metric_terms=("cpu", "load1", "load5", "loadavg", "load_avg"),
        measure="percent",
    ),
    Symptom(
        id="disk",
        label="磁盘空间",
        triggers=("磁盘", "disk", "空间", "存储", "no space", "inode", "写满"),
        evidence=("disk", "no space", "space left", "filesystem", "inode", "volume", "磁盘", "空间"),
        log_level="WARN",
        log_keyword="disk",
        knowledge_terms=("磁盘", "空间"),
        metric_terms=("disk", "filesystem", "inode", "volume", "storage"),
        measure="percent",
    ),
    Symptom(
        id="backlog",
        label="消息积压",
        triggers=("积压", "堆积", "lag", "backlog", "消费延迟", "消费慢", "消费不过来"),
        evidence=("lag", "backlog", "积压", "堆积", "rebalanc"),
        log_level="WARN",
        log_keyword="lag",
        knowledge_terms=("消息", "积压"),
        metric_terms=("lag", "backlog", "queue"),
        measure="count",
    ),
    Symptom(
        id="alert",
        label="告警",
        triggers=("告警", "报警", "alert", "alarm", "firing"),
        evidence=("firing", "alert", "告警"),
        log_level=None,
        knowledge_terms=("告警",),
    ),
)

SYMPTOMS_BY_ID: dict[str, Symptom] = {s.id: s for s in SYMPTOMS}

# Symptoms whose evidence is an error line: an ERROR-level read answers them.
ERRORISH: frozenset[str] = frozenset({"http_5xx", "error", "timeout", "connection_pool"})


@dataclass(frozen=True)
class KeyTerm:
    term: str  # the Chinese word as it appears in a claim
    evidence: tuple[str, ...]  # folded spellings in evidence that support it (``re:`` = regex)


KEY_TERMS: tuple[KeyTerm, ...] = (
    KeyTerm("连接池", ("pool", "连接池")),
    KeyTerm("连接", ("connection", "connect", "连接", "pool")),
    KeyTerm("获取连接", ("connection", "获取连接")),
    KeyTerm(
        "数据库",
        (
            "database",
            "jdbc",
            "sql",
            "mysql",
            "postgres",
            "hikari",
            "druid",
            r"re:(?<![a-z])db(?![a-z])",
            "数据库",
        ),
    ),
    KeyTerm("超时", ("timed out", "timeout", "time out", "超时")),
    KeyTerm("不可用", ("not available", "unavailable", "不可用")),
    KeyTerm("拒绝", ("refused", "rejected", "reject", "拒绝")),
    # ``oom`` only as a word of its own: BLOOMFILTER / bloom are no out-of-memory.
    KeyTerm("内存", ("memory", "heap", r"re:(?<![a-z0-9])oom", "rss", "内存")),
    KeyTerm("内存溢出", ("outofmemory", "out of memory", r"re:(?<![a-z0-9])oom", "内存溢出")),
    KeyTerm("重启", (_RESTART, "重启")),
    KeyTerm("容器", ("container", "pod", "容器")),
    KeyTerm("被杀", ("killed", "被杀")),
    KeyTerm("终止", ("killed", "terminated", "exit", "终止")),
    KeyTerm("慢查询", ("slow query", "slow sql", "慢查询")),
    KeyTerm("慢", ("slow", "慢")),
    KeyTerm("延迟", ("latency", "duration", "p99", "p95", "延迟")),
    KeyTerm("耗时", ("took", "elapsed", "duration", "query_time", "耗时")),
    KeyTerm("磁盘", ("disk", "filesystem", "volume", "device", "磁盘")),
    KeyTerm("空间", ("space", "空间")),
    KeyTerm("磁盘空间", ("no space", "disk space", "space left", "disk usage", "磁盘空间")),
    KeyTerm("使用率", ("usage", "util", "used", "使用率", "%")),
    KeyTerm("告警", ("firing", "resolved", "alert", "告警")),
    KeyTerm("触发", ("firing", "fired", "触发")),
    KeyTerm("恢复", ("resolved", "recovered", "恢复")),
    KeyTerm("错误", ("error", "err", "fail", "exception", "错误")),
    KeyTerm("报错", ("error", "exception", "fail", "报错")),
    KeyTerm("异常", ("exception", "error", "异常")),
    KeyTerm("失败", ("fail", "error", "失败")),
    KeyTerm("错误率", ("error", "5xx", "错误率")),
    KeyTerm("请求", ("request", "post", "get", "http", "请求")),
    KeyTerm("阈值", ("threshold", "阈值", "超过")),
    KeyTerm("越过", ("crossed", "threshold", "越过", "超过")),
    KeyTerm("超过", ("crossed", "exceed", "above", "over", "超过", ">")),
    KeyTerm("最大值", ("max", "最大")),
    KeyTerm("最小值", ("min", "最小")),
    KeyTerm("平均值", ("avg", "mean", "平均")),
    KeyTerm("最新值", ("last", "latest", "最新")),
    KeyTerm("线程", ("thread", "线程")),
    KeyTerm("队列", ("queue", "队列")),
    KeyTerm("积压", ("backlog", "lag", "pending", "积压")),
    KeyTerm("死锁", ("deadlock", "死锁")),
    KeyTerm("锁", ("lock", "锁")),
    KeyTerm("负载", ("load", "cpu", "负载")),
)

KEY_TERMS_BY_WORD: dict[str, KeyTerm] = {k.term: k for k in KEY_TERMS}

# The key terms worth a gloss on an evidence line, in reading order (generic words such as
# 错误/报错/请求 add nothing to a line that already says ERROR).
GLOSS_TERMS: tuple[str, ...] = (
    "数据库", "连接池", "连接", "超时", "不可用", "拒绝", "内存溢出", "内存", "容器", "被杀", "重启",
    "慢查询", "延迟", "磁盘空间", "磁盘", "线程", "积压", "死锁",
)  # fmt: skip

# Claim wording that adds a cause or judgement a single evidence line does not show.
INTERPRETATION_MARKERS: tuple[str, ...] = (
    "导致", "引起", "造成", "引发", "因为", "由于", "所以", "因此", "根因", "原因", "说明", "表明",
    "意味着", "耗尽", "可能", "疑似", "推测", "估计", "应该是", "瓶颈", "打满", "占满", "雪崩", "拖垮",
)  # fmt: skip

# Claim wording that generalises beyond the evidence; each with evidence spellings that back it.
OVERSTATEMENT_MARKERS: dict[str, tuple[str, ...]] = {
    "全部": ("all", "全部"),
    "所有": ("all", "所有"),
    "全都": ("all",),
    "一直": ("continu", "always", "一直"),
    "持续": ("continu", "sustain", "持续", "for "),
    "始终": ("always", "始终"),
    "完全": ("complete", "fully", "完全"),
    "彻底": ("complete", "彻底"),
    "总是": ("always", "总是"),
    "每次": ("every", "每次"),
    "大量": ("many", "burst", "大量"),
    "大面积": ("大面积",),
    "全量": ("全量",),
    "任何": ("any", "任何"),
    "永久": ("permanent", "永久"),
    "全面": ("全面",),
}

# Words jieba must keep whole when segmenting questions and claims.
SEGMENTER_WORDS: tuple[str, ...] = tuple(
    dict.fromkeys(
        [k.term for k in KEY_TERMS]
        + list(INTERPRETATION_MARKERS)
        + list(OVERSTATEMENT_MARKERS)
        + ["报警", "慢查询", "响应时间", "服务端错误", "拿不到连接", "写满", "宕机", "崩溃"]
    )
)


def _compile(spellings: tuple[str, ...]) -> tuple[re.Pattern[str] | str, ...]:
    return tuple(re.compile(s[3:]) if s.startswith("re:") else s for s in spellings)


_COMPILED: dict[tuple[str, ...], tuple[re.Pattern[str] | str, ...]] = {}


def any_spelling_in(spellings: tuple[str, ...], folded_text: str) -> bool:
    """True when one of ``spellings`` (folded substrings or ``re:`` regexes) occurs in the text."""
    compiled = _COMPILED.get(spellings)
    if compiled is None:
        compiled = _COMPILED[spellings] = _compile(spellings)
    for item in compiled:
        if isinstance(item, str):
            if item in folded_text:
                return True
        elif item.search(folded_text):
            return True
    return False
