"""The survey's chain (issue 26 items 3 and 4), pure: callers' error lines tied to the component they
blame, per fault family, on small built states; the root cause chosen from findings and ties; a
healthy cluster only when nothing is wrong."""

from __future__ import annotations

from datetime import datetime

from diagnosis.k8s_analysis import analyze
from diagnosis.k8s_analysis.chain import LogLine, load_ties, survey, tie_lines
from tests.k8s.cluster import NS, cluster, healthy, pod, service

AT = datetime.fromisoformat("2026-11-28T10:20:00+08:00")


def line(service_name: str, message: str, *, level: str = "ERROR", n: int = 0) -> LogLine:
    return LogLine(ref=f"inv_9/records/{n}", service=service_name, level=level, at=AT, message=message)


def shop(**over):
    raw = healthy("frontend", "cart", "redis-cart")
    for s in raw["services"]:
        s["cluster_ip"] = {"frontend": "10.96.0.10", "cart": "10.96.0.11", "redis-cart": "10.96.0.12"}[s["name"]]
        if s["name"] == "redis-cart":
            s["ports"] = [{"name": "redis", "port": 6379, "target_port": 8080}]
    raw.update(over)
    return raw


CATALOG_DEPENDS = {"cart": ["redis-cart"], "frontend": ["cart"]}


def test_the_tie_table_loads_and_every_pattern_compiles():
    ids = [t.id for t in load_ties()]
    assert {"refused", "read_only", "auth_failed", "wrong_port", "no_such_host", "deadline"} <= set(ids)


def test_connection_refused_to_a_services_cluster_ip_is_tied_to_the_workload_behind_it():
    state = cluster(shop())
    refused = line("frontend", 'rpc error: code = Unavailable desc = connection error: desc = "transport: Error while '
                               'dialing: dial tcp 10.96.0.11:80: connect: connection refused"')
    [tie] = tie_lines([refused], state, CATALOG_DEPENDS)
    assert (tie.rule, tie.caller, tie.target) == ("refused", "frontend", "cart")
    assert (tie.blames.kind, tie.blames.name) == ("Deployment", "cart")


def test_a_read_only_write_is_tied_to_the_database_the_callers_catalog_names():
    state = cluster(shop())
    readonly = line("cart", "Can't access cart storage. StackExchange.Redis.RedisServerException: READONLY You can't "
                            "write against a read only replica.")
    [tie] = tie_lines([readonly], state, CATALOG_DEPENDS)
    assert (tie.rule, tie.target, tie.blames.name) == ("read_only", "redis-cart", "redis-cart")


def test_a_wrong_password_is_tied_to_the_client_not_the_database():
    state = cluster(shop())
    wrongpass = line("cart", "StackExchange.Redis.RedisServerException: WRONGPASS invalid username-password pair")
    [tie] = tie_lines([wrongpass], state, CATALOG_DEPENDS)
    assert (tie.rule, tie.blames.name) == ("auth_failed", "cart")


def test_a_port_the_named_service_does_not_serve_is_the_clients_fault():
    state = cluster(shop())
    wrong = line("cart", "It was not possible to connect to the redis server(s). UnableToConnect on redis-cart:6380/Interactive")
    right = line("cart", "It was not possible to connect to the redis server(s). UnableToConnect on redis-cart:6379/Interactive", n=1)
    [wrong_tie] = tie_lines([wrong], state, CATALOG_DEPENDS)
    [right_tie] = tie_lines([right], state, CATALOG_DEPENDS)
    assert (wrong_tie.rule, wrong_tie.blames.name) == ("wrong_port", "cart")
    assert (right_tie.rule, right_tie.blames.name) == ("refused", "redis-cart")


def test_a_line_pointing_nowhere_the_state_knows_is_tied_to_nothing():
    state = cluster(shop())
    assert tie_lines([line("frontend", "dial tcp 192.0.2.7:80: connect: connection refused")], state, {}) == []
    assert tie_lines([line("frontend", "READONLY You can't write against a read only replica", level="WARN")], state, {}) == []


def test_the_root_cause_is_the_critical_finding_and_its_chain_the_lines_that_point_at_it():
    raw = shop()
    raw["pods"][1] = pod("cart", phase="Pending", ready="0/1", waiting_reason="CreateContainerConfigError",
                         waiting_message='secret "cart-env" not found')
    state = cluster(raw)
    refused = line("frontend", "dial tcp 10.96.0.11:80: connect: connection refused")
    found = survey(state, analyze(state), [refused], CATALOG_DEPENDS)
    assert found.root is not None and (found.root.blames.kind, found.root.blames.name) == ("Deployment", "cart")
    assert [t.caller for t in found.chain] == ["frontend"]
    assert not found.healthy


def test_a_runtime_fault_the_state_does_not_show_is_the_root_cause_from_its_tied_lines():
    state = cluster(shop())
    readonly = line("cart", "READONLY You can't write against a read only replica.")
    found = survey(state, analyze(state), [readonly], CATALOG_DEPENDS)
    assert found.root is None and found.root_tie is not None
    assert found.component is not None and found.component.name == "redis-cart"


def test_a_quiet_cluster_is_healthy_and_an_unexplained_error_line_keeps_it_from_being_called_healthy():
    state = cluster(shop())
    assert survey(state, analyze(state), [line("cart", "slow round trip", level="WARN")], {}).healthy
    unexplained = survey(state, analyze(state), [line("cart", "something failed badly")], {})
    assert not unexplained.healthy and unexplained.component is None


def test_a_failed_cronjob_alone_is_secondary_not_the_root_cause():
    raw = shop(jobs=[{"namespace": NS, "name": "report-1", "cronjob": "report", "failed": 3,
                      "conditions": [{"type": "Failed", "status": "True", "reason": "BackoffLimitExceeded"}],
                      "observed_at": raw_time()}])  # fmt: skip
    state = cluster(raw)
    found = survey(state, analyze(state), [], {})
    assert found.root is None and [f.rule for f in found.secondary] == ["job_failed"]
    assert found.healthy


def raw_time() -> str:
    return "2026-11-28T10:30:00+08:00"


def test_a_service_selects_by_its_cluster_ip_only_when_one_was_read():
    raw = shop()
    for s in raw["services"]:
        s.pop("cluster_ip")
    state = cluster(raw)
    assert tie_lines([line("frontend", "dial tcp 10.96.0.11:80: connect: connection refused")], state, {}) == []
    assert all(s.data.cluster_ip == "" for s in state.of("services"))
    assert service("x")["namespace"] == NS


def test_an_error_passed_on_by_a_caller_blames_the_service_that_logged_it_first():
    state = cluster(shop())
    own = "Can't access cart storage. StackExchange.Redis.RedisConnectionException: UnableToConnect on redis-cart:6380/Interactive"
    wrapped = f"rpc error: code = FailedPrecondition desc = {own}"
    ties = tie_lines([line("cart", own), line("frontend", wrapped, n=1)], state, CATALOG_DEPENDS)
    by_caller = {t.caller: t for t in ties}
    assert by_caller["cart"].blames.name == "cart" and by_caller["cart"].via == ""
    assert by_caller["frontend"].blames.name == "cart" and by_caller["frontend"].via == "cart"
    assert ties[0].caller == "cart"  # the tie that is not passed on leads


def test_a_caller_whose_target_logs_the_same_error_blames_what_the_target_blames():
    state = cluster(shop())
    ties = tie_lines([line("cart", "insert failed: (NotWritablePrimary) not primary"),
                      line("frontend", "cart.AddItem failed: rpc error: code = Unknown desc = (NotWritablePrimary) not primary", n=1)],
                     state, CATALOG_DEPENDS)  # fmt: skip
    assert {t.caller: t.blames.name for t in ties} == {"cart": "redis-cart", "frontend": "redis-cart"}
