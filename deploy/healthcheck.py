"""The container's health check (Dockerfile ``HEALTHCHECK``, compose.yaml): ``GET /healthz`` on this
container's gunicorn, sent the way the production settings let it through. Exit 0 = healthy.

Why not ``curl http://127.0.0.1:8000/healthz``: under the production block of
docs/CONFIGURATION.md Django answers a Host outside ``ALLOWED_HOSTS`` with 400 and a plain-http
request with a 301 to https (``SECURE_SSL_REDIRECT``). So the check sends a Host the settings
allow and, when ``SECURE_PROXY_SSL_HEADER`` is set, the header the TLS proxy would add — what
the Kubernetes probes in deploy/k8s/ send too. Standard library only, nothing of the project
imported: no Django start-up every 30 seconds. ``python deploy/healthcheck.py /readyz`` checks
readiness instead (database, and broker in celery mode).
"""

from __future__ import annotations

import http.client
import os
import sys

DEFAULT_BIND = "127.0.0.1:8000"  # gunicorn.conf.py's default GUNICORN_BIND
TIMEOUT_S = 5.0


def target(bind: str) -> tuple[str, int]:
    """Where to connect for gunicorn's ``bind`` (``0.0.0.0:8000``, ``[::]:8000``, ``host:port``)."""
    host, sep, port = bind.strip().rpartition(":")
    if not sep or not port.isdigit() or bind.startswith("unix:"):
        raise ValueError(f"GUNICORN_BIND={bind!r}: expected host:port")
    host = host.strip("[]")
    if host in ("", "0.0.0.0", "::"):
        host = "127.0.0.1" if host != "::" else "::1"
    return host, int(port)


def host_header(allowed_hosts: str) -> str:
    """A Host that Django's ALLOWED_HOSTS check accepts: the first entry (``*`` → localhost,
    ``.example.com`` → example.com, which the leading-dot pattern matches)."""
    first = next((item.strip() for item in allowed_hosts.split(",") if item.strip()), "localhost")
    if first == "*":
        return "localhost"
    return first.removeprefix(".")


def proxy_header(secure_proxy_ssl_header: str) -> tuple[str, str] | None:
    """``HTTP_X_FORWARDED_PROTO,https`` → (``X-Forwarded-Proto``, ``https``)."""
    meta, sep, value = (part.strip() for part in secure_proxy_ssl_header.partition(","))
    if not sep or not meta.startswith("HTTP_"):
        return None
    return meta.removeprefix("HTTP_").replace("_", "-").title(), value


def probe_headers(environ: dict[str, str]) -> dict[str, str]:
    headers = {"Host": host_header(environ.get("ALLOWED_HOSTS", ""))}
    forwarded = proxy_header(environ.get("SECURE_PROXY_SSL_HEADER", ""))
    if forwarded:
        headers[forwarded[0]] = forwarded[1]
    return headers


def check(path: str, environ: dict[str, str]) -> tuple[bool, str]:
    host, port = target(environ.get("GUNICORN_BIND") or DEFAULT_BIND)
    connection = http.client.HTTPConnection(host, port, timeout=TIMEOUT_S)
    try:
        connection.request("GET", path, headers=probe_headers(environ))
        response = connection.getresponse()
        response.read()
    except OSError as exc:
        return False, f"{path}: {type(exc).__name__}"
    finally:
        connection.close()
    # Only 200: a redirect means the headers did not satisfy the settings, not that all is well.
    return response.status == 200, f"{path}: HTTP {response.status}"


def main(argv: list[str]) -> int:
    path = argv[1] if len(argv) > 1 else "/healthz"
    healthy, detail = check(path, dict(os.environ))
    print(detail)
    return 0 if healthy else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
