"""The MCP tools (issue 31): ``diagnose``, ``get_run``, ``list_scopes``, ``list_recent_runs``.

Thin adapters (STYLE §1). ``diagnose`` starts a run exactly as ``POST /api/chat`` does
(``diagnosis_run_create_idempotent`` + ``diagnosis_run_submit``) and waits for it; the reads go
through the API's selectors, so a caller sees what the API shows them: their own runs, staff
everyone's, another user's run is "not found". ``diagnose`` spends the ``chat`` throttle budget
the API's chat endpoints share, the other tools the general ``user`` budget.

Who is calling: over HTTP the user the token named (``diagnosis.mcp.http`` puts it in the ASGI
scope); over stdio the one user ``manage.py mcp_serve --user`` was started for.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Any, Final

from asgiref.sync import sync_to_async
from django.core.exceptions import ValidationError as DjangoValidationError
from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from rest_framework.throttling import SimpleRateThrottle

from contracts.mcp import RunList, RunReport, ScopeList
from diagnosis.api.errors import MESSAGE_THROTTLED
from diagnosis.api.report import Absolute, run_brief, run_report, scope_item
from diagnosis.api.throttles import ApiUserRateThrottle, ChatRateThrottle
from diagnosis.models import DiagnosisRun
from diagnosis.selectors.runs import run_with_audit_rows, runs_visible_to
from diagnosis.selectors.scopes import UnknownScope, scopes_list
from diagnosis.services.idempotency import diagnosis_run_create_idempotent
from diagnosis.services.runs import InvalidQuestion, ScopeMismatch, SessionNotFound, diagnosis_run_submit

SERVER_NAME: Final = "superbiz-diagnosis"
INSTRUCTIONS: Final = (
    "事故诊断：diagnose 提一个中文问题，返回经证据核验的结论。只有 confirmed 中的陈述被核验确认（附引用的证据）；"
    "not_confirmed 与 gaps 是未确认的内容，不能当作事实。verdict 为 PASS / LOW_CONFID / REJECT，兜底时为 null。"
)
RECENT_RUNS: Final = 20

MESSAGE_RUN_NOT_FOUND: Final = "运行不存在或无权访问。"
MESSAGE_NO_USER: Final = "未认证：没有调用者。"


@dataclass(frozen=True)
class Caller:
    """Who a tool call is from, and how to turn the run's paths into URLs they can open."""

    user: Any
    absolute: Absolute


def _http_caller(request: Any) -> Caller:
    base = str(request.base_url).rstrip("/")
    return Caller(user=request.scope["user"], absolute=lambda path: f"{base}{path}")


class _ThrottleSubject:
    """What DRF's user throttles read of a request: the user (they key their budget on its pk)."""

    def __init__(self, user: Any) -> None:
        self.user = user


def _throttle(user: Any, throttle: SimpleRateThrottle) -> None:
    if not throttle.allow_request(_ThrottleSubject(user), None):
        raise ToolError(MESSAGE_THROTTLED.format(wait=int(throttle.wait() or 1)))


def _start(caller: Caller, question: str, scope: str | None, session_id: str | None) -> DiagnosisRun:
    _throttle(caller.user, ChatRateThrottle())
    _throttle(caller.user, ApiUserRateThrottle())
    try:
        run = diagnosis_run_create_idempotent(owner=caller.user, question=question, session_id=session_id, scope=scope)
    except (InvalidQuestion, SessionNotFound, UnknownScope, ScopeMismatch) as exc:
        raise ToolError(exc.message) from None
    return run.run


def _report(caller: Caller, run_id: Any) -> RunReport:
    try:
        run = run_with_audit_rows(runs_visible_to(caller.user)).get(pk=run_id)
    except (DiagnosisRun.DoesNotExist, DjangoValidationError, ValueError, TypeError):
        # Unknown, malformed, or another user's: the same answer, so ids cannot be probed.
        raise ToolError(MESSAGE_RUN_NOT_FOUND) from None
    return run_report(run, viewer=caller.user, absolute=caller.absolute)


def diagnosis_mcp_server(*, stdio_user: Any = None) -> MCPServer:
    """The tools, for the HTTP transport (each call's user from its request) or, given
    ``stdio_user``, for stdio (every call is that user's)."""
    server = MCPServer(SERVER_NAME, instructions=INSTRUCTIONS)

    def caller_of(ctx: Context) -> Caller:
        request = ctx.request_context.request
        if request is not None:
            return _http_caller(request)
        if stdio_user is None:
            raise ToolError(MESSAGE_NO_USER)
        return Caller(user=stdio_user, absolute=None)

    @server.tool()
    async def diagnose(
        question: str, ctx: Context, scope: str | None = None, session_id: str | None = None
    ) -> RunReport:
        """诊断一个线上问题（中文提问，如“payment-service 从 10:05 开始大量 500，原因是什么？”）。
        scope：证据范围名称（见 list_scopes），省略为默认范围；session_id：在已有会话中追问。
        返回判定、结论、已确认的陈述及其引用证据、未确认的陈述、证据缺口和运行链接。"""
        caller = caller_of(ctx)
        run = await sync_to_async(_start)(caller, question, scope, session_id)
        # The API's one execution path; in a worker thread so this event loop keeps serving.
        future = await sync_to_async(diagnosis_run_submit)(run=run, background=True)
        if future is not None:
            await asyncio.wrap_future(future)
        return await sync_to_async(_report)(caller, run.pk)

    @server.tool()
    async def get_run(run_id: str, ctx: Context) -> RunReport:
        """读取一次诊断运行（自己的；员工可读全部）：判定、结论、已确认/未确认的陈述、证据缺口、链接。"""
        caller = caller_of(ctx)

        def read() -> RunReport:
            _throttle(caller.user, ApiUserRateThrottle())
            return _report(caller, run_id)

        return await sync_to_async(read)()

    @server.tool()
    async def list_scopes(ctx: Context) -> ScopeList:
        """证据范围列表：diagnose 的 scope 取这里的 name（live 为实时后端，replay 为回放的证据包）。"""
        caller = caller_of(ctx)

        def read() -> ScopeList:
            _throttle(caller.user, ApiUserRateThrottle())
            return ScopeList(scopes=[scope_item(s) for s in scopes_list()])

        return await sync_to_async(read)()

    @server.tool()
    async def list_recent_runs(ctx: Context) -> RunList:
        """最近的诊断运行（自己的；员工可见全部），新的在前，最多 20 条。"""
        caller = caller_of(ctx)

        def read() -> RunList:
            _throttle(caller.user, ApiUserRateThrottle())
            runs = runs_visible_to(caller.user).order_by("-created_at")[:RECENT_RUNS]
            return RunList(runs=[run_brief(r, absolute=caller.absolute) for r in runs])

        return await sync_to_async(read)()

    return server
