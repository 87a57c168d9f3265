"""Kubernetes analyzers as data (DESIGN §10.6): the cluster state ``query_k8s`` returned
(``state``), one rule table (``rules.toml``, read by ``rules``), the facts and relations the rules
test (``facts``), the engine that evaluates and ranks (``engine``), and the findings as executor
claims bound to their evidence (``claims``). Pure: no Django, no I/O besides reading the table."""

from __future__ import annotations

from diagnosis.k8s_analysis.engine import Blame, Finding, analyze
from diagnosis.k8s_analysis.state import ClusterState, Element, state_from_calls

__all__ = ["Blame", "ClusterState", "Element", "Finding", "analyze", "state_from_calls"]
