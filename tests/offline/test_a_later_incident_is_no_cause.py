"""A later incident is no cause (issue 32 item 5, ``selection.of_the_symptom``): of the evidence
for a cause question, a trouble that began after every piece of evidence of the asked symptom had
ended — its lines stopped, its alerts resolved — and shows nothing asked belongs to another
incident and is left out; while the symptom's evidence lasts, nothing is. A question joining two
services (A 和 B) may ask about two incidents: both are answered (``entities.joined_mentions``)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from hypothesis import given
from hypothesis import strategies as st

from contracts.reading import ServiceMention
from diagnosis.agents.offline.refs import Ref
from diagnosis.agents.offline.selection import Candidate, Focus, of_the_symptom
from diagnosis.reading.entities import joined_mentions

ONSET = datetime(2027, 3, 1, 11, 3, tzinfo=UTC)
TIMEOUT = Focus(frozenset({"timeout"}))


def line(at: datetime, service: str, message: str, symptoms: frozenset[str] = frozenset(), n: int = 0) -> Ref:
    element = {"timestamp": at.isoformat(), "service": service, "level": "ERROR", "message": message}
    return Ref("inv_1", "query_logs", 1, f"/records/{n}", message, "log", element, service, "ERROR",
               at.strftime("%H:%M:%S"), symptoms)  # fmt: skip


def alert(start: datetime, end: datetime | None, service: str, name: str, symptoms: frozenset[str] = frozenset()) -> Ref:
    element = {"name": name, "service": service, "starts_at": start.isoformat(),
               "ends_at": end.isoformat() if end else None, "state": "resolved" if end else "firing",
               "severity": "warning", "value": "1", "summary": name}  # fmt: skip
    return Ref("inv_2", "query_metrics", 1, f"/alerts/{name}", name, "alert", element, service, symptoms=symptoms)


def group(first: Ref, last: Ref) -> Candidate:
    return Candidate("log", [first, last], 10.0, first.clock)


def timeouts(minutes: int) -> Candidate:
    return group(line(ONSET, "perm", "pool timed out", frozenset({"timeout"}), 0),
                 line(ONSET + timedelta(minutes=minutes), "perm", "pool timed out", frozenset({"timeout"}), 1))


def test_a_trouble_beginning_after_the_symptom_ended_is_another_incident():
    seat = group(line(ONSET + timedelta(minutes=40), "editor", "SEAT_LIMIT_EXCEEDED", n=2),
                 line(ONSET + timedelta(minutes=50), "editor", "SEAT_LIMIT_EXCEEDED", n=3))
    assert of_the_symptom([timeouts(15), seat], TIMEOUT) == [timeouts(15)]


def test_a_trouble_beginning_while_the_symptom_lasts_stays():
    pool = group(line(ONSET + timedelta(minutes=5), "db", "too many connections", n=2),
                 line(ONSET + timedelta(minutes=9), "db", "too many connections", n=3))
    assert of_the_symptom([timeouts(15), pool], TIMEOUT) == [timeouts(15), pool]


def test_a_firing_alert_of_the_symptom_means_it_has_not_ended():
    firing = Candidate("alert", [alert(ONSET, None, "perm", "PermissionLatencyHigh", frozenset({"timeout"}))], 10.0, "")
    later = group(line(ONSET + timedelta(hours=3), "editor", "SEAT_LIMIT_EXCEEDED", n=2),
                  line(ONSET + timedelta(hours=3), "editor", "SEAT_LIMIT_EXCEEDED", n=3))
    assert of_the_symptom([timeouts(15), firing, later], TIMEOUT) == [timeouts(15), firing, later]


def test_with_no_evidence_of_the_symptom_nothing_is_left_out():
    a = group(line(ONSET, "a", "x failed", n=0), line(ONSET, "a", "x failed", n=1))
    b = group(line(ONSET + timedelta(hours=2), "b", "y failed", n=2), line(ONSET + timedelta(hours=2), "b", "y failed", n=3))
    assert of_the_symptom([a, b], TIMEOUT) == [a, b]


@given(st.lists(st.integers(0, 240), min_size=1, max_size=6), st.integers(1, 60))
def test_what_is_kept_is_the_symptom_and_what_began_before_it_ended(starts, lasted):
    others = [group(line(ONSET + timedelta(minutes=m), f"s{i}", "boom", n=10 + 2 * i),
                    line(ONSET + timedelta(minutes=m + 1), f"s{i}", "boom", n=11 + 2 * i)) for i, m in enumerate(starts)]
    symptom = timeouts(lasted)
    kept = of_the_symptom([symptom, *others], TIMEOUT)
    assert kept[0] == symptom
    assert all((c in kept) == (m <= max(lasted, 15)) for c, m in zip(others, starts, strict=True))


def _mention(question: str, text: str, name: str) -> ServiceMention:
    return ServiceMention(name=name, known=True, text=text, start=question.index(text))


def test_two_services_joined_by_and_are_both_asked_about():
    q = "线路服务和车次服务下午都出了什么问题？"
    assert joined_mentions(q, [_mention(q, "线路服务", "route"), _mention(q, "车次服务", "train")])
    q2 = "十一点出头打开文档一直转圈，最后报权限校验超时，权限服务咋了？"
    assert not joined_mentions(q2, [_mention(q2, "打开文档", "editor"), _mention(q2, "权限服务", "perm")])
    q3 = "订单服务、支付服务分别几点开始报错？"
    assert joined_mentions(q3, [_mention(q3, "订单服务", "order")])


def test_an_alert_that_began_with_the_symptom_stays_however_soon_its_lines_stopped():
    one_line = group(line(ONSET, "pay", "HTTP 500", frozenset({"timeout"}), 0), line(ONSET, "pay", "HTTP 500", frozenset({"timeout"}), 1))
    firing = Candidate("alert", [alert(ONSET + timedelta(minutes=1), None, "pay", "HighErrorRate")], 10.0, "")
    assert of_the_symptom([one_line, firing], TIMEOUT) == [one_line, firing]
