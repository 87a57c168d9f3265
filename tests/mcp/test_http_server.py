"""The MCP server over streamable HTTP (issue 31), served by a real uvicorn from
``superbiz.asgi`` on a SQLite file with the demo loaded, asked by the SDK's own client."""

from __future__ import annotations

import asyncio
import json

import httpx2
import pytest

from diagnosis.api.errors import MESSAGE_AUTHENTICATION_FAILED, MESSAGE_NOT_AUTHENTICATED
from diagnosis.mcp.server import MESSAGE_RUN_NOT_FOUND
from tests.concurrency.sqlite_team import prepare_team_db, team_server
from tests.mcp.server import DEMO_QUESTION, TOOLS, mcp_session


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    """(base URL, [api_user's token, outsider's token]) of a running server."""
    db_path = tmp_path_factory.mktemp("mcp") / "db.sqlite3"
    tokens = prepare_team_db(db_path, 2)
    with team_server(db_path) as base_url:
        yield base_url, tokens


@pytest.fixture(scope="module")
def diagnosed(served):
    """The api_user's ``diagnose`` of the demo question, as the client received it."""
    base_url, (api_user, _) = served

    async def ask():
        async with mcp_session(base_url, api_user) as session:
            return await session.call_tool("diagnose", {"question": DEMO_QUESTION})

    return asyncio.run(ask())


def test_the_client_lists_the_four_tools_with_typed_output(served):
    base_url, (api_user, _) = served

    async def tools():
        async with mcp_session(base_url, api_user) as session:
            return (await session.list_tools()).tools

    listed = {tool.name: tool for tool in asyncio.run(tools())}
    assert set(listed) == TOOLS
    assert listed["diagnose"].input_schema["required"] == ["question"]
    assert {"verdict", "conclusion", "confirmed", "not_confirmed", "gaps", "links"} <= set(
        listed["diagnose"].output_schema["properties"]
    )


def test_diagnose_of_the_demo_question_passes_with_confirmed_statements_and_their_quotes(diagnosed):
    assert not diagnosed.is_error, diagnosed.content
    report = diagnosed.structured_content
    assert report["status"] == "completed"
    assert report["verdict"] == "PASS"
    assert report["conclusion"] and all(report["conclusion"])
    assert report["confirmed"]
    assert all(s["evidence"] and all(e["quote"] for e in s["evidence"]) for s in report["confirmed"])
    assert report["links"]["run"].endswith(f"/api/runs/{report['run_id']}")
    assert report["answer"]


def test_the_owner_reads_the_run_back_and_lists_it(served, diagnosed):
    base_url, (api_user, _) = served
    run_id = diagnosed.structured_content["run_id"]

    async def read():
        async with mcp_session(base_url, api_user, scheme="Token") as session:
            return await session.call_tool("get_run", {"run_id": run_id}), await session.call_tool("list_recent_runs", {})

    got, recent = asyncio.run(read())
    assert got.structured_content == diagnosed.structured_content
    assert run_id in [r["run_id"] for r in recent.structured_content["runs"]]


def test_a_plain_user_cannot_read_another_users_run(served, diagnosed):
    base_url, (_, outsider) = served
    run_id = diagnosed.structured_content["run_id"]

    async def read():
        async with mcp_session(base_url, outsider) as session:
            return await session.call_tool("get_run", {"run_id": run_id}), await session.call_tool("list_recent_runs", {})

    got, recent = asyncio.run(read())
    assert got.is_error
    assert got.content[0].text.endswith(MESSAGE_RUN_NOT_FOUND)
    assert run_id not in [r["run_id"] for r in recent.structured_content["runs"]]


def test_list_scopes_names_the_demo_scope(served):
    base_url, (api_user, _) = served

    async def scopes():
        async with mcp_session(base_url, api_user) as session:
            return await session.call_tool("list_scopes", {})

    names = [s["name"] for s in asyncio.run(scopes()).structured_content["scopes"]]
    assert names


@pytest.mark.parametrize(
    ("authorization", "code", "message"),
    [
        (None, "not_authenticated", MESSAGE_NOT_AUTHENTICATED),
        ("Bearer not-a-token", "authentication_failed", MESSAGE_AUTHENTICATION_FAILED),
        ("Basic dXNlcjpwYXNz", "not_authenticated", MESSAGE_NOT_AUTHENTICATED),
    ],
)
def test_a_bad_or_missing_token_is_refused_with_401_in_chinese(served, authorization, code, message):
    base_url, _ = served
    headers = {"Content-Type": "application/json", "Accept": "application/json, text/event-stream"}
    if authorization:
        headers["Authorization"] = authorization
    body = {"jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": {}}
    response = httpx2.post(f"{base_url}/mcp", headers=headers, content=json.dumps(body))
    assert response.status_code == 401
    assert response.json() == {"error": {"code": code, "message": message}}


def test_the_sdk_client_with_a_bad_token_fails(served):
    base_url, _ = served

    async def connect():
        async with mcp_session(base_url, "not-a-token"):
            pass

    with pytest.raises(Exception):  # noqa: B017 - whichever error the SDK raises for a 401
        asyncio.run(connect())


def test_the_rest_of_the_site_is_still_served_by_django(served):
    base_url, (api_user, _) = served
    response = httpx2.get(f"{base_url}/api/scopes", headers={"Authorization": f"Token {api_user}"})
    assert response.status_code == 200
    assert response.json()
