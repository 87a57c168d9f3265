"""Idempotency-Key on POST /api/chat: replay, in-flight conflict, body mismatch, per-user scope."""

from __future__ import annotations

import pytest

from diagnosis.models import DiagnosisRun
from diagnosis.services.idempotency import request_fingerprint
from tests.api.conftest import error_code
from tests.factories import make_run

pytestmark = pytest.mark.django_db

BODY = {"question": "payment-service 10:05 开始大量 500，原因是什么？"}


def post(client, body, key):
    return client.post("/api/chat", body, format="json", HTTP_IDEMPOTENCY_KEY=key)


def test_same_key_and_body_replays_the_stored_response_without_a_second_run(as_api_user):
    first = post(as_api_user, BODY, "key-1")
    assert first.status_code == 201
    assert "Idempotent-Replayed" not in first

    again = post(as_api_user, BODY, "key-1")
    assert again.status_code == 201
    assert again["Idempotent-Replayed"] == "true"
    assert again.json() == first.json()
    assert DiagnosisRun.objects.count() == 1


def test_key_order_and_spacing_of_the_json_body_do_not_matter(as_api_user):
    session = post(as_api_user, BODY, "key-a").json()["session_id"]
    a = post(as_api_user, {"question": BODY["question"], "session_id": session}, "key-b")
    raw = '{ "session_id" : "' + session + '",  "question": "' + BODY["question"] + '" }'
    b = as_api_user.post("/api/chat", raw, content_type="application/json", HTTP_IDEMPOTENCY_KEY="key-b")
    assert b.status_code == 201 and b["Idempotent-Replayed"] == "true"
    assert a.json()["run_id"] == b.json()["run_id"]


def test_same_key_while_the_first_run_is_in_flight_is_409(as_api_user, api_user):
    run = make_run(api_user, question=BODY["question"])
    DiagnosisRun.objects.filter(pk=run.pk).update(
        status=DiagnosisRun.Status.RUNNING,
        idempotency_key="busy",
        request_fingerprint=request_fingerprint(question=BODY["question"], session_id=None),
    )
    response = post(as_api_user, BODY, "busy")
    assert response.status_code == 409
    assert error_code(response) == "idempotency_in_flight"
    assert DiagnosisRun.objects.count() == 1


def test_same_key_with_another_body_is_422(as_api_user):
    assert post(as_api_user, BODY, "key-2").status_code == 201
    response = post(as_api_user, {"question": "order-service 为什么慢？"}, "key-2")
    assert response.status_code == 422
    assert error_code(response) == "idempotency_key_reused"
    assert DiagnosisRun.objects.count() == 1


def test_keys_are_scoped_per_user(as_api_user, as_outsider):
    mine = post(as_api_user, BODY, "shared-key").json()["run_id"]
    theirs = post(as_outsider, BODY, "shared-key")
    assert theirs.status_code == 201 and "Idempotent-Replayed" not in theirs
    assert theirs.json()["run_id"] != mine
    assert DiagnosisRun.objects.count() == 2


@pytest.mark.parametrize("key", ["has space", "x" * 129, "中文键"])
def test_malformed_key_is_400(as_api_user, key):
    response = as_api_user.post("/api/chat", BODY, format="json", HTTP_IDEMPOTENCY_KEY=key.encode().decode("latin-1"))
    assert response.status_code == 400
    assert error_code(response) == "idempotency_key_invalid"


def test_lost_insert_race_reads_the_winners_run(as_api_user, api_user, monkeypatch):
    """The unique constraint decides a race: the loser's INSERT fails and it answers from the winner."""
    import diagnosis.services.idempotency as idem

    winner = make_run(api_user, question=BODY["question"])
    real_lookup = idem.idempotent_run_lookup
    calls = []

    def lookup_that_misses_once(**kwargs):
        calls.append(kwargs)
        if len(calls) == 1:
            # The winner commits between our check and our INSERT.
            DiagnosisRun.objects.filter(pk=winner.pk).update(
                idempotency_key="race",
                request_fingerprint=request_fingerprint(question=BODY["question"], session_id=None),
            )
            return None
        return real_lookup(**kwargs)

    monkeypatch.setattr(idem, "idempotent_run_lookup", lookup_that_misses_once)
    response = post(as_api_user, BODY, "race")
    assert response.status_code == 409  # the winner's run is still queued
    assert error_code(response) == "idempotency_in_flight"
    assert DiagnosisRun.objects.count() == 1
