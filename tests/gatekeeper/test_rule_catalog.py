"""Rule catalog metadata (spec "Gatekeeper SHALL expose rule catalog metadata in audit output",
"Gatekeeper rule catalog SHALL remain deterministic")."""

from __future__ import annotations

import tomllib
from importlib import resources
from pathlib import Path

import pytest

import gatekeeper
from gatekeeper import (
    DEFAULT_CATALOG,
    DEFAULT_RULE_SET_VERSION,
    EVIDENCE_EXCERPT_MISMATCH,
    EVIDENCE_STALE_SUPPORT,
    RULE_ORDER,
    SCHEMA_EXECUTOR_V2,
    fallback_result,
    load_catalog,
)
from gatekeeper.catalog import DEFAULT_RULES, catalog_from_data
from gatekeeper.fallback import WARN_FALLBACK
from tests.gatekeeper.builders import (
    claim,
    contract,
    example_contract,
    example_invocations,
    with_contract,
)

EXPECTED_SEVERITIES = {
    "schema.executor_v2": "reject",
    "evidence.invocation_ref": "reject",
    "evidence.stale_support": "low_confid",
    "evidence.refs_unavailable": "low_confid",
    "evidence.raw_path_missing": "low_confid",
    "evidence.raw_path": "reject",
    "evidence.excerpt_mismatch": "reject",
}


def _catalog_text() -> str:
    return resources.files("gatekeeper").joinpath("rules.toml").read_text(encoding="utf-8")


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "rules.toml"
    path.write_text(text, encoding="utf-8")
    return path


def _assert_metadata(result: gatekeeper.GatekeeperResult) -> None:
    dumped = result.model_dump()
    assert dumped["rule_set_version"] == DEFAULT_RULE_SET_VERSION
    assert [rule["id"] for rule in dumped["rules"]] == list(RULE_ORDER)
    for rule in dumped["rules"]:
        assert set(rule) == {"id", "description", "enabled", "default_severity", "params"}
        assert rule["description"] and rule["enabled"] is True
        assert rule["default_severity"] == EXPECTED_SEVERITIES[rule["id"]]


def test_gatekeeper_pass_includes_rule_metadata():
    result = gatekeeper.check(example_contract(), example_invocations())
    assert result.status == "pass"
    _assert_metadata(result)


def test_gatekeeper_fail_includes_rule_metadata():
    for data in (with_contract(source_invocation_id="inv_9"), "not json at all"):
        result = gatekeeper.check(data, example_invocations())
        assert result.status == "fail"
        _assert_metadata(result)


def test_gatekeeper_fallback_pass_includes_rule_metadata():
    result = fallback_result()
    assert (result.status, result.severity) == ("pass", "none")
    _assert_metadata(result)
    assert result.checked_bindings == [] and result.failed_rules == [] and result.errors == []
    assert result.warnings == [WARN_FALLBACK]  # a fallback pass stays distinguishable from a real one


def test_result_shape_is_design_5_2():
    dumped = gatekeeper.check(example_contract(), example_invocations()).model_dump()
    assert list(dumped) == [
        "status",
        "severity",
        "rule_set_version",
        "rules",
        "checked_bindings",
        "failed_rules",
        "warnings",
        "errors",
    ]
    assert set(dumped["checked_bindings"][0]) >= {
        "claim_id",
        "binding_index",
        "source_invocation_id",
        "tool_name",
        "raw_path",
        "passed",
        "severity",
        "failed_rules",
        "matched_text",
    }


def test_packaged_catalog_matches_the_builtin_defaults():
    loaded = load_catalog()
    assert loaded.load_warnings == ()
    assert loaded.rule_set_version == DEFAULT_RULE_SET_VERSION
    assert loaded.summary() == DEFAULT_CATALOG.summary()
    assert tomllib.loads(_catalog_text())["rules"] == DEFAULT_RULES


def test_catalog_params_have_the_documented_defaults():
    assert DEFAULT_CATALOG.param(EVIDENCE_EXCERPT_MISMATCH, "min_fragment_len") == 4
    assert DEFAULT_CATALOG.param(EVIDENCE_EXCERPT_MISMATCH, "max_matched_text_chars") == 500
    assert DEFAULT_CATALOG.param(SCHEMA_EXECUTOR_V2, "max_claims") == 200
    assert DEFAULT_CATALOG.param(SCHEMA_EXECUTOR_V2, "max_bindings_per_claim") == 20
    assert DEFAULT_CATALOG.param(SCHEMA_EXECUTOR_V2, "max_excerpt_chars") == 2000


_REFUSED = [
    ("unknown-top-level-key", lambda t: t + '\nhooks = ["python:os.system"]\n', "hooks"),
    (
        "unknown-rule-field",
        lambda t: t.replace(
            'default_severity = "low_confid"', 'default_severity = "low_confid"\nscript = "x"', 1
        ),
        "script",
    ),
    (
        "unknown-rule-id",
        lambda t: (
            t
            + '\n[rules."evidence.custom"]\ndescription = "x"\nenabled = true\ndefault_severity = "reject"\n'
        ),
        "unknown rule id",
    ),
    (
        "non-literal-param",
        lambda t: t.replace("min_fragment_len = 4", 'min_fragment_len = "2 * 2"'),
        "min_fragment_len",
    ),
    (
        "bool-as-int",
        lambda t: t.replace("min_fragment_len = 4", "min_fragment_len = true"),
        "min_fragment_len",
    ),
    (
        "float-param",
        lambda t: t.replace("min_fragment_len = 4", "min_fragment_len = 4.5"),
        "min_fragment_len",
    ),
    (
        "table-as-description",
        lambda t: t.replace(
            'description = "The referenced invocation was deduped',
            'description = { code = "x" }\nnote = "',
            1,
        ),
        "description",
    ),
    (
        "datetime-version",
        lambda t: t.replace(
            'rule_set_version = "gatekeeper-rules-2026.11.1"', "rule_set_version = 2026-11-28T10:00:00Z"
        ),
        "rule_set_version",
    ),
    (
        "unknown-param",
        lambda t: t.replace("min_fragment_len = 4", "min_fragment_len = 4, eval = 1"),
        "unknown parameter",
    ),
    ("param-out-of-bounds", lambda t: t.replace("min_fragment_len = 4", "min_fragment_len = 0"), "outside"),
    (
        "bad-severity",
        lambda t: t.replace('default_severity = "low_confid"', 'default_severity = "none"', 1),
        "default_severity",
    ),
    (
        "schema-severity-downgraded",
        lambda t: t.replace('default_severity = "reject"', 'default_severity = "low_confid"', 1),
        "must stay 'reject'",
    ),
    (
        "mandatory-rule-disabled",
        lambda t: t.replace("enabled = true", "enabled = false", 1),
        "cannot be disabled",
    ),
    ("rule-missing", lambda t: t[: t.index('[rules."evidence.excerpt_mismatch"]')], "not described"),
    ("toml-syntax-error", lambda t: t + "\n[rules\n", "Expected"),
    (
        "bad-version-string",
        lambda t: t.replace('"gatekeeper-rules-2026.11.1"', '"{{ version }}"'),
        "rule_set_version",
    ),
]


@pytest.mark.parametrize(
    ("mutate", "reason"), [(m, r) for _, m, r in _REFUSED], ids=[i for i, _, _ in _REFUSED]
)
def test_rule_metadata_is_lightweight(tmp_path, mutate, reason):
    """Only literal metadata is accepted; anything else refuses the file, falls back to the
    defaults and says so in every result."""
    catalog = load_catalog(_write(tmp_path, mutate(_catalog_text())))
    assert catalog.summary() == DEFAULT_CATALOG.summary()
    assert len(catalog.load_warnings) == 1
    warning = catalog.load_warnings[0]
    assert warning.startswith(f"rule catalog {tmp_path / 'rules.toml'} refused (") and reason in warning
    assert warning.endswith(f"using built-in defaults {DEFAULT_RULE_SET_VERSION}")
    result = gatekeeper.check(example_contract(), example_invocations(), catalog=catalog)
    assert result.status == "warn"
    assert result.warnings == [warning]
    assert [rule.id for rule in result.rules] == list(RULE_ORDER)


def test_missing_catalog_file_falls_back_to_defaults(tmp_path):
    catalog = load_catalog(tmp_path / "absent.toml")
    assert catalog.rule_set_version == DEFAULT_RULE_SET_VERSION
    assert "refused" in catalog.load_warnings[0]


def test_catalog_metadata_is_plain_data():
    for meta in DEFAULT_CATALOG.rules.values():
        for value in meta.model_dump().values():
            assert isinstance(value, (str, bool, dict))
        assert all(type(v) is int for v in meta.params.values())


def test_disabled_stale_support_rule_is_skipped_and_reported(tmp_path):
    text = _catalog_text().replace(
        '[rules."evidence.stale_support"]\ndescription = "The referenced invocation was deduped: it brought no new evidence in this run."\nenabled = true',
        '[rules."evidence.stale_support"]\ndescription = "The referenced invocation was deduped: it brought no new evidence in this run."\nenabled = false',
    )
    catalog = load_catalog(_write(tmp_path, text))
    assert catalog.load_warnings == ()
    invocations = example_invocations()
    invocations[0]["status"] = "deduped"
    result = gatekeeper.check(with_contract(), invocations, catalog=catalog)
    assert (result.status, result.failed_rules) == ("pass", [])
    assert {rule.id: rule.enabled for rule in result.rules}[EVIDENCE_STALE_SUPPORT] is False


def test_catalog_params_drive_the_checks():
    data = {
        "rule_set_version": "strict-2026.12",
        "rules": {
            **DEFAULT_RULES,
            SCHEMA_EXECUTOR_V2: {**DEFAULT_RULES[SCHEMA_EXECUTOR_V2], "params": {"max_claims": 1}},
            EVIDENCE_EXCERPT_MISMATCH: {
                **DEFAULT_RULES[EVIDENCE_EXCERPT_MISMATCH],
                "params": {"min_fragment_len": 12},
            },
        },
    }
    catalog = catalog_from_data(data)
    assert (
        catalog.param(SCHEMA_EXECUTOR_V2, "max_bindings_per_claim") == 20
    )  # unspecified params keep defaults
    two_claims = gatekeeper.check(contract(claim("c1"), claim("c2")), example_invocations(), catalog=catalog)
    assert two_claims.failed_rules == [SCHEMA_EXECUTOR_V2]
    assert two_claims.rule_set_version == "strict-2026.12"
    short = gatekeeper.check(
        with_contract(evidence_excerpt="waiting=37"), example_invocations(), catalog=catalog
    )
    assert short.failed_rules == [EVIDENCE_EXCERPT_MISMATCH]
    assert (
        gatekeeper.check(with_contract(evidence_excerpt="waiting=37"), example_invocations()).status == "pass"
    )


def test_catalog_cannot_be_loaded_from_a_mapping_with_code(tmp_path):
    # Even a Python object smuggled into data is refused: values must be literals.
    data = {"rule_set_version": DEFAULT_RULE_SET_VERSION, "rules": {**DEFAULT_RULES}}
    data["rules"][SCHEMA_EXECUTOR_V2] = {**DEFAULT_RULES[SCHEMA_EXECUTOR_V2], "description": print}
    with pytest.raises(ValueError, match="description"):
        catalog_from_data(data)
