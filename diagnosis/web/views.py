"""Staff web UI views (Django templates, login required).

Visibility is the API's rule, from the same selectors: a user reads their own sessions and
runs; a staff user may open any run or session by its link (the API's "staff see all"). The
lists show the caller's own sessions — reviewers browse everyone's runs in the admin.

The home page asks through ``POST /api/chat/stream`` from a small script (fetch + the SSE
stream). Without JavaScript the same form posts to ``ask``, which runs the question in the
request and redirects to the answer page.
"""

from __future__ import annotations

import uuid

from django.contrib.auth.decorators import login_required
from django.contrib.staticfiles import finders
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_GET, require_POST

from diagnosis.api.serializers import ChatRequestSerializer
from diagnosis.models import DiagnosisRun, DiagnosisSession
from diagnosis.reviews.views import label_forms_context, run_label_post
from diagnosis.selectors.runs import (
    run_audit_view,
    run_with_audit_rows,
    runs_visible_to,
    session_get_visible,
    session_list_with_stats,
    sessions_in_history,
    sessions_owned_by,
)
from diagnosis.selectors.scopes import UnknownScope, default_scope, scopes_list
from diagnosis.selectors.series import cited_series
from diagnosis.selectors.sessions import conversation_turn, session_conversation
from diagnosis.services.idempotency import diagnosis_run_create_idempotent
from diagnosis.services.runs import (
    QUESTION_MAX_CHARS,
    InvalidQuestion,
    ScopeMismatch,
    SessionNotFound,
    diagnosis_run_submit,
)
from diagnosis.web.presenter import (
    answer_view,
    call_anchors,
    statement_cards,
    statement_views,
    tool_calls,
)

RECENT_SESSIONS = 20
SESSIONS_PER_PAGE = 25
EXAMPLE_QUESTIONS = (
    "payment-service 10:05 开始大量 500，原因是什么？",
    "订单服务最近半小时响应变慢了吗？",
)


def _ask_context(request: HttpRequest, *, selected: DiagnosisSession | None = None, **extra: object) -> dict:
    recent = list(session_list_with_stats(sessions_owned_by(request.user).select_related("scope"))[:RECENT_SESSIONS])
    if selected is not None and all(s.pk != selected.pk for s in recent):
        recent.insert(0, selected)
    return {
        "recent_sessions": recent,
        "selected_session": selected,
        "scopes": list(scopes_list()),
        "default_scope": default_scope(),
        "question_max_chars": QUESTION_MAX_CHARS,
        "example_questions": EXAMPLE_QUESTIONS,
        **extra,
    }


def _uuid_or_none(value: str | None) -> uuid.UUID | None:
    try:
        return uuid.UUID(value) if value else None
    except ValueError:
        return None


@login_required
@require_GET
def home(request: HttpRequest) -> HttpResponse:
    selected = None
    session_id = _uuid_or_none(request.GET.get("session"))
    if session_id is not None:
        selected = sessions_owned_by(request.user).filter(pk=session_id).first()
    return render(request, "web/home.html", _ask_context(request, selected=selected))


@login_required
@require_POST
def ask(request: HttpRequest) -> HttpResponse:
    data = {"question": request.POST.get("question", "")}
    if request.POST.get("session_id"):
        data["session_id"] = request.POST["session_id"]  # a continued session keeps its own scope
    elif request.POST.get("scope"):
        data["scope"] = request.POST["scope"]
    serializer = ChatRequestSerializer(data=data)
    if not serializer.is_valid():
        errors = [str(e) for items in serializer.errors.values() for e in items]
        return render(
            request, "web/home.html", _ask_context(request, errors=errors, question=data["question"]), status=400
        )
    try:
        start = diagnosis_run_create_idempotent(
            owner=request.user,
            question=serializer.validated_data["question"],
            session_id=serializer.validated_data.get("session_id"),
            scope=serializer.validated_data.get("scope"),
        )
    except (InvalidQuestion, SessionNotFound, UnknownScope, ScopeMismatch) as exc:
        message = "会话不存在或无权访问。" if isinstance(exc, SessionNotFound) else str(exc)
        return render(
            request, "web/home.html", _ask_context(request, errors=[message], question=data["question"]), status=400
        )
    diagnosis_run_submit(run=start.run)
    return redirect("web:run-detail", pk=start.run.pk)


@login_required
@require_GET
def session_list(request: HttpRequest) -> HttpResponse:
    sessions = session_list_with_stats(sessions_in_history(request.user))
    page = Paginator(sessions, SESSIONS_PER_PAGE).get_page(request.GET.get("page"))
    return render(request, "web/session_list.html", {"page": page})


@login_required
@require_GET
def session_detail(request: HttpRequest, pk: uuid.UUID) -> HttpResponse:
    try:
        session = session_get_visible(user=request.user, session_id=pk)
    except DiagnosisSession.DoesNotExist:
        raise Http404("会话不存在") from None
    turns = session_conversation(session)
    context = _ask_context(request, selected=session if session.owner_id == request.user.pk else None)
    context.update({"session": session, "turns": turns, "can_continue": session.owner_id == request.user.pk})
    return render(request, "web/session_detail.html", context)


@login_required
@require_GET
def run_detail(request: HttpRequest, pk: uuid.UUID) -> HttpResponse:
    try:
        run = run_with_audit_rows(runs_visible_to(request.user)).get(pk=pk)
    except DiagnosisRun.DoesNotExist:
        raise Http404("运行不存在") from None
    audit = run_audit_view(run)
    charts = cited_series(audit)
    answer = answer_view(audit, charts)
    # With the answer model, each key statement (and its chart) is in the answer; the statements
    # below are the other confirmed ones (DESIGN §10.5 other_evidence): nothing shown twice.
    key_claims = {item.item.claim_id for item in answer.key_evidence} if answer else set()
    calls = tool_calls(audit.invocations)
    cards = [card for card in statement_cards(audit, charts) if card.statement.claim_id not in key_claims]
    context = {
        "run": run,
        "audit": audit,
        "answer": answer,
        "statements": statement_views(cards, call_anchors(calls, audit)),
        "calls": calls,
        "evidence_count": sum(len(call.evidence) for call in calls),
        "has_charts": bool(charts),
        **label_forms_context(run, request.user, audit),
    }
    context.update(label_url=reverse("web:run-label", args=[run.pk]), next_url=request.get_full_path())
    return render(request, "web/run_detail.html", context)


@login_required
@require_GET
def run_turn(request: HttpRequest, pk: uuid.UUID) -> HttpResponse:
    """One turn of a conversation (question, reading, badge, answer) as the session page shows it:
    the page's script fetches it to add a follow-up's answer to the thread in place."""
    try:
        run = runs_visible_to(request.user).get(pk=pk)
    except DiagnosisRun.DoesNotExist:
        raise Http404("运行不存在") from None
    number = run.session.runs.filter(created_at__lte=run.created_at).count()
    return render(request, "web/_turn.html", {"turn": conversation_turn(run), "number": number})


@login_required
def run_label(request: HttpRequest, pk: uuid.UUID) -> HttpResponse:
    """A staff reviewer's label of a run or one of its claims (the admin's form, here too)."""
    return run_label_post(request, pk, fallback_url=reverse("web:run-detail", args=[pk]))


@require_GET
@cache_control(public=True, max_age=86_400)
def favicon(request: HttpRequest) -> HttpResponse:
    """``/favicon.ico`` for every page a browser opens here (web UI, admin, API docs): the icon in
    static/, public like every static file."""
    path = finders.find("favicon.ico")
    if not path:
        raise Http404("favicon.ico")
    with open(path, "rb") as icon:  # 4 KB: a plain response (a FileResponse would stream a sync iterator under ASGI)
        return HttpResponse(icon.read(), content_type="image/x-icon")
