"""Advice that fits the confirmed evidence (diagnosis.composer.advice): evidence-based actions cite a
confirmed claim, runbook actions come from a retrieved runbook that fits the confirmed evidence,
and a healthy answer gets no remediation."""

from __future__ import annotations

from contracts.composer import ConfirmedItem
from contracts.executor import RecommendedAction
from diagnosis.composer.advice import (
    NO_ANOMALY,
    NO_ANOMALY_NOTE,
    NO_CONFIRMED_CLAIM,
    NO_MATCHING_EVIDENCE,
    NO_RUNBOOK_SECTION,
    RUNBOOK_FIT_MIN,
    fit_actions,
    runbook_fit,
    shows_anomaly,
)
from diagnosis.composer.material import compose_material
from tests.projection import verified_evidence, verified_output

POOL_LINE = "2026-11-28 10:05:12 payment-service ERROR HikariPool-1 - Connection is not available, request timed out after 3000ms (active=50, idle=0, waiting=37)"
POOL_CLAIM = ConfirmedItem.model_validate({"claim_id": "c1", "claim_type": "observation", "text": "10:05:12 起 payment-service 出现 ERROR 日志（数据库、连接池、超时）",
              "evidence": [{"matched_text": POOL_LINE, "tool_name": "query_logs"}]})
HEALTHY = ConfirmedItem.model_validate({"claim_id": "c1", "claim_type": "negative_observation", "text": "edge-node 在 08:00–12:00 没有 ERROR 及以上日志",
           "evidence": [{"matched_text": "query_logs service=edge-node level>=ERROR 2026-11-28 08:00–12:00 → 0 条记录"}]})
INFO_ONLY = ConfirmedItem.model_validate({"claim_id": "c2", "claim_type": "observation", "text": "edge-node 出现 INFO 日志：健康检查通过",
             "evidence": [{"matched_text": "2026-11-28 09:00:00 edge-node INFO health check ok (200)"}]})
SECTIONS = [
    {"document_title": "数据库连接池耗尽处理手册", "heading_path": "数据库连接池耗尽处理手册 / 处理方案",
     "text": "- 临时扩大连接池：maximumPoolSize 50 → 80。\n- 终止执行时间过长的查询。"},
    {"document_title": "Elasticsearch 分片恢复处理手册", "heading_path": "Elasticsearch 分片恢复处理手册 / 处理方案",
     "text": "- 调大 indices.recovery.max_bytes_per_sec 加快分片恢复。"},
    {"document_title": "证书过期处理手册", "heading_path": "证书过期处理手册 / 处理方案", "text": "- 对端证书过期：联系合作方续期。"},
]


def runbook(action):
    return RecommendedAction(action=action, priority="high", basis="runbook")


def test_a_runbook_action_from_a_runbook_that_fits_the_confirmed_evidence_is_kept():
    fit = fit_actions([runbook("临时扩大连接池：maximumPoolSize 50 → 80。")], confirmed=[POOL_CLAIM], runbook_sections=SECTIONS)
    assert [a.action for a in fit.kept] == ["临时扩大连接池：maximumPoolSize 50 → 80。"] and fit.dropped == []
    assert fit.scores["数据库连接池耗尽处理手册"] >= RUNBOOK_FIT_MIN


def test_a_runbook_action_from_an_unrelated_runbook_is_dropped_with_its_reason():
    action = runbook("调大 indices.recovery.max_bytes_per_sec 加快分片恢复。")
    fit = fit_actions([action], confirmed=[POOL_CLAIM], runbook_sections=SECTIONS)
    assert fit.kept == []
    assert fit.dropped == [{"action": action.action, "basis": "runbook", "reason": NO_MATCHING_EVIDENCE}]


def test_a_runbook_action_from_no_retrieved_section_is_dropped():
    fit = fit_actions([runbook("重启整个集群。")], confirmed=[POOL_CLAIM], runbook_sections=SECTIONS)
    assert fit.dropped[0]["reason"] == NO_RUNBOOK_SECTION


def test_an_evidence_action_must_cite_a_confirmed_claim():
    cited = RecommendedAction(action="扩容", basis="evidence", claim_ids=["c1"])
    uncited = RecommendedAction(action="回滚", basis="evidence")
    wrong = RecommendedAction(action="降级", basis="evidence", claim_ids=["c9"])
    fit = fit_actions([cited, uncited, wrong], confirmed=[POOL_CLAIM], runbook_sections=SECTIONS)
    assert fit.kept == [cited]
    assert [d["reason"] for d in fit.dropped] == [NO_CONFIRMED_CLAIM, NO_CONFIRMED_CLAIM]


def test_no_remediation_when_the_confirmed_facts_show_no_anomaly():
    assert not shows_anomaly(items(HEALTHY, INFO_ONLY))
    assert shows_anomaly(items(POOL_CLAIM))
    fit = fit_actions([runbook("对端证书过期：联系合作方续期。")], confirmed=[HEALTHY, INFO_ONLY], runbook_sections=SECTIONS)
    assert fit.kept == [] and fit.dropped[0]["reason"] == NO_ANOMALY and not fit.anomaly


def test_the_fit_is_scored_against_the_confirmed_evidence_not_the_question():
    # The question may say "证书", the evidence does not: the certificate runbook does not fit.
    assert runbook_fit("证书过期处理手册", items(POOL_CLAIM)) < RUNBOOK_FIT_MIN
    assert runbook_fit("数据库连接池耗尽处理手册", items(POOL_CLAIM)) >= RUNBOOK_FIT_MIN


def test_a_healthy_pass_answer_says_so_instead_of_advising():
    claims = [{"claim_id": "c1", "claim_type": "negative_observation", "claim_text": HEALTHY.text}]
    evidence = [{"claim_id": "c1", "source_invocation_id": "inv_1", "tool_name": "query_logs", "raw_path": "/query",
                 "matched_text": HEALTHY.evidence[0].matched_text}]
    material, fit = compose_material(
        question="边缘节点今天上午有没有 5xx 或者告警？",
        verdict="PASS",
        claim_checks=[{"claim_id": "c1", "verification": "direct_observation", "is_critical": True}],
        evidence_gaps=[],
        verified_output=verified_output({"claims": claims, "recommended_actions": [runbook("对端证书过期：联系合作方续期。")]}),
        verified_evidence=verified_evidence(evidence),
        runbook_sections=SECTIONS,
    )
    assert material.next_steps == [NO_ANOMALY_NOTE]
    assert "未发现 5xx 超阈值或正在触发的告警" in NO_ANOMALY_NOTE
    assert fit is not None and fit.dropped[0]["reason"] == NO_ANOMALY


def test_a_nearly_full_pool_is_an_anomaly_and_not_over_the_threshold_is_not():
    near_full = {"claim_id": "c1", "claim_type": "observation", "text": "inventory-service 的 Redis 连接池用量 198/200",
                 "evidence": [{"matched_text": "redis-inv connection pool usage 198/200"}]}
    quiet = {"claim_id": "c2", "claim_type": "observation", "text": "edge-node 的 edge_5xx_rate 最大 0.3%，未超过阈值 5%",
             "evidence": [{"matched_text": "edge_5xx_rate edge-node 06:00–10:00 max 0.3% 未超过阈值 5%"}]}
    assert shows_anomaly(items(near_full))
    assert not shows_anomaly(items(quiet))
    assert not shows_anomaly(items({**near_full, "text": "连接池用量 20/200", "evidence": [{"matched_text": "usage 20/200"}]}))


def items(*values) -> list[ConfirmedItem]:
    return [ConfirmedItem.model_validate(v) for v in values]


def _pod(text: str, evidence: str) -> dict:
    return {"claim_id": "c1", "claim_type": "observation", "text": text, "evidence": [{"matched_text": evidence}]}


def test_kubernetes_state_that_is_not_healthy_is_an_anomaly():
    # A listing of Pending pods must not end with "没有发现异常，暂不需要处置" (the boutique world).
    pending = _pod(
        "shippingservice 的 Pod shippingservice-8c7d6b5f4-p5r8t 未就绪（阶段 Pending，就绪 0/1，重启 0 次）",
        "Pod boutique/shippingservice-8c7d6b5f4-p5r8t（服务 shippingservice）：阶段 Pending，就绪 0/1，重启 0 次",
    )
    assert shows_anomaly(items(pending))
    for waiting in ("ImagePullBackOff", "CrashLoopBackOff", "ErrImagePull", "CreateContainerConfigError"):
        assert shows_anomaly(items(_pod(f"adservice 的 Pod adservice-1 处于 {waiting}", f"Pod boutique/adservice-1：等待原因 {waiting}")))
    unavailable = _pod("adservice 的 Deployment adservice 当前不可用（副本 1，就绪 0，可用 0）",
                       "Deployment boutique/adservice（服务 adservice）：副本 1，就绪 0，可用 0")
    assert shows_anomaly(items(unavailable))
    # The healthy renderings stay healthy.
    running = _pod("currencyservice 的 Pod currencyservice-1 正常运行（阶段 Running，就绪 1/1，重启 0 次）",
                   "Pod boutique/currencyservice-1（服务 currencyservice）：阶段 Running，就绪 1/1，重启 0 次")
    available = _pod("currencyservice 的 Deployment currencyservice 当前可用（副本 2，就绪 2，可用 2）",
                     "Deployment boutique/currencyservice（服务 currencyservice）：副本 2，就绪 2，可用 2")
    assert not shows_anomaly(items(running, available))


def test_a_runbook_fits_evidence_written_in_the_other_language():
    # 时钟偏差 ↔ clock skew, 校验 ↔ validation (retrieval synonyms): a Chinese runbook title fits
    # English evidence that shows the same thing, and still not evidence of something else.
    skew = {"claim_id": "c1", "claim_type": "observation", "text": "qb-account-service 指标 node_clock_skew_seconds 最大值 94.3s",
            "evidence": [{"matched_text": "node_clock_skew_seconds qb-account-service max 94.342s"},
                         {"matched_text": "ERROR jwt validation failed: token used before issued -> 401"}]}
    assert runbook_fit("JWT 校验失败与时钟偏差处理手册", items(skew)) >= RUNBOOK_FIT_MIN
    assert runbook_fit("JWT 校验失败与时钟偏差处理手册", items(POOL_CLAIM)) < RUNBOOK_FIT_MIN


def test_a_map_vendors_runbook_fits_evidence_that_names_the_vendor_in_english():
    # 高德 ↔ AMap, 地图: "amap request failed … DAILY_QUERY_OVER_LIMIT" is the map vendor's runbook's case.
    quota = {"claim_id": "c1", "claim_type": "observation", "text": "sd-route-planner 自 10:50:44 起反复记录 ERROR 日志",
             "evidence": [{"matched_text": "ERROR amap request failed api=/v5/direction/driving status=0 "
                                           "info=DAILY_QUERY_OVER_LIMIT infocode=10003"}]}  # fmt: skip
    assert runbook_fit("地图服务商接口失败处理手册（高德 Web 服务）", items(quota)) >= RUNBOOK_FIT_MIN
    assert runbook_fit("地图服务商接口失败处理手册（高德 Web 服务）", items(POOL_CLAIM)) < RUNBOOK_FIT_MIN
