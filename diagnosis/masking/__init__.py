"""Reversible masking of sensitive values before anything reaches a model (DESIGN §10.4)."""
