"""Which runs mask, with which recognizers (the MASKING* settings)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from enum import StrEnum
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


class Audience(StrEnum):
    """Who reads an outbound text. ``MASK_ANSWERS`` is decided here, per audience, for every channel
    (issue 25 item 5): the API, the SSE stream, the web pages and the alert notification all ask
    ``for_audience``, so no channel can show a reader what another channel hides."""

    STAFF = "staff"  # staff and reviewers, signed in: the real values
    USER = "user"  # a signed-in reader who is not staff (API, SSE, web)
    CHANNEL = "channel"  # an outbound channel (a robot's group chat, a webhook): readers unknown


def audience_of(viewer: Any) -> Audience:
    return Audience.STAFF if bool(getattr(viewer, "is_staff", False)) else Audience.USER


def for_audience_all(texts: Sequence[str], audience: Audience) -> list[str]:
    """``texts`` as ``audience`` may read them: with ``MASK_ANSWERS`` on, everyone but staff reads
    placeholders instead of the sensitive values — numbered afresh across these texts together
    (one message: the same value is the same placeholder in all its parts), never the run's map."""
    if not settings.MASK_ANSWERS or audience is Audience.STAFF:
        return list(texts)
    return Masker(recognizers_from_settings()).mask_request(list(texts))


def for_audience(text: str, audience: Audience) -> str:
    return for_audience_all([text], audience)[0] if text else text


def answer_for_viewer(text: str, viewer: Any) -> str:
    """The answer as ``viewer`` (a signed-in user) may read it (``for_audience``)."""
    return for_audience(text, audience_of(viewer))
