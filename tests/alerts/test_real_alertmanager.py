"""The alert path end to end with Debian's real Prometheus and Alertmanager (issue 31 item 3).

A Prometheus rule fires on a gauge the test serves; Alertmanager, configured with the receiver
snippet docs/ALERTS.md shows (``docs/alertmanager-receiver.yml``; the URL, the token and shorter
timings put in), posts to ``/api/alerts/alertmanager`` of a real uvicorn serving the project on
the PostgreSQL test database. Proved: one run for the firing group; Alertmanager's repeats are
deduplicated; the robot message reaches a fake DingTalk robot on 127.0.0.1 once the run ends;
when the gauge drops the rule stops firing and the resolved notification is recorded.
"""

from __future__ import annotations

import time

import pytest

from diagnosis.alerts.models import AlertGroupRun
from diagnosis.alerts.services import alert_receiver_create
from diagnosis.demo import DEMO_BUNDLE_PATH
from diagnosis.evidence.loader import evidence_bundle_load
from diagnosis.models import DiagnosisRun
from tests.alerts.real_alerting import (
    INTAKE_PATH,
    alerting_binaries,
    alertmanager_argv,
    alertmanager_config,
    daemon,
    probe_exporter,
    prometheus_argv,
    prometheus_config,
    write_yaml,
)
from tests.alerts.webhook_server import webhook_server
from tests.api.asgi_server import uvicorn_server
from tests.celery.helpers import wait_until

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

SITE = "https://diagnosis.example.com"
METRIC = "superbiz_probe_error_ratio"
# The demo's service, so the run reads the demo scope's catalogue like a person's question would.
SERVICE = "payment-service"
RULES = {
    "groups": [{
        "name": "superbiz-probe",
        "rules": [{
            "alert": "HighErrorRate",
            "expr": f"{METRIC} > 0.05",
            "for": "0s",
            "labels": {"severity": "critical"},
            "annotations": {"summary": "5xx 比例超过 5%，当前 {{ $value | humanizePercentage }}"},
        }],
    }],
}
# Alertmanager re-sends a group still firing after repeat_interval, at a group_interval tick.
TIMINGS = {"group_wait": "1s", "group_interval": "1s", "repeat_interval": "2s"}


def _group() -> AlertGroupRun | None:
    return AlertGroupRun.objects.select_related("run").first()


def test_alertmanager_firing_repeats_and_resolution_reach_one_run_and_the_robot(tmp_path):
    binaries = alerting_binaries()
    evidence_bundle_load(data=DEMO_BUNDLE_PATH.read_bytes(), source_name="demo_bundle.json")
    _, token = alert_receiver_create(name="real-am")
    started = time.monotonic()
    phases: dict[str, float] = {}

    with (
        webhook_server() as robot,
        probe_exporter(METRIC, {"service": SERVICE}, value=0.125) as exporter,
        uvicorn_server(ALERT_NOTIFY_URL=robot.url, ALERT_NOTIFY_FORMAT="dingtalk", SITE_URL=SITE) as web,
    ):
        am_config = write_yaml(
            tmp_path / "alertmanager.yml",
            alertmanager_config(url=f"{web.url}{INTAKE_PATH}", token=token, timings=TIMINGS),
        )
        am_argv = alertmanager_argv(binaries.alertmanager, config=am_config, storage=tmp_path / "am-data")
        with daemon("alertmanager", am_argv, tmp_path) as alertmanager:
            rules = write_yaml(tmp_path / "rules.yml", RULES)
            prom_config = write_yaml(
                tmp_path / "prometheus.yml",
                prometheus_config(exporter=exporter.url, alertmanager=alertmanager.address, rules_file=rules),
            )
            prom_argv = prometheus_argv(binaries.prometheus, config=prom_config, storage=tmp_path / "prom-data")
            with daemon("prometheus", prom_argv, tmp_path) as prometheus:
                logs = lambda: f"{alertmanager.tail()}\n---\n{prometheus.tail()}"  # noqa: E731

                # Firing: one run, answered inline inside Alertmanager's request.
                assert wait_until(lambda: _group() is not None, timeout=20, step=0.2), logs()
                phases["run_created"] = time.monotonic() - started
                assert wait_until(lambda: _group().run.status == DiagnosisRun.Status.COMPLETED, timeout=20), logs()
                phases["run_completed"] = time.monotonic() - started
                # Repeats (repeat_interval 2 s) land on the same record: still one run.
                assert wait_until(lambda: _group().notifications >= 3, timeout=15, step=0.2), logs()
                assert DiagnosisRun.objects.count() == 1 and AlertGroupRun.objects.count() == 1

                # The robot heard once, when the run ended (not on the repeats).
                assert wait_until(lambda: len(robot.received) >= 1, timeout=10), logs()
                phases["robot_heard"] = time.monotonic() - started

                # The gauge drops below the threshold: the rule stops firing, the group resolves.
                exporter.value = 0.0
                assert wait_until(
                    lambda: _group().status == AlertGroupRun.Status.RESOLVED, timeout=20, step=0.2
                ), logs()
                phases["resolved"] = time.monotonic() - started

    group = _group()
    run = group.run
    assert DiagnosisRun.objects.count() == 1, "a repeat or the resolution started another run"
    assert group.alert_name == "HighErrorRate" and group.service == SERVICE
    assert group.resolved_at is not None and group.resolved_fingerprints == group.fingerprints
    assert group.payload["receiver"] == "diagnosis" and group.payload["commonLabels"]["severity"] == "critical"
    assert "HighErrorRate" in run.question and SERVICE in run.question

    assert len(robot.received) == 1, [r.body for r in robot.received]
    message = robot.received[0]
    assert message.path == "/robot/send?access_token=SECRET-ROBOT-TOKEN"
    text = message.body["text"]["content"]
    assert message.body["msgtype"] == "text"
    assert text.startswith(f"【告警诊断】HighErrorRate · {SERVICE}")
    assert text.endswith(f"详情：{SITE}/runs/{run.pk}/")
    assert group.notified_at is not None and group.notify_error == ""

    elapsed = time.monotonic() - started
    timeline = " ".join(f"{name}={seconds:.1f}s" for name, seconds in phases.items())
    print(f"\nREALALERT notifications={group.notifications} outcome={run.outcome} {timeline} total={elapsed:.1f}s")
    assert elapsed < 60
