"""What a diagnosis cites beside the asked symptom (``selection``, ``claims``), on evidence of a
clinic's booking service (not the demo, not the evaluation worlds):

- the alerts and threshold crossings that went red shortly *before* the asked symptom's (memory
  full, then evictions, then the latency asked about) — what went red first points at the
  mechanism; one that began hours before is no lead;
- a line showing a checked runbook cause never pushes the line of the asked symptom out;
- two Drain3 groups of one failure (a free-text parameter with more words) are one observation;
- a series in a Chinese rate unit (次/分钟) states its threshold crossing.
"""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

from contracts.plan import ServiceInfo
from diagnosis.agents.offline.claims import build_contract
from diagnosis.agents.offline.refs import collect_refs
from diagnosis.agents.offline.selection import Focus, select_candidates
from diagnosis.reading.conversation import resolve
from diagnosis.reading.entities import analyse
from diagnosis.reading.time_expressions import resolve_window
from tests.offline.evidence import alert, assert_grounded, log_call, metrics_call, record, series

SH = ZoneInfo("Asia/Shanghai")
NOW = datetime(2027, 3, 9, 11, 0, tzinfo=SH)
DAY = "2027-03-09"
SERVICES = [ServiceInfo(name="booking-api", aliases=["预约服务"], description="挂号预约（Java），读 Redis cache-bk-01")]
QUESTION = "预约服务九点半以后老是超时，怎么回事？"
TIMEOUT = "GET /api/slots -> 504 (deadline 1000ms exceeded: cache=miss db={ms}ms)"
CACHE_MISS = "slot cache miss key=slot:{n} (evicted) -> fallback PostgreSQL booking_db.slots took={ms}ms"


def at(clock: str) -> str:
    return f"{DAY}T{clock}+08:00"


def _metrics(*other_alerts) -> list:
    return [
        metrics_call(
            [alert("BookingLatencyHigh", service="booking-api", starts_at=at("09:30:00"), value="1850ms",
                   summary="预约接口 p99 1850ms 超过阈值 800ms"), *other_alerts],
            [
                series("http_p99_latency", [120, 1850, 900], service="booking-api", unit="ms", threshold=800,
                       crossed_at=at("09:27:00"), peak_at=at("09:40:00"), first_at=at("09:00:00"), last_at=at("11:00:00")),
                series("redis_memory_used_pct", [70, 99.5, 80], service="booking-api", unit="%", threshold=90,
                       crossed_at=at("09:20:00"), peak_at=at("09:25:00"), first_at=at("09:00:00"), last_at=at("11:00:00")),
                series("redis_evicted_keys_per_sec", [0, 2100, 0], service="booking-api", unit="keys/s", threshold=100,
                       crossed_at=at("09:24:00"), peak_at=at("09:33:00"), first_at=at("09:00:00"), last_at=at("11:00:00")),
            ],
        )
    ]  # fmt: skip


def _logs() -> list:
    return [
        log_call(
            [record(at(f"09:{m}:10"), TIMEOUT.format(ms=1900 + m), service="booking-api") for m in range(45, 29, -1)]
        )
    ]


def _contract(calls):
    return build_contract(facts=analyse(QUESTION, SERVICES), window=resolve_window(QUESTION, NOW), history=calls,
                          services=SERVICES)  # fmt: skip


def _claims(contract) -> str:
    return "\n".join(c["claim_text"] for c in contract["claims"])


def test_what_went_red_shortly_before_the_asked_symptom_is_cited_with_it():
    calls = _logs() + _metrics()
    contract = _contract(calls)
    text = _claims(contract)
    assert "redis_memory_used_pct" in text and "于 09:20 超过阈值 90%" in text, text
    assert "redis_evicted_keys_per_sec" in text and "于 09:24 超过阈值" in text, text
    assert "504" in text  # the asked symptom stays
    assert_grounded(contract, calls)


def test_an_alert_firing_since_hours_before_the_asked_symptom_is_no_lead():
    old = alert("CertExpiringSoon", service="booking-api", starts_at=at("06:10:00"), severity="warning",
                value="14d", summary="api.clinic.cn 证书 14 天后过期")  # fmt: skip
    text = _claims(_contract(_logs() + _metrics(old)))
    assert "CertExpiringSoon" not in text and "redis_evicted_keys_per_sec" in text, text


def test_a_line_of_two_checked_causes_does_not_push_out_the_asked_symptoms_line():
    misses = [record(at(f"09:{m}:40"), CACHE_MISS.format(n=m, ms=1200 + m), service="booking-api", level="WARN")
              for m in range(45, 29, -1)]  # fmt: skip
    calls = _logs() + [log_call(misses, invocation_id="inv_5", keyword="evict")]
    facts = analyse(QUESTION, SERVICES)
    refs = [r for r in collect_refs(calls, SERVICES) if r.kind != "hit"]
    focus = Focus.of(facts, ["eviction", "latency"])
    cited = [c.first.message for c in select_candidates(refs, facts, focus) if c.kind == "log"]
    assert any("504" in m for m in cited), cited


def test_two_template_groups_of_one_exception_are_one_observation():
    line = ("GET /api/search?q={q} -> 503 (SearchPhaseExecutionException: all shards failed; "
            "NoShardAvailableActionException[No shard available for [docs_v3][{n}]])")  # fmt: skip
    records = [record(at(f"09:{40 + i}:00"), line.format(q=q, n=i), service="booking-api")
               for i, q in enumerate(["心内科", "儿科 专家", "心内科", "儿科 专家"])]  # fmt: skip
    facts = analyse("预约服务九点四十开始搜索 503，怎么回事？", SERVICES)
    refs = [r for r in collect_refs([log_call(records)], SERVICES) if r.kind != "hit"]
    logs = [c for c in select_candidates(refs, facts) if c.kind == "log"]
    assert len(logs) == 1, [c.first.message for c in logs]


def test_a_series_in_a_chinese_rate_unit_states_its_crossing():
    calls = [metrics_call([], [series("slot_conflicts_per_min", [0, 14, 0], service="booking-api", unit="次/分钟",
                                      threshold=2, crossed_at=at("10:22:00"), peak_at=at("10:32:00"),
                                      first_at=at("10:00:00"), last_at=at("11:00:00"))])]  # fmt: skip
    contract = _contract(calls)
    assert "最大值 14 次/分钟" in _claims(contract) and "于 10:22 超过阈值 2 次/分钟" in _claims(contract), _claims(contract)
    assert_grounded(contract, calls)


def test_the_alert_that_started_with_the_asked_failure_is_cited_not_one_firing_since_before():
    errors = [record(at(f"09:0{m}:10"), "POST /api/book -> 500 (FATAL: sorry, too many clients already)",
                     service="booking-api") for m in range(8, 1, -1)]  # fmt: skip
    older = alert("ReminderFallbackHigh", service="booking-api", starts_at=at("08:09:00"), severity="warning",
                  value="78%", summary="短信提醒降级比例 78% 超过阈值 5%")  # fmt: skip
    this = alert("BookingCreateFailureRateHigh", service="booking-api", state="resolved", starts_at=at("09:03:00"),
                 ends_at=at("09:18:00"), value="36.9%", summary="预约创建失败率 36.9% 超过阈值 5%")  # fmt: skip
    calls = [log_call(errors), metrics_call([older, this])]
    facts = analyse("预约服务九点刚过那会儿报了十几分钟 500，这是啥原因？", SERVICES)
    refs = [r for r in collect_refs(calls, SERVICES) if r.kind != "hit"]
    alerts = [c.first.element["name"] for c in select_candidates(refs, facts) if c.kind == "alert"]
    assert alerts == ["BookingCreateFailureRateHigh"], alerts


def test_a_long_exception_chain_is_quoted_with_its_innermost_cause():
    message = ("POST /api/book -> 500 booking_no=B20270309000123 (org.springframework.jdbc.CannotGetJdbcConnectionException: "
               "Failed to obtain JDBC Connection; nested exception is java.sql.SQLTransientConnectionException: "
               "HikariPool-1 - Connection is not available, request timed out after 3000ms. Caused by: "
               "org.postgresql.util.PSQLException: FATAL: sorry, too many clients already)")  # fmt: skip
    calls = [log_call([record(at("09:05:10"), message, service="booking-api"),
                       record(at("09:04:10"), message.replace("0123", "0122"), service="booking-api")])]  # fmt: skip
    contract = _contract(calls)
    [claim] = [c for c in contract["claims"] if "booking_no" in c["claim_text"]]
    head, _, tail = claim["claim_text"].partition(" … ")
    assert "booking_no=" in head and tail.endswith("PSQLException: FATAL: sorry, too many clients already)」"), claim
    assert "too many clients already" in " ".join(b["evidence_excerpt"] for b in claim["evidence_bindings"])
    assert_grounded(contract, calls)


def test_a_mybatis_error_is_quoted_with_its_database_cause_not_the_sql_printed_after_it():
    message = ("create booking failed clinic=C2054149 slot=S8929558502076096 patient=P1250067021995491 channel=wechat-miniapp "
               "source=campaign-20270309: org.springframework.dao.DataIntegrityViolationException: "
               "### Error updating database.  Cause: org.postgresql.util.PSQLException: ERROR: nextval: reached maximum "
               'value of sequence "booking_id_seq" (2147483647) ### The error may involve com.clinic.BookingMapper.insert'
               "-Inline ### SQL: INSERT INTO booking (id, clinic_id, slot_id, patient_id, created_at) VALUES "
               "(nextval('booking_id_seq'), ?, ?, ?, now())")  # fmt: skip
    calls = [log_call([record(at("09:05:10"), message, service="booking-api"),
                       record(at("09:04:10"), message.replace("S8929", "S8928"), service="booking-api")])]  # fmt: skip
    contract = _contract(calls)
    [claim] = [c for c in contract["claims"] if "create booking failed" in c["claim_text"]]
    _, _, tail = claim["claim_text"].partition(" … ")
    assert 'sequence "booking_id_seq" (2147483647)' in tail and "INSERT INTO" not in tail, claim
    assert_grounded(contract, calls)


def test_a_neighbour_gives_its_earliest_alert_or_crossing_and_a_series_red_from_its_first_point_is_no_lead():
    from diagnosis.agents.offline.selection import neighbour_evidence

    db = metrics_call(
        [alert("DbThreadsHigh", service="clinic-db", starts_at=at("09:29:00"), value="212", summary="threads 212")],
        [series("threads_running", [4, 486, 13], service="clinic-db", unit="个", threshold=100,
                crossed_at=at("09:28:00"), peak_at=at("09:34:00"), first_at=at("09:00:00"), last_at=at("11:00:00"))],
        invocation_id="inv_7",
    )  # fmt: skip
    cache = metrics_call(
        [alert("CacheHitRatioLow", service="clinic-cache", starts_at=at("09:28:30"), value="6%", summary="命中率 6%")],
        [series("evictions", [900, 950], service="clinic-cache", threshold=100, crossed_at=at("09:10:00"),
                peak_at=at("09:20:00"), first_at=at("09:10:00"), last_at=at("11:00:00"))],
        invocation_id="inv_8",
    )  # fmt: skip
    picked = [c for c in select_candidates(
        [r for r in collect_refs(_logs(), SERVICES) if r.kind != "hit"], analyse(QUESTION, SERVICES)) if c.kind == "log"]  # fmt: skip
    refs = [r for r in collect_refs([db, cache], SERVICES) if r.kind != "hit"]
    cited = neighbour_evidence(refs, picked, Focus.of(analyse(QUESTION, SERVICES)))
    # One each (the database's crossing at 09:28 before its alert, the cache's alert); the cache's
    # evictions were over their threshold from the first point read: when they went red is unknown.
    assert [(c.first.service, c.kind) for c in cited] == [("clinic-db", "series"), ("clinic-cache", "alert")]


def test_clients_dropping_off_is_asked_and_read_by_the_lines_that_say_so():
    from diagnosis.agents.offline.planning import plan_normal

    question = "预约服务九点半以后扫码枪一直掉线，咋回事？"
    assert "disconnect" in analyse(question, SERVICES).symptoms
    lost = "mqtt connection lost: pingresp not received, disconnecting (client bk-gw-1, broker ssl://10.1.2.3:8883)"
    late = "slot decision late: 1800ms > 1200ms, parcel to reject chute"
    # The newest WARN lines are the late decisions; the keyword read finds the session drops.
    warn = log_call([record(at(f"09:5{m}:10"), late, service="booking-api", level="WARN") for m in range(9, 4, -1)])
    drops = log_call([record(at("09:31:04"), lost, service="booking-api", level="WARN"),
                      record(at("09:30:04"), lost.replace("bk-gw-1", "bk-gw-2"), service="booking-api", level="WARN")],
                     invocation_id="inv_2", keyword="disconnect")  # fmt: skip
    plan = plan_normal(services=SERVICES, reading=resolve(question=question, now=NOW, tz="Asia/Shanghai", services=SERVICES, context=None))
    assert any(s.arguments.get("keyword") == "disconnect" for s in plan.steps), plan.steps
    contract = build_contract(facts=analyse(question, SERVICES), window=resolve_window(question, NOW),
                              history=[warn, drops], services=SERVICES)  # fmt: skip
    assert "pingresp not received" in contract["claims"][0]["claim_text"], _claims(contract)


def test_a_dependency_the_failing_lines_name_that_went_red_an_hour_before_and_still_fired_leads():
    from diagnosis.agents.offline.selection import neighbour_evidence

    named = "GET /api/slots -> 504 (slot-index on clinic-indexer stale since 08:31)"
    logs = [log_call([record(at(f"09:{m}:10"), named, service="booking-api") for m in range(45, 29, -1)])]
    picked = [c for c in select_candidates(
        [r for r in collect_refs(logs, SERVICES) if r.kind != "hit"], analyse(QUESTION, SERVICES)) if c.kind == "log"]  # fmt: skip
    earlier = metrics_call(
        [alert("IndexStale", service="clinic-indexer", starts_at=at("08:31:00"), summary="索引 58 分钟未更新"),
         alert("QueueDeep", service="clinic-queue", starts_at=at("08:29:00"), summary="队列积压")],
        [], invocation_id="inv_7",
    )  # fmt: skip
    resolved = metrics_call(
        [alert("IndexLag", service="clinic-indexer", starts_at=at("08:00:00"), ends_at=at("08:20:00"), summary="延迟")],
        [], invocation_id="inv_8",
    )  # fmt: skip
    refs = [r for r in collect_refs([earlier, resolved], SERVICES) if r.kind != "hit"]
    cited = neighbour_evidence(refs, picked, Focus.of(analyse(QUESTION, SERVICES)))
    # The indexer the lines name, red since 08:31 and still firing when the 504s began, leads; the
    # queue the lines do not name, red as long, is another story; an alert resolved before is over.
    assert [(c.first.service, c.first.element["name"]) for c in cited] == [("clinic-indexer", "IndexStale")]
    assert cited[0].leading
