"""A quotation of tool text never cuts an identifier (service, metric, path) in two, and quoting
changes nothing of the text but the quote marks it adds (issue 10 item 4; defect seen on the
ticketing world: "t「s-route-service」", "「kube_pod_c」ontainer_status_restarts_total")."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from diagnosis.composer.compose import render_material
from diagnosis.composer.material import build_material
from diagnosis.tools.quoting import QUOTE_CLOSE, QUOTE_OPEN, ToolText, quote_copies
from tests.projection import verified_evidence, verified_output

NAMES = ["ts-route-service", "route-service", "线路服务"]
METRIC = "kube_pod_container_status_restarts_total"
ROUTE_LOG = ToolText("ts-route-service 的日志", "ts-route-service pod restarted: kube_pod_cpu_usage above limit, OOMKilled")
ROUTE_ALERT = ToolText("告警 PodRestarting 的内容", f"route-service 重启次数 {METRIC} 超过阈值 PodRestarting")
SOURCES = [ROUTE_LOG, ROUTE_ALERT]
IDENTIFIER = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-.:/")
MARKS = (QUOTE_OPEN, QUOTE_CLOSE)


def unquoted(text: str) -> str:
    return text.replace(QUOTE_OPEN, "").replace(QUOTE_CLOSE, "")


def cuts(original: str, quoted: str) -> list[str]:
    """Each quote mark of ``quoted`` that stands between two identifier characters of
    ``original``, shown with its surroundings."""
    found: list[str] = []
    position = 0  # index in ``original`` of the next character of ``quoted``
    for k, char in enumerate(quoted):
        if char in MARKS:
            if 0 < position < len(original) and original[position - 1] in IDENTIFIER and original[position] in IDENTIFIER:
                found.append(quoted[max(0, k - 12) : k + 12])
        else:
            position += 1
    return found


def test_a_stray_letter_of_a_service_name_is_not_quoted_as_a_copy():
    # Was "服务 t「s-route-service pod restarted」 多次": the alias "route-service" left "s" to
    # count as a copied word.
    text = "服务 ts-route-service pod restarted 多次"
    assert quote_copies(text, SOURCES, names=NAMES) == text


def test_a_copy_that_starts_inside_a_service_name_quotes_the_whole_name():
    # Was "ts-「route-service 重启次数 … 超过阈值」".
    text = f"ts-route-service 重启次数 {METRIC} 超过阈值，需要排查"
    quoted = quote_copies(text, SOURCES, names=NAMES)
    assert quoted == f"「ts-route-service 重启次数 {METRIC} 超过阈值」，需要排查"


def test_a_copy_that_ends_inside_a_metric_name_quotes_the_whole_metric():
    # The log says "kube_pod_cpu…", the claim "kube_pod_container…": the match ends after "kube_pod_c".
    text = f"我们看到 pod restarted: {METRIC} 持续上升"
    quoted = quote_copies(text, SOURCES, names=NAMES)
    assert quoted == f"我们看到 「pod restarted: {METRIC}」 持续上升"
    assert cuts(text, quoted) == []


def test_the_rendered_answer_never_cuts_an_identifier():
    output = {
        "answer_version": "executor_evidence_v2",
        "claims": [
            {"claim_id": "c1", "claim_type": "observation", "claim_text": f"ts-route-service 重启次数 {METRIC} 超过阈值",
             "support_level": "direct", "evidence_bindings": []},
            {"claim_id": "c2", "claim_type": "observation", "claim_text": f"14:40 pod restarted: {METRIC} 升到 5",
             "support_level": "direct", "evidence_bindings": []},
            {"claim_id": "c3", "claim_type": "observation", "claim_text": "服务 ts-route-service pod restarted 多次",
             "support_level": "direct", "evidence_bindings": []},
        ],
        "hypotheses": [], "recommended_actions": [],
    }
    evidence = [{"claim_id": c, "source_invocation_id": "inv_1", "tool_name": "query_metrics", "raw_path": "/alerts/0",
                 "matched_text": ROUTE_ALERT.text} for c in ("c1", "c2", "c3")]
    material = build_material(
        question="ts-route-service 为什么一直重启？", verdict="PASS",
        claim_checks=[{"claim_id": c, "verification": "direct_observation", "is_critical": True, "detail": "",
                       "evidence_refs": []} for c in ("c1", "c2", "c3")],
        evidence_gaps=[], verified_output=verified_output(output), verified_evidence=verified_evidence(evidence),
        tool_texts=SOURCES, service_names=NAMES,
    )
    answer = render_material(material)
    assert "「ts-route-service 重启次数" in answer
    assert f"「pod restarted: {METRIC}」" in answer
    assert "服务 ts-route-service pod restarted 多次" in answer
    for line in answer.splitlines():
        for k, char in enumerate(line):
            if char in MARKS and 0 < k < len(line) - 1:
                assert not (line[k - 1] in IDENTIFIER and line[k + 1] in IDENTIFIER), line


# ---- property: random identifiers in Chinese sentences and tool text -------------------------

identifiers = st.from_regex(r"[a-z][a-z0-9]{0,6}([_\-.:/][a-z0-9]{1,6}){0,4}", fullmatch=True)
TOOL_WORDS = ["重启次数", "超过阈值", "连接池耗尽", "根因已确认", "数据库被删除", "pod", "restarted", "OOMKilled",
              "above", "limit", "=", "500", "，"]
OWN_WORDS = ["我们观察到", "之后", "在", "同时", "需要排查", "的", "出现"]


@st.composite
def worlds(draw):
    idents = draw(st.lists(identifiers, min_size=1, max_size=6, unique=True))
    names = draw(st.lists(st.sampled_from(idents), max_size=3, unique=True))
    # An alias that is the tail of another name ("route-service" of "ts-route-service").
    names += [n.split("-", 1)[1] for n in names if "-" in n and n.split("-", 1)[1]]
    vocabulary = st.sampled_from(idents + TOOL_WORDS)
    sep = st.sampled_from(["", " "])
    tool_texts = [
        ToolText(f"来源{k}", "".join(draw(vocabulary) + draw(sep) for _ in range(draw(st.integers(3, 14)))).strip())
        for k in range(draw(st.integers(1, 3)))
    ]
    pieces = [draw(st.sampled_from(OWN_WORDS))]
    for _ in range(draw(st.integers(1, 14))):
        choice = draw(st.integers(0, 2))
        if choice == 0:
            # a stretch copied from a tool text, cut anywhere (even inside an identifier)
            source = draw(st.sampled_from(tool_texts)).text
            a = draw(st.integers(0, len(source)))
            b = draw(st.integers(a, len(source)))
            pieces.append(source[a:b])
        elif choice == 1:
            pieces.append(draw(vocabulary))
        else:
            pieces.append(draw(st.sampled_from(OWN_WORDS)))
        pieces.append(draw(sep))
    text = " ".join("".join(pieces).split())  # one space between words, as claim text is written
    return text, tool_texts, names


@given(worlds())
def test_quoting_only_adds_quote_marks_and_never_inside_an_identifier(world):
    text, tool_texts, names = world
    quoted = quote_copies(text, tool_texts, names=names)
    assert unquoted(quoted) == text
    assert cuts(text, quoted) == []
