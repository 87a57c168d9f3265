"""Change events as evidence (pure, no Django): the deploys, releases, rollouts, config and
feature-flag pushes, operator restarts, scalings and rollbacks an engineer asks about first
("what changed?"), at any level — INFO included.

A line is a change when it names a kind of change (``rules/changes.toml``) *and* an action
(pushed, enabled, rolled out, 推送 …): "config loaded" at start-up is one, "using config x" is not.
A change counts for a question when it happened in the window or at most ``CHANGE_LOOKBACK``
before it, and is *related*: on an asked service, naming one, or sharing a distinctive
identifier (``tag_schema_v2``, ``v2.14.3``) with the asked services' anomalous lines — a config
push on config-center before tag-service's 500s that name the same flag. With no service asked,
every change of the window is related.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from datetime import datetime, timedelta

from diagnosis.agents.offline.refs import Ref
from diagnosis.agents.offline.spelling import any_spelling_in, fold
from diagnosis.agents.offline.vocabulary import CHANGE_ACTIONS, CHANGE_KINDS

# Deploys and config pushes take effect within minutes; half an hour also covers a slow rollout.
CHANGE_LOOKBACK = timedelta(minutes=30)
MAX_CHANGE_CLAIMS = 2
# An identifier distinctive enough to relate two lines: has a digit, "_" or "." inside, ≥ 5 chars.
_DISTINCTIVE = re.compile(r"[a-z0-9]+(?:[._][a-z0-9]+)+|[a-z]+\d[a-z0-9]*")


def change_kind(text: str) -> str:
    """The Chinese kind of change a line records (发布, 配置变更 …), "" when it records none."""
    if not any_spelling_in(CHANGE_ACTIONS, text):
        return ""
    return next((kind for kind, spellings in CHANGE_KINDS if any_spelling_in(spellings, text)), "")


def _moment(ref: Ref) -> datetime | None:
    try:
        return datetime.fromisoformat(str(ref.element.get("timestamp") or ""))
    except ValueError:
        return None


def distinctive_tokens(text: str) -> set[str]:
    """Identifiers of ``text`` and their dotted parts (feature.tag_schema_v2.enabled → tag_schema_v2)."""
    found = _DISTINCTIVE.findall(fold(text))
    parts = {p for t in found for p in t.split(".")}
    return {t for t in [*found, *parts] if len(t) >= 5 and _DISTINCTIVE.fullmatch(t)}


def change_refs(
    refs: Iterable[Ref],
    *,
    start: datetime,
    end: datetime,
    services: Sequence[str],
    anomalies: Sequence[Ref] = (),
) -> list[tuple[str, Ref]]:
    """(kind, ref) of the related change lines in [start − CHANGE_LOOKBACK, end], related ones on
    an asked service first, then in time order; at most MAX_CHANGE_CLAIMS, one per message."""
    asked = {fold(s) for s in services}
    shared = set().union(*(distinctive_tokens(r.message) for r in anomalies)) if anomalies else set()
    found: dict[str, tuple[int, str, str, Ref]] = {}  # one per message
    for ref in refs:
        moment, kind = _moment(ref), change_kind(ref.message) if ref.kind == "log" else ""
        if not kind or moment is None or not (start - CHANGE_LOOKBACK <= moment <= end):
            continue
        own = fold(ref.service) in asked or any(name in fold(ref.message) for name in asked)
        if not asked or own or distinctive_tokens(ref.message) & shared:
            found.setdefault(ref.message, (0 if own else 1, ref.text[:19], kind, ref))
    ordered = sorted(found.values(), key=lambda t: (t[0], t[1]))
    return [(kind, ref) for _, _, kind, ref in ordered[:MAX_CHANGE_CLAIMS]]
