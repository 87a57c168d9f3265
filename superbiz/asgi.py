"""ASGI entry point (uvicorn / gunicorn -k uvicorn_worker.UvicornWorker superbiz.asgi:application) —
needed for the SSE stream. Only servers import this module: it starts the inline-mode reaper."""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "superbiz.settings")
application = get_asgi_application()

from diagnosis.services.reaper import reaper_thread_start  # noqa: E402 - needs the app set up

reaper_thread_start()
