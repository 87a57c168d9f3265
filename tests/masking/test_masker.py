"""The placeholder map (diagnosis/masking/masker.py): what is masked, what is not, and that
unmasking gives back exactly the text that was masked."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from diagnosis.masking.masker import Masker, RecognizerError, parse_custom_patterns, select_recognizers


@pytest.mark.parametrize(
    ("text", "masked"),
    [
        ("call 13812345678 now", "call <PHONE_1> now"),
        ("tel +86 138-1234-5678.", "tel <PHONE_1>."),
        ("intl +442071838750 line", "intl <PHONE_1> line"),
        ("mail li.lei@shop-example.cn ok", "mail <EMAIL_1> ok"),
        ("from 10.20.30.40:8443 refused", "from <IP_1>:8443 refused"),
        ("peer fe80::1ff:fe23:4567:890a down", "peer <IP_1> down"),
        ("身份证 110105199003077715 校验失败", "身份证 <ID_1> 校验失败"),
        ("user_id=u77001 order_no: 2026112800017", "user_id=<ID_1> order_no: <ID_2>"),
        ("Authorization: Bearer abcdEFGH1234ijkl", "Authorization: Bearer <SECRET_1>"),
        ("password=hunter22; token: t0k3nV4lue", "password=<SECRET_1>; token: <SECRET_2>"),
        ("key sk-canary0123456789ABCDEF used", "key <SECRET_1> used"),
        ("aws AKIAIOSFODNN7EXAMPLE leaked", "aws <SECRET_1> leaked"),
    ],
)
def test_each_sensitive_kind_becomes_a_numbered_placeholder(text, masked):
    masker = Masker()
    assert masker.mask(text) == masked
    assert masker.unmask(masked) == text


@pytest.mark.parametrize(
    "text",
    [
        "2026-11-28 10:05:12 payment-service ERROR HikariPool-1 - Connection is not available",
        "request timed out after 3000ms (active=50, idle=0, waiting=37) HTTP 500",
        "HighErrorRate firing since 2026-11-28 10:06 value 12.5% trace_id=9f2c4e1a",
        "deploy payment-service v1.2.3.4 image registry.local/pay:2026.11.28 at 10:05:12.123",
        "oom-killer: memory_usage 2046MiB > 1843MiB; exit code 137; Redis redis-inv 198/200",
    ],
)
def test_what_verification_compares_is_never_masked(text):
    assert Masker().mask(text) == text


def test_the_same_value_keeps_its_placeholder_and_numbers_follow_first_appearance():
    masker = Masker()
    first = masker.mask("a 13800000001 b 13800000002 a 13800000001 10.0.0.1")
    assert first == "a <PHONE_1> b <PHONE_2> a <PHONE_1> <IP_1>"
    assert masker.mask("again 13800000002") == "again <PHONE_2>"
    assert masker.entity_counts == {"IP": 1, "PHONE": 2}


@given(st.lists(st.sampled_from(["13800000001", "10.0.0.1", "li@ex.cn", "普通文本", " ", "user_id=u1"]), max_size=8))
def test_masking_a_text_again_gives_the_same_text_and_the_same_map(pieces):
    masker = Masker()
    text = " ".join(pieces)
    first = masker.mask(text)
    counts = masker.entity_counts
    assert masker.mask(text) == first and masker.entity_counts == counts
    assert masker.unmask(first) == text


def test_a_text_sent_again_is_scanned_once(monkeypatch):
    masker = Masker()
    scans = []
    real = masker._recognised
    monkeypatch.setattr(masker, "_recognised", lambda text: scans.append(text) or real(text))
    system_prompt = "你是诊断助手。联系 ops@example.cn"
    for _ in range(3):  # every model call of a run re-sends it
        assert masker.mask(system_prompt) == "你是诊断助手。联系 <EMAIL_1>"
    assert scans == [system_prompt]


def test_an_invented_placeholder_is_left_as_it_is():
    masker = Masker()
    masker.mask("13800000001")
    assert masker.unmask("<PHONE_1> and <PHONE_9> and <EMAIL_1>") == "13800000001 and <PHONE_9> and <EMAIL_1>"


def test_placeholders_already_in_the_text_are_not_masked_again():
    masker = Masker()
    assert masker.mask("<IP_1> from 10.0.0.7") == "<IP_1> from <IP_1>"  # the value is new: it gets the next free number
    assert masker.unmask("<IP_1>") == "10.0.0.7"


def test_structures_are_masked_and_unmasked_throughout():
    masker = Masker()
    data = {"records": [{"message": "user_id=u1234 at 10.1.1.1", "n": 3}], "ok": True}
    masked = masker.mask_data(data)
    assert masked == {"records": [{"message": "user_id=<ID_1> at <IP_1>", "n": 3}], "ok": True}
    assert masker.unmask_data(masked) == data


def test_entities_can_be_narrowed_and_custom_types_added():
    recognizers = select_recognizers(["EMAIL"], parse_custom_patterns([r"EMPLOYEE=\bE\d{6}\b"]))
    masker = Masker(recognizers)
    assert masker.mask("E123456 a@b.example 13800000001") == "<EMPLOYEE_1> <EMAIL_1> 13800000001"


@pytest.mark.parametrize("entry", ["9LIVES=x", "SPACE TYPE=x", "NOEQUALS", "BAD=(", "EMPTY=x*"])
def test_malformed_custom_patterns_are_refused(entry):
    with pytest.raises(RecognizerError):
        parse_custom_patterns([entry])


SENSITIVE = st.sampled_from(
    ["13812345678", "li.lei@shop-example.cn", "10.20.30.40", "user_id=u77001", "password=hunter22", "sk-canary0123456789ABCDEF"]
)
FILLER = st.text(alphabet=st.characters(codec="utf-8", exclude_characters="<>"), max_size=30)


@given(st.lists(st.tuples(FILLER, SENSITIVE), max_size=8), FILLER)
def test_unmasking_gives_back_exactly_the_masked_text(pieces, tail):
    text = "".join(f"{filler} {value} " for filler, value in pieces) + tail
    masker = Masker()
    masked = masker.mask(text)
    assert masker.unmask(masked) == text
    for _filler, value in pieces:
        bare = value.split("=", 1)[-1]
        assert bare not in masked
