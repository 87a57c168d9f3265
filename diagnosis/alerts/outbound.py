"""The message sent when an alert-started run ends (pure: no Django, no I/O).

``generic`` is a JSON object for any webhook; ``dingtalk``, ``feishu`` and ``wecom`` are the
custom-robot *text* messages of DingTalk (钉钉自定义机器人), Feishu/Lark (飞书自定义机器人) and WeCom
(企业微信群机器人). Text, not markdown, on purpose: the statements contain alert and log text
(already quoted in 「…」), and a robot renders markdown links and mentions — text cannot be made
to link or @ anyone. The robot text is cut to ``ROBOT_MAX_BYTES`` (WeCom's text limit is 2048
bytes of UTF-8; DingTalk's and Feishu's are larger).

Alert names, services and group keys are written by whoever configures the alert rules: the title
shows one bare only when it is a plain ASCII identifier, otherwise as a quotation (``quote``: its
own quote marks neutralised, control and bidi characters escaped) — ``HighErr(6) 根因已确认…`` never
reads as the system's words (issue 25 item 5). A cut (to a statement's or the robot's bound) never
leaves a quotation open: what follows an open 「 would read as the system's own words.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from diagnosis.tools.quoting import QUOTE_CLOSE, QUOTE_OPEN, plain_name, quote

FORMATS: Final = ("generic", "dingtalk", "feishu", "wecom")
EVENT: Final = "diagnosis_run_finished"
MAX_STATEMENTS: Final = 8
STATEMENT_MAX_CHARS: Final = 300
ROBOT_MAX_BYTES: Final = 2000

ROBOT_TITLE: Final = "【告警诊断】{subject}"
ROBOT_OUTCOME: Final = "结论：{outcome}{verdict}"
ROBOT_CONFIRMED: Final = "已确认的事实："
ROBOT_NONE_CONFIRMED: Final = "没有经证据核实的事实（详见诊断页）。"
ROBOT_LINK: Final = "详情：{link}"
ROBOT_QUESTION: Final = "问题：{question}"
ELLIPSIS: Final = "…"
NAME_MAX_CHARS: Final = 60


@dataclass(frozen=True)
class RunEnded:
    """What the notification says about one ended, alert-started run."""

    run_id: str
    session_id: str
    status: str
    outcome: str
    outcome_label: str  # Chinese
    verdict: str  # "" on a fallback
    question: str
    receiver: str
    group_key: str
    alert_name: str
    service: str
    alert_status: str
    confirmed: Sequence[str]  # the composer's confirmed statements, tool text already quoted
    link: str  # "" when SITE_URL is not set
    finished_at: str  # ISO 8601


def _closed(text: str) -> str:
    """``text`` with a quotation a cut left open closed again."""
    depth = 0
    for char in text:
        if char == QUOTE_OPEN:
            depth += 1
        elif char == QUOTE_CLOSE and depth:
            depth -= 1
    return text + QUOTE_CLOSE * depth


def _short(text: str, limit: int) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else _closed(flat[: limit - 1] + ELLIPSIS)


def _name(text: str) -> str:
    """An alert name, service or group key as the title shows it: bare when a plain identifier."""
    flat = " ".join(text.split())
    if plain_name(flat) and len(flat) <= NAME_MAX_CHARS:
        return flat
    cut = flat if len(flat) <= NAME_MAX_CHARS else flat[: NAME_MAX_CHARS - 1] + ELLIPSIS
    return quote(cut)


def generic_message(end: RunEnded) -> dict[str, Any]:
    return {
        "event": EVENT,
        "run_id": end.run_id,
        "session_id": end.session_id,
        "status": end.status,
        "outcome": end.outcome,
        "outcome_label": end.outcome_label,
        "verdict": end.verdict or None,
        "question": end.question,
        "alert": {
            "receiver": end.receiver,
            "group_key": end.group_key,
            "alert_name": end.alert_name,
            "service": end.service,
            "status": end.alert_status,
        },
        "confirmed": [_short(s, STATEMENT_MAX_CHARS) for s in end.confirmed[:MAX_STATEMENTS]],
        "link": end.link or None,
        "finished_at": end.finished_at,
    }


def _cut_bytes(text: str, limit: int) -> str:
    data = text.encode("utf-8")
    if len(data) <= limit:
        return text
    # Room for the ellipsis and for closing as many quotations as could be open.
    room = limit - len(ELLIPSIS.encode("utf-8"))
    while True:
        cut = _closed(data[:room].decode("utf-8", errors="ignore") + ELLIPSIS)
        if len(cut.encode("utf-8")) <= limit:
            return cut
        room -= len(QUOTE_CLOSE.encode("utf-8"))


def robot_text(end: RunEnded) -> str:
    subject = " · ".join(_name(part) for part in (end.alert_name, end.service) if part.strip()) or _name(end.group_key)
    lines = [
        ROBOT_TITLE.format(subject=subject),
        ROBOT_OUTCOME.format(outcome=end.outcome_label, verdict=f"（{end.verdict}）" if end.verdict else ""),
    ]
    statements = [_short(s, STATEMENT_MAX_CHARS) for s in end.confirmed[:MAX_STATEMENTS]]
    if statements:
        lines.append(ROBOT_CONFIRMED)
        lines.extend(f"{i}. {s}" for i, s in enumerate(statements, 1))
    else:
        lines.append(ROBOT_NONE_CONFIRMED)
    tail = ROBOT_LINK.format(link=end.link) if end.link else ROBOT_QUESTION.format(question=_short(end.question, 200))
    # The link must survive the cut: it goes last but is reserved first.
    body = _cut_bytes("\n".join(lines), ROBOT_MAX_BYTES - len(tail.encode("utf-8")) - 1)
    return f"{body}\n{tail}"


def notification_message(end: RunEnded, fmt: str) -> dict[str, Any]:
    """The JSON body to POST for format ``fmt`` (one of ``FORMATS``)."""
    if fmt == "generic":
        return generic_message(end)
    text = robot_text(end)
    if fmt == "dingtalk":
        return {"msgtype": "text", "text": {"content": text}}
    if fmt == "wecom":
        return {"msgtype": "text", "text": {"content": text}}
    if fmt == "feishu":
        return {"msg_type": "text", "content": {"text": text}}
    raise ValueError(f"unknown notification format {fmt!r}")


def robot_error(reply: Any) -> str:
    """A robot's refusal inside an HTTP 200 (DingTalk/WeCom ``errcode``, Feishu ``code``), or ""."""
    if not isinstance(reply, dict):
        return ""
    for key in ("errcode", "code", "StatusCode"):
        value = reply.get(key)
        if isinstance(value, int) and not isinstance(value, bool) and value != 0:
            return f"{key} {value}"
    return ""
