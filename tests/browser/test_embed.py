"""Embedding: a foreign page, served from another folder and another origin, loads every element
from the widget host by absolute URLs (one <script type="module"> per element, the element, its
data's URLs), as docs/embedding.md tells a reader to: each one gets `ready` with no console
error, the story block analyses a story with a head switched off, and the layer race trains.

A page on another origin may load modules and JSON only from a host that allows it with
`Access-Control-Allow-Origin` (GitHub Pages and most static hosts send `*`; the test servers do
too). A Web Worker is another matter: a browser never starts one from another origin's file, so
the story's and the race's workers start from a same-origin blob that imports theirs
(site_assets/common/worker.js)."""

import json

import pytest

from tests.conftest import ROOT

pytestmark = pytest.mark.browser

EXAMPLES = "mia_doll,tom_he,zorbin,blue_key,big_farm,song_refrain"
ELEMENTS = ("window", "explorer", "plane", "mask", "heads", "quiz", "figure", "story", "grow")
SCRIPTS = {
    "window": "window/sprout-window.js",
    "explorer": "explorer/sprout-explorer.js",
    "plane": "plane/sprout-plane.js",
    "mask": "mask/sprout-mask.js",
    "heads": "heads/sprout-heads.js",
    "quiz": "quiz/sprout-quiz.js",
    "figure": "figure/sprout-figure.js",
    "story": "story/sprout-story.js",
    "grow": "grow/sprout-grow.js",
}
STORY, GROW = "document.getElementById('story')", "document.getElementById('grow')"
MODEL_TIMEOUT = 240_000  # ms: the model (32 MB) and its runtime from the host, then a run, on a busy 2-core machine


def foreign_page(host, story_base=None):
    assets, artifacts = f"{host}assets/sprout/", f"{host}artifacts/"
    scripts = "\n".join(f'<script type="module" src="{assets}{path}"></script>' for path in SCRIPTS.values())
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Someone else's notes on attention</title>
<link rel="icon" href="data:,">
<style>body {{ font-family: Georgia, serif; max-width: 40rem; margin: 2rem auto; }}</style>
{scripts}
</head><body>
<h1>My notes</h1>
<p>Where the window network stops seeing:</p>
<sprout-window id="window" src="{artifacts}examples/mia_doll.json" mark="recall"></sprout-window>
<p>Sprout's heads, one story at a time:</p>
<sprout-explorer id="explorer" base="{artifacts}examples/" examples="{EXAMPLES}"
  example="tom_he" layer="7" head="2" token="57"></sprout-explorer>
<sprout-plane id="plane"></sprout-plane>
<sprout-mask id="mask" size="5"></sprout-mask>
<sprout-heads id="heads" base="{artifacts}" examples="{EXAMPLES}" example="zorbin"></sprout-heads>
<div><sprout-quiz id="quiz">
  <p class="question">What do the attention weights of one token add up to?</p>
  <ul>
    <li>It depends. <span class="why">Softmax divides by the total.</span></li>
    <li data-correct>Exactly 1. <span class="why">Softmax divides by the total.</span></li>
  </ul>
</sprout-quiz></div>
<sprout-figure id="figure" src="{artifacts}figures/model_losses.json"
  plotly="{host}assets/vendor/plotly-cartesian.min.js" style="display: block"></sprout-figure>
<h2>Try your own story</h2>
<sprout-story id="story" base="{story_base or artifacts + "browser/"}" artifacts="{artifacts}"
  heading-level="3"></sprout-story>
<h2>Grow an induction head</h2>
<sprout-grow id="grow" base="{artifacts}"></sprout-grow>
</body></html>"""


def open_foreign_page(browse, serve, host, folder, **page):
    (folder / "notes.html").write_text(foreign_page(host, **page), encoding="utf-8")
    foreign = serve(folder)
    assert foreign != host  # another port: another origin
    browse.goto(foreign + "notes.html")
    return browse.page, foreign


def bring_each_in_view(page, ids, attribute="ready"):
    """Each element loads once near the screen: scrolled to in turn, until it has `attribute`."""
    for name in ids:
        page.locator(f"#{name}").scroll_into_view_if_needed()
        page.wait_for_function(f"() => document.getElementById('{name}').hasAttribute('{attribute}')")


def shadow(page, host_id, selector):
    return page.locator(f"#{host_id}").locator(selector)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_every_element_gets_ready_in_a_foreign_page(browse, serve, widget_host, tmp_path, scheme):
    page = browse.page
    page.emulate_media(color_scheme=scheme)
    page, foreign = open_foreign_page(browse, serve, widget_host, tmp_path)
    bring_each_in_view(page, ELEMENTS)
    assert page.evaluate("() => [...document.querySelectorAll('[error]')].map(e => e.id)") == []
    # no MkDocs palette here: the widgets follow the reader's system preference
    themes = page.evaluate(
        "() => Object.fromEntries([...document.querySelectorAll('[data-theme]')].map(e => [e.id, e.dataset.theme]))"
    )
    assert {name: themes.get(name) for name in ("window", "explorer", "heads", "story", "grow")} == dict.fromkeys(
        ("window", "explorer", "heads", "story", "grow"), scheme
    )
    state = page.evaluate("""() => {
        const w2 = document.getElementById('explorer').shadowRoot;
        const w5 = document.getElementById('heads').shadowRoot;
        return {
            tokens: w2.querySelectorAll('.tok').length,
            query: w2.querySelector('.tok.query').dataset.index,
            top: w2.querySelector('.top').textContent,
            canvases: w5.querySelectorAll('.cell canvas').length,
            size: document.getElementById('story').shadowRoot.querySelector('.size').textContent,
        };
    }""")
    tom = json.loads((ROOT / "docs" / "artifacts" / "examples" / "tom_he.json").read_text())
    assert state["tokens"] == len(tom["tokens"]) and state["query"] == "57"
    assert "Layer 7, head 2" in state["top"]
    assert state["canvases"] == 48
    assert state["size"].startswith("The first analysis downloads Sprout")
    # linked across the foreign page too
    page.locator('#heads .cell[data-layer="2"][data-head="3"]').click()
    page.wait_for_function("""() => document.getElementById('explorer').shadowRoot
        .querySelector('select.layer').value === '2'""")
    # nothing the page asked for came from anywhere but the two servers (and the workers' blobs)
    hosts = (widget_host.removesuffix("/"), foreign.removesuffix("/"), "data:", "blob:")
    assert all(url.startswith(hosts) for url in browse.requests)


def test_a_story_is_analysed_with_a_head_switched_off_in_a_foreign_page(browse, serve, widget_host, tmp_path):
    page, foreign = open_foreign_page(browse, serve, widget_host, tmp_path)
    bring_each_in_view(page, ["story"])
    shadow(page, "story", "textarea").fill("Tom had a red kite. Tom gave the kite to Mia.")
    shadow(page, "story", "button.analyse").click()
    page.wait_for_function(
        f"() => {STORY}.hasAttribute('analysed') || {STORY}.hasAttribute('error')", timeout=MODEL_TIMEOUT
    )
    assert page.evaluate(f"() => {STORY}.getAttribute('error')") is None
    switch = shadow(page, "story", "button.head-switch[data-layer='5'][data-head='4']")
    switch.click()
    page.wait_for_function(
        "() => document.getElementById('story').dataset.headsOff === 'off-5.4'", timeout=MODEL_TIMEOUT
    )
    assert switch.get_attribute("aria-checked") == "false"
    status = shadow(page, "story", ".status").inner_text()
    assert status.startswith("All ") and status.endswith("with 1 head off.")
    # the worker was started from the page's own origin (a blob), the model came from the host
    assert [w.url for w in page.workers if w.url.startswith(f"blob:{foreign}")], [w.url for w in page.workers]
    model = json.loads((ROOT / "docs" / "artifacts" / "browser" / "model.json").read_text())
    assert f"{widget_host}artifacts/browser/{model['file']}" in browse.requests
    assert not page.evaluate("() => document.getElementById('story').hasAttribute('error')")


def test_the_race_steps_in_a_foreign_page(browse, serve, widget_host, tmp_path):
    page, foreign = open_foreign_page(browse, serve, widget_host, tmp_path)
    bring_each_in_view(page, ["grow"])
    shadow(page, "grow", "button[data-action=start]").click()
    page.wait_for_function(
        f"() => Number({GROW}.dataset.step || 0) > 0 || {GROW}.hasAttribute('error')", timeout=MODEL_TIMEOUT
    )
    assert page.evaluate(f"() => {GROW}.getAttribute('error')") is None
    assert page.evaluate("() => document.getElementById('grow').dataset.state") in ("running", "finished")
    assert any(url.startswith(f"{widget_host}assets/vendor/tfjs/") for url in browse.requests)
    assert len([w for w in page.workers if w.url.startswith(f"blob:{foreign}")]) == 2  # a toy of 1 and of 2 layers
    assert not page.evaluate("() => document.getElementById('grow').hasAttribute('error')")


def test_an_element_that_cannot_work_says_why_in_its_error_attribute_in_words_that_fit_any_page(
    browse, serve, widget_host, tmp_path
):
    browse.expect_errors("Failed to load resource")  # the missing model.json, logged by the browser
    browse.page.add_init_script("delete window.WebAssembly;")
    page, _ = open_foreign_page(browse, serve, widget_host, tmp_path, story_base=f"{widget_host}nowhere/")
    bring_each_in_view(page, ["story", "grow"], attribute="error")
    said = page.evaluate("""() => Object.fromEntries(['story', 'grow'].map(id => {
        const el = document.getElementById(id);
        return [id, { error: el.getAttribute('error'), shown: el.shadowRoot.querySelector('[role=alert]:not([hidden])').textContent }];
    }))""")
    assert said["story"]["error"].startswith("The model is not available on this site (")
    assert "WebAssembly" in said["grow"]["error"] and said["grow"]["error"] in said["grow"]["shown"]
    for name in ("story", "grow"):
        error = said[name]["error"]
        assert error.endswith(".") and not error.endswith("..") and ".." not in said[name]["shown"], error
    # this page has the explorer and W5, so the story block may say their stories still work
    assert said["story"]["shown"] == f"{said['story']['error']} The example stories on this page still work."


def test_a_story_block_alone_on_a_page_mentions_no_example_stories(browse, serve, widget_host, tmp_path):
    browse.expect_errors("Failed to load resource")
    (tmp_path / "alone.html").write_text(
        f"""<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Only the story</title>
<link rel="icon" href="data:,">
<script type="module" src="{widget_host}assets/sprout/story/sprout-story.js"></script></head>
<body><sprout-story id="story" base="{widget_host}nowhere/"></sprout-story></body></html>""",
        encoding="utf-8",
    )
    browse.goto(serve(tmp_path) + "alone.html")
    page = browse.page
    page.wait_for_function("() => document.getElementById('story').hasAttribute('error')")
    shown = page.locator("#story").locator(".story-error").inner_text()
    assert shown == page.locator("#story").get_attribute("error") and "example" not in shown
