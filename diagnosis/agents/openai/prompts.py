"""The prompt files the provider sends, read through the prompt catalog (``diagnosis.prompts_catalog``,
which also produces the run's prompt audit), so the audit and the wire headers can never
disagree: ``X-Prompt-Name`` is the role, ``X-Prompt-Version`` the ``version`` in the file's front
matter, and the system message is the text after it."""

from __future__ import annotations

from contracts.plan import Role
from diagnosis.agents.base import AgentError
from diagnosis.prompts_catalog import PromptCatalogError, PromptEntry, prompt_entry

REASON_PROMPT_UNAVAILABLE = "prompt_unavailable"


def load_prompt(role: Role) -> PromptEntry:
    """The role's prompt; a missing or corrupt prompt file is a non-retryable AgentError."""
    try:
        entry = prompt_entry(role)
    except (OSError, UnicodeDecodeError, ValueError, PromptCatalogError) as exc:
        raise AgentError(
            f"{role}: 提示词文件不可用：{str(exc)[:200]}", retryable=False, reason=REASON_PROMPT_UNAVAILABLE
        ) from exc
    if not entry.text:
        raise AgentError(f"{role}: 提示词文件为空", retryable=False, reason=REASON_PROMPT_UNAVAILABLE)
    return entry
