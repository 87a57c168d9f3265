"""Property: for any log records, every ref's raw_path resolves into output and its text is the
rendering of exactly that element."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import transaction
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from diagnosis.tools.service import tool_invocation_execute
from tests.tools.builders import REFERENCE_TIME, make_log
from tests.tools.refcheck import assert_refs_resolve

pytestmark = pytest.mark.django_db

messages = st.text(
    alphabet=st.characters(blacklist_characters="\x00", blacklist_categories=("Cs",)),
    min_size=1,
    max_size=1500,
)
records = st.lists(
    st.tuples(
        messages,
        st.integers(min_value=0, max_value=3599),  # seconds before the reference time
        st.sampled_from(["DEBUG", "INFO", "WARN", "ERROR", "FATAL", "error"]),
        st.sampled_from(["payment-service", "order-service", "支付服务"]),
    ),
    max_size=25,
)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    rows=records, limit=st.integers(min_value=1, max_value=30), level=st.sampled_from([None, "INFO", "ERROR"])
)
def test_log_refs_resolve_and_match_their_element(run, world, rows, limit, level):
    with transaction.atomic():
        for message, seconds_before, row_level, service in rows:
            make_log(
                message,
                when=REFERENCE_TIME - timedelta(seconds=seconds_before),
                level=row_level,
                service=service,
            )
        arguments = {"limit": limit, "service": "payment-service"}
        if level:
            arguments["level"] = level
        inv = tool_invocation_execute(run=run, round_no=1, tool_name="query_logs", arguments=arguments)
        assert_refs_resolve(inv)
        element_refs = [r for r in inv.evidence_refs if r["raw_path"] != "/query"]  # + the /query element
        assert len(element_refs) == len(inv.output["records"]) <= limit
        stamps = [r["timestamp"] for r in inv.output["records"]]
        assert stamps == sorted(stamps, reverse=True)
        transaction.set_rollback(True)


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(values=st.lists(st.floats(min_value=-1e6, max_value=1e6, allow_nan=False), min_size=1, max_size=40))
@example(values=[0.0] * 31 + [1.0])  # the peak at 10:31 once fell outside the default window
def test_metric_refs_resolve_and_match_their_element(run, world, values):
    from tests.tools.builders import make_series

    with transaction.atomic():
        make_series(points=[(f"10:{i:02d}", v) for i, v in enumerate(values)])
        # Up to 40 points run from 10:00 to 10:39, past the default window's end (reference
        # time 10:30), so ask for a window that holds them all.
        window = {
            "start": (REFERENCE_TIME - timedelta(hours=1)).isoformat(),
            "end": (REFERENCE_TIME + timedelta(hours=1)).isoformat(),
        }
        inv = tool_invocation_execute(run=run, round_no=1, tool_name="query_metrics", arguments=window)
        assert_refs_resolve(inv)
        series = inv.output["series"][0]
        assert series["min"] == pytest.approx(min(values)) and series["max"] == pytest.approx(max(values))
        transaction.set_rollback(True)
