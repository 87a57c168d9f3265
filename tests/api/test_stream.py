"""POST /api/chat/stream: SSE events run → stage… → answer → done, errors as JSON before the stream,
a disconnecting client does not stop the run. Uses Django's AsyncClient (ASGI request path) and
calls the event generator directly for the disconnect/keep-alive cases; test_stream_uvicorn.py
does the same over a real uvicorn server."""

from __future__ import annotations

import asyncio
import time

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from django.test import AsyncClient

from diagnosis.api import stream
from diagnosis.models import DiagnosisRun, OrchestrationEvent
from diagnosis.services import runs as run_services
from diagnosis.services.idempotency import diagnosis_run_create_idempotent
from tests.api.conftest import error_code, token_for
from tests.api.sse import parse_sse

QUESTION = "payment-service 10:05 开始大量 500，原因是什么？"


async def _post_stream(token: str, body, **headers):
    client = AsyncClient()
    response = await client.post(
        "/api/chat/stream", body, content_type="application/json", headers={"Authorization": f"Token {token}", "Accept": "text/event-stream", **headers}
    )
    if not response.streaming:
        return response, None
    chunks = [chunk async for chunk in response.streaming_content]
    return response, b"".join(chunks).decode("utf-8")


@pytest.mark.django_db(transaction=True)
def test_stream_yields_run_stages_answer_done_in_order(api_user):
    response, text = async_to_sync(_post_stream)(token_for(api_user), {"question": QUESTION})
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/event-stream")
    assert response["Cache-Control"] == "no-cache"
    events, _ = parse_sse(text)
    names = [name for name, _ in events]
    assert names[0] == "run" and names[-2:] == ["answer", "done"]
    assert set(names[1:-2]) == {"stage"} and len(names) > 4

    run = DiagnosisRun.objects.get()
    assert events[0][1]["run_id"] == str(run.pk) and events[0][1]["session_id"] == str(run.session_id)
    stages = [data for name, data in events if name == "stage"]
    assert [s["seq"] for s in stages] == list(
        OrchestrationEvent.objects.filter(run=run).order_by("seq").values_list("seq", flat=True)
    )
    assert all({"node", "event", "elapsed_ms", "label"} <= set(s) for s in stages)
    assert stages[0]["node"] == "planner" and stages[0]["event"] == "start"
    elapsed = [s["elapsed_ms"] for s in stages]
    assert elapsed == sorted(elapsed)
    answer = events[-2][1]
    assert answer["answer"] == run.final_answer and answer["outcome"] == run.outcome
    assert answer["verdict"] == (run.verdict or None)
    assert events[-1][1] == {"run_id": str(run.pk), "status": "completed"}


@pytest.mark.django_db(transaction=True)
def test_stream_replays_with_the_same_idempotency_key(api_user):
    token = token_for(api_user)
    _, first = async_to_sync(_post_stream)(token, {"question": QUESTION}, **{"Idempotency-Key": "s-1"})
    response, again = async_to_sync(_post_stream)(token, {"question": QUESTION}, **{"Idempotency-Key": "s-1"})
    assert response["Idempotent-Replayed"] == "true"
    assert DiagnosisRun.objects.count() == 1
    first_events, _ = parse_sse(first)
    again_events, _ = parse_sse(again)
    assert again_events[0][1]["replayed"] is True
    assert [e for e in again_events if e[0] == "stage"] == [e for e in first_events if e[0] == "stage"]


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("body", "status", "code"),
    [({"question": ""}, 400, "question_empty"), ({"question": "x", "extra": 1}, 400, "unknown_field")],
)
def test_errors_before_the_stream_are_plain_json(api_user, body, status, code):
    response, text = async_to_sync(_post_stream)(token_for(api_user), body)
    assert text is None and response.status_code == status
    assert error_code(response) == code
    assert not DiagnosisRun.objects.exists()


@pytest.mark.django_db
def test_malformed_json_and_wrong_method_before_the_stream(client, api_user):
    auth = {"HTTP_AUTHORIZATION": f"Token {token_for(api_user)}"}
    response = client.post("/api/chat/stream", "{oops", content_type="application/json", **auth)
    assert response.status_code == 400 and error_code(response) == "malformed_json"
    response = client.get("/api/chat/stream", **auth)
    assert response.status_code == 405 and error_code(response) == "method_not_allowed"


@pytest.mark.django_db(transaction=True)
def test_client_disconnect_does_not_stop_the_run(api_user):
    start = diagnosis_run_create_idempotent(owner=api_user, question=QUESTION)

    async def go():
        events = stream.event_stream(start, stream.start_execution(start), poll_s=0.01)
        first = await events.__anext__()
        await events.aclose()  # the client went away right after the `run` event
        # The server's event loop lives on; the graph task must finish the run by itself.
        for _ in range(600):
            status = await sync_to_async(lambda: DiagnosisRun.objects.get(pk=start.run.pk).status)()
            if status == "completed":
                break
            await asyncio.sleep(0.05)
        return first

    first = async_to_sync(go)()
    assert first.startswith("event: run")
    run = DiagnosisRun.objects.get(pk=start.run.pk)
    assert run.status == "completed" and run.final_answer and run.events.exists()


@pytest.mark.django_db(transaction=True)
def test_keep_alive_comments_while_nothing_happens(api_user, monkeypatch):
    real_execute = run_services.diagnosis_run_execute

    def slow_execute(**kwargs):
        time.sleep(0.5)
        return real_execute(**kwargs)

    monkeypatch.setattr(run_services, "diagnosis_run_execute", slow_execute)
    start = diagnosis_run_create_idempotent(owner=api_user, question=QUESTION)

    async def go():
        return "".join([chunk async for chunk in stream.event_stream(start, stream.start_execution(start), poll_s=0.02, keepalive_s=0.1)])

    events, comments = parse_sse(async_to_sync(go)())
    assert comments >= 2
    assert [name for name, _ in events][-2:] == ["answer", "done"]


@pytest.mark.django_db(transaction=True)
def test_a_crash_outside_the_graph_is_an_error_event_then_done(api_user, monkeypatch):
    def crash(**kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr(run_services, "diagnosis_run_execute", crash)
    start = diagnosis_run_create_idempotent(owner=api_user, question=QUESTION)

    async def go():
        return "".join([chunk async for chunk in stream.event_stream(start, stream.start_execution(start), poll_s=0.01)])

    events, _ = parse_sse(async_to_sync(go)())
    assert [name for name, _ in events] == ["run", "error", "done"]
    assert events[1][1]["code"] == "internal_error" and "boom" not in events[1][1]["message"]


# A worker thread writing while the stream polls: real concurrency, on both engines (the SQLite test
# database is the WAL file a first user runs: tests/concurrency/test_sqlite_test_database.py).
@pytest.mark.django_db(transaction=True)
def test_with_celery_execution_the_stream_polls_the_queued_run_to_its_end(api_user, monkeypatch, settings):
    """RUN_EXECUTION=celery: the view submits the run to the queue; a worker (here a thread)
    executes it, and the stream follows the run's status and events in the database."""
    import threading

    settings.RUN_EXECUTION = "celery"
    workers = []

    def send_task(name, args):  # the queue: a worker (a thread) takes the task
        assert name == run_services.EXECUTE_TASK
        worker = threading.Thread(target=run_services._execute_in_background, args=(args[0],))
        workers.append(worker)
        worker.start()

    monkeypatch.setattr("celery.current_app.send_task", send_task)
    start = diagnosis_run_create_idempotent(owner=api_user, question=QUESTION)

    async def go():
        execution = await sync_to_async(stream.start_execution)(start)
        assert execution is None
        return "".join([chunk async for chunk in stream.event_stream(start, execution, poll_s=0.02)])

    events, _ = parse_sse(async_to_sync(go)())
    workers[0].join(timeout=60)
    names = [name for name, _ in events]
    assert names[0] == "run" and names[-2:] == ["answer", "done"] and "stage" in names
    assert events[-1][1]["status"] == "completed"
