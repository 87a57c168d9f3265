"""Change events (``changes``): which lines record a change, at any level, and which changes
count for a question (in or shortly before the window, related to the asked services)."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from contracts.plan import PlanStep, ServiceInfo
from contracts.reading import TimeWindow
from contracts.tools import ToolCallResult
from diagnosis.agents.offline.changes import (
    ACTION_KIND,
    ANOMALY_HORIZON,
    CHANGE_LOOKBACK,
    MAX_LISTED_CHANGES,
    READ_WORDS,
    ROUTINE_LINES,
    ROUTINE_REPEATS,
    change_kind,
    change_refs,
    names_service,
    span_start,
)
from diagnosis.agents.offline.neighbours import dependencies, resources
from diagnosis.agents.offline.planning import change_step, earlier_change_step
from diagnosis.agents.offline.refs import Ref
from diagnosis.tools.arguments import MAX_ANY_KEYWORD_CHARS

DAY = "2026-12-01"


def _ref(clock: str, service: str, level: str, message: str, n: int = 0) -> Ref:
    text = f"{DAY} {clock} {service} {level} {message}"
    element = {"timestamp": f"{DAY}T{clock}+08:00", "service": service, "level": level, "message": message}
    return Ref("inv_1", "query_logs", 1, f"/records/{n}", text, "log", element, service, level, clock)


@pytest.mark.parametrize(
    ("line", "kind"),
    [
        ("推送配置 feature.tag_schema_v2.enabled=true（releaseKey 2026-a7f3）", "配置变更"),
        ("feature flag checkout_v3 enabled for 100% of users", "配置变更"),
        ("deploy notification-service v2.14.3: rolling update started", "发布"),
        ("Rollout of image registry/pay:1.8.2 started", "发布"),
        (
            "rolling restart started by ops_chenjie: kubectl rollout restart deployment/user-service",
            "人工重启",
        ),
        ("rolled back deployment/pay to revision 41", "回滚"),
        ("HPA scaled deployment/search from 4 to 12 replicas", "扩缩容"),
        ("订单服务 v3.2 发布完成，灰度 10%", "发布"),
    ],
)
def test_a_line_recording_a_change_names_its_kind(line, kind):
    assert change_kind(line) == kind


@pytest.mark.parametrize(
    "line",
    [
        "client heartbeat ok appId=tagging instances=6",
        "using config file /etc/app.yaml",
        "GET /api/flags 200 OK (12ms)",
        "consumer lag 48210 messages on topic settle-events",
        # A failure that names a configured value, by a client whose id contains "push" (Kafka).
        "[Consumer clientId=consumer-push-dispatcher-2, groupId=push-dispatcher] consumer poll timeout has expired. "
        "This means the time between subsequent calls to poll() was longer than the configured max.poll.interval.ms",
        "push-gateway reachable again after 3 retries",
    ],
)
def test_a_line_that_only_mentions_a_setting_records_no_change(line):
    assert change_kind(line) == ""


def _window():
    return datetime.fromisoformat(f"{DAY}T09:30:00+08:00"), datetime.fromisoformat(f"{DAY}T10:00:00+08:00")


def test_a_change_before_the_lookback_or_after_the_window_does_not_count():
    start, end = _window()
    early = (start - CHANGE_LOOKBACK).strftime("%H:%M:%S")
    refs = [
        _ref("08:50:00", "tag-service", "INFO", "deploy tag-service v1.2 started", 0),
        _ref(early, "tag-service", "INFO", "config pushed: cache.ttl=30", 1),
        _ref("10:05:00", "tag-service", "INFO", "deploy tag-service v1.3 started", 2),
    ]
    found = change_refs(refs, start=start, end=end, services=["tag-service"])
    assert [r.raw_path for _, r in found] == ["/records/1"]


def test_another_services_change_counts_only_when_it_shares_an_identifier_with_the_anomaly():
    start, end = _window()
    push = _ref("09:31:05", "config-center", "INFO", "推送配置 feature.tag_schema_v2.enabled=true", 0)
    unrelated = _ref("09:33:00", "search-service", "INFO", "deploy search-service v9.1.0 started", 1)
    error = _ref("09:32:10", "tag-service", "ERROR", "lookup failed for tag_schema_v2 -> 500", 2)
    found = change_refs(
        [push, unrelated, error], start=start, end=end, services=["tag-service"], anomalies=[error]
    )
    assert [(k, r.service) for k, r in found] == [("配置变更", "config-center")]
    assert change_refs([push, unrelated], start=start, end=end, services=["tag-service"]) == []
    every = change_refs([push, unrelated], start=start, end=end, services=[])
    assert [r.service for _, r in every] == ["config-center", "search-service"]


@pytest.mark.parametrize(
    ("line", "kind"),
    [
        ("job invoice-archive started: moving 2.1M rows (mode=bulk)", "任务"),
        ("Sync operation to 5d1e2f0 succeeded: application shop-billing (bump chart 1.4.0)", "发布"),
    ],
)
def test_a_batch_job_start_and_a_gitops_sync_are_changes(line, kind):
    assert change_kind(line, "INFO") == kind


@pytest.mark.parametrize(
    "line",
    [
        "tariff plan published: TP-SZ-NS-2027Q1 v2 by yunying_chenmo (更正服务费单位)",
        "coupon rule CR-77 updated by ops_wang: stacking=true",
        "allocation rule ALLOC-HOSP changed: near-expiry allowance 180 -> 90 days",
    ],
)
def test_a_line_saying_it_did_something_no_kind_names_is_still_a_change(line):
    assert change_kind(line, "INFO") == ACTION_KIND


def test_a_listing_names_every_change_of_a_busy_day_up_to_its_bound():
    start, end = _window()
    said = ["deploy tariff 1.12.0 started", "[nacos] config changed: key=quote.cache.ttl old=60 new=120",
            "kube-rightsizer: applied recommendation RS-17: cpu limits 2 -> 500m", "rolled back deployment/tariff",
            "tariff plan published: TP-NS-2027Q1 v1", "feature flag night_rate enabled", "HPA scaled tariff to 6 replicas",
            "tariff plan published: TP-NS-2027Q1 v2 (单位更正)", "job tariff-reindex started", "jdk upgraded to 21",
            "rotated secret db-pass", "switchover of tariff-db to replica-2"]
    edits = [_ref(f"09:{31 + 2 * i:02d}:00", "tariff", "INFO", line, i) for i, line in enumerate(said)]
    found = change_refs(edits, start=start, end=end, services=["tariff"], limit=MAX_LISTED_CHANGES)
    assert [r.raw_path for _, r in found] == [f"/records/{i}" for i in range(MAX_LISTED_CHANGES)]
    assert MAX_LISTED_CHANGES >= 8  # a day's own changes: a deploy, configs, a revert, data published


def test_an_error_or_warn_line_is_a_failure_not_a_change():
    line = "UPDATE failed (java.sql.SQLTransactionRollbackException: lock wait timeout) - rolled back"
    assert change_kind(line, "INFO") == "回滚"
    assert change_kind(line, "ERROR") == "" and change_kind(line, "WARN") == ""
    # An InnoDB deadlock report names a job and an UPDATE; at WARN it is a failure, never a release.
    deadlock = ("InnoDB LATEST DETECTED DEADLOCK: (1) TRANSACTION seat-release-job UPDATE seat_inventory SET "
                "status='FREE' holds lock_mode X; WE ROLL BACK TRANSACTION (2)")  # fmt: skip
    assert change_kind(deadlock, "WARN") == ""


@pytest.mark.parametrize(
    "line", ["lock wait timeout; WE ROLL BACK TRANSACTION (2)", "transaction rolled back after 3 retries (order 81)"]
)
def test_a_database_transaction_rollback_is_no_rollback_of_a_change(line):
    assert change_kind(line, "INFO") != "回滚"


def test_the_change_read_asks_for_info_lines_only():
    start, end = _window()
    step = change_step(TimeWindow(start, end, True, "range"))
    assert (step.arguments["level"], step.arguments["max_level"]) == ("INFO", "INFO")
    assert len(step.arguments["any_keyword"]) <= MAX_ANY_KEYWORD_CHARS  # the tool refuses a longer one


def test_a_periodic_job_run_differing_only_in_numbers_is_routine_two_config_pushes_are_not():
    start, end = _window()
    runs = [_ref(f"09:{35 + 5 * i:02d}:00", "seat", "INFO", f"job seat-release run: released={7 + i} holds", i)
            for i in range(ROUTINE_REPEATS)]  # fmt: skip
    pushes = [_ref(f"09:{36 + i:02d}:30", "seat", "INFO", f"[nacos] config changed: key={k} old=1 new=2", 10 + i)
              for i, k in enumerate(["seat.hold-minutes", "seat.batch-size"])]  # fmt: skip
    found = change_refs([*runs, *pushes], start=start, end=end, services=["seat"], limit=MAX_LISTED_CHANGES)
    assert [r.raw_path for _, r in found] == ["/records/10", "/records/11"]


def test_a_diagnosis_cites_the_changes_nearest_before_the_first_anomaly_in_time_order():
    start, end = _window()
    morning = _ref("09:00:30", "pay", "INFO", "deploy pay v1.0 finished", 0)
    before = _ref("09:40:00", "pay", "INFO", "config changed: pay.timeout=3s by ops_li", 1)
    just = _ref("09:44:00", "pay", "INFO", "HPA scaled deployment/pay from 4 to 16 replicas", 2)
    error = _ref("09:45:00", "pay", "ERROR", "too many clients already", 3)
    kwargs = {"start": start, "end": end, "services": ["pay"], "anomalies": [error]}
    nearest = change_refs([morning, before, just, error], nearest=True, limit=2, **kwargs)
    assert [r.raw_path for _, r in nearest] == ["/records/2", "/records/1"]  # likeliest cause first
    listed = change_refs([morning, before, just, error], limit=2, **kwargs)
    assert [r.raw_path for _, r in listed] == ["/records/0", "/records/1"]  # a listing: time order


def test_a_diagnosis_weighs_the_implicated_neighbours_change_before_its_own_and_a_dependencys():
    start, end = _window()
    own = _ref("09:40:00", "pay", "INFO", "config changed: pay.timeout=3s by ops_li", 0)
    tenant = _ref("09:38:00", "report", "INFO", "HPA scaled deployment/report from 4 to 16 replicas", 1)
    dep = _ref("09:44:00", "sms", "INFO", "deploy sms v2.3 finished", 2)
    error = _ref("09:45:00", "pay", "ERROR", "FATAL: too many clients already", 3)
    found = change_refs([own, tenant, dep, error], start=start, end=end, services=["pay"], anomalies=[error],
                        depends_on=["report", "sms"], implicated=["report"], nearest=True)  # fmt: skip
    assert [r.raw_path for _, r in found] == ["/records/1", "/records/0", "/records/2"]


def test_of_two_implicated_neighbours_the_change_of_the_one_that_went_red_first_leads():
    start, end = _window()
    # The broker was reassigned hours before its disk filled (09:41); the relay's setting changed
    # minutes before the asked service's first anomaly, but the relay only failed after the broker.
    broker = _ref("07:45:00", "kafka", "INFO", "Successfully started partition reassignments for scan-raw-1", 0)
    relay = _ref("09:35:00", "relay", "INFO", "config changed: photo.max-size-kb old=800 new=1200 by dev_mao", 1)
    error = _ref("09:45:00", "track", "WARN", "partitions without new events for 20m", 2)
    onsets = {"kafka": datetime.fromisoformat(f"{DAY}T09:41:00+08:00"),
              "relay": datetime.fromisoformat(f"{DAY}T09:43:00+08:00")}  # fmt: skip
    kwargs = {"start": start, "end": end, "services": ["track"], "anomalies": [error],
              "depends_on": ["kafka", "relay"], "implicated": ["kafka", "relay"], "nearest": True}  # fmt: skip
    found = change_refs([broker, relay, error], onsets=onsets, **kwargs)
    assert [r.raw_path for _, r in found] == ["/records/0", "/records/1"]
    # Without the neighbours' onsets the nearest change before the first anomaly leads.
    assert [r.raw_path for _, r in change_refs([broker, relay, error], **kwargs)] == ["/records/1", "/records/0"]


def test_an_anomaly_older_than_the_window_moves_the_span_back_but_not_past_the_horizon():
    start, _ = _window()
    assert span_start(start, None) == start - CHANGE_LOOKBACK
    assert span_start(start, start - timedelta(hours=2)) == start - timedelta(hours=2) - CHANGE_LOOKBACK
    assert span_start(start, start - timedelta(days=3)) == start - ANOMALY_HORIZON - CHANGE_LOOKBACK


def test_the_dependencies_are_the_services_a_description_names_by_name_alias_or_stem():
    catalog = [
        ServiceInfo(name="cashier", aliases=["收银服务"], description="收银（Go），调用积分、coupon-service"),
        ServiceInfo(name="points-service", aliases=["积分服务"], description="积分"),
        ServiceInfo(name="coupon-service", aliases=[], description="优惠券"),
        ServiceInfo(name="report-service", aliases=["报表服务"], description="报表，读积分库"),
    ]
    assert dependencies(["cashier"], catalog) == {"points-service", "coupon-service"}


def test_a_service_whose_description_names_a_resource_the_asked_one_uses_is_related():
    catalog = [
        ServiceInfo(name="report-worker", aliases=["报表任务"],
                    description="生成 PDF 写入 bucket clinic-rpt-prod；凭据来自 Vault secret/clinic/reports-s3，启动时读取"),
        ServiceInfo(name="cred-rotator", aliases=[], description="CronJob rotate-secrets：轮换 Vault secret/clinic/* 的访问密钥"),
        ServiceInfo(name="portal", aliases=[], description="门户（Node.js），下载 bucket clinic-rpt-prod 里的报表"),
        ServiceInfo(name="gateway", aliases=[], description="入口，转发到 report-worker 与 portal"),
        ServiceInfo(name="chat", aliases=[], description="在线问诊（Node.js）"),
    ]  # fmt: skip
    # The rotation job of the secret the worker reads (a wildcard path), the other reader of its bucket;
    # not a service that only names the worker, nor one that shares a runtime.
    assert dependencies(["report-worker"], catalog) == {"cred-rotator", "portal"}
    assert dependencies(["portal"], catalog) == {"report-worker"}  # the bucket; "Node.js" is no resource
    assert "secret/clinic/reports-s3" in resources(catalog[0].description)


def test_lines_of_one_change_moments_apart_are_one_change_the_most_detailed_cited():
    start, end = _window()
    operator = _ref("09:31:05", "es-cluster", "INFO",
                    "index settings updated via PUT /docs_v3/_settings by user=ops_li (CHG-88 reindex): replicas 1 -> 0", 0)  # fmt: skip
    system = _ref("09:31:05", "es-cluster", "INFO", "[MetadataUpdateSettingsService] updating number_of_replicas to [0]", 1)
    system.element["timestamp"] = f"{DAY}T09:31:05.060+08:00"
    later = _ref("09:41:00", "es-cluster", "INFO", "rolling restart of es-data-2 by ops_li (MT-9)", 2)
    found = change_refs([system, later, operator], start=start, end=end, services=["es-cluster"])
    assert [r.raw_path for _, r in found] == ["/records/0", "/records/2"]


def test_a_template_a_service_logs_over_and_over_is_routine_not_a_change():
    start, end = _window()
    jobs = [_ref(f"09:{31 + i:02d}:00", "report-worker", "INFO", f"job rpt-{4100 + i} started file=r{i}.pdf", i)
            for i in range(ROUTINE_LINES)]  # fmt: skip
    push = _ref("09:40:30", "report-worker", "INFO", "config changed: pdf.engine=v2 by ops_li", 9)
    found = change_refs([*jobs, push], start=start, end=end, services=["report-worker"])
    assert [r.raw_path for _, r in found] == ["/records/9"]
    few = change_refs(jobs[: ROUTINE_LINES - 1], start=start, end=end, services=["report-worker"])
    assert found and few  # fewer lines of it are a batch job an engineer would want to see


@pytest.mark.parametrize(
    ("line", "kind"),
    [
        ("ansible: rolling restart of kafka-3 (10.1.2.3) by ops_li (MT-881): systemctl restart kafka", "人工重启"),
        ("rotated secret/clinic/reports-s3 (version 4 -> 5): previous key revoked immediately", "凭据轮换"),
        ("job secret-rotation-nightly-88 started (CronJob ops/secret-rotation-nightly)", "凭据轮换"),
        ("nfs-failover.sh[22810]: becoming MASTER for VIP 10.1.8.50: drbdadm primary r_files; exportfs -ra", "主备切换"),
        ("orchestrator: promoted db-replica-2 to primary after db-01 stopped answering", "主备切换"),
    ],
)
def test_an_operator_restart_a_secret_rotation_and_a_failover_are_changes(line, kind):
    assert change_kind(line) == kind
    assert any(word in line.casefold() for word in READ_WORDS)  # and the change read asks for them


def test_a_rotated_log_file_is_no_secret_rotation():
    assert change_kind("logrotate: rotated /var/log/app/app.log (size 512M)") == ACTION_KIND


def test_a_dependencys_change_counts_only_before_the_first_anomaly():
    start, end = _window()
    before = _ref("09:20:00", "ci", "INFO", "deploy points-service v3.1 finished", 0)
    after = _ref("09:45:00", "ci", "INFO", "deploy coupon-service v1.9 finished", 1)
    error = _ref("09:40:00", "cashier", "WARN", "earn points failed: connection refused", 2)
    found = change_refs(
        [before, after, error], start=start, end=end, services=["cashier"], anomalies=[error],
        depends_on={"points-service", "coupon-service"},
    )  # fmt: skip
    assert [r.raw_path for _, r in found] == ["/records/0"]


def _read_result(records: int, refs: int, truncated: bool = False) -> ToolCallResult:
    rows = [
        {"timestamp": f"{DAY}T12:{59 - i // 2:02d}:{(i % 2) * 30:02d}+08:00", "service": "x", "level": "INFO", "message": "m"}
        for i in range(records)
    ]  # newest first, as the log tools return them
    output = {"records": rows, "total": records + (10 if truncated else 0), "returned": records, "truncated": truncated}
    return ToolCallResult(
        invocation_id="inv_9", tool_name="query_logs", round=1, status="success", arguments={}, output=output,
        evidence_refs=[{"raw_path": f"/records/{i}", "text": "t"} for i in range(refs)],
    )


def test_the_change_read_is_repeated_before_what_its_evidence_refs_could_hold():
    step = PlanStep(tool="query_logs", arguments={"start": f"{DAY}T10:00:00+08:00", "end": f"{DAY}T13:00:00+08:00"}, purpose="")
    # 80 lines returned, only the newest 50 became evidence refs: read again up to the 50th line.
    again = earlier_change_step(step, _read_result(80, 50))
    assert again is not None and again.arguments["end"] == f"{DAY}T12:35:00+08:00"
    assert again.arguments["start"] == step.arguments["start"]
    # More lines than the read's limit: the same.
    assert earlier_change_step(step, _read_result(50, 50, truncated=True)) is not None
    # Everything returned is evidence: no second read; nor before a start it cannot precede.
    assert earlier_change_step(step, _read_result(30, 30)) is None
    anomaly = datetime.fromisoformat(f"{DAY}T09:00:00+08:00")
    assert earlier_change_step(step, _read_result(80, 50), anomaly) is None


@pytest.mark.parametrize(
    ("message", "names_it"),
    [
        ("KMS key alias/tag-service-recording rotated (CHG-7): version 3 disabled", False),
        ("deploy tag-service-admin v2.0 started", False),
        ("job old-tag-service-export started", False),
        ("deploy tag-service v1.3 started", True),
        ("config changed: dataId=tag-service.yaml key=cache.ttl 30 -> 60", True),
        ("kubectl rollout restart deploy/tag-service by ops_li", True),
        ("restarted pod tag-service-5f8d7c9b4-x2x7k by ops_li (stuck)", True),
    ],
)
def test_a_change_is_the_asked_services_only_when_it_names_that_service_not_a_longer_name(message, names_it):
    """A change of ``tag-service-recording`` (another thing, whose name starts with the asked
    service's) is not the asked service's change: only the whole name — or one of its pods — is."""
    start, end = _window()
    line = _ref("09:40:00", "kms", "INFO", message)
    found = change_refs([line], start=start, end=end, services=["tag-service"])
    assert bool(found) is names_it


_NAME = st.from_regex(r"[a-z]{2,8}(-[a-z]{2,8}){0,2}", fullmatch=True)
_WORD = st.from_regex(r"[a-z]{0,4}[aeiou][a-z]{1,6}", fullmatch=True)  # a word, never a pod's random suffix


@given(name=_NAME, word=_WORD, before=st.sampled_from(["", "alias/", "deploy ", "svc "]))
def test_a_longer_name_around_a_service_name_never_names_it_but_the_name_and_its_pods_do(name, word, before):
    assert not names_service(f"{before}{name}-{word} rotated", name)
    assert not names_service(f"{before}{word}-{name} rotated", name)
    assert names_service(f"{before}{name} rotated", name)
    assert names_service(f"{before}{name}.yaml changed", name)
    assert names_service(f"{before}{name}-7d9f8c5b4-x2k4p restarted", name)
