"""What was done to the failing element before it failed (issue 32 item 1; pure, no Django).

A cause that acts hours before its symptom rarely says it is a change: statistics gathered on a
table while it was empty at 02:06 and a plan flip at 07:25, a night job that merged members into
one account at 03:00 and the tills refusing them from the opening. What ties the two is the *exact
element*: the identifier the failing lines keep naming (``T_CLAIM_POLICY_IDX``, ``M0000412877``)
is the one the earlier action named. So the identifiers the failing evidence shares across its
lines — and that the service's own healthy lines (its baseline) never name — are followed back:
the INFO lines naming them from ``THREAD_LEAD`` before the onset to the onset are read, and each is
a candidate cause tied to that element, whatever its words (``THREAD_KIND``) — unless the read is
cut at its limit: an element somebody acted on is named by a few lines, not by a page of traffic.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from datetime import timedelta
from typing import Final

from diagnosis.reading.spelling import fold

#: How far back an action on the failing element is looked for (a night job before a morning).
THREAD_LEAD: Final = timedelta(hours=12)
#: At most this many identifiers are followed back (one read each).
MAX_THREAD_READS: Final = 2
#: An identifier of one failing line is an accident of that line (an order number); one that several
#: distinct failing lines name is what they fail on.
MIN_SHARED_LINES: Final = 2
#: A line naming the element is shown as what was done to it.
THREAD_KIND: Final = "针对同一对象的操作"

# An identifier: words joined by "." or "_" (t_claim_policy_idx, feature.tag_schema_v2.enabled), or
# letters then a digit (m0000412877, ora01555).
_DISTINCTIVE = re.compile(r"[a-z0-9]+(?:[._][a-z0-9]+)+|[a-z]+\d[a-z0-9]*")


_KEY = re.compile(r"([a-z0-9_.]+)\s*[=:]")


def distinctive_tokens(text: str) -> set[str]:
    """Identifiers of ``text`` and their dotted parts (feature.tag_schema_v2.enabled → tag_schema_v2)."""
    found = _DISTINCTIVE.findall(fold(text))
    parts = {p for t in found for p in t.split(".")}
    return {t for t in [*found, *parts] if len(t) >= 5 and _DISTINCTIVE.fullmatch(t) and re.search("[a-z]", t)}


def thread_tokens(failing: Iterable[str], healthy: Iterable[str] = (), names: Iterable[str] = ()) -> list[str]:
    """The identifiers (``distinctive_tokens``) that at least ``MIN_SHARED_LINES`` distinct
    ``failing`` lines name (any, when there is only one), that no ``healthy`` line names, that are no
    field's key (``mch_id=``) and no service's name; the most shared first, then the longest — at
    most ``MAX_THREAD_READS``."""
    lines = list(dict.fromkeys(failing))
    counts = Counter(t for text in lines for t in distinctive_tokens(text))
    # A key (mch_id=…, sql_id=…) names a field every line has, not the element: its value does.
    keys = {m.group(1) for text in lines for m in _KEY.finditer(fold(text))}
    usual = set().union(*(distinctive_tokens(text) for text in healthy))
    known = [fold(n) for n in names if n]
    need = MIN_SHARED_LINES if len(lines) >= MIN_SHARED_LINES else 1
    found = [
        t for t, n in counts.items()
        if n >= need and t not in usual and t not in keys and not any(t in k or k in t for k in known)
    ]  # fmt: skip
    return sorted(found, key=lambda t: (-counts[t], -len(t), t))[:MAX_THREAD_READS]

