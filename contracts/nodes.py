"""The graph's node names (also the ``OrchestrationEvent.node`` values)."""

from __future__ import annotations

from enum import StrEnum
from typing import Final


class NodeName(StrEnum):
    PLANNER = "planner"
    EXECUTOR = "executor"
    GATEKEEPER = "gatekeeper"
    VERIFIER = "verifier"
    COMPOSER = "composer"
    FALLBACK = "fallback"
    END = "end"  # a route target, not a node


PLANNER: Final = NodeName.PLANNER
EXECUTOR: Final = NodeName.EXECUTOR
GATEKEEPER: Final = NodeName.GATEKEEPER
VERIFIER: Final = NodeName.VERIFIER
COMPOSER: Final = NodeName.COMPOSER
FALLBACK: Final = NodeName.FALLBACK
END: Final = NodeName.END
NODES: Final[tuple[NodeName, ...]] = (PLANNER, EXECUTOR, GATEKEEPER, VERIFIER, COMPOSER, FALLBACK)
