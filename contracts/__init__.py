"""The typed contracts every layer may import (issue 28): pure pydantic models, enums and constants
that import nothing of the project but each other — no Django, no I/O.

- ``asked``: what a question asks (kind, services, window, dimension).
- ``reading``: the question read once per run (its facts, window and ``asked``: ``Reading``).
- ``plan``: the plan, its steps, the services, the planner's and executor's requests.
- ``tools``: ``ToolName`` and what an agent sees of one tool call (``ToolCallResult``).
- ``evidence``: evidence refs (``EvidenceRef``) and retrieval details.
- ``executor``: the executor's V2 contract and ``parse_contract``; ``executor_parse``: how it was classified.
- ``gatekeeper``: the Gatekeeper result; ``verdict``: verdict, severity and classification names.
- ``verifier``: the normalised Verifier output.
- ``composer``: the composer's material and claim facts; ``answer``: what the composer wrote.
- ``reasons``: fallback and route reasons; ``nodes``: ``NodeName``; ``usage``: model usage per role.
- ``session``: the session context of a follow-up.
"""
