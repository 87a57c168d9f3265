"""The load report names every section a bundle load counts — a bundle with the other Kubernetes
kinds (``k8s_objects``: nodes, services …) is reported, not a KeyError after the load."""

from __future__ import annotations

from diagnosis.evidence.loader import BundleLoadReport
from diagnosis.evidence.report import SECTION_LABELS


def test_every_counted_section_has_a_label():
    sections = BundleLoadReport.model_fields["counts"].annotation().sections()
    assert set(sections) <= set(SECTION_LABELS)
