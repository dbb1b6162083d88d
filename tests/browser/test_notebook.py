"""The notebook page (docs/notebooks/sprout_notebook.py) as a user meets it: executed headless
by nbclient, saved and read back (the kernel stopped), exported to HTML by nbconvert, and opened
in Chromium: every view gets ready, nothing is asked of any host but the page itself, nothing
is logged as an error, and axe finds nothing serious in a light or a dark notebook."""

import http.server
import os
import re
import threading

import jupytext
import nbformat
import pytest
from conftest import LOCAL_HOST, NEXT_FRAME, WAIT_CEILING_MS, start_server
from nbclient import NotebookClient
from nbconvert import HTMLExporter
from test_accessibility import AXE, BLOCKING
from test_site import ROOT, wait_until_ready

from build_site.hooks import NOTEBOOK_MATHJAX, NOTEBOOK_MERMAID

pytestmark = [pytest.mark.browser, pytest.mark.slow]

NOTEBOOK = ROOT / "docs" / "notebooks" / "sprout_notebook.py"
VIEWS = "sprout-explorer, sprout-heads, sprout-window"
# nbconvert's lab template loads require.js from a CDN for ipywidgets; the views need none of it
REQUIRE_JS = re.compile(r'<script src="https://cdnjs[^"]*/require\.min\.js"></script>')


@pytest.fixture(scope="module")
def exported(tmp_path_factory, serve):
    """(URL, folder) of the executed notebook's HTML export, made from the saved .ipynb."""
    folder = tmp_path_factory.mktemp("notebook")
    notebook = jupytext.read(NOTEBOOK, fmt="py:percent")
    with pytest.MonkeyPatch.context() as env:  # the kernel imports this checkout's sprout
        env.setenv("PYTHONPATH", os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])))
        NotebookClient(
            notebook, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(folder)}}
        ).execute()
    saved = folder / "sprout_notebook.ipynb"
    nbformat.write(notebook, saved)
    reopened = nbformat.read(saved, as_version=4)  # what a reader opens later, no kernel running
    for theme, name in (("light", "index.html"), ("dark", "dark.html")):  # JupyterLab's two themes
        body, _ = HTMLExporter(template_name="lab", theme=theme).from_notebook_node(reopened)
        # the template's own loaders from a CDN (MathJax, Mermaid, require.js), cut as the site's hook cuts them
        body = REQUIRE_JS.sub("", NOTEBOOK_MERMAID.sub("", NOTEBOOK_MATHJAX.sub("", body)))
        # no icon of its own: Chromium would ask the server for /favicon.ico
        body = body.replace("<head>", '<head><link rel="icon" href="data:,">', 1)
        (folder / name).write_text(body, encoding="utf-8")
    return serve(folder), folder


# axe on the views themselves: the export template's own chrome (prompts, toolbar) is nbconvert's
AXE_ON_VIEWS = """async () => (await axe.run({include: [['.sprout-view']]}, {resultTypes: ['violations']}))
  .violations.map(v => `${v.id} (${v.impact}): ${v.nodes.map(n => n.target.join(' ')).slice(0, 5).join(', ')}`)"""


def axe_on_views(page):
    if not page.evaluate("() => 'axe' in window"):
        page.evaluate(AXE.read_text(encoding="utf-8"))
    return [v for v in page.evaluate(AXE_ON_VIEWS) if v.split("(")[1].split(")")[0] in BLOCKING]


def open_views(browse, url):
    page = browse.page
    browse.goto(url)
    count = page.locator(VIEWS).count()
    for i in range(count):  # each view draws once it comes near the screen
        page.locator(VIEWS).nth(i).scroll_into_view_if_needed()
        page.evaluate(NEXT_FRAME)
    wait_until_ready(page, VIEWS)
    return page, count


def test_the_exported_notebook_draws_every_view_offline(browse, exported):
    url, _ = exported
    page, count = open_views(browse, url)
    assert count == 4
    assert page.locator(f":is({VIEWS})[error]").count() == 0
    ids = page.evaluate("() => [...document.querySelectorAll('.sprout-view')].map(v => v.id)")
    assert len(ids) == count and len(set(ids)) == count  # one id per view
    # each view's own data: Sprout's 8 x 6 heads, gpt-1's 1 x 4
    grids = page.evaluate("""() => [...document.querySelectorAll('sprout-heads')]
        .map(el => el.shadowRoot.querySelectorAll('.cell').length)""")
    assert grids == [48, 4]
    # choosing a head in one view leaves the others as they were (each view is its own group)
    page.locator("sprout-heads").first.evaluate("el => el.select({layer: 2, head: 3})")
    assert page.locator("sprout-explorer").evaluate("el => [el.state.layer, el.state.head]") == [5, 4]
    # the page itself and nothing else: no CDN, no notebook server (`browse` also fails on any other host)
    assert browse.requests == [url]


def test_axe_finds_nothing_serious_in_the_exported_notebook_light_or_dark(browse, exported):
    url, _ = exported
    page, _ = open_views(browse, url)
    assert axe_on_views(page) == []
    page, _ = open_views(browse, url + "dark.html")
    assert page.locator(VIEWS).evaluate_all("els => els.map(el => el.dataset.theme)") == ["dark"] * 4
    assert axe_on_views(page) == []


class _HeldPage(http.server.BaseHTTPRequestHandler):
    """Serves `parts[0]`, then `parts[1]` once `release` is set: a page arriving in two pieces."""

    parts, release = (), None

    def do_GET(self):
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.end_headers()
        for i, part in enumerate(self.parts):
            if i:
                self.release.wait(WAIT_CEILING_MS / 1000)
            self.wfile.write(part.encode("utf-8"))
            self.wfile.flush()

    def log_message(self, *args):
        pass


def test_a_view_still_arriving_waits_for_the_data_inside_it(browse):
    """A second view's element is upgraded by the first view's script as soon as its start tag
    is read. Seen in busy runs: the view was near the screen before its data had arrived, read a
    half story and showed an error. Here the page stops mid-data until the view has woken."""
    from sprout.notebook import explorer

    first, second = explorer("Tom had a red ball."), explorer("Sue saw a big dog. The dog ran.")
    cut = second.html.index('data-sprout="example">') + 40
    page_html = (
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Views</title>'
        '<link rel="icon" href="data:,"></head><body><main>' + first.html + second.html[:cut]
    )
    handler = type(
        "Held",
        (_HeldPage,),
        {"parts": (page_html, second.html[cut:] + "</main></body></html>"), "release": threading.Event()},
    )
    server = start_server(handler)
    try:
        page = browse.page
        browse.goto(f"http://{LOCAL_HOST}:{server.server_port}/", wait_until="commit")
        # the second explorer is upgraded and near the screen while its data is still on its way
        page.wait_for_function("() => document.querySelectorAll('sprout-explorer')[1]?.woken !== undefined")
        page.evaluate("document.querySelectorAll('sprout-explorer')[1].scrollIntoView()")
        page.evaluate(NEXT_FRAME)
        page.evaluate(NEXT_FRAME)
        handler.release.set()
        wait_until_ready(page, VIEWS)
        assert page.locator(f":is({VIEWS})[error]").count() == 0
        assert page.locator("sprout-explorer").nth(1).evaluate("el => el.data.tokens.length") > 8
    finally:
        handler.release.set()
        server.shutdown()


def test_512_tokens_x_48_heads_draw_in_a_page_of_their_own(browse, serve, tmp_path):
    from sprout.notebook import explorer, heads
    from tests.integration.test_notebook_api import long_text  # the same long text the weight test measures

    text = long_text()
    views = [heads(text, highlight="induction"), explorer(text)]
    page_html = (
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Long views</title>'
        '<link rel="icon" href="data:,"></head><body><main>' + "".join(v.html for v in views) + "</main></body></html>"
    )
    (tmp_path / "index.html").write_text(page_html, encoding="utf-8")
    url = serve(tmp_path)
    page, count = open_views(browse, url)
    assert count == 2
    canvases = page.locator("sprout-heads").evaluate(
        "el => [...el.shadowRoot.querySelectorAll('.cell canvas')].map(c => c.width)"
    )
    assert canvases == [512] * 48
    assert page.locator("sprout-explorer").evaluate("el => el.data.tokens.length") == 512
    assert browse.requests == [url]
