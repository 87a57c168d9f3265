"""select_backend(): settings pick the implementation; a missing one fails clearly."""

from __future__ import annotations

import pytest
from django.core.exceptions import ImproperlyConfigured

from diagnosis.tools.backends import BACKEND_FACTORIES, register_backend, select_backend
from diagnosis.tools.backends.builtin import (
    BuiltinKnowledgeBackend,
    BuiltinLogsBackend,
    BuiltinMetricsBackend,
)


def test_builtin_is_the_default_for_every_kind():
    assert isinstance(select_backend("logs"), BuiltinLogsBackend)
    assert isinstance(select_backend("metrics"), BuiltinMetricsBackend)
    assert isinstance(select_backend("knowledge"), BuiltinKnowledgeBackend)


@pytest.mark.parametrize(
    ("setting", "kind", "value"),
    [("LOGS_BACKEND", "logs", "elasticsearch"), ("METRICS_BACKEND", "metrics", "influxdb")],
)
def test_a_backend_name_without_implementation_raises_at_selection(settings, setting, kind, value):
    setattr(settings, setting, value)
    with pytest.raises(ImproperlyConfigured, match=f"{setting}={value}"):
        select_backend(kind)


@pytest.mark.parametrize(
    ("setting", "url_setting", "kind", "value"),
    [("LOGS_BACKEND", "LOKI_URL", "logs", "loki"), ("METRICS_BACKEND", "PROMETHEUS_URL", "metrics", "prometheus")],
)
def test_an_external_backend_without_its_url_raises_at_selection(settings, setting, url_setting, kind, value):
    setattr(settings, setting, value)
    setattr(settings, url_setting, "")
    with pytest.raises(ImproperlyConfigured, match=url_setting):
        select_backend(kind)


def test_a_registered_backend_is_selected_by_its_setting(settings, monkeypatch):
    monkeypatch.setitem(BACKEND_FACTORIES, "logs", dict(BACKEND_FACTORIES["logs"]))
    sentinel = object()
    register_backend("logs", "loki", lambda scope: sentinel)
    settings.LOGS_BACKEND = "loki"
    assert select_backend("logs") is sentinel


def test_unknown_kind_is_a_programming_error():
    with pytest.raises(ValueError):
        select_backend("traces")
    with pytest.raises(ValueError):
        register_backend("traces", "jaeger", object)
