"""``LLM_PRICE_<MODEL>="prompt,completion"`` (USD per million tokens) read into ``LLM_PRICES``;
a malformed price fails start-up naming its variable (STYLE §5)."""

from __future__ import annotations

import pytest
from django.core.exceptions import ImproperlyConfigured

from superbiz.env import env_prices


def test_each_price_variable_is_read_by_its_model_key(monkeypatch):
    monkeypatch.setenv("LLM_PRICE_GPT_4O_MINI", "0.15, 0.60")
    monkeypatch.setenv("LLM_PRICE_QWEN2_5_7B", "0,0")
    prices = env_prices("LLM_PRICE_")
    assert prices["GPT_4O_MINI"] == (0.15, 0.6) and prices["QWEN2_5_7B"] == (0.0, 0.0)


@pytest.mark.parametrize("raw", ["0.15", "0.15,0.60,1", "cheap,0.6", "-1,0.6", "nan,0.6", "inf,0.6"])
def test_a_malformed_price_names_its_variable(monkeypatch, raw):
    monkeypatch.setenv("LLM_PRICE_GPT_4O_MINI", raw)
    with pytest.raises(ImproperlyConfigured, match="LLM_PRICE_GPT_4O_MINI"):
        env_prices("LLM_PRICE_")
