"""The evaluation harness, outside the product: it drives ``diagnosis`` (the product imports
nothing from here) and is installed as a Django app only for ``manage.py evaluate``
(``management/commands/evaluate.py``).

``manage.py evaluate``: a scenario suite with metrics over the demo data (issue 4 item 10).

- ``scenario`` — the shapes: ``Scenario`` (question, provider factory, expectations) and
  ``Observation`` (what a run produced, as plain data);
- ``honest`` — unseen Chinese questions answered by the real offline provider;
- ``adversarial`` — scripted agents injecting bad Executor / Verifier / Composer output through
  the real tools, Gatekeeper, parsers and persistence;
- ``checks`` / ``metrics`` — pure judging: expectations, leaks, persisted audit, the figures and
  their table;
- ``runner`` — the Django edge: demo data, the ``evaluate`` owner, timing, query counting, cleanup;
- ``worlds`` / ``cluster`` — the generated worlds and cluster recordings the command also judges;
- ``demo`` — the generator of the product's demo bundle (``diagnosis/demo/demo_bundle.json``),
  built with the worlds' builder.
"""
