"""A service name spelled with a look-alike letter — ``pаyment-service`` with a Cyrillic а — is one
unknown name (issue 25, smaller items): the question reading used to cut it at the foreign letter
and query ``yment-service``, and split ``p`` off as a term. Now the whole name is what is looked
for, and wherever the answer names it, it stands inside a quotation (it is the asker's text, and it
is not the service it imitates)."""

from __future__ import annotations

import pytest

from diagnosis.demo import DEMO_BUNDLE_PATH
from diagnosis.evidence.loader import evidence_bundle_load
from diagnosis.models import ToolInvocation
from diagnosis.reading.asking import dimension_terms
from diagnosis.reading.entities import find_services
from diagnosis.tools.quoting import own_words
from tests.openai_provider.graph_helpers import ask, verifier_evaluation

pytestmark = pytest.mark.django_db

HOMOGLYPH = "p\u0430yment-service"  # Cyrillic а (U+0430)
QUESTION = f"{HOMOGLYPH} 10:05 开始大量 500，原因是什么？"


def test_the_reading_takes_the_whole_look_alike_name_as_one_unknown_service():
    mentions = find_services(QUESTION, [])
    assert [(m.name, m.known) for m in mentions] == [(HOMOGLYPH, False)]
    assert "p" not in dimension_terms(QUESTION, []) and "yment" not in dimension_terms(QUESTION, [])


def test_the_run_never_queries_the_cut_name_and_the_answer_quotes_the_look_alike(api_user):
    evidence_bundle_load(data=DEMO_BUNDLE_PATH.read_bytes(), source_name="demo")
    run = ask(api_user, QUESTION)
    services = {str(inv.arguments.get("service")) for inv in ToolInvocation.objects.filter(run=run) if inv.arguments.get("service")}
    assert "yment-service" not in services and services <= {HOMOGLYPH}
    assert HOMOGLYPH not in own_words(run.final_answer), run.final_answer
    assert "p" not in verifier_evaluation(run)["asked"]["dimension"]["terms"]
