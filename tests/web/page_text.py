"""What a person reads on a page: its text nodes (outside <script>, <style> and <template>),
and the elements a test looks for, from the HTML the server sent."""

from __future__ import annotations

import re
from html.parser import HTMLParser

TEMPLATE_SOURCE = ("{#", "{%", "{{")
CJK = re.compile(r"[\u4e00-\u9fff]")
_SKIPPED = {"script", "style", "template"}
_VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


class _Texts(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[str] = []
        self.texts: list[str] = []

    def handle_starttag(self, tag: str, attrs) -> None:
        if tag not in _VOID:
            self.stack.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if tag in self.stack:
            while self.stack and self.stack.pop() != tag:
                pass

    def handle_data(self, data: str) -> None:
        if data.strip() and not _SKIPPED & set(self.stack):
            self.texts.append(data.strip())


def text_nodes(html: str) -> list[str]:
    parser = _Texts()
    parser.feed(html)
    return parser.texts


def visible_text(html: str) -> str:
    return "\n".join(text_nodes(html))


def template_source_shown(html: str) -> list[str]:
    """Text nodes that show template syntax to the reader (a broken comment or tag)."""
    return [text for text in text_nodes(html) if any(mark in text for mark in TEMPLATE_SOURCE)]
