"""What the question asked, as data (DESIGN §10.1): the one shape of ``asked``.

The plan carries it (the offline planner derives it, the openai planner is asked for it, the
planner node derives it deterministically when a plan has none); the coverage check
(``verification.coverage``) judges the confirmed claims against it, and it is persisted in
``verifier_evaluation.asked``. Pure pydantic, no Django.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Final, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

AskedKind = Literal["cause", "quantity", "existence", "listing"]
CAUSE: Final = "cause"
QUANTITY: Final = "quantity"
EXISTENCE: Final = "existence"
LISTING: Final = "listing"
ASKED_KINDS: Final[tuple[str, ...]] = (CAUSE, QUANTITY, EXISTENCE, LISTING)

MAX_SERVICES: Final = 6
MAX_TERMS: Final = 8
MAX_TERM_CHARS: Final = 40

# How a follow-up was understood, in words (the run page: "已按上文理解为：…"; STYLE §6).
ALL_SERVICES_LABEL: Final = "全部服务"
KIND_LABELS: Final = {CAUSE: "异常及原因", QUANTITY: "数值", EXISTENCE: "是否有异常", LISTING: "清单"}


class AskedWindow(BaseModel):
    model_config = ConfigDict(extra="ignore")

    start: str  # ISO 8601 with offset
    end: str


class AskedDimension(BaseModel):
    """For ``quantity``: what is measured — a metric name when the question names one, and the
    words that name the measured thing (``Redis``, ``连接池``)."""

    model_config = ConfigDict(extra="ignore")

    metric: str | None = None
    terms: list[str] = Field(default_factory=list)

    @field_validator("terms")
    @classmethod
    def _bounded_terms(cls, value: list[str]) -> list[str]:
        cleaned = [str(t).strip()[:MAX_TERM_CHARS] for t in value if str(t).strip()]
        return list(dict.fromkeys(cleaned))[:MAX_TERMS]


class Asked(BaseModel):
    model_config = ConfigDict(extra="ignore")

    kind: AskedKind = CAUSE
    services: list[str] = Field(default_factory=list)
    window: AskedWindow | None = None
    dimension: AskedDimension = Field(default_factory=AskedDimension)
    source: Literal["planner", "followup"] = "planner"

    @field_validator("services")
    @classmethod
    def _bounded_services(cls, value: list[str]) -> list[str]:
        return list(dict.fromkeys(str(s).strip() for s in value if str(s).strip()))[:MAX_SERVICES]

    def canonical(self, catalog: Sequence[Sequence[str]]) -> Asked:
        """The same question with services mapped to canonical names of ``catalog`` (each entry
        ``[name, *aliases]``); names the catalog does not know are dropped."""
        by_spelling = {str(n).casefold(): str(names[0]) for names in catalog if names for n in names}
        services = [by_spelling[s.casefold()] for s in self.services if s.casefold() in by_spelling]
        return self.model_copy(update={"services": list(dict.fromkeys(services))})


def _window_label(window: AskedWindow) -> str:
    """ "2026-08-14 10:00–10:30" (the end with its date when it is another day), in the bounds'
    own offset; the raw bounds when they do not parse."""
    try:
        start, end = datetime.fromisoformat(window.start), datetime.fromisoformat(window.end)
    except ValueError:
        return f"{window.start}–{window.end}"
    fmt_end = "%H:%M" if start.date() == end.date() else "%Y-%m-%d %H:%M"
    return f"{start:%Y-%m-%d %H:%M}–{end.strftime(fmt_end)}"


def asked_label(asked: Asked) -> str:
    """What was asked in one line: "payment-service P99，2026-08-14 10:00–10:30" (services, the
    measured terms or metric — else the kind — and the window)."""
    who = "、".join(asked.services) or ALL_SERVICES_LABEL
    what = " ".join(asked.dimension.terms) or asked.dimension.metric or KIND_LABELS[asked.kind]
    label = f"{who} {what}"
    return f"{label}，{_window_label(asked.window)}" if asked.window is not None else label
