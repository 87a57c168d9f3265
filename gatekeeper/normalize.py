"""Text normalisation for excerpt support (DESIGN §5.2: "normalise both sides (NFKC, case-fold,
collapse whitespace, unify full/half-width punctuation)").

Both the Executor's excerpt and the system-side evidence text go through the *same* function,
so the comparison is symmetric. The canonical definition, per grapheme-like cluster (a base
character plus its combining marks, so NFKC composition works across them):

1. map Chinese punctuation and full-width forms to ASCII (`_PUNCT`), drop zero-width format
   characters, and spell "⋯" as "...";
2. NFKC, `str.casefold()`, NFKC again (casefold can produce decomposed sequences);
3. whitespace: every run of whitespace becomes one space *only* between two word characters
   (so `HTTP 500` stays distinct from `HTTP500`) or between a digit and an adjacent `.` `,` `:`
   (so `1, 2` and `1 . 2` stay distinct from `1,2` and `1.2`); next to other punctuation or CJK
   text it disappears, because there it carries no meaning ("错误：连接超时" ≙ "错误: 连接超时").

Word characters are Unicode letters, digits and `_`, except CJK scripts, which are written
without spaces (`WORD_CLASS`). The excerpt matcher uses the same class for its token-boundary
check, so the two rules agree on what a token is.

For the evidence text we also need to map a normalised span back to the original string
(`matched_text` quotes the original). `NormalizedText.original_span` builds that map lazily:
most texts never need it, and those that do are cached per check() call.
"""

from __future__ import annotations

import re
import unicodedata
from bisect import bisect_right
from typing import Final

#: CJK ideographs, kana, Hangul and CJK symbols: treated as non-word characters because those
#: scripts have no spaces between words (the token-boundary rule must not apply inside them).
CJK_RANGES: Final = (
    "\u1100-\u11ff\u2e80-\u2fdf\u2ff0-\u9fff\ua960-\ua97f\uac00-\ud7ff\uf900-\ufaff\U00020000-\U0003ffff"
)
WORD_CLASS: Final = rf"[^\W{CJK_RANGES}]"
_WORD_RE: Final = re.compile(WORD_CLASS)

# Applied before NFKC. One character to one character, so the common case keeps a 1:1 offset
# map. Full-width ASCII forms (U+FF01-U+FF5E) are what NFKC would produce anyway; mapping them
# first lets typical Chinese text take the fast path below.
_PUNCT: Final[dict[int, int]] = {cp: cp - 0xFEE0 for cp in range(0xFF01, 0xFF5F)}
_PUNCT.update(
    {
        ord(src): ord(dst)
        for src, dst in {
            "\u3000": " ",  # ideographic space
            "。": ".",
            "、": ",",
            "｡": ".",
            "､": ",",
            "【": "[",
            "】": "]",
            "〖": "[",
            "〗": "]",
            "〔": "(",
            "〕": ")",
            "《": "<",
            "》": ">",
            "〈": "<",
            "〉": ">",
            "「": '"',
            "」": '"',
            "『": '"',
            "』": '"',
            "“": '"',
            "”": '"',
            "„": '"',
            "‟": '"',
            "‘": "'",
            "’": "'",
            "‚": "'",
            "‛": "'",
            "—": "-",
            "–": "-",
            "‐": "-",
            "‑": "-",
            "−": "-",
        }.items()
    }
)

# Characters that change the length (deleted or expanded); their presence forces the slow path.
_SPECIAL: Final[dict[str, str]] = {
    "\u00ad": "",  # soft hyphen
    "\u200b": "",  # zero width space
    "\u200c": "",
    "\u200d": "",
    "\u200e": "",
    "\u200f": "",
    "\u202a": "",
    "\u202b": "",
    "\u202c": "",
    "\u202d": "",
    "\u202e": "",
    "\u2060": "",
    "\ufeff": "",
    "\u22ef": "...",  # midline horizontal ellipsis, common in Chinese input methods
}
_SPECIAL_RE: Final = re.compile("[" + "".join(_SPECIAL) + "]")

_WS_RUN: Final = re.compile(r"\s+")
# After runs are collapsed to one space, a space is kept only where it separates two word
# characters, or a digit from an adjacent "." "," ":" (so "1 . 2", "1, 2" and "1,2" / "1.2" stay
# distinct numbers); everywhere else it is dropped. One alternative per kind of left neighbour:
_DROP_SPACE: Final = re.compile(
    rf"(?<=[0-9]) (?!{WORD_CLASS}|[.,:])"  # after a digit
    rf"|(?<={WORD_CLASS})(?<![0-9]) (?!{WORD_CLASS})"  # after another word character
    r"|(?<=[.,:]) (?![0-9])"  # after . , :
    rf"|(?<!{WORD_CLASS})(?<![.,:]) "  # after anything else, or at the start
)


def is_word_char(char: str) -> bool:
    """True for letters, digits and `_` outside CJK scripts (see module docstring)."""
    return _WORD_RE.match(char) is not None


def _fold(text: str) -> tuple[str, list[int] | None, list[int] | None]:
    """Steps 1-2 of the definition. Returns the folded string and, unless the fold is 1:1 with
    `text`, per folded character the start and end offset of its source in `text`."""
    mapped = text.translate(_PUNCT)
    if _SPECIAL_RE.search(mapped) is None and unicodedata.is_normalized("NFKC", mapped):
        # A NFKC-stable string is NFKC-stable cluster by cluster, so per-character casefold is
        # the whole definition when its result is NFKC-stable too; if it keeps the length it is
        # also 1:1 (casefold never shrinks a character).
        folded = mapped.casefold()
        if len(folded) == len(text) and unicodedata.is_normalized("NFKC", folded):
            return folded, None, None
    return _fold_by_cluster(mapped)


def _fold_by_cluster(mapped: str) -> tuple[str, list[int], list[int]]:
    """The canonical definition, cluster by cluster, with the offset of each folded character."""
    pieces: list[str] = []
    starts: list[int] = []
    ends: list[int] = []
    length = len(mapped)
    i = 0
    while i < length:
        j = i + 1
        # A cluster: a base character plus following marks (and Hangul medial/final jamo).
        while j < length and (unicodedata.category(mapped[j])[0] == "M" or "\u1160" <= mapped[j] <= "\u11ff"):
            j += 1
        cluster = mapped[i:j]
        if cluster[0] in _SPECIAL:
            cluster = _SPECIAL[cluster[0]] + cluster[1:]
        # NFKC again after casefold: folding can yield a decomposed sequence ("ß́" -> "ss" + U+0301).
        piece = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", cluster).casefold())
        pieces.append(piece)
        starts.extend([i] * len(piece))
        ends.extend([j] * len(piece))
        i = j
    return "".join(pieces), starts, ends


def _squeeze(folded: str) -> str:
    """Step 3 of the definition (whitespace)."""
    return _DROP_SPACE.sub("", _WS_RUN.sub(" ", folded))


def normalize(text: str) -> str:
    """The normalised form of `text` used on both sides of excerpt matching."""
    return _squeeze(_fold(text)[0])


class NormalizedText:
    """An evidence text together with its normalised form and a lazy offset map back to it."""

    __slots__ = ("original", "norm", "_folded", "_starts", "_ends", "_seg_norm", "_seg_fold")

    def __init__(self, original: str) -> None:
        self.original = original
        self._folded, self._starts, self._ends = _fold(original)
        self.norm = _squeeze(self._folded)
        self._seg_norm: list[int] | None = None
        self._seg_fold: list[int] = []

    def _build_segments(self) -> None:
        # The normalised string is the folded string with whitespace runs either deleted or
        # kept as their first character (rendered as " "). Record, for each maximal stretch
        # copied from the folded string, where it starts in both strings.
        seg_norm: list[int] = []
        seg_fold: list[int] = []
        folded = self._folded
        norm_pos = 0
        fold_pos = 0
        for run in _WS_RUN.finditer(folded):
            if run.start() > fold_pos:
                seg_norm.append(norm_pos)
                seg_fold.append(fold_pos)
                norm_pos += run.start() - fold_pos
            fold_pos = run.end()
            if norm_pos < len(self.norm) and self.norm[norm_pos] == " " and run.start() > 0:
                # The squeeze kept this run as one space (norm only ever has a space here if kept).
                seg_norm.append(norm_pos)
                seg_fold.append(run.start())
                norm_pos += 1
        if fold_pos < len(folded):
            seg_norm.append(norm_pos)
            seg_fold.append(fold_pos)
        self._seg_norm = seg_norm
        self._seg_fold = seg_fold

    def _fold_index(self, norm_index: int) -> int:
        if self._seg_norm is None:
            self._build_segments()
        assert self._seg_norm is not None
        k = bisect_right(self._seg_norm, norm_index) - 1
        return self._seg_fold[k] + (norm_index - self._seg_norm[k])

    def original_span(self, norm_start: int, norm_end: int) -> tuple[int, int]:
        """Offsets in `original` covering the normalised span [norm_start, norm_end)."""
        first = self._fold_index(norm_start)
        last = self._fold_index(norm_end - 1)
        if self._starts is None or self._ends is None:
            return first, last + 1
        return self._starts[first], self._ends[last]
