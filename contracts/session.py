"""What a follow-up question may lean on: the session's earlier turns, as data (issue 13 item 3).

Built by ``diagnosis.selectors.sessions.session_context_for_run`` from persisted runs and
consumed by pure code (the offline resolver, the openai planner's context block). It holds only
what the system itself established about each earlier turn — its ``asked`` (services, window,
kind, dimension) and the entities its *confirmed* claims' evidence names (services, metrics,
alert names, read from the tool invocations the claims were bound to). Never an answer text,
never a question text, never unverified material (hypotheses, directions, unconfirmed claims).
Pure pydantic, no Django.
"""

from __future__ import annotations

from typing import Final

from pydantic import BaseModel, ConfigDict, Field, field_validator

from contracts.asked import Asked

MAX_TURNS: Final = 3
MAX_ENTITIES: Final = 6
MAX_ENTITY_CHARS: Final = 80


def _bounded(values: list[str]) -> list[str]:
    cleaned = [str(v).strip()[:MAX_ENTITY_CHARS] for v in values if str(v).strip()]
    return list(dict.fromkeys(cleaned))[:MAX_ENTITIES]


class PreviousTurn(BaseModel):
    """One earlier run of the session: what it asked, and what its confirmed claims rest on."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    asked: Asked
    confirmed_services: list[str] = Field(default_factory=list)
    confirmed_metrics: list[str] = Field(default_factory=list)
    confirmed_alerts: list[str] = Field(default_factory=list)

    @field_validator("confirmed_services", "confirmed_metrics", "confirmed_alerts")
    @classmethod
    def _bounded_entities(cls, value: list[str]) -> list[str]:
        return _bounded(value)

    @property
    def services(self) -> list[str]:
        """The turn's subject: the services it asked about, else those its confirmed facts name."""
        return list(self.asked.services) or list(self.confirmed_services)


class SessionContext(BaseModel):
    """The session's earlier turns, most recent first, at most ``MAX_TURNS``."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    turns: list[PreviousTurn] = Field(default_factory=list)

    @field_validator("turns")
    @classmethod
    def _bounded_turns(cls, value: list[PreviousTurn]) -> list[PreviousTurn]:
        return list(value)[:MAX_TURNS]

    @property
    def latest(self) -> PreviousTurn | None:
        return self.turns[0] if self.turns else None
