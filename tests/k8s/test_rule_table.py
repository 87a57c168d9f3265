"""The analyzer rule table is data checked when it is read: a malformed rule is refused naming it;
the analyzer table in docs/OFFLINE_ANALYSIS.md is the packaged table's."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import ValidationError

from diagnosis.k8s_analysis.rules import load_rules, markdown_table, parse_rules

DOC = Path(__file__).resolve().parents[2] / "docs" / "OFFLINE_ANALYSIS.md"
RULE = {"id": "x_rule", "analyzer": "pod", "checks": "x", "kind": "pods", "severity": "warning",
        "when": [{"field": "phase", "equals": "Pending"}], "blames": {"kind": "Pod", "name": "{name}", "field": "spec"},
        "text": "Pod {name}"}  # fmt: skip


def test_the_packaged_table_loads_one_rule_per_id():
    rules = load_rules()
    assert len(rules) == len({r.id for r in rules}) >= 40
    assert {r.analyzer for r in rules} >= {"pod", "deployment", "replicaset", "service", "pvc", "node", "ingress",
                                           "hpa", "networkpolicy", "cronjob", "statefulset"}  # fmt: skip


def test_the_offline_analysis_doc_lists_every_analyzer_rule():
    assert markdown_table(load_rules()) in DOC.read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("change", "needle"),
    [
        ({"severity": "fatal"}, "severity"),
        ({"kind": "gadgets"}, "unknown kind 'gadgets'"),
        ({"requires": ["widgets"]}, "unknown kind 'widgets'"),
        ({"unless": ["later_rule"]}, "not earlier in the table"),
        ({"when": [{"field": "phase", "equals": "Pending", "contains": ["x"]}]}, "exactly one test"),
        ({"when": [{"field": "phase", "stretches": 1}]}, "stretches"),
        ({"when": [{"any": "events", "field": "phase", "equals": "x"}]}, "exactly one of field / any / none / either"),
        ({"colour": "red"}, "colour"),
    ],
)
def test_a_malformed_rule_is_refused(change, needle):
    with pytest.raises(ValidationError) as caught:
        parse_rules({"rule": [{**RULE, **change}]})
    assert needle in str(caught.value)


def test_an_id_may_not_repeat():
    with pytest.raises(ValidationError, match="the id repeats"):
        parse_rules({"rule": [RULE, RULE]})
