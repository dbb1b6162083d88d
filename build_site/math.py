"""The pages' formulas, typeset at build time with the site's own KaTeX (run by node), so a
reader's browser gets finished math: no TeX to parse, no formulas changing the page's height
while it loads, and KaTeX's MathML beside its HTML for screen readers.

pymdownx.arithmatex (generic mode) leaves each formula as `\\(...\\)` in a span or `\\[...\\]` in
a div of class "arithmatex"; each keeps its element and gets KaTeX's output inside it.
"""

import html
import re
from pathlib import Path

from build_site.node_script import NodeScriptError, run_node_script

RENDER_SCRIPT = Path(__file__).with_name("katex_render.cjs")
FORMULA = re.compile(r'(<(span|div) class="arithmatex">)\s*\\([(\[])(.*?)\\[)\]]\s*(</\2>)', re.DOTALL)
# on <html>: every formula of the page is typeset (the browser tests wait for it)
MATH_DONE = 'data-math="done"'


class MathError(Exception):
    pass


def typeset(formulas):
    """KaTeX's HTML for each (tex, display) pair, in order; MathError names a formula it cannot parse."""
    if not formulas:
        return []
    request = [{"tex": tex, "display": display} for tex, display in formulas]
    try:
        return run_node_script(RENDER_SCRIPT, request, "KaTeX")
    except NodeScriptError as error:
        raise MathError(str(error)) from None


def render_math(page_html, page_name):
    """The page with every arithmatex formula typeset and <html> marked data-math="done"."""
    found = list(FORMULA.finditer(page_html))
    try:
        rendered = typeset([(html.unescape(m.group(4)), m.group(3) == "[") for m in found])
    except MathError as error:
        raise MathError(f"page {page_name}: {error}") from None
    pieces, end = [], 0
    for match, output in zip(found, rendered):
        pieces += [page_html[end : match.start()], match.group(1), output, match.group(5)]
        end = match.end()
    pieces.append(page_html[end:])
    return re.sub(r"<html\b", f"<html {MATH_DONE}", "".join(pieces), count=1)
