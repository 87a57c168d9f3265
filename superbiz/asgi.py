"""ASGI entry point (uvicorn / gunicorn -k uvicorn_worker.UvicornWorker superbiz.asgi:application) —
needed for the SSE stream and the MCP server. Only servers import this module: it starts the
inline-mode reaper.

``/mcp`` goes to the MCP server (streamable HTTP, issue 31), everything else to Django. The
lifespan events go to the MCP app (its session manager runs for the server's lifetime); Django
has no lifespan of its own."""

import os

from django.core.asgi import get_asgi_application
from starlette.types import Receive, Scope, Send

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "superbiz.settings")
django_application = get_asgi_application()

from diagnosis.mcp.http import MCP_PATH, mcp_http_app  # noqa: E402 - needs the app set up
from diagnosis.services.reaper import reaper_thread_start  # noqa: E402 - needs the app set up

mcp_application = mcp_http_app()


async def application(scope: Scope, receive: Receive, send: Send) -> None:
    path = scope.get("path", "")
    if scope["type"] == "lifespan" or path == MCP_PATH or path.startswith(MCP_PATH + "/"):
        await mcp_application(scope, receive, send)
    else:
        await django_application(scope, receive, send)


reaper_thread_start()
