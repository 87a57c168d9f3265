"""The demo world: a deterministic generator (``build_demo``) and its committed output."""

from __future__ import annotations

from pathlib import Path

DEMO_BUNDLE_PATH = Path(__file__).resolve().parent / "demo_bundle.json"
