"""``manage.py load_evidence PATH [--scope NAME]``: load one evidence bundle file (``-`` reads
stdin) into an evidence scope (default: the bundle's ``name``)."""

from __future__ import annotations

import sys
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError, CommandParser

from diagnosis.evidence.bundle import MAX_BUNDLE_BYTES, MSG_TOO_LARGE, BundleError
from diagnosis.evidence.loader import evidence_bundle_load
from diagnosis.evidence.report import format_load_report

MSG_CANNOT_READ = "无法读取文件 (cannot read file) {path}: {reason}"


def read_bundle_source(path: str) -> bytes:
    """The raw bytes of PATH (``-`` = stdin), refusing anything over the bundle size limit."""
    if path == "-":
        stream = sys.stdin.buffer if hasattr(sys.stdin, "buffer") else None
        data = stream.read(MAX_BUNDLE_BYTES + 1) if stream is not None else sys.stdin.read().encode("utf-8")
    else:
        try:
            with Path(path).open("rb") as handle:
                data = handle.read(MAX_BUNDLE_BYTES + 1)
        except OSError as exc:
            raise BundleError(MSG_CANNOT_READ.format(path=path, reason=exc.strerror or exc)) from None
    if len(data) > MAX_BUNDLE_BYTES:
        raise BundleError(MSG_TOO_LARGE.format(size=f"more than {MAX_BUNDLE_BYTES}", limit=MAX_BUNDLE_BYTES))
    return data


class Command(BaseCommand):
    help = "Load an evidence bundle (DESIGN §4 JSON) into an evidence scope of the builtin stores; idempotent per scope."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("path", help="bundle file, or - to read standard input")
        parser.add_argument(
            "--scope",
            default=None,
            help="evidence scope to load into (created as a replay scope with the bundle's reference_time; "
            "default: the bundle's name)",
        )

    def handle(self, *args, path: str, scope: str | None = None, **options) -> None:
        try:
            data = read_bundle_source(path)
            report = evidence_bundle_load(
                data=data, source_name="stdin" if path == "-" else Path(path).name, scope=scope
            )
        except BundleError as exc:
            raise CommandError(f"{path}: {exc.message}") from None
        self.stdout.write(format_load_report(report))
