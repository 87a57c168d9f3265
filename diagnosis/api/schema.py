"""drf-spectacular extensions: the OpenAPI shapes of the API's own request fields.

Loaded by ``diagnosis.api.views`` (drf-spectacular finds extensions by subclassing, so the module
only has to be imported before the schema is generated). Each extension documents exactly what
the class it targets enforces, so schemathesis (tests/api/test_schemathesis.py) finds no gap:

- every ``StrictSerializer`` refuses undeclared keys → ``additionalProperties: false``;
- every ``TextField`` → ``string`` with ``minLength`` 1, ``maxLength`` (counted as sent) and
  ``TEXT_PATTERN`` (no NUL, not only whitespace).
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.extensions import OpenApiSerializerExtension, OpenApiSerializerFieldExtension

from diagnosis.api.serializers import TEXT_PATTERN


class StrictSerializerExtension(OpenApiSerializerExtension):
    target_class = "diagnosis.api.serializers.StrictSerializer"
    match_subclasses = True

    def map_serializer(self, auto_schema: Any, direction: Any) -> dict[str, Any]:
        schema = auto_schema._map_serializer(self.target, direction, bypass_extensions=True)
        schema["additionalProperties"] = False
        return schema


class TextFieldExtension(OpenApiSerializerFieldExtension):
    target_class = "diagnosis.api.serializers.TextField"
    match_subclasses = True

    def map_serializer_field(self, auto_schema: Any, direction: Any) -> dict[str, Any]:
        return {"type": "string", "minLength": 1, "maxLength": self.target.max_chars, "pattern": TEXT_PATTERN}
