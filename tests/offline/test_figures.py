"""A question asking for a figure is answered with the figure: the series of the asked dimension
(memory → a memory series, disk → a disk/volume series, 多慢 → a duration series) with its max,
peak time, last value and threshold crossing, and the alert watching it with its value; a
superlative cites the extreme line of a group, not the first one.

Regressions for the evaluate findings "订单系统昨晚内存用到多少了？ confirms only OOM lines",
"搜索服务今天凌晨两点磁盘使用率多少？ confirms two ERROR lines only" and "库存服务今天上午慢查询最慢
有多慢？ states the first slow query (2310ms), not the slowest (4870ms)" — on other names and
numbers than the demo's."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

from contracts.plan import ServiceInfo
from diagnosis.agents.offline.checks import DIRECT, check_claim
from diagnosis.agents.offline.claims import build_contract
from diagnosis.reading.entities import analyse
from diagnosis.reading.time_expressions import resolve_window
from tests.offline.evidence import alert, assert_grounded, log_call, metrics_call, record, series

SH = ZoneInfo("Asia/Shanghai")
NOW = datetime(2027, 3, 15, 16, 0, tzinfo=SH)
SERVICES = [
    ServiceInfo(name="billing-service", aliases=["账单服务", "计费系统"]),
    ServiceInfo(name="ledger-service", aliases=["账本服务"]),
]
AT = "2027-03-15T14:{:02d}:00+08:00"
OOM = "worker killed: out of memory (rss=3890MiB limit=4096MiB)"


def contract_for(question: str, *calls):
    contract = build_contract(
        facts=analyse(question, SERVICES),
        window=resolve_window(question, NOW),
        history=list(calls),
        services=SERVICES,
    )
    assert_grounded(contract, list(calls))
    return contract


def claim_texts(contract) -> list[str]:
    return [c["claim_text"] for c in contract["claims"]]


def memory_world():
    logs = log_call([record(AT.format(m), OOM, service="billing-service", level="ERROR") for m in (31, 44)])
    metrics = metrics_call(
        [
            alert(
                "BillingHeapPressure",
                service="billing-service",
                state="resolved",
                severity="warning",
                starts_at=AT.format(20),
                ends_at=AT.format(45),
                value="88%",
            ),
            alert("ChargeErrorRatio", service="billing-service", starts_at=AT.format(51), value="9.3%"),
        ],
        [
            series(
                "container_memory_rss",
                [2100, 3650, 3890, 2500],
                service="billing-service",
                unit="MiB",
                threshold=3500,
                first_at=AT.format(0),
                last_at=AT.format(50),
                peak_at=AT.format(30),
                crossed_at=AT.format(20),
            ),
            series("http_error_ratio", [0.1, 9.3], service="billing-service", first_at=AT.format(0)),
        ],
    )
    return logs, metrics


def test_how_much_memory_is_answered_from_the_memory_series_and_its_alert():
    contract = contract_for("计费系统下午内存用到多少了？", *memory_world())
    texts = claim_texts(contract)
    assert len(texts) == 2  # a narrow question: the figure and the alert watching it
    assert "container_memory_rss" in texts[0]
    for fact in ("最大值 3890MiB", "峰值于 14:30", "最新值 2500MiB", "于 14:20 超过阈值 3500MiB"):
        assert fact in texts[0]
    assert "BillingHeapPressure" in texts[1] and "88%" in texts[1]
    assert not any("out of memory" in t for t in texts)


def test_the_same_question_without_a_figure_word_still_confirms_the_lines():
    texts = claim_texts(contract_for("计费系统下午是不是内存溢出了？", *memory_world()))
    assert any("out of memory" in t for t in texts)


def test_disk_usage_is_answered_from_a_volume_series_and_its_alert():
    night = "2027-03-15T03:{:02d}:00+08:00"
    calls = [
        log_call(
            [
                record(
                    night.format(12),
                    "write archive failed: no space left on device",
                    service="ledger-service",
                )
            ]
        ),
        metrics_call(
            [
                alert(
                    "LedgerVolumeAlmostFull",
                    service="ledger-service",
                    state="resolved",
                    starts_at=night.format(10),
                    ends_at="2027-03-15T04:00:00+08:00",
                    value="93.5%",
                )
            ],
            [
                series(
                    "volume_used_percent",
                    [71, 96.5, 88],
                    service="ledger-service",
                    threshold=90,
                    first_at=night.format(0),
                    last_at=night.format(40),
                    peak_at=night.format(10),
                    crossed_at=night.format(10),
                )
            ],
        ),
    ]
    texts = claim_texts(contract_for("账本服务今天凌晨三点磁盘使用率多少？", *calls))
    assert "volume_used_percent" in texts[0] and "最大值 96.5%" in texts[0] and "超过阈值 90%" in texts[0]
    assert "LedgerVolumeAlmostFull" in texts[1] and "93.5%" in texts[1]


def slow_sql_world():
    lines = [(5, 2875), (22, 6120), (40, 1530)]
    logs = log_call(
        [
            record(
                AT.format(m),
                f"slow sql took {ms}ms: UPDATE ledger_entry SET balance = ? (rows=1)",
                service="ledger-service",
                level="WARN",
            )
            for m, ms in lines
        ]
    )
    metrics = metrics_call(
        [],
        [
            series(
                "slow_sql_per_minute", [0, 7, 1], service="ledger-service", unit="per_minute", threshold=3
            ),
            series(
                "sql_latency_p95_ms",
                [300, 5400, 420],
                service="ledger-service",
                unit="ms",
                threshold=1000,
                peak_at=AT.format(20),
                crossed_at=AT.format(20),
            ),
        ],
    )
    return logs, metrics


def test_the_slowest_line_of_a_group_is_cited_for_a_superlative():
    contract = contract_for("账本服务今天下午慢查询最慢有多慢？", *slow_sql_world())
    log_claims = [c for c in contract["claims"] if c["evidence_bindings"][0]["tool_name"] == "query_logs"]
    assert len(log_claims) == 1
    claim = log_claims[0]
    assert "6120ms" in claim["claim_text"] and "2875ms" not in claim["claim_text"]
    assert "最长" in claim["claim_text"]
    assert [b["raw_path"] for b in claim["evidence_bindings"]] == ["/records/1"]


def test_how_slow_prefers_a_duration_series_over_a_count_series():
    texts = claim_texts(contract_for("账本服务今天下午慢查询最慢有多慢？", *slow_sql_world()))
    assert any("sql_latency_p95_ms" in t and "最大值 5400ms" in t for t in texts)
    assert not any("slow_sql_per_minute" in t for t in texts)


def test_without_a_superlative_the_group_is_cited_by_its_first_and_last_lines():
    contract = contract_for("账本服务今天下午为什么有慢查询？", *slow_sql_world())
    log_claim = next(c for c in contract["claims"] if c["evidence_bindings"][0]["tool_name"] == "query_logs")
    assert [b["raw_path"] for b in log_claim["evidence_bindings"]] == ["/records/0", "/records/2"]


def test_a_lowest_value_question_states_the_series_minimum():
    texts = claim_texts(contract_for("账本服务今天下午 p95 延迟最低是多少", *slow_sql_world()))
    assert any("sql_latency_p95_ms" in t and "最小值 300ms" in t for t in texts)


def test_lines_with_equal_figures_have_no_extreme_to_cite():
    same = log_call(
        [
            record(AT.format(m), "charge failed: bank timed out after 4000ms", service="billing-service")
            for m in (1, 2, 3)
        ]
    )
    claims = contract_for("账单服务下午超时最长多久？", same)["claims"]
    assert claims and "最长" not in claims[0]["claim_text"]


def test_the_new_claim_shapes_are_direct_observations_of_their_evidence():
    for question, calls in (
        ("计费系统下午内存用到多少了？", memory_world()),
        ("账本服务今天下午慢查询最慢有多慢？", slow_sql_world()),
    ):
        contract = contract_for(question, *calls)
        refs = {(c.invocation_id, r["raw_path"]): r["text"] for c in calls for r in c.evidence_refs}
        for claim in contract["claims"]:
            evidence = [refs[(b["source_invocation_id"], b["raw_path"])] for b in claim["evidence_bindings"]]
            assert check_claim(claim["claim_text"], evidence).verification == DIRECT, claim["claim_text"]


def test_a_series_over_two_days_states_its_peak_and_crossing_with_their_dates():
    # Over a window across midnight the ref text dates its times ("峰值于 2027-03-15 14:30"): the
    # claim states the date and the clock, never the date alone.
    logs, metrics = memory_world()
    series_ = [{**metrics.output["series"][0], "first_at": "2027-03-14T16:00:00+08:00"}, *metrics.output["series"][1:]]
    metrics = metrics_call(metrics.output["alerts"], series_)
    texts = claim_texts(contract_for("计费系统内存最高用到过多少？", logs, metrics))
    series_claim = next(t for t in texts if "container_memory_rss" in t)
    assert "峰值于 2027-03-15 14:30" in series_claim and "于 2027-03-15 14:20 超过阈值 3500MiB" in series_claim, series_claim


def test_a_series_with_a_chinese_unit_keeps_its_unit_and_its_threshold_crossing():
    lag = series("kafka_consumer_lag", [87, 48213, 12350], service="billing-service", unit="条", threshold=10000,
                 first_at=AT.format(0), last_at=AT.format(50), peak_at=AT.format(36), crossed_at=AT.format(25))
    texts = claim_texts(contract_for("计费系统消息积压最多的时候有多少条？", metrics_call([], [lag])))
    claim = next(t for t in texts if "kafka_consumer_lag" in t)
    assert "最大值 48213 条" in claim and "于 14:25 超过阈值 10000 条" in claim, claim


def test_how_many_keys_were_evicted_and_how_deep_a_queue_got_pick_their_series():
    evicted = series("redis_evicted_keys_per_sec", [3, 4180, 12], service="billing-service", unit="keys/s", threshold=100,
                     first_at=AT.format(0), last_at=AT.format(50), peak_at=AT.format(20), crossed_at=AT.format(15))
    depth = series("job_queue_depth", [10, 18436, 900], service="billing-service", unit="个", threshold=1000,
                   first_at=AT.format(0), last_at=AT.format(50), peak_at=AT.format(40), crossed_at=AT.format(30))
    errors = series("http_error_ratio", [0.1, 9.3], service="billing-service", first_at=AT.format(0))
    metrics = metrics_call([], [errors, evicted, depth])
    texts = claim_texts(contract_for("计费系统的 Redis 每秒被踢掉的 key 最高到了多少？", metrics))
    assert texts and "redis_evicted_keys_per_sec" in texts[0] and "最大值 4180" in texts[0], texts
    texts = claim_texts(contract_for("计费系统的任务队列最堵的时候有多少个任务？", metrics))
    assert texts and "job_queue_depth" in texts[0] and "最大值 18436 个" in texts[0], texts


def test_io_wait_open_files_and_dead_letters_are_figures_of_their_own_series_and_alerts():
    def at(minute: int) -> str:
        return AT.format(minute)

    iowait = series("node_cpu_iowait_percent", [3, 87.6, 4], service="ledger-service", threshold=30,
                    first_at=at(0), last_at=at(50), peak_at=at(20), crossed_at=at(10))  # fmt: skip
    cpu = series("node_cpu_busy_percent", [30, 95.5, 40], service="ledger-service", threshold=80,
                 first_at=at(0), last_at=at(50), peak_at=at(25), crossed_at=at(12))  # fmt: skip
    fds = series("process_open_fds", [900, 65536, 1200], service="ledger-service", unit="个", threshold=58982,
                 first_at=at(0), last_at=at(50), peak_at=at(30), crossed_at=at(28))  # fmt: skip
    dlq = series("dlq_pending_messages", [0, 4862, 0], service="ledger-service", unit="条", threshold=100,
                 first_at=at(0), last_at=at(50), peak_at=at(40), crossed_at=at(35))  # fmt: skip
    near = alert("ProcessOpenFdsNearLimit", service="ledger-service", starts_at=at(29), value="59120/65536",
                 summary="进程打开的文件描述符 59120，超过上限 65536 的 90%")  # fmt: skip
    metrics = metrics_call([near], [cpu, iowait, fds, dlq])
    texts = claim_texts(contract_for("账本服务那台机器下午的 iowait 最高冲到过多少？", metrics))
    assert texts and "node_cpu_iowait_percent" in texts[0] and "最大值 87.6%" in texts[0], texts
    texts = claim_texts(contract_for("账本服务打开文件数最多的时候是多少？", metrics))
    assert "process_open_fds" in texts[0] and "最大值 65536 个" in texts[0], texts
    assert any("ProcessOpenFdsNearLimit" in t for t in texts), texts
    texts = claim_texts(contract_for("账本服务的死信队列最多的时候堆了多少条？", metrics))
    assert texts and "dlq_pending_messages" in texts[0] and "最大值 4862 条" in texts[0], texts


def test_a_health_question_cites_a_series_that_has_a_threshold():
    def at(minute: int) -> str:
        return AT.format(minute)

    success = series("channel_success_rate", [99.6, 99.2], service="ledger-service", first_at=at(0), last_at=at(50),
                     peak_at=at(5))  # fmt: skip
    errors = series("http_5xx_rate", [0.1, 0.2], service="ledger-service", threshold=5, first_at=at(0),
                    last_at=at(50), peak_at=at(30))  # fmt: skip
    texts = claim_texts(contract_for("账本服务今天下午有没有告警？", metrics_call([], [success, errors])))
    assert texts and "http_5xx_rate" in texts[0] and "未超过阈值 5%" in texts[0], texts


def test_a_metric_the_question_names_and_a_pending_queue_are_the_figures_asked():
    def at(minute: int) -> str:
        return AT.format(minute)

    threads = series("mysql_global_status_threads_running", [4, 486, 13], service="ledger-service", unit="个",
                     threshold=100, first_at=at(0), last_at=at(50), peak_at=at(4), crossed_at=at(2))  # fmt: skip
    cpu = series("node_cpu_usage_percent", [18, 99.4, 20], service="ledger-service", threshold=85,
                 first_at=at(0), last_at=at(50), peak_at=at(5), crossed_at=at(1))  # fmt: skip
    pending = series("live_rooms_pending_dispatch", [0, 143, 41], service="ledger-service", unit="个", threshold=20,
                     first_at=at(0), last_at=at(50), peak_at=at(22), crossed_at=at(8))  # fmt: skip
    metrics = metrics_call([], [cpu, threads, pending])
    texts = claim_texts(contract_for("账本服务下午两点那阵 threads_running 最高冲到多少？", metrics))
    assert texts and "mysql_global_status_threads_running" in texts[0] and "最大值 486 个" in texts[0], texts
    texts = claim_texts(contract_for("账本服务积压最多的时候有多少个在排队等分配？", metrics))
    assert texts and "live_rooms_pending_dispatch" in texts[0] and "最大值 143 个" in texts[0], texts


def test_a_figure_per_minute_is_the_series_counting_the_named_thing_per_minute():
    def at(minute: int) -> str:
        return AT.format(minute)

    # No symptom word: 连接 (connect*) picks the connection series, 一分钟 the one counting per minute.
    connected = series("broker_clients_connected", [2900, 6000, 5100], service="ledger-service", unit="个",
                       threshold=5400, first_at=at(0), last_at=at(50), peak_at=at(21), crossed_at=at(18))  # fmt: skip
    new = series("broker_load_connections_1min", [21, 9318, 5200], service="ledger-service", unit="次/分钟",
                 threshold=600, first_at=at(0), last_at=at(50), peak_at=at(31), crossed_at=at(9))  # fmt: skip
    cpu = series("process_cpu_percent", [6, 100, 99], service="ledger-service", threshold=90,
                 first_at=at(0), last_at=at(50), peak_at=at(13), crossed_at=at(12))  # fmt: skip
    metrics = metrics_call([], [cpu, connected, new])
    texts = claim_texts(contract_for("账本服务下午两点那阵一分钟最多新建了多少个连接？", metrics))
    assert texts and "broker_load_connections_1min" in texts[0] and "最大值 9318 次/分钟" in texts[0], texts
    # Failures per minute: the count per minute, not the percentage a failure symptom is usually measured in.
    failed = series("orders_failed_per_min", [0, 2846, 0], service="ledger-service", unit="单/分钟", threshold=50,
                    first_at=at(0), last_at=at(50), peak_at=at(29), crossed_at=at(18))  # fmt: skip
    ratio = series("http_5xx_rate", [0.04, 41.2, 0.05], service="ledger-service", threshold=5,
                   first_at=at(0), last_at=at(50), peak_at=at(30), crossed_at=at(18))  # fmt: skip
    texts = claim_texts(contract_for("账本服务两点多报错那阵，每分钟最多失败了多少单？", metrics_call([], [ratio, failed])))
    assert texts and "orders_failed_per_min" in texts[0] and "最大值 2846 单/分钟" in texts[0], texts
