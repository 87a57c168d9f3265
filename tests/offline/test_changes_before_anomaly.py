"""Change events and the order of anomalies on a world of their own (``warehouse_world``): the
change read finds the change lines among a busy INFO stream, reaches back to an anomaly that began
before the asked window, offers a dependency's change made before the failures (not one made
after), reads a failure logged only at WARN, and states orderings as hypotheses only. A noisy
neighbour's change lines that fill the read's limit do not hide the changes before the anomaly."""

from __future__ import annotations

import pytest

from diagnosis.models import ToolInvocation
from tests.offline.running import plan_and_execute
from tests.offline.warehouse_world import LABEL_PUSH, LABEL_ROLLOUT, STOCK_ROLLOUT, load_warehouse_world

pytestmark = pytest.mark.django_db


@pytest.fixture
def warehouse(db):
    load_warehouse_world()


def change_read(run) -> ToolInvocation:
    return ToolInvocation.objects.filter(run=run, arguments__has_key="any_keyword").order_by("seq").first()


def texts(contract, claim_type=None) -> list[str]:
    return [c["claim_text"] for c in contract["claims"] if claim_type in (None, c["claim_type"])]


def test_a_dependency_change_before_the_failures_is_a_timeline_claim_and_a_hypothesis(api_user, warehouse):
    run, _, contract = plan_and_execute(api_user, "pick-service 13:50 以后为什么一直失败？")
    timeline = " ".join(texts(contract, "timeline"))
    assert "stock-service v4.2.0" in timeline, texts(contract)
    assert "label-service v2.0.1" not in " ".join(texts(contract))  # made after the failures began
    assert any("13:40:00 deployer" in h["text"] for h in contract["hypotheses"]), contract["hypotheses"]
    assert all(c["claim_type"] != "root_cause" for c in contract["claims"])
    read = change_read(run)
    assert "SyncBinAsync" not in str(
        read.output
    )  # the read asks for change words, "sync operation" not "sync"
    assert STOCK_ROLLOUT in str(read.output) and LABEL_ROLLOUT in str(read.output)


def test_a_failure_logged_only_at_warn_is_read_when_the_error_read_is_empty(api_user, warehouse):
    run, _, contract = plan_and_execute(api_user, "pick-service 13:50 以后为什么一直失败？")
    error_read = (
        ToolInvocation.objects.filter(run=run, arguments__service="pick-service").order_by("seq").first()
    )
    assert error_read is not None and error_read.arguments["level"] == "ERROR"
    assert error_read.status == ToolInvocation.Status.NO_HIT
    assert ToolInvocation.objects.filter(
        run=run, arguments__service="pick-service", arguments__level="WARN"
    ).exists()
    assert any("reserve stock failed" in t for t in texts(contract, "observation")), texts(contract)


def test_the_change_read_reaches_back_to_an_anomaly_older_than_the_window(api_user, warehouse):
    run, _, contract = plan_and_execute(api_user, "label-service 为什么一直报错？")
    read = change_read(run)
    assert read.arguments["start"] <= "2027-05-20T08:41:00+08:00"  # 30 min before the alert's 09:11
    assert any(LABEL_PUSH in t for t in texts(contract, "timeline")), texts(contract)


def test_a_slow_dependency_before_pool_exhaustion_is_a_hypothesis_never_a_claim(api_user, warehouse):
    _, _, contract = plan_and_execute(api_user, "dock-service 11 点为什么变慢还报错？")
    ordered = [h["text"] for h in contract["hypotheses"] if "可能被慢的依赖占满" in h["text"]]
    assert ordered and "11:00:30" in ordered[0] and "11:06:00" in ordered[0], contract["hypotheses"]
    assert "线程池" in ordered[0]  # what was exhausted, named by its symptom's label
    assert not any("可能被慢的依赖占满" in t for t in texts(contract))


@pytest.mark.parametrize(
    ("question", "change"),
    [("pick-service 13:50 以后为什么一直失败？", "stock-service v4.2.0"), ("label-service 为什么一直报错？", "label.template=v3")],
)
def test_changes_before_the_anomaly_are_found_when_a_noisy_neighbour_fills_the_change_read(api_user, db, question, change):
    load_warehouse_world(noisy=True)
    run, _, contract = plan_and_execute(api_user, question)
    reads = list(ToolInvocation.objects.filter(run=run, arguments__has_key="any_keyword").order_by("seq"))
    assert reads[0].output["truncated"] and len(reads) == 2  # the newest 100 lines, then once more before them
    assert reads[1].arguments["start"] == reads[0].arguments["start"]
    assert reads[1].arguments["end"] < reads[0].arguments["end"]
    assert any(change in t for t in texts(contract, "timeline")), texts(contract)
    assert not any("rotation_bot" in t for t in texts(contract))  # the neighbour's pushes are not related
