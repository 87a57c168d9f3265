"""The notification bodies (pure): the generic JSON shape and the robots' text messages."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from diagnosis.alerts.outbound import (
    MAX_STATEMENTS,
    ROBOT_MAX_BYTES,
    RunEnded,
    notification_message,
    robot_error,
    robot_text,
)


def ended(**changes) -> RunEnded:
    fields = dict(
        run_id="r1", session_id="s1", status="completed", outcome="pass", outcome_label="通过", verdict="PASS",
        question="payment-service 的告警 HighErrorRate …，原因是什么？", receiver="prod-am", group_key="{}:{a=\"b\"}",
        alert_name="HighErrorRate", service="payment-service", alert_status="firing",
        confirmed=["payment-service 10:05 起 HikariPool-1 连接池耗尽（active=50）"], link="https://d.example.com/runs/r1/",
        finished_at="2026-11-28T02:10:00+00:00",
    )
    fields.update(changes)
    return RunEnded(**fields)


def test_the_generic_message_carries_run_verdict_alert_statements_and_link():
    body = notification_message(ended(), "generic")
    assert body["event"] == "diagnosis_run_finished"
    assert (body["run_id"], body["outcome"], body["verdict"]) == ("r1", "pass", "PASS")
    assert body["alert"] == {"receiver": "prod-am", "group_key": "{}:{a=\"b\"}", "alert_name": "HighErrorRate",
                             "service": "payment-service", "status": "firing"}
    assert body["confirmed"] == ["payment-service 10:05 起 HikariPool-1 连接池耗尽（active=50）"]
    assert body["link"] == "https://d.example.com/runs/r1/"


def test_a_fallback_has_no_verdict_and_the_robot_says_nothing_was_confirmed():
    end = ended(outcome="fallback", outcome_label="兜底", verdict="", confirmed=[])
    assert notification_message(end, "generic")["verdict"] is None
    assert "没有经证据核实的事实" in robot_text(end) and "（" not in robot_text(end).splitlines()[1]


def test_each_robot_gets_its_own_text_shape():
    assert notification_message(ended(), "dingtalk")["text"]["content"] == robot_text(ended())
    assert notification_message(ended(), "wecom") == {"msgtype": "text", "text": {"content": robot_text(ended())}}
    assert notification_message(ended(), "feishu") == {"msg_type": "text", "content": {"text": robot_text(ended())}}


def test_without_a_site_url_the_robot_names_the_question_instead_of_a_link():
    text = robot_text(ended(link=""))
    assert "详情" not in text and text.splitlines()[-1].startswith("问题：payment-service")


def test_a_robots_refusal_inside_http_200_is_recognised():
    assert robot_error({"errcode": 310000, "errmsg": "x"}) == "errcode 310000"
    assert robot_error({"code": 19021, "msg": "sign match fail"}) == "code 19021"
    assert robot_error({"errcode": 0, "errmsg": "ok"}) == ""
    assert robot_error({"StatusCode": 0}) == "" and robot_error(None) == "" and robot_error({"code": True}) == ""


@given(statements=st.lists(st.text(max_size=2000), max_size=20), name=st.text(max_size=500))
def test_robot_text_stays_within_the_byte_bound_and_keeps_the_link(statements, name):
    text = robot_text(ended(confirmed=statements, alert_name=name))
    assert len(text.encode("utf-8")) <= ROBOT_MAX_BYTES
    assert text.endswith("详情：https://d.example.com/runs/r1/")
    assert len(notification_message(ended(confirmed=statements), "generic")["confirmed"]) <= MAX_STATEMENTS
