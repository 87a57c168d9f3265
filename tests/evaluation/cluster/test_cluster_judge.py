"""The judge of a cluster answer (issue 26 item 5): the component counts only when the confirmed part
names it, as a whole name; the cause counts anywhere but the evidence gaps; a PASS that does not
name the component is a false PASS, and says why. Pure."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from diagnosis.composer import templates as T
from evaluation.cluster.judge import (
    CALLS_HEALTHY,
    FAULT_IN_HEALTHY,
    HEALTHY_NOT_SAID,
    NAMES_ANOTHER,
    NAMES_NONE,
    cluster_verdict,
    spelled,
)
from evaluation.cluster.spec import HEALTHY_CLUSTER, Category, Truth
from evaluation.metrics import normalize
from evaluation.worlds.spec import fact

RATE = Truth(fault="missing_secret", category=Category.STARTUP, kind="Deployment", name="rate", namespace="hotel-reservation",
             component=fact("rate", "房价服务", "rate-7d9f8c6b5-x2x7k"),
             cause=fact("rate-api-keys", "CreateContainerConfigError", "Secret 不存在"), summary="")
HEALTHY = Truth(fault="healthy", category=Category.HEALTHY, kind="Cluster", name="healthy", namespace="",
                component=HEALTHY_CLUSTER, cause=HEALTHY_CLUSTER, summary="")
OTHERS = ("geo", "mongodb-rate", "search", "rate-sync", "k8s-worker-2")
NAME_CHARS = "abcxyz0189_-"


def answer(*, confirmed: str = "", directions: str = "", gaps: str = "") -> str:
    parts = [T.H_PASS_CONCLUSION, f"- {confirmed}"]
    if directions:
        parts += [T.H_DIRECTIONS, f"- {directions}"]
    if gaps:
        parts += [T.H_GAPS, f"- {gaps}"]
    return "\n".join(parts)


def verdict(truth=RATE, *, outcome="pass", text="", confirmed=None):
    return cluster_verdict(truth, OTHERS, outcome=outcome, answer=text, confirmed=confirmed)


# --- Component named --------------------------------------------------------------------------------
def test_the_component_named_in_the_confirmed_part_is_named():
    v = verdict(text=answer(confirmed="Deployment/rate 的 Pod 处于 CreateContainerConfigError"))
    assert v.component_named and v.category_right and not v.false_pass and v.reasons() == []


def test_the_component_named_only_as_a_direction_or_a_gap_is_not_named():
    assert not verdict(text=answer(confirmed="search 报错", directions="可能是 rate 出了问题")).component_named
    assert not verdict(text=answer(confirmed="search 报错", gaps="未能查到 rate 的 Pod")).component_named


def test_the_composer_materials_confirmed_claims_count_as_confirmed():
    material = [{"claim_id": "c1", "text": "房价服务没有就绪的 Pod", "evidence": [{"matched_text": "pods/3"}]}]
    assert verdict(text=answer(confirmed="search 报错"), confirmed=material).component_named


def test_a_name_inside_a_longer_name_does_not_name_the_component():
    for text in ("mongodb-rate 连接失败", "rate-sync 任务失败", "generate 报错", "rate_limit 触发"):
        assert not verdict(text=answer(confirmed=text)).component_named, text
    for text in ("Deployment/rate 异常", "rate 服务没有 Pod", "Pod rate-7d9f8c6b5-x2x7k 无法启动", "（rate）"):
        assert verdict(text=answer(confirmed=text)).component_named, text


def test_a_chinese_spelling_matches_inside_a_sentence():
    assert verdict(text=answer(confirmed="房价服务的容器起不来")).component_named


# --- Category right ------------------------------------------------------------------------------------
def test_the_cause_counts_anywhere_but_in_the_evidence_gaps():
    assert verdict(text=answer(confirmed="search 报错", directions="可能缺少 Secret rate-api-keys")).category_right
    assert not verdict(text=answer(confirmed="search 报错", gaps="没有查到 Secret rate-api-keys 是否存在")).category_right


# --- False PASS ------------------------------------------------------------------------------------------
def test_a_pass_that_names_another_component_is_a_false_pass():
    v = verdict(text=answer(confirmed="mongodb-rate 连接被拒绝"))
    assert v.false_pass and v.false_pass_reason == NAMES_ANOTHER and v.named_others == ("mongodb-rate",)
    assert any(reason.startswith("FALSE PASS: names another component (mongodb-rate)") for reason in v.reasons())


def test_a_pass_that_names_nothing_of_the_cluster_is_a_false_pass():
    assert verdict(text=answer(confirmed="前端一直 500")).false_pass_reason == NAMES_NONE


def test_a_pass_that_calls_a_broken_cluster_healthy_is_a_false_pass():
    assert verdict(text=answer(confirmed="各服务运行正常，未发现异常")).false_pass_reason == CALLS_HEALTHY


def test_no_other_outcome_is_a_false_pass():
    for outcome in ("low_confid", "reject", "fallback"):
        v = verdict(outcome=outcome, text=answer(confirmed="mongodb-rate 连接被拒绝"))
        assert not v.false_pass and not v.passed


def test_a_healthy_cluster_is_right_when_the_answer_says_it_is_healthy():
    v = verdict(HEALTHY, text=answer(confirmed="hotel-reservation 的服务都正常，未发现异常"))
    assert v.component_named and v.category_right and not v.false_pass


def test_a_pass_that_blames_the_noise_of_a_healthy_cluster_is_a_false_pass():
    v = verdict(HEALTHY, text=answer(confirmed="rate-sync 反复 ERROR：upload failed"))
    assert v.false_pass_reason == FAULT_IN_HEALTHY and v.named_others == ("rate-sync",)
    assert verdict(HEALTHY, text=answer(confirmed="前端最近有 WARN")).false_pass_reason == HEALTHY_NOT_SAID


def test_a_health_check_failing_is_not_a_healthy_cluster():
    assert not verdict(HEALTHY, text=answer(confirmed="geo 健康检查失败")).component_named


# --- Properties ------------------------------------------------------------------------------------------
@given(before=st.text(alphabet=NAME_CHARS, max_size=6), after=st.text(alphabet=NAME_CHARS, max_size=6),
       around=st.sampled_from([" ", "/", "（", "：", "\n", "."]))
def test_an_ascii_spelling_is_named_only_as_a_whole_name(before, after, around):
    token = f"{before}rate{after}"
    text = normalize(f"部署{around}{token}{around}异常")
    assert spelled("rate", text) == (token == "rate")


@given(st.text(max_size=80), st.sampled_from(["pass", "low_confid", "reject", "fallback"]))
def test_only_a_pass_can_be_a_false_pass(text, outcome):
    v = verdict(outcome=outcome, text=answer(confirmed=text))
    assert v.false_pass == (outcome == "pass" and not v.component_named)


@given(confirmed=st.text(max_size=60), gap=st.text(max_size=60))
def test_a_gap_line_never_changes_what_the_answer_names(confirmed, gap):
    gap = gap.replace("\n", " ")
    base = verdict(text=answer(confirmed=confirmed.replace("\n", " ")))
    with_gap = verdict(text=answer(confirmed=confirmed.replace("\n", " "), gaps=gap))
    assert (with_gap.component_named, with_gap.category_right) == (base.component_named, base.category_right)


@given(st.sampled_from(["ＲＡＴＥ", "Rate", "RATE", "ｒａｔｅ"]))
def test_spellings_match_whatever_the_case_or_width(spelling):
    assert verdict(text=answer(confirmed=f"Deployment/{spelling} 没有 Pod")).component_named
