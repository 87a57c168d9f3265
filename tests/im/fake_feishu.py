"""A fake Feishu open API on 127.0.0.1 (a real HTTP server in a thread) that records every call:
the tenant access token, message replies (each answered with a new message id) and card updates;
it also stands in for DingTalk's session webhooks (``/robot/sendBySession``)."""

from __future__ import annotations

import itertools
import json
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

TENANT_TOKEN = "t-fake-tenant-token"


@dataclass
class Call:
    method: str
    path: str
    authorization: str
    body: dict


@dataclass
class FakeFeishu:
    base_url: str = ""
    calls: list[Call] = field(default_factory=list)

    def of(self, method: str, fragment: str = "") -> list[Call]:
        return [c for c in self.calls if c.method == method and fragment in c.path]

    def replies(self) -> list[Call]:
        return [c for c in self.of("POST", "/reply")]

    def updates(self) -> list[Call]:
        return self.of("PATCH", "/open-apis/im/v1/messages/")

    def wait_for(self, predicate, timeout: float = 120.0) -> None:
        deadline = time.monotonic() + timeout
        while not predicate():
            if time.monotonic() > deadline:
                raise AssertionError(f"the fake Feishu never saw what was expected; calls: {self.calls}")
            time.sleep(0.05)


@contextmanager
def fake_feishu() -> Iterator[FakeFeishu]:
    state = FakeFeishu()
    ids = itertools.count(1)

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args) -> None:
            pass

        def _answer(self, reply: dict) -> None:
            data = json.dumps(reply).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def _record(self) -> Call:
            raw = self.rfile.read(int(self.headers.get("Content-Length") or 0))
            call = Call(self.command, self.path, self.headers.get("Authorization", ""), json.loads(raw or b"{}"))
            state.calls.append(call)
            return call

        def do_POST(self) -> None:  # noqa: N802
            call = self._record()
            if call.path.startswith("/robot/sendBySession"):
                self._answer({"errcode": 0, "errmsg": "ok"})
            elif call.path == "/open-apis/auth/v3/tenant_access_token/internal":
                self._answer({"code": 0, "msg": "ok", "tenant_access_token": TENANT_TOKEN, "expire": 7200})
            else:
                self._answer({"code": 0, "msg": "success", "data": {"message_id": f"om_bot_{next(ids)}"}})

        def do_PATCH(self) -> None:  # noqa: N802
            self._record()
            self._answer({"code": 0, "msg": "success", "data": {}})

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    state.base_url = f"http://127.0.0.1:{server.server_address[1]}"
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield state
    finally:
        server.shutdown()
        server.server_close()
