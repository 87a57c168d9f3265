"""The default scope of a new session — one rule (``default_scope``): live when a real logs or
metrics backend is configured, else the demo scope, else the most recently loaded replay scope,
else live. The live scope reads the configured backends with the real clock."""

from __future__ import annotations

import pytest
from django.utils import timezone

from diagnosis.evidence.loader import evidence_bundle_load
from diagnosis.evidence.selectors import reference_clock
from diagnosis.selectors.scopes import DEMO_SCOPE, LIVE_SCOPE, default_scope, live_scope
from diagnosis.tools.backends import select_backend
from diagnosis.tools.backends.builtin import BuiltinLogsBackend
from tests.scopes.worlds import ALPHA, BETA, alpha_bundle, load_both

pytestmark = pytest.mark.django_db


def test_without_any_replay_the_default_is_live():
    assert default_scope().name == LIVE_SCOPE


def test_without_a_demo_the_most_recently_loaded_replay_scope_is_the_default():
    load_both()
    assert default_scope().name == BETA
    evidence_bundle_load(data=alpha_bundle(), scope=ALPHA)  # loading again makes it the latest
    assert default_scope().name == ALPHA


def test_the_demo_scope_wins_over_a_later_replay():
    evidence_bundle_load(data=alpha_bundle(), scope=DEMO_SCOPE)
    load_both()
    assert default_scope().name == DEMO_SCOPE


@pytest.mark.parametrize("setting", ["LOGS_BACKEND", "METRICS_BACKEND"])
def test_a_configured_real_backend_makes_live_the_default(settings, setting):
    load_both()
    setattr(settings, setting, "loki" if setting == "LOGS_BACKEND" else "prometheus")
    assert default_scope().name == LIVE_SCOPE


def test_live_uses_the_real_clock_and_the_configured_backend_a_replay_its_rows(settings):
    alpha, _ = load_both()
    now, source = reference_clock(live_scope())
    assert source == "clock" and abs((now - timezone.now()).total_seconds()) < 60
    settings.LOGS_BACKEND, settings.LOKI_URL = "loki", "http://127.0.0.1:9"
    assert select_backend("logs", live_scope()).name == "loki"
    replay = select_backend("logs", alpha)
    assert isinstance(replay, BuiltinLogsBackend) and replay.scope == alpha


def test_loading_into_live_adds_rows_but_keeps_the_real_clock():
    report = evidence_bundle_load(data=alpha_bundle(), scope=LIVE_SCOPE)
    assert report.scope == LIVE_SCOPE and report.counts.documents.created == 1
    live = live_scope()
    assert live.is_live and live.reference_time is None
    assert reference_clock(live).source == "clock"
