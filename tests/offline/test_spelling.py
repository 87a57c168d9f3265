"""The one spelling matcher (``spelling``) and the rule data it reads: ASCII spellings match whole
tokens only, camelCase is split into tokens, Chinese spellings are substrings."""

from __future__ import annotations

import string

from hypothesis import assume, given
from hypothesis import strategies as st

from diagnosis.agents.offline.refs import gloss
from diagnosis.reading.entities import evidence_symptoms, find_symptoms
from diagnosis.reading.spelling import any_spelling_in, first_position
from diagnosis.reading.vocabulary import GLOSS_TERMS, KEY_TERMS_BY_WORD, SYMPTOMS

# Every ASCII whole-word spelling a gloss can fire on, with its term.
_GLOSS_WORDS = sorted(
    {
        (term, spelling)
        for term in GLOSS_TERMS
        for spelling in KEY_TERMS_BY_WORD[term].evidence
        if spelling.isascii() and spelling.isalnum() and spelling.isalpha()
    }
)
_LETTERS = st.text(alphabet=string.ascii_letters, min_size=1, max_size=6)


def _fires_legitimately(term: str, identifier: str) -> bool:
    """A prefix spelling of ``term`` (``pod*``) that the identifier really starts with."""
    return any(
        s.endswith("*") and identifier.casefold().startswith(s[:-1]) for s in KEY_TERMS_BY_WORD[term].evidence
    )


@given(
    st.sampled_from(_GLOSS_WORDS), _LETTERS, st.text(alphabet=string.ascii_letters, max_size=6), st.booleans()
)
def test_no_gloss_fires_on_an_identifier_that_merely_contains_its_word(pair, prefix, suffix, upper):
    term, word = pair
    identifier = prefix + word + suffix
    identifier = identifier.upper() if upper else identifier.lower()
    assume(not _fires_legitimately(term, identifier))
    assert term not in gloss(f"cache {identifier} rebuilt"), identifier


def test_oom_inside_bloomfilter_is_no_out_of_memory():
    assert "内存溢出" not in gloss("BLOOMFILTER rebuild done: key=tag_schema_v2")
    assert "restart" not in evidence_symptoms("BLOOMFILTER rebuild done")
    assert "内存溢出" in gloss("container OOMKilled exit code 137")


def test_a_rejected_execution_is_a_thread_pool_not_a_connection_pool():
    line = "java.util.concurrent.RejectedExecutionException: Task rejected from ThreadPoolExecutor[pool size = 200]"
    terms = gloss(line, limit=5)
    assert "连接池" not in terms and "线程池" in terms and "拒绝" in terms
    assert "connection_pool" not in evidence_symptoms(line)
    assert "thread_pool" in evidence_symptoms(line)


def test_camel_case_identifiers_are_read_as_their_words():
    assert any_spelling_in(("connection pool",), "DBConnectionPoolExhausted firing")
    assert any_spelling_in(("crash loop",), "Back-off: CrashLoopBackOff")
    assert any_spelling_in(("out of memory",), "java.lang.OutOfMemoryError")
    assert any_spelling_in(("lag",), "kafka_consumer_lag{group=x}")
    assert not any_spelling_in(("lag",), "feature flag tag_schema_v2 enabled")


def test_a_prefix_spelling_matches_longer_words_and_a_plain_one_does_not():
    assert any_spelling_in(("fail*",), "payment FAILED")
    assert not any_spelling_in(("fail",), "payment FAILED")
    assert not any_spelling_in(("all",), "allocation stalled")


def test_chinese_spellings_are_substrings_and_positions_order_symptoms():
    assert any_spelling_in(("连接池",), "数据库连接池耗尽")
    assert first_position(("超时",), "支付超时") == 2
    assert find_symptoms("支付服务先超时后报错") == ["timeout", "error"]


def test_a_feature_flag_question_is_no_backlog_question():
    assert "backlog" not in find_symptoms("feature flag 推送后为什么 500？")


def test_every_symptom_spelling_compiles_and_matches_its_own_trigger_words():
    for symptom in SYMPTOMS:
        for trigger in symptom.triggers:
            if trigger.startswith("re:"):
                continue
            assert any_spelling_in(symptom.triggers, trigger.rstrip("*")), (symptom.id, trigger)


def test_a_camel_case_spelling_matches_the_same_tokens_as_the_text():
    assert any_spelling_in(["ImagePullBackOff"], "Error: ImagePullBackOff")
    assert any_spelling_in(["ImagePullBackOff"], "image pull back-off for pod picker-0")
    assert not any_spelling_in(["ImagePullBackOff"], "ImagePullBackOffice")


@given(st.sampled_from(["过", "了", ""]), st.sampled_from(["前天", "行情推送那边今天下午", "能源平台中午"]))
def test_a_verb_object_word_split_by_an_aspect_particle_is_still_that_word(particle, before):
    question = f"{before}报{particle}警没有？"
    assert any_spelling_in(("报警",), question)
    assert "alert" in find_symptoms(question)
    assert not any_spelling_in(("报警",), f"{before}报表里有警示")  # two words apart are not the word


def test_a_three_character_chinese_spelling_stays_a_plain_substring():
    assert any_spelling_in(("连接池",), "数据库连接池满了") and not any_spelling_in(("连接池",), "连接了池")
