"""Where an engineer looks when the asked failure is not in the last hour or not in the service's
own lines (a school platform of its own, not the demo or an evaluation world):

- a question that describes a failure, asked without a time, whose last hour shows none (only a
  deadline warning and a quiet series) reads the last day and finds it; a yes/no question is
  answered by the hour it asked about;
- a 404 the ingress in front of a service answers is read where the service's description says
  it is published, and cited from there.
"""

from __future__ import annotations

from typing import Any

import pytest

from diagnosis.agents.offline.refs import Origin
from diagnosis.evidence.loader import evidence_bundle_load
from diagnosis.models import ToolInvocation
from tests.offline.running import plan_and_execute

pytestmark = pytest.mark.django_db
DAY = "2027-04-12"
READ_ONLY = "upload failed file=scan_{n}.jpg: OSError: [Errno 30] Read-only file system: '/data/uploads/scan_{n}.jpg'"
NOT_FOUND = ('10.1.2.{n} - - [12/Apr/2027:10:{m:02d}:05 +0800] "POST /api/quiz/answers HTTP/2.0" 404 112 '
             '[school-quiz-api-8080] 10.42.0.9:8080 404')  # fmt: skip


def _at(clock: str) -> str:
    return f"{DAY}T{clock}+08:00"


def _log(clock: str, service: str, level: str, message: str) -> dict[str, Any]:
    return {"timestamp": _at(clock), "service": service, "level": level, "instance": f"{service}-0",
            "message": message, "trace_id": "", "attributes": {}}  # fmt: skip


BUNDLE: dict[str, Any] = {
    "bundle_version": 1,
    "name": "school-world",
    "reference_time": _at("12:00:00"),
    "services": [
        {"name": "school-upload", "aliases": ["作业上传"], "description": "作业图片上传（Python），写 NFS 卷 /data/uploads"},
        {"name": "school-quiz-api", "aliases": ["测验服务"],
         "description": "在线测验 /api/quiz/*（Go），经 Ingress school-ingress 发布"},
        {"name": "school-ingress", "aliases": ["入口网关"], "description": "ingress-nginx，按 Ingress 规则转发 /api/*"},
    ],  # fmt: skip
    "logs": [
        *[_log(f"09:{m:02d}:10", "school-upload", "ERROR", READ_ONLY.format(n=m)) for m in range(10, 40)],
        *[_log(f"11:{m:02d}:30", "school-upload", "WARN", f"submission rejected: deadline passed (student S{m})")
          for m in range(5, 55, 10)],
        *[_log(f"10:{m:02d}:05", "school-ingress", "INFO", NOT_FOUND.format(n=m, m=m)) for m in range(20, 50, 3)],
        *[_log(f"10:{m:02d}:00", "school-quiz-api", "WARN", f"quiz QZ-{m} start check: 0/120 candidates started")
          for m in (25, 35)],
    ],  # fmt: skip
    "alerts": [],
    "metrics": [
        {"name": "upload_failure_rate", "service": "school-upload", "unit": "%", "labels": {}, "threshold": 5,
         "points": [[_at("11:00:00"), 0.2], [_at("11:30:00"), 0.3], [_at("12:00:00"), 0.2]]},
    ],  # fmt: skip
    "documents": [],
}


@pytest.fixture
def school(db):
    evidence_bundle_load(data=BUNDLE, source_name="school-world")


def _claims(contract) -> str:
    return "\n".join(c["claim_text"] for c in contract["claims"])


def _read_the_day(run) -> bool:
    """A read over the last day, from the day before (the default hour is 11:00–12:00)."""
    starts = [i.arguments["start"] for i in ToolInvocation.objects.filter(run=run) if i.arguments.get("start")]
    return any(start < _at("00:00:00") for start in starts)


def test_a_failure_asked_without_a_time_and_absent_from_the_last_hour_is_read_over_the_last_day(api_user, school):
    run, _, contract = plan_and_execute(api_user, "学生交作业一直失败，一传图片就报错，作业上传这是怎么了？")
    assert _read_the_day(run)
    assert "Read-only file system" in _claims(contract), _claims(contract)


def test_a_yes_no_question_is_answered_by_the_hour_it_asks_about(api_user, school):
    run, _, contract = plan_and_execute(api_user, "作业上传有没有报错？")
    assert not _read_the_day(run)
    assert "Read-only file system" not in _claims(contract)


def test_a_404_the_ingress_answers_is_read_and_cited_where_the_service_is_published(api_user, school):
    run, _, contract = plan_and_execute(api_user, "十点半测验学生一开始答题就 404，测验服务出什么问题了？")
    reads = ToolInvocation.objects.filter(run=run, retrieval_details__origin=Origin.NEIGHBOUR, tool_name="query_logs")
    keyword_reads = [r for r in reads if r.arguments.get("group") != "template"]  # not its lines by template
    assert [(r.arguments["service"], r.arguments["keyword"]) for r in keyword_reads] == [("school-ingress", "404")]
    assert any("school-ingress" in t and " 404 " in t for t in _claims(contract).splitlines()), _claims(contract)
