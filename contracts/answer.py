"""What the composer (or the fallback) did (``verifier_evaluation.composer_output``, DESIGN §10.1).

One model for the shape the composer and fallback nodes write and the audit, the admin and the
evaluation read. Optional keys that a path does not produce (``leaked`` unless the leak guard
refused the answer, ``dropped_*`` on a fallback) stay absent from the dump, as they always were.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, SerializerFunctionWrapHandler, model_serializer

_OPTIONAL = ("leaked", "dropped_actions", "dropped_hypotheses", "dropped_sentences", "answer")


class ComposerOutput(BaseModel):
    model_config = ConfigDict(extra="allow", frozen=True)

    source: Literal["model", "template"]
    #: ``ok`` | ``leak`` | ``composer_failed`` | ``fallback``
    status: str
    reason: str = ""
    leaked: list[str] | None = None
    attempts: int = 0
    chars: int = 0
    route: str = ""
    #: ``{"action", "basis", "reason"}`` (DESIGN §10.1)
    dropped_actions: list[dict[str, str]] | None = None
    #: ``{"hypothesis", "runbook", "reason"}``
    dropped_hypotheses: list[dict[str, str]] | None = None
    #: Conclusion sentences the guard refused: ``{"text", "reason"}`` (issue 24).
    dropped_sentences: list[dict[str, str]] | None = None
    #: The answer a user reads (``composer.answer.Answer``, DESIGN §10.5), dumped.
    answer: dict[str, Any] | None = None

    @model_serializer(mode="wrap")
    def _dump(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        data: dict[str, Any] = handler(self)
        return {k: v for k, v in data.items() if not (v is None and k in _OPTIONAL)}
