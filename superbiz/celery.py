"""Celery application, used when RUN_EXECUTION=celery (runs leave the web process)."""

from __future__ import annotations

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "superbiz.settings")

app = Celery("superbiz")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
