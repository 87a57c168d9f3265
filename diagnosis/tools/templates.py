"""Log templates (Drain3, in memory): which log lines are the same statement with different
parameters. Deterministic for a given list of messages (mined in the order given); nothing is
persisted and no configuration file is read — the configuration is this module's.
"""

from __future__ import annotations

import logging
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from functools import lru_cache

from drain3 import TemplateMiner
from drain3.masking import MaskingInstruction
from drain3.template_miner_config import TemplateMinerConfig
from pydantic import BaseModel

logging.getLogger("drain3").setLevel(logging.WARNING)

# Severity order of the level spellings (the most severe level of a template's lines is shown).
_SEVERITY = {"DEBUG": 0, "INFO": 1, "WARN": 2, "WARNING": 2, "ERROR": 3, "FATAL": 4, "CRITICAL": 4}

# Drain's defaults (similarity 0.4, depth 4) suit service logs; the masks make ids, numbers and
# addresses parameters before the tree is walked, so "took 812ms" and "took 2318ms" are one template.
SIMILARITY = 0.4
DEPTH = 4
_MASKS = (
    (r"\b[0-9a-fA-F]{8}(?:-[0-9a-fA-F]{4}){3}-[0-9a-fA-F]{12}\b", "UUID"),
    (r"\b\d{1,3}(?:\.\d{1,3}){3}(?::\d+)?\b", "IP"),
    (r"\b0x[0-9a-fA-F]+\b|\b[0-9a-f]{12,}\b", "HEX"),
    (r"(?<![A-Za-z_])[-+]?\d+(?:\.\d+)?(?:ms|s|%|[KMGT]i?B?)?(?![A-Za-z_])", "NUM"),
)


_MASK_RES = tuple((re.compile(pattern), f"<{name}>") for pattern, name in _MASKS)


def masked(message: str) -> str:
    """``message``'s first line with its ids, addresses and numbers masked as Drain3 masks them."""
    text = message.split("\n", 1)[0]
    for regex, name in _MASK_RES:
        text = regex.sub(name, text)
    return text


def _config() -> TemplateMinerConfig:
    config = TemplateMinerConfig()
    config.drain_sim_th = SIMILARITY
    config.drain_depth = DEPTH
    config.profiling_enabled = False
    config.masking_instructions = [MaskingInstruction(pattern, name) for pattern, name in _MASKS]
    return config


def mine(messages: Sequence[str]) -> tuple[list[int], dict[int, str]]:
    """(template id of each message, template text by id) for ``messages`` in the order given."""
    ids, texts = _mined(tuple(messages))
    return list(ids), dict(texts)


@lru_cache(maxsize=256)
def _mined(messages: tuple[str, ...]) -> tuple[tuple[int, ...], tuple[tuple[int, str], ...]]:
    """``mine`` of one list of messages, cached (issue 30): the offline agents group the same lines
    again after each follow-up read, and a fresh miner given the same messages in the same order
    gives the same templates."""
    miner = TemplateMiner(persistence_handler=None, config=_config())
    ids = tuple(int(miner.add_log_message(m.split("\n", 1)[0])["cluster_id"]) for m in messages)
    texts = tuple((c.cluster_id, c.get_template()) for c in miner.drain.clusters)
    return ids, texts


class TemplateCount(BaseModel):
    """One log template of a grouped ``query_logs`` read (``group="template"``): its text, its
    lines in the window and in the baseline window before it, the time of its first line in the
    window and the most severe level of those lines. ``templates[i]`` describes ``records[i]``."""

    template: str
    in_window: int
    in_baseline: int
    first_at: datetime
    level: str


@dataclass(frozen=True)
class Line:
    """A log line as the grouping reads it."""

    timestamp: datetime
    level: str
    message: str


def _rank(level: str) -> int:
    return _SEVERITY.get(level.upper(), 0)


def group_by_template(window: Sequence[Line], baseline: Sequence[Line]) -> list[tuple[TemplateCount, Line]]:
    """Each template of the ``window`` lines with its counts there and in ``baseline``, and its
    first line in the window; a template seen only in the baseline is left out (no line to show).
    Mined baseline first, each part in time order, so the result does not depend on the input order.
    Order: templates the baseline never showed first, then by how much their rate grew, then by
    their first line."""
    before = sorted(baseline, key=lambda ln: ln.timestamp)
    during = sorted(window, key=lambda ln: ln.timestamp)
    ids, texts = mine([ln.message for ln in [*before, *during]])
    base_ids, window_ids = ids[: len(before)], ids[len(before) :]
    in_baseline = Counter(base_ids)
    first: dict[int, Line] = {}
    count: Counter[int] = Counter()
    level: dict[int, str] = {}
    for template, line in zip(window_ids, during, strict=True):
        first.setdefault(template, line)
        count[template] += 1
        if _rank(line.level) >= _rank(level.get(template, "")):
            level[template] = line.level.upper()
    found = [
        (TemplateCount(template=texts[t], in_window=count[t], in_baseline=in_baseline[t],
                       first_at=first[t].timestamp, level=level[t]), first[t])
        for t in first
    ]
    return sorted(found, key=lambda tc: (tc[0].in_baseline > 0, -tc[0].in_window / (tc[0].in_baseline + 1),
                                         tc[0].first_at))
