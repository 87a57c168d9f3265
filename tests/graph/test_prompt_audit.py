"""Prompt audit (spec 000/001 "prompt audit written to verifier evaluation"): catalog version +
role/name/version/hash, never prompt text; a broken catalog degrades, never crashes."""

from __future__ import annotations

import hashlib

from django.conf import settings

from diagnosis.prompts_catalog import UNAVAILABLE, parse_front_matter, prompt_audit, prompt_entry


def test_audit_lists_the_four_roles_with_name_version_and_hash(prompts_dir):
    audit = prompt_audit(prompts_dir)
    assert audit["version"] == "test-1"
    assert [p["role"] for p in audit["prompts"]] == ["planner", "executor", "verifier", "composer"]
    planner = audit["prompts"][0]
    assert planner["name"] == "test-planner" and planner["version"] == "0.1.7"
    assert planner["sha256"] == hashlib.sha256((prompts_dir / "planner.md").read_bytes()).hexdigest()
    assert "error" not in audit


def test_audit_never_contains_prompt_text(prompts_dir):
    assert "SECRET PROMPT TEXT" not in repr(prompt_audit(prompts_dir))


def test_prompt_entry_gives_providers_the_text(prompts_dir):
    entry = prompt_entry("verifier", prompts_dir)
    assert entry.text == "SECRET PROMPT TEXT for verifier" and entry.name == "test-verifier"


def test_catalog_may_name_the_files(prompts_dir):
    (prompts_dir / "catalog.toml").write_text('version = "v2"\n[prompts.planner]\nfile = "plan-v2.md"\n', encoding="utf-8")
    (prompts_dir / "plan-v2.md").write_text("---\nname: other\nversion: 9\n---\ntext\n", encoding="utf-8")
    planner = prompt_audit(prompts_dir)["prompts"][0]
    assert (planner["name"], planner["version"]) == ("other", "9")


def test_missing_catalog_yields_unavailable_audit(tmp_path):
    audit = prompt_audit(tmp_path)
    assert audit["version"] == UNAVAILABLE and "catalog.toml" in audit["error"] and audit["prompts"] == []


def test_corrupt_catalog_yields_unavailable_audit(prompts_dir):
    (prompts_dir / "catalog.toml").write_text("version = [unclosed", encoding="utf-8")
    assert prompt_audit(prompts_dir)["version"] == UNAVAILABLE


def test_corrupt_prompt_file_marks_only_that_role(prompts_dir):
    (prompts_dir / "composer.md").write_text("no front matter", encoding="utf-8")
    (prompts_dir / "executor.md").unlink()
    audit = prompt_audit(prompts_dir)
    by_role = {p["role"]: p for p in audit["prompts"]}
    assert audit["version"] == "test-1"
    assert by_role["composer"]["name"] == UNAVAILABLE and by_role["executor"]["version"] == UNAVAILABLE
    assert by_role["planner"]["name"] == "test-planner"
    assert "composer" in audit["error"] and "executor" in audit["error"]


def test_audit_follows_file_changes(prompts_dir):
    assert prompt_audit(prompts_dir)["version"] == "test-1"
    path = prompts_dir / "catalog.toml"
    path.write_text('version = "test-2"\n', encoding="utf-8")
    import os

    stat = path.stat()
    os.utime(path, (stat.st_atime, stat.st_mtime + 5))
    assert prompt_audit(prompts_dir)["version"] == "test-2"


def test_front_matter_parser():
    meta, body = parse_front_matter('\ufeff---\nname: "x"\n# comment: no\nversion: 1.2.3\n---\nbody\n')
    assert meta == {"name": "x", "version": "1.2.3"} and body == "body"


def test_repository_catalog_covers_the_four_roles():
    audit = prompt_audit(settings.BASE_DIR / "prompts")
    assert audit["version"] != UNAVAILABLE, audit.get("error")
    assert [p["role"] for p in audit["prompts"]] == ["planner", "executor", "verifier", "composer"]
    assert all(p["name"] != UNAVAILABLE and p["version"] != UNAVAILABLE for p in audit["prompts"])
