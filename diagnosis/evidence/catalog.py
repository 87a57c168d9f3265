"""The service catalog of one evidence scope: canonical names, aliases (often Chinese) and
descriptions. Two scopes may both know a ``payment-service``; each lookup reads one scope."""

from __future__ import annotations

import unicodedata
from typing import NamedTuple

from diagnosis.models import EvidenceScope, Service


class ServiceEntry(NamedTuple):
    name: str
    aliases: list[str]
    description: str


def _fold(value: str) -> str:
    return unicodedata.normalize("NFKC", value).strip().casefold()


def service_catalog(*, scope: EvidenceScope | int) -> list[ServiceEntry]:
    """Every service of ``scope`` as ``(name, aliases, description)``, ordered by name."""
    return [
        ServiceEntry(
            name=service.name,
            aliases=[a for a in (service.aliases or []) if isinstance(a, str) and a.strip()],
            description=service.description,
        )
        for service in Service.objects.for_scope(scope).order_by("name")
    ]


def resolve_service(name_or_alias: str, *, scope: EvidenceScope | int) -> str | None:
    """The canonical name of the service called ``name_or_alias`` (name or alias, any case, NFKC),
    or ``None`` when no service is known by that name."""
    if not isinstance(name_or_alias, str) or not name_or_alias.strip():
        return None
    wanted = _fold(name_or_alias)
    exact = Service.objects.for_scope(scope).filter(name__iexact=name_or_alias.strip()).values_list("name", flat=True).first()
    if exact is not None:
        return exact
    for entry in service_catalog(scope=scope):
        if _fold(entry.name) == wanted or any(_fold(alias) == wanted for alias in entry.aliases):
            return entry.name
    return None


def service_names(canonical: str, *, scope: EvidenceScope | int) -> list[str]:
    """All names one service is known by (canonical first), for matching stored records."""
    service = Service.objects.for_scope(scope).filter(name=canonical).first()
    if service is None:
        return [canonical]
    return list(dict.fromkeys(service.all_names()))
