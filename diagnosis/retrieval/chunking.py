"""Split a Markdown (or plain-text) document into retrieval chunks.

A chunk is the body of one heading section (``#`` … ``####``), addressed by its heading path
("数据库连接池耗尽处理手册 / 处理方案"). A section longer than ``max_chars`` is split on paragraph
boundaries (blank lines), a paragraph that is itself too long on sentence ends, and only as a
last resort at ``max_chars``. A document without headings is chunked by paragraphs the same
way. Headings inside fenced code blocks are not headings.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

HEADING_SEPARATOR = " / "
MAX_HEADING_PATH_CHARS = 500  # KnowledgeChunk.heading_path max_length

_HEADING_RE = re.compile(r"^ {0,3}(#{1,4})[ \t]+(.+?)[ \t]*#*[ \t]*$")
_FENCE_RE = re.compile(r"^ {0,3}(```|~~~)")
_SENTENCE_END_RE = re.compile(r"(?<=[。！？；!?;.\n])")


@dataclass(frozen=True)
class Chunk:
    heading_path: str
    text: str


def _heading_path(title: str, headings: list[str]) -> str:
    parts: list[str] = []
    for part in [title.strip(), *headings]:
        if part and (not parts or parts[-1] != part):
            parts.append(part)
    path = HEADING_SEPARATOR.join(parts)
    return path[:MAX_HEADING_PATH_CHARS]


def _split_long(paragraph: str, max_chars: int) -> list[str]:
    """Cut one over-long paragraph at sentence ends, hard-cutting only a sentence that is too long."""
    pieces: list[str] = []
    current = ""
    for sentence in (s for s in _SENTENCE_END_RE.split(paragraph) if s):
        while len(sentence) > max_chars:
            if current:
                pieces.append(current)
                current = ""
            pieces.append(sentence[:max_chars])
            sentence = sentence[max_chars:]
        if len(current) + len(sentence) > max_chars and current:
            pieces.append(current)
            current = ""
        current += sentence
    if current:
        pieces.append(current)
    return [p.strip() for p in pieces if p.strip()]


def _pack(body: str, max_chars: int) -> list[str]:
    """Group the paragraphs of ``body`` into pieces of at most ``max_chars`` characters."""
    paragraphs = [p.strip() for p in re.split(r"\n[ \t]*\n", body) if p.strip()]
    pieces: list[str] = []
    current: list[str] = []
    size = 0
    for paragraph in paragraphs:
        units = [paragraph] if len(paragraph) <= max_chars else _split_long(paragraph, max_chars)
        for unit in units:
            extra = len(unit) + (2 if current else 0)
            if current and size + extra > max_chars:
                pieces.append("\n\n".join(current))
                current, size = [], 0
                extra = len(unit)
            current.append(unit)
            size += extra
    if current:
        pieces.append("\n\n".join(current))
    return pieces


def chunk_markdown(title: str, content: str, *, max_chars: int = 800) -> list[Chunk]:
    """Chunks of ``content`` in document order; sections without body text yield no chunk."""
    if max_chars < 50:
        raise ValueError("max_chars must be at least 50")
    content = content.replace("\r\n", "\n").replace("\r", "\n")
    sections: list[tuple[list[str], list[str]]] = []  # (heading stack, body lines)
    stack: list[tuple[int, str]] = []
    body: list[str] = []
    in_fence = False
    for line in content.split("\n"):
        if _FENCE_RE.match(line):
            in_fence = not in_fence
            body.append(line)
            continue
        match = None if in_fence else _HEADING_RE.match(line)
        if match is None:
            body.append(line)
            continue
        sections.append(([h for _, h in stack], body))
        level = len(match.group(1))
        stack = [(lvl, h) for lvl, h in stack if lvl < level]
        stack.append((level, match.group(2).strip()))
        body = []
    sections.append(([h for _, h in stack], body))

    chunks: list[Chunk] = []
    for headings, lines in sections:
        text = "\n".join(lines).strip()
        if not text:
            continue
        path = _heading_path(title, headings)
        chunks.extend(Chunk(heading_path=path, text=piece) for piece in _pack(text, max_chars))
    return chunks
