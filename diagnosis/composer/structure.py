"""Section-aware check of a model-composed answer (spec 000 "Composer-safe protocols"; 001
"LOW_CONFID … SHALL distinguish confirmed information, possible directions, and evidence gaps").

The token check of the leak guard proves that every number, identifier and service name of an
answer comes from the material — but a sentence built only from material tokens can still put
an unsupported claim under the confirmed heading, or add a cause to a REJECT answer. So every
line of a model answer must also be made (almost entirely) of the text of its own section:
its content units — Chinese character bigrams and ASCII/number tokens — must be covered, to at
least ``MIN_COVERAGE``, by the material items of the section it stands in (confirmed statements
and their verified excerpts under the confirmed heading only, unverified directions under the
directions heading only, …). Light rewording and merging of items of one section pass;
importing text from another section, or text from nowhere, sends the answer back to the
deterministic template. Text before the first heading belongs to the confirmed section in a
PASS answer and must be the fixed lead in LOW_CONFID / REJECT answers. Pure.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from typing import Final

from diagnosis.agents.base import ComposerMaterial
from diagnosis.composer import templates as T

#: Share of a line's content units that its section's material must contain.
MIN_COVERAGE: Final = 0.8
MAX_REPORTED: Final = 10

_CJK_RUN: Final = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+")
_ASCII_TOKEN: Final = re.compile(r"[a-z0-9][a-z0-9_.\-:/=%]*")
_BULLET: Final = re.compile(r"^(?:[-•*·>]+|\d{1,2}[.、)]|[(（]\d{1,2}[)）])")
_DECORATION: Final = "#*_`"
_TRAILING: Final = "。.;；,，:："


def squash(text: str) -> str:
    """Comparable form: NFKC, case-folded, no whitespace, no bullet or trailing punctuation."""
    folded = "".join(unicodedata.normalize("NFKC", text or "").casefold().split())
    folded = folded.strip(_DECORATION)
    folded = _BULLET.sub("", folded).strip(_DECORATION)
    return folded.rstrip(_TRAILING)


def _heading(line: str) -> str:
    return line.strip().strip(_DECORATION + " ").rstrip("：:").strip()


ALL_HEADINGS: Final = frozenset(
    {T.H_PASS_CONCLUSION, T.H_DIRECTIONS, T.H_SUGGESTIONS, T.H_CONFIRMED, T.H_GAPS, T.H_NEXT_STEPS, T.H_REJECT_FACTS}
)


def _confirmed_items(material: ComposerMaterial) -> list[str]:
    items: list[str] = []
    for item in material.confirmed:
        items.append(str(item.get("text", "")))
        for ev in item.get("evidence", []):
            matched = str(ev.get("matched_text", ""))
            items.append(matched)
            items.append(T.evidence_line(ev))
    return items


def _sections(material: ComposerMaterial) -> tuple[dict[str, list[str]], list[str]]:
    """The headings this route may use with the items each may hold, and what may stand before
    the first heading."""
    confirmed = _confirmed_items(material) + [T.NONE_CONFIRMED]
    next_steps = list(material.next_steps) + [T.DEFAULT_NEXT_STEP]
    gaps = list(material.gaps) + [T.NONE_GAPS]
    if material.route == "pass":
        sections = {T.H_PASS_CONCLUSION: confirmed, T.H_DIRECTIONS: list(material.directions), T.H_SUGGESTIONS: next_steps}
        preamble = [T.H_PASS_CONCLUSION, *confirmed]
    elif material.route == "low_confid":
        sections = {
            T.H_CONFIRMED: confirmed,
            T.H_DIRECTIONS: list(material.directions),
            T.H_GAPS: gaps,
            T.H_NEXT_STEPS: next_steps,
        }
        preamble = [T.LEAD_LOW_CONFID]
    else:  # REJECT: no directions — a possible cause is not bounded output
        sections = {T.H_REJECT_FACTS: confirmed, T.H_GAPS: gaps, T.H_NEXT_STEPS: next_steps}
        preamble = [T.LEAD_REJECT]
    # A heading's own words (结论, 建议 …) may appear in its lines.
    return {heading: [heading, *items] for heading, items in sections.items()}, preamble


def content_units(text: str) -> set[str]:
    """Chinese character bigrams (single characters for one-character runs) and ASCII tokens."""
    squashed = squash(text)
    units: set[str] = set(_ASCII_TOKEN.findall(squashed))
    for run in _CJK_RUN.findall(squashed):
        if len(run) == 1:
            units.add(run)
        units.update(run[i : i + 2] for i in range(len(run) - 1))
    return units


def coverage(line: str, items: Iterable[str]) -> float:
    """Share of ``line``'s content units found in ``items`` (1.0 for a line without any)."""
    units = content_units(line)
    if not units:
        return 1.0
    allowed: set[str] = set()
    for item in items:
        allowed |= content_units(item)
    return len(units & allowed) / len(units)


def untraceable_lines(answer: str, material: ComposerMaterial, *, synonyms: Iterable[str] = ()) -> list[str]:
    """Lines of ``answer`` not made of their own section's material (bounded list).

    ``synonyms`` may stand anywhere (the caller passes the other names — e.g. Chinese aliases —
    of services the material names, so "支付服务" may restate "payment-service")."""
    sections, preamble = _sections(material)
    extra = list(synonyms)
    sections = {heading: [*items, *extra] for heading, items in sections.items()}
    preamble = [*preamble, *extra] if material.route == "pass" else preamble
    items: list[str] = preamble
    stray: list[str] = []
    for raw in (answer or "").splitlines():
        heading = _heading(raw)
        if heading in ALL_HEADINGS:
            if heading not in sections:  # e.g. a directions section in a REJECT answer
                stray.append(raw.strip()[:80])
                items = []
            else:
                items = sections[heading]
            continue
        if squash(raw) and coverage(raw, items) < MIN_COVERAGE:
            stray.append(raw.strip()[:80])
            if len(stray) >= MAX_REPORTED:
                break
    return stray
