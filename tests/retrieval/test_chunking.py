"""chunk_markdown(): sections by heading path, long sections split on paragraph boundaries."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from diagnosis.retrieval.chunking import chunk_markdown

RUNBOOK = """# 数据库连接池耗尽处理手册

## 告警说明
HikariPool 报 Connection is not available。

## 排查步骤
### 查看连接数
执行 SHOW PROCESSLIST。

```
# 这不是标题
```

## 处理方案
临时扩大连接池上限；排查慢查询与连接泄漏。
"""


def test_sections_are_addressed_by_title_and_heading_path():
    chunks = chunk_markdown("数据库连接池耗尽处理手册", RUNBOOK)
    assert [c.heading_path for c in chunks] == [
        "数据库连接池耗尽处理手册 / 告警说明",
        "数据库连接池耗尽处理手册 / 排查步骤 / 查看连接数",
        "数据库连接池耗尽处理手册 / 处理方案",
    ]
    assert chunks[2].text == "临时扩大连接池上限；排查慢查询与连接泄漏。"


def test_hash_lines_inside_code_fences_are_not_headings():
    chunks = chunk_markdown("数据库连接池耗尽处理手册", RUNBOOK)
    assert "# 这不是标题" in chunks[1].text


def test_a_different_h1_is_kept_under_the_title():
    chunks = chunk_markdown("runbook.md", "# 磁盘满\n## 处理方案\n清理日志。")
    assert chunks[0].heading_path == "runbook.md / 磁盘满 / 处理方案"


def test_long_section_is_split_on_paragraph_boundaries():
    paragraphs = [f"第{i}段：" + "检查连接池配置。" * 10 for i in range(6)]
    chunks = chunk_markdown("手册", "## 排查步骤\n\n" + "\n\n".join(paragraphs), max_chars=200)
    assert len(chunks) > 1
    assert all(len(c.text) <= 200 for c in chunks)
    assert all(c.heading_path == "手册 / 排查步骤" for c in chunks)
    # No paragraph is cut in the middle: every chunk starts at a paragraph start.
    assert all(c.text.startswith("第") for c in chunks)


def test_plain_text_without_headings_is_chunked_by_paragraphs():
    text = "\n\n".join("段落" + str(i) + "。" + "内容" * 40 for i in range(5))
    chunks = chunk_markdown("纯文本说明", text, max_chars=100)
    assert len(chunks) == 5
    assert all(c.heading_path == "纯文本说明" for c in chunks)


def test_over_long_paragraph_is_cut_at_sentence_ends():
    chunks = chunk_markdown("t", "甲乙丙丁。" * 100, max_chars=60)
    assert all(len(c.text) <= 60 for c in chunks)
    assert all(c.text.endswith("。") for c in chunks)


def test_headings_without_body_yield_no_chunk():
    assert chunk_markdown("t", "# A\n## B\n") == []


@given(st.text(max_size=2000), st.integers(min_value=50, max_value=400))
def test_chunks_are_bounded_and_never_blank(content, max_chars):
    for chunk in chunk_markdown("标题", content, max_chars=max_chars):
        assert chunk.text.strip()
        assert len(chunk.text) <= max_chars
        assert len(chunk.heading_path) <= 500
