"""Fixed Chinese answer templates (STYLE §6: user-facing messages are constants).

``render_fallback(reason)`` is the answer of a pre-verification fallback and ``render_clarify`` the
answer to a non-question; both are pure and use nothing but their arguments. The answer of a
verified run is built and rendered by ``compose`` / ``answer`` (conclusion first).
"""

from __future__ import annotations

from typing import Final

from contracts import reasons as R
from diagnosis.composer import answer as A

# --- Section headings and lines (their one home is ``answer``; these names are what the
# evaluation and older callers read) -----------------------------------------------------------
H_PASS_CONCLUSION: Final = A.H_CONCLUSION
H_KEY_EVIDENCE: Final = A.H_KEY_EVIDENCE
H_TIMELINE: Final = A.H_TIMELINE
H_DIRECTIONS: Final = A.H_DIRECTIONS
H_SUGGESTIONS: Final = A.H_ADVICE
H_CONFIRMED: Final = A.H_CONFIRMED
H_GAPS: Final = A.H_GAPS
H_NEXT_STEPS: Final = A.H_NEXT_STEPS
H_REJECT_FACTS: Final = A.H_REJECT_FACTS
LEAD_REJECT: Final = A.LEAD_REJECT
NONE_CONFIRMED: Final = A.NONE_CONFIRMED
NONE_GAPS: Final = A.NONE_GAPS
DEFAULT_NEXT_STEP: Final = A.DEFAULT_NEXT_STEP
GAP_NEXT_STEP: Final = "使用 {tool} 补充查询：{query}"
GAP_NEXT_STEP_NO_QUERY: Final = "使用 {tool} 补充查询相关证据。"
UNSUPPORTED_CLAIM_GAP: Final = "以下说法缺少直接证据，未作为结论：{text}"
OVERSTATED_CLAIM_GAP: Final = "以下说法超出了证据所能支持的范围，未作为结论：{text}"
EXTERNAL_CLAIM_GAP: Final = "以下说法依赖本次未查询到的外部信息，未作为结论：{text}"
CONTRADICTED_GAP: Final = "有 {count} 条说法与查询到的证据相矛盾，已剔除。"
INFERENCE_DIRECTION: Final = "{text}（由证据推断，未直接验证）"

#: The answer to text that names nothing to diagnose (issue 24): outcome ``clarify``, no verdict,
#: no tool call. ``{services}``: a few service names of the scope, so the user sees what exists.
CLARIFY: Final = (
    "没看懂要排查什么：请说明服务、现象和时间，例如「payment-service 10:05 开始大量 500，原因是什么？」"
    "或「订单服务最近半小时有没有告警？」。{services}"
)
CLARIFY_SERVICES: Final = "已加载数据的服务有：{names}。"
MAX_CLARIFY_SERVICES: Final = 8


def render_clarify(services: list[str]) -> str:
    names = "、".join(services[:MAX_CLARIFY_SERVICES])
    return CLARIFY.format(services=CLARIFY_SERVICES.format(names=names) if names else "")


# --- Fallback answers (pre-verification fallback; no conclusion is ever given) ----------------
FALLBACK_HEAD: Final = "本次未能给出经过核验的诊断结论。"
FALLBACK_BODY: Final = "{head}\n原因：{why}\n下一步：{next}"
FALLBACK_MESSAGES: Final[dict[str, tuple[str, str]]] = {
    R.PLANNER_FAILED: (
        "规划证据收集时模型调用出现技术故障，没有开始收集证据。",
        "请稍后重试；如果持续失败，请检查模型服务的配置与可用性。",
    ),
    R.EXECUTOR_FAILED: (
        "收集证据时模型调用出现技术故障，没有得到可校验的结果。",
        "请稍后重试；已完成的工具调用记录可在本次运行的审计页面查看。",
    ),
    R.EXECUTOR_INVALID_OUTPUT: (
        "证据收集结束后，执行器的输出不是约定的结构化证据格式，无法逐条校验。",
        "请重试或换一种更具体的问法（例如给出服务名与时间）；工具调用记录可在审计页面查看。",
    ),
    R.GATEKEEPER_REJECT: (
        "执行器引用的证据没有通过确定性校验（引用的调用、路径或摘录与实际查询结果不符），为避免给出未经证实的结论，本次不作判断。",
        "请重试，或直接在审计页面查看本次查询到的日志、告警与指标。",
    ),
    R.GATEKEEPER_NO_PASSED_BINDING: (
        "执行器给出的说法没有一条能精确对应到本次查询到的证据，无法核验。",
        "请重试，或换一种更具体的问法（例如给出服务名与时间）。",
    ),
    R.VERIFIER_EXHAUSTED: (
        "证据核验环节多次没有返回有效结果（技术故障），无法完成核验。",
        "请稍后重试；如果持续失败，请检查模型服务。",
    ),
    R.VERIFIER_NON_RETRYABLE: (
        "证据核验环节调用失败且无法重试，无法完成核验。",
        "请检查模型服务的配置与可用性后重试。",
    ),
    R.BUDGET_EXHAUSTED: (
        "本次诊断的模型调用预算（token 数或时长上限）已用完，证据没有完成核验，因此不给出结论。",
        "请缩小问题范围（给出服务名与时间）后重试；管理员可在配置中调整 RUN_MAX_TOKENS 与 RUN_MAX_SECONDS。",
    ),
    R.MODEL_UNAVAILABLE: (
        "模型服务近期连续调用失败（连接失败、超时或服务端错误），系统已暂停向它发送请求（熔断保护），本次诊断没有完成，不给出结论。",
        "请稍后重试：冷却时间过后系统会自动试探模型服务是否恢复；如果持续出现，请检查模型服务（OPENAI_BASE_URL）的可用性。",
    ),
    R.INTERNAL_ERROR: (
        "系统内部出现错误，本次诊断没有完成。",
        "请稍后重试；如果持续出现，请联系管理员查看服务日志。",
    ),
    R.STALE_RUN: (
        "本次诊断在规定时间内没有完成（执行它的进程可能已中断），系统已将其关闭。",
        "请重新提问；已完成的工具调用记录可在本次运行的审计页面查看。",
    ),
    R.RUN_TIME_LIMIT: (
        "本次诊断超过了单次运行的时长上限，执行它的进程已被强制结束，因此不给出结论。",
        "请缩小问题范围（给出服务名与时间）后重试；管理员可在配置中调整 RUN_HARD_TIME_LIMIT_S。",
    ),
}


def render_fallback(reason: str) -> str:
    """The Chinese answer of a fallback: what went wrong, that no conclusion is given, what to
    do next. Never contains model or tool text."""
    why, next_step = FALLBACK_MESSAGES.get(reason, FALLBACK_MESSAGES[R.INTERNAL_ERROR])
    return FALLBACK_BODY.format(head=FALLBACK_HEAD, why=why, next=next_step)
