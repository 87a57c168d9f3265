import pytest

from tests.celery_worker import isolated_broker
from tests.fake_llm.fixtures import fake_llm  # noqa: F401 — fixture


@pytest.fixture
def broker():
    with isolated_broker() as b:
        yield b
