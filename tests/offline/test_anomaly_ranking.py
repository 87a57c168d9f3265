"""The template anomaly ranking (``anomaly``): pure and monotone in each of its signals, and
Drain3 templates (``templates``) group lines that differ only in their parameters."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from diagnosis.agents.offline.anomaly import TemplateStats, ranked, score
from diagnosis.tools.templates import mine

LEVELS = ("INFO", "WARN", "ERROR", "FATAL")
counts = st.integers(min_value=0, max_value=500)
stats = st.builds(
    TemplateStats,
    template=st.integers(min_value=1, max_value=50),
    in_window=counts,
    in_baseline=counts,
    level=st.sampled_from(LEVELS),
    burst=st.integers(min_value=1, max_value=50),
)


@given(stats, st.integers(min_value=1, max_value=100))
def test_more_lines_in_the_window_never_lower_the_score(s, more):
    bigger = TemplateStats(s.template, s.in_window + more, s.in_baseline, s.level, s.burst)
    assert score(bigger) >= score(s)


@given(stats, st.integers(min_value=1, max_value=100))
def test_more_lines_in_the_baseline_never_raise_the_score(s, more):
    usual = TemplateStats(s.template, s.in_window, s.in_baseline + more, s.level, s.burst)
    assert score(usual) <= score(s)


@given(stats, st.sampled_from(LEVELS))
def test_a_more_severe_level_never_lowers_the_score(s, level):
    if LEVELS.index(level) >= LEVELS.index(s.level):
        assert score(TemplateStats(s.template, s.in_window, s.in_baseline, level, s.burst)) >= score(s)


@given(stats)
def test_a_template_absent_from_the_window_is_no_anomaly(s):
    assert score(TemplateStats(s.template, 0, s.in_baseline, s.level, s.burst)) == 0.0


@given(st.lists(stats, max_size=12), st.randoms())
def test_the_ranking_does_not_depend_on_input_order(items, rnd):
    shuffled = list(items)
    rnd.shuffle(shuffled)
    assert [score(s) for s in ranked(items)] == [score(s) for s in ranked(shuffled)]
    assert all(score(a) >= score(b) for a, b in zip(ranked(items), ranked(items)[1:], strict=False))


def test_a_new_error_template_outranks_a_usual_one_of_the_same_count():
    usual = TemplateStats(1, in_window=10, in_baseline=10, level="ERROR")
    new = TemplateStats(2, in_window=10, in_baseline=0, level="ERROR")
    assert ranked([usual, new])[0] is new


def test_lines_that_differ_in_their_parameters_share_a_template():
    ids, texts = mine(
        [
            "GC pause (G1 Evacuation Pause) 812ms, heap 5.1G->4.8G",
            "GC pause (G1 Full GC) 2318ms, heap 7.9G->3.2G",
            "consumer lag 48210 messages on topic settle-events",
            "consumer lag 91 messages on topic settle-events",
        ]
    )
    assert ids[0] == ids[1] and ids[2] == ids[3] and ids[0] != ids[2]
    assert "<NUM>" in texts[ids[2]]
