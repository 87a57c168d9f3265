"""``manage.py reap_runs``: close runs stuck in queued/running past RUN_STALE_AFTER_S."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandParser

from diagnosis.services.reaper import stale_runs_reap


class Command(BaseCommand):
    help = "关闭超过期限仍处于 queued/running 的运行（failed / stale_run）。"

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--older-than",
            type=float,
            default=None,
            help=f"期限（秒），默认 RUN_STALE_AFTER_S（当前 {settings.RUN_STALE_AFTER_S}）",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        older_than = options["older_than"]
        if older_than is not None and older_than < 0:
            self.stderr.write("--older-than 不能为负数。")
            raise SystemExit(2)
        reaped = stale_runs_reap(older_than_s=older_than)
        for run_id in reaped:
            self.stdout.write(f"reaped {run_id}")
        self.stdout.write(f"已关闭 {len(reaped)} 个过期运行。")
