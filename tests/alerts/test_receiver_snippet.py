"""The Alertmanager receiver docs/ALERTS.md shows is one file, ``docs/alertmanager-receiver.yml``: the
doc shows exactly its text, Alertmanager's own checker accepts it, and the real-Alertmanager test
(``test_real_alertmanager.py``) runs it with only the URL, the token and the timings replaced."""

from __future__ import annotations

import re
import shutil
import subprocess

import pytest
import yaml

from tests.alerts.real_alerting import INTAKE_PATH, RECEIVER_SNIPPET, REQUIRED, ROOT, alertmanager_config

ALERTS_DOC = ROOT / "docs" / "ALERTS.md"


def _documented_receiver_block() -> str:
    section = ALERTS_DOC.read_text(encoding="utf-8").split("## Alertmanager configuration", 1)[1]
    block = re.search(r"```yaml\n(.*?)```", section, re.S)
    assert block, "docs/ALERTS.md shows no yaml block under 'Alertmanager configuration'"
    return block.group(1)


def test_alerts_doc_shows_exactly_the_receiver_file():
    assert _documented_receiver_block() == RECEIVER_SNIPPET.read_text(encoding="utf-8")


def test_alertmanagers_checker_accepts_the_receiver_file(tmp_path):
    amtool = shutil.which("amtool")
    if amtool is None:
        if REQUIRED:
            pytest.fail("REALALERT=1 but amtool (package prometheus-alertmanager) is not installed")
        pytest.skip("amtool not installed (apt-get install prometheus-alertmanager)")
    result = subprocess.run([amtool, "check-config", str(RECEIVER_SNIPPET)], capture_output=True, text=True, timeout=30)
    assert result.returncode == 0, result.stdout + result.stderr
    # The checker has teeth: a receiver the route does not know is refused.
    broken = tmp_path / "broken.yml"
    broken.write_text(RECEIVER_SNIPPET.read_text(encoding="utf-8").replace("receiver: diagnosis", "receiver: nobody"))
    refused = subprocess.run([amtool, "check-config", str(broken)], capture_output=True, text=True, timeout=30)
    assert refused.returncode != 0 and "nobody" in refused.stdout + refused.stderr


def test_the_test_config_differs_from_the_documented_one_only_in_url_token_and_timings():
    documented = yaml.safe_load(RECEIVER_SNIPPET.read_text(encoding="utf-8"))
    timings = {"group_wait": "1s", "group_interval": "1s", "repeat_interval": "2s"}
    used = alertmanager_config(url=f"http://127.0.0.1:1{INTAKE_PATH}", token="sbza_test", timings=timings)
    webhook = used["receivers"][0]["webhook_configs"][0]
    assert webhook["url"] == f"http://127.0.0.1:1{INTAKE_PATH}"
    assert webhook["http_config"]["authorization"] == {"type": "Bearer", "credentials": "sbza_test"}
    webhook["url"] = documented["receivers"][0]["webhook_configs"][0]["url"]
    webhook["http_config"]["authorization"]["credentials"] = "sbza_…"
    used["route"].update({key: documented["route"][key] for key in timings})
    assert used == documented
