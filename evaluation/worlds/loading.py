"""Loading a world into the evaluation's data — the one place that does (the Django edge of the
worlds). The evaluation runner calls ``world_load`` with the world's own evaluation scope
(``evaluation-<world>``, DESIGN §10.3), recreated for every evaluation.
"""

from __future__ import annotations

from typing import Any

from diagnosis.evidence.bundle import Bundle
from evaluation.worlds import world_get

K8S_SECTION = "k8s"


def loadable(bundle: dict[str, Any]) -> dict[str, Any]:
    """The bundle as the current schema takes it.

    The ``k8s`` section (DESIGN §10.2) is being added to the bundle schema in parallel (issue 11
    item 6). Until ``Bundle`` has the field, the section is dropped here so the rest of the world
    loads (its Kubernetes facts are then simply not in the evidence); once the schema has it, the
    bundle passes through unchanged and the section is loaded like any other.
    """
    if K8S_SECTION in bundle and K8S_SECTION not in Bundle.model_fields:
        return {key: value for key, value in bundle.items() if key != K8S_SECTION}
    return bundle


def k8s_loaded() -> bool:
    """Whether a world's ``k8s`` section reaches the evidence (the schema knows the section)."""
    return K8S_SECTION in Bundle.model_fields


def world_load(name: str, scope: str | None = None) -> Any:
    """Load world ``name``'s bundle (generated now, deterministically) into ``scope`` (default:
    the bundle's name); returns the load report."""
    from diagnosis.evidence.loader import evidence_bundle_load

    world = world_get(name)
    return evidence_bundle_load(data=loadable(world.build()), source_name=f"world-{world.name}", scope=scope)
