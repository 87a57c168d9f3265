"""``manage.py create_alert_receiver NAME`` prints a working token once and stores its digest."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from diagnosis.alerts.models import AlertReceiver
from diagnosis.alerts.tokens import token_digest
from tests.alerts.conftest import post

pytestmark = pytest.mark.django_db


def test_the_command_prints_the_token_once_and_it_authenticates(client, firing):
    out, err = StringIO(), StringIO()
    call_command("create_alert_receiver", "prod-am", stdout=out, stderr=err)
    token = out.getvalue().strip()
    receiver = AlertReceiver.objects.get(name="prod-am")
    assert receiver.token_hash == token_digest(token) and token not in receiver.token_hash
    assert receiver.service_account.username == "alerts-prod-am"
    assert "只显示这一次" in err.getvalue()
    assert post(client, firing, token).status_code == 201


def test_two_receivers_get_different_tokens():
    first, second = StringIO(), StringIO()
    call_command("create_alert_receiver", "a", stdout=first, stderr=StringIO())
    call_command("create_alert_receiver", "b", stdout=second, stderr=StringIO())
    assert first.getvalue() != second.getvalue()


@pytest.mark.parametrize("name", ["", "has space", "_leading", ".dot", "x" * 101, "名字"])
def test_a_bad_name_is_refused_in_chinese(name):
    with pytest.raises(CommandError, match="接收器名称无效"):
        call_command("create_alert_receiver", name, stdout=StringIO(), stderr=StringIO())


def test_an_existing_name_is_refused():
    call_command("create_alert_receiver", "a", stdout=StringIO(), stderr=StringIO())
    with pytest.raises(CommandError, match="已存在"):
        call_command("create_alert_receiver", "a", stdout=StringIO(), stderr=StringIO())
    assert AlertReceiver.objects.count() == 1
