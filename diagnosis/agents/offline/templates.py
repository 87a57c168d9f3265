"""Log templates (Drain3, in memory): which log lines are the same statement with different
parameters. Deterministic for a given list of messages (mined in the order given); nothing is
persisted and no configuration file is read — the configuration is this module's.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Sequence

from drain3 import TemplateMiner
from drain3.masking import MaskingInstruction
from drain3.template_miner_config import TemplateMinerConfig

logging.getLogger("drain3").setLevel(logging.WARNING)

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
    miner = TemplateMiner(persistence_handler=None, config=_config())
    ids = [int(miner.add_log_message(m.split("\n", 1)[0])["cluster_id"]) for m in messages]
    texts = {c.cluster_id: c.get_template() for c in miner.drain.clusters}
    return ids, texts
