"""A series claim states the typed summary's peak, crossing and threshold exactly as the series'
evidence text renders them: for any series the tool summarises, the claim's figures are the typed
fields (``contracts.elements.SeriesSummary``) in the series' own unit, not a reading of the rendered
text (which dropped units it did not know and misread a name ending in ``_max`` as a label)."""

from __future__ import annotations

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from hypothesis import given, settings
from hypothesis import strategies as st

from contracts.elements import SeriesSummary
from diagnosis.agents.offline.claims import ANSWER_VERSION, build_claims
from diagnosis.agents.offline.refs import collect_refs
from diagnosis.agents.offline.selection import Candidate
from diagnosis.tools.backends import SeriesEntry
from diagnosis.tools.element_text import number, with_unit
from diagnosis.tools.metrics import summarise_series
from tests.offline.evidence import assert_grounded, metrics_call

SH = ZoneInfo("Asia/Shanghai")
T0 = datetime(2026, 11, 28, 22, 0, tzinfo=SH)
UNITS = ["%", "ms", "connections", "req/s", "条", "次/分钟", "", "核", "件/小时", "点/分钟"]
VALUES = st.lists(st.integers(0, 20_000).map(lambda n: n / 100), min_size=1, max_size=30)


def _clock(moment: datetime, first_day: str) -> str:
    """What a reader expects of a time in a series: HH:MM (with seconds when not zero), dated
    when it is not the series' first day."""
    text = moment.strftime("%H:%M:%S" if moment.second else "%H:%M")
    return text if moment.strftime("%Y-%m-%d") == first_day else f"{moment:%Y-%m-%d} {text}"


@settings(max_examples=150, deadline=None)
@given(
    values=VALUES,
    step=st.sampled_from([30, 60, 90, 600, 3600]),
    offset=st.integers(0, 7200),
    threshold=st.one_of(st.none(), st.integers(0, 20_000).map(lambda n: n / 100)),
    unit=st.sampled_from(UNITS),
)
def test_a_series_claim_states_the_typed_peak_crossing_and_threshold(values, step, offset, threshold, unit):
    start = T0 + timedelta(seconds=offset)
    points = [(start + timedelta(seconds=step * i), v) for i, v in enumerate(values)]
    output = summarise_series(SeriesEntry("queue_depth", "billing-service", unit, threshold, points))
    call = metrics_call([], [output])
    [ref] = collect_refs([call], [])
    [claim] = build_claims([Candidate("series", [ref], 0.0, "")])
    contract = {"answer_version": ANSWER_VERSION, "claims": [claim], "hypotheses": [], "recommended_actions": [],
                "missing_info": []}
    assert_grounded(contract, [call])

    typed = SeriesSummary.model_validate(output)
    day = typed.first_at.strftime("%Y-%m-%d")
    peak = next(t for t, v in points if v == max(values))
    assert typed.peak_at == peak and typed.max == max(values)
    text = claim["claim_text"]
    figure = lambda v: with_unit(v, unit, exact=True) if unit else number(v, exact=True)  # noqa: E731
    assert f"最大值 {figure(typed.max)}（峰值于 {_clock(peak, day)}）" in text
    assert f"最新值 {figure(typed.last)}" in text
    crossing = next((t for t, v in points if threshold is not None and v > threshold), None)
    assert typed.crossed_at == crossing
    if threshold is None:
        assert "阈值" not in text and claim["claim_type"] == "observation"
    elif crossing is not None:
        assert f"于 {_clock(crossing, day)} 超过阈值 {figure(threshold)}" in text
        assert claim["claim_type"] == "observation"
    else:
        assert f"未超过阈值 {figure(threshold)}" in text
        assert claim["claim_type"] == "negative_observation"


def test_a_series_named_like_a_figure_states_its_own_maximum():
    """A series whose name ends in ``_max`` states its maximum, not the service the rendered text
    names after it (the regex reading of the text took the service for the figure)."""
    points = [(T0, 12.0), (T0 + timedelta(minutes=1), 2761.0), (T0 + timedelta(minutes=2), 29.0)]
    output = summarise_series(SeriesEntry("jvm_gc_pause_max", "ts-travel-service", "ms", 500, points))
    call = metrics_call([], [output])
    [ref] = collect_refs([call], [])
    [claim] = build_claims([Candidate("series", [ref], 0.0, "")])
    assert claim["claim_text"] == (
        "ts-travel-service 指标 jvm_gc_pause_max 在 2026-11-28 22:00–22:02 内，最大值 2761ms"
        "（峰值于 22:01），最新值 29ms，于 22:01 超过阈值 500ms"
    )
