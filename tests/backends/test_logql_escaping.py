"""No argument can change the structure of the LogQL / PromQL sent: values only ever appear as an
RE2-quoted literal inside a Go-escaped string."""

from __future__ import annotations

import json
import re
from datetime import datetime

import pytest
from hypothesis import given
from hypothesis import strategies as st

from diagnosis.tools.backends import LogQuery
from diagnosis.tools.backends.http import any_of_regex, quote_meta, quote_string
from diagnosis.tools.backends.loki import LokiLogsBackend
from diagnosis.tools.service import tool_invocation_execute
from tests.backends.fakes import LOKI_QUERY_RANGE, loki_streams
from tests.tools.builders import at

# A Go double-quoted string literal, and the whole shape our LogQL may take.
STRING = r'"(?:[^"\\\n]|\\.)*"'
LOGQL = re.compile(
    rf"^\{{(?P<label>\w+)=~(?P<selector>{STRING})\}}"
    rf"(?P<lines>(?: \|~ {STRING})*)"
    rf"(?: \| (?P<level_label>\w+)=~(?P<levels>{STRING}))?$"
)
NASTY = 'a" } |= "x" | line_format "{{.password}}" \\ `oops` \n {app="other"} |~ ".*'
TEXT = st.text(st.characters(blacklist_categories=("Cs",)), min_size=1, max_size=40)


def structure(logql: str) -> dict:
    """The parsed parts of ``logql``: selector regex, keyword regexes, level regex (decoded)."""
    match = LOGQL.match(logql)
    assert match is not None, f"not a well-formed query: {logql!r}"
    return {
        "label": match["label"],
        "selector": json.loads(match["selector"]),
        "keywords": [json.loads(s) for s in re.findall(STRING, match["lines"])],
        "levels": json.loads(match["levels"]) if match["levels"] else None,
    }


def backend() -> LokiLogsBackend:
    return LokiLogsBackend(url="http://127.0.0.1:9")


def logql(**kwargs) -> str:
    return backend().logql(LogQuery(start=datetime(2026, 1, 1), end=datetime(2026, 1, 2), **kwargs))


def test_a_keyword_with_quotes_backslashes_and_pipes_stays_one_line_filter():
    parts = structure(logql(services=["payment-service"], keywords=[NASTY], levels=["ERROR"]))
    assert parts["keywords"] == ["(?i)" + quote_meta(NASTY)]
    assert re.search(parts["keywords"][0], f"prefix {NASTY} suffix")  # still matches the literal text
    assert parts["selector"] == "(?i)(?:payment-service)" and parts["levels"] == "(?i)(?:ERROR)"


def test_a_service_name_with_regex_and_quote_characters_matches_only_itself():
    parts = structure(logql(services=['pay".*|{x}', "b\\c"]))
    assert re.fullmatch(parts["selector"], 'pay".*|{x}') and re.fullmatch(parts["selector"], "b\\c")
    assert not re.fullmatch(parts["selector"], "payment-service")


@given(st.lists(TEXT, min_size=1, max_size=3), st.lists(TEXT, max_size=3))
def test_any_services_and_keywords_give_a_well_formed_query_that_decodes_to_them(services, keywords):
    parts = structure(logql(services=services, keywords=keywords))
    assert parts["selector"] == any_of_regex(services)
    for value in services:
        assert re.fullmatch(parts["selector"], value)
    assert parts["keywords"] == ["(?i)" + quote_meta(k) for k in keywords]
    for keyword, pattern in zip(keywords, parts["keywords"], strict=True):
        assert re.search(pattern, keyword)


@given(TEXT)
def test_a_quoted_string_decodes_back_to_the_text(text):
    assert json.loads(quote_string(text)) == text


@given(TEXT)
def test_a_quoted_regex_matches_exactly_its_text(text):
    assert re.fullmatch(quote_meta(text), text)


def test_control_characters_and_lone_surrogates_cannot_end_the_string():
    assert quote_string("a\nb\x00c\x7f") == '"a\\nb\\u0000c\\u007f"'
    assert quote_string("x\ud800y") == '"x\ufffdy"'


@pytest.mark.django_db
def test_the_nasty_keyword_reaches_loki_as_one_escaped_filter(run, world, fake_loki):
    fake_loki.serve(LOKI_QUERY_RANGE, loki_streams(({"service": "payment-service"}, [(at("10:05"), NASTY)])))
    inv = tool_invocation_execute(
        run=run, round_no=1, tool_name="query_logs", arguments={"service": "支付服务", "keyword": '"} |= \\'}
    )
    parts = structure(fake_loki.requests_to(LOKI_QUERY_RANGE)[0].query)
    # the tool splits keywords on spaces; each piece is one filter, none escapes its string
    assert parts["keywords"] == ["(?i)" + quote_meta(k) for k in ('"}', "|=", "\\")]
    assert inv.status == "success"
