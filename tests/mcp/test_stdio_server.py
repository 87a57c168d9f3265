"""``manage.py mcp_serve --user`` (issue 31): the same tools over stdio, as a desktop assistant
starts them, each call made as that one user."""

from __future__ import annotations

import asyncio
import json
import re
import sys

import pytest
from mcp import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client

from tests.concurrency.sqlite_team import ROOT, manage, prepare_team_db, team_env
from tests.mcp.server import DEMO_QUESTION, TOOLS


@pytest.fixture(scope="module")
def db_path(tmp_path_factory):
    path = tmp_path_factory.mktemp("mcp-stdio") / "db.sqlite3"
    prepare_team_db(path, 1)
    return path


def _server(db_path, username: str) -> StdioServerParameters:
    return StdioServerParameters(
        command=sys.executable, args=["manage.py", "mcp_serve", "--user", username], env=team_env(db_path), cwd=ROOT
    )


def test_the_stdio_server_lists_the_tools_and_diagnoses_as_its_user(db_path, tmp_path):
    async def talk():
        with open(tmp_path / "stderr.log", "w") as errlog:
            async with stdio_client(_server(db_path, "oncall0"), errlog=errlog) as (read, write):
                async with ClientSession(read, write) as session:
                    await session.initialize()
                    tools = {tool.name for tool in (await session.list_tools()).tools}
                    report = await session.call_tool("diagnose", {"question": DEMO_QUESTION})
                    recent = await session.call_tool("list_recent_runs", {})
                    return tools, report, recent

    tools, report, recent = asyncio.run(talk())
    assert tools == TOOLS
    assert report.structured_content["verdict"] == "PASS"
    assert report.structured_content["links"]["run"].startswith("/api/runs/")  # no host over stdio: paths
    assert [r["run_id"] for r in recent.structured_content["runs"]] == [report.structured_content["run_id"]]


def test_mcp_serve_refuses_an_unknown_user(db_path):
    with pytest.raises(RuntimeError, match="用户不存在或已停用：nobody"):
        manage(team_env(db_path), "mcp_serve", "--user", "nobody")


def test_the_documented_desktop_config_starts_mcp_serve_for_one_user():
    text = (ROOT / "docs" / "MCP.md").read_text(encoding="utf-8")
    blocks = [json.loads(b) for b in re.findall(r"```json\n(.*?)```", text, re.S)]
    desktop = blocks[0]["mcpServers"]["superbiz-diagnosis"]
    assert desktop["args"][1:] == ["mcp_serve", "--user", "alice"]
    ide = blocks[1]["servers"]["superbiz-diagnosis"]
    assert ide["url"].endswith("/mcp") and ide["headers"]["Authorization"].startswith("Bearer ")
