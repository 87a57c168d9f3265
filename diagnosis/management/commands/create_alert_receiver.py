"""``manage.py create_alert_receiver NAME`` — a receiver for ``POST /api/alerts/alertmanager``.

Creates the receiver and its service account (``alerts-NAME``, which owns the runs its alerts
start), and prints the bearer token once: only its sha256 is stored, so it cannot be shown again.
Put it in Alertmanager's ``webhook_configs[].http_config.authorization.credentials``.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from diagnosis.alerts.services import ReceiverInvalid, alert_receiver_create

MSG_CREATED = "已创建告警接收器 {name}（服务账号 {account}）。Token 只显示这一次，请立即保存："


class Command(BaseCommand):
    help = "Create an Alertmanager receiver and print its bearer token (shown once)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("name", help="receiver name, e.g. prod-alertmanager")

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            receiver, token = alert_receiver_create(name=options["name"])
        except ReceiverInvalid as exc:
            raise CommandError(exc.message) from None
        self.stderr.write(MSG_CREATED.format(name=receiver.name, account=receiver.service_account.get_username()))
        self.stdout.write(token)
