"""The stored event ids are bounded: an id older than twice the replay window is forgotten when
the next event arrives (an event that old is refused as a replay anyway)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from diagnosis.im.models import ImEvent, Platform
from tests.im.conftest import post
from tests.im.events import STRANGER_OPEN_ID, message_event


@pytest.mark.django_db(transaction=True)
def test_old_event_ids_are_forgotten_when_a_new_event_arrives(feishu):
    old = ImEvent.objects.create(platform=Platform.FEISHU, event_id="ev-ancient")
    ImEvent.objects.filter(pk=old.pk).update(received_at=timezone.now() - timedelta(days=3))
    response = post(message_event("订单服务为什么重启？", event_id="ev-new", message_id="om_n", open_id=STRANGER_OPEN_ID))
    assert response.status_code == 200
    assert list(ImEvent.objects.values_list("event_id", flat=True)) == ["ev-new"]
    feishu.wait_for(lambda: len(feishu.replies()) == 1)
