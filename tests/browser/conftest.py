"""Browser tests: Playwright (sync API) driving Debian's chromium against the real app.

- chromium: ``/usr/bin/chromium`` with the flags CI needs (headless, no sandbox, no network
  chatter); tests skip when it is missing.
- Playwright's sync API keeps an asyncio loop running in the main thread while it is started,
  so Django's ORM would refuse to run there (SynchronousOnlyOperation). The Playwright fixtures
  are therefore narrowed to this package's modules, and DJANGO_ALLOW_ASYNC_UNSAFE is set only
  while they live — the rest of the suite keeps Django's async-safety check.
- ``asgi_live_server``: uvicorn serving the ASGI application in-process against the test
  database, so the SSE progress really streams (pytest-django's ``live_server`` is WSGI, where
  Django buffers an async stream to the end; one test uses it to show the UI still works there).
- Screenshots go to ``test-artifacts/screenshots/`` (gitignored).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import sync_playwright

from tests.api.asgi_server import uvicorn_in_thread

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
SCREENSHOTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "screenshots"


def pytest_collection_modifyitems(config, items):
    if Path(CHROMIUM).exists():
        return
    skip = pytest.mark.skip(reason=f"{CHROMIUM} is not installed (apt-get install chromium fonts-noto-cjk)")
    for item in items:
        if "browser" in item.keywords:
            item.add_marker(skip)


@pytest.fixture(scope="module")
def _orm_beside_playwright() -> Iterator[None]:
    previous = os.environ.get("DJANGO_ALLOW_ASYNC_UNSAFE")
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    yield
    if previous is None:
        os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
    else:
        os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = previous


@pytest.fixture(scope="module")
def playwright(_orm_beside_playwright, _pw_api_request_contexts):
    pw = sync_playwright().start()
    if _pw_api_request_contexts:
        _pw_api_request_contexts.instrument(pw)
    yield pw
    pw.stop()


@pytest.fixture(scope="module")
def browser_type(playwright, browser_name):
    return getattr(playwright, browser_name or "chromium")


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "headless": True, "args": CHROMIUM_ARGS}


@pytest.fixture(scope="module")
def launch_browser(browser_type_launch_args, browser_type):
    def launch(**kwargs):
        return browser_type.launch(**{**browser_type_launch_args, **kwargs})

    return launch


@pytest.fixture(scope="module")
def browser(launch_browser):
    browser = launch_browser()
    yield browser
    browser.close()


@pytest.fixture(scope="module")
def browser_context_args():
    # Replaces pytest-playwright's (session-scoped, it needs `playwright`); no device emulation
    # or video recording is used here.
    return {"locale": "zh-CN", "timezone_id": "Asia/Shanghai", "viewport": {"width": 1280, "height": 900}}


@pytest.fixture
def asgi_live_server(transactional_db) -> Iterator[str]:
    with uvicorn_in_thread() as url:
        yield url


@pytest.fixture
def screenshot():
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)

    def take(page_or_locator, name: str, *, full_page: bool = True) -> Path:
        """A page (full page by default) or a single element (a Locator)."""
        path = SCREENSHOTS / f"{name}.png"
        if hasattr(page_or_locator, "goto"):
            page_or_locator.screenshot(path=str(path), full_page=full_page)
        else:
            page_or_locator.screenshot(path=str(path))
        return path

    return take
