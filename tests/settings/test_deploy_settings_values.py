"""The security / deployment variables are read by the one env reader: values parse to the
settings Django expects, and a bad value stops start-up naming the variable."""

from __future__ import annotations

import pytest

from tests.settings.probe import last_error, load_settings


@pytest.mark.parametrize(
    ("variable", "value"),
    [
        ("SECURE_SSL_REDIRECT", "sometimes"),
        ("SECURE_HSTS_SECONDS", "a year"),
        ("SECURE_HSTS_SECONDS", "-1"),
        ("SECURE_HSTS_INCLUDE_SUBDOMAINS", "2"),
        ("SECURE_HSTS_PRELOAD", "please"),
        ("SESSION_COOKIE_SECURE", "https"),
        ("CSRF_COOKIE_SECURE", "y"),
        ("CSRF_TRUSTED_ORIGINS", "diagnosis.example.com"),
        ("CSRF_TRUSTED_ORIGINS", "https://ok.example.com,ftp://files.example.com"),
        ("CSRF_TRUSTED_ORIGINS", "https://diagnosis.example.com/app"),
        ("SECURE_PROXY_SSL_HEADER", "X-Forwarded-Proto,https"),
        ("SECURE_PROXY_SSL_HEADER", "HTTP_X_FORWARDED_PROTO"),
        ("SECURE_PROXY_SSL_HEADER", "HTTP_X_FORWARDED_PROTO,"),
        ("SECURE_PROXY_SSL_HEADER", "HTTP_X_FORWARDED_PROTO,https,http"),
    ],
)
def test_a_bad_deployment_value_fails_start_up_naming_the_variable(variable, value):
    result = load_settings({variable: value})
    assert result.returncode != 0
    assert "ImproperlyConfigured" in result.stderr
    assert variable in last_error(result)


def test_deployment_values_parse_to_django_settings():
    env = {
        "SECURE_PROXY_SSL_HEADER": " HTTP_X_FORWARDED_PROTO , https ",
        "CSRF_TRUSTED_ORIGINS": "https://diagnosis.example.com, https://*.example.org,http://127.0.0.1:8000",
        "SECURE_HSTS_SECONDS": "3600",
        "SECURE_SSL_REDIRECT": "on",
        "SESSION_COOKIE_SECURE": "1",
    }
    names = "SECURE_PROXY_SSL_HEADER, settings.CSRF_TRUSTED_ORIGINS, settings.SECURE_HSTS_SECONDS, " \
        "settings.SECURE_SSL_REDIRECT, settings.SESSION_COOKIE_SECURE, settings.CSRF_COOKIE_SECURE"
    result = load_settings(env, name=names)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == str(
        ("HTTP_X_FORWARDED_PROTO", "https")
    ) + " ['https://diagnosis.example.com', 'https://*.example.org', 'http://127.0.0.1:8000'] 3600 True True False"


def test_defaults_leave_https_to_the_operator():
    names = "SECURE_SSL_REDIRECT, settings.SECURE_HSTS_SECONDS, settings.SESSION_COOKIE_SECURE, " \
        "settings.CSRF_COOKIE_SECURE, settings.SECURE_PROXY_SSL_HEADER, settings.CSRF_TRUSTED_ORIGINS"
    result = load_settings({}, name=names)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["False", "0", "False", "False", "None", "[]"]
