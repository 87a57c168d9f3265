"""Deterministic leak guard for composed answers (issue 4 item 6; spec "PASS uses Composer-safe
output", "REJECT produces bounded output").

A model-composed answer may only *say* what the Composer material says. Checked tokens:

- numbers — integers, decimals, percentages, clock times (``10:05``, ``10:05:12``), durations
  (``3000ms``): the numeric token must occur in the allowed text with digit boundaries, so
  ``500`` does not match ``5000`` and ``12.5`` does not match ``112.5``;
- identifier-like tokens — CamelCase (``HighErrorRate``), UPPER_CASE / acronyms (``OOMKilled``,
  ``HTTP``), tokens mixing letters with digits, ``_`` or ``-`` (``HikariPool-1``,
  ``order-service``, ``ERR_TIMEOUT``): must occur (case-insensitively) in the allowed text;
- service names and aliases from the service catalog: a service may be mentioned only if one of
  its names occurs in the allowed text.

Tool prose (a log message, an alert summary, runbook text) may stand in an answer only inside
「…」 (issue 10 item 4): a line that states a stretch of it as the answer's own words sends the
answer back to the template, which always quotes it.

Besides, every line must be a heading, lead or item of its own section (``structure.py``), and
the answer must not be the raw Executor contract, must not mention
``user_facing_answer`` / ``diagnosis_summary``, and for REJECT must not add root-cause wording
that the material does not contain. Pure: the caller passes the service names.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Final

from diagnosis.agents.base import ComposerMaterial
from diagnosis.composer.material import material_text
from diagnosis.composer.quoting import ToolText, copied_spans
from diagnosis.composer.structure import untraceable_lines

MAX_LEAKED_REPORTED: Final = 20
FORBIDDEN_MARKERS: Final = ("user_facing_answer", "diagnosis_summary", "executor_evidence_v2")
#: Wording that states a cause. REJECT answers must not contain it unless the material does.
ROOT_CAUSE_MARKERS: Final = ("根因", "根本原因", "原因是", "原因为", "原因在于", "是由于", "由于", "导致", "root cause", "caused by")

STATUS_OK: Final = "ok"
STATUS_LEAK: Final = "leak_guard_replaced"
REASON_LEAKED_TOKENS: Final = "answer contains tokens absent from the allowed material"
REASON_RAW_CONTRACT: Final = "answer is or contains the raw executor contract"
REASON_ROOT_CAUSE: Final = "REJECT answer states a cause"
REASON_UNQUOTED_TOOL_TEXT: Final = "answer states tool text (log, alert, runbook) outside a quotation"
REASON_UNTRACEABLE_LINE: Final = "answer has lines that are not an item of the material under their own heading"

_NUMBER: Final = re.compile(r"(?<![\d.])\d+(?:[.:]\d+)*")
_WORD: Final = re.compile(r"[A-Za-z][A-Za-z0-9_.\-]*[A-Za-z0-9]|[A-Za-z]")


def normalize(text: str) -> str:
    return unicodedata.normalize("NFKC", text or "")


def _identifier_like(token: str) -> bool:
    letters = [c for c in token if c.isalpha()]
    upper = sum(1 for c in letters if c.isupper())
    return (
        any(c.isdigit() for c in token)
        or "_" in token
        or "-" in token
        or upper >= 2
        or (upper >= 1 and not token[0].isupper())  # camelCase
        or (token[0].isupper() and any(c.isupper() for c in token[1:]))
    )


def _number_in(token: str, allowed: str) -> bool:
    return re.search(rf"(?<![\d.]){re.escape(token)}(?!\d)(?!\.\d)", allowed) is not None


def unknown_tokens(answer: str, allowed: str, service_names: Iterable[Sequence[str]] = ()) -> list[str]:
    """Tokens of ``answer`` that ``allowed`` does not contain (ordered, unique)."""
    answer_n, allowed_n = normalize(answer), normalize(allowed)
    allowed_fold = allowed_n.casefold()
    leaked: list[str] = []
    for match in _NUMBER.finditer(answer_n):
        token = match.group(0).rstrip(".:")
        if token and not _number_in(token, allowed_n):
            leaked.append(token)
    for match in _WORD.finditer(answer_n):
        token = match.group(0).rstrip(".-")
        if token and _identifier_like(token) and token.casefold() not in allowed_fold:
            leaked.append(token)
    answer_fold = answer_n.casefold()
    for names in service_names:
        folded = [normalize(n).casefold() for n in names if n and n.strip()]
        mentioned = [n for n in folded if n in answer_fold]
        if mentioned and not any(n in allowed_fold for n in folded):
            leaked.append(mentioned[0])
    return list(dict.fromkeys(leaked))


def _is_raw_contract(answer: str) -> bool:
    folded = answer.casefold()
    if any(marker in folded for marker in FORBIDDEN_MARKERS):
        return True
    stripped = answer.strip()
    if stripped.startswith("{"):
        try:
            value = json.loads(stripped)
        except ValueError:
            return False
        return isinstance(value, dict) and ("claims" in value or "answer_version" in value)
    return False


@dataclass(frozen=True)
class GuardResult:
    ok: bool
    reason: str = ""
    leaked: list[str] = field(default_factory=list)


def check_answer(
    answer: str,
    material: ComposerMaterial,
    *,
    service_names: Iterable[Sequence[str]] = (),
    tool_texts: Sequence[ToolText] = (),
) -> GuardResult:
    """Is ``answer`` safe to show for ``material``? ``tool_texts``: the run's tool prose."""
    service_names = [list(names) for names in service_names]
    if _is_raw_contract(answer):
        return GuardResult(ok=False, reason=REASON_RAW_CONTRACT)
    names = [name for group in service_names for name in group]
    copied = [span for line in answer.splitlines() for span in copied_spans(line, tool_texts, names=names)]
    if copied:
        return GuardResult(ok=False, reason=REASON_UNQUOTED_TOOL_TEXT, leaked=[t[:80] for t in copied[:MAX_LEAKED_REPORTED]])
    allowed = material_text(material)
    if material.route == "reject":
        allowed_fold = normalize(allowed).casefold()
        stated = [m for m in ROOT_CAUSE_MARKERS if m in normalize(answer).casefold() and m not in allowed_fold]
        if stated:
            return GuardResult(ok=False, reason=REASON_ROOT_CAUSE, leaked=stated[:MAX_LEAKED_REPORTED])
    leaked = unknown_tokens(answer, allowed, service_names)
    if leaked:
        return GuardResult(ok=False, reason=REASON_LEAKED_TOKENS, leaked=[t[:80] for t in leaked[:MAX_LEAKED_REPORTED]])
    # Tokens alone do not stop an unsupported claim (its text is in the material as a gap) from
    # being written under the confirmed heading: every line must sit in its own section.
    allowed_fold = normalize(allowed).casefold()
    synonyms = [
        name
        for names in service_names
        if any(n and normalize(n).casefold() in allowed_fold for n in names)
        for name in names
    ]
    stray = untraceable_lines(answer, material, synonyms=synonyms)
    if stray:
        return GuardResult(ok=False, reason=REASON_UNTRACEABLE_LINE, leaked=stray)
    return GuardResult(ok=True)
