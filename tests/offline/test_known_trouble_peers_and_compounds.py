"""Three readings of issue 32: a known warning outnumbered by a new kind of trouble does not mark
when the failure began; a node's line its peers log as well is no finding of that node; a service
named right before another one's name is that one's modifier (a Chinese compound names its last part)."""

from __future__ import annotations

from contracts.plan import ServiceInfo
from contracts.tools import ToolCallResult
from diagnosis.agents.offline.novelty import routine_lines
from diagnosis.agents.offline.placement import node_lines
from diagnosis.agents.offline.refs import Origin
from diagnosis.reading.entities import analyse

WINDOW = {"start": "2026-12-22T13:50:00+08:00", "end": "2026-12-22T14:50:00+08:00"}
BASELINE = {"start": "2026-12-22T07:50:00+08:00"}
VALIDATION = "application <*> beneficiary id check failed (format), user asked to correct"
SIGNING = "e-policy P2<NUM> generation failed: ah-esign returned <NUM> SIGN_FAILED"


def onset_read(*counts: tuple[str, int, int]) -> ToolCallResult:
    templates = [{"template": t, "in_window": w, "in_baseline": b, "first_at": "2026-12-22T05:52:00Z", "level": "WARN"}
                 for t, w, b in counts]
    return ToolCallResult(invocation_id="inv_5", tool_name="query_logs", round=1, status="success",
                          arguments={"service": "ah-policy-issue", "level": "WARN", "group": "template", **WINDOW},
                          output={"records": [], "templates": templates, "baseline": BASELINE}, evidence_refs=[],
                          origin=Origin.ONSET)


def routine(call: ToolCallResult, template: str) -> bool:
    message = template.replace("<*>", "A1").replace("<NUM>", "7")
    return any(p.fullmatch(message) for p in routine_lines([call]))


def test_a_known_warning_outnumbered_by_a_new_failure_does_not_mark_the_onset():
    call = onset_read((VALIDATION, 7, 2), (SIGNING, 43, 0))  # 2 → 7 is a jump, but 43 new failures dwarf it
    assert routine(call, VALIDATION)
    assert not routine(call, SIGNING)


def test_a_known_warning_that_jumped_with_no_larger_new_trouble_still_marks_the_onset():
    assert not routine(onset_read((VALIDATION, 70, 2), (SIGNING, 43, 0)), VALIDATION)
    assert not routine(onset_read((VALIDATION, 7, 2)), VALIDATION)


def node_read(node: str | None, rows: list[tuple[str, str, int, int]]) -> ToolCallResult:
    records, templates, refs = [], [], []
    for i, (message, level, in_window, in_baseline) in enumerate(rows):
        at = f"2026-12-22T0{i + 1}:00:00+08:00"
        records.append({"timestamp": at, "service": "k8s-node", "level": level, "instance": node or "node-01",
                        "message": message, "trace_id": "", "in_window": in_window, "in_baseline": in_baseline})
        templates.append({"template": message, "in_window": in_window, "in_baseline": in_baseline, "first_at": at,
                          "level": level})
        refs.append({"raw_path": f"/records/{i}", "text": f"{at} k8s-node {level} {message}"})
    arguments = {"instance": node} if node else {"service": "k8s-node"}
    return ToolCallResult(invocation_id=f"inv_{node or 'fleet'}", tool_name="query_logs", round=1, status="success",
                          arguments={**arguments, "level": "INFO", "group": "template"},
                          output={"records": records, "templates": templates}, evidence_refs=refs, origin=Origin.PLACEMENT)


GC = "kubelet: Disk usage on image filesystem is below the low threshold"
BIOS = "node-exporter: cpu scaling frequency 1.20 GHz"


def test_a_line_every_node_logs_is_no_finding_of_the_suspect_node():
    own = node_read("node-07", [(GC, "INFO", 2, 0), (BIOS, "INFO", 30, 0)])
    fleet = node_read(None, [(GC, "INFO", 14, 3), (BIOS, "INFO", 30, 0)])
    said = [r.element["message"] for r in node_lines([own, fleet])["node-07"]]
    assert said == [BIOS]
    # without the fleet's read, the rare kubelet line would stand as new on the node
    assert GC in [r.element["message"] for r in node_lines([own])["node-07"]]


CATALOG = [
    ServiceInfo(name="ah-claims", aliases=["理赔", "理赔系统"]),
    ServiceInfo(name="ah-claims-ocr", aliases=["OCR", "材料识别", "理赔 OCR"]),
]


def test_a_service_named_right_before_another_is_its_modifier():
    facts = analyse("上午十点多理赔材料识别特别慢，有的要十几秒还超时，OCR 服务咋了？", CATALOG)
    assert [m.name for m in facts.services] == ["ah-claims-ocr"]


def test_two_services_named_apart_are_both_asked():
    facts = analyse("理赔系统和材料识别今天上午都慢，怎么回事？", CATALOG)
    assert sorted(m.name for m in facts.services) == ["ah-claims", "ah-claims-ocr"]


STATION_CATALOG = [
    ServiceInfo(name="kx-vision", aliases=["视觉检测", "机器视觉"],
                description="机器视觉检测：每个副本服务一组工位，VQ-305 为三号线终检"),
    ServiceInfo(name="kx-quality", aliases=["质量系统", "终检"], description="检验结果、不良统计与批次冻结"),
]


def test_a_compound_whose_modifier_names_a_service_that_does_the_heads_job_names_that_service():
    """视觉终检: 终检 alone is the quality system, but 视觉 (of 视觉检测) before it names the vision
    station whose description gives it the final inspection — the station, not the system, is asked."""
    assert [m.name for m in analyse("三号线那台视觉终检的判废率最高冲到多少？", STATION_CATALOG).services] == ["kx-vision"]
    assert [m.name for m in analyse("终检的判废率最高冲到多少？", STATION_CATALOG).services] == ["kx-quality"]
    # the head's service named again on its own: the question asks about it
    assert [m.name for m in analyse("视觉终检的判废率冲高了，终检那边怎么了？", STATION_CATALOG).services] == ["kx-quality"]
    # a modifier whose service's description does not name the head leaves the head's service
    other = [STATION_CATALOG[0].model_copy(update={"description": "机器视觉检测"}), STATION_CATALOG[1]]
    assert [m.name for m in analyse("视觉终检的判废率最高冲到多少？", other).services] == ["kx-quality"]


NOTIFY_CATALOG = [
    ServiceInfo(name="md-permission", aliases=["权限服务", "分享"]),
    ServiceInfo(name="md-notify", aliases=["通知服务", "邮件"]),
    ServiceInfo(name="md-search", aliases=["搜索服务", "站内搜索"]),
    ServiceInfo(name="md-es", aliases=["ES"]),
]


def test_the_service_the_last_clause_asks_about_is_asked_when_the_story_tells_no_failure_of_the_others():
    facts = analyse("启明律所从今天早上开始收不到分享邀请，站内信倒是有，通知服务咋了？", NOTIFY_CATALOG)
    assert [m.name for m in facts.services] == ["md-notify"]


SCHEDULER_CATALOG = [
    ServiceInfo(name="yz-nwp", aliases=["数值预报调度"]),
    ServiceInfo(name="yz-tiles", aliases=["瓦片服务"]),
]


def test_a_cluster_the_story_mentions_does_not_make_a_question_about_a_named_service_a_survey():
    """集群明明空着 tells what the asker saw; the asking clause names the scheduler: its own trouble
    is asked, not which component of the cluster is broken (another incident's crash loop)."""
    assert not analyse("刚才 WRF 一直在排队，集群明明空着，数值预报调度这是怎么回事？", SCHEDULER_CATALOG).survey
    assert analyse("集群里哪个组件出了问题？", SCHEDULER_CATALOG).survey
    assert analyse("数值预报调度报错了，集群这是怎么回事？", SCHEDULER_CATALOG).survey  # the cluster asked
    assert analyse("一直排队，集群这边怎么回事？", SCHEDULER_CATALOG).survey  # no service named


def test_a_story_that_tells_a_failure_keeps_the_failing_service_asked_beside_the_suspect():
    facts = analyse("七点半多开始搜索服务一直吐 503，ES 那边到底怎么了？", NOTIFY_CATALOG)
    assert sorted(m.name for m in facts.services) == ["md-es", "md-search"]


ITSELF_CATALOG = [
    ServiceInfo(name="pt-resume", aliases=["简历解析"]),
    ServiceInfo(name="pt-ocr", aliases=["OCR"]),
    ServiceInfo(name="md-audit-log", aliases=["审计日志"]),
    ServiceInfo(name="md-sso", aliases=["登录"]),
    ServiceInfo(name="ld-settle", aliases=["结算"]),
    ServiceInfo(name="ld-billing", aliases=["账单"]),
]


def test_a_service_asked_about_itself_is_asked_alone_whatever_the_story_names():
    asked = lambda q: [m.name for m in analyse(q, ITSELF_CATALOG).services]  # noqa: E731
    # the callers' timeouts are the story; OCR itself is what is asked
    assert asked("简历解析那边说调 OCR 超时，OCR 服务本身今天有没有异常？") == ["pt-ocr"]
    # 它自己: the topic, the first service named — not the login the warnings are about
    assert asked("审计日志今天一直在报异地登录的警告，它自己是不是有问题？") == ["md-audit-log"]


def test_itself_in_the_story_rather_than_the_ask_narrows_nothing():
    # "它自己又跑起来了" tells what happened; the ask is another clause
    asked = [m.name for m in analyse("结算凌晨没跑，商家没收到账单，九点半它自己又跑起来了，谁动了定时任务？", ITSELF_CATALOG).services]
    assert asked == ["ld-settle", "ld-billing"]


KIOSK_CATALOG = [
    ServiceInfo(name="qs-kiosk", aliases=["自助机"]),
    ServiceInfo(name="qs-wallet", aliases=["充值", "钱包"]),
]


def test_a_service_asked_whether_it_logged_errors_or_alerts_is_asked_alone_whatever_failure_the_story_tells():
    asked = lambda q: [m.name for m in analyse(q, KIOSK_CATALOG).services]  # noqa: E731
    # what failed on the kiosk (a top-up) is the story; the kiosk's own errors and alerts are asked —
    # the kiosk named in the story too is still the one the ask names
    assert asked("有用户说早上在自助机上充值失败，自助机后台今天有没有报错或者告警？") == ["qs-kiosk"]
    assert asked("早上充值一直失败，自助机今天报过警没有？") == ["qs-kiosk"]


def test_a_cause_or_a_guess_asked_after_a_told_failure_keeps_the_failing_service_asked():
    asked = lambda q: sorted(m.name for m in analyse(q, KIOSK_CATALOG).services)  # noqa: E731
    assert asked("有用户说早上在自助机上充值失败，自助机那边怎么了？") == ["qs-kiosk", "qs-wallet"]
    # a guess at the suspect is no question about its own records
    assert asked("早上充值一直失败，是自助机出了问题吗？") == ["qs-kiosk", "qs-wallet"]


def test_a_quiet_dependencys_change_an_hour_before_is_no_cause_but_a_red_one_is():
    from datetime import UTC, datetime, timedelta

    from diagnosis.agents.offline.changes import change_refs
    from diagnosis.agents.offline.refs import Ref

    onset = datetime(2026, 12, 22, 11, 32, tzinfo=UTC)

    def line(at: datetime, message: str, service: str, level: str = "INFO") -> Ref:
        element = {"timestamp": at.isoformat(), "service": service, "level": level, "message": message}
        return Ref("inv_c", "query_logs", 1, f"/records/{service}", message, "log", element, service, level)

    rollback = line(onset - timedelta(minutes=52), "certificate rolled back to the previous one by ops (SEC-1193)", "nc-ingress")
    failing = line(onset, "isolation trace failed: lock timeout", "nc-dispatch", "ERROR")
    span = {"start": onset - timedelta(hours=1), "end": onset + timedelta(hours=1), "services": ["nc-dispatch"],
            "anomalies": [failing], "depends_on": ["nc-ingress"]}
    assert change_refs([rollback], **span) == []
    assert [r for _, r in change_refs([rollback], **span, onsets={"nc-ingress": onset - timedelta(minutes=50)})] == [rollback]


def test_a_bare_word_that_is_part_of_another_named_services_name_is_that_services_part():
    catalog = [ServiceInfo(name="aj-owner-app", aliases=["业主 App", "App"]),
               ServiceInfo(name="aj-patrol", aliases=["巡更", "巡更 App"])]
    facts = analyse("保安今天早上巡更一直打不上卡，App 说不在巡更点范围内，巡更系统是怎么回事？", catalog)
    assert [m.name for m in facts.services] == ["aj-patrol"]
    assert [m.name for m in analyse("业主 App 今天一直打不开，怎么回事？", catalog).services] == ["aj-owner-app"]


LAB_CATALOG = [
    ServiceInfo(name="lb-lis", aliases=["检验系统", "LIS"], description="检验信息系统：接收 ELISA 酶免仪、NAT 核酸仪的结果"),
    ServiceInfo(name="lb-bus", aliases=["献血车"], description="献血车平板同步，经 VPN 回传；NAT 穿透"),
    ServiceInfo(name="lb-order", aliases=["订单"], description="医院订单"),
]


def test_a_technical_word_one_services_description_holds_names_that_service_and_the_figure():
    """ELISA names no service by alias; the LIS's description alone holds it: the LIS is asked, and
    the figure is the series whose name holds the word (lis_elisa_reactive_percent) — not a
    clarification of a question that says what it wants."""
    facts = analyse("今天上午 ELISA 的反应性比例最高到了百分之多少？", LAB_CATALOG)
    assert [m.name for m in facts.services] == ["lb-lis"] and facts.metric == "elisa" and facts.diagnosable


def test_a_technical_word_several_descriptions_hold_names_no_service():
    assert analyse("今天上午 NAT 的比例最高到了百分之多少？", LAB_CATALOG).services == ()


def test_a_service_named_by_its_alias_is_not_replaced_by_a_description_word():
    facts = analyse("订单今天上午 ELISA 相关的报错有多少条？", LAB_CATALOG)
    assert [m.name for m in facts.services] == ["lb-order"]
