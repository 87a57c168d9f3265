"""The one Chinese label table for every enum value shown to people (issue 27 item 5).

The web UI (template filter ``zh``), the admin (model choices, columns), the API's ``*_display``
fields and the SSE ``stage`` labels all read these tables; nothing else spells a Chinese label of
an enum value. Each table is keyed by the persisted value. A value missing from its table is shown
as it is (a newer value than this module knows must not break a page);
``tests/web/test_every_enum_value_has_a_chinese_label.py`` checks that every value of every enum
the product defines has its label here.

Pure data and two pure functions: no Django, no I/O (the models import it for their choices).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any, Final

from contracts.asked import KIND_LABELS
from contracts.tools import GET_CURRENT_TIME, LOOKUP_KNOWLEDGE, QUERY_K8S, QUERY_LOGS, QUERY_METRICS
from contracts.verdict import ClaimVerification, FactClass, Severity, Verdict
from contracts.verdict import Status as GateStatus

# --- Runs ----------------------------------------------------------------------------------
RUN_STATUS: Final[Mapping[str, str]] = {
    "queued": "排队中",
    "running": "运行中",
    "completed": "已完成",
    "failed": "失败",
}
OUTCOME: Final[Mapping[str, str]] = {
    "pass": "通过",
    "low_confid": "低置信",
    "reject": "拒绝",
    "fallback": "兜底",
    "clarify": "需澄清",  # DESIGN §10.5: a clarifying question carries no verdict
}
#: The verdict badge keeps the verdict's own name (PASS …): tests, the API and the JS read it;
#: the Chinese label is said beside it (``verdict_display``, the badge's title).
VERDICT: Final[Mapping[str, str]] = {
    Verdict.PASS: "通过",
    Verdict.LOW_CONFID: "低置信",
    Verdict.REJECT: "拒绝",
}
GATEKEEPER_SEVERITY: Final[Mapping[str, str]] = {
    Severity.NONE: "无问题",
    Severity.LOW_CONFID: "低置信",
    Severity.REJECT: "拒绝",
}
GATEKEEPER_STATUS: Final[Mapping[str, str]] = {GateStatus.PASS: "通过", GateStatus.WARN: "有警告", GateStatus.FAIL: "未通过"}
FALLBACK_REASON: Final[Mapping[str, str]] = {
    "planner_failed": "规划失败",
    "executor_failed": "取证失败",
    "executor_invalid_output": "取证输出无效",
    "gatekeeper_reject": "证据守门拒绝",
    "gatekeeper_no_passed_binding": "没有通过守门的证据",
    "verifier_exhausted": "核验重试用尽",
    "verifier_non_retryable": "核验失败（不可重试）",
    "model_unavailable": "模型服务不可用",
    "internal_error": "内部错误",
    "budget_exhausted": "运行预算用尽",
    "stale_run": "运行进程中断（已回收）",
    "run_time_limit": "运行超时被终止",
}
SESSION_ORIGIN: Final[Mapping[str, str]] = {"user": "用户提问", "alert": "告警触发"}
SCOPE_KIND: Final[Mapping[str, str]] = {"live": "实时", "replay": "回放"}

# --- Verification --------------------------------------------------------------------------
VERIFICATION: Final[Mapping[str, str]] = {
    ClaimVerification.DIRECT_OBSERVATION: "直接观察",
    ClaimVerification.REASONABLE_INFERENCE: "合理推断",
    ClaimVerification.OVERSTATED: "表述过度",
    ClaimVerification.UNSUPPORTED: "无证据支持",
    ClaimVerification.EXTERNAL_UNKNOWN: "外部未知",
    ClaimVerification.CONTRADICTED: "与证据矛盾",
}
FACT_CLASS: Final[Mapping[str, str]] = {
    FactClass.DIRECT_EVIDENCE: "直接证据",
    FactClass.INDIRECT_SUPPORT: "间接支持",
    FactClass.NO_EVIDENCE: "无证据",
    FactClass.CONTRADICTED: "与证据矛盾",
}
COVERAGE_STATUS: Final[Mapping[str, str]] = {"answered": "已回答", "partial": "部分回答", "unanswered": "未回答"}
ASKED_KIND: Final[Mapping[str, str]] = KIND_LABELS
ASKED_SOURCE: Final[Mapping[str, str]] = {"planner": "按问题规划", "followup": "结合上文追问"}

# --- Evidence and tools --------------------------------------------------------------------
INVOCATION_STATUS: Final[Mapping[str, str]] = {
    "success": "成功",
    "no_hit": "无命中",
    "failed": "失败",
    "deduped": "重复（未再执行）",
}
TOOL: Final[Mapping[str, str]] = {
    QUERY_LOGS: "日志查询",
    QUERY_METRICS: "指标与告警查询",
    QUERY_K8S: "Kubernetes 状态查询",
    LOOKUP_KNOWLEDGE: "处理手册检索",
    GET_CURRENT_TIME: "读取当前时间",
}
#: Where a piece of evidence or advice comes from (binding ``source_type``, action ``basis``).
SOURCE: Final[Mapping[str, str]] = {
    "log": "日志",
    "metric": "指标",
    "alert": "告警",
    "runbook": "处理手册",
    "knowledge": "处理手册",
    "k8s": "Kubernetes",
    "evidence": "证据",
    "query": "查询范围",
}
PRIORITY: Final[Mapping[str, str]] = {"high": "高", "medium": "中", "low": "低"}
#: Why the composer left a recommended action or direction out (``composer_output.dropped_*``).
DROP_REASON: Final[Mapping[str, str]] = {
    "no_matching_evidence": "没有对应的已确认证据",
    "no_confirmed_claim": "没有已确认的结论",
    "no_runbook_section": "处理手册中没有对应章节",
    "no_anomaly": "没有发现异常",
    "unknown_basis": "依据不明",
}
TIMELINE_KIND: Final[Mapping[str, str]] = {"change": "变更", "onset": "开始", "peak": "峰值", "recovery": "恢复"}

# --- The graph (stage labels) --------------------------------------------------------------
NODE: Final[Mapping[str, str]] = {
    "graph": "诊断流程",
    "planner": "规划取证",
    "executor": "调用工具取证",
    "gatekeeper": "证据守门校验",
    "verifier": "核验结论",
    "composer": "撰写回答",
    "fallback": "安全兜底",
    "end": "结束",
}
EVENT: Final[Mapping[str, str]] = {
    "start": "开始",
    "finish": "完成",
    "retry": "重试",
    "route": "路由",
    "error": "出错",
    "tool": "工具调用",
}

# --- Alerts --------------------------------------------------------------------------------
ALERT_STATUS: Final[Mapping[str, str]] = {"firing": "触发中", "resolved": "已恢复"}

#: Every table by name: the template filter ``{{ value|zh:"outcome" }}`` looks them up here.
TABLES: Final[Mapping[str, Mapping[str, str]]] = {
    "run_status": RUN_STATUS,
    "outcome": OUTCOME,
    "verdict": VERDICT,
    "gatekeeper_severity": GATEKEEPER_SEVERITY,
    "gatekeeper_status": GATEKEEPER_STATUS,
    "fallback_reason": FALLBACK_REASON,
    "session_origin": SESSION_ORIGIN,
    "scope_kind": SCOPE_KIND,
    "verification": VERIFICATION,
    "fact_class": FACT_CLASS,
    "coverage_status": COVERAGE_STATUS,
    "asked_kind": ASKED_KIND,
    "asked_source": ASKED_SOURCE,
    "invocation_status": INVOCATION_STATUS,
    "tool": TOOL,
    "source": SOURCE,
    "priority": PRIORITY,
    "drop_reason": DROP_REASON,
    "timeline_kind": TIMELINE_KIND,
    "node": NODE,
    "event": EVENT,
    "alert_status": ALERT_STATUS,
}


def label(table: Mapping[str, str], value: Any) -> str:
    """The Chinese label of ``value`` in ``table``; the value itself when the table lacks it,
    "" for None or ""."""
    if value is None or value == "":
        return ""
    text = str(value)
    return table.get(text, text)


def choices(table: Mapping[str, str]) -> list[tuple[str, str]]:
    """``(value, label)`` pairs for a Django ``choices`` argument, in the table's order."""
    return [(str(value), text) for value, text in table.items()]


def stage_label(node: str, event: str, detail: Any) -> str:
    """Chinese label of one orchestration event, e.g. "调用工具取证 · 工具调用 日志查询（成功）"."""
    text = f"{label(NODE, node)} · {label(EVENT, event)}"
    if isinstance(detail, Mapping):
        if event == "tool" and detail.get("tool_name"):
            status = label(INVOCATION_STATUS, detail.get("status"))
            text += f" {label(TOOL, detail['tool_name'])}" + (f"（{status}）" if status else "")
        elif event == "route" and detail.get("target"):
            text += f" → {label(NODE, detail['target'])}"
    return text


def number(value: Any, places: int = 2) -> str:
    """A number as people read it: at most ``places`` decimals, no trailing zeros
    (0.9333333333333332 → "0.93", 1.0 → "1", 12 → "12"); anything else as text."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return "" if value is None else str(value)
    if isinstance(value, float) and not math.isfinite(value):
        return str(value)
    text = f"{value:.{places}f}" if isinstance(value, float) else str(value)
    return text.rstrip("0").rstrip(".") if "." in text else text
