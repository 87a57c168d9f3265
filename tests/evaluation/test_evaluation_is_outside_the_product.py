"""The evaluation harness lives outside the product (issue 28 item 5): it drives ``diagnosis``, and
nothing in ``diagnosis``, ``gatekeeper`` or ``superbiz`` imports it — not even lazily inside a
function (grimp sees those too)."""

from __future__ import annotations

import grimp

PRODUCT = ("diagnosis", "gatekeeper", "superbiz")


def test_the_product_imports_nothing_from_evaluation():
    graph = grimp.build_graph(*PRODUCT, "evaluation")
    imports = {
        (module, imported)
        for module in graph.modules
        if module.split(".")[0] in PRODUCT
        for imported in graph.find_modules_directly_imported_by(module)
        if imported.split(".")[0] == "evaluation"
    }
    assert imports == set()


def test_the_evaluate_command_belongs_to_the_evaluation_app():
    from django.core.management import get_commands

    assert get_commands()["evaluate"] == "evaluation"
