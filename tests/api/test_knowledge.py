"""POST /api/knowledge (Markdown/text upload, staff only) and GET /api/knowledge."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from diagnosis.evidence.knowledge import MAX_CONTENT_BYTES
from diagnosis.models import KnowledgeChunk, KnowledgeDocument
from tests.api.conftest import error_code

pytestmark = pytest.mark.django_db

RUNBOOK = "# 数据库连接池耗尽处理手册\n\n## 处理方案\n\n临时扩大连接池上限；排查慢查询与连接泄漏。\n"


def upload(client, name, data, **fields):
    return client.post("/api/knowledge", {"file": SimpleUploadedFile(name, data), **fields}, format="multipart")


def test_markdown_file_upload_creates_a_searchable_document(as_staff, staff):
    response = upload(as_staff, "pool.md", RUNBOOK.encode("utf-8"))
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["title"] == "数据库连接池耗尽处理手册" and body["source"] == "uploads/pool.md"
    assert body["chunk_count"] >= 1 and body["uploaded_by"] == "staff"
    doc = KnowledgeDocument.objects.get()
    assert doc.uploaded_by == staff and KnowledgeChunk.objects.filter(document=doc).exists()

    again = upload(as_staff, "pool.md", RUNBOOK.encode("utf-8"))
    assert again.status_code == 200 and again.json()["id"] == body["id"]  # identical: nothing new


def test_txt_with_bom_and_explicit_title(as_staff):
    response = upload(as_staff, "notes.TXT", b"\xef\xbb\xbf" + "缓存击穿的处理".encode(), title="缓存手册", source="runbooks/cache.txt")
    assert response.status_code == 201
    assert response.json()["title"] == "缓存手册" and response.json()["source"] == "runbooks/cache.txt"
    assert not KnowledgeDocument.objects.get().content.startswith("\ufeff")


def test_json_upload(as_staff):
    response = as_staff.post("/api/knowledge", {"title": "限流手册", "content": "## 限流\n\n开启网关限流。"}, format="json")
    assert response.status_code == 201
    assert response.json()["source"] == "api/限流手册"


@pytest.mark.parametrize(
    ("name", "data", "code"),
    [
        ("big.md", b"a" * (MAX_CONTENT_BYTES + 1), "file_too_large"),
        ("runbook.pdf", b"%PDF-1.4", "unsupported_file_type"),
        ("script.md.exe", b"MZ", "unsupported_file_type"),
        ("latin1.md", "café 手册".encode("utf-16"), "invalid_encoding"),
        ("bad.txt", b"\xff\xfe\xfa broken", "invalid_encoding"),
        ("nul.md", b"# title\n\x00", "invalid_document"),
        ("empty.md", b"   ", "invalid_document"),
    ],
)
def test_bad_uploads_are_400_json(as_staff, name, data, code):
    response = upload(as_staff, name, data)
    assert response.status_code == 400
    assert error_code(response) == code
    assert not KnowledgeDocument.objects.exists()


def test_json_upload_validation(as_staff):
    assert error_code(as_staff.post("/api/knowledge", {"title": "x"}, format="json")) == "required"
    assert error_code(as_staff.post("/api/knowledge", {"title": "x", "content": "y", "z": 1}, format="json")) == "unknown_field"
    response = as_staff.post("/api/knowledge", {"title": "", "content": "正文"}, format="json")
    assert response.status_code == 400 and error_code(response) == "blank"


def test_missing_file_is_400(as_staff):
    response = as_staff.post("/api/knowledge", {"title": "无文件"}, format="multipart")
    assert response.status_code == 400
    assert error_code(response) == "required"


def test_only_staff_may_upload_but_everyone_may_list(as_api_user, as_staff):
    response = upload(as_api_user, "pool.md", RUNBOOK.encode())
    assert response.status_code == 403
    assert error_code(response) == "permission_denied"
    upload(as_staff, "pool.md", RUNBOOK.encode())
    listing = as_api_user.get("/api/knowledge").json()
    assert listing["count"] == 1 and listing["results"][0]["title"] == "数据库连接池耗尽处理手册"
