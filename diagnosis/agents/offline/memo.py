"""One run's memo of the offline executor's readings (pure, no Django; issue 30).

The executor reads the same tool results again after each follow-up call: the refs of every read
(``refs.collect_refs``) and the candidates they give (``agents._candidates``) are recomputed from
the history so far, though an earlier call's refs never change. Within one ``run_memo()`` block
(``OfflineExecutor.execute``) such a result is computed once per input and reused; outside one,
everything is computed as before. The memo lives in a context variable for the block only, so
nothing is kept between runs, threads or requests.

Keys may hold the ``id()`` of an input (a ``ToolCallResult`` is not hashable: its output is a
dict); the memo then keeps that input alive beside the value (``anchors``), so the id cannot be
reused by another object while the memo exists. Values are what the functions returned: callers
must not mutate them (none does — candidates and refs are read, never changed, by the agents).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, TypeVar

T = TypeVar("T")

_MEMO: ContextVar[dict[Hashable, tuple[object, Any]] | None] = ContextVar("offline_run_memo", default=None)


@contextmanager
def run_memo() -> Iterator[None]:
    """Memoise the executor's readings for the block (a nested block shares the outer memo)."""
    if _MEMO.get() is not None:
        yield
        return
    token = _MEMO.set({})
    try:
        yield
    finally:
        _MEMO.reset(token)


def memoised(key: Hashable, anchors: object, compute: Callable[[], T]) -> T:
    """``compute()``, once per ``key`` inside a ``run_memo()`` block (every time outside one).
    ``anchors``: the objects whose ``id()`` the key holds, kept alive with the value."""
    memo = _MEMO.get()
    if memo is None:
        return compute()
    hit = memo.get(key)
    if hit is not None:
        return hit[1]
    value = compute()
    memo[key] = (anchors, value)
    return value
