"""Signals of the recording layer. Higher layers (e.g. ``diagnosis.alerts.notify``) subscribe;
the audit layer never imports them (arrows run one way)."""

from __future__ import annotations

from django.dispatch import Signal

#: Sent (``send_robust``: a receiver's error is logged, never raised) once the transaction that
#: moved a run to a terminal state has committed. Keyword: ``run_id``.
run_ended = Signal()
