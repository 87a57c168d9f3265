"""Writes to the ``self_evaluation`` container: one channel at a time, never the whole object.

Read-modify-write under a row lock inside a transaction (spec 000 "no whole-object overwrite
after initialization"): two writers of different channels — or of the same one — serialise on
the run row, so neither loses the other's update. The whole object is created only when the
column is still null.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from uuid import UUID

from django.db import transaction
from pydantic import BaseModel

from diagnosis.models import DiagnosisRun
from diagnosis.schemas.self_evaluation import CHANNEL_MODELS, SelfEvaluation

ChannelValue = BaseModel | dict[str, Any]


def _validate_channel(channel: str, value: ChannelValue) -> dict[str, Any]:
    if not channel or not isinstance(channel, str):
        raise ValueError("channel must be a non-empty string")
    model = CHANNEL_MODELS.get(channel)
    if isinstance(value, BaseModel):
        data = value.model_dump(mode="json")
    else:
        data = dict(value)
    if model is not None:
        data = model.model_validate(data).model_dump(mode="json")
    return data


def self_evaluation_update_channel(
    *,
    run_id: UUID | str,
    channel: str,
    value: ChannelValue | None = None,
    mutate: Callable[[dict[str, Any] | None], ChannelValue] | None = None,
) -> SelfEvaluation:
    """Replace one channel (``value``) or transform it (``mutate(old) -> new``) under a row lock.

    Every other key of the container is kept as it is in the database at lock time.
    """
    if (value is None) == (mutate is None):
        raise ValueError("pass exactly one of value= or mutate=")
    with transaction.atomic():
        current = (
            DiagnosisRun.objects.select_for_update().filter(pk=run_id).values_list("self_evaluation", flat=True).get()
        )
        container, validated = self_evaluation_apply(
            current, {channel: mutate if mutate is not None else (lambda _old: value)}  # type: ignore[misc]
        )
        DiagnosisRun.objects.filter(pk=run_id).update(self_evaluation=container)
    return validated


ChannelMutation = Callable[[dict[str, Any] | None], ChannelValue | None]


def self_evaluation_apply(
    current: Any, mutations: dict[str, ChannelMutation]
) -> tuple[dict[str, Any], SelfEvaluation]:
    """Pure: the container ``current`` (as read under the row lock) with each channel replaced by
    ``mutate(old)``, validated. Callers hold the lock and write the result in the same
    transaction (``self_evaluation_update_channel``, the run finaliser)."""
    container: dict[str, Any] = dict(current) if isinstance(current, dict) else {}
    for channel, mutate in mutations.items():
        new_value = mutate(container.get(channel))
        if new_value is None:
            raise ValueError(f"mutate() returned None for channel {channel!r}")
        container[channel] = _validate_channel(channel, new_value)
    # Validate the whole container on the way out; unknown channels survive (extra="allow").
    return container, SelfEvaluation.model_validate(container)


def self_evaluation_read(*, run_id: UUID | str) -> SelfEvaluation:
    raw = DiagnosisRun.objects.filter(pk=run_id).values_list("self_evaluation", flat=True).get()
    return SelfEvaluation.model_validate(raw or {})
