"""Where SECRET_KEY comes from: the environment, else a per-installation random key file.

Why a generated file instead of a fixed fallback key: a key written in the source is public, so
anyone could forge session cookies, password-reset tokens and signed values of every
installation that forgot to set ``SECRET_KEY``. Refusing to start without one would break the
README's first command on a fresh machine (no .env, no key). The middle way, which installers
of self-hosted Django apps commonly take (LAVA writes ``secret_key.conf`` on install, Zulip's
``generate_secrets`` at set-up): the first start writes a random key into a file readable
only by its owner (mode 0600, gitignored) and every later start reads it back. Sessions survive
restarts; nothing secret is in the repository.

Rules (tests/settings/test_secret_key.py):

- ``SECRET_KEY`` set → used as is; with ``DEBUG`` off it must not be a published placeholder
  and must be strong enough for Django's own ``security.W009`` check (≥ 50 characters,
  ≥ 5 distinct), otherwise start-up is refused naming ``SECRET_KEY``.
- not set, ``REQUIRE_SECRET_KEY=true`` → refused: several web hosts must share one key, and a
  per-host generated file would silently log users out when a request lands on another host.
- not set → ``SECRET_KEY_FILE`` (default ``.secret_key`` beside manage.py) is read, or created
  atomically on the first start; a file that cannot be written or holds a weak key stops
  start-up naming ``SECRET_KEY_FILE``.
"""

from __future__ import annotations

import contextlib
import os
import secrets
from pathlib import Path

from django.core.exceptions import ImproperlyConfigured

# Keys that are public and must never sign anything outside DEBUG: the fallback this project
# shipped before, and the placeholder of .env.example.
PUBLIC_KEYS = frozenset({"dev-only-insecure-key-change-me", "change-me-in-production"})
# Django's startproject prefix; security.W009 rejects it for the same reason.
INSECURE_PREFIX = "django-insecure-"
MIN_LENGTH = 50
MIN_UNIQUE_CHARACTERS = 5

MSG_PUBLIC_KEY = "环境变量 SECRET_KEY 是公开的示例/开发密钥，DEBUG=false 时不能使用；请设置随机密钥"
MSG_WEAK_KEY = (
    f"环境变量 SECRET_KEY 太弱 (DEBUG=false 时至少 {MIN_LENGTH} 个字符、{MIN_UNIQUE_CHARACTERS} 种不同字符)"
)
MSG_REQUIRED = "环境变量 SECRET_KEY 未设置 (required when REQUIRE_SECRET_KEY=true)"
MSG_FILE_UNWRITABLE = "无法创建或读取 SECRET_KEY_FILE {path}: {reason}；请设置环境变量 SECRET_KEY 或可写的 SECRET_KEY_FILE"
MSG_FILE_WEAK = "SECRET_KEY_FILE {path} 中的密钥无效 (为空或太短)；删除该文件让系统重新生成，或设置 SECRET_KEY"


def key_problem(key: str) -> str | None:
    """Why ``key`` must not be used with DEBUG off, or None when it is acceptable."""
    if key in PUBLIC_KEYS or key.startswith(INSECURE_PREFIX):
        return MSG_PUBLIC_KEY
    if len(key) < MIN_LENGTH or len(set(key)) < MIN_UNIQUE_CHARACTERS:
        return MSG_WEAK_KEY
    return None


def _generate() -> str:
    # 50 URL-safe characters from the OS CSPRNG (~300 bits), like get_random_secret_key().
    return secrets.token_urlsafe(38)[:MIN_LENGTH]


def _read_or_create(path: Path) -> str:
    if not path.exists():
        # Write a private temporary file, then hard-link it into place: the link either creates
        # the final name with the whole key in it or fails because a concurrent first start
        # (uvicorn --workers N) already did — no process ever reads a half-written key, and
        # the first writer's key wins for all.
        tmp = path.with_name(f"{path.name}.{os.getpid()}.{secrets.token_hex(4)}.tmp")
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            with os.fdopen(fd, "w", encoding="ascii") as handle:
                handle.write(_generate() + "\n")
            try:
                os.link(tmp, path)
            except FileExistsError:
                pass
        except OSError as exc:
            raise ImproperlyConfigured(MSG_FILE_UNWRITABLE.format(path=path, reason=exc.strerror or exc)) from None
        finally:
            with contextlib.suppress(OSError):
                tmp.unlink()
    try:
        key = path.read_text(encoding="ascii").strip()
    except OSError as exc:
        raise ImproperlyConfigured(MSG_FILE_UNWRITABLE.format(path=path, reason=exc.strerror or exc)) from None
    except UnicodeDecodeError:  # the message must not quote the file's bytes
        raise ImproperlyConfigured(MSG_FILE_WEAK.format(path=path)) from None
    if key_problem(key) is not None:
        raise ImproperlyConfigured(MSG_FILE_WEAK.format(path=path))
    return key


def secret_key_resolve(*, env_value: str, key_file: Path, debug: bool, require: bool) -> str:
    """The SECRET_KEY to use, or ImproperlyConfigured naming the variable to fix."""
    if env_value:
        problem = None if debug else key_problem(env_value)
        if problem is not None:
            raise ImproperlyConfigured(problem)
        return env_value
    if require:
        raise ImproperlyConfigured(MSG_REQUIRED)
    return _read_or_create(key_file)
