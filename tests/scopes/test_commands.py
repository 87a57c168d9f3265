"""``load_evidence PATH --scope NAME`` (default: the bundle's name), ``load_demo`` into the demo
scope, and ``ask --scope``."""

from __future__ import annotations

import io
import json
from datetime import datetime

import pytest
from django.core.management import CommandError, call_command

from diagnosis.models import DiagnosisRun, EvidenceScope, LogRecord
from diagnosis.selectors.scopes import DEMO_SCOPE
from tests.scopes.worlds import ALPHA_NOW, alpha_bundle, beta_bundle

pytestmark = pytest.mark.django_db


def write(tmp_path, data, name="bundle.json"):
    path = tmp_path / name
    path.write_text(json.dumps(data, ensure_ascii=False), "utf-8")
    return str(path)


def load(*args):
    out = io.StringIO()
    call_command("load_evidence", *args, stdout=out)
    return out.getvalue()


def test_scope_defaults_to_the_bundles_name_as_a_replay_scope_with_its_clock(tmp_path):
    text = load(write(tmp_path, alpha_bundle()))
    scope = EvidenceScope.objects.get(name="支付事故 A")
    assert "证据范围 scope: 支付事故 A" in text
    assert scope.kind == "replay" and scope.reference_time == datetime.fromisoformat(ALPHA_NOW)
    assert LogRecord.objects.for_scope(scope).count() == 4


def test_scope_option_names_the_scope_and_a_second_load_updates_its_clock(tmp_path):
    load(write(tmp_path, alpha_bundle()), "--scope", "postmortem-42")
    later = alpha_bundle() | {"reference_time": "2026-11-28T12:00:00+08:00"}
    text = load(write(tmp_path, later, "later.json"), "--scope", "postmortem-42")
    scope = EvidenceScope.objects.get(name="postmortem-42")
    assert scope.reference_time == datetime.fromisoformat("2026-11-28T12:00:00+08:00")
    assert "日志 logs: 新增 created 0, 更新 updated 0, 跳过 skipped 4" in text  # idempotent per scope
    assert not EvidenceScope.objects.filter(name="支付事故 A").exists()


def test_loading_into_one_scope_leaves_another_scope_untouched(tmp_path):
    load(write(tmp_path, alpha_bundle()), "--scope", "one")
    before = list(LogRecord.objects.filter(scope__name="one").values_list("pk", "message"))
    load(write(tmp_path, beta_bundle(), "b.json"), "--scope", "two")
    assert list(LogRecord.objects.filter(scope__name="one").values_list("pk", "message")) == before


@pytest.mark.parametrize("bad", ["   ", "x" * 201, "a\x00b"])
def test_a_bad_scope_name_is_a_clear_error_and_writes_nothing(tmp_path, bad):
    with pytest.raises(CommandError, match="证据范围名称无效"):
        load(write(tmp_path, alpha_bundle()), "--scope", bad)
    assert not LogRecord.objects.exists()


def test_load_demo_loads_into_the_demo_scope():
    out = io.StringIO()
    call_command("load_demo", stdout=out)
    scope = EvidenceScope.objects.get(name=DEMO_SCOPE)
    assert "证据范围 scope: demo" in out.getvalue()
    assert scope.reference_time == datetime.fromisoformat("2026-11-28T10:30:00+08:00")
    assert LogRecord.objects.for_scope(scope).count() > 1000


def test_ask_scope_binds_the_new_session_and_an_unknown_scope_is_an_error(tmp_path):
    load(write(tmp_path, alpha_bundle()), "--scope", "one")
    load(write(tmp_path, beta_bundle(), "b.json"), "--scope", "two")
    out = io.StringIO()
    call_command("ask", "payment-service 10:05 开始大量 500，原因是什么？", "--scope", "one", "--json", stdout=out, stderr=io.StringIO())
    run = DiagnosisRun.objects.get(pk=json.loads(out.getvalue())["run_id"])
    assert run.session.scope.name == "one"
    assert "HikariPool" in run.final_answer
    with pytest.raises(CommandError, match="证据范围不存在：nowhere"):
        call_command("ask", "支付服务怎么了", "--scope", "nowhere", stdout=io.StringIO(), stderr=io.StringIO())
    with pytest.raises(CommandError, match="不能在其中改用「two」"):
        call_command("ask", "支付服务怎么了", "--session", str(run.session_id), "--user", run.owner.username,
                     "--scope", "two", stdout=io.StringIO(), stderr=io.StringIO())  # fmt: skip
