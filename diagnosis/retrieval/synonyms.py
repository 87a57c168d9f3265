"""A small bilingual operations vocabulary for query expansion.

Runbooks are mostly Chinese while log lines and many questions mix in English; expanding a
query with the other language's words lets "connection pool" find 连接池 and vice versa.
Expansions count for less than the words typed (``EXPANSION_WEIGHT``).
"""

from __future__ import annotations

EXPANSION_WEIGHT = 0.6

# Each group: words (already in tokenize() form: lower-case ASCII, jieba words) that mean the same.
SYNONYM_GROUPS: tuple[frozenset[str], ...] = tuple(
    frozenset(group)
    for group in (
        {"连接池", "pool", "hikaripool", "hikari"},
        {"连接", "connection", "connections"},
        {"耗尽", "exhausted", "exhaustion"},
        {"超时", "timeout", "timed"},
        {"数据库", "database", "db", "mysql", "postgresql"},
        {"慢查询", "slow"},
        {"查询", "query", "queries"},
        {"内存", "memory", "oom", "heap"},
        {"内存溢出", "oom", "oomkilled", "outofmemoryerror"},
        {"重启", "restart", "restarts", "crashloopbackoff"},
        {"磁盘", "disk"},
        {"磁盘满", "disk", "full"},
        {"空间", "space"},
        {"延迟", "latency", "slow"},
        {"错误", "error", "errors"},
        {"错误率", "error", "rate"},
        {"告警", "alert", "alerts"},
        {"服务", "service"},
        {"缓存", "cache", "redis"},
        {"消息", "message", "kafka", "mq"},
        {"积压", "backlog", "lag"},
        {"线程池", "thread", "threads"},
        {"证书", "certificate", "tls", "ssl"},
        {"网络", "network"},
        {"时钟", "clock", "ntp", "chronyd"},
        {"偏差", "skew", "drift"},
        {"校验", "validation", "verify", "verification"},
        {"域名", "dns", "domain"},
        {"解析", "resolve", "resolution", "lookup"},
        {"支付", "payment", "pay"},
        {"订单", "order", "orders"},
        {"库存", "inventory", "stock"},
        {"用户", "user", "users"},
        {"网关", "gateway"},
        {"地图", "高德", "amap", "geocode", "geocoding"},
        {"配额", "quota"},
        {"处理方案", "fix", "remediation", "mitigation"},
        {"排查步骤", "troubleshooting", "diagnose"},
        {"常见原因", "cause", "causes"},
    )
)


def expand(terms: list[str]) -> dict[str, float]:
    """``terms`` at weight 1.0 plus their synonyms at ``EXPANSION_WEIGHT`` (typed words win)."""
    weighted: dict[str, float] = {term: 1.0 for term in terms}
    for term in terms:
        for group in SYNONYM_GROUPS:
            if term in group:
                for synonym in group:
                    weighted.setdefault(synonym, EXPANSION_WEIGHT)
    return weighted
