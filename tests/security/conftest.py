from tests.fake_llm.fixtures import fake_llm, openai_settings  # noqa: F401 — fixtures
