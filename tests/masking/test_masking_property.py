"""The masker alone, over every secret kind in every disguise (issue 25 item 4): whether the secret
sits in a log line inside a tool result, in the question, or in the question's split terms, the
masked request carries neither its value, nor its disguised spelling, nor a piece of it standing
alone — and unmasking gives back exactly what was masked where a whole value was replaced. (The same secrets go through whole runs
against the fake model server in ``test_secrets_never_reach_the_model``.)"""

from __future__ import annotations

import json

from hypothesis import given, settings

from diagnosis.masking.masker import Masker
from diagnosis.reading.asking import dimension_terms
from tests.masking.disguises import disguised, leaks, strings_of


def _request(text: str) -> list[str]:
    question = f"payment-service 10:05 开始大量 500，{text} 原因是什么？"
    terms = dimension_terms(question, [])  # the question split into terms, as the planner node does
    log = f"2026-11-28 10:05:30 payment-service ERROR login failed for {text} (upstream refused)"
    return [
        "你是诊断助手。",
        json.dumps({"question": question, "plan": {"asked": {"dimension": {"terms": terms}}}}, ensure_ascii=False),
        json.dumps({"tool_name": "query_logs", "evidence_refs": [{"raw_path": "/records/0", "text": log}]}, ensure_ascii=False),
        json.dumps({"tool_name": "query_logs", "evidence_refs": [{"text": log}]}),  # \\u-escaped
    ]


@settings(max_examples=400, deadline=None)
@given(case=disguised())
def test_no_secret_survives_masking_in_any_disguise_or_any_part_of_a_request(case):
    secret, disguise, text = case
    request = _request(text)
    masker = Masker()
    sent = masker.mask_request(request)
    found = leaks([s for message in sent for s in strings_of(message)], secret, text)
    assert not found, f"{secret.kind} ({disguise}: {text!r}) survived: {ascii(found[0][:300])}"
    # Unmasking is exact wherever a whole value was replaced (a piece standing alone unmasks to
    # the whole value it came from, so the terms list is left out).
    assert [masker.unmask(sent[i]) for i in (0, 2)] == [request[i] for i in (0, 2)]
