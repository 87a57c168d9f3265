"""A runbook fits what this run confirmed, not what the question said (issue 32, false PASS of
misattributed advice): evidence that only echoes the question's own words confirms nothing of a
runbook about another mechanism; its own retrieved text naming what was seen (its alert, its
service) confirms it; a runbook whose alerts are none of the evidence's alerts is another alarm's."""

from __future__ import annotations

from contracts.composer import ConfirmedItem
from contracts.executor import RecommendedAction
from diagnosis.composer.advice import NO_MATCHING_EVIDENCE, RUNBOOK_FIT_MIN, fit_actions, runbook_fit

LATENCY = ConfirmedItem.model_validate({
    "claim_id": "c1", "claim_type": "observation",
    "text": "jq-quote-push 的告警 QuotePushLatencyHigh（warning），值 1850ms，摘要：「行情推送 p99 1850ms，超过阈值 1000ms」",
    "evidence": [{"matched_text": "QuotePushLatencyHigh warning jq-quote-push 行情推送 p99 1850ms 延迟"}],
})
GAP_TITLE = "行情通道缺包与行情延迟处理手册"
GAP_BODY = "适用于 jq-md-feed 通道 STALE。\n- QuoteChannelStale：行情通道缺包未补齐。\n- 调大 net.core.rmem_max 并重启 handler。"
QUESTION = "下午开盘那阵行情推送最慢的时候延迟到多少毫秒？"


def test_evidence_that_only_echoes_the_questions_words_does_not_fit_a_runbook_about_something_else():
    assert runbook_fit(GAP_TITLE, [LATENCY]) >= RUNBOOK_FIT_MIN  # by the title's words alone it would fit
    assert runbook_fit(GAP_TITLE, [LATENCY], QUESTION, GAP_BODY) == 0.0


def test_a_runbook_of_another_alarm_gives_no_advice():
    sections = [{"document_title": GAP_TITLE, "heading_path": f"{GAP_TITLE} / 处理方案", "text": GAP_BODY}]
    action = RecommendedAction(action="调大 net.core.rmem_max 并重启 handler。", priority="high", basis="runbook")
    fit = fit_actions([action], confirmed=[LATENCY], runbook_sections=sections, question="行情推送那边今天下午报过警没有？")
    assert fit.kept == [] and fit.dropped[0]["reason"] == NO_MATCHING_EVIDENCE


TELEMED = ConfirmedItem.model_validate({
    "claim_id": "c1", "claim_type": "observation",
    "text": "rh-telemed 的告警 TelemedCallFailureHigh（critical），摘要：「视频问诊 ICE 连接失败率 27.5%，超过阈值 10%」",
    "evidence": [{"matched_text": "TelemedCallFailureHigh critical rh-telemed 视频问诊 ICE 连接失败率 27.5%"}],
})
TELEMED_TITLE = "视频问诊无法接通处理手册"
TELEMED_BODY = "视频问诊一直“正在连接”；rh-telemed 日志 `ICE failed`；告警 **TelemedCallFailureHigh**。"


def test_a_runbook_whose_own_text_names_the_alert_seen_fits_though_the_evidence_only_echoes_the_question():
    question = "下午两点半左右开始好多患者视频问诊接不通，一直卡在“正在连接”，互联网医院这是怎么了？"
    assert runbook_fit(TELEMED_TITLE, [TELEMED], question, "") == 0.0  # the title's other words are not shown
    assert runbook_fit(TELEMED_TITLE, [TELEMED], question, TELEMED_BODY) >= RUNBOOK_FIT_MIN


def test_a_runbook_whose_text_names_a_word_the_evidence_writes_fits_beyond_the_question():
    bank = ConfirmedItem.model_validate({
        "claim_id": "c1", "claim_type": "observation",
        "text": "billing-service 自 15:50:00 起反复记录 ERROR 日志（超时）",
        "evidence": [{"matched_text": "charge failed: bank gateway timed out after 4000ms channel=citic"}],
    })
    title, body = "上游超时排查手册", "适用于调用银行、渠道等外部上游超时（timed out）。\n- 切换备用渠道并对超时请求做幂等重试。"
    question = "账单服务下午三点五十左右是不是有超时？"
    assert runbook_fit(title, [bank], question, "") == 0.0  # 上游 is not in the evidence's words
    assert runbook_fit(title, [bank], question, body) >= RUNBOOK_FIT_MIN  # its "timed out" is
