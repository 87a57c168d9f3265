"""Two readings of what was asked (issue 32, false PASS): a cause question that reports trouble is not
answered by confirmed evidence that shows none — the trouble the user saw was not seen; and a
quantity is one figure, answered by one covering series even when the question's words touch two
services, unless it joins them (A 和 B, 分别)."""

from __future__ import annotations

from contracts.asked import Asked, AskedDimension, AskedWindow
from contracts.coverage import ANSWERED, PARTIAL
from diagnosis.verification.coverage import GAP_NOT_SEEN, check_coverage
from tests.projection import claim_checks as typed_checks

CATALOG = [["yt-order-service", "订单服务"], ["ah-notify", "短信", "通知服务"], ["ah-claims", "理赔"]]
WINDOW = AskedWindow(start="2026-12-12T08:50:00+08:00", end="2026-12-12T09:50:00+08:00")
QUIET = ("yt-order-service 指标 order_submit_failure_ratio 在 2026-12-12 08:50–09:50 内，最大值 0.7%（峰值于 08:50），"
         "最新值 0.4%，未超过阈值 5%")
FAILING = "2026-12-12 09:12:03 yt-order-service ERROR pay callback for order YT2612 rejected: status WAIT_PAY stale"


def item(cid, text, *, claim_type="observation", tool="query_logs"):
    return ({"claim_id": cid, "claim_type": claim_type, "claim_text": text},
            {"claim_id": cid, "source_invocation_id": "inv_1", "tool_name": tool, "raw_path": f"/x/{cid}",
             "matched_text": text})


def cover(asked, *items, question):
    return check_coverage(
        asked=asked, question=question, claims=[c for c, _ in items], verified_evidence=[e for _, e in items],
        claim_checks=typed_checks([{"claim_id": c["claim_id"], "verification": "direct_observation", "is_critical": True}
                                   for c, _ in items]),
        catalog=CATALOG,
    )


def asked(kind, services, terms=()):
    return Asked(kind=kind, services=list(services), window=WINDOW, dimension=AskedDimension(terms=list(terms)))


TOLD = "上午九点多好多用户投诉付完款订单还显示待支付，订单服务是不是出问题了？"


def test_reported_trouble_answered_by_a_series_under_its_threshold_is_not_answered():
    result = cover(asked("cause", ["yt-order-service"]), item("c1", QUIET, tool="query_metrics"), question=TOLD)
    assert result.status == PARTIAL
    assert result.gap.startswith(GAP_NOT_SEEN.split("，")[0])


def test_reported_trouble_answered_by_a_failing_line_is_answered():
    result = cover(asked("cause", ["yt-order-service"]), item("c1", FAILING), item("c2", QUIET, tool="query_metrics"),
                   question=TOLD)
    assert result.status == ANSWERED


SMS = "ah-notify 指标 notify_sms_sent_per_min 在 2026-12-12 08:50–09:50 内，最大值 1712 条/分钟（峰值于 09:09）"


def test_one_figure_answers_a_quantity_whose_words_touch_two_services():
    result = cover(asked("quantity", ["ah-claims", "ah-notify"]), item("c1", SMS, tool="query_metrics"),
                   question="九点那阵客户收到一堆重复的理赔到账短信，一分钟最多发出去多少条？")
    assert result.status == ANSWERED


def test_a_quantity_asked_of_each_of_two_services_needs_a_figure_of_each():
    result = cover(asked("quantity", ["ah-claims", "ah-notify"]), item("c1", SMS, tool="query_metrics"),
                   question="理赔和短信服务九点那阵每分钟分别处理了多少条？")
    assert result.status == PARTIAL


VISION_Q = "下午三号线那台视觉终检的判废率最高冲到多少？"  # no dimension term the vocabulary knows
QUOTED_ONLY = ("yt-order-service 自 12:04:09 起反复记录 WARN 日志，最近一条在 17:06:04：「incoming inspection "
               "supplier=S168 lot sampled: 1 thread gauge fail, lot accepted per AQL」")
SERIES = "yt-order-service 指标 「vision_ng_ratio」 在 2026-12-12 08:50–09:50 内，最大值 23.7%（峰值于 09:10）"


def test_a_quantity_naming_no_known_term_is_not_answered_by_a_number_inside_a_quoted_line():
    result = cover(asked("quantity", ["yt-order-service"]), item("c1", QUOTED_ONLY), question=VISION_Q)
    assert result.status != ANSWERED


def test_a_quantity_naming_no_known_term_is_answered_by_the_claims_own_figure():
    result = cover(asked("quantity", ["yt-order-service"]), item("c1", SERIES, tool="query_metrics"), question=VISION_Q)
    assert result.status == ANSWERED
