"""A run's model usage per role (``DiagnosisRun.token_usage``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import BaseModel, ConfigDict, SerializerFunctionWrapHandler, model_serializer


class RoleUsage(BaseModel):
    """One role's model usage in a run (``DiagnosisRun.token_usage[role]``, ``run_budget.usage``).
    ``estimated_calls`` — calls whose figures are estimates (the server reported none) — is
    present only when there was one, as it always was in the persisted shape."""

    model_config = ConfigDict(extra="allow")

    prompt_tokens: int = 0
    completion_tokens: int = 0
    calls: int = 0
    estimated_calls: int | None = None

    @model_serializer(mode="wrap")
    def _dump(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        data: dict[str, Any] = handler(self)
        if data.get("estimated_calls") is None:
            data.pop("estimated_calls", None)
        return data

    @property
    def tokens(self) -> int:
        return self.prompt_tokens + self.completion_tokens


def usage_dump(usage: Mapping[str, RoleUsage]) -> dict[str, dict[str, int]]:
    """The per-role usage as persisted (``token_usage``)."""
    return {role: values.model_dump(mode="json") for role, values in usage.items()}
