from __future__ import annotations

import pytest

from evaluation.runner import load_demo_world
from tests.answers.pods_world import load_pods_world


@pytest.fixture
def demo(db):
    load_demo_world()


@pytest.fixture
def pods(db):
    load_pods_world()
