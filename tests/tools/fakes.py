"""Fake backends for failure, timeout and volume tests."""

from __future__ import annotations

import threading
from datetime import timedelta

from diagnosis.tools.backends import LogEntry, LogQuery, LogResult


class ExplodingLogs:
    name = "exploding"

    def search_logs(self, query: LogQuery) -> LogResult:
        raise ConnectionError("loki unreachable: connection refused")


class SlowLogs:
    """Blocks until released (or 5 s), far beyond the tiny timeout the tests configure."""

    name = "slow"

    def __init__(self, release: threading.Event):
        self.release = release

    def search_logs(self, query: LogQuery) -> LogResult:
        self.release.wait(5)
        return LogResult(records=[], total=0)


class VolumeLogs:
    """Returns ``count`` records with long messages: enough to overflow the output cap."""

    name = "volume"

    def __init__(self, count: int = 100, message_chars: int = 1800):
        self.count, self.message_chars = count, message_chars

    def search_logs(self, query: LogQuery) -> LogResult:
        records = [
            LogEntry(
                timestamp=query.end - timedelta(seconds=i),
                service="payment-service",
                level="ERROR",
                message=f"record {i} " + "连接池耗尽 " * (self.message_chars // 6),
            )
            for i in range(min(self.count, query.limit))
        ]
        return LogResult(records=records, total=self.count * 3)
