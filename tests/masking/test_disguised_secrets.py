"""Secrets in the forms the red-team pass found reaching the executor unmasked (issue 25 item 4):
longer key names, JSON and YAML forms, any spacing, URL credentials, zero-width and full-width
disguises, percent-encoding, base64, an ID card written in groups. Each is masked, the disguise
with it, and unmasking gives back exactly the original text."""

from __future__ import annotations

import base64
import json

import pytest

from diagnosis.masking.masker import Masker
from diagnosis.masking.view import normalised

ZWSP = "\u200b"
CASES = [
    # (text, the value that must not be sent, placeholder type)
    ("connect failed db_password=DbPw2024x host=db-1", "DbPw2024x", "SECRET"),
    ("refresh access_token=AT0123456789abc failed", "AT0123456789abc", "SECRET"),
    ("oauth client_secret=cs-abcdef123456 rejected", "cs-abcdef123456", "SECRET"),
    ("aws_secret_access_key=wJalrXUtnFEMI/K7MDENG/bPxRfiCYKEY ok", "wJalrXUtnFEMI/K7MDENG/bPxRfiCYKEY", "SECRET"),
    ('config {"password": "JsonPw2024"} loaded', "JsonPw2024", "SECRET"),
    ('nested {\\"db_password\\": \\"EscPw2024\\"}', "EscPw2024", "SECRET"),
    ("password  =  SpacedPw2024 (retry)", "SpacedPw2024", "SECRET"),
    ("datasource:\n  password: YamlPw2024\n  user: app", "YamlPw2024", "SECRET"),
    ("url jdbc:mysql://app:JdbcPw2024@db-host:3306/orders", "JdbcPw2024", "SECRET"),
    ("redis://:RedisPw2024@cache-1:6379/0 refused", "RedisPw2024", "SECRET"),
    ("密码：ChinesePw2024 已过期", "ChinesePw2024", "SECRET"),
    (f"call 138{ZWSP}1234{ZWSP}5678 now", "13812345678", "PHONE"),
    (f"key sk-{ZWSP}canary0123456789ABCDEF used", "sk-canary0123456789ABCDEF", "SECRET"),
    ("联系电话 １３８１２３４５６７８", "13812345678", "PHONE"),
    ("upstream １０．２０．３０．４０ refused", "10.20.30.40", "IP"),
    ("login name%40example.org failed", "name@example.org", "EMAIL"),
    (f"header {base64.b64encode(b'password=B64Pw2024').decode()} sent", "B64Pw2024", "SECRET"),
    (f"blob {base64.urlsafe_b64encode(b'user 13912345678').decode()} x", "13912345678", "PHONE"),
    ("身份证 110105 19900307 7715 校验失败", "110105199003077715", "ID"),
    ("身份证 110105-1990-0307-7715 校验失败", "110105199003077715", "ID"),
    ("bidi \u202e13812345678\u202c end", "13812345678", "PHONE"),
]


def _gone(masked: str, value: str) -> bool:
    flat = normalised(masked).replace(" ", "").replace("-", "")
    return value not in masked and value.replace(" ", "").replace("-", "") not in flat


@pytest.mark.parametrize(("text", "value", "kind"), CASES, ids=[c[1] for c in CASES])
def test_a_disguised_secret_is_masked_with_its_disguise(text, value, kind):
    masker = Masker()
    masked = masker.mask(text)
    assert _gone(masked, value), masked
    assert f"<{kind}_1>" in masked
    assert masker.unmask(masked) == text


def test_a_secret_in_the_question_is_masked_where_the_question_was_split_into_terms():
    """Issue 25 item 3: ``password=QuestionPw123`` and an e-mail in the question reached the
    executor as ``asked.dimension.terms`` = ["password", "QuestionPw123", "canary", "leak", …]."""
    question = "payment-service 登录失败 password=QuestionPw123 联系 canary.leak@example.org，原因是什么？"
    terms = ["password", "QuestionPw123", "canary", "leak", "example", "org"]
    planner = json.dumps({"question": question}, ensure_ascii=False)
    executor = json.dumps({"question": question, "plan": {"asked": {"dimension": {"terms": terms}}}}, ensure_ascii=False)
    masker = Masker()
    sent = masker.mask_request([planner, executor])
    for text in sent:
        for secret in ("QuestionPw123", "canary.leak@example.org", '"canary"', '"leak"', '"example"'):
            assert secret not in text, text
    assert json.loads(sent[1])["plan"]["asked"]["dimension"]["terms"][:3] == ["password", "<SECRET_1>", "<EMAIL_1>"]


def test_a_value_learnt_earlier_in_the_run_is_masked_wherever_it_appears_later():
    masker = Masker()
    masker.mask("log: password=LaterPw2024")
    assert masker.mask('{"terms": ["LaterPw2024"]}') == '{"terms": ["<SECRET_1>"]}'


def test_the_session_s_earlier_questions_teach_the_values_their_terms_carry():
    """A follow-up's planner request carries the earlier turns' ``asked`` (split terms), not their
    question: the masker learns the values from the earlier questions first."""
    masker = Masker()
    masker.remember(["上一轮 password=EarlierPw2024 联系 ops.lead@example.org"])
    context = json.dumps({"session_context": [{"asked": {"dimension": {"terms": ["EarlierPw2024", "ops", "lead"]}}}]})
    masked = masker.mask(context)
    assert "EarlierPw2024" not in masked and '"ops"' not in masked and '"lead"' not in masked
    assert masker.entity_counts == {"EMAIL": 1, "SECRET": 1}  # numbered when first sent, not when learnt


@pytest.mark.parametrize(
    "text",
    [
        "max_tokens=8000 prompt_tokens: 1234 token_count=5",
        "trace_id=9f2c4e1a7b3d5e6f0a1b2c3d4e5f6a7b span=HighErrorRateFiring01",
        "Error: secret \"db-password\" not found; mount keys: password, username",
        "http://payment-service:8080/api/pay -> 500",
    ],
)
def test_lookalikes_that_verification_compares_are_left_alone(text):
    assert Masker().mask(text) == text
