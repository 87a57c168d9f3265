"""``manage.py load_evidence``: summary on success, exit status 1 and a clean stderr on a bad file."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import CommandError, call_command

from diagnosis.models import LogRecord
from tests.evidence.builders import small_bundle, table_counts

pytestmark = pytest.mark.django_db


def test_load_evidence_prints_a_summary(tmp_path):
    path = tmp_path / "bundle.json"
    path.write_text(json.dumps(small_bundle(), ensure_ascii=False), "utf-8")
    out = io.StringIO()

    call_command("load_evidence", str(path), stdout=out)

    text = out.getvalue()
    assert "已加载证据包 (bundle loaded): 小证据包" in text
    assert "日志 logs: 新增 created 3, 更新 updated 0, 跳过 skipped 0" in text
    assert "参考时间 reference_time: 2026-11-28T10:30:00+08:00" in text
    assert LogRecord.objects.count() == 3


def test_load_evidence_twice_says_nothing_new(tmp_path):
    path = tmp_path / "bundle.json"
    path.write_text(json.dumps(small_bundle()), "utf-8")
    call_command("load_evidence", str(path), stdout=io.StringIO())
    out = io.StringIO()

    call_command("load_evidence", str(path), stdout=out)

    assert "证据包此前已加载，未新增内容" in out.getvalue()


def test_dash_reads_the_bundle_from_stdin(monkeypatch):
    stdin = io.TextIOWrapper(io.BytesIO(json.dumps(small_bundle(), ensure_ascii=False).encode("utf-8")), encoding="utf-8")
    monkeypatch.setattr(sys, "stdin", stdin)
    out = io.StringIO()

    call_command("load_evidence", "-", stdout=out)

    assert "已加载证据包" in out.getvalue()
    assert LogRecord.objects.count() == 3


def test_a_bad_file_raises_command_error_naming_the_element(tmp_path):
    data = small_bundle()
    data["logs"][1]["timestamp"] = "2026-11-28T10:05:13"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data), "utf-8")
    before = table_counts()

    with pytest.raises(CommandError) as caught:
        call_command("load_evidence", str(path))

    assert str(caught.value).startswith(f"{path}: invalid evidence bundle (1 error):")
    assert "logs[1].timestamp" in str(caught.value)
    assert table_counts() == before


def test_a_missing_file_is_a_clean_error():
    with pytest.raises(CommandError) as caught:
        call_command("load_evidence", "/nonexistent/bundle.json")

    assert "无法读取文件 (cannot read file) /nonexistent/bundle.json: No such file or directory" in str(caught.value)


def _manage(*args: str, stdin: bytes = b"") -> subprocess.CompletedProcess[bytes]:
    root = Path(settings.BASE_DIR)
    # The bad input is refused before any database access, so the real default database is never touched.
    env = {**os.environ, "PYTHONIOENCODING": "utf-8"}
    return subprocess.run(
        [sys.executable, str(root / "manage.py"), "load_evidence", *args],
        input=stdin, capture_output=True, cwd=root, env=env, timeout=120, check=False,
    )


def test_the_command_exits_1_with_the_message_on_stderr_for_a_bad_file(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text('{"bundle_version": 1, "logs": [\n  {"timestamp": oops}\n]}', "utf-8")

    result = _manage(str(path))

    assert result.returncode == 1
    stderr = result.stderr.decode("utf-8")
    assert "malformed JSON at line 2, column 17" in stderr
    assert "Traceback" not in stderr
    assert result.stdout == b""


def test_the_command_exits_1_for_a_nul_byte_read_from_stdin():
    raw = b'{"bundle_version": 1, "logs": [{"timestamp": "2026-11-28T10:00:00+08:00", "service": "x", "level": "INFO", "message": "a\\u0000b"}]}'

    result = _manage("-", stdin=raw)

    assert result.returncode == 1
    stderr = result.stderr.decode("utf-8")
    assert "-: logs[0].message: contains NUL byte" in stderr
    assert "Traceback" not in stderr
