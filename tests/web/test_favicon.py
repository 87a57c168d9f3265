"""``/favicon.ico`` is served (a small icon from static/, no 404 on every page a browser opens —
the web UI, the admin and the API docs alike), and the pages point at it."""

from __future__ import annotations

import pytest
from django.urls import reverse


def _body(response) -> bytes:
    return b"".join(response.streaming_content) if response.streaming else response.content


@pytest.mark.django_db
def test_favicon_ico_is_an_icon_for_anyone(client):
    response = client.get("/favicon.ico", follow=True)
    assert response.status_code == 200
    assert response["Content-Type"] in ("image/x-icon", "image/vnd.microsoft.icon")
    body = _body(response)
    assert body[:4] == b"\x00\x00\x01\x00" and 0 < len(body) < 16_384  # an ICO file, small


@pytest.mark.django_db
def test_the_web_pages_link_the_icon(client, staff):
    assert 'rel="icon"' in client.get(reverse("login")).content.decode()
    client.force_login(staff)
    assert 'rel="icon"' in client.get(reverse("web:home")).content.decode()
