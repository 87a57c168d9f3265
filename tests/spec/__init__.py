"""Spec traceability tests: one file per requirement area of spec 000 (as modified by 001).

Every test is named after the spec scenario (or the behaviour) it proves; `tests/SPEC_COVERAGE.md`
maps each scenario to its tests, here and in the rest of the suite.
"""
