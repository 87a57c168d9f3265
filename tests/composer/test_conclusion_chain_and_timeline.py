"""The chain of a conclusion and the timeline, told the way an engineer reads them (issue 24 item 2):
a WARN line logged seconds before the onset (a failover) joins the chain though no symptom word marks
it; a failure that began long before the onset is background, not a step of this one; one onset said
by an alert, a series and a line of one service is one timeline entry. Pure."""

from __future__ import annotations

from contracts.asked import Asked
from contracts.composer import ClaimFacts, ComposerMaterial
from diagnosis.composer.answer import build_timeline
from diagnosis.composer.conclusion import compose_conclusion

WINDOW = {"start": "2026-11-27T14:00:00+08:00", "end": "2026-11-27T15:00:00+08:00"}


def _material(*claims: tuple[ClaimFacts, str]) -> ComposerMaterial:
    return ComposerMaterial(
        question="user-service 为什么慢？", route="pass", verdict="PASS",
        asked=Asked.model_validate({"kind": "cause", "services": ["user-service"], "window": WINDOW}),
        confirmed=[{"claim_id": f.claim_id, "text": text, "evidence": [{"matched_text": text}]} for f, text in claims],
        facts=[f for f, _ in claims],
    )


SLOW = (ClaimFacts(claim_id="c1", kind="log", service="user-service", at="2026-11-27T14:20:12+08:00", level="ERROR",
                   anomalous=True, symptoms=["latency", "timeout"], line="POST /api/user/login -> 500 (2004ms)"),
        "user-service 14:20:12 ERROR POST /api/user/login -> 500 (2004ms)")
FAILOVER = (ClaimFacts(claim_id="c2", kind="log", service="user-service", at="2026-11-27T14:19:48+08:00", level="WARN",
                       line="Redis Sentinel: +switch-master mymaster 10.42.5.11 6379 10.42.5.12 6379"),
            "user-service 14:19:48 WARN Redis Sentinel: +switch-master mymaster 10.42.5.11 6379 10.42.5.12 6379")
OLD = (ClaimFacts(claim_id="c3", kind="log", service="user-service", at="2026-11-27T13:10:00+08:00", level="ERROR",
                  anomalous=True, symptoms=["error"], line="nightly export failed"),
       "user-service 13:10:00 ERROR nightly export failed")


def test_a_warn_line_just_before_the_onset_joins_the_chain_with_its_head_quoted():
    text = " ".join(s.text for s in compose_conclusion(_material(SLOW, FAILOVER)))
    assert "14:19:48" in text and "「Redis Sentinel: +switch-master mymaster 10.42.5.11 6379 10.42.5.12 6379」" in text


def test_a_failure_begun_long_before_the_onset_is_not_a_step_of_its_chain():
    text = " ".join(s.text for s in compose_conclusion(_material(SLOW, OLD)))
    assert "13:10" not in text and "nightly export failed" not in text


def test_one_onset_said_by_an_alert_a_series_and_a_line_is_one_timeline_entry():
    alert = ClaimFacts(claim_id="a1", kind="alert", service="user-service", at="2026-11-27T14:20:00+08:00",
                       anomalous=True, name="RedisLatencyHigh", symptoms=["latency", "timeout"])
    series = ClaimFacts(claim_id="s1", kind="series", service="user-service", at="2026-11-27T14:20:00+08:00",
                        anomalous=True, name="redis_command_p99_ms", symptoms=["latency"])
    m = _material((alert, "告警 RedisLatencyHigh"), (series, "redis_command_p99_ms"), SLOW)
    labels = {"a1": "延迟、超时", "s1": "延迟", "c1": "延迟、超时"}
    onsets = [e for e in build_timeline(m, labels, "2026-11-27") if e.kind == "onset"]
    assert [e.claim_id for e in onsets] == ["a1"]


def test_a_listing_of_kubernetes_objects_leads_with_their_names():
    pods = [(ClaimFacts(claim_id=f"c{i}", kind="k8s", service="shippingservice", name=name, anomalous=True),
             f"shippingservice 的 Pod {name} 未就绪（阶段 Pending）") for i, name in
            enumerate(("shippingservice-8c7d6b5f4-p5r8t", "shippingservice-8c7d6b5f4-z3k6v"), start=1)]
    m = _material(*pods).model_copy(update={"asked": Asked.model_validate({"kind": "listing", "window": WINDOW})})
    (sentence,) = compose_conclusion(m)
    assert "（2 个）" in sentence.text and "shippingservice-8c7d6b5f4-z3k6v" in sentence.text
    assert sentence.claims == ["c1", "c2"]
