"""Reads over evidence scopes (DESIGN §10.3): which scope a name means, and the default one."""

from __future__ import annotations

from typing import Final

from django.db.models import QuerySet

from diagnosis.models import EvidenceScope
from diagnosis.tools.backends import configured_backend_name

LIVE_SCOPE: Final = "live"
DEMO_SCOPE: Final = "demo"  # the scope ``load_demo`` loads into

MSG_UNKNOWN_SCOPE: Final = "证据范围不存在：{name}"
MSG_SCOPE_NOT_TEXT: Final = "证据范围必须是文本（范围名称）。"


class UnknownScope(LookupError):
    """No scope by that name; ``message`` is the Chinese text shown to the user."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def live_backends_configured() -> bool:
    """True when a real logs, metrics or Kubernetes backend (Loki, Prometheus, a cluster) is configured."""
    return any(configured_backend_name(kind) != "builtin" for kind in ("logs", "metrics", "k8s"))


def live_scope() -> EvidenceScope:
    """The ``live`` scope (the migration creates it; recreated if someone deleted it)."""
    scope, _ = EvidenceScope.objects.get_or_create(name=LIVE_SCOPE, defaults={"kind": EvidenceScope.Kind.LIVE})
    return scope


def default_scope() -> EvidenceScope:
    """The scope a new session gets when none is asked for — the one rule:

    ``live`` when real backends are configured (LOGS_BACKEND, METRICS_BACKEND or K8S_BACKEND not builtin);
    otherwise the demo scope; otherwise the most recently loaded replay scope; otherwise ``live``."""
    if not live_backends_configured():
        replay = EvidenceScope.objects.filter(kind=EvidenceScope.Kind.REPLAY)
        chosen = replay.filter(name=DEMO_SCOPE).first() or replay.exclude(loaded_at=None).order_by(
            "-loaded_at", "-pk"
        ).first()
        if chosen is not None:
            return chosen
    return live_scope()


def scope_get(name: object) -> EvidenceScope:
    """The scope called ``name``; ``UnknownScope`` (Chinese message) otherwise."""
    if not isinstance(name, str):
        raise UnknownScope(MSG_SCOPE_NOT_TEXT)
    if "\x00" in name:  # no scope name holds NUL (PostgreSQL text cannot)
        raise UnknownScope(MSG_UNKNOWN_SCOPE.format(name=name.replace("\x00", "\ufffd").strip()[:200]))
    scope = EvidenceScope.objects.filter(name=name.strip()).first()
    if scope is None:
        raise UnknownScope(MSG_UNKNOWN_SCOPE.format(name=name.strip()[:200]))
    return scope


def scopes_list() -> QuerySet[EvidenceScope]:
    """Every scope, live first, then by name."""
    return EvidenceScope.objects.order_by("kind", "name")  # "live" sorts before "replay"
