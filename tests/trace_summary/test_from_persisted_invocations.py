"""The builder reads persisted ToolInvocation rows as they are (end to end with the real tools)."""

import pytest

from diagnosis.models import ToolInvocation
from diagnosis.tools.service import tool_invocation_execute
from diagnosis.trace_summary import build_tool_trace_summary
from tests.tools.builders import make_alert, make_log, make_runbooks

pytestmark = pytest.mark.django_db
POOL = "HikariPool-1 - Connection is not available, request timed out after 3000ms"


def test_summary_of_a_real_run(run, world):
    make_log(POOL, when="10:05:12")
    make_alert()
    make_runbooks()

    def execute(name, args, rnd=1):
        return tool_invocation_execute(run=run, round_no=rnd, tool_name=name, arguments=args)

    execute("get_current_time", {})
    execute("query_logs", {"service": "支付服务", "level": "ERROR"})
    execute("query_metrics", {"service": "payment-service"})
    execute("lookup_knowledge", {"query": "数据库连接池耗尽"})
    execute("query_logs", {"service": "payment-service", "level": "ERROR"}, 2)  # deduped in round 2
    execute("query_logs", {"limit": 0}, 2)  # failed

    summary = build_tool_trace_summary(ToolInvocation.objects.filter(run=run).order_by("seq"))
    items = summary.by_ref()
    assert list(items) == [
        "trace:1:query_logs:inv_2",
        "trace:1:query_metrics:inv_3",
        "trace:1:lookup_knowledge:inv_4",
        "trace:2:query_logs:inv_5",
        "trace:2:query_logs:inv_6",
    ]
    assert (
        f"2026-11-28 10:05:12 payment-service ERROR {POOL}"
        in items["trace:1:query_logs:inv_2"].output_summary
    )
    assert (
        "HighErrorRate payment-service critical firing since 2026-11-28 10:06"
        in items["trace:1:query_metrics:inv_3"].output_summary
    )
    assert items["trace:1:lookup_knowledge:inv_4"].source_labels[0] == "数据库连接池耗尽处理手册"
    assert items["trace:2:query_logs:inv_5"].evidence_level == "no_new_evidence"
    assert items["trace:2:query_logs:inv_6"].evidence_level == "none"
    assert items["trace:2:query_logs:inv_6"].error.startswith("参数无效")
