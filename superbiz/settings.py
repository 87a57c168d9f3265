"""Settings for SuperBiz Diagnosis. Every value comes from the environment (see .env.example)."""

from __future__ import annotations

import json
import warnings
import zoneinfo
from pathlib import Path

from csp import constants as csp
from django.core.exceptions import ImproperlyConfigured

from superbiz.env import (
    BASE_DIR,
    env_bool,
    env_choice,
    env_db,
    env_float,
    env_header_pair,
    env_int,
    env_list,
    env_networks,
    env_origins,
    env_prices,
    env_str,
    env_url,
)
from superbiz.secret_key import secret_key_resolve

# --- Core ---------------------------------------------------------------------------------
DEBUG = env_bool("DEBUG", False)
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["localhost", "127.0.0.1", "[::1]", "testserver"])

# --- Security / deployment ----------------------------------------------------------------
# Defaults serve the embedded first run: plain http on localhost, DEBUG off. Behind TLS the
# operator sets the production block of docs/CONFIGURATION.md "Production settings"; with it
# `manage.py check --deploy --fail-level WARNING` passes (tests/settings/test_deploy_check.py).
SECRET_KEY = secret_key_resolve(
    env_value=env_str("SECRET_KEY", ""),
    key_file=BASE_DIR / (env_str("SECRET_KEY_FILE", "") or ".secret_key"),  # relative: beside manage.py
    debug=DEBUG,
    require=env_bool("REQUIRE_SECRET_KEY", False),
)
CSRF_TRUSTED_ORIGINS = env_origins("CSRF_TRUSTED_ORIGINS", [])
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", False)
SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 0, minimum=0, maximum=2 * 365 * 24 * 3600)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", False)
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", False)
SESSION_COOKIE_SECURE = env_bool("SESSION_COOKIE_SECURE", False)
CSRF_COOKIE_SECURE = env_bool("CSRF_COOKIE_SECURE", False)
# Only behind a proxy that always sets (and strips client copies of) this header; otherwise a
# client could claim https itself.
SECURE_PROXY_SSL_HEADER = env_header_pair("SECURE_PROXY_SSL_HEADER")
# Content-Security-Policy (django-csp 4): only this origin's scripts and styles, plus inline
# blocks carrying the per-response nonce (the self-hosted Swagger UI / Redoc pages, see
# templates/drf_spectacular/). No 'unsafe-inline', no 'unsafe-eval', no CDN. data: images are
# Swagger UI's and the admin's SVG icons. Browser-tested: tests/browser/test_csp.py.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [csp.SELF],
        "script-src": [csp.SELF, csp.NONCE],
        "style-src": [csp.SELF, csp.NONCE],
        "img-src": [csp.SELF, "data:"],
        "font-src": [csp.SELF, "data:"],
        "connect-src": [csp.SELF],
        "worker-src": [csp.SELF, "blob:"],
        "object-src": [csp.NONE],
        "base-uri": [csp.SELF],
        "form-action": [csp.SELF],
        "frame-ancestors": [csp.NONE],
    },
}

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "drf_spectacular_sidecar",  # Swagger UI / Redoc served from our own static files, no CDN
    "csp",
    "diagnosis",
    # The evaluation harness (top-level package ``evaluation``, outside the product): installed for its
    # ``manage.py evaluate`` command only — no models, URLs or signals; the product imports nothing from it.
    # Kept in every environment so an operator can measure a deployment and ``--save`` the figures the
    # calibration page plots.
    "evaluation",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # Static files (admin, web UI CSS, self-hosted API docs) under runserver, uvicorn or gunicorn
    # alike, also with DEBUG off — no separate web server needed for a first run.
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "csp.middleware.CSPMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # A database that refuses or cannot be reached: 503, not a 500 traceback (issue 25).
    "diagnosis.api.errors.DatabaseUnavailableMiddleware",
]

ROOT_URLCONF = "superbiz.urls"
WSGI_APPLICATION = "superbiz.wsgi.application"
ASGI_APPLICATION = "superbiz.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

# --- Database -----------------------------------------------------------------------------
_db = env_db("DATABASE_URL", "sqlite:///db.sqlite3")
SQLITE_BUSY_TIMEOUT_S = env_float("SQLITE_BUSY_TIMEOUT_S", 20.0, minimum=1.0, maximum=300.0)
if _db["ENGINE"] == "django.db.backends.sqlite3":
    if _db.get("NAME") not in (":memory:", "", None) and not Path(_db["NAME"]).is_absolute():
        _db["NAME"] = str(BASE_DIR / _db["NAME"])
    # The embedded default serves a small team (several people chatting at once):
    # - every transaction is BEGIN IMMEDIATE, so it takes the write lock up front and waits for it
    #   (busy timeout) instead of failing at once when it would upgrade a read lock mid-way;
    # - WAL, so readers (the SSE tail, the web UI) never block the writer and vice versa;
    #   synchronous=NORMAL is the setting SQLite recommends with WAL (durable at checkpoints);
    # - our backend retries a statement outside a transaction when the timeout still runs out.
    # PostgreSQL stays the recommendation beyond a handful of concurrent users (docs/CONFIGURATION.md).
    _db["ENGINE"] = "superbiz.sqlite"
    _options = _db.setdefault("OPTIONS", {})
    _options.setdefault("timeout", SQLITE_BUSY_TIMEOUT_S)
    _options.setdefault("transaction_mode", "IMMEDIATE")
    _options.setdefault("init_command", "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL")
# Connection reuse (production on PostgreSQL: docs/OPERATIONS.md "Production serving"). 0 = a connection per
# request, the safe default; with reuse, health checks drop a connection the server closed.
_db["CONN_MAX_AGE"] = env_int("DB_CONN_MAX_AGE", 0, minimum=0, maximum=86_400)
_db["CONN_HEALTH_CHECKS"] = env_bool("DB_CONN_HEALTH_CHECKS", True)
_db.setdefault("TEST", {})
if _db["ENGINE"] == "superbiz.sqlite" and _db.get("NAME") not in (":memory:", "", None):
    # The test database is a file beside the configured one, not Django's in-memory shared-cache
    # database: the tests then run on what a first user runs (WAL, the busy timeout, one
    # connection per thread), and a worker thread writing while the stream reads waits for the
    # lock instead of failing at once with "database table is locked" (shared-cache table locks
    # have no busy timeout; two stream tests failed that way in CI).
    _db["TEST"].setdefault("NAME", f"{_db['NAME']}.test")
DATABASES = {"default": _db}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# --- i18n / time --------------------------------------------------------------------------
LANGUAGE_CODE = "zh-hans"
TIME_ZONE = env_str("TIME_ZONE", "Asia/Shanghai")
try:
    zoneinfo.ZoneInfo(TIME_ZONE)
except (zoneinfo.ZoneInfoNotFoundError, ValueError):
    raise ImproperlyConfigured(f"环境变量 TIME_ZONE 的值无效: {TIME_ZONE!r} (expected an IANA zone)") from None
USE_I18N = True
USE_TZ = True  # always on (DESIGN §3)

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"] if (BASE_DIR / "static").is_dir() else []
STATIC_ROOT = BASE_DIR / "staticfiles"
# Serve straight from the app/static finders so no collectstatic step is required; run
# `manage.py collectstatic` in production for compressed, cache-busted files.
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = DEBUG
# Without collectstatic STATIC_ROOT does not exist yet; that is expected, not worth a warning.
# Matched by message only: whitenoise warns with stacklevel=3, so the warning is attributed to
# Django's handler that builds the middleware, never to a whitenoise module.
warnings.filterwarnings("ignore", message=r"No directory at: ", category=UserWarning)

LOGIN_URL = "/accounts/login/"
LOGIN_REDIRECT_URL = "/"
LOGOUT_REDIRECT_URL = "/accounts/login/"

# --- Model provider (DESIGN §3, §7) -------------------------------------------------------
LLM_PROVIDER = env_choice("LLM_PROVIDER", "offline", ("offline", "openai"))
OPENAI_BASE_URL = env_url("OPENAI_BASE_URL", "")
OPENAI_API_KEY = env_str("OPENAI_API_KEY", "")
LLM_MODEL = env_str("LLM_MODEL", "")
LLM_ROLE_MODELS = {
    role: env_str(f"LLM_MODEL_{role.upper()}", "") or LLM_MODEL
    for role in ("planner", "executor", "verifier", "composer")
}
LLM_TIMEOUT_S = env_float("LLM_TIMEOUT_S", 60.0, minimum=0.1, maximum=600.0)
LLM_MAX_RETRIES = env_int("LLM_MAX_RETRIES", 2, minimum=0, maximum=10)
LLM_JSON_MODE = env_bool("LLM_JSON_MODE", True)
# Constrained decoding of each role's reply to its JSON Schema (issue 29): auto = try json_schema,
# step down to llama-cpp-python's json_object+schema, json_object, then none when the server
# rejects response_format (remembered per base URL and model). LLM_JSON_MODE=false — the older way
# to say "this server rejects response_format" — turns the default auto into off.
LLM_STRUCTURED_OUTPUT = env_choice("LLM_STRUCTURED_OUTPUT", "auto", ("auto", "json_schema", "json_object", "off"))
# Circuit breaker per (OPENAI_BASE_URL, model): after this many consecutive failed model calls
# (transport error, timeout, 5xx — after the client's retries) calls fail fast for the cooldown,
# then one probe is let through. 0 disables the breaker.
LLM_CIRCUIT_FAILURES = env_int("LLM_CIRCUIT_FAILURES", 5, minimum=0, maximum=1000)
LLM_CIRCUIT_COOLDOWN_S = env_float("LLM_CIRCUIT_COOLDOWN_S", 30.0, minimum=0.0, maximum=3600.0)
EXECUTOR_MAX_TOOL_CALLS = env_int("EXECUTOR_MAX_TOOL_CALLS", 8, minimum=1, maximum=50)
# The executor's first turn: auto = the model decides whether to call a tool; plan = the request
# names the plan's first tool (tool_choice {"type": "function", …}) so a small local model that
# would answer without evidence calls it first (the model still writes the arguments).
EXECUTOR_FIRST_TOOL_CHOICE = env_choice("EXECUTOR_FIRST_TOOL_CHOICE", "auto", ("auto", "plan"))
# Who calls the evidence tools (issue 29, small local models): model = the executor's tool-calling
# loop; plan = the executor runs the plan's steps itself (at most EXECUTOR_MAX_TOOL_CALLS) and the
# model gets their results in one request, constrained to the contract — no tools API needed.
EXECUTOR_TOOL_CALLS = env_choice("EXECUTOR_TOOL_CALLS", "model", ("model", "plan"))
# Who plans: model = the planner role's model; offline = the deterministic offline planner from the
# start (plan_source offline), while the model executes, verifies and composes.
LLM_PLANNER = env_choice("LLM_PLANNER", "model", ("model", "offline"))
# The prompts and reply schemas the model gets: default = prompts/*.md and the full contract
# schemas; compact = prompts/compact/*.md (the same contracts, short English instructions) and
# bounded schemas (few claims, short strings), for models that read a few hundred tokens a second.
LLM_PROMPT_PROFILE = env_choice("LLM_PROMPT_PROFILE", "default", ("default", "compact"))
# Sampling temperature sent with every request; unset = the server's default (none is sent).
# Small local models copy evidence more faithfully at 0.
LLM_TEMPERATURE = (
    env_float("LLM_TEMPERATURE", 0.0, minimum=0.0, maximum=2.0) if env_str("LLM_TEMPERATURE").strip() else None
)
# Output bound of one model reply per role (the executor's: per turn of its tool loop).
LLM_MAX_TOKENS = {
    role: env_int(f"LLM_MAX_TOKENS_{role.upper()}", default, minimum=16, maximum=200_000)
    for role, default in (("planner", 800), ("executor", 2500), ("verifier", 2000), ("composer", 1500))
}
# Per-run model budget, checked before every model call: prompt + completion tokens over all
# roles, and wall-clock seconds since the run started. Crossing either → fallback budget_exhausted.
RUN_MAX_TOKENS = env_int("RUN_MAX_TOKENS", 200_000, minimum=1, maximum=100_000_000)
RUN_MAX_SECONDS = env_float("RUN_MAX_SECONDS", 900.0, minimum=1.0, maximum=86_400.0)
# When the model planner fails after its re-ask: offline = continue with the deterministic
# offline planner's plan (plan_source offline_fallback); none = fallback planner_failed.
PLANNER_FALLBACK = env_choice("PLANNER_FALLBACK", "offline", ("offline", "none"))
LLM_MAX_TOKENS_PARAM = env_choice("LLM_MAX_TOKENS_PARAM", "max_tokens", ("max_tokens", "max_completion_tokens"))
# Model prices for `manage.py evaluate --provider openai` (issue 29 item 3), one variable per model:
# LLM_PRICE_<MODEL>="prompt,completion" in USD per million tokens, <MODEL> the model name
# upper-cased with every non-alphanumeric character turned into "_" (gpt-4o-mini → GPT_4O_MINI).
LLM_PRICES = env_prices("LLM_PRICE_")
if LLM_PROVIDER == "openai":
    missing = [name for name, value in (("LLM_MODEL", LLM_MODEL),) if not value]
    if missing:
        raise ImproperlyConfigured(f"LLM_PROVIDER=openai 需要设置环境变量 {', '.join(missing)}")

# --- Masking of sensitive values sent to a model (DESIGN §10.4) ----------------------------
# On by default: with LLM_PROVIDER=openai every request is masked (placeholders <TYPE_n>) and
# every reply unmasked before the Gatekeeper. MASKING_ENTITIES narrows the built-in types
# (diagnosis/masking/recognizers.toml); MASKING_PATTERNS adds types, as a JSON object
# {"TYPE": "regex"}. MASK_ANSWERS shows placeholders instead of the values to non-staff readers.
MASKING = env_bool("MASKING", True)
MASK_ANSWERS = env_bool("MASK_ANSWERS", False)
MASKING_ENTITIES = [e.strip().upper() for e in env_list("MASKING_ENTITIES", []) if e.strip()]
_masking_patterns_raw = env_str("MASKING_PATTERNS", "")
try:
    MASKING_PATTERNS = json.loads(_masking_patterns_raw) if _masking_patterns_raw.strip() else {}
    if not isinstance(MASKING_PATTERNS, dict) or not all(isinstance(v, str) for v in MASKING_PATTERNS.values()):
        raise ValueError("not an object of strings")
    from diagnosis.masking.masker import builtin_recognizers, parse_custom_patterns

    parse_custom_patterns(f"{k}={v}" for k, v in MASKING_PATTERNS.items())
    _known_types = {r.type for r in builtin_recognizers()}
    if unknown := sorted(set(MASKING_ENTITIES) - _known_types):
        raise ImproperlyConfigured(
            f"环境变量 MASKING_ENTITIES 的值无效: 未知类型 {', '.join(unknown)} (expected some of {', '.join(sorted(_known_types))})"
        )
except ValueError as exc:  # json.JSONDecodeError and RecognizerError are ValueErrors
    raise ImproperlyConfigured(
        f"环境变量 MASKING_PATTERNS 的值无效: {exc} (expected a JSON object {{\"TYPE\": \"regex\"}})"
    ) from None

# --- Run execution ------------------------------------------------------------------------
RUN_EXECUTION = env_choice("RUN_EXECUTION", "inline", ("inline", "celery"))
# Inline runs started in the background (the SSE stream) share a pool of this many threads per
# web process; a run mostly waits on its model, so the pool bounds concurrency, not CPU. Each
# running run holds one database connection (P3: 2 workers × 16 = 32 chats in flight).
RUN_INLINE_THREADS = env_int("RUN_INLINE_THREADS", 16, minimum=1, maximum=256)
CELERY_BROKER_URL = env_str("CELERY_BROKER_URL", "redis://127.0.0.1:6379/0")
CELERY_TASK_DEFAULT_QUEUE = env_str("CELERY_QUEUE", "celery")  # the queue runs go to (and workers read)
CELERY_TASK_ALWAYS_EAGER = False
CELERY_TASK_ACKS_LATE = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
# Per-run time limits of the Celery task: the soft limit raises inside the run (it ends as a
# crash through the finaliser); the hard limit kills the worker child (the reaper closes the run).
RUN_SOFT_TIME_LIMIT_S = env_int("RUN_SOFT_TIME_LIMIT_S", 300, minimum=1, maximum=86_400)
RUN_HARD_TIME_LIMIT_S = env_int("RUN_HARD_TIME_LIMIT_S", 360, minimum=1, maximum=86_400)
if RUN_HARD_TIME_LIMIT_S <= RUN_SOFT_TIME_LIMIT_S:
    raise ImproperlyConfigured("环境变量 RUN_HARD_TIME_LIMIT_S 必须大于 RUN_SOFT_TIME_LIMIT_S")
CELERY_TASK_SOFT_TIME_LIMIT = RUN_SOFT_TIME_LIMIT_S
CELERY_TASK_TIME_LIMIT = RUN_HARD_TIME_LIMIT_S
# acks_late: a message is redelivered only after the visibility timeout; it must outlast the hard
# limit, or a still-running task would be delivered a second time.
CELERY_VISIBILITY_TIMEOUT_S = env_int(
    "CELERY_VISIBILITY_TIMEOUT_S", 2 * RUN_HARD_TIME_LIMIT_S, minimum=RUN_HARD_TIME_LIMIT_S + 1, maximum=7 * 86_400
)
# How often a worker sweeps for messages whose visibility timeout passed (kombu's default scans
# only every 10 × 10 s); throttle 1 makes this the sole control.
CELERY_RESTORE_INTERVAL_S = env_int("CELERY_RESTORE_INTERVAL_S", 10, minimum=1, maximum=3600)
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "visibility_timeout": CELERY_VISIBILITY_TIMEOUT_S,
    "unacked_restore_interval": CELERY_RESTORE_INTERVAL_S,
    "unacked_restore_throttle": 1,
}
CELERY_TASK_REJECT_ON_WORKER_LOST = False  # a lost worker's run is the reaper's, not a redelivery's
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True

# --- Reaper (issue 12): runs that never reached a terminal state ---------------------------
# A queued/running run older than this (from started_at, or created_at while queued) is closed
# as failed/stale_run. Must exceed the longest legitimate run (the hard limit under Celery).
RUN_STALE_AFTER_S = env_int("RUN_STALE_AFTER_S", 900, minimum=1, maximum=7 * 86_400)
RUN_REAPER_INTERVAL_S = env_float("RUN_REAPER_INTERVAL_S", 60.0, minimum=0.1, maximum=86_400.0)
RUN_REAPER_IN_WEB = env_bool("RUN_REAPER_IN_WEB", True)  # inline mode: a reaper thread per web process
if RUN_EXECUTION == "celery" and RUN_STALE_AFTER_S <= RUN_HARD_TIME_LIMIT_S:
    raise ImproperlyConfigured("环境变量 RUN_STALE_AFTER_S 必须大于 RUN_HARD_TIME_LIMIT_S (celery 模式)")
CELERY_BEAT_SCHEDULE = (
    {"reap-stale-runs": {"task": "diagnosis.tasks.reap_stale_runs_task", "schedule": RUN_REAPER_INTERVAL_S}}
    if RUN_EXECUTION == "celery"
    else {}
)

# --- Evidence backends --------------------------------------------------------------------
LOGS_BACKEND = env_choice("LOGS_BACKEND", "builtin", ("builtin", "loki"))
METRICS_BACKEND = env_choice("METRICS_BACKEND", "builtin", ("builtin", "prometheus"))
# query_k8s: the loaded bundles' k8s state, or the cluster (KUBECONFIG, else the in-cluster service account).
K8S_BACKEND = env_choice("K8S_BACKEND", "builtin", ("builtin", "kubernetes"))
KUBECONFIG = env_str("KUBECONFIG", "")  # path to a kubeconfig file; empty: in-cluster config
LOKI_URL = env_url("LOKI_URL", "")
PROMETHEUS_URL = env_url("PROMETHEUS_URL", "")
# Label names the Loki / Prometheus backends query (checked when a backend is built).
LOKI_SERVICE_LABEL = env_str("LOKI_SERVICE_LABEL", "service")
LOKI_LEVEL_LABEL = env_str("LOKI_LEVEL_LABEL", "level")
PROMETHEUS_SERVICE_LABEL = env_str("PROMETHEUS_SERVICE_LABEL", "service")
PROMETHEUS_DEFAULT_METRICS = env_list("PROMETHEUS_DEFAULT_METRICS", [])  # series when no metric is asked
if LOGS_BACKEND == "loki" and not LOKI_URL:
    raise ImproperlyConfigured("LOGS_BACKEND=loki 需要设置环境变量 LOKI_URL")
if METRICS_BACKEND == "prometheus" and not PROMETHEUS_URL:
    raise ImproperlyConfigured("METRICS_BACKEND=prometheus 需要设置环境变量 PROMETHEUS_URL")
TOOL_TIMEOUT_S = env_float("TOOL_TIMEOUT_S", 10.0, minimum=0.1, maximum=300.0)

# --- Operations: /healthz, /readyz, /metrics ----------------------------------------------
# /metrics is off unless one is set; with both, a request needs the token AND an allowed address.
METRICS_TOKEN = env_str("METRICS_TOKEN", "")  # Authorization: Bearer <token>
METRICS_ALLOWED_NETWORKS = env_networks("METRICS_ALLOWED_NETWORKS")  # CIDRs of REMOTE_ADDR

# --- Alert intake (POST /api/alerts/alertmanager, diagnosis.alerts) -------------------------
# A re-sent notification of the same alert group and fingerprints within this window returns the
# existing run instead of starting another. 5 h: longer than Alertmanager's default repeat_interval
# (4 h, sent at the next group_interval tick after it), so a group that keeps firing is one run.
ALERT_DEDUP_WINDOW_S = env_int("ALERT_DEDUP_WINDOW_S", 5 * 3600, minimum=1, maximum=30 * 86_400)
# Optional: when an alert-started run ends, POST its verdict and confirmed statements here.
ALERT_NOTIFY_URL = env_url("ALERT_NOTIFY_URL", "")
ALERT_NOTIFY_FORMAT = env_choice("ALERT_NOTIFY_FORMAT", "generic", ("generic", "dingtalk", "feishu", "wecom"))
ALERT_NOTIFY_TIMEOUT_S = env_float("ALERT_NOTIFY_TIMEOUT_S", 5.0, minimum=0.1, maximum=60.0)
# The web UI's public address, for links in notifications (e.g. https://diagnosis.example.com).
SITE_URL = env_url("SITE_URL", "").rstrip("/")

# --- IM bot (POST /api/im/feishu/events, diagnosis.im; docs/IM_BOT.md) --------------------------
# The Feishu (Lark) app the bot answers as. Without FEISHU_APP_ID the event URL answers 404.
FEISHU_APP_ID = env_str("FEISHU_APP_ID", "")
FEISHU_APP_SECRET = env_str("FEISHU_APP_SECRET", "")
FEISHU_VERIFICATION_TOKEN = env_str("FEISHU_VERIFICATION_TOKEN", "")
# With an Encrypt Key, bodies arrive encrypted and every event must carry a valid X-Lark-Signature.
FEISHU_ENCRYPT_KEY = env_str("FEISHU_ENCRYPT_KEY", "")
FEISHU_API_BASE = env_url("FEISHU_API_BASE", "https://open.feishu.cn").rstrip("/")  # Lark: https://open.larksuite.com
FEISHU_TIMEOUT_S = env_float("FEISHU_TIMEOUT_S", 5.0, minimum=0.1, maximum=60.0)
# An event created longer ago than this is a replay and ignored (Feishu retries within seconds to hours).
FEISHU_EVENT_MAX_AGE_S = env_int("FEISHU_EVENT_MAX_AGE_S", 3600, minimum=10, maximum=7 * 86_400)
# DingTalk's robot (企业内部机器人, HTTP mode): its AppSecret signs each callback. Without it
# POST /api/im/dingtalk/events answers 404. Replies go only to session webhooks under this base.
DINGTALK_APP_SECRET = env_str("DINGTALK_APP_SECRET", "")
DINGTALK_WEBHOOK_BASE = env_url("DINGTALK_WEBHOOK_BASE", "https://oapi.dingtalk.com/")
if FEISHU_APP_ID and not (FEISHU_APP_SECRET and FEISHU_VERIFICATION_TOKEN):
    raise ImproperlyConfigured("FEISHU_APP_ID 需要同时设置 FEISHU_APP_SECRET 和 FEISHU_VERIFICATION_TOKEN")

# --- API ----------------------------------------------------------------------------------
REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.SessionAuthentication",
        "rest_framework.authentication.TokenAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "EXCEPTION_HANDLER": "diagnosis.api.errors.api_exception_handler",
    "DEFAULT_PAGINATION_CLASS": "rest_framework.pagination.PageNumberPagination",
    "PAGE_SIZE": 20,
    "DEFAULT_THROTTLE_CLASSES": ["rest_framework.throttling.UserRateThrottle"],
    "DEFAULT_THROTTLE_RATES": {
        "user": env_str("API_THROTTLE_USER", "600/hour"),
        "chat": env_str("API_THROTTLE_CHAT", "30/minute"),
        "alerts": env_str("API_THROTTLE_ALERTS", "120/minute"),  # per alert receiver
    },
}
SPECTACULAR_SETTINGS = {
    "TITLE": "SuperBiz Diagnosis API",
    "DESCRIPTION": "Evidence-verified incident diagnosis chat.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    # No deep links: Swagger UI renders each path as a link inside the operation's button, a
    # nested control that screen readers cannot reach (axe nested-interactive; issue 27 item 4).
    "SWAGGER_UI_SETTINGS": {"deepLinking": False},
    "REDOC_DIST": "SIDECAR",
    "OAS_VERSION": "3.1.0",
    # Two models have a ``status`` choice set; name their enums instead of hashing them.
    "ENUM_NAME_OVERRIDES": {
        "RunStatusEnum": "diagnosis.models.DiagnosisRun.Status",
        "InvocationStatusEnum": "diagnosis.models.ToolInvocation.Status",
    },
}

CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"plain": {"format": "%(asctime)s %(levelname)s %(name)s %(message)s"}},
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "plain"}},
    "root": {"handlers": ["console"], "level": env_choice("LOG_LEVEL", "warning", ("debug", "info", "warning", "error")).upper()},
}
