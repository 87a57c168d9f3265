"""The one environment reader. Every setting comes through here; a bad value fails loudly.

django-environ parses the values; this module adds the guarantee that a malformed value raises
``ImproperlyConfigured`` with a message that names the variable (STYLE.md §5), instead of a
bare ``ValueError`` deep inside start-up.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import environ
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent

env = environ.Env()
_dotenv = BASE_DIR / ".env"
if _dotenv.is_file():
    environ.Env.read_env(str(_dotenv), overwrite=False)


def _fail(name: str, raw: str, expected: str) -> ImproperlyConfigured:
    return ImproperlyConfigured(f"环境变量 {name} 的值无效: {raw!r} (expected {expected})")


def env_str(name: str, default: str = "") -> str:
    return env.str(name, default=default)


def env_bool(name: str, default: bool) -> bool:
    raw = env.str(name, default="")
    if raw == "":
        return default
    lowered = raw.strip().lower()
    if lowered in {"1", "true", "yes", "on"}:
        return True
    if lowered in {"0", "false", "no", "off"}:
        return False
    raise _fail(name, raw, "a boolean: true/false/1/0/yes/no/on/off")


def env_int(name: str, default: int, *, minimum: int | None = None, maximum: int | None = None) -> int:
    raw = env.str(name, default="")
    if raw == "":
        return default
    try:
        value = int(raw.strip())
    except ValueError:
        raise _fail(name, raw, "an integer") from None
    if (minimum is not None and value < minimum) or (maximum is not None and value > maximum):
        raise _fail(name, raw, f"an integer in [{minimum}, {maximum}]")
    return value


def env_float(name: str, default: float, *, minimum: float | None = None, maximum: float | None = None) -> float:
    raw = env.str(name, default="")
    if raw == "":
        return default
    try:
        value = float(raw.strip())
    except ValueError:
        raise _fail(name, raw, "a number") from None
    if value != value or (minimum is not None and value < minimum) or (maximum is not None and value > maximum):
        raise _fail(name, raw, f"a number in [{minimum}, {maximum}]")
    return value


def env_choice(name: str, default: str, choices: Sequence[str]) -> str:
    raw = env.str(name, default="")
    if raw == "":
        return default
    value = raw.strip().lower()
    if value not in choices:
        raise _fail(name, raw, "one of " + ", ".join(choices))
    return value


def env_list(name: str, default: Sequence[str]) -> list[str]:
    raw = env.str(name, default="")
    if raw == "":
        return list(default)
    return [item.strip() for item in raw.split(",") if item.strip()]


def env_networks(name: str) -> list[ipaddress.IPv4Network | ipaddress.IPv6Network]:
    """A comma-separated list of networks (``10.0.0.0/8, 127.0.0.1``); empty when unset."""
    networks = []
    for item in env_list(name, []):
        try:
            networks.append(ipaddress.ip_network(item, strict=False))
        except ValueError:
            raise _fail(name, item, "IP networks such as 10.0.0.0/8,127.0.0.1") from None
    return networks


def env_db(name: str, default: str) -> dict[str, Any]:
    raw = env.str(name, default=default)
    try:
        config = environ.Env.db_url_config(raw)
    except Exception as exc:  # django-environ raises several types for junk URLs
        raise _fail(name, raw, f"a database URL such as sqlite:///db.sqlite3 or postgres://… ({exc})") from None
    if not config.get("ENGINE"):
        raise _fail(name, raw, "a database URL with a supported scheme")
    return config


def env_url(name: str, default: str = "") -> str:
    raw = env.str(name, default=default).strip()
    if raw and not (raw.startswith("http://") or raw.startswith("https://")):
        raise _fail(name, raw, "an http:// or https:// URL")
    return raw


def env_origins(name: str, default: Sequence[str]) -> list[str]:
    """Comma-separated origins (``https://diagnosis.example.com``): scheme, host, no path —
    the form Django's CSRF origin check compares against."""
    origins = env_list(name, default)
    for origin in origins:
        scheme, sep, rest = origin.partition("://")
        host = rest.removeprefix("*.") if scheme in {"http", "https"} and sep else ""
        if not host or "/" in host or "*" in host:
            raise _fail(name, origin, "origins like https://diagnosis.example.com or https://*.example.com")
    return origins


def env_header_pair(name: str) -> tuple[str, str] | None:
    """``HTTP_X_FORWARDED_PROTO,https`` → the (request.META name, value) pair Django expects."""
    raw = env.str(name, default="").strip()
    if raw == "":
        return None
    header, sep, value = (part.strip() for part in raw.partition(","))
    valid_header = (
        header.startswith("HTTP_") and header.isascii() and header.replace("_", "").isalnum() and header.isupper()
    )
    if not (sep and valid_header and value and "," not in value):
        raise _fail(name, raw, "HEADER,value with the request.META header name, e.g. HTTP_X_FORWARDED_PROTO,https")
    return header, value


def env_prices(prefix: str) -> dict[str, tuple[float, float]]:
    """Every ``<prefix><KEY>="prompt,completion"`` variable (USD per million tokens, two
    non-negative numbers) → {KEY: (prompt, completion)}; a malformed one names itself."""
    prices: dict[str, tuple[float, float]] = {}
    for name, raw in sorted(env.ENVIRON.items()):
        if not name.startswith(prefix) or name == prefix:
            continue
        parts = [part.strip() for part in raw.split(",")]
        try:
            prompt, completion = (float(part) for part in parts)
        except ValueError:
            raise _fail(name, raw, "two numbers, USD per million prompt,completion tokens, e.g. 0.15,0.60") from None
        if not (0.0 <= prompt < float("inf") and 0.0 <= completion < float("inf")):
            raise _fail(name, raw, "two non-negative finite numbers")
        prices[name.removeprefix(prefix)] = (prompt, completion)
    return prices
