"""The services next to an asked one (pure, no Django): where an engineer looks when a service
fails — the database its errors name, the cluster its index lives on, the producer of the messages
it cannot read, the job that rotates the secret it reads.

- ``dependencies``: the services an asked one's description names (by name, alias or an alias's
  stem: 邮件服务 → 邮件); those whose own descriptions say they feed it, when its failing lines name
  what they produce (``feeding``: the inspection station whose scratch verdicts go to the quality
  system); those whose description names a resource the asked one's names (a path —
  ``secret/x/*`` covers ``secret/x/y`` —, a bucket, a table, an index, an address); and those whose
  description names an identifier its failing lines name (the topic ``refund-events`` a consumer
  cannot decode, named by the producer's description). Their changes before the first anomaly are
  related (``changes.change_refs``).
- ``described``: the ones the asked descriptions name, in their order — where the executor looks
  for an asked symptom the service's own evidence does not show (a 404 answered by the ingress in
  front of it);
- ``implicated``: of those, the ones the failing lines point at — by the words the lines and the
  neighbour's own description share (``org.postgresql … superuser connections`` → the PostgreSQL
  cluster whose description names ``superuser_reserved_connections``) — whose alerts and metrics
  the executor reads (``MAX_NEIGHBOUR_READS``).
"""

from __future__ import annotations

import fnmatch
import re
from collections.abc import Iterable, Sequence
from typing import Any

from diagnosis.reading.spelling import fold, normalise
from diagnosis.reading.vocabulary import rules

MAX_NEIGHBOUR_READS = 2  # the database and one more, not the whole call graph
_STEM_SUFFIX = "服务"
# An identifier: words joined by "/", ".", "_", ":" or "-" (a trailing "/*" or "*" is a wildcard).
_IDENTIFIER = re.compile(r"[a-z0-9][a-z0-9*]*(?:[/._:\-][a-z0-9*]+)+/?\*?")
_WORD = re.compile(r"[a-z][a-z0-9]{4,}")
# Words every failing line or service description may say: no pointer to one neighbour.
_GENERIC = frozenset(rules("terms")["evidence"]["generic_words"])


def _identifiers(text: str) -> set[str]:
    return {token.rstrip(".:-") for token in _IDENTIFIER.findall(fold(text)) if len(token.rstrip(".:-")) >= 6}


def resources(description: str) -> set[str]:
    """The named resources a service description mentions — a path, a bucket, a table, an index, an
    address (secret/mv-media/objstore-transcode, mv-media-origin, rec_db.user_feed_candidates):
    identifiers with a digit, "/" or "_" inside, or two separators (not node.js)."""
    return {t for t in _identifiers(description) if re.search(r"[\d/_]", t) or len(re.findall(r"[.:-]", t)) >= 2}


def _shared(a: set[str], b: set[str]) -> bool:
    """A resource of one is a resource of the other, or under a path the other names with a
    wildcard (secret/mv-media/* covers secret/mv-media/objstore-transcode)."""
    return bool(a & b) or any(fnmatch.fnmatchcase(x, y) for x in a for y in b if y.endswith("*")) or any(
        fnmatch.fnmatchcase(y, x) for x in a for y in b if x.endswith("*")
    )


def _asked_text(asked: Sequence[str], catalog: Sequence[Any]) -> str:
    return " ".join(fold(s.description) for s in catalog if s.name in asked)


def dependencies(asked: Sequence[str], services: Iterable[Any], failing: Iterable[str] = ()) -> set[str]:
    """The services next to the asked ones (the module docstring): named by their descriptions,
    sharing a resource with them, or naming an identifier of their ``failing`` lines."""
    catalog = list(services)
    names = {fold(s.name) for s in catalog}  # a service both name is no shared resource
    used = resources(_asked_text(asked, catalog)) - names
    named = set().union(*(_identifiers(text) for text in failing)) - names
    found = set(described(asked, catalog)) | set(_producers(asked, catalog, failing))
    for s in catalog:
        own = _identifiers(s.description) - names
        if s.name not in asked and (_shared(used, resources(s.description) - names) or own & named):
            found.add(s.name)
    return found


def _producers(asked: Sequence[str], catalog: Sequence[Any], failing: Iterable[str]) -> list[str]:
    """Of the services that feed an asked one (``feeding``), those the ``failing`` lines name by what
    they produce — a word of the producer's description that is no service's name (the station's
    "scratch" verdicts), not by whom it sends to (a gateway forwarding to the asked service)."""
    said = set().union(*(_words(text) for text in failing))
    names = set().union(*(_words(s.name) for s in catalog))
    by_name = {s.name: s for s in catalog}
    return [f for f in feeding(asked, catalog) if said & (_words(by_name[f].description) - names)]


def feeding(asked: Sequence[str], services: Iterable[Any]) -> list[str]:
    """The services whose own descriptions name an asked one (the inspection station whose verdicts
    "go to hr-qms"): the producer side of a dependency is written where the producer is described."""
    wanted = [fold(name) for name in asked if len(name) >= 4]
    return [s.name for s in services if s.name not in asked and any(w in fold(s.description) for w in wanted)]


def described(asked: Sequence[str], services: Iterable[Any]) -> list[str]:
    """The services the asked ones' descriptions name (by name, alias or an alias's stem), in the
    order they name them (the ingress a service is published through, the database it writes)."""
    catalog = list(services)
    text = _asked_text(asked, catalog)
    positions = []
    for s in catalog:
        spellings = [s.name, *s.aliases, *(a.removesuffix(_STEM_SUFFIX) for a in s.aliases)]
        found = [text.find(fold(w)) for w in spellings if len(w) >= 2 and fold(w) in text]
        if found and s.name not in asked:
            positions.append((min(found), s.name))
    return [name for _, name in sorted(positions)]


def _words(text: str) -> set[str]:
    return {w for w in _WORD.findall(normalise(text).replace("_", " ")) if w not in _GENERIC}


def implicated(asked: Sequence[str], services: Iterable[Any], failing: Sequence[str]) -> list[str]:
    """The neighbours (``dependencies``) the ``failing`` lines point at, most shared words first (the
    order the asked description names them on a tie); none that shares no word."""
    catalog = list(services)
    neighbours = dependencies(asked, catalog, failing)
    said = set().union(*(_words(text) for text in failing)) if failing else set()
    described = _asked_text(asked, catalog)
    scored = []
    for s in catalog:
        if s.name not in neighbours:
            continue
        shared = said & _words(" ".join([s.name, *s.aliases, s.description]))
        if shared:
            position = described.find(fold(s.name))
            scored.append((-len(shared), position if position >= 0 else len(described), s.name))
    return [name for _, _, name in sorted(scored)]
