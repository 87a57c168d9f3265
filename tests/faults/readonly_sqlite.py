"""Run in a fresh interpreter (``test_read_only_sqlite``): a migrated SQLite file with a user, a
token and a stale run, then opened read-only (``mode=ro``: what SQLite does when the file is not
writable; a URI, so it holds for root too) — a chat, a read and reaper passes. Prints one JSON
object: what each request answered and what the reaper logged."""

from __future__ import annotations

import json
import logging
import os
import sys
from datetime import timedelta

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "superbiz.settings")
django.setup()

from django.contrib.auth import get_user_model  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402
from django.utils import timezone  # noqa: E402
from rest_framework.authtoken.models import Token  # noqa: E402

from diagnosis.models import DiagnosisRun  # noqa: E402
from diagnosis.services import reaper  # noqa: E402
from diagnosis.services.runs import diagnosis_run_create  # noqa: E402

TOKEN = "f" * 40
PASSES = 3


def main() -> None:
    path = connection.settings_dict["NAME"]
    call_command("migrate", verbosity=0)
    user = get_user_model().objects.create_user("reader", password="x")
    Token.objects.create(user=user, key=TOKEN)
    stale = diagnosis_run_create(owner=user, question="payment-service 为什么报错？")
    DiagnosisRun.objects.filter(pk=stale.pk).update(created_at=timezone.now() - timedelta(days=1))
    connection.close()
    connection.settings_dict["NAME"] = f"file:{path}?mode=ro"  # the file is read-only from here on

    client = Client(raise_request_exception=False)
    auth = {"HTTP_AUTHORIZATION": f"Token {TOKEN}"}
    chat = client.post("/api/chat", data=json.dumps({"question": "payment-service 为什么报错？"}),
                       content_type="application/json", **auth)  # fmt: skip
    runs = client.get("/api/runs", **auth)

    records: list[logging.LogRecord] = []

    class Keep(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            records.append(record)

    logging.getLogger("diagnosis.services.reaper").addHandler(Keep())
    for _ in range(PASSES):
        reaper.reaper_pass()
    print(json.dumps({
        "chat": [chat.status_code, chat.json(), chat.get("Retry-After")],
        "runs": runs.status_code,
        "reaper": [[r.levelname, r.getMessage(), r.exc_info is not None] for r in records],
    }, ensure_ascii=False))  # fmt: skip


if __name__ == "__main__":
    sys.exit(main())
