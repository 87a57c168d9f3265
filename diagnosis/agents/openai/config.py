"""Provider configuration read once from Django settings (DESIGN §3).

The API key lives only here and in the ``openai.OpenAI`` client it is handed to; ``repr`` hides
it, no log line or run record ever receives it, and error messages are scrubbed of it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.conf import settings

from contracts.plan import ROLES
from diagnosis.agents.openai.schemas import StructuredSetting

# Ollama and vLLM accept any bearer token; the openai client refuses an empty one.
PLACEHOLDER_API_KEY = "not-needed"
# A connection that cannot be opened quickly will not get better by waiting for the read budget.
MAX_CONNECT_TIMEOUT_S = 10.0
# The request field that carries the output bound: ``max_tokens`` for llama.cpp, vLLM, Ollama,
# DeepSeek, DashScope and OpenAI chat models; OpenAI's reasoning models (o-series, GPT-5)
# refuse it and need ``max_completion_tokens``.
MAX_TOKENS_PARAMS = ("max_tokens", "max_completion_tokens")
# Shorter values would mask ordinary words of an error message.
MIN_SECRET_CHARS = 4


def settings_secrets() -> tuple[str, ...]:
    """SECRET_KEY (and its fallbacks) and every configured database password."""
    values = [settings.SECRET_KEY, *getattr(settings, "SECRET_KEY_FALLBACKS", [])]
    values += [str(db.get("PASSWORD") or "") for db in settings.DATABASES.values()]
    return tuple(v for v in values if v)


@dataclass(frozen=True)
class OpenAIConfig:
    base_url: str
    api_key: str = field(repr=False)
    model_by_role: dict[str, str]
    timeout_s: float
    max_retries: int
    structured_output: StructuredSetting
    max_tool_calls: int
    # Output bound per role (tokens), sent on every request; the executor's applies per turn.
    max_tokens_by_role: dict[str, int] = field(default_factory=dict)
    max_tokens_param: str = "max_tokens"
    planner_fallback: str = "offline"  # offline | none
    first_tool_choice: str = "auto"  # auto | plan (EXECUTOR_FIRST_TOOL_CHOICE)
    tool_calls: str = "model"  # model | plan (EXECUTOR_TOOL_CALLS)
    planner: str = "model"  # model | offline (LLM_PLANNER)
    prompt_profile: str = "default"  # default | compact (LLM_PROMPT_PROFILE)
    temperature: float | None = None  # LLM_TEMPERATURE; None = not sent
    circuit_failures: int = 5
    circuit_cooldown_s: float = 30.0
    #: Other settings secrets (SECRET_KEY, database passwords) an error text must never carry
    #: either: defence in depth for a proxy or gateway that echoes what it was configured with.
    other_secrets: tuple[str, ...] = field(default=(), repr=False)

    @property
    def connect_timeout_s(self) -> float:
        return min(self.timeout_s, MAX_CONNECT_TIMEOUT_S)

    def scrub(self, text: str) -> str:
        """``text`` with the API key and the other settings secrets masked: error bodies
        sometimes echo them."""
        for secret in (self.api_key, *self.other_secrets):
            if secret and len(secret) >= MIN_SECRET_CHARS and secret != PLACEHOLDER_API_KEY:
                text = text.replace(secret, "***")
        return text


def structured_setting(value: StructuredSetting, *, json_mode: bool) -> StructuredSetting:
    """``LLM_STRUCTURED_OUTPUT``, with ``LLM_JSON_MODE`` kept meaning what it meant: ``false`` said
    the server rejects ``response_format``, so it turns ``auto`` into ``off``; an explicit mode
    wins. (``LLM_JSON_MODE=true``, the old default, is ``auto``: it ends at ``json_object`` or
    better.)"""
    return "off" if value == "auto" and not json_mode else value


def config_from_settings() -> OpenAIConfig:
    role_models = dict(getattr(settings, "LLM_ROLE_MODELS", {}) or {})
    default_model = settings.LLM_MODEL
    return OpenAIConfig(
        base_url=settings.OPENAI_BASE_URL or "https://api.openai.com/v1",
        api_key=settings.OPENAI_API_KEY or PLACEHOLDER_API_KEY,
        model_by_role={role: role_models.get(role) or default_model for role in ROLES},
        timeout_s=float(settings.LLM_TIMEOUT_S),
        max_retries=int(settings.LLM_MAX_RETRIES),
        structured_output=structured_setting(settings.LLM_STRUCTURED_OUTPUT, json_mode=bool(settings.LLM_JSON_MODE)),
        max_tool_calls=int(settings.EXECUTOR_MAX_TOOL_CALLS),
        max_tokens_by_role={role: int(settings.LLM_MAX_TOKENS[role]) for role in ROLES},
        max_tokens_param=settings.LLM_MAX_TOKENS_PARAM,
        planner_fallback=settings.PLANNER_FALLBACK,
        first_tool_choice=settings.EXECUTOR_FIRST_TOOL_CHOICE,
        tool_calls=settings.EXECUTOR_TOOL_CALLS,
        planner=settings.LLM_PLANNER,
        prompt_profile=settings.LLM_PROMPT_PROFILE,
        temperature=settings.LLM_TEMPERATURE,
        circuit_failures=int(settings.LLM_CIRCUIT_FAILURES),
        circuit_cooldown_s=float(settings.LLM_CIRCUIT_COOLDOWN_S),
        other_secrets=settings_secrets(),
    )
