"""Static files are served with DEBUG off (whitenoise), so the admin and the web UI are styled
under runserver/uvicorn on a first run without a separate web server."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize(
    "path",
    [
        "/static/admin/css/base.css",
        "/static/css/superbiz.css",
        "/static/drf_spectacular_sidecar/swagger-ui-dist/swagger-ui-bundle.js",
    ],
)
def test_static_files_are_served_without_debug(client, settings, path):
    settings.DEBUG = False
    response = client.get(path)
    assert response.status_code == 200
    body = b"".join(response.streaming_content) if response.streaming else response.content
    assert len(body) > 100
