"""A reviewer labelling the claims of a run (issue 27, reviewers): each row shows the claim's id,
its text and the Verifier's class in Chinese; no claim select starts on an answer, so a row the
reviewer skips records nothing — an empty choice is refused in Chinese, never stored as agreement.
The same rows on the web answer page and on the admin run page."""

from __future__ import annotations

from html.parser import HTMLParser

import pytest
from django.urls import reverse

from diagnosis.reviews.forms import MSG_CHOOSE_LABEL
from diagnosis.reviews.models import ClaimLabel
from tests.admin.example_run import C1_TEXT, C2_TEXT, make_example_run

pytestmark = pytest.mark.django_db


class _Selects(HTMLParser):
    """Every <select name="label"> inside a claim label form: its options and attributes."""

    def __init__(self) -> None:
        super().__init__()
        self.in_claim_form = False
        self.selects: list[dict] = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "form" and "review-claim-form" in (attrs.get("class") or ""):
            self.in_claim_form = True
        elif tag == "select" and self.in_claim_form and attrs.get("name") == "label":
            self.selects.append({"required": "required" in attrs, "options": []})
        elif tag == "option" and self.in_claim_form and self.selects:
            self.selects[-1]["options"].append((attrs.get("value"), "selected" in attrs))

    def handle_endtag(self, tag):
        if tag == "form":
            self.in_claim_form = False


def _claim_selects(html: str) -> list[dict]:
    parser = _Selects()
    parser.feed(html)
    return parser.selects


@pytest.fixture
def run(reviewer):
    return make_example_run(reviewer)


@pytest.mark.parametrize("url_name", ["web:run-detail", "admin:diagnosis_diagnosisrun_change"])
def test_no_claim_select_starts_on_an_answer(client, reviewer, run, url_name):
    client.force_login(reviewer)
    selects = _claim_selects(client.get(reverse(url_name, args=[run.pk])).content.decode())
    assert len(selects) == 2
    for select in selects:
        assert select["required"]
        assert select["options"][0][0] == ""  # "请选择…", the first option, empty
        assert not any(selected for value, selected in select["options"] if value)


@pytest.mark.parametrize("url_name", ["web:run-detail", "admin:diagnosis_diagnosisrun_change"])
def test_label_rows_show_the_claim_id_text_and_class_in_chinese(client, reviewer, run, url_name):
    client.force_login(reviewer)
    html = client.get(reverse(url_name, args=[run.pk])).content.decode()
    table = html[html.index('class="audit-table review-claims"'):]
    table = table[: table.index("</table>")]
    for claim_id, text in (("c1", C1_TEXT), ("c2", C2_TEXT)):
        assert f"<code>{claim_id}</code>" in table and text in table
    assert "直接观察" in table and ">direct_observation<" not in table


def test_a_skipped_claim_row_records_nothing(client, reviewer, run):
    client.force_login(reviewer)
    url = reverse("web:run-label", args=[run.pk])
    response = client.post(url, {"kind": "claim", "claim_id": "c1", "label": "", "note": ""}, follow=True)
    assert MSG_CHOOSE_LABEL in response.content.decode()
    assert not ClaimLabel.objects.exists()


def test_a_reviewers_earlier_answer_is_shown_selected(client, reviewer, run):
    client.force_login(reviewer)
    client.post(reverse("web:run-label", args=[run.pk]), {"kind": "claim", "claim_id": "c2", "label": "wrong"})
    selects = _claim_selects(client.get(reverse("web:run-detail", args=[run.pk])).content.decode())
    assert [value for value, selected in selects[1]["options"] if selected] == ["wrong"]
    assert not any(selected for value, selected in selects[0]["options"] if value)
