"""The per-world figures of the offline analysis (issue 11 done-when: ≥ 11 of 12 fully right per
world, leak rate 0), held at what it measures now so a change cannot lower them silently. Raise a
floor when the analysis gets better; lower one only with the reason in the commit."""

from __future__ import annotations

import pytest

from evaluation.runner import world_judged

# The runs are the golden record's (``offline_answers``, tests/conftest.py): every world's questions
# asked once for both.
pytestmark = pytest.mark.django_db

#: Fully right answers per world, as measured (ticketing has 13 questions, boutique 12, the others
#: 13 — each of the last five was measured untuned on first generation: delivery 6 of 13,
#: streaming 5 of 13, payments 4 of 13, campus 6 of 13, logistics 5 of 13).
FULLY_RIGHT_FLOOR = {"ticketing": 13, "boutique": 12, "delivery": 13, "streaming": 13, "payments": 13, "campus": 13,
                     "logistics": 13}


@pytest.mark.parametrize("world", sorted(FULLY_RIGHT_FLOOR))
def test_every_world_keeps_its_fully_right_count_and_leaks_nothing(world, offline_answers):
    figures = world_judged(world, offline_answers.of_world(world))
    wrong = {r.question.name: r.reasons() for r in figures.results if not r.fully_right}
    assert figures.fully_right >= FULLY_RIGHT_FLOOR[world], wrong
    assert figures.leaking == 0 and figures.safe
    # Every answerable question ends PASS (route accuracy 100 % in every world since 2026-12-03).
    assert figures.route_accuracy == 1.0, [(r.question.name, r.observation.outcome) for r in figures.results]


#: The tuning worlds of issue 32, written by hands that never read the agents (16 questions each;
#: untuned hospital 10, gaming 6, charging 6; travel 5 and social 7 were the first judging pair, brokerage
#: 5 and factory 6 the second — each a tuning world since it was judged): held at what the issue-32
#: mechanisms reach. Some of their questions still end below PASS, so only the count, leaks and false
#: PASS ceiling are held. insurance and retail were the third judging pair (measured untuned on
#: 2026-12-06: fully right 11 and 8, false PASS 1 each), tuning worlds since; collab and utility the
#: fourth (untuned at 5d16eb2: strictly right 6 and 11, false PASS 3 and 1), tuning worlds since; telecom and
#: property the fifth, measured untuned at 3803a07 (9 and 7, false PASS 2 and 3), tuning worlds since; airport and
#: pharma the sixth, measured untuned at 993d0db (9 and 9, false PASS 1 each; 8 (1) and 8 (2) under e712cef);
#: payroll and rideshare the seventh, measured untuned at 41bb93b (11 and 9, false PASS 0 and 1), tuning worlds
#: since; education and media the eighth, measured untuned at 0bb5b06 (strictly 10 and 11, false PASS 1 each; the
#: same under 41bb93b), tuning worlds since; vehicle and govservice the ninth, measured untuned at 43edad8 (strictly 7 and
#: 11, false PASS 4 and 0), port and recruit the tenth, measured untuned at 8c29007 (7 and 12, false PASS 2 each), tuning
#: worlds since; metro and esign the eleventh, measured untuned at f34f723 (strictly 7 and 11, false PASS 2 and 1),
#: tuning worlds since; toll and lending the twelfth, measured untuned at 3d0a429 (strictly 9 and 11, fully 9 and 13,
#: false PASS 1 and 0), tuning worlds since (10 (0) and 12 fully 14 (0) after the steady-rate and placement readings);
#: cinema and fitness the thirteenth, measured untuned at 00f4b91 (strictly 9 and 7, fully 11 and 7, false PASS 1
#: and 2), tuning worlds since (cinema 12 fully, 0 false PASS once an alert the story tells is no longer read as the
#: asked alerts; property's elevator question fell to 8 with it: its runbook hint came only from the alert listing's
#: knowledge query); library and weather the fourteenth, measured untuned at e748afb (strictly 7 and 7, fully 8 and 7,
#: false PASS 0 and 4; the same under 17a1382), tuning worlds since (weather 8, 2 false PASS once 时次 is no clock, a
#: story's cluster no survey and a quiet dependency's merely new line no change; fitness 0 and charging 1 false PASS once
#: the runbooks bridge what the asker saw to the codes the services log); bloodbank and skiresort the fifteenth,
#: measured untuned at 06110d0 (strictly 7 and 10, fully 7 and 11, false PASS 2 and 1; 7 (2) and 9 (2) under 0bd6794),
#: tuning worlds since (bloodbank 9, 1 false PASS once an alert the story tells no longer makes a question alerts-only and a
#: technical word of one description names its service and figure; skiresort 11 once a change listing counts every change
#: line); pethospital and greenhouse the sixteenth, measured untuned at e718c5a (strictly 10 and 7, false PASS 1 and 3; the
#: same under 6fb4dbc), tuning worlds since (unchanged); marathon and auction the seventeenth, measured untuned at
#: ecd454f / 33140fe (strictly 7 and 8, fully 8 and 8, false PASS 0 and 3; the same under 72e2c90), held at that until
#: someone tunes on them. Ninth round (好几个/几乎 no figure, the question's own words for a symptom no rule names):
#: port 9, retail 11, vehicle 8, weather 9; pharma's WMS hold question PASSes on its alert and lines with another
#: service's licence update in the timeline (a false PASS where it was LOW_CONFID).
TUNING_FLOOR = {"hospital": 13, "gaming": 13, "charging": 11, "travel": 10, "social": 12, "brokerage": 8, "factory": 12,
                "insurance": 13, "retail": 11, "collab": 9, "utility": 12, "telecom": 11, "property": 8,
                "airport": 11, "pharma": 10, "payroll": 11, "rideshare": 12, "education": 11, "media": 12,
                "vehicle": 8, "govservice": 12, "port": 9, "recruit": 13, "metro": 8, "esign": 11,
                "toll": 10, "lending": 14, "cinema": 12, "fitness": 7, "library": 8,
                "weather": 9, "bloodbank": 9, "skiresort": 11, "pethospital": 10,
                "greenhouse": 7, "marathon": 8, "auction": 8}
#: PASS answers that miss the asked fact or name another incident's words, as measured — to go to 0.
TUNING_FALSE_PASS_CEILING = {"hospital": 1, "gaming": 0, "charging": 1, "travel": 0, "social": 0, "brokerage": 0,
                             "factory": 0, "insurance": 0, "retail": 0, "collab": 0, "utility": 0,
                             "telecom": 0, "property": 1, "airport": 0, "pharma": 1, "payroll": 0, "rideshare": 0,
                             "education": 0, "media": 0, "vehicle": 2, "govservice": 0, "port": 0, "recruit": 1,
                             "metro": 1, "esign": 0, "toll": 0, "lending": 0, "cinema": 0, "fitness": 0,
                             "library": 0, "weather": 2, "bloodbank": 1, "skiresort": 1,
                             "pethospital": 1, "greenhouse": 3, "marathon": 0, "auction": 3}


@pytest.mark.parametrize("world", sorted(TUNING_FLOOR))
def test_every_tuning_world_keeps_its_fully_right_count_and_leaks_nothing(world, offline_answers):
    figures = world_judged(world, offline_answers.of_world(world))
    wrong = {r.question.name: r.reasons() for r in figures.results if not r.fully_right}
    assert figures.fully_right >= TUNING_FLOOR[world], wrong
    assert figures.false_pass <= TUNING_FALSE_PASS_CEILING[world], wrong
    assert figures.leaking == 0 and figures.safe
