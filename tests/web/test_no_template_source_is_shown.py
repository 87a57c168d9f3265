"""No page shows template syntax to its reader (issue 27: a two-line ``{# … #}`` comment in the ask
form was printed on ``/`` and every session page). Checked on the rendered pages of plain and staff
users, and at the source: Django's ``{# … #}`` comment must open and close on one line."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.conf import settings
from django.urls import reverse

from tests.admin.example_run import make_example_run
from tests.web.page_text import template_source_shown

pytestmark = pytest.mark.django_db

TEMPLATES = Path(settings.BASE_DIR) / "templates"
UNCLOSED_ON_ITS_LINE = re.compile(r"\{#(?:(?!#\}).)*$", re.MULTILINE)


def _pages(user):
    run = make_example_run(user)
    return [
        reverse("web:home"),
        reverse("web:session-list"),
        reverse("web:session-detail", args=[run.session_id]),
        reverse("web:run-detail", args=[run.pk]),
    ]


@pytest.mark.parametrize("persona", ["staff", "api_user"])
def test_no_web_page_shows_template_syntax(client, request, persona):
    user = request.getfixturevalue(persona)
    client.force_login(user)
    for url in _pages(user):
        response = client.get(url)
        assert response.status_code == 200, url
        assert template_source_shown(response.content.decode()) == [], url


def test_the_login_page_shows_no_template_syntax(client):
    assert template_source_shown(client.get(reverse("login")).content.decode()) == []


def test_every_template_comment_closes_on_its_own_line():
    broken = {
        str(path.relative_to(TEMPLATES)): match.group(0)[:60]
        for path in TEMPLATES.rglob("*.html")
        for match in [UNCLOSED_ON_ITS_LINE.search(path.read_text(encoding="utf-8"))]
        if match
    }
    assert broken == {}
