"""What the security settings do to real responses (Django's test client in a fresh process
with the environment under test): the first-run defaults serve plain http; the documented
production environment redirects http, and over https (as the proxy reports it) sends HSTS and
Secure cookies."""

from __future__ import annotations

import json

from tests.settings.probe import run_python
from tests.settings.production_env import documented_production_env

FETCH = """
import django, json; django.setup()
from django.test import Client
response = Client().get("/accounts/login/", headers={headers})
csrf = response.cookies.get("csrftoken")
print(json.dumps({{
    "status": response.status_code,
    "location": response.get("Location"),
    "hsts": response.get("Strict-Transport-Security"),
    "csp": response.get("Content-Security-Policy"),
    "csrf_secure": bool(csrf and csrf["secure"]),
    "csrf_cookie": csrf is not None,
}}))
"""


def fetch_login(env: dict[str, str], headers: dict[str, str]) -> dict:
    result = run_python(env, FETCH.format(headers=repr(headers)))
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.strip().splitlines()[-1])


def test_first_run_defaults_serve_plain_http_with_debug_off(tmp_path):
    env = {"DEBUG": "false", "SECRET_KEY_FILE": str(tmp_path / ".secret_key")}
    page = fetch_login(env, {"host": "localhost"})
    assert page["status"] == 200 and page["location"] is None
    assert page["hsts"] is None
    assert page["csrf_cookie"] and not page["csrf_secure"]  # a browser keeps it over http
    assert "default-src 'self'" in page["csp"]


def test_production_env_redirects_plain_http_to_https():
    page = fetch_login(documented_production_env(), {"host": "diagnosis.example.com"})
    assert page["status"] == 301
    assert page["location"] == "https://diagnosis.example.com/accounts/login/"


def test_production_env_over_the_proxy_https_sends_hsts_and_secure_cookies():
    headers = {"host": "diagnosis.example.com", "x-forwarded-proto": "https"}
    page = fetch_login(documented_production_env(), headers)
    assert page["status"] == 200
    assert page["hsts"] == "max-age=31536000; includeSubDomains; preload"
    assert page["csrf_cookie"] and page["csrf_secure"]
    assert "default-src 'self'" in page["csp"]


def test_a_client_forwarded_proto_is_ignored_without_the_proxy_setting():
    env = {**documented_production_env(), "SECURE_PROXY_SSL_HEADER": ""}
    page = fetch_login(env, {"host": "diagnosis.example.com", "x-forwarded-proto": "https"})
    assert page["status"] == 301  # the header alone does not make a request https
