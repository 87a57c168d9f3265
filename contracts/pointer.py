"""RFC 6901 JSON Pointers: how an evidence ref addresses one element of a tool's ``output``."""

from __future__ import annotations

from typing import Any


class PointerError(LookupError):
    """The pointer is malformed or does not resolve in the document."""


def escape_token(token: str | int) -> str:
    return str(token).replace("~", "~0").replace("/", "~1")


def unescape_token(token: str) -> str:
    # Order matters (RFC 6901 §4): "~01" is "~1" literally, not "/".
    return token.replace("~1", "/").replace("~0", "~")


def make_pointer(*tokens: str | int) -> str:
    return "".join("/" + escape_token(t) for t in tokens)


def resolve_pointer(doc: Any, pointer: str) -> Any:
    """The value ``pointer`` designates inside ``doc``; ``""`` is the whole document.

    Raises ``PointerError`` for a malformed pointer (no leading ``/``, bad ``~`` escape, array
    index with a leading zero or ``-``) or one that does not resolve.
    """
    if not isinstance(pointer, str):
        raise PointerError(f"pointer must be a string, got {type(pointer).__name__}")
    if pointer == "":
        return doc
    if not pointer.startswith("/"):
        raise PointerError(f"pointer must start with '/': {pointer!r}")
    current = doc
    for raw in pointer[1:].split("/"):
        if "~" in raw.replace("~0", "").replace("~1", ""):
            raise PointerError(f"invalid '~' escape in {pointer!r}")
        token = unescape_token(raw)
        if isinstance(current, dict):
            if token not in current:
                raise PointerError(f"{pointer!r}: no member {token!r}")
            current = current[token]
        elif isinstance(current, list):
            if not token.isdigit() or not token.isascii() or (len(token) > 1 and token[0] == "0"):
                raise PointerError(f"{pointer!r}: {token!r} is not an array index")
            index = int(token)
            if index >= len(current):
                raise PointerError(f"{pointer!r}: index {index} out of range ({len(current)} elements)")
            current = current[index]
        else:
            raise PointerError(f"{pointer!r}: cannot descend into {type(current).__name__}")
    return current
