"""Parsing a model Composer reply: ``{"answer": "…"}``, lenient about one code fence."""

from __future__ import annotations

import pytest

from diagnosis.composer.reply import parse_composer_reply


def test_plain_object():
    assert parse_composer_reply('{"answer": " 结论 "}') == "结论"


def test_code_fence_is_tolerated():
    assert parse_composer_reply('```json\n{"answer": "结论"}\n```') == "结论"


@pytest.mark.parametrize("text", ["", "结论", '{"answer": ""}', '{"answer": "   "}', '{"text": "x"}', '["x"]', '{"answer": 3}', None])
def test_unusable_replies_are_none(text):
    assert parse_composer_reply(text) is None
