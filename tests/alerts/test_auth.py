"""The intake accepts only an active receiver's bearer token, stored hashed."""

from __future__ import annotations

import pytest

from diagnosis.alerts.models import AlertGroupRun, AlertReceiver
from diagnosis.alerts.tokens import token_digest
from diagnosis.models import DiagnosisRun
from tests.alerts.conftest import URL, post

pytestmark = pytest.mark.django_db


def test_a_request_without_a_token_is_401_json_and_starts_nothing(client, receiver, firing):
    response = post(client, firing, None)
    assert response.status_code == 401
    assert response.json()["error"]["code"] == "not_authenticated"
    assert response["WWW-Authenticate"].startswith("Bearer")
    assert not DiagnosisRun.objects.exists()


@pytest.mark.parametrize(
    "header",
    ["Bearer wrong-token", "Bearer ", "Token {token}", "Basic dXNlcjpwYXNz", "Bearer {token} extra", "Bearer " + "x" * 500],
)
def test_a_wrong_token_or_scheme_is_401(client, receiver, token, firing, header):
    response = client.post(
        URL, data=firing, format="json", HTTP_AUTHORIZATION=header.format(token=token)
    )
    assert response.status_code == 401
    assert response.json()["error"]["code"] in ("authentication_failed", "not_authenticated")
    assert not DiagnosisRun.objects.exists()


def test_an_inactive_receiver_is_401_like_an_unknown_token(client, receiver, token, firing):
    AlertReceiver.objects.update(active=False)
    response = post(client, firing, token)
    assert response.status_code == 401
    assert response.json()["error"]["code"] == "authentication_failed"
    assert not DiagnosisRun.objects.exists()


def test_a_receiver_whose_service_account_is_disabled_is_401(client, receiver, token, firing):
    account = receiver[0].service_account
    account.is_active = False
    account.save()
    assert post(client, firing, token).status_code == 401


def test_the_right_token_starts_a_run_owned_by_the_service_account(client, receiver, token, firing):
    response = post(client, firing, token)
    assert response.status_code == 201, response.content
    run = DiagnosisRun.objects.get(pk=response.json()["run_id"])
    assert run.owner == receiver[0].service_account
    assert AlertGroupRun.objects.get().run == run
    receiver[0].refresh_from_db()
    assert receiver[0].last_used_at is not None


def test_the_token_is_never_stored_in_clear(receiver, token):
    row = AlertReceiver.objects.values().get()
    assert token not in repr(row)
    assert row["token_hash"] == token_digest(token) and len(row["token_hash"]) == 64
    account = receiver[0].service_account
    assert not account.has_usable_password() and not account.is_staff


def test_a_session_login_does_not_authenticate_the_intake(client, staff, firing):
    client.force_login(staff)
    response = post(client, firing, None)
    assert response.status_code == 401
