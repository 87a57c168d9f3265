"""Structure figures for issue 28 (a behaviour-preserving redesign), printed, not asserted:
pairs of packages that import each other, ``.get("`` calls in selectors/graph/composer, and
product lines of code. ``python benchmarks/structure.py``.

Packages are the first level under each top-level package (``diagnosis.agents``,
``diagnosis.reading``…); a pair counts once when any module of each imports any module of the other.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import grimp

ROOT = Path(__file__).resolve().parent.parent
TOP = ("diagnosis", "gatekeeper", "superbiz", "contracts")


def package_of(module: str) -> str:
    parts = module.split(".")
    return ".".join(parts[:2]) if len(parts) > 1 else parts[0]


def cycles(graph: grimp.ImportGraph) -> list[tuple[str, str]]:
    edges: set[tuple[str, str]] = set()
    for module in graph.modules:
        if not module.startswith(TOP):
            continue
        for imported in graph.find_modules_directly_imported_by(module):
            a, b = package_of(module), package_of(imported)
            if a != b and imported.startswith(TOP):
                edges.add((a, b))
    return sorted((a, b) for a, b in edges if a < b and (b, a) in edges)


def get_calls(*folders: str) -> int:
    pattern = re.compile(r"\.get\(\"")
    return sum(len(pattern.findall(p.read_text(encoding="utf-8")))
               for folder in folders for p in (ROOT / folder).rglob("*.py"))


def product_lines() -> int:
    return sum(len(p.read_text(encoding="utf-8").splitlines())
               for top in TOP for p in (ROOT / top).rglob("*.py") if "migrations" not in p.parts)


def main() -> None:
    sys.path.insert(0, str(ROOT))
    graph = grimp.build_graph(*TOP)
    found = cycles(graph)
    print(f"package cycles        {len(found)}")
    for a, b in found:
        print(f"  {a} <-> {b}")
    for folder in ("diagnosis/selectors", "diagnosis/graph", "diagnosis/composer"):
        if (ROOT / folder).exists():
            print(f'.get(" in {folder:22s} {get_calls(folder)}')
    print(f"product lines of code {product_lines()}")


if __name__ == "__main__":
    main()
