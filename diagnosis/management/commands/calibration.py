"""``manage.py calibration [--json]``: how often reviewers agree with the effective verdicts —
per verdict, per provider/model and per prompt catalog version (issue 14 item 3)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from diagnosis.reviews.calibration import render_text
from diagnosis.reviews.selectors import calibration

MSG_NO_LABELS = "尚无审阅标注：在管理后台的运行页面（或员工 Web 界面）标注运行后再查看。"


class Command(BaseCommand):
    help = "Print the calibration table of reviewer labels against effective verdicts."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--json", dest="as_json", action="store_true", help="print one JSON object")

    def handle(self, *args: Any, **options: Any) -> None:
        table = calibration()
        if options["as_json"]:
            self.stdout.write(table.model_dump_json(indent=2))
        elif table.total.labelled == 0:
            self.stdout.write(MSG_NO_LABELS)
        else:
            self.stdout.write(render_text(table))
