"""The answer assembled from the material and its conclusion (DESIGN §10.5): everything but the
conclusion is chosen deterministically — key evidence for what was asked, the timeline, directions,
advice, gaps and the rest as other evidence. Pure."""

from __future__ import annotations

from contracts.composer import ComposerMaterial
from diagnosis.composer.answer import (
    AdviceItem,
    Answer,
    Sentence,
    build_timeline,
    choose_key_evidence,
    key_items,
    render_answer,
)
from diagnosis.composer.conclusion import compose_conclusion, symptom_words
from diagnosis.reading.entities import find_symptoms


def assemble_answer(material: ComposerMaterial, conclusion: list[Sentence], *, day: str) -> Answer:
    """The answer from the material and its (guarded) conclusion: everything else deterministic."""
    key_ids = choose_key_evidence(material, frozenset(find_symptoms(material.question)))
    facts = {f.claim_id: f for f in material.facts}
    labels = {
        f.claim_id: "、".join(symptom_words([f], _claim_text(material, f.claim_id))) for f in material.facts
    }
    timeline = build_timeline(material, labels, day) if material.route != "reject" else []
    in_timeline = {t.claim_id for t in timeline if t.kind == "change"}
    others = [
        i.claim_id for i in material.confirmed if i.claim_id not in key_ids and i.claim_id not in in_timeline
    ]
    return Answer(
        verdict=material.verdict,  # type: ignore[arg-type]
        outcome=material.route,
        conclusion=conclusion,
        key_evidence=key_items(material, key_ids),
        timeline=[t for t in timeline if t.claim_id in facts],
        directions=list(material.directions),
        advice=[AdviceItem(text=step) for step in material.next_steps],
        gaps=list(material.gaps),
        other_evidence=others,
    )


def _claim_text(material: ComposerMaterial, claim_id: str) -> str:
    return "\n".join(next(i for i in material.confirmed if i.claim_id == claim_id).texts())


def material_day(material: ComposerMaterial) -> str:
    """The day the asked window ends on (YYYY-MM-DD): times on it are shown without their date."""
    window = material.asked.window if material.asked is not None else None
    return window.end[:10] if window is not None and len(window.end) >= 10 else ""


def render_material(material: ComposerMaterial) -> str:
    """The deterministic answer of ``material`` (its conclusion written by ``compose_conclusion``)."""
    answer = assemble_answer(material, compose_conclusion(material), day=material_day(material))
    return render_answer(answer, material_day(material))
