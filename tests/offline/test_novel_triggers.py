"""Novelty, not vocabulary (issue 32 item 1): a log template the baseline never showed that
appeared shortly before the first anomaly is a candidate trigger whatever its words; one the
baseline showed is routine, one after the onset a consequence, one whose rate jumped a symptom."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta

from hypothesis import given
from hypothesis import strategies as st

from contracts.tools import ToolCallResult
from diagnosis.agents.offline.changes import change_refs
from diagnosis.agents.offline.novelty import LEAD, NOVEL_KIND, is_trigger, rate_jumped, triggers
from diagnosis.agents.offline.refs import Origin, Ref, first_new_line, neighbour_reads
from diagnosis.tools.templates import Line, TemplateCount, group_by_template

ONSET = datetime(2026, 12, 15, 13, 55, tzinfo=UTC)


def count(*, first_at: datetime, in_baseline: int = 0, level: str = "INFO", in_window: int = 1) -> TemplateCount:
    return TemplateCount(template="storage admin: rule add <*> bucket", in_window=in_window, in_baseline=in_baseline,
                         first_at=first_at, level=level)


def test_a_template_absent_from_the_baseline_just_before_the_onset_is_a_trigger():
    assert is_trigger(count(first_at=ONSET - timedelta(minutes=14)), ONSET)


@given(st.integers(min_value=1, max_value=10_000))
def test_a_template_the_baseline_showed_is_no_trigger_however_often(in_baseline):
    assert not is_trigger(count(first_at=ONSET - timedelta(minutes=14), in_baseline=in_baseline), ONSET)


@given(st.integers(min_value=1, max_value=6 * 3600))
def test_a_template_first_seen_after_the_onset_is_no_trigger(seconds):
    assert not is_trigger(count(first_at=ONSET + timedelta(seconds=seconds)), ONSET)


def test_a_template_first_seen_long_before_the_onset_is_no_trigger():
    assert not is_trigger(count(first_at=ONSET - LEAD - timedelta(minutes=1)), ONSET)


def test_a_new_warning_is_a_symptom_not_a_trigger():
    assert not is_trigger(count(first_at=ONSET - timedelta(minutes=5), level="WARN"), ONSET)


def test_triggers_lists_the_nearest_before_the_onset_first():
    counts = [count(first_at=ONSET - timedelta(minutes=20)), count(first_at=ONSET - timedelta(minutes=2), in_baseline=3),
              count(first_at=ONSET - timedelta(minutes=3))]
    assert triggers(counts, ONSET) == [2, 0]


def test_a_template_whose_rate_jumped_against_its_own_baseline_is_a_symptom():
    hour, six_hours = timedelta(hours=1), timedelta(hours=6)
    jumped = count(first_at=ONSET, in_baseline=60, in_window=60)  # 1/min in the window, 1/6 per min before
    usual = count(first_at=ONSET, in_baseline=360, in_window=60)  # the same rate as its baseline
    assert rate_jumped(jumped, hour, six_hours)
    assert not rate_jumped(usual, hour, six_hours)
    assert not rate_jumped(count(first_at=ONSET, in_window=500), hour, six_hours)  # new: a trigger's matter, not a jump


def line(minute: int, message: str, level: str = "INFO") -> Line:
    return Line(ONSET + timedelta(minutes=minute), level, message)


def test_grouping_counts_each_template_in_the_window_and_in_the_baseline_new_ones_first():
    baseline = [line(-300 + i, f"GET /reports/{i}/pdf 200 took={10 + i}ms") for i in range(20)]
    window = [line(-20 + i, f"GET /reports/{100 + i}/pdf 200 took={12 + i}ms") for i in range(10)]
    window.append(line(-14, "admin: ilm rule add --expire-days 1 bucket/reports"))
    grouped = group_by_template(window, baseline)
    assert [(c.in_window, c.in_baseline) for c, _ in grouped] == [(1, 0), (10, 20)]
    first, example = grouped[0]
    assert example.message.startswith("admin: ilm rule add") and first.first_at == ONSET - timedelta(minutes=14)
    assert grouped[1][1].timestamp == ONSET - timedelta(minutes=20)  # a template's first line in the window


def ref(message: str, at: datetime, path: str, service: str = "object-store") -> Ref:
    return Ref(invocation_id="i9", tool_name="query_logs", round=1, raw_path=path,
               text=f"{at:%Y-%m-%d %H:%M:%S} {service} INFO {message}", kind="log",
               element={"timestamp": at.isoformat(), "service": service, "level": "INFO", "message": message},
               service=service, level="INFO")


def test_a_novel_line_enters_the_changes_whatever_its_words_and_a_plain_one_does_not():
    novel = ref("storage admin: lifecycle rule added to bucket reports", ONSET - timedelta(minutes=14), "/records/0")
    plain = ref("heartbeat from node 3", ONSET - timedelta(minutes=10), "/records/1")
    found = change_refs([novel, plain], start=ONSET - timedelta(hours=1), end=ONSET + timedelta(hours=1), services=(),
                        novel={("i9", "/records/0")})
    assert found == [(NOVEL_KIND, novel)]


def test_a_new_template_logged_many_times_is_new_traffic_not_an_action():
    assert not is_trigger(count(first_at=ONSET - timedelta(minutes=3), in_window=40), ONSET)


def grouped_neighbour_read(counts: list[tuple[int, int]]) -> ToolCallResult:
    """A neighbour's grouped WARN read over an hour against the hour before, one template per count."""
    start, end = ONSET, ONSET + timedelta(hours=1)
    records, templates, refs = [], [], []
    for i, (in_window, in_baseline) in enumerate(counts):
        at = start + timedelta(minutes=i)
        message = f"template {i} failed"
        records.append({"timestamp": at.isoformat(), "service": "gateway", "level": "ERROR", "instance": "gw-1",
                        "message": message, "trace_id": "", "in_window": in_window, "in_baseline": in_baseline})
        templates.append({"template": message, "in_window": in_window, "in_baseline": in_baseline,
                          "first_at": at.isoformat(), "level": "ERROR"})
        refs.append({"raw_path": f"/records/{i}", "text": f"{at:%Y-%m-%d %H:%M:%S} gateway ERROR {message}"})
    return ToolCallResult(invocation_id="inv_7", tool_name="query_logs", round=1, status="success",
                          arguments={"service": "gateway", "level": "WARN", "start": start.isoformat(),
                                     "end": end.isoformat(), "group": "template"},
                          output={"records": records, "templates": templates}, evidence_refs=refs,
                          origin=Origin.NEIGHBOUR)


def test_a_neighbours_new_or_jumped_error_templates_are_its_symptoms_and_its_usual_ones_are_dropped():
    call = grouped_neighbour_read([(120, 0), (120, 10), (60, 55)])  # new · 12× its rate · its usual rate
    _, said = neighbour_reads([call], [])
    assert [r.raw_path for r in said] == ["/records/0", "/records/1"]


def test_a_novel_line_never_displaces_a_worded_change_from_a_listing():
    worded = [ref(f"config changed: key{i} old=1 new=2 operator=ops", ONSET + timedelta(hours=i), f"/records/{i + 1}",
                  service=f"svc-{i}") for i in range(2)]
    novel = ref("storage admin: lifecycle rule added to bucket reports", ONSET - timedelta(minutes=14), "/records/0")
    found = change_refs([novel, *worded], start=ONSET - timedelta(hours=1), end=ONSET + timedelta(hours=3), services=(),
                        novel={("i9", "/records/0")}, limit=2)
    assert [r for _, r in found] == worded


def test_the_asked_services_trouble_begins_at_its_first_new_or_jumped_template_not_its_usual_ones():
    call = grouped_neighbour_read([(60, 55), (120, 0)])  # its usual template first, then a new one a minute later
    onset_read = replace(call, origin=Origin.ONSET)
    assert first_new_line([onset_read], []) == ONSET + timedelta(minutes=1)


def test_a_novel_line_of_a_job_named_after_a_dependency_is_not_that_dependencys_change():
    """hotel-cpu-throttling: the frontend's errors point at search; "starting reservation-cleanup",
    new in a CronJob's log, names no service on the path — its name only begins with a dependency's.
    A line that says it is a change on the dependency still counts."""
    job = ref("starting reservation-cleanup", ONSET - timedelta(minutes=6), "/records/0", service="reservation-cleanup")
    own = ref("starting index rebuild", ONSET - timedelta(minutes=5), "/records/1", service="reservation")
    worded = ref("deploy reservation version=2.4.1 by ops", ONSET - timedelta(minutes=4), "/records/2", service="ci")
    found = change_refs([job, own, worded], start=ONSET - timedelta(hours=1), end=ONSET + timedelta(hours=1),
                        services=("frontend",), depends_on=("reservation", "search"),
                        novel={("i9", "/records/0"), ("i9", "/records/1")}, onsets={"reservation": ONSET})
    assert sorted(r.raw_path for _, r in found) == ["/records/1", "/records/2"]


def test_a_merely_new_line_of_a_dependency_that_never_faltered_is_not_the_failures_change():
    """A duty roster imported on the warning service five minutes before the forecast API's
    timeouts: the warning service is on the API's path (its description names it) but never went
    red and the failing lines do not name it — a new line there, without change words, says nothing
    of the failure. Said as a change (a deploy), or once the dependency went red, it counts."""
    roster = ref("duty roster W29.xlsx imported by duty_office", ONSET - timedelta(minutes=5), "/records/0",
                 service="warning")
    worded = ref("deploy warning version=3.2.0 by ops", ONSET - timedelta(minutes=4), "/records/1", service="warning")
    span = {"start": ONSET - timedelta(hours=1), "end": ONSET + timedelta(hours=1), "services": ("forecast-api",),
            "depends_on": ("warning",), "novel": {("i9", "/records/0")}}
    assert [r.raw_path for _, r in change_refs([roster, worded], **span)] == ["/records/1"]
    assert [r.raw_path for _, r in change_refs([roster], **span, onsets={"warning": ONSET})] == ["/records/0"]
    assert [r.raw_path for _, r in change_refs([roster], **span, implicated=("warning",))] == ["/records/0"]


def test_a_warning_at_its_usual_rate_is_routine_and_a_new_or_jumped_one_is_not():
    from diagnosis.agents.offline.novelty import is_routine, routine_lines

    read = replace(grouped_neighbour_read([(60, 55), (120, 0), (120, 10)]), origin=Origin.ONSET)
    read.output["baseline"] = {"start": (ONSET - timedelta(hours=1)).isoformat(), "end": ONSET.isoformat()}
    read.output["templates"][0]["template"] = "incoming inspection supplier=<*> lot sampled: <NUM> gauge fail"
    routine = routine_lines([read])
    usual = ref("incoming inspection supplier=S168 lot sampled: 1 gauge fail", ONSET, "/records/0", service="qms")
    assert is_routine(usual, routine)
    assert not is_routine(ref("template 1 failed", ONSET, "/records/1", service="gateway"), routine)  # new
    assert not is_routine(ref("template 2 failed", ONSET, "/records/2", service="gateway"), routine)  # 12× its rate
    assert routine_lines([replace(read, origin=Origin.NEIGHBOUR)]) == []  # only the asked services' onset reads


def test_the_failure_begins_with_the_first_line_that_is_not_routine_and_a_neighbour_red_then_leads():
    from diagnosis.agents.offline.novelty import routine_lines
    from diagnosis.agents.offline.selection import Candidate, Focus, neighbour_evidence

    read = replace(grouped_neighbour_read([(60, 55)]), origin=Origin.ONSET)
    read.output["baseline"] = {"start": (ONSET - timedelta(hours=1)).isoformat(), "end": ONSET.isoformat()}
    read.output["templates"][0]["template"] = "incoming inspection supplier=<*> gauge fail"
    usual = ref("incoming inspection supplier=S1 gauge fail", ONSET, "/records/0", service="qms")
    hold = ref("final inspection NG rate 11%, lot put on HOLD", ONSET + timedelta(minutes=80), "/records/1", service="qms")
    picked = [Candidate("log", [usual], 5.0, "a"), Candidate("log", [hold], 5.0, "b")]
    red_at = ONSET + timedelta(minutes=65)
    station = Ref(invocation_id="i10", tool_name="query_metrics", round=1, raw_path="/alerts/0", kind="alert",
                  text="VisionRejectHigh", service="vision", element={
                      "name": "VisionRejectHigh", "service": "vision", "starts_at": red_at.isoformat(),
                      "ends_at": None, "state": "firing", "severity": "warning", "value": "8%", "summary": "NG"})
    focus = Focus(frozenset({"error"}))
    # Read from the routine warning at the window's start, the station's alert an hour later is no lead.
    assert neighbour_evidence([station], picked, focus) == []
    cited = neighbour_evidence([station], picked, focus, routine=routine_lines([read]))
    assert [c.first.element["name"] for c in cited] == ["VisionRejectHigh"]
