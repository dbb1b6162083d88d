"""Embedding: a foreign page, served from another folder and another origin, loads W1, W2 and W5
from the widget server by absolute URLs (one <script type="module"> per element, the element,
the data URL) and shows them with no console error.

A page on another origin may load modules and JSON only from a host that allows it with
`Access-Control-Allow-Origin` (GitHub Pages and most static hosts send `*`). The local test
server does not send it, so the test adds it to the widget server's responses, as such a host
would."""

import json

import pytest

from tests.conftest import ROOT

pytestmark = pytest.mark.browser

EXAMPLES = "mia_doll,tom_he,zorbin,blue_key,big_farm,song_refrain"


def foreign_page(widget_root):
    assets, artifacts = f"{widget_root}assets/", f"{widget_root}artifacts/"
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Someone else's notes on attention</title>
<link rel="icon" href="data:,">
<style>body {{ font-family: Georgia, serif; max-width: 40rem; margin: 2rem auto; }}</style>
<script type="module" src="{assets}window/sprout-window.js"></script>
<script type="module" src="{assets}explorer/sprout-explorer.js"></script>
<script type="module" src="{assets}heads/sprout-heads.js"></script>
</head><body>
<h1>My notes</h1>
<p>Where the window network stops seeing:</p>
<sprout-window id="window" src="{artifacts}examples/mia_doll.json" mark="recall"></sprout-window>
<p>Sprout's heads, one story at a time:</p>
<sprout-explorer id="explorer" base="{artifacts}examples/" examples="{EXAMPLES}"
  example="tom_he" layer="7" head="2" token="57"></sprout-explorer>
<sprout-heads id="heads" base="{artifacts}" examples="{EXAMPLES}" example="zorbin"></sprout-heads>
</body></html>"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_widgets_work_in_a_foreign_page(browse, serve, widget_root, tmp_path, scheme):
    (tmp_path / "notes.html").write_text(foreign_page(widget_root))
    page = browse.page
    page.emulate_media(color_scheme=scheme)
    foreign = serve(tmp_path)
    assert foreign != widget_root
    browse.goto(foreign + "notes.html")
    page.wait_for_function("""() => ['window', 'explorer', 'heads']
        .every(id => document.getElementById(id).hasAttribute('ready'))""")
    # no MkDocs palette here: the widgets follow the reader's system preference
    assert page.evaluate("[...document.querySelectorAll('[data-theme]')].map(e => e.dataset.theme)") == [scheme] * 3
    state = page.evaluate("""() => {
        const w2 = document.getElementById('explorer').shadowRoot;
        const w5 = document.getElementById('heads').shadowRoot;
        return {
            tokens: w2.querySelectorAll('.tok').length,
            query: w2.querySelector('.tok.query').dataset.index,
            top: w2.querySelector('.top').textContent,
            canvases: w5.querySelectorAll('.cell canvas').length,
        };
    }""")
    tom = json.loads((ROOT / "docs" / "artifacts" / "examples" / "tom_he.json").read_text())
    assert state["tokens"] == len(tom["tokens"]) and state["query"] == "57"
    assert "Layer 7, head 2" in state["top"]
    assert state["canvases"] == 48
    # linked across the foreign page too
    page.locator('#heads .cell[data-layer="2"][data-head="3"]').click()
    page.wait_for_function("""() => document.getElementById('explorer').shadowRoot
        .querySelector('select.layer').value === '2'""")
    widget_host = widget_root.removesuffix("/")
    assert all(url.startswith((widget_host, foreign.removesuffix("/"), "data:")) for url in browse.requests)
