"""Composer-safe output (spec 000 "User-facing verifier outputs SHALL follow Composer-safe
protocols", 001 "REJECT produces bounded output").

- ``material``: the Verifier-allowed material, built deterministically from the Verifier result
  and the Gatekeeper projection — the only thing a composer (model or template) ever sees;
- ``templates``: the fixed Chinese templates and the pure ``render`` / ``render_fallback``;
- ``leak_guard``: the deterministic check that a composed answer says nothing the material
  does not;
- ``reply``: the lenient parser of a model composer's ``{"answer": "…"}`` reply.
"""
