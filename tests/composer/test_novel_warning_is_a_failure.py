"""A warning is a failure by what it says or by its novelty against its own baseline (issue 32
item 1): a grouped read's line whose template the baseline never showed counts as anomalous,
whatever its words; the same words seen in the baseline do not."""

from __future__ import annotations

from contracts.elements import LogRecord
from diagnosis.composer.facts import claim_facts
from tests.projection import verified_output

LINE = {"timestamp": "2026-12-14T14:05:51+08:00", "service": "k8s-nodes", "level": "WARN", "instance": "node-06",
        "message": "kernel: nf_conntrack: table full, dropping packet", "trace_id": ""}
CLAIM = verified_output({"claims": [{"claim_id": "c1", "claim_type": "observation"}]}).claims[0]


def test_a_warning_whose_template_the_baseline_never_showed_is_anomalous():
    facts = claim_facts(CLAIM, [LogRecord.model_validate({**LINE, "in_window": 36, "in_baseline": 0})])
    assert facts.anomalous


def test_the_same_warning_seen_in_the_baseline_is_not():
    assert not claim_facts(CLAIM, [LogRecord.model_validate({**LINE, "in_window": 36, "in_baseline": 40})]).anomalous
    assert not claim_facts(CLAIM, [LogRecord.model_validate(LINE)]).anomalous  # a plain read says nothing of it
