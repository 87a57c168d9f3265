"""The evaluation harness lives outside the product (issue 28 item 5) and brings its own command.
That nothing in the product imports it is an import-linter contract (pyproject.toml)."""

from __future__ import annotations


def test_the_evaluate_command_belongs_to_the_evaluation_app():
    from django.core.management import get_commands

    assert get_commands()["evaluate"] == "evaluation"
