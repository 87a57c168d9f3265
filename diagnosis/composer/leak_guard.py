"""Deterministic leak guard tokens for composed text (issue 4 item 6; spec "PASS uses Composer-safe
output", "REJECT produces bounded output").

Composed text may only *say* what its material says. Checked tokens:

- numbers — integers, decimals, percentages, clock times (``10:05``, ``10:05:12``), durations
  (``3000ms``): the numeric token must occur in the allowed text with digit boundaries, so
  ``500`` does not match ``5000`` and ``12.5`` does not match ``112.5``;
- identifier-like tokens — CamelCase (``HighErrorRate``), UPPER_CASE / acronyms (``OOMKilled``,
  ``HTTP``), tokens mixing letters with digits, ``_`` or ``-`` (``HikariPool-1``,
  ``order-service``, ``ERR_TIMEOUT``): must occur (case-insensitively) in the allowed text;
- service names and aliases from the service catalog: a service may be mentioned only if one of
  its names occurs in the allowed text.

Since issue 24 a model writes only the answer's conclusion, each sentence citing its claims;
``composer.conclusion.guard_sentences`` applies ``unknown_tokens`` against the cited claims, refuses
tool prose outside 「…」 (``quoting.copied_spans``) and contract field names (``FORBIDDEN_MARKERS``),
and gives a REJECT no conclusion at all. Everything else of the answer is chosen and worded
deterministically. Pure: the caller passes the service names.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Sequence
from typing import Final

FORBIDDEN_MARKERS: Final = ("user_facing_answer", "diagnosis_summary", "executor_evidence_v2")


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
