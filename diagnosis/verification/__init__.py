"""Verification core: the canonical Verifier input, the shared Verifier protocol parser and the
deterministic verdict arithmetic (DESIGN §5.3–§5.5). Pure: no Django, no I/O."""
