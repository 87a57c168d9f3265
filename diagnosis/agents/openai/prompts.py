"""The prompt files of prompts/ as the provider sends them: system text plus the name/version
that travel on every request as ``X-Prompt-Name`` / ``X-Prompt-Version``.

A prompt file starts with front matter between two ``---`` lines holding simple ``key: value``
lines (``name``, ``version``); everything after the closing ``---`` is the system prompt.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from django.conf import settings

from diagnosis.agents.base import Role


@dataclass(frozen=True)
class PromptFile:
    role: Role
    name: str
    version: str
    text: str


class PromptFileError(ValueError):
    pass


def prompts_dir() -> Path:
    return Path(getattr(settings, "PROMPTS_DIR", Path(settings.BASE_DIR) / "prompts"))


def parse_prompt_file(role: Role, raw: str) -> PromptFile:
    lines = raw.lstrip("\ufeff").splitlines()
    if not lines or lines[0].strip() != "---":
        raise PromptFileError(f"prompt file for {role} has no front matter")
    try:
        end = next(i for i in range(1, len(lines)) if lines[i].strip() == "---")
    except StopIteration:
        raise PromptFileError(f"prompt file for {role}: front matter is not closed") from None
    meta: dict[str, str] = {}
    for line in lines[1:end]:
        if ":" in line:
            key, value = line.split(":", 1)
            meta[key.strip()] = value.strip()
    text = "\n".join(lines[end + 1 :]).strip()
    name, version = meta.get("name", ""), meta.get("version", "")
    if not name or not version or not text:
        raise PromptFileError(f"prompt file for {role} needs name, version and text")
    return PromptFile(role=role, name=name, version=version, text=text)


@lru_cache(maxsize=16)
def _load(path: str, role: Role, mtime: float) -> PromptFile:
    return parse_prompt_file(role, Path(path).read_text(encoding="utf-8"))


def load_prompt(role: Role) -> PromptFile:
    path = prompts_dir() / f"{role}.md"
    return _load(str(path), role, path.stat().st_mtime)
