"""Migration 0004's data step on real rows: migrate back to 0003, write bundles, rows, services
and sessions with the historical models, migrate forward, and read where everything went."""

from __future__ import annotations

import datetime as dt

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

pytestmark = pytest.mark.django_db(transaction=True)
BEFORE = [("diagnosis", "0003_run_created_index")]
AFTER = [("diagnosis", "0004_evidence_scopes")]
T0 = dt.datetime(2026, 11, 1, tzinfo=dt.UTC)


def migrate(targets):
    executor = MigrationExecutor(connection)
    executor.migrate(targets)
    return MigrationExecutor(connection).loader.project_state(targets).apps


@pytest.fixture
def old_apps():
    apps = migrate(BEFORE)
    yield apps
    executor = MigrationExecutor(connection)
    migrate(executor.loader.graph.leaf_nodes())


def test_existing_data_moves_into_one_replay_scope_per_bundle_and_sessions_into_the_demo(old_apps):
    Bundle = old_apps.get_model("diagnosis", "EvidenceBundle")
    LogRecord = old_apps.get_model("diagnosis", "LogRecord")
    Document = old_apps.get_model("diagnosis", "KnowledgeDocument")
    Service = old_apps.get_model("diagnosis", "Service")
    Session = old_apps.get_model("diagnosis", "DiagnosisSession")
    User = old_apps.get_model("auth", "User")

    demo = Bundle.objects.create(name="SuperBiz 演示环境 2026-11-28", content_hash="a" * 64,
                                 reference_time=dt.datetime(2026, 11, 28, 2, 30, tzinfo=dt.UTC))  # fmt: skip
    replay = Bundle.objects.create(name="事故复盘", content_hash="b" * 64, reference_time=T0)
    Bundle.objects.filter(pk=replay.pk).update(loaded_at=T0 + dt.timedelta(days=40))  # loaded after the demo
    for bundle, fp in ((demo, "f1"), (replay, "f2"), (replay, "f3")):
        LogRecord.objects.create(timestamp=T0, service="payment-service", level="ERROR", message=fp, fingerprint=fp,
                                 bundle=bundle)  # fmt: skip
    Document.objects.create(title="上传的手册", source="uploads/x.md", content="x", content_hash="c" * 64)
    Service.objects.create(name="payment-service", aliases=["支付服务"])
    user = User.objects.create(username="oncall")
    session = Session.objects.create(owner=user, title="旧会话")

    new = migrate(AFTER)
    Scope = new.get_model("diagnosis", "EvidenceScope")
    scopes = {s.name: s for s in Scope.objects.all()}
    assert set(scopes) == {"live", "demo", "事故复盘"}
    assert scopes["live"].kind == "live" and scopes["live"].reference_time is None
    assert scopes["demo"].kind == scopes["事故复盘"].kind == "replay"
    assert scopes["demo"].reference_time == dt.datetime(2026, 11, 28, 2, 30, tzinfo=dt.UTC)
    assert scopes["事故复盘"].reference_time == T0

    logs = new.get_model("diagnosis", "LogRecord").objects
    assert set(logs.filter(scope__name="demo").values_list("fingerprint", flat=True)) == {"f1"}
    assert set(logs.filter(scope__name="事故复盘").values_list("fingerprint", flat=True)) == {"f2", "f3"}
    assert new.get_model("diagnosis", "EvidenceBundle").objects.get(pk=replay.pk).scope.name == "事故复盘"
    # No bundle: the default scope — the demo, though the other bundle was loaded later.
    assert new.get_model("diagnosis", "KnowledgeDocument").objects.get().scope.name == "demo"
    assert new.get_model("diagnosis", "DiagnosisSession").objects.get(pk=session.pk).scope.name == "demo"
    # Services had no bundle: every replay scope gets the catalogue.
    services = new.get_model("diagnosis", "Service").objects
    assert sorted(services.values_list("scope__name", "name")) == [("demo", "payment-service"), ("事故复盘", "payment-service")]
    assert all(s.aliases == ["支付服务"] for s in services.all())


def test_without_a_demo_sessions_go_to_the_most_recently_loaded_bundles_scope(old_apps):
    Bundle = old_apps.get_model("diagnosis", "EvidenceBundle")
    first = Bundle.objects.create(name="早", content_hash="a" * 64)
    later = Bundle.objects.create(name="晚", content_hash="b" * 64)
    Bundle.objects.filter(pk=first.pk).update(loaded_at=T0)
    Bundle.objects.filter(pk=later.pk).update(loaded_at=T0 + dt.timedelta(hours=1))
    user = old_apps.get_model("auth", "User").objects.create(username="oncall")
    old_apps.get_model("diagnosis", "DiagnosisSession").objects.create(owner=user)

    new = migrate(AFTER)
    assert new.get_model("diagnosis", "DiagnosisSession").objects.get().scope.name == "晚"


def test_an_empty_database_gets_only_the_live_scope(old_apps):
    new = migrate(AFTER)
    assert list(new.get_model("diagnosis", "EvidenceScope").objects.values_list("name", "kind")) == [("live", "live")]
