"""Which runs mask, with which recognizers (the MASKING* settings)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from django.conf import settings

from diagnosis.masking.masker import Masker, Recognizer, parse_custom_patterns, select_recognizers

#: Providers that send run data to a model endpoint; the offline agents send nothing anywhere.
MASKED_PROVIDERS = ("openai",)


def recognizers_from_settings() -> tuple[Recognizer, ...]:
    custom = parse_custom_patterns(f"{kind}={pattern}" for kind, pattern in settings.MASKING_PATTERNS.items())
    return select_recognizers(settings.MASKING_ENTITIES or None, custom)


def run_masker(provider: Any, *, earlier_questions: Callable[[], Iterable[str]] = tuple) -> Masker | None:
    """A fresh placeholder map for one run, or None when this run sends nothing to mask. It
    learns the values in the session's earlier questions first (read only when masking): a
    follow-up's ``session_context`` carries their ``asked`` terms, which no longer look like what
    they were split from."""
    if not settings.MASKING or getattr(provider, "name", "") not in MASKED_PROVIDERS:
        return None
    masker = Masker(recognizers_from_settings())
    masker.remember(earlier_questions())
    return masker


def masking_audit(masker: Masker | None) -> dict[str, Any]:
    """What the audit keeps: whether masking ran and how many values of each type — never the map."""
    return {"enabled": masker is not None, "entities": masker.entity_counts if masker is not None else {}}


def answer_for_viewer(text: str, viewer: Any) -> str:
    """The answer as ``viewer`` may read it: with ``MASK_ANSWERS`` on, non-staff users see
    placeholders instead of the sensitive values (numbered afresh for this text; the run's own
    map is never kept). Staff, reviewers and the default setting see the real values."""
    if not text or not settings.MASK_ANSWERS or bool(getattr(viewer, "is_staff", False)):
        return text
    return Masker(recognizers_from_settings()).mask(text)
