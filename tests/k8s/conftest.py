"""Fixtures of the query_k8s tests: the boutique bundle loaded (builtin), the fake API server with
its kubeconfig (kubernetes), a run, and the evidence-ref invariant after every database test."""

from __future__ import annotations

import pytest

from diagnosis.evidence.loader import evidence_bundle_load
from tests.backends.fakes import FakeAPI
from tests.k8s.fake_api import serve_recordings, write_kubeconfig
from tests.k8s.state import boutique_bundle
from tests.tools import builders

# The same run and evidence-ref invariant as the builtin tool tests (one definition).
from tests.tools.conftest import _every_invocation_keeps_the_evidence_ref_invariant, run  # noqa: F401


@pytest.fixture
def boutique(db):
    """Loaded into the builders' scope, the one the ``run`` fixture's session reads."""
    return evidence_bundle_load(data=boutique_bundle(), scope=builders.builder_scope().name)


@pytest.fixture
def fake_k8s(settings, tmp_path):
    api = FakeAPI("kubernetes").start()
    serve_recordings(api)
    settings.K8S_BACKEND = "kubernetes"
    settings.KUBECONFIG = str(write_kubeconfig(tmp_path, api.url))
    yield api
    api.stop()
