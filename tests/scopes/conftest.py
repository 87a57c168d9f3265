from tests.api.conftest import _fresh_throttle_history, api, as_api_user  # noqa: F401 — the API suite's clients
