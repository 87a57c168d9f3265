from tests.tools.conftest import run, world  # noqa: F401  (shared fixtures)
