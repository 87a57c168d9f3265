"""Which structured-output mode works, remembered per (base URL, model) for the process.

Under ``LLM_STRUCTURED_OUTPUT=auto`` the first call to an endpoint tries ``json_schema``; a server
that rejects it is asked again one rung lower (``schemas.AUTO_LADDER``), and the rung that was
accepted is what every later call to that endpoint starts with — one rejected request per rung
per process, not per call. Keyed like the circuit breakers: one gateway often serves several
models with different capabilities.
"""

from __future__ import annotations

import threading

from diagnosis.agents.openai.schemas import AUTO_LADDER, OutputMode, next_mode

EndpointKey = tuple[str, str]  # (base URL without a trailing slash, model)


class OutputModeMemory:
    """Thread-safe: runs in threads (Celery, the API's workers) share one process."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._modes: dict[EndpointKey, OutputMode] = {}

    def current(self, key: EndpointKey) -> OutputMode:
        with self._lock:
            return self._modes.get(key, AUTO_LADDER[0])

    def step_down(self, key: EndpointKey, rejected: OutputMode) -> OutputMode:
        """The mode to try after ``rejected`` was refused. When another thread has already
        stepped further down, its mode stands (a step is never undone by a slower caller)."""
        with self._lock:
            lower = next_mode(rejected)
            known = self._modes.get(key, AUTO_LADDER[0])
            mode = lower if AUTO_LADDER.index(lower) > AUTO_LADDER.index(known) else known
            self._modes[key] = mode
            return mode

    def reset(self) -> None:
        with self._lock:
            self._modes.clear()


output_modes = OutputModeMemory()
