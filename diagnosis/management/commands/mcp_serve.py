"""``manage.py mcp_serve --user USERNAME``: the MCP server of issue 31 over stdio.

For a desktop assistant that starts the server itself (Claude Desktop's ``mcpServers``): every
tool call is made as ``USERNAME`` and sees what that user sees in the API. Over HTTP the same
tools are served at ``/mcp`` by the ASGI app, behind the API token (docs/MCP.md).
"""

from __future__ import annotations

from typing import Any, Final

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from diagnosis.mcp.server import diagnosis_mcp_server

MSG_UNKNOWN_USER: Final = "用户不存在或已停用：{username}"


class Command(BaseCommand):
    help = "MCP 服务器（stdio）：以 --user 指定的用户身份提供 diagnose / get_run / list_scopes / list_recent_runs"

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--user", required=True, help="以该用户身份调用（只能读取其可见的运行）")

    def handle(self, *args: Any, **options: Any) -> None:
        username = options["user"]
        user = get_user_model().objects.filter(username=username, is_active=True).first()
        if user is None:
            raise CommandError(MSG_UNKNOWN_USER.format(username=username))
        # stdout is the protocol's: nothing else may be written to it.
        diagnosis_mcp_server(stdio_user=user).run("stdio")
