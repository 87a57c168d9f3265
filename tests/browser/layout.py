"""The layout property every page must hold (issue 27 item 3), as one script run in the page.

- No horizontal overflow: the document is no wider than the viewport, and no element reaches past
  the viewport's right edge (or starts left of it) — except inside a box that clips or scrolls its
  own content sideways (a wide audit table in its ``overflow-x: auto`` box is the page's business,
  not a broken page).
- No template source shown: no text node outside <script>/<style>/<template> contains ``{#``,
  ``{%`` or ``{{``.
"""

from __future__ import annotations

from typing import Any

CHECK_LAYOUT = """() => {
  const width = document.documentElement.clientWidth;
  const clips = (el) => {
    for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
      const o = getComputedStyle(p).overflowX;
      if (o === 'auto' || o === 'scroll' || o === 'hidden' || o === 'clip') return true;
    }
    return false;
  };
  const describe = (el) => {
    const id = el.id ? '#' + el.id : '';
    const cls = typeof el.className === 'string' && el.className.trim() ? '.' + el.className.trim().split(/\\s+/).join('.') : '';
    return el.tagName.toLowerCase() + id + cls;
  };
  const wide = [];
  for (const el of document.body.querySelectorAll('*')) {
    const style = getComputedStyle(el);
    if (style.display === 'none' || style.visibility === 'hidden') continue;
    const box = el.getBoundingClientRect();
    if (box.width === 0 && box.height === 0) continue;
    if ((box.right > width + 1 || box.left < -1) && !clips(el)) {
      wide.push({element: describe(el), left: Math.round(box.left), right: Math.round(box.right),
                 text: (el.innerText || '').slice(0, 60)});
    }
  }
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const source = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.parentElement && node.parentElement.closest('script, style, template, noscript')) continue;
    const text = node.textContent;
    if (text.includes('{#') || text.includes('{%') || text.includes('{{')) source.push(text.trim().slice(0, 120));
  }
  return {viewport: width, documentWidth: document.documentElement.scrollWidth, wide: wide.slice(0, 15),
          wideCount: wide.length, templateSource: source};
}"""


def layout_problems(page: Any) -> dict[str, Any]:
    """What breaks the layout property on the page as it is now ({} when nothing does)."""
    found = page.evaluate(CHECK_LAYOUT)
    problems: dict[str, Any] = {}
    if found["documentWidth"] > found["viewport"] + 1:
        problems["document_width"] = (found["documentWidth"], found["viewport"])
    if found["wide"]:
        problems["wider_than_viewport"] = found["wide"]
        problems["wide_count"] = found["wideCount"]
    if found["templateSource"]:
        problems["template_source"] = found["templateSource"]
    return problems
