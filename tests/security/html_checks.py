"""What an HTML page would *do*: every element and attribute, parsed the way a browser tokenises,
so a test can say "no script of the injection, no outside image or link, no event handler"
rather than grep for a string that escaping merely disguises."""

from __future__ import annotations

from dataclasses import dataclass, field
from html.parser import HTMLParser
from urllib.parse import urlsplit

URL_ATTRIBUTES = ("href", "src", "srcset", "action", "formaction", "poster", "data", "background")


@dataclass
class ActiveMarkup:
    scripts: list[str] = field(default_factory=list)  # inline script bodies
    urls: list[tuple[str, str, str]] = field(default_factory=list)  # (tag, attribute, value)
    handlers: list[tuple[str, str, str]] = field(default_factory=list)  # on* attributes

    def outside_urls(self) -> list[tuple[str, str, str]]:
        """URLs that would leave the app: another host, or a script/data scheme."""
        out = []
        for tag, name, value in self.urls:
            parts = urlsplit(value.strip())
            if parts.scheme.lower() in ("javascript", "data", "vbscript"):
                out.append((tag, name, value))
            elif parts.netloc and parts.hostname not in ("127.0.0.1", "localhost", "testserver"):
                out.append((tag, name, value))
        return out


class _Collector(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found = ActiveMarkup()
        self._in_script = False

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            if name in URL_ATTRIBUTES and value:
                self.found.urls.append((tag, name, value))
            if name.startswith("on"):
                self.found.handlers.append((tag, name, value or ""))
        self._in_script = tag == "script"

    def handle_endtag(self, tag):
        if tag == "script":
            self._in_script = False

    def handle_data(self, data):
        if self._in_script and data.strip():
            self.found.scripts.append(data)


def active_markup(html: str) -> ActiveMarkup:
    parser = _Collector()
    parser.feed(html)
    parser.close()
    return parser.found


def assert_inert(html: str) -> None:
    """No injected script runs, no outside image/link/handler is live markup in ``html``."""
    found = active_markup(html)
    assert not [s for s in found.scripts if "alert(" in s], found.scripts
    assert not found.outside_urls(), found.outside_urls()
    assert not [h for h in found.handlers if "alert" in h[2]], found.handlers
    assert "<script>alert(1)</script>" not in html
