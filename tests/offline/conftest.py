from __future__ import annotations

import pytest

from tests.offline.dataset import load_world


@pytest.fixture
def world(db):
    load_world()
