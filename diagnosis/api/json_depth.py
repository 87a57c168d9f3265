"""How deeply a JSON text nests, measured without parsing it (pure; no Django, no I/O).

The standard ``json`` module recurses once per ``[`` / ``{``: a body nested a thousand levels deep
raises ``RecursionError`` inside the parser (issue 9: a 500 on every POST endpoint). The API's
parser measures the depth first with this scan and refuses a body above its limit, so ``json`` is
only ever handed texts it can parse without exhausting the stack.

The scan blanks out string literals (brackets inside strings are text, not structure) and counts
the brackets that remain. For valid JSON the count is exact; for invalid JSON it is an estimate
(the parser rejects such a body anyway), and an unterminated string runs to the end of the text.
"""

from __future__ import annotations

import re

# A JSON string literal: quote, then runs of plain characters and backslash escapes, then the
# closing quote — or the end of the text when it is never closed (unrolled loop: no backtracking).
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*(?:"|\Z)', re.DOTALL)
_BRACKET = re.compile(r"[\[\]{}]")


def json_nesting_depth(text: str, *, stop_above: int | None = None) -> int:
    """The deepest array/object nesting in ``text`` (``0`` for a scalar, ``1`` for ``{}``).

    With ``stop_above`` the bracket count stops as soon as the depth exceeds it (the value
    returned is then ``stop_above + 1``). The cost is linear in the text: one regex pass to blank
    the strings, one over the brackets.
    """
    depth = deepest = 0
    for match in _BRACKET.finditer(_STRING.sub('""', text)):
        if match.group() in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if stop_above is not None and deepest > stop_above:
                    return deepest
        else:
            depth -= 1
    return deepest
