"""The DRF API (DESIGN §8). OpenAPI 3.1 at ``/api/schema/``, Swagger UI at ``/api/docs/``.

Endpoints

- ``POST /api/chat`` {question, session_id?} → run summary (``run_id``, ``session_id``,
  ``status``, ``outcome``, ``verdict``, ``answer``, ``links``). RUN_EXECUTION=inline runs the
  graph inside the request (201); celery queues it (202, ``status: queued``).
- ``POST /api/chat/stream`` — the same request, answered as Server-Sent Events
  (``run``, ``stage`` per orchestration event, ``answer``, ``done``, ``error``); see
  ``diagnosis.api.stream``.
- ``GET /api/runs`` / ``GET /api/runs/{id}`` — the caller's runs (paginated) / one run's full
  audit view (self_evaluation, tool invocations, events).
- ``GET /api/sessions`` / ``GET /api/sessions/{id}`` — sessions (paginated) / one with its runs.
- ``GET /api/knowledge`` / ``POST /api/knowledge`` — knowledge documents; upload is a
  Markdown/text file (multipart ``file``: .md/.markdown/.txt, UTF-8, ≤ 200 KB) or JSON
  ``{title, content, source?}``; uploading is for staff users only (a runbook shapes every
  user's answers), listing for everyone signed in.
- ``POST /api/alerts/alertmanager`` — Alertmanager's webhook (``diagnosis.alerts``): receiver
  bearer token, one run per firing alert group, deduplicated; not in the schema (docs/ALERTS.md "Alert
  intake").

Decisions

- Authentication everywhere, the schema and docs included: DRF token auth (tokens from
  ``manage.py drf_create_token USER``, header ``Authorization: Token <key>``) first, then session
  auth. Anonymous → 401 with ``WWW-Authenticate: Token`` (JSON); the docs pages, being for
  people, redirect to the login page instead.
- CSRF: enforced by DRF's SessionAuthentication for cookie-authenticated writes (header
  ``X-CSRFToken``); token callers need none. The async SSE view reuses exactly that: it runs the
  DRF request cycle of a non-routed APIView (``ChatStreamGate``) in a worker thread before
  opening the stream, and is ``csrf_exempt`` for Django's middleware like every DRF view.
- Ownership in selectors (``diagnosis.selectors.runs``): users see their own sessions and runs,
  staff see all; someone else's id is 404, never 403. Only the owner can continue a session.
- ``Idempotency-Key`` (``diagnosis.services.idempotency``): per user; same key + same body →
  the first request's run, replayed with ``Idempotent-Replayed: true``; still running → 409;
  another body → 422. The fingerprint is sha256 of the canonical JSON of the validated body;
  the database's partial unique constraint settles races.
- Errors are always ``{"error": {"code", "message", "fields"?}}`` with a Chinese message
  (``diagnosis.api.errors``), including 404/500 outside DRF for ``/api/…`` paths and unexpected
  exceptions (logged, never a stack trace). Unknown request fields are a 400.
- Throttling: the ``chat`` scope (per user, shared by both chat endpoints) and the ``user``
  scope for everything; 429 with ``Retry-After``.
"""
