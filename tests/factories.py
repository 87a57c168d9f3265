"""Small builders for rows the tests need (no factory library: a few plain functions suffice)."""

from __future__ import annotations

from diagnosis.models import DiagnosisRun, DiagnosisSession, EvidenceScope
from diagnosis.selectors.scopes import default_scope


def make_session(owner, *, title: str = "测试会话", scope: EvidenceScope | None = None) -> DiagnosisSession:
    """A session in ``scope`` — by default the default scope at this moment (the world loaded last)."""
    return DiagnosisSession.objects.create(owner=owner, title=title, scope=scope or default_scope())


def make_run(owner, *, question: str = "payment-service 为什么报 500？", session: DiagnosisSession | None = None) -> DiagnosisRun:
    session = session or make_session(owner)
    return DiagnosisRun.objects.create(session=session, owner=owner, question=question)
