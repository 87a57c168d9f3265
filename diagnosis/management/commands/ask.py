"""``manage.py ask "…" [--session ID] [--scope NAME] [--json] [--user USERNAME]`` (DESIGN §8).

Runs one question through the whole graph with the configured provider, synchronously. Text
mode prints the Chinese answer and one short status line; ``--json`` prints one JSON object:
``run_id``, ``session_id``, ``status``, ``outcome``, ``verdict`` (effective, or null on
fallback), ``answer``, ``evidence_retry_count``, ``self_evaluation`` (the whole container) and
``tool_invocations`` (id, tool, status, arguments). The owner defaults to a local user ``cli``
created on first use. ``--scope`` names the evidence scope of a new session (default: the
default scope) and must match an existing session's.
"""

from __future__ import annotations

import json
from typing import Any, Final

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError
from django.db import DEFAULT_DB_ALIAS, DatabaseError, connections
from django.db.migrations.executor import MigrationExecutor

from diagnosis.models import DiagnosisRun
from diagnosis.selectors.scopes import UnknownScope
from diagnosis.services.runs import (
    InvalidQuestion,
    ScopeMismatch,
    SessionNotFound,
    diagnosis_run_create,
    diagnosis_run_execute,
    diagnosis_session_resolve,
    scope_resolve,
)

DEFAULT_USER: Final = "cli"
MSG_UNKNOWN_USER: Final = "用户不存在：{username}"
MSG_SESSION_NOT_FOUND: Final = "会话不存在或不属于用户 {username}：{session}"
MSG_NOT_MIGRATED: Final = "数据库尚未初始化或未迁移到最新：请先运行 python manage.py migrate"
MSG_DATABASE_UNAVAILABLE: Final = "无法访问数据库（{error}）：请检查 DATABASE_URL"
MSG_NO_EVIDENCE: Final = "提示：证据范围「{scope}」中尚无证据（日志、告警、指标、知识库），可先运行 python manage.py load_demo"
STATUS_LINE: Final = "[运行 {run_id} · 会话 {session_id} · 状态 {status} · 结果 {outcome} · 判定 {verdict} · 补充取证 {retries} 次]"


def run_payload(run: DiagnosisRun) -> dict[str, Any]:
    return {
        "run_id": str(run.pk),
        "session_id": str(run.session_id),
        "status": run.status,
        "outcome": run.outcome or None,
        "verdict": run.verdict or None,
        "answer": run.final_answer,
        "evidence_retry_count": run.evidence_retry_count,
        "self_evaluation": run.self_evaluation or {},
        "tool_invocations": [
            {"id": inv.invocation_id, "tool": inv.tool_name, "status": inv.status, "arguments": inv.arguments}
            for inv in run.tool_invocations.order_by("seq")
        ],
    }


class Command(BaseCommand):
    help = "Ask one diagnosis question through the whole graph and print the Chinese answer (or --json)."

    def add_arguments(self, parser) -> None:
        parser.add_argument("question", help="the question, e.g. \"payment-service 10:05 开始大量 500，原因是什么？\"")
        parser.add_argument("--session", dest="session", default=None, help="continue this session (UUID)")
        parser.add_argument("--scope", dest="scope", default=None, help="evidence scope of a new session (default: the default scope)")
        parser.add_argument("--json", dest="as_json", action="store_true", help="print one JSON object")
        parser.add_argument("--user", dest="username", default=None, help=f"owner (default: local user '{DEFAULT_USER}')")

    def _owner(self, username: str | None) -> Any:
        User = get_user_model()
        if username is None:
            user, _ = User.objects.get_or_create(username=DEFAULT_USER)
            return user
        try:
            return User.objects.get(username=username)
        except User.DoesNotExist:
            raise CommandError(MSG_UNKNOWN_USER.format(username=username)) from None

    def _check_database(self) -> None:
        """A clear message instead of a traceback when the database is not ready."""
        try:
            connection = connections[DEFAULT_DB_ALIAS]
            executor = MigrationExecutor(connection)
            pending = executor.migration_plan(executor.loader.graph.leaf_nodes())
        except DatabaseError as exc:
            raise CommandError(MSG_DATABASE_UNAVAILABLE.format(error=str(exc).splitlines()[0][:200])) from None
        if pending:
            raise CommandError(MSG_NOT_MIGRATED)

    def _warn_if_empty(self, scope: Any) -> None:
        from diagnosis.models import Alert, KnowledgeDocument, LogRecord, MetricSeries

        if scope.is_live:
            return  # the live stack's evidence is in its backends, not in rows
        if not any(model.objects.for_scope(scope).exists() for model in (LogRecord, Alert, MetricSeries, KnowledgeDocument)):
            self.stderr.write(MSG_NO_EVIDENCE.format(scope=scope.name))

    def handle(self, *args: Any, **options: Any) -> None:
        self._check_database()
        owner = self._owner(options["username"])
        session = None
        try:
            scope = scope_resolve(options["scope"]) if options["scope"] else None
            if options["session"]:
                try:
                    session = diagnosis_session_resolve(owner=owner, session_id=options["session"], scope=scope)
                except SessionNotFound:
                    raise CommandError(
                        MSG_SESSION_NOT_FOUND.format(username=owner.get_username(), session=options["session"])
                    ) from None
            run = diagnosis_run_create(owner=owner, question=options["question"], session=session, scope=scope)
        except (InvalidQuestion, UnknownScope, ScopeMismatch) as exc:
            raise CommandError(str(exc)) from None
        self._warn_if_empty(run.session.scope)
        run = diagnosis_run_execute(run_id=run.pk)
        run.refresh_from_db()
        if options["as_json"]:
            self.stdout.write(json.dumps(run_payload(run), ensure_ascii=False))
            return
        self.stdout.write(run.final_answer)
        self.stdout.write(
            STATUS_LINE.format(
                run_id=run.pk,
                session_id=run.session_id,
                status=run.status,
                outcome=run.outcome or "-",
                verdict=run.verdict or "-",
                retries=run.evidence_retry_count,
            )
        )
