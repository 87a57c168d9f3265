"""SECRET_KEY (superbiz/secret_key.py): never a public key with DEBUG off, and still no set-up
step on a fresh machine — the first start writes a private random key file, later starts (and
concurrent first starts) all use that one key."""

from __future__ import annotations

import os
import stat
import subprocess
import sys

import pytest
from django.core.exceptions import ImproperlyConfigured

from superbiz.secret_key import (
    MSG_PUBLIC_KEY,
    MSG_REQUIRED,
    MSG_WEAK_KEY,
    PUBLIC_KEYS,
    key_problem,
    secret_key_resolve,
)
from tests.settings.probe import ROOT, clean_env, last_error, load_settings

STRONG = "k" * 10 + "Zq8-R2vX_mN4pL7wT1yB6cJ9hF3dS0aE5uG2iO8eW4rQ7tY1u"  # 59 characters


def resolve(tmp_path, *, env_value="", debug=False, require=False, name=".secret_key"):
    return secret_key_resolve(env_value=env_value, key_file=tmp_path / name, debug=debug, require=require)


@pytest.mark.parametrize("public", sorted(PUBLIC_KEYS) + ["django-insecure-" + "x1y2z3" * 10])
def test_a_published_key_is_refused_with_debug_off(tmp_path, public):
    with pytest.raises(ImproperlyConfigured, match="SECRET_KEY") as caught:
        resolve(tmp_path, env_value=public)
    assert str(caught.value) == MSG_PUBLIC_KEY


@pytest.mark.parametrize("weak", ["short-key", "a" * 80, "abab" * 20, " " * 60])
def test_a_short_or_repetitive_key_is_refused_with_debug_off(tmp_path, weak):
    with pytest.raises(ImproperlyConfigured) as caught:
        resolve(tmp_path, env_value=weak)
    assert str(caught.value) == MSG_WEAK_KEY and "SECRET_KEY" in MSG_WEAK_KEY


def test_any_key_is_accepted_with_debug_on(tmp_path):
    assert resolve(tmp_path, env_value="dev-only-insecure-key-change-me", debug=True) == "dev-only-insecure-key-change-me"


def test_a_strong_key_from_the_environment_is_used_and_no_file_is_written(tmp_path):
    assert resolve(tmp_path, env_value=STRONG) == STRONG
    assert key_problem(STRONG) is None
    assert list(tmp_path.iterdir()) == []


def test_require_secret_key_refuses_to_generate_one(tmp_path):
    with pytest.raises(ImproperlyConfigured) as caught:
        resolve(tmp_path, require=True)
    assert str(caught.value) == MSG_REQUIRED
    assert list(tmp_path.iterdir()) == []


def test_first_start_writes_a_private_random_key_that_later_starts_reuse(tmp_path):
    first = resolve(tmp_path)
    path = tmp_path / ".secret_key"
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert key_problem(first) is None and first not in PUBLIC_KEYS
    assert resolve(tmp_path) == first
    assert [p.name for p in tmp_path.iterdir()] == [".secret_key"]  # no temporary file left
    assert resolve(tmp_path, name="other") != first  # random, not a constant


def test_an_unwritable_key_file_location_is_refused_naming_the_variables(tmp_path):
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o500)
    if os.access(locked, os.W_OK):  # root ignores directory permissions
        pytest.skip("running as root: directory permissions are not enforced")
    with pytest.raises(ImproperlyConfigured, match="SECRET_KEY_FILE") as caught:
        resolve(locked, name="key")
    assert "SECRET_KEY" in str(caught.value)


def test_a_key_file_path_under_a_regular_file_is_refused_naming_secret_key_file(tmp_path):
    (tmp_path / "plain").write_text("not a directory")
    with pytest.raises(ImproperlyConfigured, match="SECRET_KEY_FILE"):
        resolve(tmp_path, name="plain/key")


def test_an_empty_or_weak_key_file_is_refused_naming_secret_key_file(tmp_path):
    (tmp_path / ".secret_key").write_text("\n")
    with pytest.raises(ImproperlyConfigured, match="SECRET_KEY_FILE"):
        resolve(tmp_path)
    (tmp_path / ".secret_key").write_text("dev-only-insecure-key-change-me\n")
    with pytest.raises(ImproperlyConfigured, match="SECRET_KEY_FILE"):
        resolve(tmp_path)
    (tmp_path / ".secret_key").write_bytes("密钥".encode() * 20)
    with pytest.raises(ImproperlyConfigured, match="SECRET_KEY_FILE") as caught:
        resolve(tmp_path)
    assert "0x" not in str(caught.value)  # the file's bytes are not quoted


def test_concurrent_first_starts_all_use_the_same_key(tmp_path):
    """uvicorn --workers N on a fresh machine: N processes find no key file at the same time."""
    key_file = tmp_path / "shared" / ".secret_key"
    code = (
        "import pathlib, sys; from superbiz.secret_key import secret_key_resolve; "
        f"print(secret_key_resolve(env_value='', key_file=pathlib.Path({str(key_file)!r}), debug=False, require=False))"
    )
    processes = [
        subprocess.Popen([sys.executable, "-c", code], cwd=ROOT, env=clean_env({}), stdout=subprocess.PIPE, text=True)
        for _ in range(8)
    ]
    keys = {process.communicate(timeout=60)[0].strip() for process in processes}
    assert all(process.returncode == 0 for process in processes)
    assert keys == {key_file.read_text().strip()}
    assert sorted(p.name for p in key_file.parent.iterdir()) == [".secret_key"]


# --- the real settings module, started as manage.py would ---------------------------------


def test_a_fresh_machine_starts_with_debug_off_and_a_generated_key(tmp_path):
    key_file = tmp_path / ".secret_key"
    result = load_settings({"SECRET_KEY_FILE": str(key_file)}, name="SECRET_KEY, settings.DEBUG")
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == [key_file.read_text().strip(), "False"]


def test_settings_refuse_the_old_development_key_with_debug_off():
    result = load_settings({"DEBUG": "false", "SECRET_KEY": "dev-only-insecure-key-change-me"})
    assert result.returncode != 0
    assert "ImproperlyConfigured" in result.stderr and "SECRET_KEY" in last_error(result)


def test_settings_refuse_a_missing_key_when_required(tmp_path):
    result = load_settings({"REQUIRE_SECRET_KEY": "true", "SECRET_KEY_FILE": str(tmp_path / "k")})
    assert result.returncode != 0 and "SECRET_KEY" in last_error(result)
    assert not (tmp_path / "k").exists()
