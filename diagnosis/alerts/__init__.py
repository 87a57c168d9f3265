"""Alertmanager webhook intake (issue 13 item 2): a firing alert group becomes one diagnosis run.

- ``payload`` — the one pydantic model of the Alertmanager webhook JSON (version 4);
- ``question`` — the Chinese question built from a group's labels and annotations (pure);
- ``tokens`` — receiver tokens: generation, hashing, lookup;
- ``services`` — intake (dedup, resolved, run creation through the run services);
- ``views`` — ``POST /api/alerts/alertmanager`` (thin adapter);
- ``outbound`` / ``notify`` — the optional notification when an alert-started run ends.
"""
