"""A Loki that fails, lies or hangs gives a `failed` invocation with a clear error — never a raise,
never a credential in the message."""

from __future__ import annotations

import base64
import socket

import pytest

from diagnosis.models import ToolInvocation
from diagnosis.tools.backends.http import BackendHTTPError
from diagnosis.tools.backends.loki import LokiLogsBackend
from diagnosis.tools.service import tool_invocation_execute
from tests.backends.fakes import LOKI_QUERY_RANGE, Canned, loki_streams
from tests.tools.builders import at

pytestmark = pytest.mark.django_db
WINDOW = {"start": "2026-11-28T09:55:00+08:00", "end": "2026-11-28T10:30:00+08:00"}
SECRET = "s3cr3t-pa55"


def call(run, **arguments):
    return tool_invocation_execute(run=run, round_no=1, tool_name="query_logs", arguments=arguments)


def assert_failed(inv, *needles):
    assert inv.status == ToolInvocation.Status.FAILED
    assert inv.output is None and inv.retrieval_details["evidence_refs"] == []
    for needle in needles:
        assert needle in inv.error, inv.error
    assert SECRET not in inv.error


@pytest.fixture
def with_credentials(fake_loki, settings):
    settings.LOKI_URL = f"http://alice:{SECRET}@127.0.0.1:{fake_loki.port}"
    return fake_loki


def test_http_500_names_the_status_and_lokis_own_message(run, world, fake_loki):
    fake_loki.serve(
        LOKI_QUERY_RANGE,
        Canned(status=500, raw=b"too many outstanding requests\n", content_type="text/plain"),
    )
    inv = call(run, service="payment-service", **WINDOW)
    assert_failed(inv, "tool failed", f"Loki ({fake_loki.url}) HTTP 500: too many outstanding requests")


def test_a_logql_parse_error_is_reported_as_loki_wrote_it(run, world, fake_loki):
    message = b"parse error at line 1, col 12: syntax error: unexpected IDENTIFIER"
    fake_loki.serve(LOKI_QUERY_RANGE, Canned(status=400, raw=message, content_type="text/plain"))
    assert_failed(call(run, **WINDOW), "HTTP 400: parse error at line 1, col 12")


def test_malformed_json_is_a_failed_invocation(run, world, fake_loki):
    fake_loki.serve(LOKI_QUERY_RANGE, Canned(raw=b'{"status": "success", "data": {'))
    assert_failed(call(run, **WINDOW), "malformed JSON response")


def test_a_json_body_of_the_wrong_shape_is_a_failed_invocation(run, world, fake_loki):
    fake_loki.serve(LOKI_QUERY_RANGE, Canned(payload={"status": "success", "data": {"resultType": "matrix"}}))
    assert_failed(call(run, **WINDOW), "unexpected resultType 'matrix'")


def test_a_status_error_envelope_is_a_failed_invocation_with_its_message(run, world, fake_loki):
    fake_loki.serve(
        LOKI_QUERY_RANGE, Canned(payload={"status": "error", "error": "max query length exceeded"})
    )
    assert_failed(call(run, **WINDOW), "query failed", "max query length exceeded")


def test_a_slow_loki_times_out_as_a_failed_invocation(run, world, fake_loki, settings):
    settings.TOOL_TIMEOUT_S = 0.3
    fake_loki.serve(LOKI_QUERY_RANGE, Canned(payload={}, delay_s=5))
    inv = call(run, **WINDOW)
    assert_failed(inv)
    assert "timed out after 0.3s" in inv.error


def test_the_backend_bounds_its_own_request_by_the_tool_timeout(world, fake_loki, settings):
    settings.TOOL_TIMEOUT_S = 0.2
    fake_loki.serve(LOKI_QUERY_RANGE, Canned(payload={}, delay_s=5))
    from diagnosis.tools.backends import LogQuery

    with pytest.raises(BackendHTTPError, match=r"请求超时 \(timed out after 0.2s\)"):
        LokiLogsBackend.from_settings().search_logs(LogQuery(start=at("10:00"), end=at("10:30")))


def test_an_unreachable_loki_is_a_failed_invocation(run, world, fake_loki, settings):
    with socket.socket() as probe:  # a loopback port nobody listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    settings.LOKI_URL = f"http://alice:{SECRET}@127.0.0.1:{port}"
    assert_failed(call(run, **WINDOW), f"Loki (http://127.0.0.1:{port}) 无法连接 (unreachable)")


def test_userinfo_is_sent_as_basic_auth_and_never_shown(run, world, with_credentials):
    with_credentials.serve(
        LOKI_QUERY_RANGE,
        Canned(status=401, raw=f"invalid credentials alice:{SECRET}".encode(), content_type="text/plain"),
    )
    inv = call(run, **WINDOW)
    assert_failed(inv, f"Loki ({with_credentials.url}) HTTP 401: invalid credentials alice:***")
    (request,) = with_credentials.requests_to(LOKI_QUERY_RANGE)
    assert (
        request.headers["authorization"] == "Basic " + base64.b64encode(f"alice:{SECRET}".encode()).decode()
    )
    assert SECRET not in str(inv.retrieval_details) and SECRET not in str(inv.arguments)


def test_redirects_are_not_followed_so_credentials_stay_with_loki(run, world, with_credentials):
    with_credentials.serve(
        LOKI_QUERY_RANGE, Canned(status=302, raw=b"", headers={"Location": "http://127.0.0.1:9/elsewhere"})
    )
    assert_failed(call(run, **WINDOW), "HTTP 302")
    assert [r.path for r in with_credentials.requests] == [LOKI_QUERY_RANGE]


def test_a_response_over_the_size_cap_is_refused(run, world, fake_loki, monkeypatch):
    from diagnosis.tools.backends import http

    monkeypatch.setattr(http, "MAX_RESPONSE_BYTES", 1000)
    lines = [(at("10:05"), "x" * 2000)]
    fake_loki.serve(LOKI_QUERY_RANGE, loki_streams(({"service": "payment-service"}, lines)))
    assert_failed(call(run, **WINDOW), "响应超过 1000 bytes 上限 (response too large)")


def test_loki_without_a_url_is_a_configuration_error(run, world, settings):
    settings.LOGS_BACKEND = "loki"
    settings.LOKI_URL = ""
    inv = call(run, **WINDOW)
    assert_failed(inv, "backend misconfigured", "LOKI_URL")


def test_a_server_that_does_not_speak_http_is_a_failed_invocation(run, world, fake_loki, settings):
    import threading

    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(1)

    def answer_garbage():
        conn, _ = listener.accept()
        with conn:
            conn.recv(65536)
            conn.sendall(b"SSH-2.0-OpenSSH_9.6\r\n")

    thread = threading.Thread(target=answer_garbage, daemon=True)
    thread.start()
    settings.LOKI_URL = f"http://127.0.0.1:{listener.getsockname()[1]}"
    try:
        assert_failed(call(run, **WINDOW), "请求失败 (request failed)")
    finally:
        thread.join(timeout=5)
        listener.close()
