"""Search terms for Chinese + English operations text.

``tokenize`` is used both when a knowledge chunk is ingested (its terms are stored in
``KnowledgeChunk.tokens``) and when a query is scored, so the two sides always agree.

- Text is NFKC-normalised first, so full-width letters, digits and punctuation behave like
  their ASCII forms.
- CJK runs go through jieba's search mode (``lcut_for_search``), which also emits the shorter
  words inside a long one (数据库 → 数据, 据库, 数据库), so a query phrased differently from a
  runbook still shares terms with it.
- ASCII runs keep identifiers whole (``payment-service``, ``inv_3``, ``10:05``) and add their
  parts (``payment``, ``service``) and camel-case pieces (``OOMKilled`` → ``oom``, ``killed``),
  all lower-cased.
- Punctuation, whitespace and a small Chinese + English stopword set are dropped.

jieba is initialised lazily, once, quietly (its start-up message goes to a logger that we set
to WARNING) and on a private ``jieba.Tokenizer`` so our domain words never change the global
dictionary other code might use.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from diagnosis.retrieval.segmenter import lazy_segmenter

# Domain words jieba's default dictionary does not know (or splits badly); added to our private
# tokenizer only.
DOMAIN_WORDS: tuple[str, ...] = (
    "连接池",
    "慢查询",
    "告警",
    "熔断",
    "限流",
    "超时",
    "重启",
    "扩容",
    "缩容",
    "回滚",
    "内存溢出",
    "磁盘满",
    "磁盘空间",
    "错误率",
    "延迟",
    "死锁",
    "主从延迟",
    "消息积压",
    "处理手册",
    "排查步骤",
    "常见原因",
    "处理方案",
    "告警说明",
)

CHINESE_STOPWORDS: frozenset[str] = frozenset(
    {
        "的", "了", "是", "在", "和", "与", "及", "或", "吗", "呢", "吧", "啊", "呀", "哦",
        "么", "什么", "怎么", "怎么办", "为什么", "如何", "哪些", "哪个", "这个", "那个", "这些",
        "那些", "一个", "我", "你", "他", "她", "它", "我们", "你们", "他们", "请", "请问",
        "把", "被", "让", "给", "就", "都", "也", "还", "又", "而", "但", "但是", "并", "并且",
        "从", "到", "对", "向", "为", "以", "于", "之", "其", "该", "此", "这", "那", "有",
        "会", "能", "要", "可以", "一下", "一些", "是否", "时候", "目前", "现在",
    }
)  # fmt: skip

ENGLISH_STOPWORDS: frozenset[str] = frozenset(
    {
        "a", "an", "the", "is", "are", "was", "were", "be", "been", "being", "of", "to", "in",
        "on", "at", "for", "and", "or", "with", "by", "from", "as", "it", "its", "this", "that",
        "these", "those", "what", "why", "how", "which", "who", "do", "does", "did", "can",
        "could", "should", "would", "will", "i", "we", "you", "my", "our", "your", "me", "please",
        "there", "here", "about", "into", "than", "then", "so", "if",
    }
)  # fmt: skip

STOPWORDS: frozenset[str] = CHINESE_STOPWORDS | ENGLISH_STOPWORDS

# One run of CJK ideographs, or one ASCII "identifier" run: starts with a letter/digit and may
# carry the joiners that appear inside service names, ids, versions and clock times.
_RUN_RE = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+|[A-Za-z0-9][A-Za-z0-9_.\-:/]*")
_JOINERS = "_.-:/"
_PART_SPLIT_RE = re.compile(r"[_.\-:/]+")
# camelCase / PascalCase / ACRONYMWord / digits boundaries: OOMKilled → OOM, Killed.
_CAMEL_RE = re.compile(r"[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+|[0-9]+")

_jieba = lazy_segmenter(DOMAIN_WORDS)


def ensure_ready() -> None:
    """Load jieba's dictionary now (about half a second, once per process) rather than inside
    the first search — e.g. before a tool call's deadline starts."""
    _jieba()


def _keep(term: str) -> bool:
    if not term or term in STOPWORDS:
        return False
    # A lone digit or letter carries almost no signal ("5" from "12.5", "s" from "3000s").
    return not (len(term) == 1 and term.isascii())


def _ascii_terms(run: str) -> list[str]:
    word = run.strip(_JOINERS)
    if not word:
        return []
    terms = [word.lower()]
    parts = [p for p in _PART_SPLIT_RE.split(word) if p]
    pieces: list[str] = []
    for part in parts:
        camel = _CAMEL_RE.findall(part)
        if len(parts) > 1:
            pieces.append(part)
        if len(camel) > 1:
            pieces.extend(camel)
    for piece in pieces:
        lowered = piece.lower()
        if lowered != terms[0]:
            terms.append(lowered)
    return terms


def tokenize(text: str) -> list[str]:
    """Search terms of ``text`` in order of appearance (duplicates kept: BM25 needs counts)."""
    return list(_tokens(text)) if text else []


@lru_cache(maxsize=4096)
def _tokens(text: str) -> tuple[str, ...]:
    """Cached: a run tokenizes the same evidence and titles again for every runbook it weighs."""
    normalised = unicodedata.normalize("NFKC", text)
    terms: list[str] = []
    for match in _RUN_RE.finditer(normalised):
        run = match.group(0)
        if run[0].isascii():
            terms.extend(t for t in _ascii_terms(run) if _keep(t))
        else:
            terms.extend(t for t in _jieba().lcut_for_search(run) if _keep(t))
    return tuple(terms)


def tokenize_query(text: str) -> list[str]:
    """Distinct query terms, first occurrence order (a repeated query word is not a stronger hint)."""
    return list(dict.fromkeys(tokenize(text)))
