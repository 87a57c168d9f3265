"""Locust users of the load harness (benchmarks/load.py starts Locust with this file; not meant
to be run by hand). Each user has its own API token and asks demo questions: mostly
``POST /api/chat``, a share through ``POST /api/chat/stream`` (read to the ``done`` event).

Configured by the harness through the environment:

- ``LOAD_TOKENS_FILE``: JSON list of API tokens, one per user;
- ``LOAD_QUESTIONS``: JSON list of questions, asked in turn;
- ``LOAD_RESULTS_FILE``: one JSON line per request is appended here — kind, HTTP status,
  run_id, outcome, latency, error — and the harness computes its figures from these lines
  (Locust's own statistics go to its CSV files);
- ``LOAD_STREAM_SHARE`` (0–1), ``LOAD_THINK_MIN_S`` / ``LOAD_THINK_MAX_S`` (wait between asks).
"""

from __future__ import annotations

import itertools
import json
import os
import time

from locust import HttpUser, between, task

TOKENS: list[str] = json.loads(open(os.environ["LOAD_TOKENS_FILE"], encoding="utf-8").read())
QUESTIONS: list[str] = json.loads(os.environ["LOAD_QUESTIONS"])
STREAM_SHARE = float(os.environ.get("LOAD_STREAM_SHARE", "0.2"))
RESULTS = open(os.environ["LOAD_RESULTS_FILE"], "a", encoding="utf-8")  # noqa: SIM115 — lives as long as Locust
TIMEOUT = (10, 600)  # connect, read: a saturated server answers late, but it must answer

_user_numbers = itertools.count()
_asks = itertools.count()


def record(**fields) -> None:
    RESULTS.write(json.dumps(fields, ensure_ascii=False) + "\n")
    RESULTS.flush()


def sse_events(response):
    """(event, data) pairs of an SSE response, as they arrive."""
    event, data = "message", []
    for raw in response.iter_lines(decode_unicode=True):
        line = raw if isinstance(raw, str) else raw.decode("utf-8")
        if not line:
            if data:
                yield event, json.loads("\n".join(data))
            event, data = "message", []
        elif line.startswith("event:"):
            event = line[6:].strip()
        elif line.startswith("data:"):
            data.append(line[5:].strip())


class ChatUser(HttpUser):
    wait_time = between(float(os.environ.get("LOAD_THINK_MIN_S", "0.2")), float(os.environ.get("LOAD_THINK_MAX_S", "1.0")))

    def on_start(self) -> None:
        number = next(_user_numbers)
        self.token = TOKENS[number % len(TOKENS)]
        self.headers = {"Authorization": f"Token {self.token}", "Content-Type": "application/json"}

    def _question(self) -> tuple[int, str]:
        n = next(_asks)
        return n, QUESTIONS[n % len(QUESTIONS)]

    @task
    def ask(self) -> None:
        n, question = self._question()
        # Every 1/STREAM_SHARE-th ask streams: a deterministic mix, whatever the user count.
        stream = STREAM_SHARE > 0 and n % max(1, round(1 / STREAM_SHARE)) == 0
        (self._stream if stream else self._chat)(question)

    def _chat(self, question: str) -> None:
        started = time.perf_counter()
        with self.client.post(
            "/api/chat", json={"question": question}, headers=self.headers, timeout=TIMEOUT, catch_response=True, name="/api/chat"
        ) as response:
            latency_ms = (time.perf_counter() - started) * 1000
            body = {}
            try:
                body = response.json()
            except ValueError:
                pass
            ok = 200 <= response.status_code < 300
            error = "" if ok else f"HTTP {response.status_code}: {str(body.get('error') or response.text)[:200]}"
            if response.status_code == 0:
                error = f"transport: {response.error}"
            record(kind="chat", status=response.status_code, run_id=body.get("run_id"), outcome=body.get("outcome"),
                   run_status=body.get("status"), latency_ms=latency_ms, error=error)
            if ok:
                response.success()
            else:
                response.failure(error)

    def _stream(self, question: str) -> None:
        started = time.perf_counter()
        run_id = outcome = run_status = None
        error = ""
        status = 0
        with self.client.post(
            "/api/chat/stream", json={"question": question}, headers={**self.headers, "Accept": "text/event-stream"},
            timeout=TIMEOUT, stream=True, catch_response=True, name="/api/chat/stream",
        ) as response:
            status = response.status_code
            try:
                if not 200 <= status < 300:
                    error = f"HTTP {status}: {response.text[:200]}" if status else f"transport: {response.error}"
                else:
                    done = False
                    for event, data in sse_events(response):
                        if event == "run":
                            run_id = data.get("run_id")
                        elif event == "answer":
                            outcome, run_status = data.get("outcome"), data.get("status")
                        elif event == "error":
                            error = f"stream error event: {data}"
                        elif event == "done":
                            done = True
                            break
                    if not done and not error:
                        error = "stream ended without a done event"
            except Exception as exc:  # noqa: BLE001 — a broken stream is an error of this request, not of Locust
                error = f"stream read: {type(exc).__name__}: {exc}"
            latency_ms = (time.perf_counter() - started) * 1000
            record(kind="stream", status=status, run_id=run_id, outcome=outcome, run_status=run_status,
                   latency_ms=latency_ms, error=error)
            if error:
                response.failure(error)
            else:
                response.success()
