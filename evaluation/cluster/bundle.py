"""A recording as an evidence bundle (DESIGN §4), pure: its logs and services as they are, and the
``k8s`` section mapped from the raw API objects by the product's own mapping
(``diagnosis.tools.backends.kube_mapping.API_MAPPERS``) — for every kind the mapping can map and the
bundle's ``k8s`` section takes. The other kinds stay in the recording; when the mapping and the
bundle learn them, they reach the evidence with no change here.
"""

from __future__ import annotations

import datetime as dt

from diagnosis.evidence.bundle import K8S_SECTION_MODELS
from diagnosis.tools.backends.kube_mapping import API_MAPPERS, items_of
from evaluation.cluster.spec import Json, Recording

BUNDLE_PREFIX = "cluster-"


def mapped_kinds() -> tuple[str, ...]:
    """The kinds of a recording that reach the evidence today."""
    return tuple(kind for kind in API_MAPPERS if kind in K8S_SECTION_MODELS)


def k8s_section(recording: Recording) -> dict[str, list[Json]]:
    observed = dt.datetime.fromisoformat(recording.observed_at)
    section: dict[str, list[Json]] = {}
    for kind in mapped_kinds():
        listing = recording.objects.get(kind)
        if listing is None:
            continue
        mapper = API_MAPPERS[kind]
        section[kind] = [mapper(item, observed_at=observed).model_dump(mode="json") for item in items_of(listing, kind)]
    return section


def recording_bundle(recording: Recording) -> Json:
    bundle: Json = {
        "bundle_version": 1,
        "name": BUNDLE_PREFIX + recording.name,
        "reference_time": recording.reference_time,
        "services": [dict(s) for s in recording.services],
        "logs": [dict(log) for log in recording.logs],
    }
    section = k8s_section(recording)
    if section:
        bundle["k8s"] = section
    return bundle
