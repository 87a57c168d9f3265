"""The offline Verifier never crashes: any input is either rejected as a non-retryable
``verifier_input_invalid`` AgentError or answered with exactly one protocol-valid JSON object."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from diagnosis.agents.base import AgentContext, AgentError
from diagnosis.agents.offline import build_provider
from diagnosis.verification.protocol import parse_verifier_reply

_json = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=30),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=10), children, max_size=4)
    ),
    max_leaves=20,
)
_claim = st.fixed_dictionaries(
    {
        "claim_id": st.one_of(st.text(max_size=5), st.integers()),
        "claim_text": st.one_of(st.text(max_size=80), _json),
    },
    optional={"claim_type": st.sampled_from(["observation", "impact", "root_cause", "x"])},
)
_evidence = st.fixed_dictionaries(
    {"claim_id": st.text(max_size=5), "matched_text": st.one_of(st.text(max_size=120), st.none())},
    optional={
        "source_invocation_id": st.text(max_size=6),
        "tool_name": st.text(max_size=12),
        "raw_path": st.text(max_size=8),
    },
)
_payload = st.fixed_dictionaries(
    {
        "diagnosis_context": st.one_of(
            st.fixed_dictionaries({"original_query": st.text(max_size=60)}), _json
        ),
        "verified_executor_output": st.one_of(
            st.fixed_dictionaries(
                {"claims": st.lists(st.one_of(_claim, _json), max_size=5)},
                optional={
                    "missing_info": st.lists(
                        st.one_of(st.fixed_dictionaries({"item": st.text(max_size=20)}), _json)
                    )
                },
            ),
            _json,
        ),
        "verified_evidence": st.one_of(st.lists(st.one_of(_evidence, _json), max_size=6), _json),
        "verdict_ceiling": st.one_of(st.sampled_from(["PASS", "LOW_CONFID"]), _json),
    }
)


@settings(max_examples=300, deadline=None)
@given(payload=st.one_of(_payload, _json), raw=st.booleans())
def test_any_input_is_rejected_cleanly_or_answered_with_a_valid_reply(payload, raw):
    text = json.dumps(payload, ensure_ascii=False) if not raw or not isinstance(payload, str) else payload
    try:
        reply = build_provider().verifier.verify(text, AgentContext(run_id="r"))
    except AgentError as exc:
        assert exc.retryable is False and exc.reason == "verifier_input_invalid"
        return
    output = payload["verified_executor_output"]
    claims = [c for c in output.get("claims", []) if isinstance(c, dict)]
    evidence = [e for e in payload["verified_evidence"] if isinstance(e, dict)]
    parsed = parse_verifier_reply(reply, verified_claims=claims, verified_evidence=evidence, queries={})
    assert parsed.ok, (parsed.reason, parsed.errors, reply)
