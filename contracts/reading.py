"""The question read once per run (issue 28): what ``diagnosis.reading`` makes of a question, as
data. The graph's planner node reads the question once (``reading.conversation.resolve``, with the
session's context), keeps the ``Reading`` on the state and hands it to every provider's planner
and executor in their requests; no provider reads the question again. Pure pydantic, no Django.

- ``ServiceMention`` / ``QuestionFacts``: what a question is about (``reading.entities.analyse``);
- ``TimeWindow``: the span it asks about (``reading.time_expressions.resolve_window``);
- ``Reading``: both in the question's session (a follow-up's references resolved against the
  previous turn), its ``asked``, and the question's own facts and window (read on its own).
"""

from __future__ import annotations

from datetime import datetime

from pydantic import BaseModel, ConfigDict
from pydantic.dataclasses import dataclass

from contracts.asked import Asked


@dataclass(frozen=True)
class ServiceMention:
    name: str  # canonical name when known, else the name as written (folded)
    known: bool
    text: str  # the matched words (folded)
    start: int


@dataclass(frozen=True)
class QuestionFacts:
    """Everything the agents read off a question (no times: see ``TimeWindow``)."""

    services: tuple[ServiceMention, ...]
    symptoms: tuple[str, ...]
    narrow: bool
    cause: bool
    confirm: bool  # asks to confirm (是否、有没有 …): narrow, with one subject (``entities.is_narrow``)
    why: bool = False  # asks for the reason (为什么 / 原因), not only what happened
    quantity: bool = False  # asks for a figure: answer from the asked dimension's series/alert
    extreme: str = ""  # "max" | "min": a superlative — cite the extreme line, not the first
    listing: str = ""  # "alerts" | "services" | "items": alerts / one claim per service / named items
    unresolved: bool = False  # with listing "alerts": only those still firing
    alert_names: tuple[str, ...] = ()  # alert identifiers the question names (HighErrorRate)
    change: bool = False  # asks what changed (变更 / 发布 / what changed)
    items: tuple[str, ...] = ()  # with listing "items": the words every listed item shows
    metric: str = ""  # a metric the question names (threads_running): a series whose name has it
    measured: tuple[str, ...] = ()  # the key terms it names (连接): what a figure measures, no symptom needed
    rate: str = ""  # "minute" | "second": a figure asked per unit of time (一分钟最多新建了多少个连接)
    unit: str = ""  # the measure word after 多少 / 几 (多少秒 → 秒, 多少条 → 条): ``asked_unit``
    survey: bool = False  # asks which component of the cluster / namespace is at fault, and why
    k8s_triggers: tuple[str, ...] = ()  # ids of the ``k8s.toml`` triggers it names: the Kubernetes state it calls for
    told: tuple[str, ...] = ()  # the messages the asker saw, as quoted (提示积分不足 → 积分不足): ``reading.told``
    # The story's own words for what went wrong, quoted or not (一堆会员说自己被限制约课了): matched
    # against the runbooks' titles for the codes the services log it as (``reading.told.story_runs``).
    story: tuple[str, ...] = ()
    # The question's own words for its subject (CO2, 储罐, 液位): what an alert or a series says when no
    # symptom word of the rules is read (``reading.told.said_words``).
    said: tuple[str, ...] = ()
    joined: bool = False  # asks about each of several services (A 和 B, 分别): ``entities.joined_mentions``
    # The alerts' state is told in the story and a why asked beside it (告警到现在都没恢复，选座服务怎么了):
    # the alert is context, not the answer (``entities._alert_state_told``).
    alert_told: bool = False

    @property
    def offers_changes(self) -> bool:
        """Change events answer it: a question about what changed, or a broad diagnosis."""
        return self.change or (not self.narrow and not self.listing)

    @property
    def diagnosable(self) -> bool:
        """The question names something to look into: a service (known or not), a symptom, an
        alert, a change, a measured thing, or asks for a cause or a list. A time, a generic
        question word or a snake_case word alone (``10:05``, ``今天天气怎么样``, SQL) names nothing:
        such text gets a clarification, never a diagnosis (issue 24)."""
        return bool(
            self.services or self.symptoms or self.cause or self.listing or self.alert_names or self.change
            or self.measured or (self.metric and (self.quantity or self.extreme))
        )

    @property
    def known_services(self) -> list[str]:
        return [m.name for m in self.services if m.known]

    @property
    def unknown_services(self) -> list[str]:
        return [m.name for m in self.services if not m.known]


@dataclass(frozen=True)
class TimeWindow:
    start: datetime
    end: datetime
    explicit: bool  # the question pinned a time (the executor must not widen it)
    kind: str  # point | range | relative | span | day_part | day | recent | now | default | widened
    expression: str = ""  # the words it came from
    anchor: datetime | None = None  # the point time, when one was named

    def iso(self) -> tuple[str, str]:
        return self.start.isoformat(), self.end.isoformat()

    def label(self) -> str:
        """Short Chinese description, e.g. ``11-28 09:55–10:30``."""
        same_day = self.start.date() == self.end.date()
        fmt_end = "%H:%M" if same_day else "%m-%d %H:%M"
        return f"{self.start:%m-%d %H:%M}–{self.end.strftime(fmt_end)}"


class Reading(BaseModel):
    """What the providers plan and execute with: the question's facts in its session (services
    resolved), the window the tools read, what was asked, what was taken from the previous turn
    (``used``), and the question's own facts and window (read on its own, without the session)."""

    model_config = ConfigDict(frozen=True)

    facts: QuestionFacts
    window: TimeWindow
    asked: Asked
    used: tuple[str, ...] = ()
    own_facts: QuestionFacts
    own_window: TimeWindow
    until_now: bool  # the question asks about the span up to now (至今、一直 …), not one incident's

    @property
    def followup(self) -> bool:
        return bool(self.used)

    @property
    def diagnosable(self) -> bool:
        """Something to diagnose: the question names it, or leans on the previous turn for it."""
        return self.facts.diagnosable or self.followup
