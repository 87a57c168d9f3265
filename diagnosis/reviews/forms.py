"""The label forms of the admin run page and the staff web UI (one pair, used by both)."""

from __future__ import annotations

from django import forms

from diagnosis.reviews.models import ClaimLabel, RunLabel
from diagnosis.reviews.services import NOTE_MAX_CHARS

KIND_RUN = "run"
KIND_CLAIM = "claim"
MSG_CHOOSE_LABEL = "请选择这条声明的标注（分类正确或分类错误）；未选择的行不会保存。"
MSG_CHOOSE_VERDICT_LABEL = "请选择本次判定是否正确。"
#: The claim select starts here: a reviewer who skips a row records nothing (never agreement).
CHOOSE = ("", "请选择…")


class RunLabelForm(forms.Form):
    kind = forms.CharField(widget=forms.HiddenInput, initial=KIND_RUN)
    label = forms.ChoiceField(
        label="判定是否正确",
        choices=RunLabel.Label.choices,
        widget=forms.RadioSelect,
        error_messages={"required": MSG_CHOOSE_VERDICT_LABEL},
    )
    note = forms.CharField(
        label="备注（可选）", required=False, max_length=NOTE_MAX_CHARS, widget=forms.Textarea(attrs={"rows": 2})
    )


class ClaimLabelForm(forms.Form):
    kind = forms.CharField(widget=forms.HiddenInput, initial=KIND_CLAIM)
    claim_id = forms.CharField(widget=forms.HiddenInput, max_length=64)
    label = forms.ChoiceField(
        label="分类", choices=[CHOOSE, *ClaimLabel.Label.choices], error_messages={"required": MSG_CHOOSE_LABEL}
    )
    note = forms.CharField(
        label="备注", required=False, max_length=NOTE_MAX_CHARS, widget=forms.TextInput(attrs={"placeholder": "备注（可选）"})
    )
