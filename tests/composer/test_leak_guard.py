"""Deterministic leak guard (issue 4 item 6)."""

from __future__ import annotations

import pytest

from diagnosis.agents.base import ComposerMaterial
from diagnosis.composer.leak_guard import (
    REASON_LEAKED_TOKENS,
    REASON_RAW_CONTRACT,
    REASON_ROOT_CAUSE,
    check_answer,
    unknown_tokens,
)
from diagnosis.composer.material import material_text

SERVICES = [["payment-service", "支付服务"], ["order-service", "订单服务"]]
MATERIAL = ComposerMaterial(
    question="payment-service 为什么报错？",
    route="pass",
    verdict="PASS",
    confirmed=[{"claim_id": "c1", "text": "10:05:12 连接池耗尽，等待 3000ms 超时", "evidence": [
        {"invocation_id": "inv_1", "tool_name": "query_logs", "raw_path": "/records/0",
         "matched_text": "payment-service HikariPool-1 - request timed out after 3000ms (active=50, waiting=37) HTTP 500 OOMKilled 12.5%"}]}],
    directions=["慢查询"],
    next_steps=["扩大连接池"],
)


def guard(answer: str, material: ComposerMaterial = MATERIAL):
    return check_answer(answer, material, service_names=SERVICES)


@pytest.mark.parametrize(
    "answer",
    [
        "payment-service 在 10:05 出现 HTTP 500，连接池耗尽（active=50，waiting=37），3000ms 超时，错误比例 12.5%。",
        "支付服务在 10:05:12 连接池耗尽，HikariPool-1 无可用连接，出现 OOMKilled。",
        "结论：连接池耗尽。证据 inv_1 /records/0。",
    ],
)
def test_answer_with_only_material_tokens_has_no_unknown_token(answer):
    # The token layer alone; whether each line also sits in its own section is
    # tests/composer/test_answer_structure.py.
    assert unknown_tokens(answer, material_text(MATERIAL), SERVICES) == []


def test_a_light_rewording_of_the_confirmed_statement_passes_the_whole_guard():
    assert guard("结论（已验证）\n- 10:05:12 起连接池耗尽，等待 3000ms 超时。\n可能的方向（未验证）\n- 慢查询").ok


@pytest.mark.parametrize(
    ("answer", "leaked"),
    [
        ("payment-service 出现 HTTP 502。", "502"),
        ("连接池等待 5000ms 超时。", "5000"),
        ("5xx 比例达到 15.5%。", "15.5"),
        ("故障从 10:50 开始。", "10:50"),
        ("waiting=73", "73"),
        ("告警 DiskAlmostFull 已触发。", "DiskAlmostFull"),
        ("出现 ERR_CONN_RESET 错误。", "ERR_CONN_RESET"),
        ("HikariPool-2 无可用连接。", "HikariPool-2"),
        ("inventory-service 也受到影响。", "inventory-service"),
        ("订单服务也受到影响。", "订单服务"),
        ("数值 2.5 偏高。", "2.5"),
    ],
)
def test_answer_with_unknown_number_code_or_name_is_refused(answer, leaked):
    result = guard(answer)
    assert not result.ok
    assert result.reason == REASON_LEAKED_TOKENS
    assert leaked in result.leaked


def test_service_alias_is_allowed_when_the_service_is_in_the_material():
    assert guard("支付服务 连接池耗尽").ok


def test_numbers_respect_digit_boundaries():
    assert unknown_tokens("500", "HTTP 5000") == ["500"]
    assert unknown_tokens("12.5", "112.5") == ["12.5"]
    assert unknown_tokens("12", "12.5%") == ["12"]
    assert unknown_tokens("10:05", "2026-11-28 10:05:12") == []


def test_full_width_digits_are_normalised():
    assert not guard("HTTP ５０２").ok


@pytest.mark.parametrize(
    "answer",
    [
        '{"answer_version": "executor_evidence_v2", "claims": []}',
        '{"claims": [{"claim_id": "c1"}]}',
        "根据 user_facing_answer：连接池耗尽",
        "diagnosis_summary: 连接池耗尽",
    ],
)
def test_raw_executor_contract_is_refused(answer):
    result = guard(answer)
    assert not result.ok and result.reason == REASON_RAW_CONTRACT


def test_reject_answer_with_root_cause_wording_is_refused():
    reject = MATERIAL.model_copy(update={"route": "reject", "verdict": "REJECT", "directions": []})
    result = guard("连接池耗尽，根因是慢查询。", reject)
    assert not result.ok and result.reason == REASON_ROOT_CAUSE
    assert guard("已确认的事实\n- 10:05:12 连接池耗尽，等待 3000ms 超时", reject).ok


def test_leaked_list_is_bounded():
    answer = " ".join(str(9000 + i) for i in range(100))
    assert len(guard(answer).leaked) == 20


def test_status_class_not_in_material_is_refused():
    assert "5" in guard("5xx 比例升高").leaked


def test_question_tokens_are_not_allowed_material():
    material = MATERIAL.model_copy(update={"question": "payment-service 09:58 开始 HTTP 502？"})
    result = guard("payment-service 09:58 开始 HTTP 502。", material)
    assert not result.ok and {"09:58", "502"} <= set(result.leaked)
