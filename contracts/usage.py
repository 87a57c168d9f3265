"""A run's model usage per role (``DiagnosisRun.token_usage``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import BaseModel, ConfigDict, SerializerFunctionWrapHandler, model_serializer


class RoleUsage(BaseModel):
    """One role's model usage in a run (``DiagnosisRun.token_usage[role]``, ``run_budget.usage``).
    ``estimated_calls`` — calls whose figures are estimates (the server reported none) — is
    present only when there was one, as it always was in the persisted shape. ``output_modes``
    — the structured-output mode of each call, in call order (``json_schema``,
    ``json_object_schema``, ``json_object``, ``off``) — only for a provider that sends requests."""

    model_config = ConfigDict(extra="allow")

    prompt_tokens: int = 0
    completion_tokens: int = 0
    calls: int = 0
    estimated_calls: int | None = None
    output_modes: list[str] | None = None

    @model_serializer(mode="wrap")
    def _dump(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        data: dict[str, Any] = handler(self)
        for optional in ("estimated_calls", "output_modes"):
            if data.get(optional) is None:
                data.pop(optional, None)
        return data

    @property
    def tokens(self) -> int:
        return self.prompt_tokens + self.completion_tokens


def usage_dump(usage: Mapping[str, RoleUsage]) -> dict[str, dict[str, Any]]:
    """The per-role usage as persisted (``token_usage``)."""
    return {role: values.model_dump(mode="json") for role, values in usage.items()}
