"""The production environment exactly as docs/CONFIGURATION.md "Production settings" documents it, so the
tests check what an operator copies, not a private variant."""

from __future__ import annotations

import re
import secrets

from tests.settings.probe import ROOT


def documented_production_env() -> dict[str, str]:
    doc = (ROOT / "docs" / "CONFIGURATION.md").read_text(encoding="utf-8")
    section = doc.split("## Production settings", 1)[1]
    block = re.search(r"```dotenv\n(.*?)```", section, re.S)
    assert block, "docs/CONFIGURATION.md has no ```dotenv block under Production settings"
    env = dict(line.split("=", 1) for line in block.group(1).splitlines() if line and not line.startswith("#"))
    # The block shows how to make the key, not a key: stand in a fresh random one.
    assert env["SECRET_KEY"].startswith("<"), env["SECRET_KEY"]
    env["SECRET_KEY"] = secrets.token_urlsafe(50)
    return env
