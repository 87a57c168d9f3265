"""gunicorn configuration for production serving (README "Production serving"); gunicorn reads
``./gunicorn.conf.py`` by itself when started from the repository root:

    gunicorn superbiz.asgi:application

ASGI through uvicorn workers (the SSE stream needs ASGI); ``uvicorn_worker.UvicornWorker`` is the
worker class uvicorn's own docs point to now that ``uvicorn.workers`` is deprecated.
"""

from __future__ import annotations

from superbiz.env import env_int, env_str

bind = env_str("GUNICORN_BIND", "127.0.0.1:8000")
worker_class = "uvicorn_worker.UvicornWorker"
# One process per core is the starting point: a run is mostly waiting on the model, so each
# worker serves many requests concurrently (and inline runs use their own thread pool).
workers = env_int("WEB_CONCURRENCY", 2, minimum=1, maximum=64)
# With async workers this is the heartbeat deadline of a worker, not a per-request limit: an
# SSE stream may stay open for the whole run.
timeout = env_int("GUNICORN_TIMEOUT", 60, minimum=5, maximum=3600)
graceful_timeout = env_int("GUNICORN_GRACEFUL_TIMEOUT", 30, minimum=1, maximum=3600)
keepalive = 5
accesslog = "-"
errorlog = "-"
loglevel = env_str("GUNICORN_LOG_LEVEL", "info")
# Workers import the app themselves (no preload): each starts its own reaper thread and DB
# connections after the fork.
preload_app = False

# Multi-process metrics (PROMETHEUS_MULTIPROC_DIR): no hooks needed. diagnosis.metrics uses only
# counters and histograms, which sum over every process file, dead or alive; the directory is
# shared with the Celery workers of the host, so it is wiped by whoever starts them all (README),
# never by one gunicorn master under running workers.
