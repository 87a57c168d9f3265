"""The conclusion's chain names what each step is by the head of its log line, quoted verbatim
(「HikariPool-1 - Connection is not available」), never a cut that is not a copy of the line. Pure."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from diagnosis.composer.conclusion import MAX_GIST_CHARS, gist


def test_the_head_ends_at_the_first_clause_break():
    line = "HikariPool-1 - Connection is not available, request timed out after 3000ms (active=50, idle=0)"
    assert gist(line) == "HikariPool-1 - Connection is not available"
    assert gist("slow query took 8421ms: SELECT id, order_id FROM pay_order") == "slow query took 8421ms"
    assert gist("scheduled job settlement-reconcile started (biz_date=2026-11-27, shards=8)") == (
        "scheduled job settlement-reconcile started")


def test_a_long_clause_is_cut_at_a_space_not_inside_a_word():
    line = "the upstream connection pool of the recommendation client was exhausted while waiting for a slot"
    head = gist(line)
    assert len(head) <= MAX_GIST_CHARS and line.startswith(head) and line[len(head)] == " "


@given(st.text(min_size=1, max_size=300))
def test_the_head_is_always_a_verbatim_prefix_no_longer_than_the_cap(line):
    head = gist(line)
    assert line.startswith(head) and len(head) <= MAX_GIST_CHARS
