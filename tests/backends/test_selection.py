"""select_backend(): LOGS_BACKEND=loki / METRICS_BACKEND=prometheus pick the HTTP backends, built
from settings; a missing URL or a bad label name fails naming its variable."""

from __future__ import annotations

import pytest
from django.core.exceptions import ImproperlyConfigured

from diagnosis.tools.backends import select_backend
from diagnosis.tools.backends.loki import LokiLogsBackend
from diagnosis.tools.backends.prometheus import PrometheusMetricsBackend


def test_loki_is_selected_by_logs_backend(settings):
    settings.LOGS_BACKEND = "loki"
    settings.LOKI_URL = "http://127.0.0.1:3100/"
    settings.LOKI_SERVICE_LABEL = "app"
    backend = select_backend("logs")
    assert isinstance(backend, LokiLogsBackend) and backend.name == "loki"
    assert backend.endpoint.base == "http://127.0.0.1:3100" and backend.service_label == "app"


def test_prometheus_is_selected_by_metrics_backend(settings):
    settings.METRICS_BACKEND = "prometheus"
    settings.PROMETHEUS_URL = "https://prom.example.com/prometheus"
    settings.PROMETHEUS_DEFAULT_METRICS = ["up", "up", "http_5xx_rate"]
    backend = select_backend("metrics")
    assert isinstance(backend, PrometheusMetricsBackend) and backend.name == "prometheus"
    assert backend.endpoint.base == "https://prom.example.com/prometheus"
    assert backend.default_metrics == ("up", "http_5xx_rate")


def test_knowledge_stays_builtin_whatever_the_other_backends_are(settings):
    settings.LOGS_BACKEND, settings.LOKI_URL = "loki", "http://127.0.0.1:3100"
    assert select_backend("knowledge").name == "builtin"


@pytest.mark.parametrize(
    ("setting", "kind", "value", "url_setting"),
    [
        ("LOGS_BACKEND", "logs", "loki", "LOKI_URL"),
        ("METRICS_BACKEND", "metrics", "prometheus", "PROMETHEUS_URL"),
    ],
)
def test_a_missing_url_is_a_configuration_error_naming_it(settings, setting, kind, value, url_setting):
    setattr(settings, setting, value)
    setattr(settings, url_setting, "")
    with pytest.raises(ImproperlyConfigured, match=url_setting):
        select_backend(kind)


@pytest.mark.parametrize(
    ("setting", "value"),
    [("LOKI_SERVICE_LABEL", "service-name"), ("LOKI_LEVEL_LABEL", 'level"}'), ("LOKI_SERVICE_LABEL", "")],
)
def test_a_bad_label_name_is_a_configuration_error_naming_it(settings, setting, value):
    settings.LOGS_BACKEND, settings.LOKI_URL = "loki", "http://127.0.0.1:3100"
    setattr(settings, setting, value)
    with pytest.raises(ImproperlyConfigured, match=setting):
        select_backend("logs")


def test_the_url_userinfo_becomes_basic_auth_and_is_not_displayed():
    backend = LokiLogsBackend(url="http://al%40ce:p%3Ass@loki.internal:3100")
    assert backend.endpoint.display == "http://loki.internal:3100"
    assert backend.endpoint.authorization == "Basic YWxAY2U6cDpzcw=="  # al@ce:p:ss
    assert "p:ss" not in str(backend.endpoint.fail("HTTP 401: p:ss rejected"))
    assert "p:ss" not in repr(backend.endpoint) and "YWxAY2U6cDpzcw" not in repr(backend.endpoint)


@pytest.mark.parametrize("url", ["ftp://loki:3100", "http://u:pw@loki:port", "http://"])
def test_a_malformed_url_is_a_configuration_error_without_its_password(url):
    with pytest.raises(ImproperlyConfigured, match="LOKI_URL") as raised:
        LokiLogsBackend(url=url)
    assert "pw" not in str(raised.value)
