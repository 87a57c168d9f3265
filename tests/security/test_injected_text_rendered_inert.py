"""Issue 9 item 4: injected evidence text is shown only quoted and escaped in every rendering of
a run — the staff answer page, the admin audit page, the API JSON and ``manage.py ask``. HTML is
checked as markup (no live script, outside image or javascript: link), the text as what the
system says in its own words (the injected cause only ever inside 「…」)."""

from __future__ import annotations

import html
import json
from io import StringIO

import pytest
from django.core.management import call_command
from django.urls import reverse

from diagnosis.models import DiagnosisRun
from diagnosis.services.runs import diagnosis_run_create, diagnosis_run_execute
from tests.personas import PASSWORD
from tests.security.hostile_bundle import HOSTILE_FRAGMENTS, INJECTED_CAUSE, QUESTION, SCRIPT, load_hostile
from tests.security.html_checks import assert_inert
from tests.security.quotes import own_words, own_words_of_lines

pytestmark = pytest.mark.django_db


@pytest.fixture
def hostile_run(staff):
    load_hostile()
    run = diagnosis_run_create(owner=staff, question=QUESTION)
    diagnosis_run_execute(run_id=run.pk)
    run.refresh_from_db()
    assert INJECTED_CAUSE in run.final_answer
    return run


def assert_only_quoted(text: str) -> None:
    for line in own_words_of_lines(text):
        for fragment in HOSTILE_FRAGMENTS:
            assert fragment not in line, (fragment, line)


def test_the_staff_answer_page_shows_the_injection_escaped_and_quoted(client, staff, hostile_run):
    client.login(username=staff.username, password=PASSWORD)
    page = client.get(reverse("web:run-detail", args=[hostile_run.pk]))
    assert page.status_code == 200
    body = page.content.decode()
    assert_inert(body)
    assert html.escape(SCRIPT, quote=False) in body  # shown as text
    assert_only_quoted(html.unescape(body.split('id="final-answer">', 1)[1].split("</div>", 1)[0]))


def test_the_admin_run_page_shows_the_injection_escaped(client, reviewer, hostile_run):
    client.login(username=reviewer.username, password=PASSWORD)
    for url in (
        reverse("admin:diagnosis_diagnosisrun_change", args=[hostile_run.pk]),
        reverse("admin:diagnosis_diagnosisrun_changelist"),
    ):
        page = client.get(url)
        assert page.status_code == 200, url
        assert_inert(page.content.decode())


def test_the_api_returns_the_injection_only_inside_quoted_evidence(client, staff, hostile_run):
    client.login(username=staff.username, password=PASSWORD)
    data = client.get(f"/api/runs/{hostile_run.pk}").json()
    assert_only_quoted(data["answer"])
    # Escaping for display is the client's job; the JSON carries the text verbatim, as data.
    assert SCRIPT in data["answer"]


def test_manage_py_ask_prints_the_injection_only_as_a_quotation(db):
    load_hostile()
    out = StringIO()
    call_command("ask", QUESTION, stdout=out)
    text = out.getvalue()
    assert INJECTED_CAUSE in text
    assert_only_quoted(text)
    assert "\x1b" not in text
    run = DiagnosisRun.objects.get()
    assert own_words(run.final_answer).count(INJECTED_CAUSE) == 0


def test_manage_py_ask_json_keeps_the_answer_as_data(db):
    load_hostile()
    out = StringIO()
    call_command("ask", QUESTION, "--json", stdout=out)
    data = json.loads(out.getvalue())
    assert_only_quoted(data["answer"])
