"""Talking to the MCP server as a client does: the SDK's own streamable-HTTP client and
``ClientSession``, with the API token in the Authorization header."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import httpx2
from mcp import ClientSession
from mcp.client.streamable_http import streamable_http_client

DEMO_QUESTION = "payment-service 从 10:05 开始大量 500，原因是什么？"
TOOLS = {"diagnose", "get_run", "list_scopes", "list_recent_runs"}


@asynccontextmanager
async def mcp_session(base_url: str, token: str, *, scheme: str = "Bearer") -> AsyncIterator[ClientSession]:
    headers = {"Authorization": f"{scheme} {token}"}
    async with httpx2.AsyncClient(headers=headers, timeout=httpx2.Timeout(30, read=300)) as http:
        async with streamable_http_client(f"{base_url}/mcp", http_client=http) as (read, write):
            async with ClientSession(read, write) as session:
                await session.initialize()
                yield session
