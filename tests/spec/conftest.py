"""Fixtures for the spec tests: the small graph-test evidence world and an isolated prompt
catalog whose prompt text carries a marker, so a test can prove the text never leaks."""

from __future__ import annotations

import pytest

from tests.graph.fixtures import load_world

PROMPT_TEXT_MARKER = "SPEC-PROMPT-TEXT-MARKER"


@pytest.fixture
def world(db):
    load_world()


@pytest.fixture
def prompts_dir(tmp_path, settings):
    (tmp_path / "catalog.toml").write_text('version = "spec-1"\n', encoding="utf-8")
    for role in ("planner", "executor", "verifier", "composer"):
        (tmp_path / f"{role}.md").write_text(
            f"---\nname: spec-{role}\nversion: 9.9.{len(role)}\n---\n{PROMPT_TEXT_MARKER} for {role}\n",
            encoding="utf-8",
        )
    settings.PROMPTS_DIR = tmp_path
    return tmp_path
