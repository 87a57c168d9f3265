"""Secrets of every kind in every disguise (issue 25 item 4), as hypothesis strategies, and the
check that none of them is in what was sent — shared by the masker's own property test and the
whole-run property test against the fake model server. Pure: no Django."""

from __future__ import annotations

import base64
import json
import re
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date
from typing import Any

from hypothesis import strategies as st

from diagnosis.masking.view import normalised

FULL_WIDTH = {c: chr(ord(c) + 0xFEE0) for c in map(chr, range(0x21, 0x7F))}
ZERO_WIDTH = ("\u200b", "\u200c", "\u200d", "\u2060", "\ufeff")
BIDI = ("\u202a", "\u202b", "\u202d", "\u202e", "\u2066", "\u2067", "\u2068", "\u2069")
KEYS = ("password", "db_password", "access_token", "client_secret", "aws_secret_access_key", "api_key", "apikey",
        "secret", "token", "passwd", "redis_key")  # fmt: skip


@dataclass(frozen=True)
class Secret:
    kind: str
    value: str  # what must never be sent
    key: str = ""  # for key=value secrets

    def plain(self) -> str:
        if self.kind == "kv":
            return f"{self.key}={self.value}"
        if self.kind == "url":
            return f"jdbc:mysql://app:{self.value}@db-host:3306/orders"
        return self.value


LETTERS = st.text(alphabet="abcdefghijklmnopqrstuvwxyz", min_size=3, max_size=8)
SECRET_VALUE = st.builds(
    lambda head, tail: head + tail,
    st.text(alphabet="ABCDEFGHJKLMNPQRSTUVWXYZ", min_size=1, max_size=1),
    st.text(alphabet="abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789", min_size=9, max_size=16),
).filter(lambda v: any(c.isdigit() for c in v))


@st.composite
def id_card(draw: Any) -> str:
    region = draw(st.integers(110000, 659999))
    born = draw(st.dates(min_value=date(1950, 1, 1), max_value=date(2005, 12, 31)))
    tail = draw(st.integers(0, 999))
    check = draw(st.sampled_from("0123456789X"))
    return f"{region}{born:%Y%m%d}{tail:03d}{check}"


SECRETS = st.one_of(
    st.builds(lambda n: Secret("phone", f"1{n}"), st.integers(3_000_000_000, 9_999_999_999).map(str)),
    st.builds(lambda a, b, d: Secret("email", f"{a}.{b}@{d}.org"), LETTERS, LETTERS, LETTERS),
    st.builds(lambda a, b, c: Secret("ip", f"10.{a}.{b}.{c}"), st.integers(0, 255), st.integers(0, 255), st.integers(1, 254)),
    st.builds(lambda v: Secret("id", v), id_card()),
    st.builds(lambda k, v: Secret("kv", v, k), st.sampled_from(KEYS), SECRET_VALUE),
    st.builds(lambda v: Secret("sk", "sk-" + v), st.text(alphabet="abcdefABCDEF0123456789", min_size=20, max_size=32)),
    st.builds(lambda v: Secret("url", v), SECRET_VALUE),
)
DISGUISES = ("plain", "zero_width", "bidi", "full_width", "percent", "base64", "json", "yaml", "spaced", "groups")


def _sprinkle(text: str, marks: tuple[str, ...], draw: Any) -> str:
    out = []
    for ch in text:
        out.append(ch)
        if draw(st.booleans()):
            out.append(draw(st.sampled_from(marks)))
    return "".join(out)


@st.composite
def disguised(draw: Any) -> tuple[Secret, str, str]:
    secret = draw(SECRETS)
    applicable = [d for d in DISGUISES if _applies(d, secret)]
    disguise = draw(st.sampled_from(applicable))
    plain = secret.plain()
    if disguise == "plain":
        text = plain
    elif disguise == "zero_width":
        text = plain.replace(secret.value, _sprinkle(secret.value, ZERO_WIDTH, draw))
    elif disguise == "bidi":
        text = plain.replace(secret.value, _sprinkle(secret.value, BIDI, draw))
    elif disguise == "full_width":
        text = "".join(FULL_WIDTH.get(ch, ch) for ch in plain)
    elif disguise == "percent":
        text = plain.replace("@", "%40").replace("=", "%3D")
    elif disguise == "base64":
        text = base64.b64encode(plain.encode()).decode()
    elif disguise == "json":
        text = json.dumps({secret.key: secret.value})
    elif disguise == "yaml":
        text = f"config:\n  {secret.key}: {secret.value}\n"
    elif disguise == "spaced":
        text = f"{secret.key}{' ' * draw(st.integers(0, 3))}={' ' * draw(st.integers(0, 3))}{secret.value}"
    else:  # groups: an ID card number written 6-8-4 or 6-4-4-4
        assert disguise == "groups", disguise
        v, sep = secret.value, draw(st.sampled_from([" ", "-"]))
        text = draw(st.sampled_from([sep.join([v[:6], v[6:14], v[14:]]), sep.join([v[:6], v[6:10], v[10:14], v[14:]])]))
    return secret, disguise, text


def _applies(disguise: str, secret: Secret) -> bool:
    if disguise in ("json", "yaml", "spaced"):
        return secret.kind == "kv"
    if disguise == "groups":
        return secret.kind == "id"
    if disguise == "percent":
        return secret.kind in ("email", "kv")
    return True


# --- what the server saw ---------------------------------------------------------------------
@dataclass(frozen=True)
class Sent:
    """One string of a request; ``key``: it is an object key (a piece of a value standing alone as
    a *key* — ``"limit": 50`` beside an e-mail at limit.org — is the request's own field name)."""

    text: str
    key: bool = False


def strings_of(value: Any, *, key: bool = False) -> list[Sent]:
    """Every string in a JSON value, and in the JSON documents those strings hold (message
    contents are JSON), keys included."""
    if isinstance(value, str):
        try:
            inner = json.loads(value)
        except ValueError:
            return [Sent(value, key)]
        return [Sent(value, key), *(strings_of(inner) if isinstance(inner, dict | list) else [])]
    if isinstance(value, dict):
        return [s for k, v in value.items() for s in (*strings_of(k, key=True), *strings_of(v))]
    if isinstance(value, list):
        return [s for item in value for s in strings_of(item)]
    return []


def squashed(text: str) -> str:
    """``text`` as the masker reads it, without whitespace or hyphens (an ID card in groups)."""
    return re.sub(r"[\s\-]", "", normalised(text))


def leaks(sent: Iterable[Sent], secret: Secret, text: str) -> list[str]:
    """The strings of ``sent`` that carry the secret: its value (normalised, separators ignored),
    its disguised spelling, or a piece of it standing alone as a value (a term split off the question)."""
    value = squashed(secret.value)
    pieces = set(re.findall(r"[A-Za-z0-9]{3,}", secret.value)) - {"org"}  # "org": the TLD, not the secret
    disguised_text = text.strip()
    return [
        s.text
        for s in sent
        if value in squashed(s.text)
        or (len(disguised_text) >= 4 and disguised_text in s.text)
        or (s.text in pieces and not s.key)
    ]
