"""A Content-Security-Policy in every built page, and the check that it covers the page's scripts.

`apply(site)` hashes every inline script of every HTML page under `site` (the MkDocs pages and the
standalone figure pages alike), writes ONE policy allowing exactly those scripts into the `<head>`
of each page, and then `verify(site)` re-reads every page. One policy for all: with Material's
instant navigation a page reached by a link keeps the first page's policy, and runs the new
page's inline scripts under it.

Each directive allows what the pages were seen to need in Chromium (securitypolicyviolation
events on every page, a story analysed, a chart made live, instant navigation to a notebook page;
tests/browser/test_csp.py keeps it at zero). Nothing is allowed from another host.
"""

import base64
import hashlib
import html
import re
from pathlib import Path

from sprout.atomic import write_text

DIRECTIVES = {
    "default-src": ["'self'"],
    # + the sha256 of each inline script (Material's set-up, the notebooks' scripts, the figure
    # pages' data). 'wasm-unsafe-eval': onnxruntime-web compiles WebAssembly in the story's
    # worker. Chromium gives a worker the policy of its own response, so this tag does not reach
    # it (the story runs without); this policy sent by a host as a header would, and needs it
    "script-src": ["'self'", "'wasm-unsafe-eval'"],
    # style attributes in KaTeX's HTML and the figure pages; <style> added by Plotly, the
    # widgets' shadow roots and nbconvert
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:"],  # Material's icons, Plotly's heatmaps, the figure pages' `data:,` icon
    "font-src": ["'self'"],  # KaTeX's fonts
    "connect-src": ["'self'"],  # the widgets' data, the model's sizes (the worker fetches the model itself)
    "worker-src": ["'self'"],  # the story's worker, Material's search worker
    "frame-src": ["'none'"],  # no page frames anything (the figure pages are framed by others)
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
}

SCRIPT = re.compile(r"<script\b([^>]*)>(.*?)</script\s*>", re.DOTALL | re.IGNORECASE)
SOURCE = re.compile(r"""\ssrc\s*=""", re.IGNORECASE)
TYPE = re.compile(r"""\stype\s*=\s*["']?([^"'\s>]*)""", re.IGNORECASE)
META = re.compile(
    r"""<meta\s+http-equiv=["']?Content-Security-Policy["']?\s+content=(?:"([^"]*)"|'([^']*)')[^>]*>""", re.IGNORECASE
)
CHARSET = re.compile(r"<meta\s+charset=[^>]*>", re.IGNORECASE)
HEAD = re.compile(r"<head\b[^>]*>", re.IGNORECASE)


class PolicyError(Exception):
    pass


def inline_scripts(page_html):
    """The text of each inline script the browser would run (a JSON data block never runs)."""
    found = []
    for attributes, text in SCRIPT.findall(page_html):
        kind = TYPE.search(attributes)
        if SOURCE.search(attributes) or (kind and "json" in kind.group(1).lower()):
            continue
        found.append(text)
    return found


def script_hash(text):
    """'sha256-...' as a policy names a script: of its text as the browser reads it (UTF-8, the
    HTML parser's line ends)."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode() + "'"


def policy(hashes, directives=DIRECTIVES):
    parts = []
    for name, sources in directives.items():
        if name == "script-src":
            sources = [*sources, *sorted(hashes)]
        parts.append(" ".join([name, *sources]))
    return "; ".join(parts)


def script_sources(text):
    """What a policy's script-src (or, without one, its default-src) allows."""
    directives = {}
    for directive in text.split(";"):
        name, *sources = directive.split() or [""]
        directives.setdefault(name.lower(), set(sources))
    return directives.get("script-src", directives.get("default-src", set()))


def pages(site):
    return sorted(Path(site).rglob("*.html"))


def with_policy(page_html, text):
    """The page with the policy's meta tag first in its head (after the charset, which must stay
    in the first bytes)."""
    content = html.escape(text, quote=False).replace('"', "&quot;")
    tag = f'<meta http-equiv="Content-Security-Policy" content="{content}">'
    head = HEAD.search(page_html)
    if head is None:
        return None
    end = page_html.find("</head", head.end())
    anchor = CHARSET.search(page_html, head.end(), end if end >= 0 else len(page_html)) or head
    return page_html[: anchor.end()] + tag + page_html[anchor.end() :]


def apply(site, directives=DIRECTIVES):
    """Writes the site's one policy into every page, then checks every page; returns the policy."""
    site = Path(site)
    texts = {page: page.read_text(encoding="utf-8") for page in pages(site)}
    text = policy({script_hash(s) for t in texts.values() for s in inline_scripts(t)}, directives)
    for page, page_html in texts.items():
        changed = with_policy(META.sub("", page_html), text)  # a page built before gets the new one
        if changed is None:
            raise PolicyError(f"{page.relative_to(site)} has no <head> to put a Content-Security-Policy in")
        write_text(page, changed)
    verify(site)
    return text


def verify(site):
    """Stops with one line naming the page if a page has no policy before its first script, or an
    inline script whose sha256 its policy does not list."""
    site = Path(site)
    for page in pages(site):
        page_html = page.read_text(encoding="utf-8")
        meta = META.search(page_html)
        first_script = SCRIPT.search(page_html)
        name = page.relative_to(site)
        if meta is None or (first_script and first_script.start() < meta.start()):
            raise PolicyError(f"{name} has no Content-Security-Policy before its first script")
        allowed = script_sources(html.unescape(meta.group(1) or meta.group(2) or ""))
        for script in inline_scripts(page_html):
            if script_hash(script) not in allowed:
                raise PolicyError(
                    f"{name} has an inline script its Content-Security-Policy does not allow "
                    f"({script_hash(script)}: {script.strip()[:40]!r})"
                )
