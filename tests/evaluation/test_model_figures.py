"""The per-model figures of ``evaluate --provider openai`` (``evaluation.model_figures``): the
percentiles, the cost and the rates, property-tested; the price variable's name; one table row."""

from __future__ import annotations

import math
import statistics

from hypothesis import given
from hypothesis import strategies as st

from contracts import reasons as R
from evaluation.model_figures import (
    ModelRun,
    Price,
    cost_usd,
    matrix_row,
    model_figures,
    percentile,
    price_key,
    price_of,
)

times = st.lists(st.floats(min_value=0.0, max_value=1e7, allow_nan=False), min_size=1, max_size=60)
quantile = st.floats(min_value=0.0, max_value=1.0)
tokens = st.integers(min_value=0, max_value=10**9)
prices = st.builds(Price, prompt=st.floats(min_value=0.0, max_value=1000.0), completion=st.floats(min_value=0.0, max_value=1000.0))
runs = st.lists(
    st.builds(
        ModelRun,
        name=st.just("q"),
        strictly_right=st.booleans(),
        false_pass=st.booleans(),
        route_ok=st.booleans(),
        leaked=st.booleans(),
        audit_problem=st.booleans(),
        fallback_reason=st.sampled_from(["", *R.FALLBACK_REASONS]),
        gatekeeper_rejected=st.booleans(),
        rejected_bindings=st.integers(min_value=0, max_value=20),
        prompt_tokens=st.integers(min_value=0, max_value=10**6),
        completion_tokens=st.integers(min_value=0, max_value=10**6),
        elapsed_ms=st.floats(min_value=0.0, max_value=1e6, allow_nan=False),
    ),
    max_size=30,
)


@given(times, quantile)
def test_a_percentile_lies_between_the_smallest_and_the_largest_value(values, q):
    assert min(values) - 1e-6 <= percentile(values, q) <= max(values) + 1e-6


@given(times, quantile, quantile)
def test_a_higher_quantile_is_never_smaller(values, q1, q2):
    low, high = sorted((q1, q2))
    assert percentile(values, low) <= percentile(values, high) + 1e-6


@given(times)
def test_the_50th_percentile_is_the_median(values):
    assert math.isclose(percentile(values, 0.5), statistics.median(values), rel_tol=1e-9, abs_tol=1e-6)


def test_percentiles_of_no_runs_are_zero_and_of_ten_runs_interpolate():
    assert percentile([], 0.95) == 0.0
    assert math.isclose(percentile([float(v) for v in range(1, 11)], 0.95), 9.55)  # between the 9th and 10th value


@given(prices, tokens, tokens, tokens, tokens)
def test_cost_is_additive_over_runs(price, p1, c1, p2, c2):
    both = cost_usd(price, prompt_tokens=p1 + p2, completion_tokens=c1 + c2)
    apart = cost_usd(price, prompt_tokens=p1, completion_tokens=c1) + cost_usd(price, prompt_tokens=p2, completion_tokens=c2)
    assert both >= 0.0 and math.isclose(both, apart, rel_tol=1e-9, abs_tol=1e-9)


def test_a_price_is_usd_per_million_prompt_and_completion_tokens():
    assert cost_usd(Price(prompt=0.15, completion=0.60), prompt_tokens=2_000_000, completion_tokens=500_000) == 0.6


@given(st.text(max_size=40))
def test_a_price_key_is_the_model_name_upper_cased_with_every_other_character_an_underscore(model):
    key = price_key(model)
    assert all(c.isascii() and (c.isupper() or c.isdigit() or c == "_") for c in key)
    assert price_key(key) == key


def test_the_price_of_gpt_4o_mini_is_read_from_llm_price_gpt_4o_mini():
    assert price_key("gpt-4o-mini") == "GPT_4O_MINI"
    assert price_of("gpt-4o-mini", {"GPT_4O_MINI": (0.15, 0.6)}) == Price(prompt=0.15, completion=0.6)
    assert price_of("qwen2.5:7b", {"GPT_4O_MINI": (0.15, 0.6)}) is None


@given(runs, st.none() | prices)
def test_the_rates_are_shares_of_the_runs_and_the_fallback_reasons_add_up(model_runs, price):
    f = model_figures("m", model_runs, price=price)
    n = len(model_runs)
    assert f.runs == n and 0 <= f.strictly_right <= n and 0 <= f.false_pass <= n
    assert f.fallback_count == sum(1 for r in model_runs if r.fallback_reason)
    assert math.isclose(sum(f.fallback_rates.values()), f.rate(f.fallback_count), abs_tol=1e-9)
    assert f.rate(f.fallback_count) <= 1.0
    assert f.prompt_tokens == sum(r.prompt_tokens for r in model_runs)
    assert f.p50_ms <= f.p95_ms + 1e-6
    assert (f.cost_usd is None) == (price is None)


def test_one_row_per_model_names_the_fallback_reasons_and_the_cost():
    run = ModelRun(name="q", strictly_right=False, false_pass=False, route_ok=False, leaked=False, audit_problem=False,
                   fallback_reason=R.EXECUTOR_INVALID_OUTPUT, gatekeeper_rejected=False, rejected_bindings=0,
                   prompt_tokens=1000, completion_tokens=100, elapsed_ms=1500.0)
    good = ModelRun(name="q2", strictly_right=True, false_pass=False, route_ok=True, leaked=False, audit_problem=False,
                    fallback_reason="", gatekeeper_rejected=True, rejected_bindings=2, prompt_tokens=3000,
                    completion_tokens=300, elapsed_ms=500.0)
    row = matrix_row(model_figures("small", [run, good], price=Price(prompt=1.0, completion=2.0)))
    assert row == ("small", "2", "1/2", "0", "50.0% (executor_invalid_output 1)", "1 (2)", "4000/400", "1.00", "1.45",
                   "0.0048")
