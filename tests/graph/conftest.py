from __future__ import annotations

import pytest

from tests.graph.fixtures import load_world


@pytest.fixture
def world(db):
    load_world()


@pytest.fixture
def prompts_dir(tmp_path, settings):
    """An isolated prompt catalog (the real one belongs to another engineer and may change)."""
    (tmp_path / "catalog.toml").write_text('version = "test-1"\n', encoding="utf-8")
    for role in ("planner", "executor", "verifier", "composer"):
        (tmp_path / f"{role}.md").write_text(
            f"---\nname: test-{role}\nversion: 0.1.{len(role)}\n---\nSECRET PROMPT TEXT for {role}\n", encoding="utf-8"
        )
    settings.PROMPTS_DIR = tmp_path
    return tmp_path
