"""A symptom no rule names is still said in the question's own words, and an alert or a series of
that thing says them too: ``reading.told.said_words`` / ``says``, and selection's use of them."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from contracts.plan import ServiceInfo
from diagnosis.agents.offline.refs import Ref
from diagnosis.agents.offline.selection import Focus, alert_candidates
from diagnosis.reading.entities import analyse
from diagnosis.reading.told import said_words, says

CO2 = "昨天下午 CO2 储罐的液位掉得飞快，不到四点就报了低液位，环控那边出了什么问题？"
CATALOG = [ServiceInfo(name="lv-climate", aliases=["环控"])]


def test_the_question_s_own_words_leave_out_the_service_it_names_and_question_vocabulary():
    said = said_words(CO2, ["环控那边"])
    assert {"co2", "储罐", "液位"} <= set(said)
    assert not {"环控", "下午", "什么", "那边"} & set(said)


def test_an_alert_saying_the_tank_and_its_level_says_three_things_a_fan_line_none():
    said = said_words(CO2, ["环控那边"])
    assert says(said, "CO2 储罐 T1 液位 19.6%，低于阈值 20%") == 3
    assert says(said, "greenhouse G09 fan 5: belt slip detected, still running") == 0


def test_adjacent_pairs_held_together_count_as_one_thing():
    said = said_words("储罐液位低", [])
    assert says(said, "储罐液位 19%") == 1  # 储罐液位: one run, not three pairs


def test_the_reading_keeps_the_said_words_on_the_facts():
    facts = analyse(CO2, CATALOG)
    assert not facts.symptoms and {"co2", "储罐", "液位"} <= set(facts.said)


@given(st.text(max_size=60), st.text(max_size=60))
def test_says_never_counts_more_than_the_said_words(question, text):
    said = said_words(question)
    assert 0 <= says(said, text) <= len(said)


def _alert(name: str, summary: str) -> Ref:
    element = {"name": name, "service": "lv-climate", "severity": "warning", "state": "resolved",
               "starts_at": "2027-04-14T15:50:00+08:00", "summary": summary}
    return Ref("inv_1", "query_metrics", 1, "/alerts/0", f"{name} lv-climate warning resolved ({summary})",
               "alert", element, "lv-climate")


def test_with_no_symptom_read_an_alert_saying_the_question_s_words_is_relevant_another_is_not():
    focus = Focus.of(analyse(CO2, CATALOG))
    tank, fan = _alert("CO2TankLevelLow", "CO2 储罐 T1 液位 19.6%，低于阈值 20%"), _alert("FanBeltSlip", "风机皮带打滑")
    scores = {c.first.element["name"]: c.score for c in alert_candidates([tank, fan], focus)}
    assert scores["CO2TankLevelLow"] > scores["FanBeltSlip"]


def test_a_question_with_a_symptom_keeps_its_symptom_focus_and_no_said_words():
    focus = Focus.of(analyse("环控昨天下午报了很多 500，CO2 储罐液位怎么了？", CATALOG))
    assert not focus.said


def test_the_focus_keeps_the_said_words_in_the_question_s_order():
    # said_length and says read each pair beside the one before it: a set's order (the process's
    # hash seed) would count 储罐液位 differently from run to run.
    facts = analyse(CO2, CATALOG)
    assert Focus.of(facts).said == facts.said
