"""Fixed Chinese answer templates (STYLE §6: user-facing messages are constants).

``render(material)`` turns Composer material into the answer for PASS, LOW_CONFID and REJECT;
``render_fallback(reason)`` is the answer of a pre-verification fallback. Both are pure and use
nothing but the material / reason, so a rendered answer always passes the leak guard. The
REJECT text never states a cause: it lists confirmed observations, gaps and next steps only.
"""

from __future__ import annotations

from typing import Final

from diagnosis.agents.base import ComposerMaterial
from diagnosis.composer.quoting import neutral, quote
from diagnosis.graph import reasons as R

# --- Section headings -------------------------------------------------------------------------
H_PASS_CONCLUSION: Final = "结论（已验证）"
H_DIRECTIONS: Final = "可能的方向（未验证）"
H_SUGGESTIONS: Final = "建议"
H_CONFIRMED: Final = "确认的信息"
H_GAPS: Final = "证据缺口"
H_NEXT_STEPS: Final = "下一步建议"
H_REJECT_FACTS: Final = "已确认的事实"

# --- Lead lines -------------------------------------------------------------------------------
LEAD_LOW_CONFID: Final = "现有证据只能部分支持判断：下面分开列出已确认的信息、未经验证的可能方向和仍缺少的证据。"
LEAD_REJECT: Final = "当前证据不足以支持可靠的结论，本次不对故障成因下判断。下面只列出已被证据确认的事实、证据缺口和下一步建议。"

# --- Line formats -----------------------------------------------------------------------------
ITEM: Final = "- {text}"
#: ``quoted`` is ``quoting.quote(matched_text)``: tool text inside 「…」 it cannot close.
EVIDENCE_LINE: Final = "  依据：{invocation_id} {raw_path}{quoted}"
NONE_CONFIRMED: Final = "- 暂无可以由证据直接确认的信息。"
NONE_GAPS: Final = "- 未发现可以直接支撑结论的证据。"
DEFAULT_NEXT_STEP: Final = "人工复核本次查询到的日志、告警与指标，必要时扩大时间范围或换用其他关键词重新提问。"
GAP_NEXT_STEP: Final = "使用 {tool} 补充查询：{query}"
GAP_NEXT_STEP_NO_QUERY: Final = "使用 {tool} 补充查询相关证据。"
UNSUPPORTED_CLAIM_GAP: Final = "以下说法缺少直接证据，未作为结论：{text}"
OVERSTATED_CLAIM_GAP: Final = "以下说法超出了证据所能支持的范围，未作为结论：{text}"
EXTERNAL_CLAIM_GAP: Final = "以下说法依赖本次未查询到的外部信息，未作为结论：{text}"
CONTRADICTED_GAP: Final = "有 {count} 条说法与查询到的证据相矛盾，已剔除。"
INFERENCE_DIRECTION: Final = "{text}（由证据推断，未直接验证）"

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


def evidence_line(ev: dict) -> str:
    return EVIDENCE_LINE.format(
        invocation_id=neutral(str(ev.get("invocation_id", ""))),
        raw_path=neutral(str(ev.get("raw_path", ""))),
        quoted=quote(str(ev.get("matched_text", ""))),
    )


def _confirmed_lines(material: ComposerMaterial) -> list[str]:
    lines: list[str] = []
    for item in material.confirmed:
        lines.append(ITEM.format(text=item.get("text", "")))
        for ev in item.get("evidence", [])[:2]:
            lines.append(evidence_line(ev))
    return lines


def _items(values: list[str]) -> list[str]:
    return [ITEM.format(text=v) for v in values]


def render(material: ComposerMaterial) -> str:
    """The fixed-template answer for ``material`` (PASS / LOW_CONFID / REJECT)."""
    out: list[str] = []
    if material.route == "pass":
        out += [H_PASS_CONCLUSION, *(_confirmed_lines(material) or [NONE_CONFIRMED])]
        if material.directions:
            out += [H_DIRECTIONS, *_items(material.directions)]
        if material.next_steps:
            out += [H_SUGGESTIONS, *_items(material.next_steps)]
    elif material.route == "low_confid":
        out += [LEAD_LOW_CONFID, H_CONFIRMED, *(_confirmed_lines(material) or [NONE_CONFIRMED])]
        if material.directions:
            out += [H_DIRECTIONS, *_items(material.directions)]
        out += [H_GAPS, *(_items(material.gaps) or [NONE_GAPS])]
        out += [H_NEXT_STEPS, *_items(material.next_steps or [DEFAULT_NEXT_STEP])]
    else:
        out += [LEAD_REJECT, H_REJECT_FACTS, *(_confirmed_lines(material) or [NONE_CONFIRMED])]
        out += [H_GAPS, *(_items(material.gaps) or [NONE_GAPS])]
        out += [H_NEXT_STEPS, *_items(material.next_steps or [DEFAULT_NEXT_STEP])]
    return "\n".join(out)
