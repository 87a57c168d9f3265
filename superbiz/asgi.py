"""ASGI entry point (uvicorn superbiz.asgi:application) — needed for the SSE stream."""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "superbiz.settings")
application = get_asgi_application()
