"""The operations vocabulary questions and evidence are read with, from the rule data in
``rules/`` (pure, no Django; every spelling is matched by ``spelling``):

- ``SYMPTOMS`` (``symptoms.toml``): what a question can ask about (HTTP 5xx, errors, timeouts,
  pools, latency, restarts, memory, GC, CPU, disk, backlog, rate limits, TLS, alerts …), how a
  question names it, how an evidence line shows it, and which tool calls look for it.
- ``KEY_TERMS`` / ``GLOSS_TERMS`` (``terms.toml``): Chinese domain words a claim may use, each with
  the evidence spellings that support it; the markers of wording that goes beyond a line.
- ``QUESTION_WORDS`` (``questions.toml``), ``RUNBOOK_HEADINGS`` (``runbooks.toml``),
  ``CHANGE_KINDS`` (``changes.toml``) and ``K8S_TRIGGERS`` (``k8s.toml``).
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from diagnosis.reading.spelling import any_spelling_in as any_spelling_in  # the one matcher

RULES_DIR = Path(__file__).with_name("rules")


@cache
def rules(name: str) -> dict[str, Any]:
    """One rule file of ``rules/`` (``symptoms`` → symptoms.toml), parsed once."""
    with (RULES_DIR / f"{name}.toml").open("rb") as handle:
        return tomllib.load(handle)


@dataclass(frozen=True)
class Symptom:
    id: str
    label: str  # Chinese, for plans, gaps and missing_info
    triggers: tuple[str, ...]  # spellings in a question that name it
    evidence: tuple[str, ...]  # spellings in evidence text that show it
    log_level: str | None = "ERROR"  # minimum level of the logs to read for it
    log_keyword: str | None = None  # a literal message substring worth a dedicated query
    knowledge_terms: tuple[str, ...] = ()  # Chinese search words for the runbooks
    # Spellings of a metric series or alert *name* that measure it (memory_usage, HighMemoryUsage).
    metric_terms: tuple[str, ...] = ()
    measure: str = ""  # the kind of quantity that measures it: time | size | percent | count
    implies: tuple[str, ...] = ()  # symptoms an evidence line showing it also shows (5xx → error)


# ``@name`` in a spelling list stands for the shared pattern ``[name_regex]`` of symptoms.toml.
_SHARED = {k[: -len("_regex")]: v["pattern"] for k, v in rules("symptoms").items() if k.endswith("_regex")}


def expand(items: list[str]) -> tuple[str, ...]:
    return tuple(_SHARED[i[1:]] if i.startswith("@") else i for i in items)


def _symptom(row: dict[str, Any]) -> Symptom:
    """A ``[[symptom]]`` row: lists become tuples (spellings expanded), "" levels and keywords None."""
    lists = {k: expand(v) for k, v in row.items() if isinstance(v, list)}
    return Symptom(**{**row, **lists, "log_level": row.get("log_level") or None})


SYMPTOMS: tuple[Symptom, ...] = tuple(_symptom(row) for row in rules("symptoms")["symptom"])
SYMPTOMS_BY_ID: dict[str, Symptom] = {s.id: s for s in SYMPTOMS}
ERRORISH: frozenset[str] = frozenset(rules("symptoms")["errorish"]["ids"])
# Symptoms a failure shows from outside; the others can explain one (coverage of "why").
EFFECTS: frozenset[str] = frozenset(rules("symptoms")["effects"]["ids"])


@dataclass(frozen=True)
class KeyTerm:
    term: str  # the Chinese word as it appears in a claim
    evidence: tuple[str, ...]  # spellings in evidence that support it


# (Chinese kind, spellings) of the changes a line can record, and the words that make it an action.
CHANGE_KINDS: tuple[tuple[str, tuple[str, ...]], ...] = tuple(
    (row["kind"], tuple(row["spellings"])) for row in rules("changes")["change"]
)
CHANGE_ACTIONS: tuple[str, ...] = tuple(rules("changes")["words"]["actions"])

# The claim words of terms.toml, then each kind of change (a timeline claim names it).
KEY_TERMS: tuple[KeyTerm, ...] = tuple(
    KeyTerm(term, expand(list(spellings)))
    for term, spellings in [*rules("terms")["key_terms"].items(), *CHANGE_KINDS]
)
KEY_TERMS_BY_WORD: dict[str, KeyTerm] = {k.term: k for k in KEY_TERMS}
GLOSS_TERMS: tuple[str, ...] = tuple(rules("terms")["gloss"]["terms"])
INTERPRETATION_MARKERS: tuple[str, ...] = tuple(rules("terms")["markers"]["interpretation"])
OVERSTATEMENT_MARKERS: dict[str, tuple[str, ...]] = {
    k: tuple(v) for k, v in rules("terms")["overstatement"].items()
}
QUESTION_WORDS: dict[str, tuple[str, ...]] = {k: tuple(v) for k, v in rules("questions").items()}
# (id, question spellings, query_k8s kinds) of k8s.toml: the questions Kubernetes state answers.
K8S_TRIGGERS: tuple[tuple[str, tuple[str, ...], tuple[str, ...]], ...] = tuple(
    (t["id"], tuple(t["words"]), tuple(t["kinds"])) for t in rules("k8s")["trigger"]
)
RUNBOOK_HEADINGS: dict[str, tuple[str, ...]] = {k: tuple(v) for k, v in rules("runbooks").items()}
CAUSE_HEADINGS, ACTION_HEADINGS = RUNBOOK_HEADINGS["cause_headings"], RUNBOOK_HEADINGS["action_headings"]

# Words jieba must keep whole when segmenting questions and claims.
SEGMENTER_WORDS: tuple[str, ...] = tuple(
    dict.fromkeys(
        [k.term for k in KEY_TERMS]
        + list(INTERPRETATION_MARKERS)
        + list(OVERSTATEMENT_MARKERS)
        + list(rules("terms")["segmenter"]["extra"])
    )
)
