"""Saving the event URL in Feishu's console: the challenge is answered when the token is right."""

from __future__ import annotations

import pytest

from diagnosis.im.services import MESSAGE_BAD_TOKEN, MESSAGE_NOT_CONFIGURED
from tests.im.conftest import post
from tests.im.events import challenge, encrypted


@pytest.mark.django_db
def test_the_challenge_is_answered(feishu):
    response = post(challenge())
    assert response.status_code == 200
    assert response.json() == {"challenge": "ajls384kdjx98XX"}


@pytest.mark.django_db
def test_an_encrypted_challenge_is_decrypted_and_answered(encrypting):
    response = post(encrypted(challenge()))
    assert response.status_code == 200
    assert response.json() == {"challenge": "ajls384kdjx98XX"}


@pytest.mark.django_db
def test_a_challenge_with_the_wrong_token_is_refused(feishu):
    response = post(challenge(token="guessed"))
    assert response.status_code == 401
    assert response.json() == {"detail": MESSAGE_BAD_TOKEN}


@pytest.mark.django_db
def test_without_an_app_the_endpoint_answers_404_in_chinese(settings):
    settings.FEISHU_APP_ID = ""
    response = post(challenge())
    assert response.status_code == 404
    assert response.json() == {"detail": MESSAGE_NOT_CONFIGURED}
