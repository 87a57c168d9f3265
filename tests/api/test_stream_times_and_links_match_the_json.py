"""The SSE stream speaks like the JSON API (issue 27): a ``stage``'s ``at`` is in the display time
zone (+08:00 by default), written exactly as DRF writes ``created_at``; the ``answer`` event's links
are absolute URLs, the same as ``POST /api/chat`` returns."""

from __future__ import annotations

import pytest
from asgiref.sync import async_to_sync
from django.test import AsyncClient

from diagnosis.models import DiagnosisRun, OrchestrationEvent
from tests.api.conftest import token_for
from tests.api.sse import parse_sse

QUESTION = "payment-service 10:05 开始大量 500，原因是什么？"


async def _stream(token: str) -> str:
    response = await AsyncClient().post(
        "/api/chat/stream", {"question": QUESTION}, content_type="application/json",
        headers={"Authorization": f"Token {token}", "Accept": "text/event-stream"},
    )
    return b"".join([chunk async for chunk in response.streaming_content]).decode()


@pytest.mark.django_db(transaction=True)
def test_stage_times_are_in_the_display_zone_and_links_are_absolute(api_user, settings):
    settings.TIME_ZONE = "Asia/Shanghai"
    events, _ = parse_sse(async_to_sync(_stream)(token_for(api_user)))
    run = DiagnosisRun.objects.get()
    stages = [data for name, data in events if name == "stage"]
    assert stages and all(stage["at"].endswith("+08:00") for stage in stages)
    first = OrchestrationEvent.objects.filter(run=run).order_by("seq").first()
    from rest_framework.fields import DateTimeField

    assert stages[0]["at"] == DateTimeField().to_representation(first.at)

    links = dict(events)["answer"]["links"]
    assert links["run"] == f"http://testserver/api/runs/{run.pk}"
    assert links["session"] == f"http://testserver/api/sessions/{run.session_id}"
    assert links["web"] == f"http://testserver/runs/{run.pk}/"


@pytest.mark.django_db
def test_the_json_api_uses_the_same_zone_and_link_shape(as_api_user):
    body = as_api_user.post("/api/chat", {"question": QUESTION}, format="json").json()
    assert body["created_at"].endswith("+08:00")
    assert body["links"]["web"].startswith("http://testserver/runs/")
