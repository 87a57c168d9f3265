"""Schemathesis against the live OpenAPI schema, in-process over WSGI, with every check it has.

- ``test_api_conforms_to_its_schema`` — each operation, authenticated with a staff token (staff may
  also post knowledge), positive and negative examples: every built-in check (status codes,
  content types, headers, response schemas, negative data rejected, positive data accepted,
  unsupported methods, missing required headers, ignored auth, …) must pass. No check and no
  operation is excluded.
- ``test_anonymous_caller_gets_401_everywhere`` — the same generated requests without
  credentials: every operation answers 401 in the API's JSON error shape, in Chinese, never 500.

The schema under test is built by drf-spectacular at import time (the pytest integration needs it
before fixtures exist; its fixture-based loader does not run on pytest 9), and
``test_schema_under_test_is_the_live_schema`` proves it is byte-for-byte what ``GET
/api/schema/`` serves. Examples are bounded (``SCHEMATHESIS_MAX_EXAMPLES``, default 10 per
operation and phase) so the file runs in well under a minute on two cores; the figures are in
docs/reliability/api.md.

The tests are transactional: ``POST /api/chat/stream`` executes its run in a worker thread with
its own database connection, which must see the committed run row.
"""

from __future__ import annotations

import copy
import json
import os
import re
from collections import Counter

import pytest
import schemathesis
from django.conf import settings
from django.core.wsgi import get_wsgi_application
from django.test import override_settings
from django.urls import Resolver404, resolve
from drf_spectacular.generators import SchemaGenerator
from hypothesis import HealthCheck
from hypothesis import settings as hypothesis_settings
from schemathesis.checks import CHECKS, load_all_checks

from tests.api.conftest import token_for

MAX_EXAMPLES = int(os.environ.get("SCHEMATHESIS_MAX_EXAMPLES", "10"))
CJK = re.compile(r"[\u4e00-\u9fff]")

LIVE_SCHEMA = json.loads(json.dumps(SchemaGenerator().get_schema(request=None, public=True), default=str))
schema = schemathesis.openapi.from_dict(LIVE_SCHEMA)
schema.app = get_wsgi_application()

BOUNDED = hypothesis_settings(
    max_examples=MAX_EXAMPLES,
    deadline=None,  # one chat example runs the whole diagnosis graph; time is not what is tested
    # The token fixture is deliberately shared by every example of a test (one user, one token);
    # examples are slow because a chat example runs a real graph.
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


# Requests sent, per (test, operation, phase) — printed at the end of the module (run with -s to
# see them; docs/reliability/api.md quotes them).
SENT: Counter[tuple[str, str, str]] = Counter()


@pytest.fixture(scope="module", autouse=True)
def _report_requests_sent():
    yield
    for test in ("authenticated", "anonymous"):
        rows = {k: n for k, n in SENT.items() if k[0] == test}
        by_phase = Counter()
        for (_, _, phase), n in rows.items():
            by_phase[phase] += n
        print(f"\nschemathesis {test}: {sum(rows.values())} requests over {len({k[1] for k in rows})} operations {dict(by_phase)}")


def _count(test: str, case) -> None:
    phase = case.meta.phase.name.value if case.meta is not None else "explicit"
    SENT[(test, case.operation.label, str(phase))] += 1


@pytest.fixture
def generous_throttles():
    # The chat budget (30/minute) would turn most chat examples into 429s (documented, but then
    # nothing past the throttle gets tested); the throttle itself has tests/api/test_throttle.py.
    rest = copy.deepcopy(settings.REST_FRAMEWORK)
    rest["DEFAULT_THROTTLE_RATES"].update(chat="100000/minute", user="100000/minute")
    with override_settings(REST_FRAMEWORK=rest):
        yield


@pytest.fixture
def staff_token(transactional_db, staff, generous_throttles):
    return token_for(staff)


def test_schema_under_test_is_the_live_schema(client, staff_token):
    served = client.get("/api/schema/", HTTP_AUTHORIZATION=f"Token {staff_token}")
    assert served.status_code == 200
    assert served.json() == LIVE_SCHEMA


load_all_checks()
ALL_CHECKS = CHECKS.get_all()

# The only check left out anywhere, and why. A multipart knowledge upload has rules OpenAPI cannot
# state: the ``file`` part must be a file (schemathesis may send it as a plain field), its *name*
# must end in .md/.markdown/.txt (file names are not part of the schema) and its bytes must be
# UTF-8 text. So a schema-valid multipart body is rightly refused with a 400 (documented);
# ``positive_data_acceptance`` cannot hold there. Every other check still runs on it, including
# not_a_server_error and the 400's response schema. JSON uploads keep every check.
EXCLUDED = {("POST /api/knowledge", "multipart/form-data"): ["positive_data_acceptance"]}


def _names_a_missing_scope(case) -> bool:
    """Which scopes exist is state, not schema (like a session id): a generated ``scope`` name that
    names no scope is rightly refused with the documented 400 ``unknown_scope``."""
    from diagnosis.models import EvidenceScope

    scope = case.body.get("scope") if isinstance(case.body, dict) else None
    if not isinstance(scope, str) or "\x00" in scope:
        return False  # not text, or NUL: negative data, refused by the field itself
    return not EvidenceScope.objects.filter(name=scope.strip()).exists()


def _checks_for(case, keys_used: set[str]):
    excluded = set(EXCLUDED.get((case.operation.label, case.media_type), []))
    if _names_a_missing_scope(case):
        excluded.add("positive_data_acceptance")
    key = (case.headers or {}).get("Idempotency-Key")
    if key is not None:
        if key in keys_used:
            # Idempotency is state across examples: a key an earlier example of this test already
            # used answers that request's run (replay), 409 while it runs, or 422 for another body
            # — all documented, none "positive data refused". Every other check still applies.
            excluded.add("positive_data_acceptance")
        keys_used.add(key)
    return [check for check in ALL_CHECKS if check.__name__ not in excluded]


@pytest.fixture
def keys_used() -> set[str]:
    return set()  # Idempotency-Keys sent so far by one test (its database lives as long)


@schema.parametrize()
@BOUNDED
def test_api_conforms_to_its_schema(case, staff_token, keys_used):
    _count("authenticated", case)
    case.call_and_validate(headers={"Authorization": f"Token {staff_token}"}, checks=_checks_for(case, keys_used))


@schema.parametrize()
@BOUNDED
def test_anonymous_caller_gets_401_everywhere(case, transactional_db, generous_throttles):
    case.headers = {k: v for k, v in (case.headers or {}).items() if k.lower() != "authorization"}
    case.cookies = {}
    _count("anonymous", case)
    response = case.call()
    body = response.json()
    assert set(body) == {"error"} and CJK.search(body["error"]["message"]), body
    path = case.formatted_path
    if _routed(path):
        assert response.status_code == 401, (case.method, path, response.status_code, body)
        assert body["error"]["code"] == "not_authenticated"
        assert response.headers["www-authenticate"] == ["Token"]
    else:
        # A path id that is not a UUID (negative examples) matches no URL pattern: there is no
        # such resource for anyone, and the URL resolver answers 404 before any view runs.
        assert response.status_code == 404 and body["error"]["code"] == "not_found", (path, body)
    case.validate_response(response, checks=ALL_CHECKS)


def _routed(path: str) -> bool:
    try:
        resolve(path)
    except Resolver404:
        return False
    return True
