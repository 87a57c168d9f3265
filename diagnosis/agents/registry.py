"""Provider selection from settings (DESIGN §3 ``LLM_PROVIDER``): ``offline`` (default) or
``openai``. Imports are lazy so one provider's dependencies never load for the other."""

from __future__ import annotations

from typing import Final

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured

from diagnosis.agents.base import Provider

PROVIDERS: Final = ("offline", "openai")


def get_provider(name: str | None = None) -> Provider:
    chosen = name or settings.LLM_PROVIDER
    if chosen == "offline":
        from diagnosis.agents.offline import build_provider as build_offline

        return build_offline()
    if chosen == "openai":
        from diagnosis.agents.openai import build_provider as build_openai

        return build_openai()
    raise ImproperlyConfigured(f"LLM_PROVIDER 的值无效: {chosen!r} (expected one of {', '.join(PROVIDERS)})")
