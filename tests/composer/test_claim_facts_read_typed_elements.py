"""A claim's facts are read from its evidence elements validated once by their models
(``read_element``): the times it states are the element's times as the tool wrote them, an event
speaks for its object's service, and an element whose path has no model is not read."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from contracts.elements import AlertElement, LogRecord
from contracts.k8s import K8sEvent, K8sPersistentVolumeClaim
from diagnosis.composer.facts import claim_facts, read_element
from tests.projection import verified_output

CLAIM = verified_output({"claims": [{"claim_id": "c1", "claim_type": "observation"}]}).claims[0]
ALERT = {"name": "HighErrorRate", "service": "payment-service", "state": "resolved",
         "starts_at": "2026-11-28T10:06:00.250000+08:00", "ends_at": "2026-11-28T10:21:30+08:00", "summary": "5xx"}
EVENT = {"namespace": "shop", "type": "Warning", "reason": "BackOff", "object": "Pod/shop-api-6f8d9c7b5-x2k4p",
         "message": "Back-off restarting failed container", "count": 3,
         "first_seen": "2026-11-28T10:01:00+08:00", "last_seen": "2026-11-28T10:04:00+08:00"}


def test_the_times_of_a_claim_are_its_elements_times_as_written():
    alert = read_element("query_metrics", "/alerts/0", ALERT)
    assert isinstance(alert, AlertElement)
    facts = claim_facts(CLAIM, [alert])
    assert (facts.at, facts.ended_at) == (ALERT["starts_at"], ALERT["ends_at"])


def test_a_warning_event_speaks_for_its_objects_service():
    event = read_element("query_k8s", "/events/0", EVENT)
    assert isinstance(event, K8sEvent)
    facts = claim_facts(CLAIM, [event])
    assert (facts.kind, facts.service, facts.at, facts.anomalous) == ("k8s", "shop-api", EVENT["first_seen"], True)


def test_a_pending_volume_claim_is_anomalous():
    claim = read_element("query_k8s", "/pvcs/0", {"namespace": "shop", "name": "data-redis-0", "phase": "Pending",
                                                  "observed_at": "2026-11-28T10:00:00+08:00"})
    assert isinstance(claim, K8sPersistentVolumeClaim)
    assert claim_facts(CLAIM, [claim]).anomalous


def test_a_path_without_a_model_is_not_read_and_a_malformed_element_is_refused():
    assert read_element("query_logs", "/templates/0", {"template": "x"}) is None
    with pytest.raises(ValidationError):
        read_element("query_logs", "/records/0", {"message": "no time, no service"})
    assert isinstance(read_element("query_logs", "/records/0", {
        "timestamp": "2026-11-28T10:05:12+08:00", "service": "a", "level": "ERROR", "message": "m"}), LogRecord)


def _series(values: list[float], **kw: object) -> dict:
    points = [[f"2026-12-22T12:{i:02d}:00+08:00", v] for i, v in enumerate(values)]
    return {"name": "agent_api_requests_per_sec", "service": "ah-agent-api", "unit": "req/s", "labels": {"partner": "HXW"},
            "threshold": None, "point_count": len(values), "first_at": points[0][0], "last_at": points[-1][0],
            "min": min(values), "max": max(values), "avg": sum(values) / len(values), "last": values[-1],
            "peak_at": points[values.index(max(values))][0], "crossed_at": None, "points": points, **kw}


def test_a_series_off_its_own_level_by_a_multiple_is_anomalous_from_when_it_shifted():
    element = read_element("query_metrics", "/series/0", _series([9.0] * 20 + [171.0] * 20))
    facts = claim_facts(CLAIM, [element])
    assert facts.anomalous and facts.at == "2026-12-22T12:20:00+08:00"


def test_a_series_at_its_usual_level_with_no_threshold_is_not_anomalous():
    facts = claim_facts(CLAIM, [read_element("query_metrics", "/series/0", _series([9.0, 9.5, 8.8, 9.2] * 10))])
    assert not facts.anomalous and facts.at == ""
