"""A small team on the embedded default: a fresh SQLite file, migrated and loaded with the demo,
served by a real uvicorn subprocess, asked by several users at once over HTTP.

Used by the concurrency tests and by nothing in the product. It needs no test database of
pytest-django's: everything happens in the SQLite file the team's server owns.
"""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
import threading
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from tests.api.asgi_server import uvicorn_process

ROOT = Path(__file__).resolve().parents[2]
PYTHON = sys.executable

QUESTIONS = (
    "payment-service 10:05 开始大量 500，原因是什么？",
    "订单服务昨天晚上为什么反复重启？",
    "支付服务现在有告警吗？",
    "今天上午哪个服务的慢查询最多？",
)


def team_env(db_path: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("LLM_", "OPENAI_"))}
    env.update(
        DATABASE_URL=f"sqlite:///{db_path}",
        DJANGO_SETTINGS_MODULE="superbiz.settings",
        LLM_PROVIDER="offline",
        RUN_EXECUTION="inline",
        API_THROTTLE_USER="100000/hour",
        API_THROTTLE_CHAT="100000/minute",
    )
    env.update(extra)
    return env


def manage(env: dict[str, str], *args: str) -> str:
    done = subprocess.run(
        [PYTHON, "manage.py", *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=300
    )
    if done.returncode != 0:
        raise RuntimeError(f"manage.py {' '.join(args)} failed:\n{done.stdout}\n{done.stderr}")
    return done.stdout


_MAKE_TOKENS = """
import json, sys
from django.contrib.auth import get_user_model
from rest_framework.authtoken.models import Token
User = get_user_model()
tokens = []
for i in range(int(sys.argv[-1])):
    user, _ = User.objects.get_or_create(username=f"oncall{i}")
    tokens.append(Token.objects.get_or_create(user=user)[0].key)
print(json.dumps(tokens))
"""


def prepare_team_db(db_path: Path, users: int) -> list[str]:
    """Migrate a fresh SQLite file, load the demo, create ``users`` API users; their tokens."""
    env = team_env(db_path)
    manage(env, "migrate", "--noinput", "-v", "0")
    manage(env, "load_demo")
    done = subprocess.run(
        [PYTHON, "-c", "import django; django.setup(); exec(open(0).read())", str(users)],
        input=_MAKE_TOKENS, cwd=ROOT, env=env, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    if done.returncode != 0:
        raise RuntimeError(done.stderr)
    return json.loads(done.stdout.strip().splitlines()[-1])


@contextmanager
def team_server(db_path: Path, **extra_env: str) -> Iterator[str]:
    with uvicorn_process(team_env(db_path, **extra_env)) as base_url:
        yield base_url


@dataclass
class ChatTally:
    statuses: list[int] = field(default_factory=list)
    outcomes: list[str] = field(default_factory=list)
    fallback_reasons: list[str] = field(default_factory=list)
    run_ids: list[str] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    def add(self, status: int, body: dict) -> None:
        with self.lock:
            self.statuses.append(status)
            self.outcomes.append(str(body.get("outcome")))
            if body.get("outcome") == "fallback":
                self.fallback_reasons.append(str(body.get("fallback_reason") or body.get("answer", "")[:40]))
            if body.get("run_id"):
                self.run_ids.append(body["run_id"])


def chat(base_url: str, token: str, question: str) -> tuple[int, dict]:
    request = urllib.request.Request(
        f"{base_url}/api/chat",
        data=json.dumps({"question": question}).encode(),
        headers={"Authorization": f"Token {token}", "Content-Type": "application/json"},
        method="POST",
    )
    try:
        with urllib.request.urlopen(request, timeout=120) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read() or b"{}")


def chat_storm(base_url: str, tokens: list[str], per_user: int) -> ChatTally:
    """Every user asks ``per_user`` questions back to back, all users at once."""
    tally = ChatTally()
    barrier = threading.Barrier(len(tokens))

    def user(index: int, token: str) -> None:
        barrier.wait()
        for n in range(per_user):
            status, body = chat(base_url, token, QUESTIONS[(index + n) % len(QUESTIONS)])
            tally.add(status, body)

    threads = [threading.Thread(target=user, args=(i, t)) for i, t in enumerate(tokens)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=600)
    return tally


def run_rows(db_path: Path) -> list[tuple[str, str, str, str]]:
    """(id, status, outcome, fallback_reason) of every run, read straight from the file."""
    with sqlite3.connect(db_path) as conn:
        return conn.execute(
            "SELECT replace(id, '-', ''), status, outcome, fallback_reason FROM diagnosis_diagnosisrun"
        ).fetchall()
