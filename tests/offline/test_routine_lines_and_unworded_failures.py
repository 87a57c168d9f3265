"""Two readings of the asked service's own lines that do not depend on the question's words
(issue 32 items 1 and 4):

- a warning the asked service writes all day at its usual rate (``novelty.routine_lines``) is not
  the failure a *why* question asks about: it is never the confirmed symptom, so a cause question
  whose failure the reads did not find ends short of PASS with the gap named — not a PASS on a
  line that was there yesterday too;
- the pods that fail are those that wrote any warning the service does not write all day, whether
  or not the question words it (延迟 asked, "timed out" written): the node under them is read and
  named beside them.
"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from evaluation.worlds import toll
from evaluation.worlds.loading import world_load
from tests.offline.running import ask, plan_and_execute

TRUCKS = "一早好多货车司机投诉，两轴车被按六轴收费，多收了快一倍，计费这边怎么回事？"
UPLOADS = "七点多开始门架交易上传延迟的告警一直没消，门架那边说一直在重传，门架接入服务怎么了？"
# The fee service's warning of every hour of the day (the baseline has it at the same rate).
ROUTINE_WARNING = "unknown (test lane?)"


def test_a_warning_written_all_day_is_never_the_confirmed_failure_of_a_why_question(api_user, db):
    world_load("toll")
    _, _, contract = plan_and_execute(api_user, TRUCKS)
    texts = [c["claim_text"] for c in contract["claims"]]
    assert not [t for t in texts if ROUTINE_WARNING in t], texts


def test_a_why_question_whose_failure_was_not_found_is_not_a_pass_on_the_routine_line(api_user, db):
    world_load("toll")
    run = ask(api_user, TRUCKS)
    assert run.verdict != "PASS", run.final_answer
    assert ROUTINE_WARNING not in run.final_answer


def test_the_node_under_the_pods_whose_unworded_warnings_fail_is_named_beside_them(api_user, db):
    """The question says 延迟 and the pods write "timed out": every timeout comes from the three pods
    the scale-out put on the node back from repair, so that node is read and named with its pod."""
    world_load("toll")
    _, _, contract = plan_and_execute(api_user, UPLOADS)
    placed = [c["claim_text"] for c in contract["claims"] if f"运行在节点 {toll.BAD_NODE}" in c["claim_text"]]
    assert placed, [c["claim_text"] for c in contract["claims"]]
    assert not [t for t in placed if "cx-k8s-node-06" in t or "cx-k8s-node-02" in t]


def test_a_warning_every_pod_writes_all_day_does_not_hide_the_node_under_the_failing_ones(api_user, db):
    """Every decision pod writes a missing-feature warning all day; only the two pods on the node whose
    RAID cache fell to write-through exceed their budget. The routine warning's pods (on three nodes)
    are no failing pods, so the node under the two is read and its warning named beside them."""
    from evaluation.worlds import lending

    world_load("lending")
    _, _, contract = plan_and_execute(api_user, "决策引擎八点前后开始一部分请求超时，好多申请掉进人工审核，是不是早上新发的策略有问题？")
    texts = [c["claim_text"] for c in contract["claims"]]
    placed = [t for t in texts if f"运行在节点 {lending.BAD_NODE}" in t]
    assert placed and "WriteThrough" in placed[0], texts


def _onset_read(counts: list[tuple[str, int, int]]):
    """An ``Origin.ONSET`` grouped read over one hour with a one-hour baseline: (template, in window, in baseline)."""
    from contracts.tools import ToolCallResult
    from diagnosis.agents.offline.refs import Origin

    at = "2026-12-17T06:50:00+08:00"
    templates = [{"template": t, "in_window": w, "in_baseline": b, "first_at": at, "level": "WARN"} for t, w, b in counts]
    return ToolCallResult(invocation_id="inv_1", tool_name="query_logs", round=1, status="success",
                          arguments={"service": "svc", "level": "WARN", "start": at, "end": "2026-12-17T07:50:00+08:00",
                                     "group": "template"},
                          output={"templates": templates, "records": [], "baseline": {"start": "2026-12-17T05:50:00+08:00"}},
                          evidence_refs=[], origin=Origin.ONSET)


@given(st.integers(1, 60), st.integers(1, 60))
def test_only_a_template_at_its_steady_rate_is_what_the_service_writes_all_day(in_window, in_baseline):
    """The strict reading (``outnumbered=False``) calls a template usual only when its rate is under
    ``STEADY_MULTIPLE`` times its baseline rate; the onset's reading (under twice, or outnumbered by a new
    trouble) calls at least as much usual — a warning that grew 1.8× may be the failure, not its start."""
    from diagnosis.agents.offline.novelty import STEADY_MULTIPLE, routine_lines

    read = _onset_read([("gate <*> slow", in_window, in_baseline), ("new trouble <*>", 100, 0)])
    steady = bool(routine_lines([read], outnumbered=False))
    assert steady == (in_window < STEADY_MULTIPLE * in_baseline)
    assert not steady or routine_lines([read])  # what is steady is routine for the onset too


def test_a_warning_grown_from_a_baseline_inside_the_incident_is_still_the_failure(api_user, db):
    """The MES counter warning began before the asked window (its one-hour baseline holds 6 of them, the
    window 11): grown, not steady, so it stays the confirmed failure beside the gateway's errors."""
    world_load("factory")
    _, _, contract = plan_and_execute(api_user, "早上七点多 MES 看板上冲压二线的产量一直不动，OEE 也掉成 0 了，可现场明明在正常生产，MES 出啥问题了？")
    assert [c for c in contract["claims"] if "no counter update" in c["claim_text"]], [c["claim_text"] for c in contract["claims"]]


@given(st.lists(st.tuples(st.integers(0, 60), st.integers(0, 60)), min_size=1, max_size=6))
def test_the_failing_templates_are_exactly_those_the_onset_does_not_call_routine(counts):
    """``grown_lines`` and ``routine_lines`` split the onset read's templates in two: a noise warning
    (21 → 38) beside a new failure of 1,588 lines is routine, never a failing line that would place the
    failure on every node its pods run on."""
    from diagnosis.agents.offline.novelty import grown_lines, routine_lines

    read = _onset_read([(f"kind{i} <*>", max(w, 1), b) for i, (w, b) in enumerate(counts)])
    grown = {p.pattern for p in grown_lines([read])}
    routine = {p.pattern for p in routine_lines([read])}
    assert not grown & routine
    assert len(grown | routine) == len(counts)
    noisy = _onset_read([("corrupt docx <*>", 38, 21), ("OCR connect timed out <*>", 1588, 0)])
    assert [p.pattern for p in grown_lines([noisy])] == [p.pattern for p in grown_lines([noisy]) if "OCR" in p.pattern] != []


def test_a_later_incident_of_a_service_the_story_names_is_not_where_the_asked_failure_sits(api_user, db):
    """Usage jumped at 10:06 and the complaints desk logged the complaints from 10:02; its own errors at
    13:33 (another incident: no route to the balance service) come from pods on a node whose kube-proxy
    failed. The asked failure is placed only by what began with it, and a node only by two failing
    lines read from its pods — so that node's xtables lock is no part of the answer."""
    world_load("telecom")
    _, _, contract = plan_and_execute(api_user, "上午十点以后用量中心好些用户的已用流量一下子翻倍了，还被限速，客服那边投诉一大堆，这是咋回事？")
    assert not [c for c in contract["claims"] if "xtables" in c["claim_text"]], [c["claim_text"] for c in contract["claims"]]
