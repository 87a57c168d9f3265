"""Issue 30: what the recognizers find in a text is the same for every run, so a text is scanned
once per process; the placeholders stay each run's own (numbered in its order of appearance)."""

from __future__ import annotations

from diagnosis.masking import masker as masking
from diagnosis.masking.masker import Masker

PROMPT = "你是诊断助手。联系 oncall@example.com 或 13800138000；主机 10.2.3.4。"


def test_a_second_run_does_not_scan_a_text_again_and_keeps_its_own_numbering(monkeypatch):
    scans: list[str] = []
    real = Masker._recognised

    def counted(self, text):
        scans.append(text)
        return real(self, text)

    monkeypatch.setattr(Masker, "_recognised", counted)
    first = Masker()
    first.mask("先问 13900139000")  # this run has seen another phone first
    masked_first = first.mask(PROMPT)
    scanned = len(scans)
    second = Masker()
    masked_second = second.mask(PROMPT)
    assert len(scans) == scanned  # found in the shared detections: no recogniser ran
    assert "<PHONE_2>" in masked_first and "<PHONE_1>" in masked_second  # each run numbers its own
    assert second.unmask(masked_second) == PROMPT and first.unmask(masked_first) == PROMPT


def test_the_shared_detections_stay_bounded(monkeypatch):
    monkeypatch.setattr(masking._SharedDetections, "MAX_CHARS", 100)
    shared = masking._SharedDetections()
    detection = masking._Detection(masking.view_of("x"), ())
    for index in range(50):
        shared.put(f"text number {index:04d}", detection)
    assert shared._chars <= 100 and len(shared._found) <= 100 // len("text number 0000")
