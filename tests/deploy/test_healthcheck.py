"""deploy/healthcheck.py (the image's HEALTHCHECK) addresses the request as the production settings
require: the bind address it can reach, a Host that ALLOWED_HOSTS accepts, the proxy's header."""

from __future__ import annotations

import importlib.util
from types import ModuleType

import pytest

from tests.deploy.artefacts import ROOT


def _module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("deploy_healthcheck", ROOT / "deploy" / "healthcheck.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


healthcheck = _module()


@pytest.mark.parametrize(
    ("bind", "expected"),
    [("0.0.0.0:8000", ("127.0.0.1", 8000)), ("[::]:8000", ("::1", 8000)), ("127.0.0.1:9000", ("127.0.0.1", 9000)),
     ("web.internal:8000", ("web.internal", 8000))],
)
def test_the_bind_address_becomes_one_the_check_can_reach(bind, expected):
    assert healthcheck.target(bind) == expected


@pytest.mark.parametrize("bind", ["unix:/run/gunicorn.sock", "8000", "host:http"])
def test_a_bind_it_cannot_reach_is_refused_by_name(bind):
    with pytest.raises(ValueError, match="GUNICORN_BIND"):
        healthcheck.target(bind)


@pytest.mark.parametrize(
    ("allowed", "host"),
    [("diagnosis.example.com,other.example.com", "diagnosis.example.com"), (".example.com", "example.com"),
     ("*", "localhost"), ("", "localhost"), (" , diag.example.com", "diag.example.com")],
)
def test_the_host_is_one_allowed_hosts_accepts(allowed, host):
    assert healthcheck.host_header(allowed) == host


def test_the_proxy_header_is_the_one_secure_proxy_ssl_header_names():
    assert healthcheck.probe_headers(
        {"ALLOWED_HOSTS": "diagnosis.example.com", "SECURE_PROXY_SSL_HEADER": "HTTP_X_FORWARDED_PROTO,https"}
    ) == {"Host": "diagnosis.example.com", "X-Forwarded-Proto": "https"}
    assert healthcheck.probe_headers({}) == {"Host": "localhost"}
