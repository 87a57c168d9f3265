"""Re-clocking a replay scope in the admin is a door too (issue 25 item 1): a reference time
outside 1970 .. 2200 UTC is a form error in Chinese, nothing is stored — on PostgreSQL year 1
was stored as 1 BC, after which every page reading the scope list answered 500."""

from __future__ import annotations

import pytest

from diagnosis.evidence.loader import evidence_bundle_load
from diagnosis.models import EvidenceScope
from tests.evidence.builders import small_bundle

pytestmark = pytest.mark.django_db


@pytest.fixture
def scope():
    evidence_bundle_load(data=small_bundle(), scope="replay-a")
    return EvidenceScope.objects.get(name="replay-a")


def _change(client, scope, date: str, time: str):
    return client.post(
        f"/admin/diagnosis/evidencescope/{scope.pk}/change/",
        {"name": scope.name, "kind": scope.kind, "reference_time_0": date, "reference_time_1": time},
    )


@pytest.mark.parametrize(("date", "time"), [("0001-01-01", "00:00:00"), ("9999-12-31", "23:59:59"), ("1969-12-31", "08:00:00")])
def test_a_reference_time_outside_the_range_is_a_form_error_and_nothing_is_stored(client, reviewer, scope, date, time):
    client.force_login(reviewer)
    before = EvidenceScope.objects.get(pk=scope.pk).reference_time
    response = _change(client, scope, date, time)
    assert response.status_code == 200  # the form again, with its error
    assert "超出允许范围（1970-01-01 至 2200-01-01 UTC）" in response.content.decode()
    assert EvidenceScope.objects.get(pk=scope.pk).reference_time == before
    assert client.get("/").status_code == 200


def test_a_reference_time_inside_the_range_is_saved(client, reviewer, scope):
    client.force_login(reviewer)
    response = _change(client, scope, "2026-12-01", "09:30:00")
    assert response.status_code == 302
    assert EvidenceScope.objects.get(pk=scope.pk).reference_time.year == 2026
