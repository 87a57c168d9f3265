"""Load from one caller (issue 32 items 1 and 2; pure, no Django).

A failure no line explains is often traffic: a partner's unannounced batch, a report script paging
through an API, meters all reporting at once. Nothing names it — no deploy, no error of its own —
but the request-rate series shows it plainly, whatever it is called: a *rate* (counted per second
or per minute) that rose by a sudden multiple against its own baseline (``onsets.level_shift``)
from ``LOAD_LEAD`` before the failure began to just after (``LOAD_SLACK``) is a *surge*.

When a metric is split by a label (``requests_per_sec{partner=…}``, ``{caller=…}``, ``{tenant=…}``)
and one member of that family surged while its siblings stayed at their level, that member is *the
exact element*: the one caller the load came from (``singled_out``) — before the total it adds to.

Who may send the load is written where the caller is described: a service whose description names
the asked one by name or by one of its aliases (``callers``: the channel API that quotes "报价" for
its partners).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import datetime, timedelta
from typing import Any, Final

from diagnosis.agents.offline.measures import counts_per
from diagnosis.agents.offline.refs import Ref
from diagnosis.reading.onsets import MIN_MULTIPLE, LevelShift, shift_of
from diagnosis.reading.spelling import fold

#: A load builds up before what it breaks: its surge may begin this long before the failure …
LOAD_LEAD: Final = timedelta(minutes=30)
#: … or with it (a surge read at coarse points starts a point late).
LOAD_SLACK: Final = timedelta(minutes=5)
#: The units of time a rate is counted per (``rules/terms.toml`` ``rates``).
RATES: Final = ("second", "minute")
#: At most this many callers' metrics are read when the asked service's own rate surged.
MAX_CALLER_READS: Final = 2
#: An alias this short names too much to mark a caller (报价 does; 单 does not).
MIN_ALIAS_CHARS: Final = 2


def is_rate(ref: Ref) -> bool:
    """A series counted per second or per minute (``req/s``, ``次/秒``, ``…_per_sec``, ``…_rpm``)."""
    name, unit = str(ref.element.get("name") or ""), str(ref.element.get("unit") or "")
    return ref.kind == "series" and any(counts_per(rate, name, unit) for rate in RATES)


def surge(ref: Ref, onset: datetime) -> LevelShift | None:
    """The rising level shift of a rate series that began from ``LOAD_LEAD`` before ``onset`` to
    ``LOAD_SLACK`` after it, or None."""
    if not is_rate(ref):
        return None
    shift = shift_of(ref.element)
    if shift is None or not shift.rising or not onset - LOAD_LEAD <= shift.onset <= onset + LOAD_SLACK:
        return None
    return shift


def _family(ref: Ref) -> tuple[str, str]:
    return ref.service, str(ref.element.get("name") or "")


def singled_out(series: Sequence[Ref]) -> list[Ref]:
    """The members of split metric families (two or more series of one service and name, told apart
    by their labels) that shifted while every sibling stayed within ``MIN_MULTIPLE`` of its level."""
    families: dict[tuple[str, str], list[Ref]] = {}
    for ref in series:
        if ref.kind == "series":
            families.setdefault(_family(ref), []).append(ref)
    out = []
    for members in families.values():
        moved = [r for r in members if (s := shift_of(r.element)) is not None and s.multiple >= MIN_MULTIPLE]
        if len(members) >= 2 and len(moved) == 1:
            out.append(moved[0])
    return out


def surges(series: Sequence[Ref], onset: datetime) -> list[Ref]:
    """The rate series that surged around ``onset`` (``surge``), the load's exact element first —
    a singled-out member before the totals (a family with a singled-out member is told by it alone)
    — then by the size of the jump; one per service and metric."""
    exact = singled_out(series)
    told = {_family(r) for r in exact}
    found: list[tuple[bool, float, Ref]] = []
    for ref in series:
        shift = surge(ref, onset)
        if shift is None or (_family(ref) in told and ref not in exact):
            continue
        found.append((ref in exact, shift.multiple, ref))
    found.sort(key=lambda f: (not f[0], -f[1], f[2].invocation_id, f[2].raw_path))
    seen: set[tuple[str, str]] = set()
    out = []
    for _, _, ref in found:
        if _family(ref) not in seen:
            seen.add(_family(ref))
            out.append(ref)
    return out


def callers(asked: Sequence[str], services: Iterable[Any]) -> list[str]:
    """The services whose descriptions name an asked one by name or alias (the channel API whose
    partners "报价" through it), those naming it most often first; at most ``MAX_CALLER_READS``."""
    catalog = list(services)
    spellings = [
        fold(w) for s in catalog if s.name in asked for w in [s.name, *s.aliases] if len(w.strip()) >= MIN_ALIAS_CHARS
    ]
    scored = []
    for s in catalog:
        if s.name in asked:
            continue
        text = fold(s.description)
        count = sum(text.count(w) for w in spellings if w)
        if count:
            scored.append((-count, s.name))
    return [name for _, name in sorted(scored)[:MAX_CALLER_READS]]
