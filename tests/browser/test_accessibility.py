"""Accessibility of every kind of page (issue 27 item 4): axe-core (the copy bundled by
axe-playwright-python, injected by Playwright — no CDN) on the pages the layout test walks, at both
widths, reports no serious or critical violation: form controls labelled, text contrast, landmarks,
and the document language — ``lang="zh-CN"`` on the web UI and the API docs (the admin says
Django's ``zh-hans``, the same language)."""

from __future__ import annotations

import json

import pytest
from axe_playwright_python.sync_playwright import Axe

from tests.browser.conftest import SCREENSHOTS
from tests.browser.every_page import WIDTHS, build_site, login

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

BLOCKING = ("serious", "critical")
ARTIFACTS = SCREENSHOTS.parent


def _violations(results) -> list[dict]:
    return [
        {
            "rule": violation["id"],
            "impact": violation["impact"],
            "help": violation["help"],
            "nodes": [node["target"] for node in violation["nodes"][:5]],
        }
        for violation in results.response["violations"]
        if violation.get("impact") in BLOCKING
    ]


def test_no_page_has_a_serious_or_critical_accessibility_violation(asgi_live_server, new_context, staff, reviewer):
    pages = build_site(staff=staff, reviewer=reviewer)
    axe = Axe()
    found: dict[str, list[dict]] = {}
    languages: dict[str, str] = {}
    browsers = {}
    for width in WIDTHS:
        for kind in pages:
            if kind.user not in browsers:
                browsers[kind.user] = new_context().new_page()
                login(browsers[kind.user], asgi_live_server, kind.user)
            page = browsers[kind.user]
            page.set_viewport_size({"width": width, "height": 900})
            kind.open(page, asgi_live_server)
            languages[kind.name] = page.evaluate("document.documentElement.lang")
            violations = _violations(axe.run(page))
            if violations:
                found[f"{width}px {kind.name}"] = violations
    report = json.dumps(found, ensure_ascii=False, indent=1)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / "axe-violations.json").write_text(report, encoding="utf-8")  # kept with the screenshots
    assert found == {}, report
    admin = {kind.name for kind in pages if kind.user == "reviewer"}
    assert {name: lang for name, lang in languages.items() if name not in admin and lang != "zh-CN"} == {}
    assert {name: lang for name, lang in languages.items() if name in admin and not lang.startswith("zh")} == {}
