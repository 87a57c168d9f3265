from tests.fake_llm.fixtures import fake_llm  # noqa: F401 — fixture
