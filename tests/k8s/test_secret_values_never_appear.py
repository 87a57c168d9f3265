"""Secrets and ConfigMaps by name only (DESIGN §10.6): the recorded API responses carry values
(``state.SECRET_VALUES``); none of them appears in any output, evidence ref, error or stored
invocation — whatever is asked, and when the response is broken. A bundle cannot carry one."""

from __future__ import annotations

import copy
import json

import pytest
from django.core import serializers

from diagnosis.evidence.bundle import BundleError
from diagnosis.evidence.loader import evidence_bundle_load
from diagnosis.models import K8sObject, ToolInvocation
from diagnosis.selectors.scopes import live_scope
from diagnosis.tools.service import tool_invocation_execute
from tests.backends.fakes import Canned
from tests.factories import make_run, make_session
from tests.k8s.fake_api import path_of
from tests.k8s.state import SECRET_VALUES, boutique_bundle, recording

pytestmark = pytest.mark.django_db
WIDE = {"start": "2026-11-27T00:00:00+08:00", "end": "2026-11-28T12:00:00+08:00"}


@pytest.fixture
def run(api_user):
    return make_run(api_user, session=make_session(api_user, scope=live_scope()))


def stored_text() -> str:
    """Every stored invocation and K8s object row, every field, as JSON."""
    rows = [*ToolInvocation.objects.all(), *K8sObject.objects.all()]
    return serializers.serialize("json", rows)


def assert_no_value(text: str) -> None:
    for value in SECRET_VALUES:
        assert value not in text, value


def test_listing_secrets_and_configmaps_gives_names_keys_and_owners_only(run, fake_k8s):
    for kind in ("secrets", "configmaps"):
        inv = tool_invocation_execute(run=run, round_no=1, tool_name="query_k8s", arguments={"kind": kind, **WIDE})
        assert inv.status == ToolInvocation.Status.SUCCESS, inv.error
        assert all(set(e) <= {"namespace", "name", "type", "keys", "owners", "observed_at"} for e in inv.output[kind])
    secrets = {s["name"]: s for s in ToolInvocation.objects.get(invocation_id="inv_1").output["secrets"]}
    assert secrets["cart-redis-auth"]["keys"] == ["password", "username"]
    assert secrets["boutique-tls"]["owners"] == ["Certificate/boutique-cert"]
    assert_no_value(stored_text())


@pytest.mark.parametrize(
    "arguments",
    [{"kind": "secrets", "name": "cart-redis-auth"}, {"kind": "configmaps", "reason": "x"},
     {"kind": "secrets", "limit": 1}, {"kind": "pods"}, {"kind": "services"}],
)  # fmt: skip
def test_no_question_brings_a_value_out(run, fake_k8s, arguments):
    tool_invocation_execute(run=run, round_no=1, tool_name="query_k8s", arguments={**arguments, **WIDE})
    assert_no_value(stored_text())


def test_a_broken_secrets_response_is_not_quoted_in_the_error(run, fake_k8s):
    body = json.dumps(recording("secrets")).encode()
    start = body.index(SECRET_VALUES[0].encode())  # cut so that the body starts with a value
    fake_k8s.serve(path_of("secrets"), Canned(raw=body[start : start + 200]))
    arguments = {"kind": "secrets", "namespace": "boutique"}
    inv = tool_invocation_execute(run=run, round_no=1, tool_name="query_k8s", arguments=arguments)
    assert inv.status == ToolInvocation.Status.FAILED and "malformed JSON response" in inv.error
    assert_no_value(stored_text())


def test_a_bundle_secret_with_data_is_rejected_without_echoing_it():
    bundle = copy.deepcopy(boutique_bundle())
    bundle["k8s"]["secrets"][0]["data"] = {"password": SECRET_VALUES[0]}
    with pytest.raises(BundleError) as caught:
        evidence_bundle_load(data=bundle)
    assert "k8s.secrets[0].data: unknown key" in caught.value.message
    assert_no_value(caught.value.message)
    assert not K8sObject.objects.exists()


def test_the_builtin_backend_stores_and_returns_names_only(api_user):
    report = evidence_bundle_load(data=boutique_bundle())
    assert report.counts.k8s_objects.created == sum(len(v) for k, v in boutique_bundle()["k8s"].items()
                                                    if k not in ("pods", "events", "deployments"))  # fmt: skip
    stored = K8sObject.objects.get(kind="secrets", name="cart-redis-auth").data
    assert set(stored) == {"namespace", "name", "type", "keys", "owners", "observed_at"}
