"""A real HTTP server on 127.0.0.1 (ephemeral port) that records what it is sent — the far end
of the outbound notification in tests. ``mode`` picks the answer: ok, error (500), slow (sleeps
past any short timeout), robot_error (200 with DingTalk's errcode), redirect (302 elsewhere)."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


@dataclass
class Received:
    path: str
    headers: dict[str, str]
    body: dict


@dataclass
class WebhookServer:
    url: str
    mode: str = "ok"
    received: list[Received] = field(default_factory=list)
    slow_seconds: float = 2.0


@contextmanager
def webhook_server(mode: str = "ok") -> Iterator[WebhookServer]:
    state = WebhookServer(url="", mode=mode)

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args) -> None:  # quiet
            pass

        def do_POST(self) -> None:  # noqa: N802
            length = int(self.headers.get("Content-Length") or 0)
            raw = self.rfile.read(length)
            state.received.append(Received(self.path, dict(self.headers), json.loads(raw.decode("utf-8"))))
            if state.mode == "slow":
                time.sleep(state.slow_seconds)
            if state.mode == "error":
                self.send_response(500)
                self.end_headers()
                return
            if state.mode == "redirect":
                self.send_response(302)
                self.send_header("Location", "/elsewhere")
                self.end_headers()
                return
            reply = {"errcode": 310000, "errmsg": "keywords not in content"} if state.mode == "robot_error" else {"errcode": 0}
            data = json.dumps(reply).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            try:
                self.wfile.write(data)
            except BrokenPipeError:
                pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    state.url = f"http://127.0.0.1:{server.server_address[1]}/robot/send?access_token=SECRET-ROBOT-TOKEN"
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield state
    finally:
        server.shutdown()
        server.server_close()
