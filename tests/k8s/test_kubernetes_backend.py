"""K8S_BACKEND=kubernetes: the official client against a fake API server on 127.0.0.1 serving
recorded ``kubectl get -o json`` responses. Same state → same output as the builtin backend;
failures of every kind → a failed invocation with a clear Chinese error, never a raise, never
the token."""

from __future__ import annotations

import json
from datetime import datetime

import pytest

from diagnosis.evidence.selectors import ReferenceNow
from diagnosis.models import EvidenceScope, ToolInvocation
from diagnosis.selectors.scopes import live_scope
from diagnosis.tools import service
from diagnosis.tools.backends import kube
from diagnosis.tools.service import tool_invocation_execute
from tests.backends.fakes import Canned
from tests.factories import make_run, make_session
from tests.k8s.fake_api import CLUSTER_WIDE, KINDS, PAGE, TOKEN, path_of
from tests.k8s.state import OBSERVED, recording

pytestmark = pytest.mark.django_db


@pytest.fixture
def observed_at_reference(monkeypatch):
    monkeypatch.setattr(kube, "observed_now", lambda: datetime.fromisoformat(OBSERVED))


@pytest.fixture
def run(api_user):
    """A cluster is read in the live scope only (a replay scope always reads its own rows)."""
    return make_run(api_user, session=make_session(api_user, scope=live_scope()))


@pytest.fixture
def replay_run(api_user, boutique):
    """A run in the scope the boutique bundle is loaded into (builtin rows)."""
    return make_run(api_user, session=make_session(api_user, scope=EvidenceScope.objects.get(name=boutique.scope)))


def call(run, **arguments):
    return tool_invocation_execute(run=run, round_no=1, tool_name="query_k8s", arguments=arguments)


def assert_failed(inv, *needles):
    assert inv.status == ToolInvocation.Status.FAILED
    assert inv.output is None and inv.evidence_refs == []
    for needle in needles:
        assert needle in inv.error, inv.error
    assert TOKEN not in inv.error


@pytest.mark.parametrize(
    "arguments",
    [
        {"namespace": "boutique"},
        {},  # every namespace
        {"namespace": "boutique", "name": "adservice"},
        {"namespace": "boutique", "reason": "OOMKilled"},
        {"namespace": "boutique", "reason": "FailedCreate"},
        {"namespace": "boutique", "reason": "NotReady"},
        {"namespace": "boutique", "reason": "Pending"},
        {"namespace": "boutique", "name": "frontend"},
        {"namespace": "boutique", "limit": 2},
        {"namespace": "boutique", "start": "2026-11-27T15:00:00+08:00", "end": "2026-11-27T17:00:00+08:00"},
    ],
)
def test_both_backends_give_the_same_output_for_the_same_state(run, replay_run, settings, arguments, request, monkeypatch):
    # Both runs resolve default windows against the recording's moment (the live scope's clock
    # is the real one otherwise).
    reference = replay_run.session.scope.reference_time
    monkeypatch.setattr(service, "reference_clock", lambda scope: ReferenceNow(reference, "reference_time"))
    settings.K8S_BACKEND = "builtin"
    builtin = {kind: call(replay_run, kind=kind, **arguments) for kind in KINDS}
    request.getfixturevalue("observed_at_reference")
    request.getfixturevalue("fake_k8s")  # switches K8S_BACKEND to kubernetes
    for kind in KINDS:
        live = call(run, kind=kind, **arguments)
        assert live.retrieval_details["backend"] == "kubernetes"
        assert (live.status, live.output) == (builtin[kind].status, builtin[kind].output), kind
        assert live.evidence_refs == builtin[kind].evidence_refs


@pytest.mark.parametrize("kind", KINDS)
def test_every_kind_is_listed_page_by_page_with_the_kubeconfig_token(run, db, fake_k8s, kind):
    inv = call(run, kind=kind, namespace="boutique", start="2026-11-27T00:00:00+08:00", end="2026-11-28T12:00:00+08:00")
    assert inv.status == "success", inv.error
    requests = fake_k8s.requests_to(path_of(kind))
    items = len(recording(kind)["items"])
    assert len(requests) == max(1, -(-items // PAGE))  # one request per page the server cut the list into
    assert [r.params.get("continue") for r in requests] == [None, *(f"tok-{PAGE * i}" for i in range(1, len(requests)))]
    assert requests[0].params["limit"] == "2000"
    assert all(r.headers["authorization"] == f"Bearer {TOKEN}" for r in requests)
    # every item of every page is read
    assert inv.output["total"] == items


def test_a_kind_of_every_namespace_is_listed_cluster_wide(run, db, fake_k8s):
    call(run, kind="pods")
    assert fake_k8s.requests_to(path_of("pods", None))
    for kind in CLUSTER_WIDE:  # nodes and PVs have no namespace, asked one or not
        call(run, kind=kind, namespace="boutique")
        assert fake_k8s.requests_to(path_of(kind, None))


def test_a_500_names_the_status_and_the_servers_message(run, db, fake_k8s):
    status = {"kind": "Status", "apiVersion": "v1", "status": "Failure", "message": "etcdserver: request timed out",
              "reason": "InternalError", "code": 500}  # fmt: skip
    fake_k8s.serve(path_of("pods"), Canned(status=500, payload=status))
    assert_failed(call(run, kind="pods", namespace="boutique"), "工具执行失败", f"Kubernetes ({fake_k8s.url}) HTTP 500: etcdserver: request timed out")


def test_a_forbidden_listing_is_a_failed_invocation(run, db, fake_k8s):
    status = {"kind": "Status", "status": "Failure", "reason": "Forbidden", "code": 403,
              "message": 'events is forbidden: User "system:serviceaccount:ops:diag" cannot list resource "events"'}
    fake_k8s.serve(path_of("events"), Canned(status=403, payload=status))
    assert_failed(call(run, kind="events", namespace="boutique"), "HTTP 403: events is forbidden")


def test_a_forbidden_kind_fails_alone(run, db, fake_k8s):
    status = {"kind": "Status", "status": "Failure", "reason": "Forbidden", "code": 403,
              "message": 'nodes is forbidden: User "system:serviceaccount:ops:diag" cannot list resource "nodes" '
                         'in API group "" at the cluster scope'}  # fmt: skip
    fake_k8s.serve(path_of("nodes"), Canned(status=403, payload=status))
    assert_failed(call(run, kind="nodes"), "工具执行失败", "HTTP 403: nodes is forbidden")
    assert call(run, kind="pods", namespace="boutique").status == ToolInvocation.Status.SUCCESS
    assert call(run, kind="pvs").status == ToolInvocation.Status.SUCCESS


def test_a_list_whose_next_page_expired_is_a_failed_invocation_naming_the_interruption(run, db, fake_k8s):
    payload = recording("pvcs")
    expired = {"kind": "Status", "status": "Failure", "reason": "Expired", "code": 410,
               "message": "The provided continue parameter is too old to display a consistent list result."}

    def route(request):
        if request.params.get("continue"):
            return Canned(status=410, payload=expired)
        return Canned(payload={**payload, "metadata": {"continue": "tok-1"}, "items": payload["items"][:1]})

    fake_k8s.serve(path_of("pvcs"), route)
    assert_failed(call(run, kind="pvcs", namespace="boutique"), "pvcs 列表分页读取中断（已读 1 个对象）", "HTTP 410")


def test_a_truncated_list_is_a_failed_invocation(run, db, fake_k8s):
    body = json.dumps(recording("services")).encode()
    fake_k8s.serve(path_of("services"), Canned(raw=body[: len(body) // 2]))
    assert_failed(call(run, kind="services", namespace="boutique"), "malformed JSON response")


def test_a_continue_token_that_repeats_is_a_failed_invocation(run, db, fake_k8s):
    payload = recording("configmaps")
    fake_k8s.serve(path_of("configmaps"), Canned(payload={**payload, "metadata": {"continue": "same"}}))
    assert_failed(call(run, kind="configmaps", namespace="boutique"), "分页标记重复")


def test_garbage_json_is_a_failed_invocation(run, db, fake_k8s):
    fake_k8s.serve(path_of("deployments"), Canned(raw=b'{"kind": "DeploymentList", "items": [{'))
    assert_failed(call(run, kind="deployments", namespace="boutique"), "malformed JSON response")


def test_json_of_the_wrong_shape_is_a_failed_invocation(run, db, fake_k8s):
    fake_k8s.serve(path_of("pods"), Canned(payload={"kind": "PodList", "items": {"not": "a list"}}))
    assert_failed(call(run, kind="pods", namespace="boutique"), "response is not a pods list")
    fake_k8s.serve(path_of("pods"), Canned(payload={"items": [{"metadata": {}}]}))
    assert_failed(call(run, kind="pods", namespace="boutique"), "unexpected object", "metadata.name")


@pytest.mark.parametrize("kind", ["pods", "nodes", "networkpolicies"])
def test_a_slow_server_times_out_as_a_failed_invocation(run, db, fake_k8s, settings, kind):
    settings.TOOL_TIMEOUT_S = 0.5
    fake_k8s.serve(path_of(kind), Canned(payload={"items": []}, delay_s=5))
    assert_failed(call(run, kind=kind, namespace="boutique"), "超时")


def test_a_server_that_is_down_is_a_failed_invocation(run, db, fake_k8s):
    url = fake_k8s.url
    fake_k8s.stop()
    inv = call(run, kind="pods", namespace="boutique")
    assert_failed(inv, f"Kubernetes ({url}) 无法连接 (unreachable)")


def test_an_unreadable_kubeconfig_is_a_configuration_error(run, db, settings, tmp_path):
    settings.K8S_BACKEND = "kubernetes"
    settings.KUBECONFIG = str(tmp_path / "missing")
    assert_failed(call(run, kind="pods"), "工具后端配置错误", "无法读取 Kubernetes 配置")
    broken = tmp_path / "broken"
    broken.write_text(json.dumps({"apiVersion": "v1", "kind": "Config", "clusters": []}))
    settings.KUBECONFIG = str(broken)
    assert_failed(call(run, kind="pods"), "无法读取 Kubernetes 配置")


def test_without_kubeconfig_outside_a_cluster_the_in_cluster_config_is_missing(run, db, settings, monkeypatch):
    monkeypatch.delenv("KUBERNETES_SERVICE_HOST", raising=False)
    settings.K8S_BACKEND = "kubernetes"
    settings.KUBECONFIG = ""
    assert_failed(call(run, kind="pods"), "无法读取 Kubernetes 配置")


def test_the_clients_one_off_import_is_made_before_the_calls_deadline(run, db, fake_k8s, settings, monkeypatch):
    # Under load the first `import kubernetes` of a process took seconds inside the deadline and the
    # first query_k8s call timed out; the import now happens before the deadline starts.
    settings.TOOL_TIMEOUT_S = 0.5
    loaded = []
    monkeypatch.setattr(kube, "preload_client", lambda: (__import__("time").sleep(1.0), loaded.append(True)))
    inv = call(run, kind="pods", namespace="boutique")
    assert loaded == [True]
    assert inv.status == ToolInvocation.Status.SUCCESS, inv.error
