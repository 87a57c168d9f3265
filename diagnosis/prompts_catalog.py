"""Prompt audit (spec 000/001 "prompt audit written to verifier evaluation", "prompt audit
available on fallback paths").

Reads ``prompts/catalog.toml`` (``prompts/compact/catalog.toml`` under LLM_PROMPT_PROFILE=compact) (``version = "…"``, optionally ``[prompts.<role>] file = "…"``;
the file defaults to ``<role>.md``) and the four role prompt files, whose front matter between
two ``---`` lines holds simple ``key: value`` lines with at least ``name`` and ``version``.

``prompt_audit()`` is what every run persists: the catalog version and, per role, name, version
and the sha256 of the prompt file — never prompt text. A missing or corrupt catalog or prompt
file never crashes a run: the audit then says ``version: "unavailable"`` (or marks the role) and
carries the error. The result is cached per directory and file modification times.
"""

from __future__ import annotations

import hashlib
import tomllib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Final

from django.conf import settings

from contracts.plan import ROLES

CATALOG_FILE: Final = "catalog.toml"
UNAVAILABLE: Final = "unavailable"
MAX_ERROR_CHARS: Final = 300


@dataclass(frozen=True)
class PromptEntry:
    role: str
    name: str
    version: str
    sha256: str
    text: str


class PromptCatalogError(ValueError):
    pass


#: LLM_PROMPT_PROFILE values other than the default, each a subdirectory of the prompts directory
#: with its own catalog and role files (the same reply contracts, other instructions).
PROFILE_DEFAULT: Final = "default"
PROFILE_COMPACT: Final = "compact"


def prompts_dir() -> Path:
    """The prompt directory of the configured profile: ``prompts/`` or ``prompts/<profile>/``."""
    root = Path(getattr(settings, "PROMPTS_DIR", Path(settings.BASE_DIR) / "prompts"))
    profile = getattr(settings, "LLM_PROMPT_PROFILE", PROFILE_DEFAULT)
    return root if profile == PROFILE_DEFAULT else root / profile


def parse_front_matter(raw: str) -> tuple[dict[str, str], str]:
    """(meta, body) of a prompt file; raises PromptCatalogError on a missing/unclosed block."""
    lines = raw.lstrip("\ufeff").splitlines()
    if not lines or lines[0].strip() != "---":
        raise PromptCatalogError("no front matter (the file must start with a '---' line)")
    end = next((i for i in range(1, len(lines)) if lines[i].strip() == "---"), None)
    if end is None:
        raise PromptCatalogError("front matter is not closed by a '---' line")
    meta: dict[str, str] = {}
    for line in lines[1:end]:
        if ":" in line and not line.lstrip().startswith("#"):
            key, value = line.split(":", 1)
            meta[key.strip()] = value.strip().strip("\"'")
    return meta, "\n".join(lines[end + 1 :]).strip()


def load_prompt_entry(role: str, path: Path) -> PromptEntry:
    data = path.read_bytes()
    meta, body = parse_front_matter(data.decode("utf-8"))
    name, version = meta.get("name", ""), meta.get("version", "")
    if not name or not version:
        raise PromptCatalogError("front matter needs name and version")
    return PromptEntry(role=role, name=name, version=version, sha256=hashlib.sha256(data).hexdigest(), text=body)


def _role_file(catalog: dict[str, Any], role: str) -> str:
    prompts = catalog.get("prompts")
    entry = prompts.get(role) if isinstance(prompts, dict) else None
    if isinstance(entry, dict) and isinstance(entry.get("file"), str) and entry["file"].strip():
        name = entry["file"].strip()
        if "/" in name or "\\" in name or name.startswith("."):
            raise PromptCatalogError(f"prompts.{role}.file must be a plain file name")
        return name
    return f"{role}.md"


def _error(exc: BaseException) -> str:
    return (str(exc) or type(exc).__name__)[:MAX_ERROR_CHARS]


def _mtimes(base: Path) -> tuple[float, ...]:
    stamps = []
    for name in (CATALOG_FILE, *(f"{r}.md" for r in ROLES)):
        try:
            stamps.append((base / name).stat().st_mtime)
        except OSError:
            stamps.append(-1.0)
    return tuple(stamps)


@lru_cache(maxsize=8)
def _audit(base: str, _stamps: tuple[float, ...]) -> dict[str, Any]:
    root = Path(base)
    try:
        catalog = tomllib.loads((root / CATALOG_FILE).read_text(encoding="utf-8"))
        version = catalog.get("version")
        if not isinstance(version, str) or not version.strip():
            raise PromptCatalogError("catalog.toml needs a non-empty string 'version'")
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError, PromptCatalogError) as exc:
        return {"version": UNAVAILABLE, "error": f"{CATALOG_FILE}: {_error(exc)}", "prompts": []}
    prompts: list[dict[str, Any]] = []
    errors: list[str] = []
    for role in ROLES:
        try:
            entry = load_prompt_entry(role, root / _role_file(catalog, role))
            prompts.append({"role": role, "name": entry.name, "version": entry.version, "sha256": entry.sha256})
        except (OSError, UnicodeDecodeError, PromptCatalogError) as exc:
            errors.append(f"{role}: {_error(exc)}")
            prompts.append({"role": role, "name": UNAVAILABLE, "version": UNAVAILABLE, "sha256": ""})
    audit: dict[str, Any] = {"version": version.strip(), "prompts": prompts}
    if errors:
        audit["error"] = "; ".join(errors)
    return audit


def prompt_audit(base_dir: Path | str | None = None) -> dict[str, Any]:
    """``{"version", "prompts": [{"role", "name", "version", "sha256"}], ["error"]}`` — no text.

    Never raises."""
    root = Path(base_dir) if base_dir is not None else prompts_dir()
    try:
        audit = _audit(str(root), _mtimes(root))
    except Exception as exc:  # noqa: BLE001 - the audit must never break a run
        return {"version": UNAVAILABLE, "error": _error(exc), "prompts": []}
    return {**audit, "prompts": [dict(p) for p in audit["prompts"]]}


def prompt_entry(role: str, base_dir: Path | str | None = None) -> PromptEntry:
    """One role's prompt, text included (for providers). Raises PromptCatalogError/OSError."""
    root = Path(base_dir) if base_dir is not None else prompts_dir()
    catalog = tomllib.loads((root / CATALOG_FILE).read_text(encoding="utf-8"))
    return load_prompt_entry(role, root / _role_file(catalog, role))
