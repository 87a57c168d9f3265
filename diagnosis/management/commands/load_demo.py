"""``manage.py load_demo``: load the committed demo world (diagnosis/demo/demo_bundle.json) into
the ``demo`` evidence scope."""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from diagnosis.demo import DEMO_BUNDLE_PATH
from diagnosis.evidence.bundle import BundleError
from diagnosis.evidence.loader import evidence_bundle_load
from diagnosis.evidence.report import format_load_report
from diagnosis.selectors.scopes import DEMO_SCOPE


class Command(BaseCommand):
    help = "Load the demo evidence bundle (services, logs, alerts, metrics, Chinese runbooks) into the demo scope; idempotent."

    def handle(self, *args, **options) -> None:
        try:
            report = evidence_bundle_load(
                data=DEMO_BUNDLE_PATH.read_bytes(), source_name=DEMO_BUNDLE_PATH.name, scope=DEMO_SCOPE
            )
        except (BundleError, OSError) as exc:
            raise CommandError(f"{DEMO_BUNDLE_PATH.name}: {exc}") from None
        self.stdout.write(format_load_report(report))
