"""tool_specs(): OpenAI `tools` entries built from the argument models."""

from __future__ import annotations

from diagnosis.tools.registry import EVIDENCE_TOOL_NAMES, TOOLS, tool_specs


def by_name():
    return {spec["function"]["name"]: spec for spec in tool_specs()}


def test_every_tool_has_a_function_spec_with_an_object_schema():
    specs = by_name()
    assert set(specs) == {"lookup_knowledge", "query_logs", "query_metrics", "query_k8s", "get_current_time"}
    for spec in specs.values():
        assert spec["type"] == "function"
        assert spec["function"]["description"]
        parameters = spec["function"]["parameters"]
        assert parameters["type"] == "object"
        assert parameters["additionalProperties"] is False


def test_parameters_follow_design_section_7():
    specs = by_name()
    knowledge = specs["lookup_knowledge"]["function"]["parameters"]
    assert knowledge["required"] == ["query"]
    assert knowledge["properties"]["top_k"] == {
        "default": 5, "description": "How many chunks to return", "maximum": 10, "minimum": 1, "type": "integer"
    }  # fmt: skip
    logs = specs["query_logs"]["function"]["parameters"]
    assert set(logs["properties"]) == {"service", "level", "max_level", "keyword", "any_keyword", "start", "end", "limit",
                                       "instance", "group", "baseline_start"}
    assert logs["properties"]["group"]["const"] == "template"
    assert "required" not in logs
    assert (
        logs["properties"]["start"]["type"] == "string"
        and logs["properties"]["start"]["format"] == "date-time"
    )
    metrics = specs["query_metrics"]["function"]["parameters"]
    assert set(metrics["properties"]) == {"service", "alert_name", "metric", "start", "end"}
    assert specs["get_current_time"]["function"]["parameters"]["properties"] == {}


def test_schemas_are_plain_json_schema_without_titles_or_null_unions():
    text = str(tool_specs())
    assert "anyOf" not in text and "'title'" not in text


def test_a_subset_can_be_requested_and_the_evidence_flags_are_set():
    assert [s["function"]["name"] for s in tool_specs(["query_logs", "nope"])] == ["query_logs"]
    assert EVIDENCE_TOOL_NAMES == {"lookup_knowledge", "query_logs", "query_metrics", "query_k8s"}
    assert TOOLS["get_current_time"].evidence_bearing is False
