"""How the Executor's final content was classified (``verifier_evaluation.executor_output_parse_status``).

One model for the shape the executor node writes, the router reads and the audit persists. The
keys are the persisted ones: ``declares_v2`` only on an ``invalid`` classification, ``warnings``
not on a technical ``failed`` — absent keys stay absent in the dump (``model_dump`` drops the
unset optional fields), so stored audits keep their shape.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, SerializerFunctionWrapHandler, model_serializer

PARSE_VALID = "valid"
PARSE_INVALID = "invalid"
PARSE_FAILED = "failed"


class ExecutorParseStatus(BaseModel):
    model_config = ConfigDict(extra="allow", frozen=True)

    status: Literal["valid", "invalid", "failed"]
    #: ``valid``, a ``gatekeeper.parse_contract`` status (``not_json``, ``schema_error`` …) or ``agent_error``.
    kind: str = ""
    #: Only on ``invalid``: the object declares ``executor_evidence_v2`` (the Gatekeeper judges it).
    declares_v2: bool | None = None
    errors: list[str] = Field(default_factory=list)
    warnings: list[str] | None = None

    @model_serializer(mode="wrap")
    def _dump(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        data: dict[str, Any] = handler(self)
        return {k: v for k, v in data.items() if not (v is None and k in ("declares_v2", "warnings"))}

    @property
    def is_valid(self) -> bool:
        return self.status == PARSE_VALID

    @property
    def is_failed(self) -> bool:
        return self.status == PARSE_FAILED

    @property
    def is_v2_schema_error(self) -> bool:
        """A v2 object that breaks the schema: the Gatekeeper's schema rule judges it."""
        return self.kind == "schema_error" and bool(self.declares_v2)
