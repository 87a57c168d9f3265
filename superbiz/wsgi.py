"""WSGI entry point (no SSE streaming: use ASGI in production). Only servers import this
module: it starts the inline-mode reaper."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "superbiz.settings")
application = get_wsgi_application()

from diagnosis.services.reaper import reaper_thread_start  # noqa: E402 - needs the app set up

reaper_thread_start()
