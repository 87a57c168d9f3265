"""The ``openai`` provider: every role on one OpenAI-compatible endpoint (DESIGN §7).

Public: :func:`build_provider`. See ``client`` for the retry layer, timeouts and wire headers,
``executor`` for the tool-calling loop.
"""

from __future__ import annotations

from diagnosis.agents.openai.provider import PROVIDER_NAME, build_provider

__all__ = ["PROVIDER_NAME", "build_provider"]
